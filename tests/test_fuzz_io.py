"""Every maze reader is total: any bytes give a maze or one of tremaux's own errors, never anything else.

Hypothesis feeds random bytes, truncations and mutations of valid files of
every format, deep JSON nesting, and mask texts and pictures; crafted
archives and pictures check that bombs are refused before they are expanded.
"""

from __future__ import annotations

import io as std_io
import os
import struct
import zipfile
import zlib

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tremaux
from tremaux import budget, io
from tremaux.errors import InputTooLargeError, MazeFormatError, MemoryLimitError, TremauxError
from tremaux.generators import load_mask, mask_from_text
from tremaux.generators.masks import mask_from_image
from tremaux.maze import Maze

FUZZ = settings(max_examples=int(os.environ.get("TREMAUX_FUZZ_EXAMPLES", "150")), deadline=None, suppress_health_check=[HealthCheck.too_slow])

_MAZES = [
    tremaux.generate((4, 5), seed=1, braid=0.5).maze,
    tremaux.generate((2, 3, 3), seed=2).maze,
    Maze.open((3, 4), mask=[[True] * 4, [True, False, True, True], [True] * 4], start=(0, 0), goal=(2, 3)),
]
VALID = {
    fmt: [io.dumps(m, fmt) if fmt != "block" else io.block.dumps(m, picture=True)
          for m in (_MAZES[:1] if fmt in ("png", "tokens") else _MAZES)]  # a picture, tokens: one level, no mask
    for fmt in io.FORMATS.names()
}
VALID_BYTES = [(fmt, v if isinstance(v, bytes) else v.encode()) for fmt, vs in VALID.items() for v in vs]


def read(data: bytes | str, fmt: str | None = None) -> Maze | None:
    """Read ``data``; a maze or ``None`` for one of tremaux's errors (any other exception fails the test)."""
    try:
        m = io.loads(data, fmt, source="fuzz")
    except TremauxError as exc:
        assert str(exc) and "\n" not in str(exc), repr(exc)
        return None
    assert isinstance(m, Maze)
    return m


@FUZZ
@given(data=st.binary(max_size=2000), fmt=st.sampled_from([None, *io.FORMATS.names()]))
@example(data=b"PK\x03\x04" + b"\x00" * 40, fmt=None)
@example(data=b"\xef\xbb\xbf{", fmt=None)
@example(data=b"1" * 5000, fmt="json")
def test_random_bytes(data, fmt):
    read(data, fmt)


@FUZZ
@given(text=st.text(alphabet=st.sampled_from(list("+-| #.SGEv^*\n\r level0123{}[]\":,")), max_size=400))
def test_random_text_from_maze_characters(text):
    read(text)


@FUZZ
@given(case=st.sampled_from(VALID_BYTES), cut=st.floats(0, 1, exclude_max=True))
def test_truncated_files(case, cut):
    fmt, data = case
    assert read(data, fmt) is not None  # the untouched file reads
    read(data[: int(cut * len(data))], fmt)
    read(data[: int(cut * len(data))])


@FUZZ
@given(case=st.sampled_from(VALID_BYTES), edits=st.lists(
    st.tuples(st.sampled_from(["flip", "insert", "delete"]), st.floats(0, 1, exclude_max=True), st.integers(0, 255)),
    min_size=1, max_size=6))
def test_mutated_files(case, edits):
    fmt, data = case
    b = bytearray(data)
    for kind, where, value in edits:
        if not b:
            break
        i = int(where * len(b))
        if kind == "flip":
            b[i] = value
        elif kind == "insert":
            b.insert(i, value)
        else:
            del b[i]
    read(bytes(b), fmt)
    read(bytes(b))


@settings(max_examples=30, deadline=None)
@given(depth=st.integers(5_000, 100_000), opener=st.sampled_from(["[", '{"a": ', '{"cells": [']),
       closed=st.booleans())
def test_deep_json_nesting_is_refused_with_its_position(depth, opener, closed):
    text = '{"format": "tremaux-maze", "version": 1, "x": ' + opener * depth
    if closed:
        text += "".join("]" if ch == "[" else "}" for ch in reversed(opener * depth) if ch in "[{") + "}"
    with pytest.raises(MazeFormatError, match="nested deeper than 64 levels") as err:
        io.loads(text, "json")
    assert err.value.line == 1 and err.value.column > 45


@settings(max_examples=30, deadline=None)
@given(depth=st.integers(1, 3_000), opener=st.sampled_from(["[", '{"a": ']))
def test_any_json_nesting_gives_a_format_error(depth, opener):
    with pytest.raises(MazeFormatError):
        io.loads(opener * depth + "1" + ("]" if opener == "[" else "}") * depth, "json")


def test_deep_json_nesting_with_json_extension(tmp_path):
    p = tmp_path / "deep.json"
    p.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(MazeFormatError, match=r"deep.json:1:65: malformed JSON: nested deeper"):
        io.load(p)


# ----------------------------------------------------------------------------- npz archives


def _npz(members: dict[str, bytes]) -> bytes:
    buf = std_io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, payload in members.items():
            z.writestr(name, payload)
    return buf.getvalue()


def _npy_header(shape, dtype="|u1") -> bytes:
    out = std_io.BytesIO()
    np.lib.format.write_array_header_1_0(out, {"descr": dtype, "fortran_order": False, "shape": shape})
    return out.getvalue()


def test_npz_header_promising_more_than_it_holds():
    data = _npz({"format.npy": _npy_header((), "<U12")[:-1] + b"\n" + "tremaux-maze".encode("utf-32-le"),
                 "cells.npy": _npy_header((10**6, 10**6)) + b"\x00" * 10})
    with pytest.raises(MazeFormatError, match="promises 1,000,000,000,000 bytes"):
        io.loads(data)


def test_npz_decompression_bomb_is_refused_before_expanding():
    n = 64 * 2**20  # 64 MiB of zeros compress to about 64 KiB
    buf = std_io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("cells.npy", "w", force_zip64=True) as f:
            f.write(_npy_header((n,)))
            chunk = bytes(2**20)
            for _ in range(n // len(chunk)):
                f.write(chunk)
    data = buf.getvalue()
    assert len(data) < 2**20
    with pytest.raises(MemoryLimitError, match="reading a .npz maze"):
        io.loads(data, memory_limit="16M")


def test_npz_with_pickled_objects_is_refused():
    data = _npz({"cells.npy": _npy_header((2,), "|O") + b"\x00" * 16})
    with pytest.raises(MazeFormatError, match="not maze data"):
        io.loads(data)


def test_truncated_npz_file(tmp_path):
    full = io.dumps(tremaux.generate((30, 30), seed=3).maze, "npz")
    for cut in (10, len(full) // 3, len(full) - 1):
        p = tmp_path / "trunc.npz"
        p.write_bytes(full[:cut])
        with pytest.raises(MazeFormatError, match="trunc.npz"):
            io.load(p)


# ----------------------------------------------------------------------------- size caps


def test_text_over_the_cap_is_refused_unread(tmp_path):
    p = tmp_path / "big.txt"
    with open(p, "wb") as f:
        f.truncate(50_000_000)  # 50 MB (sparse)
    with pytest.raises(InputTooLargeError, match=r"big.txt: a text maze of 47.7 MiB is over the 16.0 MiB cap"):
        io.load(p)


def test_text_cap_applies_to_streams_without_a_size():
    stream = std_io.BytesIO(b"." * (budget.TEXT_LIMIT + 10))
    with pytest.raises(InputTooLargeError, match="more than 16.0 MiB of text is over the cap for text files"):
        io.read_source(stream, "<stdin>")


def test_text_cap_is_overridable(monkeypatch):
    assert io.loads("E.G", text_limit="3").shape == (1, 3)
    with pytest.raises(InputTooLargeError, match="over the 2 B cap"):
        io.loads("E.G", text_limit="2")
    monkeypatch.setenv(budget.TEXT_ENV_VAR, "2")
    with pytest.raises(InputTooLargeError):
        io.loads("E.G")


# ----------------------------------------------------------------------------- masks


@FUZZ
@given(text=st.text(max_size=300))
def test_mask_text_any_text(text):
    try:
        m = mask_from_text(text)
    except TremauxError:
        return
    assert m.dtype == bool and m.ndim in (2, 3)


def _png(width: int, height: int) -> bytes:
    from PIL import Image

    buf = std_io.BytesIO()
    Image.new("L", (width, height), 0).save(buf, format="PNG")
    return buf.getvalue()


def _patch_png_size(png: bytes, width: int, height: int) -> bytes:
    """The PNG with its IHDR chunk claiming ``width x height`` (CRC fixed), pixel data unchanged."""
    ihdr = bytearray(png[8 + 8 : 8 + 8 + 13])
    ihdr[0:8] = struct.pack(">II", width, height)
    crc = struct.pack(">I", zlib.crc32(b"IHDR" + bytes(ihdr)) & 0xFFFFFFFF)
    return png[:16] + bytes(ihdr) + crc + png[16 + 13 + 4:]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), max_size=8),
       cut=st.floats(0.0, 1.0))
def test_mask_picture_any_bytes(tmp_path, edits, cut):
    b = bytearray(_png(12, 9))
    for where, value in edits:
        b[int(where * len(b))] = value
    p = tmp_path / "mask.png"
    p.write_bytes(bytes(b[: max(1, int(cut * len(b)))]))
    try:
        m = load_mask(p)
    except TremauxError as exc:
        assert "\n" not in str(exc)
        return
    assert m.dtype == bool


def test_mask_picture_bomb_is_refused_before_decoding(tmp_path):
    p = tmp_path / "bomb.png"
    p.write_bytes(_patch_png_size(_png(8, 8), 100_000, 100_000))
    with pytest.raises(MazeFormatError, match="10,000,000,000 pixels; a mask has at most"):
        mask_from_image(p)
    p.write_bytes(_patch_png_size(_png(8, 8), 20_000, 20_000))
    with pytest.raises(MemoryLimitError, match="a mask from a picture of 20000 x 20000 pixels"):
        mask_from_image(p, memory_limit="100M")


def test_mask_text_errors_keep_their_position():
    with pytest.raises(MazeFormatError, match=r"^m.txt:3:2: unknown mask character 'z'"):
        mask_from_text("##\n\n#z", source="m.txt")
