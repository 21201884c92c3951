"""Files and folders on disk under one or more roots (``root = "..."`` or ``roots = [...]`` in the source).

How the disk maps onto the schema (DESIGN.md, Semantics):

- **File identity is the file name** (Unicode NFC, case kept): a file on disk and an email attachment with
  the same name are the same File. Its ``path`` is the first of its paths in sorted order, ``paths`` all
  of them.
- **parent**: every folder that directly holds a file of that name. A Folder is its absolute path.
- Hidden files and folders (a leading dot; the hidden attribute on Windows) are skipped unless
  ``include_hidden = true``; ``exclude = ["node_modules", "*.tmp", "build/*"]`` skips entries whose name,
  or path relative to the root, matches a glob. Symbolic links are followed only while they lead to a place
  inside the source's roots (each folder once, so a link loop is not walked again); a link leading out of
  them (``Documents/etc -> /etc``) is skipped, as desktop search tools do, and one warning per source says
  so, naming ``follow_outside_links = true``, which follows them too. An unreadable folder or file is
  skipped with one warning naming it.

The index (one SQLite ``SourceIndex`` per root) treats each folder as an input: it remembers the folder's
mtime, and a refresh lists again only the folders whose mtime changed (adding, removing or renaming an
entry changes it); an unchanged folder is taken from the index, subfolders included, with one ``stat``.
A folder modified within ``RACY_SECONDS`` of a scan is listed again next time, since a change in the same
clock tick would leave its mtime as it was. Sizes and mtimes of files edited in place are refreshed in
``describe`` for the files an answer shows.
"""

from __future__ import annotations

import fnmatch
import json
import os
import sqlite3
import stat
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, ContextManager, Iterable, Iterator, Sequence

from queryweaver.config import SourceConfig
from queryweaver.connector import Connector, Context, IndexReport, Link, Selection, tool
from queryweaver.filters import extension_of, filter_items, norm
from queryweaver.graph import FilterConstraint
from queryweaver.reader.grounding import Lexicon, LexiconKind, LexiconRow
from queryweaver.index import SourceIndex, lexicon_state, refresh_or_keep
from queryweaver.refresh_stamp import Unchanged
from queryweaver.items import Item, file_key
from queryweaver.schema import EntityType

FILE, FOLDER = EntityType.FILE, EntityType.FOLDER

RACY_SECONDS = 2           # coarse file-system clocks (FAT, HFS+) tick in seconds
SQL_CHUNK = 500            # keys per "IN (...)" clause, well under SQLite's variable limit
PROGRESS_EVERY = 200       # folders between progress reports

SCHEMA_VERSION = 1
# Each folder is a row of the base ``inputs`` table (path, mtime_ns; -1 = list it again next time).
SCHEMA = """
CREATE TABLE files (
    input INTEGER NOT NULL,     -- the folder holding the file: inputs(id)
    name TEXT NOT NULL,         -- the File key
    lname TEXT NOT NULL,        -- norm(name), for the name filter
    ext TEXT NOT NULL,          -- extension_of(name)
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL
);
CREATE INDEX files_input ON files(input);
CREATE INDEX files_name ON files(name);
CREATE INDEX files_lname ON files(lname);
CREATE INDEX files_ext ON files(ext);
"""

Warn = Callable[[str], None]
ScanDir = Callable[[str], ContextManager[Iterator[os.DirEntry]]]  # os.scandir, or a test double


@dataclass(frozen=True)
class WalkRules:
    """Which entries the walk skips; stored rows depend on them, so a change means listing everything again."""

    exclude: tuple[str, ...] = ()
    include_hidden: bool = False
    follow_outside_links: bool = False

    def key(self) -> str:
        return json.dumps([list(self.exclude), self.include_hidden, "links-out" if self.follow_outside_links
                           else "links-in"])

    def skips(self, entry: os.DirEntry, root: str) -> bool:
        """Whether the walk leaves this entry out (hidden, or matching an exclude glob)."""
        if not self.include_hidden and _is_hidden(entry):
            return True
        for pattern in self.exclude:
            if "/" in pattern:
                rel = os.path.relpath(entry.path, root).replace(os.sep, "/")
                if fnmatch.fnmatch(rel, pattern):
                    return True
            elif fnmatch.fnmatch(entry.name, pattern):
                return True
        return False


def _is_hidden(entry: os.DirEntry) -> bool:
    if entry.name.startswith("."):
        return True
    if sys.platform == "win32":  # DirEntry.stat() is free there: FindNextFile already returned it
        try:
            return bool(entry.stat(follow_symlinks=False).st_file_attributes & stat.FILE_ATTRIBUTE_HIDDEN)
        except OSError:
            return False
    return False



@dataclass
class _Listing:
    """One folder's direct content."""

    files: list[tuple[str, int, int]] = field(default_factory=list)  # (name, size, mtime_ns)
    folders: list[str] = field(default_factory=list)


ROW_BYTES = 160  # index bytes per file (measured on the generated corpus: 155), for the disk-full message


class RootIndex:
    """The index of one root: its folders (as inputs) and the files directly in each."""

    def __init__(self, root: Path, cache_dir: Path, rules: WalkRules, scandir: ScanDir, warn: Warn | None = None,
                 inside: Sequence[str] = ()):
        self.root = root
        self.rules = rules
        self.scandir = scandir
        self.inside = list(inside) or [os.path.realpath(root)]   # where a symbolic link may lead
        self.outside_links: list[tuple[str, str]] = []            # (link, target) skipped by the last refresh
        self.index = SourceIndex(cache_dir, "files", root, SCHEMA, SCHEMA_VERSION, ("files",), warn=warn,
                                 row_bytes=ROW_BYTES)

    @property
    def conn(self) -> sqlite3.Connection:
        return self.index.conn

    def refresh(self, report: IndexReport, warn: Warn, progress: Callable[[str, int, int | None], None]) -> None:
        """Walk the root, listing again only folders whose mtime changed; drop folders that are gone."""
        unchanged = self.unchanged()
        if unchanged is not None:
            report.reused += unchanged
            return
        conn = self.conn
        with self.index.write_transaction(conn):  # under the write lock; an interruption keeps the old index
            self._reset_if_rules_changed()
            self.index._start_bulk_load(conn)  # a first listing: the name indexes are built once, at the end
            known = {r["path"]: (r["id"], r["mtime_ns"]) for r in conn.execute("SELECT id, path, mtime_ns FROM inputs")}
            children: dict[str, list[str]] = defaultdict(list)
            for path in known:
                children[os.path.dirname(path)].append(path)
            racy_after = time.time_ns() - RACY_SECONDS * 1_000_000_000
            visited: set[str] = set()
            seen_folders: set[tuple[int, int]] = set()
            stack = [str(self.root)]
            rescanned = 0
            while stack:
                path = stack.pop()
                try:
                    st = os.stat(path)
                except OSError as exc:
                    _warn(report, warn, f"skipped folder {path}: {exc.strerror or exc}")
                    continue
                if (st.st_dev, st.st_ino) in seen_folders:  # a link loop, or a folder linked twice
                    continue
                seen_folders.add((st.st_dev, st.st_ino))
                visited.add(path)
                old = known.get(path)
                if old is not None and old[1] == st.st_mtime_ns:
                    report.reused += 1
                    stack.extend(sorted(children.get(path, ()), reverse=True))
                else:
                    subfolders = self._rescan(path, old[0] if old else None, st, racy_after, report, warn)
                    stack.extend(sorted(subfolders, reverse=True))
                    rescanned += 1
                if len(visited) % PROGRESS_EVERY == 0:
                    progress(f"indexing files {self.root}", len(visited), None)
            gone = known.keys() - visited
            for path in gone:
                self._forget(known[path][0])
                report.removed += 1
            self.index._finish_bulk_load(conn)
            if rescanned or gone or self.index.lexicon_stale():
                self.index.write_lexicon(conn, files_lexicon_rows)
            progress(f"indexing files {self.root}", len(visited), len(visited))

    def unchanged(self) -> int | None:
        """The folders of an index none of whose folders changed since it was written, found by a stat of each
        without the walk or the write lock (at 200,000 files, 6,600 folders: a third of the walk's time); None when
        one changed or the index needs more than a walk. A folder added, removed or renamed changes its parent's
        mtime, and a file its folder's, so every known folder unchanged means the walk would list none again."""
        conn = self.conn
        rules = conn.execute("SELECT value FROM meta WHERE key = 'walk_rules'").fetchone()
        if rules is None or rules[0] != self.rules.key() or self.index.lexicon_stale() \
                or self.index._missing_indexes(conn):
            return None
        rows = conn.execute("SELECT path, mtime_ns FROM inputs").fetchall()
        if not rows or not any(row[0] == str(self.root) for row in rows):
            return None
        stat = os.stat
        try:
            for path, mtime_ns in rows:
                if stat(path).st_mtime_ns != mtime_ns:
                    return None
        except OSError:
            return None
        return len(rows)

    def unchanged_rule(self) -> list[tuple[str, int, int | None]] | None:
        """What ``unchanged`` compares: each known folder's (path, mtime_ns, None) as recorded; None when the next
        refresh would walk whatever the folders say (``unchanged``'s other conditions)."""
        conn = self.conn
        rules = conn.execute("SELECT value FROM meta WHERE key = 'walk_rules'").fetchone()
        if rules is None or rules[0] != self.rules.key() or self.index.lexicon_stale() \
                or self.index._missing_indexes(conn) or self.index.read_only:
            return None
        rows = [(row[0], row[1], None) for row in conn.execute("SELECT path, mtime_ns FROM inputs")]
        if not any(row[0] == str(self.root) for row in rows):
            return None
        return rows

    def _reset_if_rules_changed(self) -> None:
        """Rows depend on the exclude and hidden rules; other rules mean listing every folder again."""
        conn = self.conn
        row = conn.execute("SELECT value FROM meta WHERE key = 'walk_rules'").fetchone()
        if row is not None and row[0] == self.rules.key():
            return
        conn.execute("DELETE FROM files")
        conn.execute("DELETE FROM inputs")
        conn.execute("DELETE FROM meta WHERE key = 'lexicon'")
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('walk_rules', ?)", (self.rules.key(),))

    def _rescan(self, path: str, input_id: int | None, st: os.stat_result, racy_after: int,
                report: IndexReport, warn: Warn) -> list[str]:
        """List one folder again and store its files; returns its subfolders."""
        conn = self.conn
        try:
            listing = self._list(path, report, warn)
        except OSError as exc:
            _warn(report, warn, f"skipped folder {path}: {exc.strerror or exc}")
            listing, mtime_ns = _Listing(), -1  # remembered, so it is tried again next time
        else:
            mtime_ns = -1 if st.st_mtime_ns >= racy_after else st.st_mtime_ns
        if input_id is None:
            input_id = conn.execute("INSERT INTO inputs (path, mtime_ns, size) VALUES (?, ?, ?)",
                                    (path, mtime_ns, st.st_size)).lastrowid
        else:
            conn.execute("UPDATE inputs SET mtime_ns = ?, size = ? WHERE id = ?", (mtime_ns, st.st_size, input_id))
            conn.execute("DELETE FROM files WHERE input = ?", (input_id,))
        conn.executemany("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)",
                         [(input_id, name, " ".join(name.split()).casefold(), extension_of(name), size, mtime)
                          for name, size, mtime in listing.files])  # the name's norm(), without a regex
        report.parsed += len(listing.files)
        return listing.folders

    def _list(self, path: str, report: IndexReport, warn: Warn) -> _Listing:
        """The folder's visible files and subfolders; OSError when the folder cannot be listed."""
        listing = _Listing()
        root = str(self.root)
        rules = self.rules
        # the usual rules (hidden files left out, nothing excluded) need only the name, off Windows
        by_name = not rules.exclude and not rules.include_hidden and sys.platform != "win32"
        with self.scandir(path) as entries:
            for entry in entries:
                if entry.name.startswith(".") if by_name else rules.skips(entry, root):
                    continue
                try:
                    if entry.is_symlink() and not rules.follow_outside_links:
                        target = os.path.realpath(entry.path)
                        if not _inside(target, self.inside):
                            self.outside_links.append((entry.path, target))
                            continue
                    if entry.is_dir():
                        listing.folders.append(entry.path)
                    elif entry.is_file():
                        st = entry.stat()
                        listing.files.append((file_key(entry.name), st.st_size, st.st_mtime_ns))
                    elif entry.is_symlink():
                        _warn(report, warn, f"skipped {entry.path}: its link target does not exist")
                except OSError as exc:
                    _warn(report, warn, f"skipped {entry.path}: {exc.strerror or exc}")
        return listing

    def _forget(self, input_id: int) -> None:
        self.conn.execute("DELETE FROM files WHERE input = ?", (input_id,))
        self.conn.execute("DELETE FROM inputs WHERE id = ?", (input_id,))

    def close(self) -> None:
        self.index.close()


def files_lexicon_rows(conn: sqlite3.Connection, since: object = None) -> list[LexiconRow]:
    """What a files index names: file names (by copies on disk) and folder names (by folders so named).

    Always the whole index (``since`` is not used): it costs a few milliseconds at 10,000 files."""
    rows: list[LexiconRow] = [(LexiconKind.FILE, r[0], "", r[1])
                              for r in conn.execute("SELECT name, count(*) FROM files GROUP BY name")]
    folders: dict[str, int] = defaultdict(int)
    for (path,) in conn.execute("SELECT path FROM inputs"):
        name = os.path.basename(path.rstrip("/\\"))
        if name:
            folders[name] += 1
    rows += [(LexiconKind.FOLDER, name, "", n) for name, n in folders.items()]
    return rows


def _inside(path: str, roots: Sequence[str]) -> bool:
    for root in roots:
        try:
            if os.path.commonpath([path, root]) == root:
                return True
        except ValueError:  # another drive (Windows)
            continue
    return False


def _warn(report: IndexReport, warn: Warn, message: str) -> None:
    report.skipped.append(message)
    warn(message)


def _chunks(keys: Sequence[str]) -> Iterator[Sequence[str]]:
    for i in range(0, len(keys), SQL_CHUNK):
        yield keys[i:i + SQL_CHUNK]


def _marks(keys: Sequence[str]) -> str:
    return ",".join("?" * len(keys))


def folder_item(path: str) -> Item:
    return Item(FOLDER, path, {"path": path, "name": os.path.basename(path.rstrip("/\\")) or path})


class FilesConnector(Connector):
    """Files by name and the folders holding them, from folders on disk."""

    name = "files"
    description = "files and folders on disk under the configured roots"
    types = frozenset({FILE, FOLDER})

    def __init__(self, source: SourceConfig, context: Context, *, scandir: ScanDir = os.scandir):
        super().__init__(source, context)
        rules = WalkRules(tuple(source.options.get("exclude", ())), bool(source.options.get("include_hidden", False)),
                          bool(source.options.get("follow_outside_links", False)))
        self.roots = [Path(os.path.abspath(p)) for p in _configured_roots(source)]
        inside = [os.path.realpath(root) for root in self.roots]
        self.root_indexes = [RootIndex(root, context.cache_dir, rules, scandir, context.warn, inside)
                             for root in self.roots]
        self._said_links = False   # the links leading out of the roots are named once per source
        self._ready = False
        self._counts: dict[str, float] | None = None   # statistics for the cost-aware planner
        self._estimates: dict[tuple, int | None] = {}     # estimate() answers, until the next refresh

    # -- index ---------------------------------------------------------------------------------------
    def refresh_index(self) -> IndexReport:
        """List the folders that changed since the last run, under every root."""
        started = time.perf_counter()
        report = IndexReport(source=f"files:{', '.join(str(r) for r in self.roots)}")
        for index in self.root_indexes:
            if not index.root.is_dir():
                _warn(report, self.context.warn,
                      f"folder {index.root} does not exist; fix 'root' in its [[sources]] entry")
                continue
            index.outside_links = []
            index.refresh(report, self.context.warn, self.context.progress)
        outside = [link for index in self.root_indexes for link in index.outside_links]
        if outside and not self._said_links:
            self._said_links = True
            link, target = outside[0]
            more = f" and {len(outside) - 1} more" if len(outside) > 1 else ""
            _warn(report, self.context.warn,
                  f"files source {', '.join(str(r) for r in self.roots)}: skipped the symbolic link {link} -> "
                  f"{target}{more}, which lead out of its folders; add follow_outside_links = true to its "
                  f"[[sources]] entry to index what they point to")
        self._ready = True
        self._counts, self._estimates = None, {}
        report.seconds = time.perf_counter() - started
        return report

    def unchanged_rule(self) -> Unchanged | None:
        """Every root's folders' mtimes as indexed (``RootIndex.unchanged``)."""
        stats: list[tuple[str, int, int | None]] = []
        for index in self.root_indexes:
            found = index.unchanged_rule()
            if found is None:
                return None
            stats += found
        return Unchanged(stats)

    def indexes(self) -> list[SourceIndex]:
        return [root.index for root in self.root_indexes]

    def _query(self, sql: str, params: Sequence = ()) -> Iterator[sqlite3.Row]:
        """Rows of one query run against every root's index (built on first use)."""
        if not self._ready:
            refresh_or_keep(self.indexes(), self.refresh_index, self.context.warn)
            self._ready = True
        for index in self.root_indexes:
            yield from index.conn.execute(sql, params).fetchall()

    def _query_keys(self, sql: str, keys: Iterable[str]) -> Iterator[sqlite3.Row]:
        """``sql`` with one ``IN ({})`` placeholder, for every chunk of keys."""
        keys = list(keys)
        for chunk in _chunks(keys):
            yield from self._query(sql.format(_marks(chunk)), chunk)

    def lexicon(self, lexicon: Lexicon) -> None:
        """File names and folder names under every root (stored by refresh)."""
        if not self._ready:
            self.refresh_index()
        for index in self.root_indexes:
            lexicon.add_rows(index.index.read_lexicon())

    def lexicon_state(self) -> tuple | None:
        if not self._ready:
            self.refresh_index()
        states = [lexicon_state(index.index) for index in self.root_indexes]
        return None if None in states else tuple(states)

    def close(self) -> None:
        for index in self.root_indexes:
            index.close()

    # -- rows to items -------------------------------------------------------------------------------
    def file_items(self, names: Iterable[str]) -> dict[str, Item]:
        """File items for these names, with every path on disk holding one."""
        rows = self._query_keys("SELECT f.name, f.size, f.mtime_ns, i.path FROM files f "
                                "JOIN inputs i ON i.id = f.input WHERE f.name IN ({})", set(names))
        return _files_from_rows(rows)

    # -- tools ---------------------------------------------------------------------------------------
    @tool(FILE, "parent", FOLDER)
    def file_parent_folder(self, known: Selection) -> Iterator[Link]:
        """Given file names, every folder on disk holding a file of that name."""
        sql = "SELECT f.name, i.path FROM files f JOIN inputs i ON i.id = f.input"
        rows = self._query(sql) if known.is_all else self._query_keys(sql + " WHERE f.name IN ({})", known.keys())
        for row in rows:
            yield row["name"], folder_item(row["path"])

    @tool(FOLDER, "parent", FILE)
    def folder_parent_file(self, known: Selection) -> Iterator[Link]:
        """Given folders, the files directly in them."""
        sql = "SELECT f.name, i.path FROM files f JOIN inputs i ON i.id = f.input"
        rows = list(self._query(sql) if known.is_all
                    else self._query_keys(sql + " WHERE i.path IN ({})", known.keys()))
        items = self.file_items(row["name"] for row in rows)
        for row in rows:
            yield row["path"], items[row["name"]]

    # -- estimates for the cost-aware planner --------------------------------------------------------
    def _statistics(self) -> dict[str, float]:
        """Files, distinct names and folders under every root, read once after each refresh (from the stored
        lexicon, which counts the copies of each file name, and the folders' row ids)."""
        if self._counts is None:
            counts = {"files": 0, "names": 0, "folders": 0}
            for row in self._query("SELECT sum(count) AS files, count(*) AS names, "
                                   "(SELECT max(id) FROM inputs) AS folders FROM lexicon WHERE kind = ?",
                                   (LexiconKind.FILE,)):
                for key in counts:
                    counts[key] += row[key] or 0
            self._counts = {key: max(1, n) for key, n in counts.items()}
        return self._counts

    def estimate(self, type_: EntityType, filters: list[FilterConstraint]) -> int | None:
        """Files and folders: counted from the index (what ``find`` gives, when filtered)."""
        return self.remembered_estimate(self._estimates, type_, filters, lambda: self._estimate(type_, filters))

    def _estimate(self, type_: EntityType, filters: list[FilterConstraint]) -> int | None:
        if type_ not in (FILE, FOLDER):
            return 0
        c = self._statistics()
        if not filters:
            return int(c["names"] if type_ == FILE else c["folders"])
        return len(list(self.find(type_, filters) or ()))

    def fanout(self, known: EntityType, edge: str, wanted: EntityType) -> float | None:
        c = self._statistics()
        return {(FILE, FOLDER): c["files"] / c["names"], (FOLDER, FILE): c["files"] / c["folders"]}.get((known, wanted))

    # -- hooks ---------------------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list[FilterConstraint]) -> Iterable[Item] | None:
        """Files by name or extension, folders by name."""
        if type_ == FILE:
            sql, params = ("SELECT f.name, f.size, f.mtime_ns, i.path FROM files f "
                           "JOIN inputs i ON i.id = f.input WHERE 1"), []
            for flt in filters:  # narrow in SQL; filter_items has the last word
                if flt.field == "name":
                    sql, params = sql + " AND f.lname = ?", params + [norm(flt.value)]
                elif flt.field == "extension":
                    sql, params = sql + " AND f.ext = ?", params + [norm(flt.value).lstrip(".")]
            return filter_items(_files_from_rows(self._query(sql, params)), filters).values()
        if type_ == FOLDER:
            folders = {row["path"]: folder_item(row["path"]) for row in self._query("SELECT path FROM inputs")}
            return filter_items(folders, filters).values()
        return None

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Give files found elsewhere (an attachment) their paths on disk, with current sizes."""
        if type_ != FILE:
            return
        on_disk = self.file_items(items)
        for key, item in items.items():
            found = on_disk.get(key)
            if found is None:
                continue
            try:  # the index keeps sizes from the last listing; a file edited in place has a new one
                st = os.stat(found.fields["path"])
                found.fields["size"], found.fields["_mtime"] = st.st_size, st.st_mtime
            except OSError:
                pass
            item.merge(found)


def _files_from_rows(rows: Iterable[sqlite3.Row]) -> dict[str, Item]:
    """One File item per name; its path is the first in sorted order, with its size and mtime."""
    found: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
    for row in rows:
        found[row["name"]].append((os.path.join(row["path"], row["name"]), row["size"], row["mtime_ns"]))
    items = {}
    for name, copies in found.items():
        copies.sort()
        path, size, mtime_ns = copies[0]
        items[name] = Item(FILE, name, {"name": name, "path": path, "paths": [c[0] for c in copies],
                                        "size": size, "_mtime": mtime_ns / 1e9})
    return items


def _configured_roots(source: SourceConfig) -> list[str]:
    """``roots`` (a list) and/or ``root`` from the source entry."""
    roots = source.options.get("roots") or []
    if isinstance(roots, str):
        roots = [roots]
    if source.options.get("root"):
        roots = [source.options["root"], *roots]
    if not roots:
        return [str(source.path("root"))]  # raises the ConfigError that names the fix
    return list(dict.fromkeys(str(r) for r in roots))


def register_connectors(register: Callable[[type], None]) -> None:
    register(FilesConnector)
