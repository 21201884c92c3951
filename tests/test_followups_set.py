"""The follow-up question set (benchmarks/followups.json, issue 31): its shape and split, and that regenerating
it from benchmarks/make_followups.py on a fresh corpus gives the committed file, every gold and accepted graph
running to the stored answers."""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

from queryweaver.graph import QueryGraph

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import make_followups  # noqa: E402

DATA = json.loads((BENCHMARKS / "followups.json").read_text(encoding="utf-8"))
ITEMS = DATA["items"]
FIELDS = {"id", "part", "kind", "style", "flow", "first", "first_graph", "first_accept", "first_answer", "followup",
          "graph", "accept", "answer", "edit"}


def test_enough_items_of_every_kind_in_every_part():
    assert len(ITEMS) >= 320
    assert all(set(item) == FIELDS for item in ITEMS)
    parts = Counter(item["part"] for item in ITEMS)
    assert set(parts) == {"fdev", "ftest1", "ftest2"}
    assert 0.55 <= parts["fdev"] / len(ITEMS) <= 0.65
    assert min(parts["ftest1"], parts["ftest2"]) >= 0.15 * len(ITEMS)
    kinds = Counter(item["kind"] for item in ITEMS)
    for kind, share in (("narrow", 0.3), ("pivot", 0.3), ("replace", 0.2), ("standalone", 0.2)):
        assert abs(kinds[kind] / len(ITEMS) - share) <= 0.05, kind
    for part in parts:
        assert {item["kind"] for item in ITEMS if item["part"] == part} == set(make_followups.KINDS)


def test_held_out_parts_share_no_wording_or_asker_with_fdev():
    styles = {part: {item["style"] for item in ITEMS if item["part"] == part} for part in ("fdev", "ftest1", "ftest2")}
    texts = {part: {item["followup"].casefold() for item in ITEMS if item["part"] == part}
             | {item["first"].casefold() for item in ITEMS if item["part"] == part} for part in styles}
    for a, b in combinations(sorted(styles), 2):
        assert not styles[a] & styles[b], (a, b)
        assert len(texts[a] & texts[b]) == 0, (a, b)  # a count: a failure never prints held-out wordings


def test_graphs_parse_and_edits_change_the_answer():
    for item in ITEMS:
        for graph in [item["first_graph"], *item["first_accept"], item["graph"], *item["accept"]]:
            QueryGraph.parse(graph)
        assert item["answer"] != item["first_answer"], item["id"]
        assert item["answer"] and item["first_answer"], item["id"]


def test_regenerating_gives_the_committed_file_and_its_answers():
    """make_followups.py --check: the corpus generated afresh, every item regenerated and every graph run."""
    assert make_followups.main(["--check"]) == 0
