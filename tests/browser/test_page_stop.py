"""A long Number Link search, or a long maze solve, stopped from the page: "stop" (or Esc on the board) gives it
up, the server stops its worker, and the page says so."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx
import pytest
from pagekit import hold_heavy_worker, open_page, paste, wait_for

pytestmark = pytest.mark.browser

def _live_server():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_web_fair import LiveServer

    from tremaux.web import ServerConfig

    return LiveServer(ServerConfig(workers=1, heavy_workers=1, time_limit=300, quick_limit=60))


def _long_puzzle(url: str) -> str:
    """A 15 x 20 puzzle that the paper's traveler searches for most of a minute, as text."""
    out = httpx.post(url + "/api/numberlink/random", json={"rows": 15, "cols": 20, "seed": 5}, timeout=120).json()
    body = {"rows": out["rows"], "cols": out["cols"], "grid": out["grid"]}
    return httpx.post(url + "/api/numberlink/format", json=body, timeout=60).json()["text"]


def _search_started(heavy, timeout: float = 20.0) -> list:
    """Wait for the heavy lane to run the search; return its worker processes."""
    deadline = time.monotonic() + timeout
    while heavy.active == 0:
        assert time.monotonic() < deadline, "the search did not start"
        time.sleep(0.05)
    return [w.proc for w in heavy.pool._all]


def _search_stopped(heavy, procs: list, timeout: float = 5.0) -> None:
    """The lane is free and the worker that ran the search is gone (killed and replaced)."""
    deadline = time.monotonic() + timeout
    while heavy.active or heavy.clients or any(p.is_alive() for p in procs):
        assert time.monotonic() < deadline, f"the search outlived its stop: {heavy.status()}"
        time.sleep(0.05)


def test_stop_gives_a_long_search_up_and_the_server_stops_it(driver, browser_ready):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    with _live_server() as srv:
        heavy = srv.app.state.scheduler.heavy
        text = _long_puzzle(srv.url)
        open_page(driver, srv.url, "?rows=5&cols=5&seed=1")
        stop = driver.find_element("id", "nl-stop")
        solve = driver.find_element("id", "nl-solve")
        assert not stop.is_displayed()  # nothing to stop yet
        paste(driver, "nl-board", text)
        wait_for(driver, "tremaux.numberlink.state().rows === 15", what="the pasted puzzle")
        Select(driver.find_element("id", "nl-solver")).select_by_value("tremaux")

        # "stop", pressed while the search runs on the server
        solve.click()
        procs = _search_started(heavy)
        assert stop.is_displayed() and solve.get_attribute("disabled")
        assert driver.find_element("id", "nl-message").text == "solving…"
        # on a phone "stop" is a target a finger hits, beside "solve", and the page stays as wide as the screen
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})
        try:
            wait_for(driver, "document.documentElement.scrollWidth <= 400", timeout=5, what="the page fitted to the phone")
            box = driver.execute_script("const r = document.getElementById('nl-stop').getBoundingClientRect();"
                                        "return [r.left, r.right, r.width, r.height]")
            assert box[0] >= 0 and box[1] <= 400 and box[2] >= 24 and box[3] >= 24, box
        finally:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        stop.click()
        _search_stopped(heavy, procs)
        wait_for(driver, "!document.getElementById('nl-solve').disabled", timeout=5, what="solve offered again")
        message = driver.find_element("id", "nl-message")
        assert message.text.startswith("stopped the search") and "warn" in message.get_attribute("class")
        assert not stop.is_displayed()
        assert driver.execute_script("return tremaux.numberlink.state().phase") == "editing"
        # the keyboard's focus, on "stop" when it went, is back on "solve"
        assert driver.execute_script("return document.activeElement.id") == "nl-solve"

        # Esc on the board stops it too; the board is kept
        grid = driver.execute_script("return tremaux.numberlink.state().grid")
        solve.click()
        procs = _search_started(heavy)
        driver.find_element("id", "nl-board").send_keys(Keys.ESCAPE)
        _search_stopped(heavy, procs)
        wait_for(driver, "document.getElementById('nl-message').textContent.startsWith('stopped the search')",
                 timeout=5, what="the stop said")
        assert driver.execute_script("return tremaux.numberlink.state().grid") == grid

        # from the keyboard: Enter on "solve" puts the focus on "stop", Enter there stops the search
        driver.execute_script("document.getElementById('nl-solve').focus()")
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        procs = _search_started(heavy)
        assert driver.execute_script("return document.activeElement.id") == "nl-stop"
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        _search_stopped(heavy, procs)
        wait_for(driver, "!document.getElementById('nl-solve').disabled", timeout=5, what="solve offered again")
        assert driver.execute_script("return document.activeElement.id") == "nl-solve"


def test_stop_gives_a_long_maze_solve_up_and_the_server_stops_it(driver, browser_ready, monkeypatch):
    # a solve on a large grid takes seconds: "stop" beside "solve" gives it up, as a new maze did
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    with _live_server() as srv:
        sched = srv.app.state.scheduler
        hold_heavy_worker(monkeypatch, srv, "solve")  # every solve holds the heavy worker a minute
        open_page(driver, srv.url, "?rows=5&cols=5&seed=1")
        stop = driver.find_element("id", "btn-stop")
        assert not stop.is_displayed()
        for press in ("click", "keyboard"):
            if press == "click":
                driver.find_element("id", "btn-solve").click()
            else:  # Enter on solve puts the focus on stop, Enter there stops
                driver.execute_script("document.getElementById('btn-solve').focus()")
                ActionChains(driver).send_keys(Keys.ENTER).perform()
            procs = _search_started(sched.heavy)
            assert stop.is_displayed() and driver.execute_script("return tremaux.maze.state().phase") == "solving"
            if press == "click":
                stop.click()
            else:
                assert driver.execute_script("return document.activeElement.id") == "btn-stop"
                ActionChains(driver).send_keys(Keys.ENTER).perform()
            _search_stopped(sched.heavy, procs)
            message = driver.find_element("id", "maze-message")
            assert message.text.startswith("stopped solving") and "warn" in message.get_attribute("class"), press
            assert not stop.is_displayed() and driver.execute_script("return tremaux.maze.state().phase") == "ready"
            assert driver.execute_script("return document.activeElement.id") == "btn-solve", press
