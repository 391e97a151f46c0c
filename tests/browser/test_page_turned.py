"""The page on a phone turned on its side (800 x 400): each picture, scrolled to, shows whole.

The viewport is set with Chromium's device emulation, first upright (400 x
800) then turned (800 x 400), as a phone does: the page redraws its canvases
for the new window.
"""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser

PART = """
const r = document.getElementById(arguments[0]).getBoundingClientRect();
return {top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, left: r.left, right: r.right};
"""


@pytest.fixture
def device(driver):
    """``device(width, height)`` emulates a phone of that viewport; the emulation is cleared afterwards."""

    def use(width: int, height: int) -> None:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    yield use
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def part(driver, element_id: str) -> dict:
    return driver.execute_script(PART, element_id)


@pytest.mark.parametrize("preset", ["8x8", "15x20"])
def test_a_turned_phone_shows_the_whole_number_link_board_its_box_and_message(driver, server, device, shoot, preset):
    device(400, 800)
    open_page(driver, server, "?rows=10&cols=10&seed=3")
    driver.execute_script("const s = document.getElementById('nl-preset'); s.value = arguments[0];"
                          "s.dispatchEvent(new Event('change'));", preset)
    rows, cols = map(int, preset.split("x"))
    wait_for(driver, f"tremaux.numberlink.state().rows === {rows} && tremaux.numberlink.state().cols === {cols}",
             what="the board of the preset")
    upright = part(driver, "nl-board")
    device(800, 400)  # turned: the page redraws the board for the new window (after its resize event)
    wait_for(driver, f"document.getElementById('nl-board').getBoundingClientRect().height !== {upright['bottom'] - upright['top']}",
             what="the board redrawn for the turned window")
    board, message = part(driver, "nl-board"), part(driver, "nl-message")
    height = driver.execute_script("return window.innerHeight")
    assert height == 400
    # the board, the number box under it and the message fit the window's height together
    assert message["bottom"] - board["top"] <= height, (board, message)
    assert board["right"] <= 800 and board["left"] >= 0
    geo = driver.execute_script("return tremaux.numberlink.geometry()")
    assert geo["size"] >= 8  # cells still large enough to tap
    driver.execute_script("document.getElementById('nl-board').scrollIntoView()")
    shoot(driver.find_element("tag name", "body"), f"turned-numberlink-{preset}.png")


def test_a_turned_phone_shows_the_whole_maze_with_its_key(driver, server, device):
    device(800, 400)
    open_page(driver, server, "?rows=20&cols=20&seed=3")
    maze, legend, message = part(driver, "maze"), part(driver, "legend"), part(driver, "maze-message")
    assert message["bottom"] - maze["top"] <= 400, (maze, message)
    assert maze["bottom"] <= legend["top"]


def test_the_keypad_of_a_phone_does_not_shrink_the_board_under_the_finger(driver, server, device):
    """A tap puts the caret in the number box; where the keypad shortens the window, the board keeps its size."""
    import time

    device(400, 800)
    open_page(driver, server, "?rows=10&cols=10&seed=3")
    before = driver.execute_script("return tremaux.numberlink.geometry().size")
    driver.execute_script("document.getElementById('nl-entry').focus()")
    device(400, 420)  # the keypad is up
    time.sleep(0.5)  # past the page's resize delay
    assert driver.execute_script("return tremaux.numberlink.geometry().size") == before
    driver.execute_script("document.getElementById('nl-entry').blur()")
    device(800, 400)  # turned, the box left: the board fits the new window
    wait_for(driver, f"tremaux.numberlink.geometry().size < {before}", what="the board fitted to the turned window")
