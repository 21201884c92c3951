"""The part of QueryWeaver's schema a question needs, for prompts that would exceed the token budget.

The schema is indexed as a tool catalogue: one tool per relation and direction (``person_from_email``),
one per filter field (``Email subject``), one entity per type. A question picks types three ways:

    1. cue words it contains ("meeting" -> Event, "my" -> Self, "attachment" -> File)
    2. the schema nodes the retriever ranks highest (both ends of a relation, a filter's type)
    3. the types the chosen worked examples use

then the picked types are joined by shortest paths through the schema, so a connected graph can always
be written. The selection holds every relation among its types and every filter field of its types
(the prompt builder's ``SchemaSlice.covering``), so each relation's two types are always in it and every
type, relation and filter an example uses is too.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from ..schema import EDGE_RULES, FILTER_FIELDS, TYPE_DESCRIPTIONS, EdgeRule, EntityType, FilterField
from .catalog import Entity, NodeKind, Tool, ToolCatalog, catalog_from_tool_specs, schema_tool_specs
from .encoders import Encoder
from .retrievers import ScoringRetriever, _fold, build_first_stage

if TYPE_CHECKING:  # pragma: no cover
    from ..graph import QueryGraph

# Words that name a type outright; matched on the question's own words (stop words kept: "my" matters).
TYPE_CUES: dict[EntityType, tuple[str, ...]] = {
    EntityType.EMAIL: ("email", "mail", "message", "inbox", "thread", "reply", "replied", "wrote", "sent",
                       "received", "forwarded", "cc", "newsletter"),
    EntityType.PERSON: ("person", "people", "who", "whom", "someone", "colleague", "sender", "recipient",
                        "contact", "attendee", "participant"),
    EntityType.SELF: ("i", "me", "my", "mine", "myself", "i've", "i'm"),
    EntityType.FILE: ("file", "attachment", "attached", "document", "doc", "pdf", "spreadsheet", "xlsx", "docx",
                      "txt", "csv", "image", "photo", "slide", "presentation"),
    EntityType.FOLDER: ("folder", "directory", "dir"),
    EntityType.EVENT: ("event", "meeting", "meet", "calendar", "appointment", "invite", "invitation", "call",
                       "offsite", "standup", "conference"),
    EntityType.DATE: ("date", "day", "today", "yesterday", "tomorrow", "week", "month", "year", "since", "before",
                      "after", "ago", "january", "february", "march", "april", "june", "july", "august",
                      "september", "october", "november", "december", "monday", "tuesday", "wednesday",
                      "thursday", "friday", "saturday", "sunday", "weekend", "quarter"),
    EntityType.PLACE: ("place", "where", "location", "venue", "room", "city", "office", "address"),
    EntityType.WEBPAGE: ("link", "links", "url", "urls", "website", "site", "web", "webpage", "page", "http",
                         "https", "www"),
}


@dataclass(frozen=True)
class SchemaSelection:
    """Types, relations (``rules``) and filter ``fields`` for one question, with why each type is there.

    The attribute names match ``queryweaver.llm.prompt.SchemaSlice``, so a selection renders as one;
    ``as_slice()`` builds that class explicitly.
    """

    types: tuple[EntityType, ...]
    rules: tuple[EdgeRule, ...]
    fields: tuple[FilterField, ...]
    reasons: tuple[tuple[EntityType, str], ...] = ()

    @classmethod
    def covering(cls, types: Iterable[EntityType], reasons: Iterable[tuple[EntityType, str]] = ()) -> "SchemaSelection":
        wanted = set(types)
        return cls(tuple(t for t in EntityType if t in wanted),
                   tuple(r for r in EDGE_RULES if r.source in wanted and r.target in wanted),
                   tuple(f for f in FILTER_FIELDS if f.type in wanted),
                   tuple(reasons))

    @classmethod
    def full(cls) -> "SchemaSelection":
        return cls.covering(EntityType, [(t, "whole schema") for t in EntityType])

    @property
    def is_full(self) -> bool:
        return len(self.types) == len(EntityType)

    def why(self, type_: EntityType) -> str:
        return "; ".join(reason for t, reason in self.reasons if t == type_)

    def covers(self, graph: "QueryGraph") -> bool:
        """Whether every type, relation and filter field ``graph`` uses is in the selection."""
        types, rules, fields = graph_schema_elements(graph)
        return types <= set(self.types) and rules <= set(self.rules) and fields <= set(self.fields)

    def with_graphs(self, graphs: Iterable[Any]) -> "SchemaSelection":
        """The selection grown by the types (and so the relations and fields) ``graphs`` use."""
        extra: list[tuple[EntityType, str]] = []
        for index, graph in enumerate(graphs, start=1):
            for type_ in sorted(graph_schema_elements(_graph_of(graph))[0], key=_type_order):
                extra.append((type_, f"used by example {index}"))
        return SchemaSelection.covering({*self.types, *(t for t, _ in extra)}, self.reasons + tuple(extra))

    def as_slice(self):
        from ..llm.prompt import SchemaSlice

        return SchemaSlice(self.types, self.rules, self.fields)


_NOT_PLACES = frozenset(TYPE_CUES[EntityType.DATE]) | {"may", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
                                                      "sept", "oct", "nov", "dec", "the", "my", "a", "an"}


def _place_names(question: str) -> list[str]:
    """Capitalised words after "in", "at" or "near" that are not dates: "events in Boston" names a place."""
    return [m.group(1) for m in re.finditer(r"\b(?:in|at|near)\s+([A-Z][\w'-]+)", question)
            if m.group(1).lower() not in _NOT_PLACES and not m.group(1).isdigit()]


def graph_schema_elements(graph: "QueryGraph") -> tuple[set[EntityType], set[EdgeRule], set[FilterField]]:
    """The types, relations and filter fields a (valid) query graph uses."""
    from ..schema import fields_for, find_edge_rule

    types = {EntityType(t) for t in graph.vars.values()}
    rules = set()
    for edge in graph.edges:
        found = find_edge_rule(graph.var_type(edge.from_), edge.edge, graph.var_type(edge.to))
        if found is not None:
            rules.add(found[0])
    fields = set()
    for flt in graph.filters:
        field = fields_for(graph.var_type(flt.var)).get(flt.field)
        if field is not None:
            fields.add(field)
    return types, rules, fields


def schema_catalog() -> ToolCatalog:
    """The schema as a tool catalogue: relation tools both ways, filter fields as tools, types as entities."""
    catalog = catalog_from_tool_specs(schema_tool_specs(), name="schema")
    for field in FILTER_FIELDS:
        catalog.add_tool(Tool(f"filter:{field.type.value}.{field.name}", f"{field.type.value} {field.name}",
                              f"{field.description}, e.g. {field.example}", consumes=(field.type.value,)))
    return catalog


class SchemaSelector:
    """Picks the schema for a question. Build once; ``select`` is pure and fast (BM25 over ~50 nodes)."""

    def __init__(self, catalog: ToolCatalog | None = None, encoder: Encoder | None = None, max_hits: int = 4,
                 min_score: float = 0.0):
        self.catalog = catalog or schema_catalog()
        for type_ in EntityType:  # connector catalogues hold the types already; make sure of it
            if type_.value not in self.catalog.entities:
                self.catalog.add_entity(Entity(type_.value, type_.value, TYPE_DESCRIPTIONS.get(type_, "")))
        self.first_stage: ScoringRetriever = build_first_stage(self.catalog, (NodeKind.TOOL, NodeKind.ENTITY),
                                                               "auto", encoder)
        self.max_hits, self.min_score = max_hits, min_score

    def select(self, question: str, examples: Iterable[Any] = ()) -> SchemaSelection:
        """The selection for ``question``, grown by the types the chosen ``examples`` use.

        ``examples`` are query graphs or objects with a ``.graph`` (the prompt's worked examples).
        Nothing matched at all: the whole schema.
        """
        reasons: list[tuple[EntityType, str]] = []
        words = {_fold(w) for w in re.findall(r"[a-z0-9']+", question.lower())} | set(
            re.findall(r"[a-z0-9']+", question.lower()))
        for type_, cues in TYPE_CUES.items():
            said = [c for c in cues if c in words or _fold(c) in words]
            if said:
                reasons.append((type_, f"the question says {said[0]!r}"))
        for name in _place_names(question):
            reasons.append((EntityType.PLACE, f"the question names a place ({name!r})"))
            break
        scores = self.first_stage.scores(question)
        for hit in self.first_stage.hits_from(scores, self.max_hits):
            if hit.score <= self.min_score:
                break
            for type_ in self._types_of(hit.id):
                reasons.append((type_, f"{self.first_stage.name} match {self.catalog.name_of(hit.id)!r} "
                                       f"({hit.score:.2f})"))
        picked = {t for t, _ in reasons}
        selection = SchemaSelection.covering(picked, reasons).with_graphs(examples)
        if not selection.types:
            return SchemaSelection.full()
        joined, bridges = connect_types(selection.types)
        return SchemaSelection.covering(joined, selection.reasons + tuple(bridges))

    def _types_of(self, node_id: str) -> list[EntityType]:
        kind = self.catalog.kind(node_id)
        names: tuple[str, ...] = ()
        if kind is NodeKind.TOOL:
            tool = self.catalog.tools[node_id]
            names = (*tool.consumes, *tool.produces)
        elif kind is NodeKind.ENTITY:
            names = (node_id,)
        valid = {t.value: t for t in EntityType}
        return [valid[n] for n in dict.fromkeys(names) if n in valid]


def select_schema(question: str, examples: Iterable[Any] = (), encoder: Encoder | None = None) -> SchemaSelection:
    """One-call form of ``SchemaSelector(encoder=encoder).select(question, examples)``."""
    return SchemaSelector(encoder=encoder).select(question, examples)


def connect_types(types: Iterable[EntityType]) -> tuple[set[EntityType], list[tuple[EntityType, str]]]:
    """Add the types on shortest schema paths joining every picked type to the first one."""
    picked = list(dict.fromkeys(types))
    joined = set(picked)
    bridges: list[tuple[EntityType, str]] = []
    if len(picked) < 2:
        return joined, bridges
    adjacency: dict[EntityType, list[EntityType]] = {t: [] for t in EntityType}
    for rule in EDGE_RULES:
        adjacency[rule.source].append(rule.target)
        adjacency[rule.target].append(rule.source)
    for target in picked[1:]:
        if _connected(joined, picked[0], target, adjacency):
            continue
        path = _shortest_path(joined, target, adjacency)
        for type_ in path:
            if type_ not in joined:
                joined.add(type_)
                bridges.append((type_, f"joins {target} to the rest"))
    return joined, bridges


def _connected(types: set[EntityType], a: EntityType, b: EntityType, adjacency) -> bool:
    seen, queue = {a}, deque([a])
    while queue:
        node = queue.popleft()
        if node == b:
            return True
        for nxt in adjacency[node]:
            if nxt in types and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return False


def _shortest_path(group: set[EntityType], start: EntityType, adjacency) -> list[EntityType]:
    """Shortest path from ``start`` to any type of ``group`` (breadth-first, schema order on ties)."""
    previous: dict[EntityType, EntityType | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node in group and node != start:
            path = []
            while node is not None:
                path.append(node)
                node = previous[node]
            return path
        for nxt in adjacency[node]:
            if nxt not in previous:
                previous[nxt] = node
                queue.append(nxt)
    return [start]


def _graph_of(item: Any) -> "QueryGraph":
    return getattr(item, "graph", item)


def _type_order(type_: EntityType) -> int:
    return list(EntityType).index(type_)
