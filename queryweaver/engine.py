"""The engine: connectors built from a config, a planner and an executor, behind one small object.

The CLI and the web app both use it::

    with Engine(config) as engine:
        result = engine.run(graph)
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from collections.abc import Mapping
from typing import Callable, TypeVar

from .config import Config
from .connector import Connector, Context, IndexReport, Progress, no_progress
from .errors import DateExpressionError, ConfigError, ConnectorError, IndexDamagedError, IndexStorageError, QueryWeaverError
from .events import Event, EventKind
from .executor import DateFallback, Executor, RunResult
from .graph import QueryGraph
from .reader.grounding import Lexicon
from .index import SourceIndex, is_damage, sqlite_cause
from .items import DateRange
from .planner import PLANNERS, Plan, Statistics, make_cost_plan, make_plan
from .plugins import Registry, get_registry
from .schema import EntityType, tool_name

T = TypeVar("T")


@dataclass
class IndexStatus:
    """One row of ``queryweaver index --check``."""

    source: str
    path: Path
    size: int | None          # bytes of the database and its -wal; None when not built yet
    items: int | None         # rows of the index's main table (messages, events, files)
    written: datetime | None  # when it was last written (the last refresh that changed something)
    state: str                # ok | damaged | cannot open | not built
    problem: str | None = None


class Engine:
    def __init__(self, config: Config, *, registry: Registry | None = None, progress: Progress = no_progress,
                 warn: Callable[[str], None] | None = None, date_fallback: DateFallback | None = None,
                 connectors: list[Connector] | None = None, planner: str = PLANNERS[0]):
        if planner not in PLANNERS:
            raise ConfigError(f"unknown planner {planner!r}; use one of: {', '.join(PLANNERS)}")
        self.planner = planner
        self.defer_links_from: float | None = None  # the cost planner's default (planner.DEFER_LINKS_FROM)
        self.newest_first: int | None = None  # the cost planner's default (planner.NEWEST_FIRST)
        self.config = config
        self.registry = registry or get_registry()
        self.warnings: list[str] = []
        self._warn_out = warn
        self._runs = threading.local()  # the event callback of the run in progress on this thread
        self.context = Context.from_config(config, progress=progress, warn=self._warn)
        self.connectors = connectors if connectors is not None else self._build_connectors()
        self._lexicon: Lexicon | None = None
        self.executor = Executor(self.connectors, self.context, date_fallback=date_fallback,
                                 tool_hints=self._tool_hints())

    def keep_connectors(self, keep: Callable[[Connector], bool]) -> list[Connector]:
        """Answer with the connectors ``keep`` accepts only; the others are closed and returned (the web page
        answers from what is indexed while a build runs: the sources with nothing indexed yet are left out)."""
        kept = [c for c in self.connectors if keep(c)]
        dropped = [c for c in self.connectors if c not in kept]
        for connector in dropped:
            connector.close()
        self.connectors = kept
        self._lexicon = None
        self.executor = Executor(self.connectors, self.context, date_fallback=self.executor.date_fallback,
                                 tool_hints=self._tool_hints())
        return dropped

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        if self._warn_out:
            self._warn_out(message)
        sink = getattr(self._runs, "on_event", None)
        if sink:  # said during a run (an index healed, a stale index answering): the web UI's activity panel
            sink(Event(kind=EventKind.WARNING, message=message))

    def _build_connectors(self) -> list[Connector]:
        if not self.config.sources:
            where = self.config.path or "the config file"
            raise ConfigError(f"no [[sources]] configured in {where}; add one, e.g. [[sources]] type = \"mbox\" "
                              f"path = \"mail.mbox\"")
        connectors = []
        for source in self.config.sources:
            cls = self.registry.connector_class(source.type)
            if not cls.available():
                self._warn(f"the {source.type} source is not available on this platform and was left out")
                continue
            connectors.append(cls(source, self.context))
        return connectors

    def _tool_hints(self) -> Mapping[str, str]:
        """For each tool and type: which source types could provide it (for 'no source provides X')."""
        return _ToolHints(self.registry)

    def plan(self, graph: QueryGraph, planner: str | None = None) -> Plan:
        """The steps for ``graph``: the paper's Algorithm 1, or the cost-aware order (the engine's default)."""
        if (planner or self.planner) == "paper":
            return make_plan(graph)
        return make_cost_plan(graph, self.statistics(graph), self.defer_links_from, self.newest_first)

    def statistics(self, graph: QueryGraph) -> Statistics:
        """The figures the cost-aware planner orders ``graph`` by, asked of the connectors (None = unknown).

        A source that fails to answer (a missing file, a damaged index) makes its figures unknown: the run then
        meets the failure at the step that needs the source, which names it (and heals a damaged index).
        """
        counts: dict[str, int | None] = {}
        adjacent = graph.neighbors()
        for var in graph.vars:
            filters = [f for f in graph.filters_on(var) if f.field != "ordinal"]
            if graph.var_type(var) == EntityType.DATE:  # days of the range that hold items of the types it dates
                counts[var] = _days(filters, self.context, self._date_span({graph.var_type(n) for n, _ in adjacent[var]}))
            else:
                counts[var] = self._count(graph.var_type(var), filters)
        fanouts: dict = {}
        totals: dict = {}
        reversible = set()
        for edge in graph.edges:
            a, b = graph.var_type(edge.from_), graph.var_type(edge.to)
            for known, wanted in ((a, b), (b, a)):
                fanouts[(known, edge.edge, wanted)] = self._fanout(known, edge.edge, wanted)
                totals[(known, edge.edge, wanted)] = self._total(known, edge.edge, wanted)
            forward = {id(c) for c, _ in self.executor.providers(tool_name(a, edge.edge, b))}
            backward = {id(c) for c, _ in self.executor.providers(tool_name(b, edge.edge, a))}
            if forward and forward == backward:
                reversible |= {(a, edge.edge, b), (b, edge.edge, a)}
        return Statistics(counts, fanouts, frozenset(reversible), totals)

    def _count(self, type_: EntityType, filters: list) -> int | None:
        if type_ == EntityType.SELF:
            return 1
        if type_ == EntityType.DATE:
            return _days(filters, self.context)
        total = 0
        for connector in self.connectors:
            found = _unless_failing(lambda: connector.estimate(type_, filters))
            if found is None:
                return None
            total += found
        return total

    def _date_span(self, types: set[EntityType]) -> tuple[date, date] | None:
        """The first and last day of the sources' dated items of ``types`` (None when one cannot say)."""
        spans = []
        for connector in self.connectors:
            for type_ in types:
                if type_ in connector.types:
                    span = _unless_failing(lambda: connector.date_span(type_))
                    if span is None:
                        return None
                    spans.append(span)
        if not spans:
            return None
        return min(s[0] for s in spans), max(s[1] for s in spans)

    def _total(self, known: EntityType, edge: str, wanted: EntityType) -> float | None:
        """Links of every known item through the tool: each provider's items of the type times its fan-out."""
        total = 0.0
        for connector, _ in self.executor.providers(tool_name(known, edge, wanted)):
            count = _unless_failing(lambda: connector.estimate(known, []))
            fanout = _unless_failing(lambda: connector.fanout(known, edge, wanted))
            if count is None or fanout is None:
                return None
            total += count * fanout
        return total

    def _fanout(self, known: EntityType, edge: str, wanted: EntityType) -> float | None:
        found = [_unless_failing(lambda: connector.fanout(known, edge, wanted)) for connector, _ in self.executor.providers(
            tool_name(known, edge, wanted))]
        if not found or any(f is None for f in found):
            return None
        return max(found)

    def run(self, graph: QueryGraph, *, on_event: Callable[[Event], None] | None = None,
            cancel: threading.Event | None = None, planner: str | None = None) -> RunResult:
        """Run the graph; a damaged index met on the way is moved aside, rebuilt, and the run started again."""
        held: list[Event] = []

        def forward(event: Event) -> None:
            if event.kind == EventKind.ERROR:
                held.append(event)  # held back: after a heal the run starts again
            elif on_event:
                on_event(event)

        def attempt() -> RunResult:
            held.clear()
            return self.executor.run(self.plan(graph, planner), on_event=forward, cancel=cancel)

        self._runs.on_event = on_event
        try:
            return self.healing(attempt)
        except BaseException:
            for event in held:
                if on_event:
                    on_event(event)
            raise
        finally:
            self._runs.on_event = None

    def healing(self, action: Callable[[], T]) -> T:
        """``action()``, healing each damaged index it runs into (moved aside, one warning, rebuilt from
        its source) and trying again; an index is healed at most once per call."""
        healed: set[int] = set()
        while True:
            try:
                return action()
            except (QueryWeaverError, sqlite3.Error) as exc:  # hooks such as find() reach SQLite untranslated
                damaged = self._damaged_indexes(exc, healed)
                if not damaged:
                    if isinstance(exc, sqlite3.Error):
                        raise ConnectorError(f"a local index failed ({exc}); 'queryweaver index --check' shows "
                                             f"which, 'queryweaver index --rebuild' builds them anew") from exc
                    raise
                for connector, index, reason in damaged:
                    index.heal(reason)  # says so through the context's warn
                    healed.add(id(index))
                    connector.refresh_index()

    def _damaged_indexes(self, exc: BaseException, healed: set[int]) -> list[tuple[Connector, SourceIndex, str]]:
        """The indexes behind ``exc`` that are damaged: the one it names, else those failing a check."""
        owned = [(c, index) for c in self.connectors for index in c.indexes() if id(index) not in healed]
        if isinstance(exc, IndexDamagedError) and exc.index is not None:
            return [(c, index, exc.reason) for c, index in owned if index is exc.index]
        cause = sqlite_cause(exc)
        if cause is None or not is_damage(cause):
            return []
        for full in (False, True):  # quick_check first; integrity_check also finds broken indexes
            found = [(c, index, problem) for c, index in owned if (problem := index.check(full))]
            if found:
                return found
        # damaged cell contents no check can see (a garbled text value): the failing source's indexes
        failing = getattr(exc, "connector", None)
        return [(c, index, str(cause)) for c, index in owned if c is failing]

    def check_and_heal(self) -> None:
        """``quick_check`` every index changed since its last passed check and heal the damaged ones
        (``queryweaver index`` does this first, so it also finds damage in parts no refresh reads)."""
        for connector in self.connectors:
            for index in connector.indexes():
                problem = index.check_unless_unchanged()
                if problem:
                    index.heal(problem)

    def check_indexes(self, full: bool = False) -> list[IndexStatus]:
        """Every local index with its size, items, last write and a quick_check (integrity_check if ``full``)."""
        rows = []
        for connector in self.connectors:
            for index in connector.indexes():
                label = f"{connector.name}:{index.source_path}"
                if not index.db_path.exists():
                    rows.append(IndexStatus(label, index.db_path, None, None, None, "not built"))
                    continue
                files = [Path(f"{index.db_path}{s}") for s in ("", "-wal")]
                stats = [f.stat() for f in files if f.exists()]
                state, items = "ok", None
                try:
                    problem = index.check(full)
                except IndexStorageError as exc:
                    state, problem = "cannot open", str(exc)
                else:
                    if problem is None:
                        items = index.count_items()
                    else:
                        state = "damaged"
                rows.append(IndexStatus(label, index.db_path, sum(st.st_size for st in stats), items,
                                        datetime.fromtimestamp(max(st.st_mtime for st in stats), timezone.utc),
                                        state, problem))
        return rows

    def rebuild_indexes(self, source: str | None = None) -> list[IndexReport]:
        """Delete the indexes of every source (or of the sources matching ``source``) and build them anew."""
        chosen = [c for c in self.connectors if c.indexes() and (source is None or _matches(c, source))]
        if not chosen:
            names = ", ".join(f"{c.name}:{i.source_path}" for c in self.connectors for i in c.indexes())
            raise ConfigError(f"no configured source with a local index matches {source!r}; use a source type "
                              f"or path among: {names or 'none'}")
        reports = []
        for connector in chosen:
            for index in connector.indexes():
                index.delete()
            report = self.healing(connector.refresh_index)
            if report is not None:
                reports.append(report)
        return reports

    def lexicon(self) -> Lexicon:
        """What the configured sources name, plus the user's own names and addresses (for grounding).

        Kept once read, until ``refresh_indexes`` (a long-lived engine, the web app's, refreshes now and then).
        """
        if self._lexicon is None:
            states = self._lexicon_states()
            if states is None:
                self._lexicon = self._read_lexicon()[0]
            else:  # every source can say when its lexicon changes: keep the built one between runs
                from .lexicon_cache import cached_lexicon, snapshot_key, snapshot_path

                name, emails = self.config.self_name, frozenset(self.context.self_emails)
                self._lexicon = cached_lexicon(snapshot_path(self.context.cache_dir, states, name, emails),
                                               snapshot_key(states, name, emails), self._read_lexicon)
        return self._lexicon

    def lexicon_states(self) -> list[tuple] | None:
        """Every source's ``lexicon_state`` (refreshed first), which changes whenever what the data names does;
        None when one source has none (or cannot be read)."""
        return self._lexicon_states()

    def _lexicon_states(self) -> list[tuple] | None:
        """Every source's ``lexicon_state``, or None when one has none (or cannot be read)."""
        states = []
        for connector in self.connectors:
            try:
                state = self.healing(connector.lexicon_state)
            except QueryWeaverError:
                return None  # read as usual, which says what went wrong
            if state is None:
                return None
            states.append((connector.name, state))
        return states

    def _read_lexicon(self) -> tuple[Lexicon, bool]:
        """The lexicon every source names, and whether every source could be read."""
        complete = True
        lexicon = Lexicon()
        if self.config.self_name.strip():
            lexicon.self_names.add(" ".join(self.config.self_name.split()))
        lexicon.self_addresses |= {a.lower() for a in self.context.self_emails}
        for connector in self.connectors:
            try:
                self.healing(lambda connector=connector: connector.lexicon(lexicon))
            except ConnectorError as exc:  # grounding does without it; a question that reads it says why
                self._warn(f"the {connector.name} source could not name what it holds for grounding: {exc}")
                complete = False
        lexicon.settle_self()  # a source may add a Self address (the Google account) after others named it
        return lexicon, complete

    def refresh_indexes(self, check: bool = False, parallel: bool = False) -> list[IndexReport]:
        """Refresh every source's index (after ``check_and_heal`` when ``check``); with ``parallel``, the sources
        after the first in a child process at a lower priority when that can help (``source_builds``)."""
        if check:
            self.check_and_heal()
        self._lexicon = None  # read again from the refreshed indexes on the next question
        if parallel:
            from .source_builds import refresh_in_parallel, worth_it

            if worth_it(self):
                return refresh_in_parallel(self, lambda connector: self.healing(connector.refresh_index))
        reports = []
        for connector in self.connectors:
            report = self.healing(connector.refresh_index)
            if report is not None:
                reports.append(report)
        return reports

    def close(self) -> None:
        for connector in self.connectors:
            connector.close()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _ToolHints(Mapping):
    """Tool or type -> "add a [[sources]] entry of type ...", worked out when a run first needs a hint: it asks
    every connector class, which imports every connector module (start-up imports only the configured ones)."""

    def __init__(self, registry: Registry):
        self._registry = registry
        self._hints: dict[str, str] | None = None

    def _all(self) -> dict[str, str]:
        if self._hints is None:
            providers: dict[str, set[str]] = {}
            for name, cls in self._registry.connectors.items():
                for spec in cls.tool_specs():
                    providers.setdefault(spec.name, set()).add(name)
                    providers.setdefault(spec.wanted.value, set()).add(name)
            self._hints = {key: f"add a [[sources]] entry of type {' or '.join(sorted(names))}"
                           for key, names in providers.items()}
        return self._hints

    def __getitem__(self, key: str) -> str:
        return self._all()[key]

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _unless_failing(estimate: Callable[[], T]) -> T | None:
    """A connector's estimate, or None (unknown) when the source cannot be read now."""
    try:
        return estimate()
    except (QueryWeaverError, sqlite3.Error):
        return None


def _days(filters: list, context: Context, span: tuple[date, date] | None = None) -> int | None:
    """Days in a Date variable's range (unbounded sides count ten years), within ``span`` (the first and last day
    of the items it dates) when known; None when it needs the LLM to read."""
    if not filters:
        return None
    from .dates import parse_date_expression  # here: most graphs name no date (the grammar is a large module)

    rng = DateRange(None, None)
    try:
        for flt in filters:
            rng = rng.intersect(parse_date_expression(str(flt.value), flt.op, today=context.today))
    except DateExpressionError:
        return None
    if rng.empty:
        return 0
    start = rng.start or (rng.end or context.today) - timedelta(days=3650)
    end = rng.end or (rng.start or context.today) + timedelta(days=3650)
    if span is not None:  # "since August" holds the days from August to the newest item, not ten years of them
        start, end = max(start, span[0]), min(end, span[1] + timedelta(days=1))
    return max(0, (end - start).days)


def _matches(connector: Connector, source: str) -> bool:
    """A source named on the command line by its type, its type:path label or its path."""
    if source in (connector.name, connector.source.type, connector.source.label):
        return True
    wanted = Path(source).expanduser().resolve()
    return any(index.source_path == wanted for index in connector.indexes())
