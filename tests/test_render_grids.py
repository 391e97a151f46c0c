"""tremaux.render's still pictures of a maze on another grid, or of a run on one: the grid's own drawing.

``render.to_svg``, ``to_png``, ``to_image``, ``render``, ``save``, ``repr_svg`` and ``repr_png`` refused these
("a maze on a hex grid is drawn by tremaux.grids"); they now give the bytes of ``tremaux.grids.to_svg`` /
``to_png``, the common options mapped on the grid's :class:`Style`, and refuse in one line what has no meaning there.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tremaux import render
from tremaux.errors import TremauxError, UnsupportedError
from tremaux.grids import Style, generate_on, make_grid, solve_on, to_png, to_svg

GRIDS = {
    "hex": dict(name="hex", size=(2, 3)),
    "polar one ring": dict(name="polar", rings=1),
    "triangle 1xN": dict(name="triangle", size=(1, 4)),
    "upsilon": dict(name="upsilon", size=(2, 2)),
    "zeta one cell": dict(name="zeta", size=(1, 1)),
    "torus": dict(name="square", size=(3, 3), wrap="torus"),
    "woven": dict(name="square", size=(3, 3), weave=True),
    "masked hex": dict(name="hex", size=(2, 3), mask=[[1, 1, 0], [1, 1, 1]]),
}


def _runs(spec):
    params = dict(spec)
    gen = generate_on(make_grid(params.pop("name"), **params), "kruskal", seed=3, record=True)
    return gen, solve_on(gen.maze, "tremaux", record=True)


@pytest.mark.parametrize("key", GRIDS)
def test_render_draws_a_maze_and_its_runs_on_every_grid_as_the_grids_do(key, tmp_path):
    gen, sol = _runs(GRIDS[key])
    m = gen.maze
    for obj, solution in ((m, None), (gen, None), (sol, sol)):
        assert render.to_svg(obj) == to_svg(m, solution=solution)
        assert render.to_png(obj) == to_png(m, solution=solution)
        assert render.render(obj, "svg") == to_svg(m, solution=solution)
        assert render.to_image(obj).size == Image.open(io.BytesIO(to_png(m, solution=solution))).size
        assert render.save(obj, tmp_path / "p.png").read_bytes() == to_png(m, solution=solution)
    assert render.repr_svg(sol) == sol._repr_svg_() and render.repr_png(m) == m._repr_png_()
    still = Image.open(render.save(m, tmp_path / "m.gif"))  # a maze without a run: a still GIF
    assert still.size == render.to_image(m).size


def test_the_common_options_are_the_grid_style_s():
    gen, sol = _runs(GRIDS["hex"])
    m = gen.maze
    style = Style(cell=13, wall=3, margin=1, colours={"wall": "#112233", "path": "#0000ff"})
    given = dict(cell_size=13, wall_width=3, margin=1, palette={"wall": "#123", "path": (0, 0, 255)})
    assert render.to_svg(sol, **given) == to_svg(m, solution=sol, style=style)
    assert render.to_png(sol, **given) == to_png(m, solution=sol, style=style)
    assert render.to_svg(sol, heat=True, marks=False) == to_svg(m, solution=sol, heat=True, marks=False)
    assert render.to_svg(sol, path=False, visited=False) == to_svg(m, marks=True, solution=None)
    assert render.to_svg(sol, start=m.start, goal=True, heat=m.start) == to_svg(m, solution=sol, heat=True)
    no_path = render.to_svg(sol, path=False)
    assert "<polyline" not in no_path and "<circle" in no_path and "<polyline" in render.to_svg(sol)
    with pytest.raises(TremauxError, match="unknown palette entry 'walls'"):
        render.to_svg(m, palette={"walls": "red"})


@pytest.mark.parametrize("option, words", [
    (dict(path=[(0, 0), (0, 1)]), "path= as cells has no meaning in a picture of a maze on a hex grid; the path"),
    (dict(visited=[[True] * 3] * 2), "visited= as cells has no meaning"),
    (dict(start=False), "start=False has no meaning .* maze.replace"),
    (dict(goal=(0, 1)), r"goal=\(0, 1\) has no meaning"),
    (dict(heat=(1, 1)), "measures from the start: heat=True"),
    (dict(marks=[[1, 0, 0, 0, 0, 0]]), "marks= as an array has no meaning"),
])
def test_an_option_with_no_meaning_on_a_grid_is_refused_in_one_line(option, words):
    _, sol = _runs(GRIDS["hex"])
    for draw in (render.to_svg, render.to_png, render.to_image):
        with pytest.raises(UnsupportedError, match=words) as info:
            draw(sol, **option)
        assert "\n" not in str(info.value)
    with pytest.raises(UnsupportedError, match="compress_level= has no meaning"):
        render.to_png(sol, compress_level=3)


def test_the_grid_pictures_take_what_solve_on_returns_as_the_maze(tmp_path):
    from tremaux.grids import save_picture

    _, sol = _runs(GRIDS["upsilon"])
    # was: "to_svg needs a GridMaze (or a tremaux.Maze), not GridSolution"
    assert to_svg(sol) == to_svg(sol.maze, solution=sol) and to_png(sol) == to_png(sol.maze, solution=sol)
    save_picture(sol, tmp_path / "s.png")
    assert (tmp_path / "s.png").read_bytes() == to_png(sol.maze, solution=sol)


def test_writing_or_solving_a_run_on_a_grid_names_what_to_call():
    import tremaux

    gen, sol = _runs(GRIDS["hex"])
    for obj in (gen, sol):  # was: "dumps() needs a tremaux.Maze, not GridGenerated", naming nothing
        with pytest.raises(TremauxError, match=r"not Grid\w+; a maze on another grid is written by tremaux.grids.files"):
            tremaux.io.dumps(obj)
    with pytest.raises(TremauxError, match="not GridSolution; pass its .maze$"):
        tremaux.solve(sol, "bfs")


def test_check_picture_of_a_maze_on_another_grid_makes_the_grid_drawing_s_checks():
    from tremaux import budget
    from tremaux.errors import MemoryLimitError
    from tremaux.grids import GridMaze
    from tremaux.render.output import check_picture

    gen, sol = _runs(GRIDS["polar one ring"])
    for obj in (gen.maze, gen, sol):  # was: AttributeError: 'GridMaze' object has no attribute 'shape3'
        for fmt in ("svg", "png", "gif", "txt"):
            assert check_picture(obj, fmt, animation=fmt == "gif") is None
    grid = make_grid("hex", size=(300, 300))
    with budget.limited("1M"), pytest.raises(MemoryLimitError, match="^an SVG of a hex maze of 90,000 cells"):
        check_picture(GridMaze(grid, [0] * grid.size), "svg")
