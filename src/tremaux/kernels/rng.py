"""An explicit random state for kernels: xoshiro256** seeded by splitmix64.

numba's global generator is not seeded from Python, so every randomised
kernel takes a ``state`` array (4 x ``uint64``) and advances it in place. The
same seed gives the same stream on every machine, and no global state is
touched.

Examples
--------
>>> from tremaux.kernels.rng import make_state, below
>>> s = make_state(7)
>>> a = [int(below(s, 10)) for _ in range(5)]
>>> s = make_state(7)
>>> a == [int(below(s, 10)) for _ in range(5)]
True
"""

from __future__ import annotations

import os

import numpy as np
from .._jit import njit, uint64

__all__ = ["make_state", "derive_seed", "next_u64", "below", "uniform", "shuffle"]

_MASK64 = (1 << 64) - 1


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


def make_state(seed: int | None) -> np.ndarray:
    """A fresh generator state for ``seed`` (``None``: drawn from the OS).

    Parameters
    ----------
    seed : int or None
        Any integer (negative and huge values are folded into 64 bits).

    Returns
    -------
    numpy.ndarray
        ``uint64`` array of length 4, to pass to kernels.

    Examples
    --------
    >>> from tremaux.kernels.rng import make_state
    >>> s = make_state(7)
    >>> s.dtype, s.shape, bool((s == make_state(7)).all())
    (dtype('uint64'), (4,), True)
    """
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    x = int(seed) & _MASK64
    out = np.empty(4, dtype=np.uint64)
    for i in range(4):
        x, z = _splitmix64(x)
        out[i] = z
    if not out.any():  # pragma: no cover - astronomically unlikely
        out[0] = 1
    return out


def derive_seed(base: int, index: int) -> int:
    """The seed of item ``index`` in a family seeded by ``base`` (for datasets).

    Parameters
    ----------
    base : int
        The family's seed.
    index : int
        The item's number in the family.

    Returns
    -------
    int
        A non-negative 63-bit seed, the same for the same ``base`` and ``index``.

    Examples
    --------
    >>> from tremaux.kernels.rng import derive_seed
    >>> derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    x = (int(base) * 0x9E3779B97F4A7C15 + int(index)) & _MASK64
    _, z = _splitmix64(x)
    _, z = _splitmix64(z)
    return z >> 1  # a non-negative 63-bit integer


@njit(cache=True)
def next_u64(state):
    """Next 64-bit output of xoshiro256**; advances ``state`` in place."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    x = s1 * uint64(5)
    result = ((x << uint64(7)) | (x >> uint64(57))) * uint64(9)  # rotations written out: no helper per shift
    t = s1 << uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << uint64(45)) | (s3 >> uint64(19))
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@njit(cache=True)
def below(state, n):
    """A uniform integer in ``[0, n)`` (``n >= 1``), without modulo bias."""
    un = uint64(n)
    limit = uint64(0xFFFFFFFFFFFFFFFF) - (uint64(0xFFFFFFFFFFFFFFFF) % un)
    while True:
        x = next_u64(state)
        if x < limit:
            return np.int64(x % un)


@njit(cache=True)
def uniform(state):
    """A uniform float in ``[0, 1)``."""
    return (next_u64(state) >> uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def shuffle(state, a):
    """Shuffle the 1-D array ``a`` in place (Fisher-Yates)."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = below(state, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
