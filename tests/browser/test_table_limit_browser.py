"""A table whose game holds its cap of moves (config MAX_TABLE_MOVES), in a real browser: the prompt says why no
move can be played and no action button is drawn."""
from __future__ import annotations

import pytest
from servers import running_app

from tutorial.measure.table import learner_action as first_action

CAP = 40
LIMIT_ES = "Esta partida ha llegado a su duración máxima; empieza una nueva."

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_app(tmp_path_factory, "table-limit-server", MAX_TABLE_MOVES=CAP) as url:
        yield url


def test_at_the_move_cap_the_table_page_says_why_and_offers_no_button(browser, server, console_errors,
                                                                      assert_axe_clean):
    context = browser.new_context(base_url=server, locale="es", extra_http_headers={"Accept-Language": "es"})
    try:
        page = context.new_page()
        page.on("pageerror", console_errors.record_page_error)
        view = page.request.post("/api/tables", data={"seed": 3}).json()
        for _ in range(CAP):
            if not view["legal_actions"]:
                break
            view = page.request.post(f"/api/tables/{view['id']}/actions",
                                     data={"action": first_action(view), "version": view["version"]}).json()
        assert view["limit"] == LIMIT_ES
        page.goto(f"/es/jugar?table={view['id']}&pace=0")
        page.wait_for_selector('#table[data-ready="true"]', timeout=20_000)
        assert page.text_content("#controls-prompt") == LIMIT_ES
        assert page.locator("#controls-buttons button").count() == 0
        assert_axe_clean(page)
    finally:
        context.close()
