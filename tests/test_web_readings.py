"""The web API carries how a question was read: a typed ``readings`` event before the graph, with the best
reading and its alternatives (each with a runnable graph), the confidence and the mentions; running an
alternative is an edited-graph run, with no parser involved. The parser is stood in for (tests/readings.py)."""

from __future__ import annotations

import pytest

from queryweaver.config import load_config
from queryweaver.web import create_app
from queryweaver.web.history import RecentQuestions
from queryweaver.web.sse import EVENT_NAMES, ReadingsEvent, StreamKind, parse_sse
from tests.readings import FOSTER, QUESTION, READINGS, SATO, nadia_generation, sure_generation, web_generate

TOKEN = "test-token"
AUTH = {"X-QueryWeaver-Token": TOKEN}


@pytest.fixture
def make_client(tmp_path):
    apps = []

    def make(generate):
        app = create_app(load_config(None), token=TOKEN, testing=True, generate=generate, opener=lambda p: None,
                         recent=RecentQuestions(tmp_path / "recent.json"))
        app.config["QW_SSE_KEEPALIVE"] = 0.05
        apps.append(app)
        return app.test_client()

    yield make
    for app in apps:
        app.extensions["queryweaver"].close()


def run_and_stream(client, **body) -> list[dict]:
    response = client.post("/api/runs", json=body, headers=AUTH)
    assert response.status_code == 202, response.json
    events = client.get(f"/api/runs/{response.json['id']}/events", headers=AUTH)
    return parse_sse(events.get_data(as_text=True))


def test_readings_is_a_typed_event_the_browser_knows():
    assert StreamKind.READINGS.value == "readings" and "readings" in EVENT_NAMES
    event = ReadingsEvent.from_generation(QUESTION, nadia_generation())
    assert event.kind is StreamKind.READINGS
    assert [r.number for r in event.readings] == [0, 1, 2]
    assert event.low_confidence is True and event.confidence == 0.45


def test_a_question_with_alternatives_streams_them_before_the_graph(make_client):
    messages = run_and_stream(make_client(web_generate), question=QUESTION)
    kinds = [m["event"] for m in messages]
    assert kinds[:3] == ["generating", "readings", "graph"] and kinds[-1] == "result"
    readings = messages[1]["data"]
    assert readings["question"] == QUESTION
    assert readings["confidence"] == 0.45 and readings["low_confidence"] is True
    assert [(r["number"], r["text"], r["confidence"]) for r in readings["readings"]] == [
        (0, "emails Nadia Foster sent you", 0.45), (1, "emails Nadia Sato sent you", 0.4),
        (2, "emails you sent to Nadia Foster", 0.15)]
    assert [r["graph"] for r in readings["readings"]] == [r.graph.to_json() for r in READINGS]
    assert readings["readings"][0]["graph"] == messages[2]["data"]["graph"]  # the best reading is what runs
    [mention] = readings["mentions"]
    assert (mention["text"], mention["kind"], mention["value"]) == ("Nadia", "person", FOSTER)
    assert mention["candidates"] == [[FOSTER, "nadia@fabrikam.example"], [SATO, "nadia@mail.example"]]
    assert messages[-1]["data"]["count"] == 10


def test_a_sure_reading_has_no_alternatives_and_no_notice(make_client):
    messages = run_and_stream(make_client(lambda question, on_event: sure_generation()), question=QUESTION)
    readings = next(m["data"] for m in messages if m["event"] == "readings")
    assert readings["low_confidence"] is False and len(readings["readings"]) == 1
    assert readings["readings"][0]["text"] == "emails Nadia Foster sent you"


def test_running_an_alternative_is_an_edited_run_without_the_parser(make_client):
    asked: list[str] = []

    def generate(question, on_event):
        asked.append(question)
        return nadia_generation()

    client = make_client(generate)
    first = run_and_stream(client, question=QUESTION)
    alternative = next(m["data"] for m in first if m["event"] == "readings")["readings"][1]
    again = run_and_stream(client, graph=alternative["graph"], question=QUESTION)
    assert asked == [QUESTION]  # the chip ran the alternative's graph; the parser was not asked again
    kinds = [m["event"] for m in again]
    assert "readings" not in kinds and kinds[0] == "graph" and again[0]["data"]["edited"] is True
    assert again[0]["data"]["graph"] == alternative["graph"]
    result = again[-1]["data"]
    assert result["count"] == 8
    assert {item["fields"]["from"] for item in result["items"]} == {"nadia@mail.example"}


def test_a_generator_that_returns_only_a_graph_still_gets_a_readings_event(make_client):
    class Bare:  # an injected generator may know nothing of readings
        graph = READINGS[0].graph

    messages = run_and_stream(make_client(lambda question, on_event: Bare()), question=QUESTION)
    readings = next(m["data"] for m in messages if m["event"] == "readings")
    assert readings["confidence"] == 1.0 and readings["low_confidence"] is False
    assert readings["readings"][0]["text"] == "" and readings["mentions"] == []
