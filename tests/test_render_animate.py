"""Animations: frame budget, colours of the replay, the holding last frame, GIF and SVG files."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PIL import Image

from render_helpers import binary_tree, carve_trace, rgb, tremaux_run
from tremaux import Event, Maze, Trace
from tremaux.errors import TremauxError
from tremaux.render import replay, to_animated_svg, to_gif, to_image
from tremaux.render.palette import PALETTE, SLOTS, parse_colour
from tremaux.render.blocks import structure

NS = "{http://www.w3.org/2000/svg}"


def gif_frames(data: bytes) -> list[Image.Image]:
    img = Image.open(io.BytesIO(data))
    out = []
    for k in range(img.n_frames):
        img.seek(k)
        out.append((img.convert("RGB").copy(), img.info.get("duration")))
    return out


def expected_frames(events: int, budget: int) -> int:
    per = max(1, math.ceil(events / (budget - 1)))
    return 1 + math.ceil(events / per)  # the first picture, one per chunk (the last one is the final frame)


@pytest.mark.parametrize("budget", [2, 5, 12, 1000])
def test_frame_budget(budget):
    maze = binary_tree(10, 10, 1)
    trace = carve_trace(maze)
    assert len(trace) == 99
    frames = list(replay(maze, trace, frames=budget))
    assert len(frames) == expected_frames(len(trace), budget) <= budget
    gif = Image.open(io.BytesIO(to_gif(maze, trace=trace, frames=budget, cell_size=4)))
    assert gif.n_frames == len(frames)


def test_generation_replay_carves_from_a_closed_grid_to_the_finished_maze():
    maze = binary_tree(6, 7, 2, start=(0, 0))
    frames = list(replay(maze, carve_trace(maze), frames=10))
    first, last = frames[0], frames[-1]
    cells = first[0, 1::2, 1::2]
    assert np.all(cells == SLOTS["uncarved"])
    assert np.all(first[0, 1:-1:2, 2:-1:2] == SLOTS["wall"])  # every inner wall stands
    expected = structure(maze)
    expected[0, 1, 1] = SLOTS["start"]
    assert np.array_equal(last, expected)
    # walls only ever come down while carving
    walls = [int((f == SLOTS["wall"]).sum()) for f in frames]
    assert walls == sorted(walls, reverse=True)


def test_wall_events_start_from_an_open_field():
    maze = Maze.closed((1, 3))
    trace = Trace.from_rows(np.array([[Event.WALL, 0, 1], [Event.WALL, 1, 2]]), (1, 3))
    frames = list(replay(maze, trace))
    assert frames[0][0, 1].tolist() == [1, 2, 2, 2, 2, 2, 1]
    assert frames[1][0, 1].tolist() == [1, 2, 1, 2, 2, 2, 1]
    assert frames[-1][0, 1].tolist() == [1, 2, 1, 2, 1, 2, 1]


def test_frontier_and_done_events():
    maze = Maze.open((1, 2))
    trace = Trace.from_rows(np.array([[Event.FRONTIER, 0, -1], [Event.CARVE, 0, 1], [Event.FRONTIER, 1, 0],
                                      [Event.DONE, 1, -1], [Event.DONE, 0, -1]]), (1, 2))
    frames = list(replay(maze, trace))
    assert frames[1][0, 1].tolist() == [1, SLOTS["frontier"], 1, SLOTS["uncarved"], 1]
    assert frames[2][0, 1].tolist() == [1, SLOTS["frontier"], 2, 2, 1]  # carving keeps the frontier colour
    # the frontier is one continuous snake: the passage to a frontier cell's parent is in its colour
    assert frames[3][0, 1].tolist() == [1] + [SLOTS["frontier"]] * 3 + [1]
    assert frames[4][0, 1].tolist() == [1, SLOTS["frontier"], 2, 2, 1]  # (0, 1) is done
    assert frames[-1][0, 1].tolist() == [1, 2, 2, 2, 1]


def test_tremaux_replay_uses_the_demo_colours():
    sol = tremaux_run()
    frames = list(replay(sol, frames=100))
    assert len(frames) == len(sol.trace) + 1
    first = frames[0][0]
    assert first[1, 1] == SLOTS["start"] and first[1, 5] == SLOTS["goal"]
    # after walking into the dead end and back, the dead end and its passage are gray
    after_retrace = frames[7][0]
    assert after_retrace[3, 3] == SLOTS["retraced"] and after_retrace[2, 3] == SLOTS["retraced"]
    assert after_retrace[1, 3] == SLOTS["marked"] and after_retrace[1, 2] == SLOTS["marked"]
    last = frames[-1][0]
    assert [last[1, x] for x in range(1, 6)] == [SLOTS["start"]] + [SLOTS["path"]] * 3 + [SLOTS["goal"]]
    assert last[3, 3] == SLOTS["retraced"]
    assert last[1, 1] == SLOTS["start"]  # the start keeps its colour however often it is visited


def test_gif_colours_and_holding_last_frame():
    sol = tremaux_run()
    data = to_gif(sol, cell_size=10, wall_width=2, margin=0, frame_ms=40, hold_ms=2500)
    frames = gif_frames(data)
    # events that change nothing (FOUND, a visit of a marked cell) add their time to the previous frame
    assert len(frames) < len(list(replay(sol)))
    assert all(d % 40 == 0 for _, d in frames[:-1])
    assert sum(d for _, d in frames) == 40 * (len(list(replay(sol))) - 1) + 2500
    assert frames[-1][1] == 2500
    first, _ = frames[0]
    assert rgb(first, 5 + 2, 5 + 2) == parse_colour(PALETTE["start"])
    last, _ = frames[-1]
    assert rgb(last, 2 + 12 + 5, 7) == parse_colour(PALETTE["path"])
    assert rgb(last, 2 + 12 + 5, 2 + 12 + 5) == parse_colour(PALETTE["retraced"])


def test_last_generation_frame_is_the_still_picture():
    maze = binary_tree(8, 12, 5, start=(0, 0), goal=(7, 11))
    data = to_gif(maze, trace=carve_trace(maze), frames=6, cell_size=6, wall_width=1, margin=3)
    last, _ = gif_frames(data)[-1]
    still = to_image(maze, cell_size=6, wall_width=1, margin=3).convert("RGB")
    assert np.array_equal(np.asarray(last), np.asarray(still))


def test_play_once():
    sol = tremaux_run()
    assert "loop" not in Image.open(io.BytesIO(to_gif(sol, loop=False))).info
    assert Image.open(io.BytesIO(to_gif(sol))).info["loop"] == 0


def test_multilevel_gif():
    maze = Maze.open((2, 3, 3))
    gif = Image.open(io.BytesIO(to_gif(maze, trace=carve_trace(maze), cell_size=5)))
    assert gif.n_frames == expected_frames(24, 100) == 25  # 12 carves per level, one per frame
    assert gif.size[0] > 2 * gif.size[1]


def test_animated_svg_parses_and_shows_each_frame_in_turn():
    sol = tremaux_run()
    svg = to_animated_svg(sol, frame_ms=50, cell_size=10, wall_width=2, margin=0)
    root = ET.fromstring(svg)
    sets = root.findall(f".//{NS}set")
    times = [float(s.get("begin").rstrip("s")) for s in sets]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert all(s.get("fill") == "freeze" for s in sets)
    assert 1 <= len(sets) <= len(list(replay(sol))) - 1
    # the last group paints the path in yellow
    last_group = root.findall(f"{NS}g")[-1]
    assert PALETTE["path"] in {p.get("fill") for p in last_group.iter(f"{NS}path")}


def test_animated_svg_of_a_generation_has_as_many_groups_as_changing_frames():
    maze = binary_tree(5, 5, 1)
    trace = carve_trace(maze)
    svg = to_animated_svg(maze, trace=trace, frames=8)
    root = ET.fromstring(svg)
    assert len(root.findall(f"{NS}g")) == expected_frames(len(trace), 8) - 1


def test_no_trace_is_a_clear_error():
    with pytest.raises(TremauxError, match="no trace to animate; run it with record=True"):
        to_gif(Maze.open((2, 2)))


def test_trace_must_fit_the_maze():
    t = Trace.from_rows(np.array([[Event.CARVE, 1, 0]]), (1, 5))
    with pytest.raises(TremauxError, match="does not fit the maze"):
        to_gif(Maze.open((2, 2)), trace=t)
    t = Trace.from_rows(np.array([[Event.CARVE, 9, 0]]), (2, 2))
    with pytest.raises(TremauxError, match="outside the maze"):
        to_gif(Maze.open((2, 2)), trace=t)


@pytest.mark.parametrize("frames", [1, 2.5, "many"])
def test_bad_frame_budget(frames):
    with pytest.raises(TremauxError, match="frames"):
        to_gif(tremaux_run(), frames=frames)


@pytest.mark.parametrize("kw, text", [({"frame_ms": 0}, "frame_ms 0 is too short"),
                                      ({"hold_ms": -5}, "hold_ms -5 is too short"),
                                      ({"frame_ms": "fast"}, "frame_ms 'fast' is not a whole number")])
def test_bad_durations(kw, text):
    with pytest.raises(TremauxError, match=text):
        to_gif(tremaux_run(), **kw)


@pytest.mark.parametrize("kw", [{"frame_ms": 10**12}, {"hold_ms": 655_351}, {"frame_ms": 10**40}])
def test_a_gif_frame_longer_than_the_format_holds_is_refused(kw):
    with pytest.raises(TremauxError, match="too long for a GIF; it must be at most 655350 ms"):
        to_gif(tremaux_run(), **kw)


def test_the_longest_gif_frame_is_written_even_where_frames_add_up():
    sol = tremaux_run()
    frames = gif_frames(to_gif(sol, cell_size=4, frame_ms=655_350, hold_ms=655_350))
    assert len(frames) > 1 and max(d for _, d in frames) == 655_350


def test_the_memory_estimate_counts_the_frames_a_short_trace_can_fill():
    # a budget of a billion frames on a run of a few dozen events keeps a few dozen pictures, not a billion
    sol = tremaux_run()
    frames = gif_frames(to_gif(sol, frames=10**9, cell_size=4))
    assert 2 < len(frames) <= len(sol.trace) + 1


def test_frames_times_squares_is_bounded_and_the_message_says_how_many_frames_fit():
    from tremaux.render.animate import MAX_FRAME_SQUARES

    run = Maze.open((300, 300))
    t = carve_trace(binary_tree(300, 300, 1, start=(0, 0), goal=(299, 299)))
    squares = 601 * 601
    for draw in (to_gif, to_animated_svg):
        with pytest.raises(TremauxError, match=f"frames x squares\\): give at most {MAX_FRAME_SQUARES // squares:,} "
                                               "frames"):
            draw(run, trace=t, frames=10**6)


def _one_shot_gif(images: list, durations: list[int], **options) -> bytes:
    """The GIF Pillow writes from the whole list of frames at once."""
    buf = io.BytesIO()
    images[0].save(buf, format="GIF", save_all=True, append_images=images[1:], duration=durations, optimize=True,
                   disposal=1, **options)
    return buf.getvalue()


def test_a_gif_written_frame_by_frame_is_the_file_pillow_writes_at_once():
    from tremaux.render.animate import _gif_of

    rng = np.random.default_rng(7)
    flat = [v for k in range(16) for v in (17 * k, 255 - 17 * k, (53 * k) % 256)]
    for case in range(60):
        n = int(rng.integers(1, 12))
        shape = (int(rng.integers(1, 30)), int(rng.integers(1, 30)))
        pics = [rng.integers(0, 4, shape).astype(np.uint8)]
        for _ in range(n - 1):  # repeats (shown longer), small changes and fresh pictures
            roll = rng.random()
            nxt = pics[-1].copy() if roll < 0.7 else rng.integers(0, 4, shape).astype(np.uint8)
            if 0.3 < roll < 0.7:
                nxt[int(rng.integers(shape[0])), int(rng.integers(shape[1]))] = int(rng.integers(0, 16))
            pics.append(nxt)
        durations = [int(d) for d in rng.choice([0, 10, 60, 3000], n)]
        options = [{}, {"loop": 0}, {"loop": 0, "comment": "levels=2"}][case % 3]

        def image(a):
            img = Image.fromarray(a, mode="P")
            img.putpalette(flat)
            return img

        want = _one_shot_gif([image(a) for a in pics], durations, **options)
        for batch in (1, 2, 3, 64):  # frames handed to Pillow at a time
            got = _gif_of(((image(a), d) for a, d in zip(pics, durations)), dict(options), batch)
            assert got == want, (case, n, durations, batch)


def _reference_gif(obj, frames, frame_ms=60, hold_ms=3000, cell_size=None):
    """The GIF of ``obj`` made from every frame held at once."""
    from tremaux.render.animate import _markers, geometry, gif_durations, raster
    from tremaux.render.palette import colour_table, resolve
    from tremaux.render.scene import maze_of

    maze = maze_of(obj)
    g = geometry(maze, cell_size, None, None, target=500)
    flat = colour_table(resolve(None))[:16].reshape(-1).tolist()
    pictures, durations = [], []
    for B in replay(obj, frames=frames):
        if pictures and np.array_equal(B, pictures[-1]):
            durations[-1] += frame_ms
            continue
        pictures.append(B)
        durations.append(frame_ms)
    durations[-1] += hold_ms - frame_ms
    start, goal = _markers(obj, maze)
    images = []
    for B in pictures:
        img = Image.fromarray(raster(B, maze, g, both=start if start == goal else -1), mode="P")
        img.putpalette(flat)
        images.append(img)
    return _one_shot_gif(images, gif_durations(durations), loop=0)


def test_the_gif_of_a_run_is_unchanged_by_writing_it_frame_by_frame():
    import tremaux

    made = tremaux.generate((12, 15), "backtracker", seed=2, record=True)
    solved = tremaux.solve(made.maze, "tremaux", record=True)
    for obj, kw in [(made, {}), (solved, {"frames": 10**6, "cell_size": 3}), (solved, {"frames": 2, "hold_ms": 0}),
                    (tremaux_run(), {"frame_ms": 40, "hold_ms": 2500})]:
        assert to_gif(obj, **kw) == _reference_gif(obj, **{"frames": 100, **kw})


def test_a_gif_holds_a_few_frames_whatever_their_number(monkeypatch):
    import weakref

    import tremaux
    import tremaux.render.animate as animate

    alive: dict[str, list] = {"pictures": [], "images": []}
    most = {"pictures": 0, "images": 0}

    def count(kind, obj):
        alive[kind] = [r for r in alive[kind] if r() is not None] + [weakref.ref(obj)]
        most[kind] = max(most[kind], len(alive[kind]))
        return obj

    real_replay, real_fromarray = animate.replay, Image.fromarray
    monkeypatch.setattr(animate, "replay", lambda *a, **k: (count("pictures", B) for B in real_replay(*a, **k)))
    monkeypatch.setattr(Image, "fromarray", lambda *a, **k: count("images", real_fromarray(*a, **k)))
    made = tremaux.generate((20, 20), "backtracker", seed=1, record=True)
    width, height = Image.open(io.BytesIO(to_gif(made, frames=2, cell_size=2))).size
    # Pillow is handed 4 frames at a time
    monkeypatch.setattr(animate, "GIF_BATCH_PIXELS", 4 * width * height, raising=False)
    most.update(pictures=0, images=0)
    n_frames = Image.open(io.BytesIO(to_gif(made, frames=300, cell_size=2))).n_frames
    assert n_frames > 200
    assert most["pictures"] <= 3 and most["images"] <= 4 + 3, (most, n_frames)
    most.update(pictures=0)
    root = ET.fromstring(to_animated_svg(made, frames=300))  # the SVG writes each frame's changes as it goes
    assert len(root.findall(f"{NS}g")) > 200 and most["pictures"] <= 3, most
