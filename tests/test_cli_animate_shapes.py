"""``tremaux animate`` shapes the maze its --generator makes with the options ``generate`` takes: --mask, -O."""

from __future__ import annotations

import pytest

import tremaux
import tremaux.grids.animate
from cli_helpers import run
from tremaux.grids import files


@pytest.fixture
def mask(tmp_path):
    p = tmp_path / "mask.txt"
    p.write_text("####.\n#####\n.####\n")
    return p


HEX = ["--grid", "hex", "--size", "3x5"]


@pytest.mark.parametrize("grid, shaping", [([], ["--mask", "{mask}"]), ([], ["-O", "islands=1", "--size", "4x6"]),
                                           (HEX, ["--mask", "{mask}"]), (HEX, ["-O", "islands=1"]),
                                           (HEX, ["--mask", "{mask}", "-O", "islands=1"])])
def test_animate_makes_the_maze_generate_makes(capsys, monkeypatch, tmp_path, mask, grid, shaping):
    args = ["-g", "kruskal", "--seed", "3", *grid, *[a.format(mask=mask) for a in shaping]]
    code, _, err = run(capsys, "generate", *args, "--out", str(tmp_path / "m.json"))
    assert code == 0, err
    made = {}
    monkeypatch.setattr(tremaux.render, "save", lambda obj, *a, **k: made.setdefault("maze", obj.maze))
    monkeypatch.setattr(tremaux.grids.animate, "save_animation", lambda obj, *a, **k: made.setdefault("maze", obj.maze))
    code, _, err = run(capsys, "animate", *args, "--out", str(tmp_path / "a.svg"))
    assert code == 0, err
    want = files.load(tmp_path / "m.json") if grid else tremaux.io.load(tmp_path / "m.json")
    assert made["maze"] == want


@pytest.mark.parametrize("argv, message", [
    (["{maze}", "--mask", "{mask}"], "--mask and --option shape the maze --generator makes; a maze FILE has its own"),
    (["{maze}", "-O", "p=1"], "--mask and --option shape the maze --generator makes; a maze FILE has its own"),
    (["-g", "kruskal", "-O", "bad"], "--option 'bad' is not KEY=VALUE (for example discipline=first-slot)"),
    (["-g", "kruskal", "--mask", "{mask}", "--size", "4x4"], "--size 4x4 differs from the mask's 3x5"),
])
def test_animate_refuses_a_shape_it_cannot_use(capsys, tmp_path, mask, argv, message):
    maze = tmp_path / "m.json"
    tremaux.io.save(tremaux.generate((3, 4), seed=1).maze, maze)
    code, _, err = run(capsys, "animate", *[a.format(maze=maze, mask=mask) for a in argv], "--out",
                       str(tmp_path / "a.gif"))
    assert (code, err) == (2, f"error: {message}\n")
    assert not (tmp_path / "a.gif").exists()


def test_animate_without_a_file_replays_the_default_generator_as_on_the_other_grids(capsys, tmp_path):
    # `--grid hex --size 4x5` replayed a generator; `--size 4x5` alone said a FILE or --generator was needed
    from tremaux import generate, io

    out = tmp_path / "m.gif"
    code, _, err = run(capsys, "animate", "--size", "4x5", "--seed", "2", "--out", str(out))
    assert code == 0, err
    assert io.load(out) == generate((4, 5), "backtracker", seed=2).maze
    code, _, err = run(capsys, "animate", "--size", "4x5", "--seed", "2", "--solver", "bfs", "--out", str(tmp_path / "s.svg"))
    assert code == 0, err
