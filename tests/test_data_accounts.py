"""Accounts on the Data page (issue 28): IMAP on a real Dovecot, CalDAV on a real Radicale, the password in a
real keyring backend (keyrings.alt's file keyring through the keyring package), never in the config, a
response, the page or the log; a wrong password, a closed port and a missing keyring are one line each, and
nothing is written then.
"""

from __future__ import annotations

import logging
import shutil
import threading
from pathlib import Path

import pytest
import requests

from queryweaver.config import DEMO_DIR, load_config
from queryweaver.web import create_app, launch_url, make_web_server
from queryweaver.web.auth import cookie_name
from queryweaver.web.history import RecentQuestions
from tests import caldav_server, imap_server
from tests.mail_fixtures import new_message

TOKEN = "accounts-token-0123456789abcdef"
AUTH = {"X-QueryWeaver-Token": TOKEN}
DOVECOT = imap_server.dovecot_binary()
needs_dovecot = pytest.mark.skipif(DOVECOT is None, reason="dovecot is not installed (apt-get install dovecot-imapd)")


@pytest.fixture
def served(tmp_path, caplog):
    """The app on a fresh home (no config yet), on a real server on 127.0.0.1; its log is captured."""
    home = tmp_path / "home"
    home.mkdir()
    config_path = home / ".config" / "queryweaver" / "config.toml"
    app = create_app(load_config(None), token=TOKEN, home=home, config_path=config_path, opener=lambda p: None,
                     recent=RecentQuestions(tmp_path / "recent.json"))
    app.config["QW_SSE_KEEPALIVE"] = 0.1
    server = make_web_server(app, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    caplog.set_level(logging.DEBUG)
    yield app, server.server_port, config_path
    server.shutdown()
    server.server_close()
    app.extensions["queryweaver"].close()


def api(port: int, method: str, path: str, **kwargs):
    return requests.request(method, f"http://127.0.0.1:{port}{path}", headers=AUTH, timeout=60, **kwargs)


def version(port: int) -> str:
    return api(port, "GET", "/api/data").json()["version"]


@pytest.fixture
def dovecot():
    if DOVECOT is None:
        pytest.skip("dovecot is not installed (apt-get install dovecot-imapd)")
    server = imap_server.Dovecot(DOVECOT)
    server.deliver(bytes(new_message("Priya Raman <priya@lab.example>", "Sensor calibration notes",
                                     "<calib-1@lab.example>", "The calibration notes are attached.",
                                     attachment=("calibration.pdf", b"%PDF-1.4 calibration"))))
    server.start()
    yield server
    server.close()


@pytest.fixture
def radicale():
    server = caldav_server.Radicale()
    server.load_ics(DEMO_DIR / "calendar.ics")
    server.start()
    yield server
    server.close()


def imap_form(server, password: str, **extra) -> dict:
    return {"type": "imap", "host": "127.0.0.1", "port": server.port, "security": "none",
            "user": imap_server.USER, "password": password, **extra}


def everything_said(port: int, config_path: Path, caplog) -> str:
    """Every place a password must never appear: the config (and its backup), the page, the API, the log."""
    page = requests.get(f"http://127.0.0.1:{port}/", cookies={cookie_name(f"127.0.0.1:{port}"): TOKEN}, timeout=10)
    backup = config_path.with_name(config_path.name + ".bak")
    return "\n".join([config_path.read_text() if config_path.exists() else "",
                      backup.read_text() if backup.exists() else "", page.text,
                      api(port, "GET", "/api/data").text, api(port, "GET", "/api/home").text, caplog.text])


@needs_dovecot
def test_an_imap_account_is_checked_against_dovecot_and_its_password_kept_in_the_keyring(
        served, dovecot, keyring_file, caplog):
    import keyring

    app, port, config_path = served
    wrong = api(port, "POST", "/api/data/accounts/add", json={"version": version(port),
                                                               **imap_form(dovecot, "not-the-password")})
    assert wrong.status_code == 400
    message = wrong.json()["error"]
    assert "the server refused the login" in message and "\n" not in message
    assert "not-the-password" not in wrong.text
    assert not config_path.exists()
    assert keyring.get_password("queryweaver-imap", f"{imap_server.USER}@127.0.0.1") is None

    closed = imap_server.free_port()
    gone = api(port, "POST", "/api/data/accounts/add", json={"version": version(port),
                                                              **imap_form(dovecot, imap_server.PASSWORD, port=closed)})
    assert gone.status_code == 400 and f"cannot connect to 127.0.0.1:{closed}" in gone.json()["error"]
    plain = api(port, "POST", "/api/data/accounts/add", json={"version": version(port), **imap_form(
        dovecot, imap_server.PASSWORD, host="imap.example.com")})
    assert plain.status_code == 400 and "unencrypted" in plain.json()["error"]
    assert not config_path.exists()

    added = api(port, "POST", "/api/data/accounts/add", json={"version": version(port),
                                                               **imap_form(dovecot, imap_server.PASSWORD, sync=True)})
    assert added.status_code == 200, added.text
    assert added.json()["checked"].startswith("logged in to 127.0.0.1; ")
    assert added.json()["keyring"] == "PlaintextKeyring"
    assert keyring.get_password("queryweaver-imap", f"{imap_server.USER}@127.0.0.1") == imap_server.PASSWORD
    text = config_path.read_text()
    assert 'type = "imap"' in text and f"port = {dovecot.port}" in text and "password" not in text
    again = api(port, "POST", "/api/data/accounts/add", json={"version": version(port),
                                                               **imap_form(dovecot, imap_server.PASSWORD)})
    assert again.status_code == 409 and "already a source" in again.json()["error"]

    # the connector reads the password from the keyring: index the account and ask about its mail
    assert api(port, "POST", "/api/data/index", json={}).status_code == 202
    events = api(port, "GET", "/api/data/index/events").text
    assert "event: index_done" in events and '"failed":0' in events
    source = api(port, "GET", "/api/data").json()["sources"][0]
    assert source["type"] == "imap" and source["state"] == "ok" and source["items"] >= 1
    assert imap_server.PASSWORD not in everything_said(port, config_path, caplog)

    removed = api(port, "POST", "/api/data/sources/remove", json={"version": version(port), "source": 0})
    assert removed.status_code == 200 and removed.json()["password_forgotten"] is True
    assert keyring.get_password("queryweaver-imap", f"{imap_server.USER}@127.0.0.1") is None


def test_a_caldav_account_is_checked_against_radicale(served, radicale, keyring_file, caplog):
    import keyring

    app, port, config_path = served
    form = {"type": "caldav", "url": radicale.url, "user": caldav_server.USER}
    wrong = api(port, "POST", "/api/data/accounts/add", json={"version": version(port), **form, "password": "nope"})
    assert wrong.status_code == 400 and "the server refused the login" in wrong.json()["error"]
    assert not config_path.exists()
    added = api(port, "POST", "/api/data/accounts/add", json={"version": version(port), **form,
                                                               "password": caldav_server.PASSWORD})
    assert added.status_code == 200, added.text
    assert added.json()["checked"] == "logged in; 1 calendar: Work"
    assert keyring.get_password("queryweaver-caldav", f"{caldav_server.USER}@{radicale.url}") == caldav_server.PASSWORD
    assert api(port, "POST", "/api/data/index", json={}).status_code == 202
    assert '"failed":0' in api(port, "GET", "/api/data/index/events").text
    source = api(port, "GET", "/api/data").json()["sources"][0]
    assert source["type"] == "caldav" and source["state"] == "ok" and source["items"] > 0
    assert caldav_server.PASSWORD not in everything_said(port, config_path, caplog)


def test_without_a_usable_keyring_nothing_is_sent_or_written(served, radicale, keyring_file):
    import keyring
    from keyring.backends import fail

    app, port, config_path = served
    keyring.set_keyring(fail.Keyring())
    refused = api(port, "POST", "/api/data/accounts/add", json={
        "version": version(port), "type": "caldav", "url": radicale.url, "user": caldav_server.USER,
        "password": caldav_server.PASSWORD})
    assert refused.status_code == 400
    assert refused.json()["error"].startswith("no system keyring is available here")
    assert not config_path.exists()


def test_a_config_that_cannot_be_written_keeps_no_password(served, radicale, keyring_file):
    import keyring

    app, port, config_path = served
    stale = version(port)
    config_path.parent.mkdir(parents=True)
    config_path.write_text("# written by an editor meanwhile\n")
    conflict = api(port, "POST", "/api/data/accounts/add", json={
        "version": stale, "type": "caldav", "url": radicale.url, "user": caldav_server.USER,
        "password": caldav_server.PASSWORD})
    assert conflict.status_code == 409 and "changed on disk" in conflict.json()["error"]
    assert keyring.get_password("queryweaver-caldav", f"{caldav_server.USER}@{radicale.url}") is None
    assert config_path.read_text() == "# written by an editor meanwhile\n"


def test_another_origin_cannot_add_an_account_or_start_a_sign_in(served, radicale, keyring_file):
    app, port, config_path = served
    jar = {cookie_name(f"127.0.0.1:{port}"): TOKEN}
    evil_headers = {"Origin": "http://127.0.0.1:9999", "Sec-Fetch-Site": "same-site"}
    for method, path, body in (("POST", "/api/data/google/client", {"client_json": "{}"}),
                               ("POST", "/api/data/google/start", {}), ("GET", "/api/data/google", None),
                               ("GET", "/api/data/google/status", None), ("POST", "/api/data/google/cancel", {})):
        got = requests.request(method, f"http://127.0.0.1:{port}{path}", json=body, cookies=jar, timeout=10,
                               headers=evil_headers)
        assert got.status_code == 403, path
        assert requests.request(method, f"http://127.0.0.1:{port}{path}", json=body, timeout=10).status_code == 403
    body = {"type": "caldav", "url": radicale.url, "user": caldav_server.USER, "password": caldav_server.PASSWORD}
    evil = requests.post(f"http://127.0.0.1:{port}/api/data/accounts/add", json=body, cookies=jar, timeout=10,
                         headers={"Origin": "http://127.0.0.1:9999", "Sec-Fetch-Site": "same-site"})
    assert evil.status_code == 403
    form = requests.post(f"http://127.0.0.1:{port}/api/data/accounts/add", data=body, cookies=jar, timeout=10,
                         headers={"Origin": f"http://127.0.0.1:{port}"})
    assert form.status_code == 415
    assert not config_path.exists()


# -- Google: the client file, the sign-in through the browser, the 127.0.0.1 callback and its state ---------------

@pytest.fixture
def google(tmp_path, monkeypatch):
    """The fake Google (OAuth consent page, token endpoint, Gmail and Calendar APIs) serving the demo's mail."""
    from tests.fake_google import FakeGoogle

    monkeypatch.setenv("OAUTHLIB_INSECURE_TRANSPORT", "1")  # oauthlib insists on https; the fake is plain http
    with FakeGoogle.from_files(DEMO_DIR / "mail.mbox", DEMO_DIR / "calendar.ics", account="alex@example.org",
                               tz="America/New_York") as fake:
        yield fake


@pytest.fixture
def served_google(tmp_path, google):
    from tests.fake_google import fake_google_registry

    home = tmp_path / "home"
    home.mkdir()
    config_path = home / ".config" / "queryweaver" / "config.toml"
    app = create_app(load_config(None), token=TOKEN, home=home, config_path=config_path, opener=lambda p: None,
                     recent=RecentQuestions(tmp_path / "recent.json"), data_dir=tmp_path / "data",
                     registry=fake_google_registry(google))
    server = make_web_server(app, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield app, server.server_port, config_path, tmp_path / "data"
    server.shutdown()
    server.server_close()
    app.extensions["queryweaver"].close()


def client_json(fake, kind: str = "installed") -> str:
    import json

    return json.dumps({kind: {"client_id": "1234-qw.apps.googleusercontent.com", "client_secret": "GOCSPX-shh-secret",
                              "auth_uri": fake.url + "auth", "token_uri": fake.token_uri,
                              "redirect_uris": ["http://localhost"]}})


def consent_links(url: str) -> dict[str, str]:
    """What the browser shows at Google: the consent page's Allow and Cancel links."""
    import html
    import re

    page = requests.get(url, timeout=10)
    assert page.status_code == 200
    return {name: html.unescape(href) for name, href in re.findall(r'id="(allow|cancel)" href="([^"]+)"', page.text)}


def test_google_sign_in_comes_back_to_this_server_checks_state_and_keeps_the_token_private(served_google, google):
    import json
    import os
    import stat
    from urllib.parse import parse_qs, urlsplit

    app, port, config_path, data_dir = served_google
    assert api(port, "POST", "/api/data/google/client", json={"client_json": "{not json"}).status_code == 400
    web = api(port, "POST", "/api/data/google/client", json={"client_json": client_json(google, "web")})
    assert web.status_code == 400 and "'Desktop app'" in web.json()["error"]
    assert api(port, "POST", "/api/data/google/start", json={}).json()["error"].startswith("upload the OAuth client")
    uploaded = api(port, "POST", "/api/data/google/client", json={"client_json": client_json(google)})
    assert uploaded.json() == {"client_id": "1234-qw.apps.googleusercontent.com"}
    assert stat.S_IMODE(os.stat(data_dir / "google-client.json").st_mode) == 0o600
    assert "GOCSPX" not in api(port, "GET", "/api/data/google").text

    # cancelled on Google's page: one line, nothing saved
    started = api(port, "POST", "/api/data/google/start", json={"gmail": True, "gcal": True}).json()
    asked = {k: v[0] for k, v in parse_qs(urlsplit(started["url"]).query).items()}
    assert started["url"].startswith(google.url + "auth?")
    assert asked["redirect_uri"] == f"http://127.0.0.1:{port}/oauth/google/callback"
    assert asked["code_challenge_method"] == "S256" and len(asked["state"]) >= 40
    assert set(asked["scope"].split()) == {"https://www.googleapis.com/auth/gmail.readonly",
                                           "https://www.googleapis.com/auth/calendar.readonly"}
    cancelled = requests.get(consent_links(started["url"])["cancel"], timeout=10)
    assert cancelled.status_code == 400 and "Google sign-in was cancelled (access_denied)" in cancelled.text
    assert api(port, "GET", "/api/data/google/status").json()["state"] == "failed"
    assert not (data_dir / "google-token.json").exists() and not config_path.exists()

    # a callback with another state (a page elsewhere replaying or forging it) is refused
    started = api(port, "POST", "/api/data/google/start", json={"gmail": True, "gcal": True}).json()
    allow = consent_links(started["url"])["allow"]
    forged = allow.replace("state=", "state=x")
    assert requests.get(forged, timeout=10).status_code == 400
    assert not (data_dir / "google-token.json").exists()

    done = requests.get(allow, timeout=10)
    assert done.status_code == 200 and "signed in to Google, read-only" in done.text
    token = data_dir / "google-token.json"
    assert stat.S_IMODE(os.stat(token).st_mode) == 0o600
    assert json.loads(token.read_text())["refresh_token"] == "refresh-1"
    assert google.counts["oauth2.token"] >= 1
    status = api(port, "GET", "/api/data/google/status").json()
    assert status["state"] == "done" and status["sources"] == [0, 1]
    text = config_path.read_text()
    assert 'type = "gmail"' in text and 'type = "gcal"' in text and f'token_file = "{token}"' in text
    assert requests.get(allow, timeout=10).status_code == 400  # the same callback again: used once
    for said in (done.text, api(port, "GET", "/api/data").text, api(port, "GET", "/api/data/google").text):
        assert "GOCSPX" not in said and "access-" not in said and "refresh-1" not in said

    # the sources read the new token: a Gmail question answered through the fake's API
    run = api(port, "POST", "/api/runs", json={"question": "Find the emails Jane Doe sent me"}).json()
    events = requests.get(f"http://127.0.0.1:{port}{run['events']}", headers=AUTH, timeout=60).text
    from queryweaver.web.sse import parse_sse

    result = [m for m in parse_sse(events) if m["event"] in ("result", "error")][-1]
    assert result["event"] == "result", result
    assert result["data"]["count"] >= 1 and google.counts["gmail.users.messages.list"] >= 1
