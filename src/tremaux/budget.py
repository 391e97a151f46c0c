"""Memory budgets: estimate the peak bytes of big work and refuse it before allocating anything.

Generation, solving, pictures, text drawings and file reads call
:func:`check` with an estimate of their peak memory (the ``*_bytes``
functions below, each an upper bound of the arrays the work allocates) before
they allocate; over the limit they raise
:class:`~tremaux.errors.MemoryLimitError`, which names the estimate and the
limit, instead of dying half-way or swapping the machine to a halt.

The limit, first match wins:

1. the ``memory_limit=`` keyword of the call (``tremaux.generate``,
   ``tremaux.solve``, the renderers, ``tremaux.io.load``...);
2. :func:`limited` (``tremaux --memory-limit 8G ...`` uses it);
3. the ``TREMAUX_MEMORY_LIMIT`` environment variable;
4. the default, computed when the check runs: half the memory the system
   has free, or 90% of the room left under the process's cgroup limit or
   address-space rlimit (``ulimit -v``) when that is less; at least 256 MiB.

Sizes are written ``8G``, ``512M``, ``1.5GiB``, ``2e9`` or a plain number of
bytes; ``none`` (or ``0``) turns the check off. Text files have a separate
size cap (:func:`text_limit`, 16 MiB by default, ``TREMAUX_TEXT_LIMIT``):
they are refused unread above it, naming both sizes.

Examples
--------
>>> parse_bytes("8G"), parse_bytes("512 MiB"), parse_bytes("1.5k")
(8589934592, 536870912, 1536)
>>> format_bytes(3_600_000_000)
'3.4 GiB'
>>> with limited("1M"):
...     check(2_000_000, "a 1000 x 2000 PNG")
Traceback (most recent call last):
...
tremaux.errors.MemoryLimitError: a 1000 x 2000 PNG needs about 1.9 MiB of memory; the limit is 1.0 MiB (set --memory-limit or TREMAUX_MEMORY_LIMIT)
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import re
from collections.abc import Iterator

from .errors import InputTooLargeError, MemoryLimitError, TremauxError

__all__ = [
    "ENV_VAR",
    "TEXT_ENV_VAR",
    "TEXT_LIMIT",
    "parse_bytes",
    "format_bytes",
    "available_memory",
    "default_limit",
    "memory_limit",
    "limited",
    "check",
    "text_limit",
    "check_text_size",
    "generation_bytes",
    "solve_bytes",
    "measure_bytes",
    "raster_bytes",
    "svg_bytes",
    "text_drawing_bytes",
    "text_read_bytes",
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
_UNITS = {"": 1, "b": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
_SIZE = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:e[0-9]+)?)\s*([kmgt]?)(?:i?b)?\s*$", re.IGNORECASE)
_override: contextvars.ContextVar[int | None] = contextvars.ContextVar("tremaux_memory_limit", default=None)


def parse_bytes(value: str | int | float | None) -> int | None:
    """A size in bytes from ``8G``, ``512M``, ``1.5GiB``, ``2e9`` or a number; ``None`` for no limit.

    ``none``, ``off``, ``unlimited`` and ``0`` mean no limit.

    Parameters
    ----------
    value : str, int, float or None
        A size with an optional unit (``K``, ``M``, ``G``, ``T``, with or without ``iB``), a number of bytes,
        or ``None``.

    Returns
    -------
    int or None
        The size in bytes; ``None`` when it means no limit.

    Raises
    ------
    TremauxError
        For text that is not a size.

    Examples
    --------
    >>> parse_bytes("2G"), parse_bytes(4096), parse_bytes("none")
    (2147483648, 4096, None)
    >>> parse_bytes("lots")
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: memory size 'lots' is not a size such as 8G, 512M or 1000000 (or 'none')
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise TremauxError(f"memory size {value!r} is not a size such as 8G, 512M or 1000000 (or 'none')")
    if isinstance(value, (int, float)):
        if value != value or value < 0 or value == float("inf"):
            raise TremauxError(f"memory size {value!r} must be a finite number of bytes, 0 or more")
        return int(value) or None
    text = str(value).strip().lower()
    if text in ("none", "off", "unlimited", "no"):
        return None
    m = _SIZE.match(text)
    if not m:
        raise TremauxError(f"memory size {value!r} is not a size such as 8G, 512M or 1000000 (or 'none')")
    n = int(float(m.group(1)) * _UNITS[m.group(2).lower()])
    return n or None


def format_bytes(n: int | float) -> str:
    """A byte count for people: ``512 B``, ``3.4 GiB``.

    Parameters
    ----------
    n : int or float
        A number of bytes.

    Returns
    -------
    str
        The count in the largest binary unit that keeps it under 1024, to one decimal.

    Raises
    ------
    AssertionError
        Never: the loop always returns (the last unit takes any size).

    Examples
    --------
    >>> format_bytes(512), format_bytes(2**20), format_bytes(11 * 2**40)
    ('512 B', '1.0 MiB', '11.0 TiB')
    """
    n = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(n) < 1024 or unit == "TiB":
            return f"{int(n)} B" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


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
# Each is an upper bound of the arrays the work holds at its peak, per unit
# (cell, pixel, byte of text), read from the code that allocates them; the
# tests in tests/test_budget.py measure the real peaks with tracemalloc and
# check that these bound them.


def generation_bytes(n: int, work_entries: int, *, record: bool = False, trace_rows: int = 0,
                     masked: bool = False, extra_work_entries: int = 0) -> int:
    """Peak bytes of a generation of ``n`` cells.

    The maze (one byte per cell, one more for a mask), the kernel's int32
    ``work`` scratch, the recorded trace (three int64 per row) and the
    scratch of the imperfection passes (braid, openings...), which runs
    while the trace is held; the trace counts twice, as it is copied into a
    :class:`~tremaux.trace.Trace` at the end.

    Parameters
    ----------
    n : int
        Cells of the grid.
    work_entries : int
        int32 entries of the kernel's scratch (:func:`tremaux.kernels.generate.work_size`).
    record : bool
        Whether the run is recorded; ``trace_rows`` is then the size of the trace.
    trace_rows : int
        Rows of the trace array.
    masked : bool
        Whether the grid has a mask.
    extra_work_entries : int
        int32 entries of the imperfection passes' scratch.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> generation_bytes(100, 100)
    4596
    """
    return int(n * (1 + masked) + 4 * work_entries + (48 * trace_rows if record else 0)
               + 4 * extra_work_entries + 4096)


def solve_bytes(n: int, *, record: bool = False) -> int:
    """Peak bytes of solving a maze of ``n`` cells with any registered solver.

    Every solver holds at most 17 bytes of scratch per cell (a queue or stack
    of int32, a byte of marks, predecessors...); the solution keeps a visited
    flag and a path of int64 (at most every cell); a recorded run adds its
    transcript (rows of three int64, at most about four per cell, copied
    once into the :class:`~tremaux.trace.Trace`).

    Parameters
    ----------
    n : int
        Cells of the grid.
    record : bool
        Whether the run is recorded.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> solve_bytes(1000)
    30096
    """
    return int(n * (17 + 1 + 8) + (260 * n if record else 0) + 4096)


def measure_bytes(n: int) -> int:
    """Peak bytes of measuring a maze of ``n`` cells (``properties.summary``, ``maze_stats``).

    Component labels, distances and degrees: at most 20 bytes per cell
    (17 measured for ``maze_stats``, 9 for ``summary``), and 1 MiB of small tables.

    Parameters
    ----------
    n : int
        Cells of the grid.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> measure_bytes(1000)
    1068576
    """
    return int(20 * n + 2**20)


def raster_bytes(width: int, height: int, squares: int, *, frames: int = 0) -> int:
    """Peak bytes of a raster picture (PNG, GIF) of ``width x height`` pixels.

    The indexed image, the half-expanded copy made on the way, Pillow's copy
    and its encoder's buffer (four bytes per pixel), the scene's arrays over
    the ``squares`` of the block picture (32 bytes each), for an animation
    the ``frames`` it keeps (two bytes per pixel and four per square each),
    and 2 MiB for the palette, the encoder and their tables.

    Parameters
    ----------
    width, height : int
        Pixels.
    squares : int
        Squares of the block picture of every level, ``L (2H + 1) (2W + 1)``.
    frames : int
        Frames an animation keeps (0 for a still picture).

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> raster_bytes(100, 100, 441)
    2151264
    """
    px = int(width) * int(height)
    return int(4 * px + 32 * squares + max(0, frames) * (2 * px + 4 * squares) + 2 * 2**20)


def svg_bytes(cells: int, *, animated: bool = False) -> int:
    """Peak bytes of an SVG of a maze of ``cells`` cells (paths built as Python strings).

    An animation draws what changed in each frame, so it grows with the
    changes of the run, not the number of frames: three times a still picture.

    Parameters
    ----------
    cells : int
        Cells of the maze.
    animated : bool
        An animation rather than a still picture.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> svg_bytes(100)
    29096
    """
    return int(250 * cells * (3 if animated else 1) + 4096)


def text_drawing_bytes(chars: int, *, wide: bool = False) -> int:
    """Peak bytes of a text drawing of ``chars`` characters (numpy grid, bytes and the ``str``).

    ``wide`` drawings (numpy ``<U1`` grids, as the renderers use) hold
    four-byte characters.

    Parameters
    ----------
    chars : int
        Characters of the drawing, line ends included.
    wide : bool
        Four-byte characters.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> text_drawing_bytes(1000)
    10096
    """
    return int(chars * (16 if wide else 6) + 4096)


def text_read_bytes(nbytes: int, nlines: int) -> int:
    """Peak bytes of parsing a text maze of ``nbytes`` bytes on ``nlines`` lines.

    Each character is held as the file's bytes, the ``str``, a line ``str``
    and a few one-byte-per-square arrays; each line costs a Python string and
    list slots.

    Parameters
    ----------
    nbytes : int
        Size of the text.
    nlines : int
        Lines of the text.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> text_read_bytes(1000, 10)
    25096
    """
    return int(20 * nbytes + 100 * nlines + 4096)
