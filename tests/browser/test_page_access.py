"""What a screen reader and a weak eye get of the page: each control's name, the text's contrast.

The names are the ones Chromium's accessibility tree gives (WebDriver's
computed label); the contrast is WCAG's ratio of each text's colour to the
background it is drawn on, at least 4.5 for ordinary text (3 for large).
"""

from __future__ import annotations

import pytest
from pagekit import broken_at_width, open_page, wait_for

pytestmark = pytest.mark.browser

CONTRAST = r"""
const rgb = (c) => c.match(/[\d.]+/g).map(Number);
const lum = (c) => { const [r, g, b] = rgb(c).slice(0, 3).map((v) => { v /= 255;
  return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const under = (el) => { for (; el; el = el.parentElement) { const c = getComputedStyle(el).backgroundColor, v = rgb(c);
  if (v.length < 4 || v[3] > 0.5) return c; } return 'rgb(255, 255, 255)'; };
const low = [];
for (const el of document.querySelectorAll('body *')) {
  if (!el.getClientRects().length || el.disabled) continue;
  if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
  const s = getComputedStyle(el), a = lum(s.color), b = lum(under(el));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const size = parseFloat(s.fontSize), large = size >= 24 || (parseInt(s.fontWeight) >= 700 && size >= 18.66);
  if (ratio < (large ? 3 : 4.5)) low.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}": ` +
                                          `${s.color} on ${under(el)}, ${ratio.toFixed(2)}`);
}
return low;
"""

# a message of each kind the page says (the colours of the stylesheet's .message classes), shown under the board
SAMPLES = """
for (const kind of ['error', 'ok', 'warn', '']) {
  const p = document.createElement('p'); p.className = 'message sample ' + kind; p.textContent = 'a message: ' + kind;
  document.getElementById('nl-message').after(p);
}
"""


def test_every_control_has_a_name_of_its_own(driver, server):
    open_page(driver, server, "?rows=6&cols=9&seed=2")
    driver.execute_script("const s = document.getElementById('nl-preset'); s.value = 'custom';"
                          "s.dispatchEvent(new Event('change'));")
    names = {}
    for el in driver.find_elements("css selector", "input, select, button, canvas, [tabindex]"):
        if el.is_displayed():
            names[el.get_attribute("id")] = el.accessible_name.strip()
    assert not [i for i, name in names.items() if not name], f"controls without a name: {names}"
    # a size box is named by what it holds, not by its label's whole text (with the other box's value)
    for box in ("rows", "cols", "nl-rows", "nl-cols"):
        assert not any(ch.isdigit() for ch in names[box]), (box, names[box])
    assert names["rows"] != names["cols"] and names["nl-rows"] != names["nl-cols"]


def test_all_text_is_readable_against_its_background(driver, server):
    open_page(driver, server, "?rows=6&cols=9&seed=2")
    driver.execute_script(SAMPLES)
    try:
        low = driver.execute_script(CONTRAST)
    finally:
        driver.execute_script("document.querySelectorAll('.sample').forEach((p) => p.remove())")
    assert not low, "text below WCAG AA contrast:\n" + "\n".join(low)


def test_dark_mode_darkens_the_page_and_keeps_its_text_readable(driver, server):
    # a system in dark mode got the light page; now the page goes dark (the pictures stay on white paper)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        open_page(driver, server, "?rows=6&cols=9&seed=2")
        driver.execute_script("document.getElementById('btn-solve').click()")
        wait_for(driver, "tremaux.maze.state().phase !== 'ready'", what="the solve")
        driver.execute_script(SAMPLES)
        page, button, box = driver.execute_script(
            "const lum = (el) => { const [r, g, b] = getComputedStyle(el).backgroundColor.match(/[\\d.]+/g).map(Number);"
            "  return (r + g + b) / 765; };"
            "return [lum(document.documentElement), lum(document.getElementById('btn-new')), lum(document.getElementById('seed'))]")
        assert page < 0.15 and button < 0.25 and box < 0.25, (page, button, box)
        low = driver.execute_script(CONTRAST)
        assert not low, "text below WCAG AA contrast in dark mode:\n" + "\n".join(low)
        paper = driver.execute_script("return getComputedStyle(document.getElementById('maze')).backgroundColor")
        assert paper == "rgb(255, 255, 255)"
    finally:
        driver.execute_script("document.querySelectorAll('.sample').forEach((p) => p.remove())")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


TARGETS = """
return [...document.querySelectorAll('button, select, input, canvas[tabindex]')]
  .filter((el) => el.getClientRects().length)
  .map((el) => { const r = el.getBoundingClientRect(); return [el.id, Math.round(r.width), Math.round(r.height)]; })
  .filter(([, w, h]) => w < 24 || h < 24);
"""


def test_every_control_on_a_phone_is_a_target_a_finger_hits(driver, server):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 360, "height": 640, "deviceScaleFactor": 2, "mobile": True})
    try:
        open_page(driver, server, "?rows=6&cols=9&seed=2")
        driver.execute_script("const s = document.getElementById('nl-preset'); s.value = 'custom';"
                              "s.dispatchEvent(new Event('change'));")
        small = driver.execute_script(TARGETS)
        assert not small, f"controls under 24 x 24 CSS px on a phone (id, width, height): {small}"
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 360
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_board_says_its_selected_cell_to_a_screen_reader(driver, server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(driver, server, "?rows=6&cols=9&seed=2")
    driver.execute_script("const s = document.getElementById('nl-preset'); s.value = '8x8';"
                          "s.dispatchEvent(new Event('change')); document.getElementById('nl-clear').click();"
                          "document.getElementById('nl-board').focus();")
    board = driver.find_element("id", "nl-board")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_DOWN).perform()
    # the board's description (a live region) names the cell the arrows reached, then the number typed
    where = driver.find_element("id", board.get_attribute("aria-describedby"))
    assert where.get_attribute("aria-live") == "polite"
    assert where.get_attribute("textContent") == "row 2, column 3 of 8 × 8: empty"
    ActionChains(driver).send_keys("7").perform()
    assert where.get_attribute("textContent") == "row 2, column 3 of 8 × 8: 7"
    # read, not shown: no room taken on the page
    assert where.size["width"] <= 1 and where.size["height"] <= 1


def test_a_sliders_reading_stays_whole_on_the_narrowest_phone(driver, server):
    # 280 px: a folding phone's outer screen; "100 events/s" broke after "100", under the slider
    broken, page_width = broken_at_width(driver, server, 280, "output")
    assert broken == [], f"broken across lines: {broken}"
    assert page_width <= 280


def test_the_speed_slider_is_read_as_its_speed_not_its_step(driver, server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(driver, server, "?rows=6&cols=9&seed=2")
    speed = driver.find_element("id", "speed")
    for keys, said in (((Keys.HOME,), "1 event/s"), ((Keys.ARROW_RIGHT,) * 6, "100 events/s")):
        driver.execute_script("arguments[0].focus()", speed)
        ActionChains(driver).send_keys(*keys).perform()
        assert driver.find_element("id", "speed-out").text == said
        assert speed.get_attribute("aria-valuetext") == said  # what a screen reader says of the slider


RATIO = """
const rgb = (c) => { const ctx = document.createElement('canvas').getContext('2d'); ctx.fillStyle = c;
  ctx.fillRect(0, 0, 1, 1); return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)); };
const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255;
  return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
return Array.from({length: 60}, (_, i) => i + 1).map((k) => {
  const a = lum(tremaux.numberlink.colour(k)), b = lum(tremaux.numberlink.ink(tremaux.numberlink.colour(k)));
  return [k, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
});
"""

INK = """
// the pixels of the number's disc at cell (r, c): how many are white, how many the dark ink
const [r, c] = arguments, geo = tremaux.numberlink.geometry(), canvas = document.getElementById('nl-board');
const ratio = canvas.width / canvas.getBoundingClientRect().width;
const x = (geo.x0 + (c + 0.5) * geo.size) * ratio, y = (geo.y0 + (r + 0.5) * geo.size) * ratio, d = geo.size * 0.25 * ratio;
const data = canvas.getContext('2d').getImageData(x - d, y - d, 2 * d, 2 * d).data;
let white = 0, dark = 0;
for (let k = 0; k < data.length; k += 4) {
  if (data[k] > 240 && data[k + 1] > 240 && data[k + 2] > 240) white++;
  if (data[k] < 60 && data[k + 1] < 60 && data[k + 2] < 60) dark++;
}
return [white, dark];
"""


def test_the_numbers_on_the_board_stand_out_from_their_discs(driver, server):
    from test_page_paste import paste

    open_page(driver, server, "?rows=6&cols=9&seed=2")
    # the yellow-green 9 was written white (2:1): it is written dark
    paste(driver, "nl-board", "9 0 0\n0 0 0\n0 0 9\n")
    wait_for(driver, "tremaux.numberlink.state().rows === 3", what="the pasted puzzle")
    white, dark = driver.execute_script(INK, 0, 0)
    assert dark > 10 and white == 0, (white, dark)
    # and every number's ink stands out from its colour
    low = [(k, round(r, 2)) for k, r in driver.execute_script(RATIO) if r < 4.5]
    assert not low, f"numbers whose ink is under 4.5:1 on their colour: {low}"
