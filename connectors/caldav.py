"""Calendars on a CalDAV server, answered from a local mirror of their .ics resources.

A sync writes each event resource of each calendar the account's principal lists into a folder of the cache
dir (one .ics file per resource, written whole and renamed into place), and the .ics connector's index reads
that folder: recurrence expansion, attendees, places and dates are exactly those of a local .ics file, and only
files whose content changed are parsed again.

Requests: the first sync of a calendar is one ``sync-collection`` REPORT (for its sync token) and one
``calendar-query`` REPORT returning every event with its data; later syncs are one ``sync-collection`` REPORT
with the stored token, a GET per changed resource and nothing for unchanged ones; removed resources are
deleted from the mirror. A server without sync tokens gets the whole calendar listed again (the ``caldav``
library's fallback), so a removal is seen on the next first sync only. With ``since = 2024-01-01`` the first
sync's ``calendar-query`` carries a time range from that day on, so the server sends only events (and series)
that have not ended before it; a later change to an older event still arrives through the sync token.

The password never goes in the config: the system keyring (service ``queryweaver-caldav``, user ``user@url``)
when the ``keyring`` package holds it, else the environment variable named by ``password_env``, else a
terminal prompt; a server without authentication needs none.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Callable
from datetime import date, datetime, time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from queryweaver.config import SourceConfig
from queryweaver.connector import Context, IndexReport
from queryweaver.errors import AuthError, ConfigError, ConnectorError, IndexDamagedError, IndexStorageError, \
    QueryWeaverError
from queryweaver.index import SourceIndex, lexicon_state, refresh_or_keep

from .ics import INDEX_SIZE_RATIO, SCHEMA, SCHEMA_VERSION, IcsConnector
from .passwords import account_password

KEYRING_SERVICE = "queryweaver-caldav"
STATE_FILE = ".sync.json"
SINCE_KEY = "since"   # in the sync state: the window the mirror was listed with
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _digest(text: str, n: int = 16) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:n]


class CaldavConnector(IcsConnector):
    """Events from the calendars of a CalDAV account, through a local mirror of their .ics resources."""

    name = "caldav"
    description = "calendars on a CalDAV server (iCloud, Fastmail, Nextcloud, Radicale...), mirrored locally"
    needs_auth = True

    def __init__(self, source, context: Context, client_factory: Callable[..., Any] | None = None,
                 password: Callable[[], str | None] | None = None):
        options = source.options
        if "password" in options:
            raise ConfigError("a caldav source must not hold its password in the config file; remove 'password' and "
                              "store it in the system keyring (service 'queryweaver-caldav') or name an environment "
                              "variable with password_env = \"...\"")
        self.url = str(options.get("url") or "").strip()
        if not self.url:
            raise ConfigError("caldav source needs 'url'; add url = \"https://...\" (the account's CalDAV address) "
                              "to its [[sources]] entry")
        parts = urlsplit(self.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"caldav source url {self.url!r} is not an http(s) address; use the account's CalDAV URL")
        if parts.scheme == "http" and parts.hostname not in LOOPBACK:
            raise ConfigError(f"caldav source {self.url}: refusing to send a password unencrypted; use https:// "
                              f"(plain http is allowed only to this machine)")
        self.user = str(options.get("user") or "").strip()
        self.password_env = options.get("password_env")
        self.since = _since(options.get("since"), self.url)
        self.account = f"{self.user}@{self.url}" if self.user else self.url
        # the .ics source's own setup over the mirror folder, then an index of our own kind
        mirror = Path(context.cache_dir) / "caldav" / f"{_digest(self.account, 12)}"
        super().__init__(SourceConfig("ics", {"path": str(mirror)}), context)
        self.source = source
        self.index = SourceIndex(context.cache_dir, "caldav", mirror, SCHEMA, SCHEMA_VERSION,
                                 ("events", "attendees"), warn=context.warn, size_ratio=INDEX_SIZE_RATIO)
        self._client_factory = client_factory or self._default_client
        self._password_source = password
        self.requests = 0  # REPORTs and GETs of the last sync, for the benchmark and tests

    @property
    def label(self) -> str:
        return f"caldav source {self.account}"

    # -- connecting -----------------------------------------------------------------------------------------
    def password(self) -> str | None:
        """Keyring, else the variable named by password_env, else a terminal prompt; None without a user."""
        if self._password_source is not None:
            return self._password_source()
        if not self.user:
            return None
        return account_password(label=self.label, service=KEYRING_SERVICE, account=self.account,
                                password_env=self.password_env, what="CalDAV")

    def _default_client(self):
        import caldav

        return caldav.DAVClient(url=self.url, username=self.user or None, password=self.password(), timeout=60)

    def _translate(self, exc: BaseException) -> ConnectorError:
        """One line naming the source and what to do, from a caldav/HTTP error."""
        from caldav.lib import error

        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        if _unreachable(exc):
            return ConnectorError(f"{self.label}: cannot reach the server ({reason}); check 'url' and that the "
                                  f"server is reachable; the mirror keeps what was fetched")
        status = {int(code) for code in re.findall(r"(?<![\d.:])([45]\d\d)(?![\d.])", reason)}
        if isinstance(exc, error.AuthorizationError) or 401 in status:
            return AuthError(f"{self.label}: the server refused the login ({reason}); check 'user' and the password "
                             f"(an app password where the provider asks for one)")
        if isinstance(exc, error.NotFoundError) or 404 in status:
            return ConnectorError(f"{self.label}: no calendars at that address ({reason}); check 'url' (the "
                                  f"account's CalDAV address)")
        if 507 in status:
            return ConnectorError(f"{self.label}: the server is out of storage (507); free space on the server, "
                                  f"then run `queryweaver index` again")
        if isinstance(exc, error.DAVError):
            return ConnectorError(f"{self.label}: the server answered with an error ({reason}); the mirror is "
                                  f"kept, run `queryweaver index` again later")
        return ConnectorError(f"{self.label}: cannot reach the server ({reason}); check 'url' and that the server "
                              f"is reachable; the mirror keeps what was fetched")

    def check_login(self) -> list[str]:
        """Log in once and list the account's calendars (their names), as the Data page's form does before
        saving the account; a failure is one ``ConnectorError`` line (``AuthError`` for a refused login)."""
        try:
            calendars = self._client_factory().principal().calendars()
            return [str(_display_name(c) or c.url) for c in calendars]
        except QueryWeaverError:
            raise
        except Exception as exc:  # noqa: BLE001 - caldav and its HTTP library raise many kinds; translated here
            raise self._translate(exc) from exc

    # -- syncing --------------------------------------------------------------------------------------------
    def refresh_index(self) -> IndexReport:
        """Sync the mirror with the server (ConnectorError when it cannot be used), then index it."""
        self.sync()
        return super().refresh_index()

    def _refresh_answering(self) -> IndexReport:
        """The refresh a question starts with: a server that cannot be used is one warning, the mirror answers."""
        try:
            self.sync()
        except (IndexDamagedError, IndexStorageError):
            raise
        except ConnectorError as exc:
            held = any(self.path.rglob("*.ics")) if self.path.exists() else False
            self.context.warn(f"{exc}" + ("; answering from the local mirror as last synced" if held else
                                          "; this source has no mirror yet and answers nothing"))
        self.path.mkdir(parents=True, exist_ok=True)  # an empty mirror is no calendar, not a missing file
        return super().refresh_index()

    @property
    def db(self):
        if not self._ready:
            refresh_or_keep(self.index, self._refresh_answering, self.context.warn)
            self._ready = True
        return self.index.conn

    def lexicon(self, lexicon) -> None:
        if not self._ready:
            self._refresh_answering()
        lexicon.add_rows(self.index.read_lexicon())

    def lexicon_state(self) -> tuple | None:
        if not self._ready:
            self._refresh_answering()
        return lexicon_state(self.index)

    def sync(self) -> int:
        """Bring the mirror folder up to date; returns the resources written or removed."""
        self.requests = 0
        try:
            client = self._client_factory()
            calendars = client.principal().calendars()
            self.requests += 2
        except QueryWeaverError:
            raise
        except Exception as exc:  # noqa: BLE001 - caldav and its HTTP library raise many kinds; translated here
            raise self._translate(exc) from exc
        self.path.mkdir(parents=True, exist_ok=True)
        state = self._load_state()
        since = self.since.isoformat() if self.since else None
        if state.get(SINCE_KEY) != since:  # another window: every calendar is listed again (first syncs)
            state = {SINCE_KEY: since}
        changed = 0
        seen: set[str] = set()
        for calendar in calendars:
            url = str(calendar.url)
            folder = _digest(url, 12)
            seen.add(folder)
            try:
                changed += self._sync_calendar(calendar, self.path / folder, state, url)
            except QueryWeaverError:
                raise
            except Exception as exc:  # noqa: BLE001
                raise self._translate(exc) from exc
            self._save_state(state)  # after the files: a sync cut short repeats the delta, never skips it
        for old in [p for p in self.path.iterdir() if p.is_dir() and p.name not in seen]:
            shutil.rmtree(old)  # a calendar removed on the server
            changed += 1
        state = {k: v for k, v in state.items() if _digest(k, 12) in seen or k == SINCE_KEY}
        self._save_state(state)
        return changed

    def _sync_calendar(self, calendar, folder: Path, state: dict, url: str) -> int:
        folder.mkdir(exist_ok=True)
        token = state.get(url)
        if token is None:  # first sync: the token, then every event with its data in one calendar-query REPORT
            listing = calendar.objects_by_sync_token(load_objects=False)
            window = {}
            if self.since is not None:  # the server leaves out what ended before (a time-range in the REPORT)
                window["start"] = datetime.combine(self.since, time.min, tzinfo=self.context.tz)
            events = calendar.search(event=True, **window)
            self.requests += 2
            keep = set()
            for event in events:
                name = _resource_name(event.url)
                keep.add(name)
                _write(folder / name, event.data)
            for stale in folder.glob("*.ics"):
                if stale.name not in keep:
                    stale.unlink()
            state[url] = listing.sync_token
            return len(keep)
        delta = calendar.objects_by_sync_token(sync_token=token, load_objects=True)
        deleted = {_resource_name(u) for u in delta.deleted_urls}
        self.requests += 1 + sum(1 for obj in delta.objects if _resource_name(obj.url) not in deleted)  # GETs
        changed = 0
        for obj in delta.objects:
            target = folder / _resource_name(obj.url)
            if _resource_name(obj.url) in deleted or obj.data is None:
                target.unlink(missing_ok=True)
            else:
                _write(target, obj.data)
            changed += 1
        for name in deleted:
            (folder / name).unlink(missing_ok=True)
        state[url] = delta.sync_token
        return changed + len(deleted)

    def _load_state(self) -> dict:
        try:
            return json.loads((self.path / STATE_FILE).read_text())
        except (OSError, ValueError):
            return {}

    def _save_state(self, state: dict) -> None:
        _write(self.path / STATE_FILE, json.dumps(state))


def _unreachable(exc: BaseException) -> bool:
    """True when the exception, or one it was raised from, says the server could not be reached at all."""
    try:
        from requests.exceptions import ConnectionError as RequestsConnectionError, Timeout
    except ImportError:  # pragma: no cover - caldav depends on requests (or niquests, which has the same names)
        RequestsConnectionError = Timeout = ()  # type: ignore[assignment]
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, (ConnectionError, TimeoutError, RequestsConnectionError, Timeout)):
            return True
        if type(exc).__name__ in ("ConnectionError", "ConnectTimeout", "NewConnectionError", "MaxRetryError"):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _display_name(calendar: Any) -> str | None:
    """A calendar's name as its owner sees it (one PROPFIND); None when the server gives none."""
    name = getattr(calendar, "get_display_name", None)
    try:
        return name() if callable(name) else getattr(calendar, "name", None)
    except Exception:  # noqa: BLE001 - a name is a nicety; the URL says which calendar it is
        return None


def _since(value: Any, url: str) -> date | None:
    """The ``since`` option: a TOML date or 'YYYY-MM-DD' (None when not set)."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise ConfigError(f"caldav source {url}: since = {value!r} is not a date; write it as since = 2024-01-01 "
                          f"(events that ended before that day are not mirrored)") from None


def _resource_name(url: Any) -> str:
    """The mirror file of a resource, named after its canonical URL."""
    canonical = url.canonical() if hasattr(url, "canonical") else url
    return _digest(str(canonical)) + ".ics"


def _write(path: Path, data: str | bytes) -> None:
    """Write a file whole: to a temp name, then renamed over the old one."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    os.replace(tmp, path)


def register_connectors(register) -> None:
    register(CaldavConnector)
