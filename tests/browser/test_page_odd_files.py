"""Files of the wrong kind opened on the page: the message names the file once, and the place in it in words.

A JSON list opened as a maze was refused for its first character ("list.json: the file:1:1: unknown
character '['"); every message on a file said "the file" (or "puzzle") after the file's name, and the place
in it as ":1:1".
"""

from __future__ import annotations

import io

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser


def opened(driver, box: str, path, message: str) -> str:
    driver.execute_script(f"document.getElementById('{message}').textContent = ''")
    driver.find_element("id", box).send_keys(str(path))
    return wait_for(driver, f"document.getElementById('{message}').className.includes('error') && "
                            f"document.getElementById('{message}').textContent", what=f"the message on {path.name}")


def test_a_file_of_the_wrong_kind_is_named_once_with_the_place_in_it(driver, server, tmp_path):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    files = {"list.json": "[1, 2, 3]\n", "words.txt": "hello\n", "pairs.txt": "1 x 1\n0 0 0\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    said = [opened(driver, "maze-file", tmp_path / "list.json", "maze-message")]
    assert said[-1] == "list.json: a JSON maze is an object {...}, not a list", said
    said.append(opened(driver, "maze-file", tmp_path / "words.txt", "maze-message"))
    assert said[-1].startswith("words.txt: line 1, column 1: unknown character 'h'"), said
    said.append(opened(driver, "nl-load", tmp_path / "pairs.txt", "nl-message"))
    assert said[-1].startswith("pairs.txt: line 1, column 3: number 'x' appears once"), said
    assert not [text for text in said if "the file" in text or "puzzle:" in text], said


@pytest.mark.parametrize("items_only", [False, True])
def test_a_picture_pasted_on_the_number_link_board_is_said_to_be_no_puzzle_text(driver, server, items_only):
    # a copied picture pasted on the board was said to be "the pasted text is empty: copy a puzzle first"
    from PIL import Image
    from pagekit import paste_file

    open_page(driver, server, "?rows=5&cols=5&seed=1")
    buf = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(buf, "PNG")
    png = buf.getvalue()
    before = driver.execute_script("return tremaux.numberlink.state().grid")
    assert paste_file(driver, "nl-board", png, items_only=items_only)
    said = driver.find_element("id", "nl-message").text
    assert said.startswith("a pasted picture is not read as a puzzle: copy the puzzle as text"), said
    assert "empty" not in said
    assert driver.execute_script("return tremaux.numberlink.state().grid") == before  # the board stays
