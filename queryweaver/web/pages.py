"""The HTML page (blueprint ``pages``): one page, filled in by ``static/js/app.js``.

``/?token=TOKEN`` (the link ``serve`` prints and opens) sets the HttpOnly cookie and redirects to ``/``;
``/`` with the cookie is the app; without it, a short page saying to open that link. No page carries the
token itself (``auth.py``).
"""

from __future__ import annotations

from flask import Blueprint, make_response, redirect, render_template, request

from . import auth
from .sse import EVENT_NAMES
from .state import current_state

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    state = current_state()
    name = auth.cookie_name(request.host)
    given = request.args.get(auth.TOKEN_PARAM)
    if given is not None:
        if not auth.same_token(given, state.token):
            return _locked("This link's key is not the one of the running server (was it restarted?)."), 403
        response = redirect("/", code=303)
        response.set_cookie(name, state.token, httponly=True, samesite="Strict", path="/")
        return response
    if not auth.same_token(request.cookies.get(name), state.token):
        return _locked(), 403
    return render_template("index.html", event_names=" ".join(EVENT_NAMES), demo=state.config.is_demo)


def _locked(problem: str | None = None):
    response = make_response(render_template("locked.html", problem=problem))
    response.headers["Cache-Control"] = "no-store"
    return response
