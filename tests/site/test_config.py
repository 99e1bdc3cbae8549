"""The site's configuration (tutorial/site/config.py): MUS_* variables, a secret key every worker shares, the
trusted hosts that the absolute links (hreflang) are built from, and proxy headers believed only when configured."""
from __future__ import annotations

import os
import stat

import pytest

from tutorial import create_app
from tutorial.site.config import SECRET_FILE, ConfigError, from_environment


def test_mus_variables_become_config_keys():
    config = from_environment({"MUS_DATABASE": "/srv/mus/tables.sqlite3", "MUS_SECRET_KEY": "k" * 40,
                               "MUS_TRUSTED_HOSTS": "mus.example, www.mus.example", "MUS_PROXY_FIX": "1",
                               "MUS_RATELIMIT_ENABLED": "off", "MUS_RATELIMIT_STORAGE_URI": "redis://cache:6379",
                               "MUS_DATABASE_SYNCHRONOUS": "normal"})
    assert config == {"DATABASE": "/srv/mus/tables.sqlite3", "SECRET_KEY": "k" * 40, "DATABASE_SYNCHRONOUS": "NORMAL",
                      "TRUSTED_HOSTS": ["mus.example", "www.mus.example"], "PROXY_FIX": 1,
                      "RATELIMIT_ENABLED": False, "RATELIMIT_STORAGE_URI": "redis://cache:6379"}
    assert from_environment({"MUS_PROXY_FIX": " ", "PATH": "/bin"}) == {}


@pytest.mark.parametrize("variable, value", [("MUS_PROXY_FIX", "two"), ("MUS_PROXY_FIX", "-1"),
                                             ("MUS_RATELIMIT_ENABLED", "maybe"), ("MUS_TRUSTED_HOSTS", ","),
                                             ("MUS_DATABASE_SYNCHRONOUS", "off")])
def test_a_malformed_variable_stops_the_start_naming_it(variable, value):
    with pytest.raises(ConfigError, match=variable):
        from_environment({variable: value})


def test_the_environment_configures_the_app(tmp_path, monkeypatch):
    database = tmp_path / "data" / "mus.sqlite3"
    monkeypatch.setenv("MUS_DATABASE", str(database))
    monkeypatch.setenv("MUS_SECRET_KEY", "from-the-environment")
    app = create_app()
    assert app.config["DATABASE"] == str(database) and app.secret_key == "from-the-environment"


def test_without_a_configured_key_every_app_on_one_database_shares_one_stored_key(tmp_path):
    database = str(tmp_path / "tables.sqlite3")
    first = create_app({"DATABASE": database})
    second = create_app({"DATABASE": database})  # another worker, or the next start
    assert first.secret_key == second.secret_key and len(first.secret_key) >= 32
    key_file = tmp_path / SECRET_FILE
    assert key_file.read_text().strip() == first.secret_key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(SECRET_FILE)] == [SECRET_FILE]
    other = create_app({"DATABASE": str(tmp_path / "elsewhere" / "tables.sqlite3")})
    assert other.secret_key != first.secret_key


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_key_that_cannot_be_kept_is_refused_clearly(tmp_path):
    folder = tmp_path / "readonly"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(ConfigError, match="MUS_SECRET_KEY"):
            create_app({"DATABASE": str(folder / "tables.sqlite3")})
    finally:
        folder.chmod(0o700)


def test_an_empty_key_file_is_refused_clearly(tmp_path):
    (tmp_path / SECRET_FILE).write_text("")
    with pytest.raises(ConfigError, match="MUS_SECRET_KEY"):
        create_app({"DATABASE": str(tmp_path / "tables.sqlite3")})


def alternate_links(parse_html, response) -> list[str]:
    return [link["href"] for link in parse_html(response.get_data(as_text=True)).find("link", rel="alternate")]


def test_a_host_header_outside_the_trusted_hosts_is_refused_and_never_reflected(client):
    response = client.get("/es/reglas", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "evil.example" not in response.get_data(as_text=True)


def test_the_alternate_language_links_use_the_trusted_host(tmp_path, parse_html):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "TRUSTED_HOSTS": ["mus.example"]})
    client = app.test_client()
    links = alternate_links(parse_html, client.get("/pt/regras", base_url="https://mus.example"))
    assert links and all(link.startswith("https://mus.example/") for link in links)
    assert "https://mus.example/ca/regles" in links
    assert client.get("/pt/regras", headers={"Host": "localhost"}).status_code == 400


def test_a_query_holding_url_fors_own_argument_names_is_carried_to_every_language_as_it_came(client, parse_html):
    """endpoint, _method, _external or _scheme in a page's query once reached url_for as its arguments: a 500 on
    every page (endpoint, _method) or language links with the host written twice (_external)."""
    query = "endpoint=x&_method=POST&_external=1&_scheme=ftp&a=1&a=2"
    for path in ("/es/reglas", "/en/check", "/eu/", "/pt/jogar"):
        response = client.get(f"{path}?{query}")
        assert response.status_code == 200, path
        links = alternate_links(parse_html, response)  # the five languages, then x-default (the bare home)
        assert all(link.startswith("http://localhost/") and link.count("http") == 1 for link in links), links
        assert sum(link.endswith(f"?{query}") for link in links) == 5, links


def test_by_default_the_site_answers_its_loopback_names_with_any_port(client):
    for host in ("localhost", "127.0.0.1:5000", "localhost:8000"):
        assert client.get("/es/", headers={"Host": host}).status_code == 200, host


def test_proxy_headers_are_ignored_unless_a_proxy_is_configured(tmp_path, parse_html):
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "mus.example", "X-Forwarded-For": "203.0.113.9"}
    plain = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite3")}).test_client()
    assert all(link.startswith("http://localhost/")
               for link in alternate_links(parse_html, plain.get("/es/", headers=forwarded)))
    proxied = create_app({"TESTING": True, "DATABASE": str(tmp_path / "b.sqlite3"), "PROXY_FIX": 1,
                          "TRUSTED_HOSTS": ["mus.example"]}).test_client()
    response = proxied.get("/es/", headers=forwarded)
    assert all(link.startswith("https://mus.example/") for link in alternate_links(parse_html, response))
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")  # the proxy spoke HTTPS


def test_the_streams_caps_and_the_read_deadlines_come_from_the_environment():
    config = from_environment({"MUS_STREAMS_PER_ADDRESS": "60", "MUS_STREAMS_PER_SEAT": "0",
                               "MUS_HEADER_TIMEOUT": "2.5", "MUS_BODY_TIMEOUT": "30"})
    assert config == {"STREAMS_PER_ADDRESS": 60, "STREAMS_PER_SEAT": 0, "HEADER_TIMEOUT": 2.5, "BODY_TIMEOUT": 30.0}
    for variable, value in (("MUS_HEADER_TIMEOUT", "0"), ("MUS_BODY_TIMEOUT", "soon"), ("MUS_STREAMS_PER_SEAT", "-2")):
        with pytest.raises(ConfigError, match=variable):
            from_environment({variable: value})
