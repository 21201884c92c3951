"""Filling a shape with a question's values: which value goes in which slot, and which values are left out.

A shape (``queryweaver.reader.shapes``) is a graph with slots -- ``$person``, ``$date``, ``$topic`` ... -- where a
question's values go. ``fill`` tries every way of putting the question's values (``view.Value``) into the
shape's slots and scores each with the value models' opinions: a value used counts log p(keep), a value left
out log p(leave out) -- so a name in a sentence that only sets the scene is left out cheaply, a name the
question asks about dearly -- and a person in a slot counts log p(that slot's role), which is how "sent to
Ana by Ben" puts Ben in the sender's slot. The best way is the reading; its score says how well the shape
fits the question.
"""

from __future__ import annotations

import itertools
import math

from ..errors import GraphError
from ..graph import QueryGraph
from .shapes import _SHORT, Shape
from .view import Value

__all__ = ["fill", "POOLS", "role_of"]

# which kinds of value may fill each slot, most plainly first
POOLS: dict[str, tuple[str, ...]] = {
    "$person": ("person", "email"), "$place": ("place",), "$title": ("title", "quote", "topic"),
    "$topic": ("quote", "topic", "title"), "$file": ("file", "filename", "quote"), "$folder": ("folder",),
    "$site": ("site", "quote"), "$ext": ("ext",), "$text": ("quote", "topic"), "$date": ("date",),
}
_FLOOR, _CEILING = 0.02, 0.98


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def role_of(edges, var: str) -> str:
    """A variable's role: the edges that touch it, as "from>", "to<", "attended>" ... joined by "+"."""
    return "+".join(sorted({edge + (">" if a == var else "<") for a, edge, b in edges if var in (a, b)}))


def fill(key: str, values: list[Value], keep: list[float], roles: list[dict[str, float]]
         ) -> tuple[QueryGraph, float, list[Value]] | None:
    """The best filling of shape ``key`` ("find|all|Email1|...") with ``values``: (graph, score, values left
    out), or None when the values cannot fill every slot. ``keep[k]`` is p(value k is part of what is asked),
    ``roles[k]`` the role probabilities of a person value."""
    shape = Shape.parse(key)
    role = {var: role_of(shape.edges, var) for var in shape.vars}
    groups: list[list] = []  # values naming the same thing once: [value, members]
    for k, v in enumerate(values):
        for g in groups:
            if g[0].kind == v.kind and v.kind != "date" and _norm(g[0].text) == _norm(v.text):
                g[1].append(k)
                break
        else:
            groups.append([v, [k]])
    p_keep = [min(_CEILING, max(_FLOOR, max(keep[k] for k in members))) for _v, members in groups]
    need = [(var, fld, op, slot) for var, fld, op, slot in shape.filters if slot.startswith("$") and slot != "$date"]
    fixed = [(var, fld, op, value) for var, fld, op, value in shape.filters if not value.startswith("$")]
    date_vars = list(dict.fromkeys(var for var, _f, _o, slot in shape.filters if slot == "$date"))
    dated = [j for j, (v, _m) in enumerate(groups) if v.kind == "date"]
    date_options: list[list[tuple[str, int]]] = []
    if not date_vars:
        date_options = [[]]
    elif len(date_vars) == 1:  # one range: one date, or two that bound it ("between X and Y")
        date_options = [[(date_vars[0], j) for j in combo] for r in (1, 2) for combo in itertools.combinations(dated, r)]
    else:
        date_options = [list(zip(date_vars, combo)) for combo in itertools.permutations(dated, len(date_vars))]
    best: tuple[float, list, list] | None = None

    def score(used: set[int], assign: list[tuple[str, int]]) -> float:
        total = sum(math.log(p) if j in used else math.log(1 - p) for j, p in enumerate(p_keep))
        for var, j in assign:
            if groups[j][0].kind in ("person", "email") and role[var]:
                p = max(roles[k].get(role[var], 0.0) for k in groups[j][1])
                total += math.log(max(p, 1e-3))
        return total

    def place(n: int, used: set[int], assign: list[tuple[str, int]]) -> None:
        nonlocal best
        if n == len(need):
            for dates in date_options:
                taken = used | {j for _var, j in dates}
                s = score(taken, assign)
                if best is None or s > best[0]:
                    best = (s, list(assign), dates)
            return
        var, _fld, _op, slot = need[n]
        for j, (v, _members) in enumerate(groups):
            if j not in used and v.kind in POOLS[slot]:
                place(n + 1, used | {j}, assign + [(var, j)])

    place(0, set(), [])
    if best is None:
        return None
    total, assign, dates = best
    filters = list(fixed)
    for (var, j), (_v, fld, op, slot) in zip(assign, need):
        v = groups[j][0]
        filters.append((var, v.field if slot == "$person" else fld, op, v.text))
    filters += [(var, "value", groups[j][0].op or "=", groups[j][0].text) for var, j in dates]
    used = {j for _var, j in assign} | {j for _var, j in dates}
    left_out = [values[k] for j, (_v, members) in enumerate(groups) if j not in used for k in members[:1]]
    short = {var: _SHORT[type_] + (var[len(type_):] if var[len(type_):] != "1" else "")
             for var, type_ in shape.vars.items()}
    data = {"action": shape.action, "return_var": short[shape.ret], "return_mode": shape.mode,
            "vars": {short[var]: type_ for var, type_ in shape.vars.items()},
            "constraints": [{"kind": "edge", "from": short[a], "edge": e, "to": short[b]} for a, e, b in shape.edges]
            + [{"kind": "filter", "var": short[v], "field": f, "op": op, "value": value}
               for v, f, op, value in filters]}
    try:
        return QueryGraph.parse(data), total, left_out
    except GraphError:
        return None
