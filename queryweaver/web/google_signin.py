"""Signing in to Google from the Data page (blueprint ``google``): the OAuth client JSON uploaded, the sign-in
in the browser, and Google sending the browser back to a 127.0.0.1 callback of this server.

The same read-only scopes as ``queryweaver auth google`` (``connectors.google_auth.SCOPES``), the same token
file (the user data dir, mode 0600, ``save_credentials``), through the same library (google-auth-oauthlib's
``Flow``, with PKCE). What differs is the browser step: instead of a throw-away local server, the redirect
goes to ``http://127.0.0.1:PORT/oauth/google/callback`` of this very server.

- **state**: a random value made for each sign-in, given only to the page that holds the cookie; the
  callback is refused unless it carries it (compared in constant time), it is used once, and it expires
  after ``SIGN_IN_SECONDS``. The callback cannot need the cookie: the browser does not send a SameSite=Strict
  cookie on a navigation coming from Google's site; the state is what ties the callback to the page.
- **secrets**: the client JSON is kept in the user data dir with mode 0600 and never sent back (the page
  sees the client id only); the token is never sent back; the callback page holds neither.
- **nothing half-written**: a sign-in cancelled on Google's page, a wrong or replayed state, or a code Google
  does not accept writes no token and no source; the page says what happened in one line.

    POST /api/data/google/client  {"client_json": "<the OAuth client JSON>"}          -> {"client_id"}
    POST /api/data/google/start   {"gmail": true, "gcal": true, "sync": false}        -> {"url"} to open
    GET  /api/data/google/status                                                      -> {"state", "message", ...}
    POST /api/data/google/cancel
    GET  /oauth/google/callback?state=...&code=...  (or &error=access_denied)       -> a short page
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, jsonify, render_template, request

from ..config_file import add_source
from ..errors import QueryWeaverError
from . import auth
from .api import ApiError, _body
from .state import current_state

bp = Blueprint("google", __name__)

CLIENT_FILE_NAME = "google-client.json"
CALLBACK_PATH = "/oauth/google/callback"
SIGN_IN_SECONDS = 600.0   # a sign-in not finished by then is forgotten
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError):
    return jsonify({"error": exc.message, **exc.extra}), exc.status


@bp.errorhandler(QueryWeaverError)
def _config_error(exc: QueryWeaverError):
    from .data import _config_error as as_data_page_does

    return as_data_page_does(exc)


@dataclass
class SignIn:
    """One sign-in under way: the flow (with its PKCE verifier), its state, and what to add once signed in."""

    flow: Any
    state: str
    kinds: list[str]
    sync: bool
    started: float = field(default_factory=time.monotonic)
    status: str = "waiting"          # waiting | done | failed
    message: str = ""
    sources: list[int] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def expired(self) -> bool:
        return time.monotonic() - self.started > SIGN_IN_SECONDS

    def view(self) -> dict[str, Any]:
        status = "failed" if self.status == "waiting" and self.expired else self.status
        message = self.message or ("The sign-in took too long; start it again." if status == "failed" else
                                   "Waiting for you to sign in to Google in the other tab…")
        return {"state": status, "message": message, "sources": self.sources, "kinds": self.kinds}


def client_path() -> Path:
    return current_state().data_dir / CLIENT_FILE_NAME


def token_path() -> Path:
    from connectors.google_auth import TOKEN_FILE_NAME

    return current_state().data_dir / TOKEN_FILE_NAME


def read_client(text: str) -> dict[str, Any]:
    """The OAuth client configuration in ``text``, checked; ApiError saying what is wrong otherwise."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ApiError(400, "that file is not JSON; upload the OAuth client file downloaded from the Google Cloud "
                            "console (APIs & Services > Credentials > your OAuth client > Download JSON)") from None
    if not isinstance(data, dict):
        raise ApiError(400, "that file is not an OAuth client file (no 'installed' section)")
    if "web" in data and "installed" not in data:
        raise ApiError(400, "that is a 'Web application' OAuth client; create one of type 'Desktop app' (it may "
                            "send you back to this computer) and upload its JSON")
    client = data.get("installed")
    keys = ("client_id", "client_secret", "auth_uri", "token_uri")
    if not isinstance(client, dict) or not all(isinstance(client.get(k), str) and client.get(k) for k in keys):
        raise ApiError(400, "that file is not an OAuth client file of type 'Desktop app' (it needs an 'installed' "
                            "section with client_id, client_secret, auth_uri and token_uri)")
    for key in ("auth_uri", "token_uri"):
        parts = urlsplit(client[key])
        if parts.scheme != "https" and not (parts.scheme == "http" and parts.hostname in LOOPBACK):
            raise ApiError(400, f"the client file's {key} {client[key]!r} is not an https address")
    return data


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` readable by the user only (0600, folder 0700), whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.chmod(path.parent, 0o700)
    except OSError:
        pass
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # created 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@bp.get("/api/data/google")
def google_state():
    """Whether a client file is uploaded (its client id only), whether signed in, and the Google sources."""
    state = current_state()
    client = None
    if client_path().is_file():
        try:
            client = read_client(client_path().read_text(encoding="utf-8"))["installed"]["client_id"]
        except (ApiError, OSError):
            client = None
    configured = [] if state.config.is_demo else [s.type for s in state.config.sources if s.type in ("gmail", "gcal")]
    return jsonify({"client_id": client, "signed_in": token_path().is_file(), "configured": configured,
                    "sign_in": state.google_sign_in.view() if state.google_sign_in else None})


@bp.post("/api/data/google/client")
def upload_client():
    text = _body().get("client_json")
    if not isinstance(text, str) or not text.strip():
        raise ApiError(400, "pick the OAuth client JSON file to upload")
    data = read_client(text)
    try:
        _write_private(client_path(), json.dumps(data, indent=1))
    except OSError as exc:
        raise ApiError(500, f"cannot save the client file in {client_path().parent} ({exc.strerror or exc})") from None
    return jsonify({"client_id": data["installed"]["client_id"]})


@bp.post("/api/data/google/start")
def start_sign_in():
    from google_auth_oauthlib.flow import Flow

    from connectors.google_auth import SCOPES

    state = current_state()
    body = _body()
    kinds = [k for k in ("gmail", "gcal") if body.get(k, True)]
    if not kinds:
        raise ApiError(400, "tick Gmail, Google Calendar or both")
    if not client_path().is_file():
        raise ApiError(400, "upload the OAuth client JSON first (a 'Desktop app' client from the Google Cloud console)")
    client = read_client(client_path().read_text(encoding="utf-8"))
    port = (request.host or "").rsplit(":", 1)[-1]
    if not port.isdigit():
        raise ApiError(400, "open QueryWeaver at the address 'queryweaver serve' printed (with its port)")
    flow = Flow.from_client_config(client, scopes=list(SCOPES), redirect_uri=f"http://127.0.0.1:{port}{CALLBACK_PATH}",
                                   autogenerate_code_verifier=True)
    value = secrets.token_urlsafe(32)
    url, _state = flow.authorization_url(state=value, prompt="consent", include_granted_scopes="false")
    state.google_sign_in = SignIn(flow=flow, state=value, kinds=kinds, sync=bool(body.get("sync")))
    return jsonify({"url": url, "sign_in": state.google_sign_in.view()})


@bp.get("/api/data/google/status")
def sign_in_status():
    pending = current_state().google_sign_in
    return jsonify(pending.view() if pending else {"state": "none", "message": "", "sources": [], "kinds": []})


@bp.post("/api/data/google/cancel")
def cancel_sign_in():
    state = current_state()
    pending = state.google_sign_in
    if pending is not None and pending.status == "waiting":
        pending.status, pending.message = "failed", "Sign-in cancelled; nothing was saved."
    return jsonify({"cancelled": pending is not None})


@bp.get(CALLBACK_PATH)
def callback():
    """Where Google sends the browser back: the state checked, the code exchanged, the token kept (0600)."""
    state = current_state()
    pending = state.google_sign_in
    given = request.args.get("state")
    if pending is None or not auth.same_token(given, pending.state) or pending.status != "waiting" or pending.expired:
        return _page("This sign-in is not the one QueryWeaver is waiting for (it was already used, it expired, or "
                     "it was started elsewhere). Start it again from Your data > Google.", ok=False, status=400)
    with pending.lock:
        if pending.status != "waiting":  # the same link opened twice at once: one of them finishes it
            return _page("This sign-in was already used; start it again from Your data > Google.", ok=False,
                         status=400)
        pending.status = "finishing"
    error = request.args.get("error")
    if error:
        return _fail(pending, f"Google sign-in was cancelled ({_short(error)}); nothing was saved. Start it again "
                              f"when you want to connect Google.")
    code = request.args.get("code")
    if not code:
        return _fail(pending, "Google sent the browser back without a sign-in code; start it again.")
    try:
        pending.flow.fetch_token(code=code)
    except Exception as exc:  # oauthlib's and requests' own errors: one line, nothing saved
        return _fail(pending, f"Google did not accept the sign-in ({type(exc).__name__}: {_short(str(exc))}); "
                              f"nothing was saved. Start it again.")
    from connectors.google_auth import SCOPES, save_credentials

    creds = pending.flow.credentials
    missing = set(SCOPES) - set(creds.scopes or SCOPES)
    if missing:
        return _fail(pending, f"Google did not grant {', '.join(sorted(missing))}; start again and tick every box "
                              f"on Google's page. Nothing was saved.")
    later = ""
    try:
        save_credentials(creds, token_path(), client_secrets=client_path())
        try:
            added = _add_google_sources(state, pending)
        except ApiError as exc:  # written, but a build holds the engine: used once it ends
            added, later = [], f" {exc.message[:1].upper()}{exc.message[1:]}."
    except (OSError, QueryWeaverError) as exc:
        return _fail(pending, f"Signed in, but the sign-in could not be saved ({exc}); start it again.")
    pending.sources = added
    pending.status = "done"
    names = " and ".join({"gmail": "Gmail", "gcal": "Google Calendar"}[k] for k in pending.kinds)
    pending.message = f"Signed in to Google; {names} added (read-only).{later}"
    return _page("QueryWeaver is signed in to Google, read-only. You can close this tab and go back to QueryWeaver.")


def _add_google_sources(state, pending: SignIn) -> list[int]:
    """The chosen Google sources, added to the config unless already there; their numbers."""
    from connectors.google_auth import default_token_path

    from .data import _save

    present = {} if state.config.is_demo else {s.type: n for n, s in enumerate(state.config.sources)}
    entries = []
    for kind in pending.kinds:
        if kind in present:
            continue
        entry: dict[str, Any] = {"type": kind}
        if token_path() != default_token_path():
            entry["token_file"] = str(token_path())
        if pending.sync:
            entry["sync"] = True
        entries.append(entry)
    if entries:
        def edit(document) -> None:
            for entry in entries:
                add_source(document, entry)

        _save(None, edit)
    return [n for n, s in enumerate(current_state().config.sources) if s.type in pending.kinds]


def _fail(pending: SignIn, message: str):
    pending.status, pending.message = "failed", message
    return _page(message, ok=False, status=400)


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _page(message: str, ok: bool = True, status: int = 200) -> Response:
    response = Response(render_template("signed_in.html", message=message, ok=ok), status=status,
                        mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response
