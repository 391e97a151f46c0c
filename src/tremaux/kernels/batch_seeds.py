"""Row seeds of the batched kernels: compiled twins of :func:`tremaux.kernels.rng.derive_seed` and
:func:`tremaux.kernels.rng.make_state` (the tests check they agree), as :mod:`tremaux.dataset.plan` derives them.

Examples
--------
>>> from tremaux.kernels.batch_seeds import derive_seed
>>> from tremaux.kernels.rng import derive_seed as python_seed
>>> int(derive_seed(7, 3)) == python_seed(7, 3)
True
"""

from __future__ import annotations

from .._jit import njit, uint64

__all__ = ["derive_seed", "seed_state"]

_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


@njit(cache=True, no_cpython_wrapper=True)
def _mix(x):
    z = x
    z = (z ^ (z >> uint64(30))) * uint64(_MIX1)
    z = (z ^ (z >> uint64(27))) * uint64(_MIX2)
    return z ^ (z >> uint64(31))


@njit(cache=True)
def derive_seed(base, index):
    """Compiled :func:`tremaux.kernels.rng.derive_seed` (``base``, ``index``: uint64)."""
    x = uint64(base) * uint64(_GOLDEN) + uint64(index)
    z = _mix(x + uint64(_GOLDEN))
    z = _mix(z + uint64(_GOLDEN))
    return z >> uint64(1)


@njit(cache=True)
def seed_state(seed, state):
    """Fill ``state`` (4 x uint64) as :func:`tremaux.kernels.rng.make_state` would."""
    x = uint64(seed)
    nonzero = False
    for i in range(4):
        x = x + uint64(_GOLDEN)
        z = _mix(x)
        state[i] = z
        if z != uint64(0):
            nonzero = True
    if not nonzero:  # pragma: no cover - astronomically unlikely
        state[0] = uint64(1)
