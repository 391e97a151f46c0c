"""Odd values typed in the page's boxes or given in its address, and what the page says of them."""

from __future__ import annotations

import pytest
from pagekit import open_page, wait_for

pytestmark = pytest.mark.browser


def test_a_negative_size_or_seed_is_out_of_range_as_zero_is(driver, server):
    # in the address: put right to the lowest value, as ?rows=0 is, not to the default
    open_page(driver, server, "?rows=-3&cols=5&seed=-7")
    said = driver.find_element("id", "maze-message").text
    assert "rows -3 is out of range (2 to 150): using 2" in said, said
    assert "seed -7 is out of range (0 to " in said and ": using 0" in said, said
    assert driver.execute_script("return tremaux.maze.state().params")["rows"] == 2
    # typed in a box: the range to use is said, as for 0
    box = driver.find_element("id", "cols")
    box.clear()
    box.send_keys("-4")
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", box)
    wait_for(driver, "document.getElementById('maze-message').textContent.includes('columns')", what="the message")
    said = driver.find_element("id", "maze-message").text
    assert said == "columns -4 is out of range: use 2 to 150", said
