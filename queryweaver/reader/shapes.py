"""Question shapes: a query graph with its values taken out.

A *shape* is what a question asks, whoever and whenever it asks about: "emails from a person, sent in a date
range" is ``find|all|Email1|Email1-from->Person1;Email1-sent_on->Date1;Date1.value~$date;Person1.name=$person``.
``shape_of`` gives a graph's canonical key (two graphs that differ only in variable names or constraint order
share it); ``Shape.parse`` reads a key back. The learned reader (``queryweaver.reader``) predicts a question's
shape and fills its slots -- ``$person``, ``$date``, ``$topic`` ... -- with the question's own values.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

from ..graph import QueryGraph

__all__ = ["Shape", "shape_of", "structure", "SLOTS"]

# (type, field) -> the slot a value of it fills; fields not listed keep their value in the shape (ordinals)
SLOTS: dict[tuple[str, str], str] = {
    ("Person", "name"): "$person", ("Person", "email_address"): "$person",
    ("Date", "value"): "$date", ("File", "name"): "$file", ("File", "extension"): "$ext",
    ("Place", "name"): "$place", ("Event", "name"): "$title", ("Email", "subject"): "$topic",
    ("Email", "content"): "$text", ("Webpage", "url"): "$site", ("Folder", "name"): "$folder",
}
_DATE_OP = "~"
_SHORT = {"Email": "e", "Person": "p", "Self": "self", "File": "f", "Folder": "dir", "Event": "ev", "Date": "d",
          "Place": "pl", "Webpage": "w"}  # a Date filter's operator comes from the date expression, not from the shape


# ------------------------------------------------------------------------------------------ shapes

@dataclass(frozen=True)
class Shape:
    """A graph with its values replaced by slots; ``key`` is its canonical text (same graph, same key)."""

    key: str
    action: str
    mode: str
    ret: str
    vars: dict[str, str]
    edges: tuple[tuple[str, str, str], ...]
    filters: tuple[tuple[str, str, str, str], ...]  # (var, field, op, slot or literal value)

    @classmethod
    def parse(cls, key: str) -> "Shape":
        action, mode, ret, body = key.split("|", 3)
        edges, filters, names = [], [], {ret}
        for item in filter(None, body.split(";")):
            match = re.fullmatch(r"(\w+)-(\w+)->(\w+)", item)
            if match:
                edges.append(match.groups())
                names.update((match.group(1), match.group(3)))
                continue
            var, rest = item.split(".", 1)
            fld, op, value = re.fullmatch(r"(\w+)(contains|=|<|>|~)(.*)", rest).groups()
            filters.append((var, fld, op, value))
            names.add(var)
        return cls(key, action, mode, ret, {n: re.sub(r"\d+$", "", n) for n in sorted(names)},
                   tuple(edges), tuple(filters))

    def slots(self) -> list[str]:
        return [value for _v, _f, _op, value in self.filters if value.startswith("$")]


def structure(key: str) -> str:
    """A shape key without its action: what the model predicts (find or count is the rules' to say)."""
    return key.split("|", 1)[1]


def shape_of(graph: QueryGraph | dict) -> str:
    """The canonical shape key of ``graph``: variables renamed Type1, Type2... in the order that gives the
    smallest key, so two graphs that differ only in variable names or constraint order share one key."""
    data = graph.to_json() if isinstance(graph, QueryGraph) else graph
    types: dict[str, list[str]] = {}
    for var, type_ in data["vars"].items():
        types.setdefault(type_, []).append(var)
    order = sorted(types)
    namings = itertools.product(*(itertools.permutations(types[t]) for t in order))
    if math.prod(math.factorial(len(types[t])) for t in order) > 5040:
        namings = iter([tuple(tuple(types[t]) for t in order)])  # a graph this large: one naming, still a key
    best = None
    for perms in namings:
        names = {var: f"{t}{i + 1}" for t, perm in zip(order, perms) for i, var in enumerate(perm)}
        items = set()
        for c in data["constraints"]:
            if c["kind"] == "edge":
                items.add(f"{names[c['from']]}-{c['edge']}->{names[c['to']]}")
                continue
            type_ = data["vars"][c["var"]]
            slot = SLOTS.get((type_, c["field"]), str(c["value"]))
            op = _DATE_OP if type_ == "Date" else c["op"]
            items.add(f"{names[c['var']]}.{c['field']}{op}{slot}")
        key = f"{data['action']}|{data.get('return_mode', 'all')}|{names[data['return_var']]}|" + ";".join(
            sorted(items))
        if best is None or key < best:
            best = key
    return best
