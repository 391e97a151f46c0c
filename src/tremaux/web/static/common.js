/* Shared by both pieces of the page: the API client, messages, tables, menus, number boxes, canvases,
 * and the settings the server gives (palette, limits, registries). */

export const $ = (id) => document.getElementById(id);

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

export async function api(path, options) {
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
      const msg = body && body.error ? String(body.error).split("\n")[0] : statusSaid(res);
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
// An error answer without the server's own message (a proxy's page, an empty body): said by its status, whose
// text an HTTP/2 answer leaves empty ("500 " said nothing), with what the visitor can do.
const STATUS_TEXT = { 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 408: "Request Timeout",
  413: "Content Too Large", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
  503: "Service Unavailable", 504: "Gateway Timeout" };
export function statusSaid(res) {
  const name = res.statusText || STATUS_TEXT[res.status] || "";
  const status = `${res.status}${name ? " " + name : ""}`;
  return res.status >= 500 ? `the server failed to answer (${status}); try again in a moment`
    : `the server refused the request (${status})`;
}
export const postJSON = (path, data, signal) => api(path, {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data), signal,
});
// A file's bytes as they are (a maze file, read by the server in any format it knows).
export const postBytes = (path, bytes, signal) => api(path, {
  method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: bytes, signal,
});

export function say(el, text, kind) {
  el.textContent = text || "";
  el.className = "message" + (kind ? " " + kind : "");
}

export function fillTable(table, rows) {
  table.innerHTML = "";
  for (const [k, v] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
  }
}

// A name as the server's registries read it: case, surrounding spaces and "_" for "-" are forgiven
// (a link's ?grid=HEX is the hex grid there, so it is here too).
export const nameKey = (name) => String(name).trim().toLowerCase().replace(/_/g, "-");
export function findEntry(entries, wanted) {
  if (wanted === null || wanted === undefined) return undefined;
  const key = nameKey(wanted);
  return entries.find((e) => nameKey(e.name) === key || (e.aliases || []).some((a) => nameKey(a) === key));
}

// Choose the option of `select` whose value is `wanted` read as a name; false when it has none.
export function chooseValue(select, wanted) {
  const match = [...select.options].find((o) => nameKey(o.value) === nameKey(wanted));
  if (match) select.value = match.value;
  return !!match;
}

export function fillSelect(select, entries, wanted) {
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

export function chooseOption(select, entries, wanted) {
  const match = findEntry(entries, wanted);
  if (match && [...select.options].some((o) => o.value === match.name)) select.value = match.name;
}

export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type: type || "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export let PALETTE = {
  background: "#ffffff", wall: "#222222", floor: "#ffffff", visited: "#e3e3cc", marked: "#d6d69a",
  retraced: "#8c8c8c", path: "#999955", start: "#995555", goal: "#559955", dead: "#b0b0b0",
};
export let LIMITS = { max_side: 150, nl_max_side: 30, time_limit: 10, max_text: 20000 };
// (a module's binding is set by its own module only: the page's start sets these through these two)
export function setPalette(palette) { PALETTE = palette; }
export function setLimits(limits) { LIMITS = limits; }

// {value} or {error} naming the box. `blank` is what an empty box means (undefined: not allowed).
export const NEGATIVE = /^-0*[1-9][0-9]*$/;  // "-3": a whole number out of every box's range (all start at 0 or more)
export function wholeNumber(id, name, blank) {
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


// The server's message on a file (or a pasted text) named `name`: the readers call it `source` ("the file",
// "puzzle"), which the name takes the place of, a place in it said in words ("list.json: line 1, column 1:
// unknown character", not "list.json: the file:1:1: unknown character"); a message that does not begin with
// the source follows the name.
export function namedError(name, message, source) {
  const m = String(message);
  if (!(m.startsWith(source + ":") || m.startsWith(source + " "))) return `${name}: ${m}`;
  const rest = m.slice(source.length), at = /^:([0-9]+):([0-9]+):\s*/.exec(rest);
  return at ? `${name}: line ${at[1]}, column ${at[2]}: ${rest.slice(at[0].length)}` : name + rest;
}

// in the window under the canvas's place on the page once its colour key and message are shown.
export function room(canvas, below) {
  const stage = canvas.closest(".stage");
  const width = Math.max(120, Math.floor(stage.clientWidth) - 2);
  const top = canvas.getBoundingClientRect().top + window.scrollY;
  const under = below.reduce((h, el) => h + el.getBoundingClientRect().height, 0);
  const height = Math.max(240, Math.floor(window.innerHeight - top - under - 24));
  // a phone scrolls down anyway: there the width alone sets the size, whatever sits above the canvas
  return { width, height: window.innerWidth < 600 ? Math.max(height, width) : height };
}


export function setupCanvas(canvas, geo) {
  canvas.width = Math.round(geo.width * geo.ratio);
  canvas.height = Math.round(geo.height * geo.ratio);
  canvas.style.width = geo.width + "px";
  canvas.style.height = geo.height + "px";
  const ctx = canvas.getContext("2d");
  ctx.setTransform(geo.ratio, 0, 0, geo.ratio, 0, 0);
  return ctx;
}

export const ENTRIES = { generators: [], solvers: [], nlSolvers: [], grids: [] };
