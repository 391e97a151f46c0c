"""The API's documentation pages in a browser: everything they load comes from the server itself."""

from __future__ import annotations

import pytest
from pagekit import wait_for

pytestmark = pytest.mark.browser

READY = {
    "/docs": "document.querySelectorAll('.opblock').length > 5",
    "/redoc": "document.body.textContent.includes('API docs by Redocly') && "
              "document.body.textContent.includes('Get Limits')",
}


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_api_docs_load_nothing_from_another_server(driver, server, shoot, page):
    driver.get(server + page)
    wait_for(driver, READY[page], what=f"{page} to render the API")
    # every resource the page fetched, once it has drawn the API (ReDoc asked cdn.redoc.ly for its logo)
    fetched = wait_for(driver, "performance.getEntriesByType('resource').map((e) => e.name)")
    elsewhere = [u for u in fetched if not u.startswith((server + "/", "data:", "blob:"))]
    assert elsewhere == [], f"{page} fetched {elsewhere}"
    shoot(driver.find_element("tag name", "body"), f"api{page.replace('/', '-')}.png")


def test_try_it_out_sends_a_body_the_server_accepts_for_every_post(driver, server):
    """The API page fills each request body from the schema's examples: executed as filled, each one is answered.

    One page load; each POST is opened, put in "Try it out", executed and closed again once answered (the page
    draws every open operation again at each change: left open, they made each step slower than the last).
    Only conditions are waited on, each in one script of the page."""
    driver.get(server + "/docs")
    wait_for(driver, READY["/docs"], what="/docs to render the API")
    posts = "[...document.querySelectorAll('.opblock-post')]"
    names = driver.execute_script(f"return {posts}.map((b) => b.querySelector('.opblock-summary-path').textContent)")
    assert len(names) >= 5
    for k, name in enumerate(names):
        here = f"{posts}[{k}]"
        toggle = (f"({here}.querySelector('.opblock-summary-control') || "
                  f"{here}.querySelector('.opblock-summary')).click()")
        driver.execute_script(toggle)
        wait_for(driver, f"{here}.querySelector('.try-out__btn')", what=f"{name}'s Try it out")
        driver.execute_script(f"{here}.querySelector('.try-out__btn').click()")
        wait_for(driver, f"{here}.querySelector('.execute')", what=f"{name}'s Execute")
        sent = driver.execute_script(f"const t = {here}.querySelector('textarea.body-param__text'); return t && t.value")
        driver.execute_script(f"{here}.querySelector('.execute').click()")
        status = wait_for(driver, f"({here}.querySelector('.live-responses-table tbody .response-col_status') "
                                  "|| {}).textContent", what=f"{name}'s answer")
        assert status.strip() == "200", f"POST {name} as the API page fills it in ({sent}) is answered {status}"
        driver.execute_script(toggle)
        wait_for(driver, f"!{here}.querySelector('.execute')", what=f"{name} closed")
