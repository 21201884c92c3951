"""A SQLite index per local source, kept in the user cache dir and refreshed incrementally.

Each local connector (mbox, maildir, ics, files) owns one ``SourceIndex``: a database file named after the
source's type and absolute path, a ``inputs`` table remembering each input file's mtime and size, and the
connector's own tables. ``refresh`` hands the connector only the inputs that are new or changed; rows of
removed or changed inputs are deleted first, all in one transaction, so an interrupted refresh leaves the
previous index intact.
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

# The input table every index has; a connector's rows point at inputs(id) through an ``input`` column.
BASE_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS inputs (
    id INTEGER PRIMARY KEY,
    path TEXT UNIQUE NOT NULL,
    mtime_ns INTEGER NOT NULL,
    size INTEGER NOT NULL
);
"""


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
        self.version = str(version)
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
        conn.execute("PRAGMA journal_mode=WAL")
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
        if conn.in_transaction:
            conn.commit()
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        drops = "".join(f'DROP TABLE IF EXISTS "{name}";\n' for name in tables)
        version, source = self.version.replace("'", "''"), str(self.source_path).replace("'", "''")
        # one script in one transaction: a rebuild interrupted half-way leaves the old tables
        conn.executescript(f"BEGIN IMMEDIATE;\n{drops}{BASE_SCHEMA}\n{self.schema}\n"
                           f"INSERT OR REPLACE INTO meta VALUES ('version', '{version}');\n"
                           f"INSERT OR REPLACE INTO meta VALUES ('source', '{source}');\nCOMMIT;")

    def refresh(self, inputs: Iterable[Path],
                parse: Callable[[sqlite3.Connection, int, Path, Callable[[str], None]], int],
                progress: Progress = no_progress, stage: str | None = None,
                warn: Callable[[str], None] | None = None) -> IndexReport:
        """Re-parse new or changed ``inputs`` with ``parse(conn, input_id, path, warn) -> items parsed``.

        ``parse`` inserts its rows with the given input id and calls ``warn(message)`` for each part it
        skips (a corrupt message, a broken event). An input it cannot read at all raises ``OSError`` or
        ``ValueError``; it is skipped with a warning and retried next time.
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

        changed, gone = differences(indexed())
        if not changed and not gone:
            report.reused = len(current)
            report.seconds = time.perf_counter() - started
            return report
        label = stage or f"indexing {self.kind} {self.source_path.name}"
        # one transaction: an interrupted refresh leaves the previous index as it was
        with self.write_transaction(conn):
            known = indexed()  # again, under the lock: another process may have just done the work
            changed, gone = differences(known)
            report.reused = len(current) - len(changed)
            for path in gone + [p for p in changed if p in known]:
                input_id = known[path][0]
                for table in self.tables:
                    conn.execute(f"DELETE FROM {table} WHERE input = ?", (input_id,))
                conn.execute("DELETE FROM inputs WHERE id = ?", (input_id,))
            report.removed = len(gone)
            for done, path in enumerate(changed):
                progress(label, done, len(changed))
                mtime_ns, size = current[path]
                cur = conn.execute("INSERT INTO inputs (path, mtime_ns, size) VALUES (?, ?, ?)", (path, mtime_ns, size))
                input_id = cur.lastrowid
                conn.execute("SAVEPOINT one_input")
                try:
                    report.parsed += parse(conn, input_id, Path(path),
                                           lambda message: self._warn(report, warn, message))
                except (OSError, ValueError, UnicodeError) as exc:
                    conn.execute("ROLLBACK TO one_input")
                    # forget the input so the next refresh tries it again
                    conn.execute("DELETE FROM inputs WHERE id = ?", (input_id,))
                    self._warn(report, warn, f"skipped {path}: {exc}")
                conn.execute("RELEASE one_input")
            progress(label, len(changed), len(changed))
        report.seconds = time.perf_counter() - started
        return report

    @staticmethod
    def _warn(report: IndexReport, warn: Callable[[str], None] | None, message: str) -> None:
        report.skipped.append(message)
        if warn:
            warn(message)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
