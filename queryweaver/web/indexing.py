"""Index builds started from the Data page: one at a time, in the background, with per-source progress.

A job lives on the server (``WebState.job``), not in the page: a reloaded page finds it running and follows
its events again from the start. Cancelling stops the build at its next progress report (every build
commits in batches, so what was committed stays and the next build resumes from there).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..errors import Cancelled, QueryWeaverError

if TYPE_CHECKING:
    from .state import WebState

log = logging.getLogger(__name__)

PROGRESS_INTERVAL = 0.2   # seconds between two progress events of one source


class IndexEventKind(str, Enum):
    """The events of an index job's stream (``GET /api/data/index/events``); ``static/js/data.js`` switches
    on the same names."""

    INDEX_STARTED = "index_started"     # the sources about to be indexed
    INDEX_SOURCE = "index_source"       # one source starts or ends: its state and its report's line
    INDEX_PROGRESS = "index_progress"   # source, stage, done, total (total None: unknown)
    INDEX_DONE = "index_done"           # terminal: every source done (some may have failed)
    INDEX_CANCELLED = "index_cancelled" # terminal
    INDEX_ERROR = "index_error"         # terminal: the job could not run at all


TERMINAL = frozenset({IndexEventKind.INDEX_DONE.value, IndexEventKind.INDEX_CANCELLED.value,
                      IndexEventKind.INDEX_ERROR.value})
INDEX_EVENT_NAMES: tuple[str, ...] = tuple(k.value for k in IndexEventKind)


@dataclass
class IndexJob:
    sources: list[int]             # positions in the config's [[sources]]
    rebuild: bool = False
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    started: float = field(default_factory=time.time)
    cancel: threading.Event = field(default_factory=threading.Event)
    messages: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    _cond: threading.Condition = field(default_factory=threading.Condition, repr=False)
    _last: dict[int, float] = field(default_factory=dict, repr=False)
    current: int | None = None
    ended_sources: set[int] = field(default_factory=set)   # sources done or failed (questions may read them)

    def publish(self, kind: IndexEventKind, data: dict[str, Any]) -> None:
        with self._cond:
            if self.finished:
                return
            self.messages.append((kind.value, {**data, "t": round(time.time() - self.started, 3)}))
            self._cond.notify_all()

    @property
    def finished(self) -> bool:
        return bool(self.messages) and self.messages[-1][0] in TERMINAL

    @property
    def status(self) -> str:
        if not self.finished:
            return "running"
        return self.messages[-1][0].removeprefix("index_")

    def wait(self, cursor: int, timeout: float) -> list[tuple[int, str, dict[str, Any]]]:
        with self._cond:
            if cursor >= len(self.messages) and not self.finished:
                self._cond.wait(timeout)
            return [(i, *self.messages[i]) for i in range(cursor, len(self.messages))]

    def progress(self, stage: str, done: int, total: int | None = None) -> None:
        """The engine's progress callback during this job: throttled, and where a cancel takes effect."""
        if self.cancel.is_set():
            raise Cancelled("the indexing was cancelled")
        source = self.current
        now = time.monotonic()
        finished = total is not None and done >= total
        if source is None or (not finished and now - self._last.get(source, 0.0) < PROGRESS_INTERVAL):
            return
        self._last[source] = now
        self.publish(IndexEventKind.INDEX_PROGRESS, {"source": source, "stage": stage, "done": done, "total": total})

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "sources": self.sources, "rebuild": self.rebuild,
                "events": len(self.messages)}


def start(state: "WebState", job: IndexJob) -> threading.Thread:
    thread = threading.Thread(target=run, args=(state, job), name=f"queryweaver-index-{job.id}", daemon=True)
    thread.start()
    return thread


def run(state: "WebState", job: IndexJob) -> None:
    """Index the job's sources one after another, in the background; always ends with a terminal event.
    Questions asked meanwhile are answered from what is indexed so far (``WebState.question_session``)."""
    try:
        _run(state, job)
    finally:
        state.close_reader()


def _run(state: "WebState", job: IndexJob) -> None:
    try:
        with state.engine_session(progress_to=job.progress) as engine:
            assert engine is not None
            by_source = {id(source): n for n, source in enumerate(state.config.sources)}
            chosen = [c for c in engine.connectors if by_source.get(id(c.source)) in job.sources]
            job.publish(IndexEventKind.INDEX_STARTED, {"sources": [by_source[id(c.source)] for c in chosen],
                                                       "rebuild": job.rebuild})
            failed = 0
            for connector in chosen:
                n = by_source[id(connector.source)]
                if job.cancel.is_set():
                    raise Cancelled("the indexing was cancelled")
                job.current = n
                job.publish(IndexEventKind.INDEX_SOURCE, {"source": n, "state": "indexing"})
                started = time.monotonic()
                try:
                    if job.rebuild:
                        for index in connector.indexes():
                            index.delete()
                    report = engine.healing(connector.refresh_index)
                except Cancelled:
                    raise
                except QueryWeaverError as exc:
                    failed += 1
                    state.note_source_error(n, str(exc))
                    job.ended_sources.add(n)
                    job.publish(IndexEventKind.INDEX_SOURCE, {"source": n, "state": "error", "error": str(exc)})
                    continue
                state.note_source_fresh(n)
                job.ended_sources.add(n)
                state.reader_stale = True  # questions asked meanwhile may read this source now
                line = None
                if report is not None:
                    line = (f"{report.parsed:,} read, {report.reused:,} unchanged, {report.removed:,} removed"
                            + (f", {len(report.skipped)} skipped" if report.skipped else ""))
                job.publish(IndexEventKind.INDEX_SOURCE, {"source": n, "state": "done", "report": line,
                                                          "seconds": round(time.monotonic() - started, 2)})
            job.current = None
            engine._lexicon = None  # questions read the new indexes' names
            job.publish(IndexEventKind.INDEX_DONE, {"failed": failed})
    except Cancelled:
        job.publish(IndexEventKind.INDEX_CANCELLED, {"message": "Indexing cancelled; what was indexed so far is "
                                                                "kept, and the next build continues from there."})
    except QueryWeaverError as exc:
        job.publish(IndexEventKind.INDEX_ERROR, {"message": str(exc)})
    except Exception as exc:  # a bug: say so, details in the terminal
        log.exception("index job %s failed", job.id)
        job.publish(IndexEventKind.INDEX_ERROR, {"message": f"Unexpected error ({type(exc).__name__}: {exc}); see "
                                                            f"the terminal running 'queryweaver serve'."})
