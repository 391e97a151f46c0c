"""Seeds of a dataset: how every row's maze is derived from the base seed.

Row ``i`` of a dataset with base seed ``S`` is built alone from its own seed
chain, whatever shard or engine builds it:

* its *row seed* is ``r = derive_seed(S, i)``;
* attempt ``a`` of the row generates the maze with seed ``r`` when ``a == 0``
  and ``derive_seed(r, a)`` after that, exactly as
  ``tremaux.generate((h, w), generator, seed=that_seed, braid=...)`` would;
* the row keeps the first attempt whose maze passes every filter; the row
  records that seed and ``a`` (columns ``seed`` and ``attempt``);
* with a size range, the row's height and width are drawn once, before any
  attempt, from ``make_state(derive_seed(r, SIZE_KEY))``: first the height,
  uniform in ``hmin..hmax``, then the width, uniform in ``wmin..wmax``.

So filters never change the number of rows nor the mazes of other rows;
without filters row ``i`` is the maze of seed ``derive_seed(S, i)``; and
:func:`tremaux.dataset.regenerate` rebuilds any single row from the spec.

Examples
--------
>>> from tremaux.dataset.plan import row_seed, attempt_seed
>>> from tremaux.kernels.rng import derive_seed
>>> row_seed(7, 3) == derive_seed(7, 3)
True
>>> attempt_seed(row_seed(7, 3), 0) == row_seed(7, 3)
True
"""

from __future__ import annotations

import numpy as np

from ..errors import TremauxError
from ..kernels.rng import below, derive_seed, make_state
from .spec import DatasetSpec, _need_spec

__all__ = ["SIZE_KEY", "row_seed", "attempt_seed", "row_size"]

SIZE_KEY = 1 << 40
"""Index under the row seed of the stream that draws a row's size (far above any attempt)."""


def row_seed(base: int, row: int) -> int:
    """The seed of row ``row`` of a dataset seeded by ``base``.

    Parameters
    ----------
    base : int
        The dataset's seed.
    row : int
        The row number.

    Returns
    -------
    int
        A non-negative 63-bit seed.

    Examples
    --------
    >>> from tremaux.dataset.plan import row_seed
    >>> row_seed(1, 0) == row_seed(1, 0) != row_seed(1, 1)
    True
    """
    return derive_seed(base, row)


def attempt_seed(row_seed: int, attempt: int) -> int:
    """The generator seed of attempt ``attempt`` (0-based) of a row.

    Parameters
    ----------
    row_seed : int
        The row's seed (:func:`row_seed`).
    attempt : int
        The attempt, from 0.

    Returns
    -------
    int
        The seed passed to the generator.

    Examples
    --------
    >>> from tremaux.dataset.plan import row_seed, attempt_seed
    >>> s = row_seed(1, 0)
    >>> attempt_seed(s, 0) == s, attempt_seed(s, 1) == s
    (True, False)
    """
    return row_seed if attempt == 0 else derive_seed(row_seed, attempt)


def row_size(spec: DatasetSpec, row: int) -> tuple[int, int]:
    """Height and width of row ``row`` of ``spec``.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.
    row : int
        The row number.

    Returns
    -------
    (int, int)
        Height and width: ``spec.size``, or drawn from the row's seed in a size range.

    Raises
    ------
    TremauxError
        When ``spec`` is not a :class:`DatasetSpec`, or ``row`` is not one of its rows.

    Examples
    --------
    >>> from tremaux.dataset.plan import row_size
    >>> from tremaux.dataset import DatasetSpec
    >>> spec = DatasetSpec(count=5, size=(4, 6), max_size=(9, 6))
    >>> h, w = row_size(spec, 2)
    >>> 4 <= h <= 9 and w == 6
    True
    """
    (h0, w0), (h1, w1) = _need_spec(spec, "row_size").size_range
    if isinstance(row, bool) or not isinstance(row, (int, np.integer)) or not 0 <= row < spec.count:
        raise TremauxError(f"row {row!r} is not in this dataset: rows are 0 to {spec.count - 1}")
    if (h0, w0) == (h1, w1):
        return h0, w0
    state = make_state(derive_seed(row_seed(spec.seed, row), SIZE_KEY))
    h = h0 + int(below(state, h1 - h0 + 1))
    w = w0 + int(below(state, w1 - w0 + 1))
    return h, w
