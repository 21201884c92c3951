"""Runs: one question (or edited graph) executed in a worker thread, its events kept for the browser.

A run's events are appended to ``Run.messages`` and streamed by ``GET /api/runs/<id>/events``; a browser
that reconnects resumes where it left off. The registry never drops a run that is still running; at most
``MAX_RUNNING`` run at once (``TooManyRuns``, a 429, beyond). Finished runs (their candidate sets feed
node details and answer pages) are kept for ``KEEP_SECONDS`` while they weigh less than ``KEEP_WEIGHT``
together (a run weighs its events plus its candidates), oldest dropped first.
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ..errors import Cancelled, GenerationError, GraphError, QueryWeaverError
from ..events import Event, EventKind
from ..executor import RunResult, sort_items
from ..graph import QueryGraph
from ..items import Item
from ..planner import make_plan
from ..schema import EntityType
from .present import (
    ANSWERS_PER_PAGE,
    CANDIDATES_PER_PAGE,
    display_path,
    evidence_chains,
    item_json,
    page_bounds,
    pages_of,
    plan_steps,
)
from .misses import graph_misses, question_misses, where_people_are
from .sse import TERMINAL, ReadingsEvent, StreamKind

if TYPE_CHECKING:
    from .state import WebState

log = logging.getLogger(__name__)

MAX_RUNNING = 8            # questions running (or waiting for the engine) at once
KEEP_SECONDS = 3600.0      # a finished run is kept this long after it ended ...
KEEP_WEIGHT = 2_000_000    # ... while all finished runs hold fewer events + candidate items than this
PROGRESS_INTERVAL = 0.25   # seconds between two progress events of the same stage
CANCELLED_MESSAGE = {"message": "Cancelled. Nothing more will run for this question."}


@dataclass
class Run:
    id: str
    question: str | None
    graph: QueryGraph | None = None
    edited: bool = False                       # the graph came from the browser, not from generation
    created: float = field(default_factory=time.time)
    cancel: threading.Event = field(default_factory=threading.Event)
    messages: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    result: RunResult | None = None
    emptied_var: str | None = None
    error_var: str | None = None
    active_var: str | None = None              # the variable of the step running now
    warnings: list[str] = field(default_factory=list)
    misses: list[dict[str, Any]] = field(default_factory=list)   # names asked for that the data lacks (misses.py)
    partial: dict[str, Any] | None = None      # answered while a build ran: the sources it had not finished
    backend: str | None = None
    generation_seconds: float | None = None
    follows: "Run | None" = None               # a follow-up: the run whose graph it edits
    followup: dict[str, Any] | None = None     # the edit (reader.followup.FollowUp.to_json) and what it followed
    ended: float | None = None                 # time.monotonic() of the terminal event
    _last_progress: tuple[str | None, float] = (None, 0.0)
    _cond: threading.Condition = field(default_factory=threading.Condition, repr=False)
    _sorted: dict[str, list[Item]] = field(default_factory=dict, repr=False)

    # -- the event log ----------------------------------------------------------------------------
    def publish(self, kind: str | StreamKind | EventKind, data: dict[str, Any]) -> None:
        name = kind.value if hasattr(kind, "value") else str(kind)
        with self._cond:
            if self.finished:  # nothing after the terminal event (a late progress report)
                return
            self.messages.append((name, data))
            if name in TERMINAL:
                self.ended = time.monotonic()
            self._cond.notify_all()

    def stop(self) -> None:
        """Cancel now: the browser hears ``cancelled`` at once, the worker stops at its next step (a tool
        or LLM call under way finishes first, and whatever it returns is dropped)."""
        self.cancel.set()
        self.publish(StreamKind.CANCELLED, CANCELLED_MESSAGE)

    @property
    def finished(self) -> bool:
        return bool(self.messages) and self.messages[-1][0] in TERMINAL

    @property
    def status(self) -> str:
        if not self.finished:
            return "running"
        return {"result": "done"}.get(self.messages[-1][0], self.messages[-1][0])

    def wait(self, cursor: int, timeout: float) -> list[tuple[int, str, dict[str, Any]]]:
        """Messages from position ``cursor`` on; waits up to ``timeout`` seconds for the first new one."""
        with self._cond:
            if cursor >= len(self.messages) and not self.finished:
                self._cond.wait(timeout)
            return [(i, *self.messages[i]) for i in range(cursor, len(self.messages))]

    def wait_finished(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while not self.finished:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
            return True

    def events(self) -> list[tuple[str, dict[str, Any]]]:
        with self._cond:
            return list(self.messages)

    def weight(self) -> int:
        """Roughly what the run holds in memory: its events plus its candidate items."""
        held = len(self.messages)
        if self.result is not None:
            held += sum(len(c) for c in self.result.candidates.values() if c is not None)
        return held

    # -- views of the result ----------------------------------------------------------------------
    def sorted_candidates(self, var: str) -> list[Item] | None:
        """The candidate set of ``var`` in display order; None when it was never enumerated ("every X")."""
        assert self.result is not None
        if var not in self._sorted:
            items = self.result.candidates.get(var)
            if items is None:
                return None
            self._sorted[var] = sort_items(list(items.values()))
        return self._sorted[var]


class TooManyRuns(QueryWeaverError):
    """More questions at once than the server runs; the browser gets a 429 saying so."""


class RunRegistry:
    """The app's runs by id, newest last. A running run is never dropped; finished ones go by age and weight."""

    def __init__(self, max_running: int = MAX_RUNNING, keep_seconds: float = KEEP_SECONDS,
                 keep_weight: int = KEEP_WEIGHT):
        self.max_running, self.keep_seconds, self.keep_weight = max_running, keep_seconds, keep_weight
        self._runs: OrderedDict[str, Run] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, question: str | None, graph: QueryGraph | None = None, *, edited: bool = False,
               follows: Run | None = None) -> Run:
        with self._lock:
            self._prune()
            running = sum(1 for r in self._runs.values() if not r.finished)
            if running >= self.max_running:
                raise TooManyRuns(f"too many questions at once ({running} running); wait for one to finish, or "
                                  f"cancel one, and ask again")
            run = Run(id=secrets.token_urlsafe(12), question=question, graph=graph, edited=edited, follows=follows)
            self._runs[run.id] = run
        return run

    def _prune(self) -> None:
        """Drop finished runs older than ``keep_seconds``, then the oldest while they weigh too much."""
        now = time.monotonic()
        finished = [r for r in self._runs.values() if r.finished]
        for run in finished:
            if run.ended is not None and now - run.ended > self.keep_seconds:
                del self._runs[run.id]
        finished = [r for r in finished if r.id in self._runs]
        weight = sum(r.weight() for r in finished)
        for run in finished[:-1]:  # the newest finished run stays, whatever it weighs
            if weight <= self.keep_weight:
                break
            weight -= run.weight()
            del self._runs[run.id]

    def get(self, run_id: str) -> Run | None:
        with self._lock:
            return self._runs.get(run_id)

    def all(self) -> list[Run]:
        with self._lock:
            return list(self._runs.values())

    def cancel_all(self) -> None:
        for run in self.all():
            run.cancel.set()


# -- the worker -------------------------------------------------------------------------------------

def start(state: "WebState", run: Run) -> threading.Thread:
    thread = threading.Thread(target=execute, args=(state, run), name=f"queryweaver-run-{run.id}", daemon=True)
    thread.start()
    return thread


def execute(state: "WebState", run: Run) -> None:
    """Generate the graph if needed, run it, publish every event; always ends with a terminal event."""
    try:
        if run.graph is None:
            run.graph = generate(state, run)
            if run.cancel.is_set():
                raise Cancelled("the run was cancelled")
        run.publish(StreamKind.GRAPH, graph_message(run))
        with state.question_session(progress_to=lambda *a: _progress(run, *a)) as (engine, partial):
            if partial is None:  # while the Data page's build runs, answered from what it indexed so far
                state.keep_fresh(engine)
            run.partial = partial
            result = engine.run(run.graph, on_event=lambda event: forward(run, event, state.roots), cancel=run.cancel)
            run.result = result
            run.warnings = state.new_warnings(engine)  # each said once, in the first answer after it arose
            if not result.count:  # "no one called Jane Doe in your mail; did you mean ...?"
                run.misses = _safely(lambda: graph_misses(run.graph, run.question, engine.lexicon(),
                                                          where_people_are(s.type for s in state.config.sources)))
            message = result_message(state, run, page=1)
        run.publish(StreamKind.RESULT, message)
    except Cancelled:
        run.publish(StreamKind.CANCELLED, CANCELLED_MESSAGE)
    except GraphError as exc:
        run.publish(StreamKind.ERROR, {"message": f"The generated graph is not valid: {exc.problems[0]}",
                                       "problems": exc.problems, "error": "GraphError"})
    except QueryWeaverError as exc:
        misses = []
        if run.graph is None and isinstance(exc, GenerationError) and run.question:  # a question that was not read
            misses = _safely(lambda: question_misses(run.question, state.lexicon(),
                                                     where_people_are(s.type for s in state.config.sources)))
        message = for_the_page(str(exc))
        pending = state.build_under_way()
        if pending:  # what the unfinished sources hold (names, titles, a type of item) is not known yet
            names = ", ".join(label.split(":", 1)[-1] for label in pending)
            message += (f" (Indexing is not finished: {names} {'is' if len(pending) == 1 else 'are'} still being "
                        f"indexed, and what {'it holds is' if len(pending) == 1 else 'they hold is'} not known yet; "
                        f"ask again when indexing ends.)")
        run.publish(StreamKind.ERROR, {"message": message, "error": type(exc).__name__, "var": run.error_var,
                                       "misses": misses, "partial": {"indexing": pending} if pending else None})
    except Exception as exc:  # a bug: say so plainly, keep the details in the server log
        log.exception("run %s failed", run.id)
        run.publish(StreamKind.ERROR, {"message": f"Unexpected error ({type(exc).__name__}: {exc}); see the "
                                                  f"terminal running 'queryweaver serve' for details.",
                                       "error": type(exc).__name__, "var": run.error_var})


def _safely(find: Callable[[], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Misses are a courtesy on top of an answer or a refusal: a failure to find them never fails the run."""
    try:
        return find() or []
    except Exception:
        log.exception("could not check the names of a question against the data")
        return []


_SET_BACKEND = re.compile(r"set \[llm\] backend (?:to an LLM backend \([^)]*\)|= \"[a-z]+\")")
_PICK_BACKEND = re.compile(r"pick (?:another backend with )?\[llm\] backend = \"[a-z]+\"(?: or \"[a-z]+\")?")


def for_the_page(message: str) -> str:
    """A message written for the config file, pointed at the page's Model setting instead."""
    message = _SET_BACKEND.sub("choose a model in Data > Model", message)
    return _PICK_BACKEND.sub("choose another model in Data > Model", message)


def generate(state: "WebState", run: Run) -> QueryGraph:
    question = run.question or ""
    run.publish(StreamKind.GENERATING, {"message": "Turning the question into a query graph…",
                                        "question": question})

    def relay(kind: str, data: dict[str, Any] | None = None) -> None:
        message = generation_message(kind, data or {})
        if message:
            run.publish(StreamKind.GENERATING, {"message": message, "stage": kind})

    with state.progress_to(lambda *a: _progress(run, *a)):  # grounding may build the indexes: show it
        if run.follows is not None:
            generation = _follow_up(state, run, relay)
        else:
            generation = state.generate(question, relay)
    for message in state.take_warnings():
        forward(run, Event(kind=EventKind.WARNING, message=message), state.roots)
    run.backend = getattr(generation, "backend", None)
    run.generation_seconds = getattr(generation, "seconds", None)
    readings = ReadingsEvent.from_generation(question, generation)
    run.publish(readings.kind, readings.message())
    state.recent.add(question)
    return generation.graph


def _follow_up(state: "WebState", run: Run, relay: Callable):
    """The follow-up read as an edit of the run it follows, as a Generation of the whole new graph."""
    from ..reader.followup import read_followup

    previous = run.follows
    assert previous is not None and previous.graph is not None and run.question
    started = time.perf_counter()
    followup = read_followup(run.question, previous.graph, lambda text: state.generate(text, relay),
                             lexicon=state.lexicon())
    run.followup = {**followup.to_json(), "follows": previous.id, "question": previous.question}
    run.follows = None  # what was needed of it is read: the run it followed may go when its time is up
    return followup.as_generation(previous.question or "", time.perf_counter() - started)


def generation_message(kind: str, data: dict[str, Any]) -> str | None:
    """One readable line for each thing ``generate_graph`` reports (its ``on_event(kind, data)``)."""
    who = " ".join(str(x) for x in (data.get("backend"), data.get("model")) if x) or "the model"
    if kind == "prompt_built":
        shown = len(data.get("examples") or [])
        return f"Prompt ready for {who}: {data.get('characters', '?')} characters, {shown} examples"
    if kind == "attempt":
        return f"Asking {who} for the graph (attempt {data.get('attempt', 1)})…"
    if kind == "repair":
        problems = data.get("problems") or ["it was not valid"]
        return f"The graph had a problem ({problems[0]}); asking the model to fix it"
    return None  # "done": the graph event that follows says it


def forward(run: Run, event: Event, roots: list[str]) -> None:
    """Pass one executor event to the browser (errors become the run's terminal ``error`` event)."""
    if event.kind == EventKind.ERROR:  # the executor's error names no variable: blame the step it was in
        run.error_var = event.var or run.active_var
        return
    if event.kind == EventKind.STEP_STARTED and event.var:
        run.active_var = event.var
    if event.kind == EventKind.WARNING and event.data.get("emptied_by") and run.emptied_var is None:
        run.emptied_var = event.var
    message = event.to_json()
    if (event.kind == EventKind.NODE_RESOLVED and run.graph is not None and event.var in run.graph.vars
            and run.graph.var_type(event.var) == EntityType.FOLDER):
        message["data"]["sample"] = [display_path(s, roots) for s in message["data"].get("sample", [])]
    run.publish(event.kind, message)


def _progress(run: Run, stage: str, done: int, total: int | None = None) -> None:
    """Index building reported as ``progress`` events, at most a few per second per stage."""
    now = time.monotonic()
    last = run._last_progress
    finished = total is not None and done >= total
    if stage == last[0] and not finished and now - last[1] < PROGRESS_INTERVAL:
        return
    run._last_progress = (stage, now)
    run.publish("progress", {"stage": stage, "done": done, "total": total})


def graph_message(run: Run) -> dict[str, Any]:
    assert run.graph is not None
    plan = make_plan(run.graph)
    return {"question": run.question, "graph": run.graph.to_json(), "steps": plan_steps(plan.steps),
            "tree_parent": plan.tree_parent, "has_cycle": plan.has_cycle, "edited": run.edited,
            "backend": run.backend, "seconds": run.generation_seconds, "followup": run.followup}


def result_message(state: "WebState", run: Run, page: int) -> dict[str, Any]:
    """The answer: count, one page of items, each with the evidence chains that linked it."""
    result = run.result
    assert result is not None
    total = len(result.items)
    page, start, end = page_bounds(total, page, ANSWERS_PER_PAGE)
    items = []
    shown = result.page(start, end - start)
    result.prepare_evidence([item.key for item in shown])
    for item in shown:
        entry = item_json(item, state.roots)
        entry["evidence"] = evidence_chains(result.evidence(item.key), state.roots)
        items.append(entry)
    return {
        "run": run.id, "action": result.action, "var": result.var, "type": result.type.value,
        "count": result.count, "shown": total, "page": page, "pages": pages_of(total, ANSWERS_PER_PAGE),
        "per_page": ANSWERS_PER_PAGE, "items": items, "emptied_by": result.emptied_by,
        "emptied_var": run.emptied_var, "seconds": round(result.seconds, 3),
        "candidates": {var: (None if c is None else len(c)) for var, c in result.candidates.items()},
        "warnings": run.warnings, "freshness": state.freshness(), "misses": run.misses, "partial": run.partial,
    }


def candidates_message(state: "WebState", run: Run, var: str, page: int, describe: Callable) -> dict[str, Any]:
    """One page of a variable's candidate set (node details)."""
    assert run.result is not None and run.graph is not None
    type_ = run.graph.var_type(var)
    base = {"run": run.id, "var": var, "type": type_.value,
            "filters": [f.describe().removeprefix("filter ") for f in run.graph.filters_on(var)]}
    if var not in run.result.candidates:
        return {**base, "state": "not_reached", "count": 0, "page": 1, "pages": 1, "items": [],
                "message": f"{var} was not reached: an earlier step left nothing to carry over."}
    items = run.sorted_candidates(var)
    if items is None:
        return {**base, "state": "all", "count": None, "page": 1, "pages": 1, "items": [],
                "message": f"{var} has no constraint of its own, so every {type_.value} counts; "
                           f"they were not listed one by one."}
    page, start, end = page_bounds(len(items), page, CANDIDATES_PER_PAGE)
    shown = items[start:end]
    describe(type_, {it.key: it for it in shown})
    return {**base, "state": "resolved", "count": len(items), "page": page,
            "pages": pages_of(len(items), CANDIDATES_PER_PAGE), "per_page": CANDIDATES_PER_PAGE,
            "items": [item_json(it, state.roots) for it in shown]}
