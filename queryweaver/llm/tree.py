"""The nested, type-constrained form of a query graph, and its compiler into the paper's graph.

In the paper's flat form a model names variables and then refers to them, so it can write a variable
it never declared or join two types no relation joins. The tree form leaves no room for that: the
answer is a node, every node has a type, and a node's links can only be the relations its type has,
each leading to a node of the type at the relation's other end::

    {"action": "find", "return_mode": "all",
     "return": {"type": "Folder", "links": [
        {"edge": "parent", "node": {"type": "File", "links": [
           {"edge": "has_attachment", "node": {"type": "Email", "links": [
              {"edge": "from", "node": {"type": "Person",
                 "filters": [{"field": "name", "op": "=", "value": "Jane Doe"}]}}]}}]}}]}}

``tree_to_graph`` names the variables (the schema's prefixes, numbered when a type repeats) and writes
every edge in the schema's direction. Self is one user, so every Self node becomes the one ``self``
variable; that is also how the few graphs with a cycle through the user are written. Any other cycle
cannot be written in this form (``graph_to_tree`` raises ``ValueError``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..schema import ACTIONS, ORDINAL_VALUES, RETURN_MODES, VAR_PREFIX, EntityType, find_edge_rule

if TYPE_CHECKING:  # pragma: no cover
    from ..graph import QueryGraph
    from .prompt import SchemaSlice

ROOT_KEY = "return"


MAX_DEPTH = 6  # nodes on the longest path from the answer; the paper's deepest graph (Q3) needs 5


def tree_decoding_schema(schema_slice: "SchemaSlice", max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """JSON schema of the tree form over ``schema_slice``: a ``$defs`` entry per type and depth.

    Links lead only to the types a relation joins; the depth is bounded (unrolled, not recursive) so a
    small model cannot nest nodes until it runs out of tokens.
    """
    types = list(schema_slice.types)
    filters = {t: [_filter_item(f) for f in schema_slice.fields if f.type == t] for t in types}
    links = {t: _links_for(t, schema_slice) for t in types}
    defs: dict[str, Any] = {}
    for depth in range(1, max_depth + 1):
        for type_ in types:
            props: dict[str, Any] = {"type": {"const": type_.value}}
            if filters[type_]:
                props["filters"] = {"type": "array", "items": _one_of(filters[type_]), "maxItems": 4}
            if links[type_] and depth < max_depth:
                props["links"] = {"type": "array", "maxItems": 4,
                                  "items": _one_of([_link_item(edge, targets, depth + 1)
                                                    for edge, targets in links[type_].items()])}
            defs[_def_name(type_.value, depth)] = {"type": "object", "properties": props, "required": ["type"],
                                                   "additionalProperties": False}
    return {
        "type": "object",
        "properties": {
            "action": {"enum": list(ACTIONS)},
            "return_mode": {"enum": list(RETURN_MODES)},
            ROOT_KEY: _one_of([{"$ref": f"#/$defs/{_def_name(t.value, 1)}"} for t in types]),
        },
        "required": ["action", "return_mode", ROOT_KEY],
        "additionalProperties": False,
        "$defs": defs,
    }


def _def_name(type_name: str, depth: int) -> str:
    return f"{type_name}{depth}"


def _link_item(edge: str, targets: list[str], depth: int) -> dict[str, Any]:
    return {"type": "object",
            "properties": {"edge": {"const": edge},
                           "node": _one_of([{"$ref": f"#/$defs/{_def_name(t, depth)}"} for t in targets])},
            "required": ["edge", "node"], "additionalProperties": False}


def _one_of(options: list[dict[str, Any]]) -> dict[str, Any]:
    return options[0] if len(options) == 1 else {"anyOf": options}


def _filter_item(spec) -> dict[str, Any]:
    value: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 80}
    if spec.name == "ordinal":
        value = {"enum": list(ORDINAL_VALUES)}
    op = {"const": spec.operators[0]} if len(spec.operators) == 1 else {"enum": list(spec.operators)}
    return {"type": "object",
            "properties": {"field": {"const": spec.name}, "op": op, "value": value},
            "required": ["field", "op", "value"], "additionalProperties": False}


def _links_for(type_: EntityType, schema_slice: "SchemaSlice") -> dict[str, list[str]]:
    """Relation name -> the types it joins ``type_`` to, within the slice."""
    by_edge: dict[str, list[str]] = {}
    for rule in schema_slice.rules:
        if rule.source == type_:
            other = rule.target
        elif rule.target == type_:
            other = rule.source
        else:
            continue
        if other not in schema_slice.types:
            continue
        targets = by_edge.setdefault(rule.name, [])
        if other.value not in targets:
            targets.append(other.value)
    return by_edge


# ---- compiling ---------------------------------------------------------------------------------

class TreeError(ValueError):
    """The tree is not shaped as the tree form says; the message names the place."""


def tree_to_graph(tree: Any) -> dict[str, Any]:
    """Compile the tree form into the paper's graph JSON (validate it with ``QueryGraph.parse``)."""
    if not isinstance(tree, dict):
        raise TreeError("the answer must be a JSON object with action, return_mode and return")
    root = tree.get(ROOT_KEY)
    if not isinstance(root, dict):
        raise TreeError(f"'{ROOT_KEY}' is missing; it must be the node whose items answer the question")
    nodes: list[tuple[dict, str]] = []  # (node, path) in preorder
    _collect(root, ROOT_KEY, nodes)
    names = _name_nodes(nodes)
    vars_: dict[str, str] = {}
    constraints: list[dict[str, Any]] = []
    for node, _path in nodes:
        var = names[id(node)]
        vars_[var] = node["type"]
        for flt in node.get("filters") or []:
            constraints.append({"kind": "filter", "var": var, "field": flt.get("field"),
                                "op": flt.get("op"), "value": flt.get("value")})
        for link in node.get("links") or []:
            child = names[id(link["node"])]
            a, b = var, child
            try:
                found = find_edge_rule(EntityType(node["type"]), link["edge"], EntityType(link["node"]["type"]))
            except ValueError:
                found = None
            if found and found[1]:  # the rule is written child -> parent
                a, b = child, var
            constraints.append({"kind": "edge", "from": a, "edge": link["edge"], "to": b})
    return {"action": tree.get("action", "find"), "return_var": names[id(root)],
            "return_mode": tree.get("return_mode", "all"), "vars": vars_, "constraints": constraints}


def _collect(node: Any, path: str, out: list) -> None:
    if not isinstance(node, dict) or not isinstance(node.get("type"), str):
        raise TreeError(f"{path} must be a node: an object with a 'type'")
    for key in node:
        if key not in ("type", "filters", "links"):
            raise TreeError(f"{path} has an unexpected key {key!r}; a node has only type, filters and links")
    for i, flt in enumerate(node.get("filters") or [], start=1):
        if not isinstance(flt, dict):
            raise TreeError(f"{path}.filters[{i}] must be an object with field, op and value")
    out.append((node, path))
    for i, link in enumerate(node.get("links") or [], start=1):
        where = f"{path}.links[{i}]"
        if not isinstance(link, dict) or not isinstance(link.get("edge"), str):
            raise TreeError(f"{where} must be an object with 'edge' and 'node'")
        _collect(link.get("node"), f"{where}.node", out)


def _name_nodes(nodes: list[tuple[dict, str]]) -> dict[int, str]:
    counts = Counter(node["type"] for node, _ in nodes if node["type"] != EntityType.SELF.value)
    seen: Counter = Counter()
    names: dict[int, str] = {}
    for node, _ in nodes:
        type_name = node["type"]
        try:
            prefix = VAR_PREFIX[EntityType(type_name)]
        except ValueError:
            prefix = type_name.lower() or "x"
        if type_name == EntityType.SELF.value:
            names[id(node)] = prefix  # one user: every Self node is the same variable
            continue
        seen[type_name] += 1
        names[id(node)] = prefix if counts[type_name] == 1 else f"{prefix}{seen[type_name]}"
    return names


def graph_to_tree(graph: "QueryGraph") -> dict[str, Any]:
    """The tree form of a valid graph (used to show worked examples in tree form)."""
    adj = graph.neighbors()
    used_edges: set[int] = set()
    visited: set[str] = set()

    def node_for(var: str) -> dict[str, Any]:
        visited.add(var)
        node: dict[str, Any] = {"type": graph.vars[var]}
        filters = [{"field": f.field, "op": f.op, "value": f.value} for f in graph.filters_on(var)]
        if filters:
            node["filters"] = filters
        links = []
        for other, edge in adj[var]:
            if id(edge) in used_edges:
                continue
            used_edges.add(id(edge))
            if other in visited:
                if graph.vars[other] != EntityType.SELF.value:
                    raise ValueError(f"the graph has a cycle through {other!r}; the tree form cannot write it")
                links.append({"edge": edge.edge, "node": {"type": EntityType.SELF.value}})
                continue
            links.append({"edge": edge.edge, "node": node_for(other)})
        if links:
            node["links"] = links
        return node

    return {"action": graph.action, "return_mode": graph.return_mode, ROOT_KEY: node_for(graph.return_var)}
