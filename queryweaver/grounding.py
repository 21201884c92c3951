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

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Lexicon", "Mention", "MentionKind"]


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

    def person_name(self, address: str) -> str | None:
        names = self.people.get(address.lower())
        return names.most_common(1)[0][0] if names else None

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
