"""What users do on the page, as ``benchmarks/sweep_web.py`` does it: the defects that sweep found, pinned.

Each test runs on a phone (400 x 800, touch) and a laptop (1280 x 800).
"""

from __future__ import annotations

import pytest
from pagekit import HOLD_FIRST_MAZE, open_page, wait_for

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (400, 800, True), "laptop": (1280, 800, False)}

@pytest.fixture(params=list(VIEWPORTS))
def device(request, driver):
    width, height, mobile = VIEWPORTS[request.param]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})
    yield width
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_the_page_never_scrolls_sideways_while_its_first_maze_is_on_its_way(driver, server, device):
    # a reload on a phone showed the maze's canvas at its 600 px before the maze came: the page scrolled sideways
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_FIRST_MAZE})
    try:
        driver.execute_script("try { sessionStorage.clear(); } catch (e) {}")
        driver.get(server + "/?rows=30&cols=30&seed=2")
        wait_for(driver, "!!(window.tremaux && window.tremaux_release)", what="the page's scripts")
        assert driver.execute_script("return tremaux.maze.state().phase") != "ready"  # the maze is held back
        right, scroll = driver.execute_script(
            "return [document.getElementById('maze').getBoundingClientRect().right,"
            " document.documentElement.scrollWidth]")
        assert right <= device + 0.5 and scroll <= device, (right, scroll, device)
        driver.execute_script("window.tremaux_release()")
        wait_for(driver, "tremaux.maze.state().phase === 'ready'", what="the first maze")
        right, scroll = driver.execute_script(
            "return [document.getElementById('maze').getBoundingClientRect().right,"
            " document.documentElement.scrollWidth]")
        assert right <= device + 0.5 and scroll <= device, (right, scroll, device)
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    open_page(driver, server, "?rows=8&cols=8&seed=1")  # the next test starts from a page without the hold
