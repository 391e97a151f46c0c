/* A maze of the visitor's own: opened from a file, or pasted on the maze's part of the page (a text drawing,
 * a block picture, JSON, .npz or a picture), read by the server in any format the command line reads. The
 * page keeps the file's bytes and sends them again to solve the maze. */
import { $, postBytes, say, fillTable, statusSaid, namedError, LIMITS } from "./common.js";
import { drawMaze } from "./maze-draw.js";
import { showFileGrid, showWalk } from "./maze-form.js";
import { M } from "./maze-state.js";
import { resetRun, setPhase, updateLinks } from "./maze.js";

// Read `bytes` (a Uint8Array) as a maze and show it in place of the one drawn; `name` says where they came
// from in the messages. A newer maze (another file, "new", a changed form) replaces one on its way.
let reading = 0, readOnItsWay = null;  // the AbortController of the read on its way: a newer one gives it up
export async function openMazeFile(bytes, name) {
  const max = LIMITS.max_body;
  if (bytes.every((b) => b === 32 || b === 9 || b === 10 || b === 13)) {  // nothing, or blank space only
    say($("maze-message"), `${name} is empty: open a maze file (a text drawing, a block picture, a PNG…)`, "error");
    return;
  }
  if (max && bytes.length > max) {  // refused here, not sent: the server would refuse it too (413)
    say($("maze-message"), `${name}: ${bytes.length} bytes: a maze file is at most ${max} bytes`, "error");
    return;
  }
  // the maze shown, and its run, stay as they are until the file is read: a file that is no maze leaves them
  const mine = ++reading, asked = M.requestId;
  say($("maze-message"), `reading ${name}…`);
  // (the server stops the read given up, and frees the visitor's share of its work for the newer one)
  if (readOnItsWay) readOnItsWay.abort();
  const sent = readOnItsWay = new AbortController();
  let out;
  try {
    out = await postBytes("/api/maze/file", bytes, sent.signal);
  } catch (err) {
    if (readOnItsWay === sent) readOnItsWay = null;
    if (mine === reading && asked === M.requestId && !err.aborted) say($("maze-message"), namedError(name, err.message, "the file"), "error");
    return;
  }
  if (readOnItsWay === sent) readOnItsWay = null;
  // a newer file, or a maze or solve asked for meanwhile, stands
  if (mine !== reading || asked !== M.requestId) return;
  M.requestId++;
  if (M.mazeOnItsWay) { M.mazeOnItsWay.abort(); M.mazeOnItsWay = null; }
  M.file = { bytes, name };
  keep(bytes, name);
  M.maze = out;
  // a file of another grid (hex, polar, woven...) numbers its cells in the grid's order: the server says which
  M.maze.startIndex = out.start_index ?? out.start[0] * out.cols + out.start[1];
  M.maze.goalIndex = out.goal_index ?? out.goal[0] * out.cols + out.goal[1];
  M.params = { file: name, format: out.format };
  resetRun();
  drawMaze();
  fillTable($("maze-stats"), out.stats);
  fillTable($("gen-stats"), [["read from", name], ["format", out.format]]);
  fillTable($("run-stats"), [["", "press solve"]]);
  const what = out.svg ? `${out.title} maze of ${out.size} cells` : `${out.rows} × ${out.cols} maze`;
  say($("maze-message"), `${name}: ${what} (${out.format}), start (${out.start}) and destination (${out.goal}).`,
    "ok");
  $("no-animation").textContent = "";
  // the picker shows the file's grid (its weave and wrap too), whose menus offer the solvers that run on it
  showFileGrid(out.form || { grid: "square" });
  showWalk();
  updateLinks();
  setPhase("ready");
}

// The maze opened is kept for the tab (sessionStorage), as the Number Link board is: a reload shows it again
// instead of a new random maze. A file too large for the storage is not kept.
const KEPT = "tremaux.maze.file";
function keep(bytes, name) {
  try {
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    sessionStorage.setItem(KEPT, JSON.stringify({ name, data: btoa(text) }));
  } catch (_) { forgetMazeFile(); }
}

export function forgetMazeFile() {
  try { sessionStorage.removeItem(KEPT); } catch (_) { /* storage off */ }
}

// The maze file kept for this tab: {bytes, name}, or null.
export function keptMazeFile() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT) || "null");
    if (!kept || typeof kept.name !== "string" || typeof kept.data !== "string") return null;
    return { name: kept.name, bytes: Uint8Array.from(atob(kept.data), (ch) => ch.charCodeAt(0)) };
  } catch (_) {
    return null;
  }
}

// What the visitor pastes on the maze's part of the page: a picture copied (a file on the clipboard) or text.
function pasted(ev) {
  const data = ev.clipboardData;
  if (!data) return null;
  // a picture copied is a file on the clipboard; some browsers list it among the items only
  let file = [...(data.files || [])][0];
  if (!file) {
    const item = [...(data.items || [])].find((it) => it.kind === "file");
    file = item ? item.getAsFile() : null;
  }
  if (file) return { file };
  const text = data.getData("text/plain");
  return { bytes: new TextEncoder().encode(text) };
}

// A paste goes to the maze when it is not typed into a box and the visitor is on the maze's part of the page:
// its element has the focus, or (nothing has it) was the last one pressed.
let lastPressed = null;
function forTheMaze(ev) {
  const where = ev.target === document.body || ev.target === document.documentElement ? lastPressed : ev.target;
  if (!where || !where.closest || !where.closest("#maze-demo")) return false;
  return !where.closest("input, select, textarea, [contenteditable]");
}

export async function openFile(file) {
  const name = file.name || "the pasted picture";
  if (LIMITS.max_body && file.size > LIMITS.max_body) {  // not read at all: far too large for a maze file
    say($("maze-message"), `${name}: ${file.size} bytes: a maze file is at most ${LIMITS.max_body} bytes`, "error");
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  await openMazeFile(bytes, name);
}

// The downloads of a file's maze: the server draws the picture from the file's bytes (it keeps nothing), as it
// draws a generated maze's from its parameters, with the run shown; the page saves what it answers.
const EXTENSION = { png: "png", svg: "svg", ascii: "txt", block: "txt", json: "json" };
async function downloadPicture(fmt) {
  const file = M.file;
  const q = new URLSearchParams({ format: fmt });
  const what = ["png", "svg"].includes(fmt) ? "the picture" : "the text";
  if (M.solution && ["png", "svg", "ascii"].includes(fmt)) {
    q.set("solver", $("solver").value);
    const walk = $("walk-label").hidden ? "" : $("walk-seed").value.trim();
    if (walk) q.set("seed", walk);
  }
  let res, body;
  try {
    res = await fetch("/api/maze/file/picture?" + q, {
      method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file.bytes });
    body = await res.blob();
  } catch (err) {
    say($("maze-message"), `${what}: the server cannot be reached (${err.message})`, "error");
    return;
  }
  if (!res.ok) {
    let msg = statusSaid(res);
    try { msg = String(JSON.parse(await body.text()).error).split("\n")[0]; } catch (_) { /* not JSON */ }
    say($("maze-message"), `${what}: ${msg}`, "error");
    return;
  }
  const base = file.name.replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(body);
  const suffix = fmt === "block" ? "-block" : fmt === "json" && file.name.endsWith(".json") ? "-copy" : "";
  a.download = `${base || "maze"}${suffix}.${EXTENSION[fmt]}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

export function bindMazeFile() {
  for (const [id, fmt] of [["png", "png"], ["svg", "svg"], ["txt", "ascii"], ["block", "block"], ["json", "json"]]) {
    $("dl-" + id).addEventListener("click", (ev) => {
      if (!M.file) return;  // a generated maze's link names its picture
      ev.preventDefault();
      downloadPicture(fmt);
    });
  }
  $("maze-file").addEventListener("change", (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";  // the same file chosen again is read again
    if (file) openFile(file);
  });
  // the paste box (a phone's long press offers "paste" in a box only): what is pasted or typed there is a maze
  const box = $("maze-paste");
  const fromBox = (bytes) => {
    box.value = "";
    $("maze-paste-box").open = false;
    openMazeFile(bytes, "the pasted maze");
  };
  box.addEventListener("paste", (ev) => {
    const what = pasted(ev);
    if (!what) return;  // no clipboard data: the text lands in the box, read on leaving it
    ev.preventDefault();
    if (what.file) { box.value = ""; $("maze-paste-box").open = false; openFile(what.file); } else fromBox(what.bytes);
  });
  // a phone offers "paste" in a box for text only: the clipboard's picture is read when this button asks for
  // it (where the browser lets a page read the clipboard)
  const button = $("maze-clipboard");
  button.hidden = !(navigator.clipboard && navigator.clipboard.read);
  button.addEventListener("click", async () => {
    let items;
    try {
      items = await navigator.clipboard.read();
    } catch (err) {  // said in plain words: the browser's own text ("Failed to execute 'read' on ...") says little
      const refused = ["NotAllowedError", "SecurityError"].includes(err && err.name);
      say($("maze-message"), (refused ? "the browser did not let the page read the clipboard"
        : "the clipboard could not be read") + ": paste the maze in the box with Ctrl+V (⌘V on a Mac), " +
        "or open its file with the \"open\" button", "error");
      return;
    }
    for (const item of items) {
      const type = item.types.find((t) => t.startsWith("image/")) || item.types.find((t) => t === "text/plain");
      if (!type) continue;
      const blob = await item.getType(type);
      box.value = "";
      $("maze-paste-box").open = false;
      if (type === "text/plain") openMazeFile(new Uint8Array(await blob.arrayBuffer()), "the pasted maze");
      else openFile(new File([blob], "the pasted picture", { type }));
      return;
    }
    say($("maze-message"), "the clipboard holds no picture and no text: copy a maze first", "error");
  });
  box.addEventListener("change", () => { if (box.value.trim()) fromBox(new TextEncoder().encode(box.value)); });
  document.addEventListener("pointerdown", (ev) => { lastPressed = ev.target; }, true);
  document.addEventListener("paste", (ev) => {
    if (!forTheMaze(ev)) return;
    const what = pasted(ev);
    if (!what) return;
    ev.preventDefault();
    if (what.file) openFile(what.file);
    else openMazeFile(what.bytes, "the pasted maze");
  });
}
