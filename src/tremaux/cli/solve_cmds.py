"""Command ``tremaux solve``: solve a saved maze and print it with its path."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click
import typer

from .output import shown

from ..errors import TremauxError

from .output import check_not_read, check_output, check_replay, check_replay_ahead
from .options import _in_path, check_seed
from .app import (interpret_small_mazes, list_alone, GoalOption, JsonOption, StartOption, announce, app, deprecated, format_option, list_option,
                  out_option, parse_cell, renamed, solver_option)
from .maze_cmds import load_maze
from .verdicts import say_no_path, verdict  # noqa: F401  (say_no_path: where the commands long took it from)


def _list_solvers() -> None:
    from ..solvers import SOLVERS

    for e in SOLVERS:
        note = "shortest" if e.shortest else "any path"
        typer.echo(f"{e.name:<16} {e.view:<6} {note:<8}  {e.doc}")


@app.command("solve")
def solve_cmd(
    ctx: typer.Context,
    path: Optional[Path] = typer.Argument(None, metavar="FILE", show_default=False, parser=_in_path, help="Maze file: ascii or block text, .json, .npz, or a picture of a square maze (.png, .gif, .jpg...) ('-' reads stdin)."),
    solver: Optional[str] = solver_option(None, "Solver (see --list); default bfs."),
    start: Optional[str] = StartOption,
    goal: Optional[str] = GoalOption,
    as_json: bool = JsonOption,
    explain_: bool = typer.Option(False, "--explain", help="Print the worklist run step by step (bfs, dfs)."),
    seed: Optional[int] = typer.Option(
        None, "--seed", metavar="N", callback=check_seed,
        help="Random seed of the solver's choices (tremaux: which unmarked passage to walk down); "
             "default: the fixed order N, E, S, W (on other grids: the order of each cell's sides)."),
    list_: bool = list_option("solvers"),
    out: Optional[Path] = out_option("Also draw the solution: .txt, .png, .svg, or .gif (replays the run); '-' writes "
                                     "it on stdout instead of the drawing, with --format."),
    fmt: Optional[str] = format_option("Format for --out: txt, png, svg or gif (default: from the extension)."),
    algorithm: Optional[str] = deprecated("--algorithm", "-a"),
) -> None:
    """Solve a maze and print it with its path (or --json, or --explain the run)."""
    if list_:
        list_alone(ctx, "solvers")
        return _list_solvers()
    if path is None:
        raise click.UsageError("missing the maze FILE to solve (or --list)")
    file = str(path)
    if as_json and explain_:  # else one of them would be ignored
        raise TremauxError("--json and --explain print two different things; give one of them")
    if fmt is not None and out is None:
        raise TremauxError("--format is the format of --out; give --out FILE (or --out - for the standard output)")
    to_stdout = out is not None and str(out) == "/dev/stdout"
    if to_stdout and (as_json or explain_):  # both would go to the standard output
        raise TremauxError(f"--out - and {'--json' if as_json else '--explain'} both write the standard output; "
                           "give --out a file")
    from .grid_cmds import is_grid_file, solve_grid_file

    is_grid = is_grid_file(file)
    if out is not None:
        check_not_read(out, (path,))
    if out is not None and not is_grid:  # refused before the run, not after it
        fmt = check_output(out, fmt, accepts=("ascii", "png", "svg", "gif"), writer="tremaux solve",
                           hint="--json prints the solution for machines")
    from ..solvers import SOLVERS, explain, solve

    solver = renamed(solver, algorithm, "--algorithm", "--solver") or "bfs"
    options = {} if seed is None else {"seed": seed}
    if is_grid:  # a maze on a polar, hex, ... grid
        if explain_:
            raise TremauxError("--explain is for square mazes; a grid maze is solved without it")
        if not solve_grid_file(file, solver, parse_cell(start, "start"), parse_cell(goal, "goal"), as_json, out, fmt,
                               **options):
            raise typer.Exit(1)  # no path: an answer, not an error (2), as numberlink solve's "no solution"
        return
    interpret_small_mazes()
    maze = load_maze(file)
    if not (as_json or explain_ or to_stdout):
        from ..render import text as render_text

        render_text.check_text_size(maze)  # refuse now what could not be printed after a long run
    name = SOLVERS.get(solver).name
    ends = "".join(f" --{k} {v}" for k, v in (("start", start), ("goal", goal)) if v)
    advice = (f"replay it with fewer frames (`tremaux animate {file} -s {name}{ends} --frames {{frames}} --out {out}`), "
              "or draw a .png")
    if out is not None:  # a picture sure to be over the limit: refused before the run, not after it
        from ..render.output import check_picture

        check_picture(maze, fmt, animation=fmt == "gif")
    if fmt == "gif":  # a replay sure to be over the limit: refused before the recorded run, not after it
        check_replay_ahead(maze, parse_cell(start, "start"), parse_cell(goal, "goal"), 100, advice)
    announce(maze.flat.shape[0], f"solving {file} with {name}")
    sol = solve(maze, solver, start=parse_cell(start, "start"), goal=parse_cell(goal, "goal"),
                record=explain_ or fmt == "gif", **options)
    if fmt == "gif":  # refused before anything is printed, with the command that takes --frames
        check_replay(sol, advice)
    if as_json:
        marks = sol.extras.get("marks")  # Tremaux's traveler: per cell, 0, 1 or 2 marks on each side (N, E, S, W, U, D)
        import dataclasses

        from ._stream import echo_json

        doc = dataclasses.replace(sol, path=sol.path[:0]).to_dict()  # the path and marks written in slices:
        doc.update(path=sol.path, solution_length=sol.length - 1 if sol.found else None)  # as lists: ~130 B a cell
        echo_json(doc if marks is None else {**doc, "marks": marks})
    elif explain_:
        typer.echo(explain(sol))
    else:
        from ..render import to_text

        if not to_stdout:  # else the picture is what goes there
            typer.echo(to_text(sol))
        typer.echo(verdict(sol.algorithm, sol.message, sol.found, sol.start, sol.goal), err=True)
    if out is not None:
        from ..render import save

        save(sol, out, format=fmt)  # the drawing printed above, or a picture of it
        typer.echo(f"wrote {shown(out)}", err=True)
    if not sol.found:
        raise typer.Exit(1)  # no path: an answer, not an error (2), as numberlink solve's "no solution"

