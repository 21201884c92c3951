"""Mail in a Maildir folder, with its Maildir++ sub-folders (.Sent, .Archive, ...) when present.

Every message file is one index input, so a refresh of an unchanged Maildir only lists and stats the
files; a new, renamed (flags changed) or deleted file is the only thing re-read or dropped.
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

    def _inputs(self) -> list[Path]:
        """Every message file in cur/ and new/ of the Maildir and its sub-folders."""
        if not self.path.is_dir():
            raise ConnectorError(f"maildir source {self.path} is not a folder; fix 'path' in its [[sources]] entry")
        folders = [self.path] + sorted(d for d in self.path.iterdir() if d.name.startswith(".") and d.is_dir())
        mail_dirs = [f / sub for f in folders for sub in ("cur", "new") if (f / sub).is_dir()]
        if not mail_dirs:
            raise ConnectorError(f"{self.path} is not a Maildir (it has no cur/ or new/ folder); point 'path' "
                                 f"at the Maildir itself")
        files: list[str] = []
        for directory in mail_dirs:
            with os.scandir(directory) as entries:
                files += [e.path for e in entries if not e.name.startswith(".") and e.is_file()]
        return [Path(f) for f in sorted(files)]  # sorting strings: Path comparisons are slow on 25k files

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
