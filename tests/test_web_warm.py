"""The server's workers start warm: no request of the page waits for numba to compile a kernel.

Every worker is forked from a process that ran :func:`tremaux.web.jobs.warm_all`
(``tremaux.web._preload``), so a request's time limit pays for no compilation
only if ``warm_all`` reaches every kernel a request can call: on a cold cache
the first Number Link search took 39 s after the old warm-up (the default
limit is 10 s), and each other grid several seconds.
"""

from __future__ import annotations

import itertools

from tremaux import _jit
from tremaux.warmup import reached_kernels
from tremaux.web.grid_catalog import grid_list
from tremaux.web.jobs import JOBS, warm_all


def _called(monkeypatch, work) -> set:
    called = set()
    original = _jit.Kernel.__call__

    def spy(self, *args):
        called.add(self)
        return original(self, *args)

    monkeypatch.setattr(_jit.Kernel, "__call__", spy)
    monkeypatch.setattr(_jit, "_LIMIT", 0)  # compiled, as in the server's workers
    work()
    monkeypatch.setattr(_jit.Kernel, "__call__", original)
    return called


def _page_requests() -> None:
    """A request of each kind the page sends: a maze and its solve on every grid, shape, wrap and weave the
    page offers (every generator and solver there), puzzles solved by each solver, a random one, pictures."""
    from tremaux.numberlink import NL_SOLVERS

    for g in grid_list():
        choices = g.get("choices") or {}
        for shape, wrap, weave in itertools.product(choices.get("shape", [None]), [None, *choices.get("wrap", [])],
                                                    [False, True] if g["weave_generators"] else [False]):
            params = {"grid": g["name"], "braid": 0.0 if weave else 0.5, "seed": 1}
            if "rings" in g["params"]:
                params["rings"] = 4
            elif shape not in (None, "rectangle"):
                params.update(shape=shape, radius=2, side=4)
            else:
                params.update(rows=4, cols=5)
                if shape:
                    params["shape"] = shape
            if wrap:
                params["wrap"] = wrap
            if weave:
                params["weave"] = True
            gens = g["weave_generators"] if weave else g["generators"]
            sols = g["weave_solvers"] if weave else g["solvers"]
            for p, v in (("shape", shape), ("wrap", wrap)):
                gens = [x for x in gens if x in (g.get("choice_generators") or {}).get(p, {}).get(v, gens)]
                sols = [x for x in sols if x in (g.get("choice_solvers") or {}).get(p, {}).get(v, sols)]
            for gen in gens:
                maze = {**params, "generator": gen}
                if g["name"] == "square":
                    maze.pop("grid")
                    maze = {k: v for k, v in maze.items() if k not in ("radius", "side")}
                try:
                    JOBS["maze"](maze)
                except Exception:  # noqa: BLE001 - a combination the server refuses: not the point here
                    continue
                for solver in sols:
                    try:
                        JOBS["solve"]({"maze": maze, "solver": solver, "record": True, "max_events": 1000})
                    except Exception:  # noqa: BLE001
                        pass
            try:
                JOBS["render"]({**params, "generator": gens[0], "solver": "bfs", "format": "svg", "cell": 8})
            except Exception:  # noqa: BLE001 - e.g. weave with a wrap, which the page does not offer
                pass
    for entry in NL_SOLVERS:
        for grid in ([[1, 1], [0, 0]], [[1, 0, 1], [0, 0, 0], [0, 0, 0]], [[1, 2, 0], [0, 0, 0], [0, 2, 1]],
                     [[1, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 2], [0, 0, 0, 1]]):
            JOBS["nl_solve"]({"grid": grid, "solver": entry.name, "second": True})
    JOBS["nl_random"]({"rows": 6, "cols": 6, "seed": 3})


def test_the_warm_up_reaches_every_kernel_a_page_request_calls(monkeypatch):
    warmed = reached_kernels(_called(monkeypatch, warm_all))
    used = _called(monkeypatch, _page_requests)
    assert len(used) > 20
    missing = sorted(k.__name__ if hasattr(k, "__name__") else repr(k) for k in used - warmed)
    assert missing == [], f"requests of the page compile {missing} after the warm-up"


def test_a_worker_that_cannot_start_is_one_line_not_a_thread_traceback(monkeypatch, capsys):
    # Ctrl+C while the fork server compiled on a first start: each pool's starting thread printed a traceback
    from tremaux.web import workers

    def broken(*args, **kwargs):
        raise EOFError("unexpected EOF")

    monkeypatch.setattr(workers, "_Worker", broken)
    pool = workers.WorkerPool(1, warm=False)
    assert pool._started.wait(10) and pool.ready
    pool.close()
    err = capsys.readouterr().err
    assert err == "tremaux web page: the worker processes could not start (unexpected EOF)\n", err


def test_the_first_start_says_when_kernels_compile_and_when_they_are_ready():
    from tremaux.web._preload import CompileNotice

    lines = []
    notice = CompileNotice(lines.append)
    notice.done()
    assert lines == []  # a warm cache: nothing compiled, nothing said
    notice("tremaux.kernels.gen_tree.growing_tree")
    notice("tremaux.kernels.solve.bfs")
    notice.done()
    assert len(lines) == 2 and "compiling the kernels" in lines[0] and "kernels compiled in" in lines[1]
