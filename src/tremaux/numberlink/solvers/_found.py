"""The solutions a uniqueness check or a count has met, each once, and the answer they make.

A solution is known by its links (:attr:`~tremaux.numberlink.result.Linking.links`, as bytes): two searches
that meet the same lines, from either end, give it the same key. Making the links is a pass over the lines;
on a puzzle solved in a fraction of a millisecond the check would spend a noticeable part of its time on it,
so a key is made once per solution, from the links a search returned when it has them.
"""

from __future__ import annotations

import numpy as np

from ..result import Linking
from .base import Answer, Task

__all__: list[str] = []


def _held(task: Task, found: list[Linking], exhausted: bool, how: str, **kw) -> Answer:
    """The answer of ``found`` (distinct solutions): the first :attr:`.Task.keeps` kept, all counted (at most
    ``want``)."""
    return Answer(tuple(found[: task.keeps]), exhausted, how, count=min(len(found), task.want), **kw)


def _add(found: list[Linking], seen: set, more, keys=None) -> bool:
    """Add the solutions of ``more`` not yet in ``found``: whether any was new. ``keys``: their :func:`_key`, when
    known (the links a search returned), so that no pass over their lines makes them again.

    ``seen`` holds the keys of ``found`` and the ids of its solutions (alive while in ``found``, so no other
    object has them): a search hands back every solution it met since it began, the ones already added among
    them, which are passed over without their key made again.
    """
    new = False
    for n, lk in enumerate(more):
        if id(lk) in seen:
            continue
        key = _key(lk) if keys is None else keys[n]
        if key not in seen:
            seen.add(key)
            seen.add(id(lk))
            found.append(lk)
            new = True
    return new


def _key(lk: Linking) -> bytes:
    return np.asarray(lk.links, dtype=np.uint8).tobytes()


def _links_key(links: np.ndarray, lk: Linking | None = None) -> bytes:
    """:func:`_key` of ``lk``, from the links (flat, any integer type) of the search that returned it.

    Its lines were traced along those links, so each of their steps is one of them: when the links are as many
    as the steps (two bits a step), they are the same, and no pass over the lines makes them again. Otherwise
    (links beside the lines, which a solution has not) :func:`_key` of the lines.
    """
    bits = np.asarray(links, dtype=np.uint8)
    if lk is None:  # links made from the lines themselves (:func:`.base.first_tables`)
        return bits.tobytes()
    steps = sum(len(q) - 1 for q in lk.paths if len(q))
    if int(np.unpackbits(bits).sum()) != 2 * steps:
        return _key(lk)
    return bits.tobytes()
