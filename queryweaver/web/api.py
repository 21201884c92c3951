"""The JSON API and the event stream (blueprint ``api``, under ``/api``).

Every request carries the per-launch token, checked by the app before anything reads the body
(``auth.py``): the ``X-QueryWeaver-Token`` header, or the page's HttpOnly cookie from this origin. State
changes are POSTs with a JSON body (at most ``MAX_BODY``); malformed JSON is a 400 with one line. A run::

    GET  /api/examples                                        -> questions about the user's own data that answer
    POST /api/runs {"question": "..."} or {"graph": {...}}   -> 202 {"id", "events"}; 429 when too many run
    GET  /api/runs/<id>/events                                -> text/event-stream: generating, readings, graph,
         plan, step_started, node_resolving, tool_called, tool_result, intersection, filter,
         node_resolved, warning, done, progress, then result | error | cancelled
    GET  /api/runs/<id>/answers?page=N                        -> a page of answers with evidence
    GET  /api/runs/<id>/export?format=jsonl|csv               -> every answer with its evidence, streamed (a file)
    GET  /api/runs/<id>/nodes/<var>?page=N                    -> a page of a variable's candidates
    POST /api/runs/<id>/cancel

Closing the stream before the run ends cancels the run.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from flask import Blueprint, Response, current_app, jsonify, request

from ..errors import GraphError
from ..graph import QueryGraph
from ..planner import make_plan
from ..schema import EDGE_RULES, TYPE_DESCRIPTIONS, VAR_PREFIX, EntityType, fields_for
from . import runs as runs_module
from .opener import OpenRefused, folder_to_open
from .present import plan_steps
from .runs import Run, candidates_message, result_message
from .sse import HEADERS, MIMETYPE, TERMINAL, format_comment, format_retry, format_sse
from .state import current_state

bp = Blueprint("api", __name__, url_prefix="/api")

MAX_QUESTION = 2000
KEEPALIVE_SECONDS = 1.0   # how often an idle stream is probed, so a closed page cancels its run quickly
RETRY_MS = 1500


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError):
    return jsonify({"error": exc.message, **exc.extra}), exc.status


@bp.errorhandler(404)
def _not_found(exc):
    return jsonify({"error": "no such API route or run (the server may have been restarted; ask again)"}), 404


@bp.errorhandler(405)
def _not_allowed(exc):
    return jsonify({"error": f"{request.method} is not allowed on {request.path}"}), 405


def _body() -> dict[str, Any]:
    """The request's JSON object ({} for an empty body); a 400 with one line for anything else."""
    raw = request.get_data(cache=True)  # at most MAX_CONTENT_LENGTH: a larger body is a 413
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except RecursionError:
        raise ApiError(400, "the request body is not valid JSON (nested too deeply); send one JSON object") from None
    except ValueError as exc:
        raise ApiError(400, f"the request body is not valid JSON ({exc}); send one JSON object") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return body


def _run(run_id: str) -> Run:
    run = current_state().runs.get(run_id)
    if run is None:
        raise ApiError(404, "this run is gone (finished runs are kept for a while, and none survive a restart); "
                            "ask again")
    return run


def _page() -> int:
    try:
        return max(1, int(request.args.get("page", 1)))
    except ValueError:
        raise ApiError(400, "page must be a whole number, 1 or more") from None


# -- the empty page ---------------------------------------------------------------------------------

@bp.get("/home")
def home():
    state = current_state()
    config = state.config
    own = not config.is_demo and state.examples_from_data
    return jsonify({
        "examples": (list(state.examples_cache[1]) if state.examples_cache else []) if own else state.examples,
        "examples_from": "data" if own else "demo",  # "data": GET /api/examples makes (or remakes) them
        "recent": state.recent.list(),
        "demo": config.is_demo,
        "config": None if config.is_demo or config.path is None else str(config.path),
        "sources": [source.label for source in config.sources],
        "backend": config.llm_setting("backend"),
        "indexing": state.job is not None and not state.job.finished,
    })


@bp.get("/examples")
def examples():
    """Questions about the user's own data that answer (``examples.py``); the demo's on the demo. ``busy``: the
    sources are in use (a question, an index build), ask again later."""
    from .examples import own_examples

    state = current_state()
    if state.config.is_demo or not state.examples_from_data:
        return jsonify({"examples": state.examples, "from": "demo", "busy": False})
    found = own_examples(state)
    if found is None:
        cached = state.examples_cache
        return jsonify({"examples": list(cached[1]) if cached else [], "from": "data", "busy": True})
    return jsonify({"examples": found, "from": "data", "busy": False})


@bp.get("/recent")
def recent():
    return jsonify({"recent": current_state().recent.list()})


@bp.post("/recent/clear")
def clear_recent():
    current_state().recent.clear()
    return jsonify({"recent": []})


@bp.get("/schema")
def schema():
    """Types, their filter fields and the edge rules: what the graph editor offers."""
    types = []
    for type_ in EntityType:
        types.append({
            "name": type_.value, "description": TYPE_DESCRIPTIONS[type_], "prefix": VAR_PREFIX[type_],
            "fields": [{"name": f.name, "operators": list(f.operators), "description": f.description,
                        "example": f.example} for f in fields_for(type_).values()],
        })
    edges = [{"source": r.source.value, "name": r.name, "target": r.target.value, "description": r.description}
             for r in EDGE_RULES]
    return jsonify({"types": types, "edges": edges})


# -- graphs and runs --------------------------------------------------------------------------------

def _parse_graph(raw: Any) -> QueryGraph:
    try:
        return QueryGraph.parse(raw)
    except GraphError as exc:
        raise ApiError(400, f"the graph is not valid: {exc.problems[0]}", problems=exc.problems) from None


@bp.post("/graph/check")
def check_graph():
    """Validate a graph as the editor changes it: the problems, or the canonical graph and its plan."""
    raw = _body().get("graph")
    try:
        graph = QueryGraph.parse(raw)
    except GraphError as exc:
        return jsonify({"ok": False, "problems": exc.problems})
    return jsonify({"ok": True, "problems": [], "graph": graph.to_json(), "steps": plan_steps(make_plan(graph).steps)})


@bp.post("/runs")
def create_run():
    body = _body()
    state = current_state()
    question = body.get("question")
    if question is not None and not isinstance(question, str):
        raise ApiError(400, "question must be text")
    question = " ".join((question or "").split()) or None
    if question and len(question) > MAX_QUESTION:
        raise ApiError(400, f"the question is too long ({len(question)} characters; at most {MAX_QUESTION})")
    graph = None
    follows = None
    if body.get("follow") is not None:
        follows = state.runs.get(body["follow"]) if isinstance(body["follow"], str) else None
        if follows is None or follows.graph is None:
            raise ApiError(400, "the answer to follow up is gone (answers are kept a while, and not over a restart "
                                "of the server): ask a whole question")
        if not question or body.get("graph") is not None:
            raise ApiError(400, "a follow-up is a question about the last answer, e.g. \"only the PDFs\"")
    if body.get("graph") is not None:
        graph = _parse_graph(body["graph"])
    elif not question:
        raise ApiError(400, "ask a question, e.g. \"Find the folders that contain email attachments from "
                            "Jane Doe\", or send a graph")
    try:
        run = state.runs.create(question, graph, edited=graph is not None, follows=follows)
    except runs_module.TooManyRuns as exc:
        raise ApiError(429, str(exc)) from None
    runs_module.start(state, run)
    return jsonify({"id": run.id, "events": f"/api/runs/{run.id}/events", "question": question}), 202


@bp.get("/runs/<run_id>")
def run_status(run_id: str):
    run = _run(run_id)
    return jsonify({"id": run.id, "status": run.status, "question": run.question,
                    "graph": run.graph.to_json() if run.graph else None, "events": len(run.events())})


@bp.post("/runs/<run_id>/cancel")
def cancel_run(run_id: str):
    run = _run(run_id)
    was_running = not run.finished
    run.stop()
    return jsonify({"id": run.id, "cancelled": was_running, "status": run.status})


@bp.get("/runs/<run_id>/events")
def run_events(run_id: str):
    run = _run(run_id)
    last = request.headers.get("Last-Event-ID") or request.args.get("after")
    try:
        cursor = int(last) + 1 if last not in (None, "") else 0
    except ValueError:
        cursor = 0
    if run.finished and cursor >= len(run.events()):
        return Response(status=204)  # all delivered: tells EventSource not to reconnect
    keepalive = current_app.config.get("QW_SSE_KEEPALIVE", KEEPALIVE_SECONDS)
    return Response(_stream(run, cursor, keepalive), mimetype=MIMETYPE, headers=HEADERS)


def _stream(run: Run, cursor: int, keepalive: float) -> Iterator[str]:
    """The run's events from ``cursor`` on; if the browser goes away first, the run is cancelled."""
    completed = False
    try:
        yield format_retry(RETRY_MS)
        while True:
            batch = run.wait(cursor, keepalive)
            if not batch:
                yield format_comment("running")  # a write to a closed page raises GeneratorExit here
                continue
            for index, name, data in batch:
                yield format_sse(data, name, id=index)
                cursor = index + 1
                if name in TERMINAL:
                    completed = True
                    return
    finally:
        if not completed:
            run.stop()


@bp.get("/runs/<run_id>/answers")
def run_answers(run_id: str):
    run = _run(run_id)
    if run.result is None:
        raise ApiError(409, "the answer is not ready yet", status=run.status)
    state = current_state()
    with state.question_session():  # evidence may look items up in the sources
        return jsonify(result_message(state, run, _page()))


@bp.get("/runs/<run_id>/export")
def run_export(run_id: str):
    """Every answer of the run with its evidence, as ``queryweaver run --format`` writes them: streamed a batch at a
    time (the engine taken for each batch, not for the whole download), as a file to save."""
    import io

    from ..executor import EVIDENCE_BATCH
    from ..export import FORMATS, write_csv, write_jsonl

    run = _run(run_id)
    if run.result is None:
        raise ApiError(409, "the answer is not ready yet", status=run.status)
    kind = request.args.get("format", "jsonl")
    if kind not in FORMATS:
        raise ApiError(400, f"format must be one of {', '.join(FORMATS)}")
    state, result = current_state(), run.result

    def batches() -> Iterator[str]:
        columns = None
        for start in range(0, max(len(result.items), 1), EVIDENCE_BATCH):
            out = io.StringIO()
            with state.engine_session():  # evidence may look items up in the sources
                if kind == "jsonl":
                    write_jsonl(result, out, offset=start, limit=EVIDENCE_BATCH)
                else:
                    columns = write_csv(result, out, offset=start, limit=EVIDENCE_BATCH, columns=columns)
            yield out.getvalue()

    mimetype = "application/x-ndjson" if kind == "jsonl" else "text/csv"
    return Response(batches(), mimetype=mimetype, headers={
        "Content-Disposition": f'attachment; filename="queryweaver-{run.id}.{kind}"'})


@bp.get("/runs/<run_id>/nodes/<var>")
def run_node(run_id: str, var: str):
    run = _run(run_id)
    if run.graph is None or var not in run.graph.vars:
        raise ApiError(404, f"this run's graph has no variable {var!r}")
    if run.result is None:
        raise ApiError(409, f"{var}'s candidates can be listed once the run ends", status=run.status)
    state = current_state()
    return jsonify(candidates_message(state, run, var, _page(), state.describe))


# -- opening things ---------------------------------------------------------------------------------

@bp.post("/open")
def open_folder():
    state = current_state()
    try:
        folder = folder_to_open(_body().get("path"), state.roots)
    except OpenRefused as exc:
        raise ApiError(403, str(exc)) from None
    try:
        state.opener(folder)
    except Exception as exc:  # no file manager, say so rather than fail silently
        raise ApiError(500, f"could not open {folder} ({exc})") from exc
    return jsonify({"opened": folder})
