"""The key under the maze lists what the picture shows: the solver's dot only while one is drawn."""

from __future__ import annotations

import pytest
from pagekit import hex_rgb, open_page, wait_for

pytestmark = pytest.mark.browser

LISTED = "return getComputedStyle(document.getElementById('legend-where')).visibility === 'visible'"

DOT = """
// the colour at the centre of the cell where the solver is, on the square maze's canvas
const g = tremaux.maze.geometry(), i = tremaux.maze.state().current, cols = tremaux.maze.state().params.cols;
const r = Math.floor(i / cols), c = i % cols;
const x = Math.floor((g.x0 + (c + 0.5) * g.size) * g.ratio), y = Math.floor((g.y0 + (r + 0.5) * g.size) * g.ratio);
return Array.from(document.getElementById('maze').getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
"""


PAUSE = """
// the replay paused as it begins (as the message says it is on), before its first frame
const message = document.getElementById('maze-message');
const seen = new MutationObserver(() => {
  if (tremaux.maze.state().phase !== 'animating') return;
  seen.disconnect();
  document.getElementById('btn-play').click();
});
seen.observe(message, { childList: true, subtree: true, characterData: true });
"""


def paused_run(driver) -> dict:
    """Solve, pause the replay as it begins and take one step: the state of the run then."""
    driver.execute_script(PAUSE)
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'paused'", what="the replay, paused")
    assert driver.execute_script("return tremaux.maze.state().index") == 0
    driver.find_element("id", "btn-step").click()
    return driver.execute_script("return tremaux.maze.state()")


def test_the_key_lists_the_solvers_dot_only_while_the_maze_shows_it(driver, server):
    """The key always listed "where the solver is": before a run, after it, and for a solver without a position."""
    open_page(driver, server, "?rows=10&cols=10&seed=2&braid=0&solver=dead-end-fill")
    assert driver.find_element("id", "legend").is_displayed()
    assert not driver.execute_script(LISTED)  # no run yet
    # dead-end filling fills cells: no solver walks the maze while it does
    st = paused_run(driver)
    assert st["phase"] == "paused" and st["current"] == -1, st
    assert not driver.execute_script(LISTED)
    # Tremaux's traveler: its dot on the maze, listed in the key
    driver.execute_script("const s = document.getElementById('solver'); s.value = 'tremaux';"
                          "s.dispatchEvent(new Event('change'))")
    wait_for(driver, "tremaux.maze.state().phase === 'ready'", what="the run forgotten")
    assert not driver.execute_script(LISTED)
    st = paused_run(driver)
    assert st["phase"] == "paused" and st["current"] >= 0, st
    assert driver.execute_script(DOT) == hex_rgb("#3b6fb6")
    assert driver.execute_script(LISTED)
    # the end of the run: the dot goes, and the key no longer lists it
    driver.find_element("id", "btn-end").click()
    wait_for(driver, "tremaux.maze.state().phase === 'done'", what="the end of the replay")
    assert driver.execute_script(DOT) != hex_rgb("#3b6fb6")
    assert not driver.execute_script(LISTED)
