"""The planner reproduces the paper's execution order (Appendix A4 logs) for its seven graphs."""

import pytest

from queryweaver.graph import QueryGraph
from queryweaver.paper_graphs import paper_graphs
from queryweaver.planner import CallTool, ResolveBound, Visit, make_plan

PAPER = paper_graphs()


@pytest.mark.parametrize("query", PAPER, ids=[f"Q{q.number}" for q in PAPER])
def test_tool_calls_follow_the_papers_logs(query):
    plan = make_plan(QueryGraph.parse(query.graph))
    assert plan.tool_calls == list(query.tool_order)


@pytest.mark.parametrize("query", PAPER, ids=[f"Q{q.number}" for q in PAPER])
def test_dfs_neighbour_lines_match_the_papers_logs(query):
    plan = make_plan(QueryGraph.parse(query.graph))
    visits = [s.neighbors for s in plan.steps if isinstance(s, Visit)]
    assert visits == [tuple(n) for n in query.dfs_neighbors]


def test_bound_variables_are_the_leaves_and_plan_reads_like_the_log():
    q7 = PAPER[6]
    plan = make_plan(QueryGraph.parse(q7.graph))
    assert [s.var for s in plan.steps if isinstance(s, ResolveBound)] == ["d"]
    text = plan.describe()
    assert text[0] == "visit w: next neighbours e via mentions_url"
    assert "call date_occurred_on_event: d -> ev" in text
    assert text[-1] == "return the candidates for w"
    assert not plan.has_cycle


def test_edge_closing_a_cycle_is_still_called_and_verified():
    graph = QueryGraph.parse({
        "action": "find", "return_var": "p", "return_mode": "all",
        "vars": {"p": "Person", "e": "Email", "ev": "Event"},
        "constraints": [
            {"kind": "edge", "from": "e", "edge": "from", "to": "p"},
            {"kind": "edge", "from": "p", "edge": "attended", "to": "ev"},
            {"kind": "edge", "from": "e", "edge": "to", "to": "p"},
        ]})
    plan = make_plan(graph)
    calls = [s for s in plan.steps if isinstance(s, CallTool)]
    assert [(c.tool, c.closes_cycle) for c in calls] == [
        ("email_from_person", False), ("event_attended_person", False), ("email_to_person", True)]
    assert plan.has_cycle and plan.steps[-2].kind == "verify"
    assert [s.kind for s in plan.steps].count("intersect") == 2


def test_ordinal_applies_after_the_other_filters():
    plan = make_plan(QueryGraph.parse(PAPER[0].graph))
    kinds = [s.kind for s in plan.steps]
    assert kinds.index("ordinal") > kinds.index("intersect")
    assert kinds[-1] == "action" and plan.steps[-1].mode == "one"
