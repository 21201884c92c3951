"""The web server's local hardening (issue 29), each case through the real server: werkzeug on 127.0.0.1,
real HTTP requests (``requests``, and raw sockets where a client would be too polite), real symbolic links.

- the launch token reaches the browser once, in the printed link, and becomes an HttpOnly SameSite=Strict
  cookie; ``GET /`` without it shows no token; a page of another origin cannot use the cookie;
- no token is written to the log, even in a failed request's URL;
- the token is checked before the body is read, bodies are capped, malformed JSON is one 400 line;
- a run still running is never dropped, too many at once is a 429, finished runs go by age and weight;
- a files source does not follow a symbolic link out of its folders unless told to.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time

import pytest
import requests

from queryweaver.config import Config, parse_config
from queryweaver.engine import Engine
from queryweaver.web import MAX_BODY, create_app, launch_url, make_web_server
from queryweaver.web.auth import cookie_name
from queryweaver.web.history import RecentQuestions
from queryweaver.web.sse import parse_sse
from tests.test_web_api import JANE_GRAPH, SLOW_GRAPH, SlowMail

TOKEN = "a-launch-token-nobody-guesses-0123456789"
AUTH = {"X-QueryWeaver-Token": TOKEN}


@pytest.fixture
def serve_app(tmp_path):
    """Serve apps on 127.0.0.1 with real threaded servers; yields a function returning (base URL, app)."""
    running = []

    def start(config: Config | None = None, **options):
        from queryweaver.config import load_config

        options.setdefault("opener", lambda path: None)
        options.setdefault("recent", RecentQuestions(tmp_path / "recent.json"))
        app = create_app(config or load_config(None), token=TOKEN, **options)
        app.config["QW_SSE_KEEPALIVE"] = 0.05
        server = make_web_server(app, 0)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        running.append((server, app))
        return f"http://127.0.0.1:{server.server_port}", app

    yield start
    for server, app in running:
        server.shutdown()
        server.server_close()
        app.extensions["queryweaver"].close()


def events(base: str, run_id: str, **kwargs) -> list[dict]:
    response = requests.get(f"{base}/api/runs/{run_id}/events", timeout=30, **kwargs)
    assert response.status_code == 200, response.text
    return parse_sse(response.text)


# -- the token: a one-time link, then an HttpOnly cookie ----------------------------------------------

def test_the_page_without_the_link_shows_no_token_and_the_link_sets_an_httponly_cookie(serve_app):
    base, app = serve_app()
    bare = requests.get(f"{base}/", timeout=10)
    assert bare.status_code == 403
    assert TOKEN not in bare.text and "queryweaver serve" in bare.text and "ask-form" not in bare.text

    wrong = requests.get(f"{base}/?token=not-the-token", timeout=10)
    assert wrong.status_code == 403 and TOKEN not in wrong.text

    session = requests.Session()
    swapped = session.get(launch_url(app, int(base.rsplit(":", 1)[1])), allow_redirects=False, timeout=10)
    assert swapped.status_code == 303 and swapped.headers["Location"] == "/"
    cookie = swapped.headers["Set-Cookie"]
    assert cookie.startswith(f"{cookie_name(base.removeprefix('http://'))}={TOKEN};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    page = session.get(f"{base}/", timeout=10)
    assert page.status_code == 200 and 'id="ask-form"' in page.text
    assert TOKEN not in page.text  # no meta tag, no script variable: the page's code never holds it
    assert session.get(f"{base}/api/home", timeout=10).status_code == 200  # the cookie is enough for the page


def test_a_page_of_another_origin_cannot_use_the_cookie(serve_app):
    """A page on http://127.0.0.1:OTHER is the same *site* for the browser, which sends the cookie along."""
    base, _app = serve_app()
    jar = {cookie_name(base.removeprefix("http://")): TOKEN}
    evil = {"Origin": "http://127.0.0.1:9999"}
    assert requests.get(f"{base}/api/home", cookies=jar, headers=evil, timeout=10).status_code == 403
    assert requests.get(f"{base}/api/home", cookies=jar, headers={"Sec-Fetch-Site": "same-site"},
                        timeout=10).status_code == 403
    refused = requests.post(f"{base}/api/runs", cookies=jar, headers=evil, json={"graph": JANE_GRAPH}, timeout=10)
    assert refused.status_code == 403 and TOKEN not in refused.text
    own = {"Origin": base, "Sec-Fetch-Site": "same-origin"}
    assert requests.post(f"{base}/api/runs", cookies=jar, headers=own, json={"graph": JANE_GRAPH},
                         timeout=10).status_code == 202
    # a form post (the one kind a page elsewhere can send without asking) is refused even with the token
    form = requests.post(f"{base}/api/recent/clear", cookies=jar, headers={"Origin": base}, data={"x": "1"},
                         timeout=10)
    assert form.status_code == 415


def test_no_token_is_written_to_the_log(serve_app, caplog, capfd):
    base, app = serve_app()
    caplog.set_level(logging.INFO, logger="werkzeug")
    run = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": JANE_GRAPH}, timeout=10).json()
    events(base, run["id"], headers=AUTH)
    for url in (f"/api/runs/{run['id']}/events?token={TOKEN}", f"/api/runs/nope/events?token={TOKEN}",
                f"/?token={TOKEN}x", f"/api/home?token={TOKEN}&x=1", f"/nowhere?token={TOKEN}"):
        assert requests.get(base + url, timeout=10).status_code >= 400
    logged = caplog.text + "".join(capfd.readouterr())
    assert "/api/runs/nope/events?token=[redacted]" in logged  # failed requests are still logged ...
    assert TOKEN not in logged                                 # ... without the token


# -- bodies: the token first, a cap, malformed JSON -----------------------------------------------------

def _raw_post(base: str, path: str, declared: int, sent: bytes, headers: dict[str, str]) -> tuple[int, str, float]:
    """POST declaring a ``declared``-byte body but sending only ``sent``; the status line, body and seconds."""
    host, port = base.removeprefix("http://").split(":")
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {declared}\r\n{head}\r\n".encode() + sent)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer) < answer.index(b"\r\n\r\n") + 4 + int(
                _header(answer, b"content-length") or 0):
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1].decode(errors="replace"), time.monotonic() - started


def _header(answer: bytes, name: bytes) -> bytes | None:
    for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == name:
            return value.strip()
    return None


def test_the_token_is_checked_before_the_body_is_read_and_bodies_are_capped(serve_app):
    """A client announcing 50 MB and sending 1 kB: the server answers at once instead of waiting to read it."""
    base, _app = serve_app()
    status, body, seconds = _raw_post(base, "/api/runs", 50_000_000, b"[" * 1024, {})
    assert status == 403 and "token" in json.loads(body)["error"] and seconds < 5
    status, body, seconds = _raw_post(base, "/api/runs", 50_000_000, b"[" * 1024, AUTH)
    assert status == 413 and seconds < 5
    assert json.loads(body)["error"] == f"the request body is too large (at most {MAX_BODY // 1024} kB); send a " \
                                        f"shorter question or graph"
    ok = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": JANE_GRAPH, "pad": "x" * 500_000}, timeout=10)
    assert ok.status_code == 202


def test_malformed_json_is_a_400_line_not_a_traceback(serve_app, caplog):
    base, _app = serve_app()
    caplog.set_level(logging.INFO)
    headers = {**AUTH, "Content-Type": "application/json"}
    deep = requests.post(f"{base}/api/runs", headers=headers, data="[" * 200_000, timeout=10)
    assert deep.status_code == 400
    assert deep.json() == {"error": "the request body is not valid JSON (nested too deeply); send one JSON object"}
    broken = requests.post(f"{base}/api/graph/check", headers=headers, data='{"graph": ', timeout=10)
    assert broken.status_code == 400 and broken.json()["error"].startswith("the request body is not valid JSON (")
    listed = requests.post(f"{base}/api/runs", headers=headers, data="[1, 2]", timeout=10)
    assert listed.status_code == 400 and listed.json() == {"error": "the request body must be a JSON object"}
    assert "Traceback" not in caplog.text and "RecursionError" not in caplog.text


# -- runs: never dropped while running, a 429 beyond the limit, finished ones kept by age and weight ------

def test_running_questions_are_never_dropped_and_too_many_get_a_429(serve_app):
    started, release = threading.Event(), threading.Event()
    config = Config(self_emails=("me@x.example",))
    engine = Engine(config, connectors=[SlowMail(None, None, started, release)])
    base, app = serve_app(config, engine=engine, max_running=20)  # more than the 16 runs once kept in all
    ids = [requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": SLOW_GRAPH}, timeout=10) for _ in range(20)]
    assert [r.status_code for r in ids] == [202] * 20
    refused = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": SLOW_GRAPH}, timeout=10)
    assert refused.status_code == 429
    assert refused.json()["error"] == ("too many questions at once (20 running); wait for one to finish, or cancel "
                                       "one, and ask again")
    registry = app.extensions["queryweaver"].runs
    registry.keep_seconds, registry.keep_weight = 0.0, 0  # finished runs would go at once; running ones stay
    assert started.wait(10)
    release.set()
    for response in ids:  # every stream ends with its answer: none got "this run is gone"
        assert events(base, response.json()["id"], headers=AUTH)[-1]["event"] == "result"


def test_finished_runs_are_kept_by_age_and_weight_not_by_count(serve_app):
    base, app = serve_app()
    registry = app.extensions["queryweaver"].runs
    ids = []
    for _ in range(30):  # more than the 16 once kept
        run_id = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": JANE_GRAPH}, timeout=10).json()["id"]
        events(base, run_id, headers=AUTH)
        ids.append(run_id)
    for run_id in ids:
        assert requests.get(f"{base}/api/runs/{run_id}/answers", headers=AUTH, timeout=10).status_code == 200
    heavy = registry.get(ids[-1]).weight()
    registry.keep_weight = heavy * 3  # room for three: the oldest go first
    newest = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": JANE_GRAPH}, timeout=10).json()["id"]
    events(base, newest, headers=AUTH)
    kept = [run_id for run_id in ids if requests.get(f"{base}/api/runs/{run_id}", headers=AUTH, timeout=10).ok]
    assert kept == ids[-3:]
    registry.keep_seconds = 0.0  # then by age: everything finished before is gone, the newest stays
    requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": JANE_GRAPH}, timeout=10)
    gone = requests.get(f"{base}/api/runs/{ids[-1]}", headers=AUTH, timeout=10)
    assert gone.status_code == 404 and "ask again" in gone.json()["error"]


# -- a files source and symbolic links out of its folders ---------------------------------------------

FILES_GRAPH = {"action": "find", "return_var": "f", "vars": {"f": "File"},
               "constraints": [{"kind": "filter", "var": "f", "field": "extension", "op": "=", "value": "txt"}]}


@pytest.fixture
def linked_folder(tmp_path):
    """A folder of documents holding a link to a folder outside it (as a link to /etc would be)."""
    docs, outside = tmp_path / "docs", tmp_path / "elsewhere"
    (docs / "Notes").mkdir(parents=True)
    outside.mkdir()
    (docs / "Notes" / "mine.txt").write_text("mine")
    (outside / "which.txt").write_text("not part of the documents")
    (outside / "passwd.txt").write_text("secret")
    (docs / "Notes" / "etc").symlink_to(outside, target_is_directory=True)
    (docs / "passwd-link.txt").symlink_to(outside / "passwd.txt")
    (docs / "inside").symlink_to(docs / "Notes", target_is_directory=True)  # a link within stays followed
    return tmp_path


def test_a_files_source_does_not_follow_links_out_of_its_folders(serve_app, linked_folder):
    config = parse_config({"sources": [{"type": "files", "root": "docs"}]}, base=linked_folder)
    config.cache_dir_setting = str(linked_folder / "cache")
    base, _app = serve_app(config)
    run = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": FILES_GRAPH}, timeout=10).json()
    result = events(base, run["id"], headers=AUTH)[-1]["data"]
    assert sorted(item["key"] for item in result["items"]) == ["mine.txt"]
    assert all("elsewhere" not in json.dumps(item) for item in result["items"])
    warning, = [w for w in result["warnings"] if "symbolic link" in w]
    assert "follow_outside_links = true" in warning and "and 1 more" in warning

    again = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": FILES_GRAPH}, timeout=10).json()
    assert not [w for w in events(base, again["id"], headers=AUTH)[-1]["data"]["warnings"] if "symbolic" in w]


def test_follow_outside_links_indexes_what_they_point_to(serve_app, linked_folder):
    config = parse_config({"sources": [{"type": "files", "root": "docs", "follow_outside_links": True}]},
                          base=linked_folder)
    config.cache_dir_setting = str(linked_folder / "cache")
    base, _app = serve_app(config)
    run = requests.post(f"{base}/api/runs", headers=AUTH, json={"graph": FILES_GRAPH}, timeout=10).json()
    result = events(base, run["id"], headers=AUTH)[-1]["data"]
    assert sorted(item["key"] for item in result["items"]) == ["mine.txt", "passwd-link.txt", "passwd.txt",
                                                               "which.txt"]
