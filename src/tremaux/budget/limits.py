"""Where the limits come from, and the checks that refuse work over them.

The memory limit is resolved by :func:`memory_limit` (the call's keyword,
then :func:`limited`, then ``TREMAUX_MEMORY_LIMIT``, then
:func:`default_limit`); :func:`check` compares an estimate with it. Text files
have their own size cap, :func:`text_limit`, checked by
:func:`check_text_size` before they are read.

Examples
--------
>>> from tremaux.budget.limits import check, text_limit
>>> check(1000, "a small maze", limit="1M")
1000
>>> text_limit("1M")
1048576
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator

from ..errors import InputTooLargeError, MemoryLimitError, TremauxError
from .sizes import format_bytes, parse_bytes

__all__ = [
    "ENV_VAR",
    "TEXT_ENV_VAR",
    "TEXT_LIMIT",
    "available_memory",
    "default_limit",
    "memory_limit",
    "limited",
    "check",
    "text_limit",
    "check_text_size",
]

ENV_VAR = "TREMAUX_MEMORY_LIMIT"
"""Environment variable holding the memory limit (``8G``, ``none``...)."""

TEXT_ENV_VAR = "TREMAUX_TEXT_LIMIT"
"""Environment variable holding the size cap of text files (``16M``...)."""

TEXT_LIMIT = 16 * 2**20
"""Default cap on a text file (maze drawing, JSON, mask), in bytes; bigger mazes belong in ``.npz``."""

_DEFAULT_SHARE = 0.5
_CAP_SHARE = 0.9
_DEFAULT_FLOOR = 256 * 2**20
_override: contextvars.ContextVar[int | None] = contextvars.ContextVar("tremaux_memory_limit", default=None)


def _cgroup_room() -> int | None:
    try:
        with open("/sys/fs/cgroup/memory.max") as f:
            cap = f.read().strip()
        if cap == "max":
            return None
        with open("/sys/fs/cgroup/memory.current") as f:
            used = int(f.read().strip())
        return max(0, int(cap) - used)
    except (OSError, ValueError):
        return None


def _rlimit_room() -> int | None:
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):  # pragma: no cover - not POSIX
        return None
    if soft == resource.RLIM_INFINITY:
        return None
    import psutil

    return max(0, soft - psutil.Process().memory_info().vms)


def available_memory() -> int:
    """Bytes this process could still allocate: the least of the system's free memory, cgroup and rlimit room.

    Returns
    -------
    int
        Bytes, the least of the limits that apply to this process.

    Examples
    --------
    >>> from tremaux.budget.limits import available_memory
    >>> available_memory() > 0
    True
    """
    import psutil

    room = [psutil.virtual_memory().available, _cgroup_room(), _rlimit_room()]
    return min(r for r in room if r is not None)


def default_limit() -> int:
    """The limit when none is set: at least 256 MiB, else the least of

    * half the memory the system has free (other programs share it), and
    * 90% of the room left under the process's own caps (the cgroup's
      ``memory.max``, the address-space rlimit of ``ulimit -v``).

    Returns
    -------
    int
        The default memory limit in bytes.

    Examples
    --------
    >>> from tremaux.budget.limits import default_limit
    >>> default_limit() >= 256 * 2**20
    True
    """
    import psutil

    shares = [int(_DEFAULT_SHARE * psutil.virtual_memory().available)]
    shares += [int(_CAP_SHARE * r) for r in (_cgroup_room(), _rlimit_room()) if r is not None]
    return max(_DEFAULT_FLOOR, min(shares))


def memory_limit(limit: str | int | None = None) -> int | None:
    """The limit in force, in bytes (``None``: unlimited), resolved as the module documentation says.

    Parameters
    ----------
    limit : str or int, optional
        An explicit limit (the ``memory_limit=`` keyword of a call); wins over everything.

    Returns
    -------
    int or None
        The limit in bytes, or ``None`` when there is none.

    Raises
    ------
    TremauxError
        When ``TREMAUX_MEMORY_LIMIT`` (or ``limit``) is not a size.

    Examples
    --------
    >>> from tremaux.budget.limits import memory_limit, limited
    >>> memory_limit("4G")
    4294967296
    >>> with limited("1G"):
    ...     memory_limit()
    1073741824
    """
    if limit is not None:
        return parse_bytes(limit)
    over = _override.get()
    if over is not None:
        return over or None
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        try:
            return parse_bytes(env)
        except TremauxError:
            raise TremauxError(f"{ENV_VAR}={env!r} is not a size such as 8G, 512M or 1000000 (or 'none')") from None
    return default_limit()


@contextlib.contextmanager
def limited(limit: str | int | None) -> Iterator[int | None]:
    """Use ``limit`` for every check inside the ``with`` block (``None`` or ``"none"``: unlimited).

    Parameters
    ----------
    limit : str, int or None
        The limit for the block, as :func:`parse_bytes` reads it.

    Yields
    ------
    int or None
        The limit in bytes (``None``: unlimited).

    Examples
    --------
    >>> from tremaux.budget.limits import limited
    >>> with limited("64M") as n:
    ...     n
    67108864
    """
    n = parse_bytes(limit)
    token = _override.set(0 if n is None else n)
    try:
        yield n
    finally:
        _override.reset(token)


def check(estimate: int | float, what: str, limit: str | int | None = None) -> int:
    """Raise :class:`MemoryLimitError` when ``estimate`` bytes are over the limit; else return the estimate.

    Parameters
    ----------
    estimate : int
        Peak bytes the work would need.
    what : str
        What the work makes, for the message (``"a PNG of 9000 x 9000 pixels"``).
    limit : str or int, optional
        An explicit limit; see :func:`memory_limit`.

    Returns
    -------
    int
        ``estimate`` as an int, when it fits.

    Raises
    ------
    MemoryLimitError
        Naming the estimate and the limit.

    Examples
    --------
    >>> from tremaux.budget.limits import check
    >>> check(1000, "a small maze", limit="1M")
    1000
    """
    est = int(estimate)
    if limit is None and est <= _DEFAULT_FLOOR and _override.get() is None and not os.environ.get(ENV_VAR):
        return est  # the default limit is never below the floor: no need to ask the system
    cap = memory_limit(limit)
    if cap is not None and est > cap:
        raise MemoryLimitError(what, est, cap)
    return est


def text_limit(limit: str | int | None = None) -> int | None:
    """The size cap of text files in bytes: ``limit``, else ``TREMAUX_TEXT_LIMIT``, else :data:`TEXT_LIMIT`.

    Parameters
    ----------
    limit : str or int, optional
        An explicit cap; wins over the environment variable.

    Returns
    -------
    int or None
        The cap in bytes, or ``None`` for no cap.

    Raises
    ------
    TremauxError
        When ``TREMAUX_TEXT_LIMIT`` is not a size.

    Examples
    --------
    >>> from tremaux.budget.limits import text_limit
    >>> text_limit(), text_limit("1M")
    (16777216, 1048576)
    """
    if limit is not None:
        return parse_bytes(limit)
    env = os.environ.get(TEXT_ENV_VAR, "").strip()
    if env:
        try:
            return parse_bytes(env)
        except TremauxError:
            raise TremauxError(f"{TEXT_ENV_VAR}={env!r} is not a size such as 16M (or 'none')") from None
    return TEXT_LIMIT


def check_text_size(nbytes: int, what: str = "a text maze", *, source: str | None = None,
                    limit: str | int | None = None) -> None:
    """Raise :class:`InputTooLargeError` when a text of ``nbytes`` is over :func:`text_limit`.

    Parameters
    ----------
    nbytes : int
        Size of the text in bytes.
    what : str, default "a text maze"
        What the text holds, for the message.
    source : str, optional
        The file name, for the message.
    limit : str or int, optional
        An explicit cap; see :func:`text_limit`.

    Raises
    ------
    InputTooLargeError
        When ``nbytes`` is over the cap.

    Examples
    --------
    >>> from tremaux.budget.limits import check_text_size
    >>> check_text_size(50 * 2**20, source="big.txt")
    Traceback (most recent call last):
    ...
    tremaux.errors.InputTooLargeError: big.txt: a text maze of 50.0 MiB is over the 16.0 MiB cap for text files (save big mazes as .npz, or set TREMAUX_TEXT_LIMIT)
    """
    cap = text_limit(limit)
    if cap is not None and nbytes > cap:
        raise InputTooLargeError(
            f"{what} of {format_bytes(nbytes)} is over the {format_bytes(cap)} cap for text files "
            f"(save big mazes as .npz, or set {TEXT_ENV_VAR})",
            source=source,
        )


# ----------------------------------------------------------------------------- estimates
