"""What the CLI tests share: running ``tremaux`` in process and reading what it printed."""

from __future__ import annotations

from tremaux.cli import main


FIRST_USE = "first use: compiling"
"""The start of the note a run prints once per process when numba compiles (an empty cache): not the command's."""


def run(capsys, *args):
    """Run ``tremaux *args`` in process: its exit code (0 when it returned), standard output and error.

    The first-use note (once per process, with an empty numba cache) is taken out of the error, whichever
    test happens to compile first; ``tests/test_cli_warmup.py`` tests the note itself.
    """
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    err = "".join(line for line in err.splitlines(keepends=True) if not line.startswith(FIRST_USE))
    return code, out, err
