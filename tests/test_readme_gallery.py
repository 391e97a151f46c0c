"""The README's gallery: every picture is what the command written next to it makes, byte for byte."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tremaux.cli import main

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = re.findall(r"`(tremaux [^`]*--out (docs/images/[^`\s]+)[^`]*)`", (ROOT / "README.md").read_text("utf-8"))


def test_the_gallery_lists_a_command_for_every_grid():
    outs = [out for _, out in COMMANDS]
    assert len(outs) == len(set(outs)) >= 14
    for grid in ("polar", "hex", "triangle", "upsilon", "zeta", "torus", "cylinder", "moebius", "weave"):
        assert any(grid in cmd for cmd, _ in COMMANDS), grid


@pytest.mark.parametrize("command, out", COMMANDS, ids=[Path(o).name for _, o in COMMANDS])
def test_each_picture_is_made_by_its_command(command, out, tmp_path, capsys):
    made = tmp_path / Path(out).name
    args = [str(made) if a == out else a for a in shlex.split(command)[1:]]
    try:
        main(args)
    except SystemExit as exc:
        assert exc.code in (0, None), capsys.readouterr().err
    assert made.read_bytes() == (ROOT / out).read_bytes(), f"{out} is not what `{command}` makes: run it again"
