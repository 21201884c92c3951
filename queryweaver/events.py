"""Typed events the executor emits while it runs a plan.

The same events feed ``--verbose``, the JSON ``trace`` and the web UI's live view; the browser code
switches on the same ``EventKind`` names.
"""

from __future__ import annotations

from datetime import date, datetime, time
from enum import Enum
from typing import Any


class EventKind(str, Enum):
    PLAN = "plan"                    # the plan's steps, before anything runs
    STEP_STARTED = "step_started"    # a plan step begins (visit, resolve, tool, ...)
    NODE_RESOLVING = "node_resolving"
    TOOL_CALLED = "tool_called"      # a tool starts, with its input size
    TOOL_RESULT = "tool_result"      # a tool finished, with its result size
    INTERSECTION = "intersection"
    FILTER = "filter"
    NODE_RESOLVED = "node_resolved"  # a variable's candidate set is final
    WARNING = "warning"
    DONE = "done"
    ERROR = "error"


class Event:
    """One step of a run. A plain class, not a pydantic model: the executor makes one per step, and the
    command line's start-up would otherwise pay for loading pydantic on every question."""

    __slots__ = ("kind", "seq", "t", "var", "message", "data")

    def __init__(self, *, kind: EventKind | str, seq: int = 0, t: float = 0.0, var: str | None = None,
                 message: str = "", data: dict[str, Any] | None = None):
        self.kind = EventKind(kind)
        self.seq, self.t, self.var, self.message = seq, t, var, message   # t: seconds since the run started
        self.data = {} if data is None else data

    def line(self) -> str:
        return f"[{self.t:7.3f}s] {self.message}"

    def to_json(self) -> dict[str, Any]:
        """The event as JSON values (the CLI's ``trace``, the web UI's stream)."""
        return {"kind": self.kind.value, "seq": self.seq, "t": self.t, "var": self.var, "message": self.message,
                "data": _json_value(self.data)}

    def __repr__(self) -> str:
        return f"Event(kind={self.kind.value!r}, seq={self.seq}, var={self.var!r}, message={self.message!r})"


def _json_value(value: Any) -> Any:
    """``value`` with JSON's types only: tuples and sets as lists, enums as their values, dates as text."""
    if value is None or isinstance(value, (bool, int, float, str)) and not isinstance(value, Enum):
        return value
    if isinstance(value, dict):
        return {_json_key(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_json_value(v) for v in value]
    if isinstance(value, Enum):
        return _json_value(value.value)
    if isinstance(value, (date, datetime, time)):
        return value.isoformat()
    raise TypeError(f"an event's data holds a {type(value).__name__}, which has no JSON form")


def _json_key(key: Any) -> str:
    if isinstance(key, Enum):
        key = key.value
    return key if isinstance(key, str) else str(key)
