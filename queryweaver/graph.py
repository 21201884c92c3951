"""The query graph: the paper's JSON, parsed and validated against the schema.

``QueryGraph.parse(data)`` accepts the JSON exactly as the paper writes it and either returns a graph in
canonical form (every edge written in the schema's direction, extensions without the dot) or raises
``GraphError`` listing every problem, each naming the constraint at fault.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import GraphError
from .schema import (
    ACTIONS,
    EDGE_NAMES,
    ORDINAL_VALUES,
    RETURN_MODES,
    EntityType,
    fields_for,
    find_edge_rule,
)

TYPE_NAMES = [t.value for t in EntityType]


class EdgeConstraint(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    kind: Literal["edge"] = "edge"
    from_: str = Field(alias="from")
    edge: str
    to: str

    def describe(self) -> str:
        return f"edge {self.from_} -{self.edge}-> {self.to}"

    def key(self) -> tuple:
        return ("edge", self.from_, self.edge, self.to)


class FilterConstraint(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["filter"] = "filter"
    var: str
    field: str
    op: str
    value: Union[str, int, float]

    def describe(self) -> str:
        return f"filter {self.var}.{self.field} {self.op} {json.dumps(self.value)}"

    def key(self) -> tuple:
        return ("filter", self.var, self.field, self.op, str(self.value).strip().lower())


Constraint = Annotated[Union[EdgeConstraint, FilterConstraint], Field(discriminator="kind")]


class QueryGraph(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = "find"
    return_var: str
    return_mode: str = "all"
    vars: dict[str, str]
    constraints: list[Constraint] = []

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def parse(cls, data: Any) -> "QueryGraph":
        """Parse a dict or JSON text; raise ``GraphError`` with every problem found."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise GraphError(f"the graph is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from exc
        if not isinstance(data, dict):
            raise GraphError("the graph must be a JSON object with action, return_var, vars and constraints")
        try:
            graph = cls.model_validate(data)
        except ValidationError as exc:
            raise GraphError([_pydantic_message(err, data) for err in exc.errors()]) from exc
        graph._check_and_canonicalize()
        return graph

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, mode="json")

    # ---- accessors ----------------------------------------------------------------------------
    def var_type(self, var: str) -> EntityType:
        return EntityType(self.vars[var])

    @property
    def edges(self) -> list[EdgeConstraint]:
        return [c for c in self.constraints if isinstance(c, EdgeConstraint)]

    @property
    def filters(self) -> list[FilterConstraint]:
        return [c for c in self.constraints if isinstance(c, FilterConstraint)]

    def filters_on(self, var: str) -> list[FilterConstraint]:
        return [f for f in self.filters if f.var == var]

    def neighbors(self) -> dict[str, list[tuple[str, EdgeConstraint]]]:
        """Adjacency list, edges undirected, in constraint order (the planner's DFS order)."""
        adj: dict[str, list[tuple[str, EdgeConstraint]]] = {v: [] for v in self.vars}
        for edge in self.edges:
            adj[edge.from_].append((edge.to, edge))
            adj[edge.to].append((edge.from_, edge))
        return adj

    # ---- validation ---------------------------------------------------------------------------
    def _check_and_canonicalize(self) -> None:
        problems: list[str] = []
        if self.action not in ACTIONS:
            problems.append(f"action {self.action!r} is unknown; use one of {', '.join(ACTIONS)}")
        if self.return_mode not in RETURN_MODES:
            problems.append(f"return_mode {self.return_mode!r} is unknown; use one of {', '.join(RETURN_MODES)}")
        if not self.vars:
            problems.append("vars is empty; declare at least the variable to return")
        for var, type_name in self.vars.items():
            if not var.strip():
                problems.append("a variable has an empty name")
            if type_name not in TYPE_NAMES:
                problems.append(f"variable {var!r} has unknown type {type_name!r}; use one of {', '.join(TYPE_NAMES)}")
        if not self.return_var:
            problems.append("return_var is missing; name the variable whose items are the answer")
        elif self.return_var not in self.vars:
            problems.append(f"return_var {self.return_var!r} is not declared in vars")

        seen: dict[tuple, int] = {}
        for index, constraint in enumerate(self.constraints, start=1):
            where = f"constraint {index} ({constraint.describe()})"
            if isinstance(constraint, EdgeConstraint):
                problems += self._check_edge(constraint, where)
                key = constraint.key()
            else:
                problems += self._check_filter(constraint, where)
                key = constraint.key()
            if key in seen:
                problems.append(f"{where} repeats constraint {seen[key]}; remove one of them")
            else:
                seen[key] = index
        if not problems:
            problems += self._check_connected()
        if problems:
            raise GraphError(problems)

    def _check_edge(self, edge: EdgeConstraint, where: str) -> list[str]:
        problems = []
        for end in (edge.from_, edge.to):
            if end not in self.vars:
                problems.append(f"{where}: variable {end!r} is used but not declared in vars")
        if edge.from_ == edge.to:
            problems.append(f"{where}: an edge must join two different variables")
        if edge.edge not in EDGE_NAMES:
            problems.append(f"{where}: unknown edge {edge.edge!r}; use one of {', '.join(EDGE_NAMES)}")
        if problems:
            return problems
        a, b = self.vars[edge.from_], self.vars[edge.to]
        if a not in TYPE_NAMES or b not in TYPE_NAMES:
            return []  # already reported on the variable
        found = find_edge_rule(EntityType(a), edge.edge, EntityType(b))
        if found is None:
            allowed = [f"{r.source} {r.name} {r.target}" for r in _rules_named(edge.edge)]
            return [f"{where}: {a} -{edge.edge}-> {b} is not allowed (in either direction); "
                    f"'{edge.edge}' joins only: {'; '.join(allowed)}"]
        _rule, reversed_ = found
        if reversed_:  # store every edge in the schema's direction
            edge.from_, edge.to = edge.to, edge.from_
        return []

    def _check_filter(self, flt: FilterConstraint, where: str) -> list[str]:
        if flt.var not in self.vars:
            return [f"{where}: variable {flt.var!r} is used but not declared in vars"]
        type_name = self.vars[flt.var]
        if type_name not in TYPE_NAMES:
            return []
        type_ = EntityType(type_name)
        fields = fields_for(type_)
        if flt.field == "ordinal" and type_ != EntityType.EMAIL:
            return [f"{where}: ordinal (first/last) applies to Email only, not to {type_}"]
        if flt.field not in fields:
            known = ", ".join(fields) or "none"
            return [f"{where}: {type_} has no field {flt.field!r}; its fields are: {known}"]
        spec = fields[flt.field]
        if flt.op not in spec.operators:
            return [f"{where}: operator {flt.op!r} is not allowed on {type_}.{flt.field}; use {' or '.join(repr(o) for o in spec.operators)}"]
        value = str(flt.value).strip()
        if not value:
            return [f"{where}: the value is empty; give the {spec.description} to match"]
        if flt.field == "ordinal":
            value = value.lower()
            if value not in ORDINAL_VALUES:
                return [f"{where}: ordinal must be 'first' or 'last', not {flt.value!r}"]
        if flt.field == "extension":
            value = value.lstrip(".").lower()
        flt.value = value
        return []

    def _check_connected(self) -> list[str]:
        adj = self.neighbors()
        seen = {self.return_var}
        stack = [self.return_var]
        while stack:
            for nbr, _ in adj[stack.pop()]:
                if nbr not in seen:
                    seen.add(nbr)
                    stack.append(nbr)
        cut_off = [v for v in self.vars if v not in seen]
        if cut_off:
            return [f"the graph is disconnected: {', '.join(repr(v) for v in cut_off)} "
                    f"{'is' if len(cut_off) == 1 else 'are'} not linked by edges to return_var {self.return_var!r}"]
        return []


def _rules_named(edge: str):
    from .schema import EDGE_RULES

    return [r for r in EDGE_RULES if r.name == edge]


def _pydantic_message(err: dict, data: dict) -> str:
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


def graph_signature(graph: QueryGraph) -> tuple:
    """A form of the graph that ignores variable names (for 'same graph up to renaming')."""
    # Colour refinement (1-WL) over typed vars, then a sorted multiset of constraints in colour terms.
    # Each round's colour is a digest of the last one and the neighbours' colours: nesting the colours
    # themselves grows exponentially with the rounds (seconds for a graph of a dozen variables).
    def digest(value: object) -> str:
        return hashlib.sha1(repr(value).encode("utf-8")).hexdigest()

    colours = {v: digest((t, tuple(sorted((f.field, f.op, str(f.value).lower()) for f in graph.filters_on(v)))))
               for v, t in graph.vars.items()}
    colours[graph.return_var] = digest(("RETURN", colours[graph.return_var]))
    adj: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for e in graph.edges:
        adj[e.from_].append(("out", e.edge, e.to))
        adj[e.to].append(("in", e.edge, e.from_))
    for _ in range(len(graph.vars)):
        colours = {v: digest((colours[v], tuple(sorted((d, name, colours[o]) for d, name, o in adj[v]))))
                   for v in graph.vars}
    edges = sorted((colours[e.from_], e.edge, colours[e.to]) for e in graph.edges)
    nodes = sorted(colours.values())
    return (graph.action, graph.return_mode, tuple(nodes), tuple(edges))


def same_graph(a: QueryGraph, b: QueryGraph) -> bool:
    return graph_signature(a) == graph_signature(b)
