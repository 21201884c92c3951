"""Mail on an IMAP server, answered from a local mirror (``sync = true``) kept in the same index the mbox and
Maildir sources use.

A sync (``refresh_index``: on the first question of a run, and on ``queryweaver index``) brings the mirror up
to date; every tool then reads SQLite exactly as ``mailstore.MailStoreConnector`` does, so an IMAP account
answers like the same mail in an mbox. What is fetched, per new message:

1. ``UID FETCH (BODY.PEEK[HEADER] BODYSTRUCTURE INTERNALDATE)`` for a batch of UIDs;
2. one ``UID FETCH`` per batch and per distinct set of sections: the MIME header of every leaf part and the
   content of the text parts that are not attachments. Attachments are never downloaded: their names come
   from their MIME headers, their sizes from BODYSTRUCTURE (the content hash is left empty, unknown).

The fetched pieces are put back together as a message holding only those parts and read by
``mailstore.parse_message``, so subjects, addresses, body words and URLs come out exactly as from a file.

What keeps it cheap and sound, per folder (one ``inputs`` row each, ``messages.byte_offset`` = the UID):

* ``STATUS (UIDVALIDITY UIDNEXT MESSAGES)`` first, with ``HIGHESTMODSEQ`` where the server has CONDSTORE
  (RFC 7162). An unchanged HIGHESTMODSEQ means nothing at all changed; without CONDSTORE, unchanged UIDNEXT
  and MESSAGES mean nothing was added or removed (messages are immutable in IMAP). Either way a warm sync
  costs one STATUS per folder, and a change of flags alone (read, flagged: a new HIGHESTMODSEQ, the same
  UIDNEXT and MESSAGES) fetches nothing: flags are not mirrored.
* New mail: ``UID SEARCH UID n:*`` above the highest UID mirrored. Removed mail: when the counts disagree,
  ``UID SEARCH ALL`` and the missing UIDs' rows are dropped.
* A changed UIDVALIDITY means the server renumbered the folder: its rows are dropped and it is listed anew.
* Each batch is committed with the highest UID it holds, so a sync that is killed or loses the server keeps
  what it fetched and the next one continues from there; the mirror answers meanwhile.

The account (server, login, password, folders) is ``imap.ImapAccount``, shared with live mode.
"""

from __future__ import annotations

import sqlite3
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Callable

from queryweaver.config import SourceConfig
from queryweaver.connector import Context, IndexReport
from queryweaver.errors import ConnectorError, IndexDamagedError, IndexStorageError
from queryweaver.index import SourceIndex, write_lexicon

from .imap import (Client, ImapAccount, Leaf, ServerUnavailable, _lf, attachment_sizes, leaves, logout, reason,
                   rebuild_message)
from .mailstore import INDEX_SCHEMA, INDEX_TABLES, MailStoreConnector, MessageWriter, Warn, mail_lexicon_rows, parse_message

INDEX_VERSION = 1
FOLDERS_SCHEMA = """
-- what the mirror knows of each folder (one inputs row each; inputs.path is the folder name)
CREATE TABLE imap_folders (
    input INTEGER PRIMARY KEY,
    uidvalidity INTEGER NOT NULL,
    uidnext INTEGER NOT NULL,           -- as STATUS said when the folder was last complete; 0 while a sync runs
    messages INTEGER NOT NULL,          -- the server's count at that time
    synced_uid INTEGER NOT NULL,        -- every message up to this UID is mirrored
    highestmodseq INTEGER NOT NULL DEFAULT 0   -- CONDSTORE's HIGHESTMODSEQ then; 0 without CONDSTORE
);
"""
FETCH_BATCH = 200          # messages per UID FETCH: big enough to amortise round trips, small to resume


class ImapMirrorConnector(MailStoreConnector):
    """Email from an IMAP account, through a local mirror of headers, structure and text parts."""

    name = "imap"
    description = "mail on an IMAP server (Fastmail, iCloud, a company server...), mirrored locally"
    needs_auth = True

    def __init__(self, source, context: Context, client_factory: Callable[[], Client] | None = None,
                 password: Callable[[], str] | None = None, batch: int = FETCH_BATCH):
        self.imap = ImapAccount(source, client_factory, password)
        self.host, self.port, self.account = self.imap.host, self.imap.port, self.imap.account
        # the mail store's own setup, with a path that only names the index (there is no file), then our index
        mirror = Path(context.cache_dir) / "imap" / f"{self.imap.user}@{self.host}:{self.port}"
        super().__init__(SourceConfig(source.type, {**source.options, "path": str(mirror)}), context)
        self.source = source
        self._index = SourceIndex(context.cache_dir, self.name, mirror, INDEX_SCHEMA + FOLDERS_SCHEMA, INDEX_VERSION,
                                  INDEX_TABLES + ("imap_folders",), warn=context.warn)
        self.batch = batch

    # -- the abstract file hooks: an IMAP source has no input files ----------------------------------------
    def _inputs(self) -> list[Path]:
        return []

    def _parse_input(self, conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
        raise NotImplementedError  # never called: refresh_index syncs instead

    # -- connecting -----------------------------------------------------------------------------------------
    @property
    def label(self) -> str:
        return self.imap.label

    def _connect(self) -> Client:
        """A logged-in client; every failure is one ConnectorError naming the source and the fix."""
        return self.imap.connect(self._lost)

    def _lost(self, exc: BaseException) -> ConnectorError:
        return ServerUnavailable(f"{self.label}: the connection to {self.host}:{self.port} failed ({reason(exc)}); "
                                 f"the mirror keeps what was fetched, run `queryweaver index` again once the server "
                                 f"is back")

    # -- syncing --------------------------------------------------------------------------------------------
    def refresh_index(self) -> IndexReport:
        """Bring the mirror up to date with the server (raises ConnectorError when the server cannot be used)."""
        import imaplib
        with self._lock:
            self._warned = 0
            report = IndexReport(source=f"imap:{self.account}")
            started = time.perf_counter()
            client = self._connect()
            try:
                self._sync(client, report)
            except (OSError, imaplib.IMAP4.error) as exc:
                raise self._lost(exc) from exc
            finally:
                logout(client)
                self._persons = None
                self._counts, self._estimates = None, {}  # the planner's statistics are read again
            self._ready = True
            report.seconds = time.perf_counter() - started
            return report

    def _sync(self, client: Client, report: IndexReport) -> None:
        conn = self._index.conn
        if not any(r[1] == "highestmodseq" for r in conn.execute("PRAGMA table_info(imap_folders)")):
            with self._index.write_transaction(conn):  # a mirror made before CONDSTORE was used
                conn.execute("ALTER TABLE imap_folders ADD COLUMN highestmodseq INTEGER NOT NULL DEFAULT 0")
        wanted = self.imap.folder_names(client)
        changed = False
        with self._index.write_transaction(conn):
            known = {r["path"]: r["id"] for r in conn.execute("SELECT id, path FROM inputs")}
            for gone in sorted(set(known) - set(wanted)):
                self._index._forget(conn, known[gone])
                report.removed += 1
                changed = True
        for folder in wanted:
            changed |= self._sync_folder(client, folder, report)
        with self._index.write_transaction(conn):
            if changed or self._index.lexicon_stale():
                write_lexicon(conn, mail_lexicon_rows(conn, None))

    def _sync_folder(self, client: Client, folder: str, report: IndexReport) -> bool:
        """Mirror one folder; True when its rows changed."""
        import imaplib
        conn = self._index.conn
        condstore = client.has_capability("CONDSTORE")
        asked = [b"UIDVALIDITY", b"UIDNEXT", b"MESSAGES"] + ([b"HIGHESTMODSEQ"] if condstore else [])
        try:
            status = client.folder_status(folder, asked)
        except imaplib.IMAP4.abort:
            raise
        except imaplib.IMAP4.error as exc:
            self.context.warn(f"{self.label}: folder {folder!r} cannot be read ({reason(exc)}); it is left out — "
                              f"fix 'folders' in its [[sources]] entry")
            return False
        uidvalidity, uidnext, count = (int(status[k]) for k in (b"UIDVALIDITY", b"UIDNEXT", b"MESSAGES"))
        modseq = int(status.get(b"HIGHESTMODSEQ") or 0)  # 0: no CONDSTORE (or a server without mod-sequences here)
        row = conn.execute("SELECT i.id, f.uidvalidity, f.uidnext, f.messages, f.synced_uid, f.highestmodseq "
                           "FROM inputs i JOIN imap_folders f ON f.input = i.id WHERE i.path = ?", (folder,)).fetchone()
        if row is not None and row["uidvalidity"] == uidvalidity and row["uidnext"]:  # complete, same numbering
            if modseq and row["highestmodseq"] == modseq:
                report.reused += 1  # CONDSTORE: nothing at all changed
                return False
            if (row["uidnext"], row["messages"]) == (uidnext, count):
                if modseq != row["highestmodseq"]:  # only flags changed: note where the folder is, fetch nothing
                    with self._index.write_transaction(conn):
                        conn.execute("UPDATE imap_folders SET highestmodseq = ? WHERE input = ?", (modseq, row["id"]))
                report.reused += 1
                return False
        changed = False
        with self._index.write_transaction(conn):
            if row is not None and row["uidvalidity"] != uidvalidity:
                self.context.warn(f"{self.label}: folder {folder!r} was renumbered by the server (UIDVALIDITY "
                                  f"{row['uidvalidity']} -> {uidvalidity}); its mirror is fetched again")
                self._index._forget(conn, row["id"])
                row, changed = None, True
            if row is None:
                input_id = conn.execute("INSERT INTO inputs (path, mtime_ns, size, tail) VALUES (?, ?, 0, NULL)",
                                        (folder, uidvalidity)).lastrowid
                conn.execute("INSERT INTO imap_folders VALUES (?, ?, 0, 0, 0, 0)", (input_id, uidvalidity))
                synced = 0
            else:
                input_id, synced = row["id"], row["synced_uid"]
                conn.execute("UPDATE imap_folders SET uidnext = 0 WHERE input = ?", (input_id,))  # incomplete until done
        client.select_folder(folder, readonly=True)
        new = sorted(u for u in client.search(["UID", f"{synced + 1}:*"]) if u > synced)
        local = conn.execute("SELECT count(*) FROM messages WHERE input = ?", (input_id,)).fetchone()[0]
        if local + len(new) != count:  # something was removed on the server: find what
            on_server = set(client.search(["ALL"]))
            stale = [r[0] for r in conn.execute("SELECT byte_offset FROM messages WHERE input = ?", (input_id,))
                     if r[0] not in on_server]
            if stale:
                with self._index.write_transaction(conn):
                    self._drop_uids(conn, input_id, stale)
                report.removed += len(stale)
                changed = True
        for start in range(0, len(new), self.batch):
            batch = new[start:start + self.batch]
            stored = self._fetch_batch(client, folder, input_id, batch)
            report.parsed += stored
            changed = True
            self.context.progress(f"syncing {self.account} {folder}", start + len(batch), len(new))
        with self._index.write_transaction(conn):
            conn.execute("UPDATE imap_folders SET uidnext = ?, messages = ?, highestmodseq = ? WHERE input = ?",
                         (uidnext, count, modseq, input_id))
        return changed

    def _drop_uids(self, conn: sqlite3.Connection, input_id: int, uids: list[int]) -> None:
        for start in range(0, len(uids), 500):
            chunk = uids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            ids = [r[0] for r in conn.execute(f"SELECT id FROM messages WHERE input = ? AND byte_offset IN ({marks})",
                                              (input_id, *chunk))]
            id_marks = ",".join("?" * len(ids))
            for table in ("bodies", "addresses", "attachments", "urls"):
                conn.execute(f"DELETE FROM {table} WHERE msg IN ({id_marks})", ids)
            conn.execute(f"DELETE FROM messages WHERE id IN ({id_marks})", ids)
        conn.execute("DELETE FROM meta WHERE key = 'lexicon'")  # recomputed at the end of the sync

    def _fetch_batch(self, client: Client, folder: str, input_id: int, uids: list[int]) -> int:
        """Fetch, parse and commit one batch of messages; returns how many were stored."""
        heads = client.fetch(uids, [b"BODY.PEEK[HEADER]", b"BODYSTRUCTURE", b"INTERNALDATE"])
        plans: dict[int, list[Leaf]] = {}
        wanted: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for uid in uids:
            data = heads.get(uid)
            if data is None:
                continue  # removed between SEARCH and FETCH
            plans[uid] = leaves(data[b"BODYSTRUCTURE"])
            sections = tuple(s for leaf in plans[uid] for s in
                             ((leaf.header_section,) if leaf.header_section != "HEADER" else ())
                             + ((leaf.body_section,) if leaf.fetch_body else ()))
            if sections:
                wanted[sections].append(uid)
        parts: dict[int, dict[bytes, bytes]] = defaultdict(dict)
        for sections, group in wanted.items():
            answer = client.fetch(group, [f"BODY.PEEK[{s}]".encode() for s in sections])
            for uid, data in answer.items():
                parts[uid].update({k: v for k, v in data.items() if isinstance(v, bytes)})
        conn = self._index.conn
        warn = self._limited(self.context.warn)
        with self._index.write_transaction(conn):
            done = conn.execute("SELECT synced_uid FROM imap_folders WHERE input = ?", (input_id,)).fetchone()
            if done is None or done[0] >= max(uids):
                return 0  # another process (serve and index at once) stored this batch, or dropped the folder
            writer = MessageWriter(conn, input_id)
            for uid, plan in plans.items():
                if uid <= done[0]:
                    continue
                data = heads[uid]
                header = data.get(b"BODY[HEADER]") or b""
                got = parts.get(uid, {})
                top_multipart = bool(plan) and plan[0].header_section != "HEADER"
                pieces = [(got.get(f"BODY[{leaf.header_section}]".encode(), b"") if top_multipart else b"",
                           got.get(f"BODY[{leaf.body_section}]".encode(), b"") if leaf.fetch_body else b"")
                          for leaf in plan]
                raw = rebuild_message(header, top_multipart, pieces)
                internal = data.get(b"INTERNALDATE")
                fallback = (lambda t=internal: t.timestamp() if isinstance(t, datetime) else None)
                parsed = parse_message(raw, f"{folder} UID {uid}", warn, fallback)
                if parsed is None:
                    continue
                sizes = iter(attachment_sizes(header if not top_multipart else None, plan, pieces))
                parsed.attachments = [(name, "", next(sizes, 0)) for name, _sha, _size in parsed.attachments]
                writer.add(parsed, uid)
            writer.flush()
            conn.execute("UPDATE imap_folders SET synced_uid = ? WHERE input = ?", (max(uids), input_id))
            conn.execute("UPDATE inputs SET size = (SELECT count(*) FROM messages WHERE input = ?) WHERE id = ?",
                         (input_id, input_id))
            conn.execute("DELETE FROM meta WHERE key = 'lexicon'")  # recomputed at the end of the sync
        return writer.count

    # -- reading the mirror ---------------------------------------------------------------------------------
    def _ensure_index(self) -> None:
        """Sync on first use; when the server cannot be used, say so once and answer from the mirror as it is."""
        if self._ready:
            return
        with self._lock:
            if self._ready:
                return
            try:
                self.refresh_index()
            except (IndexDamagedError, IndexStorageError):
                raise  # the engine heals or reports the local index itself
            except ConnectorError as exc:
                held = self._index.has_data()
                self.context.warn(f"{exc}" + ("; answering from the local mirror as last synced" if held else
                                              "; this source has no mirror yet and answers nothing"))
            self._ready = True

    def _read_message(self, path: Path, offset: int) -> bytes | None:
        """The whole message with UID ``offset`` in folder ``path``, fetched from the server (for an excerpt)."""
        import imaplib
        folder = str(path)
        with self._lock:
            row = self._index.conn.execute("SELECT mtime_ns FROM inputs WHERE path = ?", (folder,)).fetchone()
        client = self._connect()
        try:
            selected = client.select_folder(folder, readonly=True)
            if row is None or int(selected[b"UIDVALIDITY"]) != row["mtime_ns"]:
                raise ValueError(f"folder {folder!r} was renumbered by the server since the last sync")
            data = client.fetch([offset], [b"BODY.PEEK[]"]).get(offset)
        except (OSError, imaplib.IMAP4.error) as exc:
            raise self._lost(exc) from exc
        finally:
            logout(client)
        return _lf(data.get(b"BODY[]")) if data else None
