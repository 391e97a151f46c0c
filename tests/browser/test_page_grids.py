"""The web page's grid picker in headless Chromium: generate and solve on a polar and a hexagonal grid.

The maze on grids other than the plain square one is the server's SVG; the
tests read the picture back (walls, arcs on the polar grid, the end points),
follow the solver's run on the canvas it is replayed on to its end (the
answer's path painted there), look at its pixels in a screenshot, and check
that it fits a phone's (400 x 800) and a laptop's (1280 x 800) viewport.
"""

from __future__ import annotations

import io

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (400, 800, True), "laptop": (1280, 800, False)}

PICTURE = """
const box = document.getElementById('maze-svg'), svg = box.querySelector('svg');
if (!svg || box.hidden) return null;
const r = svg.getBoundingClientRect(), walls = svg.querySelector('path');
const line = svg.querySelector('polyline');
return {left: r.left, right: r.right, top: r.top, bottom: r.bottom + window.scrollY, width: r.width, height: r.height,
        walls: walls ? walls.getAttribute('d').split('M').length - 1 : 0,
        arcs: walls ? (walls.getAttribute('d').match(/A/g) || []).length : 0,
        wallColour: walls && walls.getAttribute('stroke'),
        points: line ? line.getAttribute('points').trim().split(/\\s+/).length : 0,
        pathColour: line && line.getAttribute('stroke'),
        circles: svg.querySelectorAll(':scope > circle').length,
        canvasShown: !document.getElementById('maze').hidden,
        scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
        legendShown: !document.getElementById('grid-legend').hidden};
"""


STAGE = """
// the stage is a canvas: the colour at each cell's centre (a cell's fill, or the line of a passage from it)
const st = tremaux.maze.state(), pal = tremaux.palette(), stage = tremaux.maze.stage();
const canvas = document.querySelector('#maze-svg canvas'), ctx = canvas.getContext('2d');
const rgb = (h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
const near = (p, h) => rgb(h).every((v, k) => Math.abs(p[k] - v) <= 8);
const seen = stage.pixels.map(([x, y]) => ctx.getImageData(x, y, 1, 1).data);
return {size: stage.size, cells: stage.pixels.length, svg: !!document.querySelector('#maze-svg svg'),
        coloured: seen.filter((p) => near(p, pal.visited) || near(p, pal.marked)).length,
        floor: seen.filter((p) => near(p, pal.floor)).length, index: st.index, events: st.events};
"""

ANSWER = """
// the end of a run on its stage: the colour at the centre of each cell of the answer's path
const st = tremaux.maze.state(), pal = tremaux.palette(), stage = tremaux.maze.stage();
const canvas = document.querySelector('#maze-svg canvas'), ctx = canvas.getContext('2d');
const rgb = (h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
const near = (p, h) => rgb(h).every((v, k) => Math.abs(p[k] - v) <= 8);
const path = st.pathIndex || [];
const at = (i) => { const [x, y] = stage.pixels[i]; return ctx.getImageData(x, y, 1, 1).data; };
const r = canvas.getBoundingClientRect();
const seen = stage.pixels.map((_, i) => at(i));
return {staged: st.staged, svg: !!document.querySelector('#maze-svg svg'), path,
        onPath: path.slice(1, -1).filter((i) => near(at(i), pal.path)).length, pathColour: pal.path,
        searched: seen.filter((p) => ['visited', 'marked', 'dead', 'retraced'].some((k) => near(p, pal[k]))).length,
        left: r.left, right: r.right, bottom: r.bottom + window.scrollY, width: r.width, height: r.height,
        scrollWidth: document.documentElement.scrollWidth,
        legendShown: !document.getElementById('legend').hidden,
        pictureKeyShown: !document.getElementById('grid-legend').hidden,
        canvasShown: !document.getElementById('maze').hidden};
"""


@pytest.fixture
def viewport(driver):
    """``viewport(name)`` emulates that device; the emulation is cleared afterwards."""

    def use(name: str) -> None:
        width, height, mobile = VIEWPORTS[name]
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    yield use
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # leave the browser as found: with /openapi.json cached, the page shows the traveler's seed box before
    # the first maze is drawn, which changes the room the next tests' first maze gets
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})


def pick(driver, select_id: str, value: str) -> None:
    driver.execute_script("const s = document.getElementById(arguments[0]); s.value = arguments[1];"
                          "s.dispatchEvent(new Event('change'));", select_id, value)


def type_into(driver, box_id: str, value: str) -> None:
    driver.execute_script("const b = document.getElementById(arguments[0]); b.value = arguments[1];"
                          "b.dispatchEvent(new Event('change'));", box_id, value)


def colour_share(png: bytes, hex_colour: str, tol: int = 40) -> float:
    """Share of the screenshot's pixels within ``tol`` of ``hex_colour`` on every channel."""
    from PIL import Image

    want = [int(hex_colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)]
    img = Image.open(io.BytesIO(png)).convert("RGB")
    pixels = list(img.get_flattened_data()) if hasattr(img, "get_flattened_data") else list(img.getdata())
    near = sum(all(abs(p[k] - want[k]) <= tol for k in range(3)) for p in pixels)
    return near / len(pixels)


def load_grid(driver, server, grid: str) -> None:
    """Choose ``grid`` with the picker (polar: 12 rings; hex: a hexagon of radius 6) and wait for its maze."""
    if grid == "polar":
        open_page(driver, server, "?grid=theta&rings=12&generator=wilson&braid=0&seed=5")
    else:
        open_page(driver, server, "?rows=10&cols=10&seed=3")
        pick(driver, "grid", "hex")
        wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().grid === 'hex'",
                 what="the hex maze")
        pick(driver, "shape", "hexagon")
        wait_for(driver, "!document.getElementById('radius-label').hidden", what="the radius box")
        type_into(driver, "radius", "6")
        wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.radius === 6",
                 what="the hexagon of radius 6")


@pytest.mark.parametrize("name", list(VIEWPORTS))
@pytest.mark.parametrize("grid", ["polar", "hex"])
def test_generate_and_solve_on_a_grid(driver, server, viewport, shoot, grid, name):
    viewport(name)
    width, height = VIEWPORTS[name][:2]
    load_grid(driver, server, grid)
    state = driver.execute_script("return tremaux.maze.state()")
    assert state["grid"] == grid and state["picture"] == "svg"
    # the picker shows the grid's own parameters and no others
    shown = {p: driver.execute_script(f"return !document.getElementById('{p}-label').hidden")
             for p in ("size", "shape", "rings", "radius", "side", "wrap", "weave")}
    want = {"rings"} if grid == "polar" else {"shape", "radius", "weave"}
    assert {p for p, v in shown.items() if v} == want
    # nothing to replay before solving: the player is off
    assert driver.find_element("id", "btn-play").get_attribute("disabled") is not None
    before = driver.execute_script(PICTURE)
    assert before["walls"] > 20 and before["points"] == 0 and before["circles"] == 2
    assert (before["arcs"] > 0) == (grid == "polar"), "polar walls are arcs, hex walls are segments"
    pick(driver, "solver", "bfs")
    driver.find_element("id", "btn-solve").click()
    # the solver's trace is replayed on the grid: its cells take the search's colours as the events play
    wait_for(driver, "tremaux.maze.state().staged && tremaux.maze.state().index > 3", what="the replay on the grid")
    driver.find_element("id", "btn-play").click()  # pause, and look
    wait_for(driver, "tremaux.maze.state().phase === 'paused'", what="the pause")
    seen = driver.execute_script(STAGE)
    assert seen["cells"] == seen["size"] and seen["coloured"] > 1 and not seen["svg"], seen
    assert seen["coloured"] + seen["floor"] <= seen["cells"] and seen["floor"] > 0, "not every cell reached yet"
    assert seen["index"] < seen["events"], "paused half way through"
    shoot(driver.find_element("id", "maze-demo"), f"page-{grid}-{name}-replay.png")
    driver.find_element("id", "btn-end").click()
    done = wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()", what="the solution")
    assert done["index"] == done["events"] and done["found"] is True
    path = [tuple(c) for c in done["path"]]
    assert path[0] == tuple(done["start"]) and path[-1] == tuple(done["goal"]) and len(path) > 5
    # the run ends on its stage (the answer's picture put in the page froze it on a large grid): every cell
    # of the answer's path is painted in the path's colour, the search's cells in theirs
    end = driver.execute_script(ANSWER)
    assert end["staged"] and not end["svg"] and len(end["path"]) == len(path), end
    assert end["onPath"] == len(path) - 2, "the path's colour at the centre of every cell between the ends"
    assert end["searched"] > 0 and end["legendShown"] and not end["pictureKeyShown"] and not end["canvasShown"]
    # it fits the viewport: nothing cut off, no sideways scroll; on a laptop the whole picture shows
    assert 0 <= end["left"] and end["right"] <= width, end
    assert end["scrollWidth"] <= width
    assert end["width"] >= min(width - 60, 300) or end["height"] >= 300, end
    if name == "laptop":
        assert end["bottom"] <= height, end
    # look at the picture: walls and the solution's cells are there in their colours
    element = driver.find_element("css selector", "#maze-svg canvas")
    png = element.screenshot_as_png
    assert colour_share(png, before["wallColour"]) > 0.02, "no walls in the picture"
    assert colour_share(png, end["pathColour"]) > 0.002, "no solution in the picture"
    # what the answer's picture was for is still offered: its SVG and PNG, drawn by the server
    for link in ("dl-svg", "dl-png"):
        href = driver.find_element("id", link).get_attribute("href")
        assert "solver=bfs" in href, href
    svg = driver.execute_script("return fetch(arguments[0]).then((r) => r.text())",
                                driver.find_element("id", "dl-svg").get_attribute("href"))
    assert svg.startswith("<svg") and "<polyline" in svg
    shoot(driver.find_element("id", "maze-demo"), f"page-{grid}-{name}.png")
    if grid == "hex" and name == "laptop":
        # weaving: the generator menu keeps only the generators that weave (from the registry) and draws one
        weavers = driver.execute_script("return tremaux.maze.state() && "
                                        "fetch('/api/grids').then((r) => r.json()).then((g) => "
                                        "g.find((x) => x.name === 'hex').weave_generators)")
        # (braid stays 0: the library refuses to braid a woven maze, and the page shows its message)
        driver.execute_script("document.getElementById('braid').value = 0;"
                              "const b = document.getElementById('weave'); b.checked = true;"
                              "b.dispatchEvent(new Event('change'));")
        wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.weave === true",
                 what="the woven hex maze")
        menu = driver.execute_script("return [...document.getElementById('generator').options].map((o) => o.value)")
        assert menu == weavers and len(weavers) >= 1


def test_weave_ticked_at_the_default_braid_draws_a_woven_maze(driver, server):
    open_page(driver, server, "?rows=10&cols=10&seed=3&braid=0.5")
    driver.execute_script("const b = document.getElementById('weave'); b.checked = true; b.dispatchEvent(new Event('change'));")
    state = wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.weave === true && "
                             "tremaux.maze.state()", what="the woven maze")
    # a woven maze takes no loops: the page sends braid 0 and sets the slider aside while weave is ticked
    assert state["params"]["braid"] == 0
    assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")
    assert driver.find_element("id", "braid").get_attribute("disabled") is not None
    driver.execute_script("const b = document.getElementById('weave'); b.checked = false; b.dispatchEvent(new Event('change'));")
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && !tremaux.maze.state().params.weave", what="the plain maze")
    assert driver.find_element("id", "braid").get_attribute("disabled") is None
    # a link asking for weave alone (no generator) draws a woven maze with a generator that weaves
    open_page(driver, server, "?rows=8&cols=8&seed=2&weave=true")
    params = driver.execute_script("return tremaux.maze.state().params")
    assert params["weave"] is True and params["braid"] == 0
    assert params["generator"] == driver.find_element("id", "generator").get_attribute("value")


def test_a_wrap_offers_only_the_generators_and_solvers_that_run_with_it(driver, server):
    open_page(driver, server, "?rows=6&cols=6&seed=3&generator=eller")
    menu = "return [...document.getElementById('generator').options].map((o) => o.value)"
    assert "eller" in driver.execute_script(menu)
    pick(driver, "wrap", "torus")
    state = wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.wrap === 'torus' && "
                             "tremaux.maze.state()", what="the torus maze")
    wrapped = driver.execute_script("return fetch('/api/grids').then((r) => r.json()).then((g) => "
                                    "g.find((x) => x.name === 'square').choice_generators.wrap.torus)")
    assert driver.execute_script(menu) == wrapped and "eller" not in wrapped
    assert state["params"]["generator"] in wrapped
    assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")
    # the solver menu too offers only the solvers that run there: on a Moebius strip no wall follower
    pick(driver, "wrap", "moebius")
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.wrap === 'moebius'",
             what="the Moebius maze")
    solvers = driver.execute_script("return [...document.getElementById('solver').options].map((o) => o.value)")
    assert solvers == driver.execute_script("return fetch('/api/grids').then((r) => r.json()).then((g) => "
                                            "g.find((x) => x.name === 'square').choice_solvers.wrap.moebius)")
    assert "bfs" in solvers and "wall-left" not in solvers and "pledge" not in solvers


def test_weave_is_offered_only_where_the_grid_weaves(driver, server):
    # a wrapped square grid does not weave: ticking weave there got the server's refusal and no maze
    open_page(driver, server, "?rows=6&cols=6&seed=3&weave=true")
    assert driver.find_element("id", "weave-label").is_displayed()
    pick(driver, "wrap", "cylinder")
    state = wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.wrap === 'cylinder' "
                             "&& tremaux.maze.state()", what="the cylinder maze")
    assert not driver.find_element("id", "weave-label").is_displayed()
    assert not state["params"].get("weave")
    assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")
    assert driver.find_element("id", "braid").get_attribute("disabled") is None  # no weave: loops may be opened
    pick(driver, "wrap", "")  # unwrapped again: weave is offered again
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && !tremaux.maze.state().params.wrap", what="the flat maze")
    assert driver.find_element("id", "weave-label").is_displayed()


def test_a_bad_value_in_a_hidden_size_box_does_not_stop_a_grid_without_one(driver, server):
    # an emptied rows box, hidden once the polar grid was chosen, kept refusing every polar maze with
    # "rows is empty", naming a box the visitor could no longer see
    open_page(driver, server, "?rows=6&cols=6&seed=1")
    driver.execute_script("const b = document.getElementById('rows'); b.value = ''; b.dispatchEvent(new Event('change'))")
    wait_for(driver, "document.querySelector('#maze-message.error')", what="the emptied box's message")
    driver.execute_script("const g = document.getElementById('grid'); g.value = 'polar'; g.dispatchEvent(new Event('change'))")
    state = wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().grid === 'polar' && "
                             "tremaux.maze.state()", what="the polar maze")
    assert "rows" not in driver.find_element("id", "maze-message").text
    assert state["params"]["rings"] >= 2
    # back on the square grid the box is shown again, refilled with the rows the server answered
    driver.execute_script("const g = document.getElementById('grid'); g.value = 'square'; g.dispatchEvent(new Event('change'))")
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().grid === 'square'",
             what="the square maze")
    assert driver.find_element("id", "rows").get_attribute("value") != ""
