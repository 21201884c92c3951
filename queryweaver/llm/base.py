"""The LLM backend interface: one small ABC, capability flags as class attributes.

A backend turns a :class:`Prompt` into a :class:`Completion`. It knows nothing about query graphs; the
prompt builder, the decoding schema and the repair loop live in ``prompt.py``, ``tree.py`` and
``generate.py``. Backends translate their own errors into ``BackendError`` with a message that names the fix.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Literal

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class Message:
    role: Role
    content: str

    def as_dict(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


@dataclass(frozen=True)
class Prompt:
    """What is sent to a model: a fixed system text, then the per-question turns.

    ``system`` is identical for every question (instructions and the schema), so backends that can keep
    a prefix in their KV cache (llama.cpp, Ollama) reuse it. ``turns`` hold the worked examples as
    user/assistant pairs, the question, and any repair exchange. ``question`` is kept for backends that
    do not use a model at all (rules) and for logging.
    """

    system: str
    turns: tuple[Message, ...] = ()
    question: str = ""

    def messages(self) -> list[dict[str, str]]:
        out = [Message("system", self.system).as_dict()] if self.system else []
        return out + [m.as_dict() for m in self.turns]

    def followed_by(self, *turns: Message) -> "Prompt":
        return Prompt(self.system, self.turns + tuple(turns), self.question)

    @property
    def text(self) -> str:
        """Every word the model sees, in order (for token estimates and privacy checks)."""
        return "\n\n".join(m["content"] for m in self.messages())


@dataclass
class Completion:
    text: str
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    seconds: float = 0.0
    model: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class LLMBackend(ABC):
    """A model that can answer a prompt.

    ``supports_schema``: the backend constrains decoding to a JSON schema (grammar, structured outputs).
    ``needs_key``: it needs an API key (read from the environment variable named in the config).
    ``is_local``: nothing leaves the machine; ``auto`` only ever picks local backends.
    """

    name: str = ""
    supports_schema: bool = False
    needs_key: bool = False
    is_local: bool = True

    model: str | None = None

    @classmethod
    def from_config(cls, config) -> "LLMBackend":
        """Build the backend from the ``[llm]`` settings of a :class:`queryweaver.config.Config`."""
        return cls()

    @abstractmethod
    def generate(self, prompt: Prompt, schema: dict[str, Any] | None = None) -> Completion:
        """Answer ``prompt``; when ``schema`` is given and supported, the answer is JSON matching it."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} model={self.model!r}>"
