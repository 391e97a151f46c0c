"""Back, forward and reload on the page: the address always names the maze the page shows."""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser

SHOWN = """
const p = tremaux.maze.state().params, q = new URL(location.href).searchParams;
return {shown: p.seed, address: Number(q.get('seed')), hash: location.hash,
        permalink: document.getElementById('permalink').href};
"""


def test_back_over_a_menu_link_keeps_the_address_on_the_maze_shown(driver, server):
    open_page(driver, server, "?rows=6&cols=6&seed=5")
    driver.find_element("link text", "Number Link").click()  # a #part: a new entry in the history, same page
    wait_for(driver, "location.hash === '#numberlink'", what="the menu's link")
    driver.find_element("id", "btn-new").click()
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed !== 5",
             what="the new maze")
    seen = driver.execute_script(SHOWN)
    assert seen["address"] == seen["shown"] and seen["hash"] == "#numberlink", seen  # scrolled there still
    assert "#" not in seen["permalink"], seen
    driver.back()  # to the entry before the menu's link, which had the address of seed 5
    wait_for(driver, "location.hash === ''", what="the entry before")
    seen = driver.execute_script(SHOWN)
    assert seen["shown"] != 5
    assert seen["address"] == seen["shown"], f"the address names another maze than the one shown: {seen}"
    driver.refresh()
    wait_for(driver, "tremaux.maze.state().phase === 'ready'", what="the reloaded maze")
    assert driver.execute_script(SHOWN)["shown"] == seen["shown"]


def test_a_reload_gives_back_the_number_link_board_typed(driver, server):
    from test_page_paste import paste

    open_page(driver, server, "?rows=6&cols=6&seed=5")
    try:
        paste(driver, "nl-board", "1.2..\n..3.4\n.....\n.3...\n2.4.1\n")
        wait_for(driver, "tremaux.numberlink.state().rows === 5", what="the pasted puzzle")
        board = driver.execute_script("return tremaux.numberlink.state().grid")
        driver.refresh()
        wait_for(driver, "tremaux.maze.state().phase === 'ready'", what="the reloaded page")
        assert driver.execute_script("return tremaux.numberlink.state().grid") == board
        assert driver.find_element("id", "nl-preset").get_attribute("value") == "custom"
        assert driver.find_element("id", "nl-rows").get_attribute("value") == "5"
        # what is kept is checked before it is used: a board spoilt in the storage leaves the page's own
        driver.execute_script("sessionStorage.setItem('tremaux.numberlink.board', "
                              "JSON.stringify({rows: 5, cols: 5, grid: [[1, 'x']]}))")
        driver.refresh()
        wait_for(driver, "tremaux.maze.state().phase === 'ready'", what="the reloaded page")
        assert driver.execute_script("return [tremaux.numberlink.state().rows, tremaux.numberlink.state().cols]") == [8, 8]
    finally:
        driver.execute_script("sessionStorage.clear()")
