/* The tremaux page: a maze demo replaying solver traces, and a Number Link board.
 *
 * Plain JavaScript on two canvases, no build step. Everything the server knows
 * (registries, limits, colours) is fetched from the JSON API, so a new
 * algorithm appears in the menus without touching this file.
 *
 * window.tremaux exposes the state of both pieces (read by the browser tests).
 */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------------ API
  // Ask the server. `options.signal` (an AbortController's) gives the request up: the server then stops its
  // work (it watches the connection), and the promise rejects at once with an error whose `aborted` is true,
  // which no caller shows. Whatever happens, the promise settles: an answer the server never sends (a
  // network gone quiet) is given up after a while longer than the server's own limits, with a message.
  // A request the page gives up may hold the visitor's share of the server's work for a moment longer (the
  // server frees it once it sees the connection closed): a refusal for that share (429) that comes soon after
  // is asked again a few times, briefly, instead of being shown.
  let gaveUpAt = -Infinity;
  const SHARE_FREED_MS = 5000, SHARE_RETRY_MS = 200;
  const sleepFor = (ms, signal) => new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    if (signal) signal.addEventListener("abort", () => { clearTimeout(t); resolve(); }, { once: true });
  });

  async function api(path, options) {
    const opts = { ...(options || {}) };
    const mine = new AbortController(), theirs = opts.signal;
    const waitS = Math.round(4 * (Number(LIMITS.time_limit) || 10) + 60);
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; mine.abort(); }, waitS * 1000);
    let giveUp = null;
    const gaveUp = new Promise((_, reject) => { giveUp = reject; });
    const cancelled = () => Object.assign(new Error("cancelled"), { aborted: true });
    const onAbort = () => { gaveUpAt = performance.now(); mine.abort(); giveUp(cancelled()); };
    if (theirs) {
      if (theirs.aborted) { clearTimeout(timer); throw cancelled(); }
      theirs.addEventListener("abort", onAbort);
    }
    opts.signal = mine.signal;
    const ask = async () => {
      let res, body;
      for (;;) {
        try {
          res = await fetch(path, opts);
        } catch (err) {
          if (theirs && theirs.aborted) throw cancelled();
          if (timedOut) throw new Error(`the server did not answer within ${waitS} s; try again`);
          throw new Error("the server cannot be reached (" + err.message + ")");
        }
        body = null;
        try { body = await res.json(); } catch (_) { body = null; }
        if (theirs && theirs.aborted) throw cancelled();
        if (timedOut) throw new Error(`the server did not answer within ${waitS} s; try again`);
        const shareHeld = res.status === 429 && body && body.kind === "TooManyJobs";
        if (!shareHeld || performance.now() - gaveUpAt > SHARE_FREED_MS) break;
        await sleepFor(SHARE_RETRY_MS, mine.signal);
        if (theirs && theirs.aborted) throw cancelled();
        if (timedOut) throw new Error(`the server did not answer within ${waitS} s; try again`);
      }
      if (!res.ok) {
        const msg = body && body.error ? String(body.error).split("\n")[0] : res.status + " " + res.statusText;
        const e = new Error(msg);
        e.status = res.status;
        e.kind = body && body.kind;
        throw e;
      }
      if (body === null) throw new Error(`the server's answer to ${path.split("?")[0]} is not JSON`);
      return body;
    };
    try {
      return await Promise.race([ask(), gaveUp]);
    } finally {
      clearTimeout(timer);
      if (theirs) theirs.removeEventListener("abort", onAbort);
    }
  }
  const postJSON = (path, data, signal) => api(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data), signal,
  });

  function say(el, text, kind) {
    el.textContent = text || "";
    el.className = "message" + (kind ? " " + kind : "");
  }

  function fillTable(table, rows) {
    table.innerHTML = "";
    for (const [k, v] of rows) {
      const tr = table.insertRow();
      tr.insertCell().textContent = k;
      tr.insertCell().textContent = v;
    }
  }

  // A name as the server's registries read it: case, surrounding spaces and "_" for "-" are forgiven
  // (a link's ?grid=HEX is the hex grid there, so it is here too).
  const nameKey = (name) => String(name).trim().toLowerCase().replace(/_/g, "-");
  function findEntry(entries, wanted) {
    if (wanted === null || wanted === undefined) return undefined;
    const key = nameKey(wanted);
    return entries.find((e) => nameKey(e.name) === key || (e.aliases || []).some((a) => nameKey(a) === key));
  }

  // Choose the option of `select` whose value is `wanted` read as a name; false when it has none.
  function chooseValue(select, wanted) {
    const match = [...select.options].find((o) => nameKey(o.value) === nameKey(wanted));
    if (match) select.value = match.value;
    return !!match;
  }

  function fillSelect(select, entries, wanted) {
    select.innerHTML = "";
    for (const e of entries) {
      const o = document.createElement("option");
      o.value = e.name;
      o.textContent = e.name;
      o.title = e.doc;
      select.appendChild(o);
    }
    const match = findEntry(entries, wanted);
    if (match) select.value = match.name;
  }

  function chooseOption(select, entries, wanted) {
    const match = findEntry(entries, wanted);
    if (match && [...select.options].some((o) => o.value === match.name)) select.value = match.name;
  }

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type: type || "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  let PALETTE = {
    background: "#ffffff", wall: "#222222", floor: "#ffffff", visited: "#e3e3cc", marked: "#d6d69a",
    retraced: "#8c8c8c", path: "#999955", start: "#995555", goal: "#559955", dead: "#b0b0b0",
  };
  let LIMITS = { max_side: 150, nl_max_side: 30, time_limit: 10, max_text: 20000 };

  // ================================================================== the maze demo
  const N = 1, E = 2, S = 4, W = 8;
  const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 20000]; // events per second
  const EV = { VISIT: 10, MARK: 11, RETRACE: 12, BACKTRACK: 13, DEAD: 14, FOUND: 15, PATH: 16, LOOPING: 17 };
  // Paint order: a cell keeps the strongest state it has reached.
  const RANK = { floor: 0, visited: 1, marked: 2, dead: 3, retraced: 4, path: 5 };
  const RANK_NAME = Object.keys(RANK);

  const M = {
    canvas: $("maze"),
    maze: null,       // {rows, cols, cells, start, goal, params}
    params: null,
    solution: null,   // server answer of /api/solve
    events: null,     // {kinds, cells, others}
    index: 0,
    playing: false,
    phase: "empty",   // empty | loading | ready | solving | animating | paused | done | error
    mazeOnItsWay: null,  // the AbortController of the maze request on its way: a newer choice gives it up
                         // (the server then stops its work) and is sent at once in its place
    cellState: null,  // Uint8 rank per cell
    edgeState: null,  // Map key -> state name
    marks: null,      // Map edge key -> count of MARK events
    stage: null,      // other grids while a trace plays: {cells: polygon per cell, lines: Map "a,b" -> line}
    current: -1,
    geo: null,
    timer: 0,
    lastTick: 0,
    carry: 0,
    requestId: 0,
    solving: null,    // the AbortController of the solve on its way: a newer choice gives it up (the server
                      // then stops the search, and the visitor's next request is not refused for it)
  };

  // A whole number typed in box `id`, within the box's own min and max (set from /api/limits):
  // {value} or {error} naming the box. `blank` is what an empty box means (undefined: not allowed).
  const NEGATIVE = /^-0*[1-9][0-9]*$/;  // "-3": a whole number out of every box's range (all start at 0 or more)
  function wholeNumber(id, name, blank) {
    const box = $(id), text = box.value.trim();
    const lo = box.min === "" ? 0 : Number(box.min), hi = box.max === "" ? Infinity : Number(box.max);
    let error = null, value = blank;
    if (box.validity && box.validity.badInput) {
      error = `${name} is not a number: type a whole number`;  // e.g. "1e" in a number box reads as ""
    } else if (text === "") {
      if (blank === undefined) error = `${name} is empty: type a whole number`;
    } else if (NEGATIVE.test(text)) {  // a whole number below the range, as 0 is
      error = `${name} ${text} is out of range: use ${lo} to ${hi}`;
    } else if (!/^[0-9]+$/.test(text)) {
      error = `${name} ${JSON.stringify(text)} is not a whole number`;
    } else {
      value = Number(text);  // said as typed: a number past 2**53 reads rounded (1e+22 for 23 digits)
      if (value < lo || value > hi) error = `${name} ${text.replace(/^0+(?=.)/, "")} is out of range: use ${lo} to ${hi}`;
    }
    box.classList.toggle("invalid", !!error);
    box.setAttribute("aria-invalid", error ? "true" : "false");
    return error ? { error } : { value };
  }

  // The form's parameters, or null after saying what is wrong (nothing is sent then).
  function readForm() {
    const rows = wholeNumber("rows", "rows"), cols = wholeNumber("cols", "columns");
    const seed = wholeNumber("seed", "seed", null);
    const extra = {};
    // rows and columns only when the grid's picker shows them: a bad value left in a hidden box (a polar
    // grid has none) neither stops the maze nor is sent; the server's default stands in for it
    const sized = !$("size-label").hidden;
    const checks = sized ? [rows, cols, seed] : [seed];
    // the grid's parameters: only those its picker shows (the grid takes them)
    for (const name of ["rings", "radius", "side"]) {
      if ($(name + "-label").hidden) continue;
      const v = wholeNumber(name, name);
      checks.push(v);
      extra[name] = v.value;
    }
    if (!$("shape-label").hidden) extra.shape = $("shape").value;
    if (!$("wrap-label").hidden && $("wrap").value) extra.wrap = $("wrap").value;
    if (!$("weave-label").hidden && $("weave").checked) extra.weave = true;
    const bad = checks.find((x) => x.error);
    if (bad) {
      say($("maze-message"), bad.error, "error");
      return null;
    }
    const grid = $("grid").value || "square";
    return {
      generator: $("generator").value || "backtracker",
      solver: $("solver").value || "tremaux",
      ...(grid === "square" ? {} : { grid }),
      ...extra,
      ...(rows.error ? {} : { rows: rows.value }),
      ...(cols.error ? {} : { cols: cols.value }),
      braid: extra.weave ? 0 : parseFloat($("braid").value),  // a woven maze takes no loops (the server says why)
      seed: seed.value,
    };
  }

  // ------------------------------------------------------------------ the grid picker
  const GRID_FIELDS = ["shape", "rings", "radius", "side", "wrap", "weave"];

  function gridEntry() {
    return ENTRIES.grids.find((g) => g.name === $("grid").value) ||
      { name: "square", params: ["size"], choices: {}, generators: null, trace: true };
  }

  function fillChoices(select, values, blank) {
    const keep = select.value;
    select.textContent = "";
    for (const v of (blank ? [""] : []).concat(values)) {
      const opt = document.createElement("option");
      opt.value = v;
      opt.textContent = v || blank;
      select.appendChild(opt);
    }
    if (values.includes(keep) || (blank && keep === "")) select.value = keep;
  }

  // Show the parameters the chosen grid takes (its registry entry's params), with its shapes and wraps.
  function showGridParams() {
    const g = gridEntry(), takes = (name) => g.params.includes(name);
    fillChoices($("shape"), (g.choices && g.choices.shape) || [], null);
    fillChoices($("wrap"), (g.choices && g.choices.wrap) || [], "none");
    const outline = takes("shape") ? $("shape").value : "rectangle";
    const rect = outline === "rectangle";
    $("shape-label").hidden = !takes("shape");
    $("size-label").hidden = !(takes("size") && rect);
    $("rings-label").hidden = !takes("rings");
    $("radius-label").hidden = !(takes("radius") && !rect);
    $("side-label").hidden = !(takes("side") && !rect);
    $("wrap-label").hidden = !takes("wrap");
    // weave, when the grid weaves with the shape and wrap chosen (a wrapped square grid does not)
    const weaves = Object.entries(g.choice_weave || {}).every(([param, values]) =>
      $(param + "-label").hidden || $(param).value === "" || values.includes($(param).value));
    $("weave-label").hidden = !(takes("weave") && weaves);
    // a woven maze has no loops opened in it (a new passage could cut a crossing): braid is 0 and set aside
    const woven = !$("weave-label").hidden && $("weave").checked;
    if (woven) { $("braid").value = 0; $("braid-out").value = (0).toFixed(2); }
    $("braid").disabled = woven;
    $("braid").title = woven ? "a woven maze has no loops: braid is 0" : "";
    // the generators that run on this grid (the server says which)
    const wanted = $("generator").value;
    const gens = offered(ENTRIES.generators, woven ? g.weave_generators : g.generators, g.choice_generators);
    fillSelect($("generator"), gens, gens.some((e) => e.name === wanted) ? wanted : (gens[0] || {}).name);
    // and the solvers that run on it
    const solver = $("solver").value;
    const sols = offered(ENTRIES.solvers, woven ? g.weave_solvers : g.solvers, g.choice_solvers);
    fillSelect($("solver"), sols, sols.some((e) => e.name === solver) ? solver : (sols[0] || {}).name);
  }

  // The registry entries the server names for this grid (all when it names none), less those that
  // do not run with the shape and wrap chosen.
  function offered(entries, names, byChoice) {
    if (!names || names.length === 0) return entries;
    for (const [param, lists] of Object.entries(byChoice || {})) {
      const label = $(param + "-label"), chosen = lists[$(param).value];
      if (label && !label.hidden && chosen) names = names.filter((n) => chosen.includes(n));
    }
    return entries.filter((e) => names.includes(e.name));
  }

  // true when the maze shown is drawn from the server's picture (every grid but the plain square one)
  const onGrid = () => !!(M.maze && M.maze.svg);
  // true while a trace on such a grid is replayed on the server's stage (cells and passages to colour)
  const staging = () => !!(onGrid() && M.solution && M.solution.stage && M.phase !== "done");

  function writeForm(p) {
    const want = p.grid || "square";
    const entry = findEntry(ENTRIES.grids, want);
    if (entry && $("grid").value !== entry.name) $("grid").value = entry.name;
    $("weave").checked = !!p.weave;
    showGridParams();
    if (p.shape) chooseValue($("shape"), p.shape);
    if (!p.wrap || !chooseValue($("wrap"), p.wrap)) $("wrap").value = "";
    showGridParams();  // again: the shape and wrap chosen decide which boxes and generators are offered
    for (const name of ["rings", "radius", "side"]) if (p[name] !== undefined && p[name] !== null) $(name).value = p[name];
    // a name (or alias) the menu offers is chosen; another (this grid does not run it) leaves the menu's choice
    if (p.generator) chooseOption($("generator"), ENTRIES.generators, p.generator);
    if (p.solver) chooseOption($("solver"), ENTRIES.solvers, p.solver);
    if (p.rows) $("rows").value = p.rows;
    if (p.cols) $("cols").value = p.cols;
    if (p.braid !== undefined && p.braid !== null) $("braid").value = p.braid;
    $("braid-out").value = Number($("braid").value).toFixed(2);
    $("seed").value = p.seed === null || p.seed === undefined ? "" : p.seed;
    showDocs();
  }

  function query(p, extra) {
    const q = new URLSearchParams({ generator: p.generator });
    for (const name of ["rows", "cols"]) if (p[name] !== undefined && p[name] !== null) q.set(name, p[name]);
    q.set("braid", p.braid);
    if (p.grid && p.grid !== "square") q.set("grid", p.grid);
    for (const name of GRID_FIELDS) if (p[name] !== undefined && p[name] !== null && p[name] !== false) q.set(name, p[name]);
    if (p.seed !== null && p.seed !== undefined && !Number.isNaN(p.seed)) q.set("seed", p.seed);
    for (const [k, v] of Object.entries(extra || {})) if (v !== null && v !== undefined) q.set(k, v);
    return q.toString();
  }

  // Room for a canvas: the width of its stage (the page's column), and for the maze the height left
  // in the window under the canvas's place on the page once its colour key and message are shown.
  function room(canvas, below) {
    const stage = canvas.closest(".stage");
    const width = Math.max(120, Math.floor(stage.clientWidth) - 2);
    const top = canvas.getBoundingClientRect().top + window.scrollY;
    const under = below.reduce((h, el) => h + el.getBoundingClientRect().height, 0);
    const height = Math.max(240, Math.floor(window.innerHeight - top - under - 24));
    // a phone scrolls down anyway: there the width alone sets the size, whatever sits above the canvas
    return { width, height: window.innerWidth < 600 ? Math.max(height, width) : height };
  }

  function geometry(rows, cols) {
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

  function setupCanvas(canvas, geo) {
    canvas.width = Math.round(geo.width * geo.ratio);
    canvas.height = Math.round(geo.height * geo.ratio);
    canvas.style.width = geo.width + "px";
    canvas.style.height = geo.height + "px";
    const ctx = canvas.getContext("2d");
    ctx.setTransform(geo.ratio, 0, 0, geo.ratio, 0, 0);
    return ctx;
  }

  function cellColour(i) {
    const mz = M.maze;
    if (i === mz.startIndex) return PALETTE.start;
    if (i === mz.goalIndex) return PALETTE.goal;
    return PALETTE[RANK_NAME[M.cellState[i]]] || PALETTE.floor;
  }

  function paintCell(ctx, i) {
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
  const END_MIN = 7;
  function paintEnds(ctx) {
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
  function growEndDots(svg, scale) {
    for (const dot of svg.querySelectorAll(":scope > circle")) {
      const r = Number(dot.getAttribute("r"));
      if (!(r * scale < END_MIN / 2)) continue;
      dot.setAttribute("r", (END_MIN / 2 / scale).toFixed(3));
      dot.setAttribute("stroke", PALETTE.background);
      dot.setAttribute("stroke-width", (1 / scale).toFixed(3));
    }
  }

  function edgeKey(a, b) {
    if (onGrid()) return Math.min(a, b) * M.maze.size + Math.max(a, b);
    return a < b ? a * 8 + (b - a === 1 ? 1 : 2) : b * 8 + (a - b === 1 ? 1 : 2);
  }

  // On the stage of another grid: a cell is its polygon, a passage the two half lines from its ends.
  function paintStageCell(i) {
    const el = M.stage && M.stage.cells[i];
    if (el) el.setAttribute("fill", cellColour(i));
  }

  function paintStageEdge(a, b) {
    if (!M.stage || a < 0 || b < 0) return;
    const state = edgeState(a, b);
    for (const key of [a + "," + b, b + "," + a]) {
      const el = M.stage.lines.get(key);
      if (!el) continue;
      el.setAttribute("visibility", state === "floor" ? "hidden" : "visible");
      el.setAttribute("stroke", PALETTE[state]);
    }
  }

  // a passage without a colour of its own takes its cells' colour when they agree
  function edgeState(a, b) {
    const state = M.edgeState.get(edgeKey(a, b));
    if (state) return state;
    return M.cellState[a] === M.cellState[b] ? RANK_NAME[M.cellState[a]] : "floor";
  }

  function paintEdge(ctx, a, b) {
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
  function paintPost(ctx, r, c) {
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
  function drawSvg() {
    const box = $("maze-svg");
    const stage = staging();
    const text = stage ? M.solution.stage : M.solution && M.solution.svg ? M.solution.svg : M.maze.svg;
    M.canvas.hidden = true;
    // the key under the picture: a replay's colours are the square maze's key, else the picture's own
    const key = stage ? $("legend") : $("grid-legend");
    $("legend").hidden = !stage;
    $("grid-legend").hidden = !!stage;
    box.hidden = false;
    box.innerHTML = text;
    const svg = box.querySelector("svg");
    const w = Number(svg.getAttribute("width")), h = Number(svg.getAttribute("height"));
    const fit = room(box, [key, $("maze-message")]);
    const scale = Math.min((Math.min(600, fit.width) - 2) / w, (Math.min(600, fit.height) - 2) / h);
    const width = Math.max(60, Math.floor(w * scale)), height = Math.max(60, Math.floor(h * scale));
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
    M.stage = null;
    if (stage) {  // index the cells and passages, then paint what the replay has reached so far
      const cells = [], lines = new Map();
      for (const el of svg.querySelectorAll("polygon[data-cell]")) cells[Number(el.dataset.cell)] = el;
      for (const el of svg.querySelectorAll("line[data-a]")) lines.set(el.dataset.a + "," + el.dataset.b, el);
      M.stage = { cells, lines };
      paintStage();
    }
  }

  // Paint every cell and passage of the stage as the replay has them now.
  function paintStage() {
    for (let i = 0; i < M.stage.cells.length; i++) paintStageCell(i);
    for (const edge of M.edgeState.keys()) paintStageEdge(Math.floor(edge / M.maze.size), edge % M.maze.size);
  }

  function drawMaze() {
    const mz = M.maze;
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

  function resetRun() {
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
  function keepFocus(had) {
    if (had && had !== document.body && had.disabled) refocus = true;
    if (!refocus) return;
    const where = document.activeElement;
    if (where && where !== document.body && !where.disabled) { refocus = false; return; }  // the visitor moved on
    const next = [$("btn-stop"), $("btn-play"), $("btn-solve")].find((b) => !b.disabled);
    if (next) { next.focus(); refocus = false; }
  }

  function setPhase(phase) {
    const had = document.activeElement;
    M.phase = phase;
    const haveTrace = !!M.events && M.events.kinds.length > 0;
    $("btn-play").disabled = !haveTrace || phase === "done";
    $("btn-step").disabled = !haveTrace || phase === "done" || phase === "animating";
    $("btn-end").disabled = !haveTrace || phase === "done";
    $("btn-play").textContent = phase === "animating" ? "pause" : "play";
    $("btn-solve").disabled = !M.maze || phase === "loading" || phase === "solving";
    $("btn-stop").hidden = $("btn-stop").disabled = phase !== "solving";  // a long solve (a large grid) can be stopped
    keepFocus(had);
    if (onGrid() && !haveTrace) {
      $("progress").textContent = M.solution ? "no trace of this run" : "";
      return;
    }
    showProgress();
  }

  function showProgress() {
    const ev = M.events;
    $("progress").textContent = ev ? `event ${M.index} of ${ev.kinds.length}` +
      (ev.truncated ? ` (the first ${ev.kinds.length} of ${ev.total})` : "") : "";
  }

  function updateLinks() {
    const p = M.params;
    if (!p) return;
    const here = new URL(window.location.href);
    const walk = $("walk-label").hidden ? null : $("walk-seed").value.trim() || null;
    here.search = query(p, { solver: $("solver").value, walk });
    history.replaceState(null, "", here.toString());  // the address keeps its #part (where the page is scrolled)
    here.hash = "";
    $("permalink").href = here.toString();
    const solver = M.solution ? $("solver").value : null;
    const drawn = { solver, walk: solver && walk };  // the picture draws the run the page showed
    $("dl-png").href = "/api/maze.png?" + query(p, drawn);
    $("dl-svg").href = "/api/maze.svg?" + query(p, drawn);
  }

  // `note`: said before the maze's description (what was corrected in the link that asked for it).
  async function newMaze(params, note) {
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
      setPhase(M.maze ? "ready" : "error");
      return;
    }
    if (M.mazeOnItsWay === sent) M.mazeOnItsWay = null;
    if (id !== M.requestId) return;
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
      ? `${out.grid} maze of ${out.size} cells, seed ${out.params.seed}: start (${out.start}) and destination ` +
        `(${out.goal}) are far apart (the two ends of its longest path when it has no loops).`
      : `${out.rows} × ${out.cols} maze, seed ${out.params.seed}: ` +
        `start (${out.start}) and destination (${out.goal}) are its two most distant cells.`));
    $("no-animation").textContent = "";
    showWalk();
    updateLinks();
    setPhase("ready");
  }

  async function solveMaze() {
    if (!M.maze) return;
    // the traveler's random passage choice: a seed, or empty for the fixed order N, E, S, W
    const walk = $("walk-label").hidden ? { value: null } : wholeNumber("walk-seed", "the random choice's seed", null);
    if (walk.error) { say($("maze-message"), walk.error, "error"); return; }
    const body = { maze: M.params, solver: $("solver").value };
    if (walk.value !== null) body.seed = walk.value;
    const id = ++M.requestId;
    resetRun();
    drawMaze();
    setPhase("solving");
    say($("maze-message"), "solving…");
    const solving = M.solving = new AbortController();
    let out;
    try {
      out = await postJSON("/api/solve", body, solving.signal);
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
    if (out.svg) drawMaze();  // another grid: the stage the trace is replayed on
    chooseSpeed(M.events.kinds.length);
    say($("maze-message"), "replaying the run of " + out.solution.algorithm + "…");
    play();
  }

  function chooseSpeed(n) {
    // the slowest speed that replays the whole run in about eight seconds
    let k = SPEEDS.findIndex((s) => n / s <= 8);
    if (k < 0) k = SPEEDS.length - 1;
    $("speed").value = k;
    showSpeed();
  }

  function showSpeed() {
    const n = SPEEDS[Number($("speed").value)];
    $("speed-out").value = n + (n === 1 ? " event/s" : " events/s");
    // the slider's value is a step of the scale (6): a screen reader says the speed it stands for instead
    $("speed").setAttribute("aria-valuetext", $("speed-out").value);
  }

  function setCell(i, name) {
    if (i < 0) return;
    if (RANK[name] > M.cellState[i] || name === "path") M.cellState[i] = RANK[name];
  }

  function setEdge(a, b, name) {
    if (a < 0 || b < 0) return;
    if (onGrid() ? !(M.stage && M.stage.lines.has(a + "," + b)) : !isNeighbour(a, b)) return;
    const k = edgeKey(a, b);
    const old = M.edgeState.get(k) || "floor";
    if (RANK[name] >= RANK[old]) M.edgeState.set(k, name);
  }

  // Apply event j to the state; paint what it changed on the canvas (ctx) or the stage, unless `quiet`.
  function apply(j, ctx, quiet) {
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
    } else if (M.stage && !quiet) {
      for (const i of [a, b, prev, M.current, link]) if (i >= 0) paintStageCell(i);
      paintStageEdge(a, b);
      paintStageEdge(link, a);
    }
  }

  function paintAround(ctx, i) {
    const mz = M.maze, v = mz.cells[i];
    paintCell(ctx, i);
    if (v & N) paintEdge(ctx, i, i - mz.cols);
    if (v & S) paintEdge(ctx, i, i + mz.cols);
    if (v & E) paintEdge(ctx, i, i + 1);
    if (v & W) paintEdge(ctx, i, i - 1);
    const r = Math.floor(i / mz.cols), c = i % mz.cols;
    for (const [pr, pc] of [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]) paintPost(ctx, pr, pc);
  }

  function isNeighbour(a, b) {
    const cols = M.maze.cols;
    return (Math.abs(a - b) === 1 && Math.floor(a / cols) === Math.floor(b / cols)) || Math.abs(a - b) === cols;
  }

  function finish() {
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

  function stepTo(target) {
    const n = M.events.kinds.length;
    target = Math.min(target, n);
    // a jump over more events than the maze has cells ("end", a fast replay) paints once, afterwards: painting
    // event by event froze a phone for seconds on a large maze
    const once = target - M.index > M.cellState.length;
    const ctx = onGrid() || once ? null : M.canvas.getContext("2d");
    while (M.index < target) apply(M.index++, ctx, once);
    showProgress();
    if (M.index >= n) finish();
    else if (once) { if (M.stage) paintStage(); else drawMaze(); }
  }

  function tick(now) {
    if (!M.playing) return;
    const dt = Math.min(0.25, (now - M.lastTick) / 1000);
    M.lastTick = now;
    M.carry += dt * SPEEDS[Number($("speed").value)];
    const k = Math.floor(M.carry);
    M.carry -= k;
    if (k > 0) stepTo(M.index + k);
    if (M.playing) M.timer = requestAnimationFrame(tick);
  }

  function play() {
    if (!M.events) return;
    if (M.events.kinds.length === 0) { finish(); return; }
    M.playing = true;
    setPhase("animating");
    M.lastTick = performance.now();
    M.timer = requestAnimationFrame(tick);
  }

  function pause() {
    stopTimer();
    setPhase("paused");
  }

  function stopTimer() {
    M.playing = false;
    if (M.timer) cancelAnimationFrame(M.timer);
    M.timer = 0;
  }

  function showDocs() {
    const g = ENTRIES.generators.find((e) => e.name === $("generator").value);
    const s = ENTRIES.solvers.find((e) => e.name === $("solver").value);
    $("generator-doc").textContent = g ? g.name + ": " + g.doc : "";
    $("solver-doc").textContent = s ? s.name + ": " + s.doc : "";
  }

  const ENTRIES = { generators: [], solvers: [], nlSolvers: [], grids: [] };
  let WALK_SEED = false;  // the server's solve request takes the traveler's seed

  // The random choice's seed is offered when the chosen solver takes one (the server refuses it otherwise).
  function showWalk() {
    const s = ENTRIES.solvers.find((e) => e.name === $("solver").value);
    $("walk-label").hidden = !WALK_SEED || onGrid() || !(s && (s.options || []).includes("seed"));
  }

  function bindMaze() {
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
    for (const id of ["generator", "rows", "cols", "braid", "seed", "rings", "radius", "side"]) {
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
    $("btn-play").addEventListener("click", () => (M.playing ? pause() : play()));
    $("btn-step").addEventListener("click", () => { if (M.events) { stepTo(M.index + 1); if (M.phase !== "done") setPhase("paused"); } });
    $("btn-end").addEventListener("click", () => { if (M.events) stepTo(M.events.kinds.length); });
    $("speed").addEventListener("input", showSpeed);
    showSpeed();
  }

  // ================================================================== Number Link
  const NL = {
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
    search: null,      // the AbortController of the search on its way: a change of the board gives it up
    tall: 0,           // the height the board was last fitted to (kept while the number box has the caret)
  };

  // Run the search `work(signal)` with "solve" and "random puzzle" off until it is answered or given up
  // (nlGiveUp: the board changed; the server then stops the search and frees the visitor's share).
  // "stop" shows meanwhile and gives the search up; `what` names it in the message that says it stopped.
  async function nlSearch(work, what) {
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
  function nlStop() {
    const search = NL.search;
    if (!search) return;
    NL.requestId++;
    nlGiveUp();
    if (NL.phase === "solving") { nlForget(); nlDraw(); }
    say($("nl-message"), `stopped ${search.what}: the server has given it up; the board is as it was`, "warn");
  }

  function nlGiveUp() {
    if (NL.search) { NL.search.abort(); NL.search = null; }
  }

  function nlColour(k) {
    const base = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
      "#bcbd22", "#7f7f7f", "#393b79", "#ad494a", "#637939", "#d6616b", "#3182bd", "#e6550d"];
    if (k >= 1 && k <= base.length) return base[k - 1];
    return `hsl(${(k * 137.508) % 360}, 65%, 42%)`;
  }

  // The ink of a number on its colour: white or black, whichever stands out more (WCAG's contrast ratio, then
  // 4.58:1 at least, whatever the colour); white on the light colours (yellow-green #bcbd22, cyan, orange) was
  // 2:1 to 3:1, hard to read.
  function nlInk(colour) {
    let rgb;
    const hsl = /^hsl\(([\d.]+), ([\d.]+)%, ([\d.]+)%\)$/.exec(colour);
    if (hsl) {
      const h = Number(hsl[1]), sat = hsl[2] / 100, l = hsl[3] / 100, a = sat * Math.min(l, 1 - l);
      const f = (n) => { const k = (n + h / 30) % 12; return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)); };
      rgb = [f(0), f(8), f(4)];
    } else {
      rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);
    }
    const lin = (v) => (v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    const lum = 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
    return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? "#fff" : "#000";
  }

  const NL_MIN_FONT = 10;  // CSS px: the numbers' font on small cells, where a row has room for it
  const NL_SMALLEST_FONT = 7;  // CSS px: the font of a crowded run of numbers (see nlLabels)
  // The board fits the stage's width and, with the number box and the message under it, the window's height
  // (a phone turned on its side is 400 px tall or so): scrolled to, the whole board shows at once.
  const NL_MIN_TALL = 160;
  function nlGeometry() {
    const fit = Math.min(560, room(NL.canvas, []).width - 2);
    const under = [$("nl-entry").closest("p"), $("nl-message")]
      .reduce((h, el) => h + el.getBoundingClientRect().height + 12, 0);
    // (not while the number box has the caret: a phone's keypad, where it shortens the window, does not
    // shrink the board under the finger)
    const typing = document.activeElement === $("nl-entry") && NL.tall;
    const tall = typing ? NL.tall : Math.min(480, Math.max(NL_MIN_TALL, Math.floor(window.innerHeight - under - 8)));
    NL.tall = tall;
    const size = Math.max(8, Math.floor(Math.min(fit / NL.cols, tall / NL.rows, 56)));
    return { size, x0: 1, y0: 1, width: NL.cols * size + 2, height: NL.rows * size + 2, ratio: window.devicePixelRatio || 1 };
  }

  function nlReset(rows, cols, grid, names) {
    NL.requestId++;
    nlGiveUp();
    NL.rows = rows;
    NL.cols = cols;
    NL.names = names || {};
    NL.grid = grid || Array.from({ length: rows }, () => new Array(cols).fill(0));
    NL.sel = [0, 0];
    nlForget();
    nlDraw();
  }

  function nlForget() {
    NL.answer = null;
    NL.shown = "first";
    NL.phase = "editing";
    $("nl-other").hidden = true;
    fillTable($("nl-stats"), []);
  }

  // What a screen reader says of the board, which is a picture: the selected cell and its number, said
  // (a live region) when either changes, as the arrows, a tap or a typed number change them.
  function nlWhere() {
    const [r, c] = NL.sel, v = NL.grid && NL.grid[r] ? NL.grid[r][c] : 0;
    const text = `row ${r + 1}, column ${c + 1} of ${NL.rows} × ${NL.cols}: ${v ? nlName(v) : "empty"}`;
    if ($("nl-where").textContent !== text) $("nl-where").textContent = text;
  }

  // The board is kept for the tab (sessionStorage): a reload gives back the puzzle typed or loaded, not an
  // empty 8 × 8 board. What is kept is checked as the server would check it before it is used again.
  const NL_KEPT = "tremaux.numberlink.board";
  let nlKeeping = false;  // from nlRestore on: the empty board drawn at start-up is not kept over the one kept
  function nlKeep() {
    if (!nlKeeping) return;
    try {
      sessionStorage.setItem(NL_KEPT, JSON.stringify({ rows: NL.rows, cols: NL.cols, grid: NL.grid, names: NL.names }));
    } catch (_) { /* storage off or full: the board is not kept */ }
  }

  function nlRestore() {
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
  }

  function nlDraw() {
    nlWhere();
    nlKeep();
    const g = nlGeometry();
    NL.geo = g;
    const ctx = setupCanvas(NL.canvas, g);
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, g.width, g.height);
    ctx.strokeStyle = "#ccc";
    ctx.lineWidth = 1;
    for (let r = 0; r <= NL.rows; r++) {
      ctx.beginPath(); ctx.moveTo(g.x0, g.y0 + r * g.size + 0.5); ctx.lineTo(g.x0 + NL.cols * g.size, g.y0 + r * g.size + 0.5); ctx.stroke();
    }
    for (let c = 0; c <= NL.cols; c++) {
      ctx.beginPath(); ctx.moveTo(g.x0 + c * g.size + 0.5, g.y0); ctx.lineTo(g.x0 + c * g.size + 0.5, g.y0 + NL.rows * g.size); ctx.stroke();
    }
    const centre = (r, c) => [g.x0 + (c + 0.5) * g.size, g.y0 + (r + 0.5) * g.size];
    const paths = NL.answer && (NL.shown === "second" ? NL.answer.second : NL.answer.paths);
    if (paths) {
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.lineWidth = Math.max(3, g.size * 0.32);
      for (const [num, cells] of Object.entries(paths)) {
        ctx.strokeStyle = nlColour(Number(num));
        ctx.beginPath();
        cells.forEach(([r, c], k) => { const [x, y] = centre(r, c); if (k) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
        ctx.stroke();
      }
    }
    const [sr, sc] = NL.sel;
    if (document.activeElement === NL.canvas || NL.phase === "editing") {
      ctx.strokeStyle = "#3b6fb6";
      ctx.lineWidth = 2;
      ctx.strokeRect(g.x0 + sc * g.size + 2, g.y0 + sr * g.size + 2, g.size - 3, g.size - 3);
    }
    nlLabels(ctx, g, centre);
  }

  // The numbers: a disc in the number's colour, or a label wider than its cell (a readable font on small
  // cells). Each run of numbered cells in a row shares the run's cells and the free cells on either side up to
  // nearly half way to the next run, so that labels never meet across a free cell; the labels of a run are
  // squeezed (to 3/4 at most) to fit there, and where even that is too wide (three-digit numbers side by side
  // on small cells) the run's font shrinks, down to NL_SMALLEST_FONT, then its labels are squeezed further:
  // a label never leaves its run's stretch. The selected cell's label comes last, on top; the number box
  // shows it too.
  function nlLabels(ctx, g, centre) {
    const base = Math.max(NL_MIN_FONT, Math.floor(g.size * 0.48));
    const gap = Math.min(4, Math.max(1, Math.floor(g.size / 6))), pad = Math.min(2, gap / 2);
    const fontOf = (px) => `bold ${px}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const place = new Map();
    for (let r = 0; r < NL.rows; r++) {
      for (let a = 0; a < NL.cols; a++) {
        if (!NL.grid[r][a]) continue;
        let b = a;
        while (b + 1 < NL.cols && NL.grid[r][b + 1]) b++;
        // the run's stretch: its cells and the free cells on either side up to the middle of the free cells
        // between it and the next run (less a twentieth of a cell), or up to the board's edge
        let p = a - 1, q = b + 1;
        while (p >= 0 && !NL.grid[r][p]) p--;
        while (q < NL.cols && !NL.grid[r][q]) q++;
        const lo = g.x0 + (p < 0 ? 0 : (p + 1 + a) / 2 + 0.05) * g.size + 1;
        const hi = g.x0 + (q >= NL.cols ? NL.cols : (b + 1 + q) / 2 - 0.05) * g.size - 1;
        const run = [];
        for (let c = a; c <= b; c++) run.push({ c, text: nlName(NL.grid[r][c]) });
        const n = run.length, room = hi - lo - gap * (n - 1);
        const measure = (px) => {
          ctx.font = fontOf(px);
          for (const l of run) { l.font = px; l.w = ctx.measureText(l.text).width; }
          return run.reduce((t, l) => t + l.w, 0);
        };
        let sum = measure(base);
        if (0.75 * sum > room) {
          const px = Math.max(NL_SMALLEST_FONT, Math.min(base - 1, Math.floor(base * room / (0.75 * sum))));
          sum = measure(px);
          // text widths are not quite proportional to the font: a pixel less until the run fits
          while (0.75 * sum > room && run[0].font > NL_SMALLEST_FONT) sum = measure(run[0].font - 1);
        }
        const f = Math.min(1, room / sum);  // under 3/4 only at the smallest font
        for (const l of run) l.shown = l.w * f;
        if (run.every((l) => l.shown + gap <= g.size)) {
          for (const l of run) l.x = centre(r, l.c)[0];
        } else {  // side by side from the left, the run centred on its cells and kept in its stretch
          const total = run.reduce((t, l) => t + l.shown, 0) + gap * (n - 1);
          const mid = g.x0 + ((a + b + 1) / 2) * g.size;
          let x = Math.min(Math.max(mid - total / 2, lo), hi - total);
          for (const l of run) { l.x = x + l.shown / 2; x += l.shown + gap; }
        }
        for (const l of run) place.set(r * NL.cols + l.c, l);
        a = b;
      }
    }
    const [sr, sc] = NL.sel, sel = sr * NL.cols + sc;
    const order = [...place.keys()].filter((k) => k !== sel);
    if (place.has(sel)) order.push(sel);
    NL.labels = [];
    for (const k of order) {
      const r = Math.floor(k / NL.cols), { c, text, shown, x, font } = place.get(k), y = centre(r, c)[1];
      ctx.font = fontOf(font);
      ctx.fillStyle = nlColour(NL.grid[r][c]);
      ctx.beginPath();
      if (shown + 4 <= g.size * 0.76 && font <= g.size * 0.6) {
        ctx.arc(x, y, g.size * 0.38, 0, 2 * Math.PI);
      } else {  // a rounded box just larger than the text, ringed in white to stand out from the lines
        const bw = shown + 2 * pad, bh = Math.min(font + 4, Math.max(font + 1, g.size - 1));  // no taller than its row
        ctx.roundRect(x - bw / 2, y - bh / 2, bw, bh, Math.min(bh / 2, 6));
        ctx.strokeStyle = "#fff";
        ctx.lineWidth = 1;
        ctx.stroke();
      }
      ctx.fill();
      ctx.fillStyle = nlInk(nlColour(NL.grid[r][c]));
      ctx.fillText(text, x, y + 1, shown);
      NL.labels.push({ r, c, text, font, left: x - shown / 2, right: x + shown / 2, top: y - font / 2, bottom: y + font / 2 });
    }
  }

  // The label shown for number v: the loaded puzzle's own (R), else the number; "" for an empty cell.
  function nlName(v) {
    return v ? NL.names[v] || String(v) : "";
  }

  // The number of a label typed in the number box: digits, or one of the loaded puzzle's own labels.
  // A label as typed first (a Flow Free puzzle may have both "a" and "A"), then in either case.
  function nlNumber(text) {
    const keys = Object.keys(NL.names);
    const named = keys.find((k) => NL.names[k] === text) ||
      keys.find((k) => NL.names[k].toUpperCase() === text.toUpperCase());
    return named ? Number(named) : /^[0-9]{1,3}$/.test(text) ? parseInt(text, 10) : null;
  }

  function nlSet(r, c, v) {
    NL.requestId++;
    nlGiveUp();
    NL.grid[r][c] = v;
    if (NL.answer || NL.phase !== "editing") nlForget();  // a solution, or one on its way, was for the old board
    say($("nl-message"), "");
    nlDraw();
  }

  function nlKey(ev) {
    const [r, c] = NL.sel;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      const [dr, dc] = moves[ev.key];
      NL.sel = [Math.min(NL.rows - 1, Math.max(0, r + dr)), Math.min(NL.cols - 1, Math.max(0, c + dc))];
      NL.typed = "";
      $("nl-entry").value = nlName(NL.grid[NL.sel[0]][NL.sel[1]]);
      nlDraw();
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
  function nlPointer(ev) {
    if (ev.button > 0) return;
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

  function nlEntry() {
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

  function nlBody() {
    const names = Object.keys(NL.names).length ? { names: NL.names } : {};
    return { rows: NL.rows, cols: NL.cols, grid: NL.grid, ...names };
  }

  async function nlSolve() {
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
    NL.answer = out;
    NL.phase = out.status === "solved" ? "solved" : "improper";
    const kind = out.status === "solved" ? (out.unique === false ? "warn" : "ok") : "error";
    say($("nl-message"), out.message, kind);
    $("nl-other").hidden = !out.second;
    $("nl-other").textContent = "show the other solution";
    fillTable($("nl-stats"), out.stats || []);
    nlDraw();
  }

  async function nlRandom() {
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

  async function nlSave() {
    try {
      const out = await postJSON("/api/numberlink/format", nlBody());
      download(`numberlink-${NL.rows}x${NL.cols}.txt`, out.text);
      if (out.note) say($("nl-message"), out.note, "warn");  // a board being written: saved as it stands
    } catch (err) {
      say($("nl-message"), err.message, "error");
    }
  }

  // A puzzle text (a file's, or one pasted) read by the server in any format the command line reads; it
  // replaces the board. `name` says where it came from in the messages.
  // Of two texts read one after the other, the later one stands, whichever answer comes first.
  let loading = 0;
  async function nlLoadText(text, name) {
    const id = ++loading;
    try {
      if (text.length > LIMITS.max_text) {
        throw new Error(`${text.length} characters: a puzzle text is at most ${LIMITS.max_text} characters`);
      }
      const out = await postJSON("/api/numberlink/parse", { text });
      if (id !== loading) return;
      setPreset(out.rows, out.cols);
      nlReset(out.rows, out.cols, out.grid, out.names);
      say($("nl-message"), `loaded ${name}: ${out.rows} × ${out.cols}`, "ok");
    } catch (err) {
      if (id === loading) say($("nl-message"), `${name}: ${err.message}`, "error");
    }
  }

  function nlLoad(ev) {
    const file = ev.target.files[0];
    if (!file) return;
    // a file far too long for a puzzle is refused before it is read (a character is at most 4 bytes)
    if (file.size > 4 * LIMITS.max_text) {
      say($("nl-message"), `${file.name}: ${file.size} bytes: a puzzle text is at most ${LIMITS.max_text} characters`, "error");
      ev.target.value = "";
      return;
    }
    const reader = new FileReader();
    reader.onload = async () => {
      const text = nlDecode(reader.result);
      ev.target.value = "";
      // a picture or another binary file (its bytes come out as control characters, NULs and U+FFFD) is said
      // as such, not sent to be read as a puzzle (which quoted its bytes back)
      if (/[\u0000-\u0008\u000E-\u001F\uFFFD]/.test(text)) {
        say($("nl-message"), `${file.name} is not a text file: load a puzzle saved as text (a grid of numbers, ` +
          "a puzz.link address…)", "error");
        return;
      }
      await nlLoadText(text, file.name);
    };
    reader.readAsArrayBuffer(file);
  }

  // A file's text: UTF-16 by its byte order mark, else UTF-8, else (bytes UTF-8 does not take: a puzzle saved
  // on Windows with "ä" in its comment) Windows-1252, whose every byte is a character. Read as UTF-8 alone, such a
  // file came out with U+FFFD and was called "not a text file".
  function nlDecode(buffer) {
    const bytes = new Uint8Array(buffer);
    if (bytes[0] === 0xFF && bytes[1] === 0xFE) return new TextDecoder("utf-16le").decode(bytes);
    if (bytes[0] === 0xFE && bytes[1] === 0xFF) return new TextDecoder("utf-16be").decode(bytes);
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (_) {
      return new TextDecoder("windows-1252").decode(bytes);
    }
  }

  // Ctrl+V (or a long press's "paste") on the board, or in the number box when the text is more than a number:
  // the text is a whole puzzle, in any format the command line reads.
  function nlPaste(ev) {
    const text = ev.clipboardData ? ev.clipboardData.getData("text/plain") : "";
    if (ev.target === $("nl-entry") && /^\s*[0-9]*\s*$/.test(text)) {  // a number for the cell
      const box = $("nl-entry");
      if (text === text.trim() && text.length <= box.maxLength) return;  // the box takes it as typed
      // put in without the spaces around it and whole: left to the browser, the box's 3 characters kept
      // "  1" of "  12  " and 100 of 1000 (said too large here, as when typed)
      ev.preventDefault();
      box.setRangeText(text.trim(), box.selectionStart, box.selectionEnd, "end");
      nlEntry();
      return;
    }
    ev.preventDefault();
    if (text.trim() === "") {
      say($("nl-message"), "the pasted text is empty: copy a puzzle (a grid of numbers, a puzz.link address...) first", "error");
      return;
    }
    nlLoadText(text, "the pasted puzzle");
  }

  function setPreset(rows, cols) {
    const v = `${rows}x${cols}`;
    const known = [...$("nl-preset").options].some((o) => o.value === v);
    $("nl-preset").value = known ? v : "custom";
    $("nl-custom").hidden = known;
    $("nl-rows").value = rows;
    $("nl-cols").value = cols;
  }

  function sizeError(rows, cols) {
    const max = LIMITS.nl_max_side;
    if (rows >= 2 && cols >= 2 && rows <= max && cols <= max) return null;
    return `size ${rows} × ${cols}: rows and columns must be between 2 and ${max}`;
  }

  // The size in the custom boxes, or {error} when a box is not a whole number or the size is out of range.
  function typedSize() {
    const rows = wholeNumber("nl-rows", "rows"), cols = wholeNumber("nl-cols", "columns");
    const bad = [rows, cols].find((x) => x.error);
    if (bad) return { error: bad.error };
    const error = sizeError(rows.value, cols.value);
    return error ? { error } : { rows: rows.value, cols: cols.value };
  }

  function nlResize(rows, cols) {
    const error = sizeError(rows, cols);
    if (error) {
      say($("nl-message"), error, "error");
      return;
    }
    say($("nl-message"), "");
    nlReset(rows, cols);
  }

  function bindNumberLink() {
    NL.canvas.addEventListener("pointerup", nlPointer);
    // no mouse events after a touch: they would move the focus from the number box back to the board
    NL.canvas.addEventListener("pointerdown", (ev) => { if (ev.pointerType !== "mouse") ev.preventDefault(); });
    $("nl-entry").addEventListener("input", nlEntry);
    NL.canvas.addEventListener("keydown", nlKey);
    NL.canvas.addEventListener("focus", nlDraw);  // a board reached by Tab shows its selected cell
    NL.canvas.addEventListener("blur", nlDraw);
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
    $("nl-solve").addEventListener("click", nlSolve);
    $("nl-stop").addEventListener("click", nlStop);
    $("nl-clear").addEventListener("click", () => { nlReset(NL.rows, NL.cols); say($("nl-message"), ""); });
    $("nl-random").addEventListener("click", nlRandom);
    $("nl-save").addEventListener("click", nlSave);
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

  async function start() {
    bindMaze();
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
      LIMITS = limits;
      $("version").textContent = limits.version;
      PALETTE = { ...PALETTE, ...palette };
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
        WALK_SEED = !!(fields && fields.properties && fields.properties.seed);
        showWalk();
        // the largest rings, radius and side the server takes
        const maze = (schemas.MazeParams || {}).properties || {};
        for (const name of ["rings", "radius", "side"]) {
          const spec = maze[name] || {}, max = spec.maximum !== undefined ? spec.maximum :
            ((spec.anyOf || []).find((x) => x.maximum !== undefined) || {}).maximum;
          if (max !== undefined) $(name).max = max;
        }
      }).catch(() => {});
    } catch (err) {
      say($("maze-message"), err.message, "error");
      return;
    }
    for (const sw of document.querySelectorAll(".legend .sw")) sw.style.background = PALETTE[sw.dataset.colour];
    await maxima;  // the largest rings, radius and side, to correct a link's values against
    const note = fixLink(url);
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
      // the random choice is offered on the plain square grid only: the box is hidden once another grid's
      // maze is drawn, which is after this
      const plain = $("grid").value === "square" && ($("wrap-label").hidden || !$("wrap").value) &&
        ($("weave-label").hidden || !$("weave").checked);
      if (key === "walk" && !plain && !(label && label.hidden)) {
        notes.push(`walk is not taken by the ${$("solver").value} solver on this grid as chosen: left out`);
        continue;
      }
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
        params: M.params, start: M.maze && M.maze.start, goal: M.maze && M.maze.goal,
        grid: M.maze ? M.maze.grid || "square" : null, picture: onGrid() ? "svg" : "canvas",
        staged: !!M.stage,
      }),
      geometry: () => M.geo,
    },
    numberlink: {
      state: () => ({ phase: NL.phase, rows: NL.rows, cols: NL.cols, grid: NL.grid, answer: NL.answer, shown: NL.shown, sel: NL.sel,
        labels: NL.labels }),
      geometry: () => NL.geo,
      colour: nlColour,
      ink: nlInk,
      label: nlName,
    },
    palette: () => PALETTE,
  };

  start();
})();
