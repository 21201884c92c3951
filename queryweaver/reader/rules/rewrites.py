"""The rewrites: common ways of asking that the grammar (``parser``) does not cover, rewritten into ones it does.

Each rule is ``(pattern, replacement, cost, note, example)``; ``understand.paraphrase`` applies every rule that
matches, in order, to the grounded question (names already written as typed literals such as ``⟦person|Jane Doe⟧``).
The example beside each rule is a question from the question bank or the tests, as the rule reads it, that the
rule changes; ``tests/test_rewrites.py`` fails for a rule without one or whose example it no longer changes.
"""

from __future__ import annotations

import re
from typing import Callable

from ... import regex_cache
from .prefilter import LazyPattern

_SUBJ = r"(I|we|⟦person\|[^⟧]+⟧|[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*|they|he|she|you)"
_ORD = r"(?:(last|first|most recently|recently|latest|earliest)\s+)?"
_PAST = {"send": "sent", "email": "emailed", "e-mail": "emailed", "mail": "mailed", "message": "messaged",
         "forward": "forwarded", "share": "shared", "write": "wrote", "reply": "replied", "get": "got",
         "receive": "received", "hear": "heard", "meet": "met", "see": "saw", "attend": "attended",
         "contact": "contacted", "ping": "pinged", "text": "texted", "invite": "invited", "talk": "talked",
         "speak": "spoke", "go": "went", "join": "joined", "have": "had"}
_BASE = {past: base for base, past in _PAST.items()}
_MAIL_VERBS = {"send", "email", "e-mail", "mail", "message", "forward", "share", "write", "reply", "get",
               "receive", "hear", "contact", "ping"}
_EVENT_VERBS = {"meet", "see", "attend", "go", "join", "have", "talk", "speak"}


def _ordinal_word(word: str | None) -> str:
    if not word:
        return ""
    return {"most recently": "last", "recently": "last", "latest": "last", "earliest": "first"}.get(word, word)


def _when(match: re.Match) -> str:
    """"When did I last hear from X?" -> "the last email I heard from X" (the answer shows its date)."""
    subject, ordinal, verb, rest = match.group(1), _ordinal_word(match.group(2)), match.group(3).lower(), \
        match.group(4)
    verb = _BASE.get(verb, verb)  # "when did I last wrote to" (after a rewrite) reads like "write"
    noun = "email" if verb in _MAIL_VERBS else "events where"
    if verb in _EVENT_VERBS:
        ordinal = ""  # first/last order emails only; the events come newest first anyway
    verb_past = "received" if verb == "hear" else _PAST.get(verb, verb + "ed")
    lead = f"the {ordinal + ' ' if ordinal else ''}{noun}"
    if noun == "email":
        # "when did Jane send me budget.xlsx" -> "the email with budget.xlsx Jane sent me"
        obj = re.match(r"^(\s+(?:me|you|us|him|her|them|⟦person\|[^⟧]+⟧))?\s+(?!(?:from|to|in|on|at|last|this|"
                       r"before|after|since|during|about|with|between|yesterday|today|the|a|an|any|my)\b)"
                       r"(⟦file\|[^⟧]+⟧|\S+\.\w+)(.*)$", rest, re.IGNORECASE)
        if obj:
            return f"{lead} with {obj.group(2)} {subject} {verb_past}{obj.group(1) or ''}{obj.group(3)}"
    return f"{lead} {subject} {verb_past}{rest}"


def _topic(match: re.Match) -> str:
    """"As for X, which email of theirs reached me first?" -> "which email from X reached me first?"."""
    topic, rest = match.group(1), match.group(2)
    rest, n = re.subn(r"\bof (?:theirs|his|hers)\b", f"from {topic}", rest, count=1)
    if not n:
        rest, n = re.subn(r"\b(?:them|him|her|they)\b", topic, rest, count=1)
    if not n:
        rest, n = re.subn(r"\b(?:their|his|her)\b", f"{topic}'s", rest, count=1)
    if not n and not topic.startswith("⟦person"):  # "as for the retro, where was it held": a thing is 'it'
        rest, n = re.subn(r"\bit\b", topic, rest, count=1)
    if not n and not topic.startswith(("⟦person", "⟦place", "⟦file", "⟦folder")) and re.match(
            r"(?:what|which)\b", rest, re.IGNORECASE):  # a subject: "about X, what was the last email ...?"
        return f"{rest.rstrip(' ?.!')} about {topic}"
    return rest if n else f"{rest} {topic}"


def _yes_no_noun(noun: str | None) -> str:
    """"did X send me any attachments" -> attachments; anything else ("any emails", "anything") -> emails."""
    from . import parser as rp

    if noun and noun.lower() in rp._NOUNS and rp._NOUNS[noun.lower()][0].value != "Email":
        return noun.lower()
    return "emails"


def _yes_no(match: re.Match) -> str:
    """"Did X send me any attachments?" -> "the attachments X sent me"; a word after "anything" that is no
    noun stays ("anything between May 1 and May 5" keeps its dates); "an attachment" asks whether there is
    an email with one: the emails."""
    subject, verb, obj, quantifier, noun = match.groups()
    noun_word = _yes_no_noun(noun)
    from . import parser as rp

    rest = ""
    if noun and noun.lower() not in rp._NOUNS and noun.lower() not in ("thing", "things", "stuff"):
        rest = f" {noun}"  # not a noun: give it back
    if quantifier and quantifier.lower() in ("a", "an") and noun_word in ("attachment", "file"):
        noun_word = "emails with attachments"
    return f"the {noun_word} {subject} {_PAST.get(verb.lower(), verb)}{obj or ''}{rest}"


_IN_SITU_VERBS = {"sent": "send", "send": "send", "sends": "send", "emailed": "email", "email": "email",
                  "mailed": "mail", "messaged": "message", "wrote": "write", "write": "write", "forwarded": "forward",
                  "forward": "forward", "received": "receive", "receive": "receive", "got": "get", "get": "get",
                  "attended": "attend", "attend": "attend", "met": "meet", "meet": "meet", "shared": "share",
                  "share": "share", "attached": "attach"}


def _wh_in_situ(match: re.Match) -> str:
    """'[before D] X sent me which emails [in May]' -> 'which emails did X send me [in May] [before D]'."""
    before, subject, verb, obj, wh, noun, rest = match.groups()
    before = before.strip().rstrip(",").strip()
    words = [wh, noun, "did", subject, _IN_SITU_VERBS[verb.lower()], (obj or "").strip(), rest.strip(), before]
    return " ".join(w for w in words if w)


def _given(match: re.Match) -> str:
    """"Given the file F, return the folder that contains it" -> "the folder that contains F"; "its location"
    -> "the location of F", "their emails" -> "F's emails"; with no pronoun, what is asked "of" it."""
    thing, rest = match.group(1), match.group(2).rstrip(" .!?")
    if thing[0] in "'\"‘“":
        thing = f"the event {thing}"
    rest, n = re.subn(r"\bits (\w+)", lambda m: f"the {m.group(1)} of {thing}", rest, count=1, flags=re.IGNORECASE)
    if not n:
        rest, n = re.subn(r"\b(?:their|his|her)\b", f"{thing}'s", rest, count=1, flags=re.IGNORECASE)
    if not n:
        rest, n = re.subn(r"\b(?:it|them|him|her|they)\b", thing, rest, count=1, flags=re.IGNORECASE)
    return f"show {rest}" if n else f"show {rest} of {thing}"


def _what(match: re.Match) -> str:
    """"What did X send me?" -> "the emails X sent me"."""
    subject, verb, rest = match.group(1), match.group(2).lower(), match.group(3)
    verb = {"written": "write", "wrote": "write", "sent": "send"}.get(verb, verb)
    past = _PAST.get(verb, verb if verb.endswith("ed") else verb + "ed")
    return f"the emails {subject} {past}{rest}"


_WOULD_POINT_BACK = regex_cache.compile(
    r"(?:what|which|who)(?: ones?| emails?| messages?| files?| events?| meetings?| people)?(?: exactly)? "
    r"(?:would|will|should|might|could) (?:I|we|you|they|those|these|it|that|there) ?(?:be|find|get|see|have|turn up|"
    r"come up|show up|end up with|be on it|be in it)?(?: (?:be|find|get|see))?(?: on it| in it| there)?",
    re.IGNORECASE)
_WOULD_COUNT = regex_cache.compile(
    r"(?:what|which) (?:would|will|might) (?:the |my |our )?(?:total|number|count|sum|tally|figure|result)"
    r"(?: (?:be|come to|come out at))?|what (?:number|total|count|figure) (?:would|will|might) (?:I|we|you) "
    r"(?:get|see|find|end up with|arrive at|reach)|how many (?:would|will|might) (?:I|we|you|there) (?:get|find|see|be)",
    re.IGNORECASE)
_WOULD_NOUN = regex_cache.compile(
    r"(?:which|what) (?P<noun>links|urls|web ?pages|files|attachments|folders|people|places) (?:would|will|might) "
    r"(?:I|we|you) (?:find|get|see|turn up)(?: in (?:them|those|it|there))?", re.IGNORECASE)
_COUNT_VERBS = ("count", "tall", "add", "total", "number")


def _hypothetical(match: re.Match) -> str:
    """"If I counted the events in Boston, what number would I get?" -> "how many events in Boston";
    "If I wanted just the emails from X to Y, which would those be?" -> "show the emails from X to Y";
    "Suppose I opened every email about T – which links would I find?" -> "show the links in emails about T".
    Left as written when the follow-up asks anything else."""
    obj = re.sub(r"^(?:(?:every|each|all(?: of)?(?: the| my)?|just|only|the whole lot of)\s+)+", "",
                 match.group("obj").strip(), flags=re.IGNORECASE)
    obj = re.sub(r"^((?:the |my )?)(e-?mail|message|event|meeting|file|link|attachment)\b(?!s)", r"\1\2s", obj,
                 flags=re.IGNORECASE)  # "every email about X": the emails about X
    question = match.group("q").strip()
    counting = match.group("verb").lower().startswith(_COUNT_VERBS)
    if _WOULD_COUNT.fullmatch(question) or counting and _WOULD_POINT_BACK.fullmatch(question):
        return f"how many {re.sub(r'^(?:the |my )', '', obj, flags=re.IGNORECASE)}"
    if _WOULD_POINT_BACK.fullmatch(question):
        owned = obj.lower().startswith(("the ", "my ")) or re.match(r"(?:\S+ ){0,3}?\S+(?:'s|’s|'|’)(?= )", obj)
        return f"show {obj}" if owned else f"show the {obj}"
    noun = _WOULD_NOUN.fullmatch(question)
    if noun is not None:
        return f"show the {noun.group('noun').lower()} in {obj}"
    return match.group()


# (pattern, replacement, cost, note, example). Patterns are case-insensitive unless they start with (?-i). The
# example is a text the rule changes, as the rule reads it (tests/test_rewrites.py checks each one does).
# "so far" and "to date" add nothing to "how many emails so far", but "so far this year" and "year to date" are dates.
_NOT_A_PERIOD = r"(?<!week )(?<!month )(?<!quarter )(?<!year )(?:{})(?! (?:this|the) (?:week|month|quarter|year)\b)"
REWRITES: list[tuple[str, str | Callable[[re.Match], str], float, str, str]] = [
    # a role before a name says who they are, not which: "my client X's last email", "our colleague X"
    (r"\b(?:my|our|the|a) (?:(?:old|good|dear|new|former|current|dear old) )?(?:client|customer|colleague|co-?worker|"
     r"boss|manager|friend|landlord|landlady|accountant|lawyer|attorney|doctor|dentist|teacher|professor|tutor|"
     r"neighbou?r|partner|wife|husband|brother|sister|mother|father|mum|mom|dad|son|daughter|cousin|uncle|aunt|"
     r"assistant|supervisor|mentor|coach|agent|vendor|supplier|contractor|contact|teammate|team-?mate|editor|"
     r"recruiter|student|intern|tenant|realtor|banker|advisor|adviser|pal|buddy|mate)s?,? (?=⟦person\|)", "", 0.01, "",
     "What did my client ⟦person|Felix Barnes⟧ last email me?"),
    # search-box syntax: from:X to:me before:DATE subject:"X" has:attachment filename:*.pdf title:X
    (r"\b(from|to|before|after|since|on|with|cc):\s*", r"\1 ", 0.01, "", "to:me on:2025/11/10 latest"),
    (r"\b(attendees|participants|people|guests|location|venue|place) title:\s*", r"\1 of events about ",
                                                   0.01, "", "attendees title:retro all"),
    # what the asker cannot find, has lost count of or does not know: the rest is what they ask
    (r"^I (?:can'?t|cannot|can not|couldn'?t) (?:seem to |quite |ever |for the life of me )?(?:find|locate|"
     r"track down|dig up|pull up)\b", "find", 0.02, "", "I can't find a thing"),
    (r"^I(?:'ve| have)(?: got)? (?:no|not the (?:faintest|slightest)) (?:idea|clue)\b,? ?", "", 0.02, "",
     "I have no idea which folder budget.xlsx is in."),
    (r"\batween\b", "between", 0.01, "", "Aal the emails atween Jane Doe an' me, whichever way they went"),
    (r"\baal\b", "all", 0.01, "", "Aal the emails atween Jane Doe an' me, whichever way they went"),
    (r"\bwi'(?=\s)", "with", 0.01, "", "Which of Jane Doe's emails came wi' attachments"),
    (r"\bwot(?=\b|['’])", "what", 0.01, "", "wot links 'ave they sent me?"),
    # a dropped h written with an apostrophe (Cockney): "'Ow many emails 'as X sent me?", "'ave I"
    (r"(?<![\w'’])['’](ow|as|ave|ad|asn't|aven't|ere|is|im|er)\b(?!['’])",
     lambda m: ("H" if m.group(1)[0].isupper() else "h") + m.group(1).lower(), 0.01, "",
     "wot links 'ave they sent me?"),
    # a homophone for "which" before what is asked for
    (r"\bin (name|title|subject)\b", r"in the \1", 0.01, "", "Events with standup in name"),
    (r"^(?:count )?(from|to) (?![^,]*,(?! \d{4}\b))(?=⟦person|me\b|\S+@)", lambda m: ("count emails " if m.group().startswith("count")
                                                              else "emails ") + m.group(1) + " ", 0.02, "", "From me."),
    # shorthand people type: "msgs", "atts", "evts", "subj ~ X", "# mails from X", arrows for to/from
    (r"\bmsgs\b", "messages", 0.01, "", "msgs by jane doe"),
    (r"\bmtgs\b", "meetings", 0.01, "", "mtgs this month"),
    (r"\b(?:pre|prior)[- ](?=(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))", "before ", 0.02, "",
     "d.value = in the prior 3 weeks"),
    (r"^#\s+(?=\w)|^#(?=(?:e-?mails?|messages?|mails?|meetings?|events?|files?|attachments?|links?|people)\b)",
     "how many ", 0.02, "", "# mails from jane doe"),
    (r"\b(people|persons|ppl|folks|everyone|everybody|those|guys) (met|saw|seen)\b", r"\1 I \2", 0.02, "",
     "ppl met during march 2025"),
    (r"^(⟦person\|[^⟧]+⟧) (?:\+|and|&) (?:me|I)\s*:\s*(?:all )?(?:the )?(e-?mails|messages|mails|correspondence)\b",
     r"all \2 between me and \1", 0.03, "", "⟦person|Łukasz Castillo⟧ + me: all emails"),
    # dev11's askers (their asides go before any reading: see ASIDES): "not all of X, only the ones Y", "which emails
    # sent me the X" (the sender after the verb), "emails sent I to X", "from D until now", "while I was ... D, ...",
    # "..., in which folder are they?", "I send email to who?", "what's at P", "attachments are PowerPoint decks"
    (r"^not all (?:of )?(.+?),\s*(?:just |only )(?:the ones? |those )?(.+?)(?=\s+[-–—]\s|\s*[:;]|[?.!]*$)", r"\1 \2",
     0.04, "", "Not all of Jane Doe's emails, only the ones with an attachment"),
    (r"\b(which|that|what|e-?mails?|messages?|files?|attachments?|links?) (?:have |has |had )?sent (me|us) (?:the )?"
     r"(⟦person\|[^⟧]+⟧)(?: (?:with|by|via|through|in) (?:an? |the )?e-?mails?\b)?", r"\1 \3 sent \2", 0.03, "",
     "Which emails sent me the ⟦person|Jane Doe⟧?"),
    (r"\bmy (?:own )?(last|first|latest|most recent|earliest|newest|oldest) (e-?mail|message) to (?=⟦person\|)",
     r"the \1 \2 I sent to ", 0.02, "", "my first email to ⟦person|Zoë Núñez⟧"),
    (r"\bfrom (.+?) (?:until|till|til|to|up to|through|thru) (?:now|today|the present|present day)\b", r"since \1", 0.02,
     "", "From early March 2026 until now"),
    # a question asked through a hypothetical: "If I counted the events in Boston, what number would I get?",
    # "Suppose I opened every email about X – which links would I find?", "Say I only wanted X's emails ..."
    (r"^(?:and |so |ok(?:ay)?,? )?(?:if|suppose|supposing|say|imagine|what if|assuming) (?:that )?(?:I|you|we|one) "
     r"(?:had to |were to |was to |wanted to |needed to |went to |tried to |could |would |only |just )*"
     r"(?P<verb>count(?:ed)?|tall(?:y|ied)|add(?:ed)? up|totall?ed(?: up)?|totals?|number(?:ed)?|looked (?:up|at|for|through)|"
     r"look (?:up|at|for|through)|pull(?:ed)?(?: up)?|went through|go through|opened|open|wanted|want|needed|need|"
     r"checked|check|listed|list|searched(?: for)?|search(?: for)?|found|find|asked for|ask for|dug up|dig up)\s+"
     r"(?P<obj>.+?)\s*(?:,|[-–—]+|;|\.\.\.)\s*(?P<q>.+?)[?.!]*$", _hypothetical, 0.03,
     "a question asked as 'if I ..., what would ...'",
     "If I counted the events in ⟦place|Brooklyn⟧, what number would I get?"),
    (r"\bwhat'?s (?=⟦person\|[^⟧]+⟧ been\b)", "what has ", 0.01, "", "What's ⟦person|Quinn MacLeod⟧ been to"),
    (r"\bdated (?=(?:before|after|since|on|in|between|from|during|prior to|until)\b)", "", 0.01, "",
     "Events dated in the past 11 weeks."),
    (r"\b(events?|meetings?|appointments?|calls?|calendar entries) with (.+?) in (?:the|their|its) (?:title|name)s?\b",
     r"\1 about \2", 0.02, "", "events with catch-up in the name"),
    (r"\b(links?|urls?|web ?links?) (?:to|pointing (?:to|at)|going to|that (?:go|goes|point|points) to|at) (?:⟦person\|)?"
     r"((?:www\.)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,})(?:⟧)?(?=[\s,?.!]|$)", lambda m: f"{m.group(2).lower()} {m.group(1)}",
     0.02, "", "links to github.com"),
    (r"\b(attachments?|files?|documents?) from (⟦person\|[^⟧]+⟧) (?:on|in|attached to|from) (?:the |their |his |her )?"
     r"(?:e-?mails?|messages?) (?=sent\b|received\b|in\b|from\b|during\b|between\b|since\b|before\b|after\b)",
     r"\1 from \2 ", 0.02, "", "Attachments from ⟦person|Jane Doe⟧ on emails sent in March."),
    (r"(?:\b(?:where|with|whose) )?\b(?:the )?sender (?:(?:=+|is|equals|being) )?(?=⟦person|\S+@)", "from ", 0.02, "",
     "attachments sender ⟦person|Theo Lindqvist⟧"),
    (r"(?:,\s*|\s+)(?:and |with )?(?:the )?recipient (?:(?:=+|is|equals|being) )?(?=⟦person|\S+@|me\b)", " to ", 0.02, "",
     "sent folder, recipient ⟦person|Theo Eriksen⟧"),
    (r"\b(?:where|and) (?:the )?subject (?:contains|includes|has|like|~|=)\s*", "with the subject ", 0.02, "",
     "Emails where subject contains 'mobile app'."),
    # hedged requests: "I don't suppose you could show me ...", "I don't suppose there are any emails ..."
    (r"^I (?:don'?t|do not) suppose (?:(?:you|u) (?:could|can|would|might|happen to know|know)(?: (?:please|possibly))? "
     r"|(?=there (?:are|is|were|was|'s) ))", "", 0.02, "",
     "I don't suppose you could tell me who I emailed in early 2025?"),
    (r"^there (?:are|is|were|was|'s) (any|some)\b", r"\1", 0.02, "", "there are some emails from Jane Doe"),
    # a statement after the question adds nothing to it: "...? I need to reply to it today."
    (r"^(.{12,}?\?)\s+(?:I|I'm|I've|I'd|I'll|We|We're|It's|That's|This is|Just|Thanks|Need to|Have to|Got to|Gotta|"
     r"Must|Trying to|Want to|Wanting to|Looking to|Hoping to|Planning to|About to|So (?:I|we) can|Because|'?Cause)\b"
     r"[^?]*[.!]?$", r"\1", 0.02, "", "Who did I email in mid-2025? I'm tidying up my contacts."),
    # "which email was the last to arrive on D": the last one the user received
    (r"\b(?:which|what) (e-?mail|message) (?:was|is) the (last|first|latest|earliest|final|most recent) (?:one )?to (?:arrive|"
     r"come in|land|reach me|turn up|show up|get here|hit my inbox)\b", r"which was the \2 \1 I received", 0.02, "",
     "which email was the last to arrive in my inbox?"),
    # more of dev9's ways: correspondence items, volumes, rosters, bookings, resumptive pronouns, word order
    (r"\b(?:items?|pieces?) of (?:correspondence|mail|e-?mail)\b", "email", 0.02, "",
     "Locate the most recent item of correspondence I addressed to Wei Chen."),
    (r"\b(?:the (?:total )?(?:(?:inbound|incoming|outbound|outgoing) )?(?:e-?mail|message|mail) (?:volume|tally|count)|"
     r"(?:total )?(?:(?:inbound|incoming|outbound|outgoing) )?(?:e-?mail|message|mail) (?:volume|tally))\b",
     "the number of emails", 0.03, "", "What's the total inbound email volume from Wei Chen?"),
    (r"\b(events?|meetings?|appointments?) (?:which|that|whose) (?:name|title)s? (?:has|have|contains?|includes?|with)\b",
     r"\1 about", 0.03, "", "Events which name has offsite, show all."),
    (r"^(?:e-?mails )?from (⟦person\|[^⟧]+⟧) to (⟦person\|[^⟧]+⟧)\s*[:,–—-]\s*(?:which|what|the|any|all)?\s*"
     r"(e-?mails|messages|mails)\??$", r"\3 from \1 to \2", 0.03, "",
     "From ⟦person|Jane Doe⟧ to ⟦person|Wei Chen⟧: which emails?"),
    (r"\b(?:between|btwn) (me|⟦person\|[^⟧]+⟧) & ", r"between \1 and ", 0.01, "", "emails btwn me & wei chen"),
    (r"\babt\b", "about", 0.01, "", "jane's latest email abt the invoice?"),
    (r"\bfiles? (pdf|docx?|xlsx?|pptx?|txt|md|csv|zip|png|jpe?g|gif|ics|html?)\b", r"\1 files", 0.02, "",
     "File md attach in email, show me all."),
    (r",\s*(?:show|list|give)(?: me)?(?: them| it| all)?(?:,? please)?[.!]*$", "", 0.02, "",
     "⟦person|Rohan Reyes⟧ events, list."),
    # typed short: "attchmts", "btwn", "w/"
    (r"\b(?:attchmts|attchmnts|attachmts|atchmts|attmts)\b", "attachments", 0.01, "", "all .jpg attchmts"),
    (r"(?<!\w)w/(?=\s|$)", "with", 0.01, "", "emails fr jane doe w/ attchmts"),
    (r"\bin (\w{2,5}) format\b", r"of type \1", 0.02, "", "Catalogue every email attachment in md format."),
    (r"\bfr\b(?= ⟦person|\s*\S+@)", "from", 0.01, "", "msgs fr ⟦person|Jane Doe⟧"),
    # "what links were in the invoice emails": the links in them
    (r"^(?:what|which) ((?:\w+ )?(?:links|urls|web ?pages|pages|sites|websites|files|attachments|documents)) "
     r"(?:were|are|have been|got) (?:shared |included |mentioned |posted |put )?(in|inside|within|attached to)"
     r" (?=(?:the|my|those|these|any) )", r"\1 \2 ", 0.02, "", "Which links were in the emails"),
    (r",\s*(?:do|does|would|did) (?:you|anyone|u) (?:happen to )?know[?.!]*$|,\s*(?:any idea|you know)[?.!]*$", "", 0.02,
     "", "Where was the ⟦title|office move kickoff⟧, do you know?"),
    (r",\s*(?:all(?: of them)?|every one of them|each one|the lot|please)[?.!]*$", "", 0.02, "", "Plain list, please"),
    # spoken fillers, politeness, and a few common slips of the keyboard
    (r"\b(?:they|we|you|I)'ve\b", lambda m: m.group()[:-3] + " have", 0.0, "", "We've just moored up."),
    (r"^(?:cal|calendar) (?=events?\b|meetings?\b|appointments?\b)", "", 0.02, "", "cal events retro"),
    # passive without a sender: "links (that were) shared in emails about X" = the links in those emails
    (r"\b(?:that |which )?(?:was|were|got|have been|has been|are|is) (?:emailed|sent|mailed|shared|forwarded|posted|"
     r"included|mentioned|dropped) in (?=(?:the |my |any |some )?(?:e-?mails?|messages?|mails?)\b)", "in ", 0.02, "",
     "What github.com links were mentioned in emails?"),
    # "come through" / "came in" = arrived
    (r"\b(?:to )?(?:come|came|comes|coming) (?:(?:through|thru)\b(?! (?:my |the )?(?:inbox|mailbox)\b)|in(?= from\b|$| on\b| during\b| (?:last|this|yesterday|today)\b))",
     "I received", 0.02, "", "Show me what came in."),
    (r"^(?:locate|where is|where's|where are) (⟦file\|[^⟧]+⟧)[?.]*$", r"which folders hold \1", 0.02, "",
     "Where's ⟦file|Notes-6.docx⟧"),
    (r"\blat\b", "last", 0.02, "", "the lat email from ⟦person|Caleb O'Brien⟧"),
    (r"\bb4\b", "before", 0.01, "", "msgs from ⟦person|Wen Sato⟧ b4 june 2025"),
    # "emails ... that had / came with an attachment", "mails from X where is something attached"
    (r"\b(?:that |which |where )?(?:had|have|has|came with|come with|contain(?:ed|s)?|carr(?:y|ied|ies)|include[sd]?|"
     r"includ(?:ed|ing)) (?:an |any |some |one or more |files? as )?attachments?\b", "with attachments", 0.02, "",
     "Which of Jane Doe's emails had attachments?"),
    (r"\bpre-?dat(?:e|es|ed|ing)\b", "before", 0.02, "",
     "Messages from ⟦person|François Foster⟧ that predate 14th Oct 2025"),
    (r"\b(?:um+|uh+|erm+|er|hmm+|uhm+)\b[,.]?\s*", "", 0.0, "", "Hmm, okay"),
    (r"\bhow much (e-?mails?|messages?|mails?|files?|links?|events?|"
                                             r"meetings?|attachments?)\b", r"how many \1", 0.02, "",
     "How much email ⟦person|Eventbrite⟧ sen' mi"),
    # topic first: "The file X: who emailed it?", "From the people I met, the links"
    (r"^(.+?):\s*(who|whom|what|which|where|when|how many)\b(.*?)\b(?:it|them|those|these|this one|they|he|she|him|"
     r"her)\b(.*)$", r"\2\3\1\4", 0.05, "read with the part before ':' put in place",
     "to ⟦person|Elena Sørensen⟧: which was it?"),
    (r"^(.+?):\s*(who|whom|what|which|where|when|how many)\b(.*?)[?.!]*$", r"\2\3 \1", 0.05,
     "read with the part before ':' put in place", "my emails → links: which?"),
    (r"^(.+?)\s+[-–—]+\s+(who|whom|what|which|where|when|how many)\b(.*?)\b(?:they|them|it|those|these|this one)\b"
     r"(.*)$", r"\2\3\1\4", 0.05, "read with the part before the dash put in place",
     "The ⟦title|Standup⟧ – who attended it"),
    (r"^(from|by|to|with|at|in|on|during|over|throughout|within|of|between|since|before|after) ((?:[^,]|,\s*"
     r"(?:a\.?d\.?\s*)?\d{4}\b|(?<=day),(?=\s*\d{1,2}(?:st|nd|rd|th)?\b))+?)(?:,(?!\s*(?:a\.?d\.?\s*)?\d{4}\b)(?<!day,)"
     r"|(?<=day),(?!\s*\d)|\s[-–—])\s*"
     r"(?:all |every |any )?"
     r"(.+)$", r"\3 \1 \2", 0.05,
     "read with the opening phrase put after what is asked for", "On 2025, July 14"),
    (r"^(?:as for|as regards|regarding|concerning|speaking of|about|re:?) ([^,]+),\s*(.+)$", _topic, 0.05,
     "read with the opening name put in place of 'them'", "about ⟦title|café order⟧, I mean."),
    (r"^(?:(?:list|names?|e-?mails?|files?|links?) only(?:,? no summary)?|no summary)[:,.]\s*", "", 0.01, "",
     "Name only: who emailed me ⟦file|Minutes.TXT⟧?"),
    (r"\b(?:on record|on file)\b\s*", "", 0.01, "", "What's the most recent email on record from Jane Doe?"),
    # non-native grammar: "the mails what X sent", "has send", "who send"
    (r"\b(e-?mails?|mails?|messages?|links?|urls?|events?|meetings?|persons?|people|files?|folders?|attachments?|"
     r"documents?|pages?) what\b", r"\1 that", 0.03, "", "Links what ⟦person|Yara Hughes⟧ sent me"),
    (r"\b(?:has|have|had) (?:send|sended)\b", "sent", 0.03, "",
     "Show me the first mail which ⟦person|José Reyes⟧ has send me"),
    (r"\b(?:I|we) (?:had|have had|was in|were in|sat in|joined) (?:a |the )?(?:meetings?|calls?|events?|sessions?) "
     r"with\b", "I met with", 0.03, "", "who have I had meetings with?"),
    (r"\b(?:shared|sent) (?:with|to) (me|us)\b", "sent me", 0.02, "", "who sent to me?"),
    (r"\b(e-?mails?|mails?|messages?) (?:that came |that arrived )?in on\b", r"\1 I received on", 0.03, "",
     "Last email in on 1/17/2025?"),
    (r"(⟦person\|[^⟧]+⟧) in (?:the|their|his|her|my) (?:e-?mails|mails|messages)(?: to me)?\b", r"\1", 0.02, "",
     "Links to ⟦person|Amazon.com⟧ in my emails"),
    (r"\b(?:have|has|having|with|bearing|carrying) the (?:name|title)\b", "named", 0.02, "",
     "Which meetings have the name catch-up?"),
    # counting in other words: "total emails from X", "number of messages I've had from X", "tally up"
    (r"^(?:(?:show|give|get|tell)(?: me)? )?(?:the |a )?(?:total|total number of|number of|count of|tally of|tally up|"
     r"tally|sum of|amount of)(?: the| all the)? (e-?mails?|messages?|mails?|notes|attachments|files|events|"
     r"meetings)\b", r"how many \1", 0.03, "", "number of emails from ⟦person|Beatriz Lopez⟧"),
    (r"\b(?:final|latest|newest|most recent) (e-?mail|message|mail)\b", r"last \1", 0.01, "",
     "Jane Doe's latest email"),
    # "the newest office move email": an ordinal before a topic said before the noun
    (r"^((?:show |find |get |give me )?(?:me )?)(?:the |my )?(?:final|latest|newest|most recent|last)(?= (?:⟦title\|[^⟧]+⟧|"
     r"(?!(?:e-?mail|message|mail)s?\b)[a-z][\w-]*(?: [a-z][\w-]*){0,2}) (?:e-?mail|message|mail)s?\b)", r"\1the last",
     0.02, "", "last inbox email february 26 2025"),
    (r"^((?:show |find |get |give me )?(?:me )?)(?:the |my )?(?:earliest|oldest|first)(?= (?:⟦title\|[^⟧]+⟧|"
     r"(?!(?:e-?mail|message|mail)s?\b)[a-z][\w-]*(?: [a-z][\w-]*){0,2}) (?:e-?mail|message|mail)s?\b)", r"\1the first",
     0.02, "", "the oldest budget email"),
    # what emails are about, in other words
    (r"^(?:re|fwd?|fw)\s*:\s*(?!⟦person)(.+)$", r"emails about \1", 0.03, "", "Re: budget"),
    (r"^what (?:did|have|has|do|does) (?:people|anyone|anybody|everyone|everybody|folks|they|others|the team) (?:say|said|"
     r"write|written|wrote|send|sent|email(?:ed)?|share|shared)(?: me| to me)? (?:about|on|regarding|concerning)\b",
     "emails about", 0.03, "", "what did people say about the invoice"),
    (r"^(?:was|is|were|are) there (?:an?|any|some|one) (e-?mails?|messages?|mails?|threads?|notes?)\b", r"\1", 0.02, "",
     "was there an email about the invoice?"),
    (r"^(?:did|has|have) (?:anyone|anybody|someone|somebody|people) (?:e-?mail(?:ed)?|written|wrote|write|send|sent|"
     r"message(?:d)?)(?: me| us)? (?:about|regarding|re|on|concerning)\b", "emails about", 0.03, "",
     "did anyone email about the budget"),
    (r"\b(e-?mails?|messages?|mails?|threads?) on (?!(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|"
     r"thu|fri|sat|sun|the \d|today|yesterday|tomorrow|⟦person|my |the day|that day|this day))", r"\1 about ", 0.03, "",
     "Any threads on pricing?"),
    (r"\b(?:everything|anything|all|whatever|stuff|things|what|the files|files|documents|docs)(?: that)? "
     r"(⟦person\|[^⟧]+⟧|he|she|they) (?:has |have |had )?(?:ever )?(?:sent|emailed|mailed|forwarded|shared)( me| to me|"
     r" us)? (?:as|in) (?:an |email |e-mail )?attachments?\b", r"the files \1 sent\2", 0.03, "",
     "Files ⟦person|Maya Kuznetsova⟧ sent to me as attachment"),
    # the sender of a file, however it is said: "whoever sent me F", "the guy that mailed F", "F's sender"
    (r"\b(?:the (?:person|one|guy|gal|man|woman|individual|contact|colleague|people|folks?)|whoever|whomever|"
     r"someone|somebody|anyone|anybody)(?: (?:who|that|which))? (?:originally |first |actually )?(?:sent|emailed|"
     r"e-mailed|mailed|forwarded|attached|shared|sent over|sent out|passed on)(?: me| us| out| over| along)?(?: the)? "
     r"(⟦file\|[^⟧]+⟧)(?: (?:file|attachment|document|doc|one))?(?: to (?:me|us))?(?: by (?:e-?mail|mail))?",
     r"the sender of \1", 0.03, "", "someone sent me ⟦file|Brief.pdf⟧"),
    (r"^(?:is there (?:any|a) way (?:to|I can|that I can|for me to) (?:see|find|get|view|look at|pull up|check|list)"
     r"(?: a list of)? |(?:can|could|may|might) I (?:get|have|see|view|pull up|look at)(?: a list of| a view of)? |"
     r"I'?d like to (?:see|know|get)(?: a list of)? |how (?:do|can) I (?:see|find|get)(?: a list of)? |"
     r"I'?m trying to (?:remember|find|figure out|recall|work out|see|locate|dig up) )", "show ", 0.03,
     "", "May I see the emails from Sofia Alvarez?"),
    (r"^(?:identify|state|produce|provide|display|present|retrieve|map out|bring me|enumerate|specify|itemi[sz]e|"
     r"catalog(?:ue)?|report|request(?:ing)?)\b", "show", 0.02,
     "", "identify the said email."),
    (r"(?<!has )(?<!have )(?<!had )\b(?:addressed|written|directed) to\b", "to", 0.02, "",
     "Who were my emails addressed to"),
    # "what has X been sending Y": the emails
    (r"\b(?:has|have|had) (⟦person\|[^⟧]+⟧|he|she|they|I|we) been (sending|e-?mailing|mailing|forwarding|writing(?: to)?)\b",
     lambda m: f"did {m.group(1)} " + {"sending": "send", "writing": "write", "writing to": "write to", "forwarding":
                                       "forward", "mailing": "mail"}.get(m.group(2).lower(), "email"), 0.03, "",
     "Has ⟦person|Xavier Sullivan⟧ been emailing me"),
    # "what's the latest from X": the last email
    (r"^(?:what(?:'s| is| was) )?the (latest|last|newest|most recent|first|earliest) (?=from ⟦|by ⟦)",
     lambda m: f"the {'first' if m.group(1).lower() in ('first', 'earliest') else 'last'} email ", 0.03, "",
     "What's the latest from ⟦person|Jane Doe⟧ on the budget?"),
    (r"\b((?:e-?mails?|messages?|mails?|threads?) from ⟦person\|[^⟧]+⟧) on (?!(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|"
     r"oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|the \d|today|yesterday|tomorrow|⟦person|my |the day|that day|this day|"
     r"the (?:first|last|\d)|the (?:\w+ )?(?:of|week|weekend|month)\b))", r"\1 about ", 0.03, "",
     "All emails from ⟦person|Talia Young⟧ on or after Easter Monday 2025"),
    # "which emails talk about X"
    (r"\b(e-?mails?|messages?|mails?|threads?) (?:talk|talks|talked|speak|speaks|discuss|discusses|discussed|deal with|"
     r"deals with|dealt with|cover|covers|covered|concern|concerns|concerned|relate to|relates to|related to|"
     r"are about|were about|is about|was about)(?: about)?\b", r"\1 about", 0.02, "",
     "which emails talk about the invoice"),
    (r"\baddressee\b", "recipient", 0.02, "", "Identify every addressee of messages I sent in February."),
    (r"\bwith (⟦person\|[^⟧]+⟧|me) (?:as|among) (?:an? |the |one of the )?(?:recipients?|addressees?)\b", r"to \1", 0.03,
     "", "Enumerate every message authored by ⟦person|Jane Doe⟧ with ⟦person|Wei Chen⟧ as a recipient."),
    (r"\bwith (⟦person\|[^⟧]+⟧|me) as (?:the |its )?(?:sender|author)\b", r"from \1", 0.03, "",
     "emails with ⟦person|Sofia Alvarez⟧ as the sender"),
    (r"\b(?:where|in which|on which|for which) (?:I am|I'm|I was) (?:the )?(?:sender|author)\b", "from me", 0.03, "",
     "emails where I am the sender and Jane Doe is one of the recipients"),
    (r"\b(?:and|where|in which) (⟦person\|[^⟧]+⟧) (?:is|was) (?:one of the|a|the|among the) (?:recipients?|"
     r"addressees?)\b", r"to \1", 0.03, "",
     "emails where I am the sender and ⟦person|Jane Doe⟧ is one of the recipients"),
    # "before of 1.8.2025", "after of": the preposition a date needs, said twice
    (r"\b(before|after|since|until) of\b", r"\1", 0.02, "", "emails from Jane Doe after of March 2026"),
    # "events titled with X", "events name X": the title words
    (r"\b(events?|meetings?|appointments?|calls?) (?:titled|named|called|name|title|with the (?:title|name))"
     r"(?: with| as)?(?= ['\"‘“⟦]| (?!(?:after|before|in|on|at|with|from|by|during|since)\b)[\w-]+[?.!,]*$)", r"\1 about",
     0.03, "", "events title kickoff"),
    # "what did X attach to emails": the files
    (r"^what (?:did|has|have|had) (⟦person\|[^⟧]+⟧|he|she|they) (?:ever |just |recently )?(?:attach|attached) to "
     r"(?:(?:his|her|their|the|my|any|an?) )?(?:e-?mails?|messages?|mails?)(?: (?:that |which )?(?:he|she|they|\1) "
     r"(?:sent|emailed|mailed|wrote)( me| to me| us)?)?\b",
     lambda m: f"which files did {m.group(1)} " + ("send me" if m.group(2) else "attach"), 0.03, "",
     "what did ⟦person|Jane Doe⟧ attach to emails in February"),
    # "which of X's emails"
    (r"^which of (⟦person\|[^⟧]+⟧'s) ", r"\1 ", 0.02, "", "Which of ⟦person|Jane Doe⟧'s emails had attachments?"),
    # "which events have X mentioned in their title"
    (r"\b(?:have|has|having) (.+?) (?:mentioned|named|written|included) in (?:the|their|its) (?:title|name)s?\b",
     r"about \1", 0.03, "", "Which events have all-hands mentioned in their title?"),
    (r"\b(?:communications?|letters?|notes)\b(?= (?:from|to|received|sent|I|with|between|⟦person))", "emails", 0.02, "",
     "To whom I wrote letters in Q2 '25?"),
    (r"\b(?:on or subsequent to|subsequent to|following)\b(?= \d| jan| feb| mar| apr| may| jun| jul| aug| sep| oct| nov|"
     r" dec)", "after", 0.02, "", "All communications from ⟦person|Marta Mendes⟧ on or subsequent to 2025/06/01"),
    (r"\bwhose (?:subject|subject line|title) (?:references|refers to|mentions|contains|includes|has|is about|is|"
     r"concerns|deals with|relates to|covers|talks about|is related to|is on|involves)\b", "about", 0.02, "",
     "emails whose subject deals with budget"),
    (r"\b(?:dirs|directories)\b", "folders", 0.01, "", "Which directories?"),
    (r"^I(?: (?:forget|forgot|don'?t remember|can'?t remember|can'?t recall|cannot recall|wonder|wondered|"
     r"am not sure|am unsure|don'?t know|do not know|can'?t (?:work|figure) out|can'?t tell)|'m (?:not sure|unsure|"
     r"not certain))\b,? ?", "", 0.02, "", "I'm not sure who."),
    (r"\b(?:initial|very first|earliest ever)\b", "first", 0.02, "", "the very first email."),
    (r"\b(last|first|latest|newest|oldest|earliest|most recent) one\b(?! (?:hundred|thousand|and a half|or two|and|point)\b)", r"\1 email", 0.03, "",
     "The earliest one."),
    (r"\bto or from\b|\bfrom or to\b", "with", 0.03, "", "my emails to or from Wei Chen"),
    (r"\b(?:all )?(?:my |the |our )?back[- ]and[- ]forth with\b", "emails between me and", 0.03, "",
     "any messages back and forth with Jane Doe"),
    # time comparisons in other words
    (r"\b(?:older than|predating|pre-dating|ahead of|sooner than)\b", "before", 0.03, "",
     "emails from ⟦person|Marta Mendes⟧ older than aug 2025"),
    (r"\b(?:newer than|more recent than|post-?dating|later than)\b", "after", 0.03, "",
     "⟦person|Theo Lindqvist⟧'s mail no later than June 30, 2025"),
    (r"\bfrom ((?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[^,]*?) (?:on|onwards?)\b", r"since \1", 0.03,
     "", "emails from Jane on 20251004"),
    (r"^(?:I|i) (?:want|wanna|need|search|look for|am searching for|am looking for|search for|would see|"
     r"want see|want to see|want to know|need to see|need to know|like to see)\b(?: for)?", "show", 0.03, "",
     "I need the lot"),
    (r"\b(?:could|can|would|will|might) you (?:please |kindly )?(?:tell me|let me know|say) (?=who|what|when|where|which|how)",
     "", 0.02, "", "Could you tell me who they've exchanged emails with?"),
    (r"\b(?:could|can|would|will) you (?:please |kindly |quickly )?(?:tell me |show me |find |list |"
     r"help me find |let me know )?", "show ", 0.02, "", "Can you say me?"),
    (r"\b(?:at all|ever|again|other|else|lately|actually|really|honestly|(?<!most )recently|" + _NOT_A_PERIOD.format("so far") + r"|by any chance|on my (?:disk|computer|drive|"
     r"machine|laptop|mac|pc))\b", "", 0.02, "", "any links at all."),
    # directions and synonyms
    (r"\b(?:outgoing|outbound)\b", "sent", 0.03, "'outgoing' read as sent by you",
     "Most recent outgoing comms to Wei Chen?"),
    (r"\b(?:that |which )?(?:reached|got to|came to|arrived for|arrived to) me\b", "I received", 0.03, "",
     "which email came to me last?"),
    (r"\b(?:where|whose|in which|with which) (?:the )?(?:subject|subject line|title|name|heading) (?:says?|contains?|"
     r"mentions?|includes?|is|has|reads?)\b", "about", 0.03, "", "meetings whose title contains \"planning\""),
    (r"(?<!\bfrom )(?<!\bto )(?<!\bby )(?<!\bwith )(?<!\bdid )(?<!\bdoes )(?<!\bdo )(?<!\bwill )"
     r"(⟦person\|[^⟧]+⟧) (attachments|files|documents|docs|emails|mails|"
     r"messages|links|urls|meetings|events|calls|appointments|correspondence|email|mail)\b", r"\1's \2", 0.03, "",
     "⟦person|Felix Barnes⟧ mail"),
    (r"\b(?:have|had|has) (?:I|we) been (sent|emailed|forwarded|mailed|given)\b", r"were \1 to me", 0.03, "",
     "Which files have I been sent as attachments by"),
    (r"(⟦folder\|[^⟧]+⟧) (?:folder|directory|dir)\b", r"the folder \1", 0.02, "",
     "Count the files in the ⟦folder|Downloads⟧ folder"),
    (r"^(?:out of|of|from|among) (?:all )?(?:the )?(.+?),\s*which (?:one )?(?:was|is) (?:the )?(oldest|first|earliest|"
     r"newest|latest|last|most recent)(?: one| email| message| mail)?[?.!]*$",
     lambda m: f"the {m.group(2)} {re.sub(r'^(?:all )?(?:the )?', '', m.group(1))}", 0.05, "",
     "Of all the emails ⟦person|Amazon.com⟧ has sent me, which is the oldest?"),
    (r"^(?:show |find |list |all |every |the |my )*(e-?mails?|mails?|messages?|conversations?|correspondence|threads?|"
     r"exchanges?|history|email history|thread history) with (⟦person\|[^⟧]+⟧)$", r"\1 between me and \2", 0.03, "",
     "all mail with ⟦person|Layla Morales⟧"),
    (r"^what (?:did|do|will|have) (?:I|we) (?:have|had|got|gotten) (?:on|scheduled|planned|booked|going on|lined up)?\b", "events",
     0.03, "the calendar read as its events", "what have we got on in March"),
    (r"\b(e-?mails?|mails?|messages?)\s+subject(?: line)?:?\s+(?!contains|includes|is\b|has\b|mentions)",
     r"\1 with the subject ", 0.03, "", "mails subject budget"),
    (r"\b(?:my|the) (?:calendar|schedule|agenda)\b", "events", 0.03, "", "my agenda in Aug 2025"),
    (r"(?<=\w) all$", "", 0.01, "", "show all."),
    # a search box's keyword after the noun: "events retro", "meetings standup"
    (r"^(?:my |all )?(events|meetings|appointments|calls) ((?!(?:today|tomorrow|yesterday|this|last|next|in|on|at|with|"
     r"from|about|by|before|after|since|during|between|called|named|titled)\b)[a-z][\w-]*)$", r"\1 about \2", 0.03, "",
     "meetings standup"),
    (r"\b(?:storage location|location on disk|folder location|save location|file path|path|folders?) of (?=the|⟦)",
     "the folders holding ", 0.05, "", "folder of ⟦file|Brief (1).pdf⟧"),
    (r"\b(?:the )?(?:origin|source) of\b", "", 0.03, "", "origin of ⟦file|Requirements.txt⟧: which person mailed it"),
    (r"^where (?:did|do|have) (?:I|we) (?:save|saved|put|store|stored|keep|kept|file|filed|stash|stashed|download|"
     r"downloaded) (?:the |all the )?(?:stuff|things|everything|files|attachments|docs|documents)\b",
     "which folders hold the files", 0.05, "'where did I save' read as the folders holding them",
     "where did I stash the stuff ⟦person|Uma Young⟧ emailed me"),
    # what X sent, without "did"
    (r"^(?:(?:show|find|list|get|tell|pull up|bring up|dig up|dig out|fetch|grab|give|see)(?: me)? )*what (?!(?:e-?mails?|messages?|mails?|files?|links?|attachments?|"
     r"documents?|urls?)\b)" + _SUBJ + r" (?:has |have )?(sent|emailed|mailed|forwarded|"
     r"shared|wrote)\b(.*)$",
     r"the emails \1 \2\3", 0.05, "'what X sent' read as emails", "What was the first email I ever sent"),
    (r"^what(?:'s| is| was) the (?:count|number|total|tally) of\b", "count", 0.03, "",
     "what's the count of events ⟦place|Microsoft Teams⟧ so far?"),
    (r"^what (?:was|is|were) (the (?:last|first|latest|earliest|newest|oldest|most recent) .*)$", r"\1", 0.03, "",
     "what was the last email I got?"),
    # counting in other words
    (r"^how (?:often|many times|frequently) (did|has|have|does|do) ", r"how many emails \1 ", 0.05,
     "'how often' counted as emails", "how often has jane emailed me"),
    (r"\b(?:give me |get me |tell me |show me |show )?(?:a|the) (?:count|number|total|tally)(?: number)? of\b",
     "count", 0.03, "", "Request a count of events in ⟦place|Brooklyn⟧."),
    # "came from X" = from X; "came to the X" = attended
    (r"\b(?:came|come|comes|arrived|arrive) from\b", "from", 0.03, "", "budget.xlsx came from whom"),
    # wh-questions about when: the email or the events, whose dates the answer shows
    (r"^when (?:did |do |have |has |was it that )?" + _SUBJ + r" " + _ORD + r"(\w+)\b(.*)$", _when, 0.08,
     "'when' answered with the items and their dates", "when all was done"),
    (r"^what (?:did|has|have) " + _SUBJ + r" (send|sent|email|emailed|e-mail|e-mailed|mail|mailed|forward|forwarded|"
     r"share|shared|write|written|wrote)\b(.*)$", _what,
     0.08, "'what did ... send' read as emails", "what did I send?"),
    # yes/no questions about mail: list what there is
    (r"^(?:did|has|have) " + _SUBJ + r" (?:ever )?(send|sent|email|emailed|e-mail|mail|forward|forwarded|share|shared|"
     r"write|written)( me| you| us)?(?: (anything|something|any|an?|some|mail)(?: (\w+))?)?\b", _yes_no,
     0.1, "a yes/no question answered with the matching items", "Did Trace email me?"),
    # "which X did <a long phrase> attend/send" -> the passive, which reads any phrase as the agent
    (r"^(which|what) ((?:\w+ )?(?:events|meetings|event|meeting|appointments|calls))\s+(?:did|do|have|has) (.+) "
     r"(?:attend|attended|go to|gone to|join|joined|take part in|participate in)\s*$", r"\1 \2 were attended by \3",
     0.05, "", "Which events have they attended?"),
    (r"^(which|what) ((?:\w+ )?(?:links|urls|files|attachments|documents|emails|messages|web pages|pages|sites|"
     r"websites))\s+(?:did|have|has) (.+?) (?:send|sent|email|emailed|forward|forwarded|share|shared)( me| you| us)?"
     r"\s*$", lambda m: f"{m.group(1)} {m.group(2)} were sent{' to me' if m.group(4) else ''} by {m.group(3)}",
     0.05, "", "Which emails did I send"),
    (r"(?<!⟧ )\b(?:thing|item|stuff)\b", "email", 0.08, "'thing' read as an email", "I can't find a thing"),
    # everything / anything X sent
    (r"\b(?:everything|anything|all the stuff|all the things|all that|stuff|things|whatever)\b",
     "the emails", 0.08, "'everything' read as emails", "everything jane emailed me"),
    # attachments in other words
    (r"\b(?:that )?(?:came|come|comes|arrived|arrive|arrives) (?:in|as|via|by) (?:an? |the )?"
     r"(?:e-?mail |mail )?attachments?\b", "attached to emails", 0.05, "'came as an attachment' read as attached",
     "files with extension md that came as attachments"),
    # where did X take place / where was X held
    (r"^where (?:did|does|will|do) (.+?) (?:take place|happen|occur)\b", r"where was \1", 0.05, "",
     "where did that take place?"),
    (r"^where (?:was|is|were) (.+?) (?:held|hosted|located|happening|taking place)\b", r"where was \1", 0.05, "",
     "Where is it held?"),
    # "José Reyes' emails": a possessive without its s
    (r"(?-i:([A-Z][^\s'’⟧]*))['’](?=\s)", r"\1's", 0.0, "", "José Reyes' emails"),
    # "emails that have attachments", "whose text mentions", "in my email"
    (r"\b(?:that|which) (?:have|has|had|contain|contains|include|includes|carry|carried|got|get|came with|come with|"
     r"bear|bears|bore) (?:an? |any |some |one or more |at least one )?"
     r"(attachments?|files?)\b", r"with \1", 0.02, "", "jane's emails that got attachments"),
    (r"\bwhose (?:text|body|content|message) (?:mentions|contains|says|includes|has)\b", "containing the words",
     0.03, "", "Find emails whose text mentions the contract draft"),
    # calendars: "what's on my calendar", "who were my meetings with", "has X been to"
    (r"^what(?:'s| is| was| were| will be| do I have) (?:on|in) (?:my|the) (?:calendar|schedule|agenda|diary)\b",
     "events", 0.05, "the calendar read as its events", "What was on my calendar in January?"),
    # a domain before a links noun: "github.com links" -> links on github.com
    (r"\b([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}) (links?|urls?|pages?|web ?pages?|sites?|websites?|articles?)\b",
     r"\2 on \1", 0.02, "", "zoom.us URLs?"),
    # a question word left where the object stands: "X sent me which emails?", "I emailed which people last week?"
    (r"^(.*?)(⟦person\|[^⟧]+⟧|\bI|\bwe) (?:have |has |had |did )?(" + "|".join(_IN_SITU_VERBS) + r") ((?:to )?"
     r"(?:me|us|him|her|them|⟦person\|[^⟧]+⟧) )?(which|what) (e-?mails?|mails?|messages?|people|persons?|contacts?|"
     r"links?|urls?|web ?pages?|pages?|files?|attachments?|documents?|events?|meetings?|folders?)\b(.*)$",
     _wh_in_situ, 0.04, "", "in February I emailed which people?"),
    (r"\b(?:(?:that|which) )?(?:have|has|having|contain|contains|containing|include|includes|including|mention|"
     r"mentions|mentioning) (.+?) in (?:the|their|its) subject(?: line)?\b", r"with the subject \1", 0.05, "",
     "Which ones have that in the subject?"),
    (r"\b(?:(?:that|which) )?(?:have|has|having|contain|contains|containing|include|includes|including|mention|"
     r"mentions|mentioning) (.+?) in (?:the|their|its) (?:title|name)\b", r"about \1", 0.05, "",
     "Which events have retro in the title?"),
    (r"\b(?:have|has) (?:written|written to|mailed|emailed|sent)\b",
     lambda m: {"written": "wrote", "written to": "wrote to"}.get(m.group().split(" ", 1)[1], m.group().split(" ", 1)[1]),
     0.02, "", "who to me has sent?"),
    # subject phrasing
    (r"\bwith (.+?) in (?:the|their|its) subject(?: line)?\b", r"with the subject \1", 0.05, "",
     "the ones with this in the subject"),
]
# Compiled on first use, and only for questions holding a word the pattern needs (see prefilter.py): compiling
# all of them took longer than the rest of a question's start-up.
_COMPILED = [(LazyPattern(p, 0 if p.startswith("(?-i") else re.IGNORECASE), r, c, n)
             for p, r, c, n, _example in REWRITES]
