"""Compiled numba kernels, apart from the public API.

Kernels take and return arrays and scalars only; they never raise and never
print. One module per family: ``grid`` (shared grid helpers and properties),
``generate``, ``solve``, ``numberlink``, ``render``.

The cache of the compiled code and the compile notices are set up here,
before any kernel module is imported (see :mod:`tremaux._numba`).
"""

from .._numba import setup as _setup

_setup()
