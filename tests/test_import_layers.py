"""The package's modules import one way: a lower module never imports a higher one, so no files import each other.

The model draws through ``tremaux._display`` (named by the package), ``tremaux.solve`` hands grid mazes to what
``tremaux.grids`` names, the kernels teach numba their functions through ``_numba.when_ready``, the errors write
sizes with ``tremaux._bytes``... A circle that comes back fails here, named file by file.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import tremaux

SRC = Path(tremaux.__file__).resolve().parent.parent
ELSEWHERE = ("tremaux.web",)
"""Parts whose circles are untangled on their own: a circle inside one of them alone is not counted here."""
UNTANGLING = (
    # the formats' table and the two formats that read and write through it
    ("tremaux.numberlink.formats", "tremaux.numberlink.formats.jsons", "tremaux.numberlink.formats.writing"),
    # a stage that asks the whole solver about a smaller board (the small board of bands, a window mended)
    ("tremaux.numberlink.solvers", "tremaux.numberlink.solvers.bands", "tremaux.numberlink.solvers.pipeline",
     "tremaux.numberlink.solvers.repair"),
)
"""Circles inside Number Link still to be untangled, each as the modules it may span.

A circle among these alone is not counted; one that reaches a module outside them fails: ``turns`` and
``uniqueness``, ``another``, ``counting`` and ``pipeline`` once imported each other, and the model, its results,
the drawings and the formats were one circle of 25 modules."""


def _untangling(circle: list[str]) -> bool:
    """Whether every module of ``circle`` lies in one of the :data:`UNTANGLING` circles."""
    return any(set(circle) <= set(known) for known in UNTANGLING)


_FROM = re.compile(r"^(\s*)from\s+(\.*[\w.]*)\s+import\s+(\(?)(.*)")
_IMPORT = re.compile(r"^(\s*)import\s+(tremaux[\w.]*)")


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in (SRC / "tremaux").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if package else parts)] = (path, package)
    return out


def _imports(name: str, path: Path, package: bool):
    """``(module, names)`` of every import of the package in ``path``: in functions too, not for type checkers."""
    base = name.split(".") if package else name.split(".")[:-1]
    lines = path.read_text(encoding="utf-8").splitlines()
    skip = None  # the indent of an ``if TYPE_CHECKING:`` block being skipped
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        indent = len(line) - len(line.lstrip())
        if skip is not None:
            if not line.strip() or indent > skip:
                continue
            skip = None
        if line.strip().startswith("if TYPE_CHECKING"):
            skip = indent
            continue
        m = _FROM.match(line)
        if m:
            target, names = m.group(2), m.group(4)
            if m.group(3):  # names in parentheses, over several lines
                while ")" not in names and i < len(lines):
                    names += " " + lines[i]
                    i += 1
            names = re.sub(r"#.*", "", names.split(")")[0]) if m.group(3) else re.sub(r"#.*", "", names)
            dots = len(target) - len(target.lstrip("."))
            if dots:
                target = ".".join(base[: len(base) - dots + 1] + ([target[dots:]] if target[dots:] else []))
            if target.startswith("tremaux"):
                yield target, [n.split(" as ")[0].strip() for n in names.split(",") if n.strip()]
            continue
        m = _IMPORT.match(line)
        if m:
            yield m.group(2), []


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    found = {name: list(_imports(name, *where)) for name, where in mods.items()}
    # a name a package hands on (``from .maze import Maze`` in its __init__) leads to the module defining it
    handed = {name: {n: target for target, names in found[name] for n in names}
              for name, (_, package) in mods.items() if package}

    def module_of(target: str, n: str | None, depth: int = 0) -> str | None:
        if n is not None and f"{target}.{n}" in mods:
            return f"{target}.{n}"
        while target and target not in mods:
            target = target.rpartition(".")[0]
        if n is not None and depth < 8 and target in handed and n in handed[target]:
            return module_of(handed[target][n], n, depth + 1)
        return target or None

    graph = {}
    for name, imports in found.items():
        graph[name] = {t for target, names in imports for t in ([module_of(target, n) for n in names] or
                                                                 [module_of(target, None)])
                       if t and t != name and t != "tremaux"}  # the package's face: its names load on first use
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected parts of more than one module (Tarjan's algorithm, without recursion)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1:
                    out.append(sorted(part))
    return out


def test_no_modules_import_each_other():
    graph = _graph()
    assert "tremaux.render" in graph["tremaux.render.output"] or graph["tremaux.maze.model"]  # the graph was read
    circles = [c for c in _circles(graph)
               if not any(all(m.startswith(p) for m in c) for p in ELSEWHERE) and not _untangling(c)]
    assert not circles, "modules that import each other: " + "; ".join(" <-> ".join(c) for c in circles)


def test_the_circle_finder_sees_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_a_number_link_circle_outside_those_being_untangled_is_counted():
    assert _untangling(["tremaux.numberlink.formats", "tremaux.numberlink.formats.jsons"])
    assert not _untangling(["tremaux.numberlink.formats", "tremaux.numberlink.formats.grids",
                            "tremaux.numberlink.model"])
    assert not _untangling(["tremaux.numberlink.turns", "tremaux.numberlink.uniqueness"])
    assert not _untangling(["tremaux.numberlink.solvers.another", "tremaux.numberlink.solvers.counting",
                            "tremaux.numberlink.solvers.pipeline"])
    assert not _untangling(["tremaux.numberlink.model", "tremaux.numberlink.solvers.bands"])  # across two


def test_lower_modules_load_no_higher_one():
    """What used to reach up, run in a fresh interpreter: the higher modules stay unloaded."""
    code = """if True:
        import sys
        from tremaux.errors import MemoryLimitError
        str(MemoryLimitError("a picture", 3 * 2**30, 2**30))  # writes sizes: tremaux._bytes, not the budget
        assert "tremaux.budget" not in sys.modules, "errors loaded the budget"
        from tremaux.kernels import solve
        assert "tremaux.kernels.solve_best" not in sys.modules, "kernels.solve loaded solve_best"
        import tremaux
        try:  # what solve is given is told apart without the grids (nor numba: this refusal runs no kernel)
            tremaux.solve([[1, 2]], "bfs")
        except tremaux.errors.InvalidMazeError:
            pass
        assert not [m for m in sys.modules if m.startswith("tremaux.grids")], "solve loaded the grids"
        assert "tremaux.render" not in sys.modules and "tremaux.io" not in sys.modules, "the model loaded a renderer"
        assert str(tremaux.Maze.open((1, 2))).startswith("+---+---+")  # drawn by what the package named
    """
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
