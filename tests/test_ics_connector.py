"""The ics connector on real .ics files: recurrences, time zones, attendees, places, broken input, refresh."""

from __future__ import annotations

import os
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar, Event, vCalAddress

from connectors.ics import IcsConnector
from queryweaver.config import SourceConfig
from queryweaver.connector import Context, Selection
from queryweaver.graph import FilterConstraint
from queryweaver.items import LEAN, SELF_KEY, DateRange, Item
from queryweaver.plugins import get_registry
from queryweaver.schema import EntityType

NY = ZoneInfo("America/New_York")
ME = "alex@example.org"
EVENT, PERSON, SELF, DATE, PLACE = (EntityType.EVENT, EntityType.PERSON, EntityType.SELF, EntityType.DATE,
                                    EntityType.PLACE)


# -- building calendars ----------------------------------------------------------------------------

def person(email: str, cn: str | None = None, partstat: str | None = None) -> vCalAddress:
    address = vCalAddress(f"mailto:{email}")
    if cn:
        address.params["CN"] = cn
    if partstat:
        address.params["PARTSTAT"] = partstat
    return address


def event(uid: str, summary: str, start: date | datetime, end: date | datetime | None = None, *,
          location: str | None = None, organizer: vCalAddress | None = None,
          attendees: tuple[vCalAddress, ...] = (), **props: object) -> Event:
    ev = Event()
    ev.add("uid", uid)
    ev.add("summary", summary)
    ev.add("dtstart", start)
    if end is not None:
        ev.add("dtend", end)
    if location:
        ev.add("location", location)
    if organizer is not None:
        ev.add("organizer", organizer)
    for who in attendees:
        ev.add("attendee", who)
    for name, value in props.items():
        ev.add(name.replace("_", "-"), value)
    return ev


def write_calendar(path: Path, *events: Event) -> Path:
    cal = Calendar()
    cal.add("prodid", "-//QueryWeaver tests//EN")
    cal.add("version", "2.0")
    for ev in events:
        cal.add_component(ev)
    path.write_bytes(cal.to_ical())
    return path


def weekly_standup() -> list[Event]:
    """Mondays 9:00 from Jan 5 2026, six times; Jan 12 skipped, Jan 19 moved to Tuesday Jan 20 at 14:00."""
    master = event("standup-1", "Team standup", datetime(2026, 1, 5, 9, tzinfo=NY), datetime(2026, 1, 5, 9, 30, tzinfo=NY),
                   organizer=person("lead@example.org", "Dana Lead"), attendees=(person(ME, "Alex Morgan"),),
                   rrule={"freq": "weekly", "count": 6}, exdate=datetime(2026, 1, 12, 9, tzinfo=NY))
    moved = event("standup-1", "Team standup (moved)", datetime(2026, 1, 20, 14, tzinfo=NY),
                  datetime(2026, 1, 20, 14, 30, tzinfo=NY), organizer=person("lead@example.org", "Dana Lead"),
                  attendees=(person(ME, "Alex Morgan"),), recurrence_id=datetime(2026, 1, 19, 9, tzinfo=NY))
    return [master, moved]


# -- fixtures --------------------------------------------------------------------------------------

@pytest.fixture
def warnings() -> list[str]:
    return []


@pytest.fixture
def context(tmp_path: Path, warnings: list[str]) -> Context:
    return Context(self_name="Alex Morgan", self_emails=frozenset({ME}), tz=NY, today=date(2026, 2, 15),
                   cache_dir=tmp_path / "cache", warn=warnings.append)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def connect(path: Path, context: Context) -> IcsConnector:
    return IcsConnector(SourceConfig("ics", {"path": str(path)}), context)


def all_of(type_: EntityType) -> Selection:
    return Selection(type_, None)


def given(type_: EntityType, *items: Item) -> Selection:
    return Selection(type_, {it.key: it for it in items})


def day(d: date) -> Item:
    rng = DateRange(d, d + timedelta(days=1))
    return Item(DATE, rng.key(), {"value": d.isoformat(), "range": rng})


def find_events(conn: IcsConnector, text: str, op: str = "contains") -> dict[str, Item]:
    return {it.key: it for it in conn.find(EVENT, [FilterConstraint(var="ev", field="name", op=op, value=text)])}


def snapshot(root: Path, skip: Path) -> dict[str, tuple[int, int]]:
    """Every file under root except the cache dir, with size and mtime: to prove nothing else is written."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if Path(dirpath, d) != skip]
        for name in filenames:
            st = os.stat(os.path.join(dirpath, name))
            out[os.path.join(dirpath, name)] = (st.st_size, st.st_mtime_ns)
    return out


# -- recurrences and dates ---------------------------------------------------------------------------

def test_weekly_series_skips_exdate_and_moves_the_modified_instance(data_dir, context):
    conn = connect(write_calendar(data_dir / "work.ics", *weekly_standup()), context)
    found = find_events(conn, "standup")
    starts = sorted(it.fields["start"] for it in found.values())
    assert starts == ["2026-01-05T09:00:00-05:00", "2026-01-20T14:00:00-05:00", "2026-01-26T09:00:00-05:00",
                      "2026-02-02T09:00:00-05:00", "2026-02-09T09:00:00-05:00"]
    moved = found["standup-1#2026-01-20T14:00:00-05:00"]
    assert moved.fields["name"] == "Team standup (moved)"
    assert moved.fields["uid"] == "standup-1"
    assert moved.fields["end"] == "2026-01-20T14:30:00-05:00"
    assert moved.fields["_ts"] == datetime(2026, 1, 20, 14, tzinfo=NY).timestamp()


def test_event_occurred_on_date_gives_the_start_day(data_dir, context):
    conn = connect(write_calendar(data_dir / "work.ics", *weekly_standup()), context)
    links = dict(conn.event_occurred_on_date(given(EVENT, Item(EVENT, "standup-1#2026-01-20T14:00:00-05:00"))))
    date_item = links["standup-1#2026-01-20T14:00:00-05:00"]
    assert date_item.key == "2026-01-20/2026-01-21"
    assert date_item.fields["range"] == DateRange(date(2026, 1, 20), date(2026, 1, 21))
    assert date_item.fields["value"] == "2026-01-20"


def test_date_range_finds_events_starting_in_it(data_dir, context):
    conn = connect(write_calendar(data_dir / "work.ics", *weekly_standup()), context)
    january = Item(DATE, "jan", {"range": DateRange(date(2026, 1, 1), date(2026, 2, 1))})
    since_feb = Item(DATE, "feb+", {"range": DateRange(date(2026, 2, 1), None)})
    links = list(conn.date_occurred_on_event(given(DATE, january, since_feb)))
    assert all(LEAN in ev.fields and "start" not in ev.fields for _key, ev in links)  # a busy month is cheap...
    conn.describe(EVENT, {ev.key: ev for _key, ev in links})  # ...and what is shown is described
    assert not any(LEAN in ev.fields for _key, ev in links)
    assert sorted(ev.fields["start"][:10] for key, ev in links if key == "jan") == [
        "2026-01-05", "2026-01-20", "2026-01-26"]
    assert sorted(ev.fields["start"][:10] for key, ev in links if key == "feb+") == ["2026-02-02", "2026-02-09"]


def test_all_day_event_starts_on_its_date(data_dir, context):
    conn = connect(write_calendar(data_dir / "home.ics", event("trip", "Ski trip", date(2026, 2, 6), date(2026, 2, 9))),
                   context)
    trip = find_events(conn, "Ski trip", "=")["trip"]
    assert trip.fields["start"] == "2026-02-06"
    assert trip.fields["end"] == "2026-02-09"
    assert [ev.key for _, ev in conn.date_occurred_on_event(given(DATE, day(date(2026, 2, 6))))] == ["trip"]
    assert list(conn.date_occurred_on_event(given(DATE, day(date(2026, 2, 7))))) == []  # starts, not spans


def test_times_are_read_in_the_configured_zone_near_midnight(data_dir, context):
    berlin = ZoneInfo("Europe/Berlin")
    write_calendar(data_dir / "tz.ics",
                   event("berlin", "Call with Berlin", datetime(2026, 2, 10, 2, 0, tzinfo=berlin)),  # NY: Feb 9 20:00
                   event("utc", "Late UTC sync", datetime(2026, 2, 10, 3, 30, tzinfo=timezone.utc)),  # NY: Feb 9 22:30
                   event("floating", "Floating dinner", datetime(2026, 2, 10, 23, 30)))  # read as NY: Feb 10
    conn = connect(data_dir / "tz.ics", context)
    on_9th = {ev.key for _, ev in conn.date_occurred_on_event(given(DATE, day(date(2026, 2, 9))))}
    on_10th = {ev.key for _, ev in conn.date_occurred_on_event(given(DATE, day(date(2026, 2, 10))))}
    assert on_9th == {"berlin", "utc"}
    assert on_10th == {"floating"}
    starts = {it.key: it.fields["start"] for it in conn.find(EVENT, [])}
    assert starts == {"berlin": "2026-02-09T20:00:00-05:00", "utc": "2026-02-09T22:30:00-05:00",
                      "floating": "2026-02-10T23:30:00-05:00"}


def test_tzid_with_its_own_vtimezone_block(data_dir, context):
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hand written//EN\r\n"
        "BEGIN:VTIMEZONE\r\nTZID:My Office Time\r\n"
        "BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\n"
        "TZNAME:JST\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        "BEGIN:VEVENT\r\nUID:tokyo\r\nSUMMARY:Tokyo review\r\n"
        "DTSTART;TZID=My Office Time:20260210T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    (data_dir / "tokyo.ics").write_text(text)
    conn = connect(data_dir / "tokyo.ics", context)
    [tokyo] = conn.find(EVENT, [])
    assert tokyo.fields["start"] == "2026-02-09T20:00:00-05:00"  # 10:00 +09:00


def test_open_ended_series_is_capped_with_a_warning(data_dir, context, warnings):
    write_calendar(data_dir / "daily.ics", event("daily", "Daily pills", datetime(2005, 1, 1, 8, tzinfo=NY),
                                                 rrule={"freq": "daily"}))
    conn = connect(data_dir / "daily.ics", context)
    report = conn.refresh_index()
    assert report.parsed == 5000
    assert len(warnings) == 1 and "'Daily pills'" in warnings[0] and "5000" in warnings[0]


def test_weekly_series_runs_two_years_past_today(data_dir, context):
    write_calendar(data_dir / "open.ics", event("gym", "Gym", datetime(2026, 1, 6, 7, tzinfo=NY),
                                               rrule={"freq": "weekly"}))
    conn = connect(data_dir / "open.ics", context)
    starts = sorted(it.fields["start"] for it in conn.find(EVENT, []))
    assert starts[0] == "2026-01-06T07:00:00-05:00"
    assert starts[-1] >= (max(context.today, date.today()) + timedelta(days=2 * 365 - 7)).isoformat()


def test_cancelled_instance_is_left_out(data_dir, context):
    master = event("book", "Book club", datetime(2026, 1, 7, 19, tzinfo=NY), rrule={"freq": "weekly", "count": 3})
    cancelled = event("book", "Book club", datetime(2026, 1, 14, 19, tzinfo=NY),
                      recurrence_id=datetime(2026, 1, 14, 19, tzinfo=NY), status="CANCELLED")
    conn = connect(write_calendar(data_dir / "club.ics", master, cancelled), context)
    assert sorted(it.fields["start"][:10] for it in conn.find(EVENT, [])) == ["2026-01-07", "2026-01-21"]


# -- attended ----------------------------------------------------------------------------------------

def planning_calendar(data_dir: Path) -> Path:
    return write_calendar(data_dir / "people.ics", *planning_calendar_events())


def planning_calendar_events() -> list[Event]:
    return [
        event("plan", "Budget planning", datetime(2026, 2, 3, 10, tzinfo=NY),
              organizer=person("dana@example.org", "Dana Lead"),
              attendees=(person("Bob@Example.com", "Bob Smith", "ACCEPTED"),
                         person("carol@example.com", "Carol Jones", "DECLINED"),
                         person(ME, "Alex Morgan", "ACCEPTED"))),
        event("skip", "Offsite", datetime(2026, 2, 4, 10, tzinfo=NY), organizer=person("dana@example.org", "Dana Lead"),
              attendees=(person(ME, "Alex Morgan", "DECLINED"), person("bob@example.com", "Robert Smith"))),
        event("dentist", "Dentist", datetime(2026, 2, 5, 8, tzinfo=NY)),
        event("solo-declined", "Lunch talk", datetime(2026, 2, 6, 12, tzinfo=NY),
              attendees=(person("carol@example.com", "Carol Jones", "DECLINED"),))]


def test_declined_attendees_are_excluded_and_the_organizer_counts(data_dir, context):
    conn = connect(planning_calendar(data_dir), context)
    people = {p.key: p for ev, p in conn.event_attended_person(given(EVENT, Item(EVENT, "plan")))}
    assert set(people) == {"dana@example.org", "bob@example.com"}  # not Carol (declined), not the user
    assert people["dana@example.org"].fields["name"] == "Dana Lead"
    carol = list(conn.person_attended_event(given(PERSON, Item(PERSON, "carol@example.com"))))
    assert carol == []


def test_person_attended_event_and_names_from_cn(data_dir, context):
    conn = connect(planning_calendar(data_dir), context)
    events = {ev.key for _, ev in conn.person_attended_event(given(PERSON, Item(PERSON, "bob@example.com")))}
    assert events == {"plan", "skip"}
    bob = {p.key: p for p in conn.find(PERSON, [FilterConstraint(var="p", field="name", op="=", value="Bob Smith")])}
    assert list(bob) == ["bob@example.com"]
    assert bob["bob@example.com"].fields == {"email": "bob@example.com", "name": "Bob Smith"}
    by_address = conn.find(PERSON, [FilterConstraint(var="p", field="email_address", op="=", value="DANA@example.org")])
    assert [p.key for p in by_address] == ["dana@example.org"]


def test_names_are_worked_out_once_per_calendar_state_and_again_after_a_change(data_dir, context):
    """A process naming a person reads the names an earlier one kept in the index, without grouping every attendee
    row; an edit that renames someone is seen after the refresh."""
    path = write_calendar(data_dir / "names.ics",
                          event("a", "Kickoff", datetime(2026, 2, 2, 9, tzinfo=NY), attendees=(
                              person("bob@example.com", "Bob Smith"), person(ME, "Alex")),
                                organizer=person(ME, "Alex")))
    assert connect(path, context).person_item("bob@example.com").fields["name"] == "Bob Smith"
    later = connect(path, context)  # another process, as it were
    statements: list[str] = []
    later.db.set_trace_callback(statements.append)
    assert later.person_item("bob@example.com").fields["name"] == "Bob Smith"
    later.db.set_trace_callback(None)
    assert not any("GROUP BY email, name" in s for s in statements), statements
    write_calendar(path, event("a", "Kickoff", datetime(2026, 2, 2, 9, tzinfo=NY), attendees=(
        person("bob@example.com", "Robert Smith"), person(ME, "Alex")), organizer=person(ME, "Alex")))
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))
    assert connect(path, context).person_item("bob@example.com").fields["name"] == "Robert Smith"


def test_self_attends_own_entries_and_accepted_invitations(data_dir, context):
    conn = connect(planning_calendar(data_dir), context)
    mine = {ev.key for key, ev in conn.self_attended_event(all_of(SELF))}
    assert mine == {"plan", "dentist"}  # 'skip': declined; 'solo-declined': lists someone, not the user
    every = Selection(EVENT, {k: Item(EVENT, k) for k in ("plan", "skip", "dentist", "solo-declined")})
    linked = list(conn.event_attended_self(every))
    assert {k for k, _ in linked} == {"plan", "dentist"}
    assert all(item.key == SELF_KEY for _, item in linked)


def test_self_is_not_a_person(data_dir, context):
    conn = connect(planning_calendar(data_dir), context)
    everyone = {p.key for p in conn.find(PERSON, [])}
    assert ME not in everyone
    assert ME not in {key for key, _ in conn.person_attended_event(all_of(PERSON))}


def test_asked_for_events_only_the_tools_reach_the_same_events(data_dir, context):
    """``Selection.links = False`` (the executor will ask for the links later): each event once, the same ones,
    the user and decliners still left out."""
    conn = connect(planning_calendar(data_dir), context)
    people = ("bob@example.com", "carol@example.com", "dana@example.org", ME)
    for selection in (all_of(PERSON), given(PERSON, *(Item(PERSON, p) for p in people))):
        links = list(conn.person_attended_event(selection))
        only = list(conn.person_attended_event(Selection(PERSON, selection.items, links=False)))
        assert sorted(ev.key for _k, ev in only) == sorted({ev.key for _k, ev in links}) and only
    assert list(conn.person_attended_event(Selection(PERSON, {"carol@example.com": Item(PERSON, "carol@example.com")},
                                                     links=False))) == []


def test_events_built_here_are_asked_for_their_people_by_attendee_group_with_the_same_links(data_dir, context):
    """Events a tool of this calendar built carry their attendee group; asking for their people through it gives
    the links asking by key gives: for those, for bare keys, for a mix, for a series sharing one group, and for
    items kept across a write to the index (their field no longer names its state: asked by key)."""
    series = [event(f"weekly-{n}", "Weekly sync", datetime(2026, 2, 2 + 7 * (n % 3), 9, tzinfo=NY) + timedelta(hours=n),
                    organizer=person("dana@example.org", "Dana Lead"),
                    attendees=(person("bob@example.com", "Bob Smith"), person(ME, "Alex Morgan"))) for n in range(6)]
    conn = connect(write_calendar(data_dir / "people.ics", *planning_calendar_events(), *series), context)
    built = {ev.key: ev for _k, ev in conn.date_occurred_on_event(
        given(DATE, Item(DATE, "feb", {"range": DateRange(date(2026, 2, 1), date(2026, 3, 1))})))}
    assert len(built) == 10 and all(any(f.startswith("_grp@") for f in ev.fields) for ev in built.values())

    def links(items: dict[str, Item]) -> set[tuple[str, str]]:
        return {(k, p.key) for k, p in conn.event_attended_person(Selection(EVENT, items))}

    bare = {k: Item(EVENT, k) for k in built}
    expected = links(bare)
    assert expected >= {("plan", "dana@example.org"), ("plan", "bob@example.com"), ("weekly-3", "bob@example.com")}
    assert not any(p == ME for _k, p in expected) and ("dentist", "bob@example.com") not in expected
    mixed = {k: built[k] if n % 2 else bare[k] for n, k in enumerate(built)}
    assert links(built) == expected and links(mixed) == expected
    conn.refresh_index()  # nothing changed: the same state, the same field
    assert links(built) == expected
    write_calendar(data_dir / "people.ics", *planning_calendar_events())  # the series is gone
    conn.refresh_index()
    assert links(built) == {(k, p) for k, p in expected if not k.startswith("weekly")}


# -- a large file parsed in worker processes -----------------------------------------------------------

def _index_rows(conn: IcsConnector) -> tuple[list[tuple], list[tuple]]:
    db = conn.index.conn
    return ([tuple(r) for r in db.execute("SELECT * FROM events ORDER BY rowid")],
            [tuple(r) for r in db.execute("SELECT * FROM attendees ORDER BY rowid")])


def _tricky_calendars(path: Path, tmp_path: Path) -> Path:
    """A generated calendar (time zones, recurring series, shared attendee lists), then a second VCALENDAR in
    the same file whose moved standup comes after other events, with an event lacking DTSTART, two without
    a UID and a DTSTART folded over two lines."""
    from tests.corpus import generate_corpus

    generate_corpus(tmp_path / "corpus", emails=5, events=150, files=5, seed=4, today=date(2026, 2, 15))
    master, moved = weekly_standup()
    no_start = event("nostart", "No start", date(2026, 3, 1))
    del no_start["DTSTART"]
    early_rdate = event("early", "Review", datetime(2026, 3, 10, 9, tzinfo=NY),  # an extra date before its start
                        rdate=datetime(2026, 1, 12, 9, tzinfo=NY))
    second = write_calendar(tmp_path / "second.ics", master, event("a", "Alpha", datetime(2026, 2, 3, 9, tzinfo=NY)),
                            no_start, event("", "Untitled", datetime(2026, 2, 4, 9, tzinfo=NY)),
                            event("", "Untitled", datetime(2026, 2, 4, 9, tzinfo=NY)), moved, early_rdate,
                            *planning_calendar_events())
    text = second.read_bytes().replace(b"DTSTART;TZID=America/New_York:20260203T090000",
                                       b"DTSTART;TZID=America/New_York:2026\r\n 0203T090000")
    assert b"2026\r\n 0203T090000" in text
    path.write_bytes((tmp_path / "corpus" / "calendar.ics").read_bytes() + text)
    return path


def test_a_calendar_parsed_in_worker_processes_is_indexed_exactly_as_in_one(data_dir, tmp_path):
    path = _tricky_calendars(data_dir / "big.ics", tmp_path)
    built = {}
    for workers in (0, 2):
        warnings: list[str] = []
        ctx = Context(self_name="Alex Morgan", self_emails=frozenset({ME}), tz=NY, today=date(2026, 2, 15),
                      cache_dir=tmp_path / f"cache-{workers}", warn=warnings.append, index_workers=workers)
        conn = connect(path, ctx)
        conn.task_bytes = 1  # a part per series
        assert conn.refresh_index().parsed > 150
        built[workers] = (_index_rows(conn), sorted(warnings))
        conn.close()
    assert built[2] == built[0]
    assert any("no DTSTART" in w for w in built[0][1])
    keys = [row[1] for row in built[0][0][0]]
    assert "early#2026-01-12T09:00:00-05:00" in keys and "standup-1#2026-01-20T14:00:00-05:00" in keys


def test_a_calendar_this_cannot_cut_is_parsed_whole(data_dir, tmp_path):
    from connectors.ics import split_calendars

    plain = write_calendar(data_dir / "plain.ics", *weekly_standup())
    assert split_calendars(plain.read_bytes(), 100) is not None
    with_todo = plain.read_bytes().replace(b"END:VCALENDAR", b"BEGIN:VTODO\r\nUID:t\r\nEND:VTODO\r\nEND:VCALENDAR")
    assert split_calendars(with_todo, 100) is None
    (data_dir / "plain.ics").write_bytes(with_todo)
    ctx = Context(self_name="Alex Morgan", self_emails=frozenset({ME}), tz=NY, today=date(2026, 2, 15),
                  cache_dir=tmp_path / "cache", index_workers=2)
    conn = connect(data_dir / "plain.ics", ctx)
    assert len(find_events(conn, "standup")) == 5


# -- places --------------------------------------------------------------------------------------------

def test_location_is_a_place(data_dir, context):
    write_calendar(data_dir / "places.ics",
                   event("kick", "Kickoff", datetime(2026, 2, 2, 9, tzinfo=NY), location="Room 4, Boston"),
                   event("review", "Review", datetime(2026, 2, 3, 9, tzinfo=NY), location="room 4,  BOSTON"),
                   event("call", "Call", datetime(2026, 2, 4, 9, tzinfo=NY)))
    conn = connect(data_dir / "places.ics", context)
    places = list(conn.find(PLACE, [FilterConstraint(var="pl", field="name", op="=", value="boston")]))
    assert [p.key for p in places] == ["room 4, boston"]
    events = {ev.key for _, ev in conn.place_location_event(given(PLACE, *places))}
    assert events == {"kick", "review"}
    links = dict(conn.event_location_place(given(EVENT, Item(EVENT, "kick"), Item(EVENT, "call"))))
    assert list(links) == ["kick"] and links["kick"].fields["name"] == "Room 4, Boston"


def test_the_places_a_connector_read_are_read_again_after_a_refresh(data_dir, context):
    """Places are read once per refresh (grouping every event is costly at scale): one an edit adds is found after
    the next refresh by the same connector."""
    path = write_calendar(data_dir / "places.ics",
                          event("kick", "Kickoff", datetime(2026, 2, 2, 9, tzinfo=NY), location="Room 4, Boston"))
    conn = connect(path, context)
    assert [p.key for p in conn.find(PLACE, [])] == ["room 4, boston"]
    write_calendar(path, event("kick", "Kickoff", datetime(2026, 2, 2, 9, tzinfo=NY), location="Room 4, Boston"),
                   event("lisbon", "Offsite", datetime(2026, 2, 5, 9, tzinfo=NY), location="Lisbon"))
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))
    conn.refresh_index()
    assert sorted(p.key for p in conn.find(PLACE, [])) == ["lisbon", "room 4, boston"]


def test_a_location_over_several_lines_is_one_place_on_one_line(data_dir, context):
    write_calendar(data_dir / "lines.ics",
                   event("trip", "Site visit\nand lunch", datetime(2026, 2, 2, 9, tzinfo=NY),
                         location="Roadstar 16\n12764 Happyville\n\nDenmark\n"))
    conn = connect(data_dir / "lines.ics", context)
    [ev] = conn.find(EVENT, [])
    conn.describe(EVENT, {ev.key: ev})
    assert ev.fields["location"] == "Roadstar 16, 12764 Happyville, Denmark"
    assert ev.fields["name"] == "Site visit and lunch"
    places = list(conn.find(PLACE, [FilterConstraint(var="pl", field="name", op="=", value="denmark")]))
    assert [p.key for p in places] == ["roadstar 16, 12764 happyville, denmark"]


# -- bad input -------------------------------------------------------------------------------------------

BROKEN_AMONG_GOOD = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//hand written//EN
BEGIN:VEVENT
UID:good-1
SUMMARY:Good morning
DTSTART:20260202T140000Z
END:VEVENT
BEGIN:VEVENT
UID:no-start
SUMMARY:Missing start
DTEND:20260203T140000Z
END:VEVENT
BEGIN:VEVENT
UID:bad-date
SUMMARY:Bad date
DTSTART:2026-13-45
END:VEVENT
BEGIN:VEVENT
UID:bad-rule
SUMMARY:Bad rule
DTSTART:20260204T140000Z
RRULE:FREQ=SOMETIMES
END:VEVENT
BEGIN:VEVENT
UID:good-2
SUMMARY:Good evening
DTSTART:20260205T230000Z
END:VEVENT
END:VCALENDAR
""".replace("\n", "\r\n")


def test_broken_events_are_skipped_with_one_warning_each(data_dir, context, warnings):
    path = data_dir / "mixed.ics"
    path.write_text(BROKEN_AMONG_GOOD)
    conn = connect(path, context)
    assert {it.key for it in conn.find(EVENT, [])} == {"good-1", "good-2"}
    assert len(warnings) == 3
    for uid, summary in (("no-start", "Missing start"), ("bad-date", "Bad date"), ("bad-rule", "Bad rule")):
        [message] = [w for w in warnings if uid in w]
        assert summary in message and str(path) in message


def test_a_file_that_is_not_icalendar_is_skipped_with_a_warning(data_dir, context, warnings):
    write_calendar(data_dir / "good.ics", event("ok", "Fine event", datetime(2026, 2, 2, 9, tzinfo=NY)))
    (data_dir / "notes.ics").write_text("these are my notes, not a calendar\n")
    (data_dir / "readme.txt").write_text("not even looked at")
    conn = connect(data_dir, context)
    assert [it.key for it in conn.find(EVENT, [])] == ["ok"]
    assert len(warnings) == 1 and "notes.ics" in warnings[0] and "not an iCalendar file" in warnings[0]


TIME_ONLY_RDATES = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//hand written//EN
BEGIN:VEVENT
UID:vtime-floating
SUMMARY:Floating start
DTSTART:20260302T000000
RDATE;VALUE=TIME:083000
END:VEVENT
BEGIN:VEVENT
UID:vtime-utc
SUMMARY:UTC start
DTSTART:20260303T100000Z
RDATE;VALUE=TIME:133000Z
RDATE:20260310T100000Z
END:VEVENT
END:VCALENDAR
""".replace("\n", "\r\n")


def test_a_time_of_day_where_a_date_belongs_is_ignored_and_the_event_kept(data_dir, context, warnings):
    # as in the icalendar project's multiple_timezones.ics: RDATE;VALUE=TIME used to lose the whole event
    path = data_dir / "vtime.ics"
    path.write_text(TIME_ONLY_RDATES)
    conn = connect(path, context)
    events = {it.key: it for it in conn.find(EVENT, [])}
    conn.describe(EVENT, events)
    starts = sorted(it.fields["start"][:16] for it in events.values())
    assert starts == ["2026-03-02T00:00", "2026-03-03T05:00", "2026-03-10T06:00"]  # floating = the user's zone
    assert len(warnings) == 2 and all("RDATE" in w and "event is kept" in w for w in warnings)


def test_an_unreadable_file_is_warned_about_once_until_it_changes(data_dir, context, warnings):
    write_calendar(data_dir / "good.ics", event("ok", "Fine event", datetime(2026, 2, 2, 9, tzinfo=NY)))
    bad = data_dir / "notes.ics"
    bad.write_text("these are my notes, not a calendar\n")
    first = connect(data_dir, context).refresh_index()
    assert len(first.skipped) == 1 and first.unreadable == []
    assert len(warnings) == 1 and "notes.ics" in warnings[0]

    warnings.clear()
    again = connect(data_dir, context).refresh_index()  # not read again: one summary line, the file listed
    assert (again.parsed, again.reused, again.skipped) == (0, 2, [])
    assert len(again.unreadable) == 1 and "notes.ics" in again.unreadable[0] and "not an iCalendar" in again.unreadable[0]
    assert len(warnings) == 1 and warnings[0].startswith("1 calendar file in ") and "queryweaver index" in warnings[0]

    warnings.clear()
    write_calendar(bad, event("fixed", "Now a real event", datetime(2026, 2, 3, 9, tzinfo=NY)))
    os.utime(bad, ns=(bad.stat().st_atime_ns, bad.stat().st_mtime_ns + 1_000_000_000))
    conn = connect(data_dir, context)
    fixed = conn.refresh_index()
    assert (fixed.parsed, fixed.unreadable, warnings) == (1, [], [])
    assert {it.key for it in conn.find(EVENT, [])} == {"ok", "fixed"}


def test_a_missing_path_warns_and_finds_nothing(data_dir, context, warnings):
    conn = connect(data_dir / "nowhere.ics", context)
    assert list(conn.find(EVENT, [])) == []
    assert len(warnings) == 1 and "nowhere.ics" in warnings[0]


# -- the index -------------------------------------------------------------------------------------------

def test_refresh_parses_only_changed_files(data_dir, context):
    path = write_calendar(data_dir / "work.ics", *weekly_standup())
    first = connect(data_dir, context).refresh_index()
    assert first.parsed == 5
    again = connect(data_dir, context).refresh_index()
    assert (again.parsed, again.reused) == (0, 1)

    write_calendar(path, *weekly_standup(), event("new", "Quarterly review", datetime(2026, 3, 2, 9, tzinfo=NY)))
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))  # a later mtime, surely
    conn = connect(data_dir, context)
    assert conn.refresh_index().parsed == 6
    assert list(find_events(conn, "quarterly")) == ["new"]
    assert len(find_events(conn, "standup")) == 5  # the file's old rows were replaced, not duplicated


def test_changing_the_time_zone_rebuilds_the_stored_times(data_dir, context):
    write_calendar(data_dir / "tz.ics", event("utc", "Late UTC sync", datetime(2026, 2, 10, 3, 30, tzinfo=timezone.utc)))
    assert [it.fields["start"] for it in connect(data_dir, context).find(EVENT, [])] == ["2026-02-09T22:30:00-05:00"]
    context.tz = ZoneInfo("Europe/Paris")
    assert [it.fields["start"] for it in connect(data_dir, context).find(EVENT, [])] == ["2026-02-10T04:30:00+01:00"]


def test_nothing_is_written_outside_the_cache_dir(tmp_path, data_dir, context):
    write_calendar(data_dir / "work.ics", *weekly_standup())
    (data_dir / "notes.ics").write_text("garbage")
    before = snapshot(tmp_path, context.cache_dir)
    conn = connect(data_dir, context)
    list(conn.self_attended_event(all_of(SELF)))
    conn.close()
    assert snapshot(tmp_path, context.cache_dir) == before
    assert any(context.cache_dir.rglob("*.sqlite"))


def test_the_connector_is_registered_with_its_tools():
    cls = get_registry().connector_class("ics")
    assert cls is IcsConnector
    assert {spec.name for spec in cls.tool_specs()} == {
        "person_attended_event", "event_attended_person", "self_attended_event", "event_attended_self",
        "event_occurred_on_date", "date_occurred_on_event", "event_location_place", "place_location_event"}


def test_lean_events_are_described_wherever_they_are_shown_or_filtered(data_dir, context):
    """Steps that find many events build them lean (a key, a time, a group). Run through the executor with two
    calendars: a title filter on them, the answers, a step's sample and the evidence all see their titles, and each
    calendar describes only its own events."""
    from queryweaver.events import EventKind
    from queryweaver.executor import Executor
    from queryweaver.graph import QueryGraph
    from queryweaver.planner import make_plan

    people = connect(planning_calendar(data_dir), context)
    late = [event(f"late-{n}", "Late review", datetime(2026, 2, 20 + n, 9, tzinfo=NY)) for n in range(6)]
    work = connect(write_calendar(data_dir / "work.ics", *weekly_standup(), *late), context)  # the samples
    executor = Executor([people, work], context)

    def run(ret: str, vars_: dict, *constraints: dict):
        graph = {"action": "find", "return_var": ret, "return_mode": "all", "vars": vars_,
                 "constraints": list(constraints)}
        events: list = []
        return executor.run(make_plan(QueryGraph.parse(graph)), on_event=events.append), events

    edge = lambda a, e, b: {"kind": "edge", "from": a, "edge": e, "to": b}  # noqa: E731
    flt = lambda v, f, op, value: {"kind": "filter", "var": v, "field": f, "op": op, "value": value}  # noqa: E731
    result, events = run("ev", {"ev": "Event", "d": "Date"}, edge("ev", "occurred_on", "d"),
                         flt("d", "value", "=", "2026-01-01 to 2026-02-28"), flt("ev", "name", "contains", "moved"))
    assert [(i.key, i.fields["name"], i.fields["uid"]) for i in result.items] == [
        ("standup-1#2026-01-20T14:00:00-05:00", "Team standup (moved)", "standup-1")]
    assert all(item.output()["start"] for item in result.items)

    result, events = run("ev", {"ev": "Event", "d": "Date"}, edge("ev", "occurred_on", "d"),
                         flt("d", "value", "=", "2026-02-01 to 2026-02-28"))
    titles = {i.fields["name"] for i in result.items}
    assert {"Budget planning", "Offsite", "Dentist", "Team standup"} <= titles
    assert not any(LEAN in i.fields for i in result.items)
    samples = [e.data["sample"] for e in events if e.kind == EventKind.NODE_RESOLVED and e.var == "ev"]
    assert samples and set(samples[-1]) <= titles and samples[-1]

    result, _ = run("p", {"p": "Person", "ev": "Event", "d": "Date"}, edge("p", "attended", "ev"),
                    edge("ev", "occurred_on", "d"), flt("d", "value", "=", "2026-02-01 to 2026-02-28"))
    assert {p.key for p in result.items} >= {"dana@example.org", "bob@example.com"}
    tree = result.evidence("bob@example.com")
    labels = {node["label"] for node in tree["via"]}  # events the step's sample did not show
    assert labels & {"Budget planning", "Offsite"} and not labels & {"plan", "skip"}


def test_a_huge_event_answer_is_described_a_page_at_a_time(data_dir, context):
    """An answer of more than DESCRIBE_AT_ONCE events is ordered by start time without reading every event's
    fields; each page (RunResult.page, the JSON page) comes described, the rest of the answer is left lean."""
    from queryweaver.executor import DESCRIBE_AT_ONCE, Executor
    from queryweaver.graph import QueryGraph
    from queryweaver.planner import make_plan

    daily = event("daily", "Daily check-in", datetime(2024, 6, 1, 8, tzinfo=NY), datetime(2024, 6, 1, 8, 15, tzinfo=NY),
                  rrule={"freq": "daily", "count": DESCRIBE_AT_ONCE + 200})
    conn = connect(write_calendar(data_dir / "daily.ics", daily, *planning_calendar_events()), context)
    graph = QueryGraph.parse({"action": "find", "return_var": "ev", "return_mode": "all",
                              "vars": {"ev": "Event", "self": "Self"},
                              "constraints": [{"kind": "edge", "from": "self", "edge": "attended", "to": "ev"}]})
    result = Executor([conn], context).run(make_plan(graph))
    assert result.count == DESCRIBE_AT_ONCE + 200 + 2  # the series, the planning meeting and the dentist
    starts = [item.fields["_ts"] for item in result.items]
    assert starts == sorted(starts, reverse=True)
    assert sum(LEAN not in item.fields for item in result.items) <= 5  # at most the step's sample was described
    page = result.page(30, 5)
    assert [item.fields["start"][:10] for item in page] == [
        (date(2024, 6, 1) + timedelta(days=DESCRIBE_AT_ONCE + 199 - n)).isoformat() for n in range(30, 35)]
    assert all(item.fields["name"] == "Daily check-in" and LEAN not in item.fields for item in page)
    assert LEAN in result.items[35].fields and LEAN in result.items[29].fields
    out = result.to_json(offset=0, limit=3)
    assert out["count"] == result.count and [i["name"] for i in out["items"]] == ["Daily check-in"] * 3
    assert all(i["uid"] == "daily" and i["start"] for i in out["items"])

    small = QueryGraph.parse({**graph.to_json(), "constraints": [
        *graph.to_json()["constraints"], {"kind": "filter", "var": "ev", "field": "name", "op": "contains",
                                          "value": "dentist"}]})
    result = Executor([conn], context).run(make_plan(small))
    assert [(i.fields["name"], LEAN in i.fields) for i in result.items] == [("Dentist", False)]


def test_events_with_uid_are_the_listed_events_of_that_uid(data_dir, context):
    """A UID is looked up in the index: the same occurrences, with the same fields, as listing every event and
    keeping that UID's; a UID the calendar does not hold gives none (not None, which means 'cannot look up')."""
    weekly = event("weekly", "Weekly sync", datetime(2024, 6, 3, 9, tzinfo=NY), datetime(2024, 6, 3, 10, tzinfo=NY),
                   rrule={"freq": "weekly", "count": 4})
    conn = connect(write_calendar(data_dir / "weekly.ics", weekly, *planning_calendar_events()), context)
    listed = {i.key: i.output() for i in conn.find(EVENT, []) if i.fields.get("uid") == "weekly"}
    looked_up = {i.key: i.output() for i in conn.events_with_uid("weekly")}
    assert len(looked_up) == 4 and looked_up == listed
    assert conn.events_with_uid("no-such-uid") == []


def test_an_index_built_before_the_own_entries_index_gets_it_on_the_next_refresh(data_dir, context):
    """The planner counts the user's own entries (nobody listed) in every question: through a small partial index,
    which an index built before it gains on its next refresh, without a rebuild."""
    path = write_calendar(data_dir / "cal.ics", event("own", "Dentist", datetime(2026, 2, 3, 9, tzinfo=NY)),
                          event("met", "Planning", datetime(2026, 2, 4, 9, tzinfo=NY), organizer=person(ME),
                                attendees=(person("wei@example.org", "Wei Chen"),)))
    conn = connect(path, context)
    conn.refresh_index()
    db = conn.index.conn
    scanned = db.execute("SELECT count(*) FROM events NOT INDEXED WHERE people = 0").fetchone()[0]
    assert scanned == 1
    plan = " ".join(str(row[-1]) for row in db.execute("EXPLAIN QUERY PLAN SELECT count(*) FROM events WHERE people = 0"))
    assert "events_nobody" in plan
    with db:
        db.execute("DROP INDEX events_nobody")   # as an index written by the code before it
    conn.close()
    again = connect(path, context)
    report = again.refresh_index()
    assert report.parsed == 0   # not rebuilt
    db = again.index.conn
    assert db.execute("SELECT 1 FROM sqlite_master WHERE name = 'events_nobody'").fetchone() is not None
    assert again._statistics()["mine"] >= scanned
    again.close()
