"""`queryweaver run` on the paper's seven graphs, over the bundled demo and over a generated corpus.

Expected answers come from the generator's own facts (tests.corpus.expected_answers), never from
parsing the files the connectors read.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tests.corpus import choose_names, expected_answers, generate_corpus, generate_demo, oracle_keys
from queryweaver.paper_graphs import DEMO_NAMES, paper_graphs




def run_paper_graphs(cli, tmp_path: Path, names: dict[str, str], config: Path | None,
                     planner: str = "cost") -> dict[int, dict]:
    results = {}
    for query in paper_graphs(**names):
        graph_file = tmp_path / f"q{query.number}.json"
        graph_file.write_text(json.dumps(query.graph))
        args = ["run", str(graph_file), "--json", "--planner", planner] + (["--config", str(config)] if config else [])
        out = cli(*args)
        assert out.code == 0, out.stderr
        results[query.number] = out.json()
    return results


@pytest.fixture(scope="module")
def demo_facts(tmp_path_factory):
    return generate_demo(tmp_path_factory.mktemp("demo"))


def test_paper_graphs_on_the_bundled_demo(cli, tmp_path, demo_facts):
    from queryweaver.config import DEMO_DIR

    expected = expected_answers(demo_facts)
    for planner in ("paper", "cost"):
        results = run_paper_graphs(cli, tmp_path, DEMO_NAMES, config=None, planner=planner)  # no config: the demo
        for number, out in results.items():
            got = oracle_keys(number, out["result"]["items"], DEMO_DIR / "files")
            assert got == expected[number], f"Q{number} ({planner})"
            assert got, f"Q{number} must have a non-empty answer on the demo"
            tools = [e["data"]["tool"] for e in out["trace"] if e["kind"] == "tool_called"]
            if planner == "paper":  # Algorithm 1 calls the tools in the order of the paper's logs
                assert tools == list(paper_graphs()[number - 1].tool_order)
            assert out["timings"]["execution"] >= 0


def test_every_answer_carries_its_evidence_chain(cli, tmp_path):
    q6 = paper_graphs()[5]
    graph_file = tmp_path / "q6.json"
    graph_file.write_text(json.dumps(q6.graph))
    out = cli("run", str(graph_file), "--json").json()
    for item in out["result"]["items"]:
        chain = item["evidence"]
        assert chain["type"] == "Folder" and chain["key"] == item["path"]
        file_node = chain["via"][0]
        email_node = file_node["via"][0]
        person_node = email_node["via"][0]
        assert (file_node["type"], email_node["type"], person_node["type"]) == ("File", "Email", "Person")
        assert person_node["label"].startswith("Jane Doe")
    human = cli("run", str(graph_file))
    assert "because: Jane Doe <jane.doe@acme.example> -> email" in human.stdout


def test_paper_graphs_on_a_generated_corpus(cli, tmp_path):
    corpus = tmp_path / "corpus"
    facts = generate_corpus(corpus, emails=1500, events=150, files=400, seed=11, today=date(2026, 3, 20))
    names = choose_names(facts)
    expected = expected_answers(facts, names)
    results = run_paper_graphs(cli, tmp_path, names, config=corpus / "config.toml")
    for number, out in results.items():
        got = oracle_keys(number, out["result"]["items"], corpus / "files")
        assert got == expected[number], f"Q{number} with {names}"
    assert sum(1 for v in expected.values() if v) >= 6  # the corpus exercises (almost) every question


def test_bad_graph_exits_non_zero_with_the_validation_message(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"action": "find", "return_var": "f", "vars": {"f": "File", "e": "Email"},
                               "constraints": [{"kind": "edge", "from": "e", "edge": "attended", "to": "f"}]}))
    out = cli("run", str(bad))
    assert out.code == 1
    assert out.stderr.strip().splitlines() == [
        "error: constraint 1 (edge e -attended-> f): Email -attended-> File is not allowed (in either direction); "
        "'attended' joins only: Person attended Event; Self attended Event"]
    missing = cli("run", str(tmp_path / "nope.json"))
    assert missing.code == 1 and "does not exist" in missing.stderr


def test_index_command_reports_and_second_run_reuses(cli, tmp_path):
    first = cli("index")
    assert first.code == 0, first.stderr
    assert "mbox:" in first.stdout and "parsed" in first.stdout
    second = cli("index")
    lines = [line for line in second.stdout.splitlines() if line.startswith("mbox:")]
    assert lines and " 0 parsed" in lines[0]


def test_nothing_is_written_outside_the_user_cache_dir(cli, tmp_path):
    from queryweaver.config import DEMO_DIR

    home = tmp_path / "home"
    home.mkdir()

    def snapshot(root: Path) -> dict[str, float]:
        return {str(p): p.stat().st_mtime_ns for p in root.rglob("*")}

    demo_before = snapshot(DEMO_DIR)
    env = {"HOME": str(home), "QUERYWEAVER_CACHE_DIR": "", "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": "",
           "XDG_DATA_HOME": "", "QUERYWEAVER_CONFIG": str(home / "none.toml")}
    graph_file = tmp_path / "q6.json"
    graph_file.write_text(json.dumps(paper_graphs()[5].graph))
    out = cli("run", str(graph_file), env=env)
    assert out.code == 0, out.stderr
    written = [p for p in home.rglob("*") if p.is_file()]
    assert written, "the indexes should have been built"
    cache = home / ".cache" / "queryweaver"
    assert all(cache in p.parents for p in written), [str(p) for p in written]
    assert snapshot(DEMO_DIR) == demo_before


def test_calendar_defects_found_on_real_files(cli, tmp_path):
    """A location over several lines prints on one line; a file that is not a calendar is listed by `index` and
    summed up in one line by later commands instead of a warning each time."""
    from datetime import datetime, timezone

    from icalendar import Calendar, Event

    cal_dir = tmp_path / "calendars"
    cal_dir.mkdir()
    cal = Calendar()
    cal.add("prodid", "-//QueryWeaver tests//EN")
    cal.add("version", "2.0")
    ev = Event()
    ev.add("uid", "visit-1")
    ev.add("summary", "Site visit")
    ev.add("dtstart", datetime(2026, 2, 2, 9, tzinfo=timezone.utc))
    ev.add("location", "Roadstar 16\n12764 Happyville\nDenmark")
    cal.add_component(ev)
    (cal_dir / "work.ics").write_bytes(cal.to_ical())
    (cal_dir / "broken.ics").write_text("BEGIN:VCALENDAR\nthis is not\n")
    config = tmp_path / "config.toml"
    config.write_text(f'[self]\nname = "Alex Morgan"\nemails = ["alex@example.com"]\n\n'
                      f'[[sources]]\ntype = "ics"\npath = "{cal_dir}"\n')

    first = cli("index", "--config", str(config))
    assert first.code == 0, first.stderr
    assert first.stderr.count("broken.ics") == 1
    second = cli("index", "--config", str(config))
    assert "1 skipped" in second.stdout and "broken.ics" in second.stdout
    asked = cli("ask", "--config", str(config), "events in February 2026")
    assert asked.code == 0, asked.stderr
    assert "broken.ics" not in asked.stderr and asked.stderr.count("1 calendar file") == 1
    [line] = [line for line in asked.stdout.splitlines() if "Site visit" in line]
    assert line.endswith("@ Roadstar 16, 12764 Happyville, Denmark")
