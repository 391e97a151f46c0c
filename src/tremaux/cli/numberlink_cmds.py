"""``tremaux numberlink``: solve, generate and check Number Link puzzles."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .app import (JsonOption, SeedOption, _Typer, app, count_option, format_option, interpret_small_puzzles,
                  out_option, parse_size, size_option, solver_option, time_limit_option)
from .numberlink_sources import (_each_answer, _file_label, _named_puzzles, _puzzle_sources,
                                 _unreadable_answer, _unreadable_verdict)
from .numberlink_out import (_draw, _is_stdout, _maybe_terminal, _not_the_puzzles, _out_path, _picture_out,
                             _relabelled_note, _text_or_picture, _text_stdout, _writable, _wrote)

nl_app = _Typer(name="numberlink", help="Number Link puzzles: solve, generate, check, convert.", no_args_is_help=True,
                rich_markup_mode=None)
app.add_typer(nl_app, name="numberlink")

RuleOption = typer.Option("fill", "--rule", metavar="NAME",
                          help="fill: every cell covered (the paper's); nikoli: cells may stay empty.")
OutOption = out_option("Also draw the solution: .svg, .png or .txt (which holds every solution shown, as --all "
                       "prints them); several puzzles get -1, -2... suffixes; '-' "
                       "writes it on stdout instead of the drawing, with --format.", dash=False)
TouchOption = typer.Option(None, "--touch/--no-touch",
                           help="Whether a line may run beside itself. Default: --no-touch (the convention puzzle "
                                "makers use) for --unique, --count, --all, check and generate; --touch for a plain "
                                "solve.")

COLOUR_CELLS = 100_000
"""The largest board ``solve`` and ``generate`` print in colour (a few seconds of styling); larger ones are
printed plain."""


def _show(drawn, numbers: bool = False) -> None:
    """Print a puzzle or (puzzle, linking): box drawing (coloured on a terminal), or the grid of numbers.

    Colours are for a terminal only (elsewhere they would be dropped) and for boards of at most
    :data:`COLOUR_CELLS` cells: styling a cell costs far more than drawing it (minutes for millions of cells).
    rich is asked only when the output may be a terminal (:func:`_maybe_terminal`).
    """
    from ..numberlink.draw import numbers_text, to_text

    if numbers:
        typer.echo(numbers_text(drawn))
        return
    if _maybe_terminal():
        from rich.console import Console

        from ..numberlink.draw import to_rich
        from ..numberlink.model import Puzzle

        console = Console(highlight=False, soft_wrap=True)
        puzzle = drawn if isinstance(drawn, Puzzle) else drawn[0]
        if console.is_terminal and console.color_system is not None and puzzle.grid.size <= COLOUR_CELLS:
            console.print(to_rich(drawn))
            return
    typer.echo(to_text(drawn))


@nl_app.command("solve")
def solve_cmd(
    files: list[Path] = typer.Argument(..., metavar="FILE", path_type=str,  # str: a URL keeps its "//"
                                      help="Puzzle files (grid, contest, 'W H', Flow Free text or level pack, BwInf, "
                                           "Copris, endpoint lists, XML, Prolog, a header of counts, '|' rows or tables, "
                                           "'row column label' lines, 'RxC:cells', puzz.link "
                                           "URLs or saved files, the JSON of generate/solve --json or a JSON level; "
                                           "several puzzles allowed), "
                                           "puzz.link URLs, or '-' for stdin; several are read in order, as one file of "
                                           "their puzzles."),
    solver: str = solver_option("fast", "fast (exact: quick verdicts, search, SAT) or tremaux (the paper's traveler)."),
    rule: str = RuleOption,
    touch: Optional[bool] = TouchOption,
    unique: bool = typer.Option(False, "--unique", help="Prove the solution unique or show a second one."),
    count: Optional[int] = count_option("Count solutions, up to this limit."),
    all_: bool = typer.Option(False, "--all", help="List every solution (up to --count, default 1000; at most "
                                                   "1000 are printed, fewer on boards past 1000 cells: a million "
                                                   "cells in all; the others counted)."),
    time_limit: Optional[float] = time_limit_option(None, "Seconds per puzzle before giving up (default 60)."),
    max_steps: Optional[int] = typer.Option(None, "--max-steps", metavar="N", help="Step budget of the tremaux traveler."),
    numbers: bool = typer.Option(False, "--numbers", help="Print the grid of numbers (as the paper) instead of lines."),
    out: Optional[Path] = OutOption,
    fmt: Optional[str] = format_option("Format for --out: txt, png or svg (default: from the extension)."),
    as_json: bool = JsonOption,
) -> None:
    """Solve every puzzle in each FILE and draw the lines (60 s per puzzle unless --time-limit says otherwise).

    --json gives each puzzle's status, grid of numbers and each line's cells in order. Exit status, over every
    puzzle of every FILE: 2 if one could not be read (or a picture written), else 0 if all are solved, else 1."""
    from ..errors import TremauxError
    from ..numberlink import iter_solve_file
    from ..numberlink.solvers import DEFAULT_LIMIT

    limit = count if count is not None else (DEFAULT_LIMIT if all_ else None)
    # only the solutions printed are kept (the others are counted): the first, two for --unique, --all's bound
    keep = min(limit or 1, DEFAULT_LIMIT) if all_ else 2 if unique else 1
    sources = _puzzle_sources(files)
    file = sources[0][0]  # the name the pictures' messages give (the first file)
    source = tuple(src for _, src in sources)
    ext = _picture_out(out, fmt, source)
    to_stdout = _is_stdout(out)
    if to_stdout and (as_json or numbers):
        raise TremauxError(f"--out - and {'--json' if as_json else '--numbers'} both write the standard output; "
                           "give --out a file")
    if as_json and numbers:  # else --numbers would be ignored: the JSON holds the grid of numbers
        raise TremauxError("--json and --numbers print two different things (the JSON holds the grid of numbers); "
                           "give one of them")
    if to_stdout and ext != ".txt" and len(sources) > 1:  # several files: several puzzles
        raise _one_picture(ext, ", ".join(files), several_files=True)
    if to_stdout and ext != ".txt" and not hasattr(source[0], "read"):  # a file read twice: refused before any solve
        from ..numberlink import load_all

        if len(load_all(source[0], errors="keep")) > 1:
            raise _one_picture(ext, file)
    interpret_small_puzzles()
    answers = _each_answer(sources, lambda src: iter_solve_file(src, solver, rule=rule, touch=touch, unique=unique,
                                                               count=limit, time_limit=time_limit,
                                                               max_steps=max_steps, keep=keep),
                          lambda name, message: _unreadable_answer(name, message, solver, rule, touch, unique or limit))
    results: list[Any] = []
    unwritten = False  # a picture that could not be written: said once, the answers still shown
    drawn: list[Path] = []  # the pictures written, said once every answer is known (the first may be renamed)
    firsts: list[str] = []  # puzzles with several solutions shown, whose picture draws the first
    printed = False  # a board printed on the standard output already
    for i, (file, r) in enumerate(answers):  # each answer shown (and drawn) as soon as it is known
        results.append(r)
        target = _out_path(out, i, 1 if i == 0 else 2) if out is not None and not to_stdout else out
        if i == 1 and to_stdout and ext != ".txt":  # two pictures in one stream are no picture (standard input)
            raise _one_picture(ext, file)
        if target is not None and not unwritten:
            try:
                if i == 1 and not to_stdout and out.exists() and results[0].puzzle is not None:  # several puzzles: the first is -1
                    _not_the_puzzles(_out_path(out, 0, 2), out, source)
                    out.replace(_out_path(out, 0, 2))
                if r.puzzle is not None:
                    if not to_stdout:
                        _not_the_puzzles(target, out, source)
                    elif drawn:  # a blank line between two drawings, or their rows would run on as one board
                        typer.echo("")
                    _draw(r, target, ext, _shown(r, all_))
                    drawn.append(target)
                    if ext != ".txt" and _shown(r, all_) > 1 and not to_stdout:
                        firsts.append(r.name or _file_label(file))
            except OSError as exc:
                if to_stdout and isinstance(exc, BrokenPipeError):  # the reader is gone ('| head'): stop, as the
                    _stdout_gone()                                  # printed drawing stops (no error, status 1)
                unwritten = True
                typer.echo(f"error: cannot write {target}: {exc.strerror or exc}", err=True)
        if r.status == "invalid":  # bad input: the house's one-line error, whatever the output
            typer.echo(f"error: {r.message}", err=True)
            continue
        if as_json:
            continue
        typer.echo(f"{r.name or _file_label(file)}: {r.status}: {r.message} ({r.seconds * 1000:.1f} ms)", err=True)
        if r.puzzle is not None and not to_stdout:  # else the picture is what goes there
            shown = r.solutions[:_shown(r, all_)]
            for j, lk in enumerate(shown or [None]):
                if j or printed:  # a blank line between two boards (two solutions, two puzzles), or their rows
                    typer.echo("")  # would run on as one board
                _show(r.puzzle if lk is None else (r.puzzle, lk), numbers and lk is not None)
            printed = True
            if numbers and len({lk.grid.tobytes() for lk in shown}) < len(shown):
                typer.echo(f"{r.name or _file_label(file)}: some solutions shown have the same numbers: their lines "
                           "differ only where they run beside themselves (drop --numbers to see them, or --json "
                           "for each line's cells)", err=True)
    if as_json:
        typer.echo(json.dumps([r.to_dict(all_solutions=_shown(r, all_) > 1) for r in results]))
    if drawn and not to_stdout:  # as every command that writes --out says it
        typer.echo(_wrote([_out_path(out, 0, 2) if len(results) > 1 and p == out else p for p in drawn]), err=True)
        if firsts:  # the text printed (and a .txt --out) holds every solution shown
            typer.echo(f"the picture of {', '.join(firsts)} draws its first solution of those shown; an --out "
                       "ending in .txt holds them all", err=True)
    if unwritten or any(r.status == "invalid" for r in results):
        raise typer.Exit(2)
    raise typer.Exit(0 if all(r.status == "solved" for r in results) else 1)


def _one_picture(ext: str, file: Any, several_files: bool = False) -> Exception:
    """The error of ``--out -`` (one svg or png picture) for a file of several puzzles, or several files."""
    from ..errors import TremauxError

    what = f"{file} are several files" if several_files else f"{Path(str(file)).name} has several puzzles"
    return TremauxError(f"--out - holds one {ext[1:]} picture, and {what}: give "
                        "--out a file name (they get -1, -2... suffixes) or --format txt")



def _stdout_gone() -> None:
    """End the command quietly, status 1, once the standard output's reader has gone: nothing more can be shown,
    so no other puzzle is solved. The output is pointed at the null device first, so that the interpreter's last
    flush does not fail in turn (as the drawing printed without ``--out`` ends)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):  # a stream without a descriptor
        pass
    raise typer.Exit(1)


def _shown(r: Any, all_: bool) -> int:
    """How many of the solutions of ``r`` to show: every one with ``--all``, both when ``--unique`` found a
    second (the message says it is shown), else the first."""
    return len(r.solutions) if all_ else min(2, len(r.solutions)) if r.unique is False else 1  # none: no second


@nl_app.command("generate")
def generate_cmd(
    size: str = size_option("10x10", "Puzzle size HxW (rows x columns), e.g. 15x20."),
    seed: Optional[int] = SeedOption,
    rule: str = RuleOption,
    touch: Optional[bool] = TouchOption,
    density: Optional[float] = typer.Option(None, "--density", metavar="PAIRS",
                                            help="Pairs per cell of the planted lines, e.g. 0.03 (published "
                                                 "puzzles: 0.014 to 0.08; at most 0.5); default: short lines."),
    planting: Optional[str] = typer.Option(None, "--planting", metavar="HOW",
                                           help="With --density: winding (random walks) or stairs (lines that "
                                                "never turn back; unique quickly at any size, at least min(H, W) "
                                                "pairs); default: stairs above 400 cells under nikoli or "
                                                "--touch."),
    time_limit: Optional[float] = time_limit_option(None, "Seconds before the generation stops with an error "
                                                              "(default 60)."),
    fmt: Optional[str] = format_option("Puzzle text format: grid, csv, tsv, contest, wh, flow, puzzlink, bwinf, copris, ends, "
                                       "xml, prolog, counted or pzprv3 (default: from the --out extension, else "
                                       "grid)."),
    solution: bool = typer.Option(False, "--solution", help="Also draw the solution."),
    out: Optional[Path] = out_option("Save the puzzle instead of printing it: a picture (.svg, .png; with --solution, "
                                     "solved) or, for any other extension (not .gif, .jpg, .json, .npz...), its text "
                                     "in --format (--solution is then printed); '-': stdout, as without --out.",
                                     dash=False),
    as_json: bool = JsonOption,
) -> None:
    """Generate a proper puzzle (exactly one solution under RULE), reproducible from --seed.

    Gives up after 60 s unless --time-limit says otherwise."""
    import numpy as np

    from ..errors import InvalidSizeError, PuzzleFormatError, TremauxError
    from ..numberlink import Puzzle, dumps, generate_puzzle
    from ..numberlink.draw import save
    from ..numberlink.formats import FORMATS
    from ..numberlink.generate import DEFAULT_TIME_LIMIT, MAX_GENERATE_SIDE

    out = _text_stdout(out, as_json)
    # unknown or read only (or empty): refused before generating
    fmt = _written_format(fmt if fmt is not None else _extension_format(out) or "grid")
    try:
        shape = parse_size(size)
    except InvalidSizeError:  # its words name the mazes' LxHxW too
        raise InvalidSizeError(f"size {size!r} is not of the form HxW (rows x columns, for example 15x20)") from None
    if len(shape) != 2:
        raise InvalidSizeError(f"size {size!r}: a Number Link puzzle has rows and columns only (HxW, e.g. 15x20)")
    if 1 <= min(shape) and 2 <= shape[0] * shape[1] and max(shape) <= MAX_GENERATE_SIDE:  # the format can write
        probe = np.zeros(shape, dtype=np.int32)                 # this shape (the generator refuses others itself)
        probe.flat[:2] = 1
        try:
            dumps(Puzzle(probe), fmt)
        except PuzzleFormatError as exc:  # named by the options typed: the format's message counts WxH
            raise PuzzleFormatError(f"--format {fmt} cannot hold a puzzle of --size {size}: {exc}") from None
        _pairs_fit(fmt, shape, density, size)
    if out is not None:
        _writable(out)
        _text_or_picture(out)
    options = {} if touch is None else {"touch": touch}
    interpret_small_puzzles(shape[0] * shape[1])
    g = generate_puzzle(shape, rule=rule, seed=seed, density=density, planting=planting,
                        time_limit=DEFAULT_TIME_LIMIT if time_limit is None else time_limit, **options)
    try:
        text = dumps(g.puzzle, fmt)
    except PuzzleFormatError as exc:  # too many pairs for the format: say how to make the same puzzle again
        raise PuzzleFormatError(f"{exc}; the puzzle is --seed {g.seed}: ask it again with another --format") from exc
    drawn = _as_written(g.puzzle, g.solution, text, fmt) if solution else g.puzzle
    if out is not None:
        try:
            if out.suffix.lower() in (".svg", ".png"):
                save(drawn, out)
            else:
                out.write_text(text, encoding="utf-8")
        except OSError as exc:  # the puzzle is not lost: say how to make it again
            raise TremauxError(f"cannot write {out}: {exc.strerror or exc}; the puzzle is --seed {g.seed}: ask it "
                               f"again with another --out") from exc
    if as_json:
        typer.echo(json.dumps({"size": list(g.puzzle.shape), "pairs": g.puzzle.pairs, "rule": g.rule, "seed": g.seed,
                               "touch": g.touch, "density": g.density, "planted_pairs": g.planted_pairs,
                               "puzzle": text,
                               "grid": g.solution.grid.tolist(),  # the solution, as solve --json gives it:
                               "lines": [{"label": lab, "cells": path.tolist()}  # its numbers and its lines
                                         for lab, path in zip(g.puzzle.labels, g.solution.paths)],
                               **({} if density is None else {"planting": g.planting})}))
    elif out is None:
        typer.echo(text, nl=False)
        if solution:  # a blank line between the two boards, as solve prints them
            typer.echo("")
            _show(drawn)
    elif solution and out.suffix.lower() not in (".svg", ".png"):  # the text file holds the puzzle alone
        _show(drawn)
    asked = "" if density is None else f", asked {density:g}{_why_not(g, density)}"
    pairs = f"{g.puzzle.pairs} pair{'s' if g.puzzle.pairs != 1 else ''} (density {g.density:.3f}{asked})"
    h, w = g.puzzle.shape
    touching = " with --touch" if g.touch else ""  # what `check` needs to be told (it takes --no-touch by default)
    stairs = ", staircase lines" if density is not None and g.planting == "stairs" else ""
    typer.echo(f"generated {_a(h)} {h}x{w} puzzle with {pairs}{stairs} under rule {g.rule}{touching}, "
               f"seed {g.seed}, in {g.seconds:.2f} s", err=True)
    if out is not None:  # as every command that writes --out says it
        typer.echo(f"wrote {out}", err=True)


def _pairs_fit(fmt: str, shape: tuple[int, ...], density: Optional[float], size: str) -> None:
    """Refuse, before generating, a puzzle whose pairs ``--format`` could not hold (Flow Free's 52 letters): the
    planted lines make ``--density`` pairs a cell, or about :data:`~tremaux.numberlink.generate.SHORT_LINES_DENSITY`
    by default."""
    from ..errors import PuzzleFormatError
    from ..numberlink.formats import FORMATS
    from ..numberlink.generate import SHORT_LINES_DENSITY

    cap = FORMATS.get(fmt).meta.get("max_pairs")
    if cap is None or (density is not None and not 0 < density <= 0.5):  # a bad density: the generator's words
        return
    cells = shape[0] * shape[1]
    aim = int((SHORT_LINES_DENSITY if density is None else density) * cells)
    if aim > cap:
        asked = "by default (short lines)" if density is None else f"at --density {density:g}"
        raise PuzzleFormatError(f"--format {fmt} holds at most {cap} pairs, and a puzzle of --size {size} is "
                                f"made with about {aim} {asked}: give --density {int(cap / cells * 1e4) / 1e4:g} or less, or a "
                                f"smaller --size")


def _why_not(g: Any, density: float) -> str:
    """Why the puzzle ``g`` holds another number of pairs than ``--density`` asks (``density * H * W``, at least
    one), said after the density asked: how many pairs the planted lines made, and how many more the cuts that
    rule out other solutions added; ``""`` when it holds them."""
    h, w = g.puzzle.shape
    aim = max(1, round(density * h * w))
    if g.puzzle.pairs == aim:
        return ""
    said = []
    if g.planted_pairs != aim:  # more: no fewer lines were grown (lines that never run beside themselves)
        said.append(f"{g.planted_pairs} planted" + (", the fewest lines grown here" if g.planted_pairs > aim else ""))
    more = g.puzzle.pairs - g.planted_pairs
    if more:
        said.append(f"{more} more from cuts for one solution" if more > 0 else
                    f"{-more} fewer from joins for one solution")
    return ": " + ", ".join(said) if said else ""


def _a(n: int) -> str:
    """The article said before the number ``n``: "an" for 8, 11, 18, 80-89, 800..., 11000..., else "a"."""
    digits = str(n)
    return "an" if digits.startswith("8") or (len(digits) % 3 == 2 and digits[:2] in ("11", "18")) else "a"


def _as_written(puzzle: Any, linking: Any, text: str, fmt: str) -> tuple[Any, Any]:
    """The puzzle and its lines labelled as ``text`` shows them (the grid format writes pair 10 as ``A``, the
    contest format numbers the pairs...), so that the drawn solution matches the printed puzzle."""
    from ..numberlink import loads
    from ..numberlink.result import Linking

    shown = loads(text, format=fmt)
    paths: list[Any] = [None] * puzzle.pairs
    for k, path in enumerate(linking.paths, start=1):
        paths[int(shown.grid[puzzle.endpoints(k)[0]]) - 1] = path
    return shown, Linking(shown.shape, tuple(paths))


@nl_app.command("check")
def check_cmd(
    files: list[Path] = typer.Argument(..., metavar="FILE", path_type=str,  # str: a URL keeps its "//"
                                      help="Puzzle files (any format solve reads), puzz.link URLs, or '-' for stdin; "
                                           "several are read in order, as one file of their puzzles."),
    rule: str = RuleOption,
    touch: Optional[bool] = TouchOption,
    time_limit: Optional[float] = time_limit_option(None, "Seconds per puzzle (default 60)."),
    as_json: bool = JsonOption,
) -> None:
    """Say whether each puzzle in each FILE is proper (exactly one solution) and, if not, why.

    Lines never run beside themselves unless --touch. Exit status, over every puzzle of every FILE: 2 if one could
    not be read, else 0 if all are proper, else 1."""
    from ..numberlink import iter_check_file
    sources = _puzzle_sources(files)
    interpret_small_puzzles()
    verdicts = []
    for file, d in _each_answer(sources, lambda src: iter_check_file(src, rule, touch=touch, time_limit=time_limit),
                               lambda name, message: _unreadable_verdict(name, message, rule, touch)):  # each when known
        verdicts.append(d)
        if d.verdict == "invalid":  # bad input: the house's one-line error, as solve gives it
            typer.echo(f"error: {d.reasons[0]}", err=True)
        elif not as_json:
            typer.echo(str(d) if d.name else f"{_file_label(file)}: {d}")
    if as_json:
        typer.echo(json.dumps([d.to_dict() for d in verdicts]))
    if any(d.verdict == "invalid" for d in verdicts):
        raise typer.Exit(2)
    raise typer.Exit(0 if all(d.proper for d in verdicts) else 1)


@nl_app.command("convert")
def convert_cmd(
    files: list[Path] = typer.Argument(..., metavar="FILE", path_type=str,  # str: a URL keeps its "//"
                                      help="Puzzle files (any format solve reads), puzz.link URLs, or '-' for stdin; "
                                           "several are written in order, as one file of their puzzles."),
    fmt: Optional[str] = format_option("Puzzle text format: grid, csv, tsv, contest, wh, flow, puzzlink, bwinf, copris, ends, "
                                       "xml, prolog, counted or pzprv3 (default: from the --out extension, else grid)."),
    out: Optional[Path] = out_option("Write the puzzles there (default: standard output): text in --format, or a "
                                     "picture of the puzzles, unsolved (.svg, .png; several get -1, -2... "
                                     "suffixes; not with --format; '-': stdout).", dash=False),
) -> None:
    """Write every puzzle in each FILE in another format (a puzz.link URL, a 'W H' file...), or draw them.

    A FILE that cannot be read is refused by name, and nothing is written."""
    from ..errors import PuzzleFormatError
    from ..numberlink import load_all
    from ..numberlink.draw import save
    from ..numberlink.formats import dumps_all

    out = _text_stdout(out, False)
    pictures = out is not None and out.suffix.lower() in (".svg", ".png")
    if out is not None:
        _writable(out)
        _text_or_picture(out)
    if pictures and fmt is not None:
        from ..errors import TremauxError

        raise TremauxError(f"--format {fmt} writes puzzle text, and --out {out} a picture; give one of them")
    chosen = fmt is None and (out is None or _extension_format(out) is None)  # neither asked: grid, else wh
    if not pictures:
        fmt = _written_format(fmt if fmt is not None else _extension_format(out) or "grid")
    sources = _puzzle_sources(files)
    source = tuple(src for _, src in sources)
    puzzles = _named_puzzles(sources, load_all)  # a URL too, named by itself in messages
    if out is not None:
        for i in range(len(puzzles) if pictures else 1):
            _not_the_puzzles(_out_path(out, i, len(puzzles) if pictures else 1), out, source,
                             "the picture" if pictures else "the text")
    if pictures:
        for i, p in enumerate(puzzles):
            _written(_out_path(out, i, len(puzzles)), lambda target: save(p, target))
    else:
        try:
            text = dumps_all(puzzles, fmt)
        except PuzzleFormatError as exc:  # named by the option typed, as generate names it
            if not chosen:
                where = ", ".join("<stdin>" if f == "-" else f for f in files)  # as the readers name them
                raise PuzzleFormatError(f"--format {fmt} cannot hold the puzzles of {where}: {exc}") from None
            text = dumps_all(puzzles, "wh")  # no format asked: the one that holds any label (the label 0...)
            typer.echo(f"note: {getattr(exc, 'reason', exc)}; written in the 'wh' format instead",
                       err=True)
            fmt = "wh"
        if out is None:
            typer.echo(text, nl=False)
        else:
            _written(out, lambda target: target.write_text(text, encoding="utf-8"))
        if note := _relabelled_note(puzzles, text, fmt):
            typer.echo(note, err=True)
    if pictures:  # the files written, not the name asked, said as solve says them
        typer.echo(_wrote([_out_path(out, i, len(puzzles)) for i in range(len(puzzles))]), err=True)
    elif out is not None:
        typer.echo(f"wrote {len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''} to {out} ({fmt} text)", err=True)


def _written(target: Path, write: Any) -> None:
    """``write(target)``, which writes ``--out``: a file that cannot be written there (a read-only place, a full
    disk) is said as such, not as a missing input."""
    from ..errors import TremauxError

    try:
        write(target)
    except OSError as exc:
        raise TremauxError(f"cannot write {target}: {exc.strerror or exc}") from None


def _extension_format(out: Optional[Path]) -> Optional[str]:
    """The text format the extension of ``out`` names (``p.wh``, ``p.contest``...; not a read-only one), else
    ``None``, as :func:`tremaux.numberlink.save` takes it."""
    from ..numberlink.formats import FORMATS

    ext = out.suffix[1:].lower() if out is not None else ""
    return ext if ext in FORMATS and not FORMATS.get(ext).meta.get("read_only") else None


def _written_format(fmt: str) -> str:
    """The registry name of the text format ``fmt``, refused by name when it is unknown or read only.

    ``txt`` is the format a ``.txt`` file gets (``grid``); a picture's name (``svg``, ``png``) is refused with
    the way to draw one (``--out p.svg``), not with the text format whose name is nearest."""
    from ..errors import TremauxError
    from ..numberlink.formats import writable

    name = fmt.strip().lower().lstrip(".")
    if name in ("txt", "text"):
        return "grid"
    if name in ("svg", "png"):
        raise TremauxError(f"--format {fmt} is a picture: give --out FILE.{name} to draw the puzzles; --format names "
                           "a text format (grid, csv, wh, puzzlink...)")
    return writable(fmt)
