"""The engine: connectors built from a config, a planner and an executor, behind one small object.

The CLI and the web app both use it::

    with Engine(config) as engine:
        result = engine.run(graph)
"""

from __future__ import annotations

import threading
from typing import Callable

from .config import Config
from .connector import Connector, Context, IndexReport, Progress, no_progress
from .errors import ConfigError, ConnectorError
from .events import Event
from .executor import DateFallback, Executor, RunResult
from .graph import QueryGraph
from .grounding import Lexicon
from .planner import Plan, make_plan
from .plugins import Registry, get_registry


class Engine:
    def __init__(self, config: Config, *, registry: Registry | None = None, progress: Progress = no_progress,
                 warn: Callable[[str], None] | None = None, date_fallback: DateFallback | None = None,
                 connectors: list[Connector] | None = None):
        self.config = config
        self.registry = registry or get_registry()
        self.warnings: list[str] = []
        self._warn_out = warn
        self.context = Context.from_config(config, progress=progress, warn=self._warn)
        self.connectors = connectors if connectors is not None else self._build_connectors()
        self._lexicon: Lexicon | None = None
        self.executor = Executor(self.connectors, self.context, date_fallback=date_fallback,
                                 tool_hints=self._tool_hints())

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        if self._warn_out:
            self._warn_out(message)

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
        return self.executor.run(make_plan(graph), on_event=on_event, cancel=cancel)

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
                    connector.lexicon(lexicon)
                except ConnectorError as exc:  # grounding does without it; a question that reads it says why
                    self._warn(f"the {connector.name} source could not name what it holds for grounding: {exc}")
            lexicon.settle_self()  # a source may add a Self address (the Google account) after others named it
            self._lexicon = lexicon
        return self._lexicon

    def refresh_indexes(self) -> list[IndexReport]:
        self._lexicon = None  # read again from the refreshed indexes on the next question
        reports = []
        for connector in self.connectors:
            report = connector.refresh_index()
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
