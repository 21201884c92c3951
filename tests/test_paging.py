"""Large answers come a page at a time: the whole count, the page asked for, evidence for that page alone;
and the command line's --planner, --limit and --offset, run as a user runs them."""

from __future__ import annotations

import json

from queryweaver import cli as cli_module
from queryweaver.config import load_config
from queryweaver.engine import Engine
from queryweaver.graph import QueryGraph
from queryweaver.planner import PLANNERS

EMAILS_TO_ME = {"action": "find", "return_var": "e", "return_mode": "all", "vars": {"e": "Email", "self": "Self"},
                "constraints": [{"kind": "edge", "from": "e", "edge": "to", "to": "self"}]}


def test_json_pages_carry_the_whole_count_and_where_the_next_page_starts(cli, tmp_path):
    graph = tmp_path / "graph.json"
    graph.write_text(json.dumps(EMAILS_TO_ME))
    everything = cli("run", str(graph), "--json").json()["result"]
    assert everything["count"] == len(everything["items"]) > 20 and everything["next_offset"] is None
    page = cli("run", str(graph), "--json", "--limit", "5", "--offset", "3").json()["result"]
    assert page["count"] == everything["count"]
    assert (page["offset"], page["limit"], page["next_offset"]) == (3, 5, 8)
    assert [i["message_id"] for i in page["items"]] == [i["message_id"] for i in everything["items"][3:8]]
    assert all(i["evidence"] for i in page["items"])
    last = cli("run", str(graph), "--json", "--offset", str(everything["count"] - 2)).json()["result"]
    assert len(last["items"]) == 2 and last["next_offset"] is None


def test_text_answers_show_a_page_and_say_how_to_see_the_next(cli, tmp_path):
    graph = tmp_path / "graph.json"
    graph.write_text(json.dumps(EMAILS_TO_ME))
    out = cli("run", str(graph), "--limit", "2")
    assert out.code == 0
    assert "(showing 1-2)" in out.stdout
    assert sum(line.startswith("  - ") for line in out.stdout.splitlines()) == 2
    assert "more: add --offset 2 --limit 2 to see the next ones" in out.stdout
    default = cli("run", str(graph)).stdout
    assert sum(line.startswith("  - ") for line in default.splitlines()) == cli_module.TEXT_LIMIT


def test_a_negative_limit_is_refused_in_one_line(cli, tmp_path):
    graph = tmp_path / "graph.json"
    graph.write_text(json.dumps(EMAILS_TO_ME))
    out = cli("run", str(graph), "--limit", "-3")
    assert out.code != 0 and "is not a whole number of answers" in out.stderr


def test_both_planners_from_the_command_line(cli):
    answers = {}
    for planner in PLANNERS:
        out = cli("ask", "Find the last email received on January 10, 2025.", "--json", "--planner", planner,
                  "--verbose")
        assert out.code == 0, out.stderr
        data = out.json()
        answers[planner] = data["result"]["items"]
        plan = next(e for e in data["trace"] if e["kind"] == "plan")
        assert plan["data"]["planner"] == planner
        assert f"{planner} plan with" in out.stderr
    assert answers["cost"] == answers["paper"] and len(answers["cost"]) == 1
    assert cli_module.PLANNERS == PLANNERS


def test_evidence_is_built_for_the_page_only():
    with Engine(load_config(None)) as engine:
        result = engine.run(QueryGraph.parse(EMAILS_TO_ME))
        built = []
        inner = result._evidence
        result._evidence = lambda key: built.append(key) or inner(key)
        out = result.to_json(offset=10, limit=4)
    assert built == [item.key for item in result.items[10:14]]
    assert len(out["items"]) == 4 and out["count"] == len(result.items) > 14
