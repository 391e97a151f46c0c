"""Number Link rules (fill, nikoli, the no-touch convention), quick verdicts and time limits.

Every count is checked against the brute force of ``numberlink_reference``
(every path of every pair tried in turn), filtered by an independent test of
the convention written here; every solution by its independent checker.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from numberlink_reference import brute_force, problems
from tremaux.cli import main
from tremaux.errors import InvalidSizeError, UnknownNameError, UnsupportedError
from tremaux.numberlink import Puzzle, diagnose, rules, solve_puzzle
from tremaux.numberlink.solvers import verdicts
from tremaux.numberlink.solvers.encoding import Encoding

COMBOS = [("fill", True), ("fill", False), ("nikoli", True), ("nikoli", False)]


def touches_itself(paths) -> bool:
    """Whether a line has two cells side by side that do not follow each other along it."""
    for path in paths:
        pos = {tuple(c): i for i, c in enumerate(path)}
        for (r, c), i in pos.items():
            for other in ((r, c + 1), (r + 1, c)):
                if other in pos and abs(pos[other] - i) > 1:
                    return True
    return False


def expected(p: Puzzle, rule: str, touch: bool, limit: int = 10_000) -> set:
    sols = brute_force(p.grid.tolist(), rule == "fill", limit=limit)
    return {s for s in sols if touch or not touches_itself(s)}


def as_set(result) -> set:
    return {tuple(tuple(map(tuple, path.tolist())) for path in lk.paths) for lk in result.solutions}


def random_puzzles(seed: int, count: int, max_side: int = 4, max_pairs: int = 3):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(2, max_side + 1)), int(rng.integers(2, max_side + 1))
        k = int(rng.integers(1, min(max_pairs, h * w // 2) + 1))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        for j in range(k):
            g[cells[2 * j]] = g[cells[2 * j + 1]] = j + 1
        yield Puzzle(g.reshape(h, w))


# ---------------------------------------------------------------------- rules
def test_rules_are_registered_objects_with_their_constraints():
    assert rules.RULES.names() == ["fill", "nikoli"]
    fill = rules.resolve("paper", touch=False)
    assert (fill.name, fill.cover, fill.touch) == ("fill", True, False)
    assert rules.NO_TOUCH in fill.constraints and "every cell is covered by a line" in fill.constraints
    assert rules.resolve("contest", default_touch=True).touch is True
    assert rules.resolve(fill) is fill and rules.resolve(fill, touch=True).touch is True
    with pytest.raises(UnknownNameError, match="choose one of: fill, nikoli"):
        rules.resolve("loose")


def test_touch_defaults_follow_the_documentation():
    p = Puzzle.from_rows(["1..2", "....", "1..2"])
    assert solve_puzzle(p).touch is True  # a plain solve lets lines touch
    assert solve_puzzle(p, unique=True).touch is False  # uniqueness and counting follow the convention
    assert solve_puzzle(p, count=3).touch is False
    assert diagnose(p).touch is False and diagnose(p, touch=True).touch is True
    assert solve_puzzle(p, rule=rules.resolve("fill", touch=False)).touch is False


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_counts_agree_with_brute_force_on_random_small_puzzles(rule, touch):
    seen = solvable = 0
    for p in random_puzzles(16 + len(rule) + touch, 110):
        want = expected(p, rule, touch)
        r = solve_puzzle(p, rule=rule, touch=touch, count=10_000, time_limit=30)
        assert r.complete and r.count == len(want), (p.grid.tolist(), rule, touch)
        assert as_set(r) == want
        for lk in r.solutions:
            assert not problems(p.grid.tolist(), [x.tolist() for x in lk.paths], rule == "fill")
        u = solve_puzzle(p, rule=rule, touch=touch, unique=True, time_limit=30)
        assert u.unique is (len(want) == 1)
        one = solve_puzzle(p, rule=rule, touch=touch, time_limit=30)
        assert (one.status == "solved") == bool(want)
        if want:
            assert as_set(one) <= want
        seen += 1
        solvable += bool(want)
    assert seen == 110 and 0 < solvable < 110


def test_the_convention_changes_uniqueness_as_puzzle_makers_judge_it():
    p = Puzzle.from_rows(["1...", "....", "...1"])
    assert solve_puzzle(p, rule="nikoli", touch=True, count=1000).count == len(expected(p, "nikoli", True))
    r = solve_puzzle(p, rule="nikoli", count=1000)
    assert r.count == len(expected(p, "nikoli", False)) and not any(
        touches_itself([x.tolist() for x in lk.paths]) for lk in r.solutions)


def test_traveler_knows_no_convention():
    p = Puzzle.from_rows(["1.1", "2.2"])
    assert solve_puzzle(p, "tremaux").solved
    with pytest.raises(UnsupportedError, match="beside themselves"):
        solve_puzzle(p, "tremaux", touch=False)


# ---------------------------------------------------------------------- quick verdicts
def test_border_order_walks_each_border_cell_once():
    for shape in ((1, 1), (1, 5), (4, 1), (2, 2), (3, 5), (6, 4)):
        ring = verdicts.border_order(shape).tolist()
        h, w = shape
        border = {r * w + c for r in range(h) for c in range(w) if r in (0, h - 1) or c in (0, w - 1)}
        assert sorted(ring) == sorted(border) and len(ring) == len(border)
        rc = [divmod(i, w) for i in ring]
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(rc, rc[1:]))  # one step at a time


def test_border_crossing_verdict_agrees_with_brute_force():
    rng = np.random.default_rng(11)
    said = 0
    for _ in range(250):
        h, w = int(rng.integers(1, 5)), int(rng.integers(4, 6))
        ring = verdicts.border_order((h, w))
        k = int(rng.integers(2, min(3, ring.size // 2) + 1))
        cells = rng.choice(ring, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        for j in range(k):
            g[cells[2 * j]] = g[cells[2 * j + 1]] = j + 1
        p = Puzzle(g.reshape(h, w))
        cross = verdicts.crossing_pairs(p)
        # interleaving endpoints, checked by hand from positions along the ring
        pos = {int(c): i for i, c in enumerate(ring.tolist())}
        ends = [sorted(pos[int(c)] for c in p.ends[j]) for j in range(k)]
        inter = any(a[0] < b[0] < a[1] < b[1] or b[0] < a[0] < b[1] < a[1]
                    for i, a in enumerate(ends) for b in ends[i + 1:])
        assert (cross is not None) == inter
        if cross is not None:
            said += 1
            assert not brute_force(p.grid.tolist(), False, limit=1)  # no solution even with empty cells
    assert said > 30


@pytest.mark.parametrize("side", [5, 10, 30, 50])
def test_crossing_pairs_on_empty_boards_are_proven_unsolvable_at_once(side):
    p = Puzzle.from_endpoints((side, side), [((0, 0), (side - 1, side - 1)), ((0, side - 1), (side - 1, 0))])
    for rule in ("fill", "nikoli"):
        r = solve_puzzle(p, rule=rule, unique=True)
        assert r.status == "no-solution" and "must cross" in r.message and r.steps == 0
    d = diagnose(p, "nikoli")
    assert d.verdict == "no-solution" and d.reasons[0].startswith("numbers '1' and '2' must cross")


# ---------------------------------------------------------------------- limits
def test_a_time_limit_is_hit_and_reported_as_gave_up():
    big = Puzzle.from_endpoints((40, 40), [((0, 0), (39, 39)), ((0, 39), (5, 30))])
    r = solve_puzzle(big, rule="fill", time_limit=1e-6)
    assert r.status == "gave-up" and not r.complete
    assert r.message.startswith("gave up after ") and r.message.endswith("s (time limit 1e-06 s)")
    # counting past the limit keeps what it found
    c = solve_puzzle(Puzzle.from_endpoints((8, 8), [((0, 0), (7, 7))]), rule="nikoli", touch=True,
                     count=10**6, time_limit=0.3)
    assert c.status == "solved" and not c.complete and 0 < c.count < 10**6 and "found so far" in c.message


def test_the_default_time_limit_applies_when_none_is_given(monkeypatch):
    import tremaux.numberlink.solvers as nl

    monkeypatch.setattr(nl, "DEFAULT_TIME_LIMIT", 1e-6)
    big = Puzzle.from_endpoints((40, 40), [((0, 0), (39, 39)), ((0, 39), (5, 30))])
    r = solve_puzzle(big, rule="fill", unique=True)
    assert r.status == "gave-up" and "time limit 1e-06 s" in r.message
    assert diagnose(big, "fill").verdict == "gave-up"
    with pytest.raises(InvalidSizeError, match="positive"):
        solve_puzzle(big, time_limit=0)


def test_kissat_is_never_given_clauses_after_solving():
    # blocking each model adds a clause after a solve: Kissat gets a new solver instead of a fatal error
    p = Puzzle.from_rows(["1..2", "....", "....", "1..2"])
    counts = {}
    for backend in ("glucose4", "kissat404"):
        with Encoding(p, "fill", backend=backend) as enc:
            n = 0
            while (m := enc.next_model()) is not None:
                n += 1
                enc.block(m)
            counts[backend] = n
    assert counts["kissat404"] == counts["glucose4"] == len(expected(p, "fill", True))


# ---------------------------------------------------------------------- outputs
def run(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(["numberlink", *args])
        raise SystemExit(0)
    out = capsys.readouterr()
    return exc.value.code or 0, out.out, out.err


def test_json_gives_each_line_in_order_and_numbers_keep_the_paper_grid(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1..2\n....\n1..2\n")
    code, out, _ = run(capsys, "solve", str(path), "--json", "--touch")
    rec = json.loads(out)[0]
    assert code == 0 and rec["touch"] is True
    lines = {ln["label"]: ln["cells"] for ln in rec["lines"]}
    assert lines["1"][0] == [0, 0] and lines["1"][-1] == [2, 0]
    assert not problems([[1, 0, 0, 2], [0] * 4, [1, 0, 0, 2]], [lines["1"], lines["2"]], True)
    code, out, _ = run(capsys, "solve", str(path), "--numbers")
    assert [row.split() for row in out.splitlines()] == [[str(v) for v in row] for row in rec["grid"]]


def test_counts_say_one_solution_not_one_solutions(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1.1\n2.2\n")
    code, out, _ = run(capsys, "solve", str(path), "--count", "5", "--json")
    assert json.loads(out)[0]["message"] == "1 solution"


def test_check_names_the_pair_whose_line_differs(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1..2\n....\n....\n1..2\n")
    code, out, _ = run(capsys, "check", str(path), "--touch")
    assert code == 1 and re.fullmatch(r"p: multiple-solutions: a second solution draws the lines of '[12]'"
                                      r"(, '2')? differently", out.strip()), out
    code, out, _ = run(capsys, "check", str(path), "--rule", "nikoli", "--json")
    rec = json.loads(out)[0]
    assert rec["verdict"] == "multiple-solutions" and rec["touch"] is False
    assert "'1'" in rec["reasons"][0] or "'2'" in rec["reasons"][0]


def test_invalid_puzzles_are_one_line_errors_with_exit_2(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1.2\n...\n..1\n")
    for command in ("solve", "check"):
        code, out, err = run(capsys, command, str(path))
        assert code == 2 and out == ""
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
        assert "number '2' appears once" in err
    code, _, err = run(capsys, "solve", str(path), "--time-limit", "0")
    assert code == 2 and err.startswith("error:")


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_uniqueness_on_boards_larger_than_a_window_agrees_with_brute_force(rule, touch):
    """5 x 5 to 5 x 6 boards: the local step's 4 x 4 windows cover part of the board, so a second
    solution may come from a window, from the search or from SAT over the whole board."""
    from tremaux.numberlink.solvers.another import windows

    verdicts = {True: 0, False: 0}
    rng = np.random.default_rng(160 + len(rule) + touch)
    from tremaux.numberlink import generate_puzzle

    for i in range(40):
        h, w = int(rng.integers(5, 7)), int(rng.integers(5, 7))
        if i % 4 == 3:  # the generator's puzzles have solutions under fill without touching
            p = generate_puzzle((h, w), seed=i).puzzle
        else:
            k = int(rng.integers(3, 6))
            cells = rng.choice(h * w, size=2 * k, replace=False)
            g = np.zeros(h * w, dtype=np.int64)
            g[cells] = np.repeat(np.arange(1, k + 1), 2)
            p = Puzzle(g.reshape(h, w))
        assert any(True for _ in windows(p.shape))
        sols = brute_force(p.grid.tolist(), rule == "fill", limit=3, touch=touch)
        if not sols:
            continue
        u = solve_puzzle(p, rule=rule, touch=touch, unique=True, time_limit=30)
        assert u.unique is (len(sols) == 1), (p.grid.tolist(), rule, touch)
        for lk in u.solutions:
            assert not problems(p.grid.tolist(), [x.tolist() for x in lk.paths], rule == "fill")
        assert len({lk.grid.tobytes() + lk.links.tobytes() for lk in u.solutions}) == len(u.solutions)
        c = solve_puzzle(p, rule=rule, touch=touch, count=3, time_limit=30)
        assert c.count == min(3, len(sols)) and c.complete == (len(sols) < 3)
        verdicts[u.unique] += 1
    assert verdicts[True] + verdicts[False] > 0
    if touch or rule == "nikoli":  # random boards rarely have a solution under fill without touching
        assert verdicts[False] > 0


@pytest.mark.parametrize("touch", [True, False])
def test_lines_moved_into_empty_cells_are_other_solutions(touch):
    """Every move of the another stage, from every solution of small boards, is another solution (brute force)."""
    from tremaux.numberlink.result import Linking
    from tremaux.numberlink.solvers.another import moves

    def canon(paths) -> tuple:
        return tuple(tuple(map(tuple, p)) if tuple(p[0]) <= tuple(p[-1]) else tuple(map(tuple, p[::-1]))
                     for p in paths)

    moved = none = 0
    for p in random_puzzles(1616 + touch, 60, max_side=5):
        sols = brute_force(p.grid.tolist(), False, limit=3000, touch=touch)
        if len(sols) == 3000:
            continue  # not all of them: a move might be one left out
        every = {canon(s) for s in sols}
        for s in sols[:20]:
            got = moves(p, Linking.from_paths(p, [list(x) for x in s]), touch=touch, limit=50)
            for lk in got:
                paths = [x.tolist() for x in lk.paths]
                assert canon(paths) in every and canon(paths) != canon(s), (p.grid.tolist(), s, paths)
            assert len({canon([x.tolist() for x in lk.paths]) for lk in got}) == len(got)
            moved += len(got)
            none += not got
    assert moved > 100 and none > 0
