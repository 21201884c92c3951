"""The corpus question set (benchmarks/questions_corpus.json): its shape, its dev..dev21 / test..test20 split, and
that its gold graphs give the stored answers on the regenerated corpus through the real engine."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from itertools import combinations
from pathlib import Path

import pytest

from queryweaver.config import load_config
from queryweaver.engine import Engine
from queryweaver.graph import QueryGraph

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from make_questions import answer_matches, build_corpus  # noqa: E402

DATA = json.loads((BENCHMARKS / "questions_corpus.json").read_text(encoding="utf-8"))
QUESTIONS = DATA["questions"]


PARTS = {"dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13",
         "dev14", "dev15", "dev16", "dev17", "dev18", "dev19", "dev20", "dev21", "test", "test2", "test3", "test4",
         "test5", "test6", "test7", "test8", "test9", "test10", "test11", "test12", "test13", "test14", "test15",
         "test16", "test17", "test18", "test19", "test20"}
# Shapes first asked in dev6 and test4: only the parts from dev6 on have them.
LATER_PARTS = {"dev6", "test4", "dev7", "test5", "dev8", "test6", "dev9", "test7", "dev10", "test8", "dev11", "test9",
               "dev12", "test10", "dev13", "test11", "dev14", "test12", "dev15", "test13", "dev16", "test14", "dev17",
               "test15", "dev18", "test16", "dev19", "test17", "test18", "test19", "test20", "dev20", "dev21"}
LATER_SHAPES = {"last_email_from_about", "emails_from_with_attachment", "files_from_in_month",
                "events_at_place_in_month", "people_emailed_in_month", "emails_from_person_to_person",
                "count_events_at_place", "links_in_emails_about", "count_emails_to"}


def test_enough_questions_in_every_part():
    parts = defaultdict(int)
    for q in QUESTIONS:
        parts[q["part"]] += 1
    assert set(parts) == PARTS
    assert parts["dev"] + parts["test"] >= 300
    assert min(parts["dev"], parts["test"]) >= 0.4 * (parts["dev"] + parts["test"])
    assert parts["dev2"] >= 150
    assert parts["dev3"] >= 150
    assert parts["test2"] >= 160
    assert parts["dev4"] >= 170
    assert parts["dev5"] >= 190
    assert parts["test3"] >= 160
    assert parts["dev6"] >= 240
    assert parts["test4"] >= 210
    assert parts["dev7"] >= 300
    assert parts["test5"] >= 230
    assert parts["dev8"] >= 300
    assert parts["test6"] >= 230
    assert parts["dev9"] >= 300
    assert parts["test7"] >= 230
    assert parts["dev10"] >= 230
    assert parts["test8"] >= 230
    assert parts["dev11"] >= 310
    assert parts["test9"] >= 230
    assert parts["dev12"] >= 310
    assert parts["test10"] >= 230
    assert parts["dev13"] >= 310
    assert parts["test11"] >= 230
    assert parts["dev14"] >= 310
    assert parts["test12"] >= 230
    assert parts["dev15"] >= 310
    assert parts["test13"] >= 230
    assert parts["dev16"] >= 310
    assert parts["test14"] >= 230
    assert parts["dev17"] >= 310
    assert parts["test15"] >= 230
    assert parts["dev18"] >= 310
    assert parts["test16"] >= 230
    assert parts["dev19"] >= 310
    assert parts["test17"] >= 230
    assert parts["test18"] >= 230
    assert parts["test19"] >= 230
    assert parts["test20"] >= 230
    assert parts["dev20"] >= 310
    assert parts["dev21"] >= 310
    assert len({q["id"] for q in QUESTIONS}) == len(QUESTIONS)


def test_every_gold_and_accepted_graph_is_valid():
    for q in QUESTIONS:
        for graph in [q["graph"], *q.get("accept", [])]:
            QueryGraph.parse(graph)


def test_split_is_by_phrasing_template():
    """Every shape is asked in every part (the later shapes from dev6 on only), with templates (and so
    question texts) no other part uses; dev2 and dev3 have at least three templates per shape, test2 at least
    four templates and five questions, dev4 at least five templates, dev5 and test3 at least five templates and
    five questions, dev6 and test4 at least six (a later shape: four) templates and as many questions, dev7 at least
    eight and test5 at least six templates and questions for every shape, and so do dev8 and test6, and dev9 and
    test7; dev10 and test8 at least six each; dev11 at least eight and test9 at least six, and so do dev12 and
    test10, and dev13 and test11, and dev14 and test12, and dev15 and test13, and dev16 and test14, and dev17 and
    test15, and dev18 and test16, and dev19 and test17; test18 and test19 at least six each, and so does test20;
    dev20 and dev21 at least eight each. (Failures name only shapes and parts: held-out wordings stay unseen.)"""
    templates: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for q in QUESTIONS:
        templates[q["shape"]][q["part"]].add(q["template"].casefold())
    assert len(templates) >= 18
    assert LATER_SHAPES <= set(templates)
    for shape, parts in templates.items():
        for part in LATER_PARTS:
            least = {"dev7": 8, "test5": 6, "dev8": 8, "test6": 6, "dev9": 8, "test7": 6, "dev10": 6, "test8": 6,
                     "dev11": 8, "test9": 6, "dev12": 8, "test10": 6, "dev13": 8, "test11": 6, "dev14": 8,
                     "test12": 6, "dev15": 8, "test13": 6, "dev16": 8, "test14": 6, "dev17": 8, "test15": 6, "dev18": 8,
                     "test16": 6, "dev19": 8, "test17": 6, "test18": 6, "test19": 6, "test20": 6, "dev20": 8,
                     "dev21": 8}.get(
                         part, 4 if shape in LATER_SHAPES else 6)
            assert len(parts[part]) >= least, (shape, part)
            assert sum(q["shape"] == shape and q["part"] == part for q in QUESTIONS) >= least, (shape, part)
        if shape in LATER_SHAPES:
            assert set(parts) == LATER_PARTS, shape
            for a, b in combinations(sorted(LATER_PARTS), 2):
                assert not parts[a] & parts[b], (shape, a, b)
            continue
        assert set(parts) == PARTS, shape
        assert len(parts["dev2"]) >= 3, shape
        assert len(parts["dev3"]) >= 3, shape
        assert len(parts["test2"]) >= 4, shape
        assert len(parts["dev4"]) >= 5, shape
        assert len(parts["dev5"]) >= 5, shape
        assert len(parts["test3"]) >= 5, shape
        for part in ("test2", "dev5", "test3"):
            assert sum(q["shape"] == shape and q["part"] == part for q in QUESTIONS) >= 5, (shape, part)
        for a, b in combinations(sorted(PARTS), 2):
            shared = len(parts[a] & parts[b])  # a count, so a failure never prints held-out wordings
            assert shared == 0, (shape, a, b)
    texts = defaultdict(set)
    for q in QUESTIONS:
        texts[q["part"]].add(q["question"].casefold())
    for a, b in combinations(sorted(PARTS), 2):
        shared = len(texts[a] & texts[b])
        assert shared == 0, (a, b)


def test_dev_and_test_ids_come_first():
    """dev2 was added after dev and test, dev3 after dev2, test2 after dev3, dev4 after test2, dev5 and test3 after
    dev4, dev6 and test4 after test3, dev7 and test5 after test4, dev8 and test6 after test5, dev9 and test7 after
    test6, dev10 and test8 after test7, dev11 and test9 after test8, dev12 and test10 after test9, dev13 and test11
    after test10, dev14 and test12 after test11, dev15 and test13 after test12, dev16 and test14 after test13, dev17
    and test15 after test14, dev18 and test16 after test15, dev19 and test17 after test16, test18 and test19 after
    test17, test20 after test19, dev20 and dev21 after test20: dev and test keep the ids
    c001.., dev2's follow them, then dev3's, test2's, dev4's, dev5's, test3's, dev6's, test4's, dev7's, test5's,
    dev8's, test6's, dev9's, test7's, dev10's, test8's, dev11's, test9's, dev12's, test10's, dev13's, test11's,
    dev14's, test12's, dev15's, test13's, dev16's, test14's, dev17's, test15's, dev18's, test16's, dev19's,
    test17's, test18's and test19's, then test20's, then dev20's and dev21's."""
    order = {"dev": 0, "test": 0, "dev2": 1, "dev3": 2, "test2": 3, "dev4": 4, "dev5": 5, "test3": 6, "dev6": 7,
             "test4": 8, "dev7": 9, "test5": 10, "dev8": 11, "test6": 12, "dev9": 13, "test7": 14, "dev10": 15,
             "test8": 16, "dev11": 17, "test9": 18, "dev12": 19, "test10": 20, "dev13": 21, "test11": 22, "dev14": 23,
             "test12": 24, "dev15": 25, "test13": 26, "dev16": 27, "test14": 28, "dev17": 29, "test15": 30,
             "dev18": 31, "test16": 32, "dev19": 33, "test17": 34, "test18": 35, "test19": 36, "test20": 37,
             "dev20": 38, "dev21": 39}
    ranks = [order[q["part"]] for q in QUESTIONS]
    assert ranks == sorted(ranks)


def test_no_question_is_a_worked_example_of_the_prompt():
    """The LLM prompt's example bank must not leak into either part."""
    from queryweaver.llm.examples import example_bank, tokenize

    bank = {" ".join(tokenize(e.question)) for e in example_bank()}
    assert not bank & {" ".join(tokenize(q["question"])) for q in QUESTIONS}


def test_answers_are_small_and_typed():
    for q in QUESTIONS:
        if q["graph"]["action"] == "count":
            assert isinstance(q["answer"], int)
        else:
            assert 0 < len(q["answer"]) <= 200, q["id"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("question-corpus") / "corpus"
    build_corpus(out, DATA["corpus"])
    config = load_config(out / "config.toml")
    config.cache_dir_setting = str(out.parent / "cache")
    with Engine(config) as engine:
        yield engine, (out / "files").resolve()


def test_a_sample_of_gold_graphs_gives_the_stored_answers(corpus):
    engine, files_root = corpus
    step = max(1, len(QUESTIONS) // 40)
    sample = QUESTIONS[::step][:40]
    wrong = [q["id"] for q in sample
             if not answer_matches(q, engine.run(QueryGraph.parse(q["graph"])), files_root)]
    assert wrong == [], "gold graph and oracle disagree: run python benchmarks/make_questions.py"
