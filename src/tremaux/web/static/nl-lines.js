/* Lines drawn by hand on the Number Link board, with a mouse or a finger: press on a number (or on the loose
 * end of a line begun) and move from cell to cell; or with the keyboard: Enter on a number (or a loose end)
 * begins a line, the arrows draw it, Enter ends it (reaching the partner ends it too); Escape cancels a line
 * drawn either way.
 * A line goes back over itself to undo, never through another number, and cuts a line of another pair it
 * crosses; it ends on its partner. The page says when every pair is joined, and whether every cell is filled.
 * A press without a move stays a tap: it selects the cell. */
import { $, say } from "./common.js";
import { nlDraw, nlName, nlShowCell } from "./nl-draw.js";
import { NL, nlForget, nlShowAnswer } from "./numberlink.js";
import { pinchDown, pinchMove, pinchUp } from "./nl-pinch.js";

let drag = null;  // {num, from, moved, pointer, fresh, before, answer, cancelled}: the line being drawn

function cellAt(ev) {
  const rect = NL.canvas.getBoundingClientRect(), g = NL.geo;
  const c = Math.floor((ev.clientX - rect.left - g.x0) / g.size);
  const r = Math.floor((ev.clientY - rect.top - g.y0) / g.size);
  return r < 0 || c < 0 || r >= NL.rows || c >= NL.cols ? null : [r, c];
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const ended = (num, cells) => cells.length > 1 && NL.grid[cells[cells.length - 1][0]][cells[cells.length - 1][1]] === num;

// The pair whose line passes through cell [r, c], and where, or null.
function lineThrough(r, c) {
  for (const [num, cells] of Object.entries(NL.drawn)) {
    const k = cells.findIndex((x) => x[0] === r && x[1] === c);
    if (k >= 0) return { num: Number(num), k };
  }
  return null;
}

// One step of the line being drawn to the neighbouring cell [r, c]; false where the line cannot go.
function step(num, r, c) {
  const cells = NL.drawn[num];
  const back = cells.length > 1 && same(cells[cells.length - 2], [r, c]);
  if (back) { cells.pop(); return true; }  // over itself: undone
  const own = cells.findIndex((x) => x[0] === r && x[1] === c);
  if (own >= 0) { cells.length = own + 1; return true; }  // back to a cell of its own: the loop is undone
  if (ended(num, cells)) return false;  // joined to its partner: only undoing goes on
  const v = NL.grid[r][c];
  if (v && v !== num) return false;  // never through another number
  const other = lineThrough(r, c);
  if (other && other.num !== num) {  // a line of another pair is cut where this one crosses it
    NL.drawn[other.num].length = other.k;
    if (NL.drawn[other.num].length === 0) delete NL.drawn[other.num];
  }
  cells.push([r, c]);
  return true;
}

function start(ev) {
  if (pinchDown(ev)) {  // a second finger: the two pinch or scroll, and what the first had begun is given up
    if (drag && drag.moved && !drag.cancelled) cancel(drag);
    drag = null;
    pan = null;
    return;
  }
  if (ev.button > 0) return;
  const at = cellAt(ev);
  if (!at) return;
  const [r, c] = at, num = NL.phase === "solving" ? null : lineFrom(r, c);
  if (num === null) { startPan(ev); return; }
  endKeyLine(true);
  drag = { num, from: at, moved: false, pointer: ev.pointerId, fresh: !!NL.grid[r][c], ...undo() };
  try { NL.canvas.setPointerCapture(ev.pointerId); } catch (_) { /* a pointer already gone */ }
}

// A press where no line begins, on a board larger than its box (cells enlarged with "+"): a drag scrolls the
// box, as a finger scrolls a page (the board takes the finger's moves for its lines, so the browser does not).
let pan = null;  // {pointer, x, y, left, top, moved}
const PAN_SLOP = 6;  // CSS px a finger may wander in a tap
function startPan(ev) {
  const box = $("nl-box");
  if (box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight) return;
  pan = { pointer: ev.pointerId, x: ev.clientX, y: ev.clientY, left: box.scrollLeft, top: box.scrollTop, moved: false };
  try { NL.canvas.setPointerCapture(ev.pointerId); } catch (_) { /* a pointer already gone */ }
}

function movePan(ev) {
  const dx = ev.clientX - pan.x, dy = ev.clientY - pan.y;
  if (!pan.moved && Math.hypot(dx, dy) < PAN_SLOP) return;
  pan.moved = true;
  const box = $("nl-box");
  box.scrollLeft = pan.left - dx;
  box.scrollTop = pan.top - dy;
}

function move(ev) {
  if (pinchMove(ev)) return;
  if (pan && ev.pointerId === pan.pointer) { movePan(ev); return; }
  if (!drag || drag.cancelled || ev.pointerId !== drag.pointer) return;
  const at = cellAt(ev);
  if (!at) return;
  const num = drag.num;
  if (!drag.moved) {
    if (same(at, drag.from)) return;
    drag.moved = true;  // a drag, not a tap
    setOut(drag);
  }
  walk(num, at);
  nlDraw();
  judge();
}

// The first move of a line: the solver's answer on the board gives way to the visitor's lines; a line begun
// on a number starts again from it.
function setOut(line) {
  const num = line.num;
  if (NL.answer) { nlForget(); NL.drawn = {}; }
  if (line.fresh || !NL.drawn[num]) {
    for (const [k, cells] of Object.entries(NL.drawn)) {  // the cell it starts from is its own
      const i = cells.findIndex((x) => same(x, line.from));
      if (i >= 0 && Number(k) !== num) { cells.length = i; if (!cells.length) delete NL.drawn[k]; }
    }
    NL.drawn[num] = [line.from];
  }
}

// The line of `num` drawn on to cell `at` (a fast move skips cells: walked one step at a time, rows then
// columns); whether it got there.
function walk(num, at) {
  let last = NL.drawn[num][NL.drawn[num].length - 1];
  while (!same(last, at)) {
    const dr = Math.sign(at[0] - last[0]), dc = dr ? 0 : Math.sign(at[1] - last[1]);
    if (!step(num, last[0] + dr, last[1] + dc)) break;
    if (!NL.drawn[num]) break;
    last = NL.drawn[num][NL.drawn[num].length - 1];
  }
  if (NL.drawn[num] && NL.drawn[num].length === 1 && !NL.grid[NL.drawn[num][0][0]][NL.drawn[num][0][1]]) {
    delete NL.drawn[num];
  }
  return same(last, at);
}

// The line a number or a loose end at [r, c] begins, or null.
function lineFrom(r, c) {
  const v = NL.grid[r][c], through = lineThrough(r, c);
  if (v) return v;  // from a number: its line starts again from here
  if (through && through.k === NL.drawn[through.num].length - 1) return through.num;  // a loose end: goes on
  return null;
}

// What Escape gives back of a line begun now: the lines drawn by hand, and the solver's answer its first move
// takes away.
function undo() {
  return { before: JSON.stringify(NL.drawn), answer: NL.answer && { out: NL.answer, shown: NL.shown } };
}

// The line `line` (drawn with the keys or by hand) cancelled: the board as it was before it began.
function cancel(line) {
  const answer = line.moved && line.answer;
  if (line.moved) NL.drawn = JSON.parse(line.before);
  if (answer) nlShowAnswer(answer.out, answer.shown);  // the answer the line had taken the place of
  else { nlDraw(); if (!NL.answer) judge(); }
  tell(`line of ${nlName(line.num)} cancelled`);
}

// Escape while a line is drawn with the mouse or a finger (wherever the focus is): the line is cancelled, and
// the rest of the press draws nothing.
function escape(ev) {
  if (ev.key !== "Escape" || !drag || drag.cancelled) return;
  drag.cancelled = true;
  cancel(drag);
  ev.preventDefault();
  ev.stopPropagation();  // not also taken by the board's keys (Escape there stops a search)
}

// ------------------------------------------------------------------ the keyboard
let keyed = null;  // {num, from, fresh, moved, before, answer}: the line drawn with the arrows, and what it replaced

function tell(text) { $("nl-where").textContent = text; }

export function keyLine() { return keyed && { num: keyed.num, moved: keyed.moved }; }

// The line drawn with the keys ends (kept as drawn); said unless `quiet`.
export function endKeyLine(quiet) {
  if (!keyed) return;
  const num = keyed.num, cells = NL.drawn[num];
  keyed = null;
  nlDraw();
  if (!quiet) tell(`line of ${nlName(num)} ${cells && ended(num, cells) ? "joined" : "left open"}`);
}

// A key on the board for the lines (Enter, the arrows while a line is drawn, Escape): whether it was taken.
export function lineKey(ev) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (ev.key === "Enter") {
    if (keyed) { endKeyLine(); return true; }
    if (NL.phase === "solving") return false;
    const [r, c] = NL.sel, num = lineFrom(r, c);
    if (num === null) {
      tell("a line begins on a number or on the loose end of a line: move there, then press Enter");
      return true;
    }
    keyed = { num, from: [r, c], fresh: !!NL.grid[r][c], moved: false, ...undo() };
    nlDraw();
    tell(`drawing the line of ${nlName(num)}: the arrows draw it, Enter ends it, Escape cancels it`);
    return true;
  }
  if (!keyed) return false;
  if (ev.key === "Escape") {
    const line = keyed;
    NL.sel = keyed.from;
    keyed = null;
    cancel(line);
    return true;
  }
  if (!moves[ev.key]) { endKeyLine(true); return false; }  // any other key: the line stays as drawn
  const [dr, dc] = moves[ev.key], [r, c] = NL.sel, at = [r + dr, c + dc];
  if (at[0] < 0 || at[1] < 0 || at[0] >= NL.rows || at[1] >= NL.cols) { tell("the edge of the board"); return true; }
  if (!keyed.moved) { keyed.moved = true; setOut(keyed); }
  const num = keyed.num;
  if (!walk(num, at)) {
    const v = NL.grid[at[0]][at[1]];
    tell(v && v !== num ? `${nlName(v)} is in the way`
      : `the line of ${nlName(num)} is joined: go back over it or press Enter`);
    return true;
  }
  const cells = NL.drawn[num] || [];
  NL.sel = cells.length ? cells[cells.length - 1] : keyed.from;
  nlDraw();
  nlShowCell(false);
  judge();
  if (cells.length > 1 && ended(num, cells)) endKeyLine();
  return true;
}

function end(ev) {
  if (pinchUp(ev)) { NL.dragged = true; return; }  // the end of a pinch: no tap
  if (pan && ev.pointerId === pan.pointer) {
    if (pan.moved) NL.dragged = true;  // a scroll, not a tap
    pan = null;
    return;
  }
  if (!drag || ev.pointerId !== drag.pointer) return;
  const taken = drag.moved || drag.cancelled;
  drag = null;
  if (taken) NL.dragged = true;  // the pointerup's tap (selecting a cell) is not taken
}

// What the lines drawn so far come to, said under the board.
export function judge() {
  const nums = [...new Set(NL.grid.flat().filter((v) => v > 0))];
  const joined = nums.filter((n) => NL.drawn[n] && ended(n, NL.drawn[n]));
  if (!nums.length) return;
  // (short: one line on a phone, so the board does not move under the finger as the message changes)
  if (joined.length < nums.length) {
    say($("nl-message"), `${joined.length} of ${nums.length} pairs joined`);
    return;
  }
  const covered = new Set(Object.values(NL.drawn).flat().map(([r, c]) => r * NL.cols + c));
  const empty = NL.rows * NL.cols - covered.size;
  if (empty) say($("nl-message"), `all pairs joined; ${empty} cell${empty > 1 ? "s" : ""} empty (fill them all)`, "warn");
  else say($("nl-message"), "solved: all pairs joined, every cell filled", "ok");
}

export function bindLines() {
  NL.canvas.addEventListener("pointerdown", start);
  NL.canvas.addEventListener("pointermove", move);
  NL.canvas.addEventListener("pointerup", end, true);  // before the tap's handler, which it may tell to stand back
  document.addEventListener("keydown", escape, true);  // before the board's own keys
  NL.canvas.addEventListener("pointercancel", (ev) => {
    pinchUp(ev);
    if (drag && ev.pointerId === drag.pointer) drag = null;
    if (pan && ev.pointerId === pan.pointer) pan = null;
  });
}
