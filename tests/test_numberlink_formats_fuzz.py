"""Every Number Link reader is total: any bytes give puzzles or the library's own error, never another exception."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tremaux.errors import TremauxError
from tremaux.numberlink import Puzzle, formats

FILES = Path(__file__).resolve().parent / "data" / "formats"
SEEDS = sorted(p.read_bytes() for p in FILES.glob("*.txt")) + [
    b"SIZE 3X2\nLINE_NUM 1\nLINE#1 (0,0)-(2,1)\n",
    b"SIZE 3X1\n01,01,00\n",
    b"4 6\n0    0\na  b\n a  b \n\n",  # blanks: R C, a space for an empty cell
    b"3 2\n(0, 0) (2, 1)\nb: 1 0 0 1\n",  # pairs: W H, then a line a pair
]
READERS = [None, *formats.FORMATS.names()]
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(data: bytes, fmt: str | None, tmp: Path) -> None:
    """Every entry point that reads: from text and from a file; the error must be the library's own."""
    path = tmp / "input.txt"
    path.write_bytes(data)
    for call in (lambda: formats.load_all(path, format=fmt), lambda: formats.load_all(path, format=fmt,
                                                                                       errors="keep")):
        try:
            items = call()
        except TremauxError as exc:
            assert str(exc) and "\n" not in str(exc)
            continue
        assert all(isinstance(x, (Puzzle, TremauxError)) for x in items)
    try:
        text = formats.decode(data)
    except TremauxError:
        return
    for call in (lambda: formats.loads_answers(text), lambda: formats.loads_paths(text),
                 lambda: formats.detect(text)):
        try:
            call()
        except TremauxError:
            pass


@FUZZ
@given(st.binary(max_size=400), st.sampled_from(READERS))
def test_random_bytes(tmp_path_factory, data, fmt):
    read(data, fmt, tmp_path_factory.mktemp("fuzz"))


@FUZZ
@given(st.sampled_from(SEEDS), st.integers(0, 10_000), st.sampled_from(READERS))
def test_truncations(tmp_path_factory, seed, cut, fmt):
    read(seed[: cut % (len(seed) + 1)], fmt, tmp_path_factory.mktemp("fuzz"))


@FUZZ
@given(st.sampled_from(SEEDS), st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255),
                                                  st.sampled_from(["set", "insert", "delete"])), max_size=6),
       st.sampled_from(READERS))
def test_mutations(tmp_path_factory, seed, edits, fmt):
    data = bytearray(seed)
    for pos, byte, how in edits:
        i = pos % (len(data) + 1)
        if how == "insert" or not data:
            data.insert(i, byte)
        elif how == "set":
            data[i % len(data)] = byte
        else:
            del data[i % len(data)]
    read(bytes(data), fmt, tmp_path_factory.mktemp("fuzz"))


@FUZZ
@given(st.lists(st.sampled_from(list(".0123456789ABab#_[]`, \n\t/:?-+=%ghz\u00e9") +
                                ["LINE#", "SIZE ", "X", "LINE_NUM ", "https://puzz.link/p?", "numlin/", "(1,1)-"]),
                max_size=120).map("".join), st.sampled_from(READERS))
def test_text_made_of_format_pieces(tmp_path_factory, text, fmt):
    read(text.encode(), fmt, tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("data", [
    b"[" * 100_000 + b"]" * 100_000,
    b"\x00" * 5000,
    np.random.default_rng(0).integers(0, 256, 4096, dtype=np.uint8).tobytes(),
    b"PK\x03\x04" + b"\x00" * 100,
    b"3 2\n" + b"1" * 10_000 + b"\n",
    b"4096 4096\n",
    b"\r\n\r\n\r\n",
], ids=["deep-nesting", "nul-bytes", "random-4k", "zip-header", "long-row", "header-only", "blank-crlf"])
def test_hostile_inputs(tmp_path, data):
    read(data, None, tmp_path)
