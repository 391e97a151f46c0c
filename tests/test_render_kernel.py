"""The replay kernel against a plain Python reference of its rules, on random event sequences."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from render_helpers import binary_tree
from tremaux import Event
from tremaux.kernels import render as kr
from tremaux.render.palette import SLOTS
from tremaux.render.blocks import structure

S = SLOTS


def reference(B, counts, events, H, W):
    """Apply events one by one, written plainly."""
    B = B.copy()
    counts = counts.copy()
    last = -1

    def where(i):
        lv, rest = divmod(i, H * W)
        return lv, *divmod(rest, W)

    def cell(i):
        lv, r, c = where(i)
        return lv, 2 * r + 1, 2 * c + 1

    def passage(i, j):
        if j < 0:
            return None
        (li, ri, ci), (lj, rj, cj) = where(i), where(j)
        if li != lj or abs(ri - rj) + abs(ci - cj) != 1:
            return None
        return li, ri + rj + 1, ci + cj + 1

    def paint(i, value, only=None):
        at = cell(i)
        if B[at] in (S["start"], S["goal"], S["background"]):
            return
        if only is not None and B[at] not in only:
            return
        B[at] = value

    def fix_post(lv, y, x):
        arms = [B[lv, y + dy, x + dx] for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= y + dy < B.shape[1] and 0 <= x + dx < B.shape[2]]
        if S["wall"] in arms:
            B[lv, y, x] = S["wall"]
        elif any(a != S["background"] for a in arms):
            B[lv, y, x] = S["floor"]
        else:
            B[lv, y, x] = S["background"]

    plain = (S["floor"], S["uncarved"], S["frontier"])
    for k, i, j in events:
        p = passage(i, j)
        if k in (Event.CARVE, Event.WALL):
            if k == Event.CARVE:
                paint(i, S["floor"], only=(S["uncarved"],))
                if j >= 0:
                    paint(j, S["floor"], only=(S["uncarved"],))
            if p:
                lv, y, x = p
                B[p] = S["floor"] if k == Event.CARVE else S["wall"]
                ends = ((y - 1, x), (y + 1, x)) if y % 2 else ((y, x - 1), (y, x + 1))
                for yy, xx in ends:
                    fix_post(lv, yy, xx)
        elif k == Event.FRONTIER:
            paint(i, S["frontier"])
            if p and B[p] == S["floor"]:
                B[p] = S["frontier"]
        elif k == Event.DONE:
            paint(i, S["floor"])
            lv, y, x = cell(i)
            for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                if B[lv, y + dy, x + dx] == S["frontier"]:
                    B[lv, y + dy, x + dx] = S["floor"]
        elif k == Event.VISIT:
            paint(i, S["visited"], only=plain)
            if p and B[p] == S["floor"]:
                B[p] = S["visited"]
        elif k == Event.MARK:
            n = 1
            if p:
                counts[p] = min(255, counts[p] + 1)
                n = counts[p]
                if B[p] not in (S["wall"], S["path"]):
                    B[p] = S["marked"] if n == 1 else S["retraced"]
            if n == 1:
                paint(i, S["marked"])
                if j >= 0:
                    paint(j, S["marked"])
        elif k == Event.RETRACE:
            if p and B[p] != S["wall"]:
                B[p] = S["retraced"]
            paint(i, S["retraced"])
        elif k == Event.BACKTRACK:
            paint(i, S["retraced"])
        elif k == Event.DEAD:
            paint(i, S["dead"])
        elif k == Event.PATH:
            paint(i, S["path"])
            q = passage(i, last)
            if q and B[q] != S["wall"]:
                B[q] = S["path"]
            last = i
    return B, counts


KINDS = [int(e) for e in Event]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 6), st.integers(2, 6), st.integers(0, 1000), st.booleans(),
    st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 35), st.integers(0, 4)), max_size=80),
    st.integers(1, 10),
)
def test_kernel_matches_the_reference(H, W, seed, uncarved, raw, per):
    maze = binary_tree(H, W, seed, start=(0, 0), goal=(H - 1, W - 1))
    n = H * W
    B = structure(maze)
    if uncarved:
        cells = B[:, 1::2, 1::2]
        cells[...] = S["uncarved"]
    B[0, 1, 1] = S["start"]
    steps = (-W, 1, W, -1)
    events = []
    for k, i, d in raw:
        i %= n
        j = -1 if d == 4 else i + steps[d]
        if not 0 <= j < n:
            j = -1
        events.append((k, i, j))
    rows = np.array(events, np.int64).reshape(-1, 3)
    want_B, want_counts = reference(B, np.zeros_like(B), events, H, W)
    got_B, got_counts = B.copy(), np.zeros_like(B)
    last = np.full(1, -1, np.int64)
    kinds = np.ascontiguousarray(rows[:, 0].astype(np.uint8))
    cells_ = np.ascontiguousarray(rows[:, 1])
    others = np.ascontiguousarray(rows[:, 2])
    for lo in range(0, len(events), per):  # chunked as the animation does
        kr.apply_events(kinds, cells_, others, lo, min(len(events), lo + per), got_B, got_counts, last, H, W,
                        kr.slot_array(SLOTS))
    assert np.array_equal(got_B, want_B)
    assert np.array_equal(got_counts, want_counts)
