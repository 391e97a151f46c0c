"""Several puzzle sources on one `tremaux numberlink` command line (`solve a.txt b.txt`, a shell's `*.txt`): read in
order as one file of their puzzles, each puzzle named by its file, one exit status for the whole run."""

from __future__ import annotations

import json

from cli_helpers import run

PROPER = "1.1\n2.2\n"
CROSSING = "1.2\n...\n2.1\n"  # no solution: the pairs must cross


def _files(tmp_path, **texts):
    paths = {}
    for name, text in texts.items():
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_text(text, encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}


def test_solve_reads_several_files_in_order_each_puzzle_named_by_its_file(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER, b=CROSSING + "\n" + PROPER)
    code, out, err = run(capsys, "numberlink", "solve", f["a"], f["b"], "--json")
    records = json.loads(out)
    assert [(r["name"], r["status"]) for r in records] == [("a", "solved"), ("b#1", "no-solution"), ("b#2", "solved")]
    assert code == 1  # as for one file of these puzzles: one is not solved


def test_solve_several_files_all_solved_exits_0_and_names_each_in_its_text(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER, b=PROPER)
    code, out, err = run(capsys, "numberlink", "solve", f["a"], f["b"])
    assert code == 0 and err.startswith("a: solved") and "\nb: solved" in err and out.count("1───1") == 2


def test_an_unreadable_second_file_keeps_the_first_answer_and_is_named(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER, empty="", b=PROPER)
    code, out, err = run(capsys, "numberlink", "solve", f["a"], f["empty"], f["b"], "--json")
    records = json.loads(out)
    assert [(r["name"], r["status"]) for r in records] == [("a", "solved"), ("empty", "invalid"), ("b", "solved")]
    assert code == 2 and f"error: {f['empty']}" in err and "no puzzle" in records[1]["message"]


def test_a_missing_file_among_several_is_refused_by_name_before_any_solve(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER)
    code, out, err = run(capsys, "numberlink", "solve", f["a"], str(tmp_path / "nope.txt"))
    assert (code, out) == (2, "") and "nope.txt" in err and "a: solved" not in err


def test_standard_input_is_read_once_only(tmp_path, capsys):
    code, out, err = run(capsys, "numberlink", "check", "-", "-")
    assert (code, out) == (2, "") and "'-'" in err and "once" in err


def test_check_reads_several_files_with_one_exit_status(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER, b=CROSSING, empty="")
    code, out, err = run(capsys, "numberlink", "check", f["a"], f["b"])
    assert code == 1 and out.splitlines()[0] == "a: proper" and out.splitlines()[1].startswith("b: no-solution")
    code, out, err = run(capsys, "numberlink", "check", f["a"], f["empty"], "--json")
    assert code == 2 and [(r["name"], r["verdict"]) for r in json.loads(out)] == [("a", "proper"), ("empty", "invalid")]
    assert f"error: {f['empty']}" in err


def test_out_numbers_the_pictures_of_every_file_as_of_one_file_of_several_puzzles(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER, b=PROPER + "\n" + PROPER)
    out = tmp_path / "lines.svg"
    code, printed, err = run(capsys, "numberlink", "solve", f["a"], f["b"], "-o", str(out))
    assert code == 0 and sorted(p.name for p in tmp_path.glob("lines*")) == ["lines-1.svg", "lines-2.svg", "lines-3.svg"]
    code, printed, err = run(capsys, "numberlink", "solve", f["a"], f["b"], "-o", "-", "-f", "svg")
    assert (code, printed) == (2, "") and "several files" in err


def test_out_never_writes_over_a_second_puzzle_file(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER, **{"p-2": PROPER})
    code, printed, err = run(capsys, "numberlink", "solve", f["a"], f["p-2"], "-o", str(tmp_path / "p.txt"))
    assert code == 2 and "is the puzzle file itself" in err and (tmp_path / "p-2.txt").read_text() == PROPER


def test_convert_writes_the_puzzles_of_every_file_in_order(tmp_path, capsys):
    f = _files(tmp_path, a=PROPER, b=CROSSING, empty="")
    code, out, err = run(capsys, "numberlink", "convert", f["a"], f["b"], "-f", "puzzlink")
    assert code == 0 and out.splitlines() == ["https://puzz.link/p?numlin/3/2/1g12g2",
                                              "https://puzz.link/p?numlin/3/3/1g2i2g1"]
    code, out, err = run(capsys, "numberlink", "convert", f["a"], f["empty"])
    assert (code, out) == (2, "") and f["empty"] in err


def test_solve_and_convert_name_the_pictures_they_wrote_in_the_same_words(tmp_path, capsys):
    # convert said 'wrote 2 puzzles to p-1.svg ... p-2.svg (picture)' where solve says 'wrote 2 pictures, p-1.svg to
    # p-2.svg', and 'wrote 1 puzzle to p.svg (picture)' where solve says 'wrote p.svg'
    f = _files(tmp_path, a=PROPER, b=PROPER + "\n" + PROPER)
    for file, n in ((f["a"], 1), (f["b"], 2)):
        said = [run(capsys, "numberlink", cmd, file, "-o", str(tmp_path / f"{cmd[0]}.svg"))[2].splitlines()[-1]
                for cmd in ("solve", "convert")]
        assert said[0] == said[1].replace(str(tmp_path / "c"), str(tmp_path / "s"))
        assert said[0].startswith("wrote " + ("2 pictures, " if n > 1 else f"{tmp_path / 's.svg'}"))
