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
size or mtime changed are parsed again. Plain events (one VEVENT per UID, no recurrence, the usual time forms)
and simple series (one such VEVENT with one RRULE without BYxxx parts but a weekly BYDAY, and EXDATEs at most:
``_simple_rule``) are read and expanded by a reader of our own, the rest by icalendar and recurring-ical-events,
with the same rows either way (``file_rows``). A broken event is skipped with one warning naming it and its file;
a file that is not iCalendar at all is skipped with a warning. A file icalendar cannot read whole because of an
alarm, a to-do or another part that is not an event, or because of a VTIMEZONE, is read without those parts
(``_readable_calendars``), with one warning.
"""

from __future__ import annotations

import codecs
import json
import re
import sqlite3
import time as _time
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from datetime import date, datetime, time, timedelta, timezone
from itertools import chain, islice
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, Sequence
from zoneinfo import ZoneInfo

from queryweaver.config import SourceConfig
from queryweaver import regex_cache
from queryweaver.digests import sha1_hex
from queryweaver.connector import Connector, Context, IndexReport, Link, Selection, tool
from queryweaver.errors import QueryWeaverError
from queryweaver.filters import filter_items, norm
from queryweaver.graph import FilterConstraint
from queryweaver.reader.grounding import Lexicon, LexiconKind, LexiconRow
from queryweaver.index import SourceIndex, lexicon_state, refresh_or_keep, select_in
from queryweaver.refresh_stamp import Unchanged
from queryweaver.filters import item_matches
from queryweaver.items import LEAN, SELF_KEY, DateRange, Item, day_item
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

SCHEMA_VERSION = 3  # 2: one-line titles and locations; 3: the day index covers what a lean event needs
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
CREATE INDEX events_day ON events(day, key, ts, grp);  -- covers LEAN_COLUMNS: a month's events from the index alone
CREATE INDEX events_place ON events(place);
CREATE INDEX events_grp ON events(grp);
-- the user's own entries, counted by the planner's statistics in every question (a scan of every event without it)
CREATE INDEX events_nobody ON events(people) WHERE people = 0;
CREATE TABLE attendees (
    input INTEGER NOT NULL,
    grp TEXT NOT NULL,          -- one row set per distinct attendee list in a file, shared by occurrences
    email TEXT NOT NULL,
    name TEXT NOT NULL
);
CREATE INDEX attendees_email ON attendees(email);
CREATE INDEX attendees_grp ON attendees(grp);
"""
EVENT_COLUMNS = 'e.rowid AS row_id, e.key, e.uid, e.name, e.start, e."end", e.location, e.ts, e.day, e.grp'
LEAN_COLUMNS = "e.key, e.ts, e.grp"   # a lean Event item's (lean_item); describe reads the rest by key

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
    return parse_calendars(path.read_bytes())


def parse_calendars(data: bytes | str, warn: Warn | None = None) -> list[icalendar.Calendar]:
    """Every VCALENDAR in a file's bytes (or its text); ValueError when it is not iCalendar at all. A file icalendar
    cannot read whole is read again without the parts no event depends on (``_readable_calendars``); ``warn``
    hears what was left out then, in sentences that follow the file's name."""
    import icalendar

    try:
        found = icalendar.Calendar.from_ical(data, multiple=True)
    except ValueError as exc:
        found = _readable_calendars(data, warn or (lambda message: None))
        if found is None:
            raise ValueError(f"not an iCalendar file ({_short(exc)})") from exc
    calendars = [c for c in found if isinstance(c, icalendar.Calendar) and c.name == "VCALENDAR"]
    if not calendars:
        raise ValueError("not an iCalendar file (no VCALENDAR in it)")
    for calendar in calendars:
        _zone_times_by_trimmed_tzid(calendar)
    return calendars


_ZONED_PROPERTIES = ("DTSTART", "DTEND", "RECURRENCE-ID", "RDATE", "EXDATE")


def _zone_times_by_trimmed_tzid(calendar: icalendar.Calendar) -> None:
    """Give its zone to each event time whose TZID names one of the calendar's VTIMEZONEs but for the spaces
    around the name: icalendar trims the parameter (``TZID=Mitteleuropäische Zeit :...`` in a GroupWise
    invitation) but not the VTIMEZONE's TZID, finds no zone by that name and reads the time as floating."""
    zones = {}
    for zone in calendar.walk("VTIMEZONE"):
        tzid = str(zone.get("TZID", ""))
        if tzid != tzid.strip():
            zones[tzid.strip()] = zone
    if not zones:
        return
    found: dict[str, object] = {}
    for component in calendar.walk("VEVENT"):
        for name in _ZONED_PROPERTIES:
            values = component.get(name)
            for value in values if isinstance(values, list) else [values] if values is not None else []:
                tzid = str(getattr(value, "params", {}).get("TZID", "")).strip()
                if tzid not in zones:
                    continue
                if tzid not in found:
                    found[tzid] = zones[tzid].to_tz(lookup_tzid=False)
                for moment in getattr(value, "dts", [value]):
                    if isinstance(getattr(moment, "dt", None), datetime) and moment.dt.tzinfo is None:
                        moment.dt = moment.dt.replace(tzinfo=found[tzid])


# icalendar reads a VEVENT leniently (a value it cannot read is kept as broken, and _broken_reason judges it),
# but a value it cannot read anywhere else fails the whole file: an alarm's TRIGGER;RELATED=START:PT-2H (a rail
# operator's tickets), a to-do's DTSTAMP, a VTIMEZONE's TZOFFSETFROM:+5328. Only these components make rows.
_READ_COMPONENTS = frozenset({"VCALENDAR", "VEVENT", "VTIMEZONE", "STANDARD", "DAYLIGHT"})


def _readable_calendars(data: bytes | str, warn: Callable[[str], None]) -> list[icalendar.Calendar] | None:
    """The calendars of a file icalendar cannot read whole, read without its alarms, to-dos, journal entries,
    free/busy and other components no row depends on, and without each VTIMEZONE icalendar cannot read; None
    when that does not make it readable."""
    import icalendar
    from icalendar.parser_tools import to_unicode

    kept: list[str | list[str]] = []   # the lines read, each VTIMEZONE as a list of its own
    zone: list[str] | None = None
    depth = 0            # inside a component left out or a VTIMEZONE: how deep
    left_out = False
    for line in content_lines(to_unicode(data)):
        word = _begin_end(line) if line[0] not in _NOT_BEGIN_END else None
        step = (1 if word[0] == "BEGIN" else -1) if word else 0
        if depth:
            depth += step
            if zone is not None:
                zone.append(line)
                if not depth:
                    zone = None
            continue
        if step == 1 and word[1] not in _READ_COMPONENTS:
            depth, left_out = 1, True
        elif word == ("BEGIN", "VTIMEZONE"):
            depth, zone = 1, [line]
            kept.append(zone)
        else:
            kept.append(line)
    text: list[str] = []
    for part in kept:
        if isinstance(part, str):
            text.append(part)
            continue
        try:
            icalendar.Calendar.from_ical("\r\n".join(["BEGIN:VCALENDAR", *part, "END:VCALENDAR", ""]))
        except ValueError as exc:
            tzid = next((line.split(":", 1)[1] for line in part if line[:5].upper() == "TZID:"), "")
            warn(f"ignored its time zone {tzid.strip()!r}, which cannot be read ({_short(exc)}); times in it are "
                 "read in the zone of that name, or as floating times when there is none")
        else:
            text.extend(part)
    try:
        found = icalendar.Calendar.from_ical("\r\n".join([*text, ""]), multiple=True)
    except ValueError:
        return None
    if left_out:
        warn("read without its alarms, to-dos, journal entries and other parts that are not events, "
             "as one of them cannot be read")
    return found


def parse_ics_file(conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn,
                   settings: ParseSettings, workers: int = 0, task_bytes: int = ICS_TASK_BYTES) -> int:
    """Index every event occurrence of one file; returns how many were stored. With ``workers``, its events are
    parsed in that many worker processes (``parallel_rows``, ``task_bytes`` of them per task), in the same order."""
    if workers:
        from queryweaver.workers import PoolBroken  # here: a question never needs it

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
    for row, attended in file_rows(path.read_bytes(), path, warn, settings):
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


# -- a fast reader for plain events ----------------------------------------------------------------------
# icalendar reads each content line character by character in Python; most events of a real calendar are
# plain (one VEVENT per UID, no recurrence, times in one of the usual forms, simple parameters), and those are
# read here from the text with a few regular expressions instead. So are simple series (a daily, weekly, monthly
# or yearly RRULE with INTERVAL, COUNT or UNTIL, a weekly BYDAY and WKST, and EXDATEs, on such an event),
# expanded here as recurring-ical-events expands them (``_series_occurrences``). Whatever this reader is not sure of (an
# unknown value form, other recurrence, a UID seen twice, parameters with escapes, anything that would warn) is left
# to icalendar, per event: those events are parsed from a calendar holding the original's properties and time
# zones and only them, as the worker processes do, and their rows are placed where a whole parse puts them.
# The rows and warnings are exactly those of ``whole_file_rows(data)`` (tests/test_ics_fast.py,
# tests/test_ics_rrule.py).

_PLAIN_NAME = regex_cache.compile(r"([A-Za-z0-9-]+)([;:])")
# one parameter and the delimiter after it: a quoted value or a plain one, with nothing icalendar would
# rewrite (backslash and percent escapes, RFC 6868 carets, whitespace around the value or an '=' in it, a list
# of values)
_PLAIN_PARAM = regex_cache.compile(
    r'([A-Za-z0-9-]+)=(?:"([^"\\%^\x00-\x08\x0a-\x1f\x7f]*)"'
    r'|([^";:,=\\%^\x00-\x20\x7f](?:[^";:,=\\%^\x00-\x08\x0a-\x1f\x7f]*[^";:,=\\%^\x00-\x20\x7f])?)?)([;:])')
_PLAIN_TIME = regex_cache.compile(r"([0-9]{4})([0-9]{2})([0-9]{2})(?:T([0-9]{2})([0-9]{2})([0-9]{2})(Z?))?\Z")
_PLAIN_DURATION = regex_cache.compile(
    r"([-+]?)P(?:([0-9]{1,6})W)?(?:([0-9]{1,6})D)?(?:T(?:([0-9]{1,6})H)?(?:([0-9]{1,6})M)?(?:([0-9]{1,6})S)?)?\Z")
_PLAIN_UTC_TIME = regex_cache.compile(r"[0-9]{8}T[0-9]{6}Z\Z")
_PLAIN_VALUE_PARAM = regex_cache.compile(r"VALUE=(?:URI|TEXT)[;:]", re.IGNORECASE)   # text-like values of other props
_TEXT_ESCAPE = regex_cache.compile(r"\\([\\,;:nN])")   # icalendar's unescaping of TEXT values
_BEGIN_END = regex_cache.compile(r"(BEGIN|END):([A-Za-z0-9-]+)\Z", re.IGNORECASE)
_RAW_NAME = regex_cache.compile(r'([^:;"\\]*)[:;]')
_BLANKS = regex_cache.compile(r"[ \t]+")
_NOT_BEGIN_END = frozenset("ACDFGHIJKLMNOPQRSTUVWXYZacdfghijklmnopqrstuvwxyz0123456789")  # a line's first letter

_TEXT_PROPS = frozenset({"SUMMARY", "LOCATION", "UID", "STATUS"})
_PEOPLE_PROPS = frozenset({"ATTENDEE", "ORGANIZER"})
_TIME_PROPS = frozenset({"DTSTART", "DTEND"})
# properties an event may have that change none of its rows and cannot break its parse
_OTHER_PROPS = frozenset({"DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "DESCRIPTION", "CLASS", "TRANSP",
                          "PRIORITY", "URL", "COMMENT", "CATEGORIES", "CONTACT", "RESOURCES"})
_ALARM_TEXT = frozenset({"ACTION", "DESCRIPTION", "SUMMARY", "UID"})


@dataclass
class _PlainEvent:
    uid: str
    start: date
    end: date
    summary: str
    location: str
    status: str
    people: list[tuple[bool, str, dict[str, str]]]   # attendance()'s input: the ORGANIZER first
    rule: _Rule | None = None   # a simple series (see _simple_rule); then ``end`` is DTSTART's end
    exdates: tuple[date, ...] = ()   # its EXDATE values


@dataclass(frozen=True)
class _Rule:
    """An RRULE of the simple kind: FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, INTERVAL, COUNT or UNTIL, BYDAY
    (weekly only), WKST."""

    freq: str                     # DAILY, WEEKLY, MONTHLY or YEARLY
    interval: int
    count: int | None
    until: date | None            # as written: a date, a floating or a UTC time
    days: tuple[int, ...] | None  # BYDAY as weekday numbers (0: Monday), None when absent
    wkst: int                     # WKST as a weekday number (Monday when absent)


@dataclass
class _CalendarText:
    """One VCALENDAR of a file as unfolded content lines."""

    header: list[str]          # its own properties
    zones: list[str]           # its VTIMEZONEs, whole
    events: list[list[str]]    # each VEVENT, from BEGIN to END
    plain_ok: bool             # no property of its own changes how events are read (X-WR-TIMEZONE)


def file_rows(data: bytes | str, path: Path, warn: Warn, settings: ParseSettings,
              span_floor: date | None = None) -> Iterator[tuple[tuple, list[tuple[str, str]]]]:
    """``whole_file_rows`` of the file: the same rows in the same order, with the same warnings, and the same
    ValueError for a file that is not iCalendar; plain events are read here."""
    plan = _plan_file(data, path)
    if plan is None:
        return whole_file_rows(data, path, warn, settings, span_floor)
    return _planned_rows(plan, path, warn, settings, span_floor)


def whole_file_rows(data: bytes | str, path: Path, warn: Warn, settings: ParseSettings,
                    span_floor: date | None = None) -> Iterator[tuple[tuple, list[tuple[str, str]]]]:
    """``calendar_rows`` of the file parsed whole by icalendar (``parse_calendars``), after a warning for what
    that left out of a file it could not read whole; ValueError for a file that is not iCalendar."""
    said: list[str] = []
    calendars = parse_calendars(data, said.append)
    for message in said:
        warn(f"{path}: {message}")
    return calendar_rows(calendars, path, warn, settings, span_floor)


def _plan_file(data: bytes | str, path: Path) -> list[tuple] | None:
    """Per calendar: its warnings and its series in order, plain events read and the rest parsed by icalendar;
    None when the file is not of the plain layout or anything disagrees (then it is parsed whole)."""
    layout = _file_layout(data)
    if layout is None:
        return None
    import icalendar

    chosen: list[list] = []   # per calendar: each VEVENT's _PlainEvent, or None for icalendar to read it
    texts = []
    for calendar in layout:
        plain = [_plain_event(block) if calendar.plain_ok else None for block in calendar.events]
        if not _gregorian(calendar.header):   # recurring-ical-events refuses the series: it says so
            plain = [None if event is not None and event.rule is not None else event for event in plain]
        # a UID seen twice is a series (or a clash): icalendar's to read, every event of it
        seen = Counter(event.uid if event is not None else _series_uid(block)
                       for block, event in zip(calendar.events, plain))
        plain = [None if event is None or seen[event.uid] > 1 else event for event in plain]
        chosen.append(plain)
        slow = [line for block, event in zip(calendar.events, plain) if event is None for line in block]
        texts.append("\r\n".join(["BEGIN:VCALENDAR", *calendar.header, *calendar.zones, *slow, "END:VCALENDAR"]))
    try:  # the rest, with the calendars' properties and zones (parsed always: they may break the file)
        found = icalendar.Calendar.from_ical("\r\n".join(texts) + "\r\n", multiple=True)
    except Exception:  # noqa: BLE001 - the whole parse says what is wrong
        return None
    if len(found) != len(layout) or not all(isinstance(c, icalendar.Calendar) and c.name == "VCALENDAR"
                                            for c in found):
        return None
    plan = []
    for calendar, parsed, plain in zip(layout, found, chosen):
        _zone_times_by_trimmed_tzid(parsed)
        slow_at = [at for at, event in enumerate(plain) if event is None]
        components = parsed.walk("VEVENT")
        if len(components) != len(slow_at) or ("X-WR-TIMEZONE" in parsed and len(slow_at) < len(plain)):
            return None
        said: list[str] = []
        series: dict[str, tuple[int, list]] = {}
        for at, component in zip(slow_at, components):
            uid = _usable_uid(component, path, said.append)
            if uid is not None:
                series.setdefault(uid, (at, []))[1].append(component)
        entries = [(at, event.uid, event) for at, event in enumerate(plain) if event is not None]
        if any(uid in series for _, uid, _ in entries):  # a plain event's UID is also another event's
            return None
        entries += [(at, uid, components) for uid, (at, components) in series.items()]
        entries.sort(key=lambda entry: entry[0])
        plan.append((parsed, said, entries))
    return plan


def _planned_rows(plan: list[tuple], path: Path, warn: Warn, settings: ParseSettings,
                  span_floor: date | None) -> Iterator[tuple[tuple, list[tuple[str, str]]]]:
    """The rows of a planned file, as ``calendar_rows`` gives them."""
    for calendar, said, entries in plan:
        for message in said:
            warn(message)
        if not entries:
            continue
        first = min(_as_date(event.start) if isinstance(event, _PlainEvent) else
                    min(_as_date(c.start) for c in event) for _, _, event in entries)
        span_start = min(first, span_floor or first) - timedelta(days=1)
        span = (datetime.combine(span_start, time()), datetime.combine(settings.horizon, time()))
        people: dict = {}
        for _, uid, event in entries:
            if isinstance(event, _PlainEvent):
                if event.rule is not None:
                    yield from _series_rows(event, span, path, warn, settings.tz)
                elif event.status.upper() != "CANCELLED":
                    yield _plain_row(event, settings.tz)
                continue
            recurring = len(event) > 1 or any(_is_recurring(c) for c in event)
            for start, end, component in _occurrences(calendar, event, span, path, warn):
                yield event_row(uid, start, end, component, recurring, settings.tz, people)


def _plain_row(event: _PlainEvent, tz: ZoneInfo) -> tuple[tuple, list[tuple[str, str]]]:
    """``event_row`` of a plain event's one occurrence."""
    start_iso, day, ts = local_time(event.start, tz)
    end_iso = local_time(event.end, tz)[0]
    name = " ".join(event.summary.split())
    location = one_line_address(event.location) or None
    attended, listed = attendance(event.people)
    return (event.uid, event.uid, name, norm(name), start_iso, end_iso, day.isoformat(), ts, location,
            norm(location) if location else None, listed), attended


def _file_layout(data: bytes | str) -> list[_CalendarText] | None:
    """The file's calendars as content lines unfolded as icalendar unfolds them; None unless the file is only
    VCALENDARs holding properties, VTIMEZONEs and VEVENTs (with VALARMs at most)."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")   # as icalendar decodes; other encodings are read by it
        except UnicodeDecodeError:
            return None
    lines = content_lines(data)
    # the BEGIN and END lines, in order (a line starting with another letter names another property)
    marks = [(at, word) for at, line in enumerate(lines)
             if line[0] not in _NOT_BEGIN_END and (word := _begin_end(line)) is not None]
    calendars: list[_CalendarText] = []
    at = mark = 0   # the next line and the next mark to read
    while mark < len(marks):
        begin, word = marks[mark]
        if begin != at or word != ("BEGIN", "VCALENDAR"):
            return None
        calendar = _CalendarText([], [], [], True)
        at, mark = begin + 1, mark + 1
        while True:
            if mark >= len(marks):
                return None
            begin, word = marks[mark]
            for line in lines[at:begin]:   # the calendar's own properties
                calendar.header.append(line)
                named = _PLAIN_NAME.match(line)
                if named is None or named.group(1).upper() == "X-WR-TIMEZONE":
                    calendar.plain_ok = False
            if word == ("END", "VCALENDAR"):
                at, mark = begin + 1, mark + 1
                break
            name = word[1] if word else ""
            mark = _end_mark(marks, mark, word, 1)
            if mark is None:
                return None
            end = marks[mark][0]
            (calendar.zones.extend if name == "VTIMEZONE" else calendar.events.append)(lines[begin:end + 1])
            at, mark = end + 1, mark + 1
        calendars.append(calendar)
    return calendars if calendars and at == len(lines) else None


def _gregorian(header: list[str]) -> bool:
    """Whether recurring-ical-events expands a calendar with these properties: no CALSCALE but GREGORIAN (the
    value as written, as it compares it), at most once."""
    scales = [line for line in header if line[:8].upper() == "CALSCALE"]
    return not scales or scales == ["CALSCALE:GREGORIAN"]


def _end_mark(marks: list, mark: int, word: tuple[str, str] | None, slot: int) -> int | None:
    """The index of the mark that ENDs the event or time zone whose BEGIN ``word`` is at ``marks[mark]`` (each
    mark holds its ("BEGIN"/"END", name) word at ``slot``); None when the layout is one the fast reader leaves to
    icalendar: another component there, an event inside a component, anything but plain alarms inside an event,
    an END that names another one."""
    if not word or word[0] != "BEGIN" or word[1] not in ("VEVENT", "VTIMEZONE"):
        return None
    name, depth = word[1], 0
    while True:
        mark += 1
        if mark >= len(marks) or not marks[mark][slot]:
            return None
        kind, inner = marks[mark][slot]
        if kind == "BEGIN":
            if inner == "VEVENT" or (name == "VEVENT" and (inner != "VALARM" or depth)):
                return None   # what these hold changes what is read
            depth += 1
        elif depth:
            depth -= 1   # icalendar ends the innermost component whatever the END names
        elif inner == name:
            return mark
        else:
            return None


def content_lines(text: str) -> list[str]:
    """The text's content lines, unfolded, as icalendar's Contentlines.from_ical gives them (without the empty
    ones): its expressions are slow on a large file, so a file without blank lines is cut here."""
    if "\n\n" in text or "\n\r\n" in text:   # a fold may run over blank lines: icalendar's own way
        from icalendar.parser.content_line import NEWLINE, UFOLD

        return [line for line in NEWLINE.split(UFOLD.sub("", text)) if line]
    breaks = text.count("\n")
    if breaks == text.count("\r") == text.count("\r\n"):   # CRLF alone: no fold can form another one
        lines = text.replace("\r\n ", "").replace("\r\n\t", "").split("\r\n")
        return [line for line in lines if line] if "" in lines else lines
    if "\r" not in text:   # LF alone
        lines = text.replace("\n ", "").replace("\n\t", "").split("\n")
        return [line for line in lines if line] if "" in lines else lines
    pieces = text.split("\n")   # each but the last is followed by a line break
    lines: list[str] = []
    line = previous = pieces[0]
    for piece in islice(pieces, 1, None):
        if piece[:1] in (" ", "\t"):   # a fold: the line break (with the CR before it), and a space or a tab
            line = (line[:-1] if previous[-1:] == "\r" else line) + piece[1:]
        else:   # a line break, and the CR before it once the line is unfolded
            lines.append(line[:-1] if line[-1:] == "\r" else line)
            line = piece
        previous = piece
    lines.append(line)
    return [line for line in lines if line] if "" in lines else lines


def _begin_end(line: str) -> tuple[str, str] | None | bool:
    """("BEGIN"|"END", component) for a line icalendar reads as one, None for other lines, False for a BEGIN
    or END line in a form this does not read."""
    plain = _BEGIN_END.match(line)
    if plain is not None:
        return plain.group(1).upper(), plain.group(2).upper()
    named = _RAW_NAME.match(line)
    if named is None or _BLANKS.sub("", named.group(1).strip()).upper() not in ("BEGIN", "END"):
        return None
    return False


def _plain_event(block: list[str]) -> _PlainEvent | None:
    """A VEVENT's properties when it is plain (see above), else None."""
    values: dict[str, object] = {}
    people: list[tuple[bool, str, dict[str, str]]] = []
    exdates: list[date] = []
    organizer = None
    at, last = 1, len(block) - 1
    while at < last:
        line = block[at]
        at += 1
        named = _PLAIN_NAME.match(line)
        if named is None:
            return None
        name = named.group(1).upper()
        if name in _OTHER_PROPS or name.startswith("X-"):
            if named.group(2) == ";" and "VALUE" in line.upper() and not _PLAIN_VALUE_PARAM.match(line, named.end()):
                return None   # perhaps a value of another type, that icalendar would read as such
            continue
        if name == "BEGIN":   # a VALARM (_block_end let no other in)
            at = _plain_alarm(block, at)
            if at is None:
                return None
            continue
        params: dict[str, str] = {}
        pos = named.end()
        if named.group(2) == ";":
            while True:
                param = _PLAIN_PARAM.match(line, pos)
                if param is None:
                    return None
                key = param.group(1).upper()
                if key in params:
                    return None
                params[key] = param.group(2) if param.group(2) is not None else param.group(3) or ""
                pos = param.end()
                if param.group(4) == ":":
                    break
        value = line[pos:]
        if name in _TIME_PROPS:
            if name in values or not params.keys() <= {"TZID", "VALUE"} or \
                    params.get("VALUE", "DATE").upper() not in ("DATE", "DATE-TIME"):
                return None
            moment = _plain_time(value, params.get("TZID"))
            if moment is None:
                return None
            values[name] = moment
        elif name in _TEXT_PROPS:
            if name in values or "VALUE" in params:
                return None
            values[name] = _TEXT_ESCAPE.sub(_unescaped, value) if "\\" in value else value
        elif name in _PEOPLE_PROPS:
            if "VALUE" in params or "\\" in value or "\r" in value:
                return None
            if name == "ATTENDEE":
                people.append((True, value, params))
            elif organizer is None:
                organizer = (False, value, params)
            else:
                return None
        elif name == "DURATION":
            if name in values or params:
                return None
            values[name] = _plain_duration(value)
            if values[name] is None:
                return None
        elif name == "RRULE":
            if name in values or params:
                return None
            values[name] = _simple_rule(value)
            if values[name] is None:
                return None
        elif name == "EXDATE":
            if not params.keys() <= {"TZID", "VALUE"}:
                return None
            kind = params.get("VALUE", "DATE-TIME").upper()
            for item in value.split(","):
                moment = _plain_time(item, params.get("TZID"))
                if moment is None or (kind == "DATE") == isinstance(moment, datetime) or kind not in (
                        "DATE", "DATE-TIME"):
                    return None
                exdates.append(moment)
        else:   # other recurrence, or a property this does not know
            return None
    uid, start = values.get("UID"), values.get("DTSTART")
    if not isinstance(uid, str) or not uid.strip() or uid.startswith("no-uid-") or start is None:
        return None
    end, duration = values.get("DTEND"), values.get("DURATION")
    is_date = not isinstance(start, datetime)
    if end is not None:   # as icalendar's Event.end
        if duration is not None or is_date != (not isinstance(end, datetime)):
            return None
    elif duration is not None:
        if is_date and duration.seconds != 0:
            return None
        end = start if duration.total_seconds() <= 0 else start + duration
    else:
        end = start + timedelta(days=1) if is_date else start
    rule = values.get("RRULE")
    if rule is not None:
        if not _simple_series(start, end, duration, exdates):
            return None
    elif exdates:   # EXDATE without RRULE: icalendar reads one occurrence, keyed by the UID alone
        return None
    if organizer is not None:
        people.insert(0, organizer)
    return _PlainEvent(uid, start, end, values.get("SUMMARY", ""), values.get("LOCATION", ""),
                       values.get("STATUS", ""), people, rule, tuple(exdates))


def _series_uid(block: list[str]) -> str | None:
    """The UID of an event that is not plain, as icalendar most likely reads it (the plan checks it is)."""
    for line in block:
        if line[:4].upper() == "UID:":
            value = line[4:]
            return _TEXT_ESCAPE.sub(_unescaped, value) if "\\" in value else value
    return None


def _unescaped(match: re.Match) -> str:
    return "\n" if match.group(1) in "nN" else match.group(1)


def _plain_time(value: str, tzid: str | None) -> date | None:
    """A DTSTART or DTEND value as icalendar reads it: a date, a UTC, floating or zoned time; None for others."""
    parts = _PLAIN_TIME.match(value)
    if parts is None:
        return None
    year, month, day, hour, minute, second, utc = parts.groups()
    if not 1000 <= int(year) <= 9000:
        return None
    try:
        if hour is None:
            return date(int(year), int(month), int(day)) if tzid is None else None
        moment = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second))
    except ValueError:
        return None
    if tzid is not None:
        zone = _known_zone(tzid)
        return moment.replace(tzinfo=zone) if zone is not None and not utc else None
    return moment.replace(tzinfo=_UTC) if utc else moment


_UTC = ZoneInfo("UTC")


@lru_cache(maxsize=None)
def _known_zone(tzid: str) -> ZoneInfo | None:
    """The zone of a TZID that names an IANA zone: icalendar uses that zone whatever VTIMEZONE the file has
    (a VTIMEZONE is used only for a TZID the zone database does not know)."""
    return ZoneInfo(tzid) if tzid in _iana_zones() else None


@lru_cache(maxsize=1)
def _iana_zones() -> frozenset[str]:
    from zoneinfo import available_timezones

    return frozenset(available_timezones())


_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_RULE_NUMBER = regex_cache.compile(r"[1-9][0-9]{0,5}\Z")


def _simple_rule(value: str) -> _Rule | None:
    """An RRULE value of the simple kind (``_Rule``) in the form icalendar and dateutil read as written: each
    part once, upper case, no COUNT with UNTIL; None for any other rule."""
    parts: dict[str, str] = {}
    for part in value.split(";"):
        key, equals, item = part.partition("=")
        if not equals or key in parts or key not in ("FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "WKST"):
            return None
        parts[key] = item
    freq = parts.get("FREQ")
    if freq not in ("DAILY", "WEEKLY", "MONTHLY", "YEARLY") or ("COUNT" in parts and "UNTIL" in parts):
        return None
    numbers = [parts.get(key, "1") for key in ("INTERVAL", "COUNT")]
    if not all(_RULE_NUMBER.match(number) for number in numbers) or len(numbers[0]) > 3:
        return None   # (an INTERVAL under 1000 keeps every start made before the horizon a valid date)
    until = None
    if "UNTIL" in parts:
        until = _plain_time(parts["UNTIL"], None)
        if until is None:
            return None
    days = None
    if "BYDAY" in parts:
        if freq != "WEEKLY" or not all(day in _WEEKDAYS for day in parts["BYDAY"].split(",")):
            return None
        days = tuple(sorted({_WEEKDAYS.index(day) for day in parts["BYDAY"].split(",")}))
    if parts.get("WKST", "MO") not in _WEEKDAYS:
        return None
    return _Rule(freq, int(numbers[0]), int(parts["COUNT"]) if "COUNT" in parts else None, until,
                 days, _WEEKDAYS.index(parts.get("WKST", "MO")))


def _simple_series(start: date, end: date, duration: timedelta | None, exdates: list[date]) -> bool:
    """Whether a series' times are of the kinds the expansion here reads as recurring-ical-events does: an end
    not before the start, both dates, both floating or both zoned; EXDATEs that are dates for an all-day series,
    not zoned for a floating one."""
    if duration is not None and duration < timedelta(0):
        return False
    if isinstance(start, datetime):
        if not isinstance(end, datetime) or (start.tzinfo is None) != (end.tzinfo is None):
            return False
        if start.tzinfo is None and any(isinstance(e, datetime) and e.tzinfo is not None for e in exdates):
            return False
    elif isinstance(end, datetime) or any(isinstance(e, datetime) for e in exdates):
        return False
    return end >= start


def _series_starts(first: datetime, rule: _Rule) -> Iterator[datetime]:
    """The starts dateutil's rrule makes of a simple rule from ``first`` (COUNT applied, UNTIL not), in order;
    each keeps the wall time of ``first`` (and its zone) whatever the UTC offset of its day."""
    days = _rule_days(first.date(), rule)
    for day in days if rule.count is None else islice(days, rule.count):
        yield first.replace(year=day.year, month=day.month, day=day.day)


def _rule_days(day: date, rule: _Rule) -> Iterator[date]:
    """The days of a simple rule from DTSTART's ``day``, endless (until a year past 9999, where dateutil stops)."""
    if rule.freq == "DAILY":
        step = timedelta(days=rule.interval)
        while True:
            yield day
            if (date.max - day).days < rule.interval:
                return
            day += step
    if rule.freq == "WEEKLY":
        # weeks start on WKST; every INTERVAL-th week from DTSTART's, the days of BYDAY (DTSTART's weekday when
        # absent) in it, none before DTSTART
        offsets = sorted((weekday - rule.wkst) % 7 for weekday in (rule.days or (day.weekday(),)))
        week = day - timedelta(days=(day.weekday() - rule.wkst) % 7)
        step = timedelta(weeks=rule.interval)
        while True:
            for offset in offsets:
                when = week + timedelta(days=offset)
                if when >= day:
                    yield when
            if (date.max - week).days < 7 * rule.interval + 7:
                return
            week += step
    # MONTHLY: DTSTART's day of the month every INTERVAL-th month, YEARLY: its month and day every INTERVAL-th
    # year; a month or year without that day (the 31st, 29 February) is skipped, not counted
    months = rule.interval * (12 if rule.freq == "YEARLY" else 1)
    at = day.year * 12 + day.month - 1
    while at // 12 <= 9999:
        try:
            yield date(at // 12, at % 12 + 1, day.day)
        except ValueError:
            pass
        at += months


def _rule_until(until: date, zone, all_day: bool) -> datetime:
    """A rule's UNTIL as recurring-ical-events compares starts with it (``create_rule_with_start``): for an
    all-day series a naive time (a UTC one cut to its date); for a floating series a naive time (a UTC one's
    wall time); for a zoned series a UTC time (a date's midnight, a floating time's wall time, in UTC)."""
    if not isinstance(until, datetime):
        return datetime.combine(until, time(), tzinfo=_UTC if zone is not None else None)
    if zone is None:
        if until.tzinfo is None:
            return until
        return datetime.combine(until.date(), time()) if all_day else until.replace(tzinfo=None)
    return until if until.tzinfo is not None else until.replace(tzinfo=_UTC)


def _recurrence_ids(moment: date) -> tuple[datetime, ...]:
    """recurring_ical_events.util.to_recurrence_ids: how EXDATEs and starts are matched."""
    if not isinstance(moment, datetime):
        return (datetime.combine(moment, time()),)
    if moment.tzinfo is None:
        return (moment,)
    return moment.astimezone(timezone.utc).replace(tzinfo=None), moment.replace(tzinfo=None)


def _series_occurrences(event: _PlainEvent, span: tuple[datetime, datetime], path: Path,
                        warn: Warn) -> list[tuple[date, date]]:
    """(start, end) of each occurrence of a simple series in the span, as ``_expand`` gives them through
    recurring-ical-events (Series.between over dateutil's rrule): DTSTART always, then the rule's starts, without
    those past UNTIL or matching an EXDATE, at most MAX_OCCURRENCES (with the same warning past that)."""
    rule, start = event.rule, event.start
    duration = event.end - start
    all_day = not isinstance(start, datetime)
    first = datetime.combine(start, time()) if all_day else start
    zone = first.tzinfo
    low = (span[0] - duration).replace(tzinfo=zone)            # rrule.between's bounds, both inclusive
    span_start, span_stop = span[0].replace(tzinfo=zone), span[1].replace(tzinfo=zone)
    until = None if rule.until is None else _rule_until(rule.until, zone, all_day)
    excluded_days = {e for e in event.exdates if not isinstance(e, datetime)}
    excluded = {i for e in event.exdates for i in _recurrence_ids(e)}
    found: list[tuple[date, date]] = []
    # DTSTART is an occurrence whether the rule makes it or not (recurring-ical-events adds it as an RDATE)
    starts = (moment for moment in _series_starts(first, rule) if moment != first)
    for moment in chain((first,), starts):
        if until is not None and moment > until:
            break
        if moment > span_stop:
            break
        if moment < low:
            continue
        if excluded and (moment.date() in excluded_days or not excluded.isdisjoint(_recurrence_ids(moment))):
            continue
        finish = moment + duration
        if not (span_start <= moment < span_stop if duration == timedelta(0) else
                moment < span_stop and span_start < finish):
            continue
        found.append((moment.date(), finish.date()) if all_day else (moment, finish))
        if len(found) > MAX_OCCURRENCES:
            break
    if len(found) > MAX_OCCURRENCES:
        summary = event.summary.strip() or "(no title)"
        warn(f"event {summary!r} (UID {event.uid}) in {path} repeats more than {MAX_OCCURRENCES} times; "
             f"only the first {MAX_OCCURRENCES} occurrences are indexed")
        found = found[:MAX_OCCURRENCES]
    return found


def _series_rows(event: _PlainEvent, span: tuple[datetime, datetime], path: Path, warn: Warn,
                 tz: ZoneInfo) -> Iterator[tuple[tuple, list[tuple[str, str]]]]:
    """``event_row`` of each occurrence of a simple series that is not cancelled."""
    occurrences = _series_occurrences(event, span, path, warn)
    if event.status.upper() == "CANCELLED":
        return
    name = " ".join(event.summary.split())
    location = one_line_address(event.location) or None
    attended, listed = attendance(event.people)
    place = norm(location) if location else None
    for start, end in occurrences:
        start_iso, day, ts = local_time(start, tz)
        yield (f"{event.uid}#{start_iso}", event.uid, name, norm(name), start_iso, local_time(end, tz)[0],
               day.isoformat(), ts, location, place, listed), attended


def _plain_duration(value: str) -> timedelta | None:
    parts = _PLAIN_DURATION.match(value)
    if parts is None:
        return None
    sign, weeks, days, hours, minutes, seconds = parts.groups()
    length = timedelta(weeks=int(weeks or 0), days=int(days or 0), hours=int(hours or 0),
                       minutes=int(minutes or 0), seconds=int(seconds or 0))
    return -length if sign == "-" else length


def _plain_alarm(block: list[str], at: int) -> int | None:
    """Past the VALARM whose BEGIN line is before ``at`` when icalendar reads it without error (a VALARM's
    errors fail icalendar's parse of the file, which is then read without its alarms), else None."""
    while True:
        line = block[at]
        at += 1
        named = _PLAIN_NAME.match(line)
        if named is None:
            return None
        name = named.group(1).upper()
        if name == "END":
            return at
        value = line[named.end():]
        if named.group(2) == ":" and (name in _ALARM_TEXT or name.startswith("X-")):
            continue
        if name == "TRIGGER":
            if named.group(2) == ":" and _plain_duration(value) is not None:
                continue
            head, _, value = line.partition(":")
            if head.upper() in ("TRIGGER;RELATED=START", "TRIGGER;RELATED=END") and \
                    _plain_duration(value) is not None:
                continue
            if head.upper() == "TRIGGER;VALUE=DATE-TIME" and _PLAIN_UTC_TIME.match(value) and \
                    _plain_time(value, None) is not None:
                continue
        return None


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
        from queryweaver.workers import OrderedPool

        with OrderedPool(parse_calendar_part, workers) as pool:
            for part_rows, warnings in pool.map(tasks):
                for message in warnings:
                    warn(message)
                yield from part_rows

    return rows()


def parse_calendar_part(task: tuple[str, bytes | str, date | None, str, date]) -> tuple[list, list[str]]:
    """A worker's task: the rows and warnings of one part of a calendar file (``split_calendars``)."""
    path, text, floor, tz, horizon = task
    warnings: list[str] = []
    settings = ParseSettings(ZoneInfo(tz), horizon)
    rows = list(file_rows(text, Path(path), warnings.append, settings, floor))
    return rows, warnings


_UID = regex_cache.compile(r"UID[;:]", re.IGNORECASE)
_DTSTART_DAY = regex_cache.compile(r"DTSTART[^:]*:([0-9]{8})", re.IGNORECASE)
# in a text of one kind of line break, from the line break before a line (the regular expression engine finds
# a line break fast; a '^' in MULTILINE mode, or IGNORECASE, is tried at every byte)
_UID_LINE = re.compile(rb"\n[Uu][Ii][Dd][;:][^\r\n]*")
_DTSTART_DAY_LINE = re.compile(rb"\n[Dd][Tt][Ss][Tt][Aa][Rr][Tt][^:\r\n]*:([0-9]{8})")
_MARK_FIRST = b"[^" + "".join(sorted(_NOT_BEGIN_END)).encode() + rb"\r\n][^\r\n]*"
_MARK_LINE = re.compile(rb"\n(" + _MARK_FIRST + rb")")   # a line that may be a BEGIN or an END
_MARK_FIRST_LINE = regex_cache.compile(_MARK_FIRST)


def split_calendars(data: bytes, task_bytes: int) -> list[tuple[bytes | str, date | None]] | None:
    """The file as parts of at most about ``task_bytes`` of events, each a VCALENDAR of its own with the
    original's properties and VTIMEZONEs, and the earliest DTSTART day of the calendar it came from; None for
    a layout this does not cut (that ``_file_layout`` does not read: nested or unknown components, text outside
    a VCALENDAR). This runs before the workers start: a file of one kind of line break is cut as bytes
    (``_split_text``: a text of characters beyond Latin-1 takes 2 or 4 bytes each as a str, and a string per
    line takes more), others from the content lines of ``_file_layout``. The workers read each part as a file
    (``file_rows``; the whole of a part that is not UTF-8 through icalendar, as before)."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    breaks = data.count(b"\n")
    newline = b"\r\n" if breaks == data.count(b"\r") == data.count(b"\r\n") else b"\n" if b"\r" not in data else None
    if newline is None or b"\n\n" in data or b"\n\r\n" in data:
        return _split_layout(data, task_bytes)
    return _split_text(data, newline, task_bytes)


def _split_text(data: bytes, newline: bytes, task_bytes: int) -> list[tuple[bytes, date | None]] | None:
    """``split_calendars`` of a file whose line breaks are all ``newline``, with no blank line."""
    text = data.replace(newline + b" ", b"").replace(newline + b"\t", b"")   # unfolded (see content_lines)
    if text.startswith(newline):
        text = text[len(newline):]
    if text.endswith(newline):
        text = text[:-len(newline)]
    step = len(newline)
    found = _MARK_FIRST_LINE.match(text)
    lines = [(0, found.end())] if found else []
    lines += [m.span(1) for m in _MARK_LINE.finditer(text)]
    words: dict[bytes, tuple[str, str] | None | bool] = {}   # most such lines are BEGIN:VEVENT or END:VEVENT
    marks = []
    for begin, end in lines:
        line = text[begin:end]
        word = words.get(line, words)
        if word is words:
            word = words[line] = _begin_end(line.decode("utf-8", "replace"))
        if word is not None:
            marks.append((begin, end, word))
    parts: list[tuple[bytes, date | None]] = []
    at = mark = 0   # where the next line starts, and the next mark
    while mark < len(marks):
        begin, end, word = marks[mark]
        if begin != at or word != ("BEGIN", "VCALENDAR"):
            return None
        head = [b"BEGIN:VCALENDAR"]
        zones: list[bytes] = []
        series: dict[bytes, list[tuple[int, int]]] = {}   # UID (raw, unescaped) -> its VEVENTs, in file order
        days: set[bytes] = set()
        at, mark = end + step, mark + 1
        while True:
            if mark >= len(marks):
                return None
            begin, end, word = marks[mark]
            if begin > at:
                head.append(text[at:begin - step])   # the calendar's own properties
            if word == ("END", "VCALENDAR"):
                at, mark = end + step, mark + 1
                break
            name = word[1] if word else ""
            mark = _end_mark(marks, mark, word, 2)
            if mark is None:
                return None
            end = marks[mark][1]
            if name == "VTIMEZONE":
                zones.append(text[begin:end])
            else:
                uid = _UID_LINE.search(text, begin, end)
                while uid is not None and b":" not in uid.group():
                    uid = _UID_LINE.search(text, uid.end(), end)
                key = uid.group()[1:].split(b":", 1)[1].strip().replace(b"\\", b"") if uid is not None else b""
                series.setdefault(key, []).append((begin, end))
                day = _DTSTART_DAY_LINE.search(text, begin, end)
                if day is not None:
                    days.add(day.group(1))
            at, mark = end + step, mark + 1
        floor: date | None = None
        for day in sorted(days):   # the first that is a date
            floor = _earlier(None, day.decode())
            if floor is not None:
                break
        head += zones
        chunk: list[bytes] = []
        size = 0
        for spans in series.values():
            for begin, end in spans:
                chunk.append(text[begin:end])
                size += end - begin + 2
            if size >= task_bytes:
                parts.append((newline.join([*head, *chunk, b"END:VCALENDAR", b""]), floor))
                chunk, size = [], 0
        if chunk:
            parts.append((newline.join([*head, *chunk, b"END:VCALENDAR", b""]), floor))
    return parts if marks and at == len(text) + step else None


def _earlier(floor: date | None, day: str) -> date | None:
    """The earlier of ``floor`` and a DTSTART's YYYYMMDD (ignored when it is no date)."""
    try:
        found = date(int(day[:4]), int(day[4:6]), int(day[6:8]))
    except ValueError:
        return floor
    return found if floor is None or found < floor else floor


def _split_layout(data: bytes | str, task_bytes: int) -> list[tuple[str, date | None]] | None:
    """``split_calendars`` from the content lines of ``_file_layout``."""
    layout = _file_layout(data)
    if layout is None:
        return None
    parts: list[tuple[str, date | None]] = []
    for calendar in layout:
        series: dict[str, list[list[str]]] = {}   # UID (raw, unescaped) -> its VEVENTs, in file order
        floor: date | None = None
        for block in calendar.events:
            uid, day = None, None
            for line in block:
                if uid is None and line[0] in "Uu" and _UID.match(line) and ":" in line:
                    uid = line.split(":", 1)[1].strip().replace("\\", "")
                elif day is None and line[0] in "Dd" and (found := _DTSTART_DAY.match(line)):
                    day = found.group(1)
            series.setdefault(uid or "", []).append(block)
            if day is not None:
                floor = _earlier(floor, day)
        head = ["BEGIN:VCALENDAR", *calendar.header, *calendar.zones]
        chunk: list[str] = []
        size = 0
        for blocks in series.values():
            for block in blocks:
                chunk += block
                size += sum(map(len, block)) + 2 * len(block)
            if size >= task_bytes:
                parts.append(("\r\n".join([*head, *chunk, "END:VCALENDAR", ""]), floor))
                chunk, size = [], 0
        if chunk:
            parts.append(("\r\n".join([*head, *chunk, "END:VCALENDAR", ""]), floor))
    return parts


def _series_groups(calendar: icalendar.Calendar, path: Path, warn: Warn) -> dict[str, list[icalendar.Event]]:
    """Usable VEVENTs grouped by UID; each broken one is dropped with one warning."""
    groups: dict[str, list[icalendar.Event]] = defaultdict(list)
    for component in calendar.walk("VEVENT"):
        uid = _usable_uid(component, path, warn)
        if uid is not None:
            groups[uid].append(component)
    return groups


def _usable_uid(component: icalendar.Event, path: Path, warn: Warn) -> str | None:
    """The UID of an event's series, or None (with one warning) when the event is broken."""
    if not str(component.get("UID", "")).strip():  # invalid but common: give it a stable identity
        raw = (str(component.get("SUMMARY", "")) + str(component.get("DTSTART", "")))
        component["UID"] = "no-uid-" + sha1_hex(raw.encode())[:12]
    _mend_rules(component)
    reason = _broken_reason(component)
    if reason:
        warn(f"skipped event {_describe(component)} in {path}: {reason}")
        return None
    for name in _drop_times_without_dates(component):
        warn(f"event {_describe(component)} in {path}: ignored its {name} values that are a time of day "
             "with no date (RFC 5545 allows only dates there); the event is kept")
    return str(component["UID"])


_BLANKS = regex_cache.compile(r"\s+")


def _mend_rules(component: icalendar.Event) -> None:
    """Read an RRULE or EXRULE icalendar could not read for blanks in it (Exchange writes ``BYDAY=MO, TU, WE``)
    without them, so that the series is kept: no part of a rule holds a blank."""
    from icalendar.prop import vRecur

    errors = getattr(component, "errors", None)
    if not errors:
        return
    for name, message in list(errors):
        key = str(name).upper()
        value = component.get(key) if key in ("RRULE", "EXRULE") else None
        if value is None or isinstance(value, list) or not _BLANKS.search(str(value)):
            continue
        try:
            mended = vRecur.from_ical(_BLANKS.sub("", str(value)))
        except ValueError:
            continue
        component[key] = mended
        errors.remove((name, message))


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
    listed = []
    for prop in ("ORGANIZER", "ATTENDEE"):
        values = component.get(prop)
        for value in values if isinstance(values, list) else [values] if values is not None else []:
            listed.append((prop == "ATTENDEE", str(value), getattr(value, "params", {})))
    return attendance(listed)


def attendance(listed: Iterable[tuple[bool, str, Mapping]]) -> tuple[list[tuple[str, str]], int]:
    """``event_people`` of an event's ORGANIZER and ATTENDEEs, in that order, each as (is an ATTENDEE, its value,
    its parameters by upper-case name)."""
    names: dict[str, str] = {}
    declined: set[str] = set()
    for attendee, value, params in listed:
        address = person_address(value)
        if not address or str(params.get("CUTYPE", "")).upper() in NOT_PEOPLE:
            continue
        if attendee and str(params.get("PARTSTAT", "")).upper() == "DECLINED":
            declined.add(address)
        name = str(params.get("CN", "")).strip()
        if name or address not in names:
            names[address] = names.get(address) or name
    attended = [(address, name) for address, name in names.items() if address not in declined]
    return attended, len(names)


def person_address(value: str) -> str | None:
    """'mailto:Bob@Example.com' -> 'bob@example.com'; None for addresses that are not email. Blanks inside are
    dropped: no address has them, and a line folded with two spaces (as RFC 5545's examples are printed, and files
    copied from them) leaves one in ('mailto:hcabot@ example.com')."""
    address = "".join(value.split())
    if address.lower().startswith("mailto:"):
        address = address[len("mailto:"):]
    address = address.lower()
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
        self._places: list | None = None    # every place with its location as written (find)
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
        self._places = None
        return report

    def unchanged_rule(self) -> Unchanged | None:
        """An .ics file's size and mtime as indexed (a folder of them is walked anew: no rule), until the month
        changes in the configured zone or on the machine: the recurrences' horizon may move then."""
        if not self.path.is_file():
            return None
        conn = self.index.conn
        row = conn.execute("SELECT value FROM meta WHERE key = 'ics_settings'").fetchone()
        settings = ParseSettings(self.context.tz, expansion_horizon(self.context.today, date.today()))
        if row is None or row[0] != settings.key():
            return None
        stats = self.index.unchanged_inputs([str(self.path)])
        if stats is None:
            return None
        here = datetime.now(self.context.tz)
        zone_month = datetime(here.year + here.month // 12, here.month % 12 + 1, 1, tzinfo=self.context.tz)
        local = _time.localtime()
        machine_month = _time.mktime((local.tm_year + local.tm_mon // 12, local.tm_mon % 12 + 1, 1, 0, 0, 0, 0, 0, -1))
        return Unchanged(stats, expires=min(zone_month.timestamp(), machine_month))

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
    def event_item(row: Sequence, at: int = 0, grp: str | None = None) -> Item:
        """An Event item from a row (a Row or a plain tuple) whose columns from ``at`` on are EVENT_COLUMNS';
        ``grp`` (``_grp_field()``) names the field keeping its attendee group, for a later tool call."""
        fields = {"uid": row[at + 2], "name": row[at + 3], "start": row[at + 4], "end": row[at + 5],
                  "location": row[at + 6], "_ts": row[at + 7]}
        if grp:
            fields[grp] = row[at + 9]
        return Item(EVENT, row[at + 1], fields)

    @staticmethod
    def lean_item(row: Sequence, at: int, grp: str) -> Item:
        """A lean Event item (items.LEAN) from a tuple whose columns from ``at`` on are LEAN_COLUMNS': its start
        time for ordering and its attendee group for the next tool; ``describe`` fills its output fields."""
        return Item(EVENT, row[at], {"_ts": row[at + 1], grp: row[at + 2], LEAN: True})

    def _plain(self) -> sqlite3.Cursor:
        """A cursor giving tuples: a step may meet tens of thousands of events."""
        cursor = self.db.cursor()
        cursor.row_factory = None
        return cursor

    def _grp_field(self) -> str:
        """The field an Event item built here keeps its attendee group in: named after this connector and the
        index's state, so an item met after the index was written (or built by another source) is looked up by
        its key instead. A month of a recurring series is hundreds of events sharing one group."""
        return f"_grp@{id(self):x}.{self.db.total_changes}.{self.db.execute('PRAGMA data_version').fetchone()[0]}"

    def person_names(self) -> dict[str, str]:
        """Each address's name: the CN seen most often (ties broken alphabetically). Grouping every attendee row
        costs a tenth of a second at 50,000 events, in every process that names a person, so the names are kept
        in the index under its lexicon token (renewed by every refresh that changes what the calendar holds)."""
        if self._names is None:
            db = self.db
            token = self.index.lexicon_token()
            row = db.execute("SELECT value FROM meta WHERE key = 'person_names'").fetchone()
            kept = json.loads(row[0]) if row is not None else {}
            if token is not None and kept.get("token") == token:
                self._names = kept["names"]
                return self._names
            counts: dict[str, Counter] = defaultdict(Counter)
            for row in db.execute("SELECT email, name, COUNT(*) AS n FROM attendees GROUP BY email, name"):
                if row["name"]:
                    counts[row["email"]][row["name"]] += row["n"]
            self._names = {email: min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0] for email, c in counts.items()}
            if token is not None:
                self.index.remember("person_names", json.dumps({"token": token, "names": self._names}))
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
        sql = f"SELECT a.email, {LEAN_COLUMNS} FROM attendees a JOIN events e ON e.grp = a.grp"
        grp, plain = self._grp_field(), self._plain()
        rows = (plain.execute(sql).fetchall() if known.is_all
                else select_in(plain, sql + " WHERE a.email IN {}", list(known.keys())))
        built: dict[str, Item] = {}  # an event several of the people attended is one Item, built once
        for row in rows:
            if not self.context.is_self(row[0]):
                item = built.get(row[1])
                if item is None:
                    item = built[row[1]] = self.lean_item(row, 1, grp)
                yield row[0], item

    def _events_attended_by(self, emails: Sequence[str] | None) -> Iterator[Link]:
        """Each event one of ``emails`` (None: anyone but the user) attended, once, keyed None."""
        me = sorted({e.lower() for e in self.context.self_emails})
        plain = self._plain()  # tens of thousands of events come through here
        if emails is None:
            rows = plain.execute(f"SELECT {LEAN_COLUMNS} FROM events e WHERE e.grp IN (SELECT grp FROM attendees "
                                 f"WHERE email NOT IN ({_marks(me)}))", me).fetchall()
        else:
            emails = [e for e in emails if not self.context.is_self(e)]
            rows = select_in(plain, f"SELECT {LEAN_COLUMNS} FROM events e WHERE e.grp IN (SELECT grp FROM "
                             "attendees WHERE email IN {})", emails)
        seen: set[str] = set()
        item, grp = self.lean_item, self._grp_field()
        for row in rows:
            if row[0] not in seen:  # the key: a chunked IN list may give a row twice
                seen.add(row[0])
                yield None, item(row, 0, grp)

    @tool(EVENT, "attended", PERSON)
    def event_attended_person(self, known: Selection) -> Iterator[Link]:
        """Given events, the people who attended or organised them (not the user)."""
        me = sorted({e.lower() for e in self.context.self_emails})  # left out in SQL (addresses are stored lower)
        sql = (f"SELECT e.key, a.email FROM events e JOIN attendees a ON a.grp = e.grp "
               f"WHERE +a.email NOT IN ({_marks(me)})")
        plain = self.db.cursor()
        plain.row_factory = None  # tuples: the user attends most events, so rows are few but the keys many
        if known.is_all:
            rows = plain.execute(sql, me).fetchall()
        else:  # events built here are asked by their attendee group (few), the others by key
            field, by_grp, others = self._grp_field(), defaultdict(list), []
            for key, item in (known.items or {}).items():
                group = item.fields.get(field)
                if group is None:
                    others.append(key)
                else:
                    by_grp[group].append(key)
            rows = select_in(plain, sql + " AND e.key IN {}", others, tuple(me)) if others else []
            if by_grp:
                found = select_in(plain, f"SELECT a.grp, a.email FROM attendees a WHERE +a.email NOT IN ({_marks(me)}) "
                                  "AND a.grp IN {}", list(by_grp), tuple(me))
                rows += [(key, email) for group, email in found for key in by_grp[group]]
        for key, email in rows:
            if not self.context.is_self(email):
                yield key, self.person_item(email)

    @tool(SELF, "attended", EVENT)
    def self_attended_event(self, known: Selection) -> Iterator[Link]:
        """The events the user attended or organised, and entries in the user's own calendar."""
        if not known.is_all and SELF_KEY not in known.keys():
            return
        condition, params = self._self_condition()
        item, grp = self.lean_item, self._grp_field()
        for row in self._plain().execute(f"SELECT {LEAN_COLUMNS} FROM events e WHERE {condition}", params).fetchall():
            yield SELF_KEY, item(row, 0, grp)

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
        lean, grp, plain = self.lean_item, self._grp_field(), self._plain()  # a busy month: hundreds of events
        if known.is_all:
            for row in plain.execute(f"SELECT e.day, {LEAN_COLUMNS} FROM events e").fetchall():
                yield day_item(date.fromisoformat(row[0])).key, lean(row, 1, grp)
            return
        for key, item in (known.items or {}).items():
            rng = item.fields.get("range")
            if not isinstance(rng, DateRange) or rng.empty:
                continue
            sql, params = f"SELECT {LEAN_COLUMNS} FROM events e WHERE 1", []
            if rng.start is not None:
                sql, params = sql + " AND e.day >= ?", params + [rng.start.isoformat()]
            if rng.end is not None:
                sql, params = sql + " AND e.day < ?", params + [rng.end.isoformat()]
            for row in plain.execute(sql, params).fetchall():
                yield key, lean(row, 0, grp)

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
        sql = f"SELECT e.place, {LEAN_COLUMNS} FROM events e WHERE e.place IS NOT NULL"
        given = {norm(k): k for k in known.keys()}  # answer with the caller's keys, however they are written
        lean, grp, plain = self.lean_item, self._grp_field(), self._plain()
        rows = (plain.execute(sql).fetchall() if known.is_all
                else select_in(plain, sql + " AND e.place IN {}", list(given)))
        for row in rows:
            yield given.get(row[0], row[0]), lean(row, 1, grp)

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
                "events": events, "days": max(1, days), "first": first, "last": last,
                "links": one("SELECT sum(count) FROM lexicon WHERE kind = ?", (person,)),
                "people": max(1, one("SELECT count(DISTINCT value) FROM lexicon WHERE kind = ?", (person,))),
                # the user's attendances, and the events of the user's own calendar (nobody listed)
                "mine": (one(f"SELECT sum(count) FROM lexicon WHERE kind = ? AND value IN ({_marks(me)})",
                             (person, *me)) if me else 0) + one("SELECT count(*) FROM events WHERE people = 0"),
                "placed": one("SELECT sum(count) FROM lexicon WHERE kind = ?", (place,)),
                "places": max(1, one("SELECT count(*) FROM lexicon WHERE kind = ?", (place,))),
            }
        return self._counts

    def date_span(self, type_: EntityType) -> tuple[date, date] | None:
        """The days of the first and last event (occurrences expanded)."""
        c = self._statistics()
        if type_ != EVENT or not c["first"] or not c["last"]:
            return None
        return date.fromisoformat(c["first"]), date.fromisoformat(c["last"])

    def estimate(self, type_: EntityType, filters: list[FilterConstraint]) -> int | None:
        """Events, places and people: counted from the index (what ``find`` gives, when filtered)."""
        return self.remembered_estimate(self._estimates, type_, filters, lambda: self._estimate(type_, filters))

    def _estimate(self, type_: EntityType, filters: list[FilterConstraint]) -> int | None:
        if type_ not in (EVENT, PLACE, PERSON):
            return 0
        c = self._statistics()
        if not filters:
            return int({EVENT: c["events"], PLACE: c["places"], PERSON: c["people"]}[type_])
        try:  # people as the run finds them: their names are kept in the index (person_names), and the run that
            # follows finds them again from what this read
            return len(list(self.find(type_, filters) or ()))
        except QueryWeaverError:  # an ambiguous first name: the run says so, the estimate need not
            return int(c["people"])

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
            if self._places is None:  # read once after each refresh (grouping every event); the items are new each time
                self._places = self.db.execute("SELECT place, MIN(location) FROM events WHERE place IS NOT NULL "
                                               "GROUP BY place").fetchall()
            places = {place: Item(PLACE, place, {"name": location}) for place, location in self._places}
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
        grp = self._grp_field()
        return {row["key"]: self.event_item(row, 0, grp) for row in self._events(sql, params)}

    def events_with_uid(self, uid: str) -> list[Item] | None:
        """The occurrences of one UID, from the index (a scan in SQLite, not a listing in Python)."""
        grp = self._grp_field()
        return [self.event_item(row, 0, grp)
                for row in self._events(f"SELECT {EVENT_COLUMNS} FROM events e WHERE e.uid = ?", [uid])]

    def apply_filter(self, type_: EntityType, items: dict[str, Item], flt: FilterConstraint) -> set[str] | None:
        """Lean events (a step's many, built without their fields) judged by a field filter once described."""
        if type_ != EVENT or not any(LEAN in item.fields for item in items.values()):
            return None
        self.describe(EVENT, items)
        return {key for key, item in items.items() if LEAN not in item.fields and item_matches(item, flt)}

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Fill lean events this calendar holds (their output fields, read by key), and give people seen only
        elsewhere the name their calendar invitations carry."""
        if type_ == EVENT:
            lean = [key for key, item in items.items() if LEAN in item.fields]
            if lean:
                sql = f"SELECT {EVENT_COLUMNS} FROM events e WHERE e.key IN {{}}"
                for row in select_in(self._plain(), sql, lean):
                    item = items[row[1]]
                    if item.fields.pop(LEAN, None):  # a key met twice (chunks) is filled once
                        fields = item.fields
                        fields.update((k, v) for k, v in self.event_item(row).fields.items() if k not in fields)
            return
        if type_ != PERSON:
            return
        names = self.person_names()
        for key, item in items.items():
            if not item.fields.get("name") and names.get(key):
                item.fields["name"] = names[key]


def register_connectors(register: Callable[[type], None]) -> None:
    register(IcsConnector)
