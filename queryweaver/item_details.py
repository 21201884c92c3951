"""One item looked up by its key in every source, with what it links to and (for an email) its text: what the
MCP server's ``get_item`` returns and the web UI's read view shows.

``read_item(engine, type_, key)`` asks each connector to fill the item (``describe``), follows the relations
``ITEM_LINKS`` names through the connectors' own tools (an email's sender, recipients, attachments and links;
an event's attendees and place; a file's folders and the emails carrying it; a person's events), and reads an
email's text from the source that holds it (``read_text``). Callers clip what they show; nothing here does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .items import LEAN, Item
from .schema import EntityType

if TYPE_CHECKING:
    from .engine import Engine

E, P = EntityType.EMAIL, EntityType.PERSON
# What is listed about each type read: (label, edge, other type), each through a connector tool.
ITEM_LINKS: dict[EntityType, tuple[tuple[str, str, EntityType], ...]] = {
    E: (("from", "from", P), ("to", "to", P), ("attachments", "has_attachment", EntityType.FILE),
        ("links", "mentions_url", EntityType.WEBPAGE)),
    EntityType.EVENT: (("attendees", "attended", P), ("place", "location", EntityType.PLACE)),
    EntityType.FILE: (("folders", "parent", EntityType.FOLDER), ("attached_to", "has_attachment", E)),
    P: (("events", "attended", EntityType.EVENT),),
}
KEY_FIELD = {E: "message_id", EntityType.EVENT: "key or uid", EntityType.FILE: "file name", P: "email address"}


@dataclass
class ItemDetails:
    item: Item
    links: dict[str, list[str]] = field(default_factory=dict)   # label -> the linked items' labels, sorted
    text: str | None = None                                      # an email's text, as its source reads it
    sources: list[str] = field(default_factory=list)             # the sources that hold the item

    @property
    def found(self) -> bool:
        return len(self.item.fields) > 1 or bool(self.links)


def read_item(engine: "Engine", type_: EntityType, key: str,
              also: tuple[tuple[str, str, EntityType], ...] = ()) -> ItemDetails:
    """``key``'s item of ``type_`` as every source knows it (see the module docstring); ``also``: relations to
    follow besides ``ITEM_LINKS``' (the web's read view asks whether the user sent or received an email)."""
    from .connector import Selection
    from .executor import source_label
    from .graph import FilterConstraint
    from .schema import tool_name

    item = Item(type_, key, {})
    sources: list[str] = []
    lookup = {
        EntityType.FILE: FilterConstraint(var="f", field="name", op="=", value=key),
        P: FilterConstraint(var="p", field="email_address", op="=", value=key),
    }.get(type_)
    for connector in engine.connectors:
        if type_ == EntityType.EVENT:  # by key, else by UID (a series: its first occurrence)
            if not item.fields:  # asked as a lean event: a source that knows its events by key fills it
                item.fields[LEAN] = True
            connector.describe(type_, {key: item})
            item.fields.pop(LEAN, None)
            if item.fields:
                events = []
            else:  # not a key here: a UID, looked up by the source when it can, else every event listed
                events = connector.events_with_uid(key)
                if events is None:
                    events = list(connector.find(type_, []) or [])
            found = ([i for i in events if i.key == key]
                     or sorted((i for i in events if i.fields.get("uid") == key), key=lambda i: i.key)[:1])
            if found and found[0].key != key:
                key = found[0].key
                item = Item(type_, key, {})
        elif lookup is not None:
            found = [i for i in (connector.find(type_, [lookup]) or []) if i.key == key]
        else:
            found = []
        for other in found:
            item.merge(other)
        before = len(item.fields)
        connector.describe(type_, {key: item})
        if found or len(item.fields) > before:
            sources.append(source_label(connector))
    links: dict[str, list[str]] = {}
    for label, edge, wanted in ITEM_LINKS[type_] + tuple(also):
        name = tool_name(type_, edge, wanted)
        seen: dict[str, str] = {}
        for _connector, call in engine.executor.providers(name):
            for _known, other in call(Selection(type_, {key: item})):
                seen.setdefault(other.key, other.label() if other.fields else other.key)
        if seen:
            links[label] = sorted(seen.values())
    text = None
    if type_ == E:
        for connector in engine.connectors:
            text = connector.read_text(type_, key)
            if text:
                if source_label(connector) not in sources:
                    sources.append(source_label(connector))
                break
    return ItemDetails(item, links, text, sources)


__all__ = ["ITEM_LINKS", "KEY_FIELD", "ItemDetails", "read_item"]
