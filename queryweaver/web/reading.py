"""Opening an answer itself (blueprint ``reading``): an email's read view, and a file's own bytes.

Both are GETs that change nothing, behind the same token or cookie as every ``/api`` request.

- **An email**: its headers, attachments' names, links and text, read from the sources that hold it
  (``item_details.read_item``; the text as its source reads it: an HTML-only mail becomes text, never HTML).
  The page shows every value as text (``static/js/reader.js``); mail is written by whoever sent it, so nothing of
  it is ever parsed as HTML, and only http(s) links are offered (opened with no referrer).
- **A file**: only a regular file inside a configured source's roots (the path resolved, links included); it is
  sent as it is with a content type that cannot run in this origin: images and plain text are shown (with a
  ``sandbox`` Content-Security-Policy, so even a mislabelled file runs no script), everything else (HTML, SVG,
  PDF, documents) is a download.

    GET /api/items/email?key=MESSAGE_ID        -> {"key", "subject", "from", "to", "date", "attachments", ...}
    GET /api/files/content?path=PATH[&download=1]
"""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path
from urllib.parse import quote

from flask import Blueprint, Response, jsonify, request, send_file

from ..errors import QueryWeaverError
from ..schema import EntityType
from .api import ApiError
from .opener import within
from .present import jsonable, web_link
from .state import current_state

bp = Blueprint("reading", __name__, url_prefix="/api")

MAX_TEXT = 200_000        # characters of an email's text sent to the page
MAX_LISTED = 200          # recipients, attachments or links listed
# Shown in the browser (with a sandbox CSP); everything else is downloaded.
INLINE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
                ".webp": "image/webp", ".txt": "text/plain", ".md": "text/plain", ".csv": "text/plain",
                ".log": "text/plain", ".json": "text/plain", ".ics": "text/plain"}
YOU = (("to_you", "to", EntityType.SELF), ("from_you", "from", EntityType.SELF))  # "you" among the people
FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError):
    return jsonify({"error": exc.message, **exc.extra}), exc.status


@bp.get("/items/email")
def read_email():
    from ..item_details import read_item

    key = request.args.get("key", "").strip()
    if not key or len(key) > 1000:
        raise ApiError(400, "give the email's key (its Message-ID, as the answer lists it)")
    state = current_state()
    try:
        with state.question_session(timeout=30) as (engine, _partial):
            if engine is None:
                raise ApiError(409, "the sources are busy (a question or an index build); open the email again in a "
                                    "moment")
            details = read_item(engine, EntityType.EMAIL, key, also=YOU)
    except QueryWeaverError as exc:
        raise ApiError(400, str(exc)) from None
    if not details.found:
        raise ApiError(404, "this email is not in your sources any more (moved or deleted?)")
    fields = details.item.output()
    links = [href for href in (web_link(u) for u in details.links.get("links", [])) if href]
    text = details.text
    return jsonify({
        "key": details.item.key,
        "subject": fields.get("subject") or "",
        "from": (["you"] if details.links.get("from_you") else [])
        + details.links.get("from", [fields.get("from")] if fields.get("from") else [])[:MAX_LISTED],
        "to": (["you"] if details.links.get("to_you") else []) + details.links.get("to", [])[:MAX_LISTED],
        "date": jsonable(fields.get("date")),
        "message_id": fields.get("message_id") or details.item.key,
        "attachments": details.links.get("attachments", [])[:MAX_LISTED],
        "links": links[:MAX_LISTED],
        "text": None if text is None else text[:MAX_TEXT],
        "text_cut": text is not None and len(text) > MAX_TEXT,
        "sources": details.sources,
    })


@bp.get("/files/content")
def file_content():
    state = current_state()
    raw = request.args.get("path", "")
    if not raw or "\0" in raw or not os.path.isabs(raw):
        raise ApiError(400, "give the file's absolute path, as the answer lists it")
    if not state.roots:
        raise ApiError(403, "no files source is configured, so no file can be opened")
    real = os.path.realpath(raw)
    if not within(real, state.roots):
        raise ApiError(403, f"{raw} is outside the configured sources; only files under them can be opened")
    path = Path(real)
    if not path.is_file():
        raise ApiError(404, f"{raw} is not a file on this computer (moved or deleted?)")
    suffix = path.suffix.lower()
    inline = suffix in INLINE_TYPES and request.args.get("download") != "1"
    mimetype = INLINE_TYPES.get(suffix) if inline else (mimetypes.guess_type(path.name)[0] or "application/octet-stream")
    if not inline and mimetype.split(";")[0] in ("text/html", "image/svg+xml", "application/xhtml+xml", "text/xml",
                                                 "application/xml", "text/javascript", "application/javascript"):
        mimetype = "application/octet-stream"  # downloaded whatever the browser would make of it
    try:
        response: Response = send_file(path, mimetype=mimetype, as_attachment=not inline, download_name=path.name,
                                       conditional=True, max_age=0)
    except OSError as exc:
        raise ApiError(403, f"cannot read {raw} ({exc.strerror or exc})") from None
    if inline:
        response.headers["Content-Disposition"] = f"inline; filename*=UTF-8''{quote(path.name)}"
        if mimetype == "text/plain":  # send_file adds no charset to text; the page's text is UTF-8 as a rule
            response.headers["Content-Type"] = "text/plain; charset=utf-8"
    response.headers["Content-Security-Policy"] = FILE_CSP
    response.headers["Cache-Control"] = "no-store"
    return response
