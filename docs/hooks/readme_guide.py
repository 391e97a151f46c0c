"""mkdocs hook: the user guide is README.md, one page per ``## `` section.

The README stays the single source: each ``## Title`` section (outside code
fences) becomes ``guide/<slug>.md`` in the site, listed under "User guide" in
the navigation in README order, with links into ``docs/`` rewritten so they
resolve from the guide folder.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File

_ROOT = Path(__file__).resolve().parents[2]
_GUIDE = "User guide"


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def readme_sections(text: str) -> list[tuple[str, str]]:
    """Split a README into ``(title, markdown)`` pairs at its ``## `` headings.

    Headings inside fenced code blocks are ignored; the text before the first
    ``## `` heading (the title and the introduction) is returned under the
    title ``""``.
    """
    sections: list[tuple[str, list[str]]] = [("", [])]
    fence = None
    for line in text.splitlines():
        m = re.match(r"^(```+|~~~+)", line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif line.startswith(fence):
                fence = None
        if fence is None and line.startswith("## "):
            sections.append((line[3:].strip(), []))
            continue
        sections[-1][1].append(line)
    return [(t, "\n".join(body).strip() + "\n") for t, body in sections]


def _guide_pages() -> list[tuple[str, str, str]]:
    text = (_ROOT / "README.md").read_text(encoding="utf-8")
    pages = []
    for title, body in readme_sections(text):
        if not title:
            continue
        body = re.sub(r"\]\(docs/", "](../", body)          # pictures and pages under docs/
        body = re.sub(r"<!--.*?-->\n?", "", body, flags=re.S)  # notes for the test runner
        pages.append((title, f"guide/{_slug(title)}.md", f"# {title}\n\n{body}"))
    return pages


def on_config(config):
    nav = config["nav"]
    for i, entry in enumerate(nav):
        if isinstance(entry, dict) and _GUIDE in entry:
            nav[i] = {_GUIDE: [{title: path} for title, path, _ in _guide_pages()]}
    return config


def on_files(files, config):
    for _title, path, content in _guide_pages():
        files.append(File.generated(config, path, content=content))
    return files
