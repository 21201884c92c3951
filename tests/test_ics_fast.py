"""The fast reader of plain events (connectors.ics.file_rows) against the icalendar path it stands in for
(whole_file_rows: calendar_rows over parse_calendars): every row, attendee list and warning must be the same, and a file that is
not iCalendar must fail the same way. Calendars written by the icalendar library, by hand (the forms real
calendars use and their edge cases), mutated at random, and the generated corpus."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from icalendar import Alarm, Calendar, Event, vCalAddress

from connectors.ics import (
    ParseSettings, _PlainEvent, _plan_file, expansion_horizon, file_rows, parse_calendar_part, split_calendars,
    whole_file_rows,
)

NY = ZoneInfo("America/New_York")
TODAY = date(2026, 2, 15)
ZONES = [NY, ZoneInfo("Europe/Berlin"), ZoneInfo("UTC"), ZoneInfo("Asia/Kolkata")]
PATH = Path("/calendars/test.ics")


# -- comparing the two paths -----------------------------------------------------------------------

def outcome(read, tz: ZoneInfo) -> tuple:
    """('rows', rows, warnings) or ('error', exception type, message, warnings) of one way of reading."""
    said: list[str] = []
    settings = ParseSettings(tz, expansion_horizon(TODAY, TODAY))
    try:
        return "rows", list(read(settings, said.append)), said
    except Exception as exc:  # noqa: BLE001 - both ways must fail alike
        return "error", type(exc).__name__, str(exc), said


def slow(data, floor=None):
    return lambda settings, warn: whole_file_rows(data, PATH, warn, settings, floor)


def fast(data, floor=None):
    return lambda settings, warn: file_rows(data, PATH, warn, settings, floor)


def plain_count(data) -> int:
    """How many events of the file the fast reader reads itself (not through icalendar)."""
    plan = _plan_file(data, PATH)
    return 0 if plan is None else sum(isinstance(e[2], _PlainEvent) for _, _, entries in plan for e in entries)


def assert_same(data: bytes | str, tz: ZoneInfo = NY, floor: date | None = None) -> tuple:
    expected = outcome(slow(data, floor), tz)
    got = outcome(fast(data, floor), tz)
    assert got == expected
    return got


def rows_of(data, tz: ZoneInfo = NY) -> list:
    result = assert_same(data, tz)
    assert result[0] == "rows", result
    return result[1]


# -- calendars by hand -----------------------------------------------------------------------------

NY_ZONE = """BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
TZNAME:EDT
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
TZNAME:EST
END:STANDARD
END:VTIMEZONE"""

CUSTOM_ZONE = """BEGIN:VTIMEZONE
TZID:Custom Zone
BEGIN:STANDARD
TZOFFSETFROM:+0530
TZOFFSETTO:+0530
DTSTART:19700101T000000
TZNAME:CZT
END:STANDARD
END:VTIMEZONE"""


def vevent(*lines: str) -> str:
    return "\n".join(["BEGIN:VEVENT", *lines, "END:VEVENT"])


def calendar(*parts: str, header: str = "") -> str:
    head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//QueryWeaver tests//EN"] + ([header] if header else [])
    return "\n".join([*head, *parts, "END:VCALENDAR"]) + "\n"


def encode(text: str, newline: str = "\r\n") -> bytes:
    return text.replace("\n", newline).encode()


def plain(uid: str, *lines: str, start: str = "DTSTART:20260203T150000Z") -> str:
    return vevent(f"UID:{uid}", "DTSTAMP:20260101T000000Z", start, *lines)


# Events the fast reader reads itself: each must be counted plain, and read exactly as icalendar reads it.
PLAIN_EVENTS = {
    "utc": plain("utc", "DTEND:20260203T160000Z", r"SUMMARY:Budget\, Q3\; final \\ draft",
                 r"LOCATION:Room 4\nBoston\N USA", "STATUS:CONFIRMED"),
    "zoned": plain("zoned", "DTEND;TZID=America/New_York:20260204T103000", "SUMMARY:Zoned",
                   start="DTSTART;TZID=America/New_York:20260204T090000"),
    "quoted tzid": plain("quoted-tzid", 'DTEND;TZID="Europe/Berlin":20260204T100000',
                         start='DTSTART;TZID="Europe/Berlin":20260204T090000'),
    "duration": plain("duration", "DURATION:PT1H30M", "SUMMARY:With a duration",
                      start="DTSTART;TZID=Asia/Tokyo:20260204T090000"),
    "negative duration": plain("negative", "DURATION:-PT1H"),
    "zero duration": plain("zero", "DURATION:PT0S"),
    "all day": plain("all-day", "SUMMARY:Holiday", start="DTSTART;VALUE=DATE:20260210"),
    "all day with end": plain("all-day-2", "DTEND;VALUE=DATE:20260213", start="DTSTART;VALUE=DATE:20260210"),
    "all day weeks": plain("all-day-weeks", "DURATION:P2W", start="DTSTART;VALUE=DATE:20260210"),
    "all day no value": plain("all-day-3", "DTEND:20260211", start="DTSTART:20260210"),
    "datetime value": plain("dt-value", start="DTSTART;VALUE=DATE-TIME:20260210T080000"),
    "lower-case value": plain("dt-value-2", start="DTSTART;VALUE=date:20260210"),
    "floating": plain("floating", "DTEND:20260205T110000", start="DTSTART:20260205T100000"),
    "no end": plain("no-end", "SUMMARY:  Spaces   and\ttabs  "),
    "end before start": plain("backwards", "DTEND:20260203T140000Z"),
    "dst gap": plain("gap", start="DTSTART;TZID=America/New_York:20260308T023000"),
    "dst fold": plain("fold", start="DTSTART;TZID=America/New_York:20261101T013000"),
    "people": plain("people",
                    'ORGANIZER;CN="Doe, Jane":MAILTO:Jane.Doe@Example.COM',
                    "ATTENDEE;CN=Bob Smith;PARTSTAT=DECLINED:mailto:bob@example.org",
                    "ATTENDEE;CUTYPE=ROOM;CN=Room 4:mailto:room4@example.org",
                    "ATTENDEE;CUTYPE=resource:mailto:projector@example.org",
                    'ATTENDEE;CN="Tomás Ortega";PARTSTAT=TENTATIVE;ROLE=REQ-PARTICIPANT:mailto:tomas@example.org',
                    "ATTENDEE;cn=lower key;partstat=declined:mailto:lower@example.org",
                    "ATTENDEE:mailto:nameless@example.org",
                    "ATTENDEE;CN=:mailto:empty-cn@example.org",
                    "ATTENDEE;CN=Not an address:urn:uuid:1234",
                    "ATTENDEE;CN=Jane Again:mailto:jane.doe@example.com",
                    'ATTENDEE;CN="Colon: inside";RSVP=TRUE:mailto:colon@example.org',
                    "ATTENDEE;CN=No Mailto:plain@example.org"),
    "declined organizer": plain("declined-organizer", "ORGANIZER;PARTSTAT=DECLINED:mailto:boss@example.org",
                                "ATTENDEE;PARTSTAT=DECLINED:mailto:boss@example.org"),
    "cancelled": plain("cancelled", "STATUS:CANCELLED", "SUMMARY:Called off"),
    "cancelled lower-case": plain("cancelled-2", "STATUS:cancelled"),
    "other properties": plain("others", "DESCRIPTION;ALTREP=\"cid:x\":Long\\, text", "CATEGORIES:A,B\\,C",
                              "X-MICROSOFT-CDO-BUSYSTATUS:BUSY", "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-T=a:geo:1,2",
                              "SEQUENCE:3", "TRANSP:OPAQUE", "CLASS:PUBLIC", "URL:https://example.org/a?b=c",
                              "CREATED:20250101T000000Z", "LAST-MODIFIED:garbage", "PRIORITY:x"),
    "alarm": plain("alarm", "SUMMARY:With alarms", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
                   "TRIGGER:-PT15M", "X-WR-ALARMUID:abc", "END:VALARM", "BEGIN:VALARM", "ACTION:AUDIO",
                   "TRIGGER;RELATED=END:PT5M", "END:VALARM", "BEGIN:VALARM", "ACTION:DISPLAY",
                   "TRIGGER;VALUE=DATE-TIME:20260203T140000Z", "END:VALARM"),
    # icalendar ends the innermost component whatever an END names
    "alarm ended by another name": plain("alarm-end", "BEGIN:VALARM", "TRIGGER:-PT5M", "END:VTODO"),
    "lower-case names": vevent("uid:lower", "dtstart:20260203T150000Z", "summary:lower case", "attendee;cn=X:mailto:x@y.z"),
    "text escapes": plain("escapes", r"SUMMARY:a\\nb \x c\:d \N e\\\, f", r"LOCATION:\n\nStreet 1\n\nTown\n"),
    "escaped uid": plain(r"weird\,uid\;x", "SUMMARY:UID with escapes"),
    "uid with spaces": plain(" spaced uid ", "SUMMARY:spaces"),
    "summary only spaces": plain("blank-summary", "SUMMARY:   "),
    "unicode": plain("unicode", "SUMMARY:Réunion — café ☕", "LOCATION:Zürich\\, Bahnhofstrasse",
                     "ATTENDEE;CN=\"Łukasz Żółw\":mailto:Łukasz@Example.PL"),
    "language param": plain("language", "SUMMARY;LANGUAGE=de:Besprechung", "LOCATION;ALTREP=\"http://x\":Raum"),
    # a simple series (tests/test_ics_rrule.py has many more)
    "recurring": plain("weekly", "RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20260210T150000Z", "SUMMARY:Weekly"),
}

# Events the fast reader leaves to icalendar (or that break the file): read all the same, none of them plain.
OTHER_EVENTS = {
    "no uid": vevent("DTSTART:20260203T150000Z", "SUMMARY:No UID"),
    "empty uid": vevent("UID:  ", "DTSTART:20260203T150000Z", "SUMMARY:Empty UID"),
    "no-uid uid": plain("no-uid-0123456789ab", "SUMMARY:looks generated"),
    "no start": vevent("UID:nostart", "SUMMARY:No start"),
    "bad start": plain("bad-start", start="DTSTART:2026-02-03"),
    "impossible date": plain("bad-date", start="DTSTART:20260230T100000Z"),
    "leap second": plain("leap", start="DTSTART:20261231T235960Z"),
    "end and duration": plain("both", "DTEND:20260203T160000Z", "DURATION:PT1H"),
    "date and datetime": plain("mixed", "DTEND:20260211T100000", start="DTSTART;VALUE=DATE:20260210"),
    "date with hours": plain("date-hours", "DURATION:P1DT2H", start="DTSTART;VALUE=DATE:20260210"),
    "two starts": plain("two-starts", "DTSTART:20260204T150000Z"),
    "two summaries": plain("two-summaries", "SUMMARY:one", "SUMMARY:two"),
    "two organizers": plain("two-organizers", "ORGANIZER:mailto:a@x.org", "ORGANIZER:mailto:b@x.org"),
    "windows zone": plain("windows", start="DTSTART;TZID=Eastern Standard Time:20260204T090000"),
    "global zone": plain("global", start="DTSTART;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260204T0900"
                                        "00"),
    "custom zone": plain("custom", start="DTSTART;TZID=Custom Zone:20260204T090000"),
    "unknown zone": plain("unknown-zone", start="DTSTART;TZID=Mars/Olympus:20260204T090000"),
    "zoned date": plain("zoned-date", start="DTSTART;TZID=America/New_York:20260210"),
    "zoned date value": plain("zoned-date-2", start="DTSTART;VALUE=DATE;TZID=America/New_York:20260210"),
    "zone and utc": plain("zone-utc", start="DTSTART;TZID=America/New_York:20260204T090000Z"),
    "period value": plain("period", start="DTSTART;VALUE=PERIOD:20260204T090000Z/PT1H"),
    "x param on start": plain("x-param", start="DTSTART;X-FOO=1:20260204T090000Z"),
    "lower-case t": plain("lower-t", start="DTSTART:20260204t090000z"),
    "year one": plain("year-one", start="DTSTART:00010101T000000Z"),
    "far future": plain("far", start="DTSTART:99991231T230000Z"),
    "duration days value": plain("duration-param", "DURATION;VALUE=DURATION:PT1H"),
    "bad duration": plain("bad-duration", "DURATION:1H"),
    "huge duration": plain("huge-duration", "DURATION:P99999999999D"),
    "rdate": plain("rdate", "RDATE:20260301T150000Z,20260302T150000Z"),
    "rdate time": plain("rdate-time", "RRULE:FREQ=DAILY;COUNT=2", "RDATE;VALUE=TIME:083000"),
    "exdate only": plain("exdate-only", "EXDATE:20260203T150000Z"),
    "recurrence id": plain("moved", "RECURRENCE-ID:20260203T150000Z", start="DTSTART:20260204T150000Z"),
    "endless": plain("hourly", "RRULE:FREQ=HOURLY", "SUMMARY:Endless"),
    "caret param": plain("caret", "ATTENDEE;CN=\"Line^nbreak ^'quoted^' ^^\":mailto:caret@example.org"),
    "percent param": plain("percent", "ATTENDEE;CN=100%2C sure:mailto:pct@example.org"),
    "escaped param": plain("escaped-param", r"ATTENDEE;CN=a\,b:mailto:esc@example.org"),
    "list param": plain("list-param", "ATTENDEE;CN=a,b:mailto:list@example.org"),
    "two quoted values": plain("two-quoted", 'ATTENDEE;CN="a","b":mailto:list2@example.org'),
    "spaces around params": plain("ows", "ATTENDEE; CN = Spacey ;PARTSTAT=DECLINED :mailto:ows@example.org"),
    "equals in value": plain("equals", "ATTENDEE;CN=a = b:mailto:eq@example.org"),
    "duplicate param": plain("dup-param", "ATTENDEE;CN=First;CN=Second:mailto:dup@example.org"),
    "unterminated quote": plain("unterminated", 'ATTENDEE;CN="Open:mailto:open@example.org'),
    "escaped address": plain("escaped-address", r"ATTENDEE:mailto:a\,b@example.org"),
    "address with newline": plain("newline-address", r"ATTENDEE:mailto:a\nb@example.org"),
    "attendee as text": plain("text-attendee", "ATTENDEE;VALUE=TEXT:mailto:t@example.org"),
    "summary as other type": plain("summary-type", "SUMMARY;VALUE=INTEGER:12"),
    "x property of another type": plain("x-type", "X-WHEN;VALUE=DATE:notadate"),
    "unknown property": plain("unknown-prop", "GEO:1.5;2.5", "FOO-BAR:baz"),
    "line without colon": plain("no-colon", "GARBAGE"),
    "empty params": plain("empty-params", "SUMMARY;:x"),
    "name with space": plain("name-space", "SUM MARY:spaced name"),
    "name with underscore": plain("underscore", "X_FOO:bar"),
    "bad alarm": plain("bad-alarm", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:soon", "END:VALARM"),
    "alarm with attach": plain("alarm-attach", "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT5M",
                               "ATTACH;VALUE=URI:Chord", "END:VALARM"),
}


@pytest.mark.parametrize("newline", ["\r\n", "\n"])
@pytest.mark.parametrize("name", sorted(PLAIN_EVENTS))
def test_a_plain_event_is_read_fast_and_exactly(name, newline):
    data = encode(calendar(NY_ZONE, PLAIN_EVENTS[name]), newline)
    assert plain_count(data) == 1
    for tz in ZONES:
        assert_same(data, tz)


@pytest.mark.parametrize("newline", ["\r\n", "\n"])
@pytest.mark.parametrize("name", sorted(OTHER_EVENTS))
def test_an_event_the_fast_reader_is_not_sure_of_is_read_by_icalendar(name, newline):
    data = encode(calendar(NY_ZONE, CUSTOM_ZONE, OTHER_EVENTS[name]), newline)
    assert plain_count(data) == 0
    for tz in ZONES[:2]:
        assert_same(data, tz)


def test_all_events_in_one_calendar_keep_their_order_and_warnings():
    events = [*PLAIN_EVENTS.values(), *OTHER_EVENTS.values()]
    random.Random(5).shuffle(events)
    events = [e for e in events if not any(f"UID:{u}" in e for u in ("bad-alarm", "alarm-end", "year-one", "far"))]
    data = encode(calendar(CUSTOM_ZONE, *events, NY_ZONE))   # a zone after the events that use it
    assert plain_count(data) >= len(PLAIN_EVENTS) - 1
    result = assert_same(data)
    assert result[0] == "rows" and len(result[1]) > 40 and len(result[2]) > 10


def test_a_broken_alarm_is_left_out_both_ways():
    data = encode(calendar(PLAIN_EVENTS["utc"], OTHER_EVENTS["bad alarm"]))
    kind, rows, said = assert_same(data)
    assert kind == "rows" and len(rows) == 2
    assert len(said) == 1 and "alarms" in said[0]


def test_series_and_their_members_whatever_order():
    master = plain("series", "RRULE:FREQ=WEEKLY;COUNT=5", "SUMMARY:Series", start="DTSTART:20260105T140000Z")
    moved = plain("series", "RECURRENCE-ID:20260112T140000Z", "SUMMARY:Moved", start="DTSTART:20260113T150000Z")
    twice = [plain("twice", "SUMMARY:First copy"), plain("twice", "SUMMARY:Second copy",
                                                          start="DTSTART:20260204T150000Z")]
    others = [plain(f"single-{i}", f"SUMMARY:Single {i}", start=f"DTSTART:202602{10 + i}T090000Z") for i in range(4)]
    no_uid = [vevent("DTSTART:20260203T150000Z", "SUMMARY:No UID")] * 2
    data = encode(calendar(others[0], moved, others[1], twice[0], *no_uid, master, others[2], twice[1], others[3]))
    assert plain_count(data) == 4
    rows = rows_of(data)
    uids = [r[0][1] for r in rows]
    assert [u for u in uids if u.startswith("single")] == [f"single-{i}" for i in range(4)]
    assert uids.count("series") == 5 and "twice" in uids


def test_a_uid_written_two_ways_is_one_series():
    data = encode(calendar(plain("same", "SUMMARY:A"), plain("same;X=1:never", "SUMMARY:B").replace(
        "UID:same;X=1:never", "UID;X-P=1:same")))
    rows = rows_of(data)
    assert {r[0][0] for r in rows} == {"same#2026-02-03T10:00:00-05:00"}


CALENDAR_CASES = {
    "x-wr-timezone": calendar(plain("wr", start="DTSTART:20260203T150000"), plain("wr2"),
                              header="X-WR-TIMEZONE:Europe/Berlin"),
    "x-wr-timezone spaced": calendar(plain("wr"), header="X-WR-TIMEZONE ;VALUE=TEXT:Europe/Berlin"),
    "calscale": calendar(plain("cs"), header="CALSCALE:GREGORIAN"),
    "two calendars": calendar(plain("one"), plain("custom-ref", start="DTSTART;TZID=Later Zone:20260204T090000"))
                     + calendar(CUSTOM_ZONE.replace("Custom Zone", "Later Zone"), plain("two"),
                                plain("one", "SUMMARY:same uid, other calendar"), header="X-WR-TIMEZONE:Asia/Tokyo"),
    "zone after events": calendar(plain("early", start="DTSTART;TZID=Custom Zone:20260204T090000"), plain("p"),
                                  CUSTOM_ZONE),
    "todo": calendar(plain("with-todo"), "BEGIN:VTODO\nUID:t\nSUMMARY:todo\nEND:VTODO"),
    "event in a todo": calendar(plain("x"), "BEGIN:VTODO\nUID:t\n" + plain("inner") + "\nEND:VTODO"),
    "nested event": calendar(plain("outer", plain("inner"))),
    "journal": calendar("BEGIN:VJOURNAL\nUID:j\nEND:VJOURNAL", plain("after-journal")),
    "bom": "\ufeff" + calendar(plain("bom")),
    "text before": "hello\n" + calendar(plain("before")),
    "comment after": calendar(plain("after")) + "X-COMMENT:bye\n",
    "garbage after": calendar(plain("after")) + "garbage\n",
    "no calendar": "BEGIN:VEVENT\nUID:x\nDTSTART:20260203T150000Z\nEND:VEVENT\n",
    "empty": "",
    "only blank lines": "\n\n\n",
    "unterminated calendar": calendar(plain("open")).replace("END:VCALENDAR\n", ""),
    "unterminated event": calendar(plain("open").replace("END:VEVENT", "")),
    "mismatched end": calendar(plain("mismatch").replace("END:VEVENT", "END:VTODO")),
    "lower-case begin": calendar(plain("lower").replace("BEGIN:VEVENT", "begin:vevent").replace("END:VEVENT",
                                                                                                 "end:vevent")),
    "begin with space": calendar(plain("space").replace("BEGIN:VEVENT", "BEGIN:VEVENT ")),
    "begin with params": calendar(plain("params").replace("BEGIN:VEVENT", "BEGIN;X=1:VEVENT")),
    "spaced begin": calendar(plain("spaced").replace("BEGIN:VEVENT", "BEG IN:VEVENT")),
    "blank line fold": calendar(plain("fold", "SUMMARY:first\n\n second")),
    "folded name": calendar(plain("fold2", "SUMM\n ARY:folded name", "ATTENDEE;CN=\"Folded,\n\t Name\":mai\n lto:F@x.org")),
    "lone cr": calendar(plain("cr", "SUMMARY:one\rtwo", "ATTENDEE;CN=a:mailto:cr\r@x.org")),
    "empty calendar": calendar(),
    "only zones": calendar(NY_ZONE),
    "bad header": calendar(plain("h"), header="VERSION;=:2.0"),
    "bad zone": calendar("BEGIN:VTIMEZONE\nTZID:Bad\nBEGIN:STANDARD\nDTSTART:garbage\nTZOFFSETFROM:+0100\n"
                         "TZOFFSETTO:+0100\nEND:STANDARD\nEND:VTIMEZONE", plain("z")),
}


@pytest.mark.parametrize("newline", ["\r\n", "\n"])
@pytest.mark.parametrize("name", sorted(CALENDAR_CASES))
def test_calendar_layouts(name, newline):
    assert_same(encode(CALENDAR_CASES[name], newline))


def test_other_encodings():
    latin = encode(calendar(plain("latin", "SUMMARY:Réunion"))).replace("é".encode(), "é".encode("latin-1"))
    assert plain_count(latin) == 0
    assert_same(latin)
    utf16 = calendar(plain("utf16")).encode("utf-16")
    assert_same(utf16)


def test_many_occurrences_warn_alike():
    data = encode(calendar(plain("minutely", "RRULE:FREQ=MINUTELY;INTERVAL=60", start="DTSTART:20260201T000000Z"),
                           plain("p")))
    result = assert_same(data)
    assert any("repeats more than" in w for w in result[2])


def test_a_worker_part_is_read_as_its_calendar():
    """parse_calendar_part (the worker's task) reads each part with the reader above, the span starting at the
    whole calendar's first day."""
    events = [v for k, v in sorted(OTHER_EVENTS.items()) if "alarm" not in k and k not in ("year one", "far future")]
    events += list(PLAIN_EVENTS.values())   # (a time out of range fails the file: a part fails alone)
    data = encode(calendar(NY_ZONE, CUSTOM_ZONE, *events))
    parts = split_calendars(data, 1)
    assert parts is not None and len(parts) > 30
    settings = ParseSettings(NY, expansion_horizon(TODAY, TODAY))
    rows, warnings = [], []
    for text, floor in parts:
        part_rows, said = parse_calendar_part((str(PATH), text, floor, NY.key, settings.horizon))
        expected = outcome(slow(text, floor), NY)
        assert ("rows", part_rows, said) == expected
        rows += part_rows
        warnings += said
    whole = outcome(slow(data), NY)
    assert sorted(rows) == sorted(whole[1]) and sorted(warnings) == sorted(whole[2])


# -- calendars written by the icalendar library ------------------------------------------------------

def person(rng: random.Random, n: int) -> vCalAddress:
    names = ["Jane Doe", "Doe, Jane", "Bob", "Łukasz Żółw", "O'Brien; Pat", 'Al "the" Boss', "Ann:Lee", ""]
    address = vCalAddress(rng.choice(["mailto:", "MAILTO:", "", "mailto:"]) + f"p{n}@Example.org")
    name = rng.choice(names)
    if name:
        address.params["CN"] = name
    if rng.random() < 0.3:
        address.params["PARTSTAT"] = rng.choice(["DECLINED", "ACCEPTED", "declined", "TENTATIVE"])
    if rng.random() < 0.1:
        address.params["CUTYPE"] = rng.choice(["ROOM", "RESOURCE", "INDIVIDUAL"])
    if rng.random() < 0.2:
        address.params["ROLE"] = "REQ-PARTICIPANT"
    return address


def random_time(rng: random.Random, base: datetime):
    kind = rng.choice(["utc", "zoned", "zoned", "floating", "date", "berlin", "fixed"])
    moment = base + timedelta(days=rng.randint(-400, 400), minutes=15 * rng.randint(0, 95))
    if kind == "utc":
        return moment.replace(tzinfo=timezone.utc)
    if kind == "zoned":
        return moment.replace(tzinfo=NY)
    if kind == "berlin":
        return moment.replace(tzinfo=ZoneInfo("Europe/Berlin"))
    if kind == "fixed":
        return moment.replace(tzinfo=timezone(timedelta(hours=5, minutes=30)))
    if kind == "date":
        return moment.date()
    return moment


def random_event(rng: random.Random, n: int, uids: list[str]) -> Event:
    ev = Event()
    if rng.random() < 0.95:
        uid = rng.choice(uids) if uids and rng.random() < 0.05 else f"ev-{n}@example.org"
        ev.add("uid", uid)
        uids.append(uid)
    texts = ["Budget, Q3; final", "Line one\nline two", "Back\\slash", "Réunion — café", "  padded  ", "",
             "A very long summary that will certainly be folded by the icalendar library when it is written out",
             "Colon: here", "Quote \" mark"]
    if rng.random() < 0.95:
        ev.add("summary", rng.choice(texts))
    start = random_time(rng, datetime(2025, 6, 1, 9))
    if rng.random() < 0.97:
        ev.add("dtstart", start)
    choice = rng.random()
    if choice < 0.5:
        if isinstance(start, datetime):
            ev.add("dtend", start + timedelta(minutes=rng.choice([30, 60, 90, 0, -30])))
        else:
            ev.add("dtend", start + timedelta(days=rng.choice([1, 2, 3])))
    elif choice < 0.75:
        ev.add("duration", timedelta(hours=rng.choice([1, 2])) if isinstance(start, datetime)
               else timedelta(days=rng.choice([1, 7])))
    if rng.random() < 0.6:
        ev.add("location", rng.choice(["Room 4, Boston", "Street 1\nTown\nCountry", "Zoom", "Café; upstairs", " "]))
    if rng.random() < 0.7:
        ev.add("organizer", person(rng, rng.randint(0, 30)))
    for _ in range(rng.choice([0, 0, 1, 2, 3, 5])):
        ev.add("attendee", person(rng, rng.randint(0, 30)))
    if rng.random() < 0.3:
        ev.add("status", rng.choice(["CONFIRMED", "CANCELLED", "TENTATIVE"]))
    if rng.random() < 0.15:
        ev.add("rrule", {"freq": rng.choice(["daily", "weekly", "monthly"]), "count": rng.randint(1, 6)})
    if rng.random() < 0.05 and isinstance(start, datetime):
        ev.add("exdate", start + timedelta(days=1))
    if rng.random() < 0.2:
        ev.add("description", rng.choice(texts))
    if rng.random() < 0.1:
        ev.add("categories", ["Work", "Personal, urgent"])
    if rng.random() < 0.1:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("trigger", timedelta(minutes=-rng.choice([5, 15, 60])))
        alarm.add("description", "Reminder")
        ev.add_component(alarm)
    if rng.random() < 0.05:
        ev.add("x-custom-thing", "value; with, things")
    return ev


@pytest.mark.parametrize("seed", range(12))
def test_calendars_written_by_icalendar(seed):
    rng = random.Random(seed)
    cal = Calendar()
    cal.add("prodid", "-//QueryWeaver tests//EN")
    cal.add("version", "2.0")
    uids: list[str] = []
    for n in range(60):
        cal.add_component(random_event(rng, n, uids))
    if seed % 2:
        cal.add_missing_timezones()
    data = cal.to_ical()
    assert plain_count(data) > 20
    for tz in (NY, ZONES[seed % len(ZONES)]):
        assert_same(data, tz)
        assert_same(data.replace(b"\r\n", b"\n"), tz)


# -- mutations ------------------------------------------------------------------------------------------

INSERTS = [";", ":", '"', "\\", " ", ",", "=", "^", "%", "\t", "Z", "T", "0", "\r", "\n", "\n ", "a", "é", "\\n"]


@pytest.mark.parametrize("seed", range(6))
def test_randomly_damaged_calendars(seed):
    """Single-character damage anywhere in a calendar of plain events: both ways read it the same."""
    rng = random.Random(seed)
    base = calendar(NY_ZONE, *[PLAIN_EVENTS[k] for k in sorted(PLAIN_EVENTS)])
    for _ in range(120):
        at = rng.randrange(len(base))
        action = rng.random()
        if action < 0.6:
            text = base[:at] + rng.choice(INSERTS) + base[at:]
        elif action < 0.9:
            text = base[:at] + base[at + 1:]
        else:
            end = base.find("\n", at)
            text = base[:at] + base[at:end].swapcase() + base[end:]
        assert_same(encode(text, rng.choice(["\r\n", "\n"])), ZONES[seed % len(ZONES)])


# -- the generated corpus -------------------------------------------------------------------------------

def test_the_generated_corpus(tmp_path):
    from tests.corpus import generate_corpus

    generate_corpus(tmp_path / "corpus", emails=5, events=500, files=5, seed=3, today=TODAY)
    data = (tmp_path / "corpus" / "calendar.ics").read_bytes()
    assert plain_count(data) > 300
    assert_same(data)
    assert_same(data, ZoneInfo("Europe/Berlin"))


BENCH_CALENDAR = Path("/work/bench/qw25k/corpus/calendar.ics")


@pytest.mark.skipif(not BENCH_CALENDAR.exists(), reason="the 2k-event benchmark corpus is not on this machine")
def test_the_benchmark_calendar():
    data = BENCH_CALENDAR.read_bytes()
    assert plain_count(data) > 1500
    assert len(rows_of(data)) > 5000


def test_content_lines_are_icalendars():
    from icalendar.parser.content_line import Contentlines

    from connectors.ics import content_lines

    rng = random.Random(1)
    mixed = ["a", "B", " ", "\t", "\r", "\n", "\r\n", "\r\n ", "\n\t", ":", "é"]
    crlf = ["a", " ", "\t", "\r\n", "\r\n ", "\r\n\t", ":"]
    lf = ["a", " ", "\t", "\n", "\n ", "\n\t", ":"]
    for _ in range(9000):
        alphabet = rng.choice([mixed, crlf, lf])
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, rng.choice([6, 14, 40]))))
        assert content_lines(text) == [str(line) for line in Contentlines.from_ical(text) if line], repr(text)


def test_a_file_is_cut_as_text_as_from_its_lines():
    """split_calendars cuts a file of one kind of line break as text: the parts are those cut from its content
    lines (compared line by line: the text keeps the file's line breaks)."""
    from connectors.ics import _split_layout, _split_text, content_lines

    texts = [calendar(NY_ZONE, *PLAIN_EVENTS.values()), calendar(CUSTOM_ZONE, *OTHER_EVENTS.values()),
             *CALENDAR_CASES.values(), calendar(plain("a", "SUMMARY:folded\n  twice\n\tover")) * 3]
    rng = random.Random(2)
    cal = Calendar()
    for n in range(80):
        cal.add_component(random_event(rng, n, []))
    texts.append(cal.to_ical().decode().replace("\r\n", "\n"))
    for text in texts:
        for newline in ("\r\n", "\n"):
            data = text.replace("\n", newline)
            if "\n\n" in data or "\n\r\n" in data or "\r" in data.replace("\r\n", ""):
                continue
            for size in (1, 300, 1 << 20) if newline == "\r\n" else (1, 1 << 20):   # (LF: other sizes per part)
                by_text = _split_text(data.encode(), newline.encode(), size)
                by_lines = _split_layout(data, size)
                assert (by_text is None) == (by_lines is None), text
                if by_text is not None:
                    assert [(content_lines(t.decode()), f) for t, f in by_text] == \
                        [(content_lines(t), f) for t, f in by_lines]
