"""Mail in mbox files: one .mbox file, or a folder of them such as a Google Takeout export or a Thunderbird
account folder (``Mail/Local Folders``, ``ImapMail/<server>``).

In a folder, every ``*.mbox`` file is an input, and so is any other file that starts with a "From " line:
Thunderbird names its mbox files after the folder (``Inbox``, ``Sent``, ``Archives.sbd/2025``) with no
extension, beside ``.msf`` summary files (never read) and sub-folders named ``X.sbd``. Thunderbird leaves a
deleted message in its mbox, marked expunged in ``X-Mozilla-Status``, until the folder is compacted; such a
message is left out.

The file is streamed through ``mmap`` and split on "From " lines (as the stdlib ``mailbox.mbox`` does, but
without building its table of contents first); each entry is parsed by ``mailstore.parse_message``. An
mbox is one index input: an unchanged file is never re-read, a file that only grew (a mail client
appending) has just its new messages read, and any other change re-parses it whole.

With a lot to read (``workers.build_workers``), worker processes parse it (``[index] workers``): the parent cuts
the file into runs of whole messages (``TASK_BYTES`` each), the workers parse them, and the parent alone
writes the rows, in file order, committing batches as a serial build does (so a killed build resumes the
same way). Should a worker die, the parent parses the rest itself.
"""

from __future__ import annotations

import fnmatch
import mmap
import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path

from queryweaver.errors import ConnectorError

from queryweaver.index import Batches
from queryweaver.refresh_stamp import Unchanged

from .mailstore import (
    BOM,
    MailStoreConnector,
    MessageWriter,
    RunRows,
    Warn,
    header_end,
    parse_date,
    parse_message,
    run_rows,
)

PROGRESS_EVERY = 500
SUMMARY_SUFFIXES = (".msf",)   # Thunderbird's index of an mbox; mail is never in it
SNIFF_BYTES = 512
TASK_BYTES = 1 << 20             # an mbox run per worker task (about a thousand messages)
MIN_TASK_BYTES = 16 << 10        # a smaller mbox is cut into runs no shorter than this
SCAN_BYTES = 4 << 20             # read at a time to cut an mbox into runs
_QUOTED_FROM = re.compile(rb"^>(>*From )", re.MULTILINE)

# one message as parsed: where it starts, its rows (ParsedMessage.row()) or None when skipped, the warnings
Entry = tuple[int, tuple | None, list[str]]


class MboxConnector(MailStoreConnector):
    """Email from an mbox file or a folder of them (Thunderbird's included)."""

    name = "mbox"
    description = "mail in an .mbox file or a folder of .mbox files (e.g. a Google Takeout export)"
    task_bytes = TASK_BYTES   # bytes of mbox per worker task

    def _inputs(self) -> list[Path]:
        """The mbox file itself, or every mbox file under the folder (see the module docstring)."""
        if self.path.is_file():
            return [self.path]
        if self.path.is_dir():
            exclude = self.source.options.get("exclude", ())
            return mbox_files(self.path, [exclude] if isinstance(exclude, str) else list(exclude))
        raise ConnectorError(f"mbox source {self.path} does not exist; fix 'path' in its [[sources]] entry "
                             f"(an .mbox file or a folder of them)")

    def unchanged_rule(self) -> Unchanged | None:
        """An mbox file's size and mtime as indexed (a folder of them is walked anew: no rule)."""
        if not self.path.is_file():
            return None
        stats = self._index.unchanged_inputs([str(self.path)])
        return None if stats is None else Unchanged(stats)

    def _parse_input(self, conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
        """Index every message of one mbox file (in one go: no batches)."""
        return self._resume_input(conn, input_id, path, 0, warn, None)

    def _resume_input(self, conn: sqlite3.Connection, input_id: int, path: Path, start: int, warn: Warn,
                      batches: Batches | None) -> int:
        """Index the messages from byte ``start`` on (ValueError when no entry starts there), committing
        through ``batches`` whenever it says a batch is due; in worker processes when there is a lot to read."""
        writer = MessageWriter(conn, input_id)
        stage = f"indexing {path.name}, bytes read"
        size = path.stat().st_size
        workers = self.context.workers(size - start)
        state = {"next": start, "number": 0}   # the first message not stored yet, and how many were read

        def store(entries: Iterator[Entry]) -> None:
            for offset, row, warnings in entries:
                if batches is not None and batches.due(writer.count):
                    writer.flush()
                    batches.commit(offset)  # every message before this one is stored
                for message in warnings:
                    warn(message)
                if row is not None:
                    writer.add_row(row, offset)
                state["number"] += 1
                state["next"] = offset + 1
                if state["number"] % PROGRESS_EVERY == 0:
                    self.context.progress(stage, offset, size)

        def store_run(run: RunRows) -> None:
            """``store`` for a run a worker parsed: its rows go in whole, cut only where a batch is due."""
            for message in run.warnings:
                warn(message)
            at = 0
            while batches is not None and at + batches.room(writer.count) < run.stored:
                due = at + batches.room(writer.count)
                writer.write_run(run, at, due)
                batches.due(writer.count)
                batches.commit(run.offsets[due])  # every message before this one is stored
                at = due
            writer.write_run(run, at)
            state["number"] += run.read
            if run.read:
                state["next"] = run.last + 1
                self.context.progress(stage, run.last, size)

        if workers and size > start:
            from queryweaver.workers import OrderedPool, PoolBroken  # here: a question never needs it

            try:
                # runs small enough that every worker gets several, and the parent writes while they parse
                run_bytes = max(MIN_TASK_BYTES, min(self.task_bytes, (size - start) // (4 * workers)))
                with OrderedPool(parse_mbox_run, workers) as pool:
                    for run in pool.map(mbox_runs(path, start, run_bytes)):
                        store_run(RunRows._make(run))
                state["next"] = size
            except PoolBroken as exc:
                self.context.warn(f"{path.name}: {exc}; the rest is parsed in this process")
        if state["next"] < size:
            resume_at = _next_entry(path, state["next"]) if state["next"] > start else start
            if resume_at != -1:
                store(parse_entries(path, resume_at, state["number"] + 1))
        writer.flush()
        self.context.progress(stage, size, size)
        return writer.count

    def _read_message(self, path: Path, offset: int) -> bytes | None:
        """The message whose entry starts at byte ``offset`` of the mbox file."""
        entry = next(iter_mbox(path, offset), None)
        return entry[2] if entry is not None else None


def mbox_files(folder: Path, exclude: Sequence[str] = ()) -> list[Path]:
    """Every mbox file under ``folder``: ``*.mbox`` files, and other files starting with a "From " line
    (Thunderbird's, named after their folder). ``.msf`` summaries, hidden files and folders, and entries
    matching an ``exclude`` glob (on the name, or with a '/' on the path relative to ``folder``) are skipped."""
    def excluded(root: str, name: str) -> bool:
        rel = os.path.relpath(os.path.join(root, name), folder).replace(os.sep, "/")
        return any(fnmatch.fnmatchcase(rel if "/" in pattern else name, pattern) for pattern in exclude)

    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not excluded(root, d))
        for name in files:
            if name.startswith(".") or name.lower().endswith(SUMMARY_SUFFIXES) or excluded(root, name):
                continue
            path = Path(root, name)
            if name.lower().endswith(".mbox") or starts_with_from_line(path):
                found.append(path)
    return sorted(found)


def starts_with_from_line(path: Path) -> bool:
    """Whether the file's first non-blank bytes are an mbox "From " line (False when it cannot be read)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(SNIFF_BYTES)
    except OSError:
        return False
    return head.removeprefix(BOM).lstrip(b" \t\r\n").startswith(b"From ")


def thunderbird_expunged(raw: bytes) -> bool:
    """Whether Thunderbird marked the message deleted (the Expunged bit, 0x0008, of X-Mozilla-Status)."""
    at = raw.find(b"X-Mozilla-Status:")
    if at == -1 or (at > 0 and raw[at - 1] != 10):
        return False
    end = header_end(raw)
    if end is not None and at > end[0]:
        return False  # in the body (a forwarded message quoted as text)
    value = raw[at + 17:raw.find(b"\n", at)].strip()
    try:
        return bool(int(value[:4], 16) & 0x0008)
    except ValueError:
        return False
def parse_entries(path: Path, start: int, first: int = 1, end: int | None = None) -> Iterator[Entry]:
    """The messages whose entries start in [start, end) of the mbox (to its end when None), parsed; ``first`` is
    the number the first one has in warnings."""
    for number, (offset, from_line, raw) in enumerate(iter_mbox(path, start), start=first):
        if end is not None and offset >= end:
            return
        if thunderbird_expunged(raw):
            yield offset, None, []  # deleted in Thunderbird, gone at its next compaction
            continue
        warnings: list[str] = []
        parsed = parse_message(raw, f"{path.name} message {number} (byte {offset})", warnings.append,
                               partial(from_line_date, from_line))
        yield offset, None if parsed is None else parsed.row(), warnings


def parse_mbox_run(task: tuple[str, int, int, int]) -> tuple:
    """A worker's task: the messages of one run of an mbox (``mbox_runs``), as a ``RunRows`` made a plain tuple
    (marshal, which sends it, knows no named tuples)."""
    path, start, end, first = task
    return tuple(run_rows(parse_entries(Path(path), start, first, end)))


def mbox_runs(path: Path, start: int, run_bytes: int = TASK_BYTES) -> Iterator[tuple[str, int, int, int]]:
    """(path, start, end, number of its first message) of consecutive runs of whole entries from ``start``, each
    about ``run_bytes`` long: the tasks a parallel build hands its workers. The file is read a block at a time
    (not mapped whole), so the parent's memory stays what it writes."""
    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
        first = _first_from(mm, path, start)
    if first == -1:
        return
    number, run_start, count = 1, first, 1
    with open(path, "rb") as fh:
        fh.seek(first)
        base, tail = first, b""   # file offset of ``tail``'s first byte; the bytes kept from the last block
        while True:
            block = fh.read(SCAN_BYTES)
            if not block:
                break
            data = tail + block
            at = data.find(b"\nFrom ", 1 if base == first else 0)  # not the first entry's own line
            while at != -1:
                entry = base + at + 1
                if entry - run_start >= run_bytes:
                    yield str(path), run_start, entry, number
                    number, run_start, count = number + count, entry, 0
                count += 1
                at = data.find(b"\nFrom ", at + 1)
            keep = min(len(data), 5)  # a "\nFrom " split between two blocks
            base, tail = base + len(data) - keep, data[len(data) - keep:]
        yield str(path), run_start, base + len(tail), number


def _next_entry(path: Path, offset: int) -> int:
    """Where the first entry after the one starting before ``offset`` begins; -1 when there is none."""
    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
        nxt = mm.find(b"\nFrom ", offset)
        return nxt + 1 if nxt != -1 else -1


def iter_mbox(path: Path, offset: int = 0) -> Iterator[tuple[int, bytes, bytes]]:
    """(byte offset, From line, message bytes) of each entry from ``offset``, read through mmap."""
    with open(path, "rb") as fh:
        if fh.seek(0, 2) <= offset:
            return
        with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            start = _first_from(mm, path, offset)
            while start != -1:
                nxt = mm.find(b"\nFrom ", start)
                end = nxt + 1 if nxt != -1 else len(mm)
                line_end = mm.find(b"\n", start, end)
                line_end = end if line_end == -1 else line_end
                stop = end
                while stop > line_end + 1 and mm[stop - 1] in (10, 13):  # the blank line ending the entry
                    stop -= 1
                raw = mm[line_end + 1:stop]
                if b">From " in raw:  # undo the writer's quoting of body lines starting with "From "
                    raw = _QUOTED_FROM.sub(rb"\1", raw)
                yield start, mm[start:line_end].rstrip(b"\r"), raw
                start = end if nxt != -1 else -1


def _first_from(mm: mmap.mmap, path: Path, start: int = 0) -> int:
    """Where the first entry from ``start`` begins; anything but a From line there is not mbox data."""
    if start == 0 and mm[:len(BOM)] == BOM:
        start = len(BOM)
    while start < len(mm) and mm[start:start + 1] in b" \t\r\n":
        start += 1
    if start == len(mm):
        return -1
    if mm[start:start + 5] != b"From ":
        raise ValueError(f"{path.name} is not an mbox file (it does not start with a 'From ' line)")
    return start


def from_line_date(line: bytes) -> float | None:
    """The delivery time written on an mbox 'From sender date' line, used when Date is missing."""
    parts = line.decode("ascii", "replace").split(None, 2)
    return parse_date(parts[2]) if len(parts) == 3 else None


def register_connectors(register) -> None:
    register(MboxConnector)
