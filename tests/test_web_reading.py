"""Opening an answer itself (issue 28): an email's read view and a file's own bytes, through the real server on
127.0.0.1 and in real Chromium, with hostile mail (script in the subject, the sender's name and an HTML-only
body) and hostile files (HTML, SVG, a link out of the root).
"""

from __future__ import annotations

import threading
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import quote

import pytest
import requests

from queryweaver.config import load_config
from queryweaver.web import create_app, launch_url, make_web_server
from queryweaver.web.auth import cookie_name
from queryweaver.web.history import RecentQuestions
from tests import own_data

TOKEN = "reading-token-0123456789abcdef"
AUTH = {"X-QueryWeaver-Token": TOKEN}
CHROMIUM = Path("/usr/bin/chromium")
HOSTILE_SUBJECT = '<img src=x onerror="window.__pwned=1;alert(1)">Invoice overdue'
HOSTILE_NAME = "<script>window.__pwned=2</script> Mallory"
HOSTILE_HTML = ('<html><body><script>window.__pwned=3;alert(3)</script><p onclick="alert(9)">Pay '
                '<a href="javascript:alert(4)">here</a> or at https://pay.example/invoice/77 today.</p>'
                '<img src="https://tracker.example/p.gif"></body></html>')


def hostile_mail() -> bytes:
    msg = EmailMessage()
    msg["From"] = f'"{HOSTILE_NAME}" <mallory@evil.example>'
    msg["To"] = own_data.ME
    msg["Subject"] = HOSTILE_SUBJECT
    msg["Date"] = "Mon, 09 Feb 2026 10:00:00 -0500"
    msg["Message-ID"] = "<hostile-1@evil.example>"
    msg.set_content(HOSTILE_HTML, subtype="html")
    msg.add_attachment(b"<script>alert(5)</script>", maintype="text", subtype="html", filename="invoice.html")
    return msg.as_bytes()


@pytest.fixture
def served(tmp_path):
    root = tmp_path / "own"
    own_data.write_mbox(root / "mail.mbox", [own_data.TOMAS, hostile_mail()])
    docs = root / "Documents"
    own_data.write_files(docs)
    (docs / "Lab" / "notes.txt").write_text("<script>window.__pwned=6</script> plain notes, ünïcode\n")
    (docs / "Lab" / "invoice.html").write_text("<script>window.__pwned=7;alert(7)</script>")
    (docs / "Lab" / "chart.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(8)"></svg>')
    outside = tmp_path / "secret.txt"
    outside.write_text("not for the page")
    (docs / "Lab" / "escape.txt").symlink_to(outside)
    config_path = root / "config.toml"
    config_path.write_text('[self]\nname = "Alex Morgan"\nemails = ["alex@example.org"]\n[llm]\nbackend = "rules"\n'
                           '[[sources]]\ntype = "mbox"\npath = "mail.mbox"\n[[sources]]\ntype = "files"\n'
                           'root = "Documents"\n')
    app = create_app(load_config(config_path), token=TOKEN, home=tmp_path, opener=lambda p: None,
                     recent=RecentQuestions(tmp_path / "recent.json"))
    app.config["QW_SSE_KEEPALIVE"] = 0.1
    server = make_web_server(app, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield app, server.server_port, docs, outside
    server.shutdown()
    server.server_close()
    app.extensions["queryweaver"].close()


def get(port: int, path: str, **kwargs):
    return requests.get(f"http://127.0.0.1:{port}{path}", headers=kwargs.pop("headers", AUTH), timeout=30, **kwargs)


def file_url(path: Path, download: bool = False) -> str:
    return f"/api/files/content?path={quote(str(path), safe='/')}" + ("&download=1" if download else "")


def test_an_email_is_read_from_its_source_as_text(served):
    app, port, docs, outside = served
    mail = get(port, "/api/items/email", params={"key": "<hostile-1@evil.example>"}).json()
    assert mail["subject"] == HOSTILE_SUBJECT                       # as written: the page shows it as text
    assert mail["from"] == [f"{HOSTILE_NAME} <mallory@evil.example>"]
    assert mail["to"] == ["you"]
    assert mail["attachments"] == ["invoice.html"]
    assert "<script>" not in mail["text"] and "window.__pwned" not in mail["text"]
    assert "Pay here or at https://pay.example/invoice/77 today." in " ".join(mail["text"].split())
    assert mail["links"] == ["https://pay.example/invoice/77"]      # never javascript:
    assert mail["sources"] and mail["sources"][0].startswith("mbox:")
    missing = get(port, "/api/items/email", params={"key": "<nope@nowhere>"})
    assert missing.status_code == 404 and "not in your sources" in missing.json()["error"]


def test_a_file_is_served_only_from_inside_the_roots_with_a_type_that_cannot_run(served):
    app, port, docs, outside = served
    text = get(port, file_url(docs / "Lab" / "notes.txt"))
    assert text.status_code == 200 and text.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert text.headers["Content-Disposition"].startswith("inline") and "sandbox" in text.headers["Content-Security-Policy"]
    assert text.headers["X-Content-Type-Options"] == "nosniff" and "plain notes, ünïcode" in text.text
    for name in ("invoice.html", "chart.svg", "calibration-notes.pdf"):
        got = get(port, file_url(docs / "Lab" / name))
        assert got.status_code == 200, name
        assert got.headers["Content-Disposition"].startswith("attachment"), name
        assert got.headers["Content-Type"] in ("application/octet-stream", "application/pdf"), name
    assert get(port, file_url(docs / "Lab" / "notes.txt", download=True)).headers["Content-Disposition"].startswith(
        "attachment")
    for path, status, said in ((docs / "Lab" / "escape.txt", 403, "outside the configured sources"),
                               (docs / ".." / ".." / "secret.txt", 403, "outside the configured sources"),
                               (outside, 403, "outside the configured sources"),
                               (docs / "Lab" / "gone.txt", 404, "not a file"),
                               (docs / "Lab", 404, "not a file")):
        got = get(port, file_url(path))
        assert got.status_code == status and said in got.json()["error"], path
        assert "not for the page" not in got.text
    assert get(port, "/api/files/content?path=Lab/notes.txt").status_code == 400


def test_another_origin_cannot_read_an_email_or_a_file(served):
    app, port, docs, outside = served
    jar = {cookie_name(f"127.0.0.1:{port}"): TOKEN}
    for path in (file_url(docs / "Lab" / "notes.txt"), "/api/items/email?key=%3Chostile-1%40evil.example%3E"):
        for headers in ({"Sec-Fetch-Site": "same-site"}, {"Sec-Fetch-Site": "cross-site"},
                        {"Origin": "http://127.0.0.1:9999"}):
            got = requests.get(f"http://127.0.0.1:{port}{path}", cookies=jar, headers=headers, timeout=10)
            assert got.status_code == 403 and "plain notes" not in got.text and "Invoice" not in got.text
        assert requests.get(f"http://127.0.0.1:{port}{path}", timeout=10).status_code == 403  # no token
        own = requests.get(f"http://127.0.0.1:{port}{path}", cookies=jar, timeout=10,
                           headers={"Sec-Fetch-Site": "same-origin"})
        assert own.status_code == 200


def test_hostile_mail_runs_nothing_in_the_read_view_and_files_open_safely(served):
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Chromium at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need the playwright package")
    from tests.test_data_page import ARTIFACTS

    expect = sync_api.expect
    app, port, docs, outside = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--headless=new", "--no-sandbox"])
        context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        page = context.new_page()
        alerts: list[str] = []
        problems: list[str] = []
        page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
        page.on("pageerror", lambda err: problems.append(str(err)))
        page.goto(launch_url(app, port))
        page.fill("#question", "Find the emails mallory@evil.example sent me")
        page.click("#ask")
        expect(page.locator("#run-status")).to_contain_text("Answer: 1 email", timeout=30_000)
        expect(page.locator(".answer-item").first).to_contain_text(HOSTILE_SUBJECT)  # the label, as text
        page.locator(".answer-item button.read-email").first.click()
        reader = page.locator("dialog.reader")
        expect(reader.locator(".reader-subject")).to_have_text(HOSTILE_SUBJECT)
        expect(reader.locator(".reader-headers")).to_contain_text(HOSTILE_NAME)
        expect(reader.locator(".reader-text")).to_contain_text("https://pay.example/invoice/77")
        expect(reader.locator(".reader-links a")).to_have_attribute("href", "https://pay.example/invoice/77")
        expect(reader.locator(".reader-links a")).to_have_attribute("rel", "noopener noreferrer")
        page.screenshot(path=str(ARTIFACTS / "reading_01_hostile_mail.png"))
        assert reader.locator("img, script, iframe, svg, [onclick], [onerror]").count() == 0
        assert page.evaluate("window.__pwned") is None
        page.keyboard.press("Escape")
        expect(reader).not_to_be_visible()

        # a plain-text file opens in a new tab as text; an HTML file is a download, never a page of this origin
        page.fill("#question", "Which folders hold notes.txt?")
        page.click("#ask")
        expect(page.locator("#run-status")).to_contain_text("Answer: 1 folder", timeout=30_000)
        page.fill("#question", "Which files are in the Lab folder?")
        page.click("#ask")
        expect(page.locator("#run-status")).to_contain_text("Answer:", timeout=30_000)
        opener = page.locator(".answer-item", has_text="notes.txt").locator("a.open-file")
        with context.expect_page() as opened:
            opener.click()
        tab = opened.value
        tab.wait_for_load_state()
        assert "plain notes, ünïcode" in tab.locator("body").inner_text()
        assert tab.evaluate("window.__pwned") is None
        tab.screenshot(path=str(ARTIFACTS / "reading_02_text_file.png"))
        tab.close()
        with page.expect_download() as downloading:
            page.evaluate("url => { const a = document.createElement('a'); a.href = url; a.click(); }",
                          file_url(docs / "Lab" / "invoice.html"))
        assert downloading.value.suggested_filename == "invoice.html"
        context.close()
        browser.close()
    assert alerts == [] and problems == [], (alerts, problems)
