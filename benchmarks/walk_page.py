"""The web page walked as a visitor would, on phones and desktops: what goes wrong, control by control.

Usage::

    python benchmarks/walk_page.py                          # starts `tremaux serve` on a free port
    python benchmarks/walk_page.py --base http://127.0.0.1:8000

Needs Chromium, its driver and selenium (as the browser tests). For each viewport (phones 360 x 740 and
400 x 800, a tablet 768 x 1024 with touch; desktops 1280 x 800 and 1920 x 1080) it loads the page and drives
every control: each grid with each generator and solver (on one viewport; on the others each grid), the
player (play, pause, step, speed, end, and "replay" after the end), the form's boxes with bad values (empty,
0, negative, huge, a fraction), the largest maze of every grid, the Number Link board from 5 x 5 to 30 x 30
(a random puzzle solved at the largest, the cells zoomed with "+"), its size boxes with bad values, and a
puzzle file through the file chooser. After each step it notes the console's errors (network refusals the
page shows as messages apart), elements that reach outside the viewport (a scrolling box's content apart),
a page that scrolls sideways, and a step that leaves the page stuck. It prints one Markdown table, by
viewport, for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VIEWPORTS = [(360, 740, True), (400, 800, True), (768, 1024, True), (1280, 800, False), (1920, 1080, False)]
BAD = ["", "0", "-3", "999999999999999999999", "1.5"]

OUTSIDE = """
// (against the device's width: on a phone a page wider than the screen widens the layout viewport itself)
const W = arguments[0], out = [];
for (const el of document.querySelectorAll('header *, main *')) {
  if (!el.offsetParent) continue;
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) continue;
  let box = el.parentElement, scrolls = false;
  while (box && box !== document.body) {
    if (getComputedStyle(box).overflowX !== 'visible') { scrolls = true; break; }
    box = box.parentElement;
  }
  if (!scrolls && (r.left < -0.5 || r.right > W + 0.5)) out.push(el.tagName + '#' + el.id);
}
return [out, document.documentElement.scrollWidth > W];
"""


class Walk:
    """One browser, one viewport at a time; ``steps``, ``flags`` and ``controls`` count what was seen."""

    def __init__(self, base: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        opts = webdriver.ChromeOptions()
        opts.binary_location = "/usr/bin/chromium"
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1"):
            opts.add_argument(flag)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        self.base = base
        self.flags: list[str] = []
        self.steps = 0

    def js(self, script: str, *args):
        return self.d.execute_script(script, *args)

    def wait(self, cond: str, what: str, timeout: float = 90) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.js("return " + cond):
                return True
            time.sleep(0.05)
        self.flags.append(f"{self.tag}: stuck at {what}")
        return False

    def look(self, what: str) -> None:
        self.steps += 1
        out, sideways = self.js(OUTSIDE, self.width)
        if out or sideways:
            self.flags.append(f"{self.tag} {what}: outside the viewport {out[:4]}{' (scrolls sideways)' if sideways else ''}")
        for entry in self.d.get_log("browser"):
            text = entry["message"]
            if entry["level"] == "SEVERE" and "Failed to load resource" not in text:
                self.flags.append(f"{self.tag} {what}: console {text[:160]}")

    def open(self, query: str) -> None:
        self.js("try { sessionStorage.clear(); } catch (e) {}")
        self.d.get(self.base + "/" + query)
        self.wait("window.tremaux && tremaux.maze.state().phase === 'ready'", "the first maze")

    def set(self, box: str, value, event: str = "change") -> None:
        self.js("const b = document.getElementById(arguments[0]); if (b.type === 'checkbox') b.checked = arguments[1];"
                "else b.value = arguments[1]; b.dispatchEvent(new Event(arguments[2]));", box, value, event)

    def click(self, button: str) -> None:
        self.js("document.getElementById(arguments[0]).click()", button)

    def settled(self, what: str) -> None:
        self.wait("['ready', 'done'].includes(tremaux.maze.state().phase) || "
                  "document.querySelector('#maze-message.error')", what)

    def viewport(self, width: int, height: int, touch: bool, every: bool) -> None:
        self.tag, self.width = f"{width}x{height}", width
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
        self.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
        self.open("?rows=12&cols=12&seed=7")
        self.look("load")
        for grid in self.js("return [...document.getElementById('grid').options].map((o) => o.value)"):
            self.set("grid", grid)
            self.settled(f"grid {grid}")
            self.look(f"grid {grid}")
            menus = ("generator", "solver") if every else ("solver",)
            for menu in menus:
                for name in self.js(f"return [...document.getElementById('{menu}').options].map((o) => o.value)"):
                    self.set(menu, name)
                    if menu == "solver":
                        self.click("btn-solve")
                        self.wait("tremaux.maze.state().phase !== 'solving'", f"{grid} {name}")
                        self.click("btn-end")
                    self.settled(f"{grid} {menu} {name}")
                    said = self.js("const m = document.getElementById('maze-message');"
                                   "return m.classList.contains('error') ? m.textContent : ''")
                    if said:
                        self.flags.append(f"{self.tag} {grid} {name}: {said}")
                    self.look(f"{grid} {menu} {name}")
        self.player()
        self.boxes()
        self.numberlink()

    def player(self) -> None:
        self.open("?rows=30&cols=30&seed=7&solver=tremaux")
        self.click("btn-solve")
        self.wait("tremaux.maze.state().phase === 'animating'", "the replay")
        for step in ("btn-play", "btn-step", "btn-play", "btn-end", "btn-play", "btn-play", "btn-step", "btn-end"):
            self.click(step)  # pause, step, play, end, replay, pause, step, end
            self.set("speed", str(int(time.monotonic() * 10) % 13), "input")
            self.look(f"player {step}")
        if self.js("return tremaux.maze.state().phase") != "done":
            self.flags.append(f"{self.tag}: the player did not end its replay")

    def boxes(self) -> None:
        for box in ("rows", "cols", "seed"):
            for value in BAD:
                self.set(box, value)
                said = self.js("return document.getElementById('maze-message').textContent")
                if value and box != "seed" and "error" not in self.js("return document.getElementById('maze-message').className"):
                    self.flags.append(f"{self.tag}: {box}={value!r} not refused ({said})")
            self.set(box, "12" if box != "seed" else "3")
            self.settled(f"{box} put right")
        for query in ("rows=150&cols=150", "grid=polar&rings=9999", "grid=hex&shape=hexagon&radius=9999",
                      "grid=triangle&shape=triangle&side=9999", "grid=zeta&rows=150&cols=150"):
            self.open("?seed=3&" + query)
            self.click("btn-solve")
            self.wait("tremaux.maze.state().phase !== 'solving'", f"solve {query}", 180)
            self.click("btn-end")
            self.look(f"largest {query}")

    def numberlink(self) -> None:
        for n in (5, 8, 10, 15, 20, 25, 30):
            self.set("nl-preset", "custom")
            self.set("nl-rows", str(n), "input")
            self.set("nl-cols", str(n), "input")
            self.click("nl-resize")
            self.look(f"board {n}x{n}")
        self.click("nl-random")
        self.wait("!document.getElementById('nl-random').disabled", "a random 30 x 30 puzzle", 120)
        self.click("nl-solve")
        self.wait("tremaux.numberlink.state().phase !== 'solving'", "its solve", 120)
        while not self.js("return document.getElementById('nl-zoom-in').disabled"):
            self.click("nl-zoom-in")
            self.look(f"zoomed to {self.js('return tremaux.numberlink.geometry().size')} px")
        for value in BAD + ["31"]:
            self.set("nl-rows", value, "input")
            self.click("nl-resize")
            if "error" not in self.js("return document.getElementById('nl-message').className"):
                self.flags.append(f"{self.tag}: Number Link rows={value!r} not refused")
        with tempfile.TemporaryDirectory() as tmp:
            puzzle = Path(tmp) / "p.txt"
            puzzle.write_text("1 . . 2\n. . . .\n. . . .\n1 . . 2\n")
            self.d.find_element("id", "nl-load").send_keys(str(puzzle))
            self.wait("tremaux.numberlink.state().rows === 4", "the puzzle file")
        self.look("puzzle file")


def _serve() -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "tremaux", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    proc.stdout.readline()
    return proc, f"http://127.0.0.1:{port}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="a page already served (default: start one)")
    args = parser.parse_args()
    proc, base = (None, args.base) if args.base else _serve()
    walk = Walk(base)
    rows = []
    try:
        for k, (width, height, touch) in enumerate(VIEWPORTS):
            before, flags = walk.steps, len(walk.flags)
            start = time.monotonic()
            walk.viewport(width, height, touch, every=(k == 1))
            rows.append(f"| {width} x {height}{' touch' if touch else ''} | {walk.steps - before} | "
                        f"{len(walk.flags) - flags} | {time.monotonic() - start:.0f} s |")
    finally:
        walk.d.quit()
        if proc:
            proc.terminate()
    print("| viewport | steps looked at | flagged | wall time |\n|---|---:|---:|---:|")
    print("\n".join(rows))
    for flag in walk.flags:
        print("-", flag)


if __name__ == "__main__":
    main()
