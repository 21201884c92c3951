"""The planner: a pure function from a query graph to the ordered steps that answer it (no I/O).

It follows the paper's Algorithm 1. A depth-first search starts at the return variable and visits
neighbours in constraint order. A variable with no unvisited neighbours is *bound*: its candidates come
from its own filters alone. On the way back, each neighbour's candidates are carried across the edge by
a tool (``person_from_email``: persons -> their emails) and the results are intersected; then the
variable's own filters and ordinal apply. An edge whose far end was already reached another way closes
a cycle: it is still carried across and intersected, and a final ``verify`` step keeps only answers
with one consistent assignment of every variable, so cycles are enforced exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

from .graph import EdgeConstraint, FilterConstraint, QueryGraph
from .schema import EntityType, tool_name


@dataclass(frozen=True)
class Visit:
    """DFS enters ``var``; ``neighbors`` are its unvisited neighbours in the order they will be taken."""

    var: str
    neighbors: tuple[tuple[str, str], ...]
    kind: Literal["visit"] = "visit"

    def describe(self) -> str:
        nbrs = ", ".join(f"{v} via {e}" for v, e in self.neighbors) or "none"
        return f"visit {self.var}: next neighbours {nbrs}"


@dataclass(frozen=True)
class ResolveBound:
    """Candidates of a variable from its own filters (everything of its type when it has none)."""

    var: str
    type: EntityType
    filters: tuple[FilterConstraint, ...]
    kind: Literal["resolve_bound"] = "resolve_bound"

    def describe(self) -> str:
        if not self.filters:
            what = "its only candidate, the user" if self.type == EntityType.SELF else f"every {self.type}"
        else:
            what = " and ".join(f.describe().removeprefix("filter ") for f in self.filters)
        return f"resolve {self.var} ({self.type}) on its own: {what}"


@dataclass(frozen=True)
class CallTool:
    """Carry the candidates of ``known`` across ``edge`` to get candidates for ``wanted``."""

    tool: str
    known: str
    wanted: str
    edge: EdgeConstraint
    known_type: EntityType
    wanted_type: EntityType
    closes_cycle: bool = False
    kind: Literal["call_tool"] = "call_tool"

    def describe(self) -> str:
        extra = " (closes a cycle)" if self.closes_cycle else ""
        return f"call {self.tool}: {self.known} -> {self.wanted}{extra}"


@dataclass(frozen=True)
class Intersect:
    """Keep the candidates of ``var`` found by every tool so far."""

    var: str
    kind: Literal["intersect"] = "intersect"

    def describe(self) -> str:
        return f"intersect the candidates for {self.var}"


@dataclass(frozen=True)
class ApplyFilters:
    var: str
    filters: tuple[FilterConstraint, ...]
    kind: Literal["filter"] = "filter"

    def describe(self) -> str:
        return f"filter {self.var}: " + " and ".join(f.describe().removeprefix("filter ") for f in self.filters)


@dataclass(frozen=True)
class ApplyOrdinal:
    var: str
    value: str  # "first" | "last"
    kind: Literal["ordinal"] = "ordinal"

    def describe(self) -> str:
        return f"keep the {self.value} {self.var} by date"


@dataclass(frozen=True)
class Resolved:
    """The candidates of ``var`` are final (DFS leaves it)."""

    var: str
    kind: Literal["resolved"] = "resolved"

    def describe(self) -> str:
        return f"{self.var} is resolved"


@dataclass(frozen=True)
class Verify:
    """Keep only answers that extend to one consistent assignment of every variable (graphs with cycles)."""

    kind: Literal["verify"] = "verify"

    def describe(self) -> str:
        return "verify that every answer has one consistent assignment around the cycle"


@dataclass(frozen=True)
class Action:
    action: str
    var: str
    mode: str
    kind: Literal["action"] = "action"

    def describe(self) -> str:
        verb = "count" if self.action == "count" else "return"
        return f"{verb} {'one of ' if self.mode == 'one' else ''}the candidates for {self.var}"


Step = Union[Visit, ResolveBound, CallTool, Intersect, ApplyFilters, ApplyOrdinal, Resolved, Verify, Action]


@dataclass
class Plan:
    graph: QueryGraph
    steps: list[Step] = field(default_factory=list)
    tree_parent: dict[str, str | None] = field(default_factory=dict)  # DFS tree, for evidence chains
    has_cycle: bool = False

    @property
    def tool_calls(self) -> list[str]:
        return [s.tool for s in self.steps if isinstance(s, CallTool)]

    def describe(self) -> list[str]:
        return [s.describe() for s in self.steps]


def make_plan(graph: QueryGraph) -> Plan:
    """Algorithm 1 as a list of steps. ``graph`` must be valid (``QueryGraph.parse``)."""
    adjacency = graph.neighbors()
    plan = Plan(graph=graph)
    visited: set[str] = set()

    def dfs(var: str, parent: str | None) -> None:
        visited.add(var)
        plan.tree_parent[var] = parent
        neighbors = [(nbr, edge) for nbr, edge in adjacency[var] if nbr not in visited]
        plan.steps.append(Visit(var, tuple((n, e.edge) for n, e in neighbors)))
        own = graph.filters_on(var)
        field_filters = tuple(f for f in own if f.field != "ordinal")
        if not neighbors:
            plan.steps.append(ResolveBound(var, graph.var_type(var), field_filters))
        else:
            for count, (nbr, edge) in enumerate(neighbors, start=1):
                closes_cycle = nbr in visited
                if not closes_cycle:
                    dfs(nbr, var)
                known_t, wanted_t = graph.var_type(nbr), graph.var_type(var)
                plan.steps.append(CallTool(tool_name(known_t, edge.edge, wanted_t), nbr, var, edge,
                                           known_t, wanted_t, closes_cycle))
                if count > 1:
                    plan.steps.append(Intersect(var))
            if field_filters:
                plan.steps.append(ApplyFilters(var, field_filters))
        for f in own:
            if f.field == "ordinal":
                plan.steps.append(ApplyOrdinal(var, str(f.value)))
        plan.steps.append(Resolved(var))

    dfs(graph.return_var, None)
    plan.has_cycle = len(graph.edges) > len(graph.vars) - 1
    if plan.has_cycle:
        plan.steps.append(Verify())
    plan.steps.append(Action(graph.action, graph.return_var, graph.return_mode))
    return plan
