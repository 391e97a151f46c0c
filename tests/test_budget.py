"""The memory budget: sizes, where the limit comes from, and estimates that bound the real peaks.

Peaks are measured with :mod:`tracemalloc` (NumPy reports its buffers to it),
on small mazes, for every registered generator and solver and every picture
format: each estimate must be at least the measured peak.
"""

from __future__ import annotations

import tracemalloc

import pytest

import tremaux
from tremaux import budget, io, render
from tremaux.errors import MemoryLimitError, TremauxError
from tremaux.generators import GENERATORS
from tremaux.solvers import SOLVERS

SHAPE = (40, 60)
N = SHAPE[0] * SHAPE[1]


@pytest.mark.parametrize("text, expected", [
    ("8G", 8 * 2**30), ("8g", 8 * 2**30), ("512M", 512 * 2**20), ("512 MiB", 512 * 2**20), ("1.5k", 1536),
    ("2e9", 2_000_000_000), ("4096", 4096), (4096, 4096), ("1TB", 2**40), ("none", None), ("off", None),
    ("0", None), (0, None), (None, None),
])
def test_parse_bytes(text, expected):
    assert budget.parse_bytes(text) == expected


@pytest.mark.parametrize("text", ["lots", "8X", "-1G", "", "1..2G", True, -5, float("nan")])
def test_parse_bytes_refuses_what_is_not_a_size(text):
    with pytest.raises(TremauxError, match="memory size"):
        budget.parse_bytes(text)


@pytest.mark.parametrize("text", ["1e999", "1e999k", "1e300G", float("inf")])
def test_parse_bytes_refuses_an_infinite_size(text):
    with pytest.raises(TremauxError, match="must be a finite number of bytes"):
        budget.parse_bytes(text)


def test_the_limit_comes_from_keyword_then_context_then_environment_then_default(monkeypatch):
    monkeypatch.delenv(budget.ENV_VAR, raising=False)
    default = budget.memory_limit()
    assert 256 * 2**20 <= default
    assert default == pytest.approx(budget.default_limit(), rel=0.2)
    monkeypatch.setenv(budget.ENV_VAR, "3G")
    assert budget.memory_limit() == 3 * 2**30
    with budget.limited("2G"):
        assert budget.memory_limit() == 2 * 2**30
        assert budget.memory_limit("1G") == 2**30
        with budget.limited("none"):
            assert budget.memory_limit() is None
        assert budget.memory_limit() == 2 * 2**30
    assert budget.memory_limit() == 3 * 2**30
    monkeypatch.setenv(budget.ENV_VAR, "plenty")
    with pytest.raises(TremauxError, match="TREMAUX_MEMORY_LIMIT='plenty' is not a size"):
        budget.memory_limit()


def test_default_is_a_share_of_available_memory(monkeypatch):
    assert budget.default_limit() <= max(256 * 2**20, budget.available_memory())
    # under ulimit -v (or a cgroup limit) of 2 GiB more than in use: 90% of that room
    monkeypatch.setattr(budget.limits, "_rlimit_room", lambda: 2 * 2**30)
    assert budget.default_limit() <= int(0.9 * 2 * 2**30)
    monkeypatch.setattr(budget.limits, "_cgroup_room", lambda: 2**20)
    assert budget.default_limit() == 256 * 2**20  # never below the floor


def test_check_names_the_estimate_and_the_limit():
    with pytest.raises(MemoryLimitError) as err:
        budget.check(3 * 2**30, "a big thing", limit="1G")
    assert err.value.estimate == 3 * 2**30 and err.value.limit == 2**30
    assert str(err.value) == ("a big thing needs about 3.0 GiB of memory; the limit is 1.0 GiB "
                              "(set --memory-limit or TREMAUX_MEMORY_LIMIT)")
    assert budget.check(2**30, "a big thing", limit="1G") == 2**30
    assert budget.check(10**15, "anything", limit="none") == 10**15


def test_environment_limit_applies_to_small_work(monkeypatch):
    monkeypatch.setenv(budget.ENV_VAR, "1k")
    with pytest.raises(MemoryLimitError, match=r"a 40 x 60 maze \(backtracker\)"):
        tremaux.generate(SHAPE, seed=1)


# ----------------------------------------------------------------------------- estimates bound the peaks


def _peak_and_estimate(monkeypatch, run):
    """The tracemalloc peak of ``run()`` and the largest estimate it checked.

    ``run()`` is called once unmeasured first, so that first-use work (numba
    compiling a kernel on a cold cache, lazy imports) is not counted as the
    work's own peak.
    """
    run()
    seen: list[int] = []
    real = budget.check

    def spy(estimate, what, limit=None):
        seen.append(int(estimate))
        return real(estimate, what, limit)

    monkeypatch.setattr(budget, "check", spy)
    tracemalloc.start()
    try:
        run()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert seen, "the work checked no estimate"
    return peak, max(seen)


@pytest.fixture(scope="module")
def warm():
    """Compile every kernel once, so compilation is not measured."""
    for e in GENERATORS:
        tremaux.generate((4, 4), e.name, seed=1, record=True, braid=0.5)
    m = tremaux.generate((4, 4), seed=1).maze
    for e in SOLVERS:
        tremaux.solve(m, e.name, record=True)
    return tremaux.generate(SHAPE, seed=1, braid=0.3).maze


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("name", GENERATORS.names())
def test_generation_estimate_bounds_its_peak(monkeypatch, warm, name, record):
    peak, est = _peak_and_estimate(
        monkeypatch, lambda: tremaux.generate(SHAPE, name, seed=1, record=record, braid=0.3 if record else 0.0))
    assert est >= peak, (est, peak)


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("name", SOLVERS.names())
def test_solve_estimate_bounds_its_peak(monkeypatch, warm, name, record):
    peak, est = _peak_and_estimate(monkeypatch, lambda: tremaux.solve(warm, name, record=record))
    assert est >= peak, (est, peak)


PICTURES = {
    "png": lambda obj: render.to_png(obj, cell_size=3),
    "png-big-cells": lambda obj: render.to_png(obj, cell_size=12),
    "svg": lambda obj: render.to_svg(obj),
    "gif": lambda obj: render.to_gif(obj, cell_size=2, frames=12),
    "animated-svg": lambda obj: render.to_animated_svg(obj, frames=12),
    "text": lambda obj: render.to_text(obj),
    "unicode": lambda obj: render.to_text(obj, style="unicode"),
}


@pytest.mark.parametrize("kind", PICTURES)
def test_picture_estimate_bounds_its_peak(monkeypatch, warm, kind):
    obj = tremaux.solve(warm, "tremaux", record=True)
    if kind in ("gif", "animated-svg"):
        obj = tremaux.generate(SHAPE, seed=1, record=True)
    peak, est = _peak_and_estimate(monkeypatch, lambda: PICTURES[kind](obj))
    assert est >= peak, (est, peak)


@pytest.mark.parametrize("measure", ["summary", "stats"])
def test_measure_estimate_bounds_its_peak(monkeypatch, warm, measure):
    from tremaux.maze import properties
    from tremaux.measure import maze_stats

    run = properties.summary if measure == "summary" else maze_stats
    peak, est = _peak_and_estimate(monkeypatch, lambda: run(warm))
    assert est >= peak, (est, peak)


@pytest.mark.parametrize("fmt", io.FORMATS.names())
def test_write_and_read_estimates_bound_their_peaks(monkeypatch, warm, fmt):
    peak, est = _peak_and_estimate(monkeypatch, lambda: io.dumps(warm, fmt))
    assert est >= peak, (est, peak)
    data = io.dumps(warm, fmt)
    peak, est = _peak_and_estimate(monkeypatch, lambda: io.loads(data, fmt))
    assert est >= peak, (est, peak)


def test_a_picture_on_a_transparent_ground_is_read_within_its_estimate(monkeypatch, warm):
    # walls opaque, the ground transparent: read laid on white, one more copy of every pixel than an opaque picture
    import io as bytes_io

    import numpy as np
    from PIL import Image

    rgba = np.array(Image.open(bytes_io.BytesIO(io.dumps(tremaux.generate((40, 60), seed=1).maze, "png")))
                    .convert("RGBA"))
    ground = (rgba[..., :3] > 200).all(-1)
    rgba[ground] = 0
    out = bytes_io.BytesIO()
    Image.fromarray(rgba).save(out, "PNG")
    peak, est = _peak_and_estimate(monkeypatch, lambda: io.loads(out.getvalue(), "png"))
    assert est >= peak, (est, peak)


# ----------------------------------------------------------------------------- refusals


def test_generation_refused_before_allocating():
    # the backtracker keeps one byte per cell besides the maze: 1.7 GiB for 900,000,000 cells
    with pytest.raises(MemoryLimitError, match=r"a 30000 x 30000 maze \(backtracker\) needs about 1.7 GiB"):
        tremaux.generate((30000, 30000), memory_limit="1G")
    with pytest.raises(MemoryLimitError, match="kruskal"):
        tremaux.generate((20000, 20000), "kruskal", memory_limit="2G")


def test_solve_refused_on_a_small_budget(warm):
    with pytest.raises(MemoryLimitError, match=r"solving a 40 x 60 maze \(bfs\)"):
        tremaux.solve(warm, "bfs", memory_limit="10k")
    assert tremaux.solve(warm, "bfs", memory_limit="100M").found


@pytest.mark.parametrize("kind", ["png", "svg", "gif", "animated-svg", "text"])
def test_pictures_refused_on_a_small_budget(warm, kind):
    obj = tremaux.generate(SHAPE, seed=1, record=True) if kind in ("gif", "animated-svg") else warm
    with budget.limited("64k"):
        with pytest.raises(MemoryLimitError, match="needs about"):
            PICTURES[kind](obj)


def test_a_huge_cell_size_is_refused_at_once(warm):
    with pytest.raises(MemoryLimitError, match=r"a picture of \d{7} x \d{7} pixels needs about .* TiB"):
        render.to_png(warm, cell_size=100_000)


def test_check_dumps_refuses_before_any_work():
    with pytest.raises(MemoryLimitError, match="the ascii text of a 30000 x 30000 maze"):
        io.check_dumps((30000, 30000), "ascii", memory_limit="8G")
    io.check_dumps((30000, 30000), "npz", memory_limit="8G")


@pytest.mark.parametrize("value", ["0.4", 0.4, "0.0004K"])
def test_a_fraction_of_a_byte_is_a_tiny_limit_not_none(value):
    # only zero means no limit: `--memory-limit 0.4` refuses everything, it does not lift the limit
    from tremaux.budget.sizes import parse_bytes

    assert parse_bytes(value) == 1
    assert parse_bytes("0") is None and parse_bytes(0) is None and parse_bytes("0K") is None
