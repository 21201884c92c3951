"""One exception tree for everything QueryWeaver reports to a user.

    QueryWeaverError            every error the CLI and the web UI show as one clear line
    ├── ConfigError             the config file is missing, unreadable or wrong
    ├── GraphError              a query graph that breaks the schema (names the constraint at fault)
    ├── DateExpressionError     a date expression that cannot be read
    ├── NameAmbiguousError      a person's name matches several people
    ├── ConnectorError          a data source failed (file unreadable, API error)
    │   ├── AuthError           sign-in is missing or expired
    │   ├── IndexStorageError   the cache dir cannot take the index (disk full, read-only, cannot be created)
    │   └── IndexDamagedError   a local index is damaged; the engine moves it aside and rebuilds it
    ├── GenerationError         the question could not be turned into a graph
    │   └── BackendError        the LLM backend failed (not running, model missing, timeout)
    └── Cancelled               the user stopped the run

Third-party errors are translated at the boundary: ``raise ConnectorError(...) from exc``.
Every message says what was wrong and what to do about it.
"""

from __future__ import annotations


class QueryWeaverError(Exception):
    """Base class; ``str(err)`` is the one line shown to the user."""


class ConfigError(QueryWeaverError):
    pass


class GraphError(QueryWeaverError):
    """A graph that breaks the schema. ``problems`` lists every message, the first is ``str(self)``."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class DateExpressionError(QueryWeaverError):
    pass


class NameAmbiguousError(QueryWeaverError):
    pass


class ConnectorError(QueryWeaverError):
    pass


class AuthError(ConnectorError):
    pass


class IndexStorageError(ConnectorError):
    """Writing an index failed for lack of room or permission; the previous index is left as it was."""


class IndexDamagedError(ConnectorError):
    """SQLite rejected an index as damaged. ``index`` is the ``SourceIndex``, ``reason`` what SQLite said."""

    def __init__(self, message: str, index=None, reason: str = ""):
        super().__init__(message)
        self.index = index
        self.reason = reason or message


class GenerationError(QueryWeaverError):
    pass


class BackendError(GenerationError):
    pass


class Cancelled(QueryWeaverError):
    pass
