"""Every public function, class and method of the package has a numpydoc docstring.

The walk covers every module of ``tremaux`` whose dotted name has no part
starting with ``_``, and in it every function and class defined there whose
name does not start with ``_`` (with their methods and properties). The API
reference (``mkdocs.yml``) is made from these docstrings, so a missing
section is a hole in the site. The rules, read from each object:

* a summary line, and an ``Examples`` section with a doctest (they run with the suite);
* ``Parameters`` when it takes any argument (for a class: its ``__init__``,
  unless it is a dataclass or an enum, whose fields carry their own docstrings);
* ``Returns`` (or ``Yields``) when its return annotation is not ``None``;
* ``Raises`` when its body raises an exception itself.

A command of the command line (a function registered on the ``typer`` app)
needs only its docstring: that text is the command's ``--help`` screen, and its
options are documented by their own ``help=`` (see ``docs/cli.md``).
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import pkgutil
import re
import textwrap

import pytest

def _module_names() -> list[str]:
    import tremaux

    names = ["tremaux"] + [m.name for m in pkgutil.walk_packages(tremaux.__path__, "tremaux.")]
    return [n for n in names if not any(part.startswith("_") for part in n.split(".")[1:])]


def _cli_commands() -> set[object]:
    """The functions registered as commands on the ``tremaux`` app and its sub-apps."""
    from tremaux.cli import app

    found, apps = set(), [app]
    while apps:
        a = apps.pop()
        found |= {c.callback for c in a.registered_commands}
        if a.registered_callback is not None:
            found.add(a.registered_callback.callback)
        apps += [g.typer_instance for g in a.registered_groups]
    return found


COMMANDS = _cli_commands()


def public_api() -> list[tuple[str, object, str]]:
    """``(qualified name, object, kind)`` for each public function, class and method."""
    items = []
    for name in _module_names():
        module = importlib.import_module(name)
        for key, obj in vars(module).items():
            if key.startswith("_") or getattr(obj, "__module__", None) != name:
                continue
            if inspect.isfunction(obj):
                items.append((f"{name}.{key}", obj, "function"))
            elif inspect.isclass(obj):
                items.append((f"{name}.{key}", obj, "class"))
                for mkey, member in vars(obj).items():
                    if mkey.startswith("_"):
                        continue
                    if isinstance(member, (classmethod, staticmethod)):
                        member = member.__func__
                    if inspect.isfunction(member):
                        items.append((f"{name}.{key}.{mkey}", member, "method"))
                    elif isinstance(member, property) and member.fget is not None:
                        items.append((f"{name}.{key}.{mkey}", member.fget, "property"))
    return items


def _sections(doc: str) -> set[str]:
    return set(re.findall(r"^([A-Z][a-z]+)\n-{3,}$", doc, flags=re.M))


def _own_params(func) -> list[str]:
    try:
        params = inspect.signature(func).parameters
    except (TypeError, ValueError):
        return []
    return [p for p in params if p not in ("self", "cls")]


def _raises(func) -> bool:
    try:
        source = textwrap.dedent(inspect.getsource(func))
    except (OSError, TypeError):
        return False
    body = source.split(":\n", 1)[-1]
    body = re.sub(r'(?s)("""|\'\'\').*?\1', "", body)  # docstrings
    return re.search(r"^\s+raise\s+\w", body, flags=re.M) is not None


def missing_sections(obj, kind: str) -> list[str]:
    """The sections ``obj``'s docstring lacks under the rules above."""
    doc = inspect.getdoc(obj) if kind != "property" else obj.__doc__
    if not doc or not doc.strip():
        return ["docstring"]
    if kind == "property" or obj in COMMANDS:
        return []
    have = _sections(inspect.cleandoc(doc))
    need = ["Examples"]
    if kind == "class":
        plain = not dataclasses.is_dataclass(obj) and not issubclass(obj, enum.Enum)
        if plain and "__init__" in vars(obj) and _own_params(obj.__init__):
            need.append("Parameters")
    else:
        if _own_params(obj):
            need.append("Parameters")
        ret = inspect.signature(obj).return_annotation
        if ret not in (None, "None", inspect.Signature.empty) and not ({"Returns", "Yields"} & have):
            need.append("Returns")
        elif ret is inspect.Signature.empty:
            need.append("Returns (or a return annotation of None)") if not ({"Returns", "Yields"} & have) else None
        if _raises(obj):
            need.append("Raises")
    missing = [s for s in need if s.split(" ")[0] not in have]
    if "Examples" in have and ">>> " not in inspect.cleandoc(doc).split("Examples\n--------", 1)[-1]:
        missing.append("a doctest (>>>) in Examples")
    return missing


API = public_api()


def test_the_walk_finds_the_public_api():
    names = {q for q, _, _ in API}
    assert {"tremaux.solvers.api.solve", "tremaux.maze.model.Maze", "tremaux.io.loads"} <= names
    # every package is walked, not a list of them
    for package in ("numberlink", "dataset", "web", "grids", "cli", "render", "measure", "generators"):
        assert any(q.startswith(f"tremaux.{package}.") for q in names), package
    assert {"tremaux.numberlink.solvers.solve_puzzle", "tremaux.budget.sizes.parse_bytes", "tremaux.cli.options.parse_size"} <= names
    assert len(API) > 500


def test_commands_are_recognised_and_documented():
    from tremaux.cli.generate_cmds import generate_cmd
    from tremaux.cli.numberlink_cmds import solve_cmd

    assert {generate_cmd, solve_cmd} <= COMMANDS
    for command in COMMANDS:
        assert (command.__doc__ or "").strip(), f"{command.__qualname__}: the command has no help text"


@pytest.mark.parametrize("qualname, obj, kind", API, ids=[q for q, _, _ in API])
def test_public_api_has_numpydoc_sections(qualname, obj, kind):
    missing = missing_sections(obj, kind)
    assert not missing, f"{qualname}: the docstring lacks {', '.join(missing)}"


def test_the_rules_catch_a_bare_docstring():
    def f(x: int) -> int:
        """Twice x."""
        if x < 0:
            raise ValueError("negative")
        return 2 * x

    assert missing_sections(f, "function") == ["Examples", "Parameters", "Returns", "Raises"]


def test_an_examples_section_needs_a_doctest():
    def g() -> None:
        """Nothing.

        Examples
        --------
        Call it.
        """

    assert missing_sections(g, "function") == ["a doctest (>>>) in Examples"]
