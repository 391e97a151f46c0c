"""The ``generate`` cases of benchmarks/sweep_nl_cli.py: sizes, rules, touch, densities, plantings, outputs."""

from __future__ import annotations

from itertools import product
from typing import Any, Callable

from _sweep_nl_checks import grid_of
from _sweep_nl_cli_checks import (blocks, follow, paths_by_pair, picture_ok, read_json, reference, same_puzzles,
                                  stderr_lines, stdout_of)

FORMATS = ["grid", "csv", "tsv", "contest", "wh", "flow", "puzzlink", "bwinf", "copris", "ends", "xml", "prolog",
           "counted", "pzprv3"]
KEEP_LABELS = {"grid", "wh"}  # formats that write any label (the others renumber the pairs or use letters)
EXT = {"grid": ".txt", "csv": ".csv", "tsv": ".tsv", "wh": ".wh", "xml": ".xml", "prolog": ".pl", "contest": ".contest"}
RESULTS: dict[tuple, Any] = {}  # the JSON of each combination, which the other outputs of it are compared with


# ---------------------------------------------------------------- generate


def generate_specs() -> list[tuple]:
    out = []
    for size in ("1x2", "2x1", "1x5", "5x1", "2x2", "3x3", "2x5", "4x4", "6x7", "12x12"):
        for rule, touch, density in product(("fill", "nikoli"), (None, True, False), (None, 0.1, 0.3)):
            h, w = map(int, size.split("x"))
            if density is not None and h * w < 6:
                continue
            out.append((size, rule, touch, density))
    return out


GEN_OUTS = ["json", "json-again", "text", "solution", "out-fmt", "out-svg", "out-png", "out-stdout"]


def generate_cases(i: int, g: tuple, keep: Callable[[int], bool], case_type: Any) -> list[Any]:
    size, rule, touch, density = g
    base = ["numberlink", "generate", "--size", size, "--rule", rule, "--seed", str(7 + i), "--time-limit", "30"]
    base += [] if touch is None else ["--touch" if touch else "--no-touch"]
    base += [] if density is None else ["--density", str(density)]
    if density is not None and i % 2:
        base += ["--planting", "winding" if i % 4 == 1 else "stairs"]
    fmt = FORMATS[i % len(FORMATS)]
    cases = []
    for n, out in enumerate(GEN_OUTS):
        if not keep(n) and out not in ("json", "json-again"):
            continue
        argv = base + {"json": ["--json"], "json-again": ["--json"], "text": ["-f", fmt], "solution": ["--solution"],
                       "out-fmt": ["-o", f"g{EXT.get(fmt, '.' + fmt)}", "-f", fmt],
                       "out-svg": ["-o", "g.svg", "--solution"], "out-png": ["-o", "g.png"],
                       "out-stdout": ["-o", "-", "-f", fmt]}[out]
        key = ("generate", i)
        cases.append(case_type("numberlink generate", argv, out, family="generate", spec=i, key=key + (out,),
                          check=_generate_check(g, fmt, out, key, touch)))
    return cases


def _generate_check(g: tuple, fmt: str, out: str, key: tuple, touch: bool | None):
    from tremaux.numberlink import loads

    def check(case: Any) -> list[str]:
        if case.result["code"] == 2 and "cannot hold" in " ".join(stderr_lines(case)):
            return []  # a format that cannot hold this size (BwInf and Flow Free boards are square): refused first
        if case.result["code"] != 0:
            return [f"exit {case.result['code']}: {' | '.join(stderr_lines(case))[:200]}"]
        if out in ("json", "json-again"):
            rec = read_json(case)
            RESULTS[key + (out,)] = rec
            p = loads(rec["puzzle"])
            probs = [] if rec["touch"] == bool(touch) else [f"touch {rec['touch']}, asked {touch}"]
            paths, bad = paths_by_pair(p, rec["lines"])
            probs += bad + follow(grid_of(p), paths, fill=g[1] == "fill", touch=rec["touch"])
            total = reference(grid_of(p), g[1] == "fill", rec["touch"])
            if total is not None and total != 1:
                probs.append(f"brute force finds {total} solutions of the generated puzzle")
            if out == "json-again":
                first = RESULTS.get(key + ("json",))
                if first is not None and first["puzzle"] != rec["puzzle"]:
                    probs.append("the same seed made another puzzle")
            return probs
        first = RESULTS.get(key + ("json",))
        if first is None:
            return []
        want = [loads(first["puzzle"])]
        text = stdout_of(case)
        if out in ("text", "out-stdout"):
            return same_puzzles(text if fmt != "puzzlink" else text.split()[0], want, labels=fmt in KEEP_LABELS)
        if out == "solution":
            bl = blocks(text)
            return [] if len(bl) == 2 else [f"{len(bl)} drawings with --solution, not the puzzle and its solution"]
        if out == "out-fmt":
            f = case.folder / f"g{EXT.get(fmt, '.' + fmt)}"
            return same_puzzles(f if fmt != "puzzlink" else f.read_text().split()[0], want, labels=fmt in KEEP_LABELS)
        return picture_ok(case.folder / ("g.svg" if out == "out-svg" else "g.png"), want[0].shape)
    return check
