"""Coverage: does a graph say everything the question says, in terms the user's data knows?

An LLM's graph can be valid and still drop half the question: "Who did I meet at the Ferry Building?"
written as the people at events there (no ``Self -attended-> Event``), "jane's files" with no Person,
the user's own name made a Person. ``coverage_problems(graph, question, mentions, lexicon)`` lists each
such gap as one line fit to send back to the model ("the question says 'I met', so add Self attended the
same event"). It is pure: the graph, the question, the grounded mentions and the lexicon in; messages out.

Three checks:

* every grounded mention is represented by a variable with a filter of the right kind and value
  (a Self mention by a Self variable; a subject word only when the question asks about a subject);
* "the last / first / latest ..." (not "last month") is an Email ordinal;
* a person's name is not searched for as subject, body or title words;
* every first-person verb is represented: "I met / saw / met with me" -> Self attended the same Event as
  the people asked about; "I sent", "my message to X" -> Email from Self; "sent me", "I received",
  "I got ... from" -> Email to Self; "I attended", "did I have (meetings)" -> Self attended Event;
* every filter value exists in the data, for the kinds the lexicon knows (a person name matches a person,
  a place a place...), with the closest names as "did you mean".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from .. import regex_cache
from ..filters import extension_of, name_variants, norm, place_matches, url_matches
from ..reader.rules.prefilter import LazyPattern, fold

if TYPE_CHECKING:  # pragma: no cover
    from ..reader.grounding import Lexicon, Mention
    from ..graph import FilterConstraint, QueryGraph

__all__ = ["coverage_problems", "first_person_verbs", "FirstPersonVerb"]


# ---- first-person verbs ------------------------------------------------------------------------

@dataclass(frozen=True)
class FirstPersonVerb:
    """A phrase of the question that puts the user into the graph, and what it needs there."""

    text: str   # as written: "I met", "sent me"
    needs: str  # met | sent | received | attended


_I = r"(?:i|you|we)"
_AUX = r"(?:'ve|'d|\s+have|\s+had|\s+did|\s+do|\s+ever|\s+also|\s+just|\s+last|\s+first|\s+recently|\s+personally)*"
_ASKED = r"(?:did|have|had|do|will|would|can)\s+" + _I  # "did I", "have you"
_SUBJECT = rf"(?:\b{_ASKED}|\b{_I}{_AUX})"
_VERB_PATTERNS: tuple[tuple[str, str], ...] = (
    # "I met", "did I meet", "you met", "I've seen", "did I see"; "met with me", "met me"
    ("met", rf"{_SUBJECT}\s+(?:met|meet|meeting|seen|saw)\b"),
    ("met", rf"\b(?:did|have|had)\s+{_I}\s+see\b"),
    ("met", r"\b(?:met|meet|meeting|seen|saw)\s+(?:with\s+)?(?:me|us)\b"),
    ("met", r"\b(?:meetings?|events?|calls?|appointments?)\s+with\s+(?:me|us)\b"),
    # "I sent", "did I email", "you wrote", "I forwarded"; "sent by me", "from me", "my message to X"
    ("sent", rf"{_SUBJECT}\s+(?:sent|send|emailed|email|e-mailed|mailed|wrote|write|written|forwarded|forward"
             r"|replied|reply|shared|share|cc'?d)\b"),
    ("sent", r"\b(?:sent|emailed|written|forwarded|shared|mailed)\s+by\s+(?:me|myself)\b"),
    ("sent", r"\bfrom\s+me\b"),
    ("sent", r"\bmy\s+(?:\w+\s+)?(?:messages?|emails?|e-mails?|mails?|notes?|repl(?:y|ies))\s+to\b"),
    # "sent me", "emailed you", "wrote to me", "I received", "did I get ... from", "I was sent", "my inbox"
    ("received", r"\b(?:sent|send|sends|emailed|emails|e-mailed|mailed|wrote|written|writes|forwarded|forwards"
                 r"|shared|shares)\s+(?:to\s+)?(?:me|you|us)\b(?!\s+(?:and|&)\b)"),
    ("received", rf"{_SUBJECT}\s+(?:received|receive|been\s+sent|was\s+sent|were\s+sent|heard\s+from"
                 r"|hear\s+from)\b"),
    ("received", r"\bmy\s+inbox\b"),
    ("received", r"\b(?:e-?mails?|mails?|messages?|attachments?|files?|links?|notes?)\s+(?:(?:that|which)\s+)?"
                 r"(?:were\s+|was\s+|have\s+been\s+)?received\b"),
    ("attended", rf"{_SUBJECT}\s+(?:attended|attend|went\s+to|go\s+to|joined|join|was\s+at|were\s+at)\b"),
    ("attended", rf"\b(?:meetings?|events?|appointments?|calls?)\s+{_ASKED}\s+(?:have|had|attend)\b"),
    ("attended", r"\bmy\s+(?:meetings?|events?|appointments?)\b"),
)
_GOT = regex_cache.compile(rf"{_SUBJECT}\s+(?:got|get|gotten)\b", re.I)
_MAIL_WORDS = regex_cache.compile(r"\b(?:from|e-?mails?|mails?|messages?|notes?|attachments?|attached|links?|sent)\b", re.I)
_COMPILED = tuple((needs, LazyPattern(p, re.I)) for needs, p in _VERB_PATTERNS)  # compiled where they may match


def first_person_verbs(question: str) -> list[FirstPersonVerb]:
    """The phrases of ``question`` that put the user into the graph, in order, one per need."""
    found: list[tuple[int, FirstPersonVerb]] = []
    folded = fold(question)
    for needs, pattern in _COMPILED:
        for match in pattern.finditer(question, folded):
            found.append((match.start(), FirstPersonVerb(" ".join(match.group(0).split()), needs)))
    got = _GOT.search(question)
    if got and _MAIL_WORDS.search(question):  # "did I get ... from", not "which files have I got"
        found.append((got.start(), FirstPersonVerb(" ".join(got.group(0).split()), "received")))
    found.sort(key=lambda pair: pair[0])
    if any(v.needs == "met" for _, v in found):  # "I met" already says "attended"
        found = [(i, v) for i, v in found if v.needs != "attended"]
    out: dict[str, FirstPersonVerb] = {}
    for _, verb in found:
        out.setdefault(verb.needs, verb)
    return list(out.values())


# ---- the checks --------------------------------------------------------------------------------

# a doubt that only asks for the email's direction to or from the user ("sent me": add Email to Self); the offline
# reader leaves it out where every answer is the user's anyway, so on its own it says little about a reading
SELF_DIRECTION = re.compile(r", so add Email (?:to|from) Self\b")


def weighty(problems: list[str]) -> list[str]:
    """The doubts that say a reading may be wrong: all but the direction to or from the user."""
    return [p for p in problems if not SELF_DIRECTION.search(p)]


def coverage_problems(graph: "QueryGraph", question: str, mentions: Iterable["Mention"] = (),
                      lexicon: "Lexicon | None" = None) -> list[str]:
    """What ``graph`` leaves out of ``question`` or names wrongly, one message per problem (empty: none).

    Each message says what to change, so it can go straight back to the model in a repair turn.
    """
    mentions = list(mentions or ())
    problems: list[str] = []
    problems += _self_as_person(graph, mentions, lexicon)
    scene = _scene_values(question, lexicon) if mentions else set()
    for mention in mentions:
        if norm(mention.value) in scene or norm(mention.text) in scene:
            continue  # "I'm summarising what the team did. Who did I meet?": 'team' sets the scene
        problem = _mention_problem(graph, question, mention, lexicon)
        if problem:
            problems.append(problem)
    for verb in first_person_verbs(question):
        problem = _verb_problem(graph, verb)
        if problem:
            problems.append(problem)
    problems += _ordinal_problems(graph, question, mentions)
    problems += [message for message, _flt in _names_as_words(graph, mentions)]
    if lexicon is not None:
        problems += _unknown_values(graph, lexicon, mentions)
    return list(dict.fromkeys(problems))


SCENE_ONLY = 0.2  # the learned value model's chance that a value is asked about, below which it only sets the scene


def _scene_values(question: str, lexicon: "Lexicon | None") -> set[str]:
    """The values the question names only to set the scene, as the learned reader's value model finds them (it
    learned from the bank's questions asked with and without a scene-setting sentence): no graph needs them."""
    from ..reader.learned import load_reader
    from ..reader.understand import learned_view

    reader = load_reader()
    view = learned_view(question, lexicon) if reader is not None and lexicon is not None else None
    if view is None or not view.values:
        return set()
    keep, _roles = reader.value_opinions(view)
    return {norm(v.text) for v, k in zip(view.values, keep) if k < SCENE_ONLY}


def _vars(graph: "QueryGraph", type_name: str) -> list[str]:
    return [v for v, t in graph.vars.items() if t == type_name]


def _filters(graph: "QueryGraph", type_name: str, *fields: str) -> list["FilterConstraint"]:
    return [f for f in graph.filters if graph.vars.get(f.var) == type_name and f.field in fields]


def _has_edge(graph: "QueryGraph", source: str, edge: str, target: str) -> bool:
    return any(e.from_ == source and e.edge == edge and e.to == target for e in graph.edges)


_FILLER = frozenset("a an the of in on at to for during since after before prior until till from by this that "
                    "s".split())


def _words(text: object) -> set[str]:
    return {w for w in re.findall(r"[^\W_]+", norm(text)) if w not in _FILLER}


def _overlap(a: object, b: object) -> bool:
    """Some word of ``a`` is a word of ``b`` (or a 3+ letter prefix of one: "feb" / "february")."""
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return norm(a) == norm(b)
    return any(x == y or (min(len(x), len(y)) >= 3 and (x.startswith(y) or y.startswith(x)))
               for x in wa for y in wb)


def _accepted(mention: "Mention") -> set[str]:
    """The values a filter may carry for this mention: its value, its text, any candidate."""
    values = {norm(mention.value), norm(mention.text)}
    values |= {norm(c[0]) for c in mention.candidates if c}
    return {v for v in values if v}


def _q(text: str) -> str:
    return f'"{text}"'


# -- mentions --

def _self_as_person(graph: "QueryGraph", mentions: list["Mention"], lexicon: "Lexicon | None") -> list[str]:
    own = {norm(m.text) for m in mentions if m.kind == "self"} | {norm(m.value) for m in mentions if m.kind == "self"}
    if lexicon is not None:
        own |= {norm(n) for n in lexicon.self_names} | {norm(a) for a in lexicon.self_addresses}
    own_variants = set().union(*(name_variants(n) for n in own if n)) if own else set()
    out = []
    for flt in _filters(graph, "Person", "name", "email_address"):
        value = norm(flt.value)
        if value and (value in own or value in own_variants):
            out.append(f"{_q(str(flt.value))} is the user, so use a Self variable instead of the Person "
                       f"{flt.var!r} with {flt.field} {_q(str(flt.value))}")
    return out


def _mention_problem(graph: "QueryGraph", question: str, mention: "Mention",
                     lexicon: "Lexicon | None" = None) -> str | None:
    kind, value, said = mention.kind, mention.value, f"'{mention.text}'"
    accepted = _accepted(mention)
    if kind == "self":
        if _vars(graph, "Self"):
            return None
        return f"the question names the user ({said}), so add a Self variable for the user (not a Person)"
    if kind == "person":
        variants = set().union(*(name_variants(v) for v in accepted))
        tokens = set().union(*(set(v.replace(",", " ").split()) for v in accepted if "@" not in v))
        for flt in _filters(graph, "Person", "name", "email_address"):
            v = norm(flt.value)
            if v in accepted or v in variants or (flt.field == "name" and " " not in v and v in tokens):
                return None
            if flt.field == "email_address" and lexicon is not None and v in lexicon.people:
                if {norm(n) for n in lexicon.people[v]} & accepted:  # that person's address
                    return None
        field = "email_address" if "@" in value else "name"
        return (f"the question names {said} (the person {value}), so add a Person with {field} "
                f"{_q(value)} joined to the rest of the graph")
    if kind == "place":
        for flt in _filters(graph, "Place", "name"):
            if any(norm(flt.value) == a or place_matches(a, str(flt.value)) or place_matches(str(flt.value), a)
                   for a in accepted):
                return None
        return (f"the question names the place {said}, so add a Place with name {_q(value)} joined to the "
                "Event by location")
    if kind == "event_title":
        for flt in _filters(graph, "Event", "name") + _filters(graph, "Email", "subject"):
            if any(_overlap(flt.value, a) for a in accepted):
                return None
        return f"the question names the event {said}, so add an Event with name contains {_q(value)}"
    if kind == "file":
        if any(norm(f.value) in accepted for f in _filters(graph, "File", "name")):
            return None
        return f"the question names the file {said}, so add a File with name {_q(value)}"
    if kind == "extension":
        wanted = {a.lstrip(".") for a in accepted}
        if any(norm(f.value).lstrip(".") in wanted for f in _filters(graph, "File", "extension")):
            return None
        if any(extension_of(str(f.value)) in wanted for f in _filters(graph, "File", "name")):
            return None
        return (f"the question asks for {said} files, so add a File with extension "
                f"{_q(value.lstrip('.').lower())}")
    if kind == "folder":
        if any(norm(f.value) in accepted for f in _filters(graph, "Folder", "name")):
            return None
        return f"the question names the folder {said}, so add a Folder with name {_q(value)} joined by parent"
    if kind == "domain":
        for flt in _filters(graph, "Webpage", "url"):
            if any(a in norm(flt.value) or url_matches(str(flt.value), a) for a in accepted):
                return None
        return f"the question names the site {said}, so add a Webpage with url {_q(value)}"
    if kind == "subject":
        if not _asks_about_words(question, mention):
            return None
        for flt in (_filters(graph, "Email", "subject", "content") + _filters(graph, "Event", "name")
                    + _filters(graph, "File", "name")):
            if any(_overlap(flt.value, a) for a in accepted):
                return None
        return f"the question asks about {said}, so add an Email with subject contains {_q(value)}"
    if kind == "date":
        return _date_problem(graph, question, mention, accepted)
    return None


_ABOUT = regex_cache.compile(r"\b(?:subject|subjects|about|regarding|re|titled|called|named|mention|mentions|mentioning|"
                    r"mentioned|contain|contains|containing|say|says|saying|word|words|text|topic)(?:\s+(?:the|a|an|my|our))?\W*$",
                    re.I)


def _asks_about_words(question: str, mention: "Mention") -> bool:
    """A subject word counts only when the question asks about words: "about X", "X in the subject"."""
    before = " ".join(question[: mention.start].split()[-3:])
    after = " ".join(question[mention.end:].split()[:4]).lower()
    return bool(_ABOUT.search(before)) or "subject" in after or "title" in after or "text" in after


_BEFORE = regex_cache.compile(r"\b(?:before|prior\s+to|until|till|earlier\s+than)\s*$", re.I)
_AFTER = regex_cache.compile(r"\b(?:since|after|later\s+than|on\s+or\s+after)\s*$", re.I)


def _date_problem(graph: "QueryGraph", question: str, mention: "Mention", accepted: set[str]) -> str | None:
    said = f"'{mention.text}'"
    lead = question[max(0, mention.start - 24): mention.start]
    text = mention.text
    expected = None
    for pattern, op in ((_BEFORE, "<"), (_AFTER, ">")):
        if pattern.search(lead):
            expected = op
    if re.match(r"\s*(?:before|prior\s+to|until)\b", text, re.I):
        expected = "<"
    elif re.match(r"\s*(?:since|after)\b", text, re.I):
        expected = ">"
    dates = _filters(graph, "Date", "value")
    matching = [f for f in dates if any(_overlap(f.value, a) for a in accepted)]
    if not matching:
        value = mention.value or mention.text
        return (f"the question gives the date {said}, so add a Date with value {_q(value)} joined by sent_on "
                "(email) or occurred_on (event)")
    if expected and not any(f.op == expected for f in matching):
        word = "before" if expected == "<" else "on or after"
        return f"the question says {said} ({word}), so the Date filter needs op {_q(expected)}"
    return None


# -- first-person verbs --

def _verb_problem(graph: "QueryGraph", verb: FirstPersonVerb) -> str | None:
    said = f"the question says '{verb.text}'"
    selves = _vars(graph, "Self")
    emails = _vars(graph, "Email")
    if verb.needs == "sent":
        if any(_has_edge(graph, e, "from", s) for e in emails for s in selves):
            return None
        return f"{said}, so add Email from Self (the user sent the email)"
    events = _vars(graph, "Event")
    mine = [ev for ev in events if any(_has_edge(graph, s, "attended", ev) for s in selves)]
    people = _vars(graph, "Person")
    if verb.needs == "received":
        if any(_has_edge(graph, e, "to", s) for e in emails for s in selves):
            return None
        # "the links the people I met sent me": the user is in the graph as the one who met them (section 4.1);
        # "whoever sent me F": the sender of a named file is who it is, whoever else got it
        met = [p for p in people if any(_has_edge(graph, p, "attended", ev) for ev in mine)]
        named_files = {f.var for f in graph.filters if f.field == "name" and graph.var_type(f.var).value == "File"}
        if any(_has_edge(graph, e, "from", p) and (p in met or any(_has_edge(graph, e, "has_attachment", f)
                                                                   for f in named_files))
               for e in emails for p in people):
            return None
        return f"{said}, so add Email to Self (the user received the email)"
    if verb.needs == "attended":
        if mine:
            return None
        return f"{said}, so add Self attended Event (the user was at the event)"
    # met: the user and the people asked about attended the same event
    attended_by_people = [ev for ev in events if any(_has_edge(graph, p, "attended", ev) for p in people)]
    if mine and (not attended_by_people or set(mine) & set(attended_by_people)):
        return None
    return (f"{said}, so add Self attended the same event (Self -attended-> Event <-attended- Person): "
            "the user was at that event too")


# -- a name written as words to look for --

def _names_as_words(graph: "QueryGraph", mentions: list["Mention"]) -> list[tuple[str, "FilterConstraint"]]:
    """Subject, body or title filters whose value is a person the question names ("subject contains Jane Doe")."""
    people = set()
    for m in mentions:
        if m.kind in ("person", "self"):
            people |= _accepted(m)
    out = []
    for flt in _filters(graph, "Email", "subject", "content") + _filters(graph, "Event", "name"):
        if norm(flt.value) in people:
            what = "an event title" if graph.vars[flt.var] == "Event" else f"words of the email's {flt.field}"
            out.append((f"{_q(str(flt.value))} is a person, not {what}: remove the filter {flt.var}.{flt.field} "
                        f"{flt.op} {_q(str(flt.value))} and join a Person with that name instead", flt))
    return out


# -- first / last --

_ORDINALS = {"last": "last", "latest": "last", "newest": "last", "most recent": "last", "first": "first",
             "earliest": "first", "oldest": "first"}
_ORDINAL = regex_cache.compile(r"(?<![-\w])(last|latest|newest|most\s+recent|first|earliest|oldest)\b(?!\s+(?:\d+|week|weeks|month|"
                      r"months|year|years|day|days|quarter|night|time|monday|tuesday|wednesday|thursday|friday|"
                      r"saturday|sunday|name|names|weekend|spring|summer|fall|autumn|winter|couple|few|several|two|fortnight|"
                      r"third|half|hundred|one\s+hundred|eleven|(?:thir|fif|six|seven|eigh|nine)teen|"
                      r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
                      r"christmas|xmas|holidays|easter|thanksgiving|halloween|valentine\w*|working|business|work\s*days?|"
                      r"weekdays?|"
                      r"of\s+(?:the\s+month|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|"
                      r"sep\w*|oct\w*|nov\w*|dec\w*)|"
                      r"three|four|five|six|seven|eight|nine|ten|twelve|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|"
                      r"jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\b)", re.I)


def _ordinal_problems(graph: "QueryGraph", question: str, mentions: list["Mention"]) -> list[str]:
    """"the last email", "when did I last hear from X": an Email ordinal; "last month" is a date, not one."""
    named = [(m.start, m.end) for m in mentions]  # "last month", "Local-first meetup", "First steps.pdf"
    for match in _ORDINAL.finditer(question):
        if any(start <= match.start() < end for start, end in named):
            continue
        word = " ".join(match.group(1).lower().split())
        value = _ORDINALS[word]
        if any(f.field == "ordinal" and str(f.value) == value for f in graph.filters):
            return []
        return [f"the question says '{match.group(1)}', so add the filter ordinal = \"{value}\" on the Email "
                "it picks"]
    return []


# -- values that must exist in the data --

def _unknown_values(graph: "QueryGraph", lexicon: "Lexicon", mentions: list["Mention"]) -> list[str]:
    out = []
    for flt in graph.filters:
        type_name = graph.vars.get(flt.var)
        check = _EXISTS.get((type_name, flt.field))
        if check is None:
            continue
        known, finder = check
        pool = known(lexicon)
        if not pool:  # the sources say nothing of this kind: nothing to check against
            continue
        if finder(str(flt.value), flt.op, lexicon):
            continue
        close = _closest(str(flt.value), pool)
        hint = f" (did you mean {' or '.join(_q(c) for c in close)}?)" if close else ""
        out.append(f"no {_KIND_WORD[(type_name, flt.field)]} {_q(str(flt.value))} is in the user's data{hint}; "
                   "use the value as the question names it")
    return out


def _people_names(lexicon: "Lexicon") -> list[str]:
    """Other people's names (the user's own names alone do not say the sources know any people)."""
    return [lexicon.person_name(a) or a for a in lexicon.people]


def _person_exists(value: str, _op: str, lexicon: "Lexicon") -> bool:
    v = norm(value)
    if "@" in v:
        return v in lexicon.people or v in {norm(a) for a in lexicon.self_addresses}
    names = [n for counter in lexicon.people.values() for n in counter] + list(lexicon.self_names)
    for name in names:
        if v in name_variants(name) or v in norm(name).replace(",", " ").split():
            return True
    return False


def _event_exists(value: str, op: str, lexicon: "Lexicon") -> bool:
    v = norm(value)
    titles = [norm(t) for t in lexicon.event_titles]
    if op == "=":
        return v in titles or any(v in t for t in titles)  # "=" reads loosely: the executor says "no match"
    return any(v in t for t in titles) or _words(v) <= set().union(*(_words(t) for t in titles))


def _subject_exists(value: str, _op: str, lexicon: "Lexicon") -> bool:
    known = {norm(w) for w in lexicon.subject_words}
    return all(w in known for w in _words(value))


def _place_exists(value: str, _op: str, lexicon: "Lexicon") -> bool:
    return any(place_matches(p, value) or norm(value) in norm(p) for p in lexicon.places)


def _file_exists(value: str, _op: str, lexicon: "Lexicon") -> bool:
    return norm(value) in {norm(n) for n in lexicon.file_names}


def _extension_exists(value: str, _op: str, lexicon: "Lexicon") -> bool:
    return norm(value).lstrip(".") in {extension_of(n) for n in lexicon.file_names}


def _folder_exists(value: str, _op: str, lexicon: "Lexicon") -> bool:
    return norm(value) in {norm(n) for n in lexicon.folders}


def _domain_exists(value: str, _op: str, lexicon: "Lexicon") -> bool:
    return any(url_matches(d, value) or url_matches(value, d) or norm(d) in norm(value) for d in lexicon.domains)


_EXISTS = {
    ("Person", "name"): (_people_names, _person_exists),
    ("Person", "email_address"): (lambda lx: list(lx.people), _person_exists),
    ("Place", "name"): (lambda lx: list(lx.places), _place_exists),
    ("Event", "name"): (lambda lx: list(lx.event_titles), _event_exists),
    ("Email", "subject"): (lambda lx: list(lx.subject_words), _subject_exists),
    ("File", "name"): (lambda lx: list(lx.file_names), _file_exists),
    ("File", "extension"): (lambda lx: sorted({extension_of(n) for n in lx.file_names} - {""}), _extension_exists),
    ("Folder", "name"): (lambda lx: list(lx.folders), _folder_exists),
    ("Webpage", "url"): (lambda lx: list(lx.domains), _domain_exists),
}
_KIND_WORD = {
    ("Person", "name"): "person named", ("Person", "email_address"): "person with the address",
    ("Place", "name"): "place", ("Event", "name"): "event titled", ("Email", "subject"): "email subject word",
    ("File", "name"): "file named", ("File", "extension"): "file of type", ("Folder", "name"): "folder named",
    ("Webpage", "url"): "web site",
}


def _closest(value: str, pool: list[str], n: int = 2) -> list[str]:
    import difflib

    by_norm: dict[str, str] = {}
    for item in pool:
        by_norm.setdefault(norm(item), item)
    return [by_norm[c] for c in difflib.get_close_matches(norm(value), list(by_norm), n=n, cutoff=0.6)]


# ---- fixes that need no model ------------------------------------------------------------------

def fix_coverage(graph: "QueryGraph", question: str, mentions: Iterable["Mention"] = ()) -> tuple["QueryGraph", list[str]]:
    """Add what a first-person verb or "the last/first" needs, where only one place in the graph fits.

    A small model often sends the same graph back after a repair turn. These gaps have one meaning each
    (DESIGN.md: "I met" = Self attended the same event; "I sent" = Email from Self; "sent me" = Email
    to Self; "the last email" = ordinal last), so when the graph has exactly one Event (or Email) to
    attach them to, they are added by rule. Returns the graph (unchanged when nothing fits) and one line
    per addition, for ``Generation.notes``.
    """
    from ..graph import QueryGraph

    mentions = list(mentions or ())
    data = graph.to_json()
    fixes: list[str] = []
    types = data["vars"]
    misplaced = [flt for _message, flt in _names_as_words(graph, mentions)]
    if misplaced and any(_filters(graph, "Person", "name", "email_address")):  # the name is there as a Person too
        data["constraints"] = [c for c, orig in zip(data["constraints"], graph.constraints) if orig not in misplaced]
        fixes += [f"removed {flt.describe()}: it is a person's name, and the Person is there" for flt in misplaced]

    def self_var() -> str:
        for v, t in types.items():
            if t == "Self":
                return v
        name = "self" if "self" not in types else "self2"
        types[name] = "Self"
        return name

    def edge(a: str, name: str, b: str) -> None:
        data["constraints"].append({"kind": "edge", "from": a, "edge": name, "to": b})

    for verb in first_person_verbs(question):
        current = QueryGraph.parse(data)
        if _verb_problem(current, verb) is None:
            continue
        emails, events = _vars(current, "Email"), _vars(current, "Event")
        if verb.needs in ("met", "attended"):
            people_events = [ev for ev in events if any(_has_edge(current, p, "attended", ev)
                                                        for p in _vars(current, "Person"))]
            targets = people_events if verb.needs == "met" else events
            if len(targets) == 1:
                edge(self_var(), "attended", targets[0])
                fixes.append(f"added Self attended {targets[0]}: the question says '{verb.text}'")
        elif len(emails) == 1:
            e = emails[0]
            field = "from" if verb.needs == "sent" else "to"
            if verb.needs == "sent" and any(x.from_ == e and x.edge == "from" for x in current.edges):
                continue  # a sender is already there: which one is meant is for the user to say
            edge(e, field, self_var())
            fixes.append(f"added {e} {field} Self: the question says '{verb.text}'")
    current = QueryGraph.parse(data)
    for problem in _ordinal_problems(current, question, mentions):
        emails = _vars(current, "Email")
        if len(emails) != 1:
            break
        value = "last" if '"last"' in problem else "first"
        data["constraints"].append({"kind": "filter", "var": emails[0], "field": "ordinal", "op": "=",
                                    "value": value})
        if data["return_var"] == emails[0]:
            data["return_mode"] = "one"
        fixes.append(f"added {emails[0]}.ordinal = {value}: the question says '{problem.split(chr(39))[1]}'")
    if not fixes:
        return graph, []
    return QueryGraph.parse(data), fixes
