"""Bad and oversized inputs through the command line (maze side of issue 17).

Each command must answer with one line ``error: ...`` on stderr and exit
status 2: no traceback, and no big allocation before refusing (the
refusals are measured with tracemalloc and stay far below the sizes they
refuse). Small budgets are simulated with ``--memory-limit`` or
``TREMAUX_MEMORY_LIMIT`` rather than by allocating gigabytes.
"""

from __future__ import annotations

import io as std_io
import sys
import tracemalloc

import numpy as np
import pytest

import tremaux
from tremaux import budget
from tremaux import io as maze_io
from tremaux.cli import main

READERS = [
    ["info", "{f}"], ["show", "{f}"], ["convert", "{f}", "-o", "{d}/out.npz"], ["solve", "{f}"], ["render", "{f}"],
    ["stats", "{f}"],
]


def run(argv: list[str], capsys) -> tuple[int, str, str, int]:
    """Exit status, stdout, stderr and the tracemalloc peak (bytes) of ``tremaux ARGV`` in this process."""
    tracemalloc.start()
    try:
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    return code, out, err, peak


def refused(argv: list[str], capsys, match: str) -> str:
    code, out, err, peak = run(argv, capsys)
    assert code == 2, (argv, code, out, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = [line for line in err.splitlines() if not line.endswith("this may take a while...")]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert match in lines[0], lines[0]
    assert peak < 200 * 2**20, f"{argv}: {peak / 2**20:.0f} MiB allocated before refusing"
    return lines[0]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("robust")
    (d / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (d / "garbage.bin").write_bytes(np.random.default_rng(17).integers(0, 256, 4096, dtype=np.uint8).tobytes())
    full = maze_io.dumps(tremaux.generate((50, 50), seed=1).maze, "npz")
    (d / "trunc.npz").write_bytes(full[: len(full) // 2])
    with open(d / "big.txt", "wb") as f:
        f.truncate(50_000_000)
    maze_io.save(tremaux.generate((20, 30), seed=2).maze, d / "maze.npz")
    maze_io.save(tremaux.generate((1000, 1000), seed=3).maze, d / "big.npz")
    return d


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
@pytest.mark.parametrize("name, match", [
    ("deep.json", "deep.json:1:65: malformed JSON: nested deeper than 64 levels"),
    ("garbage.bin", "garbage.bin: not a maze file: byte 3 is not UTF-8 text"),
    ("trunc.npz", "trunc.npz: not a readable .npz maze file"),
    ("big.txt", "big.txt: a text maze of 47.7 MiB is over the 16.0 MiB cap for text files"),
])
def test_bad_files_give_one_line(files, capsys, command, name, match):
    argv = [a.format(f=files / name, d=files) for a in command]
    refused(argv, capsys, match)


def test_stdin_over_the_text_cap(capsys, monkeypatch):
    class Stdin:
        buffer = std_io.BytesIO(b"#" * (budget.TEXT_LIMIT + 1))

    monkeypatch.setattr(sys, "stdin", Stdin())
    refused(["info", "-"], capsys, "error: <stdin>: more than 16.0 MiB of text is over the cap for text files")


@pytest.mark.parametrize("argv, match", [
    (["render", "{d}/maze.npz", "--cell-size", "100000", "--out", "{d}/x.png"], "a picture of 3616646 x 2449986 pixels needs about 32.2 TiB"),
    (["render", "{d}/big.npz", "--cell-size", "1000", "--out", "{d}/x.png"], "TiB of memory; the limit is"),
    (["render", "{d}/big.npz", "--cell-size", "1000", "--out", "{d}/x.gif"], "TiB of memory; the limit is"),
    (["render", "{d}/big.npz", "--format", "svg", "--out", "{d}/x.svg"], "an SVG of a maze of 1,000,000 cells"),
    (["render", "{d}/big.npz"], "a text drawing of a 1000 x 1000 maze"),
    (["solve", "{d}/big.npz"], "a text drawing of a 1000 x 1000 maze"),
    (["animate", "{d}/big.npz", "--out", "{d}/x.gif"], "1000 x 1000 maze (tremaux)"),
])
def test_pictures_over_the_budget(files, capsys, monkeypatch, argv, match):
    monkeypatch.setenv(budget.ENV_VAR, "100M")
    refused([a.format(d=files) for a in argv], capsys, match)


@pytest.mark.parametrize("command", ["info", "stats"])
def test_measuring_over_the_budget_is_refused_before_reading(files, capsys, monkeypatch, command):
    monkeypatch.setenv(budget.ENV_VAR, "10M")
    refused([command, str(files / "big.npz")], capsys, "measuring a 1000 x 1000 maze needs about 20.1 MiB")
    from tremaux.maze import properties
    from tremaux.measure import maze_stats

    maze = maze_io.load(files / "big.npz", memory_limit="1G")
    with pytest.raises(tremaux.errors.MemoryLimitError, match="measuring a 1000 x 1000 maze"):
        (properties.summary if command == "info" else maze_stats)(maze)


def test_generate_inside_the_size_limit_but_over_the_budget(files, capsys, monkeypatch):
    # printed as text: refused before generating, whatever the budget
    refused(["--memory-limit", "8G", "generate", "--size", "30000x30000"], capsys,
            "the ascii text of a 30000 x 30000 maze needs about 41.1 GiB of memory; the limit is 8.0 GiB")
    # saved: the generation needs 1.7 GiB, and writing the file 2.5 GiB with the maze (both fit a 4 GB cap)
    monkeypatch.setenv(budget.ENV_VAR, "2G")
    refused(["generate", "--size", "30000x30000", "--out", str(files / "x.npz")], capsys,
            "the npz file of a 30000 x 30000 maze needs about 2.5 GiB of memory; the limit is 2.0 GiB")
    refused(["generate", "--size", "30000x30000", "--out", str(files / "x.npz"), "--stats"], capsys,
            "the npz file of a 30000 x 30000 maze")
    monkeypatch.setenv(budget.ENV_VAR, "1G")
    refused(["generate", "--size", "30000x30000", "--format", "ascii", "--out", str(files / "x.txt")], capsys,
            "the ascii text of a 30000 x 30000 maze")
    monkeypatch.setenv(budget.ENV_VAR, "3G")
    refused(["generate", "-g", "kruskal", "--size", "20000x20000", "--out", str(files / "x.npz")], capsys,
            "a 20000 x 20000 maze (kruskal) needs about 4.9 GiB of memory; the limit is 3.0 GiB")


def test_generate_with_a_picture_bomb_as_mask(files, capsys):
    from PIL import Image

    buf = std_io.BytesIO()
    Image.new("L", (8, 8)).save(buf, format="PNG")
    png = bytearray(buf.getvalue())
    png[16:24] = (100_000).to_bytes(4, "big") * 2
    import zlib

    png[29:33] = (zlib.crc32(bytes(png[12:29])) & 0xFFFFFFFF).to_bytes(4, "big")
    (files / "bomb.png").write_bytes(bytes(png))
    refused(["generate", "--mask", str(files / "bomb.png")], capsys, "100000 x 100000 = 10,000,000,000 pixels")


def test_memory_limit_option(files, capsys, monkeypatch):
    refused(["--memory-limit", "lots", "info", str(files / "maze.npz")], capsys,
            "error: memory size 'lots' is not a size")
    monkeypatch.setenv(budget.ENV_VAR, "lots")
    refused(["info", str(files / "maze.npz")], capsys, "TREMAUX_MEMORY_LIMIT='lots' is not a size")
    monkeypatch.delenv(budget.ENV_VAR)
    code, out, err, _ = run(["--memory-limit", "64M", "solve", str(files / "maze.npz")], capsys)
    assert code == 0 and "bfs: path of" in err
    assert budget.memory_limit() != 64 * 2**20  # the option lasts for its command only
    refused(["--memory-limit", "1M", "solve", str(files / "maze.npz")], capsys, "the limit is 1.0 MiB")


def test_long_work_is_announced(files, capsys, monkeypatch):
    import importlib

    monkeypatch.setattr(importlib.import_module("tremaux.cli.runtime"), "LONG_WORK_CELLS", 500)
    code, out, err, _ = run(["generate", "--size", "20x30", "--out", str(files / "small.npz")], capsys)
    assert code == 0
    assert "generating a 20x30 maze with backtracker (600 cells); this may take a while..." in err
    code, out, err, _ = run(["solve", "--json", str(files / "small.npz")], capsys)
    assert code == 0 and "solving" in err and out.startswith("{")


def test_help_documents_the_limits(capsys):
    code, out, err, _ = run(["--help"], capsys)
    assert "--memory-limit" in out and "TREMAUX_MEMORY_LIMIT" in out


def test_explain_transcript_over_the_memory_budget_is_refused(capsys, tmp_path):
    # each line lists the whole worklist: a wide search on a modest maze writes megabytes
    from cli_helpers import run
    from tremaux import Maze
    from tremaux import io as mio

    src = tmp_path / "open.npz"
    mio.save(Maze.open((60, 60)), src)
    code, out, err = run(capsys, "--memory-limit", "4M", "solve", str(src), "--explain")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("error: the step-by-step transcript of 3,600 steps needs about ")
    code, out, err = run(capsys, "--memory-limit", "16M", "solve", str(src), "--explain")
    assert code == 0 and out.count("\n") > 3600
