"""``tremaux numberlink``: solve, generate and check Number Link puzzles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from .app import JsonOption, SeedOption, app, existing_file, parse_size

nl_app = typer.Typer(name="numberlink", help="Number Link puzzles: solve, generate, check.", no_args_is_help=True)
app.add_typer(nl_app, name="numberlink")

RuleOption = typer.Option("fill", "--rule", help="fill: every cell covered (the paper's); nikoli: cells may stay empty.")
TouchOption = typer.Option(None, "--touch/--no-touch",
                           help="Whether a line may run beside itself. Default: --no-touch (the convention puzzle "
                                "makers use) for --unique, --count, --all, check and generate; --touch for a plain "
                                "solve.")
TimeLimitOption = typer.Option(None, "--time-limit", help="Seconds per puzzle before giving up (default 60).")
OutOption = typer.Option(None, "--out", help="Write a picture (.svg, .png, .txt); several puzzles get -1, -2... suffixes.")


def _out_path(out: Path, i: int, n: int) -> Path:
    return out if n == 1 else out.with_name(f"{out.stem}-{i + 1}{out.suffix}")


def _show(drawn, numbers: bool = False) -> None:
    """Print a puzzle or (puzzle, linking): coloured box drawing, or the grid of numbers."""
    from rich.console import Console

    from ..numberlink.draw import numbers_text, to_rich

    if numbers:
        typer.echo(numbers_text(drawn))
    else:
        Console(highlight=False, soft_wrap=True).print(to_rich(drawn))


@nl_app.command("solve")
def solve_cmd(
    file: Path = typer.Argument(..., help="Puzzle file (grid, contest or 'W H' format; several puzzles allowed)."),
    solver: str = typer.Option("fast", "--solver", help="fast (exact: quick verdicts, search, SAT) or tremaux "
                                                        "(the paper's traveler)."),
    rule: str = RuleOption,
    touch: Optional[bool] = TouchOption,
    unique: bool = typer.Option(False, "--unique", help="Prove the solution unique or show a second one."),
    count: Optional[int] = typer.Option(None, "--count", help="Count solutions, up to this limit."),
    all_: bool = typer.Option(False, "--all", help="List every solution (up to --count, default 1000)."),
    time_limit: Optional[float] = TimeLimitOption,
    max_steps: Optional[int] = typer.Option(None, "--max-steps", help="Step budget of the tremaux traveler."),
    numbers: bool = typer.Option(False, "--numbers", help="Print the grid of numbers (as the paper) instead of lines."),
    out: Optional[Path] = OutOption,
    as_json: bool = typer.Option(False, "--json", help="Print JSON on stdout: status, grid, and each line's cells "
                                                       "in order."),
) -> None:
    """Solve every puzzle in FILE and draw the lines (60 s per puzzle unless --time-limit says otherwise)."""
    from ..errors import PuzzleError
    from ..numberlink import solve_file
    from ..numberlink.draw import save
    from ..numberlink.solvers import DEFAULT_LIMIT

    limit = count if count else (DEFAULT_LIMIT if all_ else None)
    results = solve_file(existing_file(file), solver, rule=rule, touch=touch, unique=unique, count=limit,
                         time_limit=time_limit, max_steps=max_steps)
    if len(results) == 1 and results[0].status == "invalid":
        raise PuzzleError(results[0].message)
    for i, r in enumerate(results):
        if out is not None and r.puzzle is not None:
            save(r, _out_path(out, i, len(results)))
        if as_json:
            continue
        name = r.name or file.stem
        if r.status == "invalid":
            typer.echo(f"error: {name}: {r.message}", err=True)
            continue
        typer.echo(f"{name}: {r.status}: {r.message} ({r.seconds * 1000:.1f} ms)", err=True)
        for lk in (r.solutions if all_ else r.solutions[:1]) or [None]:
            _show(r.puzzle if lk is None else (r.puzzle, lk), numbers and lk is not None)
    if as_json:
        typer.echo(json.dumps([r.to_dict(all_solutions=all_) for r in results]))
    invalid = any(r.status == "invalid" for r in results)
    raise typer.Exit(2 if invalid else 0 if all(r.status == "solved" for r in results) else 1)


@nl_app.command("generate")
def generate_cmd(
    size: str = typer.Option("10x10", "--size", help="Rows x columns, e.g. 15x20."),
    seed: Optional[int] = SeedOption,
    rule: str = RuleOption,
    touch: Optional[bool] = TouchOption,
    time_limit: Optional[float] = typer.Option(None, "--time-limit", help="Seconds for each uniqueness check."),
    fmt: str = typer.Option("grid", "--format", help="Puzzle text format: grid, contest or wh."),
    solution: bool = typer.Option(False, "--solution", help="Also draw the solution."),
    out: Optional[Path] = OutOption,
    as_json: bool = JsonOption,
) -> None:
    """Generate a proper puzzle (exactly one solution under RULE), reproducible from --seed."""
    from ..numberlink import dumps, generate_puzzle
    from ..numberlink.draw import save

    options = {} if touch is None else {"touch": touch}
    g = generate_puzzle(parse_size(size)[-2:], rule=rule, seed=seed, time_limit=time_limit, **options)
    drawn = (g.puzzle, g.solution) if solution else g.puzzle
    if out is not None:
        if out.suffix.lower() in (".svg", ".png"):
            save(drawn, out)
        else:
            out.write_text(dumps(g.puzzle, fmt), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps({"size": list(g.puzzle.shape), "pairs": g.puzzle.pairs, "rule": g.rule, "seed": seed,
                               "puzzle": dumps(g.puzzle, fmt), "grid": g.solution.grid.tolist()}))
    else:
        typer.echo(dumps(g.puzzle, fmt), nl=False)
        if solution:
            _show(drawn)
    h, w = g.puzzle.shape
    typer.echo(f"generated a {h}x{w} puzzle with {g.puzzle.pairs} pairs, proper under {g.rule}, in {g.seconds:.2f} s",
               err=True)


@nl_app.command("check")
def check_cmd(
    file: Path = typer.Argument(..., help="Puzzle file."),
    rule: str = RuleOption,
    touch: Optional[bool] = TouchOption,
    time_limit: Optional[float] = TimeLimitOption,
    as_json: bool = JsonOption,
) -> None:
    """Say whether each puzzle in FILE is proper (exactly one solution) and, if not, why (lines never run beside
    themselves unless --touch)."""
    from ..numberlink import check_file

    from ..errors import PuzzleError

    verdicts = check_file(existing_file(file), rule, touch=touch, time_limit=time_limit)
    if len(verdicts) == 1 and verdicts[0].verdict == "invalid":
        raise PuzzleError(verdicts[0].reasons[0])
    if as_json:
        typer.echo(json.dumps([d.to_dict() for d in verdicts]))
    else:
        for d in verdicts:
            typer.echo(str(d) if d.name else f"{file.name}: {d}")
    raise typer.Exit(0 if all(d.proper for d in verdicts) else 1)
