"""Every JSON API (explain, tables, lessons) takes input the same way (tutorial/site/jsonapi.py): whole numbers are
JSON integers only, the body must be declared application/json and be JSON, nested or oversized bodies are 400 or
413, and every error under /api/ is JSON. Each hole a fuzzer found has its test here, and a fuzz test over all the
APIs asserts that nothing is ever a 5xx."""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

HANDS = [["12o", "12c", "11e", "11b"], ["12e", "12b", "10o", "10c"], ["1o", "1c", "7e", "4b"], ["5o", "6c", "7o", "4c"]]
REFUSED = {"result": "refused", "team": 0, "deje": 1}
# JSON spellings of a whole number that are not JSON integers (1e0 is the float 1.0), and a boolean.
NOT_WHOLE = ["0.0", "1.0", "1e0", "true"]


def post_json_text(client, path, text, lang="es"):
    return client.post(path, data=text, content_type="application/json", headers={"Accept-Language": lang})


def assert_json_error(response, status):
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]


@pytest.fixture
def table(client):
    response = client.post("/api/tables", json={"seed": 3})
    assert response.status_code == 201
    return response.get_json()


def api_posts(table) -> list[str]:
    """One address of each JSON API that takes a body."""
    return ["/api/explain", "/api/tables", f"/api/tables/{table['id']}/actions", "/api/lessons/grande/1"]


# ----- whole numbers -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("team", NOT_WHOLE)
def test_a_refused_bet_whose_team_is_not_a_json_integer_is_a_400(client, team):
    text = '{"hands": %s, "bets": {"grande": {"result": "refused", "team": %s, "deje": 1}}}' % (json.dumps(HANDS), team)
    assert_json_error(post_json_text(client, "/api/explain", text), 400)


@pytest.mark.parametrize("field, template", [
    ("deje", '{"hands": H, "bets": {"grande": {"result": "refused", "team": 0, "deje": N}}}'),
    ("total", '{"hands": H, "bets": {"grande": {"result": "accepted", "total": N}}}'),
    ("reyes", '{"hands": H, "reyes": N}'),
    ("mano", '{"hands": H, "mano": N}'),
    ("target", '{"hands": H, "target": N}'),
    ("scores", '{"hands": H, "scores": [N, 0]}'),
])
@pytest.mark.parametrize("number", NOT_WHOLE)
def test_every_number_the_explain_api_takes_must_be_a_json_integer(client, field, template, number):
    text = template.replace("H", json.dumps(HANDS)).replace("N", number)
    response = post_json_text(client, "/api/explain", text)
    assert_json_error(response, 400)
    assert field in response.get_json()["error"]


def test_the_same_bets_with_integers_are_explained(client):
    response = client.post("/api/explain", json={"hands": HANDS, "bets": {"grande": REFUSED}, "scores": [3, 0]})
    assert response.status_code == 200
    assert response.get_json()["dejes"][0]["team"] == 0


@pytest.mark.parametrize("text", ['{"seed": 1.0}', '{"seed": 0.0}', '{"seed": 1e0}', '{"seed": true}',
                                  '{"reyes": 8.0}', '{"reyes": 4e0}', '{"reyes": true}',
                                  '{"target": 40.0}', '{"target": 3e1}', '{"target": true}'])
def test_every_number_a_new_table_takes_must_be_a_json_integer(client, text):
    assert_json_error(post_json_text(client, "/api/tables", text), 400)


@pytest.mark.parametrize("template", [
    '{"action": {"type": "mus"}, "version": N}',
    '{"action": {"type": "envido", "amount": N}, "version": V}',
])
@pytest.mark.parametrize("number", ["1.0", "2.0", "2e0", "true"])
def test_every_number_a_table_action_takes_must_be_a_json_integer(client, table, template, number):
    text = template.replace("N", number).replace("V", str(table["version"]))
    assert_json_error(post_json_text(client, f"/api/tables/{table['id']}/actions", text), 400)
    assert client.get(f"/api/tables/{table['id']}").get_json()["version"] == table["version"]


@pytest.mark.parametrize("path, text", [
    ("/api/lessons/grande/1", '{"answer": {"seat": 2.0}}'), ("/api/lessons/grande/1", '{"answer": {"seat": true}}'),
    ("/api/lessons/recuento/1", '{"answer": {"totals": [1.0, 0]}}'),
    ("/api/lessons/envites/4", '{"answer": {"action": {"type": "paso"}}, "done": 0.0}'),
])
def test_every_number_a_lesson_answer_takes_must_be_a_json_integer(client, path, text):
    assert_json_error(post_json_text(client, path, text), 400)


# ----- the body itself -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [1000, 30_000])
def test_deeply_nested_json_is_a_400_on_every_api(client, table, depth):
    for path in api_posts(table):
        response = post_json_text(client, path, "[" * depth + "]" * depth, lang="ca")
        assert_json_error(response, 400)
        assert response.get_json()["error"] == "El cos no és JSON vàlid."


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                          None])
def test_a_json_body_not_declared_as_application_json_is_a_415_on_every_api(client, table, content_type):
    for path in api_posts(table):
        body = {"hands": HANDS} if path == "/api/explain" else {"seed": 1}
        response = client.post(path, data=json.dumps(body), content_type=content_type,
                               headers={"Accept-Language": "pt"})
        assert_json_error(response, 415)
        assert response.get_json()["error"] == ("Envie o corpo em JSON, com o cabeçalho Content-Type: "
                                                "application/json.")
    assert client.get(f"/api/tables/{table['id']}").get_json()["version"] == table["version"]


def test_a_chunked_body_over_the_limit_is_a_413_not_a_400(client, table):
    body = b'{"hands": "' + b"x" * 1_200_000 + b'"}'
    for path in api_posts(table):
        # As gunicorn and Werkzeug's server pass a chunked body: no Content-Length, the input marked terminated.
        response = client.post(path, input_stream=io.BytesIO(body), environ_overrides={"wsgi.input_terminated": True},
                               headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"})
        assert_json_error(response, 413)


def test_a_chunked_body_under_the_limit_is_read_whole(client):
    body = json.dumps({"hands": HANDS}).encode()
    response = client.post("/api/explain", input_stream=io.BytesIO(body),
                           environ_overrides={"wsgi.input_terminated": True},
                           headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"})
    assert response.status_code == 200 and "lances" in response.get_json()


@pytest.mark.parametrize("method, path", [("GET", "/api/tables//{id}"), ("GET", "/api/tables/{id}/"),
                                          ("POST", "/api//explain"), ("POST", "/api/tables//{id}//actions")])
def test_an_api_address_with_a_doubled_or_trailing_slash_is_a_json_404_not_an_html_redirect(client, table, method,
                                                                                            path):
    response = client.open(path.format(id=table["id"]), method=method, json={"hands": HANDS})
    assert_json_error(response, 404)
    assert "Location" not in response.headers


def test_errors_under_api_are_json_for_every_status_the_app_gives(client, table):
    answers = {
        405: client.get("/api/explain"),
        404: client.get("/api/tables/" + "x" * 30),
        415: client.post("/api/explain", data="{}", content_type="text/plain"),
        413: client.post("/api/explain", data=b"[" * 70_000, content_type="application/json"),
        409: client.post(f"/api/tables/{table['id']}/actions", json={"action": {"type": "mus"}, "version": 99}),
        400: client.get("/api/tables/x", headers={"Host": "evil.example"}),
    }
    for status, response in answers.items():
        assert_json_error(response, status)


# ----- fuzzing -------------------------------------------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 50) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=5) | st.sampled_from(["12o", "1b", "mus", "envido", "es", "refused"]),
                    lambda children: st.lists(children, max_size=4) | st.dictionaries(
                        st.sampled_from(["hands", "bets", "team", "total", "deje", "action", "type", "amount",
                                         "version", "seed", "answer", "seat", "done", "lang", "x"]),
                        children, max_size=4), max_leaves=16)
NUMBER = st.sampled_from([0, 1, 2, 0.0, 1.0, 1e0, 2.5, True, False, -1, 10 ** 20, None, "1"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 3), body=JSON | st.fixed_dictionaries({}, optional={
    "hands": st.just(HANDS), "bets": st.dictionaries(st.sampled_from(["grande", "pares"]), st.fixed_dictionaries(
        {"result": st.sampled_from(["refused", "accepted", "ordago_refused"])},
        optional={"team": NUMBER, "total": NUMBER, "deje": NUMBER})),
    "scores": st.lists(NUMBER, max_size=3), "mano": NUMBER, "target": NUMBER, "reyes": NUMBER, "seed": NUMBER,
    "version": NUMBER, "action": st.fixed_dictionaries({"type": st.sampled_from(["envido", "mus", "paso"])},
                                                     optional={"amount": NUMBER}),
    "answer": st.fixed_dictionaries({}, optional={"seat": NUMBER, "totals": st.lists(NUMBER, max_size=2)}),
    "done": NUMBER}))
@example(which=0, body={"hands": HANDS, "bets": {"grande": {"result": "refused", "team": 1.0, "deje": 1}}})
@example(which=3, body={"answer": {"seat": 2.0}, "done": 0.0})
def test_no_json_body_sent_to_any_api_gives_a_server_error(client, table, which, body):
    path = api_posts(table)[which]
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code < 500, (path, body, response.get_data(as_text=True)[:300])
    assert response.mimetype == "application/json"


def test_a_body_shorter_than_its_content_length_is_refused_and_acts_on_nothing(client, table):
    """gunicorn marks its input as ended (wsgi.input_terminated) and hands on whatever came before the client closed
    or the body's deadline passed: "{}" of a promised 40 bytes once created a table (201)."""
    for path in api_posts(table):
        response = client.post(path, data=b"{}", content_type="application/json",
                               headers={"Accept-Language": "es"},
                               environ_overrides={"CONTENT_LENGTH": "40", "wsgi.input_terminated": True})
        assert_json_error(response, 400)
        assert response.get_json()["error"].startswith("El cuerpo de la petición llegó incompleto"), path
    assert client.get(f"/api/tables/{table['id']}").get_json()["version"] == table["version"]
