"""Follow-up questions: a question read as an edit of the previous graph.

After "emails from Jane Doe last month" a person asks "only the ones with attachments", "who sent them?",
"what about March?" or a new question altogether. A follow-up is read in one of four ways:

* **replace** -- "and for Omar?", "what about March?", "same for the Berlin office": the follow-up names values
  only of kinds the previous graph has; each takes the place of the previous value of its kind (a person's name,
  a date, a place...).
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
from collections import Counter
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
_POINTS_BACK = re.compile(
    r"\b(?:them|they|their|theirs|those|these|(?:the\s+)?ones|that\s+one|this\s+one|it|its|above|else|"
    r"of\s+which)\b|\bthere\s*[?.!]*$|"
    r"\bthe\s+(?:latest|last|newest|most\s+recent|final|first|earliest|oldest)(?:\s+one)?\s*[?.!]*$", re.I)
_NARROWING = re.compile(r"\b(?:only|just|filter|narrow|limit|keep|restrict)\b|^\s*(?:(?:of|among)\s+(?:those|these|them)|"
                        r"which\s+of)\b", re.I)
_NARROWING_LEAD = re.compile(r"^\s*(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?)?(?:(?:only|just)\s+|"
                             r"(?:filter|narrow|limit|restrict)\w*(?:\s+(?:it|them|those|that|down))*\s+to\s+)", re.I)
_NOT = re.compile(r"\b(?:not|except|excluding|without|other\s+than|apart\s+from|but\s+not|minus)\b", re.I)
# words that open a follow-up without adding to it ("ok, now what about ...")
_LEAD = re.compile(r"^\s*(?:(?:and|but|ok(?:ay)?|now|then|so|also|great|thanks|cool|nice|hmm+|oh|wait|what\s+about|"
                   r"how\s+about)[,.!\s]+)+", re.I)


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

    def as_generation(self, follows: str, seconds: float):
        """The whole new graph as a Generation (what ``ask`` and the page show of any reading): as sure as the
        reading of the follow-up's words, a replaced value as sure as the previous reading."""
        from ..llm.generate import Generation
        from .understand import describe_reading

        own = self.generation
        return Generation(graph=self.graph, backend=getattr(own, "backend", "rules"), model=getattr(own, "model", None),
                          seconds=seconds, confidence=own.confidence if own is not None else REPLACED,
                          reading=describe_reading(self.graph),
                          notes=[f"follows '{follows}': {self.edit}", *(getattr(own, "notes", None) or [])],
                          mentions=list(getattr(own, "mentions", None) or []))


SINGLE = {"from"}  # links a thing has one of (an email has one sender): a follow-up's unnamed one yields
REPLACED = 0.99  # how sure a reading is that only puts values of the same kinds in place of the previous ones
Reader = Callable[[str], Any]  # question -> Generation (raises GenerationError when it cannot read it)


def read_followup(question: str, previous: QueryGraph, read: Reader, *, lexicon=None) -> FollowUp:
    """Read ``question`` as an edit of ``previous`` (or fresh, when it stands on its own).

    What decides is what the follow-up names, found as the reader finds a question's values: values only of
    kinds the previous question had, with no other answer type asked for, replace those ("and for Omar?",
    "December?"); values of a new kind narrow the answer ("in March"), unless the follow-up asks for a type of
    its own ("which events did Lena attend?": a new question); no value, or words pointing back ("them",
    "those", "there"), narrow or move the answer along an edge ("only the ones with attachments", "who sent
    them?")."""
    text = " ".join(question.split())
    if not text:
        raise GenerationError("the follow-up is empty: type how to change the last question, e.g. 'only the PDFs'")
    answer_type = str(previous.vars[previous.return_var])
    noun = NOUN[answer_type]
    if _NOT.search(text):
        raise GenerationError(f"'{text}': a graph cannot leave things out (it has no 'not'); ask for the {noun} you "
                              "want instead, or ask the whole question again")
    values = _values(text, lexicon) or _in_context(text, previous, lexicon)
    asked = _asked_type(text, answer_type)
    back = bool(_POINTS_BACK.search(text))
    narrowing = bool(_NARROWING.search(text))
    had = {(str(previous.vars[f.var]), f.field) for f in previous.filters if f.field != "ordinal"}
    if values and not back and not narrowing:
        kinds = {(t, f) for t, f, _, _ in values}
        if kinds <= had and asked in (None, answer_type):
            return _replace(previous, values)
        if asked is not None and asked != answer_type or asked == answer_type and not kinds & had:
            try:
                return _fresh(text, read)
            except GenerationError:
                pass
    generation = spelled = None
    if asked not in (None, answer_type) and not values:  # "who sent them?", "any links", "where?": the type asked
        generation, spelled = _read_first(_canonical(text, noun, asked), read)  # for, of the previous answer
    if generation is None:
        spelled = _spell_out(text, noun, fragment=not back)
        try:
            generation, spelled = _read_spelled(text, spelled, noun, asked, read)
        except GenerationError:
            generation = _composed(spelled, answer_type, asked, values, lexicon)
            if generation is None:
                raise
        if generation is None:
            generation = _composed(spelled, answer_type, asked, values, lexicon)
    if generation is None:
        return _fresh(text, read)
    joined = _join(previous, generation.graph, narrowing=narrowing or asked in (None, answer_type),
                   keep_answer=narrowing)
    if joined is None:
        if back or narrowing:
            raise GenerationError(
                f"could not link '{text}' to the last answer ({noun}): ask it as a whole question instead")
        return _fresh(text, read)
    graph, kind, changed = joined
    restated = _restated(previous, graph)
    if kind == "narrow" and restated:  # "what about Word documents? any of those?": a value of the same kind again
        return _replace(previous, restated)
    return FollowUp(graph, kind, _say_edit(kind, previous, generation.graph, noun), changed, generation, spelled)


def _composed(spelled: str, answer_type: str, asked: str | None, values: list, lexicon) -> Any:
    """Words no reader reads whole that name nothing ("those emails w attachments", "the ones that had something
    attached"), read part by part by the learned reader as a question about the previous answer's type."""
    if values or asked not in (None, answer_type):
        return None
    from .understand import compose_reading

    return compose_reading(spelled, lexicon, answer_type)


def _restated(previous: QueryGraph, graph: QueryGraph) -> list[tuple[str, str, str, str]]:
    """When the follow-up's graph adds nothing but new values for filters the previous graph has (same variable,
    same field), those values; else nothing."""
    before = {c.key() for c in previous.constraints}
    added = [c for c in graph.constraints if c.key() not in before]
    fixed = {(f.var, f.field) for f in previous.filters}
    if not added or not all(isinstance(c, FilterConstraint) and (c.var, c.field) in fixed and c.field != "ordinal"
                            for c in added):
        return []
    return [(str(graph.vars[c.var]), c.field, c.op, str(c.value)) for c in added]


def _read_first(forms: list[str], read: Reader) -> tuple[Any, str | None]:
    for form in forms:
        try:
            return _ours(read(form)), form
        except GenerationError:
            continue
    return None, None


def _ours(generation: Any) -> Any:
    """A reading of words the follow-up reader wrote itself ("the folders of those files"), as sure as a replaced
    value: the question those words ask is known; doubts the reader has of them as a stranger's question (a
    phrase no one in the bank asked bare) do not apply."""
    from dataclasses import replace

    return replace(generation, confidence=max(generation.confidence, REPLACED))


def _canonical(text: str, noun: str, asked: str) -> list[str]:
    """Plain ways to ask for the ``asked`` type of the previous answer ("the senders of those emails")."""
    wanted = NOUN[asked]
    if asked == "Person" and noun in ("emails", "files"):
        wanted = "senders" if re.search(r"\b(?:sent|send|from|by|wrote|senders?)\b", text, re.I) else "recipients"
    return [_PATHS.get((noun, asked), "the {wanted} of those {noun}").format(wanted=wanted, noun=noun)]


# ---- what a follow-up names ------------------------------------------------------------------------

# a value's kind (``reader.view.Value.kind``) as the type and field of the filter it makes
_VALUE_KIND = {"person": ("Person", "name"), "email": ("Person", "email_address"), "place": ("Place", "name"),
               "title": ("Event", "name"), "file": ("File", "name"), "filename": ("File", "name"),
               "folder": ("Folder", "name"), "site": ("Webpage", "url"), "ext": ("File", "extension"),
               "date": ("Date", "value")}
_WH = {"who": "Person", "whom": "Person", "whose": "Person"}
_HAVING = {"with", "w", "w/", "has", "have", "had", "having", "containing", "attached", "attaching"}


def _values(text: str, lexicon) -> list[tuple[str, str, str, str]]:
    """What the follow-up names, as the learned reader's view finds it: (type, field, op, value), once each."""
    from .understand import learned_view

    view = learned_view(text, lexicon)
    out: list[tuple[str, str, str, str]] = []
    for value in view.values if view is not None else []:
        kind = _VALUE_KIND.get(value.kind)
        if kind is None:
            continue
        found = (*kind, value.op or "=", value.text)
        if found not in out:
            out.append(found)
    return out


# the lexicon's names of things a filter of the previous graph names ("who attended budget review": events)
_CONTEXT_NAMES = {("Event", "name"): "event_titles", ("Place", "name"): "places", ("File", "name"): "file_names",
                  ("Folder", "name"): "folders"}


def _in_context(text: str, previous: QueryGraph, lexicon) -> list[tuple[str, str, str, str]]:
    """A value the follow-up names only in the light of the previous question: words that are part of a name in
    the data of a kind the previous graph filters on ("the all-hands" after "who attended budget review": the
    event "Quarterly all-hands"), the longest such run (of up to ``CONTEXT_WORDS``), with at least one word that
    is not a common one. The names are searched as one text, so a large mailbox's names cost milliseconds."""
    from .grounding import SUBJECT_STOP_WORDS

    words = re.findall(r"[\w'-]+", text)
    for f in previous.filters:
        key = (str(previous.vars[f.var]), f.field)
        names = [str(n) for n in getattr(lexicon, _CONTEXT_NAMES.get(key, ""), None) or ()]
        if not names or f.op not in ("contains", "="):
            continue
        exact = {n.casefold(): n for n in names}
        every = "\n".join(exact)
        for size in range(min(len(words), CONTEXT_WORDS), 0, -1):
            for i in range(len(words) - size + 1):
                phrase = " ".join(words[i:i + size])
                low = phrase.casefold()
                if not any(len(w) >= 3 and w not in SUBJECT_STOP_WORDS for w in low.split()):
                    continue
                if f.op == "=":
                    if low in exact:
                        return [(*key, f.op, exact[low])]
                elif low in every and re.search(rf"(?<![\w-]){re.escape(low)}(?![\w-])", every):
                    return [(*key, f.op, phrase)]
    return []


CONTEXT_WORDS = 6  # the longest run of a follow-up's words looked for in the data's names


def _asked_type(text: str, answer_type: str) -> str | None:
    """The type the follow-up asks for, when it names one ("which events", "who", "where"), else None."""
    words = re.findall(r"[\w'-]+", text.lower())
    for i, word in enumerate(words):
        if _HAVING & set(words[max(0, i - 2):i]):
            continue  # "the ones with attachments": what the answer has, not what is asked
        if word in _WH:
            return _WH[word]
        if word == "where":
            return "Folder" if answer_type in ("File", "Folder") else "Place"
        noun = NOUN_OF.get(word) or NOUN_OF.get(word.rstrip("s"))
        if noun is not None:
            return next(t for t, n in NOUN.items() if n == noun)
    return None


# ---- replacing a value -----------------------------------------------------------------------------

def _replace(previous: QueryGraph, values: list[tuple[str, str, str, str]]) -> FollowUp:
    """``previous`` with each value in place of the previous value of its kind (in order, when several)."""
    graph = QueryGraph.parse(previous.to_json())
    changed, olds, news = [], [], []
    used: set[int] = set()
    for type_, field_, op, value in values:
        for i, f in enumerate(graph.filters):
            if i in used or (str(graph.vars[f.var]), f.field) != (type_, field_):
                continue
            used.add(i)
            olds.append(str(f.value))
            news.append(value)
            f.value = value
            if type_ == "Date":
                f.op = op
            changed.append(f.var)
            break
    graph = QueryGraph.parse(graph.to_json())
    return FollowUp(graph, "replace", f"the same question with {' and '.join(news)} instead of {' and '.join(olds)}",
                    list(dict.fromkeys(changed)), None, ", ".join(news))


# ---- narrowing and pivoting ------------------------------------------------------------------------

def _spell_out(text: str, noun: str, *, fragment: bool) -> str:
    """The follow-up with the words pointing back spelled out as the previous answer's type."""
    text = _NARROWING_LEAD.sub("", _LEAD.sub("", text)) or text
    if fragment:
        return f"those {noun} {text}"
    out = re.sub(r"\btheir\s+(\w+)", rf"the \1 of those {noun}", text, flags=re.I)
    out = re.sub(rf"\b(those|these)\b(?!\s+(?:{_TYPE_WORDS})\b)", rf"\1 {noun}", out, flags=re.I)
    out = re.sub(r"\b(?:the\s+ones|ones|that\s+one|this\s+one)\b", f"those {noun}", out, flags=re.I)
    out = re.sub(r"\b(?:them|they|it)\b", f"those {noun}", out, flags=re.I)
    out = re.sub(r"\b(?:of|among)\s+those\s+(\w+)\s*,?\s*", r"of those \1, ", out, flags=re.I) \
        if re.match(r"^\s*(?:of|among)\b", out, re.I) else out
    return out


_ORDINAL = re.compile(r"\b(?:(latest|last|newest|most\s+recent|final)|(first|earliest|oldest))\b", re.I)


def _read_spelled(text: str, spelled: str, noun: str, asked: str | None, read: Reader) -> tuple[Any, str]:
    """The reading of the spelled-out follow-up; when the reader cannot read it, of a plainer form: the first or
    last of the emails ("the latest one"), or the type the follow-up asks for, of the previous answer ("the
    folders they are in": "folders of those files"; "sent by whom": "the senders of those emails")."""
    try:
        return read(spelled), spelled
    except GenerationError as exc:
        error = exc
    plainer = []
    ordinal = _ORDINAL.search(text)
    if ordinal and noun == "emails":
        plainer.append(f"the {'last' if ordinal.group(1) else 'first'} email")
    if asked is not None and NOUN[asked] != noun:
        wanted = NOUN[asked]
        if asked == "Person" and noun == "emails":
            wanted = "senders" if re.search(r"\b(?:sent|send|from|by|wrote)\b", text, re.I) else "recipients"
        plainer.append(_PATHS.get((noun, asked), "the {wanted} of those {noun}").format(wanted=wanted, noun=noun))
    for form in plainer:
        try:
            return _ours(read(form)), form
        except GenerationError:
            continue
    if asked is None and not _POINTS_BACK.search(text):
        return None, spelled
    raise error


# how to ask for a type "of" the previous answer where "the X of those Y" does not read
_PATHS = {("people", "Place"): "the places of events attended by those people",
          ("places", "Event"): "the events at those places", ("places", "Person"): "the people at events at those places"}


# a type word of a follow-up (singular, lower case) as the noun the reader knows best
NOUN_OF = {"email": "emails", "e-mail": "emails", "message": "emails", "mail": "emails", "people": "people",
           "person": "people", "folk": "people", "contact": "people", "sender": "people", "recipient": "people",
           "file": "files", "attachment": "files", "document": "files", "doc": "files", "pdf": "files",
           "folder": "folders", "directorie": "folders", "event": "events", "meeting": "events", "call": "events",
           "appointment": "events", "place": "places", "location": "places", "venue": "places", "link": "links",
           "url": "links", "site": "links", "website": "links", "page": "links", "date": "dates", "day": "dates",
           "attendee": "people", "participant": "people", "organizer": "people", "organiser": "people",
           "guest": "people", "mtg": "events", "evt": "events", "msg": "emails", "ppl": "people"}


def _join(previous: QueryGraph, follow: QueryGraph, *, narrowing: bool,
          keep_answer: bool = False) -> tuple[QueryGraph, str, list[str]] | None:
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
    _same_situation(previous, follow, renamed, keep_new=follow.return_var)
    for var, t in follow.vars.items():
        if var not in renamed:
            renamed[var] = _fresh_name(str(t), names)
            names[renamed[var]] = str(t)
    constraints = [c for c in previous.constraints]
    seen = {c.key() for c in constraints}
    extra = list(follow.constraints)
    if link is not None:
        link = EdgeConstraint(from_=renamed[follow.return_var] if link.from_ == "@ret" else link.from_, edge=link.edge,
                              to=renamed[follow.return_var] if link.to == "@ret" else link.to)
        extra.append(link)
    mentioned = Counter(ref for c in follow.constraints
                        for ref in ((c.from_, c.to) if isinstance(c, EdgeConstraint) else (c.var,)))
    leaves = {renamed[v] for v, n in mentioned.items() if n == 1 and v != follow.return_var}
    for c in extra:
        if isinstance(c, EdgeConstraint) and c is not link:
            c = EdgeConstraint(from_=renamed[c.from_], edge=c.edge, to=renamed[c.to])
        elif isinstance(c, FilterConstraint):
            if c.field == "ordinal" and renamed[c.var] == answer:
                constraints = [k for k in constraints if not (isinstance(k, FilterConstraint) and k.var == answer
                                                               and k.field == "ordinal")]
            c = FilterConstraint(var=renamed[c.var], field=c.field, op=c.op, value=c.value)
        if isinstance(c, EdgeConstraint) and c.edge in SINGLE and c is not link and any(
                isinstance(k, EdgeConstraint) and k.edge == c.edge and k.from_ == c.from_ and k.to != c.to
                for k in previous.constraints) and c.to in leaves:
            continue  # "the ones sent before May" of Jane's emails: the sender is already named
        if c.key() not in seen:
            seen.add(c.key())
            constraints.append(c)
    used = {ref for c in constraints for ref in ((c.from_, c.to) if isinstance(c, EdgeConstraint) else (c.var,))}
    names = {v: t for v, t in names.items() if v in used or v in (answer, renamed[follow.return_var])}
    narrow = link is not None or joint == follow.return_var or keep_answer
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


def _same_situation(previous: QueryGraph, follow: QueryGraph, renamed: dict[str, str], keep_new: str) -> None:
    """Map the follow-up's variables that stand for something the previous graph already has: linked to what is
    already mapped exactly as a previous variable is ("where did I meet them?" of the people I met in March: the
    events are the March events, not any other)."""
    def edges(graph: QueryGraph, var: str) -> set[tuple[str, str, str]]:
        return {(e.from_, e.edge, e.to) for e in graph.edges if var in (e.from_, e.to)}

    changed = True
    while changed:
        changed = False
        taken = set(renamed.values())
        for var, t in follow.vars.items():
            if var in renamed or var == keep_new:  # the answer asked for is new ("who else was there?")
                continue
            mine = [(a, edge, b) for a, edge, b in edges(follow, var) if (a if b == var else b) in renamed]
            if not mine:
                continue
            fits = [u for u, ut in previous.vars.items() if str(ut) == str(t) and u not in taken and all(
                (u if a == var else renamed[a], edge, u if b == var else renamed[b]) in edges(previous, u)
                for a, edge, b in mine)]
            if len(fits) == 1:
                renamed[var] = fits[0]
                changed = True


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
    from .understand import describe_reading
    said = describe_reading(follow)
    if follow.action == "count" and kind == "narrow":
        return f"how many of the {noun} above"
    if kind == "narrow":
        return f"the {noun} above, only {said}"
    return f"{said}, for the {noun} above"
