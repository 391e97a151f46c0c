"""Every ```python block of README.md and of every page under docs/ runs alone, in a fresh interpreter.

A block written as a doctest (``>>>`` prompts) must print what it shows; any
other block must run without an error. Each block gets its own interpreter,
so a block that leans on an import made by an earlier one fails here, as it
would for a reader who pastes it alone.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

_RUNNER = r"""
import doctest, sys
text = sys.stdin.read()
name = sys.argv[1]
if ">>>" in text:
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    test = doctest.DocTestParser().get_doctest(text, {"__name__": "__main__"}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test)
    sys.exit(1 if runner.failures else 0)
exec(compile(text, name, "exec"), {"__name__": "__main__"})
"""


def python_blocks(text: str) -> list[tuple[int, str]]:
    """The ```python fenced blocks of a markdown text, with the line each starts on."""
    blocks = []
    for m in re.finditer(r"^```python[ \t]*\n(.*?)^```[ \t]*$", text, flags=re.M | re.S):
        blocks.append((text.count("\n", 0, m.start()) + 2, m.group(1)))
    return blocks


def _cases():
    for page in PAGES:
        for line, block in python_blocks(page.read_text(encoding="utf-8")):
            yield pytest.param(f"{page.relative_to(ROOT)}:{line}", block, id=f"{page.name}:{line}")


CASES = list(_cases())


def test_the_pages_have_examples():
    assert len(CASES) >= 8


def test_every_docs_page_is_searched():
    """The walk reaches the pages of sub-folders (the API reference) too, and no Python block hides under another tag."""
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/index.md", "docs/cli.md", "docs/reference/index.md"} <= names
    for page in PAGES:
        tags = re.findall(r"^```[ \t]*(\w+)", page.read_text(encoding="utf-8"), flags=re.M)
        odd = [t for t in tags if t.lower() in ("py", "pycon", "python3", "ipython")]
        assert not odd, f"{page.name}: write Python blocks as ```python so they are tested, not {odd}"
        # a ```python fence with more on its line (a title, attributes) would be skipped by python_blocks
        text = page.read_text(encoding="utf-8")
        fenced = len(re.findall(r"^```[ \t]*python\b", text, flags=re.M))
        assert fenced == len(python_blocks(text)), f"{page.name}: a ```python fence with more on its line is not run"
        # nor would an indented fence (in a list item) or a ~~~ fence
        hidden = re.findall(r"^(?:[ \t]+```|[ \t]*~~~).*$", text, flags=re.M)
        assert not hidden, f"{page.name}: write fences at the start of the line with backticks, not {hidden[:3]}"


def _run_alone(where, block, folder):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-c", _RUNNER, where], input=block, capture_output=True, text=True,
                          cwd=folder, env=env, timeout=300)


@pytest.fixture(scope="module")
def runs(request, tmp_path_factory):
    """The selected blocks' runs, started at once, as many at a time as there are cores: each is a fresh
    interpreter in a folder of its own, and the suite's process only waits for them."""
    blocks = dict(CASES_BY_WHERE)
    chosen = [item.callspec.params["where"] for item in request.session.items
              if getattr(item, "module", None) is sys.modules[__name__]  # doctests of the modules have none
              and item.originalname == "test_block_runs_alone"]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = {where: pool.submit(_run_alone, where, blocks[where], tmp_path_factory.mktemp("block"))
                   for where in chosen}
        yield futures
        for future in futures.values():
            future.cancel()


CASES_BY_WHERE = [(case.values[0], case.values[1]) for case in CASES]


@pytest.mark.parametrize("where, block", CASES)
def test_block_runs_alone(where, block, runs, tmp_path):
    run = runs[where].result() if where in runs else _run_alone(where, block, tmp_path)
    assert run.returncode == 0, f"{where} fails when run alone:\n{run.stdout}\n{run.stderr}"


def test_blocks_are_found_with_their_lines():
    text = "intro\n```python\nx = 1\n```\n\n```bash\nls\n```\n```python\n>>> 1 + 1\n2\n```\n"
    assert python_blocks(text) == [(3, "x = 1\n"), (10, ">>> 1 + 1\n2\n")]


# The API reference shows each public docstring's Examples: they too run alone, in a namespace of their own,
# not in their module's (where the suite's doctests run and every name of the module is already defined).
def _docstring_examples() -> dict[str, list[tuple[str, str]]]:
    import importlib
    import inspect

    sys.path.insert(0, str(ROOT / "tests"))
    from test_docs_docstrings import API, _module_names

    found: dict[str, list[tuple[str, str]]] = {}
    for name in _module_names():
        found.setdefault(name, []).append((name, inspect.getdoc(importlib.import_module(name)) or ""))
    for qualname, obj, kind in API:
        module = qualname.rsplit(".", 1 if kind in ("function", "class") else 2)[0]
        doc = obj.__doc__ if kind == "property" else inspect.getdoc(obj)
        found.setdefault(module, []).append((qualname, inspect.cleandoc(doc or "")))
    return {m: [(q, d) for q, d in docs if ">>>" in d] for m, docs in found.items()
            if any(">>>" in d for _, d in docs)}


DOCSTRINGS = _docstring_examples()

# Modules maintained apart from the documentation whose examples still lean on their module's names;
# strict: a module fails here once all its examples run alone, so the list only shrinks.
KNOWN_LEANING: set[str] = set()


def _failures(examples: list[tuple[str, str]]) -> list[str]:
    import doctest
    import io

    failed = []
    for qualname, doc in examples:
        test = doctest.DocTestParser().get_doctest(doc, {"__name__": "__main__"}, qualname, None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        out = io.StringIO()
        runner.run(test, out=out.write)
        if runner.failures:
            failed.append(f"{qualname}: {out.getvalue().strip().splitlines()[-1].strip()}")
    return failed


@pytest.mark.parametrize("module", [
    pytest.param(m, marks=[pytest.mark.xfail(strict=True, reason="examples lean on the module")] if m in KNOWN_LEANING
                 else []) for m in sorted(DOCSTRINGS)])
def test_docstring_examples_run_alone(module, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from fsspec.implementations.memory import MemoryFileSystem  # a fresh interpreter's empty memory:// too (the
    monkeypatch.setattr(MemoryFileSystem, "store", {})            # doctests write the same paths, and a dataset
    monkeypatch.setattr(MemoryFileSystem, "pseudo_dirs", [""])    # found there is resumed, not built)
    failed = _failures(DOCSTRINGS[module])
    assert not failed, "examples that need a name they do not import:\n" + "\n".join(failed)


def test_a_docstring_example_leaning_on_its_module_fails():
    assert _failures([("x", ">>> registry_kind = Registry('shape')\n")])
    assert not _failures([("x", ">>> from tremaux.registry import Registry\n>>> Registry('shape').kind\n'shape'\n")])
