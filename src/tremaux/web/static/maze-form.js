/* The maze's form: the grid picker, the parameters read from it and written back, the address's query. */
import { $, say, findEntry, chooseValue, fillSelect, chooseOption, wholeNumber, ENTRIES, LIMITS } from "./common.js";
import { WALK_SEED } from "./maze-state.js";

// The form's parameters, or null after saying what is wrong (nothing is sent then).
export function readForm() {
  const rows = wholeNumber("rows", "rows"), cols = wholeNumber("cols", "columns");
  const seed = wholeNumber("seed", "seed", null);
  const extra = {};
  // rows and columns only when the grid's picker shows them: a bad value left in a hidden box (a polar
  // grid has none) neither stops the maze nor is sent; the server's default stands in for it
  const sized = !$("size-label").hidden;
  const checks = sized ? [rows, cols, seed] : [seed];
  // the grid's parameters: only those its picker shows (the grid takes them)
  for (const name of ["rings", "radius", "side", "levels"]) {
    if ($(name + "-label").hidden) continue;
    const v = wholeNumber(name, name);
    checks.push(v);
    extra[name] = v.value;
  }
  if (!$("shape-label").hidden) extra.shape = $("shape").value;
  if (!$("wrap-label").hidden && $("wrap").value) extra.wrap = $("wrap").value;
  if (!$("weave-label").hidden && $("weave").checked) extra.weave = true;
  // levels: as many cells in all as the largest square the page draws (the server says the same)
  const most = LIMITS.max_side * LIMITS.max_side, cells = (extra.levels || 1) * rows.value * cols.value;
  if (sized && !rows.error && !cols.error && extra.levels > 1 && cells > most) {
    checks.push({ error: `${extra.levels} levels of ${rows.value} × ${cols.value} are ${cells} cells: ` +
      `the page draws at most ${most}` });
  }
  if (extra.levels === 1) delete extra.levels;  // one level: the plain square maze
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
export const GRID_FIELDS = ["shape", "rings", "radius", "side", "wrap", "weave", "levels"];

export function gridEntry() {
  return ENTRIES.grids.find((g) => g.name === $("grid").value) ||
    { name: "square", params: ["size"], choices: {}, generators: null, trace: true };
}

export function fillChoices(select, values, blank) {
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
export function showGridParams() {
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
  // levels: on the plain square grid (the next lines hide it again when a wrap or weave is chosen)
  $("levels-label").hidden = g.name !== "square" || $("size-label").hidden || $("wrap").value !== "";
  // weave, when the grid weaves with the shape and wrap chosen (a wrapped square grid does not)
  const weaves = Object.entries(g.choice_weave || {}).every(([param, values]) =>
    $(param + "-label").hidden || $(param).value === "" || values.includes($(param).value));
  $("weave-label").hidden = !(takes("weave") && weaves);
  // a woven maze has no loops opened in it (a new passage could cut a crossing): braid is 0 and set aside
  const woven = !$("weave-label").hidden && $("weave").checked;
  if (woven) $("levels-label").hidden = true;
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
export function offered(entries, names, byChoice) {
  if (!names || names.length === 0) return entries;
  for (const [param, lists] of Object.entries(byChoice || {})) {
    const label = $(param + "-label"), chosen = lists[$(param).value];
    if (label && !label.hidden && chosen) names = names.filter((n) => chosen.includes(n));
  }
  return entries.filter((e) => names.includes(e.name));
}



// The grid of a maze opened from a file (hex, a woven square grid, a torus...): the picker shows it, with its
// shape, wrap, weave and size, so the solver menu offers what runs on that maze; nothing is generated.
export function showFileGrid(form) {
  const entry = findEntry(ENTRIES.grids, form.grid || "square");
  if (entry) $("grid").value = entry.name;
  $("weave").checked = !!form.weave;
  showGridParams();
  if (form.shape) chooseValue($("shape"), form.shape);
  if (!form.wrap || !chooseValue($("wrap"), form.wrap)) $("wrap").value = "";
  showGridParams();
  // its size too (rings 5 stayed 10): the boxes describe the maze shown, and "new" draws one of its size
  for (const name of ["rows", "cols", "rings", "radius", "side"]) if (form[name] !== undefined) $(name).value = form[name];
  $("levels").value = form.levels || 1;
  showDocs();
}

export function writeForm(p) {
  const want = p.grid || "square";
  const entry = findEntry(ENTRIES.grids, want);
  if (entry && $("grid").value !== entry.name) $("grid").value = entry.name;
  $("weave").checked = !!p.weave;
  showGridParams();
  if (p.shape) chooseValue($("shape"), p.shape);
  if (!p.wrap || !chooseValue($("wrap"), p.wrap)) $("wrap").value = "";
  showGridParams();  // again: the shape and wrap chosen decide which boxes and generators are offered
  for (const name of ["rings", "radius", "side"]) if (p[name] !== undefined && p[name] !== null) $(name).value = p[name];
  $("levels").value = p.levels || 1;
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

export function query(p, extra) {
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


export function showDocs() {
  const g = ENTRIES.generators.find((e) => e.name === $("generator").value);
  const s = ENTRIES.solvers.find((e) => e.name === $("solver").value);
  $("generator-doc").textContent = g ? g.name + ": " + g.doc : "";
  $("solver-doc").textContent = s ? s.name + ": " + s.doc : "";
}



// The random choice's seed is offered when the chosen solver takes one (the server refuses it otherwise).
export function showWalk() {
  const s = ENTRIES.solvers.find((e) => e.name === $("solver").value);
  $("walk-label").hidden = !WALK_SEED || !(s && (s.options || []).includes("seed"));
}
