"""The command line as ``sweep_docs.py`` checks it: a shown command's options, and the help screens against the docs.

``resolve`` walks a command's words down the click tree (``tremaux numberlink solve ...``, ``dataset info``) and
names every option the command does not take, and every hidden (old) spelling it uses. ``undocumented`` lists the
options of the help screens that README.md and docs/cli.md never write; ``table_defaults`` compares the default
column of the vocabulary table of docs/cli.md with each command's own default.
"""

from __future__ import annotations

import re

import typer.main

from tremaux.cli import app

ROOT_CMD = typer.main.get_command(app)


def tree() -> dict[str, object]:
    """Every command of the tree by its full name (``generate``, ``numberlink solve``, ``dataset info``)."""
    todo, found = [("", ROOT_CMD)], {}
    while todo:
        name, cmd = todo.pop()
        found[name] = cmd
        subs = {**getattr(cmd, "commands", {}), **getattr(cmd, "word_commands", {})}
        todo += [(f"{name} {sub}".strip(), c) for sub, c in subs.items()]
    return found


def _opts(cmd) -> tuple[dict[str, object], set[str]]:
    shown, hidden = {}, set()
    for p in cmd.params:
        if p.param_type_name != "option":
            continue
        for o in [*p.opts, *getattr(p, "secondary_opts", [])]:
            (hidden.add(o) if p.hidden else shown.__setitem__(o, p))
    shown["--help"] = None
    return shown, hidden


def resolve(argv: list[str]) -> tuple[str, list[str], list[str]]:
    """The command ``argv`` (words after ``tremaux``) names, the options it does not take, the old ones it uses."""
    commands, name, cmd = tree(), "", ROOT_CMD
    unknown, old = [], []
    k = 0
    while k < len(argv):
        word = argv[k]
        subs = {**getattr(cmd, "commands", {}), **getattr(cmd, "word_commands", {})}
        if word in subs and (cmd is ROOT_CMD or name in ("numberlink", "dataset")):
            name = f"{name} {word}".strip()
            cmd = commands[name]
        elif word.startswith("-") and word not in ("-", "--"):
            shown, hidden = _opts(cmd)
            opt = word.split("=", 1)[0]
            if not opt.startswith("--") and len(opt) > 2:  # -ofile, -n5: a short form with its value
                opt = opt[:2]
            if opt in hidden:
                old.append(opt)
            elif opt not in shown and not re.fullmatch(r"-\d[\d.e]*", word):  # a negative number is a value
                unknown.append(opt)
        k += 1
    return name, unknown, old


def undocumented(text: str) -> list[str]:
    """``command --option`` for each option of a help screen that ``text`` never writes."""
    said = set(re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", text))
    out = []
    for name, cmd in tree().items():
        shown, _ = _opts(cmd)
        for opt, p in shown.items():
            if p is None or not opt.startswith("--"):
                continue
            if opt not in said:
                out.append(f"{name or 'tremaux'} {opt}".strip())
    return sorted(set(out))


def table_defaults(cli_md: str) -> list[str]:
    """A row of the vocabulary table whose default column does not name a command's own default."""
    commands, out = tree(), []
    for line in cli_md.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not re.match(r"`--[\w-]+", cells[1]):
            continue
        option = re.match(r"`(--[\w-]+)", cells[1]).group(1)
        for name, cmd in commands.items():
            for p in cmd.params:
                if p.param_type_name != "option" or p.hidden or option not in p.opts:
                    continue
                default = p.default
                if default in (None, False, (), []) or callable(default):
                    continue
                value = str(default[0] if isinstance(default, (tuple, list)) and len(default) == 1 else default)
                value = re.sub(r"\.0$", "", value)
                if value not in cells[3]:
                    out.append(f"{option} of `{name}` defaults to {value!r}; the table says: {cells[3][:90]}")
    return out


FOREIGN = {"--maxprocesses", "--dist", "--cov", "--cov-report", "--cov-fail-under", "--strict", "--nthreads"}
"""Options of pytest, mkdocs and dask that the pages write in their own command lines."""


def stray_options(text: str, scripts: str) -> list[tuple[int, str]]:
    """``--options`` a page writes that no command takes (hidden old spellings count), nor a benchmark script."""
    taken = {o for cmd in tree().values() for p in cmd.params if p.param_type_name == "option"
             for o in (*p.opts, *p.secondary_opts)} | {"--help"} | FOREIGN
    out = []
    for m in re.finditer(r"(?<![\w-])(--[A-Za-z][\w-]*)", text):
        if m.group(1) not in taken and f'"{m.group(1)}"' not in scripts:
            out.append((text.count("\n", 0, m.start()) + 1, m.group(1)))
    return out
