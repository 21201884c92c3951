"""Question in, validated QueryGraph out: the offline parser first, an LLM when needed, both checked.

    question -> offline parser (understand, else the rules parser) -> confident and covering? done
             -> else, when an LLM is configured and reachable: prompt (+ the question's grounded mentions)
                -> decode -> validate -> coverage check -> repair (naming what is wrong) -> compare with
                the offline reading -> the chosen graph, the other as an alternative

The model only ever sees the question, the schema (or the slice of it in use), worked examples and the
mentions grounding found in this question -- never anything else of the user's data. Its answer is decoded
under a JSON schema where the backend allows, parsed, validated with ``QueryGraph.parse`` and checked
against the question (``coverage.coverage_problems``); a graph that fails either is sent back with the
messages, at most ``max_repairs`` times. The ``Generation`` says how many attempts it took and what was
sent back, how sure the result is, and the other readings.

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

from .. import regex_cache
from ..errors import BackendError, ConfigError, DateExpressionError, GenerationError, GraphError
from ..graph import QueryGraph, same_graph
from .backends import LlamaCppBackend, OllamaBackend, RulesBackend
from .coverage import coverage_problems, fix_coverage, weighty
from .base import LLMBackend, Message, Prompt
from .prompt import FORMS, Form, SchemaSlice, build_prompt, decoding_schema, estimate_tokens, repair_turns
from .tree import TreeError, tree_to_graph
from ..generation import DEFAULT_FORM, LOW_CONFIDENCE, Generation, Reading  # noqa: F401  (also this module's names)

DEFAULT_EXAMPLES = 2  # paper set: same accuracy as 3, ~80 fewer uncached prompt tokens (~7 s vs ~9 s)
MAX_REPAIRS = 2

EventHook = Callable[[str, dict], None]


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

OfflineParser = Callable[[str, Any, Any], Generation]  # (question, config, lexicon) -> Generation

# Confidence of an LLM reading, by how it compares with the offline parser's (see ``generate_graph``).
AGREED = 0.99        # the LLM and the offline parser wrote the same graph
LLM_ONLY = LOW_CONFIDENCE  # the offline parser refused; the LLM's graph covers the question: not unsure
DISAGREED = 0.5      # both wrote a graph and they differ: below LOW_CONFIDENCE, so both are shown
UNCOVERED = 0.3      # the LLM's graph still leaves part of the question out after the repairs
MAX_ALTERNATIVES = 3


def _doubted(confidence: float, problems: list[str]) -> float:
    """The offline reading's confidence once the coverage check's doubts are weighed (``understand.doubted``,
    fitted with the rest of the confidence); without the offline reader, any doubt makes it unsure."""
    try:
        from ..reader.understand import doubted
    except ImportError:
        return min(confidence, DISAGREED)
    return doubted(confidence, problems)


def default_offline() -> OfflineParser:
    """The offline parser: ``queryweaver.reader.understand.understand`` when installed, else the rules parser."""
    try:
        from ..reader.understand import understand
    except ImportError:
        return rules_offline
    return understand


def rules_offline(question: str, config=None, lexicon=None, *, parse_question: Callable | None = None) -> Generation:
    """The rules parser as an offline parser: a confident graph, or ``GenerationError`` naming the words."""
    started = time.monotonic()
    graph = RulesBackend(parse_question).parse(question)
    return Generation(graph=graph, backend="rules", model=None, seconds=time.monotonic() - started,
                      raw=json.dumps(graph.to_json()), form="rules", reading=read_graph(graph))


def ground_question(question: str, lexicon) -> list:
    """The question's grounded mentions (``queryweaver.reader.grounding.ground``), or none without a lexicon."""
    if lexicon is None:
        return []
    try:
        from ..reader.grounding import ground
    except ImportError:  # grounding is being written: the parsers then work without mentions
        return []
    return list(ground(question, lexicon))


def generate_graph(question: str, config, *, backend: str | LLMBackend | None = None,
                   lexicon=None, mentions: list | None = None, offline: OfflineParser | None = None,
                   on_event: EventHook | None = None, form: Form | None = None,
                   examples: int | None = None, schema_slice: SchemaSlice | None = None,
                   max_repairs: int = MAX_REPAIRS) -> Generation:
    """Turn ``question`` into a validated graph: the offline parser first, an LLM when it is needed.

    Which parsers run:

    * ``backend="rules"`` (or ``[llm] backend = "rules"``): only the offline parser.
    * ``auto`` (the default), or an LLM named in the config: the offline parser first; its graph is used
      when it is confident (not ``low_confidence``) and leaves nothing of the question out (the coverage
      check). Otherwise an LLM is asked -- in ``auto`` only when one is configured and reachable
      (``resolve_auto``; the remote ``openai`` backend never is). Without one, the offline reading is
      returned as it is (low confidence: the user sees its alternatives), or its refusal raised.
    * ``backend=`` an LLM name or an ``LLMBackend`` (``--backend ollama``, the benchmark): the LLM is
      always asked; the offline reading is still computed to compare with.

    Every LLM graph is checked against the question (``coverage_problems``); one that leaves something
    out goes back through the repair loop naming what it dropped. The rule when both parsers wrote a
    graph and they differ (``same_graph``): **the graph with fewer coverage problems left is chosen; on a
    tie, the offline graph**, sure or not. So an LLM replaces an offline reading only where it covers more
    of the question (a name, a date, "I met" the offline reading dropped), and reads what the offline parser
    refused. (Measured with the bench model on held-out wordings the reader was unsure of: its unsure readings
    were right 19 times of 25, the model's 11; see the closing notes.) The other graph is put first in
    ``alternatives`` and the confidence drops below ``LOW_CONFIDENCE``, so the user sees both.

    ``lexicon`` (``Engine.lexicon``) grounds the question; ``mentions`` may be passed when already found.
    Only these mentions of the question go into an LLM prompt, never the rest of the lexicon.
    ``offline(question, config, lexicon) -> Generation`` is the offline parser (default
    ``default_offline()``). ``form``, ``examples``, ``schema_slice`` and ``max_repairs`` shape the LLM
    prompt and repair loop. ``on_event(kind, data)`` hears "offline", "prompt_built", "attempt",
    "repair" and "done".
    """
    emit = on_event or (lambda kind, data: None)
    started = time.monotonic()
    question = " ".join((question or "").split())
    if not question:
        raise GenerationError("the question is empty; ask something like "
                              "'Find the emails Jane Doe sent me last week'")
    mode, llm, configured = _plan(config, backend)
    if offline is None:
        injected = getattr(backend, "_parse_question", None) if isinstance(backend, RulesBackend) else None
        offline = ((lambda q, c, lx: rules_offline(q, c, lx, parse_question=injected)) if injected
                   else default_offline())

    # 1. the offline parser
    offline_gen: Generation | None = None
    refusal: GenerationError | None = None
    try:
        offline_gen = offline(question, config, lexicon)
    except BackendError:
        raise
    except GenerationError as exc:
        refusal = exc
    if mentions is None:
        mentions = list(offline_gen.mentions) if offline_gen is not None and offline_gen.mentions else None
    if mentions is None:
        mentions = ground_question(question, lexicon)
    offline_problems: list[str] = []
    if offline_gen is not None:
        offline_gen.mentions = list(mentions)
        offline_problems = coverage_problems(offline_gen.graph, question, mentions, lexicon)
        offline_gen.notes = list(offline_gen.notes) + [f"doubt: {p}" for p in offline_problems]
        if offline_problems:  # a graph that seems to leave part of the question out: its doubts weighed as the
            offline_gen.confidence = _doubted(offline_gen.confidence, offline_problems)  # calibration found them
    emit("offline", {"backend": getattr(offline_gen, "backend", "rules"),
                     "confidence": None if offline_gen is None else offline_gen.confidence,
                     "refused": None if refusal is None else str(refusal), "problems": offline_problems})
    settled = offline_gen is not None and not offline_gen.low_confidence

    def offline_answer(note: str | None = None) -> Generation:
        if offline_gen is None:
            raise refusal  # type: ignore[misc]
        if note:
            offline_gen.notes.append(note)
        offline_gen.seconds = time.monotonic() - started
        emit("done", offline_gen.to_json())
        return offline_gen

    if mode == "rules" or (mode != "llm" and settled):
        if offline_gen is not None:  # else the refusal is raised
            offline_gen.offline_only = True
        return offline_answer()

    # 2. an LLM: the offline parser refused, is unsure, or the user asked for the LLM
    if llm is None:
        if mode == "auto":
            llm = resolve_auto(config)
            if isinstance(llm, RulesBackend):  # no LLM here: the offline reading is all there is
                return offline_answer()
        else:
            try:
                llm = get_backend(config, configured)
            except BackendError as exc:
                if offline_gen is None:
                    raise
                return offline_answer(f"the {configured} backend could not be used: {exc}")
    from .examples import off_topic  # the example bank is built on import: only an LLM needs it

    if off_topic(question):
        if offline_gen is not None:
            return offline_answer()
        raise GenerationError(f"'{question}' is not about your email, calendar or files, so it cannot become "
                              "a query; ask about emails, people, attachments, folders, events, dates, places "
                              "or web links")
    try:
        asked = _ask_llm(question, llm, config, mentions=mentions, lexicon=lexicon, emit=emit, form=form,
                         examples=examples, schema_slice=schema_slice, max_repairs=max_repairs)
    except GenerationError as exc:
        if mode == "llm" or offline_gen is None:
            raise
        return offline_answer(f"the {llm.name} model was asked too, and failed: {exc}")
    generation, llm_problems = asked
    generation = _combine(generation, llm_problems, offline_gen, offline_problems, refusal, mentions)
    generation.seconds = time.monotonic() - started
    emit("done", generation.to_json())
    return generation


def _plan(config, backend: str | LLMBackend | None) -> tuple[str, LLMBackend | None, str | None]:
    """(mode, the LLM when already known, the configured LLM name). Modes: rules | auto | configured | llm.

    Nothing is probed or built here: in ``auto`` a confident offline reading must not wait on an
    Ollama probe, and a configured backend that cannot be built only matters when it is needed.
    """
    if isinstance(backend, RulesBackend):
        return "rules", None, None
    if isinstance(backend, LLMBackend):
        return "llm", backend, None
    if backend is not None:  # a name given on purpose (--backend): an LLM is asked
        name = backend.strip().lower()
        if name in ("rules", "auto"):
            return name, None, None
        return "llm", get_backend(config, name), None
    name = (config.llm_setting("backend") or "auto").strip().lower()
    if name in ("rules", "auto"):
        return name, None, None
    if name not in backend_classes():
        get_backend(config, name)  # raises ConfigError naming the choices
    return "configured", None, name


def _ask_llm(question: str, llm: LLMBackend, config, *, mentions, lexicon, emit: EventHook, form, examples,
             schema_slice, max_repairs: int) -> tuple[Generation, list[str]]:
    """The LLM's graph, validated and checked for coverage, repaired up to ``max_repairs`` times.

    Returns the generation and the coverage problems its graph still has (empty when it covers the
    question). A graph that never validates raises ``GenerationError``.
    """
    started = time.monotonic()
    form = form or DEFAULT_FORM
    if form not in FORMS:
        raise ConfigError(f"unknown graph form {form!r}; use one of {', '.join(FORMS)}")
    from .examples import select_examples

    shown = select_examples(question, DEFAULT_EXAMPLES if examples is None else examples)
    prompt = build_prompt(question, shown, form=form, schema_slice=schema_slice, mentions=mentions)
    if schema_slice is None and estimate_tokens(prompt.text) > _budget(config):
        schema_slice = _retrieve_slice(question, shown)
        if schema_slice is not None:
            shown = [e for e in shown if SchemaSlice.allows(schema_slice, e.graph)]
            prompt = build_prompt(question, shown, form=form, schema_slice=schema_slice, mentions=mentions)
    schema = decoding_schema(form, schema_slice) if llm.supports_schema else None
    emit("prompt_built", {"backend": llm.name, "model": llm.model, "form": form,
                          "examples": [e.question for e in shown], "characters": len(prompt.text),
                          "mentions": len(mentions)})

    repairs: list[str] = []
    prompt_tokens = completion_tokens = cached_tokens = None
    raw = ""
    best: tuple[QueryGraph, list[str], str, list[str], int, str | None] | None = None  # last valid, uncovered
    for attempt in range(1, max_repairs + 2):
        emit("attempt", {"attempt": attempt, "backend": llm.name, "model": llm.model})
        completion = llm.generate(prompt, schema)
        prompt_tokens = _add(prompt_tokens, completion.prompt_tokens)
        cached_tokens = _add(cached_tokens, completion.extra.get("reused_prompt_tokens"))
        completion_tokens = _add(completion_tokens, completion.completion_tokens)
        raw = completion.text
        try:
            graph, dropped = drop_ungrounded(settle_return_mode(parse_answer(raw, form)), question, mentions)
        except GraphError as exc:
            repairs.append("; ".join(exc.problems))
            emit("repair", {"attempt": attempt, "problems": exc.problems, "raw": raw})
            prompt = prompt.followed_by(*repair_turns(raw, exc.problems))
            continue
        problems = coverage_problems(graph, question, mentions, lexicon)
        repeated = best is not None and same_graph(best[0], graph)
        best = (graph, problems, raw, dropped, attempt, completion.model)
        if not problems or repeated:  # covered, or the model sent the same graph back: asking again won't help
            break
        if attempt <= max_repairs:
            repairs.append("; ".join(problems))
            emit("repair", {"attempt": attempt, "problems": problems, "raw": raw, "coverage": True})
            prompt = prompt.followed_by(*repair_turns(raw, problems, valid=True, form=form))
    if best is None:
        model = f" ({llm.model})" if llm.model else ""
        error = GenerationError(
            f"the {llm.name} model{model} did not write a valid graph in {max_repairs + 1} tries "
            f"(last problem: {repairs[-1]}); rephrase the question, use a larger model, or set "
            '[llm] backend = "rules"')
        error.repairs, error.raw = repairs, raw  # for logs and benchmarks; str(error) is the user's line
        raise error
    graph, problems, raw, dropped, _, model_name = best
    fixes: list[str] = []
    if problems:  # what has one meaning and one place in the graph is added by rule (coverage.fix_coverage)
        graph, fixes = fix_coverage(graph, question, mentions)
        if fixes:
            problems = coverage_problems(graph, question, mentions, lexicon)
    generation = Generation(graph=graph, backend=llm.name, model=model_name or llm.model,
                            seconds=time.monotonic() - started, prompt_tokens=prompt_tokens,
                            completion_tokens=completion_tokens, attempts=attempt, repairs=repairs,
                            raw=raw, form=form, examples=[e.question for e in shown], dropped=dropped,
                            cached_prompt_tokens=cached_tokens, reading=read_graph(graph),
                            mentions=list(mentions), notes=fixes)
    return generation, problems


def _combine(llm_gen: Generation, llm_problems: list[str], offline_gen: Generation | None,
             offline_problems: list[str], refusal: GenerationError | None, mentions) -> Generation:
    """One generation from the LLM's and the offline parser's readings (the rule: see ``generate_graph``)."""
    notes = list(llm_gen.notes) + [f"doubt: {p}" for p in llm_problems]
    if offline_gen is None:
        llm_gen.confidence = UNCOVERED if llm_problems else LLM_ONLY
        if refusal is not None:
            notes.insert(0, f"only the {llm_gen.backend} model read this question; the offline parser: {refusal}")
        llm_gen.notes = notes
        return llm_gen
    if same_graph(llm_gen.graph, offline_gen.graph):
        llm_gen.confidence = UNCOVERED if llm_problems else max(AGREED, offline_gen.confidence)
        llm_gen.notes = [f"the {llm_gen.backend} model and the offline parser read it alike"] + notes
        llm_gen.alternatives = _alternatives(llm_gen.graph, offline_gen.alternatives)
        return llm_gen
    llm_reading = Reading(llm_gen.graph, llm_gen.reading or read_graph(llm_gen.graph),
                          UNCOVERED if llm_problems else DISAGREED, "llm")
    offline_reading = Reading(offline_gen.graph, offline_gen.reading or read_graph(offline_gen.graph),
                              offline_gen.confidence, offline_gen.backend)
    fewer = len(weighty(offline_problems)) < len(weighty(llm_problems))
    tie = len(weighty(offline_problems)) == len(weighty(llm_problems))
    if fewer or tie:
        chosen, other = offline_gen, llm_reading
        why = (f"the {llm_gen.backend} model's graph still leaves more of the question out "
               f"({'; '.join(llm_problems)}), so the offline parser's reading is used" if fewer else
               f"the {llm_gen.backend} model read it differently and covers no more of the question, so the "
               f"offline parser's reading is used and the model's is offered first among the others")
        chosen.prompt_tokens, chosen.completion_tokens = llm_gen.prompt_tokens, llm_gen.completion_tokens
        chosen.attempts, chosen.repairs = llm_gen.attempts, llm_gen.repairs
    else:
        chosen, other = llm_gen, offline_reading
        why = f"the {llm_gen.backend} model and the offline parser read it differently; the model's reading is used"
        chosen.notes = notes
    chosen.confidence = (min(offline_gen.confidence, DISAGREED) if chosen is offline_gen
                         else UNCOVERED if llm_problems else DISAGREED)
    chosen.notes = list(chosen.notes) + [why]
    chosen.alternatives = _alternatives(chosen.graph, [other, *offline_gen.alternatives])
    chosen.mentions = list(mentions)
    return chosen


def _alternatives(chosen: QueryGraph, readings) -> list[Reading]:
    """Up to ``MAX_ALTERNATIVES`` readings, in order, none the chosen graph and no two the same."""
    out: list[Reading] = []
    for reading in readings:
        if same_graph(reading.graph, chosen) or any(same_graph(reading.graph, r.graph) for r in out):
            continue
        out.append(reading)
    return out[:MAX_ALTERNATIVES]


# Phrases for reading a graph back: (type of the variable, edge, direction) -> words joining it to the next.
_EDGE_WORDS: dict[tuple[str, str], str] = {
    ("from", "out"): "from", ("from", "in"): "who sent", ("to", "out"): "to", ("to", "in"): "who received",
    ("participants", "out"): "exchanged with", ("participants", "in"): "on",
    ("has_attachment", "out"): "with the attachment", ("has_attachment", "in"): "attached to",
    ("mentions_url", "out"): "mentioning", ("mentions_url", "in"): "mentioned in",
    ("sent_on", "out"): "sent", ("sent_on", "in"): "the date of",
    ("attended", "out"): "who attended", ("attended", "in"): "attended by",
    ("parent", "out"): "in", ("parent", "in"): "holding",
    ("occurred_on", "out"): "held", ("occurred_on", "in"): "the date of",
    ("location", "out"): "at", ("location", "in"): "the place of",
}
_NOUNS = {"Email": "emails", "Person": "people", "Self": "you", "File": "files", "Folder": "folders",
          "Event": "events", "Date": "dates", "Place": "places", "Webpage": "web pages"}


def read_graph(graph: QueryGraph) -> str:
    """The graph said back in plain English: "count emails from Jane Doe to you, sent in February"."""
    adj = graph.neighbors()
    seen = {graph.return_var}

    def phrase(var: str) -> str:
        type_ = graph.vars[var]
        words = _NOUNS.get(type_, type_)
        filters = graph.filters_on(var)
        named = [f for f in filters if f.field != "ordinal"]
        if type_ in ("Person", "Place", "Date", "Webpage", "Folder", "File") and named and len(named) == 1 \
                and named[0].field in ("name", "value", "url", "email_address"):
            words = str(named[0].value)
            named = []
        for f in filters:
            if f.field == "ordinal":
                words = f"the {f.value} of the {words}"
        for f in named:
            words += f" with {f.field} {f.op if f.op != '=' else ''} {json.dumps(str(f.value))}".replace("  ", " ")
        parts = []
        for other, edge in adj[var]:
            if other in seen:
                continue
            seen.add(other)
            direction = "out" if edge.from_ == var else "in"
            parts.append(f"{_EDGE_WORDS.get((edge.edge, direction), edge.edge)} {phrase(other)}")
        return ", ".join([words, *parts]) if len(parts) > 1 else " ".join([words, *parts])

    return f"{'count' if graph.action == 'count' else 'find'} {phrase(graph.return_var)}"


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


def ungrounded_filters(graph: QueryGraph, question: str, mentions=()) -> list:
    """Filters whose value (a name, title, address, subject, date) does not come from the question.

    A value a grounded mention gives ("jane" -> "Jane Doe", "Jnae Doe" -> "Jane Doe") comes from the question.
    """
    asked = re.findall(r"[a-z0-9]+", question.lower())
    grounded = {" ".join(str(v).lower().split()) for m in mentions or ()
                for v in (m.value, m.text, *(c[0] for c in m.candidates if c))}
    out = []
    for flt in graph.filters:
        if flt.field in _UNGROUNDED_FIELDS:
            continue
        if " ".join(str(flt.value).lower().split()) in grounded:
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
    from ..reader.rules.parser import EXTENSION_WORDS  # the one table of file-type words

    for word in asked:
        singular = word[:-1] if word.endswith("s") and len(word) > 3 else word
        if word.startswith(extension) or EXTENSION_WORDS.get(singular) == extension:
            return True
        if extension in _IMAGE_TYPES and singular in ("photo", "picture", "image", "screenshot"):
            return True
    return False


# Date values that are only an order ("last" copied from "when did I last..."): the ordinal's job, not a date.
_ORDINAL_WORDS = frozenset("last first latest earliest newest oldest most recent the".split())

# Variables that mean nothing without a filter: "sent on some date", "held at some place".
_EMPTY_WITHOUT_FILTER = frozenset({"Date", "Place"})


def drop_ungrounded(graph: QueryGraph, question: str, mentions=()) -> tuple[QueryGraph, list[str]]:
    """Remove filters whose values the question never states, and the Date/Place they leave empty.

    Small models copy values from the nearest worked example ("Main Office" in a question that names no
    place). Such a filter can only be wrong; removing it is surer and faster than asking the model again.
    """
    bad = ungrounded_filters(graph, question, mentions)
    not_dates = [flt for flt in graph.filters if graph.vars.get(flt.var) == "Date" and flt not in bad
                 and set(re.findall(r"[a-z]+", str(flt.value).lower())) <= _ORDINAL_WORDS]
    if not bad and not not_dates:
        return graph, []
    dropped = [f"{flt.describe()} (not in the question)" for flt in bad]
    dropped += [f"{flt.describe()} (an order, not a date)" for flt in not_dates]
    bad = bad + not_dates
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


_FENCE = regex_cache.compile(r"^\s*```(?:json)?\s*|\s*```\s*$")


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
    if isinstance(data, dict) and isinstance(data.get("constraints"), list):  # a link written twice means it once
        unique = {json.dumps(c, sort_keys=True): c for c in data["constraints"]}
        data = {**data, "constraints": list(unique.values())}
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
