/* The maze demo: new maze, solve, stop, the player's buttons, the links. */
import { $, api, postBytes, postJSON, say, fillTable, wholeNumber } from "./common.js";
import { drawMaze } from "./maze-draw.js";
import { forgetMazeFile } from "./maze-file.js";
import { readForm, showGridParams, writeForm, query, showDocs, showWalk } from "./maze-form.js";
import { chooseSpeed, showSpeed, stepTo, play, pause, stopTimer, rewind } from "./maze-replay.js";
import { M, onGrid } from "./maze-state.js";

export function resetRun() {
  stopTimer();
  if (M.solving) { M.solving.abort(); M.solving = null; }
  const n = M.maze ? (onGrid() ? M.maze.size : M.maze.rows * M.maze.cols) : 0;
  M.cellState = new Uint8Array(n);
  M.edgeState = new Map();
  M.marks = new Map();
  M.current = -1;
  M.lastPath = -1;
  M.index = 0;
  M.carry = 0;
  M.events = null;
  M.solution = null;
  M.stage = null;
}

// A button that had the keyboard's focus and is turned off (solve while solving, end once done) left the
// focus nowhere: it goes on to the player's button, or back to solve, once one of them is on.
let refocus = false;
export function keepFocus(had) {
  if (had && had !== document.body && had.disabled) refocus = true;
  if (!refocus) return;
  const where = document.activeElement;
  if (where && where !== document.body && !where.disabled) { refocus = false; return; }  // the visitor moved on
  // (once the replay is done, solve: "replay" is there too, but a new run is the likelier next step)
  const next = [$("btn-stop"), M.phase === "done" ? null : $("btn-play"), $("btn-solve")].find((b) => b && !b.disabled);
  if (next) { next.focus(); refocus = false; }
}

export function setPhase(phase) {
  const had = document.activeElement;
  M.phase = phase;
  const haveTrace = !!M.events && M.events.kinds.length > 0;
  // once the replay is done, "play" replays the run from its first event ("replay")
  $("btn-play").disabled = !haveTrace;
  $("btn-step").disabled = !haveTrace || phase === "done" || phase === "animating";
  $("btn-end").disabled = !haveTrace || phase === "done";
  $("btn-play").textContent = phase === "animating" ? "pause" : phase === "done" ? "replay" : "play";
  $("btn-play").title = phase === "done" ? "The run again from its first event" : "";
  $("btn-solve").disabled = !M.maze || phase === "loading" || phase === "solving";
  $("btn-stop").hidden = $("btn-stop").disabled = phase !== "solving";  // a long solve (a large grid) can be stopped
  keepFocus(had);
  if (onGrid() && !haveTrace) {
    $("progress").textContent = M.solution ? "no trace of this run" : "";
    return;
  }
  showProgress();
}

export function showProgress() {
  const ev = M.events;
  $("progress").textContent = ev ? `event ${M.index} of ${ev.kinds.length}` +
    (ev.truncated ? ` (the first ${ev.kinds.length} of ${ev.total})` : "") : "";
}

export function updateLinks() {
  const p = M.params;
  if (!p) return;
  const here = new URL(window.location.href);
  // a file's maze has no link: the address no longer names the maze shown before (a reload draws a new one);
  // its downloads are drawn by the server from the file's bytes when pressed (maze-file.js)
  $("permalink").hidden = !!M.file;
  const square = !onGrid();  // a text drawing and a block picture are of the square grid's mazes only
  $("dl-txt").hidden = $("dl-block").hidden = !square;
  if (M.file) {
    here.search = "";
    history.replaceState(null, "", here.toString());
    for (const id of DOWNLOADS) $(id).href = "#";
    return;
  }
  const walk = $("walk-label").hidden ? null : $("walk-seed").value.trim() || null;
  here.search = query(p, { solver: $("solver").value, walk });
  history.replaceState(null, "", here.toString());  // the address keeps its #part (where the page is scrolled)
  here.hash = "";
  $("permalink").href = here.toString();
  const solver = M.solution ? $("solver").value : null;
  const drawn = { solver, walk: solver && walk };  // the picture draws the run the page showed
  $("dl-png").href = "/api/maze.png?" + query(p, drawn);
  $("dl-svg").href = "/api/maze.svg?" + query(p, drawn);
  $("dl-txt").href = "/api/maze.txt?" + query(p, { ...drawn, format: "ascii" });
  $("dl-block").href = "/api/maze.txt?" + query(p, { format: "block" });
  $("dl-json").href = "/api/maze.txt?" + query(p, { format: "json" });
}
export const DOWNLOADS = ["dl-png", "dl-svg", "dl-txt", "dl-block", "dl-json"];

// `note`: said before the maze's description (what was corrected in the link that asked for it).
export async function newMaze(params, note) {
  const id = ++M.requestId;
  resetRun();
  setPhase("loading");
  say($("maze-message"), "generating…");
  fillTable($("run-stats"), []);
  if (M.mazeOnItsWay) M.mazeOnItsWay.abort();  // this choice replaces the one on its way
  const sent = M.mazeOnItsWay = new AbortController();
  let out;
  try {
    out = await api("/api/maze?" + query(params), { signal: sent.signal });
  } catch (err) {
    if (M.mazeOnItsWay === sent) M.mazeOnItsWay = null;
    if (id !== M.requestId || err.aborted) return;
    say($("maze-message"), err.message, "error");
    if (M.maze) drawMaze();  // the maze stays, without the run reset above (its picture showed it still)
    setPhase(M.maze ? "ready" : "error");
    return;
  }
  if (M.mazeOnItsWay === sent) M.mazeOnItsWay = null;
  if (id !== M.requestId) return;
  M.file = null;
  forgetMazeFile();  // a reload shows this maze (its address), not the file's
  M.maze = out;
  // other grids number their cells in their own order: the server says which the end points are
  M.maze.startIndex = out.start_index ?? out.start[0] * out.cols + out.start[1];
  M.maze.goalIndex = out.goal_index ?? out.goal[0] * out.cols + out.goal[1];
  M.params = out.params;
  writeForm({ ...out.params, solver: $("solver").value });
  resetRun();
  drawMaze();
  fillTable($("maze-stats"), out.stats);
  fillTable($("gen-stats"), out.generation);
  fillTable($("run-stats"), [["", "press solve"]]);
  say($("maze-message"), (note ? note + " " : "") + (out.svg
    ? `${out.title || out.grid} maze of ${out.size} cells, seed ${out.params.seed}: start (${out.start}) and destination ` +
      `(${out.goal}) are far apart (the two ends of its longest path when it has no loops).`
    : `${out.rows} × ${out.cols} maze, seed ${out.params.seed}: ` +
      `start (${out.start}) and destination (${out.goal}) are its two most distant cells.`));
  $("no-animation").textContent = "";
  showWalk();
  updateLinks();
  setPhase("ready");
}

export async function solveMaze() {
  if (!M.maze) return;
  // the traveler's random passage choice: a seed, or empty for the fixed order N, E, S, W
  const walk = $("walk-label").hidden ? { value: null } : wholeNumber("walk-seed", "the random choice's seed", null);
  if (walk.error) { say($("maze-message"), walk.error, "error"); return; }
  // (another grid: the replay ends on its stage, so the answer's picture is not asked for: 5.5 MB of the 15 MB
  // answer on the 150 x 150 hex maze)
  const body = { maze: M.params, solver: $("solver").value, picture: false };
  if (walk.value !== null) body.seed = walk.value;
  // a file's maze: its bytes again (the server keeps nothing), the solver and its seed in the address
  const file = M.file, fileQuery = new URLSearchParams({ solver: body.solver });
  if (walk.value !== null) fileQuery.set("seed", walk.value);
  const id = ++M.requestId;
  resetRun();
  drawMaze();
  setPhase("solving");
  say($("maze-message"), "solving…");
  const solving = M.solving = new AbortController();
  let out;
  try {
    out = file ? await postBytes("/api/maze/file/solve?" + fileQuery, file.bytes, solving.signal)
      : await postJSON("/api/solve", body, solving.signal);
  } catch (err) {
    if (M.solving === solving) M.solving = null;
    if (id !== M.requestId || err.aborted) return;
    say($("maze-message"), err.message, "error");
    setPhase("ready");
    return;
  }
  if (M.solving === solving) M.solving = null;
  if (id !== M.requestId) return;
  M.solution = out;
  M.events = out.trace || { kinds: [], cells: [], others: [], total: 0, truncated: false };
  if (out.svg && !(out.trace && out.stage)) {  // another grid and no trace to replay: the picture has the answer
    fillTable($("run-stats"), out.stats.concat([["server time", `${out.elapsed_ms} ms`]]));
    updateLinks();
    M.phase = "done";
    drawMaze();
    setPhase("done");
    const sol = out.solution;
    if (sol.found) say($("maze-message"), `${sol.algorithm}: ${sol.message || "found"} (the line).`, "ok");
    else say($("maze-message"), `${sol.algorithm}: ${sol.message || "no path found"}.`, "warn");
    return;
  }
  fillTable($("run-stats"), out.stats.concat([["server time", `${out.elapsed_ms} ms`]]));
  updateLinks();
  if (out.stage) drawMaze();  // another grid: the stage the trace is replayed on
  chooseSpeed(M.events.kinds.length);
  say($("maze-message"), "replaying the run of " + out.solution.algorithm + "…");
  play();
}


export function bindMaze() {
  $("btn-new").addEventListener("click", () => {
    const p = readForm();
    if (!p) return;
    p.seed = Math.floor(Math.random() * 2 ** 31);
    newMaze(p);
  });
  $("btn-solve").addEventListener("click", solveMaze);
  // "stop": the solve on its way is given up (the server stops its worker as it sees the request closed)
  $("btn-stop").addEventListener("click", () => {
    if (M.phase !== "solving") return;
    M.requestId++;
    resetRun(); drawMaze(); setPhase("ready");
    say($("maze-message"), "stopped solving: the server has given it up; solve starts again", "warn");
  });
  $("grid").addEventListener("change", () => { showGridParams(); const p = readForm(); if (p) newMaze(p); });
  for (const id of ["shape", "weave", "wrap"]) {
    $(id).addEventListener("change", () => { showGridParams(); const p = readForm(); if (p) newMaze(p); });
  }
  for (const id of ["generator", "rows", "cols", "braid", "seed", "rings", "radius", "side", "levels"]) {
    $(id).addEventListener("change", () => { const p = readForm(); if (p) newMaze(p); });
    // a box left holding what is not a number fires no change (its value reads as ""): say so on leaving it
    $(id).addEventListener("blur", () => { if ($(id).validity && $(id).validity.badInput) readForm(); });
  }
  $("braid").addEventListener("input", () => { $("braid-out").value = Number($("braid").value).toFixed(2); });
  const forgetRun = () => {
    showDocs();
    if (!M.maze || M.phase === "loading") return;  // the maze on its way comes without a run
    if (M.phase === "solving") M.requestId++;  // that answer is for the old choice
    // what the message says of the old run (solving, replaying, its result) no longer holds
    if (["solving", "animating", "paused", "done"].includes(M.phase)) say($("maze-message"), "");
    resetRun(); drawMaze(); setPhase("ready"); updateLinks(); fillTable($("run-stats"), []);
  };
  $("solver").addEventListener("change", () => { showWalk(); forgetRun(); });
  let walkSaid = null;  // the random choice's error the message shows: a value put right clears it
  $("walk-seed").addEventListener("change", () => {  // a value the solve would refuse is said at once
    const walk = wholeNumber("walk-seed", "the random choice's seed", null);
    if (walk.error) { say($("maze-message"), walk.error, "error"); walkSaid = walk.error; return; }
    if (walkSaid !== null && $("maze-message").textContent === walkSaid) say($("maze-message"), "");
    walkSaid = null;
    forgetRun();
  });
  $("btn-play").addEventListener("click", () => {
    if (M.playing) { pause(); return; }
    if (M.phase === "done" && M.events) {  // "replay": the run again from its start, at the speed chosen
      rewind();
      say($("maze-message"), "replaying the run of " + M.solution.solution.algorithm + "…");
    }
    play();
  });
  $("btn-step").addEventListener("click", () => { if (M.events) { stepTo(M.index + 1); if (M.phase !== "done") setPhase("paused"); } });
  $("btn-end").addEventListener("click", () => { if (M.events) stepTo(M.events.kinds.length); });
  $("speed").addEventListener("input", showSpeed);
  showSpeed();
}
