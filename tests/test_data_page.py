"""The Data page (issue 28): your own data from the browser.

The walk-through runs in real Chromium against the real server on 127.0.0.1, on a fresh home directory holding
a Thunderbird profile (an mbox account and a Maildir-like IMAP account folder), an Apple Mail V10 store and a
folder of files, with an IMAP account on a real Dovecot, a CalDAV account on a real Radicale and a Google
account on the fake Google (its consent page included), all on 127.0.0.1: detect and add the mail apps, add
the folder, add the accounts (a wrong password first), sign in to Google in a second tab, watch every progress
bar reach the end, say who you are, ask questions that join the sources (``tests/own_data.py``: each source
holds a story only it can tell), then append mail and add a file and see the next answer include them with no
command. The API tests (Flask's test client and the real server) cover the config round trip (comments and
order kept, a concurrent edit refused, a write killed half way), bad input, and other origins.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests

from queryweaver.config import DEMO_DIR, load_config
from queryweaver.config_file import ConfigConflict, ConfigFile, add_source
from queryweaver.web import create_app, launch_url, make_web_server
from queryweaver.web.auth import cookie_name
from queryweaver.web.history import RecentQuestions
from tests import app_stores, caldav_server, imap_server, own_data
from tests.mail_fixtures import append_to_mbox, new_message
from tests.conftest import serving

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("QW_SCREENSHOTS") or Path(__file__).resolve().parent / "artifacts")
TOKEN = "data-page-token-0123456789abcdef"
AUTH = {"X-QueryWeaver-Token": TOKEN}
SELF = {"alex@example.org"}
JANE = "Find the file folders that contain email attachments from Jane Doe."


@pytest.fixture
def home(tmp_path):
    """A fresh home: a Thunderbird profile holding the demo's mail, and Documents holding the demo's files."""
    home = tmp_path / "home"
    home.mkdir()
    app_stores.build_thunderbird(home, DEMO_DIR / "mail.mbox", SELF)
    shutil.copytree(DEMO_DIR / "files", home / "Documents")
    return home


@pytest.fixture
def served(home, tmp_path):
    """The app on the demo (no config yet), writing its config under the fresh home, on a real server."""
    config_path = home / ".config" / "queryweaver" / "config.toml"
    app = create_app(load_config(None), token=TOKEN, home=home, config_path=config_path, opener=lambda p: None,
                     recent=RecentQuestions(tmp_path / "recent.json"))
    with serving(app) as port:
        yield app, port, config_path


def api(port: int, method: str, path: str, **kwargs):
    return requests.request(method, f"http://127.0.0.1:{port}{path}", headers=AUTH, timeout=30, **kwargs)


# -- the walk-through in a real browser ---------------------------------------------------------------------

def _browser():
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Chromium at /usr/bin/chromium (apt-get install chromium)")
    return pytest.importorskip("playwright.sync_api", reason="browser tests need the playwright package")


@pytest.fixture
def world(home, tmp_path, keyring_file, monkeypatch):
    """Everything the walk-through connects: the home (Thunderbird, Apple Mail V10, Documents), a Dovecot, a
    Radicale and the fake Google, each holding its part of ``own_data``; the app on a real server."""
    from tests.fake_google import FakeGoogle, fake_google_registry

    dovecot_binary = imap_server.dovecot_binary()
    if dovecot_binary is None:
        pytest.skip("the walk-through needs dovecot (apt-get install dovecot-imapd)")
    app_stores.build_apple_mail(home, own_data.write_mbox(tmp_path / "apple.mbox", [own_data.PRIYA]), SELF)
    own_data.write_files(home / "Documents")
    dovecot = imap_server.Dovecot(dovecot_binary)
    dovecot.deliver(own_data.TOMAS)
    radicale = caldav_server.Radicale()
    (tmp_path / "harbor.ics").write_text(own_data.HARBOR_EVENT)
    radicale.load_ics(tmp_path / "harbor.ics")
    monkeypatch.setenv("OAUTHLIB_INSECURE_TRANSPORT", "1")  # oauthlib insists on https; the fake is plain http
    google_mbox, google_ics = own_data.google_files(tmp_path / "google")
    fake = FakeGoogle.from_files(google_mbox, google_ics, account="alex@example.org", tz="America/New_York")
    client = tmp_path / "client_secret_1234.json"
    client.write_text(json.dumps({"installed": {
        "client_id": "1234-qw.apps.googleusercontent.com", "client_secret": "GOCSPX-walkthrough",
        "auth_uri": "", "token_uri": "", "redirect_uris": ["http://localhost"]}}))
    dovecot.start()
    radicale.start()
    fake.start()
    try:
        data = json.loads(client.read_text())
        data["installed"].update(auth_uri=fake.url + "auth", token_uri=fake.token_uri)
        client.write_text(json.dumps(data))
        config_path = home / ".config" / "queryweaver" / "config.toml"
        app = create_app(load_config(None), token=TOKEN, home=home, config_path=config_path, opener=lambda p: None,
                         recent=RecentQuestions(tmp_path / "recent.json"), data_dir=tmp_path / "data",
                         registry=fake_google_registry(fake))
        app.config["QW_SSE_KEEPALIVE"] = 0.1
        server = make_web_server(app, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield {"app": app, "port": server.server_port, "config": config_path, "home": home, "dovecot": dovecot,
                   "radicale": radicale, "google": fake, "client": client, "data_dir": tmp_path / "data"}
        finally:
            server.shutdown()
            server.server_close()
            app.extensions["queryweaver"].close()
    finally:
        fake.stop()
        radicale.close()
        dovecot.close()


def test_a_new_user_connects_their_data_from_the_page_and_it_stays_fresh(world):
    sync_api = _browser()
    expect = sync_api.expect
    app, port, config_path, home = world["app"], world["port"], world["config"], world["home"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shots = []
    timings: dict[str, float] = {}

    def shot(page, name):
        page.mouse.move(0, 0)
        path = ARTIFACTS / f"data_{len(shots) + 1:02d}_{name}.png"
        page.screenshot(path=str(path), full_page=True)
        shots.append(path)

    def indexed(rows, started: float, what: str) -> None:
        """The job line says it finished and every row's bar reached its end."""
        expect(page.locator(".job-line")).to_contain_text("Indexing finished", timeout=120_000)
        timings[what] = time.monotonic() - started
        for i in range(rows.count()):
            expect(rows.nth(i)).to_have_attribute("data-state", re.compile("^(ok|live)$"))

    def ask(question: str) -> str:
        page.evaluate("document.getElementById('run-status').textContent = ''")  # so the wait is for this run
        page.fill("#question", question)
        page.click("#ask")
        expect(page.locator("#run-status")).to_have_text(re.compile("Answer:|Nothing matched|Error"), timeout=60_000)
        return page.locator(".answer").inner_text()

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda err: problems.append(str(err)))
        page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" and "409" not in msg.text
                and "400" not in msg.text else None)
        page.set_default_timeout(60_000)
        page.on("dialog", lambda dialog: dialog.accept())

        # First run, no config: the page says the demo is shown and leads to "Connect your data".
        page.goto(launch_url(app, port))
        expect(page.locator(".demo-note")).to_contain_text("demo data")
        shot(page, "first_run_demo")
        page.click(".connect-link")
        expect(page.locator("#data-view h1")).to_have_text("Your data")
        expect(page.locator(".empty-sources")).to_be_visible()
        expect(page.locator(".self-name")).to_have_value("")  # the demo's Alex Morgan is not this person
        expect(page.locator(".self-emails")).to_have_value("")
        shot(page, "data_page_empty")

        # Find the mail on this computer: Thunderbird's accounts and Apple Mail's V10 store (a Mac's layout, found
        # on any system), ticked; the older V9 store is listed, not offered. Add them, and they index.
        page.click("button.detect")
        found = page.locator(".found-list .found")
        expect(found.first).to_be_visible()
        expect(page.locator(".found-list")).to_contain_text("Thunderbird")
        apple = found.filter(has_text="Apple Mail, store V10")
        expect(apple).to_have_count(1)
        expect(apple.locator("input[type=checkbox]")).to_be_checked()
        expect(found.filter(has_text="Apple Mail, store V9").locator("input[type=checkbox]")).to_be_disabled()
        n_found = page.locator(".found-list input[type=checkbox]:checked").count()
        assert n_found >= 3
        shot(page, "detected")
        started = time.monotonic()
        page.click("button.add-found")
        rows = page.locator(".source-row")
        expect(rows).to_have_count(n_found)
        indexed(rows, started, "mail apps")
        for i in range(rows.count()):  # each bar reached its end, then the row shows what the index holds
            expect(rows.nth(i).locator(".index-text")).to_contain_text("done in")
            expect(rows.nth(i).locator("progress.index-bar")).to_have_js_property("position", 1)
            expect(rows.nth(i).locator(".source-facts")).to_contain_text(re.compile(r"\d item"))
        expect(rows.filter(has_text="Apple Mail")).to_have_count(1)
        shot(page, "mail_indexed")

        # A folder of files, picked through the folder browser rooted at the home folder.
        page.click("button.browse")
        expect(page.locator(".browser-path")).to_have_text(str(home))
        page.locator(".browser-list .entry.folder button", has_text="Documents/").click()
        expect(page.locator(".browser-path")).to_have_text(str(home / "Documents"))
        shot(page, "folder_browser")
        page.click("button.use-folder")
        expect(page.locator(".path-input")).to_have_value(str(home / "Documents"))
        page.select_option(".type-select", "files")
        started = time.monotonic()
        page.click("button.add")
        expect(rows).to_have_count(n_found + 1)
        indexed(rows, started, "Documents")

        # Bad input says what to do, in one line, and writes nothing.
        before = config_path.read_text()
        page.fill(".path-input", "~/no/such/inbox.mbox")
        page.select_option(".type-select", "auto")
        page.click("button.add")
        expect(page.locator(".add-error")).to_have_text("~/no/such/inbox.mbox does not exist; check the path (or "
                                                        "pick it with Browse)")
        page.fill(".path-input", str(home / "Documents" / "Projects"))
        page.select_option(".type-select", "mbox")
        page.click("button.add")
        expect(page.locator(".add-error")).to_contain_text("is not an mbox")
        shot(page, "bad_input")
        assert config_path.read_text() == before

        # An IMAP account on Dovecot: a wrong password is one line and writes nothing; the right one is checked,
        # kept in the keyring, and the account indexed.
        dovecot = world["dovecot"]
        imap = page.locator(".imap-form")
        imap.locator("input[name=host]").fill("127.0.0.1")
        imap.locator("input[name=port]").fill(str(dovecot.port))
        imap.locator("select[name=security]").select_option("none")
        imap.locator("input[name=user]").fill(imap_server.USER)
        imap.locator("input[name=password]").fill("not-the-password")
        imap.locator("input[name=sync]").check()
        imap.locator("button.add-imap").click()
        error = page.locator("#add-imap .account-error")
        expect(error).to_contain_text("the server refused the login")
        assert "\n" not in error.inner_text() and config_path.read_text() == before
        expect(imap.locator("input[name=password]")).to_have_value("")  # not left in the page
        shot(page, "imap_wrong_password")
        imap.locator("input[name=password]").fill(imap_server.PASSWORD)
        imap.locator("input[name=sync]").check()
        started = time.monotonic()
        imap.locator("button.add-imap").click()
        expect(rows).to_have_count(n_found + 2)
        indexed(rows, started, "IMAP")
        expect(rows.last).to_contain_text("IMAP account")
        expect(rows.last).to_have_attribute("data-state", "ok")

        # A CalDAV account on Radicale.
        radicale = world["radicale"]
        caldav = page.locator(".caldav-form")
        caldav.locator("input[name=url]").fill(radicale.url)
        caldav.locator("input[name=user]").fill(caldav_server.USER)
        caldav.locator("input[name=password]").fill(caldav_server.PASSWORD)
        started = time.monotonic()
        caldav.locator("button.add-caldav").click()
        expect(rows).to_have_count(n_found + 3)
        indexed(rows, started, "CalDAV")
        expect(rows.last).to_contain_text("CalDAV account")
        shot(page, "accounts_added")

        # Google: the OAuth client file, then the sign-in in a second tab on the fake Google's consent page,
        # which sends the browser back to this server's callback; Gmail and Calendar are added and indexed.
        page.set_input_files(".client-file", str(world["client"]))
        expect(page.locator(".google-status")).to_contain_text("OAuth client 1234-qw.apps.googleusercontent.com")
        page.locator("#add-google input[name=sync]").check()
        with context.expect_page() as opened:
            page.click("button.google-sign-in")
        google_tab = opened.value
        google_tab.wait_for_load_state()
        expect(google_tab.locator("#allow")).to_be_visible()
        assert google_tab.url.startswith(world["google"].url + "auth?")
        google_tab.screenshot(path=str(ARTIFACTS / f"data_{len(shots) + 1:02d}_google_consent.png"))
        shots.append(ARTIFACTS / f"data_{len(shots) + 1:02d}_google_consent.png")
        started = time.monotonic()
        google_tab.click("#allow")
        expect(google_tab.locator("h1")).to_have_text("Signed in to Google")
        shot(google_tab, "google_signed_in")
        google_tab.close()
        expect(rows).to_have_count(n_found + 5)
        indexed(rows, started, "Google")
        expect(rows.filter(has_text="Gmail")).to_have_count(1)
        expect(rows.filter(has_text="Gmail")).to_contain_text("your Google account, read-only")
        expect(rows.filter(has_text="Google Calendar")).to_have_count(1)
        token = world["data_dir"] / "google-token.json"
        assert token.exists() and oct(token.stat().st_mode & 0o777) == "0o600"

        # You: the name and the address the mail apps know.
        page.fill(".self-name", "Alex Morgan")
        page.fill(".self-emails", "alex@example.org")
        page.click("button.save-self")
        expect(page.locator(".toast").last).to_contain_text("Saved")
        shot(page, "sources_and_you")
        text = config_path.read_text()
        assert '[self]\nname = "Alex Morgan"' in text and text.count("[[sources]]") == n_found + 5
        for secret in (imap_server.PASSWORD, caldav_server.PASSWORD, "GOCSPX", "refresh-1"):
            assert secret not in text and secret not in page.content()

        # Ask across the sources on the user's own data: CalDAV (who was at the visit) + IMAP (what they sent) +
        # files (where it is kept); Google Calendar + Gmail + files; Apple Mail + files; Thunderbird + files.
        page.click(".back-link")
        said = ask(own_data.HARBOR_QUESTION)
        assert "Harbor" in page.locator(".answer-item").first.inner_text(), said
        expect(page.locator(".answer-headline")).to_have_text("1 folder")
        expect(page.locator(".freshness")).to_contain_text("Data as of")
        shot(page, "answer_across_caldav_imap_files")
        ask(own_data.ORCHARD_QUESTION)
        expect(page.locator(".answer-item").first).to_contain_text("Orchard")
        expect(page.locator(".answer-headline")).to_have_text("1 folder")
        ask(own_data.PRIYA_QUESTION)
        expect(page.locator(".answer-item").first).to_contain_text("Lab")
        ask(JANE)
        expect(page.locator(".answer-item").first).to_contain_text("Documents")
        shot(page, "answer_on_own_data")

        # New mail arrives and a file is saved; the next answer has them, with no command.
        inbox = next(p for p in app_stores_mboxes(home) if p.name == "Inbox")
        append_to_mbox(inbox, new_message("Zoë Quartermain <zq@example.net>", "Fresh numbers",
                                          "<zq-fresh@example.net>", attachment=("Fresh_numbers.pdf", b"%PDF-1.4")))
        (home / "Documents" / "Inbox-saves").mkdir()
        (home / "Documents" / "Inbox-saves" / "Fresh_numbers.pdf").write_bytes(b"%PDF-1.4")
        changed = time.monotonic()
        question = "Find the folders that contain email attachments from Zoë Quartermain"
        while True:
            ask(question)
            if page.locator(".answer-item").count() and "Inbox-saves" in page.locator(".answer").inner_text():
                break
            assert time.monotonic() - changed < 10, "new mail and a new file were not in an answer within 10 s"
            time.sleep(0.5)
        fresh_seconds = time.monotonic() - changed
        shot(page, "fresh_mail_answered")
        (ARTIFACTS / "data_freshness.txt").write_text(
            f"{fresh_seconds:.1f} s from the append to the answer\n"
            + "".join(f"indexing {what}: {seconds:.1f} s from the click to 'Indexing finished'\n"
                      for what, seconds in timings.items()))
        context.close()
        browser.close()
    assert problems == [], problems
    assert fresh_seconds < 10


def app_stores_mboxes(home: Path) -> list[Path]:
    return [p for p in home.rglob("*") if p.is_file() and not p.suffix and p.read_bytes()[:5] == b"From "]


# -- the API: state-changing requests, paths, secrets, other origins -----------------------------------------

def test_another_origin_cannot_add_a_source_read_the_config_or_start_an_index(served, home):
    app, port, config_path = served
    base = f"http://127.0.0.1:{port}"
    jar = {cookie_name(f"127.0.0.1:{port}"): TOKEN}
    evil = {"Origin": "http://127.0.0.1:9999", "Sec-Fetch-Site": "same-site"}
    add = {"type": "files", "path": str(home / "Documents")}
    for method, path, body in (("POST", "/api/data/sources/add", add), ("GET", "/api/data", None),
                               ("POST", "/api/data/index", {}), ("GET", "/api/data/browse", None)):
        response = requests.request(method, base + path, cookies=jar, headers=evil, json=body, timeout=10)
        assert response.status_code == 403, path
        assert TOKEN not in response.text and str(home) not in response.text
        assert requests.request(method, base + path, json=body, timeout=10).status_code == 403  # no token at all
    form = requests.post(base + "/api/data/sources/add", cookies=jar, headers={"Origin": base}, data=add, timeout=10)
    assert form.status_code == 415
    assert not config_path.exists()


def test_paths_are_resolved_and_checked(served, home, tmp_path):
    app, port, config_path = served
    version = api(port, "GET", "/api/data").json()["version"]
    outside = tmp_path / "elsewhere.mbox"
    shutil.copy(DEMO_DIR / "mail.mbox", outside)
    cases = {
        str(home / "nope.mbox"): (400, "does not exist"),
        str(home / ".." / "elsewhere.mbox"): (403, "is outside your home folder"),
        str(DEMO_DIR / "calendar.ics"): (403, "is outside your home folder"),
        str(home / "Documents"): (400, "is not mail or a calendar QueryWeaver reads"),
    }
    for path, (status, said) in cases.items():
        response = api(port, "POST", "/api/data/sources/add", json={"version": version, "type": "auto", "path": path})
        assert response.status_code == status and said in response.json()["error"], (path, response.json())
    assert not config_path.exists()
    browse = api(port, "GET", "/api/data/browse", params={"path": str(home / "..")})
    assert browse.status_code == 403 and "outside your home folder" in browse.json()["error"]
    ok = api(port, "POST", "/api/data/sources/add", json={"version": version, "type": "auto", "path": str(outside),
                                                          "outside_home": True})
    assert ok.status_code == 200 and ok.json()["added"] == {"type": "mbox", "path": str(outside)}
    again = api(port, "POST", "/api/data/sources/add", json={"version": api(port, "GET", "/api/data").json()["version"],
                                                             "path": str(outside), "outside_home": True})
    assert again.status_code == 409 and "already a source" in again.json()["error"]


def test_detect_finds_a_macs_apple_mail_in_a_home_folder_on_any_system(served, home, tmp_path):
    app, port, config_path = served
    backup = tmp_path / "mac-backup" / "Users" / "alex"
    app_stores.build_apple_mail(backup, DEMO_DIR / "mail.mbox", SELF)
    mine = api(port, "GET", "/api/data/detect").json()
    assert {f["app"] for f in mine["found"]} == {"Thunderbird"}
    outside = api(port, "GET", "/api/data/detect", params={"home": str(backup)})
    assert outside.status_code == 403 and "outside your home folder" in outside.json()["error"]
    found = api(port, "GET", "/api/data/detect", params={"home": str(backup), "outside": "1"}).json()
    stores = {f["name"]: f for f in found["found"] if f["app"] == "Apple Mail"}
    assert found["home"] == str(backup) and set(stores) == {"store V10", "store V9"}
    assert stores["store V10"]["offered"] and not stores["store V9"]["offered"]
    assert stores["store V10"]["path"] == str(backup / "Library" / "Mail" / "V10")
    added = api(port, "POST", "/api/data/sources/add", json={
        "version": api(port, "GET", "/api/data").json()["version"], "type": "emlx", "outside_home": True,
        "path": stores["store V10"]["path"], "exclude": stores["store V10"]["options"]["exclude"]})
    assert added.status_code == 200 and added.json()["added"]["type"] == "emlx"
    assert 'exclude = ["Junk.mbox", "Deleted Messages.mbox"]' in config_path.read_text()


def test_a_change_made_from_an_old_version_is_refused(served, home):
    app, port, config_path = served
    version = api(port, "GET", "/api/data").json()["version"]
    assert api(port, "POST", "/api/data/self", json={"version": version, "name": "Alex"}).status_code == 200
    stale = api(port, "POST", "/api/data/self", json={"version": version, "name": "Someone else"})
    assert stale.status_code == 409 and "changed on disk since this page read it" in stale.json()["error"]
    config_path.write_text(config_path.read_text() + "# edited in an editor\n")
    latest = api(port, "GET", "/api/data").json()
    assert latest["self"]["name"] == "Alex"
    assert api(port, "POST", "/api/data/self", json={"version": latest["version"], "name": "Alex Morgan",
                                                      "emails": "alex@example.org"}).status_code == 200
    assert "# edited in an editor" in config_path.read_text()


def test_model_settings_are_checked_and_no_key_is_taken(served):
    app, port, config_path = served
    version = api(port, "GET", "/api/data").json()["version"]
    bad = api(port, "POST", "/api/data/model", json={"version": version, "backend": "openai",
                                                      "base_url": "http://127.0.0.1:1234/v1", "api_key_env": "sk-12345-abc"})
    assert bad.status_code == 400 and "names an environment variable" in bad.json()["error"]
    ok = api(port, "POST", "/api/data/model", json={"version": version, "backend": "openai",
                                                     "base_url": "http://127.0.0.1:1234/v1", "model": "qwen3",
                                                     "api_key_env": "MY_LLM_KEY"})
    assert ok.status_code == 200
    assert api(port, "GET", "/api/data").json()["model"] == {"backend": "openai", "model": "qwen3",
                                                              "base_url": "http://127.0.0.1:1234/v1",
                                                              "api_key_env": "MY_LLM_KEY"}
    version = api(port, "GET", "/api/data").json()["version"]
    assert api(port, "POST", "/api/data/model", json={"version": version, "backend": "rules"}).status_code == 200
    assert 'backend = "rules"' in config_path.read_text() and "base_url" not in config_path.read_text()


def test_an_index_build_runs_in_the_background_and_survives_the_page_going_away(served, home):
    app, port, config_path = served
    version = api(port, "GET", "/api/data").json()["version"]
    added = api(port, "POST", "/api/data/sources/add", json={"version": version, "type": "files",
                                                              "path": str(home / "Documents")})
    assert added.status_code == 200
    started = api(port, "POST", "/api/data/index", json={})
    assert started.status_code == 202
    with requests.get(f"http://127.0.0.1:{port}/api/data/index/events", headers=AUTH, stream=True, timeout=30) as r:
        next(r.iter_lines())  # the page reads a little, then is reloaded
    events = api(port, "GET", "/api/data/index/events").text  # the reloaded page follows it from the start
    names = [line.split(": ", 1)[1] for line in events.splitlines() if line.startswith("event: ")]
    assert names[0] == "index_started" and names[-1] == "index_done"
    assert "index_progress" in names
    sources = api(port, "GET", "/api/data").json()["sources"]
    assert sources[0]["state"] == "ok" and sources[0]["items"] > 0 and sources[0]["as_of"]


# -- the config file: round trip, conflicts, a write killed half way -------------------------------------------

ORIGINAL = """# my QueryWeaver config
[self]
name = "Alex Morgan"   # as my mail says it
emails = ["alex@example.org"]

[llm]
backend = "rules"

# the old archive, keep it first
[[sources]]
type = "mbox"
path = "mail.mbox"
"""


def test_the_config_keeps_comments_and_order_and_a_backup(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(ORIGINAL)
    shutil.copy(DEMO_DIR / "mail.mbox", tmp_path / "mail.mbox")
    file = ConfigFile(path)
    version = file.read().version
    config = file.change(version, lambda doc: add_source(doc, {"type": "files", "root": str(tmp_path)}))
    text = path.read_text()
    assert text.startswith(ORIGINAL)  # every comment, key and blank line where it was
    assert text[len(ORIGINAL):] == f'\n[[sources]]\ntype = "files"\nroot = "{tmp_path}"\n'
    assert [s.type for s in config.sources] == ["mbox", "files"]
    assert (tmp_path / "config.toml.bak").read_text() == ORIGINAL
    with pytest.raises(ConfigConflict):
        file.change(version, lambda doc: None)


def test_a_write_killed_half_way_leaves_the_old_file_whole(tmp_path):
    """SIGKILL while the new config is being written: the file is the old one or the new one, never half."""
    path = tmp_path / "config.toml"
    path.write_text(ORIGINAL)
    script = f"""
import sys, time
sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})
from queryweaver import config_file
real = config_file.os.fsync
def slow(fd):
    print("writing", flush=True)
    time.sleep(30)
    real(fd)
config_file.os.fsync = slow
f = config_file.ConfigFile(config_file.Path({str(path)!r}))
f.change(None, lambda doc: doc["self"].__setitem__("name", "Half Written " * 20000))
"""
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "writing"  # the new text is in the temporary file now
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert path.read_text() == ORIGINAL
    assert load_config(path).self_name == "Alex Morgan"
    assert ConfigFile(path).read().text == ORIGINAL
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "config.toml"]
    assert all(name.startswith(".config.toml.") for name in leftovers)  # a temporary file, never read


# -- questions about the user's own data: examples from it, names it does not hold --------------------------------

@pytest.fixture
def own(tmp_path):
    """A config of the user's own (tests/own_data.py): mail from Tomás and Priya, the Harbor site visit, Documents;
    the app on it, on a real server."""
    root = tmp_path / "own"
    own_data.write_mbox(root / "mail.mbox", [own_data.TOMAS, own_data.PRIYA])
    (root / "calendar.ics").write_text(own_data.HARBOR_EVENT)
    own_data.write_files(root / "Documents")
    config_path = root / "config.toml"
    config_path.write_text('[self]\nname = "Alex Morgan"\nemails = ["alex@example.org"]\n\n[llm]\nbackend = "rules"\n\n'
                           '[[sources]]\ntype = "mbox"\npath = "mail.mbox"\n\n[[sources]]\ntype = "ics"\n'
                           'path = "calendar.ics"\n\n[[sources]]\ntype = "files"\nroot = "Documents"\n')
    app = create_app(load_config(config_path), token=TOKEN, home=tmp_path, opener=lambda p: None,
                     recent=RecentQuestions(tmp_path / "recent.json"))
    with serving(app) as port:
        yield app, port, root


def ask_api(port: int, question: str) -> tuple[str, dict]:
    from queryweaver.web.sse import parse_sse

    run = api(port, "POST", "/api/runs", json={"question": question}).json()
    events = parse_sse(requests.get(f"http://127.0.0.1:{port}{run['events']}", headers=AUTH, timeout=60).text)
    last = events[-1]
    return last["event"], last["data"]


def test_examples_come_from_the_users_own_data_and_each_one_answers(own):
    app, port, root = own
    home = api(port, "GET", "/api/home").json()
    assert home["examples_from"] == "data" and not any("Jane Doe" in q for q in home["examples"])
    examples = api(port, "GET", "/api/examples").json()
    assert examples["from"] == "data" and not examples["busy"]
    questions = examples["examples"]
    assert "Find the file folders that contain email attachments from Tomás Ferreira" in questions
    assert "Who attended the Harbor site visit?" in questions and "Who did I meet at Pier 4?" in questions
    assert not any("Jane Doe" in q for q in questions)
    for question in questions:
        kind, data = ask_api(port, question)
        assert kind == "result" and data["count"] >= 1, question
    assert api(port, "GET", "/api/home").json()["examples"] == questions  # kept until the data changes


def test_a_name_the_data_lacks_is_said_plainly_with_the_nearest_names(own):
    app, port, root = own
    kind, data = ask_api(port, "Find the file folders that contain email attachments from Tom Ferreira")
    assert kind == "result" and data["count"] == 0
    [miss] = data["misses"]
    assert miss["message"] == "No one called Tom Ferreira in your mail or calendar; did you mean Tomás Ferreira?"
    assert miss["suggestions"] == [{"name": "Tomás Ferreira", "address": "tomas@harbor.example", "question":
                                    "Find the file folders that contain email attachments from Tomás Ferreira"}]
    kind, data = ask_api(port, miss["suggestions"][0]["question"])
    assert kind == "result" and data["count"] == 1 and data["misses"] == []
    kind, data = ask_api(port, "Find the emails Jane Doe sent me")
    assert data["misses"][0]["message"] == "No one called Jane Doe in your mail or calendar"
    kind, data = ask_api(port, "What did Tom Ferreira say")  # refused by the reader: the name is still checked
    assert kind == "error" and "did not understand" in data["message"]
    assert [m["message"] for m in data["misses"]] == [
        "No one called Tom Ferreira in your mail or calendar; did you mean Tomás Ferreira?"]
    kind, data = ask_api(port, "What did New York say")  # capitals that resemble no one are not called a person
    assert kind == "error" and data["misses"] == []


def test_the_page_offers_examples_from_the_data_and_did_you_mean_for_a_missing_name(own):
    sync_api = _browser()
    expect = sync_api.expect
    app, port, root = own
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--headless=new", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        problems: list[str] = []
        page.on("pageerror", lambda err: problems.append(str(err)))
        page.goto(launch_url(app, port))
        expect(page.locator("#examples-title")).to_have_text("Try a question about your data", timeout=30_000)
        chips = page.locator("#examples .question-chip")
        expect(chips.first).to_be_visible()
        assert "Tomás Ferreira" in " ".join(chips.all_inner_texts())
        page.screenshot(path=str(ARTIFACTS / "own_01_examples_from_data.png"), full_page=True)
        page.fill("#question", "Find the file folders that contain email attachments from Tom Ferreira")
        page.click("#ask")
        miss = page.locator(".name-miss")
        expect(miss).to_contain_text("No one called Tom Ferreira in your mail or calendar. Did you mean Tomás Ferreira?",
                                     timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / "own_02_no_one_called.png"), full_page=True)
        miss.locator("button.did-you-mean-name").click()
        expect(page.locator("#run-status")).to_contain_text("Answer: 1 folder", timeout=30_000)
        expect(page.locator(".answer-item").first).to_contain_text("Harbor")
        expect(page.locator("#question")).to_have_value(
            "Find the file folders that contain email attachments from Tomás Ferreira")
        browser.close()
    assert problems == [], problems


# -- questions while a build runs: answered from what is indexed, with a banner ------------------------------------

def test_a_question_asked_while_a_build_runs_is_answered_from_what_is_indexed(tmp_path, monkeypatch):
    """A CalDAV account behind a slow server takes seconds to index; a question asked meanwhile is answered at
    once from the mail and files already indexed, and says which source is not finished; after the build the
    same question has the calendar too."""
    radicale = caldav_server.Radicale()
    (tmp_path / "harbor.ics").write_text(own_data.HARBOR_EVENT)
    radicale.load_ics(tmp_path / "harbor.ics")
    radicale.start()
    slow = caldav_server.FaultyProxy(radicale.port, delay=1.0)
    monkeypatch.setenv("QW_TEST_CALDAV_PASSWORD", caldav_server.PASSWORD)
    root = tmp_path / "own"
    own_data.write_mbox(root / "mail.mbox", [own_data.TOMAS, own_data.PRIYA])
    own_data.write_files(root / "Documents")
    config_path = root / "config.toml"
    config_path.write_text('[self]\nname = "Alex Morgan"\nemails = ["alex@example.org"]\n[llm]\nbackend = "rules"\n'
                           '[[sources]]\ntype = "mbox"\npath = "mail.mbox"\n[[sources]]\ntype = "files"\n'
                           f'root = "Documents"\n[[sources]]\ntype = "caldav"\nurl = "{slow.url}"\n'
                           f'user = "{caldav_server.USER}"\npassword_env = "QW_TEST_CALDAV_PASSWORD"\n')
    app = create_app(load_config(config_path), token=TOKEN, home=tmp_path, opener=lambda p: None,
                     recent=RecentQuestions(tmp_path / "recent.json"))
    app.config["QW_SSE_KEEPALIVE"] = 0.1
    server = make_web_server(app, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_port
    try:
        assert api(port, "POST", "/api/data/index", json={"sources": [0, 1]}).status_code == 202
        assert "index_done" in api(port, "GET", "/api/data/index/events").text
        harbor = own_data.HARBOR_QUESTION
        started = time.monotonic()
        assert api(port, "POST", "/api/data/index", json={"sources": [2]}).status_code == 202
        kind, mail = ask_api(port, "Find the file folders that contain email attachments from Tomás Ferreira")
        asked = time.monotonic() - started
        kind2, calendar = ask_api(port, harbor)
        assert api(port, "GET", "/api/home").json()["indexing"] is True
        assert "index_done" in api(port, "GET", "/api/data/index/events").text
        built = time.monotonic() - started
        assert kind == "result" and mail["count"] == 1 and "Harbor" in mail["items"][0]["label"], mail
        caldav_label = f"caldav:{slow.url}"
        assert mail["partial"] == {"indexing": [caldav_label], "left_out": [caldav_label]}
        # the calendar names the visit: until it is indexed, the question cannot be read, and the refusal says why
        assert kind2 == "error" and calendar["partial"] == {"indexing": [caldav_label]}, calendar
        assert calendar["message"].endswith(f"(Indexing is not finished: {slow.url} is still being indexed, and what "
                                            f"it holds is not known yet; ask again when indexing ends.)")
        assert asked < built - 1.0, (asked, built)  # answered while the build still ran, not after it
        kind, after = ask_api(port, harbor)
        assert kind == "result" and after["count"] == 1 and after["partial"] is None
        (ARTIFACTS / "data_answer_during_build.txt").write_text(
            f"answered in {asked:.1f} s while the build ran; the build took {built:.1f} s\n")

        # in the browser: the banner while the build runs, and the answer saying it is partial
        if CHROMIUM.exists():
            sync_api = _browser()
            expect = sync_api.expect
            api(port, "POST", "/api/data/index", json={"sources": [2], "rebuild": True})
            with sync_api.sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                     args=["--headless=new", "--no-sandbox"])
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(launch_url(app, port))
                expect(page.locator("#index-banner")).to_contain_text("answered now, from what is indexed so far")
                page.fill("#question", "Find the file folders that contain email attachments from Tomás Ferreira")
                page.click("#ask")
                expect(page.locator("#run-status")).to_contain_text("Answer: 1 folder", timeout=30_000)
                expect(page.locator(".partial-note")).to_contain_text("Answered from what is indexed so far.")
                expect(page.locator(".partial-note")).to_contain_text("Not asked yet (still being indexed): 127.0.0.1:")
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "data_answer_during_build.png"))
                browser.close()
            assert "index_done" in api(port, "GET", "/api/data/index/events").text
    finally:
        server.shutdown()
        server.server_close()
        app.extensions["queryweaver"].close()
        slow.close()
        radicale.close()


def test_saving_a_model_or_you_first_keeps_the_demo_until_a_source_is_added(served):
    app, port, config_path = served
    version = api(port, "GET", "/api/data").json()["version"]
    saved = api(port, "POST", "/api/data/model", json={"backend": "rules", "version": version})
    assert saved.status_code == 200, saved.text
    version = api(port, "GET", "/api/data").json()["version"]
    assert api(port, "POST", "/api/data/self", json={"name": "Sam Lee", "emails": ["sam@example.net"],
                                                     "version": version}).status_code == 200
    assert config_path.exists() and "[[sources]]" not in config_path.read_text()
    data = api(port, "GET", "/api/data").json()
    assert data["demo"] and data["demo_sources"] and data["model"]["backend"] == "rules"
    assert data["self"]["name"] == "Sam Lee" and data["self"]["emails"] == ["sam@example.net"]  # what was saved
    assert api(port, "GET", "/api/home").json()["demo"]
    kind, result = ask_api(port, JANE)  # the demo still answers (its own Alex Morgan is its user)
    assert kind == "result" and result["count"] == 4
    # the first source of one's own ends the demo
    documents = config_path.parent.parent.parent / "Documents"
    version = api(port, "GET", "/api/data").json()["version"]
    added = api(port, "POST", "/api/data/sources/add", json={"type": "files", "path": str(documents),
                                                              "version": version})
    assert added.status_code == 200, added.text
    data = api(port, "GET", "/api/data").json()
    assert not data["demo"] and [s["type"] for s in data["sources"]] == ["files"]
    assert data["self"]["name"] == "Sam Lee"


def test_a_config_file_without_sources_answers_from_the_demo_on_the_command_line(cli, isolated_user_dirs):
    (isolated_user_dirs / "no-config.toml").write_text('[llm]\nbackend = "rules"\n')  # QUERYWEAVER_CONFIG's file
    out = cli("ask", JANE, "--json")
    assert out.code == 0, out.stderr
    assert out.json()["result"]["count"] == 4
