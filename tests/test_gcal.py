"""The Google Calendar connector, through the real Google client, against the fake server.

The fake serves the .ics file the local calendar tests read, so each tool is compared with the ics connector.
One difference is by design: the birthday entry is a non-meeting event type in Google Calendar and is left out.
"""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from connectors.gcal import GcalConnector, parse_event
from connectors.google_http import RetryPolicy
from connectors.ics import IcsConnector
from queryweaver.config import SourceConfig
from queryweaver.connector import Selection
from queryweaver.graph import FilterConstraint
from queryweaver.items import SELF_KEY, DateRange, Item
from queryweaver.schema import EntityType
from tests.fake_google import FakeGoogle, service_factory, write_small_corpus

EVENT, PERSON, SELF, DATE, PLACE = (EntityType.EVENT, EntityType.PERSON, EntityType.SELF, EntityType.DATE,
                                    EntityType.PLACE)
NO_SLEEP = RetryPolicy(attempts=12, sleep=lambda s: None)
BIRTHDAY = "ev-bday@test"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_small_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture
def context(corpus, tmp_path):
    return corpus.context(tmp_path / "cache")


@pytest.fixture
def fake(corpus):
    with FakeGoogle.from_files(corpus.mbox, corpus.ics, account=corpus.account, tz=corpus.tz) as server:
        yield server


@pytest.fixture
def gcal(fake, context):
    with GcalConnector(SourceConfig("gcal", {}), context, service_factory=service_factory(fake, "calendar"),
                       retry=NO_SLEEP) as connector:
        yield connector


@pytest.fixture
def ics(corpus, context):
    with IcsConnector(SourceConfig("ics", {"path": str(corpus.ics)}), context) as connector:
        yield connector


def links(found) -> set[tuple[str, str]]:
    return {(k, i.key) for k, i in found}


def without_birthday(pairs):
    return {(a, b) for a, b in pairs if BIRTHDAY not in a and BIRTHDAY not in b}


def sel(type_, keys=None):
    return Selection(type_, None if keys is None else {k: Item(type_, k, {}) for k in keys})


PEOPLE = ["jane@acme.test", "bob@acme.test", "sofia@north.test", "carol@king.test"]


@pytest.mark.parametrize("people", [PEOPLE[:1], PEOPLE])   # q per person, and one listing for many
def test_person_attended_event_matches_ics(gcal, ics, people):
    expected = links(ics.person_attended_event(sel(PERSON, people)))
    assert links(gcal.person_attended_event(sel(PERSON, people))) == expected


def test_declined_attendees_are_not_attendees(gcal):
    got = links(gcal.person_attended_event(sel(PERSON, ["carol@king.test"])))
    assert got == {("carol@king.test", "ev-march@test")}  # declined the kickoff


def test_event_side_tools_match_ics(gcal, ics):
    all_events = {i.key for _k, i in ics.self_attended_event(sel(SELF, None))} | {
        i.key for _k, i in ics.person_attended_event(sel(PERSON, None))}
    for name in ("event_attended_person", "event_attended_self", "event_occurred_on_date", "event_location_place"):
        for known in (sel(EVENT, None), sel(EVENT, sorted(all_events))):
            got = links(getattr(gcal, name)(known))
            assert without_birthday(got) == without_birthday(links(getattr(ics, name)(known))), name


def test_recurring_instances_have_ics_keys(gcal, ics):
    got = {i.key for _k, i in gcal.person_attended_event(sel(PERSON, ["jane@acme.test"]))}
    assert "ev-sync@test#2025-01-13T09:00:00-05:00" in got
    assert len([k for k in got if k.startswith("ev-sync@test#")]) == 4


def test_self_attended_leaves_out_birthdays(gcal, ics):
    got = links(gcal.self_attended_event(sel(SELF, [SELF_KEY])))
    expected = links(ics.self_attended_event(sel(SELF, [SELF_KEY])))
    assert (SELF_KEY, BIRTHDAY) in expected and (SELF_KEY, BIRTHDAY) not in got
    assert got == without_birthday(expected)
    assert (SELF_KEY, "ev-dentist@test") in got   # the user's own entry


def test_date_occurred_on_event_uses_time_bounds(gcal, ics, fake):
    rng = DateRange(date(2025, 2, 1), date(2025, 3, 1))
    known = Selection(DATE, {rng.key(): Item(DATE, rng.key(), {"range": rng})})
    fake.reset_counts()
    got = links(gcal.date_occurred_on_event(known))
    assert got == without_birthday(links(ics.date_occurred_on_event(known)))
    query = fake.event_queries[-1]
    assert query["timeMin"] == "2025-02-01T00:00:00-05:00" and query["timeMax"] == "2025-03-01T00:00:00-05:00"
    assert query["singleEvents"] == "true"


def test_places_and_find(gcal, ics):
    places = ["room 4, boston", "boston"]
    assert links(gcal.place_location_event(sel(PLACE, places))) == links(ics.place_location_event(sel(PLACE, places)))
    flt = FilterConstraint(var="pl", field="name", op="=", value="Boston")
    assert {i.key for i in gcal.find(PLACE, [flt])} == {i.key for i in ics.find(PLACE, [flt])}
    flt = FilterConstraint(var="ev", field="name", op="contains", value="sync")
    assert {i.key for i in gcal.find(EVENT, [flt])} == {i.key for i in ics.find(EVENT, [flt])}
    flt = FilterConstraint(var="p", field="name", op="=", value="Sofia Alvarez")
    assert [(p.key, p.fields["name"]) for p in gcal.find(PERSON, [flt])] == [("sofia@north.test", "Sofia Alvarez")]


def test_every_calendar_is_read(corpus, context, tmp_path):
    extra = tmp_path / "team.ics"
    extra.write_text("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//\r\nBEGIN:VEVENT\r\nUID:team-1@test\r\n"
                     "SUMMARY:Team lunch\r\nDTSTART:20250214T170000Z\r\nDTEND:20250214T180000Z\r\n"
                     "DTSTAMP:20250101T000000Z\r\nORGANIZER;CN=Bob Stone:mailto:bob@acme.test\r\n"
                     "ATTENDEE;CN=Alex Morgan;PARTSTAT=ACCEPTED:mailto:alex@example.org\r\n"
                     "END:VEVENT\r\nEND:VCALENDAR\r\n")
    with FakeGoogle.from_files(None, [corpus.ics, extra], account=corpus.account, tz=corpus.tz) as server:
        with GcalConnector(SourceConfig("gcal", {}), context, service_factory=service_factory(server, "calendar"),
                           retry=NO_SLEEP) as gcal:
            got = {i.key for _k, i in gcal.person_attended_event(sel(PERSON, ["bob@acme.test"]))}
        assert got == {"ev-kickoff@test", "team-1@test"}
        assert server.counts["calendar.calendarList.list"] == 1


def test_faults_do_not_change_answers(corpus, context, ics):
    with FakeGoogle.from_files(None, corpus.ics, account=corpus.account, tz=corpus.tz, fault_rate=0.4,
                               seed=3) as server:
        with GcalConnector(SourceConfig("gcal", {}), context, service_factory=service_factory(server, "calendar"),
                           retry=NO_SLEEP, person_query_limit=10) as gcal:
            got = links(gcal.person_attended_event(sel(PERSON, PEOPLE)))
        assert sum(server.faults.values()) > 0
    assert got == links(ics.person_attended_event(sel(PERSON, PEOPLE)))


def test_parse_event_reads_google_flags():
    tz = ZoneInfo("UTC")
    ev = {"iCalUID": "x@test", "summary": "Call", "start": {"dateTime": "2025-02-03T10:00:00Z"},
          "end": {"dateTime": "2025-02-03T11:00:00Z"},
          "organizer": {"email": "team@group.calendar.google.com"},
          "attendees": [{"email": "Me@Example.org", "self": True, "responseStatus": "declined"},
                        {"email": "room@resource.calendar.google.com", "resource": True},
                        {"email": "ann@x.test", "displayName": "Ann", "responseStatus": "accepted"}]}
    g = parse_event(ev, tz, frozenset({"me@example.org"}))
    assert g.attended == [("ann@x.test", "Ann")] and not g.self_attended
    assert parse_event({**ev, "eventType": "birthday"}, tz, frozenset()) is None
    assert parse_event({**ev, "status": "cancelled"}, tz, frozenset()) is None
