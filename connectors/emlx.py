"""Apple Mail's own store: the ``.emlx`` files under ``~/Library/Mail/V*`` (or any folder of them).

An ``.emlx`` file is one message: a line with its length in bytes, the RFC 822 message itself, then an XML
property list of what Mail knows about it (``flags``, ``date-received``, ...). A ``.partial.emlx`` is a
message whose attachments Mail keeps apart: their MIME headers stay in the message (so their names are read
as from any other message) but their content is left out, and Mail writes the files under
``Attachments/<message number>/<part>/<name>`` beside the ``Messages`` folder when it has downloaded them.
Such an attachment's size is the one Mail noted (``X-Apple-Content-Length``), and its content hash is that
of the downloaded file when there is one (none otherwise, as for an IMAP attachment).

Mail keeps the messages of each mailbox in ``Messages`` folders (``INBOX.mbox/<id>/Data/Messages``, with
``Data/<d>/<d>/Messages`` for large mailboxes). Like a Maildir, each message file is one index input and the
index remembers each ``Messages`` folder's mtime (``SourceIndex.refresh_folders``): a refresh with nothing
changed walks the mailbox folders and makes one ``stat`` per ``Messages`` folder, never listing them. A
message Mail marks deleted (flag bit 1), waiting to be expunged, is left out, and ``exclude = ["Junk.mbox"]``
leaves out the mailboxes of those names (globs, as for a ``files`` source).
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from queryweaver.errors import ConnectorError
from queryweaver.items import file_key

from .mailstore import MailStoreConnector, MessageWriter, Warn, parse_message

MESSAGE_SUFFIXES = (".emlx",)               # '.partial.emlx' ends the same way
MESSAGES_DIR = "Messages"
SKIPPED_DIRS = frozenset({"Attachments"})   # downloaded attachments, read only when a message names them
DELETED_FLAG = 1 << 1                       # bit 1 of the plist's 'flags': deleted, not yet expunged
FULL_DISK_ACCESS = ("macOS lets an app read ~/Library/Mail only with Full Disk Access: System Settings > "
                    "Privacy & Security > Full Disk Access, add your terminal (or the app running queryweaver)")


class EmlxError(ValueError):
    """A file that is not an emlx message (its first line is not a byte count)."""


def split_emlx(data: bytes) -> tuple[bytes, dict]:
    """The RFC 822 message and the property list (``{}`` when missing or unreadable) of an emlx file.

    A byte count larger than the file (a truncated copy) gives what is there."""
    line_end = data.find(b"\n")
    head = data[:line_end if line_end != -1 else len(data)].strip()
    if not head.isdigit():
        raise EmlxError("its first line is not the message's length in bytes")
    start = line_end + 1
    end = start + int(head)
    message = data[start:end]
    plist: dict = {}
    tail = data[end:].strip()
    if tail:
        import plistlib  # here: only an emlx source pays for its XML parser

        try:
            loaded = plistlib.loads(tail)
            plist = loaded if isinstance(loaded, dict) else {}
        except Exception:  # noqa: BLE001 - any damage to the flags (bad XML, a cut file) leaves the message good
            plist = {}
    return message, plist


def message_folders(root: Path, exclude: Sequence[str] = ()) -> tuple[list[str], list[OSError]]:
    """The folders under ``root`` that hold messages, and the errors of folders that could not be listed.

    Each ``Messages`` folder is one without being listed (the walk would list it: it is taken out), and so
    is any other folder in which the walk saw .emlx files (a copied mailbox). Folders matching an ``exclude``
    glob (on the name, or with a '/' on the path relative to ``root``) are left out with all they hold."""
    def excluded(folder: str, name: str) -> bool:
        rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
        return any(fnmatch.fnmatchcase(rel if "/" in pattern else name, pattern) for pattern in exclude)

    found: list[str] = []
    errors: list[OSError] = []
    for folder, dirs, files in os.walk(root, onerror=errors.append):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS
                         and not excluded(folder, d))
        if MESSAGES_DIR in dirs:
            found.append(os.path.join(folder, MESSAGES_DIR))
            dirs.remove(MESSAGES_DIR)
        if any(name.endswith(MESSAGE_SUFFIXES) for name in files):
            found.append(folder)
    return sorted(found), errors


def list_messages(folder: str) -> list[str]:
    """The message files of one folder."""
    with os.scandir(folder) as entries:
        return [e.path for e in entries
                if e.name.endswith(MESSAGE_SUFFIXES) and not e.name.startswith(".") and e.is_file()]


def message_number(path: Path) -> str:
    """Mail's number for a message: the file name before its first dot ('12345' of '12345.partial.emlx')."""
    return path.name.split(".", 1)[0]


class EmlxConnector(MailStoreConnector):
    """Email from Apple Mail's .emlx files (and .partial.emlx), found in every Messages folder under the path."""

    name = "emlx"
    description = "mail in Apple Mail's .emlx files (~/Library/Mail/V*)"

    def _folders(self) -> list[str]:
        """Every folder holding messages (``message_folders``); each folder that cannot be listed is a warning."""
        if not self.path.is_dir():
            if self.path.exists():
                raise ConnectorError(f"emlx source {self.path} is not a folder; point 'path' at Apple Mail's "
                                     f"folder (~/Library/Mail/V10) or at a folder of .emlx files")
            raise ConnectorError(f"emlx source {self.path} does not exist; fix 'path' in its [[sources]] entry")
        exclude = self.source.options.get("exclude", ())
        found, denied = message_folders(self.path, [exclude] if isinstance(exclude, str) else list(exclude))
        if any(isinstance(exc, PermissionError) and exc.filename == str(self.path) for exc in denied):
            raise ConnectorError(f"cannot read {self.path}: permission denied. {FULL_DISK_ACCESS}")
        for exc in denied:
            self.context.warn(f"skipped {exc.filename}: {exc.strerror or exc}"
                              + (f". {FULL_DISK_ACCESS}" if isinstance(exc, PermissionError) else ""))
        if not found and not denied:
            self.context.warn(f"no .emlx messages under {self.path}; point 'path' at Apple Mail's folder "
                              f"(~/Library/Mail/V10, `queryweaver sources detect` finds it)")
        return found

    def _list_folder(self, folder: str) -> list[str]:
        return list_messages(folder)

    def _inputs(self) -> list[Path]:
        files = [path for folder in self._folders() for path in self._list_folder(folder)]
        return [Path(f) for f in sorted(files)]

    def _parse_input(self, conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
        """Index one .emlx file (nothing for a message Mail marks deleted)."""
        where = str(path.relative_to(self.path))
        try:
            raw, plist = split_emlx(path.read_bytes())
        except EmlxError as exc:
            warn(f"{where}: skipped, not an Apple Mail message ({exc})")
            return 0
        flags = plist.get("flags")
        if isinstance(flags, int) and flags & DELETED_FLAG:
            return 0
        received = plist.get("date-received")
        fallback = (lambda: float(received)) if isinstance(received, (int, float)) else None
        parsed = parse_message(raw, where, warn, fallback)
        if parsed is None:
            return 0
        if path.name.endswith(".partial.emlx") and any(not sha for _name, sha, _size in parsed.attachments):
            parsed.attachments = downloaded_attachments(path, parsed.attachments)
        writer = MessageWriter(conn, input_id)
        writer.add(parsed)
        writer.flush()
        return writer.count

    def _read_message(self, path: Path, offset: int) -> bytes | None:
        """The RFC 822 message inside one .emlx file."""
        return split_emlx(path.read_bytes())[0]


def downloaded_attachments(path: Path, attachments: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """A .partial.emlx's attachments (name, sha256, size), each left-out one (no hash: ``mailstore`` read its
    size from X-Apple-Content-Length) with the hash and size of the file Mail downloaded for it under
    ``Attachments/<number>/<part>/``, when that file is there."""
    downloaded = _downloaded_attachments(path)
    out = []
    for name, sha, size in attachments:
        copy = downloaded.pop(name, None) if not sha else None
        try:
            data = copy.read_bytes() if copy is not None else None
        except OSError:
            data = None
        out.append((name, hashlib.sha256(data).hexdigest(), len(data)) if data is not None else (name, sha, size))
    return out


def _downloaded_attachments(path: Path) -> dict[str, Path]:
    """The files Mail downloaded for a partial message, by attachment name (the first of a repeated name)."""
    folder = path.parent.parent / "Attachments" / message_number(path)
    found: dict[str, Path] = {}
    try:
        parts = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return found
    for part in parts:
        try:
            for entry in sorted(os.scandir(part.path), key=lambda e: e.name):
                if entry.is_file():
                    found.setdefault(file_key(entry.name), Path(entry.path))
        except OSError:
            continue
    return found


def register_connectors(register) -> None:
    register(EmlxConnector)
