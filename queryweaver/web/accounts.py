"""The Data page's accounts (blueprint ``accounts``): IMAP and CalDAV accounts, and Google.

An IMAP or CalDAV account is added in one request: the fields are checked, the login is tried against the
server (one line says what failed: the server cannot be reached, TLS, the login refused), the password goes
to the system keyring (``connectors.passwords``; the connectors read it from there), and only then is the
``[[sources]]`` entry written, without the password. A failure at any step writes nothing: a password
stored for a config that could not be written is taken out of the keyring again. The password is never
sent back, logged, or written anywhere else; removing the source from the page forgets it.

    POST /api/data/accounts/add   {"version", "type": "imap", "host", "port", "security": "tls"|"starttls"|"none",
                                   "user", "password", "sync"?}
                                  {"version", "type": "caldav", "url", "user", "password"}

Google (``google_signin.py`` holds the sign-in itself) is under ``/api/data/google``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from ..config import SourceConfig
from ..config_file import add_source
from ..connector import Context
from ..errors import ConfigError, ConnectorError, QueryWeaverError
from .api import ApiError, _body
from .state import current_state

bp = Blueprint("accounts", __name__, url_prefix="/api/data/accounts")

SECURITY = ("tls", "starttls", "none")
LOOPBACK = ("127.0.0.1", "localhost", "::1")
MAX_FIELD = 500


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError):
    return jsonify({"error": exc.message, **exc.extra}), exc.status


@bp.errorhandler(QueryWeaverError)
def _config_error(exc: QueryWeaverError):
    from .data import _config_error as as_data_page_does

    return as_data_page_does(exc)


def keyring_entry(source: SourceConfig | dict[str, Any]) -> tuple[str, str] | None:
    """(service, account) under which the keyring keeps the password of an imap or caldav source, as the
    connectors look it up; None for other sources."""
    options = source.options if isinstance(source, SourceConfig) else source
    kind = source.type if isinstance(source, SourceConfig) else options.get("type")
    user = str(options.get("user") or "").strip()
    if kind == "imap":
        from connectors.imap import KEYRING_SERVICE

        return KEYRING_SERVICE, f"{user}@{str(options.get('host') or '').strip()}"
    if kind == "caldav":
        from connectors.caldav import KEYRING_SERVICE

        url = str(options.get("url") or "").strip()
        return KEYRING_SERVICE, f"{user}@{url}" if user else url
    return None


def _text(body: dict[str, Any], key: str, what: str, required: bool = True) -> str:
    value = body.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > MAX_FIELD or "\0" in value:
        raise ApiError(400, f"{what} must be text")
    value = value.strip()
    if required and not value:
        raise ApiError(400, f"give the {what}")
    return value


def _imap_entry(body: dict[str, Any]) -> dict[str, Any]:
    host = _text(body, "host", "server name (e.g. imap.fastmail.com)")
    if any(c.isspace() for c in host) or "/" in host:
        raise ApiError(400, f"{host!r} is not a server name; give just the name, e.g. imap.fastmail.com")
    user = _text(body, "user", "user name (often your address)")
    security = body.get("security") or "tls"
    if security not in SECURITY:
        raise ApiError(400, "security must be tls, starttls or none")
    if security == "none" and host.lower() not in LOOPBACK:
        raise ApiError(400, f"{host} would get your password unencrypted; choose TLS (port 993) or STARTTLS "
                            f"(port 143): plain IMAP is allowed only to this computer")
    port = body.get("port")
    if port in (None, ""):
        port = 993 if security == "tls" else 143
    try:
        port = int(port)
    except (TypeError, ValueError):
        raise ApiError(400, f"the port must be a number (993 for TLS, 143 for STARTTLS), not {port!r}") from None
    if not 0 < port < 65536:
        raise ApiError(400, f"the port must be between 1 and 65535, not {port}")
    entry: dict[str, Any] = {"type": "imap", "host": host, "port": port, "user": user}
    entry["tls"] = security == "tls"
    if security == "starttls":
        entry["starttls"] = True
    if body.get("sync"):
        entry["sync"] = True
    return entry


def _caldav_entry(body: dict[str, Any]) -> dict[str, Any]:
    from urllib.parse import urlsplit

    url = _text(body, "url", "account's CalDAV address (e.g. https://caldav.fastmail.com/dav/)")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ApiError(400, f"{url} is not a web address; give the account's CalDAV address, starting with https://")
    if parts.scheme == "http" and parts.hostname not in LOOPBACK:
        raise ApiError(400, f"{url} would get your password unencrypted; use its https:// address (plain http is "
                            f"allowed only to this computer)")
    if parts.username or parts.password:
        raise ApiError(400, "leave the user name and password out of the address; type them in their own boxes")
    user = _text(body, "user", "user name (often your address)")
    return {"type": "caldav", "url": url, "user": user}


def _checker(entry: dict[str, Any], password: str):
    """What tries the login: the connectors' own code, given the typed password instead of the keyring's."""
    options = {k: v for k, v in entry.items() if k != "type"}
    source = SourceConfig(entry["type"], options)
    if entry["type"] == "imap":
        from connectors.imap import ImapAccount

        account = ImapAccount(source, password=lambda: password)

        def check() -> str:
            folders = account.check_login()
            return f"logged in to {account.host}; {len(folders)} folder{'' if len(folders) == 1 else 's'} to search"
        return check
    from connectors.caldav import CaldavConnector

    connector = CaldavConnector(source, Context.from_config(current_state().config), password=lambda: password)

    def check_calendars() -> str:
        try:
            names = connector.check_login()
        finally:
            connector.close()
        if not names:
            raise ApiError(400, f"{entry['url']} holds no calendars for {entry['user']}; check the address (the "
                                f"account's CalDAV address, as its provider gives it)")
        return f"logged in; {len(names)} calendar{'' if len(names) == 1 else 's'}: {', '.join(names[:5])}"
    return check_calendars


@bp.post("/add")
def add_account():
    from connectors.passwords import KeyringUnavailable, forget_password, keyring_backend, store_password

    from .data import _save

    state = current_state()
    body = _body()
    kind = body.get("type")
    if kind == "imap":
        entry = _imap_entry(body)
    elif kind == "caldav":
        entry = _caldav_entry(body)
    else:
        raise ApiError(400, "type must be imap or caldav (Google has its own form; files and mail folders theirs)")
    password = body.get("password")
    if not isinstance(password, str) or not password or len(password) > MAX_FIELD:
        raise ApiError(400, "type the account's password (an app password, where the provider has them)")
    service, account = keyring_entry(entry)
    configured = [] if state.config.is_demo else state.config.sources
    if any(keyring_entry(s) == (service, account) for s in configured):
        raise ApiError(409, f"{account} is already a source; remove it first to change it")
    try:
        keyring_backend()  # no keyring: say so before the password is sent anywhere
        checked = _checker(entry, password)()
    except KeyringUnavailable as exc:
        raise ApiError(400, str(exc)) from None
    except ConfigError as exc:
        raise ApiError(400, str(exc)) from None
    except ConnectorError as exc:  # the server said no, or could not be reached: one line, nothing written
        raise ApiError(400, str(exc)) from None
    try:
        backend = store_password(service, account, password)
    except KeyringUnavailable as exc:
        raise ApiError(400, str(exc)) from None
    try:
        _save(body.get("version"), lambda document: add_source(document, entry))
    except ApiError:  # written, but a build holds the engine (ConfigBusy): the source is there, so is its password
        raise
    except BaseException:
        forget_password(service, account)  # nothing half-written: no password kept for a source not saved
        raise
    shown = {k: v for k, v in entry.items() if k in ("type", "host", "port", "user", "url", "tls", "starttls", "sync")}
    return jsonify({"added": shown, "source": len(current_state().config.sources) - 1, "checked": checked,
                    "keyring": backend})


def forget_removed(removed: dict[str, Any], remaining: list[SourceConfig]) -> bool:
    """After a source was removed from the config: forget its password unless another source uses it."""
    from connectors.passwords import forget_password

    entry = keyring_entry(removed)
    if entry is None or any(keyring_entry(s) == entry for s in remaining):
        return False
    return forget_password(*entry)
