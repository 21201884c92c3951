"""The one normalized record every connector hands the executor, whatever the source."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from .schema import EntityType

# Fields shown for each type in the CLI's JSON and in the web UI (DESIGN.md, CLI contract).
OUTPUT_FIELDS: dict[EntityType, tuple[str, ...]] = {
    EntityType.EMAIL: ("message_id", "subject", "from", "date"),
    EntityType.PERSON: ("email", "name"),
    EntityType.SELF: ("name", "emails"),
    EntityType.FILE: ("name", "path"),
    EntityType.FOLDER: ("path",),
    EntityType.EVENT: ("uid", "name", "start"),
    EntityType.DATE: ("value", "start", "end"),
    EntityType.PLACE: ("name",),
    EntityType.WEBPAGE: ("url",),
}

SELF_KEY = "self"

# Types whose label is their key (a file's name, a URL, a folder's path): an evidence node needs no look-up for them.
LABELLED_BY_KEY = frozenset({EntityType.FILE, EntityType.WEBPAGE, EntityType.FOLDER})

# A field marking an item that carries only its key and what the source's own tools need (a time, a group):
# a step that finds hundreds of events builds them lean, and the source's ``describe`` fills the rest for the
# few that are shown or filtered by a field they lack.
LEAN = "_lean"


@dataclass(slots=True)
class Item:
    """One entity. ``key`` is its identity (DESIGN.md): equal keys from two sources are the same thing."""

    type: EntityType
    key: str
    fields: dict[str, Any] = field(default_factory=dict)

    def merge(self, other: "Item") -> None:
        """Fill fields this item lacks from another record of the same entity (a lean item given every output
        field by it is lean no more)."""
        for name, value in other.fields.items():
            if self.fields.get(name) in (None, "", [], ()) and value not in (None, "", [], ()) and name != LEAN:
                self.fields[name] = value
        if LEAN in self.fields and LEAN not in other.fields and all(
                name in self.fields for name in OUTPUT_FIELDS[self.type]):
            del self.fields[LEAN]

    def output(self) -> dict[str, Any]:
        """The item's public fields, in the documented order."""
        out = {name: self.fields.get(name) for name in OUTPUT_FIELDS[self.type]}
        for name, value in self.fields.items():
            if name not in out and not name.startswith("_"):
                out[name] = value
        return out

    def label(self) -> str:
        """A short human label: a subject, a name, a path."""
        f = self.fields
        if self.type == EntityType.EMAIL:
            return f.get("subject") or "(no subject)"
        if self.type == EntityType.PERSON:
            name = f.get("name")
            return f"{name} <{self.key}>" if name else self.key
        if self.type == EntityType.FOLDER:
            return f.get("path") or self.key
        if self.type == EntityType.EVENT:
            return f.get("name") or self.key
        if self.type == EntityType.DATE:
            return f.get("value") or self.key
        if self.type == EntityType.WEBPAGE:
            return f.get("url") or self.key
        return f.get("name") or self.key


@dataclass(frozen=True, slots=True)
class DateRange:
    """Half-open range of days ``[start, end)``; ``None`` means unbounded on that side."""

    start: date | None
    end: date | None

    def contains(self, day: date) -> bool:
        return (self.start is None or day >= self.start) and (self.end is None or day < self.end)

    def intersect(self, other: "DateRange") -> "DateRange":
        starts = [d for d in (self.start, other.start) if d is not None]
        ends = [d for d in (self.end, other.end) if d is not None]
        return DateRange(max(starts) if starts else None, min(ends) if ends else None)

    @property
    def empty(self) -> bool:
        return self.start is not None and self.end is not None and self.start >= self.end

    def key(self) -> str:
        return f"{self.start.isoformat() if self.start else '..'}/{self.end.isoformat() if self.end else '..'}"

    def __str__(self) -> str:
        from datetime import timedelta

        if self.start and self.end:
            last = self.end - timedelta(days=1)
            return self.start.isoformat() if last == self.start else f"{self.start.isoformat()} to {last.isoformat()}"
        if self.start:
            return f"on or after {self.start.isoformat()}"
        if self.end:
            return f"before {self.end.isoformat()}"
        return "any date"


def day_item(day: date) -> Item:
    """The Date item for one day: what ``email_sent_on_date`` and ``event_occurred_on_date`` return."""
    rng = DateRange(day, day + timedelta(days=1))
    return Item(EntityType.DATE, rng.key(), {"value": day.isoformat(), "start": day.isoformat(),
                                             "end": rng.end.isoformat(), "range": rng})


def file_key(name: str) -> str:
    """The File identity (DESIGN.md): the name as written, in NFC (macOS may hand back decomposed accents)."""
    return name if name.isascii() else unicodedata.normalize("NFC", name)
