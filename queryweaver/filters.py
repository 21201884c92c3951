"""How a filter matches an item's fields; shared by every connector and by the executor.

Filters that need a source's own data (an email's body) are left to the connectors' ``apply_filter``;
everything here works on the normalized item fields alone.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable
from urllib.parse import urlsplit

from . import regex_cache
from .errors import NameAmbiguousError
from .graph import FilterConstraint
from .items import LEAN, Item
from .schema import EntityType

_SPACES = regex_cache.compile(r"\s+")


def norm(text: object) -> str:
    """Case- and space-insensitive form of a value."""
    return _SPACES.sub(" ", str(text or "")).strip().casefold()


def extension_of(name: str) -> str:
    """'Report.Final.PDF' -> 'pdf'; '' when there is none."""
    base = name.rsplit("/", 1)[-1]
    if "." not in base.strip("."):
        return ""
    return base.rsplit(".", 1)[-1].lower()


def name_variants(full_name: str) -> set[str]:
    """Forms of a person's name that count as a full-name match: 'Jane Doe', 'Doe, Jane'."""
    name = norm(full_name)
    if not name:
        return set()
    forms = {name}
    if "," in name:  # "Doe, Jane" -> "jane doe"
        last, _, first = name.partition(",")
        forms.add(norm(f"{first} {last}"))
    else:
        parts = name.split(" ")
        if len(parts) >= 2:
            forms.add(f"{parts[-1]}, {' '.join(parts[:-1])}")
    return forms


def url_matches(url: str, value: str) -> bool:
    """Exact URL (case-insensitive, trailing slash ignored), or a bare site name matching the URL's host."""
    u, v = norm(url).rstrip("/"), norm(value).rstrip("/")
    if u == v:
        return True
    if "://" in v or "/" in v:
        return u.split("://", 1)[-1] == v.split("://", 1)[-1]
    host = (urlsplit(u if "://" in u else "http://" + u).hostname or "").removeprefix("www.")
    v = v.removeprefix("www.")
    return host == v or host.endswith("." + v)


def place_matches(location: str, value: str) -> bool:
    """The whole location text, or one of its comma-separated parts ('Room 4, Boston' matches 'Boston')."""
    v = norm(value)
    text = norm(location)
    return text == v or v in {part.strip() for part in text.split(",")}


# People's names, normalised once per process: a question naming a person compares the name with every
# person of every source (thousands at 250,000 emails), and the same names come back on every question.
_name_norm = lru_cache(maxsize=1 << 16)(norm)


def match_persons(items: dict[str, Item], value: str) -> set[str]:
    """Person keys whose name matches ``value`` (DESIGN.md: full name, 'Last, First', or a unique first/last name).

    An address is also accepted. A first or last name shared by several people raises ``NameAmbiguousError``.
    """
    v = norm(value)
    if "@" in v:
        return {k for k in items if k == v}
    names = {k: _name_norm(it.fields.get("name") or "") for k, it in items.items()}
    # Without a comma on either side the only variant that can equal v is the name itself ("Doe, Jane" forms
    # have one), so name_variants is needed only where a comma is.
    full = {k for k, name in names.items() if name and (name == v or (("," in v or "," in name) and
                                                                         v in name_variants(name)))}
    if full:
        return full
    partial: dict[str, set[str]] = {}
    for k, name in names.items():
        if v in name.replace(",", " ").split(" "):
            partial.setdefault(name, set()).add(k)
    if len(partial) > 1:
        names = ", ".join(sorted(it.fields.get("name") for k in set().union(*partial.values())
                                 for it in [items[k]] if it.fields.get("name")))
        raise NameAmbiguousError(f"the name {value!r} matches several people ({names}); "
                                 f"use the full name or the email address")
    return next(iter(partial.values()), set())


def item_matches(item: Item, flt: FilterConstraint) -> bool | None:
    """Whether one item passes a field filter; None when the fields alone cannot tell."""
    f, value = item.fields, str(flt.value)
    t = item.type
    if t == EntityType.EMAIL:
        if flt.field == "subject":  # an email known by id only (Gmail) has no subject yet: ask its source
            return norm(value) in norm(f["subject"]) if "subject" in f else None
        if flt.field == "content" and "_body" in f:
            return norm(value) in norm(f.get("_body"))
        return None
    if t == EntityType.PERSON and flt.field == "email_address":
        return item.key == norm(value)
    if t == EntityType.FILE:
        if flt.field == "name":
            return norm(f.get("name") or item.key) == norm(value)
        if flt.field == "extension":
            return extension_of(f.get("name") or item.key) == norm(value).lstrip(".")
    if t == EntityType.EVENT and flt.field == "name":
        if LEAN in f:  # built without its fields: its source describes it (apply_filter)
            return None
        name = norm(f.get("name"))
        return name == norm(value) if flt.op == "=" else norm(value) in name
    if t == EntityType.FOLDER and flt.field == "name":
        path = (f.get("path") or item.key).rstrip("/\\")
        return norm(re.split(r"[/\\]", path)[-1]) == norm(value)
    if t == EntityType.WEBPAGE and flt.field == "url":
        return url_matches(f.get("url") or item.key, value)
    if t == EntityType.PLACE and flt.field == "name":
        return place_matches(f.get("name") or item.key, value)
    return None


def filter_items(items: dict[str, Item], filters: Iterable[FilterConstraint]) -> dict[str, Item]:
    """Keep the items passing every field filter; filters the fields cannot decide are left alone.

    Ordinal and Date filters are not field filters and are skipped here (the executor applies them).
    """
    out = items
    for flt in filters:
        if flt.field in ("ordinal", "value"):  # ordinal and Date ranges are the executor's
            continue
        if flt.field == "name" and out and next(iter(out.values())).type == EntityType.PERSON:
            keep = match_persons(out, str(flt.value))
            out = {k: v for k, v in out.items() if k in keep}
            continue
        kept = {}
        for k, it in out.items():
            verdict = item_matches(it, flt)
            if verdict is None or verdict:
                kept[k] = it
        out = kept
    return out
