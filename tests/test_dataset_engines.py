"""The process engine's workers: they end with the build, also when the build is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")

SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    from tremaux.dataset.engines import run_shards

    def task(spec, batch):
        print("worker", os.getpid(), flush=True)
        time.sleep(0.3)
        return [batch[0]]

    run_shards("processes", task, None, list(range(1000)), lambda r: None, workers=2)
    """
)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as f:
            state = next(line for line in f if line.startswith("State:"))
    except (FileNotFoundError, ProcessLookupError):
        return False
    return " Z " not in state and "zombie" not in state


@pytest.mark.skipif(not os.path.isdir("/proc") or sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_the_build_is_killed(sig):
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True, env=env)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.startswith("worker"):
                workers.add(int(line.split()[1]))
        assert len(workers) == 2
        proc.send_signal(sig)
        proc.wait(10)
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in workers if _alive(p)]
        assert not left, f"worker processes {left} outlived the killed build"
    finally:
        for p in workers:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()


def test_a_local_dask_cluster_starts_no_more_workers_than_shards():
    # --workers 64 for a build of one shard forked 64 Dask workers (each a full process) that had nothing to do
    pytest.importorskip("distributed")
    from tremaux.dataset.engines import run_shards

    done = []
    assert run_shards("dask", _one, None, [0, 1], done.append, workers=5) == 2
    assert sorted(done) == [0, 1]


def _one(spec, batch):
    return list(batch)


def test_dask_missing_is_said_before_anything_is_written(tmp_path, monkeypatch):
    import tremaux.dataset as ds
    from tremaux.errors import TremauxError

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if dask[distributed] were not installed
    with pytest.raises(TremauxError, match=r"the dask engine needs dask\[distributed\]"):
        ds.build(ds.DatasetSpec(count=4, size=(3, 3), shard_size=2), tmp_path / "d", engine="dask")
    assert not (tmp_path / "d").exists()


def _slow_after_four(spec, batch):
    """Shards 0-3 at once, the others once the test lets them go (a local cluster in this process shares it)."""
    for shard in batch:
        if shard >= 4:
            _RELEASE.wait(20)
    return list(batch)


_RELEASE = __import__("threading").Event()


def test_dask_hands_back_each_shard_of_a_batch_as_it_finishes():
    # a task of 8 shards handed back its results only when all 8 were built: interrupted meanwhile, the build lost
    # the finished ones (their files on disk, not in the manifest) and built them again on resume
    pytest.importorskip("distributed")
    import _thread
    import threading

    from distributed import LocalCluster

    from tremaux.dataset.engines import run_shards

    seen: list[int] = []
    early: list[list[int]] = []
    _RELEASE.clear()

    def watch():
        deadline = time.monotonic() + 10
        while len(seen) < 4 and time.monotonic() < deadline:
            time.sleep(0.02)
        early.append(sorted(seen))
        _thread.interrupt_main()
        _RELEASE.set()

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        watcher = threading.Thread(target=watch)
        watcher.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                run_shards("dask", _slow_after_four, None, list(range(8)), seen.append,
                           scheduler=cluster.scheduler_address, batch=8)
        finally:
            _RELEASE.set()
            watcher.join()
    assert early == [[0, 1, 2, 3]]  # each shard came back as it finished, while the task went on
    assert sorted(seen)[:4] == [0, 1, 2, 3] and len(seen) == len(set(seen))


def test_dask_interrupted_hands_on_the_tasks_already_finished():
    # Ctrl-C while a result was handed on cancelled the other tasks, also those finished meanwhile: their shards
    # were written but not recorded
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    from tremaux.dataset.engines import run_shards

    seen: list[int] = []

    def on_result(shard):
        seen.append(shard)
        if len(seen) == 1:
            time.sleep(1.0)  # the other task finishes meanwhile
            raise KeyboardInterrupt

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        with pytest.raises(KeyboardInterrupt):
            run_shards("dask", _one, None, [0, 1], on_result, scheduler=cluster.scheduler_address, batch=1)
    assert sorted(seen) == [0, 1]



HEARTBEAT_SCRIPT = textwrap.dedent(
    """
    import logging
    from tremaux.dataset.engines import run_shards

    def task(spec, batch):  # on a worker: log as distributed's Worker.heartbeat does without the scheduler, then an error
        from distributed.comm.core import CommClosedError

        log = logging.getLogger("distributed.worker")

        def heartbeat():
            try:
                raise CommClosedError("in <TCP (closed) ConnectionPool.heartbeat_worker>: Stream is closed")
            except OSError:
                log.exception("Failed to communicate with scheduler during heartbeat.")

        heartbeat()
        log.error("a worker error still shown %d", batch[0])
        return [batch[0]]

    if __name__ == "__main__":
        done = []
        run_shards("dask", task, None, [7], done.append, workers=1)
        print(done)
    """
)


def test_the_local_dask_cluster_keeps_its_workers_heartbeat_tracebacks_off_stderr(tmp_path):
    # under load a worker printed "Failed to communicate with scheduler during heartbeat." and a CommClosedError
    # traceback on stderr, though the build went on and finished
    pytest.importorskip("distributed")
    script = tmp_path / "build.py"
    script.write_text(HEARTBEAT_SCRIPT)
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0 and proc.stdout == "[7]\n", proc.stderr
    assert "a worker error still shown 7" in proc.stderr  # the workers' other errors are shown as before
    assert "heartbeat" not in proc.stderr and "CommClosedError" not in proc.stderr, proc.stderr
