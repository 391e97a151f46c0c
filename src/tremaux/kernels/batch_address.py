"""Kernels as numba first-class functions, for the dataset's batch kernels (:mod:`tremaux.kernels.batch`).

numba compiles a kernel that calls another into one machine-code module with
a copy of the callee, which LLVM optimises again: one batch kernel per
generator recompiled every generator (and ``braid``) inside it, 0.5-1.1 s of
CPU each, and the row checker and solver each a copy of the worklist. The
batch kernels take the generator and the worklist as first-class functions
instead (numba's ``FunctionType``): they call the kernel's own machine code
through its C entry point (those kernels keep it, ``no_cfunc_wrapper=False``),
so each batch kernel is compiled once, and each generator once for
:func:`tremaux.generate` and the datasets alike.

Interpreted (small inputs before numba is loaded, or
:func:`tremaux._jit.interpreted`), a batch kernel is given the kernel itself.
"""

from __future__ import annotations

from .. import _jit
from . import generate as kgen
from .solve import worklist

_ADDRESSES: dict = {}


def _types():
    """numba's array types of the batch kernels' calls: ``(array, boolean, int64)``."""
    from numba import types as nt

    def array(dtype, ndim=1, readonly=False):
        return nt.Array(getattr(nt, dtype), ndim, "C", readonly=readonly)

    return array, nt.boolean, nt.int64


def _address(kernel, args):
    """``kernel`` compiled for numba types ``args``, as a first-class numba function (its C entry point)."""
    key = (kernel.__qualname__, args)
    if key not in _ADDRESSES:
        from numba import types as nt

        dispatcher = kernel.dispatcher
        dispatcher.compile(args)
        compiled = dispatcher.overloads[args]

        class Address(nt.WrapperAddressProtocol):
            def __wrapper_address__(self):
                return compiled.library.get_pointer_to_function(compiled.fndesc.llvm_cfunc_wrapper_name)

            def signature(self):
                return compiled.signature

            def __call__(self, *a):  # as a plain function (a kernel running interpreted)
                return kernel(*a)

        _ADDRESSES[key] = Address()
    return _ADDRESSES[key]


def _plain(rows):
    """Whether a batch kernel given ``rows`` first runs interpreted: it then calls kernels, not addresses."""
    return bool(getattr(_jit._LOCAL, "depth", 0)) or _jit.would_interpret(rows.size)


def _generator(name, rows):
    """Generator kernel ``name`` as :func:`_carve` calls it."""
    if _plain(rows):
        return kgen.KERNELS[name]
    array, boolean, int64 = _types()
    return _address(kgen.KERNELS[name], (array("uint8"), array("bool_"), boolean, int64, int64, int64, int64,
                                         array("float64"), array("uint64"), array("int32"), array("int64", 2)))


def _worklist(rows):
    """The worklist solver as :func:`_solve_rows` calls it (on read-only cells)."""
    if _plain(rows):
        return worklist
    array, boolean, int64 = _types()
    return _address(worklist, (array("uint8", readonly=True), int64, int64, int64, int64, int64, boolean,
                               array("uint8"), array("int32"), array("int64", 2), boolean))
