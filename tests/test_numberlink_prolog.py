"""Boards written as Prolog facts, the layouts of public Prolog Arukone solvers (a course's ``puzzle(Id,
grid(R, C), [link(...)])`` facts and a constraint solver's list of rows), read, solved and written back."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run as run_cli
from numberlink_checker import follow
from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import Puzzle, formats

# the layout of a course's Arukone boards (comments, ids of any sign, spaces or none inside the terms)
COURSE = """% puzzle(PuzzleId,grid(NumberOfRows,NumberOfColumns), link(Label,pos(Row1,Column1),pos(Row2,Column2)), ...])

puzzle(-1, grid(3,3), [
    link(1, pos(2,1), pos(3,2)),
    link(2, pos(1,1), pos(3,3))
]).

%  0: 5x5 met 4 paden
puzzle(0,grid(5,5),[
    link(1, pos(2,1), pos(5,5)),
    link(2, pos(1,5), pos(3,2)),
    link(3, pos(1,3), pos(3,3)),
    link(4, pos(1,1), pos(2,3))
]). 
"""

# a constraint solver's board: a list of rows, '_' for an empty cell
ROWS = "[[_,_,_,_,_],\n[_,1,_,_,_],\n[_,_,_,_,_],\n[_,2,_,_,_],\n[_,3,_,_,3],\n[_,1,_,_,2],\n[_,_,_,_,_]]."


def test_course_facts_are_read_with_their_ids_and_1_based_positions():
    assert formats.detect(COURSE) == "prolog"
    a, b = formats.loads_all(COURSE, source="puzzels.pl")
    assert (a.name, b.name) == ("-1", "0")
    assert a.grid.tolist() == [[2, 0, 0], [1, 0, 0], [0, 1, 2]]
    assert b.shape == (5, 5) and b.endpoints(4) == ((0, 0), (1, 2))


def test_a_list_of_rows_is_read_and_solved(capsys, tmp_path):
    assert formats.detect(ROWS) == "prolog"
    p = formats.loads(ROWS)
    assert p.shape == (7, 5) and p.labels == ("1", "2", "3")
    f = tmp_path / "7x5.txt"
    f.write_text(ROWS)
    code, out, _ = run_cli(capsys, "numberlink", "solve", str(f), "--json")
    (rec,) = json.loads(out)
    assert code == 0 and rec["status"] == "solved"
    assert follow(p.grid.tolist(), [ln["cells"] for ln in rec["lines"]], fill=True) == []


@pytest.mark.parametrize("wrapped", ["puzzle(p7, {})", "problem(7, {})"])
def test_a_wrapped_list_of_rows_is_named_by_its_id(wrapped):
    p = formats.loads(wrapped.format(ROWS[:-1]) + ".")
    assert p.name in ("p7", "7") and p.shape == (7, 5)


def test_written_facts_read_back_with_labels_of_any_kind():
    ps = [Puzzle([[1, 0, 1], [2, 0, 2], [3, 0, 3]], labels=["A", "b", "'"]),
          Puzzle([[1, 2, 1, 2]], labels=["0", "\\"], name="q2")]
    text = formats.dumps_all(ps, "prolog")
    assert text.startswith("puzzle(1, grid(3,3), [\n    link('A', pos(1,1), pos(1,3)),")
    assert "link('\\'', pos(3,1), pos(3,3))" in text and "link('0', pos(1,1), pos(1,3))" in text
    back = formats.loads_all(text)
    assert [q.labels for q in back] == [p.labels for p in ps]
    assert [q.grid.tolist() for q in back] == [p.grid.tolist() for p in ps]
    assert back[1].name == "q2"


@pytest.mark.parametrize("text, message", [
    ("puzzle(1, grid(2,2), [link(1, pos(1,1), pos(3,1))]).", r"pos\(3,1\) of link '1' is outside the 2x2 grid"),
    ("puzzle(1, grid(2,2), [link(1, pos(1,1), pos(1,1))]).", r"both endpoints of number '1' are cell \(0, 0\)"),
    ("puzzle(1, grid(2,2), [link(1, pos(1,1), pos(2,2)), link(1, pos(1,2), pos(2,1))]).", "label '1' is given to two"),
    ("[[1,_],[_,_]].", "number '1' appears once"),
    ("[[1,_],[_]].", "row 2 has 1 cell"),
])
def test_boards_that_break_the_rules_are_named(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        formats.loads(text)


@pytest.mark.parametrize("text, message", [
    ("puzzle(1, grid(2,2), [link(1, pos(1,1), pos(2,2))])", "expected '.' in a Prolog term, found the end"),
    ("puzzle(1, grid(2,2), [link(1, pos(1,1), pos(2,2))]", "expected"),
    ("puzzle(1, grid(a,2), []).", "expected a whole number for the size"),
    ("puzzle(1, grid(2,2), [pair(1, 2)]).", r"expected link\(Label"),
    ("puzzle(1, grid(2,2), [link(1, pos(1,1), pos(2,2))]). foo :- bar.", "unexpected ':'"),
    ("[[1,1]]. /* open", "a comment /\\* is never closed"),
    ("[" * 50 + "]" * 50 + ".", "nested more than 8 deep"),
    ("[[1, 1.5]].", "expected ']'"),
    ("% only a comment\n[[", "the text ends inside a Prolog term"),
])
def test_malformed_prolog_is_one_line_naming_the_problem(text, message):
    with pytest.raises(PuzzleFormatError, match=message) as info:
        formats.loads(text, format="prolog")
    assert "\n" not in str(info.value)


def test_the_cli_converts_to_and_from_prolog(capsys, tmp_path):
    f = tmp_path / "course.pl"
    f.write_text(COURSE)
    code, out, _ = run_cli(capsys, "numberlink", "convert", str(f), "--format", "grid")
    assert code == 0 and out.startswith("2..\n1..\n.12\n")
    g = tmp_path / "back.pl"
    code, _, _ = run_cli(capsys, "numberlink", "convert", str(f), "--format", "prolog", "--out", str(g))
    assert code == 0 and [p.grid.tolist() for p in formats.load_all(g)] == [p.grid.tolist() for p in
                                                                             formats.loads_all(COURSE)]


def test_plain_boards_are_read_without_the_term_reader(monkeypatch):
    """A board of a million links took 35 s term by term (23 MB); plain facts of both layouts are read with
    regular expressions over the whole text instead, and the term reader is left for what they cannot read."""
    from tremaux.numberlink.formats import prolog

    big = Puzzle.from_rows(["1.1.2.2", "3.3...."] * 1 + ["......."] * 3)
    text = formats.dumps(big, "prolog")

    def refuse(*args):
        raise AssertionError("the term reader was used")

    monkeypatch.setattr(prolog, "_Reader", refuse)
    assert formats.loads(text) == big
    assert formats.loads("% a board\n" + ROWS.replace("]].", "]]. /* end */")).shape == (7, 5)
    assert formats.loads_all(COURSE)[1].endpoints(4) == ((0, 0), (1, 2))
    # quoted labels, as the writer quotes 'A', read at once too (a million of them took 35 s term by term)
    quoted = Puzzle([[1, 2, 1, 2], [3, 4, 3, 4]], labels=["A", "it's", "a1", "x,y)"])
    assert formats.loads(formats.dumps(quoted, "prolog")) == quoted
    with pytest.raises(AssertionError, match="term reader"):  # a comment beside a quoted label: term by term
        formats.loads("% c\npuzzle(1, grid(1,2), [link('%', pos(1,1), pos(1,2))]).")


@pytest.mark.parametrize("text", [
    "puzzle(1, grid(" + "9" * 5000 + ",2), []).",
    "puzzle(1, grid(2,2), [link(1, pos(1," + "1" * 5000 + "), pos(1,2))]).",
    "puzzle(1, grid(2,2), [link(" + "1" * 12 + ", pos(1,1), pos(1,2))]).",
], ids=["size", "position", "label"])
def test_numbers_of_thousands_of_digits_are_named(text):
    # int() refuses more than 4300 digits with a ValueError: the reader names the number instead
    with pytest.raises(PuzzleFormatError, match=r"is too long \(at most 9 digits\)"):
        formats.loads(text)


def test_numbers_are_labels_as_the_term_reader_reads_them():
    # the plain reading kept '007' as the label where the term reader (and every grid reader) reads 7
    plain = formats.loads("puzzle(1, grid(1,2), [link(007, pos(1,1), pos(1,2))]).")
    quoted = formats.loads("puzzle(1, grid(1,2), [link(007, pos(1,1), pos(1,2)), link('q', pos(2,1), "
                           "pos(2,2))]).".replace("grid(1,2)", "grid(2,2)"))
    assert plain.labels == ("7",) and quoted.labels[quoted.labels.index("7")] == "7"
