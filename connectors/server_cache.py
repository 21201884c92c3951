"""The local cache of what a live source's server holds (Gmail's messages, an IMAP account's): one SQLite file
opened in WAL mode, shared by processes, set aside and started empty when damaged (it only repeats what the
server has), and emptied when its layout's version changes."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

from queryweaver.errors import ConnectorError
from queryweaver.index import LEXICON_SCHEMA, is_damage, move_aside, use_wal

CHUNK = 500  # keys per "IN (...)" query


class MetaTable:
    """The ``meta`` key/value table of a source's local cache (its ``conn`` and ``lock``)."""

    def get_meta(self, key: str) -> str | None:
        with self.lock:
            row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        with self.lock, self.conn:
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))


class ServerCache(MetaTable):
    """Subclasses say their ``SCHEMA`` (with a ``meta`` table), ``VERSION``, the ``TABLES`` that ``clear``
    empties, and the ``LABEL`` errors and warnings call it ("the Gmail cache")."""

    SCHEMA: str = ""
    VERSION: str = "1"
    TABLES: tuple[str, ...] = ()
    LABEL: str = "the cache"

    def __init__(self, path: Path, warn: Callable[[str], None] | None = None):
        self.path = path
        self.lock = threading.RLock()
        try:
            self._open()
        except sqlite3.DatabaseError as exc:
            if not is_damage(exc):
                raise self._error(exc) from exc
            self.conn.close()
            move_aside(path, str(exc), self.LABEL, warn)
            try:
                self._open()
            except sqlite3.Error as again:
                raise self._error(again) from again

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # another process (serve, ask) may be writing the same cache: wait for it rather than fail
            self.conn = sqlite3.connect(self.path, check_same_thread=False, timeout=120)
        except (OSError, sqlite3.Error) as exc:
            raise self._error(exc) from exc
        self.conn.row_factory = sqlite3.Row
        use_wal(self.conn, self.path)
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(self.SCHEMA + LEXICON_SCHEMA)
        if self.get_meta("version") != self.VERSION:
            self.clear()

    def _error(self, exc: BaseException) -> ConnectorError:
        return ConnectorError(f"cannot open {self.LABEL} {self.path} ({exc}); check that the cache dir is "
                              f"writable or set [index] cache_dir (or QUERYWEAVER_CACHE_DIR)")

    def clear(self) -> None:
        with self.lock, self.conn:
            for table in (*self.TABLES, "meta", "lexicon"):
                self.conn.execute(f"DELETE FROM {table}")
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (self.VERSION,))

    def _select(self, sql: str, keys: Sequence[Any], params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """``sql`` with its ``{}`` filled by placeholders for ``keys``, run a chunk of keys at a time."""
        rows: list[sqlite3.Row] = []
        keys = list(keys)
        with self.lock:
            for start in range(0, len(keys), CHUNK):
                chunk = keys[start:start + CHUNK]
                rows += self.conn.execute(sql.format(",".join("?" * len(chunk))), (*params, *chunk)).fetchall()
        return rows

    def names(self, addresses: Sequence[str]) -> dict[str, str]:
        """Per address, the display name seen most often (ties: the longer, then the alphabetically first);
        the subclass's schema has an ``addresses`` table with ``addr`` and ``name``."""
        best: dict[str, str] = {}
        rows = self._select("SELECT addr, name, count(*) AS n FROM addresses WHERE addr IN ({}) AND name != '' "
                            "GROUP BY addr, name", addresses)
        for r in sorted(rows, key=lambda r: (r["addr"], -r["n"], -len(r["name"]), r["name"])):
            best.setdefault(r["addr"], r["name"])
        return best
