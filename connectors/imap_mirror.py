"""Mail on an IMAP server, answered from a local mirror kept in the same index the mbox and Maildir sources use.

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

* ``STATUS (UIDVALIDITY UIDNEXT MESSAGES)`` first: unchanged UIDNEXT and MESSAGES mean nothing was added or
  removed (messages are immutable in IMAP; flags are not stored), so a warm sync costs one STATUS per folder.
* New mail: ``UID SEARCH UID n:*`` above the highest UID mirrored. Removed mail: when the counts disagree,
  ``UID SEARCH ALL`` and the missing UIDs' rows are dropped.
* A changed UIDVALIDITY means the server renumbered the folder: its rows are dropped and it is listed anew.
* Each batch is committed with the highest UID it holds, so a sync that is killed or loses the server keeps
  what it fetched and the next one continues from there; the mirror answers meanwhile.

The password never goes in the config: it is read from the system keyring (service ``queryweaver-imap``,
user ``user@host``) when the ``keyring`` package is installed and holds it, else from the environment
variable named by ``password_env``, else asked for on a terminal.
"""

from __future__ import annotations

import socket
import sqlite3
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from queryweaver.config import SourceConfig
from queryweaver.connector import Context, IndexReport
from queryweaver.errors import (AuthError, ConfigError, ConnectorError, IndexDamagedError, IndexStorageError,
                                QueryWeaverError)
from queryweaver.items import file_key
from queryweaver.index import SourceIndex, write_lexicon

from .passwords import account_password
from .mailstore import (
    INDEX_SCHEMA,
    INDEX_TABLES,
    MAX_MIME_DEPTH,
    MailStoreConnector,
    MessageWriter,
    Warn,
    _filename,
    _may_be_attachment,
    mail_lexicon_rows,
    parse_message,
    split_entity,
)

KEYRING_SERVICE = "queryweaver-imap"
INDEX_VERSION = 1
FOLDERS_SCHEMA = """
-- what the mirror knows of each folder (one inputs row each; inputs.path is the folder name)
CREATE TABLE imap_folders (
    input INTEGER PRIMARY KEY,
    uidvalidity INTEGER NOT NULL,
    uidnext INTEGER NOT NULL,           -- as STATUS said when the folder was last complete; 0 while a sync runs
    messages INTEGER NOT NULL,          -- the server's count at that time
    synced_uid INTEGER NOT NULL         -- every message up to this UID is mirrored
);
"""
FETCH_BATCH = 200          # messages per UID FETCH: big enough to amortise round trips, small to resume
TIMEOUT_S = 60.0
SKIPPED_FOLDER_FLAGS = (b"\\noselect", b"\\nonexistent", b"\\junk", b"\\trash")

Client = Any  # an imapclient.IMAPClient (or anything with its methods, for a counting wrapper)


@dataclass(frozen=True)
class Leaf:
    """One leaf part of a message: where its MIME header and its content are, and whether to fetch the content."""

    header_section: str     # e.g. '1.2.MIME'; 'HEADER' for a message that is not multipart
    body_section: str       # e.g. '1.2'; 'TEXT' for a message that is not multipart
    size: int               # encoded size, from BODYSTRUCTURE
    encoding: str
    fetch_body: bool        # a text/plain or text/html part that is not an attachment


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("ascii", "replace")
    return "" if value is None else str(value)


def _params(raw: Any) -> dict[str, str]:
    """A BODYSTRUCTURE parameter list ('NAME' 'value' ...) as a dict with lower-cased names."""
    if not isinstance(raw, (tuple, list)):
        return {}
    items = list(raw)
    return {_text(items[i]).lower(): _text(items[i + 1]) for i in range(0, len(items) - 1, 2)}


def _disposition(part: Sequence[Any], at: int) -> tuple[str, dict[str, str]]:
    """(disposition, its parameters) from the extension data at position ``at``, ('', {}) when absent."""
    if len(part) > at and isinstance(part[at], (tuple, list)) and part[at]:
        return _text(part[at][0]).lower(), _params(part[at][1] if len(part[at]) > 1 else None)
    return "", {}


def _subparts(structure: Sequence[Any]) -> list[Sequence[Any]] | None:
    """The parts of a multipart BODYSTRUCTURE (imapclient nests them in a list; a raw nested one leads with
    tuples), None for a single part."""
    if structure and isinstance(structure[0], list):
        return structure[0]
    if structure and isinstance(structure[0], tuple):
        parts = []
        for part in structure:
            if not isinstance(part, tuple):
                break
            parts.append(part)
        return parts
    return None


def leaves(structure: Sequence[Any], prefix: str = "", depth: int = 0) -> list[Leaf]:
    """The leaf parts of a BODYSTRUCTURE, with their section numbers, in the order a parser meets them.

    A forwarded message (message/rfc822 without a file name) is descended into, as ``mailstore.iter_leaves``
    does; anything nested deeper than ``mailstore.MAX_MIME_DEPTH`` is left as one opaque part.
    """
    parts = _subparts(structure)
    if parts is not None:
        found: list[Leaf] = []
        for number, part in enumerate(parts, start=1):
            found += leaves(part, f"{prefix}.{number}" if prefix else str(number), depth + 1)
        return found
    ctype, subtype = _text(structure[0]).lower(), _text(structure[1]).lower()
    params = _params(structure[2])
    encoding = _text(structure[5]).lower()
    size = int(structure[6]) if len(structure) > 6 and isinstance(structure[6], int) else 0
    header, body = (f"{prefix}.MIME", prefix) if prefix else ("HEADER", "TEXT")
    is_message = (ctype, subtype) == ("message", "rfc822")
    at = 9 if ctype == "text" else 11 if is_message else 8
    disposition, dparams = _disposition(structure, at)
    named = any(k in params for k in ("name", "name*")) or any(k in dparams for k in ("filename", "filename*"))
    if is_message and prefix and not named and len(structure) > 8 and depth < MAX_MIME_DEPTH:
        inner = structure[8]
        if _subparts(inner) is not None:
            return leaves(inner, prefix, depth + 1)
        if isinstance(inner, (tuple, list)) and len(inner) > 6:
            leaf = leaves(inner, "", depth + 1)[0]
            return [Leaf(f"{prefix}.HEADER", f"{prefix}.TEXT", leaf.size, leaf.encoding, leaf.fetch_body)]
    is_text = ctype == "text" and subtype in ("plain", "html")
    return [Leaf(header, body, size, encoding, is_text and disposition != "attachment" and not named)]


def decoded_size(leaf: Leaf) -> int:
    """About how many bytes a part holds once its transfer encoding is undone (BODYSTRUCTURE gives the encoded size)."""
    if leaf.encoding == "base64":
        return leaf.size * 57 // 78  # 57 bytes per 76-character line plus CRLF
    return leaf.size


def attachment_sizes(top_header: bytes | None, plan: list[Leaf], pieces: list[tuple[bytes, bytes]]) -> list[int]:
    """The sizes of the parts the parser takes for named attachments (same test as ``mailstore._read_parts``)."""
    sizes = []
    for leaf, (mime, _content) in zip(plan, pieces):
        part = split_entity(_lf(top_header if top_header is not None else mime).rstrip(b"\n") + b"\n\n")[0]
        if _may_be_attachment(part) and file_key(_filename(part, [])):
            sizes.append(decoded_size(leaf))
    return sizes


def _lf(data: bytes | None) -> bytes:
    return (data or b"").replace(b"\r\n", b"\n")


def rebuild_message(header: bytes, top_multipart: bool, parts: list[tuple[bytes, bytes]]) -> bytes:
    """A message holding the original header and the given leaf parts (MIME header, content), flattened.

    Nested multiparts are flattened under the top boundary: the parser walks leaves only, so the texts,
    HTML parts and attachment names it finds are the ones of the original message.
    """
    header = _lf(header).rstrip(b"\n") + b"\n\n"
    if not top_multipart:
        return header + (_lf(parts[0][1]) if parts else b"")
    boundary = split_entity(header)[0].get_boundary() or "queryweaver-imap-mirror"
    delim = b"--" + boundary.encode("utf-8", "surrogateescape")
    out = [header]
    for mime, content in parts:
        out += [delim, b"\n", _lf(mime).rstrip(b"\n"), b"\n\n", _lf(content), b"\n"]
    out += [delim, b"--\n"]
    return b"".join(out)


class ImapConnector(MailStoreConnector):
    """Email from an IMAP account, through a local mirror of headers, structure and text parts."""

    name = "imap"
    description = "mail on an IMAP server (Fastmail, iCloud, a company server...), mirrored locally"
    needs_auth = True

    def __init__(self, source, context: Context, client_factory: Callable[..., Client] | None = None,
                 password: Callable[[], str] | None = None, batch: int = FETCH_BATCH):
        options = source.options
        if "password" in options:
            raise ConfigError("an imap source must not hold its password in the config file; remove 'password' and "
                              "store it in the system keyring (service 'queryweaver-imap') or name an environment "
                              "variable with password_env = \"...\"")
        self.host = str(options.get("host") or "").strip()
        self.user = str(options.get("user") or "").strip()
        for key, value in (("host", self.host), ("user", self.user)):
            if not value:
                raise ConfigError(f"imap source needs '{key}'; add {key} = \"...\" to its [[sources]] entry")
        self.tls = bool(options.get("tls", True))
        self.starttls = bool(options.get("starttls", False))
        if self.tls and self.starttls:
            raise ConfigError("imap source: set either tls = true (port 993) or starttls = true (port 143), not both")
        self.port = int(options.get("port") or (993 if self.tls else 143))
        if not (self.tls or self.starttls) and self.host not in ("127.0.0.1", "localhost", "::1"):
            raise ConfigError(f"imap source {self.host}: refusing to send a password unencrypted; set tls = true "
                              f"or starttls = true (plain IMAP is allowed only to this machine)")
        folders = options.get("folders")
        if isinstance(folders, str):
            folders = [folders]
        self.folders: list[str] | None = [str(f) for f in folders] if folders else None
        self.password_env = options.get("password_env")
        self.account = f"{self.user}@{self.host}"
        # the mail store's own setup, with a path that only names the index (there is no file), then our index
        mirror = Path(context.cache_dir) / "imap" / f"{self.user}@{self.host}:{self.port}"
        super().__init__(SourceConfig(source.type, {**options, "path": str(mirror)}), context)
        self.source = source
        self._index = SourceIndex(context.cache_dir, self.name, mirror, INDEX_SCHEMA + FOLDERS_SCHEMA, INDEX_VERSION,
                                  INDEX_TABLES + ("imap_folders",), warn=context.warn)
        self._client_factory = client_factory or self._default_client
        self._password_source = password
        self._password: str | None = None
        self.batch = batch

    # -- the abstract file hooks: an IMAP source has no input files ----------------------------------------
    def _inputs(self) -> list[Path]:
        return []

    def _parse_input(self, conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
        raise NotImplementedError  # never called: refresh_index syncs instead

    # -- connecting -----------------------------------------------------------------------------------------
    @property
    def label(self) -> str:
        return f"imap source {self.account}"

    def _default_client(self) -> Client:
        import ssl  # here, not at the top: a CLI with no IMAP source never loads it
        from imapclient import IMAPClient

        context = ssl.create_default_context()
        client = IMAPClient(self.host, port=self.port, ssl=self.tls, ssl_context=context if self.tls else None,
                            timeout=TIMEOUT_S)
        if self.starttls:
            client.starttls(context)
        return client

    def password(self) -> str:
        """The account's password: keyring, else the environment variable named by password_env, else a prompt."""
        if self._password is not None:
            return self._password
        if self._password_source is not None:
            self._password = self._password_source()
            return self._password
        self._password = account_password(label=self.label, service=KEYRING_SERVICE, account=self.account,
                                          password_env=self.password_env, what="IMAP")
        return self._password

    def _connect(self) -> Client:
        """A logged-in client; every failure is one ConnectorError naming the source and the fix."""
        import imaplib
        import ssl
        try:
            client = self._client_factory()
        except ssl.SSLCertVerificationError as exc:
            raise ConnectorError(
                f"{self.label}: the TLS certificate of {self.host}:{self.port} is not trusted "
                f"({exc.verify_message or exc.reason}); check 'host' names the provider's server. A server with its "
                f"own certificate authority (a company server) needs that certificate added to the system's trusted "
                f"certificates, or SSL_CERT_FILE pointing at it; nothing was sent to it") from exc
        except ssl.SSLError as exc:
            raise ConnectorError(f"{self.label}: the TLS handshake with {self.host}:{self.port} failed ({exc}); "
                                 f"check 'tls'/'starttls' and 'port' (993 for tls, 143 for starttls)") from exc
        except (OSError, imaplib.IMAP4.error) as exc:
            raise ConnectorError(f"{self.label}: cannot connect to {self.host}:{self.port} ({_reason(exc)}); check "
                                 f"'host' and 'port' and that the server is reachable") from exc
        from imapclient.exceptions import LoginError

        try:
            client.login(self.user, self.password())
        except LoginError as exc:
            _close(client)
            self._password = None
            raise AuthError(f"{self.label}: the server refused the login ({_reason(exc)}); check 'user' and the "
                            f"password (an app password where the provider asks for one)") from exc
        except (OSError, imaplib.IMAP4.error) as exc:
            _close(client)
            raise self._lost(exc) from exc
        except QueryWeaverError:
            _close(client)
            raise
        client.normalise_times = False
        return client

    def _lost(self, exc: BaseException) -> ConnectorError:
        return ConnectorError(f"{self.label}: the connection to {self.host}:{self.port} failed ({_reason(exc)}); "
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
                _logout(client)
                self._persons = None
                self._counts, self._estimates = None, {}  # the planner's statistics are read again
            self._ready = True
            report.seconds = time.perf_counter() - started
            return report

    def _sync(self, client: Client, report: IndexReport) -> None:
        conn = self._index.conn
        wanted = self._folder_names(client)
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

    def _folder_names(self, client: Client) -> list[str]:
        """The configured folders, or every selectable folder but Junk and Trash."""
        if self.folders is not None:
            return list(self.folders)
        names = []
        for flags, _delim, name in client.list_folders():
            if not any(f.lower() in SKIPPED_FOLDER_FLAGS for f in flags):
                names.append(name)
        return names

    def _sync_folder(self, client: Client, folder: str, report: IndexReport) -> bool:
        """Mirror one folder; True when its rows changed."""
        import imaplib
        conn = self._index.conn
        try:
            status = client.folder_status(folder, [b"UIDVALIDITY", b"UIDNEXT", b"MESSAGES"])
        except imaplib.IMAP4.abort:
            raise
        except imaplib.IMAP4.error as exc:
            self.context.warn(f"{self.label}: folder {folder!r} cannot be read ({_reason(exc)}); it is left out — "
                              f"fix 'folders' in its [[sources]] entry")
            return False
        uidvalidity, uidnext, count = (int(status[k]) for k in (b"UIDVALIDITY", b"UIDNEXT", b"MESSAGES"))
        row = conn.execute("SELECT i.id, f.uidvalidity, f.uidnext, f.messages, f.synced_uid FROM inputs i "
                           "JOIN imap_folders f ON f.input = i.id WHERE i.path = ?", (folder,)).fetchone()
        if row is not None and row["uidvalidity"] == uidvalidity and (row["uidnext"], row["messages"]) == (uidnext, count):
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
                conn.execute("INSERT INTO imap_folders VALUES (?, ?, 0, 0, 0)", (input_id, uidvalidity))
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
            conn.execute("UPDATE imap_folders SET uidnext = ?, messages = ? WHERE input = ?", (uidnext, count, input_id))
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
            _logout(client)
        return _lf(data.get(b"BODY[]")) if data else None


def _reason(exc: BaseException) -> str:
    text = str(exc).strip()
    if isinstance(exc, socket.timeout):
        return "timed out"
    if text.startswith("b'") or text.startswith('b"'):
        text = text[2:-1]
    return text or type(exc).__name__


def _close(client: Client) -> None:
    try:
        client.shutdown()
    except Exception:  # noqa: BLE001 - already failing; the first error is the one to report
        pass


def _logout(client: Client) -> None:
    try:
        client.logout()
    except Exception:  # noqa: BLE001 - the server may be gone; nothing is left to save
        _close(client)


def register_connectors(register) -> None:
    register(ImapConnector)
