"""``queryweaver tools search "QUESTION"``: QueryWeaver's own tools ranked for a question, with reasons.

The catalogue comes from the configured sources' connectors (their ``@tool`` registrations), else from
every registered connector, else from the schema itself. Graph RAG-Tool Fusion ranks it: the best
matching tools, then the tools that can supply what each of them starts from.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .catalog import ToolCatalog, catalog_from_connectors, catalog_from_tool_specs, schema_tool_specs
from .encoders import CachedEncoder, Encoder, dense_available, load_minilm
from .retrievers import build_retriever

if TYPE_CHECKING:  # pragma: no cover
    from ..config import Config


@dataclass(frozen=True)
class ToolSearchRow:
    """One line of ``tools search``: the tool, who provides it, its score and why it is listed."""

    tool: str
    owner: str | None
    score: float
    reason: str
    path: tuple[str, ...]


def search_tools(question: str, catalog: ToolCatalog, *, method: str = "grtf", top: int = 10,
                 encoder: Encoder | None = None, **options) -> list[ToolSearchRow]:
    """The ``top`` tools for ``question``. ``method`` is any of ``retrievers.METHODS``; for ``grtf`` each
    seed brings at most two dependencies (``d=2``) unless ``options`` say otherwise."""
    if method == "grtf":
        # QueryWeaver's dependency graph is small and dense (every Email producer serves every Email
        # consumer), so list each seed's nearest suppliers rather than one deep chain.
        options.setdefault("d", 2)
        options.setdefault("order", "bfs")
        options.setdefault("top_k", top)
    retriever = build_retriever(method, catalog, encoder=encoder, **options)
    rows = []
    for hit in retriever.search(question, top):
        owners: tuple[str, ...] = ()
        if hit.id in catalog.tools:
            tool = catalog.tools[hit.id]
            owners = tool.providers or ((tool.owner,) if tool.owner else ())
        rows.append(ToolSearchRow(catalog.name_of(hit.id),
                                  ", ".join(catalog.name_of(o) for o in owners) or None,
                                  hit.score, hit.reason(), hit.path))
    return rows


def product_catalog(config: "Config | None" = None) -> ToolCatalog:
    """QueryWeaver's tools: the configured sources' connectors, else all registered ones, else the schema's."""
    try:
        from ..plugins import get_registry

        registry = get_registry()
        classes = []
        if config is not None:
            for source in config.sources:
                cls = registry.connectors.get(source.type)
                if cls is not None and cls not in classes:
                    classes.append(cls)
        classes = classes or list(registry.connectors.values())
        catalog = catalog_from_connectors(classes) if classes else None
    except ImportError:  # a connector's optional dependency is missing
        catalog = None
    if catalog is None or not len(catalog):
        catalog = catalog_from_tool_specs(schema_tool_specs(), name="schema")
    return catalog


def default_encoder(cache_dir: Path | None) -> Encoder | None:
    """MiniLM with an on-disk cache when the [retrieval] extra is installed, else None (BM25)."""
    if not dense_available():
        return None
    return CachedEncoder(load_minilm(), cache_dir / "retrieval" if cache_dir else None)


def format_rows(rows: list[ToolSearchRow]) -> str:
    if not rows:
        return "no tool matches; try other words"
    width = max(len(r.tool) for r in rows)
    owner_width = max(len(r.owner or "-") for r in rows)
    lines = [f"{'tool':{width}s}  {'provided by':{owner_width}s}  score  why"]
    for row in rows:
        lines.append(f"{row.tool:{width}s}  {row.owner or '-':{owner_width}s}  {row.score:5.2f}  {row.reason}")
    return "\n".join(lines)


def search_tools_command(config: "Config", question: str, top: int = 10, out: TextIO | None = None,
                         method: str = "grtf") -> int:
    """What ``queryweaver tools search`` runs: print the ranked tools and why each is there."""
    out = out or sys.stdout
    encoder = default_encoder(config.cache_dir)
    rows = search_tools(question, product_catalog(config), method=method, top=top, encoder=encoder)
    if isinstance(encoder, CachedEncoder):
        encoder.save()
    print(format_rows(rows), file=out)
    return 0
