/* Two fingers on the Number Link board: pinched apart or together they make the cells larger or smaller
 * (as "+" and "-" do, from the size that fits the box up to NL_MAX_CELL), and moved together they scroll the
 * box; the point of the board between the fingers stays between them. A line begun by the first finger is
 * given up, and neither finger's lifting is a tap. The board takes every touch (touch-action: none) for its
 * lines, so the browser's own pinch never reaches it. */
import { $ } from "./common.js";
import { nlDraw, NL_MAX_CELL } from "./nl-draw.js";
import { NL } from "./numberlink.js";

const fingers = new Map();  // pointerId -> {x, y}: the touches on the board
let pinch = null;  // {d0, size0, cx, cy}: the pinch on its way (cx, cy: the board's point between the fingers, in cells)
let pinched = false;  // a pinch was made since the last finger came down alone: no lifting is a tap

const spread = () => {
  const [a, b] = [...fingers.values()];
  return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
};

// The box's content point under the viewport point (x, y), in cells of `size` from the board's corner.
function cellPoint(x, y, size) {
  const box = $("nl-box"), r = box.getBoundingClientRect(), g = NL.geo;
  return [(x - r.left - box.clientLeft + box.scrollLeft - 1 - g.x0) / size,
          (y - r.top - box.clientTop + box.scrollTop - 1 - g.y0) / size];
}

// A pointer down on the board: whether a pinch now holds the board (the caller then gives up its own gesture).
export function pinchDown(ev) {
  if (ev.pointerType !== "touch") return false;
  // the first finger of a new touch is the primary one: a finger whose lifting was never seen is forgotten
  if (ev.isPrimary) { fingers.clear(); pinch = null; }
  if (fingers.size === 0) pinched = false;
  fingers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
  if (fingers.size !== 2 || !NL.geo) return fingers.size > 2 || pinch !== null;
  const s = spread(), size = NL.geo.size, [cx, cy] = cellPoint(s.x, s.y, size);
  pinch = { d0: Math.max(1, s.d), size0: size, cx, cy };
  pinched = true;
  try { NL.canvas.setPointerCapture(ev.pointerId); } catch (_) { /* a pointer already gone */ }
  return true;
}

// A pointer's move: whether the pinch took it.
export function pinchMove(ev) {
  if (!fingers.has(ev.pointerId)) return false;
  fingers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
  if (!pinch || fingers.size !== 2) return pinch !== null;
  const s = spread();
  const want = Math.round(pinch.size0 * s.d / pinch.d0);
  const cell = Math.min(NL_MAX_CELL, want);
  if (cell !== NL.geo.size) {
    NL.cell = cell <= NL.geo.fitted ? null : cell;
    nlDraw();
  }
  // the board's point that was between the fingers is between them again
  const box = $("nl-box"), r = box.getBoundingClientRect(), g = NL.geo;
  box.scrollLeft = 1 + g.x0 + pinch.cx * g.size - (s.x - r.left - box.clientLeft);
  box.scrollTop = 1 + g.y0 + pinch.cy * g.size - (s.y - r.top - box.clientTop);
  return true;
}

// A pointer lifted or cancelled: whether it belonged to a pinch (its lifting is then no tap).
export function pinchUp(ev) {
  if (!fingers.delete(ev.pointerId)) return false;
  if (fingers.size < 2) pinch = null;
  return pinched;
}
