"""Questions to a Number Link SAT encoding bounded by work only, and the edges of what they answer.

A model found within a number of unit propagations (:func:`exact_model`,
:func:`exact_models`) is the same on any machine and at any load: the
generator's puzzles (:mod:`.uniqueness`, :mod:`.turns`, :mod:`.regions`)
rest on it. Other solutions are compared by their edges, pairs of flat
cells, the smaller first.

Examples
--------
>>> from tremaux.numberlink.exact import ALTERNATIVES
>>> ALTERNATIVES
16
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .result import Linking

__all__ = ["ALTERNATIVES", "EXACT_CHUNK", "exact_model", "exact_models"]


EXACT_CHUNK = 1 << 20
"""Unit propagations of one SAT call of the generator's questions (about a fifth of a second at five million a
second): between two calls the work may move on into a child process (:mod:`.solvers.bound`), which a call
bounded in work is not stopped for (it would go on elsewhere in its search than it would have otherwise)."""


def exact_model(enc: Any, stop: float | None, work: int | None, assumptions: list[int] | None = None) -> Any:
    """``enc.next_model`` within ``work`` unit propagations in all (``None``: until ``stop``), bounded by work only.

    Calls of at most :data:`EXACT_CHUNK` propagations, each stopped only at
    its budget (:func:`.solvers.backend.solve_until` with ``exact``) or at
    ``stop``: the model found, and the puzzle the generator makes of it,
    are the same on any machine and at any load.

    Parameters
    ----------
    enc : Encoding
        The encoding asked.
    stop : float or None
        A ``time.perf_counter()`` value: past it the question gives up.
    work : int or None
        Unit propagations the question may use in all; ``None``: no bound but ``stop``.
    assumptions : list of int, optional
        Literals every call assumes.

    Returns
    -------
    Model or None
        The next model, or ``None`` when there is none (under ``assumptions``).

    Raises
    ------
    TimeoutError
        When ``work`` was used up, or ``stop`` passed, first.

    Examples
    --------
    >>> from tremaux.numberlink.exact import exact_model
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.sat import Encoding
    >>> with Encoding(Puzzle.from_rows(["1.1", "..."]), "nikoli") as enc:
    ...     exact_model(enc, None, None).links.tolist()
    [2, 10, 8, 0, 0, 0]
    """
    stats = getattr(enc.solver, "accum_stats", None)
    used = 0
    while True:
        step = EXACT_CHUNK if work is None else min(EXACT_CHUNK, work - used)
        if step <= 0:
            raise TimeoutError("the question used up its work")
        before = stats()["propagations"] if stats is not None else 0
        try:
            return enc.next_model(stop, propagations=step, assumptions=assumptions, exact=True)
        except TimeoutError:
            if stats is None or (stop is not None and time.perf_counter() > stop):
                raise
            used += max(1, stats()["propagations"] - before)


def exact_models(enc: Any, stop: float | None) -> Any:
    """The models of ``enc``, one at a time, bounded by work only (:func:`exact_model`): the same ones anywhere.

    The first model (or the proof that there is none) until ``stop``
    passes; each next one with at most the work spent so far, the models
    ending at the first that needs more. The caller may add clauses between
    two models (they hold for the next).

    Parameters
    ----------
    enc : Encoding
        The encoding asked.
    stop : float or None
        A ``time.perf_counter()`` value: past it the question gives up.

    Yields
    ------
    Model
        The next model.

    Raises
    ------
    TimeoutError
        When ``stop`` passed before the first model (or the proof there is none).

    Examples
    --------
    >>> from tremaux.numberlink.exact import exact_models
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.sat import Encoding
    >>> with Encoding(Puzzle.from_rows(["1.1", "..."]), "nikoli") as enc:
    ...     models = exact_models(enc, None)
    ...     first = next(models)
    ...     enc.block(first)  # the next model must be another one
    ...     sorted(m.links.tolist() != first.links.tolist() for m in [next(models)])
    [True]
    """
    stats = getattr(enc.solver, "accum_stats", None)
    start = 0 if stats is None else stats()["propagations"]
    work = None
    while True:
        try:
            model = exact_model(enc, stop, work)
        except TimeoutError:
            if work is None:
                raise
            return
        if model is None:
            return
        yield model
        if stats is not None:
            work = max(1, stats()["propagations"] - start)


def _model_edges(enc: Any, model: Any) -> set[tuple[int, int]]:
    """The edges ``(a, b)`` (flat cells, ``a < b``) a model of ``enc`` turns on."""
    return {(int(a), int(b)) for a, b in zip(enc.eu[model.edges], enc.ev[model.edges])}


ALTERNATIVES = 16
"""Other solutions collected per uniqueness question before the lines are cut and the question asked again."""


def _edge_ids(enc: Any, linking: Linking) -> np.ndarray:
    """The encoding's numbers of the edges of ``linking``'s lines."""
    w = enc.w
    key = {(int(u), int(v)): i for i, (u, v) in enumerate(zip(enc.eu.tolist(), enc.ev.tolist()))}
    out = []
    for p in linking.paths:
        f = (p[:, 0] * w + p[:, 1]).tolist()
        for a, b in zip(f[:-1], f[1:]):
            out.append(key[(min(a, b), max(a, b))])
    return np.array(out, dtype=np.int64)


def _linking_edges(lk: Linking, w: int) -> set[tuple[int, int]]:
    """The edges (flat cells, smaller first) of the lines of ``lk``."""
    return _edges_of([(p[:, 0] * w + p[:, 1]).tolist() for p in lk.paths])


def _edges_of(lines: list[list[int]]) -> set[tuple[int, int]]:
    """The edges (flat cells, smaller first) of ``lines``."""
    return {(min(a, b), max(a, b)) for ln in lines for a, b in zip(ln[:-1], ln[1:])}
