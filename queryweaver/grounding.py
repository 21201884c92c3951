"""Grounding: what the user's own data names, and where a question mentions it.

While indexing, each connector adds what its data names to a ``Lexicon``: people (addresses and the
display names seen for them), the user's own names and addresses, event locations and titles, file and
folder names, web domains, subject words. ``ground(question, lexicon)`` finds the spans of a question that
name those things, case-insensitively and tolerant of possessives and small typos, and returns typed
``Mention``s. Every question parser (the offline one and the LLM path) reads these mentions, so "jane doe",
"Jane's" and "Jnae Doe" all become the person Jane Doe, and the user's own name becomes Self.

The lexicon never leaves the machine; only the mentions found in a question may go into an LLM prompt.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable
from urllib.parse import urlsplit

__all__ = ["LEXICON_VERSION", "Lexicon", "LexiconKind", "LexiconRow", "Mention", "MentionKind", "subject_words",
           "url_domain"]

# Bump when what a connector stores in its index's ``lexicon`` table changes: stored lexicons are then rebuilt.
LEXICON_VERSION = "1"

LexiconRow = tuple[str, str, str, int]   # (kind, value, extra, count), as an index's lexicon table holds them


class LexiconKind:
    """The kinds of stored lexicon rows. ``PERSON`` rows: value = lower-cased address, extra = a display name
    seen for it ('' = none), count = how often that pair was seen. Other kinds: value = the text, extra ''.

    The user's own addresses are stored as people too, so a stored lexicon does not depend on ``[self]``;
    ``Lexicon.add_rows`` and ``Lexicon.settle_self`` turn them into Self's names when read.
    """

    PERSON = "person"
    PLACE = "place"
    EVENT_TITLE = "event_title"
    FILE = "file"
    FOLDER = "folder"
    DOMAIN = "domain"
    SUBJECT_WORD = "subject_word"


_FIELDS = {LexiconKind.PLACE: "places", LexiconKind.EVENT_TITLE: "event_titles", LexiconKind.FILE: "file_names",
           LexiconKind.FOLDER: "folders", LexiconKind.DOMAIN: "domains", LexiconKind.SUBJECT_WORD: "subject_words"}

_WORD = re.compile(r"[^\W\d_]{3,}")
# words of 3+ letters too common in subjects to name anything
SUBJECT_STOP_WORDS = frozenset("""
the and for with from your you our are was were this that these those about into onto over under fwd
not but all any can will has have had new out off get got how what when who why its per via just now
then than them they their there here been also some more most very please thanks thank hello
""".split())


def subject_words(subject: str) -> set[str]:
    """The lower-cased words of 3+ letters of a subject, minus ``SUBJECT_STOP_WORDS`` (each once)."""
    return {w for w in _WORD.findall(subject.casefold()) if w not in SUBJECT_STOP_WORDS}


def url_domain(url: str) -> str | None:
    """'https://www.GitHub.com/x' -> 'github.com' (host lower-cased, without 'www.'); None when there is none."""
    text = url.strip()
    try:
        host = urlsplit(text if "://" in text else "http://" + text).hostname
    except ValueError:
        return None
    host = (host or "").rstrip(".").removeprefix("www.")
    return host if "." in host else None


class MentionKind:
    """What a mention names (plain strings so they go straight into JSON)."""

    PERSON = "person"          # value: the person's canonical name (or address when no name is known)
    SELF = "self"              # the user's own name or address
    PLACE = "place"            # value: the location text as the calendar writes it
    EVENT_TITLE = "event_title"  # value: the words of event titles the span matched ("planning session")
    FILE = "file"              # value: a file name ("budget.xlsx")
    EXTENSION = "extension"    # value: an extension without the dot ("xlsx")
    FOLDER = "folder"          # value: a folder's name
    DOMAIN = "domain"          # value: a web domain ("github.com")
    SUBJECT = "subject"        # value: subject words
    DATE = "date"              # value: the date expression as written


@dataclass
class Lexicon:
    """What the user's data names. Keys are as seen in the data; lookups lower-case them.

    ``people`` maps a lower-cased address to the display names seen for it with their counts (the most
    frequent is the person's name, as DESIGN.md says). Counts elsewhere are how many items carry the text.
    """

    self_names: set[str] = field(default_factory=set)
    self_addresses: set[str] = field(default_factory=set)
    people: dict[str, Counter] = field(default_factory=dict)
    places: Counter = field(default_factory=Counter)
    event_titles: Counter = field(default_factory=Counter)
    file_names: Counter = field(default_factory=Counter)
    folders: Counter = field(default_factory=Counter)
    domains: Counter = field(default_factory=Counter)
    subject_words: Counter = field(default_factory=Counter)

    def add_person(self, address: str, name: str | None = None, count: int = 1) -> None:
        address = (address or "").strip().lower()
        if not address:
            return
        names = self.people.setdefault(address, Counter())
        if name and name.strip() and name.strip().lower() != address:
            names[" ".join(name.split())] += count

    def merge(self, other: "Lexicon") -> None:
        self.self_names |= other.self_names
        self.self_addresses |= other.self_addresses
        for address, names in other.people.items():
            self.people.setdefault(address, Counter()).update(names)
        for name in ("places", "event_titles", "file_names", "folders", "domains", "subject_words"):
            getattr(self, name).update(getattr(other, name))

    def add_rows(self, rows: Iterable[LexiconRow]) -> None:
        """Add stored lexicon rows; people at one of ``self_addresses`` give Self their names instead."""
        counters = {kind: getattr(self, name) for kind, name in _FIELDS.items()}
        people, mine = self.people, self.self_addresses
        for kind, value, extra, count in rows:  # thousands of rows before every question: kept lean
            if kind == LexiconKind.PERSON:
                name = " ".join(extra.split()) if extra else ""
                if value in mine:
                    if name:
                        self.self_names.add(name)
                    continue
                names = people.get(value)
                if names is None:
                    names = people[value] = Counter()
                if name and name.lower() != value:
                    names[name] += count
            else:
                counter = counters.get(kind)
                if counter is not None:
                    counter[value] += count

    def settle_self(self) -> None:
        """Move people at the user's own addresses (known only once every source has spoken) into Self."""
        for address in self.self_addresses & self.people.keys():
            self.self_names.update(self.people.pop(address))

    def person_name(self, address: str) -> str | None:
        """The name seen most often; ties go to the longer, then the alphabetically first (as mailstore names)."""
        names = self.people.get(address.lower())
        return min(names.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))[0] if names else None

    def __len__(self) -> int:
        return (len(self.people) + len(self.places) + len(self.event_titles) + len(self.file_names)
                + len(self.folders) + len(self.domains) + len(self.subject_words))


@dataclass
class Mention:
    """A span of the question that names something in the data (or the user).

    ``start``/``end`` are character offsets into the question; ``text`` the span as written; ``value`` the
    canonical value a filter should use; ``candidates`` the other things the span could name when it is
    ambiguous ("Chen" -> two people), each a (value, detail) pair; ``count`` how many items carry it;
    ``exact`` False when the match needed a typo correction or a partial name.
    """

    start: int
    end: int
    text: str
    kind: str
    value: str
    count: int = 0
    exact: bool = True
    candidates: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text, "kind": self.kind, "value": self.value,
                "count": self.count, "exact": self.exact, "candidates": [list(c) for c in self.candidates]}
