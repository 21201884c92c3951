"""What the learned reader sees of a question: its tokens with the things it names masked, and those values.

A question arrives here already grounded (``queryweaver.reader.understand`` writes each mention as a typed literal,
``⟦person|Jane Doe⟧``) and spell-checked. ``View.of`` reads it into *tokens* -- ``(kind, low, text, extra)``,
kind one of word, date, person, email, place, title, file, filename, folder, site, ext, quote, num, punct --
and *values*, the things the question states that a graph can filter on, each with its token position:

    "emails from ⟦person|Jane Doe⟧ with pdfs before March"
    tokens: word emails, word from, person Jane Doe, word with, word pdfs, date "before march" (op <, value March)
    values: person "Jane Doe" @2, ext "pdf" @4, date "March" (<) @5

The shape model reads the tokens with the values masked (``shape_features``: "emails from <person> with
pdfs <date>"), so it learns how people ask, not whom they ask about; the value models read the words around
each value (``value_features``) to tell a value the question asks about from one a scene-setting sentence
mentions, and a sender from a recipient.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

__all__ = ["View", "Token", "Value", "date_op_features", "shape_features", "value_features"]


class Token(NamedTuple):
    kind: str
    low: str
    text: str
    extra: str = ""  # a date's operator; "topic" for a word the data's subjects use and the parser does not


class Value(NamedTuple):
    kind: str   # person, email, place, title, file, filename, folder, site, ext, quote, date, topic
    field: str  # the graph field it filters (name, email_address, url, extension, value; "" for quote/topic)
    text: str
    op: str     # a date's operator as the date grammar read it (=, <, >); "" otherwise
    at: int     # its first token


_QUOTED_MENTION = re.compile(r"[\"“‘]([^\"”’⟦]*⟦[^⟧]+⟧[^\"”’⟦]*)[\"”’]")
_ARROWS = {"<->": "↔", "->": "→", "=>": "→", "<-": "←"}  # typed arrows, read as the arrows they draw


def _arrow(toks: list, k: int) -> tuple[str, int]:
    """The arrow that punctuation tokens from ``k`` on spell ("-", ">" -> "→"), and how many tokens it takes."""
    for spelled, arrow in _ARROWS.items():
        marks = toks[k:k + len(spelled)]
        if len(marks) == len(spelled) and all(t.kind == "punct" for t in marks) \
                and "".join(t.low for t in marks) == spelled:
            return arrow, len(spelled)
    return "", 1


_SAID_PUNCT = frozenset("?@&#")  # marks read as words (math and other symbols are, by their Unicode category)
_MASK = {"person": "<person>", "email": "<person>", "file": "<file>", "filename": "<file>", "date": "<date>"}


@dataclass
class View:
    tokens: list[Token]
    values: list[Value] = field(default_factory=list)

    @classmethod
    def of(cls, rendered: str, is_topic: Callable[[str], bool] = lambda word: False) -> "View":
        """``rendered``: the grounded, spell-checked question; ``is_topic``: whether a word is one of the data's
        subject words the parser has no use for (a run of them is one topic value, masked ``<topic>``)."""
        from .rules.parser import _FILE_HEADS, _NOUN_EXTENSIONS, EXTENSION_WORDS, _dotted_kind, find_dates, tokenize

        # a quoted span holding something the data names is read as what it says ('Under "From: ⟦person|Jane⟧"')
        rendered = _QUOTED_MENTION.sub(r"\1", rendered)
        toks = tokenize(rendered)
        dates = {start: (end, op, value) for start, end, op, value in find_dates(rendered)}
        tokens: list[Token] = []
        k = 0
        while k < len(toks):
            if k in dates:
                end, op, value = dates[k]
                tokens.append(Token("date", " ".join(t.low for t in toks[k:end]), value, op))
                k = end
                continue
            t = toks[k]
            k += 1
            if t.kind == "entity":
                tokens.append(Token(t.etype, t.low, t.text))
            elif t.kind == "email":
                tokens.append(Token("email", t.low, t.text))
            elif t.kind == "url" or t.kind == "dotted" and _dotted_kind(t) == "url":
                tokens.append(Token("site", t.low, t.text))
            elif t.kind == "dotted":
                tokens.append(Token("filename", t.low, t.text))
            elif t.kind in ("ext", "quote", "num"):
                tokens.append(Token(t.kind, t.low, t.text))
            elif t.kind in ("word", "clitic"):
                tokens.append(Token("word", t.low, t.text, "topic" if is_topic(t.low) else ""))
            else:
                arrow, length = _arrow(toks, k - 1)
                if arrow and not any(j in dates for j in range(k, k - 1 + length)):
                    tokens.append(Token("punct", arrow, "".join(x.text for x in toks[k - 1:k - 1 + length])))
                    k += length - 1
                else:
                    tokens.append(Token("punct", t.low, t.text))
        view = cls(tokens)
        i, n = 0, len(tokens)
        while i < n:
            kind, low, text, extra = tokens[i]
            if kind == "word" and extra == "topic":
                j = i
                while j < n and tokens[j].kind == "word" and tokens[j].extra == "topic":
                    j += 1
                view.values.append(Value("topic", "", " ".join(t.text for t in tokens[i:j]), "", i))
                i = j
                continue
            if kind == "word" and (low in _NOUN_EXTENSIONS or low in EXTENSION_WORDS and i + 1 < n
                                   and tokens[i + 1].low in _FILE_HEADS):
                # "PDFs", "spreadsheets"; "word documents", "txt files" (not the word "word" alone)
                view.values.append(Value("ext", "extension", _NOUN_EXTENSIONS.get(low) or EXTENSION_WORDS[low], "", i))
            elif kind in ("person", "place", "title", "file", "filename", "folder"):
                view.values.append(Value(kind, "name", text, "", i))
            elif kind == "email":
                view.values.append(Value(kind, "email_address", text, "", i))
            elif kind == "site":
                view.values.append(Value(kind, "url", text, "", i))
            elif kind == "ext":
                view.values.append(Value(kind, "extension", low.lstrip("."), "", i))
            elif kind == "quote":
                view.values.append(Value(kind, "", text, "", i))
            elif kind == "date":
                view.values.append(Value(kind, "value", text, extra, i))
            i += 1
        return view

    def words(self) -> list[str]:
        """The tokens as the shape model reads them: values masked, punctuation left out but for the marks that
        stand for a word ("?", "@", "&", "#") and symbols ("→", "<", "=", emoji): "# events @ P", "mail → P"."""
        out = []
        for kind, low, _text, extra in self.tokens:
            if kind == "word":
                out.append("<topic>" if extra == "topic" else low)
            elif kind == "num":
                out.append("first" if low == "1st" else "<num>")
            elif kind == "punct":
                if low in _SAID_PUNCT or unicodedata.category(low[:1]) in ("Sm", "So", "Sc"):
                    out.append(low)
            else:
                out.append(_MASK.get(kind, f"<{kind}>"))
        return out

    def wording(self) -> str:
        """The question's words as one string, values masked and end marks left out ("emails from <person>"):
        how the bank of labelled questions is looked up for one worded the same (``LearnedReader.doubts``)."""
        return " ".join(w for w in self.words() if w not in _END_MARKS)


_END_MARKS = frozenset("?!.")


def shape_features(view: View) -> set[str]:
    """Words, word pairs (with the question's start), and the 4-letter pieces of longer words (so a typo still
    shares most of its features with the word meant)."""
    words = view.words()
    padded_words = ["^"] + words
    out = set(words)
    out.update(f"{a} {b}" for a, b in zip(padded_words, padded_words[1:]))
    for w in words:
        if len(w) > 3 and not w.startswith("<"):
            padded = f"[{w}]"
            out.update("#" + padded[i:i + 4] for i in range(len(padded) - 3))
    return out


_ENDS = (".", "?", "!", ";")


def value_features(view: View, k: int) -> set[str]:
    """The surroundings of value ``k``: its kind, the three words either side, its rank among values of its
    kind and whether another value repeats it, and which sentence of how many it stands in."""
    value = view.values[k]
    toks = view.tokens
    i = value.at
    lows = [t.low if t.kind == "word" else f"<{t.kind}>" for t in toks]
    out = {f"kind={value.kind}"}
    for d in (1, 2, 3):
        if i - d >= 0:
            out.add(f"p{d}={lows[i - d]}")
            out.add(f"p*={lows[i - d]}")
        else:
            out.add(f"p{d}=^")
        if i + d < len(lows):
            out.add(f"n{d}={lows[i + d]}")
            out.add(f"n*={lows[i + d]}")
        else:
            out.add(f"n{d}=$")
    out.add(f"p2p1={lows[i - 2] if i >= 2 else '^'} {lows[i - 1] if i >= 1 else '^'}")
    same = [v for v in view.values if v.kind == value.kind]
    texts = [v.text.lower() for v in same]
    out.add(f"rank={same.index(value)}/{len(same)}")
    out.add(f"dup={texts.count(value.text.lower()) > 1}")
    out.add(f"first_of_dup={texts.index(value.text.lower()) == same.index(value)}")
    ends = [j for j, t in enumerate(toks) if t.kind == "punct" and t.low in _ENDS]
    sentence = sum(1 for j in ends if j < i)
    sentences = len([j for j in ends if j < len(toks) - 1]) + 1
    out.add(f"sent={min(sentence, 3)}/{min(sentences, 4)}")
    out.add(f"lastsent={sentence == sentences - 1}")
    first_q = next((j for j in ends if toks[j].low == "?"), None)
    asking = first_q is not None and first_q >= i and all(j < i for j in ends if j < first_q)
    out.add(f"in_q_sentence={asking}")
    # whether the sentence that asks points back to something named before it ("... Which were they?")
    if sentences > 1:
        start = max([j for j in ends if j < (first_q if first_q is not None else len(toks) - 1)], default=-1) + 1
        stop = first_q if first_q is not None else len(toks)
        back = any(t.kind == "word" and t.low in _BACK for t in toks[start:stop])
        out.add(f"back={back}/{asking}")
    return out


def date_op_features(view: View, k: int) -> set[str]:
    """The words in and around date value ``k`` (three tokens before, one after), in one namespace, and the word
    that opens it, inside or just before the date: whether a date is a point, a "before" or an "after" is said
    by a word the date grammar may or may not have taken into the date ("older than Mon 13 Oct", "*before* the
    end of H1", "afore Easter") -- the date's own operator is left out, so the model hears the words, not the
    grammar -- and by the first of them more than by the rest ("before the last Friday in September" is a
    "before", though "the last Friday in September" is a day)."""
    value = view.values[k]
    toks = view.tokens
    i = value.at
    out = set()
    if toks[i].kind == "date":
        words = toks[i].low.split()
        out.update(f"w={w}" for w in words)
        out.add(f"d0={words[0]}")
    for d in (1, 2, 3):
        if i - d >= 0:
            t = toks[i - d]
            low = t.low if t.kind in ("word", "punct") else f"<{t.kind}>"
            out.add(f"w={low}")
            if d <= 2:
                out.add(f"p{d}={low}")
            if d == 1:
                out.add(f"d0={low}")
    if i + 1 < len(toks):
        t = toks[i + 1]
        out.add(f"n1={t.low if t.kind in ('word', 'punct') else '<' + t.kind + '>'}")
    else:
        out.add("n1=$")
    return out


_BACK = frozenset({"they", "them", "their", "theirs", "those", "these", "it", "its", "that", "he", "she", "him",
                   "her", "his", "ones", "there"})
