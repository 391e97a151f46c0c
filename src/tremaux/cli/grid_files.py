"""``solve`` and ``info``/``stats`` of a maze file on a polar, hex, ... grid (the command-line side)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from .output import shown

from ..errors import UnsupportedError
from .sources import load_grid


def _label(g: Any) -> str:
    """The grid's name for messages: ``hex``, ``square (torus)``, ``square woven``."""
    return g.name + (f" ({g.params['wrap']})" if "wrap" in g.params else "") + (" woven" if "weave" in g.params else "")


def solve_grid_file(path: str, algorithm: str, start: tuple[int, ...] | None, goal: tuple[int, ...] | None,
                    as_json: bool, out: Path | None, fmt: str | None = None, **options: Any) -> bool:
    """``tremaux solve`` for a maze saved on a polar, hex, ... grid: its braille drawing with the path and the path
    as cells (or JSON), and a picture.

    Parameters
    ----------
    path : str
        The grid maze file.
    algorithm : str
        The solver.
    start, goal : tuple of int or None
        The end cells; ``None`` for the maze's default ones.
    as_json : bool
        Print JSON instead of the drawing and the cells.
    out : pathlib.Path or None
        Also draw the solution to this ``.svg`` or ``.png`` (``/dev/stdout``: instead of printing the cells).
    fmt : str, optional
        ``svg`` or ``png`` (``--format``), else the extension of ``out`` says.
    **options
        The solver's options (``seed`` for ``tremaux``), as :func:`tremaux.grids.solve_on` takes them.

    Returns
    -------
    bool
        Whether a path was found (none: no cells printed, ``no path from ...`` on stderr).

    Raises
    ------
    UnsupportedError
        For a picture file of another extension.

    Examples
    --------
    >>> from tremaux.cli.grid_files import solve_grid_file
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import make_grid, generate_on, files
    >>> path = Path(tempfile.mkdtemp()) / "hex.json"
    >>> files.save(generate_on(make_grid("hex", shape="hexagon", radius=2), "wilson", seed=4).maze, path)
    >>> solve_grid_file(str(path), "bfs", None, None, False, None)  # doctest: +ELLIPSIS
    ⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⢀⠖⠒⠒⠒⠒⡄⠀⠀⠀...
    0,1 1,1 2,2 3,2 2,1 3,1 4,2
    True
    """
    import json

    from ..grids import save_picture, solve_on
    from .verdicts import verdict

    from ..io.outputs import output_format

    maze = load_grid(path, interpret=True)
    if out is not None and out.is_dir():
        from .output import check_folder

        check_folder(out)  # `--out pictures/`: a folder, said as such
    from ..grids.grid import article

    fmt = None if out is None else output_format(  # refused before the run, not after it
        out, fmt, accepts=("png", "svg"), writer=f"tremaux solve on {article(maze.grid.name)} {maze.grid.name} maze",
        hint=f"`tremaux animate {path} --out FILE.gif` replays the run")
    if fmt is not None:  # a picture over the limits: refused before the run, not after it
        from ..grids.draw import _check_picture

        _check_picture(maze.grid, "an SVG" if fmt == "svg" else "a PNG", svg=fmt == "svg")
    from ..solvers import SOLVERS

    from .runtime import announce

    announce(maze.size, f"solving {path} with {SOLVERS.get(algorithm).name}")
    sol = solve_on(maze, algorithm, start=start, goal=goal, record=out is not None, **options)  # Tremaux: marks drawn
    ends = _ends(maze, start, goal)
    if as_json:  # the square maze's fields (Solution.to_dict), with the grid's name
        from ._stream import echo_json

        echo_json({"algorithm": sol.algorithm, "grid": maze.grid.name, "found": sol.found,
                               "start": [int(x) for x in ends[0]], "goal": [int(x) for x in ends[1]],
                               "length": sol.length,  # deprecated: the path's cells; read solution_length
                               "path": (list(maze.grid.cell(int(i))) for i in sol.path),  # written in slices
                               "solution_length": sol.length - 1 if sol.found else None,
                               "visited": int(sol.visited.sum()), "steps": sol.steps,
                               "message": sol.message,  # and Tremaux's marks, per cell and side
                               **({} if sol.marks is None else {"marks": sol.marks})})
    else:
        if out is None or str(out) != "/dev/stdout":  # else the picture goes there
            _echo_drawing(maze, sol)  # as the square maze's drawing is printed, then the cells
            if sol.found:
                typer.echo(" ".join(f"{r},{c}" for r, c in sol.cells))
        typer.echo(verdict(sol.algorithm, sol.message, sol.found, *ends), err=True)
    if out is not None:
        save_picture(maze, out, solution=sol, format=fmt)
        typer.echo(f"wrote {shown(out)}", err=True)
    return sol.found


def _ends(maze: Any, start: tuple[int, ...] | None, goal: tuple[int, ...] | None) -> list[tuple[int, ...]]:
    """The start and goal cells of a run on ``maze`` (``None``: the maze's own)."""
    return [maze.grid.cell(maze.grid.index(c) if c else i) for c, i in ((start, maze.start_index), (goal, maze.goal_index))]


def grid_stats_text(path: Path, as_json: bool) -> str:
    """``tremaux stats`` for a grid maze file: the measures of a square maze's, by the same names (text or JSON).

    Parameters
    ----------
    path : pathlib.Path
        The grid maze file.
    as_json : bool
        JSON instead of the aligned table; beside ``grid`` it holds ``wrap`` (``cylinder``, ``torus`` or
        ``moebius``; ``null`` when the edges are not joined) and ``weave`` (true for a woven maze).

    Returns
    -------
    str
        The measures, one per line (or a JSON object).

    Examples
    --------
    >>> from tremaux.cli.grid_files import grid_stats_text
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import make_grid, generate_on, files
    >>> path = Path(tempfile.mkdtemp()) / "hex.json"
    >>> files.save(generate_on(make_grid("hex", shape="hexagon", radius=2), "wilson", seed=4).maze, path)
    >>> print(grid_stats_text(path, False))
                grid  hex
               cells  19
            passages  18
          components  1
    ...
       start to goal  6 (0, 1) - (4, 2)
    ...
    """
    import json

    from ..grids import grid_stats

    from .runtime import announce

    maze = load_grid(path)
    announce(maze.size, f"measuring {path}")
    s = grid_stats(maze)
    if as_json:  # the grid's wrap (torus...) and weave beside its name, as the table's "square (torus)" says
        measures = s.as_dict()
        return json.dumps({"grid": measures.pop("grid"), "wrap": maze.grid.params.get("wrap"),
                           "weave": bool(maze.grid.params.get("weave", False)), **measures})
    from .output import property_lines  # the table of the square grid's stats, with the same labels

    return property_lines([("grid", _label(maze.grid)), *s.rows()])


def _echo_drawing(maze: Any, sol: Any) -> None:
    """Print the braille drawing of ``maze`` with the path of ``sol``; a maze too wide for the terminal is said
    so on stderr in one line (the cells are printed all the same)."""
    from ..grids.braille import fit_cell, text_columns, to_braille

    try:
        fit_cell(maze.grid, text_columns())
    except UnsupportedError as e:
        return typer.echo(f"note: no drawing: {e}", err=True)
    typer.echo(to_braille(maze, solution=sol))


def check_braille(grid: Any, style: str | None, heat: bool = False, cell_size: int | None = None) -> None:
    """Refuse, before the maze is drawn, what a braille text drawing of a maze on ``grid`` cannot show.

    Parameters
    ----------
    grid : Grid
        The maze's grid (other than the plain square one).
    style : str or None
        ``--style``: ``braille`` or none (the other styles draw the square's lines).
    heat : bool, default False
        ``--heat``: distances have no room in braille.
    cell_size : int or None
        ``--cell-size``: for pictures.

    Raises
    ------
    UnsupportedError
        For another style, ``--heat`` or ``--cell-size``, or a maze too wide for the terminal.

    Examples
    --------
    >>> from tremaux.cli.grid_files import check_braille
    >>> from tremaux.grids import make_grid
    >>> check_braille(make_grid("hex", size=(3, 3)), None)
    >>> check_braille(make_grid("hex", size=(3, 3)), "unicode")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: a hex maze is drawn in text with --style braille (ascii, unicode and block ...
    """
    from ..grids.braille import fit_cell, text_columns
    from ..grids.draw import _check_picture
    from ..grids.grid import article

    label = _label(grid)
    if style is not None and style.strip().lower() != "braille":
        raise UnsupportedError(f"{article(label)} {label} maze is drawn in text with --style braille (ascii, unicode "
                               "and block draw square mazes), or as a picture (.svg, .png)")
    if heat:
        raise UnsupportedError("--heat writes distances into the cells; a braille drawing has no room for them: "
                               "draw a picture (--out FILE.svg or FILE.png)")
    if cell_size is not None:
        raise UnsupportedError("--cell-size is for pictures (png, svg, gif); a text drawing fits the terminal's width")
    _check_picture(grid, "a text drawing")
    fit_cell(grid, text_columns())
