"""A Number Link puzzle pasted on the board, in each text format the command line reads.

The paste is a ``paste`` event carrying the clipboard's text, as Ctrl+V on the
focused board (or a phone's "paste") sends it.
"""

from __future__ import annotations

import pytest
from pagekit import open_page, paste, wait_for

from tremaux.numberlink import formats

pytestmark = pytest.mark.browser

GRID = [[1, 0, 2, 0, 0], [0, 0, 3, 0, 4], [0, 0, 0, 0, 0], [0, 3, 0, 0, 0], [2, 0, 4, 0, 1]]
TEXT = "1.2..\n..3.4\n.....\n.3...\n2.4.1\n"

WRITTEN = [e.name for e in formats.FORMATS if not e.meta.get("read_only") and e.name != "flow"]
"""Every format the command line writes a puzzle in (Flow Free text names pairs by colour letters; read below)."""


def message(driver) -> str:
    return driver.execute_script("return document.getElementById('nl-message').textContent")


@pytest.fixture
def page(driver, server):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    return driver


@pytest.mark.parametrize("fmt", WRITTEN)
def test_a_puzzle_pasted_in_each_format_replaces_the_board(page, fmt):
    text = formats.dumps(formats.loads(TEXT), fmt)
    page.execute_script("document.getElementById('nl-clear').click()")
    assert paste(page, "nl-board", text)
    wait_for(page, "document.getElementById('nl-message').textContent.startsWith('loaded')", what=f"the {fmt} paste")
    state = page.execute_script("return tremaux.numberlink.state()")
    assert state["grid"] == GRID, (fmt, text)
    assert message(page) == "loaded the pasted puzzle: 5 × 5"


def test_flow_free_text_pasted_gets_a_number_per_colour(page):
    assert paste(page, "nl-board", "R.G\n...\nR.G\n")
    wait_for(page, "document.getElementById('nl-message').textContent.startsWith('loaded')", what="the Flow Free paste")
    grid = page.execute_script("return tremaux.numberlink.state().grid")
    assert grid[0][0] == grid[2][0] != grid[0][2] == grid[2][2] and grid[1] == [0, 0, 0]


def test_a_bad_paste_is_said_in_one_line_and_leaves_the_board(page):
    page.execute_script("document.getElementById('nl-clear').click()")
    paste(page, "nl-board", "1.1\n..\n")
    wait_for(page, "document.getElementById('nl-message').className.includes('error')", what="the bad paste's error")
    said = message(page)
    assert said.startswith("the pasted puzzle: ") and "row 2 has 2 cells" in said and "\n" not in said
    state = page.execute_script("return tremaux.numberlink.state()")
    assert (state["rows"], state["cols"]) == (8, 8) and not any(any(row) for row in state["grid"])
    paste(page, "nl-board", "  \n")
    wait_for(page, "document.getElementById('nl-message').textContent.includes('empty')", what="the empty paste")


def test_a_number_pasted_in_the_number_box_is_a_number_and_a_puzzle_is_a_puzzle(page):
    assert not paste(page, "nl-entry", "12")  # the box takes it as typed
    assert paste(page, "nl-entry", TEXT)
    wait_for(page, "document.getElementById('nl-message').textContent.startsWith('loaded')", what="the paste in the box")
    assert page.execute_script("return tremaux.numberlink.state().grid") == GRID


SLOW_FIRST = """
// the first answer from /api/numberlink/parse comes 1.5 s late, the others at once
if (!window.tremaux_fetch) window.tremaux_fetch = window.fetch;
let first = true;
window.fetch = async (path, options) => {
  const res = await window.tremaux_fetch(path, options);
  if (!String(path).includes('/api/numberlink/parse') || !first) return res;
  first = false;
  const text = await res.text();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return new Response(text, { status: res.status, headers: res.headers });
};
"""


def test_of_two_pastes_the_later_one_stands_whichever_answer_comes_first(page):
    page.execute_script(SLOW_FIRST)
    paste(page, "nl-board", "1.1\n2.2\n")
    paste(page, "nl-board", TEXT)
    wait_for(page, "tremaux.numberlink.state().rows === 5", what="the second paste")
    page.execute_script("return new Promise((resolve) => setTimeout(resolve, 2500))")  # the first answer is in
    assert page.execute_script("return tremaux.numberlink.state().grid") == GRID
    page.execute_script("window.fetch = window.tremaux_fetch;")


def test_a_label_typed_in_the_number_box_is_read_as_typed_before_either_case(page):
    # a Flow Free puzzle may have both "a" and "A": typing "a" in a cell gave it the pair of "A"
    paste(page, "nl-board", "aA\naA\n")
    wait_for(page, "document.getElementById('nl-message').textContent.startsWith('loaded')", what="the paste")
    state = page.execute_script("return tremaux.numberlink.state()")
    number = {page.execute_script("return tremaux.numberlink.label(arguments[0])", v): v for v in state["grid"][0]}
    assert sorted(number) == ["A", "a"]
    for typed in ("a", "A", "a"):
        page.execute_script("const box = document.getElementById('nl-entry'); box.value = arguments[0];"
                            "box.dispatchEvent(new Event('input'))", typed)
        assert page.execute_script("return tremaux.numberlink.state().grid[0][0]") == number[typed], typed
