"""Compiled numba kernels, apart from the public API.

Kernels take and return arrays and scalars only; they never raise and never
print. One module per family: ``grid`` (shared grid helpers and properties),
``generate``, ``solve``, ``numberlink``, ``render``.
"""
