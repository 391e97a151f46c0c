/* The tremaux page: a maze demo replaying solver traces, and a Number Link board.
 *
 * Plain JavaScript ES modules on two canvases, no build step. Everything the server knows
 * (registries, limits, colours) is fetched from the JSON API, so a new
 * algorithm appears in the menus without touching these files.
 *
 * window.tremaux exposes the state of both pieces (read by the browser tests). */
import { $, api, say, nameKey, findEntry, fillSelect, PALETTE, NEGATIVE, ENTRIES, setLimits, setPalette } from "./common.js";
import { drawMaze } from "./maze-draw.js";
import { stagePixel } from "./maze-stage.js";
import { readForm, writeForm, showWalk } from "./maze-form.js";
import { M, onGrid, setWalkSeed } from "./maze-state.js";
import { bindMazeFile, keptMazeFile, openMazeFile, openFile } from "./maze-file.js";
import { updateLinks, newMaze, bindMaze } from "./maze.js";
import { nlColour, nlInk, nlDraw, nlName } from "./nl-draw.js";
import { NL, nlRestore, bindNumberLink } from "./numberlink.js";
import { keyLine } from "./nl-lines.js";
import { nlLoadFile } from "./nl-files.js";

// ================================================================== start
// A whole number given in the address (a permalink), or `otherwise` (also for one too large to hold exactly).
function whole(text, otherwise) {
  return text !== null && /^[0-9]+$/.test(text.trim()) && Number.isSafeInteger(Number(text)) ? Number(text) : otherwise;
}

let resizeTimer = 0;
function onResize() {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => { if (M.maze) drawMaze(); nlDraw(); }, 100);
}

// A file dropped on the page: on the maze's part it is opened as a maze, on the Number Link board's part
// loaded as a puzzle (as the file boxes do). Left to the browser, a file dropped anywhere replaced the page
// with the file itself (the maze, the board typed and the run lost).
const carriesFiles = (ev) => ev.dataTransfer && [...(ev.dataTransfer.types || [])].includes("Files");
const dropPart = (ev) => (ev.target && ev.target.closest ? ev.target.closest("#maze-demo, #numberlink") : null);
function bindDrop() {
  document.addEventListener("dragover", (ev) => {
    if (!carriesFiles(ev)) return;
    ev.preventDefault();
    ev.dataTransfer.dropEffect = dropPart(ev) ? "copy" : "none";
  });
  document.addEventListener("drop", (ev) => {
    if (!carriesFiles(ev)) return;
    ev.preventDefault();
    const part = dropPart(ev), files = [...ev.dataTransfer.files];
    if (!part || !files.length) return;
    const message = part.id === "numberlink" ? $("nl-message") : $("maze-message");
    if (files.length > 1) { say(message, `${files.length} files dropped: drop one file at a time`, "error"); return; }
    if (part.id === "numberlink") nlLoadFile(files[0]);
    else openFile(files[0]).catch(() => say(message, `${files[0].name} cannot be read: drop a file, not a folder`, "error"));
  });
}

async function start() {
  bindMaze();
  bindDrop();
  bindMazeFile();
  bindNumberLink();
  window.addEventListener("resize", onResize);
  // back or forward within the page (over the #parts its menu's links add) brings back an address of a maze
  // drawn before: the address is put back to the maze on the page, which a reload or a copied address shows
  window.addEventListener("popstate", updateLinks);
  const url = new URL(window.location.href).searchParams;
  if (whole(url.get("walk"), null) !== null) $("walk-seed").value = url.get("walk");
  const want = {
    grid: url.get("grid") || "square",
    shape: url.get("shape"),
    rings: whole(url.get("rings"), null),
    radius: whole(url.get("radius"), null),
    side: whole(url.get("side"), null),
    levels: whole(url.get("levels"), null),
    wrap: url.get("wrap"),
    weave: url.get("weave") === "true",
    generator: url.get("generator") || "backtracker",
    solver: url.get("solver") || "tremaux",
    rows: whole(url.get("rows"), 20),
    cols: whole(url.get("cols"), 20),
    braid: url.has("braid") && Number.isFinite(Number(url.get("braid"))) ? Number(url.get("braid")) : 0.5,
    seed: whole(url.get("seed"), Math.floor(Math.random() * 2 ** 31)),
  };
  let maxima = Promise.resolve();
  try {
    const [gens, sols, nls, limits, palette, grids] = await Promise.all([
      api("/api/generators"), api("/api/solvers"), api("/api/numberlink/solvers").catch(() => []),
      api("/api/limits"), api("/api/palette").catch(() => PALETTE), api("/api/grids").catch(() => []),
    ]);
    ENTRIES.grids = grids;
    fillSelect($("grid"), grids, want.grid);
    $("grid").disabled = grids.length === 0;
    ENTRIES.generators = gens;
    ENTRIES.solvers = sols;
    ENTRIES.nlSolvers = nls;
    setLimits(limits);
    $("version").textContent = limits.version;
    setPalette({ ...PALETTE, ...palette });
    // a name the registry does not know (a mistyped or hostile link) is the page's default, not the menu's first
    const known = (entries, name, otherwise) => (findEntry(entries, name) || { name: otherwise }).name;
    want.generator = known(gens, want.generator, "backtracker");
    want.solver = known(sols, want.solver, "tremaux");
    fillSelect($("generator"), gens, want.generator);
    fillSelect($("solver"), sols, want.solver);
    writeForm(want);
    fillSelect($("nl-solver"), nls, nls.length ? nls[0].name : "");
    $("nl-solver").dispatchEvent(new Event("change"));
    for (const id of ["rows", "cols"]) $(id).max = limits.max_side;
    for (const id of ["nl-rows", "nl-cols"]) $(id).max = limits.nl_max_side;
    nlRestore();  // the board of this tab before a reload
    $("seed").max = limits.max_seed;
    $("walk-seed").max = limits.max_seed;
    // the traveler's random choice is offered when the server's solve request takes a seed
    maxima = api("/openapi.json").then((spec) => {
      const schemas = (spec.components || {}).schemas || {};
      const fields = schemas.SolveRequest;
      setWalkSeed(!!(fields && fields.properties && fields.properties.seed));
      showWalk();
      // the least and largest size, rings, radius, side and levels the server takes (the library's own least)
      const maze = (schemas.MazeParams || {}).properties || {};
      for (const name of ["rows", "cols", "rings", "radius", "side", "levels"]) {
        const spec = maze[name] || {}, bound = (key) => spec[key] !== undefined ? spec[key] :
          ((spec.anyOf || []).find((x) => x[key] !== undefined) || {})[key];
        const min = bound("minimum"), max = bound("maximum");
        if (min !== undefined) $(name).min = min;
        if (max !== undefined) $(name).max = max;
      }
      const board = (schemas.PuzzleRandomParams || {}).properties || {};  // a puzzle's least sides, the library's
      for (const [id, name] of [["nl-rows", "rows"], ["nl-cols", "cols"]]) {
        if ((board[name] || {}).minimum !== undefined) $(id).min = board[name].minimum;
      }
    }).catch(() => {});
  } catch (err) {
    say($("maze-message"), err.message, "error");
    return;
  }
  for (const sw of document.querySelectorAll(".legend .sw")) sw.style.background = PALETTE[sw.dataset.colour];
  await maxima;  // the largest rings, radius and side, to correct a link's values against
  const note = fixLink(url);
  // an address without a maze of its own, in a tab that had opened a maze file: that maze again (a reload)
  const kept = url.toString() === "" ? keptMazeFile() : null;
  if (kept) {
    await openMazeFile(kept.bytes, kept.name);
    if (M.file) return;
  }
  await newMaze(readForm() || want, note);
}

// A link's values the form does not take (`?rows=0`, `?rings=9999`, `?braid=7`, `?seed=x`) are put right
// in the form (the nearest allowed value, or the default for one that is not a number): what was changed,
// as a sentence, or "".
function fixLink(url) {
  const notes = [];
  const cut = (text) => (text.length > 40 ? text.slice(0, 30) + "…" : text);  // a long value is said by its start
  const boxes = { rows: "rows", cols: "cols", rings: "rings", radius: "radius", side: "side", seed: "seed",
                  walk: "walk-seed" };
  // a name given twice (?rows=5&rows=9): the first is read, and that is said (the API refuses such a query)
  for (const key of new Set(url.keys())) {
    const n = url.getAll(key).length;
    if (n > 1) notes.push(`${cut(key)} is given ${n} times: using the first, ${JSON.stringify(cut(url.get(key)))}`);
  }
  for (const [key, id] of Object.entries(boxes)) {
    const box = $(id), label = box.closest("label");
    if (!url.has(key)) continue;
    if (label && label.hidden) {
      // rows and cols are in every link the page makes (a grid of rings keeps them for the next grid)
      if (key === "walk") notes.push(`walk is not taken by the ${$("solver").value} solver: left out`);
      else if (key !== "rows" && key !== "cols") notes.push(`${key} is not taken by the ${$("grid").value} grid as chosen: left out`);
      continue;
    }
    const text = url.get(key).trim();
    const lo = box.min === "" ? 0 : Number(box.min), hi = box.max === "" ? Infinity : Number(box.max);
    if (NEGATIVE.test(text)) {
      box.value = lo;
      notes.push(`${key} ${text.length > 24 ? `of ${text.length - 1} digits below 0` : text} is out of range (${lo} to ${hi}): using ${lo}`);
      continue;
    }
    if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      if (/^[0-9]+$/.test(text) && hi !== Infinity) {  // a whole number too large to hold exactly
        box.value = hi;
        const digits = text.replace(/^0+(?=.)/, "");
        notes.push(`${key} ${digits.length > 24 ? `of ${digits.length} digits` : digits} is out of range (${lo} to ${hi}): using ${hi}`);
        continue;
      }
      notes.push(`${key} ${JSON.stringify(cut(text))} is not a whole number the form takes: ` +
        (box.value === "" ? "left empty" : `using ${box.value}`));
      continue;
    }
    const v = Number(text), near = Math.min(Math.max(v, lo), hi);
    if (near !== v) {
      box.value = near;
      notes.push(`${key} ${v} is out of range (${lo} to ${hi}): using ${near}`);
    }
  }
  // the names: one the page cannot use here (unknown, or not run on the grid chosen) is said, with what is used
  const menus = { grid: ENTRIES.grids, shape: null, wrap: null, generator: ENTRIES.generators, solver: ENTRIES.solvers };
  for (const [key, entries] of Object.entries(menus)) {
    if (!url.has(key)) continue;
    const asked = url.get(key), select = $(key), label = select.closest("label");
    if (label && label.hidden) {
      notes.push(`${key} ${JSON.stringify(cut(asked))} is not taken by the ${$("grid").value} grid: left out`);
      continue;
    }
    const entry = entries && findEntry(entries, asked);
    if (entries ? !entry || entry.name !== select.value : nameKey(asked) !== nameKey(select.value)) {
      notes.push(`${key} ${JSON.stringify(cut(asked))} is not one the page offers ` +
        `${entry ? "on this grid" : "(see the menu)"}: using ${select.value || "none"}`);
    }
  }
  if (url.has("weave")) {  // a switch: true or false, and only where the grid (with its shape and wrap) weaves
    const asked = url.get("weave");
    if (asked !== "true" && asked !== "false") notes.push(`weave ${JSON.stringify(cut(asked))} is not true or false: left off`);
    else if (asked === "true" && $("weave-label").hidden) notes.push("weave is not taken by this grid as chosen: left off");
  }
  if (url.has("braid")) {
    const b = Number(url.get("braid")), ok = url.get("braid").trim() !== "" && Number.isFinite(b);
    const near = ok ? Math.min(Math.max(b, 0), 1) : 0.5;
    if (!ok || near !== b) {
      $("braid").value = near;
      $("braid").dispatchEvent(new Event("input"));
      notes.push(`braid ${JSON.stringify(cut(url.get("braid")))} is ${ok ? "out of range (0 to 1)" : "not a number"}: using ${near}`);
    }
  }
  return notes.length ? `The link's ${notes.join("; ")}.` : "";
}

window.tremaux = {
  maze: {
    state: () => ({
      phase: M.phase, index: M.index, events: M.events ? M.events.kinds.length : 0,
      found: M.solution ? M.solution.solution.found : null,
      path: M.solution ? M.solution.solution.path : null,
      pathIndex: M.solution ? M.solution.solution.path_index || null : null,
      params: M.params, start: M.maze && M.maze.start, goal: M.maze && M.maze.goal,
      grid: M.maze ? M.maze.grid || "square" : null, picture: onGrid() ? "svg" : "canvas",
      staged: !!M.stage, painted: M.painted, current: M.current,
    }),
    // the stage of a replay: its cells, and where each one's centre is on its canvas (in the canvas's pixels)
    stage: () => M.stage && { size: M.stage.size, pixels: M.stage.centres.map((_, i) => stagePixel(M.stage, i)) },
    geometry: () => M.geo,
  },
  numberlink: {
    state: () => ({ phase: NL.phase, rows: NL.rows, cols: NL.cols, grid: NL.grid, answer: NL.answer, shown: NL.shown, sel: NL.sel,
      labels: NL.labels, drawn: NL.drawn, line: keyLine() }),
    geometry: () => NL.geo,
    colour: nlColour,
    ink: nlInk,
    label: nlName,
  },
  palette: () => PALETTE,
};

start();
