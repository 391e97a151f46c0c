"""Helpers of the browser tests: waiting on the page's state and reading canvas pixels."""

from __future__ import annotations

import time


def wait_for(driver, script: str, timeout: float = 60.0, what: str = "the page"):
    """Run ``script`` (a JS expression) until it is truthy; return its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script("return " + script)
        if value:
            return value
        if time.monotonic() > deadline:
            state = driver.execute_script("return JSON.stringify(window.tremaux && tremaux.maze.state())")
            raise AssertionError(f"timed out waiting for {what}: {script}; maze state {state}")
        time.sleep(0.05)


def hex_rgb(h: str) -> list[int]:
    h = h.lstrip("#")
    return [int(h[i:i + 2], 16) for i in (0, 2, 4)]


PIXELS = """
const [canvasId, cells, geo] = arguments;
const canvas = document.getElementById(canvasId);
const ctx = canvas.getContext('2d');
return cells.map(([r, c]) => {
  const x = Math.floor((geo.x0 + (c + 0.5) * geo.size) * geo.ratio);
  const y = Math.floor((geo.y0 + (r + 0.5) * geo.size) * geo.ratio);
  return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
});
"""


def centre_pixels(driver, canvas_id: str, cells, geometry: str):
    geo = driver.execute_script(f"return {geometry}")
    return driver.execute_script(PIXELS, canvas_id, [list(c) for c in cells], geo)


def open_page(driver, server: str, query: str = "") -> None:
    # each test starts from the page's own board: the one a test before left, kept for the tab, is forgotten
    driver.execute_script("try { sessionStorage.clear(); } catch (e) {}")
    driver.get(server + "/" + query)
    wait_for(driver, "window.tremaux && tremaux.maze.state().phase === 'ready'", what="the first maze")


HOLD = """
// answers from paths holding `arguments[0]` wait until tremaux_release() is called
const part = arguments[0];
if (!window.tremaux_fetch) window.tremaux_fetch = window.fetch;
let release;
const gate = new Promise((resolve) => { release = resolve; });
window.tremaux_release = () => release();
window.tremaux_held = 0;
window.fetch = async (path, options) => {
  const res = await window.tremaux_fetch(path, options);
  if (!String(path).includes(part)) return res;
  const text = await res.text();  // read whole now: once released, the page has it at once
  window.tremaux_held++;
  await gate;
  return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
};
"""


def hold_answers(driver, part: str) -> None:
    """Hold the page's answers from paths containing ``part`` until :func:`release_answers`."""
    driver.execute_script(HOLD, part)


def release_answers(driver) -> None:
    driver.execute_script("window.tremaux_release(); window.fetch = window.tremaux_fetch;")


SEEN = """
// tremaux_seen[id] becomes true once element `id` shows `text`
const [id, text] = arguments;
window.tremaux_seen = window.tremaux_seen || {};
window.tremaux_seen[id] = false;
const el = document.getElementById(id);
new MutationObserver(() => { if (el.textContent.includes(text)) window.tremaux_seen[id] = true; })
  .observe(el, { childList: true, subtree: true, characterData: true, attributes: true });
"""


def watch_for_text(driver, element_id: str, text: str) -> None:
    """From now on, ``window.tremaux_seen[element_id]`` says whether the element ever showed ``text``."""
    driver.execute_script(SEEN, element_id, text)


STALL = """
// requests to paths holding `arguments[0]` get no answer (a server busy with a long search); each one's
// signal is kept in tremaux_stalled, to see whether the page gave the request up
const part = arguments[0];
if (!window.tremaux_fetch) window.tremaux_fetch = window.fetch;
window.tremaux_stalled = [];
window.fetch = (path, options) => {
  if (!String(path).includes(part)) return window.tremaux_fetch(path, options);
  const signal = options && options.signal;
  window.tremaux_stalled.push(signal || null);
  return new Promise(() => {});
};
"""


def stall_answers(driver, part: str) -> None:
    """Leave the page's requests to paths containing ``part`` unanswered, keeping their abort signals."""
    driver.execute_script(STALL, part)


def stalled_given_up(driver) -> list:
    """For each stalled request, whether the page has given it up (aborted its signal)."""
    return driver.execute_script("return window.tremaux_stalled.map((s) => !!(s && s.aborted))")


def unstall(driver) -> None:
    driver.execute_script("window.fetch = window.tremaux_fetch;")


def broken_at_width(driver, server: str, width: int, selector: str) -> tuple[list, int]:
    """On a phone ``width`` px wide, the text of the visible ``selector`` elements that break across lines, and the
    page's width (more than ``width``: a sideways scroll)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 640, "deviceScaleFactor": 1, "mobile": True})
    try:
        open_page(driver, server, "?rows=8&cols=8&seed=1")
        broken = driver.execute_script(
            f"return [...document.querySelectorAll({selector!r})]"
            ".filter((e) => e.offsetParent && e.getClientRects().length > 1).map((e) => e.textContent.trim())")
        return broken, driver.execute_script("return document.documentElement.scrollWidth")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


PASTE = """
const [id, text] = arguments;
const data = new DataTransfer();
data.setData('text/plain', text);
const el = document.getElementById(id);
el.focus();
const ev = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
el.dispatchEvent(ev);
return ev.defaultPrevented;
"""


def paste(driver, element_id: str, text: str) -> bool:
    """Paste ``text`` into the element ``element_id`` as a user's clipboard would; whether the page took it."""
    return driver.execute_script(PASTE, element_id, text)


def hold_heavy_worker(monkeypatch, srv, job: str) -> None:
    """Make every ``job`` of the live server ``srv`` hold its heavy worker a minute (a sleep in its place),
    the other jobs running as they do: a search or solve a user has time to stop."""
    sched = srv.app.state.scheduler
    real = sched.run

    async def slow(name, payload, who):
        if name == job:
            return await sched.heavy.run("sleep", {"seconds": 60}, who)
        return await real(name, payload, who)

    monkeypatch.setattr(sched, "run", slow)


PASTE_FILE = """
const [id, data, type, itemsOnly] = arguments;
const file = new File([new Uint8Array(data)], 'image.png', {type});
const el = document.getElementById(id);
el.focus();
let ev;
if (itemsOnly) {  // a browser that lists the picture among the clipboard's items only (its files empty)
  ev = new Event('paste', {bubbles: true, cancelable: true});
  const items = [{kind: 'file', type, getAsFile: () => file}];
  Object.defineProperty(ev, 'clipboardData', {value: {files: [], items, getData: () => ''}});
} else {
  const data = new DataTransfer();
  data.items.add(file);
  ev = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
}
el.dispatchEvent(ev);
return ev.defaultPrevented;
"""


def paste_file(driver, element_id: str, data: bytes, media_type: str = "image/png", items_only: bool = False) -> bool:
    """Paste a copied picture (``data``) into the element ``element_id``; whether the page took it."""
    return driver.execute_script(PASTE_FILE, element_id, list(data), media_type, items_only)


# for Page.addScriptToEvaluateOnNewDocument: the page's first maze held back until window.tremaux_release() (the
# script runs before the page's own, so the page loads as on a slow line)
HOLD_FIRST_MAZE = """
const real = window.fetch;
let release;
const gate = new Promise((resolve) => { release = resolve; });
window.tremaux_release = () => release();
window.fetch = async (path, options) => {
  if (String(path).includes('/api/maze?')) await gate;
  return real(path, options);
};
"""
