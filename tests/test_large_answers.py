"""Large answers: evidence built for many answers at once (a variable at a time, not an answer at a time), the same
evidence each answer has on its own; and the whole answer exported as it is produced (--format jsonl|csv, and
--json written a batch at a time), as a user runs them."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

import pytest

from queryweaver.cli import evidence_chains
from queryweaver.config import load_config
from queryweaver.connector import Selection
from tests.corpus import generate_corpus
from queryweaver.engine import Engine
from queryweaver.export import write_json
from queryweaver.graph import QueryGraph
from queryweaver.paper_graphs import EXAMPLE_GRAPH, PAPER_GRAPHS, paper_graphs
from queryweaver.planner import CallTool
from queryweaver.schema import EntityType

RECEIVED_FROM_PLACE = {  # the emails received since a month from people who attended an event at a place
    "action": "find", "return_var": "e", "return_mode": "all",
    "vars": {"e": "Email", "self": "Self", "d": "Date", "p": "Person", "ev": "Event", "pl": "Place"},
    "constraints": [{"kind": "edge", "from": "e", "edge": "to", "to": "self"},
                    {"kind": "edge", "from": "e", "edge": "sent_on", "to": "d"},
                    {"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                    {"kind": "edge", "from": "p", "edge": "attended", "to": "ev"},
                    {"kind": "edge", "from": "ev", "edge": "location", "to": "pl"},
                    {"kind": "filter", "var": "d", "field": "value", "op": ">", "value": "since December"},
                    {"kind": "filter", "var": "pl", "field": "name", "op": "=", "value": "Zoom"}]}
LINKS_MET_IN_JANUARY = json.loads(json.dumps(EXAMPLE_GRAPH).replace('"in February"', '"in January"'))
EMAILS_TO_ME = {"action": "find", "return_var": "e", "return_mode": "all", "vars": {"e": "Email", "self": "Self"},
                "constraints": [{"kind": "edge", "from": "e", "edge": "to", "to": "self"}]}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("large-answers") / "corpus"
    facts = generate_corpus(out, emails=3000, events=300, files=800, seed=5, today=date(2026, 2, 15), story=True,
                            self_aliases=("alex.morgan@home.example",))
    config = load_config(out / "config.toml")
    config.cache_dir_setting = str(out.parent / "cache")
    with Engine(config) as engine:
        yield engine, facts


def graphs() -> list[tuple[str, dict]]:
    return [(f"Q{q.number}", q.graph) for q in paper_graphs()] + [("example", EXAMPLE_GRAPH),
                                                                   ("january", LINKS_MET_IN_JANUARY),
                                                                   ("received", RECEIVED_FROM_PLACE)]


def chosen_keys(tree: dict | None) -> dict[str, str]:
    """Variable -> the key an evidence tree chose for it."""
    out: dict[str, str] = {}

    def walk(node: dict) -> None:
        out[node["var"]] = node["key"]
        for child in node["via"]:
            walk(child)

    if tree:
        walk(tree)
    return out


def smallest_chain(result, root_key: str) -> dict[str, str]:
    """What each answer's evidence chooses, worked out here from the links the paper's plan recorded: from the
    answer down the DFS tree, each variable takes the smallest linked key that is one of its candidates."""
    plan = result.plan
    link_step = {s.known: i for i, s in enumerate(plan.steps) if isinstance(s, CallTool)
                 and plan.tree_parent.get(s.known) == s.wanted}
    chosen = {plan.graph.return_var: root_key}
    for var, parent in plan.tree_parent.items():
        if parent is None:
            continue
        final = result.candidates.get(var)
        options = result.links[link_step[var]].get(chosen[parent], ())
        chosen[var] = min(k for k in options if final is None or k in final)
    return chosen


def test_evidence_of_a_whole_page_is_each_answers_smallest_chain(corpus):
    """Batched evidence (every answer of the page at once, deferred links asked a variable at a time) is the chain
    each answer has on its own: the smallest linked key of each variable, from the paper plan's recorded links."""
    engine, _facts = corpus
    engine.defer_links_from = 0  # every step that can leave its links for later does
    checked = 0
    try:
        for name, graph in graphs():
            parsed = QueryGraph.parse(graph)
            paper = engine.run(parsed, planner="paper")
            cost = engine.run(parsed, planner="cost")
            keys = [item.key for item in cost.items]
            assert keys == [item.key for item in paper.items], name
            cost.prepare_evidence(keys)
            for key in keys:
                assert chosen_keys(cost.evidence(key)) == smallest_chain(paper, key), (name, key)
                checked += 1
    finally:
        engine.defer_links_from = None
    assert checked > 500


def test_evidence_for_many_answers_is_asked_a_variable_at_a_time(corpus):
    """The statements the mail index runs for the evidence of 100 answers are about those for 10: each variable's
    links are asked for the whole batch, not once per answer."""
    engine, _facts = corpus
    engine.defer_links_from = 0
    try:
        result = engine.run(QueryGraph.parse(LINKS_MET_IN_JANUARY))
        keys = [item.key for item in result.items]
        assert len(keys) > 110
        mail = next(c for c in engine.connectors if c.name == "mbox")
        statements: list[str] = []
        mail._index.conn.set_trace_callback(statements.append)
        try:
            result.prepare_evidence(keys[:10])
            few = len(statements)
            statements.clear()
            result.prepare_evidence(keys[10:110])
            many = len(statements)
        finally:
            mail._index.conn.set_trace_callback(None)
    finally:
        engine.defer_links_from = None
    assert few > 0 and many <= few + 5, (few, many)


def test_the_received_since_a_month_question_starts_from_the_month(corpus):
    """A range open on one side ("since December") counts the days up to the newest email, not ten years of them:
    the month's emails are fewer than every email the user received, so the plan starts from them."""
    engine, facts = corpus
    plan = engine.plan(QueryGraph.parse(RECEIVED_FROM_PLACE), "cost")
    assert plan.tool_calls[0] == "date_sent_on_email"
    onto_e = [s for s in plan.steps if isinstance(s, CallTool) and s.wanted == "e"]
    assert sorted(s.semijoin for s in onto_e[1:]) == ["email_from_person", "email_to_self"]  # on the month's emails
    since = facts.emails_in(date(2025, 12, 1), date(2026, 2, 16))
    assert len(since) * 2 < len(facts.received())


def test_tools_asked_for_keys_only_give_the_same_links(corpus):
    """``Selection.keys_only``: the mail tools then read no email's fields, and link the same keys."""
    engine, facts = corpus
    mail = next(c for c in engine.connectors if c.name == "mbox")
    person = sorted(facts.senders_of(facts.received()))[:40]
    some = sorted(facts.all_emails())[:300]
    urls = {u for m in some for u in facts.urls_of([m])}
    names = {a for m in some for a in facts.attachments_of([m])}
    asks = [(mail.person_from_email, Selection(EntityType.PERSON, {a: None for a in person})),
            (mail.person_participants_email, Selection(EntityType.PERSON, {a: None for a in person})),
            (mail.self_to_email, Selection(EntityType.SELF, {"self": None})),
            (mail.webpage_mentions_url_email, Selection(EntityType.WEBPAGE, {u: None for u in urls})),
            (mail.file_has_attachment_email, Selection(EntityType.FILE, {n: None for n in names}))]
    for tool, selection in asks:
        full = sorted((known, item.key) for known, item in tool(selection))
        bare = [(known, item) for known, item in tool(Selection(selection.type, selection.items, keys_only=True))]
        assert len(full) > 10, tool.__name__
        assert sorted((known, item.key) for known, item in bare) == full, tool.__name__
        assert all(not item.fields for _, item in bare), tool.__name__


def test_emails_carried_lean_are_shown_with_all_their_fields(corpus):
    """Emails a step carries lean (their key, time and row id) and an answer of more than a thousand of them,
    described a page at a time: every page shows the fields the paper's plan shows, in the same order."""
    engine, facts = corpus
    engine.defer_links_from = 0
    try:
        graph = QueryGraph.parse(EMAILS_TO_ME)
        cost = engine.run(graph, planner="cost")
        assert len(cost.items) == len(facts.received()) > 1000
        assert any("_lean" in item.fields for item in cost.items)  # not all described at once
        paper = engine.run(graph, planner="paper")
        for offset in (0, 700, len(cost.items) - 5):
            shown = cost.to_json(offset=offset, limit=20)["items"]
            assert shown == paper.to_json(offset=offset, limit=20)["items"]
            assert all(i["subject"] and i["from"] and i["date"] for i in shown)
    finally:
        engine.defer_links_from = None


def test_an_answer_streams_one_batch_of_evidence_at_a_time(corpus):
    engine, _facts = corpus
    result = engine.run(QueryGraph.parse(EMAILS_TO_ME))
    asked: list[int] = []
    inner = result._evidence_many
    result._evidence_many = lambda keys: asked.append(len(keys)) or inner(keys)
    stream = result.stream(batch=100)
    first = next(stream)
    assert asked == [100] and first[1] is not None
    rest = list(stream)
    assert len(rest) + 1 == result.count > 1000 and max(asked) == 100


def test_json_written_a_batch_at_a_time_is_the_whole_object(tmp_path):
    """``export.write_json`` writes, a batch at a time, the very text json.dumps gives for the whole object."""
    with Engine(load_config(None)) as engine:
        for query in PAPER_GRAPHS + [type("Q", (), {"graph": EMAILS_TO_ME})]:
            graph = QueryGraph.parse(query.graph)
            for offset, limit in ((0, None), (1, 2), (500, 3)):
                result = engine.run(graph)
                document = {"question": "q", "result": result.to_json(offset=offset, limit=limit, items=False),
                            "trace": ["x", {"y": None}]}
                streamed = io.StringIO()
                write_json(document, result, streamed, offset=offset, limit=limit)
                whole = {"question": "q", "result": engine.run(graph).to_json(offset=offset, limit=limit),
                         "trace": ["x", {"y": None}]}
                assert streamed.getvalue() == json.dumps(whole, ensure_ascii=False, indent=2, default=str)


def test_every_answer_as_json_lines_and_csv(cli, tmp_path):
    graph = tmp_path / "graph.json"
    graph.write_text(json.dumps(EMAILS_TO_ME))
    whole = cli("run", str(graph), "--json").json()["result"]
    lines = cli("run", str(graph), "--format", "jsonl")
    assert lines.code == 0, lines.stderr
    records = [json.loads(line) for line in lines.stdout.splitlines()]
    assert records == whole["items"] and len(records) == whole["count"] > 20
    assert all(r["evidence"] for r in records)

    table = cli("run", str(graph), "--format", "csv", "--offset", "2", "--limit", "5")
    rows = list(csv.reader(io.StringIO(table.stdout)))
    assert rows[0] == ["message_id", "subject", "from", "date", "evidence"]
    assert [r[0] for r in rows[1:]] == [i["message_id"] for i in whole["items"][2:7]]
    assert [r[-1] for r in rows[1:]] == [" | ".join(evidence_chains(i["evidence"])) for i in whole["items"][2:7]]


def test_ask_with_a_format_writes_only_the_answers_on_stdout(cli):
    out = cli("ask", "Find the file folders that contain email attachments from Jane Doe", "--format", "jsonl")
    assert out.code == 0, out.stderr
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert records and all(r["path"] and r["evidence"]["via"] for r in records)
    assert "Graph (" in out.stderr and "Read as:" in out.stderr


def test_json_and_a_format_together_are_refused_in_one_line(cli, tmp_path):
    graph = tmp_path / "graph.json"
    graph.write_text(json.dumps(EMAILS_TO_ME))
    out = cli("run", str(graph), "--json", "--format", "csv")
    assert out.code != 0 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        "error: --json and --format csv both say how to write the answer; use one of them"]
