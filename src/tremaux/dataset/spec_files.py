"""Dataset spec files: the table of keys a ``.toml`` or ``.json`` file holds, read safely.

A file is read only up to :data:`MAX_SPEC_BYTES`; a file that is not UTF-8,
TOML or JSON is refused with the line and column of the problem
(:class:`~tremaux.errors.MazeFormatError`). What the keys mean is checked by
:class:`~tremaux.dataset.spec.DatasetSpec` (:func:`tremaux.dataset.spec.load_spec`,
:func:`tremaux.dataset.spec.make_spec`).

Examples
--------
>>> from tremaux.dataset.spec_files import read_spec_file
>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "spec.json"
>>> _ = path.write_text('{"count": 4, "size": "6x6"}')
>>> read_spec_file(path)
{'count': 4, 'size': '6x6'}
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from ..errors import MazeFormatError, TremauxError, UnknownNameError

__all__ = ["read_spec_file", "MAX_SPEC_BYTES", "in_file", "check_in_file"]

MAX_SPEC_BYTES = 1 << 20
"""Largest spec file read (a spec is a few hundred bytes; anything bigger is not one)."""


def read_spec_file(path: str | Path) -> Any:
    """Parse a spec file as JSON (``.json``) or TOML (anything else); total on any bytes.

    Parameters
    ----------
    path : str or pathlib.Path
        The file.

    Returns
    -------
    object
        What the file holds (a spec is a table of keys; the caller checks that).

    Raises
    ------
    FileNotFoundError
        When ``path`` does not exist.
    MazeFormatError
        When the file is over :data:`MAX_SPEC_BYTES`, not UTF-8, empty (white space only), or not valid TOML/JSON
        (with the line and column of the problem).

    Examples
    --------
    >>> from tremaux.dataset.spec_files import read_spec_file
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "spec.toml"
    >>> _ = path.write_text("count = 4\\nsize = [6, 8]\\n")
    >>> read_spec_file(path)
    {'count': 4, 'size': [6, 8]}
    >>> _ = path.write_text("count = 4\\nsize = ]\\n")
    >>> read_spec_file(path)
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: ...spec.toml:2:8: invalid TOML: Invalid value
    """
    path = Path(path)
    with open(path, "rb") as fh:
        raw = fh.read(MAX_SPEC_BYTES + 1)
    if len(raw) > MAX_SPEC_BYTES:
        raise MazeFormatError(
            f"file is larger than {MAX_SPEC_BYTES // 1024} KiB: it is not a dataset spec", source=str(path)
        )
    from ..io._common import decode_text

    try:
        text = decode_text(raw)  # UTF-8 with or without a byte order mark, or UTF-16 after one, as maze files
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise MazeFormatError(
            "not a text file (invalid UTF-8); a dataset spec is a .toml or .json file",
            line=line, column=column, source=str(path),
        ) from None
    if not text.strip():  # TOML reads nothing as no setting at all: a file emptied by mistake, not a spec
        raise MazeFormatError("the file is empty; a dataset spec gives settings such as count = 100 (or leave the "
                              "file out for the defaults)", source=str(path))
    try:
        if path.suffix.lower() == ".json":
            try:
                return json.loads(text)
            except json.JSONDecodeError as exc:
                raise MazeFormatError(exc.msg, line=exc.lineno, column=exc.colno, source=str(path)) from None
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            line, column = getattr(exc, "lineno", None), getattr(exc, "colno", None)
            reason = getattr(exc, "msg", None) or str(exc).split(" (at ")[0]
            m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
            if line is None and m:
                line, column = int(m.group(1)), int(m.group(2))
            raise MazeFormatError(f"invalid TOML: {reason}", line=line, column=column, source=str(path)) from None
    except RecursionError:
        raise MazeFormatError("nested too deeply to be a dataset spec", source=str(path)) from None


_KEY_OF = {"dataset filter": "filters", "dataset output": "outputs", "shard format": "shard_format",
           "generator": "generator", "solver": "solvers"}
"""The spec key an unknown name of each kind was given in."""


def in_file(exc: TremauxError, path: str | Path, from_file: set[str]) -> TremauxError:
    """``exc`` with its message naming the spec file, unless it is an unknown name given by an option.

    Parameters
    ----------
    exc : TremauxError
        The error a spec raised.
    path : str or pathlib.Path
        The spec file.
    from_file : set of str
        The spec keys the file gave (not overridden by an option).

    Returns
    -------
    TremauxError
        An error of the same type and fields, its message starting with ``path: ``.

    Examples
    --------
    >>> from tremaux.dataset.spec_files import in_file
    >>> from tremaux.errors import UnknownNameError
    >>> print(in_file(UnknownNameError("dataset filter", "min_foo", ["min_dead_ends"]), "s.toml", {"filters"}))
    s.toml: unknown dataset filter 'min_foo'; choose one of: min_dead_ends
    >>> print(in_file(UnknownNameError("generator", "nope", ["prim"]), "s.toml", {"filters"}))  # given as --generator
    unknown generator 'nope'; choose one of: prim
    """
    if isinstance(exc, UnknownNameError):
        key = _KEY_OF.get(exc.kind, "generator_options")  # any other name is a generator option or its value
        if key not in from_file:
            return exc
    named = exc.__class__.__new__(exc.__class__)  # the same fields (an UnknownNameError's valid names...)
    named.__dict__.update(exc.__dict__)
    named.args = (f"{path}: {exc}", *exc.args[1:])
    return named


_CHECKS: list = []
"""What :func:`check_in_file` checks a spec with: :func:`tremaux.dataset.checks.check_spec` and the generator it
resolves, handed over by :mod:`tremaux.dataset.checks` with :func:`_checked_by` as it is imported (the checks read
specs, which this module reads from files: it cannot import them)."""


def _checked_by(check_spec: Any, generator: Any) -> None:
    """Name the spec check and the generator resolver :func:`check_in_file` calls."""
    _CHECKS[:] = [check_spec, generator]


def check_in_file(spec: Any, path: str | Path, from_file: set[str]) -> None:
    """Check a spec read from a file as a build will (generator, its options, solvers): errors name the file.

    Parameters
    ----------
    spec : DatasetSpec
        The spec the file (and the options) made.
    path : str or pathlib.Path
        The spec file.
    from_file : set of str
        The spec keys the file gave.

    Raises
    ------
    TremauxError
        What :func:`tremaux.dataset.shard.check_spec` raises, naming ``path`` when the file gave the key at fault.

    Examples
    --------
    >>> from tremaux.dataset.spec_files import check_in_file
    >>> from tremaux.dataset import DatasetSpec
    >>> check_in_file(DatasetSpec(count=1, generator_options={"foo": 1}), "s.toml", {"generator_options"})
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: s.toml: backtracker takes no option 'foo'
    """
    import numpy as np

    check_spec, _generator = _CHECKS

    (hmin, wmin), (hmax, wmax) = spec.size_range
    try:  # the generator and its options, at both ends of the size range
        _generator(spec, np.array([hmin * wmin, hmax * wmax], np.int64))
    except UnknownNameError as exc:
        raise in_file(exc, path, from_file) from None
    except TremauxError as exc:  # a bad option or value: only the file gives generator options
        raise in_file(exc, path, from_file) if "generator_options" in from_file else exc from None
    try:
        check_spec(spec)
    except UnknownNameError as exc:
        raise in_file(exc, path, from_file) from None
