"""The prompt, the example bank, the decoding schemas and the tree form, all read from queryweaver.schema."""

from __future__ import annotations

import json
import re

import pytest

from queryweaver.graph import QueryGraph, same_graph
from queryweaver.llm.examples import BANK, example_bank, off_topic, select_examples, tokenize
from queryweaver.llm.prompt import SchemaSlice, build_prompt, decoding_schema, render_graph, system_text
from queryweaver.llm.tree import TreeError, graph_to_tree, tree_to_graph
from queryweaver.paper_graphs import PAPER_QUESTIONS
from queryweaver.schema import EDGE_RULES, FILTER_FIELDS, TYPE_DESCRIPTIONS, EntityType


# ---- a small JSON-schema checker for the subset the decoding schemas use ---------------------------

def conforms(value, schema, root=None) -> bool:
    root = root or schema
    if "$ref" in schema:
        return conforms(value, root["$defs"][schema["$ref"].rsplit("/", 1)[-1]], root)
    if "anyOf" in schema:
        return any(conforms(value, option, root) for option in schema["anyOf"])
    if "const" in schema and value != schema["const"]:
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    kind = schema.get("type")
    if kind == "string":
        if not isinstance(value, str):
            return False
        if len(value) < schema.get("minLength", 0) or len(value) > schema.get("maxLength", 10**9):
            return False
        return "pattern" not in schema or re.fullmatch(schema["pattern"].strip("^$"), value) is not None
    if kind == "array":
        if not isinstance(value, list) or len(value) > schema.get("maxItems", 10**9):
            return False
        return all(conforms(v, schema["items"], root) for v in value)
    if kind == "object":
        if not isinstance(value, dict):
            return False
        props = schema.get("properties", {})
        if any(k not in value for k in schema.get("required", [])):
            return False
        if len(value) < schema.get("minProperties", 0):
            return False
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                if not conforms(item, props[key], root):
                    return False
            elif extra is False:
                return False
            elif isinstance(extra, dict) and not conforms(item, extra, root):
                return False
        return True
    return True


# ---- the bank ------------------------------------------------------------------------------------

def test_every_bank_graph_is_valid():
    assert 30 <= len(BANK) <= 50
    for _question, graph in BANK:
        QueryGraph.parse(graph)  # raises GraphError naming the constraint at fault


def test_bank_covers_every_relation_filter_and_operator():
    rules, fields = set(), set()
    for example in example_bank():
        g = example.graph
        rules |= {(g.vars[e.from_], e.edge, g.vars[e.to]) for e in g.edges}
        fields |= {(g.vars[f.var], f.field, f.op) for f in g.filters}
    assert {(r.source.value, r.name, r.target.value) for r in EDGE_RULES} <= rules
    assert {(f.type.value, f.name, op) for f in FILTER_FIELDS for op in f.operators} <= fields
    actions = {e.graph.action for e in example_bank()}
    modes = {e.graph.return_mode for e in example_bank()}
    assert actions == {"find", "count"} and modes == {"one", "all"}


def test_bank_is_disjoint_from_the_papers_questions_and_the_benchmark():
    def norm(q):
        return " ".join(tokenize(q))

    paper = {norm(q) for q in PAPER_QUESTIONS}
    bank = [norm(q) for q, _ in BANK]
    assert not paper & set(bank)
    assert len(set(bank)) == len(bank)
    with open("benchmarks/questions.json", encoding="utf-8") as fh:
        bench = {norm(item["question"]) for item in json.load(fh)["questions"]}
    assert not bench & set(bank)


def test_bm25_puts_the_closest_example_next_to_the_question():
    chosen = select_examples("In which folders are the attachments that Omar Haddad emailed me?", k=3)
    assert len(chosen) == 3
    assert "folders" in chosen[-1].question
    assert select_examples("anything", k=0) == []


@pytest.mark.parametrize("question", ["What's the weather?", "tell me a joke", "How is the weather in Paris?"])
def test_questions_about_nothing_in_the_schema_are_off_topic(question):
    assert off_topic(question)


@pytest.mark.parametrize("question", [
    "Who pinged me?", "budget.xlsx", "Find the file folders that contain email attachments from Jane Doe.",
    "anything from jane.doe@example.com", "How many meetings did I have in February?",
])
def test_questions_about_the_data_are_on_topic(question):
    assert not off_topic(question)


# ---- the prompt ----------------------------------------------------------------------------------

def test_system_text_is_rendered_from_the_schema_tables():
    text = system_text("flat")
    for type_, description in TYPE_DESCRIPTIONS.items():
        assert f"{type_.value}: {description}" in text
    for rule in EDGE_RULES:
        assert f"{rule.source.value} {rule.name} {rule.target.value}: {rule.description}" in text
    for field in FILTER_FIELDS:
        assert f"{field.type.value}.{field.name} " in text


def test_a_slice_limits_the_prompt_and_the_decoding_schema():
    piece = SchemaSlice.covering([EntityType.EMAIL, EntityType.PERSON])
    text = system_text("flat", piece)
    assert "Email from Person" in text and "has_attachment" not in text and "Folder" not in text
    schema = decoding_schema("flat", piece)
    assert schema["properties"]["vars"]["additionalProperties"]["enum"] == ["Email", "Person"]
    tree = decoding_schema("tree", piece)
    assert {d["properties"]["type"]["const"] for d in tree["$defs"].values()} == {"Email", "Person"}


def test_prompt_shows_examples_as_exchanges_then_the_question():
    examples = select_examples("emails from Sam Lee", k=2)
    prompt = build_prompt("Emails from Sam Lee", examples, form="flat")
    roles = [m.role for m in prompt.turns]
    assert roles == ["user", "assistant", "user", "assistant", "user"]
    assert prompt.turns[-1].content == "Question: Emails from Sam Lee"
    assert json.loads(prompt.turns[1].content) == examples[0].graph.to_json()
    # the system text does not depend on the question: it stays in the backend's KV cache
    assert build_prompt("something else", form="flat").system == prompt.system


# ---- decoding schemas ----------------------------------------------------------------------------

@pytest.mark.parametrize("form", ["flat", "tree"])
def test_every_bank_example_fits_the_decoding_schema(form):
    schema = decoding_schema(form)
    for example in example_bank():
        assert conforms(json.loads(render_graph(example.graph, form)), schema), example.question


def test_the_flat_schema_refuses_unknown_types_edges_and_operators():
    schema = decoding_schema("flat")
    good = example_bank()[0].graph.to_json()
    assert conforms(good, schema)
    for bad in (
        {**good, "vars": {**good["vars"], "x": "Weather"}},
        {**good, "constraints": [{"kind": "edge", "from": "e", "edge": "likes", "to": "p"}]},
        {**good, "constraints": [{"kind": "filter", "var": "e", "field": "subject", "op": "=", "value": "x"}]},
        {**good, "action": "delete"},
    ):
        assert not conforms(bad, schema)


def test_the_tree_schema_only_links_types_a_relation_joins():
    schema = decoding_schema("tree")
    ok = {"action": "find", "return_mode": "all",
          "return": {"type": "Folder", "links": [{"edge": "parent", "node": {"type": "File"}}]}}
    assert conforms(ok, schema)
    wrong_type = {"action": "find", "return_mode": "all",
                  "return": {"type": "Folder", "links": [{"edge": "parent", "node": {"type": "Email"}}]}}
    wrong_filter = {"action": "find", "return_mode": "all",
                    "return": {"type": "Folder", "filters": [{"field": "extension", "op": "=", "value": "txt"}]}}
    assert not conforms(wrong_type, schema)
    assert not conforms(wrong_filter, schema)


# ---- the tree form -------------------------------------------------------------------------------

def test_tree_form_round_trips_every_bank_graph():
    for example in example_bank():
        back = QueryGraph.parse(tree_to_graph(graph_to_tree(example.graph)))
        assert same_graph(back, example.graph), example.question


def test_tree_compiles_to_the_papers_graph_with_edges_in_schema_direction():
    tree = {"action": "find", "return_mode": "all", "return": {
        "type": "Folder", "links": [{"edge": "parent", "node": {"type": "File", "links": [
            {"edge": "has_attachment", "node": {"type": "Email", "links": [
                {"edge": "from", "node": {"type": "Person",
                                          "filters": [{"field": "name", "op": "=", "value": "Jane Doe"}]}}]}}]}}]}}
    graph = tree_to_graph(tree)
    assert graph["return_var"] == "dir"
    assert graph["vars"] == {"dir": "Folder", "f": "File", "e": "Email", "p": "Person"}
    edges = [(c["from"], c["edge"], c["to"]) for c in graph["constraints"] if c["kind"] == "edge"]
    assert edges == [("f", "parent", "dir"), ("e", "has_attachment", "f"), ("e", "from", "p")]
    QueryGraph.parse(graph)


def test_tree_numbers_repeated_types_and_merges_self():
    tree = {"action": "find", "return_mode": "all", "return": {
        "type": "Person", "links": [
            {"edge": "attended", "node": {"type": "Event", "links": [
                {"edge": "attended", "node": {"type": "Person", "filters": [
                    {"field": "name", "op": "=", "value": "Jane Doe"}]}},
                {"edge": "attended", "node": {"type": "Self"}}]}},
            {"edge": "from", "node": {"type": "Email", "links": [{"edge": "to", "node": {"type": "Self"}}]}}]}}
    graph = QueryGraph.parse(tree_to_graph(tree))
    assert graph.return_var == "p1"
    assert sorted(graph.vars) == ["e", "ev", "p1", "p2", "self"]


@pytest.mark.parametrize("tree, message", [
    ([], "JSON object"),
    ({"action": "find"}, "'return' is missing"),
    ({"return": {"kind": "Email"}}, "must be a node"),
    ({"return": {"type": "Email", "links": [{"node": {"type": "Person"}}]}}, "'edge' and 'node'"),
])
def test_malformed_trees_say_where(tree, message):
    with pytest.raises(TreeError, match=re.escape(message)):
        tree_to_graph(tree)


def test_the_tree_schema_bounds_the_depth():
    schema = decoding_schema("tree")

    def chain(depth):
        node = {"type": "Email"}
        for i in range(depth - 1):
            node = {"type": "Person" if i % 2 == 0 else "Email", "links": [{"edge": "from", "node": node}]}
        return {"action": "find", "return_mode": "all", "return": node}

    assert conforms(chain(6), schema)
    assert not conforms(chain(7), schema)


def test_builtin_backends_register_through_the_plugin_hook():
    from queryweaver.plugins import get_registry

    assert {"ollama", "openai", "llamacpp", "rules"} <= set(get_registry().backends)
