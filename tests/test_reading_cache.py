"""Readings kept between runs (issue 30): a question asked again is answered exactly as the first time, without
loading the reader; what the reading depends on -- the data's names, the config, the models and code -- makes it
read afresh when it changes; a damaged entry is read afresh. Through the real command on the demo data (and on a
copy of it where the data changes); whether the kept reading was used is read from the imports
(``PYTHONPROFILEIMPORTTIME``): a kept reading never imports ``queryweaver.reader.understand``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from queryweaver.config import DEMO_DIR
from tests.mail_fixtures import append_to_mbox, new_message

QUESTIONS = [
    "Find the file folders that contain email attachments from Jane Doe.",
    "How many emails did Nadia send me?",                      # a name two people have: alternatives, mentions
    "Find the emails Zorblax Quux sent me about the budget",   # a name not in the data: notes, not sure
    "Find all the events that were attended by anyone who has sent you a file",
]
READER = "queryweaver.reader.understand"


def asked(cli, *args: str, env: dict | None = None) -> tuple[str, bool, int]:
    """stdout, whether the reader was loaded, and the exit code of ``queryweaver ask ...``."""
    done = cli("ask", *args, env={"PYTHONPROFILEIMPORTTIME": "1", **(env or {})})
    loaded = any(line.startswith("import time:") and line.rsplit("|", 1)[-1].strip() == READER
                 for line in done.stderr.splitlines())
    return done.stdout, loaded, done.code


def without_times(text: str) -> str:
    """The output less what is measured: the reading's seconds and the run's."""
    text = re.sub(r"^(Graph \(.*, )[0-9.]+ s\):", r"\1X s):", text, flags=re.M)
    return re.sub(r"^\([0-9.]+ s\)$", "(X s)", text, flags=re.M)


def json_without_times(text: str) -> dict:
    out = json.loads(text)
    out.pop("timings")
    out.pop("id")   # each question asked gets its own (the conversation)
    for event in out["trace"]:
        event.pop("t")
        event.get("data", {}).pop("seconds", None)
    return out


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_question_asked_again_reads_and_answers_exactly_as_the_first_time(cli, isolated_user_dirs, question):
    first, loaded, code = asked(cli, question)
    assert loaded and code == 0
    again_json, loaded, code = asked(cli, question, "--json")
    assert not loaded and code == 0
    again, loaded, _code = asked(cli, question)
    assert not loaded and without_times(again) == without_times(first)
    shutil.rmtree(isolated_user_dirs / "cache" / "readings")
    first_json, loaded, _code = asked(cli, question, "--json")
    assert loaded and json_without_times(again_json) == json_without_times(first_json)


def test_pick_of_a_kept_reading_runs_the_same_alternative(cli):
    question = QUESTIONS[1]
    first, _loaded, _code = asked(cli, question, "--pick", "1")
    again, loaded, code = asked(cli, question, "--pick", "1")
    assert not loaded and code == 0 and without_times(again) == without_times(first)


@pytest.fixture
def own_data(tmp_path) -> Path:
    """A copy of the demo data, its config pointing at the copy."""
    copy = tmp_path / "demo"
    shutil.copytree(DEMO_DIR, copy, ignore=shutil.ignore_patterns("__pycache__", "__init__.py"))
    return copy


def test_a_name_the_data_starts_to_hold_is_read_afresh(cli, own_data):
    config = str(own_data / "config.toml")
    question = "How many emails did Zorblax Quux send me?"
    first, loaded, _code = asked(cli, question, "--config", config)
    assert loaded and "Zorblax" in first
    _again, loaded, _code = asked(cli, question, "--config", config)
    assert not loaded
    append_to_mbox(own_data / "mail.mbox", new_message("Zorblax Quux <zq@example.net>", "Hi", "<zq1@example.net>"))
    after, loaded, code = asked(cli, question, "--config", config)
    assert loaded and code == 0 and "Answer: 1 Email" in after


def test_another_user_in_the_config_is_read_afresh(cli, own_data):
    config = own_data / "config.toml"
    question = QUESTIONS[0]
    asked(cli, question, "--config", str(config))
    _again, loaded, _code = asked(cli, question, "--config", str(config))
    assert not loaded
    config.write_text(config.read_text().replace('name = "Alex Morgan"', 'name = "Alex Q. Morgan"'))
    _after, loaded, code = asked(cli, question, "--config", str(config))
    assert loaded and code == 0


def test_a_damaged_entry_is_read_afresh_and_kept_again(cli, isolated_user_dirs):
    question = QUESTIONS[1]
    first, _loaded, _code = asked(cli, question)
    entries = list((isolated_user_dirs / "cache" / "readings").glob("*.json"))
    assert len(entries) == 1
    whole = entries[0].read_bytes()
    for damage in (b"", b"{", b"[]", json.dumps({"key": "x"}).encode(), whole[:len(whole) // 2],
                   whole.replace(b'"confidence": 0.', b'"confidence": "0.')):
        entries[0].write_bytes(damage)
        again, loaded, code = asked(cli, question)
        assert loaded and code == 0 and without_times(again) == without_times(first)
    _again, loaded, _code = asked(cli, question)
    assert not loaded


def test_an_entry_made_with_other_code_or_models_is_not_used(tmp_path):
    from queryweaver.config import load_config
    from queryweaver.engine import Engine
    from queryweaver.llm import generate_graph
    from queryweaver.reading_cache import ReadingCache, _code_files, reading_key

    config = load_config(None)
    cache = ReadingCache(tmp_path)
    with Engine(config) as engine:
        key = reading_key(QUESTIONS[0], config, None, engine.lexicon_states())
        generation = generate_graph(QUESTIONS[0], config, lexicon=engine.lexicon())
    assert generation.offline_only
    cache.put(key, generation)
    kept = cache.get(key)
    assert kept is not None and kept.graph.to_json() == generation.graph.to_json()
    assert kept.confidence == generation.confidence and kept.notes == generation.notes
    code = [path for path, _size, _mtime in _code_files()]
    assert any(path.endswith("models.txt") for path in code) and any(path.endswith("understand.py") for path in code)
    entry = next(tmp_path.glob("*.json"))
    data = json.loads(entry.read_text())
    for number, (path, size, mtime) in enumerate(data["code"]):
        if path.endswith("models.txt"):
            data["code"][number] = [path, size, mtime + 1]   # the models retrained since
    entry.write_text(json.dumps(data))
    assert cache.get(key) is None
    assert cache.get(key.replace("Jane Doe", "Jane Dole")) is None


def test_a_reading_an_llm_took_part_in_is_not_kept(tmp_path):
    from queryweaver.generation import Generation
    from queryweaver.graph import QueryGraph
    from queryweaver.paper_graphs import paper_graphs
    from queryweaver.reading_cache import ReadingCache

    cache = ReadingCache(tmp_path)
    graph = QueryGraph.parse(paper_graphs()[0].graph)
    cache.put("key", Generation(graph, "ollama", "qwen3:8b", 1.0))
    assert not list(tmp_path.glob("*.json")) and cache.get("key") is None
