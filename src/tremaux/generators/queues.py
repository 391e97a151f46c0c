"""The growing tree with a queue object of the caller's: seed 003's "Basic Growing Tree Algorithm v2".

The built-in disciplines (``newest``, ``oldest``, ``random``, ``min``...) run in compiled kernels. Any object with
the queue methods of the growing-tree text can be plugged in instead, as ``discipline=``; it then runs in Python:

* ``is_empty()``: ``True`` when nothing is in the queue;
* ``enter(cell)``: put a cell, ``(row, col)`` or ``(level, row, col)``, into the queue;
* ``top()``: the cell first in the queue, left in place;
* ``jettison()``: remove the cell that ``top()`` returned (the queue has not changed since);
* ``leave()``: ``top()`` and ``jettison()`` at once. Part of the protocol, the algorithm does not call it.

``is_empty`` and ``top`` may also be properties (the text writes ``q.is_empty`` and ``q.top``). A class gives a
fresh queue for every maze; an instance must be empty when the maze starts. The
neighbour to carve is drawn from the same random stream as the kernels', so a stack gives the same maze as the
``newest`` discipline and a first-in first-out queue the same as ``oldest``, for the same seed.

Examples
--------
>>> import tremaux
>>> class Stack:
...     def __init__(self):
...         self.items = []
...     def is_empty(self):
...         return not self.items
...     def enter(self, cell):
...         self.items.append(cell)
...     def top(self):
...         return self.items[-1]
...     def jettison(self):
...         self.items.pop()
...     def leave(self):
...         return self.items.pop()
>>> mine = tremaux.generate((6, 9), "growing-tree", discipline=Stack, seed=4)
>>> mine.maze == tremaux.generate((6, 9), "growing-tree", discipline="newest", seed=4).maze
True
>>> mine.stats.visits, mine.stats.max_frontier <= 54
(107, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._lazy import lazy_module
from ..errors import TremauxError

# the compiled helpers the kernels use, so that the same seed draws the same neighbours
kc = lazy_module("tremaux.kernels.gen_common")

__all__ = ["QUEUE_METHODS", "is_queue", "grow"]

QUEUE_METHODS = ("is_empty", "enter", "top", "jettison")
"""What the algorithm calls (``leave`` is part of the text's protocol but never needed here)."""


def is_queue(value: Any) -> bool:
    """Whether ``value`` (an object or a class) has the queue methods of :data:`QUEUE_METHODS`.

    Parameters
    ----------
    value : object
        A discipline as the caller gave it: a name, a queue object or a queue class.

    Returns
    -------
    bool
        True when it has every method the growing tree calls.

    Examples
    --------
    >>> from tremaux.generators.queues import is_queue
    >>> is_queue("newest"), is_queue(object())
    (False, False)
    """
    return not isinstance(value, (str, bytes)) and all(hasattr(value, m) for m in QUEUE_METHODS)


def _ask(q: Any, name: str, *args: Any) -> Any:
    """Call the queue's operation ``name`` (``is_empty`` and ``top`` may be properties); what it raises becomes a
    one-line :class:`TremauxError` naming the operation, chained to the original."""
    try:
        attr = getattr(q, name)
        return attr(*args) if callable(attr) else attr
    except Exception as exc:  # the caller's code: any exception, said in one line
        raise TremauxError(f"the queue's {name}() raised {type(exc).__name__}"
                           + (f": {exc}" if str(exc) else "")) from exc


def _is_empty(q: Any) -> bool:
    answer = _ask(q, "is_empty")
    if not isinstance(answer, (bool, np.bool_)):  # None, 0, "no", an array: not an answer to "is it empty?"
        raise TremauxError(f"the queue's is_empty() gave {answer!r}; it must be True or False")
    return bool(answer)


def _fresh(queue: Any) -> Any:
    if is_queue_instance(queue):
        q = queue
    else:
        try:
            q = queue()
        except Exception as exc:
            raise TremauxError(f"the queue class {getattr(queue, '__name__', queue)} could not be made with no "
                               f"argument: {type(exc).__name__}: {exc}") from exc
    if not _is_empty(q):
        raise TremauxError(f"the queue {type(q).__name__} is not empty; the growing tree starts from an empty queue")
    return q


def is_queue_instance(value: Any) -> bool:
    """Whether ``value`` is a queue object (not a class) with the queue methods.

    Parameters
    ----------
    value : object
        A discipline as the caller gave it.

    Returns
    -------
    bool
        True for a queue object, False for a class or anything else.

    Examples
    --------
    >>> from tremaux.generators.queues import is_queue_instance
    >>> is_queue_instance([])
    False
    """
    return not isinstance(value, type) and is_queue(value)


def grow(queue: Any, dims: tuple[int, ...], cells: np.ndarray, mask: np.ndarray, use_mask: bool, L: int, H: int,
         W: int, start: int, params: np.ndarray, state: np.ndarray, work: np.ndarray,
         trace: np.ndarray) -> tuple[int, int, int, int]:
    """Carve ``cells`` with the growing tree driving ``queue``; the signature of the generation kernels.

    Parameters
    ----------
    queue : object or class
        A queue object with :data:`QUEUE_METHODS`, or a class of them (called with no argument).
    dims : tuple of int
        The maze's shape, to hand cells to the queue as ``(row, col)`` or ``(level, row, col)``.
    cells, mask, use_mask, L, H, W, start, params, state, work, trace
        As for every kernel of :mod:`tremaux.kernels.generate` (``params`` and ``work`` are unused).

    Returns
    -------
    (start, visits, max_frontier, events)
        The start cell's flat index, looks at the top of the queue (``2 * cells - 1``), the longest the queue
        got, and the number of trace rows written.

    Raises
    ------
    TremauxError
        When the queue gives back a cell that is not waiting in it (for example because ``jettison`` did not
        remove it), or says it is empty while cells wait in it.

    Examples
    --------
    >>> import tremaux
    >>> from collections import deque
    >>> class Fifo:
    ...     def __init__(self):
    ...         self.q = deque()
    ...     is_empty = lambda self: not self.q
    ...     enter = lambda self, cell: self.q.append(cell)
    ...     top = lambda self: self.q[0]
    ...     jettison = lambda self: self.q.popleft()
    >>> a = tremaux.generate((5, 5), "growing-tree", discipline=Fifo, seed=2).maze
    >>> a == tremaux.generate((5, 5), "growing-tree", discipline="oldest", seed=2).maze
    True
    """
    q = _fresh(queue)
    count = int(kc.begin(cells, mask, use_mask))
    s = int(kc.pick_start(cells, start, count, state))
    off = kc.offsets(H, W)
    cand = kc.choice_buffer(L, H)  # candidate slots and the row table open_choices reads
    waiting = np.zeros(cells.shape[0], np.bool_)  # cells entered and not yet jettisoned
    cell_of: Callable[[int], tuple[int, ...]] = lambda i: tuple(int(x) for x in np.unravel_index(i, dims))
    strides = np.cumprod((1,) + dims[::-1])[:-1][::-1]

    def index_of(cell: Any) -> int:
        try:  # whole numbers only: int() would truncate 2.5 to 2, read "2" as 2 and fail on infinity
            idx = tuple(int(x) if isinstance(x, (int, np.integer)) else None for x in cell)
        except TypeError:
            idx = ()
        if None in idx:
            idx = ()
        if len(idx) != len(dims) or not all(0 <= x < d for x, d in zip(idx, dims)):
            raise TremauxError(f"the queue's top() gave {cell!r}, which is not a cell of the {dims} grid")
        i = int(np.dot(idx, strides))
        if not waiting[i]:
            raise TremauxError(f"the queue's top() gave {cell!r}, which is not waiting in the queue "
                               "(never entered, or jettisoned already)")
        return i

    cells[s] |= kc.VISITED
    t = kc.record(trace, 0, kc.EV_FRONTIER, s, -1)
    _ask(q, "enter", cell_of(s))
    waiting[s] = True
    size = maxf = 1
    visits = 0
    limit = 2 * count
    while not _is_empty(q):
        i = index_of(_ask(q, "top"))
        visits += 1
        if visits > limit:
            raise TremauxError(f"the queue {type(q).__name__} does not remove its top on jettison(): "
                               f"more than {limit} looks at the top for {count} cells")
        k = int(kc.open_choices(cells, i, L, H, W, cand))
        if k == 0:
            _ask(q, "jettison")
            waiting[i] = False
            size -= 1
            t = kc.record(trace, t, kc.EV_DONE, i, -1)
            continue
        d = int(cand[0] if k == 1 else cand[kc.rand_below(state, k)])
        j = i + int(off[d])
        kc.carve(cells, i, d, j)
        _ask(q, "enter", cell_of(j))
        waiting[j] = True
        size += 1
        maxf = max(maxf, size)
        t = kc.record(trace, t, kc.EV_CARVE, i, j)
        t = kc.record(trace, t, kc.EV_FRONTIER, j, i)
    if size != 0:
        raise TremauxError(f"the queue {type(q).__name__} says it is empty with {size} cell{'' if size == 1 else 's'} "
                           "still in it")
    kc.finish(cells)
    return s, visits, maxf, int(t)
