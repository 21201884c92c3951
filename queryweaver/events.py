"""Typed events the executor emits while it runs a plan.

The same events feed ``--verbose``, the JSON ``trace`` and the web UI's live view; the browser code
switches on the same ``EventKind`` names. ``Event.to_json()`` is the one wire form of an event.

A plain dataclass rather than a pydantic model: every ``ask`` emits events, and pydantic's import is a third
of a command's start-up (issue 15). tests/test_graph_shape.py checks ``to_json`` against the pydantic
model it replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class Event:
    kind: EventKind
    seq: int = 0
    t: float = 0.0                    # seconds since the run started
    var: str | None = None
    message: str = ""                 # one readable line, as in the paper's logs
    data: dict[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        return f"[{self.t:7.3f}s] {self.message}"

    def to_json(self) -> dict[str, Any]:
        """The event as JSON values: the ``trace`` items of ``--json`` and the web UI's stream."""
        return {"kind": self.kind.value, "seq": self.seq, "t": self.t, "var": self.var, "message": self.message,
                "data": jsonable(self.data)}


def jsonable(value: Any) -> Any:
    """``value`` in JSON's types, as pydantic's JSON mode wrote the event data the executor gives (JSON values,
    tuples and enums); anything else becomes its text."""
    if isinstance(value, Enum):
        return jsonable(value.value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(jsonable(k)): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    return str(value)
