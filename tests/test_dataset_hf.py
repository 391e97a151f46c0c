"""Datasets for training: Hugging Face views, streaming, splits, deduplication and tokenisations."""

from __future__ import annotations

import random
import re
import sys

import numpy as np
import pytest

import tremaux.dataset as ds
from tremaux.errors import MazeFormatError, TremauxError, UnknownNameError

pytest.importorskip("datasets", reason="the hf extra (datasets) is not installed")

SPEC = ds.DatasetSpec(count=60, size=(5, 6), seed=9, shard_size=25, outputs=("maze", "solution", "stats", "tokens"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("hf")
    ds.build(SPEC, out / "a")
    ds.build(SPEC.replace(generator="kruskal", seed=10, size="3x3..6x6"), out / "b")
    return out


def test_to_hf_holds_the_same_rows_as_load(built):
    data = ds.to_hf(built / "a")
    arrays = ds.load(built / "a")
    assert data.num_rows == SPEC.count
    assert set(data.column_names) == set(arrays) | {"generator"}
    np_rows = data.with_format("numpy")
    assert (np.stack(np_rows["cells"]).reshape(-1, 5, 6) == arrays["cells"]).all()
    assert (np_rows["bfs_length"] == arrays["bfs_length"]).all()
    assert set(data["generator"]) == {"backtracker"}
    sub = ds.to_hf(built / "a", columns=["seed", "cells"])
    assert sub.column_names == ["seed", "cells", "generator"]
    with pytest.raises(TremauxError, match="no column 'pictures'"):
        ds.to_hf(built / "a", columns=["pictures"])


def test_memory_mapped_copy_takes_no_memory(built, tmp_path):
    import pyarrow as pa

    cache = tmp_path / "cache"
    before = pa.total_allocated_bytes()
    data = ds.to_hf(built / "a", cache_dir=cache)
    grown = pa.total_allocated_bytes() - before
    files = sorted(cache.iterdir())
    assert len(files) == SPEC.shards and all(f.suffix == ".arrow" for f in files)
    size = sum(f.stat().st_size for f in files)
    assert grown < size / 4  # the table's buffers are in the memory maps, not in Arrow's pool
    again = ds.to_hf(built / "a", cache_dir=cache)  # reuses the decoded files
    assert sorted(cache.iterdir()) == files
    assert again["seed"] == data["seed"] == ds.to_hf(built / "a")["seed"]


def test_several_datasets_and_splits(built):
    both = ds.to_hf([built / "a", built / "b"], columns=["seed", "height", "width", "cells", "solution_length"])
    assert both.num_rows == 2 * SPEC.count
    by_gen = ds.split(both, "generator", train="backtracker", ood=["kruskal"])
    assert set(by_gen["train"]["generator"]) == {"backtracker"} and len(by_gen["ood"]) == SPEC.count
    sizes = ds.split(both, "size", small=("3x3", "4x5"), big=(21, None))
    cells = [h * w for h, w in zip(sizes["small"]["height"], sizes["small"]["width"])]
    assert cells and max(cells) <= 20 and min(h * w for h, w in zip(sizes["big"]["height"], sizes["big"]["width"])) > 20
    lengths = ds.split(both, "solution_length", short=(None, 9), long=(10, None))
    assert len(lengths["short"]) + len(lengths["long"]) == both.num_rows
    assert max(lengths["short"]["solution_length"]) <= 9 <= min(lengths["long"]["solution_length"]) - 1
    heights = ds.split(both, "height", tall=(6, 6))
    assert set(heights["tall"]["height"]) == {6}


def test_seed_split_does_not_depend_on_row_order(built):
    data = ds.to_hf(built / "a", columns=["seed"])
    parts = ds.split(data, "seed", train=0.7, test=0.3)
    shuffled = ds.split(data.shuffle(seed=1), "seed", train=0.7, test=0.3)
    assert set(parts["train"]["seed"]) == set(shuffled["train"]["seed"])
    assert not set(parts["train"]["seed"]) & set(parts["test"]["seed"])
    assert len(parts["train"]) + len(parts["test"]) == SPEC.count


def test_split_refusals(built):
    data = ds.to_hf(built / "a", columns=["seed", "height", "width"])
    with pytest.raises(UnknownNameError, match="unknown split key 'colour'"):
        ds.split(data, "colour", a=(0, 1))
    with pytest.raises(TremauxError, match="add up to more than 1"):
        ds.split(data, "seed", a=0.7, b=0.5)
    with pytest.raises(TremauxError, match="not a range"):
        ds.split(data, "height", a=5)
    with pytest.raises(TremauxError, match="no column 'solution_length'"):
        ds.split(data, "solution_length", a=(0, 3))
    with pytest.raises(TremauxError, match="at least one part"):
        ds.split(data, "height")


def test_dedupe_by_canonical_hash(tmp_path):
    # a 2x2 grid has exactly 4 perfect mazes; two seeds and two generators draw the same ones
    ds.build(ds.DatasetSpec(count=200, size=(2, 2), seed=1, shard_size=100), tmp_path / "x")
    ds.build(ds.DatasetSpec(count=200, size=(2, 2), seed=2, generator="prim", shard_size=64), tmp_path / "y")
    data = ds.to_hf([tmp_path / "x", tmp_path / "y"], columns=["index", "height", "width", "cells"])
    # the four are turns and mirrors of one another (corner to corner): one maze up to symmetry
    assert list(ds.dedupe(data)["index"]) == [0]
    unique = ds.dedupe(data, symmetric=False)
    assert len(unique) == 4
    kept = unique.with_format("numpy")
    first = data.with_format("numpy")
    seen: dict[bytes, int] = {}
    for k, c in enumerate(first["cells"]):
        seen.setdefault(bytes(c), k)
    # the first row of each maze, in the original order
    assert [bytes(c) for c in kept["cells"]] == [bytes(first["cells"][k]) for k in sorted(seen.values())]
    assert list(kept["index"]) == [int(first["index"][k]) for k in sorted(seen.values())]
    hashes = ds.maze_hash(first["cells"], first["height"], first["width"], symmetric=False)
    assert len(set(hashes.tolist())) == 4
    assert len(set(ds.maze_hash(first["cells"], first["height"], first["width"]).tolist())) == 1
    with pytest.raises(TremauxError, match="needs the cells column"):
        ds.dedupe(ds.to_hf(tmp_path / "x", columns=["seed"]))


def test_stream_reads_shard_by_shard(built):
    rows = list(ds.stream(built / "a", columns=["index", "bfs_length"]))
    assert [r["index"] for r in rows] == list(range(SPEC.count))
    assert [r["bfs_length"] for r in rows] == ds.load(built / "a")["bfs_length"].tolist()
    assert ds.stream(built / "a").n_shards == SPEC.shards
    tables = list(ds.iter_shards(built / "a", columns=["index"]))
    assert [t.num_rows for t in tables] == [25, 25, 10]


def test_missing_extra_is_named(built, monkeypatch):
    monkeypatch.setitem(sys.modules, "datasets", None)
    with pytest.raises(TremauxError, match=r"pip install 'tremaux\[hf\]'"):
        ds.to_hf(built / "a")


def test_training_loop_over_a_split(built):
    data = ds.to_hf(built / "a", columns=["tokens", "tokens_length", "seed"]).with_format("numpy")
    train = ds.split(data, "seed", train=0.8)["train"]
    seen = 0
    for batch in train.iter(batch_size=16):
        longest = int(batch["tokens_length"].max())
        x = np.zeros((len(batch["tokens"]), longest), np.int64)
        for k, t in enumerate(batch["tokens"]):
            x[k, : len(t)] = t
        assert (x[:, 0] == 1).all()  # <BOS>
        seen += len(x)
    assert seen == len(train) > 0


# -- tokenisations ----------------------------------------------------------------------------

# A reader written from maze-dataset's published format description (the
# "AOTP" text: adjacency list, origin, target and path regions, coordinates
# "(row,col)", connections "a <--> b ;"), independent of tremaux's own reader,
# giving maze-dataset's own representation: the connection list A of shape
# (2, rows, cols), A[0, i, j] = passage down from (i, j), A[1, i, j] = right.


def reference_read(text: str):
    tokens = text.split(" ")
    def between(a, b):
        return tokens[tokens.index(a) + 1 : tokens.index(b)]
    coord = re.compile(r"^\((\d+),(\d+)\)$")
    def xy(t):
        m = coord.match(t)
        assert m, t
        return int(m.group(1)), int(m.group(2))
    adj = between("<ADJLIST_START>", "<ADJLIST_END>")
    assert len(adj) % 4 == 0
    edges = [(xy(adj[i]), xy(adj[i + 2])) for i in range(0, len(adj), 4)]
    assert all(adj[i + 1] == "<-->" and adj[i + 3] == ";" for i in range(0, len(adj), 4))
    return edges, xy(between("<ORIGIN_START>", "<ORIGIN_END>")[0]), \
        xy(between("<TARGET_START>", "<TARGET_END>")[0]), [xy(t) for t in between("<PATH_START>", "<PATH_END>")]


def connection_list(edges, h, w):
    a = np.zeros((2, h, w), bool)
    for p, q in edges:
        (r0, c0), (r1, c1) = sorted((p, q))
        a[0 if r1 > r0 else 1, r0, c0] = True
    return a


def connection_list_of_cells(cells):
    return np.stack([(cells & 4) != 0, (cells & 2) != 0])


@pytest.mark.parametrize("generator", ["backtracker", "kruskal", "wilson", "binary-tree"])
def test_maze_dataset_text_round_trip(tmp_path, generator):
    spec = ds.DatasetSpec(count=20, size=(3, 3), max_size=(7, 8), seed=4, generator=generator, braid=0.2,
                          shard_size=20)
    ds.build(spec, tmp_path)
    rows = ds.to_hf(tmp_path).with_format("numpy")
    rng = random.Random(0)
    for k in range(spec.count):
        row = rows[k]
        h, w = int(row["height"]), int(row["width"])
        cells = row["cells"].reshape(h, w)
        text = ds.row_text(row, "maze-dataset-aotp/1")
        edges, origin, target, path = reference_read(text)
        assert (connection_list(edges, h, w) == connection_list_of_cells(cells)).all()
        assert origin == (0, 0) and target == (h - 1, w - 1)
        assert [r * w + c for r, c in path] == row["bfs_path"].tolist()
        back = ds.from_maze_dataset_text(text)
        assert back["path"] == path
        assert (back["cells"] == cells[: back["cells"].shape[0], : back["cells"].shape[1]]).all()
        # maze-dataset writes connections in any order and direction: the reader does not care
        chunks = [text.split(" ")[1:-1][i : i + 4] for i in range(0, 4 * len(edges), 4)]
        rng.shuffle(chunks)
        flipped = [[c[2], c[1], c[0], c[3]] if rng.random() < 0.5 else c for c in chunks]
        shuffled = " ".join(["<ADJLIST_START>", *[t for c in flipped for t in c], *text.split(" ")[1 + 4 * len(edges):]])
        assert (ds.from_maze_dataset_text(shuffled)["cells"] == back["cells"]).all()


@pytest.mark.parametrize(
    "text",
    ["", "<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END>",
     "<ADJLIST_START> (0,0) <--> (0,2) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (0,2) "
     "<TARGET_END> <PATH_START> <PATH_END>",
     "<ADJLIST_START> (0,0) -- (0,1) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (0,1) "
     "<TARGET_END> <PATH_START> <PATH_END>",
     "<ADJLIST_START> <ADJLIST_END> <ORIGIN_START> (x,0) <ORIGIN_END> <TARGET_START> (0,1) <TARGET_END> "
     "<PATH_START> <PATH_END>"],
)
def test_maze_dataset_text_refusals(text):
    with pytest.raises(MazeFormatError, match="maze-dataset text"):
        ds.from_maze_dataset_text(text)


def test_prompt_answer_walks_the_maze(built):
    rows = ds.to_hf(built / "a").with_format("numpy")
    step = {"N": (-1, 0, 1), "E": (0, 1, 2), "S": (1, 0, 4), "W": (0, -1, 8)}
    for k in range(10):
        row = rows[k]
        h, w = int(row["height"]), int(row["width"])
        cells = row["cells"].reshape(h, w)
        pair = ds.row_text(row, "prompt-answer/1")
        assert f"{h} rows and {w} columns" in pair["prompt"] and pair["prompt"].count("\n") == 2 * h + 1
        r = c = 0
        for move in pair["answer"].split(" "):
            dr, dc, bit = step[move]
            assert cells[r, c] & bit
            r, c = r + dr, c + dc
        assert (r, c) == (h - 1, w - 1) and len(pair["answer"].split(" ")) == int(row["solution_length"])
    assert (ds.row_text(rows[0], "tremaux-tokens/1") == rows[0]["tokens"]).all()
    with pytest.raises(UnknownNameError, match="unknown tokenisation 'bpe'"):
        ds.row_text(rows[0], "bpe")
    assert set(ds.TOKENIZATIONS) == {"tremaux-tokens/1", "maze-dataset-aotp/1", "prompt-answer/1"}


def test_split_and_dedupe_refuse_the_dict_of_load_in_one_line(tmp_path):
    # the dict of arrays ds.load gives (or a path) ended in "AttributeError: 'dict' object has no attribute ..."
    pytest.importorskip("datasets")
    ds.build(ds.DatasetSpec(count=6, size=(3, 3), shard_size=3), tmp_path / "d")
    data = ds.load(tmp_path / "d")
    for call in (lambda x: ds.split(x, "size", a=(1, 9)), ds.dedupe):
        for wrong in (data, str(tmp_path / "d")):
            with pytest.raises(TremauxError, match=r"takes a datasets.Dataset, as tremaux.dataset.to_hf\(path\)"):
                call(wrong)


def test_to_hf_cache_dir_that_is_a_file_is_named_in_one_line(tmp_path):
    pytest.importorskip("datasets")
    ds.build(ds.DatasetSpec(count=4, size=(3, 3), shard_size=2), tmp_path / "d")
    (tmp_path / "f").write_text("not a folder")
    with pytest.raises(TremauxError, match=r"cache_dir .*f cannot be a folder: File exists"):
        ds.to_hf(tmp_path / "d", cache_dir=tmp_path / "f")
