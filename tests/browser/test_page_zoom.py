"""A 30 x 30 Number Link board on a phone, and a replay watched again.

On a phone 400 px wide a 30 x 30 board fits in cells of 12 px (10 px at 360 px wide), too small for a
finger. "+" under the board enlarges the cells, the board then scrolls in its box (nothing leaves the page),
a drag from an empty cell scrolls it, and taps and the arrows still reach the cell meant. Once a replay was
done, "play" was off: it now replays the run from its first event.
"""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser

PHONES = {"phone-400": (400, 800), "phone-360": (360, 740)}

BOX = """
const b = document.getElementById('nl-box'), r = b.getBoundingClientRect();
return {left: r.left, right: r.right, clientWidth: b.clientWidth, scrollWidth: b.scrollWidth,
        clientHeight: b.clientHeight, scrollHeight: b.scrollHeight, scrollLeft: b.scrollLeft, scrollTop: b.scrollTop,
        page: document.documentElement.scrollWidth};
"""


@pytest.fixture
def phone(driver):
    """``phone(name)`` emulates that phone, with touch; the emulation is cleared afterwards."""

    def use(name: str) -> tuple[int, int]:
        width, height = PHONES[name]
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        return width, height

    yield use
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def finger(driver, x: float, y: float, to: tuple[float, float] | None = None) -> None:
    """A finger on the page at ``(x, y)`` (viewport pixels): a tap, or a drag to ``to``."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(int(x), int(y)).pointer_down().pause(0.05)
    if to:
        for k in range(1, 7):
            actions.pointer_action.move_to_location(int(x + (to[0] - x) * k / 6), int(y + (to[1] - y) * k / 6))
    actions.pointer_action.pointer_up()
    actions.perform()


def cell_centre(driver, r: int, c: int) -> tuple[float, float]:
    geo = driver.execute_script("return tremaux.numberlink.geometry()")
    rect = driver.execute_script("const r = document.getElementById('nl-board').getBoundingClientRect();"
                                 "return {x: r.left, y: r.top};")
    return rect["x"] + geo["x0"] + (c + 0.5) * geo["size"], rect["y"] + geo["y0"] + (r + 0.5) * geo["size"]


@pytest.mark.parametrize("name", list(PHONES))
def test_a_30_by_30_board_zooms_to_finger_sized_cells_and_scrolls_in_its_box(driver, server, phone, name):
    width, _ = phone(name)
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    driver.execute_script("const s = document.getElementById('nl-preset'); s.value = 'custom';"
                          "s.dispatchEvent(new Event('change'));"
                          "document.getElementById('nl-rows').value = '30'; document.getElementById('nl-cols').value = '30';"
                          "document.getElementById('nl-resize').click();")
    wait_for(driver, "tremaux.numberlink.state().cols === 30", what="the 30 x 30 board")
    fitted = driver.execute_script("return tremaux.numberlink.geometry().size")
    assert fitted < 20  # the whole board in the column: too small for a finger
    assert driver.execute_script("return document.getElementById('nl-zoom-out').disabled")
    box = driver.execute_script(BOX)
    assert box["scrollWidth"] <= box["clientWidth"], box  # fitted, the board does not scroll
    while driver.execute_script("return tremaux.numberlink.geometry().size") < 24:
        driver.find_element("id", "nl-zoom-in").click()
    size = driver.execute_script("return tremaux.numberlink.geometry().size")
    assert 24 <= size <= 56
    assert driver.find_element("id", "nl-cell-px").get_attribute("value") == f"{size} px"
    box = driver.execute_script(BOX)
    # the board is larger than its box, which stays on the page: nothing cut off, the page does not scroll sideways
    assert box["scrollWidth"] >= 30 * size > box["clientWidth"], box
    assert 0 <= box["left"] and box["right"] <= width and box["page"] <= width, box
    # a finger dragged from an empty cell scrolls the box, and neither types nor draws anything
    driver.execute_script("document.getElementById('nl-box').scrollIntoView({block: 'start'})")
    rect = driver.execute_script("const r = document.getElementById('nl-box').getBoundingClientRect();"
                                 "return {x: r.left, y: r.top, w: r.width};")
    x, y = rect["x"] + rect["w"] * 0.7, rect["y"] + 150
    finger(driver, x, y, (x - 120, y - 80))
    moved = driver.execute_script(BOX)
    assert moved["scrollLeft"] >= 100 and moved["scrollTop"] >= 60, moved
    state = driver.execute_script("return tremaux.numberlink.state()")
    assert state["drawn"] == {} and state["sel"] == [0, 0]
    assert not any(v for row in state["grid"] for v in row)
    # a tap then selects the cell under the finger, scrolled as the board is, and the number box fills it
    r, c = 7, 11
    finger(driver, *cell_centre(driver, r, c))
    wait_for(driver, f"JSON.stringify(tremaux.numberlink.state().sel) === '[{r},{c}]'", what=f"cell ({r}, {c}) selected")
    assert driver.execute_script("return document.activeElement.id") == "nl-entry"
    driver.switch_to.active_element.send_keys("5")
    wait_for(driver, f"tremaux.numberlink.state().grid[{r}][{c}] === 5", what="5 in the cell tapped")
    # from the keyboard too: the arrows take the selected cell to the far corner and the box follows it
    driver.execute_script("document.getElementById('nl-board').focus()")
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(driver).send_keys(Keys.ARROW_DOWN * 25 + Keys.ARROW_RIGHT * 20).perform()
    wait_for(driver, "JSON.stringify(tremaux.numberlink.state().sel) === '[29,29]'", what="the far corner")
    corner = driver.execute_script(BOX)
    assert corner["scrollLeft"] + corner["clientWidth"] >= 1 + 30 * size - 1, corner
    assert corner["scrollTop"] + corner["clientHeight"] >= 1 + 30 * size - 1, corner
    # a line drawn by a finger from a number on the enlarged cells
    ActionChains(driver).send_keys("3" + Keys.ARROW_LEFT * 3 + "3").perform()
    wait_for(driver, "tremaux.numberlink.state().grid[29][26] === 3 && tremaux.numberlink.state().grid[29][29] === 3",
             what="the pair of 3")
    finger(driver, *cell_centre(driver, 29, 29), cell_centre(driver, 29, 26))
    wait_for(driver, "(tremaux.numberlink.state().drawn[3] || []).length === 4", what="the line of 3 drawn by a finger")
    # and "-" back to the fitted size: the whole board shows again
    while not driver.execute_script("return document.getElementById('nl-zoom-out').disabled"):
        driver.find_element("id", "nl-zoom-out").click()
    assert driver.execute_script("return tremaux.numberlink.geometry().size") == fitted
    back = driver.execute_script(BOX)
    assert back["scrollWidth"] <= back["clientWidth"] and back["scrollHeight"] <= back["clientHeight"], back


def test_play_after_a_finished_replay_replays_the_run(driver, server):
    open_page(driver, server, "?rows=8&cols=8&seed=2&solver=tremaux")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().events > 0", what="the run")
    driver.find_element("id", "btn-end").click()
    wait_for(driver, "tremaux.maze.state().phase === 'done'", what="the end of the replay")
    play = driver.find_element("id", "btn-play")
    assert play.text == "replay" and play.is_enabled()
    assert not driver.find_element("id", "btn-step").is_enabled()
    events = driver.execute_script("return tremaux.maze.state().events")
    driver.execute_script("document.getElementById('speed').value = 0;"
                          "document.getElementById('speed').dispatchEvent(new Event('input'));")
    play.click()
    state = driver.execute_script("return tremaux.maze.state()")
    assert state["phase"] == "animating" and state["index"] < events, state
    assert "replaying" in driver.find_element("id", "maze-message").text
    play.click()  # pause, then step and end as in the first replay
    assert driver.execute_script("return tremaux.maze.state().phase") == "paused"
    at = driver.execute_script("return tremaux.maze.state().index")
    driver.find_element("id", "btn-step").click()
    assert driver.execute_script("return tremaux.maze.state().index") == at + 1
    driver.find_element("id", "btn-end").click()
    wait_for(driver, "tremaux.maze.state().phase === 'done'", what="the end of the second replay")
    assert driver.execute_script("return tremaux.maze.state().found") is True


PINCH = """
// two fingers on the board around (x, y), `start` px apart, moved to `end` px apart, then lifted: the pointer
// events a touch screen sends (dispatched by the page: Chromium's emulated two-finger touches leave the
// session's later emulated touches undelivered, and the driver is shared by the tests)
const [x, y, start, end] = arguments, board = document.getElementById('nl-board');
const send = (type, id, at) => board.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch',
  isPrimary: id === 11, clientX: at, clientY: y, bubbles: true, cancelable: true, button: 0, buttons: type === 'pointerup' ? 0 : 1}));
send('pointerdown', 11, x - start / 2);
send('pointerdown', 12, x + start / 2);
for (let k = 1; k <= 8; k++) {
  const apart = start + (end - start) * k / 8;
  send('pointermove', 11, x - apart / 2);
  send('pointermove', 12, x + apart / 2);
}
send('pointerup', 11, x - end / 2);
send('pointerup', 12, x + end / 2);
"""


def pinch(driver, x: float, y: float, start: float, end: float) -> None:
    """Two fingers on the board around ``(x, y)``, ``start`` px apart, moved to ``end`` px apart, then lifted."""
    driver.execute_script(PINCH, x, y, start, end)


def test_two_fingers_pinch_the_board_larger_about_the_point_between_them_and_back(driver, server, phone):
    phone("phone-400")
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    driver.execute_script("const s = document.getElementById('nl-preset'); s.value = 'custom';"
                          "s.dispatchEvent(new Event('change'));"
                          "document.getElementById('nl-rows').value = '30'; document.getElementById('nl-cols').value = '30';"
                          "document.getElementById('nl-resize').click();")
    wait_for(driver, "tremaux.numberlink.state().cols === 30", what="the 30 x 30 board")
    driver.execute_script("document.getElementById('nl-box').scrollIntoView({block: 'start'})")
    fitted = driver.execute_script("return tremaux.numberlink.geometry().size")
    rect = driver.execute_script("const r = document.getElementById('nl-box').getBoundingClientRect();"
                                 "return {x: r.left, y: r.top, w: r.width, h: r.height};")
    x, y = rect["x"] + rect["w"] / 2, rect["y"] + rect["h"] / 2
    pinch(driver, x, y, 60, 180)  # apart: three times larger
    size = driver.execute_script("return tremaux.numberlink.geometry().size")
    assert size >= 2.5 * fitted, (fitted, size)
    # the middle of the board stayed between the fingers (to a cell), and the pinch was no tap nor a line
    box = driver.execute_script(BOX)
    middle = (box["scrollLeft"] + (x - rect["x"])) / size
    assert abs(middle - 15) <= 1.5, (middle, box)
    state = driver.execute_script("return tremaux.numberlink.state()")
    assert state["sel"] == [0, 0] and state["drawn"] == {}
    assert box["right"] <= 400 and box["page"] <= 400, box
    pinch(driver, x, y, 200, 40)  # together: back to the whole board
    assert driver.execute_script("return tremaux.numberlink.geometry().size") == fitted
    assert driver.execute_script("return document.getElementById('nl-zoom-out').disabled")
