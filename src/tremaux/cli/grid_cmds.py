"""``tremaux generate --grid ...``: mazes on polar, hex, triangle, upsilon, zeta, wrapped and woven grids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..errors import TremauxError, UnsupportedError

__all__ = ["generate_on_grid", "grids_of", "is_grid_file", "solve_grid_file", "grid_stats_text"]


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
    >>> from tremaux.generators import GENERATORS
    >>> grids_of(GENERATORS.get("kruskal")), grids_of(GENERATORS.get("eller"))
    ('any grid, woven too', 'square only')
    """
    grids = entry.meta.get("grids", "any")
    text = "any grid" if grids == "any" else ", ".join(grids) + " only"
    return text + (", woven too" if entry.meta.get("weave") else "")


def generate_on_grid(*, mask: Any = None, grid: str | None, size: str | None, rings: int | None, shape: str | None,
                     radius: int | None, side: int | None, wrap: str | None, weave: float | None,
                     algorithm: str, seed: int | None, start: tuple[int, ...] | None, braid: float,
                     options: dict[str, str], stats: bool, out: Path | None, to: str | None) -> None:
    """Build the grid, generate, then print (square grids) or save the maze or its picture.

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
        Save the maze (``.json``, ``.npz``) or its picture (``.svg``, ``.png``) there.
    to : str or None
        The file format (``--format``).

    Raises
    ------
    TremauxError
        For a size with levels on a grid other than the square one.
    UnsupportedError
        For printing a maze that is not square, or a file format the grid's mazes are not saved in.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> out = Path(tempfile.mkdtemp()) / "hex.json"
    >>> generate_on_grid(grid="hex", size=None, rings=None, shape="hexagon", radius=2, side=None, wrap=None,
    ...                  weave=None, algorithm="wilson", seed=4, start=None, braid=0.0, options={}, stats=False,
    ...                  out=out, to=None)
    >>> out.exists()
    True
    """
    from ..grids import files, generate_on, make_grid, save_picture
    from .app import parse_size

    name = grid or "square"
    polar = name in ("polar", "theta", "circle", "circular")
    dims = None
    if size is not None:
        dims = parse_size(size)
        if len(dims) != 2:
            raise TremauxError(f"--size {size} must be HxW on a {name} grid (levels are for the square maze only)")
    if dims is None and mask is not None and not polar:
        dims = tuple(mask.shape)
    if dims is None and not polar and not (radius or side):
        dims = (10, 20)
    params = {"size": dims, "rings": rings, "shape": shape, "radius": radius, "side": side, "wrap": wrap,
              "weave": True if weave is not None else None, "mask": mask}
    if polar and rings is None:
        params["rings"] = 10
    g = make_grid(name, **params)
    maze, run = generate_on(g, algorithm, seed=seed, start=start, braid=braid, weave=weave, **options)
    if stats:
        typer.echo(str(run))
    if g.name == "square" and g.rect:  # the plain square grid: every format of the square maze
        from .app import save_output

        if out is None:
            typer.echo(str(maze.to_maze()))
        else:
            save_output(maze.to_maze(), out, to)
        return
    if out is None:
        raise UnsupportedError(f"text drawings are for square grids only; save this {g.name} maze with --out "
                               "(.svg or .png for a picture, .json or .npz for the maze)")
    suffix = out.suffix.lower()
    fmt = (to or suffix.lstrip(".")).lower()
    if fmt in ("svg", "png") and to is None:
        save_picture(maze, out)
    elif fmt in ("json", "npz"):
        if to is not None and suffix != f".{fmt}":
            raise UnsupportedError(f"--format {to} needs a .{fmt} file name for a {g.name} maze")
        files.save(maze, out)
    else:
        raise UnsupportedError(f"a {g.name} maze is saved as .svg or .png (a picture) or .json or .npz (the maze), "
                               f"not {out.name!r}")
    typer.echo(f"wrote {out}", err=True)


def is_grid_file(path: str) -> bool:
    """True when ``path`` names a saved maze on a grid other than the plain square one.

    Parameters
    ----------
    path : str
        A file name (``-`` for standard input is never one).

    Returns
    -------
    bool
        Whether the file holds a maze on another grid.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import make_grid, generate_on, files
    >>> path = Path(tempfile.mkdtemp()) / "hex.json"
    >>> files.save(generate_on(make_grid("hex", shape="hexagon", radius=2), "wilson", seed=4).maze, path)
    >>> is_grid_file(str(path))
    True
    """
    from ..grids.files import is_grid_file as _check

    p = Path(path)
    if not p.is_file():
        return False
    with p.open("rb") as f:
        head = f.read(4096)
    if head[:4] == b"PK\x03\x04":
        head = p.read_bytes() if p.stat().st_size < (1 << 30) else head
    return _check(head)


def solve_grid_file(path: str, algorithm: str, start: tuple[int, ...] | None, goal: tuple[int, ...] | None,
                    as_json: bool, out: Path | None) -> None:
    """``tremaux solve`` for a maze saved on a polar, hex, ... grid: the path as cells (or JSON), and a picture.

    Parameters
    ----------
    path : str
        The grid maze file.
    algorithm : str
        The solver.
    start, goal : tuple of int or None
        The end cells; ``None`` for the maze's default ones.
    as_json : bool
        Print JSON instead of the cells.
    out : pathlib.Path or None
        Also draw the solution to this ``.svg`` or ``.png``.

    Raises
    ------
    UnsupportedError
        For a picture file of another extension.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import make_grid, generate_on, files
    >>> path = Path(tempfile.mkdtemp()) / "hex.json"
    >>> files.save(generate_on(make_grid("hex", shape="hexagon", radius=2), "wilson", seed=4).maze, path)
    >>> solve_grid_file(str(path), "bfs", None, None, False, None)
    0,1 1,0 2,0 2,1 3,1 3,2 4,2
    """
    import json

    from ..grids import files, save_picture, solve_on

    maze = files.load(path)
    sol = solve_on(maze, algorithm, start=start, goal=goal)
    if as_json:
        typer.echo(json.dumps({"algorithm": sol.algorithm, "grid": maze.grid.name, "found": sol.found,
                               "length": sol.length, "steps": sol.steps, "path": [list(c) for c in sol.cells],
                               "message": sol.message}))
    else:
        typer.echo(" ".join(f"{r},{c}" for r, c in sol.cells))
        typer.echo(f"{sol.algorithm}: {sol.message}", err=True)
    if out is not None:
        if out.suffix.lower() not in (".svg", ".png"):
            raise UnsupportedError(f"a {maze.grid.name} maze is drawn to .svg or .png, not {out.name!r}")
        save_picture(maze, out, solution=sol)
        typer.echo(f"wrote {out}", err=True)


def grid_stats_text(path: Path, as_json: bool) -> str:
    """``tremaux stats`` for a grid maze file: dead ends, diameter, solution length, river (text or JSON).

    Parameters
    ----------
    path : pathlib.Path
        The grid maze file.
    as_json : bool
        JSON instead of the aligned table.

    Returns
    -------
    str
        The measures, one per line (or a JSON object).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import make_grid, generate_on, files
    >>> path = Path(tempfile.mkdtemp()) / "hex.json"
    >>> files.save(generate_on(make_grid("hex", shape="hexagon", radius=2), "wilson", seed=4).maze, path)
    >>> print(grid_stats_text(path, False))
                grid  hex
               cells  19
            passages  18
    ...
    """
    import json

    from ..grids import files, grid_stats

    s = grid_stats(files.load(path))
    if as_json:
        return json.dumps(s.as_dict())
    return "\n".join(f"{k.replace('_', ' '):>20}  {v:.3f}" if isinstance(v, float) else f"{k.replace('_', ' '):>20}  {v}"
                     for k, v in s.as_dict().items())
