"""Gmail through the Gmail API: every Email edge, both ways, with as few requests as the question allows.

Items are the ones the local mail connectors produce (``connectors/mailstore.py``), with one difference the
design asks for: an **Email's key is its Gmail id**; the Message-ID (normalized, ``<id@host>``) is kept in the
``message_id`` field and ``gmail_id`` holds the id. Person = lower-cased address of anyone not Self, named by
the display name seen most often in the messages fetched so far; File = attachment file name (``path`` None);
Webpage = URL as written (``mailstore.extract_urls``); Date items are ``items.day_item`` days.

Self is every ``[self] emails`` address plus the account's own address (``users.getProfile``).
Gmail semantics, kept honest:

* ``from`` = the From header; ``to`` = any of To, Cc, Bcc. We never rely on what Gmail's ``to:`` covers:
  "received" is asked as ``{to:a cc:a bcc:a}`` for every Self address, exactly what the mbox path checks.
  Bcc is only visible on the sender's copy, as in an mbox.
* ``sent_on`` is pushed down as ``after:``/``before:`` with epoch seconds (a plain date would be read as
  midnight Pacific time) — the day boundaries are midnights in ``[self] timezone``. Gmail compares its
  ``internalDate`` (receipt time); the ``date`` field is the Date header, as in the mbox path.
* ``filename:``, quoted URL and ``subject:`` searches are word based in Gmail, so they only *propose*
  messages; attachment names, URLs and subjects are then checked exactly on the fetched messages.

How requests are spent: what a tool knows is compiled into one ``q`` per known item (so a link's known side is
known without fetching), ids are listed 500 per page — several queries share one batch — and the executor
intersects on ids. Message details are fetched only for ids that need them: ``format=metadata`` with
``metadataHeaders`` and a ``fields`` mask for headers, ``format=full`` only where attachments, URLs or the body
are needed; in batches of at most 50, a bounded number in flight. Everything fetched lands in a SQLite cache
keyed by message id (Gmail messages never change), so a repeated question costs the id listings only.
Small answers (``eager_limit``) come back with their fields filled; larger ones hold ids until ``describe``
or ``apply_filter`` needs more.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import email.utils
import hashlib
import math
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable, Iterator, Sequence

from queryweaver.connector import Connector, Context, Link, Selection, tool
from queryweaver.filters import filter_items, match_persons, norm
from queryweaver.graph import FilterConstraint
from queryweaver.reader.grounding import Lexicon
from queryweaver.index import lexicon_stale, read_lexicon, write_lexicon
from queryweaver.items import SELF_KEY, DateRange, Item, day_item, file_key
from queryweaver.schema import EntityType

from .google_auth import default_token_path, sign_in_hint, token_client_secrets
from .google_http import (GoogleApi, RetryPolicy, ServiceFactory, add_cache_lexicon, default_service_factory,
                          wants_sync)
from .server_cache import ServerCache
from .mailstore import (
    MAX_BODY_CHARS,
    day_bounds,
    mail_lexicon_rows,
    decode_text_header,
    extract_urls,
    html_to_text,
    normalize_message_id,
    parse_date,
    search_text,
)

EMAIL, PERSON, SELF = EntityType.EMAIL, EntityType.PERSON, EntityType.SELF
FILE, WEBPAGE, DATE = EntityType.FILE, EntityType.WEBPAGE, EntityType.DATE

PAGE_SIZE = 500                      # messages.list maximum
METADATA_HEADERS = ("From", "To", "Cc", "Bcc", "Subject", "Date", "Message-ID")
LIST_FIELDS = "messages/id,nextPageToken,resultSizeEstimate"
METADATA_FIELDS = "id,internalDate,payload/headers"
FULL_FIELDS = "id,internalDate,payload"
ROLE_OPERATORS: dict[str, tuple[str, ...]] = {
    "from": ("from",),
    "to": ("to", "cc", "bcc"),
    "participants": ("from", "to", "cc", "bcc"),
}
CACHE_VERSION = "1"
LIST_MEMO_SECONDS = 30.0             # the same q within one run is listed once
SMALL = 8                            # below this many unknown messages, fetching beats estimating a listing
PROFILE_SECONDS = 24 * 3600
_GMAIL_ID = re.compile(r"^[0-9a-f]{10,24}$")
_PLAIN_TERM = re.compile(r"^[A-Za-z0-9@._+\-]+$")


# ---- queries ------------------------------------------------------------------------------------------------

def q_value(value: str) -> str:
    """A value as Gmail search reads it: bare when simple, else a quoted phrase (Gmail has no escape for ")."""
    value = " ".join(str(value).split())
    if _PLAIN_TERM.match(value):
        return value
    return '"' + value.replace('"', " ").strip() + '"'


def any_of(terms: Sequence[str]) -> str:
    """Gmail's OR group."""
    terms = list(dict.fromkeys(terms))
    return terms[0] if len(terms) == 1 else "{" + " ".join(terms) + "}"


def address_query(addresses: Iterable[str], edge: str) -> str:
    """Messages where any of the addresses is the sender / a recipient / either."""
    return any_of([f"{op}:{q_value(a)}" for a in sorted(set(addresses)) for op in ROLE_OPERATORS[edge]])


def date_query(rng: DateRange, tz) -> str:
    """after:/before: in epoch seconds for the days of ``rng`` in ``tz`` (half-open)."""
    start, end = day_bounds(rng, tz)
    terms = []
    if start is not None:
        terms.append(f"after:{int(math.floor(start))}")
    if end is not None:
        terms.append(f"before:{int(math.ceil(end))}")
    return " ".join(terms)


def is_gmail_id(key: str) -> bool:
    return bool(_GMAIL_ID.match(key))


# ---- one message, reduced ----------------------------------------------------------------------------------

@dataclass
class Record:
    id: str
    message_id: str
    subject: str
    date_utc: float | None
    addresses: list[tuple[str, str, str]]             # (role, addr, name)
    full: bool = False
    body: str = ""                                    # norm(text), only when full
    attachments: list[tuple[str, int]] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)

    @property
    def sender(self) -> str | None:
        return next((a for role, a, _n in self.addresses if role == "from"), None)

    def has_role(self, addresses: frozenset[str], edge: str) -> bool:
        roles = ROLE_OPERATORS[edge]
        return any(role in roles and addr in addresses for role, addr, _n in self.addresses)


def _headers(payload: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for h in payload.get("headers") or []:
        out[str(h.get("name", "")).lower()].append(str(h.get("value", "")))
    return out


def _addresses(headers: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    """(role, lower-cased address, display name), as mailstore reads them."""
    out: list[tuple[str, str, str]] = []
    for role in ("from", "to", "cc", "bcc"):
        values = [re.sub(r"\r?\n[ \t]*", " ", v) for v in headers.get(role, [])]
        if not values:
            continue
        for name, addr in email.utils.getaddresses(values):
            addr = addr.strip().strip("<>").lower()
            if "@" not in addr:
                continue
            name = decode_text_header(name, role, []) if name else ""
            name = name.strip().strip("\"'").strip()
            if name.lower() == addr:
                name = ""
            out.append((role, addr, name))
            if role == "from":
                break
    return out


def _decode(data: bytes, charset: str | None) -> str:
    if charset:
        try:
            codec = codecs.lookup(charset.strip().strip('"').lower()).name
        except LookupError:
            codec = None
        if codec and codec != "ascii":
            return data.decode(codec, "replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def _charset(part: dict) -> str | None:
    for value in _headers(part).get("content-type", []):
        m = re.search(r'charset\s*=\s*"?([^";\s]+)', value, re.IGNORECASE)
        if m:
            return m.group(1)
    return None


def _walk(part: dict, texts: list[str], htmls: list[str], attachments: list[tuple[str, int]]) -> None:
    """mailstore._walk_parts over a Gmail payload: text parts, HTML parts and named attachments."""
    children = part.get("parts")
    mime = str(part.get("mimeType", "")).lower()
    if children or mime.startswith("multipart/"):
        for child in children or []:
            _walk(child, texts, htmls, attachments)
        return
    filename = part.get("filename") or ""
    disposition = " ".join(_headers(part).get("content-disposition", [])).strip().lower()
    body = part.get("body") or {}
    if filename or disposition.startswith("attachment"):
        if filename:
            attachments.append((file_key(filename), int(body.get("size") or 0)))
        return
    if mime not in ("text/plain", "text/html") or not body.get("data"):
        return
    try:
        data = base64.urlsafe_b64decode(body["data"] + "=" * (-len(body["data"]) % 4))
    except (binascii.Error, ValueError):
        return
    (texts if mime == "text/plain" else htmls).append(_decode(data, _charset(part)))


def record_from_resource(resource: dict, full: bool) -> Record:
    """A messages.get answer (metadata or full) reduced to what the cache keeps."""
    payload = resource.get("payload") or {}
    headers = _headers(payload)
    subject = decode_text_header((headers.get("subject") or [""])[0], "Subject", [])
    message_id = normalize_message_id(decode_text_header((headers.get("message-id") or [""])[0], "Message-ID", []))
    date_utc = parse_date(headers["date"][0]) if headers.get("date") else None
    if date_utc is None and resource.get("internalDate"):
        date_utc = int(resource["internalDate"]) / 1000.0
    rec = Record(id=resource["id"], message_id=message_id or f"<{resource['id']}@gmail.queryweaver.local>",
                 subject=subject, date_utc=date_utc, addresses=_addresses(headers))
    if full:
        texts: list[str] = []
        htmls: list[str] = []
        _walk(payload, texts, htmls, rec.attachments)
        html_texts = [html_to_text(h) for h in htmls]
        plain = "\n".join(texts)
        rec.body = search_text(plain if plain.strip() else "\n".join(html_texts))[:MAX_BODY_CHARS]
        rec.urls = extract_urls(texts + html_texts, htmls)
        rec.full = True
    return rec


# ---- the cache ----------------------------------------------------------------------------------------------

CACHE_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS messages (
    id TEXT PRIMARY KEY,          -- Gmail id
    message_id TEXT NOT NULL,
    subject TEXT NOT NULL,
    date_utc REAL,
    full INTEGER NOT NULL,        -- 1 when body, attachments and URLs are known
    body TEXT
);
CREATE INDEX IF NOT EXISTS messages_message_id ON messages(message_id);
CREATE TABLE IF NOT EXISTS addresses (id TEXT NOT NULL, role TEXT NOT NULL, addr TEXT NOT NULL, name TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS addresses_id ON addresses(id);
CREATE INDEX IF NOT EXISTS addresses_addr ON addresses(addr);
CREATE TABLE IF NOT EXISTS attachments (id TEXT NOT NULL, filename TEXT NOT NULL, size INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS attachments_id ON attachments(id);
CREATE TABLE IF NOT EXISTS urls (id TEXT NOT NULL, url TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS urls_id ON urls(id);
"""


class MessageCache(ServerCache):
    """Fetched messages by Gmail id. Messages never change, so an entry never goes stale."""

    SCHEMA, VERSION, LABEL = CACHE_SCHEMA, CACHE_VERSION, "the Gmail cache"
    TABLES = ("messages", "addresses", "attachments", "urls")

    def known(self, ids: Sequence[str], full: bool) -> set[str]:
        sql = "SELECT id FROM messages WHERE id IN ({})" + (" AND full = 1" if full else "")
        return {r["id"] for r in self._select(sql, ids)}

    def store(self, records: Iterable[Record]) -> None:
        records = list(records)
        if not records:
            return
        with self.lock, self.conn:
            self.conn.execute("DELETE FROM meta WHERE key = 'lexicon'")  # recomputed when next read
            for rec in records:
                old = self.conn.execute("SELECT full FROM messages WHERE id = ?", (rec.id,)).fetchone()
                if old is not None and old["full"] and not rec.full:
                    continue  # never downgrade a full entry
                for table in ("addresses", "attachments", "urls"):
                    self.conn.execute(f"DELETE FROM {table} WHERE id = ?", (rec.id,))
                self.conn.execute("INSERT OR REPLACE INTO messages VALUES (?, ?, ?, ?, ?, ?)",
                                  (rec.id, rec.message_id, rec.subject, rec.date_utc, int(rec.full),
                                   rec.body if rec.full else None))
                self.conn.executemany("INSERT INTO addresses VALUES (?, ?, ?, ?)",
                                      [(rec.id, role, addr, name) for role, addr, name in rec.addresses])
                if rec.full:
                    self.conn.executemany("INSERT INTO attachments VALUES (?, ?, ?)",
                                          [(rec.id, n, s) for n, s in rec.attachments])
                    self.conn.executemany("INSERT INTO urls VALUES (?, ?)", [(rec.id, u) for u in rec.urls])

    def records(self, ids: Sequence[str]) -> dict[str, Record]:
        out: dict[str, Record] = {}
        for r in self._select("SELECT * FROM messages WHERE id IN ({})", ids):
            out[r["id"]] = Record(r["id"], r["message_id"], r["subject"], r["date_utc"], [], bool(r["full"]),
                                  r["body"] or "")
        if not out:
            return out
        present = list(out)
        for r in self._select("SELECT * FROM addresses WHERE id IN ({}) ORDER BY rowid", present):
            out[r["id"]].addresses.append((r["role"], r["addr"], r["name"]))
        for r in self._select("SELECT * FROM attachments WHERE id IN ({}) ORDER BY rowid", present):
            out[r["id"]].attachments.append((r["filename"], r["size"]))
        for r in self._select("SELECT * FROM urls WHERE id IN ({}) ORDER BY rowid", present):
            out[r["id"]].urls.append(r["url"])
        return out

    def ids_for_message_ids(self, message_ids: Sequence[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for r in self._select("SELECT id, message_id FROM messages WHERE message_id IN ({})", message_ids):
            out[r["message_id"]].append(r["id"])
        return out

    def lexicon_rows(self) -> list[tuple[str, str, str, int]]:
        """What the cached messages name (as ``mailstore.mail_lexicon_rows``), recomputed after new fetches."""
        with self.lock:
            if lexicon_stale(self.conn):
                with self.conn:
                    write_lexicon(self.conn, mail_lexicon_rows(self.conn, msg="id"))
            return read_lexicon(self.conn)

    def close(self) -> None:
        with self.lock:
            self.conn.close()


# ---- the connector ------------------------------------------------------------------------------------------

def gmail_api(source, service_factory: ServiceFactory | None = None, retry: RetryPolicy | None = None,
              max_in_flight: int | None = None) -> tuple[GoogleApi, str]:
    """The Gmail API of a source's account, and the digest that names its local files."""
    options = source.options
    token_path = Path(options.get("token_file") or default_token_path()).expanduser()
    client_secrets = options.get("client_secrets") or token_client_secrets(token_path)
    factory = service_factory or default_service_factory("gmail", "v1", token_path, client_secrets)
    api = GoogleApi(factory, label="Gmail", retry=retry, auth_hint=lambda: sign_in_hint(client_secrets, token_path),
                    max_in_flight=int(max_in_flight or options.get("max_in_flight", 4)))
    account_key = str(options.get("account") or token_path)
    return api, hashlib.sha1(account_key.encode()).hexdigest()[:12]


class GmailConnector(Connector):
    """Mail from a Google account, read through the Gmail API (read-only).

    A source with ``sync = true`` gets a ``GmailMirrorConnector`` instead (``connectors/gmail_mirror.py``):
    the same tools, answered from a local copy that is synced through the history API.
    """

    name = "gmail"
    description = "mail from a Google account through the Gmail API (sign in with 'queryweaver auth google')"
    types: ClassVar[frozenset[EntityType]] = frozenset({EMAIL, PERSON, SELF, FILE, WEBPAGE, DATE})
    needs_auth = True

    def __new__(cls, source, context: Context, **kwargs):
        if cls is GmailConnector and wants_sync(source):
            from .gmail_mirror import GmailMirrorConnector

            return GmailMirrorConnector(source, context, **kwargs)   # not a subclass: __init__ is not re-run
        return super().__new__(cls)

    def __init__(self, source, context: Context, *, service_factory: ServiceFactory | None = None,
                 retry: RetryPolicy | None = None, max_in_flight: int | None = None,
                 eager_limit: int | None = None):
        super().__init__(source, context)
        options = source.options
        self.api, digest = gmail_api(source, service_factory, retry, max_in_flight)
        self.eager_limit = int(eager_limit if eager_limit is not None else options.get("eager_limit", 50))
        self._cache_path = Path(context.cache_dir) / "google" / f"gmail-{digest}.sqlite"
        self._cache: MessageCache | None = None
        self._lists: dict[str, tuple[float, list[str]]] = {}
        self._account: str | None = None

    # -- plumbing ------------------------------------------------------------------------------------
    @property
    def cache(self) -> MessageCache:
        if self._cache is None:
            self._cache = MessageCache(self._cache_path, self.context.warn)
        return self._cache

    def close(self) -> None:
        self.api.close()
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    def lexicon(self, lexicon: Lexicon) -> None:
        """What the messages fetched so far name; never a request (the account address only if known)."""
        add_cache_lexicon(lexicon, self.cache)

    @property
    def account(self) -> str:
        """The account's own address (users.getProfile, remembered for a day)."""
        if self._account is None:
            stamp = self.cache.get_meta("account_checked")
            cached = self.cache.get_meta("account")
            if cached and stamp and time.time() - float(stamp) < PROFILE_SECONDS:
                self._account = cached
            else:
                profile = self.api.call(lambda s: s.users().getProfile(userId="me", fields="emailAddress"),
                                        "users.getProfile", "reading the account address")
                self._account = str(profile.get("emailAddress", "")).lower()
                if cached and cached != self._account:
                    self.cache.clear()  # another account behind the same token file
                self.cache.set_meta("account", self._account)
                self.cache.set_meta("account_checked", str(time.time()))
        return self._account

    @property
    def self_addresses(self) -> frozenset[str]:
        return frozenset({*(e.lower() for e in self.context.self_emails), self.account} - {""})

    def _progress(self, stage: str) -> Callable[[int, int | None], None]:
        def report(done: int, total: int | None = None) -> None:
            self.context.progress(f"gmail: {stage}", done, total)
        return report

    # -- listing ids ---------------------------------------------------------------------------------
    def _list_request(self, q: str, page_token: str | None, max_results: int = PAGE_SIZE) -> Callable:
        def build(service):
            kwargs: dict[str, Any] = {"userId": "me", "maxResults": max_results, "fields": LIST_FIELDS}
            if q:
                kwargs["q"] = q
            if page_token:
                kwargs["pageToken"] = page_token
            return service.users().messages().list(**kwargs)
        return build

    def list_ids(self, queries: Iterable[str]) -> dict[str, list[str]]:
        """Every id matching each q (all pages, newest first). Queries of one round share batches."""
        queries = list(dict.fromkeys(queries))
        now = time.monotonic()
        out: dict[str, list[str]] = {}
        pending: dict[str, str | None] = {}
        for q in queries:
            memo = self._lists.get(q)
            if memo and now - memo[0] < LIST_MEMO_SECONDS:
                out[q] = list(memo[1])
            else:
                out[q] = []
                pending[q] = None
        fresh = set(pending)
        pages = 0
        while pending:
            order = list(pending)
            answers = self.api.call_many([self._list_request(q, pending[q]) for q in order], "messages.list",
                                         "listing messages", missing_ok=False)
            pending = {}
            for q, answer in zip(order, answers, strict=True):
                answer = answer or {}
                out[q].extend(m["id"] for m in answer.get("messages", []))
                if answer.get("nextPageToken"):
                    pending[q] = answer["nextPageToken"]
            pages += len(order)
            self.context.progress("gmail: listing messages", pages, None)
        stamp = time.monotonic()
        for q in fresh:
            out[q] = list(dict.fromkeys(out[q]))
            self._lists[q] = (stamp, out[q])
        return out

    def list_one(self, q: str) -> list[str]:
        return self.list_ids([q])[q]

    def _estimate(self, q: str) -> tuple[list[str], str | None, int]:
        """The first page of q: ids, the next page token and Gmail's estimate of the total."""
        answer = self.api.call(self._list_request(q, None), "messages.list", "listing messages") or {}
        ids = [m["id"] for m in answer.get("messages", [])]
        return ids, answer.get("nextPageToken"), int(answer.get("resultSizeEstimate") or len(ids))

    def _finish_listing(self, q: str, ids: list[str], token: str | None) -> list[str]:
        while token:
            answer = self.api.call(self._list_request(q, token), "messages.list", "listing messages") or {}
            ids.extend(m["id"] for m in answer.get("messages", []))
            token = answer.get("nextPageToken")
        ids = list(dict.fromkeys(ids))
        self._lists[q] = (time.monotonic(), ids)
        return ids

    # -- fetching ------------------------------------------------------------------------------------
    def _get_request(self, msg_id: str, full: bool) -> Callable:
        def build(service):
            if full:
                return service.users().messages().get(userId="me", id=msg_id, format="full", fields=FULL_FIELDS)
            return service.users().messages().get(userId="me", id=msg_id, format="metadata",
                                                  metadataHeaders=list(METADATA_HEADERS), fields=METADATA_FIELDS)
        return build

    def ensure(self, ids: Iterable[str], full: bool = False) -> None:
        """Fetch what the cache lacks for these ids: headers, or (``full``) the whole message."""
        ids = [i for i in dict.fromkeys(ids) if is_gmail_id(i)]
        known = self.cache.known(ids, full)
        missing = [i for i in ids if i not in known]
        if not missing:
            return
        stage = "fetching messages" if full else "fetching message headers"
        report = self._progress(stage)
        step = self.api.batch_size * self.api.max_in_flight * 4
        for start in range(0, len(missing), step):
            chunk = missing[start:start + step]
            answers = self.api.call_many([self._get_request(i, full) for i in chunk], "messages.get", stage,
                                         on_done=lambda n, base=start: report(base + n, len(missing)))
            self.cache.store(record_from_resource(a, full) for a in answers if a)

    def records(self, ids: Sequence[str], full: bool = False) -> dict[str, Record]:
        self.ensure(ids, full)
        return self.cache.records(ids)

    # -- items ---------------------------------------------------------------------------------------
    def _email_item(self, rec: Record) -> Item:
        when = datetime.fromtimestamp(rec.date_utc, self.context.tz).isoformat() if rec.date_utc is not None else None
        return Item(EMAIL, rec.id, {"message_id": rec.message_id, "subject": rec.subject, "from": rec.sender,
                                    "date": when, "_ts": rec.date_utc, "gmail_id": rec.id})

    def email_items(self, ids: Sequence[str], eager: bool = True) -> dict[str, Item]:
        """Items for ids: complete when cached (or few enough to fetch now), else the id alone."""
        ids = list(dict.fromkeys(ids))
        if eager and self.eager_limit > 0:
            known = self.cache.known(ids, False)
            missing = [i for i in ids if i not in known]
            if 0 < len(missing) <= self.eager_limit:
                self.ensure(missing)
        recs = self.cache.records(ids)
        return {i: self._email_item(recs[i]) if i in recs else Item(EMAIL, i, {"gmail_id": i}) for i in ids}

    def person_items(self, addresses: Iterable[str]) -> dict[str, Item]:
        addresses = sorted(set(addresses))
        names = self.cache.names(addresses)
        return {a: Item(PERSON, a, {"email": a, "name": names.get(a)}) for a in addresses}

    def self_item(self) -> Item:
        return Item(SELF, SELF_KEY, {"name": self.context.self_name, "emails": sorted(self.context.self_emails)})

    # -- known Email keys ----------------------------------------------------------------------------
    def resolve_emails(self, sel: Selection) -> dict[str, list[str]] | None:
        """Gmail id -> the known keys it stands for; None when every email is known (``is_all``).

        Keys may be this source's ids or Message-IDs from another source (an mbox, a Spotlight WhereFroms):
        the latter are found through the cache or, failing that, ``rfc822msgid:`` searches.
        """
        if sel.is_all:
            return None
        out: dict[str, list[str]] = defaultdict(list)
        foreign: dict[str, list[str]] = defaultdict(list)   # normalized Message-ID -> known keys
        for key, item in (sel.items or {}).items():
            if is_gmail_id(key):
                out[key].append(key)
                continue
            mid = normalize_message_id(str(item.fields.get("message_id") or key))
            if mid:
                foreign[mid].append(key)
        if foreign:
            found = self.cache.ids_for_message_ids(list(foreign))
            unknown = [m for m in foreign if m not in found]
            if unknown:
                queries = {m: f"rfc822msgid:{q_value(m.strip('<>'))}" for m in unknown}
                listed = self.list_ids(queries.values())
                for m, q in queries.items():
                    if listed[q]:
                        found[m] = listed[q]
            for mid, ids in found.items():
                for gid in ids:
                    out[gid].extend(foreign[mid])
        return dict(out)

    def _links_for(self, resolved: dict[str, list[str]], gid: str, item: Item) -> Iterator[Link]:
        for key in resolved.get(gid, ()):
            yield key, item

    def filter_ids(self, ids: Sequence[str], q: str, local: Callable[[Record], bool], full: bool) -> set[str]:
        """Which of ``ids`` match ``q``: decided from the cache, by fetching, or by listing q and intersecting.

        ``local`` decides one record (fetched ``full`` when ``full``). Listing wins when q's remaining pages
        cost fewer calls than fetching the undecided messages one by one.
        """
        ids = list(dict.fromkeys(ids))
        recs = self.cache.records(ids)
        decided = {i for i, r in recs.items() if r.full or not full}
        keep = {i for i in decided if local(recs[i])}
        undecided = [i for i in ids if i not in decided]
        if not undecided:
            return keep
        memo = self._lists.get(q)
        if memo and time.monotonic() - memo[0] < LIST_MEMO_SECONDS:
            return keep | (set(undecided) & set(memo[1]))
        if len(undecided) > SMALL:
            first, token, estimate = self._estimate(q)
            remaining_pages = max(0, math.ceil(estimate / PAGE_SIZE) - 1) if token else 0
            if remaining_pages < len(undecided):
                listed = set(self._finish_listing(q, first, token))
                return keep | (set(undecided) & listed)
        recs = self.records(undecided, full)
        return keep | {i for i in undecided if i in recs and local(recs[i])}

    # -- Email <-> Person / Self ---------------------------------------------------------------------
    def _emails_to_addresses(self, sel: Selection, edge: str, want_self: bool) -> Iterator[Link]:
        me = self.self_addresses
        if want_self:
            q = address_query(me, edge)
            if sel.is_all:
                ids = self.list_one(q)
                for i in ids:
                    yield i, self.self_item()
                return
            resolved = self.resolve_emails(sel) or {}
            matched = self.filter_ids(list(resolved), q, lambda r: r.has_role(me, edge), full=False)
            item = self.self_item()
            for gid in matched:
                yield from self._links_for(resolved, gid, item)
            return
        resolved = self.resolve_emails(sel)
        ids = self.list_one("") if resolved is None else list(resolved)
        recs = self.records(ids)
        roles = ROLE_OPERATORS[edge]
        pairs = [(gid, addr) for gid in ids if gid in recs for role, addr, _n in recs[gid].addresses
                 if role in roles and addr not in me]
        people = self.person_items(a for _g, a in pairs)
        seen: set[tuple[str, str]] = set()
        for gid, addr in pairs:
            if (gid, addr) in seen:
                continue
            seen.add((gid, addr))
            if resolved is None:
                yield gid, people[addr]
            else:
                yield from self._links_for(resolved, gid, people[addr])

    def _addresses_to_emails(self, sel: Selection, edge: str) -> Iterator[Link]:
        me = self.self_addresses
        if sel.is_all:  # every message with a non-Self address in those roles: needs the headers
            ids = self.list_one("")
            recs = self.records(ids)
            items = self.email_items(ids, eager=False)
            roles = ROLE_OPERATORS[edge]
            for gid in ids:
                rec = recs.get(gid)
                for addr in dict.fromkeys(a for role, a, _n in (rec.addresses if rec else []) if role in roles):
                    if addr not in me:
                        yield addr, items[gid]
            return
        addresses = [k.lower() for k in sel.keys() if k.lower() not in me]
        queries = {a: address_query([a], edge) for a in addresses}
        listed = self.list_ids(queries.values())
        items = self.email_items([i for q in queries.values() for i in listed[q]])
        for addr, q in queries.items():
            for gid in listed[q]:
                yield addr, items[gid]

    def _self_to_emails(self, sel: Selection, edge: str) -> Iterator[Link]:
        if not sel.is_all and SELF_KEY not in sel.keys():
            return
        ids = self.list_one(address_query(self.self_addresses, edge))
        items = self.email_items(ids)
        for gid in ids:
            yield SELF_KEY, items[gid]

    @tool(EMAIL, "from", PERSON)
    def email_from_person(self, sel: Selection) -> Iterator[Link]:
        """The sender of each email (when not the user)."""
        yield from self._emails_to_addresses(sel, "from", want_self=False)

    @tool(PERSON, "from", EMAIL)
    def person_from_email(self, sel: Selection) -> Iterator[Link]:
        """The emails each person sent (from:address)."""
        yield from self._addresses_to_emails(sel, "from")

    @tool(EMAIL, "to", PERSON)
    def email_to_person(self, sel: Selection) -> Iterator[Link]:
        """The recipients (To, Cc, Bcc) of each email, other than the user."""
        yield from self._emails_to_addresses(sel, "to", want_self=False)

    @tool(PERSON, "to", EMAIL)
    def person_to_email(self, sel: Selection) -> Iterator[Link]:
        """The emails addressed to each person ({to: cc: bcc:})."""
        yield from self._addresses_to_emails(sel, "to")

    @tool(EMAIL, "participants", PERSON)
    def email_participants_person(self, sel: Selection) -> Iterator[Link]:
        """Everyone but the user who sent or received each email."""
        yield from self._emails_to_addresses(sel, "participants", want_self=False)

    @tool(PERSON, "participants", EMAIL)
    def person_participants_email(self, sel: Selection) -> Iterator[Link]:
        """The emails each person sent or received."""
        yield from self._addresses_to_emails(sel, "participants")

    @tool(EMAIL, "from", SELF)
    def email_from_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user sent."""
        yield from self._emails_to_addresses(sel, "from", want_self=True)

    @tool(SELF, "from", EMAIL)
    def self_from_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user sent (from any of the user's addresses)."""
        yield from self._self_to_emails(sel, "from")

    @tool(EMAIL, "to", SELF)
    def email_to_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user received (To, Cc or Bcc)."""
        yield from self._emails_to_addresses(sel, "to", want_self=True)

    @tool(SELF, "to", EMAIL)
    def self_to_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user received (any of the user's addresses in To, Cc or Bcc)."""
        yield from self._self_to_emails(sel, "to")

    @tool(EMAIL, "participants", SELF)
    def email_participants_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user sent or received."""
        yield from self._emails_to_addresses(sel, "participants", want_self=True)

    @tool(SELF, "participants", EMAIL)
    def self_participants_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user sent or received."""
        yield from self._self_to_emails(sel, "participants")

    # -- Email <-> File ------------------------------------------------------------------------------
    @tool(EMAIL, "has_attachment", FILE)
    def email_has_attachment_file(self, sel: Selection) -> Iterator[Link]:
        """The files attached to each email."""
        resolved = self.resolve_emails(sel)
        # An executor that passes the File side's own filters (``wanted_filters``) lets us ask Gmail for
        # filename:… too; the filters are applied to the Files afterwards anyway, so this only saves fetches.
        wanted = [f for f in getattr(sel, "wanted_filters", ()) if f.field in ("name", "extension")]
        q = " ".join(["has:attachment", *(f"filename:{q_value(str(f.value).lstrip('.'))}" for f in wanted)])
        if resolved is None:
            ids = self.list_one(q)
        else:
            ids = sorted(self.filter_ids(list(resolved), q, lambda r: bool(r.attachments), full=True))
        recs = self.records(ids, full=True)
        for gid in ids:
            rec = recs.get(gid)
            for name in dict.fromkeys(n for n, _s in (rec.attachments if rec else [])):
                item = _file_item(name)
                if resolved is None:
                    yield gid, item
                else:
                    yield from self._links_for(resolved, gid, item)

    @tool(FILE, "has_attachment", EMAIL)
    def file_has_attachment_email(self, sel: Selection) -> Iterator[Link]:
        """The emails carrying each file (filename: search, names then checked exactly)."""
        if sel.is_all:
            ids = self.list_one("has:attachment")
            recs = self.records(ids, full=True)
            items = self.email_items(ids, eager=False)
            for gid in ids:
                rec = recs.get(gid)
                for name in dict.fromkeys(n for n, _s in (rec.attachments if rec else [])):
                    yield name, items[gid]
            return
        names = sel.keys()
        queries = {name: f"filename:{q_value(name)}" for name in names}
        listed = self.list_ids(queries.values())
        candidates = list(dict.fromkeys(i for q in queries.values() for i in listed[q]))
        recs = self.records(candidates, full=True)
        items = self.email_items(candidates)
        for name, q in queries.items():
            for gid in listed[q]:
                rec = recs.get(gid)
                if rec is not None and any(n == name for n, _s in rec.attachments):
                    yield name, items[gid]

    # -- Email <-> Webpage ---------------------------------------------------------------------------
    @tool(EMAIL, "mentions_url", WEBPAGE)
    def email_mentions_url_webpage(self, sel: Selection) -> Iterator[Link]:
        """The web addresses written in each email's body."""
        resolved = self.resolve_emails(sel)
        ids = self.list_one("") if resolved is None else list(resolved)
        recs = self.records(ids, full=True)
        for gid in ids:
            rec = recs.get(gid)
            for url in (rec.urls if rec else []):
                item = Item(WEBPAGE, url, {"url": url})
                if resolved is None:
                    yield gid, item
                else:
                    yield from self._links_for(resolved, gid, item)

    @tool(WEBPAGE, "mentions_url", EMAIL)
    def webpage_mentions_url_email(self, sel: Selection) -> Iterator[Link]:
        """The emails whose body contains each web address (searched as a phrase, then checked exactly)."""
        if sel.is_all:
            ids = self.list_one("")
            recs = self.records(ids, full=True)
            items = self.email_items(ids, eager=False)
            for gid in ids:
                for url in (recs[gid].urls if gid in recs else []):
                    yield url, items[gid]
            return
        queries = {url: '"' + url.replace('"', " ") + '"' for url in sel.keys()}
        listed = self.list_ids(queries.values())
        candidates = list(dict.fromkeys(i for q in queries.values() for i in listed[q]))
        recs = self.records(candidates, full=True)
        items = self.email_items(candidates)
        for url, q in queries.items():
            for gid in listed[q]:
                if gid in recs and url in recs[gid].urls:
                    yield url, items[gid]

    # -- Email <-> Date ------------------------------------------------------------------------------
    @tool(EMAIL, "sent_on", DATE)
    def email_sent_on_date(self, sel: Selection) -> Iterator[Link]:
        """The day (in the configured time zone) each email was sent."""
        resolved = self.resolve_emails(sel)
        ids = self.list_one("") if resolved is None else list(resolved)
        recs = self.records(ids)
        tz = self.context.tz
        for gid in ids:
            rec = recs.get(gid)
            if rec is None or rec.date_utc is None:
                continue
            item = day_item(datetime.fromtimestamp(rec.date_utc, tz).date())
            if resolved is None:
                yield gid, item
            else:
                yield from self._links_for(resolved, gid, item)

    @tool(DATE, "sent_on", EMAIL)
    def date_sent_on_email(self, sel: Selection) -> Iterator[Link]:
        """The emails sent within each date range (after:/before: in epoch seconds)."""
        if sel.is_all:
            ids = self.list_one("")
            recs = self.records(ids)
            items = self.email_items(ids, eager=False)
            tz = self.context.tz
            for gid in ids:
                rec = recs.get(gid)
                if rec is not None and rec.date_utc is not None:
                    yield day_item(datetime.fromtimestamp(rec.date_utc, tz).date()).key, items[gid]
            return
        queries: dict[str, str] = {}
        for key, item in (sel.items or {}).items():
            rng = item.fields.get("range")
            if isinstance(rng, DateRange) and not rng.empty:
                queries[key] = date_query(rng, self.context.tz)
        listed = self.list_ids(queries.values())
        items = self.email_items([i for q in queries.values() for i in listed[q]])
        for key, q in queries.items():
            for gid in listed[q]:
                yield key, items[gid]

    # -- hooks ---------------------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list[FilterConstraint]) -> Iterable[Item] | None:
        """Emails by subject/content, Persons by name/address, attachment Files, Webpages — searched, then checked."""
        if type_ == EMAIL:
            return list(self._find_emails(filters).values())
        if type_ == PERSON:
            return list(self._find_persons(filters).values())
        if type_ == FILE:
            return list(self._find_files(filters).values())
        if type_ == WEBPAGE:
            return list(self._find_webpages(filters).values())
        return None

    def _find_emails(self, filters: list[FilterConstraint]) -> dict[str, Item]:
        terms, need_full = [], False
        for flt in filters:
            if flt.field == "subject":
                terms.append(f"subject:{q_value(str(flt.value))}")
            elif flt.field == "content":
                terms.append('"' + " ".join(str(flt.value).replace('"', " ").split()) + '"')
                need_full = True
        ids = self.list_one(" ".join(terms))
        if not terms:
            return self.email_items(ids, eager=False)
        recs = self.records(ids, full=need_full)
        keep = []
        for gid in ids:
            rec = recs.get(gid)
            if rec is None:
                continue
            ok = all(norm(f.value) in (norm(rec.subject) if f.field == "subject" else rec.body)
                     for f in filters if f.field in ("subject", "content"))
            if ok:
                keep.append(gid)
        return self.email_items(keep)

    def _find_persons(self, filters: list[FilterConstraint]) -> dict[str, Item]:
        me = self.self_addresses
        found: set[str] = set()
        for flt in filters:
            value = str(flt.value).strip()
            if flt.field == "email_address" or "@" in value:
                addr = value.lower()
                ids = self._estimate(address_query([addr], "participants"))[0][:10]
                recs = self.records(ids)
                if any(a == addr for r in recs.values() for _role, a, _n in r.addresses):
                    found.add(addr)
            elif flt.field == "name":
                found |= self._addresses_named(value)
        found -= me
        people = self.person_items(found)
        for flt in filters:
            if flt.field == "name":
                keep = match_persons(people, str(flt.value))
                people = {k: v for k, v in people.items() if k in keep}
        return filter_items(people, [f for f in filters if f.field != "name"])

    def _addresses_named(self, name: str) -> set[str]:
        """Addresses whose display name has every word of ``name``: search the words, then read headers.

        Messages are read 50 at a time; once an address is found, every message it takes part in is crossed
        off with one more listing, so a person with hundreds of emails costs a few requests, not hundreds.
        """
        words = [w for w in re.split(r"[\s,]+", name.lower()) if w]
        if not words:
            return set()
        q = " ".join(address_query([w], "participants") for w in words)
        remaining = list(self.list_one(q))
        found: set[str] = set()
        seen: set[str] = set()
        while remaining:
            sample = remaining[: self.api.batch_size]
            recs = self.records(sample)
            seen.update(sample)
            new: set[str] = set()
            for rec in recs.values():
                for _role, addr, display in rec.addresses:
                    if addr not in found and all(w in _name_words(display) for w in words):
                        new.add(addr)
            found |= new
            explained: set[str] = set()
            if new:
                listed = self.list_ids(address_query([a], "participants") for a in new)
                explained = {i for ids in listed.values() for i in ids}
            remaining = [i for i in remaining if i not in seen and i not in explained]
        return found

    def _find_files(self, filters: list[FilterConstraint]) -> dict[str, Item]:
        terms = []
        for flt in filters:
            if flt.field == "name":
                terms.append(f"filename:{q_value(str(flt.value))}")
            elif flt.field == "extension":
                terms.append(f"filename:{q_value(str(flt.value).lstrip('.'))}")
        ids = self.list_one(" ".join(["has:attachment", *terms]))
        recs = self.records(ids, full=True)
        files = {name: _file_item(name) for r in recs.values() for name, _s in r.attachments}
        return filter_items(files, filters)

    def _find_webpages(self, filters: list[FilterConstraint]) -> dict[str, Item]:
        terms = ['"' + " ".join(str(f.value).replace('"', " ").split()) + '"' for f in filters if f.field == "url"]
        ids = self.list_one(" ".join(terms))
        recs = self.records(ids, full=True)
        pages = {u: Item(WEBPAGE, u, {"url": u}) for r in recs.values() for u in r.urls}
        return filter_items(pages, filters)

    def apply_filter(self, type_: EntityType, items: dict[str, Item], flt: FilterConstraint) -> set[str] | None:
        """Subject and content filters on this source's emails, checked on the fetched messages."""
        if type_ != EMAIL or flt.field not in ("subject", "content"):
            return None
        ids = [k for k in items if is_gmail_id(k)]
        if not ids:
            return None
        full = flt.field == "content"
        recs = self.records(ids, full=full)
        value = norm(flt.value)
        return {i for i, r in recs.items() if value in (r.body if full else norm(r.subject))}

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Fill the output fields of this source's emails known only by id; name people seen in mail."""
        if type_ == EMAIL:
            bare = [k for k, it in items.items() if is_gmail_id(k) and "_ts" not in it.fields]
            if bare:
                recs = self.records(bare)
                for key in bare:
                    if key in recs:
                        items[key].merge(self._email_item(recs[key]))
        elif type_ == PERSON:
            unnamed = [k for k, it in items.items() if not it.fields.get("name")]
            if unnamed and self._cache is not None:
                for key, name in self.cache.names(unnamed).items():
                    items[key].fields["name"] = name

    def read_text(self, type_: EntityType, key: str) -> str | None:
        """An email's body as written (the cache keeps only its search form), fetched whole; None when the
        id is not this account's."""
        if type_ != EMAIL or not is_gmail_id(key):
            return None
        return message_text(self.api, key)


def message_text(api: GoogleApi, gmail_id: str) -> str | None:
    """One message's body as written (plain text, else the HTML part's text), fetched whole; None when gone."""
    def build(service):
        return service.users().messages().get(userId="me", id=gmail_id, format="full", fields=FULL_FIELDS)

    answers = api.call_many([build], "messages.get", "reading a message")
    if not answers or not answers[0]:
        return None
    texts: list[str] = []
    htmls: list[str] = []
    _walk(answers[0].get("payload") or {}, texts, htmls, [])
    plain = "\n".join(texts)
    return plain if plain.strip() else "\n".join(html_to_text(h) for h in htmls)


def _name_words(text: str) -> set[str]:
    return set(re.split(r"[\s,]+", text.lower())) - {""}


def _file_item(name: str) -> Item:
    return Item(FILE, name, {"name": name, "path": None})


def register_connectors(register: Callable[[type], None]) -> None:
    register(GmailConnector)
