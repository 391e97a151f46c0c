"""``tremaux generate --grid ...``: mazes on polar, hex, triangle, upsilon, zeta, wrapped and woven grids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from .output import shown

from ..errors import InvalidSizeError, TremauxError, UnsupportedError
from .grid_files import _ends, _label, grid_stats_text, solve_grid_file  # noqa: F401 - the commands' imports
from .sources import is_grid_file, load_grid

__all__ = ["build_grid", "render_grid_file", "animate_grid", "generate_on_grid", "grids_of", "is_grid_file", "solve_grid_file", "grid_stats_text"]


def grids_of(entry: Any) -> str:
    """Which grids a generator runs on, for ``tremaux generate --list``.

    Parameters
    ----------
    entry : Entry
        A generator's registry entry.

    Returns
    -------
    str
        ``any grid``, or the grids it runs on, and whether it weaves.

    Examples
    --------
    >>> from tremaux.cli.grid_cmds import grids_of
    >>> from tremaux.generators import GENERATORS
    >>> grids_of(GENERATORS.get("kruskal")), grids_of(GENERATORS.get("eller"))
    ('any grid, woven too', 'square only')
    """
    grids = entry.meta.get("grids", "any")
    text = "any grid" if grids == "any" else ", ".join(grids) + " only"
    return text + (", woven too" if entry.meta.get("weave") else "")


def build_grid(*, mask: Any = None, grid: str | None, size: str | None, rings: int | None, shape: str | None,
               radius: int | None, side: int | None, wrap: str | None, weave: float | None,
               refuse: Any = None) -> Any:
    """The grid the ``--grid``, ``--size``, ``--rings``... options describe (defaults as ``tremaux generate``).

    Parameters
    ----------
    mask : numpy.ndarray, optional
        A shape (``--mask``) for the grids laid out in rows and columns.
    grid : str or None
        The grid's name; ``None`` for the square grid.
    size, rings, shape, radius, side, wrap, weave
        The grid's options as given (``None`` when not): a size is ``HxW``; a polar grid gets 10 rings
        and the others 10 x 20 cells when not told.
    refuse : callable, optional
        Called with the number of cells before the tables are built, to refuse a grid too large for its use.

    Returns
    -------
    tremaux.grids.Grid

    Raises
    ------
    TremauxError
        For a size with levels.

    Examples
    --------
    >>> from tremaux.cli.grid_cmds import build_grid
    >>> build_grid(grid="hex", size="3x4", rings=None, shape=None, radius=None, side=None, wrap=None, weave=None)
    Grid('hex', size=(3, 4), cells=12, sides=6)
    >>> build_grid(grid="polar", size=None, rings=None, shape=None, radius=None, side=None, wrap=None,
    ...            weave=None).params["rings"]
    10
    """
    from ..grids import GRIDS, make_grid
    from .app import parse_size

    name = GRIDS.get(grid or "square").name  # any alias, in any case
    polar = name == "polar"
    takes = [k for k in ("size", "rings", "shape", "radius", "side", "wrap", "weave") if k in GRIDS.get(name).params]
    given = {"size": size, "rings": rings, "shape": shape, "radius": radius, "side": side, "wrap": wrap}
    for key in (k for k, v in given.items() if v is not None and k not in takes):  # in the command's words (--weave:
        # make_grid names the grids it works on)
        raise UnsupportedError(f"--{key} is not an option of the {name} grid; it takes "
                               + ", ".join(f"--{k}" for k in takes))
    form = None if shape is None else str(shape).strip().lower()
    if "shape" in GRIDS.get(name).params:  # the rectangle would ignore --radius or --side, a shape --size
        for option, value, needs in (("--radius", radius, "hexagon"), ("--side", side, "triangle")):
            if value is not None and form != needs:
                raise UnsupportedError(f"{option} is for --shape {needs}" + (f", not --shape {shape}" if shape else ""))
        if size is not None and form not in (None, "rectangle"):
            raise UnsupportedError(f"--size is for a rectangle; a {form} takes --{'radius' if form == 'hexagon' else 'side'}")
        for needs, option, value in (("hexagon", "--radius", radius), ("triangle", "--side", side)):
            if form == needs and value is None:  # not the rectangle's default size, refused in its words
                raise UnsupportedError(f"--shape {needs} needs {option} N (the {needs}'s size)")
    dims = None
    if size is not None:
        dims = parse_size(size)
        if len(dims) != 2:
            raise TremauxError(f"--size {size} must be HxW on {'an' if name[:1] in 'aeiou' else 'a'} {name} grid (levels are for the square maze only)")
    if dims is None and mask is not None and not polar:
        dims = tuple(mask.shape)
    if dims is None and not polar and radius is None and side is None:
        dims = (10, 20)
    params = {"size": dims, "rings": rings, "shape": shape, "radius": radius, "side": side, "wrap": wrap,
              "weave": True if weave is not None else None, "mask": mask}
    if polar and rings is None:
        params["rings"] = 10
    if refuse is not None and not polar:  # counted before the tables of a huge grid are built
        refuse(int((mask != 0).sum()) if mask is not None else 3 * radius * (radius + 1) + 1 if form == "hexagon"
               else max(side, 0) ** 2 if form == "triangle" else dims[0] * dims[1] if dims is not None else 0)
    try:
        return make_grid(name, **params)
    except InvalidSizeError:
        torus = str(wrap).strip().lower() == "torus"  # only the torus wraps its rows too
        if wrap is None or dims is None or (dims[1] >= 3 and (dims[0] >= 3 or not torus)):
            raise
        given = f"--size {size}" if size is not None else "the --mask"
        raise InvalidSizeError(f"--wrap {wrap} needs at least {'3 rows and 3 columns' if torus else '3 columns'}; "
                               f"{given} has {dims[0]} x {dims[1]}") from None


def generate_on_grid(*, mask: Any = None, grid: str | None, size: str | None, rings: int | None, shape: str | None,
                     radius: int | None, side: int | None, wrap: str | None, weave: float | None,
                     algorithm: str, seed: int | None, start: tuple[int, ...] | None, braid: float,
                     options: dict[str, str], stats: bool, out: Path | None, to: str | None,
                     islands: int = 0) -> None:
    """Build the grid, generate, then print (a text drawing: braille on grids but the plain square one) or save the
    maze, its picture or its animation.

    Parameters
    ----------
    mask : numpy.ndarray, optional
        A shape for the square grid (``--mask``).
    grid : str or None
        The grid's name (``--grid``); ``None`` for the square grid.
    size, rings, shape, radius, side, wrap, weave
        The grid's options, as the command was given them (``None`` when not).
    algorithm : str
        The generator.
    seed : int or None
        The seed.
    start : tuple of int or None
        The cell the carving starts from.
    braid : float
        Fraction of dead ends to remove.
    options : dict of str to str
        The generator's own options (``--option KEY=VALUE``).
    stats : bool
        Print the run statistics first.
    out : pathlib.Path or None
        Save the maze (``.json``, ``.npz``), its picture (``.svg``, ``.png``) or its carving (``.gif``) there.
    to : str or None
        The file format (``--format``).
    islands : int, default 0
        Islands to make (``--option islands=K`` also reaches here through ``options``).

    Raises
    ------
    TremauxError
        For a size with levels on a grid other than the square one.
    UnsupportedError
        For printing a maze that is not square, or a file format the grid's mazes are not saved in.

    Examples
    --------
    >>> from tremaux.cli.grid_cmds import generate_on_grid
    >>> import tempfile
    >>> from pathlib import Path
    >>> out = Path(tempfile.mkdtemp()) / "hex.json"
    >>> generate_on_grid(grid="hex", size=None, rings=None, shape="hexagon", radius=2, side=None, wrap=None,
    ...                  weave=None, algorithm="wilson", seed=4, start=None, braid=0.0, options={}, stats=False,
    ...                  out=out, to=None)
    >>> out.exists()
    True
    """
    from ..generators import GENERATORS
    from ..grids import files, generate_on, save_picture, supports
    from ..grids.animate import save_animation
    from ..io.outputs import output_format

    from .runtime import announce

    limit = _picture_limit(grid, wrap, weave, out, to)
    label = (grid or "square") + (f" ({wrap})" if wrap else "") + (" woven" if weave is not None else "")
    doing = f"generating a {label} maze with {GENERATORS.get(algorithm).name}"

    g = build_grid(mask=mask, grid=grid, size=size, rings=rings, shape=shape, radius=radius, side=side, wrap=wrap,
                   weave=weave, refuse=limit)
    from .runtime import interpret_small_grid

    interpret_small_grid(g)  # a small grid: no numba
    plain = g.name == "square" and g.rect  # the plain square grid: every format of the square maze
    fmt = None if out is None or plain else output_format(
        out, to, accepts=(*GRID_FILES, "ascii"), writer=f"tremaux generate on a {_label(g)} grid",
        hint="a text drawing of it is braille, which does not read back")
    entry = GENERATORS.get(algorithm)
    if (out is None or fmt == "ascii") and not plain and supports(entry, g):  # refused before the work (one that
        # does not run here is refused by generate_on at once, naming the grids it runs on); a bad value first
        from ..generators.options import check_options

        check_options(entry.name, entry.options, {k: v for k, v in options.items() if k not in _NOT_THE_ALGORITHMS})
        g.index(start, "start") if start is not None else None
        from ..grids.braille import fit_cell, text_columns
        from ..grids.draw import _check_picture

        _check_picture(g, "a text drawing")
        fit_cell(g, text_columns())  # a maze too wide for the terminal: refused before it is made
    options = {**options, **({"islands": islands} if islands else {})}
    if fmt in ("json", "npz"):  # the file is refused before the maze is made, as the square maze's is
        files._check_write(g, fmt)
    elif fmt in ("svg", "png"):
        from ..grids.draw import _check_picture

        _check_picture(g, "an SVG" if fmt == "svg" else "a PNG", svg=fmt == "svg")
    elif fmt == "gif":
        from ..grids.animate import check_animation_size

        check_animation_size(g.size)
    if supports(GENERATORS.get(algorithm), g):  # (else refused at once, without a note)
        announce(g.size, doing)
    run_all = generate_on(g, algorithm, seed=seed, start=start, braid=braid, weave=weave, record=fmt == "gif",
                          **options)
    maze = run_all.maze
    if stats:  # on stderr when the maze file itself goes to stdout
        typer.echo(str(run_all.stats), err=out is not None and str(out) == "/dev/stdout")
    if plain:
        from .app import save_output

        return typer.echo(str(maze.to_maze())) if out is None else save_output(maze.to_maze(), out, to)
    if out is None or fmt == "ascii":  # the braille drawing of every grid (a file of it does not read back)
        from ..grids.braille import to_braille

        if out is None:
            return typer.echo(to_braille(maze))
        from .._write import write_file

        write_file(out, to_braille(maze) + "\n")
    elif fmt == "gif":
        save_animation(run_all, out, format=fmt)
    elif fmt in ("svg", "png"):
        save_picture(maze, out, format=fmt)
    else:
        files.save(maze, out, format=fmt)
    typer.echo(f"wrote {shown(out)}", err=True)


def _picture_limit(grid: str | None, wrap: str | None, weave: float | None, out: Path | None,
                   to: str | None) -> Any:
    """The check of a picture's (or an animation's) number of cells when ``--out`` asks for one of a grid maze
    (the plain square maze has its own pictures), for :func:`build_grid` to call before the grid is built."""
    from ..grids.animate import check_animation_size
    from ..grids.draw import check_draw_size

    fmt = (to or (out.suffix.lstrip(".") if out is not None else "")).lower()
    if out is None or (grid in (None, "square", "rect", "rectangle", "gamma") and wrap is None and weave is None):
        return None
    return check_draw_size if fmt in ("svg", "png") else check_animation_size if fmt == "gif" else None


_NOT_THE_ALGORITHMS = ("islands", "openings", "percolate", "unreachable")  # --option keys generate_on checks itself
GRID_FILES = ("json", "npz", "png", "svg", "gif")
"""The formats a maze on a grid other than the plain square one is written in (see :mod:`tremaux.io.outputs`)."""


def render_grid_file(path: Path, fmt: str, out: Path | None, solver: str | None, heat: bool,
                     cell_size: int | None, start: tuple[int, ...] | None = None,
                     goal: tuple[int, ...] | None = None, text_style: str | None = None, **options: Any) -> None:
    """``tremaux render`` for a maze saved on a polar, hex, ... grid: SVG (to stdout or a file), PNG, or its
    braille text drawing (:mod:`tremaux.grids.braille`; a file of it does not read back).

    A solution drawn by Tremaux's traveler shows its marks on the passages (once, twice).

    Parameters
    ----------
    path : pathlib.Path
        The grid maze file (``.json`` or ``.npz``).
    fmt : str
        ``svg``, ``png`` or ``ascii`` (text): a name of :data:`tremaux.io.outputs.OUTPUT_FORMATS`, chosen by the
        caller.
    out : pathlib.Path or None
        The file to write; ``None`` prints an SVG.
    solver : str or None
        Draw this solver's path (and visited cells, and Tremaux's marks).
    heat : bool
        Shade the cells by their distance from the start.
    cell_size : int or None
        Pixels per cell.
    start, goal : tuple of int, optional
        The solver's end cells (default: the maze's).
    text_style : str, optional
        ``--style`` of a text drawing: ``braille`` (the default) or none.
    **options
        The solver's options (``seed`` for ``tremaux``).

    Raises
    ------
    UnsupportedError
        For a GIF drawing (the message says what to use), a text style but braille, or a PNG without ``out``.

    Examples
    --------
    >>> from tremaux.cli.grid_cmds import render_grid_file
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import files, generate_on, make_grid
    >>> d = Path(tempfile.mkdtemp())
    >>> files.save(generate_on(make_grid("hex", size=(3, 4)), seed=1).maze, d / "m.json")
    >>> render_grid_file(d / "m.json", "png", d / "m.png", "tremaux", False, None)
    >>> (d / "m.png").read_bytes()[1:4]
    b'PNG'
    """
    from ..grids import solve_on, to_png, to_svg

    maze = load_grid(path, interpret=True)
    kind = fmt.lstrip(".").lower()
    if kind == "gif":
        from ..grids.grid import article

        raise UnsupportedError(f"{article(maze.grid.name)} {maze.grid.name} maze is animated with "
                               f"`tremaux animate {path} --out FILE.gif`")
    from ..grids.draw import _check_picture

    if kind not in ("svg", "png"):  # a text drawing: braille, the one every grid has
        from .grid_files import check_braille

        check_braille(maze.grid, text_style, heat, cell_size)
    else:
        _check_picture(maze.grid, "an SVG" if kind == "svg" else "a PNG", svg=kind == "svg")  # before the run
    style = _cell_style(cell_size, maze.grid)
    sol = solve_on(maze, solver, start=start, goal=goal, record=True, **options) if solver else None
    if sol is not None:
        from .verdicts import say_no_path

        say_no_path(sol, _ends(maze, start, goal))
    if kind == "svg":
        data: bytes | str = to_svg(maze, solution=sol, style=style, heat=heat)
    elif kind == "png":
        data = to_png(maze, solution=sol, style=style, heat=heat)
    else:
        from ..grids.braille import to_braille

        data = to_braille(maze, solution=sol) + ("\n" if out is not None else "")  # a text file ends its line
    if out is not None:
        from .._write import write_file

        write_file(out, data)
        typer.echo(f"wrote {shown(out)}", err=True)
    elif isinstance(data, str):
        typer.echo(data)
    else:
        raise UnsupportedError("png is a binary picture; give a file with --out (or --out - for the standard output)")


def _cell_style(cell_size: int | None, grid: Any = None) -> Any:
    """The drawing style of ``--cell-size`` (``None``: the default sizes); a picture of ``grid`` over
    :data:`tremaux.render.geometry.MAX_SIDE` pixels a side refused, as a square maze's is."""
    from ..grids import Style
    from ..render.geometry import MAX_SIDE

    if cell_size is None:
        return None
    if cell_size < 1:
        raise TremauxError(f"cell_size {cell_size} is too small; it must be at least 1")
    style = Style(cell=float(cell_size))
    x0, y0, x1, y1 = (0, 0, 0, 0) if grid is None else grid.geometry().bounds
    span = max(x1 - x0, y1 - y0)
    if span * cell_size + 2 * style.margin > MAX_SIDE:
        raise TremauxError(f"a picture of about {span * cell_size + 2 * style.margin:,.0f} pixels a side (cell_size {cell_size:,}) is "
                           f"over the largest drawn, {MAX_SIDE:,} pixels a side: give cell_size at most "
                           f"{max(1, int((MAX_SIDE - 2 * style.margin - 1) / span)):,} for this maze")
    return style


def animate_grid(*, maze: Any = None, grid_options: dict[str, Any] | None, generator: str | None, solver: str | None,
                 seed: int | None, braid: float, start: tuple[int, ...] | None, goal: tuple[int, ...] | None,
                 out: Path, frames: int, frame_ms: int, cell_size: int | None, fmt: str | None = None,
                 options: dict[str, Any] | None = None) -> None:
    """``tremaux animate`` on any grid: replay a generator (``--grid ... --generator``) or a solver (file or grid).

    Parameters
    ----------
    maze : pathlib.Path, optional
        A grid maze file whose solving is animated.
    grid_options : dict or None
        The keywords of :func:`build_grid` when a maze is generated instead.
    generator, solver : str or None
        What to replay: the generator alone, or the solver (``tremaux`` by default) on the maze.
    seed : int or None
        The generator's seed; with a maze file, the solver's (``tremaux``: its random choice).
    braid : float
        The generator's share of dead ends opened into loops.
    start, goal : tuple of int or None
        The solver's end points (default: the maze's); without a solver, ``start`` is where the generator starts.
    out : pathlib.Path
        ``.gif`` or ``.svg``.
    frames, frame_ms : int
        Frame budget and milliseconds per frame.
    cell_size : int or None
        Pixels per cell.
    fmt : str, optional
        The animation's format (``"gif"`` or ``"svg"``); by default ``out``'s extension picks it.
    options : dict, optional
        The generator's options (``-O KEY=VALUE``).

    Raises
    ------
    UnsupportedError
        With neither a file nor grid options, or with both a file and a generator.

    Examples
    --------
    >>> from tremaux.cli.grid_cmds import animate_grid
    >>> import tempfile
    >>> from pathlib import Path
    >>> out = Path(tempfile.mkdtemp()) / "hex.svg"
    >>> animate_grid(grid_options=dict(grid="hex", size="3x4", rings=None, shape=None, radius=None, side=None,
    ...              wrap=None, weave=None), generator="wilson", solver=None, seed=1, braid=0.0, start=None,
    ...              goal=None, out=out, frames=10, frame_ms=50, cell_size=None)
    >>> "<set " in out.read_text()
    True
    """
    from ..grids import generate_on, solve_on
    from ..grids.animate import check_animation_size, save_animation

    if maze is None and grid_options is None:
        raise UnsupportedError("animate needs a maze FILE, or --generator with --grid")
    if maze is not None and generator is not None:
        raise UnsupportedError("give a maze FILE to solve, or --generator NAME to make one, not both")
    if maze is not None:
        obj = maze = load_grid(maze)
        check_animation_size(maze.size)  # before the run to replay
    else:
        g = build_grid(**grid_options, refuse=check_animation_size)
        for name, cell in (("start", start), ("goal", goal)):  # refused before the maze is made
            if cell is not None:
                g.index(cell, name)
        check_animation_size(g.size)
        obj = generate_on(g, generator or "backtracker", seed=seed, braid=braid, record=solver is None,
                          start=start if solver is None else None, weave=grid_options.get("weave"), **(options or {}))
        maze = obj.maze
    style = _cell_style(cell_size, maze.grid)  # before the run
    if solver is not None or generator is None:
        walk = {"seed": seed} if seed is not None and generator is None else {}  # a file's seed: the solver's
        obj = solve_on(maze, solver or "tremaux", start=start, goal=goal, record=True, **walk)
        from .verdicts import say_no_path

        say_no_path(obj, _ends(maze, start, goal))
    save_animation(obj, out, format=fmt, frames=frames, frame_ms=frame_ms, style=style)
    typer.echo(f"wrote {shown(out)}", err=True)
