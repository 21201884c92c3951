"""The openai backend (any OpenAI-compatible server), on ``requests``, tested with ``responses``."""

from __future__ import annotations

import json

import pytest
import requests
import responses

from queryweaver.config import Config
from queryweaver.errors import BackendError
from queryweaver.llm import DEFAULT_FORM, generate_graph, get_backend
from queryweaver.llm.prompt import decoding_schema
from tests.test_llm_generate import GOOD_TEXT, QUESTION

LOCAL = "http://127.0.0.1:1234/v1"
REMOTE = "https://llm.example.com/v1"


def config(base_url=LOCAL, **llm) -> Config:
    return Config(llm={"backend": "openai", "model": "qwen2.5-7b-instruct", "base_url": base_url,
                       "api_key_env": "QW_TEST_KEY", **llm})


def completion(text: str, model: str = "qwen2.5-7b-instruct") -> dict:
    return {"id": "c1", "object": "chat.completion", "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1200, "completion_tokens": 90, "total_tokens": 1290}}


@responses.activate
def test_a_local_server_needs_no_key_and_gets_the_decoding_schema(monkeypatch):
    monkeypatch.delenv("QW_TEST_KEY", raising=False)
    responses.post(f"{LOCAL}/chat/completions", json=completion(GOOD_TEXT))
    gen = generate_graph(QUESTION, config(), backend="openai")
    assert (gen.backend, gen.model, gen.prompt_tokens, gen.completion_tokens) == (
        "openai", "qwen2.5-7b-instruct", 1200, 90)
    request = responses.calls[0].request
    body = json.loads(request.body)
    assert "Authorization" not in request.headers
    assert body["response_format"]["json_schema"]["schema"] == decoding_schema(DEFAULT_FORM)
    assert body["temperature"] == 0 and body["messages"][0]["role"] == "system"


@responses.activate
def test_a_remote_server_gets_the_key_from_the_named_variable(monkeypatch):
    monkeypatch.setenv("QW_TEST_KEY", "sk-test-123")
    responses.post(f"{REMOTE}/chat/completions", json=completion(GOOD_TEXT))
    generate_graph(QUESTION, config(REMOTE), backend="openai")
    assert responses.calls[0].request.headers["Authorization"] == "Bearer sk-test-123"


def test_a_remote_server_without_a_key_says_which_variable_to_set(monkeypatch):
    monkeypatch.delenv("QW_TEST_KEY", raising=False)
    with pytest.raises(BackendError, match="set the environment variable QW_TEST_KEY"):
        get_backend(config(REMOTE))


@responses.activate
def test_a_repair_goes_back_to_the_server():
    responses.post(f"{LOCAL}/chat/completions", json=completion('{"action": "find"'))
    responses.post(f"{LOCAL}/chat/completions", json=completion(GOOD_TEXT))
    gen = generate_graph(QUESTION, config(), backend="openai")
    assert gen.attempts == 2 and gen.prompt_tokens == 2400
    second = json.loads(responses.calls[1].request.body)["messages"]
    assert second[-2] == {"role": "assistant", "content": '{"action": "find"'}


@responses.activate
def test_a_server_without_json_schema_support_is_asked_again_without_it():
    responses.post(f"{LOCAL}/chat/completions", status=400,
                   json={"error": {"message": "response_format json_schema is not supported"}})
    responses.post(f"{LOCAL}/chat/completions", json=completion(f"```json\n{GOOD_TEXT}\n```"))
    gen = generate_graph(QUESTION, config(), backend="openai")
    assert gen.attempts == 1
    assert "response_format" not in json.loads(responses.calls[1].request.body)


@pytest.mark.parametrize("status, message", [
    (401, "refused the API key from QW_TEST_KEY"),
    (404, "has no model 'qwen2.5-7b-instruct'"),
    (429, "rate-limiting"),
    (500, "answered 500"),
])
@responses.activate
def test_http_errors_name_the_fix(status, message, monkeypatch):
    monkeypatch.setenv("QW_TEST_KEY", "sk-bad")
    responses.post(f"{REMOTE}/chat/completions", status=status, json={"error": {"message": "nope"}})
    with pytest.raises(BackendError, match=message):
        generate_graph(QUESTION, config(REMOTE), backend="openai")


@pytest.mark.parametrize("error, message", [
    (requests.exceptions.ConnectionError("refused"), "cannot reach http://127.0.0.1:1234/v1"),
    (requests.exceptions.ReadTimeout("slow"), "did not answer within 5 s"),
])
@responses.activate
def test_network_failures_name_the_fix(error, message):
    responses.post(f"{LOCAL}/chat/completions", body=error)
    with pytest.raises(BackendError, match=message):
        generate_graph(QUESTION, config(timeout=5), backend="openai")


@responses.activate
def test_something_that_is_not_a_chat_completion_points_at_base_url():
    responses.post(f"{LOCAL}/chat/completions", body="<html>hello</html>")
    with pytest.raises(BackendError, match="should end in /v1"):
        generate_graph(QUESTION, config(), backend="openai")


def test_auto_never_picks_a_remote_server(monkeypatch):
    monkeypatch.setenv("QW_TEST_KEY", "sk-test")
    backend = get_backend(Config(llm={"base_url": REMOTE, "host": "http://127.0.0.1:9"}))
    assert backend.name != "openai"
