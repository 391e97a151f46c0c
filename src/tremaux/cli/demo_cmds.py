"""``tremaux demo``: the main job: generate, solve with Tremaux's algorithm, print, draw."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .output import shown

from .app import (DEFAULT_GENERATOR, app, deprecated, format_option, generator_option, parse_size, renamed, size_option,
                  solver_option)
from .options import _out_path, check_seed
from .output import check_output, check_replay


@app.command()
def demo(
    size: str = size_option(),
    generator: Optional[str] = generator_option(),
    solver: str = solver_option("tremaux"),
    braid: float = typer.Option(0.3, "--braid", metavar="SHARE", help="Share of dead ends opened into loops (0..1)."),
    seed: int = typer.Option(1, "--seed", metavar="N", callback=check_seed, help="Random seed; the same seed gives the same result."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="FILE", parser=_out_path,
                                       help="Picture to write (.png, .svg, .gif or .txt; default tremaux-demo.png, "
                                            "or the extension of --format); '-' writes it on stdout instead of the "
                                            "drawing, with --format."),
    fmt: Optional[str] = format_option("Format of --out: png, svg, gif or txt (default: from the extension)."),
    algorithm: Optional[str] = deprecated("--algorithm", "-a"),
) -> None:
    """Generate a maze, solve it with Tremaux's algorithm, print it and write a picture.

    The seed makes the maze and, for a solver that chooses (Tremaux's traveler walks down one of the unmarked
    passages at random), its choices: the same seed gives the same walk.
    """
    from .. import generate, render, solve

    generator = renamed(generator, algorithm, "--algorithm", "--generator") or DEFAULT_GENERATOR
    from ..render.output import RENDER_FORMATS

    if out is None:  # --format svg alone writes tremaux-demo.svg
        from ..io.outputs import extension_of, output_format

        named = "png" if fmt is None else output_format(None, fmt, accepts=RENDER_FORMATS, writer="tremaux demo")
        out = Path(f"tremaux-demo{extension_of(named)}")
    fmt = check_output(out, fmt, accepts=RENDER_FORMATS, writer="tremaux demo")  # before the run
    from ..solvers import SOLVERS

    SOLVERS.get(solver)  # an unknown solver is named before the maze is made

    maze, stats = generate(parse_size(size), generator, seed=seed, braid=braid)
    from ..solvers import solver_options

    takes_seed = "seed" in solver_options(solver)  # Tremaux's traveler walks
    solution = solve(maze, solver, record=fmt == "gif", **({"seed": seed} if takes_seed else {}))  # at random
    if fmt == "gif":  # before the maze is printed
        check_replay(solution, "the demo draws 100 frames: give a smaller --size, or write a .png or .svg")
    if str(out) != "/dev/stdout":  # else the picture is what goes there
        typer.echo(render.to_text(solution, style="unicode"))
    from .verdicts import verdict

    typer.echo(verdict(solution.algorithm, solution.message, solution.found, solution.start, solution.goal), err=True)
    render.save(solution, out, format=fmt)
    typer.echo(f"wrote {shown(out)}", err=True)
    if not solution.found:
        raise typer.Exit(1)  # no path: an answer, not an error (2), as tremaux solve gives it
