"""The chunked runner the command-line sweeps share (``sweep_mazes.py``, ``sweep_animate.py``, ``sweep_nl_cli.py``).

The cases run a chunk at a time through ``fuzz_inputs.run_cases`` (each in a child forked from the sweep's
process, at most ``fuzz_inputs.LIMIT_S`` seconds), and each chunk is judged as soon as it has run: a problem is
printed on stderr when it is seen, not hours later, and a chunk's files are read while they are fresh.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_inputs  # noqa: E402 - a sibling script


def _plain(case: Any) -> str:
    return f"{case.family}: tremaux {' '.join(case.argv)}"


def run_in_chunks(cases: list[Any], work: Path, jobs: int, problems_of: Callable[[Any], list[str]], *,
                  chunk: int = 40, describe: Callable[[Any], str] = _plain,
                  order: Callable[[Any], Any] | None = None, label: str | None = None) -> None:
    """Run ``cases`` ``chunk`` at a time in ``work/partN/caseK``, judging each chunk once it has run.

    Each case gets ``case.folder`` (where its child ran) and ``case.problems`` (what ``problems_of`` lists);
    a case with problems is printed as ``FAIL <describe(case)>: <problems>`` on stderr, and after each chunk
    the count done (``<label>: n/N``; ``label`` defaults to the name of ``work``, ``""`` prints the count
    alone). ``order``, a sort key, is the order a chunk's cases are judged in (a check that compares a case
    with another one of its chunk needs that one judged first).
    """
    label = work.name if label is None else label
    for at in range(0, len(cases), chunk):
        part = work / f"part{at // chunk}"
        part.mkdir(parents=True, exist_ok=True)
        some = cases[at:at + chunk]
        fuzz_inputs.run_cases(some, part, jobs)
        for k, c in enumerate(some):
            c.folder = part / f"case{k}"
        for c in (sorted(some, key=order) if order else some):
            c.problems = problems_of(c)
            if c.problems:
                print(f"FAIL {describe(c)}: {'; '.join(c.problems)}", file=sys.stderr, flush=True)
        done = f"{min(at + chunk, len(cases))}/{len(cases)}"
        print(f"{label}: {done}" if label else done, file=sys.stderr, flush=True)


def in_sample(case: Any, share: float, seed: int) -> bool:
    """Whether ``case`` is in the random ``share`` (0 to 1) of a sweep drawn with ``seed``.

    The draw hashes the seed with the case's family, name and command line (files by their name, not their
    folder), so a seed draws the same cases on every run and another seed another share. A second run of a
    seed ("again", "same seed") hashes as its first run: the two are kept or left out together.
    """
    import hashlib

    family = case.family.replace(" same seed", "")
    what = case.what.replace(" (again)", "").replace(" again", "")
    argv = " ".join(Path(a).name if a.startswith("/") else a for a in case.argv)
    digest = hashlib.sha256(f"{seed}\0{family}\0{what}\0{argv}".encode()).digest()
    return int.from_bytes(digest[:8], "big") < share * 2 ** 64
