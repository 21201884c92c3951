"""The conversation: the graphs of the last questions asked, so that a follow-up can edit one.

Kept on this machine only, as ``conversation.json`` in the user data dir (``QUERYWEAVER_DATA_DIR`` overrides the
folder), written whole to a temporary file and renamed, so a killed process leaves the old file or the new one.
Each entry has an id (what ``--json``, the web UI and MCP's ``follow=`` name), the question, the graph that ran,
when it was asked, and for a follow-up the id it followed and the edit in words. An entry older than
``FOLLOW_FOR`` cannot be followed: a follow-up of it is refused in one line.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import QueryWeaverError

KEEP = 50                 # entries kept, newest first
FOLLOW_FOR = 6 * 3600     # seconds a question can be followed up after it was asked


@dataclass
class Asked:
    id: str
    question: str
    graph: dict[str, Any]
    asked: float
    follows: str | None = None
    edit: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The entry as written to the file: its fields as they are (``asdict`` would deep-copy every graph kept,
        a millisecond or two of each question for nothing, since the dict is only serialised)."""
        return {"id": self.id, "question": self.question, "graph": self.graph, "asked": self.asked,
                "follows": self.follows, "edit": self.edit}


def default_path() -> Path:
    import platformdirs

    from .config import APP_NAME
    folder = os.environ.get("QUERYWEAVER_DATA_DIR") or platformdirs.user_data_dir(APP_NAME)
    return Path(folder) / "conversation.json"


class Conversation:
    """The asked questions, newest first. ``path=None`` keeps them in memory only (the web UI's tests)."""

    def __init__(self, path: Path | None, *, keep: int = KEEP, follow_for: float = FOLLOW_FOR):
        self.path, self.keep, self.follow_for = path, keep, follow_for
        self._lock = threading.Lock()
        self._memory: list[Asked] = []
        self.unsaved: str | None = None  # why the last question could not be kept (a full disk, no data dir)

    def add(self, question: str, graph: dict[str, Any], *, follows: str | None = None,
            edit: str | None = None) -> Asked:
        # secrets.token_hex(6) without importing secrets (hmac and OpenSSL with it): the same os.urandom bytes
        entry = Asked(os.urandom(6).hex(), " ".join(question.split()), graph, time.time(), follows, edit)
        with self._lock:
            try:
                self._write([entry, *self._read()][: self.keep])
                self.unsaved = None
            except OSError as exc:  # the answer matters more than being able to follow it up
                self.unsaved = f"{exc.strerror or exc} ({self.path})"
        return entry

    def last(self) -> Asked | None:
        with self._lock:
            entries = self._read()
        return entries[0] if entries else None

    def get(self, id_: str) -> Asked | None:
        with self._lock:
            return next((e for e in self._read() if e.id == id_), None)

    def chain(self, id_: str) -> list[Asked]:
        """The entry and the ones it followed, oldest first (the conversation's breadcrumb)."""
        with self._lock:
            by_id = {e.id: e for e in self._read()}
        out: list[Asked] = []
        while id_ in by_id and len(out) < self.keep:
            out.append(by_id[id_])
            id_ = by_id[id_].follows or ""
        return out[::-1]

    def to_follow(self, id_: str | None) -> Asked:
        """The entry a follow-up edits (the last question when ``id_`` is None), or a one-line refusal."""
        entry = self.last() if id_ is None else self.get(id_)
        if entry is None:
            if id_ is None:
                raise QueryWeaverError("there is no previous question to follow up: ask a whole question first")
            raise QueryWeaverError(f"there is no question {id_!r} to follow up (it was never asked here or has "
                                   "been forgotten): ask a whole question")
        age = time.time() - entry.asked
        if age > self.follow_for:
            raise QueryWeaverError(f"the question to follow up ({entry.question!r}) was asked {age / 3600:.0f} hours "
                                   "ago and has expired: ask a whole question")
        return entry

    def _read(self) -> list[Asked]:
        if self.path is None:
            return list(self._memory)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return [Asked(**e) for e in data.get("asked", [])]
        except (OSError, ValueError, TypeError, AttributeError):  # missing or damaged: start afresh
            return []

    def _write(self, entries: list[Asked]) -> None:
        if self.path is None:
            self._memory = entries
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps({"asked": [e.to_json() for e in entries]}, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            tmp.unlink(missing_ok=True)  # a half-written temporary file is not left behind; the old file stays
            raise
