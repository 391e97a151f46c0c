"""The pages of ``sweep_docs.py``: their units (README sections, docs pages), split dev/held, and what they hold.

A unit is a ``## `` section of README.md (the site makes each one a page of its user guide) or a page under
``docs/``. The split is fixed before any figure is seen: a unit whose name's CRC-32 is even is a development unit,
the others are held out. From each unit come its commands: every line of a shell block (```` ```bash ````,
``sh``, ``shell``, ``console``) and every command written inline in backticks (``tremaux ...``,
``python -m tremaux ...``, ``python benchmarks/...``), with the line it stands on; and the repository paths it
names (``src/...``, ``tests/...``, ``benchmarks/...``, ``docs/...``) and the dotted names of ``tremaux``.
"""

from __future__ import annotations

import ast
import re
import shlex
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHELL_TAGS = ("bash", "sh", "shell", "console")


@dataclass
class Unit:
    """One README section or one docs page: its name, file, first line and text."""

    name: str
    path: Path
    line: int
    text: str
    part: str = field(init=False)

    def __post_init__(self) -> None:
        self.part = "dev" if zlib.crc32(self.name.encode()) % 2 == 0 else "held"


@dataclass
class Command:
    """A command a page shows: where, how (``block`` or ``inline``), and its text."""

    unit: Unit
    line: int
    how: str
    text: str
    after: str = ""
    """The page's text just after an inline command (where ``at abc1234`` pins it to a past commit)."""

    @property
    def where(self) -> str:
        return f"{self.unit.path.relative_to(ROOT).as_posix()}:{self.line}"


def units(root: Path = ROOT) -> list[Unit]:
    """README's ``## `` sections and every page under docs/, in the order a reader meets them."""
    out = []
    readme = (root / "README.md").read_text(encoding="utf-8")
    heads = list(re.finditer(r"^## (.+)$", readme, flags=re.M))
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(readme)
        out.append(Unit(f"README.md#{m.group(1)}", root / "README.md", readme.count("\n", 0, m.start()) + 1,
                        readme[m.start():end]))
    for page in sorted((root / "docs").rglob("*.md")):
        out.append(Unit(page.relative_to(root).as_posix(), page, 1, page.read_text(encoding="utf-8")))
    return out


def _line(unit: Unit, offset: int) -> int:
    return unit.line + unit.text.count("\n", 0, offset)


def commands(unit: Unit) -> list[Command]:
    """The unit's shell lines (continuations joined, ``$ `` prompts dropped) and inline commands, in order."""
    found = []
    fences = r"^```(?:" + "|".join(SHELL_TAGS) + r")[ \t]*\n(.*?)^```[ \t]*$"
    spans = []
    for m in re.finditer(fences, unit.text, flags=re.M | re.S):
        spans.append((m.start(), m.end()))
        offset, pending = m.start(1), ""
        for raw in m.group(1).splitlines(keepends=True):
            text = raw.rstrip("\n")
            if pending:
                text = pending + " " + text.lstrip()
            if text.rstrip().endswith("\\"):
                pending = text.rstrip()[:-1]
                offset += len(raw)
                continue
            pending = ""
            text = text.strip()
            if text.startswith("$ "):
                text = text[2:]
            if text and not text.startswith("#"):
                found.append(Command(unit, _line(unit, offset), "block", text))
            offset += len(raw)
    inline = r"`((?:[A-Z_]+=\S+ )*(?:python -m tremaux|tremaux|python (?:benchmarks|docs)/)[^`\n]*)`"
    for m in re.finditer(inline, unit.text):
        if not any(a <= m.start() < b for a, b in spans):
            found.append(Command(unit, _line(unit, m.start()), "inline", m.group(1).strip(),
                                 unit.text[m.end():m.end() + 120]))
    return sorted(found, key=lambda c: c.line)


def words(text: str) -> list[str]:
    """The words of a shell line, its comment dropped (a line shlex cannot split is cut at spaces)."""
    try:
        return shlex.split(text, comments=True)
    except ValueError:
        return text.split("#")[0].split()


PATH_RE = r"(?<![\w/.-])((?:src|tests|benchmarks|docs|\.ci)/[\w./*-]*[\w*]|solvers/\w+\.py|kernels/\w+\.py)"


def paths(unit: Unit) -> list[tuple[int, str]]:
    """The repository paths a unit names in backticks, with their lines (URLs and ``docs/images/`` outputs kept)."""
    out = []
    for m in re.finditer(r"`([^`\n]+)`", unit.text):
        if re.search(r"(?<![\w/.])[\w-]+/[\w.-]+ $", unit.text[max(0, m.start() - 60):m.start()]):
            continue  # a path in another repository, written after its name: ``owner/repo `docs/x.txt```
        for p in re.finditer(PATH_RE, m.group(1)):
            out.append((_line(unit, m.start()), p.group(1)))
    return out


def path_exists(name: str, root: Path = ROOT) -> bool:
    """Whether a path a page names exists: from the root, or under ``src/tremaux`` (``solvers/x.py``)."""
    name = name.rstrip("/.")
    if re.fullmatch(r".*/\w+\.\w+", name) and not re.search(r"\.(py|md|txt|json|toml|yml|yaml|png|svg|gif|csv|npz|wh)$", name):
        name = name.rsplit(".", 1)[0] + ".py"  # tests/numberlink_reference.problems: a module's name
    bases = [root, root / "src" / "tremaux", root / "src" / "tremaux" / "numberlink"]
    return any(list(b.glob(name)) if "*" in name else (b / name).exists() for b in bases)


def dotted(unit: Unit) -> list[tuple[int, str]]:
    """The ``tremaux.x.y`` names a unit writes in backticks (calls and attributes cut at the first bracket)."""
    out = []
    for m in re.finditer(r"`(tremaux(?:\.\w+)+)", unit.text):
        out.append((_line(unit, m.start()), m.group(1)))
    return out


def _defined(tree) -> set[str]:
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            names |= _defined(node)
    return names


def resolves(name: str, root: Path = ROOT) -> bool:
    """Whether ``tremaux.a.b.c`` names a module, or a name a module (or a class in it) defines.

    Read from the source, nothing imported: importing a module can start work (a server's warm-up).
    """
    parts = name.split(".")
    base = root / "src"
    for k in range(len(parts), 0, -1):
        stem = base.joinpath(*parts[:k])
        source = stem / "__init__.py" if stem.is_dir() else stem.with_suffix(".py")
        if not source.is_file():
            continue
        rest = parts[k:]
        if not rest:
            return True
        tree = ast.parse(source.read_text(encoding="utf-8"))
        if rest[0] not in _defined(tree) and not (stem / f"{rest[0]}.py").is_file():
            return False
        if len(rest) > 1:
            cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == rest[0]), None)
            if cls is not None and rest[1] not in _defined(cls) and not any(
                    isinstance(n, ast.FunctionDef) and n.name == rest[1] for n in ast.walk(cls)):
                return False
        return True
    return False
