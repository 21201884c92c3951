"""How items, evidence and answers are shown to the browser: plain JSON, the same for every source.

Every item becomes ``{key, type, label, fields, actions}``. ``actions`` are the ways to open it: a web
link (http/https only, e.g. a Gmail message or Calendar event when the source provides one), an email's
read view (``reading.py``), a file itself (served by ``reading.py`` when it lies under a source root), or an
"open folder" request the server checks against the configured source roots (``opener.py``).
"""

from __future__ import annotations

import math
import os
import re
from datetime import date, datetime
from enum import Enum
from typing import Any, Iterable
from urllib.parse import quote

from ..items import DateRange, Item
from ..schema import EntityType
from .opener import within

ANSWERS_PER_PAGE = 10
CANDIDATES_PER_PAGE = 20

# Item fields a source may fill with a link to the item in its own app (Gmail, Google Calendar).
LINK_FIELDS = ("web_link", "html_link", "link")
_GMAIL_ID = re.compile(r"[0-9A-Za-z_-]{6,64}")
LINK_LABELS = {EntityType.EMAIL: "Open in Gmail", EntityType.EVENT: "Open in Calendar"}


def jsonable(value: Any) -> Any:
    """A JSON-safe copy of a field value (dates as ISO text, ranges as their meaning)."""
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, DateRange):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    return str(value)


def display_path(path: str, roots: Iterable[str] = ()) -> str:
    """A path as a user recognises it: under a source root, ``<root's name>/<rest>`` (``files/Documents``);
    else under the home folder, ``~/Documents``; else as it is."""
    home = os.path.expanduser("~")
    for root in sorted(roots, key=len, reverse=True):
        if root in ("", os.sep) or root == home:
            continue
        if path == root or path.startswith(root.rstrip(os.sep) + os.sep):
            rest = path[len(root):].lstrip(os.sep)
            name = os.path.basename(root.rstrip(os.sep)) or root
            return f"{name}/{rest}" if rest else name
    if home not in ("", os.sep) and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home):]
    return path


def item_label(item: Item, roots: Iterable[str] = ()) -> str:
    if item.type == EntityType.FOLDER:
        return display_path(item.label(), roots)
    if item.type == EntityType.SELF:
        return f"you ({item.fields.get('name')})" if item.fields.get("name") not in (None, "", "you") else "you"
    return item.label()


def web_link(value: Any) -> str | None:
    """``value`` as a link the browser may follow: http(s) only, never file:, javascript: or data:."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text.lower().startswith("www."):
        text = "https://" + text
    if text.lower().startswith(("http://", "https://")) and not any(c in text for c in "\r\n\t <>\"'`"):
        return text
    return None


def source_link(item: Item) -> str | None:
    """The item in its own app, when its source gave one (or a Gmail message id to build it from)."""
    for name in LINK_FIELDS:
        href = web_link(item.fields.get(name))
        if href:
            return href
    gmail_id = item.fields.get("gmail_id")
    if item.type == EntityType.EMAIL and isinstance(gmail_id, str) and _GMAIL_ID.fullmatch(gmail_id):
        return f"https://mail.google.com/mail/u/0/#all/{gmail_id}"
    return None


def item_actions(item: Item, roots: list[str]) -> list[dict[str, str]]:
    actions: list[dict[str, str]] = []
    href = source_link(item)
    if href:
        actions.append({"kind": "link", "href": href, "label": LINK_LABELS.get(item.type, "Open link")})
    if item.type == EntityType.WEBPAGE:
        href = web_link(item.fields.get("url") or item.key)
        if href:
            actions.append({"kind": "link", "href": href, "label": "Open page"})
    if item.type == EntityType.EMAIL:
        actions.append({"kind": "read_email", "key": item.key, "label": "Read"})
    if item.type == EntityType.FILE and isinstance(item.fields.get("path"), str) and within(item.fields["path"], roots):
        actions.append({"kind": "file", "href": "/api/files/content?path=" + quote(item.fields["path"], safe="/"),
                        "label": "Open file"})
    folder = None
    if item.type == EntityType.FOLDER:
        folder = item.fields.get("path") or item.key
    elif item.type == EntityType.FILE and isinstance(item.fields.get("path"), str):
        folder = os.path.dirname(item.fields["path"])
    if isinstance(folder, str) and folder and within(folder, roots):
        actions.append({"kind": "open_folder", "path": folder, "label": "Open folder"})
    return actions


def item_json(item: Item, roots: list[str]) -> dict[str, Any]:
    fields = {k: jsonable(v) for k, v in item.output().items() if k not in LINK_FIELDS and k != "range"}
    return {"key": item.key, "type": item.type.value, "label": item_label(item, roots), "fields": fields,
            "actions": item_actions(item, roots)}


def evidence_chains(tree: dict | None, roots: Iterable[str] = ()) -> list[list[dict[str, Any]]]:
    """Each path of an evidence tree from a leaf to the answer, as steps ``{var, type, label, edge}``.

    ``edge`` is the relation joining a step to the next one: Jane Doe -from- "Budget review"
    -has_attachment- budget.xlsx -parent- ~/Documents/Finance.
    """
    if not tree:
        return []
    chains: list[list[dict[str, Any]]] = []

    def step(node: dict, edge: str | None) -> dict[str, Any]:
        label = node.get("label") or node.get("key") or ""
        if node.get("type") == EntityType.FOLDER.value:
            label = display_path(label, roots)
        return {"var": node.get("var"), "type": node.get("type"), "key": node.get("key"), "label": label,
                "edge": edge, "sources": node.get("sources") or []}

    def walk(node: dict, path: list[dict[str, Any]], edge: str | None) -> None:
        here = [step(node, edge), *path]
        children = node.get("via") or []
        if not children:
            chains.append(here)
        for child in children:
            walk(child, here, child.get("edge"))

    root = step(tree, None)
    if not tree.get("via"):
        return []
    for child in tree["via"]:
        walk(child, [root], child.get("edge"))
    return chains


def page_bounds(total: int, page: int, per_page: int) -> tuple[int, int, int]:
    """(page clamped to 1..pages, start, end) for a list of ``total`` entries."""
    pages = max(1, math.ceil(total / per_page))
    page = min(max(1, page), pages)
    start = (page - 1) * per_page
    return page, start, min(total, start + per_page)


def pages_of(total: int, per_page: int) -> int:
    return max(1, math.ceil(total / per_page))


def plan_steps(steps: Iterable) -> list[dict[str, Any]]:
    out = []
    for index, step in enumerate(steps):
        entry = {"index": index, "kind": step.kind, "text": step.describe()}
        for name in ("var", "known", "wanted", "tool"):
            if hasattr(step, name):
                entry[name] = getattr(step, name)
        out.append(entry)
    return out
