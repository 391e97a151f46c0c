"""The odd cases of benchmarks/sweep_nl_api.py: odd but valid values, bad ones, and the styles of pictures.

Odd values (every cell a number, labels that are numpy ints or strings, a 60-cell line) must be solved and drawn;
bad ones (a 3-D array, a fraction, a label of two pairs, a colour that is none...) refused in one line by a
``ValueError`` of tremaux; the colours of pictures are spelled every way a notebook passes them, alike in SVG and
PNG.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from _sweep_nl_checks import Tally, json_problems, lines_problems, picture_problems, same_puzzle, shown

def sweep_odd(t: Tally, folder: Path) -> None:
    """Odd but valid values, and bad ones that must be refused in one line."""
    from tremaux.errors import PuzzleFormatError
    from tremaux.numberlink import (Puzzle, diagnose, dumps, generate_puzzle, load, loads, save, solve_puzzle, to_png,
                                    to_svg)

    full = [[(r * 6 + c) // 2 + 1 for c in range(6)] for r in range(6)]  # every cell a number
    for name, value, kw in [
        ("every cell a number", full, {}),
        ("labels numpy ints", [[1, 0, 1], [2, 0, 2]], {"labels": [np.int64(10), np.uint8(7)]}),
        ("labels numpy strings", [[1, 0, 1], [2, 0, 2]], {"labels": np.array(["A", "B"])}),
        ("labels tuple", [[1, 0, 1], [2, 0, 2]], {"labels": ("x", "y")}),
        ("labels of signs", [[1, 0, 1], [2, 0, 2]], {"labels": ["#", "0"]}),
        ("rows of text as a tuple", ("1.1", "2.2"), {}),
        ("long labels", [[1, 0, 1], [2, 0, 2]], {"labels": ["alpha", "a-very-long-label-name"]}),
        ("unicode labels", [[1, 0, 1], [2, 0, 2]], {"labels": ["é", "漢"]}),
        ("1x60 line", [[1] + [0] * 58 + [1]], {}),
        ("60x1 line", [[1]] + [[0]] * 58 + [[1]], {}),
    ]:
        def run(value=value, kw=kw) -> list[str]:
            p = Puzzle(value, **kw)
            out: list[str] = []
            for rule in ("fill", "nikoli"):
                r = solve_puzzle(p, rule=rule, unique=True, time_limit=20)
                out += lines_problems(r, rule == "fill", False) + json_problems(r.to_dict(), p)
                out += [] if r.status == "solved" and r.unique else [f"{rule}: {r.status} unique={r.unique}"]
            out += picture_problems(to_svg(p), to_png(p), p.shape) + shown(p, p.shape)
            out += shown(diagnose(p), p.shape)
            try:  # str() is the grid text when the grid format holds the labels, else a drawing
                text = dumps(p)
            except PuzzleFormatError:
                return out
            # (the grid format writes numbers 10 to 35 as the letters A to Z: compared by their pairs)
            return out + same_puzzle(loads(str(p) + "\n"), p, labels=False) + (
                [] if str(p) == text.rstrip("\n") else ["str"])
        t.check("odd", name, run)
    bad = [
        ("3-D array", lambda: Puzzle(np.zeros((2, 2, 2), dtype=int))),
        ("fractions", lambda: Puzzle(np.array([[1.5, 0, 1.5]]))),
        ("NaN", lambda: Puzzle(np.array([[1, np.nan, 1]]))),
        ("inf", lambda: Puzzle(np.array([[1, np.inf, 1]]))),
        ("huge id", lambda: Puzzle(np.array([[2**62, 0, 2**62]], dtype=np.int64))),
        ("uint64 top", lambda: Puzzle(np.array([[2**64 - 1, 0, 2**64 - 1]], dtype=np.uint64))),
        ("empty array", lambda: Puzzle(np.zeros((0, 3), dtype=int))),
        ("empty list", lambda: Puzzle([])),
        ("ragged", lambda: Puzzle([[1, 0, 1], [2, 2]])),
        ("text among lists", lambda: Puzzle([[1, 0, 1], "2.2"])),
        ("a cell of two values", lambda: Puzzle([[1, 0, 1], [[2, 2], 0, 2]])),
        ("a table of labels", lambda: solve_puzzle((("1", ".", "1"), ("2", ".", "2")))),
        ("an SVG picture read back", lambda: (save(Puzzle([[1, 1]]), folder / "p.svg"), load(folder / "p.svg"))),
        ("a PNG picture read back", lambda: (save(Puzzle([[1, 1]]), folder / "p.png"), load(folder / "p.png"))),
        ("three of a number", lambda: Puzzle([[1, 1, 1]])),
        ("labels one short", lambda: Puzzle([[1, 0, 1], [2, 0, 2]], labels=["A"])),
        ("labels twice", lambda: Puzzle([[1, 0, 1], [2, 0, 2]], labels=["A", "A"])),
        ("labels a string", lambda: Puzzle([[1, 0, 1]], labels="A")),
        ("from_endpoints off the board", lambda: Puzzle.from_endpoints((2, 2), [((0, 0), (2, 0))])),
        ("from_endpoints one cell", lambda: Puzzle.from_endpoints((2, 2), [((0, 0), (0, 0))])),
        ("from_endpoints fraction", lambda: Puzzle.from_endpoints((2, 2), [((0, 0.5), (1, 1))])),
        ("solver unknown", lambda: solve_puzzle([[1, 1]], "dfs")),
        ("rule unknown", lambda: solve_puzzle([[1, 1]], rule="loose")),
        ("count 0", lambda: solve_puzzle([[1, 1]], count=0)),
        ("count float", lambda: solve_puzzle([[1, 1]], count=2.5)),
        ("time limit 0", lambda: solve_puzzle([[1, 1]], time_limit=0)),
        ("time limit negative", lambda: solve_puzzle([[1, 1]], time_limit=np.float64(-1))),
        ("time limit NaN", lambda: solve_puzzle([[1, 1]], time_limit=float("nan"))),
        ("touch a string", lambda: solve_puzzle([[1, 1]], touch="no")),
        ("unique a number", lambda: solve_puzzle([[1, 1]], unique=2)),
        ("tremaux unique", lambda: solve_puzzle([[1, 1]], "tremaux", unique=True)),
        ("a trace of the fast solver", lambda: solve_puzzle([[1, 1]], record=True)),
        ("JSON of no puzzle", lambda: solve_puzzle('{"a": 1}')),
        ("diagnose a dict", lambda: diagnose({"grid": [[1, 1]]})),
        ("missing file", lambda: solve_puzzle(folder / "missing.txt")),
        ("a folder", lambda: solve_puzzle(folder)),
        ("generate 1x1", lambda: generate_puzzle((1, 1), seed=1)),
        ("generate one side", lambda: generate_puzzle((5,), seed=1)),
        ("generate 0x5", lambda: generate_puzzle((0, 5), seed=1)),
        ("generate density 0", lambda: generate_puzzle((5, 5), density=0, seed=1)),
        ("generate seed float", lambda: generate_puzzle((5, 5), seed=1.5)),
        ("generate seed past 64 bits", lambda: generate_puzzle((5, 5), seed=2**64)),
        ("generate rule unknown", lambda: generate_puzzle((5, 5), rule="loose", seed=1)),
        ("generate planting unknown", lambda: generate_puzzle((5, 5), planting="spiral", seed=1)),
        ("picture cell 0", lambda: to_svg(Puzzle([[1, 1]]), cell=0)),
        ("picture colour bad", lambda: to_png(Puzzle([[1, 1]]), colours=["nocolour"])),
    ]
    for name, call in bad:
        t.refused("refuse", name, call)


COLOURS = {"names": ["red", "navy"], "hex": ["#ff0000", "#000080"], "short hex": ["#f00", "#008"],
           "rgb()": ["rgb(255, 0, 0)", "rgb(0, 0, 128)"], "tuples": [(255, 0, 0), (0, 0, 128)],
           "lists": [[255, 0, 0], [0, 0, 128]], "numpy rows": np.array([[255, 0, 0], [0, 0, 128]], dtype=np.uint8),
           "numpy ints": [tuple(np.int64(v) for v in (255, 0, 0)), (0, 0, 128)]}


def sweep_styles(t: Tally) -> None:
    """Pictures with the styles a notebook passes: each colour spelling, in SVG and PNG alike."""
    import io
    import xml.etree.ElementTree as ET

    from PIL import Image, ImageColor

    from tremaux.numberlink import Puzzle, solve_puzzle, to_png, to_svg

    r = solve_puzzle(Puzzle([[1, 0, 1], [2, 0, 2]]))
    for name, colours in COLOURS.items():
        def run(colours=colours) -> list[str]:
            out = []
            svg = to_svg(r, colours=colours, cell=np.int64(20), grid_colour=colours[1], background="white")
            for el in ET.fromstring(svg).iter():
                for key in ("fill", "stroke"):
                    value = el.get(key)
                    if value not in (None, "none"):
                        try:
                            ImageColor.getrgb(value)
                        except ValueError:
                            out.append(f"SVG {key}={value!r} is no colour")
            png = Image.open(io.BytesIO(to_png(r, colours=colours, cell=np.int64(20)))).convert("RGB")
            if png.getpixel((30, 10)) != (255, 0, 0):  # the middle of line 1, between its numbers
                out.append(f"PNG line 1 is {png.getpixel((30, 10))}, not red")
            return out
        t.check("draw", f"colours as {name}", run)
    for name, colours in {"unknown name": ["nocolour", "red"], "a quote": ['red" onload="x', "red"],
                          "a short tuple": [(255, 0), (0, 0, 0)], "past 255": [(256, 0, 0), (0, 0, 0)]}.items():
        for draw in (to_svg, to_png):
            t.refused("refuse", f"{draw.__name__} colours with {name}", lambda draw=draw, colours=colours: draw(
                r, colours=colours))
        t.refused("refuse", f"to_svg background {name}", lambda colours=colours: to_svg(r, background=colours[0]))
    def past() -> list[str]:
        try:
            r.lines(5)
        except IndexError as exc:
            return [] if str(exc).startswith("solution 5 is not among") else [f"IndexError {exc}"]
        return ["lines(5) of one solution answered"]
    t.check("refuse", "lines(5) of a run of one solution", past)
