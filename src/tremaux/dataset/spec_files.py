"""Dataset spec files: read a spec from a ``.toml`` or ``.json`` file, with options on top.

A file is read whole only up to :data:`MAX_SPEC_BYTES`; a file that is not
UTF-8, TOML or JSON is refused with the line and column of the problem
(:class:`~tremaux.errors.MazeFormatError`).

Examples
--------
>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "spec.json"
>>> _ = path.write_text('{"count": 4, "size": "6x6"}')
>>> make_spec(path, count=9).count, load_spec(path).count
(9, 4)
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import MazeFormatError, TremauxError, UnknownNameError

if TYPE_CHECKING:
    from .spec import DatasetSpec

__all__ = ["make_spec", "load_spec", "MAX_SPEC_BYTES"]

MAX_SPEC_BYTES = 1 << 20
"""Largest spec file read (a spec is a few hundred bytes; anything bigger is not one)."""


def _read(path: Path) -> Any:
    """Parse a spec file as JSON (``.json``) or TOML (anything else); total on any bytes."""
    with open(path, "rb") as fh:
        raw = fh.read(MAX_SPEC_BYTES + 1)
    if len(raw) > MAX_SPEC_BYTES:
        raise MazeFormatError(
            f"file is larger than {MAX_SPEC_BYTES // 1024} KiB: it is not a dataset spec", source=str(path)
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise MazeFormatError(
            "not a text file (invalid UTF-8); a dataset spec is a .toml or .json file",
            line=line, column=column, source=str(path),
        ) from None
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


def make_spec(path: str | Path | None = None, *, min_solution_length: int | None = None, **options: Any) -> DatasetSpec:
    """A spec from an optional file, with options on top (``None`` options are ignored).

    This is what the command line does: ``tremaux dataset spec.toml --count 10``
    reads ``spec.toml`` and replaces its count.

    Parameters
    ----------
    path : str or Path, optional
        A ``.toml`` or ``.json`` spec file.
    min_solution_length : int, optional
        Shorthand for the filter of that name.
    **options
        Any :class:`DatasetSpec` field; ``size`` may be a range ``"HxW..HxW"``
        and ``outputs`` or ``solvers`` a comma-separated string.

    Returns
    -------
    DatasetSpec
        The spec.

    Raises
    ------
    TremauxError
        For a bad option or file.

    Examples
    --------
    >>> make_spec(count=3, size="6x8..9x9", min_solution_length=7)
    DatasetSpec(count=3, size=(6, 8), max_size=(9, 9), seed=0, generator='backtracker', generator_options={}, braid=0.0, solvers=('bfs',), outputs=('maze', 'solution', 'stats'), filters={'min_solution_length': 7}, max_attempts=1000, shard_size=10000, shard_format='parquet')
    >>> make_spec()
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: dataset spec has no 'count' (the number of mazes): give --count or a spec file
    """
    from .spec import DatasetSpec

    data: dict[str, Any] = {}
    if path is not None:
        path = Path(path)
        raw = _read(path)
        if not isinstance(raw, Mapping):
            raise TremauxError(f"{path}: a dataset spec is a table of keys, not {type(raw).__name__}")
        data.update(raw)
    given = {k: v for k, v in options.items() if v is not None}
    if "size" in given and ("max_size" not in given):
        data.pop("max_size", None)
    data.update(given)
    if min_solution_length is not None:
        data["filters"] = {**dict(data.get("filters") or {}), "min_solution_length": min_solution_length}
    if "count" not in data:
        raise TremauxError("dataset spec has no 'count' (the number of mazes): give --count or a spec file")
    try:
        return DatasetSpec.from_dict(data)
    except UnknownNameError:
        raise
    except TremauxError as exc:
        if path is None:
            raise
        raise type(exc)(f"{path}: {exc}") from None


def load_spec(path: str | Path) -> DatasetSpec:
    """Read a spec from a ``.toml`` or ``.json`` file.

    Parameters
    ----------
    path : str or pathlib.Path
        The file.

    Returns
    -------
    DatasetSpec
        The spec it holds.

    Raises
    ------
    FileNotFoundError
        When ``path`` does not exist.
    MazeFormatError
        When the file is not valid TOML/JSON (with the line of the problem).
    TremauxError
        When a key or value is wrong.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "spec.json"
    >>> _ = path.write_text('{"count": 3, "size": [4, 5]}')
    >>> load_spec(path).count
    3
    """
    from .spec import DatasetSpec

    path = Path(path)
    data = _read(path)
    try:
        return DatasetSpec.from_dict(data)
    except UnknownNameError:
        raise
    except TremauxError as exc:
        raise type(exc)(f"{path}: {exc}") from None
