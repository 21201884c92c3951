"""Worked examples for the prompt: a bank of (question, graph) pairs and a BM25 pick per question.

Small models copy the shape of the nearest example, so the prompt shows the few bank entries most like
the question. The ranking is a small pure-Python Okapi BM25 over lightly stemmed words (no dependency;
the bank is a few dozen short questions). The bank covers every relation and every filter field of the
schema, with varied wording and people's names that do not appear in the benchmarks.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from ..graph import QueryGraph


@dataclass(frozen=True)
class Example:
    question: str
    graph: QueryGraph


def _g(question: str, ret: str, vars_: str, edges: str = "", filters: Iterable[tuple] = (),
       action: str = "find", mode: str = "all") -> tuple[str, dict]:
    """A bank entry written compactly: vars "e:Email p:Person", edges "e from p; e to self"."""
    graph = {
        "action": action, "return_var": ret, "return_mode": mode,
        "vars": dict(item.split(":") for item in vars_.split()),
        "constraints": [{"kind": "edge", "from": a, "edge": edge, "to": b}
                        for a, edge, b in (part.split() for part in edges.split(";") if part.strip())]
                       + [{"kind": "filter", "var": v, "field": f, "op": op, "value": value}
                          for v, f, op, value in filters],
    }
    return question, graph


BANK: tuple[tuple[str, dict], ...] = (
    # mail between people and the user
    _g("Show me the emails Priya Patel sent me last week", "e", "e:Email p:Person self:Self d:Date",
       "e from p; e to self; e sent_on d", [("p", "name", "=", "Priya Patel"), ("d", "value", "=", "last week")]),
    _g("Which messages did I send to Tom Becker?", "e", "e:Email self:Self p:Person",
       "e from self; e to p", [("p", "name", "=", "Tom Becker")]),
    _g("How many emails have I exchanged with carlos@ruiz.net?", "e", "e:Email p:Person self:Self",
       "e participants p; e participants self", [("p", "email_address", "=", "carlos@ruiz.net")], action="count"),
    _g("List everyone who was copied on mails about the quarterly report", "p", "p:Person e:Email",
       "e to p", [("e", "subject", "contains", "quarterly report")]),
    _g("Who wrote to me about the server outage?", "p", "p:Person e:Email self:Self",
       "e from p; e to self", [("e", "subject", "contains", "server outage")]),
    _g("Which mails mention the contract renewal in their text?", "e", "e:Email",
       "", [("e", "content", "contains", "contract renewal")]),
    _g("What was the first message Sam Lee ever sent me?", "e", "e:Email p:Person self:Self",
       "e from p; e to self", [("p", "name", "=", "Sam Lee"), ("e", "ordinal", "=", "first")], mode="one"),
    _g("Which was the latest mail I got on 3 March 2025?", "e", "e:Email self:Self d:Date",
       "e to self; e sent_on d", [("d", "value", "=", "on 3 March 2025"), ("e", "ordinal", "=", "last")],
       mode="one"),
    _g("Get the most recent email I sent", "e", "e:Email self:Self",
       "e from self", [("e", "ordinal", "=", "last")], mode="one"),
    _g("Emails whose body talks about the invoice, sent after January 2026", "e", "e:Email d:Date",
       "e sent_on d", [("e", "content", "contains", "invoice"), ("d", "value", ">", "January 2026")]),
    _g("Find mail I received between March and May 2025", "e", "e:Email self:Self d:Date",
       "e to self; e sent_on d", [("d", "value", "=", "between March and May 2025")]),
    _g("Count the messages I got before 2024", "e", "e:Email self:Self d:Date",
       "e to self; e sent_on d", [("d", "value", "<", "2024")], action="count"),
    _g("Which emails with travel plans in the subject did Mia Chen send or receive?", "e", "e:Email p:Person",
       "e participants p", [("e", "subject", "contains", "travel plans"), ("p", "name", "=", "Mia Chen")]),
    _g("What is Priya Patel's email address?", "p", "p:Person", "", [("p", "name", "=", "Priya Patel")]),
    _g("Who is ana@studio.io?", "p", "p:Person", "", [("p", "email_address", "=", "ana@studio.io")]),
    _g("Who emailed the person that sent me roadmap.docx?", "p1",
       "p1:Person e1:Email p2:Person e2:Email self:Self f:File",
       "e1 from p1; e1 to p2; e2 from p2; e2 to self; e2 has_attachment f", [("f", "name", "=", "roadmap.docx")]),
    _g("Who has been in email threads with the sender of roadmap.docx?", "p1",
       "p1:Person e2:Email p2:Person e1:Email f:File",
       "e2 participants p1; e2 participants p2; e1 from p2; e1 has_attachment f", [("f", "name", "=", "roadmap.docx")]),
    # attachments, files and folders
    _g("Show every email attachment that is a .png image", "f", "f:File e:Email",
       "e has_attachment f", [("f", "extension", "=", "png")]),
    _g("What files did Mia Chen attach to her emails?", "f", "f:File e:Email p:Person",
       "e has_attachment f; e from p", [("p", "name", "=", "Mia Chen")]),
    _g("Find the PDF attachments I received in March", "f", "f:File e:Email self:Self d:Date",
       "e has_attachment f; e to self; e sent_on d", [("f", "extension", "=", "pdf"), ("d", "value", "=", "in March")]),
    _g("How many .jpg pictures were emailed to me?", "f", "f:File e:Email self:Self",
       "e has_attachment f; e to self", [("f", "extension", "=", "jpg")], action="count"),
    _g("Who sent me csv files?", "p", "p:Person e:Email self:Self f:File",
       "e from p; e to self; e has_attachment f", [("f", "extension", "=", "csv")]),
    _g("Which emails carried the attachment invoice-042.pdf?", "e", "e:Email f:File",
       "e has_attachment f", [("f", "name", "=", "invoice-042.pdf")]),
    _g("Which directories hold a copy of notes.md?", "dir", "dir:Folder f:File",
       "f parent dir", [("f", "name", "=", "notes.md")]),
    _g("In which folders are the files Tom Becker attached to his emails?", "dir",
       "dir:Folder f:File e:Email p:Person",
       "f parent dir; e has_attachment f; e from p", [("p", "name", "=", "Tom Becker")]),
    _g("List the files inside the Taxes folder", "f", "f:File dir:Folder",
       "f parent dir", [("dir", "name", "=", "Taxes")]),
    _g("Which emails have attachments that are stored in my Projects folder?", "e", "e:Email f:File dir:Folder",
       "e has_attachment f; f parent dir", [("dir", "name", "=", "Projects")]),
    _g("Where on disk are the word documents I sent to Omar Haddad?", "dir",
       "dir:Folder f:File e:Email self:Self p:Person",
       "f parent dir; e has_attachment f; e from self; e to p",
       [("f", "extension", "=", "docx"), ("p", "name", "=", "Omar Haddad")]),
    # web links
    _g("What links were shared in emails with the subject reading list?", "w", "w:Webpage e:Email",
       "e mentions_url w", [("e", "subject", "contains", "reading list")]),
    _g("Show the emails that link to github.com", "e", "e:Email w:Webpage",
       "e mentions_url w", [("w", "url", "=", "github.com")]),
    _g("Which websites did Carlos Ruiz mention when he wrote to me?", "w", "w:Webpage e:Email p:Person self:Self",
       "e mentions_url w; e from p; e to self", [("p", "name", "=", "Carlos Ruiz")]),
    _g("Which nytimes.com pages were in mail to Sam Lee?", "w", "w:Webpage e:Email p:Person",
       "e mentions_url w; e to p", [("w", "url", "=", "nytimes.com"), ("p", "name", "=", "Sam Lee")]),
    _g("Which websites were mentioned in mail from people I saw at events in March?", "w",
       "w:Webpage e:Email p:Person ev:Event self:Self d:Date",
       "e mentions_url w; e from p; p attended ev; self attended ev; ev occurred_on d", [("d", "value", "=", "in March")]),
    # events, places and dates
    _g("Which meetings did I attend in Berlin?", "ev", "ev:Event self:Self pl:Place",
       "self attended ev; ev location pl", [("pl", "name", "=", "Berlin")]),
    _g("Where was the Design review held?", "pl", "pl:Place ev:Event",
       "ev location pl", [("ev", "name", "=", "Design review")]),
    _g("Who came to the kickoff meetings?", "p", "p:Person ev:Event",
       "p attended ev", [("ev", "name", "contains", "kickoff")]),
    _g("How many events did I go to before June 2025?", "ev", "ev:Event self:Self d:Date",
       "self attended ev; ev occurred_on d", [("d", "value", "<", "June 2025")], action="count"),
    _g("List the calendar entries since March 1, 2026", "ev", "ev:Event d:Date",
       "ev occurred_on d", [("d", "value", ">", "March 1, 2026")]),
    _g("Which appointments were on 12 May 2025?", "ev", "ev:Event d:Date",
       "ev occurred_on d", [("d", "value", "=", "on 12 May 2025")]),
    _g("Show the events called Weekly sync", "ev", "ev:Event", "", [("ev", "name", "=", "Weekly sync")]),
    _g("Count the meetings with standup in their title", "ev", "ev:Event",
       "", [("ev", "name", "contains", "standup")], action="count"),
    _g("List people who were at a meeting together with Mia Chen", "p1", "p1:Person ev:Event p2:Person",
       "p1 attended ev; p2 attended ev", [("p2", "name", "=", "Mia Chen")]),
    _g("Who else attended the events that Priya Patel went to?", "p1", "p1:Person ev:Event p2:Person",
       "p1 attended ev; p2 attended ev", [("p2", "name", "=", "Priya Patel")]),
    _g("Which meetings were attended by people who have sent me files?", "ev",
       "ev:Event p:Person e:Email self:Self f:File",
       "p attended ev; e from p; e to self; e has_attachment f"),
    _g("Whom have I met at events held in Paris?", "p", "p:Person ev:Event self:Self pl:Place",
       "p attended ev; self attended ev; ev location pl", [("pl", "name", "=", "Paris")]),
    _g("Which events happened last month at the Main Office?", "ev", "ev:Event d:Date pl:Place",
       "ev occurred_on d; ev location pl", [("d", "value", "=", "last month"), ("pl", "name", "=", "Main Office")]),
    _g("What meetings did the people who emailed me about the launch go to?", "ev",
       "ev:Event p:Person e:Email self:Self",
       "p attended ev; e from p; e to self", [("e", "subject", "contains", "launch")]),
    _g("In which places did I have events in 2025?", "pl", "pl:Place ev:Event self:Self d:Date",
       "ev location pl; self attended ev; ev occurred_on d", [("d", "value", "=", "in 2025")]),
    _g("Which emails did I send to people I met at the Budget offsite?", "e",
       "e:Email self:Self p:Person ev:Event",
       "e from self; e to p; p attended ev", [("ev", "name", "=", "Budget offsite")]),
)


@lru_cache(maxsize=1)
def example_bank() -> tuple[Example, ...]:
    """The bank, every graph parsed (and so validated) by ``QueryGraph.parse``."""
    return tuple(Example(q, QueryGraph.parse(g)) for q, g in BANK)


# ---- BM25 --------------------------------------------------------------------------------------

_WORD = re.compile(r"[a-z0-9]+(?:[.@][a-z0-9]+)*")
STOPWORDS = frozenset(
    "a an the of to in on at for and or with by from is are was were be been do did does have has had "
    "that which what this these those it its their there any all some show find list get give me please "
    "s ever".split()
)
# Words that mean the same thing to the schema; mapped onto one form so they match each other.
_SYNONYMS = {
    "mail": "email", "message": "email", "e-mail": "email", "emailed": "email", "mailed": "email",
    "meeting": "event", "appointment": "event", "entry": "event", "calendar": "event",
    "directory": "folder", "link": "url", "website": "url", "page": "url", "webpage": "url", "site": "url",
    "attached": "attachment", "attach": "attachment", "wrote": "sent", "send": "sent",
    "got": "received", "receive": "received", "whom": "who", "held": "location", "where": "location",
    "attend": "attended", "present": "attended", "came": "attended", "went": "attended", "saw": "met",
    "conversation": "thread", "sender": "sent",
}


def tokenize(text: str) -> list[str]:
    """Lower-cased words, plurals crudely stripped, synonyms folded, stop words dropped."""
    words = []
    for word in _WORD.findall(text.lower()):
        if word in STOPWORDS:
            continue
        if len(word) > 4 and word.endswith("ies"):
            word = word[:-3] + "y"
        elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        words.append(_SYNONYMS.get(word, word))
    return words


_MONTHS = frozenset("january february march april may june july august september october november december "
                    "jan feb mar apr jun jul aug sep sept oct nov dec".split())
_EXTENSIONS = frozenset("pdf txt csv jpg jpeg png gif docx doc xlsx xls pptx ppt md zip mp3 mp4 json html".split())
_SELF_WORDS = frozenset("i me my mine myself you your".split())
_RAW_WORD = re.compile(r"[A-Za-z0-9][\w.@'-]*")


def shape_words(text: str) -> list[str]:
    """Words for matching a question's shape: names, addresses, file names and dates become placeholders.

    "emails from Omar Haddad" and "emails from Jane Doe" ask the same thing; the people's names must not
    decide which example is shown, the words around them should.
    """
    out: list[str] = []
    for i, raw in enumerate(_RAW_WORD.findall(text)):
        word = raw.strip(".'-").lower()
        if "@" in word:
            out.append("_address")
        elif re.search(r"[a-z0-9]\.[a-z0-9]{2,5}$", word):
            out.append("_filename")
        elif word in _EXTENSIONS:
            out.append("_extension")
        elif word in _MONTHS or re.fullmatch(r"(19|20)\d\d", word):
            out.append("_date")
        elif i > 0 and raw[0].isupper() and word not in ("i",):
            if not out or out[-1] != "_name":  # "Jane Doe" is one name
                out.append("_name")
        elif word in _SELF_WORDS:
            out.append("_self")
        else:
            out.extend(tokenize(word))
    return out


class BM25:
    """Okapi BM25 over a fixed list of short documents."""

    def __init__(self, documents: list[str], k1: float = 1.2, b: float = 0.75, analyzer=tokenize):
        self.analyzer = analyzer
        self.docs = [Counter(analyzer(d)) for d in documents]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = sum(self.lengths) / max(1, len(self.lengths))
        df = Counter(word for d in self.docs for word in d)
        n = len(self.docs)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in df.items()}
        self.k1, self.b = k1, b

    def scores(self, query: str) -> list[float]:
        words = self.analyzer(query)
        out = []
        for doc, length in zip(self.docs, self.lengths):
            score = 0.0
            for w in words:
                tf = doc.get(w, 0)
                if tf:
                    norm = tf + self.k1 * (1 - self.b + self.b * length / self.avg)
                    score += self.idf[w] * tf * (self.k1 + 1) / norm
            out.append(score)
        return out


@lru_cache(maxsize=1)
def _bank_index() -> BM25:
    return BM25([e.question for e in example_bank()], analyzer=shape_words)


# The first noun phrase made of these words names the type of the answer ("Find the file folders ..." ->
# Folder, "who ..." -> Person, "How many emails ..." -> Email).
_ANSWER_CUES: tuple[tuple[str, str], ...] = (
    ("folder", "Folder"), ("directory", "Folder"), ("who", "Person"), ("people", "Person"), ("person", "Person"),
    ("url", "Webpage"), ("location", "Place"), ("place", "Place"), ("event", "Event"),
    ("attachment", "File"), ("file", "File"), ("document", "File"), ("email", "Email"),
)
ANSWER_TYPE_BONUS = 0.3  # of the best BM25 score: the answer's type is the part of the shape that matters most


def answer_type(question: str) -> str | None:
    """The type the question asks for: the last word of its first run of cue words (None if none)."""
    cues = dict(_ANSWER_CUES)
    found = None
    for raw in _WORD.findall(question.lower()):  # stop words kept: they end a noun phrase
        word = (tokenize(raw) or [raw])[0]
        if word in cues:
            found = cues[word]  # in "email attachments" or "file folders" the last noun is the head
        elif found:
            return found
    return found


def select_examples(question: str, k: int = 3, bank: tuple[Example, ...] | None = None) -> list[Example]:
    """The ``k`` bank examples most like ``question``, least similar first (the nearest sits next to it).

    BM25 over the questions' shape words, plus a bonus for examples whose answer has the type the
    question asks for.
    """
    if k <= 0:
        return []
    bank = bank if bank is not None else example_bank()
    index = _bank_index() if bank is example_bank() else BM25([e.question for e in bank], analyzer=shape_words)
    scores = index.scores(question)
    wanted = answer_type(question)
    if wanted and scores:
        bonus = ANSWER_TYPE_BONUS * max(scores)
        scores = [s + (bonus if s > 0 and e.graph.vars[e.graph.return_var] == wanted else 0.0)
                  for s, e in zip(scores, bank)]
    scored = sorted(zip(scores, range(len(bank))), key=lambda s: (-s[0], s[1]))
    chosen = [bank[i] for score, i in scored[:k] if score > 0] or [bank[i] for _, i in scored[:k]]
    return list(reversed(chosen))


# ---- is the question about the user's data at all? ---------------------------------------------

_TOPIC_WORDS = frozenset(
    "email sent received inbox reply cc bcc who person people contact someone anyone everyone address "
    "attachment file document folder disk saved stored extension "
    "event calendar meeting attended location place "
    "url web date when day week month year yesterday today ago recent latest last first earliest "
    "i me my mine myself we our us you your count many number subject body "
    "thread conversation message mail inbox wrote forwarded sender recipient colleague attendee "
    "photo picture image screenshot spreadsheet presentation slide doc pdf "
    "meetup conference call invite invitation offsite appointment venue room office link site page website".split()
)


# Question words that say nothing about what is asked.
_GENERIC = frozenset("how why whose tell know called together held one about he her she him his it inside "
                     "between most go came hold carried".split())


@lru_cache(maxsize=1)
def topic_vocabulary() -> frozenset[str]:
    """Words that tie a question to the schema: the bank's wording (not its values) and core words."""
    from ..reader.rules.parser import EXTENSION_WORDS  # file-type words ("spreadsheets", "word", "txt")

    words = set(tokenize(" ".join(_TOPIC_WORDS))) | set(tokenize(" ".join(EXTENSION_WORDS)))
    for example in example_bank():
        values = {w for f in example.graph.filters for w in tokenize(str(f.value))}
        words.update(w for w in tokenize(example.question) if w not in values)
    return frozenset(words - _GENERIC)


def off_topic(question: str) -> bool:
    """True when the question shares no word with the schema's subject matter (e.g. the weather)."""
    words = tokenize(question)
    if any("@" in w or re.search(r"\.[a-z0-9]{2,5}$", w) for w in words):  # an address or a file name
        return False
    return not any(w in topic_vocabulary() for w in words)
