"""The tool knowledge graph: tools, their owners, the entity types they use, and their dependencies.

One normalized record per source: QueryWeaver's connectors, the ToolLinkOS benchmark and LiveMCPBench all
load into the same ``ToolCatalog``, so every retriever reads one structure whatever the catalog's origin.

Nodes are tools, owners (a connector or an MCP server: the papers' "agents") and entity types (what a
tool consumes and produces). Edges are ownership (tool -> owner), use (tool -> entity) and dependencies
(tool -> tool) with the four Graph RAG-Tool Fusion types. Node ids share one namespace.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict, deque
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

if TYPE_CHECKING:
    from ..connector import ToolSpec


class NodeKind(str, Enum):
    TOOL = "tool"
    OWNER = "owner"
    ENTITY = "entity"

    def __str__(self) -> str:
        return self.value


class DependencyType(str, Enum):
    """Graph RAG-Tool Fusion's four edge types (section 3.1.3 of the paper)."""

    TOOL_DIRECTLY = "TOOL_DIRECTLY_DEPENDS_ON"          # the tool needs the other one to work at all
    TOOL_INDIRECTLY = "TOOL_INDIRECTLY_DEPENDS_ON"      # the tool benefits from the other one
    PARAMETER_DIRECTLY = "PARAMETER_DIRECTLY_DEPENDS_ON"  # a parameter must come from the other tool
    PARAMETER_INDIRECTLY = "PARAMETER_INDIRECTLY_DEPENDS_ON"  # ... only when the user's input calls for it

    def __str__(self) -> str:
        return self.value

    @property
    def is_direct(self) -> bool:
        return self in (DependencyType.TOOL_DIRECTLY, DependencyType.PARAMETER_DIRECTLY)

    @classmethod
    def parse(cls, label: str) -> "DependencyType":
        """Read a label as the data writes it; ToolLinkOS has two edges labelled ``PARAMETER_DEPENDS_ON``."""
        label = label.strip().upper()
        if label == "PARAMETER_DEPENDS_ON":
            return cls.PARAMETER_DIRECTLY
        try:
            return cls(label)
        except ValueError:
            known = ", ".join(t.value for t in cls)
            raise ValueError(f"unknown dependency type {label!r}; use one of {known}") from None


ALL_DEPENDENCY_TYPES: frozenset[DependencyType] = frozenset(DependencyType)


@dataclass(frozen=True)
class Parameter:
    name: str
    type: str = ""
    description: str = ""
    required: bool = False


@dataclass(frozen=True)
class Dependency:
    """``tool --type--> target``: the tool depends on ``target`` (for ``parameter`` when it is a parameter edge)."""

    target: str
    type: DependencyType
    parameter: str | None = None
    reason: str = ""


@dataclass(frozen=True)
class Tool:
    id: str
    name: str
    description: str = ""
    parameters: tuple[Parameter, ...] = ()
    owner: str | None = None
    consumes: tuple[str, ...] = ()       # entity types the tool takes in
    produces: tuple[str, ...] = ()       # entity types the tool returns
    depends_on: tuple[Dependency, ...] = ()
    core: bool = False                   # a reusable utility other tools depend on (the paper's "core tool")
    providers: tuple[str, ...] = ()      # every owner offering this same tool, when several do


@dataclass(frozen=True)
class Owner:
    """What provides tools: a QueryWeaver connector or an MCP server (the papers' "agent")."""

    id: str
    name: str
    description: str = ""
    category: str = ""


@dataclass(frozen=True)
class Entity:
    """An entity type tools consume or produce (``Email``; a ToolLinkOS parameter like ``email_address``)."""

    id: str
    name: str = ""
    description: str = ""


@dataclass(frozen=True)
class TextStyle:
    """What goes into a node's indexed text besides its name and description."""

    parameters: bool = True    # a tool lists its parameter names
    owner_tools: bool = True   # an owner lists its tools' names (no descriptions: the node stays short)
    tool_owner: bool = True    # a tool is prefixed with its owner's name (the bundle it belongs to)


def words(identifier: str) -> str:
    """``getBaziDetail`` / ``get-bbc-news`` / ``share_location`` -> space-separated lower-case words."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", identifier)
    return re.sub(r"[\s_\-:/.]+", " ", spaced).strip().lower()


class ToolCatalog:
    """The tool knowledge graph. Build it with ``add_owner`` / ``add_entity`` / ``add_tool``, then read it."""

    def __init__(self, name: str = "catalog"):
        self.name = name
        self.tools: dict[str, Tool] = {}
        self.owners: dict[str, Owner] = {}
        self.entities: dict[str, Entity] = {}
        self._dependents: dict[str, list[tuple[str, Dependency]]] = defaultdict(list)
        self._owned: dict[str, list[str]] = defaultdict(list)
        self._users: dict[str, list[str]] = defaultdict(list)

    # -- building --------------------------------------------------------------------------------
    def _claim(self, node_id: str, kind: NodeKind) -> None:
        if not node_id:
            raise ValueError(f"a {kind} needs a non-empty id")
        existing = self.kind(node_id)
        if existing is not None:
            raise ValueError(f"id {node_id!r} is already used by a {existing}; ids of tools, owners and "
                             f"entities share one namespace")

    def add_owner(self, owner: Owner) -> Owner:
        self._claim(owner.id, NodeKind.OWNER)
        self.owners[owner.id] = owner
        return owner

    def add_entity(self, entity: Entity) -> Entity:
        self._claim(entity.id, NodeKind.ENTITY)
        self.entities[entity.id] = entity
        return entity

    def add_tool(self, tool: Tool) -> Tool:
        """Add a tool; its owner and entity types are created bare when not added before.

        Dependencies may name tools added later; ``problems()`` reports any that never appear.
        """
        self._claim(tool.id, NodeKind.TOOL)
        if tool.owner is not None and tool.owner not in self.owners:
            self.add_owner(Owner(tool.owner, tool.owner))
        for entity in (*tool.consumes, *tool.produces):
            if entity not in self.entities:
                self.add_entity(Entity(entity, entity))
        self.tools[tool.id] = tool
        for dep in tool.depends_on:
            self._dependents[dep.target].append((tool.id, dep))
        if tool.owner is not None:
            self._owned[tool.owner].append(tool.id)
        for entity in dict.fromkeys((*tool.consumes, *tool.produces)):
            self._users[entity].append(tool.id)
        return tool

    def problems(self) -> list[str]:
        """Dependencies on tools the catalog does not hold."""
        return [f"{tool.id} depends on unknown tool {dep.target!r}"
                for tool in self.tools.values() for dep in tool.depends_on if dep.target not in self.tools]

    # -- reading ---------------------------------------------------------------------------------
    def kind(self, node_id: str) -> NodeKind | None:
        if node_id in self.tools:
            return NodeKind.TOOL
        if node_id in self.owners:
            return NodeKind.OWNER
        if node_id in self.entities:
            return NodeKind.ENTITY
        return None

    def node_ids(self, kinds: Iterable[NodeKind] = (NodeKind.TOOL,)) -> list[str]:
        tables = {NodeKind.TOOL: self.tools, NodeKind.OWNER: self.owners, NodeKind.ENTITY: self.entities}
        return [node_id for kind in kinds for node_id in tables[NodeKind(kind)]]

    def dependencies(self, tool_id: str,
                     types: frozenset[DependencyType] = ALL_DEPENDENCY_TYPES) -> list[Dependency]:
        """The tool's dependencies on known tools, in the order the tool lists them."""
        return [d for d in self.tools[tool_id].depends_on if d.type in types and d.target in self.tools]

    def dependents(self, tool_id: str) -> list[tuple[str, Dependency]]:
        """``(tool, dependency)`` for every tool that depends on ``tool_id``."""
        return list(self._dependents.get(tool_id, ()))

    def owner_of(self, tool_id: str) -> str | None:
        return self.tools[tool_id].owner

    def tools_of(self, owner_id: str) -> list[str]:
        return list(self._owned.get(owner_id, ()))

    def tools_using(self, entity_id: str) -> list[str]:
        return list(self._users.get(entity_id, ()))

    def neighbors(self, node_id: str) -> Iterator[tuple[str, str]]:
        """The 1-hop ego graph of a node, edges taken both ways: ``(neighbour, relation)`` pairs."""
        kind = self.kind(node_id)
        if kind is NodeKind.TOOL:
            tool = self.tools[node_id]
            for dep in self.dependencies(node_id):
                yield dep.target, dep.type.value
            for user, dep in self.dependents(node_id):
                yield user, f"needed by ({dep.type.value})"
            if tool.owner is not None:
                yield tool.owner, "owned by"
            for entity in tool.consumes:
                yield entity, "consumes"
            for entity in tool.produces:
                yield entity, "produces"
        elif kind is NodeKind.OWNER:
            for tool_id in self.tools_of(node_id):
                yield tool_id, "owns"
        elif kind is NodeKind.ENTITY:
            for tool_id in self.tools_using(node_id):
                yield tool_id, "used by"

    def name_of(self, node_id: str) -> str:
        kind = self.kind(node_id)
        if kind is NodeKind.TOOL:
            return self.tools[node_id].name
        if kind is NodeKind.OWNER:
            return self.owners[node_id].name
        if kind is NodeKind.ENTITY:
            return self.entities[node_id].name or node_id
        return node_id

    def text(self, node_id: str, style: "TextStyle | None" = None) -> str:
        """What the retrievers index for a node: its name in words and its description, plus what
        ``style`` adds (parameter names, an owner's tool names, a tool's owner)."""
        style = style or TextStyle()
        kind = self.kind(node_id)
        if kind is NodeKind.TOOL:
            tool = self.tools[node_id]
            text = f"{words(tool.name)}: {tool.description}".strip().rstrip(".")
            if style.tool_owner and tool.owner is not None:
                text = f"{self.owners[tool.owner].name} - {text}"
            if style.parameters and tool.parameters:
                text += ". Parameters: " + ", ".join(words(p.name) for p in tool.parameters)
            return text
        if kind is NodeKind.OWNER:
            owner = self.owners[node_id]
            text = f"{owner.name}: {owner.description}".strip().rstrip(".")
            tools = self.tools_of(node_id)
            if style.owner_tools and tools:
                text += ". Tools: " + ", ".join(words(self.tools[t].name) for t in tools)
            return text
        if kind is NodeKind.ENTITY:
            entity = self.entities[node_id]
            return f"{words(entity.name or entity.id)}: {entity.description}".strip(": ")
        raise KeyError(f"no node {node_id!r} in catalog {self.name!r}")

    def dependency_closure(self, tool_id: str,
                           types: frozenset[DependencyType] = ALL_DEPENDENCY_TYPES) -> list[str]:
        """Every tool ``tool_id`` depends on, transitively, in depth-first pre-order (cycles cut)."""
        return [path[-1] for path in dependency_paths(self, tool_id, types=types)]

    def __len__(self) -> int:
        return len(self.tools)

    def __repr__(self) -> str:
        return (f"ToolCatalog({self.name!r}: {len(self.tools)} tools, {len(self.owners)} owners, "
                f"{len(self.entities)} entity types)")


def dependency_paths(catalog: ToolCatalog, tool_id: str, *, limit: int | None = None,
                     types: frozenset[DependencyType] = ALL_DEPENDENCY_TYPES,
                     skip: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, ...]]:
    """Depth-first pre-order walk of ``tool_id``'s dependencies, each returned as its path from the tool.

    A path alternates tool ids and edge labels: ``(tool, "PARAMETER_DIRECTLY_DEPENDS_ON", dep, ...)``.
    Each tool is visited once, so cycles (``get_x`` <-> ``set_x``) end the walk; ``limit`` caps how
    many dependencies are returned (the paper's per-tool ``d``); tools in ``skip`` are walked through
    but not returned (already retrieved).
    """
    out: list[tuple[str, ...]] = []
    seen: set[str] = set()
    stack: list[tuple[str, ...]] = [(tool_id,)]
    # An explicit stack (children pushed in reverse, marked when popped) gives the recursive pre-order
    # without Python's recursion limit.
    while stack:
        path = stack.pop()
        node = path[-1]
        if node in seen:
            continue
        seen.add(node)
        if len(path) > 1 and node not in skip:
            out.append(path)
            if limit is not None and len(out) >= limit:
                break
        stack.extend(path + (dep.type.value, dep.target)
                     for dep in reversed(catalog.dependencies(node, types)) if dep.target not in seen)
    return out


def dependency_paths_bfs(catalog: ToolCatalog, tool_id: str, *, limit: int | None = None,
                         types: frozenset[DependencyType] = ALL_DEPENDENCY_TYPES,
                         skip: frozenset[str] | set[str] = frozenset()) -> list[tuple[str, ...]]:
    """Like ``dependency_paths`` but breadth-first: nearer dependencies first (an ablation of the paper)."""
    out: list[tuple[str, ...]] = []
    seen = {tool_id}
    queue = deque([(tool_id,)])
    while queue:
        path = queue.popleft()
        for dep in catalog.dependencies(path[-1], types):
            if dep.target in seen:
                continue
            seen.add(dep.target)
            child = path + (dep.type.value, dep.target)
            if dep.target not in skip:
                out.append(child)
                if limit is not None and len(out) >= limit:
                    return out
            queue.append(child)
    return out


# -- loaders --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ToolQuery:
    """One benchmark query: the text to search, the step-wise sub-queries if any, and the gold answer.

    ``relevant`` holds ids; an item that is a frozenset is a group of alternatives, any one of which
    counts (used where the data leaves an owner ambiguous).
    """

    id: str
    text: str
    relevant: tuple[str | frozenset[str], ...]
    steps: tuple[str, ...] = ()
    main: str | None = None              # the tool the query is about (ToolLinkOS)
    note: str = ""


def load_toollinkos(data_dir: str | Path) -> tuple[ToolCatalog, list[ToolQuery]]:
    """ToolLinkOS: 573 tools (50 core), 1,496 typed dependencies, 1,569 queries with ordered gold lists.

    There are no owners; parameters become the entity types a tool consumes.
    """
    root = Path(data_dir)
    catalog = ToolCatalog("toollinkos")
    raw = _read_json(root / "core_tools.json") + _read_json(root / "regular_tools.json")
    for item in raw:
        for p in item.get("parameters", []):
            if f"param:{p['name']}" not in catalog.entities:
                catalog.add_entity(Entity(f"param:{p['name']}", p["name"], p.get("description", "")))
        params = tuple(Parameter(p["name"], str(p.get("type", "")), p.get("description", ""),
                                 bool(p.get("required", False))) for p in item.get("parameters", []))
        deps = tuple(Dependency(d["name"], DependencyType.parse(d["dependence_type"]), d.get("parameter_name"),
                                d.get("reason", "")) for d in item.get("depends_on", []))
        catalog.add_tool(Tool(item["name"], item["name"], item.get("description", ""), params,
                              consumes=tuple(dict.fromkeys(f"param:{p.name}" for p in params)),
                              depends_on=deps, core=item.get("func_type") == "core"))
    queries = [ToolQuery(str(i), inst["user_query"], tuple(inst["golden_function_names"]),
                         main=inst["main_golden_function_name"])
               for i, inst in enumerate(_read_json(root / "instances.json"))]
    return catalog, queries


@dataclass
class OwnerDerivation:
    """How LiveMCPBench's tool-only annotations were turned into owner (server) gold sets."""

    tasks: int = 0
    unique: int = 0                  # annotated names found on exactly one server
    resolved_by_context: int = 0     # repeated names settled by another tool of the same task
    ambiguous: int = 0               # repeated names kept as a group of alternatives
    missing: list[str] = field(default_factory=list)   # annotated names not in the catalogue
    dropped_tasks: list[str] = field(default_factory=list)

    def describe(self) -> str:
        return (f"owners derived from {self.tasks} annotated tasks: {self.unique} tool names map to one "
                f"server; {self.resolved_by_context} repeated names resolved by the task's other tools' "
                f"servers; {self.ambiguous} repeated names kept as any-of groups (scored leniently: any "
                f"one candidate counts); {len(self.missing)} names not in the catalogue ignored "
                f"({', '.join(sorted(set(self.missing)))}); {len(self.dropped_tasks)} task(s) left with no "
                f"gold dropped")


def load_livemcpbench(data_dir: str | Path) -> tuple[ToolCatalog, list[ToolQuery], OwnerDerivation]:
    """LiveMCPBench: 70 MCP servers (owners), 527 tools (id ``server::tool``), 95 annotated tasks.

    Annotations name tools only. A name found on one server gives that server; a name several servers
    share is settled by the servers the task's other tools already need, else kept as a group of
    alternatives. Each query carries the task's steps for step-wise retrieval.
    """
    root = Path(data_dir)
    catalog = ToolCatalog("livemcpbench")
    servers_by_tool: dict[str, list[str]] = defaultdict(list)
    for server in _read_json(root / "tools" / "LiveMCPTool" / "tools.json"):
        owner = catalog.add_owner(Owner(server["name"], server["name"], server.get("description", ""),
                                        server.get("category", "")))
        for inner in server.get("tools", {}).values():
            for item in inner.get("tools", []):
                schema = item.get("inputSchema") or {}
                required = set(schema.get("required", []))
                params = tuple(Parameter(name, str(spec.get("type", "")), spec.get("description", ""),
                                         name in required)
                               for name, spec in (schema.get("properties") or {}).items())
                tool_id = f"{owner.id}::{item['name']}"
                if tool_id in catalog.tools:
                    continue
                catalog.add_tool(Tool(tool_id, item["name"], item.get("description") or "", params,
                                      owner=owner.id))
                servers_by_tool[item["name"]].append(owner.id)

    derivation = OwnerDerivation()
    queries = []
    for task in _read_json(root / "annotated_data" / "all_annotations.json"):
        meta = task.get("Annotator Metadata", {})
        names = _numbered_lines(meta.get("Tools", ""))
        steps = tuple(_numbered_lines(meta.get("Steps", "")))
        derivation.tasks += 1
        candidates = []
        for name in names:
            servers = servers_by_tool.get(name)
            if not servers:
                derivation.missing.append(name)
            else:
                candidates.append(frozenset(servers))
        settled = {next(iter(c)) for c in candidates if len(c) == 1}
        groups: list[str | frozenset[str]] = []
        for cand in candidates:
            if len(cand) == 1:
                derivation.unique += 1
                group: str | frozenset[str] = next(iter(cand))
            elif cand & settled:
                derivation.resolved_by_context += 1
                hits = cand & settled
                group = next(iter(hits)) if len(hits) == 1 else frozenset(hits)
            else:
                derivation.ambiguous += 1
                group = cand
            if group not in groups:
                groups.append(group)
        # a group of alternatives already satisfied by a settled server adds nothing
        groups = [g for g in groups if isinstance(g, str) or not (g & settled)]
        if not groups:
            derivation.dropped_tasks.append(task["task_id"])
            continue
        queries.append(ToolQuery(task["task_id"], task["Question"], tuple(groups), steps=steps,
                                 note=task.get("category", "")))
    return catalog, queries, derivation


def _numbered_lines(text: str) -> list[str]:
    return [re.sub(r"^\s*\d+[.)]\s*", "", line).strip() for line in text.splitlines() if line.strip()]


def _read_json(path: Path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise FileNotFoundError(f"benchmark file {path} is missing; pass --data-dir pointing at the "
                                f"folder that holds toollinkos/ and livemcpbench/") from None


# -- QueryWeaver's own tools ----------------------------------------------------------------------

def catalog_from_tool_specs(specs: Iterable["ToolSpec"], owner_descriptions: dict[str, str] | None = None,
                            name: str = "queryweaver") -> ToolCatalog:
    """QueryWeaver's connector tools as a tool knowledge graph.

    Each tool consumes its ``known`` type and produces its ``wanted`` type. A tool several connectors
    offer (``person_from_email`` from mbox and maildir) is one node: the executor unions their links, so
    it is one capability; its owner is the first connector and ``providers`` lists them all. A tool that
    consumes a type depends (PARAMETER_INDIRECTLY: only when the question does not name the items
    itself) on every tool producing that type, except its own inverse.
    """
    from ..schema import TYPE_DESCRIPTIONS, EntityType

    owner_descriptions = owner_descriptions or {}
    by_name: dict[str, list["ToolSpec"]] = {}
    for spec in specs:
        by_name.setdefault(spec.name, []).append(spec)
    catalog = ToolCatalog(name)
    for type_ in EntityType:
        catalog.add_entity(Entity(type_.value, type_.value, TYPE_DESCRIPTIONS.get(type_, "")))
    for connector in dict.fromkeys(s.connector for group in by_name.values() for s in group):
        catalog.add_owner(Owner(_owner_id(connector), connector, owner_descriptions.get(connector, "")))
    firsts = [group[0] for group in by_name.values()]
    for spec in firsts:
        deps = tuple(
            Dependency(other.name, DependencyType.PARAMETER_INDIRECTLY, spec.known.value,
                       f"{other.name} finds the {spec.known} items {spec.name} starts from")
            for other in firsts
            if other.wanted == spec.known and not (other.known == spec.wanted and other.edge == spec.edge)
        )
        providers = tuple(dict.fromkeys(s.connector for s in by_name[spec.name]))
        description = next((s.description for s in by_name[spec.name] if s.description), "")
        catalog.add_tool(Tool(spec.name, spec.name, description or _default_tool_description(spec),
                              (Parameter(spec.known.value.lower(), spec.known.value,
                                         f"the known {spec.known} items", True),),
                              owner=_owner_id(spec.connector), consumes=(spec.known.value,),
                              produces=(spec.wanted.value,), depends_on=deps,
                              providers=tuple(_owner_id(c) for c in providers)))
    return catalog


def catalog_from_connectors(connector_classes: Iterable[type]) -> ToolCatalog:
    """The catalog of the given ``Connector`` subclasses, read from their ``@tool`` registrations."""
    classes = list(connector_classes)
    specs = [spec for cls in classes for spec in cls.tool_specs()]
    return catalog_from_tool_specs(specs, {cls.name: getattr(cls, "description", "") for cls in classes})


def schema_tool_specs() -> list["ToolSpec"]:
    """One tool per schema edge and direction, as a connector would register it (owner ``schema``)."""
    from ..connector import ToolSpec
    from ..schema import EDGE_RULES, tool_name

    specs = []
    for rule in EDGE_RULES:
        specs.append(ToolSpec(tool_name(rule.source, rule.name, rule.target), rule.source, rule.name, rule.target,
                              "schema", f"Given {rule.source} items, the {rule.target} items: {rule.description}."))
        specs.append(ToolSpec(tool_name(rule.target, rule.name, rule.source), rule.target, rule.name, rule.source,
                              "schema", f"Given {rule.target} items, the {rule.source} items: {rule.description}."))
    return specs


def _owner_id(connector: str) -> str:
    return f"connector:{connector}"


def _default_tool_description(spec: "ToolSpec") -> str:
    return f"Given {spec.known} items, the {spec.wanted} items linked by {spec.edge}."
