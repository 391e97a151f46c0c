"""First use: where the kernel cache lives, the one-line notice on a cold cache, and ``tremaux warmup``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tremaux import _numba
from tremaux.cli import main
from tremaux.warmup import tasks

SRC = str(Path(__file__).resolve().parents[1] / "src")


def test_cache_dir_honours_numba_cache_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "given"))
    assert _numba.cache_dir() == str(tmp_path / "given")


def test_cache_dir_is_beside_a_writable_package(monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(_numba, "package_writable", lambda folder=_numba.KERNELS_DIR: True)
    assert _numba.cache_dir() is None


def test_cache_dir_of_a_read_only_install_is_the_users(monkeypatch, tmp_path):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(_numba, "package_writable", lambda folder=_numba.KERNELS_DIR: False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert _numba.cache_dir() == str(tmp_path / "xdg" / "tremaux" / "numba")
    else:  # pragma: no cover - the platform's own cache folder
        assert _numba.cache_dir().endswith("numba")


def test_package_writable_reads_the_folder(tmp_path):
    assert _numba.package_writable(tmp_path)
    assert not _numba.package_writable(tmp_path / "missing" / "deeper")


def _cli(*args, cache=None):
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    return subprocess.run([sys.executable, "-m", "tremaux", *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_a_cold_cache_is_announced_once_then_the_cache_is_used(tmp_path):
    cache = tmp_path / "cache"
    argv = ("generate", "--size", "40x40", "--generator", "binary-tree", "--seed", "1")  # over SMALL_MAZE_CELLS
    first = _cli(*argv, cache=cache)
    assert first.returncode == 0, first.stderr
    notices = [ln for ln in first.stderr.splitlines() if ln.startswith("first use: compiling")]
    assert len(notices) == 1 and "tremaux warmup" in notices[0]
    assert any(cache.rglob("*.nbi"))  # the compiled code went to the given cache
    second = _cli(*argv, cache=cache)
    assert second.returncode == 0 and second.stdout == first.stdout
    assert "first use" not in second.stderr


def test_a_small_maze_needs_no_compilation_even_with_a_cold_cache(tmp_path):
    cache = tmp_path / "cache"
    done = _cli("generate", "--size", "20x20", "--generator", "binary-tree", "--seed", "1", cache=cache)
    assert done.returncode == 0, done.stderr
    assert "first use" not in done.stderr and not any(cache.rglob("*.nbi"))  # run as Python: nothing compiled
    assert len(done.stdout.splitlines()) == 41


def _main(capsys, *argv):
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
        raise SystemExit(0)
    return exc.value.code, capsys.readouterr().err.strip().splitlines()


def test_warmup_runs_every_task_and_says_where_the_cache_is(capsys):
    code, err = _main(capsys, "warmup", "--quiet", "--workers", "1")
    assert code == 0
    assert err[-1].startswith(f"warm: {len(tasks())} tasks in ") and "kernels compiled), cache in " in err[-1]
    assert not any(ln.startswith("first use") for ln in err)
    code, err = _main(capsys, "warmup", "--workers", "0")
    assert code == 2 and err == ["error: --workers 0 must be at least 1"]


def test_warmup_in_several_processes():
    done = _cli("warmup", "--quiet", "--workers", "2")  # the suite's own cache, warm by now: it loads
    assert done.returncode == 0, done.stderr
    assert f"warm: {len(tasks())} tasks in " in done.stderr and "(2 processes)" in done.stderr


def test_the_warmup_tasks_cover_every_registry():
    from tremaux.generators import GENERATORS
    from tremaux.numberlink import NL_SOLVERS
    from tremaux.solvers import SOLVERS

    labels = {name for name, _ in tasks()}
    assert {f"generate {n}" for n in GENERATORS.names()} <= labels
    assert {f"solve {n}" for n in SOLVERS.names()} <= labels
    assert {f"numberlink {n}" for n in NL_SOLVERS.names()} <= labels


UNREACHABLE = {
    "gen_common.delta": "no kernel or module calls it",
    "gen_common.neighbour": "no kernel or module calls it",
    "graph_topo.tables": "the tables of a topology for the tests (the grids build theirs in Python)",
    "solve.bfs": "a plain breadth-first search for the tests; the registered solvers run the worklist",
}
"""Kernels no registered algorithm, format, picture, puzzle solver or dataset output reaches."""


def test_the_warmup_compiles_every_kernel_the_registry_reaches(monkeypatch):
    from tremaux import _jit
    from tremaux.warmup import all_kernels, reached_kernels

    kernels = all_kernels()
    assert len(kernels) > 150 and {name.split(".")[0] for name in kernels} >= {"numberlink", "nl_search", "nl_route",
                                                                               "graph_gen", "batch", "batch_text"}
    called = set()
    original = _jit.Kernel.__call__

    def spy(self, *args):
        called.add(self)
        return original(self, *args)

    monkeypatch.setattr(_jit.Kernel, "__call__", spy)
    monkeypatch.setattr(_jit, "_LIMIT", 0)  # compiled, as `tremaux warmup` runs them
    for _label, run in tasks():
        run()
    reached = reached_kernels(called)
    missing = sorted(name for name, kernel in kernels.items() if kernel not in reached)
    assert missing == sorted(UNREACHABLE)  # a kernel reached now must leave UNREACHABLE


PYTHON_CALLERS = {
    "gen_common.begin": "generators/queues.py runs the growing tree's frontier in Python around it",
    "gen_common.carve": "generators/queues.py", "gen_common.choice_buffer": "generators/queues.py",
    "gen_common.finish": "generators/queues.py", "gen_common.offsets": "generators/queues.py",
    "gen_common.open_choices": "generators/queues.py", "gen_common.pick_start": "generators/queues.py",
    "gen_common.record": "generators/queues.py", "gen_common.rand_below": "generators/queues.py and the tests",
    "rng.below": "the random state's public functions (doctests, generators written in Python)",
    "rng.next_u64": "rng's public functions", "rng.shuffle": "rng's public functions",
    "rng.uniform": "rng's public functions",
    "batch_seeds.derive_seed": "its doctest compares it with rng.derive_seed",
    "batch_seeds.seed_state": "tests/test_dataset_kernels.py",
    "graph_merge._fill_order": "tests/test_grids_topology.py runs Kruskal's steps one by one",
    "graph_merge._merge_arcs": "tests/test_grids_topology.py",
    "graph_merge._merge_pairs": "tests/test_grids_topology.py",
    "nl_colour_cells._joined": "tests/test_nl_colours.py", "nl_colour_cells._kept": "tests/test_nl_colours.py",
}
"""Kernels only other kernels call in the warm-up that keep their Python entry point, and who calls them from Python."""


def test_a_kernel_only_kernels_call_is_compiled_without_python_entry_point(monkeypatch):
    """numba's Python wrapper costs about 25 ms of a cold compile per specialisation: a kernel the warm-up compiles
    but never calls from Python goes without (``no_cpython_wrapper``) unless something else calls it from Python."""
    from tremaux import _jit
    from tremaux.warmup import all_kernels, reached_kernels

    kernels = all_kernels()
    called = set()
    original = _jit.Kernel.__call__

    def spy(self, *args):
        called.add(self)
        return original(self, *args)

    monkeypatch.setattr(_jit.Kernel, "__call__", spy)
    monkeypatch.setattr(_jit, "_LIMIT", 0)
    for _label, run in tasks():
        run()
    reached = reached_kernels(called)
    wrapped = sorted(name for name, k in kernels.items()  # numba types an inline="always" kernel in its callers
                     if k in reached and k not in called and k.targetoptions.get("inline") != "always"
                     and not k.targetoptions.get("no_cpython_wrapper"))
    assert wrapped == sorted(PYTHON_CALLERS)  # a kernel called from Python in the warm-up leaves PYTHON_CALLERS


def test_reached_kernels_follows_the_calls_numba_compiles():
    from tremaux.warmup import all_kernels, reached_kernels

    kernels = all_kernels()
    search = reached_kernels([kernels["nl_search.search_run"]])
    assert {kernels["nl_search_prune.prune_rows"], kernels["nl_search_corner.corner_ok"]} <= search
    assert kernels["nl_route.route_within"] not in search
    polar = reached_kernels([kernels["graph_gen.backtracker"]])  # through graph_topo's numba overloads
    assert kernels["graph_topo.ring_loc"] in polar and kernels["numberlink._trace_lines"] not in polar


def test_no_more_processes_than_groups_of_tasks(capsys, monkeypatch):
    import tremaux.warmup as wu
    from cli_helpers import run as run_cli
    from tremaux import _system

    groups = len(wu.kernel_groups([label for label, _ in wu.tasks()]))
    asked = []

    def fake(progress=None, *, workers=1):
        asked.append(workers)
        return 0

    monkeypatch.setattr(wu, "warmup", fake)
    monkeypatch.setattr(_system, "cpu_count", lambda: 64)  # 4 a core: 256 may start, capped at the groups
    code, _, err = run_cli(capsys, "warmup", "--workers", "256", "--quiet")
    assert code == 0 and asked == [groups]
    assert f"({groups} processes)" in err
    assert wu.useful_workers(100000) == groups and wu.useful_workers(2) == 2


def test_warmup_uses_every_core_by_default(capsys, monkeypatch):
    import tremaux.warmup as wu
    from cli_helpers import run as run_cli
    from tremaux import _system

    asked = []
    monkeypatch.setattr(wu, "warmup", lambda progress=None, *, workers=1: asked.append(workers) or 0)
    monkeypatch.setattr(_system, "cpu_count", lambda: 3)
    code, _, err = run_cli(capsys, "warmup", "--quiet")
    assert code == 0 and asked == [3] and "(3 processes)" in err


def test_kernel_groups_put_the_hex_grids_apart_and_the_costliest_first():
    import tremaux.warmup as wu

    labels = [label for label, _ in wu.tasks()]
    groups = wu.kernel_groups(labels)
    assert sorted(i for g in groups for i in g) == list(range(len(labels)))
    named = [{labels[i] for i in g} for g in groups]
    assert {"grid hex", "grid hex weave=True"} in named
    assert any("grid square wrap=torus" in g and "grid polar" in g and "grid hex" not in g for g in named)
    costs = [sum(wu.cost(labels[i]) for i in g) for g in groups]
    assert costs == sorted(costs, reverse=True) and named[0] == {"numberlink fast"}
    assert set(wu.COSTS) <= set(labels)  # a renamed task must not leave a stale cost behind


def test_warmup_in_processes_reports_each_task_as_it_starts_and_ends():
    import tremaux.warmup as wu

    seen = []
    assert wu.warmup(lambda label, done, total: seen.append((label, done)), workers=2) == len(wu.tasks())
    labels = [label for label, _ in wu.tasks()]
    ends = [label for (label, done), (_, before) in zip(seen[1:], seen) if done == before + 1]
    assert sorted(ends) == sorted(labels) and seen[-1] == ("done", len(labels))
    assert all(sum(1 for label, _ in seen if label == name) >= 2 for name in labels)  # started, then ended


class _Proc:
    def __init__(self, exitcode):
        self.exitcode = exitcode


def test_a_worker_error_is_raised_in_the_calling_process():
    import queue

    from tremaux import _warmup_procs

    news = queue.Queue()
    news.put(("start", 0))
    news.put(("error", (ValueError("bad"), "Traceback ...")))
    with pytest.raises(ValueError, match="bad"):
        _warmup_procs._follow(["a"], [_Proc(None)], news, None)


def test_a_worker_that_dies_without_a_word_is_an_error(monkeypatch):
    import queue

    from tremaux import _warmup_procs

    monkeypatch.setattr(_warmup_procs, "_POLL", 0.01)
    news = queue.Queue()
    news.put(("end", None))
    with pytest.raises(RuntimeError, match="exit code -9"):
        _warmup_procs._follow(["a"], [_Proc(0), _Proc(-9)], news, None)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the processes in /proc")
def test_ctrl_c_ends_the_warmup_processes_in_one_line(tmp_path):
    import signal
    import time

    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "NUMBA_CACHE_DIR": str(tmp_path / "cold")}
    proc = subprocess.Popen([sys.executable, "-m", "tremaux", "warmup", "--workers", "2"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_children(proc.pid)) < 2:  # both workers started (a cold cache)
            time.sleep(0.2)
        workers = _children(proc.pid)
        assert len(workers) >= 2
        time.sleep(3)  # compiling now
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: to the command and its workers
        _, err = proc.communicate(timeout=60)
    finally:  # nothing of the test left running, whatever failed
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.strip().splitlines()[-1].startswith("interrupted: the kernels compiled so far are cached")
    assert not any(_state(pid) not in ("Z", "gone") for pid in workers)  # the workers ended with the command


def test_sigterm_ends_the_warmup_processes_with_the_command(tmp_path):
    import signal
    import time

    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "NUMBA_CACHE_DIR": str(tmp_path / "cold")}
    proc = subprocess.Popen([sys.executable, "-m", "tremaux", "warmup", "--workers", "2", "--quiet"], env=env,
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    workers = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_children(proc.pid)) < 2:
            time.sleep(0.2)
        workers = _children(proc.pid)
        assert len(workers) >= 2
        time.sleep(1)
        os.kill(proc.pid, signal.SIGTERM)  # as `kill PID` does: to the command alone, not its workers
        proc.communicate(timeout=60)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_state(pid) not in ("Z", "gone") for pid in workers):
            time.sleep(0.2)
    finally:  # nothing of the test left running, whatever failed
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
        for pid in workers:  # orphans by now, if the command left them
            if _state(pid) not in ("Z", "gone"):
                os.kill(pid, signal.SIGKILL)
    assert proc.returncode == 143
    assert not any(_state(pid) not in ("Z", "gone") for pid in workers)  # the workers ended with the command


def _children(pid):
    """The warm-up worker processes of ``pid`` (not multiprocessing's resource tracker), whichever thread made them."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    spawned = b"spawn_main" in f.read()
            except (OSError, ValueError, IndexError):
                continue
            if ppid == pid and spawned:
                out.append(int(entry))
    return out


def _state(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_warmup_refuses_more_processes_than_a_dataset_may_start(capsys, monkeypatch):
    # each process holds numba's compiler: 40 of them on 2 cores (what --workers 999 started) swapped for minutes
    import tremaux.warmup as wu
    from cli_helpers import run as run_cli
    from tremaux import _system

    asked = []
    monkeypatch.setattr(wu, "warmup", lambda progress=None, *, workers=1: asked.append(workers) or 0)
    monkeypatch.setattr(_system, "cpu_count", lambda: 2)
    code, out, err = run_cli(capsys, "warmup", "--workers", "999", "--quiet")
    assert code == 2 and out == "" and asked == []
    assert err.strip() == ("error: --workers 999 is more than 4 times the 2 cores of this machine: the processes "
                           "would only share them; give at most 8"), err
    code, _, err = run_cli(capsys, "warmup", "--workers", "8", "--quiet")
    assert code == 0 and asked == [8], err
