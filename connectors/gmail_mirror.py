"""Gmail as a synced local mirror (``sync = true``): synced through the API, queried like an mbox.

The mirror is a mail index with the local mail connectors' tables (``connectors/mailstore.py``), so every
Email tool, ``find`` and filter runs on SQLite exactly as for an mbox or a Maildir and costs no request.
Each Gmail message is one index input (its Gmail id in ``inputs.path``), and its labels sit in
``gmail_labels``. It lives in ``<cache dir>/index/gmail-…sqlite``; ``queryweaver index`` syncs it (with the
progress bar), ``--rebuild gmail`` starts it over, deleting the file forgets it.

What is kept of a message: headers (From, To, Cc, Bcc, Subject, Date, Message-ID), labels, and attachment
names and sizes (read from the MIME structure with a ``fields`` mask that leaves the body out). With
``bodies = true`` the text body is fetched too, for content filters and the URLs written in it; without it
the mirror holds no URLs or text, and a question that needs them says so once.

The mirror shows what ``messages.list`` shows: spam and trash are left out.

Syncing:

* **First sync** (no historyId stored): ``users.getProfile`` gives the account and the historyId to continue
  from; ``messages.list`` pages (500 ids each) are committed into ``gmail_listed`` as they come, with the
  next page token, so an interrupted listing resumes at its page; then the listed messages the mirror lacks
  are fetched in batches (``GoogleApi.call_many``: 50 a batch, a few in flight, 429/5xx retried with
  backoff) and committed every ``QUERYWEAVER_INDEX_BATCH``-sized chunk (at most a few hundred), so a
  killed or rate-limited sync resumes with the messages still missing. Messages the listing no longer
  shows are dropped at the end, and the historyId is stored in the same transaction.
* **Later syncs**: ``users.history.list`` from the stored historyId (500 records a page) gives the messages
  added and deleted and the label changes; added ones are fetched, the rest applied, and the new historyId
  stored last, so an interrupted sync simply runs again. A day's mail is one or two history pages plus one
  batch per 50 new messages.
* **Faults**: a historyId Gmail no longer knows (404) starts a full re-list, which fetches only the
  messages the mirror lacks; until it completes, the previous mirror answers. A question finding the
  mirror out of date (``sync_every`` minutes, default 15) syncs first; if that fails (rate limit storm,
  revoked sign-in, no network) it says why in one warning and answers from the mirror as it is.
  ``queryweaver index`` reports the failure as an error instead. Nothing committed is ever lost.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from googleapiclient.errors import HttpError

from queryweaver.config import SourceConfig
from queryweaver.connector import Context, IndexReport, Link, Selection, tool
from queryweaver.errors import AuthError, ConnectorError, IndexStorageError
from queryweaver.reader.grounding import LEXICON_VERSION, Lexicon
from queryweaver.index import SourceIndex, add_to_lexicon, batch_size, lexicon_stale, lexicon_state, write_lexicon
from queryweaver.schema import EntityType

from .gmail import GmailConnector, Record, gmail_api, message_text, record_from_resource
from .google_http import RetryPolicy, ServiceFactory, source_flag, sync_seconds
from .mailstore import (
    INDEX_SCHEMA,
    INDEX_TABLES,
    SCHEMA_VERSION,
    MailStoreConnector,
    MessageWriter,
    ParsedMessage,
    last_message_id,
    mail_lexicon_rows,
)

EMAIL, WEBPAGE = EntityType.EMAIL, EntityType.WEBPAGE

MIRROR_VERSION = SCHEMA_VERSION * 100 + 1   # the mail tables' version, and this module's own
MIRROR_SCHEMA = INDEX_SCHEMA + """
CREATE TABLE gmail_labels (input INTEGER NOT NULL, label TEXT NOT NULL);
CREATE INDEX gmail_labels_input ON gmail_labels(input);
-- ids shown by a full listing in progress (emptied when it completes)
CREATE TABLE gmail_listed (gmail_id TEXT PRIMARY KEY);
"""
MIRROR_TABLES = (*INDEX_TABLES, "gmail_labels")
HIDDEN_LABELS = frozenset({"SPAM", "TRASH"})      # messages.list leaves these out; so does the mirror
HISTORY_TYPES = ("messageAdded", "messageDeleted", "labelAdded", "labelRemoved")
LIST_PAGE = 500
HISTORY_PAGE = 500
DEFAULT_SYNC_MINUTES = 15.0
BYTES_PER_MESSAGE = 3000                           # mirror bytes per message without bodies (for disk-full notes)

_PART = "partId,mimeType,filename,headers,body/size"
# The MIME tree down to five levels, without body data: headers, attachment names and sizes.
STRUCTURE_FIELDS = ("id,labelIds,internalDate,payload(" + _PART + ",parts(" + _PART + ",parts(" + _PART
                    + ",parts(" + _PART + ",parts(" + _PART + ")))))")
FULL_FIELDS = "id,labelIds,internalDate,payload"

# meta keys
HISTORY_ID = "gmail_history_id"          # set once a full listing has been mirrored completely
LISTING = "gmail_listing"                # a full listing in progress: '' before the first page, the next page
                                         # token, or 'done'; absent when none is
LISTING_HISTORY = "gmail_listing_history"  # the historyId when that listing started
ACCOUNT = "gmail_account"
SYNCED_AT = "gmail_synced_at"            # epoch seconds of the last complete sync
BODIES_KEPT = "gmail_bodies"                   # whether the mirror was filled with bodies ('1') or not ('0')


class SyncInterrupted(ConnectorError):
    """A sync stopped part-way; what it committed is kept and the next sync continues from there."""


def interrupted(exc: ConnectorError, note: str) -> ConnectorError:
    """``exc`` with what became of the sync added; a sign-in problem stays an ``AuthError``."""
    return (AuthError if isinstance(exc, AuthError) else SyncInterrupted)(f"{exc} ({note})")


def parsed_from_record(rec: Record) -> ParsedMessage:
    """A Gmail message as the mail index stores one (attachments have no content hash: never downloaded)."""
    sender = next(((a, n) for role, a, n in rec.addresses if role == "from"), (None, ""))
    return ParsedMessage(rec.message_id, rec.subject, rec.date_utc, sender[0], sender[1] or None, rec.body,
                         list(rec.addresses), [(name, "", size) for name, size in rec.attachments], list(rec.urls))


class GmailMirrorConnector(MailStoreConnector):
    """Mail from a Google account, answered from a local mirror synced through the Gmail API."""

    name = "gmail"
    description = GmailConnector.description
    needs_auth = True

    def __init__(self, source, context: Context, *, service_factory: ServiceFactory | None = None,
                 retry: RetryPolicy | None = None, max_in_flight: int | None = None, **_live_only: Any):
        api, digest = gmail_api(source, service_factory, retry, max_in_flight)
        # not a file: the name the index is filed and labelled under (one mirror per account)
        where = Path(context.cache_dir).absolute() / "google" / f"gmail-{digest}"
        super().__init__(SourceConfig(source.type, {**source.options, "path": str(where)}), context)
        self.source = source
        self.api = api
        self.bodies = source_flag(source, "bodies")
        self.sync_seconds = sync_seconds(source, DEFAULT_SYNC_MINUTES)
        self._index = SourceIndex(context.cache_dir, "gmail", self.path, MIRROR_SCHEMA, MIRROR_VERSION,
                                  MIRROR_TABLES, warn=context.warn)
        self._said_no_bodies = False

    # -- MailStoreConnector's file hooks: a mirror has no input files -----------------------------------
    def _inputs(self) -> list[Path]:
        return []

    def _parse_input(self, conn, input_id, path, warn) -> int:
        raise AssertionError("a Gmail mirror is synced, never parsed")

    # -- state -------------------------------------------------------------------------------------------
    def _meta(self, key: str) -> str | None:
        row = self._index.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    @staticmethod
    def _set(conn: sqlite3.Connection, key: str, value: str | None) -> None:
        if value is None:
            conn.execute("DELETE FROM meta WHERE key = ?", (key,))
        else:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def is_complete(self) -> bool:
        """Whether a full listing was ever mirrored completely (the mirror can answer)."""
        with self._lock:
            return self._meta(HISTORY_ID) is not None

    def synced_at(self) -> float | None:
        with self._lock:
            value = self._meta(SYNCED_AT)
        return float(value) if value else None

    def _adopt_account(self) -> None:
        account = self._meta(ACCOUNT)
        if account:
            self._self_emails = frozenset({*self._self_emails, account})

    # -- the connector's lifecycle -----------------------------------------------------------------------
    def refresh_index(self) -> IndexReport:
        """Sync the mirror: a first (or resumed) full listing, else the history since the last sync."""
        with self._lock:
            started = time.perf_counter()
            report = IndexReport(source=f"gmail:{self.path.name} (mirror)")
            try:
                self._match_bodies_setting()
                if self._meta(HISTORY_ID) is None or self._meta(LISTING) is not None:
                    self._full_sync(report)
                else:
                    self._history_sync(report)
            except sqlite3.Error as exc:
                raise self._index.translate(exc) from exc
            finally:
                self._persons = None
                self._adopt_account()
            self._ready = True
            report.seconds = time.perf_counter() - started
            return report

    def _match_bodies_setting(self) -> None:
        """A mirror filled with bodies when they are no longer wanted, or without them when they now are,
        is emptied and synced afresh (bodies are fetched per message; no request can add them later)."""
        noted = self._meta(BODIES_KEPT)
        if noted is None or noted == ("1" if self.bodies else "0"):
            return
        self.context.warn(f"the gmail source's bodies setting changed; the mirror is synced afresh "
                          f"{'with' if self.bodies else 'without'} message bodies")
        with self._index.write_transaction() as conn:
            self._drop(conn, [r[0] for r in conn.execute("SELECT path FROM inputs").fetchall()])
            conn.execute("DELETE FROM gmail_listed")
            for key in (HISTORY_ID, LISTING, LISTING_HISTORY, BODIES_KEPT, SYNCED_AT):
                self._set(conn, key, None)

    def _ensure_index(self) -> None:
        """Before a question: sync a mirror never completed (nothing to answer from otherwise), or one older
        than ``sync_every``; when the latter fails, warn once and answer from the mirror as it is."""
        if self._ready:
            return
        with self._lock:
            if self._ready:
                return
            if not self.is_complete():
                self.refresh_index()
                return
            self._adopt_account()
            last = self.synced_at() or 0.0
            if self.sync_seconds > 0 and time.time() - last >= self.sync_seconds:
                try:
                    self.refresh_index()
                except (ConnectorError, IndexStorageError) as exc:
                    when = datetime.fromtimestamp(last, timezone.utc).strftime("%Y-%m-%d %H:%M UTC") if last \
                        else "an earlier sync"
                    self.context.warn(f"{exc}; answering from the Gmail mirror as synced at {when}")
            self._ready = True

    def lexicon(self, lexicon: Lexicon) -> None:
        """What the mirror names, and the account's address as the user's; never a request."""
        with self._lock:
            if not self._index.db_path.exists() or not self.is_complete():
                return
            conn = self._index.conn
            account = self._meta(ACCOUNT)
            if account:
                lexicon.self_addresses.add(account)
            if lexicon_stale(conn) and not self._index.read_only:
                with self._index.write_transaction(conn):
                    write_lexicon(conn, mail_lexicon_rows(conn))
            lexicon.add_rows(self._index.read_lexicon())

    def lexicon_state(self) -> tuple | None:
        """The stored lexicon's token and the account it names as the user's; never a request."""
        with self._lock:
            if not self._index.db_path.exists() or not self.is_complete():
                return None
            state = lexicon_state(self._index)
            return None if state is None else (*state, self._meta(ACCOUNT))

    def close(self) -> None:
        self.api.close()
        super().close()

    # -- requests ----------------------------------------------------------------------------------------
    def _profile(self) -> dict:
        return self.api.call(lambda s: s.users().getProfile(userId="me", fields="emailAddress,historyId,messagesTotal"),
                             "users.getProfile", "reading the account") or {}

    def _list_page(self, token: str | None) -> dict:
        def build(service):
            kwargs: dict[str, Any] = {"userId": "me", "maxResults": LIST_PAGE, "fields": "messages/id,nextPageToken"}
            if token:
                kwargs["pageToken"] = token
            return service.users().messages().list(**kwargs)
        return self.api.call(build, "messages.list", "listing messages") or {}

    def _history_page(self, start: str, token: str | None) -> dict:
        def build(service):
            kwargs: dict[str, Any] = {"userId": "me", "startHistoryId": start, "maxResults": HISTORY_PAGE,
                                      "historyTypes": list(HISTORY_TYPES)}
            if token:
                kwargs["pageToken"] = token
            return service.users().history().list(**kwargs)
        return self.api.call(build, "history.list", "reading the mailbox history") or {}

    def _get_request(self, gmail_id: str) -> Callable:
        fields = FULL_FIELDS if self.bodies else STRUCTURE_FIELDS

        def build(service):
            return service.users().messages().get(userId="me", id=gmail_id, format="full", fields=fields)
        return build

    # -- writing -----------------------------------------------------------------------------------------
    def _known(self, conn: sqlite3.Connection, ids: Sequence[str]) -> set[str]:
        found: set[str] = set()
        ids = list(ids)
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            found |= {r[0] for r in conn.execute(
                f"SELECT path FROM inputs WHERE path IN ({','.join('?' * len(chunk))})", chunk)}
        return found

    def _store(self, conn: sqlite3.Connection, resources: Iterable[dict]) -> int:
        """Write fetched messages (in the caller's transaction); ones already mirrored or hidden are skipped."""
        resources = [r for r in resources if r and r.get("id")]
        known = self._known(conn, [r["id"] for r in resources])
        writer = MessageWriter(conn, 0)
        stored = 0
        for resource in resources:
            labels = [str(label) for label in resource.get("labelIds") or []]
            if resource["id"] in known or HIDDEN_LABELS & set(labels):
                continue
            rec = record_from_resource(resource, full=True)
            input_id = conn.execute("INSERT INTO inputs (path, mtime_ns, size, tail) VALUES (?, 0, 0, NULL)",
                                    (rec.id,)).lastrowid
            conn.executemany("INSERT INTO gmail_labels VALUES (?, ?)", [(input_id, label) for label in labels])
            writer.input_id = input_id
            writer.add(parsed_from_record(rec))
            known.add(rec.id)
            stored += 1
        writer.flush()
        return stored

    def _drop(self, conn: sqlite3.Connection, gmail_ids: Iterable[str]) -> int:
        """Forget messages by Gmail id (in the caller's transaction)."""
        dropped = 0
        for gmail_id in gmail_ids:
            row = conn.execute("SELECT id FROM inputs WHERE path = ?", (gmail_id,)).fetchone()
            if row is None:
                continue
            for table in MIRROR_TABLES:
                conn.execute(f"DELETE FROM {table} WHERE input = ?", (row[0],))
            conn.execute("DELETE FROM inputs WHERE id = ?", (row[0],))
            dropped += 1
        return dropped

    def _fetch(self, ids: list[str], report: IndexReport, stage: str, total: int | None = None,
               done: int = 0) -> None:
        """Fetch messages and commit them chunk by chunk (a chunk is all or nothing)."""
        step = max(1, min(batch_size(), self.api.batch_size * self.api.max_in_flight * 2))
        total = total if total is not None else len(ids)
        progress = self.context.progress
        progress(stage, done, total)
        for start in range(0, len(ids), step):
            chunk = ids[start:start + step]
            try:
                answers = self.api.call_many([self._get_request(i) for i in chunk], "messages.get", "fetching messages",
                                             on_done=lambda n, base=done + start: progress(stage, base + n, total))
            except ConnectorError as exc:
                raise interrupted(exc, f"the Gmail sync stopped at {done + start} of {total} messages; what it "
                                       f"fetched is kept and the next sync continues from there") from exc
            with self._index.write_transaction() as conn:
                self._set(conn, "lexicon", None)   # recomputed (or added to) when the sync completes
                report.parsed += self._store(conn, answers)
        progress(stage, done + len(ids), total)

    # -- first sync and re-listing -------------------------------------------------------------------------
    def _full_sync(self, report: IndexReport) -> None:
        conn = self._index.conn
        listing = self._meta(LISTING)
        if listing is None:  # a new listing: remember where history continues once it is mirrored
            profile = self._profile()
            account = str(profile.get("emailAddress") or "").lower()
            if profile.get("messagesTotal"):
                self._index.source_bytes = int(profile["messagesTotal"]) * BYTES_PER_MESSAGE
            with self._index.write_transaction(conn):
                old = self._meta(ACCOUNT)
                if old and account and old != account:  # another account behind the same token file
                    self._drop(conn, [r[0] for r in conn.execute("SELECT path FROM inputs").fetchall()])
                conn.execute("DELETE FROM gmail_listed")
                self._set(conn, ACCOUNT, account or old)
                self._set(conn, LISTING_HISTORY, str(profile.get("historyId") or ""))
                self._set(conn, LISTING, "")
                self._set(conn, BODIES_KEPT, "1" if self.bodies else "0")
            listing = ""
        stage = "gmail: listing messages"
        pages = conn.execute("SELECT count(*) FROM gmail_listed").fetchone()[0] // LIST_PAGE
        while listing != "done":
            try:
                answer = self._list_page(listing or None)
            except ConnectorError as exc:
                raise interrupted(exc, f"the Gmail listing stopped after {pages} pages; the next sync continues "
                                       f"from there") from exc
            token = answer.get("nextPageToken") or "done"
            with self._index.write_transaction(conn):
                conn.executemany("INSERT OR IGNORE INTO gmail_listed VALUES (?)",
                                 [(m["id"],) for m in answer.get("messages", [])])
                self._set(conn, LISTING, token)
            listing = token
            pages += 1
            self.context.progress(stage, pages, None)
        listed = [r[0] for r in conn.execute("SELECT gmail_id FROM gmail_listed ORDER BY gmail_id")]
        known = self._known(conn, listed)
        missing = [i for i in listed if i not in known]
        have = len(listed) - len(missing)
        self._fetch(missing, report, "gmail: syncing messages", total=len(listed), done=have)
        with self._index.write_transaction(conn):
            shown = set(listed)
            gone = [r[0] for r in conn.execute("SELECT path FROM inputs") if r[0] not in shown]
            report.removed += self._drop(conn, gone)
            report.reused = have
            conn.execute("DELETE FROM gmail_listed")
            self._set(conn, HISTORY_ID, self._meta(LISTING_HISTORY) or "")
            self._set(conn, LISTING, None)
            self._set(conn, LISTING_HISTORY, None)
            self._set(conn, SYNCED_AT, str(time.time()))
            write_lexicon(conn, mail_lexicon_rows(conn))
        # what changed while the listing ran (often nothing): one history page
        if self._meta(HISTORY_ID):
            self._history_sync(report)

    # -- later syncs ----------------------------------------------------------------------------------------
    def _history_sync(self, report: IndexReport) -> None:
        start = self._meta(HISTORY_ID) or ""
        added: dict[str, None] = {}
        deleted: set[str] = set()
        labels: dict[str, list[str]] = {}
        token: str | None = None
        latest = start
        pages = 0
        while True:
            try:
                answer = self._history_page(start, token)
            except ConnectorError as exc:
                cause = exc.__cause__
                if isinstance(cause, HttpError) and cause.resp is not None and cause.resp.status == 404:
                    self.context.warn(f"Gmail no longer has the mailbox history since the last sync (historyId "
                                      f"{start}); listing the whole mailbox again, fetching only the messages the "
                                      f"mirror lacks (it keeps answering until that is done)")
                    self._full_sync(report)
                    return
                raise interrupted(exc, "the Gmail mirror is unchanged and answers as of its last sync") from exc
            for record in answer.get("history", []):
                for change in record.get("messagesAdded", []):
                    msg = change.get("message") or {}
                    if msg.get("id"):
                        added[msg["id"]] = None
                        deleted.discard(msg["id"])
                        labels[msg["id"]] = list(msg.get("labelIds") or [])
                for change in record.get("messagesDeleted", []):
                    msg_id = (change.get("message") or {}).get("id")
                    if msg_id:
                        deleted.add(msg_id)
                        added.pop(msg_id, None)
                for kind in ("labelsAdded", "labelsRemoved"):
                    for change in record.get(kind, []):
                        msg = change.get("message") or {}
                        if msg.get("id") and "labelIds" in msg:
                            labels[msg["id"]] = list(msg["labelIds"])
            latest = str(answer.get("historyId") or latest)
            pages += 1
            self.context.progress("gmail: reading history", pages, None)
            token = answer.get("nextPageToken")
            if not token:
                break
        conn = self._index.conn
        hidden = {i for i, names in labels.items() if HIDDEN_LABELS & set(names)}
        present = self._known(conn, list(labels) + list(added))
        # new, or back from spam/trash: fetch; gone, or into spam/trash: drop; the rest: new labels
        wanted = [i for i in dict.fromkeys([*added, *labels]) if i not in present and i not in hidden
                  and i not in deleted]
        mark = last_message_id(conn) if not lexicon_stale(conn) else None
        self._fetch(wanted, report, "gmail: syncing new messages")
        with self._index.write_transaction(conn):
            dropped = self._drop(conn, sorted(deleted | hidden))
            report.removed += dropped
            for gmail_id, names in labels.items():
                row = conn.execute("SELECT id FROM inputs WHERE path = ?", (gmail_id,)).fetchone()
                if row is not None and gmail_id not in hidden:
                    conn.execute("DELETE FROM gmail_labels WHERE input = ?", (row[0],))
                    conn.executemany("INSERT INTO gmail_labels VALUES (?, ?)", [(row[0], n) for n in names])
            self._set(conn, HISTORY_ID, latest)
            self._set(conn, SYNCED_AT, str(time.time()))
            if mark is not None and not dropped:
                add_to_lexicon(conn, mail_lexicon_rows(conn, since=mark))
                self._set(conn, "lexicon", LEXICON_VERSION)
            elif dropped or lexicon_stale(conn):
                write_lexicon(conn, mail_lexicon_rows(conn))
        report.reused = conn.execute("SELECT count(*) FROM inputs").fetchone()[0] - report.parsed

    def read_text(self, type_: EntityType, key: str) -> str | None:
        """An email's body as written: the mirror keeps at most its search form, so it is fetched from Gmail."""
        row = self._stored_at(type_, key)  # the input's path is the Gmail message id
        return message_text(self.api, row["path"]) if row is not None else None

    # -- links and text: only with bodies ------------------------------------------------------------------
    def _no_bodies(self) -> None:
        if not self.bodies and not self._said_no_bodies:
            self._said_no_bodies = True
            self.context.warn("the gmail source's mirror keeps no message bodies, so links and message text are "
                              "not searched; add bodies = true to its [[sources]] entry and run "
                              "'queryweaver index --rebuild gmail'")

    @tool(EMAIL, "mentions_url", WEBPAGE)
    def email_mentions_url_webpage(self, sel: Selection) -> Iterator[Link]:
        """The web addresses written in each email's body."""
        self._no_bodies()
        yield from MailStoreConnector.email_mentions_url_webpage(self, sel)

    @tool(WEBPAGE, "mentions_url", EMAIL)
    def webpage_mentions_url_email(self, sel: Selection) -> Iterator[Link]:
        """The emails whose body contains each web address (as written)."""
        self._no_bodies()
        yield from MailStoreConnector.webpage_mentions_url_email(self, sel)

    def apply_filter(self, type_, items, flt):
        if type_ == EMAIL and flt.field == "content":
            self._no_bodies()
        return super().apply_filter(type_, items, flt)

    def find(self, type_, filters):
        if type_ == WEBPAGE or (type_ == EMAIL and any(f.field == "content" for f in filters)):
            self._no_bodies()
        return super().find(type_, filters)


def register_connectors(register) -> None:
    """Nothing to register: ``GmailConnector`` hands sources with ``sync = true`` to this class."""
    return None
