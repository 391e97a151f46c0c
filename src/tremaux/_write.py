"""Writing an output file whole or not at all.

The content is written to a hidden file beside the target, then renamed over
it: a write that fails part way (a full disk, a file size limit) leaves the
target as it was, never half a maze or half a picture. A target that is not a
regular file (``/dev/stdout``, a pipe) is written in place.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

__all__ = ["write_file"]


def _umask() -> int:
    """The process's umask, read where the system shows it (setting it, the fallback, is not thread-safe)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_file(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path``, whole or not at all.

    Parameters
    ----------
    path : str or os.PathLike
        The file; a symbolic link is followed, an existing file keeps its permissions.
    data : str or bytes
        The content.

    Raises
    ------
    OSError
        When the file cannot be written; the target is then unchanged.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "m.txt")
    >>> write_file(path, "+---+\\n")
    >>> open(path).read()
    '+---+\\n'
    >>> os.listdir(os.path.dirname(path))
    ['m.txt']
    """
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    try:
        _write(Path(path), raw)
    except OSError as exc:  # named after the file asked for, not the hidden one beside it
        raise type(exc)(exc.errno, exc.strerror, str(path)) from None


def _write(asked: Path, raw: bytes) -> None:
    try:
        st: os.stat_result | None = os.stat(asked)  # through links: /dev/stdout to a pipe has no real path
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):  # a device or a pipe: nothing to replace
        with open(asked, "wb") as f:
            f.write(raw)
        return
    target = Path(os.path.realpath(asked))  # a link to a file: the file is replaced, the link kept
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
        os.chmod(tmp, stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
