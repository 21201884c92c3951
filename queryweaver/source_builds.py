"""Refreshing several sources' indexes at once (``queryweaver index``): the first source in this process, the
others one after another in a child process that runs at a lower priority.

A large build is mostly its biggest source, whose parse keeps every core busy until its last steps (the index's
lookup tables, the lexicon), which one core does alone; a folder walk is one core's work too. The child's sources
fill those gaps: at a lower priority it takes what the first source leaves and slows it little. On a 2-core machine
the 250k benchmark's three sources (``benchmarks/scale.py``, which times both) took 26.2, 28.8 and 24.0 s this way
in three runs, and 30.1, 33.3 and 23.5 s one after another in the same runs.

The child is an Engine of the same config that refreshes the sources it is given, each healed as usual, and sends
back its warnings as they come, its progress (shown once this process's own build is done, so two progress bars do
not fight over one line) and its reports. Should it stop without saying it finished (killed, crashed), this
process builds what it had not finished, as a build killed half-way is resumed. It leaves when its parent is gone.
Anything the child raises is raised here after this process's own source is built, as a build one source after
another would have stopped there.
"""

from __future__ import annotations

import os
import pickle
import queue
import sys
import threading
import time
import types
from collections.abc import Callable
from typing import Any

from .connector import IndexReport

# sources whose refresh reads local files only (no account to sign in to, nothing asked of a server)
LOCAL_SOURCES = frozenset({"mbox", "maildir", "emlx", "ics", "files"})
CHILD_NICE = 10      # the child's priority below this process (Unix niceness): it takes what the first source leaves
WAIT_S = 0.5         # how often each side looks whether the other is still there


def worth_it(engine) -> bool:
    """Whether ``refresh_in_parallel`` pays: more than one source, all of them local, more than one CPU, worker
    processes allowed (``[index] workers = 0`` or ``QUERYWEAVER_INDEX_WORKERS=0`` keep a build in one process), and
    a first build of the first source and of another one (a refresh that finds little to do is over before a child
    process has started). Unless workers are asked for by number, the first source must also be large enough for
    workers to parse it (``workers.AUTO_FROM_BYTES``)."""
    from .workers import AUTO_FROM_BYTES

    connectors = engine.connectors
    if len(connectors) < 2 or (os.cpu_count() or 1) < 2 or not all(c.name in LOCAL_SOURCES for c in connectors):
        return False
    if engine.context.workers(_input_bytes(connectors[0]), AUTO_FROM_BYTES) == 0:
        return False
    return _unbuilt(connectors[0]) and any(_unbuilt(c) for c in connectors[1:])


def _unbuilt(connector) -> bool:
    return any(not index.db_path.exists() for index in connector.indexes())


def _input_bytes(connector) -> int:
    """The size of the source's file (an mbox, an .ics); 0 for a folder (a Maildir, a tree of files)."""
    path = getattr(connector, "path", None)
    try:
        return path.stat().st_size if path is not None and path.is_file() else 0
    except OSError:
        return 0


def refresh_in_parallel(engine, heal: Callable[[Any], IndexReport | None]) -> list[IndexReport]:
    """Every connector of ``engine`` refreshed: the first here (``heal(connector)``), the rest in a child process;
    the reports in connector order."""
    import multiprocessing

    first, others = engine.connectors[0], list(range(1, len(engine.connectors)))
    ctx = multiprocessing.get_context("spawn")
    messages = ctx.Queue()
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__mp_main__")  # as the parsing workers: no main module re-run
    try:
        child = ctx.Process(target=_build_in_child, args=(engine.config, others, messages, os.getpid()),
                            name="queryweaver-index", daemon=False)
        child.start()
    finally:
        sys.modules["__main__"] = main
    relay = _Relay(engine, messages, child)
    relay.start()
    try:
        reports: dict[int, IndexReport | None] = {0: heal(first)}
        relay.show_progress()
        relay.join()
    except BaseException:
        relay.stop()
        child.terminate()  # its build resumes where it stopped, next time
        child.join(5)
        raise
    finally:
        messages.cancel_join_thread()
    child.join(5)
    reports.update(relay.reports)
    if relay.error is not None:
        raise relay.error
    if not relay.finished:  # stopped without saying so: what it had not finished is built here
        engine._warn(f"the build in the background stopped ({_how_it_ended(child)}); the rest is built here")
        for number in others:
            if number not in relay.reports:
                reports[number] = heal(engine.connectors[number])
    return [reports[n] for n in sorted(reports) if reports[n] is not None]


def _how_it_ended(child) -> str:
    code = child.exitcode
    if code is None:
        return "it did not answer"
    return f"killed by signal {-code}" if code < 0 else f"exit code {code}"


class _Relay(threading.Thread):
    """Reads what the child sends: warnings said at once, progress held back until ``show_progress``, reports,
    an exception, the end."""

    def __init__(self, engine, messages, child):
        super().__init__(daemon=True, name="queryweaver-index-relay")
        self.engine, self.messages, self.child = engine, messages, child
        self.reports: dict[int, IndexReport | None] = {}
        self.error: BaseException | None = None
        self.finished = False
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._progress_shown = False
        self._held: dict[str, tuple] = {}   # the latest progress of each stage, until it may be shown

    def show_progress(self) -> None:
        with self._lock:
            self._progress_shown = True
            held, self._held = list(self._held.values()), {}
        for args in held:
            self.engine.context.progress(*args)

    def stop(self) -> None:
        self._stopped.set()

    def run(self) -> None:
        while not self._stopped.is_set():
            try:
                kind, *payload = self.messages.get(timeout=WAIT_S)
            except queue.Empty:
                if not self.child.is_alive():
                    try:  # what it sent just before leaving
                        kind, *payload = self.messages.get(timeout=WAIT_S)
                    except queue.Empty:
                        return
                else:
                    continue
            except (EOFError, OSError):
                return
            if kind == "warn":
                self.engine._warn(payload[0])
            elif kind == "progress":
                with self._lock:
                    if not self._progress_shown:
                        self._held[payload[0][0]] = payload[0]
                        continue
                self.engine.context.progress(*payload[0])
            elif kind == "report":
                self.reports[payload[0]] = payload[1]
            elif kind == "error":
                self.error = _unpickled(payload[0])
                return
            elif kind == "done":
                self.finished = True
                return


def _unpickled(data: bytes) -> BaseException:
    from .errors import ConnectorError

    try:
        value = pickle.loads(data)
    except Exception as exc:  # noqa: BLE001 - an exception that does not come back whole still says what it was
        return ConnectorError(f"the build in the background failed ({exc})")
    return value if isinstance(value, BaseException) else ConnectorError(str(value))


def _build_in_child(config, numbers: list[int], messages, parent: int) -> None:
    """The child: refresh connectors ``numbers`` of an Engine of ``config``, saying everything through ``messages``."""
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    if hasattr(os, "nice"):
        try:
            os.nice(CHILD_NICE)
        except OSError:
            pass
    from .engine import Engine

    def progress(stage: str, done: int, total: int | None = None) -> None:
        messages.put(("progress", (stage, done, total)))

    try:
        with Engine(config, progress=progress, warn=lambda message: messages.put(("warn", message))) as engine:
            for number in numbers:
                report = engine.healing(engine.connectors[number].refresh_index)
                messages.put(("report", number, report))
    except BaseException as exc:  # noqa: BLE001 - raised in the parent, where the build was asked for
        try:
            data = pickle.dumps(exc)
        except Exception:  # noqa: BLE001
            data = pickle.dumps(f"{type(exc).__name__}: {exc}")
        messages.put(("error", data))
    else:
        messages.put(("done",))
    messages.close()
    messages.join_thread()   # everything sent before leaving


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(WAIT_S)
        if os.getppid() != parent:
            os._exit(0)   # the parent is gone (killed): its build is over; the index resumes next time
