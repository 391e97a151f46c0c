"""A picture of a masked maze that lost tremaux's note reads back with the cells outside its outline masked."""

from __future__ import annotations

import io as std_io

import numpy as np
import pytest
from PIL import Image

import tremaux
from tremaux.generators.masks import mask_from_text
from tremaux.io import image
from tremaux.maze.properties import components
from tremaux.render import to_png


def _resaved(png: bytes) -> bytes:
    """The picture as an editor saves it again: the pixels, without tremaux's text chunk."""
    im = Image.open(std_io.BytesIO(png))
    assert image.MASK_NOTE in im.info
    buf = std_io.BytesIO()
    im.save(buf, "PNG")
    assert image.MASK_NOTE not in Image.open(std_io.BytesIO(buf.getvalue())).info
    return buf.getvalue()


# masked cells (.) touching the border: a corner, a notch, a cut side, a ragged edge
_OUTLINED = ["..###\n#####\n#####\n###..", "##.##\n##.##\n#####\n#####", "#####\n####.\n####.\n#####",
             "#.#.#\n#####\n#####\n.###."]


@pytest.mark.parametrize("text", _OUTLINED)
@pytest.mark.parametrize("sizes", [{}, {"cell_size": 9, "wall_width": 3, "margin": 5}])
def test_the_cells_outside_the_outline_read_as_masked(text, sizes):
    mask = mask_from_text(text)
    for seed in range(3):
        maze = tremaux.generate(None, "kruskal", mask=mask, seed=seed, braid=0.4).maze
        back = image.loads(_resaved(to_png(maze, **sizes)))
        assert back.mask is not None and (back.mask == maze.mask).all()
        assert back == maze


def _disc(n: int) -> np.ndarray:
    y, x = np.mgrid[:n, :n]
    return (2 * y - n + 1) ** 2 + (2 * x - n + 1) ** 2 <= n * n


@pytest.mark.parametrize("mask", [_disc(15), _disc(8), mask_from_text(".#.#.\n#####\n#####\n.#.#."),
                                  mask_from_text("..#..\n.###.\n#####\n.###.\n..#..")])
@pytest.mark.parametrize("sizes", [{}, {"cell_size": 9, "wall_width": 3, "margin": 5},
                                   {"cell_size": 1, "wall_width": 1, "margin": 0}])
def test_a_ragged_outline_is_read_where_its_outer_rows_are_mostly_blank(mask, sizes):
    for seed in range(2):
        maze = tremaux.generate(None, "wilson", mask=mask, seed=seed).maze
        back = image.loads(_resaved(to_png(maze, **sizes)))
        assert back == maze and (back.mask == maze.mask).all()


def test_a_masked_group_enclosed_by_the_maze_reads_as_cells_walled_off():
    mask = mask_from_text("#####\n#..##\n#..##\n#####")
    maze = tremaux.generate(None, mask=mask, seed=1).maze
    back = image.loads(_resaved(to_png(maze)))
    assert back.mask is None  # nothing on the picture tells them from cells walled off from the maze
    inside = ~mask
    assert (back.cells[mask] == maze.cells[mask]).all()
    labels, _ = components(back)
    assert set(labels[inside].tolist()).isdisjoint(labels[mask].tolist())


def test_an_unmasked_picture_and_its_entrances_stay_unmasked():
    from tremaux.io import block

    maze = tremaux.generate((5, 7), seed=4).maze
    assert image.loads(_resaved_plain(to_png(maze))).mask is None
    for seed in range(4):  # entrances drawn as gaps in the outer wall, as other programs draw them
        maze = tremaux.generate((6, 8), "kruskal", seed=seed).maze
        squares = block.to_blocks(maze)
        squares[1, 0] = squares[-2, -1] = False  # an opening beside cell (0, 0) and one beside (5, 7)
        buf = std_io.BytesIO()
        Image.fromarray(np.where(squares, 0, 255).astype(np.uint8).repeat(4, 0).repeat(4, 1)).save(buf, "PNG")
        back = image.loads(buf.getvalue())
        assert back.mask is None and (back.start, back.goal) == ((0, 0), (5, 7))
        assert (back.cells == maze.cells).all()


def _resaved_plain(png: bytes) -> bytes:
    buf = std_io.BytesIO()
    Image.open(std_io.BytesIO(png)).save(buf, "PNG")
    return buf.getvalue()


def test_random_shapes_read_back_outlined():
    """Random masks (the largest region of a random field, spanning the grid): every masked cell joined to the
    border through masked cells reads as masked; the others as cells walled off from the maze."""
    import networkx as nx

    rng = np.random.default_rng(1)
    tried = 0
    for seed in range(60):
        H, W = (int(v) for v in rng.integers(3, 14, 2))
        field = nx.grid_2d_graph(H, W)
        field.remove_nodes_from([tuple(p) for p in np.argwhere(rng.random((H, W)) < 0.25)])
        if field.number_of_nodes() < 2:
            continue
        mask = np.zeros((H, W), bool)
        for p in max(nx.connected_components(field), key=len):
            mask[p] = True
        if not (mask[0].any() and mask[-1].any() and mask[:, 0].any() and mask[:, -1].any()):
            continue  # a row or column without cells is not drawn at all
        holes = nx.grid_2d_graph(H, W)
        holes.remove_nodes_from([tuple(p) for p in np.argwhere(mask)])
        expected = mask.copy()
        for group in nx.connected_components(holes):
            if not any(i in (0, H - 1) or j in (0, W - 1) for i, j in group):
                for p in group:
                    expected[p] = True
        maze = tremaux.generate(None, "wilson", mask=mask, seed=seed).maze
        back = image.loads(_resaved(to_png(maze, cell_size=5, wall_width=1, margin=1)))
        read = back.mask if back.mask is not None else np.ones(back.shape, bool)
        assert back.shape == maze.shape and (read == expected).all(), seed
        assert (back.cells[mask] == maze.cells[mask]).all()
        tried += 1
    assert tried >= 20
