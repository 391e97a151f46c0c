"""``tremaux dataset`` on the command line: options, spec files, Dask, Ctrl-C and resume, errors."""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tremaux.dataset as ds
from tremaux.cli import main


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.iterdir())}


SPEC_TOML = """\
count = 40
size = "5x6"
seed = 9
shard_size = 10
outputs = ["maze", "solution", "stats", "tokens"]

[filters]
min_solution_length = 10
"""


def test_options_alone(tmp_path, capsys):
    code, out, err = run(["dataset", "--count", "30", "--size", "4x5", "--seed", "3", "--shard-size", "10",
                          "--out", str(tmp_path / "d"), "--quiet"], capsys)
    assert code == 0, err
    assert out.startswith("30 mazes in ") and "3 shards built" in out
    spec = ds.read_manifest(tmp_path / "d").spec
    assert (spec.count, spec.size, spec.seed, spec.shard_size) == (30, (4, 5), 3, 10)
    assert ds.load(tmp_path / "d")["cells"].shape == (30, 4, 5)


def test_spec_file_dask_equals_local(tmp_path, capsys):
    # the "done when": spec.toml on Dask (a local cluster the command
    # starts and stops) gives the same shards as the local engine
    spec = tmp_path / "spec.toml"
    spec.write_text(SPEC_TOML)
    code, _, err = run(["dataset", str(spec), "--engine", "local", "--out", str(tmp_path / "local")], capsys)
    assert code == 0, err
    assert "40/40" in err and "mazes/s" in err  # the progress bar went to stderr
    code, out, err = run(["dataset", str(spec), "--engine", "dask", "--workers", "1", "--out",
                          str(tmp_path / "dask")], capsys)
    assert code == 0, err
    assert "on dask, 1 worker" in out
    assert files(tmp_path / "dask") == files(tmp_path / "local")
    assert (ds.load(tmp_path / "dask")["solution_length"] >= 10).all()


def test_options_override_the_file(tmp_path, capsys):
    spec = tmp_path / "spec.toml"
    spec.write_text(SPEC_TOML)
    code, _, err = run(["dataset", str(spec), "--count", "12", "--outputs", "maze,ascii", "--solver", "dfs",
                        "--min-solution-length", "12", "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 0, err
    got = ds.read_manifest(tmp_path / "d").spec
    assert (got.count, got.seed, got.outputs, got.solvers) == (12, 9, ("maze", "ascii"), ("dfs",))
    assert got.filters == {"min_solution_length": 12}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--count", "5", "--size", "4"], "error: --size '4' is not of the form HxW (for example 20x20)\n"),
        (["--size", "4x4"], "error: dataset spec has no 'count'"),
        (["--count", "5", "--engine", "spark"], "error: unknown engine 'spark'; choose one of: dask, local, processes"),
        (["--count", "5", "--outputs", "maze,movies"], "error: unknown dataset output 'movies'"),
        (["--count", "5", "--generator", "nope"], "error: unknown generator 'nope'"),
        (["--count", "5", "--workers", "0", "--engine", "processes"], "error: --workers 0 must be at least 1\n"),
        (["--count", "5", "--scheduler", "tcp://127.0.0.1:1"], "error: a scheduler address (tcp://127.0.0.1:1) needs the dask engine"),
    ],
)
def test_bad_options_give_one_line(tmp_path, capsys, argv, message):
    code, _, err = run(["dataset", *argv, "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 2
    assert err.startswith(message) and err.count("\n") == 1


def test_foreign_directory_one_line(tmp_path, capsys):
    (tmp_path / "x.txt").write_text("keep me")
    code, _, err = run(["dataset", "--count", "5", "--out", str(tmp_path), "-q"], capsys)
    assert code == 2 and "not empty and holds no tremaux dataset" in err and err.count("\n") == 1


def test_unreachable_scheduler(tmp_path, capsys):
    code, _, err = run(["dataset", "--count", "5", "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9",
                        "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 2 and err.startswith("error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")


def test_ctrl_c_exits_130_and_keeps_finished_shards(tmp_path):
    # a real SIGINT to a running command: exit 130 with a hint, finished shards stay whole
    out = tmp_path / "d"
    argv = [sys.executable, "-m", "tremaux", "dataset", "--count", "400000", "--size", "12x12",
            "--shard-size", "2000", "--engine", "processes", "--workers", "2", "--out", str(out), "-q"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    # as typed in a terminal: a test run started in the background (``pytest &``) hands its children
    # SIGINT ignored, and a command that inherits that keeps ignoring Ctrl-C, as it should
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        # workers write shard files themselves; wait until the manifest records two of them
        try:
            recorded = len(ds.read_manifest(out).shards)
        except ds.DatasetDirError:
            recorded = 0
        if recorded >= 2:
            break
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "interrupted: finished shards are kept" in stderr and "Traceback" not in stderr
    manifest = ds.read_manifest(out)
    assert 2 <= len(manifest.shards) < 100
    # finishing this job would take long; what a rerun keeps is checked instead (resuming
    # itself is tested in test_dataset_build.py::test_resume_after_interruption)
    spec = manifest.spec
    kept = dict(manifest.shards)
    for rec in kept.values():
        assert ds.store.sha256(out / rec.file) == rec.sha256
    fresh = ds.shard.build_shard(spec, min(kept))
    assert fresh.sha256 == kept[min(kept)].sha256  # a kept shard is exactly what a rerun would write


@pytest.mark.parametrize("out", ["memory://cli/data", "-"])
def test_a_dataset_the_command_could_not_leave_behind_is_refused(capsys, tmp_path, monkeypatch, out):
    # memory:// ends with the command's process, and a folder of shards cannot go to the standard output
    monkeypatch.chdir(tmp_path)
    code, stdout, err = run(["dataset", "--count", "2", "--size", "3x3", "--out", out, "-q"], capsys)
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
    assert ("memory only" in err) if out.startswith("memory") else ("standard output" in err)
    assert list(tmp_path.iterdir()) == [] and stdout == ""


def _sigkill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


def _exit_3(pid: int) -> None:
    os._exit(3)


class _DiesOnShard2:
    """``build_shards`` whose worker dies (``how(pid)``) when it reaches shard 2."""

    def __init__(self, how) -> None:
        self.how = how

    def __call__(self, spec, shards, target=None):
        from tremaux.dataset.shard import build_shards

        if 2 in shards:
            self.how(os.getpid())
        return build_shards(spec, shards, target)


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("how", "said"),
    [
        (_sigkill, "was killed by SIGKILL (out of memory?)"),
        (_exit_3, "exited with code 3"),
    ],
    ids=["sigkill", "exit-3"],
)
def test_a_dead_worker_ends_the_build(tmp_path, capsys, monkeypatch, how, said):
    # multiprocessing.Pool waited forever for the shard a killed worker held; the build must
    # stop at once with one line naming the shard and how the worker ended, and keep its shards
    build_module = importlib.import_module("tremaux.dataset.build")  # the module, not ds.build
    argv = ["dataset", "--count", "60", "--size", "5x6", "--seed", "4", "--shard-size", "10",
            "--engine", "processes", "--workers", "2", "-q"]
    code, _, err = run([*argv, "--out", str(tmp_path / "whole")], capsys)
    assert code == 0, err
    with monkeypatch.context() as patch:
        patch.setattr(build_module, "build_shards", _DiesOnShard2(how))
        t0 = time.monotonic()
        code, _, err = run([*argv, "--out", str(tmp_path / "d")], capsys)
        seconds = time.monotonic() - t0
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"error: the worker process building shard 2 {said}; the finished shards are kept")
    assert seconds < 20
    manifest = ds.read_manifest(tmp_path / "d")
    assert 2 not in manifest.shards and not manifest.complete
    code, out, err = run([*argv, "--out", str(tmp_path / "d")], capsys)
    assert code == 0, err
    assert f"{len(manifest.shards)} kept" in out
    assert files(tmp_path / "d") == files(tmp_path / "whole")


@pytest.mark.timeout(120)
def test_a_dead_dask_worker_ends_the_build(tmp_path, capsys, monkeypatch):
    # on a local Dask cluster the killed worker's tasks come back cancelled (or, retried on every
    # worker, as KilledWorker): one line naming a lost shard, exit 2, and a rerun resumes
    build_module = importlib.import_module("tremaux.dataset.build")
    argv = ["dataset", "--count", "60", "--size", "5x6", "--seed", "4", "--shard-size", "10", "-q"]
    code, _, err = run([*argv, "--out", str(tmp_path / "whole")], capsys)
    assert code == 0, err
    with monkeypatch.context() as patch:
        patch.setattr(build_module, "build_shards", _DiesOnShard2(_sigkill))
        code, _, err = run([*argv, "--engine", "dask", "--workers", "2", "--out", str(tmp_path / "d")], capsys)
    line = err.splitlines()[-1]  # Dask's own log lines come first
    assert code == 2 and line.startswith("error: Dask lost shard ") and "a worker died" in line, err
    assert "Traceback" not in err and line.endswith("run the same build again to resume")
    assert not ds.read_manifest(tmp_path / "d").complete
    code, _, err = run([*argv, "--engine", "processes", "--workers", "2", "--out", str(tmp_path / "d")], capsys)
    assert code == 0, err
    assert files(tmp_path / "d") == files(tmp_path / "whole")


def test_an_empty_outputs_list_is_refused_not_built_as_rows_of_seeds(tmp_path, capsys):
    code, out, err = run(["dataset", "-q", "-n", "3", "--size", "3x3", "--outputs", "", "-o", str(tmp_path / "d")],
                         capsys)
    assert code == 2 and err.startswith("error: --outputs must name at least one of: maze")
    assert not (tmp_path / "d").exists()


def test_kill_stops_like_ctrl_c_and_records_the_finished_shards(tmp_path):
    # ``kill`` (SIGTERM) ends the build as Ctrl-C does: the manifest records the shards on disk, so that a rerun
    # keeps them instead of building again those finished since the manifest's last rewrite
    out = tmp_path / "d"
    argv = [sys.executable, "-m", "tremaux", "dataset", "--count", "400000", "--size", "12x12",
            "--shard-size", "2000", "--engine", "processes", "--workers", "2", "--out", str(out), "-q"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if out.is_dir() and len(list(out.glob("shard-*.parquet"))) >= 4:
                break
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert "interrupted: finished shards are kept" in stderr and "Traceback" not in stderr
    on_disk = {p.name for p in out.glob("shard-*.parquet")}
    recorded = {rec.file for rec in ds.read_manifest(out).shards.values()}
    assert recorded <= on_disk and len(on_disk - recorded) <= 2  # at most a shard per worker in flight


@pytest.mark.parametrize("argv, message", [
    (["-n", "0"], "error: --count 0 is out of range"),
    (["--braid", "5"], "error: --braid 5.0 is out of range"),
    (["--size", "0x3"], "error: --size 0x3 is invalid"),
    (["--seed", "-99999999999999999999"], "error: --seed -99999999999999999999 is out of range"),
])
def test_a_bad_option_beside_a_spec_file_is_blamed_on_the_option_not_the_file(tmp_path, capsys, argv, message):
    """The file is fine: the error names the option typed, as it does without a file, not ``spec.toml: ...``."""
    spec = tmp_path / "spec.toml"
    spec.write_text('count = 5\nsize = "4x4"\n')
    code, _, err = run(["dataset", str(spec), *argv, "-o", str(tmp_path / "out"), "-q"], capsys)
    assert code == 2
    assert err.startswith(message), err
    assert "spec.toml" not in err, err
    assert not (tmp_path / "out").exists()


def test_a_bad_value_in_the_spec_file_still_names_the_file(tmp_path, capsys):
    spec = tmp_path / "spec.toml"
    spec.write_text('count = 0\nsize = "4x4"\n')
    code, _, err = run(["dataset", str(spec), "--braid", "0.5", "-o", str(tmp_path / "out"), "-q"], capsys)
    assert code == 2 and err.startswith(f"error: {spec}: dataset count 0 is out of range"), err


def test_the_readme_spec_and_local_dataset_commands_are_accepted(tmp_path, capsys, monkeypatch):
    """The README's spec.toml and its local ``tremaux dataset`` builds (100,000 mazes and more: not built here)
    are read and checked by the command as written, up to the build itself."""
    import re
    import shlex

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    toml = [b for b in re.findall(r"^```toml\n(.*?)^```", readme, flags=re.M | re.S) if b.startswith("# spec.toml")]
    assert len(toml) == 1
    (tmp_path / "spec.toml").write_text(toml[0])
    commands = [shlex.split(line, comments=True) for line in readme.splitlines()
                if line.startswith("tremaux dataset ") and not line.startswith("tremaux dataset info")]
    local = [c for c in commands if not any("://" in w for w in c)]  # a cluster or a bucket: tested apart
    assert len(local) >= 2 and any("spec.toml" in c for c in local)
    built = []

    class Report:
        notes = ()

        def __str__(self):
            return "built"

    def fake_build(spec, out, **options):
        built.append((spec, out, options["engine"]))
        return Report()

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(ds, "build", fake_build)
    for words in local:
        code, out, err = run(words[1:], capsys)
        assert (code, out) == (0, "built\n"), (words, err)
    from_file = next(spec for spec, _, _ in built if spec.count == 200000)
    assert from_file == ds.load_spec(tmp_path / "spec.toml")
    assert from_file.generator == "kruskal" and from_file.max_size == (30, 30) and from_file.filters


def test_an_empty_out_is_named_a_folder_for_a_dataset(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["dataset", "-n", "2", "--size", "3x3", "-o", "", "-q"], capsys)
    assert (code, out) == (2, "") and err.startswith("error: invalid value for '--out': empty output folder name"), err
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("address", ["notanaddress", "tcp://", "tcp://host:port"])
def test_a_malformed_scheduler_address_is_one_line(tmp_path, capsys, address):
    """It was a ValueError traceback from dask ("missing port number in address"), exit 1."""
    pytest.importorskip("distributed")
    code, out, err = run(["dataset", "-n", "3", "--size", "3x3", "-e", "dask", "--scheduler", address,
                          "-o", str(tmp_path / "d"), "-q"], capsys)
    assert (code, out) == (2, "") and err.startswith(f"error: {address} is not a Dask scheduler address"), err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_shared_without_a_scheduler_is_refused(tmp_path, capsys):
    """--shared says every worker of a --scheduler mounts --out; without one it did nothing, silently."""
    code, out, err = run(["dataset", "-n", "3", "--size", "3x3", "--shared", "-o", str(tmp_path / "d"), "-q"], capsys)
    assert (code, out) == (2, "") and err.startswith("error: --shared is for the workers of a Dask --scheduler"), err
    assert not (tmp_path / "d").exists()


def test_an_unknown_name_among_the_spec_files_generator_options_names_the_file(tmp_path, capsys):
    """"unknown discipline 'nope'" came without the file, as if typed on the command line."""
    spec = tmp_path / "spec.toml"
    spec.write_text('count = 5\nsize = "4x4"\ngenerator = "growing-tree"\n[generator_options]\ndiscipline = "nope"\n')
    code, out, err = run(["dataset", str(spec), "-o", str(tmp_path / "d"), "-q"], capsys)
    assert (code, out) == (2, "") and err.startswith(f"error: {spec}: unknown discipline 'nope'"), err
