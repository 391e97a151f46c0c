"""Work that grows with the maze is refused before it allocates, or done in bounded memory (small sizes, low caps)."""

from __future__ import annotations

import contextlib
import io
import json

import numpy as np
import pytest

import tremaux
import tremaux.generators
import tremaux.generators.core
from cli_helpers import run
from tremaux import budget
from tremaux.errors import MemoryLimitError


def _no_run(*args, **kwargs):
    raise AssertionError("the run was made before the refusal")


@pytest.mark.parametrize("ext, what", [("svg", "an SVG of a maze of 40,000 cells"),
                                       ("png", "a picture of 1005 x 1005 pixels")])
def test_generate_refuses_a_picture_over_the_limit_before_generating(capsys, monkeypatch, tmp_path, ext, what):
    monkeypatch.setattr(tremaux.generators, "generate", _no_run)
    code, out, err = run(capsys, "--memory-limit", "500K", "generate", "--size", "200x200",
                         "--out", str(tmp_path / f"m.{ext}"))
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {what} needs about ") and "the limit is 500.0 KiB" in err
    assert not any(tmp_path.iterdir())


def test_a_picture_checked_from_a_shape_is_the_picture_checked_from_the_maze():
    from tremaux.render.output import check_picture

    for shape in [(30, 40), (2, 30, 40)]:
        for fmt in ("png", "svg"):
            said = []
            for what in (shape, tremaux.Maze.closed(shape)):
                with budget.limited("10K"), pytest.raises(MemoryLimitError) as e:
                    check_picture(what, fmt)
                said.append(str(e.value))
            assert said[0] == said[1]


def test_a_mask_is_checked_for_memory_before_its_regions_are_labelled(monkeypatch):
    monkeypatch.setattr(tremaux.generators.core, "check_mask", _no_run)
    mask = np.ones((100, 100), bool)
    mask[0, 0] = False
    with pytest.raises(MemoryLimitError, match=r"^checking the mask of a 100 x 100 maze needs about 121\.2 KiB"):
        tremaux.generate((100, 100), "backtracker", mask=mask, memory_limit="100K")


def test_a_masked_generation_counts_the_mask_check_it_made():
    mask = np.ones((100, 100), bool)
    mask[0, 0] = False
    plain = budget.generation_bytes(10_000, 10_000, masked=True)  # the backtracker's work: a stack of int32
    with pytest.raises(MemoryLimitError, match=r"^a 100 x 100 maze \(backtracker\)"):
        tremaux.generate((100, 100), "backtracker", mask=mask, memory_limit=plain + budget.mask_check_bytes(10_000) // 2)


@pytest.mark.parametrize("grid", [False, True])
def test_solve_json_writes_the_marks_and_path_in_slices(capsys, monkeypatch, tmp_path, grid):
    """Tremaux's marks (4 a cell) and the path made into one JSON text through Python lists take ~130 bytes a
    cell (tens of GiB on a 10,000 x 10,000 maze): they are written a slice at a time, each slice small."""
    from tremaux.cli import _stream

    if grid:
        from tremaux.grids import generate_on, make_grid
        from tremaux.grids.files import save

        save(generate_on(make_grid("square", size=(120, 120), wrap="cylinder"), "kruskal", seed=1).maze,
             tmp_path / "m.npz")
    else:
        tremaux.io.save(tremaux.Maze.open((120, 120)), tmp_path / "m.npz")
    made = []
    dumps = json.dumps

    def spy(obj, *args, **kwargs):
        made.append(len(text := dumps(obj, *args, **kwargs)))
        return text

    monkeypatch.setattr(_stream, "CHUNK", 1000)
    monkeypatch.setattr(json, "dumps", spy)
    code, out, err = run(capsys, "solve", str(tmp_path / "m.npz"), "-s", "tremaux", "--json")
    monkeypatch.setattr(json, "dumps", dumps)
    doc = json.loads(out)
    assert code == 0 and doc["found"] and len(doc["marks"]) == (120 * 120 if grid else 120)  # (cells, sides), (H, W, 4)
    assert len(out) > 150_000 and max(made) < 20_000, (len(out), max(made))


def test_the_sliced_json_is_json_dumps_text(monkeypatch):
    from tremaux.cli import _stream

    monkeypatch.setattr(_stream, "CHUNK", 7)
    for shape in [(0,), (5,), (50,), (3, 50), (50, 3), (2, 3, 40), (1, 1, 100), (0, 4), (3, 2, 2)]:
        a = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape) % 7
        for items in ([], [[1, 2]], [[i, i] for i in range(30)]):
            sink = io.StringIO()
            with contextlib.redirect_stdout(sink):
                _stream.echo_json({"x": a, "y": iter(items), "z": "q"})
            assert sink.getvalue() == json.dumps({"x": a.tolist(), "y": items, "z": "q"}) + "\n"


def test_tremaux_marks_on_a_grid_come_without_a_transcript():
    """The marks were kept only by a recorded run, whose transcript is reserved at ~1,500 bytes a cell."""
    from tremaux.grids import generate_on, make_grid, solve_on

    maze = generate_on(make_grid("hex", size=(6, 7)), "kruskal", seed=2).maze
    plain, recorded = solve_on(maze, "tremaux"), solve_on(maze, "tremaux", record=True)
    assert plain.trace is None and plain.marks is not None
    assert np.array_equal(plain.marks, recorded.marks) and plain.marks.shape == (42, 6)


def test_a_big_row_is_packed_without_a_mask_and_range_over_it():
    """One maze of a million squares: the packing held an int64 range and a boolean mask over the row (9 bytes
    an item) on top of the column; row by row it holds only the packed values."""
    import tracemalloc

    from tremaux.dataset import table

    stride = 1_000_000
    flat = (np.arange(2 * stride) % 90 + 32).astype(np.uint8)  # printable characters
    lens = np.array([stride - 5, stride // 2], np.int64)
    tracemalloc.start()
    try:
        arr = table._string_array(flat, stride, lens, False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * int(lens.sum()), peak  # through the mask and range: 11.5 MB
    assert arr.to_pylist()[1].encode() == flat[stride:stride + stride // 2].tobytes()


@pytest.mark.parametrize("stride", [7, 5000])
def test_packed_rows_are_the_first_items_of_each_row(stride):
    from tremaux.dataset.table import _packed

    rng = np.random.default_rng(stride)
    flat = rng.integers(0, 200, 6 * stride).astype(np.int32)
    for lens in ([stride] * 6, rng.integers(0, stride + 1, 6), [0] * 6):
        lens = np.asarray(lens, np.int64)
        want = np.concatenate([flat[i * stride:i * stride + k] for i, k in enumerate(lens)])
        assert np.array_equal(_packed(flat, stride, lens), want)


def test_a_shard_counts_the_scratch_it_carves_and_checks_with():
    """A shard of one 300 x 300 Kruskal maze: its arrays (shard_memory) and, once per shard, the generator's
    scratch (three int32 a cell), the checks' (nine bytes a cell) and the writers' (8 MiB)."""
    from tremaux.dataset import DatasetSpec
    from tremaux.dataset.room import check_work_memory, shard_scratch
    from tremaux.dataset.shard import shard_memory

    spec = DatasetSpec(count=3, size=(300, 300), shard_size=1, generator="kruskal")
    rows = shard_memory(spec)
    assert shard_scratch(spec) == 4 * 3 * 90_000 + 9 * 90_000 + 8 * 2**20
    with budget.limited(rows + shard_scratch(spec) // 2), pytest.raises(MemoryLimitError, match="^building a shard"):
        check_work_memory(spec, 1)
    with budget.limited(rows + shard_scratch(spec)):
        check_work_memory(spec, 1)


def test_a_big_maze_drawn_in_ascii_is_refused_from_its_characters():
    """The ascii column costs 6 bytes a character at its peak (the drawing, the string column, Parquet's
    page; twice, as every column): a 2000 x 2000 maze with its drawing measured 150 MiB."""
    from tremaux.dataset import DatasetSpec
    from tremaux.dataset.shard import shard_memory

    plain = shard_memory(DatasetSpec(count=1, size=(2000, 2000), shard_size=1))
    drawn = shard_memory(DatasetSpec(count=1, size=(2000, 2000), shard_size=1, outputs=["maze", "solution", "stats",
                                                                                       "ascii"]))
    assert drawn - plain == 6 * 4001 * 8002


@pytest.mark.parametrize("argv, said", [
    (["animate", "-g", "backtracker", "--size", "300x300", "--frames", "100000"],
     "error: 90,000 frames of a maze of 361,201 squares replay 32,508,090,000 squares; the limit is 1,000,000,000 "
     "(frames x squares): give at most 2768 frames\n"),
    (["animate", "-g", "recursive-division", "--size", "300x300", "--frames", "100000"],
     "error: 89,402 frames of a maze of 361,201 squares replay"),
    (["--memory-limit", "20M", "animate", "-g", "kruskal", "--size", "100x100", "--frames", "10"],
     "error: a GIF animation of 605 x 605 pixels needs about "),
])
def test_animate_refuses_a_carving_sure_to_be_over_the_limits_before_the_run(capsys, monkeypatch, tmp_path, argv,
                                                                             said):
    """A carving records an event a passage (recursive division: a wall, (H-1)(W-1) of them), so the frames it
    keeps are known before the run: 3000 x 3000 took 63 s and 1.7 GB before the refusal."""
    monkeypatch.setattr(tremaux, "generate", _no_run)
    code, out, err = run(capsys, *argv, "--out", str(tmp_path / "a.gif"))
    assert (code, out) == (2, "") and err.startswith(said), err
    assert not any(tmp_path.iterdir())


def _peak_rise(fn):
    """Rise of this process's peak resident set over what it held before ``fn`` (Linux), in bytes."""
    import ctypes

    def status(key):
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith(key))

    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)  # freed memory back to the system: reused, it shows again
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pytest.skip("the peak resident set cannot be reset here")
    before = status("VmRSS")
    fn()
    return status("VmHWM") - before


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="reads /proc/self")
@pytest.mark.parametrize("solver", ["tremaux", "wall-left"])
def test_the_solve_estimate_bounds_a_path_through_every_cell(solver):
    """A corridor's path holds every cell three times (int32, int64, coordinates): 51 bytes a cell at the
    peak, where the estimate said 26."""
    maze = tremaux.Maze.open((1, 1_000_000))
    tremaux.solve(maze, solver)  # kernels loaded, first-call state paid
    est = budget.solve_bytes(maze.size, ndim=maze.ndim)
    peak = _peak_rise(lambda: tremaux.solve(maze, solver))
    assert peak <= est, (peak, est)


def test_a_dataset_of_big_mazes_says_so_before_its_first_shard(capsys, monkeypatch, tmp_path):
    """Progress comes as shards finish: a shard of 10,000 x 10,000 mazes printed nothing for minutes."""
    import tremaux.dataset

    def interrupted(*args, progress=None, **kwargs):
        progress(0, 2)  # the checks passed, no shard built
        raise KeyboardInterrupt

    monkeypatch.setattr(tremaux.dataset, "build", interrupted)
    code, out, err = run(capsys, "dataset", "-n", "2", "--size", "2000x2000", "--shard-size", "1", "-q",
                         "-o", str(tmp_path / "d"))
    assert code == 128 + 2 and err.splitlines()[0] == (
        "building 2 mazes of up to 2000x2000, each (4,000,000 cells); this may take a while...")
