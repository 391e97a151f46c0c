"""Command ``tremaux solve``: solve a saved maze and print it with its path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import click
import typer

from ..solvers import SOLVERS, explain, solve
from .app import GoalOption, JsonOption, StartOption, app, parse_cell, save_output, wants_animation
from .maze_cmds import load_maze


def _list_solvers() -> None:
    for e in SOLVERS:
        note = "shortest" if e.shortest else "any path"
        typer.echo(f"{e.name:<16} {e.view:<6} {note:<8}  {e.doc}")


@app.command("solve")
def solve_cmd(
    file: Optional[str] = typer.Argument(None, help="Maze file: ascii or block text, .json or .npz ('-' reads stdin)."),
    algorithm: str = typer.Option("bfs", "--algorithm", "-a", help="Solver name (see --list)."),
    start: Optional[str] = StartOption,
    goal: Optional[str] = GoalOption,
    as_json: bool = JsonOption,
    explain_: bool = typer.Option(False, "--explain", help="Print the worklist run step by step (bfs, dfs)."),
    list_: bool = typer.Option(False, "--list", help="List the registered solvers, one per line, and exit."),
    out: Optional[Path] = typer.Option(None, "--out", help="Also draw the solution: .png, .svg, or .gif (replays the run)."),
) -> None:
    """Solve a maze and print it with its path (or --json, or --explain the run)."""
    if list_:
        return _list_solvers()
    if file is None:
        raise click.UsageError("missing the maze FILE to solve (or --list)")
    from .grid_cmds import is_grid_file, solve_grid_file

    if file != "-" and is_grid_file(file):  # a maze on a polar, hex, ... grid
        return solve_grid_file(file, algorithm, parse_cell(start, "start"), parse_cell(goal, "goal"), as_json, out)
    sol = solve(load_maze(file), algorithm, start=parse_cell(start, "start"), goal=parse_cell(goal, "goal"),
                record=explain_ or wants_animation(out))
    if as_json:
        typer.echo(json.dumps(sol.to_dict()))
    elif explain_:
        typer.echo(explain(sol))
    else:
        from ..render import to_text

        typer.echo(to_text(sol))
        typer.echo(f"{sol.algorithm}: {sol.message}", err=True)
    if out is not None:
        save_output(sol, out)
