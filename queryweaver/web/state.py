"""Everything the web app holds, on one object hung off the Flask app (no module globals).

``current_state()`` returns it inside a request. The engine is built on first use (building it may index
the sources, and a config problem should show in the browser, not stop the server) and used by one run at
a time: the executor is not re-entrant, so runs take ``engine_session`` in turn.
"""

from __future__ import annotations

import logging
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from flask import current_app

from ..config import Config
from ..engine import Engine
from ..errors import ConnectorError, GenerationError
from ..schema import EntityType
from .history import RecentQuestions
from .opener import Opener
from .runs import RunRegistry

log = logging.getLogger(__name__)

EXTENSION_KEY = "queryweaver"
Generate = Callable[[str, Callable[[Any], None]], Any]   # (question, on_event) -> Generation
EngineFactory = Callable[[Callable[..., None]], Engine]  # (progress) -> Engine

# Shown on the empty page when the corpus of demo questions is not available.
FALLBACK_EXAMPLES = (
    "Find the folders that contain email attachments from Jane Doe",
    "Find the last email received on January 10, 2025",
    "Find all the email attachments of type .txt",
)


@dataclass
class WebState:
    config: Config
    token: str
    opener: Opener
    generate: Generate | None
    recent: RecentQuestions
    examples: list[str]
    roots: list[str]
    engine_factory: EngineFactory
    runs: RunRegistry = field(default_factory=RunRegistry)
    engine: Engine | None = None
    index_max_age: float = 30.0  # seconds between index refreshes of the long-lived engine
    pending_warnings: list[str] = field(default_factory=list)
    _refreshed_at: float = field(default_factory=time.monotonic, repr=False)
    _warnings_shown: int = field(default=0, repr=False)
    _engine_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _progress_to: Callable[..., None] | None = field(default=None, repr=False)

    @contextmanager
    def engine_session(self, progress_to: Callable[..., None] | None = None,
                       timeout: float | None = None) -> Iterator[Engine | None]:
        """The engine, for this caller alone; progress of any indexing goes to ``progress_to``.

        With ``timeout``, yields None when another run keeps the engine longer than that.
        """
        if not self._engine_lock.acquire(timeout=-1 if timeout is None else timeout):
            yield None
            return
        try:
            self._progress_to = progress_to
            if self.engine is None:
                self.engine = self.engine_factory(self._relay_progress)
                self._warnings_shown = 0
            yield self.engine
        finally:
            self._progress_to = None
            self._engine_lock.release()

    def lexicon(self):
        """What the user's data names, from the engine (None while another run holds it for long)."""
        with self.engine_session(timeout=30) as engine:
            if engine is None:
                return None
            said = len(engine.warnings)
            self.keep_fresh(engine)
            lexicon = engine.lexicon()
            self.pending_warnings.extend(engine.warnings[said:])  # an index healed while reading: say so in the run
            return lexicon

    def new_warnings(self, engine: Engine) -> list[str]:
        """The engine's warnings no answer has shown yet (an index healed, links skipped, a sync failed)."""
        fresh = engine.warnings[self._warnings_shown:]
        self._warnings_shown = len(engine.warnings)
        return list(fresh)

    def take_warnings(self) -> list[str]:
        """Warnings said outside a run (while grounding a question), for the run that asked."""
        taken, self.pending_warnings[:] = list(self.pending_warnings), []
        return taken

    def keep_fresh(self, engine: Engine) -> None:
        """Refresh the indexes (cheap when nothing changed) when the last refresh is older than
        ``index_max_age``, so mail and events that arrived while the app runs are found and named."""
        now = time.monotonic()
        if now - self._refreshed_at > self.index_max_age:
            self._refreshed_at = now
            try:
                engine.refresh_indexes()
            except ConnectorError as exc:  # e.g. a Google mirror that cannot sync now: it answers as it is
                self.pending_warnings.append(f"{exc}; answering from the local copy as it is")

    def _relay_progress(self, stage: str, done: int, total: int | None = None) -> None:
        target = self._progress_to
        if target is not None:
            target(stage, done, total)

    def describe(self, type_: EntityType, items: dict) -> None:
        """Fill display fields (a file's path on disk) of items about to be shown, if the engine is free."""
        if not items:
            return
        with self.engine_session(timeout=5) as engine:
            if engine is None:
                return
            for connector in engine.connectors:
                try:
                    connector.describe(type_, items)
                except Exception:  # a display nicety; never fail a page over it
                    log.exception("describe failed in %s", getattr(connector, "name", connector))

    def close(self, timeout: float = 10.0) -> None:
        """Cancel every run, wait for them to stop, then close the engine (its index connections)."""
        self.runs.cancel_all()
        deadline = time.monotonic() + timeout
        for run in self.runs.all():
            run.wait_finished(max(0.0, deadline - time.monotonic()))
        with self._engine_lock:
            if self.engine is not None:
                self.engine.close()
                self.engine = None


def current_state() -> WebState:
    return current_app.extensions[EXTENSION_KEY]


def default_engine_factory(config: Config) -> EngineFactory:
    def build(progress: Callable[..., None]) -> Engine:
        return Engine(config, progress=progress, warn=lambda message: log.warning("%s", message),
                      date_fallback=_date_fallback(config))

    return build


def _date_fallback(config: Config):
    """The LLM reads dates the built-in parser cannot, unless the configured backend is the rules one."""
    if config.llm_setting("backend") == "rules":
        return None
    try:
        from ..llm import make_date_fallback
    except ImportError:
        return None
    try:
        return make_date_fallback(config)
    except Exception:  # no LLM reachable: dates the parser cannot read will say so instead
        log.info("no LLM date fallback", exc_info=True)
        return None


def default_generate(config: Config, lexicon: Callable[[], Any] | None = None) -> Generate:
    """Questions go to ``generate_graph``, grounded in what ``lexicon()`` (the engine's) says the data names."""
    def generate(question: str, on_event: Callable[[Any], None]):
        try:
            from ..llm import generate_graph
        except ImportError as exc:
            raise GenerationError(f"the question parser is not available ({exc}); run an edited graph instead, "
                                  f"or reinstall queryweaver") from exc
        return generate_graph(question, config, on_event=on_event, lexicon=lexicon() if lexicon else None)

    return generate


def _question_text(entry: Any) -> str | None:
    """A demo question given as text, or as a record with a ``question`` attribute or key."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        return entry.get("question")
    return getattr(entry, "question", None)


def default_examples() -> list[str]:
    try:
        from ..corpus import demo_questions
    except ImportError:
        return list(FALLBACK_EXAMPLES)
    try:
        return [text for text in (_question_text(q) for q in demo_questions()) if text]
    except Exception:
        log.exception("could not read the demo questions")
        return list(FALLBACK_EXAMPLES)
