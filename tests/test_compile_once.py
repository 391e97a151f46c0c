"""Kernels compiled once per set of argument types that matters: no copy for an index that is ``int32`` here
and ``int64`` there, and a part that reads no topology compiled once for every grid.

Each check runs in a fresh process with an empty numba cache and counts numba's compilations (its
``numba:compile`` event fires on a cache miss only).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")

CHILD = r"""
import collections, json, sys
from numba.core import event

seen = collections.defaultdict(list)

class Listener(event.Listener):
    def on_start(self, ev):
        f = ev.data["dispatcher"].py_func
        seen[f"{f.__module__}.{f.__qualname__}"].append([str(a) for a in ev.data["args"]])

    def on_end(self, ev):
        pass

event.register("numba:compile", Listener())
from tremaux.grids import generate_on, make_grid

from tremaux.grids import solve_on

for name, params in json.loads(sys.argv[1]):
    grid = make_grid(name, **params)
    for generator in json.loads(sys.argv[2]):
        maze = generate_on(grid, generator, seed=0, record=True).maze
        for solver in json.loads(sys.argv[3]):
            solve_on(maze, solver, record=True)
print(json.dumps(seen))
"""


def _start(grids, generators, cache, solvers=()):
    """A child counting its compilations, started now (an empty cache of its own)."""
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "NUMBA_CACHE_DIR": str(cache)}
    return subprocess.Popen([sys.executable, "-c", CHILD, json.dumps(grids), json.dumps(generators),
                             json.dumps(list(solvers))], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)


CHECKS = {
    "shared": ([["hex", {"size": [4, 5]}], ["polar", {"rings": 3}]],
               ["growing-tree", "hunt-and-kill", "prim", "growing-forest", "kruskal"], ()),
    "int64": ([["triangle", {"size": [4, 5]}]], ["backtracker"], ["bfs", "dfs", "astar", "tremaux"]),
    "tables": ([["triangle", {"size": [4, 5]}], ["polar", {"rings": 4}]], ["backtracker", "kruskal", "prim", "wilson"],
               ()),
    "kruskal": ([["square", {"size": [4, 5], "weave": True}], ["hex", {"size": [4, 5], "weave": True}],
                 ["square", {"size": [5, 6], "wrap": "torus"}], ["hex", {"size": [5, 6]}]], ["kruskal"], ()),
    "followers": ([["triangle", {"size": [4, 5]}]], ["backtracker"], ["wall-left", "dead-end-fill"]),
    "woven": ([["square", {"size": [4, 5], "weave": True}]], ["kruskal"], ()),
}


@pytest.fixture(scope="module")
def children(tmp_path_factory):
    """The module's children, all started at once (each compiles alone for a minute: they share the cores)."""
    procs = {name: _start(*CHECKS[name][:2], tmp_path_factory.mktemp(name), CHECKS[name][2]) for name in CHECKS}
    yield procs
    for proc in procs.values():  # nothing left running, whatever failed
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def _compilations(children, name):
    proc = children[name]
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def test_topology_helpers_and_shared_parts_compile_once(children):
    seen = _compilations(children, "shared")
    topo = {name: sigs for name, sigs in seen.items() if name.startswith("tremaux.kernels.graph_topo.")}
    assert topo  # the hex and polar neighbour functions were compiled
    for name, sigs in topo.items():
        kinds = {s[0] for s in sigs}  # one topology type per kind of grid
        # the cell and side indices are int64 from every caller, and a caller with other compile options (an
        # overload calling another) shares the same copy (tremaux._numba: overloads keyed on inherited options)
        assert len(sigs) == len(kinds), (name, sigs)
        for s in sigs:
            assert all(a == "int64" for a in s[1:] if "int" in a and "(" not in a), (name, s)
    # nothing, numba's own helpers (np.empty...) included, is compiled twice for the same argument types
    twice = {name: sigs for name, sigs in seen.items() if len({tuple(s) for s in sigs}) < len(sigs)}
    assert not twice, twice
    # no kernel compiles numba's string helpers (a slice assignment such as ``state[:] = saved`` brings in its
    # shape-mismatch message: str, repr, unicode concatenation)
    assert not [name for name in seen if name.startswith("numba.cpython.unicode")]
    # Kruskal's bucket count reads no topology: one copy for both kinds of grid (and the shuffle of its buckets
    # one per width of the passages it holds, the graph kernels' shuffle)
    assert len(seen.get("tremaux.kernels.graph_merge._bucket_starts", [])) == 1
    assert len(seen.get("tremaux.kernels.graph_gen.shuffle", [])) == 2


def test_graph_solvers_record_int64_cells(children):
    """The graph solvers read their queues, stacks and parents (int32 arrays) as int64 cells before they
    record them: the trace writer is compiled once, not once per mix of int32 and int64 arguments."""
    seen = _compilations(children, "int64")
    record = seen.get("tremaux.kernels.gen_common.record", [])
    assert len(record) == 1 and all(a == "int64" for a in record[0][1:]), record


def test_a_polar_grid_shares_the_kernels_compiled_for_tables(children):
    """A polar grid of ordinary size hands the generators its tables: after a grid with tables, carving on it
    compiles no generator again, nor the neighbour functions of the polar rings' arithmetic form."""
    seen = _compilations(children, "tables")
    assert len(seen.get("tremaux.kernels.graph_gen.backtracker", [])) == 1
    # the neighbour functions of the polar rings' arithmetic form were not needed
    polar = [name for name in seen if name.startswith("tremaux.kernels.graph_") and "polar_impl" in name]
    assert not polar, polar


def test_kruskal_compiles_its_heavy_parts_once_per_topology_form(children):
    """Kruskal draws its passages into 8-byte or 4-byte entries, chosen at run time: the kernel that fills them
    takes both arrays and is compiled once per kind of topology, not once per kind and width; woven Kruskal's work
    is compiled once for the one-byte cells of woven square grids and the two-byte cells of woven hex grids."""
    seen = _compilations(children, "kruskal")  # woven square and hex grids, a torus, a hex rectangle
    merge = {name: sigs for name, sigs in seen.items() if name.startswith("tremaux.kernels.graph_merge.")}
    assert merge
    for name, sigs in merge.items():
        assert len(sigs) == len({s[0] for s in sigs}), (name, sigs)  # one specialisation per topology type


def test_wall_followers_dead_end_filling_and_woven_kruskal_record_int64_cells(children):
    """The wall followers, dead-end filling and woven Kruskal read cells from ``int32`` tables and stacks as
    ``int64``: the trace writer and the topology helpers are compiled once, not once more for ``int32`` cells."""
    solvers = _compilations(children, "followers")  # wall-left and dead-end-fill on a triangle grid
    woven = _compilations(children, "woven")  # woven Kruskal on a woven square grid
    for seen in (solvers, woven):
        record = seen.get("tremaux.kernels.gen_common.record", [])
        assert len(record) == 1 and all(a == "int64" for a in record[0][1:]), record
        for name in ("locate", "side", "facing"):
            sigs = [s for key, s in seen.items() if key.startswith(f"tremaux.kernels.graph_topo._{name}_impls")]
            assert sigs and all(len(s) == 1 for s in sigs), (name, sigs)


@pytest.mark.parametrize("check", ["shared", "kruskal"])
def test_shuffled_orders_and_passages_share_one_shuffle(children, check):
    """The growing forest's seeds and woven Kruskal's cell order are ``int64`` like the passages both shuffle
    afterwards, and Kruskal shuffles its buckets of passages with the same function: the graph kernels'
    Fisher-Yates is compiled once for ``int64`` arrays and once for Kruskal's ``int32`` passages, no more."""
    seen = _compilations(children, check)  # the growing forest and Kruskal on hex and polar grids; Kruskal woven
    shuffle = seen.get("tremaux.kernels.graph_gen.shuffle", [])
    arrays = sorted(s[1].split("(")[1].split(",")[0] for s in shuffle)
    assert arrays in (["int64"], ["int32", "int64"]), shuffle
    assert "tremaux.kernels.graph_merge._shuffle_buckets" not in seen
