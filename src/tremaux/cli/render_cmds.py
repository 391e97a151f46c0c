"""``tremaux render`` and ``tremaux animate``: pictures and animations of mazes."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .output import shown

from ..errors import UnsupportedError
from .options import _in_path, _mask_path, check_seed
from .app import (DEFAULT_GENERATOR, DEFAULT_SIZE, GoalOption, StartOption, announce, app, deprecated, format_option,
                  generator_option, interpret_small_mazes, out_option, parse_cell, parse_size, renamed, size_option,
                  solver_option, style_option)
from .maze_cmds import load_maze
from .output import check_folder, check_not_read

OutOption = out_option()
CellSizeOption = typer.Option(
    None, "--cell-size", metavar="PIXELS",
    help="Pixels per cell (default: fit about 800 pixels); a picture over the memory limit (--memory-limit) "
         "or over 2,147,483,647 pixels a side is refused.")
AnimationCellSizeOption = typer.Option(
    None, "--cell-size", metavar="PIXELS",
    help="Pixels per cell (default: fit about 500 pixels, an animation's frames being many pictures); a picture "
         "over the memory limit (--memory-limit) or over 2,147,483,647 pixels a side is refused.")


def _format(fmt: Optional[str], out: Optional[Path], grid: bool = False) -> str:
    """The format of ``tremaux render``: ``--format``, else the extension of ``--out``, else a text drawing;
    ``--out -`` (or a file without a known extension) of a ``grid`` maze asks for one of the two it is drawn in."""
    from ..io.outputs import EXTENSIONS, output_format
    from ..render.output import RENDER_FORMATS

    if out is not None and out.is_dir():
        from .output import check_folder

        check_folder(out)  # `--out pictures/`: a folder, said as such
    unnamed = fmt is None and out is not None and out.suffix.lower() not in EXTENSIONS
    return output_format(out, fmt if fmt is not None or out is not None else "ascii",
                         accepts=("png", "svg") if grid and unnamed else RENDER_FORMATS,
                         writer="tremaux render", hint="tremaux convert writes maze files")


def _emit(data: bytes | str, out: Optional[Path], fmt: str) -> None:
    """Write ``data`` to ``out``, or text formats to stdout."""
    if out is not None:
        from .._write import write_file

        write_file(out, data if not isinstance(data, str) or data.endswith("\n") else data + "\n")
        typer.echo(f"wrote {shown(out)}", err=True)
    elif isinstance(data, str):
        typer.echo(data.rstrip("\n"))
    else:
        raise UnsupportedError(f"{fmt.lstrip('.')} is a binary picture; give a file with --out (or --out - for the "
                               "standard output)")


def block_drawing(obj: object) -> str:
    """``--style block``: the block text of :func:`tremaux.io.dumps` (as ``show`` prints it), a solution's path as ``o``.

    The text reads back as the maze of squares it draws (``o`` is an open square), as every block file does.

    Parameters
    ----------
    obj : Maze or Solution
        What ``render`` draws.

    Returns
    -------
    str
        The block text, no newline at the end.

    Examples
    --------
    >>> from tremaux.cli.render_cmds import block_drawing
    >>> import tremaux
    >>> print(block_drawing(tremaux.solve(tremaux.Maze.open((1, 3), start=(0, 0), goal=(0, 2)), "bfs")))
    EoG
    >>> print(block_drawing(tremaux.solve(tremaux.generate((2, 2), seed=1).maze, "bfs")))
    #####
    #Eoo#
    ###o#
    #..G#
    #####
    """
    import numpy as np

    from ..io import block
    from ..render.scene import maze_of

    maze = maze_of(obj)
    text = block.dumps(maze)
    path = getattr(obj, "path", None)
    if path is None or not len(path):
        return text
    parts = [text] if maze.ndim == 2 else [part.split("\n", 1)[1] for part in text.split("\n\n")]
    layers = [[list(line) for line in part.split("\n")] for part in parts]
    picture = not block.is_square_grid(maze)
    cells = np.asarray(path).reshape(len(path), -1)
    squares = 2 * cells + 1 if picture else cells
    marks = list(map(tuple, squares))
    if picture:  # the square between two steps of the path is open too
        steps = np.abs(np.diff(cells, axis=0)).sum(axis=1) == 1
        marks += list(map(tuple, (squares[1:][steps] + squares[:-1][steps]) // 2))
    for mark in marks:
        lv, r, c = (0, *mark) if maze.ndim == 2 else mark
        if layers[lv][r][c] in ".":
            layers[lv][r][c] = "o"
    bodies = ["\n".join("".join(row) for row in layer) for layer in layers]
    if maze.ndim == 2:
        return bodies[0]
    return "\n\n".join(f"level {k}\n{body}" for k, body in enumerate(bodies))


@app.command("render")
def render_cmd(
    file: Path = typer.Argument(..., metavar="FILE", parser=_in_path, help="Maze file (any format tremaux.io reads; '-' reads stdin)."),
    fmt: Optional[str] = format_option("svg, png, gif or txt (default: from --out, else txt)."),
    out: Optional[Path] = OutOption,
    style: Optional[str] = style_option("Text style of a txt drawing: ascii (default), unicode, block or "
                                        "braille (the only one, and the default, on other grids)."),
    solver: Optional[str] = solver_option(None, "Draw the solution found by this solver."),
    start: Optional[str] = StartOption,
    goal: Optional[str] = GoalOption,
    seed: Optional[int] = typer.Option(None, "--seed", metavar="N", callback=check_seed,
                                       help="Random seed of --solver's choices, as for solve (tremaux: which passage "
                                            "to walk down)."),
    heat: bool = typer.Option(False, "--heat", help="Colour cells by their distance from the start."),
    cell_size: Optional[int] = CellSizeOption,
    solve_: Optional[str] = deprecated("--solve"),
) -> None:
    """Draw a maze (and optionally its solution) as SVG, PNG, GIF or text."""
    from .. import render, solve

    solver = renamed(solver, solve_, "--solve", "--solver")
    from .grid_cmds import is_grid_file, render_grid_file

    fmt = _format(fmt, out, grid=is_grid_file(str(file)))  # refused before the maze is read, not after
    if style is not None and fmt != "ascii":
        raise UnsupportedError(f"--style is for text drawings (txt); a {fmt.lstrip('.')} picture takes --cell-size")
    if heat and fmt == "ascii" and (style or "").strip().lower() == "block":  # a block text is a maze file
        raise UnsupportedError("--heat writes distances into the cells; --style block prints a maze file with no room "
                               "for them: use --style ascii or unicode, or a picture")
    if out is not None:
        check_folder(out)
        check_not_read(out, (file,))
    if solver is None and seed is not None:  # else it would be dropped
        raise UnsupportedError("--seed is the seed of --solver's choices; add --solver NAME")
    if is_grid_file(str(file)):  # a maze on a polar, hex, ... grid
        if solver is None and (start, goal) != (None, None):  # else they would be dropped
            raise UnsupportedError("--start and --goal set up the run of --solver on a grid maze; add --solver NAME")
        return render_grid_file(file, fmt, out, solver, heat, cell_size, start=parse_cell(start, "start"),
                                goal=parse_cell(goal, "goal"), text_style=style,
                                **({} if seed is None else {"seed": seed}))
    if fmt == "ascii" and cell_size is not None:
        raise UnsupportedError("--cell-size is for pictures (png, svg, gif); a text drawing takes --style")
    interpret_small_mazes()  # a small maze's picture without numba
    obj = load_maze(file)
    if not (fmt == "ascii" and (style or "").strip().lower() == "block"):  # refused before the run, not after it
        render.output.check_picture(obj, fmt, cell_size=cell_size)
    announce(obj.flat.shape[0], f"drawing {file}")
    if solver is None and (start, goal) != (None, None):  # the S and G drawn, and where --heat counts from
        ends = {k: parse_cell(v, k) for k, v in (("start", start), ("goal", goal)) if v is not None}
        obj = obj.replace(**ends)
    if solver is not None:
        obj = solve(obj, solver, start=parse_cell(start, "start"), goal=parse_cell(goal, "goal"),
                    **({} if seed is None else {"seed": seed}))
        from .verdicts import say_no_path

        say_no_path(obj)
    if fmt == "ascii" and (style or "").strip().lower() == "block":
        data = block_drawing(obj)  # the block text `show --style block` prints: one word, one drawing
    else:
        options = {"style": style or "ascii"} if fmt == "ascii" else {"cell_size": cell_size}
        data = render.render(obj, fmt, heat=heat or None, animate=False, **options)
    _emit(data, out, fmt)


@app.command("animate")
def animate_cmd(
    file: Optional[Path] = typer.Argument(None, metavar="FILE", parser=_in_path, help="Maze file to solve (omit with --generator, or --size for the default backtracker)."),
    out: Path = out_option("Animation to write: .gif or .svg ('-' writes stdout, with --format).", required=True),
    fmt: Optional[str] = format_option("gif or svg (default: from the --out extension)."),
    solver: Optional[str] = solver_option(None, "Solver to replay (default tremaux for a file)."),
    generator: Optional[str] = generator_option("Generator to replay (or to make the maze to solve)."),
    size: str = size_option(help="Maze size HxW for --generator."),
    braid: float = typer.Option(0.0, "--braid", metavar="SHARE", help="Share of dead ends opened into loops, for --generator."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="N", callback=check_seed,
                                       help="Random seed of the maze --generator makes; with a maze FILE, of the "
                                            "solver's choices, as for solve (tremaux: which passage to walk down)."),
    start: Optional[str] = StartOption,
    goal: Optional[str] = GoalOption,
    frames: int = typer.Option(100, "--frames", metavar="N", help="Frame budget: events are spread over at most this many frames."),
    frame_ms: int = typer.Option(60, "--frame-ms", metavar="MS", help="Milliseconds per frame."),
    cell_size: Optional[int] = AnimationCellSizeOption,
    grid: Optional[str] = typer.Option(None, "--grid", metavar="NAME", help="Grid for --generator: square, polar, hex, triangle, "
                                       "upsilon, zeta (see tremaux.grids.GRIDS)."),
    rings: Optional[int] = typer.Option(None, "--rings", metavar="N", help="Rings of a polar grid (default 10)."),
    grid_shape: Optional[str] = typer.Option(None, "--shape", metavar="NAME", help="hex: rectangle or hexagon; triangle: rectangle "
                                             "or triangle."),
    radius: Optional[int] = typer.Option(None, "--radius", metavar="N", help="Radius of a hexagon-shaped hex grid."),
    side: Optional[int] = typer.Option(None, "--side", metavar="N", help="Rows of a triangle-shaped triangle grid."),
    wrap: Optional[str] = typer.Option(None, "--wrap", metavar="NAME", help="Join the edges of a square grid: cylinder, torus or "
                                       "moebius."),
    weave: Optional[float] = typer.Option(None, "--weave", metavar="SHARE", help="Weave passages under others (square or hex grid, "
                                          "kruskal): chance of a crossing per cell."),
    mask: Optional[Path] = typer.Option(None, "--mask", metavar="FILE", parser=_mask_path, help="Shape of the maze --generator makes: text "
                                        "of '#' (cell) / '.', or a PNG (dark = cell)."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-O", metavar="KEY=VALUE",
                                               help="An option of --generator as KEY=VALUE (repeatable), as for "
                                                    "generate, e.g. islands=3."),
    algorithm: Optional[str] = deprecated("--algorithm", "-a"),
    generate: Optional[str] = deprecated("--generate"),
) -> None:
    """Animate a solver on a maze file, or a generator (--generator NAME --size HxW [--grid hex]), as GIF or SVG."""
    from .. import render, solve

    solver = renamed(solver, algorithm, "--algorithm", "--solver")
    generator = renamed(generator, generate, "--generate", "--generator")
    from .output import check_output

    fmt = check_output(out, fmt, accepts=("gif", "svg"), writer="tremaux animate", reads=(file, mask),
                       hint="render draws still pictures")  # refused before the run, not after it
    _check_animation(fmt, frames, frame_ms, cell_size, braid, weave)
    from .grid_cmds import animate_grid, is_grid_file

    if grid is not None and all(v is None for v in (rings, grid_shape, radius, side, wrap, weave)):
        from ..grids import GRIDS

        grid = None if GRIDS.get(grid).name == "square" else grid  # --grid square: the square maze, levels too
    on_grid = any(v is not None for v in (grid, rings, grid_shape, radius, side, wrap, weave))
    if file is not None and generator is not None:  # else one of them would be ignored
        raise UnsupportedError("give a maze FILE to solve, or --generator NAME to make the maze, not both")
    if file is not None and (size != DEFAULT_SIZE or braid):
        raise UnsupportedError("--size and --braid shape the maze --generator makes; a maze FILE has its own")
    if file is not None and (mask is not None or option):
        raise UnsupportedError("--mask and --option shape the maze --generator makes; a maze FILE has its own")
    from .generate_cmds import _parse_options

    gen_options = _parse_options(option or [])  # a bad KEY=VALUE is named before any work
    if generator is not None and solver is None and goal is not None:
        raise UnsupportedError("--goal is where a solver heads; add --solver NAME to replay a solving of the generated "
                               "maze (--start alone is where the generator starts carving)")
    if on_grid or (file is not None and is_grid_file(str(file))):
        if on_grid and file is not None:
            raise UnsupportedError("give a maze FILE or --grid options with --generator, not both")
        options = dict(grid=grid, size=size if size != DEFAULT_SIZE or grid in (None, "square") else None,
                       rings=rings, shape=grid_shape, radius=radius, side=side, wrap=wrap, weave=weave,
                       mask=None if mask is None else _mask(mask))
        return animate_grid(maze=file, grid_options=options if on_grid else None, options=gen_options,
                            generator=generator or ("kruskal" if weave is not None else None), solver=solver,
                            seed=seed, braid=braid, start=parse_cell(start, "start"), goal=parse_cell(goal, "goal"),
                            out=out, frames=frames, frame_ms=frame_ms, cell_size=cell_size, fmt=fmt)
    if file is None and generator is None and (size != DEFAULT_SIZE or braid or mask is not None or option):
        generator = DEFAULT_GENERATOR  # a maze to make, described: by the default generator, as on the other grids
    if generator is not None:
        from .. import generate as make

        shape_mask = None if mask is None else _mask(mask)
        shape = parse_size(size) if shape_mask is None or size != DEFAULT_SIZE else None
        if shape is not None and shape_mask is not None and tuple(shape) != shape_mask.shape:
            raise UnsupportedError(f"--size {size} differs from the mask's {'x'.join(map(str, shape_mask.shape))}")
        from ..maze import Maze

        # the picture's size is the maze's: refused before the run to replay, not after it
        closed = Maze.closed(shape_mask.shape if shape is None else shape, mask=shape_mask)
        render.output.check_picture(closed, fmt, cell_size=cell_size, animation=True)
        if solver is None:  # a carving records an event a passage at least (division: a wall), so its replay
            from ..generators import GENERATORS  # is refused now when sure to be over the limit, not after the run
            from .output import _refuse_replay

            L, H, W = closed.shape3
            events = (H - 1) * (W - 1) if GENERATORS.get(generator).name == "recursive-division" else closed.size - 1
            _refuse_replay(closed, frames, events, "give at most {frames} frames")
            if fmt == "gif":  # and the frames it keeps at the least, over the memory limit
                from ..render.animate import _check_gif_memory
                from ..render.png import geometry
                from ..render.replay import kept_frames

                _check_gif_memory(closed, geometry(closed, cell_size, target=500), kept_frames(frames, events))
        obj = make(shape, generator, seed=seed, braid=braid, record=solver is None, mask=shape_mask,
                   start=parse_cell(start, "start") if solver is None else None, **gen_options)
        maze = obj.maze
    else:
        if file is None:
            raise UnsupportedError("animate needs a maze FILE to solve, or --generator NAME (or --size HxW) to animate "
                                   "a generator")
        obj = maze = load_maze(file)
        from ..solvers import SOLVERS
        from ..solvers.api import check_solve_memory

        check_solve_memory(maze, SOLVERS.get(solver or "tremaux").name, record=True)  # the run, then its picture:
        render.output.check_picture(maze, fmt, cell_size=cell_size, animation=True)  # both before the run
    if solver is not None or generator is None:
        if fmt == "gif":  # a replay sure to be over the limit: refused before the recorded run, not after it
            from .output import check_replay_ahead

            check_replay_ahead(maze, parse_cell(start, "start"), parse_cell(goal, "goal"), frames,
                               "give at most {frames} frames")
        walk = {"seed": seed} if seed is not None and generator is None else {}  # a FILE's seed: the solver's, as for solve
        obj = solve(maze, solver or "tremaux", start=parse_cell(start, "start"), goal=parse_cell(goal, "goal"),
                    record=True, **walk)
        from .verdicts import say_no_path

        say_no_path(obj)
    render.save(obj, out, format=fmt, animate=True, frames=frames, frame_ms=frame_ms, cell_size=cell_size)
    typer.echo(f"wrote {shown(out)}", err=True)


def _mask(path: Path):
    """The shape ``--mask`` names, read as ``generate`` reads it."""
    from ..generators import load_mask
    from .app import existing_file

    return load_mask(existing_file(path))


def _check_animation(fmt: str, frames: int, frame_ms: int, cell_size: Optional[int], braid: float,
                     weave: Optional[float]) -> None:
    """Refuse a bad value of ``animate``'s options before a maze is made, read or solved, on every grid alike."""
    from ..errors import TremauxError
    from ..generators.options import probability
    from ..render.replay import GIF_MAX_MS, _budget, _ms

    _budget(frames)
    gif = fmt == "gif"
    _ms(frame_ms, "frame_ms", 10 if gif else 1, GIF_MAX_MS if gif else None)
    if cell_size is not None and cell_size < 1:
        raise TremauxError(f"cell_size {cell_size} is too small; it must be at least 1")
    probability("braid")(braid)
    if weave is not None:
        probability("weave")(weave)
