"""The query graph: the paper's JSON, parsed and validated against the schema.

``QueryGraph.parse(data)`` accepts the JSON exactly as the paper writes it and either returns a graph in
canonical form (every edge written in the schema's direction, extensions without the dot) or raises
``GraphError`` listing every problem, each naming the constraint at fault.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal, Union

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

# The graph's shape is checked by hand rather than declared as pydantic models: every ``ask`` builds a graph,
# and pydantic's import is a third of a command's start-up (issue 15). tests/test_graph_shape.py reads many
# inputs both ways and checks this accepts, converts and words its messages as that declaration did.


@dataclass(kw_only=True)
class EdgeConstraint:
    kind: Literal["edge"] = "edge"
    from_: str
    edge: str
    to: str

    def describe(self) -> str:
        return f"edge {self.from_} -{self.edge}-> {self.to}"

    def key(self) -> tuple:
        return ("edge", self.from_, self.edge, self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "from": self.from_, "edge": self.edge, "to": self.to}


@dataclass(kw_only=True)
class FilterConstraint:
    kind: Literal["filter"] = "filter"
    var: str
    field: str
    op: str
    value: Union[str, int, float]

    def describe(self) -> str:
        return f"filter {self.var}.{self.field} {self.op} {json.dumps(self.value)}"

    def key(self) -> tuple:
        return ("filter", self.var, self.field, self.op, str(self.value).strip().lower())

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "var": self.var, "field": self.field, "op": self.op, "value": self.value}


Constraint = Union[EdgeConstraint, FilterConstraint]


@dataclass(kw_only=True)
class QueryGraph:
    action: str = "find"
    return_var: str
    return_mode: str = "all"
    vars: dict[str, str]
    constraints: list[Constraint] = field(default_factory=list)

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
        graph, problems = read_shape(data)
        if problems:
            raise GraphError(problems)
        graph._check_and_canonicalize()
        return graph

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "return_var": self.return_var, "return_mode": self.return_mode,
                "vars": dict(self.vars), "constraints": [c.to_json() for c in self.constraints]}

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


_GRAPH_KEYS = ("action", "return_var", "return_mode", "vars", "constraints")
_NOT_TEXT = "input should be a valid string"


def read_shape(data: Mapping[str, Any]) -> tuple[QueryGraph | None, list[str]]:
    """The graph ``data`` describes, its values typed, before the schema's checks; or the problems with its
    shape (a missing key, a value of the wrong type, a constraint of no known kind, an unexpected key)."""
    problems: list[str] = []
    values: dict[str, Any] = {}
    for name, default in (("action", "find"), ("return_var", None), ("return_mode", "all")):
        if name not in data:
            if default is None:
                problems.append("return_var is missing; name the variable whose items are the answer")
            values[name] = default
        else:
            values[name] = _text(data[name])
            if values[name] is None:
                problems.append(f"{name}: {_NOT_TEXT}")
    if "vars" not in data:
        problems.append("vars is missing")
    elif not isinstance(data["vars"], Mapping):
        problems.append("vars: input should be a valid dictionary")
    else:
        values["vars"] = {}
        for var, type_name in data["vars"].items():
            if _text(var) is None:
                problems.append(f"vars.{var}.[key]: {_NOT_TEXT}")
            if _text(type_name) is None:
                problems.append(f"vars.{var}: {_NOT_TEXT}")
            else:
                values["vars"][_text(var)] = _text(type_name)
    constraints = data.get("constraints", [])
    if not isinstance(constraints, (list, tuple)):
        problems.append("constraints: input should be a valid list")
        constraints = []
    values["constraints"] = [_read_constraint(raw, f"constraint {number}", problems)
                             for number, raw in enumerate(constraints, start=1)]
    problems += [f"unexpected key {key!r} in the graph" for key in data if key not in _GRAPH_KEYS]
    if problems:
        return None, problems
    return QueryGraph(**values), []


def _read_constraint(raw: Any, where: str, problems: list[str]) -> Constraint | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be an object with kind 'edge' or 'filter'")
        return None
    kind = raw.get("kind")
    if kind not in ("edge", "filter"):
        problems.append(f"{where}: kind must be 'edge' or 'filter', not {kind!r}")
        return None
    where = f"{where} ({kind})"
    if kind == "edge":
        # the JSON's "from" is the attribute from_; a dict may use either name, "from" winning
        keys = {"from": "from" if "from" in raw or "from_" not in raw else "from_", "edge": "edge", "to": "to"}
        attributes = {"from": "from_", "edge": "edge", "to": "to"}
    else:
        keys = attributes = {name: name for name in ("var", "field", "op", "value")}
    found: dict[str, Any] = {}
    for name, key in keys.items():
        if key not in raw:
            problems.append(f"{where}: missing {name!r}")
        elif name == "value":
            found["value"] = _filter_value(raw[key])
            if found["value"] is None:
                problems += [f"{where}: 'value' input should be a valid {what}" for what in ("string", "integer",
                                                                                            "number")]
        else:
            found[attributes[name]] = _text(raw[key])
            if found[attributes[name]] is None:
                problems.append(f"{where}: {key!r} {_NOT_TEXT}")
    known = {"kind", *keys.values()}
    problems += [f"{where}: unexpected key {key!r}" for key in raw if key not in known]
    if len(found) < len(keys) or any(value is None for value in found.values()):
        return None
    return EdgeConstraint(**found) if kind == "edge" else FilterConstraint(**found)


def _text(value: Any) -> str | None:
    """A text field's value as pydantic's lax mode read it (a text enum gives its value, bytes are decoded);
    None when it is not text."""
    if isinstance(value, Enum) and isinstance(value.value, str):
        return value.value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (bytes, bytearray)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None


def _filter_value(value: Any) -> str | int | float | None:
    """A filter's value: text, a whole number (true/false count as 1/0, as before) or a number; else None."""
    text = _text(value)
    if text is not None:
        return text
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return None


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
