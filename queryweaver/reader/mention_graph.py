"""The last resort of the offline reader: a graph from what a question names, its type words and its cues.

When the rules parser cannot read a question even after ``understand``'s rewrites ("From whom did I get
Budget.xlsx?", "from Jane, the mails of March"), the things the question names -- grounded people,
places, event titles, files, sites, dates, file types, the user -- and the kind of answer it asks for (from
"who", "where", "how many" or a type noun) still say most of what is meant. This module joins each named
thing to the answer along the schema's usual path (a file is reached through the email it came in, a
place through its event), choosing the edge by the cue words next to it: "from"/"sent by" -> from, "to"
-> to, "with" -> participants, "met"/"saw" -> both attended. Every reading it makes is marked unsure.

It never reads a question with a negation or a conjunction of names it cannot place: those are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import regex_cache
from ..errors import GraphError
from ..graph import QueryGraph
from .rules.parser import _NOUNS, EXTENSION_WORDS, find_dates, tokenize

__all__ = ["graph_from_mentions"]

_NEGATIONS = {"not", "no", "never", "without", "except", "excluding", "unread", "neither", "nor", "none", "or"}
_MAIL_VERBS = regex_cache.compile(r"\b(?:sen[dt]\w*|e-?mail\w*|mail\w*|wr[io]te\w*|writ\w*|forward\w*|shar\w*|receiv\w*|got|"
                         r"get\w*|hear\w*|heard|messag\w*|repl\w*|attach\w*|cc'?d?)\b", re.IGNORECASE)
_RECEIVE = regex_cache.compile(r"\b(?:receiv\w*|got|get\w*|hear\w*|heard)\b", re.IGNORECASE)
_MEET = regex_cache.compile(r"\b(?:met|meet(?!ings?\b)\w*|saw|see|seen|catch-up|caught up)\b", re.IGNORECASE)
_ATTEND = regex_cache.compile(r"\b(?:attend\w*|join\w*|went|present|participat\w*|at the|in the)\b", re.IGNORECASE)
_FROM_CUES = ("from", "by", "sender", "author", "whom")
_TO_CUES = ("to", "recipient", "recipients", "for", "cc")
_WITH_CUES = ("with", "between", "and")
_TYPE_WORDS = {"who": "Person", "whom": "Person", "whose": "Person"}


@dataclass
class _Anchor:
    type: str
    field: str | None = None
    op: str = "="
    value: str | None = None
    position: int = 0
    role: str | None = None  # for people: from | to | participants | attended


@dataclass
class _Builder:
    vars: dict[str, str] = field(default_factory=dict)
    edges: list[tuple[str, str, str]] = field(default_factory=list)
    filters: list[tuple[str, str, str, str]] = field(default_factory=list)
    shared: dict[str, str] = field(default_factory=dict)  # "Email"/"Event"/"File" -> the one var of that type

    def new(self, type_: str) -> str:
        prefix = {"Email": "e", "Person": "p", "Self": "self", "File": "f", "Folder": "dir", "Event": "ev",
                  "Date": "d", "Place": "pl", "Webpage": "w"}[type_]
        if type_ == "Self":
            self.vars["self"] = "Self"
            return "self"
        name, k = prefix, 1
        while name in self.vars:
            k += 1
            name = f"{prefix}{k}"
        self.vars[name] = type_
        return name

    def one(self, type_: str) -> str:
        if type_ not in self.shared:
            self.shared[type_] = self.new(type_)
        return self.shared[type_]

    def edge(self, a: str, name: str, b: str) -> None:
        if (a, name, b) not in self.edges:
            self.edges.append((a, name, b))


def graph_from_mentions(text: str) -> list[QueryGraph]:
    """Readings of ``text`` (the question with grounded mentions written as typed literals), best first."""
    toks = tokenize(text)
    lows = [t.low for t in toks]
    if any(w in _NEGATIONS for w in lows):
        return []
    dates = find_dates(text)
    in_date = {k for start, end, _op, _v in dates for k in range(start, end)}
    anchors: list[_Anchor] = []
    nouns: list[tuple[int, str, bool]] = []  # (position, type, plural)
    extension = None
    self_positions = []
    for k, t in enumerate(toks):
        if k in in_date:
            continue
        if t.kind == "entity":
            type_, field_, op = {"person": ("Person", "name", "="), "place": ("Place", "name", "="),
                                 "title": ("Event", "name", "contains"), "file": ("File", "name", "="),
                                 "folder": ("Folder", "name", "=")}[t.etype]
            anchors.append(_Anchor(type_, field_, op, t.text, k))
        elif t.kind == "email":
            anchors.append(_Anchor("Person", "email_address", "=", t.text, k))
        elif t.kind in ("url", "dotted") and re.search(r"\.[a-z]{2,}$", t.low) and not re.search(
                r"\.(?:pdf|docx?|xlsx?|pptx?|txt|csv|zip|png|jpe?g|gif|md|json|html?|ics|mp[34])$", t.low):
            anchors.append(_Anchor("Webpage", "url", "=", t.text, k))
        elif t.kind == "dotted":
            anchors.append(_Anchor("File", "name", "=", t.text, k))
        elif t.kind == "ext":
            extension = t.low
        elif t.kind == "word" and t.low in ("i", "me", "my", "myself", "mine"):
            self_positions.append(k)
        elif t.kind == "word" and t.low in _NOUNS:
            type_, plural = _NOUNS[t.low]
            nouns.append((k, type_.value, plural))
            if t.low in ("pdf", "pdfs", "spreadsheet", "spreadsheets", "presentation", "presentations"):
                extension = extension or EXTENSION_WORDS.get(t.low.rstrip("s"), None)
        elif t.kind == "word" and t.low in EXTENSION_WORDS and k + 1 < len(toks) and toks[k + 1].low in (
                "file", "files", "document", "documents", "attachment", "attachments"):
            extension = EXTENSION_WORDS[t.low]
    count = bool(re.match(r"\s*(?:how many|count|number of|the number of)\b", text, re.IGNORECASE))
    answer = _answer_type(text, lows, nouns, anchors)
    if answer is None or (not anchors and not dates and not self_positions and extension is None):
        return []
    meeting = bool(_MEET.search(text))
    event_context = meeting or answer in ("Event", "Place") or any(a.type in ("Event", "Place") for a in anchors) \
        or any(t == "Event" for _k, t, _p in nouns)
    mail_context = bool(_MAIL_VERBS.search(text)) or answer in ("Email", "File", "Webpage", "Folder") or any(
        a.type in ("File", "Webpage") for a in anchors) or extension is not None
    for a in anchors:
        if a.type == "Person":
            a.role = _person_role(lows, a.position, text, event_context and not mail_context)
    readings = []
    for choice in _role_choices(anchors):
        graph = _build(answer, anchors, choice, dates, self_positions, lows, text, extension, count,
                       meeting, event_context, mail_context)
        if graph is not None and not any(_same(graph, r) for r in readings):
            readings.append(graph)
    return readings[:4]


def _same(a: QueryGraph, b: QueryGraph) -> bool:
    from ..graph import same_graph

    return same_graph(a, b)


def _answer_type(text: str, lows: list[str], nouns, anchors) -> str | None:
    low = text.lower()
    first = lows[0] if lows else ""
    if re.match(r"\s*(?:who|whom|whose)\b", low) or re.search(r"\b(?:from|to|by|with) whom\b", low) or \
            re.search(r"\bwho\b", low) and not nouns:
        return "Person"
    if re.match(r"\s*where\b", low):
        return "Folder" if any(a.type == "File" for a in anchors) or any(t == "File" for _k, t, _p in nouns) \
            else "Place"
    if re.match(r"\s*when\b", low):
        return "Email" if _MAIL_VERBS.search(text) else "Event"
    if nouns:
        return nouns[0][1]
    if first in ("what", "which", "show", "find", "list", "get", "give") and _MAIL_VERBS.search(text):
        return "Email"
    return None


def _person_role(lows: list[str], k: int, text: str, events: bool) -> str:
    before = lows[max(0, k - 3):k]
    after = lows[k + 1:k + 3]
    if events:
        return "attended"
    if before and before[-1] in _FROM_CUES or (len(before) > 1 and before[-2:] == ["sent", "by"]):
        return "from"
    if before and before[-1] in _TO_CUES:
        return "to"
    if before and re.fullmatch(r"(?:send|sent|e-?mailed|mailed|wr[io]te|write|forward(?:ed)?|messaged)", before[-1]):
        return "to"  # "I sent Jane": the person after the verb received it
    if after and re.match(r"(?:sen[dt]|e-?mail|mail|wr[io]te|forward|shar)", after[0]):
        return "from"
    if after and re.match(r"(?:receiv|got|get)", after[0]):
        return "to"
    if before and before[-1] in _WITH_CUES:
        return "participants"
    return "from"


def _role_choices(anchors: list[_Anchor]) -> list[dict[int, str]]:
    """The cue-chosen roles first, then each person's other plausible role (alternatives to offer)."""
    people = [i for i, a in enumerate(anchors) if a.type == "Person" and a.role != "attended"]
    choices = [{i: anchors[i].role for i in people}]
    for i in people[:2]:
        for role in ("from", "to", "participants"):
            if role != anchors[i].role:
                choice = dict(choices[0])
                choice[i] = role
                choices.append(choice)
    return choices


def _build(answer, anchors, roles, dates, self_positions, lows, text, extension, count, meeting, event_context,
           mail_context) -> QueryGraph | None:
    b = _Builder()
    top = b.one(answer) if answer in ("Email", "Event", "File") else b.new(answer)

    def email() -> str:
        if answer == "Email":
            return top
        e = b.one("Email")
        if answer == "File" or (answer == "Folder" and "File" in b.shared):
            b.edge(e, "has_attachment", b.one("File"))
        return e

    def event() -> str:
        return top if answer == "Event" else b.one("Event")

    # the answer's own link to mail or events
    if answer == "Folder":
        b.edge(b.one("File"), "parent", top)
    elif answer == "Webpage":
        b.edge(email(), "mentions_url", top)
    elif answer == "Place":
        b.edge(event(), "location", top)
    elif answer == "File":
        email()
    elif answer == "Person":
        if event_context and not any(a.type in ("File", "Webpage") for a in anchors) and not (
                mail_context and not meeting and not any(a.type in ("Event", "Place") for a in anchors)):
            b.edge(top, "attended", event())
            if meeting:
                b.edge(b.new("Self"), "attended", event())
        else:
            low = text.lower()
            role = "to" if re.search(r"\b(?:to whom|recipients?|who (?:did|have|has) (?:\S+ ){1,3}(?:e-?mail|sen[dt]|"
                                     r"wr[io]te|messag|forward|shar))", low) else \
                "participants" if re.search(r"\b(?:with|corresponded|conversations?)\b", low) and \
                not re.search(r"\b(?:sen[dt]|from)\b", low) else "from"
            b.edge(email(), role, top)
    if extension:
        f = top if answer == "File" else b.one("File")
        if answer not in ("File", "Folder"):
            b.edge(email(), "has_attachment", f)
        b.filters.append((f, "extension", "=", extension.lstrip(".")))
    for i, a in enumerate(anchors):
        if a.type == answer and answer in ("Event", "File", "Folder", "Place", "Webpage") and a.field:
            b.filters.append((top, a.field, a.op, a.value))
            continue
        var = b.new(a.type) if a.type not in ("Event", "File") else b.one(a.type)
        if a.field:
            b.filters.append((var, a.field, a.op, a.value))
        if a.type == "Person":
            role = roles.get(i, a.role)
            if role == "attended" or (answer in ("Event", "Place") and role != "from"):
                b.edge(var, "attended", event())
            else:
                b.edge(email(), role or "from", var)
        elif a.type == "Event":
            if answer == "Person" and "Email" in b.shared and "Event" not in b.shared:
                return None
        elif a.type == "Place":
            b.edge(event(), "location", var)
        elif a.type == "File":
            if answer == "Folder":
                b.edge(var, "parent", top)
            else:
                b.edge(email(), "has_attachment", var)
        elif a.type == "Webpage":
            b.edge(email(), "mentions_url", var)
        elif a.type == "Folder":
            b.edge(b.one("File"), "parent", var)
    for k in self_positions:
        word = lows[k]
        before = lows[k - 1] if k else ""
        nxt = lows[k + 1] if k + 1 < len(lows) else ""
        if meeting or (event_context and not mail_context):
            b.edge(b.new("Self") if "self" not in b.vars else "self", "attended", event())
        elif word == "my":
            continue  # "my files", "my email": the user's own data says nothing more
        elif word == "i" and re.match(r"(?:sen[dt]|e-?mail|mail|wr[io]te|forward|shar|messag)", nxt):
            b.edge(email(), "from", "self" if "self" in b.vars else b.new("Self"))
        elif word == "me" and before in ("from", "by"):
            b.edge(email(), "from", "self" if "self" in b.vars else b.new("Self"))
        elif before in ("between", "and", "with") or nxt == "and" or word == "myself":
            b.edge(email(), "participants", "self" if "self" in b.vars else b.new("Self"))  # "X and me", "with me"
        else:
            b.edge(email(), "to", "self" if "self" in b.vars else b.new("Self"))
    for start, _end, op, value in dates:
        target = b.shared.get("Email") if mail_context and "Email" in b.shared else b.shared.get("Event")
        if target is None:
            target = email() if mail_context or not event_context else event()
        d = b.new("Date")
        b.edge(target, "sent_on" if b.vars[target] == "Email" else "occurred_on", d)
        b.filters.append((d, "value", op, value))
    # an ordinal word inside a date ("last Friday", "the first of May") orders nothing
    toks = tokenize(text) if dates else []
    dated = [(toks[start].start, toks[end - 1].end) for start, end, _op, _value in dates]
    ordinal = next((m for m in re.finditer(
        r"\b(last|latest|newest|most recent|first|earliest|oldest)\b(?! (?:\d+|a|an|one|two|three|four|five|six|few|"
        r"couple|several|week|weeks|month|months|year|years|day|days|quarter)\b)", " ".join(text.split()), re.IGNORECASE)
        if not any(a <= m.start() < b for a, b in dated)), None)
    mode = "all"
    if ordinal and "Email" in b.shared or (ordinal and answer == "Email"):
        which = "first" if ordinal.group(1).lower() in ("first", "earliest", "oldest") else "last"
        b.filters.append((email(), "ordinal", "=", which))
        mode = "one" if answer == "Email" and not re.search(r"\b(?:emails|messages|mails)\b", text.lower()) \
            else "all"
    return _graph(b, top, "count" if count else "find", mode)


def _graph(b: _Builder, top: str, action: str, mode: str) -> QueryGraph | None:
    data = {"action": action, "return_var": top, "return_mode": mode, "vars": dict(b.vars),
            "constraints": [{"kind": "edge", "from": x, "edge": name, "to": y} for x, name, y in b.edges]
            + [{"kind": "filter", "var": v, "field": f, "op": op, "value": value} for v, f, op, value in b.filters]}
    used = {top} | {x for x, _n, _y in b.edges} | {y for _x, _n, y in b.edges}
    if set(data["vars"]) - used:
        return None  # something named could not be joined to the answer
    try:
        return QueryGraph.parse(data)
    except GraphError:
        return None
