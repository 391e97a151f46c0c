"""Draw the gallery's pictures: every registered generator and every solver.

Run from the repository root (``python docs/scripts/make_gallery.py``) after
adding an algorithm; it writes ``docs/images/gallery/*.png`` and the two
tables of ``docs/gallery.md`` between their ``<!-- gallery:... -->`` marks.
The pictures depend only on the seed, so a rerun changes nothing unless an
algorithm changed.
"""

from __future__ import annotations

import re
from pathlib import Path

import tremaux
from tremaux import GENERATORS, SOLVERS, render

DOCS = Path(__file__).resolve().parents[1]
OUT = DOCS / "images" / "gallery"
SEED = 7
SIZE = (20, 20)
STYLE = {"cell_size": 9, "wall_width": 2, "margin": 4}


def _table(rows: list[tuple[str, str, str]]) -> str:
    cells = [f"| ![{name}]({src}) | **{name}**<br>{doc} |" for name, src, doc in rows]
    return "\n".join(["| picture | algorithm |", "| --- | --- |", *cells])


def _replace(text: str, mark: str, body: str) -> str:
    pattern = re.compile(rf"(<!-- gallery:{mark} -->\n)(?:.*?\n)?(<!-- /gallery:{mark} -->)", re.S)
    assert pattern.search(text), f"docs/gallery.md lacks the gallery:{mark} marks"
    return pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    generators = []
    for entry in GENERATORS:
        maze = tremaux.generate(SIZE, entry.name, seed=SEED).maze
        # the distance from the top-left corner, light to dark, shows each algorithm's texture
        (OUT / f"generator-{entry.name}.png").write_bytes(
            render.to_png(maze, heat=(0, 0), start=False, goal=False, **STYLE))
        generators.append((entry.name, f"images/gallery/generator-{entry.name}.png", entry.doc))
    braided = tremaux.generate(SIZE, "backtracker", seed=SEED, braid=0.5).maze
    solvers = []
    for entry in SOLVERS:
        sol = tremaux.solve(braided, entry.name)
        (OUT / f"solver-{entry.name}.png").write_bytes(render.to_png(sol, visited=None, **STYLE))
        solvers.append((entry.name, f"images/gallery/solver-{entry.name}.png", f"{entry.doc} ({sol.message})"))
    page = DOCS / "gallery.md"
    text = page.read_text(encoding="utf-8")
    text = _replace(text, "generators", _table(generators))
    text = _replace(text, "solvers", _table(solvers))
    page.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
