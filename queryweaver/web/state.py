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
from pathlib import Path
from typing import Any, Callable, Iterator

from flask import current_app

from ..config import Config
from ..engine import Engine
from ..errors import ConnectorError, GenerationError, QueryWeaverError
from ..schema import EntityType
from .history import RecentQuestions
from .opener import Opener
from .runs import RunRegistry

log = logging.getLogger(__name__)

EXTENSION_KEY = "queryweaver"
Generate = Callable[[str, Callable[[Any], None]], Any]   # (question, on_event) -> Generation
EngineFactory = Callable[[Callable[..., None]], Engine]  # (progress) -> Engine

# Shown on the empty page when the demo questions cannot be read.
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
    home: Path = field(default_factory=Path.home)        # where the folder browser starts, and stays unless told
    config_path: Path | None = None                     # the file the Data page writes
    job: Any = None                                     # the index build started from the page (indexing.IndexJob)
    fresh_at: dict[str, float] = field(default_factory=dict)       # source label -> time.time() of its last refresh
    source_errors: dict[str, str] = field(default_factory=dict)    # source label -> its last error's line
    rebuild_defaults: Callable[["WebState"], None] | None = field(default=None, repr=False)
    watch_interval: float = 1.0                         # seconds between two looks at the local sources
    _watch_signature: Any = field(default=None, repr=False)
    _watcher: threading.Thread | None = field(default=None, repr=False)
    _closing: threading.Event = field(default_factory=threading.Event, repr=False)
    _local: threading.local = field(default_factory=threading.local, repr=False)
    data_dir: Path = field(default_factory=lambda: default_data_dir())   # the Google client file and token
    google_sign_in: Any = None                          # the Google sign-in under way (google_signin.SignIn)
    examples_from_data: bool = True                     # the empty page's examples come from the user's data
    examples_cache: Any = None                          # (the lexicon they were made from, the questions)
    reader_stale: bool = False                          # a source finished indexing: the reader is built again
    _reader: Any = field(default=None, repr=False)      # (job id, engine, labels left out) while a build runs
    _reader_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

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
            self._progress_to = progress_to or getattr(self._local, "progress", None)
            if self.engine is None:
                self.engine = self.engine_factory(self._relay_progress)
                self._warnings_shown = 0
            yield self.engine
        finally:
            self._progress_to = None
            self._engine_lock.release()

    # -- questions while the Data page's build runs: answered from what is indexed so far ------------------
    @contextmanager
    def question_session(self, progress_to: Callable[..., None] | None = None,
                         timeout: float | None = None) -> Iterator[tuple[Engine | None, dict[str, Any] | None]]:
        """The engine a question runs on, and what its answer leaves out.

        With no index build running: the engine of ``engine_session`` and None. While the Data page's build
        runs (it holds that engine for its whole length): a second engine reading the indexes as they stand,
        each source with nothing indexed yet left out (``Connector.answer_as_indexed``), and ``{"indexing":
        [labels of the sources the build has still to finish], "left_out": [labels of those not answering]}``
        for the answer's banner. Yields (None, None) when ``timeout`` runs out first."""
        job = self.job
        if job is None or job.finished:
            with self.engine_session(progress_to, timeout) as engine:
                yield engine, None
            return
        if not self._reader_lock.acquire(timeout=-1 if timeout is None else timeout):
            yield None, None
            return
        try:
            engine, left_out = self._reader_for(job)
            yield engine, {"indexing": self.build_under_way(), "left_out": left_out}
        finally:
            if job.finished and self._reader is not None:  # it ended while this question read: no one needs it now
                self._reader[1].close()
                self._reader = None
            self._reader_lock.release()

    def build_under_way(self) -> list[str]:
        """The labels of the sources the Data page's build has still to finish ([] when none runs)."""
        job = self.job
        if job is None or job.finished:
            return []
        labels = [s.label for s in self.config.sources]
        return [labels[n] for n in job.sources if n not in job.ended_sources and n < len(labels)]

    def _reader_for(self, job: Any) -> tuple[Engine, list[str]]:
        """The reading engine of ``job`` (built again once a source of it finished: it may answer now)."""
        if self._reader is not None and (self._reader[0] != job.id or self.reader_stale):
            self._reader[1].close()
            self._reader = None
        if self._reader is None:
            self.reader_stale = False
            engine = self.engine_factory(lambda *args: None)  # it never builds, so it has no progress to say
            rebuilding = {id(self.config.sources[n]) for n in job.sources if job.rebuild and n < len(self.config.sources)}
            dropped = engine.keep_connectors(lambda c: id(c.source) not in rebuilding and c.answer_as_indexed())
            self._reader = (job.id, engine, [c.source.label for c in dropped])
        return self._reader[1], list(self._reader[2])

    def close_reader(self) -> None:
        """The build ended: questions go back to the engine (a question reading now finishes first)."""
        with self._reader_lock:
            if self._reader is not None:
                self._reader[1].close()
                self._reader = None

    def lexicon(self):
        """What the user's data names, from the engine (None while another run holds it for long)."""
        with self.question_session(timeout=30) as (engine, partial):
            if engine is None:
                return None
            said = len(engine.warnings)
            if partial is None:
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

    @contextmanager
    def progress_to(self, target: Callable[..., None]) -> Iterator[None]:
        """Index progress on this thread goes to ``target`` (a question's grounding may build the indexes)."""
        self._local.progress = target
        try:
            yield
        finally:
            self._local.progress = None

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
            else:
                for source in self.config.sources:
                    self.note_source_fresh(source)
        else:
            for source in self.config.sources:  # built now, if not before (a source's first use)
                self.fresh_at.setdefault(source.label, time.time())

    # -- the sources' state, for the Data page and each answer ------------------------------------------
    def note_source_fresh(self, source: Any) -> None:
        label = source.label if hasattr(source, "label") else self.config.sources[source].label
        self.fresh_at[label] = time.time()
        self.source_errors.pop(label, None)

    def note_source_error(self, source: Any, message: str) -> None:
        label = source.label if hasattr(source, "label") else self.config.sources[source].label
        self.source_errors[label] = message

    def freshness(self) -> list[dict[str, Any]]:
        """How fresh each source was for an answer: its label and when it was last refreshed."""
        return [{"source": s.label, "type": s.type, "as_of": self.fresh_at.get(s.label)} for s in self.config.sources]

    def apply_config(self, config: Config, timeout: float = 30.0) -> None:
        """Use ``config`` from now on (the Data page changed the file): the engine is closed and built again
        on next use, with the new sources."""
        from .opener import source_roots

        if not self._engine_lock.acquire(timeout=timeout):
            raise ConfigBusy("the config was saved, but a question or an index build is still using the old "
                             "one; it is used once they end")
        try:
            if self.engine is not None:
                self.engine.close()
                self.engine = None
            self.config = config
            self.roots = source_roots(config)
            self._watch_signature = None
            if self.rebuild_defaults is not None:
                self.rebuild_defaults(self)
        finally:
            self._engine_lock.release()

    # -- freshness while serving: local sources are looked at every second, refreshed when they changed ---
    def start_watching(self) -> None:
        if self._watcher is None:
            self._watcher = threading.Thread(target=self._watch, name="queryweaver-watch", daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        while not self._closing.wait(self.watch_interval):
            try:
                self.refresh_if_changed()
            except Exception:  # never let the watcher die: the next look tries again
                log.exception("watching the sources failed")

    def refresh_if_changed(self) -> bool:
        """Refresh the indexes of the local sources whose files changed since the last look (cheap: ``stat``
        calls); a question or build holding the engine is not waited for (the next look tries again)."""
        signature = local_signature(self.config)
        if signature == self._watch_signature or self.engine is None:
            if self.engine is None:
                self._watch_signature = None  # the engine, once built, starts from what it indexed
            return False
        if not self._engine_lock.acquire(timeout=0.05):
            return False
        try:
            engine = self.engine
            if engine is None:
                return False
            previous, self._watch_signature = self._watch_signature, signature
            if previous is None:
                return False  # the first look: the engine was just built from these files
            changed = {n for n, (a, b) in enumerate(zip(previous, signature)) if a != b}
            for connector in engine.connectors:
                n = next((i for i, s in enumerate(self.config.sources) if s is connector.source), None)
                if n not in changed:
                    continue
                try:
                    engine.healing(connector.refresh_index)
                except ConnectorError as exc:
                    self.note_source_error(n, str(exc))
                else:
                    self.note_source_fresh(n)
            engine._lexicon = None  # the new mail's names ground the next question
            return True
        finally:
            self._engine_lock.release()

    def _relay_progress(self, stage: str, done: int, total: int | None = None) -> None:
        target = self._progress_to
        if target is not None:
            target(stage, done, total)

    def describe(self, type_: EntityType, items: dict) -> None:
        """Fill display fields (a file's path on disk) of items about to be shown, if the engine is free."""
        if not items:
            return
        with self.question_session(timeout=5) as (engine, _partial):
            if engine is None:
                return
            for connector in engine.connectors:
                try:
                    connector.describe(type_, items)
                except Exception:  # a display nicety; never fail a page over it
                    log.exception("describe failed in %s", getattr(connector, "name", connector))

    def close(self, timeout: float = 10.0) -> None:
        """Cancel every run, wait for them to stop, then close the engine (its index connections)."""
        self._closing.set()
        if self.job is not None:
            self.job.cancel.set()
        self.close_reader()
        self.runs.cancel_all()
        deadline = time.monotonic() + timeout
        for run in self.runs.all():
            run.wait_finished(max(0.0, deadline - time.monotonic()))
        with self._engine_lock:
            if self.engine is not None:
                self.engine.close()
                self.engine = None


class ConfigBusy(QueryWeaverError):
    """The engine is in use; a new config waits."""


LOCAL_PATH_TYPES = ("mbox", "maildir", "emlx", "ics", "files")


def local_signature(config: Config) -> tuple:
    """What the local sources' files look like now, cheaply: the mtime and size of each source's file, or of
    every folder under it (a Maildir's new mail changes ``new/``'s mtime; a file added to a folder changes
    that folder's) and every mail or calendar file in it (an mbox that grew)."""
    out = []
    for source in config.sources:
        if source.type not in LOCAL_PATH_TYPES:
            out.append(None)
            continue
        paths = [source.options.get(k) for k in ("path", "root")] + list(source.options.get("roots") or [])
        seen = []
        for path in (p for p in paths if isinstance(p, str)):
            seen.append(_stat_tree(path, files=source.type in ("mbox", "ics")))
        out.append(tuple(seen))
    return tuple(out)


def _stat_tree(path: str, files: bool) -> tuple:
    import os

    try:
        st = os.stat(path)
    except OSError:
        return (path, None)
    if not os.path.isdir(path):
        return (path, st.st_mtime_ns, st.st_size)
    stats = []
    for folder, dirs, names in os.walk(path):
        dirs[:] = [d for d in dirs if d != ".git"]
        try:
            fst = os.stat(folder)
            stats.append((folder, fst.st_mtime_ns))
        except OSError:
            continue
        if files:
            for name in names:
                try:
                    nst = os.stat(os.path.join(folder, name))
                except OSError:
                    continue
                stats.append((name, nst.st_mtime_ns, nst.st_size))
        if len(stats) > 200_000:  # a huge tree: its folders' mtimes are enough
            break
    return (path, hash(tuple(stats)))


def default_data_dir() -> Path:
    """Where the Google sign-in keeps the client file and the token: the user data dir, as ``queryweaver auth
    google`` does (``connectors.google_auth.default_token_path``)."""
    from connectors.google_auth import default_token_path

    return default_token_path().parent


def current_state() -> WebState:
    return current_app.extensions[EXTENSION_KEY]


def default_engine_factory(config: Config, registry: Any = None) -> EngineFactory:
    """Engines for ``config``, with the connectors of ``registry`` (default: the installed plugins)."""
    def build(progress: Callable[..., None]) -> Engine:
        return Engine(config, progress=progress, warn=lambda message: log.warning("%s", message),
                      date_fallback=_date_fallback(config), registry=registry)

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
    """The demo's questions (``paper_graphs.demo_questions``), shown on the empty page."""
    from ..paper_graphs import demo_questions

    try:
        return [text for text in (_question_text(q) for q in demo_questions()) if text]
    except Exception:
        log.exception("could not read the demo questions")
        return list(FALLBACK_EXAMPLES)
