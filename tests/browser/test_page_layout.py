"""The web page on a phone and on a laptop: nothing cut off, the key under the picture, taps work.

Each test sets the viewport with Chromium's device emulation (400 x 800 a
phone, with touch; 1280 x 800 a laptop), loads the page and reads the layout
back: every canvas lies inside the viewport's width, the document does not
scroll sideways, and the maze's colour key sits under the maze. Screenshots
of both widths are saved (see ``shoot``) for a look.
"""

from __future__ import annotations

import pytest
from pagekit import broken_at_width, open_page, wait_for

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (400, 800, True), "laptop": (1280, 800, False)}

LAYOUT = """
const box = (id) => { const r = document.getElementById(id).getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY}; };
return {width: window.innerWidth, height: window.innerHeight,
        scrollWidth: document.documentElement.scrollWidth,
        maze: box('maze'), board: box('nl-board'), legend: box('legend'),
        entry: box('nl-entry'), controls: box('maze-controls'),
        canvases: [...document.querySelectorAll('canvas')].map((c) => {
          const r = c.getBoundingClientRect(); return {id: c.id, left: r.left, right: r.right}; })};
"""


@pytest.fixture
def viewport(driver):
    """``viewport(name)`` emulates that device; the emulation is cleared afterwards."""

    def use(name: str) -> None:
        width, height, mobile = VIEWPORTS[name]
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})

    yield use
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_nothing_is_cut_off_and_the_key_is_under_the_maze(driver, server, viewport, shoot, name):
    viewport(name)
    open_page(driver, server, "?rows=20&cols=20&seed=7")
    driver.find_element("id", "nl-preset")  # the board is drawn at start-up (8 x 8)
    layout = driver.execute_script(LAYOUT)
    width, height = VIEWPORTS[name][:2]
    assert layout["width"] == width
    assert layout["scrollWidth"] <= width, f"the page scrolls sideways: {layout['scrollWidth']} px wide"
    for part in ("maze", "board", "legend", "entry", "controls"):
        assert 0 <= layout[part]["left"] and layout[part]["right"] <= width, (part, layout[part])
    assert len(layout["canvases"]) >= 2
    for canvas in layout["canvases"]:
        assert 0 <= canvas["left"] and canvas["right"] <= width, canvas
    # the maze is as wide as the page allows (never wider), the key right under it
    assert layout["maze"]["right"] - layout["maze"]["left"] >= min(width - 60, 300)
    assert layout["maze"]["bottom"] <= layout["legend"]["top"] <= layout["maze"]["bottom"] + 30
    if name == "laptop":
        # with the page at its top, the whole picture and its key show without scrolling
        assert layout["legend"]["bottom"] <= height, layout
    # a 30 x 30 Number Link board fits too
    driver.find_element("id", "nl-preset")
    driver.execute_script("const s = document.getElementById('nl-preset'); s.value = 'custom'; s.dispatchEvent(new Event('change'));")
    for box, value in (("nl-rows", "30"), ("nl-cols", "30")):
        driver.execute_script("arguments[0].value = arguments[1];", driver.find_element("id", box), value)
    driver.find_element("id", "nl-resize").click()
    wait_for(driver, "tremaux.numberlink.state().cols === 30", what="the 30 x 30 board")
    board = driver.execute_script(LAYOUT)["board"]
    assert 0 <= board["left"] and board["right"] <= width, board
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    # and so does the largest maze the server makes
    side = driver.execute_script("return Number(document.getElementById('rows').max)")
    open_page(driver, server, f"?rows={side}&cols={side}&seed=7")
    big = driver.execute_script(LAYOUT)
    assert big["scrollWidth"] <= width and 0 <= big["maze"]["left"] and big["maze"]["right"] <= width, big["maze"]
    open_page(driver, server, "?rows=20&cols=20&seed=7")
    driver.execute_script("window.scrollTo(0, 0)")
    shot = shoot(driver.find_element("tag name", "body"), f"page-{name}.png")
    assert shot.stat().st_size > 5_000


def tap(driver, element, x: float, y: float) -> None:
    """A finger's tap at ``(x, y)`` from the top-left corner of ``element`` (in the viewport)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return {x: r.left, y: r.top};", element)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    actions.pointer_action.move_to_location(int(rect["x"] + x), int(rect["y"] + y)).pointer_down().pause(0.05).pointer_up()
    actions.perform()


def test_taps_on_the_board_select_cells_and_the_number_box_fills_them(driver, server, viewport, shoot):
    viewport("phone")
    open_page(driver, server, "?rows=6&cols=6&seed=1")
    board = driver.find_element("id", "nl-board")
    driver.execute_script("arguments[0].scrollIntoView()", board)
    geo = driver.execute_script("return tremaux.numberlink.geometry()")
    for (r, c), value in (((2, 5), "4"), ((7, 0), "12")):
        tap(driver, board, geo["x0"] + (c + 0.5) * geo["size"], geo["y0"] + (r + 0.5) * geo["size"])
        wait_for(driver, f"JSON.stringify(tremaux.numberlink.state().sel) === '[{r},{c}]'", what=f"cell ({r}, {c}) selected")
        # the tap put the caret in the number box (a phone shows its keypad)
        assert driver.execute_script("return document.activeElement.id") == "nl-entry"
        driver.switch_to.active_element.send_keys(value)
        wait_for(driver, f"tremaux.numberlink.state().grid[{r}][{c}] === {int(value)}", what=f"{value} in cell ({r}, {c})")
    grid = driver.execute_script("return tremaux.numberlink.state().grid")
    assert sum(v != 0 for row in grid for v in row) == 2
    assert shoot(driver.find_element("id", "numberlink"), "page-phone-numberlink.png").stat().st_size > 5_000


def test_an_emptied_size_box_is_refused_before_sending(driver, server):
    open_page(driver, server, "?rows=6&cols=7&seed=3")
    before = driver.execute_script("return tremaux.maze.state().params")
    driver.execute_script("performance.clearResourceTimings()")
    for text, words in (("", "rows is empty"), ("4.5", "not a whole number"), ("0", "out of range")):
        rows = driver.find_element("id", "rows")
        driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'));", rows, text)
        msg = wait_for(driver, "document.querySelector('#maze-message.error') && document.getElementById('maze-message').textContent",
                       what="the form's message")
        assert words in msg and "rows" in msg
        assert "invalid" in rows.get_attribute("class")
    seed = driver.find_element("id", "seed")
    driver.execute_script("arguments[0].value = '6'; document.getElementById('rows').value = '6';"
                          "arguments[0].value = '-5'; arguments[0].dispatchEvent(new Event('change'));", seed)
    assert "seed" in wait_for(driver, "document.getElementById('maze-message').textContent.includes('seed') && "
                                      "document.getElementById('maze-message').textContent")
    # what a number box holds after a stray letter ("1e") reads as empty: it is refused all the same
    driver.execute_script("arguments[0].value = ''; document.getElementById('maze-message').textContent = '';", seed)
    seed.send_keys("1e")
    seed.send_keys("\t")
    assert "not a number" in wait_for(driver, "document.getElementById('maze-message').textContent")
    sent = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/api/'))")
    assert sent == [], f"the page sent {sent}"
    assert driver.execute_script("return tremaux.maze.state().params") == before
    # a good value is sent again
    driver.execute_script("const b = document.getElementById('seed'); b.value = '5'; b.dispatchEvent(new Event('change'));")
    wait_for(driver, "tremaux.maze.state().phase === 'ready' && tremaux.maze.state().params.seed === 5", what="the maze of seed 5")
    assert "invalid" not in driver.find_element("id", "rows").get_attribute("class")


def test_a_permalink_number_too_large_to_hold_is_not_sent(driver, server):
    # 10^400 reads as Infinity: the page corrects it to the largest size it offers (as any value out of range)
    # instead of asking the server for rows=Infinity
    open_page(driver, server, "?rows=" + "9" * 400 + "&cols=7&seed=3")
    state = driver.execute_script("return tremaux.maze.state()")
    largest = int(driver.find_element("id", "rows").get_attribute("max"))
    assert state["params"]["rows"] == largest and state["params"]["cols"] == 7


def test_a_number_over_999_in_the_cell_box_is_called_too_large(driver, server):
    open_page(driver, server, "?rows=5&cols=5&seed=1")
    driver.execute_script("const b = document.getElementById('nl-entry'); b.value = '1234';"
                          "b.dispatchEvent(new Event('input'));")
    text = driver.find_element("id", "nl-message").text
    assert text == "1234 is too large: numbers go from 1 to 999 (clear the box to empty the cell)"


def test_a_replay_on_another_grid_fits_its_key_and_message_on_a_laptop(driver, server, viewport):
    # the replay shows the square maze's key (two lines here), not the picture's one-line key: the picture
    # was fitted to the short one and the message under the key fell below the window
    viewport("laptop")
    open_page(driver, server, "?grid=hex&rows=20&cols=20&seed=3&solver=tremaux")
    driver.execute_script("window.scrollTo(0, 0)")
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'animating' && tremaux.maze.state().staged", what="the replay")
    bottoms = driver.execute_script("return ['maze-svg', 'legend', 'maze-message'].map((id) => "
                                    "document.getElementById(id).getBoundingClientRect().bottom)")
    assert max(bottoms) <= VIEWPORTS["laptop"][1], bottoms
    assert driver.find_element("id", "legend").is_displayed()


def test_a_number_out_of_range_is_said_as_typed_and_a_bad_random_choice_at_once(driver, server):
    # a seed of 23 digits was said as "seed 1.2345678901234568e+22", one past 2**53 as its rounded neighbour
    open_page(driver, server, "?rows=6&cols=6&seed=3&solver=tremaux")
    for typed in ("12345678901234567890123", "9007199254740993"):
        driver.execute_script("const b = document.getElementById('seed'); b.value = arguments[0];"
                              "b.dispatchEvent(new Event('change'));", typed)
        said = wait_for(driver, "document.querySelector('#maze-message.error') && "
                                "document.getElementById('maze-message').textContent", what="the seed's message")
        assert f"seed {typed} is out of range" in said, said
    # the random choice's seed is said wrong when it is typed, not only once solve is pressed
    wait_for(driver, "!document.getElementById('walk-label').hidden", what="the random choice's box")
    driver.execute_script("document.getElementById('maze-message').textContent = '';"
                          "const b = document.getElementById('walk-seed'); b.value = '-4';"
                          "b.dispatchEvent(new Event('change'));")
    said = driver.find_element("id", "maze-message").text
    assert "random choice's seed -4 is out of range: use 0 to" in said, said


ENDS_ON_CANVAS = """
// how many pixels of the start's and the goal's colour lie within 6 CSS px of each end's centre
const [st, geo, pal] = arguments, ctx = document.getElementById('maze').getContext('2d');
const rgb = (h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
return ['start', 'goal'].map((key) => {
  const [r, c] = st[key], want = rgb(pal[key]);
  const x = Math.round((geo.x0 + (c + 0.5) * geo.size) * geo.ratio), y = Math.round((geo.y0 + (r + 0.5) * geo.size) * geo.ratio);
  const d = Math.round(6 * geo.ratio), data = ctx.getImageData(x - d, y - d, 2 * d + 1, 2 * d + 1).data;
  let n = 0;
  for (let k = 0; k < data.length; k += 4) if (want.every((v, j) => Math.abs(data[k + j] - v) <= 8)) n++;
  return n / (geo.ratio * geo.ratio);
});
"""

ENDS_IN_SVG = """
const svg = document.querySelector('#maze-svg svg');
return [...svg.querySelectorAll(':scope > circle')].map((c) => c.getBoundingClientRect().width);
"""


def test_start_and_goal_stay_visible_on_a_phone_whatever_the_cell_size(driver, server, viewport, shoot):
    viewport("phone")
    open_page(driver, server, "?rows=150&cols=150&braid=0&seed=4")
    geo = driver.execute_script("return tremaux.maze.geometry()")
    assert geo["size"] <= 3, geo  # cells of 2 px: an end the size of its cell is a dot
    state = driver.execute_script("return tremaux.maze.state()")
    areas = driver.execute_script(ENDS_ON_CANVAS, state, geo, driver.execute_script("return tremaux.palette()"))
    shoot(driver.find_element("id", "maze"), "maze-150-phone.png")
    assert all(a >= 36 for a in areas), f"start and goal cover {areas} CSS px^2 (a 6 x 6 marker at least)"
    # the replay paints over the cells around the ends: the markers stay
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "tremaux.maze.state().phase === 'animating' && tremaux.maze.state().index > 20", what="the replay")
    driver.find_element("id", "btn-play").click()  # pause, the cells around the start painted event by event
    areas = driver.execute_script(ENDS_ON_CANVAS, state, geo, driver.execute_script("return tremaux.palette()"))
    assert all(a >= 36 for a in areas), f"after the replay start and goal cover {areas} CSS px^2"
    # another grid, drawn as the server's picture: its end dots are at least as wide
    open_page(driver, server, "?grid=hex&rows=120&cols=120&braid=0&seed=4")
    wait_for(driver, "tremaux.maze.state().grid === 'hex' && document.querySelector('#maze-svg svg')", what="the hex maze")
    widths = driver.execute_script(ENDS_IN_SVG)
    shoot(driver.find_element("id", "maze-svg"), "maze-hex-120-phone.png")
    assert len(widths) == 2 and all(w >= 6 for w in widths), widths


def _dense_numbers(side: int) -> list[list[int]]:
    """Every other cell of every other row numbered, pairs along each row: numbers past 100 on 30 x 30."""
    grid = [[0] * side for _ in range(side)]
    n = 0
    for r in range(0, side, 2):
        for k, c in enumerate(range(0, side - 2, 2)):
            if k % 2 == 0:
                n += 1
            grid[r][c] = n
    return grid


def _load_board(driver, server: str, grid: list[list[int]], path) -> None:
    """Load ``grid`` into the Number Link board through the page's file box (written by the server's format)."""
    import json
    import urllib.request

    rows, cols = len(grid), len(grid[0])
    req = urllib.request.Request(server + "/api/numberlink/format", method="POST",
                                 data=json.dumps({"rows": rows, "cols": cols, "grid": grid}).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as res:
        path.write_text(json.load(res)["text"])
    driver.find_element("id", "nl-load").send_keys(str(path))
    wait_for(driver, f"tremaux.numberlink.state().rows === {rows} && tremaux.numberlink.state().cols === {cols} && "
                     f"JSON.stringify(tremaux.numberlink.state().grid) === '{json.dumps(grid, separators=(',', ':'))}'",
             what=f"the {rows} x {cols} puzzle")


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_three_digit_numbers_on_a_30_by_30_board_stay_readable(driver, server, viewport, shoot, name, tmp_path):
    viewport(name)
    open_page(driver, server)
    grid = _dense_numbers(30)
    # two three-digit numbers side by side, with no free cell between them
    grid[29][0], grid[29][1], grid[27][0], grid[27][1] = 120, 121, 120, 121
    _load_board(driver, server, grid, tmp_path / "dense.txt")
    state = driver.execute_script("return tremaux.numberlink.state()")
    geo = driver.execute_script("return tremaux.numberlink.geometry()")
    # the font the numbers were last drawn in, as the board's canvas has it
    drawn = driver.execute_script("return document.getElementById('nl-board').getContext('2d').font")
    px = float(drawn.split("px")[0].split()[-1])
    assert px >= 10, f"numbers drawn in {drawn!r} on cells of {geo['size']} px"
    labels = state["labels"]
    shoot(driver.find_element("id", "nl-board"), f"numberlink-30-{name}.png")
    assert len(labels) == sum(v > 0 for row in grid for v in row)
    assert min(lab["font"] for lab in labels) >= 10, (geo["size"], min(lab["font"] for lab in labels))
    wide = [lab for lab in labels if len(lab["text"]) == 3]
    assert wide, "no three-digit number on the board"
    # a label is shown at 3/4 of its natural width at least: 10 px digits are not squeezed to slivers
    assert all(lab["right"] - lab["left"] >= 0.75 * 0.5 * 10 * 3 for lab in wide)
    # labels never meet: neither across a free cell nor side by side (there the row has room for both)
    by_cell = {(lab["r"], lab["c"]): lab for lab in labels}
    for (r, c), lab in by_cell.items():
        for other in (by_cell.get((r, c + 1)), by_cell.get((r, c + 2))):
            if other:
                assert lab["right"] <= other["left"], (lab, other)
    assert all(geo["x0"] <= lab["left"] and lab["right"] <= geo["x0"] + 30 * geo["size"] for lab in labels)


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_rows_crowded_with_three_digit_numbers_keep_their_labels_apart_and_on_the_board(
        driver, server, viewport, shoot, name, tmp_path):
    # a row of 30 three-digit numbers, and rows of runs of three with one free cell between runs: on a phone the
    # runs' labels spilled over the free cell into the next run's, and the full row's ran off the board
    viewport(name)
    open_page(driver, server)
    grid = [[0] * 30 for _ in range(30)]
    n = 100
    for c in range(0, 30, 2):
        grid[0][c] = grid[0][c + 1] = n
        n += 1
    for c in range(0, 28, 4):
        for k in range(3):
            grid[2][c + k] = grid[4][c + k] = n
            n += 1
    grid[8][10] = grid[8][20] = n  # a lone pair, with room around it
    _load_board(driver, server, grid, tmp_path / "crowded.txt")
    labels = driver.execute_script("return tremaux.numberlink.state().labels")
    geo = driver.execute_script("return tremaux.numberlink.geometry()")
    shoot(driver.find_element("id", "nl-board"), f"numberlink-crowded-{name}.png")
    assert len(labels) == sum(v > 0 for row in grid for v in row)
    by_row: dict[int, list] = {}
    for lab in labels:
        by_row.setdefault(lab["r"], []).append(lab)
    for row in by_row.values():
        row.sort(key=lambda lab: lab["left"])
        assert [lab["c"] for lab in row] == sorted(lab["c"] for lab in row)  # in the order of their cells
        for left, right in zip(row, row[1:]):
            assert left["right"] <= right["left"], (left, right)
    assert all(geo["x0"] <= lab["left"] and lab["right"] <= geo["x0"] + 30 * geo["size"] for lab in labels)
    # each label is drawn in a font of 7 px at least and kept at half its natural width at least (a bold digit
    # is about 0.55 of its font wide)
    assert min(lab["font"] for lab in labels) >= 7
    assert all(lab["right"] - lab["left"] >= 0.5 * 0.55 * lab["font"] * 3 for lab in labels), labels
    # where the row has room, the font stays the board's (10 px at least): lone numbers are not shrunk with the rest
    assert [lab["font"] >= 10 for lab in by_row[8]] == [True, True], by_row[8]


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_a_maze_of_a_few_large_cells_fits_its_column_walls_and_all(driver, server, viewport, name):
    # the cells were sized to the room less 8 px, but the walls grow with the cells (an eighth of one): a 2 x 2
    # maze's canvas came out 406 px wide in a phone's column of 366 px, and the page scrolled sideways
    viewport(name)
    width, height = VIEWPORTS[name][:2]
    for side in (2, 3, 5):
        open_page(driver, server, f"?rows={side}&cols={side}&seed=2")
        driver.execute_script("window.scrollTo(0, 0)")
        layout = driver.execute_script(LAYOUT)
        wide = layout["scrollWidth"]
        assert wide <= width, f"{side} x {side}: the page scrolls sideways ({wide} px)"
        assert 0 <= layout["maze"]["left"] and layout["maze"]["right"] <= width, (side, layout["maze"])
        # at most 600 px (and its border), as any maze
        assert layout["maze"]["right"] - layout["maze"]["left"] <= 600 + 2, (side, layout["maze"])
        if name == "laptop":
            assert layout["legend"]["bottom"] <= height, (side, layout["legend"])


def test_the_random_choices_error_goes_once_its_box_is_put_right(driver, server):
    # the message kept saying the seed "-1" was wrong after the box was corrected to 3
    open_page(driver, server, "?rows=6&cols=6&seed=3&solver=tremaux")
    wait_for(driver, "!document.getElementById('walk-label').hidden", what="the random choice's box")
    change = ("const b = document.getElementById('walk-seed'); b.value = arguments[0];"
              "b.dispatchEvent(new Event('change'));")
    driver.execute_script(change, "-1")
    assert "random choice's seed" in driver.find_element("id", "maze-message").text
    driver.execute_script(change, "3")
    said = driver.find_element("id", "maze-message")
    assert "random choice's seed" not in said.text and "error" not in said.get_attribute("class"), said.text
    assert "invalid" not in driver.find_element("id", "walk-seed").get_attribute("class")
    # a message of something else (here the rows box's) is left as it is
    driver.execute_script(change, "-1")
    driver.execute_script("const b = document.getElementById('rows'); b.value = '';"
                          "b.dispatchEvent(new Event('change'));")
    driver.execute_script(change, "4")
    assert "rows is empty" in driver.find_element("id", "maze-message").text


def test_no_link_or_button_breaks_across_lines_on_a_narrow_phone(driver, server):
    # on a 320 px phone "Number Link" in the header broke after "Number", its second word under the first link
    broken, page_width = broken_at_width(driver, server, 320, "nav a, .links a, button")
    assert broken == [], f"broken across lines: {broken}"
    assert page_width <= 320


def test_the_boxes_on_a_phone_take_the_caret_without_zooming_the_page(driver, server, viewport):
    # Safari on iOS zooms into a box whose text is under 16 px when it takes the caret: the number box takes it
    # at every tap on the board, and the size and seed boxes when typed in; their text was 14.4 px
    viewport("phone")
    open_page(driver, server, "?rows=8&cols=8&seed=1")
    small = driver.execute_script(
        "return [...document.querySelectorAll('input:not([type=range]):not([type=checkbox]):not([type=file]), select')]"
        ".map((e) => [e.id, parseFloat(getComputedStyle(e).fontSize)]).filter(([id, px]) => px < 16)")
    assert small == [], f"boxes with text under 16 px on a phone: {small}"
    assert driver.execute_script("return document.documentElement.scrollWidth") <= VIEWPORTS["phone"][0]
