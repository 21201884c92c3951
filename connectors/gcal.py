"""Google Calendar through the Calendar API: who attended what, when and where.

Items match the local calendar connector (``connectors/ics.py``) so the two merge:

* Event key: the iCalUID for a single event; ``iCalUID#<start>`` (ISO 8601 in ``[self] timezone``) for an
  instance of a recurring series. Recurrences are expanded by Google (``singleEvents=True``) up to the same
  horizon the ics connector uses (two years past today).
* attended: attendees and the organizer, without declined attendees (a declined organizer is left out too),
  rooms and resources, or calendar addresses (``…@group.calendar.google.com``). Self attended when one of the
  user's addresses did, or Google marks the user (``self``) as a non-declining attendee or the organizer.
* occurred_on: the start day in the configured zone falls in the range (``timeMin``/``timeMax`` narrow the
  listing; Google also returns events that merely overlap, so the start is checked).
* Place: the location text; its key is ``filters.norm(location)``.
* Birthdays, out-of-office, focus time, working locations and events from Gmail are not meetings: only
  ``eventType == "default"`` is read (``eventTypes=default`` in the request, and checked on the answer).

What the listings showed of each event (title, place, attendees) is kept in a small SQLite file in the cache
dir, the source of this connector's lexicon (``lexicon()`` never makes a request).

Every calendar in ``calendarList`` is read (``calendars = [...]`` in the source narrows it), all pages.
A question about one or two people is asked with ``q`` (attendee addresses are searchable); about more,
the calendar is listed once (2,500 events a page) and filtered here, which costs fewer requests.

With ``sync = true`` the source is a ``GcalMirrorConnector``: every calendar is listed once into a local
mirror (``<cache dir>/index/gcal-…sqlite``, the events as Google sent them), later syncs ask only for the
changes since each calendar's ``nextSyncToken`` (a 410 Gone token relists that calendar), and questions
filter the mirror locally the way the API would (time bounds, ``q`` words, ``iCalUID``) with no request.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time as dtime
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable, Iterator

from queryweaver.connector import Connector, Context, Link, Selection, tool
from queryweaver.errors import ConnectorError
from queryweaver.filters import filter_items, norm
from queryweaver.graph import FilterConstraint
from queryweaver.reader.grounding import Lexicon, LexiconKind, LexiconRow
from queryweaver.index import LEXICON_SCHEMA, lexicon_stale, read_lexicon, use_wal, write_lexicon
from queryweaver.items import SELF_KEY, DateRange, Item, day_item
from queryweaver.schema import EntityType

from .google_auth import default_token_path, sign_in_hint, token_client_secrets
from .server_cache import MetaTable
from .google_http import (GoogleApi, RetryPolicy, ServiceFactory, add_cache_lexicon, default_service_factory,
                          sync_seconds, wants_sync)
from .ics import expansion_horizon

EVENT, PERSON, SELF = EntityType.EVENT, EntityType.PERSON, EntityType.SELF
DATE, PLACE = EntityType.DATE, EntityType.PLACE

PAGE_SIZE = 2500
MEETING_TYPES = ("default",)
EVENT_FIELDS = ("items(id,iCalUID,recurringEventId,summary,location,start,end,status,eventType,"
                "attendees(email,displayName,responseStatus,self,resource,organizer),"
                "organizer(email,displayName,self)),nextPageToken")
CALENDAR_FIELDS = "items(id,summary,primary,accessRole),nextPageToken"
MEMO_SECONDS = 30.0
_NOT_PEOPLE = re.compile(r"@(group\.|group\.v\.|import\.|resource\.)calendar\.google\.com$")


@dataclass
class GEvent:
    key: str
    uid: str
    name: str
    start: str
    end: str | None
    day: date
    ts: float
    location: str | None
    attended: list[tuple[str, str]] = field(default_factory=list)   # (address, display name)
    self_attended: bool = False

    def item(self) -> Item:
        return Item(EVENT, self.key, {"uid": self.uid, "name": self.name, "start": self.start, "end": self.end,
                                      "location": self.location, "_ts": self.ts})


def _local(value: dict, tz) -> tuple[str, date, float] | None:
    """ISO text, day and epoch seconds of a Calendar time in the user's zone (as ics.local_time)."""
    if not value:
        return None
    if value.get("dateTime"):
        moment = datetime.fromisoformat(value["dateTime"].replace("Z", "+00:00"))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=tz)
        moment = moment.astimezone(tz)
        return moment.isoformat(), moment.date(), moment.timestamp()
    if value.get("date"):
        day = date.fromisoformat(value["date"])
        return day.isoformat(), day, datetime.combine(day, dtime(), tzinfo=tz).timestamp()
    return None


def parse_event(ev: dict, tz, self_addresses: frozenset[str]) -> GEvent | None:
    """One events.list item as a GEvent; None for cancelled or non-meeting events."""
    if ev.get("status") == "cancelled" or ev.get("eventType", "default") not in MEETING_TYPES:
        return None
    start = _local(ev.get("start") or {}, tz)
    if start is None:
        return None
    end = _local(ev.get("end") or {}, tz)
    uid = ev.get("iCalUID") or ev.get("id", "")
    key = f"{uid}#{start[0]}" if ev.get("recurringEventId") else uid
    names: dict[str, str] = {}
    declined: set[str] = set()
    me_declined = False
    organizer = ev.get("organizer") or {}
    for person in ([organizer] if organizer else []) + list(ev.get("attendees") or []):
        addr = str(person.get("email") or "").strip().lower()
        if not addr or "@" not in addr or person.get("resource") or _NOT_PEOPLE.search(addr):
            continue
        if person is not organizer and person.get("responseStatus") == "declined":
            declined.add(addr)
            me_declined = me_declined or bool(person.get("self"))
        name = str(person.get("displayName") or "").strip()
        if name or addr not in names:
            names[addr] = names.get(addr) or name
    attended = [(a, n) for a, n in names.items() if a not in declined]
    marked_self = any(p.get("self") and p.get("responseStatus") != "declined" for p in ev.get("attendees") or []) \
        or (organizer.get("self") and not me_declined and str(organizer.get("email", "")).lower() not in declined)
    self_attended = bool(marked_self) or any(a in self_addresses for a, _n in attended)
    location = str(ev.get("location") or "").strip() or None
    return GEvent(key, uid, str(ev.get("summary") or "").strip(), start[0], end[0] if end else None, start[1],
                  start[2], location, attended, self_attended)


SEEN_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS events (key TEXT PRIMARY KEY, name TEXT NOT NULL, location TEXT);
CREATE TABLE IF NOT EXISTS attendees (key TEXT NOT NULL, addr TEXT NOT NULL, name TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS attendees_key ON attendees(key);
"""


class SeenEvents(MetaTable):
    """Title, place and attendees of every event a listing has shown, kept across runs for the lexicon.

    Events change, so an event listed again is written again; one deleted in Google stays until the file
    is removed (it only feeds grounding, never an answer).
    """

    def __init__(self, path: Path):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(path, check_same_thread=False, timeout=120)
        except (OSError, sqlite3.Error) as exc:
            raise ConnectorError(f"cannot open the Google Calendar cache {path} ({exc}); check that the cache dir "
                                 f"is writable or set [index] cache_dir") from exc
        use_wal(self.conn, path)
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(SEEN_SCHEMA + LEXICON_SCHEMA)
        self.lock = threading.RLock()

    def store(self, events: Iterable[GEvent]) -> None:
        events = list(events)
        if not events:
            return
        with self.lock, self.conn:
            keys = [(ev.key,) for ev in events]
            self.conn.executemany("DELETE FROM attendees WHERE key = ?", keys)
            self.conn.executemany("INSERT OR REPLACE INTO events VALUES (?, ?, ?)",
                                  [(ev.key, ev.name, ev.location) for ev in events])
            self.conn.executemany("INSERT INTO attendees VALUES (?, ?, ?)",
                                  [(ev.key, a, n) for ev in events for a, n in ev.attended])
            self.conn.execute("DELETE FROM meta WHERE key = 'lexicon'")  # recomputed when next read

    def lexicon_rows(self) -> list[LexiconRow]:
        """Places and titles (by events), attendees with their names (by events), as the ics index stores them."""
        with self.lock:
            if lexicon_stale(self.conn):
                with self.conn:
                    write_lexicon(self.conn, self._compute())
            return read_lexicon(self.conn)

    def _compute(self) -> list[LexiconRow]:
        conn = self.conn
        rows: list[LexiconRow] = [(LexiconKind.PLACE, r[0], "", r[1]) for r in conn.execute(
            "SELECT location, count(*) FROM events WHERE location IS NOT NULL GROUP BY location")]
        rows += [(LexiconKind.EVENT_TITLE, r[0], "", r[1])
                 for r in conn.execute("SELECT name, count(*) FROM events WHERE name != '' GROUP BY name")]
        rows += [(LexiconKind.PERSON, r[0], r[1], r[2])
                 for r in conn.execute("SELECT addr, name, count(*) FROM attendees GROUP BY addr, name")]
        return rows

    def close(self) -> None:
        with self.lock:
            self.conn.close()


class GcalConnector(Connector):
    """Events from every calendar of a Google account, read through the Calendar API (read-only)."""

    name = "gcal"
    description = "events from a Google account's calendars (sign in with 'queryweaver auth google')"
    types: ClassVar[frozenset[EntityType]] = frozenset({EVENT, PERSON, SELF, DATE, PLACE})
    needs_auth = True
    store_seen = True   # listings feed the lexicon's store (a mirror fills it once per sync instead)

    def __new__(cls, source, context: Context, **kwargs):
        if cls is GcalConnector and wants_sync(source):
            return super().__new__(GcalMirrorConnector)
        return super().__new__(cls)

    def __init__(self, source, context: Context, *, service_factory: ServiceFactory | None = None,
                 retry: RetryPolicy | None = None, max_in_flight: int | None = None,
                 person_query_limit: int | None = None):
        super().__init__(source, context)
        options = source.options
        self.token_path = Path(options.get("token_file") or default_token_path()).expanduser()
        client_secrets = options.get("client_secrets") or token_client_secrets(self.token_path)
        factory = service_factory or default_service_factory("calendar", "v3", self.token_path, client_secrets)
        self.api = GoogleApi(factory, label="Google Calendar", retry=retry,
                             auth_hint=lambda: sign_in_hint(client_secrets, self.token_path),
                             max_in_flight=int(max_in_flight or options.get("max_in_flight", 4)))
        self.person_query_limit = int(person_query_limit if person_query_limit is not None
                                      else options.get("person_query_limit", 2))
        wanted = options.get("calendars")
        self.wanted_calendars = [wanted] if isinstance(wanted, str) else list(wanted or [])
        self._calendars: list[dict] | None = None
        self._memo: dict[tuple, tuple[float, list[GEvent]]] = {}
        self._by_key: dict[str, GEvent] = {}
        self._names: dict[str, Counter] = defaultdict(Counter)
        account_key = str(options.get("account") or self.token_path)
        self.digest = digest = hashlib.sha1(account_key.encode()).hexdigest()[:12]
        self._seen_path = Path(context.cache_dir) / "google" / f"gcal-{digest}.sqlite"
        self._seen: SeenEvents | None = None

    @property
    def seen(self) -> SeenEvents:
        if self._seen is None:
            self._seen = SeenEvents(self._seen_path)
        return self._seen

    def close(self) -> None:
        self.api.close()
        if self._seen is not None:
            self._seen.close()
            self._seen = None

    def lexicon(self, lexicon: Lexicon) -> None:
        """What the event listings so far showed (titles, places, attendees); never a request."""
        add_cache_lexicon(lexicon, self.seen)

    # -- calendars and events ------------------------------------------------------------------------
    def calendars(self) -> list[dict]:
        """The calendars to read: calendarList (all pages), narrowed by ``calendars`` when configured."""
        if self._calendars is None:
            found: list[dict] = []
            token = None
            while True:
                kwargs: dict[str, Any] = {"maxResults": 250, "fields": CALENDAR_FIELDS}
                if token:
                    kwargs["pageToken"] = token
                answer = self.api.call(lambda s, kw=kwargs: s.calendarList().list(**kw), "calendarList.list",
                                       "listing calendars") or {}
                found += answer.get("items", [])
                token = answer.get("nextPageToken")
                if not token:
                    break
            if self.wanted_calendars:
                wanted = set(self.wanted_calendars)
                primary = next((c["id"] for c in found if c.get("primary")), None)
                found = [c for c in found if c["id"] in wanted or ("primary" in wanted and c["id"] == primary)]
            self._calendars = found
            if self.account:
                self.seen.set_meta("account", self.account)  # Self's address for the lexicon, without a request
        return self._calendars

    @property
    def account(self) -> str:
        return next((str(c["id"]).lower() for c in self.calendars() if c.get("primary")), "")

    @property
    def self_addresses(self) -> frozenset[str]:
        return frozenset({*(e.lower() for e in self.context.self_emails), self.account} - {""})

    def _horizon(self) -> datetime:
        day = expansion_horizon(self.context.today, date.today())
        return datetime.combine(day, dtime(), tzinfo=self.context.tz)

    def _bounds(self, rng: DateRange | None) -> tuple[str | None, str]:
        tz = self.context.tz
        start = datetime.combine(rng.start, dtime(), tzinfo=tz).isoformat() if rng and rng.start else None
        end = datetime.combine(rng.end, dtime(), tzinfo=tz) if rng and rng.end else self._horizon()
        return start, min(end, self._horizon()).isoformat()

    def _request(self, calendar_id: str, params: dict, token: str | None) -> Callable:
        def build(service):
            kwargs = {"calendarId": calendar_id, "singleEvents": True, "maxResults": PAGE_SIZE,
                      "eventTypes": list(MEETING_TYPES), "fields": EVENT_FIELDS, **params}
            if token:
                kwargs["pageToken"] = token
            return service.events().list(**kwargs)
        return build

    def events(self, **params: Any) -> list[GEvent]:
        """Meeting events of every calendar for one parameter set (timeMin, timeMax, q, iCalUID); all pages."""
        return self.events_many([params])[0]

    def events_many(self, param_sets: list[dict]) -> list[list[GEvent]]:
        """Several listings at once: every (parameters, calendar) pair shares the batches of each page round."""
        now = time.monotonic()
        keys = [tuple(sorted((k, v) for k, v in p.items() if v is not None)) for p in param_sets]
        results: dict[tuple, list[GEvent]] = {}
        todo = []
        for key in dict.fromkeys(keys):
            memo = self._memo.get(key)
            if memo and now - memo[0] < MEMO_SECONDS:
                results[key] = memo[1]
            else:
                todo.append(key)
        raw = self.fetch_events(todo) if todo else {}
        stamp = time.monotonic()
        for key in todo:
            results[key] = self._parse_listing(raw.get(key, []))
            self._memo[key] = (stamp, results[key])
        return [results[k] for k in keys]

    def fetch_events(self, param_keys: list[tuple]) -> dict[tuple, list[dict]]:
        """The raw events.list items of every calendar for each parameter set, all pages."""
        pending: dict[tuple[tuple, str], str | None] = {(key, cal["id"]): None for key in param_keys
                                                        for cal in self.calendars()}
        raw: dict[tuple, list[dict]] = defaultdict(list)
        while pending:
            order = list(pending)
            answers = self.api.call_many([self._request(cal, dict(key), pending[(key, cal)]) for key, cal in order],
                                         "events.list", "listing events", missing_ok=True)
            pending = {}
            for (key, cal), answer in zip(order, answers, strict=True):
                answer = answer or {}
                raw[key].extend(answer.get("items", []))
                if answer.get("nextPageToken"):
                    pending[(key, cal)] = answer["nextPageToken"]
        return raw

    def _parse_listing(self, items: list[dict]) -> list[GEvent]:
        """Meeting events of a listing, one per key (an invitation in two calendars is one event)."""
        me = self.self_addresses
        parsed: dict[str, GEvent] = {}
        for ev in items:
            g = parse_event(ev, self.context.tz, me)
            if g is None:
                continue
            if g.key not in parsed:
                parsed[g.key] = g
                for addr, name in g.attended:
                    if name:
                        self._names[addr][name] += 1
            else:
                parsed[g.key].self_attended |= g.self_attended
        self._by_key.update(parsed)
        if self.store_seen:
            self.seen.store(parsed.values())
        return list(parsed.values())

    def all_events(self) -> list[GEvent]:
        return self.events(timeMax=self._bounds(None)[1])

    def events_for_keys(self, keys: Iterable[str]) -> dict[str, GEvent]:
        """Events by key: from what was listed already, else by iCalUID (or one full listing when many)."""
        keys = list(dict.fromkeys(keys))
        missing = [k for k in keys if k not in self._by_key]
        if missing:
            uids = list(dict.fromkeys(k.split("#", 1)[0] for k in missing))
            if len(uids) > self.person_query_limit * 2:
                self.all_events()
            else:
                horizon = self._bounds(None)[1]
                self.events_many([{"iCalUID": uid, "timeMax": horizon} for uid in uids])
        return {k: self._by_key[k] for k in keys if k in self._by_key}

    # -- items ---------------------------------------------------------------------------------------
    def person_name(self, addr: str) -> str | None:
        names = self._names.get(addr)
        return min(names.items(), key=lambda kv: (-kv[1], kv[0]))[0] if names else None

    def person_item(self, addr: str) -> Item:
        return Item(PERSON, addr, {"email": addr, "name": self.person_name(addr)})

    def self_item(self) -> Item:
        ctx = self.context
        return Item(SELF, SELF_KEY, {"name": ctx.self_name or "you", "emails": sorted(ctx.self_emails)})

    @staticmethod
    def place_item(ev: GEvent) -> Item:
        return Item(PLACE, norm(ev.location), {"name": ev.location})

    # -- attended ------------------------------------------------------------------------------------
    @tool(PERSON, "attended", EVENT)
    def person_attended_event(self, known: Selection) -> Iterator[Link]:
        """Given persons, the events they attended or organised (q=address for a few, else one listing)."""
        me = self.self_addresses
        if known.is_all:
            for ev in self.all_events():
                for addr, _n in ev.attended:
                    if addr not in me:
                        yield addr, ev.item()
            return
        people = [k.lower() for k in known.keys() if k.lower() not in me]
        if len(people) > self.person_query_limit:  # one listing, looked up by attendee (not scanned per person)
            by_attendee: dict[str, list[GEvent]] = defaultdict(list)
            for ev in self.all_events():
                for addr, _n in ev.attended:
                    by_attendee[addr].append(ev)
            for addr in people:
                for ev in by_attendee.get(addr, ()):
                    yield addr, ev.item()
            return
        horizon = self._bounds(None)[1]
        listings = self.events_many([{"q": addr, "timeMax": horizon} for addr in people])
        for addr, events in zip(people, listings, strict=True):
            for ev in events:
                if any(a == addr for a, _n in ev.attended):
                    yield addr, ev.item()

    @tool(EVENT, "attended", PERSON)
    def event_attended_person(self, known: Selection) -> Iterator[Link]:
        """Given events, the people who attended or organised them (not the user)."""
        me = self.self_addresses
        events = self.all_events() if known.is_all else list(self.events_for_keys(known.keys()).values())
        for ev in events:
            for addr, _n in ev.attended:
                if addr not in me:
                    yield ev.key, self.person_item(addr)

    @tool(SELF, "attended", EVENT)
    def self_attended_event(self, known: Selection) -> Iterator[Link]:
        """The events the user attended or organised."""
        if not known.is_all and SELF_KEY not in known.keys():
            return
        for ev in self.all_events():
            if ev.self_attended:
                yield SELF_KEY, ev.item()

    @tool(EVENT, "attended", SELF)
    def event_attended_self(self, known: Selection) -> Iterator[Link]:
        """Given events, the user when they attended them."""
        events = self.all_events() if known.is_all else list(self.events_for_keys(known.keys()).values())
        me = self.self_item()
        for ev in events:
            if ev.self_attended:
                yield ev.key, me

    # -- occurred_on ---------------------------------------------------------------------------------
    @tool(EVENT, "occurred_on", DATE)
    def event_occurred_on_date(self, known: Selection) -> Iterator[Link]:
        """Given events, the day each one starts on."""
        events = self.all_events() if known.is_all else list(self.events_for_keys(known.keys()).values())
        for ev in events:
            yield ev.key, day_item(ev.day)

    @tool(DATE, "occurred_on", EVENT)
    def date_occurred_on_event(self, known: Selection) -> Iterator[Link]:
        """Given date ranges, the events starting within them (timeMin/timeMax, start checked)."""
        if known.is_all:
            for ev in self.all_events():
                yield day_item(ev.day).key, ev.item()
            return
        ranges = [(key, item.fields.get("range")) for key, item in (known.items or {}).items()]
        ranges = [(k, r) for k, r in ranges if isinstance(r, DateRange) and not r.empty]
        params = []
        for _k, rng in ranges:
            start, end = self._bounds(rng)
            params.append({"timeMin": start, "timeMax": end})
        for (key, rng), events in zip(ranges, self.events_many(params), strict=True):
            for ev in events:
                if rng.contains(ev.day):
                    yield key, ev.item()

    # -- location ------------------------------------------------------------------------------------
    @tool(EVENT, "location", PLACE)
    def event_location_place(self, known: Selection) -> Iterator[Link]:
        """Given events, where they take place."""
        events = self.all_events() if known.is_all else list(self.events_for_keys(known.keys()).values())
        for ev in events:
            if ev.location:
                yield ev.key, self.place_item(ev)

    @tool(PLACE, "location", EVENT)
    def place_location_event(self, known: Selection) -> Iterator[Link]:
        """Given places, the events taking place there (q=place, location checked)."""
        if known.is_all:
            for ev in self.all_events():
                if ev.location:
                    yield norm(ev.location), ev.item()
            return
        places = [norm(k) for k in known.keys()]
        horizon = self._bounds(None)[1]
        listings = self.events_many([{"q": p, "timeMax": horizon} for p in places])
        for place, events in zip(places, listings, strict=True):
            for ev in events:
                if ev.location and norm(ev.location) == place:
                    yield place, ev.item()

    # -- hooks ---------------------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list[FilterConstraint]) -> Iterable[Item] | None:
        """Events by title, places by name, people by name or address: searched with q, then checked."""
        if type_ not in (EVENT, PLACE, PERSON):
            return None
        words = " ".join(str(f.value) for f in filters if f.field in ("name", "email_address"))
        events = self.events(q=words or None, timeMax=self._bounds(None)[1]) if words else self.all_events()
        if type_ == EVENT:
            return filter_items({ev.key: ev.item() for ev in events}, filters).values()
        if type_ == PLACE:
            places = {norm(ev.location): self.place_item(ev) for ev in events if ev.location}
            return filter_items(places, filters).values()
        me = self.self_addresses
        people = {a: self.person_item(a) for ev in events for a, _n in ev.attended if a not in me}
        return filter_items(people, filters).values()

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Give people their calendar names, and events known only by key their fields."""
        if type_ == PERSON:
            for key, item in items.items():
                if not item.fields.get("name"):
                    name = self.person_name(key)
                    if name:
                        item.fields["name"] = name
        elif type_ == EVENT:
            for key, item in items.items():
                ev = self._by_key.get(key)
                if ev is not None and "_ts" not in item.fields:
                    item.merge(ev.item())


def event_text(ev: dict) -> str:
    """What Calendar's ``q`` searches in an event: title, description, place, attendees and organizer."""
    parts = [ev.get("summary", ""), ev.get("description", ""), ev.get("location", "")]
    for person in [*(ev.get("attendees") or []), ev.get("organizer") or {}]:
        parts += [person.get("email", ""), person.get("displayName", "")]
    return "\n".join(str(p) for p in parts if p).lower()


def _instant(value: dict, tz) -> datetime | None:
    found = _local(value or {}, tz)
    return datetime.fromtimestamp(found[2], tz) if found else None


def matches_listing(ev: dict, params: dict, tz) -> bool:
    """Whether events.list with ``params`` (timeMin, timeMax, q, iCalUID) would return ``ev``."""
    if ev.get("status") == "cancelled":
        return False
    start, end = _instant(ev.get("start"), tz), _instant(ev.get("end"), tz)
    if start is None:
        return False
    end = end or start
    if params.get("timeMin") and end <= datetime.fromisoformat(params["timeMin"]):
        return False
    if params.get("timeMax") and start >= datetime.fromisoformat(params["timeMax"]):
        return False
    if params.get("iCalUID") and ev.get("iCalUID") != params["iCalUID"]:
        return False
    words = str(params.get("q") or "").lower().split()
    if words:
        text = event_text(ev)
        return all(w in text for w in words)
    return True


MIRROR_VERSION = 1
MIRROR_SCHEMA = """
CREATE TABLE events (
    input INTEGER NOT NULL DEFAULT 0,   -- SourceIndex's convention; a mirror has no input files
    calendar TEXT NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,                 -- the events.list item as JSON
    PRIMARY KEY (calendar, id)
);
"""
SYNC_TOKEN = "gcal_sync_token:"          # + calendar id
CALENDARS = "gcal_calendars"             # the calendars mirrored (calendarList items, JSON)
SYNCED_AT = "gcal_synced_at"
DEFAULT_SYNC_MINUTES = 15.0


class GcalMirrorConnector(GcalConnector):
    """Google Calendar answered from a local mirror, kept in step with ``syncToken`` (``sync = true``).

    Each calendar is synced on its own: a first listing (every page, expanded instances) replaces the
    calendar's events and stores its ``nextSyncToken`` in one transaction; later a listing with that token
    gives only what changed (cancelled events included) and is applied the same way. A token Google no
    longer accepts (410 Gone) relists that calendar. A failed sync changes nothing: the mirror answers as
    of its last sync (with one warning when a question's sync failed).
    """

    def __init__(self, source, context: Context, **kwargs):
        super().__init__(source, context, **kwargs)
        from queryweaver.index import SourceIndex

        self.sync_seconds = sync_seconds(source, DEFAULT_SYNC_MINUTES)
        self.path = Path(context.cache_dir).absolute() / "google" / f"gcal-{self.digest}"
        self._index = SourceIndex(context.cache_dir, "gcal", self.path, MIRROR_SCHEMA, MIRROR_VERSION, ("events",),
                                  warn=context.warn)
        self._lock = threading.RLock()
        self._ready = False
        self._syncing = False
        self._raw: list[dict] | None = None
        self.store_seen = False

    def indexes(self):
        return [self._index]

    def close(self) -> None:
        super().close()
        self._index.close()

    def _meta(self, key: str) -> str | None:
        row = self._index.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def is_complete(self) -> bool:
        with self._lock:
            return self._meta(SYNCED_AT) is not None

    # -- calendars: live while syncing, else as mirrored ---------------------------------------------------
    def calendars(self) -> list[dict]:
        if self._syncing:
            return super().calendars()
        if self._calendars is None:
            self._ensure_synced()
            self._calendars = json.loads(self._meta(CALENDARS) or "[]")
        return self._calendars

    # -- syncing ---------------------------------------------------------------------------------------
    def refresh_index(self):
        """Sync every calendar: changes since its sync token, or a full listing when it has none (or 410)."""
        from queryweaver.connector import IndexReport

        with self._lock:
            started = time.perf_counter()
            report = IndexReport(source=f"gcal:{self.path.name} (mirror)")
            self._syncing, self._calendars = True, None
            try:
                calendars = self.calendars()
                conn = self._index.conn
                kept = {c["id"] for c in calendars}
                with self._index.write_transaction(conn):
                    gone = [r[0] for r in conn.execute("SELECT DISTINCT calendar FROM events")
                            if r[0] not in kept]
                    for cal_id in gone:
                        report.removed += conn.execute("DELETE FROM events WHERE calendar = ?", (cal_id,)).rowcount
                        conn.execute("DELETE FROM meta WHERE key = ?", (SYNC_TOKEN + cal_id,))
                for n, cal in enumerate(calendars):
                    self.context.progress("gcal: syncing calendars", n, len(calendars))
                    self._sync_calendar(cal["id"], report)
                self.context.progress("gcal: syncing calendars", len(calendars), len(calendars))
                with self._index.write_transaction(conn):
                    conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (CALENDARS, json.dumps(calendars)))
                    conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (SYNCED_AT, str(time.time())))
                report.reused = conn.execute("SELECT count(*) FROM events").fetchone()[0] - report.parsed
            except sqlite3.Error as exc:
                raise self._index.translate(exc) from exc
            finally:
                self._syncing, self._calendars, self._raw = False, None, None
                self._memo.clear()
                self._by_key.clear()
            self._ready = True
            self.store_seen = True
            try:
                self._parse_listing(self._mirrored())  # stores the titles, places and people the lexicon names
            finally:
                self.store_seen = False
            report.seconds = time.perf_counter() - started
            return report

    def _sync_calendar(self, cal_id: str, report) -> None:
        from googleapiclient.errors import HttpError

        token = self._meta(SYNC_TOKEN + cal_id)
        try:
            items, next_token = self._listing(cal_id, token)
        except ConnectorError as exc:
            cause = exc.__cause__
            if token is None or not (isinstance(cause, HttpError) and cause.resp is not None
                                     and cause.resp.status == 410):
                raise
            self.context.warn(f"Google Calendar no longer accepts the sync token of {cal_id} (410 Gone); listing "
                              f"that calendar again")
            token = None
            items, next_token = self._listing(cal_id, None)
        with self._index.write_transaction() as conn:
            if token is None:
                report.removed += conn.execute("DELETE FROM events WHERE calendar = ?", (cal_id,)).rowcount
            for ev in items:
                if ev.get("status") == "cancelled":
                    report.removed += conn.execute("DELETE FROM events WHERE calendar = ? AND id = ?",
                                                   (cal_id, ev.get("id"))).rowcount
                else:
                    conn.execute("INSERT OR REPLACE INTO events (calendar, id, body) VALUES (?, ?, ?)",
                                 (cal_id, ev["id"], json.dumps(ev)))
                    report.parsed += 1
            if next_token:
                conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (SYNC_TOKEN + cal_id, next_token))

    def _listing(self, cal_id: str, sync_token: str | None) -> tuple[list[dict], str | None]:
        """Every page of one calendar (or of its changes since ``sync_token``) and the next sync token."""
        items: list[dict] = []
        page: str | None = None
        while True:
            kwargs: dict[str, Any] = {"calendarId": cal_id, "singleEvents": True, "maxResults": PAGE_SIZE}
            if sync_token:
                kwargs["syncToken"] = sync_token
            if page:
                kwargs["pageToken"] = page
            answer = self.api.call(lambda s, kw=kwargs: s.events().list(**kw), "events.list",
                                   f"syncing the calendar {cal_id}") or {}
            items += answer.get("items", [])
            page = answer.get("nextPageToken")
            if not page:
                return items, answer.get("nextSyncToken")

    def _ensure_synced(self) -> None:
        """Before a question: sync a mirror never completed, or one older than ``sync_every`` (on failure,
        one warning and the mirror as it is)."""
        if self._ready or self._syncing:
            return
        with self._lock:
            if self._ready:
                return
            if not self.is_complete():
                self.refresh_index()
                return
            last = float(self._meta(SYNCED_AT) or 0)
            if self.sync_seconds > 0 and time.time() - last >= self.sync_seconds:
                try:
                    self.refresh_index()
                except ConnectorError as exc:
                    when = datetime.fromtimestamp(last, tz=self.context.tz).strftime("%Y-%m-%d %H:%M")
                    self.context.warn(f"{exc}; answering from the Google Calendar mirror as synced at {when}")
            self._ready = True

    # -- answering from the mirror ------------------------------------------------------------------------
    def _mirrored(self) -> list[dict]:
        if self._raw is None:
            with self._lock:
                self._raw = [json.loads(r[0]) for r in self._index.conn.execute("SELECT body FROM events ORDER BY rowid")]
        return self._raw

    def fetch_events(self, param_keys: list[tuple]) -> dict[tuple, list[dict]]:
        """Each listing answered from the mirror, filtered as Calendar would filter it."""
        self._ensure_synced()
        events = self._mirrored()
        tz = self.context.tz
        return {key: [ev for ev in events if matches_listing(ev, dict(key), tz)] for key in param_keys}

    def lexicon(self, lexicon: Lexicon) -> None:
        """What the mirrored events name; never a request."""
        add_cache_lexicon(lexicon, self.seen)


def register_connectors(register: Callable[[type], None]) -> None:
    register(GcalConnector)
