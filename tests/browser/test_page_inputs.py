"""Odd values typed in the page's boxes or given in its address, and what the page says of them."""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser


def test_a_negative_size_or_seed_is_out_of_range_as_zero_is(driver, server):
    # in the address: put right to the lowest value, as ?rows=0 is, not to the default
    open_page(driver, server, "?rows=-3&cols=5&seed=-7")
    said = driver.find_element("id", "maze-message").text
    assert "rows -3 is out of range (1 to 150): using 1" in said, said  # the library's least, as the API's
    assert "seed -7 is out of range (0 to " in said and ": using 0" in said, said
    assert driver.execute_script("return tremaux.maze.state().params")["rows"] == 1
    # typed in a box: the range to use is said, as for 0
    box = driver.find_element("id", "cols")
    box.clear()
    box.send_keys("-4")
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", box)
    wait_for(driver, "document.getElementById('maze-message').textContent.includes('columns')", what="the message")
    said = driver.find_element("id", "maze-message").text
    assert said == "columns -4 is out of range: use 1 to 150", said


CLIPBOARD = "navigator.clipboard.writeText(arguments[0]).then(() => arguments[1](true), (e) => arguments[1](String(e)))"


def paste_keys(driver, element_id: str, text: str) -> None:
    """Copy ``text`` and press Ctrl+V in the element: the browser's own paste, with its limits."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element("id", element_id)
    box.clear()
    box.click()
    assert driver.execute_async_script(CLIPBOARD, text) is True
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("v").key_up(Keys.CONTROL).perform()


def test_a_number_pasted_with_spaces_or_too_long_in_the_cell_box(driver, server):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    cell = "s = tremaux.numberlink.state(); return s.grid[s.sel[0]][s.sel[1]]"
    paste_keys(driver, "nl-entry", "  12  ")  # copied from a table, say
    wait_for(driver, "tremaux.numberlink.state().grid.flat().some((v) => v > 0)", what="the pasted number")
    assert driver.execute_script(cell) == 12
    assert driver.find_element("id", "nl-entry").get_attribute("value") == "12"
    paste_keys(driver, "nl-entry", "1000")
    said = wait_for(driver, "document.querySelector('#nl-message.error') && "
                            "document.getElementById('nl-message').textContent", what="the message")
    assert "1000 is too large" in said, said
    assert driver.execute_script(cell) != 100


def test_a_picture_loaded_as_a_puzzle_is_said_not_to_be_text(driver, server, tmp_path):
    from pagekit import hold_answers, release_answers

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    picture = tmp_path / "puzzle.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    hold_answers(driver, "/api/numberlink/parse")  # a text sent would be held here, its message never shown
    try:
        driver.find_element("id", "nl-load").send_keys(str(picture))
        said = wait_for(driver, "document.getElementById('nl-message').textContent.startsWith('puzzle.png') && "
                                "document.getElementById('nl-message').textContent", what="the message")
        assert said.startswith("puzzle.png is not a text file"), said
        assert driver.execute_script("return window.tremaux_held") == 0
        assert driver.execute_script("return tremaux.numberlink.state().rows") == 8  # the board is left
    finally:
        release_answers(driver)


@pytest.mark.parametrize(("name", "data"), [
    ("windows.txt", "# Rätsel Nr. 5\r\n3 3\r\n1.2\r\n...\r\n1.2\r\n".encode("cp1252")),  # saved on Windows
    ("unicode.txt", "# Rätsel\n3 3\n1.2\n...\n1.2\n".encode("utf-16")),  # Notepad's "Unicode"
    ("utf8.txt", "\ufeff# Rätsel\n3 3\n1.2\n...\n1.2\n".encode("utf-8")),
])
def test_a_puzzle_file_in_another_encoding_than_utf8_loads(driver, server, tmp_path, name, data):
    # a Windows-1252 file with an "ä" in its comment was called "not a text file"
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    puzzle = tmp_path / name
    puzzle.write_bytes(data)
    driver.find_element("id", "nl-load").send_keys(str(puzzle))
    said = wait_for(driver, f"document.getElementById('nl-message').textContent.includes({name!r}) && "
                            "document.getElementById('nl-message').textContent", what="the message")
    assert said == f"loaded {name}: 3 × 3", said
    assert driver.execute_script("return tremaux.numberlink.state().grid") == [[1, 0, 2], [0, 0, 0], [1, 0, 2]]
