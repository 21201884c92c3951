"""Tool retrievers behind one interface: ``search(query, k) -> [Hit]``, best first.

Every hit carries its score and the path that found it, so ``queryweaver tools search`` can say why a
tool is there. First-stage scorers rank nodes by text; graph methods start from them and walk the
tool knowledge graph (``catalog.ToolCatalog``):

    bm25            lexical BM25 (bm25s) over name, description and parameter names
    dense           cosine similarity of MiniLM embeddings            (needs the [retrieval] extra)
    hybrid          alpha * dense + (1 - alpha) * bm25, each min-max normalised   (needs the extra)
    grtf            Graph RAG-Tool Fusion: top-k seeds, then each seed's dependencies depth-first
    tool-to-agent   top-N tools and owners in one index -> first K unique owners
    agent-graph     Agent-as-a-Graph: the same, reranked by type-weighted reciprocal rank fusion
    ego             ensemble of 1-hop ego graphs around semantic and exact n-gram entry nodes, reranked

The graph methods take their first stage as an argument, so each runs on BM25 alone (no torch) or on
dense / hybrid scores when the extra is installed.
"""

from __future__ import annotations

import logging
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Iterable, Sequence

import numpy as np

from .catalog import (
    ALL_DEPENDENCY_TYPES,
    DependencyType,
    NodeKind,
    TextStyle,
    ToolCatalog,
    dependency_paths,
    dependency_paths_bfs,
    words,
)
from .encoders import Encoder, RetrievalError


@dataclass(frozen=True)
class Hit:
    """One retrieved node. ``path`` runs from the entry point to this node, alternating node ids and
    relation labels; a node found directly has a path of one element. ``found_by`` names the step
    (``bm25``, ``dense``, ``hybrid``, ``dependency``, ``owner``, ``ego``, ``ngram``) that added it."""

    id: str
    kind: NodeKind
    score: float
    path: tuple[str, ...]
    found_by: str

    @property
    def entry(self) -> str:
        return self.path[0]

    def reason(self) -> str:
        if len(self.path) == 1:
            return f"{self.found_by} match"
        steps = []
        for i in range(1, len(self.path) - 1, 2):
            steps.append(f"{_relation_words(self.path[i])} {self.path[i + 1]}")
        return f"{self.found_by}: {self.path[0]} " + ", ".join(steps)


def _relation_words(label: str) -> str:
    try:
        kind = DependencyType(label)
    except ValueError:
        return label
    return {DependencyType.TOOL_DIRECTLY: "needs", DependencyType.TOOL_INDIRECTLY: "benefits from",
            DependencyType.PARAMETER_DIRECTLY: "takes a parameter from",
            DependencyType.PARAMETER_INDIRECTLY: "may take a parameter from"}[kind]


class Retriever(ABC):
    """Ranks catalogue nodes for a query. ``returns`` says which kind of node comes back."""

    name: ClassVar[str]
    returns: ClassVar[NodeKind] = NodeKind.TOOL
    needs_encoder: ClassVar[bool] = False

    catalog: ToolCatalog

    @abstractmethod
    def search(self, query: str, k: int = 10) -> list[Hit]:
        """The ``k`` best nodes, best first."""


class ScoringRetriever(Retriever):
    """A first stage: one score for every indexed node (``ids``), higher is better."""

    def __init__(self, catalog: ToolCatalog, kinds: Iterable[NodeKind] = (NodeKind.TOOL,),
                 style: TextStyle | None = None):
        self.catalog = catalog
        self.kinds = tuple(NodeKind(k) for k in kinds)
        self.ids = catalog.node_ids(self.kinds)
        self.position = {node_id: i for i, node_id in enumerate(self.ids)}
        self.texts = [catalog.text(node_id, style) for node_id in self.ids]

    @abstractmethod
    def scores(self, query: str) -> np.ndarray:
        """Scores aligned with ``ids``."""

    def search(self, query: str, k: int = 10) -> list[Hit]:
        return self.hits_from(self.scores(query), k)

    def hits_from(self, scores: np.ndarray, k: int, kinds: Iterable[NodeKind] | None = None) -> list[Hit]:
        order = np.argsort(-scores, kind="stable")
        wanted = set(kinds) if kinds is not None else None
        hits = []
        for index in order:
            node_id = self.ids[index]
            kind = self.catalog.kind(node_id)
            if wanted is not None and kind not in wanted:
                continue
            hits.append(Hit(node_id, kind, float(scores[index]), (node_id,), self.name))
            if len(hits) >= k:
                break
        return hits


# -- first stages -----------------------------------------------------------------------------------

STOPWORDS = frozenset("""a an and are as at be but by can could do does for from get give has have help
how i in into is it its me my of on or our please should so some tell that the their them then there these
this those to up us want was we what when where which who will with would you your""".split())

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens with light plural folding; runs of CJK characters give character bigrams."""
    tokens = []
    for word in re.findall(r"[a-z0-9]+", words(text)):
        if word in STOPWORDS:
            continue
        tokens.append(_fold(word))
    for run in _CJK.findall(text):
        tokens.extend(run[i:i + 2] for i in range(max(1, len(run) - 1)))
    return tokens


_CJK_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff00-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+")


def readable(text: str) -> str:
    """``text`` without its CJK runs, for an English-only encoder (all-MiniLM-L6-v2 was trained on English).

    A description written in Chinese gives MiniLM a vector that matches nothing in particular; the node's
    name, parameter names and owner (in Latin script) are what it can read. BM25 keeps the CJK bigrams.
    """
    stripped = " ".join(_CJK_PUNCTUATION.sub(" ", _CJK.sub(" ", text)).split())
    return stripped if re.search(r"[A-Za-z0-9]", stripped) else text  # nothing readable left: keep it all


def _fold(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class BM25Retriever(ScoringRetriever):
    name = "bm25"

    def __init__(self, catalog: ToolCatalog, kinds: Iterable[NodeKind] = (NodeKind.TOOL,),
                 style: TextStyle | None = None, k1: float = 1.5, b: float = 0.75):
        super().__init__(catalog, kinds, style)
        import bm25s

        # bm25s sets its logger to DEBUG, so its notes ("Building index from tokens") reached any handler the
        # process has: the MCP server's stderr, which is an agent's log or the user's terminal
        logging.getLogger("bm25s").setLevel(logging.WARNING)
        self._index = bm25s.BM25(k1=k1, b=b)
        # bm25s cannot index an empty document: give every node at least its id.
        self._index.index([tokenize(text) or [node_id.lower()] for node_id, text in zip(self.ids, self.texts)],
                          show_progress=False)

    def scores(self, query: str) -> np.ndarray:
        tokens = tokenize(query)
        if not tokens:
            return np.zeros(len(self.ids), dtype=np.float32)
        return np.asarray(self._index.get_scores(tokens), dtype=np.float32)


class DenseRetriever(ScoringRetriever):
    name = "dense"
    needs_encoder = True

    def __init__(self, catalog: ToolCatalog, encoder: Encoder, kinds: Iterable[NodeKind] = (NodeKind.TOOL,),
                 style: TextStyle | None = None):
        super().__init__(catalog, kinds, style)
        self.encoder = encoder
        self.matrix = np.asarray(encoder.encode([readable(t) for t in self.texts]), dtype=np.float32)

    def scores(self, query: str) -> np.ndarray:
        return self.matrix @ np.asarray(self.encoder.encode([query])[0], dtype=np.float32)


class HybridRetriever(ScoringRetriever):
    """``alpha`` * dense + (1 - alpha) * BM25, each min-max normalised over the catalogue.

    A convex blend, favouring the dense side like the paper's hybrid search; on ToolLinkOS it put the
    right tool first more often than reciprocal rank fusion of the two lists did.
    """

    name = "hybrid"
    needs_encoder = True

    def __init__(self, lexical: ScoringRetriever, dense: ScoringRetriever, alpha: float = 0.7):
        if lexical.ids != dense.ids:
            raise ValueError("hybrid retrieval needs both retrievers built over the same nodes")
        self.catalog, self.kinds, self.ids = lexical.catalog, lexical.kinds, lexical.ids
        self.position, self.texts = lexical.position, lexical.texts
        self.lexical, self.dense, self.alpha = lexical, dense, alpha

    def scores(self, query: str) -> np.ndarray:
        return self.alpha * _minmax(self.dense.scores(query)) + (1 - self.alpha) * _minmax(self.lexical.scores(query))


def _minmax(scores: np.ndarray) -> np.ndarray:
    low, high = float(scores.min(initial=0.0)), float(scores.max(initial=0.0))
    if high - low < 1e-12:
        return np.zeros_like(scores, dtype=np.float32)
    return ((scores - low) / (high - low)).astype(np.float32)


# -- Graph RAG-Tool Fusion ---------------------------------------------------------------------------

class GraphRAGToolFusion(Retriever):
    """Top-``k`` seed tools, then each seed's dependencies by depth-first search (paper, section 3.2).

    Order: the first seed, its dependencies in DFS pre-order, then the next seed and its dependencies,
    each tool once, cut at ``top_k``. ``d`` caps the dependencies added per seed (None: all); cycles are
    cut by visiting each tool once. A dependency carries the score of the seed that brought it in.
    """

    name = "grtf"

    def __init__(self, catalog: ToolCatalog, seeds: Retriever, k: int = 3, d: int | None = None,
                 top_k: int = 30, dependency_types: Iterable[DependencyType] = ALL_DEPENDENCY_TYPES,
                 order: str = "dfs"):
        if order not in ("dfs", "bfs"):
            raise ValueError(f"order must be 'dfs' (the paper's) or 'bfs', not {order!r}")
        self.catalog, self.seeds, self.k, self.d, self.top_k = catalog, seeds, k, d, top_k
        self.dependency_types = frozenset(DependencyType(t) for t in dependency_types)
        self.order = order

    def search(self, query: str, k: int | None = None) -> list[Hit]:
        limit = min(k, self.top_k) if k is not None else self.top_k
        out: list[Hit] = []
        taken: set[str] = set()
        for seed in self.seeds.search(query, self.k):
            if seed.kind is not NodeKind.TOOL:
                continue
            if seed.id not in taken:
                taken.add(seed.id)
                out.append(seed)
            walk = dependency_paths if self.order == "dfs" else dependency_paths_bfs
            for path in walk(self.catalog, seed.id, limit=self.d, types=self.dependency_types, skip=taken):
                taken.add(path[-1])
                out.append(Hit(path[-1], NodeKind.TOOL, seed.score, path, "dependency"))
            if len(out) >= limit:
                break
        return out[:limit]


# -- tools and owners in one index --------------------------------------------------------------------

class ToolToAgent(Retriever):
    """Tool-to-Agent retrieval (Algorithm 1): rank the top ``n`` tools and owners together, then walk the
    list, mapping each tool to its owner, and keep the first ``k`` unique owners."""

    name = "tool-to-agent"
    returns = NodeKind.OWNER

    def __init__(self, catalog: ToolCatalog, nodes: ScoringRetriever, n: int = 50):
        if NodeKind.OWNER not in nodes.kinds:
            raise ValueError("owner retrieval needs a first stage that indexes owners and tools together")
        self.catalog, self.nodes, self.n = catalog, nodes, n

    def ranked_nodes(self, query: str) -> list[tuple[Hit, float]]:
        """The top-``n`` nodes with the score the owner walk orders them by."""
        return [(hit, hit.score) for hit in self.nodes.search(query, self.n)]

    def search(self, query: str, k: int = 5) -> list[Hit]:
        ranked = self.ranked_nodes(query)
        owners: list[Hit] = []
        seen: set[str] = set()
        for hit, score in ranked:
            if hit.kind is NodeKind.OWNER:
                owner, path = hit.id, (hit.id,)
            elif hit.kind is NodeKind.TOOL and self.catalog.owner_of(hit.id) is not None:
                owner = self.catalog.owner_of(hit.id)
                path = (hit.id, "owned by", owner)
            else:
                continue  # no owner to route to
            if owner in seen:
                continue
            seen.add(owner)
            owners.append(Hit(owner, NodeKind.OWNER, score, path, hit.found_by if len(path) == 1 else "owner"))
            if len(owners) >= k:
                break
        return owners


class AgentAsAGraph(ToolToAgent):
    """Agent-as-a-Graph: Tool-to-Agent's walk over a list reranked by type-specific weighted RRF.

    Every node gets ``alpha_type / (rrf_k + r)`` from its rank ``r`` in the unified list (equation 3 of
    the paper); owners and tools have their own weight, ties go to the better base rank.
    """

    name = "agent-graph"

    def __init__(self, catalog: ToolCatalog, nodes: ScoringRetriever, n: int = 50, owner_weight: float = 1.5,
                 tool_weight: float = 1.0, rrf_k: int = 60):
        super().__init__(catalog, nodes, n)
        self.owner_weight, self.tool_weight, self.rrf_k = owner_weight, tool_weight, rrf_k

    def ranked_nodes(self, query: str) -> list[tuple[Hit, float]]:
        scored = []
        for rank, hit in enumerate(self.nodes.search(query, self.n), start=1):
            weight = self.owner_weight if hit.kind is NodeKind.OWNER else self.tool_weight
            scored.append((rank, hit, weight / (self.rrf_k + rank)))
        scored.sort(key=lambda item: (-item[2], item[0]))
        return [(hit, score) for _rank, hit, score in scored]


# -- ensemble of ego graphs ----------------------------------------------------------------------------

class EgoGraphEnsemble(Retriever):
    """Entry nodes from semantic top-``entry_k`` and exact n-gram (n <= ``ngram_max``) name matches, their
    1-hop ego graphs pooled, the candidate tools reranked.

    The paper reranks with a cross-encoder; here the reranker is the first stage's own score, and a tool
    reached from an entry tool it serves (a dependency) or from its owner inherits ``inherit`` times the
    entry's score when that is higher, so a tool with no words in common with the query can still rank.
    """

    name = "ego"

    def __init__(self, catalog: ToolCatalog, semantic: ScoringRetriever, entry_k: int = 10, ngram_max: int = 3,
                 inherit: float = 0.9, top_k: int = 10):
        self.catalog, self.semantic = catalog, semantic
        self.entry_k, self.ngram_max, self.inherit, self.top_k = entry_k, ngram_max, inherit, top_k
        self._names: dict[tuple[str, ...], list[str]] = {}
        for node_id in semantic.ids:
            tokens = tuple(tokenize(catalog.name_of(node_id)))
            if 0 < len(tokens) <= ngram_max:
                self._names.setdefault(tokens, []).append(node_id)

    def ngram_entries(self, query: str) -> list[str]:
        tokens = tokenize(query)
        found: list[str] = []
        for n in range(1, self.ngram_max + 1):
            for i in range(len(tokens) - n + 1):
                found.extend(self._names.get(tuple(tokens[i:i + n]), ()))
        return list(dict.fromkeys(found))

    def search(self, query: str, k: int | None = None) -> list[Hit]:
        limit = k if k is not None else self.top_k
        scores = _minmax(self.semantic.scores(query))
        position = self.semantic.position
        entries = {hit.id: hit.found_by for hit in self.semantic.hits_from(scores, self.entry_k)}
        for node_id in self.ngram_entries(query):
            entries.setdefault(node_id, "ngram")

        best: dict[str, tuple[float, tuple[str, ...], str]] = {}

        def offer(tool_id: str, score: float, path: tuple[str, ...], found_by: str) -> None:
            if tool_id not in best or score > best[tool_id][0]:
                best[tool_id] = (score, path, found_by)

        for entry, found_by in entries.items():
            entry_score = float(scores[position[entry]])
            if self.catalog.kind(entry) is NodeKind.TOOL:
                offer(entry, entry_score, (entry,), found_by)
            serves = {d.target for d in self.catalog.dependencies(entry)} \
                if self.catalog.kind(entry) is NodeKind.TOOL else set()
            for neighbour, relation in self.catalog.neighbors(entry):
                if self.catalog.kind(neighbour) is not NodeKind.TOOL:
                    continue
                own = float(scores[position[neighbour]]) if neighbour in position else 0.0
                inherits = neighbour in serves or self.catalog.kind(entry) is NodeKind.OWNER
                score = max(own, self.inherit * entry_score) if inherits else own
                offer(neighbour, score, (entry, relation, neighbour), "ego")
        ranked = sorted(best.items(), key=lambda item: (-item[1][0], item[0]))
        return [Hit(tool_id, NodeKind.TOOL, score, path, found_by)
                for tool_id, (score, path, found_by) in ranked[:limit]]


# -- helpers --------------------------------------------------------------------------------------------

def owners_of(catalog: ToolCatalog, hits: Sequence[Hit], k: int) -> list[Hit]:
    """Owners of a ranked list, first come first kept (a tool maps to its owner; an owner to itself)."""
    out: list[Hit] = []
    seen: set[str] = set()
    for hit in hits:
        if hit.kind is NodeKind.OWNER:
            owner, path = hit.id, hit.path
        elif hit.kind is NodeKind.TOOL and catalog.owner_of(hit.id) is not None:
            owner = catalog.owner_of(hit.id)
            path = hit.path + ("owned by", owner)
        else:
            continue
        if owner not in seen:
            seen.add(owner)
            out.append(Hit(owner, NodeKind.OWNER, hit.score, path, hit.found_by))
            if len(out) >= k:
                break
    return out


def merge_round_robin(rankings: Sequence[Sequence[Hit]], k: int) -> list[Hit]:
    """Step-wise querying: one list from the lists of several sub-queries, taking each list's best
    unseen node in turn, so every step gets its top node in before any step gets its second."""
    out: list[Hit] = []
    seen: set[str] = set()
    depth = max((len(r) for r in rankings), default=0)
    for position in range(depth):
        for ranking in rankings:
            if position < len(ranking) and ranking[position].id not in seen:
                seen.add(ranking[position].id)
                out.append(ranking[position])
                if len(out) >= k:
                    return out
    return out


def require_encoder(method: str, encoder: Encoder | None) -> Encoder:
    if encoder is None:
        raise RetrievalError(f"method {method!r} needs a sentence encoder; pass encoder=load_minilm()")
    return encoder


# -- building by name -----------------------------------------------------------------------------------

# name -> (what it returns, whether it needs a sentence encoder, one-line help)
METHODS: dict[str, tuple[NodeKind, bool, str]] = {
    "bm25": (NodeKind.TOOL, False, "lexical BM25 over name, description and parameter names"),
    "dense": (NodeKind.TOOL, True, "MiniLM embedding similarity"),
    "hybrid": (NodeKind.TOOL, True, "0.7 dense + 0.3 BM25, min-max normalised"),
    "grtf": (NodeKind.TOOL, False, "Graph RAG-Tool Fusion: top-k seeds + depth-first dependencies"),
    "tool-to-agent": (NodeKind.OWNER, False, "tools and owners in one index -> top-K unique owners"),
    "agent-graph": (NodeKind.OWNER, False, "Agent-as-a-Graph: type-weighted RRF, then owner traversal"),
    "ego": (NodeKind.TOOL, False, "ensemble of 1-hop ego graphs around semantic + n-gram entry nodes"),
}
FIRST_STAGES = ("auto", "bm25", "dense", "hybrid")


def build_first_stage(catalog: ToolCatalog, kinds: Iterable[NodeKind], stage: str = "auto",
                      encoder: Encoder | None = None, alpha: float = 0.7,
                      style: TextStyle | None = None) -> ScoringRetriever:
    """A BM25, dense or hybrid scorer over ``kinds``; ``auto`` is hybrid with an encoder, else BM25."""
    kinds = tuple(kinds)
    if stage == "auto":
        stage = "hybrid" if encoder is not None else "bm25"
    if stage == "bm25":
        return BM25Retriever(catalog, kinds, style)
    if stage == "dense":
        return DenseRetriever(catalog, require_encoder(stage, encoder), kinds, style)
    if stage == "hybrid":
        encoder = require_encoder(stage, encoder)
        return HybridRetriever(BM25Retriever(catalog, kinds, style), DenseRetriever(catalog, encoder, kinds, style),
                               alpha)
    raise RetrievalError(f"unknown first stage {stage!r}; use one of {', '.join(FIRST_STAGES)}")


def build_retriever(method: str, catalog: ToolCatalog, *, encoder: Encoder | None = None,
                    first_stage: str = "auto", **options) -> Retriever:
    """A retriever by name (see ``METHODS``). Graph methods run on ``first_stage``; ``options`` go to the
    method's constructor (``k``, ``d``, ``top_k``, ``n``, ``owner_weight``, ``entry_k``, ``alpha`` ...)."""
    if method not in METHODS:
        raise RetrievalError(f"unknown retrieval method {method!r}; use one of {', '.join(METHODS)}")
    alpha = options.pop("alpha", 0.7)
    style = options.pop("style", None)
    if method in ("bm25", "dense", "hybrid"):
        kinds = options.pop("kinds", (NodeKind.TOOL,))
        return build_first_stage(catalog, kinds, method, encoder, alpha, style)
    if method == "grtf":
        seeds = build_first_stage(catalog, (NodeKind.TOOL,), first_stage, encoder, alpha, style)
        return GraphRAGToolFusion(catalog, seeds, **options)
    if method in ("tool-to-agent", "agent-graph"):
        nodes = build_first_stage(catalog, (NodeKind.TOOL, NodeKind.OWNER), first_stage, encoder, alpha, style)
        cls = ToolToAgent if method == "tool-to-agent" else AgentAsAGraph
        return cls(catalog, nodes, **options)
    semantic = build_first_stage(catalog, (NodeKind.TOOL, NodeKind.OWNER, NodeKind.ENTITY), first_stage,
                                 encoder, alpha, style)
    return EgoGraphEnsemble(catalog, semantic, **options)
