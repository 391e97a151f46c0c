"""What the CLI tests share: running ``tremaux`` in process and reading what it printed."""

from __future__ import annotations

from tremaux.cli import main


def run(capsys, *args):
    """Run ``tremaux *args`` in process: its exit code (0 when it returned), standard output and error."""
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err
