"""Writing a benchmark's figures into docs/benchmarks.md, between its two markers."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


def write_section(text: str, begin: str, end: str, heading: str, doc: Path = DOC) -> None:
    """Put ``text`` (which starts with ``begin`` and ends with ``end``) in place of the old section, or append it.

    A new section goes at the end of the page under ``heading`` (a ``## `` title).
    """
    page = doc.read_text(encoding="utf-8")
    if begin in page:
        page = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _m: text, page, flags=re.S)
    else:
        page = page.rstrip("\n") + f"\n\n## {heading}\n\n" + text + "\n"
    doc.write_text(page, encoding="utf-8")
