"""The kernels' numba compiler: numba's own pipeline without passes the kernels never need, for the kernels only."""

from __future__ import annotations

import ast
import inspect
from types import SimpleNamespace

import numpy as np

from tremaux import _numba
from tremaux.warmup import all_kernels


def _nodes(kernel):
    tree = ast.parse(inspect.getsource(kernel.py_func))
    return list(ast.walk(tree.body[0]))[1:]


def test_no_kernel_needs_a_dropped_pass():
    """with-lifting, closure inlining and the literal passes find nothing to do in any kernel."""
    needing = {}
    for name, kernel in all_kernels().items():
        for node in _nodes(kernel):
            kind = type(node).__name__
            if isinstance(node, (ast.With, ast.Lambda, ast.FunctionDef, ast.ListComp, ast.SetComp, ast.DictComp,
                                 ast.GeneratorExp)):
                needing.setdefault(name, set()).add(kind)
            if isinstance(node, ast.Name) and node.id in ("literal_unroll", "literally", "prange"):
                needing.setdefault(name, set()).add(node.id)
            if isinstance(node, ast.Attribute) and node.attr in ("literal_unroll", "literally", "prange"):
                needing.setdefault(name, set()).add(node.attr)
    assert needing == {}
    assert not any(k.targetoptions.get("parallel") for k in all_kernels().values())


def test_the_pipeline_is_numbas_without_the_dropped_passes():
    from numba.core.compiler import DefaultPassBuilder, Flags, StateDict

    state = StateDict()
    state.flags = Flags()
    state.func_ir = None
    default = [p._name for p, _ in DefaultPassBuilder.define_nopython_pipeline(state).passes]
    assert set(_numba._DROPPED) <= set(default)  # numba renamed none of them
    compiler = SimpleNamespace(state=state)  # define_pipelines reads the state only
    ours = [p._name for p, _ in _numba.pipeline_class().define_pipelines(compiler)[0].passes]
    assert ours == [name for name in default if name not in _numba._DROPPED]


def test_kernels_use_it_and_other_numba_code_does_not():
    import numba
    from numba.core.compiler import Compiler

    from tremaux.kernels import numberlink as kn

    assert kn.free_regions.dispatcher._compiler.pipeline_class is _numba.pipeline_class()

    @numba.njit(cache=False)
    def mine(x):
        return [v * 2 for v in x]  # a comprehension: needs the passes the kernels do without

    assert mine._compiler.pipeline_class is Compiler and mine(np.arange(3)) == [0, 2, 4]
    region = kn.free_regions(np.array([0, 1, 0, 0], np.int64), 2, 2)
    assert region.tolist() == [1, 0, 1, 1]


def test_kernels_are_compiled_for_types_not_literal_constants():
    from tremaux._jit import njit

    @njit(cache=False)
    def add(t, x):
        return t + x

    @njit(cache=False, literals=True)
    def add_literal(t, x):
        return t + x

    @njit(cache=False)
    def caller(n):
        return add(0, 1) + add(n, -1) + add_literal(0, 1) + add_literal(n, -1)

    assert caller(5) == 10
    assert [str(s) for s in add.signatures] == ["(int64, int64)"]  # numba would add (Literal[int](0), ...)
    assert len(add_literal.signatures) == 2


def test_no_kernel_needs_a_literal_copy():
    from tremaux.kernels import gen_walk

    # the random walks read table-driven steps: one compiled loop for one level and several, no L = 1 copy
    assert not gen_walk.aldous_broder.literals and not gen_walk.wilson.literals
    assert sum(k.literals for k in all_kernels().values()) == 0


def test_quicken_keeps_numbas_flag_hash_and_equality():
    """The faster ``Flags.__hash__`` gives numba's own value, ``__eq__`` numba's verdict, on flags that differ."""
    from numba.core.compiler import Flags
    from numba.core.targetconfig import TargetConfig

    import tremaux.kernels  # noqa: F401  # runs setup(), hence quicken()

    assert TargetConfig._tremaux_quick and _numba.quicken() == []  # done once
    numbas_hash = TargetConfig.__hash__.__wrapped__
    plain, nrt, nrt2, off = Flags(), Flags(), Flags(), Flags()
    nrt.nrt = nrt2.nrt = True
    off.nrt = False  # set to the default: equal to a Flags that never set it
    for f in (plain, nrt, off):
        assert hash(f) == numbas_hash(f)
        assert hash(f) == hash(tuple(sorted(f.values())))
    assert nrt == nrt2 and nrt is not nrt2
    assert plain != nrt and not (nrt == plain)
    assert plain == off and plain._values != off._values  # the fallback: numba's comparison of every option
    assert {nrt: 1}.get(nrt2) == 1


def test_quicken_leaves_error_messages_their_text():
    import numba
    import pytest
    from numba.core import errors

    import tremaux.kernels  # noqa: F401

    assert errors.termcolor().errmsg("some text") == "some text"

    @numba.njit(cache=False)
    def bad(x):
        return x.no_such_attribute

    with pytest.raises(errors.TypingError, match="no_such_attribute"):
        bad(1)


PROBE = r"""
import collections, sys
from numba.core.rewrites import registry
from tremaux import _numba
_numba._DROPPED = tuple(n for n in _numba._DROPPED if n != "nopython_rewrites")  # before the pipeline is built
hits, tried = collections.Counter(), collections.Counter()
apply = registry.RewriteRegistry.apply

def probed(self, kind, state):
    ours = kind == "after-inference" and state.func_id.modname.startswith("tremaux.kernels")
    saved = {}
    if ours:
        for cls in self.rewrites[kind]:
            saved[cls] = cls.match
            def match(rw, *args, _m=cls.match, _n=cls.__name__):
                tried[_n] += 1
                found = _m(rw, *args)
                if found:
                    hits[f"{_n} in {state.func_id.func_qualname}"] += 1
                return found
            cls.match = match
    try:
        return apply(self, kind, state)
    finally:
        for cls, match in saved.items():
            cls.match = match

registry.RewriteRegistry.apply = probed
from tremaux.warmup import tasks
for label, run in tasks():
    if label in sys.argv[1:]:
        run()
print(sum(tried.values()), sorted(hits))
"""


def test_no_kernel_needs_the_rewrites_after_typing(tmp_path):
    """``nopython_rewrites`` is dropped: compiled with it, a sample of kernels gives numba's rewrites nothing to do."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    src = str(Path(_numba.__file__).resolve().parents[1])
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), PYTHONPATH=src + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", PROBE, "generate backtracker", "solve bfs", "measures",
                          "numberlink tremaux"], env=env, capture_output=True, text=True, check=True, timeout=600)
    blocks, hits = out.stdout.strip().splitlines()[-1].split(" ", 1)
    assert int(blocks) > 100  # the probe saw the kernels' blocks
    assert hits == "[]"


def test_quicken_leaves_an_unexpected_numba_alone():
    from numba.core import targetconfig

    from tremaux import _numba

    assert _numba._flags_as_expected(targetconfig.TargetConfig)  # this numba: its hash is the option names'

    class Other:  # a numba whose flags are not a TargetConfig of the expected shape
        options: dict = {}

    assert not _numba._flags_as_expected(Other)


SHARED = r"""
import collections, json
import numba
import numpy as np
from numba.core import event

from tremaux import _numba

_numba.setup()  # what the first compiled kernel calls: quicken() among others

seen = collections.Counter()

class Listener(event.Listener):
    def on_start(self, ev):
        f = ev.data["dispatcher"].py_func
        seen[f"{f.__qualname__} {[str(a) for a in ev.data['args']]}"] += 1

    def on_end(self, ev):
        pass

event.register("numba:compile", Listener())

def body(n):
    return np.empty(n, np.complex64)

def body_kw(n):
    return np.empty(n, dtype=np.complex64)

plain = numba.njit(cache=False)(body)
gil_free = numba.njit(cache=False, nogil=True)(body)
keyword = numba.njit(cache=False)(body_kw)
fast = numba.njit(cache=False, fastmath=True)(body)
plain(3); gil_free(3); keyword(3)
before_fast = dict(seen)
fast(3)
print(json.dumps([before_fast, dict(seen)]))
"""


def test_overloads_are_compiled_once_for_callers_with_other_options(tmp_path):
    """numba's ``np.empty`` (an ``@overload``) called by two functions whose options differ (``nogil``), and by a
    third with the dtype as a keyword, is compiled once; a caller whose options reach the implementation
    (``fastmath``) still gets a copy of its own."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    src = str(Path(_numba.__file__).resolve().parents[1])
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), PYTHONPATH=src + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", SHARED], env=env, capture_output=True, text=True, check=True,
                         timeout=600)
    before_fast, after = json.loads(out.stdout.strip().splitlines()[-1])
    empty = "ol_np_empty.<locals>.impl ['int64', 'class(complex64)']"
    assert before_fast.get(empty) == 1, before_fast
    assert after.get(empty) == 2, after
    assert before_fast.get("body ['int64']") == 2  # both callers were compiled


def test_overload_sharing_keys_on_the_inherited_options():
    from numba.core.compiler import Flags
    from numba.core.typing import templates

    _numba.setup()  # what the first compiled kernel calls

    assert templates._OverloadFunctionTemplate._tremaux_shared and "overloads" not in _numba.quicken()
    assert set(_numba._inherited_options()) >= {"nrt", "fastmath", "error_model"}
    fast, fast2, slow = Flags(), Flags(), Flags()
    fast.fastmath = fast2.fastmath = {"nnan", "ninf", "nsz", "arcp"}  # an unhashable option value
    assert _numba._option_key(fast.fastmath) != _numba._option_key(slow.fastmath)
    assert _numba._option_key(fast.fastmath) == _numba._option_key(fast2.fastmath)
    assert hash(_numba._option_key(fast.fastmath)) == hash(_numba._option_key(fast2.fastmath))
