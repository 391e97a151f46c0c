/* Replaying a solver's trace: events applied to the cells and passages, painted as they come, at a speed. */
import { $, say } from "./common.js";
import { paintCell, paintEnds, edgeKey, paintStageCell, paintEdge, paintPost, paintStage, drawMaze, keyWhere, labelStage } from "./maze-draw.js";
import { N, E, S, W, SPEEDS, EV, RANK, M, onGrid } from "./maze-state.js";
import { setPhase, showProgress } from "./maze.js";


export function chooseSpeed(n) {
  // the slowest speed that replays the whole run in about eight seconds
  let k = SPEEDS.findIndex((s) => n / s <= 8);
  if (k < 0) k = SPEEDS.length - 1;
  $("speed").value = k;
  showSpeed();
}

export function showSpeed() {
  const n = SPEEDS[Number($("speed").value)];
  $("speed-out").value = n + (n === 1 ? " event/s" : " events/s");
  // the slider's value is a step of the scale (6): a screen reader says the speed it stands for instead
  $("speed").setAttribute("aria-valuetext", $("speed-out").value);
}

export function setCell(i, name) {
  if (i < 0) return;
  if (RANK[name] > M.cellState[i] || name === "path") M.cellState[i] = RANK[name];
}

export function setEdge(a, b, name) {
  if (a < 0 || b < 0) return;
  if (onGrid() ? !(M.stage && M.stage.lines.keys.has(a * M.stage.size + b)) : !isNeighbour(a, b)) return;
  const k = edgeKey(a, b);
  const old = M.edgeState.get(k) || "floor";
  if (RANK[name] >= RANK[old]) M.edgeState.set(k, name);
}

// Apply event j to the state; unless `quiet`, the cells it changed (where the traveler was and is) are noted
// in M.dirty, to be painted once the step's events are applied (stepTo), each cell once.
export function apply(j, quiet) {
  const ev = M.events, kind = ev.kinds[j], a = ev.cells[j], b = ev.others[j];
  const prev = M.current;
  let link = -1;
  switch (kind) {
    case EV.VISIT:
      setCell(a, "visited");
      if (b >= 0) setEdge(a, b, "visited");
      M.current = a;
      break;
    case EV.MARK: {
      if (b < 0) { setCell(a, "marked"); break; }
      const k = edgeKey(a, b), n = (M.marks.get(k) || 0) + 1;
      M.marks.set(k, n);
      setEdge(a, b, n >= 2 ? "retraced" : "marked");
      setCell(a, "marked");
      break;
    }
    case EV.RETRACE:
      setCell(a, "retraced");
      if (b >= 0) { setEdge(a, b, "retraced"); M.current = b; }
      break;
    case EV.BACKTRACK:
      setCell(a, "retraced");
      break;
    case EV.DEAD:
      setCell(a, "dead");
      break;
    case EV.FOUND:
      M.current = a;
      break;
    case EV.PATH:
      setCell(a, "path");
      link = M.lastPath;
      setEdge(link, a, "path");
      M.lastPath = a;
      break;
    default:
      break;
  }
  if (!quiet) for (const i of [a, b, prev, M.current, link]) if (i >= 0) M.dirty.add(i);
}

// Paint the cells in `cells` again as the replay has them now: on the square canvas each with its passages
// and corners (a passage between two cells is the colour of its state), on another grid's stage inside its
// outline.
function paintCells(cells) {
  if (onGrid()) { for (const i of cells) paintStageCell(i); return; }
  const ctx = M.canvas.getContext("2d");
  for (const i of cells) paintAround(ctx, i);
  paintEnds(ctx);
}

export function paintAround(ctx, i) {
  const mz = M.maze, v = mz.cells[i];
  paintCell(ctx, i);
  if (v & N) paintEdge(ctx, i, i - mz.cols);
  if (v & S) paintEdge(ctx, i, i + mz.cols);
  if (v & E) paintEdge(ctx, i, i + 1);
  if (v & W) paintEdge(ctx, i, i - 1);
  const r = Math.floor(i / mz.cols), c = i % mz.cols;
  for (const [pr, pc] of [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]) paintPost(ctx, pr, pc);
}

export function isNeighbour(a, b) {
  const cols = M.maze.cols;
  return (Math.abs(a - b) === 1 && Math.floor(a / cols) === Math.floor(b / cols)) || Math.abs(a - b) === cols;
}

// The end of the run: its answer painted on what the replay shows. `painted`: the picture is up to date but
// for the cells in M.dirty (a replay that ran to its end), which are painted with the answer's cells alone;
// otherwise it is painted whole.
export function finish(painted) {
  stopTimer();
  const sol = M.solution.solution;
  // the final answer is drawn from the solution itself (the trace may be cut short); on another grid its
  // cells are the grid's indices (without a stage, the answer's picture has the path)
  const cols = M.maze.cols;
  const path = onGrid() ? (M.stage && sol.path_index) || [] : sol.path.map(([r, c]) => r * cols + c);
  let last = -1;
  for (const i of path) {
    setCell(i, "path");
    if (last >= 0) setEdge(last, i, "path");
    last = i;
  }
  M.index = M.events.kinds.length;
  M.phase = "done";
  const cells = painted && (!onGrid() || M.stage) ? new Set([...(M.dirty || []), ...path]) : null;
  if (cells && M.current >= 0) cells.add(M.current);  // its traveler's dot goes
  if (cells && cells.size <= M.cellState.length / 4) { paintCells(cells); labelStage(); } else drawMaze();
  setPhase("done");
  if (sol.found) say($("maze-message"), `${sol.algorithm}: ${sol.message || "found"} (yellow).`, "ok");
  else say($("maze-message"), `${sol.algorithm}: ${sol.message || "no path found"}.`, "warn");
}

export function stepTo(target) {
  const n = M.events.kinds.length;
  target = Math.min(target, n);
  // a jump over more events than the maze has cells ("end", a fast replay) paints once, afterwards: painting
  // event by event froze a phone for seconds on a large maze. Otherwise the cells the step's events changed
  // are painted once each at its end (event by event, "end" with 20,000 events left painted 300,000 shapes
  // on a 150 x 150 maze: 0.8 s), or the whole picture when they are most of it.
  const once = target - M.index > M.cellState.length;
  M.dirty = new Set();
  while (M.index < target) apply(M.index++, once);
  showProgress();
  const whole = once || M.dirty.size > M.cellState.length / 4;
  if (M.index >= n) finish(!whole);
  else if (whole) { if (M.stage) paintStage(); else drawMaze(); }
  else paintCells(M.dirty);
  M.dirty = null;
  keyWhere();
}

export function tick(now) {
  if (!M.playing) return;
  const dt = Math.min(0.25, (now - M.lastTick) / 1000);
  M.lastTick = now;
  M.carry += dt * SPEEDS[Number($("speed").value)];
  const k = Math.floor(M.carry);
  M.carry -= k;
  if (k > 0) stepTo(M.index + k);
  if (M.playing) M.timer = requestAnimationFrame(tick);
}

export function play() {
  if (!M.events) return;
  if (M.events.kinds.length === 0) { finish(); return; }
  M.playing = true;
  setPhase("animating");
  M.lastTick = performance.now();
  M.timer = requestAnimationFrame(tick);
}

export function pause() {
  stopTimer();
  setPhase("paused");
}

export function stopTimer() {
  M.playing = false;
  if (M.timer) cancelAnimationFrame(M.timer);
  M.timer = 0;
}

// Back to the run's first event (the trace and the answer kept), the picture as it was before the replay.
export function rewind() {
  stopTimer();
  M.cellState = new Uint8Array(M.cellState.length);
  M.edgeState = new Map();
  M.marks = new Map();
  M.current = -1;
  M.lastPath = -1;
  M.index = 0;
  M.carry = 0;
  drawMaze();
}
