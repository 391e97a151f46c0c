"""One vocabulary across every command: each concept has one spelling, one short form and one default.

The walk goes through the click command tree that typer builds, so a new command or option is checked
without being listed here.
"""

from __future__ import annotations

import re

import pytest
import typer

from tremaux.cli import app, main
from tremaux.cli.app import DEFAULT_SIZE
from cli_helpers import run

# concept (the parameter's name in the command function) -> the one spelling, its short form, spellings refused
CONCEPTS = {
    "generator": ("--generator", "-g", {"--algorithm", "--generate", "--algo", "--gen", "--maze-generator"}),
    "solver": ("--solver", "-s", {"--solve", "--algorithm", "--method", "--algo"}),
    # --grid and --shape are not refused: since issue 18 they name the grid family (polar, hex...) and its outline
    "size": ("--size", None, {"--dims", "--dimensions"}),
    "seed": ("--seed", None, {"--random-seed", "--rng", "--random-state"}),
    "out": ("--out", "-o", {"--output", "--dest", "--to-file"}),
    "fmt": ("--format", "-f", {"--to", "--fmt", "--output-format", "--as"}),
    "style": ("--style", None, {"--text-style", "--chars", "--charset"}),
    "as_json": ("--json", None, {"--as-json", "--machine"}),
    "time_limit": ("--time-limit", None, {"--timeout", "--seconds", "--time", "--limit", "--deadline"}),
    "rule": ("--rule", None, {"--rules", "--ruleset", "--rule-set", "--variant"}),
    "count": ("--count", "-n", {"--number", "--num", "--how-many"}),
    "workers": ("--workers", "-w", {"--jobs", "--processes", "--procs", "--threads"}),
    "quiet": ("--quiet", "-q", {"--silent", "--no-progress"}),
}
OUTPUT_ARGUMENTS = {"out", "output", "dst", "dest", "destination", "target"}
"""Names of an argument that would be an output file: the output file is ``--out`` everywhere."""


def _commands():
    """(full name, click command) for every command, depth first."""
    root = typer.main.get_command(app)
    todo = [("tremaux", root)]
    while todo:
        name, cmd = todo.pop()
        yield name, cmd
        # a command that takes a first word for another command (``tremaux dataset info``) lists it too
        subs = {**getattr(cmd, "commands", {}), **getattr(cmd, "word_commands", {})}
        for sub_name, sub in subs.items():
            todo.append((f"{name} {sub_name}", sub))


COMMANDS = sorted(_commands(), key=lambda item: item[0])


def _options(cmd):
    """Visible options (typer may ship its own copy of click, so options are told by their kind)."""
    return [p for p in cmd.params if p.param_type_name == "option" and not p.hidden]


def _listed(*argv) -> set[str]:
    """The commands a group's ``--help`` screen lists under Commands."""
    import subprocess
    import sys

    text = subprocess.run([sys.executable, "-m", "tremaux", *argv, "--help"], capture_output=True, text=True,
                          env={**__import__("os").environ, "COLUMNS": "200"}).stdout
    listed = text.split("Commands:", 1)[1] if "Commands:" in text else ""
    return {" ".join(["tremaux", *argv, m]) for m in re.findall(r"^  (\w[\w-]*)\s", listed, flags=re.M)}


def test_the_walk_sees_every_command():
    names = {name for name, _ in COMMANDS}
    assert {"tremaux generate", "tremaux solve", "tremaux render", "tremaux animate", "tremaux demo",
            "tremaux numberlink solve", "tremaux numberlink generate", "tremaux numberlink check",
            "tremaux numberlink convert", "tremaux dataset", "tremaux dataset info", "tremaux serve",
            "tremaux warmup", "tremaux convert", "tremaux info", "tremaux stats", "tremaux show"} <= names
    # every command the help screens list, so a new one cannot be missed
    listed = _listed() | _listed("numberlink")
    assert len(listed) >= 15 and listed <= names, sorted(listed - names)
    seen = {p.name for _, cmd in COMMANDS for p in _options(cmd)}
    assert set(CONCEPTS) <= seen
    # the Number Link commands are walked with the maze ones: each concept they share is checked there too
    numberlink = {p.name for name, cmd in COMMANDS if name.startswith("tremaux numberlink ") for p in _options(cmd)}
    assert {"solver", "size", "seed", "out", "fmt", "as_json", "time_limit"} <= numberlink


def _documented_commands(cell: str) -> set[str]:
    """The commands a row of the table in docs/cli.md names: ``numberlink solve/generate`` is two of them."""
    named = set()
    for part in (p.strip() for p in cell.split(",")):
        head, _, subs = part.partition(" ")
        named |= {f"{head} {s}" for s in subs.split("/")} if head == "numberlink" and subs else {part}
    return named


def test_the_table_in_the_docs_names_every_command_taking_each_option():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    table = [ln for ln in text.split("## Output files")[0].splitlines() if ln.startswith("| `") or
             (ln.startswith("| ") and "| `--" in ln)]
    leaves = {name[len("tremaux "):]: cmd for name, cmd in COMMANDS if not getattr(cmd, "commands", None)}
    checked = set()
    for line in table:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        option = re.match(r"`(--[\w-]+)", cells[1])
        if option is None:
            continue
        having = {name for name, cmd in leaves.items() if any(option[1] in p.opts for p in _options(cmd))}
        assert _documented_commands(cells[4]) == having, (option[1], cells[4])
        checked.add(option[1])
    assert {"--seed", "--size", "--out", "--format", "--json", "--time-limit", "--rule"} <= checked


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_each_concept_is_spelled_one_way(name, cmd):
    for param in _options(cmd):
        longs = {o for o in param.opts + param.secondary_opts if o.startswith("--")}
        shorts = {o for o in param.opts + param.secondary_opts if not o.startswith("--")}
        for concept, (spelling, short, refused) in CONCEPTS.items():
            assert not longs & refused, f"{name}: {sorted(longs & refused)} is spelled {spelling} elsewhere"
            if param.name == concept:
                assert longs == {spelling}, f"{name}: the {concept} is {sorted(longs)}, not {spelling}"
                assert shorts == ({short} if short else set()), f"{name}: {spelling} has short form {shorts}"
            elif spelling in longs:
                assert False, f"{name}: {spelling} names {param.name!r}, not the {concept}"


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_no_argument_is_an_output_file(name, cmd):
    """An output file is ``--out FILE`` on every command, never a positional argument."""
    for param in cmd.params:
        if param.param_type_name == "argument":
            assert param.name not in OUTPUT_ARGUMENTS, f"{name}: the output file is the argument {param.metavar}"
            assert not getattr(param, "hidden", False) or "deprecated" in (param.help or "").lower(), name


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_help_texts_use_the_one_spelling(name, cmd):
    text = cmd.get_help(cmd.context_class(cmd, info_name=name))
    for _, _, refused in CONCEPTS.values():
        for old in refused:
            assert not re.search(re.escape(old) + r"(?![\w-])", text), f"{name} --help mentions {old}"


def test_short_forms_mean_one_thing_everywhere():
    long_to_short: dict[str, set[str]] = {}
    short_to_long: dict[str, set[str]] = {}
    for _, cmd in COMMANDS:
        for param in _options(cmd):
            opts = param.opts + param.secondary_opts
            longs = [o for o in opts if o.startswith("--")]
            shorts = tuple(sorted(o for o in opts if not o.startswith("--")))
            for long in longs:
                long_to_short.setdefault(long, set()).add(shorts)
                for short in shorts:
                    short_to_long.setdefault(short, set()).add(long)
    assert {k: v for k, v in long_to_short.items() if len(v) > 1} == {}
    assert {k: v for k, v in short_to_long.items() if len(v) > 1} == {}


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_help_shows_no_type_after_plain_flags(name, cmd):
    ctx = cmd.context_class(cmd, info_name=name)
    text = cmd.get_help(ctx)
    assert "<bool>" not in text
    for param in _options(cmd):
        if param.is_flag:
            line = next(ln for ln in text.splitlines() if param.opts[0] in ln)
            assert "<" not in line.split(param.opts[-1])[-1].split("  ")[0], line


def _value_params(cmd):
    """Visible options that take a value, and arguments."""
    return [p for p in cmd.params if not getattr(p, "hidden", False) and not getattr(p, "is_flag", False)
            and (p.param_type_name == "argument" or not getattr(p, "count", False))]


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_every_value_is_named_in_words_not_by_its_type(name, cmd):
    # SECONDS, N, FILE, NAME... as the documentation's table does, never typer's <float>, <int>, <str>
    text = cmd.get_help(cmd.context_class(cmd, info_name=name))
    assert not re.search(r"<(bool|int|float|str|text|integer)>", text), f"{name} --help names a value by its type"
    for param in _value_params(cmd):
        assert param.metavar, f"{name}: {param.opts[0]} has no metavar"
        assert re.fullmatch(r"[A-Z][A-Za-z0-9=,.|\[\]-]*", param.metavar), f"{name}: {param.opts[0]} shows {param.metavar}"


KINDS = {"--out": {"FILE", "DIR"}}
"""Options whose value is of two kinds, each named one way: --out is a file, or a folder (``tremaux dataset``)."""


def test_one_option_names_its_value_one_way_everywhere():
    metavars: dict[str, set[str]] = {}
    for _, cmd in COMMANDS:
        for param in _value_params(cmd):
            if param.param_type_name == "option":
                metavars.setdefault(param.opts[0], set()).add(param.metavar)
    assert {k: v for k, v in metavars.items() if len(v) > 1 and not v <= KINDS.get(k, set())} == {}


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_out_is_named_a_folder_where_the_command_writes_one(name, cmd):
    for param in _value_params(cmd):
        if param.opts[0] == "--out":
            assert param.metavar == ("DIR" if name == "tremaux dataset" else "FILE"), f"{name}: --out {param.metavar}"


def test_every_maze_command_has_one_default_size():
    defaults = {}
    for name, cmd in COMMANDS:
        if name.startswith("tremaux numberlink"):
            continue  # a Number Link puzzle is another thing; its size is documented apart
        for param in _options(cmd):
            if param.name == "size" and param.default is not None:
                defaults[name] = param.default
    assert defaults and set(defaults.values()) == {DEFAULT_SIZE}, defaults


def test_a_dataset_has_the_same_default_size_as_every_maze_command():
    from tremaux.cli.options import parse_size
    from tremaux.dataset.spec import DatasetSpec

    assert DatasetSpec(count=1).size == tuple(parse_size(DEFAULT_SIZE))


def _run(capsys, *argv):
    return run(capsys, *argv)  # without the once-per-process first-use note


def test_old_spellings_still_work_for_one_release_with_a_warning(capsys):
    code, new, err = _run(capsys, "generate", "--generator", "kruskal", "--size", "3x4", "--seed", "5")
    assert code == 0 and err == ""
    code, old, err = _run(capsys, "generate", "-a", "kruskal", "--size", "3x4", "--seed", "5")
    assert code == 0 and old == new
    assert err.strip() == "warning: --algorithm is deprecated; use --generator"
    code, _, err = _run(capsys, "generate", "-a", "kruskal", "-g", "wilson")
    assert code == 2 and "--algorithm is the old spelling of --generator" in err


def test_convert_writes_to_out_and_its_old_dest_argument_still_works_with_a_warning(capsys, tmp_path):
    src = tmp_path / "m.txt"
    assert _run(capsys, "generate", "--size", "3x4", "--seed", "2", "--out", str(src))[0] == 0
    code, _, err = _run(capsys, "convert", str(src), "--out", str(tmp_path / "new.json"))
    assert code == 0 and err == f"wrote {tmp_path / 'new.json'} (json)\n"
    code, _, err = _run(capsys, "convert", str(src), str(tmp_path / "old.json"))
    assert code == 0 and err.splitlines()[0] == f"warning: the output file as a second argument is deprecated; use " \
                                                 f"--out {tmp_path / 'old.json'}"
    assert (tmp_path / "old.json").read_bytes() == (tmp_path / "new.json").read_bytes()
    code, _, err = _run(capsys, "convert", str(src), str(tmp_path / "a.json"), "-o", str(tmp_path / "b.json"))
    assert code == 2 and "DEST is the old spelling of --out" in err and not (tmp_path / "a.json").exists()
    code, _, err = _run(capsys, "convert", str(src))
    assert code == 2 and err.startswith("error: missing option '--out'")
    code, out, _ = _run(capsys, "convert", "--help")
    assert "DEST" not in out and "-o, --out FILE" in out


def test_deprecated_spellings_are_hidden_from_help(capsys):
    code, out, _ = _run(capsys, "solve", "--help")
    assert code == 0 and "--solver" in out and "--algorithm" not in out


def test_info_and_stats_print_a_property_the_same_way(capsys, tmp_path):
    path = tmp_path / "m.txt"
    assert _run(capsys, "generate", "--size", "4x5", "--seed", "3", "--out", str(path))[0] == 0
    _, info, _ = _run(capsys, "info", str(path))
    _, stats, _ = _run(capsys, "stats", str(path))
    for label in ("cells", "passages", "perfect", "loops"):
        line = next(ln for ln in stats.splitlines() if ln.strip().startswith(label + "  "))
        assert line in info.splitlines(), (line, info)


def test_show_prints_the_unicode_style_of_render(capsys, tmp_path):
    path = tmp_path / "m.json"
    assert _run(capsys, "generate", "--size", "3x4", "--seed", "1", "--out", str(path))[0] == 0
    _, shown, _ = _run(capsys, "show", str(path), "--style", "unicode")
    _, rendered, _ = _run(capsys, "render", str(path), "--style", "unicode")
    assert shown == rendered and "┌" in shown


def test_every_command_writing_a_file_names_its_format_as_the_others_do():
    # numberlink solve drew --out by extension alone, where tremaux solve takes -f/--format for it
    lacking = [name for name, cmd in COMMANDS
               if {"out"} <= {p.name for p in _options(cmd)} and "fmt" not in {p.name for p in _options(cmd)}
               and name != "tremaux dataset"]  # a dataset's --out is a folder
    assert lacking == []


def test_the_commands_that_report_take_the_same_output_options():
    # check reports on puzzles as info and stats report on a maze: --json, and no file to give a format to
    outputs = {name: {p.name for p in _options(cmd)} & {"out", "fmt", "as_json"} for name, cmd in COMMANDS
               if name in ("tremaux info", "tremaux stats", "tremaux numberlink check")}
    assert len(outputs) == 3 and all(v == {"as_json"} for v in outputs.values()), outputs


def test_every_command_has_one_default_generator():
    """The help screens that name a default generator name the same one, the dataset spec's included."""
    from tremaux.cli.options import DEFAULT_GENERATOR
    from tremaux.dataset import DatasetSpec

    assert DatasetSpec(count=1).generator == DEFAULT_GENERATOR
    named = {}
    for name, cmd in COMMANDS:
        for param in _options(cmd):
            if param.name == "generator":
                named[name] = re.findall(r"default:? ([a-z-]+)", param.help or "")
                assert param.default in (None, DEFAULT_GENERATOR), (name, param.default)
    assert len([n for n, d in named.items() if d]) >= 3, named
    assert {d[0] for d in named.values() if d} == {DEFAULT_GENERATOR}, named


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_help_names_arguments_in_words(name, cmd):
    # no Python type after an argument ('FILE <Path>', 'FILE <list[Path]>') nor braces in the usage ('{FILE}')
    text = cmd.get_help(cmd.context_class(cmd, info_name=name))
    usage = text.splitlines()[0]
    assert usage.startswith("Usage: ") and "{" not in usage and "<" not in usage, usage
    for param in cmd.params:
        if param.param_type_name != "argument" or getattr(param, "hidden", False):
            continue
        word = param.metavar or (param.name or "").upper()
        rows = [ln.strip() for ln in text.splitlines() if ln.strip().startswith(word + " ")]
        assert rows, f"{name} --help does not describe {word}"
        assert all(not ln[len(word):].lstrip().startswith("<") for ln in rows), rows
