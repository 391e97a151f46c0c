"""``tremaux dataset``: build a dataset of mazes into Parquet or Arrow shards."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Optional

import click
import typer

from ..errors import UnsupportedError

from .app import (JsonOption, _Typer, _WordsCommand, app, count_option, generator_option, out_option,
                  property_lines, size_option, solver_option, workers_option)
from .options import _in_path


def _dataset_path(value: str) -> str:
    """The PATH of ``dataset info``, refused when empty."""
    if value == "":
        import click

        raise click.BadParameter("empty folder name", param_hint="PATH")
    return value


class _DatasetCommand(_WordsCommand):
    """``tremaux dataset [FILE] ...`` builds; ``tremaux dataset info PATH`` describes a built dataset.

    ``dataset`` takes a spec file as its argument, so ``info`` is not a subcommand of a group (that would take
    ``spec.toml`` for a command's name): a first argument ``info`` hands the rest to :func:`_info_cmd`.
    A spec file named ``info`` is still read as ``./info``.
    """

    @property
    def word_commands(self) -> dict[str, click.Command]:
        """The commands a first word selects (``info``): what a walk of the command tree visits beside this one."""
        return {"info": typer.main.get_command(_info_app)}

    def make_context(self, info_name, args, parent=None, **extra):
        if args[:1] == ["info"]:
            return self.word_commands["info"].make_context(f"{info_name} info", args[1:], parent=parent, **extra)
        return super().make_context(info_name, args, parent=parent, **extra)


_info_app = _Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


@_info_app.command()
def _info_cmd(
    path: Path = typer.Argument(..., metavar="PATH", path_type=str,  # str: a URL keeps its "//"
                                parser=_dataset_path,
                                help="A dataset folder or URL (the --out of a build)."),
    as_json: bool = JsonOption,
    storage_option: Optional[list[str]] = typer.Option(None, "--storage-option", metavar="KEY=VALUE", help="Option of the file system of PATH; repeat for several."),
) -> None:
    """Describe a dataset already built: its rows, sizes, algorithms, outputs, shards and seed."""
    import json

    from .. import dataset
    from ..dataset.read import summary

    manifest = dataset.read_manifest(path, dataset.parse_storage_options(storage_option or []))
    info = summary(manifest)
    if as_json:
        typer.echo(json.dumps(info, indent=2))
        return
    size = info["size"] if info["max_size"] is None else f"{info['size']}..{info['max_size']}"
    options = ", ".join(f"{k}={v}" for k, v in info["generator_options"].items())
    built = (f"{info['shards_built']:,} of {info['shards']:,} "
             f"({'complete' if info['complete'] else 'incomplete: run the build again to finish it'})")
    typer.echo(f"dataset {path}")
    typer.echo(property_lines([
        ("mazes", f"{info['rows']:,} of {info['count']:,}"), ("size", size),
        ("generator", info["generator"] + (f" ({options})" if options else "")), ("braid", info["braid"]),
        ("solvers", ", ".join(info["solvers"])), ("outputs", ", ".join(info["outputs"])),
        ("filters", ", ".join(f"{k}={v}" for k, v in info["filters"].items()) or None), ("seed", info["seed"]),
        ("shards", built), ("shard format", f"{info['shard_format']}, {info['shard_size']:,} rows each"),
        ("bytes", f"{info['bytes']:,}"), ("built by", f"tremaux {info['versions'].get('tremaux', '?')}"),
    ]))


@app.command("dataset", cls=_DatasetCommand)
def dataset_cmd(
    spec_file: Optional[Path] = typer.Argument(None, metavar="FILE", parser=_in_path, help="Dataset spec (.toml or .json); the options below override it, and the defaults they name fill what neither gives."),
    count: Optional[int] = count_option("Number of mazes."),
    size: Optional[str] = size_option(None, "Maze size HxW, or a range HxW..HxW (default 10x20)."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="N",
                                       help="Base seed (default 0): maze i uses derive_seed(seed, i)."),
    generator: Optional[str] = generator_option("Generator name (default backtracker)."),
    braid: Optional[float] = typer.Option(None, "--braid", metavar="SHARE", help="Share of dead ends opened into loops (0..1)."),
    solver: Optional[list[str]] = solver_option(None, "Solver: bfs or dfs, the two with batch kernels; repeat for both (default bfs)."),
    outputs: Optional[str] = typer.Option(None, "--outputs", metavar="LIST", help="Comma list of: maze, blocks, solution, stats, ascii, tokens (default maze,solution,stats)."),
    min_solution_length: Optional[int] = typer.Option(None, "--min-solution-length", metavar="N", help="Keep mazes whose shortest solution has at least N passages."),
    shard_size: Optional[int] = typer.Option(None, "--shard-size", metavar="N", help="Rows per shard (default 10000)."),
    shard_format: Optional[str] = typer.Option(None, "--shard-format", metavar="NAME", help="parquet (compressed, default) or arrow (uncompressed, memory-mapped by to_hf)."),
    engine: str = typer.Option("local", "--engine", "-e", metavar="NAME", help="local, processes or dask."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help="Address of a running Dask scheduler, e.g. tcp://host:8786."),
    workers: Optional[int] = workers_option(None, "Worker processes (default: all cores)."),
    out: str = out_option("Output directory (new, empty, or a build to resume): a path or a URL such as "
                          "s3://bucket/data.", required=True, text=True, folder=True),
    storage_option: Optional[list[str]] = typer.Option(None, "--storage-option", metavar="KEY=VALUE", help="Option of the file system of --out (e.g. endpoint_url=http://...); repeat for several."),
    shared: bool = typer.Option(False, "--shared", help="With --scheduler and a local --out: every worker mounts it, so workers write their shards."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Build mazes with solutions and statistics into Parquet or Arrow shards (same files on every engine); rerun to resume.

    `tremaux dataset info PATH [--json]` describes a dataset already built.
    """
    from .. import dataset
    from ..dataset.engines import check_engine, workers_note
    from ..dataset.room import space_note

    spec = dataset.make_spec(spec_file, count=count, size=size, seed=seed, generator=generator, braid=braid,
                             solvers=solver or None, outputs=outputs, shard_size=shard_size,
                             shard_format=shard_format, min_solution_length=min_solution_length)
    options = dataset.parse_storage_options(storage_option or [])
    if shared and scheduler is None:
        raise UnsupportedError("--shared is for the workers of a Dask --scheduler, which then mount --out; without "
                               "--scheduler the workers write their shards to --out already")
    if out == "-":
        raise UnsupportedError("a dataset is a folder of shards and a manifest: it cannot go to the standard output; "
                               "give --out a folder or a URL")
    target = dataset.open_target(out, options)
    if target.process_local:  # the command's process ends with the build: nothing would be left to read
        raise UnsupportedError(f"{out} lives in this process's memory only: the dataset would be lost when the "
                               "command ends; give --out a folder or a URL such as s3://bucket/data")
    unchecked = space_note(target)
    if unchecked is not None:  # said before the build, which a full store may stop
        typer.echo(unchecked, err=True)
    crowded = None if workers is None else workers_note(check_engine(engine, workers, scheduler), workers, scheduler,
                                                        spec.shards)
    if crowded is not None:
        typer.echo(crowded, err=True)
    with nullcontext(None) if quiet else dataset.rich_progress() as report, _stopped_by_kill() as killed:
        try:
            result = dataset.build(spec, out, engine=engine, workers=workers, scheduler=scheduler,
                                   progress=_said_first(spec, report),
                                   storage_options=options, workers_write=True if shared else None)
        except KeyboardInterrupt:
            typer.echo(f"interrupted: finished shards are kept in {out}; run the same command to resume", err=True)
            # the line above says it all: exit as Ctrl-C does (128 + SIGINT), without a second "aborted"
            raise typer.Exit(128 + (killed[0] if killed else signal.SIGINT)) from None
    for note in result.notes:
        if note != unchecked:
            typer.echo(note, err=True)
    typer.echo(str(result))


def _said_first(spec, report):
    """``report``, after a line on its first call (once the build's checks passed, before any shard) when the
    mazes are big: the progress comes as shards finish, and a shard of 10,000 x 10,000 mazes takes minutes."""
    from .runtime import announce

    said: list[bool] = []

    def first(done: int, total: int) -> None:
        if not said:
            said.append(True)
            (hmax, wmax) = spec.size_range[1]
            announce(hmax * wmax, f"building {total - done:,} maze{'s' if total - done != 1 else ''} of up to "
                                  f"{hmax}x{wmax}, each")
        if report is not None:
            report(done, total)

    return first


@contextmanager
def _stopped_by_kill() -> Iterator[list[int]]:
    """While the build runs, SIGTERM and SIGHUP (``kill``, a closed terminal) stop it as Ctrl-C does.

    The manifest then records every finished shard before the command ends (killed outright, the shards
    finished since its last rewrite would be built again on resume); the list receives the signal's number.
    """
    caught: list[int] = []
    me = os.getpid()

    def stop(signum, frame):
        if os.getpid() != me:  # a worker forked during the build inherited this handler: it ends as it would have
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        caught.append(signum)
        raise KeyboardInterrupt

    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    try:
        previous = {sig: signal.signal(sig, stop) for sig in wanted}
    except ValueError:  # not the main thread: signals stay as they are
        previous = {}
    try:
        yield caught
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
