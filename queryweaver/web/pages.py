"""The HTML page (blueprint ``pages``): one page, filled in by ``static/js/app.js``.

The launch token travels in a ``<meta>`` tag (the Content-Security-Policy forbids inline scripts).
"""

from __future__ import annotations

from flask import Blueprint, render_template

from .sse import EVENT_NAMES
from .state import current_state

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    state = current_state()
    return render_template("index.html", token=state.token, event_names=" ".join(EVENT_NAMES),
                           demo=state.config.is_demo)
