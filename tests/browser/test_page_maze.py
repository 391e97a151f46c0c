"""The maze demo of the web page in headless Chromium: new, solve, replay, permalink."""

from __future__ import annotations

import json

import pytest
from pagekit import (PIXELS, centre_pixels, hex_rgb, hold_answers, open_page, release_answers, stall_answers, stalled_given_up,
                     unstall, wait_for, watch_for_text)

pytestmark = pytest.mark.browser


# ---------------------------------------------------------------------- the maze demo
def test_default_page_new_and_solve_replays_tremaux(driver, server, shoot):
    open_page(driver, server)
    first = driver.execute_script("return tremaux.maze.state()")
    assert first["params"]["rows"] == 20 and first["params"]["cols"] == 20
    assert first["params"]["braid"] == 0.5 and first["params"]["generator"] == "backtracker"
    assert driver.find_element("id", "solver").get_attribute("value") == "tremaux"
    # "new" draws a new maze with a new seed
    driver.find_element("id", "btn-new").click()
    wait_for(driver, f"tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed !== {first['params']['seed']}",
             what="a new maze")
    # typing a seed draws that seed's maze (this one makes Tremaux's traveler retrace a lot)
    from selenium.webdriver.common.keys import Keys

    seed = driver.find_element("id", "seed")
    seed.send_keys(Keys.CONTROL, "a")
    seed.send_keys("267267476\t")
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed === 267267476",
             what="the maze of the typed seed")
    state = driver.execute_script("return tremaux.maze.state()")
    # "solve" replays the run; speed it up, then wait for the end of the animation
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'animating'", what="the animation to start")
    driver.execute_script("const s = document.getElementById('speed'); s.value = 10; s.dispatchEvent(new Event('input'));")
    done = wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()", timeout=120,
                    what="the animation to end")
    assert done["found"] is True and done["index"] == done["events"] > 0
    path = [tuple(c) for c in done["path"]]
    assert path[0] == tuple(state["start"]) and path[-1] == tuple(state["goal"])
    palette = driver.execute_script("return tremaux.palette()")
    pixels = centre_pixels(driver, "maze", path, "tremaux.maze.geometry()")
    assert pixels[0] == hex_rgb(palette["start"])
    assert pixels[-1] == hex_rgb(palette["goal"])
    assert all(p == hex_rgb(palette["path"]) for p in pixels[1:-1]), "the solution is not drawn in yellow"
    # Tremaux's traveler retraced some passages of this braided maze: gray cells off the path
    everything = [(r, c) for r in range(20) for c in range(20)]
    colours = centre_pixels(driver, "maze", everything, "tremaux.maze.geometry()")
    assert colours.count(hex_rgb(palette["retraced"])) > 0
    # the run's statistics are shown beside the maze
    stats = driver.find_element("id", "run-stats").text
    assert "tremaux" in stats and "path length" in stats
    assert "path of" in driver.find_element("id", "maze-message").text
    out = shoot(driver.find_element("id", "maze-demo"), "web-maze.png")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000


def test_permalink_reproduces_the_maze_and_controls_work(driver, server):
    open_page(driver, server, "?generator=backtracker&rows=9&cols=14&braid=0.25&seed=12345")
    state = driver.execute_script("return tremaux.maze.state()")
    assert state["params"] == {"generator": "backtracker", "rows": 9, "cols": 14, "braid": 0.25, "seed": 12345}
    picture = driver.execute_script("return document.getElementById('maze').toDataURL()")
    link = driver.find_element("id", "permalink").get_attribute("href")
    assert "seed=12345" in link
    for name, value in (("rows", "9"), ("cols", "14"), ("seed", "12345")):
        assert driver.find_element("id", name).get_attribute("value") == value
    # downloads name the same maze
    assert "seed=12345" in driver.find_element("id", "dl-png").get_attribute("href")
    assert "/api/maze.svg?" in driver.find_element("id", "dl-svg").get_attribute("href")
    # every registered generator and solver is offered
    gens = json.loads(driver.execute_script("return JSON.stringify([...document.getElementById('generator').options].map(o => o.value))"))
    from tremaux.generators import GENERATORS
    from tremaux.solvers import SOLVERS

    assert gens == GENERATORS.names()
    sols = json.loads(driver.execute_script("return JSON.stringify([...document.getElementById('solver').options].map(o => o.value))"))
    assert sols == SOLVERS.names()
    # opening the link again draws the very same maze
    driver.get(link)
    wait_for(driver, "window.tremaux && tremaux.maze.state().phase === 'ready'")
    assert driver.execute_script("return document.getElementById('maze').toDataURL()") == picture
    # step and play/pause: pick BFS, solve, pause, step once
    driver.execute_script("const s = document.getElementById('solver'); s.value = 'bfs'; s.dispatchEvent(new Event('change'));")
    driver.execute_script("const s = document.getElementById('speed'); s.value = 0; s.dispatchEvent(new Event('input'));")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'animating'")
    driver.execute_script("document.getElementById('speed').value = 0;")  # one event a second
    driver.find_element("id", "btn-play").click()  # pause
    paused = wait_for(driver, "tremaux.maze.state().phase === 'paused' && tremaux.maze.state()")
    driver.find_element("id", "btn-step").click()
    stepped = driver.execute_script("return tremaux.maze.state()")
    assert stepped["index"] == paused["index"] + 1
    driver.find_element("id", "btn-end").click()
    done = wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()")
    assert done["found"] and done["index"] == done["events"]


def test_a_bad_size_gets_the_servers_message(driver, server):
    open_page(driver, server, "?rows=6&cols=6&seed=1")
    rows = driver.find_element("id", "rows")
    driver.execute_script("arguments[0].value = 999; arguments[0].dispatchEvent(new Event('change'));", rows)
    msg = wait_for(driver, "document.querySelector('#maze-message.error') && document.getElementById('maze-message').textContent",
                   what="an error message")
    assert "rows" in msg and "150" in msg


def test_the_travelers_random_choice_is_seeded_from_the_page(driver, server):
    import urllib.request

    def api_path(params: dict, seed) -> list:
        body = {"maze": params, "solver": "tremaux", "record": False}
        if seed is not None:
            body["seed"] = seed
        req = urllib.request.Request(server + "/api/solve", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as res:
            return json.load(res)["solution"]["path"]

    def solve_on_page(seed_text: str) -> dict:
        box = driver.find_element("id", "walk-seed")
        driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'));", box, seed_text)
        driver.find_element("id", "btn-solve").click()
        wait_for(driver, "['animating', 'done'].includes(tremaux.maze.state().phase)", what="the run")
        driver.find_element("id", "btn-end").click()
        return wait_for(driver, "tremaux.maze.state().phase === 'done' && tremaux.maze.state()", what="the end of the run")

    open_page(driver, server, "?generator=backtracker&rows=12&cols=12&braid=0.5&seed=4&solver=tremaux")
    with urllib.request.urlopen(server + "/openapi.json", timeout=60) as res:
        takes_seed = "seed" in json.load(res)["components"]["schemas"]["SolveRequest"]["properties"]
    # the control is offered exactly when the server's solve request takes a seed
    wait_for(driver, f"document.getElementById('walk-label').hidden === {str(not takes_seed).lower()}",
             what="the random choice control to match the server")
    if not takes_seed:
        return
    params = driver.execute_script("return tremaux.maze.state().params")
    fixed = solve_on_page("")
    assert fixed["path"] == api_path(params, None)  # empty box: the order N, E, S, W
    paths = {}
    for seed in (5, 6, 7):
        done = solve_on_page(str(seed))
        assert done["found"] and done["path"] == api_path(params, seed)
        paths[seed] = done["path"]
    assert "walk=7" in driver.find_element("id", "permalink").get_attribute("href")
    # the downloads draw the run the page showed, random choices included
    for link in ("dl-png", "dl-svg"):
        assert "walk=7" in driver.find_element("id", link).get_attribute("href")
    assert any(p != fixed["path"] for p in paths.values()), "no seed changed the traveler's walk"
    # a bad seed is refused before sending
    box = driver.find_element("id", "walk-seed")
    driver.execute_script("arguments[0].value = '-1';", box)
    driver.find_element("id", "btn-solve").click()
    assert "seed" in wait_for(driver, "document.querySelector('#maze-message.error') && document.getElementById('maze-message').textContent")


def test_the_random_choice_is_offered_only_to_a_solver_that_takes_it(driver, server):
    # a seed typed for the traveler, then another solver: the seed was sent and the server refused the solve
    open_page(driver, server, "?rows=8&cols=8&seed=2&solver=tremaux&walk=5")
    wait_for(driver, "!document.getElementById('walk-label').hidden", what="the random choice control")
    driver.execute_script("const s = document.getElementById('solver'); s.value = 'bfs'; s.dispatchEvent(new Event('change'));")
    assert not driver.find_element("id", "walk-label").is_displayed()
    assert "walk=" not in driver.find_element("id", "permalink").get_attribute("href")
    driver.find_element("id", "btn-solve").click()
    done = wait_for(driver, "['animating', 'done', 'ready'].includes(tremaux.maze.state().phase) && tremaux.maze.state()",
                    what="the bfs run")
    assert "error" not in driver.find_element("id", "maze-message").get_attribute("class"), \
        driver.find_element("id", "maze-message").text
    assert done["found"] is True
    driver.execute_script("const s = document.getElementById('solver'); s.value = 'tremaux'; s.dispatchEvent(new Event('change'));")
    assert driver.find_element("id", "walk-label").is_displayed()
    assert driver.find_element("id", "walk-seed").get_attribute("value") == "5"


def test_a_link_naming_no_known_solver_gets_the_pages_defaults(driver, server):
    # an unknown name in a link (here one that every JS object has) chose the menu's first entry (bfs)
    open_page(driver, server, "?rows=6&cols=6&seed=2&solver=constructor&generator=__proto__")
    assert driver.find_element("id", "solver").get_attribute("value") == "tremaux"
    assert driver.execute_script("return tremaux.maze.state().params.generator") == "backtracker"
    assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")


def test_end_paints_a_replay_once_not_event_by_event(driver, server):
    # "end" on a large maze on another grid painted the stage event by event: 400,000 events froze a phone
    # for seconds; now the state is brought to the end and painted once (the answer's path on the stage)
    open_page(driver, server, "?grid=hex&rows=20&cols=20&seed=3&solver=tremaux")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'animating' && tremaux.maze.state().staged", what="the replay")
    driver.find_element("id", "btn-play").click()  # pause
    events = driver.execute_script("return tremaux.maze.state().events")
    assert events > 2 * 400
    # the stage is a canvas: the page counts the cells it paints on it (the whole stage counts each cell once)
    before = driver.execute_script("return tremaux.maze.state().painted")
    driver.find_element("id", "btn-end").click()
    wait_for(driver, "tremaux.maze.state().phase === 'done'", what="the end of the run")
    painted = driver.execute_script("return tremaux.maze.state().painted") - before
    assert painted <= 400, f"{painted} cells painted for {events} events (the whole stage once: 400)"


def test_changing_the_solver_while_a_solve_is_on_its_way_drops_its_answer(driver, server):
    open_page(driver, server, "?rows=8&cols=8&seed=2&solver=tremaux")
    hold_answers(driver, "/api/solve")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "window.tremaux_held === 1", what="the solve's answer to arrive and be held")
    driver.execute_script("const s = document.getElementById('solver'); s.value = 'bfs'; s.dispatchEvent(new Event('change'));")
    assert driver.execute_script("return tremaux.maze.state().phase") == "ready"
    watch_for_text(driver, "run-stats", "tremaux")
    release_answers(driver)
    # solve now runs bfs; the held answer, Tremaux's run, was never shown under "bfs"
    driver.find_element("id", "btn-solve").click()
    done = wait_for(driver, "['animating', 'done'].includes(tremaux.maze.state().phase) && tremaux.maze.state()",
                    what="the bfs run")
    assert "bfs" in driver.find_element("id", "run-stats").text and done["found"] is True
    assert driver.execute_script("return window.tremaux_seen['run-stats']") is False, "Tremaux's run was shown"
    # changing the solver during (or after) the replay: the message no longer speaks of the bfs run
    assert "bfs" in driver.find_element("id", "maze-message").text
    driver.execute_script("const s = document.getElementById('solver'); s.value = 'dfs'; s.dispatchEvent(new Event('change'));")
    assert driver.execute_script("return tremaux.maze.state().phase") == "ready"
    assert "bfs" not in driver.find_element("id", "maze-message").text


STALL_MAZES_BUT = """
// maze requests get no answer (a slow maze on a busy server), except those whose address holds arguments[0];
// each request's signal is kept in tremaux_stalled, to see whether the page gave it up
const pass = arguments[0];
if (!window.tremaux_fetch) window.tremaux_fetch = window.fetch;
window.tremaux_stalled = [];
window.fetch = (path, options) => {
  if (!String(path).includes("/api/maze") || String(path).includes(pass)) return window.tremaux_fetch(path, options);
  window.tremaux_stalled.push(options && options.signal || null);
  return new Promise(() => {});
};
"""


def test_a_setting_changed_while_a_maze_is_on_its_way_replaces_it(driver, server):
    """Settings changed while the maze of the first is on its way (a slow maze): each change gives the request
    on its way up (the server stops its work) and is sent at once; the page ends with the maze of the last one."""
    open_page(driver, server, "?rows=8&cols=8&seed=2")
    driver.execute_script(STALL_MAZES_BUT, "seed=4")
    try:
        for box, value in (("rows", "9"), ("cols", "11"), ("seed", "4")):
            driver.execute_script("const b = document.getElementById(arguments[0]); b.value = arguments[1];"
                                  "b.dispatchEvent(new Event('change'));", box, value)
        assert stalled_given_up(driver) == [True, True]
        done = wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed === 4 "
                        "&& tremaux.maze.state()", timeout=20, what="the maze of the last change")
        assert (done["params"]["rows"], done["params"]["cols"]) == (9, 11)
        assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")
        assert not driver.find_element("id", "btn-new").get_attribute("disabled")
    finally:
        unstall(driver)


def test_a_maze_given_up_for_a_newer_one_is_stopped_on_the_server(driver, browser_ready, monkeypatch):
    # end to end, with the server's one-expensive-job-per-visitor rule: a slow maze on its way, then a new
    # choice; the slow one is stopped on the server and the new one comes without a refusal
    import sys
    import time
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_web_fair import LiveServer

    from tremaux.web import ServerConfig

    with LiveServer(ServerConfig(workers=1, heavy_workers=1, time_limit=60, quick_limit=60)) as srv:
        sched = srv.app.state.scheduler
        real = sched.run

        async def heavy(job, payload, who):  # every maze is an expensive job; seed 2's holds the worker a minute
            if job == "maze" and payload.get("seed") == 2:
                return await sched.heavy.run("sleep", {"seconds": 60}, who)
            if job == "maze":
                return await sched.heavy.run(job, payload, who)
            return await real(job, payload, who)

        monkeypatch.setattr(sched, "run", heavy)
        open_page(driver, srv.url, "?rows=5&cols=5&seed=1")
        driver.execute_script("const b = document.getElementById('seed'); b.value = '2';"
                              "b.dispatchEvent(new Event('change'));")
        deadline = time.monotonic() + 10
        while sched.heavy.active == 0:
            assert time.monotonic() < deadline, "the slow maze did not start"
            time.sleep(0.05)
        driver.execute_script("const b = document.getElementById('seed'); b.value = '4';"
                              "b.dispatchEvent(new Event('change'));")
        wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed === 4",
                 timeout=20, what="the maze of the newer choice")
        assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")
        assert not sched.heavy.active and not sched.heavy.clients, sched.heavy.status()


def test_a_solve_given_up_for_a_newer_choice_is_cancelled(driver, server):
    # a second solve, another solver, or a new maze while a solve is on its way: the page gives that request
    # up (the server then stops its search) and shows nothing of it
    open_page(driver, server, "?rows=8&cols=8&seed=2&solver=tremaux")
    stall_answers(driver, "/api/solve")
    try:
        driver.find_element("id", "btn-solve").click()
        wait_for(driver, "window.tremaux_stalled.length === 1", what="the solve to be on its way")
        driver.execute_script("const s = document.getElementById('solver'); s.value = 'bfs';"
                              "s.dispatchEvent(new Event('change'));")
        assert stalled_given_up(driver) == [True]
        driver.find_element("id", "btn-solve").click()
        wait_for(driver, "window.tremaux_stalled.length === 2", what="the second solve")
        driver.find_element("id", "btn-new").click()  # a new maze: the solve on its way is for the old one
        wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed !== 2",
                 what="the new maze")
        assert stalled_given_up(driver) == [True, True]
        assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")
    finally:
        unstall(driver)
    driver.find_element("id", "btn-solve").click()
    done = wait_for(driver, "['animating', 'done'].includes(tremaux.maze.state().phase) && tremaux.maze.state()",
                    what="the bfs run")
    assert done["found"] is True


def test_an_answer_that_is_not_json_is_said_in_one_line_not_a_hung_spinner(driver, server):
    # a proxy in the way may answer with a page of its own: the message says so and the page carries on
    open_page(driver, server, "?rows=8&cols=8&seed=2")
    driver.execute_script("""
        if (!window.tremaux_fetch) window.tremaux_fetch = window.fetch;
        window.fetch = (path, options) => String(path).includes('/api/solve')
          ? Promise.resolve(new Response('<html>gateway</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }))
          : window.tremaux_fetch(path, options);""")
    try:
        driver.find_element("id", "btn-solve").click()
        text = wait_for(driver, "document.querySelector('#maze-message.error') && "
                                "document.getElementById('maze-message').textContent", timeout=10, what="the message")
        assert text == "the server's answer to /api/solve is not JSON"
        assert driver.execute_script("return tremaux.maze.state().phase") == "ready"
        assert not driver.find_element("id", "btn-solve").get_attribute("disabled")
    finally:
        driver.execute_script("window.fetch = window.tremaux_fetch;")


@pytest.mark.parametrize(
    "query",
    ["?rows=6&cols=9&seed=5&braid=0.35",
     "?grid=polar&rings=6&seed=5&generator=prim",
     "?grid=hex&shape=hexagon&radius=4&weave=true&generator=kruskal&seed=5",
     "?grid=square&wrap=torus&generator=kruskal&rows=5&cols=5&seed=5"],
)
def test_every_address_the_page_builds_is_read_by_the_server(driver, server, query):
    # the server reads values strictly (a whole number in digits, true or false, each parameter once):
    # the pictures' addresses, the maze and the solve the page sends all pass
    open_page(driver, server, query)
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "['animating', 'done'].includes(tremaux.maze.state().phase)", what="the solve")
    fetch = ("return Promise.all(['dl-png', 'dl-svg', 'permalink'].map((id) => fetch(document.getElementById(id).href)"
             ".then((r) => r.status + ' ' + r.url)))")
    answers = driver.execute_script(fetch)
    assert all(a.startswith("200 ") for a in answers), answers
    assert "error" not in driver.find_element("id", "maze-message").get_attribute("class")


def test_a_link_with_values_out_of_range_is_corrected_and_drawn(driver, server):
    open_page(driver, server, "?rows=0&cols=999&braid=7&seed=4")
    state = driver.execute_script("return tremaux.maze.state()")
    assert state["params"]["rows"] == 1 and state["params"]["cols"] == 150 and state["params"]["braid"] == 1
    said = driver.find_element("id", "maze-message").text
    assert "rows 0 is out of range (1 to 150): using 1" in said and "cols 999" in said and "braid" in said, said
    assert "maze" in said and driver.find_element("id", "rows").get_attribute("value") == "1"
    open_page(driver, server, "?grid=polar&rings=99999&seed=2")
    state = driver.execute_script("return tremaux.maze.state()")
    top = int(driver.find_element("id", "rings").get_attribute("max"))
    assert state["grid"] == "polar" and state["params"]["rings"] == top
    assert f"rings 99999 is out of range (1 to {top}): using {top}" in driver.find_element("id", "maze-message").text


SAME_ENDS = """
// the page's next maze comes with its goal moved onto its start (a maze of one cell has them there)
if (!window.tremaux_fetch) window.tremaux_fetch = window.fetch;
window.fetch = async (path, options) => {
  const res = await window.tremaux_fetch(path, options);
  if (!String(path).startsWith('/api/maze?')) return res;
  const out = await res.json();
  out.goal = out.start;
  return new Response(JSON.stringify(out), { status: res.status, headers: res.headers });
};
"""


def test_a_cell_that_is_both_start_and_goal_shows_both_colours(driver, server, shoot):
    open_page(driver, server, "?rows=6&cols=6&seed=5")
    driver.execute_script(SAME_ENDS)
    try:
        driver.find_element("id", "btn-new").click()
        state = wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed !== 5 "
                                 "&& tremaux.maze.state()", what="the maze whose start is its goal")
    finally:
        unstall(driver)
    assert state["start"] == state["goal"]
    r, c = state["start"]
    geo = driver.execute_script("return tremaux.maze.geometry()")
    # sample a quarter of the cell in from its left and from its right side
    quarter = dict(geo, x0=geo["x0"] - geo["size"] / 4)
    left = driver.execute_script(PIXELS, "maze", [[r, c]], quarter)[0]
    quarter["x0"] = geo["x0"] + geo["size"] / 4
    right = driver.execute_script(PIXELS, "maze", [[r, c]], quarter)[0]
    palette = driver.execute_script("return tremaux.palette()")
    shoot(driver.find_element("id", "maze"), "maze-start-is-goal.png")
    assert left == hex_rgb(palette["start"]), "the start's half is not in the start's colour"
    assert right == hex_rgb(palette["goal"]), "the goal is not shown in the cell that is both ends"


def test_a_links_names_are_read_as_the_server_reads_them_and_others_are_said(driver, server):
    # the server forgives case, spaces and "_" for "-" in names: ?grid=HEX was a hex maze from the API and a
    # square one on the page
    query = "?grid=HEX&shape=Hexagon&radius=3&generator=KRUSKAL&solver=Wall_Left&seed=2"
    open_page(driver, server, query)
    state = driver.execute_script("return tremaux.maze.state()")
    assert state["grid"] == "hex" and state["params"]["shape"] == "hexagon" and state["params"]["generator"] == "kruskal"
    assert driver.find_element("id", "solver").get_attribute("value") == "wall-left"
    ask = "const q = new URLSearchParams(arguments[0]); q.delete('solver'); return fetch('/api/maze?' + q).then((r) => r.json())"
    api = driver.execute_script(ask, query)
    shown = driver.execute_script(ask, driver.execute_script("return location.search"))
    assert api["cells"] == shown["cells"] and api["grid"] == "hex"
    assert "The link" not in driver.find_element("id", "maze-message").text
    # a name the page cannot use is said, with what it uses instead, like a number out of range
    open_page(driver, server, "?grid=polar&wrap=torus&solver=nope&seed=2")
    said = driver.find_element("id", "maze-message").text
    assert 'wrap "torus" is not taken by the polar grid' in said, said
    assert 'solver "nope" is not one the page offers' in said and "using tremaux" in said, said
    assert driver.execute_script("return tremaux.maze.state().grid") == "polar"
    # and so is a switch that is not one, or one the grid does not take
    open_page(driver, server, "?wrap=torus&weave=true&seed=2")
    said = driver.find_element("id", "maze-message").text
    assert "weave is not taken by this grid as chosen: left off" in said, said
    open_page(driver, server, "?weave=yes&seed=2")
    assert 'weave "yes" is not true or false: left off' in driver.find_element("id", "maze-message").text


def test_the_keyboard_keeps_its_place_when_solve_or_end_is_turned_off(driver, server):
    # "solve" pressed with the keyboard is off while the server solves, and "end" once the replay is done:
    # the focus fell to the page's body, so Space or Enter did nothing and Tab started over
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(driver, server, "?rows=10&cols=10&seed=1&solver=tremaux")
    focused = "document.activeElement && document.activeElement.id"
    driver.execute_script("document.getElementById('btn-solve').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(driver, "tremaux.maze.state().phase === 'animating'", what="the replay")
    assert wait_for(driver, focused, timeout=5) == "btn-play"
    ActionChains(driver).send_keys(Keys.SPACE).perform()  # pause, from the keyboard
    assert driver.execute_script("return tremaux.maze.state().phase") == "paused"
    driver.execute_script("document.getElementById('btn-end').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(driver, "tremaux.maze.state().phase === 'done'", what="the end of the replay")
    assert wait_for(driver, focused, timeout=5) == "btn-solve"
    # a visitor who moved elsewhere meanwhile keeps the focus where they put it
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    driver.execute_script("document.getElementById('seed').focus()")
    wait_for(driver, "tremaux.maze.state().phase === 'animating'", what="the second replay")
    assert driver.execute_script(f"return {focused}") == "seed"


def test_a_link_longer_than_the_server_takes_opens_a_short_page_not_json(driver, server):
    driver.get(server + "/?rows=20&note=" + "x" * 40_000)
    text = driver.find_element("tag name", "body").text
    assert "Error 431" in text and "larger than" in text and not text.lstrip().startswith("{"), text[:300]
    driver.find_element("link text", "Open the page with its defaults").click()
    wait_for(driver, "window.tremaux && tremaux.maze.state().phase === 'ready'", what="the page at its defaults")


def test_a_links_value_given_twice_too_large_or_not_taken_is_said(driver, server):
    # each of these was used or dropped without a word; a 30-digit seed was "not a whole number"
    open_page(driver, server, "?rows=5&rows=9&cols=6&solver=bfs&walk=4&seed=" + "9" * 30)
    said = driver.find_element("id", "maze-message").text
    assert 'rows is given 2 times: using the first, "5"' in said, said
    assert "walk is not taken by the bfs solver: left out" in said, said
    assert "seed of 30 digits is out of range (0 to 9007199254740991): using 9007199254740991" in said, said
    assert driver.execute_script("return tremaux.maze.state().params.rows") == 5
    open_page(driver, server, "?rings=5&seed=2&generator=" + "x" * 5000)
    said = driver.find_element("id", "maze-message").text
    assert "rings is not taken by the square grid as chosen: left out" in said, said
    assert len(said) < 400, f"a long value is said whole: {len(said)} characters"
    # the traveler's random choice is taken on another grid too
    open_page(driver, server, "?grid=hex&rows=6&cols=6&solver=tremaux&walk=5&seed=2")
    said = driver.find_element("id", "maze-message").text
    assert "walk is not taken" not in said, said
    assert driver.find_element("id", "walk-seed").get_attribute("value") == "5"
    # the page's own link for a grid of rings (rows and cols kept for the next grid) opens without a note
    open_page(driver, server, "?grid=polar&rings=6&seed=2")
    open_page(driver, server, driver.execute_script("return location.search"))
    assert "The link" not in driver.find_element("id", "maze-message").text
