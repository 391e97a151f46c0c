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


@pytest.mark.parametrize("where, block", CASES)
def test_block_runs_alone(where, block, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))}
    run = subprocess.run([sys.executable, "-c", _RUNNER, where], input=block, capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=300)
    assert run.returncode == 0, f"{where} fails when run alone:\n{run.stdout}\n{run.stderr}"


def test_blocks_are_found_with_their_lines():
    text = "intro\n```python\nx = 1\n```\n\n```bash\nls\n```\n```python\n>>> 1 + 1\n2\n```\n"
    assert python_blocks(text) == [(3, "x = 1\n"), (10, ">>> 1 + 1\n2\n")]
