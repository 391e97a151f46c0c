/* The Number Link board: editing it (keys, taps, the number box), its size, solve, stop, random puzzle. */
import { $, postJSON, say, fillTable, LIMITS, wholeNumber, ENTRIES } from "./common.js";
import { nlDraw, nlName, nlShowCell, nlZoom } from "./nl-draw.js";
import { nlSave, nlSaveSolution, nlLoad, nlPaste } from "./nl-files.js";
import { bindLines, endKeyLine, keyLine, lineKey } from "./nl-lines.js";

// ================================================================== Number Link
export const NL = {
  canvas: $("nl-board"),
  rows: 8,
  cols: 8,
  labels: [],        // where the numbers were drawn: {r, c, text, font, left, right, top, bottom}
  grid: null,        // rows x cols numbers, 0 = empty
  names: {},         // a loaded puzzle's own label of a number ({27: "R"}, a Flow Free colour), shown for it
  sel: [0, 0],
  typed: "",
  typedAt: 0,
  answer: null,      // last server answer
  shown: "first",    // which solution is drawn
  phase: "editing",  // editing | solving | solved | improper | error
  requestId: 0,      // an answer to an older request than this (the board changed since) is dropped
  pending: 0,        // searches on their way: "solve" and "random puzzle" wait for them (the server
                     // runs one expensive search per visitor; a second, sent meanwhile, is refused)
  drawn: {},         // lines drawn by hand (nl-lines.js): number -> cells [r, c] from the number on
  dragged: false,    // a line was just drawn: the pointerup that ends it is no tap
  search: null,      // the AbortController of the search on its way: a change of the board gives it up
  tall: 0,           // the height the board was last fitted to (kept while the number box has the caret)
  cell: null,        // the cell size chosen with "+" and "-" (CSS px), or null: the size that fits the box
};

// Run the search `work(signal)` with "solve" and "random puzzle" off until it is answered or given up
// (nlGiveUp: the board changed; the server then stops the search and frees the visitor's share).
// "stop" shows meanwhile and gives the search up; `what` names it in the message that says it stopped.
export async function nlSearch(work, what) {
  const search = NL.search = new AbortController();
  search.what = what;
  const had = document.activeElement;
  NL.pending++;
  $("nl-solve").disabled = $("nl-random").disabled = true;
  $("nl-stop").hidden = false;
  // from the keyboard, "stop" is the next key press away: the focus goes to it from the button turned off
  if (had === $("nl-solve") || had === $("nl-random")) $("nl-stop").focus();
  try {
    return await work(search.signal);
  } finally {
    if (NL.search === search) NL.search = null;
    NL.pending--;
    $("nl-solve").disabled = $("nl-random").disabled = NL.pending > 0;
    // the button pressed from the keyboard lost the focus while it was off, and "stop" goes: the button
    // has it back (unless the visitor has moved on)
    const where = document.activeElement, stop = $("nl-stop");
    if (NL.pending === 0) stop.hidden = true;
    const lost = !where || where === document.body || where === stop;
    if ((had === $("nl-solve") || had === $("nl-random")) && !had.disabled && lost) had.focus();
    else if (where === stop && stop.hidden) $("nl-solve").focus();
  }
}

// "stop" (or Esc on the board): the search on its way is given up; the server sees the request closed and
// stops its worker at once (a new one takes its place), and the page says so.
export function nlStop() {
  const search = NL.search;
  if (!search) return;
  NL.requestId++;
  nlGiveUp();
  if (NL.phase === "solving") { nlForget(); nlDraw(); }
  say($("nl-message"), `stopped ${search.what}: the server has given it up; the board is as it was`, "warn");
}

export function nlGiveUp() {
  if (NL.search) { NL.search.abort(); NL.search = null; }
}


export function nlReset(rows, cols, grid, names) {
  NL.requestId++;
  nlGiveUp();
  endKeyLine(true);
  NL.rows = rows;
  NL.cols = cols;
  NL.names = names || {};
  NL.grid = grid || Array.from({ length: rows }, () => new Array(cols).fill(0));
  NL.drawn = {};
  NL.sel = [0, 0];
  nlForget();
  nlDraw();
}

export function nlForget() {
  NL.answer = null;
  NL.shown = "first";
  NL.phase = "editing";
  $("nl-other").hidden = true;
  $("nl-save-solution").hidden = true;
  fillTable($("nl-stats"), []);
}

// What a screen reader says of the board, which is a picture: the selected cell and its number, said
// (a live region) when either changes, as the arrows, a tap or a typed number change them.
export function nlWhere() {
  const [r, c] = NL.sel, v = NL.grid && NL.grid[r] ? NL.grid[r][c] : 0;
  const line = keyLine();
  const text = (line ? `drawing the line of ${nlName(line.num)}: ` : "") +
    `row ${r + 1}, column ${c + 1} of ${NL.rows} × ${NL.cols}: ${v ? nlName(v) : "empty"}`;
  if ($("nl-where").textContent !== text) $("nl-where").textContent = text;
}

// The board is kept for the tab (sessionStorage): a reload gives back the puzzle typed or loaded, not an
// empty 8 × 8 board. What is kept is checked as the server would check it before it is used again.
const NL_KEPT = "tremaux.numberlink.board";
let nlKeeping = false;  // from nlRestore on: the empty board drawn at start-up is not kept over the one kept
export function nlKeep() {
  if (!nlKeeping) return;
  try {
    sessionStorage.setItem(NL_KEPT, JSON.stringify({ rows: NL.rows, cols: NL.cols, grid: NL.grid, names: NL.names,
      drawn: NL.drawn }));
  } catch (_) { /* storage off or full: the board is not kept */ }
}

export function nlRestore() {
  nlKeeping = true;
  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(NL_KEPT) || "null"); } catch (_) { return; }
  if (!kept || typeof kept !== "object") return;
  const { rows, cols, grid, names } = kept;
  const side = (n) => Number.isInteger(n) && n >= 2 && n <= LIMITS.nl_max_side;
  if (!side(rows) || !side(cols) || !Array.isArray(grid) || grid.length !== rows) return;
  if (!grid.every((row) => Array.isArray(row) && row.length === cols &&
                           row.every((v) => Number.isSafeInteger(v) && v >= 0))) return;
  const labels = names && typeof names === "object" && !Array.isArray(names) &&
    Object.entries(names).every(([k, v]) => /^[0-9]+$/.test(k) && typeof v === "string") ? names : {};
  setPreset(rows, cols);
  nlReset(rows, cols, grid, labels);
  // the lines drawn by hand too: each from a cell holding its number, from cell to neighbouring cell
  const drawn = kept.drawn && typeof kept.drawn === "object" ? kept.drawn : {};
  const inside = (x) => Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && Number.isInteger(x[1]) &&
    x[0] >= 0 && x[1] >= 0 && x[0] < rows && x[1] < cols;
  for (const [num, cells] of Object.entries(drawn)) {
    if (!Array.isArray(cells) || !cells.length || !cells.every(inside) || grid[cells[0][0]][cells[0][1]] !== Number(num)) continue;
    if (cells.every((x, k) => !k || Math.abs(x[0] - cells[k - 1][0]) + Math.abs(x[1] - cells[k - 1][1]) === 1)) {
      NL.drawn[num] = cells;
    }
  }
  nlDraw();
}

// A label as typed first (a Flow Free puzzle may have both "a" and "A"), then in either case.
export function nlNumber(text) {
  const keys = Object.keys(NL.names);
  const named = keys.find((k) => NL.names[k] === text) ||
    keys.find((k) => NL.names[k].toUpperCase() === text.toUpperCase());
  return named ? Number(named) : /^[0-9]{1,3}$/.test(text) ? parseInt(text, 10) : null;
}

export function nlSet(r, c, v) {
  NL.requestId++;
  nlGiveUp();
  if (NL.grid[r][c] !== v) NL.drawn = {};  // lines drawn by hand were for the old numbers
  NL.grid[r][c] = v;
  if (NL.answer || NL.phase !== "editing") nlForget();  // a solution, or one on its way, was for the old board
  say($("nl-message"), "");
  nlDraw();
}

export function nlKey(ev) {
  if (lineKey(ev)) { ev.preventDefault(); return; }  // Enter begins and ends a line, the arrows draw it
  const [r, c] = NL.sel;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[ev.key]) {
    const [dr, dc] = moves[ev.key];
    NL.sel = [Math.min(NL.rows - 1, Math.max(0, r + dr)), Math.min(NL.cols - 1, Math.max(0, c + dc))];
    NL.typed = "";
    $("nl-entry").value = nlName(NL.grid[NL.sel[0]][NL.sel[1]]);
    nlDraw();
    nlShowCell(false);  // on a board larger than its box, the box scrolls with the selected cell
    ev.preventDefault();
  } else if (/^[0-9]$/.test(ev.key)) {
    const now = performance.now();
    NL.typed = now - NL.typedAt < 1200 && NL.typed.length < 3 ? NL.typed + ev.key : ev.key;
    NL.typedAt = now;
    nlSet(r, c, parseInt(NL.typed, 10));
    $("nl-entry").value = nlName(NL.grid[r][c]);  // the box under the board shows the selected cell
    ev.preventDefault();
  } else if (ev.key === "Escape" && NL.search) {
    nlStop();
    ev.preventDefault();
  } else if (ev.key === "Backspace" || ev.key === "Delete" || ev.key === " ") {
    NL.typed = "";
    nlSet(r, c, 0);
    $("nl-entry").value = "";
    ev.preventDefault();
  }
}

// A click or a tap selects a cell. A mouse user then types on the board; a touch screen has no
// keys, so a tap puts the caret in the number box under the board, which brings up its keypad.
export function nlPointer(ev) {
  if (NL.dragged) { NL.dragged = false; return; }  // the end of a line drawn by hand, not a tap
  if (ev.button > 0) return;
  endKeyLine(true);  // a line drawn with the keys stays as it is
  const rect = NL.canvas.getBoundingClientRect(), g = NL.geo;
  const c = Math.floor((ev.clientX - rect.left - g.x0) / g.size);
  const r = Math.floor((ev.clientY - rect.top - g.y0) / g.size);
  if (r < 0 || c < 0 || r >= NL.rows || c >= NL.cols) return;
  ev.preventDefault();
  NL.sel = [r, c];
  NL.typed = "";
  $("nl-entry").value = nlName(NL.grid[r][c]);
  if (ev.pointerType === "mouse") NL.canvas.focus();
  else { $("nl-entry").focus(); $("nl-entry").select(); }
  nlDraw();
}

export function nlEntry() {
  const box = $("nl-entry"), text = box.value.trim();
  const ok = text === "" || nlNumber(text) !== null;
  box.classList.toggle("invalid", !ok);
  if (!ok) {
    say($("nl-message"), /^[0-9]+$/.test(text)
      ? `${text} is too large: numbers go from 1 to 999 (clear the box to empty the cell)`
      : `${JSON.stringify(text)} is not a number: type digits, or clear the box`, "error");
    return;
  }
  const [r, c] = NL.sel;
  nlSet(r, c, text === "" ? 0 : nlNumber(text));
}

export function nlBody() {
  const names = Object.keys(NL.names).length ? { names: NL.names } : {};
  return { rows: NL.rows, cols: NL.cols, grid: NL.grid, ...names };
}

export async function nlSolve() {
  const numbers = NL.grid.flat().filter((v) => v > 0);
  if (numbers.length === 0) {
    say($("nl-message"), "place some pairs of numbers first: click a cell and type a number", "error");
    return;
  }
  NL.phase = "solving";
  nlForget();
  NL.phase = "solving";
  nlDraw();
  say($("nl-message"), "solving…");
  const body = { ...nlBody(), second: true };
  if ($("nl-solver").value) body.solver = $("nl-solver").value;
  const id = ++NL.requestId;
  let out;
  try {
    out = await nlSearch((signal) => postJSON("/api/numberlink/solve", body, signal), "the search");
  } catch (err) {
    if (id !== NL.requestId || err.aborted) return;
    NL.phase = "error";
    say($("nl-message"), err.message, "error");
    return;
  }
  if (id !== NL.requestId) return;
  nlShowAnswer(out, "first");
}

// The solver's answer `out` on the board, its solution `shown` ("first" or "second") drawn, with its message,
// statistics and buttons (after a search, or again when a line drawn over it is cancelled).
export function nlShowAnswer(out, shown) {
  NL.answer = out;
  NL.shown = shown;
  NL.phase = out.status === "solved" ? "solved" : "improper";
  const kind = out.status === "solved" ? (out.unique === false ? "warn" : "ok") : "error";
  say($("nl-message"), out.message, kind);
  $("nl-other").hidden = !out.second;
  $("nl-other").textContent = shown === "first" ? "show the other solution" : "show the first solution";
  $("nl-save-solution").hidden = !out.text;
  fillTable($("nl-stats"), out.stats || []);
  nlDraw();
}

export async function nlRandom() {
  // the size typed in the custom boxes, checked as "set" checks it, even before "set" is pressed
  const size = $("nl-custom").hidden ? { rows: NL.rows, cols: NL.cols } : typedSize();
  if (size.error) { say($("nl-message"), `random puzzle: ${size.error}`, "error"); return; }
  const body = { rows: size.rows, cols: size.cols, seed: Math.floor(Math.random() * 2 ** 31) };
  say($("nl-message"), "making a puzzle…");
  const id = ++NL.requestId;
  try {
    const out = await nlSearch((signal) => postJSON("/api/numberlink/random", body, signal), "making the puzzle");
    if (id !== NL.requestId) return;
    nlReset(out.rows, out.cols, out.grid);
    say($("nl-message"), out.message || `a random ${out.rows} × ${out.cols} puzzle (seed ${body.seed})`);
  } catch (err) {
    if (id === NL.requestId && !err.aborted) say($("nl-message"), err.message, "error");
  }
}



export function setPreset(rows, cols) {
  const v = `${rows}x${cols}`;
  const known = [...$("nl-preset").options].some((o) => o.value === v);
  $("nl-preset").value = known ? v : "custom";
  $("nl-custom").hidden = known;
  $("nl-rows").value = rows;
  $("nl-cols").value = cols;
}

export function sizeError(rows, cols) {
  const max = LIMITS.nl_max_side;
  if (rows >= 2 && cols >= 2 && rows <= max && cols <= max) return null;
  return `size ${rows} × ${cols}: rows and columns must be between 2 and ${max}`;
}

// The size in the custom boxes, or {error} when a box is not a whole number or the size is out of range.
export function typedSize() {
  const rows = wholeNumber("nl-rows", "rows"), cols = wholeNumber("nl-cols", "columns");
  const bad = [rows, cols].find((x) => x.error);
  if (bad) return { error: bad.error };
  const error = sizeError(rows.value, cols.value);
  return error ? { error } : { rows: rows.value, cols: cols.value };
}

export function nlResize(rows, cols) {
  const error = sizeError(rows, cols);
  if (error) {
    say($("nl-message"), error, "error");
    return;
  }
  say($("nl-message"), "");
  nlReset(rows, cols);
}

export function bindNumberLink() {
  bindLines();
  NL.canvas.addEventListener("pointerup", nlPointer);
  // no mouse events after a touch: they would move the focus from the number box back to the board
  NL.canvas.addEventListener("pointerdown", (ev) => { if (ev.pointerType !== "mouse") ev.preventDefault(); });
  $("nl-entry").addEventListener("input", nlEntry);
  NL.canvas.addEventListener("keydown", nlKey);
  NL.canvas.addEventListener("focus", nlDraw);  // a board reached by Tab shows its selected cell
  NL.canvas.addEventListener("blur", () => { endKeyLine(true); nlDraw(); });
  $("nl-preset").addEventListener("change", () => {
    const v = $("nl-preset").value;
    $("nl-custom").hidden = v !== "custom";
    if (v !== "custom") { const [r, c] = v.split("x").map(Number); nlResize(r, c); }
  });
  $("nl-resize").addEventListener("click", () => {
    const size = typedSize();
    if (size.error) say($("nl-message"), size.error, "error");
    else nlResize(size.rows, size.cols);
  });
  for (const id of ["nl-rows", "nl-cols"]) {  // Enter in a size box sets the size, as in the maze's boxes
    $(id).addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); $("nl-resize").click(); } });
  }
  $("nl-zoom-in").addEventListener("click", () => nlZoom(1));
  $("nl-zoom-out").addEventListener("click", () => nlZoom(-1));
  $("nl-solve").addEventListener("click", nlSolve);
  $("nl-stop").addEventListener("click", nlStop);
  $("nl-clear").addEventListener("click", () => { nlReset(NL.rows, NL.cols); say($("nl-message"), ""); });
  $("nl-random").addEventListener("click", nlRandom);
  $("nl-save").addEventListener("click", nlSave);
  $("nl-save-solution").addEventListener("click", nlSaveSolution);
  $("nl-load").addEventListener("change", nlLoad);
  NL.canvas.addEventListener("paste", nlPaste);
  $("nl-entry").addEventListener("paste", nlPaste);
  $("nl-other").addEventListener("click", () => {
    NL.shown = NL.shown === "first" ? "second" : "first";
    $("nl-other").textContent = NL.shown === "first" ? "show the other solution" : "show the first solution";
    nlDraw();
  });
  $("nl-solver").addEventListener("change", () => {
    const s = ENTRIES.nlSolvers.find((e) => e.name === $("nl-solver").value);
    $("nl-solver-doc").textContent = s ? s.name + ": " + s.doc : "";
    if (NL.phase === "solving") {  // the search on its way is the old solver's: give it up, as a board change does
      NL.requestId++;
      nlGiveUp();
      nlForget();
      say($("nl-message"), "");
      nlDraw();
    }
  });
  nlReset(8, 8);
}
