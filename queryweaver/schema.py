"""The query-graph schema as data: entity types, edge rules and filter fields.

This module is the single source of truth. The validator, the planner, the LLM prompt builder, the
rules parser, the web UI and the tool-retrieval index all read these tables; nothing else spells them out.
Edge rules are stored in the direction the schema names them (``Email --from--> Person``) and every edge
can be traversed both ways by the executor.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class EntityType(str, Enum):
    EMAIL = "Email"
    PERSON = "Person"
    SELF = "Self"
    FILE = "File"
    FOLDER = "Folder"
    EVENT = "Event"
    DATE = "Date"
    PLACE = "Place"
    WEBPAGE = "Webpage"

    def __str__(self) -> str:  # so f-strings show "Email", not "EntityType.EMAIL"
        return self.value


TYPE_DESCRIPTIONS: dict[EntityType, str] = {
    EntityType.EMAIL: "an email message, sent or received",
    EntityType.PERSON: "someone other than the user, identified by an email address",
    EntityType.SELF: "the user asking the question (all of the user's own addresses)",
    EntityType.FILE: "a file, on disk or attached to an email, identified by its file name",
    EntityType.FOLDER: "a folder on disk",
    EntityType.EVENT: "a calendar event (meeting, appointment)",
    EntityType.DATE: "a range of days, written as the user said it",
    EntityType.PLACE: "the location of an event",
    EntityType.WEBPAGE: "a web address (URL) written in an email",
}

# Short variable names used by prompts, the rules parser and examples.
VAR_PREFIX: dict[EntityType, str] = {
    EntityType.EMAIL: "e",
    EntityType.PERSON: "p",
    EntityType.SELF: "self",
    EntityType.FILE: "f",
    EntityType.FOLDER: "dir",
    EntityType.EVENT: "ev",
    EntityType.DATE: "d",
    EntityType.PLACE: "pl",
    EntityType.WEBPAGE: "w",
}


@dataclass(frozen=True)
class EdgeRule:
    """One allowed relation, ``source --name--> target``."""

    source: EntityType
    name: str
    target: EntityType
    description: str

    @property
    def label(self) -> str:
        return f"{self.source} {self.name} {self.target}"


E, P, S = EntityType.EMAIL, EntityType.PERSON, EntityType.SELF

EDGE_RULES: tuple[EdgeRule, ...] = (
    EdgeRule(E, "from", P, "the email was sent by this person"),
    EdgeRule(E, "to", P, "the email was addressed to this person (To, Cc or Bcc)"),
    EdgeRule(E, "participants", P, "this person sent or received the email"),
    EdgeRule(E, "from", S, "the user sent the email"),
    EdgeRule(E, "to", S, "the user received the email"),
    EdgeRule(E, "participants", S, "the user sent or received the email"),
    EdgeRule(E, "has_attachment", EntityType.FILE, "the file is attached to the email"),
    EdgeRule(E, "mentions_url", EntityType.WEBPAGE, "the web address appears in the email's body"),
    EdgeRule(E, "sent_on", EntityType.DATE, "the email's date falls in the date range"),
    EdgeRule(P, "attended", EntityType.EVENT, "the person attended or organised the event"),
    EdgeRule(S, "attended", EntityType.EVENT, "the user attended or organised the event"),
    EdgeRule(EntityType.FILE, "parent", EntityType.FOLDER, "a folder on disk holds a file of that name"),
    EdgeRule(EntityType.EVENT, "occurred_on", EntityType.DATE, "the event starts within the date range"),
    EdgeRule(EntityType.EVENT, "location", EntityType.PLACE, "the event takes place at this place"),
)

EDGE_NAMES: tuple[str, ...] = tuple(dict.fromkeys(rule.name for rule in EDGE_RULES))


def find_edge_rule(a: EntityType, edge: str, b: EntityType) -> tuple[EdgeRule, bool] | None:
    """The rule allowing ``a --edge-- b`` and whether it is written reversed (b is the rule's source)."""
    for rule in EDGE_RULES:
        if rule.name != edge:
            continue
        if rule.source == a and rule.target == b:
            return rule, False
        if rule.source == b and rule.target == a:
            return rule, True
    return None


def tool_name(known: EntityType, edge: str, wanted: EntityType) -> str:
    """The paper's tool naming: ``person_from_email`` finds the emails from given persons."""
    return f"{known.value.lower()}_{edge}_{wanted.value.lower()}"


@dataclass(frozen=True)
class FilterField:
    type: EntityType
    name: str
    operators: tuple[str, ...]
    description: str
    example: str


FILTER_FIELDS: tuple[FilterField, ...] = (
    FilterField(E, "subject", ("contains",), "words in the subject line", "budget"),
    FilterField(E, "content", ("contains",), "words in the body", "invoice"),
    FilterField(E, "ordinal", ("=",), "pick the first or last email by date", "last"),
    FilterField(P, "name", ("=",), "the person's name", "Jane Doe"),
    FilterField(P, "email_address", ("=",), "the person's email address", "jane@example.com"),
    FilterField(EntityType.FILE, "name", ("=",), "the file name", "budget.xlsx"),
    FilterField(EntityType.FILE, "extension", ("=",), "the file type, without the dot", "txt"),
    FilterField(EntityType.EVENT, "name", ("=", "contains"), "the event's title", "Team offsite"),
    FilterField(EntityType.FOLDER, "name", ("=",), "the folder's name", "Finance"),
    FilterField(EntityType.WEBPAGE, "url", ("=",), "the web address, or its site", "example.com"),
    FilterField(
        EntityType.DATE,
        "value",
        ("=", ">", "<"),
        "a date expression: '=' within it, '>' on or after it, '<' before it",
        "in February",
    ),
    FilterField(EntityType.PLACE, "name", ("=",), "the place's name", "Boston"),
)

ORDINAL_VALUES: tuple[str, ...] = ("first", "last")
ACTIONS: tuple[str, ...] = ("find", "count")
RETURN_MODES: tuple[str, ...] = ("one", "all")


def fields_for(type_: EntityType) -> dict[str, FilterField]:
    return {f.name: f for f in FILTER_FIELDS if f.type == type_}


def edges_for(type_: EntityType) -> list[EdgeRule]:
    return [r for r in EDGE_RULES if type_ in (r.source, r.target)]
