"""The planners: pure functions from a query graph to the ordered steps that answer it (no I/O).

``make_plan`` follows the paper's Algorithm 1. A depth-first search starts at the return variable and visits
neighbours in constraint order. A variable with no unvisited neighbours is *bound*: its candidates come
from its own filters alone. On the way back, each neighbour's candidates are carried across the edge by
a tool (``person_from_email``: persons -> their emails) and the results are intersected; then the
variable's own filters and ordinal apply. An edge whose far end was already reached another way closes
a cycle: it is still carried across and intersected, and a final ``verify`` step keeps only answers
with one consistent assignment of every variable, so cycles are enforced exactly.

``make_cost_plan`` takes the same DFS tree (rooted at the return variable) and the same steps, but orders
them by estimated sizes (``Statistics``, read from the sources' indexes by the engine): at each variable
it starts from the smallest set on offer (its own filters, or the neighbour whose edge brings the fewest
candidates), and a neighbour whose edge would bring many more candidates than the variable already has
is taken as a *semi-join*: the reverse tool is called on the few candidates, keeping those linked to the
neighbour ("emails to the user" among the day's emails, not every email to the user). The links kept are
those the forward call would have recorded for the surviving candidates, so answers, counts, evidence and
ordinals come out the same. Where a figure is unknown (a live source) the variable keeps the paper's
order; a graph with a cycle keeps the paper's plan.

A carried step expected to bring many links *defers* them: the tool is asked only for the items it reaches,
and which known item linked each one is asked of the reverse tool later, for the answers whose evidence is
shown (links serve nothing else in an acyclic plan). Again the links asked are those the forward call
would have recorded, so evidence does not depend on the choice.

A variable that keeps only its first or last Email ("the last email I sent") starts from the *newest* (or
oldest) few items its first tool brings, not all of them: the tool may leave the rest out, saying from which
time on (``connector.Newest``). The variable's other steps then run on those few, and the pick stands when it
is dated strictly beyond that time: every item left out is older, so it is the pick over all of them. When
none of the few passes, or the pick ties the time, the variable's steps run again on all its items.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal, Mapping, NamedTuple, Union

from .graph import EdgeConstraint, FilterConstraint, QueryGraph
from .schema import EntityType, tool_name

# The steps are named tuples: immutable values like frozen dataclasses, and a hundred times cheaper to
# define (a frozen dataclass generates its methods from source text when the module loads, ~1 ms each).
# Each carries its own ``kind``, so steps of two kinds never compare equal.


class Visit(NamedTuple):
    """DFS enters ``var``; ``neighbors`` are its unvisited neighbours in the order they will be taken."""

    var: str
    neighbors: tuple[tuple[str, str], ...]
    kind: Literal["visit"] = "visit"

    def describe(self) -> str:
        nbrs = ", ".join(f"{v} via {e}" for v, e in self.neighbors) or "none"
        return f"visit {self.var}: next neighbours {nbrs}"


class ResolveBound(NamedTuple):
    """Candidates of a variable from its own filters (everything of its type when it has none)."""

    var: str
    type: EntityType
    filters: tuple[FilterConstraint, ...]
    estimate: int | None = None   # cost planner: expected candidates
    kind: Literal["resolve_bound"] = "resolve_bound"

    def describe(self) -> str:
        if not self.filters:
            what = "its only candidate, the user" if self.type == EntityType.SELF else f"every {self.type}"
        else:
            what = " and ".join(f.describe().removeprefix("filter ") for f in self.filters)
        return f"resolve {self.var} ({self.type}) on its own: {what}"


class CallTool(NamedTuple):
    """Carry the candidates of ``known`` across ``edge`` to get candidates for ``wanted``."""

    tool: str
    known: str
    wanted: str
    edge: EdgeConstraint
    known_type: EntityType
    wanted_type: EntityType
    closes_cycle: bool = False
    # cost planner: call this reverse tool on the candidates ``wanted`` already has and keep those linked to
    # ``known``'s candidates (a semi-join), instead of carrying every candidate of ``known`` across
    semijoin: str | None = None
    estimate: int | None = None   # cost planner: expected candidates for ``wanted`` from this step
    # cost planner: ask only for the items reached; their links come from ``reverse`` (the tool from ``wanted``
    # to ``known``) for the answers whose evidence is shown
    defer_links: bool = False
    # cost planner: this step starts ``wanted``, which keeps only its first or last item by date (``ordinal``):
    # ask for the ``newest`` items nearest that end first; ``wanted``'s steps run again on all of them when no
    # pick among those is sure (see the module docstring)
    newest: int = 0
    ordinal: str = ""
    kind: Literal["call_tool"] = "call_tool"

    @property
    def reverse(self) -> str:
        """The tool for the other direction of this step's edge."""
        return tool_name(self.wanted_type, self.edge.edge, self.known_type)

    @property
    def called(self) -> str:
        """The tool the executor calls."""
        return self.semijoin or self.tool

    def describe(self) -> str:
        extra = " (closes a cycle)" if self.closes_cycle else ""
        if self.semijoin:
            return (f"semi-join {self.wanted} with {self.known}: call {self.semijoin} on {self.wanted}'s candidates, "
                    f"keep those linked to {self.known}"
                    + (" (which ones only; links for the answers shown)" if self.defer_links else ""))
        if self.defer_links:
            extra += f" (items only; links by {self.reverse} for the answers shown)"
        if self.newest:
            near = "newest" if self.ordinal == "last" else "oldest"
            extra += f" (the {self.newest} {near} first; all of them if that leaves the {self.ordinal} unsure)"
        return f"call {self.tool}: {self.known} -> {self.wanted}{extra}"


class Intersect(NamedTuple):
    """Keep the candidates of ``var`` found by every tool so far."""

    var: str
    kind: Literal["intersect"] = "intersect"

    def describe(self) -> str:
        return f"intersect the candidates for {self.var}"


class ApplyFilters(NamedTuple):
    var: str
    filters: tuple[FilterConstraint, ...]
    kind: Literal["filter"] = "filter"

    def describe(self) -> str:
        return f"filter {self.var}: " + " and ".join(f.describe().removeprefix("filter ") for f in self.filters)


class ApplyOrdinal(NamedTuple):
    var: str
    value: str  # "first" | "last"
    kind: Literal["ordinal"] = "ordinal"

    def describe(self) -> str:
        return f"keep the {self.value} {self.var} by date"


class Resolved(NamedTuple):
    """The candidates of ``var`` are final (DFS leaves it)."""

    var: str
    kind: Literal["resolved"] = "resolved"

    def describe(self) -> str:
        return f"{self.var} is resolved"


class Verify(NamedTuple):
    """Keep only answers that extend to one consistent assignment of every variable (graphs with cycles)."""

    kind: Literal["verify"] = "verify"

    def describe(self) -> str:
        return "verify that every answer has one consistent assignment around the cycle"


class Action(NamedTuple):
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
    planner: str = "paper"                 # paper | cost
    notes: list[str] = field(default_factory=list)  # cost planner: where it kept the paper's order, and why

    @property
    def tool_calls(self) -> list[str]:
        return [s.called for s in self.steps if isinstance(s, CallTool)]

    def describe(self) -> list[str]:
        return [s.describe() for s in self.steps]


PLANNERS = ("cost", "paper")   # the first is the default for ask, run and the web UI


def _finish_var(plan: Plan, var: str, own) -> None:
    """A variable's last steps in either planner: its ordinal (after every other filter), then resolved."""
    for f in own:
        if f.field == "ordinal":
            plan.steps.append(ApplyOrdinal(var, str(f.value)))
    plan.steps.append(Resolved(var))


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
        _finish_var(plan, var, own)

    dfs(graph.return_var, None)
    plan.has_cycle = len(graph.edges) > len(graph.vars) - 1
    if plan.has_cycle:
        plan.steps.append(Verify())
    plan.steps.append(Action(graph.action, graph.return_var, graph.return_mode))
    return plan


# ---- the cost-aware planner -------------------------------------------------------------------------------

Edge = tuple[EntityType, str, EntityType]   # (known type, edge name, wanted type): one tool's direction


@dataclass
class Statistics:
    """What the cost-aware planner knows about the data; the engine reads it from the sources' indexes.

    ``counts``: per variable, how many candidates its own filters give (every item of its type when it
    has none; the days of its range for a Date). ``fanouts``: per tool direction, the average number of
    wanted items linked to one known item. ``reversible``: tool directions whose reverse tool is offered
    by the same sources (only those may be turned into semi-joins). None = unknown (a live source).
    """

    counts: Mapping[str, int | None] = field(default_factory=dict)
    fanouts: Mapping[Edge, float | None] = field(default_factory=dict)
    reversible: frozenset[Edge] = frozenset()
    # per tool direction, the links of every known item at once (what carrying "every File" brings); sources
    # holding known items but not offering the tool count for nothing here, unlike in ``counts``
    totals: Mapping[Edge, float | None] = field(default_factory=dict)


def make_cost_plan(graph: QueryGraph, stats: Statistics, defer_links_from: float | None = None,
                   newest_first: int | None = None) -> Plan:
    """The steps of ``make_plan``, ordered by estimated sizes (see the module docstring). A carried step
    expected to bring ``defer_links_from`` links or more (default ``DEFER_LINKS_FROM``) defers them; one starting
    a variable that keeps only its first or last item, and expected to bring more than ``newest_first`` (default
    ``NEWEST_FIRST``), asks for that many nearest the end first."""
    defer_from = DEFER_LINKS_FROM if defer_links_from is None else defer_links_from
    window = NEWEST_FIRST if newest_first is None else newest_first
    if len(graph.edges) > len(graph.vars) - 1:
        plan = make_plan(graph)
        plan.planner = "cost"
        plan.notes.append("the graph has a cycle: the paper's order, checked by the verify step")
        return plan
    adjacency = graph.neighbors()
    plan = Plan(graph=graph, planner="cost")
    children: dict[str, list[tuple[str, EdgeConstraint]]] = {}
    order: list[str] = []

    def tree(var: str, parent: str | None) -> None:  # the same DFS tree as make_plan's (acyclic: the graph)
        plan.tree_parent[var] = parent
        order.append(var)
        children[var] = [(n, e) for n, e in adjacency[var] if n != parent]
        for nbr, _ in children[var]:
            tree(nbr, var)

    tree(graph.return_var, None)
    size: dict[str, float | None] = {}
    for var in reversed(order):  # children before parents
        size[var] = _estimate(graph, stats, var, children[var], size)

    def visit(var: str) -> None:
        own = graph.filters_on(var)
        field_filters = tuple(f for f in own if f.field != "ordinal")
        type_ = graph.var_type(var)
        kids = children[var]
        plan.steps.append(Visit(var, tuple((n, e.edge) for n, e in kids)))
        if not kids:
            plan.steps.append(ResolveBound(var, type_, field_filters, _int(stats.counts.get(var))))
        else:
            seeded = _order_children(graph, stats, var, kids, size, field_filters, plan.notes, defer_from)
            first = True
            if seeded.seed_own:
                plan.steps.append(ResolveBound(var, type_, field_filters, _int(stats.counts.get(var))))
                first = False
            ordinal = next((str(f.value) for f in own if f.field == "ordinal"), "")
            for nbr, edge, semijoin, estimate, defer in seeded.calls:
                visit(nbr)
                known_t = graph.var_type(nbr)
                newest = window if first and ordinal and estimate is not None and estimate > window else 0
                plan.steps.append(CallTool(tool_name(known_t, edge.edge, type_), nbr, var, edge, known_t, type_,
                                           semijoin=semijoin, estimate=_int(estimate), defer_links=defer,
                                           newest=newest, ordinal=ordinal if newest else ""))
                if not first:
                    plan.steps.append(Intersect(var))
                first = False
            if field_filters:
                plan.steps.append(ApplyFilters(var, field_filters))
        _finish_var(plan, var, own)

    visit(graph.return_var)
    plan.steps.append(Action(graph.action, graph.return_var, graph.return_mode))
    return plan


@dataclass
class _Ordering:
    seed_own: bool                          # start from the variable's own filters
    # (neighbour, edge, semi-join tool, estimate, defer the links)
    calls: list[tuple[str, EdgeConstraint, str | None, float | None, bool]]


# A step starting a variable that keeps only its first or last Email asks for this many nearest that end first
# (when it expects more): enough that one of them nearly always passes the variable's other steps, few enough
# that building them costs well under a millisecond.
NEWEST_FIRST = 50

# A carried step expected to bring at least this many links defers them (see the module docstring): below it,
# recording them costs less than asking the reverse tool for each answer's evidence.
DEFER_LINKS_FROM = 2000


def _forward(graph: QueryGraph, stats: Statistics, nbr: str, edge: EdgeConstraint, var: str,
             size: Mapping[str, float | None]) -> float | None:
    """Expected candidates for ``var`` from carrying ``nbr``'s candidates across ``edge`` (at most every item
    of ``var``'s type)."""
    direction = (graph.var_type(nbr), edge.edge, graph.var_type(var))
    fanout = stats.fanouts.get(direction)
    if size.get(nbr) is None or fanout is None:
        return None
    found = size[nbr] * fanout
    unconstrained = not graph.filters_on(nbr) and len(graph.neighbors()[nbr]) == 1 and direction[0] not in (
        EntityType.SELF, EntityType.DATE)
    if unconstrained and stats.totals.get(direction) is not None:  # "every File": the links there are
        found = min(found, stats.totals[direction])
    cap = stats.counts.get(var) if not graph.filters_on(var) else None
    return found if cap is None else min(found, float(cap))


def _estimate(graph: QueryGraph, stats: Statistics, var: str, kids, size) -> float | None:
    """Expected final candidates of ``var``: no more than its own filters or any neighbour brings."""
    own = stats.counts.get(var)
    bounds = [own] + [_forward(graph, stats, n, e, var, size) for n, e in kids]
    if any(b is None for b in bounds):
        return None
    return float(min(bounds))


def _order_children(graph: QueryGraph, stats: Statistics, var: str, kids, size, field_filters,
                    notes: list[str], defer_from: float) -> _Ordering:
    """How ``var`` gets its candidates: from its own filters or its cheapest neighbour first, then each other
    neighbour, cheapest first, carried across its edge or semi-joined when the candidates held are fewer."""
    type_ = graph.var_type(var)
    forward = {n: _forward(graph, stats, n, e, var, size) for n, e in kids}
    own = stats.counts.get(var)
    if any(v is None for v in forward.values()) or own is None:
        notes.append(f"{var}: no estimate for every neighbour (a live source): the paper's order")
        return _Ordering(False, [(n, e, None, forward[n], False) for n, e in kids])
    ranked = sorted(kids, key=lambda ne: forward[ne[0]])  # stable: ties keep the paper's order
    # Starting from the variable's own filters gives the same set only when a filter's verdict on an item does
    # not depend on the other candidates (a Person's first name must be unique among them) nor on a range.
    can_seed_own = bool(field_filters) and type_ not in (EntityType.DATE, EntityType.SELF) and not any(
        type_ == EntityType.PERSON and f.field == "name" for f in field_filters)
    seed_own = can_seed_own and own < forward[ranked[0][0]]
    current = float(own) if seed_own else None
    calls = []
    for nbr, edge in ranked:
        nbr_t = graph.var_type(nbr)
        reverse = (type_, edge.edge, nbr_t)
        semijoin = None
        if current is not None and reverse in stats.reversible:  # the same sources offer both directions
            fanout = stats.fanouts.get(reverse)
            if fanout is not None and current * max(fanout, 1.0) < forward[nbr]:
                semijoin = tool_name(type_, edge.edge, nbr_t)
        estimate = forward[nbr] if current is None else min(current, forward[nbr])
        if semijoin is None:
            defer = _links_expected(graph, stats, nbr, edge, var, size) >= defer_from
        else:
            defer = _semijoin_links_expected(graph, stats, nbr, reverse, current) >= defer_from
        calls.append((nbr, edge, semijoin, estimate, defer))
        current = estimate
    return _Ordering(seed_own, calls)


def _links_expected(graph: QueryGraph, stats: Statistics, nbr: str, edge: EdgeConstraint, var: str,
                    size) -> float:
    """How many links carrying ``nbr`` to ``var`` may leave for later: those expected, when the same local
    sources offer the reverse tool that gives them back exactly; else -1 (they must be recorded)."""
    direction = (graph.var_type(nbr), edge.edge, graph.var_type(var))
    reverse = (direction[2], edge.edge, direction[0])
    fanout, known = stats.fanouts.get(direction), size.get(nbr)
    if reverse not in stats.reversible or stats.fanouts.get(reverse) is None or fanout is None or known is None:
        return -1.0
    links = known * fanout
    if not graph.filters_on(nbr) and len(graph.neighbors()[nbr]) == 1 and stats.totals.get(direction) is not None \
            and direction[0] not in (EntityType.SELF, EntityType.DATE):  # as _forward: the user is one, not "every"
        links = min(links, stats.totals[direction])  # "every File": the links there are
    return links


def _semijoin_links_expected(graph: QueryGraph, stats: Statistics, nbr: str, reverse: tuple, held: float) -> float:
    """How many links a semi-join against ``nbr`` may leave for later: those expected from the ``held``
    candidates, when ``nbr`` stands for every item of its type or for the user (a leaf with no filters), so that
    which candidates are linked at all is the whole answer; else -1 (they must be recorded)."""
    if graph.filters_on(nbr) or len(graph.neighbors()[nbr]) != 1:
        return -1.0
    return held * max(stats.fanouts.get(reverse) or 0.0, 1.0)


def _int(value: float | None) -> int | None:
    """An estimate as shown: whole items, rounded up (a fraction of an item per day is still some)."""
    return None if value is None or math.isinf(value) else int(math.ceil(value - 1e-9))


def plan_line(step: Step) -> str:
    """A step as listed in a plan: its description, with the cost planner's estimate where it made one."""
    estimate = getattr(step, "estimate", None)
    return step.describe() + ("" if estimate is None else f" (estimate ~{estimate})")
