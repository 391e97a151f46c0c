"""The maze demo when the server refuses a request: the page's picture stays what the page holds."""

from __future__ import annotations

import pytest
from pagekit import centre_pixels, hex_rgb, open_page, wait_for

pytestmark = pytest.mark.browser


def test_a_new_maze_refused_leaves_the_picture_as_the_page_has_the_maze(driver, server):
    """A refused "new" (a busy server's 503) kept the old run on the canvas while the page had reset it."""
    open_page(driver, server, "?rows=6&cols=6&seed=1&solver=bfs")
    driver.execute_script("document.getElementById('btn-solve').click()")
    wait_for(driver, "tremaux.maze.state().phase !== 'solving'", what="the solve")
    driver.execute_script("document.getElementById('btn-end').click()")
    middle = driver.execute_script("return tremaux.maze.state().path")[1:-1]
    assert middle and driver.execute_script("return tremaux.maze.state().phase") == "done"
    driver.execute_script("""
      window.tremaux_fetch = window.fetch;
      window.fetch = (path, options) => String(path).startsWith('/api/maze?')
        ? Promise.resolve(new Response(JSON.stringify({error: 'the server is busy; try again in a moment', kind: 'Busy'}),
                                       {status: 503, headers: {'Content-Type': 'application/json'}}))
        : window.tremaux_fetch(path, options);
      document.getElementById('btn-new').click();""")
    try:
        wait_for(driver, "document.querySelector('#maze-message.error')", what="the refusal")
    finally:
        driver.execute_script("window.fetch = window.tremaux_fetch;")
    state = driver.execute_script("return tremaux.maze.state()")
    assert state["phase"] == "ready" and state["path"] is None and state["params"]["seed"] == 1
    floor = hex_rgb(driver.execute_script("return tremaux.palette().floor"))
    assert centre_pixels(driver, "maze", middle, "tremaux.maze.geometry()") == [floor] * len(middle)
