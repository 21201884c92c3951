"""Calendar events from iCalendar files: one ``.ics`` file, or a folder of them (``path`` in the source).

How the calendar maps onto the schema (DESIGN.md, Semantics):

- **Event identity**: the UID for a single event; ``UID#<start>`` (the occurrence's start, ISO 8601 in the
  configured time zone) for each instance of a recurring series. Recurrences (RRULE, RDATE, EXDATE and
  instances moved or changed through RECURRENCE-ID) are expanded by ``recurring-ical-events`` from the
  earliest DTSTART of the file up to two years after today (the later of ``[self] today`` and the real
  date), at most ``MAX_OCCURRENCES`` per series. Cancelled occurrences (STATUS:CANCELLED) are left out.
- **Times**: TZID-qualified and UTC times are converted to the configured zone; floating times are read
  as that zone; an all-day event starts on its date.
- **attended**: every ATTENDEE and the ORGANIZER, except attendees with PARTSTAT=DECLINED (a declined
  organizer is left out too). Rooms and resources (CUTYPE=ROOM/RESOURCE) are not people. A Person is
  the lower-cased address without ``mailto:``; the name is the CN seen most often.
- **Self attended** an event when one of ``[self] emails`` attended it by the rule above, *and also when
  the event lists no attendees and no organizer at all*: such an entry is one the user put in their own
  calendar.
- **occurred_on**: the event's start day (in the configured zone) falls in the Date range.
- **location / Place**: the LOCATION text; the Place key is its normalized form (``filters.norm``).

Events are indexed in SQLite (``SourceIndex``) on first use and refreshed incrementally: only files whose
size or mtime changed are parsed again. A broken event is skipped with one warning naming it and its file;
a file that is not iCalendar at all is skipped with a warning.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence
from zoneinfo import ZoneInfo

from queryweaver.config import SourceConfig
from queryweaver.connector import Connector, Context, IndexReport, Link, Selection, tool
from queryweaver.errors import QueryWeaverError
from queryweaver.filters import filter_items, norm
from queryweaver.graph import FilterConstraint
from queryweaver.grounding import Lexicon, LexiconKind, LexiconRow
from queryweaver.index import SourceIndex, lexicon_state, refresh_or_keep, select_in
from queryweaver.workers import OrderedPool, PoolBroken
from queryweaver.items import SELF_KEY, DateRange, Item, day_item
from queryweaver.schema import EntityType

if TYPE_CHECKING:  # imported where a file is parsed: a question on an unchanged index never loads them
    import icalendar

EVENT, PERSON, SELF = EntityType.EVENT, EntityType.PERSON, EntityType.SELF
DATE, PLACE = EntityType.DATE, EntityType.PLACE

MAX_OCCURRENCES = 5000     # per series; an endless daily rule must not flood the index
PARALLEL_ICS_BYTES = 2 << 20   # an .ics file this large is parsed in workers (unless [index] workers says)
ICS_TASK_BYTES = 256 << 10     # VEVENT text per worker task
HORIZON_YEARS = 2          # recurrences are expanded this far past today
SQL_CHUNK = 500            # keys per "IN (...)" clause, well under SQLite's variable limit
# Properties that decide when an event happens; one of them broken makes the event unusable.
TIME_PROPERTIES = frozenset({"DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID"})
NOT_PEOPLE = frozenset({"ROOM", "RESOURCE"})

SCHEMA_VERSION = 2  # 2: one-line titles and locations
INDEX_SIZE_RATIO = 2.3   # index bytes per .ics byte (measured on the generated corpus: 2.2)
SCHEMA = """
CREATE TABLE events (
    input INTEGER NOT NULL,
    key TEXT NOT NULL,
    uid TEXT NOT NULL,
    name TEXT NOT NULL,
    norm_name TEXT NOT NULL,
    start TEXT NOT NULL,        -- ISO 8601 in the configured zone; a date for all-day events
    "end" TEXT,
    day TEXT NOT NULL,          -- the start day in the configured zone
    ts REAL NOT NULL,           -- epoch seconds of the start
    location TEXT,
    place TEXT,                 -- norm(location): the Place key
    people INTEGER NOT NULL,    -- addresses listed at all (decliners included); 0 = the user's own entry
    grp TEXT                    -- the attendee group (attendees.grp) of this occurrence
);
CREATE INDEX events_key ON events(key);
CREATE INDEX events_day ON events(day);
CREATE INDEX events_place ON events(place);
CREATE INDEX events_grp ON events(grp);
CREATE TABLE attendees (
    input INTEGER NOT NULL,
    grp TEXT NOT NULL,          -- one row set per distinct attendee list in a file, shared by occurrences
    email TEXT NOT NULL,
    name TEXT NOT NULL
);
CREATE INDEX attendees_email ON attendees(email);
CREATE INDEX attendees_grp ON attendees(grp);
"""
EVENT_COLUMNS = 'e.rowid AS row_id, e.key, e.uid, e.name, e.start, e."end", e.location, e.ts, e.day'

Warn = Callable[[str], None]
Occurrence = tuple[date, date | None, "icalendar.Event"]   # start, end, the component holding its details


# -- parsing -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ParseSettings:
    """What the stored rows depend on besides the file: the zone and how far recurrences run."""

    tz: ZoneInfo
    horizon: date

    def key(self) -> str:
        return f"{self.tz.key}|{self.horizon.isoformat()}"


def expansion_horizon(context_today: date, real_today: date) -> date:
    """Two years past today, rounded up to a month start so the index is not rebuilt every day."""
    today = max(context_today, real_today)
    year, month = today.year + HORIZON_YEARS, today.month
    return date(year + month // 12, month % 12 + 1, 1)


def read_calendars(path: Path) -> list[icalendar.Calendar]:
    """Every VCALENDAR in the file; ValueError when the file is not iCalendar at all."""
    import icalendar

    data = path.read_bytes()
    try:
        found = icalendar.Calendar.from_ical(data, multiple=True)
    except ValueError as exc:
        raise ValueError(f"not an iCalendar file ({_short(exc)})") from exc
    calendars = [c for c in found if isinstance(c, icalendar.Calendar) and c.name == "VCALENDAR"]
    if not calendars:
        raise ValueError("not an iCalendar file (no VCALENDAR in it)")
    return calendars


def parse_ics_file(conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn,
                   settings: ParseSettings, workers: int = 0, task_bytes: int = ICS_TASK_BYTES) -> int:
    """Index every event occurrence of one file; returns how many were stored. With ``workers``, its events are
    parsed in that many worker processes (``parallel_rows``, ``task_bytes`` of them per task), in the same order."""
    if workers:
        writer, said = _RowWriter(input_id), []
        try:
            rows = parallel_rows(path, settings, workers, said.append, task_bytes)
            if rows is not None:
                for row, attended in rows:
                    writer.add_row(row, attended)
                for message in said:
                    warn(message)
                return writer.flush(conn)
        except PoolBroken as exc:  # nothing is kept of the parts parsed: the whole file is read here
            warn(f"{path.name}: {exc}; it is parsed in this process")
    writer = _RowWriter(input_id)
    for row, attended in calendar_rows(read_calendars(path), path, warn, settings):
        writer.add_row(row, attended)
    return writer.flush(conn)


def calendar_rows(calendars: Iterable[icalendar.Calendar], path: Path, warn: Warn, settings: ParseSettings,
                  span_floor: date | None = None) -> Iterator[tuple[tuple, list[tuple[str, str]]]]:
    """Each stored occurrence of the calendars' events, as ``event_row`` gives it, in file order.
    ``span_floor``: the earliest start date of the whole calendar when these are a part of it."""
    for calendar in calendars:
        groups = _series_groups(calendar, path, warn)
        if not groups:
            continue
        # a day early: the first start's date may be the day before in another zone
        first = min(_as_date(c.start) for comps in groups.values() for c in comps)
        span_start = min(first, span_floor or first) - timedelta(days=1)
        span = (datetime.combine(span_start, time()), datetime.combine(settings.horizon, time()))
        people: dict = {}
        for uid, components in groups.items():
            occurrences = _occurrences(calendar, components, span, path, warn)
            recurring = len(components) > 1 or any(_is_recurring(c) for c in components)
            for start, end, component in occurrences:
                yield event_row(uid, start, end, component, recurring, settings.tz, people)


# -- a large file in worker processes ------------------------------------------------------------------
# The file is cut, as text, into calendars holding whole series (every VEVENT of a UID together, in the order
# the UIDs first appear) with the original calendar's properties and time zones; workers parse them and the
# parent stores their rows in order, so the index is the one a parse in one process makes. The span recurrences
# are expanded from starts at the calendar's earliest DTSTART (read from the text), as a whole parse does.

def parallel_rows(path: Path, settings: ParseSettings, workers: int, warn: Warn,
                  task_bytes: int = ICS_TASK_BYTES) -> Iterator[tuple[tuple, list[tuple[str, str]]]] | None:
    """The rows of ``calendar_rows`` for the file as workers parse them (``workers`` processes, in file order);
    None when the file's layout is not the plain one this cuts (then it is parsed whole)."""
    parts = split_calendars(path.read_bytes(), task_bytes)
    if parts is None:
        return None
    tasks = [(str(path), text, floor, settings.tz.key, settings.horizon) for text, floor in parts]

    def rows() -> Iterator[tuple[tuple, list[tuple[str, str]]]]:
        with OrderedPool(parse_calendar_part, workers) as pool:
            for part_rows, warnings in pool.map(tasks):
                for message in warnings:
                    warn(message)
                yield from part_rows

    return rows()


def parse_calendar_part(task: tuple[str, bytes, date | None, str, date]) -> tuple[list, list[str]]:
    """A worker's task: the rows and warnings of one part of a calendar file (``split_calendars``)."""
    path, text, floor, tz, horizon = task
    warnings: list[str] = []
    import icalendar

    calendars = [c for c in icalendar.Calendar.from_ical(text, multiple=True)
                 if isinstance(c, icalendar.Calendar) and c.name == "VCALENDAR"]
    settings = ParseSettings(ZoneInfo(tz), horizon)
    rows = list(calendar_rows(calendars, Path(path), warnings.append, settings, floor))
    return rows, warnings


_UID = re.compile(rb"^UID[;:]", re.IGNORECASE)
_DTSTART_DAY = re.compile(rb"^DTSTART[^:]*:(\d{8})", re.IGNORECASE)


def split_calendars(data: bytes, task_bytes: int) -> list[tuple[bytes, date | None]] | None:
    """The file as parts of at most about ``task_bytes`` of events, each a VCALENDAR of its own with the
    original's properties and VTIMEZONEs, and the earliest DTSTART day of the calendar it came from; None for
    a layout this does not cut (nested or unknown components, text outside a VCALENDAR)."""
    lines = data.replace(b"\r\n", b"\n").split(b"\n")
    parts: list[tuple[bytes, date | None]] = []
    at = 0
    while at < len(lines):
        if not lines[at].strip():
            at += 1
            continue
        if lines[at].strip().upper() != b"BEGIN:VCALENDAR":
            return None
        header: list[bytes] = [lines[at]]
        zones: list[bytes] = []
        series: dict[bytes, list[bytes]] = {}   # UID (raw, unescaped) -> its VEVENTs' text, in file order
        floor: date | None = None
        at += 1
        while True:
            if at >= len(lines):
                return None
            line = lines[at]
            word = line.strip().upper()
            if word == b"END:VCALENDAR":
                at += 1
                break
            if word.startswith(b"BEGIN:"):
                end = _component_end(lines, at)
                if end is None:
                    return None
                block = lines[at:end + 1]
                if word == b"BEGIN:VTIMEZONE":
                    zones += block
                elif word == b"BEGIN:VEVENT":
                    logical = _unfold(block)
                    if any(l.strip().upper().startswith(b"BEGIN:") for l in logical[1:] if
                           l.strip().upper() not in (b"BEGIN:VALARM",)):
                        return None
                    uid = next((l.split(b":", 1)[1].strip().replace(b"\\", b"") for l in logical
                                if _UID.match(l) and b":" in l), b"")
                    series.setdefault(uid, []).extend(block)
                    day = next((m.group(1) for l in logical if (m := _DTSTART_DAY.match(l))), None)
                    if day is not None:
                        try:
                            found = date(int(day[:4]), int(day[4:6]), int(day[6:8]))
                            floor = found if floor is None or found < floor else floor
                        except ValueError:
                            pass
                else:
                    return None  # a VTODO, a VJOURNAL...: left to the whole parse
                at = end + 1
                continue
            header.append(line)
            at += 1
        chunk: list[bytes] = []
        size = 0
        for block in series.values():
            chunk += block
            size += sum(len(l) + 2 for l in block)
            if size >= task_bytes:
                parts.append((_calendar_text(header, zones, chunk), floor))
                chunk, size = [], 0
        if chunk:
            parts.append((_calendar_text(header, zones, chunk), floor))
    return parts


def _component_end(lines: list[bytes], start: int) -> int | None:
    """The line ending the component that begins at ``start`` (components nest)."""
    depth = 0
    for at in range(start, len(lines)):
        word = lines[at].strip().upper()
        if word.startswith(b"BEGIN:"):
            depth += 1
        elif word.startswith(b"END:"):
            depth -= 1
            if depth == 0:
                return at
    return None


def _unfold(block: list[bytes]) -> list[bytes]:
    """Content lines with their folded continuations joined."""
    out: list[bytes] = []
    for line in block:
        if line[:1] in (b" ", b"\t") and out:
            out[-1] = out[-1].rstrip(b"\r") + line[1:]
        else:
            out.append(line.rstrip(b"\r"))
    return out


def _calendar_text(header: list[bytes], zones: list[bytes], events: list[bytes]) -> bytes:
    return b"\r\n".join(header + zones + events + [b"END:VCALENDAR", b""])


def _series_groups(calendar: icalendar.Calendar, path: Path, warn: Warn) -> dict[str, list[icalendar.Event]]:
    """Usable VEVENTs grouped by UID; each broken one is dropped with one warning."""
    groups: dict[str, list[icalendar.Event]] = defaultdict(list)
    for component in calendar.walk("VEVENT"):
        if not str(component.get("UID", "")).strip():  # invalid but common: give it a stable identity
            raw = (str(component.get("SUMMARY", "")) + str(component.get("DTSTART", "")))
            component["UID"] = "no-uid-" + hashlib.sha1(raw.encode()).hexdigest()[:12]
        reason = _broken_reason(component)
        if reason:
            warn(f"skipped event {_describe(component)} in {path}: {reason}")
            continue
        for name in _drop_times_without_dates(component):
            warn(f"event {_describe(component)} in {path}: ignored its {name} values that are a time of day "
                 "with no date (RFC 5545 allows only dates there); the event is kept")
        groups[str(component["UID"])].append(component)
    return groups


def _drop_times_without_dates(component: icalendar.Event) -> list[str]:
    """Remove RDATE/EXDATE values that are a bare time of day (``RDATE;VALUE=TIME:083000``); they name no day,
    and left in place they break recurrence expansion. Returns the properties that lost values."""
    changed = []
    for name in ("RDATE", "EXDATE"):
        if name not in component:
            continue
        value = component[name]
        lists = value if isinstance(value, list) else [value]
        kept = []
        for dates in lists:
            dts = [d for d in getattr(dates, "dts", []) if not isinstance(d.dt, time)]
            if len(dts) != len(getattr(dates, "dts", [])):
                changed.append(name)
                dates.dts = dts
            if not hasattr(dates, "dts") or dates.dts:
                kept.append(dates)
        del component[name]
        if kept:
            component[name] = kept if isinstance(value, list) else kept[0]
    return sorted(set(changed))


def _broken_reason(component: icalendar.Event) -> str | None:
    """Why the event cannot be placed in time, or None when it can."""
    for name, message in getattr(component, "errors", ()):
        if str(name).upper() in TIME_PROPERTIES:
            return f"bad {name} ({message})"
    if "DTSTART" not in component:
        return "it has no DTSTART"
    try:
        component.start
    except ValueError as exc:
        return f"bad DTSTART ({_short(exc)})"
    return None


def _occurrences(calendar: icalendar.Calendar, components: list[icalendar.Event],
                 span: tuple[datetime, datetime], path: Path, warn: Warn) -> list[Occurrence]:
    """The occurrences of one series that were not cancelled; none, with a warning, for a broken series."""
    try:
        if len(components) == 1 and not _is_recurring(components[0]) and "X-WR-TIMEZONE" not in calendar:
            single = components[0]  # most events: no need to expand anything
            occurrences = [(single.start, single.end, single)]
        else:
            occurrences = _expand(calendar, components, span, path, warn)
    except Exception as exc:  # recurring-ical-events raises many kinds of error on malformed rules
        warn(f"skipped event {_describe(components[0])} in {path}: cannot read its times ({_short(exc)})")
        return []
    return [o for o in occurrences if str(o[2].get("STATUS", "")).upper() != "CANCELLED"]


def _expand(calendar: icalendar.Calendar, components: list[icalendar.Event], span: tuple[datetime, datetime],
            path: Path, warn: Warn) -> list[Occurrence]:
    """A series' occurrences in the span, at most MAX_OCCURRENCES of them (with a warning past that)."""
    import icalendar
    import recurring_ical_events

    series_calendar = icalendar.Calendar()
    for name in ("CALSCALE", "X-WR-TIMEZONE"):  # these change how recurring-ical-events reads times
        if name in calendar:
            series_calendar[name] = calendar[name]
    for component in components:
        series_calendar.add_component(component)
    masters = [c for c in components if "RECURRENCE-ID" not in c]
    master = masters[0] if len(masters) == 1 else None
    occurrences = []
    for series in recurring_ical_events.of(series_calendar).series:
        for occurrence in islice(series.between(*span), MAX_OCCURRENCES + 1):
            # a plain repetition carries the master's details; copying the component for each is slow
            plain = master is not None and occurrence.id.recurrence_id is None
            occurrences.append((occurrence.start, occurrence.end, master if plain else occurrence.as_component(False)))
    if len(occurrences) > MAX_OCCURRENCES:
        warn(f"event {_describe(components[0])} in {path} repeats more than {MAX_OCCURRENCES} times; "
             f"only the first {MAX_OCCURRENCES} occurrences are indexed")
        occurrences = occurrences[:MAX_OCCURRENCES]
    return occurrences


def _is_recurring(component: icalendar.Event) -> bool:
    return any(name in component for name in ("RRULE", "RDATE", "RECURRENCE-ID"))


def event_row(uid: str, start: date, end: date | None, component: icalendar.Event, recurring: bool, tz: ZoneInfo,
              people: dict) -> tuple[tuple, list[tuple[str, str]]]:
    """One occurrence as its events row without ``input`` and ``grp``, and who attended it. ``people`` keeps
    event_people per attendee list (occurrences share their series' property values)."""
    start_iso, day, ts = local_time(start, tz)
    end_iso = local_time(end, tz)[0] if end is not None else None
    name = " ".join(str(component.get("SUMMARY", "")).split())
    location = one_line_address(str(component.get("LOCATION", ""))) or None
    attendees, organizer = component.get("ATTENDEE"), component.get("ORGANIZER")
    cache_key = (id(attendees), id(organizer))  # the values are kept below, so the ids stay theirs
    if cache_key not in people:
        people[cache_key] = (attendees, organizer, *event_people(component))
    attended, listed = people[cache_key][2], people[cache_key][3]
    key = f"{uid}#{start_iso}" if recurring else uid
    return (key, uid, name, norm(name), start_iso, end_iso, day.isoformat(), ts, location,
            norm(location) if location else None, listed), attended


class _RowWriter:
    """Collects a file's event and attendee rows; one attendee row set per distinct attendee list."""

    def __init__(self, input_id: int):
        self.input_id = input_id
        self.events: list[tuple] = []
        self.attendees: list[tuple] = []
        self.groups: dict[tuple[tuple[str, str], ...], str] = {}

    def add_row(self, row: tuple, attended: list[tuple[str, str]]) -> None:
        """One occurrence from ``event_row``."""
        self.events.append((self.input_id, *row, self._group(attended)))

    def _group(self, attended: list[tuple[str, str]]) -> str | None:
        if not attended:
            return None
        signature = tuple(sorted(attended))
        grp = self.groups.get(signature)
        if grp is None:
            grp = self.groups[signature] = f"{self.input_id}.{len(self.groups)}"
            self.attendees.extend((self.input_id, grp, email, name) for email, name in signature)
        return grp

    def flush(self, conn: sqlite3.Connection) -> int:
        conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", self.events)
        conn.executemany("INSERT INTO attendees VALUES (?,?,?,?)", self.attendees)
        return len(self.events)


def one_line_address(text: str) -> str:
    """A LOCATION written over several lines (street, town, country) as one line, its lines joined by commas."""
    return ", ".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def local_time(value: date | datetime, tz: ZoneInfo) -> tuple[str, date, float]:
    """ISO text, day and epoch seconds of a time in the user's zone; floating times are the user's."""
    if isinstance(value, datetime):
        moment = value.replace(tzinfo=tz) if value.tzinfo is None else value.astimezone(tz)
        return moment.isoformat(), moment.date(), moment.timestamp()
    return value.isoformat(), value, datetime.combine(value, time(), tzinfo=tz).timestamp()


def event_people(component: icalendar.Event) -> tuple[list[tuple[str, str]], int]:
    """(address, name) of everyone who attended, and how many addresses the event lists at all."""
    names: dict[str, str] = {}
    declined: set[str] = set()
    for prop in ("ORGANIZER", "ATTENDEE"):
        values = component.get(prop)
        for value in values if isinstance(values, list) else [values] if values is not None else []:
            params = getattr(value, "params", {})
            address = person_address(str(value))
            if not address or str(params.get("CUTYPE", "")).upper() in NOT_PEOPLE:
                continue
            if prop == "ATTENDEE" and str(params.get("PARTSTAT", "")).upper() == "DECLINED":
                declined.add(address)
            name = str(params.get("CN", "")).strip()
            if name or address not in names:
                names[address] = names.get(address) or name
    attended = [(address, name) for address, name in names.items() if address not in declined]
    return attended, len(names)


def person_address(value: str) -> str | None:
    """'mailto:Bob@Example.com' -> 'bob@example.com'; None for addresses that are not email."""
    address = value.strip()
    if address.lower().startswith("mailto:"):
        address = address[len("mailto:"):]
    address = address.strip().lower()
    return address if "@" in address else None


def _as_date(value: date) -> date:
    return value.date() if isinstance(value, datetime) else value


def _describe(component: icalendar.Event) -> str:
    """How a warning names an event: its summary and UID."""
    summary = str(component.get("SUMMARY", "")).strip() or "(no title)"
    return f"{summary!r} (UID {component.get('UID', '?')})"


def _short(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__


def _chunks(keys: Sequence[str]) -> Iterator[Sequence[str]]:
    for i in range(0, len(keys), SQL_CHUNK):
        yield keys[i:i + SQL_CHUNK]


def _marks(keys: Sequence[str]) -> str:
    return ",".join("?" * len(keys))



def ics_lexicon_rows(conn: sqlite3.Connection, since: object = None) -> list[LexiconRow]:
    """What a calendar index names: locations and titles (by occurrences), and who attended with their CN
    (by occurrences; decliners are not stored, so they are not named). Always the whole index."""
    rows: list[LexiconRow] = [
        (LexiconKind.PLACE, r[0], "", r[1])
        for r in conn.execute("SELECT location, count(*) FROM events WHERE location IS NOT NULL GROUP BY location")]
    rows += [(LexiconKind.EVENT_TITLE, r[0], "", r[1])
             for r in conn.execute("SELECT name, count(*) FROM events WHERE name != '' GROUP BY name")]
    rows += [(LexiconKind.PERSON, r[0], r[1], r[2]) for r in conn.execute(
        "SELECT a.email, a.name, count(*) FROM events e JOIN attendees a ON a.grp = e.grp GROUP BY a.email, a.name")]
    return rows


# -- the connector -------------------------------------------------------------------------------------

class IcsConnector(Connector):
    """Events, their attendees, dates and places from local .ics files."""

    name = "ics"
    description = "calendar events from an .ics file or a folder of .ics files"
    types = frozenset({EVENT, PERSON, SELF, DATE, PLACE})
    task_bytes = ICS_TASK_BYTES   # event text per worker task when a file is parsed in workers

    def __init__(self, source: SourceConfig, context: Context):
        super().__init__(source, context)
        self.path = source.path("path")
        self.index = SourceIndex(context.cache_dir, "ics", self.path, SCHEMA, SCHEMA_VERSION,
                                 ("events", "attendees"), warn=context.warn, size_ratio=INDEX_SIZE_RATIO)
        self._ready = False
        self._names: dict[str, str] | None = None
        self._attendees: list[str] | None = None   # every attendee address but the user's (find)
        self._counts: dict[str, float] | None = None   # statistics for the cost-aware planner
        self._estimates: dict[tuple, int | None] = {}     # estimate() answers, until the next refresh

    # -- index ---------------------------------------------------------------------------------------
    def refresh_index(self) -> IndexReport:
        """Parse the .ics files that are new or changed since the last run."""
        settings = ParseSettings(self.context.tz, expansion_horizon(self.context.today, date.today()))
        self._reset_if_settings_changed(settings)
        def parse(conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
            workers = self.context.workers(path.stat().st_size, PARALLEL_ICS_BYTES)
            return parse_ics_file(conn, input_id, path, warn, settings, workers, self.task_bytes)

        report = self.index.refresh(
            self._input_files(), parse,
            progress=self.context.progress, stage=f"indexing calendar {self.path.name}", warn=self.context.warn,
            lexicon=ics_lexicon_rows)
        self._ready, self._names, self._counts, self._estimates, self._attendees = True, None, None, {}, None
        return report

    def _reset_if_settings_changed(self, settings: ParseSettings) -> None:
        """Stored times are in the configured zone and span up to a horizon; another one means re-parsing."""
        conn = self.index.conn
        row = conn.execute("SELECT value FROM meta WHERE key = 'ics_settings'").fetchone()
        if row is not None and row[0] == settings.key():
            return
        with self.index.write_transaction(conn):
            for table in ("events", "attendees", "inputs"):
                conn.execute(f"DELETE FROM {table}")
            conn.execute("DELETE FROM meta WHERE key = 'lexicon'")  # recomputed by the refresh that follows
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('ics_settings', ?)", (settings.key(),))

    def _input_files(self) -> list[Path]:
        """The configured file, or every visible .ics file under the configured folder."""
        if self.path.is_dir():
            return sorted(p for p in self.path.rglob("*") if p.suffix.lower() == ".ics" and p.is_file()
                          and not any(part.startswith(".") for part in p.relative_to(self.path).parts))
        if not self.path.exists():
            self.context.warn(f"calendar {self.path} does not exist; fix 'path' in its [[sources]] entry")
            return []
        return [self.path]

    def indexes(self) -> list[SourceIndex]:
        return [self.index]

    @property
    def db(self) -> sqlite3.Connection:
        """The index, built on first use."""
        if not self._ready:
            refresh_or_keep(self.index, self.refresh_index, self.context.warn)
            self._ready = True
        return self.index.conn

    def lexicon(self, lexicon: Lexicon) -> None:
        """Event locations, titles, and attendees with their names (stored by refresh)."""
        if not self._ready:
            self.refresh_index()
        lexicon.add_rows(self.index.read_lexicon())

    def lexicon_state(self) -> tuple | None:
        if not self._ready:
            self.refresh_index()
        return lexicon_state(self.index)

    def close(self) -> None:
        self.index.close()

    # -- rows to items -------------------------------------------------------------------------------
    def _events(self, sql: str, params: Sequence = ()) -> Iterator[sqlite3.Row]:
        return iter(self.db.execute(sql, params).fetchall())

    def _events_by_key(self, where: str, keys: Sequence[str], extra: Sequence = ()) -> Iterator[sqlite3.Row]:
        """Rows matching ``where`` (with one IN-list placeholder ``{}``) for every chunk of keys."""
        for chunk in _chunks(list(keys)):
            yield from self._events(where.format(_marks(chunk)), [*chunk, *extra])

    @staticmethod
    def event_item(row: sqlite3.Row) -> Item:
        return Item(EVENT, row["key"], {"uid": row["uid"], "name": row["name"], "start": row["start"],
                                        "end": row["end"], "location": row["location"], "_ts": row["ts"]})

    def person_names(self) -> dict[str, str]:
        """Each address's name: the CN seen most often (ties broken alphabetically)."""
        if self._names is None:
            counts: dict[str, Counter] = defaultdict(Counter)
            for row in self.db.execute("SELECT email, name, COUNT(*) AS n FROM attendees GROUP BY email, name"):
                if row["name"]:
                    counts[row["email"]][row["name"]] += row["n"]
            self._names = {email: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for email, c in counts.items()}
        return self._names

    def person_item(self, email: str) -> Item:
        return Item(PERSON, email, {"email": email, "name": self.person_names().get(email)})

    def self_item(self) -> Item:
        ctx = self.context
        return Item(SELF, SELF_KEY, {"name": ctx.self_name or "you", "emails": sorted(ctx.self_emails)})

    def _self_condition(self) -> tuple[str, list[str]]:
        """SQL (on events e) for 'the user attended': a self address attended, or nobody is listed."""
        emails = sorted(self.context.self_emails)
        if not emails:
            return "e.people = 0", []
        return (f"(e.people = 0 OR e.grp IN (SELECT grp FROM attendees WHERE email IN ({_marks(emails)})))",
                emails)

    # -- tools ---------------------------------------------------------------------------------------
    @tool(PERSON, "attended", EVENT)
    def person_attended_event(self, known: Selection) -> Iterator[Link]:
        """Given persons, the events they attended or organised."""
        if not known.links:  # each event once: by its attendee group, not per attendee
            yield from self._events_attended_by(None if known.is_all else known.keys())
            return
        sql = f"SELECT a.email, {EVENT_COLUMNS} FROM attendees a JOIN events e ON e.grp = a.grp"
        rows = self._events(sql) if known.is_all else self._events_by_key(sql + " WHERE a.email IN ({})", known.keys())
        built: dict[int, Item] = {}  # an event several of the people attended is one Item, built once
        for row in rows:
            if not self.context.is_self(row["email"]):
                item = built.get(row["row_id"])
                if item is None:
                    item = built[row["row_id"]] = self.event_item(row)
                yield row["email"], item

    def _events_attended_by(self, emails: Sequence[str] | None) -> Iterator[Link]:
        """Each event one of ``emails`` (None: anyone but the user) attended, once, keyed None."""
        me = sorted({e.lower() for e in self.context.self_emails})
        if emails is None:
            rows = self._events(f"SELECT {EVENT_COLUMNS} FROM events e WHERE e.grp IN (SELECT grp FROM attendees "
                                f"WHERE email NOT IN ({_marks(me)}))", me)
        else:
            emails = [e for e in emails if not self.context.is_self(e)]
            rows = iter(select_in(self.db, f"SELECT {EVENT_COLUMNS} FROM events e WHERE e.grp IN (SELECT grp FROM "
                                  "attendees WHERE email IN {})", emails))
        seen: set[int] = set()
        for row in rows:
            if row["row_id"] not in seen:
                seen.add(row["row_id"])
                yield None, self.event_item(row)

    @tool(EVENT, "attended", PERSON)
    def event_attended_person(self, known: Selection) -> Iterator[Link]:
        """Given events, the people who attended or organised them (not the user)."""
        sql = "SELECT e.key, a.email FROM events e JOIN attendees a ON a.grp = e.grp"
        rows = self._events(sql) if known.is_all else self._events_by_key(sql + " WHERE e.key IN ({})", known.keys())
        for row in rows:
            if not self.context.is_self(row["email"]):
                yield row["key"], self.person_item(row["email"])

    @tool(SELF, "attended", EVENT)
    def self_attended_event(self, known: Selection) -> Iterator[Link]:
        """The events the user attended or organised, and entries in the user's own calendar."""
        if not known.is_all and SELF_KEY not in known.keys():
            return
        condition, params = self._self_condition()
        for row in self._events(f"SELECT {EVENT_COLUMNS} FROM events e WHERE {condition}", params):
            yield SELF_KEY, self.event_item(row)

    @tool(EVENT, "attended", SELF)
    def event_attended_self(self, known: Selection) -> Iterator[Link]:
        """Given events, the user when they attended them."""
        condition, params = self._self_condition()
        if known.is_all:
            rows = self._events(f"SELECT e.key FROM events e WHERE {condition}", params)
        else:  # the keys' IN-list comes first, the self addresses after it
            rows = self._events_by_key(f"SELECT e.key FROM events e WHERE e.key IN ({{}}) AND {condition}",
                                       known.keys(), params)
        me = self.self_item()
        for row in rows:
            yield row["key"], me

    @tool(EVENT, "occurred_on", DATE)
    def event_occurred_on_date(self, known: Selection) -> Iterator[Link]:
        """Given events, the day each one starts on."""
        sql = "SELECT e.key, e.day FROM events e"
        rows = self._events(sql) if known.is_all else self._events_by_key(sql + " WHERE e.key IN ({})", known.keys())
        for row in rows:
            yield row["key"], day_item(date.fromisoformat(row["day"]))

    @tool(DATE, "occurred_on", EVENT)
    def date_occurred_on_event(self, known: Selection) -> Iterator[Link]:
        """Given date ranges, the events starting within them."""
        if known.is_all:
            for row in self._events(f"SELECT {EVENT_COLUMNS} FROM events e"):
                yield day_item(date.fromisoformat(row["day"])).key, self.event_item(row)
            return
        for key, item in (known.items or {}).items():
            rng = item.fields.get("range")
            if not isinstance(rng, DateRange) or rng.empty:
                continue
            sql, params = f"SELECT {EVENT_COLUMNS} FROM events e WHERE 1", []
            if rng.start is not None:
                sql, params = sql + " AND e.day >= ?", params + [rng.start.isoformat()]
            if rng.end is not None:
                sql, params = sql + " AND e.day < ?", params + [rng.end.isoformat()]
            for row in self._events(sql, params):
                yield key, self.event_item(row)

    @tool(EVENT, "location", PLACE)
    def event_location_place(self, known: Selection) -> Iterator[Link]:
        """Given events, where they take place."""
        sql = "SELECT e.key, e.location, e.place FROM events e WHERE e.place IS NOT NULL"
        rows = self._events(sql) if known.is_all else self._events_by_key(sql + " AND e.key IN ({})", known.keys())
        for row in rows:
            yield row["key"], Item(PLACE, row["place"], {"name": row["location"]})

    @tool(PLACE, "location", EVENT)
    def place_location_event(self, known: Selection) -> Iterator[Link]:
        """Given places, the events taking place there."""
        sql = f"SELECT e.place, {EVENT_COLUMNS} FROM events e WHERE e.place IS NOT NULL"
        given = {norm(k): k for k in known.keys()}  # answer with the caller's keys, however they are written
        rows = self._events(sql) if known.is_all else self._events_by_key(sql + " AND e.place IN ({})", list(given))
        for row in rows:
            yield given.get(row["place"], row["place"]), self.event_item(row)

    # -- estimates for the cost-aware planner --------------------------------------------------------
    def _statistics(self) -> dict[str, float]:
        """Table sizes the estimates are made of, read once after each refresh: the stored lexicon counts
        attendances per person and events per location; the rest are row ids and indexed ends."""
        if self._counts is None:
            db = self.db
            one = lambda sql, params=(): db.execute(sql, params).fetchone()[0] or 0  # noqa: E731
            events = one("SELECT max(rowid) FROM events")
            first, last = one("SELECT min(day) FROM events"), one("SELECT max(day) FROM events")
            days = (date.fromisoformat(last) - date.fromisoformat(first)).days + 1 if first and last else 1
            me = sorted(self.context.self_emails)
            person, place = LexiconKind.PERSON, LexiconKind.PLACE
            self._counts = {
                "events": events, "days": max(1, days),
                "links": one("SELECT sum(count) FROM lexicon WHERE kind = ?", (person,)),
                "people": max(1, one("SELECT count(DISTINCT value) FROM lexicon WHERE kind = ?", (person,))),
                # the user's attendances, and the events of the user's own calendar (nobody listed)
                "mine": (one(f"SELECT sum(count) FROM lexicon WHERE kind = ? AND value IN ({_marks(me)})",
                             (person, *me)) if me else 0) + one("SELECT count(*) FROM events WHERE people = 0"),
                "placed": one("SELECT sum(count) FROM lexicon WHERE kind = ?", (place,)),
                "places": max(1, one("SELECT count(*) FROM lexicon WHERE kind = ?", (place,))),
            }
        return self._counts

    def estimate(self, type_: EntityType, filters: list[FilterConstraint]) -> int | None:
        """Events, places and people: counted from the index (what ``find`` gives, when filtered)."""
        return self.remembered_estimate(self._estimates, type_, filters, lambda: self._estimate(type_, filters))

    def _estimate(self, type_: EntityType, filters: list[FilterConstraint]) -> int | None:
        if type_ not in (EVENT, PLACE, PERSON):
            return 0
        c = self._statistics()
        if not filters:
            return int({EVENT: c["events"], PLACE: c["places"], PERSON: c["people"]}[type_])
        try:
            if type_ == PERSON and not self.index.lexicon_stale():  # named from the stored lexicon: grouping
                return len(filter_items(self._lexicon_people(), filters))  # every attendance costs more than the run
            return len(list(self.find(type_, filters) or ()))
        except QueryWeaverError:  # an ambiguous first name: the run says so, the estimate need not
            return int(c["people"])

    def _lexicon_people(self) -> dict[str, Item]:
        """Every attendee but the user, named as most often in the stored lexicon (for estimates only)."""
        counts: dict[str, Counter] = defaultdict(Counter)
        for email, name, count in self.db.execute("SELECT value, extra, count FROM lexicon WHERE kind = ?",
                                                  (LexiconKind.PERSON,)):
            if not self.context.is_self(email):
                counts[email][name] += count
        return {email: Item(PERSON, email, {"email": email, "name": min(
            ((n, k) for n, k in c.items() if n), key=lambda kv: (-kv[1], kv[0]), default=(None, 0))[0]})
            for email, c in counts.items()}

    def fanout(self, known: EntityType, edge: str, wanted: EntityType) -> float | None:
        c = self._statistics()
        events = max(1, c["events"])
        return {(PERSON, EVENT): c["links"] / c["people"], (EVENT, PERSON): c["links"] / events,
                (SELF, EVENT): c["mine"], (EVENT, SELF): c["mine"] / events,
                (DATE, EVENT): events / c["days"], (EVENT, DATE): 1.0,
                (PLACE, EVENT): c["placed"] / c["places"], (EVENT, PLACE): c["placed"] / events}.get((known, wanted))

    # -- hooks ---------------------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list[FilterConstraint]) -> Iterable[Item] | None:
        """Events by title, places by name, people by name or address."""
        if type_ == EVENT:
            return filter_items(self._find_events(filters), filters).values()
        if type_ == PLACE:
            places = {r["place"]: Item(PLACE, r["place"], {"name": r["location"]}) for r in self.db.execute(
                "SELECT place, MIN(location) AS location FROM events WHERE place IS NOT NULL GROUP BY place")}
            return filter_items(places, filters).values()
        if type_ == PERSON:
            if self._attendees is None:  # the addresses, read once after each refresh; the items are new each time
                self._attendees = [r["email"] for r in self.db.execute("SELECT DISTINCT email FROM attendees")
                                   if not self.context.is_self(r["email"])]
            people = {email: self.person_item(email) for email in self._attendees}
            return filter_items(people, filters).values()
        return None

    def _find_events(self, filters: list[FilterConstraint]) -> dict[str, Item]:
        """Events passing the title filters, narrowed in SQL first (filter_items then decides)."""
        sql, params = f"SELECT {EVENT_COLUMNS} FROM events e WHERE 1", []
        for flt in filters:
            if flt.field == "name":
                sql += " AND e.norm_name = ?" if flt.op == "=" else " AND instr(e.norm_name, ?) > 0"
                params.append(norm(flt.value))
        return {row["key"]: self.event_item(row) for row in self._events(sql, params)}

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Give people seen only elsewhere the name their calendar invitations carry."""
        if type_ != PERSON:
            return
        names = self.person_names()
        for key, item in items.items():
            if not item.fields.get("name") and names.get(key):
                item.fields["name"] = names[key]


def register_connectors(register: Callable[[type], None]) -> None:
    register(IcsConnector)
