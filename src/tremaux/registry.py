"""Registries: one per family of algorithms, read by the CLI, the web page and the tests.

A registry maps a canonical name (lower-case words joined by hyphens) and its
aliases to an :class:`Entry`: the function, a one-line description and free
metadata (for example whether a generator always gives a perfect maze).

Examples
--------
>>> from tremaux.registry import Registry
>>> reg = Registry("solver")
>>> @reg.register("bfs", aliases=("breadth-first",), doc="Breadth-first search.")
... def _bfs(x):
...     return x + 1
>>> reg.get("breadth-first").name
'bfs'
>>> reg.get("dijkstra")
Traceback (most recent call last):
...
tremaux.errors.UnknownNameError: unknown solver 'dijkstra'; choose one of: bfs
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import UnknownNameError

__all__ = ["Entry", "Registry"]

_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _key(name: str) -> str:
    """The registered spelling ``name`` stands for: lower case, ``_`` and inner spaces as ``-`` ("Growing tree")."""
    return re.sub(r"[\s_]+", "-", name.strip().lower())


@dataclass(frozen=True)
class Entry:
    """One registered algorithm.

    Examples
    --------
    >>> from tremaux import SOLVERS
    >>> entry = SOLVERS.get("breadth-first")
    >>> entry.name, entry.shortest
    ('bfs', True)
    """

    name: str
    """Canonical name, lower-case words joined by hyphens."""
    func: Callable[..., Any] = field(repr=False)
    """The function that runs it."""
    doc: str
    """One line of documentation."""
    aliases: tuple[str, ...] = ()
    """Other accepted names."""
    meta: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), compare=False, repr=False)
    """Family-specific facts (e.g. ``perfect=True`` for generators); not compared, so that an entry hashes (a
    dict key, a set member) and its ``repr`` stays one short line."""
    kind: str = field(default="", compare=False, repr=False)
    """What its registry holds (``"generator"``...): an entry of the package's registries pickles by its name."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # by name: its functions need not pickle (a process pool)
        if self.kind not in _HOMES:
            raise TypeError(f"an entry of a {self.kind or 'new'} registry cannot be pickled; pickle its name")
        return _registered, (self.kind, self.name)

    def __getattr__(self, key: str) -> Any:
        if key.startswith("__") or key == "meta":
            raise AttributeError(key)
        try:
            return self.meta[key]
        except KeyError:
            raise AttributeError(key) from None


_HOMES = {"generator": ("tremaux.generators", "GENERATORS"), "solver": ("tremaux.solvers", "SOLVERS"),
          "grid": ("tremaux.grids", "GRIDS"), "format": ("tremaux.io", "FORMATS"),
          "numberlink solver": ("tremaux.numberlink.solvers", "NL_SOLVERS"),
          "numberlink rule": ("tremaux.numberlink.rules", "RULES"),
          "numberlink format": ("tremaux.numberlink.formats", "FORMATS")}
"""Where each registry of the package lives, for an entry unpickled in another process."""


def _registered(kind: str, name: str) -> Entry:
    """The entry a pickle names (see :meth:`Entry.__reduce__`)."""
    import importlib

    module, registry = _HOMES[kind]
    return getattr(importlib.import_module(module), registry).get(name)


class Registry:
    """Name -> :class:`Entry` for one family of algorithms.

    Parameters
    ----------
    kind : str
        What the entries are (``"generator"``, ``"solver"``...), used in messages.

    Examples
    --------
    >>> from tremaux.registry import Registry
    >>> colours = Registry("colour")
    >>> @colours.register("red", aliases=("scarlet",), doc="The colour of the start.")
    ... def red():
    ...     return "#f00"
    >>> colours.get("scarlet").func(), colours.names(), "red" in colours
    ('#f00', ['red'], True)
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, Entry] = {}
        self._lookup: dict[str, str] = {}

    def register(
        self,
        name: str,
        *,
        aliases: tuple[str, ...] = (),
        doc: str,
        **meta: Any,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator that registers a function under ``name`` and ``aliases``.

        Parameters
        ----------
        name : str
            The canonical name: lower-case words joined by hyphens.
        aliases : tuple of str
            Other names accepted by :meth:`get`.
        doc : str
            One line of documentation, shown by ``--list`` and the web page.
        **meta
            Family-specific facts, read as attributes of the :class:`Entry`.

        Returns
        -------
        callable
            A decorator that registers its function and returns it unchanged.

        Examples
        --------
        >>> from tremaux.registry import Registry
        >>> shapes = Registry("shape")
        >>> @shapes.register("square", doc="Four equal sides.", sides=4)
        ... def square():
        ...     pass
        >>> shapes.get("square").sides
        4
        """

        def deco(func: Callable[..., Any]) -> Callable[..., Any]:
            self.add(name, func, aliases=aliases, doc=doc, **meta)
            return func

        return deco

    def add(
        self,
        name: str,
        func: Callable[..., Any],
        *,
        aliases: tuple[str, ...] = (),
        doc: str,
        **meta: Any,
    ) -> Entry:
        """Register ``func`` directly; see :meth:`register`.

        Parameters
        ----------
        name : str
            The canonical name: lower-case words joined by hyphens.
        func : callable
            The function that runs the algorithm.
        aliases : tuple of str
            Other names accepted by :meth:`get`.
        doc : str
            One line of documentation.
        **meta
            Family-specific facts, read as attributes of the :class:`Entry`.

        Returns
        -------
        Entry
            The new entry.

        Raises
        ------
        ValueError
            For a badly spelled name or alias, or one that is already registered.

        Examples
        --------
        >>> from tremaux.registry import Registry
        >>> shapes = Registry("shape")
        >>> shapes.add("square", print, doc="Four equal sides.").name
        'square'
        >>> shapes.add("square", print, doc="Again.")
        Traceback (most recent call last):
        ...
        ValueError: shape name 'square' is already registered
        """
        for n in (name, *aliases):
            if not _NAME.match(n):
                raise ValueError(f"registry names are lower-case words joined by hyphens, not {n!r}")
            if n in self._lookup:
                raise ValueError(f"{self.kind} name {n!r} is already registered")
        entry = Entry(name, func, doc, tuple(aliases), MappingProxyType(dict(meta)), self.kind)
        self._entries[name] = entry
        for n in (name, *aliases):
            self._lookup[n] = name
        return entry

    def get(self, name: str) -> Entry:
        """The entry for ``name`` or an alias; unknown names list the valid ones.

        Parameters
        ----------
        name : str or Entry
            A name or alias; case, surrounding spaces and ``_`` or a space for ``-`` are forgiven. An entry of this
            registry (met while iterating over it) is taken as itself.

        Returns
        -------
        Entry
            The registered entry.

        Raises
        ------
        UnknownNameError
            For a name that is not registered; the message lists the valid ones.

        Examples
        --------
        >>> from tremaux import GENERATORS
        >>> GENERATORS.get("DFS").name, GENERATORS.get("Hunt and kill").name
        ('backtracker', 'hunt-and-kill')
        >>> [GENERATORS.get(entry) is entry for entry in GENERATORS][:2]
        [True, True]
        >>> GENERATORS.get("magic")
        Traceback (most recent call last):
        ...
        tremaux.errors.UnknownNameError: unknown generator 'magic'; choose one of: ...
        """
        if isinstance(name, Entry):  # an entry met while iterating over the registry
            if self._entries.get(name.name) is name:
                return name
            raise UnknownNameError(self.kind, f"{name.name} (an entry of another registry)", self._entries)
        key = _key(str(name))
        try:
            return self._entries[self._lookup[key]]
        except KeyError:
            shown = str(name) if len(str(name)) <= 60 else f"{str(name)[:57]}..."  # one short line
            raise UnknownNameError(self.kind, shown, self._entries, aliases=self._lookup) from None

    def names(self) -> list[str]:
        """Canonical names in registration order.

        Returns
        -------
        list of str
            One canonical name per entry (aliases left out).

        Examples
        --------
        >>> from tremaux import SOLVERS
        >>> SOLVERS.names()[:2]
        ['bfs', 'dfs']
        """
        return list(self._entries)

    def __getitem__(self, name: str) -> Entry:
        """``registry[name]``: :meth:`get` (an unknown name raises :class:`UnknownNameError`, a ``KeyError``)."""
        return self.get(name)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _key(name) in self._lookup

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, names={self.names()!r})"
