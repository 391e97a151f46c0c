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


def site_links(body: str, slugs: set[str]) -> str:
    """Rewrite a README section's links so that they resolve from ``guide/``.

    ``docs/...`` targets become ``../...``; ``#section`` anchors naming a
    README section point to its guide page; links to other files of the
    repository (outside the site) become their text followed by the path in
    code; web links are kept.
    """

    def fix(m: re.Match) -> str:
        bang, text, target = m.group(1), m.group(2), m.group(3)
        if re.match(r"[a-z]+:", target):
            return m.group(0)
        if target.startswith("docs/"):
            return f"{bang}[{text}](../{target[5:]})"
        if target.startswith("#"):
            slug = target[1:]
            return f"[{text}]({slug}.md)" if slug in slugs else m.group(0)
        return f"{text} (`{target}`)"

    return re.sub(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)", fix, body)


def _guide_pages() -> list[tuple[str, str, str]]:
    text = (_ROOT / "README.md").read_text(encoding="utf-8")
    sections = [(t, body) for t, body in readme_sections(text) if t]
    slugs = {_slug(t) for t, _ in sections}
    pages = []
    for title, body in sections:
        body = site_links(body, slugs)
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
