"""The web API through Flask's test client: the SSE wire format, runs on the bundled demo (rules backend, no
LLM), error and cancel paths, node and answer pages, the open-folder guard, the token, recent questions.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from queryweaver.config import Config, load_config, parse_config
from queryweaver.connector import Connector, tool
from queryweaver.engine import Engine
from queryweaver.items import Item
from queryweaver.paper_graphs import demo_questions
from queryweaver.schema import EntityType as T
from queryweaver.web import CONTENT_SECURITY_POLICY, create_app, make_web_server, serve
from queryweaver.web.history import RecentQuestions, default_recent_path
from queryweaver.web.present import evidence_chains, web_link
from queryweaver.web.sse import EVENT_NAMES, StreamKind, format_sse, parse_sse

REPO = Path(__file__).resolve().parent.parent
TOKEN = "test-token"
AUTH = {"X-QueryWeaver-Token": TOKEN}
JANE_QUESTION = "Find the file folders that contain email attachments from Jane Doe."
JANE_GRAPH = {
    "action": "find", "return_var": "dir", "return_mode": "all",
    "vars": {"dir": "Folder", "f": "File", "e": "Email", "p": "Person"},
    "constraints": [
        {"kind": "edge", "from": "f", "edge": "parent", "to": "dir"},
        {"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
        {"kind": "edge", "from": "e", "edge": "from", "to": "p"},
        {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"},
    ],
}
RECEIVED_GRAPH = {"action": "find", "return_var": "e", "vars": {"e": "Email", "me": "Self"},
                  "constraints": [{"kind": "edge", "from": "e", "edge": "to", "to": "me"}]}


@pytest.fixture
def make_app(tmp_path):
    """Apps on the demo (or a given config) with a fake opener and recent questions under tmp_path.

    Each app's runs are finished before the test ends, so no worker thread outlives its test.
    """
    apps = []

    def make(config: Config | None = None, **options):
        opened: list[str] = []
        options.setdefault("opener", opened.append)
        options.setdefault("recent", RecentQuestions(tmp_path / "data" / "recent.json"))
        app = create_app(config or load_config(None), token=TOKEN, testing=True, **options)
        app.config["QW_SSE_KEEPALIVE"] = 0.05
        app.opened = opened  # what the fake opener was asked to show
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.extensions["queryweaver"].close()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


def start_run(client, **body) -> str:
    response = client.post("/api/runs", json=body, headers=AUTH)
    assert response.status_code == 202, response.json
    return response.json["id"]


def stream(client, run_id: str) -> list[dict]:
    response = client.get(f"/api/runs/{run_id}/events", headers=AUTH)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    return parse_sse(response.get_data(as_text=True))


def names(messages: list[dict]) -> list[str]:
    return [m["event"] for m in messages]


# -- the wire format --------------------------------------------------------------------------------

def test_format_sse_writes_id_event_and_one_json_data_line():
    text = format_sse({"message": "two\nlines", "n": 1}, "tool_called", id=7)
    assert text == 'id: 7\nevent: tool_called\ndata: {"message":"two\\nlines","n":1}\n\n'
    assert parse_sse(text) == [{"id": "7", "event": "tool_called", "data": {"message": "two\nlines", "n": 1}}]
    assert format_sse({"a": 1}, StreamKind.RESULT).startswith("event: result\n")
    with pytest.raises(ValueError):
        format_sse({}, "bad\nname")


def test_every_event_name_on_the_wire_is_handled_by_the_browser():
    js = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "static" / "js").glob("*.js"))
    handled = set(re.findall(r'case "([a-z_]+)"', js))
    assert set(EVENT_NAMES) <= handled, set(EVENT_NAMES) - handled


# -- the page and its security ----------------------------------------------------------------------

def test_the_page_is_served_under_a_strict_csp_without_the_token(client):
    response = client.get(f"/?token={TOKEN}")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    response = client.get("/")  # the test client keeps the cookie, as a browser does
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert TOKEN not in html and "qw-token" not in html
    csp = response.headers["Content-Security-Policy"]
    assert csp == CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline scripts are not allowed"
    assert " style=" not in html and "<style" not in html
    assert "//cdn" not in html and "https://" not in html
    assert '/static/vendor/d3.min.js' in html
    d3 = client.get("/static/vendor/d3.min.js")
    assert d3.status_code == 200 and b"d3js.org" in d3.data[:200]
    d3.close()
    assert (REPO / "static" / "vendor" / "d3.LICENSE").read_text().startswith("Copyright")


def test_api_refuses_requests_without_the_launch_token(client):
    assert client.get("/api/home").status_code == 403
    assert client.get("/api/home", headers={"X-QueryWeaver-Token": "guess"}).status_code == 403
    response = client.post("/api/runs", json={"question": JANE_QUESTION})
    assert response.status_code == 403
    assert "token" in response.json["error"]
    # neither the body nor the query string carries it (a URL's token ends up in logs and history)
    assert client.post("/api/runs", json={"graph": JANE_GRAPH, "token": TOKEN}).status_code == 403
    assert client.get(f"/api/home?token={TOKEN}").status_code == 403
    assert client.get("/api/home", headers=AUTH).status_code == 200


def test_requests_addressed_to_another_host_are_refused(client):
    """A page on another site that resolves its name to 127.0.0.1 (DNS rebinding) gets nothing."""
    assert client.get("/", headers={"Host": "evil.example:8765"}).status_code == 400
    assert client.get("/api/home", headers={"Host": "evil.example", **AUTH}).status_code == 400
    assert client.get(f"/?token={TOKEN}", headers={"Host": "127.0.0.1:8765"}).status_code == 303


def test_home_lists_the_demo_questions_and_sources(client):
    home = client.get("/api/home", headers=AUTH).json
    assert home["examples"] == demo_questions()
    assert home["demo"] is True and home["backend"] == "rules"
    assert [s.split(":")[0] for s in home["sources"]] == ["mbox", "ics", "files"]


# -- a run on the demo ------------------------------------------------------------------------------

def test_demo_question_streams_graph_then_executor_events_then_the_result(client):
    streamed = stream(client, start_run(client, question=JANE_QUESTION))
    # the first question on an empty cache builds the indexes while grounding it: the page sees it happen
    progress = [m["data"] for m in streamed if m["event"] == "progress"]
    assert progress and names(streamed).index("progress") < names(streamed).index("readings")
    assert any(p["total"] is not None and p["done"] >= p["total"] for p in progress)
    messages = [m for m in streamed if m["event"] != "progress"]
    kinds = names(messages)
    assert kinds[:4] == ["generating", "readings", "graph", "plan"]
    assert kinds[-2:] == ["done", "result"]
    assert [int(m["id"]) for m in streamed] == list(range(len(streamed)))
    assert set(kinds) <= set(EVENT_NAMES)

    graph = messages[2]["data"]
    assert messages[1]["data"]["readings"][0]["graph"] == graph["graph"]
    assert graph["question"] == JANE_QUESTION and graph["backend"] == "rules" and not graph["edited"]
    assert set(graph["graph"]["vars"].values()) == {"Folder", "File", "Email", "Person"}
    assert graph["steps"][-1]["kind"] == "action"
    resolved = {m["data"]["var"] for m in messages if m["event"] == "node_resolved"}
    assert resolved == set(graph["graph"]["vars"])
    tools = [m["data"]["data"] for m in messages if m["event"] == "tool_called"]
    assert [t["tool"] for t in tools] == ["person_from_email", "email_has_attachment_file", "file_parent_folder"]
    assert all("input_size" in t for t in tools)
    assert all("result_size" in m["data"]["data"] for m in messages if m["event"] == "tool_result")

    result = messages[-1]["data"]
    assert result["type"] == "Folder" and result["count"] == len(result["items"]) >= 1
    finance = next(i for i in result["items"] if i["key"].endswith(os.path.join("Documents", "Finance")))
    assert finance["label"] == "files/Documents/Finance"
    assert {"kind": "open_folder", "path": finance["key"], "label": "Open folder"} in finance["actions"]
    chain = finance["evidence"][0]
    assert [step["type"] for step in chain] == ["Person", "Email", "File", "Folder"]
    assert chain[0]["label"].startswith("Jane Doe")
    assert [step["edge"] for step in chain] == ["from", "has_attachment", "parent", None]
    assert chain[-1]["key"] == finance["key"]


def test_a_finished_stream_is_not_replayed_to_a_reconnecting_browser(client):
    run_id = start_run(client, graph=JANE_GRAPH)
    messages = stream(client, run_id)
    last = messages[-1]["id"]
    again = client.get(f"/api/runs/{run_id}/events", headers={**AUTH, "Last-Event-ID": last})
    assert again.status_code == 204  # EventSource stops reconnecting
    resumed = client.get(f"/api/runs/{run_id}/events", headers={**AUTH, "Last-Event-ID": str(int(last) - 2)})
    assert names(parse_sse(resumed.get_data(as_text=True))) == names(messages)[-2:]


def test_an_edited_graph_runs_without_the_llm(make_app):
    def no_llm(question, on_event):
        raise AssertionError("the LLM must not be asked to run an edited graph")

    client = make_app(generate=no_llm).test_client()
    edited = json.loads(json.dumps(JANE_GRAPH))
    edited["constraints"][3]["value"] = "Sofia Alvarez"
    messages = stream(client, start_run(client, graph=edited, question=JANE_QUESTION))
    assert names(messages)[0] == "graph" and messages[0]["data"]["edited"] is True
    assert messages[0]["data"]["graph"]["constraints"][3]["value"] == "Sofia Alvarez"
    assert names(messages)[-1] == "result"


def test_nothing_matched_names_the_step_that_emptied_the_candidates(client):
    graph = json.loads(json.dumps(JANE_GRAPH))
    graph["constraints"][3]["value"] = "Nobody Atall"
    messages = stream(client, start_run(client, graph=graph))
    warning = next(m["data"] for m in messages if m["event"] == "warning")
    assert warning["var"] == "p" and "Nobody Atall" in warning["data"]["emptied_by"]
    result = messages[-1]["data"]
    assert result["count"] == 0 and result["items"] == []
    assert result["emptied_var"] == "p"
    assert result["emptied_by"] == 'resolve p (Person) on its own: p.name = "Nobody Atall" (left p empty)'
    node = client.get(f"/api/runs/{result['run']}/nodes/e", headers=AUTH).json
    assert node["state"] == "not_reached" and "not reached" in node["message"]


# -- errors -----------------------------------------------------------------------------------------

def test_a_question_the_parser_cannot_read_ends_with_an_error_event(client):
    messages = [m for m in stream(client, start_run(client, question="What is the meaning of life?"))
                if m["event"] != "progress"]
    assert names(messages) == ["generating", "error"]
    error = messages[-1]["data"]
    assert error["error"] == "GenerationError" and "rules parser" in error["message"]
    # the browser's user has no config file open: the refusal points to the page's Model setting
    assert "choose a model in Data > Model" in error["message"] and "[llm]" not in error["message"]


def test_a_missing_source_ends_with_an_error_event_that_names_it(tmp_path, make_app):
    config = parse_config({"sources": [{"type": "mbox", "path": "missing.mbox"}]}, base=tmp_path)
    client = make_app(config).test_client()
    messages = stream(client, start_run(client, graph={"action": "find", "return_var": "p", "vars": {"p": "Person"},
                                                      "constraints": [{"kind": "filter", "var": "p", "field": "name",
                                                                       "op": "=", "value": "Jane Doe"}]}))
    assert names(messages)[-1] == "error"
    error = messages[-1]["data"]
    assert error["error"] == "ConnectorError" and "missing.mbox" in error["message"]
    assert error["var"] == "p"
    assert "error" not in names(messages)[:-1]  # one error event, not the executor's and ours


def test_a_crash_in_generation_is_reported_not_swallowed(make_app):
    def broken(question, on_event):
        raise RuntimeError("boom")

    client = make_app(generate=broken).test_client()
    error = stream(client, start_run(client, question="anything"))[-1]
    assert error["event"] == "error" and "RuntimeError: boom" in error["data"]["message"]


def test_an_invalid_graph_is_refused_with_every_problem(client):
    bad = {"action": "find", "return_var": "x", "vars": {"p": "Person"},
           "constraints": [{"kind": "filter", "var": "p", "field": "colour", "op": "=", "value": "red"}]}
    response = client.post("/api/runs", json={"graph": bad}, headers=AUTH)
    assert response.status_code == 400
    problems = response.json["problems"]
    assert any("return_var 'x'" in p for p in problems) and any("no field 'colour'" in p for p in problems)

    check = client.post("/api/graph/check", json={"graph": bad}, headers=AUTH).json
    assert check["ok"] is False and check["problems"] == problems
    syntax = client.post("/api/graph/check", json={"graph": '{"action": "find",'}, headers=AUTH).json
    assert syntax["ok"] is False and "not valid JSON" in syntax["problems"][0]
    good = client.post("/api/graph/check", json={"graph": json.dumps(JANE_GRAPH)}, headers=AUTH).json
    assert good["ok"] is True and good["steps"][0]["text"].startswith("visit dir")


def test_a_run_needs_a_question_or_a_graph(client):
    response = client.post("/api/runs", json={"question": "   "}, headers=AUTH)
    assert response.status_code == 400 and "ask a question" in response.json["error"]
    assert client.post("/api/runs", data="question=x", headers=AUTH,
                       content_type="application/x-www-form-urlencoded").status_code == 415
    assert client.get("/api/runs/nope/events", headers=AUTH).status_code == 404


# -- cancel -----------------------------------------------------------------------------------------

class SlowMail(Connector):
    """One person and her one email; ``person_from_email`` waits until the test lets it go."""

    name = "slow"
    types = frozenset({T.EMAIL, T.PERSON})

    def __init__(self, source, context, started: threading.Event, release: threading.Event):
        super().__init__(source, context)
        self.started, self.release = started, release

    def find(self, type_, filters):
        if type_ == T.PERSON:
            return [Item(T.PERSON, "jane@x.example", {"email": "jane@x.example", "name": "Jane Doe"})]
        return None

    @tool(T.PERSON, "from", T.EMAIL)
    def person_from_email(self, selection):
        self.started.set()
        assert self.release.wait(10)
        return [("jane@x.example", Item(T.EMAIL, "m1", {"message_id": "m1", "subject": "Hi", "_ts": 1.0}))]


SLOW_GRAPH = {"action": "find", "return_var": "e", "vars": {"e": "Email", "p": "Person"},
              "constraints": [{"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                              {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"}]}


@pytest.fixture
def slow(make_app):
    started, release = threading.Event(), threading.Event()
    config = Config(self_emails=("me@x.example",))
    engine = Engine(config, connectors=[SlowMail(None, None, started, release)])
    app = make_app(config, engine=engine)
    yield app, started, release
    release.set()


def test_cancel_stops_the_run_before_its_next_step(slow):
    app, started, release = slow
    client = app.test_client()
    run_id = start_run(client, graph=SLOW_GRAPH)
    assert started.wait(10)
    response = client.post(f"/api/runs/{run_id}/cancel", json={}, headers=AUTH)
    assert response.json == {"id": run_id, "cancelled": True, "status": "cancelled"}
    messages = stream(client, run_id)  # the browser hears it at once, while the tool is still busy
    assert names(messages)[-1] == "cancelled" and "result" not in names(messages)
    run = app.extensions["queryweaver"].runs.get(run_id)
    release.set()
    with app.extensions["queryweaver"].engine_session(timeout=10) as engine:  # the worker let go of the engine
        assert engine is not None
    assert run.result is None  # the executor stopped before finishing the plan
    assert run.events()[-1][0] == "cancelled" and len(run.events()) == len(messages)


def test_closing_the_page_cancels_the_run(slow):
    app, _started, release = slow
    client = app.test_client()
    run_id = start_run(client, graph=SLOW_GRAPH)
    response = client.get(f"/api/runs/{run_id}/events", headers=AUTH, buffered=False)
    seen = ""
    for chunk in response.response:
        seen += chunk.decode() if isinstance(chunk, bytes) else chunk
        if "event: tool_called" in seen:
            break
    run = app.extensions["queryweaver"].runs.get(run_id)
    assert not run.cancel.is_set()
    response.close()  # the browser went away: GeneratorExit in the stream
    assert run.cancel.is_set()
    release.set()
    assert run.wait_finished(10)
    assert run.status == "cancelled"


# -- node details and answer pages ------------------------------------------------------------------

def test_node_candidates_come_a_page_at_a_time(client):
    run_id = start_run(client, graph=RECEIVED_GRAPH)
    result = stream(client, run_id)[-1]["data"]
    total = result["count"]
    assert total > 25, "the demo has more received mail than one page"
    first = client.get(f"/api/runs/{run_id}/nodes/e?page=1", headers=AUTH).json
    assert first["count"] == total and first["pages"] == -(-total // 20) and len(first["items"]) == 20
    assert set(first["items"][0]["fields"]) >= {"message_id", "subject", "from", "date"}
    second = client.get(f"/api/runs/{run_id}/nodes/e?page=2", headers=AUTH).json
    assert second["page"] == 2 and not {i["key"] for i in first["items"]} & {i["key"] for i in second["items"]}
    last = client.get(f"/api/runs/{run_id}/nodes/e?page=999", headers=AUTH).json
    assert last["page"] == first["pages"] and len(last["items"]) == total - 20 * (first["pages"] - 1)
    me = client.get(f"/api/runs/{run_id}/nodes/me", headers=AUTH).json
    assert me["count"] == 1 and me["items"][0]["type"] == "Self"
    assert client.get(f"/api/runs/{run_id}/nodes/zz", headers=AUTH).status_code == 404
    assert client.get(f"/api/runs/{run_id}/nodes/e?page=x", headers=AUTH).status_code == 400

    answers = client.get(f"/api/runs/{run_id}/answers?page=2", headers=AUTH).json
    assert answers["page"] == 2 and answers["count"] == total and answers["per_page"] == 10
    assert [i["key"] for i in answers["items"]] == [i["key"] for i in first["items"][10:20]]  # the node's order
    assert answers["items"][0]["evidence"][0][0]["type"] == "Self"


def test_download_all_streams_every_answer_with_its_evidence(client, monkeypatch):
    """The answer panel's "Download all": every answer with its evidence, as `run --format` writes them, written a
    batch at a time (batches of 7 here), as a file; the page's link carries no token, its cookie does (here the
    token header, as a script would send it)."""
    import csv
    import io

    from queryweaver import executor

    monkeypatch.setattr(executor, "EVIDENCE_BATCH", 7)
    run_id = start_run(client, graph=RECEIVED_GRAPH)
    total = stream(client, run_id)[-1]["data"]["count"]
    assert total > 20
    lines = client.get(f"/api/runs/{run_id}/export?format=jsonl", headers=AUTH)
    assert lines.status_code == 200 and lines.mimetype == "application/x-ndjson"
    assert lines.headers["Content-Disposition"] == f'attachment; filename="queryweaver-{run_id}.jsonl"'
    records = [json.loads(line) for line in lines.get_data(as_text=True).splitlines()]
    assert len(records) == total and all(r["evidence"]["via"][0]["type"] == "Self" for r in records)
    first = client.get(f"/api/runs/{run_id}/answers?page=1", headers=AUTH).json
    assert [r["message_id"] for r in records[:10]] == [i["key"] for i in first["items"]]
    table = client.get(f"/api/runs/{run_id}/export?format=csv", headers=AUTH)
    rows = list(csv.reader(io.StringIO(table.get_data(as_text=True))))
    assert rows[0] == ["message_id", "subject", "from", "date", "evidence"] and len(rows) == total + 1
    assert [r[0] for r in rows[1:]] == [r["message_id"] for r in records]  # one header, every batch after it
    assert client.get(f"/api/runs/{run_id}/export?format=xml", headers=AUTH).status_code == 400
    assert client.get(f"/api/runs/{run_id}/export?format=csv").status_code == 403
    assert client.get(f"/api/runs/{run_id}/export?format=csv&token={TOKEN}").status_code == 403  # never in a URL


def test_a_variable_without_constraints_is_not_listed_item_by_item(client):
    graph = {"action": "find", "return_var": "f", "vars": {"f": "File", "e": "Email"},
             "constraints": [{"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                             {"kind": "filter", "var": "f", "field": "extension", "op": "=", "value": "txt"}]}
    run_id = start_run(client, graph=graph)
    assert names(stream(client, run_id))[-1] == "result"
    node = client.get(f"/api/runs/{run_id}/nodes/e", headers=AUTH).json
    assert node["state"] == "all" and node["count"] is None and "every Email" in node["message"]


# -- opening things ---------------------------------------------------------------------------------

def test_open_folder_only_inside_the_configured_sources(tmp_path, make_app):
    root = tmp_path / "files"
    (root / "Documents" / "Finance").mkdir(parents=True)
    (root / "Documents" / "Finance" / "budget.xlsx").write_text("x")
    (root / "escape").symlink_to("/", target_is_directory=True)
    config = parse_config({"sources": [{"type": "files", "root": "files"}]}, base=tmp_path)
    app = make_app(config)
    client = app.test_client()

    ok = client.post("/api/open", json={"path": str(root / "Documents" / "Finance")}, headers=AUTH)
    assert ok.status_code == 200 and app.opened == [str((root / "Documents" / "Finance").resolve())]
    for path in ["/", "/etc", str(root / ".." / ".."), str(root / "escape"), str(root / "escape" / "etc"),
                 "Documents", str(root / "Documents" / "Finance" / "budget.xlsx"), str(root / "gone"), ""]:
        refused = client.post("/api/open", json={"path": path}, headers=AUTH)
        assert refused.status_code == 403, path
        assert refused.json["error"]
    assert client.post("/api/open", json={"path": str(root)}).status_code == 403  # no token
    assert len(app.opened) == 1


def test_item_links_are_web_links_only():
    assert web_link("https://mail.google.com/mail/u/0/#all/18c2") == "https://mail.google.com/mail/u/0/#all/18c2"
    assert web_link("www.example.com/a") == "https://www.example.com/a"
    for bad in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "/home/alex", "http://x\n.y", None, 3]:
        assert web_link(bad) is None


def test_evidence_chains_read_from_the_first_clue_to_the_answer():
    tree = {"var": "dir", "type": "Folder", "key": "/r/files/Fin", "label": "/r/files/Fin", "via": [
        {"var": "f", "type": "File", "key": "b.xlsx", "label": "b.xlsx", "edge": "parent", "via": [
            {"var": "e", "type": "Email", "key": "<1>", "label": "Budget", "edge": "has_attachment", "via": [
                {"var": "p", "type": "Person", "key": "jane@x", "label": "Jane Doe <jane@x>", "edge": "from",
                 "via": []}]}]}]}
    chain, = evidence_chains(tree, ["/r/files"])
    assert [(s["label"], s["edge"]) for s in chain] == [
        ("Jane Doe <jane@x>", "from"), ("Budget", "has_attachment"), ("b.xlsx", "parent"), ("files/Fin", None)]
    assert evidence_chains(None) == [] and evidence_chains({**tree, "via": []}) == []


# -- recent questions -------------------------------------------------------------------------------

def test_recent_questions_are_kept_in_the_data_dir(tmp_path, client):
    stream(client, start_run(client, question=JANE_QUESTION))
    stream(client, start_run(client, question="Find all the email attachments of type .txt."))
    stream(client, start_run(client, question=JANE_QUESTION.upper()))
    stored = json.loads((tmp_path / "data" / "recent.json").read_text())
    assert stored["questions"] == [JANE_QUESTION.upper(), "Find all the email attachments of type .txt."]
    assert client.get("/api/recent", headers=AUTH).json["recent"] == stored["questions"]
    assert client.post("/api/recent/clear", json={}, headers=AUTH).json == {"recent": []}
    assert json.loads((tmp_path / "data" / "recent.json").read_text())["questions"] == []


def test_recent_questions_default_to_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("QUERYWEAVER_DATA_DIR", raising=False)
    import platformdirs

    assert default_recent_path() == Path(platformdirs.user_data_dir("queryweaver")) / "recent.json"
    monkeypatch.setenv("QUERYWEAVER_DATA_DIR", str(tmp_path))
    assert default_recent_path() == tmp_path / "recent.json"


# -- serving ----------------------------------------------------------------------------------------

def test_serve_opens_the_browser_on_localhost_and_stops_on_ctrl_c(tmp_path, capsys):
    opened = []

    def browser(url):
        opened.append(url)
        raise KeyboardInterrupt  # as if the user pressed Ctrl+C right away

    assert serve(load_config(None), port=0, browser_open=browser, recent=RecentQuestions(None)) == 0
    assert len(opened) == 1 and re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=[\w-]{40,}", opened[0])
    assert "demo data" in capsys.readouterr().err


def test_web_server_binds_127_0_0_1_only(app):
    server = make_web_server(app, 0)
    try:
        assert server.server_address[0] == "127.0.0.1"
    finally:
        server.server_close()


def test_serve_command_answers_on_localhost(tmp_path):
    env = dict(os.environ, QUERYWEAVER_DATA_DIR=str(tmp_path / "data"))
    # -X faulthandler: if Ctrl+C does not stop it, SIGABRT makes it print every thread's stack for the report.
    # Started with SIGINT ignored, as a background shell job (`.ci/run &`) is: Ctrl+C must stop it all the same.
    command = [sys.executable, "-X", "faulthandler", "-m", "queryweaver.cli", "serve", "--port", "0", "--no-browser"]
    proc = subprocess.Popen(["sh", "-c", 'trap "" INT; exec "$@"', "sh", *command], cwd=REPO, env=env,
                            stderr=subprocess.PIPE, text=True)
    try:
        said = proc.stderr.readline() + proc.stderr.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)", said)
        assert match, said
        with pytest.raises(urllib.error.HTTPError) as locked:  # the page without the link's key
            urllib.request.urlopen(f"http://127.0.0.1:{match.group(1)}/", timeout=10)
        assert locked.value.code == 403 and match.group(2) not in locked.value.read().decode()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(match.group(0), timeout=10) as response:  # the printed link: a cookie, then the page
            html = response.read().decode()
            assert response.url == f"http://127.0.0.1:{match.group(1)}/"
            assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert 'id="ask-form"' in html and match.group(2) not in html
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGABRT)
            _, stacks = proc.communicate(timeout=30)
            pytest.fail(f"serve did not stop within 30 s of Ctrl+C; its threads were:\n{stacks}")
        assert code == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_mail_that_arrives_while_the_app_runs_is_found_and_grounds_questions(make_app, tmp_path):
    """The web app's engine lives long: it refreshes its indexes (and so its lexicon) between runs."""
    import shutil

    from tests.mail_fixtures import append_to_mbox, new_message

    copy = tmp_path / "demo"
    shutil.copytree(Path(load_config(None).path).parent, copy)
    config = load_config(copy / "config.toml")
    config.cache_dir_setting = str(tmp_path / "cache")
    app = make_app(config)
    state = app.extensions["queryweaver"]
    state.index_max_age = 0.0  # refresh before every run, as 30 s later would
    client = app.test_client()
    question = "emails from zoe quartermain"
    first = stream(client, start_run(client, question=question))
    assert first[-1]["event"] in ("result", "error")
    append_to_mbox(next(copy.rglob("*.mbox")), new_message("Zoë Quartermain <zq@example.net>",
                                                          "Arrived while you were looking", "<zq@arrived.example>"))
    messages = stream(client, start_run(client, question=question))
    assert messages[-1]["event"] == "result", messages[-1]
    graph = next(m["data"]["graph"] for m in messages if m["event"] == "graph")
    assert {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Zoë Quartermain"} \
        in graph["constraints"]  # grounded, typo-free, in the data's own spelling
    assert messages[-1]["data"]["count"] == 1
