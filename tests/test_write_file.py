"""Output files are written whole or not at all: a write that fails part way leaves the target as it was."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys

import pytest

import tremaux
from cli_helpers import run
from tremaux import io as mio
from tremaux._write import write_file


def _limited(limit: int):
    """Run the child with files capped at ``limit`` bytes (Python ignores SIGXFSZ: the write fails with EFBIG)."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return cap


@pytest.mark.parametrize("name", ["m.txt", "m.png"])
def test_a_write_cut_short_leaves_the_old_file_and_no_scraps(tmp_path, name):
    out = tmp_path / name
    out.write_bytes(b"old content\n")
    proc = subprocess.run([sys.executable, "-m", "tremaux", "generate", "--size", "120x120", "--seed", "1",
                           "--out", str(out)], capture_output=True, text=True, preexec_fn=_limited(8192),
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == f"error: cannot write {out}: File too large\n"
    assert out.read_bytes() == b"old content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_the_error_names_the_file_asked_for(capsys, tmp_path):
    (tmp_path / "plain").write_text("x")
    for target, message in ((tmp_path / "missing" / "m.txt", "error: cannot write {}: the folder " + str(tmp_path / "missing") + " does not exist\n"),
                            (tmp_path / "plain" / "m.txt", "error: cannot write {}: " + str(tmp_path / "plain") + " is not a folder\n")):
        code, _, err = run(capsys, "generate", "--size", "3x3", "--out", str(target))
        assert code == 2 and err == message.format(target)
    code, _, err = run(capsys, "render", str(tmp_path / "plain"), "--out", str(tmp_path / "plain" / "m.svg"))
    assert code == 2 and err.count("\n") == 1


def test_write_file_replaces_through_a_link_and_keeps_the_mode(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    os.chmod(real, 0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_file(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    write_file(os.devnull, b"into a device, in place")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_the_library_writers_write_whole_files(tmp_path):
    maze = tremaux.generate((3, 4), seed=1).maze
    mio.save(maze, tmp_path / "m.json")
    tremaux.render.save(maze, tmp_path / "m.svg")
    assert mio.load(tmp_path / "m.json") == maze
    assert (tmp_path / "m.svg").read_text().startswith("<svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json", "m.svg"]


def test_an_out_through_a_link_to_a_pipe_is_written_in_place(tmp_path):
    """``--out /dev/stdout`` with the output piped: the link leads to a pipe, which has no path of its own."""
    script = ("import sys; from tremaux.cli import main; "
              "main(['generate', '--size', '2x3', '--seed', '1', '--out', '/dev/stdout', '--format', 'block'])")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)  # stdout is a pipe
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("#######\n#E") and proc.stderr == "wrote <stdout>\n"


def test_a_descriptor_held_for_appending_keeps_what_it_held(tmp_path):
    # `tremaux generate -o /dev/stdout -f ascii >> log`: the log keeps its lines, the maze comes after them
    log = tmp_path / "log.txt"
    log.write_text("first line\n")
    with open(log, "ab") as f:
        write_file(f"/dev/fd/{f.fileno()}", "+---+\n")
    assert log.read_text() == "first line\n+---+\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.txt"]


def test_out_dash_is_the_standard_output(capfd, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capfd, "generate", "--size", "2x3", "--seed", "1", "-o", "-", "-f", "ascii")
    assert code == 0 and out == str(tremaux.generate((2, 3), seed=1).maze) + "\n"
    saved = tmp_path / "m.json"
    mio.save(tremaux.generate((2, 3), seed=1).maze, saved)
    code, out, err = run(capfd, "convert", str(saved), "-o", "-", "-f", "block")
    assert code == 0 and out == mio.dumps(tremaux.generate((2, 3), seed=1).maze, "block") + "\n"
    assert list(tmp_path.iterdir()) == [saved]  # no file named '-'


@pytest.mark.parametrize("command", [["generate", "--size", "3x3"], ["generate", "--grid", "hex", "--size", "3x3"],
                                     ["render", "{maze}"], ["solve", "{maze}"], ["animate", "{maze}"], ["demo"],
                                     ["convert", "{maze}"]])
def test_a_folder_that_takes_no_file_is_named_before_any_work(capsys, tmp_path, monkeypatch, command):
    """A read-only file system (/proc, a mount): ``cannot write FILE`` before the maze is made or printed,
    not ``no such file`` after it."""
    import errno
    import tempfile

    import tremaux

    maze = tmp_path / "m.txt"
    tremaux.io.save(tremaux.generate((3, 3), seed=1).maze, maze)
    shut = tmp_path / "shut"
    shut.mkdir()
    real = tempfile.mkstemp

    def mkstemp(*args, dir=None, **kwargs):
        if dir is not None and os.path.samefile(dir, shut):
            raise OSError(errno.EROFS, "Read-only file system")
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    out = shut / ("m.gif" if command[0] == "animate" else "m.json" if command[0] == "convert" else
                  "m.png" if command[0] in ("render", "solve", "demo") else "m.npz")
    argv = [a.format(maze=maze) for a in command]
    code, printed, err = run(capsys, *argv, "--out", str(out))
    assert (code, printed, err) == (2, "", f"error: cannot write {out}: Read-only file system\n")
    assert list(shut.iterdir()) == []
