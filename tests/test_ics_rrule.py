"""Simple recurring series read and expanded by connectors.ics itself (``_simple_rule``, ``_series_occurrences``)
against the icalendar + recurring-ical-events path they stand in for (``calendar_rows`` over ``parse_calendars``):
every row (uid#start keys, times, ends, titles, places, attendees, order) and every warning must be the same.
Series written at random by the icalendar library, simple ones and others that must be left to icalendar, and
the generated corpus's calendar."""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar, Event, vCalAddress
from test_ics_fast import TODAY, outcome  # the two ways of reading compared as there, on the same day

from connectors.ics import MAX_OCCURRENCES, _PlainEvent, _plan_file, file_rows, whole_file_rows

PATH = Path("/calendars/series.ics")
UTC = ZoneInfo("UTC")
# zones with DST both ways round, one without, and one whose DST moves by half an hour
ZONES = [ZoneInfo(name) for name in ("Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata",
                                     "Australia/Lord_Howe")]
READERS = [ZoneInfo("America/New_York"), ZoneInfo("Europe/Berlin"), UTC]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
# days near DST changes, month ends, 29 February, and others
DAY_POOL = [date(2026, 3, 8), date(2026, 3, 29), date(2026, 10, 25), date(2026, 11, 1), date(2025, 10, 5),
            date(2026, 4, 5), date(2025, 12, 31), date(2026, 2, 28), date(2024, 2, 29), date(2027, 3, 14),
            date(2025, 1, 31), date(2025, 8, 31), date(2024, 2, 29)]
HOURS = [time(0, 0), time(1, 30), time(2, 30), time(9, 0), time(12, 15), time(23, 45), time(2, 0)]


def assert_same(data: bytes, tz: ZoneInfo, floor: date | None = None) -> tuple:
    """The fast reader's outcome, which must be the icalendar path's (the fallback for every event)."""
    expected = outcome(lambda s, w: whole_file_rows(data, PATH, w, s, floor), tz)
    got = outcome(lambda s, w: file_rows(data, PATH, w, s, floor), tz)
    assert got[0] == expected[0] == "rows", (got[:1], expected[:1])
    for at, (mine, theirs) in enumerate(zip(got[1], expected[1])):
        assert mine == theirs, f"row {at} differs"
    assert len(got[1]) == len(expected[1])
    assert got[2] == expected[2]
    return got


def series_read_here(data: bytes) -> set[str]:
    """UIDs of the series the fast reader expands itself."""
    plan = _plan_file(data, PATH)
    assert plan is not None
    return {e[1] for _, _, entries in plan for e in entries if isinstance(e[2], _PlainEvent) and e[2].rule}


# -- random series ----------------------------------------------------------------------------------

def random_moment(rng: random.Random, kind: str, zone: ZoneInfo | None) -> date:
    day = rng.choice(DAY_POOL) + timedelta(days=rng.choice([0, 0, 0, -1, 1, rng.randrange(-60, 60)]))
    if kind == "date":
        return day
    moment = datetime.combine(day, rng.choice(HOURS))
    if kind == "floating":
        return moment
    return moment.replace(tzinfo=UTC if kind == "utc" else zone)


def random_series(rng: random.Random, uid: str) -> tuple[Event, bool]:
    """A VEVENT with an RRULE, and whether it is of the simple kind the fast reader expands itself."""
    simple = True
    kind = rng.choice(["date", "floating", "utc", "zoned", "zoned", "zoned"])
    zone = rng.choice(ZONES)
    start = random_moment(rng, kind, zone)
    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", datetime(2026, 1, 1, tzinfo=UTC))
    event.add("dtstart", start)
    roll = rng.random()
    if roll < 0.4:   # DTEND of the same kind, sometimes in another zone, sometimes equal to the start
        length = timedelta(days=rng.choice([1, 1, 2, 7])) if kind == "date" else timedelta(
            minutes=rng.choice([0, 30, 60, 90, 600, 1500]))
        end = start + length
        if kind in ("utc", "zoned") and rng.random() < 0.3:
            end = end.astimezone(rng.choice([UTC, *ZONES]))
        event.add("dtend", end)
    elif roll < 0.7:
        length = timedelta(weeks=rng.choice([0, 1]), days=rng.choice([0, 1, 3])) if kind == "date" else timedelta(
            hours=rng.choice([0, 1, 2, 25]), minutes=rng.choice([0, 45]))
        event.add("duration", length)
    elif roll < 0.75:   # an end before the start: recurring-ical-events swaps them
        event.add("dtend", start - (timedelta(days=1) if kind == "date" else timedelta(hours=1)))
        simple = False
    elif roll < 0.78:   # a date start with a time end
        if kind == "date":
            event.add("dtend", datetime.combine(start, time(10)))
        else:
            event.add("dtend", start.date() + timedelta(days=1))
        simple = False
    rule: dict = {}
    freq = rng.choice(["DAILY", "WEEKLY", "WEEKLY", "WEEKLY", "MONTHLY", "YEARLY"])
    rule["freq"] = freq
    if rng.random() < 0.4:
        rule["interval"] = rng.choice([1, 2, 3, 5])
    ending = rng.random()
    if ending < 0.45:
        rule["count"] = rng.choice([1, 2, 3, 5, 8, 13, 40])
    elif ending < 0.85:
        until = start + timedelta(days=rng.choice([0, 1, 6, 7, 13, 14, 30, 60, 200]))
        if isinstance(until, datetime):
            until += timedelta(minutes=rng.choice([0, 0, -1, 1, -60, 60, 120]))
        form = rng.choice(["same", "date", "utc", "floating"])
        if form == "date":
            until = until if not isinstance(until, datetime) else until.date()
        elif form == "utc":
            until = datetime.combine(until, time()) if not isinstance(until, datetime) else until
            until = (until.astimezone(UTC) if until.tzinfo else until.replace(tzinfo=UTC))
        elif form == "floating":
            until = datetime.combine(until, time(rng.choice([0, 9, 23]))) if not isinstance(
                until, datetime) else until.replace(tzinfo=None)
        rule["until"] = until
    if freq == "WEEKLY" and rng.random() < 0.6:
        rule["byday"] = rng.sample(DAYS, rng.choice([1, 2, 3, 5]))
    if rng.random() < 0.15:
        rule["wkst"] = rng.choice(DAYS)
    if rng.random() < 0.05:   # BYDAY in another rule than a weekly one: left to dateutil
        rule["byday"] = rng.sample(DAYS, 3)
        simple = simple and freq == "WEEKLY"
    if rng.random() < 0.05:
        rule["bymonth"] = [rng.randrange(1, 13)]
        simple = False
    if rng.random() < 0.03:
        rule["bysetpos"] = [1]
        rule.setdefault("byday", ["MO", "TU"])
        simple = False
    event.add("rrule", rule)
    if rng.random() < 0.5:   # EXDATEs: some occurrences, in the start's form or another one
        interval = rule.get("interval", 1) * (7 if freq == "WEEKLY" else 1)
        for _ in range(rng.choice([1, 1, 2, 3])):
            ex = start + timedelta(days=interval * rng.randrange(0, 6))
            form = rng.choice(["same", "same", "utc", "date", "floating", "other zone", "shifted"])
            if form == "utc" and isinstance(ex, datetime):
                ex = ex.astimezone(UTC) if ex.tzinfo else ex.replace(tzinfo=UTC)
            elif form == "date" and isinstance(ex, datetime):
                ex = ex.date()
            elif form == "floating" and isinstance(ex, datetime):
                ex = ex.replace(tzinfo=None)
            elif form == "other zone" and isinstance(ex, datetime):
                ex = (ex if ex.tzinfo else ex.replace(tzinfo=UTC)).astimezone(rng.choice(ZONES))
            elif form == "shifted":
                ex += timedelta(hours=1) if isinstance(ex, datetime) else timedelta(days=1)
            if kind == "date" and isinstance(ex, datetime):
                simple = False
            if kind == "floating" and isinstance(ex, datetime) and ex.tzinfo is not None:
                simple = False
            event.add("exdate", ex)
    if rng.random() < 0.04:
        event.add("rdate", start + timedelta(days=3))
        simple = False
    if isinstance(start, datetime) and "dtend" in event and isinstance(event["dtend"].dt, datetime) and (
            (start.tzinfo is None) != (event["dtend"].dt.tzinfo is None)):
        simple = False
    add_details(rng, event)
    return event, simple


def add_details(rng: random.Random, event: Event) -> None:
    event.add("summary", rng.choice(["Weekly sync", "Standup, daily; team \\ A", "  Spaced   title ", "Réunion",
                                     "Line\nbreak", ""]))
    if rng.random() < 0.6:
        event.add("location", rng.choice(["Room 4", "Main St 1\nBoston\nUSA", "Zürich, HB"]))
    if rng.random() < 0.15:
        event.add("status", rng.choice(["CANCELLED", "cancelled", "TENTATIVE"]))
    else:
        event.add("status", "CONFIRMED")
    if rng.random() < 0.7:
        organizer = vCalAddress(f"mailto:boss{rng.randrange(3)}@example.org")
        organizer.params["CN"] = rng.choice(["Boss", "Big Boss"])
        event.add("organizer", organizer, encode=False)
    for index in range(rng.choice([0, 1, 2, 4])):
        attendee = vCalAddress(f"mailto:person{rng.randrange(6)}@example.org")
        attendee.params["CN"] = f"Person {index}"
        attendee.params["PARTSTAT"] = rng.choice(["ACCEPTED", "DECLINED", "TENTATIVE"])
        if rng.random() < 0.1:
            attendee.params["CUTYPE"] = "ROOM"
        event.add("attendee", attendee, encode=False)
    if rng.random() < 0.2:
        event.add("description", "Agenda: things")
        event.add("sequence", rng.randrange(3))


def random_calendar(rng: random.Random, events: int) -> tuple[bytes, set[str]]:
    """A calendar of random series (and a few single events), and the UIDs of its simple series."""
    cal = Calendar()
    cal.add("prodid", "-//QueryWeaver tests//EN")
    cal.add("version", "2.0")
    simple_uids = set()
    for index in range(events):
        uid = f"series-{index}@example.org"
        if rng.random() < 0.1:   # a single event
            single = Event()
            single.add("uid", uid)
            single.add("dtstart", random_moment(rng, "zoned", rng.choice(ZONES)))
            add_details(rng, single)
            cal.add_component(single)
            continue
        event, simple = random_series(rng, uid)
        cal.add_component(event)
        if rng.random() < 0.05 and isinstance(event["DTSTART"].dt, datetime):   # a moved occurrence
            moved = Event()
            moved.add("uid", uid)
            moved.add("recurrence-id", event["DTSTART"].dt)
            moved.add("dtstart", event["DTSTART"].dt + timedelta(hours=2))
            add_details(rng, moved)
            cal.add_component(moved)
            simple = False
        if simple:
            simple_uids.add(uid)
    if rng.random() < 0.5:
        cal.add_missing_timezones()
    return cal.to_ical(), simple_uids


@pytest.mark.parametrize("seed", range(16))
def test_random_series_are_expanded_as_recurring_ical_events_does(seed):
    rng = random.Random(seed)
    data, simple_uids = random_calendar(rng, 30)
    assert series_read_here(data) == simple_uids
    result = assert_same(data, READERS[seed % len(READERS)])
    assert len(result[1]) > 30


def test_a_part_of_a_file_expands_from_the_whole_files_first_day():
    data, simple_uids = random_calendar(random.Random(99), 20)
    assert simple_uids
    for floor in (date(2020, 1, 1), date(2026, 3, 1)):
        assert_same(data, READERS[0], floor)


# -- by hand: the edges -----------------------------------------------------------------------------

def vevent(*lines: str, uid: str = "s1", start: str = "DTSTART;TZID=Europe/Berlin:20260302T090000") -> str:
    return "\r\n".join(["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260101T000000Z", start, "SUMMARY:Edge",
                        *lines, "END:VEVENT"])


def calendar(*events: str, header: str = "") -> bytes:
    return "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", *([header] if header else []),
                        *events, "END:VCALENDAR", ""]).encode()


SIMPLE = {
    # UNTIL exactly at an occurrence (inclusive), a minute before it, as a date, in UTC, floating
    "until at occurrence": vevent("RRULE:FREQ=WEEKLY;UNTIL=20260323T080000Z"),
    "until a minute early": vevent("RRULE:FREQ=WEEKLY;UNTIL=20260323T075900Z"),
    "until date": vevent("RRULE:FREQ=DAILY;UNTIL=20260305"),
    "until floating": vevent("RRULE:FREQ=DAILY;UNTIL=20260305T090000"),
    "until before start": vevent("RRULE:FREQ=DAILY;UNTIL=20260301T000000Z"),
    "until over dst": vevent("RRULE:FREQ=DAILY;UNTIL=20260330T070000Z",
                             start="DTSTART;TZID=Europe/Berlin:20260327T090000"),
    "all-day until utc": vevent("RRULE:FREQ=DAILY;UNTIL=20260305T000000Z", start="DTSTART;VALUE=DATE:20260302"),
    "all-day until floating": vevent("RRULE:FREQ=DAILY;UNTIL=20260304T120000",
                                     start="DTSTART;VALUE=DATE:20260302"),
    "floating until utc": vevent("RRULE:FREQ=DAILY;UNTIL=20260304T090000Z", start="DTSTART:20260302T090000"),
    "floating until date": vevent("RRULE:FREQ=DAILY;UNTIL=20260304", start="DTSTART:20260302T090000"),
    # DTSTART not one of BYDAY's days: an occurrence anyway, not counted by COUNT
    "start off the rule": vevent("RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=TU,TH"),
    "wkst with interval": vevent("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO,SA;WKST=SU;COUNT=9",
                                 start="DTSTART;TZID=America/New_York:20260307T233000"),
    "dst gap wall time": vevent("RRULE:FREQ=DAILY;COUNT=4", start="DTSTART;TZID=America/New_York:20260306T023000"),
    "dst fold wall time": vevent("RRULE:FREQ=DAILY;COUNT=4",
                                 start="DTSTART;TZID=America/New_York:20261030T013000"),
    "duration over dst": vevent("RRULE:FREQ=DAILY;COUNT=4", "DURATION:PT26H",
                                start="DTSTART;TZID=Europe/Berlin:20260327T090000"),
    "end in another zone": vevent("RRULE:FREQ=DAILY;COUNT=4", "DTEND:20260327T100000Z",
                                  start="DTSTART;TZID=Europe/Berlin:20260327T090000"),
    "exdates of every form": vevent("RRULE:FREQ=DAILY;COUNT=9", "EXDATE;TZID=Europe/Berlin:20260303T090000",
                                    "EXDATE:20260304T080000Z,20260305T090000Z", "EXDATE;VALUE=DATE:20260306",
                                    "EXDATE:20260307T090000", "EXDATE;TZID=Asia/Tokyo:20260308T090000"),
    "exdate of the start": vevent("RRULE:FREQ=DAILY;COUNT=3", "EXDATE;TZID=Europe/Berlin:20260302T090000"),
    "cancelled": vevent("RRULE:FREQ=DAILY;COUNT=3", "STATUS:CANCELLED"),
    "zero length": vevent("RRULE:FREQ=DAILY;COUNT=3", "DURATION:PT0S"),
    "all day": vevent("RRULE:FREQ=WEEKLY;BYDAY=MO,FR;COUNT=6", "DTEND;VALUE=DATE:20260304",
                      "EXDATE;VALUE=DATE:20260306", start="DTSTART;VALUE=DATE:20260302"),
    "endless": vevent("RRULE:FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE"),
    # a start at the horizon (2028-03-01 00:00) is past it
    "at the horizon": vevent("RRULE:FREQ=DAILY;COUNT=9", start="DTSTART;TZID=Europe/Berlin:20280226T000000"),
    "all-day at the horizon": vevent("RRULE:FREQ=DAILY", start="DTSTART;VALUE=DATE:20280226"),
    "count one": vevent("RRULE:FREQ=DAILY;COUNT=1", "LOCATION;LANGUAGE=en:Other"),
    # months without DTSTART's day are skipped and not counted; 29 February only in leap years
    "monthly on the 31st": vevent("RRULE:FREQ=MONTHLY;COUNT=7", start="DTSTART;TZID=Europe/Berlin:20260131T090000"),
    "monthly every other": vevent("RRULE:FREQ=MONTHLY;INTERVAL=2;UNTIL=20270101", start="DTSTART:20260330T023000"),
    "yearly on 29 February": vevent("RRULE:FREQ=YEARLY", start="DTSTART;VALUE=DATE:20160229"),
    "yearly every third": vevent("RRULE:FREQ=YEARLY;INTERVAL=3;COUNT=4;WKST=SU",
                                 start="DTSTART;TZID=America/New_York:20200308T023000"),
}

NOT_SIMPLE = {
    "monthly byday": vevent("RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=3"),
    "monthly bymonthday": vevent("RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3"),
    "yearly bymonth": vevent("RRULE:FREQ=YEARLY;BYMONTH=3,9;COUNT=3"),
    "hourly": vevent("RRULE:FREQ=HOURLY;COUNT=3"),
    "daily byday": vevent("RRULE:FREQ=DAILY;BYDAY=MO,TU;COUNT=3"),
    "count and until": vevent("RRULE:FREQ=DAILY;COUNT=3;UNTIL=20260310T000000Z"),
    "lower-case rule": vevent("RRULE:freq=daily;count=3"),
    "numbered byday": vevent("RRULE:FREQ=WEEKLY;BYDAY=1MO;COUNT=3"),
    "zero interval": vevent("RRULE:FREQ=DAILY;INTERVAL=0;COUNT=3"),
    "negative count": vevent("RRULE:FREQ=DAILY;COUNT=-3"),
    "rule with a parameter": vevent("RRULE;X-A=1:FREQ=DAILY;COUNT=3"),
    "two rules": vevent("RRULE:FREQ=DAILY;COUNT=3", "RRULE:FREQ=WEEKLY;COUNT=2"),
    "rdate": vevent("RRULE:FREQ=DAILY;COUNT=3", "RDATE:20260310T080000Z"),
    "trailing semicolon": vevent("RRULE:FREQ=DAILY;COUNT=3;"),
    "bad until": vevent("RRULE:FREQ=DAILY;UNTIL=20260230"),
    "exdate without value type": vevent("RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20260303"),
    "all-day with time exdate": vevent("RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20260303T000000",
                                       start="DTSTART;VALUE=DATE:20260302"),
    "floating with utc exdate": vevent("RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20260303T090000Z",
                                       start="DTSTART:20260302T090000"),
    "end before start": vevent("RRULE:FREQ=DAILY;COUNT=3", "DTEND;TZID=Europe/Berlin:20260302T080000"),
    "negative duration": vevent("RRULE:FREQ=DAILY;COUNT=3", "DURATION:-PT1H"),
    "zoned start floating end": vevent("RRULE:FREQ=DAILY;COUNT=3", "DTEND:20260302T100000"),
    "exdate without rule": vevent("EXDATE;TZID=Europe/Berlin:20260302T090000"),
    "huge interval": vevent("RRULE:FREQ=WEEKLY;INTERVAL=5000"),
}


@pytest.mark.parametrize("name", sorted(SIMPLE))
def test_a_simple_series_is_expanded_here_and_exactly(name):
    data = calendar(SIMPLE[name])
    assert series_read_here(data) == {"s1"}
    for tz in READERS:
        assert_same(data, tz)


@pytest.mark.parametrize("name", sorted(NOT_SIMPLE))
def test_a_series_that_is_not_simple_is_left_to_recurring_ical_events(name):
    data = calendar(NOT_SIMPLE[name])
    assert series_read_here(data) == set()
    assert_same(data, READERS[0])


def test_calscale_and_x_wr_timezone_leave_series_to_icalendar():
    rule = vevent("RRULE:FREQ=DAILY;COUNT=3")
    for header in ("CALSCALE:JULIAN", "X-WR-TIMEZONE:Asia/Tokyo", "CALSCALE:gregorian"):
        data = calendar(rule, header=header)
        assert series_read_here(data) == set()
        assert_same(data, READERS[0])
    data = calendar(rule, header="CALSCALE:GREGORIAN")
    assert series_read_here(data) == {"s1"}
    assert_same(data, READERS[0])


def test_an_endless_daily_series_stops_at_max_occurrences_with_the_same_warning():
    data = calendar(vevent("RRULE:FREQ=DAILY", start="DTSTART;TZID=Europe/Berlin:20100104T090000"))
    assert series_read_here(data) == {"s1"}
    result = assert_same(data, READERS[0])
    assert len(result[1]) == MAX_OCCURRENCES and len(result[2]) == 1


def test_the_corpus_calendar(tmp_path):
    from tests.corpus import generate_corpus

    generate_corpus(tmp_path, emails=60, events=400, files=10, seed=7, today=TODAY)
    data = (tmp_path / "calendar.ics").read_bytes()
    assert len(series_read_here(data)) > 40
    assert_same(data, ZoneInfo("America/New_York"))
