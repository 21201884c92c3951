"""reader/rules/prefilter.py: the words a pattern needs, and that skipping a pattern never changes what it would do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from queryweaver.llm import coverage
from queryweaver.reader.rules.prefilter import LazyPattern, fold, required_words
from queryweaver.reader.rules.rewrites import _COMPILED
from queryweaver.reader.understand import paraphrase

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("pattern, needs", [
    (r"\bsubject:\s*", [{"subject"}]),
    (r"\b(?:have|has) (?:written|mailed)\b", [{"have", "has"}, {"written", "mailed"}]),  # each must be met
    (r"^(from|to) me", [{"from", "to"}, {"me"}]),
    (r"\bemails?\b", [{"email"}]),                                      # an optional letter ends the run
    (r"\bab+c", [{"ab"}, {"c"}]),                                        # so does a repeated one
    (r"(?:the )?meeting", [{"meeting"}]),                                # an optional group needs nothing
    (r"(?<!what )(?=is)\bwhere", [{"where"}]),                           # lookarounds need nothing
    (r"(?P<verb>sent|got)\b", [{"sent", "got"}]),
    (r"(?:at home|in (?:the )?office)", [{"home", "office"}]),           # a branch gives its best group
    (r"(?-i:([A-Z]\w*))['’]", None),                                   # nothing literal is required
    (r"a|b?", None),                                                   # a branch that needs nothing
    (r"[a-z]+ing", [{"ing"}]),                                          # letters in a class are not literal
    (r"\x41bc", None),                                                 # escapes that are not modelled
    (r"(a)\1", None),
    (r"(?x) a b", None),                                               # verbose mode
    (r"x{0,2}yz", [{"yz"}]),
    (r"(?:abc){2,}", [{"abc"}]),
    (r"(?:abc){0,2}d", [{"d"}]),
    (r"on (?:on|in) on", [{"on"}, {"on", "in"}]),                        # a group met twice is kept once
])
def test_required_words(pattern, needs):
    assert required_words(pattern) == (tuple(map(frozenset, needs)) if needs is not None else None)


def test_every_group_must_be_met():
    pattern = LazyPattern(r"\b(?:have|has) (?:written|mailed)\b", re.IGNORECASE)
    assert pattern.may_match(fold("Who has mailed me?"))
    assert not pattern.may_match(fold("Who has sent me mail?"))  # 'has', but neither 'written' nor 'mailed'
    assert not pattern.may_match(fold("the mailed letter"))       # 'mailed', but neither 'have' nor 'has'


def test_case_twins_are_folded_as_re_ignorecase_matches_them():
    pattern = LazyPattern(r"\bkiss\b", re.IGNORECASE)
    for text in ("KISS", "\u212aiss", "ki\u017f\u017f", "k\u0130ss", "k\u0131ss"):  # Kelvin sign, long s, dotted/dotless i
        assert pattern.compiled.search(text), text
        assert pattern.may_match(fold(text)), text
    assert not pattern.may_match(fold("a question about something else"))


def test_a_skipped_pattern_is_never_compiled():
    pattern = LazyPattern(r"\bnever\s+here\b", re.IGNORECASE)
    assert pattern.sub("X", "nothing to see") == "nothing to see"
    assert pattern._compiled is None
    assert pattern.sub("X", "it was never here") == "it was X"


def _questions() -> list[str]:
    found = []
    for name in ("questions.json", "questions_corpus.json"):
        found += [q["question"] for q in json.loads((REPO / "benchmarks" / name).read_text())["questions"]]
    for path in sorted((REPO / "tests").glob("test_*.py")):
        found += re.findall(r'"([A-Z][^"\n]{8,120}\?)"', path.read_text(encoding="utf-8"))
    return found


def test_no_pattern_is_skipped_for_a_question_it_matches():
    questions = _questions()
    assert len(questions) > 500
    lazy_patterns = [lazy for lazy, *_ in _COMPILED] + [lazy for _needs, lazy in coverage._COMPILED]
    plain = [re.compile(lazy.source, lazy.flags) for lazy in lazy_patterns]
    for question in questions:
        for text in (question, question.lower(), question.upper()):
            folded = fold(text)
            for lazy, compiled in zip(lazy_patterns, plain):
                assert lazy.may_match(folded) or not compiled.search(text), (lazy.source, text)


def test_paraphrase_is_what_applying_every_rewrite_gives():
    for question in _questions()[:300]:
        body = question.rstrip(" ?.!,;")
        for lazy, replacement, _cost, _note in _COMPILED:
            new = re.compile(lazy.source, lazy.flags).sub(replacement, body)
            if new != body:
                body = " ".join(new.split())
        assert paraphrase(question).text.rstrip("?") == body, question


def test_the_table_of_required_words_is_current():
    """The table read at start-up must say what the analysis says for every built-in pattern; after changing a
    pattern, run `python -m queryweaver.reader.rules.prefilter` to write it again."""
    from queryweaver.reader.rules._prefilter_table import REQUIRED
    from queryweaver.reader.rules.prefilter import builtin_patterns, table_entry

    for source in builtin_patterns():
        assert source in REQUIRED, f"not in the table (run python -m queryweaver.reader.rules.prefilter): {source!r}"
        assert REQUIRED[source] == table_entry(required_words(source)), source
