"""Compiled numba kernels, apart from the public API.

Kernels take and return arrays and scalars only; they never raise and never
print. One module per family: ``grid`` (shared grid helpers and properties),
``generate``, ``solve``, ``numberlink``, ``render``.

Importing a kernel module does not import numba: each kernel is a
:class:`tremaux._jit.Kernel`, compiled on its first compiled call, after
:func:`tremaux._numba.setup` has chosen the cache and hooked the compile
notices (or run as Python on small inputs, see :mod:`tremaux._jit`).
"""
