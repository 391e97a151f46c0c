"""A square maze with levels on the web page in headless Chromium: made with the levels box, drawn level by
level with its passages up and down, solved and replayed on its stage, at a phone's (400 x 800) and a laptop's
(1280 x 800) size, with nothing cut off and no error in the console."""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (400, 800, True), "laptop": (1280, 800, False)}

# every console error and uncaught error of the page, kept from before its scripts run
CATCH = """
window.tremaux_errors = [];
const error = console.error.bind(console);
console.error = (...args) => { window.tremaux_errors.push(args.map(String).join(' ')); error(...args); };
window.addEventListener('error', (e) => window.tremaux_errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => window.tremaux_errors.push(String(e.reason)));
"""

PICTURE = """
const box = document.getElementById('maze-svg'), svg = box.querySelector('svg');
if (!svg || box.hidden) return null;
const r = svg.getBoundingClientRect();
return {left: r.left, right: r.right, bottom: r.bottom + window.scrollY, width: r.width,
        labels: [...svg.querySelectorAll('text')].map((t) => t.textContent),
        updown: [...svg.querySelectorAll('path')].filter((p) => p.getAttribute('fill') === arguments[0]).length,
        scrollWidth: document.documentElement.scrollWidth};
"""

ANSWER = """
const st = tremaux.maze.state(), pal = tremaux.palette(), stage = tremaux.maze.stage();
const canvas = document.querySelector('#maze-svg canvas'), ctx = canvas.getContext('2d');
const rgb = (h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
const near = (p, h) => rgb(h).every((v, k) => Math.abs(p[k] - v) <= 8);
const at = (i) => { const [x, y] = stage.pixels[i]; return ctx.getImageData(x, y, 1, 1).data; };
const path = st.pathIndex || [], r = canvas.getBoundingClientRect();
return {size: stage.size, path, onPath: path.slice(1, -1).filter((i) => near(at(i), pal.path)).length,
        left: r.left, right: r.right, bottom: r.bottom + window.scrollY, width: r.width,
        scrollWidth: document.documentElement.scrollWidth};
"""


@pytest.fixture
def viewport(driver):
    """``viewport(name)`` emulates that device, with the console's errors caught; both are cleared afterwards."""
    added = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH})

    def use(name: str) -> None:
        width, height, mobile = VIEWPORTS[name]
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    yield use
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})


def type_into(driver, box_id: str, value: str) -> None:
    driver.execute_script("const b = document.getElementById(arguments[0]); b.value = arguments[1];"
                          "b.dispatchEvent(new Event('change'));", box_id, value)


def fits(seen: dict, width: int, height: int, whole: bool) -> None:
    assert 0 <= seen["left"] and seen["right"] <= width and seen["scrollWidth"] <= width, seen
    if whole:
        assert seen["bottom"] <= height, seen


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_a_maze_with_two_levels_is_made_drawn_and_solved(driver, server, viewport, shoot, name):
    viewport(name)
    width, height = VIEWPORTS[name][:2]
    open_page(driver, server, "?rows=6&cols=7&seed=3&generator=backtracker")
    assert driver.execute_script("return !document.getElementById('levels-label').hidden")
    type_into(driver, "levels", "2")
    state = wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.levels === 2 "
                             "&& tremaux.maze.state()", what="the maze with two levels")
    assert state["picture"] == "svg" and len(state["start"]) == 3
    updown = driver.execute_script("return tremaux.palette().updown")
    seen = driver.execute_script(PICTURE, updown)
    assert seen["labels"] == ["level 0", "level 1"] and seen["updown"] >= 1, seen
    fits(seen, width, height, name == "laptop")
    assert "levels=2" in driver.current_url and "levels=2" in driver.find_element("id", "dl-svg").get_attribute("href")
    shoot(driver.find_element("id", "maze-demo"), f"page-levels-{name}.png")
    driver.execute_script("const s = document.getElementById('solver'); s.value = 'bfs';"
                          "s.dispatchEvent(new Event('change'));")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().staged && tremaux.maze.state().events > 0", what="the replay")
    driver.find_element("id", "btn-end").click()
    done = wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()", what="the solution")
    assert done["found"] and done["index"] == done["events"]
    end = driver.execute_script(ANSWER)
    assert end["size"] == 84 and len(end["path"]) == len(done["path"]) > 2
    assert end["onPath"] == len(end["path"]) - 2, "the path's colour on every cell between the ends"
    fits(end, width, height, name == "laptop")
    assert end["width"] >= min(width - 60, 300), end
    shoot(driver.find_element("id", "maze-demo"), f"page-levels-{name}-solved.png")
    assert driver.execute_script("return window.tremaux_errors") == []


def test_too_many_levels_are_named_before_anything_is_sent(driver, server, viewport):
    viewport("laptop")
    open_page(driver, server, "?rows=20&cols=20&seed=3")
    asked = driver.execute_script("return performance.getEntriesByType('resource')"
                                  ".filter((e) => e.name.includes('/api/maze?')).length")
    type_into(driver, "levels", "100")
    message = wait_for(driver, "document.getElementById('maze-message').textContent.includes('levels') && "
                               "document.getElementById('maze-message').textContent", what="the message")
    assert message == "100 levels of 20 × 20 are 40000 cells: the page draws at most 22500"
    assert driver.execute_script("return performance.getEntriesByType('resource')"
                                 ".filter((e) => e.name.includes('/api/maze?')).length") == asked
    assert driver.execute_script("return window.tremaux_errors") == []


def test_a_file_with_levels_opens_shows_its_levels_and_is_solved(driver, server, viewport, tmp_path):
    from tremaux import generate, io, solve

    viewport("phone")
    maze = generate((3, 4, 5), "kruskal", seed=2).maze.replace(start=(0, 0, 0), goal=(2, 3, 4))
    path = tmp_path / "tower.png"
    path.write_bytes(io.dumps(maze, "png"))
    open_page(driver, server, "?rows=6&cols=7&seed=3")
    driver.find_element("id", "maze-file").send_keys(str(path))
    wait_for(driver, "tremaux.maze.state().params && tremaux.maze.state().params.file === 'tower.png' && "
                     "tremaux.maze.state().phase === 'ready'", what="the file's maze")
    boxes = driver.execute_script("return ['levels', 'rows', 'cols'].map((id) => document.getElementById(id).value)")
    assert boxes == ["3", "4", "5"]
    assert driver.find_element("id", "maze-message").text.startswith("tower.png: 3-level square maze of 60 cells")
    seen = driver.execute_script(PICTURE, driver.execute_script("return tremaux.palette().updown"))
    assert seen["labels"] == ["level 0", "level 1", "level 2"] and seen["updown"] >= 1, seen
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().staged && tremaux.maze.state().events > 0", what="the replay")
    driver.find_element("id", "btn-end").click()
    done = wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()", what="the solution")
    assert done["path"] == [list(c) for c in solve(maze, "tremaux").path.tolist()]
    assert driver.execute_script("return window.tremaux_errors") == []
