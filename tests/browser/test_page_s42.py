"""Mazes saved on every grid open on the page; the maze and a Number Link solution download as text; a server
error without a message of its own is said by its status."""

from __future__ import annotations

import pytest
from pagekit import open_page, paste, wait_for

from tremaux import generate, io
from tremaux.grids import files, generate_on, make_grid

pytestmark = pytest.mark.browser

SAVED = """
// the page's downloads are kept here instead of saved: [{name, text}]
window.tremaux_saved = [];
document.addEventListener('click', (ev) => {
  const a = ev.target.closest && ev.target.closest('a[download]');
  if (!a || !a.href.startsWith('blob:')) return;
  ev.preventDefault();
  fetch(a.href).then((r) => r.text()).then((text) => window.tremaux_saved.push({ name: a.download, text }));
}, true);
"""


def message(driver) -> str:
    return driver.execute_script("return document.getElementById('maze-message').textContent")


def shown(driver, ids) -> list[bool]:
    return driver.execute_script("return arguments[0].map((id) => document.getElementById(id).offsetParent !== null)",
                                 ids)


def test_a_hex_or_woven_maze_file_opens_solves_and_downloads(driver, server, tmp_path):
    """A hex maze saved as JSON (or a woven one as .npz) was refused: 'the page opens mazes on the square grid only'."""
    hexagonal = generate_on(make_grid("hex", size=(4, 5)), "wilson", seed=2).maze
    hexagonal = hexagonal.replace(start=(0, 0), goal=(3, 4))
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    path = tmp_path / "my hex.json"
    path.write_text(files.dumps(hexagonal))
    driver.find_element("id", "maze-file").send_keys(str(path))
    wait_for(driver, "tremaux.maze.state().params.file === 'my hex.json' && tremaux.maze.state().phase === 'ready'",
             timeout=30, what="the hex file's maze")
    assert message(driver) == "my hex.json: hex maze of 20 cells (json), start (0,0) and destination (3,4)."
    assert driver.execute_script("return ['grid', 'rows', 'cols'].map((id) => document.getElementById(id).value)") \
        == ["hex", "4", "5"]
    assert driver.execute_script("return tremaux.maze.state().picture") == "svg"
    assert shown(driver, ["dl-png", "dl-svg", "dl-json", "dl-txt", "dl-block"]) == [True, True, True, False, False]
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "['animating', 'paused', 'done'].includes(tremaux.maze.state().phase)", timeout=30,
             what="the replay")
    driver.find_element("id", "btn-end").click()
    wait_for(driver, "tremaux.maze.state().phase === 'done'", what="the end of the replay")
    assert "found" in message(driver)
    driver.execute_script(SAVED)
    driver.find_element("id", "dl-json").click()
    saved = wait_for(driver, "window.tremaux_saved.length && window.tremaux_saved", what="the JSON")
    assert saved[0]["name"] == "my-hex-copy.json" and files.loads(saved[0]["text"]) == hexagonal

    woven = generate_on(make_grid("square", size=(5, 5), weave=True), "kruskal", seed=1).maze
    path = tmp_path / "woven.npz"
    path.write_bytes(files.to_bytes(woven))
    driver.find_element("id", "maze-file").send_keys(str(path))
    wait_for(driver, "tremaux.maze.state().params.file === 'woven.npz' && tremaux.maze.state().phase === 'ready'",
             timeout=30, what="the woven file's maze")
    assert message(driver).startswith("woven.npz: woven square maze of 25 cells (npz)")
    assert driver.execute_script("return [document.getElementById('grid').value, "
                                 "document.getElementById('weave').checked]") == ["square", True]
    polar = generate_on(make_grid("polar", rings=5), "wilson", seed=1).maze
    path = tmp_path / "polar.json"
    path.write_text(files.dumps(polar))
    driver.find_element("id", "maze-file").send_keys(str(path))
    wait_for(driver, "tremaux.maze.state().params.file === 'polar.json' && tremaux.maze.state().phase === 'ready'",
             timeout=30, what="the polar file's maze")
    assert driver.execute_script("return [document.getElementById('grid').value, "
                                 "document.getElementById('rings').value]") == ["polar", "5"]
    driver.find_element("id", "btn-new").click()  # a new maze of the file's grid and size
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && !tremaux.maze.state().params.file",
             timeout=30, what="a new polar maze")
    assert driver.execute_script("return tremaux.maze.state().params.rings") == 5


def test_a_maze_downloads_as_text_generated_or_opened(driver, server, tmp_path):
    """Only PNG and SVG were offered: now the text drawing (with the run's path), the block picture and JSON."""
    open_page(driver, server, "?rows=4&cols=6&seed=3&generator=backtracker&braid=0")
    assert shown(driver, ["dl-txt", "dl-block", "dl-json"]) == [True, True, True]
    fetch = ("return fetch(document.getElementById(arguments[0]).href).then(async (r) => "
             "[r.status, await r.text()])")
    status, text = driver.execute_script(fetch, "dl-txt")
    maze = io.loads(text)
    assert status == 200 and maze.shape == (4, 6) and " o " not in text
    assert driver.execute_script(fetch, "dl-block")[1] == io.dumps(maze, "block") + "\n"
    driver.execute_script("document.getElementById('solver').value = 'bfs'; "
                          "document.getElementById('solver').dispatchEvent(new Event('change'));"
                          "document.getElementById('btn-solve').click()")
    wait_for(driver, "tremaux.maze.state().phase !== 'solving'", what="the solve")
    status, solved = driver.execute_script(fetch, "dl-txt")
    assert status == 200 and " o " in solved and io.loads(solved) == maze

    mine = generate((3, 5), "backtracker", seed=4).maze.replace(start=(0, 0), goal=(2, 4))
    path = tmp_path / "mine.txt"
    path.write_text(io.dumps(mine, "ascii"))
    driver.find_element("id", "maze-file").send_keys(str(path))
    wait_for(driver, "tremaux.maze.state().params.file === 'mine.txt' && tremaux.maze.state().phase === 'ready'",
             what="the file's maze")
    driver.execute_script(SAVED)
    driver.find_element("id", "dl-block").click()
    saved = wait_for(driver, "window.tremaux_saved.length && window.tremaux_saved", what="the block picture")
    assert saved[0]["name"] == "mine-block.txt" and saved[0]["text"] == io.dumps(mine, "block") + "\n"


def test_a_number_link_solution_is_saved_as_text(driver, server):
    """Only the puzzle could be saved; now the solution shown (the other one when it is shown) too."""
    open_page(driver, server)
    driver.execute_script("document.getElementById('numberlink').scrollIntoView()")
    paste(driver, "nl-board", "1...\n....\n...1\n")
    wait_for(driver, "tremaux.numberlink.state().rows === 3", what="the puzzle")
    assert not driver.find_element("id", "nl-save-solution").is_displayed()
    driver.find_element("id", "nl-solve").click()
    wait_for(driver, "tremaux.numberlink.state().phase === 'solved'", timeout=30, what="the solution")
    driver.execute_script("""
      window.tremaux_saved = [];
      const real = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        if (!this.href.startsWith('blob:')) return real.call(this);
        fetch(this.href).then((r) => r.text()).then((text) => window.tremaux_saved.push({ name: this.download, text }));
      };""")
    driver.find_element("id", "nl-save-solution").click()
    driver.find_element("id", "nl-other").click()
    driver.find_element("id", "nl-save-solution").click()
    saved = wait_for(driver, "window.tremaux_saved.length === 2 && window.tremaux_saved", what="the two solutions")
    saved.sort(key=lambda s: s["name"])
    assert [s["name"] for s in saved] == ["numberlink-3x4-solution-other.txt", "numberlink-3x4-solution.txt"]
    assert saved[0]["text"] != saved[1]["text"]
    for s in saved:
        lines = s["text"].splitlines()
        assert len(lines) == 3 and lines[0].startswith("1") and lines[2].endswith("1") and "·" not in s["text"]


def test_an_error_answer_without_a_message_is_said_by_its_status(driver, server):
    """A proxy's error page (or an HTTP/2 answer, whose status text is empty) was said as '502 '."""
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    driver.execute_script("""
      window.tremaux_fetch = window.fetch;
      window.fetch = async (path, options) => String(path).includes('/api/solve')
        ? new Response('', { status: 502 }) : window.tremaux_fetch(path, options);""")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "document.getElementById('maze-message').className.includes('error')", what="the error")
    assert message(driver) == "the server failed to answer (502 Bad Gateway); try again in a moment"
    driver.execute_script("window.fetch = window.tremaux_fetch")
    assert driver.find_element("id", "btn-solve").is_enabled()
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "['animating', 'paused', 'done'].includes(tremaux.maze.state().phase)", what="the solve again")


def _cell_point(driver, r: int, c: int) -> tuple[float, float]:
    """The page coordinates of the centre of board cell (r, c)."""
    return tuple(driver.execute_script(
        "const g = tremaux.numberlink.geometry(), b = document.getElementById('nl-board').getBoundingClientRect();"
        "return [b.left + g.x0 + (arguments[1] + 0.5) * g.size, b.top + g.y0 + (arguments[0] + 0.5) * g.size]",
        r, c))


def _drag(driver, cells, kind: str) -> None:
    """Press on the first cell, move over the others, let go: with the mouse or a finger (touch events)."""
    # each point where the cell is at that moment (the message under the board may move the page meanwhile)
    for k, (r, c) in enumerate(cells):
        x, y = _cell_point(driver, r, c)
        if kind == "mouse":
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mousePressed" if k == 0 else "mouseMoved",
                                                                "x": x, "y": y, "button": "left", "buttons": 1,
                                                                "clickCount": 1})
        else:
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart" if k == 0 else "touchMove",
                                                                "touchPoints": [{"x": x, "y": y}]})
    if kind == "mouse":
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y,
                                                            "button": "left", "clickCount": 1})
    else:
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_lines_are_drawn_by_hand_with_the_mouse_or_a_finger(driver, server, kind):
    """The board took numbers only: a visitor could not try the puzzle by drawing its lines."""
    if kind == "touch":
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        open_page(driver, server)
        paste(driver, "nl-board", "1.2\n...\n1.2\n")
        wait_for(driver, "tremaux.numberlink.state().rows === 3", what="the puzzle")
        driver.execute_script("document.getElementById('nl-board').scrollIntoView()")
        drawn = "return tremaux.numberlink.state().drawn"
        nl_message = "return document.getElementById('nl-message').textContent"
        # pair 1 down the left side, over the middle cell and back (undone), to its partner
        _drag(driver, [(0, 0), (1, 0), (1, 1), (1, 0), (2, 0)], kind)
        assert driver.execute_script(drawn) == {"1": [[0, 0], [1, 0], [2, 0]]}
        assert driver.execute_script(nl_message) == "1 of 2 pairs joined"
        # pair 2 cannot go through number 1's cell; it crosses nothing and leaves the middle column empty
        _drag(driver, [(0, 2), (1, 2), (2, 2)], kind)
        assert driver.execute_script(nl_message).startswith("all pairs joined; 3 cells empty")
        # pair 2 again, through the middle column: it starts again from its number
        _drag(driver, [(0, 2), (0, 1), (1, 1), (2, 1), (2, 2)], kind)
        assert driver.execute_script(drawn)["2"] == [[0, 2], [0, 1], [1, 1], [2, 1], [2, 2]]
        assert driver.execute_script(nl_message).startswith("all pairs joined; 1 cell empty")
        # a line through another pair's line cuts it there
        _drag(driver, [(2, 2), (1, 2), (1, 1), (1, 0)], kind)  # 1's cell (1, 0) holds no number: crossed
        lines = driver.execute_script(drawn)
        assert lines["1"] == [[0, 0]]
        assert lines["2"] == [[2, 2], [1, 2], [1, 1], [1, 0]]
        assert driver.execute_script("return tremaux.numberlink.state().sel") == [0, 0]  # no tap taken
        driver.refresh()  # a reload keeps the lines drawn, as it keeps the board
        wait_for(driver, "window.tremaux && tremaux.numberlink.state().rows === 3", what="the board again")
        assert driver.execute_script(drawn) == lines
        driver.execute_script("document.getElementById('nl-board').scrollIntoView()")
        driver.find_element("id", "nl-solve").click()  # the solver's answer (none fills the board) is drawn instead
        wait_for(driver, "tremaux.numberlink.state().phase === 'improper'", what="the answer")
        driver.execute_script("document.getElementById('nl-board').scrollIntoView()")  # the click scrolled to solve
        _drag(driver, [(0, 0), (1, 0)], kind)  # a new line: the answer gives way to the lines drawn by hand
        assert driver.execute_script("return [tremaux.numberlink.state().answer, tremaux.numberlink.state().drawn]") \
            == [None, {"1": [[0, 0], [1, 0]]}]
        paste(driver, "nl-board", "12\n12\n")  # a new board forgets the lines; these two fill it
        wait_for(driver, "tremaux.numberlink.state().rows === 2", what="the second puzzle")
        assert driver.execute_script(drawn) == {}
        _drag(driver, [(0, 0), (1, 0)], kind)
        _drag(driver, [(1, 1), (0, 1)], kind)
        assert driver.execute_script(nl_message) == "solved: all pairs joined, every cell filled"
    finally:
        if kind == "touch":
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_number_too_large_typed_in_the_cell_box_is_said_so(driver, server):
    """The box took 3 characters: 1000 typed became 100 on the board, silently."""
    open_page(driver, server)
    driver.execute_script("document.getElementById('nl-board').scrollIntoView()")
    box = driver.find_element("id", "nl-entry")
    box.click()
    box.send_keys("1000")
    said = wait_for(driver, "document.querySelector('#nl-message.error') && "
                            "document.getElementById('nl-message').textContent", what="the message")
    assert said.startswith("1000 is too large: numbers go from 1 to 999"), said
    assert box.get_attribute("value") == "1000" and "invalid" in box.get_attribute("class")
