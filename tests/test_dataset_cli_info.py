"""``tremaux dataset``: the interruption message, spec-file errors, worker counts, and ``tremaux dataset info``."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

import cli_helpers
import tremaux.dataset as ds
from tremaux.errors import TremauxError


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    return cli_helpers.run(capsys, *argv)  # (the first-use note of a cold cache taken out of the error)


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


def test_dataset_info_summarises_a_built_dataset(tmp_path, capsys):
    import json

    out = tmp_path / "d"
    spec = ds.DatasetSpec(count=30, size=(5, 5), max_size=(6, 7), seed=3, shard_size=10, solvers=("bfs", "dfs"),
                          filters={"min_solution_length": 4})
    ds.build(spec, out)
    capsys.readouterr()  # what the build itself wrote is not the command's
    code, text, err = run(["dataset", "info", str(out)], capsys)
    assert code == 0 and err == "", err
    for said in ("30", "5x5..6x7", "backtracker", "bfs, dfs", "maze, solution, stats", "3 of 3", "complete",
                 "min_solution_length=4", "parquet"):
        assert said in text, f"{said!r} not in {text}"
    assert "seed" in text and " 3\n" in text
    code, text, err = run(["dataset", "info", str(out), "--json"], capsys)
    info = json.loads(text)
    assert code == 0 and info["count"] == 30 and info["rows"] == 30 and info["complete"] is True
    assert info["size"] == "5x5" and info["max_size"] == "6x7" and info["solvers"] == ["bfs", "dfs"]
    assert info["shards_built"] == 3 and info["shards"] == 3 and info["seed"] == 3 and info["generator"] == "backtracker"
    assert info["outputs"] == ["maze", "solution", "stats"] and info["filters"] == {"min_solution_length": 4}
    # a partial build: what is there and what is missing
    manifest = out / "_manifest.json"
    data = json.loads(manifest.read_text())
    data["shards"] = data["shards"][:1]
    manifest.write_text(json.dumps(data))
    code, text, _ = run(["dataset", "info", str(out), "--json"], capsys)
    assert code == 0 and json.loads(text)["shards_built"] == 1 and json.loads(text)["complete"] is False


def test_dataset_info_of_a_folder_that_is_no_dataset_is_one_line(tmp_path, capsys):
    (tmp_path / "x.txt").write_text("hello")
    for path in (tmp_path, tmp_path / "missing"):
        code, out, err = run(["dataset", "info", str(path)], capsys)
        assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err
    code, _, err = run(["dataset", "info"], capsys)
    assert code == 2 and err.count("\n") == 1 and "PATH" in err, err


def test_dataset_still_builds_with_options_only(tmp_path, capsys):
    code, out, _ = run(["dataset", "--count", "3", "--size", "3x3", "-q", "--out", str(tmp_path / "d")], capsys)
    assert code == 0 and "3 mazes" in out


def test_the_documented_dataset_info_commands_run(tmp_path, capsys, monkeypatch):
    # test_docs_cli.py leaves the dataset commands to these files: the README's `tremaux dataset info` lines run here
    import shlex
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    commands = [line.split("#")[0].strip() for line in readme.splitlines() if line.startswith("tremaux dataset info ")]
    assert len(commands) >= 2
    monkeypatch.chdir(tmp_path)
    ds.build(ds.DatasetSpec(count=20, size=(4, 4), seed=1, shard_size=10), "data/")
    for command in commands:
        code, out, err = run(shlex.split(command)[1:], capsys)
        assert code == 0 and "20" in out and err == "", (command, err)


def test_info_on_a_path_that_does_not_exist_says_so(capsys, tmp_path):
    # it said "... is not a directory" of a mistyped name, as of a file
    from cli_helpers import run

    code, out, err = run(capsys, "dataset", "info", str(tmp_path / "nowhere"))
    assert code == 2 and err == f"error: {tmp_path / 'nowhere'} does not exist: no dataset there\n"
    (tmp_path / "f.txt").write_text("x")
    code, out, err = run(capsys, "dataset", "info", str(tmp_path / "f.txt"))
    assert code == 2 and err == f"error: {tmp_path / 'f.txt'} is not a directory\n"
