"""A fake Gmail + Calendar + OAuth token server on 127.0.0.1, spoken to by the real Google client over HTTP.

It serves a mailbox read from an mbox file and calendars read from .ics files (the same files the local-data
tests use), converted to the Gmail and Calendar API JSON shapes:

* Gmail: ``users.getProfile``, ``users.messages.list`` (with the ``q`` search syntax the connector emits:
  ``from: to: cc: bcc:`` with addresses, words or ``me``; ``subject:``; ``has:attachment``; ``filename:``;
  ``after:``/``before:`` with epoch seconds, or dates read as midnight US Pacific time like Gmail does;
  ``rfc822msgid:``; ``in:``/``label:``; quoted phrases and bare words over the visible text; ``OR``, ``{…}``,
  ``(…)`` and ``-`` negation), ``users.messages.get`` (formats minimal/metadata/full/raw, ``metadataHeaders``)
  and ``users.messages.attachments.get``; partial responses through ``fields=``.
  ``users.history.list`` (``startHistoryId``, ``historyTypes``, pages; 404 for a historyId older than the
  history kept, as Gmail answers once its history has expired).
* Calendar: ``calendarList.list`` and ``events.list`` (``timeMin``/``timeMax``, ``q``, ``singleEvents``,
  ``iCalUID``, ``eventTypes``, pages; ``nextSyncToken`` on a listing's last page, ``syncToken`` for the
  changes since, cancelled events included, and 410 Gone for a token older than the changes kept).
* Changes: ``add_message``, ``delete_message``, ``change_labels``, ``expire_history``; ``put_event``,
  ``cancel_event``, ``expire_sync_tokens`` (and ``/_control/`` endpoints for a fake in another process).
* Batches: ``POST /batch…`` with ``multipart/mixed`` bodies of ``application/http`` parts.
* OAuth: ``GET /auth``, the consent page a browser is sent to (an "Allow" and a "Cancel" link, each sending the
  browser back to the ``redirect_uri`` with the request's ``state`` and a one-time code bound to its PKCE
  challenge and redirect URI, or ``error=access_denied``); ``POST /token`` for the authorization-code (checking
  ``code_verifier`` and ``redirect_uri`` against what ``/auth`` was given) and refresh-token grants; revoked
  refresh tokens answer ``invalid_grant``; API calls need a live bearer token (401 otherwise, so the client
  refreshes).

Fault injection: ``fault_rate`` of answers (top-level requests and batch items alike) are replaced by 429, 500
or 503 (or any of ``fault_statuses``; 403 comes with Gmail's ``userRateLimitExceeded`` reason), of every method
or only of ``fault_methods``. ``counts``
tallies API calls per method (a batch of n is n calls, as Google's quota counts them) and ``http_requests``
the requests on the wire.

``write_small_corpus`` writes a small mailbox, calendar and folder tree with known answers for the tests.
"""

from __future__ import annotations

import base64
import email
import email.utils
import hashlib
import json
import mailbox
import random
import re
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterable
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

from connectors.mailstore import RAW_POLICY, decode_text_header, html_to_text, normalize_message_id, parse_date

PACIFIC = ZoneInfo("America/Los_Angeles")
GMAIL_PREFIX = "/gmail/v1/users/"
CALENDAR_PREFIX = "/calendar/v3/"


# ==== the mailbox ===========================================================================================

@dataclass
class FakeMessage:
    id: str
    thread_id: str
    internal_ms: int
    labels: list[str]
    payload: dict
    raw: bytes
    attachments: dict[str, bytes]
    # search fields, lower-cased
    people: dict[str, list[tuple[str, str]]]      # role -> [(name, addr)]
    subject: str
    filenames: list[str]
    text: str
    msgid: str
    history_id: int = 1            # the mailbox's historyId when the message was added

    def resource(self, fmt: str = "full", headers: Iterable[str] | None = None) -> dict:
        base = {"id": self.id, "threadId": self.thread_id, "labelIds": list(self.labels),
                "snippet": self.text[:100], "sizeEstimate": len(self.raw), "historyId": str(self.history_id),
                "internalDate": str(self.internal_ms)}
        if fmt == "minimal":
            return base
        if fmt == "raw":
            return {**base, "raw": base64.urlsafe_b64encode(self.raw).decode()}
        if fmt == "metadata":
            wanted = {h.lower() for h in headers or ()}
            hdrs = [h for h in self.payload["headers"] if not wanted or h["name"].lower() in wanted]
            return {**base, "payload": {"partId": "", "mimeType": self.payload["mimeType"], "filename": "",
                                        "headers": hdrs, "body": {"size": 0}}}
        return {**base, "payload": self.payload}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode()


def _header_text(value: str) -> str:
    """How Gmail shows a header value: unfolded, raw 8-bit bytes read as UTF-8."""
    if not value.isascii():
        value = value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return re.sub(r"\r?\n[ \t]*", " ", value).strip()


def _people(msg: Message) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for role, header in (("from", "From"), ("to", "To"), ("cc", "Cc"), ("bcc", "Bcc")):
        values = [_header_text(v) for v in msg.get_all(header) or []]
        found = []
        for name, addr in email.utils.getaddresses(values):
            addr = addr.strip().strip("<>").lower()
            if "@" in addr:
                found.append((decode_text_header(name, header, []).lower() if name else "", addr))
        out[role] = found
    return out


def _convert_part(part: Message, part_id: str, attachments: dict[str, bytes], msg_key: str,
                  texts: list[str], filenames: list[str]) -> dict:
    headers = [{"name": k, "value": _header_text(v)} for k, v in part.items()]
    out: dict[str, Any] = {"partId": part_id, "mimeType": part.get_content_type(), "filename": "",
                           "headers": headers}
    if part.is_multipart():
        children = part.get_payload()
        out["body"] = {"size": 0}
        out["parts"] = [_convert_part(child, f"{part_id}.{n}" if part_id else str(n), attachments, msg_key,
                                      texts, filenames) for n, child in enumerate(children)]
        return out
    raw_name = part.get_filename()
    name = decode_text_header(raw_name, "filename", []) if raw_name else ""
    data = part.get_payload(decode=True) or b""
    if name or part.get_content_disposition() == "attachment":
        out["filename"] = name
        att_id = "ATT" + hashlib.sha1(f"{msg_key}/{part_id}".encode()).hexdigest()
        attachments[att_id] = data
        out["body"] = {"attachmentId": att_id, "size": len(data)}
        if name:
            filenames.append(name.lower())
        return out
    out["body"] = {"size": len(data), "data": _b64(data)} if data else {"size": 0}
    ctype = part.get_content_type()
    if ctype in ("text/plain", "text/html"):
        charset = part.get_content_charset() or "utf-8"
        try:
            text = data.decode(charset, "replace")
        except LookupError:
            text = data.decode("utf-8", "replace")
        texts.append(html_to_text(text) if ctype == "text/html" else text)
    return out


def message_from_bytes(raw: bytes, index: int, account: str, fallback_ms: int = 0) -> FakeMessage:
    msg = email.message_from_bytes(raw, policy=RAW_POLICY)
    msgid = normalize_message_id(decode_text_header(msg.get("Message-ID"), "Message-ID", [])) or ""
    key = hashlib.sha1(f"{index}|{msgid}".encode()).hexdigest()[:16]
    epoch = parse_date(msg.get("Date") or "")
    internal_ms = int(epoch * 1000) if epoch is not None else fallback_ms
    attachments: dict[str, bytes] = {}
    texts: list[str] = []
    filenames: list[str] = []
    payload = _convert_part(msg, "", attachments, key, texts, filenames)
    people = _people(msg)
    subject = decode_text_header(msg.get("Subject"), "Subject", [])
    sender = people.get("from", [])
    labels = ["SENT"] if sender and sender[0][1] == account.lower() else ["INBOX"]
    return FakeMessage(id=key, thread_id=key, internal_ms=internal_ms, labels=labels, payload=payload, raw=raw,
                       attachments=attachments, people=people, subject=subject.lower(), filenames=filenames,
                       text=(subject + "\n" + "\n".join(texts)).lower(), msgid=msgid.strip("<>").lower())


def load_mbox(path: str | Path, account: str) -> list[FakeMessage]:
    """Every message of an mbox file as Gmail would hold it."""
    box = mailbox.mbox(str(path), create=False)
    out = []
    try:
        for index, key in enumerate(box.iterkeys()):
            raw = box.get_bytes(key)
            out.append(message_from_bytes(raw, index, account))
    finally:
        box.close()
    return out


# ==== the search language ===================================================================================

_TOKEN = re.compile(r'\s*(?:(?P<open>[{(])|(?P<close>[})])|(?P<neg>-)(?=\S)|'
                    r'(?P<term>(?:[A-Za-z0-9_]+:)?(?:"(?:[^"\\]|\\.)*"|[^\s{}()"]+)))')


class QueryError(ValueError):
    pass


def tokenize(q: str) -> list[tuple[str, str]]:
    tokens, pos = [], 0
    q = q.strip()
    while pos < len(q):
        m = _TOKEN.match(q, pos)
        if not m or m.end() == pos:
            if q[pos:].strip() == "":
                break
            raise QueryError(f"cannot read the query at {q[pos:pos + 20]!r}")
        pos = m.end()
        kind = m.lastgroup
        tokens.append((kind, m.group(kind)))
    return tokens


def parse_query(q: str):
    """The query as nested tuples: ('and', [...]) ('or', [...]) ('not', x) ('term', op, value, quoted)."""
    tokens = tokenize(q)
    pos = [0]

    def peek():
        return tokens[pos[0]] if pos[0] < len(tokens) else (None, None)

    def units(closing: str | None) -> list:
        items = []
        while True:
            kind, text = peek()
            if kind is None:
                if closing:
                    raise QueryError(f"missing {closing!r}")
                return items
            if kind == "close":
                if text != closing:
                    raise QueryError(f"unexpected {text!r}")
                pos[0] += 1
                return items
            items.append(unary())

    def unary():
        kind, text = peek()
        if kind == "neg":
            pos[0] += 1
            return ("not", unary())
        if kind == "open":
            pos[0] += 1
            inner = units("}" if text == "{" else ")")
            return ("or", inner) if text == "{" else ("and", _fold_or(inner))
        pos[0] += 1
        return _term(text)

    top = units(None)
    return ("and", _fold_or(top))


def _fold_or(items: list) -> list:
    """'a OR b c' -> [or(a, b), c]."""
    out: list = []
    i = 0
    while i < len(items):
        item = items[i]
        i += 1
        while i < len(items) and items[i] == _OR:
            if i + 1 >= len(items):
                raise QueryError("OR at the end of the query")
            item = ("or", [item, items[i + 1]])
            i += 2
        out.append(item)
    return out


_OR = ("term", "", "OR", False)


def _term(text: str):
    op, value = "", text
    m = re.match(r"([A-Za-z][A-Za-z0-9_]*):(.*)$", text, re.S)
    if m:
        op, value = m.group(1).lower(), m.group(2)
    quoted = value.startswith('"') and value.endswith('"') and len(value) >= 2
    if quoted:
        value = re.sub(r'\\(.)', r"\1", value[1:-1])
    return ("term", op, value, quoted)


_WORD = re.compile(r"[0-9a-z]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _contains_words(haystack: str, needle: str) -> bool:
    """Every word of the needle, in order and adjacent, among the haystack's words (Gmail-like phrase match)."""
    hw, nw = _words(haystack), _words(needle)
    if not nw:
        return False
    return any(hw[i:i + len(nw)] == nw for i in range(len(hw) - len(nw) + 1))


def _time_bound(value: str) -> float:
    if re.fullmatch(r"\d{9,}", value):
        return float(value)
    m = re.fullmatch(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})", value)
    if not m:
        raise QueryError(f"unreadable date {value!r}")
    day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return datetime(day.year, day.month, day.day, tzinfo=PACIFIC).timestamp()  # Gmail: midnight PST


class Matcher:
    def __init__(self, account: str):
        self.account = account.lower()

    def matches(self, node, m: FakeMessage) -> bool:
        kind = node[0]
        if kind == "and":
            return all(self.matches(n, m) for n in node[1])
        if kind == "or":
            return any(self.matches(n, m) for n in node[1])
        if kind == "not":
            return not self.matches(node[1], m)
        return self.term(node[1], node[2], node[3], m)

    def _addr(self, role: str, value: str, quoted: bool, m: FakeMessage) -> bool:
        v = value.lower().strip()
        if v == "me":
            v = self.account
        people = m.people.get(role, [])
        if "@" in v and not quoted:
            return any(addr == v for _name, addr in people)
        for name, addr in people:
            if quoted and " " in v:
                if _contains_words(name, v) or v in addr:
                    return True
            elif v in _words(name) or v in _words(addr) or v == addr:
                return True
        return False

    def term(self, op: str, value: str, quoted: bool, m: FakeMessage) -> bool:
        if op in ("from", "to", "cc", "bcc"):
            return self._addr(op, value, quoted, m)
        if op == "subject":
            return _contains_words(m.subject, value)
        if op == "has":
            if value.lower() == "attachment":
                return bool(m.filenames)
            raise QueryError(f"has:{value} is not supported by the fake")
        if op == "filename":
            v = value.lower()
            return any(name == v or name.rsplit(".", 1)[-1] == v or _contains_words(name, v) for name in m.filenames)
        if op in ("after", "before", "older", "newer"):
            bound = _time_bound(value)
            seconds = m.internal_ms / 1000
            return seconds >= bound if op in ("after", "newer") else seconds < bound
        if op == "rfc822msgid":
            return m.msgid == value.strip().strip("<>").lower()
        if op == "in":
            v = value.lower()
            return v in ("anywhere", "all") or v.upper() in m.labels
        if op == "label":
            return value.upper() in m.labels
        if op == "":
            v = value.lower()
            if quoted:
                return v in m.text
            return v in _words(m.text) or (not v.isalnum() and v in m.text)
        raise QueryError(f"unknown search operator {op}:")


# ==== the calendar ==========================================================================================

_PARTSTAT = {"ACCEPTED": "accepted", "DECLINED": "declined", "TENTATIVE": "tentative",
             "NEEDS-ACTION": "needsAction"}


def _rfc3339(value: date | datetime, tz: ZoneInfo) -> dict:
    if isinstance(value, datetime):
        moment = value.replace(tzinfo=tz) if value.tzinfo is None else value
        return {"dateTime": moment.isoformat(), "timeZone": str(getattr(moment.tzinfo, "key", tz.key))}
    return {"date": value.isoformat()}


def _instant(value: dict, tz: ZoneInfo) -> datetime:
    if "dateTime" in value:
        return datetime.fromisoformat(value["dateTime"])
    return datetime.combine(date.fromisoformat(value["date"]), datetime.min.time(), tzinfo=tz)


def _address(value: Any) -> str | None:
    text = str(value).strip()
    if text.lower().startswith("mailto:"):
        text = text[7:]
    return text.strip() if "@" in text else None


def events_from_ics(path: str | Path, account: str, tz: ZoneInfo, horizon: date,
                    self_emails: Iterable[str] = ()) -> list[dict]:
    """Every event occurrence of an .ics file as Calendar API ``events`` resources (singleEvents form)."""
    me = {account.lower(), *(e.lower() for e in self_emails)}
    data = Path(path).read_bytes()
    out: list[dict] = []
    for cal in icalendar.Calendar.from_ical(data, multiple=True):
        components = [c for c in cal.walk("VEVENT")]
        starts = []
        for comp in components:
            dt = comp.get("DTSTART")
            if dt is not None:
                value = dt.dt
                starts.append(value if isinstance(value, datetime) else datetime.combine(value, datetime.min.time()))
        if not starts:
            continue
        earliest = min(s.replace(tzinfo=None) for s in starts) - timedelta(days=2)
        span_end = datetime.combine(horizon, datetime.min.time())
        recurring_uids = {str(c.get("UID")) for c in components if c.get("RRULE") or c.get("RDATE")
                          or c.get("RECURRENCE-ID")}
        for occ in recurring_ical_events.of(cal).between(earliest, span_end):
            uid = str(occ.get("UID"))
            start = occ.get("DTSTART").dt
            end = occ.get("DTEND").dt if occ.get("DTEND") is not None else None
            if end is None and occ.get("DURATION") is not None:
                end = start + occ.get("DURATION").dt
            if end is None:
                end = start + (timedelta(days=1) if not isinstance(start, datetime) else timedelta(0))
            if str(occ.get("STATUS", "")).upper() == "CANCELLED":
                continue
            base_id = hashlib.sha1(uid.encode()).hexdigest()[:26]
            ev: dict[str, Any] = {"kind": "calendar#event", "iCalUID": uid, "status": "confirmed",
                                  "summary": str(occ.get("SUMMARY", "")), "start": _rfc3339(start, tz),
                                  "end": _rfc3339(end, tz)}
            if uid in recurring_uids:
                stamp = (start.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ") if isinstance(start, datetime)
                         and start.tzinfo else start.strftime("%Y%m%dT%H%M%S") if isinstance(start, datetime)
                         else start.strftime("%Y%m%d"))
                ev["id"], ev["recurringEventId"] = f"{base_id}_{stamp}", base_id
            else:
                ev["id"] = base_id
            if occ.get("LOCATION"):
                ev["location"] = str(occ.get("LOCATION"))
            if occ.get("DESCRIPTION"):
                ev["description"] = str(occ.get("DESCRIPTION"))
            kind = str(occ.get("X-QW-EVENT-TYPE", "")).strip().lower()
            categories = occ.get("CATEGORIES")
            cats = []
            for c in categories if isinstance(categories, list) else [categories] if categories else []:
                cats += [str(x).lower() for x in getattr(c, "cats", [c])]
            ev["eventType"] = {"birthday": "birthday", "outofoffice": "outOfOffice", "focustime": "focusTime",
                               "workinglocation": "workingLocation"}.get(kind, "birthday" if "birthday" in cats
                                                                         else "default")
            organizer = occ.get("ORGANIZER")
            org_addr = _address(organizer) if organizer is not None else None
            attendees = []
            values = occ.get("ATTENDEE")
            for value in values if isinstance(values, list) else [values] if values is not None else []:
                addr = _address(value)
                if not addr:
                    continue
                params = getattr(value, "params", {})
                att = {"email": addr, "responseStatus": _PARTSTAT.get(str(params.get("PARTSTAT", "")).upper(),
                                                                      "needsAction")}
                if params.get("CN"):
                    att["displayName"] = str(params["CN"])
                if str(params.get("CUTYPE", "")).upper() in ("ROOM", "RESOURCE"):
                    att["resource"] = True
                if addr.lower() in me:
                    att["self"] = True
                if org_addr and addr.lower() == org_addr.lower():
                    att["organizer"] = True
                attendees.append(att)
            if attendees:
                ev["attendees"] = attendees
            if org_addr:
                org = {"email": org_addr}
                if getattr(organizer, "params", {}).get("CN"):
                    org["displayName"] = str(organizer.params["CN"])
                if org_addr.lower() in me:
                    org["self"] = True
                ev["organizer"] = org
            elif not attendees:  # an entry the user put in their own calendar
                ev["organizer"] = {"email": account, "self": True}
            out.append(ev)
    return out


def _event_text(ev: dict) -> str:
    parts = [ev.get("summary", ""), ev.get("description", ""), ev.get("location", "")]
    for att in ev.get("attendees", []):
        parts += [att.get("email", ""), att.get("displayName", "")]
    org = ev.get("organizer", {})
    parts += [org.get("email", ""), org.get("displayName", "")]
    return "\n".join(parts).lower()


# ==== partial responses (fields=) ===========================================================================

def parse_fields(spec: str) -> dict:
    """'a,b/c,d(e,f)' -> {'a': {}, 'b': {'c': {}}, 'd': {'e': {}, 'f': {}}} ({} = everything below)."""
    pos = [0]

    def parse_list() -> dict:
        out: dict = {}
        while pos[0] < len(spec):
            name_match = re.match(r"[A-Za-z0-9_*]+(?:/[A-Za-z0-9_*]+)*", spec[pos[0]:])
            if not name_match:
                raise QueryError(f"bad fields mask at {spec[pos[0]:]!r}")
            path = name_match.group(0).split("/")
            pos[0] += name_match.end()
            sub: dict = {}
            if pos[0] < len(spec) and spec[pos[0]] == "(":
                pos[0] += 1
                sub = parse_list()
                if pos[0] >= len(spec) or spec[pos[0]] != ")":
                    raise QueryError("unbalanced ( in fields mask")
                pos[0] += 1
            node = out
            for name in path[:-1]:
                node = node.setdefault(name, {})
                if node is None:
                    break
            _merge_mask(node, path[-1], sub)
            if pos[0] < len(spec) and spec[pos[0]] == ",":
                pos[0] += 1
                continue
            break
        return out

    mask = parse_list()
    if pos[0] != len(spec):
        raise QueryError(f"bad fields mask near {spec[pos[0]:]!r}")
    return mask


def _merge_mask(node: dict, name: str, sub: dict) -> None:
    if name in node and node[name] and sub:
        node[name].update(sub)
    elif name in node and not node[name]:
        return
    else:
        node[name] = sub


def apply_fields(data: Any, mask: dict) -> Any:
    if not mask:
        return data
    if isinstance(data, list):
        return [apply_fields(x, mask) for x in data]
    if not isinstance(data, dict):
        return data
    out = {}
    for name, sub in mask.items():
        if name == "*":
            return data
        if name in data:
            out[name] = apply_fields(data[name], sub)
    return out


# ==== the server ============================================================================================

@dataclass
class Answer:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def _error(status: int, message: str, reason: str = "", status_text: str = "") -> Answer:
    err: dict[str, Any] = {"code": status, "message": message}
    if reason:
        err["errors"] = [{"message": message, "domain": "global", "reason": reason}]
    if status_text:
        err["status"] = status_text
    return Answer(status, {"error": err})


class FakeGoogle:
    """The fake server. Use as a context manager; ``url`` is its root (``http://127.0.0.1:PORT/``)."""

    def __init__(self, messages: list[FakeMessage] | None = None, calendars: dict[str, list[dict]] | None = None,
                 *, account: str = "me@example.org", fault_rate: float = 0.0, seed: int = 0,
                 fault_statuses: tuple[int, ...] = (429, 500, 503), token_lifetime: int = 3600,
                 require_auth: bool = True, calendar_tz: str = "UTC", latency: float = 0.0):
        self.account = account
        self.messages = sorted(messages or [], key=lambda m: (-m.internal_ms, m.id))
        self.by_id = {m.id: m for m in self.messages}
        self.calendars: dict[str, list[dict]] = calendars if calendars is not None else {account: []}
        self.calendar_tz = calendar_tz
        self.fault_rate = fault_rate
        self.fault_statuses = fault_statuses
        self.fault_methods: set[str] | None = None   # only these methods fail (batches as a whole never); None = all
        self.rng = random.Random(seed)
        self.token_lifetime = token_lifetime
        self.require_auth = require_auth
        self.latency = latency
        self.matcher = Matcher(account)
        self.counts: Counter = Counter()
        self.faults: Counter = Counter()
        self.http_requests = 0
        self.queries: list[str] = []             # every messages.list q, in order (for tests)
        self.event_queries: list[dict] = []      # every events.list parameter set
        self.access_tokens: dict[str, float] = {}
        self.refresh_tokens: set[str] = {"refresh-1"}
        self.revoked: set[str] = set()
        self.codes: dict[str, str] = {"good-code": "refresh-1"}
        self.consents: dict[str, dict[str, str]] = {}   # one-time code -> the /auth request that issued it
        self.auth_requests: list[dict[str, str]] = []   # every /auth request's parameters, in order
        self._search_memo: dict[tuple, list[FakeMessage]] = {}
        # Gmail history: one record per change, ids increasing; records at or below history_floor are gone
        self.history_id = 1
        self.history: list[dict] = []
        self.history_floor = 0
        # Calendar changes: calendar -> event id -> the change number that last touched it
        self.change_seq = 1
        self.event_changes: dict[str, dict[str, int]] = {cal: {} for cal in self.calendars}
        self.sync_floor = 0
        self.cancelled: dict[str, dict[str, dict]] = {}
        self._n = 0
        self._lock = threading.RLock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- corpus loading -------------------------------------------------------------------------------
    @classmethod
    def from_files(cls, mbox: str | Path | None = None, ics: Iterable[str | Path] | str | Path | None = None, *,
                   account: str, tz: str = "UTC", horizon: date | None = None, self_emails: Iterable[str] = (),
                   **kwargs) -> "FakeGoogle":
        """Serve an mbox as the mailbox and each .ics as a calendar (the first one is the primary)."""
        messages = load_mbox(mbox, account) if mbox else []
        zone = ZoneInfo(tz)
        horizon = horizon or date(date.today().year + 3, 1, 1)
        calendars: dict[str, list[dict]] = {account: []}
        files = [ics] if isinstance(ics, (str, Path)) else list(ics or [])
        for n, path in enumerate(files):
            cal_id = account if n == 0 else f"calendar{n}@group.calendar.google.com"
            calendars.setdefault(cal_id, []).extend(events_from_ics(path, account, zone, horizon, self_emails))
        return cls(messages, calendars, account=account, calendar_tz=tz, **kwargs)

    # -- lifecycle ----------------------------------------------------------------------------------
    def __enter__(self) -> "FakeGoogle":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True   # headers and body go out in two writes: no 40 ms delayed-ACK stall

            def log_message(self, *args) -> None:  # quiet
                return None

            def _body(self) -> bytes:
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            def do_GET(self) -> None:
                self._answer(fake.handle_http("GET", self.path, dict(self.headers.items()), b""))

            def do_POST(self) -> None:
                self._answer(fake.handle_http("POST", self.path, dict(self.headers.items()), self._body()))

            def _answer(self, result: tuple[int, dict[str, str], bytes]) -> None:
                status, headers, body = result
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def url(self) -> str:
        assert self._server is not None, "start the fake first"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/"

    @property
    def token_uri(self) -> str:
        return self.url + "token"

    # -- changes to the mailbox and calendars ------------------------------------------------------------
    def _record(self, **change) -> None:
        self.history_id += 1
        self.history.append({"id": str(self.history_id), **change})

    def add_message(self, message: FakeMessage) -> None:
        """New mail: visible to listings and to history.list (messageAdded)."""
        with self._lock:
            message.history_id = self.history_id + 1
            self._record(messages=[{"id": message.id, "threadId": message.thread_id}],
                         messagesAdded=[{"message": {"id": message.id, "threadId": message.thread_id,
                                                     "labelIds": list(message.labels)}}])
            self.by_id[message.id] = message
            self.messages = sorted(self.by_id.values(), key=lambda m: (-m.internal_ms, m.id))
            self._search_memo.clear()

    def delete_message(self, msg_id: str) -> None:
        with self._lock:
            message = self.by_id.pop(msg_id)
            self._record(messages=[{"id": msg_id, "threadId": message.thread_id}],
                         messagesDeleted=[{"message": {"id": msg_id, "threadId": message.thread_id}}])
            self.messages = [m for m in self.messages if m.id != msg_id]
            self._search_memo.clear()

    def change_labels(self, msg_id: str, add: Iterable[str] = (), remove: Iterable[str] = ()) -> None:
        with self._lock:
            message = self.by_id[msg_id]
            add, remove = [l for l in add if l not in message.labels], [l for l in remove if l in message.labels]
            message.labels = [l for l in message.labels if l not in remove] + add
            ref = {"id": msg_id, "threadId": message.thread_id, "labelIds": list(message.labels)}
            if add:
                self._record(messages=[ref], labelsAdded=[{"message": ref, "labelIds": add}])
            if remove:
                self._record(messages=[ref], labelsRemoved=[{"message": ref, "labelIds": remove}])
            self._search_memo.clear()

    def expire_history(self) -> None:
        """Forget every history record so far: older startHistoryIds then answer 404."""
        with self._lock:
            self.history_floor = self.history_id
            self.history.clear()

    def put_event(self, calendar_id: str, event: dict) -> None:
        """Add or change an event (by its id) of one calendar."""
        with self._lock:
            events = self.calendars.setdefault(calendar_id, [])
            events[:] = [e for e in events if e["id"] != event["id"]] + [event]
            self.cancelled.get(calendar_id, {}).pop(event["id"], None)
            self.change_seq += 1
            self.event_changes.setdefault(calendar_id, {})[event["id"]] = self.change_seq

    def cancel_event(self, calendar_id: str, event_id: str) -> None:
        """Delete an event: gone from listings, shown as cancelled to a syncToken listing."""
        with self._lock:
            events = self.calendars[calendar_id]
            old = next(e for e in events if e["id"] == event_id)
            events[:] = [e for e in events if e["id"] != event_id]
            self.change_seq += 1
            self.event_changes[calendar_id][event_id] = self.change_seq
            self.cancelled.setdefault(calendar_id, {})[event_id] = {
                "kind": "calendar#event", "id": event_id, "iCalUID": old.get("iCalUID"), "status": "cancelled"}

    def expire_sync_tokens(self) -> None:
        """Every sync token issued so far answers 410 Gone (Google's 'full sync required')."""
        with self._lock:
            self.change_seq += 1
            self.sync_floor = self.change_seq

    def revoke(self, refresh_token: str = "refresh-1") -> None:
        """The user revoked access: the refresh token is refused and live access tokens stop working."""
        with self._lock:
            self.revoked.add(refresh_token)
            self.access_tokens.clear()

    # -- accounting ---------------------------------------------------------------------------------
    def reset_counts(self) -> None:
        with self._lock:
            self.counts.clear()
            self.faults.clear()
            self.http_requests = 0
            self.queries.clear()
            self.event_queries.clear()

    @property
    def total_calls(self) -> int:
        return sum(self.counts.values())

    def _fault(self, method: str | None = None) -> Answer | None:
        if self.fault_rate <= 0:
            return None
        if self.fault_methods is not None and method not in self.fault_methods:
            return None
        with self._lock:
            if self.rng.random() >= self.fault_rate:
                return None
            status = self.rng.choice(self.fault_statuses)
            self.faults[status] += 1
        if status == 429:
            return _error(429, "Too many concurrent requests for user", "rateLimitExceeded", "RESOURCE_EXHAUSTED")
        if status == 403:
            return _error(403, "User-rate limit exceeded", "userRateLimitExceeded", "PERMISSION_DENIED")
        return _error(status, "Backend Error", "backendError", "UNAVAILABLE" if status == 503 else "INTERNAL")

    # -- OAuth --------------------------------------------------------------------------------------
    def issue_access_token(self, lifetime: int | None = None) -> str:
        with self._lock:
            self._n += 1
            token = f"access-{self._n}"
            self.access_tokens[token] = time.time() + (self.token_lifetime if lifetime is None else lifetime)
        return token

    def _token_endpoint(self, body: bytes) -> Answer:
        form = {k: v[0] for k, v in urllib.parse.parse_qs(body.decode()).items()}
        grant = form.get("grant_type")
        with self._lock:
            self.counts["oauth2.token"] += 1
        if grant == "refresh_token":
            token = form.get("refresh_token", "")
            if token in self.revoked or token not in self.refresh_tokens:
                return Answer(400, {"error": "invalid_grant",
                                    "error_description": "Token has been expired or revoked."})
            return Answer(200, {"access_token": self.issue_access_token(), "expires_in": self.token_lifetime,
                                "token_type": "Bearer", "scope": form.get("scope") or
                                "https://www.googleapis.com/auth/gmail.readonly "
                                "https://www.googleapis.com/auth/calendar.readonly"})
        if grant == "authorization_code":
            code = form.get("code", "")
            with self._lock:
                consent = self.consents.pop(code, None)   # a code from /auth is good once
            if consent is not None:
                if not _pkce_matches(form.get("code_verifier"), consent.get("code_challenge")):
                    return Answer(400, {"error": "invalid_grant", "error_description": "Invalid code verifier."})
                if form.get("redirect_uri") != consent.get("redirect_uri"):
                    return Answer(400, {"error": "redirect_uri_mismatch", "error_description": "Bad redirect URI."})
            refresh = "refresh-1" if consent is not None else self.codes.get(code)
            if refresh is None:
                return Answer(400, {"error": "invalid_grant", "error_description": "Bad code."})
            return Answer(200, {"access_token": self.issue_access_token(), "expires_in": self.token_lifetime,
                                "refresh_token": refresh, "token_type": "Bearer",
                                "scope": "https://www.googleapis.com/auth/gmail.readonly "
                                         "https://www.googleapis.com/auth/calendar.readonly"})
        return Answer(400, {"error": "unsupported_grant_type"})

    def _consent_page(self, query: dict[str, list[str]]) -> tuple[int, dict[str, str], bytes]:
        """Google's consent page, as a browser sees it: the app asks for these scopes; Allow or Cancel."""
        import html

        params = {k: v[0] for k, v in query.items()}
        with self._lock:
            self.auth_requests.append(params)
        redirect = params.get("redirect_uri", "")
        if not redirect.startswith(("http://127.0.0.1:", "http://localhost:")) or params.get("response_type") != "code":
            return 400, {"Content-Type": "text/plain"}, b"Error 400: invalid_request (redirect_uri or response_type)"
        code = "code-" + hashlib.sha1(f"{time.time()}-{len(self.auth_requests)}".encode()).hexdigest()[:16]
        with self._lock:
            self.consents[code] = params
        back = {"state": params.get("state", "")}
        allow = redirect + "?" + urllib.parse.urlencode({**back, "code": code, "scope": params.get("scope", "")})
        deny = redirect + "?" + urllib.parse.urlencode({**back, "error": "access_denied"})
        scopes = "".join(f"<li>{html.escape(s)}</li>" for s in params.get("scope", "").split())
        page = (f"<!doctype html><title>Sign in - Fake Google</title><h1>{html.escape(self.account)}</h1>"
                f"<p>An app wants to:</p><ul>{scopes}</ul>"
                f'<a id="allow" href="{html.escape(allow)}">Allow</a> <a id="cancel" href="{html.escape(deny)}">Cancel</a>')
        return 200, {"Content-Type": "text/html; charset=utf-8"}, page.encode()

    def _authorized(self, headers: dict[str, str]) -> bool:
        if not self.require_auth:
            return True
        value = next((v for k, v in headers.items() if k.lower() == "authorization"), "")
        if not value.startswith("Bearer "):
            return False
        expiry = self.access_tokens.get(value[7:].strip())
        return expiry is not None and expiry > time.time()

    # -- dispatch -----------------------------------------------------------------------------------
    def handle_http(self, method: str, path: str, headers: dict[str, str],
                    body: bytes) -> tuple[int, dict[str, str], bytes]:
        with self._lock:
            self.http_requests += 1
        if self.latency:
            time.sleep(self.latency)
        url = urllib.parse.urlsplit(path)
        if url.path.startswith("/_control/"):
            return self._control(method, url.path, body)
        if method == "GET" and url.path == "/auth":
            return self._consent_page(urllib.parse.parse_qs(url.query))
        if method == "POST" and url.path == "/token":
            answer = self._token_endpoint(body)
            return answer.status, {"Content-Type": "application/json"}, json.dumps(answer.body).encode()
        if method == "POST" and url.path.startswith("/batch"):
            return self._batch(headers, body)
        answer = self._api(method, path, headers)
        return answer.status, {"Content-Type": "application/json; charset=UTF-8", **answer.headers}, \
            json.dumps(answer.body).encode()

    def _control(self, method: str, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
        """Test-harness endpoints (not part of any Google API, never counted): stats, reset, faults."""
        with self._lock:
            self.http_requests -= 1
        if path == "/_control/stats":
            data = {"counts": dict(self.counts), "http_requests": self.http_requests, "faults": dict(self.faults)}
        elif path == "/_control/reset" and method == "POST":
            self.reset_counts()
            data = {"ok": True}
        elif path == "/_control/add_messages" and method == "POST":
            settings = json.loads(body or b"{}")
            for raw in settings.get("raw", []):
                data = base64.b64decode(raw)
                self.add_message(message_from_bytes(data, len(self.by_id) + self.history_id, self.account))
            data = {"ok": True, "history_id": self.history_id}
        elif path == "/_control/expire_history" and method == "POST":
            self.expire_history()
            data = {"ok": True}
        elif path == "/_control/faults" and method == "POST":
            settings = json.loads(body or b"{}")
            with self._lock:
                self.fault_rate = float(settings.get("fault_rate", 0.0))
                self.rng = random.Random(int(settings.get("seed", 0)))
            data = {"ok": True}
        else:
            return 404, {"Content-Type": "application/json"}, b"{}"
        return 200, {"Content-Type": "application/json"}, json.dumps(data).encode()

    def _api(self, method: str, path: str, headers: dict[str, str], *, inner: bool = False) -> Answer:
        url = urllib.parse.urlsplit(path)
        params = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        name = self._method_name(method, url.path)
        if name is None:
            return _error(404, f"no such method: {method} {url.path}", "notFound")
        with self._lock:
            self.counts[name] += 1
        fault = self._fault(name)
        if fault is not None:
            return fault
        if not self._authorized(headers):
            return _error(401, "Request had invalid authentication credentials.", "authError", "UNAUTHENTICATED")
        try:
            answer = self._route(name, url.path, params)
        except QueryError as exc:
            return _error(400, f"Invalid query: {exc}", "invalidArgument", "INVALID_ARGUMENT")
        if answer.status == 200 and "fields" in params:
            try:
                answer.body = apply_fields(answer.body, parse_fields(params["fields"][0]))
            except QueryError as exc:
                return _error(400, str(exc), "invalidParameter")
        return answer

    @staticmethod
    def _method_name(method: str, path: str) -> str | None:
        if method != "GET":
            return None
        if path.startswith(GMAIL_PREFIX):
            rest = path[len(GMAIL_PREFIX):].split("/")
            if len(rest) == 2 and rest[1] == "profile":
                return "gmail.users.getProfile"
            if len(rest) == 2 and rest[1] == "messages":
                return "gmail.users.messages.list"
            if len(rest) == 2 and rest[1] == "history":
                return "gmail.users.history.list"
            if len(rest) == 3 and rest[1] == "messages":
                return "gmail.users.messages.get"
            if len(rest) == 5 and rest[1] == "messages" and rest[3] == "attachments":
                return "gmail.users.messages.attachments.get"
            return None
        if path.startswith(CALENDAR_PREFIX):
            rest = path[len(CALENDAR_PREFIX):].split("/")
            if rest[:3] == ["users", "me", "calendarList"] and len(rest) == 3:
                return "calendar.calendarList.list"
            if len(rest) == 3 and rest[0] == "calendars" and rest[2] == "events":
                return "calendar.events.list"
        return None

    def _route(self, name: str, path: str, params: dict[str, list[str]]) -> Answer:
        one = {k: v[0] for k, v in params.items()}
        if name.startswith("gmail."):
            user = urllib.parse.unquote(path[len(GMAIL_PREFIX):].split("/")[0])
            if user not in ("me", self.account):
                return _error(403, "Delegation denied", "forbidden")
        if name == "gmail.users.getProfile":
            return Answer(200, {"emailAddress": self.account, "messagesTotal": len(self.messages),
                                "threadsTotal": len(self.messages), "historyId": str(self.history_id)})
        if name == "gmail.users.history.list":
            return self._history_list(one, params)
        if name == "gmail.users.messages.list":
            return self._messages_list(one, params)
        if name == "gmail.users.messages.get":
            msg_id = urllib.parse.unquote(path.rsplit("/", 1)[-1])
            m = self.by_id.get(msg_id)
            if m is None:
                return _error(404, "Requested entity was not found.", "notFound")
            fmt = one.get("format", "full")
            return Answer(200, m.resource(fmt, params.get("metadataHeaders")))
        if name == "gmail.users.messages.attachments.get":
            parts = path[len(GMAIL_PREFIX):].split("/")
            m = self.by_id.get(urllib.parse.unquote(parts[2]))
            data = m.attachments.get(urllib.parse.unquote(parts[4])) if m else None
            if data is None:
                return _error(404, "Requested entity was not found.", "notFound")
            return Answer(200, {"size": len(data), "data": _b64(data)})
        if name == "calendar.calendarList.list":
            return self._calendar_list(one)
        if name == "calendar.events.list":
            cal_id = urllib.parse.unquote(path[len(CALENDAR_PREFIX):].split("/")[1])
            return self._events_list(cal_id, one, params)
        return _error(404, "not found", "notFound")

    def _page(self, items: list, one: dict[str, str], default: int, limit: int) -> tuple[list, str | None]:
        size = min(int(one.get("maxResults") or default), limit)
        start = int(one.get("pageToken") or 0)
        page = items[start:start + size]
        token = str(start + size) if start + size < len(items) else None
        return page, token

    def _messages_list(self, one: dict[str, str], params: dict[str, list[str]]) -> Answer:
        q = one.get("q", "")
        with self._lock:
            self.queries.append(q)
        labels = tuple(sorted(l.upper() for l in params.get("labelIds", [])))
        found = self._search_memo.get((q, labels))
        if found is None:  # the mailbox never changes, so a query's answer can be kept for its next pages
            node = parse_query(q) if q.strip() else ("and", [])
            found = [m for m in self.messages if self.matcher.matches(node, m) and all(l in m.labels for l in labels)]
            with self._lock:
                self._search_memo[(q, labels)] = found
        page, token = self._page(found, one, 100, 500)
        body: dict[str, Any] = {"resultSizeEstimate": len(found)}
        if page:
            body["messages"] = [{"id": m.id, "threadId": m.thread_id} for m in page]
        if token:
            body["nextPageToken"] = token
        return Answer(200, body)

    def _history_list(self, one: dict[str, str], params: dict[str, list[str]]) -> Answer:
        try:
            start = int(one.get("startHistoryId") or "")
        except ValueError:
            return _error(400, "Invalid startHistoryId", "invalidArgument", "INVALID_ARGUMENT")
        with self._lock:
            if start < self.history_floor:
                return _error(404, "Requested entity was not found.", "notFound", "NOT_FOUND")
            types = set(params.get("historyTypes", []))
            keys = {"messageAdded": "messagesAdded", "messageDeleted": "messagesDeleted",
                    "labelAdded": "labelsAdded", "labelRemoved": "labelsRemoved"}
            wanted = {keys[t] for t in types if t in keys} or set(keys.values())
            found = [h for h in self.history if int(h["id"]) > start and any(k in h for k in wanted)]
            found = [{k: v for k, v in h.items() if k in wanted or k in ("id", "messages")} for h in found]
            current = str(self.history_id)
        page, token = self._page(found, one, 100, 500)
        body: dict[str, Any] = {"historyId": current}
        if page:
            body["history"] = page
        if token:
            body["nextPageToken"] = token
        return Answer(200, body)

    def _calendar_list(self, one: dict[str, str]) -> Answer:
        items = []
        for n, cal_id in enumerate(self.calendars):
            entry = {"kind": "calendar#calendarListEntry", "id": cal_id, "summary": cal_id,
                     "timeZone": self.calendar_tz, "accessRole": "owner" if n == 0 else "reader"}
            if n == 0:
                entry["primary"] = True
            items.append(entry)
        page, token = self._page(items, one, 100, 250)
        body: dict[str, Any] = {"kind": "calendar#calendarList", "items": page}
        if token:
            body["nextPageToken"] = token
        return Answer(200, body)

    def _events_list(self, cal_id: str, one: dict[str, str], params: dict[str, list[str]]) -> Answer:
        if cal_id == "primary":
            cal_id = next(iter(self.calendars))
        events = self.calendars.get(cal_id)
        if events is None:
            return _error(404, "Not Found", "notFound")
        if one.get("singleEvents", "false").lower() != "true":
            return _error(400, "the fake serves expanded events only; pass singleEvents=true", "invalid")
        with self._lock:
            self.event_queries.append({"calendarId": cal_id, **one})
        if "syncToken" in one:
            return self._events_changed(cal_id, one)
        tz = ZoneInfo(self.calendar_tz)
        tmin = datetime.fromisoformat(one["timeMin"]) if one.get("timeMin") else None
        tmax = datetime.fromisoformat(one["timeMax"]) if one.get("timeMax") else None
        for bound in (tmin, tmax):
            if bound is not None and bound.tzinfo is None:
                return _error(400, "timeMin/timeMax need a time zone offset", "invalid")
        types = set(params.get("eventTypes", []))
        words = [w for w in (one.get("q") or "").lower().split() if w]
        uid = one.get("iCalUID")
        found = []
        for ev in events:
            if tmin is not None and _instant(ev["end"], tz) <= tmin:
                continue
            if tmax is not None and _instant(ev["start"], tz) >= tmax:
                continue
            if types and ev.get("eventType", "default") not in types:
                continue
            if uid is not None and ev["iCalUID"] != uid:
                continue
            if words:
                text = _event_text(ev)
                if not all(w in text for w in words):
                    continue
            found.append(ev)
        if one.get("orderBy") == "startTime":
            found.sort(key=lambda ev: _instant(ev["start"], tz))
        page, token = self._page(found, one, 250, 2500)
        body: dict[str, Any] = {"kind": "calendar#events", "summary": cal_id, "timeZone": self.calendar_tz,
                                "items": page}
        if token:
            body["nextPageToken"] = token
        elif not (one.keys() & {"timeMin", "timeMax", "q", "iCalUID"}):
            body["nextSyncToken"] = f"sync-{self.change_seq}"   # only a complete listing can be synced from
        return Answer(200, body)

    def _events_changed(self, cal_id: str, one: dict[str, str]) -> Answer:
        """events.list with a syncToken: every event changed since, cancelled ones included; 410 once expired."""
        if one.keys() & {"timeMin", "timeMax", "q", "iCalUID", "orderBy", "updatedMin"}:
            return _error(400, "syncToken cannot be combined with timeMin, timeMax, q, iCalUID, orderBy or "
                               "updatedMin", "invalid")
        token = one["syncToken"]
        if not re.fullmatch(r"sync-\d+", token):
            return _error(400, "Invalid sync token value.", "invalid")
        since = int(token[5:])
        with self._lock:
            if since < self.sync_floor:
                return _error(410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired")
            changed = {eid for eid, seq in self.event_changes.get(cal_id, {}).items() if seq > since}
            live = [ev for ev in self.calendars.get(cal_id, []) if ev["id"] in changed]
            gone = [ev for eid, ev in self.cancelled.get(cal_id, {}).items()
                    if eid in changed and eid not in {e["id"] for e in live}]
            current = self.change_seq
        page, token = self._page(live + gone, one, 250, 2500)
        body: dict[str, Any] = {"kind": "calendar#events", "summary": cal_id, "timeZone": self.calendar_tz,
                                "items": page}
        if token:
            body["nextPageToken"] = token
        else:
            body["nextSyncToken"] = f"sync-{current}"
        return Answer(200, body)

    # -- batches ------------------------------------------------------------------------------------
    def _batch(self, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        ctype = next((v for k, v in headers.items() if k.lower() == "content-type"), "")
        fault = self._fault()
        if fault is not None:
            return fault.status, {"Content-Type": "application/json"}, json.dumps(fault.body).encode()
        outer = email.message_from_bytes(f"Content-Type: {ctype}\r\n\r\n".encode() + body)
        if not outer.is_multipart():
            return 400, {"Content-Type": "application/json"}, b'{"error": {"code": 400, "message": "not multipart"}}'
        boundary = "batch_" + hashlib.sha1(body[:64] + str(time.time()).encode()).hexdigest()[:20]
        chunks = []
        outer_auth = {k: v for k, v in headers.items() if k.lower() == "authorization"}
        for part in outer.get_payload():
            content_id = part.get("Content-ID", "")
            inner = part.get_payload(decode=False)
            if isinstance(inner, list):
                inner = inner[0].as_string()
            request_line, _, rest = inner.lstrip("\r\n").partition("\n")
            head, _, _inner_body = rest.replace("\r\n", "\n").partition("\n\n")
            inner_headers = dict(outer_auth)
            for line in head.split("\n"):
                if ":" in line:
                    k, v = line.split(":", 1)
                    inner_headers[k.strip()] = v.strip()
            verb, target, _proto = request_line.strip().split(" ", 2)
            answer = self._api(verb, target, inner_headers, inner=True)
            reason = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests",
                      500: "Internal Server Error", 503: "Service Unavailable"}.get(answer.status, "Error")
            payload = json.dumps(answer.body)
            response_id = f"<response-{content_id[1:]}" if content_id.startswith("<") else content_id
            chunks.append(f"--{boundary}\r\nContent-Type: application/http\r\nContent-ID: {response_id}\r\n\r\n"
                          f"HTTP/1.1 {answer.status} {reason}\r\nContent-Type: application/json; charset=UTF-8\r\n"
                          f"Content-Length: {len(payload.encode())}\r\n\r\n{payload}\r\n")
        out = "".join(chunks) + f"--{boundary}--\r\n"
        return 200, {"Content-Type": f"multipart/mixed; boundary={boundary}"}, out.encode()


# ==== the fake in its own process (benchmarks: no GIL shared with the client) ===============================

def _serve_child(conn, kwargs: dict) -> None:
    fake = FakeGoogle.from_files(**kwargs)
    fake.start()
    conn.send(fake.url)
    conn.recv()          # blocks until the parent says stop
    fake.stop()


class RemoteFake:
    """A FakeGoogle in a child process, driven over its /_control endpoints."""

    def __init__(self, **from_files_kwargs):
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._process = ctx.Process(target=_serve_child, args=(child, from_files_kwargs), daemon=True)
        self._process.start()
        self.url = self._conn.recv()
        self.token_uri = self.url + "token"

    def _control(self, name: str, data: dict | None = None) -> dict:
        import urllib.request

        request = urllib.request.Request(self.url + "_control/" + name, method="POST" if data is not None else "GET",
                                         data=json.dumps(data).encode() if data is not None else None)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def stats(self) -> dict:
        return self._control("stats")

    def reset_counts(self) -> None:
        self._control("reset", {})

    def set_faults(self, fault_rate: float, seed: int = 0) -> None:
        self._control("faults", {"fault_rate": fault_rate, "seed": seed})

    def add_messages(self, raws: Iterable[bytes]) -> int:
        """New mail in the served mailbox; returns the mailbox's historyId after it."""
        return self._control("add_messages", {"raw": [base64.b64encode(r).decode() for r in raws]})["history_id"]

    def expire_history(self) -> None:
        self._control("expire_history", {})

    def stop(self) -> None:
        try:
            self._conn.send("stop")
        except (BrokenPipeError, OSError):
            pass
        self._process.join(timeout=10)

    def __enter__(self) -> "RemoteFake":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


# ==== the real client, pointed at the fake ==================================================================

def discovery_document(api: str, root_url: str) -> dict:
    """The discovery document shipped inside google-api-python-client, with its root moved to ``root_url``."""
    import googleapiclient

    name = {"gmail": "gmail.v1.json", "calendar": "calendar.v3.json"}[api]
    path = Path(googleapiclient.__file__).parent / "discovery_cache" / "documents" / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["rootUrl"] = root_url
    doc["baseUrl"] = root_url + doc.get("servicePath", "")
    doc.pop("mtlsRootUrl", None)
    return doc


def _pkce_matches(verifier: str | None, challenge: str | None) -> bool:
    """RFC 7636 S256: the challenge is the unpadded base64url SHA-256 of the verifier (no challenge: no check)."""
    if not challenge:
        return True
    if not verifier:
        return False
    digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    return digest == challenge


def token_file_service_factory(fake, api: str, token_path):
    """Services built as the connectors build theirs (credentials read from the token file the sign-in wrote,
    refreshed at its token endpoint), from the discovery document rooted at the fake instead of Google."""
    import google_auth_httplib2
    import httplib2
    from googleapiclient.discovery import build_from_document

    from connectors.google_auth import load_credentials

    doc = discovery_document(api, fake.url)
    state: dict = {}

    def build():
        if "creds" not in state:
            state["creds"] = load_credentials(token_path)
        http = google_auth_httplib2.AuthorizedHttp(state["creds"], http=httplib2.Http(timeout=30))
        return build_from_document(doc, http=http)

    return build


def fake_google_registry(fake):
    """The installed connectors, but Gmail and Google Calendar talk to ``fake`` (through the token file each
    source names, or the default one): for a web app or engine that must sign in and answer against the fake."""
    from connectors.gcal import GcalConnector
    from connectors.gmail import GmailConnector
    from connectors.google_auth import default_token_path
    from queryweaver.plugins import Registry, get_registry

    def factory(api: str, source):
        return token_file_service_factory(fake, api, source.options.get("token_file") or default_token_path())

    class FakeRootGmail(GmailConnector):
        def __new__(cls, source, context, **kwargs):
            return GmailConnector(source, context, service_factory=factory("gmail", source), **kwargs)

    class FakeRootGcal(GcalConnector):
        def __new__(cls, source, context, **kwargs):
            return GcalConnector(source, context, service_factory=factory("calendar", source), **kwargs)

    class Plugin:
        __name__ = "tests.fake_google"

        @staticmethod
        def register_connectors(register):
            register(FakeRootGmail)
            register(FakeRootGcal)

    base = get_registry()
    registry = Registry(builtins=dict(base.builtins))
    registry.add_module(Plugin)  # type: ignore[arg-type]
    return registry


def fake_credentials(fake, *, expired: bool = False, refresh_token: str = "refresh-1"):
    """User credentials whose token endpoint is the fake's (refreshes go over real HTTP too).

    For a ``RemoteFake`` the credentials start without an access token: the first request refreshes.
    """
    from google.oauth2.credentials import Credentials

    if not isinstance(fake, FakeGoogle):
        expired = True
        token = None
    else:
        token = fake.issue_access_token(lifetime=-10 if expired else None)
    expiry = datetime.utcnow() + (timedelta(seconds=-10) if expired else timedelta(hours=1))
    return Credentials(token=token, refresh_token=refresh_token, token_uri=fake.token_uri, client_id="client-id",
                       client_secret="client-secret", expiry=expiry.replace(tzinfo=None),
                       scopes=["https://www.googleapis.com/auth/gmail.readonly",
                               "https://www.googleapis.com/auth/calendar.readonly"])


def service_factory(fake, api: str, credentials=None):
    """A factory of real ``googleapiclient`` services talking to the fake over HTTP (one per call)."""
    import google_auth_httplib2
    import httplib2
    from googleapiclient.discovery import build_from_document

    creds = credentials or fake_credentials(fake)
    doc = discovery_document(api, fake.url)

    def build():
        http = google_auth_httplib2.AuthorizedHttp(creds, http=httplib2.Http(timeout=30))
        return build_from_document(doc, http=http)

    return build


# ==== a small corpus with known answers =====================================================================

@dataclass
class SmallCorpus:
    mbox: Path
    ics: Path
    files_root: Path
    account: str
    self_emails: tuple[str, ...]
    tz: str
    today: date

    def context(self, cache_dir: Path, self_name: str = "Alex Morgan"):
        """The connector Context for this corpus's user (the same for the Google and the local connectors)."""
        from queryweaver.connector import Context

        return Context(self_name=self_name, self_emails=frozenset(self.self_emails), tz=ZoneInfo(self.tz),
                       today=self.today, cache_dir=cache_dir)


def _mail(msg_id: str, sender: str, to: list[str], subject: str, when: datetime, body: str = "",
          cc: list[str] | None = None, bcc: list[str] | None = None,
          attachments: list[tuple[str, bytes]] | None = None, html: str | None = None) -> bytes:
    from email.mime.application import MIMEApplication
    from email.mime.multipart import MIMEMultipart
    from email.mime.text import MIMEText

    if attachments or html:
        msg = MIMEMultipart("mixed")
        if html:
            alt = MIMEMultipart("alternative")
            alt.attach(MIMEText(body or " ", "plain", "utf-8"))
            alt.attach(MIMEText(html, "html", "utf-8"))
            msg.attach(alt)
        else:
            msg.attach(MIMEText(body or " ", "plain", "utf-8"))
        for name, data in attachments or []:
            part = MIMEApplication(data, Name=name)
            part.add_header("Content-Disposition", "attachment", filename=name)
            msg.attach(part)
    else:
        msg = MIMEText(body or " ", "plain", "utf-8")
    msg["Message-ID"] = msg_id
    msg["From"] = sender
    msg["To"] = ", ".join(to)
    if cc:
        msg["Cc"] = ", ".join(cc)
    if bcc:
        msg["Bcc"] = ", ".join(bcc)
    msg["Subject"] = subject
    msg["Date"] = email.utils.format_datetime(when)
    return msg.as_bytes()


def write_small_corpus(out: Path) -> SmallCorpus:
    """A mailbox, a calendar and a folder tree small enough to reason about by hand.

    The user is Alex Morgan <alex@example.org> (also alex.morgan@home.example). People: Jane Doe, Bob Stone,
    Sofia Alvarez, Carol King, and two Janes (Jane Roe) to make the first name ambiguous.
    """
    out.mkdir(parents=True, exist_ok=True)
    ny = ZoneInfo("America/New_York")
    me = "Alex Morgan <alex@example.org>"
    jane, bob, sofia, carol, roe = ("Jane Doe <jane@acme.test>", "Bob Stone <bob@acme.test>",
                                    "Sofia Alvarez <sofia@north.test>", "Carol King <carol@king.test>",
                                    "Jane Roe <jroe@roe.test>")
    mails = [
        _mail("<m1@acme.test>", jane, [me], "Budget review", datetime(2025, 1, 10, 9, 0, tzinfo=ny),
              "See the numbers at https://acme.test/budget.", attachments=[("budget.xlsx", b"xlsx-1")]),
        _mail("<m2@acme.test>", bob, [me], "Lunch?", datetime(2025, 1, 10, 17, 30, tzinfo=ny),
              "Lunch at noon? Menu: http://food.test/menu"),
        _mail("<m3@acme.test>", jane, [me], "Notes", datetime(2025, 1, 11, 8, 0, tzinfo=ny),
              "notes attached", cc=[carol], attachments=[("notes.txt", b"hello notes")]),
        _mail("<m4@home.example>", "Alex Morgan <alex.morgan@home.example>", [sofia], "Proposal",
              datetime(2025, 2, 3, 12, 0, tzinfo=ny), "Proposal attached",
              bcc=[bob], attachments=[("Northwind_Proposal_v3.pdf", b"%PDF-1")]),
        _mail("<m5@north.test>", sofia, [me, carol], "Re: Proposal", datetime(2025, 2, 4, 12, 0, tzinfo=ny),
              "Thanks!", html='<p>Thanks, see <a href="https://north.test/deck">the deck</a> and '
                            'https://north.test/agenda.</p>'),
        _mail("<m6@acme.test>", jane, [carol], "FYI", datetime(2025, 2, 5, 12, 0, tzinfo=ny),
              "Log file attached", cc=[me], attachments=[("server.log.txt", b"log"), ("notes.txt", b"v2")]),
        _mail("<m7@roe.test>", roe, [me], "Hello from the other Jane", datetime(2025, 2, 6, 10, 0, tzinfo=ny),
              "Hi"),
        _mail("<m8@king.test>", carol, [bob], "Not for you", datetime(2025, 2, 7, 10, 0, tzinfo=ny),
              "visit www.king.test/shop now", bcc=[me]),
        _mail("<m9@acme.test>", bob, [me], "Budget numbers", datetime(2025, 1, 9, 23, 30, tzinfo=ny),
              "late", attachments=[("Budget Review (final).pdf", b"pdf")]),
    ]
    mbox_path = out / "mail.mbox"
    box = mailbox.mbox(str(mbox_path))
    try:
        for raw in mails:
            box.add(mailbox.mboxMessage(raw))
        box.flush()
    finally:
        box.close()

    cal = icalendar.Calendar()
    cal.add("prodid", "-//queryweaver tests//")
    cal.add("version", "2.0")

    def event(uid, summary, start, end, attendees=(), organizer=None, location=None, rrule=None, extra=None):
        ev = icalendar.Event()
        ev.add("uid", uid)
        ev.add("summary", summary)
        ev.add("dtstart", start)
        ev.add("dtend", end)
        ev.add("dtstamp", datetime(2025, 1, 1, tzinfo=timezone.utc))
        if location:
            ev.add("location", location)
        if organizer:
            org = icalendar.vCalAddress(f"mailto:{organizer[1]}")
            org.params["CN"] = organizer[0]
            ev.add("organizer", org)
        for name, addr, status in attendees:
            att = icalendar.vCalAddress(f"mailto:{addr}")
            if name:
                att.params["CN"] = name
            att.params["PARTSTAT"] = status
            ev.add("attendee", att)
        if rrule:
            ev.add("rrule", rrule)
        for k, v in (extra or {}).items():
            ev.add(k, v)
        cal.add_component(ev)

    event("ev-kickoff@test", "Kickoff", datetime(2025, 2, 10, 10, 0, tzinfo=ny),
          datetime(2025, 2, 10, 11, 0, tzinfo=ny),
          [("Alex Morgan", "alex@example.org", "ACCEPTED"), ("Sofia Alvarez", "sofia@north.test", "ACCEPTED"),
           ("Bob Stone", "bob@acme.test", "ACCEPTED"), ("Carol King", "carol@king.test", "DECLINED")],
          organizer=("Alex Morgan", "alex@example.org"), location="Room 4, Boston")
    event("ev-sync@test", "Weekly sync", datetime(2025, 1, 6, 9, 0, tzinfo=ny), datetime(2025, 1, 6, 9, 30, tzinfo=ny),
          [("Alex Morgan", "alex@example.org", "ACCEPTED"), ("Jane Doe", "jane@acme.test", "ACCEPTED")],
          organizer=("Jane Doe", "jane@acme.test"), location="Video call",
          rrule={"freq": "weekly", "count": 4})
    event("ev-dentist@test", "Dentist", datetime(2025, 2, 12, 15, 0, tzinfo=ny),
          datetime(2025, 2, 12, 16, 0, tzinfo=ny),
          location="Main St Clinic, Cambridge")
    event("ev-bday@test", "Bob's birthday", date(2025, 2, 20), date(2025, 2, 21),
          extra={"x-qw-event-type": "birthday"})
    event("ev-march@test", "Planning", datetime(2025, 3, 3, 10, 0, tzinfo=ny), datetime(2025, 3, 3, 11, 0, tzinfo=ny),
          [("Carol King", "carol@king.test", "ACCEPTED"), ("Sofia Alvarez", "sofia@north.test", "TENTATIVE")],
          organizer=("Carol King", "carol@king.test"), location="Boston")
    ics_path = out / "calendar.ics"
    ics_path.write_bytes(cal.to_ical())

    root = out / "files"
    for rel in ("Finance/budget.xlsx", "Finance/2025/Budget Review (final).pdf", "Notes/notes.txt",
                "Clients/Northwind/Northwind_Proposal_v3.pdf", "Archive/notes.txt", "Misc/readme.md"):
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(rel)
    return SmallCorpus(mbox_path, ics_path, root, "alex@example.org", ("alex@example.org", "alex.morgan@home.example"),
                       "America/New_York", date(2025, 3, 15))
