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

# Under re.IGNORECASE these non-ASCII letters match ASCII ones (the re docs list them); folding them first keeps
# "the text holds none of the words" true whenever the pattern cannot match.
_CASE_TWINS = str.maketrans({"İ": "i", "ı": "i", "ſ": "s", "K": "k"})
_REPEAT = re.compile(r"\{(\d*)(?:,(\d*))?\}")
_FLAGS = re.compile(r"\(\?([aiLmsux]*)(?:-([imsx]+))?([:)])")


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


class _Unsure(Exception):
    """The pattern uses something the analysis does not model."""


def required_words(pattern: str) -> frozenset[str] | None:
    """Lower-case ASCII words, at least one of which is in every match of ``pattern``; None when unknown.

    A letter run that every match must contain counts (outside character classes, not made optional by a
    quantifier); an alternation needs one word from each branch; an optional group or a lookaround needs
    nothing. Of the requirements found along a sequence the one with the longest shortest word is kept.
    """
    try:
        needs, end = _alternation(pattern, 0)
    except (_Unsure, IndexError):
        return None
    return needs if end == len(pattern) else None


def _alternation(p: str, i: int) -> tuple[frozenset[str] | None, int]:
    branches = []
    while True:
        needs, i = _sequence(p, i)
        branches.append(needs)
        if i < len(p) and p[i] == "|":
            i += 1
            continue
        break
    if any(needs is None for needs in branches):
        return None, i
    return frozenset().union(*branches), i


def _sequence(p: str, i: int) -> tuple[frozenset[str] | None, int]:
    found: list[frozenset[str]] = []
    run = ""

    def flush() -> None:
        nonlocal run
        if run:
            found.append(frozenset({run}))
            run = ""

    n = len(p)
    while i < n and p[i] not in "|)":
        c = p[i]
        if c == "\\":
            escaped = p[i + 1]
            flush()
            if escaped.isalnum() and escaped not in "dswDSWbBAZ":
                raise _Unsure(p)  # back-references, \x.., \u...., \N{...}, octal: not modelled
            i, _repeat, _optional = _quantifier(p, i + 2)
        elif c == "[":
            flush()
            i, _repeat, _optional = _quantifier(p, _class_end(p, i))
        elif c == "(":
            flush()
            inner, counts = _group_start(p, i)
            if inner is None:  # a global flag group such as (?i): matches nothing
                i = counts
                continue
            needs, i = _alternation(p, inner)
            if p[i] != ")":
                raise _Unsure(p)
            i, _repeat, optional = _quantifier(p, i + 1)
            if needs is not None and counts and not optional:
                found.append(needs)
        elif c in "*+?{":
            raise _Unsure(p)  # a quantifier with nothing before it
        else:
            i, repeat, optional = _quantifier(p, i + 1)
            if c.isascii() and c.isalpha() and not optional:
                run += c.lower()
                if repeat:
                    flush()  # "ab+c" matches "abbc": "ab" is required, "abc" is not
            else:
                flush()
    flush()
    if not found:
        return None, i
    return max(found, key=lambda words: (min(map(len, words)), -len(words))), i


def _group_start(p: str, i: int) -> tuple[int | None, int | bool]:
    """Where a group's content starts and whether its content must match; (None, end) for a flag group."""
    if not p.startswith("(?", i):
        return i + 1, True
    if p.startswith(("(?:",), i):
        return i + 3, True
    if p.startswith(("(?=", "(?!"), i):
        return i + 3, False
    if p.startswith(("(?<=", "(?<!"), i):
        return i + 4, False
    if p.startswith("(?P<", i):
        return p.index(">", i) + 1, True
    flags = _FLAGS.match(p, i)
    if flags is None or "x" in (flags.group(1) + (flags.group(2) or "")):
        raise _Unsure(p)  # (?P=name), (?(1)...), comments, verbose mode
    if flags.group(3) == ")":
        return None, flags.end()
    return flags.end(), True


def _class_end(p: str, i: int) -> int:
    """The index after the character class starting at ``i``."""
    j = i + 1
    if p[j] == "^":
        j += 1
    if p[j] == "]":
        j += 1
    while p[j] != "]":
        j += 2 if p[j] == "\\" else 1
    return j + 1


def _quantifier(p: str, i: int) -> tuple[int, bool, bool]:
    """(index after any quantifier at ``i``, whether there is one, whether it allows zero repeats)."""
    if i >= len(p) or p[i] not in "*+?{":
        return i, False, False
    if p[i] == "{":
        repeat = _REPEAT.match(p, i)
        if repeat is None:
            raise _Unsure(p)  # a literal brace: not modelled
        low = repeat.group(1)
        optional, i = not low or int(low) == 0, repeat.end()
    else:
        optional, i = p[i] in "*?", i + 1
    if i < len(p) and p[i] in "?+":  # lazy or possessive
        i += 1
    return i, True, optional
