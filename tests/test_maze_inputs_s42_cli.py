"""The maze commands given odd options and outputs: one line, exit 2, nothing written or replaced."""

from __future__ import annotations

import os

import pytest

from cli_helpers import run


@pytest.mark.parametrize("argv", [["generate", "--size", "3x4", "--seed", "1"],
                                  ["demo", "--size", "3x4", "--seed", "1"]])
def test_out_on_a_read_only_file_is_refused_and_the_file_kept(capsys, monkeypatch, tmp_path, argv):
    # the picture is written beside it and renamed over it, so a file without write permission was replaced
    kept = tmp_path / "kept.txt"
    kept.write_text("mine\n")
    kept.chmod(0o444)
    if os.geteuid() == 0:  # root may write any file: ask as a user without the permission would
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if str(p) == str(kept) else real(p, mode, **kw))
    code, out, err = run(capsys, *argv, "-o", str(kept))
    assert code == 2
    assert err == f"error: cannot write {kept}: the file is read-only (no write permission)\n"
    assert kept.read_text() == "mine\n"
