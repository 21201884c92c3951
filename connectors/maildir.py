"""Mail in a Maildir folder, with its Maildir++ sub-folders (.Sent, .Archive, ...) when present.

Every message file is one index input, and the index remembers the mtime of each cur/ and new/ folder
(``SourceIndex.refresh_folders``): a refresh with nothing changed lists the Maildir itself and makes one
``stat`` per folder, however many messages there are. Only a folder whose mtime changed is listed again: a
new file is read, a deleted one dropped, and a renamed one (a flag changed, or moved from new/ to cur/ or to
another folder: the same unique name before the ':', the same size) keeps its rows, since Maildir never
changes a message file in place.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from queryweaver.errors import ConnectorError

from .mailstore import MailStoreConnector, MessageWriter, Warn, parse_message


class MaildirConnector(MailStoreConnector):
    """Email from a Maildir (cur/ and new/ of the folder and of its .Sub folders)."""

    name = "maildir"
    description = "mail in a Maildir folder, including Maildir++ sub-folders such as .Sent"

    def _folders(self) -> list[str]:
        """cur/ and new/ of the Maildir and of its .Sub folders (tmp/ holds deliveries still being written)."""
        if not self.path.is_dir():
            raise ConnectorError(f"maildir source {self.path} is not a folder; fix 'path' in its [[sources]] entry")
        root = str(self.path)
        with os.scandir(root) as entries:
            subs = sorted(e.path for e in entries if e.name.startswith(".") and e.is_dir())
        mail_dirs = [os.path.join(f, sub) for f in [root] + subs for sub in ("cur", "new")
                     if os.path.isdir(os.path.join(f, sub))]
        if not mail_dirs:
            raise ConnectorError(f"{self.path} is not a Maildir (it has no cur/ or new/ folder); point 'path' "
                                 f"at the Maildir itself")
        return mail_dirs

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
        raw = path.read_bytes()
        writer = MessageWriter(conn, input_id)
        parsed = parse_message(raw, str(path.relative_to(self.path)), warn, lambda: delivery_time(path))
        if parsed is not None:
            writer.add(parsed)
        writer.flush()
        return writer.count


def delivery_time(path: Path) -> float | None:
    """The delivery time Maildir writes at the start of each file name ('1700000000.M1P2.host:2,S')."""
    head = path.name.split(".", 1)[0]
    return float(head) if head.isdigit() else None


def register_connectors(register) -> None:
    register(MaildirConnector)
