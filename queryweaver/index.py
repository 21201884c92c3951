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
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .connector import IndexReport, Progress, no_progress
from .errors import ConnectorError
from .grounding import LEXICON_VERSION, LexiconRow

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
""" + LEXICON_SCHEMA
# compute(conn, since): the lexicon rows of the whole index (since None), or of what was added after the mark
LexiconBuilder = Callable[[sqlite3.Connection, object], Iterable[LexiconRow]]
BASE_VERSION = "2"  # bump when BASE_SCHEMA changes
TAIL_BYTES = 4096   # an input that grew and still has these last bytes where they were was only appended to


def tail_hash(path: Path | str, size: int) -> str | None:
    """A fingerprint of the ``TAIL_BYTES`` bytes before ``size``: tells an appended file from a rewritten one."""
    try:
        with open(path, "rb") as fh:
            fh.seek(max(0, size - TAIL_BYTES))
            return hashlib.sha1(fh.read(min(size, TAIL_BYTES))).hexdigest()
    except OSError:
        return None



class SourceIndex:
    """The index database of one source.

    ``schema`` is the connector's DDL; ``version`` changes whenever that DDL or the parsing changes, and a
    database with another version is rebuilt from scratch. ``tables`` lists the connector's tables that
    carry an ``input`` column, so rows of a changed input can be dropped.
    """

    def __init__(self, cache_dir: Path, kind: str, source_path: Path, schema: str, version: int,
                 tables: Iterable[str]):
        self.kind = kind
        self.source_path = Path(source_path).resolve()
        digest = hashlib.sha1(str(self.source_path).encode()).hexdigest()[:12]
        safe_name = "".join(c if c.isalnum() else "-" for c in self.source_path.name)[:40]
        self.db_path = Path(cache_dir) / "index" / f"{kind}-{safe_name}-{digest}.sqlite"
        self.schema = schema
        self.version = f"{version}/{BASE_VERSION}"
        self.tables = tuple(tables)
        self._conn: sqlite3.Connection | None = None

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def _open(self) -> sqlite3.Connection:
        try:
            self.db_path.parent.mkdir(parents=True, exist_ok=True)
            # a long timeout: another process (serve, index) may be refreshing the same index right now
            conn = sqlite3.connect(self.db_path, check_same_thread=False, timeout=120)
        except (OSError, sqlite3.Error) as exc:
            raise ConnectorError(f"cannot open the index {self.db_path} ({exc}); check that the cache dir is writable "
                                 f"or set [index] cache_dir") from exc
        conn.row_factory = sqlite3.Row
        use_wal(conn, self.db_path)
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.executescript(BASE_SCHEMA)
        row = conn.execute("SELECT value FROM meta WHERE key='version'").fetchone()
        if row is None or row[0] != self.version:
            self._reset(conn)
        return conn

    @contextmanager
    def write_transaction(self, conn: sqlite3.Connection | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction holding the database's write lock from the start.

        Taking the lock before reading what is indexed means two processes refreshing the same index
        (``serve`` and ``index`` at once) run one after the other instead of inserting the same rows twice.
        """
        conn = conn or self.conn
        if conn.in_transaction:
            conn.commit()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
        conn.commit()

    def _reset(self, conn: sqlite3.Connection) -> None:
        """Drop every table and create the schema afresh, under the write lock, checking the version again
        there: another process may have rebuilt the index (and filled it) while this one waited."""
        with self.write_transaction(conn):
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

    def refresh(self, inputs: Iterable[Path],
                parse: Callable[[sqlite3.Connection, int, Path, Callable[[str], None]], int],
                progress: Progress = no_progress, stage: str | None = None,
                warn: Callable[[str], None] | None = None,
                append: Callable[[sqlite3.Connection, int, Path, int, Callable[[str], None]], int] | None = None,
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
        """
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

        def differences(known: dict[str, tuple[int, int, int]]) -> tuple[list[str], list[str]]:
            changed = [p for p, sig in current.items() if p not in known or known[p][1:] != sig]
            return changed, [p for p in known if p not in current]

        def indexed() -> dict[str, tuple[int, int, int]]:
            return {r["path"]: (r["id"], r["mtime_ns"], r["size"]) for r in conn.execute("SELECT * FROM inputs")}

        def appended(path: str) -> bool:
            """Grew, and its old last bytes are unchanged: only the new part needs reading."""
            if append is None or path not in known or current[path][1] <= known[path][2]:
                return False
            row = conn.execute("SELECT tail FROM inputs WHERE id = ?", (known[path][0],)).fetchone()
            return row is not None and row[0] is not None and row[0] == tail_hash(path, known[path][2])

        changed, gone = differences(indexed())
        if not changed and not gone:
            report.reused = len(current)
            if lexicon is not None and self.lexicon_stale():
                with self.write_transaction(conn):
                    if self.lexicon_stale():  # again, under the lock: another process may have written it
                        self.write_lexicon(conn, lexicon)
            report.seconds = time.perf_counter() - started
            return report
        label = stage or f"indexing {self.kind} {self.source_path.name}"
        # one transaction: an interrupted refresh leaves the previous index as it was
        with self.write_transaction(conn):
            known = indexed()  # again, under the lock: another process may have just done the work
            changed, gone = differences(known)
            mark = lexicon_mark(conn) if lexicon_mark is not None else None
            dropped = False  # rows of some input deleted: the lexicon must be computed whole
            report.reused = len(current) - len(changed)
            grown = {p for p in changed if appended(p)}
            for path in gone + [p for p in changed if p in known and p not in grown]:
                dropped = True
                input_id = known[path][0]
                for table in self.tables:
                    conn.execute(f"DELETE FROM {table} WHERE input = ?", (input_id,))
                conn.execute("DELETE FROM inputs WHERE id = ?", (input_id,))
            report.removed = len(gone)
            for done, path in enumerate(changed):
                progress(label, done, len(changed))
                mtime_ns, size = current[path]
                if path in grown:
                    input_id = known[path][0]
                    if self._parse_one(conn, report, warn, path, input_id,
                                       lambda w: append(conn, input_id, Path(path), known[path][2], w),
                                       quiet=True):
                        conn.execute("UPDATE inputs SET mtime_ns = ?, size = ?, tail = ? WHERE id = ?",
                                     (mtime_ns, size, tail_hash(path, size), input_id))
                        continue
                    dropped = True
                    for table in self.tables:  # could not append: read it whole
                        conn.execute(f"DELETE FROM {table} WHERE input = ?", (input_id,))
                    conn.execute("DELETE FROM inputs WHERE id = ?", (input_id,))
                cur = conn.execute("INSERT INTO inputs (path, mtime_ns, size, tail) VALUES (?, ?, ?, ?)",
                                   (path, mtime_ns, size, tail_hash(path, size)))
                input_id = cur.lastrowid
                if not self._parse_one(conn, report, warn, path, input_id,
                                       lambda w: parse(conn, input_id, Path(path), w)):
                    conn.execute("DELETE FROM inputs WHERE id = ?", (input_id,))  # retried next time
            progress(label, len(changed), len(changed))
            if lexicon is not None:
                if mark is not None and not dropped and not self.lexicon_stale():
                    add_to_lexicon(conn, lexicon(conn, mark))  # only added: add their part
                elif changed or gone or self.lexicon_stale():
                    self.write_lexicon(conn, lexicon)
        report.seconds = time.perf_counter() - started
        return report

    # -- lexicon ----------------------------------------------------------------------------------------
    def lexicon_stale(self) -> bool:
        """True when the stored lexicon was never computed, or by another ``LEXICON_VERSION``."""
        return lexicon_stale(self.conn)

    def write_lexicon(self, conn: sqlite3.Connection, compute: LexiconBuilder) -> None:
        """Replace the stored lexicon with ``compute(conn, None)``; the caller holds the write transaction."""
        write_lexicon(conn, compute(conn, None))

    def read_lexicon(self) -> list[LexiconRow]:
        """The stored lexicon rows (empty when none was computed yet)."""
        return read_lexicon(self.conn)

    def _parse_one(self, conn: sqlite3.Connection, report: IndexReport, warn, path: str, input_id: int,
                   run: Callable[[Callable[[str], None]], int], quiet: bool = False) -> bool:
        """Run one input's parse inside a savepoint; on failure undo its rows, warn, and return False."""
        conn.execute("SAVEPOINT one_input")
        try:
            report.parsed += run(lambda message: self._warn(report, warn, message))
        except (OSError, ValueError, UnicodeError) as exc:
            conn.execute("ROLLBACK TO one_input")
            conn.execute("RELEASE one_input")
            if not quiet:
                self._warn(report, warn, f"skipped {path}: {exc}")
            return False
        conn.execute("RELEASE one_input")
        return True

    @staticmethod
    def _warn(report: IndexReport, warn: Callable[[str], None] | None, message: str) -> None:
        report.skipped.append(message)
        if warn:
            warn(message)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def lexicon_stale(conn: sqlite3.Connection) -> bool:
    """Whether the lexicon stored in this database (a ``meta`` and a ``lexicon`` table) must be recomputed."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'lexicon'").fetchone()
    return row is None or row[0] != LEXICON_VERSION


def write_lexicon(conn: sqlite3.Connection, rows: Iterable[LexiconRow]) -> None:
    """Replace the stored lexicon, inside the caller's write transaction."""
    conn.execute("DELETE FROM lexicon")
    conn.executemany("INSERT INTO lexicon VALUES (?, ?, ?, ?)", rows)
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('lexicon', ?)", (LEXICON_VERSION,))


def add_to_lexicon(conn: sqlite3.Connection, rows: Iterable[LexiconRow]) -> None:
    """Add the counts of ``rows`` (what a refresh added) to the stored lexicon, inside the caller's transaction."""
    conn.executemany("INSERT INTO lexicon VALUES (?, ?, ?, ?) ON CONFLICT (kind, value, extra) "
                     "DO UPDATE SET count = count + excluded.count", rows)


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
