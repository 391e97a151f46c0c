"""Number Link commands on small and odd puzzles, with every option: the cases of ``fuzz_inputs.py --numberlink``.

Where :mod:`fuzz_inputs` gives each option a list of bad values, this sweep gives the Number Link commands
puzzles at the edges (1x1, 1xN, 2x2, 100x1, a board without numbers, labels past 62, a huge header, an empty or
binary file, puzz.link URLs written every way users paste them) and runs each with every combination of rule,
``--touch``, solving mode and output, and ``numberlink generate`` with every size, density, rule and format at the
edges. A case is flagged as in :mod:`fuzz_inputs` (a traceback, an exit status other than 0, 1 for a verdict or
2, an exit 2 without one line ``error: ...``, over 20 s). :func:`round_trips` then writes each puzzle in every
writable format and reads it back (named, and detected), and says which come back as another puzzle.
"""

from __future__ import annotations

from pathlib import Path

from fuzz_inputs import Case

PUZZLES = {  # name: text of a puzzle file at an edge
    "1x1-empty": ".\n",
    "1x1-one": "1\n",
    "1x2": "11\n",
    "1x5": "1...1\n",
    "1x6-cross": "12..12\n",
    "1x4-nested": "1221\n",
    "2x2": "12\n12\n",
    "2x2-diag": "1.\n.1\n",
    "2x2-one-pair-fill": "1.\n1.\n",
    "100x1": "1\n" + ".\n" * 98 + "1\n",
    "1x100": "1" + "." * 98 + "1\n",
    "no-numbers": "...\n...\n",
    "three-ones": "1.1\n..1\n",
    "cross-5x5": "..1..\n.....\n2...2\n.....\n..1..\n",
    "labels-100": "\n".join(" ".join(str(r * 10 + c + 1) for c in range(10)) + "\n" +
                             " ".join(str(r * 10 + c + 1) for c in range(10)) for r in range(10)) + "\n",
    "wh-past-62": "70 2\n" + "".join(chr(33 + i) for i in range(70)) + "\n" +
                  "".join(chr(33 + i) for i in range(70)) + "\n",
    "letters-62": "\n".join(c + "." + c for c in
                            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") + "\n",
    "huge-header": "100000 100000\n1.1\n",
    "huge-header-wh": "99999999999999999999 2\n1.1\n1.1\n",
    "zero-header": "0 0\n",
    "negative-header": "-3 2\n1.1\n1.1\n",
    "empty": "",
    "blank-lines": "\n\n\n",
    "only-comment": "# nothing here\n",
    "crlf": "1.2\r\n...\r\n1.2\r\n",
    "bom": "\ufeff1.2\n...\n1.2\n",
    "tabs": "1\t.\t2\n.\t.\t.\n1\t.\t2\n",
    "ragged": "1.2\n..\n1.2\n",
    "url-plain": "https://puzz.link/p?numlin/3/3/1g2i1g2\n",
    "url-no-scheme": "puzz.link/p?numlin/3/3/1g2i1g2\n",
    "url-pzv": "http://pzv.jp/p.html?numlin/3/3/1g2i1g2\n",
    "url-vercel": "https://pzprxs.vercel.app/p.html?numlin/3/3/1g2i1g2\n",
    "url-v": "https://puzz.link/p?numlin/v:/3/3/1g2i1g2\n",
    "url-pzv-v": "pzv.jp/p.html?numlin/v:/3/3/1g2i1g2\n",
    "url-bare": "p?numlin/3/3/1g2i1g2\n",
    "url-short": "https://puzz.link/p?numlin/3/3\n",
    "url-zero": "https://puzz.link/p?numlin/0/0/\n",
    "url-huge": "https://puzz.link/p?numlin/99999/99999/1h2\n",
    "url-other-type": "https://puzz.link/p?slither/3/3/1g2i1g2\n",
}
BINARY = bytes(range(256)) * 4

SOLVE_MODES = [[], ["--unique"], ["--count", "3"], ["--all"], ["--numbers"], ["--json"], ["--unique", "--json"],
               ["-o", "out.svg"], ["-o", "out.png"], ["-o", "out.txt"], ["-o", "-", "-f", "txt"],
               ["-o", "-", "-f", "svg"], ["--solver", "tremaux"], ["--solver", "tremaux", "--max-steps", "10"],
               ["--time-limit", "0.001"], ["--all", "--count", "1"]]
RULES = [["--rule", r] + t for r in ("fill", "nikoli") for t in ([], ["--touch"], ["--no-touch"])]
SIZES = ["1x1", "1x2", "2x1", "2x2", "1x10", "10x1", "100x1", "1x100", "3x3", "4x7"]
DENSITIES = ["0", "1", "0.5", "0.51", "-0.1", "1e-9", "0.014"]
WRITABLE = ["grid", "csv", "tsv", "contest", "wh", "flow", "puzzlink", "bwinf", "copris", "ends", "xml", "prolog",
            "counted", "pzprv3"]


def odd_files(root: Path) -> dict[str, Path]:
    """The files of :data:`PUZZLES` (and a binary one) written in ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    files = {}
    for name, text in PUZZLES.items():
        files[name] = root / f"{name}.txt"
        files[name].write_text(text, encoding="utf-8", newline="")
    files["binary"] = root / "binary.txt"
    files["binary"].write_bytes(BINARY)
    return files


FULL = ("1x1-empty", "1x2", "1x5", "1x6-cross", "2x2", "2x2-diag", "2x2-one-pair-fill", "100x1", "1x100",
        "no-numbers", "cross-5x5", "labels-100", "wh-past-62", "letters-62", "url-v", "crlf")
"""The puzzles run with every mode, rule and format; the others (refusals, mostly) with a plain run of each
command."""


def odd_cases(root: Path, seed: int = 1) -> list[Case]:
    """Every case of the sweep (the files written in ``root``; ``generate``'s seeds ``seed`` to ``seed + 2``)."""
    files = odd_files(root)
    cases = []
    for name, path in files.items():
        if name not in FULL:
            for command in ("solve", "check", "convert"):
                cases.append(Case(f"numberlink {command}", ["numberlink", command, str(path)], name))
            continue
        for mode in SOLVE_MODES:
            cases.append(Case("numberlink solve", ["numberlink", "solve", str(path), "--time-limit", "5", *mode],
                              f"{name} {' '.join(mode)}"))
        for rule in RULES:
            cases.append(Case("numberlink solve", ["numberlink", "solve", str(path), "--time-limit", "5", *rule],
                              f"{name} {' '.join(rule)}"))
            cases.append(Case("numberlink check", ["numberlink", "check", str(path), "--time-limit", "5", *rule],
                              f"{name} {' '.join(rule)}"))
        cases.append(Case("numberlink check", ["numberlink", "check", str(path), "--json"], f"{name} --json"))
        for fmt in WRITABLE:
            cases.append(Case("numberlink convert", ["numberlink", "convert", str(path), "-f", fmt], f"{name} -f {fmt}"))
        cases.append(Case("numberlink convert", ["numberlink", "convert", str(path), "-o", "out.svg"], f"{name} svg"))
    for url in ("https://puzz.link/p?numlin/3/3/1g2i1g2", "puzz.link/p?numlin/v:/3/3/1g2i1g2",
                "pzv.jp/p.html?numlin/3/3/1g2i1g2", "https://pzprxs.vercel.app/p.html?numlin/3/3/1g2i1g2",
                "https://puzz.link/p?numlin/3/3"):
        cases.append(Case("numberlink solve", ["numberlink", "solve", url], f"argument {url}"))
    for size in SIZES:
        for rule in RULES:
            cases.append(Case("numberlink generate", ["numberlink", "generate", "--size", size, "--seed", str(seed),
                                                      "--time-limit", "10", *rule], f"{size} {' '.join(rule)}"))
        for density in DENSITIES:
            cases.append(Case("numberlink generate", ["numberlink", "generate", "--size", size, "--seed", str(seed + 1),
                                                      "--time-limit", "10", "--density", density],
                              f"{size} --density {density}"))
    for fmt in WRITABLE:
        for size in ("1x1", "2x2", "1x10", "5x5"):
            cases.append(Case("numberlink generate", ["numberlink", "generate", "--size", size, "--seed", str(seed + 2),
                                                      "--time-limit", "10", "-f", fmt, "--solution", "--json"],
                              f"{size} -f {fmt} --solution --json"))
    return cases


def round_trips() -> list[str]:
    """Each puzzle of a few shapes written in every writable format, read back named and detected: the ones
    that fail or come back as another puzzle (a format that refuses to write a puzzle it cannot hold, a
    non-square board as Flow Free text, is counted apart, on the last line)."""
    from tremaux.numberlink import formats

    shapes = {name: PUZZLES[name] for name in ("1x2", "1x5", "2x2", "100x1", "1x100", "labels-100",
                                              "letters-62", "cross-5x5")}
    shapes["wh-past-62"] = PUZZLES["wh-past-62"]
    failed = []
    refused = 0
    for name, text in shapes.items():
        puzzle = formats.loads(text)
        for fmt in WRITABLE:
            try:
                written = formats.dumps(puzzle, format=fmt)
            except ValueError:
                refused += 1
                continue
            for named in (fmt, None):
                try:
                    back = formats.loads(written, format=named)
                except ValueError as exc:
                    failed.append(f"{name} -> {fmt} -> read ({'named' if named else 'detected'}): {str(exc)[:120]}")
                    continue
                if back.shape != puzzle.shape or _pairs(back) != _pairs(puzzle):
                    failed.append(f"{name} -> {fmt} -> read ({'named' if named else 'detected'}): another puzzle")
    total = len(shapes) * len(WRITABLE)
    return failed + [f"(of {total} puzzle x format, {refused} refused to write, cleanly: a shape or label the "
                     "format cannot hold)"]


def _pairs(puzzle: object) -> list[tuple[int, int]]:
    """The puzzle's pairs of endpoint cells (flat indices), whatever their labels."""
    return sorted(tuple(sorted(pair)) for pair in puzzle.ends.tolist())
