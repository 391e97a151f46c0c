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
