"""The ics connector on the shapes other programs write, each written here by hand after a real file that had it.

Each calendar below is small and written for this test; the docstring of each test names the real file that
showed the shape (in the test data of pimutils/khal, ical4j/ical4j or Kozea/Radicale), which is not copied here.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from connectors.ics import IcsConnector
from queryweaver.config import SourceConfig
from queryweaver.connector import Context, Selection
from queryweaver.graph import FilterConstraint
from queryweaver.schema import EntityType

EVENT = EntityType.EVENT


@pytest.fixture
def warnings() -> list[str]:
    return []


@pytest.fixture
def context(tmp_path: Path, warnings: list[str]) -> Context:
    return Context(self_name="Alex Morgan", self_emails=frozenset({"alex@example.org"}), tz=ZoneInfo("UTC"),
                   today=date(2026, 2, 15), cache_dir=tmp_path / "cache", warn=warnings.append)


def connect_to(tmp_path: Path, context: Context, name: str, *lines: str) -> IcsConnector:
    """A connector on one .ics file of these content lines, with CRLF line breaks."""
    folder = tmp_path / "calendars"
    folder.mkdir()
    (folder / name).write_bytes(("\r\n".join(lines) + "\r\n").encode())
    return IcsConnector(SourceConfig("ics", {"path": str(folder)}), context)


def starts(conn: IcsConnector, title: str) -> list[str]:
    found = conn.find(EVENT, [FilterConstraint(var="ev", field="name", op="contains", value=title)])
    return sorted(item.fields["start"] for item in found)


BRUSSELS = ("BEGIN:VTIMEZONE", "TZID:Europe/Brussels",
            "BEGIN:STANDARD", "TZNAME:CET", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "DTSTART:19961027T030000",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "TZNAME:CEST", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "DTSTART:19810329T020000",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE")


def train_trip(uid: str, summary: str, start: str, end: str) -> tuple[str, ...]:
    return ("BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20230122T142045Z", f"SUMMARY:{summary}",
            f"DTSTART;TZID=Europe/Brussels:{start}", f"DTEND;TZID=Europe/Brussels:{end}",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=START:PT-2H", "END:VALARM", "END:VEVENT")


def test_an_alarm_icalendar_cannot_read_loses_no_event(tmp_path, context, warnings):
    """After khal's tests/ics/non_dst_error.ics, train tickets from NS International's sales site: every alarm
    says ``TRIGGER;RELATED=START:PT-2H`` (the sign after the P), which icalendar refuses."""
    conn = connect_to(tmp_path, context, "tickets.ics",
                      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//NS Internationaal B.V.//sales-v2//en", *BRUSSELS,
                      *train_trip("trip-1", "Trip from Utrecht to Brussels", "20230203T151500", "20230203T180600"),
                      *train_trip("trip-2", "Trip from Brussels to Utrecht", "20230206T095000", "20230206T125000"),
                      "END:VCALENDAR")
    assert starts(conn, "Trip from Utrecht") == ["2023-02-03T14:15:00+00:00"]   # 15:15 in Brussels
    assert starts(conn, "Trip from Brussels") == ["2023-02-06T08:50:00+00:00"]
    assert len(warnings) == 1 and "tickets.ics" in warnings[0] and "alarms" in warnings[0]


def test_a_to_do_icalendar_cannot_read_loses_no_event(tmp_path, context, warnings):
    """After ical4j's samples/invalid/twinkle.ics, written by Twinkle with Mozilla's calendar: to-dos among the
    events, one of them with ``DTSTART:-0011130T100000``."""
    conn = connect_to(tmp_path, context, "twinkle.ics",
                      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.0//EN",
                      "BEGIN:VEVENT", "UID:meeting", "SUMMARY:Weekly Meeting", "DTSTART:20041220T151000",
                      "DTEND:20041220T161000", "END:VEVENT",
                      "BEGIN:VTODO", "UID:gift", "SUMMARY:Buy a birthday gift", "DTSTART:-0011130T100000",
                      "DUE:-0011130T160000", "END:VTODO",
                      "BEGIN:VEVENT", "UID:birthday", "SUMMARY:Pete's Birthday", "DTSTART;VALUE=DATE:20041228",
                      "DTEND;VALUE=DATE:20041229", "END:VEVENT",
                      "END:VCALENDAR")
    assert starts(conn, "Weekly Meeting") == ["2004-12-20T15:10:00+00:00"]
    assert starts(conn, "Pete's Birthday") == ["2004-12-28"]
    assert starts(conn, "gift") == []   # a to-do is not an event
    assert len(warnings) == 1 and "twinkle.ics" in warnings[0]


def test_a_time_zone_icalendar_cannot_read_is_left_for_the_zone_of_its_name(tmp_path, context, warnings):
    """After khal's tests/ics/invalid_tzoffset.ics: a VTIMEZONE whose first rule says ``TZOFFSETFROM:+5328`` (the
    local mean time +00:53:28 written without its seconds' colon)."""
    conn = connect_to(tmp_path, context, "berlin.ics",
                      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
                      "BEGIN:STANDARD", "DTSTART:18930401T000000", "TZNAME:CEST", "TZOFFSETFROM:+5328",
                      "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
                      "BEGIN:VEVENT", "UID:some-event", "SUMMARY:Some event", "DTSTART;TZID=Europe/Berlin:20121202T080000",
                      "DTEND;TZID=Europe/Berlin:20121202T093000", "END:VEVENT", "END:VCALENDAR")
    assert starts(conn, "Some event") == ["2012-12-02T07:00:00+00:00"]   # 08:00 in Berlin
    assert len(warnings) == 1 and "'Europe/Berlin'" in warnings[0] and "+5328" in warnings[0]


def test_a_tzid_with_a_space_after_it_is_read_in_its_own_time_zone(tmp_path, context, warnings):
    """After Radicale's radicale/tests/static/event_issue2172.ics, a GroupWise invitation read by Thunderbird: the
    VTIMEZONE is ``TZID:Mitteleuropäische Zeit `` and the times ``DTSTART;TZID=Mitteleuropäische Zeit :...``, with
    the space; icalendar trims the parameter only and read the times as floating (17:00 in any zone)."""
    zone = "Mitteleuropäische Zeit "
    conn = connect_to(tmp_path, context, "invitation.ics",
                      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
                      "BEGIN:VTIMEZONE", f"TZID:{zone}",
                      "BEGIN:STANDARD", "DTSTART:20001025T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
                      "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
                      "BEGIN:DAYLIGHT", "DTSTART:20000329T010000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
                      "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE",
                      "BEGIN:VEVENT", "UID:workshop", "SUMMARY:Workshop", f"DTSTART;TZID={zone}:20260701T170000",
                      f"DTEND;TZID={zone}:20260701T183000", "END:VEVENT",
                      "BEGIN:VEVENT", "UID:weekly", "SUMMARY:Weekly call", f"DTSTART;TZID={zone}:20261104T090000",
                      f"DTEND;TZID={zone}:20261104T093000", "RRULE:FREQ=WEEKLY;COUNT=3",
                      f"EXDATE;TZID={zone}:20261111T090000", "END:VEVENT",
                      "END:VCALENDAR")
    assert starts(conn, "Workshop") == ["2026-07-01T15:00:00+00:00"]   # 17:00 summer time
    assert starts(conn, "Weekly call") == ["2026-11-04T08:00:00+00:00", "2026-11-18T08:00:00+00:00"]
    assert warnings == []


def test_an_address_folded_with_two_spaces_is_one_address(tmp_path, context, warnings):
    """After khal's tests/ics/event_dt_partstat.ics, which copies RFC 5545's delegation example (section 3.8.4.1)
    as printed: continuation lines start with two spaces, one of them part of the value, so the address reads
    ``mailto:hcabot@ example.com``."""
    conn = connect_to(tmp_path, context, "delegated.ics",
                      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:review", "SUMMARY:Budget review",
                      "DTSTART:20260210T150000Z",
                      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=TENTATIVE;DELEGATED-FROM=',
                      '  "mailto:iamboss@example.com";CN=Henry Cabot:mailto:hcabot@',
                      "  example.com", "END:VEVENT", "END:VCALENDAR")
    review = next(iter(conn.find(EVENT, [])))
    people = {person.key: person.fields["name"] for _, person in conn.event_attended_person(
        Selection(EVENT, {review.key: review}))}
    assert people == {"hcabot@example.com": "Henry Cabot"}


def test_a_rule_with_blanks_between_its_days_keeps_its_series(tmp_path, context, warnings):
    """After collective/icalendar's issue_165_missing_event.ics, a Microsoft Exchange invitation: its rule reads
    ``BYDAY=MO, TU, WE, TH, FR`` (folded before ``;WKST``), which icalendar cannot read, so the whole daily standup
    was skipped as having a bad RRULE."""
    conn = connect_to(tmp_path, context, "standup.ics",
                      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:Microsoft CDO for Microsoft Exchange",
                      "BEGIN:VEVENT", "UID:standup-25", "DTSTAMP:20260101T071009Z", "SUMMARY:Team daily standup",
                      "DTSTART:20260202T100000Z", "DTEND:20260202T103000Z",
                      "RRULE:FREQ=DAILY;UNTIL=20260213T235959Z;INTERVAL=1;BYDAY=MO, TU, WE, TH, FR",
                      " ;WKST=SU", "END:VEVENT", "END:VCALENDAR")
    days = starts(conn, "standup")
    assert len(days) == 10, days   # two working weeks, no weekend
    assert days[0].startswith("2026-02-02") and days[-1].startswith("2026-02-13")
    assert not [w for w in warnings if "standup" in w.lower()], warnings
