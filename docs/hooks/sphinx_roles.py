"""griffe extension: show the docstrings' Sphinx roles as code in the API reference.

The docstrings also serve ``help()`` and the doctests, where ``:func:`solve```
reads naturally; the site shows it as ``solve`` in code style instead of the
raw role. (Listed under ``extensions`` of the python handler in mkdocs.yml.)
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


class SphinxRoles(Extension):
    """Rewrite the roles of every docstring griffe loads."""

    def on_object(self, *, obj: Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(obj.docstring.value)
