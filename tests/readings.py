"""A question with several readings over the bundled demo, for the tests of what shows them (CLI and web).

"Find the emails Nadia sent me": the demo has two Nadias, so the best reading (Nadia Foster, 10 emails) is
not sure, and the alternatives are Nadia Sato (8 emails) and the emails the user sent to Nadia Foster.
The graphs are real and run on the demo; only the parser is stood in for, so these tests do not depend
on how the parser words its readings.
"""

from __future__ import annotations

from queryweaver.graph import QueryGraph
from queryweaver.reader.grounding import Mention, MentionKind
from queryweaver.llm.generate import Generation, Reading

QUESTION = "Find the emails Nadia sent me"
FOSTER = "Nadia Foster"
SATO = "Nadia Sato"


def emails(name: str, *, sent_by_me: bool = False) -> QueryGraph:
    """Emails from ``name`` to the user, or (``sent_by_me``) from the user to ``name``."""
    person_edge, self_edge = ("to", "from") if sent_by_me else ("from", "to")
    return QueryGraph.parse({
        "action": "find", "return_var": "e", "return_mode": "all",
        "vars": {"e": "Email", "p": "Person", "me": "Self"},
        "constraints": [{"kind": "edge", "from": "e", "edge": person_edge, "to": "p"},
                        {"kind": "edge", "from": "e", "edge": self_edge, "to": "me"},
                        {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": name}],
    })


READINGS = [  # best first
    Reading(emails(FOSTER), "emails Nadia Foster sent you", 0.45, "grounded"),
    Reading(emails(SATO), "emails Nadia Sato sent you", 0.40, "grounded"),
    Reading(emails(FOSTER, sent_by_me=True), "emails you sent to Nadia Foster", 0.15, "grounded"),
]
NADIA = Mention(start=16, end=21, text="Nadia", kind=MentionKind.PERSON, value=FOSTER, count=10, exact=False,
                candidates=[(FOSTER, "nadia@fabrikam.example"), (SATO, "nadia@mail.example")])


def nadia_generation() -> Generation:
    best, *others = READINGS
    return Generation(graph=best.graph, backend="grounded", model=None, seconds=0.01, confidence=best.confidence,
                      reading=best.text, alternatives=others, mentions=[NADIA],
                      notes=["'Nadia' -> p.name = \"Nadia Foster\" (2 people are called Nadia)"])


def sure_generation() -> Generation:
    """The same question read one way only, with full confidence."""
    best = READINGS[0]
    return Generation(graph=best.graph, backend="grounded", model=None, seconds=0.01, confidence=0.99,
                      reading=best.text)


def cli_generate(generation_factory=nadia_generation):
    """A stand-in for ``generate_graph(question, config, *, backend, lexicon)`` that records each call."""
    calls: list[str] = []

    def generate(question, config, *, backend=None, lexicon=None):
        calls.append(question)
        return generation_factory()

    generate.calls = calls
    return generate


def web_generate(question, on_event):
    """A stand-in for the web app's ``generate(question, on_event)``."""
    return nadia_generation()
