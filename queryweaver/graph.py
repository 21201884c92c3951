"""The query graph: the paper's JSON, parsed and validated against the schema.

``QueryGraph.parse(data)`` accepts the JSON exactly as the paper writes it and either returns a graph in
canonical form (every edge written in the schema's direction, extensions without the dot) or raises
``GraphError`` listing every problem, each naming the constraint at fault.

The graph's JSON form is defined by the pydantic models in ``graph_model``. A graph written in exactly
that form (every key known, each value of its own type, as the offline reader and most models write it)
is taken as is; anything else (a missing or unknown key, a number where a name goes, an alias) goes
through pydantic, which accepts its lax forms and words the errors. The classes here are plain, so that a
question answered offline never imports pydantic (most of the command line's start-up time).
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any, Union

from .digests import sha1_hex
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


class EdgeConstraint:
    __slots__ = ("from_", "edge", "to")
    kind = "edge"

    def __init__(self, *, from_: str, edge: str, to: str, kind: str = "edge"):
        if kind != "edge":
            raise ValueError(f"an EdgeConstraint has kind 'edge', not {kind!r}")
        self.from_, self.edge, self.to = from_, edge, to

    def describe(self) -> str:
        return f"edge {self.from_} -{self.edge}-> {self.to}"

    def key(self) -> tuple:
        return ("edge", self.from_, self.edge, self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "edge", "from": self.from_, "edge": self.edge, "to": self.to}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self.from_, self.edge, self.to) == (other.from_, other.edge, other.to)

    __hash__ = None  # mutable: parsing turns an edge into the schema's direction

    def __repr__(self) -> str:
        return f"EdgeConstraint(from_={self.from_!r}, edge={self.edge!r}, to={self.to!r})"


class FilterConstraint:
    __slots__ = ("var", "field", "op", "value")
    kind = "filter"

    def __init__(self, *, var: str, field: str, op: str, value: Union[str, int, float], kind: str = "filter"):
        if kind != "filter":
            raise ValueError(f"a FilterConstraint has kind 'filter', not {kind!r}")
        self.var, self.field, self.op, self.value = var, field, op, value

    def describe(self) -> str:
        return f"filter {self.var}.{self.field} {self.op} {json.dumps(self.value)}"

    def key(self) -> tuple:
        return ("filter", self.var, self.field, self.op, str(self.value).strip().lower())

    def to_json(self) -> dict[str, Any]:
        return {"kind": "filter", "var": self.var, "field": self.field, "op": self.op, "value": self.value}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self.var, self.field, self.op, self.value) == (other.var, other.field, other.op, other.value)

    __hash__ = None  # mutable: parsing normalises the value

    def __repr__(self) -> str:
        return f"FilterConstraint(var={self.var!r}, field={self.field!r}, op={self.op!r}, value={self.value!r})"


Constraint = Union[EdgeConstraint, FilterConstraint]

_GRAPH_KEYS = frozenset(("action", "return_var", "return_mode", "vars", "constraints"))
_EDGE_KEYS = frozenset(("kind", "from", "edge", "to"))
_FILTER_KEYS = frozenset(("kind", "var", "field", "op", "value"))


class QueryGraph:
    __slots__ = ("action", "return_var", "return_mode", "vars", "constraints")

    def __init__(self, *, return_var: str, vars: dict[str, str], action: str = "find", return_mode: str = "all",
                 constraints: list[Constraint] | None = None):
        self.action, self.return_var, self.return_mode = action, return_var, return_mode
        self.vars = vars
        self.constraints = [] if constraints is None else constraints

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
        graph = cls.well_formed(data)
        if graph is None:
            from .graph_model import validate

            graph = validate(data)
        graph._check_and_canonicalize()
        return graph

    @classmethod
    def well_formed(cls, data: dict) -> "QueryGraph | None":
        """The graph ``data`` writes when it is in exactly the JSON form of ``graph_model`` (every key known,
        the required ones there, each value of its own JSON type), not yet checked against the schema; None
        for anything else, which is pydantic's to accept in a lax form or to explain."""
        if not data.keys() <= _GRAPH_KEYS:
            return None
        action, return_mode = data.get("action", "find"), data.get("return_mode", "all")
        return_var, vars_, constraints = data.get("return_var"), data.get("vars"), data.get("constraints", [])
        if not (type(action) is str and type(return_mode) is str and type(return_var) is str
                and type(vars_) is dict and type(constraints) is list):
            return None
        if not all(type(k) is str and type(v) is str for k, v in vars_.items()):
            return None
        built: list[Constraint] = []
        for c in constraints:
            if type(c) is not dict or type(c.get("kind")) is not str:
                return None
            if c["kind"] == "edge" and c.keys() == _EDGE_KEYS \
                    and type(c["from"]) is str and type(c["edge"]) is str and type(c["to"]) is str:
                built.append(EdgeConstraint(from_=c["from"], edge=c["edge"], to=c["to"]))
            elif c["kind"] == "filter" and c.keys() == _FILTER_KEYS and type(c["var"]) is str \
                    and type(c["field"]) is str and type(c["op"]) is str and type(c["value"]) in (str, int, float):
                built.append(FilterConstraint(var=c["var"], field=c["field"], op=c["op"], value=c["value"]))
            else:
                return None
        return cls(action=action, return_var=return_var, return_mode=return_mode, vars=dict(vars_),
                   constraints=built)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "return_var": self.return_var, "return_mode": self.return_mode,
                "vars": dict(self.vars), "constraints": [c.to_json() for c in self.constraints]}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None

    def __repr__(self) -> str:
        return f"QueryGraph({json.dumps(self.to_json())})"

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


def graph_signature(graph: QueryGraph) -> tuple:
    """A form of the graph that ignores variable names (for 'same graph up to renaming')."""
    # Colour refinement (1-WL) over typed vars, then a sorted multiset of constraints in colour terms.
    # Each round's colour is a digest of the last one and the neighbours' colours: nesting the colours
    # themselves grows exponentially with the rounds (seconds for a graph of a dozen variables).
    def digest(value: object) -> str:
        return sha1_hex(repr(value).encode("utf-8"))

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
