"""Commands ``tremaux generate`` and ``tremaux stats``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from ..errors import InvalidSizeError, TremauxError, UnsupportedError
from .app import (interpret_small_mazes, list_alone, DEFAULT_GENERATOR, DEFAULT_SIZE, JsonOption, SeedOption, announce, app,
                  deprecated,
                  existing_file, format_option, generator_option, list_option, out_option, parse_cell, parse_size,
                  renamed, save_output, size_option)
from .maze_cmds import FileArgument, load_maze
from .options import _in_path, _mask_path
from .output import check_not_read, check_output


def _list_generators(grid: Optional[str] = None, wrap: Optional[str] = None, weave: Optional[float] = None) -> None:
    """``--list``: every generator, or (with --grid, --wrap or --weave) those that run on that grid."""
    from ..generators import GENERATORS
    from .grid_cmds import build_grid, grids_of

    on = None
    if any(v is not None for v in (grid, wrap, weave)):
        from ..grids import supports

        on = build_grid(grid=grid, size=None, rings=None, shape=None, radius=None, side=None, wrap=wrap, weave=weave)
    for e in GENERATORS:
        if on is not None and not supports(e, on):
            continue
        aliases = f" ({', '.join(e.aliases)})" if e.aliases else ""
        typer.echo(f"{e.name:<20} {e.doc}{aliases} [{grids_of(e)}]")


_RESERVED = {"shape": "size", "algorithm": "generator", "generator": "generator", "seed": "seed", "mask": "mask",
             "start": "start", "braid": "braid", "record": "out"}
"""Keys of generate() that are command options of their own, and the option."""


def _parse_options(items: list[str]) -> dict[str, str]:
    """``["discipline=oldest", "p=0.3"]`` as a dict; the generator checks names and values."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key or not value.strip():
            raise TremauxError(f"--option {item!r} is not KEY=VALUE (for example discipline=first-slot)")
        if key in _RESERVED:
            raise TremauxError(f"--option {key}=... is a command option of its own; use --{_RESERVED[key]}")
        if key in out:
            raise TremauxError(f"--option {key} is given twice")
        out[key] = value.strip()
    return out


@app.command("generate")
def generate_cmd(
    ctx: typer.Context,
    generator: Optional[str] = generator_option("Generator (see --list); default backtracker (kruskal with --weave)."),
    size: Optional[str] = size_option(None, f"HxW or LxHxW, e.g. 25x40 (default {DEFAULT_SIZE}, or the mask's)."),
    seed: Optional[int] = SeedOption,
    stats: bool = typer.Option(False, "--stats", help="Print the run statistics before the maze (on stderr when the maze printed is "
                                                  "a file to read back: --out -, --format json or block)."),
    braid: float = typer.Option(0.0, "--braid", metavar="SHARE", help="Share of dead ends opened into loops (0..1)."),
    mask: Optional[Path] = typer.Option(None, "--mask", metavar="FILE", parser=_mask_path, help="Shape: text of '#' (cell) / '.', or a PNG (dark = cell)."),
    start: Optional[str] = typer.Option(None, "--start", metavar="R,C", help="Cell the carving starts from, as R,C (or "
                                        "L,R,C); the maze's start S stays its first cell."),
    out: Optional[Path] = out_option("Save the maze instead of printing it: a maze file (.txt, .json, .npz) or a "
                                     "picture (.png, .svg, .gif replays the carving)."),
    fmt: Optional[str] = format_option("Format for --out: ascii, block, json, tokens, npz, png, svg or gif (default: "
                                       "from the extension); without --out, the text printed: ascii, block, json or "
                                       "tokens."),
    list_: bool = list_option("generators"),
    option: Optional[list[str]] = typer.Option(
        None, "--option", "-O",
        metavar="KEY=VALUE",
        help="An option of the algorithm as KEY=VALUE (repeatable), e.g. discipline=first-slot, variant=arc, p=0.25."),
    grid: Optional[str] = typer.Option(None, "--grid", metavar="NAME", help="Grid: square, polar, hex, triangle, upsilon, zeta "
                                       "(see tremaux.grids.GRIDS)."),
    rings: Optional[int] = typer.Option(None, "--rings", metavar="N", help="Rings of a polar grid (default 10)."),
    grid_shape: Optional[str] = typer.Option(None, "--shape", metavar="NAME", help="hex: rectangle or hexagon; triangle: rectangle "
                                             "or triangle."),
    radius: Optional[int] = typer.Option(None, "--radius", metavar="N", help="Radius of a hexagon-shaped hex grid."),
    side: Optional[int] = typer.Option(None, "--side", metavar="N", help="Rows of a triangle-shaped triangle grid."),
    wrap: Optional[str] = typer.Option(None, "--wrap", metavar="NAME", help="Join the edges of a square grid: cylinder, torus or "
                                       "moebius."),
    weave: Optional[float] = typer.Option(None, "--weave", metavar="SHARE", help="Weave passages under others (square or hex grid, "
                                          "kruskal): chance of a crossing per cell."),
    algorithm: Optional[str] = deprecated("--algorithm", "-a"),
    to: Optional[str] = deprecated("--to"),
) -> None:
    """Generate a maze and print it (or save it with --out)."""
    if list_:
        list_alone(ctx, "generators", keep=("grid", "wrap", "weave"), hint=", or with --grid, --wrap or --weave")
        return _list_generators(grid, wrap, weave)
    from ..generators import generate, load_mask

    generator = renamed(generator, algorithm, "--algorithm", "--generator")
    fmt = renamed(fmt, to, "--to", "--format")
    from ..generators.options import probability

    probability("braid")(braid)  # a bad share is named first, whatever else the command line holds
    if weave is not None:
        probability("weave")(weave)
    if grid is not None and all(v is None for v in (rings, grid_shape, radius, side, wrap, weave)):
        from ..grids import GRIDS

        grid = None if GRIDS.get(grid).name == "square" else grid  # --grid square: the square maze, levels too
    on_grid = any(v is not None for v in (grid, rings, grid_shape, radius, side, wrap, weave))
    out_fmt = None if out is None else check_output(out, fmt, **_grid_writes(grid, wrap, weave) if on_grid else {
        "writer": "tremaux generate"})  # before the maze is made
    if out is not None:
        check_not_read(out, (mask,))
    shown = "ascii"  # what is printed without --out: --format picks a text format
    if out is None and fmt is not None:
        from ..io.outputs import output_format

        shown = output_format(None, fmt, accepts=("ascii", "block", "json", "tokens"), writer="tremaux generate without --out",
                              hint="save npz files and pictures with --out FILE")
    if on_grid:
        from .grid_cmds import generate_on_grid

        if shown != "ascii":
            raise UnsupportedError(f"--format {shown} without --out is for square mazes; save a grid maze with --out FILE")

        grid_mask = None if mask is None else load_mask(existing_file(mask))
        return generate_on_grid(mask=grid_mask, grid=grid, size=size, rings=rings, shape=grid_shape, radius=radius, side=side,
                                wrap=wrap, weave=weave,
                                algorithm=generator or ("kruskal" if weave is not None else DEFAULT_GENERATOR),
                                seed=seed, start=parse_cell(start, "start"), braid=braid,
                                options=_parse_options(option or []), stats=stats, out=out, to=fmt)
    generator = generator or DEFAULT_GENERATOR
    interpret_small_mazes()
    from .. import io as maze_io
    from .output import MAZE_FILES

    text_fmt = shown if out_fmt is None else (out_fmt if out_fmt in MAZE_FILES else None)  # None: a picture
    if mask is not None and text_fmt is not None and size is None:
        from ..generators.masks import picture_shape

        from ..maze.cells import MAX_CELLS

        early = picture_shape(existing_file(mask))  # a picture's size, before it is decoded
        if early is not None and early[0] * early[1] <= MAX_CELLS:  # a bigger one: reading it says why
            maze_io.check_dumps(early, text_fmt, masked=True)
    shape_mask = None if mask is None else load_mask(existing_file(mask))
    shape = parse_size(size) if size is not None else (None if shape_mask is not None else parse_size(DEFAULT_SIZE))
    if shape is not None and shape_mask is not None and tuple(shape) != shape_mask.shape:
        raise InvalidSizeError(f"--size {size} differs from the mask's {'x'.join(map(str, shape_mask.shape))}")
    dims = tuple(shape) if shape is not None else shape_mask.shape
    if text_fmt is not None:
        maze_io.check_dumps(dims, text_fmt, masked=shape_mask is not None)  # refuse now what could not be written later
    cells = 1
    for d in dims:
        cells *= int(d)
    if out_fmt == "gif":
        _check_carving_gif(dims, generator)
    elif out_fmt in ("png", "svg"):  # a picture over the limit: refused now, not after the run
        from ..render.output import check_picture

        check_picture(tuple(dims), out_fmt)
    from ..generators import GENERATORS

    announce(cells, f"generating a {'x'.join(map(str, dims))} maze with {GENERATORS.get(generator).name}")
    result = generate(shape, generator, seed=seed, mask=shape_mask, start=parse_cell(start, "start"), braid=braid,
                      record=out_fmt == "gif", **_parse_options(option or []))
    maze, run = result
    if stats:  # on stderr when stdout carries a maze file (json, block, npz...) that must read back
        typer.echo(str(run), err=(out is None and shown != "ascii") or (out is not None and str(out) == "/dev/stdout"))
    if out is None:
        typer.echo(maze_io.dumps(maze, shown))
    else:
        save_output(result, out, fmt)


def _grid_writes(grid: Optional[str], wrap: Optional[str], weave: Optional[float]) -> dict:
    """What ``--out`` may hold for a maze on ``grid``: every format for the plain square grid, else
    :data:`tremaux.cli.grid_cmds.GRID_FILES` (a braille drawing, the text of every grid, does not read back)."""
    from ..grids import GRIDS
    from .grid_cmds import GRID_FILES

    name = "square" if grid is None else GRIDS.get(grid).name  # an unknown grid: named by the error
    if name == "square" and wrap is None and weave is None:
        return {"writer": "tremaux generate"}
    label = name + (f" ({wrap})" if wrap is not None else "") + (" woven" if weave is not None else "")
    return {"accepts": (*GRID_FILES, "ascii"), "writer": f"tremaux generate on a {label} grid",
            "hint": "a text drawing of it is braille, which does not read back"}


def _check_carving_gif(dims: tuple[int, ...], generator: str) -> None:
    """Refuse, before generating, a GIF of the carving too large to replay at the 100 frames ``generate`` draws."""
    from ..render.replay import MAX_FRAME_SQUARES

    L, H, W = (1, *dims) if len(dims) == 2 else dims
    squares = int(L) * (2 * int(H) + 1) * (2 * int(W) + 1)
    if 100 * squares > MAX_FRAME_SQUARES:
        size = "x".join(map(str, dims))
        raise UnsupportedError(
            f"a GIF of the carving of a {size} maze replays 100 frames of {squares:,} squares, over the limit of "
            f"{MAX_FRAME_SQUARES:,} (frames x squares): animate it with fewer frames (`tremaux animate -g {generator} "
            f"--size {size} --frames {max(2, MAX_FRAME_SQUARES // squares)} --out FILE.gif`), or save a .png or .svg")


@app.command("stats")
def stats_cmd(file: Path = FileArgument, as_json: bool = JsonOption) -> None:
    """Measure a saved maze: dead ends, degrees, corridors, diameter, start-goal length, river."""
    from ..budget import measure_bytes
    from ..measure import maze_stats
    from .grid_cmds import grid_stats_text, is_grid_file

    if is_grid_file(str(file)):  # a maze on a polar, hex, ... grid
        return typer.echo(grid_stats_text(file, as_json))
    maze = load_maze(file, then=measure_bytes, doing="measuring")
    announce(maze.flat.shape[0], f"measuring {file}")
    result = maze_stats(maze)
    typer.echo(json.dumps(result.as_dict()) if as_json else str(result))
