"""GIF animations on other grids draw each frame only where it changed, and every frame is the whole picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from tremaux.grids import Style, generate_on, make_grid, solve_on
from tremaux.grids.animate import _Painter, _setup, replay, to_gif
from tremaux.grids.draw import outlines
from tremaux.render.palette import PALETTE, parse_colour

RUNS = [("hex", {"size": (6, 7)}, "backtracker", None), ("polar", {"rings": 5}, "wilson", None),
        ("triangle", {"size": (5, 8)}, "kruskal", None), ("upsilon", {"size": (5, 5)}, "backtracker", None),
        ("zeta", {"size": (5, 6)}, "prim", None), ("square", {"size": (5, 6), "wrap": "torus"}, "backtracker", None),
        ("square", {"size": (5, 6), "wrap": "moebius"}, "wilson", None),
        ("hex", {"size": (6, 7)}, "backtracker", "tremaux"), ("polar", {"rings": 5}, "backtracker", "bfs"),
        ("triangle", {"size": (5, 8)}, "kruskal", "tremaux")]


def _whole_frames(run, frames: int, style: Style) -> list[bytes]:
    """Each frame drawn whole from nothing, as RGB bytes, runs of equal frames kept once."""
    maze, st, pics = _setup(run, frames, style)
    names = [k for k in PALETTE if not k.startswith("heat_")]
    ink = {name: k for k, name in enumerate(names)}
    table = [v for name in names for v in parse_colour(PALETTE[name])]
    painter = _Painter(maze, st, [[tuple(p) for p in poly] for poly in outlines(maze, st)], ink)
    out: list[bytes] = []
    for f in pics:
        img = Image.new("P", Image.open(io.BytesIO(to_gif(run, frames=2, style=st))).size, ink["background"])
        img.putpalette(table)
        painter.paint(img, f, None)
        rgb = img.convert("RGB").tobytes()
        if not out or rgb != out[-1]:
            out.append(rgb)
    return out


@pytest.mark.parametrize("name, params, generator, solver", RUNS)
def test_every_gif_frame_is_the_whole_picture(name, params, generator, solver):
    run = generate_on(make_grid(name, **params), generator, seed=3, record=solver is None)
    if solver is not None:
        run = solve_on(run.maze, solver, record=True)
    st = Style(cell=14)
    gif = Image.open(io.BytesIO(to_gif(run, frames=12, style=st)))
    got = []
    for k in range(gif.n_frames):
        gif.seek(k)
        got.append(gif.convert("RGB").tobytes())
    assert len(got) > 2 and got == _whole_frames(run, 12, st)


def test_a_frame_draws_the_cells_near_what_changed_not_every_cell(monkeypatch):
    run = generate_on(make_grid("hex", size=(30, 30)), "backtracker", seed=1, record=True)
    frames = len(list(replay(run, frames=40)))
    calls = []
    real = ImageDraw.ImageDraw.polygon
    monkeypatch.setattr(ImageDraw.ImageDraw, "polygon", lambda self, *a, **k: (calls.append(1), real(self, *a, **k)))
    to_gif(run, frames=40)
    assert frames > 30 and len(calls) < frames * run.maze.size / 3  # redrawing every cell: frames x cells


def test_a_long_gif_holds_a_few_frames_at_a_time_not_all_of_them(monkeypatch):
    """The frames are drawn and encoded as the replay yields them (as on the square grid), not gathered first."""
    import gc
    import weakref

    import tremaux.grids.animate as animate

    run = generate_on(make_grid("hex", size=(8, 8)), "backtracker", seed=1, record=True)
    real = animate.replay
    refs: list[weakref.ref] = []
    most = {"frames": 0, "pictures": 0}

    def counted(obj, *, frames):
        for f in real(obj, frames=frames):
            refs.append(weakref.ref(f))
            gc.collect()
            most["frames"] = max(most["frames"], sum(r() is not None for r in refs))
            most["pictures"] = max(most["pictures"], sum(isinstance(o, Image.Image) for o in gc.get_objects()))
            yield f

    monkeypatch.setattr(animate, "replay", counted)
    monkeypatch.setattr("tremaux.render.animate.GIF_BATCH_PIXELS", 1)  # one frame a batch: the fewest held
    # the objects made before the GIF are set apart (gc.freeze): each frame's collection and count walks only
    # what the GIF made, not the whole heap of the suite (29 s of CPU in a full run, for 40 frames)
    gc.collect()
    gc.freeze()
    try:
        gif = Image.open(io.BytesIO(to_gif(run, frames=40, style=Style(cell=6))))
    finally:
        gc.unfreeze()
    assert gif.n_frames > 30  # a long animation...
    assert most["frames"] <= 3 and most["pictures"] <= 8  # ...of which only the frames being drawn are held
