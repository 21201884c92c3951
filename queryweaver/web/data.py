"""The Data page's API (blueprint ``data``, under ``/api/data``): the sources and their state, adding and
removing them, building their indexes in the background, you, and the model.

Every change is a POST with a JSON body carrying the token (``auth.py``); it names the config version the
page read (``version``), and is written by ``config_file.ConfigFile`` (atomic, backup kept, refused when the
file changed on disk since). Paths are resolved and checked (they must exist, hold what their type reads,
and lie in the home folder unless the page confirms otherwise). Nothing secret is ever sent back.

    GET  /api/data                        the config file, its version, you, the model, every source's state
    POST /api/data/sources/add            {"version", "type": "auto"|"mbox"|..., "path", "outside_home"?}
    POST /api/data/sources/remove         {"version", "source": N} (an account's password leaves the keyring)
    POST /api/data/check                  quick_check every index (``queryweaver index --check``)
    GET  /api/data/detect?home=&outside=  Thunderbird, Apple Mail, Apple Calendar found in a home folder
    GET  /api/data/browse?path=&outside=  a folder's subfolders and files, for the folder browser
    POST /api/data/index                  {"sources": [N, ...] | null, "rebuild": false} -> a background job
    POST /api/data/index/cancel
    GET  /api/data/index/events           the job's events (``indexing.IndexEventKind``), from the start
    POST /api/data/self                   {"version", "name", "emails", "timezone"}
    POST /api/data/model                  {"version", "backend", "model", "host", "base_url", "model_path", ...}
    GET  /api/data/ollama?host=           the models the Ollama on this machine has pulled, or one line why none
    POST /api/data/model/try              {"backend", "model", ... as chosen on the page, or nothing: the saved
                                          model} -> the graph it wrote for a sample question and the seconds
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Iterator
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Blueprint, Response, current_app, jsonify, request

from ..config import SOURCE_TYPES, default_config_path, demo_until_sources
from ..config_file import ConfigFile, add_source, remove_source, set_table
from ..errors import ConfigError, QueryWeaverError
from . import indexing
from .api import ApiError, _body
from .sse import HEADERS, MIMETYPE, format_comment, format_retry, format_sse
from .state import ConfigBusy, current_state

bp = Blueprint("data", __name__, url_prefix="/api/data")

LOCAL_TYPES = ("mbox", "maildir", "ics", "files", "emlx")
BROWSE_LIMIT = 400        # entries listed per folder
BACKENDS = ("rules", "auto", "ollama", "openai", "llamacpp")


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError):
    return jsonify({"error": exc.message, **exc.extra}), exc.status


@bp.errorhandler(QueryWeaverError)
def _config_error(exc: QueryWeaverError):
    from ..config_file import ConfigConflict

    status = 409 if isinstance(exc, (ConfigConflict, ConfigBusy)) else 400
    return jsonify({"error": str(exc)}), status


def _config_file() -> ConfigFile:
    state = current_state()
    return ConfigFile(state.config_path or default_config_path())


# -- reading ---------------------------------------------------------------------------------------------

@bp.get("")
def overview():
    state = current_state()
    config = state.config
    mine = config.own if config.is_demo else config  # on the demo, You is what the user saved, if anything
    snapshot = _config_file().read()
    return jsonify({
        "config": str(snapshot.path), "exists": snapshot.path.exists(), "version": snapshot.version,
        "demo": config.is_demo, "home": str(state.home),
        # on the demo, You starts empty: the demo's Alex Morgan is not the person at the keyboard
        "self": {"name": mine.self_name if mine else "", "emails": list(mine.self_emails) if mine else [],
                 "timezone": (mine.timezone or "") if mine else "", "machine_timezone": str(_machine_zone())},
        "model": _model_view(config.llm),
        "sources": [] if config.is_demo else source_states(state),
        "demo_sources": [s.label for s in config.sources] if config.is_demo else [],
        "job": state.job.summary() if state.job is not None else None,
        "freshness": state.freshness(),
    })


def _machine_zone():
    from ..config import _machine_zone as zone

    return zone()


def _model_view(llm: dict[str, Any]) -> dict[str, Any]:
    """The [llm] settings the page shows: names and addresses only (a key is named by its variable)."""
    return {key: llm.get(key) for key in MODEL_KEYS if llm.get(key) is not None}


def source_states(state) -> list[dict[str, Any]]:
    """Each configured source with its index: items, size, last written, ok / not built / error."""
    rows = []
    connectors: dict[int, Any] = {}
    if not state.config.sources:
        return rows
    try:
        with state.engine_session(timeout=2) as engine:
            return _rows(state, engine, connectors)
    except QueryWeaverError as exc:  # the sources cannot even be opened: say why on each
        return [{"source": n, "type": s.type, "label": s.label, "where": _where(s), "items": None, "size": None,
                 "written": None, "state": "error", "error": str(exc), "as_of": None,
                 "options": _safe_options(s.options)} for n, s in enumerate(state.config.sources)]


def _rows(state, engine, connectors) -> list[dict[str, Any]]:
    rows = []
    busy = engine is None
    if engine is not None:
        connectors = {id(c.source): c for c in engine.connectors}
    for n, source in enumerate(state.config.sources):
        row = {"source": n, "type": source.type, "label": source.label, "where": _where(source),
               "items": None, "size": None, "written": None, "state": "busy" if busy else "not built",
               "error": state.source_errors.get(source.label), "as_of": state.fresh_at.get(source.label),
               "options": _safe_options(source.options)}
        connector = connectors.get(id(source))
        if connector is not None:
            indexes = connector.indexes()
            if not indexes:
                row["state"] = "live"  # asked at question time (Gmail, IMAP without sync)
            built = [i for i in indexes if i.db_path.exists()]
            if built:
                files = [Path(f"{i.db_path}{s}") for i in built for s in ("", "-wal")]
                stats = [f.stat() for f in files if f.exists()]
                row["size"] = sum(st.st_size for st in stats)
                row["written"] = max(st.st_mtime for st in stats)
                counts = [i.count_items() for i in built]
                row["items"] = sum(c for c in counts if c is not None)
                row["state"] = "ok" if len(built) == len(indexes) else "partly built"
        elif not busy:
            row["state"] = "unavailable"
        if row["error"]:
            row["state"] = "error"
        rows.append(row)
    return rows


def _where(source) -> str:
    """Where a source reads, as the person knows it: under the home folder as ``~/...``."""
    home = str(current_state().home)

    def short(path: Any) -> str:
        text = str(path)
        return "~" + text[len(home):] if home not in ("", "/") and (text == home or text.startswith(home + os.sep)) \
            else text

    for key in ("path", "root"):
        if source.options.get(key):
            return short(source.options[key])
    if source.options.get("roots"):
        return ", ".join(map(short, source.options["roots"]))
    if source.type in ("gmail", "gcal"):
        return str(source.options.get("account") or "your Google account, read-only")
    return source.label.split(":", 1)[-1]


SAFE_OPTIONS = ("exclude", "include_hidden", "follow_outside_links", "sync", "folders", "user", "host", "url")


def _safe_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k in SAFE_OPTIONS}


@bp.post("/check")
def check():
    state = current_state()
    with state.engine_session(timeout=10) as engine:
        if engine is None:
            raise ApiError(409, "a question or an index build is using the sources; check again when it ends")
        rows = engine.check_indexes()
    return jsonify({"indexes": [{"source": r.source, "index": str(r.path), "size": r.size, "items": r.items,
                                 "written": r.written.isoformat() if r.written else None, "state": r.state,
                                 "problem": r.problem} for r in rows]})


# -- finding what to add ---------------------------------------------------------------------------------

@bp.get("/detect")
def detect():
    """What the mail and calendar apps keep under the home folder, or under ``?home=`` (another home: a Mac's
    backup, a copied profile; outside the home folder only with ``outside=1``). Every platform's places are
    looked in: a home copied from a Mac holds Apple Mail's store whatever system reads it."""
    from ..local_apps import ANY_PLATFORM, detect as find

    state = current_state()
    home = state.home
    if request.args.get("home"):
        home = _checked_path(request.args["home"], state.home, request.args.get("outside") == "1")
        if not home.is_dir():
            raise ApiError(400, f"{home} is not a folder; give the home folder to look in (the one holding Library "
                                f"or .thunderbird)")
    configured = set() if state.config.is_demo else {
        Path(s.options[k]) for s in state.config.sources for k in ("path", "root") if isinstance(s.options.get(k), str)}
    found = find(home, ANY_PLATFORM, configured)
    return jsonify({"home": str(home), **found.as_json()})


@bp.get("/browse")
def browse():
    state = current_state()
    outside = request.args.get("outside") == "1"
    asked = request.args.get("path") or str(state.home)
    folder = _checked_path(asked, state.home, outside, must_exist=True)
    if not folder.is_dir():
        raise ApiError(400, f"{folder} is not a folder; pick a folder to look into")
    hidden = request.args.get("hidden") == "1"
    entries = []
    try:
        with os.scandir(folder) as listing:
            for entry in sorted(listing, key=lambda e: e.name.casefold()):
                if entry.name.startswith(".") and not hidden:
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                entries.append({"name": entry.name, "path": entry.path, "folder": is_dir,
                                "reads_as": guess_type(Path(entry.path))})
                if len(entries) >= BROWSE_LIMIT:
                    break
    except OSError as exc:
        raise ApiError(403, f"cannot list {folder} ({exc.strerror or exc})") from None
    parent = folder.parent if folder != folder.parent else None
    if parent is not None and not outside and not _inside(parent, state.home):
        parent = None
    return jsonify({"path": str(folder), "parent": str(parent) if parent else None, "home": str(state.home),
                    "reads_as": guess_type(folder), "entries": entries, "more": len(entries) >= BROWSE_LIMIT})


def _inside(path: Path, home: Path) -> bool:
    try:
        return os.path.commonpath([str(path), str(home.resolve())]) == str(home.resolve())
    except ValueError:
        return False


def _checked_path(raw: Any, home: Path, outside: bool, must_exist: bool = True) -> Path:
    """A path from the page, resolved (``~``, ``..``, links) and checked: it exists, and it lies in the home
    folder unless the page confirmed going outside it."""
    if not isinstance(raw, str) or not raw.strip() or "\0" in raw:
        raise ApiError(400, "give a path, e.g. ~/Mail/inbox.mbox")
    text = raw.strip()
    path = Path(os.path.expanduser(text)) if text.startswith("~") else Path(text)
    if not path.is_absolute():
        path = home / path
    path = Path(os.path.realpath(path))
    if must_exist and not path.exists():
        raise ApiError(400, f"{text} does not exist; check the path (or pick it with Browse)")
    if not outside and not _inside(path, home):
        raise ApiError(403, f"{path} is outside your home folder ({home}); confirm 'outside my home folder' to "
                            f"use it anyway", outside_home=True)
    return path


def guess_type(path: Path) -> str | None:
    """The source type that reads ``path``, judged from its first bytes or its layout; None if none does."""
    from connectors.mbox import starts_with_from_line  # here: only the Data page sniffs paths

    try:
        if path.is_file():
            with path.open("rb") as f:
                head = f.read(512).lstrip()
            if starts_with_from_line(path):
                return "mbox"
            if head.upper().startswith(b"BEGIN:VCALENDAR"):
                return "ics"
            return None
        if not path.is_dir():
            return None
        if (path / "cur").is_dir() and (path / "new").is_dir():
            return "maildir"
        with os.scandir(path) as listing:
            names = [e for _, e in zip(range(200), listing)]
        if (any(e.name.endswith(".emlx") for e in names) or (path / "Messages").is_dir()
                or (path / "MailData").is_dir()  # an Apple Mail store (~/Library/Mail/V10)
                or any(e.name.endswith(".mbox") and e.is_dir() for e in names)):  # Apple Mail's X.mbox folders
            return "emlx"
        if any(e.name.lower().endswith(".ics") for e in names):
            return "ics"
        for entry in names:
            if entry.is_file(follow_symlinks=False) and not entry.name.endswith(".msf") \
                    and starts_with_from_line(Path(entry.path)):
                return "mbox"
    except OSError:
        return None
    return None


# -- changing the sources --------------------------------------------------------------------------------

def _save(version: Any, edit) -> Any:
    state = current_state()
    if version is not None and not isinstance(version, str):
        raise ApiError(400, "version must be the text GET /api/data gave")
    config = demo_until_sources(_config_file().change(version, edit))  # a model saved first keeps the demo
    try:
        state.apply_config(config)
    except ConfigBusy as exc:
        raise ApiError(409, str(exc)) from None
    return config


@bp.post("/sources/add")
def add():
    state = current_state()
    body = _body()
    kind = body.get("type") or "auto"
    if kind not in (*LOCAL_TYPES, "auto"):
        raise ApiError(400, f"type must be one of auto, {', '.join(LOCAL_TYPES)} here; accounts (IMAP, CalDAV, "
                            f"Google) are added with their own forms")
    path = _checked_path(body.get("path"), state.home, bool(body.get("outside_home")))
    found = guess_type(path)
    if kind == "auto":
        if found is None:
            raise ApiError(400, f"{path} is not mail or a calendar QueryWeaver reads (no 'From ' line of an mbox, "
                                f"no cur/ and new/ of a Maildir, no BEGIN:VCALENDAR); add it as a folder of files "
                                f"instead?")
        kind = found
    elif kind == "files":
        if not path.is_dir():
            raise ApiError(400, f"{path} is not a folder; a files source reads a folder and everything in it")
    elif found != kind:
        what = {"mbox": "an mbox (its first line starts with 'From ')", "maildir": "a Maildir (with cur/ and new/)",
                "ics": "an .ics calendar (BEGIN:VCALENDAR) or a folder of them",
                "emlx": "Apple Mail's folder of .emlx files"}[kind]
        raise ApiError(400, f"{path} is not {what}" + (f"; it reads as {found}" if found else ""))
    key = "root" if kind == "files" else "path"
    known = {str(Path(os.path.realpath(s.options[k]))) for s in ([] if state.config.is_demo else state.config.sources)
             for k in ("path", "root") if isinstance(s.options.get(k), str)}
    if str(path) in known:
        raise ApiError(409, f"{path} is already a source")
    entry: dict[str, Any] = {"type": kind, key: str(path)}
    exclude = body.get("exclude")
    if isinstance(exclude, list) and all(isinstance(x, str) for x in exclude) and exclude:
        entry["exclude"] = exclude
    _save(body.get("version"), lambda document: add_source(document, entry))
    return jsonify({"added": {"type": kind, key: str(path)}, "source": len(current_state().config.sources) - 1})


@bp.post("/sources/remove")
def remove():
    body = _body()
    n = body.get("source")
    if not isinstance(n, int) or isinstance(n, bool):
        raise ApiError(400, "source must be the number of the source to remove")
    removed: dict[str, Any] = {}
    _save(body.get("version"), lambda document: removed.update(remove_source(document, n)))
    from .accounts import forget_removed

    forgot = forget_removed(removed, current_state().config.sources)  # an account's password goes with it
    return jsonify({"removed": {k: str(v) for k, v in removed.items() if k in ("type", "path", "root", "host",
                                                                             "user", "url")},
                    "password_forgotten": forgot})


# -- indexing in the background --------------------------------------------------------------------------

@bp.post("/index")
def start_index():
    state = current_state()
    body = _body()
    if state.config.is_demo:
        raise ApiError(409, "the demo data indexes itself; add a source of your own first")
    if state.job is not None and not state.job.finished:
        raise ApiError(409, "an index build is running already; wait for it, or cancel it", job=state.job.summary())
    chosen = body.get("sources")
    every = list(range(len(state.config.sources)))
    if chosen is None:
        chosen = every
    if not isinstance(chosen, list) or not all(isinstance(n, int) and n in every for n in chosen) or not chosen:
        raise ApiError(400, "sources must list the numbers of configured sources")
    state.job = indexing.IndexJob(sources=chosen, rebuild=bool(body.get("rebuild")))
    indexing.start(state, state.job)
    return jsonify({"job": state.job.summary()}), 202


@bp.post("/index/cancel")
def cancel_index():
    state = current_state()
    job = state.job
    if job is None or job.finished:
        return jsonify({"cancelled": False})
    job.cancel.set()
    return jsonify({"cancelled": True, "job": job.summary()})


@bp.get("/index/events")
def index_events():
    state = current_state()
    job = state.job
    if job is None:
        raise ApiError(404, "no index build has been started since the server started")
    last = request.headers.get("Last-Event-ID")
    try:
        cursor = int(last) + 1 if last else 0
    except ValueError:
        cursor = 0
    if job.finished and cursor >= len(job.messages):
        return Response(status=204)
    keepalive = current_app.config.get("QW_SSE_KEEPALIVE", 1.0)
    return Response(_job_stream(job, cursor, keepalive), mimetype=MIMETYPE, headers=HEADERS)


def _job_stream(job, cursor: int, keepalive: float) -> Iterator[str]:
    """The job's events from ``cursor``; a page going away does not stop the build (it survives a reload)."""
    yield format_retry(1500)
    while True:
        batch = job.wait(cursor, keepalive)
        if not batch:
            yield format_comment("indexing")
            continue
        for index, name, data in batch:
            yield format_sse(data, name, id=index)
            cursor = index + 1
            if name in indexing.TERMINAL:
                return


# -- you and the model -----------------------------------------------------------------------------------

@bp.post("/self")
def set_self():
    body = _body()
    name = body.get("name", "")
    emails = body.get("emails", [])
    zone = body.get("timezone", "")
    if not isinstance(name, str) or len(name) > 200:
        raise ApiError(400, "name must be text")
    if isinstance(emails, str):
        emails = [e for e in emails.replace(",", " ").split()]
    if not isinstance(emails, list) or not all(isinstance(e, str) and "@" in e and " " not in e.strip()
                                               for e in emails):
        raise ApiError(400, "emails must be addresses like alex@example.org, separated by commas")
    if zone:
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ApiError(400, f"{zone!r} is not a time zone; use a name like Europe/Paris") from None
    values = {"name": " ".join(name.split()), "emails": [e.strip().lower() for e in emails], "timezone": zone or None}
    _save(body.get("version"), lambda document: set_table(document, "self", values))
    return jsonify({"self": values})


MODEL_KEYS = ("backend", "model", "host", "base_url", "model_path", "api_key_env")


def _model_values(body: dict[str, Any]) -> dict[str, Any]:
    """The [llm] settings the page sent, checked; a key left empty is None (removed from the file)."""
    backend = body.get("backend")
    if backend not in BACKENDS:
        raise ApiError(400, f"backend must be one of {', '.join(BACKENDS)}")
    values: dict[str, Any] = {"backend": backend}
    for key in MODEL_KEYS[1:]:
        value = body.get(key)
        if value is not None and not isinstance(value, str):
            raise ApiError(400, f"{key} must be text")
        values[key] = (value or "").strip() or None
    for key in ("host", "base_url"):
        if values[key] and not values[key].startswith(("http://", "https://")):
            raise ApiError(400, f"{key} must start with http:// or https://")
    if backend == "llamacpp":
        if not values["model_path"]:
            raise ApiError(400, "pick the GGUF model file for llama.cpp")
        path = _checked_path(values["model_path"], current_state().home, bool(body.get("outside_home")))
        magic = b""
        if path.is_file():
            with path.open("rb") as f:
                magic = f.read(4)
        if magic != b"GGUF":
            raise ApiError(400, f"{path} is not a GGUF model file")
        values["model_path"] = str(path)
    if backend == "openai" and not values["base_url"]:
        raise ApiError(400, "give the server's address, ending in /v1 (e.g. http://127.0.0.1:1234/v1)")
    if values.get("api_key_env") and not values["api_key_env"].replace("_", "").isalnum():
        raise ApiError(400, "api_key_env names an environment variable, such as OPENAI_API_KEY (not the key itself)")
    return values


@bp.post("/model")
def set_model():
    body = _body()
    values = _model_values(body)
    _save(body.get("version"), lambda document: set_table(document, "llm", values))
    return jsonify({"model": {k: v for k, v in values.items() if v}})


LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


@bp.get("/ollama")
def ollama_models():
    """The models a local Ollama server has (``GET /api/tags``), or one line saying why none."""
    import requests

    host = request.args.get("host") or current_state().config.llm_setting("host")
    if not _on_this_machine(host):
        raise ApiError(400, "Ollama is looked for on this machine only (http://127.0.0.1:11434)")
    try:
        response = requests.get(host.rstrip("/") + "/api/tags", timeout=3)
        response.raise_for_status()
        models = [m.get("name") for m in response.json().get("models", []) if m.get("name")]
    except requests.ConnectionError:
        return _no_ollama(host, f"Nothing answers at {host}")
    except requests.Timeout:
        return _no_ollama(host, f"{host} did not answer within 3 s")
    except (requests.RequestException, ValueError, AttributeError):
        return _no_ollama(host, f"{host} answers, but not as Ollama does")
    return jsonify({"running": True, "host": host, "models": models})


def _on_this_machine(host: Any) -> bool:
    """``host`` is a plain http:// address of this machine (not ``http://127.0.0.1.example.net``)."""
    from urllib.parse import urlsplit

    try:
        where = urlsplit(host)
        return where.scheme == "http" and where.hostname in LOCAL_HOSTS and where.username is None \
            and (where.port is None or where.port > 0)  # .port raises for a port that is not a number
    except (TypeError, ValueError, AttributeError):
        return False


def _no_ollama(host: str, why: str):
    return jsonify({"running": False, "host": host, "models": [],
                    "message": f"{why}: start Ollama ('ollama serve', or open the Ollama app), or check the address"})


@bp.post("/model/try")
def try_model():
    """Read one sample question with a model -- the one the page has chosen (``backend``, ``model``, ... as for
    POST /model; nothing is saved), else the saved one -- and say what graph it wrote and how long it took.

    The model is asked even when the offline reader could read the question alone: it is the model being tried."""
    from dataclasses import replace

    from ..llm import generate_graph, get_backend

    state = current_state()
    body = _body()
    question = body.get("question") or "Find the emails I received last week"
    if not isinstance(question, str) or len(question) > 500:
        raise ApiError(400, "the sample question must be text")
    config = state.config
    if "backend" in body:
        chosen = {k: v for k, v in _model_values(body).items() if v}
        config = replace(config, llm={**{k: v for k, v in config.llm.items() if k not in MODEL_KEYS}, **chosen})
    started = time.monotonic()
    try:
        generation = generate_graph(question, config, backend=get_backend(config))  # "auto": what it resolves to
    except QueryWeaverError as exc:
        raise ApiError(400, str(exc)) from None
    return jsonify({"question": question, "graph": generation.graph.to_json(), "backend": generation.backend,
                    "model": generation.model, "reading": generation.reading,
                    "seconds": round(time.monotonic() - started, 2)})


__all__ = ["bp", "guess_type", "source_states", "SOURCE_TYPES"]
