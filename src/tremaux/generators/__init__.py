"""Maze generation: :func:`generate` and the registry :data:`GENERATORS`.

Every classic algorithm is registered with a name, aliases, a line of
documentation, whether it always gives a perfect maze, whether it works on
masked grids and on multi-level grids, its options, its bias and its cost.
The compiled kernels live in :mod:`tremaux.kernels.generate`.

Examples
--------
>>> from tremaux.generators import GENERATORS, generate
>>> "kruskal" in GENERATORS, GENERATORS.get("dfs").name
(True, 'backtracker')
>>> GENERATORS.get("wilson").perfect
True
>>> generate((4, 6), "kruskal", seed=1).maze.passages
23
"""

from .catalog import GENERATORS
from .core import generate
from .masks import load_mask, mask_from_image, mask_from_text
from .options import Option
from .result import Generated, GenerationStats

__all__ = ["GENERATORS", "generate", "Generated", "GenerationStats", "Option", "load_mask",
           "mask_from_text", "mask_from_image"]
