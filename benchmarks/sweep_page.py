"""The page part of ``sweep_web.py``: sequences of actions as users do them, in Chromium, at 400 x 800 and 1280 x 800.

Each sequence runs on a phone (400 x 800, touch) and a laptop (1280 x 800): the grid or the size switched while a
replay plays; "new", "solve", "random puzzle" and the board's "solve" clicked twice in a row; the window narrowed
from a desktop's width to a phone's in the middle of a replay; Number Link puzzles pasted on the board in every
format the library writes, and boards with no solution, a number without its partner, or solved only with empty
cells; maze files of every text format pasted on the maze; a reload in the middle of a replay and after a board is
written; the page driven by the keyboard alone. After each step (``Walk.look`` of ``walk_page.py``): the console's
errors, elements outside the viewport, a sideways scroll; besides, each message on the page must be one line that
fits its box, a replay that ends must show a path from the maze's start to its goal through open sides (square
mazes: checked against the cells the page holds), and a solved board must join every pair without crossing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from walk_page import Walk, _serve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from pagekit import HOLD_FIRST_MAZE, paste  # noqa: E402 - the browser tests' own

MESSAGE = """
const el = document.getElementById(arguments[0]);
if (!el || !el.offsetParent) return null;
return {text: el.textContent, cut: el.scrollWidth > el.clientWidth + 1, error: el.classList.contains('error')};
"""

STEP = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}


class Sweep(Walk):
    """The walk's browser and checks, with the sequences of this sweep."""

    def __init__(self, base: str) -> None:
        super().__init__(base)
        self.seen: dict[str, int] = {}

    def look(self, what: str) -> None:
        super().look(what)
        for box in ("maze-message", "nl-message"):
            m = self.js(MESSAGE, box)
            if m and ("\n" in m["text"].strip() or m["cut"]):
                self.flags.append(f"{self.tag} {what}: {box} {'cut off' if m['cut'] else 'not one line'}: "
                                  f"{m['text'][:120]!r}")

    def size(self, width: int, height: int, touch: bool) -> None:
        self.tag, self.width = f"{width}x{height}", width
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
        self.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})

    def phase(self) -> str:
        return self.js("return tremaux.maze.state().phase")

    def solved_path(self, what: str, maze: object = None) -> None:
        """The replay's answer, after its end: a walk from start to goal (through open sides on a square maze)."""
        st = self.js("return tremaux.maze.state()")
        self.seen["answers checked"] = self.seen.get("answers checked", 0) + 1
        if st["phase"] != "done":
            self.flags.append(f"{self.tag} {what}: phase {st['phase']} after the end")
            return
        if not st["found"]:
            return
        path = [tuple(c) for c in st["path"]]
        if path[0] != tuple(st["start"]) or path[-1] != tuple(st["goal"]):
            self.flags.append(f"{self.tag} {what}: path {path[0]}..{path[-1]} is not start..goal")
        params = st.get("params")
        if maze is not None:  # a maze the sweep pasted: the path walks through its open sides
            from sweep_web import path_problems

            sol = {"found": True, "start": st["start"], "goal": st["goal"], "path": path, "algorithm": ""}
            for p in path_problems(maze, sol):
                self.flags.append(f"{self.tag} {what}: {p}")
        elif st["grid"] == "square" and params and "file" not in params and not params.get("wrap") \
                and not params.get("weave"):
            import httpx

            maze = httpx.get(self.base + "/api/maze", params={k: v for k, v in params.items() if v is not None},
                             timeout=120).json()
            cols = maze["cols"]
            for a, b in zip(path, path[1:]):
                v = maze["cells"][a[0] * cols + a[1]]
                if not any(v & bit and (a[0] + dr, a[1] + dc) == b for bit, (dr, dc) in STEP.items()):
                    self.flags.append(f"{self.tag} {what}: step {a} -> {b} goes through a wall")
                    break

    def until_done(self, what: str, timeout: float = 120) -> None:
        end = time.monotonic() + 3  # the click's request under way (the phase leaves 'ready' or 'done')
        while self.phase() in ("ready", "done") and time.monotonic() < end:
            time.sleep(0.05)
        self.wait("!['solving', 'loading', 'generating'].includes(tremaux.maze.state().phase)", what, timeout)
        if self.phase() == "animating":
            self.click("btn-end")
        self.wait("['ready', 'done'].includes(tremaux.maze.state().phase) || "
                  "document.querySelector('#maze-message.error')", what, timeout)

    # ------------------------------------------------------------------ the sequences

    def switch_mid_replay(self) -> None:
        for change in (("grid", "polar"), ("grid", "hex"), ("rows", "25"), ("solver", "bfs"), ("generator", "prim")):
            self.open("?rows=40&cols=40&seed=5&solver=tremaux")
            self.click("btn-solve")
            self.wait("tremaux.maze.state().phase === 'animating'", "the replay")
            self.set(*change)
            self.settled(f"{change} mid-replay")
            time.sleep(0.3)
            self.look(f"{change[0]}={change[1]} mid-replay")
            if self.phase() == "animating":
                self.flags.append(f"{self.tag}: {change} mid-replay left the old replay playing")
            self.click("btn-solve")
            self.until_done(f"solve after {change}")
            self.solved_path(f"solve after {change}")
            self.look(f"solve after {change}")

    def double_clicks(self) -> None:
        self.open("?rows=20&cols=20&seed=3")
        for button in ("btn-new", "btn-solve"):
            self.js("const b = document.getElementById(arguments[0]); b.click(); b.click();", button)
            self.until_done(f"{button} twice")
            self.look(f"{button} twice")
        self.solved_path("solve clicked twice")
        self.js("const b = document.getElementById('btn-solve'); b.click(); setTimeout(() => b.click(), 30);")
        self.until_done("solve twice, 30 ms apart")
        self.solved_path("solve twice, 30 ms apart")
        self.set("nl-preset", "custom")
        self.set("nl-rows", "8", "input")
        self.set("nl-cols", "8", "input")
        self.click("nl-resize")
        for button in ("nl-random", "nl-solve"):
            self.js("const b = document.getElementById(arguments[0]); b.click(); b.click();", button)
            self.wait("!['solving', 'loading'].includes(tremaux.numberlink.state().phase) && "
                      "!document.getElementById('nl-random').disabled", f"{button} twice", 120)
            time.sleep(0.2)
            self.look(f"{button} twice")
        self.board_answer("random puzzle solved after double clicks")

    def races(self) -> None:
        """Two actions before the first one's answer: the page ends on the second, with a right answer."""
        import tremaux
        from tremaux import io

        self.open("?rows=30&cols=30&seed=6&solver=bfs")
        for first, second in (("btn-solve", "btn-new"), ("btn-new", "btn-solve")):
            self.js("document.getElementById(arguments[0]).click(); document.getElementById(arguments[1]).click();",
                    first, second)
            self.until_done(f"{first} then {second}")
            time.sleep(0.5)
            self.look(f"{first} then {second}")
            if second == "btn-solve":  # "solve" is off while the new maze is on its way: ignored, or solved
                if self.phase() == "done":
                    self.solved_path(f"{first} then {second}")
            elif self.phase() != "ready":
                self.flags.append(f"{self.tag} {first} then {second}: phase {self.phase()}, not a new maze ready")
        maze = tremaux.generate((5, 5), "prim", seed=2).maze.replace(start=(0, 0), goal=(4, 4))
        self.click("btn-solve")
        self.wait("tremaux.maze.state().phase === 'animating'", "the replay")
        paste(self.d, "maze", io.dumps(maze, "ascii"))
        self.wait("tremaux.maze.state().params && tremaux.maze.state().params.file", "the paste mid-replay")
        time.sleep(0.3)
        self.look("maze pasted mid-replay")
        self.click("btn-solve")
        self.until_done("solve the paste")
        self.solved_path("solve the maze pasted mid-replay", maze)
        self.set("nl-preset", "custom")
        self.set("nl-rows", "6", "input")
        self.set("nl-cols", "6", "input")
        self.click("nl-resize")
        self.js("document.getElementById('nl-random').click();")
        self.set("nl-rows", "9", "input")
        self.set("nl-cols", "9", "input")
        self.click("nl-resize")
        time.sleep(3)
        st = self.js("return tremaux.numberlink.state()")
        self.look("random puzzle, then the board resized")
        if (st["rows"], st["cols"]) != (len(st["grid"]), len(st["grid"][0])):
            self.flags.append(f"{self.tag} random then resize: board {st['rows']}x{st['cols']} holds a "
                              f"{len(st['grid'])}x{len(st['grid'][0])} grid")
        self.click("nl-solve")
        self.wait("tremaux.numberlink.state().phase !== 'solving'", "solve after the race", 60)
        time.sleep(0.3)
        self.board_answer("random then resize, solved", want=None)

    def board_answer(self, what: str, want: str | None = "solved") -> None:
        st = self.js("return tremaux.numberlink.state()")
        self.seen["boards checked"] = self.seen.get("boards checked", 0) + 1
        answer = st.get("answer")
        if want == "solved" and not answer:
            self.flags.append(f"{self.tag} {what}: no answer on the board "
                              f"({self.js('return document.getElementById(`nl-message`).textContent')[:100]})")
            return
        if not answer:
            return
        paths = answer.get("paths") if isinstance(answer, dict) else None
        if not paths:
            return
        from sweep_web_nl import nl_problems

        for p in nl_problems(st["grid"], paths, fill=answer.get("status") == "solved"):
            self.flags.append(f"{self.tag} {what}: {p}")

    def resize_mid_replay(self) -> None:
        self.size(1280, 800, False)
        self.open("?rows=30&cols=30&seed=9&solver=tremaux")
        self.click("btn-solve")
        self.wait("tremaux.maze.state().phase === 'animating'", "the replay")
        self.size(400, 800, True)
        time.sleep(0.4)
        self.look("narrowed to 400 mid-replay")
        self.click("btn-end")
        self.until_done("end after narrowing")
        self.solved_path("end after narrowing")
        self.look("end after narrowing")
        self.size(1280, 800, False)
        time.sleep(0.3)
        self.look("widened back")

    def boards(self) -> None:
        from tremaux.numberlink import Puzzle, formats

        self.open("?rows=8&cols=8&seed=1")
        grid = [[1, 0, 2, 0, 3], [0, 0, 0, 0, 0], [0, 0, 3, 0, 0], [0, 0, 0, 0, 0], [1, 0, 2, 0, 0]]
        puzzle = Puzzle(grid)
        for fmt in formats.FORMATS.names():
            try:
                text = formats.dumps(puzzle, fmt)
            except Exception:  # noqa: BLE001 - a format the library reads only
                continue
            self.js("document.getElementById('nl-message').textContent = ''")
            paste(self.d, "nl-board", text)
            self.wait("document.getElementById('nl-message').textContent", f"paste {fmt}", 30)
            self.look(f"paste {fmt}")
            st = self.js("return tremaux.numberlink.state()")
            from sweep_web_nl import _relabelled

            if _relabelled(st["grid"]) != _relabelled(grid):
                self.flags.append(f"{self.tag} paste {fmt}: the board is not the puzzle "
                                  f"({self.js('return document.getElementById(`nl-message`).textContent')[:100]})")
            self.seen["puzzles pasted"] = self.seen.get("puzzles pasted", 0) + 1
        self.click("nl-solve")
        self.wait("tremaux.numberlink.state().phase !== 'solving'", "solve the pasted puzzle", 60)
        time.sleep(0.2)
        self.board_answer("pasted puzzle")
        for name, text in (("no solution", "1 2 .\n. . .\n2 1 .\n"), ("not filling", "1...\n....\n....\n...1\n"),
                           ("unpaired", "1.\n.2\n"), ("crossing", ".1.\n2.2\n.1.\n")):
            paste(self.d, "nl-board", text)
            self.wait("document.getElementById('nl-message').textContent", f"paste {name}", 30)
            self.click("nl-solve")
            self.wait("tremaux.numberlink.state().phase !== 'solving'", f"solve {name}", 60)
            time.sleep(0.3)
            self.look(f"board {name} solved")
            m = self.js(MESSAGE, "nl-message")
            if not m or not m["text"].strip():
                self.flags.append(f"{self.tag} board {name}: nothing said")
            self.board_answer(f"board {name}", want=None)

    def maze_pastes(self) -> None:
        import tremaux
        from tremaux import io

        maze = tremaux.generate((6, 9), "kruskal", seed=4).maze.replace(start=(0, 0), goal=(5, 8))
        for fmt in ("ascii", "block", "json"):
            self.open("?rows=8&cols=8&seed=1")
            text = io.dumps(maze, fmt)
            paste(self.d, "maze", text)
            self.wait("tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params === null || "
                      "document.querySelector('#maze-message.error') || tremaux.maze.state().grid", f"paste {fmt}")
            time.sleep(0.5)
            self.look(f"maze pasted as {fmt}")
            self.click("btn-solve")
            self.until_done(f"solve the {fmt} paste")
            self.solved_path(f"solve the {fmt} paste", io.loads(text))  # a block picture: its squares
            self.seen["mazes pasted"] = self.seen.get("mazes pasted", 0) + 1

    def reloads(self) -> None:
        self.open("?rows=30&cols=30&seed=2&solver=dfs")
        self.click("btn-solve")
        self.wait("tremaux.maze.state().phase === 'animating'", "the replay")
        self.d.refresh()
        self.wait("window.tremaux && tremaux.maze.state().phase === 'ready'", "the page after a reload")
        self.look("reload mid-replay")
        paste(self.d, "nl-board", "1.2\n...\n1.2\n")
        self.wait("tremaux.numberlink.state().rows === 3", "the pasted board")
        self.d.refresh()
        self.wait("window.tremaux && tremaux.numberlink.state().rows === 3", "the board after a reload", 30)
        self.wait("tremaux.maze.state().phase === 'ready'", "the maze after a reload")
        self.look("reload keeps the board")
        self.click("btn-solve")
        self.until_done("solve after the reload")
        self.solved_path("solve after the reload")
        # a reload on a slow line: the page as it stands before its maze comes (the maze's answer held back)
        hold = self.d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_FIRST_MAZE})
        try:
            self.d.refresh()
            self.wait("!!(window.tremaux && window.tremaux_release)", "the page's scripts")
            self.look("reload, the maze on its way")
            self.js("window.tremaux_release()")
            self.wait("tremaux.maze.state().phase === 'ready'", "the maze after a slow reload")
        finally:
            self.d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": hold["identifier"]})

    def keyboard(self) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        self.open("?rows=10&cols=10&seed=4")
        before = self.js("return tremaux.maze.state().params.seed")
        self.js("document.getElementById('btn-new').focus()")
        ActionChains(self.d).send_keys(Keys.ENTER).perform()
        self.settled("new by Enter")
        if self.js("return tremaux.maze.state().params.seed") == before:
            self.flags.append(f"{self.tag}: Enter on 'new' drew no new maze")
        ActionChains(self.d).send_keys(Keys.TAB).perform()
        if self.js("return document.activeElement.id") != "btn-solve":
            self.flags.append(f"{self.tag}: Tab from 'new' went to {self.js('return document.activeElement.id')!r}")
        ActionChains(self.d).send_keys(Keys.SPACE).perform()
        self.until_done("solve by Space")
        self.solved_path("solve by Space")
        self.look("keyboard maze")
        self.js("document.getElementById('nl-board').focus()")
        ActionChains(self.d).send_keys(Keys.ARROW_RIGHT, "1", Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, "1").perform()
        time.sleep(0.2)
        self.look("keyboard board")


def page_sweep(base: str | None, quick: bool) -> tuple[int, list[str]]:
    """Every sequence at 400 x 800 (touch) and 1280 x 800; the steps looked at and what was flagged."""
    proc, base = (None, base) if base else _serve()
    s = Sweep(base)
    try:
        for width, height, touch in ((400, 800, True), (1280, 800, False)):
            for seq in (s.switch_mid_replay, s.double_clicks, s.races, s.boards, s.maze_pastes, s.reloads, s.keyboard,
                        s.resize_mid_replay):
                s.size(width, height, touch)
                try:
                    seq()
                except Exception as exc:  # noqa: BLE001 - a sequence that breaks is flagged, the next one runs
                    s.flags.append(f"{width}x{height} {seq.__name__}: {type(exc).__name__}: {str(exc)[:200]}")
    finally:
        s.d.quit()
        if proc:
            proc.terminate()
    print(f"page: {s.seen}")
    return s.steps, s.flags
