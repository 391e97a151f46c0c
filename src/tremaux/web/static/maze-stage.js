/* The stage a trace is replayed on, on grids other than the plain square one, drawn on a canvas.
 *
 * The server sends the stage as an SVG document (one polygon per cell, one line per passage end, the walls,
 * the end dots). Put in the page as it is, its tens of thousands of elements froze the page for about two
 * seconds on the largest grid, and each frame of the replay recomputed their style. The page reads the
 * document's shapes instead (text, no DOM) and draws them on a canvas: a cell that changes is painted again
 * inside its own outline (its colour, its passage lines, the walls and end dots on top), which costs the same
 * on a grid of 100 cells as on one of 22,500. */
import { PALETTE } from "./common.js";

// A reader of the SVG text's numbers: regular expressions and a Path2D per cell took 0.75 s on 22,500 cells.
class Scan {
  constructor(text) { this.t = text; this.k = 0; }
  find(word) {  // past the next `word`, or false
    const k = this.t.indexOf(word, this.k);
    if (k < 0) return false;
    this.k = k + word.length;
    return true;
  }
  number() {  // the number at the cursor (-12.5), the cursor past it and the character after it
    const t = this.t;
    let k = this.k, neg = false, v = 0, c = t.charCodeAt(k);
    if (c === 45) { neg = true; c = t.charCodeAt(++k); }
    while (c >= 48 && c <= 57) { v = v * 10 + (c - 48); c = t.charCodeAt(++k); }
    if (c === 46) {
      let f = 0.1;
      c = t.charCodeAt(++k);
      while (c >= 48 && c <= 57) { v += (c - 48) * f; f /= 10; c = t.charCodeAt(++k); }
    }
    this.k = k + 1;
    return neg ? -v : v;
  }
  text(end) {  // the text up to `end`, the cursor past it
    const k = this.t.indexOf(end, this.k), out = this.t.slice(this.k, k);
    this.k = k + end.length;
    return out;
  }
}

// The shapes of the stage's SVG text (as grids.stage_svg writes it): {w, h, background, size, cells: {start,
// xy} (cell i's corners are xy[2 start[i]] to xy[2 start[i + 1]]), centres, lines: {a, b, xy, keys (a * size
// + b: the line's index; keys "a,b" took 0.2 s on 45,000 lines), width}, around (the lines that meet each
// cell), walls, dots}.
export function parseStage(text) {
  const sc = new Scan(text);
  sc.find(' width="'); const w = sc.number();
  sc.find(' height="'); const h = sc.number();
  const bg = /<rect [^>]*fill="([^"]+)"/.exec(text.slice(0, 400));
  const start = [0], xy = [], centres = [];
  while (sc.find('<polygon data-cell="')) {
    sc.number();  // the cells come in order
    sc.find('points="');
    let sx = 0, sy = 0, n = 0;
    for (;;) {
      const x = sc.number(), y = sc.number();
      xy.push(x, y); sx += x; sy += y; n++;
      if (text.charCodeAt(sc.k - 1) === 34) break;  // the closing quote
    }
    start.push(xy.length / 2);
    centres.push([sx / n, sy / n]);
  }
  const size = centres.length;
  sc.k = 0;
  const width = sc.find('<g class="passages" stroke-width="') ? sc.number() : 1;
  const a = [], b = [], lxy = [], keys = new Map();
  while (sc.find('<line data-a="')) {
    const la = sc.number();
    sc.find('data-b="'); const lb = sc.number();
    sc.find('x1="'); const x1 = sc.number();
    sc.find('y1="'); const y1 = sc.number();
    sc.find('x2="'); const x2 = sc.number();
    sc.find('y2="'); const y2 = sc.number();
    keys.set(la * size + lb, a.length);
    a.push(la); b.push(lb); lxy.push(x1, y1, x2, y2);
  }
  // the lines that meet each cell: a line lies in the cell it starts from and its round end reaches the next
  const around = Array.from({ length: size }, () => []);
  for (let j = 0; j < a.length; j++) {
    if (a[j] < size) around[a[j]].push(j);
    if (b[j] !== a[j] && b[j] < size) around[b[j]].push(j);
  }
  let walls = null;
  if (sc.find('<path d="')) {
    const d = sc.text('"');
    sc.find('stroke="'); const colour = sc.text('"');
    sc.find('stroke-width="');
    walls = { path: new Path2D(d), colour, width: sc.number() };
  }
  // a maze with levels: its up and down triangles (one path) and the levels' names
  let marks = null;
  if (sc.find('<path class="marks" d="')) {
    const d = sc.text('"');
    sc.find('fill="');
    marks = { path: new Path2D(d), fill: sc.text('"') };
  }
  const labels = [];
  while (sc.find('<text x="')) {
    const x = sc.number();
    sc.find('y="'); const y = sc.number();
    sc.find('font-size="'); const size = sc.number();
    sc.find('fill="'); const fill = sc.text('"');
    sc.find(">");
    labels.push({ x, y, size, fill, text: sc.text("<") });
  }
  const dots = [];
  while (sc.find('<circle cx="')) {
    const x = sc.number();
    sc.find('cy="'); const y = sc.number();
    sc.find('r="'); const r = sc.number();
    sc.find('fill="');
    dots.push({ x, y, r, fill: sc.text('"') });
  }
  return {
    w, h, background: bg ? bg[1] : PALETTE.background, size, cells: { start, xy: Float64Array.from(xy) }, centres,
    lines: { a, b, xy: Float64Array.from(lxy), keys, width }, around, walls, marks, labels, dots,
  };
}

// Cell i's outline added to path p (a Path2D or the context), left open: a fill or a clip closes it. (With
// closePath each outline added to a path costs as much as the path already holds: the 5,000 to 20,000 cells
// of a colour took 0.8 to 2.4 s to add to the whole stage's paths at the end of a replay, 20 to 50 ms without.)
function outline(stage, i, p) {
  const { start, xy } = stage.cells;
  for (let k = start[i]; k < start[i + 1]; k++) {
    if (k === start[i]) p.moveTo(xy[2 * k], xy[2 * k + 1]); else p.lineTo(xy[2 * k], xy[2 * k + 1]);
  }
}

// Lay the stage out `width` x `height` CSS pixels on `canvas` (the SVG's "meet": centred, ratio kept); the
// walls and end dots (an end at least `endMin` CSS pixels wide) go on a layer of their own, put on top of
// every cell painted.
export function layStage(stage, canvas, width, height, endMin) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = width + "px";
  canvas.style.height = height + "px";
  const s = Math.min(width / stage.w, height / stage.h);
  const k = s * ratio;
  stage.canvas = canvas;
  stage.ctx = canvas.getContext("2d");
  stage.transform = [k, 0, 0, k, (width - stage.w * s) / 2 * ratio, (height - stage.h * s) / 2 * ratio];
  stage.scale = s;
  const top = document.createElement("canvas");
  top.width = canvas.width;
  top.height = canvas.height;
  const t = top.getContext("2d");
  t.setTransform(...stage.transform);
  if (stage.walls) {
    t.strokeStyle = stage.walls.colour;
    t.lineWidth = stage.walls.width;
    t.lineCap = "round";
    t.stroke(stage.walls.path);
  }
  if (stage.marks) { t.fillStyle = stage.marks.fill; t.fill(stage.marks.path); }
  for (const l of stage.labels) {
    t.font = `${l.size}px sans-serif`;
    t.fillStyle = l.fill;
    t.fillText(l.text, l.x, l.y);
  }
  for (const d of stage.dots) {  // as growEndDots does on the pictures: a dot too small to see is grown, ringed
    const grow = d.r * s < endMin / 2;
    const r = grow ? endMin / 2 / s : d.r;
    t.beginPath();
    t.arc(d.x, d.y, r, 0, 2 * Math.PI);
    t.fillStyle = d.fill;
    t.fill();
    if (grow) { t.strokeStyle = PALETTE.background; t.lineWidth = 1 / s; t.stroke(); }
  }
  stage.top = top;
}

// Paint the whole stage: `colourOf(i)` a cell's colour, `lineColour(j)` a line's (null: hidden).
export function paintWhole(stage, colourOf, lineColour) {
  const ctx = stage.ctx;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = stage.background;
  ctx.fillRect(0, 0, stage.canvas.width, stage.canvas.height);
  ctx.setTransform(...stage.transform);
  // one path per colour: the cells of a colour are filled at once, with no seam between two of them (a cell
  // of the background's colour, the floor, is left as the background has it)
  const byColour = new Map();
  for (let i = 0; i < stage.size; i++) {
    const c = colourOf(i);
    if (c === stage.background) continue;
    if (!byColour.has(c)) byColour.set(c, new Path2D());
    outline(stage, i, byColour.get(c));
  }
  for (const [c, p] of byColour) { ctx.fillStyle = c; ctx.fill(p); }
  const L = stage.lines, lines = new Map();
  for (let j = 0; j < L.a.length; j++) {
    const c = lineColour(j);
    if (!c) continue;
    if (!lines.has(c)) lines.set(c, new Path2D());
    const p = lines.get(c);
    p.moveTo(L.xy[4 * j], L.xy[4 * j + 1]);
    p.lineTo(L.xy[4 * j + 2], L.xy[4 * j + 3]);
  }
  ctx.lineWidth = L.width;
  ctx.lineCap = "round";
  for (const [c, p] of lines) { ctx.strokeStyle = c; ctx.stroke(p); }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(stage.top, 0, 0);
}

// Paint cell i again, inside its outline: its colour, the lines that meet it, then the walls and dots.
export function paintOne(stage, i, colourOf, lineColour) {
  const ctx = stage.ctx, L = stage.lines;
  ctx.save();
  ctx.setTransform(...stage.transform);
  ctx.beginPath();
  outline(stage, i, ctx);
  ctx.clip();
  ctx.fillStyle = colourOf(i);
  ctx.fillRect(0, 0, stage.w, stage.h);
  ctx.lineWidth = L.width;
  ctx.lineCap = "round";
  for (const j of stage.around[i]) {
    const c = lineColour(j);
    if (!c) continue;
    ctx.strokeStyle = c;
    ctx.beginPath();
    ctx.moveTo(L.xy[4 * j], L.xy[4 * j + 1]);
    ctx.lineTo(L.xy[4 * j + 2], L.xy[4 * j + 3]);
    ctx.stroke();
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(stage.top, 0, 0);
  ctx.restore();
}

// Where cell i's centre is on the canvas, in the canvas's own pixels (read by the browser tests).
export function stagePixel(stage, i) {
  const [x, y] = stage.centres[i], t = stage.transform;
  return [Math.floor(t[0] * x + t[4]), Math.floor(t[3] * y + t[5])];
}
