"""Messages from a forked child to its parent on a pipe, and ending the child: nothing here knows what they carry.

Each message is its length (8 bytes, little-endian) then its bytes; :func:`send_and_exit` pickles a
``(kind, value)`` message (an unpicklable one becomes an ``("error", RuntimeError)`` naming it) and ends the child
at once, so nothing of the parent's program runs on in it.

Examples
--------
>>> import os
>>> from tremaux._pipes import write_message
>>> read, write = os.pipe()
>>> write_message(write, b"hi")
>>> os.read(read, 10)
b'\\x02\\x00\\x00\\x00\\x00\\x00\\x00\\x00hi'
"""

from __future__ import annotations

import os
import pickle
import signal
from typing import Any

__all__ = ["write_message", "send_and_exit", "kill"]


def write_message(pipe: int, data: bytes) -> None:
    """One message on ``pipe``: its length (8 bytes), then ``data``."""
    view = memoryview(len(data).to_bytes(8, "little") + data)
    while view:
        view = view[os.write(pipe, view):]


def send_and_exit(pipe: int, message: tuple[str, Any]) -> None:  # pragma: no cover - runs in the child
    """Send ``message`` to the parent and end the child (nothing of the parent's program runs on here)."""
    try:
        from ._portfolio import _one_line

        try:
            data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an exception or a value that does not pickle
            what = _one_line(message[1]) if message[0] == "error" else _one_line(exc)
            data = pickle.dumps(("error", RuntimeError(f"in the child process: {what}")))
        write_message(pipe, data)
        os.close(pipe)
    finally:
        os._exit(0)


def kill(pid: int) -> None:
    """End the child ``pid`` (SIGKILL) and reap it; nothing if it has ended already."""
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
