"""The replay's stage on grids other than the plain square one costs what a step changes, not the grid's size.

The stage was the server's SVG put in the page, an element per cell and per passage end (67,500 on the
largest grid), which froze the page while it was built and made each frame restyle them all; it is now a
canvas on which a step paints again only the cells its events changed.
"""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser


def test_a_step_of_the_replay_paints_the_cells_it_changed_only(driver, server):
    open_page(driver, server, "?grid=hex&rows=40&cols=40&braid=0&seed=2&solver=tremaux")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().staged && tremaux.maze.state().index > 10", what="the replay")
    driver.find_element("id", "btn-play").click()  # pause
    wait_for(driver, "tremaux.maze.state().phase === 'paused'", what="the pause")
    # no element per cell in the page: the stage is one canvas
    kids = driver.execute_script("return [...document.getElementById('maze-svg').querySelectorAll('*')]"
                                 ".map((e) => e.tagName.toLowerCase())")
    assert kids == ["canvas"], kids
    size = driver.execute_script("return tremaux.maze.stage().size")
    assert size == 1600
    for _ in range(5):  # one event: the cells it names (and where the traveler was and is), a handful
        before = driver.execute_script("return tremaux.maze.state().painted")
        driver.find_element("id", "btn-step").click()
        painted = driver.execute_script("return tremaux.maze.state().painted") - before
        assert 1 <= painted <= 5, painted
    # a resize lays the stage out again from the shapes read once: the replay's state is kept
    index, before = driver.execute_script("return [tremaux.maze.state().index, tremaux.maze.state().painted]")
    driver.execute_script("window.dispatchEvent(new Event('resize'))")
    wait_for(driver, f"tremaux.maze.state().painted >= {before + size}", what="the stage painted again")
    assert driver.execute_script("return tremaux.maze.state().index") == index
