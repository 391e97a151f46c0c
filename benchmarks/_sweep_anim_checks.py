"""The checks of ``sweep_animate.py``: a GIF or SVG animation against its options and the still picture."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any, Callable

SVG = "{http://www.w3.org/2000/svg}"


def gif_frames(data: bytes) -> tuple[list[Any], list[int], dict]:
    from PIL import Image, ImageSequence

    im = Image.open(io.BytesIO(data))
    frames, ms = [], []
    for f in ImageSequence.Iterator(im):
        frames.append(f.convert("RGB"))
        ms.append(int(f.info.get("duration", 0)))
    return frames, ms, dict(im.info)


def classes(rgb: Any) -> Any:
    """Each pixel as what it shows: 0 other, 1 wall, 2 open (floor, visited, marked, retraced, dead,
    background), 3 start, 4 goal, 5 path, 6 not finished (uncarved, frontier), 7 up / down."""
    import numpy as np

    from tremaux.render.palette import PALETTE, parse_colour

    kinds = {"wall": 1, "floor": 2, "visited": 2, "marked": 2, "retraced": 2, "dead": 2, "background": 2,
             "start": 3, "goal": 4, "path": 5, "uncarved": 6, "frontier": 6, "updown": 7}
    a = np.asarray(rgb, dtype=np.int32)
    key = (a[..., 0] << 16) | (a[..., 1] << 8) | a[..., 2]
    out = np.zeros(key.shape, np.uint8)
    for name, k in kinds.items():
        r, g, b = parse_colour(PALETTE[name])
        out[key == ((r << 16) | (g << 8) | b)] = k
    return out


def compare_still(last: Any, still_path: Path, walls_only: bool = False) -> list[str]:
    """The last frame against ``render``'s picture: sizes, and pixels where both show a known colour (on other
    grids, ``walls_only``: a still picture draws a solution's path as a line, an animation fills its cells)."""
    import numpy as np
    from PIL import Image

    still = Image.open(still_path).convert("RGB")
    if still.size != last.size:
        return [f"last frame {last.size[0]}x{last.size[1]} px, render's picture {still.size[0]}x{still.size[1]}"]
    a, b = classes(last), classes(still)
    if (a == 6).any():
        return [f"last frame shows {(a == 6).sum()} pixels of a maze not finished (uncarved / frontier)"]
    if walls_only:  # and not where the still picture's path line and end dots lie over a wall
        a, b = np.where(a == 1, 1, np.where(a > 0, 2, 0)), np.where(b == 1, 1, np.where(b == 2, 2, 0))
    known = (a > 0) & (b > 0)
    bad = known & (a != b)
    if bad.sum() > 0:
        names = {1: "wall", 2: "open", 3: "start", 4: "goal", 5: "path", 7: "updown"}
        pairs = Counter((names.get(int(x), "?"), names.get(int(y), "?")) for x, y in zip(a[bad], b[bad]))
        top = ", ".join(f"{x} for {y}: {n}" for (x, y), n in pairs.most_common(3))
        return [f"last frame differs from render's picture in {int(bad.sum())} of {int(known.sum())} pixels ({top})"]
    if known.sum() < 0.5 * a.size:
        return [f"only {int(known.sum())} of {a.size} pixels comparable"]
    return []


def check_gif(data: bytes, frames: int, frame_ms: int) -> tuple[list[str], Any]:
    try:
        imgs, ms, info = gif_frames(data)
    except Exception as exc:  # noqa: BLE001
        return [f"GIF does not open: {type(exc).__name__}: {exc}"], None
    probs = []
    if len(imgs) > frames:
        probs.append(f"{len(imgs)} frames over the budget of {frames}")
    for k, d in enumerate(ms[:-1]):
        n = round(d / frame_ms)
        if n < 1 or abs(d - n * frame_ms) > 10:
            probs.append(f"frame {k} shows {d} ms, not a multiple of {frame_ms} ms")
            break
    if len(imgs) > 1 and ms[-1] < 3000 - 10:
        probs.append(f"last frame holds {ms[-1]} ms, not the 3 s hold")
    if len(imgs) > 1 and "loop" not in info:
        probs.append("the GIF does not loop")
    return probs, imgs[-1]


def check_svg(text: str, frames: int, frame_ms: int) -> list[str]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        return [f"SVG does not parse: {exc}"]
    probs = []
    times = sorted({float(s.get("begin", "0s").rstrip("s")) for s in root.iter(SVG + "set")})
    steps = [t * 1000 / frame_ms for t in times]
    if any(abs(x - round(x)) > 1e-6 for x in steps):
        probs.append("a <set> begins between frames")
    if steps and max(steps) > frames - 1 + 1e-6:
        probs.append(f"a <set> at frame {max(steps):g}, past the budget of {frames} frames")
    if root.get("width") is None or float(root.get("width")) <= 0:
        probs.append("no width")
    return probs


def make_anim_check(out: str, frames: int, frame_ms: int, still: Path | None, twin: Any = None,
                    walls_only: bool = False, compare: bool = True) -> Callable:
    def check(case: Any, folder: Path) -> list[str]:
        if case.result["code"] != 0:
            return []
        data = (folder / out).read_bytes()
        probs: list[str] = []
        if out.endswith(".gif"):
            p, last = check_gif(data, frames, frame_ms)
            probs += p
            if last is not None and still is not None and compare:  # a woven maze's still picture: passages
                if not still.exists():
                    probs.append("render's picture missing")
                else:
                    probs += compare_still(last, still, walls_only)
        else:
            probs += check_svg(data.decode(), frames, frame_ms)
        if twin is not None and twin.folder is not None and twin.result.get("code") == 0:
            if (twin.folder / out).read_bytes() != data:
                probs.append("the same seed gave other bytes")
        return probs
    return check


def bad_colours(svg: str) -> list[str]:
    """Colours of an SVG that are no ``#rgb`` / ``#rrggbb`` (and not ``none``)."""
    import re

    found = set(re.findall(r'(?:fill|stroke)="([^"]*)"', svg)) - {"none", "freeze"}
    return sorted(c for c in found if not re.fullmatch(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}", c))


