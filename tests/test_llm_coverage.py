"""coverage_problems: a graph must say everything the question says, in values the user's data knows."""

from __future__ import annotations

from collections import Counter

import pytest

from queryweaver.graph import QueryGraph
from queryweaver.reader.grounding import Lexicon, Mention
from queryweaver.llm.coverage import coverage_problems, first_person_verbs


def lexicon() -> Lexicon:
    lx = Lexicon(self_names={"Alex Morgan"}, self_addresses={"alex@example.org"})
    lx.add_person("jane.doe@acme.example", "Jane Doe", 12)
    lx.add_person("wei.chen@acme.example", "Wei Chen", 3)
    lx.add_person("li.chen@example.net", "Li Chen", 2)
    lx.places.update({"Ferry Building": 12, "Room 4, Boston": 2})
    lx.event_titles.update({"Planning session": 3, "Northwind kickoff": 1})
    lx.file_names.update({"budget.xlsx": 2, "notes.txt": 4, "Northwind_Proposal_v3.pdf": 1})
    lx.folders.update({"Finance": 1, "Invoices": 1})
    lx.domains.update({"github.com": 5})
    lx.subject_words.update({"budget": 4, "northwind": 2, "proposal": 2})
    return lx


def mention(question: str, text: str, kind: str, value: str, candidates=()) -> Mention:
    start = question.index(text)
    return Mention(start, start + len(text), text, kind, value, candidates=list(candidates))


def graph(ret: str, vars_: dict, *constraints: str, action: str = "find", mode: str = "all") -> QueryGraph:
    """A graph from short strings: "e from p" for an edge, "p.name = Jane Doe" for a filter."""
    out = []
    for c in constraints:
        words = c.split(" ")
        if "." in words[0]:
            var, field = words[0].split(".")
            out.append({"kind": "filter", "var": var, "field": field, "op": words[1], "value": " ".join(words[2:])})
        else:
            out.append({"kind": "edge", "from": words[0], "edge": words[1], "to": words[2]})
    return QueryGraph.parse({"action": action, "return_var": ret, "return_mode": mode, "vars": vars_,
                             "constraints": out})


PEOPLE_AT_PLACE = {"p": "Person", "ev": "Event", "pl": "Place"}
MET_AT_PLACE = {**PEOPLE_AT_PLACE, "self": "Self"}


# ---- "I met": Self attended the same event --------------------------------------------------------

def test_people_at_a_place_are_not_the_people_i_met_there():
    q = "Who did I meet at the Ferry Building?"
    ferry = mention(q, "Ferry Building", "place", "Ferry Building")
    dropped = graph("p", PEOPLE_AT_PLACE, "p attended ev", "ev location pl", "pl.name = Ferry Building")
    problems = coverage_problems(dropped, q, [ferry], lexicon())
    assert problems == ["the question says 'did I meet', so add Self attended the same event "
                        "(Self -attended-> Event <-attended- Person): the user was at that event too"]
    covered = graph("p", MET_AT_PLACE, "p attended ev", "self attended ev", "ev location pl",
                    "pl.name = Ferry Building")
    assert coverage_problems(covered, q, [ferry], lexicon()) == []


def test_self_at_another_event_is_not_meeting_there():
    q = "Who did I meet last month?"
    two_events = graph("p", {"p": "Person", "ev": "Event", "ev2": "Event", "self": "Self", "d": "Date"},
                       "p attended ev", "ev occurred_on d", "self attended ev2", "ev2 occurred_on d",
                       "d.value = last month")
    assert "Self attended the same event" in coverage_problems(two_events, q)[0]


@pytest.mark.parametrize("question", ["the person you met at an event in February", "Who met with me in February?",
                                      "Who was at meetings with me in February?", "who have I seen this week"])
def test_every_way_of_saying_met_needs_self_at_the_event(question):
    people = graph("p", {"p": "Person", "ev": "Event"}, "p attended ev")
    problems = coverage_problems(people, question)
    assert len(problems) == 1 and "so add Self attended the same event" in problems[0]


# ---- sending and receiving --------------------------------------------------------------------------

def test_my_message_to_someone_is_from_self():
    q = "Show my first message to Jane Doe"
    jane = mention(q, "Jane Doe", "person", "Jane Doe")
    to_jane = graph("e", {"e": "Email", "p": "Person"}, "e to p", "p.name = Jane Doe", "e.ordinal = first",
                    mode="one")
    assert coverage_problems(to_jane, q, [jane], lexicon()) == [
        "the question says 'my first message to', so add Email from Self (the user sent the email)"]
    mine = graph("e", {"e": "Email", "p": "Person", "self": "Self"}, "e to p", "e from self",
                 "p.name = Jane Doe", "e.ordinal = first", mode="one")
    assert coverage_problems(mine, q, [jane], lexicon()) == []


@pytest.mark.parametrize("question, said", [
    ("What did Jane Doe send me last week?", "send me"),
    ("How many emails did I get from Jane Doe?", "did I get"),
    ("Count the .txt attachments I received", "I received"),
    ("Find the last email received on January 10, 2025.", "email received"),
    ("Find all the events that were attended by anyone who has sent you a file.", "sent you"),
])
def test_mail_the_user_got_is_to_self(question, said):
    from_anyone = graph("e", {"e": "Email", "p": "Person"}, "e from p")
    problems = coverage_problems(from_anyone, question)
    assert f"the question says '{said}', so add Email to Self (the user received the email)" in problems


def test_sent_to_someone_else_is_not_to_self():
    q = "Emails I sent to Marcus Lee"
    wrong = graph("e", {"e": "Email", "self": "Self", "p": "Person"}, "e to self", "e from p",
                  "p.name = Marcus Lee")
    assert coverage_problems(wrong, q) == ["the question says 'I sent', so add Email from Self (the user sent "
                                           "the email)"]


def test_events_i_attended_need_self_attended():
    q = "What events did I attend in February 2026?"
    d = mention(q, "in February 2026", "date", "in February 2026")
    all_events = graph("ev", {"ev": "Event", "d": "Date"}, "ev occurred_on d", "d.value = in February 2026")
    assert coverage_problems(all_events, q, [d]) == [
        "the question says 'events did I attend', so add Self attended Event (the user was at the event)"]


@pytest.mark.parametrize("question, needs", [
    ("Who did I meet at the Ferry Building?", ["met"]),
    ("Find the emails from people I met at the meetup", ["met"]),
    ("Who did I email the most last month?", ["sent"]),
    ("files I was sent", ["received"]),
    ("When did I last hear from Jane?", ["received"]),
    ("How many meetings did I have in February?", ["attended"]),
    ("Which emails did Jane Doe send me that I forwarded?", ["received", "sent"]),
    # no first-person verb: nothing is required of Self
    ("Can I see the files from Jane Doe", []),
    ("Which files have I got?", []),
    ("the emails Jane received", []),
    ("Show all attachments Jane Doe sent", []),
    ("Find the file folders that contain email attachments from Jane Doe.", []),
])
def test_first_person_verbs(question, needs):
    assert [v.needs for v in first_person_verbs(question)] == needs


# ---- grounded mentions ------------------------------------------------------------------------------

def test_the_users_own_name_is_self_not_a_person():
    q = "Find the last email from Alex Morgan"
    me = mention(q, "Alex Morgan", "self", "Alex Morgan")
    as_person = graph("e", {"e": "Email", "p": "Person"}, "e from p", "p.name = Alex Morgan", "e.ordinal = last",
                      mode="one")
    problems = coverage_problems(as_person, q, [me], lexicon())
    assert problems[0] == ('"Alex Morgan" is the user, so use a Self variable instead of the Person \'p\' with '
                           'name "Alex Morgan"')
    assert "the question names the user ('Alex Morgan'), so add a Self variable" in problems[1]
    as_self = graph("e", {"e": "Email", "self": "Self"}, "e from self", "e.ordinal = last", mode="one")
    assert coverage_problems(as_self, q, [me], lexicon()) == []


def test_the_users_address_is_self_even_without_a_mention():
    q = "emails from alex@example.org"
    as_person = graph("e", {"e": "Email", "p": "Person"}, "e from p", "p.email_address = alex@example.org")
    assert "is the user, so use a Self variable" in coverage_problems(as_person, q, [], lexicon())[0]


@pytest.mark.parametrize("value, field", [("Jane Doe", "name"), ("jane doe", "name"), ("Doe, Jane", "name"),
                                          ("Jane", "name"), ("jane.doe@acme.example", "email_address")])
def test_a_person_mention_is_covered_by_any_name_of_that_person(value, field):
    q = "Everything jane emailed me"
    jane = mention(q, "jane", "person", "Jane Doe")
    g = graph("e", {"e": "Email", "p": "Person", "self": "Self"}, "e from p", "e to self", f"p.{field} = {value}")
    assert coverage_problems(g, q, [jane], lexicon()) == []


def test_a_dropped_person_is_named_with_the_value_to_use():
    q = "Everything jane emailed me"
    jane = mention(q, "jane", "person", "Jane Doe")
    to_me = graph("e", {"e": "Email", "self": "Self"}, "e to self")
    assert coverage_problems(to_me, q, [jane], lexicon()) == [
        "the question names 'jane' (the person Jane Doe), so add a Person with name \"Jane Doe\" joined to the "
        "rest of the graph"]


def test_an_ambiguous_person_is_covered_by_any_candidate_or_the_words_as_written():
    q = "emails from Chen"
    chen = mention(q, "Chen", "person", "Chen", candidates=[("Wei Chen", "wei.chen@acme.example"),
                                                            ("Li Chen", "li.chen@example.net")])
    for value in ("Wei Chen", "Li Chen", "Chen"):
        g = graph("e", {"e": "Email", "p": "Person"}, "e from p", f"p.name = {value}")
        assert coverage_problems(g, q, [chen], lexicon()) == [], value


@pytest.mark.parametrize("question, text, kind, value, covered, message", [
    ("Which events were held at the ferry building?", "ferry building", "place", "Ferry Building",
     ("ev", {"ev": "Event", "pl": "Place"}, "ev location pl", "pl.name = ferry building"),
     "the question names the place 'ferry building', so add a Place with name \"Ferry Building\" joined to the "
     "Event by location"),
    ("Who was at the planning session?", "planning session", "event_title", "planning session",
     ("p", {"p": "Person", "ev": "Event"}, "p attended ev", "ev.name contains Planning session"),
     "the question names the event 'planning session', so add an Event with name contains \"planning session\""),
    ("Which folders hold budget.xlsx?", "budget.xlsx", "file", "budget.xlsx",
     ("dir", {"dir": "Folder", "f": "File"}, "f parent dir", "f.name = budget.xlsx"),
     "the question names the file 'budget.xlsx', so add a File with name \"budget.xlsx\""),
    ("PDFs Jane Doe sent", "PDFs", "extension", "pdf",
     ("f", {"f": "File", "e": "Email"}, "e has_attachment f", "f.extension = pdf"),
     "the question asks for 'PDFs' files, so add a File with extension \"pdf\""),
    ("files in the Finance folder", "Finance", "folder", "Finance",
     ("f", {"f": "File", "dir": "Folder"}, "f parent dir", "dir.name = Finance"),
     "the question names the folder 'Finance', so add a Folder with name \"Finance\" joined by parent"),
    ("Which github pages were mentioned?", "github", "domain", "github.com",
     ("w", {"w": "Webpage", "e": "Email"}, "e mentions_url w", "w.url = github.com"),
     "the question names the site 'github', so add a Webpage with url \"github.com\""),
    ("emails about the Northwind proposal", "Northwind proposal", "subject", "Northwind proposal",
     ("e", {"e": "Email"}, "e.subject contains Northwind proposal"),
     "the question asks about 'Northwind proposal', so add an Email with subject contains \"Northwind proposal\""),
    ("emails sent in February", "in February", "date", "in February",
     ("e", {"e": "Email", "d": "Date"}, "e sent_on d", "d.value = February"),
     "the question gives the date 'in February', so add a Date with value \"in February\" joined by sent_on "
     "(email) or occurred_on (event)"),
])
def test_each_kind_of_mention_must_be_represented(question, text, kind, value, covered, message):
    m = mention(question, text, kind, value)
    ret, vars_, *constraints = covered
    assert coverage_problems(graph(ret, vars_, *constraints), question, [m], lexicon()) == []
    # the same graph without the mention's filter (and what only it gave meaning to)
    bare = graph(ret, {ret: vars_[ret]})
    assert coverage_problems(bare, question, [m], lexicon()) == [message]


def test_a_subject_word_is_only_required_when_the_question_asks_about_words():
    q = "Find the budget meetings in Boston"
    budget = mention(q, "budget", "subject", "budget")
    events = graph("ev", {"ev": "Event"})
    assert coverage_problems(events, q, [budget]) == []


@pytest.mark.parametrize("question, text, op, ok", [
    ("How many events took place before January 2026?", "January 2026", "<", True),
    ("How many events took place before January 2026?", "January 2026", "=", False),
    ("Who did I email after February 1, 2026?", "February 1, 2026", ">", True),
    ("Who did I email after February 1, 2026?", "February 1, 2026", "<", False),
    ("emails since March", "since March", ">", True),
])
def test_before_and_after_need_their_operator(question, text, op, ok):
    d = mention(question, text, "date", text)
    g = graph("ev", {"ev": "Event", "d": "Date"}, "ev occurred_on d", f"d.value {op} {text}")
    problems = [p for p in coverage_problems(g, question, [d]) if "Date" in p]
    assert (problems == []) is ok
    if not ok:
        assert f"so the Date filter needs op \"{'<' if 'before' in question else '>'}\"" in problems[0]


# ---- values must exist in the data --------------------------------------------------------------

@pytest.mark.parametrize("constraint, message", [
    ("p.name = Jnae Doe", 'no person named "Jnae Doe" is in the user\'s data (did you mean "Jane Doe"?)'),
    ("pl.name = Ferry Bulding", 'no place "Ferry Bulding" is in the user\'s data (did you mean "Ferry Building"?)'),
    ("f.name = budget.xls", 'no file named "budget.xls" is in the user\'s data (did you mean "budget.xlsx"?)'),
    ("dir.name = Taxes", 'no folder named "Taxes" is in the user\'s data; use the value as the question names it'),
    ("f.extension = docx", 'no file of type "docx" is in the user\'s data'),
    ("ev.name = Offsite", 'no event titled "Offsite" is in the user\'s data'),
])
def test_filter_values_must_exist_in_the_data(constraint, message):
    var = constraint.split(".")[0]
    types = {"p": "Person", "pl": "Place", "f": "File", "dir": "Folder", "ev": "Event"}
    g = graph(var, {var: types[var]}, constraint)
    problems = coverage_problems(g, "anything", [], lexicon())
    assert len(problems) == 1 and problems[0].startswith(message)


@pytest.mark.parametrize("constraint", ["p.name = Jane", "p.name = doe", "p.name = Doe, Jane",
                                        "p.email_address = jane.doe@acme.example", "pl.name = Boston",
                                        "ev.name contains kickoff", "f.extension = xlsx", "dir.name = finance"])
def test_values_the_data_has_pass(constraint):
    var = constraint.split(".")[0]
    types = {"p": "Person", "pl": "Place", "f": "File", "dir": "Folder", "ev": "Event"}
    assert coverage_problems(graph(var, {var: types[var]}, constraint), "anything", [], lexicon()) == []


def test_kinds_the_lexicon_knows_nothing_about_are_not_checked():
    lx = Lexicon()
    lx.add_person("jane.doe@acme.example", "Jane Doe")  # people only: places come from no source
    g = graph("pl", {"pl": "Place"}, "pl.name = Anywhere")
    assert coverage_problems(g, "anything", [], lx) == []
    assert coverage_problems(g, "anything", [], None) == []  # no lexicon: no existence checks at all


def test_a_fully_covered_graph_has_no_problems():
    q = "What did Jane Doe send me in February?"
    ms = [mention(q, "Jane Doe", "person", "Jane Doe"), mention(q, "in February", "date", "in February")]
    g = graph("e", {"e": "Email", "p": "Person", "self": "Self", "d": "Date"}, "e from p", "e to self",
              "e sent_on d", "p.name = Jane Doe", "d.value = in February")
    assert coverage_problems(g, q, ms, lexicon()) == []
    assert Counter(m.kind for m in ms) == {"person": 1, "date": 1}


# ---- first / last ---------------------------------------------------------------------------------

@pytest.mark.parametrize("question, value", [
    ("When did I last hear from Jane Doe?", "last"), ("Show the latest email from Jane Doe", "last"),
    ("the most recent email from Jane Doe", "last"), ("Show my first message to Jane Doe", "first"),
    ("Who was at the Local-first software meetup?", None), ("emails from Jane Doe last week", None),
    ("emails from Jane Doe in the last 3 days", None), ("What is Jane Doe's first name?", None),
    ("emails from Jane Doe on the first of May", None), ("emails from Jane Doe last Christmas", None),
    ("emails from Jane Doe over the last fortnight", None), ("the first email from Jane Doe last summer", "first"),
    ("emails from Jane Doe in the last third of 2025", None), ("emails from Jane Doe in the first half of 2025", None),
    ("emails from Jane Doe in the last one hundred days", None), ("the latest quarter's emails from Jane Doe", None),
    ("the last email from Jane Doe in the last third of 2025", "last"),
    ("emails from Jane Doe in the last half-year", None), ("emails from Jane Doe in the last seventy days", None),
    ("emails from Jane Doe last Easter", None), ("emails from Jane Doe last Thanksgiving", None),
    ("the last email from Jane Doe last Easter", "last"),
    ("emails from Jane Doe on the last working day of October 2025", None),
    ("emails from Jane Doe on the first business day of 2026", None),
    ("emails from Jane Doe on the first weekday of 2026", None),
    ("emails from Jane Doe on the last Friday in November 2025", None),
    ("emails from Jane Doe in the closing weeks of 2025", None),
    ("the first email from Jane Doe on the first working day of 2026", "first"),
    ("people I emailed in the first 20 days of October 2025", None),
    ("emails from Jane Doe in the last 14 days", None),
])
def test_first_and_last_pick_an_email_but_last_month_is_a_date(question, value):
    plain = graph("p", {"p": "Person"})
    problems = [p for p in coverage_problems(plain, question) if "ordinal" in p]
    if value is None:
        assert problems == []
    else:
        assert problems and f'so add the filter ordinal = "{value}" on the Email it picks' in problems[0]


def test_an_ordinal_word_inside_a_mention_is_not_an_ordinal():
    q = "Who attended First Friday drinks?"
    title = mention(q, "First Friday drinks", "event_title", "First Friday drinks")
    g = graph("p", {"p": "Person", "ev": "Event"}, "p attended ev", "ev.name contains First Friday drinks")
    assert coverage_problems(g, q, [title]) == []


# ---- fixes by rule ------------------------------------------------------------------------------

from queryweaver.llm.coverage import fix_coverage  # noqa: E402


@pytest.mark.parametrize("question, before, after, note", [
    ("Who did I meet last month?", ("p", {"p": "Person", "ev": "Event"}, "p attended ev"),
     ("p", {"p": "Person", "ev": "Event", "self": "Self"}, "p attended ev", "self attended ev"),
     "added Self attended ev: the question says 'did I meet'"),
    ("Show my first message to Jane Doe", ("e", {"e": "Email", "p": "Person"}, "e to p", "p.name = Jane Doe"),
     ("e", {"e": "Email", "p": "Person", "self": "Self"}, "e to p", "e from self", "p.name = Jane Doe",
      "e.ordinal = first"),
     "added e from Self: the question says 'my first message to'"),
    ("When did I last hear from Jane Doe?", ("e", {"e": "Email", "p": "Person"}, "e from p", "p.name = Jane Doe"),
     ("e", {"e": "Email", "p": "Person", "self": "Self"}, "e from p", "e to self", "p.name = Jane Doe",
      "e.ordinal = last"),
     "added e.ordinal = last: the question says 'last'"),
])
def test_gaps_with_one_meaning_and_one_place_are_filled_by_rule(question, before, after, note):
    ret, vars_, *cs = before
    fixed, notes = fix_coverage(graph(ret, vars_, *cs), question)
    ret, vars_, *cs = after
    expected = graph(ret, vars_, *cs, mode="one" if "ordinal" in " ".join(cs) else "all")
    from queryweaver.graph import same_graph

    assert same_graph(fixed, expected) and note in notes
    assert coverage_problems(fixed, question) == []


def test_no_fix_where_the_place_is_not_clear():
    two_events = graph("p", {"p": "Person", "ev": "Event", "ev2": "Event", "p2": "Person"},
                       "p attended ev", "p attended ev2", "p2 attended ev2")
    assert fix_coverage(two_events, "Who did I meet?")[1] == []
    sent_by_someone = graph("e", {"e": "Email", "p": "Person"}, "e from p")
    assert fix_coverage(sent_by_someone, "Emails I sent")[1] == []  # which sender is meant is the user's call


def test_a_persons_name_is_not_subject_words():
    q = "Show my first message to Marcus Lee"
    marcus = mention(q, "Marcus Lee", "person", "Marcus Lee")
    g = graph("e", {"e": "Email", "p": "Person", "self": "Self"}, "e to p", "e from self", "p.name = Marcus Lee",
              "e.subject contains Marcus Lee", "e.ordinal = first", mode="one")
    assert coverage_problems(g, q, [marcus]) == [
        '"Marcus Lee" is a person, not words of the email\'s subject: remove the filter e.subject contains '
        '"Marcus Lee" and join a Person with that name instead']
    fixed, notes = fix_coverage(g, q, [marcus])
    assert coverage_problems(fixed, q, [marcus]) == [] and notes[0].startswith("removed filter e.subject")


def test_a_subject_word_with_accents_is_found_in_the_data():
    lx = lexicon()
    lx.subject_words.update({"résumé": 2, "review": 3})
    g = graph("e", {"e": "Email"}, "e.subject contains Résumé review")
    assert coverage_problems(g, "emails about Résumé review", [], lx) == []
    assert coverage_problems(graph("e", {"e": "Email"}, "e.subject contains Résumé rewiev"), "x", [], lx)


def test_a_name_that_only_sets_the_scene_need_not_be_in_the_graph():
    # the learned value model tells a value the question asks about from one a scene-setting sentence mentions
    from queryweaver.config import load_config
    from queryweaver.engine import Engine
    from queryweaver.reader.understand import understand

    engine = Engine(load_config(None))
    try:
        lx = engine.lexicon()
        jane = graph("e", {"e": "Email", "p": "Person", "self": "Self"}, "e from p", "e to self", "p.name = Jane Doe")
        scene = "I'm writing up what happened with Aisha Bauer. Which emails did Jane Doe send me?"
        assert coverage_problems(jane, scene, understand(scene, None, lx).mentions, lx) == []
        asked = "Which emails did Jane Doe send me about Aisha Bauer?"
        assert [p for p in coverage_problems(jane, asked, understand(asked, None, lx).mentions, lx) if "Aisha" in p]
    finally:
        engine.close()
