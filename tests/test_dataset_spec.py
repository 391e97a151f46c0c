"""Dataset specs: parsing options, TOML and JSON files, and the errors for bad values."""

from __future__ import annotations

import json

import pytest

from tremaux.dataset import DatasetSpec, load_spec, make_spec, row_seed, row_size, attempt_seed
from tremaux.errors import InvalidSizeError, MazeFormatError, TremauxError, UnknownNameError
from tremaux.kernels.rng import derive_seed


def test_defaults_and_round_trip():
    spec = DatasetSpec(count=100)
    assert spec.size == (10, 20) and spec.max_size is None and spec.seed == 0
    assert spec.outputs == ("maze", "solution", "stats") and spec.solvers == ("bfs",)
    assert DatasetSpec.from_dict(spec.to_dict()) == spec
    assert json.loads(json.dumps(spec.to_dict())) == spec.to_dict()


def test_sizes_and_ranges():
    assert DatasetSpec(count=1, size="7x9").size == (7, 9)
    assert DatasetSpec(count=1, size=[7, 9]).size == (7, 9)
    spec = DatasetSpec.from_dict({"count": 1, "size": "4x5..8x5"})
    assert spec.size_range == ((4, 5), (8, 5))
    # a range of one size is a fixed size
    assert DatasetSpec(count=1, size=(4, 5), max_size=(4, 5)).max_size is None
    with pytest.raises(InvalidSizeError, match="empty"):
        DatasetSpec(count=1, size=(4, 5), max_size=(3, 9))
    with pytest.raises(InvalidSizeError, match="levels"):
        DatasetSpec(count=1, size="2x3x4")
    with pytest.raises(InvalidSizeError, match="'twenty'"):
        DatasetSpec(count=1, size="twenty")
    with pytest.raises(InvalidSizeError, match="0x5"):
        DatasetSpec(count=1, size=(0, 5))


def test_outputs_are_canonical_and_checked():
    spec = DatasetSpec(count=1, outputs="tokens, maze,maze")
    assert spec.outputs == ("maze", "tokens")
    with pytest.raises(UnknownNameError, match="'pictures'.*ascii, blocks"):
        DatasetSpec(count=1, outputs=["pictures"])


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"count": 0}, "count 0 is out of range"),
        ({"count": "many"}, "count 'many' is not a whole number"),
        ({"braid": 1.5}, "braid 1.5 is out of range"),
        ({"braid": "lots"}, "braid 'lots' is not a number"),
        ({"shard_size": -3}, "shard_size -3"),
        ({"max_attempts": 0}, "max_attempts 0"),
        ({"solvers": []}, "solvers is empty"),
        ({"outputs": []}, "outputs must name at least one of: maze, blocks"),
        ({"outputs": " , "}, "outputs must name at least one of"),
        ({"filters": {"min_solution_length": 25}, "size": (5, 5)}, "min_solution_length=25 can never pass"),
        ({"filters": {"min_solution_length": 9, "max_solution_length": 4}}, "keep nothing"),
        ({"filters": {"min_dead_ends": -1}}, "min_dead_ends -1"),
    ],
)
def test_bad_values_name_the_value(changes, match):
    with pytest.raises(TremauxError, match=match):
        DatasetSpec(**{"count": 10, **changes})


@pytest.mark.parametrize(("changes", "message"), [
    ({"count": "5"}, "dataset count '5' is text, not a whole number: write 5 without quotes"),
    ({"count": 5.0}, "dataset count 5.0 is a float, not a whole number: write 5"),
    ({"shard_size": " 40 "}, "dataset shard_size ' 40 ' is text, not a whole number: write 40 without quotes"),
    ({"seed": 3.0}, "dataset seed 3.0 is a float, not a whole number: write 3"),
    ({"filters": {"min_solution_length": "6"}},
     "dataset filter min_solution_length '6' is text, not a whole number: write 6 without quotes"),
    ({"count": 5.5}, "dataset count 5.5 is not a whole number"),
    ({"count": float("inf")}, "dataset count inf is not a whole number"),
])
def test_a_count_must_be_a_whole_number_not_text_or_a_float(changes, message):
    with pytest.raises(TremauxError) as exc:
        DatasetSpec(**{"count": 10, **changes})
    assert str(exc.value) == message


def test_numpy_whole_numbers_are_whole_numbers():
    import numpy as np

    spec = DatasetSpec(count=np.int64(5), seed=np.uint32(7), shard_size=np.int16(2))
    assert (spec.count, spec.seed, spec.shard_size) == (5, 7, 2) and type(spec.count) is int


@pytest.mark.parametrize("generator", ["registry entry", 3, None])
def test_a_generator_that_is_not_a_name_is_one_short_line(generator):
    from tremaux.generators import GENERATORS

    value = GENERATORS.get("kruskal") if generator == "registry entry" else generator
    with pytest.raises(TremauxError) as exc:
        DatasetSpec(count=3, generator=value)
    kind = type(value).__name__
    assert str(exc.value) == ("dataset generator must be a generator name such as 'backtracker' (a str), not an "
                              f"object of type {kind}")


def _longest_corner_path(h: int, w: int) -> int:
    """Passages of the longest simple path from (0, 0) to (h-1, w-1) on the h x w grid, by trying them all."""
    best, seen = -1, {(0, 0)}

    def walk(r: int, c: int, steps: int) -> None:
        nonlocal best
        if (r, c) == (h - 1, w - 1):
            best = max(best, steps)
            return
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < h and 0 <= nc < w and (nr, nc) not in seen:
                seen.add((nr, nc))
                walk(nr, nc, steps + 1)
                seen.discard((nr, nc))

    walk(0, 0, 0)
    return best


@pytest.mark.parametrize("size", [(1, 5), (2, 2), (2, 3), (3, 3), (2, 4), (3, 4), (4, 4), (4, 5)])
def test_the_longest_solution_filter_refuses_exactly_what_no_path_reaches(size):
    # a perfect maze can take any simple path as its solution (the path grows into a spanning tree)
    longest = _longest_corner_path(*size)
    assert DatasetSpec(count=2, size=size, filters={"min_solution_length": longest}).filters
    with pytest.raises(TremauxError, match=rf"^filter min_solution_length={longest + 1} can never pass: "):
        DatasetSpec(count=2, size=size, filters={"min_solution_length": longest + 1})
    shortest = size[0] + size[1] - 2
    assert DatasetSpec(count=2, size=size, filters={"max_solution_length": shortest}).filters
    if shortest:
        with pytest.raises(TremauxError, match=rf"^filter max_solution_length={shortest - 1} can never pass: "):
            DatasetSpec(count=2, size=size, filters={"max_solution_length": shortest - 1})


def test_impossible_solution_filters_name_their_bound():
    with pytest.raises(TremauxError) as exc:
        DatasetSpec(count=3, size=(3, 3), max_size=(6, 8), filters={"min_solution_length": 47})
    assert str(exc.value) == ("filter min_solution_length=47 can never pass: the largest maze (6x8) has 48 cells on a "
                              "checkerboard of two colours of 24, with both corners of one colour, so paths of at "
                              "most 46 passages")
    with pytest.raises(TremauxError) as exc:
        DatasetSpec(count=3, size=(5, 7), max_size=(9, 9), filters={"max_solution_length": 9})
    assert str(exc.value) == ("filter max_solution_length=9 can never pass: in the smallest maze (5x7) a path from "
                              "corner to corner takes at least 10 passages")
    # options can leave the goal cut off (no path, length -1, under any maximum): not refused
    assert DatasetSpec(count=3, size=(5, 7), generator_options={"unreachable": 2},
                       filters={"max_solution_length": 9}).filters


def _most_leaves(h: int, w: int) -> int:
    """Most dead ends of a spanning tree of the h x w grid, by trying every set of h*w - 1 passages."""
    import itertools

    cells = h * w
    edges = [(r * w + c, r * w + c + 1) for r in range(h) for c in range(w - 1)]
    edges += [(r * w + c, (r + 1) * w + c) for r in range(h - 1) for c in range(w)]
    best = 0
    for chosen in itertools.combinations(edges, cells - 1):
        parent = list(range(cells))

        def root(x: int) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        degree = [0] * cells
        for a, b in chosen:
            ra, rb = root(a), root(b)
            if ra == rb:
                break
            parent[ra] = rb
            degree[a] += 1
            degree[b] += 1
        else:
            best = max(best, degree.count(1))
    return best


@pytest.mark.parametrize("size", [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4)])
def test_the_dead_end_bound_is_never_below_what_a_maze_reaches(size):
    cells = size[0] * size[1]
    bound = (2 * cells + 2) // 3
    assert _most_leaves(*size) <= bound  # sound: no maze of this size is refused
    assert DatasetSpec(count=2, size=size, filters={"min_dead_ends": bound}).filters
    with pytest.raises(TremauxError) as exc:
        DatasetSpec(count=2, size=size, filters={"min_dead_ends": bound + 1})
    assert str(exc.value) == (f"filter min_dead_ends={bound + 1} can never pass: the largest maze ({size[0]}x{size[1]}) "
                              f"is a tree of {cells} cells with at most 4 passages each, so at most {bound} dead ends")
    # with options (islands, unreachable cells) a maze may be a forest: only the cell count bounds it
    assert DatasetSpec(count=2, size=size, generator_options={"unreachable": 1}, filters={"min_dead_ends": cells}).filters


def test_unknown_filter_lists_the_valid_ones():
    with pytest.raises(UnknownNameError, match="min_length.*max_dead_ends"):
        DatasetSpec(count=1, filters={"min_length": 3})


def test_toml_and_json_files(tmp_path):
    toml = tmp_path / "spec.toml"
    toml.write_text(
        'count = 50\nsize = "6x8..9x9"\nseed = 11\noutputs = ["maze", "blocks"]\n'
        "[filters]\nmin_solution_length = 10\n"
    )
    spec = load_spec(toml)
    assert (spec.count, spec.size, spec.max_size, spec.seed) == (50, (6, 8), (9, 9), 11)
    assert spec.filters == {"min_solution_length": 10}
    js = tmp_path / "spec.json"
    js.write_text(json.dumps(spec.to_dict()))
    assert load_spec(js) == spec
    # options override the file; a new size drops the file's range
    over = make_spec(toml, count=5, size="4x4")
    assert (over.count, over.size, over.max_size, over.seed) == (5, (4, 4), None, 11)


@pytest.mark.parametrize("name, text", [("spec.toml", 'count = 3\r\nsize = "4x4"\r\n'),
                                        ("spec.json", '{"count": 3, "size": "4x4"}')])
@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_spec_saved_with_a_byte_order_mark_reads_as_maze_files_do(tmp_path, name, text, encoding):
    # Notepad's "UTF-8 with BOM", PowerShell's UTF-16: maze and mask files read so, and dataset specs
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    spec = load_spec(path)
    assert (spec.count, spec.size) == (3, (4, 4))


def test_bad_files(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("count = = 3\n")
    with pytest.raises(MazeFormatError, match=r"bad.toml:1:\d+: invalid TOML"):
        load_spec(bad)
    badj = tmp_path / "bad.json"
    badj.write_text('{"count": 3,\n "size": }')
    with pytest.raises(MazeFormatError, match=r"bad.json:2:10"):
        load_spec(badj)
    extra = tmp_path / "extra.toml"
    extra.write_text("count = 3\ncolour = 'red'\n")
    with pytest.raises(TremauxError, match="extra.toml: unknown dataset spec key 'colour'"):
        load_spec(extra)
    with pytest.raises(TremauxError, match="no 'count'"):
        make_spec(size="3x3")


def test_seed_plan():
    assert row_seed(5, 9) == derive_seed(5, 9)
    assert attempt_seed(123, 0) == 123
    assert attempt_seed(123, 2) == derive_seed(123, 2) != attempt_seed(123, 1)
    spec = DatasetSpec(count=200, size=(3, 4), max_size=(6, 9), seed=4)
    sizes = {row_size(spec, i) for i in range(200)}
    assert all(3 <= h <= 6 and 4 <= w <= 9 for h, w in sizes)
    assert {h for h, _ in sizes} == {3, 4, 5, 6} and {w for _, w in sizes} == set(range(4, 10))
    assert row_size(DatasetSpec(count=3, size=(5, 7)), 2) == (5, 7)


def test_shard_plan():
    spec = DatasetSpec(count=25, shard_size=10)
    assert spec.shards == 3
    assert [spec.shard_rows(i) for i in range(3)] == [(0, 10), (10, 20), (20, 25)]


@pytest.mark.parametrize("outputs", ["", ",", []])
def test_empty_outputs_from_the_command_line_or_a_file_are_refused(tmp_path, outputs):
    # ``--outputs ""`` (an empty shell variable) or ``outputs = []`` built rows of nothing but their seeds
    with pytest.raises(TremauxError, match="dataset outputs must name at least one of: maze"):
        make_spec(count=3, outputs=outputs)
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"count": 3, "outputs": outputs}))
    with pytest.raises(TremauxError, match=r"spec.json: dataset outputs must name at least one of"):
        make_spec(path)


@pytest.mark.parametrize("filters, match", [
    ({"min_solution_length": 20}, r"min_solution_length=20 can never pass in the rows of the smallest size of the "
                                  r"range \(2x2\), whose paths take at most 2 passages"),
    ({"max_solution_length": 10}, r"max_solution_length=10 can never pass in the rows of the largest size of the "
                                  r"range \(10x10\), whose paths take at least 18 passages"),
])
def test_every_size_of_a_range_must_be_able_to_pass_the_filters(filters, match):
    # a row keeps the size its seed draws through all its redraws: a 2x2 row of a 2x2..10x10 range asked for
    # 20 passages failed its 1000 draws ("raise max_attempts", which could not help) after the build had begun
    with pytest.raises(TremauxError, match=match):
        DatasetSpec(count=2000, size=(2, 2), max_size=(10, 10), filters=filters)
    assert make_spec(count=3, size="5x5..10x10", min_solution_length=20).filters == {"min_solution_length": 20}
    assert DatasetSpec(count=3, size=(2, 2), max_size=(5, 5), filters={"max_solution_length": 8}).filters


def test_min_dead_ends_must_be_reachable_by_the_smallest_size_of_a_range():
    with pytest.raises(TremauxError, match=r"min_dead_ends=10 can never pass in the rows of the smallest size of the "
                                           r"range \(3x3\), which have at most 6 dead ends"):
        DatasetSpec(count=100, size=(3, 3), max_size=(9, 9), filters={"min_dead_ends": 10})
    assert DatasetSpec(count=100, size=(4, 4), max_size=(9, 9), filters={"min_dead_ends": 10}).filters


@pytest.mark.parametrize("call", ["regenerate", "row_size", "token_vocabulary", "build"])
@pytest.mark.parametrize("spec", [{"count": 3, "size": (4, 4)}, "spec.toml", None])
def test_a_function_taking_a_spec_names_what_it_was_given_instead(call, spec, tmp_path):
    """A dict, a file name or None where a DatasetSpec goes: one line naming the type, not an AttributeError."""
    import tremaux.dataset as ds

    args = {"regenerate": (spec, 0), "row_size": (spec, 0), "token_vocabulary": (spec,),
            "build": (spec, tmp_path / "out")}[call]
    with pytest.raises(TremauxError, match=rf"^{call} needs a DatasetSpec .*, not {type(spec).__name__}"):
        getattr(ds, call)(*args)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("row", [3, -1, 1.0, True, "0"])
def test_row_size_refuses_a_row_the_dataset_has_not(row):
    spec = DatasetSpec(count=3, size=(4, 4), max_size=(6, 6))
    with pytest.raises(TremauxError, match=r"is not in this dataset: rows are 0 to 2$"):
        row_size(spec, row)


def test_a_maze_too_big_for_a_shard_says_what_one_maze_needs():
    """The figure is one maze's (it was the whole shard's, 10,000 mazes of them: "179989.0 GiB"), in a readable unit."""
    from tremaux.dataset.shard import check_spec, shard_memory

    said = set()
    for count in (2, 10**8):
        spec = DatasetSpec(count=count, size=(32767, 32767))
        with pytest.raises(TremauxError, match=r"^a 32767x32767 maze needs about (\d+\.\d [KMGT]iB) of memory in a "
                                               r"dataset shard, over the 4\.0 GiB a shard may use") as info:
            check_spec(spec)
        said.add(str(info.value).split("about ")[1].split(" of")[0])
        one = shard_memory(spec) // spec.shard_size
    assert len(said) == 1
    from tremaux.budget.sizes import format_bytes

    assert said == {format_bytes(one)}


def test_a_size_range_as_text_builds_a_spec_from_python_as_from_a_file():
    # "HxW..HxW" read from a spec file or --size, and refused by DatasetSpec(...) itself before
    spec = DatasetSpec(count=5, size="4x4..8x12", seed=2)
    assert spec == DatasetSpec.from_dict({"count": 5, "size": "4x4..8x12", "seed": 2})
    assert spec.size_range == ((4, 4), (8, 12))
    assert DatasetSpec(count=5, size="6x6..6x6").max_size is None
    with pytest.raises(TremauxError, match=r"^give a size range either as size = 'HxW\.\.HxW' or with max_size"):
        DatasetSpec(count=5, size="4x4..8x12", max_size=(9, 9))


@pytest.mark.parametrize("seed", [-1, -(2**63), 2**64])
def test_a_dataset_seed_outside_the_librarys_range_is_refused(seed):
    # -1 gave the dataset of 2**64 - 1, row for row
    with pytest.raises(TremauxError, match=rf"^dataset seed {seed} is out of range: it must be between 0 and "
                                           rf"{2**64 - 1}$"):
        DatasetSpec(count=3, seed=seed)
    assert DatasetSpec(count=3, seed=2**64 - 1).seed == 2**64 - 1
