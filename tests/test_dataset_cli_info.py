"""``tremaux dataset``: the interruption message, spec-file errors, worker counts, and ``tremaux dataset info``."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

import tremaux.dataset as ds
from tremaux.cli import main
from tremaux.errors import TremauxError


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_ctrl_c_says_one_line(tmp_path, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(ds, "build", interrupted)
    code, out, err = run(["dataset", "--count", "4", "--size", "3x3", "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 130 and out == ""
    assert err.startswith("interrupted: finished shards are kept") and err.count("\n") == 1, err


@pytest.mark.parametrize("table, said", [
    ("[filters]\nmin_foo = 3\n", "unknown dataset filter 'min_foo'"),
    ("[generator_options]\nfoo = 3\n", "backtracker takes no option 'foo'"),
    ("generator = \"kruskal\"\n[generator_options]\nfoo = 3\n", "option 'foo'"),
    ("outputs = [\"maze\", \"pictures\"]\n", "unknown dataset output 'pictures'"),
    ("generator = \"nope\"\n", "unknown generator 'nope'"),
])
def test_a_bad_key_of_a_spec_file_names_the_file(tmp_path, capsys, table, said):
    spec = tmp_path / "spec.toml"
    spec.write_text("count = 4\nsize = \"5x5\"\n" + table)
    code, _, err = run(["dataset", str(spec), "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"error: {spec}: ") and said in err, err
    with pytest.raises(TremauxError, match=f"^{re.escape(str(spec))}: .*{re.escape(said)}"):
        ds.load_spec(spec)
    assert not (tmp_path / "d").exists()


def test_a_bad_name_given_as_an_option_names_no_file(tmp_path, capsys):
    spec = tmp_path / "spec.toml"
    spec.write_text("count = 4\nsize = \"5x5\"\n")
    code, _, err = run(["dataset", str(spec), "--generator", "nope", "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 2 and err.startswith("error: unknown generator 'nope'"), err


def test_ctrl_c_on_dask_keeps_the_finished_shards_and_says_one_line(tmp_path):
    # Ctrl-C in a terminal reaches the whole process group: the local cluster's workers printed tracebacks, and the
    # shards of the tasks cut short were on disk but not in the manifest (tasks of up to 16 shards reported at their end)
    pytest.importorskip("distributed")
    out = tmp_path / "d"
    argv = [sys.executable, "-m", "tremaux", "dataset", "--count", "1000000", "--size", "12x12",
            "--shard-size", "2000", "--engine", "dask", "--workers", "2", "--out", str(out), "-q"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if out.is_dir() and len(list(out.glob("shard-*.parquet"))) >= 6:
                break
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130, stderr
    assert stderr.startswith("interrupted: finished shards are kept") and stderr.count("\n") == 1, stderr
    on_disk = {p.name for p in out.glob("shard-*.parquet")}
    recorded = {rec.file for rec in ds.read_manifest(out).shards.values()}
    assert len(on_disk) >= 6 and recorded <= on_disk and len(on_disk - recorded) <= 2  # a shard per worker at most


@pytest.mark.parametrize("engine", ["processes", "dask"])
def test_far_more_workers_than_cores_is_refused(tmp_path, capsys, monkeypatch, engine):
    # --workers 1000 on 2 cores started a process per shard: a thousand processes fighting for two cores
    import tremaux.dataset.engines as engines

    monkeypatch.setattr(engines, "cpu_count", lambda: 2)
    code, _, err = run(["dataset", "--count", "40", "--size", "3x3", "--shard-size", "2", "--engine", engine,
                        "--workers", "9", "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith("error: --workers 9 is more than 4 times the 2 cores"), err
    assert not (tmp_path / "d").exists()


def test_more_workers_than_cores_is_said_and_no_more_than_shards_start(tmp_path, capsys, monkeypatch):
    import tremaux.dataset.engines as engines

    monkeypatch.setattr(engines, "cpu_count", lambda: 1)
    code, out, err = run(["dataset", "--count", "6", "--size", "3x3", "--shard-size", "2", "--engine", "processes",
                          "--workers", "4", "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 0 and "on processes, 3 workers" in out  # 3 shards: 3 processes, not 4
    assert err == "note: 3 worker processes on 1 core: they share it (each runs slower)\n", err
    monkeypatch.setattr(engines, "cpu_count", lambda: 4)
    code, out, err = run(["dataset", "--count", "6", "--size", "3x3", "--shard-size", "2", "--engine", "processes",
                          "--workers", "4", "--out", str(tmp_path / "e"), "-q"], capsys)
    assert code == 0 and err == "" and "3 workers" in out
