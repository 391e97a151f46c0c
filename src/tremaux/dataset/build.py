"""Building a dataset: :func:`build` plans the shards, runs them on an engine and writes files."""

from __future__ import annotations

import functools
import os
import time
from contextlib import contextmanager
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TremauxError
from .engines import check_engine, cpu_count, run_shards
from .room import (check_disk_left, check_disk_room, check_manifest_room, check_memory_room, check_work_memory,
                   space_note)
from .shard import ShardResult, build_shards, check_spec, columns_of, compute_rows, warm_up
from .spec import DatasetSpec, _need_spec
from .resume import open_for_build
from .store import DatasetDirError, Manifest, ShardRecord, Target, open_target, shard_name, write_manifest

__all__ = ["build", "BuildReport", "Progress"]

Progress = Callable[[int, int], None]
"""``progress(rows_done, rows_total)``: called once before any work (with the
rows already on disk when resuming) and after every finished shard."""


@dataclass(frozen=True)
class BuildReport:
    """What :func:`build` did.

    Examples
    --------
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> report = ds.build(spec, "memory://doc/report")
    >>> report.rows, report.shards_built, report.engine
    (4, 2, 'local')
    """

    path: Path | str
    """The dataset directory (a path, or the URL given)."""
    rows: int
    """Rows in the dataset (all of them: the build finished)."""
    shards_built: int
    """Shards built by this run."""
    shards_kept: int
    """Finished shards found on disk and kept (resume)."""
    rows_built: int
    """Rows built by this run."""
    attempts: int
    """Mazes drawn by this run (more than ``rows_built`` when filters rejected some)."""
    seconds: float
    """Wall-clock time of this run, engine start-up included."""
    engine: str
    """Engine that ran."""
    workers: int
    """Workers it used."""
    notes: tuple[str, ...] = ()
    """What resuming found and did (removed partial files, rebuilt missing shards), and, on a file system that
    reports no free space, that the build was not checked against it (:func:`tremaux.dataset.room.space_note`)."""
    workers_wrote: bool = False
    """Whether the workers wrote the shards themselves (else this process wrote them)."""

    @property
    def rate(self) -> float:
        """Rows built per second by this run."""
        return self.rows_built / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        kept = f", {self.shards_kept} kept" if self.shards_kept else ""
        return (
            f"{self.rows:,} maze{'s' if self.rows != 1 else ''} in {self.path} ({self.shards_built} "
            f"shard{'s' if self.shards_built != 1 else ''} built{kept}; "
            f"{self.rows_built:,} maze{'s' if self.rows_built != 1 else ''} in {self.seconds:.2f} s = {rate_text(self.rate)} mazes/s "
            f"on {self.engine}, {self.workers} worker{'s' if self.workers != 1 else ''})"
        )


def rate_text(rate: float) -> str:
    """A rate of mazes a second as it is shown: whole from 10 on, else two significant digits (never a bare 0).

    Parameters
    ----------
    rate : float
        Mazes a second.

    Returns
    -------
    str

    Examples
    --------
    >>> from tremaux.dataset.build import rate_text
    >>> rate_text(1234.5), rate_text(0.2865), rate_text(4.0)
    ('1,234', '0.29', '4')
    """
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"


MANIFEST_EVERY = 2.0
"""Seconds between two rewrites of the manifest during a build (it is always written at the end,
also when the build is interrupted or fails)."""


def build(
    spec: DatasetSpec,
    out: str | Path,
    *,
    engine: str = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    storage_options: Mapping[str, Any] | Iterable[str] | None = None,
    workers_write: bool | None = None,
) -> BuildReport:
    """Build the dataset ``spec`` into the directory ``out``, resuming a previous run.

    Parameters
    ----------
    spec : DatasetSpec
        What to build (see :class:`DatasetSpec`).
    out : str or Path
        Output directory: new, empty, or one this spec was built into before
        (finished shards are kept, the rest is built). A local path or any
        URL fsspec knows (``s3://bucket/data``, ``gs://...``, ``az://...``,
        ``file://...``, ``memory://...``).
    engine : {"local", "processes", "dask"}
        ``local`` runs in this process; ``processes`` on a pool of
        ``workers`` processes (default: all cores); ``dask`` on a new local
        Dask cluster of ``workers`` processes, or on the existing cluster
        whose scheduler address is ``scheduler`` (``"tcp://host:8786"``).
        Every engine writes the same files.
    workers : int, optional
        Number of workers.
    scheduler : str, optional
        Address of a running Dask scheduler (with ``engine="dask"``).
        Its workers need tremaux installed.
    progress : callable, optional
        ``progress(rows_done, rows_total)``; see :class:`Progress` and
        :func:`tremaux.dataset.progress.rich_progress`.
    storage_options : mapping or iterable of "KEY=VALUE", optional
        Options of the fsspec file system of ``out`` (credentials, endpoint,
        ...; see :func:`tremaux.dataset.store.parse_storage_options`). By
        default the file system's standard environment is used (for S3:
        ``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``, ``AWS_ENDPOINT_URL``).
    workers_write : bool, optional
        Whether workers write their shards to ``out`` themselves and send back
        only row counts and checksums. By default they do, except for a local
        path (or ``memory://``) with a remote ``scheduler``, where workers may
        not see this machine's disk: there each shard's bytes come back and
        this process writes them. Pass ``True`` for a local path that every
        worker mounts (a shared file system). The manifest is always written
        by this process, last, atomically.

    Returns
    -------
    BuildReport

    Raises
    ------
    DatasetDirError
        When ``out`` is foreign (other files, no manifest), holds a different
        dataset, or a corrupted shard.
    TremauxError
        For an unknown generator, solver, engine or storage protocol, a
        missing file system package, or filters no maze of the spec passes
        within ``max_attempts`` draws (naming the row; a few rows are drawn
        alone first, see :func:`probe_filters`, so filters that no maze of the
        generator can pass are refused before any file is written).
    KeyboardInterrupt
        On Ctrl-C, after stopping the workers; finished shards stay on disk and
        a rerun resumes.

    Examples
    --------
    >>> import tempfile, tremaux.dataset as ds
    >>> with tempfile.TemporaryDirectory() as d:
    ...     report = ds.build(ds.DatasetSpec(count=30, size=(5, 5), shard_size=10), d)
    ...     data = ds.load(d)
    >>> report.rows, report.shards_built, data["cells"].shape
    (30, 3, (30, 5, 5))
    >>> report = ds.build(ds.DatasetSpec(count=30, size=(5, 5), shard_size=10), "memory://doc/data")
    >>> ds.load("memory://doc/data")["cells"].shape
    (30, 5, 5)
    """
    _need_spec(spec, "build")
    engine = check_engine(engine, workers, scheduler)
    spec = check_spec(spec)
    check_manifest_room(spec)
    if engine != "dask" or scheduler is None:  # workers on this machine: a shard each in memory at once
        check_work_memory(spec, 1 if engine == "local" else min(workers or cpu_count(), spec.shards))  # no more start
    if spec.filters:
        probe_filters(spec)
    target = open_target(out, storage_options)
    direct = _workers_write(target, engine, scheduler, workers_write)
    t0 = time.perf_counter()
    columns = columns_of(spec)
    if target.local and not (target.exists() and target.names()):
        check_disk_room(spec, target.root, spec.count)  # a new dataset: refused before its folder is made
    with _sole_build(target):
        return _build(spec, out, target, engine, workers, scheduler, progress, direct, columns, t0)


PROBE_ROWS = 10_000
"""Rows among which :func:`probe_filters` looks for the smallest and the largest, the ones a filter fails first."""


def probe_filters(spec: DatasetSpec) -> None:
    """Build a few rows of ``spec`` alone, before any file: those a filter is hardest on.

    They are row 0, and among the first :data:`PROBE_ROWS` rows the first of the fewest and of the most cells and
    of the shortest and longest way from corner to corner (a minimum is hardest on small mazes, a maximum on
    large ones). Each is the very row the build would make, so filters that no maze of a generator passes
    (``min_solution_length`` above ``H + W - 2`` for ``binary-tree``, whose corners are always that far apart)
    are refused after a row's ``max_attempts`` draws instead of a whole shard's, and before anything is written.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset (checked).

    Raises
    ------
    TremauxError
        Naming the first probed row that no maze passes in ``max_attempts`` draws.

    Examples
    --------
    >>> import tremaux.dataset as ds
    >>> from tremaux.dataset.build import probe_filters
    >>> probe_filters(ds.DatasetSpec(count=50, size=(4, 4), max_size=(6, 6), filters={"min_solution_length": 6}))
    >>> probe_filters(ds.DatasetSpec(count=5, size=(6, 6), generator="binary-tree", max_attempts=20,
    ...                              filters={"min_solution_length": 12}))
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: row 0: no maze passed the filters {'min_solution_length': 12} in 20 draws; ...
    """
    import numpy as np

    from ..kernels import batch as kb

    (hmin, wmin), (hmax, wmax) = spec.size_range
    n = min(spec.count, PROBE_ROWS)
    heights, widths = np.empty(n, np.int16), np.empty(n, np.int16)
    kb.row_sizes(np.uint64(spec.seed & (2**64 - 1)), 0, hmin, wmin, hmax, wmax, heights, widths)
    cells = heights.astype(np.int64) * widths
    way = heights.astype(np.int64) + widths
    for row in sorted({0, int(cells.argmin()), int(cells.argmax()), int(way.argmin()), int(way.argmax())}):
        compute_rows(spec, row, row + 1)


def _build(spec, out, target, engine, workers, scheduler, progress, direct, columns, t0) -> BuildReport:
    manifest, notes = open_for_build(target, spec, columns)
    unchecked = space_note(target)
    if unchecked is not None:
        notes = [unchecked, *notes]
    kept = len(manifest.shards)
    todo = [i for i in range(spec.shards) if i not in manifest.shards]
    done = manifest.rows
    if progress is not None:
        progress(done, spec.count)
    # one record per shard, updated in place: a build of n shards costs O(n), not O(n^2)
    records = dict(manifest.shards)
    state = {"rows": 0, "attempts": 0, "built": 0, "bytes": 0, "saved": time.monotonic(), "dirty": False}

    def on_result(result: ShardResult) -> None:
        first, stop = spec.shard_rows(result.index)
        if result.rows != stop - first:  # pragma: no cover - a worker of another version
            raise TremauxError(f"shard {result.index} came back with {result.rows} rows, not {stop - first}")
        name = shard_name(result.index, spec.shards, spec.shard_format)
        if not direct:
            target.write(name, result.data)
        record = ShardRecord(result.index, name, first, result.rows, result.attempts, result.size, result.sha256)
        records[result.index] = record
        state["dirty"] = True
        if time.monotonic() - state["saved"] >= MANIFEST_EVERY:
            save()
        state["rows"] += result.rows
        state["attempts"] += result.attempts
        state["built"] += 1
        state["bytes"] += result.size
        if progress is not None:
            progress(done + state["rows"], spec.count)
        if target.local:  # stop before the disk fills, not when it is full
            check_disk_left(target.root, state["bytes"], state["rows"], spec.count - done - state["rows"])

    def save() -> None:
        write_manifest(target, Manifest(manifest.spec, manifest.versions, manifest.columns, records))
        state["saved"] = time.monotonic()
        state["dirty"] = False

    if todo and (engine in ("local", "processes") or scheduler is None):
        warm_up(spec)  # compile (or load) the kernels once, before forking workers
    if todo and target.local and kept:
        check_disk_room(spec, target.root, spec.count - done)  # resuming: the rows still to build
    if todo and target.process_local:
        check_memory_room(spec, spec.count - done, target.url)  # memory:// holds the shards in this process
    task = functools.partial(build_shards, target=target if direct else None)
    try:
        # shards sent back whole come in tasks of one: those of a task of several would wait on the workers and
        # reach this process through the scheduler (dask_engine); a few numbers a shard may
        used = run_shards(engine, task, spec, todo, on_result, workers=workers, scheduler=scheduler,
                          batch=None if direct else 1)
    finally:
        if state["dirty"]:
            save()  # last, atomically: also after Ctrl-C, so a rerun keeps every finished shard
    return BuildReport(
        path=out if isinstance(out, (str, Path)) else target.url,
        rows=manifest.rows + state["rows"],
        shards_built=state["built"],
        shards_kept=kept,
        rows_built=state["rows"],
        attempts=state["attempts"],
        seconds=time.perf_counter() - t0,
        engine=str(engine),
        workers=used,
        notes=tuple(notes),
        workers_wrote=direct,
    )


def _workers_write(target: Target, engine: str, scheduler: str | None, asked: bool | None) -> bool:
    if target.process_local and engine != "local":
        if asked:
            raise TremauxError(f"workers cannot write to {target.url}: only this process sees memory://")
        return False
    if asked is not None:
        return bool(asked)
    return not (target.local and scheduler is not None)


@contextmanager
def _sole_build(target: Target):
    """Hold an exclusive lock on a local dataset directory for the build, refusing a second build into it.

    Two builds at once would each remove the other's ``*.partial`` files, overwrite its shards and its manifest:
    a dataset of another spec would end with shards its manifest does not describe. The lock is ``flock`` on the
    directory itself (no file is added to it) and ends with the process; object stores have none.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        fcntl = None
    fd = None
    if fcntl is not None and target.local and not target.is_file():
        try:
            target.makedirs()
            fd = os.open(target.root, os.O_RDONLY)
        except OSError:  # open_for_build says what is wrong with it
            fd = None
    try:
        if fd is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DatasetDirError(f"another build is writing to {target.url} now; wait for it to end, "
                                      "or choose another directory") from None
            except OSError:  # a file system without locks
                pass
        yield
    finally:
        if fd is not None:
            os.close(fd)
