/* Drawing the maze: the square maze on the canvas, other grids from the server's SVG picture (and the stage
 * a trace is replayed on). */
import { $, PALETTE, room, setupCanvas } from "./common.js";
import { N, E, S, W, RANK, RANK_NAME, M, onGrid, staging } from "./maze-state.js";
import { parseStage, layStage, paintWhole, paintOne } from "./maze-stage.js";


export function geometry(rows, cols) {
  const fit = room(M.canvas, [$("legend"), $("maze-message")]);
  const maxW = Math.min(600, fit.width), maxH = Math.min(600, fit.height);
  // the walls grow with the cells (an eighth of one): the frame of a few large cells takes its share too
  const wallOf = (s) => Math.max(1, Math.round(s / 8));
  let size = Math.max(2, Math.floor(Math.min((maxW - 8) / cols, (maxH - 8) / rows)));
  while (size > 2 && (cols * size + 2 * wallOf(size) + 4 > maxW || rows * size + 2 * wallOf(size) + 4 > maxH)) size--;
  const wall = wallOf(size);
  const width = cols * size + 2 * wall + 4, height = rows * size + 2 * wall + 4;
  const ratio = window.devicePixelRatio || 1;
  return { size, wall, x0: wall + 2, y0: wall + 2, width, height, ratio };
}


export function cellColour(i) {
  const mz = M.maze;
  if (i === mz.startIndex) return PALETTE.start;
  if (i === mz.goalIndex) return PALETTE.goal;
  if (mz.mask && !mz.mask[i]) return PALETTE.wall;  // a file's maze: a square outside its outline
  return PALETTE[RANK_NAME[M.cellState[i]]] || PALETTE.floor;
}

export function paintCell(ctx, i) {
  const g = M.geo, mz = M.maze;
  const r = Math.floor(i / mz.cols), c = i % mz.cols;
  const x = g.x0 + c * g.size, y = g.y0 + r * g.size, h = g.wall / 2;
  ctx.fillStyle = cellColour(i);
  ctx.fillRect(x + h, y + h, g.size - g.wall, g.size - g.wall);
  if (i === mz.startIndex && i === mz.goalIndex) {  // both ends: the goal in its right half, as the pictures have it
    const w = g.size - g.wall;
    ctx.fillStyle = PALETTE.goal;
    ctx.fillRect(x + h + w / 2, y + h, w / 2, w);
  }
  if (i === M.current && M.phase !== "done") {
    ctx.fillStyle = "#3b6fb6";
    const d = Math.max(2, g.size / 4);
    ctx.beginPath();
    ctx.arc(x + g.size / 2, y + g.size / 2, d, 0, 2 * Math.PI);
    ctx.fill();
  }
}

// Start and goal stay visible on a board of tiny cells: a marker at least END_MIN CSS pixels wide, ringed in
// the background colour, over the cell and its neighbours (a board whose cells are large enough has none).
export const END_MIN = 7;
export function paintEnds(ctx) {
  const g = M.geo, mz = M.maze;
  if (g.size - g.wall >= END_MIN) return;
  const both = mz.startIndex === mz.goalIndex;
  for (const [i, key] of [[mz.startIndex, "start"], [mz.goalIndex, "goal"]]) {
    const r = Math.floor(i / mz.cols), c = i % mz.cols;
    const cx = g.x0 + (c + 0.5) * g.size, cy = g.y0 + (r + 0.5) * g.size, h = END_MIN / 2;
    if (key === "start" || !both) {
      ctx.fillStyle = PALETTE.background;
      ctx.fillRect(cx - h - 1, cy - h - 1, END_MIN + 2, END_MIN + 2);
    }
    ctx.fillStyle = PALETTE[key];
    if (both) ctx.fillRect(key === "start" ? cx - h : cx, cy - h, h, END_MIN);  // start left, goal right
    else ctx.fillRect(cx - h, cy - h, END_MIN, END_MIN);
  }
}

// The same for the end dots of another grid's picture, drawn `scale` CSS pixels to its unit.
export function growEndDots(svg, scale) {
  for (const dot of svg.querySelectorAll(":scope > circle")) {
    const r = Number(dot.getAttribute("r"));
    if (!(r * scale < END_MIN / 2)) continue;
    dot.setAttribute("r", (END_MIN / 2 / scale).toFixed(3));
    dot.setAttribute("stroke", PALETTE.background);
    dot.setAttribute("stroke-width", (1 / scale).toFixed(3));
  }
}

export function edgeKey(a, b) {
  if (onGrid()) return Math.min(a, b) * M.maze.size + Math.max(a, b);
  return a < b ? a * 8 + (b - a === 1 ? 1 : 2) : b * 8 + (a - b === 1 ? 1 : 2);
}

// On the stage of another grid (maze-stage.js): a cell is its outline, a passage the two half lines from its
// ends; a cell painted again brings the lines that meet it along.
const lineColour = (j) => {
  const L = M.stage.lines, state = edgeState(L.a[j], L.b[j]);
  return state === "floor" ? null : PALETTE[state];
};

export function paintStageCell(i) {
  if (!M.stage || i < 0 || i >= M.stage.size) return;
  paintOne(M.stage, i, cellColour, lineColour);
  M.painted++;
}

// a passage without a colour of its own takes its cells' colour when they agree
export function edgeState(a, b) {
  const state = M.edgeState.get(edgeKey(a, b));
  if (state) return state;
  return M.cellState[a] === M.cellState[b] ? RANK_NAME[M.cellState[a]] : "floor";
}

export function paintEdge(ctx, a, b) {
  const g = M.geo, mz = M.maze;
  const lo = Math.min(a, b), hi = Math.max(a, b);
  const state = edgeState(a, b);
  const r = Math.floor(lo / mz.cols), c = lo % mz.cols;
  const x = g.x0 + c * g.size, y = g.y0 + r * g.size, h = g.wall / 2;
  ctx.fillStyle = PALETTE[state];
  if (hi - lo === 1) ctx.fillRect(x + g.size - h - 0.5, y + h, g.wall + 1, g.size - g.wall);
  else ctx.fillRect(x + h, y + g.size - h - 0.5, g.size - g.wall, g.wall + 1);
}

// A post (corner) with no wall on any of its four sides is drawn like the floor around it.
export function paintPost(ctx, r, c) {
  const mz = M.maze, g = M.geo;
  if (r <= 0 || c <= 0 || r >= mz.rows || c >= mz.cols) return;
  const a = (r - 1) * mz.cols + (c - 1), d = r * mz.cols + c;
  if (!((mz.cells[a] & E) && (mz.cells[a] & S) && (mz.cells[d] & N) && (mz.cells[d] & W))) return;
  // the colour most of the four passages around it have (the stronger one on a tie)
  const around = [edgeState(a, a + 1), edgeState(d - 1, d), edgeState(a, d - 1), edgeState(a + 1, d)];
  let best = "floor", most = 0;
  for (const name of around) {
    const n = around.filter((x) => x === name).length;
    if (n > most || (n === most && RANK[name] > RANK[best])) { best = name; most = n; }
  }
  ctx.fillStyle = PALETTE[best];
  const h = g.wall / 2;
  ctx.fillRect(g.x0 + c * g.size - h - 0.5, g.y0 + r * g.size - h - 0.5, g.wall + 1, g.wall + 1);
}

// The server's SVG picture (grids other than the plain square one), scaled to fit the room the canvas has.
export function drawSvg() {
  const box = $("maze-svg");
  const stage = staging();
  const text = stage ? M.solution.stage : M.solution && M.solution.svg ? M.solution.svg : M.maze.svg;
  M.canvas.hidden = true;
  // the key under the picture: a replay's colours are the square maze's key, else the picture's own
  const key = stage ? $("legend") : $("grid-legend");
  $("legend").hidden = !stage;
  $("grid-legend").hidden = !!stage;
  box.hidden = false;
  if (stage) { drawStage(box, text, key); return; }
  M.stage = null;
  box.innerHTML = text;
  const svg = box.querySelector("svg");
  const w = Number(svg.getAttribute("width")), h = Number(svg.getAttribute("height"));
  const { width, height } = fitted(box, key, w, h);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  growEndDots(svg, Math.min(width / w, height / h));
  M.geo = { width, height, svg: true };
  // the legend takes its colours from the picture itself
  const circles = svg.querySelectorAll(":scope > circle"), line = svg.querySelector("polyline");
  const visited = svg.querySelector("g[fill]");
  const colour = { start: circles.length > 1 && circles[circles.length - 2].getAttribute("fill"),
    goal: circles.length > 0 && circles[circles.length - 1].getAttribute("fill"),
    path: line && line.getAttribute("stroke"), visited: visited && visited.getAttribute("fill") };
  for (const sw of $("grid-legend").querySelectorAll("[data-svg]")) {
    const c = colour[sw.dataset.svg];
    sw.parentElement.hidden = !c;
    if (c) sw.style.background = c;
  }
}

// The size a picture of w x h units is drawn at, in the room the page has for it.
function fitted(box, key, w, h) {
  const fit = room(box, [key, $("maze-message")]);
  const scale = Math.min((Math.min(600, fit.width) - 2) / w, (Math.min(600, fit.height) - 2) / h);
  return { width: Math.max(60, Math.floor(w * scale)), height: Math.max(60, Math.floor(h * scale)) };
}

// The stage of a replay, on a canvas in the picture's place: its shapes are read once per answer (a resize
// lays the same shapes out again), then painted as the replay has them now.
function drawStage(box, text, key) {
  if (!M.stageShapes || M.stageShapes.text !== text) M.stageShapes = { text, stage: parseStage(text) };
  const stage = M.stageShapes.stage;
  let canvas = box.querySelector("canvas.stage");
  if (!canvas) {
    box.textContent = "";
    canvas = document.createElement("canvas");
    canvas.className = "stage";
    canvas.setAttribute("role", "img");
    box.appendChild(canvas);
  }
  labelStage();
  const { width, height } = fitted(box, key, stage.w, stage.h);
  // laid out again when its room changed (the end of the replay paints the same layout again)
  const ratio = window.devicePixelRatio || 1;
  const laid = M.stage === stage && M.geo && M.geo.stage && M.geo.width === width && M.geo.height === height &&
    M.geo.ratio === ratio && stage.canvas === canvas;
  if (!laid) layStage(stage, canvas, width, height, END_MIN);
  M.geo = { width, height, ratio, svg: true, stage: true };
  M.stage = stage;
  paintStage();
}

// What the stage's canvas shows, said to a screen reader.
export function labelStage() {
  const canvas = $("maze-svg").querySelector("canvas.stage");
  if (canvas) canvas.setAttribute("aria-label", M.phase === "done" ? "the maze with the solver's run and its answer"
    : "the maze as the solver's run has reached it");
}

// Paint every cell and passage of the stage as the replay has them now.
export function paintStage() {
  paintWhole(M.stage, cellColour, lineColour);
  M.painted += M.stage.size;
}

// The key lists the solver's dot while the square maze shows it: a run on its way whose solver has a
// position (not before a run, nor at its end, nor on another grid's stage, nor for a solver that has none).
// Kept in its place, unseen: the key does not change height, nor the maze move, as the dot comes and goes.
export function keyWhere() {
  const shown = !onGrid() && M.current >= 0 && M.phase !== "done";
  $("legend-where").style.visibility = shown ? "" : "hidden";
}

export function drawMaze() {
  const mz = M.maze;
  keyWhere();
  if (onGrid()) { drawSvg(); return; }
  M.canvas.hidden = false;
  $("maze-svg").hidden = true;
  $("legend").hidden = false;
  $("grid-legend").hidden = true;
  M.geo = geometry(mz.rows, mz.cols);
  const g = M.geo;
  const ctx = setupCanvas(M.canvas, g);
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, g.width, g.height);
  // walls: the whole grid in wall colour, then every open cell and passage on top
  ctx.fillStyle = PALETTE.wall;
  ctx.fillRect(g.x0 - g.wall / 2, g.y0 - g.wall / 2, mz.cols * g.size + g.wall, mz.rows * g.size + g.wall);
  const n = mz.rows * mz.cols;
  for (let i = 0; i < n; i++) {
    paintCell(ctx, i);
    if (mz.cells[i] & E) paintEdge(ctx, i, i + 1);
    if (mz.cells[i] & S) paintEdge(ctx, i, i + mz.cols);
  }
  for (let r = 1; r < mz.rows; r++) for (let c = 1; c < mz.cols; c++) paintPost(ctx, r, c);
  if (M.current >= 0) paintCell(ctx, M.current);
  paintEnds(ctx);
}
