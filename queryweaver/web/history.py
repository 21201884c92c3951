"""Recent questions, kept on this machine only: a small JSON file in the user's data dir.

The store is injected into ``create_app`` (tests pass one under ``tmp_path``, or ``RecentQuestions(None)``
to keep it in memory), so nothing outside the test's own folders is written.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import platformdirs

from ..config import APP_NAME

LIMIT = 20


def default_recent_path() -> Path:
    """``recent.json`` in the user data dir (``QUERYWEAVER_DATA_DIR`` overrides the folder)."""
    folder = os.environ.get("QUERYWEAVER_DATA_DIR") or platformdirs.user_data_dir(APP_NAME)
    return Path(folder) / "recent.json"


class RecentQuestions:
    """The last questions asked, newest first, each once. ``path=None`` keeps them in memory only."""

    def __init__(self, path: Path | None, limit: int = LIMIT):
        self.path = Path(path) if path is not None else None
        self.limit = limit
        self._lock = threading.Lock()
        self._memory: list[str] = []

    def list(self) -> list[str]:
        with self._lock:
            return list(self._read())

    def add(self, question: str) -> None:
        question = " ".join(question.split())
        if not question:
            return
        with self._lock:
            kept = [q for q in self._read() if q.casefold() != question.casefold()]
            self._write([question, *kept][: self.limit])

    def clear(self) -> None:
        with self._lock:
            self._write([])

    def _read(self) -> list[str]:
        if self.path is None:
            return self._memory
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # missing or damaged: start afresh rather than fail the page
            return []
        questions = data.get("questions") if isinstance(data, dict) else None
        return [q for q in questions if isinstance(q, str)] if isinstance(questions, list) else []

    def _write(self, questions: list[str]) -> None:
        if self.path is None:
            self._memory = questions
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"questions": questions}, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, self.path)
