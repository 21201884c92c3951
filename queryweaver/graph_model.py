"""The query graph's JSON form as pydantic models: the definition ``QueryGraph.parse`` validates against.

``QueryGraph.well_formed`` takes a graph written exactly in this form without loading pydantic; anything
else comes here: pydantic accepts the lax forms (``from_`` for ``from``, a tuple for a list...) and words
what is wrong, constraint by constraint, in the messages ``GraphError`` carries.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import GraphError
from .graph import EdgeConstraint, FilterConstraint, QueryGraph


class EdgeModel(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    kind: Literal["edge"] = "edge"
    from_: str = Field(alias="from")
    edge: str
    to: str


class FilterModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["filter"] = "filter"
    var: str
    field: str
    op: str
    value: Union[str, int, float]


class GraphModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = "find"
    return_var: str
    return_mode: str = "all"
    vars: dict[str, str]
    constraints: list[Annotated[Union[EdgeModel, FilterModel], Field(discriminator="kind")]] = []


def validate(data: dict) -> QueryGraph:
    """The graph ``data`` writes, as pydantic reads it (not yet checked against the schema), or
    ``GraphError`` with a message for every problem."""
    try:
        model = GraphModel.model_validate(data)
    except ValidationError as exc:
        raise GraphError([_pydantic_message(err, data) for err in exc.errors()]) from exc
    return QueryGraph(action=model.action, return_var=model.return_var, return_mode=model.return_mode,
                      vars=model.vars, constraints=[
                          EdgeConstraint(from_=c.from_, edge=c.edge, to=c.to) if isinstance(c, EdgeModel)
                          else FilterConstraint(var=c.var, field=c.field, op=c.op, value=c.value)
                          for c in model.constraints])


def _pydantic_message(err: Any, data: dict) -> str:
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
