"""Number Link lines drawn with the keyboard alone: Enter on a number begins its line, the arrows draw it,
Enter ends it (reaching the partner ends it too), Escape cancels it; the board says so to a screen reader and
rings the cell reached in the line's colour. Escape cancels a line drawn with the mouse or a finger too."""

from __future__ import annotations

import pytest
from pagekit import hex_rgb, open_page, paste, wait_for

pytestmark = pytest.mark.browser

RING = """
// the colour of the selected cell's frame (its left edge, halfway down), in the board's pixels
const g = tremaux.numberlink.geometry(), [r, c] = tremaux.numberlink.state().sel;
const ctx = document.getElementById('nl-board').getContext('2d');
const x = Math.floor((g.x0 + c * g.size + 3.5) * g.ratio), y = Math.floor((g.y0 + (r + 0.5) * g.size) * g.ratio);
return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
"""


def keys(driver, *sequence: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(*sequence).perform()


def state(driver) -> dict:
    return driver.execute_script("return tremaux.numberlink.state()")


def where(driver) -> str:
    return driver.find_element("id", "nl-where").get_attribute("textContent")


def test_a_line_is_drawn_ended_and_cancelled_with_the_keys(driver, server):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    Select(driver.find_element("id", "nl-preset")).select_by_value("custom")
    driver.execute_script("for (const id of ['nl-rows', 'nl-cols']) document.getElementById(id).value = 3;"
                          "document.getElementById('nl-resize').click();"
                          "document.getElementById('nl-save').focus();")
    keys(driver, Keys.TAB)  # the board, reached from the keyboard
    assert driver.execute_script("return document.activeElement.id") == "nl-board"
    board = driver.find_element("id", "nl-board")
    assert "Enter" in board.get_attribute("aria-keyshortcuts") and "line" in board.get_attribute("aria-label")
    # 1 . 1 / . . . / 2 . 2, typed on the board
    keys(driver, "1", Keys.RIGHT, Keys.RIGHT, "1", Keys.DOWN, Keys.DOWN, "2", Keys.LEFT, Keys.LEFT, "2")
    assert state(driver)["grid"] == [[1, 0, 1], [0, 0, 0], [2, 0, 2]]
    # Enter on an empty cell begins nothing, and says where a line begins
    keys(driver, Keys.UP)
    keys(driver, Keys.ENTER)
    assert state(driver)["line"] is None and "a line begins on a number" in where(driver)
    # from 1 at the top left to its partner: the line ends as it reaches it
    keys(driver, Keys.UP, Keys.ENTER)
    assert state(driver)["line"] == {"num": 1, "moved": False}
    assert "drawing the line of 1" in where(driver)
    keys(driver, Keys.RIGHT)
    ring = driver.execute_script(RING)
    assert ring == hex_rgb(driver.execute_script("return tremaux.numberlink.colour(1)")), ring
    keys(driver, Keys.RIGHT)
    st = state(driver)
    assert st["drawn"]["1"] == [[0, 0], [0, 1], [0, 2]] and st["line"] is None and st["sel"] == [0, 2]
    assert "line of 1 joined" in where(driver)
    assert driver.find_element("id", "nl-message").text == "1 of 2 pairs joined"
    # 2: begun, drawn a step, then cancelled with Escape: no line, the cursor back on the number
    keys(driver, Keys.DOWN, Keys.DOWN, Keys.LEFT, Keys.LEFT, Keys.ENTER, Keys.UP)
    assert state(driver)["drawn"]["2"] == [[2, 0], [1, 0]]
    keys(driver, Keys.ESCAPE)
    st = state(driver)
    assert "2" not in st["drawn"] and st["sel"] == [2, 0] and st["line"] is None and "cancelled" in where(driver)
    # the other number is in the way; Enter ends a line left open; a loose end goes on with Enter
    keys(driver, Keys.ENTER, Keys.UP, Keys.UP)
    assert state(driver)["sel"] == [1, 0] and "1 is in the way" in where(driver)
    keys(driver, Keys.ENTER)
    assert state(driver)["line"] is None and "left open" in where(driver)
    keys(driver, Keys.ENTER, Keys.RIGHT, Keys.RIGHT, Keys.DOWN)
    st = state(driver)
    assert st["drawn"]["2"] == [[2, 0], [1, 0], [1, 1], [1, 2], [2, 2]] and st["line"] is None
    assert driver.find_element("id", "nl-message").text == "all pairs joined; 1 cell empty (fill them all)"


def test_escape_gives_back_the_answer_a_line_drawn_over_it_had_replaced(driver, server):
    # the first arrow of a line drawn over the solver's answer takes the answer away (the visitor's lines take
    # its place); Escape gave back the lines drawn by hand before (none), leaving an empty board
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    Select(driver.find_element("id", "nl-preset")).select_by_value("custom")
    driver.execute_script("for (const id of ['nl-rows', 'nl-cols']) document.getElementById(id).value = id === 'nl-rows' ? 2 : 3;"
                          "document.getElementById('nl-resize').click();"
                          "document.getElementById('nl-save').focus();")
    keys(driver, Keys.TAB, "1", Keys.RIGHT, Keys.RIGHT, "1", Keys.DOWN, "2", Keys.LEFT, Keys.LEFT, "2")
    assert state(driver)["grid"] == [[1, 0, 1], [2, 0, 2]]
    driver.find_element("id", "nl-solve").click()
    wait_for(driver, "tremaux.numberlink.state().phase === 'solved'", what="the answer")
    message = driver.find_element("id", "nl-message").text
    answer = state(driver)["answer"]["paths"]
    assert sorted(answer) == ["1", "2"]
    driver.execute_script("document.getElementById('nl-board').focus()")
    keys(driver, Keys.ENTER, Keys.RIGHT)  # a line of 2 from its number (the cursor is on it) over the answer's
    st = state(driver)
    assert st["answer"] is None and st["drawn"] == {"2": [[1, 0], [1, 1]]}, st
    keys(driver, Keys.ESCAPE)
    st = state(driver)
    assert st["line"] is None and "cancelled" in where(driver)
    assert st["answer"] is not None and st["answer"]["paths"] == answer and st["phase"] == "solved", st
    assert st["drawn"] == {} and st["sel"] == [1, 0]
    # the answer's message, statistics and save button are back with it
    assert driver.find_element("id", "nl-message").text == message
    assert driver.find_element("id", "nl-save-solution").is_displayed()
    assert driver.find_element("id", "nl-stats").text.strip()


def _at(driver, r: int, c: int) -> tuple[float, float]:
    """The page coordinates of the centre of board cell (r, c)."""
    return tuple(driver.execute_script(
        "const g = tremaux.numberlink.geometry(), b = document.getElementById('nl-board').getBoundingClientRect();"
        "return [b.left + g.x0 + (arguments[1] + 0.5) * g.size, b.top + g.y0 + (arguments[0] + 0.5) * g.size]",
        r, c))


def _press(driver, kind: str, what: str, cell=None) -> None:
    """One step of a press on the board with the mouse or a finger: "down" or "move" at ``cell``, or "up"."""
    if kind == "mouse":
        x, y = _at(driver, *cell) if cell else driver.execute_script("return window.tremaux_last")
        driver.execute_script("window.tremaux_last = arguments[0]", [x, y])
        kinds = {"down": "mousePressed", "move": "mouseMoved", "up": "mouseReleased"}
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kinds[what], "x": x, "y": y, "button": "left",
                                                            "buttons": 0 if what == "up" else 1, "clickCount": 1})
    else:
        kinds = {"down": "touchStart", "move": "touchMove", "up": "touchEnd"}
        points = [] if what == "up" else [dict(zip("xy", _at(driver, *cell)))]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kinds[what], "touchPoints": points})


def _draw(driver, kind: str, cells) -> None:
    _press(driver, kind, "down", cells[0])
    for cell in cells[1:]:
        _press(driver, kind, "move", cell)


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_escape_cancels_a_line_drawn_with_the_mouse_or_a_finger(driver, server, kind):
    """Escape cancelled a line drawn with the keys only: one drawn by hand went on, and took the answer away."""
    from selenium.webdriver.common.keys import Keys

    if kind == "touch":
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        open_page(driver, server)
        paste(driver, "nl-board", "1.1\n2.2\n")
        wait_for(driver, "tremaux.numberlink.state().rows === 2", what="the puzzle")
        driver.execute_script("document.getElementById('nl-board').scrollIntoView()")
        _draw(driver, kind, [(0, 0), (0, 1), (0, 2)])
        _press(driver, kind, "up")
        kept = {"1": [[0, 0], [0, 1], [0, 2]]}
        assert state(driver)["drawn"] == kept
        sel = state(driver)["sel"]
        # 2 drawn a step, Escape: the lines before it are back; the rest of the press draws nothing, selects nothing
        if kind == "touch":  # the caret in the number box under the board, where a tap puts it on a phone
            driver.execute_script("document.getElementById('nl-entry').focus()")
        _draw(driver, kind, [(1, 0), (1, 1)])
        assert state(driver)["drawn"] == {**kept, "2": [[1, 0], [1, 1]]}
        keys(driver, Keys.ESCAPE)
        assert state(driver)["drawn"] == kept and "line of 2 cancelled" in where(driver)
        assert driver.find_element("id", "nl-message").text == "1 of 2 pairs joined"
        _press(driver, kind, "move", (1, 2))
        _press(driver, kind, "up")
        st = state(driver)
        assert st["drawn"] == kept and st["sel"] == sel, st
        # over the solver's answer: the line's first move took it away; Escape gives it back, with its message
        driver.find_element("id", "nl-solve").click()
        wait_for(driver, "tremaux.numberlink.state().phase === 'solved'", what="the answer")
        driver.execute_script("document.getElementById('nl-board').scrollIntoView()")
        message = driver.find_element("id", "nl-message").text
        answer = state(driver)["answer"]["paths"]
        _draw(driver, kind, [(1, 2), (1, 1)])
        assert state(driver)["answer"] is None
        keys(driver, Keys.ESCAPE)
        _press(driver, kind, "up")
        st = state(driver)
        assert st["answer"] is not None and st["answer"]["paths"] == answer and st["phase"] == "solved", st
        assert st["drawn"] == kept
        assert driver.find_element("id", "nl-message").text == message
        assert driver.find_element("id", "nl-save-solution").is_displayed()
    finally:
        if kind == "touch":
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
