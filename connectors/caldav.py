"""Calendars on a CalDAV server, answered from a local mirror of their .ics resources.

A sync writes each event resource of each calendar the account's principal lists into a folder of the cache
dir (one .ics file per resource, written whole and renamed into place), and the .ics connector's index reads
that folder: recurrence expansion, attendees, places and dates are exactly those of a local .ics file, and only
files whose content changed are parsed again.

Requests: the first sync of a calendar asks for its sync token (``PROPFIND`` depth 0, ``DAV:sync-token``), then
for every resource's etag (``PROPFIND`` depth 1), then for the resources in ``calendar-multiget`` REPORTs of a few
hundred each (``QUERYWEAVER_CALDAV_BATCH``, 250 by default). After each batch the resources are written and the
calendar's manifest (``.etags.json`` in its folder: each resource's etag) with them, so a first sync cut short (the
server gone, the process killed) keeps whole batches and the next one, listing the etags again, fetches only what is
missing or changed; the token is stored once every resource is in. Later syncs are one ``sync-collection`` REPORT
with the stored token and ``calendar-multiget`` REPORTs for the changed resources; removed resources are deleted
from the mirror. A server that keeps no sync token, or no longer knows the stored one, is listed again by etag
(nothing unchanged is fetched). With ``since = 2024-01-01`` the listing is a ``calendar-query`` REPORT for the etags
of what has not ended before that day (a time range the server applies), so only those are fetched; a later change
to an older event still arrives through the sync token. Taking the token before the listing means a change made
while a first sync runs comes again in the next sync's delta, never is lost.

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
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from xml.etree import ElementTree

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
        self.requests = 0  # the requests of the last sync, for the benchmark and tests
        self.fetched = 0   # the resources the last sync asked for by calendar-multiget
        self.batch = batch_size()
        self._client = None

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

        # a minute to connect, five to answer: a server building its caches lists 20,000 etags in minutes once
        return caldav.DAVClient(url=self.url, username=self.user or None, password=self.password(),
                                timeout=(60, 300))

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
        self.fetched = 0
        try:
            client = self._client = self._client_factory()
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
        """Bring one calendar's mirror folder up to date: by the stored sync token's changes, else by a listing of
        every resource's etag (a first sync, one cut short, or a token the server no longer knows)."""
        folder.mkdir(exist_ok=True)
        token = state.get(url)
        if token is not None:
            delta = self._changes(calendar, token)
            if delta is not None:
                changed, removed, new_token = delta
                count = self._fetch(calendar, folder, changed)
                manifest = _read_manifest(folder)
                for name in removed:
                    (folder / name).unlink(missing_ok=True)
                    manifest.pop(name, None)
                _write_manifest(folder, manifest)
                state[url] = new_token
                return count + len(removed)
        # the token first: a change made while we list and fetch is in the next sync's delta
        token = self._sync_token(calendar)
        listing = self._listing(calendar)
        manifest = _read_manifest(folder)
        wanted = {name: (href, etag) for href, etag in listing.items() for name in [self._name(calendar, href)]}
        stale = [name for name in manifest if name not in wanted]
        for name in stale:
            manifest.pop(name)
        for old in folder.glob("*.ics"):
            if old.name not in wanted:
                old.unlink()
        _write_manifest(folder, manifest)
        todo = {href: etag for name, (href, etag) in wanted.items()
                if manifest.get(name) is None or manifest[name] != etag or not (folder / name).exists()}
        count = self._fetch(calendar, folder, todo)
        if token is not None:
            state[url] = token
        else:
            state.pop(url, None)  # no sync tokens: the next sync lists the etags again
        return count + len(stale)

    # -- requests: PROPFIND for the etags, calendar-multiget in batches, sync-collection for the changes ---------------
    def _dav(self, method: str, url: str, body: str, depth: int | None):
        """One WebDAV request through the caldav library's client (its auth and session); a multistatus back."""
        client = self._client
        response = client.propfind(url, body, depth) if method == "PROPFIND" else client.report(url, body, depth)
        self.requests += 1
        status = int(getattr(response, "status", 0) or 0)
        if status >= 400:
            from caldav.lib import error

            raise error.DAVError(f"{method} {url}: {status} {getattr(response, 'reason', '')}")
        raw = response.raw
        return ElementTree.fromstring(raw.encode("utf-8") if isinstance(raw, str) else raw)

    def _sync_token(self, calendar) -> str | None:
        """The collection's DAV:sync-token (PROPFIND depth 0); None when the server keeps none."""
        tree = self._dav("PROPFIND", str(calendar.url), PROPFIND_TOKEN, 0)
        found = tree.find(f".//{{{DAV}}}sync-token")
        return found.text.strip() if found is not None and found.text and found.text.strip() else None

    def _listing(self, calendar) -> dict[str, str | None]:
        """href -> etag of every event resource of the calendar: PROPFIND depth 1, or with ``since`` a calendar-query
        for the etags alone of what has not ended before it (the server leaves out the rest)."""
        if self.since is not None:
            start = datetime.combine(self.since, time.min, tzinfo=self.context.tz) - timedelta(days=1)
            moment = start.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
            tree = self._dav("REPORT", str(calendar.url), CALENDAR_QUERY.format(start=moment), 1)
        else:
            tree = self._dav("PROPFIND", str(calendar.url), PROPFIND_ETAGS, 1)
        out: dict[str, str | None] = {}
        for response in tree.findall(f"{{{DAV}}}response"):
            href = (response.findtext(f"{{{DAV}}}href") or "").strip()
            if not href or _same_path(href, str(calendar.url)):
                continue
            ok = [p for p in response.findall(f"{{{DAV}}}propstat")
                  if " 200 " in (p.findtext(f"{{{DAV}}}status") or "")]
            if not ok:
                continue
            prop = ok[0].find(f"{{{DAV}}}prop")
            kind = (prop.findtext(f"{{{DAV}}}getcontenttype") or "") if prop is not None else ""
            if prop is not None and prop.find(f"{{{DAV}}}resourcetype/{{{DAV}}}collection") is not None:
                continue  # a sub-collection, not an event
            if "component=" in kind.lower() and "component=vevent" not in kind.lower().replace(" ", ""):
                continue  # a task or a journal entry
            etag = prop.findtext(f"{{{DAV}}}getetag") if prop is not None else None
            out[href] = etag.strip() if etag else None
        return out

    def _changes(self, calendar, token: str) -> tuple[dict[str, str | None], list[str], str] | None:
        """The resources changed (href -> etag) and removed (mirror names) since ``token``, and the new token, from
        one sync-collection REPORT; None when the server no longer knows the token (listed again then)."""
        from caldav.lib import error

        try:
            tree = self._dav("REPORT", str(calendar.url), SYNC_COLLECTION.format(token=_xml_text(token)), 1)
        except (error.AuthorizationError, error.DAVError) as exc:
            if "valid-sync-token" in str(exc) or re.search(r"\b(403|409|410)\b", str(exc)):
                return None
            raise
        changed: dict[str, str | None] = {}
        removed: list[str] = []
        for response in tree.findall(f"{{{DAV}}}response"):
            href = (response.findtext(f"{{{DAV}}}href") or "").strip()
            if not href or _same_path(href, str(calendar.url)):
                continue
            status = response.findtext(f"{{{DAV}}}status") or ""
            if " 404 " in status:
                removed.append(self._name(calendar, href))
                continue
            etag = response.findtext(f".//{{{DAV}}}getetag")
            changed[href] = etag.strip() if etag else None
        new_token = (tree.findtext(f"{{{DAV}}}sync-token") or "").strip() or token
        return changed, removed, new_token

    def _fetch(self, calendar, folder: Path, hrefs: dict[str, str | None]) -> int:
        """Write the resources ``hrefs`` into ``folder`` from calendar-multiget REPORTs of ``batch`` each; after each
        batch the manifest (name -> etag) is written, so a sync cut short keeps what it fetched. Returns how many."""
        todo = list(hrefs)
        done = 0
        name = unquote(urlsplit(str(calendar.url)).path).rstrip("/").rsplit("/", 1)[-1]
        stage = f"syncing calendar {name}, events fetched"
        progress = self.context.progress
        if todo:
            progress(stage, 0, len(todo))
        for start in range(0, len(todo), self.batch):
            chunk = todo[start:start + self.batch]
            body = MULTIGET.format(hrefs="".join(f"<D:href>{_xml_text(h)}</D:href>" for h in chunk))
            tree = self._dav("REPORT", str(calendar.url), body, None)
            manifest = _read_manifest(folder)
            for response in tree.findall(f"{{{DAV}}}response"):
                href = (response.findtext(f"{{{DAV}}}href") or "").strip()
                data = response.findtext(f".//{{{CALDAV}}}calendar-data")
                if not href or data is None or not data.strip():
                    continue
                name = self._name(calendar, href)
                _write(folder / name, data)
                etag = response.findtext(f".//{{{DAV}}}getetag")
                manifest[name] = (etag.strip() if etag else None) or hrefs.get(href) or hrefs.get(
                    self._absolute(calendar, href)) or ""
                done += 1
            _write_manifest(folder, manifest)
            self.fetched += len(chunk)
            progress(stage, min(start + len(chunk), len(todo)), len(todo))
        return done

    def _absolute(self, calendar, href: str) -> str:
        url = calendar.url.join(href) if hasattr(calendar.url, "join") else href
        return str(url.canonical() if hasattr(url, "canonical") else url)

    def _name(self, calendar, href: str) -> str:
        """The mirror file of a resource, named after its canonical URL (as earlier mirrors named them)."""
        return _digest(self._absolute(calendar, href)) + ".ics"

    def _load_state(self) -> dict:
        try:
            return json.loads((self.path / STATE_FILE).read_text())
        except (OSError, ValueError):
            return {}

    def _save_state(self, state: dict) -> None:
        _write(self.path / STATE_FILE, json.dumps(state))


DAV, CALDAV = "DAV:", "urn:ietf:params:xml:ns:caldav"
BATCH = 250   # resources per calendar-multiget REPORT (QUERYWEAVER_CALDAV_BATCH changes it)
MANIFEST = ".etags.json"   # in a calendar's mirror folder: each resource's etag, written after each batch
PROPFIND_TOKEN = ('<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:sync-token/>'
                  '</D:prop></D:propfind>')
PROPFIND_ETAGS = ('<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/>'
                  '<D:getcontenttype/><D:resourcetype/></D:prop></D:propfind>')
CALENDAR_QUERY = ('<?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns:D="DAV:" '
                  'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop><C:filter>'
                  '<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="{start}"/>'
                  '</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>')
SYNC_COLLECTION = ('<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token>{token}'
                   '</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>')
MULTIGET = ('<?xml version="1.0" encoding="utf-8"?><C:calendar-multiget xmlns:D="DAV:" '
            'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop>{hrefs}'
            '</C:calendar-multiget>')


def batch_size() -> int:
    try:
        return max(1, int(os.environ.get("QUERYWEAVER_CALDAV_BATCH", BATCH)))
    except ValueError:
        return BATCH


def _xml_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _same_path(href: str, url: str) -> bool:
    """Whether ``href`` (a path or a whole URL) names the collection at ``url``."""
    return unquote(urlsplit(href).path).rstrip("/") == unquote(urlsplit(url).path).rstrip("/")


def _read_manifest(folder: Path) -> dict[str, str]:
    try:
        found = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def _write_manifest(folder: Path, manifest: dict[str, str]) -> None:
    _write(folder / MANIFEST, json.dumps(manifest))


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


def _write(path: Path, data: str | bytes) -> None:
    """Write a file whole: to a temp name, then renamed over the old one."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    os.replace(tmp, path)


def register_connectors(register) -> None:
    register(CaldavConnector)
