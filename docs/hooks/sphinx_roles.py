"""griffe extension: the docstrings' reStructuredText habits, shown as Markdown in the API reference.

The docstrings also serve ``help()`` and the doctests, where ``:func:`solve```
and ``=====`` tables read naturally; the site shows the roles as code and the
simple tables as Markdown tables. (Listed under ``extensions`` of the python
handler in mkdocs.yml.)
"""

from __future__ import annotations

import re

from griffe import Extension, Object

_ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|data|attr|obj|exc|const):`~?([^`]+)`")


def plain_roles(text: str) -> str:
    """Replace ``:role:`target``` with ```target``` (a leading ``~`` dropped).

    Examples
    --------
    >>> plain_roles("see :func:`tremaux.solve` and :class:`~tremaux.Maze`")
    'see `tremaux.solve` and `tremaux.Maze`'
    """
    return _ROLE.sub(lambda m: f"`{m.group(1)}`", text)


_BORDER = re.compile(r"^(\s*)=+( +=+)+\s*$")


def _columns(border: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"=+", border)]


def _cells(line: str, cols: list[tuple[int, int]]) -> list[str]:
    out = []
    for k, (a, _) in enumerate(cols):
        b = cols[k + 1][0] if k + 1 < len(cols) else len(line)
        out.append(line[a:b].strip().replace("|", "\\|"))
    return out


def markdown_tables(text: str) -> str:
    r"""Turn reStructuredText simple tables (``===  ===`` borders) into Markdown tables.

    A table with a header row keeps it; one without gets an empty header.

    Examples
    --------
    >>> print(markdown_tables("x\n\n===  ====\nbfs  yes\ndfs  no\n===  ====\n"))
    x
    <BLANKLINE>
    |  |  |
    | --- | --- |
    | bfs | yes |
    | dfs | no |
    <BLANKLINE>
    """
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _BORDER.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        cols = _columns(lines[i])
        rows: list[list[str]] = []
        header: list[str] | None = None
        j = i + 1
        while j < len(lines) and lines[j].strip():
            if _BORDER.match(lines[j]):
                if header is None and len(rows) == 1 and j + 1 < len(lines) and lines[j + 1].strip():
                    header = rows.pop()
                    j += 1
                    continue
                break
            rows.append(_cells(lines[j], cols))
            j += 1
        if j >= len(lines) or not _BORDER.match(lines[j]):  # not a table after all
            out.append(lines[i])
            i += 1
            continue
        head = header or [""] * len(cols)
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + " --- |" * len(cols))
        out += ["| " + " | ".join(r) + " |" for r in rows]
        i = j + 1
    return "\n".join(out)


class SphinxRoles(Extension):
    """Rewrite the roles and simple tables of every docstring griffe loads."""

    def on_object(self, *, obj: Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_tables(plain_roles(obj.docstring.value))
