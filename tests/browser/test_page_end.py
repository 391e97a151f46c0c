"""The end of a replay: "end" pressed part way, and the answer shown, cost what the picture holds at most.

On the square grid "end" with fewer events left than the maze has cells painted them event by event (some
ten shapes each: 0.8 s on a 150 x 150 maze); on other grids the end put the answer's picture in the page, an
element per cell, dot and mark (up to 1.5 s frozen on the largest grids). Each changed cell is now painted
once, and the run ends on the canvas it was replayed on.
"""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser

COUNT = """
// count the shapes painted on the canvases from now on
window.tremaux_shapes = 0;
const proto = CanvasRenderingContext2D.prototype;
if (!proto.tremaux_fillRect) {
  proto.tremaux_fillRect = proto.fillRect;
  proto.fillRect = function (...args) { window.tremaux_shapes++; return this.tremaux_fillRect(...args); };
}
"""

NEAR_END = """
// bring the replay to `left` events before its end, as the player would (the page's own module)
const [left, done] = arguments;
const src = document.querySelector('script[type=module]').src.replace(/[^/]*$/, 'maze-replay.js');
import(src).then((R) => { R.stepTo(tremaux.maze.state().events - left); done(tremaux.maze.state().index); });
"""


def test_end_with_fewer_events_left_than_cells_paints_each_cell_once(driver, server):
    open_page(driver, server, "?rows=30&cols=30&braid=0&seed=4&solver=tremaux")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'animating'", what="the replay")
    driver.find_element("id", "btn-play").click()  # pause
    wait_for(driver, "tremaux.maze.state().phase === 'paused'", what="the pause")
    cells = 30 * 30
    events = driver.execute_script("return tremaux.maze.state().events")
    assert events > 2 * cells
    driver.execute_async_script(NEAR_END, cells - 50)
    driver.execute_script(COUNT)
    driver.find_element("id", "btn-end").click()
    st = wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()", what="the end")
    assert st["index"] == events
    shapes = driver.execute_script("return window.tremaux_shapes")
    # the whole maze drawn again is a cell and a passage or two per cell: far under one shape per event left
    assert shapes <= 3 * cells, f"{shapes} shapes painted for {cells - 50} events left on {cells} cells"


SPY_CLOSE = """
// count the subpaths closed from now on (each closePath on a path of many outlines cost as much as the path)
window.tremaux_closed = 0;
for (const proto of [Path2D.prototype, CanvasRenderingContext2D.prototype]) {
  if (proto.tremaux_closePath) continue;
  proto.tremaux_closePath = proto.closePath;
  proto.closePath = function () { window.tremaux_closed++; return this.tremaux_closePath(); };
}
"""


def test_the_whole_stage_is_painted_from_open_outlines(driver, server):
    # at the end of a replay on another grid every cell's outline goes into one path per colour: each one
    # closed (closePath) cost as much as the path held, 0.8 to 2.4 s on 22,500 cells; a fill closes them itself
    open_page(driver, server, "?grid=hex&rows=20&cols=20&braid=0&seed=3&solver=tremaux")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'animating' && tremaux.maze.state().staged", what="the replay")
    driver.find_element("id", "btn-play").click()  # pause
    wait_for(driver, "tremaux.maze.state().phase === 'paused'", what="the pause")
    driver.execute_script(SPY_CLOSE)
    before = driver.execute_script("return tremaux.maze.state().painted")
    driver.find_element("id", "btn-end").click()
    wait_for(driver, "tremaux.maze.state().phase === 'done'", what="the end of the run")
    assert driver.execute_script("return tremaux.maze.state().painted") - before == 400  # the whole stage, once
    assert driver.execute_script("return window.tremaux_closed") == 0


SPY_SOLVE = """
// keep what the page sends to /api/solve and whether the answer carried the answer's picture
window.tremaux_solves = [];
if (!window.tremaux_fetch) window.tremaux_fetch = window.fetch;
window.fetch = async (path, options) => {
  const res = await window.tremaux_fetch(path, options);
  if (String(path).includes('/api/solve')) {
    const body = await res.clone().json();
    window.tremaux_solves.push({sent: JSON.parse(options.body), svg: body.svg, stage: !!body.stage});
  }
  return res;
};
"""


def test_a_solve_on_another_grid_asks_for_no_picture_the_page_does_not_draw(driver, server):
    # the replay ends on its stage: the answer's picture (5.5 MB of the 15 MB answer on the largest hex maze)
    # was sent, read and kept for nothing
    open_page(driver, server, "?grid=hex&rows=12&cols=12&braid=0&seed=3&solver=bfs")
    driver.execute_script(SPY_SOLVE)
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().staged && tremaux.maze.state().events > 0", what="the replay")
    driver.find_element("id", "btn-end").click()
    st = wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()", what="the end")
    driver.execute_script("window.fetch = window.tremaux_fetch")
    solves = driver.execute_script("return window.tremaux_solves")
    assert len(solves) == 1 and solves[0]["sent"]["picture"] is False, solves
    assert solves[0]["svg"] is None and solves[0]["stage"]
    assert st["found"] and st["staged"] and len(st["pathIndex"]) == len(st["path"])
