"""Writing an output file whole or not at all.

The content is written to a hidden file beside the target, then renamed over
it: a write that fails part way (a full disk, a file size limit) leaves the
target as it was, never half a maze or half a picture. A target that is not a
regular file (a pipe, a device) is written in place. A descriptor this process
already holds (``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``) is written through
as it is, whatever it leads to: opening it again would empty a file the shell
opened for appending (``>> log``), and replacing that file would lose it.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import tempfile
from pathlib import Path

__all__ = ["write_file", "check_writable"]


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
        When the file cannot be written (its ``output`` attribute is then True); the target is unchanged.

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
        err = type(exc)(exc.errno, exc.strerror or str(exc), str(path))
        err.output = True  # type: ignore[attr-defined]  # the command line says "cannot write", not "no such file"
        raise err from None


_HELD = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


def _held_descriptor(asked: Path) -> int | None:
    """The descriptor of this process that ``asked`` names (``/dev/stdout``, ``/dev/fd/3``...), if it names one."""
    name = os.path.normpath(os.path.abspath(asked))
    if name in _HELD:
        return _HELD[name]
    found = re.fullmatch(r"/(?:dev/fd|proc/self/fd|proc/%d/fd)/(\d+)" % os.getpid(), name)
    return int(found.group(1)) if found else None


def _write_descriptor(fd: int, raw: bytes) -> None:
    for stream in (sys.stdout, sys.stderr):  # what was printed comes first
        try:
            if stream is not None and stream.fileno() == fd:
                stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    view = memoryview(raw)
    while view:
        view = view[os.write(fd, view):]


def _write(asked: Path, raw: bytes) -> None:
    fd = _held_descriptor(asked)
    if fd is not None:
        _write_descriptor(fd, raw)
        return
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


def check_writable(path: str | os.PathLike) -> None:
    """Refuse, before any work, a file :func:`write_file` could not create: a read-only file system, a folder
    without write permission.

    A device, a pipe or a descriptor this process holds is not checked (it is written in place).

    Parameters
    ----------
    path : str or os.PathLike
        The file to write; its folder exists.

    Raises
    ------
    OSError
        As :func:`write_file` would raise it, its ``output`` attribute True.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> check_writable(os.path.join(folder, "m.txt"))
    >>> os.listdir(folder)
    []
    """
    asked = Path(path)
    if _held_descriptor(asked) is not None:
        return
    try:
        st = os.stat(asked)
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        return
    target = Path(os.path.realpath(asked))
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    except OSError as exc:
        why = exc.strerror or str(exc)
        if isinstance(exc, FileNotFoundError):  # the folder is there (/proc): it takes no new file
            why = f"no file can be made in {target.parent}"
        err = type(exc)(exc.errno, why, str(path))
        err.output = True  # type: ignore[attr-defined]
        raise err from None
    os.close(fd)
    os.unlink(tmp)
