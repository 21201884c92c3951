"""What ``queryweaver ask`` shows of how it read a question: the reading, and, when it is unsure, the other
readings numbered with a command for each (``--pick N``), the names that match several people, and the
same in ``--json``. The parser is stood in for through ``main(..., generate=...)`` (tests/readings.py)."""

from __future__ import annotations

import json

import pytest

from queryweaver.cli import main
from queryweaver.config import load_config
from queryweaver.engine import Engine
from tests.readings import FOSTER, QUESTION, READINGS, SATO, cli_generate, sure_generation


def answer_keys(graph) -> set[str]:
    """The oracle: the graph run by the engine directly."""
    with Engine(load_config(None)) as engine:
        return {item.key for item in engine.run(graph).items}


def test_ask_prints_the_reading_and_numbered_alternatives_with_a_command_each(capsys):
    generate = cli_generate()
    assert main(["ask", QUESTION], generate=generate) == 0
    out = capsys.readouterr().out
    assert generate.calls == [QUESTION]
    lines = out.splitlines()
    graph_end = next(i for i, line in enumerate(lines) if line.startswith("Read as:"))
    assert lines[0].startswith("Graph (grounded") and f'p.name = "{FOSTER}"' in "\n".join(lines[:graph_end])
    assert lines[graph_end] == "Read as: emails Nadia Foster sent you (45% sure)"
    assert lines[graph_end + 1] == "Not sure I read this right."
    assert lines[graph_end + 2] == "  - 'Nadia' -> p.name = \"Nadia Foster\" (2 people are called Nadia)"  # why
    assert lines[graph_end + 3] == "Other readings:"
    assert lines[graph_end + 4:graph_end + 8] == [
        "  1. emails Nadia Sato sent you (40% sure)",
        f"     queryweaver ask --pick 1 '{QUESTION}'",
        "  2. emails you sent to Nadia Foster (15% sure)",
        f"     queryweaver ask --pick 2 '{QUESTION}'",
    ]
    assert ("'Nadia' could be: Nadia Foster <nadia@fabrikam.example>, Nadia Sato <nadia@mail.example>"
            in lines)
    assert "Answer: 10 Emails" in out  # the best reading was run
    assert out.index("Read as:") < out.index("Answer:")


def test_a_sure_reading_is_said_back_without_alternatives(capsys):
    assert main(["ask", QUESTION], generate=cli_generate(sure_generation)) == 0
    out = capsys.readouterr().out
    assert "Read as: emails Nadia Foster sent you\n" in out
    assert "Not sure" not in out and "--pick" not in out and "could be" not in out


def test_pick_runs_that_alternative_and_keeps_the_numbering(capsys):
    generate = cli_generate()
    assert main(["ask", "--pick", "1", QUESTION], generate=generate) == 0
    out = capsys.readouterr().out
    assert generate.calls == [QUESTION]  # generated again, then alternative 1 taken
    assert out.startswith("Graph (reading 1, grounded")
    assert f'p.name = "{SATO}"' in out.split("Read as")[0]
    assert "Read as (reading 1): emails Nadia Sato sent you (40% sure)" in out
    assert "instead of the best reading: emails Nadia Foster sent you (45% sure)" in out
    assert f"     queryweaver ask '{QUESTION}'" in out  # back to the best reading
    assert "  1. emails Nadia Sato sent you (40% sure)  (this one was run)" in out
    assert f"queryweaver ask --pick 2 '{QUESTION}'" in out and "--pick 1 '" not in out
    assert "Answer: 8 Emails" in out


def test_pick_keeps_the_options_in_the_suggested_commands(capsys, tmp_path):
    config = tmp_path / "qw.toml"
    (tmp_path / "empty.mbox").write_text("")  # no mail: the answer is empty, the hints are the point
    config.write_text('[llm]\nbackend = "rules"\n[[sources]]\ntype = "mbox"\npath = "empty.mbox"\n')
    main(["ask", "--config", str(config), "--backend", "rules", QUESTION], generate=cli_generate())
    out = capsys.readouterr().out
    assert f"queryweaver ask --pick 2 --config {config} --backend rules '{QUESTION}'" in out


@pytest.mark.parametrize("pick, message", [
    ("3", "there are 2 other readings of 'Find the emails Nadia sent me', so --pick 3 names none of them; "
          "use --pick 1 or 2, or leave --pick out for the best one"),
    ("0", "so --pick 0 names none of them"),
])
def test_pick_out_of_range_says_which_numbers_exist(capsys, pick, message):
    assert main(["ask", "--pick", pick, QUESTION], generate=cli_generate()) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1


def test_pick_with_a_single_reading_says_there_is_nothing_to_pick(capsys):
    assert main(["ask", "--pick", "1", QUESTION], generate=cli_generate(sure_generation)) == 1
    assert "only one reading" in capsys.readouterr().err


def test_json_carries_confidence_reading_alternatives_and_mentions_next_to_the_graph(capsys):
    assert main(["ask", "--json", QUESTION], generate=cli_generate()) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"question", "graph", "result", "trace", "timings", "backend"} <= set(out)  # DESIGN.md's contract
    assert out["confidence"] == 0.45 and out["reading"] == "emails Nadia Foster sent you"
    assert out["picked"] is None
    assert [a["text"] for a in out["alternatives"]] == [r.text for r in READINGS[1:]]
    assert [a["confidence"] for a in out["alternatives"]] == [0.4, 0.15]
    assert out["alternatives"][0]["graph"] == READINGS[1].graph.to_json()
    assert out["graph"] == READINGS[0].graph.to_json()
    [mention] = out["mentions"]
    assert mention["text"] == "Nadia" and mention["kind"] == "person"
    assert mention["candidates"] == [[FOSTER, "nadia@fabrikam.example"], [SATO, "nadia@mail.example"]]
    assert out["result"]["count"] == 10


def test_json_with_pick_has_the_picked_graph_and_its_answer(capsys):
    assert main(["ask", "--json", "--pick", "2", QUESTION], generate=cli_generate()) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["picked"] == 2 and out["graph"] == out["alternatives"][1]["graph"]
    assert {item["message_id"] for item in out["result"]["items"]} == answer_keys(READINGS[2].graph)
    assert all(item["from"] == "alex@example.org" for item in out["result"]["items"])



def test_verbose_says_which_words_produced_which_constraint(capsys):
    assert main(["ask", "--verbose", QUESTION], generate=cli_generate()) == 0
    err = capsys.readouterr().err
    assert "reading: 'Nadia' -> p.name = \"Nadia Foster\" (2 people are called Nadia)" in err


def test_low_confidence_without_alternatives_says_so(capsys):
    def unsure():
        generation = sure_generation()
        generation.confidence = 0.3
        return generation

    assert main(["ask", QUESTION], generate=cli_generate(unsure)) == 0
    out = capsys.readouterr().out
    assert "Read as: emails Nadia Foster sent you (30% sure)\n" in out
    assert "Not sure I read this right. Check the graph above, or rephrase the question.\n" in out
    assert "--pick" not in out


def test_a_sure_reading_still_names_the_words_it_left_out(capsys):
    # the real offline reader on the demo: "urgent" has no place in a graph; the answer is Jane Doe's emails,
    # and the user is told the word was not used even though the reading is not "not sure"
    assert main(["ask", "urgent emails from Jane Doe"]) == 0
    lines = capsys.readouterr().out.splitlines()
    read = next(i for i, line in enumerate(lines) if line.startswith("Read as:"))
    assert lines[read] == "Read as: emails from Jane Doe"
    assert lines[read + 1] == "Note: left out 'urgent': not understood"
    assert not any("Not sure" in line for line in lines)
