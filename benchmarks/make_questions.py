"""The corpus question set: >= 300 questions in people's own words over a generated corpus, with gold graphs
and answers computed from the generator's facts.

    python benchmarks/make_questions.py            # write benchmarks/questions_corpus.json and verify it
    python benchmarks/make_questions.py --check    # verify the committed file only (no rewrite)

The corpus is ``queryweaver.corpus.generate_corpus(**CORPUS)`` (deterministic, never committed; the
benchmark and the test regenerate it in a temporary folder). Each question SHAPE (what is asked: "emails
from X in a month") has phrasing TEMPLATES, each written for one part: "dev" templates are for tuning,
"test" templates are held out, so the test part holds wordings never seen in dev. "dev2" is a second
tuning part (DEV2_TEMPLATES, written independently of dev's; its questions follow dev's and test's); "dev3" a
third (DEV3_TEMPLATES, written independently of dev's and dev2's; its questions follow dev2's).
Templates carry a STYLE (wh-question, imperative, fragment, lower case, typos, possessive, passive,
politeness, "everything X"; dev2 adds terse, chatty, dictated, synonym, inverted, relative, self-name; dev3
adds executive dictation, from-memory, keywords, rambling, idioms, quantifiers, nominal forms, comparative
time words, "for me", attachment scoping, the user's address, ordinal/venue/people synonyms).
"test2" is a second held-out part (TEST2_TEMPLATES, written independently of every other part; its questions
follow dev3's): only aggregate figures of it are ever reported, so its wordings stay unseen by whoever tunes.
"dev4" is a fourth tuning part (DEV4_TEMPLATES, written independently of dev/dev2/dev3 and without reading test
or test2; ten kinds of askers, other date spellings; its questions follow test2's).
"dev5" is a fifth tuning part (DEV5_TEMPLATES, written independently of every earlier part and without reading
test or test2; seven kinds of askers; its questions follow dev4's) and "test3" a third held-out part
(TEST3_TEMPLATES, written by another group of askers than dev5's, sharing no template with any part; its
questions follow dev5's; like test2, only its aggregate figures are reported). "dev6" is a sixth tuning part
(DEV6_TEMPLATES, written without reading any earlier part's templates; eight kinds of askers) and "test4" a fourth
held-out part (TEST4_TEMPLATES, another group of askers, sharing no template with any part; only its aggregate
figures are reported); both also ask nine compositional shapes no earlier part has (LATER_SHAPES), and their
questions follow test3's. "dev7" is a seventh tuning part (DEV7_TEMPLATES, written without reading any earlier
part's templates; seventeen kinds of askers: a teenager, an executive assistant, a researcher, a lawyer, a nurse,
someone dictating while driving, a person with dyslexia, Spanish, German, Hindi and Chinese first-language
speakers, a sysadmin, a British speaker, follow-up, yes/no, "I'm looking for / remind me / pull up" and passive
askers) and "test5" a fifth held-out part (TEST5_TEMPLATES, another group of askers, sharing no template with any
part; only its aggregate figures are reported); both ask all forty shapes, each with its own date phrases, and
their questions follow test4's. "dev8" is an eighth tuning part (DEV8_TEMPLATES, written without reading how
the reader works; fifteen kinds of askers: a landlord, a PhD student, a telegraphic non-native speaker, phone
dictation, a passive-voice manager, a gamer, a compliance auditor, a one-typo typist, "did X ever" askers,
"I'm trying to ..." askers, "the other day" as background, bare noun phrases with possessives, an Irish English
speaker, an Italian first-language speaker and an emoji user) and "test6" a sixth held-out part (TEST6_TEMPLATES,
another group of askers, sharing no template with any part; only its aggregate figures are reported); both ask
all forty shapes with their own date phrases (seasons, holidays, weeks of a month, "a couple of weeks ago", ...),
and their questions follow test5's. "dev9" is a ninth tuning part (DEV9_TEMPLATES, written without reading how the
reader works; fifteen kinds of askers no earlier part had: a small-business owner, a whole-letter writer ("Dear
assistant, ... Kind regards."), a "So I ..." storyteller, a past-perfect / future-in-the-past speaker, a "stuff /
messages / things" asker, a slash-and-abbreviation typist ("msgs fr X re: W"), someone who puts the date, person or
place first, a negative-polite asker ("I don't suppose you could ..."), a first-names-only colleague, someone who
adds a trailing clarification ("... – the PDF ones"), Korean and Arabic first-language speakers, a sports coach, an
archivist and a corporate-jargon speaker) and "test7" a seventh held-out part (TEST7_TEMPLATES, another group of
askers again, sharing no template with any part; only its aggregate figures are reported); both ask all forty
shapes with their own date phrases (seasons with and without a year, "winter 2024-25", early/mid/late of a year,
"the week of", "a month ago", "a few days ago", day-first numbers, ...), and their questions follow test6's.
"dev10" is a tenth tuning part (DEV10_TEMPLATES, written without reading how the reader works; ten kinds of askers
no earlier part had: a parent juggling school emails, a freelancer tracking clients, a musician on tour, a "comms"
speaker, Vietnamese and Tagalog first-language speakers, a "pls / thx / rn" texter, someone who stacks relative
clauses, a programmer asking "Given X, return ..." and a chef between services) and "test8" an eighth held-out part
(TEST8_TEMPLATES, another group of askers again, sharing no template with any part; only its aggregate figures are
reported); both ask all forty shapes with their own date phrases ("in autumn", "last winter", "the third quarter of
2025", "3 weeks ago", "in the past 8 weeks", "this past November", "during the holidays", "later this month",
dotted day-first days, ...), and their questions follow test7's. "dev11" is an eleventh tuning part
(DEV11_TEMPLATES, written without reading how the reader works; twelve kinds of askers no earlier part had: a sailor,
a retired engineer writing long precise sentences, someone who asks and then restates the question, Thai and Greek
first-language speakers, someone who rules out the other direction ("not the ones I sent"), someone who adds asides
in parentheses, a mechanic between jobs, a wedding planner, someone who misspells common words, a pharmacist on a
break and someone who Capitalises Every Word) and "test9" a ninth held-out part (TEST9_TEMPLATES, another group of
askers again: an airline pilot, a Kenyan English speaker, Persian, Finnish and Hungarian first-language speakers,
someone who gives two sentences of backstory first, a vet, a gardener, a stage manager, a weary "ugh, fine" asker
and a "can you double-check" asker; sharing no template with any part; only its aggregate figures are reported);
both ask all forty shapes with their own date phrases ("the autumn of 2025", "the 4th quarter of 2025", "Q3 '25",
"five weeks ago", "the past 7 weeks", "the last 21 days", "this past September", "over Xmas", "at Christmastime",
"the week of 10 November 2025", "8/2025", "October '25", day-first slashes only above the 12th, ...), and their
questions follow test8's: dev11's first, then test9's (dev11 has eight templates per shape, test9 six). "dev12" is
a twelfth tuning part (DEV12_TEMPLATES, written without reading how the reader works; twelve kinds of askers no
earlier part had: a librarian, a data analyst ("where sender = ...", "count of", "distinct"), someone who writes
about themself in the third person, Urdu and Ukrainian first-language speakers, someone who half answers their own
question, someone who nests the question in a conditional ("If X emailed me in ..., which emails were they?"),
someone who puts the question word last, a bartender, a translator, a long-haul trucker and a firefighter) and
"test10" a tenth held-out part (TEST10_TEMPLATES, another group of askers again: Swahili, Czech and Tamil
first-language speakers, a plumber, a photographer, a "with respect to / regarding" register, a "u / ya / wat"
texter, a zookeeper, a tour guide, an excited asker and a hotel night receptionist; sharing no template with any
part; only its aggregate figures are reported); both ask all forty shapes with their own date phrases ("the autumn
of 2024", "fall '25", "2025 Q3", "Jul–Sep 2025", "from mid-Sept to mid-Nov 2025", "ten weeks ago", "two quarters
ago", "the last 130 days", "this past July", "over Christmas 2025", "mid-2024", "next March", "October
fourteenth, 2025", "Valentine's Day 2025", ...), and their questions follow test9's: dev12's first, then test10's
(dev12 has eight templates per shape, test10 six). "dev13" is a thirteenth tuning part (DEV13_TEMPLATES, written
without reading how the reader works; twelve kinds of askers no earlier part had: a beekeeper, an air-traffic
controller, Romanian and Bengali first-language speakers, a New Zealand English speaker, someone who says what they
want to do next ("I want to reply to whoever sent me F. Who was it?"), someone who front-loads the constraints as a
list ("X, in March, attachments: which files?"), someone who puts the answer type in brackets ("[list]",
"[number]"), a sommelier, a land surveyor, someone whose ordinals look like superlatives ("the newest thing X
mailed me") and a locksmith) and "test11" an eleventh held-out part (TEST11_TEMPLATES, another group of askers
again: Amharic and Hebrew first-language speakers, a Welsh English speaker, a radio dispatcher, someone who states
a belief and asks to be set right, someone who trails off with ellipses, an astronomer, a carpenter, a ski
instructor, a crossword setter and a midwife; sharing no template with any part; only its aggregate figures are
reported); both ask all forty shapes with their own date phrases ("the summer of 2024", "autumn '24", "Q4 '24",
"twelve weeks ago", "a quarter ago", "three quarters ago", "the past 13 weeks", "the last 50 days", "the past 10
months", "between mid-October and mid-December 2025", "from October '25 to January '26", "this past March", "on
Boxing Day 2025", "the winter of 2023-24", "early 2024", "this spring", "over the next two months", "Tuesday, 14th
October 2025", "14 Oct., 2025", "October 14, '25", "Halloween '25", ...), and their questions follow test10's:
dev13's first, then test11's (dev13 has eight templates per shape, test11 six). "dev14" is a fourteenth tuning part
(DEV14_TEMPLATES, written without reading how the reader works; twelve kinds of askers no earlier part had: a court
stenographer, a club DJ, a poet, someone who corrects themselves mid-question ("from Jnae – sorry, Jane – ..."),
Norwegian and Serbian first-language speakers, a Canadian English speaker, someone who gives the answer's format
first ("Number only: ...", "Names only: ..."), a florist, a tattoo artist, a genealogist and someone who says "we"
and "us" for their own mailbox ("Which emails has X sent us?")) and "test12" a twelfth held-out part
(TEST12_TEMPLATES, another group of askers again: Catalan and Nepali first-language speakers, a Yorkshire English
speaker, someone who writes a fill-in-the-blank ("X has sent me ___ emails."), an exasperated asker, a football
referee, a baker, a lifeguard, a museum curator, a taxi driver and a tailor; sharing no template with any part; only
its aggregate figures are reported); both ask all forty shapes with their own date phrases, spellings no earlier
part used ("the first half of 2025", "H2 2025", "2025 H1", "the back half of 2025", "the second half of October
2025", "fourteen weeks ago", "six weeks back", "two quarters back", "the week commencing 3 November 2025", "late
summer 2025", "mid-Q4 2025", "early winter 2024-25", "the past 2 quarters", "the past three fortnights", "this
past autumn", "the previous spring", "next spring", "Nov 3–14, 2025", "the final week of October 2025", "Xmas
2025", "Tuesday the fourteenth of October 2025", "14 October '25", "Oct. the 14th, 2025", "New Year's Eve '25",
...), and their questions follow test11's: dev14's first, then test12's (dev14 has eight templates per shape, test12
six). "dev15" is a fifteenth tuning part (DEV15_TEMPLATES, written without reading how the reader works; twelve
kinds of askers no earlier part had: Malay and Zulu first-language speakers, a Jamaican English speaker, a
paramedic, someone who asks two things at once of which only the second is the real question ("Is it still raining
over there? And which emails has X sent me?"), someone who adds hashtags, someone who names people by role and name
("my colleague X"), someone who asks through a hypothetical ("Suppose I wanted to see ... – what would come up?"),
someone who over-specifies with redundant words ("the email messages in my email inbox"), a miner, an architect and
an electrician) and "test13" a thirteenth held-out part (TEST13_TEMPLATES, another group of askers again: a
Lithuanian first-language speaker, Sri Lankan and Ghanaian English speakers, someone who writes in an archaic
register ("Pray tell, which emails hath X sent unto me?"), someone who talks to the computer of a starship
("Computer, display all emails from X."), someone who numbers the steps ("Step one: ... Step two: ..."), someone who
marks emphasis with asterisks, a barista, an auctioneer, a park ranger and a hairdresser; sharing no template with
any part; only its aggregate figures are reported); both ask all forty shapes with their own date phrases, spellings
no earlier part used ("the front half of 2025", "2H 2025", "the 1st half of September 2025", "thirteen weeks ago",
"a fortnight back", "twelve months back", "a few months ago", "a couple of quarters ago", "the week starting 20
October 2025", "mid-summer 2025", "early Q3 2025", "the middle of 2025", "at the end of Q3 2025", "late last
summer", "the first week of Q4 2025", "the last forty days", "earlier this year", "so far this quarter", "the
previous quarter", "this past spring", "Nov '25 through Jan '26", "over the Christmas holidays 2025", "Sat., October
4th, 2025", "the fourth of Oct. '25", "Oct. the fourth, 2025", "Valentine's 2025", ...), and their questions follow
test12's: dev15's first, then test13's (dev15 has eight templates per shape, test13 six). "dev16" is a sixteenth
tuning part (DEV16_TEMPLATES, written without reading how the reader works; twelve kinds of askers no earlier part
had: Danish and Georgian first-language speakers, a Geordie English speaker, a bicycle courier, a radiographer, a
hill shepherd, a number-texter ("b4", "2" for to), someone who writes like a civil-service minute ("the
undersigned"), someone who thinks aloud before asking, someone who writes in arrows and symbols ("X → me: emails?"),
someone who writes the wrong one of two homophones ("Witch emails ...") and someone who asks by saying what they
can't find ("I can't find the emails X sent me.")) and "test14" a fourteenth held-out part (TEST14_TEMPLATES, another
group of askers again: Croatian and Armenian first-language speakers, Scouse and Newfoundland English speakers
("Where's F to?"), a lighthouse keeper, a glassblower, someone who gives the situation first, someone who breaks off
mid-question for a tangent between dashes, someone whose keys stick, someone who writes in a diplomatic register and
someone who fills with "um" and "like"; sharing no template with any part; only its aggregate figures are reported);
both ask all forty shapes with their own date phrases, spellings no earlier part used ("the second half of 2025",
"H1 2025", "the back half of December 2025", "seventeen weeks ago", "two fortnights back", "ten months ago", "6
months back", "three quarters back", "a couple of months back", "a few weeks back", "the week of Monday 8 December
2025", "mid-spring 2025", "early winter 2025-26", "late Q2 2025", "at the start of Q4 2025", "the second week of Q4
2025", "the last ninety days", "the past few months", "this past fall", "so far this month", "quarter to date", "from
Sept. through Nov. 2025", "from Dec 1st to Dec 12th 2025", "over New Year 2026", "Sat 4 Oct '25", "Sat., 4 October
2025", "October the fourth 2025", "Saturday (4 October 2025)", "Valentine's Day '25", ...), and their questions follow
test13's: dev16's first, then test14's (dev16 has eight templates per shape, test14 six). "dev17" is a seventeenth
tuning part (DEV17_TEMPLATES, written without reading how the reader works; twelve kinds of askers no earlier part
had: Icelandic and Punjabi first-language speakers, a Cockney English speaker, a tower crane operator, a tree
surgeon, a live sound engineer, someone who asks for "the rest" or "the others" of what they have seen, someone who
quotes the app's own words ('"From: X"', 'in "Sent"'), someone who hypercorrects ("Whom sent me F?", "between X and
I", "myself"), someone who asks through a negative question ("Didn't X send me some emails? Which ones?"), someone
dictating by voice whose punctuation comes out as words ("... question mark") and someone who writes the question as
a to-do item ("TODO: ...")) and "test15" a fifteenth held-out part (TEST15_TEMPLATES, another group of askers again:
Bulgarian, Estonian and Afrikaans first-language speakers, Trinidadian English and Hawaiian Pidgin speakers, a
dental hygienist, a stonemason, someone who writes in clipped full-stopped fragments ("Emails. From X. To me."),
someone who asks on someone else's behalf, someone who leaves no space after punctuation and someone who puts the
question as a challenge ("Bet you can't ..."); sharing no template with any part; only its aggregate figures are
reported); both ask all forty shapes with their own date phrases, spellings no earlier part used ("the last third of
2025", "the first fortnight of November 2025", "the last ten days of October 2025", "the second half of Q4 2025",
"between the 3rd and the 14th of November 2025", "around Halloween 2025", "the run-up to Christmas 2025", "Bonfire
Night 2025", "the dog days of summer 2025", "the turn of the year", "twenty-one weeks ago", "one and a half months
ago", "a year and a half ago", "this time last year", "the last month and a half", "the past hundred days",
"calendar year 2025", "the autumn just gone", "the latest quarter", "the week after next", "2025 Oct 4", "Sat
4-Oct-2025", "the 4th day of October 2025", "4 Oct. 25", "Sat. 4/Oct/2025", "4 Oct 2025 (Sat)", ...), and their
questions follow test14's: dev17's first, then test15's (dev17 has eight templates per shape, test15 six). "dev18" is
an eighteenth tuning part (DEV18_TEMPLATES, written without reading how the reader works; twelve kinds of askers no
earlier part had: Basque and Maltese first-language speakers, a Pittsburgh English speaker ("n'at", "yinz"), a
hospital porter, a choir director, a farrier, a lock-keeper, someone who types a word twice by mistake ("Which emails
has has X sent me?"), someone who writes "the said" like a deed, someone who holds the name, date, file or place back
to the very end after an aside, someone who says "one" for themselves ("Which emails has X sent one?") and someone
who contracts everything ("Which emails've I sent X?")) and "test16" a sixteenth held-out part (TEST16_TEMPLATES,
another group of askers again: Latvian and Albanian first-language speakers, Brummie, Boston and East Midlands
English speakers, a school crossing patrol, a church bell-ringer, a window cleaner, someone who writes like a
telegram ("... STOP") and someone who writes in forum shorthand ("IIRC", "TIA"); sharing no template with any part;
only its aggregate figures are reported); both ask all forty shapes with their own date phrases, spellings no earlier
part used ("around Boxing Day 2025", "the build-up to Christmas 2025", "Christmas week 2025", "Thanksgiving weekend
2025", "the week after Bonfire Night 2025", "over Easter 2025", "week 45 of 2025", "W47 2025", "the first month of Q4
2025", "the final quarter of 2025", "the earlier half of 2025", "late H1 2025", "the middle third of 2025", "midway
through November 2025", "the last 2 weeks of November 2025", "twenty-two weeks ago", "two and a half months ago", "a
quarter of a year ago", "the past half a year", "the last half-year", "the preceding month", "the summer before
last", "earlier this quarter", "this coming weekend", "2025.10.04", "Oct-04-2025", "4 October 2025, a Saturday",
"2025-Oct-04", "4th Oct. (Sat) 2025", "October 4 (Saturday), 2025", ...), and their questions follow test15's:
dev18's first, then test16's (dev18 has eight templates per shape, test16 six). A yes/no question ("did X send me
...?") has the find question's gold graph: its answer lists what makes it "yes".

Answers come from ``Facts`` (the generator's own record) through the small oracle below, never from the
engine; then every gold graph (and every accepted alternative) is run through the real engine and must
give that answer, so a wrong gold graph or a wrong oracle cannot slip in. Answer keys by type: Email
message id; Person lower-cased address; Event uid (a weekly series once); Folder path relative to the files
root; File name; Webpage URL; Place location text; count an integer. For return_mode "one" the answer lists
every tied item (any of them is right).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Iterable
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from queryweaver.corpus import ORGS, Facts, generate_corpus  # noqa: E402

OUT = ROOT / "benchmarks" / "questions_corpus.json"
CORPUS: dict[str, Any] = {"emails": 1500, "events": 200, "files": 600, "seed": 11, "today": "2026-02-15",
                          "story": True, "self_aliases": ["alex.morgan@home.example"]}
MAX_ANSWER = 200
SEED = 9


# =============================================================================================
# The corpus and comparing engine results with answers (shared with graph_accuracy.py and the test)
# =============================================================================================

def build_corpus(out_dir: Path, spec: dict[str, Any] = CORPUS) -> Facts:
    """Write the benchmark corpus into ``out_dir`` (deterministic); return its facts."""
    args = dict(spec)
    args["today"] = date.fromisoformat(args["today"])
    args["self_aliases"] = tuple(args.get("self_aliases", ()))
    return generate_corpus(Path(out_dir), **args)


def _norm(text: Any) -> str:
    return " ".join(unicodedata.normalize("NFC", str(text or "")).split()).casefold()


def result_keys(result, files_root: Path) -> list[str]:
    """An engine RunResult's items in the answer's terms (see the module docstring)."""
    keys = []
    for item in result.items:
        t = item.type.value
        if t == "Event":
            keys.append(item.key.split("#", 1)[0])
        elif t == "Folder":
            keys.append(Path(item.fields.get("path") or item.key).relative_to(files_root).as_posix())
        elif t == "Place":
            keys.append(item.fields.get("name") or item.key)
        elif t == "Webpage":
            keys.append(item.fields.get("url") or item.key)
        else:
            keys.append(item.key)
    return keys


def answer_matches(question: dict[str, Any], result, files_root: Path) -> bool:
    """Whether an engine result gives the question's answer."""
    expected = question["answer"]
    gold = question["graph"]
    if gold["action"] == "count":
        return result.action == "count" and result.count == expected
    if result.action == "count":
        return False
    got = result_keys(result, files_root)
    if gold.get("return_mode") == "one":
        return len(got) == 1 and _norm(got[0]) in {_norm(k) for k in expected}
    if gold["vars"][gold["return_var"]] != result.type.value:
        return False
    return {_norm(k) for k in got} == {_norm(k) for k in expected}


# =============================================================================================
# Gold graphs
# =============================================================================================

def E(a: str, edge: str, b: str) -> dict[str, str]:
    return {"kind": "edge", "from": a, "edge": edge, "to": b}


def F(var: str, fld: str, op: str, value: Any) -> dict[str, Any]:
    return {"kind": "filter", "var": var, "field": fld, "op": op, "value": value}


TYPES = {"e": "Email", "e1": "Email", "e2": "Email", "p": "Person", "p1": "Person", "p2": "Person",
         "self": "Self", "f": "File", "dir": "Folder", "ev": "Event", "d": "Date", "pl": "Place", "w": "Webpage"}


def G(ret: str, constraints: list[dict[str, Any]], *, action: str = "find", mode: str = "all") -> dict[str, Any]:
    """A graph whose variable types follow from their names (TYPES)."""
    used: list[str] = [ret]
    for c in constraints:
        for v in ((c["from"], c["to"]) if c["kind"] == "edge" else (c["var"],)):
            if v not in used:
                used.append(v)
    return {"action": action, "return_var": ret, "return_mode": mode, "vars": {v: TYPES[v] for v in used},
            "constraints": constraints}


def name(p: str, value: str) -> dict[str, Any]:
    return F(p, "name", "=", value)


# =============================================================================================
# The oracle: Facts plus the few rules Facts has no helper for (dates, places, titles, ties)
# =============================================================================================

MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
               "October", "November", "December")


def month_range(year: int, month: int) -> tuple[date, date]:
    end = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return date(year, month, 1), end


def bare_month(month: int, today: date) -> tuple[int, int]:
    """A month without a year: its most recent occurrence not after today (DESIGN.md)."""
    return (today.year if month <= today.month else today.year - 1), month


class Oracle:
    def __init__(self, facts: Facts):
        self.f = facts
        self.today = facts.today
        self.far = date(1900, 1, 1), date(2100, 1, 1)

    # emails -----------------------------------------------------------------------------------------
    def ts(self, mid: str) -> float:
        return self.f.email(mid).date.timestamp()

    def ties(self, ids: Iterable[str], which: str) -> list[str]:
        ids = list(ids)
        if not ids:
            return []
        best = (max if which == "last" else min)(self.ts(m) for m in ids)
        return sorted(m for m in ids if self.ts(m) == best)

    def between(self, start: date | None, end: date | None) -> set[str]:
        return self.f.emails_in(start or self.far[0], end or self.far[1])

    def subject_has(self, words: str) -> set[str]:
        return {e.message_id for e in self.f.emails if _norm(words) in _norm(e.subject)}

    # events -----------------------------------------------------------------------------------------
    def events_at(self, place: str) -> set[str]:
        v = _norm(place)
        return {ev.uid for ev in self.f.events if ev.location and
                (_norm(ev.location) == v or v in {part.strip() for part in _norm(ev.location).split(",")})}

    def events_titled(self, words: str, exact: bool = False) -> set[str]:
        v = _norm(words)
        return {ev.uid for ev in self.f.events if (_norm(ev.summary) == v if exact else v in _norm(ev.summary))}

    def events_between(self, start: date | None, end: date | None) -> set[str]:
        return self.f.events_in(start or self.far[0], end or self.far[1])

    def mine(self, uids: Iterable[str]) -> set[str]:
        return {u for u in uids if self.f.self_attended(u)}

    def attendees(self, uids: Iterable[str]) -> set[str]:
        return set().union(set(), *(self.f.attendees_of(u) for u in uids))

    def places_of(self, uids: Iterable[str]) -> set[str]:
        return {self.f.event(u).location for u in uids if self.f.event(u).location}

    # misc -------------------------------------------------------------------------------------------
    def urls_on(self, domain: str) -> set[str]:
        out = set()
        for url in self.f.urls_of(self.f.all_emails()):
            host = (urlsplit(url).hostname or "").lower().removeprefix("www.")
            if host == domain or host.endswith("." + domain):
                out.add(url)
        return out

    def ext(self, names: Iterable[str], ext: str) -> set[str]:
        return {n for n in names if "." in n.strip(".") and n.rpartition(".")[2].lower() == ext}


# =============================================================================================
# Wording helpers
# =============================================================================================

def typo(text: str) -> str:
    """A small typo in a name: two inner letters of the first word swapped ('Jane' -> 'Jnae')."""
    first, _, rest = text.partition(" ")
    for i in range(1, len(first) - 1):
        a, b = first[i], first[i + 1]
        if a.isalpha() and b.isalpha() and a != b:
            first = first[:i] + b + a + first[i + 2:]
            break
    return f"{first} {rest}".strip()


def possessive(text: str) -> str:
    return f"{text}'" if text.endswith("s") else f"{text}'s"


@dataclass
class Instance:
    slots: dict[str, str]
    graph: dict[str, Any]
    answer: Any
    accept: list[dict[str, Any]] = field(default_factory=list)


def person_slots(x: str, first_unique: bool, last_unique: bool = False) -> dict[str, str]:
    first = x.split(" ")[0] if first_unique else x
    last = x.split(" ")[-1] if last_unique else x
    return {"X": x, "Xt": typo(x), "Xp": possessive(x), "Xf": first, "Xfp": possessive(first),
            "Xl": last, "Xlp": possessive(last)}


# =============================================================================================
# Shapes: what is asked; each builds its instances from the facts
# =============================================================================================

@dataclass
class Shape:
    name: str
    make: Callable[["Ctx"], list[Instance]]
    templates: list[tuple[str, str, str]]    # (part, style, text with {slots})
    per_template: int = 1


class Ctx:
    def __init__(self, facts: Facts):
        self.f = facts
        self.o = Oracle(facts)
        self.rng = random.Random(SEED)
        f = facts
        self.self_name = f.self_name
        self.self_address = f.self_addresses[0]
        firsts: dict[str, int] = {}
        for n in f.people.values():
            firsts[n.split(" ")[0].casefold()] = firsts.get(n.split(" ")[0].casefold(), 0) + 1
        self.first_unique = {a: (" " in n and firsts[n.split(" ")[0].casefold()] == 1) for a, n in f.people.items()}
        lasts: dict[str, int] = {}
        for n in list(f.people.values()) + [f.self_name]:
            lasts[n.split(" ")[-1].casefold()] = lasts.get(n.split(" ")[-1].casefold(), 0) + 1
        self.last_unique = {a: (" " in n and lasts[n.split(" ")[-1].casefold()] == 1) for a, n in f.people.items()}
        self.received, self.sent = f.received(), f.sent()
        self.lists = {a for a in f.people if a.startswith("all-hands@")}

    def who(self, address: str) -> dict[str, str]:
        return person_slots(self.f.people[address], self.first_unique[address], self.last_unique[address])

    def pick(self, items: list, k: int) -> list:
        items = sorted(items, key=str)
        self.rng.shuffle(items)
        return items[:k]

    def senders(self, *, all_received: bool = False, minimum: int = 2) -> list[str]:
        """People who sent the user mail; with ``all_received``, only those whose every email reached the
        user (so "emails from X" and "emails X sent me" have one answer)."""
        out = []
        for a in self.f.people:
            if a in self.lists:
                continue
            sent = self.f.emails_from(a)
            if len(sent & self.received) < minimum:
                continue
            if all_received and not sent <= self.received:
                continue
            out.append(a)
        return out


def ok(answer: Any) -> bool:
    return isinstance(answer, int) or 0 < len(answer) <= MAX_ANSWER


def month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Month expressions as people say them, with their ranges (DESIGN.md's Date rules)."""
    out = []
    for m in (3, 5, 6, 9, 10, 11, 12, 1):
        y, mm = bare_month(m, today)
        out.append((f"in {MONTH_NAMES[m - 1]}", month_range(y, mm)))
    for y, m in ((2025, 4), (2025, 7), (2025, 12), (2025, 8)):
        out.append((f"in {MONTH_NAMES[m - 1]} {y}", month_range(y, m)))
    last = (today.replace(day=1) - timedelta(days=1))
    out.append(("last month", month_range(last.year, last.month)))
    return out


def recent_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Relative ranges: calendar weeks run Monday to Sunday; "past N months" runs through today."""
    monday = today - timedelta(days=today.weekday())
    back = date(today.year - (today.month <= 3), (today.month - 4) % 12 + 1, today.day)
    return [("last week", (monday - timedelta(days=7), monday)),
            ("this year", (date(today.year, 1, 1), date(today.year + 1, 1, 1))),
            ("in the past 3 months", (back, today + timedelta(days=1)))]


# ---- email shapes ----------------------------------------------------------------------------------

def from_graphs(extra: list[dict] | None = None, **kw) -> tuple[dict, list[dict]]:
    extra = extra or []
    gold = G(kw.pop("ret", "e"), [E("e", "from", "p"), *extra], **kw)
    alt = G(gold["return_var"], [E("e", "from", "p"), E("e", "to", "self"), *extra], **kw)
    return gold, [alt]


def mk_emails_from(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(c.senders(all_received=True), 30):
        ans = sorted(c.f.emails_from(a))
        x = c.f.people[a]
        gold, acc = from_graphs([name("p", x)])
        if ok(ans):
            out.append(Instance(c.who(a), gold, ans, acc))
    return out


def mk_emails_to(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick([a for a in c.f.people if a not in c.lists], 200):
        ans = sorted(c.sent & c.f.emails_to(a))
        if 2 <= len(ans) <= MAX_ANSWER:
            out.append(Instance(c.who(a), G("e", [E("e", "from", "self"), E("e", "to", "p"),
                                                  name("p", c.f.people[a])]), ans))
    return out[:30]


def mk_emails_between(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(c.senders(minimum=3), 30):
        ans = sorted(c.f.emails_with(a) & (c.sent | c.received))
        gold = G("e", [E("e", "participants", "p"), E("e", "participants", "self"), name("p", c.f.people[a])])
        if ok(ans):
            out.append(Instance({**c.who(a), "SELF": c.self_name}, gold, ans))
    return out


def mk_from_in_month(c: Ctx, phrases: list | None = None) -> list[Instance]:
    out = []
    phrases = phrases or month_phrases(c.f.today) + recent_phrases(c.f.today) * 2
    for a in c.pick(c.senders(all_received=True, minimum=4), 60):
        for phrase, (s, e) in c.pick(phrases, len(phrases)):
            ans = sorted(c.f.emails_from(a) & c.o.between(s, e))
            if ans:
                gold, acc = from_graphs([E("e", "sent_on", "d"), name("p", c.f.people[a]), F("d", "value", "=", phrase)])
                out.append(Instance({**c.who(a), "M": phrase}, gold, ans, acc))
                break
    return out


def bound_maker(op: str, dev2_bounds: list[tuple[str, date]] | None = None) -> Callable[[Ctx], list[Instance]]:
    def make(c: Ctx) -> list[Instance]:
        out = []
        bounds = dev2_bounds or [("March 2025", date(2025, 3, 1)), ("June 2025", date(2025, 6, 1)), ("September 2025", date(2025, 9, 1)),
                  ("October 1, 2025", date(2025, 10, 1)), ("January 2025", date(2025, 1, 1)),
                  ("December 2025", date(2025, 12, 1)), ("August 15, 2025", date(2025, 8, 15))]
        for a in c.pick(c.senders(all_received=True, minimum=4), 60):
            for text, day in c.pick(bounds, len(bounds)):
                rng = (None, day) if op == "<" else (day, None)
                ans = sorted(c.f.emails_from(a) & c.o.between(*rng))
                if ans and len(ans) < len(c.f.emails_from(a)):
                    gold, acc = from_graphs([E("e", "sent_on", "d"), name("p", c.f.people[a]), F("d", "value", op, text)])
                    out.append(Instance({**c.who(a), "B": text}, gold, ans, acc))
                    break
        return out
    return make


def ordinal_from_maker(which: str) -> Callable[[Ctx], list[Instance]]:
    def make(c: Ctx) -> list[Instance]:
        out = []
        for a in c.pick(c.senders(all_received=True), 30):
            ans = c.o.ties(c.f.emails_from(a), which)
            gold, acc = from_graphs([name("p", c.f.people[a]), F("e", "ordinal", "=", which)], mode="one")
            out.append(Instance(c.who(a), gold, ans, acc))
        return out
    return make


def ordinal_to_maker(which: str) -> Callable[[Ctx], list[Instance]]:
    def make(c: Ctx) -> list[Instance]:
        out = []
        for a in c.pick([a for a in c.f.people if a not in c.lists], 200):
            mine = c.sent & c.f.emails_to(a)
            if len(mine) >= 2:
                gold = G("e", [E("e", "from", "self"), E("e", "to", "p"), name("p", c.f.people[a]),
                               F("e", "ordinal", "=", which)], mode="one")
                out.append(Instance(c.who(a), gold, c.o.ties(mine, which)))
        return out[:30]
    return make


def mk_count_from(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(c.senders(all_received=True), 30):
        gold, acc = from_graphs([name("p", c.f.people[a])], action="count")
        out.append(Instance(c.who(a), gold, len(c.f.emails_from(a)), acc))
    return out


def mk_subject(c: Ctx) -> list[Instance]:
    out = []
    for words in ("hiring plan", "server migration", "offsite", "budget", "Lisbon", "press kit", "security review",
                  "invoice", "board deck", "onboarding", "pricing", "podcast", "expense report", "contract",
                  "team lunch", "roadmap", "deploy", "mobile app", "retention", "office move"):
        ans = sorted(c.o.subject_has(words))
        if ok(ans):
            out.append(Instance({"W": words}, G("e", [F("e", "subject", "contains", words)]), ans))
    return c.pick(out, len(out))


def mk_last_received_on(c: Ctx, spell: Callable[[date, int], str] | None = None) -> list[Instance]:
    days: dict[date, set[str]] = {}
    for m in c.received:
        days.setdefault(c.f.day_of(c.f.email(m).date), set()).add(m)
    busy = [d for d, ids in days.items() if len(ids) >= 3] + [date(2025, 1, 10)]
    out = []
    for i, d in enumerate(c.pick(sorted(set(busy)), 30)):
        text = spell(d, i) if spell else f"{MONTH_NAMES[d.month - 1]} {d.day}, {d.year}"
        gold = G("e", [E("e", "to", "self"), E("e", "sent_on", "d"), F("d", "value", "=", text),
                       F("e", "ordinal", "=", "last")], mode="one")
        out.append(Instance({"D": text}, gold, c.o.ties(days[d], "last")))
    return out


# ---- attachments and files -------------------------------------------------------------------------

def mk_attachments_from(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(c.senders(all_received=True, minimum=1), 200):
        ans = sorted(c.f.attachments_of(c.f.emails_from(a)))
        if len(ans) >= 2:
            gold, acc = from_graphs([E("e", "has_attachment", "f"), name("p", c.f.people[a])], ret="f")
            out.append(Instance(c.who(a), gold, ans, acc))
    return out[:30]


EXT_WORDS = {"pdf": ("PDF", "PDFs"), "docx": ("Word document", "Word documents"), "txt": (".txt file", ".txt files"),
             "xlsx": ("spreadsheet", "Excel spreadsheets"), "png": ("PNG image", "PNG images"),
             "pptx": ("PowerPoint deck", "PowerPoint decks"), "jpg": ("JPEG", "JPEGs"), "csv": ("CSV file", "CSV files"),
             "md": ("markdown file", "markdown files"), "zip": ("zip archive", "zip archives")}


def mk_attachments_ext(c: Ctx) -> list[Instance]:
    out = []
    names = c.f.attachments_of(c.f.all_emails())
    for ext, (one, many) in EXT_WORDS.items():
        ans = sorted(c.o.ext(names, ext))
        if ok(ans):
            out.append(Instance({"EXT": ext, "EXTS": many, "EXT1": one},
                                G("f", [E("e", "has_attachment", "f"), F("f", "extension", "=", ext)]), ans))
    return c.pick(out, len(out))


def mk_folders_from(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(c.senders(all_received=True, minimum=1), 300):
        ans = sorted(set().union(set(), *(c.f.folders_holding(n) for n in c.f.attachments_of(c.f.emails_from(a)))))
        if ans:
            gold, acc = from_graphs([E("e", "has_attachment", "f"), E("f", "parent", "dir"), name("p", c.f.people[a])],
                                    ret="dir")
            out.append(Instance(c.who(a), gold, ans, acc))
    return out[:30]


def attachments_sent_by_others(c: Ctx) -> dict[str, set[str]]:
    by_file: dict[str, set[str]] = {}
    for e in c.f.emails:
        for n in e.attachments:
            by_file.setdefault(n, set()).add(e.sender)
    return by_file


def mk_who_sent_file(c: Ctx) -> list[Instance]:
    out = []
    for n, senders in sorted(attachments_sent_by_others(c).items()):
        people = {s for s in senders if not c.f.is_self(s)}
        ids = c.f.emails_attaching([n])
        if people and not c.f.sent() & ids and ids <= c.received:
            gold = G("p", [E("e", "from", "p"), E("e", "has_attachment", "f"), name("f", n)])
            alt = G("p", [E("e", "from", "p"), E("e", "to", "self"), E("e", "has_attachment", "f"), name("f", n)])
            out.append(Instance({"F": n}, gold, sorted(people), [alt]))
    return c.pick(out, 30)


def mk_sender_conversations(c: Ctx) -> list[Instance]:
    """Paper Q3: who had email conversations with the person who sent F (the sender included)."""
    out = []
    for n, senders in sorted(attachments_sent_by_others(c).items()):
        people = {s for s in senders if not c.f.is_self(s)}
        if len(people) != 1 or c.f.is_self(next(iter(senders))) or len(senders) != 1:
            continue
        emails = set().union(*(c.f.emails_with(p) for p in people))
        ans = sorted(c.f.participants_of(emails))
        gold = G("p1", [E("e2", "participants", "p1"), E("e2", "participants", "p2"), E("e1", "from", "p2"),
                        E("e1", "has_attachment", "f"), name("f", n)])
        if ok(ans):
            out.append(Instance({"F": n}, gold, ans))
    return c.pick(out, 30)


def mk_folders_of_file(c: Ctx) -> list[Instance]:
    out = []
    attached = c.f.attachments_of(c.f.all_emails())
    for n in sorted(set(c.f.files.values()) & attached):
        ans = sorted(c.f.folders_holding(n))
        out.append(Instance({"F": n}, G("dir", [E("f", "parent", "dir"), name("f", n)]), ans))
    return c.pick(out, 30)


# ---- events -----------------------------------------------------------------------------------------

def attendees_pool(c: Ctx, minimum: int = 2) -> list[str]:
    return [a for a in c.f.people if len(c.f.events_of(a)) >= minimum]


def mk_coattendees(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(attendees_pool(c, 1), 30):
        ans = sorted(c.o.attendees(c.f.events_of(a)))
        gold = G("p1", [E("p1", "attended", "ev"), E("p2", "attended", "ev"), name("p2", c.f.people[a])])
        if ok(ans):
            out.append(Instance(c.who(a), gold, ans))
    return out


def mk_events_of(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(attendees_pool(c, 2), 30):
        ans = sorted(c.f.events_of(a))
        out.append(Instance(c.who(a), G("ev", [E("p", "attended", "ev"), name("p", c.f.people[a])]), ans))
    return out


PLACES = {  # a place as the calendar writes it (or a part of it) -> how a question says "at" it
    "Boardroom": "in the Boardroom", "Studio 3": "at Studio 3", "Zoom": "on Zoom", "Atlanta": "in Atlanta",
    "Paris": "in Paris", "Montréal": "in Montréal", "Brooklyn": "in Brooklyn", "Boston": "in Boston",
    "Lisbon": "in Lisbon", "Google Meet": "on Google Meet", "Bryant Park Grill": "at Bryant Park Grill",
    "Lobby": "in the Lobby", "Microsoft Teams": "on Microsoft Teams", "Room 12 (Cedar)": "in Room 12 (Cedar)",
    "New York": "in New York", "Blue Bottle Coffee": "at Blue Bottle Coffee", "WeWork": "at WeWork",
    "Piedmont Park": "at Piedmont Park", "Hotel Le Marais": "at Hotel Le Marais",
    "Café Lumière": "at Café Lumière", "Recurse Center": "at the Recurse Center",
}


def mk_events_at(c: Ctx) -> list[Instance]:
    out = []
    for pl, at in PLACES.items():
        ans = sorted(c.o.events_at(pl))
        if ans:
            out.append(Instance({"P": pl, "atP": at}, G("ev", [E("ev", "location", "pl"), name("pl", pl)]), ans))
    return c.pick(out, len(out))


def mk_events_in_month(c: Ctx, phrases: list | None = None) -> list[Instance]:
    out = []
    following = (c.f.today.replace(day=28) + timedelta(days=4)).replace(day=1)
    phrases = phrases or month_phrases(c.f.today) + recent_phrases(c.f.today) + [
        ("next month", month_range(following.year, following.month)),
        ("this month", month_range(c.f.today.year, c.f.today.month))]
    for phrase, (s, e) in phrases:
        ans = sorted(c.o.events_between(s, e))
        if ok(ans):
            out.append(Instance({"M": phrase}, G("ev", [E("ev", "occurred_on", "d"), F("d", "value", "=", phrase)]), ans))
    return c.pick(out, len(out))


TITLE_WORDS = ("kickoff", "retro", "book club", "standup", "office hours", "design review", "brainstorm",
               "budget review", "team sync", "customer call", "coffee", "lunch", "offsite", "interview",
               "planning", "catch-up", "meetup", "all-hands")


def mk_events_titled(c: Ctx) -> list[Instance]:
    out = []
    for w in TITLE_WORDS:
        ans = sorted(c.o.events_titled(w))
        if ok(ans):
            out.append(Instance({"T": w}, G("ev", [F("ev", "name", "contains", w)]), ans))
    return c.pick(out, len(out))


GATHERINGS = ("kickoff", "retro", "book club", "standup", "office hours", "design review", "team sync",
              "budget review", "customer call", "meetup", "all-hands", "brainstorm", "offsite")


def mk_who_at_titled(c: Ctx) -> list[Instance]:
    out = []
    for w in GATHERINGS:
        ans = sorted(c.o.attendees(c.o.events_titled(w)))
        if ok(ans):
            out.append(Instance({"T": w}, G("p", [E("p", "attended", "ev"), F("ev", "name", "contains", w)]), ans))
    return c.pick(out, len(out))


def mk_place_of(c: Ctx) -> list[Instance]:
    out = []
    personal = {"Dentist", "Gym", "Pick up dry cleaning", "Haircut", "Car service", "Yoga", "Piano lesson",
                "Parent-teacher conference", "Flight to Lisbon", "Doctor's appointment"}  # corpus.PERSONAL
    titles = sorted({ev.summary for ev in c.f.events if ev.location and ev.summary not in personal
                     and ":" not in ev.summary and c.o.attendees([ev.uid])})
    for t in titles:
        uids = c.o.events_titled(t)
        ans = sorted(c.o.places_of(uids))
        if 1 <= len(ans) <= 2 and c.o.events_titled(t, exact=True) == uids:
            gold = G("pl", [E("ev", "location", "pl"), F("ev", "name", "=", t)])
            alt = G("pl", [E("ev", "location", "pl"), F("ev", "name", "contains", t)])
            out.append(Instance({"T": t}, gold, ans, [alt]))
    return c.pick(out, 30)


def discriminating_first(c: Ctx, scored: list[tuple[bool, Instance]]) -> list[Instance]:
    """Instances where the user's own attendance changes the answer first (they test the Self edge)."""
    picked = c.pick(scored, len(scored))
    return [i for d, i in picked if d] + [i for d, i in picked if not d]


def mk_met_at(c: Ctx) -> list[Instance]:
    out = []
    for pl, at in PLACES.items():
        events = c.o.events_at(pl)
        ans = sorted(c.o.attendees(c.o.mine(events)))
        gold = G("p", [E("p", "attended", "ev"), E("self", "attended", "ev"), E("ev", "location", "pl"), name("pl", pl)])
        if ok(ans):
            out.append((set(ans) != c.o.attendees(events), Instance({"P": pl, "atP": at}, gold, ans)))
    return discriminating_first(c, out)


def mk_met_in_month(c: Ctx, phrases: list | None = None) -> list[Instance]:
    out = []
    for phrase, (s, e) in phrases or month_phrases(c.f.today) + recent_phrases(c.f.today):
        events = c.o.events_between(s, e)
        ans = sorted(c.o.attendees(c.o.mine(events)))
        gold = G("p", [E("p", "attended", "ev"), E("self", "attended", "ev"), E("ev", "occurred_on", "d"),
                       F("d", "value", "=", phrase)])
        if ok(ans):
            out.append((set(ans) != c.o.attendees(events), Instance({"M": phrase}, gold, ans)))
    return discriminating_first(c, out)


# ---- links -------------------------------------------------------------------------------------------

def mk_links_from(c: Ctx) -> list[Instance]:
    out = []
    for a in c.pick(c.senders(all_received=True, minimum=1), 300):
        ans = sorted(c.f.urls_of(c.f.emails_from(a)))
        if 1 <= len(ans) <= MAX_ANSWER:
            gold, acc = from_graphs([E("e", "mentions_url", "w"), name("p", c.f.people[a])], ret="w")
            out.append(Instance(c.who(a), gold, ans, acc))
    return out[:30]


def mk_links_met_in_month(c: Ctx, phrases: list | None = None) -> list[Instance]:
    """Paper Q7 with the Self edge (Section 4.1)."""
    out = []
    def links(people: set[str]) -> set[str]:
        return c.f.urls_of(set().union(set(), *(c.f.emails_from(p) for p in people)))

    for phrase, (s, e) in phrases or month_phrases(c.f.today):
        events = c.o.events_between(s, e)
        ans = sorted(links(c.o.attendees(c.o.mine(events))))
        gold = G("w", [E("e", "mentions_url", "w"), E("e", "from", "p"), E("p", "attended", "ev"),
                       E("self", "attended", "ev"), E("ev", "occurred_on", "d"), F("d", "value", "=", phrase)])
        if ok(ans):
            out.append((set(ans) != links(c.o.attendees(events)), Instance({"M": phrase}, gold, ans)))
    return discriminating_first(c, out)


def mk_links_domain(c: Ctx) -> list[Instance]:
    out = []
    for d in ("github.com", "zoom.us", "arxiv.org", "wikipedia.org", "figma.com", "dropbox.com", "calendly.com",
              "nytimes.com", "jetblue.com", "amazon.com", "docs.google.com", "eventbrite.com", "theatlantic.com"):
        ans = sorted(c.o.urls_on(d))
        if ok(ans):
            gold = G("w", [E("e", "mentions_url", "w"), F("w", "url", "=", d)])
            out.append(Instance({"U": d}, gold, ans, [G("w", [F("w", "url", "=", d)])]))  # every URL is in an email
    return c.pick(out, len(out))


# =============================================================================================
# Templates: (part, style, text). Test templates are worded differently from every dev template.
# =============================================================================================

D, T = "dev", "test"

SHAPES: list[Shape] = [
    Shape("emails_from", mk_emails_from, [
        (D, "imperative", "Show me the emails from {X}"),
        (D, "wh", "Which emails did {X} send me?"),
        (D, "everything", "Everything {X} has sent me"),
        (D, "possessive", "{Xp} emails"),
        (D, "typo", "emials from {Xt}"),
        (D, "passive", "Find emails that were sent by {X}"),
        (T, "fragment", "emails from {X}"),
        (T, "lowercase", "all mail from {X}"),
        (T, "wh", "What has {X} emailed me?"),
        (T, "polite", "Could you please list the messages I got from {X}?"),
        (T, "everything", "anything {X} sent me"),
        (T, "lowercase", "messages from {X}"),
    ]),
    Shape("emails_to", mk_emails_to, [
        (D, "wh", "Which emails did I send {X}?"),
        (D, "fragment", "my emails to {X}"),
        (D, "lowercase", "mail i sent to {X}"),
        (D, "passive", "emails that were sent by me to {X}"),
        (D, "polite", "Can you show me everything I've written to {X}, please?"),
        (T, "imperative", "Find the emails I sent to {X}"),
        (T, "wh", "What did I email {X}?"),
        (T, "typo", "mesages I sent to {Xt}"),
        (T, "fragment", "messages from me to {X}"),
        (T, "imperative", "List what {SELF} sent to {X}"),
    ], per_template=1),
    Shape("emails_between", mk_emails_between, [
        (D, "imperative", "Show the emails between {X} and me"),
        (D, "fragment", "emails between me and {X}"),
        (D, "wh", "Which emails have {X} and I exchanged?"),
        (D, "imperative", "Find the emails between {X} and {SELF}"),
        (D, "typo", "emails betwen me and {Xt}"),
        (T, "lowercase", "correspondence with {X}"),
        (T, "wh", "What emails went back and forth between {X} and me?"),
        (T, "polite", "Could you pull up my email conversations with {X}?"),
        (T, "fragment", "{SELF} and {X} email threads"),
        (T, "lowercase", "all the mail between {X} and me"),
    ]),
    Shape("emails_from_in_month", mk_from_in_month, [
        (D, "wh", "Which emails did {X} send me {M}?"),
        (D, "possessive", "{Xp} emails {M}"),
        (D, "lowercase", "mail from {X} {M}"),
        (D, "polite", "Please find the messages {X} sent {M}"),
        (D, "passive", "Emails sent by {X} {M}"),
        (T, "fragment", "emails from {X} {M}"),
        (T, "imperative", "Show me what {X} emailed {M}"),
        (T, "wh", "What did {X} send me {M}?"),
        (T, "typo", "emails form {Xt} {M}"),
        (T, "everything", "everything from {X} {M}"),
    ], per_template=2),
    Shape("emails_from_before", bound_maker("<"), [
        (D, "fragment", "emails from {X} before {B}"),
        (D, "wh", "Which emails did {X} send me before {B}?"),
        (D, "imperative", "Show {Xp} emails from before {B}"),
        (D, "typo", "emails from {Xt} befor {B}"),
        (T, "lowercase", "mail from {X} before {B}"),
        (T, "wh", "What did {X} send me prior to {B}?"),
        (T, "polite", "Could you find {X}'s messages from earlier than {B}?"),
        (T, "passive", "messages sent by {X} prior to {B}"),
    ]),
    Shape("emails_from_since", bound_maker(">"), [
        (D, "fragment", "emails from {X} since {B}"),
        (D, "wh", "Which emails has {X} sent me since {B}?"),
        (D, "lowercase", "mail from {X} since {B}"),
        (D, "polite", "Please list {X}'s messages starting {B}"),
        (T, "imperative", "Show emails from {X} after {B}"),
        (T, "wh", "What has {X} emailed me from {B} onwards?"),
        (T, "typo", "emails frm {Xt} since {B}"),
        (T, "passive", "messages sent by {X} on or after {B}"),
    ]),
    Shape("last_email_from", ordinal_from_maker("last"), [
        (D, "imperative", "Find the last email from {X}"),
        (D, "wh", "What was the most recent email {X} sent me?"),
        (D, "fragment", "latest email from {X}"),
        (D, "possessive", "{Xp} last email"),
        (D, "typo", "the lastest emial from {Xt}"),
        (T, "lowercase", "last message from {X}"),
        (T, "wh", "When did I last hear from {X}?"),
        (T, "polite", "Could you show me the newest message from {X}?"),
        (T, "fragment", "most recent mail {X} sent me"),
        (T, "wh", "What's the last thing {X} emailed me?"),
    ]),
    Shape("first_email_from", ordinal_from_maker("first"), [
        (D, "wh", "What was the first email {X} sent me?"),
        (D, "fragment", "earliest email from {X}"),
        (D, "lowercase", "first message from {X}"),
        (D, "polite", "Please show me the oldest message from {X}"),
        (T, "imperative", "Find the first email from {X}"),
        (T, "wh", "When did {X} first email me?"),
        (T, "typo", "frist email from {Xt}"),
        (T, "possessive", "{Xp} very first email to me"),
    ]),
    Shape("first_email_to", ordinal_to_maker("first"), [
        (D, "imperative", "Show my first message to {X}"),
        (D, "wh", "What was the first email I sent to {X}?"),
        (D, "fragment", "earliest email I sent {X}"),
        (D, "typo", "the frist message i sent to {Xt}"),
        (T, "lowercase", "my first email to {X}"),
        (T, "wh", "When did I first write to {X}?"),
        (T, "polite", "Could you find the oldest email I sent {X}?"),
        (T, "imperative", "Find the first email {SELF} sent to {X}"),
    ]),
    Shape("last_email_to", ordinal_to_maker("last"), [
        (D, "wh", "What was my most recent email to {X}?"),
        (D, "fragment", "latest email I sent {X}"),
        (D, "lowercase", "my last message to {X}"),
        (D, "polite", "Please show the newest email I sent to {X}"),
        (T, "imperative", "Find the last email I sent to {X}"),
        (T, "wh", "When did I last write to {X}?"),
        (T, "typo", "my lastest email to {Xt}"),
        (T, "fragment", "the last thing I emailed {X}"),
    ]),
    Shape("count_emails_from", mk_count_from, [
        (D, "wh", "How many emails did {X} send me?"),
        (D, "imperative", "Count the emails from {X}"),
        (D, "fragment", "number of emails from {X}"),
        (D, "possessive", "count of {Xp} emails"),
        (D, "typo", "how mnay emails from {Xt}"),
        (T, "lowercase", "how many messages from {X}"),
        (T, "wh", "How many messages have I received from {X}?"),
        (T, "polite", "Could you tell me how many emails {X} has sent me?"),
        (T, "fragment", "total emails {X} sent me"),
        (T, "wh", "How often has {X} emailed me?"),
    ]),
    Shape("subject_contains", mk_subject, [
        (D, "wh", "Which emails have \"{W}\" in the subject line?"),
        (D, "fragment", "emails about {W}"),
        (D, "lowercase", "subject contains {W}"),
        (D, "fragment", "emails whose subject contains {W}"),
        (D, "polite", "Can you please find messages with the subject {W}?"),
        (T, "imperative", "Find emails with {W} in the subject"),
        (T, "wh", "What emails mention {W} in their subject?"),
        (T, "typo", "emails with {W} in the subjcet"),
        (T, "fragment", "messages titled {W}"),
        (T, "passive", "emails whose subject line includes \"{W}\""),
    ]),
    Shape("last_received_on_day", mk_last_received_on, [
        (D, "imperative", "Find the last email received on {D}"),
        (D, "wh", "What was the last email I got on {D}?"),
        (D, "fragment", "last email I received on {D}"),
        (D, "typo", "the last emial i recieved on {D}"),
        (T, "lowercase", "latest message received on {D}"),
        (T, "wh", "Which email arrived last on {D}?"),
        (T, "polite", "Could you show me the final email that came in on {D}?"),
        (T, "fragment", "most recent message to me on {D}"),
    ]),
    Shape("attachments_from", mk_attachments_from, [
        (D, "wh", "Which files did {X} send me?"),
        (D, "fragment", "attachments from {X}"),
        (D, "lowercase", "files {X} emailed me"),
        (D, "polite", "Please list the attachments I received from {X}"),
        (D, "everything", "every file {X} sent me"),
        (T, "imperative", "Show all attachments {X} sent"),
        (T, "possessive", "{Xp} attachments"),
        (T, "wh", "What files has {X} attached to emails?"),
        (T, "passive", "files that were sent by {X}"),
        (T, "typo", "atachments from {Xt}"),
    ]),
    Shape("attachments_ext", mk_attachments_ext, [
        (D, "imperative", "Find all the email attachments of type .{EXT}"),
        (D, "wh", "Which {EXTS} were attached to emails?"),
        (D, "fragment", ".{EXT} attachments"),
        (D, "typo", "atachments that are .{EXT} files"),
        (T, "lowercase", "{EXT} files attached to emails"),
        (T, "passive", "Which {EXTS} came as an email attachment?"),
        (T, "polite", "Could you list every {EXT1} I got as an attachment?"),
        (T, "fragment", "{EXTS} sent as attachments"),
    ]),
    Shape("folders_with_attachments_from", mk_folders_from, [
        (D, "wh", "Which folders hold files {X} sent me?"),
        (D, "lowercase", "where are the attachments from {X} saved"),
        (D, "polite", "Could you tell me which folders have the attachments {X} sent?"),
        (D, "passive", "folders where files sent by {X} are stored"),
        (T, "imperative", "Find the folders that contain email attachments from {X}"),
        (T, "fragment", "folders with {Xp} attachments"),
        (T, "wh", "Where did I save the files {X} emailed me?"),
        (T, "typo", "folders containing atachments from {Xt}"),
    ]),
    Shape("folders_of_file", mk_folders_of_file, [
        (D, "wh", "Which folders contain {F}?"),
        (D, "imperative", "Find the folder that holds {F}"),
        (D, "fragment", "folders with {F}"),
        (T, "wh", "Where is {F} saved?"),
        (T, "polite", "Can you tell me where {F} is stored on disk?"),
        (T, "typo", "whcih folder has {F}"),
    ]),
    Shape("who_sent_file", mk_who_sent_file, [
        (D, "wh", "Who sent me {F}?"),
        (D, "fragment", "sender of {F}"),
        (D, "lowercase", "who emailed me {F}"),
        (D, "polite", "Could you tell me who emailed {F}?"),
        (T, "imperative", "Find the person who sent {F}"),
        (T, "passive", "Who was {F} sent by?"),
        (T, "typo", "who snet {F}"),
        (T, "wh", "From whom did {F} come?"),
    ]),
    Shape("conversations_with_sender_of_file", mk_sender_conversations, [
        (D, "imperative", "Find out who had email conversations with the person who sent out the file {F}"),
        (D, "wh", "Who has emailed with the sender of {F}?"),
        (D, "fragment", "people in email threads with whoever sent {F}"),
        (T, "wh", "Who did the person that sent {F} exchange emails with?"),
        (T, "polite", "Could you list everyone who corresponded with the sender of {F}?"),
        (T, "typo", "people who emailed with the sendr of {F}"),
    ]),
    Shape("coattendees_of_person", mk_coattendees, [
        (D, "wh", "Who attended events with {X}?"),
        (D, "fragment", "people at meetings with {X}"),
        (D, "lowercase", "who was at events with {X}"),
        (D, "polite", "Could you list everyone who shared a meeting with {X}?"),
        (T, "imperative", "Find out who attended the events in which {X} was present"),
        (T, "wh", "Who went to the same events as {X}?"),
        (T, "typo", "who atended meetings with {Xt}"),
        (T, "possessive", "attendees of {Xp} events"),
    ]),
    Shape("events_of_person", mk_events_of, [
        (D, "wh", "Which events did {X} attend?"),
        (D, "imperative", "Show the meetings {X} attended"),
        (D, "possessive", "{Xp} events"),
        (D, "typo", "meetngs with {Xt}"),
        (T, "lowercase", "events {X} went to"),
        (T, "wh", "What meetings was {X} at?"),
        (T, "passive", "events that were attended by {X}"),
        (T, "polite", "Could you please list the events {X} was part of?"),
    ]),
    Shape("events_at_place", mk_events_at, [
        (D, "wh", "Which events were held {atP}?"),
        (D, "lowercase", "meetings {atP}"),
        (D, "passive", "events that took place {atP}"),
        (D, "polite", "Could you find every event with the location {P}?"),
        (T, "imperative", "Show the meetings {atP}"),
        (T, "fragment", "events {atP}"),
        (T, "wh", "What happened {atP}?"),
        (T, "typo", "evnets {atP}"),
    ], per_template=2),
    Shape("events_in_month", mk_events_in_month, [
        (D, "imperative", "List the meetings that took place {M}"),
        (D, "wh", "Which events were {M}?"),
        (D, "fragment", "events {M}"),
        (D, "typo", "meetigns {M}"),
        (T, "lowercase", "calendar events {M}"),
        (T, "wh", "What was on my calendar {M}?"),
        (T, "polite", "Can you show me the events scheduled {M}?"),
        (T, "passive", "events that were held {M}"),
    ], per_template=2),
    Shape("events_titled", mk_events_titled, [
        (D, "wh", "Which events mention {T} in the title?"),
        (D, "fragment", "{T} events"),
        (D, "lowercase", "meetings named {T}"),
        (D, "polite", "Could you find the calendar entries with \"{T}\" in their name?"),
        (T, "imperative", "Show the events with {T} in the title"),
        (T, "wh", "When were the {T} meetings?"),
        (T, "typo", "evnets titled {T}"),
        (T, "fragment", "all the {T} sessions"),
    ], per_template=2),
    Shape("who_attended_titled", mk_who_at_titled, [
        (D, "wh", "Who attended the {T}?"),
        (D, "imperative", "List the people at the {T} meetings"),
        (D, "typo", "who atended the {T}"),
        (D, "passive", "people who were present at the {T}"),
        (T, "fragment", "attendees of the {T}"),
        (T, "lowercase", "who went to the {T}"),
        (T, "wh", "Who was at the {T}?"),
        (T, "polite", "Could you tell me who came to the {T} events?"),
    ], per_template=2),
    Shape("place_of_event", mk_place_of, [
        (D, "wh", "Where did the {T} take place?"),
        (D, "fragment", "place of the {T}"),
        (D, "lowercase", "where was {T}"),
        (D, "polite", "Could you tell me where {T} happened?"),
        (T, "imperative", "Find the location of {T}"),
        (T, "wh", "Where was the {T} held?"),
        (T, "typo", "wher was the {T}"),
        (T, "possessive", "{T}'s location"),
    ]),
    Shape("people_met_at_place", mk_met_at, [
        (D, "wh", "Who did I meet {atP}?"),
        (D, "imperative", "Find the people I met {atP}"),
        (D, "fragment", "people I met {atP}"),
        (D, "typo", "peple I met {atP}"),
        (T, "lowercase", "who i met {atP}"),
        (T, "wh", "Who have I seen {atP}?"),
        (T, "polite", "Could you list the people I met with {atP}?"),
        (T, "fragment", "everyone I saw {atP}"),
    ], per_template=2),
    Shape("people_met_in_month", mk_met_in_month, [
        (D, "wh", "Who did I meet {M}?"),
        (D, "fragment", "people I met {M}"),
        (D, "lowercase", "who i met with {M}"),
        (D, "polite", "Could you tell me who I met with {M}?"),
        (T, "imperative", "Find the people I met {M}"),
        (T, "wh", "Who did I see {M}?"),
        (T, "typo", "peopel i met {M}"),
        (T, "fragment", "everyone I had meetings with {M}"),
    ], per_template=2),
    Shape("links_from_person", mk_links_from, [
        (D, "wh", "Which links did {X} email me?"),
        (D, "imperative", "Show the links {X} sent me"),
        (D, "fragment", "links from {X}"),
        (D, "possessive", "{Xp} links"),
        (D, "typo", "linsk from {Xt}"),
        (T, "lowercase", "urls {X} sent"),
        (T, "wh", "What websites has {X} shared with me?"),
        (T, "polite", "Could you find the web pages {X} mentioned in emails?"),
        (T, "passive", "URLs that were sent by {X}"),
        (T, "everything", "every link {X} ever sent me"),
    ]),
    Shape("links_from_people_met_in_month", mk_links_met_in_month, [
        (D, "wh", "Which links did people I met {M} send me?"),
        (D, "fragment", "links from people I met {M}"),
        (D, "lowercase", "webpages emailed by people i met {M}"),
        (D, "polite", "Could you show the URLs sent by anyone I met with {M}?"),
        (T, "imperative", "Find the webpage mentioned in the email from the person I met at an event {M}"),
        (T, "wh", "What links came from the people I saw {M}?"),
        (T, "typo", "linsk from peple I met {M}"),
        (T, "passive", "web pages that were emailed by people I met {M}"),
    ], per_template=2),
    Shape("links_to_domain", mk_links_domain, [
        (D, "wh", "Which {U} links were mentioned in emails?"),
        (D, "imperative", "Find the {U} pages in my email"),
        (D, "typo", "linsk on {U}"),
        (D, "passive", "web pages on {U} that were mentioned in mail"),
        (T, "fragment", "{U} links"),
        (T, "lowercase", "links to {U}"),
        (T, "wh", "What {U} URLs have I been sent?"),
        (T, "polite", "Could you list every link to {U}?"),
    ], per_template=2),
]


# =============================================================================================
# The second development part, "dev2": wordings written independently of dev and test (different askers:
# terse power users, chatty non-native speakers, phone dictation, synonyms, inverted orders, relative
# clauses, passives, one typo at most, partial names, the user's own name, other date spellings). Its
# questions come after every dev/test question (their ids and instances are unchanged). A shape listed in
# DEV2_MAKERS draws dev2 instances from its own maker (other date phrases); the others continue the shape's
# instance list where dev and test stopped. Styles in LOWER_STYLES are written in lower case.
# =============================================================================================

D2 = "dev2"
PARTS = (D, D2, T)
LOWER_STYLES = {"lowercase", "dictated", "terse"}


def dev2_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Other spellings of months and windows (DESIGN.md's Date rules; rolling windows run through today)."""
    tomorrow = today + timedelta(days=1)
    last = today.replace(day=1) - timedelta(days=1)
    out = []
    for text, m in (("during Oct", 10), ("in Nov", 11), ("in Sept", 9), ("during December", 12)):
        out.append((text, month_range(*bare_month(m, today))))
    y1, m1 = bare_month(1, today)
    out += [("in Sept 2025", month_range(2025, 9)), ("during July 2025", month_range(2025, 7)),
            ("in Q4 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in Q3 2025", (date(2025, 7, 1), date(2025, 10, 1))),
            ("in early January", (date(y1, m1, 1), date(y1, m1, 11))),
            ("in late 2025", (date(2025, 9, 1), date(2026, 1, 1))),
            ("over the past 2 weeks", (today - timedelta(days=14), tomorrow)),
            ("in the last 30 days", (today - timedelta(days=30), tomorrow)),
            ("last month", month_range(last.year, last.month))]
    return out


def dev2_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    return dev2_month_phrases(today) + [("next week", (monday + timedelta(days=7), monday + timedelta(days=14))),
                                        ("this week", (monday, monday + timedelta(days=7)))]


DEV2_BOUNDS = [("2025-01-01", date(2025, 1, 1)), ("1 Oct", date(2025, 10, 1)), ("Sept 1st 2025", date(2025, 9, 1)),
               ("1 June 2025", date(2025, 6, 1)), ("the 15th of August 2025", date(2025, 8, 15)),
               ("Nov 2025", date(2025, 11, 1)), ("07/01/2025", date(2025, 7, 1)), ("2025-04-15", date(2025, 4, 15))]


def dev2_day(d: date, i: int) -> str:
    """A day spelled one of several ways (ISO, day-month-year, ordinal, US numeric)."""
    month = MONTH_NAMES[d.month - 1]
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    forms = (d.isoformat(), f"{d.day} {month} {d.year}", f"{month[:3]} {d.day}{suffix}, {d.year}",
             f"{d.month:02d}/{d.day:02d}/{d.year}", f"the {d.day}{suffix} of {month} {d.year}")
    return forms[i % len(forms)]


DEV2_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, dev2_month_phrases(c.f.today)),
    "emails_from_before": bound_maker("<", DEV2_BOUNDS),
    "emails_from_since": bound_maker(">", DEV2_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, dev2_day),
    "events_in_month": lambda c: mk_events_in_month(c, dev2_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, dev2_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, dev2_month_phrases(c.f.today)),
}

DEV2_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text)
    "emails_from": [
        ("terse", "{X} mail"),
        ("chatty", "I want see the mails what {X} sent to me"),
        ("dictated", "um show me the emails from {X}"),
        ("synonym", "All correspondence from {Xf}"),
        ("selfname", "messages {X} sent to {SELF}"),
        ("inverted", "From {Xl}, all the emails"),
        ("relative", "the emails whose sender is {X}"),
    ],
    "emails_to": [
        ("terse", "sent mail to {X}"),
        ("chatty", "please I need the emails that I was writing to {Xf}"),
        ("selfname", "emails {SELF} sent to {X}"),
        ("synonym", "outgoing messages addressed to {X}"),
        ("typo", "messgaes I sent to {X}"),
        ("inverted", "To {Xl}, which emails did I write?"),
        ("dictated", "what did i email {X}"),
        ("synonym", "emails where I am the sender and {Xl} is one of the recipients"),
    ],
    "emails_between": [
        ("terse", "all mail with {X}"),
        ("chatty", "Show me please all the mails going between me and {Xf}, both directions"),
        ("selfname", "{SELF} and {X} correspondence"),
        ("wh", "Which messages went back and forth between {X} and me?"),
        ("dictated", "um emails me and {X} exchanged"),
        ("typo", "emails excahnged between {X} and me"),
        ("relative", "emails on which both {Xl} and I are participants"),
    ],
    "emails_from_in_month": [
        ("terse", "{X} mail {M}"),
        ("inverted", "From {X}, the emails {M}"),
        ("chatty", "I want see what emails {Xf} was sending me {M}"),
        ("dictated", "emails from {X} um {M}"),
        ("passive", "messages that were written by {Xl} {M}"),
        ("synonym", "{Xp} correspondence {M}"),
        ("wh", "Which messages came from {X} {M}?"),
        ("yesno", "Did {Xf} write to me {M}?"),
    ],
    "emails_from_before": [
        ("terse", "{X} emails before {B}"),
        ("inverted", "Before {B}, what emails did {X} send me?"),
        ("chatty", "I need the old mails from {Xf}, the ones before {B}"),
        ("dictated", "emails from {X} prior to {B}"),
        ("typo", "emails form {X} earlier than {B}"),
        ("passive", "Which messages were sent by {Xl} before {B}?"),
    ],
    "emails_from_since": [
        ("terse", "{X} mail since {B}"),
        ("inverted", "Since {B}, which emails came from {X}?"),
        ("chatty", "Show me all mails {Xf} has send me after {B}"),
        ("dictated", "emails {X} sent me from {B} onwards"),
        ("synonym", "correspondence from {X} on or after {B}"),
        ("relative", "the emails that {Xl} has sent me since {B}"),
    ],
    "last_email_from": [
        ("terse", "{X} latest mail"),
        ("wh", "When did {X} last email me?"),
        ("chatty", "What is the newest mail that {Xf} sent to me?"),
        ("dictated", "most recent message from {X}"),
        ("possessive", "{Xlp} newest email"),
        ("typo", "teh most recent email from {X}"),
        ("selfname", "last email {X} sent {SELF}"),
    ],
    "first_email_from": [
        ("terse", "{X} first mail"),
        ("wh", "When did {X} first write to me?"),
        ("chatty", "Which was the very first mail {Xf} sended me?"),
        ("dictated", "the oldest email from {X}"),
        ("inverted", "From {Xl}, the earliest message"),
        ("typo", "the erliest email {X} sent me"),
    ],
    "first_email_to": [
        ("terse", "first mail to {X}"),
        ("wh", "When did I first email {X}?"),
        ("chatty", "What was the first mail that I was writing to {Xf}?"),
        ("selfname", "the earliest email {SELF} sent to {X}"),
        ("dictated", "um my oldest message to {X}"),
        ("typo", "my earliset message to {X}"),
    ],
    "last_email_to": [
        ("terse", "last mail to {X}"),
        ("wh", "When did I most recently reach out to {X} by email?"),
        ("chatty", "Which one is the newest mail I have sent for {Xf}?"),
        ("selfname", "{SELF}'s most recent email to {X}"),
        ("dictated", "the last email i wrote to {X}"),
        ("typo", "my most recnet email to {X}"),
    ],
    "count_emails_from": [
        ("terse", "count {X} mail"),
        ("wh", "How many messages has {Xf} sent me?"),
        ("chatty", "how much emails I got from {X}?"),
        ("dictated", "how many emails did i get from {X}"),
        ("synonym", "total number of messages authored by {X}"),
        ("possessive", "How many of {Xlp} emails are there?"),
        ("typo", "how many emails has {Xt} sent"),
    ],
    "subject_contains": [
        ("terse", "subj {W}"),
        ("yesno", "Is there an email with {W} in its subject?"),
        ("chatty", "I search the mails where the title say {W}"),
        ("dictated", "emails with {W} in the subject line"),
        ("synonym", "mails carrying the subject {W}"),
        ("relative", "the emails whose subject line mentions \"{W}\""),
    ],
    "last_received_on_day": [
        ("terse", "last incoming email on {D}"),
        ("wh", "What was the final message that reached me on {D}?"),
        ("chatty", "Which is the last mail I have receive on {D}?"),
        ("dictated", "the most recent email i got on {D}"),
        ("inverted", "On {D}, which email did I get last?"),
        ("synonym", "latest inbound message dated {D}"),
    ],
    "attachments_from": [
        ("terse", "{X} attachments"),
        ("synonym", "docs {Xf} emailed me"),
        ("chatty", "Give me all the files what {X} attached in mails to me"),
        ("dictated", "what files did {X} send me"),
        ("passive", "attachments that were sent to me by {Xl}"),
        ("typo", "attachements from {X}"),
        ("yesno", "Did {X} ever send me any attachments?"),
    ],
    "attachments_ext": [
        ("terse", "all {EXT} attachments"),
        ("wh", "Which email attachments are {EXTS}?"),
        ("chatty", "I look for every {EXT1} that is attached on some email"),
        ("dictated", "um find attachments ending in {EXT}"),
        ("synonym", "files with extension {EXT} that came as attachments"),
        ("relative", "attachments whose file type is {EXT}"),
    ],
    "folders_with_attachments_from": [
        ("terse", "folders for {X} attachments"),
        ("wh", "Where on disk did I save the files {X} sent me?"),
        ("chatty", "In which folder I put the attachments that {Xf} was sending me?"),
        ("dictated", "which directories have the files from {X}"),
        ("synonym", "directories containing the docs sent by {Xl}"),
        ("typo", "which foldres hold attachments from {X}"),
    ],
    "folders_of_file": [
        ("terse", "{F} folder"),
        ("wh", "Where does {F} live on my drive?"),
        ("chatty", "In what folder I can find the file {F}?"),
        ("dictated", "where did i put {F}"),
        ("synonym", "directory of {F}"),
        ("typo", "wich folder has {F}"),
    ],
    "who_sent_file": [
        ("terse", "{F} sender"),
        ("synonym", "Who was the author of the email with {F} attached?"),
        ("chatty", "Who is the person that sended me the file {F}?"),
        ("dictated", "who sent {F}"),
        ("passive", "By whom was {F} sent to me?"),
        ("inverted", "The file {F}: who emailed it?"),
    ],
    "conversations_with_sender_of_file": [
        ("wh", "Who did the sender of {F} exchange emails with?"),
        ("chatty", "Which peoples have email conversations with the person who send {F}?"),
        ("dictated", "people who emailed with whoever sent {F}"),
        ("synonym", "correspondents of the person who mailed out {F}"),
        ("relative", "everyone who has corresponded with the one who emailed {F}"),
    ],
    "coattendees_of_person": [
        ("terse", "{X} co-attendees"),
        ("wh", "Who has been in meetings together with {Xf}?"),
        ("chatty", "Which persons was in the same events like {X}?"),
        ("dictated", "um who was in meetings alongside {X}"),
        ("synonym", "colleagues who joined get-togethers with {Xl}"),
        ("inverted", "Same events as {X}: who attended?"),
    ],
    "events_of_person": [
        ("terse", "{X} meetings"),
        ("wh", "What meetings has {Xf} been to?"),
        ("chatty", "Show me the events where {X} was participating"),
        ("dictated", "what events did {X} go to"),
        ("synonym", "calendar invites {Xl} attended"),
        ("passive", "Which gatherings were joined by {X}?"),
        ("typo", "evnets {X} attended"),
    ],
    "events_at_place": [
        ("terse", "{P} meetings"),
        ("wh", "What meetings were {atP}?"),
        ("chatty", "Which events was {atP}?"),
        ("dictated", "um meetings held {atP}"),
        ("synonym", "get-togethers whose venue was {P}"),
        ("relative", "events with {P} as the location"),
        ("inverted", "{atP}, which events took place?"),
        ("synonym", "hangouts {atP}"),
    ],
    "events_in_month": [
        ("terse", "calendar {M}"),
        ("wh", "What was on the calendar {M}?"),
        ("chatty", "Which meetings there were {M}?"),
        ("dictated", "events scheduled {M}"),
        ("synonym", "get-togethers {M}"),
        ("inverted", "{M}, what events were there?"),
        ("typo", "calender events {M}"),
    ],
    "events_titled": [
        ("terse", "{T} meetings"),
        ("wh", "When were the {T} sessions?"),
        ("chatty", "I search the events what have {T} in the name"),
        ("dictated", "calendar entries called {T}"),
        ("synonym", "invites titled {T}"),
        ("relative", "meetings whose title contains \"{T}\""),
    ],
    "who_attended_titled": [
        ("terse", "{T} attendees"),
        ("wh", "Who came to the {T}?"),
        ("chatty", "Which people was joining the {T} meetings?"),
        ("dictated", "um who showed up at the {T}"),
        ("synonym", "participants of the {T}"),
        ("passive", "By whom was the {T} attended?"),
        ("typo", "who was at teh {T}"),
    ],
    "place_of_event": [
        ("terse", "{T} venue"),
        ("wh", "At what venue did the {T} take place?"),
        ("chatty", "In which place was happening the {T}?"),
        ("dictated", "where did the {T} happen"),
        ("synonym", "location of {T}"),
        ("typo", "whre was the {T}"),
    ],
    "people_met_at_place": [
        ("dictated", "who i saw {atP}"),
        ("wh", "Who have I met with {atP}?"),
        ("chatty", "Which persons I was meeting {atP}?"),
        ("synonym", "colleagues I saw {atP}"),
        ("selfname", "people {SELF} met {atP}"),
        ("inverted", "{atP}, who did I meet?"),
        ("typo", "poeple I saw {atP}"),
        ("yesno", "Have I met anyone {atP}?"),
    ],
    "people_met_in_month": [
        ("wh", "Whom did I get together with {M}?"),
        ("chatty", "Which people I have met {M}?"),
        ("dictated", "um who did i meet with {M}"),
        ("selfname", "who did {SELF} meet {M}"),
        ("inverted", "{M}, who did I meet with?"),
        ("synonym", "colleagues I met {M}"),
    ],
    "links_from_person": [
        ("terse", "{X} urls"),
        ("wh", "What web addresses has {Xf} sent me?"),
        ("chatty", "Give me the links what {X} was putting in the mails to me"),
        ("dictated", "links {X} emailed me"),
        ("synonym", "URLs in emails from {Xl}"),
        ("possessive", "{Xp} shared web pages"),
        ("typo", "lnks in mail from {X}"),
    ],
    "links_from_people_met_in_month": [
        ("wh", "Which URLs did the people I met {M} put in their emails?"),
        ("chatty", "I want the links from the persons what I met {M}"),
        ("dictated", "web addresses from people i saw {M}"),
        ("selfname", "links sent by people {SELF} met {M}"),
        ("relative", "web pages mentioned in emails from anyone I met with {M}"),
        ("inverted", "From the people I met {M}, the links"),
    ],
    "links_to_domain": [
        ("terse", "{U} urls in mail"),
        ("wh", "Which {U} URLs show up in my mail?"),
        ("chatty", "I need all links to {U} what are in emails"),
        ("dictated", "um web addresses on {U}"),
        ("synonym", "URLs pointing to {U}"),
        ("relative", "links whose web address is on {U}"),
    ],
}


# =============================================================================================
# The third development part, "dev3": wordings written independently of dev, dev2 and test (an executive
# dictating to an assistant, searching from memory, bare keywords in any order, long rambling asks with
# asides, British/Indian/US idioms, quantifiers, nominalised forms, comparative time words, "for me"
# imperatives, attachment scoping, the user's own name or address, ordinal/place/people synonyms; one typo
# at most). Its questions come after dev2's. A shape listed in DEV3_MAKERS draws dev3 instances from its own
# maker (other date phrases and day spellings); the others continue the shape's instance list where dev2
# stopped.
# =============================================================================================

D3 = "dev3"
PARTS = (D, D2, T, D3)
LOWER_STYLES = LOWER_STYLES | {"keywords"}


def dev3_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """More spellings of months, parts of months, quarters, spans and rolling windows (DESIGN.md's Date rules)."""
    tomorrow = today + timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    back2 = date(today.year - (today.month <= 2), (today.month - 3) % 12 + 1, today.day)
    last = today.replace(day=1) - timedelta(days=1)
    y11, _ = bare_month(11, today)
    y10, _ = bare_month(10, today)
    return [("in mid-November", (date(y11, 11, 11), date(y11, 11, 21))),
            ("in late October", (date(y10, 10, 21), date(y10, 11, 1))),
            ("in Q2 2025", (date(2025, 4, 1), date(2025, 7, 1))),
            ("between March and May 2025", (date(2025, 3, 1), date(2025, 6, 1))),
            ("from August to October 2025", (date(2025, 8, 1), date(2025, 11, 1))),
            ("a month ago", month_range(last.year, last.month)),
            ("in the last 6 weeks", (today - timedelta(weeks=6), tomorrow)),
            ("within the past 2 months", (back2, tomorrow)),
            ("last December", month_range(today.year - 1, 12)),  # the latest December before this month
            ("two weeks ago", (monday - timedelta(days=14), monday - timedelta(days=7))),
            ("in 06/2025", month_range(2025, 6))]


def dev3_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev3_month_phrases(today) + [("in March 2026", month_range(2026, 3)),
                                        ("yesterday", (today - timedelta(days=1), today))]


DEV3_BOUNDS = [("Q3 2025", date(2025, 7, 1)), ("Feb 2025", date(2025, 2, 1)), ("May 1st, 2025", date(2025, 5, 1)),
               ("10 March 2025", date(2025, 3, 10)), ("2025-11-15", date(2025, 11, 15)),
               ("12/01/2025", date(2025, 12, 1)), ("October 2025", date(2025, 10, 1))]
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def dev3_day(d: date, i: int) -> str:
    """A day spelled with its weekday, British day-first, or US month-first without a comma."""
    month = MONTH_NAMES[d.month - 1]
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    forms = (f"{WEEKDAYS[d.weekday()]}, {month[:3]} {d.day}, {d.year}", f"{d.day}{suffix} {month} {d.year}",
             f"{month} {d.day} {d.year}", f"{WEEKDAYS[d.weekday()][:3]} {d.day} {month[:3]} {d.year}")
    return forms[i % len(forms)]


def dev3_before(c: Ctx) -> list[Instance]:
    """Bounds before a day, with slot BL = the last day before it ("up to June 30, 2025" = "before Q3 2025")."""
    days = dict(DEV3_BOUNDS)
    out = bound_maker("<", DEV3_BOUNDS)(c)
    for inst in out:
        last = days[inst.slots["B"]] - timedelta(days=1)
        inst.slots["BL"] = f"{MONTH_NAMES[last.month - 1]} {last.day}, {last.year}"
    return out


DEV3_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, dev3_month_phrases(c.f.today)),
    "emails_from_before": dev3_before,
    "emails_from_since": bound_maker(">", DEV3_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, dev3_day),
    "events_in_month": lambda c: mk_events_in_month(c, dev3_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, dev3_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, dev3_month_phrases(c.f.today)),
}

DEV3_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELFADDR} = the user's address
    "emails_from": [
        ("executive", "Pull up everything {X} has emailed me"),
        ("memory", "the emails I remember getting from {Xf}"),
        ("keywords", "from {Xl} mails"),
        ("idiom", "Kindly share the mails received from {X}"),
        ("quantifier", "every single email {X} ever sent me"),
        ("forme", "Grab me the messages from {X}, would you"),
        ("selfaddr", "emails from {X} to {SELFADDR}"),
    ],
    "emails_to": [
        ("executive", "Dig out the emails I fired off to {X}"),
        ("rambling", "I'm trying to remember what I told {X} - can you list every email I've sent them?"),
        ("keywords", "outbox {X}"),
        ("nominal", "my correspondence addressed to {X}"),
        ("selfaddr", "messages sent from {SELFADDR} to {X}"),
        ("idiom", "Kindly list the mails I have sent to {Xf}"),
        ("quantifier", "each email I've sent {Xl}"),
    ],
    "emails_between": [
        ("executive", "Pull up all my back-and-forth with {X}"),
        ("keywords", "emails {X} and me"),
        ("selfname", "correspondence between {SELF} and {Xf}"),
        ("quantifier", "any email that involved both {X} and me"),
        ("idiom", "All mails exchanged between myself and {X}, kindly"),
        ("rambling", "I need to reconstruct what happened with {Xl}, so every email we were both on, please"),
        ("scoping", "my emails to or from {X}"),
    ],
    "emails_from_in_month": [
        ("executive", "Pull up what {X} sent me {M}"),
        ("keywords", "{Xl} emails {M}"),
        ("memory", "the mail I think {Xf} sent me {M}"),
        ("idiom", "Kindly fetch the mails {X} sent {M}"),
        ("rambling", "So {M} {X} was emailing me quite a bit, I think; can you show me those messages?"),
        ("nominal", "messages received from {X} {M}"),
        ("forme", "Find me {Xp} emails {M}"),
    ],
    "emails_from_before": [
        ("comparative", "emails from {X} dated earlier than {B}"),
        ("executive", "Dig out {Xp} emails from before {B}"),
        ("keywords", "{Xl} before {B}"),
        ("idiom", "Mails from {X} older than {B}, please"),
        ("nominal", "correspondence from {X} predating {B}"),
        ("quantifier", "any email {Xf} sent me ahead of {B}"),
        ("comparative", "emails from {X} up to {BL}"),
        ("comparative", "{Xp} mail no later than {BL}"),
    ],
    "emails_from_since": [
        ("comparative", "emails from {X} from {B} onward"),
        ("executive", "Grab me everything {X} sent after {B}"),
        ("keywords", "{Xl} since {B}"),
        ("comparative", "mail from {X} newer than {B}"),
        ("idiom", "Kindly list mails from {X} starting from {B}"),
        ("nominal", "messages received from {Xf} from {B} on"),
        ("comparative", "{Xp} emails no earlier than {B}"),
        ("comparative", "mail from {X} dated {B} or later"),
    ],
    "last_email_from": [
        ("executive", "Pull up the latest thing {X} sent me"),
        ("ordinal", "newest message from {X}"),
        ("keywords", "last one from {X}"),
        ("memory", "the most recent note I got from {Xf}"),
        ("idiom", "What's the latest mail {X} has dropped me?"),
        ("selfname", "the newest email {X} sent to {SELF}"),
    ],
    "first_email_from": [
        ("ordinal", "the very first email from {X}"),
        ("executive", "Dig out the earliest message {X} ever sent me"),
        ("keywords", "first {X} email"),
        ("memory", "the first time {Xf} emailed me - which message was it?"),
        ("rambling", "Out of all the mail {X} has sent me over the years, which was the oldest one?"),
        ("idiom", "Kindly find the first mail received from {Xl}"),
    ],
    "first_email_to": [
        ("ordinal", "the very first message I sent {X}"),
        ("executive", "Pull up the earliest email I ever wrote to {X}"),
        ("keywords", "oldest sent {X}"),
        ("memory", "my initial email to {Xf}"),
        ("selfaddr", "the earliest message {SELFADDR} sent to {X}"),
        ("idiom", "Which was the first mail I had sent to {Xl}?"),
    ],
    "last_email_to": [
        ("ordinal", "the newest message I sent {X}"),
        ("executive", "Grab the last thing I emailed {X}"),
        ("keywords", "latest sent {Xl}"),
        ("memory", "when I last wrote to {Xf}, which email was that?"),
        ("rambling", "I owe {X} a reply, I think, but first show me the most recent email I sent them"),
        ("forme", "Find me my latest email to {X}"),
    ],
    "count_emails_from": [
        ("executive", "Tell me how many emails {X} has sent me"),
        ("keywords", "{Xl} email count"),
        ("quantifier", "How many emails in total came from {X}?"),
        ("idiom", "What is the count of mails received from {X}?"),
        ("nominal", "the number of messages from {Xf}"),
        ("rambling", "{X} keeps emailing me - how many messages have I had from them altogether?"),
    ],
    "subject_contains": [
        ("keywords", "{W} subject"),
        ("memory", "the emails I half remember with \"{W}\" somewhere in the subject"),
        ("executive", "Pull up anything with {W} in the subject line"),
        ("quantifier", "every message with {W} in its subject"),
        ("idiom", "Kindly search mails having subject {W}"),
        ("forme", "Find me messages titled {W}"),
    ],
    "last_received_on_day": [
        ("executive", "Pull up the last email that came in on {D}"),
        ("ordinal", "the latest message I received on {D}"),
        ("keywords", "last inbox email {D}"),
        ("memory", "the final email I got that day, {D}"),
        ("nominal", "the last email received by me on {D}"),
        ("forme", "Find me the most recent incoming mail dated {D}"),
    ],
    "attachments_from": [
        ("scoping", "attachments in emails from {X}"),
        ("scoping", "files {X} attached"),
        ("executive", "Pull up the documents {X} sent over"),
        ("keywords", "{Xl} files"),
        ("memory", "the files I remember {Xf} sending me"),
        ("quantifier", "each attachment {X} has sent me"),
        ("idiom", "Kindly share all the attachments received from {X}"),
    ],
    "attachments_ext": [
        ("keywords", "attached {EXT} files"),
        ("executive", "Pull up every {EXT1} anyone attached to an email"),
        ("quantifier", "any {EXTS} that came in as attachments"),
        ("memory", "those {EXTS} people emailed around"),
        ("nominal", "attachments of the {EXT} kind"),
        ("forme", "Find me all the .{EXT} files attached to emails"),
    ],
    "folders_with_attachments_from": [
        ("executive", "Which folders did I file {Xp} attachments in?"),
        ("keywords", "folders {Xl} attachments"),
        ("memory", "where did I stash the stuff {Xf} emailed me"),
        ("nominal", "storage location of the files from {X}"),
        ("scoping", "folders containing files that {X} attached"),
        ("idiom", "Kindly tell in which folders the attachments of {X} are kept"),
    ],
    "folders_of_file": [
        ("executive", "Pull up the folder {F} is in"),
        ("keywords", "path {F}"),
        ("memory", "I saved {F} somewhere, which folder was it"),
        ("quantifier", "every folder that has a copy of {F}"),
        ("idiom", "Kindly tell me where {F} is kept"),
    ],
    "who_sent_file": [
        ("executive", "Figure out who sent over {F}"),
        ("keywords", "{F} from whom"),
        ("nominal", "origin of {F}: which person mailed it"),
        ("memory", "someone sent me {F} - who was it?"),
        ("scoping", "people whose emails had {F} attached"),
        ("idiom", "Who all sent me {F}?"),
    ],
    "conversations_with_sender_of_file": [
        ("people", "folks who've traded emails with the sender of {F}"),
        ("executive", "Pull up everybody the sender of {F} has emailed with"),
        ("rambling", "There's a file, {F}, and whoever sent it - I want every person they've had email "
                     "conversations with"),
        ("nominal", "email contacts of the sender of {F}"),
        ("quantifier", "all participants in emails with the person who attached {F}"),
    ],
    "coattendees_of_person": [
        ("people", "attendees who shared events with {X}"),
        ("executive", "Get me the names of everyone {Xf} has been in meetings with"),
        ("keywords", "{Xl} meetings people"),
        ("people", "participants of the meetings {X} attended"),
        ("quantifier", "anyone who attended any event with {X}"),
        ("idiom", "Who all were in meetings along with {X}?"),
    ],
    "events_of_person": [
        ("executive", "Pull up every meeting {X} was at"),
        ("keywords", "events {Xl}"),
        ("memory", "those meetings I think {Xf} came to"),
        ("quantifier", "each event {X} was part of"),
        ("idiom", "Which all meetings did {X} attend?"),
        ("nominal", "{Xp} attendance at events"),
    ],
    "events_at_place": [
        ("venue", "meetings with location {P}"),
        ("keywords", "{P} events"),
        ("executive", "Pull up every meeting held {atP}"),
        ("memory", "what was scheduled {atP}"),
        ("quantifier", "every single event {atP}"),
        ("idiom", "Kindly list the meetings happening {atP}"),
        ("venue", "Which gatherings had {P} as their spot?"),
    ],
    "events_in_month": [
        ("executive", "Pull up my calendar {M}"),
        ("keywords", "{M} events"),
        ("nominal", "the schedule of meetings {M}"),
        ("quantifier", "every event {M}"),
        ("idiom", "What all meetings were there {M}?"),
        ("forme", "List me the events {M}"),
    ],
    "events_titled": [
        ("keywords", "{T} calendar"),
        ("executive", "Pull up all the {T} meetings"),
        ("memory", "those {T} things on my calendar"),
        ("quantifier", "every event called something like {T}"),
        ("nominal", "occurrences of {T} on the calendar"),
        ("idiom", "Kindly show the {T} sessions"),
    ],
    "who_attended_titled": [
        ("people", "folks at the {T}"),
        ("people", "attendees of the {T} meetings"),
        ("nominal", "attendance at the {T}"),
        ("executive", "Get me a list of who joined the {T}"),
        ("quantifier", "everyone who was at any {T}"),
        ("idiom", "Who all attended the {T}?"),
    ],
    "place_of_event": [
        ("venue", "What venue was the {T} at?"),
        ("venue", "which spot was {T} held at"),
        ("keywords", "{T} location"),
        ("executive", "Remind me where the {T} was"),
        ("memory", "I forget where we had the {T}"),
        ("idiom", "Kindly tell the venue of {T}"),
    ],
    "people_met_at_place": [
        ("people", "folks I met up with {atP}"),
        ("executive", "Pull up everyone I saw {atP}"),
        ("keywords", "people met {atP}"),
        ("selfname", "Whom has {SELF} met with {atP}?"),
        ("nominal", "my meetings {atP}: who were the other attendees?"),
        ("people", "contacts I've met {atP}"),
    ],
    "people_met_in_month": [
        ("people", "folks I met {M}"),
        ("executive", "Pull up the people I met with {M}"),
        ("keywords", "people met {M}"),
        ("nominal", "my meetings {M}: who else attended?"),
        ("selfname", "Which people did {SELF} see {M}?"),
        ("idiom", "Who all did I meet {M}?"),
    ],
    "links_from_person": [
        ("scoping", "web links {X} put in emails to me"),
        ("executive", "Pull up the links {Xf} shared"),
        ("keywords", "{Xl} links email"),
        ("memory", "the websites {Xf} pointed me to by email"),
        ("quantifier", "every URL in {Xp} emails"),
        ("idiom", "Kindly share the web links received from {X}"),
    ],
    "links_from_people_met_in_month": [
        ("people", "links from folks I met {M}"),
        ("executive", "Pull up the URLs sent by whoever I met with {M}"),
        ("rambling", "I met a bunch of people {M} and some of them emailed me links - what were they?"),
        ("nominal", "web pages shared by contacts I saw {M}"),
        ("keywords", "links people met {M}"),
        ("quantifier", "every link emailed by anyone I met {M}"),
    ],
    "links_to_domain": [
        ("keywords", "mail links {U} any"),
        ("executive", "Pull up every {U} link anybody has emailed around"),
        ("memory", "the {U} pages I vaguely recall turning up in my mail"),
        ("quantifier", "any and all links to {U} sitting in emails"),
        ("idiom", "Kindly list out the {U} links present in mails"),
        ("forme", "Find me the {U} web pages my mail mentions"),
    ],
}


# =============================================================================================
# The second held-out part, "test2": wordings written independently of every other part and never shown to
# whoever tunes the parser (only aggregate figures are reported). Askers of every kind: wh-questions,
# commands, fragments and keywords, lower case, one small typo, possessives, passives, politeness, long
# questions with asides, synonyms, the user's own name or address, unique first or last names, other date
# spellings. Its questions follow dev3's; shapes in TEST2_MAKERS draw instances with their own date phrases,
# the others continue where dev3 stopped.
# =============================================================================================

T2 = "test2"
PARTS = (D, D2, T, D3, T2)


def test2_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Yet other spellings of months, spans, years and rolling windows (DESIGN.md's Date rules)."""
    tomorrow = today + timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    back6 = date(today.year - (today.month <= 6), (today.month - 7) % 12 + 1, today.day)
    last = today.replace(day=1) - timedelta(days=1)
    y12, _ = bare_month(12, today)
    y8, _ = bare_month(8, today)
    return [("in April 2025", month_range(2025, 4)),
            ("in Aug", month_range(y8, 8)),
            ("in September of 2025", month_range(2025, 9)),
            ("from June through August 2025", (date(2025, 6, 1), date(2025, 9, 1))),
            ("in early December", (date(y12, 12, 1), date(y12, 12, 11))),
            ("in the previous month", month_range(last.year, last.month)),
            ("in the past six months", (back6, tomorrow)),
            ("three weeks ago", (monday - timedelta(days=21), monday - timedelta(days=14))),
            ("in 2025/10", month_range(2025, 10))]


def test2_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test2_month_phrases(today) + [("in 2025", (date(2025, 1, 1), date(2026, 1, 1)))]


TEST2_BOUNDS = [("April 30, 2025", date(2025, 4, 30)), ("2 Sep 2025", date(2025, 9, 2)),
                ("Nov 1 2025", date(2025, 11, 1)), ("2025-05-20", date(2025, 5, 20)),
                ("Aug 2025", date(2025, 8, 1)), ("31 Jan 2025", date(2025, 1, 31)),
                ("June 30th, 2025", date(2025, 6, 30))]


def test2_day(d: date, i: int) -> str:
    """A day spelled with a short weekday, an abbreviated month with a period, ordinal without comma, slashes."""
    month = MONTH_NAMES[d.month - 1]
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    forms = (f"{WEEKDAYS[d.weekday()][:3]}, {month[:3]} {d.day}, {d.year}", f"{month[:3]}. {d.day} {d.year}",
             f"{month} {d.day}{suffix} {d.year}", f"{d.year}/{d.month:02d}/{d.day:02d}")
    return forms[i % len(forms)]


TEST2_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, test2_month_phrases(c.f.today)),
    "emails_from_before": bound_maker("<", TEST2_BOUNDS),
    "emails_from_since": bound_maker(">", TEST2_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, test2_day),
    "events_in_month": lambda c: mk_events_in_month(c, test2_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, test2_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, test2_month_phrases(c.f.today)),
}

TEST2_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    "emails_from": [
        ("wh", "What emails have I gotten from {X}?"),
        ("keywords", "{X} mail received"),
        ("firstname", "Pull up {Xfp} messages to me"),
        ("polite", "Would you mind showing me the emails {X} has sent over?"),
        ("typo", "emails i recieved from {X}"),
        ("aside", "I'm trying to catch up on things - can you list every email {X} sent me, old ones included?"),
    ],
    "emails_to": [
        ("wh", "What have I written to {X} by email?"),
        ("keywords", "sent mail {X}"),
        ("passive", "Emails that {SELF} addressed to {X}"),
        ("synonym", "my outgoing notes to {X}"),
        ("polite", "Please pull together the emails I've sent {X}, thanks"),
        ("lastname", "Find every message I mailed to {Xl}"),
    ],
    "emails_between": [
        ("wh", "What has gone back and forth by email between {X} and myself?"),
        ("keywords", "me {X} email exchange"),
        ("selfaddr", "emails between {SELFADDR} and {X}"),
        ("synonym", "my whole email history with {X}"),
        ("aside", "Before my call tomorrow I want to reread everything - show all mail between {X} and me, both directions"),
    ],
    "emails_from_in_month": [
        ("wh", "Which messages came in from {X} {M}?"),
        ("keywords", "{X} emails {M} inbox"),
        ("firstname", "what did {Xf} email me {M}"),
        ("polite", "Could you find me anything {X} emailed {M}, please?"),
        ("passive", "mails sent to me by {X} {M}"),
        ("possessive", "Show {Xp} messages {M}"),
    ],
    "emails_from_before": [
        ("wh", "Which emails did {X} send me prior to {B}?"),
        ("keywords", "{X} mail before {B}"),
        ("polite", "Please list {Xp} emails dated earlier than {B}"),
        ("passive", "messages sent by {X} before {B}"),
        ("aside", "I'm looking for older stuff - everything {X} emailed me before {B}, nothing newer"),
        ("typo", "anything {Xt} mailed me before {B}"),
    ],
    "emails_from_since": [
        ("wh", "What has {X} sent me since {B}?"),
        ("keywords", "{X} emails after {B}"),
        ("polite", "Can you show me the mail from {X} starting {B}?"),
        ("passive", "emails written by {X} from {B} onwards"),
        ("possessive", "{Xp} messages since {B}"),
    ],
    "last_email_from": [
        ("wh", "What was the latest email {X} sent me?"),
        ("keywords", "newest mail {X}"),
        ("firstname", "When did {Xf} last write to me - show that email"),
        ("polite", "Could you pull up the most recent message from {X}?"),
        ("synonym", "{Xp} most recent note to me"),
        ("typo", "the last emial from {X}"),
    ],
    "first_email_from": [
        ("wh", "What was the very first email I got from {X}?"),
        ("keywords", "oldest mail {X}"),
        ("polite", "Please find the earliest message {X} ever sent me"),
        ("possessive", "{Xp} first email to me"),
        ("aside", "Out of curiosity, how did it all start - show me the first thing {X} emailed me"),
    ],
    "first_email_to": [
        ("wh", "Which was the first email I sent to {X}?"),
        ("keywords", "earliest sent {X}"),
        ("polite", "Can you find my very first message to {X}, please?"),
        ("selfname", "the first email {SELF} wrote to {X}"),
        ("synonym", "my initial note to {X}"),
        ("typo", "my frist email to {X}"),
    ],
    "last_email_to": [
        ("wh", "What did I last send {X} by email?"),
        ("keywords", "latest sent mail {X}"),
        ("polite", "Please show me the most recent message I wrote to {X}"),
        ("possessive", "the last email of mine to {X}"),
        ("synonym", "my newest reply to {X}"),
        ("lastname", "the final email I sent {Xl}"),
    ],
    "count_emails_from": [
        ("wh", "How many messages has {X} sent me?"),
        ("keywords", "number of emails {X}"),
        ("polite", "Could you count the emails I've received from {X}?"),
        ("typo", "how many emails did {X} snd me"),
        ("firstname", "total emails from {Xf}"),
    ],
    "subject_contains": [
        ("wh", "Which emails have '{W}' in their subject line?"),
        ("keywords", "subject: {W}"),
        ("polite", "Could you find the messages whose subject mentions {W}?"),
        ("passive", "emails titled with {W}"),
        ("synonym", "mail with a subject line about {W}"),
    ],
    "last_received_on_day": [
        ("wh", "What was the last email that reached me on {D}?"),
        ("keywords", "last incoming mail {D}"),
        ("polite", "Please show the final message I received on {D}"),
        ("passive", "the latest email delivered to me on {D}"),
        ("aside", "I lost track of it - on {D}, which email was the last one to arrive in my inbox?"),
    ],
    "attachments_from": [
        ("wh", "What files has {X} attached to emails to me?"),
        ("keywords", "attached files {X} inbox"),
        ("polite", "Could you list the attachments that came with {Xp} emails?"),
        ("passive", "documents attached by {X}"),
        ("synonym", "enclosures in mail from {X}"),
    ],
    "attachments_ext": [
        ("wh", "What {EXTS} were attached to emails?"),
        ("keywords", "{EXT} attachments mail"),
        ("polite", "Please list every {EXT1} that arrived as an email attachment"),
        ("passive", "{EXTS} that have been sent as attachments"),
        ("aside", "I need the {EXTS} - only the ones attached to messages, not random files on disk"),
    ],
    "folders_with_attachments_from": [
        ("wh", "Which folders have the files {X} attached to emails?"),
        ("keywords", "folders {X} attachments"),
        ("polite", "Could you tell me where on disk the attachments from {X} ended up?"),
        ("possessive", "directories holding {Xp} attachments"),
        ("aside", "I saved some of what {X} sent me somewhere - which folders hold those attachments?"),
    ],
    "folders_of_file": [
        ("wh", "Where on my disk is {F} stored?"),
        ("keywords", "folder {F}"),
        ("polite", "Could you tell me which directory {F} lives in?"),
        ("passive", "folders where {F} is saved"),
        ("synonym", "location of the file {F}"),
    ],
    "who_sent_file": [
        ("wh", "Who emailed me {F}?"),
        ("keywords", "{F} sent by whom"),
        ("polite", "Could you tell me who sent {F} as an attachment?"),
        ("passive", "by whom was {F} sent?"),
        ("aside", "I have {F} in my mail but forgot where it came from - who sent it?"),
    ],
    "conversations_with_sender_of_file": [
        ("wh", "Whom has the sender of {F} exchanged emails with?"),
        ("keywords", "{F} sender email contacts"),
        ("polite", "Please list the people who emailed with whoever sent {F}"),
        ("passive", "people corresponded with by the person who sent {F}"),
        ("aside", "Somebody sent {F} - who are all the people that person has had email threads with?"),
    ],
    "coattendees_of_person": [
        ("wh", "Who has been in meetings with {X}?"),
        ("keywords", "attendees events with {X}"),
        ("polite", "Could you list everyone who attended events together with {X}?"),
        ("possessive", "people at {Xp} events"),
        ("synonym", "who shared a calendar event with {X}"),
        ("firstname", "who attended meetings alongside {Xf}"),
    ],
    "events_of_person": [
        ("wh", "What events did {X} attend?"),
        ("keywords", "{X} calendar events"),
        ("polite", "Please show the meetings {X} was part of"),
        ("possessive", "{Xp} meetings"),
        ("lastname", "events {Xl} went to"),
    ],
    "events_at_place": [
        ("wh", "What was scheduled {atP}?"),
        ("keywords", "events location {P}"),
        ("polite", "Could you list the meetings held {atP}?"),
        ("passive", "events that were hosted {atP}"),
        ("synonym", "get-togethers {atP}"),
        ("aside", "I keep forgetting what happened there - which events were {atP}?"),
    ],
    "events_in_month": [
        ("wh", "What did my calendar have going on {M}?"),
        ("keywords", "calendar {M} all events"),
        ("polite", "Please list my appointments {M}"),
        ("passive", "meetings that were scheduled {M}"),
        ("synonym", "calendar entries {M}"),
    ],
    "events_titled": [
        ("wh", "Which events are called {T}?"),
        ("keywords", "calendar {T}"),
        ("polite", "Could you find every {T} on my calendar?"),
        ("passive", "events named {T}"),
        ("typo", "all teh {T} meetings"),
    ],
    "who_attended_titled": [
        ("wh", "Who turned up for the {T}?"),
        ("keywords", "attendee list {T}"),
        ("polite", "Could you tell me who was at the {T}?"),
        ("passive", "people who were invited to and attended the {T}"),
        ("aside", "For the thank-you notes - who all showed up at the {T}?"),
    ],
    "place_of_event": [
        ("wh", "Where was the {T} happening?"),
        ("keywords", "where {T} venue"),
        ("polite", "Could you tell me where {T} was held?"),
        ("possessive", "{T}'s venue"),
        ("synonym", "what was the address for {T}"),
    ],
    "people_met_at_place": [
        ("wh", "Who have I met {atP}?"),
        ("keywords", "people i met {P}"),
        ("polite", "Could you list the people I saw {atP}?"),
        ("selfname", "who did {SELF} meet with {atP}"),
        ("aside", "There was someone I met {atP} whose name escapes me - who were the people I met there?"),
    ],
    "people_met_in_month": [
        ("wh", "Who did I meet with {M}?"),
        ("keywords", "people met {M} me"),
        ("polite", "Please list everyone I saw {M}"),
        ("selfname", "whom did {SELF} meet {M}"),
        ("synonym", "folks I met up with {M}"),
        ("aside", "I'm writing my notes for the period - who did I meet {M}?"),
    ],
    "links_from_person": [
        ("wh", "What links has {X} emailed me?"),
        ("keywords", "links in mail from {X}"),
        ("polite", "Could you list the web addresses in emails from {X}?"),
        ("possessive", "{Xp} shared links"),
        ("passive", "webpages that were sent to me by {X}"),
    ],
    "links_from_people_met_in_month": [
        ("wh", "What links did the people I met {M} send me?"),
        ("keywords", "urls people i met {M}"),
        ("polite", "Please list the web pages emailed by anyone I met with {M}"),
        ("synonym", "sites shared by my contacts that I saw {M}"),
        ("aside", "I met a few people {M} - some of them mailed me links afterwards; which links were those?"),
    ],
    "links_to_domain": [
        ("wh", "Which {U} links are in my emails?"),
        ("keywords", "{U} urls"),
        ("polite", "Could you pull every {U} URL out of my mail?"),
        ("passive", "{U} pages that were linked in messages"),
        ("synonym", "web addresses on {U} from my inbox"),
    ],
}


# =============================================================================================
# The fourth development part, "dev4": wordings written independently of dev, dev2 and dev3 (and without
# reading test or test2), as ten different people would ask: a student, a lawyer, a sales rep, a
# grandparent, a developer typing terse lower case, a non-native speaker, someone on a phone with an
# autocorrect slip (one at most), an assistant asking on behalf of the boss (the boss is the user = Self,
# named by {SELF}), someone using mailbox/inbox/sent folder/calendar/agenda/drive words, and someone asking
# indirectly ("I'm trying to find...", "Is there any way to see..."); in many sentence structures (questions,
# commands, fragments, relative clauses, passives, topicalised). Its questions come after test2's. A shape
# listed in DEV4_MAKERS draws dev4 instances from its own maker (other date phrases and day spellings); the
# others continue the shape's instance list where the earlier parts stopped.
# =============================================================================================

D4 = "dev4"
PARTS = (D, D2, T, D3, T2, D4)
LOWER_STYLES = LOWER_STYLES | {"devterse"}


def dev4_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Yet other spellings of months, spans, parts of months and rolling windows (DESIGN.md's Date rules)."""
    tomorrow = today + timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    back2 = date(today.year - (today.month <= 2), (today.month - 3) % 12 + 1, today.day)
    last = today.replace(day=1) - timedelta(days=1)
    y12, _ = bare_month(12, today)
    y9, _ = bare_month(9, today)
    return [("in Aug 2025", month_range(2025, 8)),
            ("between Sept and Nov 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("in 2025-10", month_range(2025, 10)),
            ("in Dec. 2025", month_range(2025, 12)),
            ("three weeks ago", (monday - timedelta(days=21), monday - timedelta(days=14))),
            ("in the last two months", (back2, tomorrow)),
            ("in the past 45 days", (today - timedelta(days=45), tomorrow)),
            ("in mid-December", (date(y12, 12, 11), date(y12, 12, 21))),
            ("in late September", (date(y9, 9, 21), date(y9, 10, 1))),
            ("in early 2025", (date(2025, 1, 1), date(2025, 5, 1))),
            ("in Oct.", month_range(*bare_month(10, today))),
            ("in the previous month", month_range(last.year, last.month)),
            ("the past 3 weeks", (today - timedelta(days=21), tomorrow))]


def dev4_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    coming = (monday + timedelta(days=7), monday + timedelta(days=14))
    return dev4_month_phrases(today) + [("in April 2026", month_range(2026, 4)), ("in the coming week", coming),
                                        ("this February", month_range(today.year, 2))]


DEV4_BOUNDS = [("31 Mar 2025", date(2025, 3, 31)), ("Sep. 1, 2025", date(2025, 9, 1)), ("2025/06/01", date(2025, 6, 1)),
               ("the 1st of July, 2025", date(2025, 7, 1)), ("October 15th 2025", date(2025, 10, 15)),
               ("Aug 2025", date(2025, 8, 1)), ("3rd Feb 2025", date(2025, 2, 3)), ("1 Dec. 2025", date(2025, 12, 1)),
               ("Jul 4, 2025", date(2025, 7, 4))]
DEV4_ABBR = ("Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sept.", "Oct.", "Nov.", "Dec.")


def dev4_day(d: date, i: int) -> str:
    """A day spelled with a dotted abbreviation, slashes year first, no comma, dashes, weekday first, or zero-padded."""
    month = MONTH_NAMES[d.month - 1]
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    forms = (f"{DEV4_ABBR[d.month - 1]} {d.day}{suffix}, {d.year}", f"{d.year}/{d.month:02d}/{d.day:02d}",
             f"{month[:3]} {d.day} {d.year}", f"{d.month:02d}-{d.day:02d}-{d.year}",
             f"{WEEKDAYS[d.weekday()]} {d.day} {month} {d.year}", f"{d.day:02d} {month[:3]} {d.year}")
    return forms[i % len(forms)]


DEV4_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, dev4_month_phrases(c.f.today)),
    "emails_from_before": bound_maker("<", DEV4_BOUNDS),
    "emails_from_since": bound_maker(">", DEV4_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, dev4_day),
    "events_in_month": lambda c: mk_events_in_month(c, dev4_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, dev4_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, dev4_month_phrases(c.f.today)),
}

DEV4_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user (the boss)
    "emails_from": [
        ("student", "can u pull up what {Xf} emailed me"),
        ("lawyer", "Produce all messages authored by {X} and received by me."),
        ("grandparent", "Could you please show me the letters {X} has sent me on the computer"),
        ("devterse", "from:{X}"),
        ("mailbox", "What's sitting in my inbox from {X}?"),
        ("indirect", "I'm trying to find the emails I got from {Xl}"),
        ("assistant", "Has {X} been emailing {SELF}? List those messages"),
        ("phone", "Shoe me the emails from {X}"),
    ],
    "emails_to": [
        ("mailbox", "What's in my sent folder addressed to {X}?"),
        ("lawyer", "All outgoing correspondence from me to {X}, in full"),
        ("devterse", "to:{X} from:me"),
        ("assistant", "Pull every email {SELF} sent {X}"),
        ("indirect", "Is there any way to see what I've emailed {Xf}?"),
        ("topical", "As for {X}, which messages did I send them?"),
        ("nonnative", "The mails I have wrote to {X}, where are they?"),
    ],
    "emails_between": [
        ("lawyer", "The complete email record between myself and {X}, sent and received"),
        ("sales", "Full thread history with {Xf}, both ways"),
        ("devterse", "mail me <-> {X}"),
        ("assistant", "Everything that passed between {SELF} and {X} over email"),
        ("indirect", "Can I get a list of every email {X} and I were both on?"),
        ("grandparent", "Please show all the emails {X} and I wrote back and forth"),
        ("phone", "emails between {X} and my self"),
    ],
    "emails_from_in_month": [
        ("student", "did {Xf} email me {M}? need those"),
        ("sales", "What did {X} send over {M}?"),
        ("devterse", "from:{X} {M}"),
        ("mailbox", "inbox messages from {X} {M}"),
        ("topical", "{M}, the messages {Xl} sent me - show them"),
        ("assistant", "Which emails did {X} send {SELF} {M}?"),
        ("indirect", "I'm looking for whatever {X} mailed me {M}"),
    ],
    "emails_from_before": [
        ("lawyer", "All messages from {X} sent prior to {B}"),
        ("devterse", "from:{X} before:{B}"),
        ("student", "the older emails {Xf} sent me, like before {B}"),
        ("mailbox", "inbox mail from {X} that arrived before {B}"),
        ("passive", "Which of the emails received from {Xl} were dated before {B}?"),
        ("assistant", "Did {X} email {SELF} before {B}? Show those"),
    ],
    "emails_from_since": [
        ("lawyer", "All communications from {X} on or subsequent to {B}"),
        ("devterse", "from:{X} after:{B}"),
        ("sales", "Anything new from {Xf} since {B}?"),
        ("indirect", "Is there a way to see what {X} has sent me since {B}?"),
        ("topical", "Since {B}, {Xp} emails to me"),
        ("nonnative", "Give me the mails {X} has send to me after {B}"),
    ],
    "last_email_from": [
        ("student", "whats the newest thing {Xf} emailed me"),
        ("sales", "Last touch from {X} - which email?"),
        ("devterse", "from:{X} latest"),
        ("mailbox", "the most recent message in my inbox from {X}"),
        ("assistant", "What was the last email {X} sent {SELF}?"),
        ("grandparent", "What is the newest letter {X} sent me?"),
        ("phone", "the lat email from {X}"),
    ],
    "first_email_from": [
        ("lawyer", "The earliest communication received from {X}"),
        ("student", "first ever email {Xf} sent me"),
        ("devterse", "from:{X} oldest"),
        ("indirect", "I'm trying to find the very first message {Xl} sent me"),
        ("topical", "As for {X}, which email of theirs reached me first?"),
        ("nonnative", "Which mail {X} has sent me at the first time?"),
    ],
    "first_email_to": [
        ("sales", "My first outreach email to {X}"),
        ("mailbox", "the oldest message in my sent folder to {X}"),
        ("devterse", "to:{X} from:me oldest"),
        ("assistant", "What was the first email {SELF} ever sent {X}?"),
        ("indirect", "Is there any way to see the first message I wrote to {Xf}?"),
        ("grandparent", "Which was the first letter I sent {X} on the computer?"),
    ],
    "last_email_to": [
        ("sales", "When did I last follow up with {X}? Show that email"),
        ("mailbox", "newest item in my sent folder addressed to {X}"),
        ("devterse", "to:{X} from:me latest"),
        ("assistant", "The latest email {SELF} sent to {X}"),
        ("topical", "{X} - what was the last thing I emailed them?"),
        ("phone", "my lest email to {X}"),
    ],
    "count_emails_from": [
        ("student", "how many times has {Xf} emailed me lol"),
        ("lawyer", "State the total number of emails received from {X}."),
        ("devterse", "count from:{X}"),
        ("mailbox", "How many messages from {X} are in my inbox?"),
        ("assistant", "How many emails has {X} sent {SELF} so far?"),
        ("indirect", "Can I get a tally of the emails {Xl} sent me?"),
    ],
    "subject_contains": [
        ("devterse", "subject:\"{W}\""),
        ("sales", "Any threads on {W}?"),
        ("lawyer", "Identify all messages whose subject references {W}"),
        ("indirect", "I'm trying to find an email with {W} in the subject"),
        ("mailbox", "mailbox search: {W} in subject"),
        ("nonnative", "Which mails are having {W} in the subject?"),
    ],
    "last_received_on_day": [
        ("mailbox", "the last email that landed in my inbox on {D}"),
        ("devterse", "to:me on:{D} latest"),
        ("lawyer", "The final message received on {D}"),
        ("indirect", "Is there any way to see the last mail I got on {D}?"),
        ("topical", "On {D}, the newest incoming email - which was it?"),
        ("assistant", "What was the last email {SELF} received on {D}?"),
    ],
    "attachments_from": [
        ("student", "the files {Xf} sent me for the project"),
        ("lawyer", "All documents enclosed in emails from {X}"),
        ("devterse", "from:{X} has:attachment files"),
        ("sales", "Which decks and docs did {X} send over?"),
        ("assistant", "What attachments has {X} sent {SELF}?"),
        ("grandparent", "Can you show me the things {X} attached to the emails they sent me"),
        ("phone", "attachments {X} sent ne"),
    ],
    "attachments_ext": [
        ("devterse", "has:attachment filename:*.{EXT}"),
        ("student", "where are all the {EXTS} ppl attached to emails"),
        ("lawyer", "All {EXTS} enclosed with any email"),
        ("indirect", "Can I get a list of the {EXTS} that came in by mail?"),
        ("mailbox", "{EXTS} attached to messages in my mailbox"),
        ("nonnative", "Show me which {EXT} files are attach to the mails"),
    ],
    "folders_with_attachments_from": [
        ("devterse", "dirs containing attachments from {X}"),
        ("student", "which folders did i save {Xp} files in"),
        ("mailbox", "Where on my drive are the attachments {X} sent me?"),
        ("indirect", "I'm trying to find which folders hold the files {Xl} emailed me"),
        ("assistant", "Which folders hold the documents {X} sent {SELF}?"),
        ("passive", "folders in which the files attached by {X} were saved"),
    ],
    "folders_of_file": [
        ("devterse", "locate {F}"),
        ("mailbox", "Where on my drive is {F}?"),
        ("indirect", "Is there any way to see which folder {F} is saved in?"),
        ("grandparent", "I cannot find {F} on the computer, which folder is it in?"),
        ("lawyer", "Identify every folder containing the file {F}"),
        ("nonnative", "In which folders is {F} located?"),
    ],
    "who_sent_file": [
        ("devterse", "sender of attachment {F}"),
        ("lawyer", "Identify the person who transmitted {F} to me"),
        ("indirect", "I'm trying to work out who emailed me {F}"),
        ("topical", "{F} - who sent me that?"),
        ("assistant", "Who sent {F} to {SELF}?"),
        ("phone", "who send me {F}"),
    ],
    "conversations_with_sender_of_file": [
        ("lawyer", "Identify every individual who corresponded by email with the sender of {F}"),
        ("devterse", "people emailing w/ sender of {F}"),
        ("indirect", "I'd like to know who the person that sent {F} has been emailing with"),
        ("topical", "Whoever sent {F}: who have they had email threads with?"),
        ("sales", "Map out the email contacts of whoever sent over {F}"),
    ],
    "coattendees_of_person": [
        ("devterse", "attendees where {X} attended"),
        ("student", "who's been in meetings w/ {Xf}"),
        ("sales", "Who sits in meetings with {X}?"),
        ("indirect", "Can I get a list of the people who were at events together with {Xl}?"),
        ("topical", "As for {X}, who else was at their meetings?"),
        ("nonnative", "Which people were joining the same meetings as {X}?"),
    ],
    "events_of_person": [
        ("devterse", "events attendee:{X}"),
        ("sales", "What meetings has {X} been in?"),
        ("mailbox", "calendar entries that list {X} as an attendee"),
        ("indirect", "I'm trying to find the events {Xf} went to"),
        ("passive", "events that were attended by {Xl}"),
        ("phone", "meetings {X} wnet to"),
    ],
    "events_at_place": [
        ("devterse", "events location:{P}"),
        ("mailbox", "What's on my calendar {atP}?"),
        ("sales", "Which meetings did we hold {atP}?"),
        ("indirect", "Is there any way to see the events that were {atP}?"),
        ("topical", "{atP} - what events were there?"),
        ("passive", "meetings that were scheduled {atP}"),
        ("student", "stuff on the calendar {atP}"),
        ("nonnative", "Which meetings are happened {atP}?"),
    ],
    "events_in_month": [
        ("mailbox", "my agenda {M}"),
        ("devterse", "cal {M}"),
        ("student", "whats on the calendar {M} lol"),
        ("indirect", "Can I get a list of the meetings {M}?"),
        ("sales", "Which meetings were on the books {M}?"),
        ("passive", "events that were scheduled for {M}"),
        ("grandparent", "Could you read me the appointments on my calendar {M}?"),
        ("nonnative", "Which events there are in my calendar {M}?"),
    ],
    "events_titled": [
        ("devterse", "title:{T}"),
        ("mailbox", "{T} entries in my calendar"),
        ("student", "when were the {T} things"),
        ("indirect", "I'm trying to find the events with {T} in the title"),
        ("sales", "Show the {T} meetings on my agenda"),
        ("relative", "events that have {T} in their names"),
        ("phone", "meetings called {T} on my calender"),
    ],
    "who_attended_titled": [
        ("devterse", "attendees title:{T} all"),
        ("student", "who even went to the {T} lol"),
        ("sales", "Who was sitting in the room for the {T} meetings?"),
        ("indirect", "Can I get a list of everybody who attended the {T} events?"),
        ("topical", "The {T} sessions - who turned up there?"),
        ("passive", "By which people were the {T} meetings attended?"),
        ("nonnative", "Which persons are taking part in the {T} meetings?"),
    ],
    "place_of_event": [
        ("devterse", "location of event {T}"),
        ("student", "where was the {T} again"),
        ("indirect", "I'm trying to remember where the {T} was held"),
        ("topical", "{T} - where did that take place?"),
        ("grandparent", "Where was the {T}, do you know?"),
        ("nonnative", "In which place the {T} was?"),
    ],
    "people_met_at_place": [
        ("student", "who'd i meet up with {atP}"),
        ("devterse", "people i met {atP} list"),
        ("sales", "Which contacts have I met with {atP}?"),
        ("indirect", "Is there any way to see who I met {atP}?"),
        ("topical", "{atP} - who did I see there?"),
        ("assistant", "Who has {SELF} been meeting with {atP}?"),
        ("phone", "who did I meat with {atP}"),
    ],
    "people_met_in_month": [
        ("student", "who did i meet up with {M}"),
        ("sales", "Which contacts did I meet with {M}?"),
        ("indirect", "I'm trying to remember who I saw {M}"),
        ("topical", "{M} - who did I have meetings with?"),
        ("assistant", "Who did {SELF} meet {M}?"),
        ("grandparent", "Which people did I meet with {M}?"),
        ("devterse", "ppl i met {M}"),
    ],
    "links_from_person": [
        ("devterse", "urls from:{X}"),
        ("student", "links {Xf} sent me"),
        ("mailbox", "links in my inbox from {X}"),
        ("indirect", "I'm trying to find a link {X} emailed me"),
        ("assistant", "What links has {X} sent {SELF}?"),
        ("topical", "As for {Xl}, which websites did they email me?"),
        ("nonnative", "Which links {X} has sended me in the mails?"),
    ],
    "links_from_people_met_in_month": [
        ("student", "links from ppl i met {M}"),
        ("sales", "Which URLs did the contacts I met {M} email me?"),
        ("indirect", "I'm trying to find the links that people I met {M} sent me"),
        ("topical", "The people I met with {M} - what links did they send?"),
        ("assistant", "Which links were sent by the people {SELF} met {M}?"),
        ("devterse", "urls from people i met {M}"),
    ],
    "links_to_domain": [
        ("devterse", "urls domain:{U}"),
        ("student", "any {U} links in my email?"),
        ("indirect", "Is there any way to see every {U} link that was emailed?"),
        ("mailbox", "{U} links that turn up in my mailbox"),
        ("sales", "Pull the {U} links from my emails"),
        ("nonnative", "Which links to {U} are inside the mails?"),
    ],
}


# =============================================================================================
# The fifth development part, "dev5": wordings written independently of every earlier part (and without
# reading test or test2), as seven kinds of askers would type or say them: a busy executive firing off
# clipped asks, a student, a non-native speaker (literal word order, "mails", missing articles), someone
# dictating on a phone (no punctuation, spoken fillers), someone typing in lower case with no punctuation,
# someone polite and wordy, and someone terse; with synonyms (mail/message/note, meeting/call/appointment,
# file/document/attachment, link/url/site), yes/no questions, possessives, passives, other date spellings
# ("in feb", "since March 3", "before the 10th of January"), first or last names alone, the user's own
# name, and one small typo at most. Its questions come after dev4's. A shape listed in DEV5_MAKERS draws
# dev5 instances from its own maker; the others continue the shape's instance list where dev4 stopped.
# =============================================================================================

D5 = "dev5"
PARTS = (D, D2, T, D3, T2, D4, D5)
LOWER_STYLES = LOWER_STYLES | {"lowernopunct", "phone5"}


def months_back(today: date, n: int) -> tuple[date, date]:
    """The calendar month ``n`` months before today's."""
    y, m = divmod(today.year * 12 + today.month - 1 - n, 12)
    return month_range(y, m + 1)


def yearless(d: date, today: date) -> bool:
    """Whether a day spelled without its year reads back as ``d`` (its most recent occurrence not after today)."""
    guess = d.replace(year=today.year)
    return (guess if guess <= today else guess.replace(year=today.year - 1)) == d


def nth(n: int) -> str:
    return f"{n}{'th' if 11 <= n <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def dev5_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Short month names, "last <month>", "N months/weeks ago", quarters, spans and parts of months."""
    monday = today - timedelta(days=today.weekday())
    y11, _ = bare_month(11, today)
    return [("in feb", month_range(*bare_month(2, today))),
            ("last november", month_range(*bare_month(11, today))),
            ("during March 2025", month_range(2025, 3)),
            ("two months ago", months_back(today, 2)),
            ("in jan 2026", month_range(2026, 1)),
            ("in the last 30 days", (today - timedelta(days=30), today + timedelta(days=1))),
            ("in q4 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("from june to august 2025", (date(2025, 6, 1), date(2025, 9, 1))),
            ("in June of 2025", month_range(2025, 6)),
            ("4 weeks ago", (monday - timedelta(days=28), monday - timedelta(days=21))),
            ("in early Nov", (date(y11, 11, 1), date(y11, 11, 11)))]


def dev5_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev5_month_phrases(today) + [("in mar 2026", month_range(2026, 3))]


DEV5_BOUNDS = [("the 10th of January", date(2026, 1, 10)), ("March 3", date(2025, 3, 3)), ("5/1/2025", date(2025, 5, 1)),
               ("the 15th of August 2025", date(2025, 8, 15)), ("1st of Nov 2025", date(2025, 11, 1)),
               ("april 15", date(2025, 4, 15)), ("Jan 1 2026", date(2026, 1, 1)), ("Feb 1st", date(2026, 2, 1)),
               ("Oct 2025", date(2025, 10, 1))]


def dev5_day(d: date, i: int, today: date = date.fromisoformat(CORPUS["today"])) -> str:
    """US numbers, "the Nth of Month" (no year when it reads back), a short weekday first, day before month."""
    month = MONTH_NAMES[d.month - 1]
    year = "" if yearless(d, today) else f" {d.year}"
    forms = (f"{d.month}/{d.day}/{d.year}", f"the {nth(d.day)} of {month}{year}",
             f"{WEEKDAYS[d.weekday()][:3]}, {month[:3]} {d.day} {d.year}", f"{nth(d.day)} {month} {d.year}",
             f"{month} {nth(d.day)}" + (f", {d.year}" if year else ""))
    return forms[i % len(forms)]


DEV5_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, dev5_month_phrases(c.f.today)),
    "emails_from_before": bound_maker("<", DEV5_BOUNDS),
    "emails_from_since": bound_maker(">", DEV5_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, lambda d, i: dev5_day(d, i, c.f.today)),
    "events_in_month": lambda c: mk_events_in_month(c, dev5_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, dev5_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, dev5_month_phrases(c.f.today)),
}

DEV5_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    "emails_from": [
        ("executive", "{Xp} emails to me. Now."),
        ("student", "hey what has {Xf} been emailing me about, can I see the emails"),
        ("esl", "Please I need to see all mails which {X} send to me"),
        ("phone5", "open my messages from {Xt}"),
        ("lowernopunct", "every note {Xl} ever sent me"),
        ("polite", "Would you be so kind as to bring up the messages I've received from {X}? Many thanks."),
        ("terse", "msgs by {X}"),
    ],
    "emails_to": [
        ("executive", "Everything I've sent {X}. Quickly please."),
        ("student", "what did i email {Xf}, i need to check what i told them"),
        ("esl", "Show the mails that I was sending to {X}"),
        ("phone5", "find emails I wrote to {X}"),
        ("lowernopunct", "messages i sent to {Xl}"),
        ("polite", "If it isn't too much trouble, could you list the emails I have sent to {X}?"),
        ("terse", "outbox -> {X}"),
    ],
    "emails_between": [
        ("executive", "My correspondence with {X}, all of it."),
        ("student", "all the emails me and {Xf} sent each other"),
        ("esl", "I want the mails between me and {X}, in both directions"),
        ("phone5", "emails back and forth between {SELF} and {X}"),
        ("lowernopunct", "email conversation between {X} and me"),
        ("polite", "Could you kindly gather every email exchanged between {X} and myself?"),
        ("terse", "{X} + me: all emails"),
    ],
    "emails_from_in_month": [
        ("executive", "{Xp} emails {M}. Go."),
        ("student", "did {Xf} send me anything {M}"),
        ("esl", "Which mails {X} sent to me {M}?"),
        ("phone5", "show emails from {X} {M}"),
        ("lowernopunct", "notes from {Xl} {M}"),
        ("polite", "I'd be grateful if you could find the messages {X} sent me {M}."),
        ("terse", "{X} / {M} / mail"),
    ],
    "emails_from_before": [
        ("executive", "Anything {X} emailed me before {B}."),
        ("student", "stuff {Xf} sent me before {B}"),
        ("esl", "The mails of {X} which came before {B}, please"),
        ("phone5", "emails from {X} earlier than {B}"),
        ("lowernopunct", "messages {Xl} sent before {B}"),
        ("polite", "Could you please look up the emails from {X} that came in before {B}?"),
        ("terse", "{X} msgs pre {B}"),
    ],
    "emails_from_since": [
        ("executive", "What's {X} sent me since {B}?"),
        ("student", "has {Xf} emailed me since {B}? show me"),
        ("esl", "I look for mails from {X} since {B}"),
        ("phone5", "messages from {X} since {B}"),
        ("lowernopunct", "emails {Xl} sent me after {B}"),
        ("polite", "Would you mind pulling up everything {X} has emailed me since {B}?"),
        ("terse", "{X} since {B}"),
    ],
    "last_email_from": [
        ("executive", "{Xp} latest email. Pull it up."),
        ("student", "what was the last thing {Xf} sent me"),
        ("esl", "Which is the last mail I got from {X}?"),
        ("phone5", "most recent message from {Xt}"),
        ("lowernopunct", "latest note from {Xl}"),
        ("polite", "Could you please show me the most recent email that {X} sent me?"),
        ("terse", "{X} newest mail"),
    ],
    "first_email_from": [
        ("executive", "{Xp} very first email to me."),
        ("student", "what was the first email {Xf} ever sent me"),
        ("esl", "Show me the first mail which {X} has send me"),
        ("phone5", "pull up the earliest email from {X} please"),
        ("lowernopunct", "oldest message from {Xl}"),
        ("polite", "I wonder if you could find the earliest message I ever received from {X}?"),
        ("terse", "first msg from {X}"),
    ],
    "first_email_to": [
        ("executive", "My first email to {X}."),
        ("student", "what was the first thing i ever emailed {Xf}"),
        ("esl", "Which was the first mail I sent to {X}?"),
        ("phone5", "the earliest email I sent to {X}"),
        ("lowernopunct", "oldest message i sent {Xl}"),
        ("polite", "Could you kindly find the very first email I wrote to {X}?"),
        ("terse", "first sent -> {X}"),
    ],
    "last_email_to": [
        ("executive", "Last thing I sent {X}?"),
        ("student", "when did i last email {Xf}, show me the email"),
        ("esl", "Give me the last mail I have sent to {X}"),
        ("phone5", "most recent email I sent {Xt}"),
        ("lowernopunct", "my latest message to {Xl}"),
        ("polite", "Please could you show me the most recent message I sent to {X}?"),
        ("terse", "latest sent -> {X}"),
    ],
    "count_emails_from": [
        ("executive", "How many emails from {X}? Number only."),
        ("student", "how many emails has {Xf} sent me in total"),
        ("esl", "How much mails I got from {X}?"),
        ("phone5", "count the emails from {Xt}"),
        ("lowernopunct", "number of messages from {Xl}"),
        ("polite", "Would you be able to tell me how many emails I've received from {X}?"),
        ("terse", "# mails from {X}"),
    ],
    "subject_contains": [
        ("executive", "Emails about {W}. Subject line."),
        ("student", "find the email with {W} in the subject line"),
        ("esl", "Mails where the subject is having the word {W}"),
        ("phone5", "emails with subject {W}"),
        ("lowernopunct", "messages subject {W}"),
        ("polite", "Could you please search for any emails whose subject mentions {W}?"),
        ("terse", "subj ~ {W}"),
    ],
    "last_received_on_day": [
        ("executive", "Last email in on {D}?"),
        ("student", "what was the last email i got on {D}"),
        ("esl", "Which mail arrived to me the last on {D}?"),
        ("phone5", "last message I received on {D}"),
        ("lowernopunct", "final email that came in on {D}"),
        ("polite", "Could you tell me which email reached me last on {D}, please?"),
        ("terse", "latest incoming {D}"),
    ],
    "attachments_from": [
        ("executive", "Documents {X} has sent me."),
        ("student", "what files did {Xf} attach in their emails to me"),
        ("esl", "Which attachments come from {X} in the mails?"),
        ("phone5", "attachments from {Xt}"),
        ("lowernopunct", "files {Xl} emialed me"),
        ("polite", "I'd appreciate a list of the attachments that {X} has sent me."),
        ("terse", "atts from {X}"),
    ],
    "attachments_ext": [
        ("executive", "Every {EXT1} attached to an email."),
        ("student", "show me all the {EXTS} attached to emails"),
        ("esl", "Which {EXTS} are attached in my mails?"),
        ("phone5", "{EXTS} attached to emails"),
        ("lowernopunct", "email attachments that are {EXTS}"),
        ("polite", "Could you please find every {EXT} attachment in my email?"),
        ("terse", "attachments .{EXT}"),
    ],
    "folders_with_attachments_from": [
        ("executive", "Which folders have the files {X} sent me?"),
        ("student", "where did i put the attachments from {Xf}, which folders"),
        ("esl", "In what folders are saved the attachments of {X}?"),
        ("phone5", "folders with attachments from {X}"),
        ("lowernopunct", "folder locations of the files {Xl} emailed me"),
        ("polite", "Would you be able to tell me which folders contain the documents {X} emailed me?"),
        ("terse", "folders <- {X} attachments"),
    ],
    "folders_of_file": [
        ("executive", "Where's {F}?"),
        ("student", "which folder is {F} in"),
        ("esl", "In what folder I can find {F}?"),
        ("phone5", "find the folder with {F}"),
        ("lowernopunct", "folder containing {F}"),
        ("polite", "Could you please tell me which folder the file {F} is kept in?"),
        ("terse", "path of {F}"),
    ],
    "who_sent_file": [
        ("executive", "{F} - who sent it to me?"),
        ("student", "who was it that emailed me {F}"),
        ("esl", "From who did I receive the attachment {F}?"),
        ("phone5", "who emailed {F}"),
        ("lowernopunct", "who sent me the file {F}"),
        ("polite", "Would you happen to know who sent me the document {F}?"),
        ("terse", "{F}: sender?"),
    ],
    "conversations_with_sender_of_file": [
        ("executive", "Who does the sender of {F} email with?"),
        ("student", "whoever sent {F}, who do they have email conversations with"),
        ("esl", "The person who sent {F}, with which people he has mail conversations?"),
        ("phone5", "people who emailed with the person who sent {F}"),
        ("lowernopunct", "email contacts of whoever sent {F}"),
        ("polite", "Could you find everyone who has had email exchanges with the person who sent me {F}?"),
        ("terse", "correspondents of {F} sender"),
    ],
    "coattendees_of_person": [
        ("executive", "Who's in meetings with {X}?"),
        ("student", "who else goes to the same meetings as {Xf}"),
        ("esl", "Which people are in the same meetings like {X}?"),
        ("phone5", "people who attended meetings with {Xt}"),
        ("lowernopunct", "attendees of {Xlp} meetings"),
        ("polite", "Could you list the people who have been at the same events as {X}, please?"),
        ("terse", "co-attendees {X}"),
    ],
    "events_of_person": [
        ("executive", "{Xp} meetings."),
        ("student", "what meetings has {Xf} been to"),
        ("esl", "Which events {X} was participating?"),
        ("phone5", "show events attended by {X}"),
        ("lowernopunct", "appointments {Xl} attended"),
        ("polite", "Would you please list the events that {X} attended?"),
        ("terse", "events w/ {X}"),
    ],
    "events_at_place": [
        ("executive", "Meetings {atP}?"),
        ("student", "what events were {atP}"),
        ("esl", "Which meetings were taking place {atP}?"),
        ("phone5", "appointments {atP}"),
        ("lowernopunct", "events held {atP}"),
        ("polite", "Could you please show me the events that took place {atP}?"),
        ("terse", "evts @ {P}"),
        ("executive", "Anything booked {atP}? List it."),
    ],
    "events_in_month": [
        ("executive", "Meetings {M}."),
        ("student", "what was on my calender {M}"),
        ("esl", "Which appointments I had {M}?"),
        ("phone5", "show my events {M}"),
        ("lowernopunct", "calls and meetings {M}"),
        ("polite", "Could you kindly list my appointments {M}?"),
        ("terse", "cal: {M}"),
        ("student", "what meetings did i have {M}"),
    ],
    "events_titled": [
        ("executive", "All {T} meetings."),
        ("student", "when are the {T} meetings"),
        ("esl", "Show me the events which are named {T}"),
        ("phone5", "find events called {T}"),
        ("lowernopunct", "{T} on my calendar"),
        ("polite", "Could you please find the events with {T} in the title?"),
        ("terse", "evts named {T}"),
        ("esl", "Which meetings have the name {T}?"),
    ],
    "who_attended_titled": [
        ("executive", "Who was in the room for the {T}?"),
        ("student", "who came to the {T} meetings"),
        ("esl", "Which persons were attending the {T}?"),
        ("phone5", "show me the attendees of the {T} meetings"),
        ("lowernopunct", "people at the {T} events"),
        ("polite", "Could you tell me who attended the {T} events, please?"),
        ("terse", "{T}: who attended"),
        ("student", "who showed up to the {T}"),
    ],
    "place_of_event": [
        ("executive", "Where was the {T}?"),
        ("student", "wait where did the {T} even happen"),
        ("esl", "Where it took place, the {T}?"),
        ("phone5", "location of the {T}"),
        ("lowernopunct", "where was {T} held"),
        ("polite", "Could you remind me where the {T} was, please?"),
        ("terse", "venue? {T}"),
    ],
    "people_met_at_place": [
        ("executive", "Who did I meet {atP}? Names."),
        ("student", "who have i met {atP}"),
        ("esl", "Which people I have met {atP}?"),
        ("phone5", "the people I met {atP} please"),
        ("lowernopunct", "who did i see when i was {atP}"),
        ("polite", "Could you tell me whom I have met with {atP}?"),
        ("terse", "met {atP}: who"),
        ("executive", "Who has {SELF} met {atP}?"),
    ],
    "people_met_in_month": [
        ("executive", "Who did I meet {M}? Quick list."),
        ("student", "who did i see {M}"),
        ("esl", "Which persons I met {M}?"),
        ("phone5", "people I met with {M}"),
        ("lowernopunct", "who i had meetings with {M}"),
        ("polite", "Would you mind telling me who I met {M}?"),
        ("terse", "ppl met {M}"),
        ("executive", "People {SELF} met {M}."),
    ],
    "links_from_person": [
        ("executive", "Links {X} sent me."),
        ("student", "what links has {Xf} emailed me"),
        ("esl", "Which urls are in the mails from {X}?"),
        ("phone5", "links from {Xt}"),
        ("lowernopunct", "websites {Xl} sent me"),
        ("polite", "Could you please collect the links that {X} has emailed me?"),
        ("terse", "urls sent by {X}"),
    ],
    "links_from_people_met_in_month": [
        ("executive", "Links from people I met {M}."),
        ("student", "what links did the people i met {M} send me"),
        ("esl", "The urls which the persons I met {M} have sent"),
        ("phone5", "links sent by people I met {M}"),
        ("lowernopunct", "websites from the people i saw {M}"),
        ("polite", "Could you find the links emailed to me by the people I met {M}?"),
        ("terse", "urls <- ppl met {M}"),
        ("executive", "URLs from whoever {SELF} met {M}."),
    ],
    "links_to_domain": [
        ("executive", "{U} links. All of them."),
        ("student", "any links to {U} in my emails"),
        ("esl", "Which links of {U} are in my mails?"),
        ("phone5", "show me links to {U}"),
        ("lowernopunct", "urls on {U} from my email"),
        ("polite", "Could you please gather every {U} link from my email?"),
        ("terse", "site:{U}"),
        ("student", "all the {U} urls in my mail"),
    ],
}


# =============================================================================================
# The third held-out part, "test3": wordings written independently of every other part (by a different
# group of askers than dev5's, never sharing a template with it) and never shown to whoever tunes the parser
# (only aggregate figures are reported). Its askers: a journalist checking a source, a teenager, a project
# manager, a retiree, a researcher, someone talking to a smart speaker, a recruiter and a British speaker;
# other date spellings again. Its questions follow dev5's; shapes in TEST3_MAKERS draw instances with their
# own date phrases, the others continue where dev5 stopped.
# =============================================================================================

T3 = "test3"
PARTS = (D, D2, T, D3, T2, D4, D5, T3)
LOWER_STYLES = LOWER_STYLES | {"teen", "speaker"}


def test3_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    y10, _ = bare_month(10, today)
    y1, _ = bare_month(1, today)
    return [("in sept", month_range(*bare_month(9, today))),
            ("in apr 2025", month_range(2025, 4)),
            ("during May of 2025", month_range(2025, 5)),
            ("from July to August 2025", (date(2025, 7, 1), date(2025, 9, 1))),
            ("in Q2 2025", (date(2025, 4, 1), date(2025, 7, 1))),
            ("6 weeks ago", (monday - timedelta(days=42), monday - timedelta(days=35))),
            ("in late Oct", (date(y10, 10, 21), date(y10, 11, 1))),
            ("in the last 60 days", (today - timedelta(days=60), today + timedelta(days=1))),
            ("a month ago", months_back(today, 1)),
            ("the past 2 weeks", (today - timedelta(days=14), today + timedelta(days=1))),
            ("in mid Jan", (date(y1, 1, 11), date(y1, 1, 21))),
            ("in dec", month_range(*bare_month(12, today))),
            ("in 07/2025", month_range(2025, 7))]


def test3_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test3_month_phrases(today) + [("in the week of 9 February", (date(2026, 2, 9), date(2026, 2, 16)))]


TEST3_BOUNDS = [("2025-04-15", date(2025, 4, 15)), ("June 30th", date(2025, 6, 30)),
                ("the 1st of December", date(2025, 12, 1)), ("Sept 2025", date(2025, 9, 1)),
                ("7/15/2025", date(2025, 7, 15)), ("Nov 20 2025", date(2025, 11, 20)), ("12 Jan", date(2026, 1, 12)),
                ("1 Aug", date(2025, 8, 1)), ("May 2025", date(2025, 5, 1))]


def test3_day(d: date, i: int, today: date = date.fromisoformat(CORPUS["today"])) -> str:
    """ISO, day month year, "Month the Nth, year", unpadded dashes, or a short month and day (no year when it
    reads back)."""
    month = MONTH_NAMES[d.month - 1]
    forms = (d.isoformat(), f"{d.day} {month} {d.year}", f"{month} the {nth(d.day)}, {d.year}",
             f"{d.month}-{d.day}-{d.year}",
             f"{month[:3]} {d.day}" if yearless(d, today) else f"{nth(d.day)} of {month[:3]} {d.year}")
    return forms[i % len(forms)]


TEST3_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, test3_month_phrases(c.f.today)),
    "emails_from_before": bound_maker("<", TEST3_BOUNDS),
    "emails_from_since": bound_maker(">", TEST3_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, lambda d, i: test3_day(d, i, c.f.today)),
    "events_in_month": lambda c: mk_events_in_month(c, test3_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, test3_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, test3_month_phrases(c.f.today)),
}

TEST3_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    "emails_from": [
        ("journalist", "I need every email my source {X} sent me, for the record"),
        ("teen", "wat did {Xf} send me"),
        ("pm", "Pull the inbound emails from {X} so I can review them"),
        ("retiree", "Are there any emails from my friend {X}? I'd like to read them"),
        ("speaker", "read me my emails from {X}"),
        ("british", "Could I have a look at {Xlp} emails to me?"),
        ("recruiter", "Show the messages the candidate {Xt} sent in"),
    ],
    "emails_to": [
        ("journalist", "Which emails went out from me to {X}?"),
        ("teen", "stuff i emailed {Xf}"),
        ("pm", "Outbound messages to {X}, please"),
        ("retiree", "What letters have I emailed to {X}?"),
        ("speaker", "show me what i sent {X}"),
        ("british", "The emails I've sent across to {Xl}, please"),
    ],
    "emails_between": [
        ("journalist", "The full email trail between {X} and me"),
        ("teen", "me n {Xf} emails"),
        ("pm", "Every message exchanged between myself and {X}"),
        ("retiree", "All the emails {X} and I have written to one another"),
        ("speaker", "find all emails between me and {X}"),
        ("academic", "Retrieve the correspondence between {SELF} and {X}."),
    ],
    "emails_from_in_month": [
        ("journalist", "What did {X} email me {M}?"),
        ("teen", "{Xf} emails {M}"),
        ("pm", "Inbound from {X} {M}"),
        ("retiree", "Did I get any emails from {X} {M}?"),
        ("speaker", "read my messages from {X} {M}"),
        ("british", "Have I had any mail from {Xl} {M}?"),
    ],
    "emails_from_before": [
        ("journalist", "Emails {X} sent me prior to {B}"),
        ("teen", "old emails from {Xf} from before {B}"),
        ("pm", "Everything from {X} dated earlier than {B}"),
        ("retiree", "Did {X} write to me before {B}? Show me"),
        ("speaker", "find emails from {X} sent before {B}"),
        ("academic", "Messages authored by {X} preceding {B}"),
    ],
    "emails_from_since": [
        ("journalist", "Has {X} emailed me since {B}?"),
        ("teen", "anything from {Xf} after {B}"),
        ("pm", "All messages from {X} on or after {B}"),
        ("retiree", "What has {X} written to me since {B}?"),
        ("speaker", "emails from {X} received after {B}"),
        ("british", "Any post from {Xl} since {B}?"),
    ],
    "last_email_from": [
        ("journalist", "When did {X} last email me? I need that message"),
        ("teen", "last msg from {Xf}"),
        ("pm", "The latest update {X} emailed me"),
        ("retiree", "What's the most recent letter from {X}?"),
        ("speaker", "read my latest email from {X}"),
        ("british", "Show me {Xlp} last email, please"),
    ],
    "first_email_from": [
        ("journalist", "The first time {X} ever emailed me, which message was it?"),
        ("teen", "{Xfp} first email to me"),
        ("pm", "The earliest email on file from {X}"),
        ("retiree", "What was the very first email I had from {X}?"),
        ("speaker", "find the oldest email from {X}"),
        ("recruiter", "Pull up the initial message {Xt} sent me"),
    ],
    "first_email_to": [
        ("journalist", "What was my first email to {X}?"),
        ("teen", "first thing i ever sent {Xf}"),
        ("pm", "My earliest outbound email to {X}"),
        ("retiree", "Which email did I first write to {X}?"),
        ("speaker", "find the first email i sent to {X}"),
        ("recruiter", "The initial email I sent the candidate {X}"),
    ],
    "last_email_to": [
        ("journalist", "The last email I sent {X} - what was it?"),
        ("teen", "last thing i sent {Xf}"),
        ("pm", "My most recent outbound email to {X}"),
        ("retiree", "What did I write to {X} most recently?"),
        ("speaker", "find my latest email to {X}"),
        ("british", "The last message I sent across to {Xl}"),
    ],
    "count_emails_from": [
        ("journalist", "How many emails has my source {X} sent me?"),
        ("teen", "how many emails from {Xf}"),
        ("pm", "Count of inbound emails from {X}"),
        ("retiree", "How many letters has {X} emailed me altogether?"),
        ("speaker", "how many messages have i got from {X}"),
        ("academic", "What is the total number of messages from {Xt}?"),
    ],
    "subject_contains": [
        ("journalist", "Any email with a subject about {W}?"),
        ("teen", "emails w {W} in subject"),
        ("pm", "Threads whose subject includes {W}"),
        ("retiree", "Find the emails that have {W} in the title line"),
        ("speaker", "search my email subjects for {W}"),
        ("british", "Emails with {W} in the subject heading"),
    ],
    "last_received_on_day": [
        ("journalist", "Which email came in last on {D}?"),
        ("teen", "last email i got {D}"),
        ("pm", "Most recent inbound email on {D}"),
        ("retiree", "What was the final email delivered to me on {D}?"),
        ("speaker", "what was my last email on {D}"),
        ("academic", "The latest message received on {D}"),
    ],
    "attachments_from": [
        ("journalist", "What documents has {X} sent me as attachments?"),
        ("teen", "files from {Xf}"),
        ("pm", "Attachments on the emails {X} sent me"),
        ("retiree", "What did {X} attach to the emails they sent me?"),
        ("speaker", "list the attachments from {X}"),
        ("recruiter", "The files the candidate {Xt} sent me"),
    ],
    "attachments_ext": [
        ("journalist", "Which {EXTS} have been attached to emails?"),
        ("teen", "{EXT} attachments"),
        ("pm", "List every emailed {EXT1}"),
        ("retiree", "Please find the {EXTS} that came attached to emails"),
        ("speaker", "find {EXT} files attached to my emails"),
        ("academic", "Attachments of type {EXT} across all emails"),
    ],
    "folders_with_attachments_from": [
        ("journalist", "Where have I saved the files {X} emailed me? Which folders?"),
        ("teen", "what folders have {Xfp} files"),
        ("pm", "Folders storing attachments from {X}"),
        ("retiree", "Which folders are the attachments from {X} kept in?"),
        ("speaker", "which folders hold attachments from {X}"),
        ("british", "Which folders have I got {Xlp} attachments in?"),
    ],
    "folders_of_file": [
        ("journalist", "Which folder holds {F}?"),
        ("teen", "where is {F}"),
        ("pm", "Folder for {F}?"),
        ("retiree", "Where is the file {F} kept?"),
        ("speaker", "what folder is {F} saved in"),
        ("academic", "The directory containing {F}"),
    ],
    "who_sent_file": [
        ("journalist", "Who emailed me the document {F}?"),
        ("teen", "who sent me {F} lol"),
        ("pm", "Who sent over {F}?"),
        ("retiree", "Which person sent me {F} by email?"),
        ("speaker", "who was {F} from"),
        ("academic", "Identify the sender of the attachment {F}"),
    ],
    "conversations_with_sender_of_file": [
        ("journalist", "Who has the person that sent me {F} been emailing with?"),
        ("teen", "ppl who email with whoever sent {F}"),
        ("pm", "Whoever sent {F}: list their email contacts"),
        ("retiree", "Whoever sent me {F} - who have they exchanged emails with?"),
        ("speaker", "who has the sender of {F} emailed with"),
        ("academic", "All correspondents of the person who sent {F}"),
    ],
    "coattendees_of_person": [
        ("journalist", "Who has attended the same meetings as {X}?"),
        ("teen", "who's been at stuff with {Xf}"),
        ("pm", "Attendees who have shared events with {X}"),
        ("retiree", "Who was at the events {X} went to?"),
        ("speaker", "who was in meetings with {X}"),
        ("british", "Who else turns up to {Xlp} meetings?"),
    ],
    "events_of_person": [
        ("journalist", "Which meetings did {X} attend?"),
        ("teen", "{Xfp} events"),
        ("pm", "Meetings {X} was in"),
        ("retiree", "What appointments has {X} been to?"),
        ("speaker", "list events with {X} as attendee"),
        ("academic", "Events with {Xt} among the attendees"),
    ],
    "events_at_place": [
        ("journalist", "Which events have been held {atP}?"),
        ("teen", "stuff happening {atP}"),
        ("pm", "Meetings located {atP}"),
        ("retiree", "What appointments were there {atP}?"),
        ("speaker", "what happened {atP}"),
        ("british", "Which meetings were on {atP}?"),
    ],
    "events_in_month": [
        ("journalist", "Which events were scheduled {M}?"),
        ("teen", "what stuff was on {M}"),
        ("pm", "Meetings on the calendar {M}"),
        ("retiree", "What appointments were on {M}?"),
        ("speaker", "what's on my calendar {M}"),
        ("british", "What had I got on {M}?"),
    ],
    "events_titled": [
        ("journalist", "Which events are titled {T}?"),
        ("teen", "all the {T} things"),
        ("pm", "Calendar items named {T}"),
        ("retiree", "When were the {T} appointments?"),
        ("speaker", "find events with {T} in the name"),
        ("academic", "Events whose title contains {T}"),
    ],
    "who_attended_titled": [
        ("journalist", "Who attended the {T} meetings?"),
        ("teen", "who was at the {T}"),
        ("pm", "Attendance of the {T} events"),
        ("retiree", "Which people went to the {T}?"),
        ("speaker", "who was in the {T}"),
        ("british", "Who turned up to the {T}?"),
    ],
    "place_of_event": [
        ("journalist", "Where was the {T} held, exactly?"),
        ("teen", "where was the {T}"),
        ("pm", "Location for the {T}"),
        ("retiree", "Where did we have the {T}?"),
        ("speaker", "where was the {T} located"),
        ("academic", "The venue of the {T}"),
    ],
    "people_met_at_place": [
        ("journalist", "Who have I met with in person {atP}?"),
        ("teen", "who did i meet {atP}"),
        ("pm", "People I had meetings with {atP}"),
        ("retiree", "Whom did I see {atP}?"),
        ("speaker", "who have i seen {atP}"),
        ("british", "Who've I met up with {atP}?"),
    ],
    "people_met_in_month": [
        ("journalist", "Who did I meet with {M}? I need names"),
        ("teen", "who'd i see {M}"),
        ("pm", "People I had meetings with {M}"),
        ("retiree", "Whom did I meet {M}?"),
        ("speaker", "who did i meet {M}"),
        ("british", "Who did I meet up with {M}?"),
    ],
    "links_from_person": [
        ("journalist", "Which links has {X} emailed me?"),
        ("teen", "links from {Xf}"),
        ("pm", "URLs in emails from {X}"),
        ("retiree", "What web links did {X} send me?"),
        ("speaker", "what links did {X} send me"),
        ("academic", "Hyperlinks contained in messages from {Xt}"),
    ],
    "links_from_people_met_in_month": [
        ("journalist", "Which links were emailed to me by people I met {M}?"),
        ("teen", "links from ppl i saw {M}"),
        ("pm", "URLs from the people I met {M}"),
        ("retiree", "What web links did the people I met {M} send me?"),
        ("speaker", "links from the people i met {M}"),
        ("british", "Links sent by the people I met up with {M}"),
    ],
    "links_to_domain": [
        ("journalist", "Which {U} links have been emailed?"),
        ("teen", "{U} links ppl sent"),
        ("pm", "URLs on {U} in my mail"),
        ("retiree", "Are there any {U} web addresses in my emails?"),
        ("speaker", "find links to {U} in my email"),
        ("academic", "All URLs under the domain {U}"),
    ],
}


# =============================================================================================
# The sixth development part "dev6" and the fourth held-out part "test4", with nine compositional shapes
# asked only in them (LATER_SHAPES: the latest email from X about a subject word, X's emails with an
# attachment, the files X sent me in a month, events at a place in a month, the people I emailed in a month,
# emails X sent to Y (neither the user), how many events were at a place, links in emails about a subject
# word, how many emails I sent X). dev6's templates were written without reading any earlier part's, by
# eight kinds of askers: a polite retiree, a sales rep typing on a phone (lower case, "msgs", "w/", "b4"), a
# non-native speaker ("mails", literal word order, "how much" for "how many"), someone dictating to a voice
# assistant (no punctuation, fillers), a search-box user (keywords, "site:", "subject:"), a project manager who
# explains the situation first, a fast typist with real typos of common words ("recieved", "emial",
# "meetigns"), and a plain wh-/command/fragment asker using possessives, passives and synonyms
# (mail/message/note, meeting/appointment/catch-up, folder/directory, link/URL/website). test4's askers are
# another group (formal, texting, from-memory, regional English, query syntax, dictation in a car, a novice,
# a clinician between patients); like test2 and test3, only its aggregate figures are reported. Both parts
# draw their date phrases from their own lists (each checked against queryweaver.dates), and their questions
# follow test3's: dev6's first, then test4's.
# =============================================================================================

D6, T4 = "dev6", "test4"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4)
LOWER_STYLES = LOWER_STYLES | {"mobile6", "dictated6", "searchbox6", "texting4", "car4", "query4"}


def dev6_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Relative weeks, rolling windows, parts of months and years, quarters, spans."""
    monday = today - timedelta(days=today.weekday())
    jan = bare_month(1, today)[0]
    return [("this month", month_range(today.year, today.month)),
            ("in December", month_range(*bare_month(12, today))),
            ("two weeks ago", (monday - timedelta(days=14), monday - timedelta(days=7))),
            ("a month ago", months_back(today, 1)),
            ("in the past 2 weeks", (today - timedelta(days=14), today + timedelta(days=1))),
            ("between October and November 2025", (date(2025, 10, 1), date(2025, 12, 1))),
            ("in early January", (date(jan, 1, 1), date(jan, 1, 11))),
            ("in late 2025", (date(2025, 9, 1), date(2026, 1, 1))),
            ("in Q3 2025", (date(2025, 7, 1), date(2025, 10, 1))),
            ("in the last 6 weeks", (today - timedelta(weeks=6), today + timedelta(days=1))),
            ("in Sept 2025", month_range(2025, 9)),
            ("in mid-October 2025", (date(2025, 10, 11), date(2025, 10, 21))),
            ("a couple of weeks ago", (monday - timedelta(days=14), monday - timedelta(days=7))),
            ("from Dec 2025 to Jan 2026", (date(2025, 12, 1), date(2026, 2, 1)))]


def dev6_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev6_month_phrases(today) + [("in the next 3 weeks", (today, today + timedelta(days=22))),
                                        ("in March 2026", month_range(2026, 3))]


DEV6_BOUNDS = [("Nov 3", date(2025, 11, 3)), ("July 4th, 2025", date(2025, 7, 4)),
               ("the 20th of October 2025", date(2025, 10, 20)), ("9/15/2025", date(2025, 9, 15)),
               ("2025-07-01", date(2025, 7, 1)), ("January 5th", date(2026, 1, 5)), ("Sept 1", date(2025, 9, 1)),
               ("June 2025", date(2025, 6, 1))]


def dev6_day(d: date, i: int, today: date = date.fromisoformat(CORPUS["today"])) -> str:
    """A weekday and "the Nth of Month", day-month-year, "Mon. D, YYYY", ISO, "mon Nth"."""
    month = MONTH_NAMES[d.month - 1]
    bare = yearless(d, today)
    dotted = month if len(month) <= 4 else f"{month[:3]}."  # "Oct.", but "May" and "June" stay whole
    forms = (f"{WEEKDAYS[d.weekday()]} the {nth(d.day)} of {month}" + ("" if bare else f" {d.year}"),
             f"{d.day} {month[:3]} {d.year}", f"{dotted} {d.day}, {d.year}", d.isoformat(),
             f"{month[:3].lower()} {nth(d.day)}" + ("" if bare else f" {d.year}"))
    return forms[i % len(forms)]


def test4_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Other spellings again: numeric and ISO months, "the previous month", "this past week", spans."""
    monday = today - timedelta(days=today.weekday())
    jan = bare_month(1, today)[0]
    return [("the previous month", months_back(today, 1)),
            ("3 weeks ago", (monday - timedelta(days=21), monday - timedelta(days=14))),
            ("this past week", (today - timedelta(days=7), today + timedelta(days=1))),
            ("in the last two months", (date(2025, 12, 15), today + timedelta(days=1))),
            ("in 09/2025", month_range(2025, 9)),
            ("in 2025-11", month_range(2025, 11)),
            ("in late January", (date(jan, 1, 21), date(jan, 2, 1))),
            ("mid Oct 2025", (date(2025, 10, 11), date(2025, 10, 21))),
            ("in Q2 2025", (date(2025, 4, 1), date(2025, 7, 1))),
            ("from Oct through Dec 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in the last 45 days", (today - timedelta(days=45), today + timedelta(days=1))),
            ("last December", month_range(*bare_month(12, today))),
            ("in the past six months", (date(2025, 8, 15), today + timedelta(days=1))),
            ("this week", (monday, monday + timedelta(days=7)))]


def test4_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test4_month_phrases(today) + [("in the next two weeks", (today, today + timedelta(days=15))),
                                         ("during April 2026", month_range(2026, 4))]


TEST4_BOUNDS = [("2025-09-01", date(2025, 9, 1)), ("1 August 2025", date(2025, 8, 1)),
                ("3rd March 2025", date(2025, 3, 3)), ("12/15/2025", date(2025, 12, 15)),
                ("the week of Nov 10, 2025", date(2025, 11, 10)), ("Q4 2025", date(2025, 10, 1)),
                ("Dec 1st", date(2025, 12, 1)), ("Tuesday, January 6th", date(2026, 1, 6))]


def test4_day(d: date, i: int, today: date = date.fromisoformat(CORPUS["today"])) -> str:
    """A short weekday first, weekday-day-month-year, zero-padded US numbers, "Nth mon YYYY", "Month D"."""
    month = MONTH_NAMES[d.month - 1]
    bare = yearless(d, today)
    forms = (f"{WEEKDAYS[d.weekday()][:3]} {month[:3]} {d.day}" + ("" if bare else f" {d.year}"),
             f"{WEEKDAYS[d.weekday()]} {d.day} {month} {d.year}", f"{d.month:02d}/{d.day:02d}/{d.year}",
             f"{nth(d.day)} {month[:3].lower()} {d.year}", f"{month} {d.day}" + ("" if bare else f" {d.year}"))
    return forms[i % len(forms)]


# ---- the later shapes' makers --------------------------------------------------------------------------

TOPICS = ("server migration", "office move", "release notes", "pricing page", "hiring plan", "offsite",
          "holiday party", "data retention", "API deprecation", "vendor shortlist", "press kit", "board deck",
          "security review", "podcast interview", "quarterly goals", "customer feedback", "website redesign",
          "contract renewal", "expense report", "team lunch", "Henderson account", "mobile app", "Q3 budget",
          "Café order", "Résumé review", "Lisbon")


def mk_last_from_about(c: Ctx) -> list[Instance]:
    """The latest email from X whose subject names a topic, where the topic changes which email is latest."""
    out = []
    for a in c.pick(c.senders(all_received=True, minimum=3), 200):
        mine = c.f.emails_from(a)
        for words in c.pick(list(TOPICS), len(TOPICS)):
            hits = mine & c.o.subject_has(words)
            if len(hits) >= 2 and c.o.ties(hits, "last") != c.o.ties(mine, "last"):
                gold, acc = from_graphs([name("p", c.f.people[a]), F("e", "subject", "contains", words),
                                         F("e", "ordinal", "=", "last")], mode="one")
                out.append(Instance({**c.who(a), "W": words}, gold, c.o.ties(hits, "last"), acc))
                break
    return out[:30]


def mk_from_with_attachment(c: Ctx) -> list[Instance]:
    """X's emails that carry an attachment (only senders with some emails without one)."""
    out = []
    with_files = c.f.emails_with_attachments()
    for a in c.pick(c.senders(all_received=True, minimum=2), 200):
        mine = c.f.emails_from(a)
        ans = sorted(mine & with_files)
        if ans and len(ans) < len(mine):
            gold, acc = from_graphs([E("e", "has_attachment", "f"), name("p", c.f.people[a])])
            out.append(Instance(c.who(a), gold, ans, acc))
    return out[:30]


def mk_files_from_in_month(c: Ctx, phrases: list[tuple[str, tuple[date, date]]]) -> list[Instance]:
    """The files X attached to emails sent in a date range."""
    out = []
    for a in c.pick(c.senders(all_received=True, minimum=2), 200):
        for phrase, (s, e) in c.pick(phrases, len(phrases)):
            ans = sorted(c.f.attachments_of(c.f.emails_from(a) & c.o.between(s, e)))
            if ans:
                gold, acc = from_graphs([E("e", "has_attachment", "f"), E("e", "sent_on", "d"),
                                         name("p", c.f.people[a]), F("d", "value", "=", phrase)], ret="f")
                out.append(Instance({**c.who(a), "M": phrase}, gold, ans, acc))
                break
    return out[:30]


def mk_events_at_in_month(c: Ctx, phrases: list[tuple[str, tuple[date, date]]]) -> list[Instance]:
    """Events at a place within a date range that leaves out some of the place's events."""
    out = []
    for pl, at in PLACES.items():
        there = c.o.events_at(pl)
        for phrase, (s, e) in c.pick(phrases, len(phrases)):
            ans = sorted(there & c.o.events_between(s, e))
            if ans and set(ans) != there:
                gold = G("ev", [E("ev", "location", "pl"), E("ev", "occurred_on", "d"), name("pl", pl),
                                F("d", "value", "=", phrase)])
                out.append(Instance({"P": pl, "atP": at, "M": phrase}, gold, ans))
                break
    return c.pick(out, len(out))


def mk_people_emailed_in_month(c: Ctx, phrases: list[tuple[str, tuple[date, date]]]) -> list[Instance]:
    """Everyone (To, Cc or Bcc) on an email the user sent in a date range."""
    out = []
    for phrase, (s, e) in phrases:
        sent = c.sent & c.o.between(s, e)
        ans = sorted({a for m in sent for a in c.f.email(m).recipients if not c.f.is_self(a)})
        if ok(ans):
            gold = G("p", [E("e", "from", "self"), E("e", "to", "p"), E("e", "sent_on", "d"),
                           F("d", "value", "=", phrase)])
            out.append(Instance({"M": phrase}, gold, ans))
    return c.pick(out, len(out))


def mk_emails_x_to_y(c: Ctx) -> list[Instance]:
    """Emails one person sent to another, neither of them the user (nor a mailing list)."""
    pairs = sorted({(e.sender, r) for e in c.f.emails for r in e.recipients
                    if not c.f.is_self(e.sender) and not c.f.is_self(r) and r != e.sender
                    and e.sender not in c.lists and r not in c.lists})
    out = []
    for x, y in c.pick(pairs, len(pairs)):
        ans = sorted(c.f.emails_from(x) & c.f.emails_to(y))
        if 2 <= len(ans) <= MAX_ANSWER:
            ny = c.f.people[y]
            gold = G("e", [E("e", "from", "p1"), E("e", "to", "p2"), name("p1", c.f.people[x]), name("p2", ny)])
            out.append(Instance({**c.who(x), "Y": ny, "Yp": possessive(ny)}, gold, ans))
    return out[:30]


def mk_count_events_at(c: Ctx) -> list[Instance]:
    """How many events were at a place: only places without a repeating event (so counting events and counting
    meetings, i.e. occurrences, agree) and with no event after today (so "were" and "happened" fit)."""
    out = []
    for pl, at in PLACES.items():
        uids = c.o.events_at(pl)
        if uids and all(len(c.f.event(u).occurrences) == 1 and c.f.day_of(c.f.event(u).start) <= c.f.today
                        for u in uids):
            gold = G("ev", [E("ev", "location", "pl"), name("pl", pl)], action="count")
            out.append(Instance({"P": pl, "atP": at}, gold, len(uids)))
    return c.pick(out, len(out))


def mk_links_about(c: Ctx) -> list[Instance]:
    """Web addresses in the emails whose subject names a topic."""
    out = []
    for words in TOPICS:
        ans = sorted(c.f.urls_of(c.o.subject_has(words)))
        if ok(ans):
            out.append(Instance({"W": words}, G("w", [E("e", "mentions_url", "w"),
                                                      F("e", "subject", "contains", words)]), ans))
    return c.pick(out, len(out))


def mk_count_emails_to(c: Ctx) -> list[Instance]:
    """How many emails the user sent to X."""
    out = []
    for a in c.pick([a for a in c.f.people if a not in c.lists], 200):
        mine = c.sent & c.f.emails_to(a)
        if len(mine) >= 2:
            gold = G("e", [E("e", "from", "self"), E("e", "to", "p"), name("p", c.f.people[a])], action="count")
            out.append(Instance(c.who(a), gold, len(mine)))
    return out[:30]


# Shapes asked only in dev6 and test4 (earlier parts never had templates for them). A part's maker for a later
# shape (below) takes the part's own date phrases; test4 continues the instance list where dev6 stopped.
LATER_SHAPES: list[Shape] = [
    Shape("last_email_from_about", mk_last_from_about, []),
    Shape("emails_from_with_attachment", mk_from_with_attachment, []),
    Shape("files_from_in_month", lambda c: mk_files_from_in_month(c, dev6_month_phrases(c.f.today)), []),
    Shape("events_at_place_in_month", lambda c: mk_events_at_in_month(c, dev6_event_phrases(c.f.today)), []),
    Shape("people_emailed_in_month", lambda c: mk_people_emailed_in_month(c, dev6_month_phrases(c.f.today)), []),
    Shape("emails_from_person_to_person", mk_emails_x_to_y, []),
    Shape("count_events_at_place", mk_count_events_at, []),
    Shape("links_in_emails_about", mk_links_about, []),
    Shape("count_emails_to", mk_count_emails_to, []),
]

DEV6_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, dev6_month_phrases(c.f.today)),
    "emails_from_before": bound_maker("<", DEV6_BOUNDS),
    "emails_from_since": bound_maker(">", DEV6_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, lambda d, i: dev6_day(d, i, c.f.today)),
    "events_in_month": lambda c: mk_events_in_month(c, dev6_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, dev6_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, dev6_month_phrases(c.f.today)),
    **{s.name: s.make for s in LATER_SHAPES},
}

TEST4_MAKERS: dict[str, Callable[[Ctx], list[Instance]]] = {
    "emails_from_in_month": lambda c: mk_from_in_month(c, test4_month_phrases(c.f.today)),
    "emails_from_before": bound_maker("<", TEST4_BOUNDS),
    "emails_from_since": bound_maker(">", TEST4_BOUNDS),
    "last_received_on_day": lambda c: mk_last_received_on(c, lambda d, i: test4_day(d, i, c.f.today)),
    "events_in_month": lambda c: mk_events_in_month(c, test4_event_phrases(c.f.today)),
    "people_met_in_month": lambda c: mk_met_in_month(c, test4_month_phrases(c.f.today)),
    "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, test4_month_phrases(c.f.today)),
    "files_from_in_month": lambda c: mk_files_from_in_month(c, test4_month_phrases(c.f.today)),
    "events_at_place_in_month": lambda c: mk_events_at_in_month(c, test4_event_phrases(c.f.today)),
    "people_emailed_in_month": lambda c: mk_people_emailed_in_month(c, test4_month_phrases(c.f.today)),
}


DEV6_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    "emails_from": [
        ("polite", "Could you please show me all of the emails that {X} has sent me?"),
        ("mobile6", "msgs frm {Xf} pls"),
        ("nonnative", "Give me the mails which {X} was sending to me"),
        ("everything", "anything {X} ever emailed me"),
        ("typo", "show me evrything I've recieved from {X}"),
        ("rambling", "I'm cleaning up my inbox and want to start with {X}, so show me every message they've sent me"),
        ("passive", "emails that were sent to me by {X}"),
    ],
    "emails_to": [
        ("wh", "What have I emailed to {X}?"),
        ("command", "List the messages I wrote to {X}"),
        ("mobile6", "my sent mail to {Xf}"),
        ("nonnative", "Show mails from me to {X} please"),
        ("passive", "emails that were sent to {X} by me"),
        ("typo", "notes i sent too {X}"),
        ("rambling", "{X} says they never heard back from me, which I doubt. Can you pull up everything I've sent them?"),
    ],
    "emails_between": [
        ("wh", "What emails have {X} and I exchanged?"),
        ("fragment", "correspondence between me and {X}"),
        ("polite", "Would you mind listing all the email back and forth between {X} and me?"),
        ("searchbox6", "emails between {Xf} and me"),
        ("selfname", "emails between {SELF} and {X}"),
        ("nonnative", "All the mails where me and {X} are both in"),
        ("typo", "my conversations with {X} over emial"),
    ],
    "emails_from_in_month": [
        ("wh", "What emails came in from {X} {M}?"),
        ("mobile6", "emails frm {Xf} {M}"),
        ("polite", "Could you find the messages {X} sent me {M}, please?"),
        ("nonnative", "Which mails has {X} written me {M}?"),
        ("rambling", "I think {X} mentioned something important in an email {M} but I can't find it. Can you show me what they sent?"),
        ("searchbox6", "from {X} {M}"),
        ("passive", "emails sent to me by {X} {M}"),
    ],
    "emails_from_before": [
        ("wh", "What did {X} email me before {B}?"),
        ("possessive", "Pull up {Xp} older emails, the ones from before {B}"),
        ("nonnative", "mails of {X} before {B}"),
        ("mobile6", "msgs from {Xf} b4 {B}"),
        ("polite", "Please find any message {X} sent me prior to {B}."),
        ("typo", "emails from {X} erlier than {B}"),
        ("passive", "notes that were written by {X} before {B}"),
    ],
    "emails_from_since": [
        ("wh", "What's come in from {X} since {B}?"),
        ("possessive", "{Xp} emails after {B}"),
        ("nonnative", "Show the mails from {X} starting {B}"),
        ("mobile6", "new msgs from {Xf} since {B}"),
        ("polite", "Could you list {Xp} messages from {B} onward?"),
        ("searchbox6", "from {X} after {B}"),
        ("rambling", "I already read everything older, so just the emails from {X} since {B}"),
    ],
    "last_email_from": [
        ("wh", "When was the last time {X} emailed me?"),
        ("possessive", "{Xp} latest email"),
        ("nonnative", "Which is the last mail that {X} sent to me?"),
        ("mobile6", "latest msg frm {Xf}"),
        ("polite", "Could you pull up the most recent note from {X}, please?"),
        ("typo", "most recnet email from {X}"),
        ("dictated6", "what's the newest email from {X}"),
    ],
    "first_email_from": [
        ("wh", "What was the very first email {X} ever sent me?"),
        ("fragment", "earliest message from {X}"),
        ("nonnative", "The first mail I got from {X}, which one is it?"),
        ("mobile6", "1st email from {Xf}"),
        ("rambling", "I'm writing a speech for {Xp} farewell and want to start at the beginning. Show me the first email they ever sent me."),
        ("passive", "the oldest email sent to me by {X}"),
        ("typo", "frist email from {X}"),
    ],
    "first_email_to": [
        ("wh", "What was the first thing I ever emailed {X}?"),
        ("fragment", "my earliest email to {X}"),
        ("nonnative", "Show me first mail I have sent to {X}"),
        ("mobile6", "first msg i sent {Xf}"),
        ("polite", "Could you find the oldest message I wrote to {X}?"),
        ("passive", "the first email sent by me to {X}"),
        ("rambling", "{X} and I go way back and I'm curious how it started. When did I first write to them?"),
    ],
    "last_email_to": [
        ("wh", "When did I last email {X}?"),
        ("fragment", "most recent email I sent {X}"),
        ("nonnative", "Which was my last mail to {X}?"),
        ("mobile6", "my last msg to {Xf}"),
        ("polite", "Please show me the latest message I sent to {X}."),
        ("typo", "my lastest email to {X}"),
        ("rambling", "{X} is asking whether I ever replied to them. What's the last email I sent them?"),
    ],
    "count_emails_from": [
        ("wh", "How many emails has {X} sent me?"),
        ("fragment", "number of messages from {X}"),
        ("nonnative", "How much mails are from {X}?"),
        ("mobile6", "how many msgs from {Xf}"),
        ("polite", "Would you be so good as to count the emails {X} has sent me?"),
        ("typo", "how many emials from {X}"),
        ("searchbox6", "count emails from {X}"),
    ],
    "subject_contains": [
        ("wh", "Which emails have {W} in the subject line?"),
        ("fragment", "messages with the subject {W}"),
        ("nonnative", "Find mails where subject is having {W}"),
        ("mobile6", "msgs subj {W}"),
        ("polite", "Could you please find every email with \"{W}\" in its subject?"),
        ("typo", "emails with {W} in the subjet"),
        ("searchbox6", "emails subject line {W}"),
    ],
    "last_received_on_day": [
        ("wh", "Which email was the last to arrive in my inbox on {D}?"),
        ("fragment", "final message received on {D}"),
        ("nonnative", "Show the last mail that came to me on {D}"),
        ("mobile6", "last msg in my inbox {D}"),
        ("polite", "Could you show me the latest email that reached me on {D}?"),
        ("typo", "last emial i received on {D}"),
        ("rambling", "Someone wrote to me at the end of the day on {D} and I never replied. What was the last email I received that day?"),
    ],
    "attachments_from": [
        ("wh", "What files has {X} sent me?"),
        ("possessive", "the files attached to {Xp} emails"),
        ("nonnative", "Which documents {X} has attached in mails to me?"),
        ("mobile6", "{Xf} attachments"),
        ("polite", "Could you list every attachment {X} has emailed me?"),
        ("typo", "attachements {X} sent me"),
        ("passive", "files that were sent to me by {X}"),
    ],
    "attachments_ext": [
        ("wh", "Which {EXTS} have been sent around as attachments?"),
        ("fragment", "attached {EXTS}"),
        ("nonnative", "Give me all attached files of type {EXT}"),
        ("mobile6", "{EXT} files in email"),
        ("polite", "Could you find every {EXT1} that was attached to an email?"),
        ("typo", "{EXTS} attched to emails"),
        ("searchbox6", "email attachment *.{EXT}"),
    ],
    "folders_with_attachments_from": [
        ("wh", "Where on my disk did I save the files {X} sent me?"),
        ("fragment", "folders containing attachments from {X}"),
        ("nonnative", "In which directories are the files which {X} was sending me?"),
        ("mobile6", "{Xfp} attachments folder"),
        ("polite", "Could you tell me which folders hold the documents {X} emailed me?"),
        ("synonym", "directories with files from {Xp} emails"),
        ("typo", "which fodlers have the attachments from {X}"),
    ],
    "folders_of_file": [
        ("wh", "Which folder on my machine holds {F}?"),
        ("fragment", "location of {F} on disk"),
        ("nonnative", "In which folder I have {F}?"),
        ("mobile6", "where's {F}"),
        ("polite", "Could you tell me which directory contains {F}?"),
        ("searchbox6", "{F} which folder"),
        ("typo", "whcih folder is {F} in"),
    ],
    "who_sent_file": [
        ("wh", "Who was it that emailed me {F}?"),
        ("fragment", "the one who mailed me {F}"),
        ("nonnative", "From whom I received {F}?"),
        ("mobile6", "who sent me {F} again"),
        ("passive", "{F} was sent to me by whom?"),
        ("rambling", "I found a file called {F} and have no idea where it came from. Who sent it to me?"),
        ("typo", "who sent me the file {F} by emial"),
    ],
    "conversations_with_sender_of_file": [
        ("wh", "Which people have exchanged emails with the sender of {F}?"),
        ("fragment", "everyone in email threads with the {F} sender"),
        ("nonnative", "Persons who wrote mails with the one who sent {F}"),
        ("mobile6", "who emails w/ the person that sent {F}"),
        ("rambling", "I need to figure out who's in the loop with whoever sent {F}, meaning everyone they've had email conversations with."),
        ("polite", "Could you list the people who have corresponded by email with the sender of {F}?"),
        ("possessive", "{F}'s sender: who have they emailed with?"),
    ],
    "coattendees_of_person": [
        ("wh", "Who has sat in meetings together with {X}?"),
        ("fragment", "people who attended events alongside {X}"),
        ("nonnative", "Which persons were together with {X} in meetings?"),
        ("mobile6", "who was at mtgs w {Xf}"),
        ("polite", "Could you please list all the people who have shared a meeting with {X}?"),
        ("rambling", "{X} is leaving and I want to let their regular contacts know. Who attended events together with them?"),
        ("synonym", "attendees of {Xp} appointments"),
    ],
    "events_of_person": [
        ("wh", "What meetings has {X} been to?"),
        ("possessive", "{Xp} events and meetings"),
        ("nonnative", "In which events {X} was participating?"),
        ("mobile6", "events {Xf} attended"),
        ("polite", "Could you show me every event that {X} attended?"),
        ("passive", "events attended by {X}"),
        ("typo", "which meetigns did {X} attend"),
    ],
    "events_at_place": [
        ("wh", "What events took place {atP}?"),
        ("everything", "every meeting {atP}"),
        ("nonnative", "Show me the events what happened {atP}"),
        ("mobile6", "{P} mtgs"),
        ("polite", "Could you find every appointment located {atP}?"),
        ("searchbox6", "location: {P}"),
        ("typo", "evnts {atP}"),
    ],
    "events_in_month": [
        ("wh", "What's on my calendar {M}?"),
        ("command", "list events {M}"),
        ("fragment", "appointments {M}"),
        ("mobile6", "mtgs {M}"),
        ("nonnative", "Which meetings did happen {M}?"),
        ("typo", "show my calender {M}"),
        ("dictated6", "what was scheduled {M}"),
    ],
    "events_titled": [
        ("wh", "When did the {T} meetings take place?"),
        ("fragment", "{T} calendar entries"),
        ("nonnative", "Show me all the meetings with name {T}"),
        ("mobile6", "{T} on cal"),
        ("polite", "Could you find the calendar entries with {T} in the title?"),
        ("searchbox6", "cal events {T}"),
        ("typo", "any {T} meetigns on my calender?"),
    ],
    "who_attended_titled": [
        ("wh", "Which people showed up at the {T}?"),
        ("fragment", "attendees of {T} meetings"),
        ("nonnative", "Which persons were participating in {T}?"),
        ("mobile6", "who was at {T}"),
        ("polite", "Could you tell me who attended the {T} events?"),
        ("passive", "{T} meetings were attended by whom?"),
        ("rambling", "I want to send a thank-you note to everyone from the {T}. Who was there?"),
    ],
    "place_of_event": [
        ("wh", "Where did the {T} happen?"),
        ("fragment", "the {T} location"),
        ("nonnative", "In which place is happening {T}?"),
        ("mobile6", "where's {T}"),
        ("polite", "Could you tell me where {T} is held?"),
        ("rambling", "I've got {T} on my calendar but forgot to note the address. Where is it?"),
        ("typo", "wher is {T} taking place"),
    ],
    "people_met_at_place": [
        ("wh", "Who have I met up with {atP}?"),
        ("fragment", "people I've met {atP}"),
        ("nonnative", "With whom I had meeting {atP}?"),
        ("mobile6", "who'd i see {atP}"),
        ("polite", "Could you kindly list everybody I met with {atP}?"),
        ("rambling", "I met someone really interesting {atP} but their name escapes me. Who have I met there?"),
        ("synonym", "folks I caught up with {atP}"),
    ],
    "people_met_in_month": [
        ("wh", "Who were the people I met {M}?"),
        ("fragment", "people I saw {M}"),
        ("nonnative", "With which persons I had meetings {M}?"),
        ("mobile6", "who'd i meet {M}"),
        ("rambling", "My manager wants a list of everyone I've had meetings with {M}. Who were they?"),
        ("polite", "Could you tell me whom I met {M}?"),
        ("typo", "ppl i met wiht {M}"),
    ],
    "links_from_person": [
        ("wh", "What links has {X} sent me?"),
        ("fragment", "URLs from {X}"),
        ("nonnative", "Give me the web links which {X} put in mails to me"),
        ("mobile6", "links {Xf} sent"),
        ("polite", "Could you find all the websites {X} has emailed me?"),
        ("typo", "lnks from {X}"),
        ("possessive", "every link in {Xp} emails"),
    ],
    "links_from_people_met_in_month": [
        ("wh", "Which websites were shared in emails by people I met {M}?"),
        ("fragment", "links from the people I met with {M}"),
        ("command", "Show URLs in mail from anyone I had a meeting with {M}"),
        ("nonnative", "Give me links which the persons I met {M} have sent"),
        ("mobile6", "urls from ppl i met {M}"),
        ("rambling", "Someone I met {M} emailed a link to something cool and I forgot who. Show me all the links from the people I met then."),
        ("synonym", "web addresses in emails from folks I saw {M}"),
    ],
    "links_to_domain": [
        ("wh", "Which {U} links are in my email?"),
        ("fragment", "links that go to {U}"),
        ("nonnative", "All urls of {U} site"),
        ("mobile6", "all urls on {U}"),
        ("polite", "Could you list every web address pointing at {U}?"),
        ("searchbox6", "site:{U} links"),
        ("typo", "linsk to {U} in my emails"),
    ],
    # ---- later shapes (dev6 and test4 only) ----
    "last_email_from_about": [
        ("wh", "What's the latest email from {X} about {W}?"),
        ("possessive", "{Xp} most recent message re {W}"),
        ("nonnative", "Last mail of {X} about the {W}"),
        ("mobile6", "newest {W} email from {Xf}"),
        ("rambling", "{X} sent a few updates on {W} and I only care about the current one. Which is the most recent?"),
    ],
    "emails_from_with_attachment": [
        ("wh", "Which emails from {X} had attachments?"),
        ("possessive", "{Xp} emails with files attached"),
        ("nonnative", "Mails from {X} where is something attached"),
        ("mobile6", "emails w attachments from {Xf}"),
        ("polite", "Could you show me the messages {X} sent me that came with an attachment?"),
    ],
    "files_from_in_month": [
        ("wh", "What files did {X} send me {M}?"),
        ("fragment", "attachments from {X} {M}"),
        ("nonnative", "Which documents {X} has sent to me {M}?"),
        ("mobile6", "{Xf} attachments {M}"),
        ("rambling", "{X} emailed me some document {M} and now I can't find it. What files did they send me?"),
    ],
    "events_at_place_in_month": [
        ("wh", "What was happening {atP} {M}?"),
        ("fragment", "events {atP} {M}"),
        ("nonnative", "Which meetings were {atP} {M}?"),
        ("mobile6", "{P} mtgs {M}"),
        ("polite", "Could you list the appointments {atP} {M}?"),
    ],
    "people_emailed_in_month": [
        ("wh", "Who did I email {M}?"),
        ("fragment", "people I wrote to {M}"),
        ("nonnative", "To whom I have sent mails {M}?"),
        ("mobile6", "who'd i email {M}"),
        ("rambling", "I promised to follow up with everyone I contacted {M}. Who did I send emails to?"),
    ],
    "emails_from_person_to_person": [
        ("wh", "What has {X} emailed {Y}?"),
        ("fragment", "emails from {X} to {Y}"),
        ("nonnative", "Mails that {X} wrote to {Y}"),
        ("mobile6", "{Xf} to {Y} msgs"),
        ("passive", "messages sent to {Y} by {X}"),
    ],
    "count_events_at_place": [
        ("wh", "How many events were {atP}?"),
        ("fragment", "number of meetings {atP}"),
        ("nonnative", "How much meetings happened {atP}?"),
        ("mobile6", "# of mtgs {atP}"),
        ("polite", "Could you count the appointments located {atP}?"),
    ],
    "links_in_emails_about": [
        ("wh", "What links were in the emails about {W}?"),
        ("fragment", "URLs in {W} emails"),
        ("nonnative", "Give me links from the mails with subject {W}"),
        ("mobile6", "links re {W}"),
        ("polite", "Could you pull every web address from messages about {W}?"),
    ],
    "count_emails_to": [
        ("wh", "How many emails have I sent {X}?"),
        ("fragment", "number of messages I wrote to {X}"),
        ("nonnative", "How much mails I sent to {X}?"),
        ("mobile6", "how many times did i email {Xf}"),
        ("rambling", "{X} thinks I never write to them. How many emails have I actually sent them?"),
    ],
}


TEST4_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    "emails_from": [
        ("legal", "Identify all correspondence received from {X}."),
        ("texting4", "wat has {Xf} emailed me"),
        ("memory", "I'm trying to remember what {X} wrote to me. Can you bring up their emails?"),
        ("regional", "Kindly share all the mails received from {X}"),
        ("query4", "from:{X} in:inbox"),
        ("novice", "How do I see the letters {X} sent me?"),
    ],
    "emails_to": [
        ("legal", "Produce every email I sent to {X}."),
        ("texting4", "wat did i email {Xf}"),
        ("memory", "Remind me what I've written to {X} over email."),
        ("regional", "Please show the mails I have sent across to {X}"),
        ("query4", "from:me to:{X}"),
        ("car4", "okay read me the emails i sent {X}"),
    ],
    "emails_between": [
        ("legal", "All email correspondence between {SELF} and {X}."),
        ("texting4", "all the emails between me n {Xf}"),
        ("memory", "I'm trying to remember our email history, {X} and me. Can you show it?"),
        ("regional", "What all mails are there between {X} and myself?"),
        ("query4", "emails involving me and {X}"),
        ("novice", "Where are the emails that went between me and {X}?"),
    ],
    "emails_from_in_month": [
        ("legal", "List communications from {X} dated {M}."),
        ("texting4", "did {Xf} email me {M}"),
        ("memory", "{X} wrote to me {M}, I think. What did they say?"),
        ("regional", "Kindly show mails which {X} has sent {M}"),
        ("car4", "any emails from {X} {M}"),
        ("clinician", "emails rec'd from {X} {M}"),
    ],
    "emails_from_before": [
        ("legal", "Produce all messages from {X} dated prior to {B}."),
        ("texting4", "emails {Xf} sent me before {B}"),
        ("memory", "Back before {B}, {X} sent me something. Show me those emails."),
        ("regional", "Please share mails from {X} which came before {B}"),
        ("query4", "from:{X} before {B}"),
        ("passive", "emails I was sent by {X} earlier than {B}"),
    ],
    "emails_from_since": [
        ("legal", "Identify communications from {X} on or after {B}."),
        ("texting4", "has {Xf} emailed me since {B}"),
        ("memory", "What has {X} sent me from {B} onwards?"),
        ("regional", "Kindly list all mails of {X} starting from {B}"),
        ("query4", "from:{X} after {B}"),
        ("car4", "uh emails from {X} since {B}"),
    ],
    "last_email_from": [
        ("legal", "Identify the most recent communication from {X}."),
        ("texting4", "wats the last thing {Xf} emailed me"),
        ("memory", "I'm trying to remember the last thing {X} wrote me. Which email was it?"),
        ("regional", "Kindly show the latest mail from {X}"),
        ("clinician", "{X}, latest email"),
        ("novice", "Where is the newest letter from {X}?"),
    ],
    "first_email_from": [
        ("legal", "Produce the earliest email received from {X}."),
        ("texting4", "wat was the 1st email {Xf} ever sent me"),
        ("memory", "Remind me how {X} first got in touch over email. What was their first message?"),
        ("regional", "Which is the first mail {X} has sent me?"),
        ("query4", "from:{X} sort:oldest limit:1"),
        ("possessive", "the first of {Xp} emails to me"),
    ],
    "first_email_to": [
        ("legal", "Identify the earliest message I sent to {X}."),
        ("texting4", "first email i ever sent {Xf}"),
        ("memory", "I'm trying to remember when I first reached out to {X} by email. Which message was that?"),
        ("regional", "Kindly show my very first mail to {X}"),
        ("query4", "from:me to:{X} oldest"),
        ("car4", "what was the first email i wrote to {X}"),
    ],
    "last_email_to": [
        ("legal", "Identify the most recent message I sent to {X}."),
        ("texting4", "last thing i emailed {Xf}"),
        ("memory", "Remind me what I last sent {X}."),
        ("regional", "Please show the latest mail I have sent to {X}"),
        ("query4", "from:me to:{X} newest"),
        ("novice", "How can I find the last letter I wrote to {X}?"),
    ],
    "count_emails_from": [
        ("legal", "State the number of emails received from {X}."),
        ("texting4", "how many emails has {Xf} sent me lol"),
        ("memory", "How many times has {X} emailed me, do you know?"),
        ("regional", "What is the count of mails from {X}?"),
        ("query4", "count(emails) where from:{X}"),
        ("clinician", "# emails from {X}"),
    ],
    "subject_contains": [
        ("legal", "Identify all emails whose subject line references {W}."),
        ("texting4", "emails w {W} in the subject"),
        ("memory", "There was a thread with {W} in the subject, I think. Can you find those emails?"),
        ("regional", "Kindly search the mails which are having {W} in subject"),
        ("query4", "in:anywhere subject:\"{W}\""),
        ("car4", "find emails with the subject line {W}"),
    ],
    "last_received_on_day": [
        ("legal", "Identify the final email received on {D}."),
        ("texting4", "wat was the last email that came in on {D}"),
        ("memory", "I'm trying to remember who wrote to me last thing on {D}. Which email came in last that day?"),
        ("regional", "Please show the last mail received by me on {D}"),
        ("query4", "to:me on {D} newest"),
        ("passive", "the last email that was sent to me on {D}"),
    ],
    "attachments_from": [
        ("legal", "Identify all attachments received from {X}."),
        ("texting4", "files {Xf} sent me"),
        ("memory", "I'm trying to remember which files {X} sent me."),
        ("regional", "Kindly share the attachments which {X} has sent"),
        ("query4", "attachments from:{X}"),
        ("novice", "What papers did {X} attach to their emails?"),
    ],
    "attachments_ext": [
        ("legal", "Identify every {EXT1} attached to an email."),
        ("texting4", "all the {EXTS} ppl attached"),
        ("memory", "There was a .{EXT} file attached to some email. Show me all of those."),
        ("regional", "What all {EXTS} are attached in the mails?"),
        ("query4", "has:attachment filename:{EXT}"),
        ("clinician", "{EXT1} attachments, all"),
    ],
    "folders_with_attachments_from": [
        ("legal", "Identify the folders holding documents received from {X}."),
        ("texting4", "where'd i put the files {Xf} sent me"),
        ("memory", "I saved {Xp} attachments somewhere. Which folders are they in?"),
        ("regional", "In which all folders the attachments of {X} are kept?"),
        ("query4", "folders of attachments from:{X}"),
        ("novice", "Where on the computer are the files {X} emailed to me?"),
    ],
    "folders_of_file": [
        ("legal", "Identify the directory containing {F}."),
        ("texting4", "where is {F} on my laptop"),
        ("memory", "I know I saved {F} somewhere. Which folder?"),
        ("regional", "Kindly tell in which folder {F} is kept"),
        ("query4", "dirname of {F}"),
        ("novice", "How do I find where {F} is on my computer?"),
    ],
    "who_sent_file": [
        ("legal", "Identify the sender of {F}."),
        ("texting4", "lol who sent me {F}"),
        ("memory", "Someone emailed me {F} and I can't remember who. Who was it?"),
        ("regional", "Who all have sent {F} to me?"),
        ("query4", "who sent attachment {F}"),
        ("passive", "By whom was {F} emailed to me?"),
    ],
    "conversations_with_sender_of_file": [
        ("legal", "Identify every person who has exchanged email with the originator of {F}."),
        ("texting4", "who talks over email w whoever sent {F}"),
        ("memory", "Whoever sent {F}: which people have had email conversations with them?"),
        ("regional", "Who all are having mail conversations with the person who sent {F}?"),
        ("query4", "participants of threads with sender of {F}"),
        ("car4", "who does the person who sent {F} email with"),
    ],
    "coattendees_of_person": [
        ("legal", "Identify all individuals who attended meetings with {X}."),
        ("texting4", "ppl who were in meetings with {Xf}"),
        ("memory", "Who sits in on meetings with {X}? I can't remember."),
        ("regional", "Who all have attended meetings along with {X}?"),
        ("query4", "co-attendees of {X}"),
        ("novice", "Which people have been at the same appointments as {X}?"),
    ],
    "events_of_person": [
        ("legal", "Identify every meeting attended by {X}."),
        ("texting4", "wat mtgs has {Xf} been in"),
        ("memory", "Remind me which events {X} showed up to."),
        ("regional", "Kindly list the meetings where {X} was present"),
        ("query4", "calendar attendee:{X}"),
        ("clinician", "{X}: calendar events attended"),
    ],
    "events_at_place": [
        ("legal", "Identify all events held {atP}."),
        ("texting4", "any events {atP}?"),
        ("memory", "There were some meetings {atP}, I think. What were they?"),
        ("regional", "What all meetings are there {atP}?"),
        ("query4", "events location:\"{P}\""),
        ("car4", "show me meetings {atP}"),
    ],
    "events_in_month": [
        ("legal", "Identify all calendar events {M}."),
        ("texting4", "wats on my cal {M}"),
        ("memory", "What did my schedule look like {M}?"),
        ("regional", "Kindly list out all the meetings {M}"),
        ("car4", "read me the calendar {M}"),
        ("clinician", "schedule {M}"),
    ],
    "events_titled": [
        ("legal", "Identify all meetings whose title includes \"{T}\"."),
        ("texting4", "when r the {T} meetings"),
        ("memory", "I'm trying to remember the dates of {T}. Show me those events."),
        ("regional", "Kindly show all the {T} meetings"),
        ("query4", "events title:{T}"),
        ("novice", "How do I find the {T} appointments on my calendar?"),
    ],
    "who_attended_titled": [
        ("legal", "Identify the attendees of each {T}."),
        ("texting4", "who went to {T}"),
        ("memory", "Remind me who was at the {T}."),
        ("regional", "Who all were present in the {T}?"),
        ("query4", "attendees title:{T}"),
        ("passive", "The {T} was attended by which people?"),
    ],
    "place_of_event": [
        ("legal", "State the location of {T}."),
        ("texting4", "where is {T} at"),
        ("memory", "I'm trying to remember where {T} was. Where did it take place?"),
        ("regional", "At which venue is {T}?"),
        ("query4", "location of event \"{T}\""),
        ("car4", "um where is the {T} happening"),
    ],
    "people_met_at_place": [
        ("legal", "Identify every person I met {atP}."),
        ("texting4", "who did i meet up w {atP}"),
        ("memory", "I'm trying to remember who I saw {atP}."),
        ("regional", "Whom all have I met {atP}?"),
        ("car4", "um who did i end up meeting {atP}"),
        ("novice", "Which people did I meet with {atP}?"),
    ],
    "people_met_in_month": [
        ("legal", "Identify all persons I met {M}."),
        ("texting4", "who did i hang out w {M}"),
        ("memory", "Remind me who I met up with {M}."),
        ("regional", "Whom all did I meet {M}?"),
        ("car4", "who have i met with {M}"),
        ("clinician", "persons met, {M}"),
    ],
    "links_from_person": [
        ("legal", "Identify every URL contained in emails from {X}."),
        ("texting4", "any links from {Xf}?"),
        ("memory", "{X} sent me a link once and I lost it. Show me every link they've sent."),
        ("regional", "Kindly share all the links which {X} has mailed"),
        ("query4", "links from:{X}"),
        ("possessive", "the websites in {Xp} messages"),
    ],
    "links_from_people_met_in_month": [
        ("legal", "Identify all URLs in emails from persons I met {M}."),
        ("texting4", "any links from the ppl i hung out with {M}"),
        ("memory", "Somebody I met {M} sent me a website. What links have the people I met then sent?"),
        ("regional", "What all links are sent by the people whom I met {M}?"),
        ("query4", "urls from:(people i met {M})"),
        ("car4", "read me the links from people i met {M}"),
    ],
    "links_to_domain": [
        ("legal", "Identify all URLs referencing {U}."),
        ("texting4", "{U} links pls"),
        ("memory", "Someone emailed a {U} link once. Show me every {U} link."),
        ("regional", "What all links of {U} are there in mails?"),
        ("query4", "links host:{U}"),
        ("clinician", "links, {U} only"),
    ],
    # ---- later shapes (dev6 and test4 only) ----
    "last_email_from_about": [
        ("legal", "Identify the most recent email from {X} concerning {W}."),
        ("texting4", "latest from {Xf} abt {W}"),
        ("regional", "Kindly show the latest mail of {X} regarding {W}"),
        ("query4", "from:{X} subject:{W} newest"),
    ],
    "emails_from_with_attachment": [
        ("legal", "Identify emails from {X} that contain attachments."),
        ("texting4", "emails {Xf} sent me w files"),
        ("regional", "Kindly show mails from {X} having attachments"),
        ("query4", "from:{X} has:attachment"),
    ],
    "files_from_in_month": [
        ("legal", "Identify all attachments received from {X} {M}."),
        ("texting4", "files {Xf} sent me {M}"),
        ("memory", "{X} sent me a file {M}, I think. What were the attachments?"),
        ("query4", "attachments from:{X} {M}"),
    ],
    "events_at_place_in_month": [
        ("legal", "Identify all events held {atP} {M}."),
        ("texting4", "anything {atP} {M}?"),
        ("regional", "What all meetings were there {atP} {M}?"),
        ("query4", "events location:\"{P}\" {M}"),
    ],
    "people_emailed_in_month": [
        ("legal", "Identify all recipients of emails I sent {M}."),
        ("texting4", "ppl i emailed {M}"),
        ("regional", "Kindly list the people I have mailed {M}"),
        ("car4", "who have i sent emails to {M}"),
    ],
    "emails_from_person_to_person": [
        ("legal", "Identify all correspondence from {X} addressed to {Y}."),
        ("texting4", "emails {Xf} sent {Y}"),
        ("regional", "Kindly show the mails {X} has written to {Y}"),
        ("query4", "from:{X} to:{Y}"),
    ],
    "count_events_at_place": [
        ("legal", "State the number of events held {atP}."),
        ("texting4", "how many meetings r {atP}"),
        ("regional", "How many meetings are there {atP} in total?"),
        ("query4", "count events location:\"{P}\""),
    ],
    "links_in_emails_about": [
        ("legal", "Identify all URLs in emails concerning {W}."),
        ("texting4", "links in the {W} emails"),
        ("regional", "What all links are there in mails regarding {W}?"),
        ("query4", "urls subject:{W}"),
    ],
    "count_emails_to": [
        ("legal", "State the number of emails I have sent to {X}."),
        ("texting4", "how many emails did i send {Xf}"),
        ("regional", "How many mails have I sent to {X} in total?"),
        ("query4", "count from:me to:{X}"),
    ],
}


# =============================================================================================
# dev7 and test5: two more groups of askers, each writing every shape (the later ones too)
# =============================================================================================

D7, T5 = "dev7", "test5"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5)
LOWER_STYLES = LOWER_STYLES | {"teen7", "driving7", "sysadmin7", "voice_t5"}
UPPER_STYLES = {"caps_t5"}  # someone who types with caps lock on


def dev7_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"last <month>", "this past <month>", "the previous month", month spans with a dash/"thru"/"between",
    rolling day, week and fortnight windows, "N weeks/months ago", "a fortnight ago", parts of months, dotted
    months, year-first quarters, "the week of"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    dec = bare_month(12, today)[0]
    return [("during the previous month", months_back(today, 1)),
            ("last October", month_range(today.year - (today.month <= 10), 10)),
            ("in Nov-Dec 2025", (date(2025, 11, 1), date(2026, 1, 1))),
            ("between Sep and Oct 2025", (date(2025, 9, 1), date(2025, 11, 1))),
            ("August thru September 2025", (date(2025, 8, 1), date(2025, 10, 1))),
            ("in the past 90 days", (today - timedelta(days=90), tomorrow)),
            ("in the last 45 days", (today - timedelta(days=45), tomorrow)),
            ("within the past 3 weeks", (today - timedelta(weeks=3), tomorrow)),
            ("three weeks ago", (monday - timedelta(days=21), monday - timedelta(days=14))),
            ("two months ago", months_back(today, 2)),
            ("in late Nov 2025", (date(2025, 11, 21), date(2025, 12, 1))),
            ("in mid Oct 2025", (date(2025, 10, 11), date(2025, 10, 21))),
            ("in early Dec", (date(dec, 12, 1), date(dec, 12, 11))),
            ("during Dec. 2025", month_range(2025, 12)),
            ("in 2025 Q4", (date(2025, 10, 1), date(2026, 1, 1))),
            ("the week of Jan 5 2026", (date(2026, 1, 5), date(2026, 1, 12))),
            ("from 1 Dec 2025 to 31 Jan 2026", (date(2025, 12, 1), date(2026, 2, 1))),
            ("in the last fortnight", (today - timedelta(days=14), tomorrow)),
            ("a fortnight ago", (monday - timedelta(days=14), monday - timedelta(days=7))),
            ("this past December", month_range(dec, 12))]


def dev7_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    return dev7_month_phrases(today) + [("in the coming week", (monday + timedelta(days=7), monday + timedelta(days=14))),
                                        ("in the next 10 days", (today, today + timedelta(days=11))),
                                        ("in the next fortnight", (today, today + timedelta(days=15))),
                                        ("during Jan–Feb 2026", (date(2026, 1, 1), date(2026, 3, 1)))]


DEV7_BOUNDS = [("the 1st of Sept 2025", date(2025, 9, 1)), ("2025/07/01", date(2025, 7, 1)),
               ("Oct. 1st", date(2025, 10, 1)), ("14th Oct 2025", date(2025, 10, 14)), ("Aug 2025", date(2025, 8, 1)),
               ("November 3rd 2025", date(2025, 11, 3)), ("1 December", date(2025, 12, 1)),
               ("Jan 5, 2026", date(2026, 1, 5))]


def dev7_day(d: date, i: int) -> str:
    """"14th Oct 2025", "Tue 14 Oct 2025", "2025/10/14", "october 14 2025", "Tues. Oct. 14, 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = {"Tuesday": "Tues", "Thursday": "Thurs"}.get(weekday, weekday[:3])
    dotted = month if len(month) <= 4 else f"{month[:3]}."
    forms = (f"{nth(d.day)} {month[:3]} {d.year}", f"{weekday[:3]} {d.day} {month[:3]} {d.year}",
             f"{d.year}/{d.month:02d}/{d.day:02d}", f"{month.lower()} {d.day} {d.year}",
             f"{short}. {dotted} {d.day}, {d.year}")
    return forms[i % len(forms)]


def test5_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Other rolling windows and "ago"s, numeric and ISO months, "through"/"between" spans, parts of months,
    "the week before last", "last quarter", "so far this year"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    jan, octo = bare_month(1, today)[0], bare_month(10, today)[0]
    return [("in the past month", (date(today.year - (today.month == 1), (today.month - 2) % 12 + 1, today.day),
                                   tomorrow)),
            ("in the last 2 months", (date(today.year - (today.month <= 2), (today.month - 3) % 12 + 1, today.day),
                                      tomorrow)),
            ("in the previous 3 weeks", (today - timedelta(weeks=3), tomorrow)),
            ("in the last 10 days", (today - timedelta(days=10), tomorrow)),
            ("during the past six weeks", (today - timedelta(weeks=6), tomorrow)),
            ("four weeks ago", (monday - timedelta(days=28), monday - timedelta(days=21))),
            ("three months ago", months_back(today, 3)),
            ("last November", month_range(today.year - (today.month <= 11), 11)),
            ("in 2025-12", month_range(2025, 12)),
            ("in 10/2025", month_range(2025, 10)),
            ("from November through December 2025", (date(2025, 11, 1), date(2026, 1, 1))),
            ("between December 2025 and January 2026", (date(2025, 12, 1), date(2026, 2, 1))),
            ("in mid-Jan", (date(jan, 1, 11), date(jan, 1, 21))),
            ("in early Nov 2025", (date(2025, 11, 1), date(2025, 11, 11))),
            ("in late Oct", (date(octo, 10, 21), date(octo, 11, 1))),
            ("in Q2 2025", (date(2025, 4, 1), date(2025, 7, 1))),
            ("over the last 3 months", (date(today.year - (today.month <= 3), (today.month - 4) % 12 + 1, today.day),
                                        tomorrow)),
            ("the week before last", (monday - timedelta(days=14), monday - timedelta(days=7))),
            ("last quarter", (date(2025, 10, 1), date(2026, 1, 1))),
            ("so far this year", (date(today.year, 1, 1), tomorrow))]


def test5_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test5_month_phrases(today) + [("in the next two weeks", (today, today + timedelta(days=15))),
                                         ("within the next 3 weeks", (today, today + timedelta(days=22))),
                                         ("this quarter", (date(2026, 1, 1), date(2026, 4, 1)))]


TEST5_BOUNDS = [("Sep 1 2025", date(2025, 9, 1)), ("2025-10-14", date(2025, 10, 14)), ("11/03/2025", date(2025, 11, 3)),
                ("Jul 2025", date(2025, 7, 1)), ("3rd Nov", date(2025, 11, 3)), ("October 1st", date(2025, 10, 1)),
                ("Tuesday, 14 October 2025", date(2025, 10, 14)), ("June 1 2025", date(2025, 6, 1))]


def test5_day(d: date, i: int) -> str:
    """"the 14th October 2025", "October the 14th, 2025", "Tuesday, 14 October 2025", "10/14/2025" (no zeros),
    "Oct 14th 2025"."""
    month = MONTH_NAMES[d.month - 1]
    forms = (f"the {nth(d.day)} {month} {d.year}", f"{month} the {nth(d.day)}, {d.year}",
             f"{WEEKDAYS[d.weekday()]}, {d.day} {month} {d.year}", f"{d.month}/{d.day}/{d.year}",
             f"{month[:3]} {nth(d.day)} {d.year}")
    return forms[i % len(forms)]


def dated_makers(months: Callable[[date], list], events: Callable[[date], list], bounds: list[tuple[str, date]],
                 day: Callable[[date, int], str]) -> dict[str, Callable[[Ctx], list[Instance]]]:
    """The makers of every shape that names a date, drawing on one part's own date phrases."""
    return {
        "emails_from_in_month": lambda c: mk_from_in_month(c, months(c.f.today)),
        "emails_from_before": bound_maker("<", bounds),
        "emails_from_since": bound_maker(">", bounds),
        "last_received_on_day": lambda c: mk_last_received_on(c, day),
        "events_in_month": lambda c: mk_events_in_month(c, events(c.f.today)),
        "people_met_in_month": lambda c: mk_met_in_month(c, months(c.f.today)),
        "links_from_people_met_in_month": lambda c: mk_links_met_in_month(c, months(c.f.today)),
        "files_from_in_month": lambda c: mk_files_from_in_month(c, months(c.f.today)),
        "events_at_place_in_month": lambda c: mk_events_at_in_month(c, events(c.f.today)),
        "people_emailed_in_month": lambda c: mk_people_emailed_in_month(c, months(c.f.today)),
    }


DEV7_MAKERS = dated_makers(dev7_month_phrases, dev7_event_phrases, DEV7_BOUNDS, dev7_day)
TEST5_MAKERS = dated_makers(test5_month_phrases, test5_event_phrases, TEST5_BOUNDS, test5_day)

DEV7_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a teenager (teen7), an executive assistant keeping the user's inbox (assistant7), a researcher
    # (researcher7), a lawyer (lawyer7), a nurse between patients (nurse7), someone dictating while driving
    # (driving7), a person with dyslexia (dyslexic7), people whose first language is Spanish, German, Hindi or
    # Chinese (spanish7, german7, hindi7, chinese7), a sysadmin typing query-like text (sysadmin7), a British
    # speaker (british7), a follow-up asker who names the subject first and refers back to it (followup7),
    # yes/no askers (yesno7: the gold graph is the find question's; the answer lists what makes it "yes"),
    # "I'm looking for / remind me / pull up / what's" askers (lookingfor7), and passive voice (passive7).
    "emails_from": [
        ("teen7", "ok what has {Xf} been sending me lol"),
        ("lawyer7", "Please identify each item of correspondence I have received from {X}."),
        ("dyslexic7", "show me the emials from {Xt}"),
        ("spanish7", "I want see the emails that sent me {X}."),
        ("german7", "Which emails has {X} me sent?"),
        ("sysadmin7", "emails where sender is {X}"),
        ("followup7", "About {X}: pull up every email they sent me."),
        ("passive7", "Emails that were written by {X}"),
    ],
    "emails_to": [
        ("assistant7", "List the emails I've sent over to {X}, please."),
        ("researcher7", "Retrieve every message I addressed to {X}."),
        ("nurse7", "my msgs to {X}?"),
        ("driving7", "okay uh emails i sent to {X}"),
        ("chinese7", "I send to {X} which emails?"),
        ("british7", "Could you fetch the post I've sent to {X}?"),
        ("passive7", "Emails that were sent by me to {Xl}"),
        ("lookingfor7", "I'm looking for the emails I wrote to {X}."),
    ],
    "emails_between": [
        ("lawyer7", "Produce all communications between {SELF} and {X}."),
        ("teen7", "all the emails with me and {Xf} on them"),
        ("researcher7", "I need the complete email record between myself and {X}."),
        ("hindi7", "Kindly show the mails in which {X} and me both are there."),
        ("sysadmin7", "emails participants: me, {X}"),
        ("british7", "My correspondence with {X}, all of it please."),
        ("yesno7", "Are there any emails between {X} and me?"),
        ("dyslexic7", "all teh emails betwen {Xt} and me"),
    ],
    "emails_from_in_month": [
        ("nurse7", "msgs from {Xf} {M}?"),
        ("assistant7", "Please pull together what {X} emailed me {M}."),
        ("driving7", "read me what {X} sent me {M}"),
        ("german7", "Which mails has {X} {M} to me written?"),
        ("spanish7", "The emails of {X} {M}, where are they?"),
        ("yesno7", "Did {X} email me {M}?"),
        ("researcher7", "Emails authored by {X} and dated {M}"),
        ("lookingfor7", "What's come in from {X} {M}?"),
    ],
    "emails_from_before": [
        ("lawyer7", "All emails from {X} dated prior to {B}."),
        ("teen7", "stuff {Xf} emailed me before {B}"),
        ("hindi7", "Please show the mails {X} sent me before {B} itself."),
        ("sysadmin7", "emails from {X} older than {B}"),
        ("british7", "Anything {X} sent me earlier than {B}?"),
        ("chinese7", "Before {B}, {X} send me what emails?"),
        ("passive7", "Which emails were sent to me by {X} before {B}?"),
        ("researcher7", "Messages from {X} that predate {B}"),
    ],
    "emails_from_since": [
        ("nurse7", "Quick check between patients: emails from {Xf} since {B}?"),
        ("lawyer7", "All correspondence from {X} on or after {B}."),
        ("driving7", "emails from {X} starting {B}"),
        ("german7", "Since {B} has {X} me which emails sent?"),
        ("dyslexic7", "emails from {Xt} sicne {B}"),
        ("assistant7", "Everything {X} has emailed me from {B} onward."),
        ("yesno7", "Has {X} sent me any emails after {B}?"),
        ("followup7", "{X} again: what did they email me since {B}?"),
    ],
    "last_email_from": [
        ("teen7", "whats the latest thing {Xf} emailed me"),
        ("lawyer7", "Identify the most recent item of correspondence {X} sent to me."),
        ("driving7", "what was the last email from {X}"),
        ("spanish7", "Which is the last email that sent me {X}?"),
        ("hindi7", "Show me {Xp} latest mail only."),
        ("sysadmin7", "newest email from {X}"),
        ("lookingfor7", "Remind me what {X} last emailed me."),
        ("british7", "What's the latest email {X} has sent through?"),
    ],
    "first_email_from": [
        ("researcher7", "Locate the earliest message {X} ever sent me."),
        ("nurse7", "{Xfp} 1st ever email to me?"),
        ("chinese7", "{X} first time send me email, which one?"),
        ("dyslexic7", "the frist emial {Xt} sent me"),
        ("assistant7", "Could you find the very first email I got from {X}?"),
        ("passive7", "What was the first email ever sent to me by {X}?"),
        ("lookingfor7", "Pull up the oldest email from {X}."),
        ("german7", "The first email from {X}, which is it?"),
    ],
    "first_email_to": [
        ("lawyer7", "Identify the first communication I sent to {X}."),
        ("teen7", "wait whats the first email i ever sent to {Xf}"),
        ("hindi7", "Which was my first mail to {X}?"),
        ("sysadmin7", "oldest email from me to {X}"),
        ("british7", "The first email I ever wrote to {X}, please."),
        ("followup7", "{X}: the first time I emailed them, what did I send?"),
        ("driving7", "find my first email to {X}"),
        ("researcher7", "The earliest message I addressed to {X}"),
    ],
    "last_email_to": [
        ("nurse7", "Need the last email I sent {Xf}, quick."),
        ("assistant7", "Please find the most recent email I sent to {X}."),
        ("spanish7", "Which was the last email that I sent to {X}?"),
        ("dyslexic7", "my lastest emial I sent to {Xt}"),
        ("lookingfor7", "What's the last email I sent {X}?"),
        ("passive7", "What was the most recent email sent by me to {X}?"),
        ("german7", "My last email to {X}, show me this."),
        ("sysadmin7", "latest sent mail to {X}"),
    ],
    "count_emails_from": [
        ("teen7", "bruh how many emails has {Xf} even sent me"),
        ("researcher7", "What is the total number of emails received from {X}?"),
        ("driving7", "okay how many emails did {X} send me so far"),
        ("chinese7", "{X} send me how many emails?"),
        ("sysadmin7", "tally of emails from {X}"),
        ("lawyer7", "State the number of messages {X} has sent to me."),
        ("british7", "How many emails have I had from {X}?"),
        ("hindi7", "Total how many mails {X} has sent me?"),
    ],
    "subject_contains": [
        ("researcher7", "Messages whose subject line includes the phrase '{W}'"),
        ("nurse7", "msgs w/ {W} in subject?"),
        ("german7", "Which emails have in the subject {W}?"),
        ("sysadmin7", "grep subject for {W}"),
        ("lookingfor7", "I'm looking for any email whose subject mentions {W}."),
        ("yesno7", "Do I have emails with {W} in the subject?"),
        ("passive7", "Emails that were given a subject with {W} in it"),
        ("dyslexic7", "emails wiht {W} in teh subject"),
    ],
    "last_received_on_day": [
        ("assistant7", "What was the final email that landed in my inbox on {D}?"),
        ("teen7", "last email i got on {D}"),
        ("lawyer7", "Identify the last message I received on {D}."),
        ("spanish7", "Which is the last email that arrived me on {D}?"),
        ("driving7", "what was the last email i received on {D}"),
        ("british7", "The last email to come through on {D}, please."),
        ("sysadmin7", "latest inbound email on {D}"),
        ("chinese7", "{D} I received last email is which?"),
    ],
    "attachments_from": [
        ("teen7", "what files did {Xf} send me"),
        ("lawyer7", "List all attachments contained in emails from {X}."),
        ("hindi7", "Kindly share the attachments {X} sent me."),
        ("nurse7", "attachments from {Xf}?"),
        ("sysadmin7", "attachments sender {X}"),
        ("passive7", "Which files were attached by {X} to their emails?"),
        ("lookingfor7", "Pull up all the files {X} has emailed me."),
        ("german7", "Which files has {X} me as attachment sent?"),
    ],
    "attachments_ext": [
        ("researcher7", "Each email attachment that is a {EXT1}"),
        ("teen7", "all the .{EXT} attachments"),
        ("sysadmin7", "email attachments *.{EXT}"),
        ("british7", "Could you list the {EXTS} that have been attached to emails?"),
        ("yesno7", "Are there any {EXTS} among my email attachments?"),
        ("spanish7", "Show me the attachments that are {EXTS}."),
        ("dyslexic7", "{EXTS} attachd to emails"),
        ("passive7", "Which {EXTS} were sent as attachments?"),
    ],
    "folders_with_attachments_from": [
        ("assistant7", "Which folders on my computer hold the attachments {X} sent me?"),
        ("researcher7", "In which directories are the files from {Xp} emails stored?"),
        ("sysadmin7", "parent dirs of {X} attachments"),
        ("nurse7", "where'd I save {Xfp} attachments?"),
        ("chinese7", "{X} sent me the files, in which folder?"),
        ("british7", "Which folders have I filed {Xp} attachments in?"),
        ("driving7", "what folders have the files {X} emailed me"),
        ("hindi7", "In which folders are the attachments of {X} kept?"),
    ],
    "folders_of_file": [
        ("teen7", "where even is {F}"),
        ("lawyer7", "Identify the folder(s) containing {F}."),
        ("spanish7", "In what folder is it {F}?"),
        ("sysadmin7", "find dir of {F}"),
        ("lookingfor7", "Remind me which folder I put {F} in."),
        ("driving7", "okay so which folder did i put {F} in"),
        ("passive7", "Where is {F} stored?"),
        ("dyslexic7", "wich foldr has {F}"),
    ],
    "who_sent_file": [
        ("assistant7", "Who was it that sent me {F}?"),
        ("researcher7", "Identify the sender of the email carrying {F}."),
        ("teen7", "who sent {F} lol"),
        ("german7", "From whom came {F}?"),
        ("passive7", "By whom was I sent {F}?"),
        ("followup7", "{F}: who emailed me that?"),
        ("british7", "Who's the person that sent through {F}?"),
        ("hindi7", "{F} file was sent by whom?"),
    ],
    "conversations_with_sender_of_file": [
        ("researcher7", "List everyone who has corresponded by email with the sender of {F}."),
        ("lawyer7", "Identify all persons party to email exchanges with whoever sent {F}."),
        ("followup7", "The person who sent {F}: who have they been on emails with?"),
        ("sysadmin7", "participants in emails with sender of {F}"),
        ("chinese7", "Who sent {F}, this person emails with which people?"),
        ("teen7", "whoever sent {F}, who do they email with"),
        ("assistant7", "Find the people who've had email conversations with the person that sent {F}."),
        ("spanish7", "With who has emailed the person that sent {F}?"),
    ],
    "coattendees_of_person": [
        ("nurse7", "ppl in meetings w/ {Xf}?"),
        ("researcher7", "Which individuals attended events together with {X}?"),
        ("teen7", "who's been at the same events as {Xf}"),
        ("german7", "Which people were with {X} in the same meetings?"),
        ("driving7", "who has been at meetings with {X}"),
        ("sysadmin7", "attendees of events with {X}"),
        ("followup7", "{X}: who attended meetings alongside them?"),
        ("hindi7", "Who all attended the meetings {X} was in?"),
    ],
    "events_of_person": [
        ("assistant7", "Which meetings has {X} attended?"),
        ("teen7", "what has {Xf} been to"),
        ("lawyer7", "List every calendar event attended by {X}."),
        ("spanish7", "The events where was {X}, show me."),
        ("dyslexic7", "meetigns {Xt} went to"),
        ("british7", "Which events in my diary did {X} attend?"),
        ("chinese7", "{X} attend which events?"),
        ("yesno7", "Has {X} attended any meetings?"),
    ],
    "events_at_place": [
        ("nurse7", "any meetings {atP} on the calendar?"),
        ("researcher7", "All calendar entries located {atP}"),
        ("driving7", "what's on the calendar {atP}"),
        ("german7", "Which appointments take place {atP}?"),
        ("british7", "Diary entries {atP}, please."),
        ("passive7", "Which events are held {atP}?"),
        ("sysadmin7", "events where location is {P}"),
        ("lookingfor7", "I'm looking for every event {atP}."),
    ],
    "events_in_month": [
        ("assistant7", "What does my calendar look like {M}?"),
        ("teen7", "what events r there {M}"),
        ("lawyer7", "Enumerate all calendar events occurring {M}."),
        ("spanish7", "Which events there are {M}?"),
        ("driving7", "whats on my calendar {M}"),
        ("british7", "What's in the diary {M}?"),
        ("hindi7", "Show all the meetings happening {M}."),
        ("sysadmin7", "list calendar entries {M}"),
    ],
    "events_titled": [
        ("researcher7", "Calendar events whose title includes '{T}'"),
        ("teen7", "all the {T} things on my calendar"),
        ("nurse7", "all {T} events?"),
        ("chinese7", "Events have '{T}' in name, show me."),
        ("british7", "Every {T} in the diary"),
        ("passive7", "Which events have {T} mentioned in their title?"),
        ("sysadmin7", "events with title containing {T}"),
        ("lookingfor7", "Pull up every {T} on the calendar."),
    ],
    "who_attended_titled": [
        ("assistant7", "Who has been at the {T} meetings?"),
        ("teen7", "who shows up to {T}"),
        ("researcher7", "Which people participated in events with '{T}' in the title?"),
        ("german7", "Which persons have at the {T} participated?"),
        ("hindi7", "Who all were there in the {T}?"),
        ("passive7", "By whom were the {T} events attended?"),
        ("dyslexic7", "who atended teh {T}"),
        ("driving7", "who goes to the {T}"),
    ],
    "place_of_event": [
        ("lawyer7", "State the location of the event '{T}'."),
        ("teen7", "where's {T} at"),
        ("spanish7", "Where was it {T}?"),
        ("nurse7", "{T}: which location?"),
        ("british7", "Where's {T} being held?"),
        ("chinese7", "{T} is at where?"),
        ("researcher7", "At what venue did '{T}' take place?"),
        ("followup7", "{T}: where was that again?"),
    ],
    "people_met_at_place": [
        ("assistant7", "Which people have I had meetings with {atP}?"),
        ("teen7", "who did i meet up with {atP}"),
        ("researcher7", "Which individuals have I met {atP}?"),
        ("spanish7", "Who are the people that I met {atP}?"),
        ("driving7", "who did i see {atP}"),
        ("british7", "Whom did I meet {atP}?"),
        ("german7", "Which people have I {atP} met?"),
        ("lookingfor7", "Remind me who I met {atP}."),
    ],
    "people_met_in_month": [
        ("nurse7", "Meetings {M}: who did I meet?"),
        ("lawyer7", "Identify all individuals with whom I met {M}."),
        ("teen7", "who did i hang out with {M}"),
        ("chinese7", "{M} I met which people?"),
        ("hindi7", "Whom all I have met {M}?"),
        ("dyslexic7", "poeple I met {M}"),
        ("yesno7", "Did I meet anyone {M}?"),
        ("sysadmin7", "select people i met {M}"),
    ],
    "links_from_person": [
        ("researcher7", "Every URL contained in emails from {X}"),
        ("teen7", "send me all the links {Xf} sent me"),
        ("spanish7", "The links that sent me {X}, which are?"),
        ("sysadmin7", "extract urls from {X} emails"),
        ("lookingfor7", "I'm looking for the links {X} shared with me."),
        ("passive7", "Which web links were sent to me by {X}?"),
        ("british7", "Any web addresses {X} has sent over?"),
        ("hindi7", "Please share all the links {X} mailed me."),
    ],
    "links_from_people_met_in_month": [
        ("researcher7", "URLs appearing in emails from people I met {M}"),
        ("assistant7", "Please collect the links emailed by anyone I met {M}."),
        ("teen7", "any links the ppl i met {M} sent"),
        ("german7", "Which links have the people I {M} met sent?"),
        ("followup7", "People I met {M}: what links have they emailed?"),
        ("lawyer7", "Identify all web links in correspondence from persons I met {M}."),
        ("driving7", "any links from folks i saw {M}"),
        ("chinese7", "{M} I met people, their emails have which links?"),
    ],
    "links_to_domain": [
        ("sysadmin7", "urls matching {U}"),
        ("teen7", "all the {U} links"),
        ("researcher7", "Every link pointing to {U}"),
        ("nurse7", "need the {U} links asap"),
        ("spanish7", "Show me the links of {U}."),
        ("british7", "Have I got any links to {U} in my emails?"),
        ("lookingfor7", "I'm looking for links that go to {U}."),
        ("passive7", "Which {U} links have been shared in emails?"),
    ],
    "last_email_from_about": [
        ("assistant7", "Find the latest email from {X} about {W}."),
        ("teen7", "newest thing {Xf} sent about {W}"),
        ("lawyer7", "Identify {Xp} most recent communication regarding {W}."),
        ("german7", "The last email from {X} over {W}, please."),
        ("dyslexic7", "lastest emial from {Xt} about {W}"),
        ("followup7", "{X} and the {W} thing: what was their last email on it?"),
        ("sysadmin7", "last email from {X} subject {W}"),
        ("hindi7", "What is the latest mail {X} sent regarding {W}?"),
    ],
    "emails_from_with_attachment": [
        ("teen7", "emails from {Xf} w attachments"),
        ("researcher7", "Messages from {X} that include attachments"),
        ("yesno7", "Did {X} send me anything with attachments?"),
        ("spanish7", "The emails of {X} that have attachments."),
        ("sysadmin7", "mail from {X} where attachment exists"),
        ("passive7", "Which emails with files attached were sent by {X}?"),
        ("british7", "{Xp} emails with attachments, please."),
        ("nurse7", "{Xfp} emails w/ files attached?"),
    ],
    "files_from_in_month": [
        ("assistant7", "Which files did {X} send me {M}?"),
        ("teen7", "wat files did {Xf} send me {M}"),
        ("lawyer7", "List all attachments received from {X} {M}."),
        ("chinese7", "{M} {X} sent me which files?"),
        ("driving7", "uh the attachments {X} sent me {M}"),
        ("hindi7", "Kindly show files {X} shared with me {M}."),
        ("yesno7", "Did {X} send me any files {M}?"),
        ("researcher7", "Attachments in emails from {X} sent {M}"),
    ],
    "events_at_place_in_month": [
        ("nurse7", "Anything on the schedule {atP} {M}?"),
        ("researcher7", "Calendar entries located {atP} {M}"),
        ("teen7", "any events {atP} {M}"),
        ("spanish7", "Which events there are {atP} {M}?"),
        ("british7", "What's in the diary {atP} {M}?"),
        ("sysadmin7", "events filter location {P} {M}"),
        ("passive7", "Which events were scheduled {atP} {M}?"),
        ("lookingfor7", "Pull up the events {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("assistant7", "Who did I send emails to {M}?"),
        ("teen7", "who did i even email {M}"),
        ("lawyer7", "Identify every recipient of emails I sent {M}."),
        ("german7", "To whom have I {M} emails written?"),
        ("hindi7", "Whom all did I mail {M}?"),
        ("driving7", "who have i emailed {M}"),
        ("researcher7", "Recipients of my outgoing email {M}"),
        ("chinese7", "{M} I emailed which people?"),
    ],
    "emails_from_person_to_person": [
        ("lawyer7", "Produce all emails sent by {X} to {Y}."),
        ("teen7", "emails {Xf} sent to {Y}"),
        ("spanish7", "The emails that {X} sent to {Y}, show me."),
        ("sysadmin7", "emails {X} -> {Y}"),
        ("passive7", "Which emails were sent to {Y} by {X}?"),
        ("researcher7", "Correspondence authored by {X} and addressed to {Y}"),
        ("followup7", "{X} wrote to {Y}, right? Show me those emails."),
        ("german7", "Which emails has {X} to {Y} written?"),
    ],
    "count_events_at_place": [
        ("researcher7", "What is the total number of events held {atP}?"),
        ("teen7", "yo how many events happened {atP}"),
        ("nurse7", "# of events {atP}?"),
        ("chinese7", "{atP} there were how many events?"),
        ("sysadmin7", "count events at location {P}"),
        ("british7", "How many events have there been {atP}?"),
        ("passive7", "How many events were held {atP}?"),
        ("lookingfor7", "Remind me how many events were {atP}."),
    ],
    "links_in_emails_about": [
        ("researcher7", "URLs in emails whose subject mentions {W}"),
        ("teen7", "all the links in emails about {W} pls"),
        ("assistant7", "Could you gather the links from emails about {W}?"),
        ("german7", "Which links are in the emails over {W}?"),
        ("sysadmin7", "urls in emails subject {W}"),
        ("hindi7", "Share the links from the {W} mails."),
        ("british7", "Any web links in emails about {W}?"),
        ("passive7", "Which links were shared in emails about {W}?"),
    ],
    "count_emails_to": [
        ("teen7", "how many times have i emailed {Xf}"),
        ("lawyer7", "State the total number of emails I have sent to {X} to date."),
        ("driving7", "how many emails did i send {X}"),
        ("spanish7", "How many emails I have sent to {X}?"),
        ("sysadmin7", "count sent emails to {X}"),
        ("hindi7", "Total how many mails I have sent to {X}?"),
        ("british7", "How many emails have I sent {X} altogether?"),
        ("nurse7", "# emails I sent {Xf}?"),
    ],
}

TEST5_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers (another group than dev7's): a retiree, a journalist, a salesperson, a student, an accountant, a
    # project manager, people whose first language is Russian, Japanese, French or Portuguese, someone typing with
    # caps lock on, a voice-assistant user, an Australian, and "can I see" askers. Yes/no questions get the find
    # question's gold graph, as in dev7.
    "emails_from": [
        ("retiree_t5", "Would you be so kind as to show me the emails {X} has sent me?"),
        ("journalist_t5", "What's in my inbox from {X}?"),
        ("russian_t5", "Give all letters from {X}."),
        ("caps_t5", "ALL EMAILS FROM {X} PLEASE"),
        ("voice_t5", "hey queryweaver show me mail from {X}"),
        ("japanese_t5", "As for {X}, which emails did they send me?"),
    ],
    "emails_to": [
        ("retiree_t5", "Could you kindly find the emails I've written to {X}?"),
        ("accountant_t5", "Outgoing emails to {X}: full list."),
        ("french_t5", "Show me the emails I have sent at {X}."),
        ("student_t5", "emails I sent to {Xf} pls"),
        ("portuguese_t5", "Which emails I sent for {X}?"),
        ("aussie_t5", "Reckon you could dig up the emails I sent {X}?"),
    ],
    "emails_between": [
        ("journalist_t5", "Full email trail between {X} and me"),
        ("pm_t5", "All email threads that include both me and {X}"),
        ("japanese_t5", "{X} and me, emails between us, please show."),
        ("caps_t5", "EVERY EMAIL BETWEEN {X} AND ME"),
        ("russian_t5", "Find correspondence between me and {X}."),
        ("retiree_t5", "I'd like to see all the emails that went between {SELF} and {X}."),
    ],
    "emails_from_in_month": [
        ("sales_t5", "Pull {Xp} emails {M}."),
        ("student_t5", "{Xf} emailed me {M}? need them for my group project"),
        ("french_t5", "The emails of {X} {M}, please."),
        ("voice_t5", "hey queryweaver what did {X} send me {M}"),
        ("accountant_t5", "Emails received from {X} {M}"),
        ("curious_t5", "Can I see the emails {X} sent {M}?"),
    ],
    "emails_from_before": [
        ("journalist_t5", "Emails {X} sent me ahead of {B}"),
        ("retiree_t5", "Please show me the emails {X} sent me before {B}."),
        ("russian_t5", "Letters from {X} before {B}."),
        ("accountant_t5", "Emails from {X} with a date earlier than {B}"),
        ("portuguese_t5", "Which emails {X} sent me before of {B}?"),
        ("aussie_t5", "What'd {Xf} send me before {B}?"),
    ],
    "emails_from_since": [
        ("sales_t5", "Anything from {X} since {B}? Need it for the pipeline review."),
        ("student_t5", "emails from {Xf} after {B}"),
        ("japanese_t5", "Since {B}, emails from {X}, which ones?"),
        ("caps_t5", "EMAILS {X} SENT ME SINCE {B}"),
        ("french_t5", "Show the emails from {X} since the {B}."),
        ("pm_t5", "Emails from {X} from {B} onwards"),
    ],
    "last_email_from": [
        ("retiree_t5", "Could you show me the last email I had from {X}?"),
        ("journalist_t5", "{Xp} latest email to me"),
        ("russian_t5", "Last letter from {X}."),
        ("voice_t5", "hey queryweaver what's the newest email from {X}"),
        ("accountant_t5", "Most recent email received from {X}"),
        ("portuguese_t5", "Which is the more recent email of {X}?"),
    ],
    "first_email_from": [
        ("journalist_t5", "Show me the very first email {X} ever sent me."),
        ("student_t5", "first ever email from {Xf}"),
        ("japanese_t5", "{Xp} first email to me, which one is it?"),
        ("caps_t5", "FIRST EMAIL {X} EVER SENT ME"),
        ("french_t5", "The first email that {X} has sent me."),
        ("aussie_t5", "Dig out the earliest email from {X}, would ya?"),
    ],
    "first_email_to": [
        ("retiree_t5", "Could you find the first email I ever wrote to {X}?"),
        ("pm_t5", "Earliest outgoing email to {X}"),
        ("russian_t5", "My first letter to {X}."),
        ("voice_t5", "hey queryweaver find the first email i sent {X}"),
        ("portuguese_t5", "Which was the first email I sent for {X}?"),
        ("curious_t5", "Can I see the first email I sent to {X}?"),
    ],
    "last_email_to": [
        ("journalist_t5", "Last email I fired off to {X}"),
        ("accountant_t5", "Most recent outgoing email to {X}"),
        ("japanese_t5", "To {X}, my last email, which one?"),
        ("caps_t5", "LAST EMAIL I SENT TO {X}"),
        ("french_t5", "The last email that I have sent at {X}."),
        ("student_t5", "the newest email i wrote {Xf}"),
    ],
    "count_emails_from": [
        ("retiree_t5", "How many emails has {X} sent me, all told?"),
        ("sales_t5", "Email volume from {X}? Just the number."),
        ("russian_t5", "How many letters from {X}?"),
        ("voice_t5", "hey queryweaver how many emails have i gotten from {X}"),
        ("portuguese_t5", "How much emails {X} sent me?"),
        ("caps_t5", "HOW MANY EMAILS FROM {X}"),
    ],
    "subject_contains": [
        ("journalist_t5", "Emails where {W} shows up in the subject"),
        ("accountant_t5", "Emails with subject line containing \"{W}\""),
        ("japanese_t5", "Subject has {W}, those emails please."),
        ("student_t5", "any email with {W} in the subject line? need it for class"),
        ("french_t5", "The emails with {W} in the object."),
        ("curious_t5", "Can I see every email that has {W} in its subject?"),
    ],
    "last_received_on_day": [
        ("retiree_t5", "What was the last email that came to me on {D}?"),
        ("pm_t5", "Final inbound email on {D}"),
        ("russian_t5", "Last letter I received on {D}."),
        ("caps_t5", "FINAL EMAIL RECEIVED ON {D} PLEASE"),
        ("portuguese_t5", "Which was the last email that I received in {D}?"),
        ("aussie_t5", "What was the last email to hit my inbox on {D}?"),
    ],
    "attachments_from": [
        ("journalist_t5", "Files {X} has sent me as attachments"),
        ("sales_t5", "All the docs {X} sent over"),
        ("japanese_t5", "From {X}, attached files, show me."),
        ("student_t5", "what files has {Xf} sent me"),
        ("french_t5", "The attached files of {X}."),
        ("curious_t5", "Can I see what attachments {X} has sent me?"),
    ],
    "attachments_ext": [
        ("retiree_t5", "Please show me all the {EXTS} that were attached to emails."),
        ("accountant_t5", "Email attachments of type .{EXT}"),
        ("russian_t5", "All {EXTS} from attachments."),
        ("voice_t5", "hey queryweaver list the {EXT} attachments"),
        ("portuguese_t5", "Which attachments are of type {EXT1}?"),
        ("pm_t5", "Every {EXT1} attached in email"),
    ],
    "folders_with_attachments_from": [
        ("journalist_t5", "Where on disk did {Xp} attachments end up?"),
        ("accountant_t5", "Folders holding files that {X} emailed me"),
        ("japanese_t5", "Files {X} sent me, which folders are they in?"),
        ("caps_t5", "WHICH FOLDERS HAVE {Xp} ATTACHMENTS"),
        ("french_t5", "In which folders are the files that {X} has sent me?"),
        ("sales_t5", "Where did I save the stuff {X} attached?"),
    ],
    "folders_of_file": [
        ("retiree_t5", "Could you tell me which folder {F} is kept in?"),
        ("pm_t5", "Where does {F} live on disk?"),
        ("russian_t5", "In which folder lies {F}?"),
        ("voice_t5", "hey queryweaver where's {F} saved"),
        ("portuguese_t5", "{F} is in what folder?"),
        ("student_t5", "which folder did {F} go in"),
    ],
    "who_sent_file": [
        ("journalist_t5", "Who's behind the email with {F} attached?"),
        ("accountant_t5", "Name the sender of {F}."),
        ("japanese_t5", "About {F}, the sender is who?"),
        ("caps_t5", "WHO WAS IT THAT EMAILED {F}"),
        ("french_t5", "Who has sent me {F}?"),
        ("aussie_t5", "Who flicked me {F}?"),
    ],
    "conversations_with_sender_of_file": [
        ("retiree_t5", "Whoever sent me {F}: could you show me all the people they've been in email conversations with?"),
        ("sales_t5", "Map out who the sender of {F} emails with."),
        ("russian_t5", "With whom does sender of {F} have correspondence?"),
        ("pm_t5", "Everyone on emails with the person who sent {F}"),
        ("portuguese_t5", "With who the person that sent {F} talks by email?"),
        ("voice_t5", "hey queryweaver who does the sender of {F} email with"),
    ],
    "coattendees_of_person": [
        ("journalist_t5", "Who has {X} been in meetings with?"),
        ("pm_t5", "Attendees who've shared a meeting with {X}"),
        ("japanese_t5", "The meetings of {X}: who was in them?"),
        ("caps_t5", "WHO ATTENDED MEETINGS WITH {X}"),
        ("french_t5", "Which persons have assisted to meetings with {X}?"),
        ("student_t5", "who's been at events with {Xf}"),
    ],
    "events_of_person": [
        ("retiree_t5", "Which events has {X} gone to?"),
        ("accountant_t5", "Events with {X} as an attendee"),
        ("russian_t5", "Which meetings {X} attended?"),
        ("voice_t5", "hey queryweaver what meetings has {X} been in"),
        ("portuguese_t5", "In which events {X} participated?"),
        ("aussie_t5", "What's {Xf} been rocking up to?"),
    ],
    "events_at_place": [
        ("journalist_t5", "Events on record {atP}"),
        ("sales_t5", "Meetings booked {atP}"),
        ("japanese_t5", "{atP}, which events?"),
        ("caps_t5", "EVERY EVENT {atP} PLEASE"),
        ("french_t5", "What events have place {atP}?"),
        ("curious_t5", "Can I see all the events {atP}?"),
    ],
    "events_in_month": [
        ("retiree_t5", "What's happening on my calendar {M}?"),
        ("pm_t5", "Show the calendar {M}"),
        ("russian_t5", "Which events are {M}?"),
        ("voice_t5", "hey queryweaver what's on the calendar {M}"),
        ("portuguese_t5", "Which events have {M}?"),
        ("student_t5", "list the events {M}"),
    ],
    "events_titled": [
        ("journalist_t5", "Events with '{T}' in the name"),
        ("accountant_t5", "Calendar entries titled with {T}"),
        ("japanese_t5", "{T} events, all please."),
        ("caps_t5", "EVERY EVENT WITH {T} IN THE TITLE"),
        ("french_t5", "The events which have {T} in their title."),
        ("aussie_t5", "Show us every {T} on the calendar."),
    ],
    "who_attended_titled": [
        ("retiree_t5", "Could you tell me who came along to the {T}?"),
        ("sales_t5", "Who sat in on the {T}?"),
        ("russian_t5", "Who was on {T}?"),
        ("pm_t5", "Attendees of {T} events"),
        ("portuguese_t5", "Who participated of the {T}?"),
        ("student_t5", "who went to {T} tho"),
    ],
    "place_of_event": [
        ("journalist_t5", "Where did {T} happen?"),
        ("accountant_t5", "Venue for {T}"),
        ("japanese_t5", "{T}, where was it?"),
        ("caps_t5", "WHERE WAS {T} HELD AGAIN"),
        ("french_t5", "Where took place {T}?"),
        ("curious_t5", "Can you tell me where {T} was?"),
    ],
    "people_met_at_place": [
        ("retiree_t5", "Who did I have the pleasure of meeting {atP}?"),
        ("sales_t5", "Contacts I met {atP}"),
        ("russian_t5", "Whom I met {atP}?"),
        ("voice_t5", "hey queryweaver who did i meet {atP}"),
        ("portuguese_t5", "Which persons I met {atP}?"),
        ("aussie_t5", "Who'd I catch up with {atP}?"),
    ],
    "people_met_in_month": [
        ("journalist_t5", "Who did I sit down with {M}?"),
        ("pm_t5", "Stakeholders I met with {M}"),
        ("japanese_t5", "{M}, people I met, who?"),
        ("caps_t5", "WHICH PEOPLE DID I MEET {M}"),
        ("french_t5", "Which persons have I met {M}?"),
        ("student_t5", "who did i end up meeting {M}"),
    ],
    "links_from_person": [
        ("retiree_t5", "Could you find the web links {X} has emailed me?"),
        ("accountant_t5", "Web addresses appearing in {Xp} emails"),
        ("russian_t5", "All links from {X}."),
        ("voice_t5", "hey queryweaver what links did {X} send me"),
        ("portuguese_t5", "Which links {X} sent to me?"),
        ("sales_t5", "Links {X} dropped in emails"),
    ],
    "links_from_people_met_in_month": [
        ("journalist_t5", "Links shared by the people I met {M}"),
        ("pm_t5", "URLs from emails by anyone I met {M}"),
        ("japanese_t5", "The people I met {M}, their links please."),
        ("caps_t5", "ALL LINKS EMAILED BY PEOPLE I MET {M}"),
        ("french_t5", "The links sent by the persons that I have met {M}."),
        ("aussie_t5", "Any links from the folks I caught up with {M}?"),
    ],
    "links_to_domain": [
        ("retiree_t5", "Could you find every link to {U}?"),
        ("accountant_t5", "URLs on the {U} domain"),
        ("russian_t5", "All links on {U}."),
        ("voice_t5", "hey queryweaver show me {U} links"),
        ("portuguese_t5", "Which links are of {U}?"),
        ("student_t5", "any {U} links in my mail"),
    ],
    "last_email_from_about": [
        ("journalist_t5", "{Xp} latest email on {W}"),
        ("sales_t5", "Most recent email from {X} re: {W}"),
        ("russian_t5", "Last letter from {X} about {W}."),
        ("voice_t5", "hey queryweaver what was the last email from {X} about {W}"),
        ("portuguese_t5", "Which is the more recent email of {X} about {W}?"),
        ("pm_t5", "Latest update from {X} on {W}"),
    ],
    "emails_from_with_attachment": [
        ("retiree_t5", "Which of {Xp} emails came with attachments?"),
        ("accountant_t5", "Emails from {X} containing attachments"),
        ("japanese_t5", "Emails from {X}, only the ones with attachments."),
        ("caps_t5", "{X} EMAILS THAT HAVE FILES ATTACHED"),
        ("french_t5", "The emails of {X} which have attached files."),
        ("aussie_t5", "Has {Xf} sent me any emails with attachments?"),
    ],
    "files_from_in_month": [
        ("journalist_t5", "Files {X} sent me {M}"),
        ("sales_t5", "Docs {X} sent over {M}"),
        ("russian_t5", "Which files sent {X} {M}?"),
        ("voice_t5", "hey queryweaver what files did {X} send me {M}"),
        ("portuguese_t5", "Which files {X} sent me {M}?"),
        ("curious_t5", "Can I see the attachments {X} emailed me {M}?"),
    ],
    "events_at_place_in_month": [
        ("retiree_t5", "Which events {atP} are on the calendar {M}?"),
        ("accountant_t5", "Events {atP} dated {M}"),
        ("japanese_t5", "{M}, {atP}, which events?"),
        ("caps_t5", "WHAT EVENTS ARE {atP} {M}"),
        ("french_t5", "Which events have place {atP} {M}?"),
        ("student_t5", "anything on the calendar {atP} {M}"),
    ],
    "people_emailed_in_month": [
        ("journalist_t5", "Who did I reach out to by email {M}?"),
        ("pm_t5", "Recipients of emails I sent {M}"),
        ("russian_t5", "To whom I wrote emails {M}?"),
        ("voice_t5", "hey queryweaver who did i email {M}"),
        ("portuguese_t5", "For who I sent emails {M}?"),
        ("aussie_t5", "Who'd I flick emails to {M}?"),
    ],
    "emails_from_person_to_person": [
        ("retiree_t5", "Could you show me the emails {X} sent to {Y}?"),
        ("accountant_t5", "Emails with sender {X} and recipient {Y}"),
        ("japanese_t5", "{X} to {Y}, the emails, show me."),
        ("caps_t5", "EMAILS {X} SENT {Y}"),
        ("french_t5", "The emails that {X} has sent at {Y}."),
        ("sales_t5", "What has {X} been emailing {Y}?"),
    ],
    "count_events_at_place": [
        ("journalist_t5", "How many events have taken place {atP}?"),
        ("pm_t5", "Number of events {atP}"),
        ("russian_t5", "How many events was {atP}?"),
        ("voice_t5", "hey queryweaver count the events {atP}"),
        ("portuguese_t5", "How much events happened {atP}?"),
        ("curious_t5", "Any idea how many events there were {atP}?"),
    ],
    "links_in_emails_about": [
        ("retiree_t5", "Could you find the links in the emails about {W}?"),
        ("accountant_t5", "URLs in emails with subject {W}"),
        ("japanese_t5", "Emails about {W}, the links inside, please."),
        ("caps_t5", "LINKS IN {W} EMAILS"),
        ("french_t5", "The links in the emails on the subject {W}."),
        ("student_t5", "links from the {W} emails"),
    ],
    "count_emails_to": [
        ("journalist_t5", "How many emails have I sent {X} in total?"),
        ("sales_t5", "Outbound email count to {X}"),
        ("russian_t5", "How many letters I sent to {X}?"),
        ("voice_t5", "hey queryweaver how many emails have i sent to {X}"),
        ("portuguese_t5", "How much emails I sent for {X}?"),
        ("aussie_t5", "How many emails have I flicked {Xf}?"),
    ],
}


# =============================================================================================
# dev8 and test6: two more groups of askers, each writing every shape (the later ones too). dev8's templates were
# written without reading how the reader works, by fifteen kinds of askers: a landlord keeping records, a PhD
# student who hedges, a non-native speaker writing short telegraphic questions, someone dictating a run-on request
# to a phone (lower case, no punctuation), a manager writing in the passive voice, a gamer (lower case slang: "rn",
# "pls", "gimme"), a compliance auditor (precise and wordy), someone who mistypes one word or name, a "did X
# ever / have I ever" yes/no asker, someone who starts with what they are trying to do, someone who mentions "the
# other day" or "recently" only as background (it never narrows the question), a bare-noun-phrase asker with
# possessives ("Jane's attachments"), an Irish English speaker ("would you ever", "there", "all told"), an
# Italian first-language speaker ("which mails has sent me X") and someone who adds an emoji. test6's askers are
# another group (sharing no template with any part); like test2 to test5, only its aggregate figures are
# reported. Both draw their date phrases from their own lists (seasons, holidays, weeks of a month, "a couple of
# weeks ago", "the month before last", "year to date", "Dec '25", "in Jul 25", dotted and two-digit-year days),
# and their questions follow test5's: dev8's first, then test6's.
# =============================================================================================

D8, T6 = "dev8", "test6"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6)
LOWER_STYLES = LOWER_STYLES | {"dictate8", "gamer8", "child_t6", "shorthand_t6"}


def dev8_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Seasons ("in autumn 2025", "last fall", "this winter"), holidays ("over the holidays"), weeks of a month,
    "a couple of weeks ago", "N weeks ago", "the month before last", "earlier this month", "year to date", spelled
    quarters, day spans, "in Jul 25", "Dec '25", beginning/middle/end of a month, rolling day and week windows."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    jan = bare_month(1, today)[0]
    fall = today.year - (today.month < 12)  # the latest autumn that is over
    xmas = today.year - ((today.month, today.day) < (12, 24))  # the latest holidays that have begun
    winter = today.year - (today.month < 12)  # the winter under way (December to February)
    return [("in autumn 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("last fall", (date(fall, 9, 1), date(fall, 12, 1))),
            ("this winter", (date(winter, 12, 1), date(winter + 1, 3, 1))),
            ("over the holidays", (date(xmas, 12, 24), date(xmas + 1, 1, 2))),
            ("in the first week of January", (date(jan, 1, 1), date(jan, 1, 8))),
            ("in the last week of November 2025", (date(2025, 11, 24), date(2025, 12, 1))),
            ("a couple of weeks ago", (monday - timedelta(days=21), monday - timedelta(days=7))),
            ("the month before last", months_back(today, 2)),
            ("earlier this month", (today.replace(day=1), tomorrow)),
            ("year to date", (date(today.year, 1, 1), tomorrow)),
            ("in the first quarter of 2025", (date(2025, 1, 1), date(2025, 4, 1))),
            ("in Q3 of 2025", (date(2025, 7, 1), date(2025, 10, 1))),
            ("between Dec 1 and Dec 15, 2025", (date(2025, 12, 1), date(2025, 12, 16))),
            ("in Jul 25", month_range(2025, 7)),
            ("in Dec '25", month_range(2025, 12)),
            ("at the beginning of December 2025", (date(2025, 12, 1), date(2025, 12, 11))),
            ("in the middle of January", (date(jan, 1, 11), date(jan, 1, 21))),
            ("at the end of October 2025", (date(2025, 10, 21), date(2025, 11, 1))),
            ("5 weeks ago", (monday - timedelta(days=35), monday - timedelta(days=28))),
            ("in the past 60 days", (today - timedelta(days=60), tomorrow)),
            ("in the last eight weeks", (today - timedelta(weeks=8), tomorrow))]


def dev8_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    following = (today.replace(day=28) + timedelta(days=4)).replace(day=1)
    return dev8_month_phrases(today) + [("over the next couple of weeks", (today, today + timedelta(days=15))),
                                        ("next weekend", (monday + timedelta(days=12), monday + timedelta(days=14))),
                                        ("last weekend", (monday - timedelta(days=2), monday)),
                                        ("later this month", (today, following))]


DEV8_BOUNDS = [("the start of September 2025", date(2025, 9, 1)), ("Christmas", date(2025, 12, 24)),
               ("Halloween", date(2025, 10, 31)), ("New Year's Day", date(2026, 1, 1)), ("10/1/25", date(2025, 10, 1)),
               ("1.8.2025", date(2025, 8, 1)), ("the beginning of Q4 2025", date(2025, 10, 1)),
               ("Dec '25", date(2025, 12, 1))]


def dev8_day(d: date, i: int) -> str:
    """"14th of October 2025", "14.10.2025" (day.month.year), "10/14/25", "Tuesday, Oct 14, 2025", "Oct 14 '25"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    forms = (f"{nth(d.day)} of {month} {d.year}", f"{d.day}.{d.month}.{d.year}",
             f"{d.month}/{d.day}/{d.year % 100:02d}", f"{weekday}, {month[:3]} {d.day}, {d.year}",
             f"{month[:3]} {d.day} '{d.year % 100:02d}")
    return forms[i % len(forms)]


def test6_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Other seasons and holidays, weeks of a month, "a few weeks ago", "six weeks ago", "the quarter before last",
    "this month so far", "YTD", "the past quarter", "Nov '25", "in Oct 25", spelled quarters, day spans with "to"
    and "between", "throughout November", "late last year", rolling windows."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    jan, dec, nov = bare_month(1, today)[0], bare_month(12, today)[0], bare_month(11, today)[0]
    summer = today.year - (today.month < 9)  # the latest summer that is over
    xmas = today.year - ((today.month, today.day) < (12, 24))
    back = date(today.year - (today.month <= 3), (today.month - 4) % 12 + 1, today.day)
    return [("last summer", (date(summer, 6, 1), date(summer, 9, 1))),
            ("in spring 2025", (date(2025, 3, 1), date(2025, 6, 1))),
            ("during the holiday season", (date(xmas, 12, 24), date(xmas + 1, 1, 2))),
            ("in the second week of January 2026", (date(2026, 1, 8), date(2026, 1, 15))),
            ("in the last week of December", (date(dec, 12, 25), date(dec + 1, 1, 1))),
            ("a few weeks ago", (monday - timedelta(days=28), monday - timedelta(days=7))),
            ("the quarter before last", (date(2025, 7, 1), date(2025, 10, 1))),
            ("this month so far", (today.replace(day=1), tomorrow)),
            ("YTD", (date(today.year, 1, 1), tomorrow)),
            ("in the past quarter", (back, tomorrow)),
            ("in Nov '25", month_range(2025, 11)),
            ("in Oct 25", month_range(2025, 10)),
            ("in the fourth quarter of 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in the past two weeks", (today - timedelta(weeks=2), tomorrow)),
            ("over the last 30 days", (today - timedelta(days=30), tomorrow)),
            ("six weeks ago", (monday - timedelta(days=42), monday - timedelta(days=35))),
            ("from Oct 1 to Nov 15, 2025", (date(2025, 10, 1), date(2025, 11, 16))),
            ("between 1 Nov and 15 Dec 2025", (date(2025, 11, 1), date(2025, 12, 16))),
            ("throughout November", month_range(nov, 11)),
            ("in the third week of January", (date(jan, 1, 15), date(jan, 1, 22))),
            ("late last year", (date(today.year - 1, 9, 1), date(today.year, 1, 1)))]


def test6_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test6_month_phrases(today) + [("in the coming fortnight", (today, today + timedelta(days=15))),
                                         ("over the next 3 weeks", (today, today + timedelta(days=22))),
                                         ("in the first week of March 2026", (date(2026, 3, 1), date(2026, 3, 8)))]


TEST6_BOUNDS = [("Boxing Day", date(2025, 12, 26)), ("summer 2025", date(2025, 6, 1)),
                ("the start of Q3 2025", date(2025, 7, 1)), ("15.09.2025", date(2025, 9, 15)),
                ("the first of October 2025", date(2025, 10, 1)), ("New Year's Eve", date(2025, 12, 31)),
                ("Oct. 20th 2025", date(2025, 10, 20)), ("Sept 15 '25", date(2025, 9, 15))]

ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                 "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                 "eighteenth", "nineteenth", "twentieth", "twenty-first", "twenty-second", "twenty-third",
                 "twenty-fourth", "twenty-fifth", "twenty-sixth", "twenty-seventh", "twenty-eighth", "twenty-ninth",
                 "thirtieth", "thirty-first")


def test6_day(d: date, i: int) -> str:
    """"the 14th of Oct 2025", "14.10.25" (zero-padded, two-digit year), "Tue October 14, 2025", "the fourteenth of
    October 2025", "14 Oct. 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    dotted = month if len(month) <= 4 else f"{month[:3]}."
    forms = (f"the {nth(d.day)} of {month[:3]} {d.year}", f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}",
             f"{weekday[:3]} {month} {d.day}, {d.year}", f"the {ORDINAL_WORDS[d.day - 1]} of {month} {d.year}",
             f"{d.day} {dotted} {d.year}")
    return forms[i % len(forms)]


DEV8_MAKERS = dated_makers(dev8_month_phrases, dev8_event_phrases, DEV8_BOUNDS, dev8_day)
TEST6_MAKERS = dated_makers(test6_month_phrases, test6_event_phrases, TEST6_BOUNDS, test6_day)

DEV8_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a landlord keeping records (landlord8), a PhD student who hedges (phd8), a non-native speaker writing
    # short telegraphic questions (telegraph8), someone dictating a run-on request to a phone (dictate8), a manager
    # writing in the passive voice (passivemgr8), a gamer using lower-case slang (gamer8), a compliance auditor
    # (auditor8), someone who mistypes one word or name (fatfinger8), "did X ever / have I ever" askers (ever8: the
    # find question's gold graph, as in dev7), someone who first says what they are trying to do (trying8),
    # someone who mentions "the other day" or "recently" only as background (otherday8: it never narrows the
    # question), bare noun phrases with possessives (noun8), an Irish English speaker (irish8), an Italian
    # first-language speaker (italian8) and someone who adds an emoji (emoji8).
    "emails_from": [
        ("landlord8", "Pull up every email {X} has sent me, I need them for my records."),
        ("phd8", "I was wondering if you could show me the emails I've received from {X}?"),
        ("telegraph8", "Mails from {X}. Show all."),
        ("dictate8", "hey can you find me the emails that {X} sent me thanks"),
        ("passivemgr8", "All emails sent to me by {X} are to be listed."),
        ("gamer8", "gimme everything {Xf} emailed me"),
        ("otherday8", "{Xf} said the other day they'd been emailing me. Can you show me what they sent?"),
        ("italian8", "Which emails has sent me {X}?"),
    ],
    "emails_to": [
        ("landlord8", "For my records, every email I've sent to {X}."),
        ("auditor8", "Enumerate each outgoing message that I addressed to {X}."),
        ("telegraph8", "My mails to {X}, list."),
        ("fatfinger8", "Find the emails I've sent to {Xt}."),
        ("ever8", "Have I ever emailed {X}?"),
        ("trying8", "I'm trying to find the emails I wrote to {X} - can you list them?"),
        ("irish8", "Would you ever show me the emails I sent to {X}?"),
        ("emoji8", "What have I sent {Xf} by email? 📧"),
    ],
    "emails_between": [
        ("phd8", "Could I see all of the correspondence between {X} and myself?"),
        ("auditor8", "Compile every email on which both {X} and I appear as participants."),
        ("noun8", "Email threads between me and {X}"),
        ("dictate8", "show me all the emails back and forth between me and {X}"),
        ("italian8", "The emails between me and {X}, all of them."),
        ("ever8", "Have {X} and I ever exchanged emails?"),
        ("landlord8", "Every email between {X} and me, both directions."),
        ("fatfinger8", "all emails bewteen me and {X}"),
    ],
    "emails_from_in_month": [
        ("landlord8", "I need what {X} emailed me {M} for my records."),
        ("phd8", "Would it be possible to see the emails {X} sent me {M}?"),
        ("telegraph8", "{X} mails {M}?"),
        ("dictate8", "find the emails from {X} {M} please"),
        ("ever8", "Did {Xf} send me anything {M}?"),
        ("gamer8", "what did {Xf} send me {M} ngl i forgot"),
        ("irish8", "Give us the emails {X} sent me {M}, would you?"),
        ("emoji8", "Emails from {X} {M}? 🙏"),
    ],
    "emails_from_before": [
        ("auditor8", "Identify all messages from {X} received prior to {B}."),
        ("landlord8", "Everything {X} emailed me before {B}."),
        ("telegraph8", "Mails from {X}, before {B}."),
        ("passivemgr8", "Which emails were received from {X} before {B}?"),
        ("italian8", "The emails that {X} has sent me before of {B}."),
        ("fatfinger8", "emails from {X} befor {B}"),
        ("trying8", "I'm trying to dig up the older stuff from {X}: anything sent to me before {B}."),
        ("dictate8", "what did {X} send me before {B}"),
    ],
    "emails_from_since": [
        ("auditor8", "List all messages from {X} dated on or after {B}."),
        ("phd8", "Could you show me whatever {X} has emailed me since {B}?"),
        ("telegraph8", "{X} mails since {B}."),
        ("gamer8", "anything from {Xf} since {B}"),
        ("ever8", "Has {X} emailed me at all since {B}?"),
        ("irish8", "What has {X} sent me since {B} at all?"),
        ("emoji8", "Emails from {X} from {B} onwards 👀"),
        ("passivemgr8", "Which emails have been sent to me by {X} since {B}?"),
    ],
    "last_email_from": [
        ("landlord8", "For my records: the most recent email from {X}, please."),
        ("phd8", "What was the most recent email I received from {X}?"),
        ("telegraph8", "Last mail from {X}?"),
        ("dictate8", "whats the newest email from {X}"),
        ("gamer8", "latest msg from {Xf} rn"),
        ("otherday8", "{X} sent me something recently, I think. What's their latest email?"),
        ("noun8", "{Xp} most recent email to me"),
        ("italian8", "Which is the last mail that {X} has sent to me?"),
    ],
    "first_email_from": [
        ("auditor8", "Identify the earliest message on record from {X}."),
        ("phd8", "I'd like to see the very first email {X} sent me, if possible."),
        ("telegraph8", "First mail from {X}?"),
        ("fatfinger8", "the first email {Xt} ever sent me"),
        ("trying8", "I'm trying to remember how {X} first got in touch. What was their first email to me?"),
        ("noun8", "The very first email on file from {X}"),
        ("irish8", "What was the first email {X} ever sent me, do you know?"),
        ("emoji8", "First ever email from {Xf}? 🤔"),
    ],
    "first_email_to": [
        ("landlord8", "What was the first email I ever sent {X}?"),
        ("auditor8", "Identify the earliest outgoing message I addressed to {X}."),
        ("telegraph8", "My first mail to {X}?"),
        ("dictate8", "ok find the very first email i ever sent to {X} please"),
        ("trying8", "I'm trying to work out when I first wrote to {X}. Can you find my first email to them?"),
        ("noun8", "My earliest ever email to {X}"),
        ("italian8", "Which was the first mail that I have sent to {X}?"),
        ("gamer8", "first thing i ever emailed {Xf}"),
    ],
    "last_email_to": [
        ("phd8", "Could you find the last email I sent to {X}?"),
        ("auditor8", "Identify the most recent outgoing message addressed by me to {X}."),
        ("telegraph8", "Last mail I send to {X}?"),
        ("fatfinger8", "my last email to {Xt}"),
        ("passivemgr8", "What was the latest email sent to {X} by me?"),
        ("irish8", "What was the last email I sent {X} there?"),
        ("emoji8", "Last email I sent {Xf}? 📨"),
        ("otherday8", "I wrote to {X} recently, I think. What's the most recent email I sent them?"),
    ],
    "count_emails_from": [
        ("landlord8", "How many emails has {X} sent me in total?"),
        ("auditor8", "Provide a count of all messages received from {X}."),
        ("telegraph8", "How many mails from {X}?"),
        ("dictate8", "how many emails have i gotten from {X}"),
        ("gamer8", "how many times has {Xf} emailed me lmao"),
        ("italian8", "How many emails has sent me {X}?"),
        ("noun8", "{Xp} email count"),
        ("irish8", "How many emails would {X} have sent me, all told?"),
    ],
    "subject_contains": [
        ("phd8", "Could you find the emails with '{W}' in the subject line?"),
        ("auditor8", "Enumerate all messages whose subject field contains the words {W}."),
        ("telegraph8", "Mails, subject {W}."),
        ("dictate8", "emails where the subject says {W}"),
        ("ever8", "Is there any email with {W} in its subject?"),
        ("trying8", "I'm trying to find an email, the subject had {W} in it. Show me the matches."),
        ("fatfinger8", "emails with {W} in the sujbect"),
        ("emoji8", "Anything with '{W}' in the subject? 🔍"),
    ],
    "last_received_on_day": [
        ("landlord8", "On {D}, which email was the very last to reach me?"),
        ("auditor8", "Identify the final message received in my inbox on {D}."),
        ("telegraph8", "{D}, last mail received?"),
        ("dictate8", "what was the last email that came in on {D}"),
        ("passivemgr8", "Which email was received last on {D}?"),
        ("italian8", "Which is the last email that I have received the {D}?"),
        ("irish8", "What was the last email to come in on {D}, do you know?"),
        ("gamer8", "yo last email that hit my inbox {D}"),
    ],
    "attachments_from": [
        ("landlord8", "What files has {X} sent me as attachments?"),
        ("phd8", "Could I see the attachments {X} has sent me?"),
        ("telegraph8", "Attachments from {X}, list."),
        ("dictate8", "show me all the attachments from {X}"),
        ("noun8", "Attachments in {Xp} emails"),
        ("fatfinger8", "all the atachments {X} sent me"),
        ("otherday8", "{Xf} was asking the other day whether I got their documents. "
                      "What attachments have they sent me?"),
        ("emoji8", "Files from {Xf} 📎"),
    ],
    "attachments_ext": [
        ("phd8", "Could you list every {EXT1} that has come in as an email attachment?"),
        ("auditor8", "Enumerate all email attachments of type {EXT}."),
        ("telegraph8", "Attachments {EXTS}, all."),
        ("dictate8", "find all the {EXTS} that are attached to emails"),
        ("ever8", "Are there any {EXTS} attached to my emails?"),
        ("noun8", "{EXTS} in email attachments"),
        ("gamer8", "every .{EXT} attachment pls"),
        ("landlord8", "Which attachments in my email are {EXTS}?"),
    ],
    "folders_with_attachments_from": [
        ("landlord8", "Where on my computer did I save the files {X} emailed me?"),
        ("phd8", "Which folders contain the attachments that {X} sent me?"),
        ("telegraph8", "Folders with {X} attachments?"),
        ("auditor8", "Identify the directories in which attachments received from {X} are stored."),
        ("noun8", "Folders holding {Xp} attachments"),
        ("trying8", "I'm trying to find where I put the files {X} sent me. Which folders are they in?"),
        ("dictate8", "which folders have the attachments from {X}"),
        ("italian8", "In which folders are the files that {X} has sent to me?"),
    ],
    "folders_of_file": [
        ("landlord8", "Which folder is {F} in?"),
        ("phd8", "Could you tell me where {F} is saved on my computer?"),
        ("telegraph8", "{F}, folder?"),
        ("gamer8", "which folder is {F} in rn"),
        ("trying8", "I'm trying to open {F} but can't find it. What folder is it in?"),
        ("fatfinger8", "whcih folder is {F} saved in"),
        ("passivemgr8", "In which folder has {F} been saved?"),
        ("emoji8", "Where's {F} saved? 📁"),
    ],
    "who_sent_file": [
        ("landlord8", "Who was it that emailed {F} to me?"),
        ("phd8", "Do you know who sent me {F}?"),
        ("telegraph8", "{F} from who?"),
        ("auditor8", "Identify the sender of the email to which {F} was attached."),
        ("passivemgr8", "By whom has {F} been sent to me?"),
        ("otherday8", "Someone sent me {F} the other day. Who was it?"),
        ("italian8", "Who is that has sent me {F}?"),
        ("dictate8", "who sent me {F} again i forget"),
    ],
    "conversations_with_sender_of_file": [
        ("phd8", "Who has the person who sent me {F} been emailing with?"),
        ("auditor8", "Identify every individual who has exchanged email with the sender of {F}."),
        ("telegraph8", "Sender of {F}: email contacts?"),
        ("trying8", "I'm trying to map out the contacts of whoever sent me {F}. Who have they emailed with?"),
        ("noun8", "People in email conversations with the sender of {F}"),
        ("dictate8", "whoever sent {F} who have they been in email threads with"),
        ("landlord8", "Whoever sent me {F}: who do they correspond with by email?"),
        ("irish8", "The person who sent {F}, who would they be emailing with?"),
    ],
    "coattendees_of_person": [
        ("landlord8", "Which people have sat in on meetings with {X}?"),
        ("phd8", "Which people have attended events alongside {X}?"),
        ("telegraph8", "Meetings of {X}: attendees?"),
        ("auditor8", "Identify all persons who attended at least one event that {X} also attended."),
        ("gamer8", "who's {Xf} been in meetings with"),
        ("noun8", "People who've shared meetings with {X}"),
        ("ever8", "Has anyone been in a meeting with {X}?"),
        ("italian8", "Who are the people that were in the meetings with {X}?"),
    ],
    "events_of_person": [
        ("landlord8", "What meetings has {X} been at?"),
        ("phd8", "Could you list the events {X} attended?"),
        ("telegraph8", "{X} events, list."),
        ("noun8", "Meetings attended by {X}"),
        ("ever8", "Has {X} ever been to a meeting?"),
        ("dictate8", "what events has {X} gone to"),
        ("emoji8", "Which events was {Xf} at? 🗓️"),
        ("fatfinger8", "events {Xt} attended"),
    ],
    "events_at_place": [
        ("landlord8", "Which events are booked {atP}?"),
        ("phd8", "Could you show me the events that take place {atP}?"),
        ("telegraph8", "Events {atP}?"),
        ("auditor8", "Enumerate all calendar events whose location is {P}."),
        ("passivemgr8", "Which meetings have been scheduled {atP}?"),
        ("gamer8", "what's happening {atP}"),
        ("italian8", "Which are the events that are {atP}?"),
        ("irish8", "What have I got on {atP}?"),
    ],
    "events_in_month": [
        ("landlord8", "What have I got scheduled {M}?"),
        ("phd8", "Could you list my events {M}?"),
        ("telegraph8", "Events {M}, list."),
        ("dictate8", "show me the events {M}"),
        ("passivemgr8", "Which events have been scheduled {M}?"),
        ("noun8", "My calendar entries {M}"),
        ("irish8", "What's in the calendar {M} at all?"),
        ("emoji8", "Events {M}? 📅"),
    ],
    "events_titled": [
        ("landlord8", "Show me every {T} on my calendar."),
        ("phd8", "Could you find the events with '{T}' in the title?"),
        ("telegraph8", "Events name {T}, all."),
        ("auditor8", "Enumerate all calendar events whose titles contain '{T}'."),
        ("gamer8", "all my {T} events"),
        ("noun8", "Every {T} meeting in the calendar"),
        ("fatfinger8", "all the {T} evnets"),
        ("ever8", "Are there any {T} events on my calendar?"),
    ],
    "who_attended_titled": [
        ("landlord8", "Which people turned up for the {T}?"),
        ("phd8", "Which people attended the {T} events?"),
        ("telegraph8", "{T}, attendees?"),
        ("auditor8", "Identify all attendees of events titled with '{T}'."),
        ("dictate8", "who was at the {T} can you check"),
        ("noun8", "Attendee list for the {T}"),
        ("italian8", "Who are the persons that have participated to the {T}?"),
        ("emoji8", "Who goes to {T}? 👥"),
    ],
    "place_of_event": [
        ("landlord8", "Where's {T} happening?"),
        ("phd8", "Could you tell me where {T} takes place?"),
        ("telegraph8", "{T}, place?"),
        ("auditor8", "Specify the venue recorded for '{T}'."),
        ("gamer8", "yo where is {T} happening"),
        ("trying8", "I'm trying to get to {T}. Where is it?"),
        ("italian8", "In which place is {T}?"),
        ("irish8", "Where's {T} on, do you know?"),
    ],
    "people_met_at_place": [
        ("landlord8", "Which people have I met up with {atP}?"),
        ("phd8", "Could you tell me which people I've had meetings with {atP}?"),
        ("telegraph8", "People I meet {atP}?"),
        ("auditor8", "Identify every individual who attended an event {atP} that I also attended."),
        ("gamer8", "who'd i meet {atP}"),
        ("ever8", "Have I ever met anybody {atP}?"),
        ("italian8", "Which persons I have met {atP}?"),
        ("emoji8", "Who did I meet {atP}? 🤝"),
    ],
    "people_met_in_month": [
        ("landlord8", "Which people did I sit down with {M}?"),
        ("phd8", "I was wondering whom I met with {M}?"),
        ("telegraph8", "People I meet {M}?"),
        ("dictate8", "who did i have meetings with {M}"),
        ("auditor8", "Identify each person who attended a meeting with me {M}."),
        ("ever8", "Did I have meetings with anyone {M}?"),
        ("irish8", "Who was I meeting {M}?"),
        ("emoji8", "Who'd I meet {M}? 🗓️"),
    ],
    "links_from_person": [
        ("landlord8", "What web links has {X} emailed over to me?"),
        ("phd8", "Could you gather the URLs {X} has sent me?"),
        ("telegraph8", "Links from {X}."),
        ("dictate8", "show me the links {X} sent me in emails"),
        ("noun8", "Links in {Xp} emails"),
        ("ever8", "Has {X} ever sent me a link?"),
        ("otherday8", "{Xf} mentioned a website the other day. What links have they emailed me?"),
        ("italian8", "Which links has sent me {X}?"),
    ],
    "links_from_people_met_in_month": [
        ("phd8", "Which URLs have been emailed to me by people I met {M}?"),
        ("auditor8", "Enumerate all links contained in emails from persons with whom I attended a meeting {M}."),
        ("telegraph8", "Links from people I meet {M}."),
        ("landlord8", "The people I met {M}: what links did they send me?"),
        ("gamer8", "gimme the links ppl i met {M} sent"),
        ("trying8", "I'm trying to find a link someone I met {M} sent me. "
                    "Show me all the links from the people I met then."),
        ("noun8", "Web links sent by the people I met {M}"),
        ("emoji8", "Links from folks I met {M}? 🔗"),
    ],
    "links_to_domain": [
        ("landlord8", "Show me all the {U} links in my email."),
        ("phd8", "Would you mind finding every link that points to {U}?"),
        ("telegraph8", "Links {U}, all."),
        ("auditor8", "Enumerate every URL on the domain {U}."),
        ("dictate8", "find the links that go to {U}"),
        ("ever8", "Is there any {U} link in my emails?"),
        ("gamer8", "every {U} link pls"),
        ("emoji8", "{U} links? 🌐"),
    ],
    "last_email_from_about": [
        ("landlord8", "What's the latest email {X} sent me about {W}?"),
        ("phd8", "Could you find the most recent email from {X} regarding {W}?"),
        ("telegraph8", "Last mail from {X}, about {W}?"),
        ("auditor8", "Identify the most recent message from {X} whose subject concerns {W}."),
        ("noun8", "{Xp} latest email about {W}"),
        ("trying8", "I'm trying to catch up on {W}. What was the last email {X} sent about it?"),
        ("irish8", "What was the last thing {X} sent about {W}?"),
        ("fatfinger8", "newest email from {Xt} about {W}"),
    ],
    "emails_from_with_attachment": [
        ("landlord8", "Which of {Xp} emails had attachments?"),
        ("phd8", "Could you show me the emails from {X} that came with attachments?"),
        ("telegraph8", "Mails from {X} with attachment."),
        ("dictate8", "emails from {X} that have files attached"),
        ("ever8", "Has {X} ever emailed me an attachment?"),
        ("auditor8", "Enumerate the messages from {X} bearing one or more attachments."),
        ("gamer8", "{Xfp} emails that got attachments"),
        ("italian8", "The emails of {X} with the attachments, show me."),
    ],
    "files_from_in_month": [
        ("landlord8", "Which documents did {X} send me {M}? Need them for my records."),
        ("phd8", "Could you list the attachments {X} sent me {M}?"),
        ("telegraph8", "Files from {X} {M}?"),
        ("auditor8", "Enumerate all attachments received from {X} {M}."),
        ("noun8", "{Xp} attachments {M}"),
        ("ever8", "Did {X} email me any attachments {M}?"),
        ("dictate8", "what did {X} attach to emails {M}"),
        ("emoji8", "Files {Xf} sent me {M} 📎"),
    ],
    "events_at_place_in_month": [
        ("landlord8", "What was booked {atP} {M}?"),
        ("phd8", "Could you list the events {atP} {M}?"),
        ("telegraph8", "Events {atP} {M}?"),
        ("auditor8", "Enumerate calendar events located {atP} that occur {M}."),
        ("gamer8", "anything going on {atP} {M}"),
        ("passivemgr8", "Which meetings have been held {atP} {M}?"),
        ("irish8", "What have I on {atP} {M}?"),
        ("dictate8", "show me the meetings {atP} {M}"),
    ],
    "people_emailed_in_month": [
        ("landlord8", "Which people did I send emails to {M}? For my records."),
        ("phd8", "Could you tell me whom I sent emails to {M}?"),
        ("telegraph8", "People I mail {M}?"),
        ("auditor8", "Identify every addressee of messages I sent {M}."),
        ("gamer8", "who did i even hit up by email {M}"),
        ("noun8", "People I emailed {M}"),
        ("irish8", "Who was I emailing {M}?"),
        ("emoji8", "Who did I write to {M}? ✉️"),
    ],
    "emails_from_person_to_person": [
        ("landlord8", "Show me the emails {X} sent to {Y}."),
        ("phd8", "Could I see the emails that {X} has sent to {Y}?"),
        ("telegraph8", "Mails {X} to {Y}."),
        ("auditor8", "Enumerate every message authored by {X} with {Y} as a recipient."),
        ("passivemgr8", "Which emails have been sent to {Y} by {X}?"),
        ("noun8", "{Xp} emails to {Y}"),
        ("italian8", "The mails that {X} has written to {Y}."),
        ("dictate8", "find emails from {X} to {Y}"),
    ],
    "count_events_at_place": [
        ("landlord8", "How many events have been {atP}?"),
        ("phd8", "Could you tell me how many events took place {atP}?"),
        ("telegraph8", "How many events {atP}?"),
        ("auditor8", "Provide the total count of calendar events located {atP}."),
        ("gamer8", "how many events were {atP} lol"),
        ("noun8", "Total number of events held {atP}"),
        ("italian8", "How many events there have been {atP}?"),
        ("irish8", "How many events were on {atP}, all told?"),
    ],
    "links_in_emails_about": [
        ("landlord8", "What web links were included in the emails about {W}?"),
        ("phd8", "Could you pull the URLs from emails about {W}?"),
        ("telegraph8", "Links in mails about {W}."),
        ("auditor8", "Enumerate all URLs contained in messages whose subject concerns {W}."),
        ("noun8", "The links inside the {W} emails"),
        ("trying8", "I'm trying to find a link from the {W} emails. Can you list the links in them?"),
        ("dictate8", "get me the links from the emails about {W}"),
        ("emoji8", "Links in the {W} emails? 🔗"),
    ],
    "count_emails_to": [
        ("landlord8", "For my records, how many emails have I sent {X} in total?"),
        ("phd8", "Could you tell me how many emails I've sent to {X}?"),
        ("telegraph8", "How many mails I send to {X}?"),
        ("auditor8", "Provide a count of all outgoing messages addressed to {X}."),
        ("gamer8", "how many emails have i sent {Xf} lol"),
        ("noun8", "Number of emails I've sent {X}"),
        ("italian8", "How many mails I have sent to {X}?"),
        ("irish8", "How many emails would I have sent {X}, all told?"),
    ],
}

TEST6_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers (another group than dev8's): a farmer, an upbeat realtor, a child, someone writing in shorthand and
    # symbols, people whose first language is Polish or Dutch, a speaker from the US South, a hedger who asks
    # indirectly, an impatient boss and a question-tag asker ("..., didn't they?"). Yes/no and tag questions get
    # the find question's gold graph, as in dev7 and dev8.
    "emails_from": [
        ("farmer_t6", "What's {X} been sending me?"),
        ("realtor_t6", "Hey! Quick one: can you pull every email from {X}?"),
        ("child_t6", "can u show me what {Xf} sent me"),
        ("polish_t6", "Show me emails which {X} sent to me."),
        ("southern_t6", "Y'all got the emails {X} sent me?"),
        ("tagq_t6", "I've had emails from {X}, haven't I? Let me see them."),
    ],
    "emails_to": [
        ("farmer_t6", "Them emails I sent {X}, where are they?"),
        ("realtor_t6", "Can you grab all my emails to {X}? Thanks so much!"),
        ("shorthand_t6", "sent msgs → {X}"),
        ("dutch_t6", "Give me the emails I sent to {X}."),
        ("hedger_t6", "I don't suppose you could find the emails I've sent {X}?"),
        ("impatient_t6", "Emails I sent {X}. Now."),
    ],
    "emails_between": [
        ("farmer_t6", "Every email that's gone between me and {X}"),
        ("polish_t6", "Show me all emails between me and {X}, in both directions."),
        ("southern_t6", "Find all them emails me and {X} have been trading."),
        ("hedger_t6", "Would it be possible to see every email {X} and I have exchanged?"),
        ("tagq_t6", "{X} and I have swapped emails, haven't we? List them."),
        ("shorthand_t6", "me <-> {X} emails"),
    ],
    "emails_from_in_month": [
        ("farmer_t6", "What'd {X} send me {M}?"),
        ("realtor_t6", "Quick q: emails from {X} {M}?"),
        ("child_t6", "can u find what {Xf} emailed me {M}"),
        ("polish_t6", "Show emails from {X} which came {M}."),
        ("dutch_t6", "Give me {Xp} emails {M}."),
        ("impatient_t6", "{X}, {M}. Emails. Go."),
    ],
    "emails_from_before": [
        ("farmer_t6", "What'd {X} send me before {B}?"),
        ("realtor_t6", "Can you find emails from {X} before {B}? Thanks!"),
        ("polish_t6", "Show me emails which {X} sent before {B}."),
        ("dutch_t6", "Give me the emails of {X} from before {B}."),
        ("hedger_t6", "If it's not too much trouble, the emails {X} sent me prior to {B}?"),
        ("shorthand_t6", "{X} emails < {B}"),
    ],
    "emails_from_since": [
        ("farmer_t6", "Has {X} sent me anything since {B}?"),
        ("realtor_t6", "Anything new from {X} since {B}? Let me see!"),
        ("child_t6", "what has {Xf} sent me since {B}"),
        ("southern_t6", "What all has {X} sent me since {B}?"),
        ("impatient_t6", "Emails from {X} since {B}, quickly."),
        ("shorthand_t6", "{X} emails >= {B}"),
    ],
    "last_email_from": [
        ("farmer_t6", "What's the last thing {X} sent me?"),
        ("realtor_t6", "Can you pull up {Xp} latest email real quick?"),
        ("child_t6", "what was the newest email from {Xf}"),
        ("polish_t6", "Show me last email which {X} sent me."),
        ("hedger_t6", "I wonder if you could find the most recent email {X} sent me?"),
        ("tagq_t6", "{X} emailed me lately, didn't they? What was the last one?"),
    ],
    "first_email_from": [
        ("farmer_t6", "What's the first email {X} ever sent me?"),
        ("dutch_t6", "Give me the first email of {X}."),
        ("southern_t6", "Find me the first email {X} ever sent, would ya?"),
        ("hedger_t6", "Could you possibly dig out the earliest email from {X}?"),
        ("impatient_t6", "First email from {X}. Need it now."),
        ("shorthand_t6", "1st email fr {X}"),
    ],
    "first_email_to": [
        ("farmer_t6", "When I first emailed {X}, what did I send?"),
        ("realtor_t6", "Can you find my very first email to {X}? Thanks!"),
        ("polish_t6", "Show me first email which I sent to {X}."),
        ("child_t6", "whats the first email i sent {Xf}"),
        ("tagq_t6", "I emailed {X} at some point, didn't I? What was the first one?"),
        ("shorthand_t6", "my 1st email → {X}"),
    ],
    "last_email_to": [
        ("farmer_t6", "What was the last thing I emailed {X}?"),
        ("realtor_t6", "Grab my latest email to {X} for me, please!"),
        ("dutch_t6", "Give me my last email to {X}."),
        ("southern_t6", "Pull up the last email I sent over to {X}, would ya?"),
        ("hedger_t6", "Would you mind finding the most recent email I sent to {X}?"),
        ("impatient_t6", "Last email I sent {X}. Quick."),
    ],
    "count_emails_from": [
        ("farmer_t6", "How many emails has {X} sent me, all in all?"),
        ("realtor_t6", "How many emails have I gotten from {X}? Just curious!"),
        ("child_t6", "how many emails did {Xf} send me"),
        ("polish_t6", "How many emails {X} sent to me?"),
        ("southern_t6", "Just how many emails has {X} sent me?"),
        ("shorthand_t6", "# emails fr {X}"),
    ],
    "subject_contains": [
        ("farmer_t6", "Emails that say {W} in the subject"),
        ("realtor_t6", "Can you find emails with {W} in the subject line? Thanks!"),
        ("dutch_t6", "Give me all emails with subject {W}."),
        ("hedger_t6", "Might there be any emails with '{W}' in the subject?"),
        ("impatient_t6", "Subject: {W}. Find the emails."),
        ("child_t6", "emails that have {W} in the title"),
    ],
    "last_received_on_day": [
        ("farmer_t6", "Last email that come in on {D}, what was it?"),
        ("realtor_t6", "Which email landed last on {D}? Thanks!"),
        ("polish_t6", "Show me last email which I received {D}."),
        ("dutch_t6", "Give me the last email I received on {D}."),
        ("hedger_t6", "Could you perhaps tell me which email arrived last on {D}?"),
        ("shorthand_t6", "last email rcvd on {D}"),
    ],
    "attachments_from": [
        ("farmer_t6", "What files has {X} sent along?"),
        ("realtor_t6", "Can you grab all the attachments from {X}? Thanks!"),
        ("child_t6", "which files did {Xf} send me"),
        ("polish_t6", "Show me attachments which {X} sent to me."),
        ("southern_t6", "Find me all them files {X} sent."),
        ("tagq_t6", "{X} sent me some attachments, didn't they? Which ones?"),
    ],
    "attachments_ext": [
        ("farmer_t6", "All the {EXTS} attached to emails"),
        ("realtor_t6", "Can you list every {EXT1} attachment? Thanks!"),
        ("dutch_t6", "Give me all attachments of type {EXT}."),
        ("hedger_t6", "Would you mind listing the email attachments that are {EXTS}?"),
        ("impatient_t6", "{EXTS} attached to emails. All of them. Now."),
        ("shorthand_t6", "attachments ext={EXT}"),
    ],
    "folders_with_attachments_from": [
        ("farmer_t6", "Where did I put them files {X} sent me?"),
        ("realtor_t6", "Which folders did the attachments from {X} end up in?"),
        ("polish_t6", "Show me folders where are attachments which {X} sent."),
        ("dutch_t6", "Give me the folders with the attachments from {Xp} emails."),
        ("hedger_t6", "Could you possibly tell me which folders hold the files {X} emailed me?"),
        ("shorthand_t6", "dirs w/ {X} attachments"),
    ],
    "folders_of_file": [
        ("farmer_t6", "Where'd I put {F}?"),
        ("realtor_t6", "Which folder has {F} in it? Thanks!"),
        ("child_t6", "where is {F} on the computer"),
        ("dutch_t6", "Give me the folder of {F}."),
        ("hedger_t6", "Would you happen to know which folder {F} lives in?"),
        ("impatient_t6", "Folder for {F}. Now."),
    ],
    "who_sent_file": [
        ("farmer_t6", "Who was it sent me {F}?"),
        ("realtor_t6", "Who emailed {F} over to me?"),
        ("polish_t6", "Who is person which sent me {F}?"),
        ("southern_t6", "Who went and sent me {F}?"),
        ("tagq_t6", "Somebody sent me {F}, didn't they? Who was it?"),
        ("shorthand_t6", "{F} sender?"),
    ],
    "conversations_with_sender_of_file": [
        ("farmer_t6", "Whoever sent me {F}, who've they been emailing?"),
        ("realtor_t6", "Who's been in email conversations with the person that sent {F}?"),
        ("polish_t6", "Show me people which had email conversations with person who sent {F}."),
        ("dutch_t6", "Give me everybody who has emailed with the sender of {F}."),
        ("hedger_t6", "I'd be grateful to know who has exchanged emails with whoever sent {F}."),
        ("shorthand_t6", "sender({F}) email contacts"),
    ],
    "coattendees_of_person": [
        ("farmer_t6", "Who's been at meetings with {X}?"),
        ("realtor_t6", "Who has {X} been in meetings with? Just wondering!"),
        ("child_t6", "who was in meetings with {Xf}"),
        ("polish_t6", "Show me people which were on meetings together with {X}."),
        ("southern_t6", "Who all's been at them meetings with {X}?"),
        ("shorthand_t6", "ppl w/ {X} @ meetings"),
    ],
    "events_of_person": [
        ("farmer_t6", "What meetings has {X} come to?"),
        ("realtor_t6", "Can you list the events {X} went to?"),
        ("dutch_t6", "Give me the meetings {X} attended."),
        ("hedger_t6", "Would it be possible to see which events {X} attended?"),
        ("tagq_t6", "{X} goes to meetings, right? Which ones?"),
        ("impatient_t6", "Events with {X}. List."),
    ],
    "events_at_place": [
        ("farmer_t6", "What's been going on {atP}?"),
        ("realtor_t6", "What events are {atP}? Thanks!"),
        ("polish_t6", "Show me events which are {atP}."),
        ("southern_t6", "What all's happening {atP}?"),
        ("hedger_t6", "Could you perhaps show me the events located {atP}?"),
        ("shorthand_t6", "events @ {P}"),
    ],
    "events_in_month": [
        ("farmer_t6", "What've I got going on {M}?"),
        ("realtor_t6", "What's on the calendar {M}? Thanks!"),
        ("child_t6", "what stuff is on my calendar {M}"),
        ("dutch_t6", "Give me the events {M}."),
        ("impatient_t6", "Events {M}. All of them."),
        ("tagq_t6", "There's stuff on my calendar {M}, isn't there? What is it?"),
    ],
    "events_titled": [
        ("farmer_t6", "All them {T} get-togethers"),
        ("realtor_t6", "Can you find every {T} on the calendar? Thanks!"),
        ("polish_t6", "Show me events which have {T} in the name."),
        ("hedger_t6", "Could you find any events called something like '{T}'?"),
        ("shorthand_t6", "events title~{T}"),
        ("child_t6", "all the {T} ones on my calendar"),
    ],
    "who_attended_titled": [
        ("farmer_t6", "Who showed up to the {T}?"),
        ("realtor_t6", "Who's been coming to the {T}?"),
        ("polish_t6", "Who was on the {T}?"),
        ("dutch_t6", "Give me the people who were at the {T}."),
        ("southern_t6", "Who all went to the {T}?"),
        ("shorthand_t6", "who @ {T}?"),
    ],
    "place_of_event": [
        ("farmer_t6", "Whereabouts is {T}?"),
        ("realtor_t6", "What's the address for {T}?"),
        ("polish_t6", "Where is place of {T}?"),
        ("dutch_t6", "Give me the location of {T}."),
        ("hedger_t6", "Would you happen to know where {T} is?"),
        ("impatient_t6", "{T}. Location. Now."),
    ],
    "people_met_at_place": [
        ("farmer_t6", "Who'd I meet up with {atP}?"),
        ("realtor_t6", "Who have I had meetings with {atP}? Thanks!"),
        ("polish_t6", "Show me people which I met {atP}."),
        ("southern_t6", "Who all did I meet {atP}?"),
        ("tagq_t6", "I've met folks {atP}, haven't I? Who?"),
        ("shorthand_t6", "ppl i met @ {P}"),
    ],
    "people_met_in_month": [
        ("farmer_t6", "Who'd I meet up with {M}?"),
        ("realtor_t6", "Who did I meet {M}? Thanks!"),
        ("polish_t6", "Show me people which I met {M}."),
        ("dutch_t6", "Give me the people I met {M}."),
        ("hedger_t6", "Might you be able to tell me who I met {M}?"),
        ("child_t6", "who did i see at meetings {M}"),
    ],
    "links_from_person": [
        ("farmer_t6", "What links has {X} been sending me?"),
        ("realtor_t6", "Can you pull all the links {X} emailed me? Thanks!"),
        ("dutch_t6", "Give me the links from {Xp} emails."),
        ("southern_t6", "Find all them links {X} sent me."),
        ("tagq_t6", "{X} has sent me links, right? Show me all of them."),
        ("shorthand_t6", "urls fr {X}"),
    ],
    "links_from_people_met_in_month": [
        ("farmer_t6", "What links did the folks I met {M} send me?"),
        ("realtor_t6", "Can you find links from the people I met {M}? Thanks!"),
        ("polish_t6", "Show me links which sent people which I met {M}."),
        ("hedger_t6", "Could you perhaps gather the links emailed by anybody I met {M}?"),
        ("impatient_t6", "Links from people I met {M}. Now."),
        ("shorthand_t6", "urls fr ppl i met {M}"),
    ],
    "links_to_domain": [
        ("farmer_t6", "Any links to {U} in my emails?"),
        ("realtor_t6", "Can you find all the {U} links? Thanks!"),
        ("dutch_t6", "Give me all links to {U}."),
        ("hedger_t6", "Would you mind listing the links that point at {U}?"),
        ("impatient_t6", "{U} links. All."),
        ("shorthand_t6", "links domain={U}"),
    ],
    "last_email_from_about": [
        ("farmer_t6", "What's the latest {X} sent me on {W}?"),
        ("realtor_t6", "Can you pull the newest email from {X} about {W}? Thanks!"),
        ("polish_t6", "Show me last email which {X} sent about {W}."),
        ("dutch_t6", "Give me the last email of {X} about {W}."),
        ("hedger_t6", "Could you find the most recent email {X} wrote about {W}?"),
        ("shorthand_t6", "latest {X} email re {W}"),
    ],
    "emails_from_with_attachment": [
        ("farmer_t6", "Which emails from {X} had files on them?"),
        ("realtor_t6", "Can you find {Xp} emails with attachments? Thanks!"),
        ("polish_t6", "Show me emails which {X} sent with attachment."),
        ("southern_t6", "Pull up them emails {X} sent with attachments."),
        ("tagq_t6", "{X} sent me attachments, didn't they? Show me those emails."),
        ("shorthand_t6", "{X} emails has:attachment"),
    ],
    "files_from_in_month": [
        ("farmer_t6", "What files did {X} send along {M}?"),
        ("realtor_t6", "Can you grab the attachments from {X} {M}? Thanks!"),
        ("polish_t6", "Show me files which {X} sent me {M}."),
        ("dutch_t6", "Give me the attachments of {X} {M}."),
        ("hedger_t6", "Could you possibly list the files {X} emailed me {M}?"),
        ("child_t6", "what files did {Xf} email me {M}"),
    ],
    "events_at_place_in_month": [
        ("farmer_t6", "What was going on {atP} {M}?"),
        ("realtor_t6", "Any events {atP} {M}? Thanks!"),
        ("polish_t6", "Show me events which were {atP} {M}."),
        ("dutch_t6", "Give me the events {atP} {M}."),
        ("hedger_t6", "Might you show me the events held {atP} {M}?"),
        ("shorthand_t6", "events @ {P} {M}"),
    ],
    "people_emailed_in_month": [
        ("farmer_t6", "Who'd I send emails to {M}?"),
        ("realtor_t6", "Who did I email {M}? Just checking!"),
        ("polish_t6", "Show me people to which I sent emails {M}."),
        ("dutch_t6", "Give me the people I emailed {M}."),
        ("hedger_t6", "Could you possibly tell me who I emailed {M}?"),
        ("impatient_t6", "Who I emailed {M}. List it."),
    ],
    "emails_from_person_to_person": [
        ("farmer_t6", "What's {X} been emailing {Y}?"),
        ("realtor_t6", "Can you find the emails {X} sent {Y}? Thanks!"),
        ("polish_t6", "Show me emails which {X} sent to {Y}."),
        ("dutch_t6", "Give me the mails from {X} to {Y}."),
        ("hedger_t6", "Would it be possible to see what {X} has emailed to {Y}?"),
        ("shorthand_t6", "{X} → {Y} emails"),
    ],
    "count_events_at_place": [
        ("farmer_t6", "How many get-togethers were there {atP}?"),
        ("realtor_t6", "How many events have we had {atP}? Just curious!"),
        ("polish_t6", "How many events it was {atP}?"),
        ("dutch_t6", "Give me the number of events {atP}."),
        ("hedger_t6", "Would you know how many events there were {atP}?"),
        ("shorthand_t6", "# events @ {P}"),
    ],
    "links_in_emails_about": [
        ("farmer_t6", "What links were in them emails about {W}?"),
        ("realtor_t6", "Can you grab the links from the {W} emails? Thanks!"),
        ("polish_t6", "Show me links which are in emails about {W}."),
        ("dutch_t6", "Give me the links in the emails about {W}."),
        ("hedger_t6", "Could you perhaps collect the links from emails concerning {W}?"),
        ("shorthand_t6", "urls in emails re {W}"),
    ],
    "count_emails_to": [
        ("farmer_t6", "How many emails have I sent {X}, all in all?"),
        ("realtor_t6", "How many times have I emailed {X}? Just curious!"),
        ("child_t6", "how many emails did i ever send {Xf}"),
        ("polish_t6", "How many emails I sent to {X}?"),
        ("southern_t6", "Just how many emails have I sent {X}?"),
        ("shorthand_t6", "# emails → {X}"),
    ],
}


# =============================================================================================
# dev9 and test7: two more groups of askers, each writing every shape (the later ones too). dev9's templates were
# written without reading how the reader works, by fifteen kinds of askers no earlier part had: a small-business
# owner, someone who writes a whole letter ("Dear assistant, ... Kind regards."), someone who starts with the
# story so far ("So I ..."; the story never narrows the question), a past-perfect / future-in-the-past speaker
# ("which emails had X sent me", "where was T going to be"), someone who says "stuff", "messages", "things" and
# "correspondence", a slash-and-abbreviation typist ("msgs fr X re: W", "attchmts", "w/"), someone who puts the
# date, person or place first ("In fall 2025, what did X send me?"), a negative-polite asker ("I don't suppose you
# could ..."), a colleague who uses first names only (where they are unique), someone who adds a trailing
# clarification ("... – the PDF ones"), Korean and Arabic first-language speakers, a sports coach ("roster",
# "sessions"), an archivist ("retrieve the correspondence", "catalogue") and a corporate-jargon speaker ("inbound",
# "outreach", "stakeholders"). test7's askers are another group again (sharing no template with any part); like
# test2 to test6, only its aggregate figures are reported. Both draw their date phrases from their own lists
# (seasons with and without a year, "winter 2024-25", early/mid/late of a year, day spans, "the week of", weeks
# of a month, "a month ago", "a few days ago", "a couple of months ago", holidays, "the start of the year",
# day-first numbers), and their questions follow test6's: dev9's first, then test7's.
# =============================================================================================

D9, T7 = "dev9", "test7"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7)
LOWER_STYLES = LOWER_STYLES | {"slash9"}
CAPITALIZED_SLOTS = ("M", "B", "D", "atP")  # {Mc}, {Bc}, {Dc}, {atPc}: the slot with a capital first letter, for
# a template that opens with it ("In fall 2025, ..."); the gold graph keeps the phrase as the maker wrote it


def dev9_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Seasons ("last spring", "in fall 2025", "in winter 2024-25"), early/mid/late of a year, month spans with
    "between ... and" and a dash, a day span, "the week of", a week of a month, "a month ago", "2 weeks ago",
    "a few days ago", rolling windows ("the past fortnight", "the past 6 weeks", "the last 100 days", "the last
    couple of months"), "last September", "this past January", a year-less quarter and an ISO month."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    spring = today.year - (today.month < 6)  # the latest spring that is over
    sep = today.year - (today.month <= 9)  # the latest September before this month
    jan = today.year - (today.month <= 1)  # the latest January before this month
    q2 = today.year - (today.month < 4)  # the latest second quarter that has begun
    two_back = date(today.year - (today.month <= 2), (today.month - 3) % 12 + 1, today.day)
    return [("last spring", (date(spring, 3, 1), date(spring, 6, 1))),
            ("in fall 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("in winter 2024-25", (date(2024, 12, 1), date(2025, 3, 1))),
            ("between October and December 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in Sep-Nov 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("from Jan 12 to Jan 23, 2026", (date(2026, 1, 12), date(2026, 1, 24))),
            ("in early 2025", (date(2025, 1, 1), date(2025, 5, 1))),
            ("in late 2025", (date(2025, 9, 1), date(2026, 1, 1))),
            ("in mid-2025", (date(2025, 5, 1), date(2025, 9, 1))),
            ("the week of December 8, 2025", (date(2025, 12, 8), date(2025, 12, 15))),
            ("a month ago", months_back(today, 1)),
            ("2 weeks ago", (monday - timedelta(days=14), monday - timedelta(days=7))),
            ("a few days ago", (today - timedelta(days=4), today - timedelta(days=1))),
            ("in the past fortnight", (today - timedelta(days=14), tomorrow)),
            ("over the past 6 weeks", (today - timedelta(weeks=6), tomorrow)),
            ("in the last 100 days", (today - timedelta(days=100), tomorrow)),
            ("in the last couple of months", (two_back, tomorrow)),
            ("last September", month_range(sep, 9)),
            ("this past January", month_range(jan, 1)),
            ("in Q2", (date(q2, 4, 1), date(q2, 7, 1))),
            ("in the third week of December 2025", (date(2025, 12, 15), date(2025, 12, 22))),
            ("in 2025-09", month_range(2025, 9))]


def dev9_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    saturday = monday + timedelta(days=5)
    valentine = date(today.year - ((today.month, today.day) < (2, 14)), 2, 14)  # the latest that has begun
    return dev9_month_phrases(today) + [("next week", (monday + timedelta(days=7), monday + timedelta(days=14))),
                                        ("this weekend", (saturday, saturday + timedelta(days=2))),
                                        ("on Valentine's Day", (valentine, valentine + timedelta(days=1))),
                                        ("in the next 4 weeks", (today, today + timedelta(days=29)))]


DEV9_BOUNDS = [("mid-2025", date(2025, 5, 1)), ("the end of September 2025", date(2025, 9, 30)),
               ("Christmas Eve", date(2025, 12, 24)), ("9/15/2025", date(2025, 9, 15)),
               ("1 Nov. 2025", date(2025, 11, 1)), ("the 20th of October", date(2025, 10, 20)),
               ("late August 2025", date(2025, 8, 21)), ("Q4", date(2025, 10, 1))]


def dev9_day(d: date, i: int, today: date = date.fromisoformat(CORPUS["today"])) -> str:
    """"the 14th of October" (no year when it reads back), "Tue, 14 Oct 2025" (as a mail header writes it),
    "14 October, 2025", "October 14th, 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    year = "" if yearless(d, today) else f" {d.year}"
    forms = (f"the {nth(d.day)} of {month}{year}", f"{weekday[:3]}, {d.day} {month[:3]} {d.year}",
             f"{d.day} {month}, {d.year}", f"{month} {nth(d.day)}, {d.year}")
    return forms[i % len(forms)]


def test7_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Year-less seasons ("over the summer", "in spring"), "last autumn", year-less and dashed month spans, weeks of
    a month, "a week ago", "a couple of months ago", rolling windows ("the last 4 months", "the past 75 days",
    "the last 5 weeks"), "last year", a whole earlier year, parts of months, a quarter, a day span with "to",
    "the week of" without a year and a holiday eve."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    summer = today.year - (today.month < 6)  # the latest summer that has begun
    spring = today.year - (today.month < 3)
    autumn = today.year - (today.month < 12)  # the latest autumn that is over
    nov = bare_month(11, today)[0]
    jan = bare_month(1, today)[0]
    xmas_eve = today.year - ((today.month, today.day) < (12, 24))
    four_back = date(today.year - (today.month <= 4), (today.month - 5) % 12 + 1, today.day)
    return [("last autumn", (date(autumn, 9, 1), date(autumn, 12, 1))),
            ("over the summer", (date(summer, 6, 1), date(summer, 9, 1))),
            ("in spring", (date(spring, 3, 1), date(spring, 6, 1))),
            ("from September to November", (date(nov, 9, 1), date(nov, 12, 1))),
            ("in Oct–Dec 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in the first week of December 2025", (date(2025, 12, 1), date(2025, 12, 8))),
            ("in the last week of January", (date(jan, 1, 25), date(jan, 2, 1))),
            ("a week ago", (monday - timedelta(days=7), monday)),
            ("a couple of months ago", (months_back(today, 3)[0], months_back(today, 2)[1])),
            ("in the last 4 months", (four_back, tomorrow)),
            ("in the past 75 days", (today - timedelta(days=75), tomorrow)),
            ("within the last 5 weeks", (today - timedelta(weeks=5), tomorrow)),
            ("last year", (date(today.year - 1, 1, 1), date(today.year, 1, 1))),
            ("in 2024", (date(2024, 1, 1), date(2025, 1, 1))),
            ("in late September 2025", (date(2025, 9, 21), date(2025, 10, 1))),
            ("in early January", (date(jan, 1, 1), date(jan, 1, 11))),
            ("in mid-December 2025", (date(2025, 12, 11), date(2025, 12, 21))),
            ("in Q1 2025", (date(2025, 1, 1), date(2025, 4, 1))),
            ("from 15 Dec 2025 to 15 Jan 2026", (date(2025, 12, 15), date(2026, 1, 16))),
            ("the week of Nov 10", (date(nov, 11, 10), date(nov, 11, 17))),
            ("on Christmas Eve", (date(xmas_eve, 12, 24), date(xmas_eve, 12, 25)))]


def test7_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    return test7_month_phrases(today) + [("this week", (monday, monday + timedelta(days=7))),
                                         ("over the next 30 days", (today, today + timedelta(days=31))),
                                         ("in early March 2026", (date(2026, 3, 1), date(2026, 3, 11))),
                                         ("the day after tomorrow",
                                          (today + timedelta(days=2), today + timedelta(days=3)))]


TEST7_BOUNDS = [("the 1st of November", date(2025, 11, 1)), ("Oct 15th", date(2025, 10, 15)),
                ("15/09/2025", date(2025, 9, 15)), ("mid-October 2025", date(2025, 10, 11)),
                ("the start of the year", date(2026, 1, 1)), ("the end of August 2025", date(2025, 8, 31)),
                ("summer", date(2025, 6, 1)), ("December 1st", date(2025, 12, 1))]


def test7_day(d: date, i: int) -> str:
    """"Tuesday October 14th 2025", "the 14th of October, 2025", "Oct 14, 2025", "14/10/2025" (day first, only
    when the day is over 12; otherwise "October 14th, 2025")."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    day_first = f"{d.day}/{d.month}/{d.year}" if d.day > 12 else f"{month} {nth(d.day)}, {d.year}"
    forms = (f"{weekday} {month} {nth(d.day)} {d.year}", f"the {nth(d.day)} of {month}, {d.year}",
             f"{month[:3]} {d.day}, {d.year}", day_first)
    return forms[i % len(forms)]


DEV9_MAKERS = dated_makers(dev9_month_phrases, dev9_event_phrases, DEV9_BOUNDS, dev9_day)
TEST7_MAKERS = dated_makers(test7_month_phrases, test7_event_phrases, TEST7_BOUNDS, test7_day)

DEV9_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a small-business owner (smallbiz9), someone who writes a whole letter (letter9), someone who starts
    # with the story so far (context9: "So I ..."; the story never narrows the question), a past-perfect /
    # future-in-the-past speaker (tense9), someone who says "stuff", "messages", "things" (stuff9), a slash-and-
    # abbreviation typist (slash9, lower case), someone who puts the date, person or place first (fronted9), a
    # negative-polite asker (negpolite9: "I don't suppose ..."; the find question's gold graph, as in dev7 and
    # dev8), a colleague who uses first names only (firstname9), someone who adds a trailing clarification
    # (afterthought9), Korean and Arabic first-language speakers (korean9, arabic9), a sports coach (coach9), an
    # archivist (archivist9) and a corporate-jargon speaker (jargon9).
    "emails_from": [
        ("smallbiz9", "I run a small bakery and I need every email {X} has sent me. Can you pull them up?"),
        ("letter9", "Dear assistant, would you kindly gather all of the emails I have received from {X}? "
                    "With thanks."),
        ("context9", "So {X} has been emailing me on and off for a while. Can I see all of those emails?"),
        ("stuff9", "all the stuff {X} has emailed me"),
        ("slash9", "msgs fr {X}"),
        ("firstname9", "Show me everything {Xf} has emailed me."),
        ("korean9", "{X} sent to me emails. Please show all of them."),
        ("archivist9", "Retrieve the complete correspondence received from {X}."),
    ],
    "emails_to": [
        ("smallbiz9", "I keep track of what goes out from the shop - list every email I sent to {X}."),
        ("letter9", "Dear QueryWeaver, I should like to see every email that I have sent to {X}. Kind regards."),
        ("context9", "So I need to check what I've been telling {X}. Which emails have I sent them?"),
        ("tense9", "Which emails had I sent {X}?"),
        ("slash9", "my msgs to {X} / all of them"),
        ("negpolite9", "I don't suppose you could show me the emails I've sent to {X}?"),
        ("afterthought9", "Show me the emails I sent – the ones to {X}."),
        ("arabic9", "Please, I need all the emails that I sent them to {X}."),
    ],
    "emails_between": [
        ("letter9", "Dear assistant, please could you assemble the full correspondence between {X} and me? "
                    "Yours faithfully."),
        ("context9", "So {X} and I have been going back and forth about a few things. "
                     "Can you show me every email between us?"),
        ("stuff9", "all the messages between me and {X}, both ways"),
        ("slash9", "emails btwn me & {X}"),
        ("fronted9", "{X} and me – every email between us."),
        ("negpolite9", "You wouldn't happen to be able to pull up all the emails between {X} and me, would you?"),
        ("korean9", "Emails between me and {X}, all please show."),
        ("archivist9", "Assemble all correspondence exchanged between {X} and {SELF}."),
    ],
    "emails_from_in_month": [
        ("smallbiz9", "What did {X} email me {M}? I'm doing the books."),
        ("context9", "So I know {X} wrote to me {M}. Can you find those emails?"),
        ("tense9", "Which emails had {X} sent me {M}?"),
        ("stuff9", "any messages from {X} {M}?"),
        ("slash9", "msgs fr {X} {M}"),
        ("fronted9", "{Mc}, what did {X} send me?"),
        ("firstname9", "What did {Xf} email me {M}?"),
        ("jargon9", "Surface every inbound email from {X} {M}."),
    ],
    "emails_from_before": [
        ("smallbiz9", "I need the emails {X} sent me before {B} for my accountant."),
        ("letter9", "Dear assistant, kindly find the emails {X} sent me prior to {B}. Many thanks."),
        ("tense9", "Which emails had {X} already sent me before {B}?"),
        ("slash9", "emails fr {X} / before {B}"),
        ("fronted9", "Before {B}, which emails did {X} send me?"),
        ("korean9", "Before {B}, emails from {X} to me, show please."),
        ("archivist9", "Retrieve the correspondence from {X} dated before {B}."),
        ("afterthought9", "Show me {Xp} emails – just the ones from before {B}."),
    ],
    "emails_from_since": [
        ("smallbiz9", "Has {X} emailed me since {B}? Show me what came in."),
        ("context9", "So I lost touch with {X} for a bit. What have they emailed me since {B}?"),
        ("stuff9", "stuff {X} sent me since {B}"),
        ("slash9", "all msgs fr {X} since {B}"),
        ("negpolite9", "I don't suppose you could list what {X} has emailed me since {B}?"),
        ("firstname9", "Has {Xf} sent me anything since {B}?"),
        ("arabic9", "Please show me the emails that {X} sent them to me since {B}."),
        ("jargon9", "What's come inbound from {X} since {B}?"),
    ],
    "last_email_from": [
        ("smallbiz9", "What's the most recent email {X} sent me? I need to reply to it today."),
        ("letter9", "Dear assistant, could you please find the most recent email I have received from {X}? "
                    "Thank you kindly."),
        ("context9", "So {X} was supposed to get back to me. What's the last email they sent me?"),
        ("stuff9", "latest message from {X}"),
        ("slash9", "last msg fr {X}"),
        ("firstname9", "What's the last thing {Xf} emailed me?"),
        ("korean9", "{X} last sent email to me, which one?"),
        ("jargon9", "What was my last email touchpoint from {X}?"),
    ],
    "first_email_from": [
        ("letter9", "Dear assistant, I wonder if you might find the very first email {X} ever sent me. "
                    "With best wishes."),
        ("context9", "So {X} and I go way back. What was the first email they ever sent me?"),
        ("tense9", "What was the earliest email {X} had ever sent me?"),
        ("slash9", "1st msg fr {X}"),
        ("fronted9", "From {X}: the very first email."),
        ("negpolite9", "I don't suppose you can dig up the first email {X} ever sent me?"),
        ("arabic9", "What is the first email which {X} sent it to me?"),
        ("archivist9", "Locate the earliest item of correspondence from {X}."),
    ],
    "first_email_to": [
        ("smallbiz9", "When I first reached out to {X}, what did I write? Show me my first email to them."),
        ("letter9", "Dear assistant, please find the first email I ever sent to {X}. Kind regards."),
        ("tense9", "Which was the first email I had sent {X}?"),
        ("stuff9", "the first message I ever sent {X}"),
        ("slash9", "my 1st email to {X}"),
        ("afterthought9", "Find my first email – the first one I sent {X}, I mean."),
        ("korean9", "I sent to {X} first email, which is it?"),
        ("jargon9", "What was my first outreach email to {X}?"),
    ],
    "last_email_to": [
        ("smallbiz9", "What was the last email I sent {X}? I can't remember if I followed up."),
        ("context9", "So I think I owe {X} a reply. What's the last email I sent them?"),
        ("stuff9", "last message I sent {X}"),
        ("slash9", "last msg i sent {X}"),
        ("fronted9", "To {X}: my most recent email."),
        ("firstname9", "What was the last thing I emailed {Xf}?"),
        ("arabic9", "Please, what is the last email I sent it to {X}?"),
        ("archivist9", "Locate the most recent item of correspondence I addressed to {X}."),
    ],
    "count_emails_from": [
        ("smallbiz9", "How many emails has {X} sent me overall?"),
        ("letter9", "Dear assistant, I would be grateful to know how many emails {X} has sent me. Sincerely."),
        ("stuff9", "how many messages have I had from {X}"),
        ("slash9", "how many msgs fr {X}?"),
        ("fronted9", "{X} – how many emails have they sent me?"),
        ("negpolite9", "You wouldn't know how many emails {X} has sent me, would you?"),
        ("korean9", "How many email {X} sent to me?"),
        ("jargon9", "What's the total inbound email volume from {X}?"),
    ],
    "subject_contains": [
        ("smallbiz9", "Find the emails with {W} in the subject – I need them for a client."),
        ("letter9", "Dear assistant, kindly locate any emails whose subject line mentions {W}. Thank you."),
        ("context9", "So there was a thread with {W} in the subject. Can you find every email like that?"),
        ("stuff9", "messages with {W} in the subject line"),
        ("slash9", "msgs w/ subj: {W}"),
        ("negpolite9", "I don't suppose there are any emails with '{W}' in the subject?"),
        ("afterthought9", "Find the emails about {W} – going by the subject line, I mean."),
        ("archivist9", "Retrieve all correspondence bearing '{W}' in the subject heading."),
    ],
    "last_received_on_day": [
        ("letter9", "Dear assistant, which was the last email to arrive in my inbox on {D}? Many thanks."),
        ("context9", "So on {D} my inbox was busy. Which email came in last that day?"),
        ("tense9", "Which email had come in last on {D}?"),
        ("stuff9", "last message that came in on {D}"),
        ("slash9", "last email rec'd {D}"),
        ("fronted9", "{Dc}: which email did I receive last?"),
        ("korean9", "{Dc}, the last email I received, which one?"),
        ("archivist9", "Identify the final item of correspondence received on {D}."),
    ],
    "attachments_from": [
        ("smallbiz9", "Pull up every attachment {X} has sent me – I need all of them for the shop."),
        ("letter9", "Dear assistant, would you be so good as to list the attachments {X} has sent me? "
                    "Warm regards."),
        ("stuff9", "all the files {X} sent me"),
        ("slash9", "attchmts fr {X}"),
        ("firstname9", "What attachments did {Xf} send over?"),
        ("afterthought9", "Show me the attachments – the ones {X} sent me."),
        ("arabic9", "Please I want all the files that {X} attached them in emails to me."),
        ("jargon9", "Pull all the attachments {X} has shared with me over email."),
    ],
    "attachments_ext": [
        ("smallbiz9", "I need every {EXT1} that's attached to an email in my mailbox."),
        ("context9", "So I'm clearing out old documents. Which {EXTS} are attached to my emails?"),
        ("stuff9", "all the {EXTS} attached to my messages"),
        ("slash9", "all .{EXT} attchmts"),
        ("negpolite9", "I don't suppose you could find all the {EXTS} that are attached to emails?"),
        ("afterthought9", "List the email attachments – only the {EXTS}."),
        ("korean9", "Attachment in email, {EXT1} type, all show."),
        ("archivist9", "Catalogue every email attachment in {EXT} format."),
    ],
    "folders_with_attachments_from": [
        ("smallbiz9", "I saved the files {X} emailed me somewhere. Which folders are they in?"),
        ("context9", "So {X} sent me a bunch of attachments and I saved them. Which folders did they end up in?"),
        ("stuff9", "where's the stuff {X} attached to emails – which folders?"),
        ("slash9", "folders w/ {Xp} attchmts"),
        ("negpolite9", "I don't suppose you know which folders the attachments from {X} are in?"),
        ("afterthought9", "Which folders have the attachments – the ones from {X}?"),
        ("korean9", "{X} sent me files, in which folder they are?"),
        ("archivist9", "In which directories are the attachments received from {X} filed?"),
    ],
    "folders_of_file": [
        ("smallbiz9", "Where did I save {F}? I need it for a customer."),
        ("letter9", "Dear assistant, might you tell me in which folder {F} is kept? Kind regards."),
        ("tense9", "Where had I saved {F}?"),
        ("slash9", "{F} / which folder"),
        ("fronted9", "{F} – what folder's it in?"),
        ("negpolite9", "You wouldn't happen to know what folder {F} is in?"),
        ("arabic9", "Please, {F}, in which folder I saved it?"),
        ("jargon9", "Where does {F} live – which folder?"),
    ],
    "who_sent_file": [
        ("smallbiz9", "Who emailed me {F}? I want to thank them."),
        ("letter9", "Dear assistant, might you tell me who sent me {F}? With thanks."),
        ("context9", "So {F} is sitting in my downloads and I've no idea where it came from. "
                     "Who sent it to me?"),
        ("tense9", "Who had sent me {F}?"),
        ("stuff9", "who sent me that {F} thing"),
        ("slash9", "{F} – sent by who?"),
        ("negpolite9", "I don't suppose you know who sent me {F}?"),
        ("korean9", "{F} file, who sent to me?"),
    ],
    "conversations_with_sender_of_file": [
        ("letter9", "Dear assistant, I should like to know with whom the sender of {F} has exchanged emails. "
                    "Thank you."),
        ("context9", "So someone sent me {F}. Who has that person been in email threads with?"),
        ("stuff9", "people who've had messages back and forth with whoever sent {F}"),
        ("slash9", "sender of {F} / who they email w/"),
        ("fronted9", "Whoever sent me {F} – who have they had email conversations with?"),
        ("afterthought9", "Who's been emailing with the sender – the one who sent me {F}?"),
        ("arabic9", "The person who sent {F}, who are the people this person exchanged emails with them?"),
        ("archivist9", "Identify all email correspondents of the person who sent {F}."),
    ],
    "coattendees_of_person": [
        ("smallbiz9", "Who's been in meetings with {X}?"),
        ("context9", "So I'm meeting {X} soon and want some background. Who has been in meetings with them?"),
        ("tense9", "Who had been at meetings with {X}?"),
        ("stuff9", "people who've been at the same events as {X}"),
        ("firstname9", "Who's {Xf} had meetings with?"),
        ("coach9", "Who's been in the room with {X}? Meetings, I mean."),
        ("korean9", "With {X} in same meeting, who were there?"),
        ("jargon9", "Which stakeholders have been in meetings with {X}?"),
    ],
    "events_of_person": [
        ("smallbiz9", "Which meetings has {X} come to?"),
        ("letter9", "Dear assistant, could you list the events that {X} has attended? Best wishes."),
        ("tense9", "Which events had {X} attended?"),
        ("stuff9", "things on my calendar that {X} went to"),
        ("slash9", "mtgs {X} attended"),
        ("firstname9", "Which meetings has {Xf} sat in on?"),
        ("coach9", "Which sessions has {X} shown up for?"),
        ("arabic9", "Please show me the meetings that {X} attended them."),
    ],
    "events_at_place": [
        ("smallbiz9", "Show me every event {atP}, past or upcoming."),
        ("letter9", "Dear assistant, could you kindly list all the events {atP}? Many thanks."),
        ("context9", "So I keep ending up {atP}. Which events on my calendar are there?"),
        ("stuff9", "everything on my calendar {atP}"),
        ("slash9", "mtgs @ {P}"),
        ("fronted9", "{atPc}: which events?"),
        ("coach9", "What sessions are held {atP}?"),
        ("jargon9", "Which meetings are slotted {atP}?"),
    ],
    "events_in_month": [
        ("smallbiz9", "Show me my calendar {M}, I'm sorting out the shop rota."),
        ("letter9", "Dear assistant, would you please list the events in my calendar {M}? Kind regards."),
        ("context9", "So I'm piecing together a timeline from my calendar. Can you list the events {M}?"),
        ("stuff9", "calendar stuff {M}"),
        ("slash9", "cal / events {M}"),
        ("fronted9", "{Mc} – which events?"),
        ("coach9", "Alright, pull up the schedule {M}."),
        ("jargon9", "What meetings are on the books {M}?"),
    ],
    "events_titled": [
        ("smallbiz9", "List all my events with {T} in the name."),
        ("letter9", "Dear assistant, please find all events with '{T}' in their title. Regards."),
        ("context9", "So I've lost count of the {T} meetings. Can you list all of them?"),
        ("stuff9", "every {T} thing on my calendar"),
        ("slash9", "all '{T}' mtgs"),
        ("afterthought9", "Show me the events – the {T} ones."),
        ("korean9", "Events which name has {T}, show all."),
        ("coach9", "Give me every {T} on the schedule."),
    ],
    "who_attended_titled": [
        ("smallbiz9", "Who came along to the {T}? I want to thank them."),
        ("letter9", "Dear assistant, would you tell me who attended the {T} events? Many thanks."),
        ("tense9", "Who had attended the {T}?"),
        ("stuff9", "people who went to the {T} stuff"),
        ("slash9", "who was @ the {T}"),
        ("fronted9", "The {T} – who was there?"),
        ("coach9", "Give me the roster for the {T}."),
        ("jargon9", "Which stakeholders attended the {T}?"),
    ],
    "place_of_event": [
        ("smallbiz9", "Where is {T}? I need to know where to go."),
        ("letter9", "Dear assistant, might you tell me where '{T}' is being held? Kind regards."),
        ("tense9", "Where was {T} going to be?"),
        ("stuff9", "where's the {T} thing"),
        ("slash9", "{T} / location?"),
        ("fronted9", "{T}: where?"),
        ("arabic9", "Please where is the place of {T}?"),
        ("coach9", "Where's {T} at?"),
    ],
    "people_met_at_place": [
        ("smallbiz9", "Which people have I met {atP}?"),
        ("context9", "So I've had a few meetings {atP}. Who did I meet there?"),
        ("tense9", "Who had I met {atP}?"),
        ("stuff9", "folks I've met up with {atP}"),
        ("fronted9", "{atPc} – who have I had meetings with?"),
        ("negpolite9", "I don't suppose you could tell me who I've met {atP}?"),
        ("korean9", "{atPc}, who I met?"),
        ("jargon9", "Who have I synced with {atP}?"),
    ],
    "people_met_in_month": [
        ("smallbiz9", "Who did I meet with {M}? I'm updating my contacts list."),
        ("letter9", "Dear assistant, would you list the people I met with {M}? With thanks."),
        ("context9", "So I was out and about a lot {M}. Which people did I meet?"),
        ("tense9", "Whom had I met {M}?"),
        ("fronted9", "{Mc}, who did I meet with?"),
        ("negpolite9", "I don't suppose you could list who I had meetings with {M}?"),
        ("arabic9", "Please, who are the people I met them {M}?"),
        ("jargon9", "Which stakeholders did I meet with {M}?"),
    ],
    "links_from_person": [
        ("smallbiz9", "What links has {X} emailed me over the years?"),
        ("letter9", "Dear assistant, please gather the web links that {X} has emailed me. Kind regards."),
        ("context9", "So {X} is always sending me articles. What links have they emailed me?"),
        ("stuff9", "all the links in stuff {X} sent me"),
        ("slash9", "links fr {X}"),
        ("firstname9", "Any links from {Xf}? Show me all of them."),
        ("afterthought9", "Show me the links {X} emailed me – web addresses, I mean."),
        ("korean9", "{X} sent links to me, all show please."),
    ],
    "links_from_people_met_in_month": [
        ("letter9", "Dear assistant, could you collect the links sent by the people I met {M}? Many thanks."),
        ("context9", "So I met a bunch of people {M} and some of them sent me links. "
                     "Can you list the links those people emailed?"),
        ("tense9", "Which links had the people I'd met {M} sent me?"),
        ("stuff9", "links that the people I met up with {M} emailed"),
        ("slash9", "links fr ppl i met {M}"),
        ("fronted9", "{Mc}, I met some people – what links have they sent?"),
        ("negpolite9", "I don't suppose you could find the links from people I met {M}?"),
        ("jargon9", "Pull the links from everyone I met with {M}."),
    ],
    "links_to_domain": [
        ("smallbiz9", "Find me every {U} link in my email."),
        ("letter9", "Dear assistant, would you list every link to {U}? Kind regards."),
        ("context9", "So I know someone sent a {U} link. Can you show me all of them?"),
        ("stuff9", "every {U} link in my messages"),
        ("slash9", "all links / {U}"),
        ("afterthought9", "Show me the links – just the {U} ones."),
        ("korean9", "{U} links in email, all."),
        ("archivist9", "Catalogue every URL pointing to {U}."),
    ],
    "last_email_from_about": [
        ("smallbiz9", "What's the last email {X} sent me about {W}?"),
        ("letter9", "Dear assistant, please find the most recent email from {X} concerning {W}. Many thanks."),
        ("context9", "So {X} and I have been talking about {W}. What was their latest email on it?"),
        ("stuff9", "latest message from {X} re {W}"),
        ("slash9", "last msg fr {X} re: {W}"),
        ("firstname9", "What's the newest email from {Xf} about {W}?"),
        ("afterthought9", "Find the latest email from {X} – about {W}, I mean."),
        ("korean9", "About {W}, {X} sent me last email, which?"),
    ],
    "emails_from_with_attachment": [
        ("smallbiz9", "Which emails from {X} came with attachments?"),
        ("context9", "So {X} sends a lot of files. Which of their emails had attachments?"),
        ("stuff9", "messages from {X} with files attached"),
        ("slash9", "emails fr {X} w/ attchmts"),
        ("firstname9", "Which of {Xfp} emails had something attached?"),
        ("negpolite9", "I don't suppose you could show me the emails from {X} that had attachments?"),
        ("arabic9", "Please show me the emails from {X} that have attachment with them."),
        ("archivist9", "Retrieve the correspondence from {X} that carries attachments."),
    ],
    "files_from_in_month": [
        ("smallbiz9", "What files did {X} send me {M}? I need them for my taxes."),
        ("letter9", "Dear assistant, could you list the attachments {X} sent me {M}? Kind regards."),
        ("tense9", "Which files had {X} sent me {M}?"),
        ("stuff9", "the files that came from {X} {M}"),
        ("slash9", "attchmts fr {X} {M}"),
        ("fronted9", "{Mc}, what attachments did {X} send me?"),
        ("afterthought9", "What did {X} send me {M} – the attachments, I mean."),
        ("jargon9", "Pull every file {X} attached to emails {M}."),
    ],
    "events_at_place_in_month": [
        ("smallbiz9", "Show me the bookings {atP} {M}."),
        ("letter9", "Dear assistant, could you list the events {atP} {M}? With thanks."),
        ("context9", "So I'm checking how busy it gets {atP}. List the events there {M}."),
        ("stuff9", "anything on my calendar {atP} {M}"),
        ("slash9", "mtgs @ {P} {M}"),
        ("fronted9", "{Mc}, events {atP} – list them."),
        ("coach9", "List the sessions {atP} {M}."),
        ("jargon9", "Pull the meetings slotted {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("smallbiz9", "Who did I email {M}? I'm tidying up my contacts."),
        ("letter9", "Dear assistant, would you please list everyone I sent emails to {M}? Kind regards."),
        ("context9", "So I sent out a fair few emails {M}. Who did they go to?"),
        ("tense9", "Whom had I emailed {M}?"),
        ("stuff9", "people I sent messages to {M}"),
        ("slash9", "ppl i sent emails to / {M}"),
        ("fronted9", "{Mc}, who did I send emails to?"),
        ("negpolite9", "I don't suppose you could tell me who I emailed {M}?"),
    ],
    "emails_from_person_to_person": [
        ("smallbiz9", "Can you show me the emails {X} sent to {Y}?"),
        ("letter9", "Dear assistant, I should like to see the emails that {X} sent to {Y}. Kind regards."),
        ("context9", "So {X} and {Y} have been emailing each other. Which emails did {X} send {Y}?"),
        ("stuff9", "messages from {X} to {Y}"),
        ("slash9", "emails fr {X} to {Y}"),
        ("fronted9", "From {X} to {Y}: which emails?"),
        ("korean9", "{X} sent to {Y} emails, show me."),
        ("archivist9", "Retrieve the correspondence from {X} addressed to {Y}."),
    ],
    "count_events_at_place": [
        ("smallbiz9", "How many events have there been {atP} all in all?"),
        ("letter9", "Dear assistant, could you tell me how many events have taken place {atP}? Many thanks."),
        ("tense9", "How many events had been held {atP}?"),
        ("stuff9", "how many things on my calendar were {atP}"),
        ("slash9", "how many events @ {P}"),
        ("fronted9", "{atPc}, how many events have there been?"),
        ("coach9", "How many sessions were held {atP}?"),
        ("archivist9", "Provide a tally of calendar events held {atP}."),
    ],
    "links_in_emails_about": [
        ("smallbiz9", "What links are in the emails about {W}?"),
        ("letter9", "Dear assistant, please list the links found in emails about {W}. Kind regards."),
        ("context9", "So the {W} emails had some useful links in them. Can you pull them all out?"),
        ("stuff9", "links in the messages about {W}"),
        ("slash9", "links in emails re: {W}"),
        ("afterthought9", "Show me the links in the emails – the {W} ones."),
        ("korean9", "Emails about {W}, links inside, show please."),
        ("jargon9", "Pull all the links from the {W} threads."),
    ],
    "count_emails_to": [
        ("smallbiz9", "How many emails have I sent {X} so far?"),
        ("letter9", "Dear assistant, would you tell me how many emails I have sent to {X}? Yours sincerely."),
        ("context9", "So I feel like I email {X} constantly. How many emails have I actually sent them?"),
        ("stuff9", "how many messages I've sent {X}"),
        ("slash9", "how many msgs i sent {X}"),
        ("firstname9", "How many times have I emailed {Xf}?"),
        ("negpolite9", "I don't suppose you know how many emails I've sent {X}?"),
        ("korean9", "How many email I sent to {X}?"),
    ],
}

TEST7_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers (another group than dev9's and every earlier part's): an event planner, Turkish, Swedish and Nigerian
    # English first-language speakers, a Scottish speaker, an investigator, someone who asks in cleft sentences
    # ("What I need is ...", "It's ... that I'm after"), an apologetic asker, someone who writes like a help-desk
    # ticket ("Request: ...") and a "do me a favour and ..." asker.
    "emails_from": [
        ("planner_t7", "Can you line up every email {X} has sent me?"),
        ("turkish_t7", "Can you show me the emails which {X} sent to me?"),
        ("nigerian_t7", "Please help me check all the mails {X} sent to me."),
        ("cleft_t7", "What I need is every email {X} has sent me."),
        ("apologetic_t7", "Sorry to bother you, but could you find the emails {X} sent me?"),
        ("helpdesk_t7", "Request: list all emails received from {X}. Thanks."),
    ],
    "emails_to": [
        ("swedish_t7", "Can you show the mails I have sent to {X}?"),
        ("scottish_t7", "Can you get me the emails I sent {X}? Cheers."),
        ("investigator_t7", "I need a record of every email I sent to {X}."),
        ("cleft_t7", "It's the emails I sent to {X} that I'm after."),
        ("favour_t7", "Do me a favour and pull up everything I've emailed {X}."),
        ("nigerian_t7", "Kindly bring out the mails I sent to {X}."),
    ],
    "emails_between": [
        ("planner_t7", "Line up all the emails that went between me and {X}, please."),
        ("turkish_t7", "The emails between me and {X}, can you show them all?"),
        ("scottish_t7", "Could you pull up all the emails between {X} and me? Cheers."),
        ("investigator_t7", "Establish the full email record between {X} and me."),
        ("apologetic_t7", "Sorry, quick one – can I see all the emails between me and {X}?"),
        ("helpdesk_t7", "Request: all emails exchanged between {X} and me."),
    ],
    "emails_from_in_month": [
        ("planner_t7", "What came in from {X} {M}? I'm putting the timeline together."),
        ("swedish_t7", "Which mails did {X} send me {M}?"),
        ("nigerian_t7", "Please help me check the mails {X} sent me {M}."),
        ("investigator_t7", "I need every email {X} sent me {M}."),
        ("cleft_t7", "What I'm looking for is the emails {X} sent me {M}."),
        ("favour_t7", "Do me a favour and find what {X} emailed me {M}."),
    ],
    "emails_from_before": [
        ("turkish_t7", "Emails which {X} sent me before {B}, can you list?"),
        ("scottish_t7", "Can you find what {X} sent me before {B}? Cheers."),
        ("investigator_t7", "I need to see everything {X} emailed me prior to {B}."),
        ("apologetic_t7", "Sorry if this is a pain, but could you list {Xp} emails from before {B}?"),
        ("helpdesk_t7", "Request: emails from {X} dated before {B}."),
        ("favour_t7", "Do me a favour and dig out the emails {X} sent me before {B}."),
    ],
    "emails_from_since": [
        ("planner_t7", "Pull together everything {X} has emailed me since {B}."),
        ("swedish_t7", "Which mails have I got from {X} since {B}?"),
        ("nigerian_t7", "Kindly show me the mails {X} has sent me since {B}."),
        ("cleft_t7", "It's the emails {X} sent me since {B} that I need."),
        ("apologetic_t7", "Sorry – could you show me what {X} has emailed me since {B}?"),
        ("scottish_t7", "What's {X} emailed me since {B}?"),
    ],
    "last_email_from": [
        ("planner_t7", "What's the latest email from {X}? I need it for the run sheet."),
        ("turkish_t7", "The last email {X} sent me, which one is it?"),
        ("nigerian_t7", "Please what is the last mail {X} sent to me?"),
        ("investigator_t7", "Establish the most recent email {X} sent me."),
        ("cleft_t7", "It's {Xp} most recent email I want."),
        ("helpdesk_t7", "Request: most recent email from {X}."),
    ],
    "first_email_from": [
        ("swedish_t7", "Which was the first mail {X} sent me?"),
        ("scottish_t7", "Can you find the first email {X} ever sent me? Cheers."),
        ("investigator_t7", "I need to establish when {X} first emailed me – show me that first email."),
        ("apologetic_t7", "Sorry to ask, but what was the first email {X} sent me?"),
        ("favour_t7", "Do me a favour and find the first email {X} ever sent me."),
        ("nigerian_t7", "Please help me check the first mail {X} sent to me."),
    ],
    "first_email_to": [
        ("planner_t7", "What was the first email I sent {X}? I want to see how I pitched it."),
        ("turkish_t7", "The first email which I sent to {X}, can you find?"),
        ("investigator_t7", "Establish the first email I ever sent to {X}."),
        ("cleft_t7", "What I want is the very first email I sent {X}."),
        ("helpdesk_t7", "Request: earliest email sent by me to {X}."),
        ("swedish_t7", "Which mail was the first I sent to {X}?"),
    ],
    "last_email_to": [
        ("planner_t7", "What was the last email I sent {X}? I need to know where we left things."),
        ("scottish_t7", "What was the last email I sent {X}, can you check?"),
        ("nigerian_t7", "Please what is the last mail I sent to {X}?"),
        ("apologetic_t7", "Sorry, me again – what's the most recent email I sent {X}?"),
        ("favour_t7", "Do me a favour and pull up the last email I sent {X}."),
        ("turkish_t7", "My last email to {X}, which one is it?"),
    ],
    "count_emails_from": [
        ("planner_t7", "How many emails have I had from {X} altogether?"),
        ("swedish_t7", "How many mails have {X} sent me?"),
        ("nigerian_t7", "How many mails has {X} sent to me so far?"),
        ("investigator_t7", "I need the total number of emails {X} has sent me."),
        ("cleft_t7", "What I'd like to know is how many emails {X} has sent me."),
        ("helpdesk_t7", "Request: count of emails received from {X}."),
    ],
    "subject_contains": [
        ("planner_t7", "Find all the emails with '{W}' in the subject line so I can sort them."),
        ("turkish_t7", "Emails that have {W} in subject, can you show?"),
        ("scottish_t7", "Can you find the emails with {W} in the subject? Cheers."),
        ("investigator_t7", "I need every email whose subject contains '{W}'."),
        ("apologetic_t7", "Sorry, could you find emails with {W} in the subject?"),
        ("favour_t7", "Do me a favour and search for emails with {W} in the subject."),
    ],
    "last_received_on_day": [
        ("planner_t7", "What was the last email that came in on {D}?"),
        ("swedish_t7", "Which mail came in last on {D}?"),
        ("nigerian_t7", "Please which mail was the last one I received on {D}?"),
        ("investigator_t7", "Establish the last email I received on {D}."),
        ("cleft_t7", "It's the last email I got on {D} that I need."),
        ("helpdesk_t7", "Request: last email received on {D}."),
    ],
    "attachments_from": [
        ("planner_t7", "Gather up all the attachments {X} has sent me."),
        ("turkish_t7", "Files which {X} sent me as attachment, can you list?"),
        ("scottish_t7", "What attachments has {X} sent me? Cheers."),
        ("investigator_t7", "I need a list of every attachment {X} has sent me."),
        ("apologetic_t7", "Sorry to be a nuisance – could you list the attachments from {X}?"),
        ("favour_t7", "Do me a favour and round up the files {X} attached to emails to me."),
    ],
    "attachments_ext": [
        ("planner_t7", "Round up every {EXT1} attached to my emails."),
        ("swedish_t7", "Which {EXTS} are there as attachments in my mails?"),
        ("nigerian_t7", "Please help me bring out all the {EXTS} attached to emails."),
        ("cleft_t7", "It's the {EXTS} attached to my emails that I'm looking for."),
        ("helpdesk_t7", "Request: all email attachments with extension .{EXT}."),
        ("investigator_t7", "I need every {EXT1} that was attached to an email."),
    ],
    "folders_with_attachments_from": [
        ("planner_t7", "Where did the attachments {X} sent me get saved? Which folders?"),
        ("turkish_t7", "Attachments from {X}, in which folders are they saved?"),
        ("scottish_t7", "Which folders are {Xp} attachments in?"),
        ("investigator_t7", "I need to locate the folders holding the attachments {X} sent me."),
        ("cleft_t7", "What I need is the folders where {Xp} attachments are saved."),
        ("favour_t7", "Do me a favour and tell me which folders have the files {X} emailed me."),
    ],
    "folders_of_file": [
        ("planner_t7", "Which folder did {F} end up in?"),
        ("swedish_t7", "In which folder does {F} lie?"),
        ("nigerian_t7", "Please help me check the folder where {F} is."),
        ("apologetic_t7", "Sorry, I've lost {F} – which folder is it in?"),
        ("helpdesk_t7", "Issue: can't find {F}. Which folder is it in?"),
        ("investigator_t7", "I need the location of {F} – which folder?"),
    ],
    "who_sent_file": [
        ("planner_t7", "Who sent me {F}? I want to follow up with them."),
        ("turkish_t7", "{F} – who sent this to me?"),
        ("scottish_t7", "Who sent me {F}, d'you know?"),
        ("investigator_t7", "I need to establish who sent me {F}."),
        ("cleft_t7", "What I need to know is who sent me {F}."),
        ("helpdesk_t7", "Request: sender of {F}."),
    ],
    "conversations_with_sender_of_file": [
        ("planner_t7", "The person who sent me {F}: who have they been in email contact with?"),
        ("swedish_t7", "With which people has the sender of {F} had mail contact?"),
        ("nigerian_t7", "Please who are the people the sender of {F} has been exchanging mails with?"),
        ("investigator_t7", "I need to establish who the sender of {F} has been in email contact with."),
        ("apologetic_t7", "Sorry, this is a weird one – who has the person who sent {F} exchanged emails with?"),
        ("favour_t7", "Do me a favour and find everyone the sender of {F} has emailed back and forth with."),
    ],
    "coattendees_of_person": [
        ("planner_t7", "Who has {X} shared meetings with?"),
        ("turkish_t7", "Which people were in meetings together with {X}?"),
        ("scottish_t7", "Who's {X} been at meetings with, d'you know?"),
        ("investigator_t7", "I need to establish everyone who attended meetings with {X}."),
        ("cleft_t7", "It's the people who've been in meetings with {X} that I want."),
        ("swedish_t7", "Who has been on meetings with {X}?"),
    ],
    "events_of_person": [
        ("planner_t7", "Which events has {X} been to?"),
        ("nigerian_t7", "Please check the meetings {X} attended."),
        ("investigator_t7", "I need a list of all events {X} attended."),
        ("apologetic_t7", "Sorry – which meetings has {X} attended?"),
        ("helpdesk_t7", "Request: all events attended by {X}."),
        ("swedish_t7", "Which meetings has {X} been on?"),
    ],
    "events_at_place": [
        ("planner_t7", "Run me through every event {atP}."),
        ("turkish_t7", "Events {atP}, can you show all?"),
        ("scottish_t7", "Can you list the events {atP}? Cheers."),
        ("investigator_t7", "I need every event whose location is {P}."),
        ("cleft_t7", "It's the events {atP} that I want to see."),
        ("favour_t7", "Do me a favour and list the events {atP}."),
    ],
    "events_in_month": [
        ("planner_t7", "Run me through the calendar {M}."),
        ("swedish_t7", "Can you show the meetings in my calendar {M}?"),
        ("nigerian_t7", "Please help me check my calendar {M}."),
        ("investigator_t7", "I need every calendar event {M}."),
        ("apologetic_t7", "Sorry to ask – could you list my events {M}?"),
        ("helpdesk_t7", "Request: calendar events {M}."),
    ],
    "events_titled": [
        ("planner_t7", "Pull every '{T}' event from my calendar."),
        ("turkish_t7", "Events which have {T} in the name, can you show?"),
        ("scottish_t7", "Can you find all the {T} events? Cheers."),
        ("investigator_t7", "I need every calendar entry with '{T}' in its title."),
        ("cleft_t7", "It's the {T} events I'm after."),
        ("nigerian_t7", "Please bring out all the {T} events in my calendar."),
    ],
    "who_attended_titled": [
        ("planner_t7", "Who was on the guest list for the {T}?"),
        ("swedish_t7", "Who were on the {T}?"),
        ("nigerian_t7", "Please who are the people that attended the {T}?"),
        ("investigator_t7", "I need to establish who attended the {T}."),
        ("apologetic_t7", "Sorry – who went to the {T}?"),
        ("helpdesk_t7", "Request: attendees of {T} events."),
    ],
    "place_of_event": [
        ("planner_t7", "What's the venue for {T}?"),
        ("turkish_t7", "{T} – where is it?"),
        ("scottish_t7", "Where's {T} happening, d'you know?"),
        ("investigator_t7", "I need the location of {T}."),
        ("cleft_t7", "Where is it that {T} takes place?"),
        ("favour_t7", "Do me a favour and tell me where {T} is."),
    ],
    "people_met_at_place": [
        ("planner_t7", "Who have I met with {atP}? I need it for the guest list."),
        ("swedish_t7", "Who have I had meetings with {atP}?"),
        ("nigerian_t7", "Please who are the people I met {atP}?"),
        ("investigator_t7", "I need to establish who I've met {atP}."),
        ("cleft_t7", "It's the people I met {atP} that I want a list of."),
        ("apologetic_t7", "Sorry, can you tell me who I've met with {atP}?"),
    ],
    "people_met_in_month": [
        ("planner_t7", "Who was I in meetings with {M}?"),
        ("turkish_t7", "{Mc} I met with which people?"),
        ("scottish_t7", "Who did I meet up with {M}, d'you know?"),
        ("investigator_t7", "I need to establish who I met {M}."),
        ("cleft_t7", "What I need is a list of the people I met {M}."),
        ("helpdesk_t7", "Request: people I met {M}."),
    ],
    "links_from_person": [
        ("planner_t7", "Round up the links {X} has sent me."),
        ("swedish_t7", "Which links have {X} sent me?"),
        ("nigerian_t7", "Please help me check the links {X} sent to me."),
        ("investigator_t7", "I need every URL {X} has emailed me."),
        ("apologetic_t7", "Sorry – what links has {X} sent me?"),
        ("favour_t7", "Do me a favour and dig out the links {X} emailed me."),
    ],
    "links_from_people_met_in_month": [
        ("planner_t7", "The people I met {M} – round up the links they've emailed."),
        ("turkish_t7", "People which I met {M}, their links, can you show?"),
        ("scottish_t7", "What links have the folk I met {M} sent me?"),
        ("investigator_t7", "I need every link sent by the people I met {M}."),
        ("cleft_t7", "It's the links from the people I met {M} that I want."),
        ("helpdesk_t7", "Request: links emailed by people I met {M}."),
    ],
    "links_to_domain": [
        ("planner_t7", "Pull every {U} link out of my email."),
        ("swedish_t7", "Which links to {U} are there in my mails?"),
        ("nigerian_t7", "Please bring out all the {U} links."),
        ("investigator_t7", "I need every link on {U}."),
        ("apologetic_t7", "Sorry – can you find all the {U} links?"),
        ("favour_t7", "Do me a favour and list the {U} links."),
    ],
    "last_email_from_about": [
        ("planner_t7", "What's {Xp} latest email on {W}?"),
        ("turkish_t7", "About {W}, the last email from {X}, which is it?"),
        ("scottish_t7", "What was the last thing {X} emailed about {W}?"),
        ("investigator_t7", "I need {Xp} most recent email about {W}."),
        ("cleft_t7", "It's {Xp} latest email about {W} that I need."),
        ("helpdesk_t7", "Request: latest email from {X} re {W}."),
    ],
    "emails_from_with_attachment": [
        ("planner_t7", "Which of {Xp} emails came with files attached?"),
        ("swedish_t7", "Which mails from {X} have attachments?"),
        ("nigerian_t7", "Please check the mails {X} sent me that have attachments."),
        ("investigator_t7", "I need every email from {X} that carried an attachment."),
        ("apologetic_t7", "Sorry – which emails from {X} had attachments?"),
        ("favour_t7", "Do me a favour and find {Xp} emails with attachments."),
    ],
    "files_from_in_month": [
        ("planner_t7", "What files did {X} send over {M}?"),
        ("turkish_t7", "Files which {X} sent me {M}, can you list?"),
        ("scottish_t7", "What attachments did {X} send me {M}? Cheers."),
        ("investigator_t7", "I need every attachment {X} sent me {M}."),
        ("cleft_t7", "It's the files {X} sent me {M} that I'm after."),
        ("helpdesk_t7", "Request: attachments from {X} {M}."),
    ],
    "events_at_place_in_month": [
        ("planner_t7", "Run me through the events {atP} {M}."),
        ("swedish_t7", "Which meetings {atP} are in my calendar {M}?"),
        ("nigerian_t7", "Please help me check the events {atP} {M}."),
        ("investigator_t7", "I need every event {atP} {M}."),
        ("apologetic_t7", "Sorry – could you list the events {atP} {M}?"),
        ("favour_t7", "Do me a favour and pull up the events {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("planner_t7", "Who was on the receiving end of my emails {M}?"),
        ("turkish_t7", "{Mc} I sent emails to which people?"),
        ("scottish_t7", "Who'd I email {M}?"),
        ("investigator_t7", "I need a list of everyone I emailed {M}."),
        ("cleft_t7", "What I need is everyone I sent emails to {M}."),
        ("helpdesk_t7", "Request: recipients of emails I sent {M}."),
    ],
    "emails_from_person_to_person": [
        ("planner_t7", "Pull up the emails {X} sent {Y}."),
        ("swedish_t7", "Which mails has {X} sent to {Y}?"),
        ("nigerian_t7", "Please help me check the mails {X} sent to {Y}."),
        ("investigator_t7", "I need every email {X} sent to {Y}."),
        ("cleft_t7", "It's the emails from {X} to {Y} that I want."),
        ("apologetic_t7", "Sorry – can I see the emails {X} sent to {Y}?"),
    ],
    "count_events_at_place": [
        ("planner_t7", "How many events have been held {atP}?"),
        ("turkish_t7", "{atPc} how many events were there?"),
        ("scottish_t7", "How many events have there been {atP}, d'you know?"),
        ("investigator_t7", "I need the number of events held {atP}."),
        ("cleft_t7", "What I'd like to know is how many events there have been {atP}."),
        ("helpdesk_t7", "Request: count of events {atP}."),
    ],
    "links_in_emails_about": [
        ("planner_t7", "Round up the links in the emails about {W}."),
        ("swedish_t7", "Which links are there in the mails about {W}?"),
        ("nigerian_t7", "Please bring out the links in the mails about {W}."),
        ("investigator_t7", "I need every URL in the emails about {W}."),
        ("apologetic_t7", "Sorry – what links are in the {W} emails?"),
        ("favour_t7", "Do me a favour and pull the links out of the {W} emails."),
    ],
    "count_emails_to": [
        ("planner_t7", "Altogether, how many emails have I sent {X}?"),
        ("turkish_t7", "How many email I sent to {X}, can you count?"),
        ("scottish_t7", "How many emails have I sent {X}, d'you know?"),
        ("investigator_t7", "I need the total number of emails I've sent {X}."),
        ("cleft_t7", "What I'd like to know is how many emails I've sent {X}."),
        ("favour_t7", "Do me a favour and count the emails I've sent {X}."),
    ],
}


# =============================================================================================
# dev10 and test8: two more groups of askers, each writing every shape (the later ones too). dev10's templates were
# written without reading how the reader works, by ten kinds of askers no earlier part had: a parent juggling school
# emails, a freelancer tracking clients ("my client X"), a musician on tour ("gigs", "on the road"), someone who says
# "comms" for communications, Vietnamese and Tagalog (Filipino English, "po") first-language speakers, a texter
# ("pls", "thx", "rn", "u"), someone who stacks relative clauses ("the files that X attached to the emails that they
# sent me"), a programmer who asks in "Given X, return ..." / "Let P be ..." terms and a chef between services
# ("the diary", "the rota"). test8's askers are another group again (sharing no template with any part): a
# Singaporean English (Singlish) speaker, an Indonesian first-language speaker, a South African English speaker,
# someone muttering to themselves ("hmm, where did I save F..."), a quiz-master ("Quiz: who sent me F?"), an "I
# wonder ..." asker, a form-filler ("Sender: X. Date: since B. Show emails.") and a teacher; like test2 to test7,
# only its aggregate figures are reported. Both draw their date phrases from their own lists (year-less seasons
# with "in the fall" and "in autumn", "last winter", "winter 2025-26", named quarters, month spans across a year's
# end, weeks of a month by number, "3 weeks ago", "2 months ago", rolling windows in weeks, days, months and a
# year, parts of months, numeric months, "this past November", "the year before last", "during the holidays",
# "over Christmas", "later this month", "tomorrow", "next weekend", dotted day-first days), and their questions
# follow test7's: dev10's first, then test8's.
# =============================================================================================

D10, T8 = "dev10", "test8"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8)
LOWER_STYLES = LOWER_STYLES | {"texting10"}


def dev10_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """A year-less season ("in autumn"), "last winter", "in winter 2025-26", "the third quarter of 2025", a span
    across a year's end ("from November 2025 to January 2026"), a dashed span, "the second week of November 2025",
    "3 weeks ago", rolling windows ("the past 8 weeks", "the last 120 days", "the last 9 months"), parts of months
    with a year, a numeric month ("11/2025"), "Jul '25", "this past November", "during the holidays", a year-ful
    summer and "the year before last"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    autumn = today.year - (today.month < 9)  # the latest autumn that has begun
    winter = today.year - 1 - (today.month < 3)  # the latest winter that is over starts in December of this year
    nov = today.year - (today.month <= 11)  # the latest November before this month
    holidays = today.year - ((today.month, today.day) < (12, 24))  # the latest holidays that have begun
    nine_back = date(today.year - (today.month <= 9), (today.month - 10) % 12 + 1, today.day)
    return [("in autumn", (date(autumn, 9, 1), date(autumn, 12, 1))),
            ("last winter", (date(winter, 12, 1), date(winter + 1, 3, 1))),
            ("in winter 2025-26", (date(2025, 12, 1), date(2026, 3, 1))),
            ("in the third quarter of 2025", (date(2025, 7, 1), date(2025, 10, 1))),
            ("from November 2025 to January 2026", (date(2025, 11, 1), date(2026, 2, 1))),
            ("in Aug-Sep 2025", (date(2025, 8, 1), date(2025, 10, 1))),
            ("in the second week of November 2025", (date(2025, 11, 8), date(2025, 11, 15))),
            ("3 weeks ago", (monday - timedelta(days=21), monday - timedelta(days=14))),
            ("in the past 8 weeks", (today - timedelta(weeks=8), tomorrow)),
            ("over the last 120 days", (today - timedelta(days=120), tomorrow)),
            ("in the last 9 months", (nine_back, tomorrow)),
            ("in mid-September 2025", (date(2025, 9, 11), date(2025, 9, 21))),
            ("in late October 2025", (date(2025, 10, 21), date(2025, 11, 1))),
            ("in 11/2025", month_range(2025, 11)),
            ("in Jul '25", month_range(2025, 7)),
            ("this past November", month_range(nov, 11)),
            ("during the holidays", (date(holidays, 12, 24), date(holidays + 1, 1, 2))),
            ("in summer 2024", (date(2024, 6, 1), date(2024, 9, 1))),
            ("the year before last", (date(today.year - 2, 1, 1), date(today.year - 1, 1, 1)))]


def dev10_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    saturday = monday + timedelta(days=5)
    following = (today.replace(day=28) + timedelta(days=4)).replace(day=1)
    return dev10_month_phrases(today) + [("later this month", (today, following)),
                                         ("tomorrow", (today + timedelta(days=1), today + timedelta(days=2))),
                                         ("next weekend", (saturday + timedelta(days=7), saturday + timedelta(days=9))),
                                         ("in the next 6 weeks", (today, today + timedelta(weeks=6, days=1)))]


DEV10_BOUNDS = [("the start of November 2025", date(2025, 11, 1)), ("the 1st of October 2025", date(2025, 10, 1)),
                ("Sep 30, 2025", date(2025, 9, 30)), ("mid-November 2025", date(2025, 11, 11)),
                ("New Year's Eve", date(2025, 12, 31)), ("the third quarter of 2025", date(2025, 7, 1)),
                ("10/15/2025", date(2025, 10, 15)), ("autumn 2025", date(2025, 9, 1)),
                ("20 Aug 2025", date(2025, 8, 20))]


def dev10_day(d: date, i: int, today: date = date.fromisoformat(CORPUS["today"])) -> str:
    """"14.10.2025" (dots, day first), "Tue 14 October 2025", "Oct. 14, 2025" ("May 14, 2025"), "October 14"
    (with ", 2025" unless it reads back without the year)."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    year = "" if yearless(d, today) else f", {d.year}"
    forms = (f"{d.day}.{d.month}.{d.year}", f"{weekday[:3]} {d.day} {month} {d.year}", f"{short} {d.day}, {d.year}",
             f"{month} {d.day}{year}")
    return forms[i % len(forms)]


def test8_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"in the fall" (year-less), "Q4 of 2025", "the second quarter of 2025", "between August and October 2025",
    "from July to September 2025", weeks of a month by number, "2 months ago", rolling windows ("the past 10 weeks",
    "the past 150 days", "the past year", "the last 3 weeks"), early/late/the middle of a month, "Sept. 2025", an
    ISO month, "this past October" and "over Christmas"."""
    tomorrow = today + timedelta(days=1)
    fall = today.year - (today.month < 9)  # the latest fall that has begun
    october = today.year - (today.month <= 10)  # the latest October before this month
    christmas = today.year - ((today.month, today.day) < (12, 24))  # the latest Christmas that has begun
    return [("in the fall", (date(fall, 9, 1), date(fall, 12, 1))),
            ("in Q4 of 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in the second quarter of 2025", (date(2025, 4, 1), date(2025, 7, 1))),
            ("between August and October 2025", (date(2025, 8, 1), date(2025, 11, 1))),
            ("from July to September 2025", (date(2025, 7, 1), date(2025, 10, 1))),
            ("in the first week of November 2025", (date(2025, 11, 1), date(2025, 11, 8))),
            ("in the fourth week of October 2025", (date(2025, 10, 22), date(2025, 10, 29))),
            ("2 months ago", months_back(today, 2)),
            ("in the past 10 weeks", (today - timedelta(weeks=10), tomorrow)),
            ("within the past 150 days", (today - timedelta(days=150), tomorrow)),
            ("in the past year", (date(today.year - 1, today.month, today.day), tomorrow)),
            ("in the last 3 weeks", (today - timedelta(weeks=3), tomorrow)),
            ("in early October 2025", (date(2025, 10, 1), date(2025, 10, 11))),
            ("in late December 2025", (date(2025, 12, 21), date(2026, 1, 1))),
            ("in the middle of November 2025", (date(2025, 11, 11), date(2025, 11, 21))),
            ("in Sept. 2025", month_range(2025, 9)),
            ("in 2025-08", month_range(2025, 8)),
            ("this past October", month_range(october, 10)),
            ("over Christmas", (date(christmas, 12, 24), date(christmas, 12, 27)))]


def test8_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    three_ahead = date(today.year + (today.month > 9), (today.month + 2) % 12 + 1, today.day)
    return test8_month_phrases(today) + [("in the next fortnight", (today, today + timedelta(days=15))),
                                         ("during March 2026", month_range(2026, 3)),
                                         ("within the next 3 months", (today, three_ahead + timedelta(days=1)))]


TEST8_BOUNDS = [("the beginning of October 2025", date(2025, 10, 1)), ("Nov 15th, 2025", date(2025, 11, 15)),
                ("the 30th of September", date(2025, 9, 30)), ("2025-10-20", date(2025, 10, 20)),
                ("Sept 8th 2025", date(2025, 9, 8)), ("late October 2025", date(2025, 10, 21)),
                ("Christmas Day", date(2025, 12, 25)), ("the end of July 2025", date(2025, 7, 31)),
                ("the second quarter of 2025", date(2025, 4, 1))]


def test8_day(d: date, i: int, today: date = date.fromisoformat(CORPUS["today"])) -> str:
    """"October 14 2025", "14th of October 2025", "Tuesday, October 14th" (with ", 2025" unless it reads back
    without the year), "2025-10-14"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    year = "" if yearless(d, today) else f", {d.year}"
    forms = (f"{month} {d.day} {d.year}", f"{nth(d.day)} of {month} {d.year}", f"{weekday}, {month} {nth(d.day)}{year}",
             d.isoformat())
    return forms[i % len(forms)]


DEV10_MAKERS = dated_makers(dev10_month_phrases, dev10_event_phrases, DEV10_BOUNDS, dev10_day)
TEST8_MAKERS = dated_makers(test8_month_phrases, test8_event_phrases, TEST8_BOUNDS, test8_day)

DEV10_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a parent juggling school emails (parent10), a freelancer tracking clients (freelancer10), a musician on
    # tour (musician10), someone who says "comms" (comms10), Vietnamese and Tagalog first-language speakers
    # (vietnamese10, tagalog10), a texter (texting10, lower case), someone who stacks relative clauses (stacked10),
    # a programmer's "Given X, return ..." (given10) and a chef between services (chef10).
    "emails_from": [
        ("parent10", "Kids are finally in bed. Can you show me every email {X} has sent me?"),
        ("freelancer10", "{X} is one of my clients – pull up all the emails they've sent me."),
        ("comms10", "All comms from {X}, please."),
        ("vietnamese10", "Please find for me all email {X} send to me."),
        ("texting10", "pls show me everything {Xf} emailed me thx"),
        ("stacked10", "Which are the emails that {X} has sent to me?"),
    ],
    "emails_to": [
        ("freelancer10", "List the emails I've sent my client {X}."),
        ("musician10", "Back from the tour and catching up – which emails did I send {X}?"),
        ("comms10", "Outgoing comms to {X}, all of them."),
        ("tagalog10", "Can I ask po for the emails I sent to {X}?"),
        ("given10", "Given {X}, list every email I sent to them."),
        ("chef10", "Between lunch and dinner service – what emails have I sent {X}?"),
    ],
    "emails_between": [
        ("parent10", "I need every email between {X} and me, both ways. The kids are at practice so I've got ten "
                     "minutes."),
        ("freelancer10", "Pull the full email history between me and {X}, sent and received – I'm prepping an "
                         "invoice."),
        ("comms10", "All comms between me and {X}, in both directions."),
        ("vietnamese10", "Email between me and {X}, show all for me please."),
        ("texting10", "all the emails me n {Xf} sent each other pls"),
        ("stacked10", "Show me the emails that went back and forth between {X} and me."),
    ],
    "emails_from_in_month": [
        ("parent10", "What did {X} email me {M}? I've lost track with the kids off school."),
        ("musician10", "Which emails did {X} send me {M}? I was on the road and fell behind."),
        ("comms10", "Comms from {X} {M} – list the emails."),
        ("tagalog10", "Can you check po the emails {X} sent me {M}?"),
        ("given10", "Let the sender be {X}. Which emails did they send me {M}?"),
        ("chef10", "What did {X} send me {M}? Quick look before the next delivery."),
    ],
    "emails_from_before": [
        ("freelancer10", "For my records: which emails did {X} send me before {B}?"),
        ("musician10", "Everything {X} emailed me before {B} – I want to see how the tour got booked."),
        ("comms10", "Comms from {X} prior to {B}."),
        ("vietnamese10", "Email {X} send me before {B}, please list."),
        ("stacked10", "I'm looking for the emails that {X} sent me which are from before {B}."),
        ("chef10", "Dig up what {X} emailed me before {B} – it's a quiet night in the kitchen."),
    ],
    "emails_from_since": [
        ("parent10", "Has {X} emailed me since {B}? The school sends so much and I'm behind."),
        ("freelancer10", "What has my client {X} sent me since {B}?"),
        ("comms10", "Any comms from {X} since {B}?"),
        ("tagalog10", "Kindly show me po the emails from {X} since {B}."),
        ("texting10", "anything from {Xf} since {B}? need it rn"),
        ("given10", "Given {X}, return every email they've sent me since {B}."),
    ],
    "last_email_from": [
        ("parent10", "What's the latest email {X} sent me? I need to sign something."),
        ("freelancer10", "What did my client {X} last email me?"),
        ("musician10", "Quick one before soundcheck – what's the most recent email from {X}?"),
        ("vietnamese10", "Email newest {X} send to me, which one?"),
        ("texting10", "latest email from {Xf}?? pls"),
        ("stacked10", "Which email is the one that {X} sent me most recently?"),
    ],
    "first_email_from": [
        ("freelancer10", "When did {X} first reach out? Show me the very first email they sent me."),
        ("musician10", "What was the first email {X} ever sent me? We've been touring together for years."),
        ("comms10", "Earliest comms from {X} – the very first email."),
        ("tagalog10", "What was the first email po that {X} sent me?"),
        ("given10", "Given {X}, find the earliest email they sent me."),
        ("chef10", "Find the first email {X} ever sent me. They've supplied us for years."),
    ],
    "first_email_to": [
        ("parent10", "What was the first email I ever sent {X}? I want to see how I introduced myself."),
        ("freelancer10", "Find my first email to {X} – my original pitch to them."),
        ("comms10", "My first outgoing comms to {X}: which email was it?"),
        ("vietnamese10", "First email I send to {X}, is which one?"),
        ("texting10", "wats the 1st email i sent {Xf}"),
        ("stacked10", "Which email was the one that I sent to {X} first?"),
    ],
    "last_email_to": [
        ("parent10", "What's the last email I sent {X}? I need to check what I said."),
        ("musician10", "What did I last email {X}? We're sharing a stage soon."),
        ("comms10", "Most recent outgoing comms to {X}?"),
        ("tagalog10", "Can you show me po the last email I sent to {X}?"),
        ("given10", "For {X}: return the latest email I sent them."),
        ("chef10", "What was my last email to {X}? I need to confirm the order."),
    ],
    "count_emails_from": [
        ("parent10", "How many emails has {X} sent me? Feels like hundreds."),
        ("freelancer10", "How many emails have I had from my client {X}? I bill for reading them."),
        ("musician10", "How many emails has {X} fired off to me?"),
        ("vietnamese10", "{X} send me how many email?"),
        ("texting10", "how many emails has {Xf} sent me so far?? curious lol"),
        ("stacked10", "What's the number of emails that {X} has sent me?"),
    ],
    "subject_contains": [
        ("parent10", "Find the emails that have {W} in the subject. One of them needs a signature."),
        ("freelancer10", "Which emails have '{W}' in the subject line? I'm pulling them together for a client."),
        ("comms10", "All comms with '{W}' in the subject."),
        ("tagalog10", "Can you search po for the emails with {W} in the subject?"),
        ("given10", "Given the phrase '{W}', list every email whose subject contains it."),
        ("chef10", "Look up the emails with {W} in the subject for me, will you?"),
    ],
    "last_received_on_day": [
        ("parent10", "Which email came in last on {D}? It was a crazy school day."),
        ("musician10", "We played a show on {D}. What was the last email I got that day?"),
        ("comms10", "Last inbound comms on {D} – which email?"),
        ("vietnamese10", "On {D}, email last I receive is which?"),
        ("stacked10", "Which email was the one that reached me last on {D}?"),
        ("given10", "Given the day {D}, return the last email I received."),
    ],
    "attachments_from": [
        ("freelancer10", "Which files has my client {X} sent me as attachments?"),
        ("musician10", "Round up every attachment {X} has sent me, all of it."),
        ("comms10", "Every attachment in {Xp} comms to me."),
        ("tagalog10", "Can I have po the list of attachments {X} sent me?"),
        ("texting10", "what files has {Xf} sent me? need them rn"),
        ("chef10", "Pull up all the files {X} has attached to emails for me."),
    ],
    "attachments_ext": [
        ("parent10", "Show me all the {EXTS} that came as email attachments. The school sends everything that way."),
        ("freelancer10", "List every {EXT1} attached to any email – I need them for my tax return."),
        ("musician10", "All the {EXTS} people have attached to emails, please."),
        ("vietnamese10", "File {EXT} attach in email, show me all."),
        ("stacked10", "Which {EXTS} are the ones that were attached to emails?"),
        ("given10", "Given the extension .{EXT}, return every email attachment of that type."),
    ],
    "folders_with_attachments_from": [
        ("parent10", "I saved the attachments {X} emailed me. Which folders did they go into?"),
        ("freelancer10", "Which folders hold the files my client {X} emailed me?"),
        ("comms10", "Which folders contain the attachments from {Xp} comms?"),
        ("tagalog10", "In what folders po did I save the attachments from {X}?"),
        ("texting10", "which folders r {Xfp} attachments in"),
        ("stacked10", "Which are the folders that hold the files that {X} attached to emails?"),
    ],
    "folders_of_file": [
        ("parent10", "Where did I put {F}? The school needs it back."),
        ("musician10", "Which folder's {F} in? Need it before the gig."),
        ("comms10", "{F} – what folder is it filed in?"),
        ("vietnamese10", "File {F} is in folder which?"),
        ("given10", "Given the file {F}, return the folder that contains it."),
        ("chef10", "{F} – which folder have I got it in?"),
    ],
    "who_sent_file": [
        ("freelancer10", "Who sent me {F}? I need to know which client it came from."),
        ("musician10", "Who emailed me {F}? It was in my inbox after the show."),
        ("comms10", "{F} arrived in my comms – who sent it?"),
        ("tagalog10", "Who po sent me {F}?"),
        ("texting10", "who sent me {F}?? forgot lol"),
        ("stacked10", "Who is the person that sent me the file that's called {F}?"),
    ],
    "conversations_with_sender_of_file": [
        ("parent10", "Someone sent me {F} for the school fair. Who has that person exchanged emails with?"),
        ("freelancer10", "The client who sent me {F} – which people have they had email threads with?"),
        ("comms10", "Who has the sender of {F} been in comms with over email?"),
        ("vietnamese10", "Person send {F}, this person email with who?"),
        ("given10", "Let S be whoever sent {F}. Who has S exchanged emails with?"),
        ("stacked10", "Who are the people that have emailed with the person who sent {F}?"),
    ],
    "coattendees_of_person": [
        ("parent10", "Who has been in meetings with {X}? We're both on the PTA."),
        ("musician10", "Which people have been at meetings together with {X}? I'm working out the band's circle."),
        ("tagalog10", "Who are the people po that attended meetings with {X}?"),
        ("texting10", "who's been in meetings w {Xf}"),
        ("stacked10", "Who are the people that were at the meetings which {X} also attended?"),
        ("chef10", "Who's sat in meetings with {X}?"),
    ],
    "events_of_person": [
        ("parent10", "Which events did {X} attend? They're one of the other parents."),
        ("freelancer10", "Which meetings has my client {X} attended?"),
        ("musician10", "What events has {X} turned up to?"),
        ("vietnamese10", "Meeting {X} attend, list all for me."),
        ("given10", "Given {X}, return every event they attended."),
        ("comms10", "Which meetings has {X} been part of?"),
    ],
    "events_at_place": [
        ("parent10", "What's on the calendar {atP}? I might need a sitter."),
        ("musician10", "What have I got booked {atP}? Past ones too."),
        ("tagalog10", "Can you list po all the events {atP}?"),
        ("texting10", "events {atP}?? all of them pls"),
        ("stacked10", "Which events are the ones that take place {atP}?"),
        ("chef10", "Every event {atP} – list them for me."),
    ],
    "events_in_month": [
        ("parent10", "Show me my calendar {M}. I'm sorting out the school runs."),
        ("freelancer10", "List my calendar events {M} – I'm logging billable hours."),
        ("musician10", "Calendar events {M} – gigs, meetings, the lot."),
        ("vietnamese10", "{Mc} my calendar have which events?"),
        ("given10", "Return all calendar events {M}."),
        ("chef10", "Pull up the diary {M}, I need to sort the rota."),
    ],
    "events_titled": [
        ("parent10", "Find all the {T} events on my calendar."),
        ("freelancer10", "Every event with '{T}' in the name – list them."),
        ("comms10", "All calendar entries with {T} in the title."),
        ("tagalog10", "Can you show me po all the {T} events?"),
        ("texting10", "all my {T} events pls"),
        ("stacked10", "Which are the events that have '{T}' in their names?"),
    ],
    "who_attended_titled": [
        ("freelancer10", "Who came to the {T} events?"),
        ("musician10", "Who turned up at the {T}?"),
        ("vietnamese10", "{T} event, who attend?"),
        ("given10", "For all events with '{T}' in the title: return the attendees."),
        ("stacked10", "Who are the people that went to the {T} events?"),
        ("chef10", "Who was at the {T}? I'm doing a headcount for catering."),
    ],
    "place_of_event": [
        ("parent10", "Where's '{T}'? I need to sort out the kids first."),
        ("musician10", "Where's {T} happening? Need to plan the drive."),
        ("tagalog10", "Where po is {T}?"),
        ("texting10", "where is {T}? ty"),
        ("given10", "Given the event '{T}', return its location."),
        ("chef10", "{T} – what's the location?"),
    ],
    "people_met_at_place": [
        ("freelancer10", "Who have I had meetings with {atP}? Clients, mostly."),
        ("musician10", "Who have I met up with {atP}? Promoters, mostly."),
        ("comms10", "Which of my contacts have I had meetings with {atP}?"),
        ("vietnamese10", "{atPc}, I meet with who?"),
        ("stacked10", "Who are the people that I've been in meetings with {atP}?"),
        ("chef10", "Who've I met with {atP}? There's a name on the tip of my tongue."),
    ],
    "people_met_in_month": [
        ("parent10", "Who did I meet with {M}? Half of it was school meetings."),
        ("freelancer10", "Which people did I have meetings with {M}? I need it for my timesheet."),
        ("tagalog10", "Who po were the people I met {M}?"),
        ("texting10", "who did i meet up with {M} pls"),
        ("given10", "Return everyone I met {M}."),
        ("stacked10", "Who are the people that I met {M}?"),
    ],
    "links_from_person": [
        ("parent10", "Show me all the links {X} has emailed me."),
        ("musician10", "Every link {X} has sent my way."),
        ("comms10", "Links in {Xp} comms to me – all of them."),
        ("vietnamese10", "Link {X} send me, show all."),
        ("texting10", "links {Xf} sent me?"),
        ("chef10", "What web links has {X} emailed me?"),
    ],
    "links_from_people_met_in_month": [
        ("freelancer10", "The people I met with {M} – what links have they emailed me?"),
        ("musician10", "Everyone I met {M} – gather up the links they've sent me."),
        ("comms10", "Links in the comms from people I met {M}."),
        ("tagalog10", "Can you get po the links sent by the people I met {M}?"),
        ("given10", "Let P be the people I met {M}. List the links P have emailed me."),
        ("stacked10", "Which links are the ones that were sent by people who I met {M}?"),
    ],
    "links_to_domain": [
        ("parent10", "Find all the {U} links in my emails."),
        ("freelancer10", "Every {U} link in my inbox and sent mail, please."),
        ("musician10", "Gimme all the {U} links."),
        ("vietnamese10", "Link of {U}, find all for me."),
        ("texting10", "all the {U} links pls thx"),
        ("given10", "Given the domain {U}, return every link to it."),
    ],
    "last_email_from_about": [
        ("parent10", "What was {Xp} latest email about {W}? I need to reply."),
        ("freelancer10", "Find my client {Xp} most recent email about {W}."),
        ("comms10", "Most recent comms from {X} about {W} – which email?"),
        ("tagalog10", "What is po the latest email from {X} about {W}?"),
        ("texting10", "{Xfp} latest email abt {W}?"),
        ("stacked10", "Which is the email about {W} that {X} sent me most recently?"),
    ],
    "emails_from_with_attachment": [
        ("parent10", "Which of {Xp} emails came with something attached?"),
        ("freelancer10", "Which emails from my client {X} had files attached?"),
        ("musician10", "Show me the emails {X} sent with attachments."),
        ("vietnamese10", "Email from {X} have attachment, show me."),
        ("given10", "Given {X}, return their emails that have an attachment."),
        ("chef10", "Which of {Xp} emails have files on them?"),
    ],
    "files_from_in_month": [
        ("freelancer10", "What files did my client {X} send me {M}?"),
        ("musician10", "What did {X} attach to emails {M}? I was touring and missed it."),
        ("comms10", "Files attached to {Xp} comms {M}."),
        ("tagalog10", "Can you list po the files {X} sent me {M}?"),
        ("texting10", "files {Xf} sent me {M}?"),
        ("stacked10", "Which are the files that {X} attached to the emails that they sent me {M}?"),
    ],
    "events_at_place_in_month": [
        ("parent10", "Show me the events {atP} {M}. I need to sort childcare."),
        ("musician10", "List my events {atP} {M}, gigs included."),
        ("vietnamese10", "{Mc}, event {atP}, list for me."),
        ("given10", "Return the events {atP} {M}."),
        ("stacked10", "Which are the events that are on my calendar {atP} {M}?"),
        ("chef10", "Anything in the diary {atP} {M}?"),
    ],
    "people_emailed_in_month": [
        ("parent10", "Who did I email {M}? I think I wrote to every parent in the class."),
        ("freelancer10", "Everyone I emailed {M} – I'm doing follow-ups."),
        ("comms10", "Who were my outgoing comms addressed to {M}?"),
        ("tagalog10", "Who are the people po that I emailed {M}?"),
        ("texting10", "who did i email {M}? need a list rn"),
        ("given10", "Return the set of people I sent an email to {M}."),
    ],
    "emails_from_person_to_person": [
        ("parent10", "Which emails went from {X} to {Y}?"),
        ("freelancer10", "I'm reviewing a client handover – which emails has {X} sent {Y}?"),
        ("comms10", "Comms from {X} to {Y} – all the emails."),
        ("vietnamese10", "Email {X} send to {Y}, show me please."),
        ("given10", "Given sender {X} and recipient {Y}, return the emails."),
        ("stacked10", "Which are the emails that {X} sent to {Y}?"),
    ],
    "count_events_at_place": [
        ("freelancer10", "How many events have I had {atP}? I want to know if it's worth the rent."),
        ("musician10", "How many events have happened {atP}?"),
        ("tagalog10", "How many events po were held {atP}?"),
        ("texting10", "how many events {atP} total?"),
        ("stacked10", "What's the number of events that took place {atP}?"),
        ("chef10", "How many events have there been {atP}? Catering wants numbers."),
    ],
    "links_in_emails_about": [
        ("parent10", "Pull the links out of the {W} emails for me."),
        ("freelancer10", "Which links show up in emails about {W}?"),
        ("comms10", "Links in the comms about {W}."),
        ("vietnamese10", "Email about {W}, link inside, show me."),
        ("given10", "Given the topic '{W}', list the links in emails about it."),
        ("chef10", "What links are in the {W} emails?"),
    ],
    "count_emails_to": [
        ("parent10", "How many emails have I sent {X}? Feels like I'm always chasing them."),
        ("freelancer10", "How many emails have I sent my client {X} in total?"),
        ("musician10", "How many emails have I fired off to {X}?"),
        ("tagalog10", "How many emails po have I sent to {X}?"),
        ("texting10", "how many emails have i sent {Xf}?"),
        ("stacked10", "What's the number of emails that I have sent to {X}?"),
    ],
}

TEST8_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers (another group than dev10's and every earlier part's): a Singaporean English speaker, an Indonesian
    # first-language speaker, a South African English speaker, someone muttering to themselves, a quiz-master, an
    # "I wonder ..." asker, a form-filler and a teacher.
    "emails_from": [
        ("singlish_t8", "Can show me all the emails {X} sent me or not?"),
        ("indonesian_t8", "Can you help me to find all email from {X}?"),
        ("southafrican_t8", "Howzit – can you pull up all the emails {X} has sent me?"),
        ("mutter_t8", "hmm, what has {X} been sending me... show me all of it"),
        ("wonder_t8", "I wonder what emails {X} has sent me."),
        ("form_t8", "From: {X}. To: me. Show every email."),
    ],
    "emails_to": [
        ("singlish_t8", "The emails I sent to {X}, can show?"),
        ("indonesian_t8", "Please help to check the emails that I already sent to {X}."),
        ("quiz_t8", "Let's see if you can find every email I've sent {X}."),
        ("wonder_t8", "I was wondering which emails I've sent to {X}."),
        ("form_t8", "From: me. To: {X}. List the emails."),
        ("teacher_t8", "Parents' evening is coming up, so I want to see every email I sent {X}."),
    ],
    "emails_between": [
        ("singlish_t8", "All the emails between me and {X}, both ways, can?"),
        ("southafrican_t8", "Shame, I've lost track – show me all the emails between {X} and me."),
        ("mutter_t8", "ok... me and {X}... every email between us"),
        ("quiz_t8", "Quiz time: pull up every email that passed between {X} and me."),
        ("form_t8", "Participants: me, {X}. Show all emails."),
        ("teacher_t8", "I need the whole email trail between {X} and me for a meeting with the head."),
    ],
    "emails_from_in_month": [
        ("indonesian_t8", "Can you help me to check email from {X} {M}?"),
        ("southafrican_t8", "What did {X} send me {M}? Just need a quick look."),
        ("mutter_t8", "right, {M}... what did {X} email me then"),
        ("quiz_t8", "Let's see if you know: what did {X} email me {M}?"),
        ("wonder_t8", "I wonder which emails {X} sent me {M}."),
        ("teacher_t8", "What did {X} email me {M}? It's report season and I'm behind."),
    ],
    "emails_from_before": [
        ("singlish_t8", "Before {B}, what emails {X} sent me ah?"),
        ("indonesian_t8", "Please show email from {X} before {B}."),
        ("mutter_t8", "let me think... everything {X} sent me before {B}"),
        ("wonder_t8", "I was wondering what {X} emailed me before {B}."),
        ("form_t8", "Sender: {X}. Date: before {B}. Show emails."),
        ("teacher_t8", "Which emails did {X} send me before {B}? I need them for a parent meeting."),
    ],
    "emails_from_since": [
        ("singlish_t8", "Since {B} got any emails from {X} or not? Show me."),
        ("southafrican_t8", "Has {X} sent me anything since {B}? Check for me quickly."),
        ("quiz_t8", "Here's one: which emails has {X} sent me since {B}?"),
        ("wonder_t8", "I wonder if {X} has emailed me since {B} – show me what they sent."),
        ("form_t8", "Sender: {X}. Date: since {B}. List emails."),
        ("teacher_t8", "Since {B}, what has {X} emailed me? Term's been hectic."),
    ],
    "last_email_from": [
        ("singlish_t8", "{Xp} latest email to me is which one ah?"),
        ("indonesian_t8", "What is the last email {X} send to me?"),
        ("southafrican_t8", "What's the last thing {X} emailed me? Sharp."),
        ("mutter_t8", "now what was the last thing {X} emailed me..."),
        ("quiz_t8", "Quick quiz: what's the newest email from {X}?"),
        ("form_t8", "Sender: {X}. Show: most recent email."),
    ],
    "first_email_from": [
        ("singlish_t8", "The first email {X} ever sent me, can find?"),
        ("indonesian_t8", "Can you help me to find the first email from {X}?"),
        ("mutter_t8", "hmm, the very first email {X} sent me... which was it"),
        ("quiz_t8", "Let's see if you can find the first email {X} ever sent me."),
        ("wonder_t8", "I wonder what the first email {X} sent me was."),
        ("teacher_t8", "What was the first email {X} ever sent me? Asking for the class scrapbook."),
    ],
    "first_email_to": [
        ("indonesian_t8", "Please find the first email I send to {X}."),
        ("southafrican_t8", "Can you dig out my first email to {X}? Eish, it's been ages."),
        ("mutter_t8", "what did I first email {X}... the very first one"),
        ("wonder_t8", "I was wondering what my first email to {X} was."),
        ("form_t8", "From: me. To: {X}. Show: earliest email."),
        ("teacher_t8", "Which email did I send {X} first of all?"),
    ],
    "last_email_to": [
        ("singlish_t8", "My last email to {X} is which one ah?"),
        ("southafrican_t8", "What's the last email I sent {X}? Need to check I replied."),
        ("mutter_t8", "and the last email I sent {X} was... what?"),
        ("quiz_t8", "Quiz: what was the most recent email I sent to {X}?"),
        ("form_t8", "From: me. To: {X}. Show: latest email."),
        ("teacher_t8", "What did I last email {X}? Their parent conference is soon."),
    ],
    "count_emails_from": [
        ("singlish_t8", "{X} sent me how many emails already ah?"),
        ("indonesian_t8", "How many email that {X} send to me?"),
        ("southafrican_t8", "How many emails has {X} sent me altogether, hey?"),
        ("quiz_t8", "Guess how many emails {X} has sent me? Actually, just tell me the number."),
        ("wonder_t8", "I wonder how many emails {X} has sent me."),
        ("form_t8", "Sender: {X}. Show: number of emails."),
    ],
    "subject_contains": [
        ("singlish_t8", "Got emails with {W} in the subject or not? Show me."),
        ("indonesian_t8", "Please help to search email that have {W} in the subject."),
        ("mutter_t8", "there was something with '{W}' in the subject... find those emails"),
        ("wonder_t8", "I wonder which emails have {W} in their subject line."),
        ("form_t8", "Subject contains: {W}. Show emails."),
        ("teacher_t8", "Find the emails with '{W}' in the subject – I have a free period."),
    ],
    "last_received_on_day": [
        ("indonesian_t8", "On {D}, which email I received the last?"),
        ("southafrican_t8", "What was the last email that landed on {D}?"),
        ("mutter_t8", "{Dc}... and the last email that came in that day was?"),
        ("quiz_t8", "Quiz question: which email reached me last on {D}?"),
        ("form_t8", "Date: {D}. Show: last email received."),
        ("teacher_t8", "On {D} my inbox blew up. Which was the last email to come in?"),
    ],
    "attachments_from": [
        ("singlish_t8", "All the attachments {X} sent me, can list out?"),
        ("indonesian_t8", "Please list all attachment from {X}."),
        ("southafrican_t8", "Can you grab all the files {X} attached to emails for me?"),
        ("quiz_t8", "Let's see you list every attachment {X} has sent me."),
        ("wonder_t8", "I wonder what attachments {X} has sent me over the years."),
        ("teacher_t8", "Which files has {X} sent me as attachments? I'm tidying my drive."),
    ],
    "attachments_ext": [
        ("singlish_t8", "All the {EXTS} attached to emails, can show?"),
        ("southafrican_t8", "Pull up every {EXT1} that came attached to an email, please."),
        ("mutter_t8", "all those {EXTS} people attached to emails... list them"),
        ("quiz_t8", "Challenge: find every {EXT1} attached to an email."),
        ("form_t8", "Attachment type: .{EXT}. Show all."),
        ("teacher_t8", "Which {EXTS} are attached to emails in my account?"),
    ],
    "folders_with_attachments_from": [
        ("indonesian_t8", "The attachment from {X}, I save in which folder?"),
        ("southafrican_t8", "Which folders have the attachments {X} sent me?"),
        ("mutter_t8", "where did {Xp} attachments end up... which folders"),
        ("wonder_t8", "I wonder which folders the files {X} emailed me are in."),
        ("form_t8", "Sender: {X}. Show: folders holding their attachments."),
        ("teacher_t8", "I saved the attachments {X} sent me somewhere – which folders?"),
    ],
    "folders_of_file": [
        ("singlish_t8", "{F} is in which folder ah?"),
        ("indonesian_t8", "Where is the folder of {F}?"),
        ("southafrican_t8", "Eish, where's {F}? Which folder?"),
        ("mutter_t8", "where on earth did I save {F}..."),
        ("quiz_t8", "Here's a test: which folder is {F} in?"),
        ("teacher_t8", "Which folder has {F}? I need it for my next lesson."),
    ],
    "who_sent_file": [
        ("singlish_t8", "Who sent me {F} ah?"),
        ("southafrican_t8", "Who sent me {F}? I want to say thanks."),
        ("mutter_t8", "{F}... who sent me that again?"),
        ("quiz_t8", "Quiz: who emailed me {F}?"),
        ("wonder_t8", "I wonder who sent me {F}."),
        ("form_t8", "File: {F}. Show: sender."),
    ],
    "conversations_with_sender_of_file": [
        ("singlish_t8", "The one who sent me {F}, that person email with who?"),
        ("indonesian_t8", "Who are the people that already email with the sender of {F}?"),
        ("mutter_t8", "whoever sent {F}... who have they been emailing with"),
        ("quiz_t8", "Tricky one: who has the sender of {F} exchanged emails with?"),
        ("wonder_t8", "I wonder who the person who sent me {F} has been emailing with."),
        ("teacher_t8", "The sender of {F} – who do they have email threads with?"),
    ],
    "coattendees_of_person": [
        ("singlish_t8", "Who all were in meetings with {X}?"),
        ("indonesian_t8", "Who are the people that join meeting with {X}?"),
        ("southafrican_t8", "Who's {X} been in meetings with, hey?"),
        ("quiz_t8", "Let's see if you know who has been in meetings with {X}."),
        ("wonder_t8", "I wonder who has shared meetings with {X}."),
        ("form_t8", "Attendee: {X}. Show: people in the same meetings."),
    ],
    "events_of_person": [
        ("singlish_t8", "{X} went for which meetings ah?"),
        ("southafrican_t8", "Which events has {X} pitched up to?"),
        ("mutter_t8", "which meetings did {X} come to... let me see them"),
        ("wonder_t8", "I wonder which events {X} has attended."),
        ("form_t8", "Attendee: {X}. Show: events."),
        ("teacher_t8", "Which meetings has {X} attended? I need it for the staff records."),
    ],
    "events_at_place": [
        ("singlish_t8", "What events {atP} got? Show me all."),
        ("indonesian_t8", "Please show all event {atP}."),
        ("mutter_t8", "{atPc}... what events have there been, and what's coming up"),
        ("quiz_t8", "Quiz: list every event {atP}."),
        ("form_t8", "Location: {P}. Show all events."),
        ("teacher_t8", "List every event {atP}, including any coming up."),
    ],
    "events_in_month": [
        ("singlish_t8", "{Mc} got what events? Show me."),
        ("indonesian_t8", "Can you help me to see my schedule {M}?"),
        ("southafrican_t8", "What's on the calendar {M}? Just checking quickly."),
        ("wonder_t8", "I wonder what's on my calendar {M}."),
        ("form_t8", "Date: {M}. Show events."),
        ("teacher_t8", "What's in my calendar {M}? I'm planning around marking."),
    ],
    "events_titled": [
        ("singlish_t8", "All the {T} events, can list?"),
        ("indonesian_t8", "Please show all event with {T} in the name."),
        ("mutter_t8", "all the {T} things on my calendar... list them"),
        ("quiz_t8", "Here's one: find every event with '{T}' in the title."),
        ("form_t8", "Title contains: {T}. Show events."),
        ("southafrican_t8", "Pull up all my {T} events, please."),
    ],
    "who_attended_titled": [
        ("indonesian_t8", "Who are the people that attend the {T}?"),
        ("southafrican_t8", "Who pitched up to the {T}?"),
        ("mutter_t8", "the {T}... who was there again?"),
        ("wonder_t8", "I wonder who went to the {T}."),
        ("form_t8", "Event title contains: {T}. Show attendees."),
        ("teacher_t8", "Who attended the {T} events? I'm taking a register."),
    ],
    "place_of_event": [
        ("singlish_t8", "{T} is where ah?"),
        ("indonesian_t8", "Where is the location of {T}?"),
        ("southafrican_t8", "Where's '{T}' happening?"),
        ("quiz_t8", "Quiz: where is {T}?"),
        ("wonder_t8", "I wonder where {T} is."),
        ("form_t8", "Event: {T}. Show: location."),
    ],
    "people_met_at_place": [
        ("singlish_t8", "{atPc} I met who?"),
        ("southafrican_t8", "Who've I met {atP}, hey?"),
        ("mutter_t8", "{atPc}... who did I meet there"),
        ("quiz_t8", "Test question: who have I met {atP}?"),
        ("wonder_t8", "I wonder who I've met {atP}."),
        ("teacher_t8", "Which people have I had meetings with {atP}? Governors, parents, whoever."),
    ],
    "people_met_in_month": [
        ("singlish_t8", "{Mc} I met who ah?"),
        ("indonesian_t8", "Who are the people I meet {M}?"),
        ("mutter_t8", "{Mc}... who did I meet up with"),
        ("quiz_t8", "Quiz: who did I meet {M}?"),
        ("form_t8", "Date: {M}. Show: people I met."),
        ("teacher_t8", "Which people did I meet {M}? It's for my appraisal."),
    ],
    "links_from_person": [
        ("singlish_t8", "{X} sent me what links? Show all."),
        ("indonesian_t8", "Please show all link from {X}."),
        ("southafrican_t8", "What links has {X} sent through?"),
        ("mutter_t8", "{X} sends me links all the time... show me every one of them"),
        ("wonder_t8", "I wonder what links {X} has emailed me."),
        ("form_t8", "Sender: {X}. Show: links."),
    ],
    "links_from_people_met_in_month": [
        ("singlish_t8", "The people I met {M}, they sent me what links?"),
        ("southafrican_t8", "What links have the people I met {M} sent through?"),
        ("quiz_t8", "Harder one: which links did the people I met {M} email me?"),
        ("wonder_t8", "I wonder what links the people I met {M} have sent me."),
        ("form_t8", "People: those I met {M}. Show: links they emailed."),
        ("teacher_t8", "Which links were emailed by the people I met {M}?"),
    ],
    "links_to_domain": [
        ("singlish_t8", "All the {U} links, can find?"),
        ("indonesian_t8", "Please help to find all link to {U}."),
        ("mutter_t8", "someone sent a {U} link... show me all of them"),
        ("quiz_t8", "Let's see if you can find every {U} link."),
        ("form_t8", "Domain: {U}. Show all links."),
        ("teacher_t8", "Find every {U} link in my email – I want to reuse some in class."),
    ],
    "last_email_from_about": [
        ("singlish_t8", "{Xp} latest email about {W} is which one?"),
        ("indonesian_t8", "What is the last email from {X} about {W}?"),
        ("southafrican_t8", "What did {X} last email me about {W}?"),
        ("mutter_t8", "{X}... {W}... what was their latest email on that"),
        ("quiz_t8", "Quiz: which is the most recent email from {X} about {W}?"),
        ("form_t8", "Sender: {X}. Subject: {W}. Show: latest email."),
    ],
    "emails_from_with_attachment": [
        ("singlish_t8", "Which emails from {X} got attachment?"),
        ("indonesian_t8", "Please show email from {X} that have attachment."),
        ("mutter_t8", "{X} attached files to some emails... which ones were those"),
        ("wonder_t8", "I wonder which of {Xp} emails had attachments."),
        ("form_t8", "Sender: {X}. Has attachment: yes. Show emails."),
        ("teacher_t8", "Which of {Xp} emails came with attachments? I'm sorting my inbox."),
    ],
    "files_from_in_month": [
        ("singlish_t8", "{Mc} {X} sent me what files?"),
        ("indonesian_t8", "Please show the file from {X} {M}."),
        ("southafrican_t8", "What attachments did {X} send through {M}?"),
        ("quiz_t8", "Quiz: which files did {X} send me {M}?"),
        ("wonder_t8", "I wonder what files {X} sent me {M}."),
        ("teacher_t8", "Which files did {X} attach to emails {M}? I need them for marking."),
    ],
    "events_at_place_in_month": [
        ("singlish_t8", "{Mc} {atP} got what events?"),
        ("indonesian_t8", "Please show event {atP} {M}."),
        ("mutter_t8", "{Mc}, {atP}... what's on the calendar there"),
        ("wonder_t8", "I wonder what events are {atP} {M}."),
        ("form_t8", "Location: {P}. Date: {M}. Show events."),
        ("teacher_t8", "Which events are {atP} {M}? I'm booking cover."),
    ],
    "people_emailed_in_month": [
        ("singlish_t8", "{Mc} I emailed who ah?"),
        ("southafrican_t8", "Who did I send emails through to {M}, hey?"),
        ("mutter_t8", "{Mc}... who did I email, let me think"),
        ("quiz_t8", "Quiz: who did I email {M}?"),
        ("form_t8", "From: me. Date: {M}. Show: recipients."),
        ("teacher_t8", "Which people did I email {M}? I'm logging parent contact."),
    ],
    "emails_from_person_to_person": [
        ("singlish_t8", "{X} sent {Y} which emails ah?"),
        ("indonesian_t8", "Please show email from {X} to {Y}."),
        ("southafrican_t8", "Can you pull up the emails {X} sent through to {Y}?"),
        ("wonder_t8", "I wonder what emails {X} has sent {Y}."),
        ("form_t8", "From: {X}. To: {Y}. Show emails."),
        ("teacher_t8", "Which emails did {X} send to {Y}? I was asked to review them."),
    ],
    "count_events_at_place": [
        ("singlish_t8", "{atPc} got how many events already?"),
        ("indonesian_t8", "How many event that held {atP}?"),
        ("southafrican_t8", "How many events have there been {atP}, hey?"),
        ("quiz_t8", "Numbers round: how many events have been held {atP}?"),
        ("form_t8", "Location: {P}. Show: number of events."),
        ("mutter_t8", "{atPc}... how many events have I had there"),
    ],
    "links_in_emails_about": [
        ("singlish_t8", "Emails about {W} got what links?"),
        ("indonesian_t8", "Please show link in email about {W}."),
        ("mutter_t8", "the {W} emails had some links... pull them out"),
        ("quiz_t8", "Quiz: which links are in the emails about {W}?"),
        ("wonder_t8", "I wonder what links are in the {W} emails."),
        ("teacher_t8", "Which links were in the emails about {W}? I want to share them with the class."),
    ],
    "count_emails_to": [
        ("singlish_t8", "I sent {X} how many emails already?"),
        ("indonesian_t8", "How many email I already send to {X}?"),
        ("southafrican_t8", "How many emails have I sent through to {X}?"),
        ("wonder_t8", "I wonder how many emails I've sent {X}."),
        ("form_t8", "From: me. To: {X}. Show: number of emails."),
        ("teacher_t8", "How many emails have I sent {X}? I'm keeping a contact log."),
    ],
}


# =============================================================================================
# dev11 and test9: two more groups of askers, each writing every shape (the later ones too). dev11's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: a sailor ("back in
# port", "aboard"), a retired engineer who writes long precise sentences, someone who asks and then restates the
# question ("..., i.e. ..." / "in other words"), Thai and Greek first-language speakers (Greek: "the" before a name,
# the verb before its subject), someone who rules out the other direction ("not the ones I sent"), someone who adds
# asides in parentheses, a mechanic between jobs, a wedding planner, someone who misspells common words often
# ("wich", "recieved", "calender"; never the names), a pharmacist on a break and someone who Capitalises Every Word.
# test9's askers are another group again (sharing no template with any part): an airline pilot ("confirm", "on my
# layover"), a Kenyan English speaker ("kindly assist"), Persian, Finnish and Hungarian first-language speakers,
# someone who gives two sentences of backstory first, a vet between appointments, a gardener, a stage manager, a
# weary "ugh, fine" asker and someone who asks to "double-check"; like test2 to test8, only its aggregate figures
# are reported. Both draw their date phrases from their own lists ("the autumn of 2025", "the spring of 2025",
# ordinal-numbered quarters and weeks, "Q3 '25", en-dash and "thru"/"through" month spans, "five/seven/eight/nine
# weeks ago", rolling windows of 7 and 9 weeks, 14, 21 and 180 days, 4, 5 and twelve months, "this past
# September/August", "over Xmas", "at Christmastime", "the festive season", "during 2024", "the winter of 2024-25",
# "the week of 10 November 2025", "8/2025", "October '25", "the first week of next month", British day-first
# slashes only where the day is above 12), and their questions follow test8's: dev11's first, then test9's.
# =============================================================================================

D11, T9 = "dev11", "test9"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9)


def months_before(today: date, n: int) -> date:
    """The same day of the month ``n`` months before today (the start of "the past n months")."""
    y, m = divmod(today.year * 12 + today.month - 1 - n, 12)
    return date(y, m + 1, min(today.day, 28))


def dev11_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the autumn of 2025", "the summer of 2025", "the 4th quarter of 2025", "the 2nd week of December 2025",
    "five/eight weeks ago" (calendar weeks, Monday to Sunday), rolling windows ("the past 7 weeks", "the last 14
    days", "the past 4 months", "the past twelve months"), an en-dash span and a "from ... to ..." span, early and
    mid parts of months with short month names, "8/2025", "October '25", "this past September", "over Xmas" and
    "during 2024"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    september = today.year - (today.month <= 9)  # the latest September before this month
    xmas = today.year - ((today.month, today.day) < (12, 24))  # the latest Christmas that has begun
    return [("in the autumn of 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("during the summer of 2025", (date(2025, 6, 1), date(2025, 9, 1))),
            ("in the 4th quarter of 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in the 2nd week of December 2025", (date(2025, 12, 8), date(2025, 12, 15))),
            ("five weeks ago", (monday - timedelta(days=35), monday - timedelta(days=28))),
            ("eight weeks ago", (monday - timedelta(days=56), monday - timedelta(days=49))),
            ("in the past 7 weeks", (today - timedelta(weeks=7), tomorrow)),
            ("in the last 14 days", (today - timedelta(days=14), tomorrow)),
            ("over the past 4 months", (months_before(today, 4), tomorrow)),
            ("in the past twelve months", (months_before(today, 12), tomorrow)),
            ("in Sept–Oct 2025", (date(2025, 9, 1), date(2025, 11, 1))),
            ("from Sep 2025 to Nov 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("in early Sept 2025", (date(2025, 9, 1), date(2025, 9, 11))),
            ("in mid-Aug 2025", (date(2025, 8, 11), date(2025, 8, 21))),
            ("in 8/2025", month_range(2025, 8)),
            ("in October '25", month_range(2025, 10)),
            ("this past September", month_range(september, 9)),
            ("over Xmas", (date(xmas, 12, 24), date(xmas, 12, 27))),
            ("during 2024", (date(2024, 1, 1), date(2025, 1, 1)))]


def dev11_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    following = (today.replace(day=28) + timedelta(days=4)).replace(day=1)
    first_week = (following, following + timedelta(days=7))
    return dev11_month_phrases(today) + [("over the next 5 weeks", (today, today + timedelta(weeks=5, days=1))),
                                         ("in the first week of next month", first_week),
                                         ("in Feb-Mar 2026", (date(2026, 2, 1), date(2026, 4, 1)))]


DEV11_BOUNDS = [("the 5th of September 2025", date(2025, 9, 5)), ("Oct 3 2025", date(2025, 10, 3)),
                ("early December 2025", date(2025, 12, 1)), ("Halloween 2025", date(2025, 10, 31)),
                ("15 Oct. 2025", date(2025, 10, 15)), ("the autumn of 2025", date(2025, 9, 1)),
                ("the 4th quarter of 2025", date(2025, 10, 1)), ("the 2nd of January 2026", date(2026, 1, 2)),
                ("mid-Aug 2025", date(2025, 8, 11))]


def dev11_day(d: date, i: int) -> str:
    """"Tue. 14 Oct. 2025", "the 14th of Oct, 2025", "Oct 14th '25", "14th October 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{weekday[:3]}. {d.day} {short} {d.year}", f"the {nth(d.day)} of {month[:3]}, {d.year}",
             f"{month[:3]} {nth(d.day)} '{d.year % 100:02d}", f"{nth(d.day)} {month} {d.year}")
    return forms[i % len(forms)]


def test9_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the spring of 2025", "the fall of 2025", "the 3rd quarter of 2025", "Q3 '25", "between Sept and Dec 2025",
    "from October 2025 through January 2026", "Oct–Nov 2025", "Sept thru Oct 2025", "seven/nine weeks ago",
    rolling windows ("the last 21 days", "the past 9 weeks", "the past 5 months", "the past 180 days"), early and
    late parts of months, "9/2025", "this past August", "the festive season", "at Christmastime", "the winter of
    2024-25" and "the week of 10 November 2025"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    august = today.year - (today.month <= 8)  # the latest August before this month
    christmas = today.year - ((today.month, today.day) < (12, 24))  # the latest Christmas that has begun
    return [("in the spring of 2025", (date(2025, 3, 1), date(2025, 6, 1))),
            ("during the fall of 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("in the 3rd quarter of 2025", (date(2025, 7, 1), date(2025, 10, 1))),
            ("in Q3 '25", (date(2025, 7, 1), date(2025, 10, 1))),
            ("between Sept and Dec 2025", (date(2025, 9, 1), date(2026, 1, 1))),
            ("from October 2025 through January 2026", (date(2025, 10, 1), date(2026, 2, 1))),
            ("in Oct–Nov 2025", (date(2025, 10, 1), date(2025, 12, 1))),
            ("in Sept thru Oct 2025", (date(2025, 9, 1), date(2025, 11, 1))),
            ("seven weeks ago", (monday - timedelta(days=49), monday - timedelta(days=42))),
            ("nine weeks ago", (monday - timedelta(days=63), monday - timedelta(days=56))),
            ("in the last 21 days", (today - timedelta(days=21), tomorrow)),
            ("within the past 9 weeks", (today - timedelta(weeks=9), tomorrow)),
            ("over the past 5 months", (months_before(today, 5), tomorrow)),
            ("in the past 180 days", (today - timedelta(days=180), tomorrow)),
            ("in late Aug 2025", (date(2025, 8, 21), date(2025, 9, 1))),
            ("in early September 2025", (date(2025, 9, 1), date(2025, 9, 11))),
            ("in 9/2025", month_range(2025, 9)),
            ("this past August", month_range(august, 8)),
            ("during the festive season", (date(christmas, 12, 24), date(christmas + 1, 1, 2))),
            ("at Christmastime", (date(christmas, 12, 24), date(christmas, 12, 27))),
            ("in the winter of 2024-25", (date(2024, 12, 1), date(2025, 3, 1))),
            ("in the week of 10 November 2025", (date(2025, 11, 10), date(2025, 11, 17)))]


def test9_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test9_month_phrases(today) + [("over the next 45 days", (today, today + timedelta(days=46))),
                                         ("in the coming 10 days", (today, today + timedelta(days=11))),
                                         ("from February to March 2026", (date(2026, 2, 1), date(2026, 4, 1)))]


TEST9_BOUNDS = [("1st September 2025", date(2025, 9, 1)), ("Aug. 25, 2025", date(2025, 8, 25)),
                ("3 November 2025", date(2025, 11, 3)), ("the spring of 2025", date(2025, 3, 1)),
                ("mid-Oct 2025", date(2025, 10, 11)), ("the first of December 2025", date(2025, 12, 1)),
                ("Christmas Eve 2025", date(2025, 12, 24)), ("late September 2025", date(2025, 9, 21)),
                ("Jan. 2nd, 2026", date(2026, 1, 2))]


def test9_day(d: date, i: int) -> str:
    """"14/10/2025" (day first, only for a day above 12; else "3rd October 2025"), "Tuesday the 14th of October
    2025", "14 Oct '25", "October the 14th, 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    slashed = f"{d.day}/{d.month}/{d.year}" if d.day > 12 else f"{nth(d.day)} {month} {d.year}"
    forms = (slashed, f"{weekday} the {nth(d.day)} of {month} {d.year}", f"{d.day} {month[:3]} '{d.year % 100:02d}",
             f"{month} the {nth(d.day)}, {d.year}")
    return forms[i % len(forms)]


DEV11_MAKERS = dated_makers(dev11_month_phrases, dev11_event_phrases, DEV11_BOUNDS, dev11_day)
TEST9_MAKERS = dated_makers(test9_month_phrases, test9_event_phrases, TEST9_BOUNDS, test9_day)


DEV11_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a sailor (sailor11), a retired engineer writing long precise sentences (engineer11), someone who asks and
    # then restates (restate11), Thai and Greek first-language speakers (thai11, greek11), someone who rules out the
    # other direction (contrast11), someone who adds asides in parentheses (paren11), a mechanic between jobs
    # (mechanic11), a wedding planner (wedding11), someone who misspells common words (misspell11), a pharmacist on a
    # break (pharmacist11) and someone who Capitalises Every Word (titlecase11).
    "emails_from": [
        ("sailor11", "Just back in port after three weeks at sea, so I'm behind. Show me every email {X} has "
                     "ever sent me."),
        ("engineer11", "I would like a complete list of the email messages that {X} has sent to me, without "
                       "exception."),
        ("restate11", "What emails have I got from {X}? I mean all of them, everything {X} ever sent me."),
        ("thai11", "Please help find all email from {X} na, thank you krub."),
        ("greek11", "Which emails sent me the {X}?"),
        ("paren11", "Show me the emails from {X} (all of them, not just the recent ones)."),
        ("misspell11", "can you find all the emials {X} has sent me"),
        ("titlecase11", "Show Me Every Email {X} Has Sent Me"),
    ],
    "emails_to": [
        ("sailor11", "Before we cast off, which emails did I send {X}?"),
        ("engineer11", "Kindly enumerate every email message for which I was the sender and {X} was a recipient."),
        ("restate11", "Which emails did I send {X}? That is, my outgoing mail addressed to {X}."),
        ("greek11", "The emails that I sent to the {X}, which are they?"),
        ("contrast11", "Not the ones {X} sent me – the emails I sent to {X}. Which are they?"),
        ("mechanic11", "Got a car on the lift, quick one: what emails have I sent {X}?"),
        ("wedding11", "I'm double-booking vendors again. Which emails did I send to {X}?"),
        ("pharmacist11", "On my break – can you list the emails I've sent {X}?"),
    ],
    "emails_between": [
        ("sailor11", "Every email {X} and I have traded, whichever way it went – I'm catching up after the "
                     "crossing."),
        ("engineer11", "Please retrieve all correspondence by email between {X} and myself, in either direction, "
                       "irrespective of who initiated it."),
        ("restate11", "Show me the emails between me and {X} – in other words, both what I sent them and what "
                      "they sent me."),
        ("thai11", "Email between me and {X}, both side, please show all ka."),
        ("contrast11", "Not only the emails from {X} and not only mine to them – every email between us two."),
        ("paren11", "All emails between {X} and me (both directions, please)."),
        ("misspell11", "show me every email betwen me and {X}, both ways"),
        ("titlecase11", "All Emails Between Me And {X}, Both Directions"),
    ],
    "emails_from_in_month": [
        ("sailor11", "I was aboard with no signal {M}. Which emails did {X} send me then?"),
        ("engineer11", "Please identify the email messages that {X} sent to me {M}; I need them for a maintenance "
                       "log."),
        ("restate11", "What did {X} email me {M}? Put another way: emails from {X}, dated {M}."),
        ("thai11", "{Mc}, {X} send me email what, please check krub."),
        ("greek11", "{Mc}, what emails sent me the {X}?"),
        ("contrast11", "Only the ones {X} sent me, not my replies: which emails came from {X} {M}?"),
        ("mechanic11", "Between jobs. Did {X} email me anything {M}? List them."),
        ("misspell11", "wich emails did {X} send me {M}"),
    ],
    "emails_from_before": [
        ("sailor11", "Which emails had {X} sent me before {B}? That was when I shipped out."),
        ("engineer11", "Please list each email message from {X} to me that is dated prior to {B}."),
        ("restate11", "Show me {Xp} emails from before {B} – i.e. only the older ones, earlier than {B}."),
        ("thai11", "Email from {X} before {B}, can show me please?"),
        ("paren11", "Emails {X} sent me before {B} (nothing on or after that date)."),
        ("wedding11", "The couple says {X} wrote to me ages ago. Which emails did {X} send me before {B}?"),
        ("pharmacist11", "What had {X} emailed me before {B}? It's for a stock query."),
        ("titlecase11", "Emails From {X} Dated Before {B}"),
    ],
    "emails_from_since": [
        ("sailor11", "Since {B}, what's come in from {X}? Emails only."),
        ("engineer11", "Please enumerate the email messages {X} has sent me from {B} onwards."),
        ("restate11", "Has {X} emailed me since {B}? I mean, list every email from {X} since {B}."),
        ("greek11", "From {B} until now, which emails sent me the {X}?"),
        ("contrast11", "Leave out my own emails – what has {X} sent me since {B}?"),
        ("mechanic11", "Any emails from {X} since {B}? I've been under cars all week."),
        ("misspell11", "what emails have i recieved from {X} since {B}"),
        ("pharmacist11", "Which emails has {X} sent me since {B}? Need to check a delivery."),
    ],
    "last_email_from": [
        ("sailor11", "What was the last email {X} sent me? Came ashore this morning."),
        ("engineer11", "Please identify the single most recent email message that {X} has sent to me."),
        ("restate11", "Which is {Xp} latest email to me – the newest one they sent?"),
        ("thai11", "Last email from {X}, which one krub?"),
        ("greek11", "Which is the last email that sent me the {X}?"),
        ("contrast11", "Not the first one, the most recent: which email did {X} send me last?"),
        ("wedding11", "Florist chaos. What's the newest email from {X}?"),
        ("titlecase11", "What Is The Latest Email From {X}?"),
    ],
    "first_email_from": [
        ("sailor11", "Going back to the very start: what was the first email {X} ever sent me?"),
        ("engineer11", "Please determine which email message was the earliest one that {X} sent to me."),
        ("restate11", "Find {Xp} first email to me, i.e. the oldest one they sent."),
        ("thai11", "First time {X} send me email, which email ka?"),
        ("paren11", "The first email {X} sent me (the very earliest one), please."),
        ("mechanic11", "What was the first email I ever got from {X}? They've been a customer for years."),
        ("misspell11", "wich was the frist email {X} sent me"),
        ("pharmacist11", "Which email did {X} send me first of all?"),
    ],
    "first_email_to": [
        ("sailor11", "Which was the first email I ever sent {X}? It was before my first voyage."),
        ("engineer11", "Please identify the earliest email message that I sent to {X}."),
        ("restate11", "What's the first email I sent {X} – my very first one to them?"),
        ("greek11", "The first email that I sent to the {X}, which is it?"),
        ("contrast11", "Not theirs, mine: which was the first email I sent to {X}?"),
        ("paren11", "My first email to {X} (the earliest I ever sent them) – which one?"),
        ("wedding11", "How did I first pitch to {X}? Find the first email I sent them."),
        ("titlecase11", "The First Email I Sent To {X}"),
    ],
    "last_email_to": [
        ("sailor11", "What was the last email I sent {X}? Signal's about to drop."),
        ("engineer11", "Please locate the most recent email message that I sent to {X}."),
        ("restate11", "Which email did I last send {X}? The latest one from me to them."),
        ("thai11", "Last email I send to {X}, please show ka."),
        ("contrast11", "Not {Xp} reply – my own last email to {X}. Which one?"),
        ("mechanic11", "What's the latest email I've sent {X}? Need to check the quote I gave."),
        ("misspell11", "whats the last emial i sent to {X}"),
        ("pharmacist11", "Can you find the most recent email I sent {X}?"),
    ],
    "count_emails_from": [
        ("sailor11", "Tally it up for the log: how many emails has {X} sent me?"),
        ("engineer11", "Please state the total number of email messages that {X} has sent to me."),
        ("restate11", "How many emails have I received from {X}? Just the number of emails they've sent me."),
        ("thai11", "{X} send me email how many already?"),
        ("greek11", "How many emails sent me the {X}?"),
        ("paren11", "How many emails has {X} sent me (a count, not a list)?"),
        ("wedding11", "The couple's planner keeps writing. How many emails has {X} sent me?"),
        ("titlecase11", "How Many Emails Have I Received From {X} In Total?"),
    ],
    "subject_contains": [
        ("sailor11", "Find every email with '{W}' in its subject line, I'll read them on watch."),
        ("engineer11", "Please return all email messages whose subject line contains the words '{W}'."),
        ("restate11", "Which emails mention {W} in the subject? I mean the subject line itself, not the body."),
        ("thai11", "Email have '{W}' in subject, find for me please."),
        ("greek11", "Which emails have in the subject the '{W}'?"),
        ("mechanic11", "Dig out the emails with {W} in the subject line."),
        ("misspell11", "emails with {W} in the subjet line?"),
        ("pharmacist11", "Any emails with {W} in the subject? List them for me."),
    ],
    "last_received_on_day": [
        ("sailor11", "On {D} we were in harbour. Which email reached me last that day?"),
        ("engineer11", "Of the email messages I received on {D}, please identify the one that arrived last."),
        ("restate11", "What was the last email I got on {D}? The final one to arrive that day."),
        ("thai11", "{Dc}, last email I receive, which one?"),
        ("paren11", "The last email I received on {D} (the latest one that day)?"),
        ("wedding11", "We had a wedding on {D}. What was the last email that came in for me that day?"),
        ("misspell11", "last email i recieved on {D}?"),
        ("titlecase11", "Which Email Did I Receive Last On {D}?"),
    ],
    "attachments_from": [
        ("sailor11", "Which files has {X} sent me as attachments? I need them for the crossing."),
        ("engineer11", "Please list every file that {X} has attached to an email sent to me."),
        ("restate11", "What attachments has {X} sent me – the files on their emails to me?"),
        ("greek11", "Which files sent me the {X} with email?"),
        ("contrast11", "Not files I sent – what files has {X} emailed me?"),
        ("mechanic11", "Parts lists, manuals, whatever: what has {X} sent me as attachments?"),
        ("misspell11", "show all the attachements {X} sent me"),
        ("pharmacist11", "Which attachments did I get from {X}?"),
    ],
    "attachments_ext": [
        ("sailor11", "Every {EXT1} that's been attached to an email, sent or received – I need the charts."),
        ("engineer11", "Please list all email attachments with the file extension .{EXT}, irrespective of sender."),
        ("restate11", "Which {EXTS} were attached to emails? Any {EXT} file that came on an email."),
        ("thai11", "File {EXT} in email attachment, show all please krub."),
        ("paren11", "All the {EXTS} attached to emails (sent or received)."),
        ("wedding11", "Seating plans, contracts... list every {EXT1} that was attached to an email."),
        ("pharmacist11", "Quick question on my break: which email attachments are {EXTS}?"),
        ("titlecase11", "All {EXTS} Attached To Emails"),
    ],
    "folders_with_attachments_from": [
        ("sailor11", "I stowed the files {X} emailed me somewhere. Which folders are they in?"),
        ("engineer11", "Please identify every folder that contains a file which {X} sent me as an email "
                       "attachment."),
        ("restate11", "Which folders hold {Xp} attachments – where did the files they emailed me end up?"),
        ("thai11", "Attachment from {X}, I save in which folder?"),
        ("greek11", "The files that sent me the {X}, in which folders are they?"),
        ("paren11", "Which folders have the files {X} emailed me (the attachments)?"),
        ("mechanic11", "Where did the files {X} emailed me get saved? Which folders?"),
        ("misspell11", "wich folders have the files {X} atached to emails"),
    ],
    "folders_of_file": [
        ("sailor11", "Where's {F} stowed? Which folder?"),
        ("engineer11", "Please state the folder in which the file {F} is stored."),
        ("restate11", "What folder is {F} in? I mean where it's saved on my drive."),
        ("thai11", "File {F} is where, which folder ka?"),
        ("greek11", "In which folder is the {F}?"),
        ("wedding11", "The couple needs {F} back. Which folder did I save it in?"),
        ("pharmacist11", "Which folder has {F} in it?"),
        ("titlecase11", "In Which Folder Is {F} Saved?"),
    ],
    "who_sent_file": [
        ("sailor11", "{F} came aboard by email. Who sent it to me?"),
        ("engineer11", "Please identify the person who sent me the file {F} as an email attachment."),
        ("restate11", "Who sent me {F}? Who was the sender of the email it came on?"),
        ("thai11", "Who send me file {F} krub?"),
        ("contrast11", "I didn't send {F} – someone sent it to me. Who?"),
        ("paren11", "Who emailed me {F} (the attachment)?"),
        ("mechanic11", "Who sent me {F}? It's not a job sheet I recognise."),
        ("misspell11", "who sent me {F}? cant remember"),
    ],
    "conversations_with_sender_of_file": [
        ("sailor11", "Somebody emailed me {F}. Who has that person been emailing with?"),
        ("engineer11", "Please determine the sender of the file {F}, and then list every person with whom that "
                       "sender has exchanged email."),
        ("restate11", "Who has the sender of {F} had email conversations with? First find who sent {F}, then "
                      "who they've emailed with."),
        ("greek11", "The person who sent me the {F}, with whom does this person exchange emails?"),
        ("paren11", "Who has the person who sent {F} (the one who emailed it to me) exchanged emails with?"),
        ("wedding11", "A vendor sent me {F}. Who has that vendor been emailing with?"),
        ("pharmacist11", "Whoever sent me {F} – who have they had email threads with?"),
        ("titlecase11", "Who Has The Sender Of {F} Exchanged Emails With?"),
    ],
    "coattendees_of_person": [
        ("sailor11", "Who's been at meetings alongside {X}? Whole crew list, please."),
        ("engineer11", "Please list every person who attended at least one event that {X} also attended."),
        ("restate11", "Who has been in meetings with {X}? That is, the people who attended the same events as "
                      "{X}."),
        ("thai11", "People who join meeting together with {X}, who?"),
        ("greek11", "With the {X}, who was in meetings?"),
        ("mechanic11", "Who's {X} been in meetings with?"),
        ("misspell11", "who has been in meetigs with {X}"),
        ("titlecase11", "Who Has Attended Meetings Together With {X}?"),
    ],
    "events_of_person": [
        ("sailor11", "Which meetings has {X} come aboard for? All the events they attended."),
        ("engineer11", "Please enumerate the calendar events that {X} attended."),
        ("restate11", "What events has {X} been to – the meetings {X} attended?"),
        ("thai11", "Event that {X} attend, show me all na."),
        ("greek11", "In which events was the {X}?"),
        ("paren11", "Which events did {X} attend (past or upcoming)?"),
        ("wedding11", "{X} is on the guest list. Which events did they attend?"),
        ("pharmacist11", "What meetings has {X} attended?"),
    ],
    "events_at_place": [
        ("sailor11", "What events have been or are booked {atP}? Every one."),
        ("engineer11", "Please list every calendar event whose location is {P}."),
        ("restate11", "Which events are {atP}? I mean all my calendar events held {atP}."),
        ("thai11", "Event {atP}, have what? Show all please."),
        ("contrast11", "Only the ones {atP}, not anywhere else: which events?"),
        ("paren11", "Events {atP} (all of them, past and future)."),
        ("mechanic11", "What's on the calendar {atP}? Everything."),
        ("titlecase11", "All Events {atP}"),
    ],
    "events_in_month": [
        ("sailor11", "What's on the calendar {M}? I'm planning shore leave."),
        ("engineer11", "Please produce a list of every calendar event scheduled {M}."),
        ("restate11", "Which events are on my calendar {M}? All my appointments {M}, that is."),
        ("thai11", "{Mc}, calendar have which event ka?"),
        ("greek11", "Which events have I in the calendar {M}?"),
        ("wedding11", "Wedding season is mad. List my calendar events {M}."),
        ("misspell11", "whats on my calender {M}"),
        ("pharmacist11", "Can you pull up my calendar events {M}?"),
    ],
    "events_titled": [
        ("sailor11", "Find every {T} on the calendar – I'll need to skip a few while at sea."),
        ("engineer11", "Please list all calendar events whose title contains the words '{T}'."),
        ("restate11", "Which events are called {T}? Anything with '{T}' in the name."),
        ("greek11", "Which events have in the name the '{T}'?"),
        ("paren11", "All the {T} events (anything with '{T}' in the title)."),
        ("mechanic11", "Got grease on my phone – show me every {T} on my calendar."),
        ("misspell11", "all the {T} events in my calender"),
        ("titlecase11", "All Events With {T} In The Title"),
    ],
    "who_attended_titled": [
        ("sailor11", "Who came aboard for the {T} events? Everyone who attended."),
        ("engineer11", "Please list every person who attended an event whose title contains '{T}'."),
        ("restate11", "Who went to the {T} events? In other words, the attendees of the {T}."),
        ("thai11", "Who attend event {T} krub?"),
        ("greek11", "Who were in the {T}?"),
        ("contrast11", "Only the people who were actually at the {T} events: who were they?"),
        ("wedding11", "Headcount time: who attended the {T} events?"),
        ("pharmacist11", "Who was at the {T} events?"),
    ],
    "place_of_event": [
        ("sailor11", "Where's the {T}? Need to plot a course."),
        ("engineer11", "Please state the location at which the event '{T}' takes place."),
        ("restate11", "Where is {T}? The location of that event, I mean."),
        ("thai11", "{T} is where ka?"),
        ("paren11", "Where is the {T} (the location on the calendar)?"),
        ("mechanic11", "Where's {T} at? Need to know if I can drive the van there."),
        ("wedding11", "Where is {T}? I have to send directions to the couple."),
        ("titlecase11", "Where Is {T}?"),
    ],
    "people_met_at_place": [
        ("sailor11", "Who have I met {atP}? Only meetings I was actually at."),
        ("engineer11", "Please list the people who attended events {atP} that I attended as well."),
        ("restate11", "Who did I meet {atP}? The people in meetings there that I was in too."),
        ("greek11", "{atPc}, with whom did I meet?"),
        ("contrast11", "Not everyone who was ever {atP} – just the people I met there. Who?"),
        ("paren11", "Who have I had meetings with {atP} (meetings I attended)?"),
        ("misspell11", "who have i met with {atP}"),
        ("pharmacist11", "Which people have I met {atP}? I'm on my lunch break."),
    ],
    "people_met_in_month": [
        ("sailor11", "Who did I meet with {M}? I was ashore for most of it."),
        ("engineer11", "Please list every person who attended an event {M} that I also attended."),
        ("restate11", "Who did I meet {M}? I mean the people at the meetings I went to {M}."),
        ("thai11", "{Mc}, I meet with who, please tell me."),
        ("greek11", "With whom did I meet {M}?"),
        ("mechanic11", "Who'd I have meetings with {M}?"),
        ("wedding11", "{Mc} was all tastings and fittings. Who did I meet with then?"),
        ("titlecase11", "List The People I Met With {M}, Please"),
    ],
    "links_from_person": [
        ("sailor11", "What links has {X} sent me? I'll look at them when there's signal."),
        ("engineer11", "Please extract every web link contained in email messages that {X} sent to me."),
        ("restate11", "Which links has {X} emailed me – the URLs in their emails to me?"),
        ("thai11", "Link that {X} send me in email, show all krub."),
        ("contrast11", "Not links I sent – the ones {X} sent me. Which links?"),
        ("paren11", "All the links {X} has sent me (in emails)."),
        ("misspell11", "wich links did {X} send me"),
        ("pharmacist11", "Can you pull out the links {X} emailed me?"),
    ],
    "links_from_people_met_in_month": [
        ("sailor11", "I met a few people ashore {M}. What links have they sent me?"),
        ("engineer11", "Please list the web links in emails sent by the people I met {M}, that is, those who "
                       "attended events with me {M}."),
        ("restate11", "Which links came from the people I met {M}? The URLs those people emailed me."),
        ("greek11", "The people that I met {M}, which links sent me?"),
        ("paren11", "Links from the people I met {M} (the ones in their emails)."),
        ("mechanic11", "Those people I met {M} – what links have they emailed me?"),
        ("wedding11", "I met loads of people {M}, mostly vendors. What links did they send me?"),
        ("titlecase11", "Links Sent By The People I Met {M}"),
    ],
    "links_to_domain": [
        ("sailor11", "Every {U} link in my email, please – I'm charting what's there."),
        ("engineer11", "Please list every URL in my emails whose domain is {U}."),
        ("restate11", "Which links go to {U}? All the {U} URLs in my emails."),
        ("thai11", "Link {U}, find all please ka."),
        ("greek11", "Which links are from the {U}?"),
        ("mechanic11", "Pull every {U} link out of my emails."),
        ("misspell11", "all the {U} lnks in my email"),
        ("titlecase11", "Every Link To {U} In My Email"),
    ],
    "last_email_from_about": [
        ("sailor11", "What's the latest email {X} sent me about {W}? I'm just off the boat."),
        ("engineer11", "Of the emails {X} sent me about {W}, please identify the most recent one."),
        ("restate11", "Which is {Xp} newest email about {W} – the last one they sent me on {W}?"),
        ("thai11", "Email about {W} from {X}, the last one, which one krub?"),
        ("greek11", "Which is the last email for the {W} that sent me the {X}?"),
        ("paren11", "The most recent email from {X} about {W} (just the latest one)."),
        ("misspell11", "latest emial from {X} about {W}?"),
        ("pharmacist11", "What was {Xp} last email about {W}?"),
    ],
    "emails_from_with_attachment": [
        ("sailor11", "Which emails from {X} came with something attached?"),
        ("engineer11", "Please list only those email messages from {X} that carry at least one attachment."),
        ("restate11", "Which of {Xp} emails had attachments? Only the ones with files on them."),
        ("greek11", "Which emails sent me the {X} with attachment?"),
        ("contrast11", "Not all of {Xp} emails, only the ones with an attachment – which are they?"),
        ("mechanic11", "Which emails did {X} send me with files attached?"),
        ("wedding11", "Which emails from {X} had attachments? The contract is in one of them."),
        ("titlecase11", "Emails From {X} With Attachments"),
    ],
    "files_from_in_month": [
        ("sailor11", "While I was at sea {M}, what files did {X} send me?"),
        ("engineer11", "Please list the files that {X} attached to emails sent to me {M}."),
        ("restate11", "What did {X} attach to emails {M}? The files they sent me {M}."),
        ("thai11", "{Mc}, {X} send me file what?"),
        ("contrast11", "Not my attachments – which files did {X} send me {M}?"),
        ("paren11", "Files {X} sent me {M} (attachments only)."),
        ("misspell11", "wich files did {X} send me {M}"),
        ("pharmacist11", "What files came from {X} {M}?"),
    ],
    "events_at_place_in_month": [
        ("sailor11", "Which events are {atP} {M}? I'll be in port then."),
        ("engineer11", "Please list the calendar events located {atP} that fall {M}."),
        ("restate11", "What's {atP} {M}? I mean the events there {M}."),
        ("thai11", "{Mc}, event {atP} have what?"),
        ("greek11", "Which events are there {atP} {M}?"),
        ("paren11", "Events {atP} {M} (just those dates)."),
        ("wedding11", "{atPc} {M} – what events are there? I might need the space."),
        ("titlecase11", "Show Me The Events {atP} {M}"),
    ],
    "people_emailed_in_month": [
        ("sailor11", "Who did I send emails to {M}? I want to check nobody was missed before I sailed."),
        ("engineer11", "Please list every person to whom I sent an email {M}."),
        ("restate11", "Who did I email {M}? The people my emails went to {M}."),
        ("thai11", "{Mc}, I send email to who?"),
        ("contrast11", "Not who emailed me – who did I email {M}?"),
        ("mechanic11", "Who'd I email {M}? Probably customers."),
        ("misspell11", "who did i send emials to {M}"),
        ("titlecase11", "Which People Did I Send Emails To {M}?"),
    ],
    "emails_from_person_to_person": [
        ("sailor11", "Which emails did {X} send {Y}? I'm piecing together what happened while I was at sea."),
        ("engineer11", "Please list every email message that {X} sent to {Y}."),
        ("restate11", "What emails went from {X} to {Y} – the ones {X} sent {Y}?"),
        ("greek11", "Which emails sent the {X} to the {Y}?"),
        ("contrast11", "Not {Yp} emails to {X}, the other way: what did {X} email {Y}?"),
        ("paren11", "Emails {X} sent to {Y} (only that direction)."),
        ("wedding11", "Which emails did {X} send {Y}? Two vendors arguing, I need to see it."),
        ("pharmacist11", "Can you show me the emails {X} sent {Y}?"),
    ],
    "count_events_at_place": [
        ("sailor11", "Log entry needed: how many events have there been {atP}?"),
        ("engineer11", "Please state the number of calendar events that have taken place {atP}."),
        ("restate11", "How many events were {atP}? Just the count of events held there."),
        ("thai11", "Event {atP} have how many?"),
        ("greek11", "How many events were made {atP}?"),
        ("mechanic11", "How many events were held {atP}? Asking for the garage's records."),
        ("misspell11", "how many events have there been {atP} in total"),
        ("titlecase11", "Count Of Events That Took Place {atP}, Please"),
    ],
    "links_in_emails_about": [
        ("sailor11", "What links are in the emails about {W}? I'll read them on the next watch."),
        ("engineer11", "Please extract all web links from the email messages concerning {W}."),
        ("restate11", "Which links are in the {W} emails – the URLs in emails about {W}?"),
        ("thai11", "Email about {W}, have link what?"),
        ("paren11", "Links in the emails about {W} (every one)."),
        ("mechanic11", "Any links in the emails about {W}? Pull them out."),
        ("wedding11", "Which links were in the emails about {W}? The couple asked."),
        ("pharmacist11", "Get me the links from the emails about {W}."),
    ],
    "count_emails_to": [
        ("sailor11", "How many emails have I sent {X} over the years?"),
        ("engineer11", "Please state the total number of email messages I have sent to {X}."),
        ("restate11", "How many emails did I send {X}? Just the number I've sent them."),
        ("greek11", "How many emails sent I to the {X}?"),
        ("contrast11", "Not how many I got – how many emails have I sent {X}?"),
        ("paren11", "How many emails have I sent to {X} (in total)?"),
        ("misspell11", "how many emials have i sent {X}"),
        ("titlecase11", "How Many Emails Did I Send To {X} Altogether?"),
    ],
}

TEST9_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: an airline pilot (pilot_t9), a Kenyan English speaker (kenyan_t9), Persian, Finnish and Hungarian
    # first-language speakers (persian_t9, finnish_t9, hungarian_t9), someone who gives two sentences of backstory
    # first (backstory_t9), a vet between appointments (vet_t9), a gardener (gardener_t9), a stage manager
    # (stagemgr_t9), a weary "ugh, fine" asker (weary_t9) and someone who asks to double-check (doublecheck_t9).
    "emails_from": [
        ("pilot_t9", "On a layover in Denver. Confirm: which emails has {X} sent me?"),
        ("kenyan_t9", "Kindly assist me with all the emails {X} has sent me."),
        ("persian_t9", "Please tell me which emails {X} has sent them to me."),
        ("backstory_t9", "{X} and I go back a long way. We've swapped a lot of mail. Which emails have they sent me?"),
        ("gardener_t9", "Muddy hands, so I'll be brief – every email from {X}, please."),
        ("weary_t9", "Ugh, fine. Just show me the emails {X} sent me."),
    ],
    "emails_to": [
        ("kenyan_t9", "I am requesting for the emails I sent to {X}."),
        ("finnish_t9", "Show emails which I have sent to {X}."),
        ("vet_t9", "Between a cat and a labrador – which emails did I send {X}?"),
        ("stagemgr_t9", "Before the half: list the emails I've sent {X}."),
        ("hungarian_t9", "To {X} which emails did I send?"),
        ("doublecheck_t9", "Can you double-check which emails I've sent {X}?"),
    ],
    "emails_between": [
        ("pilot_t9", "All email traffic between {X} and me, inbound and outbound."),
        ("persian_t9", "Please show me all the emails that between me and {X} have been sent, both ways."),
        ("finnish_t9", "Emails between me and {X}, both directions."),
        ("backstory_t9", "{X} says I never replied. I'm sure I did. Show me all the emails between {X} and me, "
                         "both ways."),
        ("stagemgr_t9", "Full paper trail: every email between me and {X}, sent and received."),
        ("weary_t9", "Sigh. Every email between {X} and me, whoever sent it."),
    ],
    "emails_from_in_month": [
        ("pilot_t9", "Which emails did {X} send me {M}? I was flying most of it."),
        ("kenyan_t9", "Kindly show me the emails {X} sent me {M}."),
        ("finnish_t9", "Emails from {X} {M}, show."),
        ("vet_t9", "Between appointments – what did {X} email me {M}?"),
        ("hungarian_t9", "{Mc} {X} which emails sent me?"),
        ("doublecheck_t9", "Can you double-check what {X} emailed me {M}?"),
    ],
    "emails_from_before": [
        ("pilot_t9", "Confirm the emails {X} sent me before {B}."),
        ("persian_t9", "Which emails did {X} send to me before {B}, please?"),
        ("backstory_t9", "There was a dispute with {X}. I need the early record. What did {X} email me before {B}?"),
        ("gardener_t9", "Before {B}, what emails had {X} sent me? I'm sorting out the seed orders."),
        ("stagemgr_t9", "Everything {X} emailed me prior to {B} – for the production file."),
        ("weary_t9", "Fine. Emails from {X} before {B}. Go."),
    ],
    "emails_from_since": [
        ("kenyan_t9", "Kindly check for me the emails {X} has sent me since {B}."),
        ("finnish_t9", "Which emails {X} has sent me since {B}?"),
        ("vet_t9", "What's {X} emailed me since {B}? I've been in surgery all day."),
        ("hungarian_t9", "Since {B} from {X} which emails came to me?"),
        ("backstory_t9", "{X} went quiet for a while. Then they picked up again. Which emails have they sent me "
                         "since {B}?"),
        ("doublecheck_t9", "Double-check for me: what has {X} emailed me since {B}?"),
    ],
    "last_email_from": [
        ("pilot_t9", "Last transmission from {X}: which email was it?"),
        ("persian_t9", "The last email that {X} sent it to me, which one is it?"),
        ("finnish_t9", "Newest email from {X}?"),
        ("vet_t9", "What's the latest email from {X}? They've got a sick dog."),
        ("stagemgr_t9", "Most recent email from {X}, please – I need to confirm the call time."),
        ("weary_t9", "Ugh. What was {Xp} latest email to me?"),
    ],
    "first_email_from": [
        ("kenyan_t9", "Please help me get the very first email {X} sent me."),
        ("persian_t9", "Which email was the first one that {X} sent to me?"),
        ("backstory_t9", "I can't remember how {X} and I met. It started by email, I think. What was the first "
                         "email they ever sent me?"),
        ("gardener_t9", "What's the oldest email I've had from {X}? The very first one."),
        ("hungarian_t9", "From {X} the first email which was?"),
        ("doublecheck_t9", "Can you double-check which email {X} first sent me?"),
    ],
    "first_email_to": [
        ("pilot_t9", "Which was my first email to {X}? Back from before I got my wings."),
        ("kenyan_t9", "Kindly find the first email I ever sent to {X}."),
        ("finnish_t9", "First email which I sent to {X}?"),
        ("vet_t9", "When I first wrote to {X}, which email was that?"),
        ("stagemgr_t9", "My earliest email to {X} – which one?"),
        ("weary_t9", "Okay. My first email to {X}. Which was it?"),
    ],
    "last_email_to": [
        ("persian_t9", "The last email that I sent it to {X}, please show me."),
        ("finnish_t9", "Last email which I sent to {X}?"),
        ("backstory_t9", "{X} hasn't answered. Maybe I never actually sent it. What was the last email I sent them?"),
        ("gardener_t9", "What did I last email {X}? Something about the hedges, probably."),
        ("hungarian_t9", "To {X} my last email which was?"),
        ("doublecheck_t9", "Double-check my most recent email to {X} for me?"),
    ],
    "count_emails_from": [
        ("pilot_t9", "Request a count: how many emails has {X} sent me?"),
        ("kenyan_t9", "How many emails has {X} sent to me so far?"),
        ("finnish_t9", "How many emails {X} has sent me?"),
        ("vet_t9", "How many emails has {X} sent me? Their dog's a regular."),
        ("stagemgr_t9", "Count for me: emails from {X}, total."),
        ("weary_t9", "Ugh, how many emails has {X} sent me now?"),
    ],
    "subject_contains": [
        ("pilot_t9", "Emails with '{W}' in the subject line – list them."),
        ("persian_t9", "Which emails have '{W}' inside their subject?"),
        ("backstory_t9", "Someone started a thread about {W}. I lost it. Which emails have {W} in the subject?"),
        ("gardener_t9", "Find the emails where the subject says {W}."),
        ("hungarian_t9", "In the subject '{W}' which emails have?"),
        ("doublecheck_t9", "Can you double-check which emails have {W} in the subject?"),
    ],
    "last_received_on_day": [
        ("pilot_t9", "On {D}, what was the final email I received?"),
        ("kenyan_t9", "Kindly tell me the last email I received on {D}."),
        ("finnish_t9", "Last email which came to me on {D}?"),
        ("vet_t9", "{Dc} was a long clinic day. What was the last email I got that day?"),
        ("stagemgr_t9", "{Dc} was opening night. What was the last email that came in for me that day?"),
        ("weary_t9", "Fine. The last email I got on {D}?"),
    ],
    "attachments_from": [
        ("kenyan_t9", "Kindly assist me with the attachments {X} has sent me."),
        ("persian_t9", "Which files has {X} sent them to me as attachment?"),
        ("backstory_t9", "{X} sends me drafts all the time. I never keep track. What files have they attached to "
                         "emails to me?"),
        ("gardener_t9", "What files has {X} emailed me? Planting plans, mostly, I think."),
        ("hungarian_t9", "From {X} which attachments did I get?"),
        ("doublecheck_t9", "Can you double-check which files {X} has attached to emails for me?"),
    ],
    "attachments_ext": [
        ("pilot_t9", "Every {EXT1} attached to any email – I need the flight docs."),
        ("finnish_t9", "Show all {EXTS} which are attached to emails."),
        ("vet_t9", "Which {EXTS} have been attached to emails? X-ray reports come that way."),
        ("stagemgr_t9", "All {EXT} attachments from emails – sent or received."),
        ("hungarian_t9", "Attached to emails which {EXTS} are there?"),
        ("weary_t9", "Fine, list every {EXT1} that's been attached to an email."),
    ],
    "folders_with_attachments_from": [
        ("pilot_t9", "Which folders hold the files {X} emailed me?"),
        ("kenyan_t9", "Kindly tell me the folders where the attachments from {X} are saved."),
        ("persian_t9", "The files that {X} sent them to me, in which folders are they?"),
        ("backstory_t9", "{X} sent me attachments. I saved them somewhere. Which folders are they in?"),
        ("stagemgr_t9", "Where did {Xp} attachments go? Which folders?"),
        ("doublecheck_t9", "Can you double-check which folders have the files {X} emailed me?"),
    ],
    "folders_of_file": [
        ("pilot_t9", "Confirm the folder for {F}."),
        ("kenyan_t9", "Please, in which folder is {F}?"),
        ("finnish_t9", "In which folder {F} is?"),
        ("vet_t9", "Which folder is {F} in? The owner wants a copy."),
        ("gardener_t9", "Where's {F} saved? What folder?"),
        ("weary_t9", "Ugh, where did {F} end up? Which folder?"),
    ],
    "who_sent_file": [
        ("pilot_t9", "Who sent me {F}? Confirm the sender."),
        ("persian_t9", "Who is that person who sent {F} to me?"),
        ("backstory_t9", "{F} is in my inbox. I don't remember asking for it. Who sent it to me?"),
        ("gardener_t9", "Who emailed me {F}? I was out in the beds when it came."),
        ("hungarian_t9", "{F} who sent me?"),
        ("stagemgr_t9", "Who sent me {F}? I need to credit them in the programme."),
    ],
    "conversations_with_sender_of_file": [
        ("kenyan_t9", "Kindly find out who sent me {F} and tell me everyone that person has emailed with."),
        ("finnish_t9", "Person who sent {F}: with whom this person has exchanged emails?"),
        ("vet_t9", "Whoever emailed me {F} – who have they had email conversations with?"),
        ("hungarian_t9", "Who sent me {F}, with that person who exchanged emails?"),
        ("stagemgr_t9", "The sender of {F}: who are all the people they've exchanged emails with?"),
        ("doublecheck_t9", "Can you double-check who the sender of {F} has been emailing with?"),
    ],
    "coattendees_of_person": [
        ("pilot_t9", "Who's shared meetings with {X}?"),
        ("persian_t9", "Which people have been in the meetings together with {X}?"),
        ("finnish_t9", "Who has been in same meetings as {X}?"),
        ("backstory_t9", "{X} is new to me. I want to see their circle. Who has attended meetings with {X}?"),
        ("gardener_t9", "Who's been to meetings with {X}?"),
        ("weary_t9", "Okay, who's been in meetings with {X}?"),
    ],
    "events_of_person": [
        ("kenyan_t9", "Kindly list the events {X} attended."),
        ("persian_t9", "Which meetings did {X} participate in them?"),
        ("vet_t9", "What events has {X} been at?"),
        ("stagemgr_t9", "{X}: every event they attended, please."),
        ("hungarian_t9", "{X} which meetings attended?"),
        ("doublecheck_t9", "Can you double-check which events {X} attended?"),
    ],
    "events_at_place": [
        ("pilot_t9", "What's scheduled {atP}, past and future?"),
        ("finnish_t9", "Events {atP}, show all."),
        ("backstory_t9", "I keep ending up {atP}. I want to know how often. Which events are there {atP}?"),
        ("gardener_t9", "What events are {atP}?"),
        ("hungarian_t9", "{atPc} which events are?"),
        ("weary_t9", "Fine. Every event {atP}."),
    ],
    "events_in_month": [
        ("pilot_t9", "My calendar {M}: list all the events."),
        ("kenyan_t9", "Kindly show me the events on my calendar {M}."),
        ("persian_t9", "Please tell me which events are in my calendar {M}."),
        ("vet_t9", "Which events are on my calendar {M}? I need to plan clinic cover."),
        ("stagemgr_t9", "Calendar {M}: every event, please – rehearsals and all."),
        ("doublecheck_t9", "Can you double-check my calendar events {M}?"),
    ],
    "events_titled": [
        ("pilot_t9", "List every event with '{T}' in the title."),
        ("kenyan_t9", "Kindly assist me with all the {T} events."),
        ("finnish_t9", "Events which have '{T}' in name?"),
        ("gardener_t9", "Every {T} on my calendar, please."),
        ("hungarian_t9", "'{T}' in the title which events have?"),
        ("weary_t9", "Ugh, all the {T} events. List them."),
    ],
    "who_attended_titled": [
        ("persian_t9", "Which people participated in the {T} events?"),
        ("finnish_t9", "Who has been in {T} events?"),
        ("backstory_t9", "The {T} keeps growing. I want to see who comes. Who attended the {T} events?"),
        ("vet_t9", "Who came to the {T}? I was stuck with a calving."),
        ("stagemgr_t9", "Attendance for the {T}: who was there?"),
        ("doublecheck_t9", "Can you double-check who attended the {T} events?"),
    ],
    "place_of_event": [
        ("pilot_t9", "Where's {T}? Confirm the location."),
        ("kenyan_t9", "Please, where is {T} taking place?"),
        ("persian_t9", "The {T}, where is its place?"),
        ("gardener_t9", "Where is {T}? Hope it's outdoors."),
        ("hungarian_t9", "{T} where is?"),
        ("weary_t9", "Fine, where's {T}?"),
    ],
    "people_met_at_place": [
        ("pilot_t9", "Who have I met {atP}? Meetings I was at myself."),
        ("kenyan_t9", "Kindly tell me the people I have met {atP}."),
        ("finnish_t9", "Who I have met {atP}?"),
        ("backstory_t9", "I had a few meetings {atP}. Names escape me. Who did I meet there?"),
        ("stagemgr_t9", "{atPc}: who have I had meetings with?"),
        ("doublecheck_t9", "Can you double-check who I've met {atP}?"),
    ],
    "people_met_in_month": [
        ("pilot_t9", "Who did I meet {M}? I was between flights a lot."),
        ("persian_t9", "Which people did I have meeting with {M}?"),
        ("finnish_t9", "Who I met {M}?"),
        ("vet_t9", "Who did I have meetings with {M}?"),
        ("hungarian_t9", "{Mc} with whom did I meet?"),
        ("weary_t9", "Okay, who did I meet {M}?"),
    ],
    "links_from_person": [
        ("kenyan_t9", "Kindly get me all the links {X} has sent me."),
        ("persian_t9", "Which links has {X} sent them to me in emails?"),
        ("backstory_t9", "{X} is always sharing articles. I never click them. What links has {X} sent me?"),
        ("gardener_t9", "What links has {X} emailed me? Seed catalogues, probably."),
        ("hungarian_t9", "From {X} which links came?"),
        ("stagemgr_t9", "Links {X} has emailed me – all of them."),
    ],
    "links_from_people_met_in_month": [
        ("pilot_t9", "The people I met {M}: what links have they emailed me?"),
        ("finnish_t9", "Links which people I met {M} have sent me?"),
        ("vet_t9", "I met a few people {M}. Which links did they email me?"),
        ("hungarian_t9", "Who I met {M}, from them which links came?"),
        ("backstory_t9", "I met a lot of people {M}. Some of them sent reading. What links have those people "
                         "emailed me?"),
        ("doublecheck_t9", "Can you double-check the links from the people I met {M}?"),
    ],
    "links_to_domain": [
        ("pilot_t9", "All {U} links in my email, please."),
        ("kenyan_t9", "Kindly find me every link to {U}."),
        ("persian_t9", "Which links go to the {U}?"),
        ("finnish_t9", "Links to {U}, show all."),
        ("gardener_t9", "Every {U} link anyone's emailed."),
        ("weary_t9", "Fine. All the {U} links."),
    ],
    "last_email_from_about": [
        ("pilot_t9", "Latest email from {X} about {W} – which one?"),
        ("kenyan_t9", "Kindly show me the most recent email {X} sent about {W}."),
        ("finnish_t9", "Newest email from {X} about {W}?"),
        ("backstory_t9", "{X} has been updating me on {W}. I've lost the thread. What's their latest email about "
                         "{W}?"),
        ("stagemgr_t9", "{Xp} most recent email on {W}, please."),
        ("doublecheck_t9", "Can you double-check {Xp} latest email about {W}?"),
    ],
    "emails_from_with_attachment": [
        ("kenyan_t9", "Kindly list the emails from {X} that have attachments."),
        ("persian_t9", "Which emails of {X} had attachment on them?"),
        ("vet_t9", "Which of {Xp} emails came with files attached? Lab results, maybe."),
        ("gardener_t9", "Emails from {X} with something attached – which ones?"),
        ("hungarian_t9", "From {X} which emails came with attachment?"),
        ("weary_t9", "Ugh. {Xp} emails with attachments, please."),
    ],
    "files_from_in_month": [
        ("pilot_t9", "Files {X} sent me {M}? I was on long-haul most of it."),
        ("persian_t9", "Which files did {X} send them to me {M}?"),
        ("finnish_t9", "Files which {X} sent me {M}?"),
        ("backstory_t9", "{X} sends me things at odd times. I'm trying to tidy up. What files did they send me {M}?"),
        ("stagemgr_t9", "What did {X} attach to emails to me {M}? Script revisions, probably."),
        ("doublecheck_t9", "Can you double-check which files {X} sent me {M}?"),
    ],
    "events_at_place_in_month": [
        ("pilot_t9", "Which events are {atP} {M}? Checking my roster."),
        ("kenyan_t9", "Kindly list the events {atP} {M}."),
        ("vet_t9", "What events are {atP} {M}?"),
        ("gardener_t9", "{Mc}, what's on {atP}?"),
        ("hungarian_t9", "{Mc} {atP} which events are?"),
        ("weary_t9", "Fine, events {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("pilot_t9", "Who did I email {M}? Give me the manifest."),
        ("kenyan_t9", "Kindly tell me the people I emailed {M}."),
        ("persian_t9", "Which people did I send emails to them {M}?"),
        ("backstory_t9", "I sent a lot of emails {M}. Some went unanswered. Who did I email {M}?"),
        ("stagemgr_t9", "{Mc}: who did I send emails to?"),
        ("doublecheck_t9", "Can you double-check who I sent emails to {M}?"),
    ],
    "emails_from_person_to_person": [
        ("pilot_t9", "Which emails did {X} send to {Y}?"),
        ("kenyan_t9", "Kindly show me the emails {X} sent to {Y}."),
        ("finnish_t9", "Emails which {X} has sent to {Y}?"),
        ("vet_t9", "What has {X} emailed {Y}? They share a clinic."),
        ("hungarian_t9", "From {X} to {Y} which emails went?"),
        ("weary_t9", "Ugh. Emails {X} sent {Y}, please."),
    ],
    "count_events_at_place": [
        ("pilot_t9", "Confirm the number of events held {atP}."),
        ("persian_t9", "How many events there were {atP}?"),
        ("backstory_t9", "We keep booking {P}. I wonder if it's worth it. How many events have there been {atP}?"),
        ("gardener_t9", "How many events were there {atP} in all?"),
        ("stagemgr_t9", "Event count {atP}, please."),
        ("doublecheck_t9", "Can you double-check how many events were held {atP}?"),
    ],
    "links_in_emails_about": [
        ("kenyan_t9", "Kindly assist me with the links in the emails about {W}."),
        ("finnish_t9", "Links which are in emails about {W}?"),
        ("vet_t9", "What links were in the emails about {W}? I'm between two consults."),
        ("gardener_t9", "Any links in the {W} emails? All of them, please."),
        ("hungarian_t9", "In the emails about {W} which links are?"),
        ("weary_t9", "Fine. Links from the {W} emails."),
    ],
    "count_emails_to": [
        ("pilot_t9", "How many emails have I sent {X}? Say the number."),
        ("kenyan_t9", "How many emails have I sent to {X} so far?"),
        ("persian_t9", "How many emails did I send them to {X}?"),
        ("backstory_t9", "{X} says I never write. I think I write all the time. How many emails have I sent {X}?"),
        ("hungarian_t9", "To {X} how many emails did I send?"),
        ("doublecheck_t9", "Can you double-check how many emails I've sent {X}?"),
    ],
}


# =============================================================================================
# dev12 and test10: two more groups of askers, each writing every shape (the later ones too). dev12's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: a librarian keeping
# records ("for the record", "retrieve", "shelved"), a data analyst ("where sender = ...", "count of", "distinct"),
# someone who writes about themself in the third person ("{SELF}", "the user"), Urdu and Ukrainian first-language
# speakers (Urdu: "what all", "yaar", "acha"; Ukrainian: "letters" for emails, no articles, "lies" for a file in a
# folder), someone who half answers their own question ("... – a few dozen, I think?"), someone who nests the question
# in a conditional ("If X emailed me in ..., which emails were they?"), someone who puts the question word last ("X
# sent me which emails?"), a bartender, a translator, a long-haul trucker and a firefighter between calls.
# test10's askers are another group again (sharing no template with any part): a Swahili first-language speaker
# ("Habari", "please I need", "asante"), Czech and Tamil first-language speakers (Czech: "e-mails", the verb before
# its subject, "which" after a comma; Tamil: "what all", "alone", "totally", "no?"), a plumber on a job, a
# photographer between shoots, a "with respect to / regarding / pertaining to" register, a "u / ya / wat" texter
# (its words in lower case, the names as written), a zookeeper, a tour guide, an excited asker with exclamation
# marks and a hotel night receptionist; like test2 to test9, only its aggregate figures are reported. Both draw
# their date phrases from their own lists ("the autumn of 2024", "the spring of 2024", "fall '25", "Q2 '25", "2025
# Q3", "Jul–Sep 2025", "between Oct and Nov 2025", "from mid-Sept to mid-Nov 2025", the 3rd week / last week of a
# month, "ten/eleven weeks ago", "four/six months ago", "two quarters ago", rolling windows of 4, 11 and 16 weeks,
# 75 and 130 days, 7 and 8 months, "this past July/June", "over Christmas 2025", "last Christmas", "over the
# Christmas holidays", "mid-2024", "in late 2024", "during the winter of 2025-26", "the week of 1 December
# 2025", "in Q1 2026", "next March", "in March '26", "in the next seven weeks", "within the next 40 days", days such
# as "Tues 14th Oct 2025", "October fourteenth, 2025", "Oct 14th, '25" and "Tuesday, the 14th of October, 2025",
# bounds such as "Valentine's Day 2025", "the last day of September 2025" and "the 2nd week of October 2025"); every
# phrase, bound and day spelling was checked against queryweaver.dates for the exact range the oracle uses. Their
# questions follow test9's: dev12's first, then test10's.
# =============================================================================================

D12, T10 = "dev12", "test10"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9, D12, T10)
SHORT_WEEKDAYS = ("Mon", "Tues", "Wed", "Thurs", "Fri", "Sat", "Sun")  # as people abbreviate them without a dot


def quarters_back(today: date, n: int) -> tuple[date, date]:
    """The calendar quarter ``n`` quarters before today's ("two quarters ago")."""
    y, q = divmod(today.year * 4 + (today.month - 1) // 3 - n, 4)
    start = date(y, 3 * q + 1, 1)
    return start, (date(y + 1, 1, 1) if q == 3 else date(y, 3 * q + 4, 1))


def dev12_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the autumn of 2024", "fall '25", "Q2 '25", "the 3rd week of September 2025", "the last week of August 2025",
    "ten weeks ago" (a calendar week, Monday to Sunday), "four months ago" (a calendar month), rolling windows ("the
    past 11 weeks", "the last 75 days", "the past 7 months", "the last 4 weeks"), "between Oct and Nov 2025", an
    en-dash span of short month names, "the middle of October 2025", "this past July", "over Christmas 2025" and
    "mid-2024"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    july = today.year - (today.month <= 7)  # the latest July before this month
    return [("in the autumn of 2024", (date(2024, 9, 1), date(2024, 12, 1))),
            ("in fall '25", (date(2025, 9, 1), date(2025, 12, 1))),
            ("in Q2 '25", (date(2025, 4, 1), date(2025, 7, 1))),
            ("in the 3rd week of September 2025", (date(2025, 9, 15), date(2025, 9, 22))),
            ("in the last week of August 2025", (date(2025, 8, 25), date(2025, 9, 1))),
            ("ten weeks ago", (monday - timedelta(days=70), monday - timedelta(days=63))),
            ("four months ago", months_back(today, 4)),
            ("in the past 11 weeks", (today - timedelta(weeks=11), tomorrow)),
            ("in the last 75 days", (today - timedelta(days=75), tomorrow)),
            ("over the past 7 months", (months_before(today, 7), tomorrow)),
            ("in the last 4 weeks", (today - timedelta(weeks=4), tomorrow)),
            ("between Oct and Nov 2025", (date(2025, 10, 1), date(2025, 12, 1))),
            ("in Jul–Sep 2025", (date(2025, 7, 1), date(2025, 10, 1))),
            ("in the middle of October 2025", (date(2025, 10, 11), date(2025, 10, 21))),
            ("this past July", month_range(july, 7)),
            ("over Christmas 2025", (date(2025, 12, 24), date(2025, 12, 27))),
            ("in mid-2024", (date(2024, 5, 1), date(2024, 9, 1)))]


def dev12_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev12_month_phrases(today) + [("in the next seven weeks", (today, today + timedelta(weeks=7, days=1))),
                                         ("in Q1 2026", (date(2026, 1, 1), date(2026, 4, 1))),
                                         ("in March '26", month_range(2026, 3))]


DEV12_BOUNDS = [("the 12th of September 2025", date(2025, 9, 12)), ("Sept. 22, 2025", date(2025, 9, 22)),
                ("the middle of October 2025", date(2025, 10, 11)), ("fall '25", date(2025, 9, 1)),
                ("Q4 '25", date(2025, 10, 1)), ("the 7th of November 2025", date(2025, 11, 7)),
                ("the 1st of Aug 2025", date(2025, 8, 1)), ("New Year's Eve 2025", date(2025, 12, 31)),
                ("Oct 2nd, '25", date(2025, 10, 2))]


def dev12_day(d: date, i: int) -> str:
    """"Tues 14th Oct 2025", "October fourteenth, 2025", "Tuesday 14th October 2025", "the 14th of October '25"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    forms = (f"{SHORT_WEEKDAYS[d.weekday()]} {nth(d.day)} {month[:3]} {d.year}",
             f"{month} {ORDINAL_WORDS[d.day - 1]}, {d.year}", f"{weekday} {nth(d.day)} {month} {d.year}",
             f"the {nth(d.day)} of {month} '{d.year % 100:02d}")
    return forms[i % len(forms)]


def test10_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the spring of 2024", "2025 Q3", "the third week of October 2025", "eleven weeks ago", "six months ago", "two
    quarters ago" (calendar units), rolling windows ("the last 16 weeks", "the last 130 days", "the last 8 months"),
    "from August through October 2025", "from mid-Sept to mid-Nov 2025", "this past June", "last Christmas", "over
    the Christmas holidays", "the week of 1 December 2025", "late 2024" and "the winter of 2025-26"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    june = today.year - (today.month <= 6)  # the latest June before this month
    christmas = today.year - ((today.month, today.day) < (12, 27))  # the latest Christmas that is over
    holidays = today.year - ((today.month, today.day) < (12, 24))  # the latest Christmas holidays that have begun
    return [("in the spring of 2024", (date(2024, 3, 1), date(2024, 6, 1))),
            ("in 2025 Q3", (date(2025, 7, 1), date(2025, 10, 1))),
            ("in the third week of October 2025", (date(2025, 10, 15), date(2025, 10, 22))),
            ("eleven weeks ago", (monday - timedelta(days=77), monday - timedelta(days=70))),
            ("six months ago", months_back(today, 6)),
            ("two quarters ago", quarters_back(today, 2)),
            ("within the last 16 weeks", (today - timedelta(weeks=16), tomorrow)),
            ("in the last 130 days", (today - timedelta(days=130), tomorrow)),
            ("over the last 8 months", (months_before(today, 8), tomorrow)),
            ("from August through October 2025", (date(2025, 8, 1), date(2025, 11, 1))),
            ("from mid-Sept to mid-Nov 2025", (date(2025, 9, 11), date(2025, 11, 21))),
            ("this past June", month_range(june, 6)),
            ("last Christmas", (date(christmas, 12, 24), date(christmas, 12, 27))),
            ("over the Christmas holidays", (date(holidays, 12, 24), date(holidays + 1, 1, 2))),
            ("in the week of 1 December 2025", (date(2025, 12, 1), date(2025, 12, 8))),
            ("in late 2024", (date(2024, 9, 1), date(2025, 1, 1))),
            ("during the winter of 2025-26", (date(2025, 12, 1), date(2026, 3, 1)))]


def test10_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    march = today.year + (today.month >= 3)  # the first March still to begin
    return test10_month_phrases(today) + [("within the next 40 days", (today, today + timedelta(days=41))),
                                          ("over the coming three weeks", (today, today + timedelta(weeks=3, days=1))),
                                          ("next March", month_range(march, 3))]


TEST10_BOUNDS = [("the 8th of August 2025", date(2025, 8, 8)), ("Nov. 17, 2025", date(2025, 11, 17)),
                 ("the 19th of Sep 2025", date(2025, 9, 19)), ("Valentine's Day 2025", date(2025, 2, 14)),
                 ("the last day of September 2025", date(2025, 9, 30)), ("summer '25", date(2025, 6, 1)),
                 ("the 2nd week of October 2025", date(2025, 10, 8)), ("1 Dec '25", date(2025, 12, 1)),
                 ("the fourth of November 2025", date(2025, 11, 4))]


def test10_day(d: date, i: int) -> str:
    """"Oct 14th, '25", "Tuesday, the 14th of October, 2025", "Tue, 14th Oct 2025", "14th of Oct '25"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    forms = (f"{month[:3]} {nth(d.day)}, '{d.year % 100:02d}", f"{weekday}, the {nth(d.day)} of {month}, {d.year}",
             f"{weekday[:3]}, {nth(d.day)} {month[:3]} {d.year}", f"{nth(d.day)} of {month[:3]} '{d.year % 100:02d}")
    return forms[i % len(forms)]


DEV12_MAKERS = dated_makers(dev12_month_phrases, dev12_event_phrases, DEV12_BOUNDS, dev12_day)
TEST10_MAKERS = dated_makers(test10_month_phrases, test10_event_phrases, TEST10_BOUNDS, test10_day)


DEV12_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a librarian keeping records (librarian12), a data analyst (analyst12), someone who writes about themself
    # in the third person (thirdperson12), Urdu and Ukrainian first-language speakers (urdu12, ukrainian12), someone
    # who half answers their own question (selfanswer12), someone who nests the question in a conditional
    # (conditional12), someone who puts the question word last (wordlast12), a bartender (bartender12), a translator
    # (translator12), a long-haul trucker (trucker12) and a firefighter between calls (firefighter12).
    "emails_from": [
        ("librarian12", "I'm cataloguing my correspondence. Could you retrieve every email {X} has sent me?"),
        ("analyst12", "Pull all emails where the sender is {X}. Every row, no limit."),
        ("thirdperson12", "Does the user have any emails from {X}? List every one {X} has sent them."),
        ("urdu12", "Please tell me what all emails {X} has sent me."),
        ("ukrainian12", "Show me all letters which {X} sent to me."),
        ("selfanswer12", "What has {X} emailed me? Mostly invoices, I'd guess, but show me all of it."),
        ("wordlast12", "{X} has sent me which emails, exactly?"),
        ("trucker12", "Parked at a truck stop for the night. Pull up every email {X} sent me."),
    ],
    "emails_to": [
        ("librarian12", "For my records, please list the emails I have sent to {X}."),
        ("trucker12", "Which emails have I sent {X}? Fuelling up, so quick."),
        ("thirdperson12", "Which emails has the user sent to {X}?"),
        ("ukrainian12", "Which letters I wrote to {X}? Show all."),
        ("conditional12", "If I've written to {X} at all, show me those emails."),
        ("bartender12", "Restocking the bar. Which emails have I sent {X}?"),
        ("translator12", "I translated some documents for {X} and sent them over. Which emails did I send {X}?"),
        ("firefighter12", "Between calls at the station: what emails did I send {X}?"),
    ],
    "emails_between": [
        ("firefighter12", "Back at the station. Pull every email between {X} and me, both directions."),
        ("analyst12", "All emails where the participants include both me and {X}."),
        ("thirdperson12", "Show every email exchanged between {SELF} and {X}."),
        ("bartender12", "Between pours: show me every email between {X} and me, whichever way it went."),
        ("selfanswer12", "{X} and I have been writing back and forth a lot – a few dozen emails, I think? Show me "
                         "every one of them, both ways."),
        ("wordlast12", "Me and {X} have swapped which emails? Both directions."),
        ("trucker12", "Got a 30-minute stop. Every email between {X} and me, both ways."),
        ("translator12", "I need the whole exchange between {X} and me, every email in either direction, for a "
                         "glossary I'm building."),
    ],
    "emails_from_in_month": [
        ("librarian12", "Could you retrieve the emails {X} sent me {M}? I'm filing them by date."),
        ("analyst12", "Emails where sender = {X}, sent {M}."),
        ("trucker12", "Which emails did {X} send me {M}? I was hauling across three states then."),
        ("urdu12", "{Mc}, what all emails did {X} send me? Please check."),
        ("ukrainian12", "Which letters {X} sent me {M}?"),
        ("conditional12", "If {X} emailed me {M}, which emails were they?"),
        ("wordlast12", "{Mc}, {X} emailed me what?"),
        ("firefighter12", "Quiet shift so far. What emails did {X} send me {M}?"),
    ],
    "emails_from_before": [
        ("librarian12", "Please retrieve the emails {X} sent me before {B}; the later ones are already filed."),
        ("firefighter12", "Which emails did {X} send me before {B}? Asking between calls."),
        ("thirdperson12", "Before {B}, which emails did {X} send the user?"),
        ("selfanswer12", "What did {X} email me before {B}? Not much, probably, but list it."),
        ("conditional12", "If {X} wrote to me before {B}, show me those emails."),
        ("bartender12", "Slow night at the bar. Which emails had {X} sent me before {B}?"),
        ("translator12", "I'm checking an older version of a text: which emails did {X} send me prior to {B}?"),
        ("trucker12", "Before {B}, what did {X} email me? Dispatch is asking."),
    ],
    "emails_from_since": [
        ("trucker12", "Since {B}, what has {X} emailed me? I've been on the road for weeks."),
        ("analyst12", "Emails from {X} with date on or after {B}."),
        ("urdu12", "Since {B}, what all emails has {X} sent me?"),
        ("translator12", "Which emails has {X} sent me since {B}? That's when the new contract started."),
        ("selfanswer12", "Has {X} written since {B}? A couple of times, I think – show me those emails."),
        ("wordlast12", "{X} has sent me what since {B}?"),
        ("bartender12", "Wiping down the taps – which emails has {X} sent me since {B}?"),
        ("firefighter12", "Any emails from {X} since {B}? I've been on nights."),
    ],
    "last_email_from": [
        ("bartender12", "Quick one before the doors open: what's the latest email {X} sent me?"),
        ("analyst12", "Latest email where sender = {X}. Just the top row."),
        ("thirdperson12", "What is the most recent email the user got from {X}?"),
        ("urdu12", "Jee, what was the latest email {X} sent me?"),
        ("ukrainian12", "Which is last letter from {X}?"),
        ("selfanswer12", "When did {X} last email me – a week ago or so? Show me that last email."),
        ("wordlast12", "The last email {X} sent me was which one?"),
        ("trucker12", "Heading out in five. What's the latest email from {X}?"),
    ],
    "first_email_from": [
        ("librarian12", "For the archive: which was the very first email {X} sent me?"),
        ("trucker12", "What was the first email {X} ever sent me? Waiting at a loading dock."),
        ("thirdperson12", "What was the first email {X} ever sent {SELF}?"),
        ("urdu12", "Please find the first email {X} sent me, the oldest one."),
        ("ukrainian12", "Which was first letter from {X} to me?"),
        ("conditional12", "If I still have it, what was the first email {X} sent me?"),
        ("bartender12", "Before the rush starts: what's the first email {X} ever sent me?"),
        ("translator12", "I need to know how this job started. Which email did {X} send me first?"),
    ],
    "first_email_to": [
        ("trucker12", "Which was the first email I sent {X}? Back before I started driving long-haul."),
        ("analyst12", "Earliest email from me to {X}. One row."),
        ("thirdperson12", "Which was the first email the user ever sent {X}?"),
        ("ukrainian12", "Which was my first letter to {X}?"),
        ("selfanswer12", "What was my first email to {X}? Probably an introduction, years ago. Find it."),
        ("conditional12", "If I ever wrote to {X}, which email was the first?"),
        ("wordlast12", "My first email to {X} was which one?"),
        ("firefighter12", "Washing the engine after a call. What was the first email I ever sent {X}?"),
    ],
    "last_email_to": [
        ("librarian12", "Please retrieve the most recent email I sent to {X}."),
        ("translator12", "What was the most recent email I sent {X}? I want to check which draft went out."),
        ("thirdperson12", "Which was the most recent email {SELF} sent {X}?"),
        ("urdu12", "Acha, the last email I sent to {X}, which one was it?"),
        ("ukrainian12", "Which last letter I sent to {X}?"),
        ("selfanswer12", "When did I last write to {X}? A while ago, I think. Show me that email."),
        ("bartender12", "Last orders called. What was the last email I sent {X}?"),
        ("trucker12", "Which email did I last send {X}? I'm on my 10-hour break."),
    ],
    "count_emails_from": [
        ("firefighter12", "How many emails has {X} sent me? Quiet night at the station."),
        ("analyst12", "Count of emails where sender = {X}."),
        ("thirdperson12", "How many emails does the user have from {X}?"),
        ("urdu12", "Bhai, how many emails has {X} sent me?"),
        ("ukrainian12", "How many letters I got from {X}?"),
        ("selfanswer12", "How many emails has {X} sent me? Must be a hundred by now."),
        ("wordlast12", "{X} has sent me how many emails?"),
        ("translator12", "How many emails have come to me from {X}? I need the number for my invoice."),
    ],
    "subject_contains": [
        ("translator12", "Which emails have '{W}' in the subject line? I'm checking how the term was used."),
        ("analyst12", "Emails where subject contains '{W}'."),
        ("thirdperson12", "Which emails in the user's mailbox have '{W}' in the subject?"),
        ("ukrainian12", "Which letters have '{W}' in the subject?"),
        ("selfanswer12", "Which emails have {W} in the subject? There's at least three, I think."),
        ("conditional12", "If any emails have {W} in the subject line, show me them."),
        ("bartender12", "Bar's empty. Find me the emails with '{W}' in the subject."),
        ("trucker12", "Any emails with {W} in the subject line? Pull them up."),
    ],
    "last_received_on_day": [
        ("librarian12", "Of the emails I received on {D}, which one arrived last?"),
        ("trucker12", "On {D} I was driving all day. What was the last email that reached me that day?"),
        ("thirdperson12", "On {D}, which email did the user receive last?"),
        ("urdu12", "{Dc}, the last email that came to me, which one was it?"),
        ("ukrainian12", "Which letter came to me last on {D}?"),
        ("wordlast12", "The last email I got on {D} was which one?"),
        ("translator12", "I had a deadline on {D}. What was the final email I received that day?"),
        ("firefighter12", "Pulled a double on {D}. Which email was the last one I got that day?"),
    ],
    "attachments_from": [
        ("librarian12", "Please list every file {X} has sent me as an attachment."),
        ("analyst12", "Attachments on emails where sender = {X}. File names only."),
        ("thirdperson12", "Which files has {X} sent the user as attachments?"),
        ("bartender12", "Which files has {X} sent me? The supplier's always attaching something."),
        ("selfanswer12", "What files has {X} attached to their emails to me? There should be a few."),
        ("conditional12", "If {X} has ever attached files to an email to me, which files are they?"),
        ("trucker12", "Which files has {X} emailed me? I'm parked up for the night."),
        ("translator12", "I work from whatever {X} attaches. Which files have they sent me?"),
    ],
    "attachments_ext": [
        ("translator12", "Which {EXTS} have been attached to emails, sent or received? That's the format clients "
                         "send me."),
        ("analyst12", "Attachments where extension = {EXT}, across all emails."),
        ("thirdperson12", "Which {EXTS} are attached to emails in the user's mailbox?"),
        ("ukrainian12", "Show me all {EXTS} attached to letters, sent and received."),
        ("conditional12", "If there are {EXTS} attached to any emails, list them all."),
        ("wordlast12", "The {EXTS} attached to emails are which ones?"),
        ("bartender12", "Which {EXTS} have been attached to emails? The supplier sends price lists like that."),
        ("firefighter12", "List every .{EXT} file that's been attached to an email – incoming or outgoing."),
    ],
    "folders_with_attachments_from": [
        ("librarian12", "Where have I shelved the files {X} emailed me? Which folders hold them?"),
        ("analyst12", "Folders containing attachments from {X}. Distinct list."),
        ("thirdperson12", "In which folders did the user save the files {X} sent them?"),
        ("urdu12", "The attachments {X} sent me, in which all folders are they saved?"),
        ("ukrainian12", "In which folders lie the files which {X} sent me?"),
        ("selfanswer12", "Which folders are {Xp} attachments in? Downloads, probably, but check."),
        ("trucker12", "Which folders did the files {X} emailed me end up in?"),
        ("firefighter12", "The files {X} emailed me – which folders are they in? Need them before my next shift."),
    ],
    "folders_of_file": [
        ("librarian12", "Please tell me which folder {F} is shelved in."),
        ("firefighter12", "Which folder did I put {F} in? I'm at the station and need it."),
        ("thirdperson12", "Where has the user saved {F}? Which folder?"),
        ("ukrainian12", "Where lies {F}? In which folder?"),
        ("selfanswer12", "Where did {F} end up? Somewhere sensible, I hope. Which folder is it in?"),
        ("conditional12", "If {F} is still on my drive, which folder is it in?"),
        ("wordlast12", "{F} is in which folder?"),
        ("bartender12", "Which folder has {F}? Need it before opening."),
    ],
    "who_sent_file": [
        ("librarian12", "Please identify who sent me {F}."),
        ("analyst12", "Sender of the email with attachment {F}?"),
        ("bartender12", "Who sent me {F}? Came in during happy hour."),
        ("urdu12", "Who has sent me {F}? Please tell."),
        ("selfanswer12", "Who sent me {F}? Someone from the client side, I think, but I'm not sure who."),
        ("conditional12", "If {F} came by email, who sent it to me?"),
        ("wordlast12", "{F} came from who?"),
        ("translator12", "Who sent me {F}? I need to credit the author in my translation notes."),
    ],
    "conversations_with_sender_of_file": [
        ("librarian12", "Please identify whoever sent me {F}, then list everyone that person has exchanged emails "
                        "with."),
        ("analyst12", "Sender of {F} → distinct people they've exchanged emails with."),
        ("translator12", "The sender of {F}: who all have they exchanged emails with? I need to know who's seen the "
                         "text."),
        ("urdu12", "The person who sent me {F}, with whom all has that person exchanged emails?"),
        ("ukrainian12", "Person who sent me {F} – with whom this person was writing emails?"),
        ("conditional12", "If you can work out who sent me {F}, tell me everyone that person has emailed with."),
        ("trucker12", "Somebody emailed me {F}. Who all has that sender been trading emails with?"),
        ("firefighter12", "Who has the sender of {F} had email conversations with? Checking before a call-out."),
    ],
    "coattendees_of_person": [
        ("librarian12", "Please list everyone who has attended an event together with {X}."),
        ("firefighter12", "Who's been at events with {X}? Need names for the station's contact sheet."),
        ("urdu12", "Which people have been in meetings along with {X}?"),
        ("ukrainian12", "Who was on meetings together with {X}?"),
        ("selfanswer12", "Who's been in meetings with {X}? Mostly the sales lot, I'd guess, but list everyone."),
        ("wordlast12", "{X} has been in meetings with who?"),
        ("bartender12", "Pouring a pint. Who has {X} been in meetings with?"),
        ("translator12", "I interpret at some of {Xp} meetings. Who has attended events with {X}?"),
    ],
    "events_of_person": [
        ("librarian12", "Please list every event on record that {X} attended."),
        ("analyst12", "Events where attendees include {X}."),
        ("translator12", "Which events has {X} attended? I may have interpreted at some."),
        ("urdu12", "Please tell me which all meetings {X} attended."),
        ("conditional12", "If {X} has been to any of the events, which ones?"),
        ("wordlast12", "{X} attended which events?"),
        ("trucker12", "Which meetings has {X} been at? I'll call in from the road next time."),
        ("firefighter12", "What events has {X} attended? The crew needs a list."),
    ],
    "events_at_place": [
        ("librarian12", "Please list every event held {atP}, past or scheduled."),
        ("trucker12", "What events are {atP}? I might be passing through."),
        ("thirdperson12", "Which of the user's events are {atP}?"),
        ("ukrainian12", "Which meetings are {atP}?"),
        ("selfanswer12", "What events are {atP}? Only a few, I suspect. List them."),
        ("conditional12", "If anything is or was booked {atP}, which events?"),
        ("bartender12", "Which events are on the calendar {atP}? Thinking of booking a party there."),
        ("translator12", "Which events take place {atP}? I may need to interpret there."),
    ],
    "events_in_month": [
        ("librarian12", "Please list the calendar events {M}."),
        ("analyst12", "Events dated {M}. All of them."),
        ("bartender12", "What's on my calendar {M}? Working out which nights I can cover."),
        ("urdu12", "{Mc}, what all events are in my calendar?"),
        ("ukrainian12", "Which meetings I have {M}?"),
        ("wordlast12", "{Mc}, my calendar has which events?"),
        ("trucker12", "What's on my calendar {M}? Planning my routes."),
        ("firefighter12", "Which events are on my calendar {M}? Building the shift swap list."),
    ],
    "events_titled": [
        ("firefighter12", "Which events have '{T}' in the name? Want to see which ones clash with my shifts."),
        ("analyst12", "Events where title contains '{T}'."),
        ("thirdperson12", "Which of the user's events have '{T}' in the title?"),
        ("ukrainian12", "Show me all meetings with '{T}' in name."),
        ("selfanswer12", "Show me the {T} events. There's a regular one, I think, plus some extras."),
        ("conditional12", "If there's anything called {T} on my calendar, list it."),
        ("wordlast12", "The {T} events fall on which dates?"),
        ("bartender12", "Which {T} events are on the calendar? Need to swap shifts."),
    ],
    "who_attended_titled": [
        ("bartender12", "Who came to the {T} events? A few of them drink here, I think."),
        ("analyst12", "Distinct attendees of events titled like '{T}'."),
        ("thirdperson12", "Who was at the {T} events on the user's calendar?"),
        ("urdu12", "Who all came to the {T}?"),
        ("ukrainian12", "Who was present on the {T}?"),
        ("selfanswer12", "Who went to the {T}? The usual crowd, I'd guess – list them."),
        ("wordlast12", "The {T} had which people attending?"),
        ("translator12", "Who attended the {T} events? I need names for the interpreting sheet."),
    ],
    "place_of_event": [
        ("librarian12", "Please tell me where {T} is held."),
        ("analyst12", "Location of the event '{T}'?"),
        ("bartender12", "Where's {T}? Is it near the bar?"),
        ("urdu12", "Please tell me the place of {T}."),
        ("ukrainian12", "Where takes place {T}?"),
        ("selfanswer12", "Where's {T}? The usual place, probably, but check."),
        ("wordlast12", "And {T} is held where?"),
        ("trucker12", "Where's {T}? Need to know if there's truck parking."),
    ],
    "people_met_at_place": [
        ("librarian12", "Please list the people I have met {atP}, counting only meetings I attended."),
        ("bartender12", "Who have I met {atP}? One of them might be a regular."),
        ("thirdperson12", "Who has the user met {atP}?"),
        ("urdu12", "{atPc}, whom all have I met?"),
        ("translator12", "Who have I met {atP}? I interpreted for a couple of them."),
        ("selfanswer12", "Who have I met {atP}? Only a handful, I think."),
        ("conditional12", "If I've met anyone {atP}, who was it?"),
        ("firefighter12", "Who have I met {atP}? A name's on the tip of my tongue."),
    ],
    "people_met_in_month": [
        ("firefighter12", "Who did I have meetings with {M}? I work odd shifts, so not many, I think."),
        ("thirdperson12", "Who did the user meet {M}?"),
        ("urdu12", "{Mc}, whom all did I meet?"),
        ("ukrainian12", "With whom I met {M}?"),
        ("conditional12", "If I had meetings {M}, who were they with?"),
        ("wordlast12", "{Mc}, I met who?"),
        ("bartender12", "Who did I have meetings with {M}? Trying to remember a regular's name."),
        ("trucker12", "Who did I meet {M}? I was off the road for some of it."),
    ],
    "links_from_person": [
        ("librarian12", "Please list every web link {X} has sent me in email."),
        ("analyst12", "URLs extracted from emails where sender = {X}."),
        ("trucker12", "What links has {X} sent me? I'll read them at my next rest stop."),
        ("urdu12", "What all links has {X} sent me?"),
        ("ukrainian12", "Which links {X} sent me in letters?"),
        ("selfanswer12", "What links has {X} sent me? Mostly articles, I'd guess, but list them."),
        ("translator12", "Which links has {X} emailed me? Glossaries and reference pages, I think."),
        ("firefighter12", "Which links has {X} sent me? I'll read them on my next night shift."),
    ],
    "links_from_people_met_in_month": [
        ("librarian12", "Please list the links sent to me by the people I met {M}."),
        ("analyst12", "URLs in emails from people who attended events with me {M}."),
        ("thirdperson12", "Which links were sent by the people the user met {M}?"),
        ("firefighter12", "Which links have the people I met {M} emailed me? Catching up between calls."),
        ("conditional12", "If the people I met {M} emailed me any links, which were they?"),
        ("wordlast12", "The people I met {M} sent me which links?"),
        ("bartender12", "I met a lot of folks {M}. Which links have they emailed me?"),
        ("trucker12", "Which links did the people I met {M} email me?"),
    ],
    "links_to_domain": [
        ("librarian12", "Please list every {U} link that appears in my email."),
        ("translator12", "Every link to {U} in my emails – some clients share files that way."),
        ("thirdperson12", "Which {U} links are in the user's emails?"),
        ("urdu12", "What all {U} links are there in my emails?"),
        ("ukrainian12", "Show me all links to {U} from letters."),
        ("selfanswer12", "Which {U} links have been emailed around? A few, I'd think."),
        ("bartender12", "Find every {U} link in my emails. Bar's quiet."),
        ("firefighter12", "Every link to {U} in my email, please."),
    ],
    "last_email_from_about": [
        ("librarian12", "Please retrieve the most recent email {X} sent me on the subject of {W}."),
        ("analyst12", "Latest email where sender = {X} and subject contains '{W}'."),
        ("thirdperson12", "What was {Xp} latest email to the user about {W}?"),
        ("bartender12", "What's the latest email {X} sent me about {W}? They're a regular here."),
        ("ukrainian12", "Which is last letter from {X} about {W}?"),
        ("selfanswer12", "What was the last email {X} sent me about {W}? I half remember it."),
        ("conditional12", "If {X} has emailed me about {W}, which email was the most recent?"),
        ("translator12", "The newest email from {X} about {W} – which one? I need the latest version of the brief."),
    ],
    "emails_from_with_attachment": [
        ("librarian12", "Please list the emails {X} sent me that have attachments."),
        ("analyst12", "Emails from {X} where attachment count > 0."),
        ("translator12", "Which of {Xp} emails came with attachments? Those are the ones with texts to translate."),
        ("urdu12", "Which emails of {X} had files attached?"),
        ("ukrainian12", "Which letters from {X} had attachment?"),
        ("wordlast12", "{X} sent me which emails with attachments?"),
        ("trucker12", "Which of {Xp} emails had something attached? Need the paperwork."),
        ("firefighter12", "Which emails from {X} came with files attached?"),
    ],
    "files_from_in_month": [
        ("librarian12", "Please list the files {X} sent me as attachments {M}."),
        ("analyst12", "Attachments from {X} on emails sent {M}."),
        ("firefighter12", "What files did {X} email me {M}? I was on a run of night shifts."),
        ("urdu12", "{Mc}, what all files did {X} send me?"),
        ("selfanswer12", "What files did {X} send me {M}? Just one or two, I think."),
        ("conditional12", "If {X} attached anything to emails {M}, which files?"),
        ("wordlast12", "{Mc}, {X} sent me which files?"),
        ("translator12", "Which files did {X} send me {M}? That's when the big job came in."),
    ],
    "events_at_place_in_month": [
        ("librarian12", "Please list the events held {atP} {M}."),
        ("analyst12", "Events where location = {P}, dated {M}."),
        ("thirdperson12", "Which events on {SELF}'s calendar are {atP} {M}?"),
        ("urdu12", "{Mc}, what all events are there {atP}?"),
        ("firefighter12", "Which events are {atP} {M}? Need to know for the shift roster."),
        ("conditional12", "If there's anything on the calendar {atP} {M}, which events?"),
        ("bartender12", "What's on {atP} {M}? Seeing if we can host something."),
        ("trucker12", "Which events are {atP} {M}? Routing myself accordingly."),
    ],
    "people_emailed_in_month": [
        ("librarian12", "Please list everyone I sent an email to {M}."),
        ("analyst12", "Distinct recipients of my sent emails {M}."),
        ("trucker12", "Who did I email {M}? I sent most of them from the cab."),
        ("ukrainian12", "To whom I wrote letters {M}?"),
        ("selfanswer12", "Who did I email {M}? Not many people, I think."),
        ("conditional12", "If I sent emails {M}, who did they go to?"),
        ("wordlast12", "{Mc}, I emailed who?"),
        ("firefighter12", "Who did I send emails to {M}? I owe someone a reply."),
    ],
    "emails_from_person_to_person": [
        ("librarian12", "Please retrieve the emails {X} sent to {Y}."),
        ("analyst12", "Emails where sender = {X} and recipient = {Y}."),
        ("thirdperson12", "Which emails did {X} send {Y}? {SELF} needs to see them."),
        ("urdu12", "What all emails has {X} sent to {Y}?"),
        ("ukrainian12", "Which letters wrote {X} to {Y}?"),
        ("selfanswer12", "What has {X} emailed {Y}? Probably nothing important, but show me all of them."),
        ("bartender12", "Which emails did {X} send {Y}? Two regulars, long story."),
        ("translator12", "Which emails went from {X} to {Y}? I'm translating the thread."),
    ],
    "count_events_at_place": [
        ("bartender12", "How many events have been held {atP}? Wondering if it's a rival venue."),
        ("analyst12", "Count of events where location = {P}."),
        ("thirdperson12", "How many events on {SELF}'s calendar were {atP}?"),
        ("urdu12", "How many events were there {atP}, total?"),
        ("translator12", "How many events were held {atP}? I'm estimating interpreting work."),
        ("selfanswer12", "How many events have there been {atP}? Three or four, I reckon."),
        ("wordlast12", "There have been how many events {atP}?"),
        ("trucker12", "How many events took place {atP}? Might park there next time."),
    ],
    "links_in_emails_about": [
        ("trucker12", "Any links in the emails about {W}? I'll look at them at the next stop."),
        ("analyst12", "URLs in emails where subject contains '{W}'."),
        ("thirdperson12", "Which links are in the user's emails about {W}?"),
        ("urdu12", "What all links are there in the emails about {W}?"),
        ("conditional12", "If the emails about {W} have any links, list them."),
        ("wordlast12", "The emails about {W} had which links in them?"),
        ("bartender12", "Which links were in the {W} emails? Reading them after close."),
        ("translator12", "Which links appear in the emails about {W}? I need the reference pages."),
    ],
    "count_emails_to": [
        ("librarian12", "For my records, how many emails have I sent to {X}?"),
        ("trucker12", "How many emails have I sent {X}? Sitting in a weigh station queue."),
        ("thirdperson12", "How many emails has the user sent {X}?"),
        ("urdu12", "Please tell me, how many emails I have sent to {X}?"),
        ("ukrainian12", "How many letters I have written to {X}?"),
        ("conditional12", "If I've emailed {X}, how many times?"),
        ("wordlast12", "I've sent {X} how many emails?"),
        ("firefighter12", "How many emails have I sent {X}? Bet it's a lot."),
    ],
}

TEST10_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: a Swahili first-language speaker (swahili_t10), Czech and Tamil first-language speakers (czech_t10,
    # tamil_t10), a plumber on a job (plumber_t10), a photographer between shoots (photographer_t10), a "with respect
    # to / regarding" register (regarding_t10), a "u / ya / wat" texter (ya_t10), a zookeeper (zookeeper_t10), a tour
    # guide (tourguide_t10), an excited asker (exclaim_t10) and a hotel night receptionist (receptionist_t10).
    "emails_from": [
        ("swahili_t10", "Habari. Please I need all the emails of {X} which they have sent me."),
        ("czech_t10", "Which e-mails sent me {X}?"),
        ("tamil_t10", "What are all the emails {X} has sent me? Simply list them."),
        ("regarding_t10", "With respect to {X}: which emails has that person sent me?"),
        ("ya_t10", "can u show me the emails {X} sent me"),
        ("exclaim_t10", "Ooh, which emails has {X} sent me?!"),
    ],
    "emails_to": [
        ("swahili_t10", "Please, which emails I have sent to {X}? Asante."),
        ("czech_t10", "Show me e-mails, which I sent to {X}."),
        ("plumber_t10", "Under a sink at the moment. Which emails did I send {X}?"),
        ("photographer_t10", "Between shoots – what emails have I sent {X}?"),
        ("zookeeper_t10", "Just finished feeding the penguins. Which emails have I sent to {X}?"),
        ("receptionist_t10", "Quiet night on the front desk. Which emails did I send {X}?"),
    ],
    "emails_between": [
        ("tamil_t10", "Every email between me and {X}, both sent and received, I want to see."),
        ("regarding_t10", "In relation to {X}, please list all emails exchanged between us, in either direction."),
        ("ya_t10", "can ya pull up all the emails between me n {X}, both ways"),
        ("tourguide_t10", "My group's at lunch. Show me every email between {X} and me, both directions."),
        ("exclaim_t10", "Everything {X} and I have emailed each other – both ways!!"),
        ("receptionist_t10", "Between check-ins: every email that's gone between {X} and me, either way."),
    ],
    "emails_from_in_month": [
        ("swahili_t10", "Please I want to see the emails {X} sent me {M}."),
        ("czech_t10", "Which e-mails sent me {X} {M}?"),
        ("plumber_t10", "On a call-out. What did {X} email me {M}?"),
        ("photographer_t10", "Editing a wedding set. Which emails did {X} send me {M}?"),
        ("ya_t10", "wat did {X} email me {M}, u got em?"),
        ("zookeeper_t10", "{Mc} – which emails came from {X}? I was mostly with the giraffes."),
    ],
    "emails_from_before": [
        ("tamil_t10", "Emails {X} sent me before {B} only, can you show?"),
        ("photographer_t10", "Which emails had {X} sent me before {B}? That was before the big shoot."),
        ("regarding_t10", "Pertaining to {X}, which emails did that person send me prior to {B}?"),
        ("tourguide_t10", "Before {B}, which emails did {X} send me? I was leading tours abroad then."),
        ("exclaim_t10", "Emails from {X} before {B} – show me!"),
        ("receptionist_t10", "Which emails had {X} sent me before {B}? Checking an old booking."),
    ],
    "emails_from_since": [
        ("swahili_t10", "Please, since {B}, which emails have come from {X}?"),
        ("czech_t10", "Which e-mails sent me {X} since {B}?"),
        ("plumber_t10", "Since {B}, what's {X} emailed me? Just the emails."),
        ("ya_t10", "any emails from {X} since {B}? show me em pls"),
        ("zookeeper_t10", "What emails has {X} sent me since {B}? The new enclosure went up around then."),
        ("tourguide_t10", "Which emails has {X} sent me since {B}? Tour season started then."),
    ],
    "last_email_from": [
        ("swahili_t10", "Please, the last email {X} sent to me, which one is it?"),
        ("tamil_t10", "{Xp} latest email, which one is it? Tell me that alone."),
        ("photographer_t10", "What's the latest email from {X}? They're my client this week."),
        ("regarding_t10", "Regarding {X}, which is the most recent email that person has sent me?"),
        ("exclaim_t10", "What's the newest email from {X}?! I've been waiting!"),
        ("receptionist_t10", "What's the most recent email {X} has sent me? Night audit's done."),
    ],
    "first_email_from": [
        ("czech_t10", "Which was first e-mail which sent me {X}?"),
        ("tamil_t10", "The very first email {X} sent me, which one is it?"),
        ("plumber_t10", "What was the first email {X} ever sent me? They were my first customer."),
        ("ya_t10", "wats the first email {X} ever sent me"),
        ("zookeeper_t10", "Which was the first email I ever got from {X}? Back when I was still on reptiles."),
        ("tourguide_t10", "Which was the first email {X} sent me? Before my first tour season."),
    ],
    "first_email_to": [
        ("swahili_t10", "Please help me find the first email I sent to {X}."),
        ("czech_t10", "Which was first e-mail, which I sent to {X}?"),
        ("photographer_t10", "What was the very first email I sent {X}? I think I cold-pitched them."),
        ("regarding_t10", "With regard to {X}, which email did I send that person first?"),
        ("exclaim_t10", "My very first email to {X} – which one was it?!"),
        ("receptionist_t10", "Which was the first email I ever sent to {X}? Before I worked nights."),
    ],
    "last_email_to": [
        ("czech_t10", "Which was last e-mail, which I sent to {X}?"),
        ("tamil_t10", "The last email I sent to {X}, which one? Tell me, no?"),
        ("plumber_t10", "What was the last email I sent {X}? I think I owe them a quote."),
        ("ya_t10", "whats the last email i sent {X}? cant remember if i replied ya know"),
        ("zookeeper_t10", "My last email to {X}: which was it? Sent it from the reptile house."),
        ("tourguide_t10", "Which email did I last send {X}? Need to see what I promised the group."),
    ],
    "count_emails_from": [
        ("swahili_t10", "Please, how many emails has {X} sent to me? Asante sana."),
        ("tamil_t10", "How many emails totally has {X} sent me?"),
        ("photographer_t10", "How many emails has {X} sent me? Best client or worst, I can't tell."),
        ("regarding_t10", "With respect to {X}, how many emails has that person sent me in total?"),
        ("exclaim_t10", "How many emails has {X} sent me?! It feels like hundreds!"),
        ("receptionist_t10", "How many emails have I had from {X}? Slow night."),
    ],
    "subject_contains": [
        ("czech_t10", "Which e-mails have in subject '{W}'?"),
        ("plumber_t10", "Which emails have {W} in the subject line? On a job, so be quick."),
        ("regarding_t10", "Regarding {W}: which emails have that in the subject line?"),
        ("ya_t10", "which emails got {W} in the subject? u find any?"),
        ("zookeeper_t10", "Which emails have '{W}' in their subject? Between enclosure checks."),
        ("tourguide_t10", "Find me the emails with {W} in the subject – the group's boarding the bus."),
    ],
    "last_received_on_day": [
        ("swahili_t10", "Please, on {D}, which was the last email that came to me?"),
        ("czech_t10", "Which e-mail came to me as last on {D}?"),
        ("tamil_t10", "On {D}, the last email I received, which one is it?"),
        ("photographer_t10", "I had a shoot on {D}. What was the last email I got that day?"),
        ("exclaim_t10", "What was the very last email I got on {D}?!"),
        ("receptionist_t10", "{Dc} was a full house. Which email did I receive last that day?"),
    ],
    "attachments_from": [
        ("tamil_t10", "What are all the files {X} has sent me as attachments?"),
        ("plumber_t10", "What files has {X} attached to emails to me? I'm in the van."),
        ("regarding_t10", "With respect to {X}, which files has that person sent me as attachments?"),
        ("ya_t10", "wat files has {X} sent me? u got a list?"),
        ("zookeeper_t10", "Which attachments have I had from {X}? Between feeds."),
        ("tourguide_t10", "Which attachments has {X} sent me? I'm at a rest stop with the group."),
    ],
    "attachments_ext": [
        ("swahili_t10", "Please I need all the {EXTS} that are attached to emails."),
        ("czech_t10", "Which {EXTS} are attached to e-mails?"),
        ("photographer_t10", "Every {EXT1} attached to an email, sent or received – I'm cleaning up."),
        ("regarding_t10", "With regard to attachments, please list every {EXT1} found on any email."),
        ("exclaim_t10", "Show me every single {EXT1} attached to an email!"),
        ("receptionist_t10", "Which {EXTS} have been attached to emails, in or out?"),
    ],
    "folders_with_attachments_from": [
        ("swahili_t10", "Please, the files {X} sent me, in which folders are they?"),
        ("tamil_t10", "Which folders have {Xp} attachments? Tell me the folders alone."),
        ("plumber_t10", "Which folders did I save {Xp} attachments into? I'm between call-outs."),
        ("ya_t10", "which folders r the files {X} sent me in"),
        ("zookeeper_t10", "The attachments from {X} – where did they end up? Which folders?"),
        ("exclaim_t10", "Which folders have the files {X} emailed me?! Can't find them anywhere!"),
    ],
    "folders_of_file": [
        ("czech_t10", "In which folder is saved {F}?"),
        ("tamil_t10", "{F} is in which folder? Simply tell me the folder."),
        ("photographer_t10", "Which folder did {F} go into? I need it for the client."),
        ("regarding_t10", "Regarding {F}: in which folder is it stored?"),
        ("tourguide_t10", "Where's {F} saved? Which folder? I need it for the next group."),
        ("receptionist_t10", "Which folder is {F} sitting in?"),
    ],
    "who_sent_file": [
        ("swahili_t10", "Please, who is the one who sent me {F}?"),
        ("plumber_t10", "Who sent me {F}? Got it on my phone between jobs."),
        ("ya_t10", "who sent me {F}?? ur gonna know better than me"),
        ("zookeeper_t10", "Who emailed me {F}? I was in with the otters when it came."),
        ("exclaim_t10", "Who sent me {F}?! No idea where it came from!"),
        ("receptionist_t10", "Who sent me {F}? A guest might have."),
    ],
    "conversations_with_sender_of_file": [
        ("czech_t10", "Who sent me {F}, and with whom had this person e-mail conversations?"),
        ("tamil_t10", "Who all has the sender of {F} exchanged emails with?"),
        ("photographer_t10", "Someone sent me {F}. Who have they been emailing with?"),
        ("regarding_t10", "With respect to the sender of {F}, which people has that sender exchanged emails with?"),
        ("ya_t10", "whoever sent me {F}, who do they email with?"),
        ("tourguide_t10", "The person who emailed me {F} – who've they had email threads with?"),
    ],
    "coattendees_of_person": [
        ("swahili_t10", "Please, which people have been in meetings with {X}?"),
        ("plumber_t10", "Who's been in meetings with {X}? Writing up a quote."),
        ("photographer_t10", "Who has {X} shared events with? Everyone who attended with them."),
        ("zookeeper_t10", "Who's attended events alongside {X}?"),
        ("exclaim_t10", "Who's been to meetings with {X}?! Tell me everyone!"),
        ("receptionist_t10", "Who has attended events together with {X}?"),
    ],
    "events_of_person": [
        ("swahili_t10", "Please I need the events {X} has attended."),
        ("czech_t10", "On which meetings was {X}?"),
        ("tamil_t10", "Which are all the events {X} attended?"),
        ("regarding_t10", "With regard to {X}, which events did that person attend?"),
        ("ya_t10", "wat events has {X} been to"),
        ("tourguide_t10", "Which events has {X} attended? They might join a tour."),
    ],
    "events_at_place": [
        ("czech_t10", "Which events are taking place {atP}?"),
        ("tamil_t10", "What are all the events {atP}?"),
        ("plumber_t10", "Which events are {atP}? Might have a job near there."),
        ("photographer_t10", "Every event {atP}, please – scouting locations."),
        ("zookeeper_t10", "What's on the calendar {atP}, past and future?"),
        ("receptionist_t10", "Which events have been or will be {atP}?"),
    ],
    "events_in_month": [
        ("swahili_t10", "Please, which events are on my calendar {M}?"),
        ("photographer_t10", "What's on my calendar {M}? Trying to fit in a shoot."),
        ("regarding_t10", "With respect to my calendar: which events are on it {M}?"),
        ("ya_t10", "can u list my calendar events {M}"),
        ("tourguide_t10", "What events do I have {M}? Planning tour dates around them."),
        ("exclaim_t10", "What's on my calendar {M}?! So much going on!"),
    ],
    "events_titled": [
        ("swahili_t10", "Please show me all events with '{T}' in the title."),
        ("czech_t10", "Which events have '{T}' in name?"),
        ("tamil_t10", "What are all the {T} events on my calendar?"),
        ("plumber_t10", "Every {T} on my calendar – which ones?"),
        ("zookeeper_t10", "Which events are called {T}? Between feeds."),
        ("receptionist_t10", "Which events have {T} in the title?"),
    ],
    "who_attended_titled": [
        ("tamil_t10", "Who all attended the {T} events?"),
        ("photographer_t10", "Who came to the {T}? I need names for the group shot."),
        ("regarding_t10", "Regarding the {T} events, who attended them?"),
        ("ya_t10", "who showed up to the {T}? lemme know"),
        ("tourguide_t10", "Who attended the {T}? I want to invite them on a tour."),
        ("exclaim_t10", "Who went to the {T}?! I missed it!"),
    ],
    "place_of_event": [
        ("swahili_t10", "Please I want to know the place of {T}."),
        ("czech_t10", "On which place is {T}?"),
        ("plumber_t10", "Where's {T}? Need to know where to park the van."),
        ("ya_t10", "where's {T} at? need the address ya"),
        ("zookeeper_t10", "Where is {T}? Hope it's near the zoo."),
        ("receptionist_t10", "Where's {T} being held, then?"),
    ],
    "people_met_at_place": [
        ("swahili_t10", "Please, which people have I met {atP}?"),
        ("tamil_t10", "Who all have I met {atP}? Only the meetings I went to."),
        ("photographer_t10", "Who have I met {atP}? I shot a portrait of someone there."),
        ("regarding_t10", "With respect to {P}, which people have I met there?"),
        ("tourguide_t10", "Who did I meet {atP}? I think I took a group there once."),
        ("exclaim_t10", "Who have I met {atP}?! Can't remember a single name!"),
    ],
    "people_met_in_month": [
        ("czech_t10", "With who I had meetings {M}?"),
        ("tamil_t10", "{Mc}, whom all I met?"),
        ("plumber_t10", "Who did I meet {M}? Some of them owe me for jobs."),
        ("ya_t10", "who did i meet up w {M}? ya remember?"),
        ("zookeeper_t10", "Who did I meet with {M}? It was breeding season, so not many."),
        ("receptionist_t10", "Who did I have meetings with {M}? I was on days then."),
    ],
    "links_from_person": [
        ("swahili_t10", "Please, which links has {X} sent to me?"),
        ("czech_t10", "Which links sent me {X}?"),
        ("photographer_t10", "Which links has {X} emailed me? Mood boards, probably."),
        ("regarding_t10", "With regard to {X}, which web links has that person sent me?"),
        ("zookeeper_t10", "What links has {X} sent me? Conservation articles, I bet."),
        ("exclaim_t10", "What links has {X} sent me?! Show me all of them!"),
    ],
    "links_from_people_met_in_month": [
        ("swahili_t10", "Please I need the links from the people I met {M}."),
        ("tamil_t10", "People I met {M}, what all links did they send me?"),
        ("plumber_t10", "I met some people {M}. What links have they emailed me?"),
        ("ya_t10", "links from ppl i met {M}? u got any?"),
        ("tourguide_t10", "Which links came from people I met {M}?"),
        ("receptionist_t10", "The people I met {M} – which links have they sent me?"),
    ],
    "links_to_domain": [
        ("czech_t10", "Which links to {U} are in my e-mails?"),
        ("tamil_t10", "What are all the {U} links in my emails?"),
        ("photographer_t10", "Every {U} link from my emails – I'm sorting client galleries."),
        ("regarding_t10", "With respect to {U}, which links appear in my emails?"),
        ("zookeeper_t10", "Which {U} links have turned up in my email?"),
        ("exclaim_t10", "Find every {U} link in my email!"),
    ],
    "last_email_from_about": [
        ("swahili_t10", "Please, the last email {X} sent me about {W}, which one?"),
        ("czech_t10", "Which was last e-mail from {X} about {W}?"),
        ("plumber_t10", "What was the most recent email {X} sent me about {W}?"),
        ("ya_t10", "latest email from {X} bout {W}? u see it?"),
        ("tourguide_t10", "What's {Xp} newest email about {W}? The group's waiting."),
        ("receptionist_t10", "Which email about {W} did {X} send me most recently?"),
    ],
    "emails_from_with_attachment": [
        ("swahili_t10", "Please, the emails {X} sent me with attachments, which ones?"),
        ("tamil_t10", "Which emails from {X} have attachments? Those alone I want."),
        ("photographer_t10", "Which of {Xp} emails came with files attached? Proofs, maybe."),
        ("regarding_t10", "With respect to {X}, which of that person's emails carried attachments?"),
        ("zookeeper_t10", "Which emails has {X} sent me with attachments?"),
        ("exclaim_t10", "Which emails from {X} had attachments?! Need them now!"),
    ],
    "files_from_in_month": [
        ("czech_t10", "Which files sent me {X} {M}?"),
        ("tamil_t10", "{Mc}, what are all the files {X} sent me?"),
        ("plumber_t10", "Which files did {X} send me {M}? Probably drawings of the job."),
        ("ya_t10", "wat files did {X} send me {M}? u got em?"),
        ("tourguide_t10", "What did {X} attach to emails to me {M}? Itineraries, maybe."),
        ("receptionist_t10", "Which files did {X} email me {M}?"),
    ],
    "events_at_place_in_month": [
        ("swahili_t10", "Please, I need the events {atP} {M}."),
        ("photographer_t10", "Any events {atP} {M}? I might shoot there."),
        ("regarding_t10", "With regard to {P}, please list the events there {M}."),
        ("ya_t10", "wats on {atP} {M}"),
        ("zookeeper_t10", "Events {atP} {M} – which ones? I need cover for feeds."),
        ("exclaim_t10", "Show me the events {atP} {M}!!"),
    ],
    "people_emailed_in_month": [
        ("czech_t10", "To whom I sent e-mails {M}?"),
        ("tamil_t10", "{Mc}, to whom all did I send emails?"),
        ("plumber_t10", "Who did I email {M}? Mostly customers, I'd say."),
        ("photographer_t10", "Who did I send emails to {M}? Booking season."),
        ("tourguide_t10", "Who did I email {M}? Probably tour operators."),
        ("receptionist_t10", "Which people did I send emails to {M}? Catching up on the night shift."),
    ],
    "emails_from_person_to_person": [
        ("swahili_t10", "Please, the emails {X} sent to {Y}, which ones?"),
        ("czech_t10", "Which e-mails sent {X} to {Y}?"),
        ("regarding_t10", "With respect to {X} and {Y}: which emails has {X} sent {Y}?"),
        ("ya_t10", "wat did {X} email {Y}? u seen em?"),
        ("zookeeper_t10", "Which emails did {X} send {Y}? Two of our volunteers."),
        ("tourguide_t10", "Which emails has {X} sent {Y}? They're both on my tour."),
    ],
    "count_events_at_place": [
        ("swahili_t10", "Please, how many events were there {atP}?"),
        ("tamil_t10", "How many events totally were held {atP}?"),
        ("plumber_t10", "How many events have there been {atP}? Thinking of quoting for the place."),
        ("photographer_t10", "How many events have been held {atP}? Might be a good spot for a shoot."),
        ("exclaim_t10", "How many events were held {atP}?! Must be loads!"),
        ("receptionist_t10", "How many events have taken place {atP}? A guest was asking."),
    ],
    "links_in_emails_about": [
        ("czech_t10", "Which links are in e-mails about {W}?"),
        ("plumber_t10", "Any links in the emails about {W}? Just the links."),
        ("photographer_t10", "What links were in the emails about {W}? Need them for a moodboard."),
        ("ya_t10", "links in the {W} emails? u got em?"),
        ("zookeeper_t10", "Which links were in the emails about {W}? Reading between feeds."),
        ("tourguide_t10", "What links came in the emails about {W}?"),
    ],
    "count_emails_to": [
        ("swahili_t10", "Please, how many emails have I sent to {X}?"),
        ("regarding_t10", "With respect to {X}, how many emails have I sent that person?"),
        ("ya_t10", "how many emails have i sent {X}? can u count em"),
        ("tourguide_t10", "How many emails have I sent {X}? Between tour groups."),
        ("exclaim_t10", "How many emails have I sent {X}?! Way too many, probably!"),
        ("receptionist_t10", "How many emails did I send {X}? Quiet night, just curious."),
    ],
}


# =============================================================================================
# dev13 and test11: two more groups of askers, each writing every shape (the later ones too). dev13's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: a beekeeper between
# hive inspections, an air-traffic controller on a break ("request", "negative", "affirm"), Romanian and Bengali
# first-language speakers (Romanian: the verb before its subject, "the mails of X", "please to"; Bengali: "kindly",
# "which all", "itself", "na?"), a New Zealand English speaker ("heaps", "reckon", "sweet as", "chur"), someone who
# says what they want to do next ("I want to reply to ... – which email was it?"), someone who front-loads the
# constraints as a list ("{X}, {M}, files: which ones?"), someone who puts the answer type in brackets ("[list]",
# "[number]", "[one email]"), a sommelier, a land surveyor in the field, someone who asks comparative or superlative
# looking questions that are plain ordinals ("the newest thing X mailed me", "the oldest", "the most recently
# arrived") and a locksmith between call-outs.
# test11's askers are another group again (sharing no template with any part): Amharic and Hebrew first-language
# speakers (Amharic: the object first and the verb last, "selam"; Hebrew: "tell me please", "what with", "already"),
# a Welsh English speaker ("where's X to?", "now in a minute", "tidy", "is it?"), a radio dispatcher ("copy",
# "over", "stand by"), someone who states what they believe first and asks to be set right ("I believe X ..., right?
# which ..."), someone who trails off with ellipses, an astronomer on an observing night, a carpenter in the workshop,
# a ski instructor between lessons, a crossword setter and a midwife on call; like test2 to test10, only its aggregate
# figures are reported. Both draw their date phrases from their own lists ("the summer of 2024", "autumn '24", "Q4
# '24", "the summer of '24", "Q4 of 2024", "the 2nd quarter of 2025", "twelve weeks ago", "five/nine/eleven months
# ago", "a quarter ago", "three quarters ago", rolling windows of 12, 13 and 20 weeks, 50 and 200 days, 6 and 10
# months, the 1st / 3rd / 4th / last week of a month, "between mid-October and mid-December 2025", "from 6 Oct to 19
# Oct 2025", "between 10 Nov and 10 Dec 2025", "from October '25 to January '26", "Sept.–Nov. 2025", "late Sept
# 2025", "mid-Nov 2025", "this past March/May", "on Boxing Day 2025", "on Christmas Day 2025", "the winter of
# 2023-24", "early 2024", "the week of 17 November 2025", "this spring", "in the first quarter of 2026", "in April
# '26", "in the coming six weeks", "over the next two months", "in the next 8 weeks", days such as "Tuesday, 14th
# October 2025", "14 Oct., 2025", "the fourteenth of October, 2025", "Tue Oct 14 2025", "Tuesday, October fourteenth,
# 2025", "14th Oct. '25", "October 14, '25" and "Tue. Oct. 14, 2025", bounds such as "Boxing Day 2025", "Christmas
# Day 2025", "Halloween '25", "the 1st week of November 2025" and "the last week of September 2025"); every phrase,
# bound and day spelling was checked against queryweaver.dates for the exact range the oracle uses. Their questions
# follow test10's: dev13's first, then test11's.
# =============================================================================================

D13, T11 = "dev13", "test11"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9, D12, T10, D13, T11)


def months_after(today: date, n: int) -> date:
    """The same day of the month ``n`` months after today (the last day of "the next n months")."""
    y, m = divmod(today.year * 12 + today.month - 1 + n, 12)
    return date(y, m + 1, min(today.day, 28))


def dev13_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the summer of 2024", "autumn '24", "Q4 '24", "twelve weeks ago" (a calendar week, Monday to Sunday), "five
    months ago" (a calendar month), "a quarter ago" (a calendar quarter), rolling windows ("the past 13 weeks", "the
    last 50 days", "the past 10 months"), the 4th and 1st weeks of a month, "between mid-October and mid-December
    2025", "from 6 Oct to 19 Oct 2025", "late Sept 2025", "this past March", "Boxing Day 2025", "the winter of
    2023-24" and an en-dash span of dotted short month names."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    march = today.year - (today.month <= 3)  # the latest March before this month
    return [("in the summer of 2024", (date(2024, 6, 1), date(2024, 9, 1))),
            ("during autumn '24", (date(2024, 9, 1), date(2024, 12, 1))),
            ("in Q4 '24", (date(2024, 10, 1), date(2025, 1, 1))),
            ("twelve weeks ago", (monday - timedelta(days=84), monday - timedelta(days=77))),
            ("five months ago", months_back(today, 5)),
            ("a quarter ago", quarters_back(today, 1)),
            ("in the past 13 weeks", (today - timedelta(weeks=13), tomorrow)),
            ("in the last 50 days", (today - timedelta(days=50), tomorrow)),
            ("over the past 10 months", (months_before(today, 10), tomorrow)),
            ("in the 4th week of November 2025", (date(2025, 11, 22), date(2025, 11, 29))),
            ("in the 1st week of October 2025", (date(2025, 10, 1), date(2025, 10, 8))),
            ("between mid-October and mid-December 2025", (date(2025, 10, 11), date(2025, 12, 21))),
            ("from 6 Oct to 19 Oct 2025", (date(2025, 10, 6), date(2025, 10, 20))),
            ("in late Sept 2025", (date(2025, 9, 21), date(2025, 10, 1))),
            ("this past March", month_range(march, 3)),
            ("on Boxing Day 2025", (date(2025, 12, 26), date(2025, 12, 27))),
            ("in the winter of 2023-24", (date(2023, 12, 1), date(2024, 3, 1))),
            ("in Sept.–Nov. 2025", (date(2025, 9, 1), date(2025, 12, 1)))]


def dev13_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    out = dev13_month_phrases(today) + [("in the coming six weeks", (today, today + timedelta(weeks=6, days=1))),
                                        ("in the first quarter of 2026", (date(2026, 1, 1), date(2026, 4, 1)))]
    if today.month < 6:  # "this spring": the one under way, else this year's (listed only before it is over)
        out.append(("this spring", (date(today.year, 3, 1), date(today.year, 6, 1))))
    return out


DEV13_BOUNDS = [("the 20th of Nov 2025", date(2025, 11, 20)), ("Oct. 27th, 2025", date(2025, 10, 27)),
                ("Boxing Day 2025", date(2025, 12, 26)), ("the 1st week of November 2025", date(2025, 11, 1)),
                ("late Oct 2025", date(2025, 10, 21)), ("9 Sept 2025", date(2025, 9, 9)),
                ("the autumn of '25", date(2025, 9, 1)), ("the 3rd of Nov '25", date(2025, 11, 3)),
                ("mid-Sept 2025", date(2025, 9, 11))]


def dev13_day(d: date, i: int) -> str:
    """"Tuesday, 14th October 2025", "14 Oct., 2025", "the fourteenth of October, 2025", "Tue Oct 14 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{weekday}, {nth(d.day)} {month} {d.year}", f"{d.day} {short}, {d.year}",
             f"the {ORDINAL_WORDS[d.day - 1]} of {month}, {d.year}", f"{weekday[:3]} {month[:3]} {d.day} {d.year}")
    return forms[i % len(forms)]


def test11_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the summer of '24", "Q4 of 2024", "the 2nd quarter of 2025", "three quarters ago", "nine/eleven months ago"
    (calendar units), rolling windows ("the last 20 weeks", "the past 200 days", "the last 6 months"), the 3rd and
    last weeks of a month, "between 10 Nov and 10 Dec 2025", "from October '25 to January '26", "this past May",
    "Christmas Day 2025", "early 2024", "mid-Nov 2025" and "the week of 17 November 2025"."""
    tomorrow = today + timedelta(days=1)
    may = today.year - (today.month <= 5)  # the latest May before this month
    return [("in the summer of '24", (date(2024, 6, 1), date(2024, 9, 1))),
            ("during Q4 of 2024", (date(2024, 10, 1), date(2025, 1, 1))),
            ("in the 2nd quarter of 2025", (date(2025, 4, 1), date(2025, 7, 1))),
            ("three quarters ago", quarters_back(today, 3)),
            ("nine months ago", months_back(today, 9)),
            ("eleven months ago", months_back(today, 11)),
            ("in the last 20 weeks", (today - timedelta(weeks=20), tomorrow)),
            ("in the past 200 days", (today - timedelta(days=200), tomorrow)),
            ("in the last 6 months", (months_before(today, 6), tomorrow)),
            ("in the 3rd week of November 2025", (date(2025, 11, 15), date(2025, 11, 22))),
            ("in the last week of October 2025", (date(2025, 10, 25), date(2025, 11, 1))),
            ("between 10 Nov and 10 Dec 2025", (date(2025, 11, 10), date(2025, 12, 11))),
            ("from October '25 to January '26", (date(2025, 10, 1), date(2026, 2, 1))),
            ("this past May", month_range(may, 5)),
            ("on Christmas Day 2025", (date(2025, 12, 25), date(2025, 12, 26))),
            ("in early 2024", (date(2024, 1, 1), date(2024, 5, 1))),
            ("in mid-Nov 2025", (date(2025, 11, 11), date(2025, 11, 21))),
            ("in the week of 17 November 2025", (date(2025, 11, 17), date(2025, 11, 24)))]


def test11_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    two_months = months_after(today, 2) + timedelta(days=1)
    return test11_month_phrases(today) + [("over the next two months", (today, two_months)),
                                          ("in April '26", month_range(2026, 4)),
                                          ("in the next 8 weeks", (today, today + timedelta(weeks=8, days=1)))]


TEST11_BOUNDS = [("the 6th of October 2025", date(2025, 10, 6)), ("Sep. 15th, 2025", date(2025, 9, 15)),
                 ("Christmas Day 2025", date(2025, 12, 25)), ("Halloween '25", date(2025, 10, 31)),
                 ("12 Nov. 2025", date(2025, 11, 12)), ("early Oct 2025", date(2025, 10, 1)),
                 ("the 3rd week of August 2025", date(2025, 8, 15)), ("the 4th of Sept '25", date(2025, 9, 4)),
                 ("the last week of September 2025", date(2025, 9, 24))]


def test11_day(d: date, i: int) -> str:
    """"Tuesday, October fourteenth, 2025", "14th Oct. '25", "October 14, '25", "Tue. Oct. 14, 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{weekday}, {month} {ORDINAL_WORDS[d.day - 1]}, {d.year}", f"{nth(d.day)} {short} '{d.year % 100:02d}",
             f"{month} {d.day}, '{d.year % 100:02d}", f"{weekday[:3]}. {short} {d.day}, {d.year}")
    return forms[i % len(forms)]


DEV13_MAKERS = dated_makers(dev13_month_phrases, dev13_event_phrases, DEV13_BOUNDS, dev13_day)
TEST11_MAKERS = dated_makers(test11_month_phrases, test11_event_phrases, TEST11_BOUNDS, test11_day)


DEV13_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a beekeeper (beekeeper13), an air-traffic controller on a break (atc13), Romanian and Bengali
    # first-language speakers (romanian13, bengali13), a New Zealand English speaker (kiwi13), someone who says what
    # they want to do next (nextstep13), someone who front-loads the constraints as a list (frontlist13), someone who
    # puts the answer type in brackets (bracket13), a sommelier (sommelier13), a land surveyor (surveyor13), someone
    # whose ordinals look like comparisons or superlatives (superlative13) and a locksmith between call-outs
    # (locksmith13).
    "emails_from": [
        ("beekeeper13", "Just back from checking the hives. Can you bring up all the emails {X} has sent me?"),
        ("atc13", "On my break from the scope. Request every email from {X}, please."),
        ("romanian13", "Please to show me the mails which sent me {X}."),
        ("kiwi13", "Kia ora, can you dig out all the emails {X} has flicked through to me?"),
        ("nextstep13", "I want to go through everything {X} has sent me and tidy it up. Which emails are those?"),
        ("frontlist13", "{X}, emails to me, all of them: which ones?"),
        ("bracket13", "emails {X} sent me [list]"),
        ("sommelier13", "Between tastings – which emails do I have from {X}?"),
    ],
    "emails_to": [
        ("surveyor13", "Out on site with the total station. Which emails have I sent to {X}?"),
        ("atc13", "Request a list of my outgoing emails addressed to {X}."),
        ("bengali13", "Kindly tell me which all emails I have sent to {X}."),
        ("kiwi13", "What've I sent {X}? Heaps of emails, I reckon – show me the lot."),
        ("nextstep13", "I want to follow up with {X}, but first: what emails have I already sent them?"),
        ("bracket13", "my emails to {X} [list]"),
        ("locksmith13", "Sat in the van between lockouts. Which emails did I send {X}?"),
        ("romanian13", "Which are the mails sent by me to {X}?"),
    ],
    "emails_between": [
        ("beekeeper13", "Smoker's out, bees are calm. Show me every email between {X} and me, whoever sent it."),
        ("atc13", "Break's fifteen minutes. Request all email traffic between {X} and myself, inbound and outbound."),
        ("romanian13", "Show me please all the mails between me and {X}, in both the directions."),
        ("bengali13", "The full conversation between {X} and myself – all the emails, sent and received both."),
        ("kiwi13", "Chur – can you grab every email {X} and I have sent each other?"),
        ("frontlist13", "{X}, me, both directions: every email."),
        ("bracket13", "emails between me and {X}, either way [list]"),
        ("surveyor13", "Need the whole email trail between {X} and me – theirs and mine – for the boundary file."),
    ],
    "emails_from_in_month": [
        ("sommelier13", "{Mc} – what did {X} email me? It was right in the middle of harvest."),
        ("atc13", "Request emails received from {X} {M}."),
        ("romanian13", "Which mails has sent me {X} {M}?"),
        ("bengali13", "{Mc} itself, which emails did {X} send me?"),
        ("kiwi13", "Did {X} send me anything {M}? Show me those emails, cheers."),
        ("nextstep13", "I want to answer whatever {X} sent me {M}. Which emails were they?"),
        ("frontlist13", "{X}, {M}, emails to me: which ones?"),
        ("locksmith13", "Which emails did {X} send me {M}? Quick look before the next call-out."),
    ],
    "emails_from_before": [
        ("beekeeper13", "Before {B}, which emails had {X} sent me? I'd only just split the colonies then."),
        ("atc13", "Request emails from {X} dated before {B}. Later ones not required."),
        ("romanian13", "Which mails sent me {X} before {B}?"),
        ("kiwi13", "What'd {X} send me before {B}? Just the older emails, sweet as."),
        ("frontlist13", "{X}, before {B}, emails: what have I got?"),
        ("bracket13", "emails from {X} earlier than {B} [list]"),
        ("surveyor13", "Which emails did {X} send me prior to {B}? I'm checking the original survey brief."),
        ("locksmith13", "Emails from {X} before {B} – which ones? The job started around then."),
    ],
    "emails_from_since": [
        ("sommelier13", "Since {B}, which emails has {X} sent me? That's when the new vintage list came out."),
        ("atc13", "Request all emails from {X} since {B}."),
        ("bengali13", "From {B} onwards, which all emails has {X} sent me?"),
        ("kiwi13", "Has {X} emailed since {B}? Show us what's come through."),
        ("nextstep13", "I need to catch up on {X} before I ring them. Which emails have they sent me since {B}?"),
        ("bracket13", "emails from {X} since {B} [list]"),
        ("surveyor13", "Since {B}, what has {X} emailed me? I've been out in the field."),
        ("beekeeper13", "Which emails has {X} sent me after {B}? I've been with the hives all season."),
    ],
    "last_email_from": [
        ("superlative13", "What's the newest thing {X} has mailed me?"),
        ("atc13", "Request the latest email from {X}. One only."),
        ("romanian13", "Which is the last mail sent to me by {X}?"),
        ("kiwi13", "What was the last email {X} flicked me?"),
        ("nextstep13", "I want to reply to {X}. What was their most recent email to me?"),
        ("bracket13", "latest email from {X} [one email]"),
        ("locksmith13", "Between jobs – what's the last email {X} sent me?"),
        ("beekeeper13", "Hands full of frames. Which was the most recent email from {X}?"),
    ],
    "first_email_from": [
        ("superlative13", "Of all the emails {X} has sent me, which is the oldest?"),
        ("atc13", "Request the earliest email on record from {X}."),
        ("bengali13", "Kindly find the very first email {X} sent me."),
        ("kiwi13", "What was the first email {X} ever sent me? Reckon it was ages ago."),
        ("nextstep13", "I want to quote how {X} first got in touch. What was the first email they sent me?"),
        ("frontlist13", "{X}, first email to me: which one?"),
        ("sommelier13", "Which email did {X} first send me? Can't remember what it was about."),
        ("surveyor13", "Earliest email from {X} – which one was it? I need the original instructions."),
    ],
    "first_email_to": [
        ("superlative13", "Which of my emails to {X} is the oldest?"),
        ("romanian13", "Which was the first mail that I wrote to {X}?"),
        ("bengali13", "What was the first email I myself sent to {X}?"),
        ("kiwi13", "What was the very first email I sent {X}? Been yonks."),
        ("nextstep13", "I want to forward my first ever email to {X} to my boss. Which one was it?"),
        ("bracket13", "first email I sent {X} [one email]"),
        ("locksmith13", "When I first emailed {X} – which email was that?"),
        ("sommelier13", "Which email did I send {X} first of all? It was before I took over the cellar."),
    ],
    "last_email_to": [
        ("superlative13", "What's the most recent thing I've emailed {X}?"),
        ("atc13", "Request my last outgoing email to {X}."),
        ("romanian13", "Which is the last mail which I sent to {X}?"),
        ("bengali13", "The latest email I sent to {X}, which one is it?"),
        ("nextstep13", "I want to chase {X} up. What did I last email them?"),
        ("frontlist13", "{X}, my emails to them, the latest: which one?"),
        ("surveyor13", "Which was the last email I sent {X}? Want to check I attached the plans."),
        ("beekeeper13", "Which email did I send {X} last? Can't remember if I ever replied properly."),
    ],
    "count_emails_from": [
        ("beekeeper13", "How many emails has {X} sent me altogether? More than I have hives, probably."),
        ("atc13", "Request a count of emails received from {X}."),
        ("romanian13", "How many mails has sent me {X}?"),
        ("kiwi13", "How many emails has {X} sent me? Heaps, I reckon."),
        ("frontlist13", "{X}, emails to me, total: how many?"),
        ("bracket13", "emails from {X} [number]"),
        ("sommelier13", "What's the total number of emails {X} has sent me?"),
        ("locksmith13", "How many emails have I had from {X}? Roughly is fine, exact is better."),
    ],
    "subject_contains": [
        ("surveyor13", "Which emails have \"{W}\" in their subject line?"),
        ("atc13", "Request all emails with subject containing \"{W}\"."),
        ("romanian13", "Show me please the mails which have {W} in the subject."),
        ("bengali13", "Which all emails are there with {W} in the subject line?"),
        ("kiwi13", "Kia ora – can you find the emails with {W} in the subject line? Cheers."),
        ("nextstep13", "I want to archive the {W} emails. Which ones have that in the subject?"),
        ("bracket13", "subject includes \"{W}\" [emails]"),
        ("locksmith13", "Any emails with {W} in the subject? Show me all of them."),
    ],
    "last_received_on_day": [
        ("superlative13", "On {D}, which email reached me latest in the day?"),
        ("atc13", "Request the final email received on {D}."),
        ("romanian13", "Which was the last mail that came to me in {D}?"),
        ("kiwi13", "{Dc} – what was the last email that landed in my inbox?"),
        ("nextstep13", "I want to pick up where I left off on {D}. What was the last email I got that day?"),
        ("frontlist13", "{Dc}, my inbox, last one in: which email?"),
        ("bracket13", "last email received on {D} [one email]"),
        ("beekeeper13", "On {D} I was out collecting a swarm. Which email came in last that day?"),
    ],
    "attachments_from": [
        ("sommelier13", "Which files has {X} sent me as attachments? Tasting notes, mostly."),
        ("atc13", "Request a list of all attachments received from {X}."),
        ("romanian13", "Which are the files sent to me by {X}?"),
        ("bengali13", "Kindly list all the files {X} has attached in emails to me."),
        ("kiwi13", "What files has {X} flicked me over email?"),
        ("nextstep13", "I want to back up everything {X} has attached for me. Which files are those?"),
        ("frontlist13", "{X}, attachments to me: which files?"),
        ("surveyor13", "Which attachments have come to me from {X}? I need the site plans."),
    ],
    "attachments_ext": [
        ("beekeeper13", "Which {EXTS} have come through as email attachments, in or out?"),
        ("atc13", "Request all email attachments of type .{EXT}, incoming and outgoing."),
        ("romanian13", "Which are the {EXTS} attached at the emails?"),
        ("bengali13", "Kindly show all {EXTS} that were attached to any email."),
        ("nextstep13", "I want to move every {EXT1} from my email into one folder. Which ones are there?"),
        ("frontlist13", "Email attachments, .{EXT}, sent or received: which files?"),
        ("bracket13", "{EXTS} attached to emails [list]"),
        ("locksmith13", "What {EXTS} have been attached to emails – mine or anyone's?"),
    ],
    "folders_with_attachments_from": [
        ("surveyor13", "Which folders did I save {Xp} attachments into?"),
        ("atc13", "Request the folders holding files received from {X}."),
        ("romanian13", "In which folders are saved the files which sent me {X}?"),
        ("kiwi13", "Where've the files {X} sent me ended up? Which folders?"),
        ("nextstep13", "I want to clean up the files {X} emailed me. Which folders are they sitting in?"),
        ("frontlist13", "{X}, their attachments, my drive: which folders?"),
        ("bracket13", "folders with files {X} sent me [list]"),
        ("sommelier13", "The files {X} emailed me – which folders did they land in?"),
    ],
    "folders_of_file": [
        ("beekeeper13", "Which folder is {F} in? I need it for the apiary records."),
        ("atc13", "Request folder location for {F}."),
        ("romanian13", "Where is saved the file {F}?"),
        ("bengali13", "In which folder is {F} kept?"),
        ("kiwi13", "Where's {F} got to? Which folder's it in?"),
        ("nextstep13", "I want to open {F}. Which folder is it in?"),
        ("bracket13", "{F} [folder]"),
        ("locksmith13", "Which folder has {F}? Customer's asking for it."),
    ],
    "who_sent_file": [
        ("nextstep13", "I want to reply to whoever sent me {F}. Who was it?"),
        ("atc13", "Request sender identity for {F}."),
        ("romanian13", "Who has sent to me the file {F}?"),
        ("bengali13", "Who had sent me {F}, can you tell?"),
        ("kiwi13", "Who flicked me {F}? Can't remember, eh."),
        ("frontlist13", "{F}, by email, sender: who?"),
        ("bracket13", "who sent me {F} [person]"),
        ("surveyor13", "{F} came in by email – who sent it?"),
    ],
    "conversations_with_sender_of_file": [
        ("nextstep13", "I want to loop in everyone who's been emailing with whoever sent me {F}. Who are they?"),
        ("atc13", "Identify the sender of {F}, then list everyone that sender has exchanged emails with."),
        ("romanian13", "With whom has changed emails the person who sent me {F}?"),
        ("bengali13", "Whoever sent me {F} – with which all people has that person exchanged emails?"),
        ("kiwi13", "Whoever sent {F} – who've they been emailing back and forth with?"),
        ("frontlist13", "{F}, its sender, their email contacts: who?"),
        ("bracket13", "people who've emailed with the sender of {F} [names]"),
        ("sommelier13", "The person who sent me {F}: who have they been in email conversations with?"),
    ],
    "coattendees_of_person": [
        ("beekeeper13", "Who has been at events together with {X}? Trying to work out who's in the bee club."),
        ("atc13", "Request a list of everyone who attended events with {X}."),
        ("romanian13", "Who participated at the same events as {X}?"),
        ("bengali13", "With {X}, which all people attended the events?"),
        ("kiwi13", "Who's been at meetings with {X}? Reckon it's a fair few."),
        ("frontlist13", "{X}, their events, everyone else there: who?"),
        ("bracket13", "people at events with {X} [names]"),
        ("surveyor13", "Who shared a meeting with {X}? I need the names for the site visit list."),
    ],
    "events_of_person": [
        ("sommelier13", "Which events has {X} attended? They came to one of our tastings, I think."),
        ("atc13", "Request all events with {X} as an attendee."),
        ("romanian13", "At which events has participated {X}?"),
        ("bengali13", "Kindly tell which all meetings {X} has attended."),
        ("kiwi13", "What events has {X} been along to?"),
        ("nextstep13", "I want to send {X} the notes from every meeting they went to. Which events were those?"),
        ("bracket13", "events {X} attended [list]"),
        ("locksmith13", "What meetings has {X} turned up to?"),
    ],
    "events_at_place": [
        ("surveyor13", "Which events have been or will be held {atP}? I might survey the site."),
        ("atc13", "Request all calendar events located {atP}."),
        ("romanian13", "Which are the events that take place {atP}?"),
        ("bengali13", "Which all events are there {atP}?"),
        ("kiwi13", "What's on {atP}? All the events, past and coming up."),
        ("frontlist13", "{P}, calendar: which events?"),
        ("bracket13", "events {atP} [list]"),
        ("sommelier13", "Which events are {atP}? We might host a tasting there."),
    ],
    "events_in_month": [
        ("beekeeper13", "Which events are on my calendar {M}? I'm lining them up against the honey harvest."),
        ("atc13", "Request all calendar events {M}."),
        ("romanian13", "Which events have I {M}?"),
        ("bengali13", "{Mc}, which all events are there on my calendar?"),
        ("kiwi13", "What've I got on {M}? All the events, cheers."),
        ("frontlist13", "{Mc}, my calendar: which events?"),
        ("bracket13", "calendar events {M} [list]"),
        ("locksmith13", "Which events are in my calendar {M}? Squaring them with my on-call rota."),
    ],
    "events_titled": [
        ("surveyor13", "Which events have \"{T}\" in the title?"),
        ("atc13", "Request all events with \"{T}\" in the title."),
        ("romanian13", "Show me please the events which have {T} in the name."),
        ("kiwi13", "Can you find all the {T} ones on my calendar?"),
        ("nextstep13", "I want to cancel the {T} events. Which ones are there?"),
        ("frontlist13", "\"{T}\", event titles: which events?"),
        ("bracket13", "events with {T} in the name [list]"),
        ("sommelier13", "Which {T} events are on the calendar? I'll pair them with something."),
    ],
    "who_attended_titled": [
        ("beekeeper13", "Who went to the {T}? One of them wanted a jar of honey."),
        ("atc13", "Request the attendee list for the {T} events."),
        ("romanian13", "Who participated at the {T}?"),
        ("bengali13", "Who all attended the {T}, kindly tell."),
        ("kiwi13", "Who turned up to the {T}? Reckon it was a good crowd."),
        ("nextstep13", "I want to thank everyone who came to the {T}. Who were they?"),
        ("bracket13", "attendees of the {T} [names]"),
        ("locksmith13", "Who was at the {T}? Someone there needed a key cut."),
    ],
    "place_of_event": [
        ("surveyor13", "Where's {T} held? I'll need the site address."),
        ("atc13", "Request the location of {T}."),
        ("romanian13", "Where is taking place {T}?"),
        ("bengali13", "{T} – where is it happening, kindly tell."),
        ("kiwi13", "Where's {T} on?"),
        ("nextstep13", "I want to book a cab to {T}. Where is it?"),
        ("bracket13", "location of {T} [place]"),
        ("sommelier13", "Where is {T}? Is there a decent wine list nearby?"),
    ],
    "people_met_at_place": [
        ("beekeeper13", "Who have I met {atP}? Somebody there asked about swarms."),
        ("atc13", "Request everyone I've met {atP}, at events I attended."),
        ("romanian13", "With whom did I meet {atP}?"),
        ("bengali13", "{atPc}, which all people have I met?"),
        ("kiwi13", "Who've I caught up with {atP}?"),
        ("nextstep13", "I want to send a thank-you to the people I met {atP}. Who were they?"),
        ("frontlist13", "{P}, meetings I was at, the people: who?"),
        ("surveyor13", "Who did I meet {atP}? One of them owned the land next door."),
    ],
    "people_met_in_month": [
        ("sommelier13", "Who did I meet {M}? It was a blur of tastings."),
        ("atc13", "Request all people I met with {M}."),
        ("romanian13", "With whom have I met {M}?"),
        ("bengali13", "{Mc}, which all people did I meet?"),
        ("kiwi13", "Who'd I catch up with {M}?"),
        ("frontlist13", "{Mc}, meetings I went to, people: who?"),
        ("bracket13", "people I met {M} [names]"),
        ("locksmith13", "Who did I have meetings with {M}? I was doing a lot of call-outs."),
    ],
    "links_from_person": [
        ("beekeeper13", "Which links has {X} emailed me? Probably bee forums."),
        ("atc13", "Request all URLs from emails sent by {X}."),
        ("romanian13", "Which are the links which sent me {X}?"),
        ("bengali13", "Which all links has {X} sent me by email?"),
        ("kiwi13", "What links has {X} flicked through to me?"),
        ("nextstep13", "I want to bookmark the links {X} sent me. Which are they?"),
        ("bracket13", "links from {X} [list]"),
        ("surveyor13", "Which web links has {X} sent me? Map portals, I expect."),
    ],
    "links_from_people_met_in_month": [
        ("sommelier13", "Which links did the people I met {M} send me? Someone promised a vineyard's website."),
        ("atc13", "Request URLs emailed to me by anyone I met {M}."),
        ("romanian13", "Which links sent me the people with whom I met {M}?"),
        ("bengali13", "The people I met {M}, which all links did they send me?"),
        ("kiwi13", "The folks I caught up with {M} – what links have they flicked me?"),
        ("frontlist13", "{Mc}, people I met, links they emailed me: which?"),
        ("bracket13", "links from people I met {M} [list]"),
        ("locksmith13", "What links have I been sent by the people I met {M}?"),
    ],
    "links_to_domain": [
        ("surveyor13", "Which {U} links have turned up in my emails?"),
        ("atc13", "Request all {U} URLs in email."),
        ("romanian13", "Which are the links to {U} from the mails?"),
        ("bengali13", "Which all {U} links are there in my mails?"),
        ("kiwi13", "Got any {U} links in my emails? Show us the lot."),
        ("nextstep13", "I want to check every {U} link someone emailed. Which are they?"),
        ("frontlist13", "{U}, links, in my email: which?"),
        ("bracket13", "{U} links in emails [list]"),
    ],
    "last_email_from_about": [
        ("superlative13", "Which is the newest email {X} has sent me about {W}?"),
        ("atc13", "Request the latest email from {X} with {W} in the subject."),
        ("romanian13", "Which is the last mail from {X} about {W}?"),
        ("bengali13", "About {W}, what was the latest email {X} sent me?"),
        ("kiwi13", "What's the last email {X} flicked me about {W}?"),
        ("nextstep13", "I want to reply to {X} about {W}. Which was their most recent email on it?"),
        ("frontlist13", "{X}, {W}, their latest email: which one?"),
        ("bracket13", "most recent email from {X} about {W} [one email]"),
    ],
    "emails_from_with_attachment": [
        ("beekeeper13", "Which of {Xp} emails came with something attached? Got frames to fix, so quick."),
        ("atc13", "Request emails from {X} carrying attachments."),
        ("romanian13", "Which mails from {X} had files attached?"),
        ("bengali13", "Which all emails of {X} came with attachments?"),
        ("kiwi13", "Which emails has {X} sent me with attachments on them?"),
        ("frontlist13", "{X}, emails with attachments: which ones?"),
        ("bracket13", "emails from {X} with attachments [list]"),
        ("surveyor13", "Which of the emails {X} sent me have files attached? Looking for the plans."),
    ],
    "files_from_in_month": [
        ("sommelier13", "Which files did {X} send me {M}? Price lists, I expect."),
        ("atc13", "Request attachments received from {X} {M}."),
        ("romanian13", "Which are the files which sent me {X} {M}?"),
        ("bengali13", "{Mc}, which all files did {X} attach for me?"),
        ("kiwi13", "What files did {X} flick me {M}?"),
        ("nextstep13", "I want to print the files {X} sent me {M}. Which ones are they?"),
        ("frontlist13", "{X}, {M}, attachments: which files?"),
        ("locksmith13", "What files did {X} email me {M}? Need the invoice."),
    ],
    "events_at_place_in_month": [
        ("surveyor13", "Which events are {atP} {M}? I might be surveying nearby."),
        ("atc13", "Request calendar events {atP} {M}."),
        ("romanian13", "Which events are {atP} {M}?"),
        ("bengali13", "{Mc}, which all events are there {atP}?"),
        ("kiwi13", "What's on {atP} {M}?"),
        ("frontlist13", "{P}, {M}: which events?"),
        ("bracket13", "events {atP} {M} [list]"),
        ("beekeeper13", "{Mc}, which events are on {atP}? Checking it doesn't clash with the hive inspections."),
    ],
    "people_emailed_in_month": [
        ("sommelier13", "Who did I send emails to {M}? I was ordering for the cellar."),
        ("atc13", "Request all recipients of emails I sent {M}."),
        ("romanian13", "To whom have I written mails {M}?"),
        ("bengali13", "{Mc}, to which all people did I send emails?"),
        ("kiwi13", "Who'd I flick an email to {M}? Chur."),
        ("nextstep13", "I want to follow up with everyone I emailed {M}. Who were they?"),
        ("bracket13", "people I emailed {M} [names]"),
        ("locksmith13", "Who did I email {M}? I owe one of them a quote."),
    ],
    "emails_from_person_to_person": [
        ("surveyor13", "Which emails has {X} sent to {Y}? They're in a boundary dispute, I think."),
        ("atc13", "Request emails with sender {X} and recipient {Y}."),
        ("romanian13", "Which mails has written {X} to {Y}?"),
        ("bengali13", "What all emails did {X} send to {Y}?"),
        ("kiwi13", "What's {X} been emailing {Y}, eh?"),
        ("nextstep13", "I want to get up to speed on what {X} has told {Y}. Which emails did {X} send {Y}?"),
        ("frontlist13", "From {X}, to {Y}: which emails?"),
        ("bracket13", "emails from {X} to {Y} [list]"),
    ],
    "count_events_at_place": [
        ("sommelier13", "How many events have been held {atP}? Thinking of it for a tasting."),
        ("atc13", "Request a count of events {atP}."),
        ("romanian13", "How many events were organised {atP}?"),
        ("bengali13", "{atPc}, how many events were there in total?"),
        ("kiwi13", "How many events have there been {atP}? A fair few, I reckon."),
        ("frontlist13", "{P}, events, total: how many?"),
        ("bracket13", "events {atP} [number]"),
        ("surveyor13", "How many events took place {atP}? I'm sizing up the venue."),
    ],
    "links_in_emails_about": [
        ("beekeeper13", "Which links are in the emails about {W}?"),
        ("atc13", "Request all URLs in emails with {W} in the subject."),
        ("romanian13", "Which links are in the mails about {W}?"),
        ("bengali13", "In the emails about {W}, which all links are there?"),
        ("kiwi13", "Any links in those {W} emails? Show us."),
        ("nextstep13", "I want to read up before the meeting: which links were in the emails about {W}?"),
        ("frontlist13", "{W}, emails, links in them: which?"),
        ("bracket13", "links in the {W} emails [list]"),
    ],
    "count_emails_to": [
        ("locksmith13", "How many emails have I sent {X}? Feels like a lot."),
        ("atc13", "Request a count of emails I've sent to {X}."),
        ("romanian13", "How many mails have I written to {X}?"),
        ("bengali13", "To {X}, how many emails have I sent, total?"),
        ("kiwi13", "How many emails have I flicked {X}?"),
        ("frontlist13", "Me, {X}, emails I sent: how many?"),
        ("bracket13", "emails I sent {X} [number]"),
        ("sommelier13", "What's the total count of emails I've sent {X}? I need the exact figure."),
    ],
}

TEST11_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: Amharic and Hebrew first-language speakers (amharic_t11, hebrew_t11), a Welsh English speaker
    # (welsh_t11), a radio dispatcher (dispatch_t11), someone who states a belief and asks to be set right
    # (belief_t11), someone who trails off with ellipses (ellipsis_t11), an astronomer on an observing night
    # (astronomer_t11), a carpenter in the workshop (carpenter_t11), a ski instructor between lessons (ski_t11), a
    # crossword setter (crossword_t11) and a midwife on call (midwife_t11).
    "emails_from": [
        ("amharic_t11", "Selam. The emails that {X} sent to me, all of them, please show."),
        ("hebrew_t11", "Tell me please, what emails {X} sent me?"),
        ("welsh_t11", "Now in a minute, can you fetch me everything {X} has emailed me?"),
        ("dispatch_t11", "Dispatch to base, requesting every email from {X}, over."),
        ("belief_t11", "I believe {X} has emailed me a fair bit, right? Which emails were they?"),
        ("astronomer_t11", "Clouds rolled in over the dome. While I wait: which emails has {X} sent me?"),
    ],
    "emails_to": [
        ("hebrew_t11", "Which emails I already sent to {X}? Show me all."),
        ("welsh_t11", "What emails have I sent {X}, is it many?"),
        ("ellipsis_t11", "the emails I sent {X}... all of them..."),
        ("carpenter_t11", "Sawdust everywhere, so quickly: which emails did I send {X}?"),
        ("ski_t11", "On the chairlift. Which emails have I written to {X}?"),
        ("midwife_t11", "On call, quick one: what have I emailed {X}?"),
    ],
    "emails_between": [
        ("amharic_t11", "Between me and {X}, the emails, in both directions, I want to see all."),
        ("dispatch_t11", "Copy. Need all emails between {X} and me, both ways. Over."),
        ("belief_t11", "I think {X} and I have emailed back and forth a lot, right? Show me every email, both sides."),
        ("ellipsis_t11", "me and {X}... every email between us... theirs and mine..."),
        ("crossword_t11", "For my notes: every email exchanged between {X} and me, in either direction."),
        ("midwife_t11", "Between deliveries – pull up all the emails between {X} and me, sent and received."),
    ],
    "emails_from_in_month": [
        ("amharic_t11", "{Mc}, the emails {X} sent me, which ones?"),
        ("hebrew_t11", "What with the emails from {X} {M}? Show me them."),
        ("welsh_t11", "What did {X} send me {M}, then?"),
        ("belief_t11", "I'm fairly sure {X} emailed me {M}, right? Which emails were those?"),
        ("ellipsis_t11", "emails from {X}... {M}... which ones were they..."),
        ("ski_t11", "Which emails did {X} send me {M}? I was on the slopes most of it."),
    ],
    "emails_from_before": [
        ("hebrew_t11", "Which emails sent me {X} before {B}? Only the old ones."),
        ("dispatch_t11", "Requesting emails from {X} prior to {B}. Over."),
        ("belief_t11", "{X} wrote to me before {B}, yes? What did they send?"),
        ("ellipsis_t11", "{X}'s emails... the ones before {B}..."),
        ("carpenter_t11", "Which emails did {X} send me before {B}? That's when I started the staircase job."),
        ("crossword_t11", "Emails from {X}, earlier than {B} – which are they?"),
    ],
    "emails_from_since": [
        ("amharic_t11", "Since {B}, from {X}, which emails came to me?"),
        ("welsh_t11", "Has {X} been emailing since {B}? Let's see them, tidy."),
        ("dispatch_t11", "Copy that. All emails from {X} since {B}. Over."),
        ("belief_t11", "I reckon {X} has written a few times since {B}, right? Which emails?"),
        ("astronomer_t11", "Which emails has {X} sent me since {B}? I've been on nights at the observatory."),
        ("midwife_t11", "Since {B}, what's {X} emailed me? I've barely looked."),
    ],
    "last_email_from": [
        ("amharic_t11", "From {X}, the last email to me, which one is it?"),
        ("hebrew_t11", "What is the last email that {X} sent me?"),
        ("welsh_t11", "What's the latest from {X}, email-wise?"),
        ("dispatch_t11", "Base, need the most recent email from {X}. Over."),
        ("belief_t11", "{X} emailed me not long ago, right? Which one was the latest?"),
        ("ski_t11", "Quick, before my next lesson – what's the latest email {X} sent me?"),
    ],
    "first_email_from": [
        ("hebrew_t11", "Which was the first email {X} sent me ever?"),
        ("welsh_t11", "What was the first one {X} ever emailed me, now?"),
        ("ellipsis_t11", "the first email {X} ever sent me... the very first..."),
        ("astronomer_t11", "Waiting for the seeing to settle. What's the earliest email I have from {X}?"),
        ("carpenter_t11", "What was the first email {X} sent me? Must be back when I did their kitchen."),
        ("crossword_t11", "The first email {X} ever sent me – which one?"),
    ],
    "first_email_to": [
        ("amharic_t11", "To {X}, my first email, which one was it?"),
        ("welsh_t11", "What's the first email I ever sent {X}, is it?"),
        ("belief_t11", "I first wrote to {X} ages ago, right? Which email was it?"),
        ("dispatch_t11", "Requesting my earliest email to {X}. Over."),
        ("ski_t11", "Which was the first email I ever sent {X}?"),
        ("midwife_t11", "My very first email to {X} – which one was that?"),
    ],
    "last_email_to": [
        ("hebrew_t11", "What was the last email I sent to {X}? Tell me please."),
        ("dispatch_t11", "Base, requesting my latest email to {X}. Over."),
        ("ellipsis_t11", "my last email to {X}... the most recent one..."),
        ("astronomer_t11", "Between exposures: which email did I most recently send {X}?"),
        ("carpenter_t11", "What did I last email {X}? Need to check I sent the quote."),
        ("crossword_t11", "The latest email I sent {X} – which one?"),
    ],
    "count_emails_from": [
        ("amharic_t11", "From {X}, how many emails came to me?"),
        ("hebrew_t11", "How many emails {X} sent me already?"),
        ("welsh_t11", "How many emails has {X} sent me, then? Loads, is it?"),
        ("belief_t11", "{X} has sent me dozens of emails, right? How many exactly?"),
        ("ellipsis_t11", "emails from {X}... how many altogether..."),
        ("midwife_t11", "How many emails have I had from {X}? Quick count while it's quiet."),
    ],
    "subject_contains": [
        ("amharic_t11", "Emails with {W} in the subject, please show all."),
        ("hebrew_t11", "Is it possible to see the emails with \"{W}\" in the subject?"),
        ("dispatch_t11", "Requesting emails, subject line contains {W}. Over."),
        ("ellipsis_t11", "emails with {W} in the subject... any of them..."),
        ("astronomer_t11", "Which emails have {W} in the subject? Got a few minutes while the dome turns."),
        ("crossword_t11", "Which emails have \"{W}\" somewhere in the subject line?"),
    ],
    "last_received_on_day": [
        ("amharic_t11", "On {D}, the last email that came to me, which one?"),
        ("welsh_t11", "What came in last on {D}, email-wise?"),
        ("belief_t11", "I got a fair few emails on {D}, right? Which one came in last?"),
        ("dispatch_t11", "Requesting last email received on {D}. Over."),
        ("carpenter_t11", "On {D} I was fitting a staircase all day. Which email arrived last?"),
        ("midwife_t11", "{Dc} was a long shift. What was the final email I got that day?"),
    ],
    "attachments_from": [
        ("hebrew_t11", "Which files {X} sent me in the emails?"),
        ("welsh_t11", "What files has {X} sent me over, then?"),
        ("belief_t11", "{X} has attached some files for me, right? Which ones?"),
        ("ellipsis_t11", "files {X} sent me... attachments... all of them..."),
        ("carpenter_t11", "Which attachments have I had from {X}? Drawings, mostly."),
        ("ski_t11", "What files has {X} emailed me?"),
    ],
    "attachments_ext": [
        ("amharic_t11", "The {EXTS} attached to emails, all of them, please list."),
        ("hebrew_t11", "Which {EXTS} there are as attachments in the emails?"),
        ("dispatch_t11", "Requesting all .{EXT} attachments, inbound and outbound. Over."),
        ("astronomer_t11", "Which {EXTS} have been attached to emails, either direction?"),
        ("crossword_t11", "Every {EXT1} that's been an email attachment – list them, please."),
        ("midwife_t11", "Which {EXTS} have gone back and forth as attachments?"),
    ],
    "folders_with_attachments_from": [
        ("amharic_t11", "The files {X} sent me, in which folders are they?"),
        ("welsh_t11", "Where's {Xp} attachments to? Which folders?"),
        ("belief_t11", "I saved the files {X} emailed me somewhere, right? Which folders?"),
        ("ellipsis_t11", "the files {X} sent me... which folders did they go in..."),
        ("carpenter_t11", "Which folders hold the attachments {X} sent me? Need the cut list."),
        ("ski_t11", "Which folders did {Xp} attachments end up in?"),
    ],
    "folders_of_file": [
        ("hebrew_t11", "In which folder is {F} already?"),
        ("welsh_t11", "Where's {F} to?"),
        ("dispatch_t11", "Need the folder for {F}. Over."),
        ("belief_t11", "I saved {F} somewhere, right? Which folder is it in?"),
        ("astronomer_t11", "Which folder did {F} end up in? I need it before the next target rises."),
        ("crossword_t11", "{F} – which folder holds it?"),
    ],
    "who_sent_file": [
        ("amharic_t11", "{F}, who sent it to me?"),
        ("hebrew_t11", "Who sent me {F}, you know?"),
        ("welsh_t11", "Who sent me {F}, then?"),
        ("belief_t11", "Someone emailed me {F}, right? Who was it?"),
        ("ellipsis_t11", "{F}... who sent me that..."),
        ("midwife_t11", "Who emailed me {F}? Need to thank them."),
    ],
    "conversations_with_sender_of_file": [
        ("amharic_t11", "The person who sent me {F}, with that person, who has exchanged emails?"),
        ("welsh_t11", "Whoever sent me {F} – who's been emailing with them, then?"),
        ("dispatch_t11", "Identify sender of {F}, then everyone they've exchanged emails with. Over."),
        ("ellipsis_t11", "whoever sent {F}... and everyone they've emailed with..."),
        ("astronomer_t11", "Who has corresponded by email with the person who sent me {F}?"),
        ("crossword_t11", "Work out who sent me {F}, then list everyone that person has traded emails with."),
    ],
    "coattendees_of_person": [
        ("hebrew_t11", "Who was in meetings together with {X}?"),
        ("welsh_t11", "Who's been in meetings with {X}, then?"),
        ("belief_t11", "{X} has been to a few meetings, right? Who else was at them?"),
        ("dispatch_t11", "Requesting everyone who attended events with {X}. Over."),
        ("carpenter_t11", "Who's been at events with {X}? Trying to put names to faces."),
        ("ski_t11", "Who's been in meetings alongside {X}?"),
    ],
    "events_of_person": [
        ("amharic_t11", "{X}, which events did they attend?"),
        ("hebrew_t11", "In which meetings {X} was?"),
        ("ellipsis_t11", "events {X} went to... all of them..."),
        ("astronomer_t11", "Which events has {X} attended?"),
        ("crossword_t11", "List the events {X} attended, please."),
        ("midwife_t11", "What meetings has {X} been at? Quick, before the next mum comes in."),
    ],
    "events_at_place": [
        ("amharic_t11", "{atPc}, which events are there?"),
        ("welsh_t11", "What's been going on {atP}, event-wise?"),
        ("dispatch_t11", "Requesting all events {atP}. Over."),
        ("belief_t11", "There's been a few events {atP}, right? Which ones?"),
        ("carpenter_t11", "Which events are {atP}? I might quote for the fit-out."),
        ("ski_t11", "What events are {atP}? Checking between lessons."),
    ],
    "events_in_month": [
        ("hebrew_t11", "What I have on my calendar {M}?"),
        ("welsh_t11", "What was on the calendar {M}, then?"),
        ("belief_t11", "My calendar was busy {M}, right? Which events?"),
        ("ellipsis_t11", "my calendar... {M}... what events..."),
        ("astronomer_t11", "Which events are on my calendar {M}? Comparing them with my observing log."),
        ("midwife_t11", "What's in my calendar {M}? Squaring it with my on-call nights."),
    ],
    "events_titled": [
        ("amharic_t11", "Events with {T} in the name, please show all."),
        ("hebrew_t11", "Which events there are with \"{T}\" in the title?"),
        ("dispatch_t11", "Requesting all events titled with {T}. Over."),
        ("ellipsis_t11", "the {T} events... all of them..."),
        ("carpenter_t11", "Which {T} events are on the calendar?"),
        ("crossword_t11", "Which events have \"{T}\" in their title?"),
    ],
    "who_attended_titled": [
        ("amharic_t11", "The {T}, who attended it?"),
        ("welsh_t11", "Who was at the {T}, then?"),
        ("belief_t11", "A good few people came to the {T}, right? Who were they?"),
        ("astronomer_t11", "Who went to the {T}?"),
        ("ski_t11", "Who came along to the {T}?"),
        ("midwife_t11", "Who attended the {T}? Need the names."),
    ],
    "place_of_event": [
        ("hebrew_t11", "Where is {T}, tell me please?"),
        ("welsh_t11", "Where's {T} to?"),
        ("dispatch_t11", "Requesting location for {T}. Over."),
        ("ellipsis_t11", "{T}... where is that..."),
        ("carpenter_t11", "Where's {T}? Need to know if I can get the van there."),
        ("crossword_t11", "Where does {T} take place?"),
    ],
    "people_met_at_place": [
        ("amharic_t11", "{atPc}, the people I met, who are they?"),
        ("hebrew_t11", "Who I met {atP}?"),
        ("belief_t11", "I've met a few people {atP}, right? Who?"),
        ("ellipsis_t11", "people I met {atP}... who were they..."),
        ("astronomer_t11", "Who have I met {atP}? I rarely leave the observatory, so not many."),
        ("midwife_t11", "Who did I meet {atP}? Can't place a name."),
    ],
    "people_met_in_month": [
        ("amharic_t11", "{Mc}, who did I meet?"),
        ("welsh_t11", "Who did I meet with {M}, then?"),
        ("dispatch_t11", "Requesting everyone I met {M}. Over."),
        ("belief_t11", "I met a few people {M}, right? Who were they?"),
        ("carpenter_t11", "Who did I have meetings with {M}? Glue's drying, so I've got a minute."),
        ("ski_t11", "Who did I meet up with {M}? It was peak season."),
    ],
    "links_from_person": [
        ("amharic_t11", "The links {X} sent me, which ones?"),
        ("hebrew_t11", "Tell me please which links {X} sent to me."),
        ("dispatch_t11", "Requesting all links from {X}. Over."),
        ("ellipsis_t11", "links {X} sent me... all of them..."),
        ("astronomer_t11", "Which links has {X} emailed me? Papers to read on a cloudy night, I hope."),
        ("crossword_t11", "Every web link {X} has sent me, please."),
    ],
    "links_from_people_met_in_month": [
        ("hebrew_t11", "The people I met {M}, which links they sent me?"),
        ("welsh_t11", "What links have the people I met {M} sent me, then?"),
        ("belief_t11", "The people I met {M} sent me some links, right? Which?"),
        ("ellipsis_t11", "people I met {M}... links they emailed me..."),
        ("carpenter_t11", "Which links did the folks I met {M} email me?"),
        ("midwife_t11", "Which links have I been sent by anyone I met {M}?"),
    ],
    "links_to_domain": [
        ("amharic_t11", "Links to {U} in my emails, all of them, please."),
        ("welsh_t11", "Any {U} links in my emails, then?"),
        ("dispatch_t11", "Requesting all {U} links in email. Over."),
        ("belief_t11", "There are a few {U} links in my emails, right? Which?"),
        ("astronomer_t11", "Which {U} links have come up in my email?"),
        ("ski_t11", "Which {U} links are in my emails? Riding the gondola up."),
    ],
    "last_email_from_about": [
        ("amharic_t11", "From {X}, about {W}, the last email, which one?"),
        ("hebrew_t11", "What is the last email {X} sent me about {W}?"),
        ("welsh_t11", "What's the latest from {X} about {W}, then?"),
        ("belief_t11", "{X} emailed me about {W} recently, right? Which was the latest?"),
        ("ellipsis_t11", "{X}... about {W}... the most recent email..."),
        ("crossword_t11", "The most recent email {X} sent me about {W} – which one?"),
    ],
    "emails_from_with_attachment": [
        ("amharic_t11", "From {X}, the emails with attachments, show me please."),
        ("hebrew_t11", "Which emails of {X} came with attachment?"),
        ("dispatch_t11", "Requesting emails from {X} with attachments. Over."),
        ("ellipsis_t11", "{Xp} emails... the ones with attachments..."),
        ("carpenter_t11", "Which of {Xp} emails had files attached? Looking for the drawings."),
        ("midwife_t11", "Which emails from {X} had attachments? On call, so quick."),
    ],
    "files_from_in_month": [
        ("amharic_t11", "{Mc}, the files {X} sent me, which ones?"),
        ("welsh_t11", "What files did {X} send me {M}, then?"),
        ("belief_t11", "{X} sent me some files {M}, right? Which?"),
        ("ellipsis_t11", "files from {X}... {M}..."),
        ("astronomer_t11", "Which files did {X} email me {M}? I'll read them while the camera cools."),
        ("ski_t11", "What attachments did {X} send me {M}?"),
    ],
    "events_at_place_in_month": [
        ("hebrew_t11", "Tell me please, which events there are {atP} {M}?"),
        ("welsh_t11", "What's on {atP} {M}, then?"),
        ("dispatch_t11", "Requesting events {atP} {M}. Over."),
        ("ellipsis_t11", "events {atP}... {M}..."),
        ("carpenter_t11", "Which events are {atP} {M}? Might need to work round them."),
        ("crossword_t11", "Events {atP} {M} – which ones, please?"),
    ],
    "people_emailed_in_month": [
        ("amharic_t11", "{Mc}, to whom did I send emails?"),
        ("hebrew_t11", "To who I sent emails {M}?"),
        ("belief_t11", "I emailed a handful of people {M}, right? Who?"),
        ("astronomer_t11", "Who did I send emails to {M}? I was asleep most days."),
        ("ski_t11", "Who did I email {M}? It was the busy season."),
        ("midwife_t11", "Who did I email {M}? I owe someone a reply."),
    ],
    "emails_from_person_to_person": [
        ("amharic_t11", "From {X} to {Y}, the emails, which ones?"),
        ("hebrew_t11", "Which emails {X} sent to {Y}?"),
        ("welsh_t11", "What's {X} been emailing {Y}, then?"),
        ("dispatch_t11", "Requesting emails, sender {X}, recipient {Y}. Over."),
        ("ellipsis_t11", "emails {X} sent {Y}... all of them..."),
        ("crossword_t11", "Which emails did {X} send to {Y}? All of them, please."),
    ],
    "count_events_at_place": [
        ("amharic_t11", "{atPc}, how many events were there?"),
        ("welsh_t11", "How many events have there been {atP}, then?"),
        ("belief_t11", "There have been a handful of events {atP}, right? How many exactly?"),
        ("astronomer_t11", "How many events were held {atP}? I've lost count."),
        ("carpenter_t11", "How many events took place {atP}?"),
        ("midwife_t11", "How many events have there been {atP}? Asking on my break."),
    ],
    "links_in_emails_about": [
        ("hebrew_t11", "Which links there are in the emails about {W}?"),
        ("dispatch_t11", "Requesting links from emails with {W} in the subject. Over."),
        ("belief_t11", "The emails about {W} had some links in them, right? Which?"),
        ("ellipsis_t11", "the {W} emails... the links in them..."),
        ("ski_t11", "What links were in the emails about {W}? I'll read them on the lift."),
        ("crossword_t11", "Which links appear in the emails about {W}?"),
    ],
    "count_emails_to": [
        ("amharic_t11", "To {X}, how many emails did I send?"),
        ("hebrew_t11", "How many emails I sent to {X} already?"),
        ("welsh_t11", "How many emails have I sent {X}, then?"),
        ("dispatch_t11", "Requesting count of emails I've sent {X}. Over."),
        ("astronomer_t11", "How many emails have I sent {X}? An astronomical number, probably."),
        ("carpenter_t11", "How many emails have I sent {X}? Feels like dozens."),
    ],
}


# =============================================================================================
# dev14 and test12: two more groups of askers, each writing every shape (the later ones too). dev14's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: a court stenographer
# ("for the record", "for the transcript"), a club DJ between sets ("stems", "promos", "rocked up"), a poet ("whose
# hand sent me F?", "gatherings", "which emails bear ..."), someone who corrects themselves mid-question ("from Jnae –
# sorry, Jane – ...", "the first – no, the last – email"; only the corrected value is asked), Norwegian and Serbian
# first-language speakers (Norwegian: "e-mails", "have" with a singular subject, "say me", "lies" for a file in a
# folder, "was with on the meeting", "which events is it"; Serbian: no articles, "the emails what X sent me", "until
# now", "is located", "was on the meeting"), a Canadian English speaker ("eh", "sorry to bug you"), someone who gives
# the answer's format first ("Number only: ...", "Names only: ...", "One email only: ..."), a florist between
# deliveries, a tattoo artist between clients, a genealogist ("on record", "predate", "trace") and someone who says
# "we" and "us" for their own mailbox and calendar ("Which emails has X sent us?").
# test12's askers are another group again (sharing no template with any part): Catalan and Nepali first-language
# speakers (Catalan: the verb before its subject, "assisted to" for attended, "explain me", "where is it, T?";
# Nepali: "Namaste", "hajur", "please tell", "please give list of", "did ... sent"), a Yorkshire English speaker
# ("us" for me, "owt", "love", "were" for was, "them events"), someone who writes a fill-in-the-blank ("X has sent me
# ___ emails."), an exasperated asker ("where on earth", "for crying out loud"), a football referee, a baker before
# dawn, a lifeguard in the chair, a museum curator ("provenance", "the catalogue"), a taxi driver at the rank and a
# tailor mid-fitting; like test2 to test11, only its aggregate figures are reported. Both draw their date phrases from
# their own lists, using spellings the reader has only just learned and no earlier part used (halves of a year or a
# month: "the first half of 2025", "H2 2025", "2025 H1", "the back half of 2025", "the latter half of 2024", "the
# second half of October 2025", "the first half of November 2025"; "N weeks/months/quarters back" and counts written
# up to twenty: "six weeks back", "three months back", "two quarters back", "fourteen/sixteen weeks ago"; "the week
# commencing / beginning D"; early/mid/late of a season or a quarter: "late summer 2025", "early autumn 2025",
# "mid-autumn 2025", "early winter 2024-25", "mid-Q4 2025", "late Q3 2025", "early Q4 '25", "early spring 2026";
# rolling quarters and fortnights: "the past 2 quarters", "the last 3 quarters", "the past three fortnights"; rolling
# windows of 15 and 18 weeks, 250 and 300 days; "this past autumn/summer", "the previous spring", "next spring";
# day spans in one month "Nov 3–14, 2025" and "Sep 8–19, 2025"; "the final week of October/November 2025"; "over
# Xmas 2025", "over Christmas time 2025", "the festive season 2025"; "the next 9 weeks", "the coming 12 weeks",
# "the first half of 2026", "H1 2026", "the second half of March 2026"; days such as "Tuesday the fourteenth of
# October 2025", "14 October '25", "October 14th of 2025", "Tue. the 14th of Oct. 2025", "Tuesday, 14 Oct. '25",
# "Oct. the 14th, 2025", "October fourteenth '25" and "Tuesday October the 14th 2025"; bounds such as "the week
# commencing 6 October 2025", "the week beginning 8 September 2025", "the second half of September 2025", "late
# summer 2025", "mid-Q3 2025", "the start of H2 2025", "the final day of September 2025", "the final week of August
# 2025", "the very start of November 2025", "New Year's Eve '25", "Christmas Eve '25", "Nov. the 5th, 2025" and "Oct.
# the 20th, 2025"); every phrase, bound and day spelling was checked against queryweaver.dates for the exact range
# the oracle uses (bounds under both "<" and ">", day spellings for every day from July 2023 to March 2026). Their
# questions follow test11's: dev14's first, then test12's.
# =============================================================================================

D14, T12 = "dev14", "test12"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9, D12, T10, D13, T11, D14, T12)


def _season_span(year: int, start_month: int) -> tuple[date, date]:
    """A meteorological season starting in ``start_month`` of ``year`` (three months; winter runs into the next
    year)."""
    y, m = divmod(year * 12 + start_month - 1 + 3, 12)
    return date(year, start_month, 1), date(y, m + 1, 1)


def season_over(today: date, start_month: int) -> tuple[date, date]:
    """The latest season starting in ``start_month`` that is over by today ("this past autumn", "the previous
    spring")."""
    year = today.year
    while _season_span(year, start_month)[1] > today:
        year -= 1
    return _season_span(year, start_month)


def season_next(today: date, start_month: int) -> tuple[date, date]:
    """The first season starting in ``start_month`` that begins after today ("next spring")."""
    year = today.year
    while _season_span(year, start_month)[0] <= today:
        year += 1
    return _season_span(year, start_month)


def dev14_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Halves of a year or a month ("the first half of 2025", "H2 2025", "the second half of October 2025",
    "the latter half of 2024"), "fourteen weeks ago" (a calendar week, Monday to Sunday), "six weeks back" and
    "three months back" (calendar units), "the week commencing 3 November 2025", parts of a season or a quarter
    ("late summer 2025" = August, "early autumn 2025" = September, "mid-Q4 2025" = November, "early Q4 '25" =
    October), rolling windows ("the past 2 quarters", "the last 15 weeks", "the past 250 days"), "this past autumn",
    a day span in one month ("Nov 3–14, 2025"), "the final week of October 2025" and "Xmas 2025"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    return [("in the first half of 2025", (date(2025, 1, 1), date(2025, 7, 1))),
            ("in H2 2025", (date(2025, 7, 1), date(2026, 1, 1))),
            ("in the second half of October 2025", (date(2025, 10, 16), date(2025, 11, 1))),
            ("fourteen weeks ago", (monday - timedelta(days=98), monday - timedelta(days=91))),
            ("six weeks back", (monday - timedelta(days=42), monday - timedelta(days=35))),
            ("three months back", months_back(today, 3)),
            ("in the week commencing 3 November 2025", (date(2025, 11, 3), date(2025, 11, 10))),
            ("in late summer 2025", (date(2025, 8, 1), date(2025, 9, 1))),
            ("in early autumn 2025", (date(2025, 9, 1), date(2025, 10, 1))),
            ("in mid-Q4 2025", (date(2025, 11, 1), date(2025, 12, 1))),
            ("in the past 2 quarters", (months_before(today, 6), tomorrow)),
            ("in the last 15 weeks", (today - timedelta(weeks=15), tomorrow)),
            ("over the past 250 days", (today - timedelta(days=250), tomorrow)),
            ("this past autumn", season_over(today, 9)),
            ("during Nov 3–14, 2025", (date(2025, 11, 3), date(2025, 11, 15))),
            ("in the final week of October 2025", (date(2025, 10, 25), date(2025, 11, 1))),
            ("over Xmas 2025", (date(2025, 12, 24), date(2025, 12, 27))),
            ("in the latter half of 2024", (date(2024, 7, 1), date(2025, 1, 1))),
            ("in early Q4 '25", (date(2025, 10, 1), date(2025, 11, 1)))]


def dev14_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev14_month_phrases(today) + [("in the next 9 weeks", (today, today + timedelta(weeks=9, days=1))),
                                         ("in the first half of 2026", (date(2026, 1, 1), date(2026, 7, 1))),
                                         ("in early spring 2026", (date(2026, 3, 1), date(2026, 4, 1)))]


DEV14_BOUNDS = [("the week commencing 6 October 2025", date(2025, 10, 6)),
                ("the second half of September 2025", date(2025, 9, 16)), ("late summer 2025", date(2025, 8, 1)),
                ("Nov. the 5th, 2025", date(2025, 11, 5)), ("the final day of September 2025", date(2025, 9, 30)),
                ("New Year's Eve '25", date(2025, 12, 31)), ("the 2nd of Oct. 2025", date(2025, 10, 2)),
                ("mid-Q3 2025", date(2025, 8, 1)), ("the start of H2 2025", date(2025, 7, 1))]


def dev14_day(d: date, i: int) -> str:
    """"Tuesday the fourteenth of October 2025", "14 October '25", "October 14th of 2025", "Tue. the 14th of Oct.
    2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{weekday} the {ORDINAL_WORDS[d.day - 1]} of {month} {d.year}", f"{d.day} {month} '{d.year % 100:02d}",
             f"{month} {nth(d.day)} of {d.year}", f"{weekday[:3]}. the {nth(d.day)} of {short} {d.year}")
    return forms[i % len(forms)]


def test12_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the back half of 2025", "2025 H1", "the first half of November 2025", "sixteen weeks ago", "4 months back",
    "two quarters back" (calendar units), "the week beginning 13 October 2025", parts of a season or a quarter
    ("mid-autumn 2025" = October, "late Q3 2025" = September, "early winter 2024-25" = December 2024), rolling
    windows ("the last 3 quarters", "the past 18 weeks", "the past 300 days", "the past three fortnights"), "this
    past summer", "the previous spring", a day span in one month ("Sep 8–19, 2025"), "the final week of November
    2025", "Christmas time 2025" and "the festive season 2025"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    return [("in the back half of 2025", (date(2025, 7, 1), date(2026, 1, 1))),
            ("in 2025 H1", (date(2025, 1, 1), date(2025, 7, 1))),
            ("in the first half of November 2025", (date(2025, 11, 1), date(2025, 11, 16))),
            ("sixteen weeks ago", (monday - timedelta(days=112), monday - timedelta(days=105))),
            ("4 months back", months_back(today, 4)),
            ("two quarters back", quarters_back(today, 2)),
            ("in the week beginning 13 October 2025", (date(2025, 10, 13), date(2025, 10, 20))),
            ("in mid-autumn 2025", (date(2025, 10, 1), date(2025, 11, 1))),
            ("in late Q3 2025", (date(2025, 9, 1), date(2025, 10, 1))),
            ("in early winter 2024-25", (date(2024, 12, 1), date(2025, 1, 1))),
            ("in the last 3 quarters", (months_before(today, 9), tomorrow)),
            ("over the past 18 weeks", (today - timedelta(weeks=18), tomorrow)),
            ("in the past 300 days", (today - timedelta(days=300), tomorrow)),
            ("in the past three fortnights", (today - timedelta(weeks=6), tomorrow)),
            ("this past summer", season_over(today, 6)),
            ("during the previous spring", season_over(today, 3)),
            ("during Sep 8–19, 2025", (date(2025, 9, 8), date(2025, 9, 20))),
            ("in the final week of November 2025", (date(2025, 11, 24), date(2025, 12, 1))),
            ("over Christmas time 2025", (date(2025, 12, 24), date(2025, 12, 27))),
            ("during the festive season 2025", (date(2025, 12, 24), date(2026, 1, 2)))]


def test12_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test12_month_phrases(today) + [("in the coming 12 weeks", (today, today + timedelta(weeks=12, days=1))),
                                          ("in H1 2026", (date(2026, 1, 1), date(2026, 7, 1))),
                                          ("next spring", season_next(today, 3)),
                                          ("in the second half of March 2026", (date(2026, 3, 16), date(2026, 4, 1)))]


TEST12_BOUNDS = [("the week beginning 8 September 2025", date(2025, 9, 8)),
                 ("the latter half of October 2025", date(2025, 10, 16)), ("mid-autumn 2025", date(2025, 10, 1)),
                 ("Oct. the 20th, 2025", date(2025, 10, 20)), ("the very start of November 2025", date(2025, 11, 1)),
                 ("Christmas Eve '25", date(2025, 12, 24)), ("the final week of August 2025", date(2025, 8, 25)),
                 ("late Q3 2025", date(2025, 9, 1)), ("the 10th of Nov. '25", date(2025, 11, 10))]


def test12_day(d: date, i: int) -> str:
    """"Tuesday, 14 Oct. '25", "Oct. the 14th, 2025", "October fourteenth '25", "Tuesday October the 14th 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{weekday}, {d.day} {short} '{d.year % 100:02d}", f"{short} the {nth(d.day)}, {d.year}",
             f"{month} {ORDINAL_WORDS[d.day - 1]} '{d.year % 100:02d}", f"{weekday} {month} the {nth(d.day)} {d.year}")
    return forms[i % len(forms)]


DEV14_MAKERS = dated_makers(dev14_month_phrases, dev14_event_phrases, DEV14_BOUNDS, dev14_day)
TEST12_MAKERS = dated_makers(test12_month_phrases, test12_event_phrases, TEST12_BOUNDS, test12_day)


DEV14_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: a court stenographer (steno14), a club DJ between sets (dj14), a poet (poet14), someone who corrects
    # themselves mid-question (selfcorrect14: only the corrected value is asked), Norwegian and Serbian first-language
    # speakers (norwegian14, serbian14), a Canadian English speaker (canadian14), someone who gives the answer's
    # format first (formatfirst14), a florist between deliveries (florist14), a tattoo artist between clients
    # (tattoo14), a genealogist (genealogist14) and someone who says "we" and "us" for their own mailbox and calendar
    # (weplural14).
    "emails_from": [
        ("steno14", "For the transcript: every email {X} has sent me, please, in full."),
        ("dj14", "Between sets at the club – pull up all the emails {X} has sent me."),
        ("poet14", "Every email {X} has sent me, each small lantern of a message – show me them all."),
        ("selfcorrect14", "Show me the emails from {Xt} – sorry, {X} – every one they've sent me."),
        ("norwegian14", "Can you find the e-mails {X} have sent to me?"),
        ("serbian14", "Give me please all emails what {X} sent me."),
        ("canadian14", "Sorry to bug you, eh – could you pull up the emails {X} sent me?"),
        ("formatfirst14", "List only, no summary: the emails {X} has sent me."),
    ],
    "emails_to": [
        ("florist14", "Between bouquet deliveries – which emails have I sent {X}?"),
        ("tattoo14", "Client's in the chair, stencil's drying. What emails did I send {X}?"),
        ("genealogist14", "Tracing my own correspondence: which emails have I written to {X}?"),
        ("weplural14", "What have we emailed {X}? Show me all of our sent ones."),
        ("selfcorrect14", "Which emails did {X} send me – no, hang on, the ones I sent {X}?"),
        ("norwegian14", "Which e-mails have I sent to {X}? Can you say me?"),
        ("serbian14", "Show me emails what I sent to {X}, all of them."),
        ("formatfirst14", "Plain list, please – my emails to {X}."),
    ],
    "emails_between": [
        ("steno14", "For the record, read back every email exchanged between {X} and me, in either direction."),
        ("dj14", "Pull the whole back-and-forth between {X} and me – their emails and mine, like both sides of a mix."),
        ("poet14", "The letters that have passed between {X} and me, both ways – which emails are they?"),
        ("canadian14", "Could you grab the whole email chain between me and {X}, eh? Both ways."),
        ("florist14", "Every email between {X} and me, sent or received – we're planning an arrangement together."),
        ("genealogist14", "I'm reconstructing the correspondence between {X} and me: all emails, whichever way they "
                          "went."),
        ("weplural14", "Which emails have gone between {X} and us, in both directions?"),
        ("formatfirst14", "Full list, both directions: emails between {X} and me."),
    ],
    "emails_from_in_month": [
        ("selfcorrect14", "What did {X} send me last month – sorry, I mean {M}?"),
        ("norwegian14", "Which e-mails did {X} send to me {M}?"),
        ("serbian14", "Emails what {X} sent me {M} – which ones?"),
        ("steno14", "Let the record reflect: which emails did {X} send me {M}?"),
        ("tattoo14", "{Mc} – what did {X} email me? I was booked solid with clients."),
        ("genealogist14", "I'm dating my records: which emails came to me from {X} {M}?"),
        ("dj14", "{Mc} I was touring festivals. Which emails did {X} send me then?"),
        ("poet14", "{Mc}, what did {X} write to me? Show me those emails."),
    ],
    "emails_from_before": [
        ("canadian14", "What did {X} send me before {B}, eh? Just the older ones."),
        ("formatfirst14", "List only: emails from {X} dated before {B}."),
        ("florist14", "Before {B}, which emails had {X} sent me? That was before the big wedding order."),
        ("weplural14", "Which emails had {X} sent us before {B}?"),
        ("selfcorrect14", "Emails from {X} after – no, before – {B}. Which are they?"),
        ("serbian14", "Which emails {X} sent me before {B}? Only old ones."),
        ("genealogist14", "Which emails from {X} predate {B}?"),
        ("tattoo14", "Which emails did {X} send me before {B}? I need the old design brief."),
    ],
    "emails_from_since": [
        ("steno14", "For the transcript, every email {X} has sent me since {B}."),
        ("dj14", "Since {B}, what's {X} been sending me? Booking requests, probably."),
        ("poet14", "Since {B}, what has {X} written me? Show me those emails."),
        ("norwegian14", "Which e-mails have {X} sent me after {B}?"),
        ("selfcorrect14", "Which emails has {X} sent me before {B}? Sorry – since {B}, I meant."),
        ("canadian14", "Since {B}, what's come in from {X}, eh? Show me the emails."),
        ("florist14", "What has {X} emailed me from {B} onwards? The shop's been flat out."),
        ("weplural14", "Which emails have come to us from {X} since {B}?"),
    ],
    "last_email_from": [
        ("selfcorrect14", "What was the first – no, the last – email {X} sent me?"),
        ("norwegian14", "Which is the last e-mail from {X}?"),
        ("serbian14", "Last email what {X} sent me – which is it?"),
        ("formatfirst14", "One email only: the most recent from {X}."),
        ("tattoo14", "What's the latest thing {X} emailed me? They're booked in for a sleeve."),
        ("genealogist14", "What is the most recent email on record from {X}?"),
        ("dj14", "What's the last email {X} dropped in my inbox?"),
        ("poet14", "The last of {Xp} emails to me – which is it?"),
    ],
    "first_email_from": [
        ("steno14", "For the record, identify the first email {X} ever sent me."),
        ("canadian14", "What was the very first email {X} sent me, eh?"),
        ("florist14", "Which was the first email {X} sent me? I think it was about a bouquet."),
        ("weplural14", "What was the first email {X} ever sent us?"),
        ("genealogist14", "Going back to the very beginning: the earliest email from {X}, please."),
        ("selfcorrect14", "What's the most recent – sorry, the earliest – email {X} sent me?"),
        ("serbian14", "Which is first email what {X} sent me?"),
        ("norwegian14", "Which e-mail was the first one {X} sent to me?"),
    ],
    "first_email_to": [
        ("dj14", "What was the first email I ever sent {X}? Back before I had a residency."),
        ("poet14", "The first email I ever wrote to {X} – which one was it?"),
        ("tattoo14", "Which email did I send {X} first? Must've been about the consultation."),
        ("formatfirst14", "One email only: the earliest I sent to {X}."),
        ("weplural14", "What was the first email we sent {X}?"),
        ("norwegian14", "Which e-mail did I send to {X} first?"),
        ("canadian14", "What's the first email I ever sent {X}, eh?"),
        ("genealogist14", "My earliest recorded email to {X} – which one?"),
    ],
    "last_email_to": [
        ("steno14", "For the record: my most recent email to {X}. Which one?"),
        ("selfcorrect14", "What did {X} last send me – no, what did I last send {X}?"),
        ("serbian14", "Last email what I sent to {X}, which one?"),
        ("florist14", "What's the last email I sent {X}? I need to confirm the centrepieces."),
        ("tattoo14", "Which email did I last send {X}? Want to check I sent the aftercare sheet."),
        ("dj14", "What's the latest email I fired off to {X}?"),
        ("poet14", "My last words to {X} by email – which message was it?"),
        ("formatfirst14", "Single email, newest: the last one I sent {X}."),
    ],
    "count_emails_from": [
        ("formatfirst14", "Number only: how many emails has {X} sent me?"),
        ("norwegian14", "How many e-mails have {X} sent to me?"),
        ("serbian14", "How many emails {X} sent me until now?"),
        ("canadian14", "How many emails has {X} sent me, eh? Ballpark's fine, exact's better."),
        ("genealogist14", "How many emails from {X} are on record in my inbox?"),
        ("weplural14", "How many emails has {X} sent us in total?"),
        ("steno14", "For the record, the total count of emails {X} has sent me."),
        ("selfcorrect14", "How many emails have I sent {X} – sorry, that {X} has sent me?"),
    ],
    "subject_contains": [
        ("dj14", "Which emails have {W} in the subject? Digging through my inbox like a record crate."),
        ("poet14", "Which emails bear the words \"{W}\" in their subject?"),
        ("florist14", "Find the emails with {W} in the subject line – I'm between deliveries."),
        ("tattoo14", "Any emails with \"{W}\" in the subject? Show me all of them."),
        ("genealogist14", "Which emails carry \"{W}\" in their subject line?"),
        ("serbian14", "Emails which have {W} in subject – show all."),
        ("canadian14", "Could you find the emails with {W} in the subject, eh?"),
        ("formatfirst14", "Emails only, full list: subject containing \"{W}\"."),
    ],
    "last_received_on_day": [
        ("steno14", "For the transcript: the final email received on {D}."),
        ("selfcorrect14", "What was the first – no, the last – email that came in on {D}?"),
        ("norwegian14", "Which e-mail came last to me on {D}?"),
        ("weplural14", "What was the last email we got on {D}?"),
        ("tattoo14", "{Dc} I was tattooing all day. What was the last email to arrive that day?"),
        ("genealogist14", "On {D}, which email was the last to arrive in my inbox?"),
        ("dj14", "On {D}, which email landed in my inbox last?"),
        ("formatfirst14", "One email: the last one I received on {D}."),
    ],
    "attachments_from": [
        ("poet14", "Which files has {X} tucked into emails to me?"),
        ("serbian14", "Which files {X} sent me in attachment?"),
        ("canadian14", "What files has {X} sent me, eh? Attachments, I mean."),
        ("florist14", "Which attachments have I had from {X}? Mood boards, mostly."),
        ("steno14", "For the record, list every attachment {X} has sent me."),
        ("dj14", "Which files has {X} sent me? Probably stems and promos."),
        ("selfcorrect14", "Which files did I send {X} – sorry, which files did {X} send me?"),
        ("weplural14", "What attachments has {X} sent us?"),
    ],
    "attachments_ext": [
        ("norwegian14", "Which {EXTS} are attached to e-mails, both in and out?"),
        ("formatfirst14", "File names only: every {EXT1} attached to any email, sent or received."),
        ("tattoo14", "Which {EXTS} have gone through email as attachments, either way?"),
        ("genealogist14", "Which {EXTS} appear as attachments anywhere in my email?"),
        ("steno14", "For the record: all email attachments that are .{EXT} files, incoming or outgoing."),
        ("dj14", "Which {EXTS} have been attached to emails, sent or received?"),
        ("poet14", "Which {EXTS} have travelled by email, to me or from me?"),
        ("serbian14", "Which {EXTS} are in attachments of emails?"),
    ],
    "folders_with_attachments_from": [
        ("selfcorrect14", "Which folders hold the files I sent {X} – no wait, the files {X} sent me?"),
        ("norwegian14", "In which folders lies the files {X} have sent me?"),
        ("canadian14", "Where'd I save the files {X} sent me, eh? Which folders?"),
        ("florist14", "Which folders did I put {Xp} attachments in?"),
        ("tattoo14", "The attachments {X} sent me – which folders are they in?"),
        ("genealogist14", "In which folders have I filed the attachments from {X}?"),
        ("weplural14", "Which folders are {Xp} attachments saved in on our drive?"),
        ("formatfirst14", "Folder names only: where are the files {X} emailed me?"),
    ],
    "folders_of_file": [
        ("steno14", "For the record, which folder contains {F}?"),
        ("dj14", "Where's {F}? Which folder – I need it for tonight's set."),
        ("poet14", "In which folder does {F} rest?"),
        ("serbian14", "In which folder is located {F}?"),
        ("norwegian14", "{F} – which folder lies it in?"),
        ("canadian14", "Which folder's {F} in, eh?"),
        ("genealogist14", "Which folder have I filed {F} under?"),
        ("formatfirst14", "Folder path only: where is {F}?"),
    ],
    "who_sent_file": [
        ("selfcorrect14", "Who did I send {F} to – sorry, who sent {F} to me?"),
        ("poet14", "Whose hand sent me {F}?"),
        ("florist14", "Who emailed me {F}? It came in with an order, I think."),
        ("tattoo14", "Who sent me {F}? Might be a client's reference."),
        ("genealogist14", "Who was the sender of {F}? I'm tracing where it came from."),
        ("weplural14", "Who sent us {F}?"),
        ("serbian14", "Who sent me file {F}?"),
        ("formatfirst14", "Name only: who emailed me {F}?"),
    ],
    "conversations_with_sender_of_file": [
        ("steno14", "For the record: whoever sent me {F}, list every person they've exchanged emails with."),
        ("dj14", "Whoever sent me {F} – who've they been trading emails with?"),
        ("poet14", "The one who sent me {F} – with whom have they exchanged emails?"),
        ("norwegian14", "The person which sent me {F}, with who has that person e-mailed?"),
        ("serbian14", "Person who sent me {F} – with whom that person exchanged emails?"),
        ("canadian14", "Who's been emailing back and forth with whoever sent me {F}, eh?"),
        ("genealogist14", "Trace the sender of {F}, then list everyone they've corresponded with by email."),
        ("florist14", "Who has the sender of {F} had email conversations with?"),
    ],
    "coattendees_of_person": [
        ("selfcorrect14", "Who emailed – sorry, who attended events with {X}?"),
        ("tattoo14", "Who's been at meetings with {X}? Trying to remember who recommended my shop."),
        ("genealogist14", "Who has attended events alongside {X}? I'm mapping who knows whom."),
        ("formatfirst14", "Names only: everyone who attended events with {X}."),
        ("norwegian14", "Who was with on meetings together with {X}?"),
        ("serbian14", "Who was on meetings with {X}?"),
        ("steno14", "For the record, who was present at the events {X} attended?"),
        ("dj14", "Who's been at the same events as {X}?"),
    ],
    "events_of_person": [
        ("poet14", "Which gatherings has {X} attended? Name the events."),
        ("canadian14", "What events has {X} been to, eh?"),
        ("florist14", "Which events did {X} attend? I did flowers for a few of them."),
        ("weplural14", "Which of our calendar events has {X} attended?"),
        ("selfcorrect14", "Which events did {Xt} – sorry, {X} – attend?"),
        ("norwegian14", "Which meetings has {X} been with on?"),
        ("formatfirst14", "Event list only: what has {X} attended?"),
        ("genealogist14", "Which events is {X} recorded as attending?"),
    ],
    "events_at_place": [
        ("steno14", "For the record: every event held {atP}."),
        ("dj14", "What events are {atP}? Might be a gig in it."),
        ("poet14", "What gatherings happen {atP}? Name the events."),
        ("serbian14", "Which events are {atP}? Show all."),
        ("weplural14", "Which of our events are {atP}?"),
        ("florist14", "Which events are {atP}? I may need to send arrangements."),
        ("tattoo14", "Which events are happening or have happened {atP}? Thinking of a guest spot nearby."),
        ("canadian14", "What events are on {atP}, eh?"),
    ],
    "events_in_month": [
        ("selfcorrect14", "What's on my calendar next month – no, sorry, {M}?"),
        ("norwegian14", "Which meetings have I {M}?"),
        ("formatfirst14", "Event list only: my calendar {M}."),
        ("genealogist14", "Which events does my calendar record {M}?"),
        ("tattoo14", "Calendar check, {M}: which events? I need to line them up against my bookings."),
        ("dj14", "What's on my calendar {M}? Checking it against my gig diary."),
        ("poet14", "{Mc}, what filled my calendar? List the events."),
        ("steno14", "For the record, all calendar events {M}."),
    ],
    "events_titled": [
        ("serbian14", "Which events have {T} in name?"),
        ("canadian14", "Could you find the {T} events on my calendar, eh?"),
        ("florist14", "Which events are called something with \"{T}\"? I have to prep the table flowers."),
        ("weplural14", "Which of our events have \"{T}\" in the title?"),
        ("norwegian14", "Which events is it with \"{T}\" in the title?"),
        ("formatfirst14", "Titles only: every event with {T} in it."),
        ("steno14", "For the record, list the events whose titles include \"{T}\"."),
        ("genealogist14", "Which events on my calendar are titled with \"{T}\"?"),
    ],
    "who_attended_titled": [
        ("dj14", "Who rocked up to the {T}?"),
        ("poet14", "Who gathered at the {T}?"),
        ("selfcorrect14", "Who organised – no, who attended – the {T}?"),
        ("tattoo14", "Who was at the {T}? One of them has been asking about a booking."),
        ("norwegian14", "Who was with on the {T}?"),
        ("serbian14", "Who was on the {T}? Give me names."),
        ("formatfirst14", "Names only: who attended the {T}?"),
        ("canadian14", "Who showed up to the {T}, eh?"),
    ],
    "place_of_event": [
        ("steno14", "For the record, where did {T} take place?"),
        ("poet14", "Where does {T} unfold?"),
        ("florist14", "Where is {T}? I need the venue for the delivery."),
        ("tattoo14", "Where's {T} happening? I might pop by after my last client."),
        ("genealogist14", "Where is {T} recorded as being held?"),
        ("weplural14", "Where are we having {T}?"),
        ("serbian14", "Where is {T} held?"),
        ("canadian14", "Where's {T} at, eh?"),
    ],
    "people_met_at_place": [
        ("dj14", "Who have I met {atP}? Someone there owes me a remix."),
        ("selfcorrect14", "Who have I emailed – sorry, who have I met – {atP}?"),
        ("norwegian14", "Who have I met {atP}? Can you say me?"),
        ("formatfirst14", "Names only: people I met {atP}."),
        ("florist14", "Who did I meet {atP}? One of them ordered peonies."),
        ("genealogist14", "Whom have I met {atP}, according to my calendar?"),
        ("weplural14", "Who have we met {atP}?"),
        ("poet14", "Whose paths crossed mine {atP}? Who did I meet there?"),
    ],
    "people_met_in_month": [
        ("steno14", "For the record, who did I meet with {M}?"),
        ("serbian14", "With whom I met {M}? Give me list."),
        ("canadian14", "Who'd I meet up with {M}, eh?"),
        ("tattoo14", "Who did I meet {M}? Between appointments it's all a blur."),
        ("genealogist14", "Which people did I meet {M}? I'm logging them."),
        ("weplural14", "Who did we meet with {M}?"),
        ("selfcorrect14", "Who did I meet last week – sorry, {M}?"),
        ("dj14", "Who did I link up with {M}? Festival season scrambles my memory."),
    ],
    "links_from_person": [
        ("poet14", "Which links has {X} sent me, like threads to follow?"),
        ("norwegian14", "Which links have {X} sent me on e-mail?"),
        ("serbian14", "Links what {X} sent me – which?"),
        ("formatfirst14", "URLs only: every link {X} has emailed me."),
        ("tattoo14", "What links has {X} sent me? Probably flash designs."),
        ("dj14", "What links has {X} sent me? Mixes and track previews, I bet."),
        ("canadian14", "Which links has {X} emailed me, eh?"),
        ("weplural14", "Which links has {X} sent us?"),
    ],
    "links_from_people_met_in_month": [
        ("steno14", "For the record: links emailed to me by anyone I met {M}."),
        ("selfcorrect14", "Which links did I send – no, which links did the people I met {M} send me?"),
        ("florist14", "The people I met {M} – what links have they emailed me?"),
        ("genealogist14", "Which web links came to me from people I met {M}? I'm tracing a lead."),
        ("weplural14", "The folks we met {M} – which links did they send us?"),
        ("norwegian14", "Which links have the people I met {M} sent to me?"),
        ("poet14", "Those I met {M} – which links did they send my way?"),
        ("canadian14", "What links did the people I met {M} send me, eh?"),
    ],
    "links_to_domain": [
        ("dj14", "Which {U} links have turned up in my email? Need one for the set list."),
        ("poet14", "Which {U} links drift through my emails?"),
        ("serbian14", "Which links to {U} are in emails?"),
        ("tattoo14", "Any {U} links in my email? Show me all."),
        ("florist14", "Which {U} links are in my emails? Sorting them between deliveries."),
        ("genealogist14", "Which {U} pages are referenced in my emails?"),
        ("formatfirst14", "URLs only: {U} links from my email."),
        ("weplural14", "Which {U} links are in our emails?"),
    ],
    "last_email_from_about": [
        ("steno14", "For the record: the latest email from {X} with {W} in the subject."),
        ("selfcorrect14", "The first – no, the latest – email {X} sent me about {W}. Which one?"),
        ("norwegian14", "Which is the last e-mail {X} sent me about {W}?"),
        ("canadian14", "What's the last email {X} sent me about {W}, eh?"),
        ("formatfirst14", "One email only: {Xp} most recent about {W}."),
        ("florist14", "Which was the most recent email from {X} about {W}?"),
        ("genealogist14", "What's the most recent email on record from {X} concerning {W}?"),
        ("tattoo14", "Latest email from {X} about {W} – which one? Need to check the details."),
    ],
    "emails_from_with_attachment": [
        ("dj14", "Which emails from {X} came with something attached? Hoping for the new edits."),
        ("poet14", "Which of {Xp} emails came bearing attachments?"),
        ("serbian14", "Which emails from {X} have attachment?"),
        ("weplural14", "Which emails has {X} sent us with files attached?"),
        ("selfcorrect14", "Emails from {X} without – sorry, with – attachments. Which?"),
        ("canadian14", "Which of {Xp} emails had attachments, eh?"),
        ("genealogist14", "Which emails from {X} have attachments filed with them?"),
        ("formatfirst14", "List only: emails from {X} that have attachments."),
    ],
    "files_from_in_month": [
        ("steno14", "For the record, the files {X} sent me {M}."),
        ("poet14", "{Mc}, which files did {X} send me?"),
        ("norwegian14", "{Mc}, which files sent {X} to me?"),
        ("serbian14", "Files what {X} sent me {M} – which?"),
        ("formatfirst14", "File names only: attachments from {X} {M}."),
        ("florist14", "Which files did {X} email me {M}? Some seating plans, I think."),
        ("tattoo14", "What attachments did {X} send me {M}? Reference photos, I hope."),
        ("selfcorrect14", "Which files did {X} send me this year – sorry, {M}?"),
    ],
    "events_at_place_in_month": [
        ("dj14", "What's on {atP} {M}? I might be spinning there."),
        ("canadian14", "What events are {atP} {M}, eh?"),
        ("genealogist14", "Which events are recorded {atP} {M}?"),
        ("weplural14", "Which of our events are {atP} {M}?"),
        ("serbian14", "Which events is {atP} {M}? Show me all."),
        ("poet14", "{Mc}, what gatherings are {atP}?"),
        ("norwegian14", "Which events is it {atP} {M}?"),
        ("steno14", "For the record, events {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("selfcorrect14", "Who emailed me – no, who did I email – {M}?"),
        ("tattoo14", "Who did I send emails to {M}? I owe someone a deposit refund."),
        ("florist14", "Who did I email {M}? Wedding season, so a lot."),
        ("formatfirst14", "Names only: everyone I emailed {M}."),
        ("norwegian14", "To who did I send e-mails {M}?"),
        ("weplural14", "Who did we send emails to {M}?"),
        ("dj14", "Who did I email {M}? Promoters, mostly."),
        ("genealogist14", "To whom did I write emails {M}?"),
    ],
    "emails_from_person_to_person": [
        ("steno14", "For the record, every email {X} sent to {Y}."),
        ("poet14", "What has {X} written to {Y}? Show me those emails."),
        ("serbian14", "Emails what {X} sent to {Y} – which?"),
        ("canadian14", "What emails did {X} send {Y}, eh?"),
        ("tattoo14", "Which emails did {X} send to {Y}? They both got matching tattoos."),
        ("formatfirst14", "List only: emails from {X} to {Y}."),
        ("genealogist14", "Which emails did {X} address to {Y}?"),
        ("norwegian14", "Which e-mails has {X} sent to {Y}?"),
    ],
    "count_events_at_place": [
        ("selfcorrect14", "How many emails – sorry, events – were there {atP}?"),
        ("florist14", "How many events have been held {atP}? I've done flowers for some."),
        ("formatfirst14", "Number only: events {atP}."),
        ("norwegian14", "How many events have it been {atP}?"),
        ("genealogist14", "How many events are recorded {atP}?"),
        ("dj14", "How many events have there been {atP}? Sizing up the venue for a night."),
        ("poet14", "How many gatherings have there been {atP}?"),
        ("weplural14", "How many of our events have been {atP}?"),
    ],
    "links_in_emails_about": [
        ("steno14", "For the record, the links in emails with {W} in the subject."),
        ("poet14", "Which links lie inside the emails about {W}?"),
        ("serbian14", "Links in emails about {W} – which?"),
        ("canadian14", "What links were in those {W} emails, eh?"),
        ("tattoo14", "Any links in the {W} emails? Show me them."),
        ("formatfirst14", "URLs only: from the emails about {W}."),
        ("florist14", "Which links came in the emails about {W}?"),
        ("genealogist14", "Which links are cited in the emails about {W}?"),
    ],
    "count_emails_to": [
        ("steno14", "For the record, the number of emails I've sent to {X}."),
        ("dj14", "How many emails have I fired off to {X}? Feels like a whole crate's worth."),
        ("poet14", "How many emails have I written to {X}?"),
        ("serbian14", "How many emails I sent to {X} until now?"),
        ("selfcorrect14", "How many emails has {X} sent me – no, how many have I sent {X}?"),
        ("florist14", "How many emails have I sent {X}? Quotes and follow-ups, mostly."),
        ("weplural14", "How many emails have we sent {X}?"),
        ("tattoo14", "How many emails have I sent {X}? Need the count for my records."),
    ],
}

TEST12_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: Catalan and Nepali first-language speakers (catalan_t12, nepali_t12), a Yorkshire English speaker
    # (yorkshire_t12), someone who writes a fill-in-the-blank (blank_t12), an exasperated asker (exasperated_t12), a
    # football referee (referee_t12), a baker before dawn (baker_t12), a lifeguard in the chair (lifeguard_t12), a
    # museum curator (curator_t12), a taxi driver at the rank (taxi_t12) and a tailor mid-fitting (tailor_t12).
    "emails_from": [
        ("catalan_t12", "Which emails has sent me {X}? Show me all, please."),
        ("nepali_t12", "Namaste. Please give me the list of all emails {X} has sent me."),
        ("yorkshire_t12", "Ey up – what's {X} sent us? All of it, like."),
        ("blank_t12", "Emails {X} has sent me: ______. Fill that in for me."),
        ("exasperated_t12", "Where on earth are all the emails {X} has sent me? Show me them."),
        ("referee_t12", "Half-time. Pull up every email {X} has sent me."),
    ],
    "emails_to": [
        ("baker_t12", "Dough's proving. Which emails did I send {X}?"),
        ("lifeguard_t12", "Up in the chair, quick one: which emails have I sent {X}?"),
        ("curator_t12", "For the exhibition files: all the emails I've sent to {X}."),
        ("taxi_t12", "Sat at the rank – what emails have I sent {X}?"),
        ("tailor_t12", "Pinning a hem, so quickly: which emails did I send to {X}?"),
        ("catalan_t12", "Which emails I have sent to {X}? Explain me, please."),
    ],
    "emails_between": [
        ("nepali_t12", "Please show all the emails between me and {X}, both sent and received."),
        ("yorkshire_t12", "Every email that's gone between me and {X}, both ways, love."),
        ("blank_t12", "Emails between {X} and me, in either direction: ______?"),
        ("exasperated_t12", "For heaven's sake, show me every email between {X} and me, whoever sent it."),
        ("curator_t12", "I'm assembling the full correspondence between {X} and me – every email, both directions."),
        ("taxi_t12", "Between fares: all the emails between me and {X}, going either way."),
    ],
    "emails_from_in_month": [
        ("catalan_t12", "Which emails sent me {X} {M}?"),
        ("yorkshire_t12", "What did {X} send us {M}? Any emails at all."),
        ("blank_t12", "{Mc}, {X} sent me ______. Which emails go in the blank?"),
        ("referee_t12", "Which emails did {X} send me {M}? I was refereeing most weekends."),
        ("baker_t12", "What did {X} email me {M}? I was up at four every morning."),
        ("tailor_t12", "Which emails did {X} send me {M}? It was wedding-suit season."),
    ],
    "emails_from_before": [
        ("nepali_t12", "Which emails did {X} sent me before {B}? Please tell."),
        ("exasperated_t12", "Honestly, where are {Xp} emails from before {B}? Just those."),
        ("lifeguard_t12", "Which emails had {X} sent me before {B}? That's before the pool reopened."),
        ("curator_t12", "Which emails from {X} date from before {B}?"),
        ("taxi_t12", "What did {X} email me before {B}? Quick, before my next fare."),
        ("tailor_t12", "Before {B} – which emails did {X} send me?"),
    ],
    "emails_from_since": [
        ("catalan_t12", "Which emails has sent me {X} since {B}?"),
        ("yorkshire_t12", "Has {X} sent us owt since {B}? Which emails?"),
        ("blank_t12", "Since {B}, {X} has sent me ______ (list the emails)."),
        ("referee_t12", "Which emails has {X} sent me since {B}? That's when the new fixtures came out."),
        ("baker_t12", "Since {B}, what's {X} emailed me?"),
        ("curator_t12", "Which emails has {X} sent me from {B} onwards?"),
    ],
    "last_email_from": [
        ("nepali_t12", "What is the last email sent by {X} to me?"),
        ("yorkshire_t12", "What were the last email {X} sent us?"),
        ("blank_t12", "The most recent email from {X} was ______. Which one?"),
        ("exasperated_t12", "What on earth was the last thing {X} emailed me? I can't find it."),
        ("lifeguard_t12", "Which email did {X} send me most recently?"),
        ("taxi_t12", "What's the latest email from {X}? Got a fare in five."),
    ],
    "first_email_from": [
        ("catalan_t12", "Which was the first email that sent me {X}?"),
        ("referee_t12", "From kick-off: what was the very first email {X} sent me?"),
        ("baker_t12", "What's the oldest email I have from {X}?"),
        ("curator_t12", "Which is the earliest email from {X} in my collection?"),
        ("tailor_t12", "What was the first email {X} ever sent me? Probably about a fitting."),
        ("exasperated_t12", "Which was the first email {X} sent me? I've been scrolling for ages."),
    ],
    "first_email_to": [
        ("nepali_t12", "Which was my first email sent to {X}? Please tell, hajur."),
        ("yorkshire_t12", "What were the first email I ever sent {X}?"),
        ("blank_t12", "My first email to {X} was ______. Which one?"),
        ("lifeguard_t12", "Off the chair now – what was the first email I ever sent to {X}?"),
        ("taxi_t12", "Which email did I send {X} first of all? Back when I started driving."),
        ("curator_t12", "The earliest email I wrote to {X} – which is it?"),
    ],
    "last_email_to": [
        ("catalan_t12", "Which is the last email that I sent to {X}?"),
        ("exasperated_t12", "What was the last email I sent {X}? Honestly, I can never find my sent mail."),
        ("referee_t12", "Final whistle: which was my latest email to {X}?"),
        ("baker_t12", "What did I last email {X}? Need to check the order."),
        ("tailor_t12", "My most recent email to {X} – which one? I think I sent the measurements."),
        ("nepali_t12", "What is the last email I have sent to {X}?"),
    ],
    "count_emails_from": [
        ("yorkshire_t12", "How many emails has {X} sent us? A right lot, I'd say."),
        ("blank_t12", "{X} has sent me ___ emails. What's the number?"),
        ("exasperated_t12", "How many emails has {X} sent me, for crying out loud?"),
        ("lifeguard_t12", "How many emails have I had from {X}? Whistle's round my neck, so quick."),
        ("curator_t12", "How many emails from {X} are there in total, for the catalogue?"),
        ("taxi_t12", "How many emails has {X} sent me? Just the number, I'm driving."),
    ],
    "subject_contains": [
        ("catalan_t12", "Which are the emails that have {W} in the subject?"),
        ("nepali_t12", "Please give me list of emails having {W} in subject line."),
        ("blank_t12", "Emails with \"{W}\" in the subject: ______?"),
        ("referee_t12", "Which emails have {W} in the subject? Need them before the match."),
        ("baker_t12", "Find me the emails with \"{W}\" in the subject, would you?"),
        ("taxi_t12", "Any emails with {W} in the subject line? Show us them."),
    ],
    "last_received_on_day": [
        ("nepali_t12", "On {D}, what was the last email which came to me?"),
        ("yorkshire_t12", "What were the last email that came in on {D}?"),
        ("exasperated_t12", "What was the last email I got on {D}? I've looked everywhere."),
        ("lifeguard_t12", "On {D}, which email reached me last?"),
        ("curator_t12", "Which email was the final one received on {D}?"),
        ("tailor_t12", "{Dc} – which email came in last that day?"),
    ],
    "attachments_from": [
        ("catalan_t12", "Which files has sent me {X} in the emails?"),
        ("yorkshire_t12", "What files has {X} sent us?"),
        ("blank_t12", "The files {X} has sent me are ______. Which?"),
        ("referee_t12", "Which attachments have I got from {X}? Match reports, probably."),
        ("baker_t12", "What files has {X} attached to emails to me? Recipes, I hope."),
        ("taxi_t12", "Which files did {X} email me?"),
    ],
    "attachments_ext": [
        ("nepali_t12", "Please list all {EXTS} attached in emails, sent and received."),
        ("exasperated_t12", "Where are all the {EXTS} that came or went as attachments? List them."),
        ("lifeguard_t12", "Which {EXTS} have been attached to my emails, either way?"),
        ("curator_t12", "Which {EXTS} are among the email attachments, in or out?"),
        ("tailor_t12", "Every {EXT1} that's been attached to an email, sent or received – which are they?"),
        ("blank_t12", "Email attachments of type .{EXT}: ______?"),
    ],
    "folders_with_attachments_from": [
        ("catalan_t12", "Where I have saved the files that {X} sent me? In which folders?"),
        ("yorkshire_t12", "Where've I put the files {X} sent us? Which folders?"),
        ("exasperated_t12", "Where on earth did I save {Xp} attachments? Which folders?"),
        ("referee_t12", "Which folders hold the attachments {X} sent me?"),
        ("baker_t12", "Which folders are the files from {X} saved in?"),
        ("taxi_t12", "Which folders did the files {X} emailed me end up in? Parked up, so I've got a sec."),
    ],
    "folders_of_file": [
        ("nepali_t12", "Please tell me in which folder {F} is."),
        ("yorkshire_t12", "Where've I put {F}? Which folder?"),
        ("blank_t12", "{F} is in the ______ folder. Which one?"),
        ("exasperated_t12", "Where on earth is {F}? Which folder?"),
        ("lifeguard_t12", "Which folder has {F} in it? Asking from the lifeguard chair."),
        ("tailor_t12", "Which folder is {F} in? It's the pattern I need."),
    ],
    "who_sent_file": [
        ("catalan_t12", "Who is it that sent me {F}?"),
        ("blank_t12", "{F} was sent to me by ______. Who?"),
        ("referee_t12", "Who sent me {F}? Need to know before kick-off."),
        ("curator_t12", "Who sent me {F}? I need the provenance."),
        ("taxi_t12", "Who emailed {F} over to me? Fare's just got out."),
        ("tailor_t12", "Who sent me {F}? Might be a customer's measurements."),
    ],
    "conversations_with_sender_of_file": [
        ("nepali_t12", "Please tell the names of people who exchanged emails with the person who sent me {F}."),
        ("yorkshire_t12", "Whoever sent us {F} – who's that lot been emailing with?"),
        ("exasperated_t12", "Who on earth has been emailing with whoever sent me {F}?"),
        ("curator_t12", "Whoever sent me {F}: which people have they been in email correspondence with?"),
        ("lifeguard_t12", "Who's had email conversations with the person who sent me {F}?"),
        ("blank_t12", "The sender of {F} has exchanged emails with ______. Who?"),
    ],
    "coattendees_of_person": [
        ("catalan_t12", "Who assisted to the same events as {X}?"),
        ("nepali_t12", "Who all were in the events with {X}? Please give the names."),
        ("yorkshire_t12", "Who were at them events with {X}?"),
        ("referee_t12", "Who has been at events with {X}? Trying to build the officials' list."),
        ("baker_t12", "Who went to the events {X} was at?"),
        ("taxi_t12", "Who's shared events with {X}?"),
    ],
    "events_of_person": [
        ("catalan_t12", "To which events has assisted {X}?"),
        ("blank_t12", "{X} attended ______. Which events?"),
        ("exasperated_t12", "Which events has {X} been to? I can never keep track."),
        ("lifeguard_t12", "Which events has {X} been at?"),
        ("curator_t12", "Which events did {X} attend? Noting it for the archive."),
        ("tailor_t12", "What events has {X} gone to? They always need a suit for them."),
    ],
    "events_at_place": [
        ("nepali_t12", "Please tell all the events {atP}."),
        ("yorkshire_t12", "What events are there {atP}, love?"),
        ("referee_t12", "Which events are {atP}? Checking it against the fixtures."),
        ("baker_t12", "What events are {atP}? I might be doing the catering."),
        ("curator_t12", "Which events are held {atP}? We may lend a piece for one."),
        ("taxi_t12", "What events are {atP}? Might be fares in it."),
    ],
    "events_in_month": [
        ("catalan_t12", "Which events I have in the calendar {M}?"),
        ("blank_t12", "{Mc}, my calendar shows ______. Which events?"),
        ("exasperated_t12", "What's on my calendar {M}? I genuinely can't keep track."),
        ("referee_t12", "Which events are on my calendar {M}? I need to know what clashes with matches."),
        ("lifeguard_t12", "What's in my calendar {M}?"),
        ("tailor_t12", "My calendar events {M} – which are they? Need to plan fittings round them."),
    ],
    "events_titled": [
        ("nepali_t12", "Please show the events with {T} in title."),
        ("yorkshire_t12", "Which events have got {T} in the name, love?"),
        ("blank_t12", "Events with \"{T}\" in the title: ______?"),
        ("baker_t12", "Which {T} events have I got on the calendar?"),
        ("curator_t12", "Which events bear \"{T}\" in their title?"),
        ("taxi_t12", "Show me the {T} events."),
    ],
    "who_attended_titled": [
        ("catalan_t12", "Who assisted to the {T}?"),
        ("nepali_t12", "Who all attended the {T}? Please give names."),
        ("exasperated_t12", "Who on earth went to the {T}? Nobody remembers."),
        ("referee_t12", "Who turned out for the {T}?"),
        ("lifeguard_t12", "Who came to the {T}? Trying to match a face."),
        ("tailor_t12", "Who went to the {T}? I measured someone from it."),
    ],
    "place_of_event": [
        ("catalan_t12", "Where is it, {T}?"),
        ("yorkshire_t12", "Where's {T}, love?"),
        ("blank_t12", "The venue for {T} is ______. Where?"),
        ("exasperated_t12", "Where on earth is {T}?"),
        ("baker_t12", "Where's {T}? I'm delivering the pastries."),
        ("taxi_t12", "Where's {T}? Need the address for the fare."),
    ],
    "people_met_at_place": [
        ("catalan_t12", "With who I have met {atP}?"),
        ("nepali_t12", "Please tell whom I met {atP}."),
        ("blank_t12", "{atPc}, I met ______. Who?"),
        ("referee_t12", "Who have I met {atP}? One of them was a linesman."),
        ("lifeguard_t12", "Who have I met up with {atP}? It's quiet at the pool."),
        ("curator_t12", "Whom did I meet {atP}? One was a lender for the exhibition."),
    ],
    "people_met_in_month": [
        ("yorkshire_t12", "Who did I meet {M}, then? Can't remember owt."),
        ("blank_t12", "{Mc}, I met ______. Who were they?"),
        ("exasperated_t12", "Who did I even meet {M}? It's all a blur."),
        ("baker_t12", "Who did I meet with {M}? Between bakes, I forget."),
        ("taxi_t12", "Who did I have meetings with {M}? Between airport runs."),
        ("tailor_t12", "Whom did I meet {M}? I'm chasing a customer."),
    ],
    "links_from_person": [
        ("catalan_t12", "Which links has sent me {X} by email?"),
        ("nepali_t12", "Please give list of links {X} sent me in emails."),
        ("exasperated_t12", "Where are all the links {X} keeps sending me? List them."),
        ("referee_t12", "Which links has {X} emailed me? Probably rule changes."),
        ("curator_t12", "Which links has {X} sent me? Auction listings, I suspect."),
        ("taxi_t12", "What links has {X} sent me? I'll look at them on my break."),
    ],
    "links_from_people_met_in_month": [
        ("catalan_t12", "Which links have sent me the people that I met {M}?"),
        ("yorkshire_t12", "Them folk I met {M} – what links have they sent us?"),
        ("blank_t12", "People I met {M} sent me these links: ______. Which?"),
        ("baker_t12", "Which links did the people I met {M} email me? Reading them while the loaves bake."),
        ("lifeguard_t12", "What links came from anyone I met {M}?"),
        ("tailor_t12", "Which links did the people I met {M} send me? One promised a fabric supplier."),
    ],
    "links_to_domain": [
        ("nepali_t12", "Please list all {U} links in my emails."),
        ("yorkshire_t12", "Any {U} links in my emails? Show us."),
        ("exasperated_t12", "Where on earth are the {U} links in my email? Show me them all."),
        ("referee_t12", "Which {U} links turn up in my email? Need one before the match."),
        ("curator_t12", "Which {U} links are in my email? Cataloguing references."),
        ("taxi_t12", "Got any {U} links in my email?"),
    ],
    "last_email_from_about": [
        ("catalan_t12", "Which is the last email that sent me {X} about {W}?"),
        ("yorkshire_t12", "What were the last email {X} sent us about {W}?"),
        ("blank_t12", "The latest email from {X} about {W} is ______. Which?"),
        ("exasperated_t12", "What on earth was {Xp} latest email about {W}? I can't find it."),
        ("lifeguard_t12", "Which was the most recent email {X} sent me about {W}?"),
        ("curator_t12", "The most recent email from {X} regarding {W} – which is it?"),
    ],
    "emails_from_with_attachment": [
        ("nepali_t12", "Please show emails from {X} which have attachments."),
        ("blank_t12", "Emails from {X} with attachments: ______?"),
        ("referee_t12", "Which emails from {X} have attachments? Looking for a match report."),
        ("baker_t12", "Which of {Xp} emails came with attachments? Flour on my hands, so be quick."),
        ("taxi_t12", "Which emails did {X} send me with files attached? I'm at the rank."),
        ("tailor_t12", "Which emails from {X} had something attached? A sketch, maybe."),
    ],
    "files_from_in_month": [
        ("catalan_t12", "The files that sent me {X} {M}, which are?"),
        ("yorkshire_t12", "What files did {X} send us {M}?"),
        ("exasperated_t12", "Where are the files {X} sent me {M}? I need them now."),
        ("lifeguard_t12", "Which files did {X} email me {M}? Rota changes, maybe."),
        ("curator_t12", "Which attachments did {X} send me {M}? For the loan paperwork."),
        ("taxi_t12", "What files came from {X} {M}? Receipts, probably."),
    ],
    "events_at_place_in_month": [
        ("nepali_t12", "Please tell the events {atP} {M}."),
        ("blank_t12", "{Mc}, the events {atP} are ______. Which?"),
        ("referee_t12", "What's on {atP} {M}? Don't want it clashing with a fixture."),
        ("baker_t12", "Which events are {atP} {M}? Might need cakes."),
        ("curator_t12", "Which events are scheduled {atP} {M}?"),
        ("tailor_t12", "What events are {atP} {M}? Someone will want a suit for them."),
    ],
    "people_emailed_in_month": [
        ("catalan_t12", "To whom I sent emails {M}?"),
        ("yorkshire_t12", "Who did I email {M}, then?"),
        ("blank_t12", "{Mc}, I emailed ______. Who?"),
        ("exasperated_t12", "Who on earth did I email {M}? I owe someone a reply."),
        ("lifeguard_t12", "Who did I send emails to {M}? Off-season, so not many."),
        ("taxi_t12", "Who did I email {M}? Regular customers, mostly."),
    ],
    "emails_from_person_to_person": [
        ("nepali_t12", "Please show the emails which {X} sent to {Y}."),
        ("yorkshire_t12", "Has {X} sent {Y} owt? Which emails?"),
        ("blank_t12", "{X} sent {Y} these emails: ______. Which?"),
        ("referee_t12", "Which emails has {X} sent to {Y}? Could be a dispute."),
        ("curator_t12", "Which emails did {X} send {Y}? Part of the provenance trail."),
        ("lifeguard_t12", "Which emails went from {X} to {Y}? Checking between swims."),
    ],
    "count_events_at_place": [
        ("catalan_t12", "How many events there have been {atP}, in total?"),
        ("nepali_t12", "How many events were there {atP}? Please tell the number."),
        ("yorkshire_t12", "How many events have there been {atP}, love?"),
        ("exasperated_t12", "How many events have there been {atP}? I've lost count, honestly."),
        ("baker_t12", "How many events were held {atP}? I've baked for a few."),
        ("tailor_t12", "How many events took place {atP}? I fitted suits for some."),
    ],
    "links_in_emails_about": [
        ("catalan_t12", "Which links are in the emails that talk about {W}?"),
        ("blank_t12", "The emails about {W} contain these links: ______. Which?"),
        ("referee_t12", "Which links were in the emails about {W}?"),
        ("lifeguard_t12", "What links are in the {W} emails? I'll read them after my shift."),
        ("taxi_t12", "Any links in the emails about {W}?"),
        ("tailor_t12", "Which links were in the {W} emails? Looking for a cloth supplier."),
    ],
    "count_emails_to": [
        ("nepali_t12", "How many emails did I sent to {X}?"),
        ("yorkshire_t12", "How many emails have I sent {X}? A fair few, I'd say."),
        ("blank_t12", "I've sent {X} ___ emails. How many?"),
        ("referee_t12", "How many emails have I sent {X}? Just the number."),
        ("curator_t12", "How many emails have I written to {X}, in total?"),
        ("taxi_t12", "Between fares – how many emails have I sent to {X}?"),
    ],
}


# =============================================================================================
# dev15 and test13: two more groups of askers, each writing every shape (the later ones too). dev15's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: Malay and Zulu
# first-language speakers (Malay: no plural or past marking, "got" for there is, "already" for has, "who-who", "boleh",
# "ah?"; Zulu: "Sawubona", "please can you", "has been sending", "I am wanting", "eish", "ngiyabonga"), a Jamaican
# English speaker ("wah gwaan", "mi", "di", "weh", "sen'", "dem", "inna", "nuh?"), a paramedic between call-outs ("back
# at station", "restocking the rig", "the next shout"), someone who asks two things at once of which only the second is
# the real question ("Is it still raining over there? And which emails has X sent me?"; the gold is the second), someone
# who adds hashtags ("#inboxdive", "#help"), someone who names people by their role and name ("my colleague X", "my
# accountant X", "my colleague X to my manager Y"), someone who asks through a hypothetical ("Suppose I wanted to see
# ... – what would come up?", "If you tallied ..."), someone who over-specifies with redundant words ("the email
# messages in my email inbox that were sent to me by the sender X", "the total number count"), a miner coming off shift
# ("just up from underground", "down the pit"), an architect between client reviews ("redlining drawings", "site
# visits") and an electrician on a job ("up a ladder with one hand free", "in the van").
# test13's askers are another group again (sharing no template with any part): a Lithuanian first-language speaker
# ("Labas", "ačiū", no articles, "is possible to see", "which" after a comma, "with who"), a Sri Lankan English speaker
# ("aney", "machan", "no?", "what are the ...", "can you tell"), a Ghanaian English speaker ("chale", "ei", "please I
# beg"), someone who writes in an archaic register ("Pray tell, which emails hath X sent unto me?", "ere", "wherein
# lieth", "whither"), someone who talks to the computer of a starship ("Computer, display all emails from X."), someone
# who numbers the steps ("Step one: find X. Step two: list the emails I sent them."), someone who marks emphasis with
# asterisks ("Show me *every* email ..."), a barista between orders, an auctioneer between lots, a park ranger back at
# the station and a hairdresser while a client's colour processes; like test2 to test12, only its aggregate figures are
# reported. Both draw their date phrases from their own lists, spellings no earlier part used (halves: "the front half
# of 2025", "2H 2025", "the 1st half of September 2025", "the last half of 2025", "the 2nd half of November 2025", "the
# front half of October 2025", "1H 2026"; "thirteen/fifteen weeks ago", "a fortnight back", "three fortnights ago",
# "five months back", "twelve months back", "seven months ago", "8 months back", "18 months ago", and the vague "a few
# months ago" and "a couple of quarters ago"; "the week starting (on) D"; parts of a season, a quarter or a year:
# "mid-summer 2025", "late autumn 2025", "early Q3 2025", "early summer 2025", "mid-winter 2024-25", "late Q4 2025",
# "the middle of Q4 2025", "the middle of 2025", "at the end of Q3 2025", "at the start of autumn 2025", "late last
# summer", "early last autumn"; weeks of a quarter: "the first week of Q4 2025", "the last week of Q3 2025"; rolling
# windows of 10 and 12 weeks, forty and sixty days; "earlier this year", "so far this quarter", "the previous quarter",
# "this past spring", "the coming spring", "later this year", "later this quarter", "the current quarter", "the coming
# month", "the next 11 weeks", "the next fifty days"; spans "from Aug. to Oct. 2025", "Nov '25 through Jan '26", "Oct
# 6th–17th 2025", "between Sept. and Nov. '25"; "over the Christmas holidays 2025", "over the winter holidays 2025";
# days such as "Sat., October 4th, 2025", "the fourth of Oct. '25", "October 4th '25", "4th Oct, 2025", "Oct. the
# fourth, 2025", "Sat the 4th Oct 2025", "Saturday, 4th of Oct. 2025" and "4th of October, '25"; bounds such as "the
# week starting 20 October 2025", "mid-summer 2025", "the middle of Q3 2025", "the end of Q3 2025", "the end of H1
# 2025", "the start of autumn 2025", "late spring 2025", "Valentine's 2025", "New Year's Day 2025", "Oct the 6th, 2025",
# "Sept. the 22nd, 2025", "the 4th of Nov., 2025", "the 3rd of Oct., '25", "the 2nd week of Sept 2025" and "the third
# week of Nov. 2025"); every phrase, bound and day spelling was checked against queryweaver.dates for the exact range
# the oracle uses (bounds under both "<" and ">", day spellings for every day from July 2023 to March 2026). Their
# questions follow test12's: dev15's first, then test13's.
# =============================================================================================

D15, T13 = "dev15", "test13"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9, D12, T10, D13, T11, D14, T12,
         D15, T13)


def dev15_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Halves ("the front half of 2025", "2H 2025", "the 1st half of September 2025"), "thirteen weeks ago" and "a
    fortnight back" (a calendar week, Monday to Sunday), "five months back" and "twelve months back" (calendar
    months), "a few months ago" (the months 2 to 4 back), "the week starting 20 October 2025", parts of a season, a
    quarter or a year ("mid-summer 2025" = July, "late autumn 2025" = November, "early Q3 2025" = July, "the middle
    of 2025" = May to August, "at the end of Q3 2025" = September, "late last summer" = August 2025), "the first week
    of Q4 2025" (October 1-7), rolling windows ("the previous 10 weeks", "the last forty days"), "this past spring",
    "earlier this year" (January 1 through today), "from Aug. to Oct. 2025", "Nov '25 through Jan '26" and "over the
    Christmas holidays 2025" (December 24 to January 1)."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    summer_end = season_over(today, 6)[1]
    return [("in the front half of 2025", (date(2025, 1, 1), date(2025, 7, 1))),
            ("in 2H 2025", (date(2025, 7, 1), date(2026, 1, 1))),
            ("in the 1st half of September 2025", (date(2025, 9, 1), date(2025, 9, 16))),
            ("thirteen weeks ago", (monday - timedelta(days=91), monday - timedelta(days=84))),
            ("a fortnight back", (monday - timedelta(days=14), monday - timedelta(days=7))),
            ("five months back", months_back(today, 5)),
            ("twelve months back", months_back(today, 12)),
            ("a few months ago", (months_back(today, 4)[0], months_back(today, 2)[1])),
            ("in the week starting 20 October 2025", (date(2025, 10, 20), date(2025, 10, 27))),
            ("in mid-summer 2025", (date(2025, 7, 1), date(2025, 8, 1))),
            ("in late autumn 2025", (date(2025, 11, 1), date(2025, 12, 1))),
            ("in early Q3 2025", (date(2025, 7, 1), date(2025, 8, 1))),
            ("in the middle of 2025", (date(2025, 5, 1), date(2025, 9, 1))),
            ("at the end of Q3 2025", (date(2025, 9, 1), date(2025, 10, 1))),
            ("late last summer", (date(summer_end.year, summer_end.month - 1, 1), summer_end)),
            ("in the first week of Q4 2025", (date(2025, 10, 1), date(2025, 10, 8))),
            ("over the previous 10 weeks", (today - timedelta(weeks=10), tomorrow)),
            ("in the last forty days", (today - timedelta(days=40), tomorrow)),
            ("this past spring", season_over(today, 3)),
            ("earlier this year", (date(today.year, 1, 1), tomorrow)),
            ("from Aug. to Oct. 2025", (date(2025, 8, 1), date(2025, 11, 1))),
            ("in Nov '25 through Jan '26", (date(2025, 11, 1), date(2026, 2, 1))),
            ("over the Christmas holidays 2025", (date(2025, 12, 24), date(2026, 1, 2)))]


def dev15_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev15_month_phrases(today) + [("later this year", (today, date(today.year + 1, 1, 1))),
                                         ("the coming spring", season_next(today, 3)),
                                         ("over the next 11 weeks", (today, today + timedelta(weeks=11, days=1))),
                                         ("in 1H 2026", (date(2026, 1, 1), date(2026, 7, 1)))]


DEV15_BOUNDS = [("the week starting 20 October 2025", date(2025, 10, 20)), ("mid-summer 2025", date(2025, 7, 1)),
                ("the middle of Q3 2025", date(2025, 8, 1)), ("the end of Q3 2025", date(2025, 9, 30)),
                ("Oct the 6th, 2025", date(2025, 10, 6)), ("Valentine's 2025", date(2025, 2, 14)),
                ("the 4th of Nov., 2025", date(2025, 11, 4)), ("early Q4 2025", date(2025, 10, 1)),
                ("the 2nd week of Sept 2025", date(2025, 9, 8))]


def dev15_day(d: date, i: int) -> str:
    """"Sat., October 4th, 2025", "the fourth of Oct. '25", "October 4th '25", "4th Oct, 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    yy = f"'{d.year % 100:02d}"
    forms = (f"{weekday[:3]}., {month} {nth(d.day)}, {d.year}", f"the {ORDINAL_WORDS[d.day - 1]} of {short} {yy}",
             f"{month} {nth(d.day)} {yy}", f"{nth(d.day)} {month[:3]}, {d.year}")
    return forms[i % len(forms)]


def test13_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Halves ("the last half of 2025", "the 2nd half of November 2025", "the front half of October 2025"),
    "fifteen weeks ago" and "three fortnights ago" (a calendar week), "seven months ago", "8 months back" and "18
    months ago" (calendar months), "a couple of quarters ago" (the quarters 2 and 3 back), "the week starting on 27
    October 2025", parts of a season, a quarter or a year ("early summer 2025" = June, "mid-winter 2024-25" = January
    2025, "late Q4 2025" = December, "the middle of Q4 2025" = November, "at the start of autumn 2025" = September,
    "early last autumn" = September 2025), "the last week of Q3 2025" (September 24-30), rolling windows ("the past 12
    weeks", "the last sixty days"), "the previous quarter", "so far this quarter", a day span in one month ("Oct
    6th–17th 2025"), "between Sept. and Nov. '25" and "over the winter holidays 2025"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    autumn_start = season_over(today, 9)[0]
    return [("in the last half of 2025", (date(2025, 7, 1), date(2026, 1, 1))),
            ("in the 2nd half of November 2025", (date(2025, 11, 16), date(2025, 12, 1))),
            ("in the front half of October 2025", (date(2025, 10, 1), date(2025, 10, 16))),
            ("fifteen weeks ago", (monday - timedelta(days=105), monday - timedelta(days=98))),
            ("three fortnights ago", (monday - timedelta(days=42), monday - timedelta(days=35))),
            ("seven months ago", months_back(today, 7)),
            ("8 months back", months_back(today, 8)),
            ("18 months ago", months_back(today, 18)),
            ("a couple of quarters ago", (quarters_back(today, 3)[0], quarters_back(today, 2)[1])),
            ("in the week starting on 27 October 2025", (date(2025, 10, 27), date(2025, 11, 3))),
            ("in early summer 2025", (date(2025, 6, 1), date(2025, 7, 1))),
            ("in mid-winter 2024-25", (date(2025, 1, 1), date(2025, 2, 1))),
            ("in late Q4 2025", (date(2025, 12, 1), date(2026, 1, 1))),
            ("in the middle of Q4 2025", (date(2025, 11, 1), date(2025, 12, 1))),
            ("at the start of autumn 2025", (date(2025, 9, 1), date(2025, 10, 1))),
            ("early last autumn", (autumn_start, date(autumn_start.year, autumn_start.month + 1, 1))),
            ("in the last week of Q3 2025", (date(2025, 9, 24), date(2025, 10, 1))),
            ("over the past 12 weeks", (today - timedelta(weeks=12), tomorrow)),
            ("in the last sixty days", (today - timedelta(days=60), tomorrow)),
            ("the previous quarter", quarters_back(today, 1)),
            ("so far this quarter", (quarters_back(today, 0)[0], tomorrow)),
            ("during Oct 6th–17th 2025", (date(2025, 10, 6), date(2025, 10, 18))),
            ("between Sept. and Nov. '25", (date(2025, 9, 1), date(2025, 12, 1))),
            ("over the winter holidays 2025", (date(2025, 12, 24), date(2026, 1, 2)))]


def test13_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test13_month_phrases(today) + [("in the coming month", months_back(today, -1)),
                                          ("later this quarter", (today, quarters_back(today, 0)[1])),
                                          ("in the current quarter", quarters_back(today, 0)),
                                          ("over the next fifty days", (today, today + timedelta(days=51)))]


TEST13_BOUNDS = [("the week starting on 15 September 2025", date(2025, 9, 15)),
                 ("late spring 2025", date(2025, 5, 1)),
                 ("the start of autumn 2025", date(2025, 9, 1)), ("the end of H1 2025", date(2025, 6, 30)),
                 ("Sept. the 22nd, 2025", date(2025, 9, 22)), ("New Year's Day 2025", date(2025, 1, 1)),
                 ("the 3rd of Oct., '25", date(2025, 10, 3)), ("late Q4 2025", date(2025, 12, 1)),
                 ("the third week of Nov. 2025", date(2025, 11, 15))]


def test13_day(d: date, i: int) -> str:
    """"Oct. the fourth, 2025", "Sat the 4th Oct 2025", "Saturday, 4th of Oct. 2025", "4th of October, '25"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{short} the {ORDINAL_WORDS[d.day - 1]}, {d.year}",
             f"{weekday[:3]} the {nth(d.day)} {month[:3]} {d.year}", f"{weekday}, {nth(d.day)} of {short} {d.year}",
             f"{nth(d.day)} of {month}, '{d.year % 100:02d}")
    return forms[i % len(forms)]


DEV15_MAKERS = dated_makers(dev15_month_phrases, dev15_event_phrases, DEV15_BOUNDS, dev15_day)
TEST13_MAKERS = dated_makers(test13_month_phrases, test13_event_phrases, TEST13_BOUNDS, test13_day)


DEV15_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: Malay and Zulu first-language speakers (malay15, zulu15), a Jamaican English speaker (jamaican15), a
    # paramedic between call-outs (paramedic15), someone who asks two things at once of which only the second is the
    # real question (twoask15: the gold is the second's), someone who adds hashtags (hashtag15), someone who names
    # people by role and name (rolename15), someone who asks through a hypothetical (hypothetical15), someone who
    # over-specifies with redundant words (redundant15), a miner coming off shift (miner15), an architect between client
    # reviews (architect15) and an electrician on a job (electrician15).
    "emails_from": [
        ("malay15", "Can help me check which email {X} send to me? All of them."),
        ("zulu15", "Sawubona. Please can you show me all the emails that {X} has been sending me?"),
        ("jamaican15", "Wah gwaan – show mi every email {X} sen' mi, nuh?"),
        ("paramedic15", "Back at station between jobs – pull up everything {X} has emailed me."),
        ("twoask15", "Is it still raining over there? And which emails has {X} sent me?"),
        ("hashtag15", "#inboxdive Which emails has {X} sent me? #help"),
        ("rolename15", "Show me the emails my colleague {X} has sent me."),
        ("redundant15", "Show me the email messages in my email inbox that were sent to me by the sender {X}."),
    ],
    "emails_to": [
        ("hypothetical15", "Suppose I wanted to see every email I've sent {X} – what would come up?"),
        ("miner15", "Just up from underground. Which emails have I sent {X}?"),
        ("architect15", "Between client reviews – which emails did I send to {X}?"),
        ("electrician15", "Up a ladder with one hand free: which emails have I sent {X}?"),
        ("malay15", "Which email I already send to {X}? Show all."),
        ("jamaican15", "Weh di emails mi sen' to {X}? Show mi dem."),
        ("rolename15", "Which emails have I sent to my accountant {X}?"),
        ("redundant15", "List all of the outgoing emails that I myself sent from my own account to {X}."),
    ],
    "emails_between": [
        ("zulu15", "Please can you show me all the emails between me and {X}, the ones I sent and the ones I "
                   "received?"),
        ("paramedic15", "Quick one while we restock the rig: every email between {X} and me, both directions."),
        ("twoask15", "Do you ever get tired? Anyway – all the emails between {X} and me, whichever way they went?"),
        ("hashtag15", "All emails between {X} and me, sent and received #fullthread"),
        ("hypothetical15", "If I wanted the whole email history between {X} and me, both ways, what would it be?"),
        ("miner15", "End of shift. Show me every email that's gone between {X} and me, in or out."),
        ("architect15", "I'm redlining drawings. Pull every email between me and {X}, whoever sent it."),
        ("rolename15", "Every email between me and my business partner {X}, both directions, please."),
    ],
    "emails_from_in_month": [
        ("malay15", "Which email {X} send me {M}? Boleh check?"),
        ("electrician15", "Between jobs in the van – what did {X} email me {M}?"),
        ("jamaican15", "{Mc}, weh {X} did sen' mi? Di emails, mi mean."),
        ("twoask15", "What's a good name for a cat? Also, which emails did {X} send me {M}?"),
        ("hashtag15", "{Mc}, which emails came from {X}? #throwback"),
        ("rolename15", "What did my neighbour {X} email me {M}?"),
        ("hypothetical15", "Say I needed the emails {X} sent me {M} – which would they be?"),
        ("redundant15", "Which email messages did the person {X} send to me by email {M}?"),
    ],
    "emails_from_before": [
        ("zulu15", "Eish, I need the older ones: the emails {X} sent me before {B}, please."),
        ("paramedic15", "Handover's done. Which emails had {X} sent me before {B}?"),
        ("miner15", "Which emails did {X} send me before {B}? Back when I was still on nights underground."),
        ("architect15", "Which emails did {X} send me ahead of {B}? The early concept sketches were in them."),
        ("hashtag15", "Emails from {X} before {B} #oldschool"),
        ("hypothetical15", "Imagine I only wanted {Xp} emails from before {B}. Which would those be?"),
        ("redundant15", "Which emails, sent to me by {X}, were sent at a date earlier than {B}?"),
        ("electrician15", "What had {X} emailed me before {B}? Need the original quote for the rewire."),
    ],
    "emails_from_since": [
        ("malay15", "Since {B}, got any email from {X}? Show me."),
        ("zulu15", "Which emails has {X} been sending me since {B}? Ngiyabonga."),
        ("jamaican15", "Since {B}, weh {X} sen' mi? Show mi di emails dem."),
        ("twoask15", "Did I leave the oven on? Kidding – which emails has {X} sent me since {B}?"),
        ("rolename15", "Which emails has our intern {X} sent me since {B}?"),
        ("miner15", "Since {B}, what's {X} emailed me? I've been down the pit most days."),
        ("architect15", "From {B} onwards, which emails has {X} sent me? That's when the planning application went "
                        "in."),
        ("electrician15", "What's {X} sent me since {B}? Emails, I mean – I'm wiring a fuse board."),
    ],
    "last_email_from": [
        ("malay15", "What is the latest email {X} send me already?"),
        ("paramedic15", "En route back from a call – what was the last email {X} sent me?"),
        ("twoask15", "Can you sing? No? Then what's the most recent email from {X}?"),
        ("hashtag15", "Newest email from {X}? #whatsnew"),
        ("rolename15", "What's the most recent email my cousin {X} sent me?"),
        ("hypothetical15", "If I wanted just {Xp} most recent email to me, which one would that be?"),
        ("redundant15", "Which single email is the most recent, latest email that {X} has sent to me?"),
        ("architect15", "What's the latest email {X} sent me? It should have the revised elevations."),
    ],
    "first_email_from": [
        ("zulu15", "Please, which one was the very first email {X} sent to me?"),
        ("jamaican15", "Weh di first email {X} did ever sen' mi?"),
        ("paramedic15", "Between call-outs: what was the earliest email {X} ever sent me?"),
        ("miner15", "What was the first email {X} ever sent me? Must've been a while."),
        ("electrician15", "Which email did {X} send me first of all? The one about the first fix, I reckon."),
        ("rolename15", "What was the first email my old professor {X} ever sent me?"),
        ("hypothetical15", "Suppose I went right back to the beginning – which was the first email {X} sent me?"),
        ("hashtag15", "First ever email from {X}? #memorylane"),
    ],
    "first_email_to": [
        ("malay15", "Which one my first email to {X}? The earliest one."),
        ("zulu15", "I am wanting to know the first email I sent to {X}. Which one is it?"),
        ("twoask15", "What's the capital of Peru, and which was the first email I ever sent {X}?"),
        ("architect15", "What was the first email I sent {X}? It would have had the initial brief."),
        ("electrician15", "Which email did I send {X} first? Probably a quote."),
        ("redundant15", "Which email was the earliest, first-ever email that I sent to {X}?"),
        ("hashtag15", "My first email to {X} – which one? #nostalgia"),
        ("miner15", "What's the first email I ever sent {X}? Just off shift and curious."),
    ],
    "last_email_to": [
        ("jamaican15", "Weh di last email mi sen' to {X}?"),
        ("paramedic15", "Cleaning the stretcher – what's my most recent email to {X}?"),
        ("hypothetical15", "Say I wanted to follow up with {X} – which email did I last send them?"),
        ("rolename15", "What was the last email I sent my landlord {X}?"),
        ("redundant15", "Of all the emails I sent to {X}, which is the most recent, newest one?"),
        ("miner15", "What did I last email {X}? I'm back up top now."),
        ("architect15", "Which email did I send {X} most recently? I think it had the site plan."),
        ("malay15", "My latest email to {X}, which one ah?"),
    ],
    "count_emails_from": [
        ("zulu15", "Please tell me how many emails {X} has sent me."),
        ("jamaican15", "How much email {X} sen' mi? Gimme di number."),
        ("twoask15", "Are you a robot? Also, how many emails has {X} sent me?"),
        ("hashtag15", "How many emails has {X} sent me? #stats"),
        ("rolename15", "How many emails has my editor {X} sent me?"),
        ("hypothetical15", "If you had to count every email {X} has sent me, what would the total be?"),
        ("redundant15", "What is the total number count of emails that {X} has sent to me?"),
        ("electrician15", "How many emails have I had from {X}? Just the count, I'm on a job."),
    ],
    "subject_contains": [
        ("malay15", "Which email got {W} in the subject?"),
        ("paramedic15", "Back at base – which emails have {W} in the subject line?"),
        ("twoask15", "Is the canteen open yet? Anyway, which emails have \"{W}\" in the subject?"),
        ("hashtag15", "Emails with \"{W}\" in the subject #search"),
        ("hypothetical15", "Suppose I searched for {W} in the subject lines – which emails would turn up?"),
        ("redundant15", "Which emails have the words \"{W}\" written in the subject line of the email subject?"),
        ("miner15", "Find the emails with {W} in the subject. Quick, before I head back down."),
        ("architect15", "Which emails mention {W} in the subject? I'm between site visits."),
    ],
    "last_received_on_day": [
        ("zulu15", "On {D}, which email was the last one that came to me?"),
        ("jamaican15", "{Dc}, weh di last email weh come in fi mi?"),
        ("paramedic15", "I was on a double shift on {D}. What was the last email I received that day?"),
        ("hypothetical15", "If I looked at {D}, which email would be the final one to arrive that day?"),
        ("redundant15", "Which email was the very last, final incoming email that I received on the day {D}?"),
        ("electrician15", "What was the last email to come in on {D}? I was rewiring a kitchen all day."),
        ("hashtag15", "Last email I got on {D}? #inbox"),
        ("malay15", "{Dc}, the last email come to me is which one?"),
    ],
    "attachments_from": [
        ("jamaican15", "Which files {X} sen' mi? Di attachments, mi mean."),
        ("paramedic15", "Which files has {X} sent me? Attachments – I'm on a break between calls."),
        ("twoask15", "Have you seen my glasses? Also, which files has {X} emailed me?"),
        ("rolename15", "Which attachments has my manager {X} sent me?"),
        ("hypothetical15", "If I wanted every file {X} has attached to emails to me, which would they be?"),
        ("redundant15", "Which attached files, attached as attachments, has {X} sent me by email?"),
        ("miner15", "What files has {X} sent me? Might be the new shift rota."),
        ("architect15", "Which attachments have come in from {X}? Hopefully the structural drawings."),
    ],
    "attachments_ext": [
        ("malay15", "All the {EXTS} inside email attachment, sent and received, which one?"),
        ("zulu15", "Please can you show me every {EXT1} that was attached to an email, sent or received?"),
        ("twoask15", "Is it lunchtime yet? And which {EXTS} have been attached to emails, in or out?"),
        ("hashtag15", "Every {EXT1} attached to any email, either direction #filehunt"),
        ("hypothetical15", "Suppose I gathered every {EXT1} attached to my emails, incoming or outgoing – which files "
                           "are they?"),
        ("redundant15", "Which attachment files of the file type .{EXT} are attached as attachments to emails, both "
                        "sent and received?"),
        ("architect15", "Which {EXTS} have been attached to emails, incoming or outgoing? Some are drawing sets."),
        ("electrician15", "Which {EXTS} have gone back and forth as email attachments?"),
    ],
    "folders_with_attachments_from": [
        ("malay15", "The file {X} send me, I save in which folder?"),
        ("jamaican15", "Weh mi put di files {X} sen' mi? Which folders?"),
        ("paramedic15", "Which folders did I save {Xp} attachments in? Quick, we've got another call."),
        ("rolename15", "Which folders hold the files my colleague {X} emailed me?"),
        ("hypothetical15", "If I went looking for the files {X} emailed me, which folders would I find them in?"),
        ("redundant15", "In which directory folders are the attached files that {X} sent me by email saved?"),
        ("miner15", "Where did I put the attachments {X} sent me? Which folders? Just off the cage."),
        ("electrician15", "Which folders did the files from {X} end up in? Need the circuit diagrams."),
    ],
    "folders_of_file": [
        ("zulu15", "Please, in which folder is {F} kept?"),
        ("jamaican15", "{F} – weh it deh? Which folder?"),
        ("twoask15", "How's your day going? And which folder is {F} in?"),
        ("hashtag15", "Where's {F}? Which folder? #lostfile"),
        ("hypothetical15", "If I wanted to open {F}, which folder would I go to?"),
        ("redundant15", "Which folder directory on my drive contains the file named {F}?"),
        ("architect15", "Which folder is {F} in? I need it for the client presentation."),
        ("miner15", "Which folder's got {F} in it? I'm back on the surface."),
    ],
    "who_sent_file": [
        ("malay15", "Who send me {F} ah?"),
        ("paramedic15", "Who sent me {F}? Might be the new protocol."),
        ("twoask15", "What's the wifi password here? Oh, and who sent me {F}?"),
        ("hashtag15", "Who sent me {F}? #mystery"),
        ("hypothetical15", "Say I wanted to thank whoever sent me {F} – who would that be?"),
        ("redundant15", "Which person was the sender who sent me the file {F} as an email attachment?"),
        ("electrician15", "Who emailed me {F}? Probably a contractor."),
        ("jamaican15", "Who sen' mi {F}?"),
    ],
    "conversations_with_sender_of_file": [
        ("zulu15", "The person who sent me {F}, please can you show me everyone they have exchanged emails with?"),
        ("jamaican15", "Whoever sen' mi {F} – who dem been emailing wid?"),
        ("paramedic15", "Whoever sent me {F}: who have they exchanged emails with? Need it before the next shout."),
        ("twoask15", "Can you recommend a podcast? More importantly, who has the sender of {F} traded emails with?"),
        ("hypothetical15", "Suppose I traced the sender of {F} – who would I find they've exchanged emails with?"),
        ("redundant15", "Which people have had email conversations, by email, with the person who was the sender of "
                        "{F}?"),
        ("miner15", "Who's been emailing back and forth with whoever sent me {F}? Asking from the lamp room."),
        ("architect15", "The sender of {F} – who have they been corresponding with by email?"),
    ],
    "coattendees_of_person": [
        ("malay15", "Who-who attend the events together with {X}?"),
        ("zulu15", "Please, who are the people who attended events together with {X}?"),
        ("twoask15", "What's your favourite colour? And who has been at events with {X}?"),
        ("hashtag15", "Who's attended events with {X}? #network"),
        ("rolename15", "Who has been at events with my colleague {X}?"),
        ("redundant15", "Which people attended the same calendar events that {X} also attended?"),
        ("electrician15", "Who's been at meetings alongside {X}? One of them owes me for a callout."),
        ("paramedic15", "Who has attended events with {X}? Asking from the ambulance bay."),
    ],
    "events_of_person": [
        ("jamaican15", "Which events {X} did go to?"),
        ("paramedic15", "Which events has {X} been to? We're parked up on standby."),
        ("hashtag15", "Events {X} attended #calendar"),
        ("rolename15", "Which events has my teammate {X} attended?"),
        ("hypothetical15", "If I checked which events {X} attended, what would I see?"),
        ("miner15", "Which meetings has {X} been at? I've been underground all week."),
        ("architect15", "Which events did {X} attend? I'm putting together the project timeline."),
        ("malay15", "{X} got attend which events?"),
    ],
    "events_at_place": [
        ("zulu15", "Please can you list all the events {atP}?"),
        ("twoask15", "Do you like jazz? Also, which events are {atP}?"),
        ("hashtag15", "Events {atP}? #venue"),
        ("hypothetical15", "Say I wanted a list of every event {atP} – what would be on it?"),
        ("redundant15", "Which calendar events in my calendar are held {atP}, at that venue location?"),
        ("miner15", "What events are {atP}? Thinking of heading over after shift."),
        ("architect15", "Which events are {atP}? I need to plan around them."),
        ("electrician15", "What events are {atP}? Need to know before I book any jobs."),
    ],
    "events_in_month": [
        ("malay15", "{Mc}, my calendar got which events?"),
        ("jamaican15", "Weh mi have inna mi calendar {M}?"),
        ("paramedic15", "Which events are in my calendar {M}? Checking them against my shift log."),
        ("twoask15", "Should I get a dog? Also, which events are on my calendar {M}?"),
        ("hypothetical15", "Suppose I wanted my calendar events {M} – which would they be?"),
        ("redundant15", "Which calendar events are in my calendar, the calendar app, {M}?"),
        ("architect15", "What events does my calendar show {M}? Lining them up against the project programme."),
        ("electrician15", "Which events are on my calendar {M}? Need it for my job sheet."),
    ],
    "events_titled": [
        ("zulu15", "Please show me the events that have {T} in their title."),
        ("jamaican15", "Which events have {T} inna di name?"),
        ("twoask15", "Are you busy? Also – which events are called something with {T}?"),
        ("hashtag15", "Events with \"{T}\" in the title #schedule"),
        ("redundant15", "Which events have the word \"{T}\" in the event title name?"),
        ("miner15", "Find the {T} events on my calendar. I'm up top for the day."),
        ("architect15", "Which calendar entries have \"{T}\" in the title?"),
        ("malay15", "Events with name {T}, got which ones?"),
    ],
    "who_attended_titled": [
        ("malay15", "Who-who go to the {T}?"),
        ("zulu15", "Please, who were the people who came to the {T}?"),
        ("paramedic15", "Who attended the {T}? Asking between jobs."),
        ("hashtag15", "Who went to the {T}? #attendance"),
        ("hypothetical15", "If I pulled the attendee list for the {T}, who would be on it?"),
        ("redundant15", "Which persons attended as attendees at the {T}?"),
        ("electrician15", "Who was at the {T}? Someone there wanted a quote."),
        ("jamaican15", "Who did deh at di {T}?"),
    ],
    "place_of_event": [
        ("jamaican15", "Weh {T} a keep? Wah place?"),
        ("paramedic15", "Where's {T}? I need to know if it's near the station."),
        ("twoask15", "How tall is Everest? And where is {T}?"),
        ("hashtag15", "Where is {T}? #location"),
        ("hypothetical15", "If I had to show up for {T}, where would I go?"),
        ("redundant15", "What is the location place where {T} is held?"),
        ("miner15", "Where's {T} being held? I'll come straight from the pit."),
        ("architect15", "Where is {T}? I'd like to see the space."),
    ],
    "people_met_at_place": [
        ("malay15", "{atPc}, who I got meet already?"),
        ("zulu15", "Please tell me the people I have met {atP}."),
        ("twoask15", "What's the score in the match? And who have I met {atP}?"),
        ("hashtag15", "Who have I met {atP}? #meetups"),
        ("hypothetical15", "Suppose I tried to remember everyone I've met {atP} – who would that be?"),
        ("redundant15", "Which people did I meet with at meetings held {atP}?"),
        ("miner15", "Who have I met up with {atP}? Off shift now."),
        ("electrician15", "Who've I met {atP}? One of them needs a sparky."),
    ],
    "people_met_in_month": [
        ("jamaican15", "Who mi did meet {M}?"),
        ("paramedic15", "Who did I meet with {M}? Night shifts make it all blur together."),
        ("twoask15", "Do you know any good recipes? Also, who did I meet {M}?"),
        ("hypothetical15", "If I listed everyone I met {M}, who would be on the list?"),
        ("redundant15", "Which people did I personally meet with at my meetings {M}?"),
        ("miner15", "Who did I meet {M}? I lose track on long rotations."),
        ("architect15", "Which people did I meet {M}? I'm filling in my timesheet."),
        ("malay15", "{Mc} I meet who?"),
    ],
    "links_from_person": [
        ("zulu15", "Please, which links has {X} sent me in emails?"),
        ("jamaican15", "Which links {X} did sen' mi?"),
        ("hashtag15", "Links {X} sent me #readinglist"),
        ("rolename15", "Which links has my friend {X} emailed me?"),
        ("hypothetical15", "If I wanted every link {X} has emailed me, which would they be?"),
        ("redundant15", "Which web links (URLs) did {X} send to me in email messages?"),
        ("architect15", "Which links has {X} sent me? Probably product specs."),
        ("electrician15", "What links has {X} emailed me? Suppliers' catalogues, maybe."),
    ],
    "links_from_people_met_in_month": [
        ("malay15", "The people I meet {M}, they send me which links?"),
        ("paramedic15", "Which links did the people I met {M} email me? Back at station now."),
        ("twoask15", "What should I cook for dinner? Also, which links did the people I met {M} send me?"),
        ("hashtag15", "Links from people I met {M} #followup"),
        ("hypothetical15", "Suppose I collected the links from everyone I met {M} – which links would I have?"),
        ("redundant15", "Which web links were emailed to me by the people who I met with at meetings {M}?"),
        ("miner15", "What links have the folks I met {M} sent me? Just came up from below."),
        ("zulu15", "Please, the people I met {M}, which links did they send me?"),
    ],
    "links_to_domain": [
        ("jamaican15", "Which {U} links deh inna mi emails?"),
        ("paramedic15", "Which {U} links are in my emails? Restocking, so quick."),
        ("twoask15", "Is it cold outside? Anyway, which {U} links are in my emails?"),
        ("hashtag15", "{U} links in my email #bookmarks"),
        ("hypothetical15", "If I filtered my emails down to {U} links, which ones would I see?"),
        ("redundant15", "Which web links to the website domain {U} appear in my email messages?"),
        ("miner15", "Find the {U} links in my email. Shift's over."),
        ("architect15", "Which {U} links have I got across my emails? One's a mood board."),
    ],
    "last_email_from_about": [
        ("zulu15", "Please, which is the latest email {X} sent me about {W}?"),
        ("jamaican15", "Weh di last email {X} sen' mi 'bout {W}?"),
        ("paramedic15", "Most recent email from {X} about {W} – which one? We're on standby."),
        ("rolename15", "What's the latest email my manager {X} sent me about {W}?"),
        ("hypothetical15", "If I needed {Xp} newest email on {W}, which one would it be?"),
        ("redundant15", "Which single email is the latest, most recent one from {X} with {W} in the subject?"),
        ("architect15", "What did {X} last send me about {W}? Need it for the client meeting."),
        ("malay15", "Latest email {X} send me about {W}, which one?"),
    ],
    "emails_from_with_attachment": [
        ("malay15", "Which email from {X} got attachment?"),
        ("twoask15", "Do you dream? Also, which of {Xp} emails came with attachments?"),
        ("hashtag15", "Emails from {X} with attachments #files"),
        ("rolename15", "Which emails from my colleague {X} had files attached?"),
        ("hypothetical15", "Say I only wanted {Xp} emails that have attachments – which would they be?"),
        ("redundant15", "Which emails sent by {X} have attached attachments attached to them?"),
        ("miner15", "Which of {Xp} emails had something attached? I'm just off shift."),
        ("electrician15", "Which emails from {X} had attachments? Looking for the test certificates."),
    ],
    "files_from_in_month": [
        ("zulu15", "Please, which files did {X} send me {M}?"),
        ("jamaican15", "{Mc}, which files {X} sen' mi?"),
        ("paramedic15", "Which attachments did {X} send me {M}? Between calls, so quick."),
        ("twoask15", "Is the gym busy right now? Also, which files did {X} email me {M}?"),
        ("rolename15", "Which files did my accountant {X} send me {M}?"),
        ("hypothetical15", "Suppose I wanted the files {X} emailed me {M} – which would they be?"),
        ("architect15", "{Mc}, which files did {X} send me? The tender drawings, I think."),
        ("electrician15", "What files did {X} email me {M}? Probably wiring schedules."),
    ],
    "events_at_place_in_month": [
        ("malay15", "{Mc}, got which events {atP}?"),
        ("zulu15", "Please can you show me the events {atP} {M}?"),
        ("jamaican15", "Weh events deh {atP} {M}?"),
        ("hashtag15", "Events {atP} {M} #whatson"),
        ("hypothetical15", "If I looked up the events {atP} {M}, what would I find?"),
        ("redundant15", "Which calendar events took place or are taking place {atP} {M}?"),
        ("miner15", "Any events {atP} {M}? Show me them – I'm checking my shift pattern."),
        ("architect15", "Which events {atP} {M} are on my calendar? Cross-checking the site diary."),
    ],
    "people_emailed_in_month": [
        ("jamaican15", "Who mi did email {M}?"),
        ("paramedic15", "Who did I send emails to {M}? I was on nights a lot."),
        ("twoask15", "Can you hear me? Good. Who did I email {M}?"),
        ("hashtag15", "Who did I email {M}? #outbox"),
        ("hypothetical15", "If I went through my sent mail {M}, who would I find I'd emailed?"),
        ("redundant15", "Which recipient people did I send outgoing emails to {M}?"),
        ("electrician15", "Who did I email {M}? Need to chase some invoices."),
        ("malay15", "{Mc} I send email to who?"),
    ],
    "emails_from_person_to_person": [
        ("zulu15", "Please, which emails did {X} send to {Y}?"),
        ("jamaican15", "Which emails {X} sen' to {Y}?"),
        ("twoask15", "How's the traffic? Also, which emails has {X} sent {Y}?"),
        ("rolename15", "Which emails did my colleague {X} send to my manager {Y}?"),
        ("hypothetical15", "If I wanted just the emails from {X} to {Y}, which would those be?"),
        ("redundant15", "Which email messages were sent by the sender {X} to the recipient {Y}?"),
        ("miner15", "What's {X} been emailing {Y}? I've been down the pit, out of the loop."),
        ("architect15", "Which emails went from {X} to {Y}? I'm reviewing the project correspondence."),
    ],
    "count_events_at_place": [
        ("malay15", "How many event already {atP}?"),
        ("zulu15", "Please can you count for me the events that were held {atP}? How many?"),
        ("paramedic15", "How many events have been held {atP}? Exact number, please."),
        ("twoask15", "What's the meaning of life? Kidding – how many events have there been {atP}?"),
        ("hashtag15", "How many events {atP}? #count"),
        ("hypothetical15", "If I counted the events {atP}, what number would I get?"),
        ("redundant15", "What is the total number count of calendar events that were held {atP}?"),
        ("electrician15", "How many events have there been {atP}? I'm between jobs."),
    ],
    "links_in_emails_about": [
        ("jamaican15", "Which links deh inna di emails 'bout {W}?"),
        ("paramedic15", "Which links are in the {W} emails? Quick, before the next shout."),
        ("twoask15", "Is my phone charging? Oh – which links were in the emails about {W}?"),
        ("hashtag15", "Links in the {W} emails #research"),
        ("hypothetical15", "Suppose I opened every email about {W} – which links would I find?"),
        ("redundant15", "Which web links are in the emails that have {W} in their subject line?"),
        ("miner15", "What links were in the emails about {W}? Just up from underground."),
        ("architect15", "Which links came in the {W} emails? Some might be product data sheets."),
    ],
    "count_emails_to": [
        ("malay15", "How many email I already send to {X}? Boleh count?"),
        ("zulu15", "Please tell me the number of emails I sent to {X}."),
        ("jamaican15", "How much email mi sen' to {X}?"),
        ("rolename15", "How many emails have I sent my business partner {X}?"),
        ("hypothetical15", "If you tallied every email I've sent {X}, what would the total be?"),
        ("redundant15", "What's the total count number of emails that I sent out to {X}?"),
        ("miner15", "Back up top – how many emails have I sent {X}?"),
        ("electrician15", "How many emails have I sent {X}? Chasing payment again."),
    ],
}

TEST13_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: a Lithuanian first-language speaker (lithuanian_t13), a Sri Lankan English speaker (srilankan_t13), a
    # Ghanaian English speaker (ghanaian_t13), someone who writes in an archaic register (archaic_t13), someone who
    # talks to the computer of a starship (starship_t13), someone who numbers the steps (steps_t13), someone who marks
    # emphasis with asterisks (emphasis_t13), a barista between orders (barista_t13), an auctioneer between lots
    # (auctioneer_t13), a park ranger back at the station (ranger_t13) and a hairdresser while a client's colour
    # processes (hairdresser_t13).
    "emails_from": [
        ("lithuanian_t13", "Labas! Is possible to see all emails from {X}?"),
        ("srilankan_t13", "Aney, can you just show the emails {X} sent me?"),
        ("archaic_t13", "Pray tell, which emails hath {X} sent unto me?"),
        ("starship_t13", "Computer, display all emails from {X}."),
        ("emphasis_t13", "Show me *every* email {X} has sent me – **all** of them."),
        ("barista_t13", "Milk's steaming – quick, which emails has {X} sent me?"),
    ],
    "emails_to": [
        ("ghanaian_t13", "Chale, which emails have I sent to {X}?"),
        ("steps_t13", "Step one: find {X}. Step two: list the emails I sent them."),
        ("auctioneer_t13", "Between lots: which emails did I send {X}?"),
        ("ranger_t13", "Back at the ranger station – which emails have I sent {X}?"),
        ("hairdresser_t13", "Foils are processing. Which emails did I send to {X}?"),
        ("lithuanian_t13", "Which emails I sent to {X}? Ačiū."),
    ],
    "emails_between": [
        ("srilankan_t13", "Machan, can you show all the emails between me and {X}, both ways no?"),
        ("archaic_t13", "Show me all the correspondence that hath passed between {X} and me by email, in either "
                        "direction."),
        ("starship_t13", "Computer, list all email traffic between {X} and me, both directions."),
        ("steps_t13", "1) Find {X}. 2) Show every email between us, whoever sent it."),
        ("emphasis_t13", "All emails between {X} and me – *both* directions, please."),
        ("barista_t13", "Before the morning rush: every email between {X} and me, sent or received."),
    ],
    "emails_from_in_month": [
        ("ghanaian_t13", "Ei, which emails did {X} send me {M}?"),
        ("lithuanian_t13", "{Mc} which emails {X} sent to me?"),
        ("starship_t13", "Computer, retrieve the emails {X} sent me {M}."),
        ("steps_t13", "Step one: take {Xp} emails to me. Step two: keep only those sent {M}."),
        ("auctioneer_t13", "Which emails did {X} send me {M}? I was on the rostrum most days."),
        ("hairdresser_t13", "Client's under the dryer – what did {X} email me {M}?"),
    ],
    "emails_from_before": [
        ("srilankan_t13", "What are the emails {X} sent me before {B}?"),
        ("archaic_t13", "Which emails did {X} send unto me ere {B}?"),
        ("emphasis_t13", "Emails from {X} sent *before* {B} – which ones?"),
        ("barista_t13", "Which emails had {X} sent me before {B}? Grinding beans, so be quick."),
        ("ranger_t13", "Which emails did {X} send me before {B}? That's before the trail closed."),
        ("ghanaian_t13", "Please I beg, the emails {X} sent me before {B} – which ones?"),
    ],
    "emails_from_since": [
        ("lithuanian_t13", "Which emails {X} sent to me since {B}?"),
        ("starship_t13", "Computer, show emails from {X} received since {B}."),
        ("steps_t13", "Step one: start at {B}. Step two: list everything {X} has emailed me since."),
        ("auctioneer_t13", "Since {B}, which emails has {X} sent me? Going once, going twice..."),
        ("hairdresser_t13", "What has {X} emailed me since {B}? Between cuts, so quick."),
        ("emphasis_t13", "Which emails has {X} sent me *since* {B}?"),
    ],
    "last_email_from": [
        ("ghanaian_t13", "Chale, what is the latest email {X} sent me?"),
        ("archaic_t13", "What was the last missive {X} sent unto me by email?"),
        ("starship_t13", "Computer, identify the most recent email from {X}."),
        ("steps_t13", "Step one: find {Xp} emails to me. Step two: give me only the newest."),
        ("barista_t13", "Between orders – what's the last thing {X} emailed me?"),
        ("ranger_t13", "Signal's patchy out here. What was {Xp} most recent email?"),
    ],
    "first_email_from": [
        ("lithuanian_t13", "Which email {X} sent me first? Oldest one."),
        ("srilankan_t13", "What is the first email {X} sent me? Can you just tell?"),
        ("emphasis_t13", "What was the *very first* email {X} sent me?"),
        ("auctioneer_t13", "What was the earliest email {X} sent me? Before my first sale, probably."),
        ("hairdresser_t13", "Which email did {X} send me first of all? Doing a balayage, so quick."),
        ("ghanaian_t13", "Ei, which was the first email {X} ever sent me?"),
    ],
    "first_email_to": [
        ("archaic_t13", "Which was the first email I ever did send unto {X}?"),
        ("starship_t13", "Computer, locate my earliest email to {X}."),
        ("steps_t13", "1) Open my sent emails to {X}. 2) Go to the oldest. Which is it?"),
        ("barista_t13", "What was the first email I sent {X}? Quick, the queue's out the door."),
        ("ranger_t13", "What's the first email I ever sent {X}? Asking from the trailhead."),
        ("srilankan_t13", "Aney, which is the first email I sent to {X}?"),
    ],
    "last_email_to": [
        ("lithuanian_t13", "Which is last email I sent to {X}?"),
        ("ghanaian_t13", "Please, which email did I last send to {X}?"),
        ("emphasis_t13", "My *most recent* email to {X} – which one?"),
        ("auctioneer_t13", "What did I last email {X}? Need it before the hammer falls."),
        ("hairdresser_t13", "What's the latest email I sent {X}? Toner's on, I've got five minutes."),
        ("starship_t13", "Computer: last email sent to {X}."),
    ],
    "count_emails_from": [
        ("srilankan_t13", "How many emails {X} has sent me, machan?"),
        ("archaic_t13", "How many emails hath {X} sent me in all?"),
        ("steps_t13", "Step one: find every email {X} sent me. Step two: count them."),
        ("barista_t13", "How many emails has {X} sent me? Just the number, I'm pulling shots."),
        ("ranger_t13", "How many emails have I had from {X}? The station wifi is slow, so just the count."),
        ("emphasis_t13", "*How many* emails has {X} sent me?"),
    ],
    "subject_contains": [
        ("lithuanian_t13", "Show emails, which have {W} in subject."),
        ("ghanaian_t13", "Chale, find me the emails with {W} in the subject."),
        ("starship_t13", "Computer, search email subjects for \"{W}\"."),
        ("auctioneer_t13", "Which emails have \"{W}\" in the subject line? I'm between lots."),
        ("hairdresser_t13", "Any emails with {W} in the subject? Client's rinsing."),
        ("steps_t13", "Step one: look at email subjects. Step two: show me the ones containing \"{W}\"."),
    ],
    "last_received_on_day": [
        ("srilankan_t13", "On {D}, what is the last email I got?"),
        ("archaic_t13", "On {D}, which was the final email to reach me?"),
        ("emphasis_t13", "The *last* email I received on {D} – which was it?"),
        ("barista_t13", "{Dc} was a double shift at the café. Last email I got that day?"),
        ("ranger_t13", "What was the last email that reached me on {D}? I was out on patrol."),
        ("ghanaian_t13", "Please, on {D}, which email came to me last?"),
    ],
    "attachments_from": [
        ("lithuanian_t13", "Which files {X} sent me as attachments?"),
        ("starship_t13", "Computer, list all attachments from {X}."),
        ("steps_t13", "Step one: find {Xp} emails to me. Step two: list their attachments."),
        ("auctioneer_t13", "Which files has {X} sent me? Probably lot photos."),
        ("hairdresser_t13", "What attachments has {X} sent me? I'm between clients."),
        ("srilankan_t13", "Can you tell what are the files {X} sent me?"),
    ],
    "attachments_ext": [
        ("ghanaian_t13", "Please, which {EXTS} have been attached to emails, sent or received?"),
        ("archaic_t13", "Which {EXTS} have been borne as attachments upon my emails, coming or going?"),
        ("emphasis_t13", "Every {EXT1} attached to *any* email – sent *or* received."),
        ("barista_t13", "Which {EXTS} have come or gone as email attachments? Quick, before the rush."),
        ("ranger_t13", "Which {EXTS} are attached to my emails, incoming or outgoing? Trail maps, some of them."),
        ("starship_t13", "Computer, list every .{EXT} attachment, inbound and outbound."),
    ],
    "folders_with_attachments_from": [
        ("srilankan_t13", "Where did I put the files {X} sent me? Which folders, no?"),
        ("lithuanian_t13", "In which folders are files, which {X} sent me?"),
        ("steps_t13", "Step one: take the files {X} emailed me. Step two: tell me which folders they're in."),
        ("auctioneer_t13", "Which folders hold the attachments {X} sent me? I need them for the sale."),
        ("hairdresser_t13", "Which folders did I save {Xp} attachments in? Client's at the basin."),
        ("emphasis_t13", "Which *folders* hold the files {X} emailed me?"),
    ],
    "folders_of_file": [
        ("ghanaian_t13", "Ei, which folder is {F} in?"),
        ("archaic_t13", "Wherein lieth {F}? In which folder?"),
        ("starship_t13", "Computer, locate {F}. Which folder?"),
        ("barista_t13", "Which folder did {F} end up in? I'm between lattes."),
        ("ranger_t13", "Where's {F} saved? Which folder? I'm back from patrol."),
        ("steps_t13", "1) Find {F}. 2) Tell me its folder."),
    ],
    "who_sent_file": [
        ("lithuanian_t13", "Who is sender of file {F}?"),
        ("srilankan_t13", "Who sent me {F}, no? Can you tell?"),
        ("emphasis_t13", "*Who* sent me {F}?"),
        ("auctioneer_t13", "Who sent me {F}? Might be a consignor."),
        ("hairdresser_t13", "Who emailed me {F}? Could be the salon owner."),
        ("starship_t13", "Computer, identify the sender of {F}."),
    ],
    "conversations_with_sender_of_file": [
        ("ghanaian_t13", "Please, the person who sent me {F} – who have they been emailing with?"),
        ("archaic_t13", "He or she who sent me {F} – with whom hath that person exchanged emails?"),
        ("steps_t13", "Step one: find who sent me {F}. Step two: list everyone they've exchanged emails with."),
        ("barista_t13", "Whoever sent me {F}: who have they had email conversations with?"),
        ("ranger_t13", "Who's been emailing back and forth with the sender of {F}? Asking from the station."),
        ("emphasis_t13", "The sender of {F} – who have *they* exchanged emails with?"),
    ],
    "coattendees_of_person": [
        ("lithuanian_t13", "With who {X} was together on events?"),
        ("srilankan_t13", "Who all went to events with {X}, machan?"),
        ("starship_t13", "Computer, list everyone who attended events with {X}."),
        ("auctioneer_t13", "Who has attended events alongside {X}? Could be potential bidders."),
        ("hairdresser_t13", "Which people have been at events with {X}? I'm between clients."),
        ("ghanaian_t13", "Chale, who has been at events with {X}?"),
    ],
    "events_of_person": [
        ("archaic_t13", "Which gatherings hath {X} attended?"),
        ("emphasis_t13", "Which events has {X} *actually* attended?"),
        ("steps_t13", "Step one: find {X}. Step two: list the events they attended."),
        ("barista_t13", "Which events has {X} been to? They're a regular here."),
        ("ranger_t13", "Which events did {X} go to? I'm out on patrol till dusk."),
        ("lithuanian_t13", "On which events {X} was?"),
    ],
    "events_at_place": [
        ("srilankan_t13", "What are the events {atP}, can you tell?"),
        ("ghanaian_t13", "Please, which events are {atP}?"),
        ("starship_t13", "Computer, list all events {atP}."),
        ("auctioneer_t13", "Which events are {atP}? Checking for clashes with the sale."),
        ("hairdresser_t13", "Which events are {atP}? I keep hearing about them in the chair."),
        ("emphasis_t13", "*All* the events {atP}, please."),
    ],
    "events_in_month": [
        ("lithuanian_t13", "Which events I have {M}?"),
        ("archaic_t13", "Which engagements appear upon my calendar {M}?"),
        ("steps_t13", "Step one: open my calendar. Step two: show me the events {M}."),
        ("barista_t13", "What's on my calendar {M}? Need to sort my shifts."),
        ("ranger_t13", "Which events are in my calendar {M}? Writing up the patrol log."),
        ("emphasis_t13", "Which events are on my calendar {M} – *all* of them?"),
    ],
    "events_titled": [
        ("srilankan_t13", "Can you tell the events with {T} in the title?"),
        ("ghanaian_t13", "Chale, show me the events called something with {T}."),
        ("starship_t13", "Computer, list events with \"{T}\" in the title."),
        ("auctioneer_t13", "Which events have \"{T}\" in the name? I'm at the rostrum in ten."),
        ("hairdresser_t13", "Which {T} events are on my calendar? Client's processing."),
        ("steps_t13", "1) Search my calendar for \"{T}\". 2) List the matching events."),
    ],
    "who_attended_titled": [
        ("lithuanian_t13", "Who were on the {T}? Ačiū."),
        ("archaic_t13", "Who was present at the {T}, pray?"),
        ("emphasis_t13", "Who *attended* the {T}?"),
        ("barista_t13", "Who came to the {T}? Half of them order oat lattes."),
        ("ranger_t13", "Who went to the {T}? I'm back from the ridge."),
        ("starship_t13", "Computer, list attendees of the {T}."),
    ],
    "place_of_event": [
        ("srilankan_t13", "Where is {T} happening, no?"),
        ("ghanaian_t13", "Please, where is {T}?"),
        ("archaic_t13", "Whither must I go for {T}?"),
        ("steps_t13", "Step one: find {T} on my calendar. Step two: tell me where it is."),
        ("auctioneer_t13", "Where's {T}? I need to know the venue before the sale."),
        ("hairdresser_t13", "Where is {T}? I've got a client asking."),
    ],
    "people_met_at_place": [
        ("lithuanian_t13", "With who I met {atP}?"),
        ("starship_t13", "Computer, list everyone I have met {atP}."),
        ("emphasis_t13", "Who have I *met* {atP}?"),
        ("barista_t13", "Who have I met {atP}? One of them owes me a tip."),
        ("ranger_t13", "Who've I met up with {atP}? Back at the station now."),
        ("srilankan_t13", "Who are the people I met {atP}, machan?"),
    ],
    "people_met_in_month": [
        ("ghanaian_t13", "Ei, who did I meet {M}?"),
        ("archaic_t13", "With whom did I hold meetings {M}, pray?"),
        ("steps_t13", "Step one: take my meetings {M}. Step two: tell me who I met."),
        ("auctioneer_t13", "Who did I meet {M}? Some of them were bidders."),
        ("hairdresser_t13", "Who did I meet {M}? I lose track between appointments."),
        ("lithuanian_t13", "Which people I met {M}?"),
    ],
    "links_from_person": [
        ("srilankan_t13", "What are the links {X} sent me, can you tell?"),
        ("starship_t13", "Computer, extract all links from {Xp} emails."),
        ("emphasis_t13", "Which *links* has {X} emailed me?"),
        ("barista_t13", "Which links has {X} sent me? Probably coffee suppliers."),
        ("ranger_t13", "What links has {X} emailed me? Weather reports, I'd guess."),
        ("ghanaian_t13", "Chale, which links did {X} send me?"),
    ],
    "links_from_people_met_in_month": [
        ("lithuanian_t13", "Which links sent me people, which I met {M}?"),
        ("archaic_t13", "Those whom I met {M} – which links have they sent me?"),
        ("steps_t13", "Step one: find who I met {M}. Step two: list the links they emailed me."),
        ("auctioneer_t13", "Which links did the people I met {M} send me? Probably auction listings."),
        ("hairdresser_t13", "What links did the people I met {M} email me? I'm between foils."),
        ("srilankan_t13", "The people I met {M}, what are the links they sent me?"),
    ],
    "links_to_domain": [
        ("ghanaian_t13", "Please, which {U} links are in my emails?"),
        ("starship_t13", "Computer, find all {U} links in my email."),
        ("emphasis_t13", "Every *{U}* link in my emails, please."),
        ("barista_t13", "Which {U} links are in my emails? Grabbing them between orders."),
        ("ranger_t13", "Which {U} links have come through my email? Reading at the station."),
        ("lithuanian_t13", "Show links to {U}, which are in my emails."),
    ],
    "last_email_from_about": [
        ("archaic_t13", "What was the latest email {X} sent me concerning {W}, pray?"),
        ("steps_t13", "Step one: {Xp} emails about {W}. Step two: the newest one. Which is it?"),
        ("emphasis_t13", "The *latest* email from {X} about {W} – which one?"),
        ("barista_t13", "What's the last email {X} sent me about {W}? Quick, I'm on the bar."),
        ("hairdresser_t13", "Latest email from {X} on {W}? I'm mid-blow-dry."),
        ("srilankan_t13", "Which is the latest email {X} sent about {W}, no?"),
    ],
    "emails_from_with_attachment": [
        ("lithuanian_t13", "Which emails from {X} have attachments? Ačiū."),
        ("ghanaian_t13", "Please, which of {Xp} emails came with files attached?"),
        ("starship_t13", "Computer, show emails from {X} that have attachments."),
        ("auctioneer_t13", "Which of {Xp} emails had attachments? Condition reports, probably."),
        ("ranger_t13", "Which emails from {X} had something attached? Signal's weak, keep it short."),
        ("emphasis_t13", "Emails from {X} *with* attachments – which?"),
    ],
    "files_from_in_month": [
        ("srilankan_t13", "What are the files {X} sent me {M}?"),
        ("archaic_t13", "Which files did {X} send unto me {M}?"),
        ("steps_t13", "Step one: find {Xp} emails {M}. Step two: list the files attached."),
        ("barista_t13", "Which files did {X} email me {M}? New menu, maybe."),
        ("hairdresser_t13", "What did {X} attach to emails to me {M}? Client's colour is on."),
        ("ghanaian_t13", "Chale, which files did {X} send me {M}?"),
    ],
    "events_at_place_in_month": [
        ("lithuanian_t13", "Labas, which events are {atP} {M}?"),
        ("starship_t13", "Computer, list events {atP} {M}."),
        ("emphasis_t13", "Which events are {atP} – *only* {M}?"),
        ("auctioneer_t13", "Events {atP} {M} – which? I'm scouting venues for a viewing."),
        ("ranger_t13", "Which events are listed {atP} {M}? It's for the patrol log."),
        ("srilankan_t13", "{Mc}, what are the events {atP}?"),
    ],
    "people_emailed_in_month": [
        ("ghanaian_t13", "Please, who did I send emails to {M}?"),
        ("archaic_t13", "To whom did I dispatch emails {M}, pray?"),
        ("steps_t13", "Step one: my sent emails {M}. Step two: list who they went to."),
        ("barista_t13", "Who did I email {M}? Suppliers, mostly."),
        ("hairdresser_t13", "Who did I email {M}? Some were clients rebooking."),
        ("lithuanian_t13", "To who I sent emails {M}? Ačiū."),
    ],
    "emails_from_person_to_person": [
        ("srilankan_t13", "What are the emails {X} sent to {Y}?"),
        ("starship_t13", "Computer, list all emails from {X} to {Y}."),
        ("emphasis_t13", "Emails from {X} *to* {Y} – which ones?"),
        ("auctioneer_t13", "Which emails has {X} sent {Y}? Could be about a lot."),
        ("ranger_t13", "Which emails did {X} send to {Y}? Back from a long patrol."),
        ("archaic_t13", "Which emails hath {X} sent unto {Y}?"),
    ],
    "count_events_at_place": [
        ("lithuanian_t13", "Labas, how many events was {atP}?"),
        ("ghanaian_t13", "Please, how many events have been held {atP}?"),
        ("steps_t13", "Step one: find the events {atP}. Step two: count them."),
        ("barista_t13", "How many events have there been {atP}? Just a number, I'm frothing milk."),
        ("hairdresser_t13", "Between cuts – how many events took place {atP}?"),
        ("starship_t13", "Computer, count the events {atP}."),
    ],
    "links_in_emails_about": [
        ("srilankan_t13", "What are the links in the emails about {W}?"),
        ("archaic_t13", "Pray, what links are contained in the emails touching upon {W}?"),
        ("emphasis_t13", "Which *links* were in the emails about {W}?"),
        ("auctioneer_t13", "Which links came in the {W} emails? Before the gavel drops."),
        ("ranger_t13", "What links are in the emails about {W}? Reading them at the station."),
        ("steps_t13", "Step one: find the emails about {W}. Step two: pull out the links."),
    ],
    "count_emails_to": [
        ("lithuanian_t13", "How many emails I sent to {X} in total?"),
        ("ghanaian_t13", "Chale, how many emails have I sent {X}?"),
        ("starship_t13", "Computer, count my emails to {X}."),
        ("barista_t13", "How many emails have I sent {X}? Just the number – order's up."),
        ("ranger_t13", "How many emails have I sent {X}? Counting from the ranger station."),
        ("hairdresser_t13", "How many emails have I sent {X}? Quick, before my next client."),
    ],
}


# =============================================================================================
# dev16 and test14: two more groups of askers, each writing every shape (the later ones too). dev16's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: Danish and Georgian
# first-language speakers (Danish: "mails" as a count noun, "Hej", "Mange tak", "been on the meeting", "placed";
# Georgian: "Gamarjoba", "Madloba", no articles, "which emails X sent to me?", "with whom I met?"), a Geordie English
# speaker ("howay", "pet", "like", "us" for me, "wor" for my, "whee" for who, "ah" for I, "aboot", "atween", "aal"), a
# bicycle courier between drops ("at a red light", "next drop", "double-parked"), a radiographer between scans
# ("patient's on the table", "the reporting room"), a hill shepherd ("down from the fell", "the lambing shed",
# "signal's only good by the gate"), a number-texter ("b4", "2" for to, "frm", "wat", "hv", "w/", "subj", "pls"),
# someone who writes like a civil-service minute ("Kindly furnish ...", "the undersigned" for the asker), someone who
# thinks aloud before asking ("Hmm, okay, so X... which emails were those?"), someone who writes in arrows and symbols
# ("X → me: emails?", "me → X: count?", "{F} → folder?", "events @ P?"), someone who writes the wrong one of two
# homophones ("Witch emails", "their" for there, "meat", "herd", "no" for know, "wear" for where) and someone who asks
# by saying what they can't find or remember ("I can't find the emails X sent me.", "I've lost count of how many
# emails X has sent me."). test14's askers are another group again (sharing no template with any part): a Croatian
# first-language speaker ("Bok", "Hvala", "Molim", "which mails sent me X?", "on the meetings", "Who all was on the
# T?"), an Armenian first-language speaker ("Barev jan", "merci", "shat merci", no articles, "Who is sent me F?"), a
# Scouse English speaker ("la", "giz", "me" for my, "dead" for very, "sound"), a Newfoundland English speaker ("b'y",
# "Where's it to?", "what's on the go", "after sendin'" for has sent, "me son", "some forgetful"), a lighthouse
# keeper, a glassblower, someone who gives the situation first ("Here's the situation: ...", "{Y} says X never told
# them ... Which emails did X send Y?"), someone who breaks off mid-question for a tangent between dashes ("Which
# emails has X – lovely person, we were at school together – sent me?"), someone whose keys stick ("Whichh emails have
# I sennt to X?"), someone who writes in a diplomatic register ("Might I see the emails X has sent to Y?", "I should
# be obliged ...") and someone who fills with "um", "like", "basically"; like test2 to test13, only its aggregate
# figures are reported. Both draw their date phrases from their own lists, spellings no earlier part used (halves:
# "the second half of 2025", "H1 2025", "the first half of December 2025", "the back half of December 2025";
# "seventeen/nineteen weeks ago", "two fortnights back", "four fortnights ago", "ten months ago", "fourteen months
# ago", "6 months back", "9 months ago", "three quarters back", and the vague "a couple of months back" and "a few
# weeks back"; "the week of Monday 8 December 2025", "the week commencing Mon 24 November 2025"; parts of a season or
# a quarter: "mid-spring 2025", "early winter 2025-26", "late winter 2024-25", "late Q2 2025", "early Q2 2025", "the
# middle of Q2 2025", "at the start of Q4 2025", "at the end of Q2 2025", "mid-fall 2025"; weeks of a quarter: "the
# second week of Q4 2025", "the last week of Q4 2025"; rolling windows of 9 and 14 weeks, ninety, 35 and 80 days, "the
# past few months", "the previous couple of months"; "this past fall", "so far this month", "quarter to date"; spans
# "from Sept. through Nov. 2025", "between Aug and Dec 2025", "from Sep. to Dec. 2025", "between Oct. '25 and Jan.
# '26", "from Dec 1st to Dec 12th 2025", "Nov 17th through Nov 28th, 2025"; "over New Year 2026", "over the New Year";
# ahead: "in the next 12 weeks", "in the coming quarter", "within the next ten weeks", "in the next quarter", "within
# the coming 6 weeks", "over the coming 60 days"; days such as "Sat 4 Oct '25", "Sat., 4 October 2025", "October the
# fourth 2025", "Saturday, 4th Oct. 2025", "Sat Oct. 4th, 2025", "the fourth of October '25", "Saturday the 4th Oct.
# 2025" and "Saturday (4 October 2025)"; bounds such as "the week of Monday 1 December 2025", "mid-spring 2025", "the
# first day of Q4 2025", "the beginning of H2 2025", "early fall 2025", "Valentine's Day '25", "the 7th of Oct. 2025",
# "Sept. 9th, '25", "the second week of Q4 2025", "the start of Q2 2025", "late fall 2025", "the start of spring
# 2025", "the last day of Q3 2025", "the first day of autumn 2025", "New Year's Day '26", "the fifteenth of October
# 2025", "9th Sept '25", "the 4th week of September 2025" and "the 1st day of November 2025"); every phrase, bound and
# day spelling was checked against queryweaver.dates for the exact range the oracle uses (bounds under both "<" and
# ">", day spellings for every day from July 2023 to March 2026). Their questions follow test13's: dev16's first, then
# test14's.
# =============================================================================================

D16, T14 = "dev16", "test14"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9, D12, T10, D13, T11, D14, T12,
         D15, T13, D16, T14)


def dev16_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Halves ("the second half of 2025", "the first half of December 2025"), "seventeen weeks ago" and "two
    fortnights back" (a calendar week, Monday to Sunday), "ten months ago" and "6 months back" (calendar months), "a
    couple of months back" (the months 2 and 3 back), "the week of Monday 8 December 2025", parts of a season or a
    quarter ("mid-spring 2025" = April, "early winter 2025-26" = December 2025, "late Q2 2025" = June, "the middle of
    Q2 2025" = May, "at the start of Q4 2025" = October), "the second week of Q4 2025" (October 8-14), rolling windows
    ("the previous 9 weeks", "the last ninety days", "the past few months" = three months through today), "this past
    fall", "so far this month", "from Sept. through Nov. 2025", "between Aug and Dec 2025", "from Dec 1st to Dec 12th
    2025" and "over New Year 2026" (January 1)."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    return [("in the second half of 2025", (date(2025, 7, 1), date(2026, 1, 1))),
            ("in the first half of December 2025", (date(2025, 12, 1), date(2025, 12, 16))),
            ("seventeen weeks ago", (monday - timedelta(days=119), monday - timedelta(days=112))),
            ("two fortnights back", (monday - timedelta(days=28), monday - timedelta(days=21))),
            ("ten months ago", months_back(today, 10)),
            ("6 months back", months_back(today, 6)),
            ("a couple of months back", (months_back(today, 3)[0], months_back(today, 2)[1])),
            ("in the week of Monday 8 December 2025", (date(2025, 12, 8), date(2025, 12, 15))),
            ("in mid-spring 2025", (date(2025, 4, 1), date(2025, 5, 1))),
            ("in early winter 2025-26", (date(2025, 12, 1), date(2026, 1, 1))),
            ("in late Q2 2025", (date(2025, 6, 1), date(2025, 7, 1))),
            ("in the middle of Q2 2025", (date(2025, 5, 1), date(2025, 6, 1))),
            ("at the start of Q4 2025", (date(2025, 10, 1), date(2025, 11, 1))),
            ("in the second week of Q4 2025", (date(2025, 10, 8), date(2025, 10, 15))),
            ("over the previous 9 weeks", (today - timedelta(weeks=9), tomorrow)),
            ("in the last ninety days", (today - timedelta(days=90), tomorrow)),
            ("over the past few months", (months_before(today, 3), tomorrow)),
            ("this past fall", season_over(today, 9)),
            ("so far this month", (today.replace(day=1), tomorrow)),
            ("from Sept. through Nov. 2025", (date(2025, 9, 1), date(2025, 12, 1))),
            ("between Aug and Dec 2025", (date(2025, 8, 1), date(2026, 1, 1))),
            ("from Dec 1st to Dec 12th 2025", (date(2025, 12, 1), date(2025, 12, 13))),
            ("over New Year 2026", (date(2026, 1, 1), date(2026, 1, 2)))]


def dev16_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev16_month_phrases(today) + [("in the next 12 weeks", (today, today + timedelta(weeks=12, days=1))),
                                         ("in the coming quarter", quarters_back(today, -1)),
                                         ("within the next ten weeks", (today, today + timedelta(weeks=10, days=1)))]


DEV16_BOUNDS = [("the week of Monday 1 December 2025", date(2025, 12, 1)), ("mid-spring 2025", date(2025, 4, 1)),
                ("the first day of Q4 2025", date(2025, 10, 1)), ("the beginning of H2 2025", date(2025, 7, 1)),
                ("early fall 2025", date(2025, 9, 1)), ("Valentine's Day '25", date(2025, 2, 14)),
                ("the 7th of Oct. 2025", date(2025, 10, 7)), ("Sept. 9th, '25", date(2025, 9, 9)),
                ("the second week of Q4 2025", date(2025, 10, 8))]


def dev16_day(d: date, i: int) -> str:
    """"Sat 4 Oct '25", "Sat., 4 October 2025", "October the fourth 2025", "Saturday, 4th Oct. 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{weekday[:3]} {d.day} {month[:3]} '{d.year % 100:02d}", f"{weekday[:3]}., {d.day} {month} {d.year}",
             f"{month} the {ORDINAL_WORDS[d.day - 1]} {d.year}", f"{weekday}, {nth(d.day)} {short} {d.year}")
    return forms[i % len(forms)]


def test14_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Halves ("the back half of December 2025", "H1 2025"), "nineteen weeks ago" and "four fortnights ago" (a
    calendar week), "fourteen months ago" and "9 months ago" (calendar months), "three quarters back" (a calendar
    quarter), "a few weeks back" (the weeks 2 to 4 back), "the week commencing Mon 24 November 2025", parts of a
    season or a quarter ("late winter 2024-25" = February 2025, "early Q2 2025" = April, "mid-fall 2025" = October, "at
    the end of Q2 2025" = June), "the last week of Q4 2025" (December 25-31), rolling windows ("the past 14 weeks",
    "the last 35 days", "the last 80 days", "the previous couple of months"), "quarter to date", "from Sep. to Dec.
    2025", "between Oct. '25 and Jan. '26", a day span across one month ("Nov 17th through Nov 28th, 2025") and "over
    the New Year" (the latest January 1)."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    return [("in the back half of December 2025", (date(2025, 12, 16), date(2026, 1, 1))),
            ("in H1 2025", (date(2025, 1, 1), date(2025, 7, 1))),
            ("nineteen weeks ago", (monday - timedelta(days=133), monday - timedelta(days=126))),
            ("four fortnights ago", (monday - timedelta(days=56), monday - timedelta(days=49))),
            ("fourteen months ago", months_back(today, 14)),
            ("9 months ago", months_back(today, 9)),
            ("three quarters back", quarters_back(today, 3)),
            ("a few weeks back", (monday - timedelta(days=28), monday - timedelta(days=7))),
            ("in the week commencing Mon 24 November 2025", (date(2025, 11, 24), date(2025, 12, 1))),
            ("in late winter 2024-25", (date(2025, 2, 1), date(2025, 3, 1))),
            ("in early Q2 2025", (date(2025, 4, 1), date(2025, 5, 1))),
            ("in mid-fall 2025", (date(2025, 10, 1), date(2025, 11, 1))),
            ("at the end of Q2 2025", (date(2025, 6, 1), date(2025, 7, 1))),
            ("in the last week of Q4 2025", (date(2025, 12, 25), date(2026, 1, 1))),
            ("in the past 14 weeks", (today - timedelta(weeks=14), tomorrow)),
            ("in the last 35 days", (today - timedelta(days=35), tomorrow)),
            ("within the last 80 days", (today - timedelta(days=80), tomorrow)),
            ("over the previous couple of months", (months_before(today, 2), tomorrow)),
            ("quarter to date", (quarters_back(today, 0)[0], tomorrow)),
            ("from Sep. to Dec. 2025", (date(2025, 9, 1), date(2026, 1, 1))),
            ("between Oct. '25 and Jan. '26", (date(2025, 10, 1), date(2026, 2, 1))),
            ("Nov 17th through Nov 28th, 2025", (date(2025, 11, 17), date(2025, 11, 29))),
            ("over the New Year", (date(today.year, 1, 1), date(today.year, 1, 2)))]


def test14_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return test14_month_phrases(today) + [("in the next quarter", quarters_back(today, -1)),
                                          ("within the coming 6 weeks", (today, today + timedelta(weeks=6, days=1))),
                                          ("over the coming 60 days", (today, today + timedelta(days=61)))]


TEST14_BOUNDS = [("the start of Q2 2025", date(2025, 4, 1)), ("late fall 2025", date(2025, 11, 1)),
                 ("the start of spring 2025", date(2025, 3, 1)), ("the last day of Q3 2025", date(2025, 9, 30)),
                 ("the first day of autumn 2025", date(2025, 9, 1)), ("New Year's Day '26", date(2026, 1, 1)),
                 ("the fifteenth of October 2025", date(2025, 10, 15)), ("9th Sept '25", date(2025, 9, 9)),
                 ("the 4th week of September 2025", date(2025, 9, 22)),
                 ("the 1st day of November 2025", date(2025, 11, 1))]


def test14_day(d: date, i: int) -> str:
    """"Sat Oct. 4th, 2025", "the fourth of October '25", "Saturday the 4th Oct. 2025", "Saturday (4 October
    2025)"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{weekday[:3]} {short} {nth(d.day)}, {d.year}",
             f"the {ORDINAL_WORDS[d.day - 1]} of {month} '{d.year % 100:02d}",
             f"{weekday} the {nth(d.day)} {short} {d.year}", f"{weekday} ({d.day} {month} {d.year})")
    return forms[i % len(forms)]


DEV16_MAKERS = dated_makers(dev16_month_phrases, dev16_event_phrases, DEV16_BOUNDS, dev16_day)
TEST14_MAKERS = dated_makers(test14_month_phrases, test14_event_phrases, TEST14_BOUNDS, test14_day)


DEV16_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: Danish and Georgian first-language speakers (danish16, georgian16), a Geordie English speaker
    # (geordie16), a bicycle courier between drops (courier16), a radiographer between scans (radiographer16), a hill
    # shepherd (shepherd16), a number-texter (numtext16: "b4", "2" for to), someone who writes like a civil-service
    # minute (bureaucrat16: "the undersigned" is the asker), someone who thinks aloud before asking (thinkaloud16),
    # someone who writes in arrows and symbols (arrows16), someone who writes the wrong one of two homophones
    # (homophone16) and someone who asks by saying what they can't find or remember (cantfind16).
    "emails_from": [
        ("danish16", "Hej! Can you find all the mails {X} has sent to me?"),
        ("cantfind16", "I can't find a single one of the emails {X} sent me."),
        ("geordie16", "Howay, show us every email {X}'s sent us, pet."),
        ("courier16", "At a red light – which emails has {X} sent me?"),
        ("numtext16", "wat emails has {X} sent me? all of em pls"),
        ("bureaucrat16", "Kindly furnish a complete list of the emails received by the undersigned from {X}."),
        ("thinkaloud16", "Hmm, okay, so {X}... they've emailed me a fair bit, haven't they? Which emails were those, "
                         "all of them?"),
        ("homophone16", "Witch emails has {X} sent me?"),
    ],
    "emails_to": [
        ("danish16", "Which mails have I sent to {X}? Tak."),
        ("bureaucrat16", "Kindly enumerate all emails dispatched by the undersigned to {X}."),
        ("radiographer16", "Patient's on the table, quick one: which emails have I sent {X}?"),
        ("shepherd16", "Down from the fell for an hour. Which emails have I sent to {X}?"),
        ("numtext16", "wat emails did i send 2 {X}"),
        ("arrows16", "me → {X}: emails?"),
        ("cantfind16", "I can't find the emails I sent to {X} anywhere."),
        ("thinkaloud16", "Right, so I'm sure I've written to {X} a few times... which emails did I actually send "
                         "them?"),
    ],
    "emails_between": [
        ("danish16", "Can I see all mails between me and {X}, both the ones I sent and the ones I got?"),
        ("geordie16", "Aal the emails atween {X} an' me, whichever way they went – can ye dig them oot?"),
        ("courier16", "Between drops: every email between {X} and me, sent and received."),
        ("radiographer16", "In the reporting room – can you pull up all emails between {X} and me, both ways?"),
        ("bureaucrat16", "Please provide the full correspondence by email between {SELF} and {X}, in both "
                         "directions."),
        ("arrows16", "{X} ↔ me: all emails"),
        ("homophone16", "Witch emails went between {X} and me, either weigh?"),
        ("cantfind16", "I can't seem to find my back-and-forth with {X} – every email between us, either "
                       "direction."),
    ],
    "emails_from_in_month": [
        ("shepherd16", "Which emails did {X} send me {M}? I've been up on the fell with no signal."),
        ("georgian16", "{Mc}, which emails {X} sent to me?"),
        ("geordie16", "What did {X} email us {M}, like?"),
        ("courier16", "Signing for a parcel – what did {X} email me {M}?"),
        ("numtext16", "wat did {X} send me {M}?? emails i mean"),
        ("arrows16", "{X} → me, {M}: emails?"),
        ("homophone16", "Which emails did {X} send me {M}? I no there were a few."),
        ("thinkaloud16", "Let me think... {M}, {X} sent me some emails, didn't they? Which ones were they?"),
    ],
    "emails_from_before": [
        ("danish16", "Which mails had {X} sent me before {B}?"),
        ("georgian16", "Please, emails from {X} which came before {B} – which ones?"),
        ("shepherd16", "Which emails did {X} send me before {B}? I'm in the lambing shed."),
        ("radiographer16", "Which emails did {X} send me prior to {B}? Quick, the scanner's free."),
        ("numtext16", "emails {X} sent me b4 {B}?"),
        ("bureaucrat16", "The undersigned requests all emails from {X} dated earlier than {B}."),
        ("cantfind16", "I can't track down the emails {X} sent me before {B}."),
        ("arrows16", "{X} → me, before {B}: emails?"),
    ],
    "emails_from_since": [
        ("danish16", "Has {X} sent me any mails since {B}? Which ones?"),
        ("geordie16", "What's {X} sent us since {B}, like? The emails, pet."),
        ("courier16", "Since {B}, which emails has {X} sent me? Next drop's in five."),
        ("radiographer16", "From {B} onwards, what has {X} emailed me? I'm between scans."),
        ("shepherd16", "What's {X} emailed me since {B}? Signal's only good by the gate."),
        ("numtext16", "any emails frm {X} since {B}? show me"),
        ("thinkaloud16", "Okay, so since {B}... has {X} been emailing me? Which emails, if so?"),
        ("homophone16", "Which emails has {X} sent me since {B}? Their probably a few."),
    ],
    "last_email_from": [
        ("homophone16", "Witch email did {X} send me most recently?"),
        ("georgian16", "Which is last email from {X} to me?"),
        ("geordie16", "What was the last email {X} sent us, pet?"),
        ("courier16", "Locking up the bike – what's the latest email {X} sent me?"),
        ("numtext16", "wats the latest email frm {X}"),
        ("bureaucrat16", "Please identify the most recent email received from {X}."),
        ("arrows16", "{X} → me: newest email?"),
        ("cantfind16", "I can't remember what {X} last emailed me."),
    ],
    "first_email_from": [
        ("cantfind16", "I've forgotten what the very first email {X} sent me was."),
        ("geordie16", "What was the very forst email {X} sent us, like?"),
        ("radiographer16", "What was the earliest email {X} sent me? Patient's getting changed."),
        ("shepherd16", "What was the first email {X} ever sent me? I'm feeding the ewes."),
        ("numtext16", "1st ever email {X} sent me?"),
        ("thinkaloud16", "Going right back... when did {X} first email me? Which email was that?"),
        ("homophone16", "Which email did {X} send me first? The won that started it all."),
        ("arrows16", "{X} → me: first email ever?"),
    ],
    "first_email_to": [
        ("danish16", "Which mail did I send to {X} as the very first?"),
        ("georgian16", "My first email to {X} – which one was it, please?"),
        ("courier16", "Which was the first email I ever sent {X}? On the bike, keep it short."),
        ("radiographer16", "What was the first email I sent to {X}? I'm waiting on the contrast."),
        ("bureaucrat16", "Please identify the earliest email dispatched by the undersigned to {X}."),
        ("arrows16", "me → {X}: first email?"),
        ("cantfind16", "I can't remember the first email I ever sent {X}."),
        ("homophone16", "What was the first email I sent {X}? I want to reed it again."),
    ],
    "last_email_to": [
        ("danish16", "What was the last mail I sent to {X}?"),
        ("geordie16", "What's the last email ah sent {X}, like?"),
        ("shepherd16", "What did I last email {X}? Back in the farmhouse for a brew."),
        ("numtext16", "last email i sent 2 {X}?"),
        ("bureaucrat16", "It is requested that the latest email addressed by the undersigned to {X} be located."),
        ("thinkaloud16", "When did I last write to {X}... hmm. What was my most recent email to them?"),
        ("arrows16", "me → {X}: latest email?"),
        ("cantfind16", "I've lost the last email I sent {X}."),
    ],
    "count_emails_from": [
        ("thinkaloud16", "{X} writes to me a lot, I think... how many emails is it altogether? How many have they "
                         "sent me?"),
        ("georgian16", "How many emails {X} sent to me? Madloba."),
        ("geordie16", "How many emails has {X} sent us, pet?"),
        ("courier16", "How many emails have I had from {X}? Number only, I'm mid-drop."),
        ("radiographer16", "How many emails has {X} sent me in total? Between patients."),
        ("homophone16", "How many emails has {X} sent me? Just the number, I don't need the hole list."),
        ("bureaucrat16", "State the number of emails received by the undersigned from {X}."),
        ("cantfind16", "I've lost count of how many emails {X} has sent me."),
    ],
    "subject_contains": [
        ("danish16", "Which mails have {W} in the subject?"),
        ("georgian16", "Emails with {W} in subject – which ones, please?"),
        ("courier16", "Waiting at reception – which emails have \"{W}\" in the subject?"),
        ("shepherd16", "Which emails have {W} in the subject line? Dogs are waiting."),
        ("numtext16", "emails w/ {W} in subj?"),
        ("arrows16", "subject: \"{W}\" → which emails?"),
        ("homophone16", "Witch emails have {W} in there subject?"),
        ("thinkaloud16", "There was something about {W}... in the subject, I think. Which emails have that in the "
                         "subject?"),
    ],
    "last_received_on_day": [
        ("shepherd16", "On {D}, what was the last email I got? I was out at the lambing all day."),
        ("georgian16", "Which email came to me last on {D}?"),
        ("geordie16", "What was the last email that came in for us on {D}, pet?"),
        ("radiographer16", "I was on a long list on {D}. What was the last email I got that day?"),
        ("bureaucrat16", "Please identify the final email received by the undersigned on {D}."),
        ("numtext16", "last email i got on {D}?"),
        ("cantfind16", "I can't work out which email was the last to arrive on {D}."),
        ("courier16", "{Dc} was a double round. Last email I received that day?"),
    ],
    "attachments_from": [
        ("homophone16", "Which attachments has {X} sent me? I need them four a report."),
        ("geordie16", "What files has {X} sent us, like? The attachments."),
        ("courier16", "What attachments has {X} sent me? I'm at the depot."),
        ("shepherd16", "Which files has {X} emailed me? Might be the flock records."),
        ("numtext16", "wat files has {X} sent me"),
        ("bureaucrat16", "Kindly list all files transmitted to the undersigned by {X} as email attachments."),
        ("arrows16", "{X} → me: attachments?"),
        ("cantfind16", "I can't find any of the files {X} sent me."),
    ],
    "attachments_ext": [
        ("danish16", "Which {EXTS} have been attached to mails, sent or received?"),
        ("georgian16", "All {EXTS} which were attached on emails, incoming and outgoing – show please."),
        ("radiographer16", "Which {EXTS} have come in or gone out as attachments? I'm between scans."),
        ("shepherd16", "Every {EXT1} attached to an email, in or out – which ones?"),
        ("numtext16", "all {EXTS} attached 2 emails, in or out?"),
        ("bureaucrat16", "Please enumerate every {EXT1} attached to any email, whether sent or received."),
        ("thinkaloud16", "Now where were those {EXTS}... attached to emails somewhere, I sent some and got some. "
                         "Which ones are there?"),
        ("homophone16", "Witch {EXTS} have been attached to emails, coming or going?"),
    ],
    "folders_with_attachments_from": [
        ("danish16", "In which folders did I save the files {X} sent me?"),
        ("georgian16", "Files from {X} – in which folders they are?"),
        ("geordie16", "Where've ah put the files {X} sent us? Which folders?"),
        ("courier16", "Which folders did the attachments from {X} go into? Quick, I'm double-parked."),
        ("radiographer16", "Which folders hold the files {X} emailed me? Quick, before the next patient."),
        ("arrows16", "{Xp} attachments → folders?"),
        ("cantfind16", "I can't work out which folders I put {Xp} attachments in."),
        ("thinkaloud16", "Those files {X} sent me... I saved them somewhere. Which folders did they end up in?"),
    ],
    "folders_of_file": [
        ("thinkaloud16", "I saved {F} somewhere... which folder was it again?"),
        ("georgian16", "In which folder is {F}, please?"),
        ("shepherd16", "Which folder's {F} in? I'm up at the top field."),
        ("numtext16", "wich folder is {F} in"),
        ("bureaucrat16", "Please indicate the folder in which the file {F} is stored."),
        ("arrows16", "{F} → folder?"),
        ("homophone16", "Wear is {F}? Which folder?"),
        ("cantfind16", "I have no idea which folder {F} is in."),
    ],
    "who_sent_file": [
        ("danish16", "Who has sent me {F}? Tak."),
        ("geordie16", "Whee sent us {F}, pet?"),
        ("courier16", "Who sent me {F}? Could be dispatch."),
        ("radiographer16", "Who emailed me {F}? Might be from the consultant."),
        ("numtext16", "who sent me {F}??"),
        ("arrows16", "{F} → sent by whom?"),
        ("thinkaloud16", "Hmm, {F}... somebody sent me that. Who was it?"),
        ("cantfind16", "I don't remember who sent me {F}."),
    ],
    "conversations_with_sender_of_file": [
        ("danish16", "The person who sent me {F} – who has that person exchanged mails with?"),
        ("georgian16", "Who sent me {F}, with whom that person is writing emails?"),
        ("geordie16", "Whoever sent us {F} – whee've they been emailin' wi'?"),
        ("shepherd16", "Whoever sent me {F}: who have they been emailing back and forth with?"),
        ("bureaucrat16", "Identify the sender of {F}, and thereafter every person with whom that sender has "
                         "corresponded by email."),
        ("arrows16", "{F} → sender → who do they email with?"),
        ("thinkaloud16", "So someone sent me {F}, right? And I'm wondering who that person's been emailing with... "
                         "who would that be?"),
        ("radiographer16", "Who has the sender of {F} been in email contact with? Asking from the reporting room."),
    ],
    "coattendees_of_person": [
        ("danish16", "Who has been on the same meetings as {X}?"),
        ("georgian16", "Which people were on events together with {X}?"),
        ("geordie16", "Whee's been at events wi' {X}, like?"),
        ("courier16", "Who's attended events alongside {X}? On my lunch."),
        ("cantfind16", "I'm not sure who's been to events with {X}."),
        ("bureaucrat16", "Please list all persons who attended events also attended by {X}."),
        ("thinkaloud16", "{X} goes to a lot of things... who have they been at events with, I wonder? Who are those "
                         "people?"),
        ("homophone16", "Who's bin at the same events as {X}?"),
    ],
    "events_of_person": [
        ("danish16", "Which events has {X} been on?"),
        ("georgian16", "Events where {X} was – which ones?"),
        ("radiographer16", "Which events has {X} attended? I've a patient in five."),
        ("shepherd16", "What events has {X} been to? I'm out with the dogs."),
        ("numtext16", "wat events has {X} been 2"),
        ("arrows16", "{X} → events attended?"),
        ("cantfind16", "I've no idea which events {X} has been to."),
        ("homophone16", "Witch events has {X} attended?"),
    ],
    "events_at_place": [
        ("shepherd16", "Which events are {atP}? I'd have to leave the flock with my neighbour."),
        ("geordie16", "What events are on {atP}, pet?"),
        ("courier16", "What events are {atP}? I deliver there a lot."),
        ("radiographer16", "Which events are {atP}? Asking between scans."),
        ("bureaucrat16", "Please enumerate all events held {atP}."),
        ("arrows16", "events @ {P}?"),
        ("thinkaloud16", "Let me see... {atPc} – what events are there, all of them?"),
        ("homophone16", "What events are {atP}? I herd there are a few."),
    ],
    "events_in_month": [
        ("thinkaloud16", "{Mc}... what's in my calendar? Which events, I mean?"),
        ("homophone16", "Witch events are on my calendar {M}?"),
        ("geordie16", "What's on wor calendar {M}, like?"),
        ("courier16", "What's on my calendar {M}? Planning my rounds."),
        ("shepherd16", "Which events are on my calendar {M}? Need to plan around the shearing."),
        ("numtext16", "wat events r in my cal {M}"),
        ("bureaucrat16", "Kindly list the calendar events of the undersigned {M}."),
        ("cantfind16", "I've lost track of what's in my calendar {M}."),
    ],
    "events_titled": [
        ("cantfind16", "I can't find the {T} events in my calendar."),
        ("georgian16", "Events with {T} in name – show me, please."),
        ("courier16", "Which events have \"{T}\" in their names? Quick, I'm on the clock."),
        ("radiographer16", "Find the {T} events in my calendar, please – I'm between patients."),
        ("numtext16", "events w/ {T} in the title?"),
        ("arrows16", "events, title has \"{T}\"?"),
        ("thinkaloud16", "There were a few {T} things, I think... which events have {T} in the title?"),
        ("homophone16", "Which events have {T} in the name? I can't remember witch ones."),
    ],
    "who_attended_titled": [
        ("danish16", "Which persons were on the {T}?"),
        ("georgian16", "Who were participants of {T}?"),
        ("geordie16", "Whee went to the {T}, pet?"),
        ("courier16", "Who attended the {T}? I dropped off the pastries."),
        ("shepherd16", "Who went along to the {T}? I missed it – lambing."),
        ("bureaucrat16", "Please provide the list of attendees of the {T}."),
        ("cantfind16", "I can't recall who was at the {T}."),
        ("homophone16", "Who went to the {T}? I wasn't their."),
    ],
    "place_of_event": [
        ("danish16", "Where is {T} placed?"),
        ("georgian16", "Where is {T} taking place, please?"),
        ("courier16", "Where's {T}? Might be on my route."),
        ("radiographer16", "Where's {T} being held? I'll come straight after my shift."),
        ("numtext16", "where is {T} happenin"),
        ("arrows16", "{T} → where?"),
        ("thinkaloud16", "{T} – I keep forgetting – where's that held?"),
        ("homophone16", "Where is {T}? I need to no the venue."),
    ],
    "people_met_at_place": [
        ("homophone16", "Who have I met {atP}? I can't remember there names."),
        ("georgian16", "{atPc}, with whom I met?"),
        ("geordie16", "Whee've ah met {atP}, like?"),
        ("radiographer16", "Who have I had meetings with {atP}? Between patients."),
        ("shepherd16", "Who did I meet up with {atP}? I get off the hill so rarely."),
        ("numtext16", "who did i meet up w/ {atP}"),
        ("bureaucrat16", "Please list the persons with whom the undersigned has met {atP}."),
        ("cantfind16", "I can't remember who I met {atP}."),
    ],
    "people_met_in_month": [
        ("danish16", "Which persons did I have meetings with {M}?"),
        ("georgian16", "{Mc}, which people I met?"),
        ("geordie16", "Whee did ah meet {M}, pet?"),
        ("courier16", "Who'd I meet with {M}? Too many faces on the round to remember."),
        ("radiographer16", "Who did I meet with {M}? Shifts blur together."),
        ("thinkaloud16", "{Mc}... who did I meet? I had a few meetings, I think. Who was in them with me?"),
        ("homophone16", "Who did I meat {M}?"),
        ("arrows16", "{Mc} → people I met?"),
    ],
    "links_from_person": [
        ("danish16", "Which links has {X} sent me in mails?"),
        ("thinkaloud16", "{X} sends me links sometimes, don't they... hmm, which links have they sent me?"),
        ("courier16", "Which links has {X} emailed me? Reading them at the depot."),
        ("shepherd16", "What links has {X} sent me? Probably the auction results."),
        ("numtext16", "links {X} sent me?"),
        ("bureaucrat16", "Please enumerate all web links contained in emails from {X} to the undersigned."),
        ("arrows16", "{X} → me: links?"),
        ("cantfind16", "I can't find those links {X} emailed me."),
    ],
    "links_from_people_met_in_month": [
        ("danish16", "The persons I met {M} – which links have they sent me?"),
        ("georgian16", "People whom I met {M}, which links they sent to me?"),
        ("geordie16", "The folk ah met {M} – what links have they sent us?"),
        ("radiographer16", "Which links did the people I met {M} send me? Back in the reporting room."),
        ("shepherd16", "The people I met {M}: what links have they emailed me? Market prices, probably."),
        ("bureaucrat16", "Please list the web links sent to the undersigned by those persons with whom the "
                         "undersigned met {M}."),
        ("thinkaloud16", "I met a few people {M}, and I think some of them sent me links... which links were "
                         "those?"),
        ("arrows16", "people I met {M} → links they sent me?"),
    ],
    "links_to_domain": [
        ("shepherd16", "Which {U} links are in my emails? Quick, the dogs want out."),
        ("georgian16", "Links to {U} in my emails – which ones?"),
        ("courier16", "Which {U} links have turned up in my emails? At a red light."),
        ("radiographer16", "Find the {U} links in my email, please."),
        ("numtext16", "{U} links in my emails?"),
        ("arrows16", "emails → {U} links?"),
        ("homophone16", "Witch {U} links are in my emails?"),
        ("cantfind16", "I can't find the {U} links in my emails."),
    ],
    "last_email_from_about": [
        ("danish16", "What is the newest mail from {X} about {W}?"),
        ("georgian16", "Last email from {X} about {W} – which is it?"),
        ("geordie16", "What's the last email {X} sent us aboot {W}?"),
        ("courier16", "Latest email from {X} about {W}? Quick, I'm on the bike."),
        ("bureaucrat16", "Please identify the most recent email from {X} concerning {W}."),
        ("numtext16", "latest email frm {X} re {W}?"),
        ("thinkaloud16", "{X} sent me something about {W}... the latest one, I mean. Which email was that?"),
        ("cantfind16", "I can't find {Xp} latest email about {W}."),
    ],
    "emails_from_with_attachment": [
        ("danish16", "Which mails from {X} had attachments?"),
        ("georgian16", "Emails of {X} with attachment – which ones?"),
        ("geordie16", "Which of {Xp} emails came wi' attachments, like?"),
        ("radiographer16", "Which emails from {X} had files attached? I'm waiting on a patient."),
        ("shepherd16", "Which of {Xp} emails came with attachments? Might be the vet's bills."),
        ("numtext16", "which emails frm {X} had attachments"),
        ("arrows16", "{X} → me, with attachments: emails?"),
        ("homophone16", "Which emails from {X} had attachments? Their the ones I need."),
    ],
    "files_from_in_month": [
        ("danish16", "Which files did {X} send me {M}? Mange tak."),
        ("shepherd16", "{Mc}, which files did {X} send me? Probably the movement licences."),
        ("geordie16", "What files did {X} send us {M}, like?"),
        ("courier16", "What did {X} attach to emails to me {M}? Between drops."),
        ("radiographer16", "Which attachments came from {X} {M}? The protocols, I think."),
        ("numtext16", "files {X} sent me {M}?"),
        ("bureaucrat16", "Kindly list the files sent by {X} to the undersigned {M}."),
        ("thinkaloud16", "{Mc}... {X} sent me some files, I'm fairly sure. Which files were they?"),
    ],
    "events_at_place_in_month": [
        ("danish16", "Which events {atP} {M} are in my calendar? Tak."),
        ("georgian16", "{Mc}, which events are {atP}?"),
        ("geordie16", "Any events {atP} {M}, pet? Which ones?"),
        ("courier16", "Events {atP} {M} – which ones? I might have deliveries."),
        ("shepherd16", "Show me the events {atP} {M} – I'm stuck in the lambing shed."),
        ("bureaucrat16", "Please list all events held {atP} {M}."),
        ("arrows16", "events @ {P}, {M}?"),
        ("cantfind16", "I've lost track of the events {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("danish16", "Who did I send mails to {M}?"),
        ("georgian16", "{Mc}, to whom I sent emails?"),
        ("courier16", "Who did I email {M}? Trying to chase a missing parcel."),
        ("radiographer16", "Who did I send emails to {M}? Between lists."),
        ("numtext16", "who did i email {M}"),
        ("bureaucrat16", "Please list all persons to whom the undersigned sent emails {M}."),
        ("thinkaloud16", "{Mc}... who was I emailing? Who did I send emails to, I mean?"),
        ("homophone16", "Who did I right to {M}? By email."),
    ],
    "emails_from_person_to_person": [
        ("homophone16", "Which emails did {X} send {Y}? I want to sea them."),
        ("georgian16", "Emails from {X} to {Y} – which ones are there?"),
        ("geordie16", "What's {X} been emailin' {Y}, like? Which emails?"),
        ("radiographer16", "Which emails did {X} send {Y}? I need to check the referral chain."),
        ("shepherd16", "What emails has {X} sent to {Y}? They're arguing about the boundary wall."),
        ("bureaucrat16", "Please produce all emails sent by {X} to {Y}."),
        ("arrows16", "{X} → {Y}: emails?"),
        ("cantfind16", "I can't find the emails {X} sent {Y}."),
    ],
    "count_events_at_place": [
        ("danish16", "How many events have there been {atP}, all in all?"),
        ("cantfind16", "I've lost count of the events {atP}."),
        ("geordie16", "How many events have there been {atP}, pet?"),
        ("courier16", "How many events have been {atP}? I keep getting sent there."),
        ("radiographer16", "How many events took place {atP}? Just the number."),
        ("numtext16", "how many events were {atP}? jst the number"),
        ("bureaucrat16", "State the total number of events held {atP}."),
        ("thinkaloud16", "{atPc}... there've been a fair few events there, haven't there? How many, exactly?"),
    ],
    "links_in_emails_about": [
        ("danish16", "The mails about {W} – which links are in them?"),
        ("georgian16", "Emails about {W} – which links are inside them?"),
        ("courier16", "What links came in the emails about {W}? Waiting on a signature."),
        ("shepherd16", "Which links are in the {W} emails? Reading by the stove."),
        ("thinkaloud16", "The {W} emails... there were links in them, weren't there? Which links?"),
        ("arrows16", "emails re {W} → links?"),
        ("homophone16", "Witch links were in the emails about {W}?"),
        ("cantfind16", "I can't find the links from the emails about {W}."),
    ],
    "count_emails_to": [
        ("danish16", "How many mails have I sent to {X}?"),
        ("georgian16", "How many emails I sent to {X} – total number, please?"),
        ("geordie16", "How many emails have ah sent {X}, like?"),
        ("shepherd16", "How many emails have I sent {X}? Just the number, I'm at the gate."),
        ("radiographer16", "How many emails have I sent to {X}? Counting while the scan runs."),
        ("numtext16", "how many emails hv i sent 2 {X}"),
        ("arrows16", "me → {X}: count?"),
        ("thinkaloud16", "I feel like I've emailed {X} loads... how many emails have I actually sent them?"),
    ],
}

TEST14_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: a Croatian first-language speaker (croatian_t14), an Armenian first-language speaker (armenian_t14), a
    # Scouse English speaker (scouse_t14), a Newfoundland English speaker (newfoundland_t14), a lighthouse keeper
    # (lighthouse_t14), a glassblower (glassblower_t14), someone who gives the situation first (situation_t14),
    # someone who breaks off mid-question for a tangent between dashes (tangent_t14), someone whose keys stick
    # (sticky_t14), someone who writes in a diplomatic register (diplomat_t14) and someone who fills with "um", "like"
    # and "basically" (filler_t14).
    "emails_from": [
        ("croatian_t14", "Bok! Which mails sent me {X}?"),
        ("scouse_t14", "Giz a list of all the emails {X} sent me, la."),
        ("lighthouse_t14", "Storm's coming in, I've a minute: which emails has {X} sent me?"),
        ("situation_t14", "Here's the situation: {X} says they've been emailing me for ages and I've ignored them. "
                          "Which emails has {X} actually sent me?"),
        ("tangent_t14", "Which emails has {X} – lovely person, we were at school together – sent me?"),
        ("filler_t14", "So, um, which emails has {X}, like, sent me?"),
    ],
    "emails_to": [
        ("armenian_t14", "Barev jan! Which emails I sent to {X}?"),
        ("newfoundland_t14", "Whataya at? Which emails have I sent {X}, b'y?"),
        ("glassblower_t14", "Piece is in the annealer – which emails have I sent {X}?"),
        ("sticky_t14", "Whichh emails have I sennt to {X}?"),
        ("lighthouse_t14", "Which emails have I sent {X}? Lamp's lit, I've a quiet hour."),
        ("situation_t14", "{X} claims I never write back. Which emails have I sent them?"),
    ],
    "emails_between": [
        ("croatian_t14", "Molim, all mails between me and {X}, in both directions."),
        ("scouse_t14", "All the emails between me an' {X}, both ways, la – sound?"),
        ("newfoundland_t14", "Every email between meself and {X}, b'y, sent or got."),
        ("lighthouse_t14", "Every email between {X} and me, either direction – I'm writing up the log."),
        ("tangent_t14", "All the emails between me and {X} – we fell out once, long story – in both directions, "
                        "please."),
        ("diplomat_t14", "I should be grateful for the complete exchange of emails between {SELF} and {X}, in both "
                         "directions."),
    ],
    "emails_from_in_month": [
        ("armenian_t14", "{Mc}, which emails {X} sent me? Merci."),
        ("scouse_t14", "What did {X} email me {M}, la?"),
        ("glassblower_t14", "Between gathers – which emails did {X} send me {M}?"),
        ("sticky_t14", "Which emaills did {X} send me {M}?"),
        ("diplomat_t14", "Would you be so kind as to indicate the emails {X} sent me {M}?"),
        ("filler_t14", "Um, {M}, like, what did {X} send me? Emails, I mean."),
    ],
    "emails_from_before": [
        ("croatian_t14", "Bok, which mails sent me {X} before {B}?"),
        ("newfoundland_t14", "What was {X} after sendin' me before {B}, b'y? The emails."),
        ("lighthouse_t14", "Which emails had {X} sent me before {B}? Back when the old lamp was still turning."),
        ("situation_t14", "I'm putting together a timeline. Which emails did {X} send me before {B}?"),
        ("tangent_t14", "Which emails did {X} send me – they'd just moved house, poor thing – before {B}?"),
        ("diplomat_t14", "I would be obliged if you could identify the emails {X} sent me prior to {B}."),
    ],
    "emails_from_since": [
        ("armenian_t14", "Since {B}, which emails {X} sent me? Shat merci."),
        ("scouse_t14", "What's {X} sent me since {B}, la? The emails, like."),
        ("glassblower_t14", "What has {X} emailed me since {B}? I'm reheating a piece in the glory hole."),
        ("sticky_t14", "Whatt has {X} emaild me since {B}?"),
        ("filler_t14", "So, basically, since {B}, what emails has {X} sent me?"),
        ("situation_t14", "For context, I only care about recent stuff. Which emails has {X} sent me since {B}?"),
    ],
    "last_email_from": [
        ("croatian_t14", "Which mail did {X} send me last? Hvala."),
        ("newfoundland_t14", "What's the last email {X} sent me, me son?"),
        ("lighthouse_t14", "What was the latest email from {X}? Signal comes and goes out here."),
        ("tangent_t14", "What was the most recent email – oh, the kettle's boiling – from {X}?"),
        ("diplomat_t14", "May I ask which email from {X} reached me most recently?"),
        ("filler_t14", "Um, what's the, like, latest email from {X}?"),
    ],
    "first_email_from": [
        ("armenian_t14", "Which email {X} sent me first of all?"),
        ("scouse_t14", "What was the dead first email {X} ever sent me?"),
        ("glassblower_t14", "What was the earliest email {X} sent me? The furnace needs topping up."),
        ("sticky_t14", "Whatt was the firstt email {X} sent me?"),
        ("situation_t14", "I'm writing a speech for {Xp} leaving do and want to start at the beginning. What was "
                          "the first email {X} ever sent me?"),
        ("newfoundland_t14", "What's the first email {X} ever sent me, b'y?"),
    ],
    "first_email_to": [
        ("croatian_t14", "Which was my first mail to {X}? Hvala."),
        ("scouse_t14", "What's the first email I ever sent {X}, la?"),
        ("lighthouse_t14", "What was the first email I ever sent {X}? Before I took the post here, probably."),
        ("tangent_t14", "Which was the first email I ever sent – bless them, they still remind me of it – to {X}?"),
        ("diplomat_t14", "Could you kindly identify the earliest email I dispatched to {X}?"),
        ("filler_t14", "Like, what was the first email I, um, sent {X}?"),
    ],
    "last_email_to": [
        ("armenian_t14", "Which email I sent last to {X}? Merci."),
        ("newfoundland_t14", "What's the last email I sent to {X}, b'y? I'm some forgetful."),
        ("glassblower_t14", "What did I last email {X}? I'm between gathers."),
        ("sticky_t14", "Whatt's the lastt email I sent to {X}?"),
        ("situation_t14", "{X} is waiting on a reply from me and I can't remember what I said. What's my most "
                          "recent email to them?"),
        ("filler_t14", "Um, so what was the last email I, like, sent to {X}?"),
    ],
    "count_emails_from": [
        ("croatian_t14", "How many mails sent me {X}?"),
        ("scouse_t14", "How many emails has {X} sent me, la? Just the number, like."),
        ("lighthouse_t14", "How many emails have I had from {X} in all? Counting them for the log."),
        ("tangent_t14", "How many emails has {X} – they write such long ones, honestly – sent me?"),
        ("diplomat_t14", "Might I know the total number of emails {X} has sent me?"),
        ("newfoundland_t14", "How many emails is {X} after sendin' me?"),
    ],
    "subject_contains": [
        ("armenian_t14", "Which emails have {W} in subject? Merci."),
        ("tangent_t14", "Which emails – there's one I'm desperate to find – have {W} in the subject?"),
        ("glassblower_t14", "Which emails mention \"{W}\" in the subject line? Quick, the glass is cooling."),
        ("sticky_t14", "Whichh emails have {W} in the subjectt?"),
        ("situation_t14", "I'm tidying up before a handover. Which emails have \"{W}\" in the subject?"),
        ("filler_t14", "Which emails have, like, {W} in the subject, basically?"),
    ],
    "last_received_on_day": [
        ("croatian_t14", "On {D}, which was the last mail I got?"),
        ("scouse_t14", "What was the last email that come in for me on {D}, la?"),
        ("lighthouse_t14", "{Dc} was a wild night on the rock. What was the last email I received that day?"),
        ("tangent_t14", "Which email – and this was the day my car broke down – was the last one I received on "
                        "{D}?"),
        ("diplomat_t14", "Would you be good enough to tell me which email was the final one I received on {D}?"),
        ("armenian_t14", "{Dc}, which email came to me last?"),
    ],
    "attachments_from": [
        ("armenian_t14", "Which files {X} sent me as attachment? Shat merci."),
        ("scouse_t14", "What files has {X} sent me, la? Attachments, like."),
        ("glassblower_t14", "Which attachments has {X} sent me? Hopefully the gallery's order."),
        ("sticky_t14", "Which filess has {X} sentt me as attachments?"),
        ("situation_t14", "I'm clearing disk space and need to know what came from {X}. Which files has {X} sent "
                          "me?"),
        ("newfoundland_t14", "What files is {X} after sendin' me?"),
    ],
    "attachments_ext": [
        ("situation_t14", "I'm auditing what we share by email. Which {EXTS} have been attached to emails, in "
                          "either direction?"),
        ("lighthouse_t14", "Every {EXT1} attached to an email, coming in or going out – which ones?"),
        ("tangent_t14", "Which {EXTS} – I swear my email is a zoo – have been attached to emails, either way?"),
        ("diplomat_t14", "I should be grateful for a list of every {EXT1} attached to my emails, incoming or "
                         "outgoing."),
        ("filler_t14", "Um, which {EXTS} have, like, been attached to emails? Sent or received, whatever."),
        ("scouse_t14", "Which {EXTS} have been attached to emails, in or out, la?"),
    ],
    "folders_with_attachments_from": [
        ("croatian_t14", "In which folders I saved files that {X} sent me?"),
        ("newfoundland_t14", "Where's the files {X} sent me to, b'y? Which folders?"),
        ("glassblower_t14", "Which folders did {Xp} attachments end up in? I'm between pieces."),
        ("sticky_t14", "Whichh folders holdd the files {X} emailed me?"),
        ("situation_t14", "I'm handing my laptop over to IT tomorrow. Which folders have the files {X} emailed me?"),
        ("diplomat_t14", "Would you kindly indicate the folders holding the files {X} has sent me?"),
    ],
    "folders_of_file": [
        ("armenian_t14", "Barev jan, in which folder is {F}?"),
        ("scouse_t14", "Where's {F}, la? Which folder?"),
        ("newfoundland_t14", "Where's {F} to, me son? What folder?"),
        ("lighthouse_t14", "Which folder is {F} in? I need it for the keeper's report."),
        ("tangent_t14", "Which folder is {F} – I named it in a hurry, sorry – saved in?"),
        ("filler_t14", "So, um, which folder's {F} in?"),
    ],
    "who_sent_file": [
        ("tangent_t14", "Who – and I only just noticed it, embarrassingly – sent me {F}?"),
        ("armenian_t14", "Who is sent me {F}?"),
        ("glassblower_t14", "Who emailed me {F}? Maybe the gallery."),
        ("sticky_t14", "Whoo sent me {F}?"),
        ("diplomat_t14", "May I enquire who sent me {F}?"),
        ("situation_t14", "I've got {F} on my desktop and no idea where it came from. Who sent it to me?"),
    ],
    "conversations_with_sender_of_file": [
        ("croatian_t14", "Who sent me {F} – with which people that person exchanged mails?"),
        ("scouse_t14", "Whoever sent me {F} – who've they been swappin' emails with, la?"),
        ("newfoundland_t14", "Whoever sent me {F}, b'y – who's that one been emailin' back and forth with?"),
        ("lighthouse_t14", "Whoever sent me {F}: who have they exchanged emails with? I'm on watch."),
        ("tangent_t14", "The person who sent me {F} – no idea who, which is half the problem – who have they been "
                        "corresponding with by email?"),
        ("filler_t14", "So, like, whoever sent me {F}, who have they, um, been emailing with?"),
    ],
    "coattendees_of_person": [
        ("armenian_t14", "Who was at events together with {X}? Merci."),
        ("scouse_t14", "Who's been at events with {X}, la?"),
        ("glassblower_t14", "Who has attended events with {X}? One of them bought a vase."),
        ("sticky_t14", "Whoo has been at eventts with {X}?"),
        ("diplomat_t14", "Might you list the persons who have attended events alongside {X}?"),
        ("situation_t14", "I'm trying to figure out who knows {X} well. Who has been at the same events as {X}?"),
    ],
    "events_of_person": [
        ("croatian_t14", "Which events did {X} visit?"),
        ("newfoundland_t14", "What events is {X} after goin' to?"),
        ("lighthouse_t14", "Which events has {X} been to? I rarely get ashore."),
        ("tangent_t14", "Which events has {X} – always the life of the party – attended?"),
        ("filler_t14", "Um, which events has {X}, like, been to?"),
        ("armenian_t14", "Which events {X} attended? Shat merci."),
    ],
    "events_at_place": [
        ("croatian_t14", "Which events are {atP}? Hvala."),
        ("scouse_t14", "What events are on {atP}, la?"),
        ("glassblower_t14", "Which events are {atP}? Might show some work there."),
        ("sticky_t14", "Whichh eventts are {atP}?"),
        ("diplomat_t14", "Might I have a list of the events held {atP}?"),
        ("situation_t14", "A client asked me what goes on {atP}. Which events are there?"),
    ],
    "events_in_month": [
        ("armenian_t14", "{Mc}, what is in my calendar? Merci."),
        ("scouse_t14", "What's on me calendar {M}, la?"),
        ("newfoundland_t14", "What's on the go in my calendar {M}, b'y?"),
        ("lighthouse_t14", "Which events are on my calendar {M}? The relief boat schedule depends on it."),
        ("tangent_t14", "Which events – and I'm dreading the answer – are on my calendar {M}?"),
        ("filler_t14", "So, like, what's in my calendar {M}, basically?"),
    ],
    "events_titled": [
        ("croatian_t14", "Which events have in the title {T}?"),
        ("armenian_t14", "Events with {T} in title – which? Merci."),
        ("glassblower_t14", "Which events have \"{T}\" in the title? I'm shaping a bowl."),
        ("sticky_t14", "Whichh events have {T} in the titlle?"),
        ("diplomat_t14", "Would you list the events whose titles include \"{T}\"?"),
        ("newfoundland_t14", "What {T} events have I got, b'y?"),
    ],
    "who_attended_titled": [
        ("croatian_t14", "Who all was on the {T}?"),
        ("scouse_t14", "Who went to the {T}, la?"),
        ("lighthouse_t14", "Who attended the {T}? I couldn't get off the rock for it."),
        ("tangent_t14", "Who was at the {T} – I heard the coffee was terrible – anyway, who attended?"),
        ("filler_t14", "Um, so who went to the {T}, like?"),
        ("glassblower_t14", "Who came to the {T}? I was stuck at the bench."),
    ],
    "place_of_event": [
        ("croatian_t14", "Where is held {T}?"),
        ("newfoundland_t14", "Where's {T} to, b'y?"),
        ("glassblower_t14", "Where is {T}? I'll need to pack up the studio early."),
        ("sticky_t14", "Wheree is {T}?"),
        ("situation_t14", "I've been invited to {T} but the invite got buried. Where is it?"),
        ("diplomat_t14", "Might I ask where {T} is to be held?"),
    ],
    "people_met_at_place": [
        ("armenian_t14", "Who I met {atP}? Merci."),
        ("scouse_t14", "Who've I met {atP}, la?"),
        ("lighthouse_t14", "Who have I met {atP}? I don't get out much."),
        ("tangent_t14", "Who have I met – my memory for faces is shocking – {atP}?"),
        ("diplomat_t14", "Could you kindly list the people I have met {atP}?"),
        ("croatian_t14", "With whom I was on meetings {atP}?"),
    ],
    "people_met_in_month": [
        ("croatian_t14", "With whom I had meetings {M}?"),
        ("newfoundland_t14", "Who'd I meet {M}, b'y?"),
        ("glassblower_t14", "Who did I meet {M}? Commissions, mostly."),
        ("sticky_t14", "Whoo did I meett {M}?"),
        ("situation_t14", "I'm filling in my expenses and need names. Who did I meet {M}?"),
        ("filler_t14", "Um, who did I, like, meet {M}?"),
    ],
    "links_from_person": [
        ("situation_t14", "{X} said they'd sent me some useful links. Which links has {X} emailed me?"),
        ("scouse_t14", "What links has {X} sent me, la?"),
        ("lighthouse_t14", "Which links has {X} emailed me? Tide tables, probably."),
        ("tangent_t14", "Which links has {X} – they're always sending cat videos – emailed me?"),
        ("diplomat_t14", "May I have the links {X} has sent me by email?"),
        ("newfoundland_t14", "What links is {X} after sendin' me?"),
    ],
    "links_from_people_met_in_month": [
        ("croatian_t14", "People with whom I met {M} – which links they sent me?"),
        ("scouse_t14", "The people I met {M} – what links have they sent me, la?"),
        ("glassblower_t14", "Which links did the people I met {M} send me? Gallery listings, maybe."),
        ("sticky_t14", "Whichh links did the people I mett {M} send me?"),
        ("situation_t14", "I promised to read whatever my contacts send me. The people I met {M} – which links have "
                          "they emailed me?"),
        ("filler_t14", "So, um, the people I met {M}, which links did they, like, send me?"),
    ],
    "links_to_domain": [
        ("armenian_t14", "Which {U} links are in my emails? Merci."),
        ("newfoundland_t14", "What {U} links have I got in me emails, b'y?"),
        ("lighthouse_t14", "Which {U} links have come through my email? Reading them by lamplight."),
        ("tangent_t14", "Which {U} links – I bookmark nothing, so this is how I find things – are in my emails?"),
        ("diplomat_t14", "Might I see every {U} link contained in my emails?"),
        ("sticky_t14", "Whichh {U} linkss are in my emails?"),
    ],
    "last_email_from_about": [
        ("croatian_t14", "Which is the newest mail from {X} about {W}?"),
        ("scouse_t14", "What's the latest email {X} sent me about {W}, la?"),
        ("glassblower_t14", "Latest email from {X} about {W}? I'm cutting a piece off the pipe."),
        ("sticky_t14", "Whatt's the latestt email from {X} about {W}?"),
        ("situation_t14", "I have a call about {W} in ten minutes. What's the latest email {X} sent me about it?"),
        ("diplomat_t14", "Would you identify the most recent email {X} sent me regarding {W}?"),
    ],
    "emails_from_with_attachment": [
        ("armenian_t14", "Which emails from {X} had attachment? Merci."),
        ("newfoundland_t14", "Which of {Xp} emails had somethin' attached, b'y?"),
        ("lighthouse_t14", "Which emails from {X} came with attachments? The supply lists, maybe."),
        ("tangent_t14", "Which emails from {X} – they never write a subject line, drives me mad – had "
                        "attachments?"),
        ("filler_t14", "Um, which of {Xp} emails had, like, attachments?"),
        ("glassblower_t14", "Which of {Xp} emails came with attachments? Commission sketches, maybe."),
    ],
    "files_from_in_month": [
        ("croatian_t14", "{Mc} which files sent me {X}?"),
        ("scouse_t14", "What files did {X} send me {M}, la?"),
        ("lighthouse_t14", "Which files did {X} send me {M}? I need them for the maintenance log."),
        ("sticky_t14", "Whichh files did {X} sendd me {M}?"),
        ("diplomat_t14", "I should be obliged to learn which files {X} sent me {M}."),
        ("armenian_t14", "{Mc}, which files {X} sent me? Merci."),
    ],
    "events_at_place_in_month": [
        ("armenian_t14", "Which events are {atP} {M}? Shat merci."),
        ("newfoundland_t14", "What's on the go {atP} {M}, b'y?"),
        ("glassblower_t14", "Events {atP} {M} – which ones? I'm waiting on the annealer."),
        ("tangent_t14", "Show me the events {atP} – terrible parking, by the way – {M}."),
        ("situation_t14", "I'm reconciling the venue bookings. Show me the events {atP} {M}."),
        ("filler_t14", "So, um, which events are {atP}, like, {M}?"),
    ],
    "people_emailed_in_month": [
        ("croatian_t14", "To whom I sent mails {M}?"),
        ("scouse_t14", "Who did I email {M}, la?"),
        ("lighthouse_t14", "Who did I send emails to {M}? The log needs it."),
        ("sticky_t14", "Whoo did I emaill {M}?"),
        ("diplomat_t14", "Might I have the names of those to whom I sent emails {M}?"),
        ("filler_t14", "Um, who did I, like, send emails to {M}?"),
    ],
    "emails_from_person_to_person": [
        ("armenian_t14", "Which emails {X} sent to {Y}? Merci."),
        ("sticky_t14", "Whichh emails did {X} sendd to {Y}?"),
        ("glassblower_t14", "Which emails has {X} sent to {Y}? They're sorting out the commission."),
        ("tangent_t14", "Which emails did {X} send – they share an office, you know – to {Y}?"),
        ("diplomat_t14", "Might I see the emails {X} has sent to {Y}?"),
        ("situation_t14", "{Y} says {X} never told them about the change. Which emails did {X} send {Y}?"),
    ],
    "count_events_at_place": [
        ("croatian_t14", "How many events was held {atP}?"),
        ("newfoundland_t14", "How many events was there {atP}, b'y?"),
        ("lighthouse_t14", "How many events have been held {atP}? Just the number."),
        ("sticky_t14", "How mnay events have there been {atP}?"),
        ("filler_t14", "Um, how many events were, like, {atP}?"),
        ("armenian_t14", "{atPc}, how many events were there? Merci."),
    ],
    "links_in_emails_about": [
        ("armenian_t14", "Which links are in emails about {W}? Merci."),
        ("filler_t14", "Um, what links were, like, in the emails about {W}?"),
        ("glassblower_t14", "Which links came in the emails about {W}? I'll look once the furnace is banked."),
        ("tangent_t14", "Which links – and there were loads, I think – were in the emails about {W}?"),
        ("situation_t14", "I'm writing a summary of the {W} discussion. Which links were in the emails about {W}?"),
        ("diplomat_t14", "Would you list the links contained in the emails concerning {W}?"),
    ],
    "count_emails_to": [
        ("croatian_t14", "How many mails I sent to {X}?"),
        ("newfoundland_t14", "How many emails am I after sendin' {X}, b'y?"),
        ("lighthouse_t14", "How many emails have I sent {X}? Counting them for the logbook."),
        ("sticky_t14", "How manyy emails have I sennt {X}?"),
        ("filler_t14", "So, like, how many emails have I, um, sent {X}?"),
        ("situation_t14", "{X} thinks I've been ignoring them. How many emails have I actually sent {X}?"),
    ],
}


# =============================================================================================
# dev17 and test15: two more groups of askers, each writing every shape (the later ones too). dev17's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: Icelandic and Punjabi
# first-language speakers (Icelandic: "Góðan daginn", "takk", "takk fyrir", "e-mails" with a hyphen, "lies" for a
# file's place, the verb second after a fronted phrase ("Which e-mail sent I last to X?"), "been on meetings";
# Punjabi: "Sat Sri Akal ji", "kindly", "please tell me that which ...", "only" and "itself" for emphasis), a
# Cockney English speaker ("Oi", "guv", "bruv", "wot", "'ave a butcher's", dropped h's, "me" for my, "wiv"), a tower
# crane operator up in the cab ("between lifts", "the banksman's on the radio", "the hook's coming up"), a tree
# surgeon ("harnessed in up an oak", "the chipper"), a live sound engineer ("mid-soundcheck", "at the desk", "line
# check", "band's on in ten"), someone who has seen some of the answer and asks for "the rest" or "the others" (and
# says "all of them"), someone who quotes the app's own words ('"From: X"', 'in "Sent"', '"Location: P"', '"Oldest
# first"', "the paperclip"), someone who hypercorrects ("Whom sent me F?", "between X and I", "sent to myself",
# "Whomever sent me F"), someone who asks through a negative question ("Didn't X send me some emails? Which ones?",
# "Haven't I met a few people at P? Who were they?"), someone dictating by voice whose punctuation comes out as words
# ("... question mark", "... full stop", "comma") and someone who writes the question as a to-do item ("TODO: ...",
# "Note to self: ..."). test15's askers are another group again (sharing no template with any part): a Bulgarian
# first-language speaker ("Zdravei", a comma before "that" and "which", "which" for people, "How many are the
# emails, that ...?"), an Estonian first-language speaker ("Tere", "Aitäh", no articles, "what" as a relative, "Where
# takes place T?"), an Afrikaans first-language speaker ("Goeie môre", "asseblief", "baie dankie", "nè?", "ag"), a
# Trinidadian English speaker ("de", "wha'", "nah", "doh", "does be", "How much emails I send X?", verbs without a
# past ending), a Hawaiian Pidgin speaker ("brah", "howzit", "da", "wen" for the past, "stay" for is, "get" for there
# is), a dental hygienist, a stonemason, someone who writes in clipped full-stopped fragments ("Emails. From X. To
# me. All of them."), someone who asks on someone else's behalf ("My accountant wants to know which emails I've sent
# X."), someone who leaves no space after punctuation ("hi,which emails has X sent me?thanks") and someone who puts
# the question as a challenge ("Bet you can't find every email X has sent me."); like test2 to test14, only its
# aggregate figures are reported. Both draw their date phrases from their own lists, spellings no earlier part used
# (thirds, fortnights and ten-day parts: "the last third of 2025", "the first fortnight of November 2025", "the last
# ten days of October 2025", "the second fortnight of December 2025", "the first ten days of November 2025", "the
# final third of November 2025"; a half or the tail end of a quarter: "the second half of Q4 2025", "the tail end of
# Q3 2025"; days of one month with the month said once: "between the 3rd and the 14th of November 2025", "from 6 to 19
# October 2025", "from the 1st to the 12th of December 2025"; "the first 2 weeks of December 2025"; holidays and
# the days around them: "around Halloween 2025", "around Christmas 2025", "the run-up to Christmas 2025", "the lead-up
# to Halloween 2025", "the week before Christmas 2025", "the week after Christmas 2025", "Bonfire Night 2025", "Guy
# Fawkes Night 2025", "the dog days of summer 2025", "the turn of the year"; "twenty-one/twenty-three weeks ago",
# "thirteen/fifteen months ago", "one and a half months ago", "a year and a half ago", "this time last year"; rolling
# windows: "the last month and a half", "the past hundred days", "the last one hundred and ten days", "the past 17
# weeks", "the past 22 weeks", "the last 25 days", "the last 55 days"; "calendar year 2025", "the year 2025", "the
# autumn just gone", "the most recent summer", "the latest quarter", "the prior month"; ahead: "the week after next",
# "over the next hundred days", "within the next twenty days", "in the next 17 days", "in the month after next",
# "over the next month and a half"; days such as "2025 Oct 4", "Sat 4-Oct-2025", "the 4th day of October 2025",
# "Saturday 10/4/2025", "4 Oct. 25", "2025 October 4", "Sat. 4/Oct/2025" and "4 Oct 2025 (Sat)"; bounds such as "the
# first fortnight of October 2025", "the start of calendar year 2025", "the 14th day of August 2025", "2025 Sep 22",
# "the week after Halloween 2025", "the second half of Q3 2025", "the last ten days of September 2025", "the 3rd
# quarter of last year", "June 1st in 2025", "the second fortnight of September 2025", "the final third of 2025",
# "twentieth October 2025", "2025 November 3", "8/Aug/2025", "the first 10 days of October 2025", "the week before
# Halloween 2025", "the final fortnight of July 2025", "the lead-up to Christmas 2025" and "the second month of Q3
# 2025"); every phrase, bound and day spelling was checked against queryweaver.dates for the exact range the oracle
# uses (bounds under both "<" and ">", day spellings for every day from July 2023 to March 2026). Their questions
# follow test14's: dev17's first, then test15's.
# =============================================================================================

D17, T15 = "dev17", "test15"
PARTS = (D, D2, T, D3, T2, D4, D5, T3, D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9, D12, T10, D13, T11, D14, T12,
         D15, T13, D16, T14, D17, T15)


def turn_of_the_year(today: date) -> tuple[date, date]:
    """"the turn of the year": December 29 to January 4 around the latest New Year's Day whose window has begun."""
    year = today.year + 1
    while date(year - 1, 12, 29) > today:
        year -= 1
    return date(year - 1, 12, 29), date(year, 1, 5)


def dev17_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Thirds, fortnights and ten-day parts ("the last third of 2025" = September to December, "the first fortnight
    of November 2025" = November 1-14, "the last ten days of October 2025" = October 22-31), "the second half of Q4
    2025" (November 16 to December 31, the middle month split as a month's halves), a day span with the month said
    once ("between the 3rd and the 14th of November 2025"), holidays ("around Halloween 2025" = October 28 to November
    3, "the run-up to Christmas 2025" = the four weeks to Christmas Eve, "the week before Christmas 2025" = December
    18-24, "Bonfire Night 2025", "the dog days of summer 2025" = July 3 to August 11), "twenty-one weeks ago" (a
    calendar week), "thirteen months ago" (a calendar month), "one and a half months ago" (the months 1 and 2 back),
    rolling windows ("the last month and a half" = a month and 15 days back through today, "the past hundred days",
    "the past 17 weeks", "the last 25 days"), "calendar year 2025", "the autumn just gone", "the first 2 weeks of
    December 2025", "this time last year" (a week either side of today's day a year back) and "the prior month"."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    a_year_back = date(today.year - 1, today.month, min(today.day, 28 if today.month == 2 else 31))
    return [("in the last third of 2025", (date(2025, 9, 1), date(2026, 1, 1))),
            ("in the first fortnight of November 2025", (date(2025, 11, 1), date(2025, 11, 15))),
            ("in the last ten days of October 2025", (date(2025, 10, 22), date(2025, 11, 1))),
            ("in the second half of Q4 2025", (date(2025, 11, 16), date(2026, 1, 1))),
            ("between the 3rd and the 14th of November 2025", (date(2025, 11, 3), date(2025, 11, 15))),
            ("around Halloween 2025", (date(2025, 10, 28), date(2025, 11, 4))),
            ("in the run-up to Christmas 2025", (date(2025, 11, 27), date(2025, 12, 25))),
            ("twenty-one weeks ago", (monday - timedelta(days=147), monday - timedelta(days=140))),
            ("thirteen months ago", months_back(today, 13)),
            ("one and a half months ago", (months_back(today, 2)[0], months_back(today, 1)[1])),
            ("over the last month and a half", (months_before(today, 1) - timedelta(days=15), tomorrow)),
            ("in the past hundred days", (today - timedelta(days=100), tomorrow)),
            ("in calendar year 2025", (date(2025, 1, 1), date(2026, 1, 1))),
            ("in the autumn just gone", season_over(today, 9)),
            ("in the week before Christmas 2025", (date(2025, 12, 18), date(2025, 12, 25))),
            ("on Bonfire Night 2025", (date(2025, 11, 5), date(2025, 11, 6))),
            ("in the dog days of summer 2025", (date(2025, 7, 3), date(2025, 8, 12))),
            ("in the first 2 weeks of December 2025", (date(2025, 12, 1), date(2025, 12, 15))),
            ("this time last year", (a_year_back - timedelta(days=7), a_year_back + timedelta(days=8))),
            ("in the past 17 weeks", (today - timedelta(weeks=17), tomorrow)),
            ("in the last 25 days", (today - timedelta(days=25), tomorrow)),
            ("during the prior month", months_back(today, 1))]


def dev17_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    monday = today - timedelta(days=today.weekday())
    return dev17_month_phrases(today) + [("the week after next", (monday + timedelta(days=14),
                                                                  monday + timedelta(days=21))),
                                         ("over the next hundred days", (today, today + timedelta(days=101))),
                                         ("within the next twenty days", (today, today + timedelta(days=21)))]


DEV17_BOUNDS = [("the first fortnight of October 2025", date(2025, 10, 1)),
                ("the start of calendar year 2025", date(2025, 1, 1)),
                ("the 14th day of August 2025", date(2025, 8, 14)), ("2025 Sep 22", date(2025, 9, 22)),
                ("the week after Halloween 2025", date(2025, 11, 1)),
                ("the second half of Q3 2025", date(2025, 8, 16)),
                ("the last ten days of September 2025", date(2025, 9, 21)),
                ("the 3rd quarter of last year", date(2025, 7, 1)),
                ("June 1st in 2025", date(2025, 6, 1))]


def dev17_day(d: date, i: int) -> str:
    """"2025 Oct 4", "Sat 4-Oct-2025", "the 4th day of October 2025", "Saturday 10/4/2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    forms = (f"{d.year} {month[:3]} {d.day}", f"{weekday[:3]} {d.day}-{month[:3]}-{d.year}",
             f"the {nth(d.day)} day of {month} {d.year}", f"{weekday} {d.month}/{d.day}/{d.year}")
    return forms[i % len(forms)]


def test15_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """"the year 2025", fortnights, ten-day parts and thirds ("the second fortnight of December 2025" = December
    15-31, "the first ten days of November 2025", "the final third of November 2025" = November 21-30), "the tail
    end of Q3 2025" (September), day spans with the month said once ("from 6 to 19 October 2025", "from the 1st to
    the 12th of December 2025"), holidays ("around Christmas 2025" = December 21-29, "the week after Christmas 2025"
    = December 26 to January 1, "the lead-up to Halloween 2025" = the four weeks before it, "Guy Fawkes Night
    2025"), "the turn of the year" (December 29 to January 4, the latest begun), "twenty-three weeks ago" (a calendar
    week), "fifteen months ago" and "a year and a half ago" (calendar months), rolling windows ("the last one hundred
    and ten days", "the past 22 weeks", "the last 55 days"), "the most recent summer" (the latest that is over) and
    "the latest quarter" (the last complete calendar quarter)."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    return [("in the year 2025", (date(2025, 1, 1), date(2026, 1, 1))),
            ("in the second fortnight of December 2025", (date(2025, 12, 15), date(2026, 1, 1))),
            ("in the first ten days of November 2025", (date(2025, 11, 1), date(2025, 11, 11))),
            ("at the tail end of Q3 2025", (date(2025, 9, 1), date(2025, 10, 1))),
            ("from 6 to 19 October 2025", (date(2025, 10, 6), date(2025, 10, 20))),
            ("around Christmas 2025", (date(2025, 12, 21), date(2025, 12, 30))),
            ("at the turn of the year", turn_of_the_year(today)),
            ("in the week after Christmas 2025", (date(2025, 12, 26), date(2026, 1, 2))),
            ("twenty-three weeks ago", (monday - timedelta(days=161), monday - timedelta(days=154))),
            ("fifteen months ago", months_back(today, 15)),
            ("a year and a half ago", months_back(today, 18)),
            ("within the last one hundred and ten days", (today - timedelta(days=110), tomorrow)),
            ("in the most recent summer", season_over(today, 6)),
            ("in the latest quarter", quarters_back(today, 1)),
            ("in the final third of November 2025", (date(2025, 11, 21), date(2025, 12, 1))),
            ("in the lead-up to Halloween 2025", (date(2025, 10, 3), date(2025, 10, 31))),
            ("on Guy Fawkes Night 2025", (date(2025, 11, 5), date(2025, 11, 6))),
            ("in the past 22 weeks", (today - timedelta(weeks=22), tomorrow)),
            ("in the last 55 days", (today - timedelta(days=55), tomorrow)),
            ("from the 1st to the 12th of December 2025", (date(2025, 12, 1), date(2025, 12, 13)))]


def test15_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    following = months_back(today, -2)
    return test15_month_phrases(today) + [("in the next 17 days", (today, today + timedelta(days=18))),
                                          ("in the month after next", following),
                                          ("over the next month and a half",
                                           (today, months_after(today, 1) + timedelta(days=16)))]


TEST15_BOUNDS = [("the second fortnight of September 2025", date(2025, 9, 15)),
                 ("the final third of 2025", date(2025, 9, 1)), ("twentieth October 2025", date(2025, 10, 20)),
                 ("2025 November 3", date(2025, 11, 3)), ("8/Aug/2025", date(2025, 8, 8)),
                 ("the first 10 days of October 2025", date(2025, 10, 1)),
                 ("the week before Halloween 2025", date(2025, 10, 24)),
                 ("the final fortnight of July 2025", date(2025, 7, 18)),
                 ("the lead-up to Christmas 2025", date(2025, 11, 27)),
                 ("the second month of Q3 2025", date(2025, 8, 1))]


def test15_day(d: date, i: int) -> str:
    """"4 Oct. 25", "2025 October 4", "Sat. 4/Oct/2025", "4 Oct 2025 (Sat)"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{d.day} {short} {d.year % 100:02d}", f"{d.year} {month} {d.day}",
             f"{weekday[:3]}. {d.day}/{month[:3]}/{d.year}", f"{d.day} {month[:3]} {d.year} ({weekday[:3]})")
    return forms[i % len(forms)]


DEV17_MAKERS = dated_makers(dev17_month_phrases, dev17_event_phrases, DEV17_BOUNDS, dev17_day)
TEST15_MAKERS = dated_makers(test15_month_phrases, test15_event_phrases, TEST15_BOUNDS, test15_day)


DEV17_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: Icelandic and Punjabi first-language speakers (icelandic17, punjabi17), a Cockney English speaker
    # (cockney17), a tower crane operator up in the cab (crane17), a tree surgeon (arborist17), a live sound engineer
    # (soundeng17), someone who has seen some and asks for the rest or the others (rest17: "all of them" is meant),
    # someone who quotes the app's own words (quoteapp17: '"From: X"', 'in "Sent"'), someone who hypercorrects
    # (hypercorrect17: "whom" as a subject, "X and I" as an object, "myself" for me), someone who asks through a
    # negative question (negq17: "Didn't X send me ...? Which ones?"), someone dictating by voice whose punctuation
    # comes out as words (voiceslip17: "question mark") and someone who writes the question as a to-do item (todo17).
    "emails_from": [
        ("icelandic17", "Góðan daginn! I would like to see the e-mails that {X} has sent to me, takk."),
        ("cockney17", "Oi, can I 'ave a butcher's at all the emails {X}'s sent me?"),
        ("crane17", "Up in the cab between lifts – which emails has {X} sent me?"),
        ("rest17", "I've read a couple of the emails {X} sent me already. Show me the rest too – the whole lot."),
        ("quoteapp17", "In \"Mail\", what comes up under \"From: {X}\"?"),
        ("hypercorrect17", "Which emails has {X} sent to myself?"),
        ("negq17", "Hasn't {X} sent me a load of emails? Which ones are they?"),
        ("voiceslip17", "show me every email from {X} full stop"),
    ],
    "emails_to": [
        ("punjabi17", "Sat Sri Akal ji, please tell me that which emails I have sent to {X}."),
        ("cockney17", "Wot emails 'ave I sent {X}, guv?"),
        ("arborist17", "Harnessed in up an oak, one hand free: which emails have I sent {X}?"),
        ("soundeng17", "Mid-soundcheck – which emails did I send {X}?"),
        ("quoteapp17", "What's in \"Sent\" addressed to {X}?"),
        ("hypercorrect17", "Which emails have been sent by myself to {X}?"),
        ("todo17", "TODO: pull up every email I've sent {X}."),
        ("negq17", "Didn't I send {X} a few emails? Which ones?"),
    ],
    "emails_between": [
        ("icelandic17", "Can you show me all e-mails between me and {X}, both to and from? Takk fyrir."),
        ("punjabi17", "Kindly show all emails between {X} and me, both sides, ji."),
        ("cockney17", "All the emails between me an' {X}, both ways – can you fish 'em out, guv?"),
        ("crane17", "Banksman's on the radio, so quick: every email between {X} and me, sent and received."),
        ("hypercorrect17", "Which emails have gone between {X} and I, in either direction?"),
        ("quoteapp17", "Every email between me and {X} – the ones in \"Inbox\" and the ones in \"Sent\"."),
        ("voiceslip17", "all emails between me and {X} comma both directions please"),
        ("rest17", "I've got some of the emails between {X} and me open already – give me the others too, all of "
                   "them, both directions."),
    ],
    "emails_from_in_month": [
        ("icelandic17", "{Mc} did {X} send me some e-mails – which ones, takk?"),
        ("punjabi17", "Please tell me which emails {X} has sent me {M} only."),
        ("cockney17", "Wot did {X} email me {M}, bruv?"),
        ("arborist17", "Chipper's off for a minute. What did {X} email me {M}?"),
        ("soundeng17", "Band's on in ten. Which emails did {X} send me {M}?"),
        ("quoteapp17", "Under \"From: {X}\", which ones are dated {M}?"),
        ("todo17", "TODO: go through what {X} emailed me {M}."),
        ("voiceslip17", "what did {X} email me {M} question mark"),
    ],
    "emails_from_before": [
        ("icelandic17", "Which e-mails came from {X} to me before {B}?"),
        ("cockney17", "Wot 'ad {X} sent me before {B}, guv?"),
        ("crane17", "Load's hooked on, one sec. Which emails did {X} send me before {B}?"),
        ("arborist17", "Which emails did {X} send me prior to {B}? I'm down for a brew."),
        ("rest17", "I've seen the recent stuff from {X}. What about the others – everything they sent me before "
                   "{B}?"),
        ("hypercorrect17", "Which emails did {X} send to myself before {B}?"),
        ("negq17", "Didn't {X} send me some emails before {B}? Which were they?"),
        ("todo17", "To do: list {Xp} emails to me from before {B}."),
    ],
    "emails_from_since": [
        ("punjabi17", "Since {B}, which emails {X} has sent to me? Kindly tell."),
        ("cockney17", "Wot's {X} sent me since {B}, then?"),
        ("crane17", "Which emails has {X} sent me since {B}? Wind's up, we've stopped lifting."),
        ("soundeng17", "From {B} onwards – what's {X} emailed me? Doing a line check."),
        ("quoteapp17", "\"From: {X}\", dated {B} or later – which emails?"),
        ("hypercorrect17", "Which emails have been sent to myself by {X} since {B}?"),
        ("voiceslip17", "any emails from {X} since {B} question mark"),
        ("todo17", "TODO – catch up on everything {X} has emailed me since {B}."),
    ],
    "last_email_from": [
        ("icelandic17", "What was the newest e-mail from {X} to me?"),
        ("punjabi17", "Please tell me the last email {X} sent me, ji."),
        ("crane17", "Between lifts – what's the latest thing {X} emailed me?"),
        ("arborist17", "What did {X} last email me? Up a sycamore, can't scroll."),
        ("quoteapp17", "Under \"From: {X}\", what's the top one – the newest?"),
        ("negq17", "Didn't {X} email me again? What was their latest email?"),
        ("voiceslip17", "what's the most recent email from {X} question mark"),
        ("todo17", "TODO: reply to {Xp} latest email – which one is it?"),
    ],
    "first_email_from": [
        ("icelandic17", "Which was the first e-mail that {X} ever sent to me?"),
        ("cockney17", "Wot was the very first email {X} ever sent me, guv?"),
        ("soundeng17", "What's the earliest email {X} sent me? Loading out, so quick."),
        ("arborist17", "What was the first email {X} ever sent me? Sat in the van for lunch."),
        ("rest17", "Never mind the others – which was the very first email {X} sent me?"),
        ("hypercorrect17", "What was the first email {X} ever sent to myself?"),
        ("quoteapp17", "Sorted \"Oldest first\", what's the top email \"From: {X}\"?"),
        ("voiceslip17", "what was the first email {X} ever sent me question mark"),
    ],
    "first_email_to": [
        ("punjabi17", "Kindly tell me my first email to {X}, which one was it?"),
        ("cockney17", "Wot was the first email I ever sent {X}, bruv?"),
        ("crane17", "What was the first email I ever sent {X}? I'm waiting on the next lift."),
        ("soundeng17", "Which was the first email I sent {X}? Soundcheck's dragging."),
        ("quoteapp17", "In \"Sent\", oldest first: what's the first email to {X}?"),
        ("negq17", "Didn't I write to {X} ages ago? Which was my first email to them?"),
        ("hypercorrect17", "What was the earliest email sent by myself to {X}?"),
        ("todo17", "Note to self: dig out the first email I ever sent {X}."),
    ],
    "last_email_to": [
        ("icelandic17", "Which e-mail sent I last to {X}?"),
        ("cockney17", "Wot's the last email I sent {X}, then?"),
        ("arborist17", "What's the last email I sent {X}? Between climbs."),
        ("soundeng17", "What did I last email {X}? Doors open soon."),
        ("rest17", "Never mind the rest – which email did I send {X} most recently?"),
        ("quoteapp17", "In \"Sent\", what's the newest email \"To: {X}\"?"),
        ("voiceslip17", "what was the last email i sent {X} question mark"),
        ("hypercorrect17", "What was the last email {X} received from myself?"),
    ],
    "count_emails_from": [
        ("icelandic17", "How many e-mails has {X} sent to me? Takk."),
        ("punjabi17", "How many emails {X} has sent me? Just the number only, ji."),
        ("cockney17", "'Ow many emails 'as {X} sent me, guv?"),
        ("crane17", "How many emails has {X} sent me? Number only, I'm on the radio."),
        ("quoteapp17", "How many results under \"From: {X}\"?"),
        ("negq17", "Hasn't {X} sent me loads of emails? How many, exactly?"),
        ("voiceslip17", "how many emails has {X} sent me question mark"),
        ("todo17", "TODO: count how many emails {X} has sent me."),
    ],
    "subject_contains": [
        ("icelandic17", "Which e-mails have {W} in the subject line? Takk fyrir."),
        ("punjabi17", "Kindly show the emails having {W} in subject."),
        ("arborist17", "Which emails have \"{W}\" in the subject? Chainsaw's cooling."),
        ("soundeng17", "Which emails have {W} in the subject? Quick, it's changeover."),
        ("quoteapp17", "Search \"Subject\" for \"{W}\" – which emails?"),
        ("rest17", "I found one email with {W} in the subject – show me the others too, every one with {W} in the "
                   "subject."),
        ("negq17", "Isn't there a bunch of emails with {W} in the subject? Which ones?"),
        ("voiceslip17", "emails with {W} in the subject line question mark"),
    ],
    "last_received_on_day": [
        ("icelandic17", "On {D} – which e-mail came last in to me? Takk."),
        ("punjabi17", "On {D} itself, which email came to me last?"),
        ("crane17", "{Dc} we were lifting all day. What was the last email I got that day?"),
        ("soundeng17", "I was mixing a festival on {D}. What was the last email I received that day?"),
        ("quoteapp17", "In \"Inbox\" for {D}, which email is the newest?"),
        ("negq17", "Didn't something land in my inbox late on {D}? Which email came in last that day?"),
        ("todo17", "TODO: check the last email I received on {D}."),
        ("voiceslip17", "last email i received on {D} question mark"),
    ],
    "attachments_from": [
        ("punjabi17", "Please tell me which files {X} has sent to me as attachment, ji."),
        ("cockney17", "Wot files 'as {X} sent me? Attachments, innit."),
        ("crane17", "Which attachments has {X} sent me? Site drawings, probably."),
        ("arborist17", "What files has {X} emailed me? Probably the tree survey."),
        ("quoteapp17", "Under \"From: {X}\", what's in the \"Attachments\"?"),
        ("hypercorrect17", "Which files has {X} sent to myself?"),
        ("rest17", "I've downloaded a couple of {Xp} attachments. Which are the others? List all the files {X} sent "
                   "me."),
        ("todo17", "TODO: save all the files {X} sent me – which are they?"),
    ],
    "attachments_ext": [
        ("icelandic17", "Which {EXTS} have been attached to e-mails, both sent and received?"),
        ("punjabi17", "Kindly list all {EXTS} attached in emails, incoming as well as outgoing."),
        ("crane17", "Every {EXT1} attached to an email, in or out – which are they? I'm between lifts."),
        ("soundeng17", "Which {EXTS} have gone back and forth as attachments? Sent or received."),
        ("quoteapp17", "Filter \"Has attachment\", type {EXT1} – which files, inbox and sent both?"),
        ("negq17", "Haven't a lot of {EXTS} been attached to my emails? Which ones, sent or received?"),
        ("voiceslip17", "which {EXTS} have been attached to emails sent or received question mark"),
        ("todo17", "TODO: gather every {EXT1} attached to an email, incoming or outgoing."),
    ],
    "folders_with_attachments_from": [
        ("icelandic17", "In which folders lie the files that {X} sent me?"),
        ("cockney17", "Where've I stuck the files {X} sent me? Which folders?"),
        ("arborist17", "Which folders did {Xp} attachments end up in? I'm back at the van."),
        ("soundeng17", "Which folders have the files {X} emailed me? Need them for the rider."),
        ("quoteapp17", "The files under \"Attachments\" from {X} – which folders are they in?"),
        ("hypercorrect17", "The files {X} sent to myself – in which folders are they?"),
        ("negq17", "Didn't I save the files {X} sent me somewhere? Which folders?"),
        ("todo17", "TODO: find which folders hold the files {X} sent me."),
    ],
    "folders_of_file": [
        ("icelandic17", "In which folder lies {F} now, takk?"),
        ("punjabi17", "Please tell in which folder {F} is kept, ji."),
        ("cockney17", "Where's {F} got to? Which folder?"),
        ("crane17", "Which folder's {F} in? I need it for the lift plan."),
        ("quoteapp17", "In \"Files\", which folder is {F} under?"),
        ("negq17", "Didn't I save {F} somewhere? Which folder is it in?"),
        ("voiceslip17", "which folder is {F} in question mark"),
        ("todo17", "TODO: move {F} – which folder is it in now?"),
    ],
    "who_sent_file": [
        ("icelandic17", "Who sent me {F}? Takk."),
        ("punjabi17", "Who has sent me {F}, please tell."),
        ("arborist17", "Who emailed me {F}? Might be the council."),
        ("soundeng17", "Who sent me {F}? Probably the promoter."),
        ("hypercorrect17", "Whom sent me {F}?"),
        ("quoteapp17", "{F} – what's the \"From\" on the email it came with?"),
        ("negq17", "Didn't someone email me {F}? Who was it?"),
        ("voiceslip17", "who sent me {F} question mark"),
    ],
    "conversations_with_sender_of_file": [
        ("icelandic17", "The person who sent me {F} – with whom has that person e-mailed?"),
        ("punjabi17", "Who sent me {F}, and that person is emailing with whom? Kindly tell."),
        ("cockney17", "Whoever sent me {F} – who've they been emailin' back an' forth wiv?"),
        ("crane17", "Whoever sent me {F}: who have they exchanged emails with? I'm up in the cab."),
        ("quoteapp17", "Take the \"From\" on the email with {F}. Who has that person emailed with, either way?"),
        ("hypercorrect17", "Whomever sent me {F} – who have they exchanged emails with?"),
        ("soundeng17", "The person who sent me {F} – who do they email with? Asking from the desk."),
        ("todo17", "TODO: work out who sent me {F} and everyone they've been emailing with."),
    ],
    "coattendees_of_person": [
        ("icelandic17", "Who have been on meetings together with {X}?"),
        ("punjabi17", "Which persons were attending events along with {X}, ji?"),
        ("cockney17", "Who's been at events wiv {X}, then?"),
        ("arborist17", "Who's been at events with {X}? I'm up in the canopy."),
        ("soundeng17", "Who's been to events with {X}? I mixed one of their gigs."),
        ("hypercorrect17", "Whom has been at events with {X}?"),
        ("rest17", "I know a couple of people who've been at events with {X}. Who are the others? Everyone who's "
                   "attended events with {X}."),
        ("negq17", "Haven't a few people been at events with {X}? Who?"),
    ],
    "events_of_person": [
        ("icelandic17", "On which events has {X} been?"),
        ("punjabi17", "Kindly tell me which events {X} has attended."),
        ("crane17", "Which events has {X} been to? They run the site."),
        ("arborist17", "What events has {X} gone to? Asking from the chipper."),
        ("quoteapp17", "Which events list {X} under \"Attendees\"?"),
        ("rest17", "I know {X} was at one or two events. What about the rest? Every event they've attended."),
        ("voiceslip17", "which events has {X} attended question mark"),
        ("todo17", "TODO: list all the events {X} has been to."),
    ],
    "events_at_place": [
        ("icelandic17", "Which events are there {atP}, takk?"),
        ("punjabi17", "Kindly show the events happening {atP}."),
        ("cockney17", "Wot events are there {atP}, guv?"),
        ("crane17", "Which events are {atP}? Asking from the cab."),
        ("quoteapp17", "Which events have \"Location: {P}\"?"),
        ("negq17", "Aren't there some events {atP}? Which ones?"),
        ("voiceslip17", "events {atP} question mark"),
        ("todo17", "TODO: check which events are {atP}."),
    ],
    "events_in_month": [
        ("icelandic17", "What have I in my calendar {M}?"),
        ("punjabi17", "Kindly show my calendar events {M}, ji."),
        ("cockney17", "Wot've I got on {M}, guv? Me calendar, I mean."),
        ("arborist17", "What's in my calendar {M}? Trying to book in the big felling job."),
        ("soundeng17", "Which events are on my calendar {M}? Sorting out the tour diary."),
        ("quoteapp17", "In \"Calendar\", which events fall {M}?"),
        ("rest17", "I've seen one or two of my events {M} – show me the rest, all of them."),
        ("todo17", "TODO: go over every event in my calendar {M}."),
    ],
    "events_titled": [
        ("icelandic17", "Which events have {T} in the name? Takk."),
        ("punjabi17", "Kindly show the events with {T} in their title."),
        ("crane17", "Which events have \"{T}\" in the title? Waiting on the slinger."),
        ("quoteapp17", "Search \"Calendar\" for \"{T}\" in the title – which events?"),
        ("negq17", "Aren't there a few {T} events on my calendar? Which ones?"),
        ("voiceslip17", "events with {T} in the title question mark"),
        ("rest17", "I remember one {T} event. Which are the rest? Every event with {T} in the title."),
        ("todo17", "TODO: list every event with {T} in its title."),
    ],
    "who_attended_titled": [
        ("icelandic17", "Who were on the {T}, takk?"),
        ("punjabi17", "Who were the attendees of the {T}, ji?"),
        ("cockney17", "'Oo went to the {T}, then?"),
        ("arborist17", "Who went to the {T}? I was up a tree."),
        ("soundeng17", "Who attended the {T}? I was running the PA."),
        ("quoteapp17", "The {T} – who's on its \"Attendees\" list?"),
        ("hypercorrect17", "Whom attended the {T}?"),
        ("negq17", "Wasn't there a crowd at the {T}? Who attended?"),
    ],
    "place_of_event": [
        ("icelandic17", "Where is {T} held, takk fyrir?"),
        ("punjabi17", "Where is {T} happening, kindly tell?"),
        ("cockney17", "Where's {T} at, guv?"),
        ("crane17", "Where is {T}? I'll need to get down from the crane early."),
        ("soundeng17", "Where's {T}? Need to know what the room's like."),
        ("quoteapp17", "What's the \"Location\" of {T}?"),
        ("negq17", "Isn't {T} somewhere across town? Where is it held?"),
        ("voiceslip17", "where is {T} question mark"),
    ],
    "people_met_at_place": [
        ("icelandic17", "With whom have I had meetings {atP}?"),
        ("punjabi17", "Please tell me the people I have met {atP}, ji."),
        ("cockney17", "'Oo've I met {atP}, then?"),
        ("arborist17", "Who did I meet up with {atP}? I'm knackered, can't remember."),
        ("quoteapp17", "Events with \"Location: {P}\" that I attended – who were the attendees?"),
        ("negq17", "Haven't I met a few people {atP}? Who were they?"),
        ("rest17", "I remember meeting one person {atP}. Who were the others? Everyone I met there."),
        ("todo17", "TODO: list everyone I've met {atP}."),
    ],
    "people_met_in_month": [
        ("icelandic17", "{Mc} met I with whom? Takk."),
        ("punjabi17", "Kindly tell me the people I met with {M}."),
        ("crane17", "Who did I meet {M}? The site inductions blur together."),
        ("soundeng17", "Who did I have meetings with {M}? The tour's a blur."),
        ("hypercorrect17", "Whom met with me {M}?"),
        ("quoteapp17", "In \"Calendar\", the events {M} I attended – who were the attendees?"),
        ("voiceslip17", "who did i meet {M} question mark"),
        ("todo17", "TODO: thank everyone I met {M} – who were they?"),
    ],
    "links_from_person": [
        ("icelandic17", "Which links has {X} sent me in e-mails?"),
        ("cockney17", "Wot links 'as {X} sent me?"),
        ("arborist17", "What links has {X} emailed me? Probably the planning portal."),
        ("soundeng17", "Which links has {X} sent me? Stage plots, probably."),
        ("quoteapp17", "Under \"From: {X}\", which links are in the emails?"),
        ("hypercorrect17", "Which links has {X} sent to myself?"),
        ("rest17", "I clicked one link {X} sent me. Which were the others? All the links they've emailed me."),
        ("negq17", "Didn't {X} email me some links? Which ones?"),
    ],
    "links_from_people_met_in_month": [
        ("icelandic17", "Which links have the people with whom I met {M} sent me? Takk."),
        ("punjabi17", "People I met {M} – kindly show the links they have sent me."),
        ("cockney17", "The people I met {M} – wot links 'ave they sent me?"),
        ("crane17", "Which links did the people I met {M} email me? Lift plans, maybe."),
        ("quoteapp17", "Attendees of my events {M} – which links are in their emails to me?"),
        ("hypercorrect17", "The people whom met with me {M} – which links have they sent me?"),
        ("todo17", "TODO: go through the links sent me by the people I met {M}."),
        ("negq17", "Didn't the people I met {M} send me some links? Which ones?"),
    ],
    "links_to_domain": [
        ("icelandic17", "Which {U} links are in my e-mails?"),
        ("punjabi17", "Kindly show all {U} links in my emails."),
        ("crane17", "Which {U} links have come through my email? Stuck in the cab in the rain."),
        ("arborist17", "Which {U} links are in my emails? Rain's stopped play."),
        ("quoteapp17", "Search mail for links to \"{U}\" – which are there?"),
        ("rest17", "I've opened a {U} link from my email. Which are the others? Every {U} link in my emails."),
        ("voiceslip17", "{U} links in my emails question mark"),
        ("todo17", "TODO: collect every {U} link in my emails."),
    ],
    "last_email_from_about": [
        ("icelandic17", "What was the newest e-mail from {X} about {W}?"),
        ("punjabi17", "Please tell the latest email from {X} regarding {W}, ji."),
        ("cockney17", "Wot's the last email {X} sent me about {W}?"),
        ("soundeng17", "Latest email from {X} about {W}? Quick, line check."),
        ("quoteapp17", "\"From: {X}\", subject \"{W}\" – which is the newest?"),
        ("negq17", "Didn't {X} email me about {W}? Which was their latest email about it?"),
        ("rest17", "Ignore the older ones – what's {Xp} latest email about {W}?"),
        ("todo17", "TODO: answer {Xp} latest email about {W} – which one is it?"),
    ],
    "emails_from_with_attachment": [
        ("icelandic17", "Which e-mails from {X} came with attachments?"),
        ("punjabi17", "Kindly show the emails from {X} having attachments."),
        ("crane17", "Which of {Xp} emails had attachments? The drawings, maybe."),
        ("arborist17", "Which emails from {X} had something attached? The quotes, maybe."),
        ("quoteapp17", "\"From: {X}\" with the paperclip – which emails?"),
        ("hypercorrect17", "Which emails did {X} send to myself with attachments?"),
        ("voiceslip17", "which emails from {X} had attachments question mark"),
        ("negq17", "Didn't some of {Xp} emails have attachments? Which ones?"),
    ],
    "files_from_in_month": [
        ("icelandic17", "Which files did {X} send to me {M}? Takk."),
        ("punjabi17", "{Mc}, which files {X} has sent me? Please tell."),
        ("cockney17", "Wot files did {X} send me {M}?"),
        ("arborist17", "Which files did {X} email me {M}? The survey photos, I think."),
        ("soundeng17", "Which attachments came from {X} {M}? Riders and input lists."),
        ("quoteapp17", "Under \"From: {X}\", emails {M} – what's in the \"Attachments\"?"),
        ("rest17", "I've got one of the files {X} sent me {M} – what were the rest? List them all."),
        ("todo17", "TODO: file away everything {X} attached to emails {M}."),
    ],
    "events_at_place_in_month": [
        ("icelandic17", "Which events are {atP} {M}? Takk fyrir."),
        ("punjabi17", "Kindly show the events {atP} {M}."),
        ("crane17", "Which events are {atP} {M}? Planning the lifts around them."),
        ("soundeng17", "What events are {atP} {M}? Checking my diary against them."),
        ("quoteapp17", "In \"Calendar\", \"Location: {P}\", {M} – which events?"),
        ("negq17", "Aren't there a couple of events {atP} {M}? Which ones?"),
        ("voiceslip17", "events {atP} {M} question mark"),
        ("todo17", "TODO: list every event {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("icelandic17", "To whom sent I e-mails {M}?"),
        ("punjabi17", "Kindly tell me to whom I have sent emails {M}."),
        ("cockney17", "'Oo did I email {M}, then?"),
        ("arborist17", "Who did I send emails to {M}? Invoices, mostly."),
        ("quoteapp17", "In \"Sent\", {M}: who were the recipients?"),
        ("hypercorrect17", "Which people received emails from myself {M}?"),
        ("negq17", "Didn't I email a bunch of people {M}? Who were they?"),
        ("todo17", "TODO: follow up with everyone I emailed {M}."),
    ],
    "emails_from_person_to_person": [
        ("icelandic17", "Which e-mails has {X} sent to {Y}? Takk fyrir."),
        ("punjabi17", "Kindly show the emails {X} has sent to {Y}."),
        ("cockney17", "Wot emails 'as {X} sent {Y}, guv?"),
        ("crane17", "Which emails has {X} sent {Y}? They're arguing about the lift schedule."),
        ("quoteapp17", "\"From: {X}\", \"To: {Y}\" – which emails?"),
        ("rest17", "I was copied on one email from {X} to {Y}. What about the others? Every email {X} sent {Y}."),
        ("negq17", "Hasn't {X} been emailing {Y}? Which emails did {X} send {Y}?"),
        ("todo17", "TODO: read through the emails {X} sent {Y}."),
    ],
    "count_events_at_place": [
        ("icelandic17", "How many events have been {atP}? Takk."),
        ("punjabi17", "How many events happened {atP}? Number only, ji."),
        ("cockney17", "'Ow many events 'ave there been {atP}?"),
        ("arborist17", "How many events were there {atP}? Just the number."),
        ("soundeng17", "How many events have been held {atP}? I've mixed a few of them."),
        ("quoteapp17", "How many events have \"Location: {P}\"?"),
        ("voiceslip17", "how many events were {atP} question mark"),
        ("todo17", "TODO: count the events held {atP}."),
    ],
    "links_in_emails_about": [
        ("icelandic17", "Which links are in the e-mails about {W}?"),
        ("punjabi17", "Kindly show the links in emails regarding {W}."),
        ("crane17", "What links were in the emails about {W}? I'm between lifts."),
        ("arborist17", "Which links came in the {W} emails? In the van."),
        ("quoteapp17", "Subject \"{W}\": which links are in those emails?"),
        ("rest17", "I've opened one link from the {W} emails. Which are the others? All the links in the emails "
                   "about {W}."),
        ("negq17", "Weren't there links in the emails about {W}? Which ones?"),
        ("voiceslip17", "links in the emails about {W} question mark"),
    ],
    "count_emails_to": [
        ("icelandic17", "How many e-mails have I sent to {X}?"),
        ("cockney17", "'Ow many emails 'ave I sent {X}?"),
        ("crane17", "How many emails have I sent {X}? Just the number, the hook's coming up."),
        ("soundeng17", "How many emails have I sent {X}? Between bands."),
        ("quoteapp17", "In \"Sent\", how many emails are \"To: {X}\"?"),
        ("hypercorrect17", "How many emails has {X} received from myself?"),
        ("negq17", "Haven't I emailed {X} a lot? How many emails have I sent them?"),
        ("todo17", "TODO: count the emails I've sent {X}."),
    ],
}

TEST15_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: a Bulgarian first-language speaker (bulgarian_t15), an Estonian first-language speaker (estonian_t15),
    # an Afrikaans first-language speaker (afrikaans_t15), a Trinidadian English speaker (trini_t15), a Hawaiian
    # Pidgin speaker (pidgin_t15), a dental hygienist (hygienist_t15), a stonemason (stonemason_t15), someone who
    # writes in clipped full-stopped fragments (staccato_t15), someone who asks on someone else's behalf
    # (relayed_t15: "me" is still the user), someone who leaves no space after punctuation (nospace_t15) and someone
    # who puts the question as a challenge (challenge_t15: "Bet you can't ...").
    "emails_from": [
        ("bulgarian_t15", "Zdravei! Which are the emails, that {X} has sent to me?"),
        ("trini_t15", "Aye, check which emails {X} send me, nah?"),
        ("hygienist_t15", "Patient's rinsing – which emails has {X} sent me?"),
        ("staccato_t15", "Emails. From {X}. To me. All of them."),
        ("nospace_t15", "hi,which emails has {X} sent me?thanks"),
        ("challenge_t15", "Bet you can't find every email {X} has sent me."),
    ],
    "emails_to": [
        ("estonian_t15", "Tere! Which emails I have sent to {X}?"),
        ("pidgin_t15", "Eh brah, what emails I wen send {X}?"),
        ("stonemason_t15", "Chisel down for a sec – which emails have I sent {X}?"),
        ("relayed_t15", "My accountant wants to know which emails I've sent {X}."),
        ("nospace_t15", "which emails have I sent to {X}?cheers"),
        ("challenge_t15", "Here's one for you: which emails have I sent {X}?"),
    ],
    "emails_between": [
        ("afrikaans_t15", "Goeie môre! All the emails between me and {X}, both ways, asseblief."),
        ("bulgarian_t15", "Please, all emails between me and {X} – the ones, which I sent, and the ones, which I "
                          "received."),
        ("trini_t15", "All de emails between me and {X}, both ways – pull them up nah."),
        ("hygienist_t15", "Between cleanings: every email between {X} and me, sent and received."),
        ("staccato_t15", "Emails. Between {X} and me. Both directions."),
        ("relayed_t15", "My lawyer has asked for every email between {X} and me, in both directions."),
    ],
    "emails_from_in_month": [
        ("estonian_t15", "{Mc} – which emails {X} sent me? Aitäh."),
        ("pidgin_t15", "{Mc}, what emails {X} wen send me?"),
        ("stonemason_t15", "Which emails did {X} send me {M}? I'm up on the scaffold."),
        ("staccato_t15", "Emails. From {X}. {Mc}."),
        ("nospace_t15", "what did {X} email me {M}?ta"),
        ("challenge_t15", "Let's see if you can do this one: which emails did {X} send me {M}?"),
    ],
    "emails_from_before": [
        ("bulgarian_t15", "Which are the emails from {X}, that came before {B}?"),
        ("afrikaans_t15", "Which emails did {X} send me before {B}, nè?"),
        ("trini_t15", "Which emails {X} send me before {B}? Doh leave out none."),
        ("hygienist_t15", "Which emails had {X} sent me before {B}? Gloves off for a minute."),
        ("relayed_t15", "My business partner is asking which emails {X} sent me before {B}."),
        ("challenge_t15", "Try this: which emails did {X} send me prior to {B}?"),
    ],
    "emails_from_since": [
        ("estonian_t15", "Since {B} – which emails {X} has sent me?"),
        ("pidgin_t15", "Since {B}, what emails {X} wen send me, brah?"),
        ("stonemason_t15", "What's {X} emailed me since {B}? Mortar's curing."),
        ("staccato_t15", "Emails. From {X}. Since {B}."),
        ("nospace_t15", "emails from {X} since {B}?all of them please"),
        ("relayed_t15", "My assistant needs to know what {X} has emailed me since {B}."),
    ],
    "last_email_from": [
        ("bulgarian_t15", "Which is the last email, that {X} sent me?"),
        ("afrikaans_t15", "What was the latest email from {X}? Baie dankie."),
        ("pidgin_t15", "Howzit brah, what's da latest email {X} wen send me?"),
        ("hygienist_t15", "What's the most recent email from {X}? Next patient's in the chair soon."),
        ("staccato_t15", "Email. From {X}. The latest one."),
        ("challenge_t15", "Quick test: what's the newest email {X} sent me?"),
    ],
    "first_email_from": [
        ("estonian_t15", "Which was first email, what {X} sent me?"),
        ("trini_t15", "Wha' was de first email {X} ever send me?"),
        ("stonemason_t15", "What was the first email {X} ever sent me? I'm at the banker."),
        ("relayed_t15", "My partner's curious: what was the first email {X} ever sent me?"),
        ("nospace_t15", "what was the first email {X} sent me?just curious"),
        ("challenge_t15", "Bet you can't dig up the very first email {X} sent me."),
    ],
    "first_email_to": [
        ("bulgarian_t15", "Which is the first email, that I sent to {X}?"),
        ("afrikaans_t15", "What was my very first email to {X}, nè?"),
        ("pidgin_t15", "What was da first email I wen send {X}?"),
        ("hygienist_t15", "What's the first email I sent {X}? Between patients."),
        ("staccato_t15", "Email. From me. To {X}. The first one."),
        ("relayed_t15", "My mum wants to know what my first email to {X} was."),
    ],
    "last_email_to": [
        ("estonian_t15", "Which email I last sent to {X}? Aitäh."),
        ("trini_t15", "Wha' was de last email I send {X}?"),
        ("stonemason_t15", "What did I last email {X}? Dust everywhere, can't see the screen."),
        ("staccato_t15", "Email. From me. To {X}. Most recent."),
        ("nospace_t15", "what's the last email I sent {X}?need it now"),
        ("challenge_t15", "Here's a tricky one: what's the most recent email I sent {X}?"),
    ],
    "count_emails_from": [
        ("bulgarian_t15", "How many are the emails, that {X} has sent me?"),
        ("afrikaans_t15", "How many emails has {X} sent me? Just the number, asseblief."),
        ("pidgin_t15", "How many emails {X} wen send me?"),
        ("hygienist_t15", "How many emails has {X} sent me? Just a number, I'm mid-scale."),
        ("relayed_t15", "My boss wants a count: how many emails has {X} sent me?"),
        ("challenge_t15", "Bet you can't tell me how many emails {X} has sent me."),
    ],
    "subject_contains": [
        ("estonian_t15", "Emails, where subject has {W} – which?"),
        ("trini_t15", "Which emails have {W} in de subject?"),
        ("stonemason_t15", "Which emails have \"{W}\" in the subject line? I'm on my tea break."),
        ("staccato_t15", "Emails. Subject has {W}. All of them."),
        ("nospace_t15", "emails with {W} in the subject?thx"),
        ("relayed_t15", "A colleague asked me which emails have {W} in the subject."),
    ],
    "last_received_on_day": [
        ("bulgarian_t15", "Which is the last email, that I received on {D}?"),
        ("afrikaans_t15", "On {D}, what was the last email that came in for me?"),
        ("pidgin_t15", "On {D}, what was da last email I wen get?"),
        ("hygienist_t15", "{Dc} was a full list of cleanings. What was the last email I received that day?"),
        ("staccato_t15", "Email. Received. {Dc}. The last one."),
        ("challenge_t15", "Try this one: what was the last email I received on {D}?"),
    ],
    "attachments_from": [
        ("estonian_t15", "Which files {X} has sent me as attachments?"),
        ("trini_t15", "Wha' files {X} send me? De attachments."),
        ("stonemason_t15", "Which files has {X} emailed me? The elevation drawings, hopefully."),
        ("relayed_t15", "My colleague needs all the files {X} has sent me – which are they?"),
        ("nospace_t15", "which files has {X} sent me?attachments i mean"),
        ("challenge_t15", "Let's see: can you list every file {X} has sent me?"),
    ],
    "attachments_ext": [
        ("bulgarian_t15", "Which {EXTS} were attached to emails – the sent ones and the received ones?"),
        ("afrikaans_t15", "Which {EXTS} have been attached to emails, sent or received, nè?"),
        ("pidgin_t15", "What {EXTS} get attached to emails, going in or going out?"),
        ("hygienist_t15", "Every {EXT1} attached to an email, incoming or outgoing – which? Quick, patient's "
                          "waiting."),
        ("staccato_t15", "{EXTS}. Attached to emails. Sent and received."),
        ("relayed_t15", "IT wants a list of every {EXT1} attached to my emails, sent or received."),
    ],
    "folders_with_attachments_from": [
        ("estonian_t15", "In which folders are files, what {X} sent me?"),
        ("trini_t15", "Where de files {X} send me gone? Which folders?"),
        ("stonemason_t15", "Which folders hold {Xp} attachments? I'm at the banker."),
        ("staccato_t15", "Files. From {X}. Which folders?"),
        ("nospace_t15", "which folders are the files {X} sent me in?cant find them"),
        ("challenge_t15", "Bet you can't tell me which folders the files {X} sent me are in."),
    ],
    "folders_of_file": [
        ("bulgarian_t15", "In which folder is the file {F}?"),
        ("afrikaans_t15", "In which folder is {F}? Ag, I can never find it."),
        ("pidgin_t15", "Where {F} stay? What folder?"),
        ("hygienist_t15", "Which folder is {F} in? Between patients."),
        ("relayed_t15", "My colleague needs {F} – which folder is it in?"),
        ("challenge_t15", "Bet you can't find which folder {F} is in."),
    ],
    "who_sent_file": [
        ("estonian_t15", "Who sent {F} to me?"),
        ("trini_t15", "Who send me {F}?"),
        ("stonemason_t15", "Who emailed me {F}? Maybe the architect."),
        ("staccato_t15", "{F}. Sent by whom?"),
        ("nospace_t15", "who sent me {F}?no idea"),
        ("relayed_t15", "My manager is asking who sent me {F}."),
    ],
    "conversations_with_sender_of_file": [
        ("bulgarian_t15", "The person, which sent me {F} – with whom does this person exchange emails?"),
        ("afrikaans_t15", "Whoever sent me {F} – who have they been emailing with, nè?"),
        ("pidgin_t15", "Da guy who wen send me {F} – who he been emailing with?"),
        ("hygienist_t15", "Whoever sent me {F}: who do they exchange emails with? Quick, the suction's on."),
        ("staccato_t15", "{F}. Its sender. Who do they email with?"),
        ("challenge_t15", "Here's a hard one: whoever sent me {F} – who have they been emailing back and forth "
                          "with?"),
    ],
    "coattendees_of_person": [
        ("estonian_t15", "Who has been at the same events as {X}? Aitäh."),
        ("trini_t15", "Who does be at events with {X}?"),
        ("stonemason_t15", "Who's attended events with {X}? We worked on the chapel together."),
        ("relayed_t15", "My partner is wondering who's been at events with {X}."),
        ("nospace_t15", "who has been at events with {X}?just wondering"),
        ("challenge_t15", "Bet you can't name everyone who's been at events with {X}."),
    ],
    "events_of_person": [
        ("bulgarian_t15", "On which events was {X}?"),
        ("afrikaans_t15", "Which events has {X} been to, nè?"),
        ("pidgin_t15", "What events {X} wen go to?"),
        ("hygienist_t15", "Which events has {X} attended? I'm between patients."),
        ("staccato_t15", "Events. {X} attended. Which?"),
        ("relayed_t15", "My colleague wants to know which events {X} has been to."),
    ],
    "events_at_place": [
        ("estonian_t15", "What events there are {atP}?"),
        ("trini_t15", "Wha' events going on {atP}?"),
        ("stonemason_t15", "Which events are {atP}? My hands are covered in lime."),
        ("staccato_t15", "Events. {atPc}. All of them."),
        ("nospace_t15", "which events are {atP}?thanks in advance"),
        ("challenge_t15", "See if you can list every event {atP}."),
    ],
    "events_in_month": [
        ("bulgarian_t15", "Which are the events in my calendar {M}?"),
        ("afrikaans_t15", "What's in my calendar {M}? Baie dankie."),
        ("pidgin_t15", "What stay on my calendar {M}?"),
        ("hygienist_t15", "Which events are on my calendar {M}? I'm booking recalls."),
        ("relayed_t15", "My PA wants a list of my calendar events {M}."),
        ("challenge_t15", "Let's see you do this: what's in my calendar {M}?"),
    ],
    "events_titled": [
        ("estonian_t15", "Events, where title has {T} – which?"),
        ("trini_t15", "Which events have {T} in de title?"),
        ("stonemason_t15", "Which events have \"{T}\" in the name? Dust on my glasses."),
        ("staccato_t15", "Events. Title has {T}. Which?"),
        ("nospace_t15", "events with {T} in the title?ta"),
        ("relayed_t15", "A client asked which of my events have {T} in the title."),
    ],
    "who_attended_titled": [
        ("bulgarian_t15", "Who were the people, which attended the {T}?"),
        ("afrikaans_t15", "Who went to the {T}, nè?"),
        ("pidgin_t15", "Who wen go to da {T}?"),
        ("hygienist_t15", "Who attended the {T}? I had patients all day."),
        ("staccato_t15", "The {T}. Attendees. Who?"),
        ("challenge_t15", "Bet you can't tell me who went to the {T}."),
    ],
    "place_of_event": [
        ("estonian_t15", "Tere, where takes place {T}?"),
        ("trini_t15", "Where {T} is, eh?"),
        ("pidgin_t15", "Where {T} stay?"),
        ("stonemason_t15", "Where is {T} held? I'll need to get the dust off first."),
        ("relayed_t15", "My colleague is asking where {T} is."),
        ("nospace_t15", "where is {T}?need the venue"),
    ],
    "people_met_at_place": [
        ("bulgarian_t15", "Who are the people, which I met {atP}?"),
        ("afrikaans_t15", "Who did I meet {atP}, nè?"),
        ("pidgin_t15", "Who I wen meet {atP}?"),
        ("hygienist_t15", "Who have I met {atP}? Sterilising instruments."),
        ("staccato_t15", "People. I met them {atP}. Who?"),
        ("challenge_t15", "Bet you can't tell me who I've met {atP}."),
    ],
    "people_met_in_month": [
        ("estonian_t15", "With whom I met {M}? Aitäh."),
        ("trini_t15", "Who I meet {M}?"),
        ("stonemason_t15", "Who did I meet {M}? Site visits, mostly."),
        ("relayed_t15", "My husband is asking who I met {M}."),
        ("nospace_t15", "who did I meet {M}?quick one"),
        ("challenge_t15", "Try this: who did I meet {M}?"),
    ],
    "links_from_person": [
        ("bulgarian_t15", "Which are the links, that {X} sent me?"),
        ("afrikaans_t15", "Which links has {X} sent me, nè?"),
        ("pidgin_t15", "What links {X} wen send me?"),
        ("hygienist_t15", "Which links has {X} emailed me? I'll read them at lunch."),
        ("staccato_t15", "Links. From {X}. All of them."),
        ("relayed_t15", "My colleague wants the links {X} has emailed me."),
    ],
    "links_from_people_met_in_month": [
        ("estonian_t15", "People, with whom I met {M} – which links they sent me?"),
        ("trini_t15", "De people I meet {M} – wha' links they send me?"),
        ("stonemason_t15", "Which links did the people I met {M} send me? Quarry prices, likely."),
        ("staccato_t15", "People I met {M}. Links they sent me. Which?"),
        ("nospace_t15", "the people I met {M},which links did they send me?"),
        ("challenge_t15", "Here's a tough one: which links have the people I met {M} sent me?"),
    ],
    "links_to_domain": [
        ("bulgarian_t15", "Which are the {U} links in my emails?"),
        ("afrikaans_t15", "Which {U} links are in my emails, nè?"),
        ("pidgin_t15", "What {U} links get in my emails?"),
        ("hygienist_t15", "Which {U} links are in my emails? Waiting for the polish to set."),
        ("staccato_t15", "Links. {U}. In my emails."),
        ("relayed_t15", "Our web person wants every {U} link in my emails."),
    ],
    "last_email_from_about": [
        ("estonian_t15", "Which is last email from {X} about {W}?"),
        ("trini_t15", "Wha' is de latest email {X} send me about {W}?"),
        ("stonemason_t15", "Latest email from {X} about {W}? I'm pointing the wall."),
        ("staccato_t15", "Email. From {X}. About {W}. Latest."),
        ("nospace_t15", "latest email from {X} about {W}?urgent"),
        ("challenge_t15", "Bet you can't find {Xp} latest email about {W}."),
    ],
    "emails_from_with_attachment": [
        ("bulgarian_t15", "Which are the emails from {X}, that have attachments?"),
        ("afrikaans_t15", "Which emails from {X} had attachments, nè?"),
        ("pidgin_t15", "Which emails {X} wen send me get attachments?"),
        ("hygienist_t15", "Which of {Xp} emails had attachments? Referral forms, maybe."),
        ("staccato_t15", "Emails. From {X}. With attachments."),
        ("relayed_t15", "My bookkeeper wants the emails from {X} that had attachments."),
    ],
    "files_from_in_month": [
        ("estonian_t15", "{Mc} – which files {X} sent me?"),
        ("trini_t15", "Wha' files {X} send me {M}?"),
        ("stonemason_t15", "Which files did {X} send me {M}? The templates for the arch, probably."),
        ("staccato_t15", "Files. From {X}. {Mc}."),
        ("nospace_t15", "which files did {X} send me {M}?thanks"),
        ("challenge_t15", "See if you can find the files {X} sent me {M}."),
    ],
    "events_at_place_in_month": [
        ("bulgarian_t15", "Which are the events {atP} {M}?"),
        ("afrikaans_t15", "Which events are {atP} {M}, nè?"),
        ("pidgin_t15", "What events get {atP} {M}?"),
        ("hygienist_t15", "Which events are {atP} {M}? Checking before I book recalls."),
        ("staccato_t15", "Events. {atPc}. {Mc}."),
        ("relayed_t15", "My PA needs the events {atP} {M}."),
    ],
    "people_emailed_in_month": [
        ("estonian_t15", "Whom I emailed {M}? Aitäh."),
        ("trini_t15", "Who I send emails to {M}?"),
        ("stonemason_t15", "Who did I email {M}? Quotes went out to a few."),
        ("staccato_t15", "Emails. From me. {Mc}. To whom?"),
        ("nospace_t15", "who did I send emails to {M}?cheers"),
        ("challenge_t15", "Bet you can't list everyone I emailed {M}."),
    ],
    "emails_from_person_to_person": [
        ("bulgarian_t15", "Which are the emails, that {X} sent to {Y}?"),
        ("afrikaans_t15", "Which emails has {X} sent to {Y}, nè?"),
        ("pidgin_t15", "What emails {X} wen send {Y}?"),
        ("hygienist_t15", "Which emails did {X} send {Y}? They're sorting out the rota."),
        ("staccato_t15", "Emails. From {X}. To {Y}."),
        ("relayed_t15", "My manager wants the emails {X} sent {Y}."),
    ],
    "count_events_at_place": [
        ("estonian_t15", "How many events were {atP}? Aitäh."),
        ("trini_t15", "How much events it had {atP}?"),
        ("stonemason_t15", "How many events have been held {atP}? A client's asking about bookings."),
        ("staccato_t15", "Events. {atPc}. How many?"),
        ("nospace_t15", "how many events were {atP}?just the number"),
        ("challenge_t15", "Bet you can't tell me how many events there have been {atP}."),
    ],
    "links_in_emails_about": [
        ("bulgarian_t15", "Which are the links in the emails about {W}?"),
        ("afrikaans_t15", "Which links were in the emails about {W}, nè?"),
        ("pidgin_t15", "What links get in da emails about {W}?"),
        ("hygienist_t15", "Which links were in the emails about {W}? I'll look after my last patient."),
        ("staccato_t15", "Emails about {W}. Links. Which?"),
        ("relayed_t15", "My colleague needs the links from the emails about {W}."),
    ],
    "count_emails_to": [
        ("bulgarian_t15", "How many are the emails, that I sent to {X}?"),
        ("estonian_t15", "How many emails I have sent to {X}? Aitäh."),
        ("trini_t15", "How much emails I send {X}?"),
        ("stonemason_t15", "How many emails have I sent {X}? Just a number, I've mortar on my hands."),
        ("nospace_t15", "how many emails have I sent {X}?number only"),
        ("challenge_t15", "Bet you can't count the emails I've sent {X}."),
    ],
}


# =============================================================================================
# dev18 and test16: two more groups of askers, each writing every shape (the later ones too). dev18's templates were
# written without reading how the reader works, by twelve kinds of askers no earlier part had: Basque and Maltese
# first-language speakers (Basque: "Kaixo", "eskerrik asko", "agur", the verb last ("Which emails X to me has sent?",
# "Where T is held, no?"), a "no?" tag; Maltese: "Bongu", "grazzi (ħafna)", "mela", "ejja", "insomma", "Which are the
# ... that ...?", "I want to know ..."), a Pittsburgh English speaker ("n'at", "yinz", "redd up", "nebby", "who all",
# "dahntahn"), a hospital porter between jobs ("Just dropped a patient off at X-ray", "Theatres are waiting on me"), a
# choir director mid-rehearsal ("The altos are running the Kyrie"), a farrier at the forge ("Hoof in my lap"), a
# lock-keeper on a canal ("Narrowboat's filling in the lock"), someone who types a word twice by mistake ("Which emails
# has has X sent me?"), someone who writes "the said" like a deed ("the said sender", "the said emails", "hereinafter"),
# someone who holds the name, date, file or place back to the very end after an aside ("Which emails have been sent to
# me – and I'm asking for all of them, not just the recent few – by X?"), someone who says "one" for themselves ("Which
# emails has X sent one?") and someone who contracts everything ("Which emails've I sent X?", "Who'd I have meetings
# with in D?"). test16's askers are another group again (sharing no template with any part): Latvian and Albanian
# first-language speakers (Latvian: "Labdien", "paldies", "lūdzu", no articles, "Which e-mails has sent me X?";
# Albanian: "Përshëndetje", "faleminderit", "ju lutem", "the emails of X", "How many are the ...?"), Brummie, Boston and
# East Midlands English speakers ("ar", "bostin'", "ta-ra-a-bit", "our kid", "yow", "it ay"; "wicked", "kid", "a Dunks";
# "ay up me duck", "duck", "mash a brew", "all of a mither"), a school crossing patrol ("Lollipop's down between
# crossings"), a church bell-ringer between peals, a window cleaner up a ladder, someone who writes like a telegram
# ("... STOP") and someone who writes in forum shorthand ("IIRC", "AFAIK", "FWIW", "ETA", "TIA"); like test2 to test15,
# only its aggregate figures are reported. Both draw their date phrases from their own lists, spellings no earlier part
# used (holidays and the days around them: "around Boxing Day 2025", "the build-up to Christmas 2025", "Christmas week
# 2025", "Thanksgiving weekend 2025", "around Valentine's Day 2025", "the week after Bonfire Night 2025", "the fortnight
# before Christmas 2025", "over Easter 2025", "the week of Thanksgiving 2025"; ISO weeks: "week 45 of 2025", "W47 2025";
# a month of a quarter or a year: "the first month of Q4 2025", "the third month of Q3 2025", "the last month of 2025",
# "the final quarter of 2025"; halves and thirds: "the earlier half of 2025", "late H1 2025", "early H2 2025", "the
# later half of November 2025", "the middle third of 2025", "the first third of December 2025", "the 2nd fortnight of
# October 2025", "midway through November 2025"; the first or last N units of X: "the last 2 weeks of November 2025",
# "the first three weeks of October 2025", "the last two months of 2025"; "twenty-two / eighteen weeks ago", "sixteen
# months ago", "two and a half months ago", "a week and a half ago", "a quarter of a year ago"; rolling windows: "the
# past 5 weeks", "the last one hundred and fifty days", "the past half a year", "the last 70 days", "the last three and
# a half months", "the last half-year"; "the preceding month / quarter", "the summer / autumn before last", "earlier
# this quarter", "the November just gone", "the fall just past"; ahead: "over the rest of the month", "over the coming
# 25 days", "this coming weekend", "between now and the end of April", "over the remainder of the quarter", "the
# following month"; days such as "2025.10.04", "2025, October 4", "Oct-04-2025", "4 October 2025, a Saturday",
# "2025-Oct-04", "4th Oct. (Sat) 2025", "Saturday, 2025-10-04" and "October 4 (Saturday), 2025"; bounds such as "the
# week of Thanksgiving 2025", "Easter Monday 2025", "week 36 of 2025", "the first month of Q3 2025", "the later half of
# August 2025", "the last two weeks of September 2025", "All Hallows' Eve 2025", "2025, September 15", "the final
# quarter of last year", "Thanksgiving 2025", "Good Friday 2025", "2025-W40", "the third month of Q2 2025", "the opening
# half of October 2025", "the last 3 days of October 2025", "the day before Halloween 2025", "2025-Oct-20" and "midway
# through September 2025"); every phrase, bound and day spelling was checked against queryweaver.dates for the exact
# range the oracle uses (bounds under both "<" and ">", day spellings for every day from July 2023 to March 2026). Their
# questions follow test15's: dev18's first, then test16's.
# =============================================================================================

D18, T16 = "dev18", "test16"
PARTS = PARTS + (D18, T16)


def coming_weekend(today: date) -> tuple[date, date]:
    """"this coming weekend": the first Saturday and Sunday still to begin."""
    ahead = (5 - today.weekday()) % 7 or 7
    saturday = today + timedelta(days=ahead)
    return saturday, saturday + timedelta(days=2)


def quarter_start(today: date) -> date:
    return date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)


def dev18_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Holidays and the days around them ("around Boxing Day 2025" = December 23-29, "the build-up to Christmas
    2025" = the four weeks to Christmas Eve, "Christmas week 2025" = the Monday-Sunday week of Christmas Day,
    "Thanksgiving weekend 2025" = Thursday to Sunday), an ISO week ("week 45 of 2025" = November 3-9), a month of a
    quarter ("the first month of Q4 2025"), "the final quarter of 2025", halves and thirds ("the earlier half of
    2025", "late H1 2025" = May and June, "the middle third of 2025" = May to August, "midway through November 2025"
    = November 11-20), "the last 2 weeks of November 2025" (November 17-30), "twenty-two weeks ago" (a calendar
    week), "sixteen months ago" (a calendar month), "two and a half months ago" (the months 2 and 3 back), rolling
    windows ("the past 5 weeks", "the last one hundred and fifty days", "the past half a year" = six months back
    through today), "the preceding month", "the summer before last", "earlier this quarter" (the quarter's first day
    through today) and "the November just gone" (the latest November before this month)."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    summer = season_over(today, 6)
    return [("around Boxing Day 2025", (date(2025, 12, 23), date(2025, 12, 30))),
            ("in the build-up to Christmas 2025", (date(2025, 11, 27), date(2025, 12, 25))),
            ("in Christmas week 2025", (date(2025, 12, 22), date(2025, 12, 29))),
            ("over Thanksgiving weekend 2025", (date(2025, 11, 27), date(2025, 12, 1))),
            ("in week 45 of 2025", (date(2025, 11, 3), date(2025, 11, 10))),
            ("in the first month of Q4 2025", (date(2025, 10, 1), date(2025, 11, 1))),
            ("in the final quarter of 2025", (date(2025, 10, 1), date(2026, 1, 1))),
            ("in the earlier half of 2025", (date(2025, 1, 1), date(2025, 7, 1))),
            ("in late H1 2025", (date(2025, 5, 1), date(2025, 7, 1))),
            ("midway through November 2025", (date(2025, 11, 11), date(2025, 11, 21))),
            ("in the last 2 weeks of November 2025", (date(2025, 11, 17), date(2025, 12, 1))),
            ("in the middle third of 2025", (date(2025, 5, 1), date(2025, 9, 1))),
            ("twenty-two weeks ago", (monday - timedelta(days=154), monday - timedelta(days=147))),
            ("sixteen months ago", months_back(today, 16)),
            ("two and a half months ago", (months_back(today, 3)[0], months_back(today, 2)[1])),
            ("in the past 5 weeks", (today - timedelta(weeks=5), tomorrow)),
            ("over the last one hundred and fifty days", (today - timedelta(days=150), tomorrow)),
            ("over the past half a year", (months_before(today, 6), tomorrow)),
            ("during the preceding month", months_back(today, 1)),
            ("in the summer before last", _season_span(summer[0].year - 1, 6)),
            ("earlier this quarter", (quarter_start(today), tomorrow)),
            ("in the November just gone", month_range(today.year - (today.month <= 11), 11))]


def dev18_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    return dev18_month_phrases(today) + [("over the rest of the month", (today, months_back(today, -1)[0])),
                                         ("over the coming 25 days", (today, today + timedelta(days=26))),
                                         ("this coming weekend", coming_weekend(today))]


DEV18_BOUNDS = [("the week of Thanksgiving 2025", date(2025, 11, 24)), ("Easter Monday 2025", date(2025, 4, 21)),
                ("week 36 of 2025", date(2025, 9, 1)), ("the first month of Q3 2025", date(2025, 7, 1)),
                ("the later half of August 2025", date(2025, 8, 16)),
                ("the last two weeks of September 2025", date(2025, 9, 17)),
                ("All Hallows' Eve 2025", date(2025, 10, 31)), ("2025, September 15", date(2025, 9, 15)),
                ("the final quarter of last year", date(2025, 10, 1))]


def dev18_day(d: date, i: int) -> str:
    """"2025.10.04", "2025, October 4", "Oct-04-2025", "4 October 2025, a Saturday"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    forms = (f"{d.year}.{d.month:02d}.{d.day:02d}", f"{d.year}, {month} {d.day}",
             f"{month[:3]}-{d.day:02d}-{d.year}", f"{d.day} {month} {d.year}, a {weekday}")
    return forms[i % len(forms)]


def test16_month_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    """Holidays and the days around them ("around Valentine's Day 2025" = February 11-17, "the week after Bonfire
    Night 2025" = November 6-12, "the fortnight before Christmas 2025" = December 11-24, "over Easter 2025" = Good
    Friday to Easter Monday, "the week of Thanksgiving 2025" = its Monday-Sunday week), an ISO week ("W47 2025" =
    November 17-23), "the third month of Q3 2025", "the last month of 2025", "early H2 2025" (July and August), "the
    later half of November 2025" (16-30), "the first three weeks of October 2025" (1-21), "the last two months of
    2025", "the first third of December 2025" (1-10), "the 2nd fortnight of October 2025" (15-31), "eighteen weeks
    ago" (a calendar week), "a week and a half ago" (the weeks 1 and 2 back), "a quarter of a year ago" (a calendar
    quarter), rolling windows ("the last 70 days", "the last three and a half months", "the last half-year"), "the
    preceding quarter", "the autumn before last" and "the fall just past" (the latest autumn that is over)."""
    monday = today - timedelta(days=today.weekday())
    tomorrow = today + timedelta(days=1)
    autumn = season_over(today, 9)
    return [("around Valentine's Day 2025", (date(2025, 2, 11), date(2025, 2, 18))),
            ("in the week after Bonfire Night 2025", (date(2025, 11, 6), date(2025, 11, 13))),
            ("in the fortnight before Christmas 2025", (date(2025, 12, 11), date(2025, 12, 25))),
            ("over Easter 2025", (date(2025, 4, 18), date(2025, 4, 22))),
            ("in the week of Thanksgiving 2025", (date(2025, 11, 24), date(2025, 12, 1))),
            ("in W47 2025", (date(2025, 11, 17), date(2025, 11, 24))),
            ("in the third month of Q3 2025", (date(2025, 9, 1), date(2025, 10, 1))),
            ("in the last month of 2025", (date(2025, 12, 1), date(2026, 1, 1))),
            ("in early H2 2025", (date(2025, 7, 1), date(2025, 9, 1))),
            ("in the later half of November 2025", (date(2025, 11, 16), date(2025, 12, 1))),
            ("in the first three weeks of October 2025", (date(2025, 10, 1), date(2025, 10, 22))),
            ("in the last two months of 2025", (date(2025, 11, 1), date(2026, 1, 1))),
            ("in the first third of December 2025", (date(2025, 12, 1), date(2025, 12, 11))),
            ("in the 2nd fortnight of October 2025", (date(2025, 10, 15), date(2025, 11, 1))),
            ("eighteen weeks ago", (monday - timedelta(days=126), monday - timedelta(days=119))),
            ("a week and a half ago", (monday - timedelta(days=14), monday)),
            ("a quarter of a year ago", quarters_back(today, 1)),
            ("in the last 70 days", (today - timedelta(days=70), tomorrow)),
            ("within the last three and a half months", (months_before(today, 3) - timedelta(days=15), tomorrow)),
            ("in the last half-year", (months_before(today, 6), tomorrow)),
            ("during the preceding quarter", quarters_back(today, 1)),
            ("in the autumn before last", _season_span(autumn[0].year - 1, 9)),
            ("in the fall just past", autumn)]


def test16_event_phrases(today: date) -> list[tuple[str, tuple[date, date]]]:
    april = today.year + (today >= date(today.year, 5, 1))
    quarter_end = quarters_back(today, 0)[1]
    return test16_month_phrases(today) + [("between now and the end of April", (today, date(april, 5, 1))),
                                          ("over the remainder of the quarter", (today, quarter_end)),
                                          ("in the following month", months_back(today, -1))]


TEST16_BOUNDS = [("Thanksgiving 2025", date(2025, 11, 27)), ("Good Friday 2025", date(2025, 4, 18)),
                 ("2025-W40", date(2025, 9, 29)), ("the third month of Q2 2025", date(2025, 6, 1)),
                 ("the opening half of October 2025", date(2025, 10, 1)),
                 ("the last 3 days of October 2025", date(2025, 10, 29)),
                 ("the day before Halloween 2025", date(2025, 10, 30)), ("2025-Oct-20", date(2025, 10, 20)),
                 ("midway through September 2025", date(2025, 9, 11))]


def test16_day(d: date, i: int) -> str:
    """"2025-Oct-04", "4th Oct. (Sat) 2025", "Saturday, 2025-10-04", "October 4 (Saturday), 2025"."""
    month, weekday = MONTH_NAMES[d.month - 1], WEEKDAYS[d.weekday()]
    short = month[:3] + ("." if len(month) > 3 else "")
    forms = (f"{d.year}-{month[:3]}-{d.day:02d}", f"{nth(d.day)} {short} ({weekday[:3]}) {d.year}",
             f"{weekday}, {d.year}-{d.month:02d}-{d.day:02d}", f"{month} {d.day} ({weekday}), {d.year}")
    return forms[i % len(forms)]


DEV18_MAKERS = dated_makers(dev18_month_phrases, dev18_event_phrases, DEV18_BOUNDS, dev18_day)
TEST16_MAKERS = dated_makers(test16_month_phrases, test16_event_phrases, TEST16_BOUNDS, test16_day)


DEV18_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); {SELF} = the user
    # Askers: Basque and Maltese first-language speakers (basque18, maltese18), a Pittsburgh English speaker
    # (yinzer18), a hospital porter between jobs (porter18), a choir director mid-rehearsal (choir18), a farrier at the
    # forge (farrier18), a lock-keeper on a canal (lockkeeper18), someone who types a word twice by mistake (twice18:
    # "has has"), someone who writes "the said" like a deed (said18), someone who holds the name, date, file or place
    # back to the very end after an aside (heldback18), someone who says "one" for themselves (oneself18: "one" is the
    # user) and someone who contracts everything (contract18: "emails've", "who'd").
    "emails_from": [
        ("basque18", "Kaixo! The emails that {X} to me has sent – which are they, no?"),
        ("maltese18", "Bongu! Which are the emails that {X} sent me? Grazzi."),
        ("yinzer18", "What emails has {X} sent me n'at? My inbox needs redd up."),
        ("porter18", "Just dropped a patient off at X-ray – which emails has {X} sent me?"),
        ("twice18", "Which emails has has {X} sent me?"),
        ("said18", "Regarding {X} (hereinafter \"the sender\"): which emails has the said sender sent me?"),
        ("heldback18", "Which emails have been sent to me – and I'm asking for all of them, not just the recent few – "
                       "by {X}?"),
        ("oneself18", "Which emails has {X} sent one, might one ask?"),
    ],
    "emails_to": [
        ("basque18", "Which emails I to {X} have sent? Eskerrik asko."),
        ("maltese18", "Mela, I want to know which emails I sent {X}."),
        ("yinzer18", "I'm redding up my sent box – what emails have I sent {X} n'at?"),
        ("choir18", "The altos are running the Kyrie – which emails have I sent {X}?"),
        ("farrier18", "Hoof in my lap, so quick: which emails have I sent {X}?"),
        ("twice18", "Which emails did I I send to {X}?"),
        ("said18", "Which emails have I addressed to {X}? List the said emails in full."),
        ("contract18", "Which emails've I sent {X}, d'you know?"),
    ],
    "emails_between": [
        ("maltese18", "Ejja, all the emails between me and {X}, both sent and received, grazzi."),
        ("yinzer18", "Every email between me and {Xf}, both ways n'at."),
        ("porter18", "Theatres are waiting on me, so quick: every email between {X} and me, either direction."),
        ("lockkeeper18", "Narrowboat's filling in the lock – show me all the emails between {X} and me, in and out."),
        ("twice18", "All the emails between me and and {X}, both ways."),
        ("said18", "All emails passing between {X} and me, the said emails to include those sent and those received."),
        ("heldback18", "Every email, sent or received – and I mean every one, I'm doing a clear-out – between me and "
                       "{X}."),
        ("oneself18", "Which emails has one exchanged with {X}, in either direction?"),
    ],
    "emails_from_in_month": [
        ("basque18", "{Mc} {X} to me which emails sent? Eskerrik asko."),
        ("maltese18", "Which are the emails that {X} sent me {M}? Grazzi ħafna."),
        ("yinzer18", "What'd {Xf} email me {M} n'at?"),
        ("porter18", "Pushing a wheelchair to outpatients – what did {X} email me {M}?"),
        ("choir18", "Sopranos are warming up – which emails did {X} send me {M}?"),
        ("said18", "Which emails did {X} send me {M}? The said period only."),
        ("heldback18", "Which emails did {X} send me – and this is for an expenses claim, so I need the lot – {M}?"),
        ("contract18", "What'd {X} send me {M}? Which emails'd that be?"),
    ],
    "emails_from_before": [
        ("basque18", "Before {B}, which emails {X} to me has sent?"),
        ("maltese18", "I want to know which emails {X} sent me before {B}, grazzi."),
        ("farrier18", "Forge is heating – which emails did {X} send me before {B}?"),
        ("lockkeeper18", "Which emails had {X} sent me before {B}? Boat's just gone through the top gate."),
        ("twice18", "Which emails did did {X} send me before {B}?"),
        ("said18", "The emails sent to me by {X} before {B} – list the said emails."),
        ("heldback18", "Which emails did {X} send me – I'm only after the older ones, mind – before {B}?"),
        ("oneself18", "Which emails did {X} send one before {B}?"),
    ],
    "emails_from_since": [
        ("basque18", "Since {B}, which emails {X} to me has sent, no?"),
        ("yinzer18", "What's {X} sent me since {B} n'at?"),
        ("porter18", "Which emails has {X} sent me since {B}? I've a bed to take up to ward six."),
        ("choir18", "Which emails has {X} sent me since {B}? Tenors are learning their line."),
        ("twice18", "Which emails has {X} sent me me since {B}?"),
        ("said18", "All emails from {X} on or after {B}; list the said emails."),
        ("heldback18", "Which emails has {X} sent me – and I know it's a lot, I've been away – since {B}?"),
        ("contract18", "What've I had from {X} since {B}? Which emails're they?"),
    ],
    "last_email_from": [
        ("basque18", "The last email that {X} to me sent, which is it?"),
        ("maltese18", "Bongu! Which is the last email {X} sent me?"),
        ("yinzer18", "What's the last email {Xf} sent me n'at?"),
        ("farrier18", "What was {Xp} latest email to me? I've a nail between my teeth."),
        ("lockkeeper18", "Paddles are up – what's the most recent email {X} sent me?"),
        ("twice18", "What's the latest email {X} has has sent me?"),
        ("said18", "Of the emails sent to me by {X}, which is the most recent of the said emails?"),
        ("oneself18", "What was the last email {X} sent one?"),
    ],
    "first_email_from": [
        ("basque18", "Which email {X} to me first sent? Eskerrik asko."),
        ("maltese18", "Which was the first email that {X} ever sent me, insomma?"),
        ("porter18", "What was the first email {X} ever sent me? Waiting for the lift to theatres."),
        ("choir18", "Which was the very first email {X} sent me? We're on a break before the Gloria."),
        ("twice18", "What was the first email {X} ever ever sent me?"),
        ("said18", "The earliest email sent to me by {X} – identify the said email."),
        ("heldback18", "Which was the very first email sent to me – going right back to the start, the one that began "
                       "it all – by {X}?"),
        ("contract18", "Which was the first email {X}'s ever sent me?"),
    ],
    "first_email_to": [
        ("basque18", "My first email to {X}, which was it? Agur."),
        ("maltese18", "Mela, which was the first email I sent {X}?"),
        ("yinzer18", "What was the first email I ever sent {X}? Can yinz find that n'at?"),
        ("farrier18", "Which was the first email I sent {X}? Horse is getting fidgety."),
        ("lockkeeper18", "What was the first email I ever sent {X}? Bottom gates are open."),
        ("said18", "Identify the first email sent by me to {X}, the said {X} being the addressee."),
        ("heldback18", "What was the first email I ever sent – this goes back a while, I think – to {X}?"),
        ("oneself18", "Which was the first email one ever sent {X}?"),
    ],
    "last_email_to": [
        ("maltese18", "Which is the last email I sent {X}? Grazzi."),
        ("yinzer18", "What'd I last email {Xf} n'at?"),
        ("porter18", "What was my most recent email to {X}? I'm parked by A&E with an empty trolley."),
        ("choir18", "What's the last email I sent {X}? Basses are still on page four."),
        ("twice18", "What was the last email I sent to to {X}?"),
        ("said18", "The most recent email sent by me to {X}: identify the said email."),
        ("heldback18", "What was the last email I sent – I think I promised a reply, so I need to check – to {X}?"),
        ("contract18", "Which's the last email I've sent {X}?"),
    ],
    "count_emails_from": [
        ("basque18", "How many emails {X} to me has sent? Only the number."),
        ("maltese18", "How many emails did {X} send me? Just the number, grazzi."),
        ("yinzer18", "How many emails has {X} sent me n'at? Just the number."),
        ("lockkeeper18", "How many emails has {X} sent me? A number'll do, I've a boat in the lock."),
        ("twice18", "How many emails has {X} sent sent me?"),
        ("said18", "State the number of emails sent to me by {X}, the said emails being counted in full."),
        ("oneself18", "How many emails has {X} sent one, all told?"),
        ("contract18", "How many's {X} sent me? Emails, I mean – how many've there been?"),
    ],
    "subject_contains": [
        ("basque18", "Which emails {W} in the subject have? Eskerrik asko."),
        ("maltese18", "Which are the emails with {W} in the subject? Grazzi."),
        ("porter18", "Which emails have {W} in the subject line? On my way down to pathology."),
        ("choir18", "Which emails have \"{W}\" in the subject? Hymn practice in five."),
        ("farrier18", "Any emails with {W} in the subject? Which ones? Just cooling a shoe."),
        ("twice18", "Which emails have {W} in in the subject?"),
        ("said18", "Produce all emails whose subject contains \"{W}\", the said phrase appearing anywhere in it."),
        ("heldback18", "Which emails have in the subject – and I'm sure I've seen it more than once – {W}?"),
    ],
    "last_received_on_day": [
        ("basque18", "On {D} the last email that to me came, which is it?"),
        ("maltese18", "Which is the last email I got on {D}? Grazzi ħafna."),
        ("yinzer18", "What was the last email I got on {D} n'at?"),
        ("porter18", "I was on nights on {D}. Which email came in last that day?"),
        ("lockkeeper18", "On {D} the canal was heaving. What was the last email I received that day?"),
        ("said18", "On {D}, which email was received by me last on the said day?"),
        ("heldback18", "Which email came in last – I was out all day and only looked at night – on {D}?"),
        ("contract18", "What's the last email that'd come in on {D}?"),
    ],
    "attachments_from": [
        ("basque18", "Which files {X} to me has sent? Attachments, I mean."),
        ("maltese18", "Which are the files that {X} sent me as attachments?"),
        ("yinzer18", "What files has {X} sent me n'at? Attachments."),
        ("farrier18", "Which attachments has {X} sent me? The vet's notes, maybe."),
        ("choir18", "Which files has {X} emailed me? Scores, most likely."),
        ("said18", "Identify all files attached to emails sent to me by {X}, listing the said files."),
        ("oneself18", "Which files has {X} sent one as attachments?"),
        ("twice18", "Which files has {X} sent me as as attachments?"),
    ],
    "attachments_ext": [
        ("basque18", "Which {EXTS} to emails were attached, sent or received?"),
        ("maltese18", "Which are all the {EXTS} attached to emails, sent and received both?"),
        ("porter18", "Every {EXT1} attached to an email, sent or received – which are they? I'm between jobs."),
        ("lockkeeper18", "Which {EXTS} have been attached to emails, in or out? Lock's emptying."),
        ("twice18", "Which {EXTS} have been been attached to emails, sent or received?"),
        ("said18", "All {EXTS} attached to any email, sent or received; list the said files."),
        ("heldback18", "Which files have been attached to my emails, sent or received – I only want the one kind – "
                       "{EXTS}?"),
        ("contract18", "Which {EXTS}'ve been attached to emails, sent or received?"),
    ],
    "folders_with_attachments_from": [
        ("basque18", "The files that {X} to me sent, in which folders are they?"),
        ("maltese18", "In which folders are the files that {X} sent me? Grazzi."),
        ("yinzer18", "Where'd I put the files {X} sent me? Which folders n'at?"),
        ("porter18", "Which folders are the files {X} emailed me in? Need them before my next job."),
        ("farrier18", "Which folders did the files {X} sent me get saved in? Back in the van now."),
        ("said18", "In which folders are kept the files sent to me by {X}, the said files being attachments?"),
        ("heldback18", "Which folders hold the files sent to me – attachments, I mean, saved to my computer – by {X}?"),
        ("oneself18", "In which folders has one kept the files {X} sent one?"),
    ],
    "folders_of_file": [
        ("basque18", "{F} in which folder is it?"),
        ("maltese18", "Mela, in which folder is {F}?"),
        ("yinzer18", "Where's {F} at? What folder n'at?"),
        ("choir18", "Which folder's {F} in? I need it for Sunday."),
        ("lockkeeper18", "Which folder is {F} saved in? I'm in the lock cottage."),
        ("twice18", "Which which folder is {F} in?"),
        ("said18", "In which folder is the file {F} kept? Locate the said file."),
        ("heldback18", "Which folder is it saved in – I put it somewhere ages ago and lost track – {F}?"),
    ],
    "who_sent_file": [
        ("basque18", "{F} who to me sent?"),
        ("maltese18", "Who is the one who sent me {F}? Grazzi."),
        ("porter18", "Who emailed me {F}? Just dropped bloods at the lab."),
        ("farrier18", "Who sent me {F}? Might be the livery yard."),
        ("twice18", "Who sent me me {F}?"),
        ("said18", "Identify the sender of the email to which {F} was attached, the said file having been sent to me."),
        ("heldback18", "Who sent me – it came as an attachment, I'm fairly sure – {F}?"),
        ("oneself18", "Who sent one {F}?"),
    ],
    "conversations_with_sender_of_file": [
        ("basque18", "Who {F} to me sent, and that person with whom has emailed?"),
        ("maltese18", "The person who sent me {F} – with which people does that person email? Grazzi."),
        ("yinzer18", "Whoever sent me {F} – who've they been emailing back and forth n'at?"),
        ("choir18", "Whoever sent me {F}: who have they exchanged emails with? We're between anthems."),
        ("lockkeeper18", "The sender of {F} – who have they emailed with, either way?"),
        ("said18", "Identify the sender of {F} and list all persons with whom the said sender has exchanged emails."),
        ("heldback18", "Who has that person been emailing with, back and forth – I mean the person who sent me {F}?"),
        ("contract18", "Who's sent me {F}, and who's that person been emailin' with?"),
    ],
    "coattendees_of_person": [
        ("basque18", "With {X} at events who has been?"),
        ("maltese18", "Who are the people that were at events with {X}?"),
        ("yinzer18", "Who's been at events with {Xf} n'at?"),
        ("porter18", "Who's been at events alongside {X}? I'm pushing an empty bed back to the ward."),
        ("choir18", "Who has been at events with {X}? I'm seating the choir for a concert."),
        ("twice18", "Who has been at at events with {X}?"),
        ("said18", "List all persons who attended events together with {X}, the said {X} being an attendee of each."),
        ("oneself18", "With whom has {X} been at events? One can't quite recall."),
    ],
    "events_of_person": [
        ("basque18", "{X} which events has attended?"),
        ("maltese18", "Which are the events that {X} went to?"),
        ("farrier18", "Which events has {X} been to? They keep a few horses with me."),
        ("lockkeeper18", "What events has {X} attended? They moor above the lock."),
        ("twice18", "Which events has {X} been been to?"),
        ("said18", "List each event attended by {X}; the said events only."),
        ("heldback18", "Which events have been attended – I've a feeling it's quite a few – by {X}?"),
        ("contract18", "What's {X} been to? Which events've they attended?"),
    ],
    "events_at_place": [
        ("basque18", "{atPc} which events are there?"),
        ("maltese18", "Which are the events {atP}?"),
        ("yinzer18", "What events are {atP} n'at?"),
        ("porter18", "Which events are {atP}? I'm on my break."),
        ("choir18", "Which events are held {atP}? Choosing a concert venue."),
        ("twice18", "Which events are are {atP}?"),
        ("said18", "List all events whose location is {P}, the said place."),
        ("oneself18", "Which events does one have {atP}?"),
    ],
    "events_in_month": [
        ("basque18", "{Mc} in my calendar what is there?"),
        ("maltese18", "Which events do I have {M}? Grazzi."),
        ("yinzer18", "What've I got on the calendar {M} n'at?"),
        ("farrier18", "What's in my calendar {M}? Trying to fit in a shoeing round."),
        ("lockkeeper18", "Which events are on my calendar {M}? Working out my shifts on the lock."),
        ("twice18", "What events are on my my calendar {M}?"),
        ("heldback18", "What have I got in my calendar – all of it, meetings and the rest – {M}?"),
        ("oneself18", "What does one have in one's calendar {M}?"),
    ],
    "events_titled": [
        ("basque18", "Which events {T} in the title have?"),
        ("maltese18", "Which are the events with {T} in the name?"),
        ("porter18", "Which events have {T} in the title? Between transfers."),
        ("choir18", "Which events are called something with \"{T}\" in it? Checking for rehearsal clashes."),
        ("twice18", "Which events events have {T} in the title?"),
        ("said18", "List all events whose title contains \"{T}\", the said words appearing anywhere in it."),
        ("heldback18", "Which events have in their title – I've lost count of them – {T}?"),
        ("contract18", "Which events've got {T} in the title?"),
    ],
    "who_attended_titled": [
        ("basque18", "The {T} – who attended it, no?"),
        ("maltese18", "Who are the people who attended the {T}?"),
        ("yinzer18", "Who all went to the {T} n'at?"),
        ("farrier18", "Who went to the {T}? I was out shoeing that day."),
        ("lockkeeper18", "Who attended the {T}? I was on the lock all day."),
        ("twice18", "Who who attended the {T}?"),
        ("said18", "List the attendees of the {T}, the said event."),
        ("oneself18", "Who attended the {T}, if one may ask?"),
    ],
    "place_of_event": [
        ("basque18", "Where {T} is held, no?"),
        ("maltese18", "Where is {T}, mela?"),
        ("yinzer18", "Where's {T} at? Dahntahn n'at?"),
        ("porter18", "Where is {T}? I might swing by after my shift."),
        ("choir18", "Where is {T} held? I need to know the acoustics."),
        ("twice18", "Where is is {T}?"),
        ("said18", "State the location of {T}, the said event."),
        ("heldback18", "Where is it held – I've got it in my calendar but not the place – {T}?"),
    ],
    "people_met_at_place": [
        ("basque18", "{atPc} with whom have I met?"),
        ("maltese18", "Which are the people I met {atP}? Grazzi ħafna."),
        ("yinzer18", "Who'd I meet {atP} n'at?"),
        ("farrier18", "Who did I meet {atP}? My memory's gone since that kick."),
        ("lockkeeper18", "Who have I had meetings with {atP}? Someone off a hire boat, maybe."),
        ("twice18", "Who have I met met {atP}?"),
        ("said18", "List all persons met by me {atP}, the said place being where we met."),
        ("oneself18", "Whom has one met {atP}?"),
    ],
    "people_met_in_month": [
        ("basque18", "{Mc} with whom I met?"),
        ("maltese18", "Which are the people I met {M}?"),
        ("porter18", "Who did I meet {M}? The shifts all blur."),
        ("choir18", "Who did I meet with {M}? Concert season, it's a blur."),
        ("twice18", "Who did I I meet {M}?"),
        ("said18", "List the persons with whom I met {M}, the said period only."),
        ("heldback18", "Who did I meet – in meetings on my calendar, I mean – {M}?"),
        ("contract18", "Who'd I have meetings with {M}? Who'd I meet?"),
    ],
    "links_from_person": [
        ("basque18", "Which links {X} to me in emails has sent?"),
        ("maltese18", "Which are the links that {X} sent me?"),
        ("yinzer18", "What links has {X} sent me n'at?"),
        ("porter18", "Which links has {X} emailed me? I'll look at them in the porters' lodge."),
        ("lockkeeper18", "Which links has {X} sent me? Probably the stoppage notices."),
        ("said18", "Identify every link contained in emails sent to me by {X}; list the said links."),
        ("heldback18", "Which links have been sent to me – in emails, I mean, the web addresses – by {X}?"),
        ("oneself18", "Which links has {X} sent one?"),
    ],
    "links_from_people_met_in_month": [
        ("basque18", "The people I {M} met – which links to me they have sent?"),
        ("maltese18", "Which are the links sent me by the people I met {M}?"),
        ("yinzer18", "The folks I met {M} – what links'd they send me n'at?"),
        ("choir18", "The people I met {M} – which links have they emailed me? Recordings, probably."),
        ("farrier18", "Which links have the people I met {M} sent me? Feed suppliers, I'd guess."),
        ("twice18", "Which links have the people I met {M} sent sent me?"),
        ("said18", "Of the persons I met {M}, list the links the said persons have sent me by email."),
        ("heldback18", "Which links have I been sent by the people I met – at meetings, on my calendar – {M}?"),
    ],
    "links_to_domain": [
        ("basque18", "Which {U} links in my emails are there?"),
        ("maltese18", "Mela, which are the {U} links in my emails?"),
        ("yinzer18", "What {U} links are in my emails n'at?"),
        ("porter18", "Which {U} links have turned up in my emails? Quick, my bleep's going."),
        ("lockkeeper18", "Which {U} links are in my emails? Signal's poor at the lock, so just the list."),
        ("twice18", "Which {U} links are in my my emails?"),
        ("said18", "List every link to {U} in my emails, the said domain only."),
        ("contract18", "Which {U} links've turned up in my emails?"),
    ],
    "last_email_from_about": [
        ("basque18", "{X} about {W} the last email, which is it?"),
        ("maltese18", "Which is the last email {X} sent me about {W}?"),
        ("yinzer18", "What's {Xp} latest email about {W} n'at?"),
        ("porter18", "What's the most recent email from {X} about {W}? Got two minutes before my next call."),
        ("choir18", "What's the newest email from {X} about {W}? Altos are still on the Kyrie."),
        ("said18", "Identify the most recent email from {X} concerning {W}, the said subject."),
        ("heldback18", "What's the latest email from {X} about – and I've had a few on this, so just the newest – {W}?"),
        ("contract18", "What's {X} last sent me about {W}? The latest email, I mean."),
    ],
    "emails_from_with_attachment": [
        ("basque18", "Which emails {X} to me with attachments has sent?"),
        ("maltese18", "Which are the emails from {X} that have attachments?"),
        ("yinzer18", "What emails from {X} have attachments n'at?"),
        ("farrier18", "Which of {Xp} emails came with attachments? X-rays of a hoof, maybe."),
        ("lockkeeper18", "Which emails from {X} had something attached?"),
        ("twice18", "Which emails from {X} have have attachments?"),
        ("said18", "List the emails from {X} bearing attachments; the said emails only."),
        ("oneself18", "Which emails has {X} sent one with attachments?"),
    ],
    "files_from_in_month": [
        ("basque18", "{Mc} {X} to me which files has sent?"),
        ("maltese18", "Which are the files that {X} sent me {M}? Grazzi."),
        ("yinzer18", "What files'd {X} send me {M} n'at?"),
        ("porter18", "Which files did {X} email me {M}? Rotas, probably."),
        ("choir18", "Which attachments did {X} send me {M}? Part scores, I expect."),
        ("twice18", "Which files did {X} send send me {M}?"),
        ("said18", "Identify the files sent to me by {X} {M}, the said files being email attachments."),
        ("heldback18", "Which files did {X} send me – attachments, all of them – {M}?"),
    ],
    "events_at_place_in_month": [
        ("basque18", "{Mc} {atP} which events are there?"),
        ("maltese18", "Which are the events {atP} {M}? Grazzi ħafna."),
        ("yinzer18", "What events are {atP} {M} n'at?"),
        ("porter18", "Which events are {atP} {M}? I might swap a shift."),
        ("lockkeeper18", "Which events are {atP} {M}? Planning the lock rota round them."),
        ("twice18", "Which events are there there {atP} {M}?"),
        ("said18", "List all events held {atP} {M}, the said place and period only."),
        ("heldback18", "Which events are there {atP} – I want to plan around them – {M}?"),
    ],
    "people_emailed_in_month": [
        ("basque18", "{Mc} to whom I emails have sent?"),
        ("maltese18", "Which are the people I emailed {M}? Grazzi."),
        ("yinzer18", "Who'd I email {M} n'at?"),
        ("farrier18", "Who did I send emails to {M}? Mostly invoices for shoeing."),
        ("choir18", "Who did I email {M}? Mostly choir parents."),
        ("twice18", "Who did I send send emails to {M}?"),
        ("said18", "List all persons to whom I sent emails {M}, the said period only."),
        ("oneself18", "Whom did one email {M}?"),
    ],
    "emails_from_person_to_person": [
        ("basque18", "{X} to {Y} which emails has sent?"),
        ("maltese18", "Which are the emails that {X} sent {Y}?"),
        ("yinzer18", "What emails has {X} sent {Y} n'at? I'm not being nebby."),
        ("porter18", "Which emails has {X} sent {Y}? They're arguing about the porter rota."),
        ("lockkeeper18", "Which emails has {X} sent {Y}? Something about the winter stoppages."),
        ("said18", "List the emails sent by {X} to {Y}, the said {Y} being the recipient."),
        ("heldback18", "Which emails has {X} sent – just the ones in that one direction – to {Y}?"),
        ("twice18", "Which emails has {X} sent to to {Y}?"),
    ],
    "count_events_at_place": [
        ("basque18", "{atPc} how many events have been?"),
        ("maltese18", "How many events were there {atP}? Just the number, grazzi."),
        ("yinzer18", "How many events have there been {atP} n'at?"),
        ("choir18", "How many events have been held {atP}? We sang at a couple."),
        ("farrier18", "How many events were there {atP}? A number's fine."),
        ("said18", "State the number of events held {atP}, the said place."),
        ("oneself18", "How many events has one had {atP}?"),
        ("contract18", "How many events've there been {atP}?"),
    ],
    "links_in_emails_about": [
        ("basque18", "In the emails about {W}, which links are there?"),
        ("maltese18", "Ejja, which are the links in the emails about {W}?"),
        ("porter18", "What links were in the {W} emails? I'm at the porters' desk."),
        ("lockkeeper18", "Which links came in the emails about {W}? Boat's rising, I've a minute."),
        ("twice18", "Which links are in in the emails about {W}?"),
        ("said18", "List the links contained in the emails concerning {W}, the said emails only."),
        ("heldback18", "Which links were in the emails – the ones with this in the subject – about {W}?"),
        ("contract18", "Which links've been in the emails about {W}?"),
    ],
    "count_emails_to": [
        ("basque18", "How many emails I to {X} have sent?"),
        ("maltese18", "How many emails did I send {X}? Just the number, grazzi ħafna."),
        ("yinzer18", "How many emails have I sent {X} n'at?"),
        ("choir18", "How many emails have I sent {X}? Number only, I'm about to conduct."),
        ("farrier18", "How many emails have I sent {X}? Just a number, I'm shoeing."),
        ("twice18", "How many emails have I I sent {X}?"),
        ("said18", "State the number of emails sent by me to {X}, hereinafter \"{Xl}\"."),
        ("oneself18", "How many emails has one sent {X}?"),
    ],
}

TEST16_TEMPLATES: dict[str, list[tuple[str, str]]] = {  # shape -> (style, text); held out: never show these
    # Askers: a Latvian first-language speaker (latvian_t16), an Albanian first-language speaker (albanian_t16), a
    # Brummie English speaker (brummie_t16), a Boston English speaker (boston_t16), an East Midlands English speaker
    # (eastmids_t16), a school crossing patrol (lollipop_t16), a church bell-ringer (bellringer_t16), a window cleaner
    # up a ladder (windowcleaner_t16), someone who writes like a telegram (telegram_t16: "... STOP") and someone who
    # writes in forum shorthand (forum_t16: "IIRC", "AFAIK", "FWIW", "TIA").
    "emails_from": [
        ("latvian_t16", "Labdien! Which e-mails has sent me {X}? Paldies."),
        ("brummie_t16", "Ar, can yow show us all the emails {X}'s sent me? Bostin'."),
        ("boston_t16", "Yo, which emails has {Xf} sent me? Wicked important, kid."),
        ("lollipop_t16", "Lollipop's down between crossings – which emails has {X} sent me?"),
        ("telegram_t16", "Require all emails from {X} STOP list them STOP"),
        ("forum_t16", "IIRC {X} sent me a bunch of emails – which ones? TIA"),
    ],
    "emails_to": [
        ("albanian_t16", "Përshëndetje! Which are the emails I have sent to {X}, ju lutem?"),
        ("eastmids_t16", "Ay up me duck, which emails have I sent {X}?"),
        ("bellringer_t16", "Between peals – which emails have I sent {X}?"),
        ("windowcleaner_t16", "Up a ladder with the squeegee – which emails have I sent {X}?"),
        ("telegram_t16", "Emails sent by me to {X} STOP which STOP"),
        ("forum_t16", "Which emails have I sent {X}? AFAIK there are a few. TIA"),
    ],
    "emails_between": [
        ("latvian_t16", "All e-mails between me and {X}, sent and received, lūdzu."),
        ("albanian_t16", "Show me, ju lutem, the emails between me and {X} in both directions."),
        ("brummie_t16", "All the emails between me and {X}, both ways, ar? Ta-ra-a-bit."),
        ("boston_t16", "Every email between me and {X}, both ways – wicked quick if you can, kid."),
        ("windowcleaner_t16", "Three floors up, one hand on the ladder: all the emails between {X} and me, sent and "
                              "received."),
        ("telegram_t16", "All emails between me and {X} STOP both directions STOP"),
    ],
    "emails_from_in_month": [
        ("latvian_t16", "Which e-mails sent me {X} {M}? Paldies."),
        ("albanian_t16", "Which emails has sent me {X} {M}? Faleminderit."),
        ("eastmids_t16", "Ay up, which emails did {X} send me {M}, me duck?"),
        ("lollipop_t16", "Between the school bells – which emails did {X} send me {M}?"),
        ("bellringer_t16", "I'm on the tenor next – what did {X} email me {M}?"),
        ("forum_t16", "Which emails did {X} send me {M}? FWIW I think there were a few. TIA"),
    ],
    "emails_from_before": [
        ("latvian_t16", "Which e-mails {X} sent me before {B}? Lūdzu."),
        ("brummie_t16", "What did {X} send me before {B}? I ay got a clue, our kid."),
        ("boston_t16", "Which emails did {X} send me before {B}? Grabbing a Dunks, so quick."),
        ("windowcleaner_t16", "Which emails had {X} sent me before {B}? Bucket's on the sill."),
        ("telegram_t16", "Emails from {X} before {B} STOP list all STOP"),
        ("forum_t16", "Which emails did {X} send me before {B}? Asking for a cleanup. TIA"),
    ],
    "emails_from_since": [
        ("albanian_t16", "Since {B}, which are the emails of {X} to me?"),
        ("eastmids_t16", "What's {X} emailed me since {B}, duck? I'm all of a mither."),
        ("lollipop_t16", "Which emails has {X} sent me since {B}? Kids are out at half three."),
        ("bellringer_t16", "Which emails has {X} sent me since {B}? We ring again at eleven."),
        ("telegram_t16", "Emails from {X} since {B} STOP which STOP"),
        ("forum_t16", "Which emails has {X} sent me since {B}? ETA: all of them please."),
    ],
    "last_email_from": [
        ("latvian_t16", "Which is last e-mail from {X} to me?"),
        ("albanian_t16", "Which is the last email of {X} to me, ju lutem?"),
        ("brummie_t16", "What's the last email {X} sent me, ar? I'm having me cob."),
        ("boston_t16", "What's the latest email {Xf} sent me, kid?"),
        ("windowcleaner_t16", "What's the most recent email {X} sent me? Squeegee's dripping."),
        ("forum_t16", "What's the latest email from {X}? Sorry if this is a dumb question."),
    ],
    "first_email_from": [
        ("latvian_t16", "Which was first e-mail from {X} to me?"),
        ("eastmids_t16", "What was the first email {X} ever sent me, me duck?"),
        ("lollipop_t16", "Which was the first email {X} ever sent me? Quiet till the juniors come out."),
        ("bellringer_t16", "Rope's tucked up for a minute – what was the first email {X} ever sent me?"),
        ("telegram_t16", "First email ever from {X} STOP which STOP"),
        ("forum_t16", "Which was the first email {X} ever sent me? AFAIK it's pretty old. TIA"),
    ],
    "first_email_to": [
        ("albanian_t16", "Which is the first email I sent to {X}, faleminderit?"),
        ("brummie_t16", "What was the first email I sent {X}, our kid?"),
        ("boston_t16", "What was the first email I ever sent {X}? Wicked old, probably."),
        ("windowcleaner_t16", "First email I ever sent {X} – which was it? I'm on the top rung."),
        ("telegram_t16", "First email from me to {X} STOP identify STOP"),
        ("lollipop_t16", "Which was the first email I sent {X}? Crossing's quiet."),
    ],
    "last_email_to": [
        ("latvian_t16", "Which is last e-mail I sent to {X}? Paldies."),
        ("eastmids_t16", "What's the last email I sent {X}, duck? I'll mash a brew while you look."),
        ("bellringer_t16", "What's the last email I sent {X}? Between touches."),
        ("windowcleaner_t16", "What was my latest email to {X}? Ladder's wobbling, quick."),
        ("telegram_t16", "Last email from me to {X} STOP which one STOP"),
        ("forum_t16", "What was the last email I sent {X}? IIRC it was recent. TIA"),
    ],
    "count_emails_from": [
        ("latvian_t16", "How many e-mails has sent me {X}? Only number, lūdzu."),
        ("albanian_t16", "How many are the emails that {X} has sent me?"),
        ("brummie_t16", "How many emails has {X} sent me, ar? Just the number."),
        ("boston_t16", "How many emails has {X} sent me? Give me the number, kid."),
        ("lollipop_t16", "How many emails has {X} sent me? Number only, the kids are coming."),
        ("telegram_t16", "Count of emails from {X} STOP number only STOP"),
    ],
    "subject_contains": [
        ("albanian_t16", "Which are the emails with {W} in the subject, ju lutem?"),
        ("eastmids_t16", "Which emails have {W} in the subject, me duck?"),
        ("bellringer_t16", "Which emails have \"{W}\" in the subject line? Quick, the bells are up."),
        ("windowcleaner_t16", "Any emails with {W} in the subject? Which? I'm mid-pane."),
        ("telegram_t16", "Emails with {W} in subject STOP list all STOP"),
        ("forum_t16", "Which emails have {W} in the subject? Search isn't finding them. TIA"),
    ],
    "last_received_on_day": [
        ("latvian_t16", "On {D} which e-mail came to me last?"),
        ("brummie_t16", "What was the last email I got on {D}, ar?"),
        ("boston_t16", "What was the last email that came in on {D}? Wicked busy day."),
        ("lollipop_t16", "On {D} I was on the crossing all day. Which email came in last that day?"),
        ("telegram_t16", "Last email received on {D} STOP which STOP"),
        ("forum_t16", "Which email did I receive last on {D}? FWIW it was a busy day."),
    ],
    "attachments_from": [
        ("latvian_t16", "Which files has sent me {X} as attachments?"),
        ("albanian_t16", "Which are the files of {X} that came to me as attachments?"),
        ("eastmids_t16", "What files has {X} sent me, duck? Attachments."),
        ("bellringer_t16", "Which files has {X} emailed me? The ringing rota, probably."),
        ("windowcleaner_t16", "Which attachments has {X} sent me? Quotes for the round, I expect."),
        ("forum_t16", "Which files has {X} sent me as attachments? TIA"),
    ],
    "attachments_ext": [
        ("latvian_t16", "Which {EXTS} are attached to e-mails, sent and received both?"),
        ("brummie_t16", "Which {EXTS} have gone out or come in as attachments, ar?"),
        ("boston_t16", "Every {EXT1} attached to an email, in or out – which are they, kid?"),
        ("lollipop_t16", "Which {EXTS} have been attached to emails, sent or received? I'm on a break."),
        ("telegram_t16", "All {EXTS} attached to emails sent or received STOP list STOP"),
        ("forum_t16", "Which {EXTS} have been attached to my emails (sent or received)? TIA"),
    ],
    "folders_with_attachments_from": [
        ("albanian_t16", "In which folders are the files of {X} that came as attachments?"),
        ("eastmids_t16", "Where've I put the files {X} sent me, duck? Which folders?"),
        ("bellringer_t16", "Which folders hold the files {X} emailed me? I need them for the peal board."),
        ("windowcleaner_t16", "Which folders are the files {X} sent me in? Back in the van."),
        ("telegram_t16", "Folders holding files sent me by {X} STOP which STOP"),
        ("forum_t16", "Which folders ended up with the files {X} sent me? AFAIK I saved them all."),
    ],
    "folders_of_file": [
        ("latvian_t16", "In which folder is {F}? Paldies."),
        ("albanian_t16", "Where is it, {F} – in which folder, ju lutem?"),
        ("brummie_t16", "Which folder's {F} in, our kid? It ay on me desktop."),
        ("boston_t16", "Where's {F}? Which folder, kid?"),
        ("lollipop_t16", "Which folder is {F} in? Crossing's quiet for a sec."),
        ("telegram_t16", "Folder of {F} STOP which STOP"),
    ],
    "who_sent_file": [
        ("latvian_t16", "Who has sent me {F}, lūdzu?"),
        ("eastmids_t16", "Who sent me {F}, me duck?"),
        ("bellringer_t16", "Who emailed me {F}? Probably the tower captain."),
        ("windowcleaner_t16", "Who sent me {F}? Might be a new customer."),
        ("telegram_t16", "Sender of {F} STOP who STOP"),
        ("forum_t16", "Who sent me {F}? Can't remember. TIA"),
    ],
    "conversations_with_sender_of_file": [
        ("latvian_t16", "Who sent me {F}, and with whom that person has e-mailed?"),
        ("albanian_t16", "The person that sent me {F} – with whom has emailed that person?"),
        ("brummie_t16", "Whoever sent me {F} – who've they been emailing with, ar?"),
        ("boston_t16", "Whoever sent me {F}, who've they been emailing with, back and forth? Wicked curious."),
        ("lollipop_t16", "The person who sent me {F} – who have they exchanged emails with? Between crossings."),
        ("forum_t16", "Who has the sender of {F} emailed with, either way? Context: trying to map a thread. TIA"),
    ],
    "coattendees_of_person": [
        ("latvian_t16", "Who has been on events together with {X}?"),
        ("eastmids_t16", "Who's been at events with {X}, duck?"),
        ("bellringer_t16", "Who's been at events with {X}? They ring the treble."),
        ("windowcleaner_t16", "Who's been to events with {X}? I clean their windows."),
        ("telegram_t16", "People at events with {X} STOP who STOP"),
        ("forum_t16", "Who has attended events with {X}? FWIW I know of a couple. TIA"),
    ],
    "events_of_person": [
        ("albanian_t16", "Which are the events of {X}, those that {X} attended?"),
        ("brummie_t16", "Which events has {X} been to, ar?"),
        ("boston_t16", "What events has {X} been to, kid?"),
        ("lollipop_t16", "Which events has {X} attended? Their kids cross here."),
        ("telegram_t16", "Events attended by {X} STOP list STOP"),
        ("forum_t16", "Which events has {X} been at? AFAIK a few. TIA"),
    ],
    "events_at_place": [
        ("latvian_t16", "Which events are {atP}? Paldies."),
        ("albanian_t16", "Which are the events that happen {atP}?"),
        ("eastmids_t16", "What events are {atP}, me duck?"),
        ("bellringer_t16", "Which events are {atP}? We might ring for one."),
        ("windowcleaner_t16", "Which events are {atP}? I'll avoid them on my round."),
        ("telegram_t16", "Events {atP} STOP list all STOP"),
    ],
    "events_in_month": [
        ("latvian_t16", "Which events I have in calendar {M}?"),
        ("brummie_t16", "What've I got in the calendar {M}, our kid?"),
        ("boston_t16", "What's on my calendar {M}? Wicked packed, probably."),
        ("lollipop_t16", "Which events are on my calendar {M}? Working round term dates."),
        ("windowcleaner_t16", "What's in my calendar {M}? Planning the round."),
        ("forum_t16", "Which events are in my calendar {M}? TIA"),
    ],
    "events_titled": [
        ("latvian_t16", "Which events have {T} in name? Lūdzu."),
        ("albanian_t16", "Which are the events that have {T} in the title?"),
        ("eastmids_t16", "Which events have {T} in the title, duck?"),
        ("bellringer_t16", "Which events have \"{T}\" in the title? Between rounds."),
        ("telegram_t16", "Events with {T} in title STOP list all STOP"),
        ("forum_t16", "Which events have {T} in the title? IIRC there's more than one."),
    ],
    "who_attended_titled": [
        ("albanian_t16", "Who attended the {T}, ju lutem?"),
        ("brummie_t16", "Who went to the {T}, ar?"),
        ("boston_t16", "Who was at the {T}, kid?"),
        ("lollipop_t16", "Who attended the {T}? I was on the crossing."),
        ("windowcleaner_t16", "Who went to the {T}? I was up a ladder that day."),
        ("telegram_t16", "Attendees of the {T} STOP who STOP"),
    ],
    "place_of_event": [
        ("latvian_t16", "In which place is {T}, lūdzu?"),
        ("eastmids_t16", "Where's {T} at, me duck?"),
        ("bellringer_t16", "Where's {T}? Is it near the tower?"),
        ("windowcleaner_t16", "Where is {T} held? Might be on my round."),
        ("telegram_t16", "Location of {T} STOP where STOP"),
        ("forum_t16", "Where is {T}? Couldn't find the location. TIA"),
    ],
    "people_met_at_place": [
        ("latvian_t16", "With whom I have met {atP}?"),
        ("albanian_t16", "Who are the people I met {atP}, ju lutem?"),
        ("brummie_t16", "Who did I meet {atP}, ar?"),
        ("boston_t16", "Who'd I meet {atP}, kid?"),
        ("bellringer_t16", "Who have I met {atP}? Too many peals, I forget."),
        ("forum_t16", "Who have I met {atP}? IIRC a few people. TIA"),
    ],
    "people_met_in_month": [
        ("latvian_t16", "With whom I met {M}? Paldies."),
        ("eastmids_t16", "Who did I meet {M}, me duck?"),
        ("lollipop_t16", "Who did I have meetings with {M}? Term's a blur."),
        ("windowcleaner_t16", "Who did I meet {M}? The round was mad."),
        ("telegram_t16", "People I met {M} STOP who STOP"),
        ("forum_t16", "Who did I meet with {M}? TIA"),
    ],
    "links_from_person": [
        ("latvian_t16", "Which links has sent me {X} in e-mails?"),
        ("albanian_t16", "Which are the links of {X} in the emails to me?"),
        ("boston_t16", "What links has {Xf} sent me, kid?"),
        ("lollipop_t16", "Which links has {X} emailed me? I'll read them after the morning crossing."),
        ("telegram_t16", "Links sent me by {X} STOP list STOP"),
        ("forum_t16", "Which links has {X} sent me? IIRC a few. TIA"),
    ],
    "links_from_people_met_in_month": [
        ("albanian_t16", "The people I met {M} – which are the links they sent me?"),
        ("brummie_t16", "Folk I met {M} – what links have they sent me, ar?"),
        ("eastmids_t16", "Which links have the people I met {M} sent me, duck?"),
        ("bellringer_t16", "Which links did the people I met {M} email me? Peal recordings, maybe."),
        ("windowcleaner_t16", "The people I met {M}: which links have they emailed me?"),
        ("forum_t16", "Which links have the people I met {M} sent me? TIA"),
    ],
    "links_to_domain": [
        ("latvian_t16", "Which links to {U} are in my e-mails? Paldies."),
        ("albanian_t16", "Which are the {U} links in my emails, ju lutem?"),
        ("brummie_t16", "What {U} links are in me emails, our kid?"),
        ("boston_t16", "Which {U} links are in my emails, kid?"),
        ("telegram_t16", "Links to {U} in my emails STOP list STOP"),
        ("forum_t16", "Which {U} links are in my emails? AFAIK several. TIA"),
    ],
    "last_email_from_about": [
        ("latvian_t16", "Which is last e-mail from {X} about {W}?"),
        ("eastmids_t16", "What's the last email {X} sent me about {W}, duck?"),
        ("lollipop_t16", "What's the latest email from {X} about {W}? Between crossings."),
        ("bellringer_t16", "What's the most recent email from {X} about {W}? Bells are down."),
        ("telegram_t16", "Latest email from {X} re {W} STOP which STOP"),
        ("forum_t16", "What's the latest email from {X} about {W}? TIA"),
    ],
    "emails_from_with_attachment": [
        ("albanian_t16", "Which emails of {X} came with attachments, ju lutem?"),
        ("brummie_t16", "Which emails from {X} had attachments, ar?"),
        ("boston_t16", "Which emails from {X} came with attachments, kid?"),
        ("windowcleaner_t16", "Which of {Xp} emails had something attached? Quotes, maybe."),
        ("telegram_t16", "Emails from {X} with attachments STOP list STOP"),
        ("forum_t16", "Which emails from {X} have attachments? TIA"),
    ],
    "files_from_in_month": [
        ("latvian_t16", "Which files sent me {X} {M}? Paldies."),
        ("eastmids_t16", "What files did {X} send me {M}, me duck?"),
        ("lollipop_t16", "Which files did {X} email me {M}? The school newsletter, probably."),
        ("bellringer_t16", "Which attachments did {X} send me {M}? Method sheets, I'd say."),
        ("windowcleaner_t16", "Which files did {X} send me {M}? Invoices, I reckon."),
        ("telegram_t16", "Files from {X} {M} STOP list STOP"),
    ],
    "events_at_place_in_month": [
        ("latvian_t16", "Which events are {atP} {M}? Lūdzu."),
        ("albanian_t16", "Which are the events {atP} {M}, faleminderit?"),
        ("brummie_t16", "What events are {atP} {M}, ar?"),
        ("boston_t16", "What events are {atP} {M}, kid?"),
        ("lollipop_t16", "Which events are {atP} {M}? I might need cover."),
        ("forum_t16", "Which events are {atP} {M}? TIA"),
    ],
    "people_emailed_in_month": [
        ("latvian_t16", "To whom I sent e-mails {M}? Paldies."),
        ("albanian_t16", "Who are the people I sent emails to {M}, ju lutem?"),
        ("eastmids_t16", "Who did I email {M}, duck?"),
        ("bellringer_t16", "Who did I email {M}? Mostly the ringing band."),
        ("windowcleaner_t16", "Who did I send emails to {M}? Mostly customers."),
        ("telegram_t16", "People I emailed {M} STOP who STOP"),
    ],
    "emails_from_person_to_person": [
        ("latvian_t16", "Which e-mails has sent {X} to {Y}?"),
        ("albanian_t16", "Which are the emails of {X} to {Y}?"),
        ("brummie_t16", "What emails has {X} sent {Y}, ar?"),
        ("boston_t16", "Which emails has {X} sent {Y}, kid?"),
        ("bellringer_t16", "Which emails has {X} sent {Y}? Something about practice night."),
        ("telegram_t16", "Emails from {X} to {Y} STOP list STOP"),
    ],
    "count_events_at_place": [
        ("albanian_t16", "How many are the events {atP}?"),
        ("eastmids_t16", "How many events have there been {atP}, me duck?"),
        ("lollipop_t16", "How many events have been {atP}? Just the number."),
        ("windowcleaner_t16", "How many events have been held {atP}? A number's fine."),
        ("telegram_t16", "Count of events {atP} STOP number only STOP"),
        ("forum_t16", "How many events have been {atP}? Just need a number. TIA"),
    ],
    "links_in_emails_about": [
        ("latvian_t16", "Which links are in e-mails about {W}, lūdzu?"),
        ("brummie_t16", "What links were in the {W} emails, ar?"),
        ("boston_t16", "Which links are in the emails about {W}, kid?"),
        ("bellringer_t16", "Which links are in the emails about {W}? Between peals."),
        ("windowcleaner_t16", "Which links came in the emails about {W}? I'm on the ladder."),
        ("forum_t16", "Which links are in the emails about {W}? TIA"),
    ],
    "count_emails_to": [
        ("latvian_t16", "How many e-mails I have sent to {X}?"),
        ("albanian_t16", "How many are the emails I sent to {X}?"),
        ("brummie_t16", "How many emails have I sent {X}, ar? Just the number."),
        ("boston_t16", "How many emails have I sent {X}, kid?"),
        ("lollipop_t16", "How many emails have I sent {X}? Number only, the kids are coming."),
        ("forum_t16", "How many emails have I sent {X}? TIA"),
    ],
}


# =============================================================================================
# Building the set
# =============================================================================================

def _render(text: str, style: str, slots: dict[str, str], self_name: str, self_address: str = "") -> str:
    capitalized = {f"{k}c": slots[k][:1].upper() + slots[k][1:] for k in CAPITALIZED_SLOTS if k in slots}
    question = text.format(**{"SELF": self_name, "SELFADDR": self_address, **capitalized, **slots})
    question = re.sub(r"\b(the) the\b", r"\1", question, flags=re.IGNORECASE)  # "the {T}", T = "the offsite"
    question = re.sub(r"\b(teh) the\b", r"\1", question, flags=re.IGNORECASE)
    if style in LOWER_STYLES:
        question = question.lower()
    elif style in UPPER_STYLES:
        question = question.upper()
    return question


def _entry(part: str, shape: str, style: str, text: str, question: str, inst: Instance) -> dict[str, Any]:
    return {"id": "", "part": part, "shape": shape, "style": style, "template": text, "question": question,
            "graph": inst.graph, "accept": inst.accept, "answer": inst.answer}


def instantiate(facts: Facts) -> list[dict[str, Any]]:
    """dev and test questions first (as they always were), then dev2, then dev3, then test2, then dev4, then
    dev5, then test3, then dev6, then test4, then dev7, then test5, then dev8, then test6, then dev9, then test7,
    then dev10, then test8, then dev11, then test9, then dev12, then test10, then dev13, then test11, then dev14,
    then test12, then dev15, then test13, then dev16, then test14, then dev17, then test15, then dev18, then test16
    (ids continue after them)."""
    ctx = Ctx(facts)
    questions: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    carry: dict[str, tuple[list[Instance], int]] = {}
    for shape in SHAPES:
        ctx.rng = random.Random(f"{SEED}:{shape.name}")  # one stream per shape: editing one leaves the others
        instances = shape.make(ctx)
        if not instances:
            raise SystemExit(f"shape {shape.name}: no instance has an answer in this corpus")
        k = 0
        for part, style, text in shape.templates:
            for _ in range(shape.per_template):
                inst = instances[k % len(instances)]
                k += 1
                question = text.format(**{"SELF": ctx.self_name, **inst.slots})
                question = re.sub(r"\b(the) the\b", r"\1", question, flags=re.IGNORECASE)  # "the {T}", T = "the offsite"
                if style == "lowercase":
                    question = question.lower()
                if question in seen:
                    continue
                seen[question] = part
                questions.append(_entry(part, shape.name, style, text, question, inst))
        carry[shape.name] = (instances, k)
    taken = {q.casefold() for q in seen}
    earlier = {shape.name: {text.casefold() for _, _, text in shape.templates} for shape in SHAPES}
    org_names = {org for org, *_ in ORGS}
    for part, templates, makers in ((D2, DEV2_TEMPLATES, DEV2_MAKERS), (D3, DEV3_TEMPLATES, DEV3_MAKERS),
                                     (T2, TEST2_TEMPLATES, TEST2_MAKERS), (D4, DEV4_TEMPLATES, DEV4_MAKERS),
                                     (D5, DEV5_TEMPLATES, DEV5_MAKERS), (T3, TEST3_TEMPLATES, TEST3_MAKERS),
                                     (D6, DEV6_TEMPLATES, DEV6_MAKERS), (T4, TEST4_TEMPLATES, TEST4_MAKERS),
                                     (D7, DEV7_TEMPLATES, DEV7_MAKERS), (T5, TEST5_TEMPLATES, TEST5_MAKERS),
                                     (D8, DEV8_TEMPLATES, DEV8_MAKERS), (T6, TEST6_TEMPLATES, TEST6_MAKERS),
                                     (D9, DEV9_TEMPLATES, DEV9_MAKERS), (T7, TEST7_TEMPLATES, TEST7_MAKERS),
                                     (D10, DEV10_TEMPLATES, DEV10_MAKERS), (T8, TEST8_TEMPLATES, TEST8_MAKERS),
                                     (D11, DEV11_TEMPLATES, DEV11_MAKERS), (T9, TEST9_TEMPLATES, TEST9_MAKERS),
                                     (D12, DEV12_TEMPLATES, DEV12_MAKERS), (T10, TEST10_TEMPLATES, TEST10_MAKERS),
                                     (D13, DEV13_TEMPLATES, DEV13_MAKERS), (T11, TEST11_TEMPLATES, TEST11_MAKERS),
                                     (D14, DEV14_TEMPLATES, DEV14_MAKERS), (T12, TEST12_TEMPLATES, TEST12_MAKERS),
                                     (D15, DEV15_TEMPLATES, DEV15_MAKERS), (T13, TEST13_TEMPLATES, TEST13_MAKERS),
                                     (D16, DEV16_TEMPLATES, DEV16_MAKERS), (T14, TEST14_TEMPLATES, TEST14_MAKERS),
                                     (D17, DEV17_TEMPLATES, DEV17_MAKERS), (T15, TEST15_TEMPLATES, TEST15_MAKERS),
                                     (D18, DEV18_TEMPLATES, DEV18_MAKERS), (T16, TEST16_TEMPLATES, TEST16_MAKERS)):
        later_parts = (D6, T4, D7, T5, D8, T6, D9, T7, D10, T8, D11, T9, D12, T10, D13, T11, D14, T12, D15, T13, D16,
                       T14, D17, T15, D18, T16)
        shapes = SHAPES + (LATER_SHAPES if part in later_parts else [])  # the later shapes: from dev6 on
        wanted = {s.name for s in shapes}
        if set(templates) != wanted or not set(makers) <= wanted:
            raise SystemExit(f"{part} templates or makers name unknown or missing shapes: {set(templates) ^ wanted}")
        for shape in shapes:
            mine = [text.casefold() for _, text in templates[shape.name]]
            if any(text in earlier.setdefault(shape.name, set()) for text in mine):  # names the shape only: test
                # wordings stay unseen
                raise SystemExit(f"shape {shape.name}: a {part} template repeats an earlier part's template; reword it")
            if len(set(mine)) != len(mine):
                raise SystemExit(f"shape {shape.name}: a {part} template is listed twice")
            earlier[shape.name] |= set(mine)
            if shape.name in makers:
                ctx.rng = random.Random(f"{SEED}:{shape.name}:{part}")
                instances, k = makers[shape.name](ctx), 0
                if not instances:
                    raise SystemExit(f"shape {shape.name}: no {part} instance has an answer in this corpus")
            else:
                instances, k = carry[shape.name]
            for style, text in templates[shape.name]:
                inst = instances[k % len(instances)]
                k += 1
                partial = "Xf" if "{Xf" in text else "Xl" if "{Xl" in text else None
                if partial:  # a template that gives part of a name: the next person whose part is unique (dev3:
                    # and a person, not "The" of "The Atlantic Daily"; dev2 keeps the instances it always had)
                    inst = next((i for i in instances[k - 1:] + instances[:k - 1] if i.slots[partial] != i.slots["X"]
                                 and (part == D2 or i.slots["X"] not in org_names)), inst)
                question = _render(text, style, inst.slots, ctx.self_name, ctx.self_address)
                if question.casefold() in taken:  # never the text of an earlier question (nor one of this part)
                    continue
                taken.add(question.casefold())
                questions.append(_entry(part, shape.name, style, text, question, inst))
            if shape.name not in makers or shape.name not in carry:  # the next part continues where this one
                # stopped (for a later shape: where the first part that asked it stopped)
                carry[shape.name] = (instances, k)
    for i, q in enumerate(questions, 1):
        q["id"] = f"c{i:03d}"
    return questions


def verify(questions: list[dict[str, Any]], corpus_dir: Path, *, accept: bool = True) -> list[str]:
    """Run every gold graph (and accepted alternative) through the engine; return the mismatches."""
    from queryweaver.config import load_config
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph

    config = load_config(corpus_dir / "config.toml")
    config.cache_dir_setting = str(corpus_dir / ".cache")
    files_root = (corpus_dir / "files").resolve()
    problems = []
    with Engine(config) as engine:
        for q in questions:
            graphs = [("gold", q["graph"])] + ([("accept", g) for g in q.get("accept", [])] if accept else [])
            for label, g in graphs:
                try:
                    result = engine.run(QueryGraph.parse(g))
                except Exception as exc:  # noqa: BLE001 - reported, not hidden
                    problems.append(f"{q['id']} {label} {q['question']!r}: {type(exc).__name__}: {exc}")
                    continue
                if not answer_matches(q, result, files_root):
                    got = result.count if q["graph"]["action"] == "count" else sorted(result_keys(result, files_root))
                    problems.append(f"{q['id']} {label} {q['question']!r}: engine {str(got)[:300]} "
                                    f"oracle {str(q['answer'])[:300]}")
    return problems


def dump(data: dict[str, Any]) -> str:
    """JSON with one question per line: small, and a diff shows which questions changed."""
    head = {k: v for k, v in data.items() if k != "questions"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "questions": [']
    rows = [json.dumps(q, ensure_ascii=False, separators=(",", ":")) for q in data["questions"]]
    lines.append(",\n".join(rows))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="verify the committed file; do not rewrite it")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--corpus-dir", type=Path, help="generate the corpus here (default: a temporary folder)")
    parser.add_argument("--seed", type=int,
                        help="another corpus: generate it with this seed (other people, titles, files and dates) and "
                             "fill the same templates from it; use with --out, the committed set keeps seed "
                             f"{CORPUS['seed']}")
    args = parser.parse_args(argv)
    spec = dict(CORPUS, seed=args.seed) if args.seed is not None else CORPUS
    if args.seed is not None and args.out == OUT and not args.check:
        parser.error("--seed writes another question set: give it its own --out FILE")
    with tempfile.TemporaryDirectory() as tmp:
        corpus_dir = args.corpus_dir or Path(tmp) / "corpus"
        facts = build_corpus(corpus_dir, spec)
        if args.check:
            questions = json.loads(args.out.read_text(encoding="utf-8"))["questions"]
        else:
            questions = instantiate(facts)
        problems = verify(questions, corpus_dir)
    for p in problems:
        print(p, file=sys.stderr)
    parts = {p: sum(q["part"] == p for q in questions) for p in PARTS}
    print(f"{len(questions)} questions ({parts['dev']} dev, {parts['dev2']} dev2, {parts['dev3']} dev3, "
          f"{parts['test']} test, {parts['test2']} test2, {parts['dev4']} dev4, {parts['dev5']} dev5, "
          f"{parts['test3']} test3, {parts['dev6']} dev6, {parts['test4']} test4, {parts['dev7']} dev7, "
          f"{parts['test5']} test5, {parts['dev8']} dev8, {parts['test6']} test6, {parts['dev9']} dev9, "
          f"{parts['test7']} test7, {parts['dev10']} dev10, {parts['test8']} test8, {parts['dev11']} dev11, "
          f"{parts['test9']} test9, {parts['dev12']} dev12, {parts['test10']} test10, {parts['dev13']} dev13, "
          f"{parts['test11']} test11, {parts['dev14']} dev14, {parts['test12']} test12, {parts['dev15']} dev15, "
          f"{parts['test13']} test13, {parts['dev16']} dev16, {parts['test14']} test14, {parts['dev17']} dev17, "
          f"{parts['test15']} test15, {parts['dev18']} dev18, {parts['test16']} test16), "
          f"{len({q['shape'] for q in questions})} shapes; {len(problems)} gold/oracle mismatches")
    if problems:
        return 1
    if not args.check:
        data = {
            "about": ("Questions over the generated corpus (benchmarks/make_questions.py writes this file; do not "
                      "edit by hand). The corpus is queryweaver.corpus.generate_corpus(**corpus). 'part' is dev, "
                      "dev2, dev3, dev4, dev5, dev6, dev7, dev8, dev9, dev10, dev11, dev12, dev13, dev14, dev15, "
                      "dev16, dev17 or dev18 (tune on them; dev2's to dev18's templates were each written "
                      "independently) or test (held out: its templates never appear in dev, dev2 or dev3), or test2, "
                      "test3, test4, test5, test6, test7, test8, test9, test10, test11, test12, test13, test14, test15 "
                      "or test16 (second to sixteenth held-out parts, each written independently of all the others "
                      "and never used for tuning). Nine shapes are asked only from dev6 on (dev6, test4, dev7, test5, "
                      "dev8, test6, dev9, test7, dev10, test8, dev11, test9, dev12, test10, dev13, test11, dev14, "
                      "test12, dev15, test13, dev16, test14, dev17, test15, dev18, test16). "
                      "'graph' is the gold "
                      "graph, 'accept' other graphs with the same meaning and answer, 'answer' the expected "
                      "answer computed from the generator's facts: message ids, lower-cased addresses, event "
                      "uids, folders relative to files/, file names, URLs, location text, or a count; for "
                      "return_mode 'one' any of the listed (tied) items is right."),
            "corpus": spec,
            "questions": questions,
        }
        args.out.write_text(dump(data), encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
