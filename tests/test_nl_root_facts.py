"""The facts the propagating search draws before any decision hold in every other solution (brute force).

``benchmarks/numberlink/bench_unique_forced.py`` measures what those facts
(links on or off, free cells proved covered) would save SAT's question
"another one?" if added as unit clauses: only sound if every solution other
than the known one obeys them, and "no other" at the root only if there is
none. Checked here on small random boards, under both rules and both touch
settings, against ``numberlink_reference.brute_force``.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from numberlink_reference import brute_force
from tremaux.numberlink import Linking, Puzzle, generate_puzzle

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "numberlink" / "bench_unique_forced.py"


@functools.lru_cache(maxsize=None)
def _script():
    """The benchmark script as a module, loaded once (its kernel compiles on first use, not cached to disk)."""
    spec = importlib.util.spec_from_file_location("bench_unique_forced", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def boards(seed: int, count: int, cover: bool):
    """Random pairs on 3 x 3 to 4 x 5 boards, half of them with one or two pairs (long lines, cells left empty);
    under ``fill`` every fourth one a generated puzzle (random pairs seldom have a solution that covers the board)."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        h, w = int(rng.integers(3, 5)), int(rng.integers(3, 6))
        if cover and i % 4 == 3:
            yield generate_puzzle((h, w), seed=seed + i).puzzle
            continue
        k = int(rng.integers(1, 3)) if i % 2 else int(rng.integers(2, 5))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        g[cells] = np.repeat(np.arange(1, k + 1), 2)
        yield Puzzle(g.reshape(h, w))


def _state(links: np.ndarray, h: int, w: int) -> np.ndarray:
    """Link states as the kernel numbers them: ``x`` the East link of cell ``x``, ``h * w + x`` its South one."""
    flat = links.ravel()
    return np.concatenate([(flat & 2) > 0, (flat & 4) > 0]).astype(np.int8)


@pytest.mark.parametrize("rule, touch", [("fill", True), ("fill", False), ("nikoli", True), ("nikoli", False)])
def test_root_facts_hold_in_every_other_solution(rule, touch):
    mod = _script()
    cover = rule == "fill"
    checked = others = nothing_else = 0
    for p in boards(16 + 4 * cover + touch, 160 if cover else 120, cover):
        sols = brute_force(p.grid.tolist(), fill=cover, touch=touch, limit=60)
        if not sols or len(sols) >= 60:
            continue
        h, w = p.shape
        first = Linking.from_paths(p, [list(s) for s in sols[0]])
        ok, est, col = mod.root(p, first, cover, touch)
        if not ok:
            assert len(sols) == 1, p.grid.tolist()  # "no other" at the root: the known one is the only one
            nothing_else += 1
            continue
        assert ((col & mod.EMPTY) == 0)[p.grid.ravel() > 0].all()  # numbers are never empty
        for s in sols[1:]:
            lk = Linking.from_paths(p, [list(q) for q in s])
            on = _state(np.asarray(lk.links), h, w)
            decided = est >= 0
            assert (on[decided] == est[decided]).all(), (p.grid.tolist(), s)
            covered = np.asarray(lk.grid).ravel() > 0
            assert covered[(col & mod.EMPTY) == 0].all(), (p.grid.tolist(), s)
            others += 1
        checked += 1
    assert checked + nothing_else >= 40 and nothing_else >= 4, (checked, nothing_else)
    # random boards with several solutions under fill without touching are rare: "no other" is checked there
    assert others >= 20 or (cover and not touch), others
