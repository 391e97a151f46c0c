"""What users bring that the other tests did not: odd masks, files and values, one defect each."""

from __future__ import annotations

import numpy as np
import pytest

from cli_helpers import run
from tremaux.grids import make_grid


@pytest.mark.parametrize("name", ["square", "hex"])
def test_no_tunnel_runs_under_a_cell_a_mask_took_out(name):
    mask = np.ones((5, 5), bool)
    mask[1::2, 1::2] = False
    grid = make_grid(name, size=(5, 5), weave=True, mask=mask)
    half = grid.sides // 2
    # a tunnel goes under the neighbour behind the side: no neighbour, no tunnel
    assert not ((grid.nbr[:, half:] >= 0) & (grid.nbr[:, :half] < 0)).any()
    assert ((grid.nbr[:, half:] >= 0) == (grid.back[:, half:] >= 0)).all()


def test_a_disconnected_mask_is_refused_on_a_woven_grid_too(capsys, tmp_path):
    (tmp_path / "m.txt").write_text("##.##\n##.##\n")
    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", "--mask", str(tmp_path / "m.txt"), "--weave", "0.5", "--out", str(out))
    assert code == 2 and err.startswith("error: ") and "not connected" in err and err.count("\n") == 1
    assert not out.exists()


def test_a_text_file_over_the_cap_is_refused_without_announcing_a_long_read(capsys, tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (17 * 2**20))
    code, _, err = run(capsys, "info", str(big))
    assert code == 2 and err.count("\n") == 1, err  # not "reading ...; this may take a while..." first
    assert err.startswith(f"error: {big}: a text maze of 17.0 MiB is over the 16.0 MiB cap")


@pytest.fixture
def no_run(monkeypatch):
    """Make and solve no maze: a command that gets that far fails the test (files are written beforehand)."""
    import tremaux
    import tremaux.grids

    def refused(*args, **kwargs):
        raise AssertionError("a maze was made or solved before the picture was refused")

    def arm():
        for module, name in ((tremaux, "generate"), (tremaux, "solve"), (tremaux.grids, "generate_on"),
                             (tremaux.grids, "solve_on")):
            monkeypatch.setattr(module, name, refused)
    return arm


@pytest.mark.parametrize("argv, message", [
    (["render", "{sq}", "-s", "tremaux", "--cell-size", "100000", "-o", "{tmp}/x.png"], "error: a picture of "),
    (["render", "{sq}", "-s", "bfs", "--cell-size", "100000", "-o", "{tmp}/x.gif"], "error: a picture of "),
    (["solve", "{sq}", "-s", "tremaux", "-o", "{tmp}/x.png"], "error: a picture of "),
    (["animate", "{sq}", "--cell-size", "100000", "-o", "{tmp}/x.gif"], "error: a GIF animation of "),
    (["animate", "-g", "wilson", "--size", "30x30", "--cell-size", "100000", "-o", "{tmp}/x.gif"],
     "error: a GIF animation of "),
])
def test_a_square_picture_over_the_memory_limit_is_refused_before_the_run(capsys, tmp_path, no_run, argv, message):
    import tremaux
    from tremaux import io

    io.save(tremaux.generate((30, 30), seed=1).maze, tmp_path / "m.npz")
    no_run()
    args = [a.format(sq=tmp_path / "m.npz", tmp=tmp_path) for a in argv]
    code, out, err = run(capsys, "--memory-limit", "2M", *args)  # the file reads, the picture does not fit
    assert code == 2 and out == "" and err.startswith(message) and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.npz"]


@pytest.mark.parametrize("argv, message", [
    (["render", "{hx}", "-s", "tremaux", "-o", "{tmp}/x.png"], "too large to draw"),
    (["solve", "{hx}", "-o", "{tmp}/x.svg"], "too large to draw"),
    (["animate", "{hx}", "-o", "{tmp}/x.gif"], "too large to animate"),
    (["animate", "--grid", "hex", "--size", "6x6", "-g", "wilson", "-o", "{tmp}/x.gif"], "too large to animate"),
    (["animate", "--grid", "hex", "--size", "6x6", "-g", "wilson", "-s", "bfs", "-o", "{tmp}/x.svg"],
     "too large to animate"),
    (["generate", "--grid", "hex", "--size", "6x6", "-o", "{tmp}/x.gif"], "too large to animate"),
])
def test_a_grid_maze_too_large_to_draw_is_refused_before_the_run(capsys, tmp_path, monkeypatch, no_run, argv,
                                                                  message):
    from tremaux.grids import animate, draw, files, generate_on

    files.save(generate_on(make_grid("hex", size=(6, 6)), seed=1).maze, tmp_path / "h.npz")
    monkeypatch.setattr(draw, "MAX_DRAW_CELLS", 20)  # a 6 x 6 hex maze is then too large to draw
    monkeypatch.setattr(animate, "MAX_DRAW_CELLS", 20)
    no_run()
    code, out, err = run(capsys, *[a.format(hx=tmp_path / "h.npz", tmp=tmp_path) for a in argv])
    assert code == 2 and out == "" and message in err and err.startswith("error: ") and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.npz"]


@pytest.mark.parametrize("args", [["generate", "--size", "٣x٣"], ["generate", "--size", "３x３"],
                                  ["generate", "--size", "3x3", "--start", "٠,٠"],
                                  ["numberlink", "generate", "--size", "٣x٣"]])
def test_sizes_and_cells_take_the_digits_0_to_9_only_as_seeds_do(capsys, args):
    # int() reads other scripts' digits: '٣x٣' made a 3x3 maze while --seed ٣ was refused
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith("error: --") and err.count("\n") == 1, err
