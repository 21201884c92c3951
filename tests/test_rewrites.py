"""Every rewrite rule (queryweaver/reader/rules/rewrites.py) has an example beside it, and changes that example."""

from __future__ import annotations

import pytest

from queryweaver.reader.rules.rewrites import _COMPILED, REWRITES


@pytest.mark.parametrize("index", range(len(REWRITES)), ids=lambda index: f"rule{index}")
def test_the_rule_rewrites_its_example(index):
    pattern, *_rest, example = REWRITES[index]
    assert example.strip(), f"rule {index} ({pattern[:70]!r}...) has no example: add a question it rewrites"
    lazy, replacement, _cost, _note = _COMPILED[index]
    text = example.rstrip(" ?.!,;")  # as understand.paraphrase hands it to the rules
    # the lazy pattern as the reader runs it: a prefilter that skipped the example would fail here too
    assert lazy.sub(replacement, text) != text, f"rule {index} ({pattern[:70]!r}...) no longer rewrites {example!r}"
