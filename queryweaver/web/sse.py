"""The Server-Sent Events wire format: the one place that knows how a typed event becomes bytes.

A run's stream carries the executor's events under their ``EventKind`` names (``plan``, ``tool_called``,
``node_resolved``, ...) plus the web layer's own kinds below; the browser (``static/js/app.js``) switches
on the same names. Each message is ``id`` (its position in the run, so a reconnecting browser resumes
with ``Last-Event-ID``), ``event`` (the kind) and ``data`` (one JSON object).
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

from ..events import EventKind

MIMETYPE = "text/event-stream"
HEADERS = {
    "Cache-Control": "no-cache",
    "X-Accel-Buffering": "no",  # a reverse proxy, if any, must not hold events back
}


class StreamKind(str, Enum):
    """Events the web layer adds around the executor's own (``EventKind``)."""

    GENERATING = "generating"   # the question is being turned into a graph
    GRAPH = "graph"             # the graph to run, with its plan steps
    PROGRESS = "progress"       # a source's index is being built: stage, done, total
    RESULT = "result"           # the answer: count, first page of items with evidence
    CANCELLED = "cancelled"     # the user pressed Cancel or closed the page
    ERROR = "error"             # the run failed; ``message`` says why and what to do


# Events after which a run's stream ends.
TERMINAL: frozenset[str] = frozenset({StreamKind.RESULT.value, StreamKind.CANCELLED.value, StreamKind.ERROR.value})
# Every event name a browser may receive.
EVENT_NAMES: tuple[str, ...] = tuple(dict.fromkeys([k.value for k in StreamKind] + [k.value for k in EventKind]))


def format_sse(data: Any, event: str | None = None, *, id: int | str | None = None) -> str:
    """One SSE message: ``data`` as JSON (one ``data:`` line per line of it), then a blank line."""
    if isinstance(event, Enum):
        event = event.value
    if event is not None and ("\n" in event or "\r" in event):
        raise ValueError("an SSE event name cannot contain a line break")
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    lines = []
    if id is not None:
        lines.append(f"id: {id}")
    if event is not None:
        lines.append(f"event: {event}")
    lines.extend(f"data: {line}" for line in text.splitlines() or [""])
    return "\n".join(lines) + "\n\n"


def format_comment(text: str = "") -> str:
    """A comment line: ignored by the browser, keeps the connection alive and detects a closed one."""
    return f": {text}\n\n"


def format_retry(milliseconds: int) -> str:
    """Tell the browser how long to wait before reconnecting."""
    return f"retry: {int(milliseconds)}\n\n"


def parse_sse(text: str) -> list[dict[str, Any]]:
    """The messages in an SSE body as ``{"id", "event", "data"}`` (data decoded); comments dropped.

    The inverse of :func:`format_sse`, for tests and for any Python client of the stream.
    """
    messages = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        fields: dict[str, Any] = {"id": None, "event": "message"}
        data_lines = []
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                data_lines.append(value)
            elif name in ("id", "event"):
                fields[name] = value
        if data_lines:
            fields["data"] = json.loads("\n".join(data_lines))
            messages.append(fields)
    return messages
