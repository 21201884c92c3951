"""Mail in a Maildir folder, with the folders below it: Maildir++ sub-folders (.Sent, .Archive, ...) and folders
nested as plain directories (Archive/2025, as mbsync, offlineimap, notmuch and mu keep them).

Every message file is one index input, and the index remembers the mtime of each cur/ and new/ folder
(``SourceIndex.refresh_folders``): a refresh with nothing changed lists the Maildir and its folders (not their
cur/ and new/) and makes one ``stat`` per folder, however many messages there are. Only a folder whose mtime
changed is listed again: a new file is read, a deleted one dropped, and a renamed one (a flag changed, or moved
from new/ to cur/ or to another folder: the same unique name before the ':', the same size) keeps its rows,
since Maildir never changes a message file in place. Many new files (a first build) are read and parsed by
worker processes (``[index] workers``) while the refresh writes their rows, in the same order and batches.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from queryweaver.errors import ConnectorError
from queryweaver.index import RACY_NS
from queryweaver.refresh_stamp import Unchanged

from .mailstore import MailStoreConnector, MessageWriter, Warn, parse_message

PARALLEL_MAILDIR_BYTES = 16 << 20   # new message files adding up to this are parsed in workers (by default)
FILES_PER_TASK = 200
MESSAGE_DIRS = ("cur", "new")          # a folder's messages (tmp/ holds deliveries still being written)
MAILDIR_DIRS = frozenset({"cur", "new", "tmp"})


class MaildirConnector(MailStoreConnector):
    """Email from a Maildir (cur/ and new/ of the folder and of its .Sub folders)."""

    name = "maildir"
    description = "mail in a Maildir folder, including Maildir++ sub-folders such as .Sent"
    files_per_task = FILES_PER_TASK   # message files per worker task

    def _folders(self) -> list[str]:
        """cur/ and new/ of the Maildir and of every folder below it (tmp/ holds deliveries still being written)."""
        if not self.path.is_dir():
            raise ConnectorError(f"maildir source {self.path} is not a folder; fix 'path' in its [[sources]] entry")
        _listed, mail_dirs = folder_tree(str(self.path))
        if not mail_dirs:
            raise ConnectorError(f"{self.path} is not a Maildir (it has no cur/ or new/ folder, nor a folder below "
                                 f"it with one); point 'path' at the Maildir itself")
        return mail_dirs

    def unchanged_rule(self) -> Unchanged | None:
        """The mtime of each cur/ and new/ as indexed, and of what ``folder_tree`` lists to find them: the Maildir
        and every folder below it (a folder added or removed changes them). Those are stat'ed before they are
        listed, and must be older than ``RACY_NS``, so that a change the listing missed shows as a changed mtime
        next time."""
        racy_after = time.time_ns() - RACY_NS
        try:
            tree, folders = folder_tree(str(self.path))
        except OSError:
            return None
        if not folders or any(mtime_ns >= racy_after for _path, mtime_ns in tree):
            return None
        stats = self._index.unchanged_folders(folders)
        return None if stats is None else Unchanged([(path, mtime_ns, None) for path, mtime_ns in tree] + stats)

    def _list_folder(self, folder: str) -> list[str]:
        """The message files in one cur/ or new/ folder."""
        with os.scandir(folder) as entries:
            return [e.path for e in entries if not e.name.startswith(".") and e.is_file()]

    def _inputs(self) -> list[Path]:
        """Every message file in cur/ and new/ of the Maildir and its sub-folders."""
        files = [path for folder in self._folders() for path in self._list_folder(folder)]
        return [Path(f) for f in sorted(files)]  # sorting strings: Path comparisons are slow on 25k files

    @staticmethod
    def _same_file(path: str) -> str:
        """A message's unique name: the file name without its info part (':2,FLAGS', or '!2,' and ';2,' where
        the file system forbids ':')."""
        name = os.path.basename(path)
        for separator in ":!;":
            name = name.split(separator, 1)[0]
        return name

    def _parse_input(self, conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
        """Index one message file."""
        return store_message(conn, input_id, parse_message_file(path, self.path), warn)

    def _parse_ahead(self, files: list[tuple[str, int]]) -> Iterator[Callable]:
        """The files' parses, in order: by worker processes when there are many (``[index] workers``), so that
        the refresh only writes; should a worker die, the rest are parsed here."""
        workers = self.context.workers(sum(size for _path, size in files), PARALLEL_MAILDIR_BYTES)
        done = 0
        if workers and files:
            from queryweaver.workers import OrderedPool, PoolBroken  # here: a question never needs it

            step = self.files_per_task
            tasks = [(str(self.path), [path for path, _size in files[at:at + step]]) for at in range(0, len(files), step)]
            try:
                with OrderedPool(parse_message_files, workers) as pool:
                    for parsed in pool.map(tasks):
                        for outcome in parsed:
                            done += 1
                            yield self._stored(outcome)
            except PoolBroken as exc:
                self.context.warn(f"{self.path.name}: {exc}; the rest is parsed in this process")
        for path, _size in files[done:]:
            yield self._parse_limited

    def _stored(self, outcome: "Parsed | OSError") -> Callable:
        """A parse function for ``refresh_folders`` that stores what a worker parsed (or fails as reading did)."""
        def store(conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
            if isinstance(outcome, OSError):
                raise outcome
            return store_message(conn, input_id, outcome, self._limited(warn))

        return store


def folder_tree(root: str) -> tuple[list[tuple[str, int]], list[str]]:
    """(path, mtime_ns) of the Maildir and of every folder below it, each stat'ed before it is listed, and the cur/
    and new/ of each that has them, in order.

    A folder below is a Maildir++ one (``.Sent``, ``.Archive.2025``) or one nested as a plain directory, as
    mbsync, offlineimap, notmuch and mu keep a tree of folders (``Archive/2025/cur``). cur/, new/ and tmp/ hold
    messages, never folders. A folder that cannot be listed is left out (the Maildir itself raises OSError), and
    one reached again through a symbolic link is read once."""
    tree: list[tuple[str, int]] = []
    mail_dirs: list[str] = []
    seen: set[tuple[int, int]] = set()
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            st = os.stat(folder)
            if (st.st_dev, st.st_ino) in seen:
                continue
            seen.add((st.st_dev, st.st_ino))
            with os.scandir(folder) as entries:
                dirs = sorted(e.name for e in entries if e.is_dir())
        except OSError:
            if folder == root:
                raise
            continue
        tree.append((folder, st.st_mtime_ns))
        mail_dirs += [os.path.join(folder, sub) for sub in MESSAGE_DIRS if sub in dirs]
        pending += [os.path.join(folder, d) for d in reversed(dirs) if d not in MAILDIR_DIRS]
    return tree, mail_dirs


# what a worker hands back for one message file: its rows (None: unusable) and its warnings, or the read error
Parsed = tuple[tuple | None, list[str]]


def parse_message_file(path: Path, root: Path) -> Parsed:
    """One message file's rows and the warnings its parse gave (OSError when it cannot be read)."""
    raw = path.read_bytes()
    warnings: list[str] = []
    parsed = parse_message(raw, str(path.relative_to(root)), warnings.append, lambda: delivery_time(path))
    return (None if parsed is None else parsed.row()), warnings


def parse_message_files(task: tuple[str, list[str]]) -> list[Parsed | OSError]:
    """A worker's task: message files of one Maildir, in order."""
    root, paths = task
    out: list[Parsed | OSError] = []
    for path in paths:
        try:
            out.append(parse_message_file(Path(path), Path(root)))
        except OSError as exc:
            out.append(exc)
    return out


def store_message(conn: sqlite3.Connection, input_id: int, parsed: Parsed, warn: Warn) -> int:
    """Write one message file's rows; its warnings go to ``warn``."""
    row, warnings = parsed
    for message in warnings:
        warn(message)
    writer = MessageWriter(conn, input_id)
    if row is not None:
        writer.add_row(row)
    writer.flush()
    return writer.count


def delivery_time(path: Path) -> float | None:
    """The delivery time Maildir writes at the start of each file name ('1700000000.M1P2.host:2,S')."""
    head = path.name.split(".", 1)[0]
    return float(head) if head.isdigit() else None


def register_connectors(register) -> None:
    register(MaildirConnector)
