"""The files the README's and the docs' command examples take as given, made in a folder: shared by
``tests/test_docs_cli.py`` and ``benchmarks/sweep_docs.py``."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PUZZLE = ".123..\n...44.\n1.5.6.\n2...3.\n5....6\n"


def write_example_inputs(folder: Path) -> list[str]:
    """Write a maze (text and JSON), a mask picture, puzzles and the golden maze into ``folder``; their names."""
    from PIL import Image, ImageDraw

    import tremaux

    maze = tremaux.generate((10, 20), seed=2).maze
    tremaux.io.save(maze, folder / "maze.txt")
    tremaux.io.save(maze, folder / "maze.json")
    heart = Image.new("L", (24, 24), 255)
    ImageDraw.Draw(heart).ellipse((1, 1, 22, 22), fill=0)
    heart.save(folder / "heart.png")
    for name in ("puzzle.txt", "puzzles.txt", "Q05.txt"):
        (folder / name).write_text(PUZZLE)
    (folder / "tests" / "golden").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "golden" / "seed002_grid.txt", folder / "tests" / "golden")
    (folder / "docs" / "images").mkdir(parents=True)
    return ["maze.txt", "maze.json", "heart.png", "puzzle.txt", "puzzles.txt", "Q05.txt",
            "tests/golden/seed002_grid.txt"]
