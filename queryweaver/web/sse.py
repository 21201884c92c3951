"""The Server-Sent Events wire format: the one place that knows how a typed event becomes bytes.

A run's stream carries the executor's events under their ``EventKind`` names (``plan``, ``tool_called``,
``node_resolved``, ...) plus the web layer's own kinds below; the browser (``static/js/app.js``) switches
on the same names. Web-layer events with a structure of their own are pydantic models here too
(``ReadingsEvent``), so the Python side and the JSON the browser reads cannot drift apart. Each message is ``id`` (its position in the run, so a reconnecting browser resumes
with ``Last-Event-ID``), ``event`` (the kind) and ``data`` (one JSON object).
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

from pydantic import BaseModel, Field

from ..events import EventKind

MIMETYPE = "text/event-stream"
HEADERS = {
    "Cache-Control": "no-cache",
    "X-Accel-Buffering": "no",  # a reverse proxy, if any, must not hold events back
}


class StreamKind(str, Enum):
    """Events the web layer adds around the executor's own (``EventKind``)."""

    GENERATING = "generating"   # the question is being turned into a graph
    READINGS = "readings"       # how the question was read: confidence, the alternatives, what it names
    GRAPH = "graph"             # the graph to run, with its plan steps
    PROGRESS = "progress"       # a source's index is being built: stage, done, total
    RESULT = "result"           # the answer: count, first page of items with evidence
    CANCELLED = "cancelled"     # the user pressed Cancel or closed the page
    ERROR = "error"             # the run failed; ``message`` says why and what to do


# Events after which a run's stream ends.
TERMINAL: frozenset[str] = frozenset({StreamKind.RESULT.value, StreamKind.CANCELLED.value, StreamKind.ERROR.value})
# Every event name a browser may receive.
EVENT_NAMES: tuple[str, ...] = tuple(dict.fromkeys([k.value for k in StreamKind] + [k.value for k in EventKind]))


class ReadingChoice(BaseModel):
    """One way to run the question: the best reading is number 0, the alternatives 1..3 (``ask --pick N``)."""

    number: int
    text: str
    confidence: float
    source: str = ""
    graph: dict[str, Any]


class MentionTag(BaseModel):
    """A span of the question that names something in the user's data ("Nadia" -> person)."""

    text: str
    kind: str
    value: str
    count: int = 0
    exact: bool = True
    candidates: list[tuple[str, str]] = Field(default_factory=list)  # (value, detail) when ambiguous


class ReadingsEvent(BaseModel):
    """Sent once a question has become a graph, before the ``graph`` event: the readings the browser offers
    as "Did you mean ..." chips (each runs its graph as an edited one, with no LLM), a notice when the
    parser is unsure, and the mentions as tags."""

    kind: StreamKind = StreamKind.READINGS
    question: str
    confidence: float
    low_confidence: bool
    readings: list[ReadingChoice]      # best first; readings[0] is the graph about to run
    mentions: list[MentionTag] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    @classmethod
    def from_generation(cls, question: str, generation: Any) -> "ReadingsEvent":
        """Built from a ``queryweaver.llm.Generation`` (fields read with defaults: injected generators may
        return less)."""
        confidence = float(getattr(generation, "confidence", 1.0))
        low = getattr(generation, "low_confidence", None)
        if low is None:
            from ..llm.generate import LOW_CONFIDENCE

            low = confidence < LOW_CONFIDENCE
        best = ReadingChoice(number=0, text=getattr(generation, "reading", "") or "", confidence=confidence,
                             source=str(getattr(generation, "backend", "") or ""),
                             graph=generation.graph.to_json())
        alternatives = [ReadingChoice(number=n, text=a.text, confidence=a.confidence, source=a.source,
                                      graph=a.graph.to_json())
                        for n, a in enumerate(getattr(generation, "alternatives", None) or [], 1)]
        mentions = [MentionTag(text=m.text, kind=m.kind, value=m.value, count=m.count, exact=m.exact,
                               candidates=[tuple(c) for c in m.candidates])
                    for m in getattr(generation, "mentions", None) or []]
        return cls(question=question, confidence=round(confidence, 3), low_confidence=bool(low),
                   readings=[best, *alternatives], mentions=mentions,
                   notes=list(getattr(generation, "notes", None) or []))

    def message(self) -> dict[str, Any]:
        """The event's ``data`` on the wire."""
        return self.model_dump(mode="json")


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
