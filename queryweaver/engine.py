"""The engine: connectors built from a config, a planner and an executor, behind one small object.

The CLI and the web app both use it::

    with Engine(config) as engine:
        result = engine.run(graph)
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, TypeVar

from .config import Config
from .connector import Connector, Context, IndexReport, Progress, no_progress
from .errors import ConfigError, ConnectorError, IndexDamagedError, IndexStorageError, QueryWeaverError
from .events import Event, EventKind
from .executor import DateFallback, Executor, RunResult
from .graph import QueryGraph
from .grounding import Lexicon
from .index import SourceIndex, is_damage, sqlite_cause
from .planner import Plan, make_plan
from .plugins import Registry, get_registry

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
                 connectors: list[Connector] | None = None):
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

    def _tool_hints(self) -> dict[str, str]:
        """For each tool and type: which source types could provide it (for 'no source provides X')."""
        providers: dict[str, set[str]] = {}
        for name, cls in self.registry.connectors.items():
            for spec in cls.tool_specs():
                providers.setdefault(spec.name, set()).add(name)
                providers.setdefault(spec.wanted.value, set()).add(name)
        return {key: f"add a [[sources]] entry of type {' or '.join(sorted(names))}"
                for key, names in providers.items()}

    def plan(self, graph: QueryGraph) -> Plan:
        return make_plan(graph)

    def run(self, graph: QueryGraph, *, on_event: Callable[[Event], None] | None = None,
            cancel: threading.Event | None = None) -> RunResult:
        """Run the graph; a damaged index met on the way is moved aside, rebuilt, and the run started again."""
        held: list[Event] = []

        def forward(event: Event) -> None:
            if event.kind == EventKind.ERROR:
                held.append(event)  # held back: after a heal the run starts again
            elif on_event:
                on_event(event)

        def attempt() -> RunResult:
            held.clear()
            return self.executor.run(make_plan(graph), on_event=forward, cancel=cancel)

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
        """``quick_check`` every index and heal the damaged ones (``queryweaver index`` does this first, so it
        also finds damage in parts no refresh reads)."""
        for connector in self.connectors:
            for index in connector.indexes():
                problem = index.check()
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
            lexicon = Lexicon()
            if self.config.self_name.strip():
                lexicon.self_names.add(" ".join(self.config.self_name.split()))
            lexicon.self_addresses |= {a.lower() for a in self.context.self_emails}
            for connector in self.connectors:
                try:
                    self.healing(lambda connector=connector: connector.lexicon(lexicon))
                except ConnectorError as exc:  # grounding does without it; a question that reads it says why
                    self._warn(f"the {connector.name} source could not name what it holds for grounding: {exc}")
            lexicon.settle_self()  # a source may add a Self address (the Google account) after others named it
            self._lexicon = lexicon
        return self._lexicon

    def refresh_indexes(self, check: bool = False) -> list[IndexReport]:
        """Refresh every source's index (after ``check_and_heal`` when ``check``)."""
        if check:
            self.check_and_heal()
        self._lexicon = None  # read again from the refreshed indexes on the next question
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


def _matches(connector: Connector, source: str) -> bool:
    """A source named on the command line by its type, its type:path label or its path."""
    if source in (connector.name, connector.source.type, connector.source.label):
        return True
    wanted = Path(source).expanduser().resolve()
    return any(index.source_path == wanted for index in connector.indexes())
