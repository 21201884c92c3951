"""A SQLite index per local source, kept in the user cache dir and refreshed incrementally.

Each local connector (mbox, maildir, ics, files) owns one ``SourceIndex``: a database file named after the
source's type and absolute path, a ``inputs`` table remembering each input file's mtime and size, and the
connector's own tables. ``refresh`` hands the connector only the inputs that are new or changed; rows of
removed or changed inputs are deleted first, all in one transaction, so an interrupted refresh leaves the
previous index intact.

An index may also keep a ``lexicon`` table: what its data names (people, places, file names...; see
``grounding.Lexicon``), for grounding questions. ``refresh(..., lexicon=compute)`` rewrites it in the same
transaction whenever the refresh changed anything (or the stored one is of another ``LEXICON_VERSION``), so
reading it before a question is one small SELECT, never a scan of the data. With ``lexicon_mark`` too, a
refresh that only added rows (an appended mbox, new Maildir files) adds just their part to the stored counts.

Damage and storage faults: an index SQLite rejects (not a database, malformed, its version row or tables
missing, a failed ``quick_check`` after an unclean shutdown or a change made outside QueryWeaver; see
``SourceIndex._suspect``) is moved aside as
``<name>.damaged-<UTC time>`` with its -wal/-shm, one warning names the source and where the copy is, and the
index is rebuilt from the source. Damage found later, mid-query, is raised as ``IndexDamagedError``; the
engine heals that index and runs the question again. A full disk, a size limit or an unwritable cache dir is
raised as ``IndexStorageError``: one line naming the cache dir, the space needed and the setting to move it.

Long parses are committed in batches (``QUERYWEAVER_INDEX_BATCH`` items, default 5000), so a killed build
resumes: an input read whole per batch (a Maildir message) is simply done or not; an input parsed from byte
offsets (an mbox) records in ``resume`` how far its committed rows go and a SHA-1 of the bytes before that
point, and continues from there when those bytes are unchanged (else it is read again from the start).
A parallel build uses the same record: workers parse ahead, the writer commits ranges in file order through
``Batches.commit``.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .connector import IndexReport, Progress, no_progress
from .digests import sha1_hex
from .errors import ConnectorError, IndexDamagedError, IndexStorageError, QueryWeaverError
from .reader.grounding import LEXICON_VERSION, LexiconRow

# What the data names (grounding.LexiconRow), kept by indexes and by the Google caches for grounding questions.
LEXICON_SCHEMA = """
CREATE TABLE IF NOT EXISTS lexicon (kind TEXT NOT NULL, value TEXT NOT NULL, extra TEXT NOT NULL, count INTEGER NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS lexicon_key ON lexicon(kind, value, extra);
"""
# The input table every index has; a connector's rows point at inputs(id) through an ``input`` column.
# The lexicon table is created where missing and filled by the next refresh (see ``lexicon_stale``).
BASE_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS inputs (
    id INTEGER PRIMARY KEY,
    path TEXT UNIQUE NOT NULL,
    mtime_ns INTEGER NOT NULL,
    size INTEGER NOT NULL,
    tail TEXT
);
-- an input whose parse was interrupted: its rows up to byte ``done`` are committed (the inputs row says -1)
CREATE TABLE IF NOT EXISTS resume (input INTEGER PRIMARY KEY, done INTEGER NOT NULL, prefix_sha1 TEXT NOT NULL);
-- an input whose content could not be read (not iCalendar, not mail): remembered by its inputs row like an indexed
-- one, so it is read again only once it changes, and warned about once
CREATE TABLE IF NOT EXISTS unreadable (input INTEGER PRIMARY KEY, reason TEXT NOT NULL);
-- a folder whose files are inputs (``refresh_folders``): its mtime when it was last listed completely (-1 = list
-- it again next time) and how many inputs it holds
CREATE TABLE IF NOT EXISTS folders (path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, files INTEGER NOT NULL);
""" + LEXICON_SCHEMA
# compute(conn, since): the lexicon rows of the whole index (since None), or of what was added after the mark
LexiconBuilder = Callable[[sqlite3.Connection, object], Iterable[LexiconRow]]
BASE_VERSION = "2"  # bump when BASE_SCHEMA changes (tables added with IF NOT EXISTS need no bump)
TAIL_BYTES = 4096   # an input that grew and still has these last bytes where they were was only appended to
DEFAULT_BATCH = 5000   # items committed at a time during a build (QUERYWEAVER_INDEX_BATCH overrides)
KEEP_DAMAGED = 3       # damaged copies kept per index; older ones are deleted
RACY_NS = 2_000_000_000  # a folder changed this close to its listing is listed again (coarse mtime clocks)
LABELS = {"mbox": "mail", "maildir": "mail", "emlx": "mail", "ics": "calendar", "files": "files"}

# SQLite result codes (the low byte of an extended code)
_CORRUPT, _NOTADB, _FULL, _READONLY, _CANTOPEN, _IOERR, _PERM = 11, 26, 13, 8, 14, 10, 3
_IOERR_READ, _IOERR_SHORT_READ = 266, 522
_STORAGE_ERRNOS = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM,
                   errno.ENOTDIR, errno.EEXIST}


def is_damage(exc: BaseException) -> bool:
    """SQLite says the file is not (or no longer) a sound database."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None) or 0
    if code & 0xFF in (_CORRUPT, _NOTADB) or code in (_IOERR_READ, _IOERR_SHORT_READ):
        return True
    text = str(exc).lower()
    # "could not decode": text that is not UTF-8 where only UTF-8 was ever written, i.e. damaged cells
    return "malformed" in text or "not a database" in text or "could not decode to utf-8" in text


def is_storage(exc: BaseException) -> bool:
    """Writing failed for want of room or permission (disk full, file size limit, read-only, no such dir)."""
    if isinstance(exc, OSError):
        return exc.errno in _STORAGE_ERRNOS
    if not isinstance(exc, sqlite3.Error) or is_damage(exc):
        return False
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    text = str(exc).lower()
    return code in (_FULL, _READONLY, _CANTOPEN, _IOERR, _PERM) or any(
        words in text for words in ("disk is full", "readonly", "unable to open", "disk i/o error"))


def sqlite_cause(exc: BaseException) -> BaseException | None:
    """The sqlite3 (or OSError) error behind ``exc``, following ``raise ... from``."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, (sqlite3.Error, OSError)):
            return exc
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return None


def human_size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def batch_size() -> int:
    """Items per committed batch; ``QUERYWEAVER_INDEX_BATCH`` sets it (tests use small ones)."""
    try:
        return max(1, int(os.environ.get("QUERYWEAVER_INDEX_BATCH", DEFAULT_BATCH)))
    except ValueError:
        return DEFAULT_BATCH


def file_sha1(path: Path | str, start: int, end: int, hasher=None):
    """``hasher`` (a new SHA-1 when None) updated with bytes [start, end) of the file."""
    import hashlib  # here: only a build hashes content

    hasher = hasher or hashlib.sha1()
    with open(path, "rb") as fh:
        fh.seek(start)
        left = end - start
        while left > 0:
            block = fh.read(min(left, 1 << 20))
            if not block:
                break
            hasher.update(block)
            left -= len(block)
    return hasher


def tail_hash(path: Path | str, size: int) -> str | None:
    """A fingerprint of the ``TAIL_BYTES`` bytes before ``size``: tells an appended file from a rewritten one."""
    try:
        with open(path, "rb") as fh:
            fh.seek(max(0, size - TAIL_BYTES))
            return sha1_hex(fh.read(min(size, TAIL_BYTES)))
    except OSError:
        return None



class _Overtaken(Exception):
    """Another process took over the input this one was parsing (between two batches); ``committed`` items
    were stored by this one before that."""

    def __init__(self, committed: int):
        super().__init__(committed)
        self.committed = committed


class Batches:
    """Commits a long parse of one input in batches, recording how far the committed rows go.

    The parser calls ``due(count)`` with the number of items it has written so far and, when that says so,
    flushes its rows and calls ``commit(offset)``: every item before byte ``offset`` is then durable, and an
    interrupted build resumes there (``SourceIndex.refresh`` checks the bytes before it are unchanged).
    """

    def __init__(self, index: "SourceIndex", conn: sqlite3.Connection, input_id: int, path: Path,
                 hasher=None, hashed_to: int = 0):
        import hashlib  # here: only a build hashes content

        self.index, self.conn, self.input_id, self.path = index, conn, input_id, path
        self.hasher = hasher or hashlib.sha1()
        self.hashed_to = hashed_to
        self.size = index.batch
        self.committed_count = 0
        self.commits = 0
        self._count = 0

    def due(self, count: int) -> bool:
        """Whether a commit is due now that ``count`` items of this input are written."""
        self._count = count
        return count - self.committed_count >= self.size

    def room(self, count: int) -> int:
        """How many more items can be written, ``count`` being written so far, before a commit is due."""
        return max(0, self.committed_count + self.size - count)

    def commit(self, offset: int) -> None:
        conn = self.conn
        if offset > self.hashed_to:
            file_sha1(self.path, self.hashed_to, offset, self.hasher)
            self.hashed_to = offset
        digest = self.hasher.hexdigest()
        conn.execute("INSERT OR REPLACE INTO resume VALUES (?, ?, ?)", (self.input_id, offset, digest))
        conn.execute("RELEASE one_input")
        self.index.commit_batch(conn)
        # the write lock was free for a moment: another refresher may have taken this input over
        row = conn.execute("SELECT done, prefix_sha1 FROM resume WHERE input = ?", (self.input_id,)).fetchone()
        conn.execute("SAVEPOINT one_input")
        if row is None or (row[0], row[1]) != (offset, digest):
            raise _Overtaken(self._count)
        self.commits += 1
        self.committed_count = self._count


class SourceIndex:
    """The index database of one source.

    ``schema`` is the connector's DDL; ``version`` changes whenever that DDL or the parsing changes, and a
    database with another version is rebuilt from scratch. ``tables`` lists the connector's tables that
    carry an ``input`` column, so rows of a changed input can be dropped. ``warn`` receives the one line
    said when a damaged index is moved aside; ``size_ratio`` estimates the index size from the source's
    bytes (``row_bytes`` from its number of files instead), for the message when the disk is full.
    """

    def __init__(self, cache_dir: Path, kind: str, source_path: Path, schema: str, version: int,
                 tables: Iterable[str], warn: Callable[[str], None] | None = None, size_ratio: float = 1.0,
                 row_bytes: int | None = None):
        self.kind = kind
        self.source_path = Path(source_path).resolve()
        self.cache_dir = Path(cache_dir)
        digest = sha1_hex(str(self.source_path).encode())[:12]
        safe_name = "".join(c if c.isalnum() else "-" for c in self.source_path.name)[:40]
        self.db_path = self.cache_dir / "index" / f"{kind}-{safe_name}-{digest}.sqlite"
        self.schema = schema
        self.version = f"{version}/{BASE_VERSION}"
        self.tables = tuple(tables)
        self.warn = warn
        self.size_ratio = size_ratio
        self.row_bytes = row_bytes
        self.source_bytes: int | None = None   # set by refresh (or the connector) for the space estimate
        self.batch = batch_size()
        self.read_only = False
        self._forgot = False  # set by _forget during a refresh
        self._content_error: str | None = None  # why the last input failed, when its content was at fault
        self._conn: sqlite3.Connection | None = None
        self._inode: int | None = None
        self._lease: int | None = None

    @property
    def label(self) -> str:
        """'the mail index for /path/mail.mbox' — how messages name this index."""
        return f"the {LABELS.get(self.kind, self.kind)} index for {self.source_path}"

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    # -- opening, checking, healing -------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        """Open the index; a damaged one is moved aside (one warning) and a fresh one created in its place."""
        try:
            self.db_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self.storage_error(exc) from exc
        alone = self._take_lease()
        try:
            conn = self._open_checked(alone)
        except BaseException:
            self._drop_lease()
            raise
        self._share_lease()
        return conn

    def _open_checked(self, alone: bool) -> sqlite3.Connection:
        suspect = self._suspect() if alone else None
        conn = None
        try:
            conn = self._connect()
            problem = self._problem(conn, quick_check=suspect)
        except IndexDamagedError as exc:
            problem = exc.reason
        except sqlite3.DatabaseError as exc:
            if not is_damage(exc):
                if conn is not None:
                    conn.close()
                return self._open_read_only(exc)
            problem = str(exc)
        if problem:
            if conn is not None:
                conn.close()
            self._move_aside(problem)
            try:
                conn = self._connect()
                problem = self._problem(conn, quick_check=None)
            except sqlite3.Error as exc:
                raise self.translate(exc) from exc
            if problem:
                raise IndexDamagedError(f"{self.label} is still unusable after a rebuild ({problem}); "
                                        f"delete {self.db_path.parent} and try again", self, problem)
        return conn

    def _connect(self) -> sqlite3.Connection:
        # a long timeout: another process (serve, index) may be refreshing the same index right now
        conn = sqlite3.connect(self.db_path, check_same_thread=False, timeout=120)
        try:
            conn.row_factory = sqlite3.Row
            use_wal(conn, self.db_path)
            conn.execute("PRAGMA synchronous=NORMAL")
            try:
                self._inode = os.stat(self.db_path).st_ino
            except OSError:
                self._inode = None
        except BaseException:
            conn.close()
            raise
        return conn

    def _suspect(self) -> str | None:
        """Why a ``quick_check`` should run before use: the last process using the index did not close it
        (its -wal or -shm is left: killed, crashed, power lost), or the file is not as QueryWeaver left it
        (a backup or sync tool, a copy, a truncation). None when neither; only asked with no other opener."""
        if any(Path(f"{self.db_path}{s}").exists() for s in ("-wal", "-shm")):
            return "after an unclean shutdown"
        try:
            now = _stat_record(self.db_path)
            os.lseek(self._lease, 0, os.SEEK_SET)
            recorded = os.read(self._lease, 128).decode("ascii", "replace").strip()
        except (OSError, TypeError):
            return None
        if recorded != now:
            return "after it was changed outside QueryWeaver" if recorded else None
        return None

    def _record_close(self) -> None:
        """Remember the file's size and mtime as this process leaves it (see ``_suspect``)."""
        if self._lease is None:
            return
        try:
            record = _stat_record(self.db_path).encode().ljust(128)
            os.pwrite(self._lease, record, 0)
        except OSError:
            pass

    def _problem(self, conn: sqlite3.Connection, quick_check: str | None) -> str | None:
        """Why this open database cannot be used (None when it can); an old version is rebuilt in place.
        ``quick_check`` says why to run one first (see ``_suspect``)."""
        if quick_check:
            found = self._check_rows(conn, "quick_check")
            if found:
                return f"{quick_check}, {found}"
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not names:  # a new database
            self._reset(conn)
            return None
        if "meta" not in names:
            return "its meta table is missing"
        conn.executescript(BASE_SCHEMA)
        row = conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()
        if row is None:
            return "its version record is missing"
        if row[0] != self.version:
            self._reset(conn)
            return None
        missing = sorted(set(_created_tables(self.schema)) - names)
        if missing:
            return f"table {missing[0]} is missing"
        return None

    @staticmethod
    def _check_rows(conn: sqlite3.Connection, pragma: str) -> str | None:
        rows = [str(r[0]) for r in conn.execute(f"PRAGMA {pragma}").fetchall()]
        if rows == ["ok"]:
            return None
        lines = [line.strip() for row in rows for line in row.splitlines()
                 if line.strip() and not line.startswith("***")]
        more = f" (and {len(lines) - 1} more problems)" if len(lines) > 1 else ""
        return f"{pragma} failed: {lines[0] if lines else rows[0]}{more}"

    def _take_lease(self) -> bool:
        """Hold a shared lock on ``<index>.lock`` while open; True when no other opener holds one.

        With nobody else holding it, ``_suspect`` may ask for a ``quick_check`` first; the file also keeps
        the size and mtime the index had when last closed. flock (not the POSIX locks SQLite uses) so that
        closing this file never drops SQLite's own locks.
        """
        try:
            import fcntl
        except ImportError:  # Windows: no check after an unclean shutdown
            return False
        self._drop_lease()
        try:
            fd = os.open(f"{self.db_path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            alone = True
        except OSError:
            alone = False
        self._lease = fd
        return alone

    def _share_lease(self) -> None:
        if self._lease is not None:
            import fcntl

            fcntl.flock(self._lease, fcntl.LOCK_SH)

    def _drop_lease(self) -> None:
        if self._lease is not None:
            os.close(self._lease)
            self._lease = None

    def _open_read_only(self, exc: sqlite3.Error) -> sqlite3.Connection:
        """A cache dir that cannot be written: read an index that is already there, else say what to do."""
        if not is_storage(exc) or not self.db_path.exists() or self.db_path.stat().st_size == 0:
            raise self.translate(exc) from exc
        try:
            # nobody can write where this process cannot create the -wal: reading it as immutable is safe
            conn = sqlite3.connect(f"{self.db_path.as_uri()}?mode=ro&immutable=1", uri=True,
                                   check_same_thread=False)
            conn.row_factory = sqlite3.Row
            row = conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()
        except sqlite3.Error:
            raise self.translate(exc) from exc
        if row is None or row[0] != self.version:
            conn.close()
            raise self.translate(exc) from exc
        self.read_only = True
        return conn

    def check(self, full: bool = False) -> str | None:
        """Run ``quick_check`` (``integrity_check`` when ``full``); the problem found, or None when sound."""
        if not self.db_path.exists():
            return None
        try:
            with self._lock_free_conn() as conn:
                return self._check_rows(conn, "integrity_check" if full else "quick_check")
        except sqlite3.DatabaseError as exc:
            if is_damage(exc):
                return str(exc)
            raise self.translate(exc) from exc

    def check_unless_unchanged(self) -> str | None:
        """``check()``, skipped when the file is exactly as the last passed check left it: the same size,
        modification time, inode and change time. Any write changes the change time, even one whose author
        puts the modification time back, so this finds what ``check`` would, without reading a large index
        again on every ``queryweaver index`` (damage the disk itself brings shows as an error on reading)."""
        try:
            before = _checked_record(self.db_path)
        except OSError:
            return self.check()
        if before is not None and before == _read_lock_record(self.db_path, CHECKED_RECORD):
            return None
        problem = self.check()
        try:
            if problem is None and before is not None and _checked_record(self.db_path) == before:
                _write_lock_record(self.db_path, CHECKED_RECORD, before)
        except OSError:
            pass  # checked again next time
        return problem

    @contextmanager
    def _lock_free_conn(self) -> Iterator[sqlite3.Connection]:
        """This index's connection, or a short-lived one when it is not open."""
        if self._conn is not None:
            yield self._conn
            return
        conn = sqlite3.connect(self.db_path, timeout=120)
        try:
            yield conn
        finally:
            conn.close()

    def heal(self, reason: str) -> Path | None:
        """Move a damaged index aside (one warning); the next use creates and fills a fresh one."""
        self.close()
        return self._move_aside(reason)

    def _move_aside(self, reason: str) -> Path | None:
        """Rename the database and its -wal/-shm to ``*.damaged-<time>``, prune old copies, say so once."""
        try:
            if self._inode is not None and os.stat(self.db_path).st_ino != self._inode:
                return None  # another process has already replaced it
        except FileNotFoundError:
            return None
        try:
            target = move_aside(self.db_path, reason, self.label, self.warn)
        except OSError as exc:
            raise self.storage_error(exc) from exc
        self._inode = None
        return target

    def damaged_copies(self) -> list[Path]:
        return sorted(self.db_path.parent.glob(f"{self.db_path.name}.damaged-*"))

    def count_items(self) -> int | None:
        """Rows of the main table (messages, events, files); None when it cannot be read."""
        try:
            with self._lock_free_conn() as conn:
                return conn.execute(f"SELECT count(*) FROM {self.tables[0]}").fetchone()[0]
        except (sqlite3.Error, IndexError):
            return None

    def delete(self) -> None:
        """Remove the database and its -wal/-shm (``queryweaver index --rebuild``)."""
        self.close()
        for suffix in ("-wal", "-shm", ""):
            try:
                os.unlink(f"{self.db_path}{suffix}")
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise self.storage_error(exc) from exc

    # -- errors -------------------------------------------------------------------------------------------
    def translate(self, exc: BaseException) -> QueryWeaverError:
        """One clear error for an sqlite3/OS error met while using this index."""
        if isinstance(exc, QueryWeaverError):
            return exc
        if is_storage(exc):
            return self.storage_error(exc)
        if is_damage(exc):
            return IndexDamagedError(f"{self.label} is damaged ({exc})", self, str(exc))
        return ConnectorError(f"{self.label} failed ({exc}); the index is {self.db_path}")

    def storage_error(self, exc: BaseException) -> IndexStorageError:
        """Disk full, file size limit, read-only or uncreatable cache dir: what, where, how much, and the fix."""
        text = str(exc).lower()
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        need = human_size(self.estimated_bytes())
        if isinstance(exc, OSError) and exc.errno in (errno.ENOTDIR, errno.EEXIST, errno.EACCES, errno.EPERM,
                                                      errno.EROFS) or "readonly" in text or "unable to open" in text:
            return IndexStorageError(
                f"cannot write {self.label}: the cache dir {self.cache_dir} cannot be written ({detail}); "
                f"set [index] cache_dir (or QUERYWEAVER_CACHE_DIR) to a writable folder with about {need} free")
        return IndexStorageError(
            f"cannot write {self.label} in the cache dir {self.cache_dir} ({detail}{_room_left(self.cache_dir)}); "
            f"it needs about {need} free there: free some space, or set [index] cache_dir "
            f"(or QUERYWEAVER_CACHE_DIR) to a folder with room")

    def estimated_bytes(self) -> int:
        """Room the index needs: its expected size from the source's bytes, plus as much for the WAL."""
        if self.source_bytes is None:
            self.source_bytes = self._measure_source()
        expected = self.source_bytes * self.size_ratio
        try:
            expected = max(expected, os.stat(self.db_path).st_size)
        except OSError:
            pass
        return int(2 * expected) + (1 << 20)

    def _measure_source(self, cap: int = 300_000) -> int:
        """Bytes of the source (files under a folder, at most ``cap`` of them); a file source counts
        ``row_bytes`` per file instead when that is set."""
        if self.source_path.is_file():
            return self.source_path.stat().st_size
        total = seen = 0
        for folder, _dirs, names in os.walk(self.source_path):
            for name in names:
                seen += 1
                if self.row_bytes:
                    total += self.row_bytes
                else:
                    try:
                        total += os.stat(os.path.join(folder, name)).st_size
                    except OSError:
                        pass
            if seen > cap:
                break
        return total

    def has_data(self) -> bool:
        """Whether a previous build left anything to answer from (an input read completely)."""
        try:
            return self.conn.execute("SELECT 1 FROM inputs WHERE size >= 0 LIMIT 1").fetchone() is not None
        except (sqlite3.Error, QueryWeaverError):
            return False

    # -- writing ------------------------------------------------------------------------------------------
    @contextmanager
    def write_transaction(self, conn: sqlite3.Connection | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction holding the database's write lock from the start.

        Taking the lock before reading what is indexed means two processes refreshing the same index
        (``serve`` and ``index`` at once) run one after the other instead of inserting the same rows twice.
        sqlite3 errors leave as ``IndexStorageError`` / ``IndexDamagedError`` (see ``translate``).
        """
        conn = conn or self.conn
        try:
            if conn.in_transaction:
                conn.commit()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                _rollback(conn)
                raise
            conn.commit()
        except (sqlite3.Error, OSError) as exc:
            _rollback(conn)
            raise self.translate(exc) from exc

    def remember(self, key: str, value: str) -> bool:
        """Keep ``value`` in the index's meta table if the write lock is free within a moment (a question
        noting what it computed, never waiting on a build); False when it was not kept."""
        if self.read_only:
            return False
        conn = self.conn
        try:
            conn.execute("PRAGMA busy_timeout = 200")
            with self.write_transaction(conn):
                conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
            return True
        except QueryWeaverError:  # busy, full or read-only: computed again next time
            return False
        finally:
            try:
                conn.execute("PRAGMA busy_timeout = 120000")
            except sqlite3.Error:
                pass

    def commit_batch(self, conn: sqlite3.Connection) -> None:
        """Commit what is written so far and take the write lock again (between two batches)."""
        conn.commit()
        conn.execute("BEGIN IMMEDIATE")

    def _reset(self, conn: sqlite3.Connection) -> None:
        """Drop every table and create the schema afresh, under the write lock, checking the version again
        there: another process may have rebuilt the index (and filled it) while this one waited."""
        with self.write_transaction(conn):
            row = None
            if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchone():
                row = conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()
            if row is not None and row[0] == self.version:
                return
            tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
            for name in tables:
                conn.execute(f'DROP TABLE IF EXISTS "{name}"')
            for statement in _statements(BASE_SCHEMA + "\n" + self.schema):
                conn.execute(statement)
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (self.version,))
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('source', ?)", (str(self.source_path),))

    # -- bulk loads -------------------------------------------------------------------------------------
    # Rows go into indexed tables several times faster when the indexes are built once at the end (SQLite sorts
    # the keys) than when each insert updates them (a random place in every index for each row): a first build
    # or a rebuild (the connector's first table still empty) drops them, and the end of the refresh, in the
    # same transaction, creates whatever is missing. A build killed in between leaves them missing; the next
    # refresh, which resumes it, creates them (a reader meanwhile is slower, never wrong).

    def _start_bulk_load(self, conn: sqlite3.Connection) -> None:
        """Drop the late indexes when the connector's tables hold no rows yet (in the caller's transaction)."""
        if not self.tables or conn.execute(f"SELECT 1 FROM {self.tables[0]} LIMIT 1").fetchone() is not None:
            return
        for name, _create in _late_indexes(self.schema):
            conn.execute(f'DROP INDEX IF EXISTS "{name}"')

    def _missing_indexes(self, conn: sqlite3.Connection) -> list[str]:
        """The CREATE statements of the late indexes the database lacks."""
        present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        return [create for name, create in _late_indexes(self.schema) if name not in present]

    def _finish_bulk_load(self, conn: sqlite3.Connection) -> None:
        """Create the late indexes a bulk load dropped (in the caller's transaction), and drop the indexes of the
        connector's tables its schema no longer lists: a schema that replaces an index by a wider one needs no
        rebuild, the next refresh makes the new one and drops the old."""
        for create in self._missing_indexes(conn):
            conn.execute(create)
        listed = {name for name, _create in _all_indexes(self.schema)}
        marks = ",".join("?" * len(self.tables))
        for (name,) in conn.execute(f"SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                                    f"AND tbl_name IN ({marks})", self.tables).fetchall() if self.tables else ():
            if name not in listed:
                conn.execute(f'DROP INDEX IF EXISTS "{name}"')

    def _indexes_restored(self, conn: sqlite3.Connection) -> None:
        """A refresh with nothing to parse still creates indexes a killed bulk load left missing."""
        if not self.read_only and self._missing_indexes(conn):
            with self.write_transaction(conn):
                self._finish_bulk_load(conn)

    def refresh(self, inputs: Iterable[Path],
                parse: Callable[[sqlite3.Connection, int, Path, Callable[[str], None]], int],
                progress: Progress = no_progress, stage: str | None = None,
                warn: Callable[[str], None] | None = None,
                append: Callable[[sqlite3.Connection, int, Path, int, Callable[[str], None]], int] | None = None,
                resume: Callable[..., int] | None = None,
                lexicon: LexiconBuilder | None = None,
                lexicon_mark: Callable[[sqlite3.Connection], object] | None = None) -> IndexReport:
        """Re-parse new or changed ``inputs`` with ``parse(conn, input_id, path, warn) -> items parsed``.

        ``parse`` inserts its rows with the given input id and calls ``warn(message)`` for each part it
        skips (a corrupt message, a broken event). An input it cannot read at all raises ``OSError`` or
        ``ValueError``; it is skipped with a warning and retried next time.

        ``append(conn, input_id, path, old_size, warn)``, when given, indexes only what was added to an
        input that grew without its old bytes changing (an mbox a mail client appends to); if it raises
        ``ValueError`` the input is re-parsed whole.

        ``lexicon(conn, None) -> rows``, when given, computes the lexicon from the index's tables; it is
        stored at the end of a refresh that changed anything, in the same transaction. ``lexicon_mark(conn)``,
        when given, is read before parsing (say the highest message id); if the refresh then only added rows,
        ``lexicon(conn, mark)`` gives the rows of what was added and their counts are added to the stored ones.

        ``resume(conn, input_id, path, offset, warn, batches)``, when given, replaces both for inputs read
        by byte offset: it parses from ``offset`` (0 = whole) and commits through ``batches`` (see
        ``Batches``), so that a build killed midway continues where it stopped.

        Work is committed every ``batch`` items; sqlite3 errors leave as ``IndexStorageError`` or
        ``IndexDamagedError``.
        """
        with self._storage_errors():
            return self._refresh(inputs, parse, progress, stage, warn, append, resume, lexicon, lexicon_mark)

    @contextmanager
    def _storage_errors(self) -> Iterator[None]:
        """sqlite3 errors and storage OSErrors of a refresh leave as ``IndexStorageError`` or
        ``IndexDamagedError``, after the open transaction is rolled back; other OSErrors pass as they are."""
        try:
            yield
        except (sqlite3.Error, OSError) as exc:
            if self._conn is not None:
                _rollback(self._conn)
            if isinstance(exc, OSError) and not is_storage(exc):
                raise
            raise self.translate(exc) from exc

    def _refresh(self, inputs, parse, progress, stage, warn, append, resume, lexicon=None,
                 lexicon_mark=None) -> IndexReport:
        started = time.perf_counter()
        report = IndexReport(source=f"{self.kind}:{self.source_path}")
        conn = self.conn
        current: dict[str, tuple[int, int]] = {}
        for path in inputs:
            try:
                st = os.stat(path)
            except OSError as exc:
                self._warn(report, warn, f"skipped {path}: {exc.strerror or exc}")
                continue
            current[str(path)] = (st.st_mtime_ns, st.st_size)
        self.source_bytes = sum(size for _mtime, size in current.values())

        def indexed() -> dict[str, tuple[int, int, int]]:
            return {r["path"]: (r["id"], r["mtime_ns"], r["size"]) for r in conn.execute("SELECT * FROM inputs")}

        def differences(known: dict[str, tuple[int, int, int]]) -> tuple[list[str], list[str]]:
            changed = [p for p, sig in current.items() if p not in known or known[p][1:] != sig]
            return changed, [p for p in known if p not in current]

        changed, gone = differences(indexed())
        if not changed and not gone:
            report.reused = len(current)
            self._indexes_restored(conn)
            self._remembered_unreadable(conn, report, warn)
            if lexicon is not None and not self.read_only and self.lexicon_stale():
                with self.write_transaction(conn):
                    if self.lexicon_stale():  # again, under the lock: another process may have written it
                        self.write_lexicon(conn, lexicon)
            report.seconds = time.perf_counter() - started
            return report
        if self.read_only:
            raise self.storage_error(sqlite3.OperationalError("attempt to write a readonly database"))
        label = f"{stage or f'indexing {self.kind} {self.source_path.name}'}, files read"
        # batches of ``self.batch`` items, each its own transaction: a killed build keeps what it committed
        with self.write_transaction(conn):
            known = indexed()  # again, under the lock: another process may have just done the work
            changed, gone = differences(known)
            report.reused = len(current) - len(changed)
            # The lexicon: with a mark and a lexicon complete before this refresh, a refresh that only adds rows
            # adds their counts; anything else (rows forgotten, an earlier build interrupted) recomputes it.
            # Until this refresh ends it is marked stale, so a build killed between batches recomputes it.
            mark = None
            if lexicon is not None:
                if lexicon_mark is not None and not self.lexicon_stale():
                    mark = lexicon_mark(conn)
                if changed or gone:
                    conn.execute("DELETE FROM meta WHERE key = 'lexicon'")
            self._forgot = False
            for path in gone:
                self._forget(conn, known[path][0])
            report.removed = len(gone)
            self._start_bulk_load(conn)
            since_commit = 0
            for done, path in enumerate(changed):
                progress(label, done, len(changed))
                before = report.parsed
                self._index_input(conn, report, warn, path, current[path], parse, append, resume)
                since_commit += report.parsed - before
                if since_commit >= self.batch:
                    self.commit_batch(conn)
                    since_commit = 0
            progress(label, len(changed), len(changed))
            self._finish_bulk_load(conn)
            self._remembered_unreadable(conn, report, warn, set(changed))
            self._store_lexicon(conn, lexicon, mark)
        report.seconds = time.perf_counter() - started
        return report

    def refresh_folders(self, folders: Iterable[str], list_files: Callable[[str], Iterable[str]],
                        parse: Callable[[sqlite3.Connection, int, Path, Callable[[str], None]], int],
                        progress: Progress = no_progress, stage: str | None = None,
                        warn: Callable[[str], None] | None = None, lexicon: LexiconBuilder | None = None,
                        lexicon_mark: Callable[[sqlite3.Connection], object] | None = None,
                        same_file: Callable[[str], str] | None = None,
                        ahead: Callable[[list[tuple[str, int]]], Iterator[Callable]] | None = None) -> IndexReport:
        """``refresh`` for inputs that are the files of ``folders`` and never change under the same name (a
        Maildir: a message renamed for a flag, or moved from new/ to cur/, is a new name for the same bytes).

        Each folder's mtime is recorded once it has been listed completely; a folder whose mtime is unchanged
        is taken from the index without listing it or looking at its files, so a refresh with nothing changed
        costs one ``stat`` per folder. A changed folder is listed (``list_files(folder)`` -> paths): new names
        are parsed, names gone are forgotten, names still there are kept as they are. A folder with a file that
        could not be read, or changed within ``RACY_NS`` of its listing, is listed again next time.

        ``same_file(path)``, when given, names a file across renames (a Maildir message's unique name, without
        its flags): a new path whose name matches a path gone in this refresh, with the same size, takes over
        its rows instead of being parsed again.

        ``ahead(files)``, when given, receives the (path, size) of every file about to be parsed, in order, and
        yields for each a function used in place of ``parse`` for it (its rows parsed meanwhile elsewhere, in
        worker processes); the generator is closed at the end, or when the refresh stops.
        """
        folders = list(folders)
        with self._storage_errors():
            if self.conn is not None and self.read_only:
                # opened as it is, perhaps from before the folders table: every file is compared instead
                files = sorted(path for folder in folders for path in list_files(folder))
                return self.refresh([Path(f) for f in files], parse, progress, stage, warn, lexicon=lexicon,
                                    lexicon_mark=lexicon_mark)
            return self._refresh_folders(folders, list_files, parse, progress, stage, warn, lexicon,
                                         lexicon_mark, same_file, ahead)

    def _refresh_folders(self, folders, list_files, parse, progress, stage, warn, lexicon, lexicon_mark,
                         same_file, ahead=None) -> IndexReport:
        started = time.perf_counter()
        report = IndexReport(source=f"{self.kind}:{self.source_path}")
        conn = self.conn
        current: dict[str, int] = {}
        for folder in folders:
            try:
                current[folder] = os.stat(folder).st_mtime_ns
            except FileNotFoundError:
                continue  # gone: its files are forgotten below
            except OSError as exc:
                self._warn(report, warn, f"skipped folder {folder}: {exc.strerror or exc}")
                current[folder] = -1  # unreadable: its files stay as they were (see below)

        def recorded() -> dict[str, tuple[int, int]]:
            return {r[0]: (r[1], r[2]) for r in conn.execute("SELECT path, mtime_ns, files FROM folders")}

        def stale(known: dict[str, tuple[int, int]]) -> list[str]:
            return [f for f, mtime in current.items() if f not in known or known[f][0] != mtime or mtime == -1]

        known = recorded()
        if not stale(known) and known.keys() == current.keys():
            report.reused = sum(files for _mtime, files in known.values())
            self._indexes_restored(conn)
            self._remembered_unreadable(conn, report, warn)
            if lexicon is not None and self.lexicon_stale():
                with self.write_transaction(conn):
                    if self.lexicon_stale():
                        self.write_lexicon(conn, lexicon)
            report.seconds = time.perf_counter() - started
            return report
        self.source_bytes = None  # measured only if a full disk needs the estimate
        label = f"{stage or f'indexing {self.kind} {self.source_path.name}'}, files read"
        with self.write_transaction(conn):
            known = recorded()  # again, under the lock: another process may have just done the work
            to_list = [f for f in stale(known) if current[f] != -1]
            complete = known.keys() == current.keys()
            if complete:  # every input is in a recorded folder: only the listed folders' inputs are needed
                inputs = {f: self._folder_inputs(conn, f) for f in to_list}
            else:  # a folder came or went, or a build was interrupted: reconcile every input
                inputs = {f: {} for f in current}
                strays: list[int] = []
                for row in conn.execute("SELECT id, path, mtime_ns, size FROM inputs"):
                    inputs.setdefault(os.path.dirname(row[1]), {})[row[1]] = (row[0], row[2], row[3])
                for folder in list(inputs):
                    if folder not in current:  # a folder that is gone
                        strays += [input_id for input_id, _mtime, _size in inputs.pop(folder).values()]
                for input_id in strays:
                    self._forget(conn, input_id)
                report.removed += len(strays)
                unchanged = set(current) - set(to_list)
                report.reused += sum(len(inputs[f]) for f in unchanged)
                inputs = {f: inputs[f] for f in to_list}
            if complete:
                report.reused += sum(files for f, (_mtime, files) in known.items() if f not in to_list)
            mark = None
            if lexicon is not None:
                if lexicon_mark is not None and not self.lexicon_stale():
                    mark = lexicon_mark(conn)
                conn.execute("DELETE FROM meta WHERE key = 'lexicon'")
            self._forgot = bool(report.removed)
            racy_after = time.time_ns() - RACY_NS
            listings: dict[str, tuple[int, list[str]]] = {}
            for folder in to_list:
                try:
                    listings[folder] = (current[folder], sorted(map(str, list_files(folder))))
                except OSError as exc:
                    self._warn(report, warn, f"skipped folder {folder}: {exc.strerror or exc}")
            todo = [(folder, path) for folder, (_m, paths) in listings.items() for path in paths
                    if path not in inputs[folder] or inputs[folder][path][1] == -1]
            gone: dict[str, tuple[int, int]] = {}  # path -> (input id, size) of inputs no longer listed
            for folder, (_mtime, paths) in listings.items():
                listed = set(paths)
                for path, (input_id, mtime, size) in inputs[folder].items():
                    if path not in listed:
                        gone[path] = (input_id, size)
                    elif mtime != -1:
                        report.reused += 1
            # a file renamed (a Maildir flag) or moved (new/ to cur/, another folder) keeps its rows
            renamed = {same_file(path): path for path in gone} if same_file else {}
            self._start_bulk_load(conn)
            failed: set[str] = set()
            to_parse: list[tuple[str, str, tuple[int, int]]] = []   # (folder, path, (mtime_ns, size))
            for folder, path in todo:
                try:
                    st = os.stat(path)
                except OSError as exc:
                    if not isinstance(exc, FileNotFoundError):  # moved away since the listing: not an error
                        self._warn(report, warn, f"skipped {path}: {exc.strerror or exc}")
                    failed.add(folder)
                    continue
                old = renamed.pop(same_file(path), None) if same_file else None
                if old is not None and gone[old][1] == st.st_size:
                    conn.execute("UPDATE inputs SET path = ?, mtime_ns = ?, size = ? WHERE id = ?",
                                 (path, st.st_mtime_ns, st.st_size, gone.pop(old)[0]))
                    report.reused += 1
                    continue
                to_parse.append((folder, path, (st.st_mtime_ns, st.st_size)))
            # the parse of each file, in order: ``ahead`` may have them parsed elsewhere meanwhile (workers)
            parsers = ahead([(path, sig[1]) for _folder, path, sig in to_parse]) if ahead else None
            since_commit = 0
            try:
                for done, (folder, path, sig) in enumerate(to_parse):
                    progress(label, done, len(to_parse))
                    before = report.parsed
                    self._index_input(conn, report, warn, path, sig, next(parsers) if parsers else parse, None, None)
                    if conn.execute("SELECT 1 FROM inputs WHERE path = ?", (path,)).fetchone() is None:
                        failed.add(folder)  # not opened: tried again next time (unreadable content is kept)
                    since_commit += report.parsed - before
                    if since_commit >= self.batch:
                        self.commit_batch(conn)
                        since_commit = 0
            finally:
                if parsers is not None:
                    parsers.close()
            for input_id, _size in gone.values():
                self._forget(conn, input_id)
            report.removed += len(gone)
            progress(label, len(to_parse), len(to_parse))
            self._finish_bulk_load(conn)
            self._remembered_unreadable(conn, report, warn, {path for _folder, path in todo})
            for folder in set(known) - set(current):
                conn.execute("DELETE FROM folders WHERE path = ?", (folder,))
            for folder, (mtime, _paths) in listings.items():
                if folder in failed or mtime >= racy_after:
                    mtime = -1
                files = conn.execute("SELECT count(*) FROM inputs WHERE path > ? AND path < ?",
                                     (folder + os.sep, folder + chr(ord(os.sep) + 1))).fetchone()[0]
                conn.execute("INSERT OR REPLACE INTO folders VALUES (?, ?, ?)", (folder, mtime, files))
            self._store_lexicon(conn, lexicon, mark)
        report.seconds = time.perf_counter() - started
        return report

    # -- nothing changed, from stat() calls (refresh_stamp) -------------------------------------------------------
    def _settled(self) -> bool:
        """Nothing but its inputs would make the next refresh write: no lexicon to compute, no index a killed
        bulk load left missing, no parse to resume, no input remembered as unreadable (that one warns)."""
        conn = self.conn
        return not (self.read_only or self.lexicon_stale() or self._missing_indexes(conn)
                    or conn.execute("SELECT 1 FROM resume LIMIT 1").fetchone()
                    or conn.execute("SELECT 1 FROM unreadable LIMIT 1").fetchone())

    def unchanged_inputs(self, paths: Iterable[str]) -> list[tuple[str, int, int | None]] | None:
        """For ``refresh(paths)``: the recorded (path, mtime_ns, size) of each input, which it compares with a stat
        of each to find nothing changed; None when the recorded inputs are not exactly ``paths``."""
        if not self._settled():
            return None
        rows = [(r[0], r[1], r[2]) for r in self.conn.execute("SELECT path, mtime_ns, size FROM inputs")]
        if sorted(r[0] for r in rows) != sorted(set(paths)):
            return None
        return rows

    def unchanged_folders(self, folders: Iterable[str]) -> list[tuple[str, int, int | None]] | None:
        """For ``refresh_folders(folders)``: each folder's recorded (path, mtime_ns, None), which it compares with a
        stat of each to find nothing changed; None when the recorded folders are not exactly ``folders``, or one is
        to be listed again anyway."""
        if not self._settled():
            return None
        rows = [(r[0], r[1], None) for r in self.conn.execute("SELECT path, mtime_ns FROM folders")]
        if sorted(r[0] for r in rows) != sorted(set(folders)) or any(r[1] == -1 for r in rows):
            return None
        return rows

    @staticmethod
    def _folder_inputs(conn: sqlite3.Connection, folder: str) -> dict[str, tuple[int, int, int]]:
        """The inputs directly in ``folder``: path -> (id, mtime_ns, size), found through the path index."""
        low, high = folder + os.sep, folder + chr(ord(os.sep) + 1)
        return {row[1]: (row[0], row[2], row[3]) for row in conn.execute(
            "SELECT id, path, mtime_ns, size FROM inputs WHERE path > ? AND path < ?", (low, high))
            if os.path.dirname(row[1]) == folder}

    # -- lexicon ----------------------------------------------------------------------------------------
    def _store_lexicon(self, conn: sqlite3.Connection, lexicon: LexiconBuilder | None, mark: object) -> None:
        """At the end of a refresh that changed something: add the added rows' part (a mark, nothing
        forgotten) or compute the lexicon whole; the caller holds the write transaction."""
        if lexicon is None:
            return
        if mark is not None and not self._forgot:
            add_to_lexicon(conn, lexicon(conn, mark))  # only added: add their part
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('lexicon', ?)", (LEXICON_VERSION,))
        else:
            self.write_lexicon(conn, lexicon)

    def lexicon_stale(self) -> bool:
        """True when the stored lexicon was never computed, or by another ``LEXICON_VERSION``."""
        return lexicon_stale(self.conn)

    def write_lexicon(self, conn: sqlite3.Connection, compute: LexiconBuilder) -> None:
        """Replace the stored lexicon with ``compute(conn, None)``; the caller holds the write transaction."""
        write_lexicon(conn, compute(conn, None))

    def read_lexicon(self) -> list[LexiconRow]:
        """The stored lexicon rows (empty when none was computed yet)."""
        return read_lexicon(self.conn)

    def lexicon_token(self) -> str | None:
        """A value that changes whenever the stored lexicon does; a lexicon stored before tokens were gets one
        now (None when it is stale or the index is read-only: nothing to keep it by)."""
        if self.lexicon_stale():
            return None  # being rewritten (a sync or build under way): nothing to keep it by
        row = self.conn.execute("SELECT value FROM meta WHERE key = 'lexicon_token'").fetchone()
        if row is not None:
            return row[0]
        token = os.urandom(8).hex()
        return token if self.remember("lexicon_token", token) else None

    def _index_input(self, conn: sqlite3.Connection, report: IndexReport, warn, path: str, sig: tuple[int, int],
                     parse, append, resume) -> None:
        """Bring one changed input up to date: resume it, read what was appended, or read it whole."""
        mtime_ns, size = sig
        row = conn.execute("SELECT id, mtime_ns, size, tail FROM inputs WHERE path = ?", (path,)).fetchone()
        if row is not None and (row["mtime_ns"], row["size"]) == sig:
            return  # another process did it between two of our batches
        start, hashed = 0, None
        if row is not None:
            input_id = row["id"]
            partial = conn.execute("SELECT done, prefix_sha1 FROM resume WHERE input = ?", (input_id,)).fetchone()
            if partial is not None and resume is not None:
                hasher = file_sha1(path, 0, partial["done"]) if partial["done"] <= size else None
                if hasher is not None and hasher.hexdigest() == partial["prefix_sha1"]:
                    start, hashed = partial["done"], hasher  # resume: the bytes parsed so far are unchanged
                    report.resumed += 1
            elif (append or resume) and 0 < row["size"] < size and row["tail"] is not None \
                    and row["tail"] == tail_hash(path, row["size"]):
                start = row["size"]  # grew, old last bytes unchanged: only the new part needs reading
            if start == 0:
                self._forget(conn, input_id)
        if start == 0:
            # a resumable input says -1 until it is complete, so an interrupted parse is seen as changed
            first_sig = (-1, -1) if resume is not None else sig
            input_id = conn.execute("INSERT INTO inputs (path, mtime_ns, size, tail) VALUES (?, ?, ?, NULL)",
                                    (path, *first_sig)).lastrowid
        if resume is not None:
            batches = Batches(self, conn, input_id, Path(path), hashed, start if hashed else 0)
            run = lambda w: resume(conn, input_id, Path(path), start, w, batches)  # noqa: E731
        elif start:
            run = lambda w: append(conn, input_id, Path(path), start, w)  # noqa: E731
        else:
            run = lambda w: parse(conn, input_id, Path(path), w)  # noqa: E731
        outcome = self._parse_one(conn, report, warn, path, run, quiet=bool(start) and not hashed)
        if outcome == "ok":  # the tail tells an input that grew from one rewritten: kept where it can grow
            conn.execute("UPDATE inputs SET mtime_ns = ?, size = ?, tail = ? WHERE id = ?",
                         (mtime_ns, size, tail_hash(path, size) if append or resume else None, input_id))
            conn.execute("DELETE FROM resume WHERE input = ?", (input_id,))
        elif outcome == "failed":
            has_partial = conn.execute("SELECT 1 FROM resume WHERE input = ?", (input_id,)).fetchone()
            if start and not hashed and not has_partial:  # could not append: read it whole
                self._forget(conn, input_id)
                self._index_input(conn, report, warn, path, sig, parse, None, resume)
            elif not has_partial:
                self._forget(conn, input_id)
                if self._content_error:  # read again once it changes; an OSError is retried next time
                    input_id = conn.execute("INSERT INTO inputs (path, mtime_ns, size, tail) VALUES (?, ?, ?, ?)",
                                            (path, mtime_ns, size, None)).lastrowid
                    conn.execute("INSERT INTO unreadable VALUES (?, ?)", (input_id, self._content_error))
        # "overtaken": another process owns the input now; leave it to that one

    def _forget(self, conn: sqlite3.Connection, input_id: int) -> None:
        """Delete an input and every row parsed from it."""
        self._forgot = True  # rows went: a refresh's lexicon is computed whole
        for table in self.tables:
            conn.execute(f"DELETE FROM {table} WHERE input = ?", (input_id,))
        conn.execute("DELETE FROM inputs WHERE id = ?", (input_id,))
        conn.execute("DELETE FROM resume WHERE input = ?", (input_id,))
        conn.execute("DELETE FROM unreadable WHERE input = ?", (input_id,))

    def _remembered_unreadable(self, conn: sqlite3.Connection, report: IndexReport, warn,
                               just_read: set[str] = frozenset()) -> None:
        """Inputs found unreadable by an earlier refresh and unchanged since: listed in the report (``queryweaver
        index`` prints them) and summed up in one warning instead of one warning each, every time."""
        # CROSS JOIN keeps the (usually empty) unreadable table outside: SQLite would otherwise walk every input
        rows = conn.execute("SELECT i.path, u.reason FROM unreadable u CROSS JOIN inputs i ON i.id = u.input").fetchall()
        earlier = [f"skipped {r['path']}: {r['reason']}" for r in rows if r["path"] not in just_read]
        report.unreadable = earlier
        if earlier and warn:
            what = LABELS.get(self.kind, self.kind)
            warn(f"{len(earlier)} {what} file{'' if len(earlier) == 1 else 's'} in {self.source_path} could not "
                 "be read and will be read again once changed; `queryweaver index` lists them")

    def _parse_one(self, conn: sqlite3.Connection, report: IndexReport, warn, path: str,
                   run: Callable[[Callable[[str], None]], int], quiet: bool = False) -> str:
        """Run one input's parse inside a savepoint: "ok", or "failed" (rows since the last committed batch
        undone, warned) or "overtaken" (another process resumed it between two batches)."""
        conn.execute("SAVEPOINT one_input")
        self._content_error = None
        try:
            report.parsed += run(lambda message: self._warn(report, warn, message))
        except _Overtaken as exc:
            conn.execute("ROLLBACK TO one_input")
            conn.execute("RELEASE one_input")
            report.parsed += exc.committed
            return "overtaken"
        except (OSError, ValueError, UnicodeError) as exc:
            if isinstance(exc, OSError) and is_storage(exc):
                raise
            conn.execute("ROLLBACK TO one_input")
            conn.execute("RELEASE one_input")
            if not isinstance(exc, OSError):
                self._content_error = str(exc)
            if not quiet:
                self._warn(report, warn, f"skipped {path}: {exc}")
            return "failed"
        conn.execute("RELEASE one_input")
        return "ok"

    @staticmethod
    def _warn(report: IndexReport, warn: Callable[[str], None] | None, message: str) -> None:
        report.skipped.append(message)
        if warn:
            warn(message)

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
            self._conn = None
            self._record_close()
        self._drop_lease()


IN_CHUNK = 500          # keys per IN list where SQLite has no json_each, well under its parameter limit
_json_each = [True]     # whether this SQLite has json_each (a build without JSON support has not)


def select_in(conn: sqlite3.Connection, sql: str, keys: list, before: tuple = (), after: tuple = ()) -> list:
    """The rows of ``sql`` whose ``{}`` is the set of ``keys``, with ``before`` and ``after`` the parameters
    around it: one statement reading the keys from a JSON array (one pass, so a row several keys reach comes
    once), or chunked IN lists where SQLite lacks json_each (a row may then come once per chunk)."""
    if _json_each[0]:
        try:
            return conn.execute(sql.format("(SELECT value FROM json_each(?))"),
                                (*before, json.dumps(keys), *after)).fetchall()
        except sqlite3.OperationalError as exc:
            if "json_each" not in str(exc):
                raise
            _json_each[0] = False
    rows: list = []
    for start in range(0, len(keys), IN_CHUNK):
        chunk = keys[start:start + IN_CHUNK]
        rows += conn.execute(sql.format(f"({','.join('?' * len(chunk))})"), (*before, *chunk, *after)).fetchall()
    return rows


def lexicon_stale(conn: sqlite3.Connection) -> bool:
    """Whether the lexicon stored in this database (a ``meta`` and a ``lexicon`` table) must be recomputed."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'lexicon'").fetchone()
    return row is None or row[0] != LEXICON_VERSION


def write_lexicon(conn: sqlite3.Connection, rows: Iterable[LexiconRow]) -> None:
    """Replace the stored lexicon, inside the caller's write transaction."""
    conn.execute("DELETE FROM lexicon")
    conn.executemany("INSERT INTO lexicon VALUES (?, ?, ?, ?)", rows)
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('lexicon', ?)", (LEXICON_VERSION,))
    new_lexicon_token(conn)


def lexicon_state(index: "SourceIndex") -> tuple[str, str] | None:
    """An index's path and lexicon token (``Connector.lexicon_state``); None before it has a token."""
    token = index.lexicon_token()
    return None if token is None else (str(index.db_path), token)


def new_lexicon_token(conn: sqlite3.Connection) -> None:
    """Mark the stored lexicon as changed (``SourceIndex.lexicon_token``), inside the caller's transaction."""
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('lexicon_token', ?)", (os.urandom(8).hex(),))


def add_to_lexicon(conn: sqlite3.Connection, rows: Iterable[LexiconRow]) -> None:
    """Add the counts of ``rows`` (what a refresh added) to the stored lexicon, inside the caller's transaction."""
    conn.executemany("INSERT INTO lexicon VALUES (?, ?, ?, ?) ON CONFLICT (kind, value, extra) "
                     "DO UPDATE SET count = count + excluded.count", rows)
    new_lexicon_token(conn)


def read_lexicon(conn: sqlite3.Connection) -> list[LexiconRow]:
    """The stored lexicon rows, as plain tuples (several times faster to build than ``sqlite3.Row``)."""
    cursor = conn.cursor()
    cursor.row_factory = None
    return cursor.execute("SELECT kind, value, extra, count FROM lexicon").fetchall()


def use_wal(conn: sqlite3.Connection, db_path: Path, wait_s: float = 120.0) -> None:
    """Switch the database to WAL journaling, waiting for other openers of a new database.

    Switching needs an exclusive lock and SQLite does not call the busy handler for it, so when several
    processes (or threads) open a fresh index at once, one of them gets "database is locked" at once;
    retry until the switch is made (by this connection or another) or ``wait_s`` has passed.
    """
    deadline = time.monotonic() + wait_s
    delay = 0.005
    while True:
        try:
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                # no error but another mode back means this file system cannot do WAL: keep its mode
                conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
        if time.monotonic() > deadline:
            raise ConnectorError(f"the index {db_path} stayed locked for {wait_s:.0f} s; another queryweaver "
                                 f"process may be stuck on it: stop it, or delete the file to rebuild the index")
        time.sleep(delay)
        delay = min(delay * 2, 0.2)


def _statements(script: str) -> list[str]:
    """Split an SQL script into complete statements (triggers included), for use inside a transaction."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return [s for s in statements if s.rstrip(";").strip()]


def _stat_record(path: Path) -> str:
    st = os.stat(path)
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ino}"


# The ``<index>.lock`` file keeps two records of 128 bytes: at 0 the file as the last process left it
# (``_record_close``), at CHECKED_RECORD the file as the last passed quick_check saw it.
CHECKED_RECORD = 128


def _checked_record(path: Path) -> str | None:
    """The index file's state for ``check_unless_unchanged``; None when a -wal may hold more of it."""
    if os.path.exists(f"{path}-wal"):
        return None  # open elsewhere or left by a crash: the database is more than its file, always check
    st = os.stat(path)
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ino} {st.st_ctime_ns}"


def _read_lock_record(db_path: Path, offset: int) -> str:
    try:
        with open(f"{db_path}.lock", "rb") as fh:
            fh.seek(offset)
            return fh.read(128).decode("ascii", "replace").strip()
    except OSError:
        return ""


def _write_lock_record(db_path: Path, offset: int, record: str) -> None:
    fd = os.open(f"{db_path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        os.pwrite(fd, record.encode("ascii").ljust(128), offset)
    finally:
        os.close(fd)


def _rollback(conn: sqlite3.Connection) -> None:
    try:
        if conn.in_transaction:
            conn.rollback()
    except sqlite3.Error:
        pass


def move_aside(db_path: Path, reason: str, label: str, warn: Callable[[str], None] | None) -> Path:
    """Rename a damaged database and its -wal/-shm to ``<name>.damaged-<UTC time>`` (so the copy opens with
    its own WAL), keep the newest ``KEEP_DAMAGED`` copies, and say so in one line."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    target = db_path.with_name(f"{db_path.name}.damaged-{stamp}")
    for suffix in ("-wal", "-shm", ""):  # the database last: its -wal must never pair with a new one
        src = Path(f"{db_path}{suffix}")
        if src.exists():
            os.replace(src, f"{target}{suffix}")
    copies = sorted(db_path.parent.glob(f"{db_path.name}.damaged-*"))
    stamps = sorted({c.name.split(".damaged-", 1)[1].split("-")[0] for c in copies})
    for old in stamps[:-KEEP_DAMAGED]:
        for copy in copies:
            if copy.name.split(".damaged-", 1)[1].startswith(old):
                copy.unlink(missing_ok=True)
    if warn:
        warn(f"{label} was damaged ({_short(reason)}) and is being rebuilt; the damaged copy is at {target}")
    return target


def _room_left(cache_dir: Path) -> str:
    """'; 2.1 GB free; a file size limit of 4.0 MB applies': what may have stopped the write."""
    parts = []
    for folder in (cache_dir, *cache_dir.parents):
        try:
            parts.append(f"{human_size(os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize)} free")
            break
        except (OSError, AttributeError):
            continue
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit != resource.RLIM_INFINITY:
            parts.append(f"a file size limit of {human_size(limit)} applies (ulimit -f)")
    except (ImportError, OSError, ValueError):
        pass
    return "".join(f"; {p}" for p in parts)


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


_CREATE_INDEX = re.compile(r"CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?\"?(\w+)\"?\s+ON\s+\"?\w+\"?"
                           r"\s*\(([^)]*)\)", re.IGNORECASE)


def _late_indexes(schema: str) -> list[tuple[str, str]]:
    """(name, CREATE statement) of the indexes a bulk load builds once, at its end: all of the schema's but those
    on ``input`` alone, which forgetting an input's rows needs (and which grow in order, cheaply)."""
    return [(name, statement) for name, statement, columns in _index_statements(schema) if columns != "input"]


def _all_indexes(schema: str) -> list[tuple[str, str]]:
    """(name, CREATE statement) of every index the schema creates."""
    return [(name, statement) for name, statement, _columns in _index_statements(schema)]


def _index_statements(schema: str) -> list[tuple[str, str, str]]:
    out = []
    for statement in _statements(schema):
        found = _CREATE_INDEX.search(statement)
        if found:
            out.append((found.group(1), statement, found.group(2).strip().strip('"')))
    return out


def _created_tables(schema: str) -> list[str]:
    return re.findall(r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?\"?(\w+)", schema, re.IGNORECASE)



def refresh_or_keep(indexes: "SourceIndex | Iterable[SourceIndex]", refresh: Callable[[], object],
                    warn: Callable[[str], None]) -> None:
    """The refresh a question starts with: when the cache cannot be written (full, read-only) but an earlier
    build is there, say so in one line and answer from it; ``queryweaver index`` calls refresh directly
    and fails instead."""
    try:
        refresh()
    except IndexStorageError as exc:
        indexes = [indexes] if isinstance(indexes, SourceIndex) else list(indexes)
        if not any(index.has_data() for index in indexes):
            raise
        warn(f"{exc}; answering from the index as it was (recent changes may be missing)")
