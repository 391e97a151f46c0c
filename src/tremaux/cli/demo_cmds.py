"""``tremaux demo``: the main job: generate, solve with Tremaux's algorithm, print, draw."""

from __future__ import annotations

from pathlib import Path

import typer

from .app import SeedOption, app, parse_size


@app.command()
def demo(
    size: str = typer.Option("12x20", "--size", help="Maze size as HxW."),
    algorithm: str = typer.Option("backtracker", "--algorithm", "-a", help="Generator name (see `tremaux generate --list`)."),
    solver: str = typer.Option("tremaux", "--solver", help="Solver name (see `tremaux solve --list`)."),
    braid: float = typer.Option(0.3, "--braid", help="Share of dead ends opened into loops (0..1)."),
    seed: int = typer.Option(1, "--seed", help="Random seed; the same seed gives the same maze."),
    out: Path = typer.Option(Path("tremaux-demo.png"), "--out", help="Picture to write (.png, .svg or .gif)."),
) -> None:
    """Generate a maze, solve it with Tremaux's algorithm, print it and write a picture."""
    from .. import generate, render, solve

    maze, stats = generate(parse_size(size), algorithm, seed=seed, braid=braid)
    solution = solve(maze, solver, record=out.suffix.lower() == ".gif")
    typer.echo(render.to_text(solution, style="unicode"))
    typer.echo(f"{solution.algorithm}: {solution.message}", err=True)
    render.save(solution, out)
    typer.echo(f"wrote {out}", err=True)
