"""The offline parser first, an LLM when it is needed: the real ``ollama`` client against a fake Ollama.

The offline parser is a stand-in passed through ``offline=`` (the same door ``understand`` comes through):
a function returning the Generation a test builds, or refusing.
"""

from __future__ import annotations

import json

import pytest
import responses

from queryweaver.config import Config
from queryweaver.errors import GenerationError
from queryweaver.graph import QueryGraph, same_graph
from queryweaver.reader.grounding import Lexicon, Mention
from queryweaver.llm import generate_graph
from queryweaver.llm.generate import LOW_CONFIDENCE, Generation, Reading
from queryweaver.llm.prompt import mention_line, mentions_block
from tests.fake_ollama import FakeOllama, free_port

MET = "Who did I meet at the Ferry Building?"
PEOPLE_THERE = {"action": "find", "return_var": "p", "return_mode": "all",
                "vars": {"p": "Person", "ev": "Event", "pl": "Place"},
                "constraints": [{"kind": "edge", "from": "p", "edge": "attended", "to": "ev"},
                                {"kind": "edge", "from": "ev", "edge": "location", "to": "pl"},
                                {"kind": "filter", "var": "pl", "field": "name", "op": "=", "value": "Ferry Building"}]}
PEOPLE_I_MET = {**PEOPLE_THERE, "vars": {**PEOPLE_THERE["vars"], "self": "Self"},
                "constraints": PEOPLE_THERE["constraints"] + [{"kind": "edge", "from": "self", "edge": "attended",
                                                               "to": "ev"}]}
EVENTS_THERE = {"action": "find", "return_var": "ev", "return_mode": "all", "vars": {"ev": "Event", "pl": "Place"},
                "constraints": [{"kind": "edge", "from": "ev", "edge": "location", "to": "pl"},
                                {"kind": "filter", "var": "pl", "field": "name", "op": "=", "value": "Ferry Building"}]}


def ferry(question: str = MET) -> list[Mention]:
    start = question.index("Ferry Building")
    return [Mention(start, start + 14, "Ferry Building", "place", "Ferry Building", count=12)]


def lexicon() -> Lexicon:
    lx = Lexicon(self_names={"Alex Morgan"}, self_addresses={"alex@example.org"})
    lx.add_person("jane.doe@acme.example", "Jane Doe", 12)
    lx.add_person("priya@secret-client.example", "Priya Raman", 4)
    lx.places.update({"Ferry Building": 12, "Hidden Lake Retreat": 1})
    lx.event_titles.update({"Acquisition talks with Globex": 1})
    lx.file_names.update({"layoffs-2026.xlsx": 1})
    return lx


def offline_reading(graph: dict, confidence: float = 1.0, alternatives=()):
    """A stand-in offline parser that reads every question as ``graph``."""
    calls = []

    def parse(question, config, lexicon) -> Generation:
        calls.append(question)
        g = QueryGraph.parse(graph)
        return Generation(graph=g, backend="rules", model=None, seconds=0.001, confidence=confidence,
                          reading="offline reading", alternatives=list(alternatives), form="rules")

    parse.calls = calls
    return parse


def refusing(question, config, lexicon) -> Generation:
    raise GenerationError("the offline parser did not understand 'meet' in the question")


def auto(server: FakeOllama | None = None, **llm) -> Config:
    host = server.url if server else f"http://127.0.0.1:{free_port()}"
    return Config(llm={"backend": "auto", "model": "qwen3:8b", "host": host, **llm})


# ---- when the LLM is asked ----------------------------------------------------------------------

def test_a_confident_offline_reading_sends_nothing_to_the_llm():
    offline = offline_reading(PEOPLE_I_MET, confidence=0.99)
    with FakeOllama(replies=[json.dumps(EVENTS_THERE)]) as server:
        gen = generate_graph(MET, auto(server), offline=offline, mentions=ferry(), lexicon=lexicon())
    assert server.requests == []  # not a chat, not even the probe for models
    assert gen.backend == "rules" and same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET))
    assert offline.calls == [MET] and gen.mentions == ferry()


def test_an_offline_refusal_asks_the_llm_and_uses_its_graph():
    with FakeOllama(replies=[json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), offline=refusing, mentions=ferry(), lexicon=lexicon())
    assert len(server.chats) == 1
    assert gen.backend == "ollama" and same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET))
    assert not gen.low_confidence and gen.alternatives == []
    assert "did not understand 'meet'" in gen.notes[0]


def test_an_unsure_offline_reading_asks_the_llm():
    offline = offline_reading(PEOPLE_I_MET, confidence=LOW_CONFIDENCE - 0.2)
    with FakeOllama(replies=[json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), offline=offline, mentions=ferry())
    assert len(server.chats) == 1 and gen.backend == "ollama"
    assert gen.confidence >= 0.9 and "read it alike" in gen.notes[0]  # two parsers agree: sure


def test_an_offline_graph_that_drops_i_met_asks_the_llm():
    offline = offline_reading(PEOPLE_THERE, confidence=1.0)  # confident, but the question says "I met"
    with FakeOllama(replies=[json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), offline=offline, mentions=ferry())
    assert len(server.chats) == 1 and same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET))
    assert same_graph(gen.alternatives[0].graph, QueryGraph.parse(PEOPLE_THERE))


def test_with_no_llm_here_the_offline_reading_or_its_refusal_is_the_answer():
    offline = offline_reading(PEOPLE_I_MET, confidence=0.3)
    gen = generate_graph(MET, auto(None), offline=offline)
    assert gen.backend == "rules" and gen.low_confidence
    with pytest.raises(GenerationError, match="did not understand 'meet'"):
        generate_graph(MET, auto(None), offline=refusing)


def test_backend_rules_never_asks_the_llm():
    offline = offline_reading(PEOPLE_I_MET, confidence=0.3)
    with FakeOllama(replies=[json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), backend="rules", offline=offline)
        assert gen.backend == "rules" and server.requests == []
        with pytest.raises(GenerationError, match="did not understand"):
            generate_graph(MET, auto(server), backend="rules", offline=refusing)
    assert server.requests == []


def test_an_explicit_llm_backend_is_asked_even_when_the_offline_parser_is_sure():
    offline = offline_reading(PEOPLE_I_MET, confidence=1.0)
    with FakeOllama(replies=[json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), backend="ollama", offline=offline, mentions=ferry())
    assert len(server.chats) == 1 and offline.calls == [MET]  # computed for the comparison
    assert gen.backend == "ollama" and gen.confidence >= 0.95


def test_a_configured_llm_that_cannot_be_reached_leaves_the_offline_reading():
    offline = offline_reading(PEOPLE_I_MET, confidence=0.3)
    gen = generate_graph(MET, auto(None, backend="ollama"), offline=offline)
    assert gen.backend == "rules" and "cannot reach Ollama" in gen.notes[-1]


# ---- coverage repairs -----------------------------------------------------------------------------

def test_a_graph_that_drops_i_met_is_sent_back_naming_it():
    with FakeOllama(replies=[json.dumps(PEOPLE_THERE), json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), offline=refusing, mentions=ferry(), lexicon=lexicon())
    assert len(server.chats) == 2 and gen.attempts == 2
    repair = server.chats[1]["messages"]
    assert repair[-2] == {"role": "assistant", "content": json.dumps(PEOPLE_THERE)}
    assert "does not say everything the question says" in repair[-1]["content"]
    assert "the question says 'did I meet', so add Self attended the same event" in repair[-1]["content"]
    assert same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET)) and "did I meet" in gen.repairs[0]


def test_a_dropped_mention_is_sent_back_naming_its_value():
    with FakeOllama(replies=[json.dumps({**PEOPLE_I_MET, "constraints": PEOPLE_I_MET["constraints"][:2]
                                         + PEOPLE_I_MET["constraints"][3:]}),  # no Place filter
                             json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), offline=refusing, mentions=ferry(), lexicon=lexicon())
    assert 'add a Place with name "Ferry Building"' in server.chats[1]["messages"][-1]["content"]
    assert gen.attempts == 2


NO_PLACE = {"action": "find", "return_var": "p", "return_mode": "all",
            "vars": {"p": "Person", "ev": "Event", "self": "Self"},
            "constraints": [{"kind": "edge", "from": "p", "edge": "attended", "to": "ev"},
                            {"kind": "edge", "from": "self", "edge": "attended", "to": "ev"}]}


def test_a_graph_still_dropping_part_of_the_question_loses_to_a_covering_offline_one():
    offline = offline_reading(PEOPLE_I_MET, confidence=0.4)
    with FakeOllama(replies=[json.dumps(NO_PLACE)] * 3) as server:
        gen = generate_graph(MET, auto(server), offline=offline, mentions=ferry())
    assert len(server.chats) == 2  # the same graph came back after the repair: no third try
    assert gen.backend == "rules" and same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET))
    assert gen.low_confidence and same_graph(gen.alternatives[0].graph, QueryGraph.parse(NO_PLACE))
    assert gen.alternatives[0].source == "llm" and "leaves more of the question out" in gen.notes[-1]


def test_an_uncovered_graph_with_nothing_better_is_used_but_marked():
    with FakeOllama(replies=[json.dumps(NO_PLACE)] * 3) as server:
        gen = generate_graph(MET, auto(server), offline=refusing, mentions=ferry())
    assert same_graph(gen.graph, QueryGraph.parse(NO_PLACE)) and gen.low_confidence
    assert any(n.startswith("doubt: the question names the place 'Ferry Building'") for n in gen.notes)


def test_when_the_model_sends_the_same_graph_back_the_rule_adds_self():
    with FakeOllama(replies=[json.dumps(PEOPLE_THERE)] * 3) as server:
        gen = generate_graph(MET, auto(server), offline=refusing, mentions=ferry())
    assert len(server.chats) == 2 and gen.attempts == 2  # one repair turn, then no more asking
    assert same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET)) and not gen.low_confidence
    assert "added Self attended ev: the question says 'did I meet'" in gen.notes


# ---- disagreement --------------------------------------------------------------------------------

def test_when_the_llm_and_the_offline_parser_disagree_both_are_shown():
    other = Reading(QueryGraph.parse(EVENTS_THERE), "events at the Ferry Building", 0.2)
    offline = offline_reading(PEOPLE_I_MET, confidence=0.5, alternatives=[other])
    llm_graph = {**PEOPLE_I_MET, "action": "count"}  # covers the question as well, read differently
    with FakeOllama(replies=[json.dumps(llm_graph)]) as server:
        gen = generate_graph(MET, auto(server), offline=offline, mentions=ferry())
    # an unsure offline reading the model covers no better stays; the model's reading is offered first
    assert len(server.chats) == 1 and gen.backend == "rules" and same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET))
    assert gen.low_confidence  # the CLI prints the alternatives, the web UI shows them as chips
    shown = [a.graph for a in gen.alternatives]
    assert same_graph(shown[0], QueryGraph.parse(llm_graph)) and gen.alternatives[0].source == "llm"
    assert same_graph(shown[1], QueryGraph.parse(EVENTS_THERE)) and len(shown) == 2
    assert gen.to_json()["alternatives"][0]["source"] == "llm"
    assert "covers no more of the question" in gen.notes[-1]


def test_an_llm_graph_that_covers_what_the_offline_reading_dropped_is_used():
    dropped = PEOPLE_THERE  # "I met" left out
    offline = offline_reading(dropped, confidence=0.5)
    with FakeOllama(replies=[json.dumps(PEOPLE_I_MET)]) as server:
        gen = generate_graph(MET, auto(server), offline=offline, mentions=ferry())
    assert gen.backend == "ollama" and same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET))
    assert same_graph(gen.alternatives[0].graph, QueryGraph.parse(dropped)) and gen.alternatives[0].source == "rules"


# ---- what leaves the machine --------------------------------------------------------------------

def test_only_the_questions_own_mentions_go_into_the_prompt():
    lx = lexicon()
    q = "Who did I meet at the ferry bldg with jane?"
    start, jane = q.index("ferry bldg"), q.index("jane")
    mentions = [Mention(start, start + 10, "ferry bldg", "place", "Ferry Building", exact=False),
                Mention(jane, jane + 4, "jane", "person", "Jane Doe", exact=False)]
    with FakeOllama(replies=["{"] * 3) as server:
        with pytest.raises(GenerationError):
            generate_graph(q, auto(server), offline=refusing, mentions=mentions, lexicon=lx)
    sent = server.everything_sent()
    assert "'ferry bldg' -> place Ferry Building" in sent and "person named Jane Doe" in sent
    for secret in ["Priya Raman", "priya@secret-client.example", "Hidden Lake Retreat", "Globex",
                   "layoffs-2026", "jane.doe@acme.example", "Alex Morgan", "alex@example.org"]:
        assert secret.lower() not in sent.lower(), secret


def test_the_mentions_block_says_kind_and_canonical_value():
    q = "files from Chen in the Finance folder"
    chen = Mention(11, 15, "Chen", "person", "Chen", candidates=[("Wei Chen", "wei@x.example"),
                                                                 ("Li Chen", "li@y.example")])
    assert mention_line(Mention(0, 4, "jane", "person", "Jane Doe")) == (
        "- 'jane' -> person named Jane Doe: Person.name \"Jane Doe\"")
    assert mention_line(chen) == "- 'Chen' -> person, one of: Wei Chen, Li Chen (ambiguous: keep the words as written)"
    assert "wei@x.example" not in mentions_block([chen])  # a candidate's address stays home
    assert mention_line(Mention(0, 2, "me", "self", "Alex Morgan")) == "- 'me' -> the user: use Self, never a Person"
    assert mentions_block([]) == "" and q


# ---- a remote backend is never picked on its own ---------------------------------------------------

@responses.activate
def test_auto_never_calls_a_remote_openai_server(monkeypatch):
    monkeypatch.setenv("QW_TEST_KEY", "sk-test")
    remote = responses.post("https://llm.example.com/v1/chat/completions", json={})
    config = auto(None, base_url="https://llm.example.com/v1", api_key_env="QW_TEST_KEY")
    gen = generate_graph(MET, config, offline=offline_reading(PEOPLE_I_MET, confidence=0.3))
    assert gen.backend == "rules"
    with pytest.raises(GenerationError, match="did not understand"):
        generate_graph(MET, config, offline=refusing)
    assert remote.call_count == 0 and len(responses.calls) == 0


def test_an_offline_graph_dropping_part_of_the_question_is_not_presented_as_sure():
    offline = offline_reading(PEOPLE_THERE, confidence=1.0)
    gen = generate_graph(MET, auto(None), offline=offline, mentions=ferry())  # no LLM to ask
    assert gen.backend == "rules" and gen.low_confidence
    assert gen.notes == ["doubt: the question says 'did I meet', so add Self attended the same event "
                         "(Self -attended-> Event <-attended- Person): the user was at that event too"]


def test_an_explicit_llm_that_disagrees_with_a_sure_offline_parser_is_the_alternative():
    offline = offline_reading(PEOPLE_I_MET, confidence=0.99)
    llm_graph = {**PEOPLE_I_MET, "action": "count"}  # covers the question too, but reads it differently
    with FakeOllama(replies=[json.dumps(llm_graph)]) as server:
        gen = generate_graph(MET, auto(server), backend="ollama", offline=offline, mentions=ferry())
    assert len(server.chats) == 1 and gen.backend == "rules" and gen.low_confidence
    assert same_graph(gen.graph, QueryGraph.parse(PEOPLE_I_MET))
    assert same_graph(gen.alternatives[0].graph, QueryGraph.parse(llm_graph)) and gen.alternatives[0].source == "llm"
    assert "covers no more of the question" in gen.notes[-1]


def test_in_the_tree_form_a_repair_shows_the_fragment_that_fixes_it():
    from queryweaver.llm.prompt import repair_turns

    problems = ["the question says 'did I meet', so add Self attended the same event (...)",
                "the question says 'last', so add the filter ordinal = \"last\" on the Email it picks"]
    _, tree = repair_turns("{}", problems, valid=True, form="tree")
    assert '{"edge":"attended","node":{"type":"Self"}} in the "links" of the Event node' in tree.content
    assert '{"field":"ordinal","op":"=","value":"last"}' in tree.content
    _, flat = repair_turns("{}", problems, valid=True, form="flat")
    assert '"node"' not in flat.content and "add Self attended the same event" in flat.content
