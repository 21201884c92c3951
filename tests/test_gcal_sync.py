"""Google Calendar as a synced local mirror (``sync = true``): syncToken, 410 Gone, faults; real client, fake server."""

from __future__ import annotations

from datetime import datetime

import pytest

from connectors.gcal import GcalConnector, GcalMirrorConnector
from connectors.google_http import RetryPolicy
from queryweaver.config import SourceConfig
from queryweaver.connector import Selection
from queryweaver.errors import ConnectorError
from queryweaver.graph import FilterConstraint
from queryweaver.items import SELF_KEY, DateRange, Item
from queryweaver.schema import EntityType
from tests.fake_google import FakeGoogle, service_factory, write_small_corpus

EVENT, PERSON, SELF, DATE, PLACE = (EntityType.EVENT, EntityType.PERSON, EntityType.SELF, EntityType.DATE,
                                    EntityType.PLACE)
NO_SLEEP = RetryPolicy(attempts=12, sleep=lambda s: None)
PEOPLE = ["jane@acme.test", "bob@acme.test", "sofia@north.test", "carol@king.test"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_small_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture
def context(corpus, tmp_path):
    ctx = corpus.context(tmp_path / "cache")
    ctx.warnings = []
    ctx.warn = ctx.warnings.append
    return ctx


@pytest.fixture
def fake(corpus):
    with FakeGoogle.from_files(corpus.mbox, corpus.ics, account=corpus.account, tz=corpus.tz) as server:
        yield server


def make(fake, context, retry=NO_SLEEP, **options):
    return GcalConnector(SourceConfig("gcal", options), context, service_factory=service_factory(fake, "calendar"),
                         retry=retry)


def links(found) -> set[tuple[str, str]]:
    return {(k, i.key) for k, i in found}


def sel(type_, keys=None):
    return Selection(type_, None if keys is None else {k: Item(type_, k, {}) for k in keys})


def february() -> Selection:
    rng = DateRange(datetime(2025, 2, 1).date(), datetime(2025, 3, 1).date())
    return Selection(DATE, {rng.key(): Item(DATE, rng.key(), {"range": rng})})


def answers(gcal) -> dict[str, set]:
    return {
        "person_attended_event": links(gcal.person_attended_event(sel(PERSON, PEOPLE))),
        "person_attended_event_one": links(gcal.person_attended_event(sel(PERSON, PEOPLE[:1]))),
        "self_attended_event": links(gcal.self_attended_event(sel(SELF, [SELF_KEY]))),
        "date_occurred_on_event": links(gcal.date_occurred_on_event(february())),
        "place_location_event": links(gcal.place_location_event(sel(PLACE, ["boston"]))),
        "event_attended_person": links(gcal.event_attended_person(sel(EVENT, None))),
        "find_event": {i.key for i in gcal.find(EVENT, [FilterConstraint(var="e", field="name", op="=",
                                                                           value="Kickoff")])},
    }


def test_the_mirror_answers_like_the_live_connector_without_requests(fake, context, corpus, tmp_path):
    with make(fake, context) as live:
        expected = answers(live)
    fake.reset_counts()
    with make(fake, context, sync=True) as gcal:
        assert isinstance(gcal, GcalMirrorConnector)
        report = gcal.refresh_index()
        assert report.parsed > 0
        assert fake.counts["calendar.events.list"] == 1 and fake.counts["calendar.calendarList.list"] == 1
        fake.reset_counts()
        assert answers(gcal) == expected
        assert all(expected.values())
    assert fake.total_calls == 0


def test_changes_come_through_the_sync_token(fake, context, corpus):
    cal = corpus.account
    with make(fake, context, sync=True) as gcal:
        gcal.refresh_index()
        kickoff = next(e for e in fake.calendars[cal] if e["iCalUID"] == "ev-kickoff@test")
        fake.cancel_event(cal, kickoff["id"])
        fake.put_event(cal, {"kind": "calendar#event", "id": "retro1", "iCalUID": "retro@test", "status": "confirmed",
                             "summary": "Retro", "location": "Boston", "eventType": "default",
                             "start": {"dateTime": "2025-02-14T15:00:00-05:00"},
                             "end": {"dateTime": "2025-02-14T16:00:00-05:00"},
                             "organizer": {"email": "jane@acme.test", "displayName": "Jane Doe"},
                             "attendees": [{"email": "jane@acme.test", "responseStatus": "accepted"},
                                           {"email": cal, "responseStatus": "accepted", "self": True}]})
        fake.reset_counts()
        report = gcal.refresh_index()
        assert (report.parsed, report.removed) == (1, 1)
        assert fake.counts["calendar.events.list"] == 1
        assert fake.event_queries[-1]["syncToken"].startswith("sync-")
        got = links(gcal.place_location_event(sel(PLACE, ["boston"])))
    assert ("boston", "retro@test") in got and not any("kickoff" in k for _p, k in got)


def test_a_token_google_no_longer_accepts_relists_the_calendar(fake, context, corpus):
    with make(fake, context, sync=True) as gcal:
        gcal.refresh_index()
        before = answers(gcal)
        fake.expire_sync_tokens()
        fake.reset_counts()
        gcal.refresh_index()
        assert fake.counts["calendar.events.list"] == 2   # the 410, then the full listing
        assert answers(gcal) == before
    assert any("410 Gone" in w for w in context.warnings)


def test_a_failed_sync_leaves_the_mirror_answering(fake, context, corpus):
    with make(fake, context, sync=True) as gcal:
        gcal.refresh_index()
        before = answers(gcal)
    fake.fault_rate, fake.fault_statuses = 1.0, (429,)
    few = RetryPolicy(attempts=3, sleep=lambda s: None)
    with make(fake, context, retry=few, sync=True) as gcal:
        with pytest.raises(ConnectorError, match="429"):
            gcal.refresh_index()
    with make(fake, context, retry=few, sync=True, sync_every=1e-6) as gcal:
        assert answers(gcal) == before
    assert any("answering from the Google Calendar mirror" in w for w in context.warnings)
