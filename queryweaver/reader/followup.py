"""Follow-up questions: a question read as an edit of the previous graph.

After "emails from Jane Doe last month" a person asks "only the ones with attachments", "who sent them?",
"what about March?" or a new question altogether. A follow-up is read in one of four ways:

* **replace** -- "and for Omar?", "what about March?", "same for the Berlin office": the follow-up names only a
  value; it takes the place of the previous graph's value of the same kind (a person's name, a date, a place...).
* **narrow** -- "only those with attachments", "just the PDFs", "from before May": the previous answer keeps its
  type and gains constraints.
* **pivot** -- "who sent them?", "their attachments", "where were those meetings?": the answer moves along an
  edge; everything that led to the previous answer is kept.
* **fresh** -- a question that stands on its own ("Which events did Lena attend in June?") is read as if asked
  first.

Narrowing and pivoting use the whole reader rather than rules of their own: the words that point back ("them",
"those", "their", a fragment such as "with attachments") are spelled out as the previous answer's type ("those
emails"), the result is read as any question is (offline, or by the configured LLM), and the variable of that
type in its graph is joined to the previous graph's answer. What the follow-up added or moved is listed so that
views can highlight it, and the edit is said in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import GenerationError, GraphError
from ..graph import EdgeConstraint, FilterConstraint, QueryGraph
from ..schema import VAR_PREFIX, EDGE_RULES, EntityType

# the previous answer's type as the words that spell out "them" / "those"
NOUN = {"Email": "emails", "Person": "people", "File": "files", "Folder": "folders", "Event": "events",
        "Place": "places", "Webpage": "links", "Date": "dates", "Self": "you"}
# words that already name a type after "those" / "these" / "the ones"
_TYPE_WORDS = (r"e-?mails?|messages?|mails?|people|persons?|folks|contacts?|senders?|recipients?|files?|"
               r"attachments?|documents?|docs?|pdfs?|folders?|directories|events?|meetings?|calls?|appointments?|"
               r"places?|locations?|venues?|links?|urls?|sites?|websites?|pages?|dates?|days?|ones?")
_REPLACE = re.compile(
    r"^\s*(?:(?:and|but|ok(?:ay)?|now|then|so|hmm+|right)[,\s]+)*"
    r"(?:(?:what|how)\s+about|(?:and\s+)?(?:the\s+)?same\s+(?:thing\s+|question\s+)?(?:for|with|but\s+(?:for|with))|"
    r"(?:and|now)\s+(?:for|with)|try|do\s+(?:it|that|the\s+same)\s+(?:for|with)|repeat\s+(?:that|it)\s+for)\s+"
    r"(?P<value>.+?)\s*(?:\s+instead)?[?.!]*\s*$", re.I)
_INSTEAD = re.compile(r"^\s*(?:and\s+|now\s+)?(?P<value>.+?)\s+instead[?.!]*\s*$", re.I)
_POINTS_BACK = re.compile(
    r"\b(?:them|they|their|theirs|those|these|the\s+ones|that\s+one|this\s+one|it|its|above|else|"
    r"of\s+which|the\s+same)\b|"
    r"\bthe\s+(?:latest|last|newest|most\s+recent|final|first|earliest|oldest)(?:\s+one)?\s*[?.!]*$", re.I)
_NARROWING = re.compile(
    r"^\s*(?:(?:and|but|ok(?:ay)?|now|then|so)[,\s]+)*(?:only|just|filter(?:\s+(?:them|those|it))?(?:\s+to)?|"
    r"narrow(?:\s+(?:it|them|that))?(?:\s+down)?(?:\s+to)?|limit(?:\s+(?:it|them|that))?\s+to|keep(?:\s+only)?|"
    r"restrict(?:\s+(?:it|them))?\s+to|of\s+(?:those|these|them)|among\s+(?:those|these|them)|which\s+of)\b", re.I)
_FRAGMENT = re.compile(
    r"^\s*(?:(?:and|but|now)[,\s]+)?(?:with|from|by|to|in|on|at|before|after|since|during|sent|received|"
    r"attached|about|containing|mentioning|between|from\s+before|from\s+after|that|which|where|who)\b", re.I)
_NOT = re.compile(r"\b(?:not|except|excluding|without|other\s+than|apart\s+from|but\s+not|minus)\b", re.I)
_LEAD = re.compile(r"^\s*(?:(?:and|but|ok(?:ay)?|now|then|so)[,\s]+)+", re.I)


@dataclass
class FollowUp:
    """The follow-up's complete graph and how it was read from the previous one."""

    graph: QueryGraph
    kind: str                 # replace | narrow | pivot | fresh
    edit: str                 # the edit in words
    changed: list[str] = field(default_factory=list)  # variables the follow-up added, moved to, or changed
    generation: Any = None    # the reading of the follow-up's own words (a Generation), when one was made
    read_as: str = ""         # the words that reader read ("those emails with attachments")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "edit": self.edit, "changed": self.changed, "read_as": self.read_as}


Reader = Callable[[str], Any]  # question -> Generation (raises GenerationError when it cannot read it)


def read_followup(question: str, previous: QueryGraph, read: Reader, *, lexicon=None) -> FollowUp:
    """Read ``question`` as an edit of ``previous`` (or fresh, when it stands on its own)."""
    text = " ".join(question.split())
    if not text:
        raise GenerationError("the follow-up is empty: type how to change the last question, e.g. 'only the PDFs'")
    noun = NOUN[str(previous.vars[previous.return_var])]
    if _NOT.search(text):
        raise GenerationError(f"'{text}': a graph cannot leave things out (it has no 'not'); ask for the {noun} you "
                              "want instead, or ask the whole question again")
    replaced = _replace(text, previous, read, lexicon)
    if replaced is not None:
        return replaced
    lead = _REPLACE.match(text) or _INSTEAD.match(text)
    if lead is not None:  # "what about last year?" of a question with no date: the value narrows the answer
        text = lead.group("value")
    points_back = bool(_POINTS_BACK.search(text))
    narrowing = bool(_NARROWING.search(text))
    fragment = bool(_FRAGMENT.search(text)) and not re.match(r"^\s*(?:who|which|what|where|when)\b.*\?\s*$", text, re.I) \
        or lead is not None
    if not (points_back or narrowing or fragment):
        return _fresh(text, read)
    spelled = _spell_out(text, noun, fragment=fragment and not points_back and not narrowing)
    generation, spelled = _read_spelled(text, spelled, noun, read, first=points_back or narrowing)
    if generation is None:
        return _fresh(text, read)
    joined = _join(previous, generation.graph, narrowing=narrowing)
    if joined is None:
        if points_back or narrowing:
            raise GenerationError(
                f"could not link '{text}' to the last answer ({noun}): ask it as a whole question instead")
        return _fresh(text, read)
    graph, kind, changed = joined
    return FollowUp(graph, kind, _say_edit(kind, previous, generation.graph, noun), changed, generation, spelled)


# ---- replacing a value -----------------------------------------------------------------------------

_KIND_OF_MENTION = {"person": ("Person", "name"), "place": ("Place", "name"), "event_title": ("Event", "name"),
                    "file": ("File", "name"), "extension": ("File", "extension"), "folder": ("Folder", "name"),
                    "domain": ("Webpage", "url"), "subject": ("Email", "subject"), "date": ("Date", "value")}
# how to ask about a bare value so that the reader says what it is and reads its operator ("before May")
_PROBE = {("Date", "value"): "emails {}", ("Person", "name"): "emails from {}", ("Place", "name"): "events at {}",
          ("Event", "name"): "events called {}", ("File", "name"): "files named {}",
          ("File", "extension"): "{} files", ("Folder", "name"): "the folder {}", ("Webpage", "url"): "links to {}",
          ("Email", "subject"): "emails about {}", ("Email", "content"): "emails mentioning {}"}


def _replace(text: str, previous: QueryGraph, read: Reader, lexicon) -> FollowUp | None:
    m = _REPLACE.match(text) or _INSTEAD.match(text)
    if m is None:
        return None
    value = re.sub(r"^(?:the|a|an)\s+", "", m.group("value").strip(" ,;:'\""), flags=re.I)
    if not value or _POINTS_BACK.search(value) and not _is_date(value):
        return None
    slots = [(f, (str(previous.vars[f.var]), f.field)) for f in previous.filters if f.field != "ordinal"]
    if not slots:
        return None
    for kind in _value_kinds(value, lexicon):
        targets = [(f, k) for f, k in slots if k == kind]
        if not targets:
            continue
        new = _probe_value(value, kind, read)
        if new is None:
            continue
        op, said = new
        graph = QueryGraph.parse(previous.to_json())
        changed, olds = [], []
        for f in graph.filters:
            if (str(graph.vars[f.var]), f.field) == kind and f.field != "ordinal":
                olds.append(str(f.value))
                f.value, f.op = said, (op if kind == ("Date", "value") else f.op)
                changed.append(f.var)
                if kind != ("Date", "value"):
                    break  # one name replaced: "and for Omar?" of emails between Jane and Li replaces Jane
        graph = QueryGraph.parse(graph.to_json())
        return FollowUp(graph, "replace", f"the same question with {said} instead of {' and '.join(olds)}",
                        changed, None, value)
    return None


def _is_date(value: str) -> bool:
    import datetime as dt

    from ..dates import parse_date_expression
    try:
        parse_date_expression(value, today=dt.date.today())
    except Exception:  # noqa: BLE001 - any failure means "not a date"
        return False
    return True


def _value_kinds(value: str, lexicon) -> list[tuple[str, str]]:
    """What kinds of value ``value`` could be, likeliest first: a date, then what the data knows it as, then
    the kinds a name can be."""
    kinds: list[tuple[str, str]] = []
    if _is_date(value):
        kinds.append(("Date", "value"))
    if lexicon is not None:
        from ..grounding import ground
        for mention in ground(value, lexicon):
            kind = _KIND_OF_MENTION.get(mention.kind)
            if kind and kind not in kinds and mention.end - mention.start >= len(value) * 0.6:
                kinds.append(kind)
    for kind in (("Person", "name"), ("Place", "name"), ("Event", "name"), ("File", "name"), ("File", "extension"),
                 ("Folder", "name"), ("Webpage", "url"), ("Email", "subject"), ("Email", "content")):
        if kind not in kinds and kind != ("Date", "value"):
            kinds.append(kind)
    return kinds


def _probe_value(value: str, kind: tuple[str, str], read: Reader) -> tuple[str, str] | None:
    """The value as the reader reads it in a plain question about that kind: (operator, value)."""
    probe = _PROBE.get(kind)
    if probe is None:
        return None
    try:
        graph = read(probe.format(value)).graph
    except GenerationError:
        return None
    for f in graph.filters:
        if (str(graph.vars[f.var]), f.field) == kind:
            return f.op, str(f.value)
    return None


# ---- narrowing and pivoting ------------------------------------------------------------------------

def _spell_out(text: str, noun: str, *, fragment: bool) -> str:
    """The follow-up with the words pointing back spelled out as the previous answer's type."""
    if fragment:
        return f"those {noun} {_LEAD.sub('', text)}"
    out = re.sub(r"\btheir\s+(\w+)", rf"the \1 of those {noun}", text, flags=re.I)
    out = re.sub(rf"\b(those|these)\b(?!\s+(?:{_TYPE_WORDS})\b)", rf"\1 {noun}", out, flags=re.I)
    out = re.sub(r"\b(?:the\s+ones|that\s+one|this\s+one)\b", f"those {noun}", out, flags=re.I)
    out = re.sub(r"\b(?:them|they|it)\b", f"those {noun}", out, flags=re.I)
    out = re.sub(r"\b(?:of|among)\s+those\s+(\w+)\s*,?\s*", r"of those \1, ", out, flags=re.I) \
        if re.match(r"^\s*(?:of|among)\b", out, re.I) else out
    return out


_ORDINAL = re.compile(r"\b(?:(latest|last|newest|most\s+recent|final)|(first|earliest|oldest))\b", re.I)


def _read_spelled(text: str, spelled: str, noun: str, read: Reader, *, first: bool) -> tuple[Any, str]:
    """The reading of the spelled-out follow-up; when the reader cannot read it, of a plainer form: the first or
    last of the emails ("the latest one"), or the type the follow-up names, of the previous answer ("the folders
    they are in": "folders of those files")."""
    try:
        return read(spelled), spelled
    except GenerationError as exc:
        error = exc
    plainer = []
    ordinal = _ORDINAL.search(text)
    if ordinal and noun == "emails":
        plainer.append(f"the {'last' if ordinal.group(1) else 'first'} email")
    asked = [w for w in re.findall(rf"\b(?:{_TYPE_WORDS})\b", text, re.I)
             if w.lower() not in ("one", "ones") and NOUN_OF.get(w.lower().rstrip("s")) not in (None, noun)]
    if asked:
        plainer.append(f"{NOUN_OF[asked[0].lower().rstrip('s')]} of those {noun}")
    for form in plainer:
        try:
            return read(form), form
        except GenerationError:
            continue
    if first:
        raise error
    return None, spelled


# a type word of a follow-up (singular, lower case) as the noun the reader knows best
NOUN_OF = {"email": "emails", "e-mail": "emails", "message": "emails", "mail": "emails", "people": "people",
           "person": "people", "folk": "people", "contact": "people", "sender": "people", "recipient": "people",
           "file": "files", "attachment": "files", "document": "files", "doc": "files", "pdf": "files",
           "folder": "folders", "directorie": "folders", "event": "events", "meeting": "events", "call": "events",
           "appointment": "events", "place": "places", "location": "places", "venue": "places", "link": "links",
           "url": "links", "site": "links", "website": "links", "page": "links", "date": "dates", "day": "dates"}


def _join(previous: QueryGraph, follow: QueryGraph, *, narrowing: bool) -> tuple[QueryGraph, str, list[str]] | None:
    """``follow`` joined to ``previous`` at a variable of the previous answer's type: the merged graph, narrow or
    pivot, and the variables added or moved to."""
    answer = previous.return_var
    type_ = str(previous.vars[answer])
    same = [v for v, t in follow.vars.items() if str(t) == type_]
    link: EdgeConstraint | None = None
    if same:
        # the variable that stands for "them": the answer itself when the follow-up asks for the same type, else
        # the least constrained one
        if follow.return_var in same and (len(same) == 1 or narrowing):
            joint = follow.return_var
        else:
            others = [v for v in same if v != follow.return_var] or same
            joint = min(others, key=lambda v: (len(follow.filters_on(v)), others.index(v)))
    else:
        # "just the PDFs" of emails: the follow-up's answer hangs off the previous answer by one edge
        wanted = str(follow.vars[follow.return_var])
        rules = [r for r in EDGE_RULES if {str(r.source), str(r.target)} == {type_, wanted} and r.name != "participants"]
        if len(rules) != 1 or type_ == "Self":
            return None
        rule = rules[0]
        joint = None
        a, b = (answer, "@ret") if str(rule.source) == type_ else ("@ret", answer)
        link = EdgeConstraint(from_=a, edge=rule.name, to=b)
    names = dict(previous.vars)
    renamed: dict[str, str] = {}
    self_var = next((v for v, t in previous.vars.items() if str(t) == "Self"), None)
    for var, t in follow.vars.items():
        if var == joint:
            renamed[var] = answer
        elif str(t) == "Self" and self_var is not None:
            renamed[var] = self_var
        else:
            renamed[var] = _fresh_name(str(t), names)
            names[renamed[var]] = str(t)
    constraints = [c for c in previous.constraints]
    seen = {c.key() for c in constraints}
    extra = list(follow.constraints)
    if link is not None:
        link = EdgeConstraint(from_=renamed[follow.return_var] if link.from_ == "@ret" else link.from_, edge=link.edge,
                              to=renamed[follow.return_var] if link.to == "@ret" else link.to)
        extra.append(link)
    for c in extra:
        if isinstance(c, EdgeConstraint) and c is not link:
            c = EdgeConstraint(from_=renamed[c.from_], edge=c.edge, to=renamed[c.to])
        elif isinstance(c, FilterConstraint):
            if c.field == "ordinal" and renamed[c.var] == answer:
                constraints = [k for k in constraints if not (isinstance(k, FilterConstraint) and k.var == answer
                                                               and k.field == "ordinal")]
            c = FilterConstraint(var=renamed[c.var], field=c.field, op=c.op, value=c.value)
        if c.key() not in seen:
            seen.add(c.key())
            constraints.append(c)
    narrow = link is not None or joint == follow.return_var
    ret = answer if narrow else renamed[follow.return_var]
    action = follow.action if follow.action == "count" else previous.action if narrow else follow.action
    try:
        graph = QueryGraph.parse(QueryGraph(return_var=ret, vars=names, action=action,
                                            return_mode=follow.return_mode if not narrow else previous.return_mode,
                                            constraints=constraints).to_json())
    except GraphError:
        return None
    changed = [renamed[v] for v in follow.vars if renamed[v] not in previous.vars or renamed[v] == answer and narrow]
    return graph, "narrow" if narrow else "pivot", list(dict.fromkeys(changed + ([] if narrow else [ret])))


def _fresh_name(type_: str, taken: dict[str, str]) -> str:
    base = VAR_PREFIX[EntityType(type_)]
    if base not in taken:
        return base
    n = 2
    while f"{base}{n}" in taken:
        n += 1
    return f"{base}{n}"


def _fresh(text: str, read: Reader) -> FollowUp:
    generation = read(text)
    return FollowUp(generation.graph, "fresh", "a new question, read on its own", list(generation.graph.vars),
                    generation, text)


def _say_edit(kind: str, previous: QueryGraph, follow: QueryGraph, noun: str) -> str:
    from ..understand import describe_reading
    said = describe_reading(follow)
    if follow.action == "count" and kind == "narrow":
        return f"how many of the {noun} above"
    if kind == "narrow":
        return f"the {noun} above, only {said}"
    return f"{said}, for the {noun} above"
