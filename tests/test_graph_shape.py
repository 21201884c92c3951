"""The graph's shape is checked by hand (no pydantic on the start-up path, issue 15), exactly as the pydantic
declaration it replaced did: the same graphs accepted with the same values, the same messages for the rest.

The reference below is that declaration, kept here only as the yardstick: every input is read by both and the
results compared, so a difference in what is accepted, in a value's type or in a message fails.
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated, Any, Literal, Union

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from queryweaver.errors import GraphError
from queryweaver.events import Event, EventKind
from queryweaver.graph import EdgeConstraint, FilterConstraint, QueryGraph, read_shape


class RefEdge(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")
    kind: Literal["edge"] = "edge"
    from_: str = Field(alias="from")
    edge: str
    to: str


class RefFilter(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["filter"] = "filter"
    var: str
    field: str
    op: str
    value: Union[str, int, float]


class RefGraph(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = "find"
    return_var: str
    return_mode: str = "all"
    vars: dict[str, str]
    constraints: list[Annotated[Union[RefEdge, RefFilter], Field(discriminator="kind")]] = []


class RefEvent(BaseModel):
    kind: EventKind
    seq: int = 0
    t: float = 0.0
    var: str | None = None
    message: str = ""
    data: dict[str, Any] = Field(default_factory=dict)


def reference_message(err: dict, data: dict) -> str:
    """How graph.py turned a pydantic error into a message before the check was written by hand."""
    loc = list(err.get("loc", ()))
    if loc and loc[0] == "constraints" and len(loc) >= 2 and isinstance(loc[1], int):
        index = loc[1]
        raw = data.get("constraints", [])[index] if isinstance(data.get("constraints"), list) else None
        where = f"constraint {index + 1}"
        if isinstance(raw, dict):
            kind = raw.get("kind")
            if kind not in ("edge", "filter"):
                return f"{where}: kind must be 'edge' or 'filter', not {kind!r}"
            field = loc[3] if len(loc) > 3 else None
            if err["type"] == "missing":
                return f"{where} ({kind}): missing {field!r}"
            if err["type"] == "extra_forbidden":
                return f"{where} ({kind}): unexpected key {field!r}"
            return f"{where} ({kind}): {field!r} {err['msg'].lower()}"
        return f"{where}: must be an object with kind 'edge' or 'filter'"
    name = ".".join(str(p) for p in loc) or "graph"
    if err["type"] == "missing":
        if name == "return_var":
            return "return_var is missing; name the variable whose items are the answer"
        return f"{name} is missing"
    if err["type"] == "extra_forbidden":
        return f"unexpected key {name!r} in the graph"
    return f"{name}: {err['msg'].lower()}"


def reference(data: dict):
    """(problems, dumped graph) as the pydantic declaration reads ``data``."""
    try:
        graph = RefGraph.model_validate(data)
    except ValidationError as exc:
        return [reference_message(err, data) for err in exc.errors()], None
    return [], _typed(graph.model_dump(by_alias=True))


def ours(data: dict):
    shape, problems = read_shape(data)
    if problems:
        return problems, None
    return [], _typed({"action": shape.action, "return_var": shape.return_var, "return_mode": shape.return_mode,
                       "vars": shape.vars, "constraints": [c.to_json() for c in shape.constraints]})


def _typed(value):
    """The value with every leaf's type spelt out, so 1 and 1.0 and "1" differ."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


class Colour(str, Enum):
    RED = "red"


GOOD_EDGE = {"kind": "edge", "from": "e", "edge": "from", "to": "p"}
GOOD_FILTER = {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"}
BASE = {"action": "find", "return_var": "e", "return_mode": "all", "vars": {"e": "Email", "p": "Person"},
        "constraints": [GOOD_EDGE, GOOD_FILTER]}


def with_(**changes):
    data = json.loads(json.dumps(BASE))
    data.update(changes)
    return data


def without(*keys):
    data = json.loads(json.dumps(BASE))
    for key in keys:
        del data[key]
    return data


def edge(**changes):
    return [{**GOOD_EDGE, **changes}, GOOD_FILTER]


def filt(**changes):
    return [GOOD_EDGE, {**GOOD_FILTER, **changes}]


def drop(item: dict, *keys):
    return {k: v for k, v in item.items() if k not in keys}


CASES = [
    BASE, without("action"), without("return_mode"), without("constraints"), without("return_var"), without("vars"),
    without("return_var", "vars", "action"), {}, with_(extra=1), with_(extra=1, more=2, action=3),
    with_(action=None), with_(action=1), with_(action=["find"]), with_(return_var=7), with_(return_mode=True),
    with_(action=Colour.RED), with_(action=b"find"), with_(return_var=""),
    with_(vars=[]), with_(vars="e"), with_(vars=None), with_(vars={}), with_(vars={"e": 1, "p": None}),
    with_(vars={"e": "Email", "p": ["Person"]}),
    with_(constraints=None), with_(constraints={}), with_(constraints="x"), with_(constraints=[]),
    with_(constraints=(GOOD_EDGE, GOOD_FILTER)), with_(constraints=[1, "x", None, []]),
    with_(constraints=[{}]), with_(constraints=[{"kind": "edgy"}]), with_(constraints=[{"kind": None}]),
    with_(constraints=[{"kind": 1, "var": "p"}]), with_(constraints=[drop(GOOD_EDGE, "kind")]),
    with_(constraints=edge(to=None)), with_(constraints=edge(to=3, edge=4)),
    with_(constraints=[drop(GOOD_EDGE, "from")]), with_(constraints=[drop(GOOD_EDGE, "from", "to", "edge")]),
    with_(constraints=[{**drop(GOOD_EDGE, "from"), "from_": "e"}]),
    with_(constraints=[{**GOOD_EDGE, "from_": "x"}]), with_(constraints=edge(extra=1)),
    with_(constraints=edge(extra=1, to=None)), with_(constraints=[{**drop(GOOD_EDGE, "from"), "extra": 2}]),
    with_(constraints=filt(value=3)), with_(constraints=filt(value=2.5)), with_(constraints=filt(value=2.0)),
    with_(constraints=filt(value=True)), with_(constraints=filt(value=None)), with_(constraints=filt(value=[1])),
    with_(constraints=filt(value={"a": 1})), with_(constraints=filt(value=Colour.RED)),
    with_(constraints=filt(value=b"x")), with_(constraints=filt(value=float("nan"))),
    with_(constraints=filt(value=10**30)), with_(constraints=filt(op=None, field=2)),
    with_(constraints=[drop(GOOD_FILTER, "value", "op")]), with_(constraints=filt(extra=None)),
    with_(constraints=[GOOD_EDGE, {**GOOD_EDGE, "kind": "filter"}]),
    with_(constraints=[GOOD_FILTER, {**GOOD_FILTER, "kind": "edge"}]),
    with_(action=1, constraints=[{"kind": "edgy"}, drop(GOOD_EDGE, "to"), 5], extra=True, vars={"e": 2}),
]


@pytest.mark.parametrize("data", CASES, ids=[str(i) for i in range(len(CASES))])
def test_the_shape_is_read_as_the_pydantic_declaration_read_it(data):
    assert ours(data) == reference(data)


def test_constraints_compare_and_print_as_before():
    edge_ = EdgeConstraint(from_="e", edge="from", to="p")
    assert edge_ != EdgeConstraint(from_="e", edge="to", to="p")
    assert edge_.to_json() == GOOD_EDGE
    flt = FilterConstraint(var="p", field="name", op="=", value="Jane Doe")
    assert flt.to_json() == GOOD_FILTER and flt.describe() == 'filter p.name = "Jane Doe"'
    graph = QueryGraph.parse(BASE)
    assert graph.to_json() == BASE and graph.constraints == [edge_, flt]
    with pytest.raises(GraphError) as info:
        QueryGraph.parse(with_(vars={"e": 1}))
    assert info.value.problems == ["vars.e: input should be a valid string"]


@pytest.mark.parametrize("data", [
    {}, {"steps": [{"kind": "tool", "text": "x", "vars": ("a", "b")}], "tools": 3, "notes": []},
    {"kind": EventKind.DONE, "when": None, "nested": {"a": [1, 2.5, True, None, {"b": ("c",)}]}, "count": 10**20},
])
def test_events_serialise_as_the_pydantic_event_did(data):
    event = Event(kind=EventKind.TOOL_RESULT, seq=4, t=0.25, var="e", message="result size: 3", data=data)
    assert event.to_json() == RefEvent(kind=EventKind.TOOL_RESULT, seq=4, t=0.25, var="e", message="result size: 3",
                                       data=data).model_dump(mode="json")
    assert Event(kind=EventKind.WARNING, message="m").to_json() == \
        RefEvent(kind=EventKind.WARNING, message="m").model_dump(mode="json")
