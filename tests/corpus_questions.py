"""The generated-corpus questions (benchmarks/questions_corpus.json) asked through any config of that corpus.

A source that holds the corpus's mail or calendar in another form (an app's store, an IMAP or CalDAV server)
must answer these as the plain mbox/.ics config does. ``sample`` takes questions of every shape; each is read
by the offline rules reader against the engine's own lexicon (so grounding in the source's data is tested
too), run, and checked against the stored answer.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from queryweaver.config import Config
from tests.corpus import choose_names, expected_answers, oracle_keys
from queryweaver.engine import Engine
from queryweaver.errors import GenerationError
from queryweaver.graph import QueryGraph
from queryweaver.llm import generate_graph
from queryweaver.paper_graphs import paper_graphs

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
DATA = json.loads((BENCHMARKS / "questions_corpus.json").read_text(encoding="utf-8"))
sys.path.insert(0, str(BENCHMARKS))

from make_questions import answer_matches, build_corpus, result_keys  # noqa: E402


def write_corpus(out: Path):
    """The questions' corpus, written into ``out``; returns (facts, paper names, paper answers)."""
    facts = build_corpus(out, DATA["corpus"])
    names = choose_names(facts)
    return facts, names, expected_answers(facts, names)


def plain_corpus(root: Path, questions: list[dict[str, Any]]):
    """The corpus written under ``root``, the answers its own mbox/ics/files config gives to ``questions``
    (checked on the paper's questions against the oracle): (corpus dir, names, expected, plain answers)."""
    from queryweaver.config import load_config

    out = root / "corpus"
    _facts, names, expected = write_corpus(out)
    config = load_config(out / "config.toml")
    config.cache_dir_setting = str(root / "cache-plain")
    files = (out / "files").resolve()
    with Engine(config) as engine:
        plain = answers(engine, config, questions, files)
        assert paper_answers(engine, names, files) == expected
    return out, names, expected, plain


def sample(per_shape: int = 2) -> list[dict[str, Any]]:
    """The first ``per_shape`` questions of every shape, spread over the parts."""
    by_shape: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for question in DATA["questions"]:
        by_shape[question["shape"]].append(question)
    picked = []
    for shape in sorted(by_shape):
        group = by_shape[shape]
        step = max(1, len(group) // per_shape)
        picked += group[::step][:per_shape]
    return picked


def distinct_gold(questions: list[dict[str, Any]] | None = None, per_shape: int | None = None) -> list[dict[str, Any]]:
    """One question per distinct gold graph (the first asked), or at most ``per_shape`` of them per shape."""
    seen: set[str] = set()
    kept: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for question in DATA["questions"] if questions is None else questions:
        key = json.dumps(question["graph"], sort_keys=True)
        if key not in seen and (per_shape is None or len(kept[question["shape"]]) < per_shape):
            seen.add(key)
            kept[question["shape"]].append(question)
    return [q for group in kept.values() for q in group]


def gold_mismatches(engine: Engine, questions: list[dict[str, Any]], files_root: Path) -> list[str]:
    """Each question's gold graph run through the engine: the ids whose answer is not the stored one."""
    wrong = []
    for question in questions:
        result = engine.run(QueryGraph.parse(question["graph"]))
        if not answer_matches(question, result, files_root):
            got = result.count if result.action == "count" else sorted(result_keys(result, files_root))
            wrong.append(f"{question['id']} {question['shape']}: got {str(got)[:200]}, stored {str(question['answer'])[:200]}")
    return wrong


def ask(engine: Engine, config: Config, question: dict[str, Any]):
    """The engine's result for the question as the rules reader reads it against the engine's lexicon."""
    generation = generate_graph(question["question"], config, backend="rules", lexicon=engine.lexicon())
    return engine.run(generation.graph)


def answers(engine: Engine, config: Config, questions: list[dict[str, Any]], files_root: Path) -> dict[str, Any]:
    """Question id -> (right?, the answer in the stored answer's terms) for each question."""
    out = {}
    for question in questions:
        try:
            result = ask(engine, config, question)
        except GenerationError as exc:  # not read: compared as such (the reader refuses alike or not)
            out[question["id"]] = (False, f"refused: {type(exc).__name__}")
            continue
        got = result.count if result.action == "count" else sorted(result_keys(result, files_root))
        out[question["id"]] = (answer_matches(question, result, files_root), got)
    return out


def paper_answers(engine: Engine, names: dict[str, str], files_root: Path) -> dict[int, list[str]]:
    """The seven paper graphs' answers in ``expected_answers``' terms."""
    out = {}
    for query in paper_graphs(**names):
        result = engine.run(QueryGraph.parse(query.graph))
        out[query.number] = oracle_keys(query.number, [item.output() for item in result.items], files_root)
    return out
