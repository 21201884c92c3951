"""The executor: runs a plan's steps through the connectors' tools and streams typed events.

Candidate sets are dicts ``key -> Item``; ``None`` stands for "every item of the type" (a variable with no
constraint of its own), so nothing is enumerated that a later intersection would throw away. Each tool
call records which known item linked to which found item; those links give every answer its evidence
(the chain of items that linked it) and let cycles be checked exactly.
"""

from __future__ import annotations

import gc
import heapq
import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Callable, Iterable, Iterator, Mapping

from .connector import Connector, Context, Newest, Selection
from .errors import Cancelled, ConnectorError, DateExpressionError, QueryWeaverError
from .events import Event, EventKind
from .filters import item_matches, match_persons
from .graph import FilterConstraint
from .items import LABELLED_BY_KEY, LEAN, SELF_KEY, DateRange, Item
from .planner import (
    Action,
    ApplyFilters,
    ApplyOrdinal,
    CallTool,
    Intersect,
    Plan,
    Resolved,
    ResolveBound,
    Verify,
    Visit,
    plan_line,
)
from .schema import EntityType

Candidates = dict[str, Item] | None
DateFallback = Callable[[str, str, date], DateRange]

# How many (known item -> found items) links a cycle check may try per answer before giving up on it.
VERIFY_BUDGET = 20_000
# An answer of more events (or emails) than this is described a page at a time (RunResult.page): its lean items are
# ordered by start time without their fields, and tens of thousands of them need not be read twice.
DESCRIBE_AT_ONCE = 1000
# Answers whose evidence ``RunResult.stream`` builds together: each variable's links and items are asked of the
# sources once per batch (a few hundred keys per statement), and one batch of trees is held at a time.
EVIDENCE_BATCH = 500


@dataclass
class RunResult:
    plan: Plan
    action: str
    var: str
    type: EntityType
    items: list[Item]
    count: int
    candidates: dict[str, Candidates]
    trace: list[Event]
    seconds: float
    emptied_by: str | None = None          # the step that left a candidate set empty, if any
    links: dict[int, dict[str, set[str]]] = field(default_factory=dict, repr=False)
    _evidence: Callable[[str], dict | None] | None = field(default=None, repr=False)
    _prepare: Callable[[list[str]], None] | None = field(default=None, repr=False)
    _describe: Callable[[list[Item]], None] | None = field(default=None, repr=False)
    _evidence_many: Callable[[list[str]], dict[str, dict | None]] | None = field(default=None, repr=False)

    def prepare_evidence(self, keys: list[str]) -> None:
        """Make ready, in one go, what the evidence of the answers ``keys`` needs (links left for later)."""
        if self._prepare and keys:
            self._prepare(keys)

    def evidence(self, key: str) -> dict | None:
        """The tree of items that linked answer ``key``: {var, type, key, label, via: [{edge, ...}]}."""
        return self._evidence(key) if self._evidence else None

    def page(self, offset: int = 0, limit: int | None = None) -> list[Item]:
        """The answers from ``offset`` on, at most ``limit`` of them (all when None), with their output fields:
        a huge answer (``DESCRIBE_AT_ONCE``) is described here, page by page, so show answers through this."""
        page = self.items[offset:] if limit is None else self.items[offset:offset + limit]
        if self._describe is not None and page:
            self._describe(page)
        return page

    def stream(self, *, offset: int = 0, limit: int | None = None, with_evidence: bool = True,
               batch: int = EVIDENCE_BATCH) -> Iterator[tuple[Item, dict | None]]:
        """Every answer in order (from ``offset``, at most ``limit``) with its evidence, ``batch`` answers at a time:
        their fields and evidence are built for one batch, handed out and not kept, so an export of any size holds
        one batch of evidence trees."""
        end = len(self.items) if limit is None else min(len(self.items), offset + limit)
        for start in range(offset, end, batch):
            page = self.page(start, min(batch, end - start))
            trees = self._evidence_many([item.key for item in page]) if with_evidence and self._evidence_many else {}
            for item in page:
                yield item, trees.get(item.key)

    def to_json(self, *, with_evidence: bool = True, offset: int = 0, limit: int | None = None,
                items: bool = True) -> dict[str, Any]:
        """The result in the CLI's JSON form: ``count`` answers in all, ``items`` the page asked for (evidence is
        built for those alone), ``next_offset`` where the next page starts (None after the last). Without
        ``items`` the page is left out (``items`` empty) for a writer that streams it (``export.write_json``)."""
        records = []
        if items:
            page = self.page(offset, limit)
            if with_evidence:
                self.prepare_evidence([item.key for item in page])
            for item in page:
                out = item.output()
                if with_evidence:
                    out["evidence"] = self.evidence(item.key)
                records.append(out)
        total = len(self.items)
        end = min(total, offset + limit) if limit is not None else total
        end = max(end, offset)
        return {"action": self.action, "var": self.var, "type": self.type.value, "count": self.count,
                "items": records, "offset": offset, "limit": limit,
                "next_offset": end if end < total else None, "emptied_by": self.emptied_by}


class Executor:
    """Runs plans against a fixed set of connectors. One executor may run many plans, one at a time."""

    def __init__(self, connectors: Iterable[Connector], context: Context, *,
                 date_fallback: DateFallback | None = None, tool_hints: Mapping[str, str] | None = None):
        self.connectors = list(connectors)
        self.context = context
        self.date_fallback = date_fallback
        self.tool_hints = {} if tool_hints is None else tool_hints  # may be worked out on first use
        self._tools: dict[str, list[tuple[Connector, Callable]]] = defaultdict(list)
        for connector in self.connectors:
            for name, fn in connector.tools().items():
                self._tools[name].append((connector, fn))
        self._lock = threading.Lock()

    def available_tools(self) -> list[str]:
        return sorted(self._tools)

    def providers(self, tool_name: str) -> list[tuple[Connector, Callable]]:
        """The connectors offering a tool, with their bound tool functions."""
        return self._tools.get(tool_name, [])

    def run(self, plan: Plan, *, on_event: Callable[[Event], None] | None = None,
            cancel: threading.Event | None = None) -> RunResult:
        with self._lock, collection_paused():
            return _Run(self, plan, on_event, cancel).execute()


_pauses = 0                      # runs in progress in this process that asked for the collector to wait
_resume = False                  # whether the collector was on when the first of them started
_pauses_lock = threading.Lock()


@contextmanager
def collection_paused():
    """Hold off Python's cyclic garbage collector while a plan runs.

    A large answer creates hundreds of thousands of items, links and rows, all alive until the run ends;
    each of them makes the collector walk the whole heap again (a third of the run at 250,000 emails).
    Runs create no garbage cycles worth collecting midway; whatever they leave is collected afterwards.
    Process-wide, so counted: the collector resumes when the last run in progress ends.
    """
    global _pauses, _resume
    with _pauses_lock:
        _pauses += 1
        if _pauses == 1:
            _resume = gc.isenabled()
            gc.disable()
    try:
        yield
    finally:
        with _pauses_lock:
            _pauses -= 1
            if _pauses == 0 and _resume:
                gc.enable()


class _Run:
    """The state of one plan's execution."""

    def __init__(self, executor: Executor, plan: Plan, on_event, cancel):
        self.x = executor
        self.plan = plan
        self.graph = plan.graph
        self.on_event = on_event
        self.cancel = cancel
        self.trace: list[Event] = []
        self.started = time.perf_counter()
        self.final: dict[str, Candidates] = {}
        self.current: dict[str, Candidates] = {}
        self.pending: dict[str, Candidates] = {}
        self.links: dict[int, dict[str, set[str]]] = {}
        self.deferred: dict[int, dict[str, set[str]]] = {}  # steps that deferred their links: those asked so far
        # per tool step, the source of its links (one label), or per label the (wanted, known) pairs it gave
        self.sources: dict[int, str | dict[str, set[tuple[str, str]]]] = {}
        self.found_in: dict[str, dict[str, set[str]]] = {}   # per variable resolved on its own: label -> keys
        self.aliases: dict[str, dict[str, list[str]]] = {}   # per variable: key -> the keys merged into it
        self.emptied_by: str | None = None
        # per variable that started from the items nearest its ordinal's end (CallTool.newest): the step that
        # started it and the time the sources may have left items out from (Newest.cut)
        self.windows: dict[str, tuple[int, float]] = {}
        self._shape = None  # evidence_shape(), once the run is over
        self._dates: dict[str, DateRange | None] = {}  # dates_of()
        self._picks: dict[int, dict[str, str | None]] = {}  # assignments(): per tree step, each parent's pick

    # -- events ----------------------------------------------------------------------------------
    def emit(self, kind: EventKind, message: str, var: str | None = None, **data: Any) -> None:
        event = Event(kind=kind, seq=len(self.trace), t=round(time.perf_counter() - self.started, 4),
                      var=var, message=message, data=data)
        self.trace.append(event)
        if self.on_event:
            self.on_event(event)

    # -- main loop -------------------------------------------------------------------------------
    def execute(self) -> RunResult:
        self.emit(EventKind.PLAN, f"{self.plan.planner} plan with {len(self.plan.steps)} steps",
                  steps=[{"kind": s.kind, "text": plan_line(s), **_step_vars(s)} for s in self.plan.steps],
                  tools=self.plan.tool_calls, planner=self.plan.planner, notes=self.plan.notes)
        try:
            for index, step in enumerate(self.plan.steps):
                if self.cancel is not None and self.cancel.is_set():
                    raise Cancelled("the run was cancelled")
                if self.emptied_by and not isinstance(step, Action):
                    continue
                self.step(index, step)
        except QueryWeaverError as exc:
            self.emit(EventKind.ERROR, str(exc), error=type(exc).__name__)
            raise
        return self.result()

    def step(self, index: int, step) -> None:
        self.emit(EventKind.STEP_STARTED, step.describe(), getattr(step, "var", None) or getattr(step, "wanted", None),
                  step=index, step_kind=step.kind)
        if isinstance(step, Visit):
            self.emit(EventKind.NODE_RESOLVING, step.describe(), step.var,
                      neighbors=[list(n) for n in step.neighbors])
        elif isinstance(step, ResolveBound):
            self.resolve_bound(step)
        elif isinstance(step, CallTool):
            self.call_tool(index, step)
        elif isinstance(step, Intersect):
            self.intersect(step.var, step)
        elif isinstance(step, ApplyFilters):
            self.apply_filters(step)
        elif isinstance(step, ApplyOrdinal):
            self.apply_ordinal(step)
        elif isinstance(step, Resolved):
            self.final[step.var] = self.current.get(step.var)
            items = self.final[step.var]
            self.emit(EventKind.NODE_RESOLVED, f"result size for {step.var}: {_size(items)}", step.var,
                      count=_count(items), sample=_sample(items, self.describe))
        elif isinstance(step, Verify):
            self.verify()
        elif isinstance(step, Action):
            pass

    # -- steps -----------------------------------------------------------------------------------
    def resolve_bound(self, step: ResolveBound) -> None:
        var, type_ = step.var, step.type
        if type_ == EntityType.SELF:
            items: Candidates = {SELF_KEY: self.self_item()}
        elif type_ == EntityType.DATE:
            items = self.resolve_date(step.filters)
        elif not step.filters:
            items = None
        else:
            items = self.find(type_, list(step.filters), self.found_in.setdefault(var, {}))
        self.current[var] = items
        what = "all" if items is None else f"size {len(items)}"
        if type_ == EntityType.DATE and items:
            what += f" ({next(iter(items.values())).fields['meaning']})"
        self.emit(EventKind.FILTER, f"filtered {type_.value.lower()} bound var {var}: {what}"
                  f"{_versus(step.estimate) if items is not None else ''}", var,
                  count=_count(items), bound=True, estimate=step.estimate)
        self.check_empty(var, items, step.describe())

    def self_item(self) -> Item:
        ctx = self.x.context
        return Item(EntityType.SELF, SELF_KEY, {"name": ctx.self_name or "you", "emails": sorted(ctx.self_emails)})

    def resolve_date(self, filters: Iterable[FilterConstraint]) -> Candidates:
        filters = list(filters)
        if not filters:
            return None
        rng = DateRange(None, None)
        for flt in filters:
            rng = rng.intersect(self.date_range(str(flt.value), flt.op))
        text = " and ".join(f"{'' if f.op == '=' else f.op + ' '}{f.value}" for f in filters)
        item = Item(EntityType.DATE, rng.key(), {"value": text, "start": _iso(rng.start),
                                                  "end": _iso(rng.end), "range": rng, "meaning": str(rng)})
        return {} if rng.empty else {item.key: item}

    def date_range(self, text: str, op: str) -> DateRange:
        from .dates import parse_date_expression  # here: the date grammar is a large module, and most graphs
        # name no date

        today = self.x.context.today
        try:
            return parse_date_expression(text, op, today=today)
        except DateExpressionError:
            if self.x.date_fallback is None:
                raise
            self.emit(EventKind.WARNING, f"asking the LLM to read the date {text!r}")
            return self.x.date_fallback(text, op, today)

    def find(self, type_: EntityType, filters: list[FilterConstraint],
             found_in: dict[str, set[str]] | None = None) -> Candidates:
        """Items of the type passing ``filters``, from every source holding the type (``found_in``: which keys
        each source gave, by its label)."""
        merged: dict[str, Item] = {}
        answered = False
        for connector in self.x.connectors:
            found = connector.find(type_, filters)
            if found is None:
                continue
            answered = True
            keys = found_in.setdefault(source_label(connector), set()) if found_in is not None else None
            for item in found:
                _merge_into(merged, item)
                if keys is not None:
                    keys.add(item.key)
        if not answered:
            raise ConnectorError(f"no configured source holds {type_} items; add a [[sources]] entry that does "
                                 f"({self.x.tool_hints.get(type_.value, 'see the README, Sources')})")
        for flt in filters:  # a first or last name must be unique across every source
            if type_ == EntityType.PERSON and flt.field == "name":
                keep = match_persons(merged, str(flt.value))
                merged = {k: v for k, v in merged.items() if k in keep}
        return merged

    def dates_of(self, var: str) -> DateRange | None:
        """The days every answer of the Email variable ``var`` is sent within, from the ranges of its sent_on Dates
        (read without the LLM; a range it cannot read narrows nothing): ``Selection.wanted_dates``."""
        if var not in self._dates:
            rng = None
            if self.graph.var_type(var) == EntityType.EMAIL:
                for other, edge in self.graph.neighbors()[var]:
                    filters = [f for f in self.graph.filters_on(other) if f.field == "value"]
                    if edge.edge != "sent_on" or self.graph.var_type(other) != EntityType.DATE or not filters:
                        continue
                    from .dates import parse_date_expression

                    try:
                        for flt in filters:
                            found = parse_date_expression(str(flt.value), flt.op, today=self.x.context.today)
                            rng = found if rng is None else rng.intersect(found)
                    except DateExpressionError:
                        continue
            self._dates[var] = rng
        return self._dates[var]

    def call_tool(self, index: int, step: CallTool) -> None:
        if step.semijoin and self.current.get(step.wanted) is not None:
            found, links = self.semijoin(index, step)
        else:
            found, links = self.carry(index, step)
        self.links[index] = links
        if step.wanted in self.current:
            self.pending[step.wanted] = found
        else:
            self.current[step.wanted] = found
            self.check_empty(step.wanted, found, step.describe())

    def providers(self, tool: str, step: CallTool) -> list[tuple[Connector, Callable]]:
        providers = self.x.providers(tool)
        if not providers:
            hint = self.x.tool_hints.get(tool, "")
            raise ConnectorError(f"no configured source provides {tool} ({step.known_type} "
                                 f"{step.edge.edge} {step.wanted_type}); {hint or 'add a source that does'}")
        return providers

    def links_of(self, tool: str, providers, selection: Selection) -> Iterable[tuple[str, str, Item]]:
        """Every link the providers of ``tool`` give for ``selection``, with the label of the source giving it
        (``source_label``); a failing source is named."""
        for connector, fn in providers:
            label = source_label(connector)
            with _naming_source(connector, tool):
                for known_key, item in fn(selection):
                    yield label, known_key, item

    def carry(self, index: int, step: CallTool) -> tuple[dict[str, Item], dict[str, set[str]]]:
        """Carry the candidates of ``known`` across the edge: the candidates ``wanted`` gets from it."""
        providers = self.providers(step.tool, step)
        hints: list[Newest] = []
        if step.newest:  # each source its own hint, which says where it cut
            providers = [(c, _hinted(fn, hints, step)) for c, fn in providers]
        known = self.final.get(step.known)
        selection = Selection(step.known_type, known, tuple(self.graph.filters_on(step.known)),
                              tuple(f for f in self.graph.filters_on(step.wanted) if f.field != "ordinal"),
                              links=not step.defer_links, wanted_dates=self.dates_of(step.wanted))
        size = "all" if known is None else len(known)
        self.emit(EventKind.TOOL_CALLED, f"tool to be called: {step.tool} {step.wanted} {step.known}",
                  step.wanted, tool=step.tool, known=step.known, wanted=step.wanted, input_size=size,
                  edge=step.edge.edge, closes_cycle=step.closes_cycle, estimate=step.estimate,
                  defer_links=step.defer_links, connectors=[c.name for c, _ in providers])
        started = time.perf_counter()
        found: dict[str, Item] = {}
        links: dict[str, set[str]] = defaultdict(set)
        pairs = self.start_sources(index, providers)
        if step.defer_links:  # the items alone; links_for asks for the links an answer's evidence needs
            self.deferred[index] = {}
            for connector, fn in providers:  # (links_of's loop, without a tuple per link: there may be 100,000s)
                with _naming_source(connector, step.tool):
                    for _known_key, item in fn(selection):
                        existing = found.get(item.key)
                        if existing is None:
                            found[item.key] = item
                        elif existing is not item:
                            existing.merge(item)
        elif pairs is None:
            for _label, known_key, item in self.links_of(step.tool, providers, selection):
                _merge_into(found, item)
                links[item.key].add(known_key)
        else:  # several sources: which of them gave each link, for the evidence
            for label, known_key, item in self.links_of(step.tool, providers, selection):
                _merge_into(found, item)
                links[item.key].add(known_key)
                pairs[label].add((item.key, known_key))
        cuts = [h.cut for h in hints if h.cut is not None]
        nearest = ""
        if cuts:  # a pick from these must be dated beyond every source's cut (apply_ordinal)
            self.windows[step.wanted] = (index, (max if step.ordinal == "last" else min)(cuts))
            nearest = f" (the {'newest' if step.ordinal == 'last' else 'oldest'} first)"
        self.emit(EventKind.TOOL_RESULT, f"result size: {len(found)}{nearest}{_versus(step.estimate)}", step.wanted,
                  tool=step.tool, result_size=len(found), estimate=step.estimate,
                  seconds=round(time.perf_counter() - started, 4), partial=bool(cuts))
        return found, links

    def semijoin(self, index: int, step: CallTool) -> tuple[dict[str, Item], dict[str, set[str]]]:
        """The candidates ``wanted`` already has that are linked to a candidate of ``known``.

        The reverse tool runs on the few candidates of ``wanted``; the links kept are exactly those
        ``carry`` would have recorded for them, so answers and evidence do not depend on the choice.
        """
        tool = step.semijoin
        providers = self.providers(tool, step)
        have = self.current[step.wanted]
        known = self.final.get(step.known)
        selection = Selection(step.wanted_type, have, tuple(f for f in self.graph.filters_on(step.wanted)
                                                            if f.field != "ordinal"),
                              tuple(self.graph.filters_on(step.known)), wanted_dates=self.dates_of(step.known))
        self.emit(EventKind.TOOL_CALLED, f"semi-join: {tool} on {len(have)} candidates for {step.wanted}, "
                  f"keeping those linked to {step.known}", step.wanted, tool=tool, known=step.known,
                  wanted=step.wanted, input_size=len(have), edge=step.edge.edge, closes_cycle=step.closes_cycle,
                  semijoin=True, estimate=step.estimate, connectors=[c.name for c, _ in providers])
        started = time.perf_counter()
        if step.defer_links and (known is None or step.known_type == EntityType.SELF and set(known) == {SELF_KEY}):
            # which candidates are linked is all this step decides; links_for asks for an answer's links later
            self.start_sources(index, providers)
            self.deferred[index] = {}
            linked = self.linked_keys(tool, providers, replace(selection, exists=True), known)
            links: dict[str, set[str]] = defaultdict(set)
            found = {k: have[k] for k in have if k in linked}
        else:
            links = self.reverse_links(index, step, tool, providers, selection, known)
            found = {k: have[k] for k in have if k in links}
        self.emit(EventKind.TOOL_RESULT, f"result size: {len(found)}{_versus(step.estimate)}", step.wanted,
                  tool=tool, result_size=len(found), estimate=step.estimate, semijoin=True,
                  seconds=round(time.perf_counter() - started, 4))
        return found, links

    def linked_keys(self, tool: str, providers, selection: Selection, known: Candidates) -> set[str]:
        """The keys of ``selection`` that ``tool`` links to a candidate of ``known`` (every item when None)."""
        have = selection.items or {}
        return {key for _label, key, item in self.links_of(tool, providers, selection)
                if key in have and (item is None or known is None or item.key in known)}

    def reverse_links(self, index: int, step: CallTool, tool: str, providers, selection: Selection,
                      known: Candidates) -> dict[str, set[str]]:
        """wanted key -> the candidates of ``known`` (all when None) linked to it, from ``tool`` (the reverse of
        ``step``'s) called on ``selection``, candidates of ``wanted``: the links carrying ``known`` across would
        have recorded for them (and, from several sources, which gave each: ``link_sources``)."""
        have = selection.items or {}
        links: dict[str, set[str]] = defaultdict(set)
        pairs = self.start_sources(index, providers)
        ranges = None
        if step.known_type == EntityType.DATE and known is not None:  # a day is linked to the ranges holding it
            ranges = [(k, v.fields["range"]) for k, v in known.items() if isinstance(v.fields.get("range"), DateRange)]
        else:  # the keys of what the tool finds are all that is read here
            selection = replace(selection, keys_only=True)
        for label, wanted_key, item in self.links_of(tool, providers, selection):
            if wanted_key not in have:
                continue
            if ranges is not None:
                day = item.fields.get("range")
                linked = [key for key, rng in ranges if isinstance(day, DateRange) and day.start
                          and rng.contains(day.start)]
            elif known is None or item.key in known:
                linked = [item.key]
            else:
                continue
            if not linked:
                continue
            links[wanted_key].update(linked)
            if pairs is not None:
                pairs[label].update((wanted_key, key) for key in linked)
        return links

    # -- where each link came from (evidence names its sources) ------------------------------------------------
    def start_sources(self, index: int, providers) -> dict[str, set[tuple[str, str]]] | None:
        """Note the sources of step ``index``'s links: a single source gives them all (None back: nothing to
        record per link); with several, the (wanted key, known key) pairs each gives go in the dict returned."""
        if len(providers) == 1:
            self.sources[index] = source_label(providers[0][0])
            return None
        pairs = self.sources.get(index)
        if not isinstance(pairs, dict):
            pairs = self.sources[index] = defaultdict(set)
        return pairs

    def link_sources(self, index: int, wanted_key: str, known_key: str) -> set[str]:
        """The sources that gave step ``index``'s link between ``known_key`` and ``wanted_key``."""
        given = self.sources.get(index)
        if given is None:
            return set()
        if isinstance(given, str):
            return {given}
        return {label for label, pairs in given.items() if (wanted_key, known_key) in pairs}

    def links_for(self, index: int, key: str) -> set[str] | tuple[()]:
        """The known keys tool step ``index`` linked to the found item ``key``, asked now if it deferred them."""
        deferred = self.deferred.get(index)
        if deferred is None:
            return self.links[index].get(key, ())
        if key not in deferred:
            self.fill_links(index, [key])
        return deferred[key]

    def fill_links(self, index: int, keys: Iterable[str]) -> None:
        """The deferred links of step ``index`` for the found items ``keys``, by one call of the reverse tool."""
        deferred = self.deferred[index]
        keys = [k for k in dict.fromkeys(keys) if k not in deferred]
        if not keys:
            return
        step: CallTool = self.plan.steps[index]  # type: ignore[assignment]
        held = self.final.get(step.wanted) or self.current.get(step.wanted) or {}
        have = {k: held.get(k) or Item(step.wanted_type, k, {}) for k in keys}
        selection = Selection(step.wanted_type, have, tuple(f for f in self.graph.filters_on(step.wanted)
                                                            if f.field != "ordinal"),
                              tuple(self.graph.filters_on(step.known)), wanted_dates=self.dates_of(step.known))
        links = self.reverse_links(index, step, step.reverse, self.providers(step.reverse, step), selection,
                                   self.final.get(step.known))
        for key in keys:
            deferred[key] = links.get(key, set())

    def intersect(self, var: str, step: Intersect) -> None:
        a, b = self.current.get(var), self.pending.pop(var, None)
        if a is None:
            result = b
        elif b is None:
            result = a
        else:
            result = {k: v for k, v in a.items() if k in b}
            for k, v in result.items():
                other = b[k]
                if other is not v:  # a semi-join keeps the very items it was given
                    v.merge(other)
        self.current[var] = result
        self.emit(EventKind.INTERSECTION, f"performing intersection: {_size(a)} and {_size(b)} -> {_size(result)}",
                  var, before=[_count(a), _count(b)], count=_count(result))
        self.check_empty(var, result, step.describe())

    def apply_filters(self, step: ApplyFilters) -> None:
        items = self.current.get(step.var)
        for flt in step.filters:
            before = _count(items)
            items = self.filter(items, flt)
            self.emit(EventKind.FILTER, f"filter {flt.describe().removeprefix('filter ')}: {before} -> {_size(items)}",
                      step.var, filter=flt.describe(), before=before, count=_count(items))
            self.current[step.var] = items
            if self.check_empty(step.var, items, f"filter {flt.describe().removeprefix('filter ')}"):
                return

    def filter(self, items: Candidates, flt: FilterConstraint) -> Candidates:
        type_ = self.graph.var_type(flt.var)
        if items is None:  # an unconstrained set: resolve the filter on its own
            if type_ == EntityType.DATE:
                return self.resolve_date([flt])
            return self.find(type_, [flt])
        if type_ == EntityType.DATE:
            rng = self.date_range(str(flt.value), flt.op)
            return {k: v for k, v in items.items()
                    if isinstance(v.fields.get("range"), DateRange) and v.fields["range"].start
                    and rng.contains(v.fields["range"].start)}
        if type_ == EntityType.PERSON and flt.field == "name":
            keep = match_persons(items, str(flt.value))
            return {k: v for k, v in items.items() if k in keep}
        kept: dict[str, Item] = {}
        undecided: dict[str, Item] = {}
        for key, item in items.items():
            verdict = item_matches(item, flt)
            if verdict is None:
                undecided[key] = item
            elif verdict:
                kept[key] = item
        if undecided:
            approved: set[str] = set()
            for connector in self.x.connectors:
                answer = connector.apply_filter(type_, undecided, flt)
                if answer:
                    approved |= answer
            kept.update((k, v) for k, v in undecided.items() if k in approved)
        return kept

    def apply_ordinal(self, step: ApplyOrdinal) -> None:
        items = self.current.get(step.var)
        if items is None:
            items = self.find(self.graph.var_type(step.var), [], self.found_in.setdefault(step.var, {}))
        window = self.windows.pop(step.var, None)
        if window is not None:
            pick = self.pick(items or {}, step.value)
            ts = pick.fields["_ts"] if pick else None
            if ts is None or (ts <= window[1] if step.value == "last" else ts >= window[1]):
                self.emit(EventKind.FILTER, f"ordinal {step.value}: the {_size(items)} candidates of {step.var} "
                          f"nearest that end leave it unsure; {step.var}'s steps again, on all of its items",
                          step.var, widened=True)
                self.widen(step.var, window[0], self.plan.steps.index(step))
                items = self.current.get(step.var)
        self.describe(self.graph.var_type(step.var), items or {})
        items = self.one_per_message(step.var, items or {})  # two copies of the last email are one
        pick = self.pick(items, step.value)
        chosen = {pick.key: pick} if pick else {}
        self.emit(EventKind.FILTER, f"ordinal {step.value}: {_size(items)} -> {len(chosen)}", step.var,
                  before=_count(items), count=len(chosen))
        self.current[step.var] = chosen
        self.check_empty(step.var, chosen, step.describe())

    def pick(self, items: Mapping[str, Item], end: str) -> Item | None:
        """The first or last dated item (by time, then key), None when none is dated."""
        dated = [it for it in items.values() if it.fields.get("_ts") is not None]
        if not dated:
            return None
        return (max if end == "last" else min)(dated, key=lambda it: (it.fields["_ts"], it.key))

    def widen(self, var: str, start: int, stop: int) -> None:
        """Run ``var``'s own steps from ``start`` (the step that began it from the items nearest its ordinal's
        end) up to ``stop`` again, on all its items; the other variables' steps in between stand."""
        self.current.pop(var, None)
        for index in range(start, stop):
            step = self.plan.steps[index]
            if isinstance(step, CallTool) and step.wanted == var:
                self.step(index, step._replace(newest=0) if index == start else step)
            elif isinstance(step, (Intersect, ApplyFilters)) and step.var == var:
                self.step(index, step)

    def check_empty(self, var: str, items: Candidates, what: str) -> bool:
        if var in self.windows:  # only the items nearest the ordinal's end so far: apply_ordinal decides
            return False
        if items is not None and not items and self.emptied_by is None:
            self.emptied_by = f"{what} (left {var} empty)"
            self.emit(EventKind.WARNING, f"no candidates left for {var} after: {what}", var, emptied_by=what)
            return True
        return False

    # -- cycles and evidence ----------------------------------------------------------------------
    def tool_steps(self) -> list[tuple[int, CallTool]]:
        return [(i, s) for i, s in enumerate(self.plan.steps) if isinstance(s, CallTool) and i in self.links]

    def assignment(self, root_key: str, budget: list[int]) -> dict[str, str] | None:
        """One consistent choice of an item per variable with the answer ``root_key`` at the root."""
        order = list(self.plan.tree_parent)  # DFS preorder
        tree_link: dict[str, tuple[int, str]] = {}  # child var -> (step index, parent var)
        checks: dict[str, list[tuple[int, str, bool]]] = defaultdict(list)
        position = {v: n for n, v in enumerate(order)}
        for i, s in self.tool_steps():
            if not s.closes_cycle and self.plan.tree_parent.get(s.known) == s.wanted:
                tree_link[s.known] = (i, s.wanted)
            else:  # checked once both ends are chosen; ``later`` is the end chosen second
                later = s.known if position[s.known] > position[s.wanted] else s.wanted
                checks[later].append((i, s.known, s.wanted))
        chosen: dict[str, str] = {order[0]: root_key}

        def consistent(var: str) -> bool:
            for i, known, wanted in checks.get(var, ()):
                if known in chosen and wanted in chosen and chosen[known] not in self.links_for(i, chosen[wanted]):
                    return False
            return True

        def extend(n: int) -> bool:
            if n == len(order):
                return True
            var = order[n]
            i, parent = tree_link[var]
            options = self.links_for(i, chosen[parent])
            final = self.final.get(var)
            for key in sorted(options):
                budget[0] -= 1
                if budget[0] < 0:
                    return False
                if final is not None and key not in final:
                    continue
                chosen[var] = key
                if consistent(var) and extend(n + 1):
                    return True
                del chosen[var]
            return False

        if not consistent(order[0]):
            return None
        return dict(chosen) if extend(1) else None

    def verify(self) -> None:
        root = self.graph.return_var
        items = self.final.get(root)
        if items is None:
            return
        kept: dict[str, Item] = {}
        unsure = 0
        for key, item in items.items():
            budget = [VERIFY_BUDGET]
            if self.assignment(key, budget) is not None:
                kept[key] = item
            elif budget[0] < 0:
                kept[key] = item
                unsure += 1
        if unsure:
            self.emit(EventKind.WARNING, f"{unsure} answers were too costly to check around the cycle and were kept", root)
        self.emit(EventKind.FILTER, f"cycle check: {len(items)} -> {len(kept)}", root, before=len(items), count=len(kept))
        self.final[root] = self.current[root] = kept
        self.check_empty(root, kept, "the cycle check")

    def evidence(self, root_key: str) -> dict | None:
        """The tree of items that linked answer ``root_key``; each node names the sources that gave the links it
        stands on (an email two sources hold names both; merged from two keys by ``one_per_message``, too)."""
        return self.evidence_many([root_key])[root_key]

    def evidence_many(self, root_keys: list[str]) -> dict[str, dict | None]:
        """``evidence`` of many answers at once: each variable's links and items are asked of the sources once
        for the whole batch (``assignments``, ``lookup_many``), not once per answer."""
        root = self.graph.return_var
        aliases = self.aliases.get(root, {})
        wanted = {key: aliases.get(key, [key]) for key in dict.fromkeys(root_keys)}
        every = list(dict.fromkeys(k for keys in wanted.values() for k in keys))
        chosen = self.assignments(every)
        lookup = self.lookup_many([c for c in chosen.values() if c is not None])
        out: dict[str, dict | None] = {}
        for root_key, keys in wanted.items():
            trees = [t for t in (self.evidence_tree(chosen[k], lookup) for k in keys) if t]
            if not trees:
                out[root_key] = None
                continue
            tree = trees[0]
            if len(trees) > 1:
                for other in trees[1:]:
                    _add_sources(tree, other)
                item = (self.final.get(root) or {}).get(root_key)
                tree["key"], tree["label"] = root_key, item.label() if item else tree["label"]
            out[root_key] = tree
        return out

    def assignments(self, root_keys: list[str]) -> dict[str, dict[str, str] | None]:
        """``assignment`` of each answer in ``root_keys``, a variable at a time for all of them.

        In an acyclic plan every candidate left for a variable is linked to some candidate of each variable it was
        carried from (carries, semi-joins and intersections only keep such ones), so the smallest linked key that
        is a candidate -- what ``assignment`` tries first -- always extends: each variable's links are asked once
        for the batch (a deferred step's by one call of its reverse tool) and the pick is the same. Where that does
        not hold (a cycle; an answer left without such a key), ``assignment`` decides, one answer at a time.
        """
        order = list(self.plan.tree_parent)  # DFS preorder
        if self.plan.has_cycle or not root_keys:
            return {key: self.assignment(key, [VERIFY_BUDGET]) for key in root_keys}
        tree_link: dict[str, tuple[int, str]] = {}
        for i, s in self.tool_steps():
            if not s.closes_cycle and self.plan.tree_parent.get(s.known) == s.wanted:
                tree_link[s.known] = (i, s.wanted)
        if any(var not in tree_link for var in order[1:]):
            return {key: self.assignment(key, [VERIFY_BUDGET]) for key in root_keys}
        chosen: dict[str, dict[str, str]] = {key: {order[0]: key} for key in root_keys}
        unsure: set[str] = set()
        for var in order[1:]:
            i, parent = tree_link[var]
            parents = list(dict.fromkeys(c[parent] for key, c in chosen.items() if key not in unsure))
            if i in self.deferred:
                self.fill_links(i, parents)
            final = self.final.get(var)
            best = self._picks.setdefault(i, {})  # a parent met in an earlier batch keeps its pick
            for key in parents:
                if key not in best:
                    options = self.links_for(i, key)
                    best[key] = min(options if final is None else (o for o in options if o in final), default=None)
            for key, c in chosen.items():
                if key not in unsure:
                    pick = best[c[parent]]
                    if pick is None:
                        unsure.add(key)
                    else:
                        c[var] = pick
        out: dict[str, dict[str, str] | None] = dict(chosen)
        for key in unsure:
            out[key] = self.assignment(key, [VERIFY_BUDGET])
        return out

    def evidence_tree(self, chosen: dict[str, str] | None, lookup: dict[str, dict[str, tuple[str, str]]]
                      ) -> dict | None:
        """The evidence tree of one assignment (``assignments``), its items' keys and labels from ``lookup_many``."""
        if chosen is None:
            return None
        children, links, types = self.evidence_shape()
        sources: dict[str, set[str]] = defaultdict(set)
        for i, known, wanted in links:  # the links this assignment stands on, as assignment() follows them
            given = self.link_sources(i, chosen[wanted], chosen[known])
            sources[known] |= given
            sources[wanted] |= given
        if not self.graph.edges:  # a lone variable: the sources that found it (else its links say, whatever the plan)
            for var, by_label in self.found_in.items():
                sources[var] |= {label for label, keys in by_label.items() if chosen.get(var) in keys}

        def node(var: str, edge: str | None) -> dict:
            key, label = lookup[var][chosen[var]]
            out = {"var": var, "type": types[var], "key": key, "label": label,
                   "sources": sorted(sources[var]), "via": [node(c, e) for c, e in children[var]]}
            if edge:
                out["edge"] = edge
            return out

        return node(self.graph.return_var, None)

    def evidence_shape(self) -> tuple[dict[str, list[tuple[str, str]]], list[tuple[int, str, str]], dict[str, str]]:
        """What every evidence tree of this run shares, worked out once: each variable's children in the DFS tree
        with the edge to each, the tree's links as (step, known, wanted), and each variable's type name."""
        if self._shape is None:
            steps = self.tool_steps()
            children: dict[str, list[tuple[str, str]]] = defaultdict(list)
            for var, parent in self.plan.tree_parent.items():
                if parent is not None:
                    edge = next(s.edge.edge for _, s in steps if s.known == var and s.wanted == parent)
                    children[parent].append((var, edge))
            links = [(i, s.known, s.wanted) for i, s in steps
                     if not s.closes_cycle and self.plan.tree_parent.get(s.known) == s.wanted]
            types = {var: self.graph.var_type(var).value for var in self.graph.vars}
            self._shape = (children, links, types)
        return self._shape

    def one_per_message(self, var: str, items: dict[str, Item]) -> dict[str, Item]:
        """Emails that are one message seen through two sources under two keys (live Gmail keys its emails by its
        own id, an mbox by Message-ID) as one item, under the Message-ID key where a source uses it, with the
        fields of both; ``aliases`` keeps the keys it stands for (evidence follows each). Described items only
        (Gmail's ids alone carry no Message-ID)."""
        if not items or self.graph.var_type(var) != EntityType.EMAIL:
            return items
        by_message: dict[str, list[str]] = defaultdict(list)
        for key, item in items.items():
            by_message[item.fields.get("message_id") or key].append(key)
        if len(by_message) == len(items):
            return items
        merged: dict[str, Item] = {}
        aliases = self.aliases.setdefault(var, {})
        for message_id, keys in by_message.items():
            keys.sort(key=lambda k: k != message_id)  # stable: else the first seen
            item = items[keys[0]]
            for other in keys[1:]:
                item.merge(items[other])
            merged[keys[0]] = item
            if len(keys) > 1:
                aliases[keys[0]] = [k for key in keys for k in aliases.get(key, [key])]
        return merged

    def lookup_many(self, assignments: list[dict[str, str]]) -> dict[str, dict[str, tuple[str, str]]]:
        """Per variable, the key and label of each item the assignments chose, the lean or unknown ones described in
        one call per variable (an item many answers share is labelled once)."""
        out: dict[str, dict[str, tuple[str, str]]] = {}
        for var in self.plan.tree_parent:
            items = self.final.get(var) or {}
            type_ = self.graph.var_type(var)
            found: dict[str, Item] = {}
            bare: dict[str, Item] = {}
            by_key = type_ in LABELLED_BY_KEY  # an item not held needs no look-up for its label
            for key in dict.fromkeys(c[var] for c in assignments if var in c):
                item = items.get(key)
                if item is None:
                    item = Item(type_, key, {})
                    if not by_key:
                        bare[key] = item
                elif LEAN in item.fields:
                    bare[key] = item
                found[key] = item
            self.describe(type_, bare)
            out[var] = {key: (item.key, item.label()) for key, item in found.items()}
        return out

    # -- result ----------------------------------------------------------------------------------
    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        if not items:
            return
        for connector in self.x.connectors:
            connector.describe(type_, items)

    def result(self) -> RunResult:
        var = self.graph.return_var
        type_ = self.graph.var_type(var)
        items = {} if self.emptied_by else self.final.get(var, self.current.get(var))
        if items is None:
            items = self.find(type_, [], self.found_in.setdefault(var, {}))
        # ordered by time, not by label: described a page at a time (emails so only when one source holds them, as
        # two sources' copies of a message are merged by their described Message-IDs)
        by_page = len(items) > DESCRIBE_AT_ONCE and (type_ == EntityType.EVENT or type_ == EntityType.EMAIL and sum(
            type_ in c.types for c in self.x.connectors) == 1)
        if not by_page:
            self.describe(type_, items)
        items = self.final[var] = self.one_per_message(var, items)
        ordered = sort_items(list(items.values()))
        count = len(ordered)
        if self.graph.return_mode == "one":
            ordered = ordered[:1]
        seconds = time.perf_counter() - self.started
        self.emit(EventKind.DONE, f"done: {count} {type_.value}{'' if count == 1 else 's'} for {var}", var,
                  count=count, seconds=round(seconds, 4), emptied_by=self.emptied_by)
        cache: dict[str, dict | None] = {}

        def evidence(key: str) -> dict | None:
            if key not in cache:
                cache[key] = self.evidence(key) if not self.emptied_by else None
            return cache[key]

        def prepare(keys: list[str]) -> None:
            missing = [k for k in keys if k not in cache]
            if missing:
                cache.update(self.evidence_many(missing) if not self.emptied_by else dict.fromkeys(missing))

        def describe(page: list[Item]) -> None:
            self.describe(type_, {item.key: item for item in page})

        def evidence_many(keys: list[str]) -> dict[str, dict | None]:  # not kept: an export streams them
            return self.evidence_many(keys) if not self.emptied_by else dict.fromkeys(keys)

        return RunResult(self.plan, self.graph.action, var, type_, ordered, count, dict(self.final), self.trace,
                         seconds, self.emptied_by, self.links, evidence, prepare, describe if by_page else None,
                         evidence_many)


def sort_items(items: list[Item]) -> list[Item]:
    """Emails and events newest first, everything else by label."""
    if items and items[0].type in (EntityType.EMAIL, EntityType.EVENT):
        return sorted(items, key=lambda it: (-(it.fields.get("_ts") or 0), it.key))
    return sorted(items, key=lambda it: (it.label().casefold(), it.key))


def _add_sources(tree: dict, other: dict) -> None:
    """Name in ``tree`` the sources ``other`` (the evidence of another key of the same answer) names for the same
    items; the roots are the same answer."""
    tree["sources"] = sorted(set(tree["sources"]) | set(other["sources"]))
    for child in tree["via"]:
        same = next((o for o in other["via"] if o["var"] == child["var"] and o["key"] == child["key"]), None)
        if same is not None:
            _add_sources(child, same)


def source_label(connector: Connector) -> str:
    """How evidence names a source: its type and where it reads from (``SourceConfig.label``)."""
    source = getattr(connector, "source", None)
    return source.label if source is not None else connector.name


@contextmanager
def _naming_source(connector: Connector, tool: str):
    """Around a call of a connector's tool: an error that is not QueryWeaver's own names the source."""
    try:
        yield
    except QueryWeaverError:
        raise
    except Exception as exc:  # a connector bug or library error: name the source, keep the cause
        error = ConnectorError(f"{connector.name} source failed in {tool}: {exc}")
        error.connector = connector  # the engine heals this source's index when the cause is damage
        raise error from exc


def _merge_into(table: dict[str, Item], item: Item) -> None:
    existing = table.get(item.key)
    if existing is None:
        table[item.key] = item
    elif existing is not item:
        existing.merge(item)


def _versus(estimate: int | None) -> str:
    return "" if estimate is None else f" (estimated {estimate})"


def _hinted(fn: Callable, hints: list[Newest], step: CallTool) -> Callable:
    """``fn`` called with a fresh ``Newest`` hint for ``step`` in its selection, kept in ``hints``."""
    def call(selection: Selection):
        hint = Newest(step.ordinal, step.newest)
        hints.append(hint)
        return fn(replace(selection, newest=hint))
    return call


def _size(items: Candidates) -> str:
    return "all" if items is None else str(len(items))


def _count(items: Candidates) -> int | None:
    return None if items is None else len(items)


def _sample(items: Candidates, describe: Callable[[EntityType, dict[str, Item]], None], n: int = 5) -> list[str]:
    """The labels of the first ``n`` items in answer order (without sorting them all), lean ones described."""
    if not items:
        return []
    values = list(items.values())
    if values[0].type in (EntityType.EMAIL, EntityType.EVENT):
        if len(values) > 4 * n:  # the n-th newest time first (plain numbers), then only the items that reach it
            cut = heapq.nlargest(n, [it.fields.get("_ts") or 0 for it in values])[-1]
            values = [it for it in values if (it.fields.get("_ts") or 0) >= cut]
        first = heapq.nsmallest(n, values, key=lambda it: (-(it.fields.get("_ts") or 0), it.key))
    else:
        first = heapq.nsmallest(n, values, key=lambda it: (it.label().casefold(), it.key))
    lean = {it.key: it for it in first if LEAN in it.fields}
    if lean:
        describe(first[0].type, lean)
    return [it.label() for it in first]


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _step_vars(step) -> dict[str, Any]:
    out = {}
    for name in ("var", "known", "wanted", "tool", "semijoin", "estimate"):
        if hasattr(step, name):
            out[name] = getattr(step, name)
    return out

