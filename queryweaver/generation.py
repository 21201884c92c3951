"""What reading a question gives: the graph, how sure the reader is, the other readings (``Generation``, ``Reading``).

Apart from ``llm.generate`` (which makes them) so that a reading kept between runs (``reading_cache``) comes
back without loading the parsers and the LLM clients.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .graph import QueryGraph

DEFAULT_FORM = "tree"  # llm.prompt.Form; measured: see benchmarks/graph_accuracy.py; a small model cannot dangle a variable


@dataclass
class Reading:
    """One way to read a question: a graph, that graph said back in plain English, and how sure we are."""

    graph: QueryGraph
    text: str
    confidence: float
    source: str = "rules"   # which parser produced it: rules | grounded | llm

    def to_json(self) -> dict[str, Any]:
        return {"graph": self.graph.to_json(), "text": self.text, "confidence": round(self.confidence, 3),
                "source": self.source}


# below this the reading is "not sure": the CLI prints the alternatives, the web UI offers them as chips and the
# ``auto`` path asks the LLM. The offline reader's confidence is a calibrated chance of being right
# (``understand.confidence``); this threshold puts 15% of the right readings it was fitted to below it
# (``benchmarks/calibration.py``). Held out, each part scored by a fit made without it: 90% of the wrong readings
# and 12% of the right ones fall below it
LOW_CONFIDENCE = 0.984

LEFT_OUT = "left out "  # how a note naming words of the question the reading does not use begins (shown even when sure)


@dataclass
class Generation:
    graph: QueryGraph
    backend: str
    model: str | None
    seconds: float
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    attempts: int = 1
    repairs: list[str] = field(default_factory=list)
    raw: str = ""
    form: str = DEFAULT_FORM
    examples: list[str] = field(default_factory=list)  # the bank questions shown to the model
    dropped: list[str] = field(default_factory=list)   # filters removed: their values are not in the question
    cached_prompt_tokens: int | None = None  # prompt tokens the backend took from its KV cache (llamacpp)
    confidence: float = 1.0                  # 0..1: how sure the parser is that ``graph`` is what was meant
    reading: str = ""                        # ``graph`` said back in plain English
    alternatives: list[Reading] = field(default_factory=list)   # other readings, best first (at most 3)
    mentions: list = field(default_factory=list)  # grounding.Mention: what the question names in the data
    notes: list[str] = field(default_factory=list)  # which words produced which constraint, and doubts
    # read by the offline parser alone, no LLM asked or looked for: the same question, config, data and code read
    # the same way again (``reading_cache`` keeps only such readings)
    offline_only: bool = False

    @property
    def low_confidence(self) -> bool:
        return self.confidence < LOW_CONFIDENCE

    def to_json(self) -> dict[str, Any]:
        return {"graph": self.graph.to_json(), "backend": self.backend, "model": self.model,
                "confidence": round(self.confidence, 3), "reading": self.reading,
                "alternatives": [a.to_json() for a in self.alternatives],
                "mentions": [m.to_json() for m in self.mentions], "notes": self.notes,
                "seconds": round(self.seconds, 3), "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "attempts": self.attempts,
                "repairs": self.repairs, "form": self.form, "examples": self.examples, "dropped": self.dropped,
                "cached_prompt_tokens": self.cached_prompt_tokens}
