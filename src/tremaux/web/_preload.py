"""Imported once by the worker pool's fork server: loads every kernel before any worker is forked.

Every worker process is forked from that server, so each starts with all
generators, solvers and renderers compiled (or loaded from numba's cache), and
a job's time limit never pays for a compilation. A failure here only costs
time later; it never stops the server. On a cold cache (the first start on a
machine) the compilation takes minutes, and the page's first answers wait for
it: the server's terminal says so when it begins and when it ends.
"""

from __future__ import annotations

import sys
import time

from .. import _numba
from .jobs import warm_all


class CompileNotice:
    """Said on stderr once when the warm-up compiles its first kernel, and :meth:`done` says when it ended.

    Parameters
    ----------
    write : callable, optional
        Where the lines go (the standard error by default).

    Examples
    --------
    >>> lines = []
    >>> notice = CompileNotice(lines.append)
    >>> notice("tremaux.kernels.gen_tree.growing_tree"); notice("tremaux.kernels.solve.bfs")
    >>> notice.done()
    >>> len(lines), lines[0].startswith("tremaux web page: first start")
    (2, True)
    >>> quiet = CompileNotice(lines.append); quiet.done(); len(lines)  # nothing compiled: nothing said
    2
    """

    def __init__(self, write=None) -> None:
        self.write = write or (lambda line: print(line, file=sys.stderr, flush=True))
        self.began: float | None = None

    def __call__(self, kernel: str) -> None:
        if self.began is None:
            self.began = time.monotonic()
            self.write("tremaux web page: first start on this machine: compiling the kernels for the workers, once "
                       "(a few minutes; requests wait for it; `tremaux warmup` compiles them ahead)")

    def done(self) -> None:
        """Say that the compilation ended, if there was one."""
        if self.began is not None:
            self.write(f"tremaux web page: kernels compiled in {time.monotonic() - self.began:.0f} s; "
                       "the page answers at full speed")


_notice = CompileNotice()
_numba.on_compile(_notice)
try:
    warm_all()
except KeyboardInterrupt:  # Ctrl+C while the server starts: the fork server ends without a word
    raise SystemExit(1) from None
except Exception:  # noqa: BLE001 - a broken algorithm is reported when it is used, not here
    pass
_notice.done()
