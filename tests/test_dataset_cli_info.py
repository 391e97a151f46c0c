"""``tremaux dataset``: the interruption message, spec-file errors, worker counts, and ``tremaux dataset info``."""

from __future__ import annotations

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


def test_ctrl_c_says_one_line(tmp_path, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(ds, "build", interrupted)
    code, out, err = run(["dataset", "--count", "4", "--size", "3x3", "--out", str(tmp_path / "d"), "-q"], capsys)
    assert code == 130 and out == ""
    assert err.startswith("interrupted: finished shards are kept") and err.count("\n") == 1, err
