"""What a dataset holds: :class:`DatasetSpec`, read from options or a TOML/JSON file.

A spec fixes every file of a dataset (the same shards, byte for byte, whatever engine builds them). It names

* how many mazes (``count``) and their size (``size``, or a range ``size`` .. ``max_size``, both inclusive);
* the base ``seed`` from which every maze's seed is derived;
* the generator, its options and the braid share; the solver(s);
* which outputs each row carries (see :data:`OUTPUTS`);
* filters applied during generation (see :data:`FILTERS`);
* the shard size (rows per file) and the shard format (see :data:`SHARD_FORMATS`).

The checks of single values are in :mod:`tremaux.dataset.spec_values`, the parsing of spec files in
:mod:`tremaux.dataset.spec_files`; their names are importable from here too.

Examples
--------
>>> from tremaux.dataset.spec import DatasetSpec
>>> spec = DatasetSpec(count=10, size=(8, 8), seed=3)
>>> spec.count, spec.size, spec.outputs
(10, (8, 8), ('maze', 'solution', 'stats'))
>>> DatasetSpec.from_dict({"count": 5, "size": "4x6", "filters": {"min_solution_length": 6}}).filters
{'min_solution_length': 6}
>>> DatasetSpec.from_dict({"count": 5, "colour": "red"})
Traceback (most recent call last):
...
tremaux.errors.TremauxError: unknown dataset spec key 'colour'; valid keys: braid, count, filters, generator, generator_options, max_attempts, max_size, outputs, seed, shard_format, shard_size, size, solvers
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ..errors import InvalidSizeError, TremauxError, UnknownNameError
from .spec_files import MAX_SPEC_BYTES, check_in_file, in_file, read_spec_file  # noqa: F401
from .spec_values import MAX_COUNT, MAX_SIDE, SEED_RANGE, _int, _names, _size, parse_size_range  # noqa: F401

__all__ = ["DatasetSpec", "OUTPUTS", "FILTERS", "SHARD_FORMATS", "load_spec", "make_spec"]

OUTPUTS: dict[str, str] = {
    "maze": "cells: the maze array (uint8 per cell, bit 1<<d open), start and goal",
    "blocks": "block picture: (2H+1) x (2W+1) uint8, 1 = wall, 0 = open",
    "solution": "per solver: the path (flat cell indices), its length in cells, steps, cells visited",
    "stats": "the statistics of tremaux.measure: degrees, loops, diameter, solution length, river...",
    "ascii": "the maze as '+---+' ASCII text (tremaux.io.ascii)",
    "tokens": "token sequence for sequence models (adjacency list, origin, target, path)",
}
"""Outputs a dataset row may carry, with what each adds."""

FILTERS: dict[str, str] = {
    "min_solution_length": "keep mazes whose shortest solution has at least this many passages (moves)",
    "max_solution_length": "keep mazes whose shortest solution has at most this many passages (moves); "
                           "a maze whose goal cannot be reached has none and is redrawn",
    "min_dead_ends": "keep mazes with at least this many dead ends",
    "max_dead_ends": "keep mazes with at most this many dead ends",
}
"""Filters applied during generation. A row whose maze fails one is redrawn
with the next seed of that row's own chain (see :mod:`tremaux.dataset.plan`),
so filters never change the row count nor the seeds of other rows."""

SHARD_FORMATS: dict[str, str] = {
    "parquet": "Parquet, zstd-compressed: the smallest files (about 3 times smaller), decoded when read",
    "arrow": "Arrow IPC stream, uncompressed: written about 80 times faster, memory-mapped when read "
             "(what Hugging Face datasets caches, so to_hf maps the shards with no copy)",
}
"""File formats of the shards. Either way a shard holds the same table, and
the same spec gives the same bytes on every engine and file system."""


@dataclass(frozen=True)
class DatasetSpec:
    """Everything that determines the files of a dataset.

    Parameters
    ----------
    count : int
        Number of rows (mazes).
    size : tuple of int or str
        ``(H, W)`` of every maze, or the smallest size when ``max_size`` is given; a text ``"HxW..HxW"`` gives both
        ends of a range.
    max_size : tuple of int or str, optional
        Largest size: each row's height and width are drawn uniformly in ``size[0]..max_size[0]`` and
        ``size[1]..max_size[1]`` from the row's seed.
    seed : int
        Base seed, 0 to 2**64 - 1 (each its own rows); row ``i`` is generated from ``derive_seed(seed, i)``.
    generator : str
        Name in :data:`tremaux.generators.GENERATORS`.
    generator_options : dict
        Options of the generator (as for :func:`tremaux.generate`).
    braid : float
        Share of dead ends removed after carving, in ``[0, 1]``.
    solvers : tuple of str
        Names in :data:`tremaux.solvers.SOLVERS`; every row is solved by each, from the top-left cell to the
        bottom-right cell.
    outputs : tuple of str
        Keys of :data:`OUTPUTS`.
    filters : dict
        Keys of :data:`FILTERS` with integer bounds. Solution lengths count passages (moves), as
        :attr:`tremaux.measure.MazeStats.solution_length` does: a path of ``k`` cells is ``k - 1`` long.
    max_attempts : int
        Mazes drawn at most per row before the build stops with an error saying the filters are too strict.
    shard_size : int
        Rows per shard.
    shard_format : str
        File format of the shards, a key of :data:`SHARD_FORMATS`: ``"parquet"`` (default) or ``"arrow"``.

    Raises
    ------
    TremauxError
        For any value out of range, naming it; :class:`UnknownNameError` for an unknown output, filter, generator
        or solver.

    Examples
    --------
    >>> from tremaux.dataset.spec import DatasetSpec
    >>> spec = DatasetSpec(count=100, size=(8, 8), seed=3, shard_size=40)
    >>> spec.shards, spec.shard_rows(2)
    (3, (80, 100))
    >>> DatasetSpec(count=5, size="4x4..8x12").size_range
    ((4, 4), (8, 12))
    """

    count: int
    size: tuple[int, int] = (10, 20)
    max_size: tuple[int, int] | None = None
    seed: int = 0
    generator: str = "backtracker"
    generator_options: Mapping[str, Any] = field(default_factory=dict)
    braid: float = 0.0
    solvers: tuple[str, ...] = ("bfs",)
    outputs: tuple[str, ...] = ("maze", "solution", "stats")
    filters: Mapping[str, int] = field(default_factory=dict)
    max_attempts: int = 1000
    shard_size: int = 10_000
    shard_format: str = "parquet"

    def __post_init__(self) -> None:
        s = object.__setattr__
        s(self, "count", _int(self.count, "count", 1, MAX_COUNT))
        if isinstance(self.size, str) and ".." in self.size:  # "HxW..HxW", as in a spec file
            if self.max_size is not None:
                raise TremauxError("give a size range either as size = 'HxW..HxW' or with max_size, not both")
            low, high = parse_size_range(self.size)
            s(self, "size", low)
            s(self, "max_size", high)
        size = _size(self.size, "size")
        s(self, "size", size)
        if self.max_size is not None:
            top = _size(self.max_size, "max_size")
            if top[0] < size[0] or top[1] < size[1]:
                raise InvalidSizeError(
                    f"size range {size[0]}x{size[1]}..{top[0]}x{top[1]} is empty: "
                    "max_size must be at least size on both sides"
                )
            s(self, "max_size", None if top == size else top)
        s(self, "seed", _int(self.seed, "seed", *SEED_RANGE))  # the library's range: no two seeds alias
        if not isinstance(self.generator, str):  # named by its type: the repr of an object can run to pages
            raise TremauxError(f"dataset generator must be a generator name such as 'backtracker' (a str), not an "
                               f"object of type {type(self.generator).__name__}")
        s(self, "generator", self.generator.strip().lower().replace("_", "-"))
        if not isinstance(self.generator_options, Mapping):
            raise TremauxError(f"dataset generator_options {self.generator_options!r} is not a table")
        s(self, "generator_options", dict(sorted(self.generator_options.items())))
        try:
            braid = float(self.braid)
        except (TypeError, ValueError, OverflowError):
            raise TremauxError(f"dataset braid {self.braid!r} is not a number") from None
        if isinstance(self.braid, bool) or not 0.0 <= braid <= 1.0:
            raise TremauxError(f"dataset braid {self.braid!r} is out of range: it must be between 0 and 1")
        s(self, "braid", braid)
        solvers = _names(self.solvers, "solvers")
        if not solvers:
            raise TremauxError("dataset solvers is empty: name at least one solver (for example bfs)")
        s(self, "solvers", solvers)
        outputs = _names(self.outputs, "outputs")
        if not outputs:  # a row of an index and a seed alone
            raise TremauxError(f"dataset outputs must name at least one of: {', '.join(OUTPUTS)} (got none)")
        for name in outputs:
            if name not in OUTPUTS:
                raise UnknownNameError("dataset output", name, OUTPUTS)
        s(self, "outputs", tuple(o for o in OUTPUTS if o in outputs))  # canonical order
        if not isinstance(self.filters, Mapping):
            raise TremauxError(f"dataset filters {self.filters!r} is not a table")
        filters = {}
        for key, value in self.filters.items():
            if key not in FILTERS:
                raise UnknownNameError("dataset filter", key, FILTERS)
            filters[key] = _int(value, f"filter {key}", 0, 2**31 - 1)
        s(self, "filters", {k: filters[k] for k in FILTERS if k in filters})
        s(self, "max_attempts", _int(self.max_attempts, "max_attempts", 1, 1_000_000))
        s(self, "shard_size", _int(self.shard_size, "shard_size", 1, 10_000_000))
        fmt = self.shard_format.strip().lower() if isinstance(self.shard_format, str) else self.shard_format
        if not isinstance(fmt, str) or fmt not in SHARD_FORMATS:
            raise UnknownNameError("shard format", str(self.shard_format), SHARD_FORMATS)
        s(self, "shard_format", fmt)
        self._check_filters()

    def _check_filters(self) -> None:
        f = self.filters
        top = self.max_size or self.size
        cells = top[0] * top[1]
        lo, hi = f.get("min_solution_length", 0), f.get("max_solution_length")
        # A solution is a path on the square grid from (0, 0) to (h-1, w-1): it visits each cell at most once, and
        # colouring the cells as a checkerboard, its steps alternate colours. Both corners of an even x even grid
        # have one colour, of which the path visits one cell more than of the other: it misses a cell.
        longest = cells - 1 - (top[0] % 2 == 0 and top[1] % 2 == 0)
        if lo > longest:
            why = (f"has {cells} cells, so paths of at most {cells - 1} passages" if longest == cells - 1 else
                   f"has {cells} cells on a checkerboard of two colours of {cells // 2}, with both corners of one "
                   f"colour, so paths of at most {longest} passages")
            raise TremauxError(f"filter min_solution_length={lo} can never pass: the largest maze "
                               f"({top[0]}x{top[1]}) {why}")
        # a row's size is drawn once from its seed, and its redraws keep it: every size of a range must be able to pass
        small = self.size[0] * self.size[1] - 1 - (self.size[0] % 2 == 0 and self.size[1] % 2 == 0)
        if self.max_size and lo > small:
            raise TremauxError(f"filter min_solution_length={lo} can never pass in the rows of the smallest size of "
                               f"the range ({self.size[0]}x{self.size[1]}), whose paths take at most {small} "
                               "passages: raise the smallest size")
        if hi is not None and hi < lo:
            raise TremauxError(f"filters max_solution_length={hi} < min_solution_length={lo} keep nothing")
        low = self.size[0] + self.size[1] - 2  # every path from corner to corner takes at least this many steps
        if hi is not None and hi < low and not self.generator_options:  # (options may cut the goal off: no path)
            raise TremauxError(f"filter max_solution_length={hi} can never pass: in the smallest maze "
                               f"({self.size[0]}x{self.size[1]}) a path from corner to corner takes at least "
                               f"{low} passages")
        high = top[0] + top[1] - 2
        if self.max_size and hi is not None and hi < high and not self.generator_options:
            raise TremauxError(f"filter max_solution_length={hi} can never pass in the rows of the largest size of "
                               f"the range ({top[0]}x{top[1]}), whose paths take at least {high} passages: lower the "
                               "largest size")
        lo, hi = f.get("min_dead_ends", 0), f.get("max_dead_ends")
        if lo > cells:
            raise TremauxError(f"filter min_dead_ends={lo} can never pass: the largest maze has {cells} cells")
        # Without options every maze is a spanning tree (braiding only adds passages): a tree of n cells with
        # at most 4 passages per cell has at most (2n + 2) // 3 leaves (leaves = 2 + the sum of degree - 2).
        leaves = (2 * cells + 2) // 3
        if lo > leaves and not self.generator_options:  # (options may leave islands: a forest has more)
            raise TremauxError(f"filter min_dead_ends={lo} can never pass: the largest maze ({top[0]}x{top[1]}) is "
                               f"a tree of {cells} cells with at most 4 passages each, so at most {leaves} dead ends")
        few = self.size[0] * self.size[1]
        few = few if self.generator_options else (2 * few + 2) // 3
        if self.max_size and lo > few:
            raise TremauxError(f"filter min_dead_ends={lo} can never pass in the rows of the smallest size of the range "
                               f"({self.size[0]}x{self.size[1]}), which have at most {few} dead ends: raise the "
                               "smallest size")
        if hi is not None and hi < lo:
            raise TremauxError(f"filters max_dead_ends={hi} < min_dead_ends={lo} keep nothing")

    # -- views -----------------------------------------------------------------

    @property
    def size_range(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """``((hmin, wmin), (hmax, wmax))``; equal ends for a fixed size."""
        return self.size, (self.max_size or self.size)

    @property
    def shards(self) -> int:
        """Number of shards: ``ceil(count / shard_size)``."""
        return -(-self.count // self.shard_size)

    def shard_rows(self, shard: int) -> tuple[int, int]:
        """Rows ``[first, stop)`` of shard number ``shard``.

        Parameters
        ----------
        shard : int
            The shard number, from 0.

        Returns
        -------
        (int, int)
            First row and the row after the last.

        Examples
        --------
        >>> from tremaux.dataset.spec import DatasetSpec
        >>> DatasetSpec(count=25, shard_size=10).shard_rows(2)
        (20, 25)
        """
        first = shard * self.shard_size
        return first, min(self.count, first + self.shard_size)

    def replace(self, **changes: Any) -> DatasetSpec:
        """A copy with some fields changed (``None`` values are ignored).

        Parameters
        ----------
        **changes
            New field values; ``None`` keeps the old one.

        Returns
        -------
        DatasetSpec
            The copy (checked as the constructor checks).

        Examples
        --------
        >>> from tremaux.dataset.spec import DatasetSpec
        >>> DatasetSpec(count=4).replace(count=10, seed=None).count
        10
        """
        d = self.to_dict()
        d.update({k: v for k, v in changes.items() if v is not None})
        return DatasetSpec.from_dict(d)

    # -- conversion --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; ``DatasetSpec.from_dict(spec.to_dict()) == spec``.

        Returns
        -------
        dict
            Fields by name, sizes as lists.

        Examples
        --------
        >>> from tremaux.dataset.spec import DatasetSpec
        >>> spec = DatasetSpec(count=4, size=(5, 6))
        >>> spec.to_dict()["size"], DatasetSpec.from_dict(spec.to_dict()) == spec
        ([5, 6], True)
        """
        d = asdict(self)
        d["size"] = list(self.size)
        d["max_size"] = None if self.max_size is None else list(self.max_size)
        d["solvers"] = list(self.solvers)
        d["outputs"] = list(self.outputs)
        d["generator_options"] = dict(self.generator_options)
        d["filters"] = dict(self.filters)
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DatasetSpec:
        """Build a spec from plain data (a parsed TOML or JSON file).

        Sizes may be written ``"20x20"`` or ``[20, 20]``; ``size = "10x10..20x30"``
        is a range. Unknown keys are refused, naming the key.

        Parameters
        ----------
        data : mapping
            Fields by name; sizes may be ``HxW`` text.

        Returns
        -------
        DatasetSpec
            The spec.

        Raises
        ------
        TremauxError
            For an unknown field or a bad value.

        Examples
        --------
        >>> from tremaux.dataset.spec import DatasetSpec
        >>> DatasetSpec.from_dict({"count": 3, "size": "4x5"}).size
        (4, 5)
        """
        if not isinstance(data, Mapping):
            raise TremauxError(f"a dataset spec is a table of keys, not {type(data).__name__}")
        valid = {f.name for f in fields(cls)}
        for key in data:
            if key not in valid:
                raise TremauxError(
                    f"unknown dataset spec key {key!r}; valid keys: {', '.join(sorted(valid))}"
                )
        if "count" not in data:
            raise TremauxError("dataset spec has no 'count' (the number of mazes)")
        d = dict(data)
        if isinstance(d.get("size"), str) and ".." in d["size"]:
            if d.get("max_size") is not None:
                raise TremauxError("give a size range either as size = 'HxW..HxW' or with max_size, not both")
            d["size"], d["max_size"] = parse_size_range(d["size"])
        return cls(**d)


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
    >>> from tremaux.dataset.spec import make_spec
    >>> make_spec(count=3, size="6x8..9x9", min_solution_length=7)
    DatasetSpec(count=3, size=(6, 8), max_size=(9, 9), seed=0, generator='backtracker', generator_options={}, braid=0.0, solvers=('bfs',), outputs=('maze', 'solution', 'stats'), filters={'min_solution_length': 7}, max_attempts=1000, shard_size=10000, shard_format='parquet')
    >>> make_spec()
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: dataset spec has no 'count' (the number of mazes): give --count or a spec file
    """
    data: dict[str, Any] = {}
    if path is not None:
        path = Path(path)
        raw = read_spec_file(path)
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
    if path is None:
        return DatasetSpec.from_dict(data)
    from_file = set(raw) - set(given) | ({"filters"} if "filters" in raw else set())
    try:
        spec = DatasetSpec.from_dict(data)
    except TremauxError as exc:
        raise (exc if _options_alone_fail(given, exc) else in_file(exc, path, from_file)) from None
    check_in_file(spec, path, from_file)
    return spec


def _need_spec(spec: Any, what: str) -> DatasetSpec:
    """``spec`` if it is a :class:`DatasetSpec`; else one line naming what was given."""
    if not isinstance(spec, DatasetSpec):
        raise TremauxError(f"{what} needs a DatasetSpec (from DatasetSpec(...), make_spec or load_spec), "
                           f"not {type(spec).__name__}")
    return spec


def _options_alone_fail(given: dict[str, Any], exc: TremauxError) -> bool:
    """Whether the options, without the file, fail with the same message: then the file is not to blame."""
    if not given:
        return False
    try:
        DatasetSpec.from_dict({"count": 1, **given})
    except TremauxError as alone:
        return str(alone) == str(exc)
    return False


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
    >>> from tremaux.dataset.spec import load_spec
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "spec.json"
    >>> _ = path.write_text('{"count": 3, "size": [4, 5]}')
    >>> load_spec(path).count
    3
    """
    path = Path(path)
    data = read_spec_file(path)
    from_file = set(data) if isinstance(data, Mapping) else set()
    try:
        spec = DatasetSpec.from_dict(data)
    except TremauxError as exc:
        raise in_file(exc, path, from_file) from None
    check_in_file(spec, path, from_file)
    return spec
