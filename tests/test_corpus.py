"""The synthetic corpus: deterministic, readable by standard parsers; its Facts oracle answers the paper's questions."""

from __future__ import annotations

import mailbox
import re
from datetime import date, datetime, timedelta
from email.header import decode_header, make_header
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
from pathlib import Path

import icalendar
import pytest
import recurring_ical_events

from queryweaver.config import load_config
from tests.corpus import (DEMO_DIR, STORY_FILES, STORY_PEOPLE, FIRST_NAMES, LAST_NAMES, Facts,
                                expected_answers, generate_corpus, generate_demo)
from queryweaver.graph import QueryGraph
from queryweaver.paper_graphs import EXAMPLE_GRAPH, EXAMPLE_TOOL_ORDER, PAPER_GRAPHS, demo_questions, paper_graphs
from queryweaver.schema import EntityType, tool_name

SMALL = dict(emails=220, events=45, files=90, seed=7, today=date(2026, 2, 15), story=True)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> tuple[Path, Facts]:
    out = tmp_path_factory.mktemp("demo")
    return out, generate_demo(out)


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py"}


# -- determinism ------------------------------------------------------------------------------------

def test_same_arguments_give_byte_identical_output(tmp_path):
    generate_corpus(tmp_path / "a", **SMALL)
    generate_corpus(tmp_path / "b", **SMALL)
    a, b = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []
    mtimes = {p.relative_to(tmp_path / "a").as_posix(): p.stat().st_mtime for p in (tmp_path / "a/files").rglob("*")}
    assert mtimes == {p.relative_to(tmp_path / "b").as_posix(): p.stat().st_mtime
                      for p in (tmp_path / "b/files").rglob("*")}


def test_another_seed_gives_another_corpus(tmp_path):
    generate_corpus(tmp_path / "a", **SMALL)
    generate_corpus(tmp_path / "b", **{**SMALL, "seed": 8})
    assert (tmp_path / "a/mail.mbox").read_bytes() != (tmp_path / "b/mail.mbox").read_bytes()


def test_committed_demo_is_a_fresh_generation(demo):
    """Nobody edits demo_data by hand: regenerate with `python -m tests.corpus --demo`."""
    fresh, committed = _tree(demo[0]), _tree(DEMO_DIR)
    assert sorted(committed) == sorted(fresh), "demo_data is stale: run python -m tests.corpus --demo"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert stale == [], f"{stale} differ: run python -m tests.corpus --demo"


def test_demo_is_small():
    size = sum(len(b) for b in _tree(DEMO_DIR).values())
    assert size < 1_000_000


def test_refuses_to_write_into_a_foreign_directory(tmp_path):
    (tmp_path / "thesis.tex").write_text("precious")
    with pytest.raises(ValueError, match="not written by tests/corpus.py"):
        generate_corpus(tmp_path, **SMALL)
    assert (tmp_path / "thesis.tex").read_text() == "precious"


# -- the files read back with standard parsers agree with Facts ---------------------------------------

def _addresses(msg, header: str) -> tuple[str, ...]:
    return tuple(addr.lower() for _name, addr in getaddresses(msg.get_all(header, [])) if addr)


def _bodies(msg) -> str:
    parts = []
    for part in msg.walk():
        if part.get_content_maintype() == "text" and part.get_filename() is None:
            parts.append(part.get_payload(decode=True).decode(part.get_content_charset() or "ascii"))
    return "\n".join(parts)


def check_mbox_matches_facts(path: Path, facts: Facts) -> None:
    box = mailbox.mbox(path)
    messages = list(box)
    assert len(messages) == len(facts.emails)
    for msg, fact in zip(messages, facts.emails):
        assert msg["Message-ID"] == fact.message_id
        assert parseaddr(msg["From"])[1].lower() == fact.sender
        assert _addresses(msg, "To") == fact.to
        assert _addresses(msg, "Cc") == fact.cc
        assert _addresses(msg, "Bcc") == fact.bcc
        assert parsedate_to_datetime(msg["Date"]) == fact.date
        assert str(make_header(decode_header(msg["Subject"]))) == fact.subject
        assert tuple(p.get_filename() for p in msg.walk() if p.get_filename()) == fact.attachments
        body = _bodies(msg)
        for url in fact.urls:
            assert url in body
        found = {u.rstrip(".,)") for u in re.findall(r"https?://[^\s<>\"]+", body)}
        assert found == set(fact.urls), fact.subject


def test_mbox_reads_back_with_the_stdlib(demo):
    out, facts = demo
    check_mbox_matches_facts(out / "mail.mbox", facts)


def test_mail_has_the_variety_connectors_must_handle(demo):
    _out, facts = demo
    names = [n for e in facts.emails for n in e.attachments]
    assert {"txt", "pdf", "xlsx", "docx"} <= {n.rpartition(".")[2].lower() for n in names}
    assert 0.15 < sum(bool(e.attachments) for e in facts.emails) / len(facts.emails) < 0.4
    assert facts.sent() and facts.received()
    assert facts.all_emails() - facts.sent() - facts.received(), "some mail is addressed to a list, not the user"
    assert any(not n.isascii() for n in facts.people.values())
    raw = (DEMO_DIR / "mail.mbox").read_text("ascii")
    assert "text/html" in raw and "=?utf-8?" in raw
    assert "Doe, Jane" in raw and "Jane.Doe@Acme.example" in raw
    assert facts.people["jane.doe@acme.example"] == "Jane Doe"  # the most frequent display name


def test_calendar_reads_back_with_icalendar(demo):
    out, facts = demo
    cal = icalendar.Calendar.from_ical((out / "calendar.ics").read_bytes())
    events = {str(ev["UID"]): ev for ev in cal.walk("VEVENT")}
    assert list(events) == [ev.uid for ev in facts.events]
    for fact in facts.events:
        ev = events[fact.uid]
        assert str(ev["SUMMARY"]) == fact.summary
        assert ev.decoded("DTSTART") == fact.start
        attendees = ev.get("ATTENDEE", [])
        attendees = attendees if isinstance(attendees, list) else [attendees]
        assert tuple((str(a).removeprefix("mailto:"), a.params["PARTSTAT"]) for a in attendees) == fact.attendees
    assert any(f.rrule for f in facts.events) and any(f.all_day for f in facts.events)
    assert any(p == "DECLINED" for f in facts.events for _a, p in f.attendees)


def test_recurring_series_expand_to_the_occurrences_in_facts(demo):
    out, facts = demo
    cal = icalendar.Calendar.from_ical((out / "calendar.ics").read_bytes())
    expanded: dict[str, set] = {}
    for occurrence in recurring_ical_events.of(cal).between(date(2020, 1, 1), date(2030, 1, 1)):
        expanded.setdefault(str(occurrence["UID"]), set()).add(occurrence.decoded("DTSTART"))
    for fact in facts.events:
        assert expanded[fact.uid] == set(fact.occurrences), fact.summary


def test_files_tree_matches_facts(demo):
    out, facts = demo
    on_disk = {p.relative_to(out / "files").as_posix() for p in (out / "files").rglob("*") if p.is_file()}
    assert on_disk == set(facts.files)
    assert all(path.rpartition("/")[2] == name for path, name in facts.files.items())
    names = set(facts.files.values()) | {n for e in facts.emails for n in e.attachments}
    assert len({n.casefold() for n in names}) == len(names), "a file name has one spelling"
    repeated = [n for n in set(facts.files.values()) if len(facts.folders_holding(n)) > 1]
    assert repeated, "some names live in several folders"
    attached = {n for e in facts.emails for n in e.attachments}
    assert len(attached & set(facts.files.values())) > 5, "some attachments were saved to disk"


def test_demo_config_loads(demo):
    config = load_config(DEMO_DIR / "config.toml")
    assert config.self_emails == ("alex@example.org", "alex.morgan@home.example")
    assert config.today() == date(2026, 2, 15) and config.timezone == "America/New_York"
    assert config.llm["backend"] == "rules"
    assert [(s.type, Path(s.options.get("path") or s.options["root"]).name) for s in config.sources] == [
        ("mbox", "mail.mbox"), ("ics", "calendar.ics"), ("files", "files")]
    assert Path(config.sources[0].options["path"]).is_absolute()


# -- the story and the oracle -----------------------------------------------------------------------

def test_oracle_answers_the_seven_demo_questions(demo):
    _out, facts = demo
    answers = expected_answers(facts)
    assert all(answers[n] for n in range(1, 8)), answers

    last = facts.email(answers[1][0])
    assert last.subject == "Re: Deploy window tonight — all clear"
    assert last.date.astimezone(facts.tz).strftime("%Y-%m-%d %H:%M") == "2025-01-10 22:41"
    assert {"Acme_call_notes.txt", "Minutes.TXT", "release-notes-2.4.txt"} <= set(answers[2])
    assert answers[3] == ["dana.whitfield@example.net", "marcus.lee@northwind.example",
                          "priya.raman@northwind.example", "tomas@ortega-design.example"]
    assert answers[4] == ["hana.kim@lumen.example", "kenji.watanabe@example.org", "olivia.chen@example.org",
                          "sofia.alvarez@example.com"]
    assert {"acme-budget-review@story.example", "northwind-kickoff@story.example"} <= set(answers[5])
    assert answers[6] == ["Documents/Finance", "Documents/Finance/Invoices", "Documents/Legal/Acme", "Downloads"]
    assert answers[7] == ["https://arxiv.org/abs/2606.08300", "https://automerge.org/",
                          "https://github.com/automerge/automerge", "https://www.inkandswitch.com/local-first/"]


def test_oracle_semantics_on_the_traps(demo):
    _out, facts = demo
    # Jan 10 in New York, not in UTC: the 22:41 email is Jan 11 in UTC; the LA one is Jan 11 in New York.
    jan10 = facts.emails_in(date(2025, 1, 10), date(2025, 1, 11))
    subjects = {facts.email(m).subject for m in jan10}
    assert "Contract question (late, sorry)" not in subjects
    assert "Re: Deploy window tonight — all clear" in subjects
    # declined attendees do not attend; the organizer does
    assert facts.attendees_of("design-review-onboarding@story.example") == {
        "kenji.watanabe@example.org", "sofia.alvarez@example.com", "olivia.chen@example.org"}
    # the late call is on Jan 31 in New York although written in UTC as Feb 1
    assert "late-call-ravi@story.example" not in facts.events_in(date(2026, 2, 1), date(2026, 3, 1))
    assert facts.self_attended("local-first-meetup@story.example")


def test_story_names_are_the_storys_own():
    """The random part never reuses a story person's first or last name, nor a story file name."""
    words = {w for name, _a, _z in STORY_PEOPLE for w in name.split(" ")}
    assert not words & (set(FIRST_NAMES) | set(LAST_NAMES))


def test_story_scales_with_a_big_random_part(tmp_path):
    facts = generate_corpus(tmp_path, emails=1500, events=150, files=300, seed=3, today=date(2026, 2, 15),
                            story=True)
    answers = expected_answers(facts)
    assert answers[6] == ["Documents/Finance", "Documents/Finance/Invoices", "Documents/Legal/Acme", "Downloads"]
    assert facts.email(answers[1][0]).subject == "Re: Deploy window tonight — all clear"
    assert len(facts.emails) == 1500 and len(facts.events) == 150 and len(facts.files) == 300
    assert not {n.casefold() for n in STORY_FILES} & {n.casefold() for path, n in facts.files.items()
                                                       if not path.startswith(("Documents/Finance/", "Downloads/",
                                                                               "Documents/Legal/Acme/",
                                                                               "Projects/Northwind/"))}
    check_mbox_matches_facts(tmp_path / "mail.mbox", facts)


# -- the paper's graphs ------------------------------------------------------------------------------

def _dfs(graph: dict) -> tuple[list[list[tuple[str, str]]], list[str]]:
    """The paper's Algorithm 1, minus the data: the 'Next neighbors' lines and the tool calls, in order."""
    types = graph["vars"]
    adjacency: dict[str, list[tuple[str, str]]] = {v: [] for v in types}
    for c in graph["constraints"]:
        if c["kind"] == "edge":
            adjacency[c["from"]].append((c["to"], c["edge"]))
            adjacency[c["to"]].append((c["from"], c["edge"]))
    visited: set[str] = set()
    lines: list[list[tuple[str, str]]] = []
    tools: list[str] = []

    def visit(var: str) -> None:
        visited.add(var)
        neighbors = [(n, e) for n, e in adjacency[var] if n not in visited]
        lines.append(neighbors)
        for nbr, edge in neighbors:
            visit(nbr)
            tools.append(tool_name(EntityType(types[nbr]), edge, EntityType(types[var])))

    visit(graph["return_var"])
    return lines, tools


@pytest.mark.parametrize("query", PAPER_GRAPHS, ids=lambda q: f"Q{q.number}")
def test_paper_graph_reproduces_the_logged_plan(query):
    QueryGraph.parse(query.graph)  # valid against the schema
    lines, tools = _dfs(query.graph)
    assert tools == list(query.tool_order)
    assert [tuple(line) for line in lines] == list(query.dfs_neighbors)


def test_paper_graphs_match_the_brief():
    orders = {q.number: q.tool_order for q in PAPER_GRAPHS}
    assert orders[1] == ("self_to_email", "date_sent_on_email")
    assert orders[3] == ("file_has_attachment_email", "email_from_person", "person_participants_email",
                         "email_participants_person")
    assert orders[6] == ("person_from_email", "email_has_attachment_file", "file_parent_folder")
    assert orders[7] == ("date_occurred_on_event", "event_attended_person", "person_from_email",
                         "email_mentions_url_webpage")
    assert PAPER_GRAPHS[0].graph["return_mode"] == "one"
    assert list(PAPER_GRAPHS[0].graph) == ["action", "return_var", "return_mode", "vars", "constraints"]


def test_section_4_example_graph():
    QueryGraph.parse(EXAMPLE_GRAPH)
    assert _dfs(EXAMPLE_GRAPH)[1] == list(EXAMPLE_TOOL_ORDER)


def test_questions_fill_in_the_names():
    questions = demo_questions()
    assert len(questions) == 7
    assert questions[0] == "Find the last email received on January 10, 2025."
    assert questions[5] == "Find the file folders that contain email attachments from Jane Doe."
    assert questions[6] == "Find the webpage mentioned in the email from the person you met at an event in February."
    other = paper_graphs(q6_person="John Roe", q3_file="x.pdf")
    assert other[5].graph["constraints"][-1]["value"] == "John Roe"
    assert other[2].question.endswith("sent out the file x.pdf.")


def test_scale_counts_are_exact(tmp_path):
    start = datetime.now()
    facts = generate_corpus(tmp_path, emails=2000, events=200, files=500, today=date(2026, 2, 15))
    assert (len(facts.emails), len(facts.events), len(facts.files)) == (2000, 200, 500)
    assert datetime.now() - start < timedelta(seconds=30)
