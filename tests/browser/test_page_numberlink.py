"""The Number Link board in headless Chromium: place numbers, solve, read the lines."""

from __future__ import annotations

import time

import pytest
from pagekit import (centre_pixels, hex_rgb, hold_answers, hold_heavy_worker, open_page, release_answers, stall_answers,
                     stalled_given_up, unstall, wait_for, watch_for_text)

pytestmark = pytest.mark.browser


# ---------------------------------------------------------------------- Number Link
def click_cell(driver, r: int, c: int) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    board = driver.find_element("id", "nl-board")
    geo = driver.execute_script("return tremaux.numberlink.geometry()")
    w = board.size["width"]
    h = board.size["height"]
    x = geo["x0"] + (c + 0.5) * geo["size"] - w / 2
    y = geo["y0"] + (r + 0.5) * geo["size"] - h / 2
    ActionChains(driver).move_to_element_with_offset(board, int(x), int(y)).click().perform()


def place(driver, cells: dict[tuple[int, int], int]) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for (r, c), v in cells.items():
        click_cell(driver, r, c)
        ActionChains(driver).send_keys(str(v)).perform()
        time.sleep(1.3 if v > 9 else 0.05)  # a pause ends a multi-digit number


def set_size(driver, rows: int, cols: int) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "nl-preset")).select_by_value("custom")
    for name, value in (("nl-rows", rows), ("nl-cols", cols)):
        box = driver.find_element("id", name)
        box.clear()
        box.send_keys(str(value))
    driver.find_element("id", "nl-resize").click()


def solve_board(driver) -> dict:
    driver.find_element("id", "nl-solve").click()
    return wait_for(driver, "['solved', 'improper', 'error'].includes(tremaux.numberlink.state().phase) && tremaux.numberlink.state()",
                    what="the Number Link answer")


def nl_message(driver) -> tuple[str, str]:
    el = driver.find_element("id", "nl-message")
    return el.text, el.get_attribute("class")


def test_numberlink_board_solves_a_small_puzzle_with_lines(driver, server, shoot):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 4, 4)
    # . . . .
    # 3 2 . .
    # 1 1 . .
    # . . 2 3
    place(driver, {(1, 0): 3, (1, 1): 2, (2, 0): 1, (2, 1): 1, (3, 2): 2, (3, 3): 3})
    grid = driver.execute_script("return tremaux.numberlink.state().grid")
    assert grid == [[0, 0, 0, 0], [3, 2, 0, 0], [1, 1, 0, 0], [0, 0, 2, 3]]
    state = solve_board(driver)
    assert state["phase"] == "solved", nl_message(driver)
    paths = state["answer"]["paths"]
    assert sorted(paths) == ["1", "2", "3"]
    covered = sorted(tuple(c) for cells in paths.values() for c in cells)
    assert covered == [(r, c) for r in range(4) for c in range(4)]
    # the lines are drawn in each number's colour through the cells between the ends
    for num, cells in paths.items():
        colour = driver.execute_script("return tremaux.numberlink.colour(arguments[0])", int(num))
        inner = [tuple(c) for c in cells[1:-1]]
        pixels = centre_pixels(driver, "nl-board", inner, "tremaux.numberlink.geometry()")
        assert all(p == hex_rgb(colour) for p in pixels), (num, pixels)
    text, cls = nl_message(driver)
    assert "unique" in text and "ok" in cls
    out = shoot(driver.find_element("id", "numberlink"), "web-numberlink-small.png")
    assert out.stat().st_size > 5_000


def test_numberlink_improper_puzzles_get_clear_messages(driver, server):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 3, 3)
    # an unpaired number
    place(driver, {(0, 0): 7})
    state = solve_board(driver)
    text, cls = nl_message(driver)
    assert state["phase"] == "error" and "'7' appears once" in text and "error" in cls
    # only solutions that leave cells empty: 1 next to 1 on a 3 x 3 board
    place(driver, {(0, 1): 7})
    state = solve_board(driver)
    text, cls = nl_message(driver)
    assert state["phase"] == "improper" and state["answer"]["status"] == "not-filling"
    assert "empty" in text and "error" in cls
    # no solution at all: the lines would have to cross
    driver.find_element("id", "nl-clear").click()
    set_size(driver, 2, 2)
    place(driver, {(0, 0): 1, (1, 1): 1, (0, 1): 2, (1, 0): 2})
    state = solve_board(driver)
    text, cls = nl_message(driver)
    assert state["answer"]["status"] == "no-solution" and "no solution" in text and "error" in cls


def test_numberlink_second_solution_and_presets(driver, server):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 3, 3)
    place(driver, {(0, 0): 1, (2, 2): 1})  # corner to corner: several ways to fill the board
    state = solve_board(driver)
    assert state["phase"] == "solved" and state["answer"]["unique"] is False
    assert "not unique" in nl_message(driver)[0]
    other = driver.find_element("id", "nl-other")
    assert other.is_displayed()
    before = driver.execute_script("return document.getElementById('nl-board').toDataURL()")
    other.click()
    assert driver.execute_script("return tremaux.numberlink.state().shown") == "second"
    assert driver.execute_script("return document.getElementById('nl-board').toDataURL()") != before
    assert state["answer"]["second"] != state["answer"]["paths"]
    # the presets resize the board
    from selenium.webdriver.support.ui import Select

    for preset, size in (("15x20", [15, 20]), ("10x10", [10, 10]), ("8x8", [8, 8])):
        Select(driver.find_element("id", "nl-preset")).select_by_value(preset)
        assert driver.execute_script("return [tremaux.numberlink.state().rows, tremaux.numberlink.state().cols]") == size


def test_numberlink_random_puzzle_from_the_generator(driver, server, shoot):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "nl-preset")).select_by_value("10x10")
    driver.find_element("id", "nl-random").click()
    wait_for(driver, "tremaux.numberlink.state().grid.flat().some(v => v > 0)", what="a random puzzle")
    assert "exactly one solution" in nl_message(driver)[0]
    grid = driver.execute_script("return tremaux.numberlink.state().grid")
    assert len(grid) == 10 and all(len(row) == 10 for row in grid)
    state = solve_board(driver)
    assert state["phase"] == "solved", nl_message(driver)
    assert state["answer"]["unique"] is True
    covered = {tuple(c) for cells in state["answer"]["paths"].values() for c in cells}
    assert len(covered) == 100
    shoot(driver.find_element("id", "numberlink"), "web-numberlink.png")


def test_numberlink_load_and_save_files_in_the_browser(driver, server, tmp_path):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    puzzle = tmp_path / "four.txt"
    puzzle.write_text("....\n32..\n11..\n..23\n")
    driver.find_element("id", "nl-load").send_keys(str(puzzle))
    wait_for(driver, "tremaux.numberlink.state().rows === 4 && tremaux.numberlink.state().grid[1][0] === 3",
             what="the loaded puzzle")
    assert "loaded four.txt" in nl_message(driver)[0]
    assert driver.execute_script("return tremaux.numberlink.state().grid") == [
        [0, 0, 0, 0], [3, 2, 0, 0], [1, 1, 0, 0], [0, 0, 2, 3]]
    assert driver.find_element("id", "nl-preset").get_attribute("value") == "custom"
    assert solve_board(driver)["phase"] == "solved"
    # "save" downloads the puzzle as text
    out = tmp_path / "downloads"
    out.mkdir()
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(out)})
    driver.find_element("id", "nl-save").click()
    saved = out / "numberlink-4x4.txt"
    deadline = time.monotonic() + 30
    while not saved.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert saved.read_text() == "....\n32..\n11..\n..23\n"
    # a file that is not a puzzle gets a message naming the file and the problem
    bad = tmp_path / "bad.txt"
    bad.write_text("1.2\n..\n")
    driver.find_element("id", "nl-load").send_keys(str(bad))
    wait_for(driver, "document.getElementById('nl-message').textContent.startsWith('bad.txt')")
    text, cls = nl_message(driver)
    assert "row 2" in text and "error" in cls


def test_an_unfinished_board_is_saved_with_a_note(driver, server, tmp_path):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 3, 3)
    place(driver, {(0, 0): 4, (2, 2): 5})  # a puzzle being written: 4 and 5 without their partners yet
    out = tmp_path / "downloads"
    out.mkdir()
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(out)})
    driver.find_element("id", "nl-save").click()
    saved = out / "numberlink-3x3.txt"
    deadline = time.monotonic() + 30
    while not saved.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert saved.read_text() == "4..\n...\n..5\n"
    text, cls = nl_message(driver)
    assert text.startswith("saved unfinished: number 4 has no partner yet") and "error" not in cls


def test_a_flow_free_puzzle_keeps_its_colour_letters_on_the_board(driver, server, tmp_path):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    puzzle = tmp_path / "flow.txt"
    puzzle.write_text("R..B\n....\nR..B\n")
    driver.find_element("id", "nl-load").send_keys(str(puzzle))
    wait_for(driver, "tremaux.numberlink.state().rows === 3", what="the loaded puzzle")
    shown = sorted({lb["text"] for lb in driver.execute_script("return tremaux.numberlink.state().labels")})
    assert shown == ["B", "R"]  # not 11 and 27
    click_cell(driver, 0, 0)
    assert driver.find_element("id", "nl-entry").get_attribute("value") == "R"
    assert solve_board(driver)["phase"] == "solved"


def test_a_cell_typed_while_the_solve_is_on_its_way_drops_its_answer(driver, server):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 2, 3)
    place(driver, {(0, 0): 1, (0, 2): 1, (1, 0): 2, (1, 2): 2})
    hold_answers(driver, "/api/numberlink/solve")
    driver.find_element("id", "nl-solve").click()
    wait_for(driver, "window.tremaux_held === 1", what="the solve's answer to arrive and be held")
    place(driver, {(1, 2): 3})  # the board changes: the answer on its way is for the old one
    assert driver.execute_script("return tremaux.numberlink.state().phase") == "editing"
    watch_for_text(driver, "nl-message", "solved")
    release_answers(driver)
    wait_for(driver, "!document.getElementById('nl-solve').disabled", what="the held search to end")
    # solving again answers for the board as it is now (a 2 unpaired): that answer, not the old one, is shown
    state = solve_board(driver)
    assert state["phase"] == "error" and state["answer"] is None
    assert "'2'" in nl_message(driver)[0]
    assert state["grid"] == [[1, 0, 1], [2, 0, 3]]
    assert driver.execute_script("return window.tremaux_seen['nl-message']") is False, "the old board's answer was shown"


def test_a_second_click_on_solve_waits_for_the_first_search(driver, server):
    # a board over 64 cells is an expensive search: the server runs one per visitor and refuses a second
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    driver.execute_script("const p = document.getElementById('nl-preset'); p.value = '15x20'; p.dispatchEvent(new Event('change'));")
    driver.find_element("id", "nl-random").click()
    wait_for(driver, "tremaux.numberlink.state().grid.flat().some((v) => v > 0) && "
                     "!document.getElementById('nl-solve').disabled", what="the random puzzle")
    driver.execute_script("for (const b of ['nl-solve', 'nl-solve', 'nl-random']) document.getElementById(b).click();")
    state = wait_for(driver, "['solved', 'improper', 'error'].includes(tremaux.numberlink.state().phase) && "
                             "!document.getElementById('nl-solve').disabled && tremaux.numberlink.state()",
                     what="the answer")
    assert state["phase"] == "solved" and state["answer"]["unique"] is True, nl_message(driver)
    assert "error" not in nl_message(driver)[1]


def test_a_file_too_long_for_a_puzzle_is_refused_before_sending(driver, server, tmp_path):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    limit = driver.execute_script("return fetch('/api/limits').then((r) => r.json()).then((l) => l.max_text)")
    hold_answers(driver, "/api/numberlink/parse")  # any text sent would be held here, its message never shown
    for name, size in (("long.txt", limit + 1), ("huge.txt", 4 * limit + 1)):
        big = tmp_path / name
        big.write_text("1" + "." * (size - 2) + "1")
        driver.find_element("id", "nl-load").send_keys(str(big))
        text = wait_for(driver, f"document.getElementById('nl-message').textContent.startsWith('{name}') && "
                                "document.getElementById('nl-message').textContent", what="the refusal")
        assert f"at most {limit} characters" in text and "error" in nl_message(driver)[1]
    assert driver.execute_script("return window.tremaux_held") == 0
    release_answers(driver)


def test_a_search_the_board_no_longer_needs_is_given_up_and_solve_is_offered_again(driver, server):
    # the board changes while its search is on its way: the page gives the request up (the server then
    # stops the search and frees the visitor's share) instead of waiting for an answer it would drop
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 2, 3)
    place(driver, {(0, 0): 1, (0, 2): 1, (1, 0): 2, (1, 2): 2})
    stall_answers(driver, "/api/numberlink/solve")
    try:
        driver.find_element("id", "nl-solve").click()
        wait_for(driver, "window.tremaux_stalled.length === 1 && document.getElementById('nl-solve').disabled",
                 what="the search to be on its way")
        assert stalled_given_up(driver) == [False]
        place(driver, {(1, 1): 3})
        assert stalled_given_up(driver) == [True]
        wait_for(driver, "!document.getElementById('nl-solve').disabled", timeout=5, what="solve offered again")
        assert nl_message(driver)[0] == "" and "error" not in nl_message(driver)[1]  # no word of the given-up one
    finally:
        unstall(driver)
    place(driver, {(1, 1): 0})
    state = solve_board(driver)
    assert state["phase"] == "solved", nl_message(driver)


def test_another_solver_chosen_while_a_search_is_on_its_way_gives_it_up(driver, server):
    from selenium.webdriver.support.ui import Select

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 2, 3)
    place(driver, {(0, 0): 1, (0, 2): 1, (1, 0): 2, (1, 2): 2})
    solvers = [o.get_attribute("value") for o in Select(driver.find_element("id", "nl-solver")).options]
    assert len(solvers) > 1
    stall_answers(driver, "/api/numberlink/solve")
    try:
        driver.find_element("id", "nl-solve").click()
        wait_for(driver, "window.tremaux_stalled.length === 1", what="the search to be on its way")
        Select(driver.find_element("id", "nl-solver")).select_by_value(solvers[-1])
        assert stalled_given_up(driver) == [True]
        wait_for(driver, "!document.getElementById('nl-solve').disabled", timeout=5, what="solve offered again")
        assert driver.execute_script("return tremaux.numberlink.state().phase") == "editing"
        assert nl_message(driver)[0] == ""
    finally:
        unstall(driver)
    state = solve_board(driver)
    assert state["phase"] == "solved" and dict(state["answer"]["stats"])["solver"].startswith(solvers[-1])


def test_a_search_the_page_gives_up_is_stopped_on_the_server(driver, browser_ready, monkeypatch):
    # end to end: the page aborts its request, Chromium closes the connection, the server stops the job
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_web_fair import LiveServer

    from tremaux.web import ServerConfig

    with LiveServer(ServerConfig(workers=1, heavy_workers=1, time_limit=60, quick_limit=60)) as srv:
        sched = srv.app.state.scheduler
        hold_heavy_worker(monkeypatch, srv, "nl_solve")  # every search holds the heavy worker a minute
        open_page(driver, srv.url, "?rows=5&cols=5&seed=1")
        set_size(driver, 2, 3)
        place(driver, {(0, 0): 1, (0, 2): 1, (1, 0): 2, (1, 2): 2})
        driver.find_element("id", "nl-solve").click()
        deadline = time.monotonic() + 10
        while sched.heavy.active == 0:
            assert time.monotonic() < deadline, "the search did not start"
            time.sleep(0.05)
        place(driver, {(1, 1): 3})  # the board changes: the page gives the search up
        deadline = time.monotonic() + 5
        while sched.heavy.active or sched.heavy.clients:
            assert time.monotonic() < deadline, f"the search outlived the page's request: {sched.heavy.status()}"
            time.sleep(0.05)
        assert not driver.find_element("id", "nl-solve").get_attribute("disabled")


def test_the_number_box_shows_what_is_typed_on_the_board(driver, server):
    # the box under the board is the selected cell's number: typed on the board it kept the old one, and a
    # digit then typed in the box went to that old number
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 3, 3)
    click_cell(driver, 1, 1)
    ActionChains(driver).send_keys("12").perform()
    assert driver.find_element("id", "nl-entry").get_attribute("value") == "12"
    ActionChains(driver).send_keys(Keys.BACKSPACE).perform()
    assert driver.find_element("id", "nl-entry").get_attribute("value") == ""
    ActionChains(driver).send_keys("4").perform()
    box = driver.find_element("id", "nl-entry")
    box.send_keys("5")  # the box now holds 45, and so does the cell
    assert driver.execute_script("return tremaux.numberlink.state().grid[1][1]") == 45


SELECTION_EDGE = """
// the colour of the selected cell's frame (its left edge, halfway down), in the board's pixels
const g = tremaux.numberlink.geometry(), [r, c] = tremaux.numberlink.state().sel;
const ctx = document.getElementById('nl-board').getContext('2d');
const x = Math.floor((g.x0 + c * g.size + 2.5) * g.ratio), y = Math.floor((g.y0 + (r + 0.5) * g.size) * g.ratio);
return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
"""


def test_a_solved_board_reached_with_the_keyboard_shows_its_selected_cell(driver, server):
    # after a solve the selection is drawn only while the board has the focus: reaching it with Tab drew
    # nothing, and the digits typed then went to a cell the page did not show
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    set_size(driver, 2, 2)
    place(driver, {(0, 0): 1, (0, 1): 1, (1, 0): 2, (1, 1): 2})
    assert solve_board(driver)["phase"] == "solved"
    driver.find_element("id", "nl-solve").click()  # the focus leaves the board
    wait_for(driver, "tremaux.numberlink.state().phase === 'solved'", what="the solved board")
    assert driver.execute_script(SELECTION_EDGE) != hex_rgb("#3b6fb6")
    driver.execute_script("document.getElementById('nl-save').focus()")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    assert driver.execute_script("return document.activeElement.id") == "nl-board"
    assert driver.execute_script(SELECTION_EDGE) == hex_rgb("#3b6fb6")


def test_enter_in_a_size_box_sets_the_size(driver, server):
    # a keyboard user typed the rows and columns and pressed Enter: nothing happened until "set" was clicked
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    open_page(driver, server)
    Select(driver.find_element("id", "nl-preset")).select_by_value("custom")
    for box, value in (("nl-rows", "3"), ("nl-cols", "4")):
        el = driver.find_element("id", box)
        el.send_keys(Keys.CONTROL, "a")
        el.send_keys(value)
    el.send_keys(Keys.ENTER)
    wait_for(driver, "tremaux.numberlink.state().rows === 3 && tremaux.numberlink.state().cols === 4",
             timeout=5, what="the board of the size typed")
    # a size out of range is refused there too, with its message
    el.send_keys(Keys.CONTROL, "a")
    el.send_keys("99", Keys.ENTER)
    said = wait_for(driver, "document.getElementById('nl-message').textContent", timeout=5, what="the message")
    assert "out of range" in said and driver.execute_script("return tremaux.numberlink.state().cols") == 4


def test_solve_and_random_pressed_from_the_keyboard_keep_the_focus(driver, server):
    # both are off while the search runs: the focus fell to the page's body and stayed there
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(driver, server)
    driver.execute_script("document.getElementById('nl-random').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(driver, "tremaux.numberlink.state().grid.flat().some((v) => v > 0) && "
                     "!document.getElementById('nl-random').disabled", what="a random puzzle")
    assert driver.execute_script("return document.activeElement.id") == "nl-random"
    driver.execute_script("document.getElementById('nl-solve').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(driver, "tremaux.numberlink.state().phase === 'solved' && !document.getElementById('nl-solve').disabled",
             what="the solution")
    assert driver.execute_script("return document.activeElement.id") == "nl-solve"


def test_random_puzzle_uses_the_size_typed_in_the_custom_boxes(driver, server):
    # rows and columns typed but "set" not pressed: the random puzzle was made at the board's old size
    from selenium.webdriver.support.ui import Select

    open_page(driver, server)
    Select(driver.find_element("id", "nl-preset")).select_by_value("custom")
    for name, value in (("nl-rows", 6), ("nl-cols", 7)):
        box = driver.find_element("id", name)
        box.clear()
        box.send_keys(str(value))
    assert driver.execute_script("return [tremaux.numberlink.state().rows, tremaux.numberlink.state().cols]") != [6, 7]
    driver.find_element("id", "nl-random").click()
    wait_for(driver, "tremaux.numberlink.state().grid.flat().some(v => v > 0) && !document.getElementById('nl-random').disabled",
             what="a random puzzle")
    grid = driver.execute_script("return tremaux.numberlink.state().grid")
    assert len(grid) == 6 and all(len(row) == 7 for row in grid), [len(grid), len(grid[0])]
    assert "6 × 7" in nl_message(driver)[0] or "6x7" in nl_message(driver)[0].replace(" ", ""), nl_message(driver)
    # a typed size that "set" would refuse is refused here too, with the same message, and the board stays
    box = driver.find_element("id", "nl-cols")
    box.clear()
    box.send_keys("99")
    driver.find_element("id", "nl-random").click()
    text, kind = nl_message(driver)
    assert "random puzzle" in text and "out of range" in text and "error" in kind, (text, kind)
    assert driver.execute_script("return tremaux.numberlink.state().cols") == 7
