"""The clauses of the SAT encoding, by topic: degree patterns, colours, induced lines, holes.

:class:`~tremaux.numberlink.solvers.encoding.Encoding` builds its CNF from
these. A cell's pair is its *colour*. ``binary``: ``B = ceil(log2(n + 1))``
bits per free cell, the code of its pair (endpoints have theirs fixed), and a
line edge joins cells of one code. ``onehot``: a variable per free cell and
pair. *Induced* lines (the no-touch convention): two neighbouring cells of one
colour are linked by an edge of the line, unless one of them is empty.
*Holes* (under ``fill``): cells allowed to stay empty after all, at most
``max_holes`` of them (a sequential counter).

The colour is encoded in binary by default (``colour="binary"``): ``B``
variables per cell instead of ``n`` (``colour="onehot"``), so ``B/n`` of the
colour clauses, which is where the time goes in Python for puzzles with dozens
or hundreds of pairs. On the public puzzles neither encoding solved the hard
contest puzzles that the binary one misses within seconds.

With ``induced=True`` two neighbouring cells of one colour must be linked:
every line is an *induced* path, never touching itself. Under ``nikoli``
this loses no puzzle (a line that touches itself can take the shortcut, and
the cells it skips stay empty), and it is what makes the contest puzzles,
whose lines wind around each other, fast: the "fill" lines of such a
puzzle, asked for first, are found in a fraction of a second where the plain
encoding needs seconds. It changes which solutions are counted, so
uniqueness and counting never use it. One-hot: ``x_e or not (c_u,k and
c_v,k)`` per pair ``k``. Binary (a code per pair, no shared codes): a
variable per bit and edge true only when the two cells' bits differ, and
``x_e or`` one of them; a cell that may stay empty gets a variable true
exactly when it has no line, which lifts the rule for it (its bits are
free). Both give the same induced lines under ``nikoli``; the binary one has
about half the clauses.

With ``uturns=False`` no line makes a U-turn (three line edges of one 2 x 2
block): four clauses of three edge literals per block, which unit
propagation uses at once. Under ``nikoli`` this loses no puzzle either (the
line can cut across the open side of the U).

With ``holes`` (under ``fill``) some cells may stay empty: a hole
variable per allowed cell lifts its "covered" constraints, and ``max_holes``
bounds how many are used (a sequential counter). The checkerboard argument of
:func:`~tremaux.numberlink.solvers.verdicts.colour_surplus` says how many cells a solution must leave empty at
least, and of which colour: asking for exactly those (``holes="surplus"``) is
the densest-lines question of :mod:`tremaux.numberlink.solvers.sat`.
"""

from __future__ import annotations

import numpy as np

from .bound import checkpoint

__all__ = ["ClauseBuilders", "at_most", "degree_clauses", "degree_patterns"]

_PATTERNS: dict[tuple[str, int], list[tuple[tuple[int, ...], int]]] = {}


def at_most(lits: np.ndarray, k: int, top: int) -> tuple[list[list[int]], int]:
    """Clauses that hold when at most ``k`` of ``lits`` are true: Sinz's sequential counter, built as arrays.

    As python-sat's ``seqcounter``, but in time linear in ``len(lits) * k`` (python-sat's took 31 s
    for 80 000 literals, the hole cells of a 400x400 board, in one call that no deadline interrupts).

    Parameters
    ----------
    lits : numpy.ndarray
        The literals (nonzero integers).
    k : int
        How many may be true, at least 0.
    top : int
        The largest variable in use: the counter's own variables follow it.

    Returns
    -------
    clauses : list of list of int
        The clauses.
    top : int
        The largest variable in use after them.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink.solvers.clauses import at_most
    >>> at_most(np.array([1, 2, 3]), 1, 3)
    ([[-1, 4], [-2, 5], [-4, 5], [-2, -4], [-3, -5]], 5)
    """
    x = np.asarray(lits, dtype=np.int64).ravel()
    n = x.size
    if k <= 0:
        return (-x[:, None]).tolist(), top
    if n <= k:
        return [], top
    s = top + 1 + np.arange((n - 1) * k, dtype=np.int64).reshape(n - 1, k)  # s[i, j]: more than j of x[:i + 1]
    out = np.stack([-x[:-1], s[:, 0]], axis=1).tolist()  # x[i] counts one
    out += np.stack([-s[:-1].ravel(), s[1:].ravel()], axis=1).tolist()  # a count never falls
    out += (-s[0, 1:, None]).tolist()  # the first literal counts one at most
    if k > 1:  # x[i] and more than j - 1 before it: more than j
        out += np.stack([np.repeat(-x[1:-1], k - 1), -s[:-1, :-1].ravel(), s[1:, 1:].ravel()], axis=1).tolist()
    out += np.stack([-x[1:], -s[:, k - 1]], axis=1).tolist()  # no x[i] after k of them
    return out, top + (n - 1) * k


def degree_patterns(kind: str, d: int) -> list[tuple[tuple[int, ...], int]]:
    """Clauses over the d incident edges of a cell: (indices, sign) with sign +1 "or of x", -1 "or of not x".

    Parameters
    ----------
    kind : str
        ``"one"`` (exactly one edge: a number's cell), ``"two"`` (exactly two), ``"zero"`` (none), or
        anything else for zero or two (a cell a line may pass or leave empty). A sign of 0 in the
        last case means the first literal negated and the rest positive.
    d : int
        Number of edges at the cell.

    Returns
    -------
    list of (tuple of int, int)
        The clauses.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.clauses import degree_patterns
    >>> degree_patterns("one", 2)
    [((0, 1), 1), ((0, 1), -1)]
    >>> degree_patterns("zero-or-two", 2)
    [((0, 1), 0), ((1, 0), 0)]
    """
    key = (kind, d)
    if key in _PATTERNS:
        return _PATTERNS[key]
    from itertools import combinations

    idx = tuple(range(d))
    out: list[tuple[tuple[int, ...], int]] = []
    if kind == "one":  # exactly one (d == 0 gives the empty clause: walled in)
        out.append((idx, 1))
        out += [(c, -1) for c in combinations(idx, 2)]
    elif kind == "two":  # exactly two
        if d < 2:
            out.append(((), 1))  # the empty clause: impossible
        else:
            out += [(tuple(j for j in idx if j != i), 1) for i in idx]
            out += [(c, -1) for c in combinations(idx, 3)]
    elif kind == "zero":  # no line at all (an endpoint left out of a diagnosis)
        out += [((i,), -1) for i in idx]
    else:  # zero or two
        out += [(c, -1) for c in combinations(idx, 3)]
        if d == 1:
            out.append(((0,), -1))
        elif d >= 2:
            out += [((i,) + tuple(j for j in idx if j != i), 0) for i in idx]  # sign 0: first negated, rest positive
    _PATTERNS[key] = out
    return out


_RUNS: dict[tuple[str, int], tuple[list[tuple[np.ndarray, np.ndarray]], bool]] = {}


def _pattern_runs(kind: str, d: int) -> tuple[list[tuple[np.ndarray, np.ndarray]], bool]:
    """:func:`degree_patterns` as runs of consecutive clauses of one width: (columns, signs) arrays, and
    whether the empty clause is among them (cached)."""
    key = (kind, d)
    if key not in _RUNS:
        runs: list[tuple[list, list]] = []
        empty = False
        for cols, sign in degree_patterns(kind, d):
            if not cols:
                empty = True
                continue
            signs = [sign] * len(cols) if sign else [-1] + [1] * (len(cols) - 1)
            if runs and len(runs[-1][0][0]) == len(cols):
                runs[-1][0].append(cols)
                runs[-1][1].append(signs)
            else:
                runs.append(([cols], [signs]))
        _RUNS[key] = ([(np.array(c, dtype=np.intp), np.array(g, dtype=np.int64)) for c, g in runs], empty)
    return _RUNS[key]


_KINDS = ("one", "two", "zero-two", "zero")


def degree_clauses(packed: np.ndarray, deg: np.ndarray, kinds: np.ndarray) -> tuple[list[list[int]], bool]:
    """The degree clauses of every cell, grouped by (kind, degree) and built a group at a time.

    Within a group, the clauses come pattern by pattern (:func:`degree_patterns`), and for each
    pattern cell by cell; every run of patterns of one width is a single array operation.

    Parameters
    ----------
    packed : ndarray of int64, shape (cells, 4)
        Each cell's edge variables, the nonzero ones first.
    deg : ndarray of int
        Each cell's number of edges.
    kinds : ndarray of int
        Each cell's kind: 0 one edge (a number), 1 two, 2 zero or two, 3 none.

    Returns
    -------
    clauses : list of list of int
    unsatisfiable : bool
        Some cell's constraint cannot hold at all (the empty clause).

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink.solvers.clauses import degree_clauses
    >>> packed = np.array([[1, 0, 0, 0], [1, 2, 0, 0], [2, 0, 0, 0]])
    >>> degree_clauses(packed, np.array([1, 2, 1]), np.array([0, 1, 0]))
    ([[1], [2], [2], [1]], False)
    >>> degree_clauses(packed[:1], np.array([1]), np.array([1]))[1]  # two edges wanted, one there
    True
    """
    clauses: list[list[int]] = []
    unsat = False
    group = np.asarray(kinds, dtype=np.int64) * 5 + np.asarray(deg, dtype=np.int64)
    order = np.argsort(group, kind="stable")  # cells of one group stay in reading order
    bounds = np.searchsorted(group[order], np.arange(21))
    for key in np.flatnonzero(bounds[1:] > bounds[:-1]).tolist():
        runs, empty = _pattern_runs(_KINDS[key // 5], key % 5)
        unsat |= empty
        rows = packed[order[bounds[key]:bounds[key + 1]]]
        for cols, signs in runs:
            checkpoint()  # a run on a board of millions of cells takes a second: a bounded question may move on
            # (patterns, cells, width): pattern by pattern, cell by cell
            clauses.extend((rows[:, cols] * signs).transpose(1, 0, 2).reshape(-1, cols.shape[1]).tolist())
    return clauses, unsat


_BUT_ONE = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]], dtype=np.intp)
"""A 2 x 2 block's four edges but one, for each one left out."""


class ClauseBuilders:
    """Colour, induced and hole clauses, and the clauses that forbid a wrongly joined line, mixed into the encoding
    (they read its edge tables).

    Examples
    --------
    >>> from tremaux.numberlink.solvers.clauses import ClauseBuilders
    >>> from tremaux.numberlink.solvers.encoding import Encoding
    >>> issubclass(Encoding, ClauseBuilders)
    True
    """

    def _binary_colour(self, g, n, free, eu, ev, fu, fv, evar, ne):
        size = g.size
        nbits = max(1, int(n).bit_length())
        if self.colour_bits is not None and self.colour_bits < nbits:
            nbits = int(self.colour_bits)
            code = np.zeros(n + 1, dtype=np.int64)
            code[1:] = np.arange(n) % ((1 << nbits) - 1) + 1
            g = code[g]
            self.shared_codes = True
        self.nbits = nbits
        self.codes = g  # the colour code of each number (0 elsewhere)
        bitvar = np.zeros((size, nbits), dtype=np.int64)
        bitvar[free] = ne + 1 + np.arange(free.size * nbits, dtype=np.int64).reshape(free.size, nbits)
        self.bitvar = bitvar
        self.nvars = ne + free.size * nbits
        codes = (g[:, None] >> np.arange(nbits)) & 1  # bit values of endpoint codes
        out = []
        both = fu & fv
        if both.any():
            x = evar[both][:, None].repeat(nbits, axis=1)
            bu, bv = bitvar[eu[both]], bitvar[ev[both]]
            out.extend(np.stack([-x, -bu, bv], axis=-1).reshape(-1, 3).tolist())
            out.extend(np.stack([-x, bu, -bv], axis=-1).reshape(-1, 3).tolist())
        one, fcell, ecell = self.one, self.fcell, self.ecell
        if one.any():
            x = evar[one][:, None].repeat(nbits, axis=1)
            b = bitvar[fcell]
            sign = np.where(codes[ecell] == 1, 1, -1)
            out.extend(np.stack([-x, sign * b], axis=-1).reshape(-1, 2).tolist())
        return out

    def _onehot_colour(self, g, n, free, eu, ev, fu, fv, evar, ne, rule, at_most_one):
        size = g.size
        cvar = np.zeros((size, n + 1), dtype=np.int64)  # column 0 unused
        cvar[free, 1:] = ne + 1 + np.arange(free.size * n, dtype=np.int64).reshape(free.size, n)
        self.cvar = cvar
        self.nvars = ne + free.size * n
        out = []
        cf = cvar[free, 1:]
        # a cell that may stay empty gets its colour from its lines, others always have one
        optional = free if rule != "fill" else free[self.hole[free]]
        if rule == "fill":
            out.extend(cf[~self.hole[free]].tolist())
        if optional.size:
            inc, csel = self.inc[optional], cvar[optional, 1:]
            for d in range(4):
                has = inc[:, d] > 0
                out.extend(np.concatenate([-inc[has, d][:, None], csel[has]], axis=1).tolist())
        one, fcell, ecell = self.one, self.fcell, self.ecell
        if at_most_one:
            for a in range(n):
                for b in range(a + 1, n):
                    out.extend(np.stack([-cf[:, a], -cf[:, b]], axis=1).tolist())
        elif one.any() and n > 1:
            # no at-most-one per cell: a line leaving an endpoint of pair k has colour k only (the
            # equalities along the line do the rest; closed loops may have several)
            x = evar[one][:, None].repeat(n - 1, axis=1)
            other = np.arange(1, n + 1)[None, :] != g[ecell][:, None]
            c = cvar[fcell, 1:][other].reshape(-1, n - 1)
            out.extend(np.stack([-x, -c], axis=-1).reshape(-1, 2).tolist())
        both = fu & fv
        if both.any():
            x = evar[both][:, None].repeat(n, axis=1)
            cu, cv = cvar[eu[both], 1:], cvar[ev[both], 1:]
            out.extend(np.stack([-x, -cu, cv], axis=-1).reshape(-1, 3).tolist())
            out.extend(np.stack([-x, cu, -cv], axis=-1).reshape(-1, 3).tolist())
        if one.any():
            out.extend(np.stack([-evar[one], cvar[fcell, g[ecell]]], axis=1).tolist())
        return out

    def _induced(self, g, n, eu, ev, fu, fv, evar):
        # two neighbouring cells of one colour are linked: x_e or not(c_u,k and c_v,k)
        cvar = self.cvar
        out = []
        both = fu & fv
        if both.any():
            x = evar[both][:, None].repeat(n, axis=1)
            cu, cv = cvar[eu[both], 1:], cvar[ev[both], 1:]
            out.extend(np.stack([x, -cu, -cv], axis=-1).reshape(-1, 3).tolist())
        one, fcell, ecell = self.one, self.fcell, self.ecell
        if one.any():
            out.extend(np.stack([evar[one], -cvar[fcell, g[ecell]]], axis=1).tolist())
        ends = ~(fu | fv) & ~self.dead[eu]  # two endpoints of one pair side by side (other pairs have no edge
        out.extend([[int(x)] for x in evar[ends]])  # variable), unless the pair is inactive (it has no line)
        return out

    def _binary_induced(self, eu, ev, fu, fv, evar, optional):
        # two neighbouring cells of one code are linked, unless one of them is empty: x_e or the codes
        # differ (a variable per bit that says so) or an empty cell; cells that may stay empty get a
        # variable true exactly when they have no line (a hole variable, made exact, under fill)
        size = self.h * self.w
        nbits, bitvar, codes, inc = self.nbits, self.bitvar, self.codes, self.inc
        out = []
        self.nvars += 1
        false = self.nvars  # a variable that is always false, for the cells that are never empty
        out.append([-false])
        empty = np.full(size, false, dtype=np.int64)
        if optional.size:
            if self.rule == "fill":
                empty[optional] = self.hole_var[optional]
            else:
                empty[optional] = self.nvars + 1 + np.arange(optional.size, dtype=np.int64)
                self.nvars += optional.size
                # no line at all: empty (the other way round below)
                lines = np.where(inc[optional] > 0, inc[optional], false)
                out.extend(np.concatenate([empty[optional][:, None], lines], axis=1).tolist())
            e = empty[optional][:, None].repeat(4, axis=1)
            has = inc[optional] > 0
            out.extend(np.stack([-e[has], -inc[optional][has]], axis=1).tolist())  # empty: no line
        both = fu & fv
        if both.any():
            m = int(np.count_nonzero(both))
            dvar = self.nvars + 1 + np.arange(m * nbits, dtype=np.int64).reshape(m, nbits)
            self.nvars += m * nbits
            bu, bv = bitvar[eu[both]], bitvar[ev[both]]
            out.extend(np.concatenate([evar[both][:, None], dvar, empty[eu[both]][:, None],
                                       empty[ev[both]][:, None]], axis=1).tolist())
            out.extend(np.stack([-dvar, bu, bv], axis=-1).reshape(-1, 3).tolist())
            out.extend(np.stack([-dvar, -bu, -bv], axis=-1).reshape(-1, 3).tolist())
        one, fcell, ecell = self.one, self.fcell, self.ecell
        if one.any():
            bits = (codes[ecell][:, None] >> np.arange(nbits)) & 1
            differ = np.where(bits == 1, -bitvar[fcell], bitvar[fcell])
            out.extend(np.concatenate([evar[one][:, None], differ, empty[fcell][:, None]], axis=1).tolist())
        ends = ~(fu | fv) & ~self.dead[eu]  # two endpoints of one pair side by side (other pairs have no edge
        out.extend([[int(x)] for x in evar[ends]])  # variable), unless the pair is inactive (it has no line)
        return out

    def _holes(self, hole, packed, max_holes):
        # a hole variable per cell that may stay empty: without it, the cell has a line
        cells = np.flatnonzero(hole)
        hvar = self.nvars + 1 + np.arange(cells.size, dtype=np.int64)
        self.nvars += cells.size
        self.hole_var = np.zeros(self.h * self.w, dtype=np.int64)
        self.hole_var[cells] = hvar
        out = []
        for c, hv in zip(cells.tolist(), hvar.tolist()):
            out.append([hv] + [int(x) for x in packed[c] if x])
        if max_holes is not None and max_holes < cells.size:
            card, self.nvars = at_most(hvar, int(max_holes), self.nvars)
            out.extend(card)
        return out

    def _squares(self, idx, no_uturn):
        # no 2 x 2 loop; with no_uturn, no three line edges of one 2 x 2 block either
        h, w, inc = self.h, self.w, self.inc
        if h < 2 or w < 2:
            return []
        tl = idx[:-1, :-1].ravel()
        sq = np.stack([inc[tl, 1], inc[tl, 2], inc[tl + w + 1, 0], inc[tl + w + 1, 3]], axis=1)
        sq = sq[(sq > 0).all(axis=1)]
        if not no_uturn:
            return (-sq).tolist()
        # the block's edges but one, the one left out in turn: (4, blocks, 3)
        return (-sq[:, _BUT_ONE]).transpose(1, 0, 2).reshape(-1, 3).tolist()

    def _corners(self, g, inc):
        # the corner theorem (induced lines covering every cell): a free cell that is a corner of shape
        # (d1, d2) has as inner diagonal a number or a corner of the same shape; a shape whose diagonal ray
        # meets no number before the edge is never used (corner_table)
        from ...kernels.nl_search_corner import corner_table

        h, w = self.h, self.w
        allowed = corner_table(g, h, w)
        r, c = np.divmod(np.arange(h * w, dtype=np.int64), w)
        out = []
        for s, (d1, d2, dr, dc) in enumerate(((1, 2, 1, 1), (3, 2, 1, -1), (0, 1, -1, 1), (0, 3, -1, -1))):
            a, b = inc[:, d1], inc[:, d2]
            cand = (g == 0) & (a > 0) & (b > 0)
            never = cand & (((allowed >> s) & 1) == 0)
            out.extend(np.stack([-a[never], -b[never]], axis=1).tolist())
            rr, cc = r + dr, c + dc
            inside = (rr >= 0) & (rr < h) & (cc >= 0) & (cc < w)
            x = np.flatnonzero(cand & ~never & inside)
            d = rr[x] * w + cc[x]
            x, d = x[g[d] == 0], d[g[d] == 0]
            for dd in (d1, d2):
                lit = inc[d, dd]
                has = lit > 0
                out.extend(np.stack([-a[x][has], -b[x][has], lit[has]], axis=1).tolist())
                out.extend(np.stack([-a[x][~has], -b[x][~has]], axis=1).tolist())
        return out

    def _forbid_wrong_lines(self, cells: np.ndarray, starts: np.ndarray, wrong: np.ndarray) -> None:
        """Forbid the lines that join numbers of two pairs sharing a code (``wrong``: pairs so traced)."""
        w = self.w
        cut = 0
        for k in wrong.tolist():
            path = cells[starts[k]:starts[k + 1]]
            if path.size < 2 or self.flat[path[-1]] == 0:
                continue  # a trace cut short (it ran into one already followed): a later round sees it
            a, b = path[:-1], path[1:]
            d = np.select([b == a - w, b == a + w, b == a + 1], [0, 2, 1], 3)
            lits = self.inc[a, d]
            self.add_clause((-lits).tolist())
            cut += 1
        if not cut:  # pragma: no cover - the first wrong pair's trace is always whole
            raise RuntimeError("a model joins two pairs but no line could be forbidden")
        self.wrong_cuts += cut
