"""Grounding: what the user's own data names, and where a question mentions it.

While indexing, each connector adds what its data names to a ``Lexicon``: people (addresses and the
display names seen for them), the user's own names and addresses, event locations and titles, file and
folder names, web domains, subject words. ``ground(question, lexicon)`` finds the spans of a question that
name those things, case-insensitively and tolerant of possessives and small typos, and returns typed
``Mention``s. Every question parser (the offline one and the LLM path) reads these mentions, so "jane doe",
"Jane's" and "Jnae Doe" all become the person Jane Doe, and the user's own name becomes Self.

The lexicon never leaves the machine; only the mentions found in a question may go into an LLM prompt.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable
from urllib.parse import urlsplit

from .. import regex_cache

__all__ = ["LEXICON_VERSION", "Lexicon", "LexiconKind", "LexiconRow", "Mention", "MentionKind", "edit_distance",
           "ground", "knows_person", "people_like", "subject_words", "unknown_values", "url_domain"]

# Bump when what a connector stores in its index's ``lexicon`` table changes: stored lexicons are then rebuilt.
LEXICON_VERSION = "1"

LexiconRow = tuple[str, str, str, int]   # (kind, value, extra, count), as an index's lexicon table holds them


class LexiconKind:
    """The kinds of stored lexicon rows. ``PERSON`` rows: value = lower-cased address, extra = a display name
    seen for it ('' = none), count = how often that pair was seen. Other kinds: value = the text, extra ''.

    The user's own addresses are stored as people too, so a stored lexicon does not depend on ``[self]``;
    ``Lexicon.add_rows`` and ``Lexicon.settle_self`` turn them into Self's names when read.
    """

    PERSON = "person"
    PLACE = "place"
    EVENT_TITLE = "event_title"
    FILE = "file"
    FOLDER = "folder"
    DOMAIN = "domain"
    SUBJECT_WORD = "subject_word"


_FIELDS = {LexiconKind.PLACE: "places", LexiconKind.EVENT_TITLE: "event_titles", LexiconKind.FILE: "file_names",
           LexiconKind.FOLDER: "folders", LexiconKind.DOMAIN: "domains", LexiconKind.SUBJECT_WORD: "subject_words"}

_WORD = regex_cache.compile(r"[^\W\d_]{3,}")
# words of 3+ letters too common in subjects to name anything
SUBJECT_STOP_WORDS = frozenset("""
the and for with from your you our are was were this that these those about into onto over under fwd
not but all any can will has have had new out off get got how what when who why its per via just now
then than them they their there here been also some more most very please thanks thank hello
""".split())


def subject_words(subject: str) -> set[str]:
    """The lower-cased words of 3+ letters of a subject, minus ``SUBJECT_STOP_WORDS`` (each once)."""
    return {w for w in _WORD.findall(subject.casefold()) if w not in SUBJECT_STOP_WORDS}


# a URL urlsplit needs no help with: http(s):// or nothing, a plain host (no user, port or brackets), printable ASCII
_PLAIN_URL = re.compile(r"((?:https?://)?)([A-Za-z0-9.-]*)(?:[/?#][!-~]*)?", re.ASCII | re.IGNORECASE)


def url_domain(url: str) -> str | None:
    """'https://www.GitHub.com/x' -> 'github.com' (host lower-cased, without 'www.'); None when there is none."""
    text = url.strip()
    plain = _PLAIN_URL.fullmatch(text)
    # without a scheme a later '://' makes urlsplit see no host at all: that case takes the long way
    if plain is not None and (plain.group(1) or "://" not in text):
        host = plain.group(2).lower().rstrip(".").removeprefix("www.")  # what urlsplit's .hostname gives here
        return host if "." in host else None
    return urlsplit_domain(text)


def urlsplit_domain(text: str) -> str | None:
    """``url_domain`` the long way, through urlsplit: for every URL that is not a plain one."""
    text = text.strip()
    try:
        host = urlsplit(text if "://" in text else "http://" + text).hostname
    except ValueError:
        return None
    host = (host or "").rstrip(".").removeprefix("www.")
    return host if "." in host else None


class MentionKind:
    """What a mention names (plain strings so they go straight into JSON)."""

    PERSON = "person"          # value: the person's canonical name (or address when no name is known)
    SELF = "self"              # the user's own name or address
    PLACE = "place"            # value: the location text as the calendar writes it
    EVENT_TITLE = "event_title"  # value: the words of event titles the span matched ("planning session")
    FILE = "file"              # value: a file name ("budget.xlsx")
    EXTENSION = "extension"    # value: an extension without the dot ("xlsx")
    FOLDER = "folder"          # value: a folder's name
    DOMAIN = "domain"          # value: a web domain ("github.com")
    SUBJECT = "subject"        # value: subject words
    DATE = "date"              # value: the date expression as written


@dataclass
class Lexicon:
    """What the user's data names. Keys are as seen in the data; lookups lower-case them.

    ``people`` maps a lower-cased address to the display names seen for it with their counts (the most
    frequent is the person's name, as DESIGN.md says). Counts elsewhere are how many items carry the text.
    """

    self_names: set[str] = field(default_factory=set)
    self_addresses: set[str] = field(default_factory=set)
    people: dict[str, Counter] = field(default_factory=dict)
    places: Counter = field(default_factory=Counter)
    event_titles: Counter = field(default_factory=Counter)
    file_names: Counter = field(default_factory=Counter)
    folders: Counter = field(default_factory=Counter)
    domains: Counter = field(default_factory=Counter)
    subject_words: Counter = field(default_factory=Counter)

    def add_person(self, address: str, name: str | None = None, count: int = 1) -> None:
        address = (address or "").strip().lower()
        if not address:
            return
        names = self.people.setdefault(address, Counter())
        if name and name.strip() and name.strip().lower() != address:
            names[" ".join(name.split())] += count

    def merge(self, other: "Lexicon") -> None:
        self.self_names |= other.self_names
        self.self_addresses |= other.self_addresses
        for address, names in other.people.items():
            self.people.setdefault(address, Counter()).update(names)
        for name in ("places", "event_titles", "file_names", "folders", "domains", "subject_words"):
            getattr(self, name).update(getattr(other, name))

    def add_rows(self, rows: Iterable[LexiconRow]) -> None:
        """Add stored lexicon rows; people at one of ``self_addresses`` give Self their names instead."""
        counters = {kind: getattr(self, name) for kind, name in _FIELDS.items()}
        people, mine = self.people, self.self_addresses
        for kind, value, extra, count in rows:  # thousands of rows before every question: kept lean
            if kind == LexiconKind.PERSON:
                name = " ".join(extra.split()) if extra else ""
                if value in mine:
                    if name:
                        self.self_names.add(name)
                    continue
                names = people.get(value)
                if names is None:
                    names = people[value] = Counter()
                if name and name.lower() != value:
                    names[name] += count
            else:
                counter = counters.get(kind)
                if counter is not None:
                    counter[value] += count

    def settle_self(self) -> None:
        """Move people at the user's own addresses (known only once every source has spoken) into Self."""
        for address in self.self_addresses & self.people.keys():
            self.self_names.update(self.people.pop(address))

    def person_name(self, address: str) -> str | None:
        """The name seen most often; ties go to the longer, then the alphabetically first (as mailstore names)."""
        names = self.people.get(address.lower())
        return min(names.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))[0] if names else None

    def __len__(self) -> int:
        return (len(self.people) + len(self.places) + len(self.event_titles) + len(self.file_names)
                + len(self.folders) + len(self.domains) + len(self.subject_words))


@dataclass
class Mention:
    """A span of the question that names something in the data (or the user).

    ``start``/``end`` are character offsets into the question; ``text`` the span as written; ``value`` the
    canonical value a filter should use; ``candidates`` the other things the span could name when it is
    ambiguous ("Chen" -> two people), each a (value, detail) pair; ``count`` how many items carry it;
    ``exact`` False when the match needed a typo correction or a partial name.
    """

    start: int
    end: int
    text: str
    kind: str
    value: str
    count: int = 0
    exact: bool = True
    candidates: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text, "kind": self.kind, "value": self.value,
                "count": self.count, "exact": self.exact, "candidates": [list(c) for c in self.candidates]}


# ------------------------------------------------------------------------------------------- matching

# Words that are never a mention on their own, even when some name or title contains them: the words a
# question is built from. (A capitalised "May" or "Will" can still be a name; see _COMMON_NAMES.)
_QUESTION_WORDS = frozenset("""
a about after all also am an and any anyone anything are as ask at attached attachment attachments be been
before between by can could day days did do document documents does each earlier email emails event
events every everything file files find first folder folder folders for from get give had has have hear
heard her hers him his how i in into is it its last latest link links list mail mails many me meet meeting
meetings message messages met month months more most my myself new newest next no not of old oldest on one
or our out people person please prior recent sent send show since so some than that the their them then
there these they this those to today up us was we week weeks were what when where which who whom whose
why will with within would year years yesterday you your
""".split())
# Given names that are also ordinary words: matched only when written with a capital letter.
_COMMON_NAMES = frozenset("""
may will mark bill grant rose chase drew faith hope joy june april august pat sue ray art bob jack frank
rich gene dawn summer autumn gail mike nick sandy penny ruby amber crystal jade iris lily violet page
""".split())

_QUESTION_TOKEN = regex_cache.compile(r"[\w@.+’'-]+", re.UNICODE)
_TLD = regex_cache.compile(r"\.[a-z]{2,}$")


@dataclass
class _Token:
    text: str
    low: str       # lower-cased, possessive and edge punctuation removed
    start: int
    end: int       # end of the span that counts (without a possessive 's)
    capital: bool


def _tokens(question: str) -> list[_Token]:
    out = []
    for m in _QUESTION_TOKEN.finditer(question):
        raw = m.group()
        start, end = m.start(), m.end()
        while raw and raw[-1] in ".-'’":  # sentence punctuation, not part of a name ("Doe." "Jane's")
            raw, end = raw[:-1], end - 1
        for suffix in ("'s", "’s"):
            if raw.lower().endswith(suffix) and len(raw) > 2:
                raw, end = raw[:-2], end - 2
        while raw and raw[0] in ".-'’":
            raw, start = raw[1:], start + 1
        if raw:
            out.append(_Token(raw, raw.lower().replace("’", "'"), start, end, raw[:1].isupper()))
    return out


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def edit_distance(a: str, b: str, limit: int = 2) -> int:
    """Damerau-Levenshtein distance (adjacent transpositions count 1), cut off above ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def typo_limit(word: str) -> int:
    """How many edits a word of this length may carry and still be recognised (none below 4 letters)."""
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


class FuzzyWords:
    """Words found again despite one typo (symmetric delete index, as in SymSpell): cheap for thousands."""

    def __init__(self, words):
        self.words = set(words)
        self._index: dict[str, set[str]] = {}
        for w in self.words:
            if len(w) >= 4:
                for key in _deletes(w) | {w}:
                    self._index.setdefault(key, set()).add(w)

    def lookup(self, word: str) -> list[str]:
        """The known words closest to ``word`` (itself when known), nearest first; [] when none is close."""
        if word in self.words:
            return [word]
        limit = typo_limit(word)
        if not limit:
            return []
        found = set()
        for key in _deletes(word) | {word}:
            found |= self._index.get(key, set())
        scored = sorted((edit_distance(word, w, limit), w) for w in found)
        scored = [(d, w) for d, w in scored if d <= limit]
        return [w for d, w in scored if d == scored[0][0]] if scored else []


class Grounder:
    """Lookup tables over one lexicon, built once; ``ground(question)`` finds its mentions."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        self.full: dict[str, set[str]] = {}       # "jane doe" / "doe jane" -> addresses
        self.parts: dict[str, set[str]] = {}      # "jane", "doe" -> addresses
        self.self_full: set[str] = set()
        self.self_parts: set[str] = set()
        for address, names in lexicon.people.items():
            if address in lexicon.self_addresses:
                continue
            for name in names:
                words = _name_words(name)
                if not words:
                    continue
                self.full.setdefault(" ".join(words), set()).add(address)
                if len(words) >= 2:
                    self.full.setdefault(" ".join(words[1:] + words[:1]), set()).add(address)
                for w in words:
                    if len(w) >= 2:
                        self.parts.setdefault(w, set()).add(address)
        for name in lexicon.self_names:
            words = _name_words(name)
            if words:
                self.self_full.add(" ".join(words))
                if len(words) >= 2:
                    self.self_full.add(" ".join(words[1:] + words[:1]))
        self.fuzzy_parts = FuzzyWords(self.parts)
        self.places: dict[str, str] = {}
        for place in lexicon.places:
            self.places.setdefault(" ".join(_plain_words(place)), place)
            for part in place.split(","):
                key = " ".join(_plain_words(part))
                if key and key not in _QUESTION_WORDS:
                    self.places.setdefault(key, part.strip())
        self.places_by_size: dict[int, list[str]] = {}
        for key in self.places:
            self.places_by_size.setdefault(len(key.split()), []).append(key)
        self.title_words: Counter = Counter()
        self.titles: list[tuple[str, str]] = []   # (plain lower title, title)
        for title, count in lexicon.event_titles.items():
            plain = " ".join(_plain_words(title))
            self.titles.append((f" {plain} ", title))
            for w in set(plain.split()):
                self.title_words[w] += count
        self.files = {name.lower(): name for name in lexicon.file_names}
        self.spaced_files = sorted(((low, name) for low, name in self.files.items() if " " in low),
                                   key=lambda pair: -len(pair[0]))
        self.domains = {d.lower().removeprefix("www."): d for d in lexicon.domains}
        self.folders = {name.lower(): name for name in lexicon.folders}
        # a domain's first label, said before "links" ("dropbox links"), when no other domain shares it
        stems: dict[str, list[str]] = {}
        for low in self.domains:
            stem = low.split(".", 1)[0]
            if len(stem) >= 3 and stem.isalnum():
                stems.setdefault(stem, []).append(low)
        self.domain_stems = {stem: found[0] for stem, found in stems.items() if len(found) == 1}

    # -- the people side -----------------------------------------------------------------------
    def person(self, address: str) -> str:
        return self.lexicon.person_name(address) or address

    def ground(self, question: str) -> list[Mention]:
        toks = _tokens(question)
        mentions: list[Mention] = []
        # quoted text is the user's own literal ("hiring plan" in the subject): not grounded
        quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(question)]
        taken = [any(a <= t.start < b for a, b in quoted) for t in toks]

        def claim(i: int, j: int, mention: Mention) -> None:
            mentions.append(mention)
            for k in range(i, j):
                taken[k] = True

        # 1. file names with spaces ("Org_Chart (1).pdf"), found as substrings
        lowered = question.lower()
        for low_name, name in self.spaced_files:
            at = lowered.find(low_name)
            if at >= 0:
                inside = [k for k, t in enumerate(toks) if t.start >= at and t.end <= at + len(low_name)]
                if inside and not any(taken[k] for k in inside):
                    claim(inside[0], inside[-1] + 1, Mention(at, at + len(low_name), question[at:at + len(low_name)],
                                                             MentionKind.FILE, name, self.lexicon.file_names[name]))
        # 2. addresses, file names, domains: one token each
        for i, t in enumerate(toks):
            if taken[i]:
                continue
            webpage_next = i + 1 < len(toks) and toks[i + 1].low in ("link", "links", "url", "urls", "page", "pages",
                                                                     "site", "sites", "website", "websites")
            if "." in t.low and t.low in self.full and "@" not in t.low and not (
                    webpage_next and t.low.removeprefix("www.") in self.domains):
                claim(i, i + 1, self._person_mention(t.start, t.end, question[t.start:t.end], self.full[t.low], True))
            elif re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", t.low):  # an address, not "events @ the office"
                kind = MentionKind.SELF if t.low in self.lexicon.self_addresses else MentionKind.PERSON
                # the address itself is the value: the parser filters on it as written
                claim(i, i + 1, Mention(t.start, t.end, question[t.start:t.end], kind, t.low,
                                        int(t.low in self.lexicon.people)))
            elif t.low in self.files:
                claim(i, i + 1, Mention(t.start, t.end, question[t.start:t.end], MentionKind.FILE,
                                        self.files[t.low], self.lexicon.file_names[self.files[t.low]]))
            elif "." in t.low and _TLD.search(t.low) and t.low.removeprefix("www.") in self.domains:
                d = t.low.removeprefix("www.")
                claim(i, i + 1, Mention(t.start, t.end, question[t.start:t.end], MentionKind.DOMAIN, d,
                                        self.lexicon.domains[self.domains[d]]))
            elif webpage_next and t.low in self.domain_stems and _adjacent(question, toks[i:i + 2]):
                d = self.domain_stems[t.low]  # "dropbox links" = links on dropbox.com
                claim(i, i + 1, Mention(t.start, t.end, question[t.start:t.end], MentionKind.DOMAIN, d,
                                        self.lexicon.domains[self.domains[d]], exact=False))
        # 3. a folder's name right before "folder" ("the finance folder", "Work/Reports folder")
        for size in (3, 2, 1):
            for i in range(len(toks) - size):
                if any(taken[i:i + size + 1]) or toks[i + size].low not in ("folder", "directory", "dir"):
                    continue
                key = " ".join(t.low for t in toks[i:i + size])
                if key in self.folders and _adjacent(question, toks[i:i + size + 1]):
                    claim(i, i + size, Mention(toks[i].start, toks[i + size - 1].end,
                                               question[toks[i].start:toks[i + size - 1].end], MentionKind.FOLDER,
                                               self.folders[key], self.lexicon.folders[self.folders[key]]))
        # 3b. a folder's name after "in" in a question about files ("the pdfs in Documents")
        files_asked = _FILE_WORDS.search(question)
        for size in (3, 2, 1):
            for i in range(1, len(toks) - size + 1):
                if files_asked is None or files_asked.start() >= toks[i].start or any(taken[i:i + size]):
                    continue
                before = toks[i - 1].low if toks[i - 1].low not in ("my", "the") or i < 2 else toks[i - 2].low
                key = " ".join(t.low for t in toks[i:i + size])
                if before in ("in", "inside", "under", "within") and key in self.folders \
                        and _adjacent(question, toks[i - 1:i + size]):
                    claim(i, i + size, Mention(toks[i].start, toks[i + size - 1].end,
                                               question[toks[i].start:toks[i + size - 1].end], MentionKind.FOLDER,
                                               self.folders[key], self.lexicon.folders[self.folders[key]]))
        # 4. multi-word names first (longest span wins): the user's own, then people, then places
        self._names(question, toks, taken, claim, sizes=(4, 3, 2))
        # 5. event-title words: the longest run of words that occurs in some title
        self._titles(question, toks, taken, claim)
        # 6. one-word names last ("Oscar" in "Coffee with Oscar" is part of a title)
        self._names(question, toks, taken, claim, sizes=(1,))
        mentions.sort(key=lambda m: m.start)
        return mentions

    def _names(self, question, toks, taken, claim, sizes) -> None:
        for size in sizes:
            for i in range(len(toks) - size + 1):
                if any(taken[i:i + size]):
                    continue
                span = toks[i:i + size]
                if size == 2 and question[span[0].end:span[1].start].strip() == ",":
                    reversed_key = f"{span[1].low} {span[0].low}"  # "Doe, Jane"
                    if reversed_key in self.full and len(self.full[reversed_key]) == 1:
                        claim(i, i + 2, self._person_mention(span[0].start, span[1].end,
                                                             question[span[0].start:span[1].end],
                                                             self.full[reversed_key], True))
                    continue
                if not _adjacent(question, span):
                    continue
                if size == 1 and span[0].capital and _in_capitalised_run(toks, i, question):
                    continue  # part of a longer name the data does not hold ("Janet Dough"): no partial match
                mention = self._name_span(question, span)
                if mention is not None:
                    claim(i, i + size, mention)

    def _titles(self, question, toks, taken, claim) -> None:
        def hyphened(k: int) -> bool:  # "all-hands": a question word joined to the next word is part of a title
            return k + 1 < len(toks) and question[toks[k].end:toks[k + 1].start] == "-"

        i = 0
        while i < len(toks):
            if taken[i] or (toks[i].low in _QUESTION_WORDS and not hyphened(i)) or toks[i].low not in self.title_words:
                i += 1
                continue
            j = i + 1
            while j < len(toks) and not taken[j] and toks[j].low in self.title_words \
                    and _title_gap(question[toks[j - 1].end:toks[j].start]):
                j += 1
            while j > i:
                phrase = " ".join(t.low for t in toks[i:j])
                hits = [title for plain, title in self.titles if f" {phrase} " in plain]
                content = [t for t in toks[i:j] if t.low not in _QUESTION_WORDS]
                if hits and content and toks[j - 1].low not in _QUESTION_WORDS \
                        and (j - i >= 2 or self._single_title_word(question, toks, i)):
                    whole = {t for t in hits if " ".join(_plain_words(t)) == phrase}
                    value = next(iter(whole)) if len(whole) == 1 else phrase  # a whole title keeps its punctuation
                    claim(i, j, Mention(toks[i].start, toks[j - 1].end, question[toks[i].start:toks[j - 1].end],
                                        MentionKind.EVENT_TITLE, value, len(hits)))
                    break
                j -= 1
            i = max(j, i + 1)

    def _single_title_word(self, question: str, toks: list[_Token], i: int) -> bool:
        """One word stands for event titles only where an event is meant: right before an event noun
        ("offsite meetings"), or after "the" in a question about attending or where/when something was."""
        word = toks[i].low
        if len(word) < 3 or word in self.parts or word in _CALENDAR_WORDS:
            return False
        if word in _SEASON_WORDS and (i > 0 and toks[i - 1].low in _SEASON_DATES or _DAY_OR_YEAR_NEXT.match(
                question, toks[i].end) or _JUST_GONE.match(question, toks[i].end)):
            return False  # "this winter", "in summer 2025", "the summer just gone": a date, even with a "Winter
            # planning" on the calendar
        if word in self.places:
            return False  # "atlanta meetings": a place
        if i + 1 < len(toks) and toks[i + 1].low in _EVENT_NOUNS | _ATTENDEE_NOUNS:
            return True
        after_article = i > 0 and toks[i - 1].low in ("the", "teh", "a", "an", "our", "my", "this", "that", "named",
                                                      "called", "titled", "any", "every", "each", "all", "those",
                                                      "these", "for", "me", "about", "find", "show", "list",
                                                      "attended", "at", "to")
        elsewhere = question[:toks[i].start] + " " + question[toks[i].end:]
        topic = i == 0 and question[toks[i].end:].lstrip().startswith((":", "-", "–", "—"))  # "retro: who went"
        return (after_article or topic) and bool(_EVENT_CONTEXT.search(elsewhere))

    def _name_span(self, question: str, span: list[_Token]) -> Mention | None:
        text = question[span[0].start:span[-1].end]
        key = " ".join(t.low for t in span)
        start, end = span[0].start, span[-1].end
        if key in self.self_full:
            return Mention(start, end, text, MentionKind.SELF, " ".join(sorted(self.lexicon.self_names)[:1]), 1)
        if len(span) == 1 and (span[0].low in _COMMON_NAMES or span[0].low in _COMMON_WORDS) and not span[0].capital:
            return None
        if len(span) == 1 and span[0].low in _QUESTION_WORDS:
            return None
        addresses = self.full.get(key)
        exact = True
        if not addresses and len(span) >= 2:
            addresses = self._fuzzy_full(span)
            exact = False
        if addresses:
            return self._person_mention(start, end, text, addresses, exact)
        place_key = key if key in self.places else self._fuzzy_place(span)
        if place_key:
            end = _closing_paren(question, start, end)
            text = question[start:end]
            return Mention(start, end, text, MentionKind.PLACE, self.places[place_key],
                           sum(c for p, c in self.lexicon.places.items() if place_key in " ".join(_plain_words(p))),
                           exact=place_key == key)
        if len(span) == 1:
            word = span[0].low
            if word in _CALENDAR_WORDS and (not _after_person_preposition(question, span[0])
                                            or _DAY_OR_YEAR_NEXT.match(question, span[0].end)):
                return None  # "in June", "on Friday", "prior to June 2025": a date, even when someone is called June
            if word in self.parts and (word not in _COMMON_WORDS or span[0].capital):
                return self._person_mention(start, end, text, self.parts[word], True, partial=True)
            if span[0].capital and word not in self.title_words and word not in self.lexicon.subject_words \
                    and word not in _CALENDAR_WORDS and not _imperative(question, span[0]) \
                    and not _opens_with_a_word(question, span[0]):
                # "to June" may be June, never a typo of Jane; "Trace the sender ..." is a verb, not Grace
                close = self.fuzzy_parts.lookup(word)
                if close and word not in close:
                    addresses = set().union(*(self.parts[w] for w in close))
                    return self._person_mention(start, end, text, addresses, False, partial=True)
        return None

    def _fuzzy_place(self, span: list[_Token]) -> str | None:
        """A place of as many words as ``span``, each within a typo of the span's (two words or more)."""
        if len(span) < 2 or any(t.low in _QUESTION_WORDS for t in span):
            return None
        words = [t.low for t in span]
        for key in self.places_by_size.get(len(span), ()):
            if all(edit_distance(w, k, typo_limit(k)) <= typo_limit(k) for w, k in zip(words, key.split())):
                return key
        return None

    def _fuzzy_full(self, span: list[_Token]) -> set[str]:
        """Addresses whose name matches every word of ``span``, allowing a typo in each (capitalised or not)."""
        sets = []
        for t in span:
            if t.low in _QUESTION_WORDS:
                return set()
            close = self.fuzzy_parts.lookup(t.low) or self._swapped(t.low)
            if not close:
                return set()
            sets.append(set().union(*(self.parts[w] for w in close)))
        common = set.intersection(*sets)
        # every word of the span must be a different word of one person's name
        return {a for a in common if len(_name_words(self.person(a))) >= len(span)}

    def _swapped(self, word: str) -> set[str]:
        """Name words a short word (under 4 letters, which ``typo_limit`` leaves as typed) becomes with two
        neighbouring letters swapped: "Wne" for Wen, "Kia" for Kai; used only inside a name of two words or more,
        every other word of which must fit the same person."""
        if len(word) >= 4:
            return set()
        return {w for w in (word[:k] + word[k + 1] + word[k] + word[k + 2:] for k in range(len(word) - 1))
                if w in self.parts and w != word}

    def _person_mention(self, start: int, end: int, text: str, addresses: set[str], exact: bool,
                        partial: bool = False) -> Mention:
        by_name: dict[str, list[str]] = {}
        for a in sorted(addresses):
            by_name.setdefault(self.person(a), []).append(a)
        candidates = [(name, ", ".join(addrs)) for name, addrs in sorted(by_name.items())]
        value = candidates[0][0] if len(candidates) == 1 else text
        count = len(addresses)
        return Mention(start, end, text, MentionKind.PERSON, value, count, exact and not partial or
                       (partial and len(candidates) == 1 and exact), candidates if len(candidates) > 1 else
                       [])


_OBJECT_STARTS = frozenset("the a an all every each any my me who whom what which everyone everybody anyone".split())


def _imperative(question: str, token: "_Token") -> bool:
    """Whether ``token`` opens a sentence and its object follows ("Trace the sender", "Check who"): a verb, capitalised
    only because it comes first."""
    before = question[:token.start].rstrip()
    following = question[token.end:].split(None, 1)
    opens = not before or before[-1] in ".?!:;"
    return opens and bool(following) and following[0].strip(".,?!;:").lower() in _OBJECT_STARTS


def _opens_with_a_word(question: str, token: "_Token") -> bool:
    """Whether ``token`` opens a sentence and a lower-case word that is not something a person does follows it
    ("Feed suppliers, I'd guess."): capitalised only because it comes first, so not corrected to a name ("Feld")."""
    before = question[:token.start].rstrip()
    following = question[token.end:].split(None, 1)
    if before and before[-1] not in ".?!:;":
        return False
    word = following[0].strip(".,?!;:") if following else ""
    return word.isalpha() and word.islower() and word not in _A_PERSON_DOES


_A_PERSON_DOES = frozenset("""sent send sends sending emailed emails emailing mailed mails wrote writes written attended
attends met meets forwarded forwards shared shares replied replies asked asks said says and or has had have is was
did does will would cc bcc""".split())


# Lower-case words that are also someone's first or last name in many mailboxes: a name only when capitalised.
_COMMON_WORDS = frozenset("""may will mark bill grant rose chase drew faith hope joy june april august pat sue ray art
bob jack frank rich gene dawn summer autumn gail mike nick sandy penny ruby amber crystal jade iris lily violet page
long short young white black brown green gray grey king price hall wood stone hill lane field rivers banks park
love rich cash best bell bird fox hunt little lee west north south""".split())
_SEASON_WORDS = frozenset("spring summer autumn fall winter".split())
# words before a season that make it a date ("this winter", "early summer"), not an event's title word
_SEASON_DATES = frozenset("""this last next past previous coming early mid late in during over throughout since before
after until till recent latest""".split())
_CALENDAR_WORDS = frozenset("""january february march april may june july august september october november
december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday
sunday today tomorrow yesterday week month year""".split())
# quoted text, as the rules parser's tokenizer reads it: "...", “...”, ‘...’ and '...' (not an apostrophe)
_QUOTED = regex_cache.compile(r""""[^"]*"|“[^”]*”|‘[^’]*’|(?<![\w'])'[^']+'(?!\w)""")
_EVENT_NOUNS = frozenset("""event events meeting meetings call calls appointment appointments session sessions entries
invite invites invitation invitations gathering gatherings get-together get-togethers hangout hangouts""".split())
_ATTENDEE_NOUNS = frozenset("attendees participants guests invitees".split())
# Words around a single title word that say an event is meant: "who attended the offsite", "where was the retro"
_EVENT_CONTEXT = regex_cache.compile(r"\b(?:at+end\w*|met|meet\w*|join\w*|went|go(?:ing)? to|present|participat\w*|"
                            r"(?:where|when|who) (?:was|is|were|are|did)|took place|take place|happen\w*|held|"
                            r"named|called|titled|invited|showed up|turned up|rocked up|rolled up|gathered|assembled|came|come|calendars?|"
                            r"schedules?|agendas?|"
                            r"diary|entries|entry|appointments?|events?|sessions?)\b", re.IGNORECASE)


_JUST_GONE = regex_cache.compile(r"\s+just (?:gone|past|passed|ended)\b", re.IGNORECASE)
_DAY_OR_YEAR_NEXT = regex_cache.compile(r"\s*(?:\d{1,2}(?:st|nd|rd|th)?\b|\d{4}\b|'\d\d\b)")


def _after_person_preposition(question: str, token: "_Token") -> bool:
    before = question[:token.start].lower().split()
    return bool(before) and before[-1] in ("from", "to", "with", "by", "cc", "and")


def _in_capitalised_run(toks: list[_Token], i: int, question: str) -> bool:
    """Token i is next to another capitalised word (not a question word), with only a space between."""
    for j in (i - 1, i + 1):
        if 0 <= j < len(toks) and toks[j].capital and toks[j].low not in _QUESTION_WORDS \
                and _adjacent(question, [toks[min(i, j)], toks[max(i, j)]]) and toks[j].low != "i":
            return True
    return False


def _name_words(name: str) -> list[str]:
    name = " ".join(name.replace(",", " , ").split())
    if " , " in f" {name} ":  # "Doe, Jane" -> "jane doe"
        last, _, first = name.partition(",")
        name = f"{first} {last}"
    return [w.strip(".") for w in re.findall(r"[\w'’.-]+", name.lower()) if w.strip(".")]


def _plain_words(text: str) -> list[str]:
    return re.findall(r"[\w'’-]+", text.lower())


def _closing_paren(question: str, mention_start: int, end: int) -> int:
    """Extend a span that opened a parenthesis to its closing one ("Room 12 (Cedar)")."""
    text = question[mention_start:end]
    if text.count("(") > text.count(")") and question[end:end + 1] == ")":
        return end + 1
    return end


def _title_gap(gap: str) -> bool:
    """Words of one title may be apart by spaces or a dash or colon ("Brainstorm — the offsite")."""
    return gap.strip() in ("", "—", "–", "-", ":", "/", "&")


_FILE_WORDS = regex_cache.compile(r"\b(?:files?|pdfs?|docs?|documents?|spreadsheets?|sheets?|images?|photos?|pictures?|"
                         r"slides?|decks?|presentations?|txts?|csvs?|zips?|xlsx?|docx?|pptx?|jpe?gs?|pngs?)\b",
                         re.IGNORECASE)


def _adjacent(question: str, span: list[_Token]) -> bool:
    """The tokens are separated by spaces only (no comma or 'and' punctuation between them)."""
    return all(question[a.end:b.start].strip() in ("", "(") for a, b in zip(span, span[1:]))


def grounder_for(lexicon: Lexicon) -> Grounder:
    """The lookup tables of ``lexicon``, built on first use and kept with it."""
    grounder = getattr(lexicon, "_grounder", None)
    if grounder is None:
        grounder = Grounder(lexicon)
        lexicon._grounder = grounder  # type: ignore[attr-defined]
    return grounder


def ground(question: str, lexicon: Lexicon | None) -> list[Mention]:
    """The mentions of the user's data in ``question`` (none without a lexicon)."""
    if lexicon is None:
        return []
    return grounder_for(lexicon).ground(question)


# ----------------------------------------------------------------------------------- values in a graph

def closest(value: str, known, limit: int = 3) -> list[str]:
    """Up to ``limit`` known texts nearest to ``value`` (shared words first, then similar spelling)."""
    from difflib import SequenceMatcher

    v = value.lower()
    v_words = set(_plain_words(v))
    scored = []
    for text in known:
        t = text.lower()
        shared = len(v_words & set(_plain_words(t)))
        ratio = SequenceMatcher(None, v, t).ratio()
        if shared or ratio >= 0.6:
            scored.append((-shared, -ratio, text))
    scored.sort()
    return [text for _s, _r, text in scored[:limit]]


def knows_person(name: str, lexicon: Lexicon) -> bool:
    """Whether someone in the data is called ``name`` (the full name, "Last, First", or a unique first or last
    name), as a Person name filter matches (DESIGN.md); True when the data names no one at all."""
    if not lexicon.people:
        return True
    g = grounder_for(lexicon)
    words = _name_words(name)
    key = " ".join(words)
    return key in g.full or (len(words) == 1 and key in g.parts) or key in g.self_full


def people_like(name: str, lexicon: Lexicon, limit: int = 3) -> list[tuple[str, str]]:
    """The people of the data whose name is nearest to ``name``, as (name, address), nearest first: for saying
    "did you mean ..." when a question names someone the data lacks. A person sharing a word of the name, or
    one the grounder finds again despite a typo in it, comes first (more words matched first), then names of
    similar spelling (``closest``). The user is never suggested."""
    from difflib import SequenceMatcher

    g = grounder_for(lexicon)
    words = [w for w in _name_words(name) if w not in _QUESTION_WORDS]
    matched: Counter = Counter()
    for word in words:
        for close in g.fuzzy_parts.lookup(word) or ([word] if word in g.parts else []):
            for address in g.parts.get(close, ()):
                matched[address] += 1
    wanted = " ".join(words)

    def spelling(address: str) -> float:
        return SequenceMatcher(None, wanted, " ".join(_name_words(g.person(address)))).ratio()

    ranked = sorted(matched, key=lambda a: (-matched[a], -spelling(a), a))
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for address in ranked:
        person = g.person(address)
        if person.lower() not in seen and address not in lexicon.self_addresses:
            seen.add(person.lower())
            out.append((person, address))
    if len(out) < limit:
        names = {g.person(a): a for a in lexicon.people if a not in lexicon.self_addresses and lexicon.people[a]}
        for person in closest(name, names, limit):
            if person.lower() not in seen:
                seen.add(person.lower())
                out.append((person, names[person]))
    return out[:limit]


def unknown_values(graph, lexicon: Lexicon | None, suggest: bool = True) -> list[str]:
    """One line for each filter value the user's data does not contain, with the closest ones it does
    (``suggest=False`` leaves the suggestions out: that is cheap, for ranking many readings).

    Checked: a person's name or address, a place, a file name, words of an event title. An empty lexicon
    (no source indexed yet, or sources that feed none) checks nothing.
    """
    if lexicon is None or not len(lexicon):
        return []
    g = grounder_for(lexicon)
    problems = []

    def _did_you_mean(message: str, value: str, known) -> str:
        if not suggest:
            return message
        known = known() if callable(known) else known
        near = closest(value, known)
        return message + (f"; did you mean {', '.join(repr(n) for n in near)}?" if near else "")

    for f in graph.filters:
        type_ = graph.vars.get(f.var)
        type_ = getattr(type_, "value", type_)
        value = str(f.value)
        low = value.lower().strip()
        if type_ == "Person" and f.field == "name" and lexicon.people:
            words = _name_words(value)
            key = " ".join(words)
            if key in g.full or (len(words) == 1 and key in g.parts):
                continue
            problems.append(_did_you_mean(f"no person named '{value}' in your mail or calendar", value,
                                          lambda: {g.person(a) for a in lexicon.people
                                                   if a not in lexicon.self_addresses}))
        elif type_ == "Person" and f.field == "email_address" and lexicon.people:
            if low not in lexicon.people and low not in lexicon.self_addresses:
                problems.append(_did_you_mean(f"no address '{value}' in your mail or calendar", value,
                                              [a for a in lexicon.people]))
        elif type_ == "Place" and f.field == "name" and lexicon.places:
            key = " ".join(_plain_words(value))
            if key not in g.places:
                problems.append(_did_you_mean(f"no event takes place at '{value}'", value, set(g.places.values())))
        elif type_ == "File" and f.field == "name" and lexicon.file_names:
            if low not in g.files:
                problems.append(_did_you_mean(f"no file named '{value}' in your mail or folders", value,
                                              lexicon.file_names))
        elif type_ == "Event" and f.field == "name" and lexicon.event_titles:
            key = " ".join(_plain_words(value))
            if not any(f" {key} " in plain for plain, _t in g.titles):
                problems.append(_did_you_mean(f"no event title contains '{value}'", value, lexicon.event_titles))
    return problems
