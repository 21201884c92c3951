"""Regular expressions compiled only for texts they might match.

The offline reader keeps a few hundred rewrite patterns; compiling them all costs more than the rest of a
question's start-up. A ``LazyPattern`` works out, from the pattern's source and without compiling it, a set of
words at least one of which every match contains (``required_words``). A text holding none of them cannot
match, so the pattern is skipped without ever being compiled; otherwise it is compiled once and used as usual.
The analysis is conservative: anything it does not fully understand (verbose mode, back-references,
conditionals, numeric escapes) gives ``None``, "might match anything", and the pattern is always tried.
"""

from __future__ import annotations

import re
from typing import Iterator

# Under re.IGNORECASE these non-ASCII letters match ASCII ones (the re docs list them); folding them first keeps
# "the text holds none of the words" true whenever the pattern cannot match.
_CASE_TWINS = str.maketrans({"İ": "i", "ı": "i", "ſ": "s", "K": "k"})


def fold(text: str) -> str:
    """The text as ``LazyPattern.may_match`` compares it: lower case, with re's case twins made ASCII."""
    return text.translate(_CASE_TWINS).lower()


class LazyPattern:
    """``re.compile(source, flags)``, compiled on first use and skipped for texts without a required word."""

    __slots__ = ("source", "flags", "needs", "_compiled")

    def __init__(self, source: str, flags: int = 0):
        self.source = source
        self.flags = flags
        self.needs = None if flags & re.VERBOSE else required_words(source)
        self._compiled: re.Pattern | None = None

    def may_match(self, folded: str) -> bool:
        """False only when no match is possible in the text whose ``fold`` is ``folded``."""
        return self.needs is None or any(word in folded for word in self.needs)

    @property
    def compiled(self) -> re.Pattern:
        if self._compiled is None:
            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def sub(self, replacement, text: str, folded: str | None = None) -> str:
        """``re.sub`` of the compiled pattern; the text itself when it cannot match (nothing compiled)."""
        if not self.may_match(fold(text) if folded is None else folded):
            return text
        return self.compiled.sub(replacement, text)

    def search(self, text: str, folded: str | None = None) -> re.Match | None:
        if not self.may_match(fold(text) if folded is None else folded):
            return None
        return self.compiled.search(text)

    def finditer(self, text: str, folded: str | None = None) -> Iterator[re.Match]:
        if not self.may_match(fold(text) if folded is None else folded):
            return iter(())
        return self.compiled.finditer(text)


class _Unsure(Exception):
    """The pattern uses something the analysis does not model."""


# A pattern's pieces, read without the re parser: escapes, classes, group openers, quantifiers, letter runs.
_TOKEN = re.compile(r"""
    (?P<escape>\\.)
  | (?P<cls>\[\^?\]?(?:\\.|[^\]\\])*\])
  | (?P<open>\((?:\?(?::|=|!|<=|<!|P<\w+>|[aiLmsux]*(?:-[imsx]+)?[:)]))?)
  | (?P<close>\))
  | (?P<bar>\|)
  | (?P<quant>(?:[*+?]|\{\d*(?:,\d*)?\})[?+]?)
  | (?P<word>[A-Za-z]+)
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)


def required_words(pattern: str) -> frozenset[str] | None:
    """Lower-case ASCII words, at least one of which is in every match of ``pattern``; None when unknown.

    A letter run that every match must contain counts (outside character classes, not made optional by a
    quantifier); an alternation needs one word from each branch; an optional group or a lookaround needs
    nothing. Of the requirements found along a sequence the one with the longest shortest word is kept.
    """
    tokens = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(pattern)]
    try:
        needs, end = _alternation(tokens, 0)
    except _Unsure:
        return None
    return needs if end == len(tokens) else None


def _alternation(tokens: list[tuple[str, str]], i: int) -> tuple[frozenset[str] | None, int]:
    branches = []
    while True:
        needs, i = _sequence(tokens, i)
        branches.append(needs)
        if i < len(tokens) and tokens[i][0] == "bar":
            i += 1
            continue
        break
    if len(branches) == 1:
        return branches[0], i
    if any(needs is None for needs in branches):
        return None, i
    return frozenset().union(*branches), i


def _sequence(tokens: list[tuple[str, str]], i: int) -> tuple[frozenset[str] | None, int]:
    best: frozenset[str] | None = None
    best_key = (0, 0)  # (shortest word, -number of words): longer words, fewer of them, filter better
    run = ""
    n = len(tokens)
    while i < n and tokens[i][0] not in ("bar", "close"):
        kind, text = tokens[i]
        i += 1
        quantifier = tokens[i][1] if i < n and tokens[i][0] == "quant" else ""
        if quantifier:
            i += 1
        optional = quantifier[:1] in ("*", "?") or quantifier.startswith(("{}", "{,", "{0"))
        if kind == "word":
            if not quantifier:
                run += text.lower()
                continue
            run += text[:-1].lower() if optional else text.lower()  # the quantifier repeats the last letter
        elif kind == "open":
            if run and (len(run), -1) > best_key:
                best, best_key = frozenset({run}), (len(run), -1)
            run = ""
            if text == "(" and quantifier:
                raise _Unsure  # "(?" of an extension not modelled ((?P=name), (?#...), (?(1)...))
            if "x" in text and not text.startswith("(?P<"):
                raise _Unsure  # verbose mode changes what a space means
            if text.endswith(")"):  # a global flag group such as (?i): matches nothing
                continue
            needs, i = _alternation(tokens, i)
            if i >= n or tokens[i][0] != "close":
                raise _Unsure
            i += 1
            quantifier = tokens[i][1] if i < n and tokens[i][0] == "quant" else ""
            if quantifier:
                i += 1
            optional = quantifier[:1] in ("*", "?") or quantifier.startswith(("{}", "{,", "{0"))
            lookaround = text in ("(?=", "(?!", "(?<=", "(?<!")
            if needs is not None and not optional and not lookaround:
                key = (min(map(len, needs)), -len(needs))
                if key > best_key:
                    best, best_key = needs, key
            continue
        elif kind == "escape" and text[1].isalnum() and text[1] not in "dswDSWbBAZ":
            raise _Unsure  # back-references, \x.., \u...., \N{...}, octal: not modelled
        elif kind == "quant":
            raise _Unsure  # a quantifier with nothing before it
        if run and (len(run), -1) > best_key:
            best, best_key = frozenset({run}), (len(run), -1)
        run = ""
    if run and (len(run), -1) > best_key:
        best = frozenset({run})
    return best, i
