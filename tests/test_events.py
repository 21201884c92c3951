"""Executor events are plain objects (the command line does not load pydantic for them); their JSON form
(the CLI's ``trace``, the web UI's stream) is what pydantic gives for the same fields: checked here over
the events of real runs on the demo data, both planners, and over values of every kind the form allows."""

from __future__ import annotations

import json
from datetime import date, datetime
from enum import Enum
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
from pydantic import BaseModel, Field

from queryweaver.config import load_config
from queryweaver.engine import Engine
from queryweaver.events import Event, EventKind
from queryweaver.paper_graphs import paper_graphs

DEMO_CONFIG = Path(__file__).resolve().parent.parent / "queryweaver" / "demo_data" / "config.toml"


class Reference(BaseModel):
    """The fields of an event as a pydantic model, the definition its JSON form is checked against."""

    kind: EventKind
    seq: int = 0
    t: float = 0.0
    var: str | None = None
    message: str = ""
    data: dict[str, Any] = Field(default_factory=dict)


def reference_json(event: Event) -> dict:
    return Reference(kind=event.kind, seq=event.seq, t=event.t, var=event.var, message=event.message,
                     data=event.data).model_dump(mode="json")


@pytest.fixture(scope="module")
def traces():
    engine = Engine(load_config(DEMO_CONFIG))
    try:
        found = []
        for query in paper_graphs():
            for planner in ("cost", "paper"):
                from queryweaver.graph import QueryGraph

                found.append(engine.run(QueryGraph.parse(query.graph), planner=planner).trace)
        yield found
    finally:
        engine.close()


def test_the_json_of_every_event_of_real_runs_is_pydantics(traces):
    events = [e for trace in traces for e in trace]
    assert {e.kind for e in events} >= {EventKind.PLAN, EventKind.TOOL_CALLED, EventKind.NODE_RESOLVED, EventKind.DONE}
    for event in events:
        mine = event.to_json()
        assert json.dumps(mine) == json.dumps(reference_json(event)), event
        assert json.loads(json.dumps(mine)) == mine  # JSON types only


class Colour(Enum):
    RED = "red"


@pytest.mark.parametrize("value", [
    {"n": 1, "x": 2.5, "b": True, "none": None, "s": "é"},
    {"steps": ({"kind": "visit", "vars": ["e", "p"]},), "set": {3}},
    {"kind": EventKind.DONE, "colour": Colour.RED, "nested": [[Colour.RED, (1, 2)]]},
    {"day": date(2025, 2, 3), "at": datetime(2025, 2, 3, 9, 30)},
])
def test_values_of_other_kinds_get_pydantics_json_form(value):
    event = Event(kind="warning", seq=3, t=0.25, var="e", message="m", data=value)
    assert event.kind is EventKind.WARNING
    assert json.dumps(event.to_json()) == json.dumps(reference_json(event))


def test_a_value_with_no_json_form_is_an_error_not_a_guess():
    with pytest.raises(TypeError, match="no JSON form"):
        Event(kind=EventKind.WARNING, data={"where": PurePosixPath("/a")}).to_json()
