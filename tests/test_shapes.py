"""The question-shape model: shapes, filling them with a question's values, the shipped model, and how the
offline reader uses it as a second opinion."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from queryweaver.graph import QueryGraph, same_graph
from queryweaver.shapes import MODEL_PATH, QuestionView, ShapeModel, fill, load_model, shape_of, structure
from queryweaver.understand import understand

from tests.test_rules_parser import graph
from tests.test_understand import lexicon  # noqa: F401  (the fixture)

FROM_BEFORE = "find|all|Email1|Date1.value~$date;Email1-from->Person1;Email1-sent_on->Date1;Person1.name=$person"


def test_a_shape_does_not_depend_on_variable_names_constraint_order_or_values():
    a = graph("find e all", "e from p", "e sent_on d", "p.name = Jane Doe", "d.value < March 2026")
    b = QueryGraph.parse({"action": "find", "return_var": "mail", "vars": {"mail": "Email", "who": "Person",
                          "when": "Date"}, "constraints": [
        {"kind": "filter", "var": "when", "field": "value", "op": "=", "value": "in 2025"},
        {"kind": "edge", "from": "mail", "edge": "sent_on", "to": "when"},
        {"kind": "filter", "var": "who", "field": "name", "op": "=", "value": "Sofia Alvarez"},
        {"kind": "edge", "from": "mail", "edge": "from", "to": "who"}]})
    assert shape_of(a) == shape_of(b) == FROM_BEFORE
    assert shape_of(graph("find e all", "e to p", "p.name = Jane Doe")) != shape_of(
        graph("find e all", "e from p", "p.name = Jane Doe"))
    # which of two people carries the name is part of the shape
    one = graph("find p all", "p attended ev", "p2 attended ev", "p2.name = Jane Doe")
    assert shape_of(one) == shape_of(graph("find p2 all", "p attended ev", "p2 attended ev", "p.name = Jane Doe"))
    assert shape_of(one) != shape_of(graph("find p all", "p attended ev", "p2 attended ev", "p.name = Jane Doe"))
    assert structure(shape_of(a)) == FROM_BEFORE.split("|", 1)[1]


def test_a_view_masks_what_the_question_names_and_keeps_its_values():
    view = QuestionView.of("emails from ⟦person|Jane Doe⟧ with pdfs before March 2026?")
    assert view.words == ["emails", "from", "<person>", "with", "pdfs", "<date>", "?"]
    assert view.values["$person"] == [("name", "Jane Doe")]
    assert view.values["$ext"] == [("extension", "pdf")]
    assert view.values["$date"] == [("<", "before March 2026")]
    topical = QuestionView.of("links in server migration emails", is_topic=lambda w: w in {"server", "migration"})
    assert topical.words == ["links", "in", "<topic>", "emails"] and topical.values["$words"] == [("", "server migration")]
    typo = QuestionView.of("meetigns with ⟦person|Jane Doe⟧").features() & QuestionView.of(
        "meetings with ⟦person|Jane Doe⟧").features()
    assert {"#[mee", "#meet", "#eeti"} <= typo  # a typo the spelling fix missed keeps some of the word's pieces


def test_filling_a_shape_uses_every_value_the_question_states_or_nothing():
    view = QuestionView.of("emails from ⟦person|Jane Doe⟧ before March 2026")
    filled = fill(FROM_BEFORE, view)
    assert same_graph(filled, graph("find e all", "e from p", "e sent_on d", "p.name = Jane Doe",
                                    "d.value < before March 2026"))
    # a slot with no value, or a value with no slot: the shape does not fit the question
    assert fill(FROM_BEFORE, QuestionView.of("emails from ⟦person|Jane Doe⟧")) is None
    assert fill("find|all|Email1|Email1-from->Person1;Person1.name=$person", view) is None
    # an address fills a person's slot as an address
    by_address = fill("find|all|Email1|Email1-from->Person1;Person1.name=$person",
                      QuestionView.of("mail from jane@acme.example"))
    assert by_address.filters[0].field == "email_address" and by_address.filters[0].value == "jane@acme.example"
    # a topic the rules read fills a topic slot the question's plain values leave empty
    topic = "find|one|Email1|Email1-from->Person1;Email1.ordinal=last;Email1.subjectcontains$topic;Person1.name=$person"
    view = QuestionView.of("newest invoice email from ⟦person|Jane Doe⟧")
    assert fill(topic, view) is None
    assert same_graph(fill(topic, view, {"$topic": [("subject", "invoice")]}),
                      graph("find e one", "e from p", "p.name = Jane Doe", "e.subject contains invoice",
                            "e.ordinal = last"))


def test_the_shipped_model_loads_and_writes_back_the_same_file():
    text = MODEL_PATH.read_text(encoding="utf-8")
    model = ShapeModel.load(text)
    assert len(model.classes) > 30 and model.trained_on
    assert model.dump() == text


def test_a_missing_or_outdated_model_file_leaves_the_rules_alone(tmp_path):
    assert load_model(tmp_path / "none.txt") is None
    old = tmp_path / "old.txt"
    old.write_text("# question-shape model; features v0\ntrained_on\tx\nclasses\t0\n", encoding="utf-8")
    assert load_model(old) is None


def test_the_shipped_model_was_trained_on_the_current_questions_and_features():
    done = subprocess.run([sys.executable, "-m", "queryweaver.shape_training", "--check"], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent, timeout=600)
    assert done.returncode == 0, f"run: python -m queryweaver.shape_training\n{done.stdout}{done.stderr}"


@pytest.mark.parametrize("question, spec, rules_read_it", [
    ("Find mails where subject is having invoice", ("find e all", "e.subject contains invoice"), False),
    ("show my events in the last 30 days", ("find ev all", "ev occurred_on d", "d.value = in the last 30 days"), True),
    ("In which folder I have budget.xlsx?", ("find dir all", "f parent dir", "f.name = budget.xlsx"), True),
    ("from:jane doe has:attachment files", ("find f all", "e from p", "e has_attachment f", "p.name = Jane Doe"), True),
])
def test_the_model_reads_what_the_rules_misread_and_says_so(lexicon, question, spec, rules_read_it):  # noqa: F811
    got = understand(question, None, lexicon)
    assert same_graph(got.graph, graph(*spec)), got.notes
    (note,) = [n for n in got.notes if "question-shape model" in n]
    assert "sure" in note and "mostly from" in note
    assert bool(got.alternatives) == rules_read_it, "the rules' own reading stays on offer"


def test_the_model_never_reads_a_negation(lexicon):  # noqa: F811
    for question in ("emails not from Jane Doe", "mails Jane Doe never answered"):
        try:
            got = understand(question, None, lexicon)
        except Exception:  # a refusal is fine; a guess by the model is not
            continue
        assert not any("question-shape model" in n for n in got.notes), question
