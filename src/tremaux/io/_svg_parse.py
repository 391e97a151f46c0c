"""The straight lines and filled shapes of an SVG drawing, in the coordinates of its root.

Private to :mod:`tremaux.io.svg`. The XML is parsed by the standard library
(expat) after refusing entity declarations, so nothing expands; the caller
has already bounded its size. Groups' ``transform`` lists (``matrix``,
``translate``, ``scale``, ``rotate``, ``skewX``, ``skewY``) are composed, and
styles come from presentation attributes, a ``<style>`` sheet of simple
selectors (element, ``.class``, ``#id``) and ``style`` attributes, inherited
as SVG inherits them. ``<line>``, ``<polyline>``, ``<polygon>``, ``<rect>``
and ``<path>`` of straight commands (``M L H V Z``, absolute or relative) are
read; anything drawn that is not understood (a curve, a circle, a ``<use>``
copy, an embedded picture) is refused in one line naming it.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from array import array
from dataclasses import dataclass, field

import numpy as np

from ..errors import MazeFormatError

MAX_SEGMENTS = 4_000_000
"""Straight lines read at most (a 1000 x 1000 maze drawn by tremaux has about 700,000)."""

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_NUM_RE = re.compile(_NUM)
_ARGS_RE = re.compile(rf"(?:\s|,|{_NUM})*")
_TOKEN_RE = re.compile(rf"([A-DF-Za-df-z])|({_NUM})|[\s,]+|(.)")
_TRANSFORM_RE = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
_SKIPPED = {"title", "desc", "metadata", "defs", "clipPath", "mask", "marker", "pattern", "symbol", "style",
            "linearGradient", "radialGradient", "filter", "script", "font", "font-face", "text", "tspan", "textPath"}
_GROUPS = {"g", "a", "switch"}
_SHAPES = {"line", "polyline", "polygon", "rect", "path", "circle", "ellipse"}
_REFUSED = {"use": "a <use> copy of another shape",
            "image": "an embedded picture", "foreignObject": "a foreignObject", "svg": "an <svg> inside the SVG"}
_INHERITED = ("stroke", "stroke-width", "fill", "visibility", "stroke-opacity", "fill-opacity", "color")


@dataclass
class Drawing:
    """What an SVG draws: straight stroked lines and filled polygons, in document order."""

    lines: array = field(default_factory=lambda: array("d"))  # x1 y1 x2 y2 width, five numbers a line
    colours: array = field(default_factory=lambda: array("l"))  # 0xRRGGBB a line
    fills: list = field(default_factory=list)  # (list of (n, 2) point arrays, 0xRRGGBB)
    cells: tuple | None = None  # (rows, columns) of tremaux's note on its own drawings, data-tremaux-cells="H W"
    mask: str | None = None  # a masked maze's cells (tremaux.io._notes.mask_bits), data-tremaux-mask="..."
    levels: str | None = None  # a maze with levels (tremaux.io._levels.levels_note), data-tremaux-levels="..."

    def segments(self) -> tuple[np.ndarray, np.ndarray]:
        """The lines as an ``(n, 5)`` array (x1, y1, x2, y2, width) and their colours, ``(n,)``."""
        return np.frombuffer(self.lines, dtype=np.float64).reshape(-1, 5), np.array(self.colours, dtype=np.int64)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _fail(what: str, source: str | None) -> MazeFormatError:
    return MazeFormatError(f"SVG drawing not read: {what}", source=source)


def _numbers(text: str, what: str, source: str | None) -> list[float]:
    if not _ARGS_RE.fullmatch(text):
        raise _fail(f"malformed numbers in {what}: {text.strip()[:40]!r}", source)
    out = [float(v) for v in _NUM_RE.findall(text)]
    if not all(map(math.isfinite, out)):
        raise _fail(f"a number too large in {what}", source)
    return out


def _length(value: str | None, ref: float, what: str, source: str | None, default: float = 0.0) -> float:
    """A length attribute in user units: a number, with px, pt, mm, cm, in or pc, or a percentage of ``ref``."""
    if value is None or not value.strip():
        return default
    m = re.fullmatch(rf"\s*({_NUM})\s*([a-z%]*)\s*", value)
    if m is None or (m.group(2) not in _UNITS and m.group(2) != "%"):
        raise _fail(f"the length {what}={value.strip()[:20]!r} is not understood", source)
    v = float(m.group(1))
    if not math.isfinite(v):
        raise _fail(f"the length {what}={value.strip()[:20]!r} is too large", source)
    return v * ref / 100 if m.group(2) == "%" else v * _UNITS[m.group(2)]


def _transform(text: str, source: str | None) -> np.ndarray:
    """The 3 x 3 matrix of an SVG ``transform`` list."""
    out = np.eye(3)
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TRANSFORM_RE.match(text, pos)
        if m is None:
            raise _fail(f"the transform {text[:40]!r} is not understood", source)
        pos = m.end()
        name, v = m.group(1), _numbers(m.group(2), "a transform", source)
        t = np.eye(3)
        counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}
        if len(v) not in counts[name]:
            raise _fail(f"{name}() takes {' or '.join(map(str, counts[name]))} numbers, not {len(v)}", source)
        if name == "matrix":
            t[:2] = [[v[0], v[2], v[4]], [v[1], v[3], v[5]]]
        elif name == "translate":
            t[0, 2], t[1, 2] = v[0], v[1] if len(v) > 1 else 0.0
        elif name == "scale":
            t[0, 0], t[1, 1] = v[0], v[1] if len(v) > 1 else v[0]
        elif name == "rotate":
            a = math.radians(v[0])
            t[:2, :2] = [[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]
            if len(v) == 3:
                move, back = np.eye(3), np.eye(3)
                move[:2, 2], back[:2, 2] = v[1:], [-v[1], -v[2]]
                t = move @ t @ back
        elif name == "skewX":
            t[0, 1] = math.tan(math.radians(v[0]))
        else:
            t[1, 0] = math.tan(math.radians(v[0]))
        with np.errstate(all="ignore"):
            out = out @ t
    return out


def _sheet(root: ET.Element, source: str | None) -> list[tuple[tuple[int, int], str, dict[str, str]]]:
    """The rules of the ``<style>`` sheets: (specificity and order, selector, declarations)."""
    rules = []
    for el in root.iter():
        if _local(el.tag) != "style" or not (el.text or "").strip():
            continue
        text = re.sub(r"/\*.*?\*/", "", el.text, flags=re.S)
        text = text.replace("<![CDATA[", "").replace("]]>", "")
        for m in re.finditer(r"([^{}]*)\{([^{}]*)\}", text):
            decls = _declarations(m.group(2))
            for sel in m.group(1).split(","):
                sel = sel.strip()
                if not re.fullmatch(r"\*|[A-Za-z][\w-]*|[A-Za-z][\w-]*\.[\w-]+|\.[\w-]+|#[\w-]+", sel):
                    raise _fail(f"the style sheet's selector {sel[:30]!r} is not understood (element, .class and "
                                "#id are)", source)
                spec = 100 if sel[0] == "#" else 10 if "." in sel else 0 if sel == "*" else 1
                rules.append(((spec, len(rules)), sel, decls))
        if re.sub(r"([^{}]*)\{([^{}]*)\}", "", text).strip():
            raise _fail("the style sheet is not understood (nested rules or @-rules)", source)
    rules.sort(key=lambda r: r[0])
    return rules


def _declarations(text: str) -> dict[str, str]:
    out = {}
    for part in text.split(";"):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip().lower()] = v.replace("!important", "").strip()
    return out


def _matches(sel: str, el: ET.Element, tag: str) -> bool:
    if sel == "*":
        return True
    if sel[0] == "#":
        return el.get("id") == sel[1:]
    name, _, cls = sel.partition(".")
    return (not name or name == tag) and (not cls or cls in (el.get("class") or "").split())


def _colour(value: str, style: dict[str, str], what: str, source: str | None) -> int | None:
    """0xRRGGBB of a paint, or None for none."""
    from PIL import ImageColor

    value = value.strip()
    if value.lower() in ("none", "transparent", ""):
        return None
    if value.lower() == "currentcolor":
        value = style.get("color", "black")
    if value.startswith("url("):
        if what == "fill":
            return None  # a gradient or pattern under the cells: not a colour the ends are read from
        raise _fail(f"a line painted with {value[:30]}, not a colour", source)
    try:
        rgb = ImageColor.getrgb(value)
    except ValueError:
        raise _fail(f"the colour {what}={value[:20]!r} is not understood", source) from None
    return rgb[0] << 16 | rgb[1] << 8 | rgb[2]


def _opacity(value: str | None) -> float:
    try:
        return float(value) if value is not None else 1.0
    except ValueError:
        return 1.0


def parse(text: str, source: str | None = None) -> Drawing:
    """The lines and fills of an SVG document (see the module); one-line :class:`MazeFormatError` otherwise."""
    if re.search(r"<!ENTITY", text, re.I) or re.search(r"<!DOCTYPE[^>\[]*\[", text, re.I):
        raise _fail("it declares entities (<!ENTITY ...>), which are not expanded", source)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise _fail(f"malformed XML ({exc})", source) from None
    if _local(root.tag) != "svg":
        raise MazeFormatError(f"an XML document whose root is <{_local(root.tag)}> is not a maze (SVG drawings of "
                              "mazes read)", source=source)
    vb = _numbers(root.get("viewBox") or "", "the viewBox", source)
    ref = (vb[2], vb[3]) if len(vb) == 4 else (_length(root.get("width"), 100, "width", source, 100),
                                                _length(root.get("height"), 100, "height", source, 100))
    rules = _sheet(root, source)
    out = Drawing()
    note = (root.get("data-tremaux-cells") or "").split()
    if len(note) == 2 and all(v.isdigit() and 0 < int(v) <= 1_000_000 for v in note):
        out.cells = (int(note[0]), int(note[1]))
        out.mask = root.get("data-tremaux-mask")
    out.levels = root.get("data-tremaux-levels")
    base = {"fill": "black", "stroke": "none", "stroke-width": "1", "visibility": "visible", "color": "black"}
    stack = [(root, np.eye(3), base)]
    while stack:
        el, matrix, inherited = stack.pop()
        tag = _local(el.tag)
        if el is not root:
            if not isinstance(el.tag, str) or (el.tag.startswith("{") and not el.tag.startswith("{http://www.w3.org/2000/svg}")):
                continue  # a comment, or an editor's own element (inkscape:, sodipodi:)
            if tag in _SKIPPED:
                continue
            if tag in _REFUSED:
                raise _fail(f"it draws {_REFUSED[tag]}; only straight lines on a square lattice are read", source)
            if tag not in _GROUPS and tag not in _SHAPES:
                raise _fail(f"the element <{tag}> is not understood", source)
        style = {k: inherited[k] for k in _INHERITED if k in inherited}
        for name in ("fill", "stroke", "stroke-width", "display", "visibility", "opacity", "stroke-opacity",
                     "fill-opacity", "color", "transform"):
            if el.get(name) is not None and name != "transform":
                style[name] = el.get(name)
        for _, sel, decls in rules:
            if _matches(sel, el, tag):
                style.update(decls)
        style.update(_declarations(el.get("style") or ""))
        if style.get("display", "").strip() == "none" or _opacity(style.get("opacity")) <= 0:
            continue
        if el.get("transform"):
            with np.errstate(all="ignore"):  # an overflow is refused once the shape's points are moved
                matrix = matrix @ _transform(el.get("transform"), source)
        if el is root or tag in _GROUPS:
            stack.extend((child, matrix, style) for child in reversed(list(el)))
            continue
        if style.get("visibility", "visible").strip() in ("hidden", "collapse"):
            continue
        _shape(out, el, tag, matrix, style, ref, source)
    return out


def _shape(out: Drawing, el: ET.Element, tag: str, matrix: np.ndarray, style: dict[str, str], ref, source) -> None:
    """Add one shape's lines (when stroked) and polygons (when filled) to ``out``."""
    stroke = _colour(style.get("stroke", "none"), style, "stroke", source)
    if _opacity(style.get("stroke-opacity")) <= 0:
        stroke = None
    width = _length(style.get("stroke-width"), math.hypot(*ref) / math.sqrt(2), "stroke-width", source, 1.0)
    if width <= 0:
        stroke = None
    fill = _colour(style.get("fill", "black"), style, "fill", source) if tag != "line" else None
    if _opacity(style.get("fill-opacity")) <= 0:
        fill = None
    if stroke is None and fill is None:
        return
    L = lambda name: _length(el.get(name), ref[0] if name[0] in "xwr" or name == "cx" else ref[1], name, source)  # noqa: E731
    if tag == "line":
        paths = [([(L("x1"), L("y1")), (L("x2"), L("y2"))], False)]
    elif tag in ("polyline", "polygon"):
        v = _numbers(el.get("points") or "", f"<{tag}> points", source)
        paths = [(list(zip(v[0::2], v[1::2])), tag == "polygon")]
    elif tag == "rect":
        x, y, w, h = L("x"), L("y"), L("width"), L("height")
        if w <= 0 or h <= 0:
            return
        if stroke is not None and (L("rx") > 0 or L("ry") > 0):
            raise _fail("it draws a rectangle with rounded corners; only straight lines are read", source)
        paths = [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
    elif tag in ("circle", "ellipse"):  # a dot marking an end: filled, never a wall
        if stroke is not None:
            raise _fail(f"it draws {'a circle' if tag == 'circle' else 'an ellipse'} as a line; only straight "
                        "lines on a square lattice are read", source)
        rx = L("r") if tag == "circle" else L("rx")
        ry = L("r") if tag == "circle" else L("ry")
        turn = np.linspace(0, 2 * np.pi, 33)[:-1]
        paths = [(list(zip(L("cx") + rx * np.cos(turn), _length(el.get("cy"), ref[1], "cy", source) + ry * np.sin(turn))),
                  True)]
    else:
        paths = _path(el.get("d") or "", source)
    paths = [(p, closed) for p, closed in paths if len(p) >= 2]
    if not paths:
        return
    closed = np.array([c for _, c in paths])
    sizes = np.array([len(p) for p, _ in paths])
    flat = np.array([xy for p, _ in paths for xy in p], dtype=np.float64).reshape(-1, 2)
    with np.errstate(all="ignore"):
        flat = flat @ matrix[:2, :2].T + matrix[:2, 2]  # every point of the shape moved at once
    if not np.isfinite(flat).all() or not np.isfinite(matrix).all():
        raise _fail("its coordinates grow too large under its transforms", source)
    firsts = np.cumsum(sizes) - sizes
    if fill is not None:
        keep = sizes >= 3
        out.fills.append(([flat[a:a + n] for a, n in zip(firsts[keep].tolist(), sizes[keep].tolist())], fill))
    if stroke is None:
        return
    scale = math.sqrt(abs(np.linalg.det(matrix[:2, :2])))
    same = np.ones(len(flat) - 1, bool)  # a point and the next one of the same subpath
    same[(firsts[1:] - 1)] = False
    a, b = flat[:-1][same], flat[1:][same]
    lasts = firsts + sizes - 1
    a, b = np.vstack([a, flat[lasts[closed]]]), np.vstack([b, flat[firsts[closed]]])  # closing sides
    seg = np.hstack([a, b, np.full((len(a), 1), width * scale)])
    if len(out.colours) + len(seg) > MAX_SEGMENTS:
        raise _fail(f"it has more than {MAX_SEGMENTS:,} lines", source)
    out.lines.frombytes(seg.tobytes())
    out.colours.extend([stroke] * len(seg))


def _path(d: str, source: str | None) -> list[tuple[list[tuple[float, float]], bool]]:
    """The subpaths of path data of straight commands: (points, closed)."""
    paths: list[tuple[list[tuple[float, float]], bool]] = []
    pts: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    cmd, first, args = "", True, []
    for m in _TOKEN_RE.finditer(d):
        letter, num, bad = m.group(1), m.group(2), m.group(3)
        if bad is not None:
            raise _fail(f"malformed path data near {d[m.start():m.start() + 20]!r}", source)
        if letter is not None:
            if args:
                raise _fail(f"malformed path data: {cmd!r} with {len(args)} numbers", source)
            if letter in "CcSsQqTtAa":
                raise _fail(f"a path draws curves (the {letter!r} command); only straight lines are read", source)
            if letter not in "MmLlHhVvZz":
                raise _fail(f"malformed path data: no command {letter!r}", source)
            cmd, first = letter, True
            if cmd in "Zz":
                if len(pts) > 1:
                    paths.append((pts, True))
                pts, x, y = [], sx, sy
            continue
        if num is None:
            continue  # spaces and commas
        if cmd in ("", "Z", "z"):
            raise _fail(f"malformed path data: a number {num!r} without a command", source)
        args.append(float(num))
        if not math.isfinite(args[-1]):
            raise _fail(f"a number too large in path data ({num[:20]})", source)
        if len(args) < (1 if cmd in "HhVv" else 2):
            continue
        rel = cmd.islower()
        if cmd in "Hh":
            x = x + args[0] if rel else args[0]
        elif cmd in "Vv":
            y = y + args[0] if rel else args[0]
        else:
            x, y = (x + args[0], y + args[1]) if rel else (args[0], args[1])
        args = []
        if cmd in "Mm" and first:  # a new subpath; the pairs after the first draw lines
            if len(pts) > 1:
                paths.append((pts, False))
            pts, sx, sy = [(x, y)], x, y
        else:
            if not pts:
                pts.append((sx, sy))
            pts.append((x, y))
        first = False
    if args:
        raise _fail(f"malformed path data: {cmd!r} with {len(args)} numbers", source)
    if len(pts) > 1:
        paths.append((pts, False))
    return paths
