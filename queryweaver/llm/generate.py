"""Question in, validated QueryGraph out: backend choice, the prompt, decoding, validation and repair.

The model only ever sees the question, the schema (or the slice of it in use) and worked examples.
Its answer is decoded under a JSON schema where the backend allows, parsed, and validated with
``QueryGraph.parse``; a graph that fails is sent back with the validator's message, at most
``max_repairs`` times. The ``Generation`` says how many attempts it took and what was sent back.

Two clean-ups need no second call: filters whose values the question never states (copied from a worked
example) are dropped, and return_mode "one" without an ordinal becomes "all".
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Callable

from ..errors import BackendError, ConfigError, DateExpressionError, GenerationError, GraphError
from ..graph import QueryGraph
from .backends import LlamaCppBackend, OllamaBackend, RulesBackend
from .base import LLMBackend, Message, Prompt
from .examples import off_topic, select_examples
from .prompt import FORMS, Form, SchemaSlice, build_prompt, decoding_schema, estimate_tokens, repair_turns
from .tree import TreeError, tree_to_graph

DEFAULT_FORM: Form = "tree"  # measured: see benchmarks/graph_accuracy.py; a small model cannot dangle a variable
DEFAULT_EXAMPLES = 2  # paper set: same accuracy as 3, ~80 fewer uncached prompt tokens (~7 s vs ~9 s)
MAX_REPAIRS = 2

EventHook = Callable[[str, dict], None]


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


LOW_CONFIDENCE = 0.6  # below this the CLI prints the alternatives and the web UI offers them as chips


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


# ---- choosing a backend ------------------------------------------------------------------------

def backend_classes() -> dict[str, type[LLMBackend]]:
    """Every registered backend: the built-ins (``queryweaver.llm.backends``) and the plugins'."""
    from ..plugins import get_registry

    return dict(get_registry().backends)


def get_backend(config, name: str | None = None) -> LLMBackend:
    """The backend called ``name`` (default ``[llm] backend``), built from the config; resolves ``auto``."""
    name = (name or config.llm_setting("backend") or "auto").strip().lower()
    if name == "auto":
        return resolve_auto(config)
    classes = backend_classes()
    if name not in classes:
        raise ConfigError(f"unknown LLM backend {name!r}; set [llm] backend to auto or one of "
                          f"{', '.join(sorted(classes))}")
    return classes[name].from_config(config)


def resolve_auto(config) -> LLMBackend:
    """Ollama if it answers locally with a model, else llama.cpp if a model file is set, else the rules.

    The remote ``openai`` backend is never picked automatically: sending a question off the machine
    is the user's explicit choice.
    """
    host = config.llm_setting("host")
    models = OllamaBackend.available_models(host)
    if models:
        wanted = config.llm_setting("model")
        chosen = _match_model(wanted, models)
        if chosen is None and "model" not in config.llm:
            chosen = models[0]  # no model asked for: whatever the user has pulled
        if chosen is not None:
            backend = OllamaBackend.from_config(config)
            backend.model = chosen
            return backend
    if config.llm_setting("model_path") and LlamaCppBackend.importable():
        return LlamaCppBackend.from_config(config)
    return RulesBackend()


def _match_model(wanted: str | None, models: list[str]) -> str | None:
    if not wanted:
        return None
    for m in models:
        if m == wanted or m == f"{wanted}:latest":
            return m
    return None


# ---- generating a graph ------------------------------------------------------------------------

def generate_graph(question: str, config, *, backend: str | LLMBackend | None = None,
                   lexicon=None, on_event: EventHook | None = None, form: Form | None = None,
                   examples: int | None = None, schema_slice: SchemaSlice | None = None,
                   max_repairs: int = MAX_REPAIRS) -> Generation:
    """Turn ``question`` into a validated graph with the configured (or given) backend.

    ``form`` picks the decoding form ("flat": the paper's JSON, "tree": the nested form compiled into
    it); ``examples`` how many worked examples to show (0: none); ``schema_slice`` the part of the schema
    to show (tool retrieval passes one when the whole schema exceeds ``[llm] prompt_budget``).
    ``on_event(kind, data)`` hears "prompt_built", "attempt", "repair" and "done". ``lexicon`` (from
    ``Engine.lexicon()``) grounds the question in the user's data for the offline reader.
    """
    emit = on_event or (lambda kind, data: None)
    started = time.monotonic()
    question = " ".join((question or "").split())
    if not question:
        raise GenerationError("the question is empty; ask something like "
                              "'Find the emails Jane Doe sent me last week'")
    llm = backend if isinstance(backend, LLMBackend) else get_backend(config, backend)

    if isinstance(llm, RulesBackend) and llm.reads_with_understand:
        from ..understand import understand

        generation = understand(question, config, lexicon)
        generation.seconds = time.monotonic() - started
        emit("done", generation.to_json())
        return generation
    if isinstance(llm, RulesBackend):
        graph = llm.parse(question)
        generation = Generation(graph=graph, backend=llm.name, model=None, seconds=time.monotonic() - started,
                                raw=json.dumps(graph.to_json()), form="rules")
        emit("done", generation.to_json())
        return generation

    if off_topic(question):
        raise GenerationError(f"'{question}' is not about your email, calendar or files, so it cannot become "
                              "a query; ask about emails, people, attachments, folders, events, dates, places "
                              "or web links")
    form = form or DEFAULT_FORM
    if form not in FORMS:
        raise ConfigError(f"unknown graph form {form!r}; use one of {', '.join(FORMS)}")
    shown = select_examples(question, DEFAULT_EXAMPLES if examples is None else examples)
    prompt = build_prompt(question, shown, form=form, schema_slice=schema_slice)
    if schema_slice is None and estimate_tokens(prompt.text) > _budget(config):
        schema_slice = _retrieve_slice(question, shown)
        if schema_slice is not None:
            shown = [e for e in shown if SchemaSlice.allows(schema_slice, e.graph)]
            prompt = build_prompt(question, shown, form=form, schema_slice=schema_slice)
    schema = decoding_schema(form, schema_slice) if llm.supports_schema else None
    emit("prompt_built", {"backend": llm.name, "model": llm.model, "form": form,
                          "examples": [e.question for e in shown], "characters": len(prompt.text)})

    repairs: list[str] = []
    prompt_tokens = completion_tokens = cached_tokens = None
    raw = ""
    for attempt in range(1, max_repairs + 2):
        emit("attempt", {"attempt": attempt, "backend": llm.name, "model": llm.model})
        completion = llm.generate(prompt, schema)
        prompt_tokens = _add(prompt_tokens, completion.prompt_tokens)
        cached_tokens = _add(cached_tokens, completion.extra.get("reused_prompt_tokens"))
        completion_tokens = _add(completion_tokens, completion.completion_tokens)
        raw = completion.text
        try:
            graph, dropped = drop_ungrounded(settle_return_mode(parse_answer(raw, form)), question)
        except GraphError as exc:
            message = "; ".join(exc.problems)
            repairs.append(message)
            emit("repair", {"attempt": attempt, "problems": exc.problems, "raw": raw})
            prompt = prompt.followed_by(*repair_turns(raw, exc.problems))
            continue
        generation = Generation(graph=graph, backend=llm.name, model=completion.model or llm.model,
                                seconds=time.monotonic() - started, prompt_tokens=prompt_tokens,
                                completion_tokens=completion_tokens, attempts=attempt, repairs=repairs,
                                raw=raw, form=form, examples=[e.question for e in shown], dropped=dropped,
                                cached_prompt_tokens=cached_tokens)
        emit("done", generation.to_json())
        return generation
    model = f" ({llm.model})" if llm.model else ""
    error = GenerationError(
        f"the {llm.name} model{model} did not write a valid graph in {max_repairs + 1} tries "
        f"(last problem: {repairs[-1]}); rephrase the question, use a larger model, or set "
        '[llm] backend = "rules"')
    error.repairs, error.raw = repairs, raw  # for logs and benchmarks; str(error) is the user's line
    raise error


def _budget(config) -> int:
    try:
        return int(config.llm_setting("prompt_budget"))
    except (TypeError, ValueError, KeyError):
        return 6000


def _retrieve_slice(question: str, shown) -> SchemaSlice | None:
    """The schema slice tool retrieval picks for the question (None when retrieval is not installed).

    Only used when the whole schema would exceed ``[llm] prompt_budget``: a per-question slice changes
    the system text, so the backend's cached prefix cannot be reused.
    """
    try:
        from ..retrieval import select_schema
    except ImportError:
        return None
    return select_schema(question, shown)


def _add(total: int | None, more: int | None) -> int | None:
    if more is None:
        return total
    return (total or 0) + more


# Fields whose value may rightly differ from the question's words ("latest" -> last).
_UNGROUNDED_FIELDS = frozenset({"ordinal"})
_IMAGE_TYPES = frozenset({"jpg", "jpeg", "png", "gif", "heic", "webp"})
_FILLER = frozenset("a an the of in on at to for and or during".split())


def ungrounded_filters(graph: QueryGraph, question: str) -> list:
    """Filters whose value (a name, title, address, subject, date) does not come from the question."""
    asked = re.findall(r"[a-z0-9]+", question.lower())
    out = []
    for flt in graph.filters:
        if flt.field in _UNGROUNDED_FIELDS:
            continue
        if flt.field == "extension":
            if not _extension_asked(str(flt.value).lower(), asked):
                out.append(flt)
            continue
        words = [w for w in re.findall(r"[a-z0-9]+", str(flt.value).lower()) if w not in _FILLER]
        if any(not any(q.startswith(w) or (len(q) >= 3 and w.startswith(q)) for q in asked) for w in words):
            out.append(flt)
    return out


def _extension_asked(extension: str, asked: list[str]) -> bool:
    """The question names this file type: ".txt", "PDFs", "spreadsheets" (xlsx), "photos" (jpg)..."""
    from ..rules_parser import EXTENSION_WORDS  # the one table of file-type words

    for word in asked:
        singular = word[:-1] if word.endswith("s") and len(word) > 3 else word
        if word.startswith(extension) or EXTENSION_WORDS.get(singular) == extension:
            return True
        if extension in _IMAGE_TYPES and singular in ("photo", "picture", "image", "screenshot"):
            return True
    return False


# Variables that mean nothing without a filter: "sent on some date", "held at some place".
_EMPTY_WITHOUT_FILTER = frozenset({"Date", "Place"})


def drop_ungrounded(graph: QueryGraph, question: str) -> tuple[QueryGraph, list[str]]:
    """Remove filters whose values the question never states, and the Date/Place they leave empty.

    Small models copy values from the nearest worked example ("Main Office" in a question that names no
    place). Such a filter can only be wrong; removing it is surer and faster than asking the model again.
    """
    bad = ungrounded_filters(graph, question)
    if not bad:
        return graph, []
    dropped = [f"{flt.describe()} (not in the question)" for flt in bad]
    data = graph.to_json()
    data["constraints"] = [c for c, orig in zip(data["constraints"], graph.constraints) if orig not in bad]
    while True:  # prune now-empty Date/Place leaves, and whatever that empties in turn
        degree: dict[str, int] = {v: 0 for v in data["vars"]}
        filtered = {c["var"] for c in data["constraints"] if c["kind"] == "filter"}
        for c in data["constraints"]:
            if c["kind"] == "edge":
                degree[c["from"]] += 1
                degree[c["to"]] += 1
        empty = {v for v, t in data["vars"].items() if t in _EMPTY_WITHOUT_FILTER and v not in filtered
                 and degree[v] <= 1 and v != data["return_var"]}
        if not empty:
            break
        data["vars"] = {v: t for v, t in data["vars"].items() if v not in empty}
        data["constraints"] = [c for c in data["constraints"]
                               if c["kind"] != "edge" or (c["from"] not in empty and c["to"] not in empty)]
    return QueryGraph.parse(data), dropped


def settle_return_mode(graph: QueryGraph) -> QueryGraph:
    """"one" only with an ordinal: without one, the executor would keep an arbitrary single item.

    Small models write "one" for any singular noun ("the webpage"); the prompt's rule and the rules
    parser both keep "one" for "the first/last email", so the graph is made to agree.
    """
    if graph.return_mode == "one" and not any(f.field == "ordinal" for f in graph.filters):
        graph.return_mode = "all"
    return graph


_FENCE = re.compile(r"^\s*```(?:json)?\s*|\s*```\s*$")


def parse_answer(text: str, form: Form = "flat") -> QueryGraph:
    """The model's answer as a validated graph, or ``GraphError`` with messages fit to send back."""
    body = _FENCE.sub("", text or "").strip()
    if not body:
        raise GraphError("the answer is empty; write the graph as one JSON object")
    if not body.startswith("{") and "{" in body:  # chatty models put a sentence first
        body = body[body.index("{"):]
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Extra data"):
            data = json.loads(body[: exc.pos])
        elif exc.pos >= len(body) - 1:  # the text ran out: cut off by a token limit or a timeout
            raise GraphError(f"the answer stops before the JSON is complete ({exc.msg} at character {exc.pos}); "
                             "write the whole graph") from exc
        else:
            raise GraphError(f"the answer is not valid JSON ({exc.msg} at character {exc.pos}); write the graph "
                             "as one JSON object") from exc
    # Either form is read whichever was asked for: a model without schema support may answer in the
    # paper's form after seeing it in a paper, and both end in the same validation.
    is_flat = isinstance(data, dict) and ("vars" in data or "constraints" in data) and "return" not in data
    if form == "tree" and not is_flat or form == "flat" and isinstance(data, dict) and "return" in data:
        try:
            data = tree_to_graph(data)
        except TreeError as exc:
            raise GraphError(str(exc)) from exc
    return QueryGraph.parse(data)


# ---- dates the normalizer cannot read ----------------------------------------------------------

DATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"start": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                   "end": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}},
    "required": ["start", "end"],
    "additionalProperties": False,
}

_DATE_SYSTEM = """\
You read a date expression and give the calendar days it covers. You are told today's date.
Answer with JSON only: {"start":"YYYY-MM-DD","end":"YYYY-MM-DD"}, the first and the last day covered, both included.
- One day: start and end are that day.
- A month, a quarter or a year: its first and its last day.
- A month or a day written without a year: the most recent one that is not after today.
- A relative expression counts from today: "a fortnight ago" is the day 14 days before today;
  "the last 3 weeks" runs from 21 days before today through today.
- Ignore any "before", "after" or "since": give the days of the expression itself."""


def date_prompt(text: str, today: date) -> Prompt:
    return Prompt(_DATE_SYSTEM, (Message("user", f"Today is {today:%A}, {today.isoformat()}.\n"
                                                 f"Expression: {text.strip()}"),), text.strip())


def read_date_answer(answer: str, today: date) -> tuple[date, date]:
    """Strictly check the model's date answer; ``DateExpressionError`` when it is not two sane days."""
    body = _FENCE.sub("", answer or "").strip()
    try:
        data = json.loads(body)
        start, end = data["start"], data["end"]
        if not all(isinstance(d, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", d) for d in (start, end)):
            raise ValueError("not YYYY-MM-DD")
        first, last = date.fromisoformat(start), date.fromisoformat(end)
    except (ValueError, KeyError, TypeError) as exc:
        raise DateExpressionError(f"the model's reading of the date was not two YYYY-MM-DD days ({answer!r})") from exc
    if first > last:
        raise DateExpressionError(f"the model's reading of the date ends before it starts ({start} to {end})")
    if not (today - timedelta(days=365 * 100) <= first and last <= today + timedelta(days=365 * 10)):
        raise DateExpressionError(f"the model's reading of the date ({start} to {end}) is implausibly far from today")
    return first, last


def make_date_fallback(config, *, backend: str | LLMBackend | None = None):
    """A reader for date expressions the deterministic normalizer refused, or None without an LLM.

    The returned ``fallback(text, op, today) -> DateRange`` asks the model for the first and last day,
    checks the answer strictly, and hands "from START to END" back to ``parse_date_expression`` so the
    operator is applied exactly as for any other date. Anything unusable raises ``DateExpressionError``.
    """
    llm = backend if isinstance(backend, LLMBackend) else get_backend(config, backend)
    if isinstance(llm, RulesBackend):
        return None

    def fallback(text: str, op: str, today: date):
        from ..dates import parse_date_expression

        try:
            completion = llm.generate(date_prompt(text, today), DATE_SCHEMA if llm.supports_schema else None)
        except BackendError as exc:
            raise DateExpressionError(f"cannot read the date '{text}', and asking the model failed: {exc}") from exc
        first, last = read_date_answer(completion.text, today)
        expression = first.isoformat() if first == last else f"from {first.isoformat()} to {last.isoformat()}"
        return parse_date_expression(expression, op, today=today)

    return fallback
