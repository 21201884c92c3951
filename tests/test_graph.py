"""The query graph: the paper's JSON accepted as is, and one precise message per kind of mistake."""

import json

import pytest

from queryweaver.errors import GraphError
from queryweaver.graph import QueryGraph, same_graph
from queryweaver.schema import EDGE_RULES, FILTER_FIELDS, EntityType, edges_for, find_edge_rule

PAPER_Q7 = {
    "action": "find", "return_var": "w", "return_mode": "all",
    "vars": {"w": "Webpage", "e": "Email", "p": "Person", "ev": "Event", "d": "Date"},
    "constraints": [
        {"kind": "edge", "from": "e", "edge": "mentions_url", "to": "w"},
        {"kind": "edge", "from": "e", "edge": "from", "to": "p"},
        {"kind": "edge", "from": "p", "edge": "attended", "to": "ev"},
        {"kind": "edge", "from": "ev", "edge": "occurred_on", "to": "d"},
        {"kind": "filter", "var": "d", "field": "value", "op": "=", "value": "in February"},
    ],
}


def graph_with(**changes):
    data = json.loads(json.dumps(PAPER_Q7))
    data.update(changes)
    return data


def problems(data) -> list[str]:
    with pytest.raises(GraphError) as info:
        QueryGraph.parse(data)
    return info.value.problems


def test_schema_has_the_papers_types_edges_and_filters():
    assert len(EntityType) == 9
    assert len(EDGE_RULES) == 14
    assert all(rule.description for rule in EDGE_RULES)
    assert all(f.description for f in FILTER_FIELDS)
    assert {r.name for r in edges_for(EntityType.SELF)} == {"from", "to", "participants", "attended"}


def test_paper_json_round_trips_unchanged():
    graph = QueryGraph.parse(PAPER_Q7)
    assert graph.to_json() == PAPER_Q7
    assert QueryGraph.parse(json.dumps(PAPER_Q7)).to_json() == PAPER_Q7


def test_reversed_edge_is_accepted_and_stored_in_schema_direction():
    data = graph_with(constraints=[{"kind": "edge", "from": "p", "edge": "from", "to": "e"}] + PAPER_Q7["constraints"][:1]
                      + PAPER_Q7["constraints"][2:])
    graph = QueryGraph.parse(data)
    edge = graph.edges[0]
    assert (edge.from_, edge.edge, edge.to) == ("e", "from", "p")
    assert same_graph(graph, QueryGraph.parse(PAPER_Q7))


@pytest.mark.parametrize("change, expected", [
    ({"vars": {**PAPER_Q7["vars"], "w": "Website"}}, "variable 'w' has unknown type 'Website'"),
    ({"constraints": [{"kind": "edge", "from": "e", "edge": "links_to", "to": "w"}]}, "constraint 1 (edge e -links_to-> w): unknown edge 'links_to'"),
    ({"constraints": PAPER_Q7["constraints"] + [{"kind": "filter", "var": "w", "field": "domain", "op": "=", "value": "x"}]},
     "constraint 6 (filter w.domain = \"x\"): Webpage has no field 'domain'"),
    ({"constraints": PAPER_Q7["constraints"] + [{"kind": "filter", "var": "d", "field": "value", "op": "contains", "value": "May"}]},
     "constraint 6 (filter d.value contains \"May\"): operator 'contains' is not allowed on Date.value"),
    ({"constraints": PAPER_Q7["constraints"] + [{"kind": "edge", "from": "w", "edge": "attended", "to": "ev"}]},
     "constraint 6 (edge w -attended-> ev): Webpage -attended-> Event is not allowed (in either direction)"),
    ({"constraints": PAPER_Q7["constraints"] + [{"kind": "edge", "from": "e", "edge": "from", "to": "x"}]},
     "constraint 6 (edge e -from-> x): variable 'x' is used but not declared in vars"),
    ({"return_var": "z"}, "return_var 'z' is not declared in vars"),
    ({"return_var": ""}, "return_var is missing"),
    ({"vars": {**PAPER_Q7["vars"], "f": "File"}}, "the graph is disconnected: 'f' is not linked by edges to return_var 'w'"),
    ({"constraints": PAPER_Q7["constraints"] + [PAPER_Q7["constraints"][1]]}, "constraint 6 (edge e -from-> p) repeats constraint 2"),
    ({"constraints": PAPER_Q7["constraints"] + [{"kind": "filter", "var": "p", "field": "ordinal", "op": "=", "value": "last"}]},
     "constraint 6 (filter p.ordinal = \"last\"): ordinal (first/last) applies to Email only, not to Person"),
    ({"constraints": PAPER_Q7["constraints"] + [{"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "  "}]},
     "constraint 6 (filter p.name = \"  \"): the value is empty"),
    ({"action": "delete"}, "action 'delete' is unknown"),
    ({"return_mode": "some"}, "return_mode 'some' is unknown"),
])
def test_each_mistake_gets_a_message_naming_the_constraint(change, expected):
    found = problems(graph_with(**change))
    assert any(p.startswith(expected) for p in found), found


def test_reversed_duplicate_counts_as_duplicate():
    reversed_from = {"kind": "edge", "from": "p", "edge": "from", "to": "e"}
    found = problems(graph_with(constraints=PAPER_Q7["constraints"] + [reversed_from]))
    assert any("repeats constraint 2" in p for p in found)


def test_missing_return_var_key_and_bad_constraint_kind():
    data = graph_with()
    del data["return_var"]
    assert any(p.startswith("return_var is missing") for p in problems(data))
    found = problems(graph_with(constraints=[{"kind": "edgy", "from": "e", "edge": "from", "to": "p"}]))
    assert found == ["constraint 1: kind must be 'edge' or 'filter', not 'edgy'"]


def test_not_json_and_not_an_object():
    assert problems("{not json")[0].startswith("the graph is not valid JSON")
    assert problems("[1, 2]")[0].startswith("the graph must be a JSON object")


def test_extension_and_ordinal_are_normalised():
    data = {"action": "find", "return_var": "f", "return_mode": "all", "vars": {"f": "File", "e": "Email"},
            "constraints": [{"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                            {"kind": "filter", "var": "f", "field": "extension", "op": "=", "value": ".TXT"},
                            {"kind": "filter", "var": "e", "field": "ordinal", "op": "=", "value": "Last"}]}
    graph = QueryGraph.parse(data)
    assert [f.value for f in graph.filters] == ["txt", "last"]
    bad = json.loads(json.dumps(data))
    bad["constraints"][2]["value"] = "second"
    assert any("ordinal must be 'first' or 'last'" in p for p in problems(bad))


def test_every_edge_rule_accepts_both_directions():
    for rule in EDGE_RULES:
        assert find_edge_rule(rule.source, rule.name, rule.target) == (rule, False)
        assert find_edge_rule(rule.target, rule.name, rule.source) == (rule, True)


def test_same_graph_ignores_variable_names_but_not_structure():
    renamed = json.loads(json.dumps(PAPER_Q7).replace('"ev"', '"meeting"').replace('"p"', '"who"'))
    assert same_graph(QueryGraph.parse(renamed), QueryGraph.parse(PAPER_Q7))
    other = graph_with(constraints=PAPER_Q7["constraints"][:1] + [{"kind": "edge", "from": "e", "edge": "to", "to": "p"}]
                       + PAPER_Q7["constraints"][2:])
    assert not same_graph(QueryGraph.parse(other), QueryGraph.parse(PAPER_Q7))
    changed_value = graph_with(constraints=PAPER_Q7["constraints"][:4] + [
        {"kind": "filter", "var": "d", "field": "value", "op": "=", "value": "in March"}])
    assert not same_graph(QueryGraph.parse(changed_value), QueryGraph.parse(PAPER_Q7))


# ---- the pydantic definition and the fast reading of well-formed graphs agree ------------------------------
# QueryGraph.well_formed takes a graph written exactly in graph_model's JSON form without loading pydantic;
# whatever it accepts, pydantic must accept and read the same way (types included: True is not 1), and the
# graphs the project writes itself must all be taken by it.

def _as_json(graph: QueryGraph) -> str:
    return json.dumps(graph.to_json())


def _pydantic(data):
    from queryweaver.graph_model import validate

    try:
        return _as_json(validate(data))
    except GraphError:
        return None


def _project_graphs() -> list[dict]:
    from pathlib import Path

    from queryweaver.llm.examples import BANK
    from queryweaver.paper_graphs import paper_graphs

    corpus = json.loads((Path(__file__).resolve().parent.parent / "benchmarks" / "questions_corpus.json")
                        .read_text(encoding="utf-8"))
    return ([q["graph"] for q in corpus["questions"]] + [q.graph for q in paper_graphs()] + [g for _, g in BANK])


def test_every_graph_the_project_writes_is_read_without_pydantic_as_pydantic_reads_it():
    graphs = _project_graphs()
    assert len(graphs) > 4000
    for data in graphs:
        fast = QueryGraph.well_formed(data)
        assert fast is not None, data
        assert _as_json(fast) == _pydantic(data), data


class _Name(str):
    pass


_ODD_VALUES = (None, True, 1, 2.5, "x", _Name("p"), ["e"], ("e",), {"a": "b"}, b"e", float("nan"))


def _mutations(data: dict, rng) -> dict:
    """``data`` with one to three random changes: a key dropped, renamed or added, a value of another type."""
    data = json.loads(json.dumps(data))
    for _ in range(rng.randint(1, 3)):
        constraints = data.get("constraints")
        where = data if rng.random() < 0.4 or not isinstance(constraints, list) or not constraints \
            else rng.choice(constraints)
        if not isinstance(where, dict) or not where:
            continue
        key = rng.choice(sorted(where))
        change = rng.randrange(6)
        if change == 0:
            del where[key]
        elif change == 1:
            where[rng.choice(["from_", "value", "extra", "kind", "to"])] = where.pop(key)
        elif change == 2:
            where[key] = rng.choice(_ODD_VALUES)
        elif change == 3 and isinstance(where.get("vars"), dict) and where["vars"]:
            var = rng.choice(sorted(where["vars"]))
            where["vars"][var] = rng.choice(_ODD_VALUES)
        elif change == 4 and isinstance(where.get("constraints"), list):
            where["constraints"] = rng.choice([tuple(where["constraints"]), where["constraints"] + [rng.choice(_ODD_VALUES)]])
        elif change == 5:
            where["kind"] = rng.choice(["edge", "filter", "Edge", 1, None])
    return data


def test_what_the_fast_reading_accepts_pydantic_accepts_the_same_way():
    import random

    rng = random.Random(20)
    graphs = _project_graphs()
    taken = refused = 0
    for _ in range(6000):
        data = _mutations(rng.choice(graphs), rng)
        fast = QueryGraph.well_formed(data)
        if fast is None:
            refused += 1
            continue
        taken += 1
        assert _as_json(fast) == _pydantic(data), data
    assert taken > 500 and refused > 2000  # both ways are exercised


@pytest.mark.parametrize("data", [
    graph_with(constraints=PAPER_Q7["constraints"][:4] + [{"kind": "filter", "var": "d", "field": "value",
                                                             "op": "=", "value": 2025}]),
    {k: v for k, v in PAPER_Q7.items() if k not in ("action", "return_mode")},
    graph_with(constraints=[]),
])
def test_the_fast_reading_takes_every_exact_form(data):
    assert QueryGraph.well_formed(data) is not None
    assert _as_json(QueryGraph.well_formed(data)) == _pydantic(data)


@pytest.mark.parametrize("data", [
    graph_with(constraints=[{"kind": "edge", "from_": "e", "edge": "mentions_url", "to": "w"}]
               + PAPER_Q7["constraints"][1:]),
    graph_with(constraints=tuple(PAPER_Q7["constraints"])),
    graph_with(return_var=_Name("w")),
    graph_with(constraints=PAPER_Q7["constraints"][:4] + [{"kind": "filter", "var": "d", "field": "value",
                                                             "op": "=", "value": True}]),
])
def test_lax_forms_go_to_pydantic_which_reads_them(data):
    assert QueryGraph.well_formed(data) is None
    assert _pydantic(data) is not None
    assert QueryGraph.parse(data).to_json()["vars"] == PAPER_Q7["vars"]
