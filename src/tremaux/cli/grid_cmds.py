"""``tremaux generate --grid ...``: mazes on polar, hex, triangle, upsilon, zeta, wrapped and woven grids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..errors import TremauxError, UnsupportedError

__all__ = ["build_grid", "render_grid_file", "show_grid_file", "animate_grid", "generate_on_grid", "grids_of", "is_grid_file", "solve_grid_file", "grid_stats_text"]


def grids_of(entry: Any) -> str:
    """Which grids a generator runs on, for ``tremaux generate --list``."""
    grids = entry.meta.get("grids", "any")
    text = "any grid" if grids == "any" else ", ".join(grids) + " only"
    return text + (", woven too" if entry.meta.get("weave") else "")


def build_grid(*, mask: Any = None, grid: str | None, size: str | None, rings: int | None, shape: str | None,
               radius: int | None, side: int | None, wrap: str | None, weave: float | None) -> Any:
    """The grid the ``--grid``, ``--size``, ``--rings``... options describe (defaults as ``tremaux generate``)."""
    from ..grids import make_grid
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
    return make_grid(name, **params)


def generate_on_grid(*, mask: Any = None, grid: str | None, size: str | None, rings: int | None, shape: str | None,
                     radius: int | None, side: int | None, wrap: str | None, weave: float | None,
                     algorithm: str, seed: int | None, start: tuple[int, ...] | None, braid: float,
                     options: dict[str, str], stats: bool, out: Path | None, to: str | None,
                     islands: int = 0) -> None:
    """Build the grid, generate, then print (square grids) or save the maze, its picture or its animation."""
    from ..grids import files, generate_on, save_picture
    from ..grids.animate import save_animation

    g = build_grid(mask=mask, grid=grid, size=size, rings=rings, shape=shape, radius=radius, side=side, wrap=wrap,
                   weave=weave)
    animate = out is not None and to is None and out.suffix.lower() == ".gif" and not (g.name == "square" and g.rect)
    options = {**options, **({"islands": islands} if islands else {})}
    run_all = generate_on(g, algorithm, seed=seed, start=start, braid=braid, weave=weave, record=animate, **options)
    if animate:
        maze, run = run_all.maze, run_all.stats
        if stats:
            typer.echo(str(run))
        save_animation(run_all, out)
        typer.echo(f"wrote {out}", err=True)
        return
    maze, run = run_all
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
        raise UnsupportedError(f"a {g.name} maze is saved as .svg or .png (a picture), .gif (its carving) or .json "
                               f"or .npz (the maze), not {out.name!r}")
    typer.echo(f"wrote {out}", err=True)


def is_grid_file(path: str) -> bool:
    """True when ``path`` names a saved maze on a grid other than the plain square one."""
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
    """``tremaux solve`` for a maze saved on a polar, hex, ... grid: the path as cells (or JSON), and a picture."""
    import json

    from ..grids import files, save_picture, solve_on

    maze = files.load(path)
    sol = solve_on(maze, algorithm, start=start, goal=goal, record=out is not None)  # Tremaux: its marks drawn
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
    """``tremaux stats`` for a grid maze file: dead ends, diameter, solution length, river (text or JSON)."""
    import json

    from ..grids import files, grid_stats

    s = grid_stats(files.load(path))
    if as_json:
        return json.dumps(s.as_dict())
    return "\n".join(f"{k.replace('_', ' '):>20}  {v:.3f}" if isinstance(v, float) else f"{k.replace('_', ' '):>20}  {v}"
                     for k, v in s.as_dict().items())


def render_grid_file(path: Path, fmt: str, out: Path | None, solver: str | None, heat: bool,
                     cell_size: int | None) -> None:
    """``tremaux render`` for a maze saved on a polar, hex, ... grid: SVG (to stdout or a file) or PNG.

    A solution drawn by Tremaux's traveler shows its marks on the passages (once, twice).
    """
    from ..grids import Style, files, solve_on, to_png, to_svg

    maze = files.load(path)
    sol = solve_on(maze, solver, record=True) if solver else None
    style = Style(cell=float(cell_size)) if cell_size else None
    kind = fmt.lstrip(".").lower()
    if kind == "svg":
        data: bytes | str = to_svg(maze, solution=sol, style=style, heat=heat)
    elif kind == "png":
        data = to_png(maze, solution=sol, style=style, heat=heat)
    elif kind == "gif":
        raise UnsupportedError(f"a {maze.grid.name} maze is animated with `tremaux animate {path} --out FILE.gif`")
    else:
        raise UnsupportedError(f"text drawings are for square grids only; draw this {maze.grid.name} maze as svg "
                               "or png (--format svg, or --out FILE.svg / FILE.png)")
    if out is not None:
        out.write_bytes(data) if isinstance(data, bytes) else out.write_text(data, encoding="utf-8")
        typer.echo(f"wrote {out}", err=True)
    elif isinstance(data, str):
        typer.echo(data)
    else:
        raise UnsupportedError("png is a binary picture; give a file with --out")


def show_grid_file(path: Path, style: str) -> None:
    """``tremaux show`` for a grid maze file: the text drawing of a plain square one, else a clear refusal."""
    from .. import io as maze_io
    from ..grids import files

    maze = files.load(path)
    g = maze.grid
    if g.name != "square" or "wrap" in g.params or "weave" in g.params:
        label = g.name + (f" ({g.params['wrap']})" if "wrap" in g.params else "") + (" woven" if "weave" in g.params
                                                                                     else "")
        raise UnsupportedError(f"text drawings are for square grids only; {path} holds a {label} maze: draw it with "
                               f"`tremaux render {path} --out maze.svg`")
    square = maze.to_maze()
    if style.strip().lower() == "unicode":
        from ..render import to_text

        typer.echo(to_text(square, style="unicode"))
    else:
        typer.echo(maze_io.dumps(square, style))


def animate_grid(*, maze: Any = None, grid_options: dict[str, Any] | None, generator: str | None, solver: str | None,
                 seed: int | None, braid: float, start: tuple[int, ...] | None, goal: tuple[int, ...] | None,
                 out: Path, frames: int, frame_ms: int, cell_size: int | None) -> None:
    """``tremaux animate`` on any grid: replay a generator (``--grid ... --generator``) or a solver (file or grid)."""
    from ..grids import Style, files, generate_on, solve_on
    from ..grids.animate import save_animation

    if maze is None and grid_options is None:
        raise UnsupportedError("animate needs a maze FILE, or --generator with --grid")
    if maze is not None and generator is not None:
        raise UnsupportedError("give a maze FILE to solve, or --generator NAME to make one, not both")
    if maze is not None:
        obj = maze = files.load(maze)
    else:
        g = build_grid(**grid_options)
        obj = generate_on(g, generator or "backtracker", seed=seed, braid=braid, record=solver is None)
        maze = obj.maze
    if solver is not None or generator is None:
        obj = solve_on(maze, solver or "tremaux", start=start, goal=goal, record=True)
    save_animation(obj, out, frames=frames, frame_ms=frame_ms,
                   style=Style(cell=float(cell_size)) if cell_size else None)
    typer.echo(f"wrote {out}", err=True)
