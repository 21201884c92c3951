"""generate_graph: validation, repair, bad answers, backend choice and the date fallback.

A scripted backend (the same ABC as the real ones, passed in through ``backend=``) plays the model.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from queryweaver.config import Config
from queryweaver.errors import ConfigError, DateExpressionError, GenerationError
from queryweaver.graph import QueryGraph, same_graph
from queryweaver.items import DateRange
from queryweaver.llm import DEFAULT_FORM, Completion, LLMBackend, generate_graph, get_backend, make_date_fallback
from queryweaver.llm.backends import LlamaCppBackend, OllamaBackend, RulesBackend
from queryweaver.llm.generate import DEFAULT_EXAMPLES
from queryweaver.llm.prompt import decoding_schema
from tests.fake_ollama import FakeOllama, free_port

QUESTION = "Find the file folders that contain email attachments from Jane Doe."
GOOD = {"action": "find", "return_var": "dir", "return_mode": "all",
        "vars": {"dir": "Folder", "f": "File", "e": "Email", "p": "Person"},
        "constraints": [{"kind": "edge", "from": "f", "edge": "parent", "to": "dir"},
                        {"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                        {"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                        {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"}]}
GOOD_TEXT = json.dumps(GOOD)


class Scripted(LLMBackend):
    """Answers from a list; remembers every prompt and schema it was given."""

    name = "scripted"
    supports_schema = True

    def __init__(self, *replies: str):
        self.replies = list(replies)
        self.prompts, self.schemas = [], []
        self.model = "scripted-1"

    def generate(self, prompt, schema=None):
        self.prompts.append(prompt)
        self.schemas.append(schema)
        return Completion(self.replies.pop(0), prompt_tokens=100, completion_tokens=20, seconds=0.01)


def no_offline_reading(question, config, lexicon):
    raise GenerationError("the offline parser is left out of this test")


@pytest.fixture
def config():
    return Config(llm={"backend": "rules"})


def with_constraint(**change):
    bad = json.loads(GOOD_TEXT)
    bad["constraints"][-1] = change
    return json.dumps(bad)


def test_a_valid_answer_is_used_at_once(config):
    model = Scripted(GOOD_TEXT)
    gen = generate_graph(QUESTION, config, backend=model)
    assert same_graph(gen.graph, QueryGraph.parse(GOOD))
    assert (gen.backend, gen.model, gen.attempts, gen.repairs) == ("scripted", "scripted-1", 1, [])
    assert (gen.prompt_tokens, gen.completion_tokens, gen.form) == (100, 20, DEFAULT_FORM)
    assert model.schemas[0] == decoding_schema(DEFAULT_FORM)
    assert len(gen.examples) == DEFAULT_EXAMPLES and json.loads(json.dumps(gen.to_json()))["graph"] == gen.graph.to_json()


@pytest.mark.parametrize("bad, problem", [
    ("{not json", "not valid JSON"),
    (GOOD_TEXT[:60], "stops before the JSON is complete"),
    ("", "the answer is empty"),
    (GOOD_TEXT.replace('"Person"', '"Human"'), "unknown type 'Human'"),
    (GOOD_TEXT.replace('"edge": "parent"', '"edge": "inside"'), "unknown edge 'inside'"),
    (with_constraint(kind="filter", var="dir", field="extension", op="=", value="txt"), "Folder has no field 'extension'"),
    (GOOD_TEXT.replace('"to": "dir"', '"to": "folder"'), "'folder' is used but not declared"),
    (json.dumps({**GOOD, "constraints": GOOD["constraints"][1:]}), "disconnected"),
])
def test_a_bad_answer_is_sent_back_with_the_validators_message(config, bad, problem):
    model = Scripted(bad, GOOD_TEXT)
    events = []
    gen = generate_graph(QUESTION, config, backend=model, on_event=lambda kind, data: events.append(kind))
    assert gen.attempts == 2 and len(gen.repairs) == 1 and problem in gen.repairs[0]
    repair = model.prompts[1].turns
    assert repair[-2].role == "assistant" and repair[-2].content == bad
    assert problem in repair[-1].content and "corrected graph" in repair[-1].content
    assert events == ["offline", "prompt_built", "attempt", "repair", "attempt", "done"]
    assert (gen.prompt_tokens, gen.completion_tokens) == (200, 40)


def test_chatty_answers_and_code_fences_are_read(config):
    gen = generate_graph(QUESTION, config, backend=Scripted(f"Here it is:\n```json\n{GOOD_TEXT}\n```"))
    assert gen.attempts == 1


def test_giving_up_after_the_repairs_says_what_was_wrong(config):
    model = Scripted("{", "{", "{")
    with pytest.raises(GenerationError) as info:
        generate_graph(QUESTION, config, backend=model)
    message = str(info.value)
    assert "did not write a valid graph in 3 tries" in message and "rephrase the question" in message
    assert len(model.prompts) == 3


def test_max_repairs_zero_means_one_try(config):
    with pytest.raises(GenerationError, match="in 1 tries"):
        generate_graph(QUESTION, config, backend=Scripted("nope"), max_repairs=0)


@pytest.mark.parametrize("question, message", [
    ("", "the question is empty"),
    ("   ", "the question is empty"),
    ("What's the weather like?", "not about your email, calendar or files"),
])
def test_questions_that_cannot_become_a_graph_never_reach_the_model(config, question, message):
    model = Scripted()
    with pytest.raises(GenerationError, match=message):
        generate_graph(question, config, backend=model)
    assert model.prompts == []


def test_the_tree_form_compiles_into_the_papers_graph(config):
    tree = {"action": "find", "return_mode": "all", "return": {
        "type": "Folder", "links": [{"edge": "parent", "node": {"type": "File", "links": [
            {"edge": "has_attachment", "node": {"type": "Email", "links": [
                {"edge": "from", "node": {"type": "Person", "filters": [
                    {"field": "name", "op": "=", "value": "Jane Doe"}]}}]}}]}}]}}
    model = Scripted(json.dumps(tree))
    gen = generate_graph(QUESTION, config, backend=model, form="tree")
    assert same_graph(gen.graph, QueryGraph.parse(GOOD)) and gen.form == "tree"
    assert model.schemas[0] == decoding_schema("tree")
    assert '"return":{"type":' in model.prompts[0].turns[1].content  # examples shown in the tree form


def test_a_malformed_tree_is_repaired(config):
    model = Scripted('{"action":"find","return_mode":"all"}', json.dumps(
        {"action": "find", "return_mode": "all", "return": {"type": "Person"}}))
    gen = generate_graph("Who is jane.doe@acme.example?", config, backend=model, form="tree")
    assert "'return' is missing" in gen.repairs[0]


def test_without_examples_only_the_question_follows_the_schema(config):
    model = Scripted(GOOD_TEXT)
    generate_graph(QUESTION, config, backend=model, examples=0)
    assert [m.role for m in model.prompts[0].turns] == ["user"]


def test_an_unknown_form_is_a_config_error(config):
    with pytest.raises(ConfigError, match="unknown graph form"):
        generate_graph(QUESTION, config, backend=Scripted(GOOD_TEXT), form="yaml")


# ---- the rules backend -------------------------------------------------------------------------

def test_rules_backend_uses_the_offline_parser(config):
    gen = generate_graph(QUESTION, config)
    assert gen.backend == "rules" and gen.attempts == 1 and gen.model is None
    assert same_graph(gen.graph, QueryGraph.parse(GOOD))


def test_rules_backend_reports_what_it_did_not_understand(config):
    with pytest.raises(GenerationError, match="did not understand"):
        generate_graph("Which wombats did the thing?", config)


def test_an_injected_rules_parser_is_used():
    backend = RulesBackend(parse_question=lambda q: QueryGraph.parse(GOOD))
    gen = generate_graph("anything at all", Config(), backend=backend)
    assert gen.backend == "rules" and gen.graph.return_var == "dir"


# ---- choosing the backend ----------------------------------------------------------------------

def test_unknown_backend_names_the_choices():
    with pytest.raises(ConfigError, match="ollama.*openai|llamacpp"):
        get_backend(Config(llm={"backend": "gpt5"}))


def test_auto_picks_ollama_when_it_answers_with_the_model():
    with FakeOllama(models=["qwen3:8b", "llama3.2:latest"]) as server:
        backend = get_backend(Config(llm={"host": server.url}))
        assert isinstance(backend, OllamaBackend) and backend.model == "qwen3:8b"
        backend = get_backend(Config(llm={"host": server.url, "model": "llama3.2"}))
        assert backend.model == "llama3.2:latest"


def test_auto_takes_any_pulled_model_when_none_is_configured():
    with FakeOllama(models=["mistral:7b"]) as server:
        backend = get_backend(Config(llm={"host": server.url}))
        assert isinstance(backend, OllamaBackend) and backend.model == "mistral:7b"


def test_auto_skips_ollama_without_the_configured_model(tmp_path):
    with FakeOllama(models=["mistral:7b"]) as server:
        backend = get_backend(Config(llm={"host": server.url, "model": "qwen3:8b"}))
    assert isinstance(backend, RulesBackend)


def test_auto_falls_back_to_llamacpp_then_rules(tmp_path):
    nobody = f"http://127.0.0.1:{free_port()}"
    assert isinstance(get_backend(Config(llm={"host": nobody})), RulesBackend)
    gguf = tmp_path / "model.gguf"
    gguf.write_bytes(b"GGUF")
    backend = get_backend(Config(llm={"host": nobody, "model_path": str(gguf)}))
    expected = LlamaCppBackend if LlamaCppBackend.importable() else RulesBackend
    assert isinstance(backend, expected)  # nothing is loaded until the first question


def test_llamacpp_without_a_model_path_says_how_to_set_it():
    with pytest.raises(GenerationError, match=r"set \[llm\] model_path"):
        get_backend(Config(llm={"backend": "llamacpp"}))


# ---- dates the normalizer cannot read ------------------------------------------------------------

TODAY = date(2026, 2, 15)


def test_date_fallback_checks_the_answer_and_applies_the_operator():
    model = Scripted('{"start":"2026-02-01","end":"2026-02-14"}', '{"start":"2026-02-01","end":"2026-02-14"}',
                     '{"start":"2026-01-31","end":"2026-01-31"}')
    fallback = make_date_fallback(Config(), backend=model)
    assert fallback("a fortnight back", "=", TODAY) == DateRange(date(2026, 2, 1), date(2026, 2, 15))
    assert fallback("a fortnight back", ">", TODAY) == DateRange(date(2026, 2, 1), None)
    assert fallback("the day before the end of January", "<", TODAY) == DateRange(None, date(2026, 1, 31))
    sent = model.prompts[0]
    assert "2026-02-15" in sent.text and "a fortnight back" in sent.text
    assert model.schemas[0]["required"] == ["start", "end"]


@pytest.mark.parametrize("answer", [
    "around two weeks ago", '{"start":"02/01/2026","end":"02/14/2026"}', '{"start":"2026-02-14","end":"2026-02-01"}',
    '{"start":"1066-10-14","end":"1066-10-14"}', '{"start":"2026-02-30","end":"2026-03-01"}',
])
def test_date_fallback_refuses_answers_it_cannot_trust(answer):
    fallback = make_date_fallback(Config(), backend=Scripted(answer))
    with pytest.raises(DateExpressionError):
        fallback("a fortnight back", "=", TODAY)


def test_no_date_fallback_without_a_model():
    assert make_date_fallback(Config(llm={"backend": "rules"})) is None


def test_the_bank_and_benchmark_files_are_where_the_benchmark_expects():
    root = Path(__file__).resolve().parent.parent
    data = json.loads((root / "benchmarks" / "questions.json").read_text(encoding="utf-8"))
    assert len(data["questions"]) >= 40
    for item in data["questions"]:
        QueryGraph.parse(item["graph"])
        for other in item.get("accept", []):
            QueryGraph.parse(other)


# ---- deterministic clean-ups after validation ----------------------------------------------------

def test_values_copied_from_an_example_are_dropped_with_what_they_leave_empty(config):
    copied = json.loads(GOOD_TEXT)
    copied["vars"].update({"d": "Date"})
    copied["constraints"] += [{"kind": "edge", "from": "e", "edge": "sent_on", "to": "d"},
                              {"kind": "filter", "var": "d", "field": "value", "op": "=", "value": "last month"},
                              {"kind": "filter", "var": "dir", "field": "name", "op": "=", "value": "Taxes"}]
    gen = generate_graph(QUESTION, config, backend=Scripted(json.dumps(copied)))
    assert same_graph(gen.graph, QueryGraph.parse(GOOD)) and gen.attempts == 1
    assert len(gen.dropped) == 2 and '"Taxes"' in gen.dropped[1] and "not in the question" in gen.dropped[1]
    assert "d" not in gen.graph.vars  # the Date only that filter gave meaning to is gone too


def test_values_from_the_question_are_kept_even_when_reworded(config):
    graph = {"action": "find", "return_var": "f", "return_mode": "all", "vars": {"f": "File", "e": "Email",
             "d": "Date"}, "constraints": [
        {"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
        {"kind": "edge", "from": "e", "edge": "sent_on", "to": "d"},
        {"kind": "filter", "var": "f", "field": "extension", "op": "=", "value": "pdf"},
        {"kind": "filter", "var": "d", "field": "value", "op": "=", "value": "in February 2026"}]}
    gen = generate_graph("Which PDFs were attached to mail in Feb 2026?", config, backend=Scripted(json.dumps(graph)))
    assert gen.dropped == [] and len(gen.graph.filters) == 2


def test_one_without_an_ordinal_becomes_all(config):
    single = json.dumps({**GOOD, "return_mode": "one"})
    assert generate_graph(QUESTION, config, backend=Scripted(single)).graph.return_mode == "all"
    last = json.loads(single)
    last["constraints"].append({"kind": "filter", "var": "e", "field": "ordinal", "op": "=", "value": "last"})
    gen = generate_graph("Find the folders of the last email attachments from Jane Doe", config,
                         backend=Scripted(json.dumps(last)), offline=no_offline_reading)  # the model's graph alone
    assert gen.graph.return_mode == "one"


@pytest.mark.parametrize("question, extension, kept", [
    ("Which PDFs did Jane Doe send?", "pdf", True), ("spreadsheets from Jane Doe", "xlsx", True),
    ("photos from Jane Doe", "jpg", True), ("files of type .txt from Jane Doe", "txt", True),
    ("files from Jane Doe", "csv", False),
])
def test_a_file_type_must_be_asked_for(config, question, extension, kept):
    graph = {"action": "find", "return_var": "f", "return_mode": "all",
             "vars": {"f": "File", "e": "Email", "p": "Person"},
             "constraints": [{"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                             {"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                             {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"},
                             {"kind": "filter", "var": "f", "field": "extension", "op": "=", "value": extension}]}
    gen = generate_graph(question, config, backend=Scripted(json.dumps(graph)),
                         offline=no_offline_reading)  # the model's graph alone: only the drop rule decides
    assert (len(gen.graph.filters) == 2) is kept


@pytest.mark.parametrize("form", ["flat", "tree"])
def test_an_answer_in_the_other_form_is_read_too(config, form):
    tree = {"action": "find", "return_mode": "all", "return": {"type": "Person", "filters": [
        {"field": "email_address", "op": "=", "value": "jane.doe@acme.example"}]}}
    flat = {"action": "find", "return_var": "p", "return_mode": "all", "vars": {"p": "Person"}, "constraints": [
        {"kind": "filter", "var": "p", "field": "email_address", "op": "=", "value": "jane.doe@acme.example"}]}
    for answer in (tree, flat):
        gen = generate_graph("Who is jane.doe@acme.example?", config, backend=Scripted(json.dumps(answer)), form=form)
        assert gen.attempts == 1 and gen.graph.vars == {"p": "Person"}


def test_a_date_that_is_only_an_order_is_dropped(config):
    graph = {"action": "find", "return_var": "e", "return_mode": "one",
             "vars": {"e": "Email", "p": "Person", "d": "Date"},
             "constraints": [{"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                             {"kind": "edge", "from": "e", "edge": "sent_on", "to": "d"},
                             {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"},
                             {"kind": "filter", "var": "d", "field": "value", "op": "=", "value": "last"},
                             {"kind": "filter", "var": "e", "field": "ordinal", "op": "=", "value": "last"}]}
    gen = generate_graph("Show the last email from Jane Doe", config, backend=Scripted(json.dumps(graph)),
                         offline=no_offline_reading)
    assert "d" not in gen.graph.vars and gen.dropped == ['filter d.value = "last" (an order, not a date)']
