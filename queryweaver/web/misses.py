"""Saying plainly when a question names someone the data does not hold: "No one called Jane Doe in your mail
or calendar; did you mean Jane Dow?".

How a question is read does not change (the parser keeps the name as written); only how an empty answer or a
refusal is reported. A miss is ``{"name", "message", "var", "suggestions": [{"name", "address", "question"}]}``:
each suggestion carries the question asked again with that name in place of the missing one (None when the
question does not hold the name as written; the page then edits the graph's filter instead).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from ..reader.grounding import Lexicon, ground, knows_person, people_like

MAIL_TYPES = frozenset({"mbox", "maildir", "emlx", "imap", "gmail"})
CALENDAR_TYPES = frozenset({"ics", "caldav", "gcal"})
# A run of capitalised words, as a name is written ("Jane Doe", "Tomás Ferreira", "Mary-Ann O'Neil").
_NAME_RUN = re.compile(r"(?<![\w@.])(?:[A-Z\u00c0-\u00de][\w'\u2019-]*\s+){1,2}[A-Z\u00c0-\u00de][\w'\u2019-]*")
_NOT_NAME_WORDS = frozenset("find which who what when where how show list did do does is are was were the my "
                            "i in on at from to with and or of for".split())


def where_people_are(source_types: Iterable[str]) -> str:
    """'your mail', 'your calendar' or 'your mail or calendar', from the configured sources."""
    types = set(source_types)
    mail, calendar = bool(types & MAIL_TYPES), bool(types & CALENDAR_TYPES)
    if mail and calendar or not (mail or calendar):
        return "your mail or calendar"
    return "your mail" if mail else "your calendar"


def graph_misses(graph: Any, question: str | None, lexicon: Lexicon | None, where: str) -> list[dict[str, Any]]:
    """Each Person name the graph filters on that no one in the data is called, with the nearest names."""
    if graph is None or lexicon is None or not lexicon.people:
        return []
    misses = []
    for f in graph.filters:
        type_ = graph.vars.get(f.var)
        if getattr(type_, "value", type_) != "Person" or f.field != "name" or not isinstance(f.value, str):
            continue
        if knows_person(f.value, lexicon):
            continue
        misses.append(_miss(f.value, question, lexicon, where, var=f.var))
    return misses


def question_misses(question: str, lexicon: Lexicon | None, where: str) -> list[dict[str, Any]]:
    """For a question that could not be read: names written in it (two or three capitalised words that ground
    to nothing in the data) that are near someone the data holds. Only reported with a suggestion: a run of
    capitals that resembles no one ("New York") is not called a person."""
    if not question or lexicon is None or not lexicon.people:
        return []
    taken = [(m.start, m.end) for m in ground(question, lexicon)]
    misses = []
    for run in _NAME_RUN.finditer(question):
        words = run.group(0).split()
        while words and words[0].lower() in _NOT_NAME_WORDS:
            words = words[1:]
        if len(words) < 2:
            continue
        name = " ".join(words)
        start = run.end() - len(name)
        if any(a < run.end() and start < b for a, b in taken) or knows_person(name, lexicon):
            continue
        miss = _miss(name, question, lexicon, where)
        if miss["suggestions"]:
            misses.append(miss)
    return misses


def _miss(name: str, question: str | None, lexicon: Lexicon, where: str, var: str | None = None) -> dict[str, Any]:
    near = people_like(name, lexicon)
    suggestions = [{"name": person, "address": address, "question": _asked_with(question, name, person)}
                   for person, address in near]
    message = f"No one called {name} in {where}"
    if near:
        message += f"; did you mean {_or(person for person, _a in near)}?"
    return {"name": name, "var": var, "message": message, "suggestions": suggestions}


def _asked_with(question: str | None, name: str, instead: str) -> str | None:
    if not question:
        return None
    found = re.search(re.escape(name), question, re.IGNORECASE)
    if found is None:
        return None
    return question[:found.start()] + instead + question[found.end():]


def _or(names: Iterable[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
