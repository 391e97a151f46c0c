"""Building a dataset: :func:`build` plans the shards, runs them on an engine and writes files."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import TremauxError
from .engines import check_engine, run_shards
from .shard import ShardResult, build_shard, check_spec, columns_of, warm_up
from .spec import DatasetSpec
from .store import ShardRecord, open_for_build, shard_name, write_manifest, write_shard

__all__ = ["build", "BuildReport", "Progress"]

Progress = Callable[[int, int], None]
"""``progress(rows_done, rows_total)``: called once before any work (with the
rows already on disk when resuming) and after every finished shard."""


@dataclass(frozen=True)
class BuildReport:
    """What :func:`build` did."""

    path: Path
    """The dataset directory."""
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
    """What resuming found and did (removed partial files, rebuilt missing shards)."""

    @property
    def rate(self) -> float:
        """Rows built per second by this run."""
        return self.rows_built / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        kept = f", {self.shards_kept} kept" if self.shards_kept else ""
        return (
            f"{self.rows:,} mazes in {self.path} ({self.shards_built} shards built{kept}; "
            f"{self.rows_built:,} mazes in {self.seconds:.2f} s = {self.rate:,.0f} mazes/s "
            f"on {self.engine}, {self.workers} worker{'s' if self.workers != 1 else ''})"
        )


def build(
    spec: DatasetSpec,
    out: str | Path,
    *,
    engine: str = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> BuildReport:
    """Build the dataset ``spec`` into the directory ``out``, resuming a previous run.

    Parameters
    ----------
    spec : DatasetSpec
        What to build (see :class:`DatasetSpec`).
    out : str or Path
        Output directory: new, empty, or one this spec was built into before
        (finished shards are kept, the rest is built).
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
        Its workers need tremaux installed; they send shards back to this
        process, which writes them, so no shared file system is needed.
    progress : callable, optional
        ``progress(rows_done, rows_total)``; see :class:`Progress` and
        :func:`tremaux.dataset.progress.rich_progress`.

    Returns
    -------
    BuildReport

    Raises
    ------
    DatasetDirError
        When ``out`` is foreign (other files, no manifest), holds a different
        dataset, or a corrupted shard.
    TremauxError
        For an unknown generator, solver or engine, or filters no maze of the
        spec passes within ``max_attempts`` draws (naming the row).
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
    """
    if not isinstance(spec, DatasetSpec):
        raise TremauxError(f"build needs a DatasetSpec, not {type(spec).__name__}")
    engine = check_engine(engine, workers, scheduler)
    spec = check_spec(spec)
    out = Path(out)
    t0 = time.perf_counter()
    columns = columns_of(spec)
    manifest, notes = open_for_build(out, spec, columns)
    kept = len(manifest.shards)
    todo = [i for i in range(spec.shards) if i not in manifest.shards]
    done = manifest.rows
    if progress is not None:
        progress(done, spec.count)
    state = {"manifest": manifest, "rows": 0, "attempts": 0, "built": 0}

    def on_result(result: ShardResult) -> None:
        first, stop = spec.shard_rows(result.index)
        if result.rows != stop - first:  # pragma: no cover - a worker of another version
            raise TremauxError(f"shard {result.index} came back with {result.rows} rows, not {stop - first}")
        name = shard_name(result.index, spec.shards)
        write_shard(out, name, result.data)
        record = ShardRecord(result.index, name, first, result.rows, result.attempts, len(result.data), result.sha256)
        state["manifest"] = state["manifest"].with_shard(record)
        write_manifest(out, state["manifest"])
        state["rows"] += result.rows
        state["attempts"] += result.attempts
        state["built"] += 1
        if progress is not None:
            progress(done + state["rows"], spec.count)

    if todo and engine in ("local", "processes"):
        warm_up(spec)  # compile (or load) the kernels once, before forking workers
    used = run_shards(engine, build_shard, spec, todo, on_result, workers=workers, scheduler=scheduler)
    return BuildReport(
        path=out,
        rows=state["manifest"].rows,
        shards_built=state["built"],
        shards_kept=kept,
        rows_built=state["rows"],
        attempts=state["attempts"],
        seconds=time.perf_counter() - t0,
        engine=str(engine),
        workers=used,
        notes=tuple(notes),
    )
