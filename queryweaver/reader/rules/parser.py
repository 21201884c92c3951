"""The offline rules parser (``[llm] backend = "rules"``): a question becomes a QueryGraph with no model.

It reads the associative phrasing QueryWeaver's questions use -- "the X from/sent by/attached to/mentioned
in the Y", "the person I met at ...", "in February", "of type .txt" -- left to right, as a chain of noun
phrases joined by relation words, and builds the paper's graph as it goes. Parsing is a single pass over
the words (plus a date check against ``queryweaver.dates``), so it answers in milliseconds.

Nothing is guessed. Every word must be accounted for; when some are not, ``parse_question`` raises
``GenerationError`` naming them and saying how to rephrase (or to use an LLM backend).

The grammar, informally::

    question  := [command] head modifier*
    command   := find [out] | show [me] | list | give me | get [me] | tell me | search for | look for ...
    head      := how many NP | count NP | (the) number of NP | who | where | which/what NP | NP
    NP        := [the|a|all|any|my...] [last|latest|most recent|first|earliest] [.txt|pdf|Excel...]
                 NOUN [name] | Jane Doe | jane@example.com | budget.xlsx | example.com | I | me | you
    modifier  := PREP NP                 "the X from/to/by/with/in/at/of/between the Y"
               | [who|that|which] VERB   "who sent you a file", "that contain email attachments"
               | NP VERB                 "the attachments Jane Doe sent me", "the person you met at ..."
               | in which/where NP VERB  "the event in which Jane Doe was present"
               | PARTICIPLE              "sent by", "received on", "mentioned in", "attached to", "attended by"
               | DATE                    anything ``queryweaver.dates`` reads: "in February", "since March"
               | named/called/titled X · of type .X · about X · with subject X · mentioning X ·
                 containing the word X · in my inbox
    verbs     := send/sent/emailed/forwarded/shared/wrote · receive/received/got · attend/attended/joined/
                 went to/was present (at)/was at · meet/met · contain/hold/include/have ·
                 mention/link to · attach · correspond/talk/speak with

How the words become the graph (the paper's A1.1 rules where they apply):

* Each noun phrase is a variable; a modifier attaches to the nearest phrase it can link to directly (so
  "emails from Jane Doe in February" dates the email, "an event in February" the event), else to the
  nearest it can link to through an Email: "attachments from Jane Doe" = File <-has_attachment- Email
  -from-> Person. Everything said about one attachment or link shares its email.
* "I", "me", "my", "you" are Self. "received", "sent me/you", "emails to me", "in my inbox" -> Email to Self;
  "I sent", and "sent" with no sender -> Email from Self; "events I attended" -> Self attended Event;
  "my emails" with no one named -> every email (the user's mailbox: list mail and Bcc are theirs too); "my message
  to X": from Self; "my mail from X": to Self; "my emails with X": participants Self;
  "the last mail to X" (X named, no sender said) is from Self: in the user's mailbox it is their mail; "my meetings" -> Self attended Event; "my files" adds nothing.
* "the person I/you met at an event" -> Person attended Event and Self attended it too, as in the paper's
  section 4.1 graph (its A4 log of question 7 lost the Self edge); "people I met in February" dates that
  event.
* "Jane Doe's emails" are from her, "Jane's meetings" ones she attended, "Jane's files" attachments of
  emails from her. Names are capitalized words, quoted text or an email address; a lower-case "jane" is
  not guessed to be a name.
* Dates: the filter value is the date as written, minus a leading "on" (the paper's graphs keep "in
  February" but write "January 10, 2025" for "received on January 10, 2025"). "since/after X" -> op ">",
  "before/prior to X" -> op "<", anything else "=" (the text's own "until" still applies).
* "last/latest/newest/most recent" -> ordinal last, "first/earliest/oldest" -> ordinal first, on the email
  itself or on the email the phrase came through ("the last file Jane sent me"); return_mode is "one"
  only when an ordinal is given and the answer is a singular noun ("the last email", "who ... last").
* File types (``EXTENSION_WORDS``): "txt files", ".txt files", "PDFs", "spreadsheets" (xlsx), "Word
  documents" (docx), "Excel files" (xlsx), "presentations" (pptx), "of type .txt", "with the .pdf extension".
* Refused, with the words named: anything outside the vocabulary ("weather", "unread", "offsite"),
  negation ("not", "without"), "and"/"or" between two senders ("from Jane and Bob": both or either?),
  first/last of anything but emails, counts inside ordinals ("the last 3 emails").
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from ... import regex_cache
from ...dates import COMPUTED_HOLIDAYS, HOLIDAYS, MISSPELLED_MONTHS, SEASONS, WEEKDAYS, parse_date_expression
from ...errors import DateExpressionError, GenerationError, GraphError
from ...graph import QueryGraph
from ...schema import EDGE_RULES, VAR_PREFIX, EntityType, fields_for, find_edge_rule

__all__ = ["EXTENSION_WORDS", "parse_question"]

EMAIL, PERSON, SELF, FILE = EntityType.EMAIL, EntityType.PERSON, EntityType.SELF, EntityType.FILE
FOLDER, EVENT, DATE, PLACE, WEBPAGE = (EntityType.FOLDER, EntityType.EVENT, EntityType.DATE,
                                       EntityType.PLACE, EntityType.WEBPAGE)
PEOPLE = (PERSON, SELF)

HINT = ("It reads questions about your emails, people, attachments, folders, events, places, dates and "
        "links, phrased like 'the files attached to emails from Jane Doe in February' or 'how many emails "
        "did Jane Doe send me?'. Rephrase with those words, or set [llm] backend to an LLM backend "
        "(ollama, openai or llamacpp) for free-form questions.")

# ---------------------------------------------------------------------------------------------- lexicon

_NOUNS: dict[str, tuple[EntityType, bool]] = {}  # word -> (type, plural)


def _nouns(type_: EntityType, *pairs: str) -> None:
    for pair in pairs:
        singular, plural = pair.split("/")
        _NOUNS[singular] = (type_, False)
        _NOUNS[plural] = (type_, True)


_nouns(EMAIL, "email/emails", "e-mail/e-mails", "mail/mails", "message/messages", "conversation/conversations",
       "thread/threads", "correspondence/correspondences", "note/notes", "reply/replies", "response/responses")
_nouns(PERSON, "person/people", "contact/contacts", "sender/senders", "recipient/recipients",
       "attendee/attendees", "participant/participants", "correspondent/correspondents", "folk/folks",
       "individual/individuals", "coworker/coworkers", "co-worker/co-workers", "friend/friends", "author/authors",
       "colleague/colleagues")
_nouns(FILE, "file/files", "attachment/attachments", "document/documents", "doc/docs",
       "spreadsheet/spreadsheets", "pdf/pdfs", "presentation/presentations", "deck/decks", "image/images",
       "photo/photos", "picture/pictures", "screenshot/screenshots", "slide/slides", "archive/archives",
       "jpeg/jpegs", "jpg/jpgs", "png/pngs", "csv/csvs", "zip/zips")
_nouns(FOLDER, "folder/folders", "directory/directories")
_nouns(EVENT, "event/events", "meeting/meetings", "appointment/appointments", "invite/invites",
       "invitation/invitations", "gathering/gatherings", "get-together/get-togethers", "hangout/hangouts",
       "catch-up/catch-ups", "call/calls", "session/sessions")
_nouns(WEBPAGE, "webpage/webpages", "page/pages", "link/links", "url/urls", "website/websites", "site/sites")
_nouns(PLACE, "place/places", "location/locations", "venue/venues", "spot/spots")
_NOUNS["persons"] = (PERSON, True)
for _word in ("anyone", "anybody", "someone", "somebody", "everyone", "everybody"):
    _NOUNS[_word] = (PERSON, True)

# Person nouns that say which side of an email (or an event) the person is on.
_NOUN_ROLES = {"sender": "from", "senders": "from", "author": "from", "authors": "from", "recipient": "to",
               "recipients": "to",
               "attendee": "attended", "attendees": "attended", "participant": "participants",
               "participants": "participants", "correspondent": "participants", "correspondents": "participants"}
_ATTACHMENT_NOUNS = {"attachment", "attachments"}

# Words for a file type, usable before a file noun ("txt files", "Word documents") or after "of type".
EXTENSION_WORDS: dict[str, str] = {
    "txt": "txt", "text": "txt", "pdf": "pdf", "csv": "csv", "excel": "xlsx", "xlsx": "xlsx", "xls": "xls",
    "word": "docx", "docx": "docx", "doc": "doc", "powerpoint": "pptx", "pptx": "pptx", "ppt": "ppt",
    "zip": "zip", "json": "json", "markdown": "md", "md": "md", "html": "html", "jpg": "jpg", "jpeg": "jpg",
    "png": "png", "gif": "gif", "ics": "ics", "mp3": "mp3", "mp4": "mp4", "spreadsheet": "xlsx",
    "presentation": "pptx",
}
# Nouns that are themselves a file type.
_NOUN_EXTENSIONS = {"spreadsheet": "xlsx", "spreadsheets": "xlsx", "pdf": "pdf", "pdfs": "pdf",
                    "presentation": "pptx", "presentations": "pptx", "deck": "pptx", "decks": "pptx",
                    "jpeg": "jpg", "jpegs": "jpg", "jpg": "jpg", "jpgs": "jpg", "png": "png", "pngs": "png",
                    "csv": "csv", "csvs": "csv", "zip": "zip", "zips": "zip"}
_FILE_HEADS = {"file", "files", "document", "documents", "attachment", "attachments", "doc", "docs",
               "spreadsheet", "spreadsheets", "presentation", "presentations", "deck", "decks", "image", "images",
               "photo", "photos", "picture", "pictures", "screenshot", "screenshots", "slide", "slides", "archive",
               "archives"}

_ORDINALS = {"last": "last", "latest": "last", "newest": "last", "first": "first", "earliest": "first",
             "oldest": "first"}
_SELF_WORDS = {"i", "me", "myself", "you", "yourself"}
_DETERMINERS = {"the", "a", "an", "all", "any", "every", "each", "some", "these", "those", "this", "that",
                "my", "your", "only"}
_COPULAS = {"is", "are", "was", "were", "be", "been", "being", "'s", "am"}
_AUX = {"did", "do", "does", "has", "have", "had"}
_PREPOSITIONS = {"from", "by", "to", "for", "with", "between", "in", "inside", "within", "under", "at", "of",
                 "on"}
_RELATIVES = {"who", "whom", "that", "which", "where"}
_COMMANDS = {"find", "show", "list", "give", "get", "fetch", "display", "search", "look", "tell", "return",
             "retrieve", "pull", "bring", "locate", "lookup"}
_COMMAND_PARTICLES = {"me", "out", "for", "up"}

# verb form -> (kind, form); form is base, s, past (past tense or participle), part (participle), ing.
_VERBS: dict[str, tuple[str, str]] = {}


def _verb(kind: str, *forms: str) -> None:
    for spec in forms:
        word, form = spec.split(":")
        _VERBS[word] = (kind, form)


_verb("send", "send:base", "sends:s", "sent:past", "sending:ing", "forward:base", "forwards:s",
      "forwarded:past", "forwarding:ing", "share:base", "shares:s", "shared:past", "sharing:ing",
      "write:base", "writes:s", "wrote:past", "written:part", "writing:ing", "mailed:past", "emailed:past",
      "e-mailed:past", "emailing:ing")
_verb("receive", "receive:base", "receives:s", "received:past", "receiving:ing", "get:base", "gets:s",
      "got:past", "gotten:part", "getting:ing")
_verb("attend", "attend:base", "attends:s", "attended:past", "attending:ing", "join:base", "joins:s",
      "joined:past", "joining:ing", "organize:base", "organizes:s", "organized:past", "organizing:ing",
      "organise:base", "organises:s", "organised:past", "organising:ing", "host:base", "hosts:s",
      "hosted:past", "hosting:ing", "invited:past", "participate:base", "participates:s",
      "participated:past", "participating:ing", "go:base", "goes:s", "went:past", "gone:part", "going:ing")
_verb("meet", "meet:base", "meets:s", "met:past")
_verb("link", "contain:base", "contains:s", "contained:past", "containing:ing", "hold:base", "holds:s",
      "held:past", "holding:ing", "include:base", "includes:s", "included:past", "including:ing",
      "have:base", "has:s", "had:past", "having:ing", "store:base", "stores:s", "stored:past",
      "storing:ing")
_verb("mention", "mention:base", "mentions:s", "mentioned:past", "mentioning:ing", "reference:base",
      "references:s", "referenced:past", "referencing:ing", "linked:past", "linking:ing")
_verb("attach", "attach:base", "attaches:s", "attached:past", "attaching:ing")
_verb("converse", "correspond:base", "corresponds:s", "corresponded:past", "corresponding:ing",
      "exchange:base", "exchanges:s", "exchanged:past", "exchanging:ing",
      "converse:base", "conversed:past", "communicate:base", "communicated:past", "talk:base", "talks:s",
      "talked:past", "talking:ing", "speak:base", "speaks:s", "spoke:past", "spoken:part", "chat:base",
      "chatted:past")
# Verbs that are also nouns: verbs only right after a subject, an auxiliary or a relative pronoun.
_NOUN_VERBS = {"email": ("send", "base"), "emails": ("send", "s"), "e-mail": ("send", "base"),
               "mail": ("send", "base"), "link": ("mention", "base"), "links": ("mention", "s")}
_NEEDS_PARTICLE = {"go": ("to",), "goes": ("to",), "went": ("to",), "gone": ("to",), "going": ("to",),
                   "participate": ("in",), "participates": ("in",), "participated": ("in",),
                   "participating": ("in",)}
# Words that only say an event happens ("held at Boston", "took place in February").
_EVENT_FILLERS = {"held", "happened", "happening", "happens", "scheduled", "planned", "located", "hosted"}
_FILLERS = {"please", "ever", "already", "also", "just", "exactly", "actually"}
_LITERAL_MARKERS = {"word", "words", "phrase", "text", "term", "terms"}
_PLACE_PREPS = {"in", "at", "during", "on"}
# Words that end "where are the files from Jane stored?" and add nothing.
_WHERE_FILLERS = {"stored", "saved", "kept", "located"}

# Phrases that filter the nearest phrase with that field: words -> what the text after them is.
_FILTER_PHRASES: dict[tuple[str, ...], str] = {tuple(words.split()): kind for words, kind in (
    ("named", "name"), ("called", "name"), ("titled", "name"), ("entitled", "name"), ("with the name", "name"),
    ("whose name is", "name"),
    ("of type", "extension"), ("of the type", "extension"), ("of file type", "extension"),
    ("with file type", "extension"), ("with extension", "extension"), ("with the extension", "extension"),
    ("ending in", "extension"), ("ending with", "extension"),
    ("about", "subject"), ("regarding", "subject"), ("concerning", "subject"), ("re", "subject"),
    ("on the subject of", "subject"), ("with subject", "subject"), ("with the subject", "subject"),
    ("with subject line", "subject"), ("with the subject line", "subject"), ("with a subject of", "subject"),
    ("whose subject is", "subject"), ("whose subject contains", "subject"),
    ("with the word", "content"), ("with the words", "content"), ("with the phrase", "content"),
    ("with the text", "content"), ("saying", "content"), ("that say", "content"), ("that says", "content"),
    ("that said", "content"),
    ("with the email address", "address"), ("with email address", "address"), ("with the address", "address"),
    ("with address", "address"), ("whose email address is", "address"), ("whose address is", "address"),
    ("at the address", "address"),
    ("in my inbox", "inbox"), ("in the inbox", "inbox"), ("in my sent mail", "sent"), ("in my sent items", "sent"),
    ("in my sent folder", "sent"),
)}
_FILTER_INDEX: dict[str, list[tuple[str, ...]]] = {}
for _phrase in sorted(_FILTER_PHRASES, key=len, reverse=True):
    _FILTER_INDEX.setdefault(_phrase[0], []).append(_phrase)
# What the phrase a clause modifies may be, by verb and by the role it plays in the clause
# ("who sent": the sender; "the files Jane sent": the thing sent; "the event in which ...": the place).
_GAP_TYPES: dict[tuple[str, str], tuple[EntityType, ...]] = {
    ("send", "subject"): PEOPLE, ("send", "object"): (EMAIL, FILE, WEBPAGE, PERSON),
    ("receive", "subject"): PEOPLE, ("receive", "object"): (EMAIL, FILE, WEBPAGE, PERSON),
    ("attend", "subject"): PEOPLE, ("attend", "object"): (EVENT,), ("attend", "place"): (EVENT,),
    ("meet", "subject"): PEOPLE, ("meet", "object"): (PERSON,), ("meet", "place"): (EVENT, PLACE),
    ("link", "subject"): tuple(EntityType), ("link", "object"): tuple(EntityType), ("link", "place"): (FOLDER, EMAIL),
    ("mention", "subject"): (EMAIL,), ("mention", "object"): (WEBPAGE,), ("mention", "place"): (EMAIL,),
    ("attach", "object"): (FILE,), ("attach", "subject"): PEOPLE, ("attach", "place"): (EMAIL,),
    ("converse", "subject"): PEOPLE, ("converse", "object"): PEOPLE,
    ("be", "subject"): tuple(EntityType),
}
# Prepositions a clause may leave at its end: "people I sent budget.xlsx to", "who did I get it from".
_STRANDED = {"send": ("to",), "receive": ("from",), "converse": ("with", "to"), "meet": ("with",),
             "attend": ("to", "at", "in")}

_TLDS = {"com", "org", "net", "edu", "gov", "io", "co", "uk", "de", "fr", "info", "biz", "us", "ca", "au",
         "nl", "eu", "app", "dev", "ai", "me", "ly", "tv", "news", "blog", "site"}
_MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
           "oct", "nov", "dec"}
_WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
# Words a date may start with (the date grammar itself is queryweaver.dates).
_DATE_STARTS = {"in", "on", "during", "within", "from", "since", "after", "before", "until", "till", "til",
                "through", "thru", "between", "prior", "earlier", "later", "starting", "not", "no", "up",
                "the", "this", "last", "next", "past", "today", "yesterday", "tomorrow", "early", "mid",
                "late", "a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "ninety", "couple", "few", "week", "q1",
                "q2", "q3", "q4", "h1", "h2", "so", "over", "throughout", "at", "latter", "around",
                "calendar"} | _MONTHS | _WEEKDAYS
# Words a date may start with that also start names ("Summer Lee", "the Christmas Market", "the French Quarter"):
# not known words of the parser, so a capitalised one still starts a name; misspelled months ("Febuary") too,
# so the speller keeps its say.
_DATE_ONLY_STARTS = set(SEASONS) | set(MISSPELLED_MONTHS) | {"year", "ytd", "fortnight", "quarter", "weekend",
                                                             "christmas", "xmas", "midsummer", "midwinter", "bonfire",
                                                             "half", "qtd", "mtd", "wtd", "year-to-date",
                                                             "quarter-to-date", "month-to-date", "week-to-date",
                                                             "midway", "halfway", "halloween", "easter", "thanksgiving"}
_ALL_DATE_STARTS = _DATE_STARTS | _DATE_ONLY_STARTS
_PREPOSITIONS_AND_DURING = _PREPOSITIONS | {"during"}
# A date expression holds at least one of these (else "the" or "a" alone would be tried against the grammar).
_DATE_KEY_WORDS = ({"today", "yesterday", "tomorrow", "week", "weeks", "month", "months", "year", "years", "day",
                    "days", "weekend", "q1", "q2", "q3", "q4", "quarter", "quarters", "fortnight", "fortnights",
                    "ytd", "halloween", "valentines", "valentine", "mnth", "mnths", "mth", "mths", "wk", "wks", "yr",
                    "yrs", "mo", "mos"} | _MONTHS | _WEEKDAYS | _DATE_ONLY_STARTS
                   | {weekday + "s" for weekday in _WEEKDAYS}  # "two Fridays ago"
                   | {w for name in HOLIDAYS.keys() | COMPUTED_HOLIDAYS.keys() for w in name.split()}
                   - {"new", "season", "eve", "boxing", "time", "of", "night", "guy", "dog", "all", "morning",
                      "between", "and", "good", "sunday", "monday"})
# A date word right before these names a school's term, not a date: "the autumn term 2025" (terms differ by school).
_SCHOOL_TERMS = {"term", "terms", "semester", "semesters", "trimester", "half-term"}
_AMBIGUOUS_DATE_WORDS = {"may", "mar", "sun", "sat", "wed", "jan", "dec", "sep", "oct", "nov", "jun",
                         "jul", "aug", "apr", "feb", "march"}
_AFTER_WORDS = ("since", "after", "later than", "starting", "on or after", "no earlier than", "not before")
_BEFORE_WORDS = ("before", "prior to", "earlier than")
_AFTER_SUFFIXES = ("onward", "onwards", "or later", "and later", "or after", "and after")
# Date words that also name things when a noun follows: "the Christmas party", "the Q3 review", "Summer House".
_NAMING_DATE_WORDS = set(SEASONS) | {"christmas", "xmas", "christmastime", "halloween", "holidays", "holiday",
                                     "weekend", "quarter", "q1", "q2", "q3", "q4"}
_FROM_THE_START = regex_cache.compile(r"from (?:the )?(?:very )?(?:start|beginning) of (?!.* (?:to|until|till|through|thru) )")
_SEASON_LEADS = {"in", "during", "over", "throughout", "the", "this", "last", "next", "past", "previous", "coming",
                 "early", "late", "mid", "recent", "latest", "of"}
_DATE_REFERENCE_DAY = dt.date(2026, 2, 15)  # any day works: only whether the text reads matters here

_LITERAL_STOP = (_PREPOSITIONS | _RELATIVES | _COPULAS | _AUX | set(_VERBS) | _ORDINALS.keys()
                 | {"and", "or", "named", "called", "titled", "about", "regarding", "concerning", "since",
                    "before", "after", "during", "sent", "mentioning", "containing"})
_KNOWN_WORDS = (set(_NOUNS) | _SELF_WORDS | _DETERMINERS | _COPULAS | _AUX | _PREPOSITIONS | _RELATIVES
                | _COMMANDS | _COMMAND_PARTICLES | set(_VERBS) | set(_NOUN_VERBS) | _EVENT_FILLERS | _FILLERS
                | _LITERAL_MARKERS | set(EXTENSION_WORDS) | set(_ORDINALS) | _DATE_STARTS
                | {"how", "many", "count", "number", "what", "which", "when", "and", "named", "called",
                   "titled", "about", "regarding", "concerning", "type", "extension", "subject", "most",
                   "recent", "recently", "calendar", "web", "address", "addresses", "entry", "entries",
                   "there", "present", "out", "took", "place", "ago", "days", "weeks", "months", "years",
                   "inbox", "can", "could", "would", "will", "want", "need", "like", "looking"})


# -------------------------------------------------------------------------------------------- tokens

@dataclass(frozen=True)
class _Token:
    text: str
    low: str
    kind: str  # word, quote, url, email, dotted, ext, num, clitic, punct, entity
    start: int
    end: int
    etype: str = ""  # for an entity: person, place, title, folder (a grounded mention, see grounding.py)


# A grounded mention, written by queryweaver.reader.understand: ⟦person|Jane Doe⟧, ⟦place|Ferry Building⟧,
# ⟦title|planning session⟧ (words of event titles), ⟦folder|Finance⟧.
ENTITY_OPEN, ENTITY_CLOSE = "⟦", "⟧"
_ENTITY_TYPES = {"person": (PERSON,), "place": (PLACE,), "title": (EVENT,), "folder": (FOLDER,), "file": (FILE,)}
_TOKEN_RE = regex_cache.compile(r"""
    (?P<entity>⟦(?:person|place|title|folder|file)\|[^⟧]+⟧)
  | (?P<quote>"[^"]+"|“[^”]+”|‘[^’]+’|(?<![\w'])'[^']+'(?!\w))
  | (?P<url>(?:https?://|www\.)[^\s"'<>]*[^\s"'<>.,;:!?)])
  | (?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)
  | (?P<dotted>[\w-]+(?:\.[\w-]+)*\.[A-Za-z][\w-]*)
  | (?P<ext>(?<![\w.])\.[A-Za-z0-9]{1,5}\b)
  | (?P<num>\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?!\w|\.\d)|\d+(?:[/-]\d+)*(?:st|nd|rd|th)?)
  | (?P<clitic>['’]s\b)
  | (?P<word>[^\W\d_][\w-]*(?:['’](?!s\b)[^\W\d_]+)*)
  | (?P<punct>\S)
""", re.VERBOSE)


def _tokenize(text: str) -> list[_Token]:
    tokens = []
    for match in _TOKEN_RE.finditer(text):
        kind = match.lastgroup
        raw = match.group()
        low = raw.lower().replace("’", "'")
        if kind == "quote":
            raw, low = raw[1:-1].strip(), raw[1:-1].strip().lower()
        elif kind == "entity":
            etype, _, value = raw[1:-1].partition("|")
            tokens.append(_Token(value, value.lower(), kind, match.start(), match.end(), etype))
            continue
        elif kind == "ext":
            low = low[1:]
        if low == "whoever":  # "whoever sent it" = "anyone who sent it"
            tokens.append(_Token(raw, "anyone", kind, match.start(), match.end()))
            low = "who"
        tokens.append(_Token(raw, low, kind, match.start(), match.end()))
    return tokens


def _dotted_kind(token: _Token) -> str:
    """A dotted word is a web address when it ends in a known top-level domain, else a file name."""
    return "url" if token.low.rsplit(".", 1)[-1] in _TLDS else "file"


# ------------------------------------------------------------------------------------------ the model

@dataclass(eq=False)
class _Node:
    """A variable in the making."""

    type: EntityType | None  # None while "where" has not decided between Folder and Place
    words: str
    candidates: tuple[EntityType, ...] = ()
    implicit: bool = False  # made by the parser (an attachment's email), not named in the question
    plural: bool = False
    role: str | None = None  # from / to / participants / attended, for sender, recipient, attendee nouns
    needs_email: bool = False  # "attachments": there is an email it is attached to
    self_owned: bool = False  # "my emails", "my meetings"
    implied_sender_self: bool = False  # "sent" with no sender: the user sent it


@dataclass
class _Phrase:
    """A noun phrase as read, before it becomes a node."""

    start: int
    end: int
    types: tuple[EntityType, ...]
    words: str
    filters: list[tuple[str, str, str]] = field(default_factory=list)
    plural: bool = False
    role: str | None = None
    needs_email: bool = False
    ordinal: str | None = None
    ordinal_words: str = ""
    self_owned: bool = False
    adjective: str | None = None  # "sent emails", "received emails"
    possessor: _Phrase | None = None
    literal: str | None = None  # the text of a bare name / file name / address


@dataclass
class _Relative:
    """After "who", "that", "in which": the phrases the coming clause may be about."""

    heads: list[_Node]
    place: bool  # "in which", "where": the head is where the clause happens
    words: str


@dataclass
class _Clause:
    """A verb and its arguments, materialized into edges when the clause ends."""

    kind: str
    form: str
    words: str
    subject: _Node | None = None
    gap: _Node | None = None  # the phrase the clause modifies
    gap_role: str = "subject"  # subject | object | place
    passive: bool = False
    objects: list[_Node] = field(default_factory=list)
    container: _Node | None = None  # passive "in/by X" of mention, attach, link
    event: _Node | None = None  # attend / meet "at X"
    partners: list[_Node] = field(default_factory=list)  # converse "with X"
    literal: str | None = None  # contain / mention a word
    candidates: list[_Node] = field(default_factory=list)  # "be": what "that are in X" may be about
    dead: bool = False  # could not tell what it is about (already reported): swallow its arguments


class _Failure(Exception):
    pass


# ------------------------------------------------------------------------------------------- parsing

def parse_question(question: str) -> QueryGraph:
    """Turn ``question`` into a validated QueryGraph, or raise ``GenerationError`` naming what was not read."""
    text = " ".join((question or "").split())
    if not text.strip(" ?.!"):
        raise GenerationError("the question is empty; ask something like 'Find the emails Jane Doe sent me "
                              "in February' or 'Which folders hold the attachments Jane Doe sent me?'")
    return _Parser(text).parse()


def find_dates(text: str) -> list[tuple[int, int, str, str]]:
    """Every date expression in ``text`` the date grammar reads: (first token, end token, op, value).

    Token positions are those of ``tokenize(text)``; used by the mention reader (reader/mention_graph.py).
    """
    parser = _Parser(" ".join(text.split()))
    found, i = [], 0
    while i < parser.n:
        hit = parser._scan_date(i)
        if hit is None:
            i += 1
            continue
        op, value, end = hit
        found.append((i, end, op, value))
        i = end
    return found


def tokenize(text: str) -> list[_Token]:
    """The parser's tokens of ``text`` (spaces collapsed first, as ``parse_question`` does)."""
    return _tokenize(" ".join(text.split()))


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = _tokenize(text)
        self.n = len(self.toks)
        self.lows = [t.low for t in self.toks]
        self.i = 0
        self.nodes: list[_Node] = []
        self.edges: list[tuple[_Node, str, _Node]] = []
        self.filters: list[tuple[_Node, str, str, str]] = []
        self.stack: list[_Node] = []  # the phrases read so far, nearest last
        self.self_node: _Node | None = None
        self.head: _Node | None = None
        self.head_phrase: _Phrase | None = None
        self.action = "find"
        self.ordinals: list[tuple[_Node, str, str]] = []
        self.unknown: list[str] = []  # words not understood at all
        self.unused: list[str] = []  # words understood but not fitting the question
        self.clause: _Clause | None = None
        self.relative: _Relative | None = None
        self.pending_subject: _Node | None = None
        self.be_aux = False

    # ---- driver -------------------------------------------------------------------------------
    def parse(self) -> QueryGraph:
        self._read_head()
        while self.i < self.n:
            start = self.i
            try:
                self._step()
            except _Failure as failure:  # a phrase whose types the schema cannot join
                self._fail(self._words(start, max(self.i, start + 1)), str(failure))
            self.i = max(self.i, start + 1)
        self._close_clause()
        self._end_of_sentence()
        self._finish()
        self._raise_if_failed()
        return self._build()

    def _raise_if_failed(self) -> None:
        if self.unknown:
            words = ", ".join(f"'{w}'" for w in dict.fromkeys(self.unknown))
            self._raise(f"the rules parser did not understand {words} in '{self.text}'. {HINT}")
        if self.unused:
            parts = "; ".join(dict.fromkeys(self.unused))
            self._raise(f"the rules parser could not fit {parts} into a query for '{self.text}'. {HINT}")

    def _raise(self, message: str) -> None:
        """Raise the refusal; ``unknown`` and ``unused`` ride along for callers that retry (understand.py)."""
        error = GenerationError(message)
        error.unknown = list(dict.fromkeys(self.unknown))  # type: ignore[attr-defined]
        error.unused = list(dict.fromkeys(self.unused))  # type: ignore[attr-defined]
        raise error

    def _fail(self, words: str, reason: str | None = None) -> None:
        self.unused.append(f"'{words}'" + (f" ({reason})" if reason else ""))

    def _words(self, start: int, end: int) -> str:
        if start >= end:
            return ""
        if end - start == 1 and self.toks[start].kind == "entity":
            return self.toks[start].text
        return self.text[self.toks[start].start:self.toks[end - 1].end]

    def _low(self, j: int) -> str:
        return self.toks[j].low if 0 <= j < self.n else ""

    def _kind(self, j: int) -> str:
        return self.toks[j].kind if 0 <= j < self.n else ""

    def _low_seq(self, j: int, *words: str) -> bool:
        return tuple(self.lows[j:j + len(words)]) == words \
            and all(self.toks[k].kind in ("word", "clitic") for k in range(j, j + len(words)))

    # ---- the head: command words, "how many", "who", "which" -----------------------------------
    def _read_head(self) -> None:
        self._skip_command()
        low = self._low(self.i)
        if self._low_seq(self.i, "how", "many"):
            self.action = "count"
            self.i += 2
            if self._low(self.i) == "of":
                self.i += 1
        elif low == "count":
            self.action = "count"
            self.i += 1
            if self._low(self.i) == "of":
                self.i += 1
        elif self._low_seq(self.i, "the", "number", "of") or self._low_seq(self.i, "number", "of"):
            self.action = "count"
            self.i += 3 if low == "the" else 2
        low = self._low(self.i)
        if low in ("who", "whom"):
            self._head_who()
            return
        if low == "where":
            self._head_where()
            return
        if low == "when":
            self._stop(self.i, "'when' asks for a date, and dates are not something the graph can return; "
                               "ask for the emails or events instead, e.g. 'the events with Jane Doe'")
        if low in ("which", "what"):
            wh = self.i
            self.i += 1
            if self._low(self.i) in _COPULAS:
                self.i += 1
            phrase = self._scan_phrase(self.i)
            if phrase is None:
                k = self.i
                while self._low(k) in _DETERMINERS:
                    k += 1
                if low == "what" and (k >= self.n or self._low(k) in _KNOWN_WORDS):
                    self._stop(wh, "say which kind of thing you want: emails, people, files, folders, "
                                   "events, places or links, e.g. 'which files did Jane Doe send me'")
                self._stop(self.i)
        else:
            phrase = self._scan_phrase(self.i)
            if phrase is None:
                self._stop(self.i)
        self._set_head(phrase)

    def _skip_command(self) -> None:
        while True:
            low = self._low(self.i)
            if low in _FILLERS or (low in ("can", "could", "would", "will") and self._low(self.i + 1) == "you"):
                self.i += 2 if low in ("can", "could", "would", "will") else 1
            elif low == "i" and self._low(self.i + 1) in ("want", "need", "would", "'d"):
                self.i += 2
                while self._low(self.i) in ("like", "to", "know", "see"):
                    self.i += 1
            elif self._low_seq(self.i, "i", "am", "looking", "for") or self._low_seq(self.i, "i'm", "looking", "for"):
                self.i += 4 if self._low(self.i) == "i" else 3
            elif low in _COMMANDS and self._kind(self.i) == "word":
                self.i += 1
                while self._low(self.i) in _COMMAND_PARTICLES:
                    self.i += 1
            else:
                return

    def _stop(self, j: int, reason: str | None = None) -> None:
        """The head cannot be read: report the word there (and any other unknown word) and stop."""
        if reason:
            self.unknown = [self.toks[j].text]
            self._raise(f"the rules parser did not understand '{self.toks[j].text}' in "
                        f"'{self.text}': {reason}. {HINT}")
        while j < self.n and self._low(j) in _DETERMINERS | {"of"}:
            j += 1
        if j >= self.n:
            raise GenerationError(f"the rules parser found nothing to look for in '{self.text}'; say what you "
                                  f"want: emails, people, files, folders, events, places or links. {HINT}")
        bad = [self.toks[j].text]
        for k in range(j + 1, self.n):
            tok = self.toks[k]
            if tok.kind == "word" and tok.low not in _KNOWN_WORDS and not tok.text[:1].isupper():
                bad.append(tok.text)
        self.unknown = bad
        self._raise_if_failed()

    def _set_head(self, phrase: _Phrase) -> None:
        self.i = phrase.end
        node = self._make(phrase)
        self.head, self.head_phrase = node, phrase
        self.stack.append(node)
        self._attach_possessor(node, phrase)

    def _head_who(self) -> None:
        start = self.i
        self.i += 1
        if self._low(self.i) in _COPULAS:
            phrase = self._scan_phrase(self.i + 1)
            if phrase and phrase.types == (PERSON,):
                self.i += 1
                self._set_head(phrase)
                return
        node = self._new_node(PERSON, self._words(start, start + 1))
        self.head = node
        self.head_phrase = _Phrase(start, start + 1, (PERSON,), node.words)
        self.stack.append(node)
        self.relative = _Relative([node], False, node.words)

    def _head_where(self) -> None:
        start = self.i
        self.i += 1
        node = self._new_node(None, self._words(start, start + 1))
        node.candidates = (FOLDER, PLACE)
        self.head = node
        self.head_phrase = _Phrase(start, start + 1, (FOLDER, PLACE), node.words)
        self.stack.append(node)
        if self._low(self.i) in _COPULAS:
            phrase = self._scan_phrase(self.i + 1)
            if phrase is not None:
                self.i = phrase.end
                target = self._make(phrase)
                if not self._connect(node, "generic", target, indirect=False):
                    self._fail(f"where ... {phrase.words}", "only files have a folder and events a place")
                self.stack.append(target)
                self._attach_possessor(target, phrase)
                return
        self.relative = _Relative([node], True, node.words)

    # ---- one step of the modifier loop -----------------------------------------------------------
    def _step(self) -> None:
        tok = self.toks[self.i]
        low = tok.low
        if tok.kind == "punct":
            if tok.text not in (",", "'", "\"", "-", ":", "(", ")"):
                self._close_clause()
            self.i += 1
            return
        if self._try_date():
            return
        if self._try_filter_phrase():
            return
        if self._try_relative():
            return
        if tok.kind in ("word", "clitic") and (low in _COPULAS or low in _AUX) and self._try_auxiliary():
            return
        if self._try_verb():
            return
        if low == "and":
            self._and()
            return
        if low in _PREPOSITIONS and tok.kind == "word":
            self._preposition()
            return
        if self._try_clause_literal():
            return
        phrase = self._scan_phrase(self.i)
        if phrase is not None:
            self.i = phrase.end
            self._bare_phrase(phrase)
            return
        if self._try_post_ordinal():
            return
        if low in _FILLERS or low in _DETERMINERS and self._kind(self.i + 1) == "word" \
                and self._low(self.i + 1) not in _KNOWN_WORDS:  # "the zorblax": report the unknown word only
            self.i += 1
            return
        self._close_clause()
        self.unknown.append(tok.text)
        self.i += 1

    # ---- dates --------------------------------------------------------------------------------
    def _scan_date(self, i: int) -> tuple[str, str, int] | None:
        """(op, value, end) for the longest date expression starting at token i that the date grammar reads."""
        tok = self.toks[i]
        if tok.low == "for" and tok.kind == "word" and i + 1 < self.n:  # "scheduled for next week"
            found = self._scan_date(i + 1)
            return found if found is None or found[1] == self._words(i + 1, found[2]) else None
        if not (tok.kind == "num" or tok.kind == "word" and (
                tok.low in _ALL_DATE_STARTS or tok.low.partition("-")[0] in _MONTHS and tok.low[-1:].isdigit())):
            return None  # a date starts with a number, a date word, or a month joined to numbers: "Oct-04-2025"
        if tok.low in ("over", "at", "throughout") and self._low(i + 1) in _PREPOSITIONS_AND_DURING:
            return None  # "send over in early 2025": the date starts at "in"
        for end in range(min(self.n, i + 12), i, -1):
            if self.toks[end - 1].kind == "punct" and not (
                    self.lows[end - 3:end - 1] and self.lows[end - 3] == "(" and self.lows[end - 2] in WEEKDAYS
                    and self.toks[end - 1].text == ")"):
                continue  # a date ends in a word or a number, or its weekday in brackets: "4 October 2025 (Sat)"
            words = [self._low(k) for k in range(i, end)]
            if len(words) == 1 and words[0] in _AMBIGUOUS_DATE_WORDS and not tok.text[:1].isupper():
                continue
            if words[-1] in _PREPOSITIONS | {"and", "the", "a", "an", "to", "or"}:
                continue
            if self._low(end) in _SCHOOL_TERMS:
                continue
            if len(words) == 1 and re.fullmatch(r"\d{8}", words[0]):
                continue  # "invoice 20251004" is a number; "on 20251004" a day
            if not any(w in _DATE_KEY_WORDS or re.search(r"\d", w) or "-" in w and _DATE_KEY_WORDS.intersection(
                    re.sub(r"s$", "", part) for part in w.split("-")) for w in words):
                continue  # "the last half-year", "the past six-month period" hold one too
            if words[-1] in SEASONS and (len(words) == 1 or words[-2] not in _SEASON_LEADS):
                continue  # "from Summer" is likelier a person than a season; "in (the) summer" is a season
            if words[-1] in _NAMING_DATE_WORDS and end < self.n and self.toks[end].kind == "word" and (
                    self.toks[end].low not in _KNOWN_WORDS
                    or self.toks[end - 1].text[:1].isupper() and self.toks[end].text[:1].isupper()):
                continue  # "the Christmas party", "Q3 planning", "the Summer House": the date word names a thing
            value = self._words(i, end)
            try:
                parse_date_expression(value, "=", today=_DATE_REFERENCE_DAY)
            except DateExpressionError:
                continue
            return self._date_op(value) + (end,)
        return None

    @staticmethod
    def _date_op(value: str) -> tuple[str, str]:
        low = " ".join(value.lower().split())
        if re.match(r"on (?!or\b)", low):  # "received on January 10, 2025" -> "January 10, 2025"
            value = value.split(None, 1)[1]
        if any(low.startswith(w + " ") for w in _AFTER_WORDS) or any(low.endswith(" " + w) for w in _AFTER_SUFFIXES) \
                or _FROM_THE_START.match(low):  # "from the start of the year" runs on, as "since" does
            return ">", value
        if any(low.startswith(w + " ") for w in _BEFORE_WORDS):
            return "<", value
        return "=", value

    def _try_date(self) -> bool:
        found = self._scan_date(self.i)
        if found is None:
            return False
        op, value, end = found
        words = self._words(self.i, end)
        self.i = end
        self._close_clause()
        self._end_of_sentence()
        for indirect in (False, True):
            for frame in reversed(self.stack):
                target = self._dated(frame, indirect)
                if target is not None:
                    # "after January 5 and before March": both bound one Date (queryweaver.dates intersects them)
                    date = next((b for a, _n, b in self.edges if a is target and b.type == DATE), None)
                    if date is None:
                        date = self._new_node(DATE, words)
                        self._edge(target, _only_edge(target.type, DATE), date)
                    self.filters.append((date, "value", op, value))
                    return True
        self._fail(words, "no email or event here for the date to apply to")
        return True

    def _dated(self, frame: _Node, indirect: bool) -> _Node | None:
        if frame.type in (EMAIL, EVENT):
            return frame
        if indirect and frame.type in (FILE, WEBPAGE):
            return self._email_of(frame)
        return None

    # ---- filters: named X, of type X, about X ... ---------------------------------------------
    def _try_filter_phrase(self) -> bool:
        i = self.i
        if self._kind(i) != "word":
            return False
        for words in _FILTER_INDEX.get(self._low(i), ()):
            if self._low_seq(i, *words) and self._filter_phrase(_FILTER_PHRASES[words], i, i + len(words)):
                return True
        # "with a .pdf extension"
        if self._low(i) == "with" and self._low(i + 1) in ("a", "an", "the") and self._extension_at(i + 2) \
                and self._low(i + 3) == "extension":
            return self._filter_phrase("extension", i, i + 2)
        return False

    def _filter_phrase(self, kind: str, i: int, j: int) -> bool:
        """Apply "named X", "of type X", "about X"... (words i..j, value from j); False if no value follows."""
        value = ""
        if kind == "extension":
            value = self._extension_at(j)
            if value is None:
                return False
            end = j + 1 if self._low(j + 1) != "extension" else j + 2
        elif kind == "address":
            if self._kind(j) != "email":
                return False
            value, end = self.toks[j].text, j + 1
        elif kind in ("inbox", "sent"):
            end = j
        else:
            if self._kind(j) == "punct" and self.toks[j].text == ":":  # "re: budget"
                j += 1
            literal = self._scan_literal(j)
            if literal is None:
                return False
            value, end = literal
        self._close_clause()
        self.i = end
        words = self._words(i, end)
        if kind == "name" and self._kind(end - 1) == "ext":  # "files called .pdf"
            self._file_filter(self._low(end - 1), words)
        elif kind == "name":
            # words of event titles found in the data ("meetings named retro"), or any name given to many events
            # ('the meetings called "all-hands"'), match titles containing them; "the meeting named X" is X
            self._name_filter(value, words, contains=self._kind(end - 1) == "entity"
                              and self.toks[end - 1].etype == "title" or self._plural_event_named())
        elif kind == "extension":
            self._file_filter(value, words)
        elif kind == "subject":
            self._subject_filter(value, words)
        elif kind == "content":
            self._content_filter(value, words)
        elif kind == "address":
            person = self._nearest((PERSON,))
            if person is None:
                self._fail(words, "only people have an email address")
            else:
                self.filters.append((person, "email_address", "=", value))
        else:  # "in my inbox", "in my sent mail"
            email = self._nearest((EMAIL,))
            if email is None:
                self._fail(words, "there is no email here for it to apply to")
            else:
                self._edge(email, "to" if kind == "inbox" else "from", self._self())
        return True

    def _extension_at(self, j: int) -> str | None:
        tok = self.toks[j] if j < self.n else None
        if tok is None:
            return None
        if tok.kind == "ext":
            return tok.low
        if tok.kind == "word" and tok.low in EXTENSION_WORDS:
            return EXTENSION_WORDS[tok.low]
        if tok.kind == "word" and re.fullmatch(r"[a-z0-9]{1,5}", tok.low) and tok.low not in _KNOWN_WORDS:
            return tok.low
        return None

    def _scan_literal(self, j: int) -> tuple[str, int] | None:
        """Free text after "about", "named", "mentioning": a quoted string, or words up to a boundary."""
        while self._low(j) in ("the", "a", "an") and self._kind(j + 1) != "punct" and j + 1 < self.n:
            j += 1
        if j >= self.n:
            return None
        tok = self.toks[j]
        if tok.kind in ("quote", "email", "url", "dotted", "ext", "entity"):
            return tok.text, j + 1
        end = j
        while end < self.n:
            t = self.toks[end]
            if t.kind == "punct" and t.text not in ("-", "&", "'"):
                break
            if t.kind in ("word", "clitic") and t.low in _LITERAL_STOP:
                break
            if end > j and self._scan_date(end) is not None:
                break
            end += 1
        if end == j:
            return None
        return self._words(j, end), end

    def _plural_event_named(self) -> bool:
        frame = next((f for f in reversed(self.stack) if f.type is not None), None)
        return frame is not None and frame.type == EVENT and frame.plural

    def _name_filter(self, value: str, words: str, contains: bool = False) -> None:
        for frame in reversed(self.stack):
            if frame.type is None:
                continue
            if frame.type == EMAIL:
                self.filters.append((frame, "subject", "contains", value))
                return
            if frame.type == WEBPAGE:
                self.filters.append((frame, "url", "=", value))
                return
            if "name" in fields_for(frame.type):
                self.filters.append((frame, "name", "contains" if contains and frame.type == EVENT else "=", value))
                return
        self._fail(words, "nothing here has a name")

    def _file_filter(self, extension: str, words: str) -> None:
        frame = self._nearest((FILE,))
        if frame is None:
            self._fail(words, "only files have a type")
        else:
            self.filters.append((frame, "extension", "=", extension))

    def _subject_filter(self, value: str, words: str) -> None:
        for frame in reversed(self.stack):
            if frame.type == EMAIL:
                self.filters.append((frame, "subject", "contains", value))
                return
            if frame.type == EVENT:
                self.filters.append((frame, "name", "contains", value))
                return
        frame = self._nearest((FILE, WEBPAGE))
        if frame is not None:
            self.filters.append((self._email_of(frame), "subject", "contains", value))
            return
        self._fail(words, "only emails have a subject and events a title")

    def _content_filter(self, value: str, words: str) -> None:
        frame = self._nearest((EMAIL,))
        if frame is None and self._nearest((FILE, WEBPAGE)) is not None:
            frame = self._email_of(self._nearest((FILE, WEBPAGE)))
        if frame is None:
            self._fail(words, "only emails have text to search")
        else:
            self.filters.append((frame, "content", "contains", value))

    def _nearest(self, types: tuple[EntityType, ...]) -> _Node | None:
        for frame in reversed(self.stack):
            if frame.type in types:
                return frame
        return None

    # ---- relative pronouns ------------------------------------------------------------------------
    def _try_relative(self) -> bool:
        i, low = self.i, self._low(self.i)
        if self._kind(i) != "word":
            return False
        place = False
        size = 1
        if low in ("in", "at", "during", "on") and self._low(i + 1) in ("which", "whom"):
            place, size = True, 2
        elif low == "where" or low == "when":
            place = True
        elif low == "that" and self._scan_phrase(i) is not None and self._starts_noun(i + 1) \
                and not (self.stack and self._low(i + 1) in _NOUN_VERBS and self._low(i + 2) in _PREPOSITIONS):
            return False  # "that email": a determiner (but "emails that link to ...": a relative pronoun)
        elif low not in ("who", "whom", "that", "which"):
            return False
        if low == "when":
            return False
        self._close_clause()
        self._end_of_sentence()
        words = self._words(i, i + size)
        self.i = i + size
        heads = [f for f in reversed(self.stack) if not f.implicit]
        if low in ("who", "whom"):
            heads = [f for f in heads if f.type in PEOPLE]
        if not heads:
            self._fail(words, "it refers to nothing before it")
            return True
        self.relative = _Relative(heads, place, words)
        return True

    def _starts_noun(self, j: int) -> bool:
        return self._low(j) in _NOUNS or self._low(j) in _ORDINALS or self._low(j) in EXTENSION_WORDS

    # ---- auxiliaries and "to be" ------------------------------------------------------------------
    def _try_auxiliary(self) -> bool:
        i, low = self.i, self._low(self.i)
        nxt = self._low(i + 1)
        if low in ("has", "have", "had"):
            subject_end = i + 2 if nxt in _SELF_WORDS else (self._name_end(i + 1) or i + 1)
            if self._participle_at(i + 1) or nxt in ("been", "ever", "already") \
                    or subject_end > i + 1 and self._participle_at(subject_end):  # "have I received"
                self.i += 1
                return True
            return False  # possession: the verb "have"
        if low in ("did", "do", "does"):
            self.i += 1
            return True
        # a form of "to be"
        if nxt == "there":
            self.i += 2
            return True
        if nxt == "not":
            return False
        if self._participle_at(i + 1) or nxt in ("being",):
            self.be_aux = True
            self.i += 1
            return True
        if nxt == "present":
            self.i += 2
            self._open_clause("attend", "present", self._words(i, i + 2))
            return True
        if nxt in _PREPOSITIONS and nxt != "of":
            self.i += 1
            self._open_clause("be", "be", self._words(i, i + 1))
            return True
        self.i += 1
        if (i + 1 >= self.n or self._kind(i + 1) == "punct") and self.relative is not None \
                and self.relative.place and self.pending_subject is not None:
            # "the folders where budget.xlsx is"
            thing, heads = self.pending_subject, self.relative.heads
            self.pending_subject = self.relative = None
            if not any(self._connect(head, "generic", thing, indirect=False) for head in heads):
                self._fail(self._words(i - 1, i + 1), "the schema has no such link")
        return True

    def _participle_at(self, j: int) -> bool:
        verb = _VERBS.get(self._low(j))
        return verb is not None and verb[1] in ("past", "part") or self._low(j) in _EVENT_FILLERS \
            or self._low(j) == "took"

    # ---- verbs --------------------------------------------------------------------------------
    def _try_verb(self) -> bool:
        i, low = self.i, self._low(self.i)
        if self._kind(i) != "word":
            return False
        # "took place", "held at": only say that an event happens
        if low in _EVENT_FILLERS or self._low_seq(i, "took", "place") or self._low_seq(i, "takes", "place") \
                or self._low_seq(i, "take", "place"):
            top = next((f for f in reversed(self.stack) if not f.implicit), None)
            if self.relative is not None and self.relative.heads[0].type == EVENT:
                top = self.relative.heads[0]
            if top is not None and top.type == EVENT and (low != "held" or self._low(i + 1) in _PLACE_PREPS):
                self._close_clause()
                self.i += 2 if low in ("took", "takes", "take") else 1
                self.be_aux = False
                self.relative = None  # "the events that took place in Boston": the rest is about them
                return True
        if low in _WHERE_FILLERS and self.head is not None and self.head.words.lower() == "where" \
                and (i + 1 >= self.n or self._kind(i + 1) == "punct"):
            self._close_clause()
            self.be_aux = False
            self.i += 1
            return True
        if low in ("took", "take", "takes") and self._low_seq(i + 1, "part", "in"):
            self.i += 3
            self._open_clause("attend", "past" if low == "took" else "base", self._words(i, i + 3))
            return True
        if low == "present" and self.stack:
            self.i += 1
            self._open_clause("attend", "present", self._words(i, i + 1))
            return True
        verb = _VERBS.get(low)
        if verb is None and low in _NOUN_VERBS:
            previous = self._low(i - 1)
            if self.pending_subject is not None or previous in ("did", "do", "does", "who", "that", "which") \
                    or (self.relative is not None and previous != "the"):
                verb = _NOUN_VERBS[low]
        if verb is None:
            return False
        kind, form = verb
        end = i + 1
        if low == "emailed" and self._low(end) == "with":
            kind = "converse"
        if low in _NEEDS_PARTICLE:
            if self._low(end) not in _NEEDS_PARTICLE[low]:
                return False
            end += 1
        elif (kind == "send" and self._low(end) in ("out", "over")  # "sent out"
              or low in ("link", "links", "linking") and self._low(end) == "to"):  # "emails that link to ..."
            end += 1
        elif kind == "meet" and self._low(end) == "with" or kind == "meet" and self._low_seq(end, "up", "with"):
            end += 2 if self._low(end) == "up" else 1
        self.i = end
        self._open_clause(kind, form, self._words(i, end))
        return True

    def _open_clause(self, kind: str, form: str, words: str) -> None:
        self._close_clause()
        passive = self.be_aux and form in ("past", "part")
        self.be_aux = False
        subject = self.pending_subject
        self.pending_subject = None
        relative, self.relative = self.relative, None
        if subject is not None:
            gap_role = "place" if relative is not None and relative.place else "object"
            candidates = relative.heads if relative is not None else \
                [f for f in reversed(self.stack) if not f.implicit and f is not subject]
        elif relative is not None:
            candidates = relative.heads
            gap_role = "object" if passive else ("place" if relative.place else "subject")
        else:
            candidates = [f for f in reversed(self.stack) if not f.implicit]
            if form in ("past", "part") and not passive:
                passive = not self._starts_object(self.i)
            gap_role = "object" if passive else "subject"
        if kind in ("be",) and gap_role == "object":
            gap_role = "subject"
        if form == "present":
            gap_role = "place" if gap_role == "place" else "subject"
        if kind in ("send", "receive") and gap_role == "object":  # the thing sent before its recipient
            candidates = sorted(candidates, key=lambda c: c.type in PEOPLE)
        gap = next((c for c in candidates if self._fits(kind, gap_role, c)), None)
        if gap is None:
            self._fail(words, "it is not clear what it is about")
            self.clause = _Clause(kind, form, words, dead=True)
            return
        self.clause = _Clause(kind, form, words, subject=subject, gap=gap, gap_role=gap_role, passive=passive,
                              candidates=[subject] if subject is not None else list(candidates))

    def _starts_object(self, j: int) -> bool:
        """After a past form with no "who"/"that": an object follows in "people attended the meeting"."""
        if j >= self.n:
            return False
        low = self._low(j)
        if low in _SELF_WORDS and low != "i":
            return True
        if low in _PREPOSITIONS or self._scan_date(j) is not None:
            return False
        return self._scan_phrase(j) is not None

    @staticmethod
    def _fits(kind: str, role: str, node: _Node) -> bool:
        types = node.candidates if node.type is None else (node.type,)
        return any(t in _GAP_TYPES.get((kind, role), ()) for t in types)

    def _clause_takes_phrase(self, phrase: _Phrase) -> bool:
        """A noun phrase right after the verb: an object of the open clause?"""
        c = self.clause
        if c is None:
            return False
        if c.dead:
            return True
        types = phrase.types
        if c.kind == "send" and not c.passive:
            things = [o for o in c.objects if o.type not in PEOPLE]
            if PEOPLE[0] in types or SELF in types:
                return not things and (c.gap_role != "object" or c.gap.type not in PEOPLE) and len(c.objects) < 2
            return not things and (c.gap_role != "object" or c.gap.type in PEOPLE) \
                and bool({EMAIL, FILE, WEBPAGE} & set(types))
        if c.kind == "receive" and not c.passive:
            return not c.objects and (c.gap_role != "object" or c.gap.type in PEOPLE) \
                and bool({EMAIL, FILE, WEBPAGE} & set(types))
        if c.kind == "attend" and not c.passive and c.form != "present":
            return not c.objects and c.gap_role == "subject" and EVENT in types
        if c.kind == "meet" and not c.passive:
            return not c.objects and c.gap_role != "object" and PERSON in types
        if c.kind == "link" and not c.passive:
            return not c.objects and c.gap_role == "subject" and c.literal is None
        if c.kind == "mention" and not c.passive:
            return not c.objects and c.gap_role == "subject" and WEBPAGE in types
        if c.kind == "attach" and not c.passive:
            return not c.objects and FILE in types
        return False

    def _clause_takes_preposition(self, prep: str, phrase: _Phrase) -> bool:
        c = self.clause
        if c is None:
            return False
        if c.dead:
            return True
        types = set(phrase.types)
        if prep == "by" and c.passive and c.subject is None and c.kind in ("send", "receive", "attend", "meet",
                                                                            "mention", "link", "attach"):
            return True
        if c.kind == "send" and prep == "to" and types & set(PEOPLE):
            return True
        if c.kind in ("send", "receive") and prep in ("in", "via", "through", "by") and EMAIL in types \
                and c.container is None:  # "the links Jane sent me in emails about the offsite"
            return True
        if c.kind == "receive" and prep == "from" and types & set(PEOPLE):
            return True
        if c.kind == "attend" and prep in ("at", "in", "to", "for", "during", "on") and EVENT in types \
                and c.event is None and c.gap_role != "object" and c.gap_role != "place":
            return True
        if c.kind == "meet" and prep in ("at", "in", "during", "on", "through") and EVENT in types and c.event is None:
            return True
        if c.kind == "meet" and prep == "with" and PERSON in types and not c.objects and c.gap_role != "object":
            return True
        if c.kind == "converse" and prep in ("with", "to") and types & set(PEOPLE):
            return True
        if c.kind in ("mention", "attach") and c.passive and prep in ("in", "to", "on", "from", "within") \
                and EMAIL in types and c.container is None:
            return True
        if c.kind == "link" and c.passive and prep in ("in", "inside", "within", "under", "on") \
                and c.container is None:
            return True
        return c.kind == "be"

    def _give_clause(self, prep: str | None, node: _Node) -> None:
        """Record a phrase the open clause accepted (object, agent, place...)."""
        c = self.clause
        if c.dead:
            return
        if prep is None:
            c.objects.append(node)
        elif prep == "by" and c.passive and c.subject is None:
            c.subject = node
        elif c.kind == "send" and prep == "to":
            c.objects.insert(0, node)
        elif c.kind in ("send", "receive") and node.type == EMAIL:
            c.container = node
        elif c.kind == "receive" and prep == "from":
            c.partners.append(node)
        elif c.kind in ("attend", "meet") and node.type == EVENT:
            c.event = node
        elif c.kind == "meet" and prep == "with":
            c.objects.append(node)
        elif c.kind == "converse":
            c.partners.append(node)
        elif c.kind in ("mention", "attach", "link") and c.passive:
            c.container = node
        elif c.kind == "be":
            self.clause = None
            for indirect in (False, True):
                if any(self._connect(head, prep, node, indirect) for head in c.candidates):
                    return
            self._fail(f"{c.words} {prep} {node.words}", "the schema has no such link")

    def _close_clause(self) -> None:
        c, self.clause = self.clause, None
        if c is None or c.dead:
            return
        try:
            getattr(self, f"_materialize_{c.kind}")(c)
        except _Failure as failure:
            self._fail(c.words, str(failure) or None)

    def _end_of_sentence(self) -> None:
        if self.pending_subject is not None:
            self._fail(self.pending_subject.words, "it is not linked to the rest of the question")
            self.pending_subject = None
        if self.relative is not None:
            self._fail(self.relative.words, "no verb follows it")
            self.relative = None
        self.be_aux = False

    # ---- materializing clauses -------------------------------------------------------------------
    def _roles(self, c: _Clause) -> tuple[_Node | None, _Node | None, _Node | None]:
        """(subject, object, place) with the gap filled in."""
        subject, obj, place = c.subject, None, None
        if c.gap_role == "subject":
            subject = c.gap
        elif c.gap_role == "object":
            obj = c.gap
        else:
            place = c.gap
        return subject, obj, place

    def _materialize_send(self, c: _Clause) -> None:
        sender, obj, place = self._roles(c)
        recipients = [o for o in c.objects if o.type in PEOPLE]
        things = [o for o in c.objects if o.type not in PEOPLE]
        if obj is not None:
            (recipients if obj.type in PEOPLE else things).insert(0, obj)
        if place is not None:
            raise _Failure()
        thing = things[0] if things else None
        email = None
        if thing is not None and thing.type == EMAIL:
            email = thing
        elif thing is not None:
            email = self._existing_email_of(thing) or c.container
        if email is None:
            email = self._new_node(EMAIL, c.words, implicit=True)
            self.stack.append(email)
        if sender is not None:
            self._edge(email, "from", sender)
        elif c.passive:
            email.implied_sender_self = True
        for person in recipients:
            self._edge(email, "to", person)
        if thing is not None and thing is not email:
            self._edge(email, _only_edge(EMAIL, thing.type), thing)

    def _materialize_receive(self, c: _Clause) -> None:
        recipient, obj, place = self._roles(c)
        if place is not None:
            raise _Failure()
        senders = list(c.partners)
        if obj is not None and obj.type in PEOPLE:  # "who did I get budget.xlsx from"
            senders.insert(0, obj)
            obj = None
        thing = obj or (c.objects[0] if c.objects else None)
        if recipient is None:
            recipient = self._self()
        email = thing if thing is not None and thing.type == EMAIL else None
        if email is None and thing is not None:
            email = self._existing_email_of(thing) or c.container
        if email is None:
            email = self._new_node(EMAIL, c.words, implicit=True)
            self.stack.append(email)
        self._edge(email, "to", recipient)
        for sender in senders:
            self._edge(email, "from", sender)
        if thing is not None and thing is not email:
            self._edge(email, _only_edge(EMAIL, thing.type), thing)

    def _materialize_attend(self, c: _Clause) -> None:
        attendee, obj, place = self._roles(c)
        event = obj or place or c.event or next((o for o in c.objects if o.type == EVENT), None)
        if event is None:
            raise _Failure("say which event")
        if attendee is None:
            attendee = self._self()
        self._edge(attendee, "attended", event)

    def _materialize_meet(self, c: _Clause) -> None:
        subject, obj, place = self._roles(c)
        met = obj or next((o for o in c.objects if o.type == PERSON), None)
        if met is None:
            raise _Failure("say who was met")
        event = c.event or (place if place is not None and place.type == EVENT else None)
        if event is None:
            event = self._new_node(EVENT, c.words, implicit=True)
            self.stack.append(event)
        self._edge(met, "attended", event)
        # "I met X" / "X met me": both attended the same event (the paper's section 4.1 graph has the Self
        # edge; the A4 log of its question 7 dropped it, which would list people the user never met).
        if subject is not None and subject.type in PEOPLE:
            self._edge(subject, "attended", event)
        if place is not None and place.type != EVENT and not self._connect(event, "generic", place, indirect=False):
            raise _Failure()

    def _materialize_link(self, c: _Clause) -> None:
        subject, obj, place = self._roles(c)
        if place is not None:
            container, contained = place, c.subject
        elif c.passive:
            container, contained = c.container or subject, obj
        else:
            container, contained = subject, obj or (c.objects[0] if c.objects else None)
        if c.literal is not None and container is not None:
            if container.type == EMAIL:
                self.filters.append((container, "content", "contains", c.literal))
                return
            raise _Failure(f"only emails contain words like '{c.literal}'")
        if container is None or contained is None:
            raise _Failure("say what contains what")
        if not self._connect(container, "generic", contained, indirect=True):
            raise _Failure(f"a {container.type} cannot hold a {contained.type}")

    def _materialize_mention(self, c: _Clause) -> None:
        subject, obj, place = self._roles(c)
        if c.passive:
            thing = obj
            container = c.container if c.container is not None else None
            if container is None and subject is not None and subject.type == EMAIL:
                container = subject
            if container is None:
                container = self._email_of(thing)
            elif container.type != EMAIL:
                self._edge(self._email_of(thing), "from", container)
                return
        else:
            container = place if place is not None else subject
            thing = obj or (c.objects[0] if c.objects else None)
            if c.literal is not None:
                self.filters.append((container, "content", "contains", c.literal))
                return
        if thing is None or container is None:
            raise _Failure("say which link")
        self._edge(container, _only_edge(EMAIL, WEBPAGE), thing)

    def _materialize_attach(self, c: _Clause) -> None:
        _subject, obj, _place = self._roles(c)
        if c.passive or c.gap_role == "object" and c.subject is None:
            thing = obj
            if c.container is not None:
                self._edge(c.container, _only_edge(EMAIL, FILE), thing)
            else:
                thing.needs_email = True
            return
        # "the files Jane attached": as if she sent them
        c.kind = "send"
        self._materialize_send(c)

    def _materialize_converse(self, c: _Clause) -> None:
        subject, obj, _place = self._roles(c)
        people = [p for p in (subject, obj, *c.partners) if p is not None]
        if len(people) < 2:
            raise _Failure("say with whom")
        email = self._new_node(EMAIL, c.words, implicit=True)
        self.stack.append(email)
        for person in people:
            self._edge(email, "participants", person)

    def _materialize_be(self, c: _Clause) -> None:
        raise _Failure("say what it is")

    # ---- prepositions and bare phrases -------------------------------------------------------------
    def _preposition(self) -> None:
        i = self.i
        prep = self._low(i)
        phrase = self._scan_phrase(i + 1)
        if phrase is None:
            self.i = i + 1
            c = self.clause
            if c is not None and not c.dead and prep in _STRANDED.get(c.kind, ()):
                return  # "people I sent budget.xlsx to": the preposition of the clause's own gap
            self._close_clause()
            subject = self.pending_subject
            if subject is not None:  # "which folder is budget.xlsx in?"
                self.pending_subject = None
                for frame in reversed(self.stack):
                    if frame is not subject and not frame.implicit and self._connect(subject, prep, frame, False):
                        return
                self.pending_subject = subject
            self._fail(self.toks[i].text, "nothing it could link to follows it")
            return
        self.i = phrase.end
        words = self._words(i, phrase.end)
        if self.clause is not None and self._clause_takes_preposition(prep, phrase):
            node = self._make(phrase, self._type_for_clause(phrase))
            self._push(node)
            self._give_clause(prep, node)
            self._attach_possessor(node, phrase)
            return
        self._close_clause()
        self._end_of_sentence()
        if prep == "between":
            self._between(phrase, words)
            return
        self._attach(prep, phrase, words)

    def _type_for_clause(self, phrase: _Phrase) -> EntityType:
        c = self.clause
        if len(phrase.types) > 1 and c is not None and c.kind in ("attend", "meet") and PLACE in phrase.types \
                and PERSON not in phrase.types:
            return PLACE
        return phrase.types[0]

    def _between(self, phrase: _Phrase, words: str) -> None:
        people = [phrase]
        while self._low(self.i) == "and":
            other = self._scan_phrase(self.i + 1)
            if other is None:
                break
            people.append(other)
            self.i = other.end
        email = self._nearest((EMAIL,))
        if email is None or len(people) < 2 or any(PERSON not in p.types and SELF not in p.types for p in people):
            self._fail(self._words(phrase.start - 1, self.i), "'between' needs an email and two people")
            return
        for p in people:
            node = self._make(p, PERSON if PERSON in p.types else SELF)
            self._edge(email, "participants", node)
            self._push(node)

    def _attach(self, prep: str, phrase: _Phrase, words: str) -> None:
        """Link "PREP phrase" to the nearest phrase it can link to, directly if any can, else via an email."""
        # "links to example.com": the address is the link's own
        if phrase.literal is not None and phrase.types == (WEBPAGE,):
            top = next((f for f in reversed(self.stack) if not f.implicit), None)
            if top is not None and top.type == WEBPAGE and prep in ("to", "on", "at", "from"):
                self.filters.append((top, "url", "=", phrase.literal))
                return
        for indirect in (False, True):
            for frame in reversed(self.stack):
                for type_ in phrase.types:
                    for frame_type in (frame.candidates if frame.type is None else (frame.type,)):
                        plan = _plan(frame_type, prep, type_, frame.role, phrase.role)
                        if plan is None or (plan[0] == "email" and not indirect):
                            continue
                        if frame.type is None:
                            frame.type = frame_type
                        node = self._make(phrase, type_)
                        self._run_plan(frame, plan, node)
                        self._push(node)
                        self._attach_possessor(node, phrase)
                        self._more_with(prep, frame)
                        return
        self._fail(words, "nothing before it can be linked that way")

    def _more_with(self, prep: str, frame: _Node) -> None:
        """"meetings with Jane Doe and Bob Smith": both were there."""
        while prep == "with" and self._low(self.i) == "and":
            other = self._scan_phrase(self.i + 1)
            plans = [(t, _plan(frame.type, prep, t, frame.role, other.role)) for t in other.types] if other else []
            plans = [(t, plan) for t, plan in plans if plan is not None and plan[0] == "edge"]
            if not plans:
                return
            self.i = other.end
            node = self._make(other, plans[0][0])
            self._run_plan(frame, plans[0][1], node)
            self._push(node)

    def _run_plan(self, frame: _Node, plan: tuple[str, str], node: _Node) -> None:
        how, edge = plan
        if how == "edge":
            self._edge(frame, edge, node)
            return
        # via an email: one side is a file or link, the other a person
        thing, person = (frame, node) if frame.type in (FILE, WEBPAGE) else (node, frame)
        self._edge(self._email_of(thing), edge, person)

    def _connect(self, a: _Node, prep: str, b: _Node, indirect: bool) -> bool:
        for a_type in (a.candidates if a.type is None else (a.type,)):
            for b_type in (b.candidates if b.type is None else (b.type,)):
                plan = _plan(a_type, prep, b_type, a.role, b.role)
                if plan is None or (plan[0] == "email" and not indirect):
                    continue
                a.type, b.type = a_type, b_type
                self._run_plan(a, plan, b)
                return True
        return False

    def _bare_phrase(self, phrase: _Phrase) -> None:
        """A noun phrase with no preposition: the verb's object, or the subject of a relative clause."""
        if self.clause is not None and self._clause_takes_phrase(phrase):
            node = self._make(phrase, self._type_for_clause(phrase))
            self._push(node)
            self._give_clause(None, node)
            self._attach_possessor(node, phrase)
            return
        self._close_clause()
        if self.pending_subject is not None:
            self._fail(self.pending_subject.words, "it is not linked to the rest of the question")
        node = self._make(phrase, PERSON if PERSON in phrase.types else phrase.types[0])
        self._push(node)
        self.pending_subject = node
        self._attach_possessor(node, phrase)

    def _try_clause_literal(self) -> bool:
        """"emails containing the word budget", "emails mentioning budget": words in the email's text."""
        c = self.clause
        if c is None or c.dead or c.kind not in ("link", "mention") or c.passive or c.objects \
                or c.literal is not None or c.gap_role != "subject":
            return False
        j = self.i
        marked = False
        if self._low(j) in ("the", "a") and self._low(j + 1) in _LITERAL_MARKERS:
            j, marked = j + 2, True
        if not marked:
            phrase = self._scan_phrase(j)
            if phrase is not None and (phrase.literal is None or phrase.types in ((WEBPAGE,), (FILE,))):
                return False
        literal = self._scan_literal(j)
        if literal is None:
            return False
        c.literal, self.i = literal
        return True

    def _and(self) -> None:
        """'and' joins clauses ("... and sent in February"); between two names it is ambiguous."""
        nxt = self.i + 1
        phrase = self._scan_phrase(nxt) if nxt < self.n else None
        if phrase is not None and self._low(nxt) not in _SELF_WORDS | {"i"} and self._scan_date(nxt) is None:
            self._close_clause()
            self.unknown.append(self.toks[self.i].text)
            self.i += 1
            return
        self._close_clause()
        self.i += 1

    def _try_post_ordinal(self) -> bool:
        """"the email I received last", "who emailed me most recently"."""
        i, low = self.i, self._low(self.i)
        size = 0
        if low in ("last", "first") and self._kind(i) == "word":
            size = 1
        elif self._low_seq(i, "most", "recently") or self._low_seq(i, "most", "recent"):
            size = 2
        if not size or (i + size < self.n and self.toks[i + size].kind != "punct"):
            return False
        self._close_clause()
        email = self._nearest((EMAIL,))
        words = self._words(i, i + size)
        self.i = i + size
        value = "first" if low == "first" else "last"
        if email is None:
            self._fail(words, "first and last pick emails by date")
        else:
            self.ordinals.append((email, value, words))
        return True

    # ---- noun phrases ----------------------------------------------------------------------------
    def _scan_phrase(self, i: int) -> _Phrase | None:
        """Read a noun phrase starting at token i (no side effects)."""
        j = i
        self_owned = False
        ordinal, ordinal_words = None, ""
        extension = None
        adjective = None
        pre_name = None
        possessor = None
        while j < self.n and self._kind(j) == "word" and self._low(j) in _DETERMINERS:
            if self._low(j) == "that" and not self._starts_noun(j + 1):
                break
            if self._low(j) in ("my", "your"):
                self_owned = True
            j += 1
            if self._low(j - 1) in ("all", "any", "some", "each") and self._low(j) == "of":
                j += 1
        if j >= self.n:
            return None
        tok = self.toks[j]
        if tok.kind == "word" and tok.low in _SELF_WORDS and j == i:
            return _Phrase(i, j + 1, (SELF,), tok.text, literal=None)
        # possessive: "Jane Doe's emails"
        name_end = self._name_end(j)
        if name_end and self._kind(name_end) == "clitic":
            inner = self._scan_phrase(name_end + 1)
            if inner is not None and inner.types[0] in (EMAIL, FILE, WEBPAGE, EVENT):
                possessor = _Phrase(j, name_end, (PERSON,), self._words(j, name_end),
                                    filters=[("name", "=", self._words(j, name_end))], literal=self._words(j, name_end))
                inner.possessor = possessor
                inner.start = i
                inner.self_owned = inner.self_owned or self_owned
                return inner
        # pre-modifiers
        while j < self.n:
            low = self._low(j)
            if self._kind(j) == "word" and low in _ORDINALS:
                if ordinal:  # "the first last email"
                    return None
                ordinal, ordinal_words = _ORDINALS[low], self.toks[j].text
                j += 1
            elif self._low_seq(j, "most", "recent"):
                ordinal, ordinal_words = "last", self._words(j, j + 2)
                j += 2
            elif (self._kind(j) == "ext" or (self._kind(j) == "word" and low in EXTENSION_WORDS)) \
                    and self._file_head_follows(j + 1):
                extension = self.toks[j].low if self._kind(j) == "ext" else EXTENSION_WORDS[low]
                j += 1
            elif low in ("sent", "received") and self._kind(j) == "word" and _NOUNS.get(self._low(j + 1), (None,))[0] == EMAIL:
                adjective = low
                j += 1
            elif self._kind(j) == "quote" and _NOUNS.get(self._low(j + 1), (None,))[0] in (FOLDER, EVENT, PLACE):
                pre_name = self.toks[j].text
                j += 1
            elif self._name_end(j) and _NOUNS.get(self._low(self._name_end(j)), (None,))[0] in (FOLDER, EVENT) \
                    and self._low(self._name_end(j)) not in ("invite", "invites"):
                end = self._name_end(j)
                pre_name = self._words(j, end)
                j = end
            else:
                break
        if j >= self.n:
            return None
        head = self._scan_noun(j)
        if head is not None:
            type_, plural, role, needs_email, end = head
            noun = self._low(end - 1)
            phrase = _Phrase(i, end, (type_,), self._words(i, end), plural=plural, role=role,
                             needs_email=needs_email, ordinal=ordinal, ordinal_words=ordinal_words,
                             self_owned=self_owned, adjective=adjective)
            ext = extension or _NOUN_EXTENSIONS.get(noun)
            if (ext and type_ != FILE) or (adjective and type_ != EMAIL):
                return None
            if ext:
                phrase.filters.append(("extension", "=", ext))
            if pre_name is not None:
                phrase.filters.append(("name", "contains" if type_ == EVENT else "=", pre_name))
            self._appositive(phrase)
            return phrase
        if ordinal or extension or adjective or pre_name:
            return None
        # bare literals
        if tok.kind == "entity":
            if tok.etype == "title":
                end = j + 1
                if _NOUNS.get(self._low(end), (None,))[0] == EVENT:  # "the planning session meeting"
                    end += 1
                return _Phrase(i, end, (EVENT,), self._words(i, end), filters=[("name", "contains", tok.text)],
                               plural=self._low(end - 1).endswith("s") and end > j + 1)
            return _Phrase(i, j + 1, _ENTITY_TYPES[tok.etype], tok.text, filters=[("name", "=", tok.text)],
                           literal=tok.text)
        if tok.kind == "email":
            return _Phrase(i, j + 1, (PERSON,), tok.text, filters=[("email_address", "=", tok.text)], literal=tok.text)
        if tok.kind == "url" or (tok.kind == "dotted" and _dotted_kind(tok) == "url"):
            return _Phrase(i, j + 1, (WEBPAGE,), tok.text, filters=[("url", "=", tok.text)], literal=tok.text)
        if tok.kind == "dotted" or (tok.kind == "quote" and re.fullmatch(r"[^\s]+\.[A-Za-z0-9]{1,5}", tok.text)):
            return _Phrase(i, j + 1, (FILE,), tok.text, filters=[("name", "=", tok.text)], literal=tok.text)
        if name_end:
            words = self._words(j, name_end)
            return _Phrase(i, name_end, (PERSON, PLACE), words, filters=[("name", "=", words)], literal=words)
        return None

    def _file_head_follows(self, j: int) -> bool:
        low = self._low(j)
        if low in _FILE_HEADS:
            return True
        return low in ("email", "e-mail") and self._low(j + 1) in _ATTACHMENT_NOUNS

    def _scan_noun(self, j: int) -> tuple[EntityType, bool, str | None, bool, int] | None:
        """(type, plural, role, needs_email, end) for a type noun at j, compounds included."""
        low, nxt = self._low(j), self._low(j + 1)
        if self._kind(j) != "word":
            return None
        if low in ("email", "e-mail", "mail") and nxt in _NOUNS:
            if nxt in _ATTACHMENT_NOUNS or _NOUNS[nxt][0] == FILE:
                return FILE, _NOUNS[nxt][1], None, True, j + 2
            if _NOUNS[nxt][0] == EMAIL:
                return EMAIL, _NOUNS[nxt][1], None, False, j + 2
        if low in ("email", "e-mail") and nxt in ("address", "addresses"):
            return PERSON, nxt == "addresses", None, False, j + 2
        if low == "file" and nxt in ("folder", "folders", "directory", "directories"):
            return FOLDER, nxt.endswith("s"), None, False, j + 2
        if low in ("calendar", "meeting") and (nxt in ("entry", "entries", "item", "items")
                                               or _NOUNS.get(nxt, (None,))[0] == EVENT):
            return EVENT, nxt.endswith("s"), None, False, j + 2
        if low == "web" and nxt in ("page", "pages", "site", "sites", "link", "links", "address", "addresses"):
            return WEBPAGE, nxt.endswith("s"), None, False, j + 2
        if low in _NOUNS:
            type_, plural = _NOUNS[low]
            return type_, plural, _NOUN_ROLES.get(low), low in _ATTACHMENT_NOUNS, j + 1
        return None

    def _name_end(self, j: int) -> int:
        """End of a capitalized name ("Jane Doe") starting at j, or 0."""
        if j < self.n and self.toks[j].kind == "entity":
            return j + 1 if self.toks[j].etype in ("person", "place") else 0
        end = j
        while end < self.n and end - j < 4:
            tok = self.toks[end]
            if tok.kind != "word" or not tok.text[:1].isupper() or tok.low in _KNOWN_WORDS and tok.low not in \
                    ("will", "mark", "bill", "page", "may", "june", "april", "august", "sun"):
                break
            # "June Carter" is a name, "June 3" or "in June" a date
            if tok.low in _MONTHS | _WEEKDAYS and end == j and not (
                    end + 1 < self.n and self.toks[end + 1].kind == "word" and self.toks[end + 1].text[:1].isupper()):
                break
            if tok.text == "I":
                break
            end += 1
        return end if end > j else 0

    def _appositive(self, phrase: _Phrase) -> None:
        """"the file budget.xlsx", "the person Jane Doe", "the folder Finance", "the event 'Offsite'"."""
        j = phrase.end
        if j >= self.n:
            return
        tok = self.toks[j]
        type_ = phrase.types[0]
        value = None
        if tok.kind == "entity" and _ENTITY_TYPES.get(tok.etype, (None,))[0] == type_ and not phrase.plural:
            # "the file ⟦file|budget.xlsx⟧", "the person ⟦person|Jane Doe⟧": a grounded name for the noun
            value, field_name = tok.text, "name"
            if tok.etype == "title":
                phrase.filters.append(("name", "contains", value))
                phrase.end = j + 1
                phrase.words = self._words(phrase.start, j + 1)
                return
        elif type_ == FILE and (tok.kind == "dotted" or tok.kind == "quote"):
            value, field_name = tok.text, "name"
        elif type_ == WEBPAGE and (tok.kind == "url" or tok.kind == "dotted" or tok.kind == "quote"):
            value, field_name = tok.text, "url"
        elif type_ == EMAIL and tok.kind == "quote":
            value, field_name = tok.text, "subject"
        elif type_ == PERSON and tok.kind == "email":
            value, field_name = tok.text, "email_address"
        elif type_ in (PERSON, FOLDER, EVENT, PLACE) and not phrase.plural and not phrase.role \
                and (tok.kind == "quote" or self._name_end(j)):
            end = j + 1 if tok.kind == "quote" else self._name_end(j)
            if type_ == PERSON and (self._low(end) in _VERBS or self._low(end) in _AUX | _COPULAS):
                return  # "the person Jane Doe met": a subject, not a name
            value, field_name = (tok.text if tok.kind == "quote" else self._words(j, end)), "name"
            phrase.filters.append((field_name, "=", value))
            phrase.end = end
            phrase.words = self._words(phrase.start, end)
            return
        if value is None:
            return
        op = "contains" if field_name == "subject" else "="
        phrase.filters.append((field_name, op, value))
        phrase.end = j + 1
        phrase.words = self._words(phrase.start, j + 1)

    # ---- nodes and edges -------------------------------------------------------------------------
    def _push(self, node: _Node) -> None:
        """Make a phrase available to later modifiers (the user is not one: "me" takes no "in February")."""
        if node.type != SELF:
            self.stack.append(node)

    def _new_node(self, type_: EntityType | None, words: str, implicit: bool = False) -> _Node:
        node = _Node(type_, words, implicit=implicit)
        self.nodes.append(node)
        return node

    def _self(self) -> _Node:
        if self.self_node is None:
            self.self_node = self._new_node(SELF, "you")
        return self.self_node

    def _make(self, phrase: _Phrase, type_: EntityType | None = None) -> _Node:
        type_ = type_ or phrase.types[0]
        if type_ == SELF:
            return self._self()
        node = self._new_node(type_, phrase.words)
        node.plural, node.role, node.needs_email = phrase.plural, phrase.role, phrase.needs_email
        node.self_owned = phrase.self_owned
        fields = fields_for(type_)
        for field_name, op, value in phrase.filters:
            if field_name in fields:
                self.filters.append((node, field_name, op, value))
        if phrase.ordinal:
            self.ordinals.append((node, phrase.ordinal, phrase.ordinal_words))
        if phrase.adjective == "sent":
            node.implied_sender_self = True
        elif phrase.adjective == "received":
            self._edge(node, "to", self._self())
        return node

    def _attach_possessor(self, node: _Node, phrase: _Phrase) -> None:
        if phrase.possessor is None:
            return
        owner = self._make(phrase.possessor, PERSON)
        if not self._connect(node, "poss", owner, indirect=True):
            self._fail(phrase.words, f"a {node.type} does not belong to a person")
        self.stack.append(owner)

    def _edge(self, a: _Node, name: str, b: _Node) -> None:
        found = find_edge_rule(a.type, name, b.type)
        if found is None:  # a verb whose subject or object has the wrong type: "the files who attended ..."
            raise _Failure(f"the schema has no '{name}' link between {a.type} and {b.type}")
        if found[1]:
            a, b = b, a
        if (a, name, b) not in self.edges:
            self.edges.append((a, name, b))

    def _existing_email_of(self, thing: _Node) -> _Node | None:
        for a, _name, b in self.edges:
            if b is thing and a.type == EMAIL and thing.type in (FILE, WEBPAGE):
                return a
        return None

    def _to_named_person_from_nobody(self, email: _Node) -> bool:
        named = {id(n) for n, _f, _o, _v in self.filters if n.type == PERSON}
        edges = [(name, b) for a, name, b in self.edges if a is email]
        if any(name == "from" for name, _b in edges) or any(b.type == SELF for _n, b in edges):
            return False
        return any(name == "to" and b.type == PERSON and id(b) in named and b is not self.head
                   for name, b in edges)

    def _my_email_edge(self, email: _Node) -> str | None:
        """What "my" says of an email: "my message to Jane" is from the user, "my mail from Jane" to them, "my
        emails with Jane" both theirs; with no one named, "my emails" is the user's mailbox: every email in it."""
        roles = {name for a, name, b in self.edges if a is email and b.type == PERSON}
        if not roles:
            return None
        if "to" in roles and "from" not in roles:
            return "from"
        if "from" in roles and "to" not in roles:
            return "to"
        return "participants"

    def _email_of(self, thing: _Node) -> _Node:
        """The email a file or link came in: the one already linked, else a new one."""
        email = self._existing_email_of(thing)
        if email is None:
            email = self._new_node(EMAIL, f"the email with {thing.words}", implicit=True)
            self._edge(email, _only_edge(EMAIL, thing.type), thing)
            at = self.stack.index(thing) + 1 if thing in self.stack else len(self.stack)
            self.stack.insert(at, email)
        return email

    # ---- the end ---------------------------------------------------------------------------------
    def _finish(self) -> None:
        for node in list(self.nodes):
            if node.needs_email and node.type == FILE:
                self._email_of(node)
            if node.type == EMAIL and node.implied_sender_self \
                    and not any(a is node and name in ("from", "to") and (name == "from" or b.type == SELF)
                                for a, name, b in self.edges):  # "files sent to me" came from someone else
                self._edge(node, "from", self._self())
            if node.type == EMAIL and self._to_named_person_from_nobody(node):
                # "the last mail to Victor": in the user's own mailbox, mail to someone is the user's
                self._edge(node, "from", self._self())
            if node.self_owned and node.type in (EMAIL, EVENT) \
                    and not any(self.self_node is not None and {a, b} == {node, self.self_node}
                                for a, _n, b in self.edges):
                edge = self._my_email_edge(node) if node.type == EMAIL else "attended"
                if edge is not None:
                    self._edge(node, edge, self._self())
        seen = set()
        for node, value, words in self.ordinals:
            email = node if node.type == EMAIL else self._adjacent_email(node)
            if email is None:
                self._fail(words, f"first and last pick emails by date, not {node.type.value.lower()}s; "
                                  "ask for 'the last email ...'")
            elif email not in seen:
                seen.add(email)
                self.filters.append((email, "ordinal", "=", value))
        for node in self.nodes:
            if node.type is None:
                self._fail(node.words, "say what to locate: a file's folder or an event's place")
        me = self.self_node
        if me is not None and me is not self.head and not any(me in (a, b) for a, _n, b in self.edges):
            self.nodes.remove(me)  # "the person you met": the user names no edge (see _materialize_meet)
        if self.unknown or self.unused:
            return
        linked = {self.head}
        changed = True
        while changed:
            changed = False
            for a, _n, b in self.edges:
                if (a in linked) != (b in linked):
                    linked |= {a, b}
                    changed = True
        for node in self.nodes:
            if node not in linked:
                self._fail(node.words, "it is not linked to what the question asks for")

    def _adjacent_email(self, node: _Node) -> _Node | None:
        for a, _name, b in self.edges:
            if b is node and a.type == EMAIL:
                return a
            if a is node and b.type == EMAIL:
                return b
        return None

    def _build(self) -> QueryGraph:
        counts: dict[EntityType, int] = {}
        for node in self.nodes:
            counts[node.type] = counts.get(node.type, 0) + 1
        names: dict[_Node, str] = {}
        seen: dict[EntityType, int] = {}
        for node in self.nodes:
            prefix = VAR_PREFIX[node.type]
            if counts[node.type] > 1 and node.type != SELF:
                seen[node.type] = seen.get(node.type, 0) + 1
                names[node] = f"{prefix}{seen[node.type]}"
            else:
                names[node] = prefix
        singular = self.head_phrase is not None and not self.head_phrase.plural
        one = self.action == "find" and singular and any(f[1] == "ordinal" for f in self.filters)
        data = {
            "action": self.action,
            "return_var": names[self.head],
            "return_mode": "one" if one else "all",
            "vars": {names[n]: n.type.value for n in self.nodes},
            "constraints": [{"kind": "edge", "from": names[a], "edge": name, "to": names[b]}
                            for a, name, b in self.edges]
                           + [{"kind": "filter", "var": names[n], "field": f, "op": op, "value": value}
                              for n, f, op, value in self.filters],
        }
        try:
            return QueryGraph.parse(data)
        except GraphError as exc:  # a bug here, not the user's: say so plainly
            raise GenerationError(f"the rules parser built an invalid graph for '{self.text}' ({exc}); "
                                  "please report it, and use an LLM backend meanwhile") from exc


# ------------------------------------------------------------------------------------ linking rules

def _edges_between(a: EntityType, b: EntityType) -> list[str]:
    return [r.name for r in EDGE_RULES if {r.source, r.target} == {a, b} and r.source != r.target]


def _only_edge(a: EntityType, b: EntityType) -> str:
    """The single schema edge between two types (File-Folder: parent; Email-File: has_attachment ...)."""
    names = _edges_between(a, b)
    if len(names) != 1:
        raise AssertionError(f"expected one edge between {a} and {b}, found {names}")
    return names[0]


# Which words link a phrase of type A (the one modified) to a phrase of type B, for type pairs with one edge.
_DIRECT_WORDS: dict[tuple[EntityType, EntityType], frozenset[str]] = {
    (EMAIL, FILE): frozenset({"with", "generic"}),
    (FILE, EMAIL): frozenset({"in", "of", "from", "on", "within", "inside", "generic"}),
    (EMAIL, WEBPAGE): frozenset({"with", "generic"}),
    (WEBPAGE, EMAIL): frozenset({"in", "of", "from", "on", "within", "inside", "generic"}),
    (PERSON, EVENT): frozenset({"at", "in", "of", "from", "on", "generic", "for"}),
    (SELF, EVENT): frozenset({"at", "in", "generic"}),
    (EVENT, PERSON): frozenset({"with", "by", "generic", "poss"}),
    (EVENT, SELF): frozenset({"with", "generic", "poss"}),
    (FILE, FOLDER): frozenset({"in", "inside", "within", "under", "from", "at", "generic"}),
    (FOLDER, FILE): frozenset({"of", "with", "for", "generic"}),
    (EVENT, PLACE): frozenset({"at", "in", "generic", "on"}),
    (PLACE, EVENT): frozenset({"of", "for", "generic"}),
}
# Email <-> person: the word picks the edge.
_EMAIL_PERSON_EDGE = {"from": "from", "by": "from", "poss": "from", "to": "to", "for": "to",
                      "with": "participants", "between": "participants", "of": "from",  # "mails of X" = X's
                      "generic": "participants"}


def _plan(a: EntityType, word: str, b: EntityType, a_role: str | None, b_role: str | None) -> tuple[str, str] | None:
    """How "A <word> B" becomes edges: ("edge", name) directly, or ("email", name) through an email whose
    edge to the person is ``name``. None when the schema has no such link."""
    if a == EMAIL and b in PEOPLE:
        edge = _EMAIL_PERSON_EDGE.get(word)
        return ("edge", edge) if edge else None
    if a in PEOPLE and b == EMAIL:
        if word in ("of", "in", "on", "from", "generic", "with"):
            role = a_role if a_role in ("from", "to", "participants") else ("from" if word == "from" else "participants")
            return "edge", role
        return None
    if (a, b) in _DIRECT_WORDS:
        return ("edge", _only_edge(a, b)) if word in _DIRECT_WORDS[(a, b)] else None
    if a in (FILE, WEBPAGE) and b in PEOPLE:
        edge = _EMAIL_PERSON_EDGE.get(word)
        return ("email", edge) if edge else None
    if a == PERSON and b in (FILE, WEBPAGE) and word == "of":
        return "email", a_role if a_role in ("from", "to", "participants") else "participants"
    return None
