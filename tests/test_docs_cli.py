"""What the pages say about the command line holds: each shown command runs, and the option table is the real one.

Every ``tremaux ...`` line of a ```` ```bash ```` block of README.md and of the
pages under docs/ runs here (in a folder holding the files the examples name),
except the ones that start a server, need the network or build a dataset (the
dataset commands are tested in ``test_dataset_cli.py``). The vocabulary table
of ``docs/cli.md`` is checked against the click command tree: the commands
listed for an option are exactly those that take it, with the short form shown.
"""

from __future__ import annotations

import functools
import re
import shlex
from pathlib import Path

import numpy as np
import pytest
import typer.main

from tremaux.cli import app, main

from docs_inputs import write_example_inputs
from cli_helpers import run

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if p.name != "benchmarks.md")]
SKIPPED = ("serve", "dataset")
"""Commands not run here: a server that does not end, dataset builds (some need a cluster or a bucket)."""


def shell_commands(text: str) -> list[list[str]]:
    """The ``tremaux`` commands of the ```bash blocks of a markdown text, block by block (comments dropped)."""
    blocks = []
    for m in re.finditer(r"^```bash[ \t]*\n(.*?)^```[ \t]*$", text, flags=re.M | re.S):
        lines = [shlex.split(line, comments=True) for line in m.group(1).splitlines()]
        blocks.append([" ".join(shlex.quote(w) for w in words) for words in lines if words[:1] == ["tremaux"]])
    return [b for b in blocks if b]


def _cases():
    for page in PAGES:
        for k, block in enumerate(shell_commands(page.read_text(encoding="utf-8"))):
            runnable = [c for c in block if shlex.split(c)[1] not in SKIPPED]
            if runnable:
                yield pytest.param(runnable, id=f"{page.name}:{k}")


CASES = list(_cases())


def test_the_pages_show_commands():
    assert len(CASES) >= 5 and sum(len(c.values[0]) for c in CASES) >= 20
    assert shell_commands("```bash\ntremaux show a.txt   # the maze\npip install x\n```\n") == [["tremaux show a.txt"]]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder with the files the examples name: a maze, a mask picture, puzzles, the golden maze."""
    monkeypatch.chdir(tmp_path)
    write_example_inputs(tmp_path)
    return tmp_path


@pytest.mark.parametrize("commands", CASES)
def test_each_shown_command_runs(commands, folder, capsys):
    for command in commands:
        try:
            main(shlex.split(command)[1:])
        except SystemExit as exc:
            assert exc.code in (0, None), f"`{command}` fails: {capsys.readouterr().err}"
        capsys.readouterr()


def inline_commands(text: str) -> list[str]:
    """The ``tremaux`` commands written inline (in backticks) that are whole invocations: with an option or a file.

    A bare command name (`tremaux show`) is prose; a placeholder (``FILE``, ``NAME``), an elision (``...``) or
    a shell pipe or redirection marks a pattern, not a command; the gallery's commands (``--out docs/images/``)
    are run by ``test_readme_gallery.py``.
    """
    found = []
    for span in re.findall(r"`(tremaux [^`]+)`", text):
        words = span.split()
        if len(words) < 2 or words[1] in SKIPPED or any(w in ("|", ">") or "..." in w for w in words):
            continue
        if any(re.fullmatch(r"[A-Z][A-Z0-9_x]*(\.\w+)?", w) for w in words) or "docs/images/" in span:
            continue
        if any(w.startswith("-") or "." in w for w in words[1:]):
            found.append(span)
    return found


INLINE = sorted({c for page in PAGES for c in inline_commands(page.read_text(encoding="utf-8"))})


def test_inline_commands_are_found():
    assert inline_commands("run `tremaux show` or `tremaux solve maze.txt --seed 3`, `tremaux solve FILE --json`, "
                           "`tremaux animate a.txt -o - | x`") == ["tremaux solve maze.txt --seed 3"]
    assert "tremaux generate --list" in INLINE


@pytest.mark.parametrize("command", INLINE)
def test_each_command_written_inline_runs(command, folder, capsys):
    test_each_shown_command_runs([command], folder, capsys)


def test_a_documented_command_that_fails_fails_the_test(folder, capsys):
    with pytest.raises(AssertionError, match="fails"):
        test_each_shown_command_runs(["tremaux show missing.txt"], folder, capsys)


def _commands():
    root = typer.main.get_command(app)
    todo, found = [("", root)], {}
    while todo:
        name, cmd = todo.pop()
        if name:
            found[name] = cmd
        subs = {**getattr(cmd, "commands", {}), **getattr(cmd, "word_commands", {})}  # and ``dataset info``
        todo += [(f"{name} {sub}".strip(), c) for sub, c in subs.items()]
    return found


def _table():
    """(option, short form, commands) of each row of the vocabulary table of docs/cli.md."""
    rows = []
    for line in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not re.match(r"`--[\w-]+", cells[1]):
            continue
        names = set()
        for part in (p.strip() for p in cells[4].split(",")):
            if part.startswith("numberlink "):
                names |= {f"numberlink {sub}" for sub in part[len("numberlink "):].split("/")}
            elif part:
                names.add(part)
        option = re.match(r"`(--[\w-]+)", cells[1]).group(1)
        shown = set(re.findall(rf"`{option} ([^`]+)`", cells[1]))  # the value's name, as --help shows it
        rows.append((option, cells[2].strip("`"), names, shown))
    return rows


def test_the_option_table_is_the_command_tree():
    rows, commands = _table(), _commands()
    assert len(rows) >= 14 and {"--generator", "--size", "--workers", "--json", "--rule"} <= {r[0] for r in rows}
    assert "dataset info" in commands
    for option, short, listed, shown in rows:
        taking, metavars = {}, set()
        for name, cmd in commands.items():
            for p in cmd.params:
                if p.param_type_name == "option" and not p.hidden and option in p.opts:
                    taking[name] = {o for o in p.opts if not o.startswith("--")}
                    metavars |= {p.metavar} - {None}
        assert set(taking) == listed, f"{option}: the table lists {sorted(listed)}, the commands are {sorted(taking)}"
        assert shown == metavars, f"{option}: the table names its value {sorted(shown)}, --help {sorted(metavars)}"
        for name, shorts in taking.items():
            assert shorts == ({short} if short else set()), f"{name} {option}: short form {shorts}, not {short!r}"


def test_the_dataset_help_names_the_spec_defaults(capsys):
    """Without a spec file, dataset fills what is not given with DatasetSpec's defaults: its help says which."""
    from tremaux.dataset import DatasetSpec

    spec = DatasetSpec(count=1)
    _, out, _ = run(capsys, "dataset", "--help")
    text = " ".join(out.split())
    for said in (f"(default {spec.size[0]}x{spec.size[1]})", f"(default {spec.generator})",
                 f"(default {','.join(spec.solvers)})", f"(default {','.join(spec.outputs)})",
                 f"(default {spec.shard_size})", f"(default {spec.seed})"):
        assert said in text, f"dataset --help does not say {said}"
    size_row = next(line for line in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").splitlines()
                    if line.startswith("| size |"))
    assert f"`{spec.size[0]}x{spec.size[1]}` for every maze command, dataset included" in size_row


def test_numberlink_generate_out_writes_instead_of_printing(tmp_path, capsys):
    """As for every command, --out holds what would be printed; stderr says where it went."""
    code, printed, err = run(capsys, "numberlink", "generate", "--size", "5x5", "--seed", "3")
    assert code == 0 and printed.strip()
    code, out_printed, err = run(capsys, "numberlink", "generate", "--size", "5x5", "--seed", "3",
                                     "-o", str(tmp_path / "p.txt"))
    assert code == 0 and out_printed == ""
    assert (tmp_path / "p.txt").read_text() == printed
    assert f"wrote {tmp_path / 'p.txt'}" in err
    code, shown, _ = run(capsys, "numberlink", "generate", "--size", "5x5", "--seed", "3", "--solution",
                          "-o", str(tmp_path / "q.txt"))
    assert code == 0 and (tmp_path / "q.txt").read_text() == printed and shown.strip() and shown != printed


def test_one_shard_is_said_in_the_singular(tmp_path, capsys):
    code, out, _ = run(capsys, "dataset", "--count", "3", "--size", "3x3", "--seed", "1", "-q", "-o", str(tmp_path / "d"))
    assert code == 0 and out.startswith("3 mazes in ") and "(1 shard built; 3 mazes in" in out


def test_the_readme_lists_every_command(capsys):
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = re.search(r"`tremaux --help` lists every command \(([^)]*)\)", text).group(1)
    _, helped, _ = run(capsys, "--help")
    listed = re.findall(r"^  ([\w-]+)  ", helped.split("Commands:")[1], flags=re.M)
    assert re.findall(r"`([\w-]+)`", said) == listed  # the same commands, in the same order
    assert set(listed) == {name for name in _commands() if " " not in name}


def test_numberlink_convert_names_the_pictures_it_wrote(tmp_path, capsys):
    """Several puzzles drawn go to p-1.svg, p-2.svg... (docs/cli.md): the message names those files."""
    (tmp_path / "two.txt").write_text(".1.\n.1.\n\n2.2\n...\n")
    code, _, err = run(capsys, "numberlink", "convert", str(tmp_path / "two.txt"), "-o", str(tmp_path / "p.svg"))
    assert code == 0 and (tmp_path / "p-1.svg").is_file() and (tmp_path / "p-2.svg").is_file()
    assert not (tmp_path / "p.svg").exists()
    assert err.strip() == f"wrote 2 pictures, {tmp_path / 'p-1.svg'} to {tmp_path / 'p-2.svg'}"  # as solve says it


ALL_PAGES = [*PAGES, ROOT / "docs" / "benchmarks.md"]


def invocations(text: str) -> list[list[str]]:
    """The words after ``tremaux`` (or ``python -m tremaux``) of every shell line and inline command of a page.

    Patterns (``tremaux solve FILE --json``) and records of past runs count too: only their options are checked.
    """
    lines = [line for m in re.finditer(r"^```(?:bash|sh|shell|console)[ \t]*\n(.*?)^```", text, flags=re.M | re.S)
             for line in m.group(1).splitlines()]
    lines += re.findall(r"`((?:python -m )?tremaux [^`\n]+)`", re.sub(r"^```.*?^```", "", text, flags=re.M | re.S))
    found = []
    for line in lines:
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            words = line.split()
        words = words[2:] if words[:3] == ["python", "-m", "tremaux"] else words
        if words[:1] == ["tremaux"]:
            cut = next((k for k, w in enumerate(words) if w in ("|", ">", ">>", "<", "&&", ";")), len(words))
            found.append(words[1:cut])
    return found


@functools.cache
def _tree():
    return typer.main.get_command(app), _commands()


def wrong_options(argv: list[str]) -> list[str]:
    """The options of ``argv`` that the command it names does not take, or takes only as a hidden old spelling."""
    (cmd, commands), name, wrong = _tree(), "", []
    for word in argv:
        subs = {**getattr(cmd, "commands", {}), **getattr(cmd, "word_commands", {})}
        if word in subs and (not name or name in ("numberlink", "dataset")):
            name = f"{name} {word}".strip()
            cmd = commands[name]
        elif word.startswith("-") and word not in ("-", "--") and not re.fullmatch(r"-\d[\d.e]*", word):
            opt = word.split("=", 1)[0]
            opt = opt[:2] if not opt.startswith("--") else opt  # -ofile: a short form and its value
            taken = {o for p in cmd.params if p.param_type_name == "option" and not p.hidden
                     for o in (*p.opts, *p.secondary_opts)} | {"--help"}
            if opt not in taken:
                wrong.append(f"{name or 'tremaux'} {opt}")
    return wrong


def test_every_shown_command_takes_the_options_it_is_given():
    """Every option written after a command on any page (patterns and benchmark records included) is one it takes."""
    assert wrong_options(["numberlink", "generate", "--seeds", "3", "-op.txt"]) == ["numberlink generate --seeds"]
    assert wrong_options(["generate", "--algorithm", "wilson", "-o", "-", "--seed", "-3"]) == ["generate --algorithm"]
    assert invocations("`tremaux show FILE --style unicode` and\n```bash\npython -m tremaux info a.txt | x\n```\n") \
        == [["info", "a.txt"], ["show", "FILE", "--style", "unicode"]]
    wrong = [f"{page.name}: {' '.join(argv)}: {w}" for page in ALL_PAGES
             for argv in invocations(page.read_text(encoding="utf-8")) for w in wrong_options(argv)]
    assert sum(len(invocations(p.read_text(encoding="utf-8"))) for p in ALL_PAGES) >= 120
    assert not wrong, "\n".join(wrong)


def test_every_option_of_the_help_screens_is_documented():
    """README.md or docs/cli.md writes each option that a help screen shows (hidden old spellings aside)."""
    said = set(re.findall(r"(?<![\w-])(--[A-Za-z][\w-]*)", (ROOT / "README.md").read_text(encoding="utf-8")
                          + (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")))
    missing = sorted({f"{name or 'tremaux'} {o}" for name, cmd in {"": typer.main.get_command(app), **_commands()}.items()
                      for p in cmd.params if p.param_type_name == "option" and not p.hidden
                      for o in (*p.opts, *p.secondary_opts) if o.startswith("--") and o not in said})
    assert not missing, f"options in --help that the docs never write: {missing}"


def test_each_benchmark_command_names_a_script_that_takes_its_options():
    """``python benchmarks/x.py --opt`` on a page names a script that exists and takes ``--opt``.

    A line pinned to the commit it ran at (``... at abc1234``) records a past run and is not checked.
    """
    checked = 0
    for page in ALL_PAGES:
        text = page.read_text(encoding="utf-8")
        found = [(m.group(1), text[m.end():m.end() + 120]) for m in re.finditer(r"`([^`\n]*python benchmarks/[^`\n]*)`", text)]
        found += [(line, "") for m in re.finditer(r"^```bash[ \t]*\n(.*?)^```", text, flags=re.M | re.S)
                  for line in m.group(1).splitlines() if "python benchmarks/" in line]
        for line, after in found:
            words = shlex.split(line, comments=True)
            k = words.index("python") + 1
            script = ROOT / words[k]
            assert script.is_file(), f"{page.name}: `{line}` names {words[k]}, which does not exist"
            if re.search(r"\bat [0-9a-f]{7,40}\b", after):
                continue
            source = script.read_text(encoding="utf-8")
            for w in words[k + 1:]:
                opt = w.split("=", 1)[0]
                assert not opt.startswith("--") or f'"{opt}"' in source, f"{page.name}: {words[k]} takes no {opt}"
            checked += 1
    assert checked >= 30


QUOTED = [
    ("README.md", "error: maze.txt:4:13: ragged row: this line has 12 characters, the first line of the maze has 13",
     ["show", "maze.txt"]),
    ("README.md", "error: building a 1500 x 1500 zeta grid needs about 326.2 MiB of memory; ",
     ["--memory-limit", "100M", "generate", "--grid", "zeta", "--size", "1500x1500", "--out", "z.json"]),
    ("README.md", "error: the npz file of a 30000 x 30000 maze needs about 2.5 GiB of memory; the limit is 1.0 GiB",
     ["--memory-limit", "1G", "generate", "--size", "30000x30000", "--out", "maze.npz"]),
    ("docs/cli.md", "error: tremaux convert writes ascii, block, json, tokens, npz or png, not svg ('maze.svg'); "
     "tremaux render draws SVG and GIF pictures", ["convert", "maze.txt", "--out", "maze.svg"]),
]


@pytest.mark.parametrize("page, quoted, argv", QUOTED, ids=[q[1][7:40] for q in QUOTED])
def test_the_error_lines_the_pages_quote_are_what_the_commands_say(page, quoted, argv, tmp_path, monkeypatch, capsys):
    """An error line quoted on a page is still on the page and is the one its command prints (all refused at once)."""
    assert quoted in " ".join((ROOT / page).read_text(encoding="utf-8").split())
    monkeypatch.chdir(tmp_path)  # the README's drawing, after a blank line, its second wall line one short
    (tmp_path / "maze.txt").write_text("\n+---+---+---+\n| S     |   |\n+---+   +  +\n|         G |\n+---+---+---+\n")
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith(quoted), err
