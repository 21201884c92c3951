"""Typed events the executor emits while it runs a plan.

The same events feed ``--verbose``, the JSON ``trace`` and the web UI's live view; the browser code
switches on the same ``EventKind`` names.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from pydantic import BaseModel, Field


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


class Event(BaseModel):
    kind: EventKind
    seq: int = 0
    t: float = 0.0                    # seconds since the run started
    var: str | None = None
    message: str = ""                 # one readable line, as in the paper's logs
    data: dict[str, Any] = Field(default_factory=dict)

    def line(self) -> str:
        return f"[{self.t:7.3f}s] {self.message}"
