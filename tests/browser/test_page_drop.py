"""Files dropped on the page: on the maze, opened as a maze; on the Number Link board, loaded as a puzzle.

Left to the browser, a file dropped anywhere on the page replaced it with the file itself: the maze, the
board typed and the run were lost, and a binary file showed as a download or garbage.
"""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser

DROP = """
// drop files [name, bytes] on the element `id` as a visitor's mouse would; whether the page took the drop
const [id, files] = arguments;
const data = new DataTransfer();
for (const [name, bytes] of files) data.items.add(new File([new Uint8Array(bytes)], name));
const el = document.getElementById(id);
const over = new DragEvent('dragover', {dataTransfer: data, bubbles: true, cancelable: true});
el.dispatchEvent(over);
const drop = new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true});
el.dispatchEvent(drop);
return [over.defaultPrevented, drop.defaultPrevented];
"""


def drop(driver, element_id: str, *files: tuple[str, bytes]) -> list[bool]:
    return driver.execute_script(DROP, element_id, [[name, list(data)] for name, data in files])


def test_a_file_dropped_opens_where_it_is_dropped_and_never_replaces_the_page(driver, server):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    # a maze drawn as text, dropped on the maze: opened as the file box opens it
    maze = b"+--+--+\n|S    |\n+--+  +\n|G    |\n+--+--+\n"
    assert drop(driver, "maze", ("mine.txt", maze)) == [True, True]
    st = wait_for(driver, "tremaux.maze.state().params.file === 'mine.txt' && tremaux.maze.state()",
                  what="the dropped maze")
    assert st["start"] == [0, 0] and st["goal"] == [1, 0]
    # a binary file dropped on the Number Link board: said not to be a puzzle's text, the board kept
    before = driver.execute_script("return tremaux.numberlink.state().grid")
    assert drop(driver, "nl-board", ("noise.bin", bytes(range(256)))) == [True, True]
    said = wait_for(driver, "document.querySelector('#nl-message.error') && "
                            "document.getElementById('nl-message').textContent", what="the board's message")
    assert said.startswith("noise.bin is not a text file"), said
    assert driver.execute_script("return tremaux.numberlink.state().grid") == before
    # a puzzle dropped on the board is loaded
    assert drop(driver, "nl-board", ("p.txt", b"1 . 1\n2 . 2\n")) == [True, True]
    wait_for(driver, "tremaux.numberlink.state().rows === 2 && tremaux.numberlink.state().cols === 3",
             what="the dropped puzzle")
    # two files at once, or a file dropped beside both parts: refused, and the page stays
    assert drop(driver, "nl-board", ("a.txt", b"1 1\n"), ("b.txt", b"2 2\n")) == [True, True]
    assert "drop one file at a time" in driver.find_element("id", "nl-message").text
    assert drop(driver, "version", ("x.txt", b"1 1\n"))[1] is True
    assert driver.execute_script("return tremaux.maze.state().params.file") == "mine.txt"
