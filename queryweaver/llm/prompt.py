"""The graph-generation prompt and the decoding schemas, both rendered from ``queryweaver.schema``.

Nothing here spells out a type, relation or filter: they come from the schema tables, through a
:class:`SchemaSlice` (the whole schema by default). Tool retrieval can hand a smaller slice when the
schema outgrows ``[llm] prompt_budget``; the prompt, the decoding schema and the tree form all follow it.

The system text is the same for every question (so it stays in the backend's KV cache). The worked
examples chosen for the question follow as user/assistant turns, most similar last, then the question.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Literal

from ..schema import (
    ACTIONS,
    EDGE_RULES,
    FILTER_FIELDS,
    ORDINAL_VALUES,
    RETURN_MODES,
    TYPE_DESCRIPTIONS,
    VAR_PREFIX,
    EdgeRule,
    EntityType,
    FilterField,
)
from .base import Message, Prompt
from .tree import graph_to_tree, tree_decoding_schema

if TYPE_CHECKING:  # pragma: no cover
    from ..graph import QueryGraph
    from ..reader.grounding import Mention
    from .examples import Example

Form = Literal["flat", "tree"]
FORMS: tuple[str, ...] = ("flat", "tree")


@dataclass(frozen=True)
class SchemaSlice:
    """The part of the schema a prompt shows: types, the relations among them, their filter fields."""

    types: tuple[EntityType, ...]
    rules: tuple[EdgeRule, ...]
    fields: tuple[FilterField, ...]

    @classmethod
    def full(cls) -> "SchemaSlice":
        return cls(tuple(EntityType), EDGE_RULES, FILTER_FIELDS)

    @classmethod
    def covering(cls, types: Iterable[EntityType | str]) -> "SchemaSlice":
        """The slice over ``types``: every relation with both ends among them, and their fields."""
        wanted = {EntityType(t) for t in types}
        ordered = tuple(t for t in EntityType if t in wanted)
        return cls(ordered,
                   tuple(r for r in EDGE_RULES if r.source in wanted and r.target in wanted),
                   tuple(f for f in FILTER_FIELDS if f.type in wanted))

    def allows(self, graph: "QueryGraph") -> bool:
        """Whether every type, relation and field of ``graph`` is inside this slice."""
        types = {t.value for t in self.types}
        if any(t not in types for t in graph.vars.values()):
            return False
        rules = {(r.source.value, r.name, r.target.value) for r in self.rules}
        for e in graph.edges:
            if (graph.vars[e.from_], e.edge, graph.vars[e.to]) not in rules:
                return False
        fields = {(f.type.value, f.name) for f in self.fields}
        return all((graph.vars[f.var], f.field) in fields for f in graph.filters)


# ---- the system text ---------------------------------------------------------------------------

_INTRO = """\
You turn a question about the user's own email, calendar and files into a query graph, written as JSON.
A program runs the graph over the user's data; you never see that data and never answer the question.
A graph has typed variables, relations that join them, and filters that narrow them. One variable is the answer."""

# Each rule with the types it is about; a slice shows only the rules whose types it has.
_E, _P, _S, _F, _EV, _D = (EntityType.EMAIL, EntityType.PERSON, EntityType.SELF, EntityType.FILE, EntityType.EVENT,
                           EntityType.DATE)
_RULES: tuple[tuple[frozenset, str], ...] = (
    (frozenset(), "- One variable (node) for each thing the question names or implies, and nothing the question "
                  "does not say."),
    (frozenset({_S}), '- The user is Self ("I", "me", "my", "you" when it means the asker). Never make the user a '
                      "Person."),
    (frozenset({_S, _E}), "  Mail the user received: Email to Self. Mail the user sent: Email from Self.\n"
                          "  Mail the user exchanged with someone: Email participants Self."),
    (frozenset({_S, _EV}), "  An event the user went to: Self attended Event."),
    (frozenset({_P}), "- People named in the question: Person with a name filter; an address: Person with "
                      'email_address. "who" asks for Person.'),
    (frozenset({_F, _E}), "- Attachments are File joined to an Email by has_attachment."),
    (frozenset({_F}), '- A file type such as ".txt" or "PDFs" is File.extension, lower case, without the dot.'),
    (frozenset({_D}), "- A date becomes a Date variable joined by sent_on (email) or occurred_on (event). Its value "
                      "copies the\n  date words of the question (\"in February\", \"last week\"), op \"=\". For "
                      '"before X" write op "<" and value X;\n  for "after X" or "since X", op ">" and value X.'),
    (frozenset({_E}), '- "the last", "latest", "most recent" email: Email.ordinal = "last"; "the first", '
                      '"earliest": "first".'),
    (frozenset(), '- return_mode is "one" only when the question picks a single item by order (first, last, '
                  'latest); otherwise "all".'),
    (frozenset(), '- action is "count" for "how many" or "number of", otherwise "find".'),
)


def render_rules(schema_slice: SchemaSlice) -> str:
    present = set(schema_slice.types)
    lines = [text for needs, text in _RULES if needs <= present]
    return "\n".join(["# How to build the graph", *lines, "Answer with the JSON only."])


def render_schema(schema_slice: SchemaSlice) -> str:
    """Types, relations and filters of the slice, one line each, from the schema's own descriptions."""
    lines = ["# Types"]
    lines += [f"- {t.value}: {TYPE_DESCRIPTIONS[t]}" for t in schema_slice.types]
    lines += ["", "# Relations (use only these; each joins exactly the two types shown)"]
    lines += [f"- {r.source.value} {r.name} {r.target.value}: {r.description}" for r in schema_slice.rules]
    lines += ["", "# Filters (type.field op: meaning, example value)"]
    for f in schema_slice.fields:
        ops = " or ".join(f'"{o}"' for o in f.operators)
        values = " or ".join(f'"{v}"' for v in ORDINAL_VALUES) if f.name == "ordinal" else f'"{f.example}"'
        lines.append(f"- {f.type.value}.{f.name} {ops}: {f.description}, e.g. {values}")
    return "\n".join(lines)


def _output_section(form: Form, schema_slice: SchemaSlice) -> str:
    actions = "|".join(f'"{a}"' for a in ACTIONS)
    modes = "|".join(f'"{m}"' for m in RETURN_MODES)
    if form == "tree":
        return (
            "# Output\n"
            f'{{"action":{actions},"return_mode":{modes},"return":NODE}}\n'
            'NODE is {"type":TYPE,"filters":[{"field":FIELD,"op":OP,"value":TEXT}],"links":[{"edge":RELATION,"node":NODE}]}.\n'
            '"return" is the node whose items answer the question. Each link is a relation from the node\n'
            'to another node; follow the relations in either direction. Leave out "filters" or "links" when empty.'
        )
    prefixes = ", ".join(f"{VAR_PREFIX[t]} {t.value}" for t in schema_slice.types)
    return (
        "# Output\n"
        f'{{"action":{actions},"return_var":VAR,"return_mode":{modes},"vars":{{VAR:TYPE}},"constraints":[...]}}\n'
        'A constraint is {"kind":"edge","from":VAR,"edge":RELATION,"to":VAR}\n'
        'or {"kind":"filter","var":VAR,"field":FIELD,"op":OP,"value":TEXT}.\n'
        f"Variable names: {prefixes}; number them when a type is needed twice (p1, p2).\n"
        "Declare every variable in vars; every variable must be joined to the answer by edges."
    )


def system_text(form: Form = "flat", schema_slice: SchemaSlice | None = None) -> str:
    """The fixed part of the prompt: instructions, the schema slice and the output form."""
    schema_slice = schema_slice or SchemaSlice.full()
    return "\n\n".join([_INTRO, render_schema(schema_slice), _output_section(form, schema_slice),
                        render_rules(schema_slice)])


# ---- examples and the question -----------------------------------------------------------------

def render_graph(graph: "QueryGraph", form: Form = "flat") -> str:
    """A graph as the model should write it: compact JSON in the chosen form."""
    data = graph_to_tree(graph) if form == "tree" else graph.to_json()
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def question_turn(question: str, mentions: "Iterable[Mention]" = ()) -> str:
    """The question, after the block of what it names in the user's data (when grounding found any)."""
    block = mentions_block(mentions)
    return f"{block}\nQuestion: {question.strip()}" if block else f"Question: {question.strip()}"


# How each kind of mention reads in the prompt, with the filter it becomes ({v}: the canonical value).
_MENTION_LINES: dict[str, str] = {
    "person": 'person named {v}: Person.name "{v}"',
    "self": "the user: use Self, never a Person",
    "place": 'place {v}: Place.name "{v}"',
    "event_title": 'words of event titles: Event.name contains "{v}"',
    "file": 'file {v}: File.name "{v}"',
    "extension": 'file type {v}: File.extension "{v}"',
    "folder": 'folder {v}: Folder.name "{v}"',
    "domain": 'web site {v}: Webpage.url "{v}"',
    "subject": 'words of email subjects: Email.subject contains "{v}"',
    "date": 'a date: Date.value "{v}"',
}


def mention_line(mention: "Mention") -> str:
    """One mention as the model reads it: "'jane' -> person named Jane Doe: Person.name "Jane Doe"".

    Only the mention itself goes in: its words, its kind, its canonical value and, when it is ambiguous,
    the names it could be -- never anything else of the lexicon (no addresses, no counts).
    """
    value = mention.value
    if mention.kind == "person" and "@" in value:
        line = f'person with the address {value}: Person.email_address "{value}"'
    else:
        line = _MENTION_LINES.get(mention.kind, mention.kind + " {v}").format(v=value)
    if mention.ambiguous:
        names = ", ".join(c[0] for c in mention.candidates)
        line = f"{mention.kind}, one of: {names} (ambiguous: keep the words as written)"
    return f"- '{mention.text}' -> {line}"


def mentions_block(mentions: "Iterable[Mention]") -> str:
    """The grounded mentions of this question, one line each; empty when there are none."""
    lines = [mention_line(m) for m in mentions or ()]
    if not lines:
        return ""
    # The instruction rides with the block, not in the system text: without mentions the prompt is unchanged
    # (a 1.5B model answers differently to one more rule, measured on the paper's Q4).
    return "\n".join(["What the question names in the user's data (use these values in the filters):", *lines])


def build_prompt(question: str, examples: "Iterable[Example]" = (), *, form: Form = "flat",
                 schema_slice: SchemaSlice | None = None, mentions: "Iterable[Mention]" = ()) -> Prompt:
    """System text, then each example as a question/answer exchange, then the question.

    ``mentions`` (the grounded mentions of this question) go into the last turn, just before the question:
    the system text stays the same for every question, so a backend keeps it in its KV cache.
    """
    turns: list[Message] = []
    for example in examples:
        try:
            answer = render_graph(example.graph, form)
        except ValueError:  # a graph the tree form cannot write is simply not shown
            continue
        turns += [Message("user", question_turn(example.question)), Message("assistant", answer)]
    turns.append(Message("user", question_turn(question, mentions)))
    return Prompt(system_text(form, schema_slice), tuple(turns), question.strip())


# For the tree form: the fragment that adds what a coverage problem names (a small model follows JSON
# better than prose). Keyed by words of the problem's message (``coverage.py``).
_TREE_FIXES: tuple[tuple[str, str], ...] = (
    ("add Self attended", '{"edge":"attended","node":{"type":"Self"}} in the "links" of the Event node'),
    ("add Email from Self", '{"edge":"from","node":{"type":"Self"}} in the "links" of the Email node'),
    ("add Email to Self", '{"edge":"to","node":{"type":"Self"}} in the "links" of the Email node'),
    ("use a Self variable instead", '{"type":"Self"} in place of that Person node'),
    ("so add the filter ordinal = \"first\"", '{"field":"ordinal","op":"=","value":"first"} in the "filters" of the '
                                               'Email node'),
    ("so add the filter ordinal = \"last\"", '{"field":"ordinal","op":"=","value":"last"} in the "filters" of the '
                                              'Email node'),
)


def repair_turns(answer: str, problems: list[str], *, valid: bool = False,
                 form: Form | None = None) -> tuple[Message, Message]:
    """The model's faulty answer and what is wrong with it, to be sent back for one more try.

    ``valid``: the graph passed the validator but leaves out or misnames part of the question (the
    coverage check); the message then says so instead of calling it invalid. With ``form="tree"`` each
    problem about Self or an ordinal also shows the JSON fragment that fixes it.
    """
    lines = []
    for problem in problems:
        fix = next((f for key, f in _TREE_FIXES if key in problem), None) if form == "tree" else None
        lines.append(f"- {problem}" + (f"; write {fix}" if fix else ""))
    listed = "\n".join(lines)
    heading = "That graph does not say everything the question says:" if valid else "That graph is not valid:"
    return (Message("assistant", answer),
            Message("user", f"{heading}\n{listed}\nWrite the corrected graph for the same "
                            "question. Answer with the JSON only."))


# ---- decoding schemas --------------------------------------------------------------------------

_VAR = {"type": "string", "pattern": "^[a-z]{1,4}[0-9]{0,2}$"}
MAX_CONSTRAINTS = 16  # the paper's largest graph has 5; a bound keeps a small model from looping


def flat_decoding_schema(schema_slice: SchemaSlice | None = None) -> dict[str, Any]:
    """JSON schema of the paper's graph with every type, relation, field and operator an enum."""
    schema_slice = schema_slice or SchemaSlice.full()
    edge_names = list(dict.fromkeys(r.name for r in schema_slice.rules))
    constraint_shapes: list[dict[str, Any]] = []
    if edge_names:
        constraint_shapes.append(_object({"kind": {"const": "edge"}, "from": _VAR,
                                          "edge": {"enum": edge_names}, "to": _VAR}))
    ops_by_field: dict[str, list[str]] = {}
    for f in schema_slice.fields:  # one shape per field name, its operators the union over types
        ops = ops_by_field.setdefault(f.name, [])
        ops += [o for o in f.operators if o not in ops]
    for name, ops in ops_by_field.items():
        value = ({"enum": list(ORDINAL_VALUES)} if name == "ordinal"
                 else {"type": "string", "minLength": 1, "maxLength": 80})
        constraint_shapes.append(_object({"kind": {"const": "filter"}, "var": _VAR, "field": {"const": name},
                                          "op": {"const": ops[0]} if len(ops) == 1 else {"enum": ops},
                                          "value": value}))
    return _object({
        "action": {"enum": list(ACTIONS)},
        "return_var": _VAR,
        "return_mode": {"enum": list(RETURN_MODES)},
        "vars": {"type": "object", "additionalProperties": {"enum": [t.value for t in schema_slice.types]},
                 "minProperties": 1},
        "constraints": {"type": "array", "maxItems": MAX_CONSTRAINTS,
                        "items": constraint_shapes[0] if len(constraint_shapes) == 1 else {"anyOf": constraint_shapes}},
    })


def _object(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def decoding_schema(form: Form = "flat", schema_slice: SchemaSlice | None = None) -> dict[str, Any]:
    schema_slice = schema_slice or SchemaSlice.full()
    if form == "tree":
        return tree_decoding_schema(schema_slice)
    if form == "flat":
        return flat_decoding_schema(schema_slice)
    raise ValueError(f"unknown graph form {form!r}; use one of {', '.join(FORMS)}")


def estimate_tokens(text: str) -> int:
    """A rough token count (4 characters a token) for budgeting before a tokenizer is at hand."""
    return max(1, len(text) // 4)
