"""The web UI: ask in the browser, watch each node of the query graph resolve, inspect every step.

``create_app(config)`` is the application factory (one blueprint per feature: ``pages`` for the HTML
page, ``api`` for JSON and the event stream); every piece of state hangs off the app object
(``state.WebState``). ``serve(config)`` runs it on 127.0.0.1 only, for ``queryweaver serve``.

Security, for a server that can read the user's mail and files:

- it binds 127.0.0.1 and answers only requests addressed to ``127.0.0.1``/``localhost`` (a page on
  another site cannot reach it through DNS rebinding);
- the page and every ``/api`` request need the per-launch token (``auth.py``): printed once in the URL
  that ``serve`` opens, swapped for an HttpOnly SameSite=Strict cookie; a request carrying the cookie from
  a page of another origin is refused, and no page, response or log line holds the token;
- the token is checked before any request body is read; bodies are capped (``MAX_BODY``), malformed JSON
  is a 400 with one line, and at most ``runs.MAX_RUNNING`` questions run at once (429 beyond);
- the Content-Security-Policy allows the app's own scripts and styles only (no inline code);
- the browser never opens local paths; "open folder" is a POST the server checks against the configured
  source roots before calling the injected opener.
"""

from __future__ import annotations

import json
import secrets
import signal
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any, Callable

from flask import Flask, Response, abort, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from ..config import Config, default_config_path
from ..engine import Engine
from ..errors import QueryWeaverError
from . import auth
from .history import RecentQuestions, default_recent_path
from .opener import Opener, source_roots, system_opener
from .state import (
    EXTENSION_KEY,
    Generate,
    WebState,
    default_engine_factory,
    default_examples,
    default_generate,
)

__all__ = ["asset_dir", "create_app", "launch_url", "make_web_server", "serve"]

HOST = "127.0.0.1"
ALLOWED_HOSTS = frozenset({"127.0.0.1", "localhost"})
TOKEN_HEADER = auth.TOKEN_HEADER
NO_TOKEN = ("missing or wrong token; open the link printed by 'queryweaver serve' (if the server was restarted, "
            "its new link)")
MAX_BODY = 1024 * 1024   # bytes of a request body; questions and graphs are a few kB
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


def asset_dir(name: str) -> Path:
    """The ``templates`` or ``static`` folder: the repository's top level, else inside the package."""
    here = Path(__file__).resolve()
    candidates = [here.parents[2] / name, here.parents[1] / name]
    return next((c for c in candidates if c.is_dir()), candidates[0])


def create_app(config: Config, *, engine: Engine | None = None, opener: Opener | None = None,
               generate: Generate | None = None, recent: RecentQuestions | None = None,
               examples: list[str] | None = None, token: str | None = None,
               engine_factory: Callable[..., Engine] | None = None, testing: bool = False,
               max_running: int | None = None, home: Path | None = None, config_path: Path | None = None,
               watch: bool | None = None, data_dir: Path | None = None, registry: Any = None) -> Flask:
    """The Flask app for ``config``. Every I/O dependency can be injected (tests pass fakes):

    engine / engine_factory -- the Engine to run graphs with (default: built from ``config`` on first use)
    opener   -- shows a folder in the file manager (default: the platform's own)
    generate -- ``(question, on_event) -> Generation`` (default: ``queryweaver.llm.generate_graph``)
    recent   -- where recent questions are kept (default: ``recent.json`` in the user data dir)
    examples -- questions shown on the empty page (default: the demo's, or questions made from the user's data)
    token    -- the per-launch token (default: a fresh random one)
    max_running -- questions that may run at once (default ``runs.MAX_RUNNING``)
    home     -- the home folder the Data page's folder browser keeps to (default: the user's)
    config_path -- the file the Data page writes (default: the config's own, or the user config for the demo)
    watch    -- refresh local sources when their files change (default: on, except with ``testing``)
    data_dir -- where the Google sign-in keeps its client file and token (default: the user data dir)
    registry -- the connector classes engines are built with (default: the installed plugins)
    """
    app = Flask(__name__, template_folder=str(asset_dir("templates")), static_folder=str(asset_dir("static")),
                static_url_path="/static")
    app.config.update(TESTING=testing, JSON_SORT_KEYS=False, SEND_FILE_MAX_AGE_DEFAULT=0, MAX_CONTENT_LENGTH=MAX_BODY)
    app.json.sort_keys = False  # keep item fields in their documented order
    factory = _given(engine) if engine is not None else engine_factory or default_engine_factory(config, registry)
    state = WebState(
        config=config,
        token=token or secrets.token_urlsafe(32),
        opener=opener or system_opener,
        generate=generate,
        recent=recent if recent is not None else RecentQuestions(default_recent_path()),
        examples=list(examples) if examples is not None else default_examples(),
        roots=source_roots(config),
        engine_factory=factory,
    )
    state.examples_from_data = examples is None  # examples given by the caller are shown as they are
    if max_running is not None:
        state.runs.max_running = max_running
    if home is not None:
        state.home = Path(home)
    if data_dir is not None:
        state.data_dir = Path(data_dir)
    state.config_path = Path(config_path) if config_path else (
        config.path if config.path is not None and not config.is_demo else default_config_path())
    own_generate, own_factory = generate is None, engine is None and engine_factory is None

    def rebuild_defaults(state: WebState) -> None:  # the config changed: what was built from it, built again
        if own_generate:
            state.generate = default_generate(state.config, state.lexicon)
        if own_factory:
            state.engine_factory = default_engine_factory(state.config, registry)

    state.rebuild_defaults = rebuild_defaults
    if state.generate is None:
        state.generate = default_generate(config, state.lexicon)
    app.extensions[EXTENSION_KEY] = state
    if watch if watch is not None else not testing:
        state.start_watching()

    from .accounts import bp as accounts_bp
    from .api import bp as api_bp
    from .data import bp as data_bp
    from .google_signin import bp as google_bp
    from .pages import bp as pages_bp
    from .reading import bp as reading_bp

    app.register_blueprint(pages_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(data_bp)
    app.register_blueprint(accounts_bp)
    app.register_blueprint(google_bp)
    app.register_blueprint(reading_bp)

    @app.before_request
    def only_local_hosts() -> None:
        host = (request.host or "").rsplit(":", 1)[0].strip("[]").lower()
        if host not in ALLOWED_HOSTS:
            abort(Response(f"QueryWeaver only answers requests to 127.0.0.1 or localhost, not {host!r}.\n",
                           status=400, mimetype="text/plain"))
        if request.path.startswith("/api/") and not auth.allowed(request.headers, request.cookies, request.host,
                                                                  state.token):
            # before anything reads the body: a request without the token costs nothing to refuse
            abort(Response(json.dumps({"error": NO_TOKEN}) + "\n", status=403, mimetype="application/json"))
        if request.path.startswith("/api/") and request.method not in ("GET", "HEAD") and not request.is_json:
            # a form post is no JSON, and a page of another origin cannot send JSON without the browser asking
            # this server first (which it never allows)
            abort(Response(json.dumps({"error": "send the request body as JSON (Content-Type: application/json)"})
                           + "\n", status=415, mimetype="application/json"))

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(exc):
        message = f"the request body is too large (at most {MAX_BODY // 1024} kB); send a shorter question or graph"
        if request.path.startswith("/api/"):
            return jsonify({"error": message}), 413
        return Response(message + "\n", status=413, mimetype="text/plain")

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        response.headers.setdefault("Cross-Origin-Resource-Policy", "same-origin")
        if request.path.startswith("/api/") or request.path == "/":
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    return app


def launch_url(app: Flask, port: int) -> str:
    """The link that lets a browser in: the page swaps its token for a cookie and drops it from the URL."""
    return f"http://{HOST}:{port}/?{auth.TOKEN_PARAM}={app.extensions[EXTENSION_KEY].token}"


def _given(engine: Engine) -> Callable[..., Engine]:
    """An engine factory that returns ``engine`` itself, whatever the progress sink."""
    return lambda progress: engine


class _QuietHandler(WSGIRequestHandler):
    """Log failed requests only: the event stream and pages would otherwise fill the terminal. A token in a
    logged URL (a wrong or stale link) is replaced by ``[redacted]``."""

    def log(self, type: str, message: str, *args: Any) -> None:
        try:
            text = message % args if args else message
        except (TypeError, ValueError):
            text = " ".join([message, *map(str, args)])
        super().log(type, "%s", auth.redact(text))

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        try:
            failed = int(getattr(code, "value", code)) >= 400
        except (TypeError, ValueError):
            failed = True
        if failed:
            super().log_request(code, size)


def make_web_server(app: Flask, port: int = 0) -> BaseWSGIServer:
    """A threaded server for ``app`` bound to 127.0.0.1 (``port=0`` picks a free port)."""
    try:
        return make_server(HOST, port, app, threaded=True, request_handler=_QuietHandler)
    except (OSError, SystemExit) as exc:
        raise QueryWeaverError(f"cannot listen on {HOST}:{port} ({exc}); another program may be using it — "
                               f"pick another port with --port") from exc


def serve(config: Config, *, port: int = 8765, open_browser: bool = True,
          browser_open: Callable[[str], Any] = webbrowser.open, **app_options: Any) -> int:
    """Run the web UI on 127.0.0.1 until Ctrl+C; opens the browser unless ``open_browser`` is False."""
    app = create_app(config, **app_options)
    server = make_web_server(app, port)
    url = launch_url(app, server.server_port)
    where = "the demo data" if config.is_demo else (str(config.path) if config.path else "your config")
    print(f"QueryWeaver is running on {where}; open this link (it carries this launch's key, keep it to "
          f"yourself):\n    {url}\n(Ctrl+C to stop)", file=sys.stderr, flush=True)
    if threading.current_thread() is threading.main_thread():
        # "Ctrl+C to stop" must hold even when started from a background shell job, which inherits SIGINT ignored
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        if open_browser:
            browser_open(url)
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        server.server_close()
        app.extensions[EXTENSION_KEY].close()
    return 0

