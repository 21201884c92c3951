"""The follow-up question set (issue 31): a first question, a follow-up that edits its graph, and the gold graph of
the follow-up written out as a complete stand-alone graph over the generated corpus.

    python benchmarks/make_followups.py            # write benchmarks/followups.json (verifies every item)
    python benchmarks/make_followups.py --check    # regenerate and verify the committed file equals it

The corpus is the corpus question set's (``make_questions.CORPUS``: same generator, same parameters, so the same
people, events, places and files), generated into a temporary folder. Every answer is computed by running the
gold graph through the real engine on it (return_mode "one": every email tied for first/last by date, as the
corpus set writes it). Generation fails loudly when a gold or accepted graph does not parse, does not run, gives an
empty answer, when an accepted graph's answer differs from the gold one, or when a follow-up's answer equals its
first question's (the item could not tell whether the edit was applied).

Kinds of follow-up (DESIGN.md, "ask --follow"):
  narrow      adds constraints to the return variable ("only those with attachments", "just the PDFs", "from before
              May 2025", "only the ones Jane sent", "just the most recent one");
  pivot       moves the return variable along an edge and keeps every earlier constraint ("who sent them?", "their
              attachments", "where were those meetings?", "the folders they are in", "who else was on them?");
  replace     swaps one value of the first graph (a person, a month, a place, a file type, an event title);
  standalone  a full new question, to be read fresh (its graph shares nothing with the first).

Each FLOW is one edit of one first-question shape; its follow-up wordings are written per part and per asker style,
and every style also has its own wording of each first question. Instances (the people, months, places ...) are
drawn per flow with a seeded generator and kept only when every check above holds.

Parts and the imagined askers who wrote them (no wording, first or follow-up, is shared between parts):
  fdev   (tuning, 60%): six groups -- "terse" search-box fragments ("with attachments", "folders"); "chatty" asides
         and fillers ("Oh wait, only the ones ..."); "german", a German first-language speaker ("Only this with
         attachment."); "texting", abbreviations ("just ones w attachments", "b4", "frm", "2"); "polite" requests
         ("Could you narrow that to ..."); "voice", dictation with no punctuation ("only the ones I went to").
  ftest1 (held out, 20%): two other groups -- "assistant", an executive assistant writing formal requests ("Kindly
         list ...", "Please restrict those to ..."); "spanish", a Spanish first-language speaker ("And of {Y}?",
         "Only these that sent {X}.").
  ftest2 (held out, 20%): two more groups -- "researcher", precise and query-like ("Restrict to ...", "Repeat with
         the location ...", "New query: ..."); "teen", slang and dropped letters ("only the pdf ones", "ok now
         {Y}", "wat", "who'd i hang w").

Items per part and kind (33 flows: 10 narrow, 10 pivot, 7 replace, 6 standalone; one item per flow, part and
style):
  fdev    198 = narrow 60, pivot 60, replace 42, standalone 36
  ftest1   66 = narrow 20, pivot 20, replace 14, standalone 12
  ftest2   66 = narrow 20, pivot 20, replace 14, standalone 12
  all     330 = narrow 100 (30%), pivot 100 (30%), replace 70 (21%), standalone 60 (18%)

What the graph format cannot say, and how it is written here:
  * "who else was on them" (people other than the sender) has no "not this person": after "emails from X" it is
    written as the emails' recipients (``e -to-> p2``; the user is never a Person), which leaves X out unless X
    wrote to themself; after "events X attended" it is every attendee of those events (``p2 -attended-> ev``), X
    included, as the corpus set's co-attendee questions are.
  * a follow-up that counts ("how many is that?") or compares the two answers is not asked.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from make_questions import (CORPUS, EXT_WORDS, GATHERINGS, MAX_ANSWER, PLACES, E, F, G, Oracle,  # noqa: E402
                            build_corpus, name, result_keys)
from tests.corpus import ORGS, Facts  # noqa: E402

OUT = ROOT / "benchmarks" / "followups.json"
SEED = 31
PARTS = ("fdev", "ftest1", "ftest2")
STYLES = {"fdev": ("terse", "chatty", "german", "texting", "polite", "voice"),
          "ftest1": ("assistant", "spanish"),
          "ftest2": ("researcher", "teen")}
KINDS = ("narrow", "pivot", "replace", "standalone")


# =============================================================================================
# Graph specs: a gold graph and the graphs accepted as meaning the same, edited together
# =============================================================================================

@dataclass
class Spec:
    ret: str
    variants: list[list[dict[str, Any]]]   # gold constraints first, then accepted alternatives
    action: str = "find"
    mode: str = "all"

    def graphs(self) -> list[dict[str, Any]]:
        return [G(self.ret, list(cs), action=self.action, mode=self.mode) for cs in self.variants]


def add(spec: Spec, *alternatives: list[dict[str, Any]], ret: str | None = None, mode: str | None = None) -> Spec:
    """The spec with constraints added (each alternative addition gives each variant another variant); ``ret``
    moves the return variable (a pivot)."""
    alternatives = alternatives or ([],)
    variants = [v + a for a in alternatives for v in spec.variants]
    return Spec(ret or spec.ret, variants, spec.action, mode or spec.mode)


def from_spec(x: str, *extra: dict[str, Any]) -> Spec:
    """ "emails from X": the corpus set's convention, also accepted with ``e -to-> self``."""
    return Spec("e", [[E("e", "from", "p"), name("p", x), *extra],
                      [E("e", "from", "p"), E("e", "to", "self"), name("p", x), *extra]])


def month(m: str) -> dict[str, Any]:
    return F("d", "value", "=", f"in {m}")


# ---- first-question shapes ------------------------------------------------------------------------

def first_from(s):
    return from_spec(s["X"])


def first_from_month(s):
    return from_spec(s["X"], E("e", "sent_on", "d"), month(s["M"]))


def first_files_from(s):
    return add(from_spec(s["X"]), [E("e", "has_attachment", "f")], ret="f")


def first_events_of(s):
    return Spec("ev", [[E("p", "attended", "ev"), name("p", s["X"])]])


def first_events_at(s):
    return Spec("ev", [[E("ev", "location", "pl"), name("pl", s["P"])]])


def first_events_in(s):
    return Spec("ev", [[E("ev", "occurred_on", "d"), month(s["M"])]])


def first_met_in(s):
    return Spec("p", [[E("p", "attended", "ev"), E("self", "attended", "ev"), E("ev", "occurred_on", "d"),
                       month(s["M"])]])


def first_subject(s):
    return Spec("e", [[F("e", "subject", "contains", s["W"])]])


def first_sent_to(s):
    return Spec("e", [[E("e", "from", "self"), E("e", "to", "p"), name("p", s["X"])]])


def first_ext(s):
    return Spec("f", [[E("e", "has_attachment", "f"), F("f", "extension", "=", s["EXT"])]])


def first_who_at(s):
    return Spec("p", [[E("p", "attended", "ev"), F("ev", "name", "contains", s["T"])]])


def first_met_at(s):
    return Spec("p", [[E("p", "attended", "ev"), E("self", "attended", "ev"), E("ev", "location", "pl"),
                       name("pl", s["P"])]])


FIRSTS: dict[str, Callable[[dict], Spec]] = {
    "from": first_from, "from_month": first_from_month, "files_from": first_files_from,
    "events_of": first_events_of, "events_at": first_events_at, "events_in": first_events_in,
    "met_in": first_met_in, "subject": first_subject, "sent_to": first_sent_to, "ext": first_ext,
    "who_at": first_who_at, "met_at": first_met_at,
}

# Each style's wording of each first question (styles in the order of STYLES).
FIRST_TEXT: dict[str, dict[str, str]] = {
    "from": {
        "terse": "emails from {X}", "chatty": "Hey, can you pull up the emails {X} sent me?",
        "german": "Show me please all mails from {X}.", "texting": "msgs from {X}?",
        "polite": "Could you please show me the emails from {X}?", "voice": "show me my emails from {X}",
        "assistant": "Kindly list the correspondence received from {X}.",
        "spanish": "Which are the emails that {X} sent to me?",
        "researcher": "List every email sent to me by {X}.", "teen": "wat did {X} email me"},
    "from_month": {
        "terse": "emails from {X} in {M}", "chatty": "Which emails did {X} send me back in {M}? Trying to remember.",
        "german": "Which mails has {X} sent to me in {M}?", "texting": "emails frm {X} in {M}",
        "polite": "Would you show me the emails {X} sent me in {M}, please?", "voice": "find emails from {X} in {M}",
        "assistant": "Please retrieve the messages {X} sent me in {M}.",
        "spanish": "The emails of {X} from {M}, which are they?",
        "researcher": "Enumerate the emails {X} sent me during {M}.", "teen": "{X} emails from {M} pls"},
    "files_from": {
        "terse": "attachments from {X}", "chatty": "I need the files {X} has sent me over time, can you find them?",
        "german": "Which files has {X} sent to me?", "texting": "files {X} sent me",
        "polite": "Could you list the files {X} sent me, please?", "voice": "what files did {X} send me",
        "assistant": "Please compile the attachments received from {X}.",
        "spanish": "What are the files that {X} sent me?",
        "researcher": "Identify all files attached to emails from {X}.", "teen": "gimme the files {X} sent me"},
    "events_of": {
        "terse": "events {X} attended", "chatty": "What meetings has {X} been in? Just curious.",
        "german": "In which events was {X}?", "texting": "mtgs {X} went to",
        "polite": "Could you show me the events {X} attended?", "voice": "which meetings did {X} attend",
        "assistant": "Please list the calendar events attended by {X}.",
        "spanish": "In which meetings has been {X}?",
        "researcher": "Enumerate the calendar events {X} attended.", "teen": "what events was {X} at"},
    "events_at": {
        "terse": "events {atP}", "chatty": "What's been going on {atP}? Like, which events?",
        "german": "Which events were {atP}?", "texting": "evts {atP}?",
        "polite": "Could you please show me the events {atP}?", "voice": "show me events {atP}",
        "assistant": "Kindly list all calendar events held {atP}.",
        "spanish": "Which are the events that were {atP}?",
        "researcher": "Retrieve every calendar event whose location is {P}.", "teen": "wat events were {atP}"},
    "events_in": {
        "terse": "events in {M}", "chatty": "What was on the calendar in {M}? I've totally lost track.",
        "german": "Which events were in {M}?", "texting": "whats on cal in {M}",
        "polite": "Could you show me the events in {M}, please?", "voice": "what events were in {M}",
        "assistant": "Please list the calendar entries for {M}.",
        "spanish": "Which meetings there were in {M}?",
        "researcher": "List all calendar events occurring in {M}.", "teen": "what was goin on in {M}"},
    "met_in": {
        "terse": "people I met in {M}", "chatty": "Who did I actually meet with in {M}? Trying to write my recap.",
        "german": "Whom have I met in {M}?", "texting": "ppl i met in {M}",
        "polite": "Could you tell me who I met in {M}?", "voice": "who did I meet in {M}",
        "assistant": "Please list the people I met with in {M}.",
        "spanish": "With who I had meetings in {M}?",
        "researcher": "Identify everyone I met in {M}.", "teen": "who'd i meet up w in {M}"},
    "subject": {
        "terse": "subject: {W}", "chatty": "Can you find those emails about {W}? The subject had it in there.",
        "german": "Show me the mails with '{W}' in the subject.", "texting": "emails re {W}",
        "polite": "Could you please find the emails with {W} in the subject?", "voice": "find emails about {W}",
        "assistant": "Please locate all emails whose subject mentions {W}.",
        "spanish": "Which emails have in the subject '{W}'?",
        "researcher": "List emails with \"{W}\" in the subject line.", "teen": "emails abt {W}??"},
    "sent_to": {
        "terse": "emails I sent {X}", "chatty": "What emails have I been sending {X}? I lose track.",
        "german": "Which mails have I written to {X}?", "texting": "my emails 2 {X}",
        "polite": "Could you show me the emails I sent to {X}, please?", "voice": "show emails I sent to {X}",
        "assistant": "Please list my outgoing emails to {X}.",
        "spanish": "Which emails I sent to {X}?",
        "researcher": "Enumerate all emails from me addressed to {X}.", "teen": "what did i email {X}"},
    "ext": {
        "terse": "attachments of type .{EXT}",
        "chatty": "I'm hunting for {EXTS} people attached to emails, can you list them?",
        "german": "Show me all {EXTS} which were attached in mails.", "texting": "all attached {EXTS}",
        "polite": "Could you list the {EXTS} attached to emails, please?",
        "voice": "show me all {EXTS} in my email attachments",
        "assistant": "Please compile every {EXT1} that appears as an email attachment.",
        "spanish": "Which {EXTS} there are in the attachments?",
        "researcher": "List all email attachments with the extension .{EXT}.", "teen": "all the {EXTS} from emails"},
    "who_at": {
        "terse": "who attended {T}", "chatty": "Who's been showing up to the {T}? I want to thank them.",
        "german": "Who was in the {T}?", "texting": "who was at {T}",
        "polite": "Could you tell me who attended the {T}?", "voice": "who went to the {T}",
        "assistant": "Please list the attendees of the {T} meetings.",
        "spanish": "Who were the persons in the {T}?",
        "researcher": "Identify the attendees of events titled with \"{T}\".", "teen": "who shows up 2 {T}"},
    "met_at": {
        "terse": "people I met {atP}", "chatty": "Who have I met up with {atP}? I can never remember names.",
        "german": "Whom did I meet {atP}?", "texting": "ppl i met {atP}",
        "polite": "Could you tell me who I met {atP}?", "voice": "who did I meet {atP}",
        "assistant": "Please list the individuals I met {atP}.",
        "spanish": "Who are the people that I met {atP}?",
        "researcher": "Which people did I meet at events located at {P}?", "teen": "who'd i hang w {atP}"},
}


# =============================================================================================
# Flows: one edit of one first shape, with its follow-up wordings per style
# =============================================================================================

@dataclass
class Flow:
    name: str
    kind: str
    first: str                       # a key of FIRSTS
    slots: tuple[str, ...]           # slot kinds to draw (X, Y, M, M2, B, P, P2, EXT, EXT2, W, T, T2, F, FD)
    follow: Callable[[dict], Spec]
    edit: str
    texts: dict[str, str]            # style -> follow-up wording


def T(*pairs: str) -> dict[str, str]:
    """Follow-up wordings in the order of the styles: fdev's six, ftest1's two, ftest2's two."""
    styles = STYLES["fdev"] + STYLES["ftest1"] + STYLES["ftest2"]
    assert len(pairs) == len(styles), pairs
    return dict(zip(styles, pairs))


FLOWS: list[Flow] = [
    # ---- narrowing ---------------------------------------------------------------------------------
    Flow("only_with_attachments", "narrow", "from", ("X",),
         lambda s: add(first_from(s), [E("e", "has_attachment", "f")]),
         "the emails from {X} above, only those with an attachment",
         T("with attachments", "Oh wait, only the ones that had something attached, please.",
           "Only this with attachment.", "just ones w attachments",
           "Could you narrow that to the ones with attachments?", "only the ones with attachments",
           "Of those, please show only messages carrying attachments.", "And only the ones that have attachment?",
           "Restrict that list to emails that include at least one attachment.", "ok just the ones w files attached")),
    Flow("only_with_ext", "narrow", "from", ("X", "EXT"),
         lambda s: add(first_from(s), [E("e", "has_attachment", "f"), F("f", "extension", "=", s["EXT"])]),
         "the emails from {X} above, only those with a .{EXT} attachment",
         T("has {EXT} attachment", "Hmm, can you just show the ones with {EXTS} attached?",
           "Only the mails where is a {EXT1} attached.", "only the ones w {EXTS}",
           "Could you filter those to the ones with {EXTS} attached?", "just the ones with a {EXT1} attached",
           "Please limit those to messages with a {EXT1} enclosed.", "Only the ones that bring a {EXT1}, please.",
           "Narrow that to emails having a .{EXT} attachment.", "only the {EXT} ones")),
    Flow("only_before", "narrow", "from", ("X", "B"),
         lambda s: add(first_from(s), [E("e", "sent_on", "d"), F("d", "value", "<", s["B"])]),
         "the emails from {X} above, only those sent before {B}",
         T("before {B}", "Actually I only care about the older stuff, anything from before {B}.",
           "Only the ones before {B}.", "just b4 {B}", "Could you show only the ones from before {B}?",
           "just the ones sent before {B}",
           "Please restrict those to messages dated prior to {B}.", "And of these, which ones are from before {B}?",
           "Limit the results to emails sent before {B}.", "nah only the ones b4 {B}")),
    Flow("events_only_in_month", "narrow", "events_of", ("X", "M"),
         lambda s: add(first_events_of(s), [E("ev", "occurred_on", "d"), month(s["M"])]),
         "the events {X} attended above, only those in {M}",
         T("{M} only", "And just the ones in {M}? That's the month I'm looking at.", "Only in {M} please.",
           "only {M} ones", "Could you show only the ones in {M}?", "just the ones in {M}",
           "Please limit that to events taking place in {M}.", "And which ones of them were in {M}?",
           "Restrict to the events that occurred in {M}.", "ok but just {M}")),
    Flow("events_only_with_person", "narrow", "events_at", ("P", "X"),
         lambda s: add(first_events_at(s), [E("p", "attended", "ev"), name("p", s["X"])]),
         "the events {atP} above, only those {X} attended",
         T("only with {X}", "Which of those was {X} at? I think they came to a couple.",
           "Only the ones where also {X} was.", "which ones was {X} at",
           "Could you narrow that to the ones {X} attended?", "only the ones {X} went to",
           "Of those, please show only the events {X} attended.", "And in which of these was {X}?",
           "Filter those to events with {X} among the attendees.", "just the ones {X} showed up to")),
    Flow("only_from_sender", "narrow", "subject", ("W", "X"),
         lambda s: add(first_subject(s), [E("e", "from", "p"), name("p", s["X"])],
                       [E("e", "from", "p"), E("e", "to", "self"), name("p", s["X"])]),
         "the emails about {W} above, only those {X} sent",
         T("from {X}", "Ah, I only need the ones {X} sent, actually.", "Only the ones which {X} has sent.",
           "only the ones {X} sent", "Could you show me just the ones sent by {X}?", "just the ones from {X}",
           "Please limit that to correspondence from {X}.", "Only these that sent {X}.",
           "Keep only those whose sender is {X}.", "just {X}'s")),
    Flow("files_only_ext", "narrow", "files_from", ("X", "EXT"),
         lambda s: add(first_files_from(s), [F("f", "extension", "=", s["EXT"])]),
         "the files {X} sent above, only the .{EXT} ones",
         T("{EXTS} only", "Just the {EXTS} out of those, if you can.", "Only the {EXTS} of them.", "just {EXTS}",
           "Could you show only the {EXTS}, please?", "only the {EXTS}",
           "Please narrow that list to {EXTS}.", "From these, only the {EXTS}.",
           "Restrict to files with the .{EXT} extension.", "only the {EXTS} tho")),
    Flow("met_only_at_place", "narrow", "met_in", ("M", "P"),
         lambda s: add(first_met_in(s), [E("ev", "location", "pl"), name("pl", s["P"])]),
         "the people I met in {M} above, only those met at events {atP}",
         T("{atP} only", "And only the ones I met {atP}? I'm filing my expenses.", "Only these which I met {atP}.",
           "just the ones {atP}", "Could you narrow that down to the people I met {atP}?",
           "only the ones I met {atP}",
           "Please limit that to those I met {atP}.", "And of them, who I met {atP}?",
           "Restrict that to meetings whose location was {P}.", "only ppl i saw {atP}")),
    Flow("only_since", "narrow", "subject", ("W", "B"),
         lambda s: add(first_subject(s), [E("e", "sent_on", "d"), F("d", "value", ">", s["B"])]),
         "the emails about {W} above, only those sent since {B}",
         T("since {B}", "Only the recent-ish ones, please, from {B} onwards.", "Only the ones since {B}.",
           "just since {B}", "Could you limit that to the ones sent since {B}?", "only the ones after {B}",
           "Please restrict those to messages dated {B} or later.", "Only the ones from {B} until now.",
           "Keep only emails sent on or after the start of {B}.", "just the newer ones, {B} on")),
    Flow("only_the_last", "narrow", "sent_to", ("X",),
         lambda s: add(first_sent_to(s), [F("e", "ordinal", "=", "last")], mode="one"),
         "the emails I sent {X} above, only the most recent one",
         T("latest one", "Actually, just the most recent one is fine.", "Only the newest one.", "just the last 1",
           "Could you show me only the most recent one?", "just the last one",
           "Please show only the most recent of those.", "Which is the last one of them?",
           "Return only the latest of those emails.", "just the newest")),
    # ---- pivoting ----------------------------------------------------------------------------------
    Flow("their_attachments", "pivot", "from_month", ("X", "M"),
         lambda s: add(first_from_month(s), [E("e", "has_attachment", "f")], ret="f"),
         "the files attached to the emails from {X} in {M} above",
         T("their attachments", "Cool, and what files were attached to those?", "Which files were attached on these?",
           "attachments?", "Could you list the attachments of those emails?", "show the attachments from those",
           "Please list the files enclosed in those messages.", "And the files that they have attached?",
           "Extract the attachment file names from that set.", "wat files were on those")),
    Flow("their_folders", "pivot", "files_from", ("X",),
         lambda s: add(first_files_from(s), [E("f", "parent", "dir")], ret="dir"),
         "the folders on disk holding the files {X} sent above",
         T("folders", "Where did I save those on my computer? Which folders?", "In which folders are these files?",
           "which folders r they in", "Could you tell me which folders they're in?", "what folders are those in",
           "Please identify the folders where those files are stored.", "In what folder are they saved?",
           "Which directories on disk contain those files?", "where r those saved")),
    Flow("where_were_they", "pivot", "events_of", ("X",),
         lambda s: add(first_events_of(s), [E("ev", "location", "pl")], ret="pl"),
         "the places of the events {X} attended above",
         T("locations", "And where were those meetings, do you know?", "Where were these meetings?",
           "where were they", "Could you tell me where those took place?", "where were those meetings",
           "Please provide the locations of those events.", "And the places of these meetings?",
           "What locations were recorded for those events?", "where was all that")),
    Flow("who_attended_them", "pivot", "events_at", ("P",),
         lambda s: add(first_events_at(s), [E("p", "attended", "ev")], ret="p"),
         "the people who attended the events {atP} above",
         T("attendees", "Nice. Who was at those, then?", "Who was participating on these?", "who went",
           "Could you tell me who attended them?", "who was at those events",
           "Please list the attendees of those events.", "Who were the persons in these?",
           "Enumerate the attendees across those events.", "who was there")),
    Flow("who_sent_them", "pivot", "subject", ("W",),
         lambda s: add(first_subject(s), [E("e", "from", "p")], ret="p"),
         "the people who sent the emails about {W} above",
         T("senders", "Who sent me all of those, by the way?", "From who are these mails?", "who sent em",
           "Could you tell me who sent them?", "who sent those",
           "Please identify the senders of those messages.", "Who is the sender of these?",
           "Who authored those emails?", "who sent all that")),
    Flow("who_else_on_them", "pivot", "from", ("X",),
         lambda s: add(first_from(s), [E("e", "to", "p2")], ret="p2"),
         "the other recipients of the emails from {X} above (everyone in To/Cc but the user)",
         T("other recipients", "Who else was on those emails besides me?", "Who else got these mails?",
           "who else was cc'd", "Could you tell me who else received them?", "who else was on those",
           "Please list the other recipients of those messages.", "Who more received these emails?",
           "Which other addresses were among the recipients?", "who else got em")),
    Flow("who_else_was_there", "pivot", "events_of", ("X",),
         lambda s: add(first_events_of(s), [E("p2", "attended", "ev")], ret="p2"),
         "the attendees of the events {X} attended above ({X} included: a graph cannot leave one person out)",
         T("other attendees", "Who else was at those meetings with them?", "Who was also there?",
           "who else was there", "Could you tell me who else attended those?", "who else went to those meetings",
           "Please list everyone else who attended those events.", "Which other persons were in these meetings?",
           "Identify the co-attendees of those events.", "who else showed up")),
    Flow("their_links", "pivot", "from", ("X",),
         lambda s: add(first_from(s), [E("e", "mentions_url", "w")], ret="w"),
         "the web links in the emails from {X} above",
         T("links in them", "Were there any links in those? I need the URLs.", "Which links are in these mails?",
           "any links", "Could you pull out the links from those emails?", "show the links in those emails",
           "Please extract the web addresses mentioned in those messages.", "What links they have inside?",
           "List the URLs appearing in the bodies of those emails.", "gimme the links")),
    Flow("who_sent_those_files", "pivot", "ext", ("EXT",),
         lambda s: add(first_ext(s), [E("e", "from", "p")], ret="p"),
         "the people who sent emails with the .{EXT} attachments above",
         T("sent by whom", "Who were those from, though?", "Who has sent these files?", "from who",
           "Could you tell me who sent those files?", "who sent those files",
           "Please identify who sent those files.", "Who sent these documents?",
           "Which senders do those attachments come from?", "who even sent those")),
    Flow("where_did_we_meet", "pivot", "met_in", ("M",),
         lambda s: add(first_met_in(s), [E("ev", "location", "pl")], ret="pl"),
         "the places of the events where the user met people in {M} above",
         T("where", "And where did all those meetings happen?", "At which places did I meet them?",
           "where did we meet", "Could you tell me where I met them?", "where did I meet them",
           "Please list the venues of those meetings.", "And where I met with them?",
           "Give the locations of the events where I met them.", "where'd we hang")),
    # ---- replacing a value -------------------------------------------------------------------------
    Flow("same_for_person", "replace", "from", ("X", "Y"),
         lambda s: first_from({"X": s["Y"]}),
         "the same search for emails from {Y} instead of {X}",
         T("now {Y}", "Great, and what about {Y}? Same thing.", "And the same for {Y}?", "wat about {Y}",
           "Could you do the same for {Y}, please?", "and for {Y}",
           "Please run the same search for {Y}.", "And of {Y}?",
           "Repeat that for {Y}.", "ok now {Y}")),
    Flow("same_for_month", "replace", "events_in", ("M", "M2"),
         lambda s: first_events_in({"M": s["M2"]}),
         "the events in {M2} instead of {M}",
         T("{M2} instead", "Okay and how about {M2}?", "And in {M2}?", "wat abt {M2}",
           "Could you show the same for {M2}?", "what about {M2}",
           "Please show the same for {M2}.", "And for the month of {M2}?",
           "Same query, but for {M2}.", "n {M2}??")),
    Flow("same_for_place", "replace", "events_at", ("P", "P2"),
         lambda s: first_events_at({"P": s["P2"]}),
         "the events {atP2} instead of {atP}",
         T("{atP2} instead", "Now do the same {atP2}, if you don't mind.", "And the ones {atP2}?", "same 4 {P2}",
           "Could you do the same for {P2} instead?", "same thing for {P2}",
           "Please provide the same list for {P2}.", "And the same in {P2}?",
           "Repeat with the location {P2}.", "k now {P2}")),
    Flow("same_for_ext", "replace", "ext", ("EXT", "EXT2"),
         lambda s: first_ext({"EXT": s["EXT2"]}),
         "the .{EXT2} attachments instead of the .{EXT} ones",
         T("{EXT2S} instead", "What about {EXT2S}? Got any of those?", "And the {EXT2S}?", "n {EXT2S}?",
           "Could you do the same for {EXT2S}?", "now the {EXT2S}",
           "Please produce the equivalent list of {EXT2S}.", "And the ones of type .{EXT2}?",
           "Same, with extension .{EXT2}.", "wat about {EXT2S}")),
    Flow("met_same_for_month", "replace", "met_in", ("M", "M2"),
         lambda s: first_met_in({"M": s["M2"]}),
         "the people I met in {M2} instead of {M}",
         T("and {M2}", "And who did I meet in {M2}? Same idea.", "And in {M2} the same?", "{M2}?",
           "Could you do that for {M2} instead?", "now for {M2}",
           "Please repeat that for {M2}.", "And in the month {M2}?",
           "Now the same for {M2}.", "and {M2}??")),
    Flow("files_same_for_person", "replace", "files_from", ("X", "Y"),
         lambda s: first_files_from({"X": s["Y"]}),
         "the files {Y} sent instead of {X}",
         T("{Y} instead", "Okay now what about {Y}? What did they send?", "And from {Y}?", "n frm {Y}?",
           "And could you look up {Y} the same way?", "what about {Y}",
           "Please do likewise for {Y}.", "And the ones of {Y}?",
           "Same question for {Y}.", "wat about {Y} tho")),
    Flow("same_for_title", "replace", "who_at", ("T", "T2"),
         lambda s: first_who_at({"T": s["T2"]}),
         "the attendees of the {T2} events instead of the {T} ones",
         T("{T2} instead", "And the {T2}? Who came to that?", "And at the {T2}?", "n the {T2}",
           "Could you do the same for the {T2}?", "what about the {T2}",
           "Please provide the same for the {T2}.", "And in the {T2}?",
           "Repeat for events titled \"{T2}\".", "ok n {T2}")),
    # ---- stand-alone -------------------------------------------------------------------------------
    Flow("new_events_of_in_month", "standalone", "from", ("X", "Y", "M"),
         lambda s: Spec("ev", [[E("p", "attended", "ev"), E("ev", "occurred_on", "d"), name("p", s["Y"]),
                                month(s["M"])]]),
         "a new question: the events {Y} attended in {M}",
         T("events {Y} attended in {M}", "Different question: which events did {Y} go to in {M}?",
           "Which events has {Y} attended in {M}?", "what mtgs did {Y} go 2 in {M}",
           "Could you also tell me which events {Y} attended in {M}?", "which events did {Y} attend in {M}",
           "Separately, please list the events {Y} attended in {M}.", "Other thing: in which events was {Y} in {M}?",
           "New query: events attended by {Y} in {M}.", "also wat events was {Y} at in {M}")),
    Flow("new_who_sent_file", "standalone", "events_at", ("P", "F"),
         lambda s: Spec("p", [[E("e", "from", "p"), E("e", "has_attachment", "f"), name("f", s["F"])],
                              [E("e", "from", "p"), E("e", "to", "self"), E("e", "has_attachment", "f"),
                               name("f", s["F"])]]),
         "a new question: who sent the user {F}",
         T("who sent {F}", "Oh, totally unrelated, but who sent me {F}?", "Who has sent me the file {F}?",
           "who sent me {F}", "Could you tell me who sent me {F}, please?", "who sent me the file {F}",
           "Separately, who was the sender of {F}?", "Who is the person that sent me {F}?",
           "Identify the sender of the attachment {F}.", "who sent {F} again")),
    Flow("new_folders_of_file", "standalone", "subject", ("W", "FD"),
         lambda s: Spec("dir", [[E("f", "parent", "dir"), name("f", s["FD"])]]),
         "a new question: the folders holding {FD}",
         T("folder of {FD}", "Oh and where did I put {FD}? Which folder?", "In which folder is {FD}?",
           "where's {FD} saved", "Could you tell me which folders contain {FD}?", "which folder is {FD} in",
           "On another matter, in which folders is {FD} stored?", "Where is the file {FD}, in which folder?",
           "Which folders on disk contain a file named {FD}?", "where did i save {FD}")),
    Flow("new_links_from", "standalone", "met_in", ("M", "Y"),
         lambda s: add(first_from({"X": s["Y"]}), [E("e", "mentions_url", "w")], ret="w"),
         "a new question: the links {Y} emailed the user",
         T("links from {Y}", "Switching gears, what links has {Y} sent me?", "Which links has {Y} sent me?",
           "links {Y} sent me", "Could you show me the links {Y} emailed me?", "show links from {Y}",
           "Separately, please list the URLs {Y} has emailed me.", "Which links sent me {Y}?",
           "New query: web links in emails from {Y}.", "wat links did {Y} send")),
    Flow("new_count_from", "standalone", "files_from", ("X", "Y"),
         lambda s: Spec("e", first_from({"X": s["Y"]}).variants, action="count"),
         "a new question: how many emails {Y} sent the user",
         T("count emails from {Y}", "Unrelated, but how many emails has {Y} sent me overall?",
           "How many mails has {Y} sent to me?", "how many emails frm {Y}",
           "Could you tell me how many emails {Y} has sent me?", "how many emails did {Y} send me",
           "Separately, how many messages have I received from {Y}?", "How much emails I have from {Y}?",
           "Count the emails {Y} sent me.", "how many times did {Y} email me")),
    Flow("new_met_at", "standalone", "events_of", ("X", "P"),
         lambda s: first_met_at(s),
         "a new question: the people the user met {atP}",
         T("who I met {atP}", "New question: who have I met {atP}?", "Whom I have met {atP}?",
           "who did i meet {atP}", "Could you tell me whom I met {atP}?", "who have I met {atP}",
           "On a separate note, whom did I meet {atP}?", "Which persons I met {atP}?",
           "New query: people I met at events located at {P}.", "also who'd i see {atP}")),
]


# =============================================================================================
# Slot pools from the corpus's facts
# =============================================================================================

MONTHS = ("March", "May", "June", "September", "October", "November", "December", "January", "April 2025",
          "July 2025", "December 2024", "September 2024", "November 2024", "October 2025", "March 2025")
BOUNDS = ("May 2025", "January 2025", "October 2024", "March 2025", "September 2025", "July 2025", "June 2025")
SUBJECT_WORDS = ("hiring plan", "expense report", "server migration", "board deck", "release notes", "office move",
                 "security review", "pricing page", "vendor shortlist", "quarterly goals", "press kit",
                 "website redesign", "contract renewal", "customer feedback", "onboarding docs", "team lunch")


def pools(facts: Facts) -> dict[str, list[str]]:
    orgs = {org for org, *_ in ORGS}
    names: dict[str, int] = {}
    for n in facts.people.values():
        names[n.casefold()] = names.get(n.casefold(), 0) + 1
    people = sorted(n for a, n in facts.people.items()
                    if n not in orgs and not a.startswith("all-hands@") and " " in n and names[n.casefold()] == 1
                    and len(facts.emails_from(a)) + len(facts.events_of(a)) >= 2)
    attached: dict[str, set[str]] = {}
    for e in facts.emails:
        for n in e.attachments:
            attached.setdefault(n, set()).add(e.sender)
    received = facts.received()
    sent_files = sorted(n for n, senders in attached.items()
                        if not any(facts.is_self(s) for s in senders) and facts.emails_attaching([n]) <= received)
    on_disk = set(facts.files.values())
    return {"X": people, "Y": people, "M": list(MONTHS), "M2": list(MONTHS), "B": list(BOUNDS),
            "P": sorted(PLACES), "P2": sorted(PLACES), "EXT": sorted(EXT_WORDS), "EXT2": sorted(EXT_WORDS),
            "W": list(SUBJECT_WORDS), "T": list(GATHERINGS), "T2": list(GATHERINGS), "F": sent_files,
            "FD": sorted(n for n in attached if n in on_disk)}


def render_slots(s: dict[str, str]) -> dict[str, str]:
    out = dict(s)
    for key in ("P", "P2"):
        if key in s:
            out["at" + key] = PLACES[s[key]]
    if "EXT" in s:
        out["EXT1"], out["EXTS"] = EXT_WORDS[s["EXT"]]
    if "EXT2" in s:
        out["EXT21"], out["EXT2S"] = EXT_WORDS[s["EXT2"]]
    return out


# =============================================================================================
# Running graphs: answers in the corpus set's terms
# =============================================================================================

class Runner:
    def __init__(self, corpus_dir: Path, facts: Facts):
        from queryweaver.config import load_config
        from queryweaver.engine import Engine

        config = load_config(corpus_dir / "config.toml")
        config.cache_dir_setting = str(corpus_dir.parent / "followups-cache")
        self.engine = Engine(config)
        self.files_root = (corpus_dir / "files").resolve()
        self.oracle = Oracle(facts)
        self._cache: dict[str, Any] = {}

    def close(self) -> None:
        self.engine.close()

    def answer(self, graph: dict[str, Any]) -> Any:
        """The graph's answer (sorted keys, a count, or for return_mode "one" every email tied for first/last);
        raises on a graph that does not parse or run."""
        key = json.dumps(graph, sort_keys=True)
        if key not in self._cache:
            self._cache[key] = self._answer(graph)
        return self._cache[key]

    def _answer(self, graph: dict[str, Any]) -> Any:
        from queryweaver.graph import QueryGraph

        parsed = QueryGraph.parse(graph)
        if graph["action"] == "count":
            return self.engine.run(parsed).count
        if graph["return_mode"] == "one":
            ordinal = [c for c in graph["constraints"] if c["kind"] == "filter" and c["field"] == "ordinal"]
            every = dict(graph, return_mode="all", constraints=[c for c in graph["constraints"] if c not in ordinal])
            ties = self.oracle.ties(self.answer(every), ordinal[0]["value"])
            got = result_keys(self.engine.run(parsed), self.files_root)
            if len(got) != 1 or got[0] not in ties:
                raise AssertionError(f"the engine's {ordinal[0]['value']} email {got} is not among {ties}")
            return ties
        result = self.engine.run(parsed)
        if result.type.value != graph["vars"][graph["return_var"]]:
            raise AssertionError(f"the engine answered with {result.type.value} items")
        return sorted(set(result_keys(result, self.files_root)))


def usable(runner: Runner, spec: Spec) -> Any:
    """The gold graph's answer when it is non-empty, not too long and every accepted graph gives it; else None."""
    graphs = spec.graphs()
    answers = [runner.answer(g) for g in graphs]
    gold = answers[0]
    if isinstance(gold, list) and not 0 < len(gold) <= MAX_ANSWER:
        return None
    if isinstance(gold, int) and gold <= 0:
        return None
    if any(a != gold for a in answers[1:]):
        return None
    return gold


# =============================================================================================
# Items
# =============================================================================================

def fill(text: str, slots: dict[str, str]) -> str:
    return text.format(**slots)


def instantiate(facts: Facts, runner: Runner) -> list[dict[str, Any]]:
    pool = pools(facts)
    check_wordings()
    items: list[dict[str, Any]] = []
    for flow in FLOWS:
        rng = random.Random(f"{SEED}:{flow.name}")
        used: set[tuple] = set()
        for part in PARTS:
            for style in STYLES[part]:
                slots, first_spec, follow_spec, first_answer, answer = draw(flow, rng, pool, used, runner)
                shown = render_slots(slots)
                first_graphs, follow_graphs = first_spec.graphs(), follow_spec.graphs()
                items.append({
                    "id": "", "part": part, "kind": flow.kind, "style": style, "flow": flow.name,
                    "first": fill(FIRST_TEXT[flow.first][style], shown), "first_graph": first_graphs[0],
                    "first_accept": first_graphs[1:], "first_answer": first_answer,
                    "followup": fill(flow.texts[style], shown), "graph": follow_graphs[0],
                    "accept": follow_graphs[1:], "answer": answer, "edit": fill(flow.edit, shown)})
    for i, item in enumerate(items, 1):
        item["id"] = f"fu{i:03d}"
    return items


def draw(flow: Flow, rng: random.Random, pool: dict[str, list[str]], used: set[tuple], runner: Runner):
    """The next slots for ``flow`` (never a combination the flow already used) whose items pass every check."""
    for _ in range(4000):
        slots = {k: rng.choice(pool[k]) for k in flow.slots}
        key = tuple(sorted(slots.items()))
        if key in used:
            continue
        if len(set(slots.values())) != len(slots):  # Y is not X, M2 not M ...
            continue
        used.add(key)
        first_spec, follow_spec = FIRSTS[flow.first](slots), flow.follow(slots)
        first_answer = usable(runner, first_spec)
        if first_answer is None:
            continue
        answer = usable(runner, follow_spec)
        if answer is None or answer == first_answer:
            continue
        return slots, first_spec, follow_spec, first_answer, answer
    raise SystemExit(f"flow {flow.name}: no more instances pass the checks in this corpus")


def check_wordings() -> None:
    """Every style wrote every first question and every follow-up; no wording is shared between parts."""
    styles = {s for group in STYLES.values() for s in group}
    for shape, texts in FIRST_TEXT.items():
        if set(texts) != styles:
            raise SystemExit(f"first question {shape}: wordings for {sorted(styles ^ set(texts))} missing or unknown")
    if {f.first for f in FLOWS} - set(FIRSTS):
        raise SystemExit("a flow names an unknown first question")
    if len({f.name for f in FLOWS}) != len(FLOWS) or any(f.kind not in KINDS for f in FLOWS):
        raise SystemExit("flow names repeat or a kind is unknown")
    by_part: dict[str, set[str]] = {p: set() for p in PARTS}
    for part, group in STYLES.items():
        for style in group:
            by_part[part] |= {texts[style].casefold() for texts in FIRST_TEXT.values()}
            by_part[part] |= {f.texts[style].casefold() for f in FLOWS}
    for i, a in enumerate(PARTS):
        for b in PARTS[i + 1:]:
            shared = by_part[a] & by_part[b]
            if shared:
                raise SystemExit(f"{a} and {b} share {len(shared)} wordings; reword them")


def verify(items: list[dict[str, Any]], runner: Runner) -> list[str]:
    """Each item's graphs run to its stored answers; follow-up answers differ from the first's."""
    problems = []
    for item in items:
        try:
            for label, graphs, answer in (("first", [item["first_graph"], *item["first_accept"]], item["first_answer"]),
                                          ("follow-up", [item["graph"], *item["accept"]], item["answer"])):
                for g in graphs:
                    got = runner.answer(g)
                    if got != answer or (isinstance(got, list) and not got):
                        problems.append(f"{item['id']} {label}: engine {str(got)[:200]}, stored {str(answer)[:200]}")
        except Exception as exc:  # noqa: BLE001 - reported, not hidden
            problems.append(f"{item['id']}: {type(exc).__name__}: {exc}")
            continue
        if item["answer"] == item["first_answer"]:
            problems.append(f"{item['id']}: the follow-up's answer is the first question's")
    return problems


def dump(data: dict[str, Any]) -> str:
    """JSON with one item per line: a diff shows which items changed."""
    head = {k: v for k, v in data.items() if k != "items"}
    rows = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in data["items"]]
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "items": [\n' + ",\n".join(rows) + "\n]}\n"


def counts(items: list[dict[str, Any]]) -> str:
    lines = []
    for part in PARTS + ("all",):
        mine = [i for i in items if part == "all" or i["part"] == part]
        kinds = ", ".join(f"{k} {sum(i['kind'] == k for i in mine)}" for k in KINDS)
        lines.append(f"  {part:7} {len(mine):3} = {kinds}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="regenerate, verify and compare with the committed file; do not rewrite it")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="qw-followups-") as tmp:
        corpus_dir = Path(tmp) / "corpus"
        facts = build_corpus(corpus_dir, CORPUS)
        runner = Runner(corpus_dir, facts)
        try:
            items = instantiate(facts, runner)
            problems = verify(items, runner)
            data = {"about": ("Follow-up questions over the generated corpus (benchmarks/make_followups.py writes this "
                              "file; do not edit by hand). The corpus is tests.corpus.generate_corpus(**corpus), "
                              "the corpus question set's. Each item: a first question and its gold graph "
                              "(first_graph, first_accept, first_answer), a follow-up, the follow-up's gold graph as "
                              "a complete stand-alone graph (the first graph with the edit applied; for kind "
                              "'standalone' a fresh graph), accepted equivalents, its answer (computed by running the "
                              "gold graph on the corpus; return_mode 'one': any listed tied email is right) and the "
                              "edit in words. 'part' is fdev (tune on it) or ftest1 / ftest2 (held out, written by "
                              "other askers)."),
                    "corpus": CORPUS, "items": items}
            text = dump(data)
            if args.check:
                committed = json.loads(args.out.read_text(encoding="utf-8"))
                problems += verify(committed["items"], runner)
                if args.out.read_text(encoding="utf-8") != text:
                    problems.append(f"{args.out.name} differs from what make_followups.py generates; run it again")
        finally:
            runner.close()
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{len(items)} follow-up items from {len(FLOWS)} flows:\n{counts(items)}\n{len(problems)} problems")
    if problems:
        return 1
    if not args.check:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
