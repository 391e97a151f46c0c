"""The router stage in restarts: runs from scratch with the next seed, kept across the rounds of a solve."""

from __future__ import annotations

import time
from pathlib import Path

from numberlink_checker import follow

from tremaux.numberlink import Puzzle, formats
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import router
from tremaux.numberlink.solvers.base import Task

DATA = Path(__file__).parent / "data" / "numberlink"
# two pairs that must cross: the router never finds a solution, so it uses every round it is given
CROSSING = Puzzle.from_rows(["1...2", ".....", "2...1"])


def _runs(monkeypatch):
    """``(rounds, seed, history step, pressure growth)`` of each call of the router kernel that ran to its end."""
    runs = []
    real, real_within, real_state = router.kn.route, router.kn.route_within, router.make_state
    seeds = []

    def state(seed):
        seeds.append(int(seed))
        return real_state(seed)

    def spy(flat, h, w, ends, rounds, cells, starts, st, hist, growth):
        runs.append((int(rounds), seeds[-1], hist, growth))
        return real(flat, h, w, ends, rounds, cells, starts, st, hist, growth)

    def spy_within(flat, h, w, ends, rounds, cells, starts, st, hist, growth, budget):
        used = real_within(flat, h, w, ends, rounds, cells, starts, st, hist, growth, budget)
        if used != -3:
            runs.append((int(rounds), seeds[-1], hist, growth))
        return used

    monkeypatch.setattr(router, "make_state", state)
    monkeypatch.setattr(router.kn, "route", spy)
    monkeypatch.setattr(router.kn, "route_within", spy_within)
    return runs


def test_after_the_probe_each_run_starts_afresh_with_the_next_seed(monkeypatch):
    # it was one run of the probe's seed and settings, which on crowded boards freezes its lines where they are
    runs = _runs(monkeypatch)
    assert router.router_stage(Task(CROSSING, resolve("nikoli"), 1, time.perf_counter() + 600)) is None
    probe, rest = runs[0], runs[1:]
    assert probe == (router.PROBE_ROUNDS, 1, *router.PROBE_SETTINGS)
    assert [seed for _, seed, _, _ in rest] == list(range(1, len(rest) + 1)) and len(rest) > 1
    assert {(h, g) for _, _, h, g in rest} == {router.RESTART_SETTINGS}


def test_a_later_round_of_the_solve_goes_on_with_the_next_seeds(monkeypatch):
    runs = _runs(monkeypatch)
    task = Task(CROSSING, resolve("nikoli"), 1, None)
    assert router.router_stage(task) is None
    first = len(runs)
    assert router.router_stage(task) is None  # every round of the solve used: no run is made again
    assert len(runs) == first
    task.close_kept()


PAUSE = 0.1


def test_the_runs_keep_to_their_share_of_the_time_left(monkeypatch):
    router._route(CROSSING, 1)  # the kernel loaded before the clock matters
    runs = _runs(monkeypatch)
    slow = router._route

    def slower(*args, **kw):
        if kw.get("settings") == router.RESTART_SETTINGS:  # the runs after the probe; the probe stays quick
            time.sleep(PAUSE)
        return slow(*args, **kw)

    monkeypatch.setattr(router, "_route", slower)
    limit = 0.4
    assert router.router_stage(Task(CROSSING, resolve("nikoli"), 1, time.perf_counter() + limit)) is None
    # each run costs at least PAUSE whatever its rounds (the cost of a round is measured again after each run), so
    # within its share of the time no more runs start than fit in it, and one that began before the share ran out
    # (fewer than the solve's rounds allow: the whole limit would hold four); a loaded machine only makes fewer
    assert 1 <= len(runs) - 1 <= router.ROUTER_SHARE * limit / PAUSE + 1 < router.ROUTER_ROUNDS // router.RESTART_ROUNDS


def test_a_contest_puzzle_the_single_run_left_is_answered():
    # ADC 2015 Q20 (development half of the corpus): 300 rounds of the probe's seed and settings found no lines
    p = formats.load(DATA / "adc2015" / "Q" / "Q20.txt")
    a = router.router_stage(Task(p, resolve("nikoli"), 1, None))
    assert a is not None and len(a.solutions) == 1
    lk = a.solutions[0]
    paths = [[tuple(c) for c in path.tolist()] for path in lk.paths]
    assert follow(p.grid.tolist(), paths, fill=False, touch=False) == []
