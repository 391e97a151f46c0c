"""The SAT encoding of a puzzle: variables, degree clauses, and the loop of solving and cutting.

The SAT solver itself (which one, loading, solving to a deadline) is in
:mod:`tremaux.numberlink.solvers.backend`; the colour, induced-line and hole clauses are in
:mod:`tremaux.numberlink.solvers.clauses`.

Variables
---------
* one per grid edge that a line may use (``x_e``): not between two endpoints
  of different pairs;
* ``B = ceil(log2(n + 1))`` colour bits per cell that is not an endpoint: the
  binary code of the pair whose line covers it (endpoints have their code fixed).

Clauses
-------
* degree: an endpoint has exactly one line edge; any other cell exactly two
  (``fill``) or zero or two (``nikoli``);
* colour: a line edge joins cells of the same code (``x_e -> b_u = b_v``),
  so a line can only join the two endpoints of one pair;
* no 2 x 2 square closed by four line edges (the smallest loop).

With ``colour_bits`` the codes get fewer bits than the pairs need, and pairs
share them (:data:`FILL_COLOUR_BITS` under ``fill``): then a line may join
numbers of two pairs that share a code, and such a model is not returned;
its wrong line is forbidden (not all of its edges) and the solver asked
again, as for loops below.

Degree and colour leave one way to go wrong: closed loops of free cells. Under
``nikoli`` they are harmless (a loop is dropped from the answer: its cells stay
empty). Under ``fill`` every loop found in a model is forbidden by a clause
(not all of its edges) and the solver is called again, incrementally, until the
model has none. A further solution is asked for by forbidding the edge set of
the lines found (a blocking clause), which also rules out the same lines with
other loops around them.

A 2 x 2 block of one colour is *not* forbidden: under ``fill`` it is not a
theorem (the 2 x 3 puzzle with ``1`` at both left corners has one solution,
and it fills a 2 x 2 block with one line), so it would lose solutions.

How the colour, induced lines, U-turns and holes are encoded, and why, is
told in :mod:`tremaux.numberlink.solvers.clauses`. The SAT solver is
Glucose 4 (python-sat, :mod:`.backend`): interruptible, so a deadline holds.
"""

from __future__ import annotations

import time

import numpy as np

from ...kernels import numberlink as kn
from ..model import Puzzle
from .backend import BUILD_SHARES, INCREMENTAL, SAT_BACKEND, Model, build_clock, direct_adder, in_time, loaded_solver, solve_until, without_gc
from .clauses import ClauseBuilders, degree_clauses
from .verdicts import colour_surplus

__all__ = ["Encoding", "FILL_COLOUR_BITS", "Model", "SAT_BACKEND", "INCREMENTAL", "loaded_solver"]

FILL_COLOUR_BITS = 5
"""Colour bits of the exact search under ``fill`` (see ``Encoding(colour_bits=...)``).

Past 31 pairs, pairs share codes and a line joining two of them is cut
lazily: fewer clauses for puzzles with many pairs (figures in
``docs/benchmarks.md``). Not used under ``nikoli`` nor for induced lines.
"""


class Encoding(ClauseBuilders):
    """The CNF of ``puzzle`` under ``rule`` in an incremental SAT solver.

    Parameters
    ----------
    puzzle : Puzzle
    rule : {"fill", "nikoli"}
    backend : str
        A pysat solver name.
    colour : {"binary", "onehot"}
        How a cell's pair is encoded.
    inactive : frozenset of int
        Pairs whose endpoints are mere obstacles (no line), for diagnoses.
    induced : bool
        Two neighbouring cells of one colour must be linked: lines never
        touch themselves. With the binary colours, each pair needs its own
        code (no ``colour_bits``).
    holes : {None, "surplus", "any"}
        Under ``fill``: free cells that may stay empty after
        all, those of the colour :func:`colour_surplus` says must be left
        over (``"surplus"``), or any (``"any"``).
    max_holes : int, optional
        At most this many of them do.
    at_most_one : bool
        One-hot only: no cell has two colours (pairwise clauses). Without
        them, a line that leaves a number of pair ``k`` is barred from every
        other colour instead, which says the same of lines (closed loops may
        take several colours) in far fewer clauses.
    blocked : array of bool, optional
        Cells (``puzzle.shape``) that are not part of the grid: no line
        enters them, and they need no cover. They must hold no number.
    uturns : bool
        Whether a line may make a U-turn: take three edges of one 2 x 2
        block, which leaves the two cells at the open side neighbours on one
        line, not linked. ``False`` forbids it (four clauses of three edge
        literals per block, instead of the one that forbids the 2 x 2
        loop); induced lines never do. Under ``nikoli`` this loses no puzzle:
        the line can go straight from one of those cells to the other, and
        the two it skips stay empty. It changes which solutions are
        counted, like ``induced``.
    colour_bits : int, optional
        Binary only: at most this many colour bits. When the pairs need more,
        pairs share codes (pair ``k`` gets ``(k - 1) % (2**colour_bits - 1) + 1``,
        so pairs that share one lie far apart in reading order), and a model
        whose line joins two numbers of different pairs is not returned: that
        line is forbidden and the solver asked again. Fewer clauses, and the
        same models.
    corners : bool
        Under ``fill`` without holes: the corner theorem of lines that never
        touch themselves (:mod:`tremaux.kernels.nl_search_corner`), a
        corner's inner diagonal is a number or a corner of the same shape.
        With ``induced`` it loses no model; without, it drops some models
        whose lines touch (the rest are still solutions).
    deadline : float, optional
        A ``time.perf_counter()`` value: building stops past it (large
        puzzles take a good part of a second to load into the solver).

    Raises
    ------
    TimeoutError
        When ``deadline`` passes before the solver holds every clause.
    ValueError
        An unknown ``colour`` encoding, ``holes`` other than ``"surplus"`` or
        ``"any"`` (or holes under a rule other than fill), ``colour_bits`` that
        is not a positive number under the binary encoding, or ``induced``
        lines with ``colour_bits`` under the binary encoding.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.encoding import Encoding
    >>> from tremaux.numberlink import Puzzle
    >>> enc = Encoding(Puzzle.from_rows(["1.1", "2.2"]), "fill")
    >>> model = enc.next_model()
    >>> enc.block(model)
    >>> enc.next_model() is None
    True
    >>> enc.close()
    """

    @without_gc
    def __init__(self, puzzle: Puzzle, rule: str, backend: str = SAT_BACKEND, colour: str = "binary",
                 inactive: frozenset[int] = frozenset(), induced: bool = False, holes: str | None = None,
                 max_holes: int | None = None, at_most_one: bool = True,
                 blocked: np.ndarray | None = None, colour_bits: int | None = None,
                 uturns: bool = True, corners: bool = False, deadline: float | None = None) -> None:
        t0 = build_clock()  # kernels loaded meanwhile are not the build's time
        if colour not in ("binary", "onehot"):
            raise ValueError("colour is 'binary' or 'onehot'")
        if holes is not None and (rule != "fill" or holes not in ("surplus", "any")):
            raise ValueError("holes are 'surplus' or 'any', under fill")
        if induced and colour == "binary" and colour_bits is not None:
            raise ValueError("induced lines need a colour code per pair")
        if colour_bits is not None and (colour != "binary" or int(colour_bits) < 1):
            raise ValueError("colour_bits is a positive number of bits, with the binary colour encoding")
        self.puzzle = puzzle
        self.rule = rule
        self.colour_bits = colour_bits
        self.shared_codes = False
        self.wrong_cuts = 0
        h, w = puzzle.shape
        self.h, self.w = h, w
        in_time(deadline, shape=(h, w))
        g = puzzle.grid.ravel().astype(np.int64)
        n = puzzle.pairs
        size = h * w
        idx = np.arange(size, dtype=np.int64).reshape(h, w)
        eu = np.concatenate([idx[:, :-1].ravel(), idx[:-1, :].ravel()])
        ev = np.concatenate([idx[:, 1:].ravel(), idx[1:, :].ravel()])
        horiz = np.zeros(eu.size, dtype=bool)
        horiz[: h * (w - 1)] = True
        gu, gv = g[eu], g[ev]
        keep = ~((gu > 0) & (gv > 0) & (gu != gv))
        off = np.zeros(size, dtype=bool)
        if blocked is not None:
            off = np.asarray(blocked, dtype=bool).ravel()
            if off.size != size or (off & (g > 0)).any() or holes is not None:
                raise ValueError("blocked cells must match the grid, hold no number, and go without holes")
            keep &= ~(off[eu] | off[ev])
        eu, ev, horiz = eu[keep], ev[keep], horiz[keep]
        ne = eu.size
        self.eu, self.ev, self.horiz = eu, ev, horiz
        self.nedges = ne
        evar = np.arange(1, ne + 1, dtype=np.int64)
        # incidence: (size, 4) edge variables by direction N E S W (0 = none)
        inc = np.zeros((size, 4), dtype=np.int64)
        inc[eu[horiz], 1] = evar[horiz]
        inc[ev[horiz], 3] = evar[horiz]
        inc[eu[~horiz], 2] = evar[~horiz]
        inc[ev[~horiz], 0] = evar[~horiz]
        self.inc = inc
        clauses: list[list[int]] = []
        packed = -np.sort(-inc, axis=1)  # nonzero first
        deg = (inc > 0).sum(axis=1)
        kinds = np.where(g > 0, 0, 1 if rule == "fill" else 2)
        hole = np.zeros(size, dtype=bool)
        if holes is not None and max_holes != 0:
            hole = (g == 0) & ~off
            if holes == "surplus":
                d = colour_surplus(puzzle)
                dark = ((idx // w + idx % w) % 2 == 0).ravel()
                hole &= dark if d > 0 else ~dark if d < 0 else np.zeros(size, dtype=bool)
            kinds[hole] = 2  # zero or two lines; zero only with the hole variable set
        self.hole = hole
        self.dead = np.isin(g, list(inactive)) if inactive else np.zeros(size, dtype=bool)  # no line at these
        kinds[self.dead] = 3
        kinds[off] = 3  # no line (they have no edge left)
        degree, self.trivially_unsat = degree_clauses(packed, deg, kinds)
        clauses.extend(degree)
        in_time(deadline, t0, BUILD_SHARES["degree"])  # a pass over a large board takes a second or more: timed
        free = np.flatnonzero((g == 0) & ~off)
        fu, fv = g[eu] == 0, g[ev] == 0
        # edges between a free cell and a number: which, and the cells at either end
        one = fu ^ fv
        self.one = one
        self.fcell = np.where(fu[one], eu[one], ev[one])
        self.ecell = np.where(fu[one], ev[one], eu[one])
        if colour == "binary":
            clauses.extend(self._binary_colour(g, n, free, eu, ev, fu, fv, evar, ne))
            in_time(deadline, t0, BUILD_SHARES["colour"])
            if hole.any():
                clauses.extend(self._holes(hole, packed, max_holes))
            if induced:
                optional = free if rule != "fill" else np.flatnonzero(hole)
                clauses.extend(self._binary_induced(eu, ev, fu, fv, evar, optional))
        else:
            clauses.extend(self._onehot_colour(g, n, free, eu, ev, fu, fv, evar, ne, rule, at_most_one))
            in_time(deadline, t0, BUILD_SHARES["colour"])
            if induced:
                clauses.extend(self._induced(g, n, eu, ev, fu, fv, evar))
            if hole.any():
                clauses.extend(self._holes(hole, packed, max_holes))
        in_time(deadline, t0, BUILD_SHARES["lines"], (h, w))  # judged from here on, its pace recorded
        clauses.extend(self._squares(idx, induced or not uturns))
        if corners:
            if rule != "fill" or hole.any() or off.any():
                raise ValueError("the corner theorem needs lines that cover every cell")
            clauses.extend(self._corners(g, inc))
        in_time(deadline, t0, BUILD_SHARES["load"])
        self.nclauses = len(clauses)
        self.backend = backend
        self.incremental = backend in INCREMENTAL
        self._clauses = None if self.incremental else clauses  # kept to rebuild a one-shot solver
        self._solved = self._stale = False
        self.solver = loaded_solver(backend, clauses, deadline)
        self._direct = direct_adder(self.solver) if self.incremental else None
        self.calls = 0
        self.loops_cut = 0
        self.build_seconds = build_clock() - t0  # the clauses made and loaded: a pass over the whole board
        in_time(None, t0, 1.0, (h, w))  # the pace of a whole build, for the next one of this board
        self.ends = puzzle.ends
        self.flat = g
        self.active = ~np.isin(np.arange(1, n + 1), list(inactive))

    def close(self) -> None:
        """Free the solver.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.encoding import Encoding
        >>> from tremaux.numberlink import Puzzle
        >>> Encoding(Puzzle.from_rows(["1.1"]), "fill").close()
        """
        self._direct = None  # its handle dies with the solver: later clauses go to python-sat, which drops them
        self.solver.delete()

    def __enter__(self) -> Encoding:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _links(self, on: np.ndarray) -> np.ndarray:
        links = np.zeros(self.h * self.w, dtype=np.uint8)
        hz = on & self.horiz
        vt = on & ~self.horiz
        links[self.eu[hz]] |= 2
        links[self.ev[hz]] |= 8
        links[self.eu[vt]] |= 4
        links[self.ev[vt]] |= 1
        return links

    def next_model(self, deadline: float | None = None, drop_loops: bool = False, *,
                   assumptions: list[int] | None = None, conflicts: int | None = None,
                   propagations: int | None = None, exact: bool = False) -> Model | None:
        """The next model without loops (under ``fill``), or ``None`` when there is none.

        With ``drop_loops`` (or under ``nikoli``) closed loops are dropped from the model instead of being
        forbidden: what is left is a solution under ``nikoli`` (its cells stay empty). ``assumptions``
        (literals) hold for this call only: ``None`` then means no model *under them*. The clauses added
        meanwhile (loops and wrong lines cut) hold for every model.

        Parameters
        ----------
        deadline : float, optional
            A ``time.perf_counter()`` value to give up at.
        drop_loops : bool, default False
            Drop closed loops from a model instead of forbidding them.
        assumptions : list of int, optional
            Literals assumed for this call only.
        conflicts : int, optional
            Conflicts the solver may use per call (incremental backends).
        propagations : int, optional
            Propagations the solver may use per call (incremental backends).
        exact : bool, default False
            Stop a call only at its budget or ``deadline`` (:func:`.backend.solve_until`).

        Returns
        -------
        Model or None
            The next model, or ``None`` when the clauses allow no more.

        Raises
        ------
        TimeoutError
            When ``deadline`` (a ``time.perf_counter()`` value) passes between
            calls, or a call used up its ``conflicts`` or ``propagations``.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.encoding import Encoding
        >>> from tremaux.numberlink import Puzzle
        >>> enc = Encoding(Puzzle.from_rows(["1.1"]), "fill")
        >>> enc.next_model().links.tolist()
        [2, 10, 8]
        >>> enc.close()
        """
        assumptions = [] if assumptions is None else assumptions
        while True:
            if deadline is not None and time.perf_counter() > deadline:
                raise TimeoutError
            self.calls += 1
            if self.trivially_unsat:
                return None
            self._refresh()
            self._solved = True
            ok = solve_until(self.solver, deadline, assumptions=assumptions,
                             conflicts=conflicts if self.incremental else None,
                             propagations=propagations if self.incremental else None, exact=exact)
            if not ok:
                return None
            model = np.asarray(self.solver.get_model()[: self.nedges], dtype=np.int64)
            on = model > 0
            links = self._links(on)
            owner, cells, starts, reached = kn.trace_lines(links, self.ends, self.h, self.w)
            if self.shared_codes:
                wrong = np.flatnonzero((reached != self.ends[:, 1]) & self.active)
                if wrong.size:
                    self._forbid_wrong_lines(cells, starts, wrong)
                    continue
            loops = owner < 0
            if not loops.any():
                return Model(links, np.flatnonzero(on))
            if self.rule == "nikoli" or drop_loops:
                keep = on & ~loops[self.eu]
                return Model(self._links(keep), np.flatnonzero(keep), links)
            cells, starts = kn.loop_components(links, owner, self.h, self.w)
            on_loop = loops[self.eu] & on
            comp = np.full(self.h * self.w, -1, dtype=np.int64)
            for i in range(starts.size - 1):
                comp[cells[starts[i]:starts[i + 1]]] = i
            ecomp = comp[self.eu[on_loop]]
            evars = np.flatnonzero(on_loop) + 1
            order = np.argsort(ecomp, kind="stable")
            bounds = np.searchsorted(ecomp[order], np.arange(starts.size))
            for i in range(starts.size - 1):
                self.add_clause((-evars[order[bounds[i]:bounds[i + 1]]]).tolist())
                self.loops_cut += 1

    def add_clause(self, clause: list[int]) -> None:
        """Add ``clause`` for the next models.

        A backend outside :data:`INCREMENTAL` (Kissat) must not be given
        clauses once it has solved: the clause is kept, and a new solver
        holding every clause answers the next call.

        Parameters
        ----------
        clause : list of int
            DIMACS literals over the encoding's variables.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.encoding import Encoding
        >>> from tremaux.numberlink import Puzzle
        >>> enc = Encoding(Puzzle.from_rows(["1.1"]), "fill")
        >>> enc.add_clause([-1])
        >>> enc.next_model() is None
        True
        >>> enc.close()
        """
        if self._direct is not None:  # python-sat's C function, straight (Python ints only)
            add, handle = self._direct
            try:
                ok = add(handle, clause)
            except TypeError:  # numpy integers: nothing was added
                ok = add(handle, [int(x) for x in clause])
            if ok is False:
                self.solver.solver.status = False  # what Solver.add_clause records
            return
        clause = [int(x) for x in clause]
        if self.incremental:
            self.solver.add_clause(clause)
            return
        self._clauses.append(clause)
        if self._solved:
            self._stale = True
        else:
            self.solver.add_clause(clause)

    def _refresh(self) -> None:
        """Rebuild a one-shot solver that has been given clauses since it solved."""
        if self._stale:
            self.solver.delete()
            self.solver = loaded_solver(self.backend, self._clauses)
            self._stale = False

    def _on(self, linking) -> np.ndarray:
        """Which edge variables ``linking`` (a :class:`~tremaux.numberlink.result.Linking`) uses."""
        links = np.asarray(linking.links).ravel()
        bit = np.where(self.horiz, 2, 4).astype(np.uint8)
        return (links[self.eu] & bit) > 0

    def set_hint(self, linking) -> None:
        """Prefer the line edges of ``linking`` (a :class:`~tremaux.numberlink.result.Linking`) in decisions.

        Parameters
        ----------
        linking : Linking
            A solution (or a guess) of the puzzle.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.encoding import Encoding
        >>> from tremaux.numberlink import Puzzle, solve_puzzle
        >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
        >>> enc = Encoding(puzzle, "fill")
        >>> enc.set_hint(solve_puzzle(puzzle).solutions[0])
        >>> enc.next_model() is not None
        True
        >>> enc.close()
        """
        if not self.incremental:
            return  # one-shot backends take no phases
        on = self._on(linking)
        lits = np.where(on, 1, -1) * np.arange(1, self.nedges + 1)
        self.solver.set_phases(lits.tolist())

    def block(self, model: Model) -> None:
        """Forbid the lines of ``model`` (with or without loops elsewhere) in later models.

        Parameters
        ----------
        model : Model
            A model returned by :meth:`next_model`.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.encoding import Encoding
        >>> from tremaux.numberlink import Puzzle
        >>> enc = Encoding(Puzzle.from_rows(["1.1"]), "fill")
        >>> enc.block(enc.next_model())
        >>> enc.next_model() is None
        True
        >>> enc.close()
        """
        self.add_clause((-(model.edges + 1)).tolist())

    def block_lines(self, linking) -> None:
        """Forbid the lines of ``linking`` (a :class:`~tremaux.numberlink.result.Linking`), as :meth:`block`.

        Parameters
        ----------
        linking : Linking
            Lines of the puzzle.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.encoding import Encoding
        >>> from tremaux.numberlink import Puzzle, solve_puzzle
        >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
        >>> enc = Encoding(puzzle, "fill")
        >>> enc.block_lines(solve_puzzle(puzzle).solutions[0])
        >>> enc.next_model() is None
        True
        >>> enc.close()
        """
        self.add_clause((-(np.flatnonzero(self._on(linking)) + 1)).tolist())
