"""Saved mazes (.npz, .json), format detection, load/save/loads/dumps and their errors."""

import io
import json
import re
import zipfile

import numpy as np
import pytest
from hypothesis import given, settings

from random_mazes import mazes, random_perfect
from tremaux import Maze
from tremaux import io as mio
from tremaux.errors import MazeFormatError, UnknownNameError, UnsupportedError
from tremaux.io import json as J
from tremaux.io import npz as N

FORMATS = ["ascii", "block", "json", "tokens", "npz", "png"]


@settings(max_examples=50, deadline=None)
@given(mazes(max_side=5))
def test_every_format_round_trips_through_dumps_and_loads(maze):
    for fmt in ("ascii", "json", "npz"):
        data = mio.dumps(maze, fmt)
        assert mio.detect_format(data) == fmt
        assert mio.loads(data) == maze
        assert mio.loads(data, fmt) == maze
    text = mio.dumps(maze, "block")
    assert mio.detect_format(text) == "block"
    assert mio.dumps(mio.loads(text), "block") == text


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("shape", [(3, 4), (2, 3, 3)])
def test_save_and_load_every_format(tmp_path, fmt, shape):
    maze = random_perfect(shape, seed=1, start=(0,) * len(shape), goal=tuple(s - 1 for s in shape))
    if fmt == "block":
        maze = Maze.open(shape, start=maze.start, goal=maze.goal)
    path = tmp_path / f"maze.{fmt}"
    if fmt == "tokens" and len(shape) == 3:  # maze-dataset's tokens hold one level
        with pytest.raises(UnsupportedError, match="one level without a mask, not a maze with levels"):
            mio.save(maze, path, fmt)
        return
    mio.save(maze, path, fmt)
    assert mio.load(path) == maze  # detected from the content, whatever the extension
    assert mio.load(path, fmt) == maze


def test_extension_chooses_the_format(tmp_path):
    maze = random_perfect((3, 3), seed=2)
    mio.save(maze, tmp_path / "m.NPZ")
    mio.save(maze, tmp_path / "m.json")
    assert (tmp_path / "m.NPZ").read_bytes()[:2] == b"PK"
    assert json.loads((tmp_path / "m.json").read_text())["format"] == "tremaux-maze"
    assert mio.load(tmp_path / "m.NPZ") == mio.load(tmp_path / "m.json") == maze
    assert (tmp_path / "m.json").read_text().endswith("}\n")


def test_save_needs_a_format_it_can_tell(tmp_path):
    with pytest.raises(UnsupportedError, match=r"cannot tell what to write to .*m\.dat.*\(ascii, block, json, tokens, npz, png\)"):
        mio.save(Maze.open((2, 2)), tmp_path / "m.dat")
    with pytest.raises(UnknownNameError, match="unknown format 'tiff'; choose one of: ascii, block, json, npz, png"):
        mio.save(Maze.open((2, 2)), tmp_path / "m.txt", "tiff")
    assert not list(tmp_path.iterdir())
    with pytest.raises(UnknownNameError):
        mio.dumps(Maze.open((2, 2)), "svg")


def test_registry_lists_the_formats():
    assert mio.FORMATS.names() == FORMATS
    assert [e.binary for e in mio.FORMATS] == [False, False, False, False, True, True]
    assert all(e.doc for e in mio.FORMATS)


def test_json_layout_is_one_hex_digit_per_cell():
    maze = Maze.open((2, 3), start=(0, 0))
    d = J.to_dict(maze)
    assert d == {
        "format": "tremaux-maze", "version": 1, "shape": [2, 3], "cells": ["6ec", "3b9"],
        "mask": None, "start": [0, 0], "goal": None,
    }
    mask = np.array([[[True, False]], [[True, True]]])
    d3 = J.to_dict(Maze.open((2, 1, 2), mask=mask))
    assert d3["cells"] == [["1000"], ["2208"]] and d3["mask"] == [["10"], ["11"]]
    upper = json.dumps({**d, "cells": ["6EC", "3B9"]})
    assert J.loads(upper) == maze


def _json(**changes):
    d = J.to_dict(Maze.open((2, 3), start=(0, 0)))
    d.update(changes)
    return json.dumps(d)


JSON_BAD = [
    ("{\n  \"format\": \"tremaux-maze\",\n  oops\n}", "malformed JSON", 3, 3),
    ("[1, 2]", "an object", None, None),
    (_json(format="mazelib"), "not a tremaux maze file", None, None),
    (_json(version=2), "version 2 is newer than this tremaux reads (1)", None, None),
    (_json(version="1"), "not a whole number", None, None),
    (_json(version=0), "does not exist", None, None),
    (json.dumps({"format": "tremaux-maze", "version": 1, "shape": [1, 1]}), "no 'cells' field", None, None),
    (_json(shape="2x3"), "'shape' must be a list", None, None),
    (_json(shape=[-1, 3]), "at least 1", None, None),
    (_json(shape=[100000, 100000]), "the limit is", None, None),
    (_json(cells=["6ec"]), "list of 2 strings", None, None),
    (_json(cells=["6ec", "3b"]), "row 2 has 2 characters; 3 cells need 3", None, None),
    (_json(cells=["6ec", "3bz"]), "row 2, character 3: 'z'", None, None),
    (_json(cells=["6ec", "3b8"]), "invalid maze: passage S of cell (0, 2) is open from one side only", None, None),
    (_json(mask=["111", "112"]), "'mask' row 2, character 3", None, None),
    (_json(start=[5, 0]), "invalid maze: start (5, 0) is outside the 2 x 3 grid", None, None),
    (_json(start="top"), "'start' must be a list", None, None),
    (_json(goal=[0, True]), "'goal' must be a list", None, None),
    (json.dumps({**J.to_dict(Maze.open((2, 1, 2))), "cells": [["0000"]]}), "list of 2 levels", None, None),
]


@pytest.mark.parametrize("text, message, line, column", JSON_BAD)
def test_json_errors(text, message, line, column):
    with pytest.raises(MazeFormatError) as info:
        J.loads(text, source="m.json")
    assert message in str(info.value)
    assert str(info.value).startswith("m.json:")
    assert (info.value.line, info.value.column) == (line, column)


def _npz(**arrays):
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue()


GOOD = {"format": np.array("tremaux-maze"), "version": np.array(1), "cells": np.zeros((2, 2), np.uint8),
        "start": np.array([], np.int64), "goal": np.array([], np.int64)}

NPZ_BAD = [
    (b"", "does not start like a zip archive"),
    (N.to_bytes(Maze.open((3, 3)))[:80], "not a readable .npz maze file"),
    (_npz(**{**GOOD, "version": np.array(3)}), "version 3 is newer"),
    (_npz(**{k: v for k, v in GOOD.items() if k != "format"}), "not a tremaux maze file: it has no format field"),
    (_npz(**{k: v for k, v in GOOD.items() if k != "version"}), "the file has no version field"),
    (_npz(**{**GOOD, "format": np.array("other")}), "format field is 'other'"),
    (_npz(**{k: v for k, v in GOOD.items() if k != "cells"}), "no 'cells' array"),
    (_npz(**{k: v for k, v in GOOD.items() if k != "start"}), "no 'start' array"),
    (_npz(**{**GOOD, "start": np.array([0.5, 1])}), "'start' array must be a 1-D list of whole numbers"),
    (_npz(**{**GOOD, "start": np.array([7, 7])}), "invalid maze: start (7, 7) is outside"),
    (_npz(**{**GOOD, "mask": np.ones((2, 2), np.uint8)}), "'mask' array must be boolean"),
    (_npz(**{**GOOD, "cells": np.full((2, 2), 2, np.uint8)}), "invalid maze: passage E"),
    (_npz(**{**GOOD, "cells": np.zeros((2, 2, 2, 2), np.uint8)}), "invalid maze: maze cells must be a 2-D"),
    (_npz(**{**GOOD, "cells": np.array([[None]], dtype=object)}), "not a readable .npz maze file"),
]


@pytest.mark.parametrize("data, message", NPZ_BAD)
def test_npz_errors(data, message):
    with pytest.raises(MazeFormatError) as info:
        N.from_bytes(data, source="m.npz")
    assert message in str(info.value)
    assert str(info.value).startswith("m.npz: ")


def test_npz_holds_no_pickle_and_only_named_arrays():
    data = N.to_bytes(Maze.open((2, 2), mask=np.array([[True, False], [True, True]]), goal=(1, 1)))
    names = sorted(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert names == ["cells.npy", "format.npy", "goal.npy", "mask.npy", "start.npy", "version.npy"]


def test_loads_checks_its_input():
    with pytest.raises(MazeFormatError, match="binary; give bytes"):
        mio.loads("PK", "npz")
    with pytest.raises(MazeFormatError, match="not UTF-8"):
        mio.loads(b"\xff\xfe+---+")
    # bytes of a text maze are decoded
    assert mio.loads(b"+---+\n| S |\n+---+").start == (0, 0)


def test_detection_skips_blank_lines_and_level_headers():
    assert mio.detect_format("\n\nlevel 0\n+---+\n|   |\n+---+") == "ascii"
    assert mio.detect_format("level 0\n..\n") == "block"
    assert mio.detect_format("  {}") == "json"
    assert mio.detect_format("") == "block"
    assert mio.detect_format(b"PK\x03\x04rest") == "npz"


def test_load_names_the_file_in_errors(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("+---+\n| ? |\n+---+\n")
    with pytest.raises(MazeFormatError, match=r"bad.txt:2:3: unknown character '\?'"):
        mio.load(path)
    with pytest.raises(FileNotFoundError):
        mio.load(tmp_path / "missing.npz")


def test_an_svg_picture_of_tremaux_reads_back_as_its_maze(tmp_path, capsys):
    # `tremaux render -o maze.svg` then `tremaux solve maze.svg`: the drawing's walls are read (it was refused)
    import tremaux
    from cli_helpers import run

    out = tmp_path / "maze.svg"
    made = tremaux.generate((3, 4), seed=1)
    tremaux.render.save(made, out)
    assert mio.load(out) == made.maze
    code, text, err = run(capsys, "solve", str(out))
    assert code == 0 and text.startswith("+---+") and "error" not in err
    (tmp_path / "page.html").write_text("<html><body>a maze</body></html>")
    code, _, err = run(capsys, "solve", str(tmp_path / "page.html"))
    assert code == 2 and "root is <html>" in err and err.count("\n") == 1


def test_one_name_for_the_picture_format_everywhere(tmp_path):
    maze = random_perfect((3, 4), seed=1)
    names = "choose one of: ascii, block, json, npz, png, tokens"
    for call in (lambda: mio.dumps(maze, "tiff"), lambda: mio.loads("x", "tiff"),
                 lambda: mio.save(maze, tmp_path / "m.txt", "tiff")):
        with pytest.raises(UnknownNameError, match=f"unknown format 'tiff'; {names}$"):
            call()
    data = mio.dumps(maze, "png")
    assert mio.detect_format(data) == "png" and data == mio.dumps(maze, "image")  # the old name still works
    assert mio.loads(data, "image") == mio.loads(data, "png") == maze


def test_a_numpy_save_of_the_cells_or_of_a_mazelib_grid_reads_as_the_maze(tmp_path, capsys):
    import numpy as np

    import tremaux
    from cli_helpers import run
    from tremaux.errors import MazeFormatError
    from tremaux.io import block

    maze = tremaux.generate((5, 7), "wilson", seed=2).maze
    np.save(tmp_path / "cells.npy", maze.cells)  # was: "not a maze file: byte 0 is not UTF-8 text"
    np.save(tmp_path / "grid.npy", block.to_blocks(maze).astype(np.int8))  # mazelib's Maze.grid
    for name in ("cells.npy", "grid.npy"):
        got = tremaux.io.load(tmp_path / name)
        assert got.shape == maze.shape and (got.cells == maze.cells).all()
        code, out, err = run(capsys, "info", str(tmp_path / name), "--json")
        assert code == 0, err
    np.save(tmp_path / "noise.npy", np.full((2, 2), 7, np.uint8))
    with pytest.raises(MazeFormatError, match="noise.npy: invalid maze: passage N of cell"):
        tremaux.io.load(tmp_path / "noise.npy")
    np.save(tmp_path / "float.npy", np.ones((3, 3)))
    code, _, err = run(capsys, "show", str(tmp_path / "float.npy"))
    assert code == 2 and "a .npy maze is a 2-D (or 3-D) array of whole numbers" in err


@pytest.mark.parametrize("fmt", ["ascii", "block", "json"])
@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_a_maze_file_in_utf16_as_windows_powershell_writes_it_reads(tmp_path, capsys, fmt, codec):
    from cli_helpers import run

    import tremaux

    maze = tremaux.generate((3, 4), "kruskal", seed=1).maze
    text = mio.dumps(maze, fmt).replace("\n", "\r\n") + "\r\n"
    bom = b"\xff\xfe" if codec == "utf-16-le" else b"\xfe\xff"
    path = tmp_path / "maze.txt"
    path.write_bytes(bom + text.encode(codec))  # `tremaux generate > maze.txt` in PowerShell 5
    assert mio.load(path) == mio.loads(text)  # was: "not a maze file: byte 0 is not UTF-8 text"
    code, out, err = run(capsys, "info", str(path), "--json")
    assert code == 0, err


def test_load_takes_an_open_file_as_json_load_does(tmp_path):
    import io as std_io

    import tremaux

    maze = tremaux.generate((3, 4), "kruskal", seed=1).maze
    for name in ("m.json", "m.txt", "m.npz", "m.png"):
        mio.save(maze, tmp_path / name)
        with open(tmp_path / name, "rb") as f:  # was: TypeError expected str, bytes or os.PathLike object
            assert mio.load(f) == maze
    with open(tmp_path / "m.txt", encoding="utf-8") as f:
        assert mio.load(f) == maze
    assert mio.load(std_io.StringIO(mio.dumps(maze, "json"))) == maze


def test_load_given_a_maze_text_and_loads_given_a_file_name_name_the_other_function():
    with pytest.raises(MazeFormatError, match=r"^tremaux.io.load reads a file, and this is a maze's text .*loads"):
        mio.load("+---+\n| S |\n+---+")  # was: FileNotFoundError naming the drawing as a file
    with pytest.raises(MazeFormatError, match=r"^'maze.json' looks like a file name: .*tremaux.io.load reads a file"):
        mio.loads("maze.json")  # was: "unknown character 'm'; a block text uses '#'..."
    assert mio.loads("E.G").shape == (1, 3)


@pytest.mark.parametrize("name", ["", b""])
def test_an_empty_file_name_is_refused_in_one_line_naming_it(name):
    with pytest.raises(MazeFormatError) as err:
        mio.load(name)
    assert "empty file name" in str(err.value) and repr(name) in str(err.value)
    assert "\n" not in str(err.value) and "'.'" not in str(err.value)


def test_a_npy_file_is_read_within_the_memory_budget_not_the_text_cap(tmp_path):
    import numpy as np

    path = tmp_path / "open.npy"
    np.save(path, Maze.open((300, 300)).cells)  # 90,000 bytes: over a text cap of 64k
    assert mio.load(path, text_limit="64k") == Maze.open((300, 300))  # was: "a text maze ... over the cap"


def test_a_stream_over_the_text_cap_says_so_once_without_a_size_it_cannot_know():
    # a pipe or /dev/zero has no size: the message said "a text maze over the cap of 1.0 KiB is over the 1.0 KiB cap"
    from tremaux.errors import InputTooLargeError

    with pytest.raises(InputTooLargeError) as info:
        mio.load(io.BytesIO(b"#" * 5000), text_limit="1k")
    message = str(info.value)
    assert message.count("1.0 KiB") == 1 and "more than 1.0 KiB of text" in message


@pytest.mark.parametrize("field, value, shown", [("start", "[true, 0]", "[true, 0]"), ("goal", '"a"', '"a"'),
                                                 ("shape", "[2, null]", "[2, null]")])
def test_a_bad_value_in_a_json_file_is_quoted_as_json_not_as_python(field, value, shown):
    # "'start' must be a list of whole numbers or null, not [True, 0]": the file says true
    fields = {"format": '"tremaux-maze"', "version": "1", "shape": "[2, 3]", "cells": '["6ac", "129"]',
              "mask": "null", "start": "[0, 0]", "goal": "[1, 2]"} | {field: value}
    text = "{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"
    with pytest.raises(MazeFormatError, match=re.escape(f"not {shown}")):
        mio.loads(text)


def test_npz_without_format_field_reads_its_cells_as_npy_does(tmp_path):
    import tremaux

    m = tremaux.generate((4, 5), seed=3).maze
    np.save(tmp_path / "m.npy", m.cells)
    as_npy = mio.load(tmp_path / "m.npy")
    np.savez(tmp_path / "keyed.npz", cells=m.cells)
    np.savez(tmp_path / "single.npz", m.cells)  # one array, saved as arr_0
    np.savez(tmp_path / "more.npz", cells=m.cells, meta=np.array([1, 2]))  # a cells array among others
    for name in ("keyed.npz", "single.npz", "more.npz"):
        got = mio.load(tmp_path / name)
        assert got == as_npy and got.passages == m.passages
    # a block picture of 0 and 1 reads as from a .npy too
    blocks = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]], np.int8)
    assert N.from_bytes(_npz(grid=blocks)).shape == (1, 2)
    # with start and goal arrays beside the cells, they are kept
    got = N.from_bytes(_npz(cells=m.cells, start=np.array([0, 0]), goal=np.array([3, 4])))
    assert (got.start, got.goal, got.passages) == ((0, 0), (3, 4), m.passages)


@pytest.mark.parametrize("arrays, message", [
    ({"a": np.zeros((2, 2), np.uint8), "b": np.zeros((2, 2), np.uint8)},
     "no format field (a maze file's is 'tremaux-maze'), and no 'cells' array or single array to read as the cells "
     "(it holds 'a', 'b')"),
    ({"cells": np.zeros(4, np.uint8)}, "a .npz maze is a 2-D (or 3-D) array of whole numbers"),
    ({"cells": np.full((2, 2), 300)}, "the cells of a .npz maze are side bits from 0 to 63"),
    ({"cells": np.zeros((2, 2), np.uint8), "mask": np.ones((2, 2), np.uint8)}, "'mask' array must be boolean"),
])
def test_npz_without_format_field_names_what_is_missing(arrays, message):
    with pytest.raises(MazeFormatError) as info:
        N.from_bytes(_npz(**arrays), source="m.npz")
    assert message in str(info.value) and str(info.value).startswith("m.npz: ") and "\n" not in str(info.value)
