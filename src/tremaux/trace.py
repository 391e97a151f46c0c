"""Traces: the transcript of a generation or solving run, replayed by animations.

A trace is a read-only structured array of events, one row per event, with
three fields: ``kind`` (an :class:`Event`), ``cell`` and ``other`` (flat cell
indices, ``other`` is -1 when an event concerns one cell only). Kernels fill
plain ``int64`` arrays; :meth:`Trace.from_rows` wraps them.

Examples
--------
>>> from tremaux import Event, Trace
>>> import numpy as np
>>> rows = np.array([[Event.VISIT, 0, -1], [Event.VISIT, 1, 0], [Event.FOUND, 1, -1]])
>>> t = Trace.from_rows(rows, shape=(1, 2))
>>> len(t), t[1]
(3, TraceEvent(kind=<Event.VISIT: 10>, cell=(0, 1), other=(0, 0)))
>>> t.count(Event.VISIT)
2
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, overload

import numpy as np

__all__ = ["Event", "TraceEvent", "Trace", "TRACE_DTYPE"]

TRACE_DTYPE = np.dtype([("kind", np.uint8), ("cell", np.int64), ("other", np.int64)])


class Event(IntEnum):
    """What happened at one step of a run.

    Examples
    --------
    >>> from tremaux import Event
    >>> Event.VISIT, int(Event.CARVE)
    (<Event.VISIT: 10>, 1)
    """

    # generation
    CARVE = 1
    """A passage was opened between ``cell`` and ``other``."""
    WALL = 2
    """A wall was put up between ``cell`` and ``other`` (recursive division)."""
    FRONTIER = 3
    """``cell`` entered the frontier (stack, queue, list) of a generator."""
    DONE = 4
    """``cell`` left the frontier for good."""
    # solving
    VISIT = 10
    """The search or traveler reached ``cell`` (from ``other``)."""
    MARK = 11
    """The passage from ``cell`` to ``other`` received a mark (Tremaux)."""
    RETRACE = 12
    """The traveler walked back from ``cell`` to ``other`` (a retraced passage)."""
    BACKTRACK = 13
    """A search abandoned ``cell`` (stack popped, dead end)."""
    DEAD = 14
    """``cell`` was filled in as a dead end (dead-end / cul-de-sac filling)."""
    FOUND = 15
    """The goal ``cell`` was reached."""
    PATH = 16
    """``cell`` is on the final path (emitted in order, start to goal)."""
    LOOPING = 17
    """The traveler noticed it is going round in circles at ``cell``."""


@dataclass(frozen=True)
class TraceEvent:
    """One event, with cells as coordinate tuples.

    Examples
    --------
    >>> from tremaux import Event, Trace
    >>> import numpy as np
    >>> t = Trace.from_rows(np.array([[Event.CARVE, 0, 1]]), (1, 2))
    >>> t[0]
    TraceEvent(kind=<Event.CARVE: 1>, cell=(0, 0), other=(0, 1))
    """

    kind: Event
    """What happened."""
    cell: tuple[int, ...]
    """Where it happened."""
    other: tuple[int, ...] | None
    """The other end of the passage involved, if any."""


class Trace:
    """An immutable sequence of events over a grid of ``shape``.

    Parameters
    ----------
    events : numpy.ndarray
        Structured array of :data:`TRACE_DTYPE`.
    shape : tuple of int
        Shape of the maze the flat indices refer to.

    Raises
    ------
    TypeError
        When ``events`` is not an array of :data:`TRACE_DTYPE`.

    Examples
    --------
    >>> from tremaux import Event
    >>> import tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((1, 3)), "bfs", record=True)
    >>> len(s.trace) > 0, s.trace.count(Event.PATH)
    (True, 3)
    >>> s.trace[0].kind
    <Event.VISIT: 10>
    """

    __slots__ = ("_events", "_shape")

    def __init__(self, events: np.ndarray, shape: tuple[int, ...]) -> None:
        ev = np.asarray(events)
        if ev.dtype != TRACE_DTYPE:
            raise TypeError(f"trace events must have dtype {TRACE_DTYPE}, not {ev.dtype}")
        ev = ev.copy() if ev.flags.writeable else ev
        ev.flags.writeable = False
        self._events = ev
        self._shape = tuple(int(x) for x in shape)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # rebuilt read-only (a pickle's arrays are writable)
        return Trace, (self._events, self._shape)

    @classmethod
    def from_rows(cls, rows: np.ndarray, shape: tuple[int, ...]) -> Trace:
        """Build a trace from an ``(n, 3)`` integer array ``[kind, cell, other]``.

        Parameters
        ----------
        rows : numpy.ndarray
            ``(n, 3)`` integers: the event kind, the flat index of the cell and of
            the other cell (``-1`` for none).
        shape : tuple of int
            Shape of the maze the flat indices refer to.

        Returns
        -------
        Trace
            The events, in row order.

        Examples
        --------
        >>> from tremaux import Event, Trace
        >>> import numpy as np
        >>> t = Trace.from_rows(np.array([[Event.CARVE, 0, 1], [Event.CARVE, 1, 2]]), (1, 3))
        >>> len(t), t[1].cell
        (2, (0, 1))
        """
        rows = np.asarray(rows, dtype=np.int64).reshape(-1, 3)
        ev = np.empty(rows.shape[0], dtype=TRACE_DTYPE)
        ev["kind"] = rows[:, 0]
        ev["cell"] = rows[:, 1]
        ev["other"] = rows[:, 2]
        return cls(ev, shape)

    @property
    def events(self) -> np.ndarray:
        """The read-only structured array."""
        return self._events

    @property
    def shape(self) -> tuple[int, ...]:
        """Shape of the maze the events refer to."""
        return self._shape

    @property
    def kinds(self) -> np.ndarray:
        """The ``kind`` column."""
        return self._events["kind"]

    def count(self, kind: Event) -> int:
        """Number of events of ``kind``.

        Parameters
        ----------
        kind : Event
            The kind of event to count.

        Returns
        -------
        int
            Events of that kind.

        Examples
        --------
        >>> from tremaux import Event, Trace
        >>> import numpy as np
        >>> Trace.from_rows(np.array([[Event.CARVE, 0, 1], [Event.DONE, 0, -1]]), (1, 2)).count(Event.CARVE)
        1
        """
        return int(np.count_nonzero(self._events["kind"] == int(kind)))

    def _coords(self, i: int) -> tuple[int, ...] | None:
        if i < 0:
            return None
        return tuple(int(x) for x in np.unravel_index(int(i), self._shape))

    def __len__(self) -> int:
        return int(self._events.shape[0])

    @overload
    def __getitem__(self, i: int) -> TraceEvent: ...

    @overload
    def __getitem__(self, i: slice) -> Trace: ...

    def __getitem__(self, i: int | slice) -> TraceEvent | Trace:
        if isinstance(i, slice):  # trace[:10]: the first ten events, as a trace of the same maze
            return Trace(self._events[i], self._shape)
        if isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)):  # trace["cell"] is no event
            raise TypeError(f"a trace is indexed by an event number or a slice, not {type(i).__name__}")
        row = self._events[i]
        return TraceEvent(Event(int(row["kind"])), self._coords(int(row["cell"])), self._coords(int(row["other"])))  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[TraceEvent]:
        for i in range(len(self)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        """Two traces are equal when they hold the same events over the same shape (two runs with one seed)."""
        if not isinstance(other, Trace):
            return NotImplemented
        return self._shape == other._shape and np.array_equal(self._events, other._events)

    def __hash__(self) -> int:
        return hash((self._shape, self._events.tobytes()))

    def __repr__(self) -> str:
        counts = ", ".join(
            f"{Event(k).name.lower()}={n}" for k, n in zip(*np.unique(self.kinds, return_counts=True))
        )
        return f"Trace(events={len(self)}{', ' + counts if counts else ''})"
