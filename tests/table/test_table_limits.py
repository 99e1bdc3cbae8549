"""A table's settings and its cap of moves: settings that change nothing write nothing (the version stays), and a
game that holds ``MAX_TABLE_MOVES`` moves offers no action and no hint, and says why in the request's language."""
from __future__ import annotations

import pytest

from tests.table.table_helpers import first_action
from tutorial.i18n.languages import LANGUAGES
from tutorial.store import tables as storage

CAP = 40
LIMIT = {"es": "Esta partida ha llegado a su duración máxima; empieza una nueva.",
         "en": "This game has reached its maximum length; start a new one."}


def settings(client, view, body):
    response = client.post(f"/api/tables/{view['id']}/settings", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def stored_version(app, table_id: str) -> int:
    with app.app_context():
        return storage.load(table_id).version


@pytest.mark.parametrize("body", [{}, {"lang": "pt"}, {"coach": True}, {"window": 4}, {"window": 4, "coach": True}])
def test_settings_that_change_nothing_keep_the_version(app, client, body):
    view = client.post("/api/tables", json={"senas": True, "window": 4, "seed": 5}).get_json()
    answer = settings(client, view, body)
    assert answer["version"] == view["version"] == stored_version(app, view["id"])
    assert answer["window"] == 4.0 and answer["coach"] is True


def test_a_setting_that_changes_bumps_the_version_once(app, client):
    view = client.post("/api/tables", json={"senas": True, "window": 4, "seed": 5}).get_json()
    off = settings(client, view, {"coach": False, "window": 4})
    assert off["version"] == view["version"] + 1 == stored_version(app, view["id"]) and off["coach"] is False
    again = settings(client, off, {"coach": False})
    assert again["version"] == off["version"]


def table_at_the_cap(app, client) -> dict:
    """A table played by its first legal action until its history holds ``CAP`` moves: the last view."""
    app.config["MAX_TABLE_MOVES"] = CAP
    view = client.post("/api/tables", json={"seed": 3}).get_json()
    for _ in range(CAP):
        if not view["legal_actions"]:
            return view
        response = client.post(f"/api/tables/{view['id']}/actions",
                               json={"action": first_action(view), "version": view["version"]})
        assert response.status_code == 200, response.get_json()
        view = response.get_json()
    raise AssertionError("the cap was never reached")


def test_at_the_move_cap_the_view_offers_no_action_and_says_why(app, client):
    view = table_at_the_cap(app, client)
    with app.app_context():
        assert storage.load(view["id"]).game.move_count == CAP, "the bots stop at the cap: the history is full"
    assert view["limit"] == LIMIT["es"] and view["legal_actions"] == [] and not view["match_over"]
    texts = {}
    for lang in LANGUAGES:
        again = client.get(f"/api/tables/{view['id']}?lang={lang}").get_json()
        assert again["legal_actions"] == [] and again["version"] == view["version"]
        texts[lang] = again["limit"]
    assert texts["en"] == LIMIT["en"] and len(set(texts.values())) == len(LANGUAGES)


def test_at_the_move_cap_an_action_and_a_hint_are_refused_with_the_reason(app, client):
    view = table_at_the_cap(app, client)
    refused = client.post(f"/api/tables/{view['id']}/actions",
                          json={"action": {"type": "paso"}, "version": view["version"], "lang": "en"})
    assert refused.status_code == 400 and refused.get_json() == {"error": LIMIT["en"]}
    hint = client.get(f"/api/tables/{view['id']}/hint?lang=es")
    assert hint.status_code == 409 and hint.get_json() == {"error": LIMIT["es"]}
    assert stored_version(app, view["id"]) == view["version"]


def test_below_the_cap_the_view_says_nothing_of_it(client):
    view = client.post("/api/tables", json={"seed": 3}).get_json()
    assert view["limit"] is None and view["legal_actions"]
