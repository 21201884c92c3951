"""The paper's seven evaluation questions (Section 5) as data, with the graphs its A4 logs reveal.

Each graph is written in the paper's JSON form. Variable names and the order of the edge constraints
reproduce the "Next neighbors" lines of the GPT-5.4 logs (Appendix A4.1) under the planner's DFS: start
at ``return_var`` and visit unvisited neighbours in constraint order, edges taken both ways. The tool
calls then come out in the logged order.

Two logged graphs differ from what the wording might suggest, and we keep the logged form:
Q2 has no Self edge ("email attachments" = attachments of any email), and Q7 has no Self edge (the
Section 4.1 example graph has one; it is kept here as ``EXAMPLE_GRAPH``).

The paper's "file name" and "person name" placeholders are parameters; the defaults are the bundled
demo's names (see ``queryweaver/demo_data/README.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# The demo's values for the paper's placeholders. tests.corpus builds its story from these.
DEMO_NAMES: dict[str, str] = {
    "q1_date": "January 10, 2025",
    "q3_file": "Northwind_Proposal_v3.pdf",
    "q4_person": "Sofia Alvarez",
    "q6_person": "Jane Doe",
    "q7_date": "in February",
}

# The questions as printed in the paper, placeholders included.
PAPER_QUESTIONS: tuple[str, ...] = (
    "Find the last email received on January 10, 2025.",
    "Find all the email attachments of type .txt.",
    "Find out who had email conversations with the person who sent out the file file name.",
    "Find out who attended the event in which person name was present.",
    "Find all the events that were attended by anyone who has sent you a file.",
    "Find the file folders that contain email attachments from person name.",
    "Find the webpage mentioned in the email from the person you met at an event in February.",
)


@dataclass(frozen=True)
class PaperQuery:
    """One evaluation question: its text, its graph, and what the paper's log shows the planner doing."""

    number: int
    question: str                     # with the demo's (or the given) names filled in
    paper_question: str               # as printed in the paper
    graph: dict[str, Any]             # the paper's JSON form
    tool_order: tuple[str, ...]       # tool calls, in order, from the A4.1 log
    dfs_neighbors: tuple[tuple[tuple[str, str], ...], ...]  # the log's "Next neighbors" lines, in order


def _edge(a: str, edge: str, b: str) -> dict[str, str]:
    return {"kind": "edge", "from": a, "edge": edge, "to": b}


def _filter(var: str, field: str, op: str, value: str) -> dict[str, Any]:
    return {"kind": "filter", "var": var, "field": field, "op": op, "value": value}


def _graph(return_var: str, vars_: dict[str, str], constraints: list[dict[str, Any]],
           action: str = "find", return_mode: str = "all") -> dict[str, Any]:
    return {"action": action, "return_var": return_var, "return_mode": return_mode,
            "vars": vars_, "constraints": constraints}


def paper_graphs(*, q1_date: str = DEMO_NAMES["q1_date"], q3_file: str = DEMO_NAMES["q3_file"],
                 q4_person: str = DEMO_NAMES["q4_person"], q6_person: str = DEMO_NAMES["q6_person"],
                 q7_date: str = DEMO_NAMES["q7_date"]) -> list[PaperQuery]:
    """The seven questions with the given names filled in (defaults: the bundled demo's)."""
    return [
        PaperQuery(
            1, f"Find the last email received on {q1_date}.", PAPER_QUESTIONS[0],
            _graph("e", {"e": "Email", "self": "Self", "d": "Date"}, [
                _edge("e", "to", "self"),
                _edge("e", "sent_on", "d"),
                _filter("d", "value", "=", q1_date),
                _filter("e", "ordinal", "=", "last"),
            ], return_mode="one"),
            ("self_to_email", "date_sent_on_email"),
            ((("self", "to"), ("d", "sent_on")), (), ()),
        ),
        PaperQuery(
            2, "Find all the email attachments of type .txt.", PAPER_QUESTIONS[1],
            _graph("f", {"f": "File", "e": "Email"}, [
                _edge("e", "has_attachment", "f"),
                _filter("f", "extension", "=", "txt"),
            ]),
            ("email_has_attachment_file",),
            ((("e", "has_attachment"),), ()),
        ),
        PaperQuery(
            3, f"Find out who had email conversations with the person who sent out the file {q3_file}.",
            PAPER_QUESTIONS[2],
            _graph("p1", {"p1": "Person", "e2": "Email", "p2": "Person", "e1": "Email", "f": "File"}, [
                _edge("e2", "participants", "p1"),
                _edge("e2", "participants", "p2"),
                _edge("e1", "from", "p2"),
                _edge("e1", "has_attachment", "f"),
                _filter("f", "name", "=", q3_file),
            ]),
            ("file_has_attachment_email", "email_from_person", "person_participants_email",
             "email_participants_person"),
            ((("e2", "participants"),), (("p2", "participants"),), (("e1", "from"),),
             (("f", "has_attachment"),), ()),
        ),
        PaperQuery(
            4, f"Find out who attended the event in which {q4_person} was present.", PAPER_QUESTIONS[3],
            _graph("p1", {"p1": "Person", "ev": "Event", "p2": "Person"}, [
                _edge("p1", "attended", "ev"),
                _edge("p2", "attended", "ev"),
                _filter("p2", "name", "=", q4_person),
            ]),
            ("person_attended_event", "event_attended_person"),
            ((("ev", "attended"),), (("p2", "attended"),), ()),
        ),
        PaperQuery(
            5, "Find all the events that were attended by anyone who has sent you a file.", PAPER_QUESTIONS[4],
            _graph("ev", {"ev": "Event", "p": "Person", "e": "Email", "self": "Self", "f": "File"}, [
                _edge("p", "attended", "ev"),
                _edge("e", "from", "p"),
                _edge("e", "to", "self"),
                _edge("e", "has_attachment", "f"),
            ]),
            ("self_to_email", "file_has_attachment_email", "email_from_person", "person_attended_event"),
            ((("p", "attended"),), (("e", "from"),), (("self", "to"), ("f", "has_attachment")), (), ()),
        ),
        PaperQuery(
            6, f"Find the file folders that contain email attachments from {q6_person}.", PAPER_QUESTIONS[5],
            _graph("dir", {"dir": "Folder", "f": "File", "e": "Email", "p": "Person"}, [
                _edge("f", "parent", "dir"),
                _edge("e", "has_attachment", "f"),
                _edge("e", "from", "p"),
                _filter("p", "name", "=", q6_person),
            ]),
            ("person_from_email", "email_has_attachment_file", "file_parent_folder"),
            ((("f", "parent"),), (("e", "has_attachment"),), (("p", "from"),), ()),
        ),
        PaperQuery(
            7, f"Find the webpage mentioned in the email from the person you met at an event {q7_date}.",
            PAPER_QUESTIONS[6],
            _graph("w", {"w": "Webpage", "e": "Email", "p": "Person", "ev": "Event", "d": "Date"}, [
                _edge("e", "mentions_url", "w"),
                _edge("e", "from", "p"),
                _edge("p", "attended", "ev"),
                _edge("ev", "occurred_on", "d"),
                _filter("d", "value", "=", q7_date),
            ]),
            ("date_occurred_on_event", "event_attended_person", "person_from_email",
             "email_mentions_url_webpage"),
            ((("e", "mentions_url"),), (("p", "from"),), (("ev", "attended"),), (("d", "occurred_on"),), ()),
        ),
    ]


PAPER_GRAPHS: list[PaperQuery] = paper_graphs()

# Section 4.1's worked example: Q7 with the user's own attendance (Figure 3). The planner resolves the
# two bound variables self and d, intersects the events, then climbs back to the webpage (Section 4.3).
EXAMPLE_GRAPH: dict[str, Any] = _graph(
    "w", {"w": "Webpage", "e": "Email", "p": "Person", "self": "Self", "ev": "Event", "d": "Date"}, [
        _edge("e", "mentions_url", "w"),
        _edge("e", "from", "p"),
        _edge("p", "attended", "ev"),
        _edge("self", "attended", "ev"),
        _edge("ev", "occurred_on", "d"),
        _filter("d", "value", "=", "in February"),
    ])
EXAMPLE_TOOL_ORDER: tuple[str, ...] = (
    "self_attended_event", "date_occurred_on_event", "event_attended_person", "person_from_email",
    "email_mentions_url_webpage")


def demo_questions() -> list[str]:
    """The seven questions as the bundled demo answers them (shown by the web UI and the README)."""
    return [q.question for q in PAPER_GRAPHS]
