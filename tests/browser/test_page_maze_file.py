"""A maze of the visitor's own on the page: opened from a file or pasted, drawn, solved; on a phone and a laptop."""

from __future__ import annotations

import pytest
from pagekit import centre_pixels, hex_rgb, open_page, paste, wait_for

from tremaux import generate, solve
from tremaux.io import dumps

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (400, 800, True), "laptop": (1280, 800, False)}
MAZE = generate((9, 11), "backtracker", seed=7).maze.replace(start=(0, 0), goal=(8, 10))


@pytest.fixture(params=list(VIEWPORTS))
def page(request, driver, server):
    width, height, mobile = VIEWPORTS[request.param]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def state(driver) -> dict:
    return driver.execute_script("return tremaux.maze.state()")


def message(driver) -> str:
    return driver.execute_script("return document.getElementById('maze-message').textContent")


def test_a_maze_file_opened_is_drawn_and_solved(page, tmp_path):
    path = tmp_path / "mine.png"
    path.write_bytes(dumps(MAZE, "png"))
    page.find_element("id", "maze-file").send_keys(str(path))
    wait_for(page, "tremaux.maze.state().params && tremaux.maze.state().params.file === 'mine.png' && "
                   "tremaux.maze.state().phase === 'ready'", what="the file's maze")
    got = state(page)
    assert (got["start"], got["goal"]) == ([0, 0], [8, 10]) and message(page).startswith("mine.png: 9 × 11 maze (png)")
    assert page.execute_script("return document.documentElement.scrollWidth") <= page.execute_script(
        "return window.innerWidth")  # drawn within the width, on a phone too
    assert not page.find_element("id", "permalink").is_displayed()  # no link to it
    page.execute_script("document.getElementById('solver').value = 'bfs'; "
                        "document.getElementById('solver').dispatchEvent(new Event('change'));"
                        "document.getElementById('btn-solve').click()")
    wait_for(page, "tremaux.maze.state().phase !== 'solving'", what="the solve")
    page.execute_script("document.getElementById('btn-end').click()")
    wait_for(page, "tremaux.maze.state().phase === 'done'", what="the end of the replay")
    path = [[int(r), int(c)] for r, c in solve(MAZE, "bfs").path]
    assert state(page)["path"] == path
    path_rgb = hex_rgb(page.execute_script("return tremaux.palette().path"))
    middle = path[1:4]
    assert centre_pixels(page, "maze", middle, "tremaux.maze.geometry()") == [path_rgb] * len(middle)
    page.refresh()  # a reload shows the maze opened again (kept for the tab), not a new random one
    wait_for(page, "window.tremaux && tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params && "
                   "tremaux.maze.state().params.file === 'mine.png'", what="the file's maze after a reload")
    assert (state(page)["start"], state(page)["goal"]) == ([0, 0], [8, 10])
    page.find_element("id", "btn-new").click()  # a new maze: a reload shows that one
    wait_for(page, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.generator")
    page.refresh()
    wait_for(page, "window.tremaux && tremaux.maze.state().phase === 'ready'", what="the page after a reload")
    assert "file" not in state(page)["params"]


def test_a_maze_pasted_replaces_the_one_drawn_and_a_bad_paste_is_one_line(page):
    assert paste(page, "maze", dumps(MAZE, "ascii"))
    wait_for(page, "tremaux.maze.state().params.file === 'the pasted maze' && tremaux.maze.state().phase === 'ready'",
             what="the pasted maze")
    assert (state(page)["start"], state(page)["goal"]) == ([0, 0], [8, 10])
    page.execute_script("document.getElementById('btn-solve').click()")
    wait_for(page, "tremaux.maze.state().phase !== 'solving'", what="the solve")
    page.execute_script("document.getElementById('btn-end').click()")
    solved = state(page)
    assert solved["phase"] == "done" and solved["path"][-1] == [8, 10]
    paste(page, "maze", "this is no maze\nat all")
    wait_for(page, "document.getElementById('maze-message').className.includes('error')", what="the bad paste's error")
    said = message(page)
    assert said.startswith("the pasted maze: ") and "unknown character" in said and "\n" not in said
    assert state(page) == solved  # the maze and its solved run stay as they were
    paste(page, "maze", " \n ")
    assert "is empty" in message(page)
    assert not paste(page, "seed", "123")  # typed into a box: the box's, not a maze
    # a phone offers "paste" in a box only: the paste box under "paste" takes a maze too
    page.find_element("css selector", "#maze-paste-box summary").click()
    assert page.find_element("id", "maze-paste").is_displayed()
    assert paste(page, "maze-paste", dumps(MAZE.replace(goal=(4, 4)), "ascii"))
    wait_for(page, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().goal[0] === 4",
             what="the maze pasted in the box")
    assert not page.find_element("id", "maze-paste").is_displayed()  # the box closes once it is read
    assert page.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_a_file_read_given_up_for_a_newer_one_is_stopped(page):
    """Each read still on its way held a share of the visitor's jobs: pasted again and again, the latest was refused."""
    from pagekit import stall_answers, stalled_given_up, unstall

    stall_answers(page, "/api/maze/file")
    try:
        for _ in range(3):
            paste(page, "maze", dumps(MAZE, "ascii"))
        assert stalled_given_up(page) == [True, True, False]  # the older two given up: the server stops them
    finally:
        unstall(page)
    paste(page, "maze", dumps(MAZE, "ascii"))
    wait_for(page, "tremaux.maze.state().params.file === 'the pasted maze'", what="the maze pasted last")


def test_a_file_maze_opened_over_another_grid_offers_the_square_grids_solvers(driver, server):
    """Files hold square mazes: a hex grid's menus (no pledge, no cul-de-sac filling) did not fit the maze shown."""
    open_page(driver, server, "?grid=hex&rows=5&cols=5&seed=1")
    offered = "return [...document.getElementById('solver').options].map((o) => o.value)"
    assert "pledge" not in driver.execute_script(offered)
    paste(driver, "maze-svg", dumps(MAZE, "ascii"))
    wait_for(driver, "tremaux.maze.state().params.file && tremaux.maze.state().phase === 'ready'", what="the maze")
    assert driver.execute_script("return document.getElementById('grid').value") == "square"
    assert {"pledge", "cul-de-sac-fill"} <= set(driver.execute_script(offered))
    assert driver.execute_script("return tremaux.maze.state().picture") == "canvas"


SAVED = """
// the page's downloads are kept here instead of saved: [{name, type, head}] (head: the file's first bytes)
window.tremaux_saved = [];
document.addEventListener('click', (ev) => {
  const a = ev.target.closest && ev.target.closest('a[download]');
  if (!a || !a.href.startsWith('blob:')) return;
  ev.preventDefault();
  fetch(a.href).then((r) => r.blob()).then(async (b) => {
    const head = Array.from(new Uint8Array(await b.slice(0, 8).arrayBuffer()));
    window.tremaux_saved.push({ name: a.download, type: b.type, head, size: b.size });
  });
}, true);
"""


def test_a_file_maze_is_downloaded_as_png_and_svg_with_its_run(driver, server, tmp_path):
    """The download links were hidden for a maze opened from a file: the server draws it from the file's bytes."""
    from tremaux import render

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    path = tmp_path / "my maze.txt"
    path.write_text(dumps(MAZE, "ascii"))
    driver.find_element("id", "maze-file").send_keys(str(path))
    wait_for(driver, "tremaux.maze.state().params.file === 'my maze.txt' && tremaux.maze.state().phase === 'ready'",
             what="the file's maze")
    links = "return ['permalink', 'dl-png', 'dl-svg'].map((id) => document.getElementById(id).offsetParent !== null)"
    assert driver.execute_script(links) == [False, True, True]  # no link to it, but its pictures
    driver.execute_script(SAVED)
    driver.find_element("id", "dl-png").click()
    saved = wait_for(driver, "window.tremaux_saved.length && window.tremaux_saved", what="the PNG")
    assert saved[0]["name"] == "my-maze.png" and saved[0]["type"] == "image/png"
    assert bytes(saved[0]["head"]) == b"\x89PNG\r\n\x1a\n"
    assert saved[0]["size"] == len(render.to_png(MAZE, cell_size=16))
    driver.execute_script("document.getElementById('solver').value = 'bfs'; "
                          "document.getElementById('solver').dispatchEvent(new Event('change'));"
                          "document.getElementById('btn-solve').click()")
    wait_for(driver, "tremaux.maze.state().phase !== 'solving'", what="the solve")
    driver.find_element("id", "dl-svg").click()
    saved = wait_for(driver, "window.tremaux_saved.length > 1 && window.tremaux_saved", what="the SVG")
    assert saved[1]["name"] == "my-maze.svg" and saved[1]["type"] == "image/svg+xml"
    assert saved[1]["size"] == len(render.to_svg(solve(MAZE, "bfs"), cell_size=16).encode())  # with the path


def test_a_picture_pasted_on_the_box_or_the_maze_or_read_from_the_clipboard_is_the_maze(driver, server):
    """A copied picture: pasted on the paste box or the maze (also where it is among the clipboard's items only),
    or read by the paste box's button from the clipboard (a phone pastes text only in a box)."""
    from pagekit import paste_file

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    png = dumps(MAZE, "png")
    driver.find_element("css selector", "#maze-paste-box summary").click()
    assert paste_file(driver, "maze-paste", png)
    wait_for(driver, "tremaux.maze.state().params.file === 'image.png' && tremaux.maze.state().phase === 'ready'",
             what="the picture pasted in the box")
    assert message(driver).startswith("image.png: 9 × 11 maze (png)")
    other = dumps(MAZE.replace(goal=(4, 4)), "png")
    assert paste_file(driver, "maze", other, items_only=True)
    wait_for(driver, "tremaux.maze.state().goal[0] === 4", what="the picture pasted on the maze")
    driver.find_element("id", "btn-new").click()
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && !tremaux.maze.state().params.file", what="a new maze")
    driver.find_element("css selector", "#maze-paste-box summary").click()
    driver.execute_script("const png = new Uint8Array(arguments[0]); navigator.clipboard.read = async () => "
                          "[new ClipboardItem({'image/png': new Blob([png], {type: 'image/png'})})];", list(png))
    driver.find_element("id", "maze-clipboard").click()
    wait_for(driver, "tremaux.maze.state().params.file === 'the pasted picture' && "
                     "tremaux.maze.state().phase === 'ready'", what="the picture read from the clipboard")
    assert state(driver)["goal"] == [8, 10] and not driver.find_element("id", "maze-paste").is_displayed()
    driver.find_element("css selector", "#maze-paste-box summary").click()
    # the browser's refusal said in plain words, with what to do instead (its own text was quoted: "Failed to
    # execute 'read' on 'Clipboard': Read permission denied.")
    driver.execute_script("navigator.clipboard.read = async () => { throw new DOMException("
                          "\"Failed to execute 'read' on 'Clipboard': Read permission denied.\", 'NotAllowedError'); }")
    driver.find_element("id", "maze-clipboard").click()
    wait_for(driver, "document.getElementById('maze-message').className.includes('error')", what="the refusal")
    assert message(driver) == ("the browser did not let the page read the clipboard: paste the maze in the box "
                               'with Ctrl+V (⌘V on a Mac), or open its file with the "open" button')
    assert state(driver)["goal"] == [8, 10]  # the maze shown stays
    # a clipboard that cannot be read for another reason: said so, in plain words too
    driver.execute_script("document.getElementById('maze-message').textContent = '';"
                          "navigator.clipboard.read = async () => { throw new DOMException("
                          "'No valid data on clipboard.', 'DataError'); }")
    driver.find_element("id", "maze-clipboard").click()
    said = wait_for(driver, "document.getElementById('maze-message').textContent", what="the second message")
    assert said.startswith("the clipboard could not be read: paste the maze in the box with Ctrl+V"), said
    assert "valid data" not in said and state(driver)["goal"] == [8, 10]
