"""Graph generation: a question becomes a validated QueryGraph, with a local or remote LLM or the rules.

    generate_graph(question, config, *, backend=None, lexicon=None, mentions=None, offline=None,
                   on_event=None) -> Generation     (offline parser first; an LLM when it is unsure)
    coverage_problems(graph, question, mentions, lexicon) -> list[str]   (what an LLM graph leaves out)
    get_backend(config, name=None) -> LLMBackend          (resolves "auto")
    make_date_fallback(config) -> callable | None          (dates the normalizer cannot read)

Backends: ollama, openai (any OpenAI-compatible server), llamacpp (embedded, optional extra), rules.
Plugins add more with ``register_backends(register)``.
"""

from .base import Completion, LLMBackend, Message, Prompt
from .coverage import coverage_problems
from .generate import (
    DEFAULT_FORM,
    Generation,
    backend_classes,
    generate_graph,
    get_backend,
    make_date_fallback,
    parse_answer,
)
from .prompt import SchemaSlice, build_prompt, decoding_schema

__all__ = [
    "Completion", "coverage_problems", "LLMBackend", "Message", "Prompt", "DEFAULT_FORM", "Generation", "backend_classes",
    "generate_graph", "get_backend", "make_date_fallback", "parse_answer", "SchemaSlice", "build_prompt",
    "decoding_schema",
]
