"""A wide size range costs a shard only the sizes it holds.

Some generator parameters depend on the number of cells, so a shard needs
them for each size its rows have; it once computed them for every size of
the range (h x w pairs: about a million for 10x10..1000x1000, seconds per
shard, and for 5x5..32767x32767 more than the memory of the machine, before
the spec was even checked).
"""

from __future__ import annotations

import numpy as np
import pytest

import tremaux.dataset as ds
from tremaux.generators import GENERATORS


class Counting:
    """A registry entry whose ``params`` counts its calls."""

    def __init__(self, entry, calls):
        self._entry, self._calls = entry, calls

    def params(self, opts, cells):
        self._calls.append(cells)
        return self._entry.params(opts, cells)

    def __getattr__(self, key):
        return getattr(self._entry, key)


@pytest.mark.parametrize("generator", ["backtracker", "growing-tree"])
def test_params_only_for_the_sizes_of_the_rows(monkeypatch, tmp_path, generator):
    spec = ds.DatasetSpec(count=6, size=(3, 4), max_size=(160, 170), seed=3, shard_size=3, generator=generator,
                          outputs=("maze",))
    calls: list[int] = []
    real = GENERATORS.get
    monkeypatch.setattr(GENERATORS, "get", lambda name: Counting(real(name), calls))
    ds.build(spec, tmp_path / "d")
    monkeypatch.undo()
    data = ds.load(tmp_path / "d")
    # the spec check at both ends of the range, a sample for the disk estimate, then one call per size of
    # a shard's rows: a handful, where the range has 158 x 167 = 26,386 sizes
    assert calls[:2] == [3 * 4, 160 * 170] and len(calls) <= 3 + spec.count
    assert set((data["height"].astype(int) * data["width"].astype(int)).tolist()) <= set(calls)
    for i in (0, 4):
        row = ds.regenerate(spec, i)
        h, w = int(data["height"][i]), int(data["width"][i])
        assert np.array_equal(row["cells"], data["cells"][i][:h, :w])
