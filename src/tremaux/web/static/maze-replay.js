/* Replaying a solver's trace: events applied to the cells and passages, painted as they come, at a speed. */
import { $, say } from "./common.js";
import { paintCell, paintEnds, edgeKey, paintStageCell, paintEdge, paintPost, paintStage, drawMaze } from "./maze-draw.js";
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

// Apply event j to the state; paint what it changed on the canvas (ctx) or the stage, unless `quiet`.
export function apply(j, ctx, quiet) {
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
  if (ctx) {
    for (const i of [a, b]) if (i >= 0) paintAround(ctx, i);
    for (const i of [prev, M.current, link]) if (i >= 0) paintCell(ctx, i);
    if (link >= 0 && isNeighbour(link, a)) paintEdge(ctx, link, a);
    paintEnds(ctx);
  } else if (M.stage && !quiet) {  // painted once the step's events are applied (stepTo), each cell once
    for (const i of [a, b, prev, M.current, link]) if (i >= 0) M.dirty.add(i);
  }
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

export function finish() {
  stopTimer();
  const sol = M.solution.solution;
  // the final answer is drawn from the solution itself (the trace may be cut short)
  const cols = M.maze.cols;
  let last = -1;
  for (const [r, c] of onGrid() ? [] : sol.path) {  // (another grid: its final picture has the answer)
    const i = r * cols + c;
    setCell(i, "path");
    if (last >= 0) setEdge(last, i, "path");
    last = i;
  }
  M.index = M.events.kinds.length;
  M.phase = "done";
  drawMaze();
  setPhase("done");
  if (sol.found) say($("maze-message"), `${sol.algorithm}: ${sol.message || "found"} (yellow).`, "ok");
  else say($("maze-message"), `${sol.algorithm}: ${sol.message || "no path found"}.`, "warn");
}

export function stepTo(target) {
  const n = M.events.kinds.length;
  target = Math.min(target, n);
  // a jump over more events than the maze has cells ("end", a fast replay) paints once, afterwards: painting
  // event by event froze a phone for seconds on a large maze
  const once = target - M.index > M.cellState.length;
  const ctx = onGrid() || once ? null : M.canvas.getContext("2d");
  M.dirty = new Set();
  while (M.index < target) apply(M.index++, ctx, once);
  showProgress();
  if (M.index >= n) finish();
  else if (once) { if (M.stage) paintStage(); else drawMaze(); }
  else if (M.stage) {  // the cells the events changed, or the whole stage when they are most of it
    if (M.dirty.size > M.stage.size / 4) paintStage();
    else for (const i of M.dirty) paintStageCell(i);
  }
  M.dirty = null;
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
