"""The ollama backend, driven by the real ``ollama`` client against a fake Ollama on 127.0.0.1."""

from __future__ import annotations

import json
import mailbox
from datetime import date
from email.utils import getaddresses

import pytest

from queryweaver.config import DEMO_DIR, Config, load_config
from queryweaver.errors import BackendError
from queryweaver.graph import QueryGraph, same_graph
from queryweaver.llm import DEFAULT_FORM, generate_graph, get_backend, make_date_fallback
from queryweaver.llm.backends import KEEP_ALIVE, OllamaBackend
from queryweaver.llm.prompt import decoding_schema
from queryweaver.reader.grounding import Lexicon
from tests.fake_ollama import FakeOllama, free_port
from tests.test_llm_generate import GOOD, GOOD_TEXT, QUESTION

# A question the offline rules parser refuses ("When"), and the graph a model writes for it.
REFUSED = "When did I last hear from Jane Doe, not counting newsletters?"  # the offline parser refuses "not"
REFUSED_GRAPH = json.dumps({
    "action": "find", "return_var": "e", "return_mode": "one",
    "vars": {"e": "Email", "p": "Person", "self": "Self"},
    "constraints": [{"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                    {"kind": "edge", "from": "e", "edge": "to", "to": "self"},
                    {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"},
                    {"kind": "filter", "var": "e", "field": "ordinal", "op": "=", "value": "last"}]})


def ollama_config(server: FakeOllama | None = None, **llm) -> Config:
    host = server.url if server else f"http://127.0.0.1:{free_port()}"
    return Config(llm={"backend": "ollama", "model": "qwen3:8b", "host": host, **llm})


@pytest.mark.parametrize("stream", [True, False])
def test_a_question_becomes_a_graph_through_ollama(stream):
    with FakeOllama(replies=[GOOD_TEXT], chunk=5) as server:
        backend = OllamaBackend.from_config(ollama_config(server))
        backend.stream = stream
        gen = generate_graph(QUESTION, Config(), backend=backend)
    assert same_graph(gen.graph, QueryGraph.parse(GOOD))
    assert (gen.backend, gen.model, gen.attempts) == ("ollama", "qwen3:8b", 1)
    assert gen.prompt_tokens and gen.completion_tokens
    chat = server.chats[0]
    assert chat["stream"] is stream
    assert chat["format"] == decoding_schema(DEFAULT_FORM)  # structured outputs: the decoding schema
    assert chat["keep_alive"] == KEEP_ALIVE and chat["options"]["temperature"] == 0
    assert chat["messages"][0]["role"] == "system" and chat["messages"][-1]["content"].endswith(QUESTION)


def test_the_configured_backend_is_used_by_name():
    with FakeOllama(replies=[GOOD_TEXT]) as server:
        gen = generate_graph(QUESTION, ollama_config(server), backend="ollama")
    assert gen.backend == "ollama" and len(server.chats) == 1


def test_a_configured_backend_waits_for_the_offline_parser_to_need_it():
    # grounded in what the data names, as the CLI, the server and the MCP tool ask: without it the reader knows
    # no "Jane Doe" and reads by its rules alone, which it is not sure enough of to keep the LLM out
    lexicon = Lexicon(self_names={"Alex Morgan"}, self_addresses={"alex@example.org"})
    lexicon.add_person("jane.doe@acme.example", "Jane Doe", 40)
    with FakeOllama(replies=[REFUSED_GRAPH]) as server:
        confident = generate_graph(QUESTION, ollama_config(server), lexicon=lexicon)
        assert confident.backend == "rules" and server.requests == []  # not even a probe
        gen = generate_graph(REFUSED, ollama_config(server))
    assert gen.backend == "ollama" and len(server.chats) == 1


def test_invalid_json_is_repaired_over_ollama():
    with FakeOllama(replies=['{"action": "find", "return_var": "dir", "vars": {', GOOD_TEXT]) as server:
        gen = generate_graph(QUESTION, ollama_config(server), backend="ollama")
    assert gen.attempts == 2 and "JSON is complete" in gen.repairs[0]
    second = server.chats[1]["messages"]
    assert second[-2] == {"role": "assistant", "content": '{"action": "find", "return_var": "dir", "vars": {'}
    assert "not valid" in second[-1]["content"]


def test_a_missing_model_names_the_pull_command():
    with FakeOllama(models=["llama3.2:latest"]) as server:
        with pytest.raises(BackendError) as info:
            generate_graph(QUESTION, ollama_config(server, model="qwen3:8b"), backend="ollama")
    assert "ollama pull qwen3:8b" in str(info.value)


def test_nothing_listening_says_to_start_ollama_or_pick_another_backend():
    with pytest.raises(BackendError) as info:
        generate_graph(QUESTION, ollama_config(None), backend="ollama")
    message = str(info.value)
    assert "cannot reach Ollama" in message and "ollama serve" in message and '"rules"' in message


def test_a_slow_model_times_out_with_a_clear_message():
    with FakeOllama(replies=[GOOD_TEXT], delay=1.5) as server:
        with pytest.raises(BackendError, match=r"did not answer within 0.3 s"):
            generate_graph(QUESTION, ollama_config(server, timeout=0.3), backend="ollama")


def test_available_models_probe():
    with FakeOllama(models=["a:1", "b:2"]) as server:
        assert OllamaBackend.available_models(server.url) == ["a:1", "b:2"]
    assert OllamaBackend.available_models(f"http://127.0.0.1:{free_port()}") is None


def test_auto_resolves_to_the_running_ollama():
    with FakeOllama(replies=[REFUSED_GRAPH]) as server:
        config = Config(llm={"host": server.url})
        assert get_backend(config).name == "ollama"
        gen = generate_graph(REFUSED, config)  # the offline parser refuses it: the LLM is asked
    assert gen.backend == "ollama"


def test_date_fallback_over_ollama_sends_only_the_expression_and_today():
    with FakeOllama(replies=['{"start":"2026-02-01","end":"2026-02-14"}']) as server:
        fallback = make_date_fallback(ollama_config(server))
        result = fallback("the fortnight before Valentine's", "=", date(2026, 2, 15))
    assert result.start == date(2026, 2, 1)
    sent = server.chats[0]
    assert "the fortnight before Valentine's" in sent["messages"][-1]["content"]
    assert sent["format"]["required"] == ["start", "end"]


# ---- privacy: only the question, the schema and examples leave the process -----------------------

def demo_secrets() -> set[str]:
    """Addresses and longer subject lines of the bundled demo mail, and the user's own name."""
    mbox = DEMO_DIR / "mail.mbox"
    if not mbox.exists():
        pytest.skip("the bundled demo mail is not there")
    secrets = set()
    for message in mailbox.mbox(str(mbox)):
        for _name, address in getaddresses(message.get_all("From", []) + message.get_all("To", [])
                                           + message.get_all("Cc", [])):
            if "@" in address:
                secrets.add(address.lower())
        subject = str(message.get("Subject") or "")
        if len(subject) >= 20:
            secrets.add(subject.lower())
    config = load_config(DEMO_DIR / "config.toml")
    secrets |= {config.self_name.lower(), *config.self_emails}
    return {s for s in secrets if s}


@pytest.mark.parametrize("form", ["flat", "tree"])
def test_no_demo_mail_content_reaches_the_model(form):
    secrets = demo_secrets()
    questions = [QUESTION, "Which links did Sam Rivera email me in February?",
                 "Who attended the Northwind kickoff?"]
    demo = load_config(DEMO_DIR / "config.toml")
    with FakeOllama(replies=[GOOD_TEXT] * 9) as server:
        demo.llm = {"backend": "ollama", "model": "qwen3:8b", "host": server.url}
        for question in questions:
            try:
                generate_graph(question, demo, backend="ollama", form=form)
            except Exception:
                pass  # the canned answer may not fit the question; only what was sent matters
        sent = server.everything_sent().lower()
    assert len(server.chats) >= 3  # the flat answer does not fit the tree form: repairs are sent too
    asked = " ".join(questions).lower()
    leaked = sorted(s for s in secrets if s in sent and s not in asked)
    assert not leaked, f"demo data sent to the model: {leaked[:5]}"
    # everything in a request is the system text, examples, the question or protocol fields
    for chat in server.chats:
        assert set(chat) <= {"model", "messages", "stream", "format", "options", "keep_alive", "tools"}
