"""Tool retrieval: a tool knowledge graph and the retrievers that search it.

    catalog       the graph (tools, owners, entity types, typed dependencies) and its loaders
    retrievers    BM25, dense, hybrid, Graph RAG-Tool Fusion, Tool-to-Agent, Agent-as-a-Graph, ego graphs
    encoders      the optional MiniLM encoder (the [retrieval] extra) and its on-disk cache
    metrics       Recall / AP / nDCG / CompleteRecall at k
    schema_slice  the part of QueryWeaver's schema a question needs, for prompts over budget
    tool_search   ``queryweaver tools search``: QueryWeaver's own tools, ranked, with reasons
"""

from .catalog import (
    Dependency,
    DependencyType,
    Entity,
    NodeKind,
    Owner,
    Parameter,
    Tool,
    ToolCatalog,
    ToolQuery,
    catalog_from_connectors,
    catalog_from_tool_specs,
    load_livemcpbench,
    load_toollinkos,
)
from .encoders import CachedEncoder, MissingExtraError, RetrievalError, dense_available, load_minilm
from .retrievers import (
    METHODS,
    AgentAsAGraph,
    BM25Retriever,
    DenseRetriever,
    EgoGraphEnsemble,
    GraphRAGToolFusion,
    Hit,
    HybridRetriever,
    Retriever,
    ToolToAgent,
    build_retriever,
)
from .schema_slice import SchemaSelection, SchemaSelector, schema_catalog, select_schema
from .tool_search import ToolSearchRow, product_catalog, search_tools, search_tools_command

__all__ = [
    "METHODS", "AgentAsAGraph", "BM25Retriever", "CachedEncoder", "Dependency", "DependencyType", "DenseRetriever",
    "EgoGraphEnsemble", "Entity", "GraphRAGToolFusion", "Hit", "HybridRetriever", "MissingExtraError", "NodeKind",
    "Owner", "Parameter", "RetrievalError", "Retriever", "Tool", "ToolCatalog", "ToolQuery", "ToolToAgent",
    "build_retriever", "catalog_from_connectors", "catalog_from_tool_specs", "dense_available", "load_livemcpbench",
    "load_minilm", "load_toollinkos", "SchemaSelection", "SchemaSelector", "schema_catalog", "select_schema",
    "ToolSearchRow", "product_catalog", "search_tools", "search_tools_command",
]
