"""Datasets of mazes at scale: batch generation into Parquet or Arrow shards, on all cores or Dask.

A dataset is described by a :class:`DatasetSpec` (count, size or size range,
generator and options, braid share, solvers, outputs, filters, base seed,
shard size), built by :func:`build` on an engine (``local``, ``processes`` or
``dask``) into a directory of Parquet (or Arrow) shards with a ``_manifest.json``, and
read back into NumPy arrays by :func:`load`. Row ``i`` is derived from the
base seed alone (see :mod:`tremaux.dataset.plan`), so :func:`regenerate`
rebuilds any single row and every engine writes the same files.

The directory may be a local path or any URL fsspec knows (``s3://``, ...;
see :mod:`tremaux.dataset.fs`), where workers write their own shards. For
training, :func:`to_hf` opens a dataset as a Hugging Face
``datasets.Dataset``, :func:`stream` reads it shard by shard, :func:`split`
prepares out-of-distribution splits, :func:`dedupe` drops repeated mazes
by a hash that is the same for a maze's rotations and reflections, and
:mod:`tremaux.dataset.text` holds the versioned tokenisations.

Examples
--------
>>> import tempfile
>>> import tremaux.dataset as ds
>>> spec = ds.DatasetSpec(count=20, size=(6, 6), seed=1, shard_size=8,
...                       filters={"min_solution_length": 11})
>>> with tempfile.TemporaryDirectory() as d:
...     report = ds.build(spec, d)
...     data = ds.load(d)
>>> data["cells"].shape, bool((data["solution_length"] >= 11).all())
((20, 6, 6), True)
>>> row = ds.regenerate(spec, 13)
>>> bool((row["cells"] == data["cells"][13]).all()), row["seed"] == int(data["seed"][13])
(True, True)
"""

from __future__ import annotations

from .build import BuildReport, Progress, build
from .engines import ENGINES
from .canonical import HASH_VERSION, dedupe, maze_hash
from .hf import SPLIT_KEYS, iter_shards, split, stream, to_hf
from .plan import attempt_seed, row_seed, row_size
from .progress import rich_progress
from .read import load, verify
from .regen import regenerate
from .shard import token_vocabulary
from .spec import FILTERS, OUTPUTS, DatasetSpec, load_spec, make_spec
from .text import TOKENIZATIONS, from_maze_dataset_text, prompt_answer, row_text, to_maze_dataset_text
from .store import DatasetDirError, Manifest, open_target, parse_storage_options, read_manifest

__all__ = [
    "DatasetSpec",
    "OUTPUTS",
    "FILTERS",
    "ENGINES",
    "load_spec",
    "make_spec",
    "build",
    "BuildReport",
    "Progress",
    "load",
    "verify",
    "regenerate",
    "read_manifest",
    "open_target",
    "parse_storage_options",
    "Manifest",
    "DatasetDirError",
    "rich_progress",
    "row_seed",
    "attempt_seed",
    "row_size",
    "token_vocabulary",
    "to_hf",
    "stream",
    "iter_shards",
    "split",
    "SPLIT_KEYS",
    "dedupe",
    "maze_hash",
    "HASH_VERSION",
    "TOKENIZATIONS",
    "row_text",
    "to_maze_dataset_text",
    "from_maze_dataset_text",
    "prompt_answer",
]
