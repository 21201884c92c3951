"""Mail on an IMAP server, asked at question time (the default); ``sync = true`` mirrors it instead (imap_mirror.py).

Live mode answers every Email tool as the Gmail connector's live mode does: what a tool call knows is compiled
into IMAP ``SEARCH`` criteria, one ``UID SEARCH`` per configured folder, and only the messages found are
fetched — a few header fields and ``BODYSTRUCTURE`` — into a local cache keyed by (folder, UIDVALIDITY, UID).
The same question again costs one ``SEARCH`` per folder and no ``FETCH``. Email keys are Message-IDs, as for
an mbox, so a message filed in two folders is one Email and the answers are the mbox path's.

What goes into SEARCH. Every criterion only *proposes* messages (IMAP matches substrings: FROM "bo@x.org"
finds "jimbo@x.org" too); each one found is then checked exactly on its fetched header, read as the mbox
path reads it, which is also why every match is fetched before the executor intersects:

* people: ``FROM``, ``TO``/``CC``/``BCC`` with each address. A person's *name* first becomes addresses:
  the words of the name are searched in the address headers, a few of the messages found are read, and
  the messages of each address found are crossed off with one more SEARCH before the next few are read;
* dates: ``SENTSINCE``/``SENTBEFORE`` compare the day written in the Date header, in the header's own
  zone, so the range is widened by two days on each side (zones are at most 26 hours apart) and or'ed
  with ``SENTBEFORE 2-Jan-1970``, where servers file a missing or unreadable Date (we then use the
  delivery time, as the mbox path does). ``SINCE``/``BEFORE`` would compare the delivery time instead;
* subjects: ``SUBJECT`` once per word (servers keep runs of spaces); Message-IDs: ``HEADER Message-ID``;
  links and content filters: ``BODY`` (a URL by its longest piece that HTML cannot have escaped);
* several values at once: a balanced ``OR`` tree, a few kB of criteria per command;
* a tool call's wanted Email filters (a subject) are added to its SEARCH: fewer messages to fetch.

IMAP has no search for attachment names, so File questions search the messages that can carry one (a
multipart, a message/rfc822, a Content-Disposition or a name parameter at the top) and read the names from
``BODYSTRUCTURE``: attachments are never downloaded. Links and content filters fetch only the text parts of
the candidate emails (``BODY.PEEK[section]``).

Fetching: ``UID FETCH (BODY.PEEK[HEADER.FIELDS (From To Cc Bcc Subject Date Message-ID)] BODYSTRUCTURE)`` in
batches of 500. The MIME header fields of the message and of each part are written from BODYSTRUCTURE and the
message read by ``mailstore.parse_message``, so names, addresses, dates and URLs come out as from a file; a
message without a Message-ID or a usable Date also gets its whole header and INTERNALDATE, so its key and date
are the mbox path's too.

Connections: one per burst of use, dropped after ``SESSION_IDLE_S`` idle (servers drop idle clients anyway).
Within one, each folder is EXAMINEd once and its UIDVALIDITY compared with the cache (a renumbered folder's
cached messages are dropped), and each SEARCH is sent once. A server that cannot be reached, refuses the
login, or drops the connection is one warning naming the source, and the question is answered by the others.

The password never goes in the config: it is read from the system keyring (service ``queryweaver-imap``,
user ``user@host``) when the ``keyring`` package is installed and holds it, else from the environment
variable named by ``password_env``, else asked for on a terminal.
"""

from __future__ import annotations

import hashlib
import imaplib
import json
import re
import socket
import sqlite3
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from queryweaver.connector import Connector, Context, Link, Selection, tool
from queryweaver.errors import AuthError, ConfigError, ConnectorError, QueryWeaverError
from queryweaver.filters import filter_items, match_persons, norm
from queryweaver.graph import FilterConstraint
from queryweaver.reader.grounding import Lexicon
from queryweaver.index import lexicon_stale, read_lexicon, write_lexicon
from queryweaver.items import SELF_KEY, DateRange, Item, day_item, file_key
from queryweaver.schema import EntityType

from .mailstore import (
    MAX_MIME_DEPTH,
    ROLES,
    _filename,
    _may_be_attachment,
    _read_parts,
    day_bounds,
    decode_text_header,
    html_to_text,
    mail_lexicon_rows,
    normalize_message_id,
    parse_date,
    parse_message,
    split_entity,
)
from .server_cache import CHUNK, ServerCache
from .passwords import account_password

EMAIL, PERSON, SELF = EntityType.EMAIL, EntityType.PERSON, EntityType.SELF
FILE, WEBPAGE, DATE = EntityType.FILE, EntityType.WEBPAGE, EntityType.DATE

KEYRING_SERVICE = "queryweaver-imap"
TIMEOUT_S = 60.0
SKIPPED_FOLDER_FLAGS = (b"\\noselect", b"\\nonexistent", b"\\junk", b"\\trash")
LIVE_BATCH = 500            # messages per UID FETCH in live mode
SESSION_IDLE_S = 30.0       # a connection (and what it searched) is reused while used at least this often
DOWN_S = 30.0               # after a failure, the source answers nothing for this long instead of retrying
REWARN_S = 5.0              # meanwhile a call this long after the last one (a new question) is told again
NAME_SAMPLE = 50            # messages read per round when turning a name into addresses
MAX_CRITERIA_BYTES = 4000   # criteria per SEARCH; values beyond go into further commands
# imaplib refuses a response line longer than its module-wide _MAXLINE (1 MB): a SEARCH over 250,000 messages
# answers with a line of 1.1 MB, which failed as "got more than 1000000 bytes" and left the source answering nothing.
# A line of UIDs for ten million messages fits in this (imaplib reads the global at each line; it has no per-client
# setting).
MAX_RESPONSE_LINE = 100_000_000
imaplib._MAXLINE = max(imaplib._MAXLINE, MAX_RESPONSE_LINE)
DATE_SLACK = timedelta(days=2)
# The header fields the mail parser reads (mailstore.KEPT_HEADERS) but the MIME ones: those, the message's and its
# parts', are written from BODYSTRUCTURE (each FETCH answer also echoes this list, once per message: kept short).
HEADER_FIELDS = b"FROM TO CC BCC SUBJECT DATE MESSAGE-ID"
LIVE_BOUNDARY = b"queryweaver-imap-live"
HEADER_ITEM = b"BODY.PEEK[HEADER.FIELDS (" + HEADER_FIELDS + b")]"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

Client = Any  # an imapclient.IMAPClient (or anything with its methods, for a counting wrapper)
T = TypeVar("T")


def source_flag(source, key: str) -> bool:
    """A yes/no option of a source's entry (TOML true/false, or a string such as "yes")."""
    value = source.options.get(key, False)
    if isinstance(value, str):
        return value.strip().lower() in ("true", "yes", "1", "on")
    return bool(value)


# ---- BODYSTRUCTURE ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Leaf:
    """One leaf part of a message: where its MIME header and its content are, and whether to fetch the content."""

    header_section: str     # e.g. '1.2.MIME'; 'HEADER' for a message that is not multipart
    body_section: str       # e.g. '1.2'; 'TEXT' for a message that is not multipart
    size: int               # encoded size, from BODYSTRUCTURE
    encoding: str
    fetch_body: bool        # a text/plain or text/html part that is not an attachment
    mime: bytes = b""       # the part's MIME header as BODYSTRUCTURE describes it (type, encoding, disposition)


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("ascii", "replace")
    return "" if value is None else str(value)


def _raw(value: Any) -> bytes:
    if isinstance(value, bytes):
        return value
    return b"" if value is None else str(value).encode("utf-8", "surrogateescape")


def _params(raw: Any) -> dict[str, str]:
    """A BODYSTRUCTURE parameter list ('NAME' 'value' ...) as a dict with lower-cased names."""
    if not isinstance(raw, (tuple, list)):
        return {}
    items = list(raw)
    return {_text(items[i]).lower(): _text(items[i + 1]) for i in range(0, len(items) - 1, 2)}


def _param_text(raw: Any) -> bytes:
    """A parameter list as header text ('; name="value"'...). RFC 2231 values (name*) are written as given:
    servers hand them on undecoded, so the mail parser decodes them as it would from the message."""
    if not isinstance(raw, (tuple, list)):
        return b""
    items = list(raw)
    out = []
    for i in range(0, len(items) - 1, 2):
        name, value = _raw(items[i]), _raw(items[i + 1])
        if name.endswith(b"*"):
            out.append(b"; " + name + b"=" + value)
        else:
            out.append(b"; " + name + b'="' + value.replace(b"\\", b"\\\\").replace(b'"', b'\\"') + b'"')
    return b"".join(out)


def _disposition(part: Sequence[Any], at: int) -> tuple[str, dict[str, str]]:
    """(disposition, its parameters) from the extension data at position ``at``, ('', {}) when absent."""
    if len(part) > at and isinstance(part[at], (tuple, list)) and part[at]:
        return _text(part[at][0]).lower(), _params(part[at][1] if len(part[at]) > 1 else None)
    return "", {}


def part_header(part: Sequence[Any], at: int) -> bytes:
    """The MIME header of a single part, written from its BODYSTRUCTURE: what the mail parser reads of it."""
    lines = [b"Content-Type: " + (_raw(part[0]) or b"text") + b"/" + (_raw(part[1]) or b"plain") + _param_text(part[2])]
    if len(part) > 5 and part[5]:
        lines.append(b"Content-Transfer-Encoding: " + _raw(part[5]))
    if len(part) > at and isinstance(part[at], (tuple, list)) and part[at]:
        lines.append(b"Content-Disposition: " + _raw(part[at][0]) + _param_text(part[at][1] if len(part[at]) > 1 else None))
    return b"\n".join(lines)


def _subparts(structure: Sequence[Any]) -> list[Sequence[Any]] | None:
    """The parts of a multipart BODYSTRUCTURE (imapclient nests them in a list; a raw nested one leads with
    tuples), None for a single part."""
    if structure and isinstance(structure[0], list):
        return structure[0]
    if structure and isinstance(structure[0], tuple):
        parts = []
        for part in structure:
            if not isinstance(part, tuple):
                break
            parts.append(part)
        return parts
    return None


def leaves(structure: Sequence[Any], prefix: str = "", depth: int = 0) -> list[Leaf]:
    """The leaf parts of a BODYSTRUCTURE, with their section numbers, in the order a parser meets them.

    A forwarded message (message/rfc822 without a file name) is descended into, as ``mailstore.iter_leaves``
    does; anything nested deeper than ``mailstore.MAX_MIME_DEPTH`` is left as one opaque part.
    """
    parts = _subparts(structure)
    if parts is not None:
        found: list[Leaf] = []
        for number, part in enumerate(parts, start=1):
            found += leaves(part, f"{prefix}.{number}" if prefix else str(number), depth + 1)
        return found
    ctype, subtype = _text(structure[0]).lower(), _text(structure[1]).lower()
    params = _params(structure[2])
    encoding = _text(structure[5]).lower()
    size = int(structure[6]) if len(structure) > 6 and isinstance(structure[6], int) else 0
    header, body = (f"{prefix}.MIME", prefix) if prefix else ("HEADER", "TEXT")
    is_message = (ctype, subtype) == ("message", "rfc822")
    at = 9 if ctype == "text" else 11 if is_message else 8
    disposition, dparams = _disposition(structure, at)
    named = any(k in params for k in ("name", "name*")) or any(k in dparams for k in ("filename", "filename*"))
    if is_message and prefix and not named and len(structure) > 8 and depth < MAX_MIME_DEPTH:
        inner = structure[8]
        if _subparts(inner) is not None:
            return leaves(inner, prefix, depth + 1)
        if isinstance(inner, (tuple, list)) and len(inner) > 6:
            leaf = leaves(inner, "", depth + 1)[0]
            return [Leaf(f"{prefix}.HEADER", f"{prefix}.TEXT", leaf.size, leaf.encoding, leaf.fetch_body, leaf.mime)]
    is_text = ctype == "text" and subtype in ("plain", "html")
    return [Leaf(header, body, size, encoding, is_text and disposition != "attachment" and not named,
                 part_header(structure, at))]


def top_mime(structure: Sequence[Any]) -> bytes:
    """The message's own MIME header fields, written from its BODYSTRUCTURE: a multipart gets a boundary of ours
    (the parts are put back together under it), a single part its type, encoding and disposition."""
    if _subparts(structure) is not None:
        return b'Content-Type: multipart/mixed; boundary="' + LIVE_BOUNDARY + b'"'
    ctype, subtype = _text(structure[0]).lower(), _text(structure[1]).lower()
    return part_header(structure, 9 if ctype == "text" else 11 if (ctype, subtype) == ("message", "rfc822") else 8)


def decoded_size(leaf: Leaf) -> int:
    """About how many bytes a part holds once its transfer encoding is undone (BODYSTRUCTURE gives the encoded size)."""
    if leaf.encoding == "base64":
        return leaf.size * 57 // 78  # 57 bytes per 76-character line plus CRLF
    return leaf.size


def attachment_sizes(top_header: bytes | None, plan: list[Leaf], pieces: list[tuple[bytes, bytes]]) -> list[int]:
    """The sizes of the parts the parser takes for named attachments (same test as ``mailstore._read_parts``)."""
    sizes = []
    for leaf, (mime, _content) in zip(plan, pieces):
        part = split_entity(_lf(top_header if top_header is not None else mime).rstrip(b"\n") + b"\n\n")[0]
        if _may_be_attachment(part) and file_key(_filename(part, [])):
            sizes.append(decoded_size(leaf))
    return sizes


def _lf(data: bytes | None) -> bytes:
    return (data or b"").replace(b"\r\n", b"\n")


def rebuild_message(header: bytes, top_multipart: bool, parts: list[tuple[bytes, bytes]]) -> bytes:
    """A message holding the original header and the given leaf parts (MIME header, content), flattened.

    Nested multiparts are flattened under the top boundary: the parser walks leaves only, so the texts,
    HTML parts and attachment names it finds are the ones of the original message.
    """
    header = _lf(header).rstrip(b"\n") + b"\n\n"
    if not top_multipart:
        return header + (_lf(parts[0][1]) if parts else b"")
    boundary = split_entity(header)[0].get_boundary() or "queryweaver-imap-mirror"
    delim = b"--" + boundary.encode("utf-8", "surrogateescape")
    out = [header]
    for mime, content in parts:
        out += [delim, b"\n", _lf(mime).rstrip(b"\n"), b"\n\n", _lf(content), b"\n"]
    out += [delim, b"--\n"]
    return b"".join(out)


class ServerUnavailable(ConnectorError):
    """The IMAP server cannot be reached, or the connection to it broke."""


# ---- the account --------------------------------------------------------------------------------------------

class ImapAccount:
    """An imap source's server and login, from its [[sources]] entry (checked), and how to connect to it."""

    def __init__(self, source, client_factory: Callable[[], Client] | None = None,
                 password: Callable[[], str] | None = None):
        options = source.options
        if "password" in options:
            raise ConfigError("an imap source must not hold its password in the config file; remove 'password' and "
                              "store it in the system keyring (service 'queryweaver-imap') or name an environment "
                              "variable with password_env = \"...\"")
        self.host = str(options.get("host") or "").strip()
        self.user = str(options.get("user") or "").strip()
        for key, value in (("host", self.host), ("user", self.user)):
            if not value:
                raise ConfigError(f"imap source needs '{key}'; add {key} = \"...\" to its [[sources]] entry")
        self.tls = bool(options.get("tls", True))
        self.starttls = bool(options.get("starttls", False))
        if self.tls and self.starttls:
            raise ConfigError("imap source: set either tls = true (port 993) or starttls = true (port 143), not both")
        self.port = int(options.get("port") or (993 if self.tls else 143))
        if not (self.tls or self.starttls) and self.host not in ("127.0.0.1", "localhost", "::1"):
            raise ConfigError(f"imap source {self.host}: refusing to send a password unencrypted; set tls = true "
                              f"or starttls = true (plain IMAP is allowed only to this machine)")
        folders = options.get("folders")
        if isinstance(folders, str):
            folders = [folders]
        self.folders: list[str] | None = [str(f) for f in folders] if folders else None
        self.password_env = options.get("password_env")
        self.account = f"{self.user}@{self.host}"
        self._client_factory = client_factory or self._default_client
        self._password_source = password
        self._password: str | None = None

    @property
    def label(self) -> str:
        return f"imap source {self.account}"

    def _default_client(self) -> Client:
        import ssl  # here, not at the top: a CLI with no IMAP source never loads it
        from imapclient import IMAPClient

        context = ssl.create_default_context()
        client = IMAPClient(self.host, port=self.port, ssl=self.tls, ssl_context=context if self.tls else None,
                            timeout=TIMEOUT_S)
        if self.starttls:
            client.starttls(context)
        return client

    def password(self) -> str:
        """The account's password: keyring, else the environment variable named by password_env, else a prompt."""
        if self._password is not None:
            return self._password
        if self._password_source is not None:
            self._password = self._password_source()
            return self._password
        self._password = account_password(label=self.label, service=KEYRING_SERVICE, account=self.account,
                                          password_env=self.password_env, what="IMAP")
        return self._password

    def connect(self, lost: Callable[[BaseException], ConnectorError]) -> Client:
        """A logged-in client; every failure is one ConnectorError naming the source and the fix (``lost`` words
        a connection that breaks during the login)."""
        import imaplib
        import ssl
        try:
            client = self._client_factory()
        except ssl.SSLCertVerificationError as exc:
            raise ServerUnavailable(
                f"{self.label}: the TLS certificate of {self.host}:{self.port} is not trusted "
                f"({exc.verify_message or exc.reason}); check 'host' names the provider's server. A server with its "
                f"own certificate authority (a company server) needs that certificate added to the system's trusted "
                f"certificates, or SSL_CERT_FILE pointing at it; nothing was sent to it") from exc
        except ssl.SSLError as exc:
            raise ServerUnavailable(f"{self.label}: the TLS handshake with {self.host}:{self.port} failed ({exc}); "
                                 f"check 'tls'/'starttls' and 'port' (993 for tls, 143 for starttls)") from exc
        except (OSError, imaplib.IMAP4.error) as exc:
            raise ServerUnavailable(f"{self.label}: cannot connect to {self.host}:{self.port} ({reason(exc)}); check "
                                 f"'host' and 'port' and that the server is reachable") from exc
        from imapclient.exceptions import LoginError

        try:
            client.login(self.user, self.password())
        except LoginError as exc:
            close_client(client)
            self._password = None
            raise AuthError(f"{self.label}: the server refused the login ({reason(exc)}); check 'user' and the "
                            f"password (an app password where the provider asks for one)") from exc
        except (OSError, imaplib.IMAP4.error) as exc:
            close_client(client)
            raise lost(exc) from exc
        except QueryWeaverError:
            close_client(client)
            raise
        client.normalise_times = False
        try:
            # Servers list their capabilities in the LOGIN answer; imaplib keeps them only until the next SELECT,
            # after which imapclient would spend a CAPABILITY command to learn them: read them now.
            client.capabilities()
        except (OSError, imaplib.IMAP4.error) as exc:
            close_client(client)
            raise lost(exc) from exc
        return client

    def check_login(self) -> list[str]:
        """Log in and out once, as the Data page's form does before saving the account: the folders a question
        would search. Every failure is one ``ConnectorError`` line (``AuthError`` for a refused login)."""
        import imaplib

        client = self.connect(lambda exc: ServerUnavailable(
            f"{self.label}: the connection broke during the login ({reason(exc)}); check 'port' and the "
            f"security setting (TLS on 993, STARTTLS on 143)"))
        try:
            return self.folder_names(client)
        except (OSError, imaplib.IMAP4.error) as exc:
            raise ServerUnavailable(f"{self.label}: the server did not list its folders ({reason(exc)})") from exc
        finally:
            logout(client)

    def folder_names(self, client: Client) -> list[str]:
        """The configured folders, or every selectable folder but Junk and Trash."""
        if self.folders is not None:
            return list(self.folders)
        names = []
        for flags, _delim, name in client.list_folders():
            if not any(f.lower() in SKIPPED_FOLDER_FLAGS for f in flags):
                names.append(name)
        return names


def reason(exc: BaseException) -> str:
    text = str(exc).strip()
    if isinstance(exc, socket.timeout):
        return "timed out"
    if text.startswith("b'") or text.startswith('b"'):
        text = text[2:-1]
    return text or type(exc).__name__


def close_client(client: Client) -> None:
    try:
        client.shutdown()
    except Exception:  # noqa: BLE001 - already failing; the first error is the one to report
        pass


def logout(client: Client) -> None:
    try:
        client.logout()
    except Exception:  # noqa: BLE001 - the server may be gone; nothing is left to save
        close_client(client)


# ---- SEARCH criteria ----------------------------------------------------------------------------------------
# A criterion is a list of tokens as imapclient takes them; a nested list is a parenthesised group. Values are
# bytes (UTF-8): imapclient sends 8-bit ones as literals, and the search then says CHARSET UTF-8.

Criterion = list
ALL: Criterion = ["ALL"]
ROLE_KEYS = {"from": ("FROM",), "to": ("TO", "CC", "BCC"), "participants": ("FROM", "TO", "CC", "BCC")}
# a message the parser can find a named attachment in has one of these at the top (see mailstore._may_be_attachment)
MAY_HAVE_ATTACHMENT: Criterion = [
    "OR", ["OR", ["HEADER", "Content-Type", b"multipart"], ["HEADER", "Content-Type", b"rfc822"]],
    ["OR", ["HEADER", "Content-Disposition", b""], ["HEADER", "Content-Type", b"name"]]]


def _value(text: str) -> bytes:
    return str(text).encode("utf-8")


def _group(criterion: Criterion) -> Criterion:
    """A criterion made safe to parenthesise: imapclient glues ')' to the last token, which must not be a literal."""
    last = criterion[-1]
    if isinstance(last, bytes) and not last.isascii():
        return [*criterion, "ALL"]
    return criterion


def any_of(terms: Sequence[Criterion]) -> Criterion:
    """One criterion matching any of ``terms``: a balanced OR tree (depth grows with the log of the count)."""
    if len(terms) == 1:
        return list(terms[0])
    middle = len(terms) // 2
    return ["OR", _group(any_of(terms[:middle])), _group(any_of(terms[middle:]))]


def criteria_text(criterion: Criterion) -> str:
    """A criterion written out, every value as given (for memo keys and sizes)."""
    return " ".join(f"({criteria_text(t)})" if isinstance(t, list)
                    else repr(t.decode("utf-8", "surrogateescape")) if isinstance(t, bytes) else str(t)
                    for t in criterion)


def any_of_chunked(terms: Sequence[Criterion], also: Criterion = ()) -> list[Criterion]:
    """Criteria (each ``also`` and one OR tree) covering ``terms``, a few kB each."""
    out: list[Criterion] = []
    chunk: list[Criterion] = []
    size = 0
    for term in terms:
        length = len(criteria_text(term)) + 8
        if chunk and size + length > MAX_CRITERIA_BYTES:
            out.append([*also, *any_of(chunk)])
            chunk, size = [], 0
        chunk.append(term)
        size += length
    if chunk:
        out.append([*also, *any_of(chunk)])
    return out


def address_terms(addresses: Iterable[str], edge: str) -> list[Criterion]:
    """Messages where any of the addresses is the sender / a recipient / either (substring matches)."""
    return [[key, _value(addr)] for addr in sorted(set(addresses)) for key in ROLE_KEYS[edge]]


def imap_date(day: date) -> str:
    return f"{day.day}-{MONTHS[day.month - 1]}-{day.year}"


def date_criterion(rng: DateRange) -> Criterion:
    """Messages whose Date header may fall in ``rng`` (days in ``[self] timezone``), and those without a usable one."""
    def shifted(day: date, delta: timedelta) -> date | None:
        try:
            return day + delta
        except OverflowError:
            return None

    since = shifted(rng.start, -DATE_SLACK) if rng.start else None
    before = shifted(rng.end, DATE_SLACK) if rng.end else None
    terms: Criterion = []
    if since is not None:
        terms += ["SENTSINCE", imap_date(since)]
    if before is not None:
        terms += ["SENTBEFORE", imap_date(before)]
    if not terms:
        return list(ALL)
    if since is None:
        return terms  # SENTBEFORE x takes the undated (1970) ones too
    return ["OR", terms, ["SENTBEFORE", "2-Jan-1970"]]


def word_terms(key: str, text: str) -> Criterion:
    """``key word`` for each word of ``text`` (all must match); ALL when it has none."""
    words = norm(text).split()
    return [t for w in words for t in (key, _value(w))] or list(ALL)


def url_piece(url: str) -> str:
    """The longest piece of a URL that an HTML body must hold as written (no &, quotes or brackets to escape)."""
    return max(re.split(r"[&<>\"'\s]+", url), key=len)


def wanted_email_terms(filters: Iterable[FilterConstraint], dates: DateRange | None = None) -> Criterion:
    """The wanted Email variable's subject filters and the days it is sent within (``Selection.wanted_dates``, widened
    as ``date_criterion`` does) as SEARCH terms: hints, the executor still applies them."""
    out: Criterion = []
    for flt in filters:
        if flt.field == "subject":
            words = word_terms("SUBJECT", str(flt.value))
            if words != ALL:
                out += words
    if dates is not None and not dates.empty and (dates.start or dates.end):
        out += date_criterion(dates)
    return out


# ---- the cache ----------------------------------------------------------------------------------------------

CACHE_VERSION = "1"
CACHE_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS folders (name TEXT PRIMARY KEY, uidvalidity INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY,
    folder TEXT NOT NULL,
    uidvalidity INTEGER NOT NULL,
    uid INTEGER NOT NULL,
    message_id TEXT NOT NULL,           -- normalized, as mailstore keys messages
    subject TEXT NOT NULL,
    date_utc REAL,
    from_addr TEXT,
    head BLOB NOT NULL,                 -- the header fields fetched (the whole header when one was needed)
    plan TEXT NOT NULL,                 -- the leaf parts, JSON, to fetch and read the text parts later
    full INTEGER NOT NULL DEFAULT 0,    -- 1 when body and urls are known
    body TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS messages_uid ON messages(folder, uidvalidity, uid);
CREATE INDEX IF NOT EXISTS messages_message_id ON messages(message_id);
CREATE TABLE IF NOT EXISTS addresses (msg INTEGER NOT NULL, role TEXT NOT NULL, addr TEXT NOT NULL, name TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS addresses_msg ON addresses(msg);
CREATE INDEX IF NOT EXISTS addresses_addr ON addresses(addr);
CREATE TABLE IF NOT EXISTS attachments (msg INTEGER NOT NULL, filename TEXT NOT NULL, size INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS attachments_msg ON attachments(msg);
CREATE TABLE IF NOT EXISTS urls (msg INTEGER NOT NULL, url TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS urls_msg ON urls(msg);
"""
CHILD_TABLES = ("addresses", "attachments", "urls")


@dataclass
class Record:
    """One cached message of one folder."""

    row: int
    folder: str
    uid: int
    message_id: str
    subject: str
    date_utc: float | None
    from_addr: str | None
    head: bytes
    plan: list[Leaf]
    full: bool
    body: str
    addresses: list[tuple[str, str, str]] = field(default_factory=list)   # (role, addr, name)
    attachments: list[tuple[str, int]] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)

    def has_role(self, addresses: frozenset[str] | set[str], edge: str) -> bool:
        roles = ROLES[edge]
        return any(role in roles and addr in addresses for role, addr, _n in self.addresses)


def plan_json(plan: list[Leaf]) -> str:
    return json.dumps([[p.header_section, p.body_section, p.size, p.encoding, p.fetch_body, p.mime.decode("latin-1")]
                       for p in plan])


def plan_from_json(text: str) -> list[Leaf]:
    return [Leaf(h, b, s, e, bool(f), m.encode("latin-1")) for h, b, s, e, f, m in json.loads(text)]


class LiveCache(ServerCache):
    """What live mode has fetched, by (folder, UIDVALIDITY, UID): a message never changes under one UIDVALIDITY,
    so an entry goes stale only when its folder is renumbered (``use_folder`` then drops the folder's rows)."""

    SCHEMA, VERSION, LABEL = CACHE_SCHEMA, CACHE_VERSION, "the IMAP cache"
    TABLES = ("messages", "folders", *CHILD_TABLES)

    def _drop(self, where: str, params: Sequence[Any]) -> None:
        """Delete the messages matching ``where`` and their rows (inside the caller's transaction)."""
        ids = [r[0] for r in self.conn.execute(f"SELECT id FROM messages WHERE {where}", params)]
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            marks = ",".join("?" * len(chunk))
            for table in CHILD_TABLES:
                self.conn.execute(f"DELETE FROM {table} WHERE msg IN ({marks})", chunk)
            self.conn.execute(f"DELETE FROM messages WHERE id IN ({marks})", chunk)
        if ids:
            self.conn.execute("DELETE FROM meta WHERE key = 'lexicon'")

    def use_folder(self, folder: str, uidvalidity: int) -> None:
        """Note the folder's UIDVALIDITY; a new one drops what was cached under the old."""
        with self.lock:
            row = self.conn.execute("SELECT uidvalidity FROM folders WHERE name = ?", (folder,)).fetchone()
            if row is not None and row[0] == uidvalidity:
                return
            with self.conn:
                self._drop("folder = ? AND uidvalidity != ?", (folder, uidvalidity))
                self.conn.execute("INSERT OR REPLACE INTO folders VALUES (?, ?)", (folder, uidvalidity))

    def keep_folders(self, folders: Iterable[str]) -> None:
        """Forget every folder but these (gone from the server, or no longer configured)."""
        keep = set(folders)
        with self.lock:
            gone = [r[0] for r in self.conn.execute("SELECT name FROM folders") if r[0] not in keep]
            gone += [r[0] for r in self.conn.execute("SELECT DISTINCT folder FROM messages")
                     if r[0] not in keep and r[0] not in gone]
            if not gone:
                return
            with self.conn:
                for folder in gone:
                    self._drop("folder = ?", (folder,))
                    self.conn.execute("DELETE FROM folders WHERE name = ?", (folder,))

    def known(self, folder: str, uidvalidity: int, uids: Sequence[int], full: bool) -> set[int]:
        sql = ("SELECT uid FROM messages WHERE folder = ? AND uidvalidity = ? AND uid IN ({})"
               + (" AND full = 1" if full else ""))
        return {r[0] for r in self._select(sql, uids, (folder, uidvalidity))}

    def store(self, folder: str, uidvalidity: int,
              messages: Iterable[tuple[int, Any, bytes, list[Leaf], list[tuple[str, int]], bool]]) -> None:
        """Store parsed messages: (uid, ParsedMessage, head, plan, attachments as (name, size), full). A message
        the parser could not use (ParsedMessage None) is kept as a row without a Message-ID, which no question
        reads: it is neither fetched nor warned about again."""
        with self.lock, self.conn:
            self.conn.execute("DELETE FROM meta WHERE key = 'lexicon'")  # recomputed when next read
            for uid, parsed, head, plan, attachments, full in messages:
                self._drop("folder = ? AND uidvalidity = ? AND uid = ?", (folder, uidvalidity, uid))
                if parsed is None:
                    self.conn.execute("INSERT INTO messages (folder, uidvalidity, uid, message_id, subject, head, plan, "
                                      "full) VALUES (?, ?, ?, '', '', ?, '[]', 1)", (folder, uidvalidity, uid, head))
                    continue
                msg = self.conn.execute(
                    "INSERT INTO messages (folder, uidvalidity, uid, message_id, subject, date_utc, from_addr, head, "
                    "plan, full, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (folder, uidvalidity, uid, parsed.message_id, parsed.subject, parsed.date_utc, parsed.from_addr,
                     head, plan_json(plan), int(full), parsed.body if full else None)).lastrowid
                self.conn.executemany("INSERT INTO addresses VALUES (?, ?, ?, ?)",
                                      [(msg, role, addr, name) for role, addr, name in parsed.addresses])
                self.conn.executemany("INSERT INTO attachments VALUES (?, ?, ?)",
                                      [(msg, name, size) for name, size in attachments])
                if full:
                    self.conn.executemany("INSERT INTO urls VALUES (?, ?)", [(msg, url) for url in parsed.urls])

    def store_texts(self, texts: Iterable[tuple[int, str, list[str]]]) -> None:
        """Add (message row, body, urls) to messages cached without their text."""
        with self.lock, self.conn:
            self.conn.execute("DELETE FROM meta WHERE key = 'lexicon'")
            for row, body, urls in texts:
                self.conn.execute("DELETE FROM urls WHERE msg = ?", (row,))
                self.conn.execute("UPDATE messages SET full = 1, body = ? WHERE id = ?", (body, row))
                self.conn.executemany("INSERT INTO urls VALUES (?, ?)", [(row, url) for url in urls])

    def records(self, folder: str, uidvalidity: int, uids: Sequence[int]) -> list[Record]:
        rows = self._select("SELECT * FROM messages WHERE folder = ? AND uidvalidity = ? AND uid IN ({})",
                            uids, (folder, uidvalidity))
        return self._records(rows)

    def by_message_ids(self, folder: str, uidvalidity: int, message_ids: Sequence[str]) -> list[Record]:
        rows = self._select("SELECT * FROM messages WHERE folder = ? AND uidvalidity = ? AND message_id IN ({})",
                            message_ids, (folder, uidvalidity))
        return self._records(rows)

    def any_by_message_ids(self, message_ids: Sequence[str]) -> dict[str, Record]:
        """A cached copy of each message, whatever its folder (for describing items; no server asked)."""
        out: dict[str, Record] = {}
        for rec in self._records(self._select("SELECT * FROM messages WHERE message_id IN ({})", message_ids)):
            out.setdefault(rec.message_id, rec)
        return out

    def _records(self, rows: list[sqlite3.Row]) -> list[Record]:
        out = {r["id"]: Record(r["id"], r["folder"], r["uid"], r["message_id"], r["subject"], r["date_utc"],
                               r["from_addr"], r["head"], plan_from_json(r["plan"]), bool(r["full"]), r["body"] or "")
               for r in rows if r["message_id"]}
        if not out:
            return []
        ids = list(out)
        for r in self._select("SELECT * FROM addresses WHERE msg IN ({}) ORDER BY rowid", ids):
            out[r["msg"]].addresses.append((r["role"], r["addr"], r["name"]))
        for r in self._select("SELECT * FROM attachments WHERE msg IN ({}) ORDER BY rowid", ids):
            out[r["msg"]].attachments.append((r["filename"], r["size"]))
        for r in self._select("SELECT * FROM urls WHERE msg IN ({}) ORDER BY rowid", ids):
            out[r["msg"]].urls.append(r["url"])
        return list(out.values())


    def lexicon_rows(self) -> list[tuple[str, str, str, int]]:
        """What the cached messages name (as ``mailstore.mail_lexicon_rows``), recomputed after new fetches."""
        with self.lock:
            if lexicon_stale(self.conn):
                with self.conn:
                    write_lexicon(self.conn, mail_lexicon_rows(self.conn))
            return read_lexicon(self.conn)

    def close(self) -> None:
        with self.lock:
            self.conn.close()


# ---- the connector ------------------------------------------------------------------------------------------

class _Session:
    """One logged-in connection and what was learnt on it: the folders, their UIDVALIDITY, the searches sent."""

    def __init__(self, client: Client, now: float):
        self.client = client
        self.used = now
        self.folders: list[str] | None = None
        self.validity: dict[str, int] = {}
        self.unreadable: set[str] = set()
        self.selected: tuple[str, int, int] | None = None   # (folder, UIDVALIDITY, EXISTS)
        self.searches: dict[tuple[str, int, str], list[int]] = {}


class ImapConnector(Connector):
    """Email from an IMAP account, asked at question time (``sync = true``: ``ImapMirrorConnector`` instead)."""

    name = "imap"
    description = "mail on an IMAP server (Fastmail, iCloud, a company server...), searched at question time"
    types: ClassVar[frozenset[EntityType]] = frozenset({EMAIL, PERSON, SELF, FILE, WEBPAGE, DATE})
    needs_auth = True
    max_warnings: ClassVar[int] = 200   # message warnings per connection (a damaged mailbox must not bury the user)

    def __new__(cls, source, context: Context, **kwargs):
        if cls is ImapConnector and source_flag(source, "sync"):
            from .imap_mirror import ImapMirrorConnector

            return ImapMirrorConnector(source, context, **kwargs)   # not a subclass: __init__ is not re-run
        return super().__new__(cls)

    def __init__(self, source, context: Context, client_factory: Callable[[], Client] | None = None,
                 password: Callable[[], str] | None = None, batch: int = LIVE_BATCH,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(source, context)
        self._clock = clock
        self.imap = ImapAccount(source, client_factory, password)
        self.batch = batch
        digest = hashlib.sha1(f"{self.imap.account}:{self.imap.port}".encode()).hexdigest()[:12]
        self._cache_path = Path(context.cache_dir) / "imap" / f"live-{digest}.sqlite"
        self._cache: LiveCache | None = None
        self._session: _Session | None = None
        self._lock = threading.RLock()
        self._down_until = self._down_seen = 0.0
        self._down_warning = ""
        self._warned = 0
        self._self = frozenset(e.strip().lower() for e in context.self_emails)

    @property
    def label(self) -> str:
        return self.imap.label

    @property
    def cache(self) -> LiveCache:
        if self._cache is None:
            self._cache = LiveCache(self._cache_path, self.context.warn)
        return self._cache

    def close(self) -> None:
        with self._lock:
            self._end_session()
            if self._cache is not None:
                self._cache.close()
                self._cache = None

    def lexicon(self, lexicon: Lexicon) -> None:
        """What the messages fetched so far name; never a request."""
        lexicon.add_rows(self.cache.lexicon_rows())

    # -- connections ---------------------------------------------------------------------------------------
    def _lost(self, exc: BaseException) -> ConnectorError:
        return ServerUnavailable(f"{self.label}: the connection to {self.imap.host}:{self.imap.port} failed "
                                 f"({reason(exc)}); check that the server is up and reachable, then ask again")

    def _open_session(self) -> _Session:
        now = self._clock()
        if self._session is not None and now - self._session.used > SESSION_IDLE_S:
            self._end_session()
        if self._session is None:
            self._session = _Session(self.imap.connect(self._lost), now)
            self._warned = 0
        self._session.used = now
        return self._session

    def _end_session(self) -> None:
        if self._session is not None:
            logout(self._session.client)
            self._session = None

    def _guarded(self, work: Callable[[], T], empty: T) -> T:
        """``work()``; when the server cannot be used, one warning and ``empty`` (the other sources answer)."""
        import imaplib
        with self._lock:
            now = self._clock()
            if now < self._down_until:
                if now - self._down_seen >= REWARN_S:  # not the same question's next step: say it again
                    self.context.warn(self._down_warning)
                self._down_seen = now
                return empty
            try:
                return work()
            except (OSError, imaplib.IMAP4.error) as exc:
                error = self._lost(exc)
            except (ServerUnavailable, AuthError) as exc:
                error = exc
            if self._session is not None:
                close_client(self._session.client)
                self._session = None
            self._down_until = self._down_seen = self._clock()
            self._down_until += DOWN_S
            self._down_warning = f"{error}; this source answers nothing for this question"
            self.context.warn(self._down_warning)
            return empty

    def _folders(self, s: _Session) -> list[str]:
        if s.folders is None:
            s.folders = self.imap.folder_names(s.client)
            self.cache.keep_folders(s.folders)
        return s.folders

    def _select(self, s: _Session, folder: str) -> tuple[int, int] | None:
        """EXAMINE ``folder`` unless it is selected: (UIDVALIDITY, EXISTS), None when it cannot be read."""
        import imaplib
        if s.selected is not None and s.selected[0] == folder:
            return s.selected[1], s.selected[2]
        if folder in s.unreadable:
            return None
        try:
            info = s.client.select_folder(folder, readonly=True)
        except imaplib.IMAP4.abort:
            raise
        except imaplib.IMAP4.error as exc:
            s.selected = None
            s.unreadable.add(folder)
            self.cache.keep_folders(f for f in self._folders(s) if f not in s.unreadable)
            self.context.warn(f"{self.label}: folder {folder!r} cannot be read ({reason(exc)}); it is left out — "
                              f"fix 'folders' in its [[sources]] entry")
            return None
        validity, exists = int(info[b"UIDVALIDITY"]), int(info.get(b"EXISTS", 0))
        self.cache.use_folder(folder, validity)
        s.validity[folder] = validity
        s.selected = (folder, validity, exists)
        return validity, exists

    def _validity(self, s: _Session, folder: str) -> int | None:
        """The folder's UIDVALIDITY as checked on this connection (EXAMINEd when not yet)."""
        if folder in s.validity:
            return s.validity[folder]
        selected = self._select(s, folder)
        return selected[0] if selected else None

    def _search(self, s: _Session, folder: str, validity: int, criterion: Criterion) -> list[int]:
        """UID SEARCH in ``folder`` (selected by the caller unless this search was sent before)."""
        key = (folder, validity, criteria_text(criterion))
        if key not in s.searches:
            charset = "UTF-8" if _has_8bit(criterion) else None
            s.searches[key] = sorted(int(u) for u in s.client.search(criterion, charset))
        return s.searches[key]

    # -- fetching ------------------------------------------------------------------------------------------
    def _limited_warn(self, message: str) -> None:
        self._warned += 1
        if self._warned <= self.max_warnings:
            self.context.warn(message)
        elif self._warned == self.max_warnings + 1:
            self.context.warn(f"{self.label}: more messages have problems; only the first {self.max_warnings} "
                              f"are listed")

    def _fetch(self, s: _Session, folder: str, validity: int, uids: list[int]) -> None:
        """Fetch and cache the header fields and structure of ``uids`` (the folder is selected)."""
        for start in range(0, len(uids), self.batch):
            batch = uids[start:start + self.batch]
            answer = s.client.fetch(batch, [HEADER_ITEM, b"BODYSTRUCTURE"])
            heads: dict[int, bytes] = {}
            plans: dict[int, list[Leaf]] = {}
            for uid in batch:
                data = answer.get(uid)
                if data is None:
                    continue  # expunged between SEARCH and FETCH
                fields = next((v for k, v in data.items() if k.startswith(b"BODY[HEADER") and isinstance(v, bytes)),
                              b"")
                try:
                    plans[uid] = leaves(data[b"BODYSTRUCTURE"])
                    mime = top_mime(data[b"BODYSTRUCTURE"])
                except (KeyError, IndexError, TypeError, ValueError):
                    plans[uid], mime = [], b""   # a structure we cannot follow: no attachments, no text to fetch
                heads[uid] = _lf(fields).rstrip(b"\n") + (b"\n" + mime if mime else b"")
            internal: dict[int, Any] = {}
            lacking = [uid for uid, head in heads.items() if not _has_key_and_date(head)]
            if lacking:  # the key and the date then come from the whole header / the delivery time, as a mirror's
                more = s.client.fetch(lacking, [b"BODY.PEEK[HEADER]", b"INTERNALDATE"])
                for uid, data in more.items():
                    if uid in heads and data.get(b"BODY[HEADER]"):
                        heads[uid] = data[b"BODY[HEADER]"]
                    internal[uid] = data.get(b"INTERNALDATE")
            stored = []
            for uid, head in heads.items():
                parsed, attachments = _read(head, plans[uid], {}, f"{folder} UID {uid}", self._limited_warn,
                                            internal.get(uid))
                stored.append((uid, parsed, _lf(head), plans[uid], attachments, not _text_leaves(plans[uid])))
            self.cache.store(folder, validity, stored)
            self.context.progress(f"imap: fetching headers from {folder}", start + len(batch), len(uids))

    def _fetch_texts(self, s: _Session, records: list[Record]) -> None:
        """Fetch the text parts of these messages of the selected folder, never their attachments."""
        groups: dict[tuple[str, ...], list[Record]] = defaultdict(list)
        for rec in records:
            groups[tuple(leaf.body_section for leaf in rec.plan if leaf.fetch_body)].append(rec)
        done = 0
        for sections, group in groups.items():
            if not sections:  # nothing to read: no text, no links
                self.cache.store_texts((rec.row, "", []) for rec in group)
                continue
            for start in range(0, len(group), self.batch):
                batch = group[start:start + self.batch]
                answer = s.client.fetch([r.uid for r in batch], [f"BODY.PEEK[{sec}]".encode() for sec in sections])
                texts = []
                for rec in batch:
                    data = answer.get(rec.uid) or {}
                    got = {sec: data.get(f"BODY[{sec}]".encode()) or b"" for sec in sections}
                    parsed, _ = _read(rec.head, rec.plan, got, f"{rec.folder} UID {rec.uid}", lambda _m: None, None)
                    if parsed is not None:
                        texts.append((rec.row, parsed.body, parsed.urls))
                self.cache.store_texts(texts)
                done += len(batch)
                self.context.progress("imap: fetching message texts", done, len(records))

    def _load(self, s: _Session, folder: str, validity: int, uids: Sequence[int], full: bool) -> list[Record]:
        """The records of ``uids``, fetching what the cache lacks (the folder is selected for that)."""
        uids = sorted(set(uids))
        known = self.cache.known(folder, validity, uids, False)
        missing = [u for u in uids if u not in known]
        if missing:
            selected = self._select(s, folder)
            if selected is None or selected[0] != validity:
                return []  # gone or renumbered since it was searched: its UIDs mean nothing now
            self._fetch(s, folder, validity, missing)
        records = self.cache.records(folder, validity, uids)
        return self._with_texts(s, records) if full else records

    def _with_texts(self, s: _Session, records: list[Record]) -> list[Record]:
        """``records`` with their texts, fetched for those that lack them (their folders are selected in turn)."""
        lacking: dict[str, list[Record]] = defaultdict(list)
        for rec in records:
            if not rec.full:
                lacking[rec.folder].append(rec)
        if not lacking:
            return records
        for folder, group in lacking.items():
            if self._select(s, folder) is not None:
                self._fetch_texts(s, group)
        fresh: dict[int, Record] = {}
        for folder, group in lacking.items():
            validity = s.validity.get(folder)
            if validity is not None:
                fresh.update((r.row, r) for r in self.cache.records(folder, validity, [g.uid for g in group]))
        return [fresh.get(r.row, r) for r in records]

    def _matching(self, criteria: Sequence[Criterion], full: bool = False) -> list[Record]:
        """Every message of the folders matching any of ``criteria``, fetched (or cached): one SEARCH per folder
        and criterion, a FETCH per batch of messages the cache lacks."""
        s = self._open_session()
        found: list[Record] = []
        for folder, validity, uids in self._each_folder(criteria):
            if uids:  # fetched while the folder is still selected
                found += self._load(s, folder, validity, uids, full)
        return found

    def _uids(self, criteria: Sequence[Criterion]) -> dict[str, tuple[int, list[int]]]:
        """Folder -> (UIDVALIDITY, UIDs matching any of ``criteria``), nothing fetched."""
        return {folder: (validity, uids) for folder, validity, uids in self._each_folder(criteria)}

    def _each_folder(self, criteria: Sequence[Criterion]) -> Iterator[tuple[str, int, list[int]]]:
        """(folder, UIDVALIDITY, UIDs matching any of ``criteria``) for each readable folder. The selected folder
        goes first and a search already sent on this connection is not sent again: each costs an EXAMINE."""
        s = self._open_session()
        folders = self._folders(s)
        if s.selected is not None and s.selected[0] in folders:
            folders = [s.selected[0], *(f for f in folders if f != s.selected[0])]
        for folder in folders:
            validity = s.validity.get(folder)
            keys = [(folder, validity, criteria_text(c)) for c in criteria]
            if validity is None or not all(k in s.searches for k in keys):
                selected = self._select(s, folder)
                if selected is None:
                    continue
                validity = selected[0]
                if not selected[1]:
                    yield folder, validity, []
                    continue
            uids: set[int] = set()
            for criterion in criteria:
                uids.update(self._search(s, folder, validity, criterion))
            yield folder, validity, sorted(uids)

    def _load_some(self, picks: Sequence[tuple[str, int]], validity: dict[str, int]) -> list[Record]:
        """The records of (folder, UID) pairs, fetched where not cached."""
        s = self._open_session()
        by_folder: dict[str, list[int]] = defaultdict(list)
        for folder, uid in picks:
            by_folder[folder].append(uid)
        out: list[Record] = []
        for folder, uids in by_folder.items():
            out += self._load(s, folder, validity[folder], uids, False)
        return out

    def _by_message_ids(self, message_ids: Sequence[str], full: bool = False) -> dict[str, list[Record]]:
        """The copies of these messages on the server: from the cache (its folders' UIDVALIDITY checked on this
        connection), else found with ``HEADER Message-ID`` searches and fetched."""
        s = self._open_session()
        mids = list(dict.fromkeys(message_ids))
        out: dict[str, list[Record]] = defaultdict(list)
        folders = [f for f in self._folders(s) if self._validity(s, f) is not None]
        for folder in folders:
            for rec in self.cache.by_message_ids(folder, s.validity[folder], mids):
                out[rec.message_id].append(rec)
        unknown = [m for m in mids if m not in out]
        if unknown:
            terms = [["HEADER", "Message-ID", _value(m.strip("<>"))] for m in unknown]
            wanted = set(unknown)
            for rec in self._matching(any_of_chunked(terms)):
                if rec.message_id in wanted:
                    out[rec.message_id].append(rec)
        if full:
            every = [r for recs in out.values() for r in recs]
            fresh = {r.row: r for r in self._with_texts(s, every)}
            out = {m: [fresh.get(r.row, r) for r in recs] for m, recs in out.items()}
        return dict(out)

    # -- items ---------------------------------------------------------------------------------------------
    def _email_item(self, rec: Record) -> Item:
        ts = rec.date_utc
        when = datetime.fromtimestamp(ts, self.context.tz).isoformat() if ts is not None else None
        return Item(EMAIL, rec.message_id, {"message_id": rec.message_id, "subject": rec.subject,
                                            "from": rec.from_addr, "date": when, "_ts": ts})

    def _emails(self, records: Iterable[Record]) -> dict[str, Item]:
        out: dict[str, Item] = {}
        for rec in records:
            if rec.message_id not in out:
                out[rec.message_id] = self._email_item(rec)
        return out

    def _persons(self, addresses: Iterable[str]) -> dict[str, Item]:
        addresses = sorted(set(addresses))
        names = self.cache.names(addresses)
        return {a: Item(PERSON, a, {"email": a, "name": names.get(a)}) for a in addresses}

    def _self_item(self) -> Item:
        return Item(SELF, SELF_KEY, {"name": self.context.self_name, "emails": sorted(self._self)})

    def _within(self, records: list[Record], sel: Selection) -> list[Record]:
        """The records sent within the days a tool call's wanted emails are (``Selection.wanted_dates``), checked
        exactly: the SEARCH asked for them widened by the zones' slack."""
        rng = sel.wanted_dates
        if rng is None or not (rng.start or rng.end):
            return records
        start, end = day_bounds(rng, self.context.tz)
        return [r for r in records if r.date_utc is not None and (start is None or r.date_utc >= start)
                and (end is None or r.date_utc < end)]

    def _known(self, sel: Selection) -> dict[str, list[str]]:
        """Normalized Message-ID -> the selection's keys standing for it (another source's keys included)."""
        out: dict[str, list[str]] = defaultdict(list)
        for key, item in (sel.items or {}).items():
            mid = normalize_message_id(str(item.fields.get("message_id") or key))
            if mid:
                out[mid].append(key)
        return out

    def _given_emails(self, sel: Selection, otherwise: Criterion, full: bool = False) -> list[tuple[list[str], Record]]:
        """(the known keys, a record) for each copy of each selected email; every message matching ``otherwise``
        (keyed by its own Message-ID) when the selection is every email."""
        if sel.is_all:
            return [([r.message_id], r) for r in self._matching([otherwise], full)]
        known = self._known(sel)
        found = self._by_message_ids(list(known), full)
        return [(known[mid], rec) for mid, recs in found.items() for rec in recs]

    # -- Email <-> Person / Self ---------------------------------------------------------------------------
    def _emails_to_addresses(self, sel: Selection, edge: str, want_self: bool) -> list[Link]:
        me = self._self
        if want_self and not me:
            return []
        roles = ROLES[edge]
        given = self._given_emails(sel, any_of(address_terms(me, edge)) if want_self else ALL)
        people = {} if want_self else self._persons(a for _k, r in given for role, a, _n in r.addresses
                                                    if role in roles and a not in me)
        links: list[Link] = []
        for keys, rec in given:
            for role, addr, _n in rec.addresses:
                if role in roles and (addr in me) == want_self:
                    item = self._self_item() if want_self else people[addr]
                    links += [(key, item) for key in keys]
        return links

    def _addresses_to_emails(self, sel: Selection, edge: str) -> list[Link]:
        me = self._self
        roles = ROLES[edge]
        narrow = wanted_email_terms(sel.wanted_filters, sel.wanted_dates)
        if sel.is_all:  # every message with a non-Self address in those roles
            records = self._within(self._matching([[*narrow] or ALL]), sel)
            emails = self._emails(records)
            return [(addr, emails[r.message_id]) for r in records
                    for addr in dict.fromkeys(a for role, a, _n in r.addresses if role in roles and a not in me)]
        addresses = {k.lower() for k in sel.keys()} - me
        if not addresses:
            return []
        records = self._within(self._matching(any_of_chunked(address_terms(addresses, edge), narrow)), sel)
        emails = self._emails(records)
        return [(addr, emails[r.message_id]) for r in records
                for addr in dict.fromkeys(a for role, a, _n in r.addresses if role in roles and a in addresses)]

    def _self_to_emails(self, sel: Selection, edge: str) -> list[Link]:
        if not self._self or not (sel.is_all or SELF_KEY in sel.keys()):
            return []
        narrow = wanted_email_terms(sel.wanted_filters, sel.wanted_dates)
        records = [r for r in self._within(self._matching(any_of_chunked(address_terms(self._self, edge), narrow)), sel)
                   if r.has_role(self._self, edge)]
        return [(SELF_KEY, item) for item in self._emails(records).values()]

    @tool(EMAIL, "from", PERSON)
    def email_from_person(self, sel: Selection) -> Iterator[Link]:
        """The sender of each email (when not the user)."""
        yield from self._guarded(lambda: self._emails_to_addresses(sel, "from", False), [])

    @tool(PERSON, "from", EMAIL)
    def person_from_email(self, sel: Selection) -> Iterator[Link]:
        """The emails each person sent (SEARCH FROM address)."""
        yield from self._guarded(lambda: self._addresses_to_emails(sel, "from"), [])

    @tool(EMAIL, "to", PERSON)
    def email_to_person(self, sel: Selection) -> Iterator[Link]:
        """The recipients (To, Cc, Bcc) of each email, other than the user."""
        yield from self._guarded(lambda: self._emails_to_addresses(sel, "to", False), [])

    @tool(PERSON, "to", EMAIL)
    def person_to_email(self, sel: Selection) -> Iterator[Link]:
        """The emails addressed to each person (SEARCH TO, CC or BCC address)."""
        yield from self._guarded(lambda: self._addresses_to_emails(sel, "to"), [])

    @tool(EMAIL, "participants", PERSON)
    def email_participants_person(self, sel: Selection) -> Iterator[Link]:
        """Everyone but the user who sent or received each email."""
        yield from self._guarded(lambda: self._emails_to_addresses(sel, "participants", False), [])

    @tool(PERSON, "participants", EMAIL)
    def person_participants_email(self, sel: Selection) -> Iterator[Link]:
        """The emails each person sent or received."""
        yield from self._guarded(lambda: self._addresses_to_emails(sel, "participants"), [])

    @tool(EMAIL, "from", SELF)
    def email_from_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user sent."""
        yield from self._guarded(lambda: self._emails_to_addresses(sel, "from", True), [])

    @tool(SELF, "from", EMAIL)
    def self_from_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user sent (from any of the user's addresses)."""
        yield from self._guarded(lambda: self._self_to_emails(sel, "from"), [])

    @tool(EMAIL, "to", SELF)
    def email_to_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user received (To, Cc or Bcc)."""
        yield from self._guarded(lambda: self._emails_to_addresses(sel, "to", True), [])

    @tool(SELF, "to", EMAIL)
    def self_to_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user received (any of the user's addresses in To, Cc or Bcc)."""
        yield from self._guarded(lambda: self._self_to_emails(sel, "to"), [])

    @tool(EMAIL, "participants", SELF)
    def email_participants_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user sent or received."""
        yield from self._guarded(lambda: self._emails_to_addresses(sel, "participants", True), [])

    @tool(SELF, "participants", EMAIL)
    def self_participants_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user sent or received."""
        yield from self._guarded(lambda: self._self_to_emails(sel, "participants"), [])

    # -- Email <-> File ------------------------------------------------------------------------------------
    def _attachments_of(self, sel: Selection) -> list[Link]:
        links: list[Link] = []
        for keys, rec in self._given_emails(sel, MAY_HAVE_ATTACHMENT):
            for name in dict.fromkeys(n for n, _s in rec.attachments):
                links += [(key, _file_item(name)) for key in keys]
        return links

    def _emails_carrying(self, sel: Selection) -> list[Link]:
        names = None if sel.is_all else set(sel.keys())
        narrow = wanted_email_terms(sel.wanted_filters, sel.wanted_dates)
        records = self._within(self._matching([[*narrow, *MAY_HAVE_ATTACHMENT]]), sel)
        emails = self._emails(records)
        return [(name, emails[r.message_id]) for r in records
                for name in dict.fromkeys(n for n, _s in r.attachments) if names is None or name in names]

    @tool(EMAIL, "has_attachment", FILE)
    def email_has_attachment_file(self, sel: Selection) -> Iterator[Link]:
        """The files attached to each email (names from BODYSTRUCTURE; nothing downloaded)."""
        yield from self._guarded(lambda: self._attachments_of(sel), [])

    @tool(FILE, "has_attachment", EMAIL)
    def file_has_attachment_email(self, sel: Selection) -> Iterator[Link]:
        """The emails carrying each file (the messages that can carry one searched, their names read)."""
        yield from self._guarded(lambda: self._emails_carrying(sel), [])

    # -- Email <-> Webpage ---------------------------------------------------------------------------------
    def _urls_of(self, sel: Selection) -> list[Link]:
        links: list[Link] = []
        for keys, rec in self._given_emails(sel, ALL, full=True):
            for url in rec.urls:
                links += [(key, _webpage_item(url)) for key in keys]
        return links

    def _emails_mentioning(self, sel: Selection) -> list[Link]:
        narrow = wanted_email_terms(sel.wanted_filters, sel.wanted_dates)
        if sel.is_all:
            records = self._within(self._matching([[*narrow] or ALL], full=True), sel)
            emails = self._emails(records)
            return [(url, emails[r.message_id]) for r in records for url in r.urls]
        urls = set(sel.keys())
        terms = [["BODY", _value(url_piece(url))] for url in sorted(urls)]
        records = self._within(self._matching(any_of_chunked(terms, narrow), full=True), sel)
        emails = self._emails(records)
        return [(url, emails[r.message_id]) for r in records for url in r.urls if url in urls]

    @tool(EMAIL, "mentions_url", WEBPAGE)
    def email_mentions_url_webpage(self, sel: Selection) -> Iterator[Link]:
        """The web addresses written in each email's text parts (fetched; attachments never)."""
        yield from self._guarded(lambda: self._urls_of(sel), [])

    @tool(WEBPAGE, "mentions_url", EMAIL)
    def webpage_mentions_url_email(self, sel: Selection) -> Iterator[Link]:
        """The emails whose text holds each web address (SEARCH BODY, then checked on the text)."""
        yield from self._guarded(lambda: self._emails_mentioning(sel), [])

    # -- Email <-> Date ------------------------------------------------------------------------------------
    def _days_of(self, sel: Selection) -> list[Link]:
        tz = self.context.tz
        return [(key, day_item(datetime.fromtimestamp(rec.date_utc, tz).date()))
                for keys, rec in self._given_emails(sel, ALL) if rec.date_utc is not None for key in keys]

    def _emails_sent_in(self, sel: Selection) -> list[Link]:
        tz = self.context.tz
        narrow = wanted_email_terms(sel.wanted_filters, sel.wanted_dates)
        if sel.is_all:
            records = [r for r in self._within(self._matching([[*narrow] or ALL]), sel) if r.date_utc is not None]
            emails = self._emails(records)
            return [(day_item(datetime.fromtimestamp(r.date_utc, tz).date()).key, emails[r.message_id])
                    for r in records]
        links: list[Link] = []
        for key, item in (sel.items or {}).items():
            rng = item.fields.get("range")
            if not isinstance(rng, DateRange) or rng.empty:
                continue
            start, end = day_bounds(rng, tz)
            records = [r for r in self._matching([[*narrow, *date_criterion(rng)]])
                       if r.date_utc is not None and (start is None or r.date_utc >= start)
                       and (end is None or r.date_utc < end)]
            links += [(key, email) for email in self._emails(records).values()]
        return links

    @tool(EMAIL, "sent_on", DATE)
    def email_sent_on_date(self, sel: Selection) -> Iterator[Link]:
        """The day (in the configured time zone) each email was sent."""
        yield from self._guarded(lambda: self._days_of(sel), [])

    @tool(DATE, "sent_on", EMAIL)
    def date_sent_on_email(self, sel: Selection) -> Iterator[Link]:
        """The emails sent within each date range (SENTSINCE/SENTBEFORE, then checked in [self] timezone)."""
        yield from self._guarded(lambda: self._emails_sent_in(sel), [])

    # -- hooks ---------------------------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list[FilterConstraint]) -> Iterable[Item] | None:
        """Emails by subject/content, Persons by name/address, attachment Files, Webpages — searched, then checked."""
        if type_ == EMAIL:
            return list(self._guarded(lambda: self._find_emails(filters), {}).values())
        if type_ == PERSON:
            found = self._guarded(lambda: self._find_addresses(filters), set())
            people = self._persons(found - self._self)
            for flt in filters:
                if flt.field == "name":
                    keep = match_persons(people, str(flt.value))
                    people = {k: v for k, v in people.items() if k in keep}
            return list(filter_items(people, [f for f in filters if f.field != "name"]).values())
        if type_ == FILE:
            records = self._guarded(lambda: self._matching([MAY_HAVE_ATTACHMENT]), [])
            files = {name: _file_item(name) for r in records for name, _s in r.attachments}
            return list(filter_items(files, filters).values())
        if type_ == WEBPAGE:
            terms = [t for f in filters if f.field == "url" for t in ("BODY", _value(url_piece(str(f.value))))]
            records = self._guarded(lambda: self._matching([terms or ALL], full=True), [])
            pages = {u: _webpage_item(u) for r in records for u in r.urls}
            return list(filter_items(pages, filters).values())
        return None

    def _find_emails(self, filters: list[FilterConstraint]) -> dict[str, Item]:
        terms: Criterion = []
        for flt in filters:
            if flt.field == "subject":
                terms += word_terms("SUBJECT", str(flt.value))
            elif flt.field == "content":
                terms += word_terms("BODY", str(flt.value))
        full = any(f.field == "content" for f in filters)
        records = self._matching([terms or ALL], full=full)
        return self._emails(r for r in records if _passes(r, filters))

    def _find_addresses(self, filters: list[FilterConstraint]) -> set[str]:
        found: set[str] = set()
        for flt in filters:
            value = str(flt.value).strip()
            if flt.field == "email_address" or "@" in value:
                addr = value.lower()
                hits = self._uids(any_of_chunked(address_terms([addr], "participants")))
                picks = [(f, u) for f, (_v, uids) in hits.items() for u in reversed(uids)][:10]
                records = self._load_some(picks, {f: v for f, (v, _u) in hits.items()})
                if any(a == addr for r in records for _role, a, _n in r.addresses):
                    found.add(addr)
            elif flt.field == "name":
                found |= self._addresses_named(value)
        return found

    def _addresses_named(self, name: str) -> set[str]:
        """Addresses whose display name has every word of ``name``: search the words, then read headers.

        Messages are read ``NAME_SAMPLE`` at a time, newest first; once an address is found, every message it
        takes part in is crossed off with one more SEARCH, so a person with hundreds of emails costs a few
        commands, not hundreds of fetched headers.
        """
        words = [w for w in re.split(r"[\s,]+", name.lower()) if w]
        if not words:
            return set()
        criterion = [_group(any_of(address_terms([w], "participants"))) for w in words]  # every word, in any role
        hits = self._uids([criterion])
        validity = {f: v for f, (v, _u) in hits.items()}
        remaining = sorted(((f, u) for f, (_v, uids) in hits.items() for u in uids), key=lambda p: -p[1])
        found: set[str] = set()
        seen: set[tuple[str, int]] = set()
        while remaining:
            sample = remaining[:NAME_SAMPLE]
            seen.update(sample)
            new = {addr for rec in self._load_some(sample, validity) for _role, addr, display in rec.addresses
                   if addr not in found and all(w in _name_words(display) for w in words)}
            found |= new
            explained: set[tuple[str, int]] = set()
            if new:
                more = self._uids(any_of_chunked(address_terms(new, "participants")))
                explained = {(f, u) for f, (_v, uids) in more.items() for u in uids}
            remaining = [p for p in remaining if p not in seen and p not in explained]
        return found

    def apply_filter(self, type_: EntityType, items: dict[str, Item], flt: FilterConstraint) -> set[str] | None:
        """Subject and content filters on emails this account holds, checked on their fetched header or text."""
        if type_ != EMAIL or flt.field not in ("subject", "content"):
            return None
        by_mid: dict[str, list[str]] = defaultdict(list)
        for key, item in items.items():
            mid = normalize_message_id(str(item.fields.get("message_id") or key))
            if mid:
                by_mid[mid].append(key)
        if not by_mid:
            return None
        found = self._guarded(lambda: self._by_message_ids(list(by_mid), full=flt.field == "content"), {})
        return {key for mid, recs in found.items() if any(_passes(r, [flt]) for r in recs) for key in by_mid[mid]}

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Fill the output fields of emails known only by Message-ID, and name people, from the cache only."""
        if type_ == EMAIL:
            bare = [k for k, it in items.items() if not it.fields.get("subject") and "_ts" not in it.fields]
            if bare:
                for key, rec in self.cache.any_by_message_ids(bare).items():
                    items[key].merge(self._email_item(rec))
        elif type_ == PERSON:
            unnamed = [k for k, it in items.items() if not it.fields.get("name")]
            if unnamed:
                for key, name in self.cache.names(unnamed).items():
                    items[key].fields["name"] = name

    def read_text(self, type_: EntityType, key: str) -> str | None:
        """An email's text as written (its text parts fetched; attachments never), None when not this account's."""
        mid = normalize_message_id(key) if type_ == EMAIL else None
        if not mid:
            return None
        return self._guarded(lambda: self._text_of(mid), None)

    def _text_of(self, mid: str) -> str | None:
        s = self._open_session()
        copies = self._by_message_ids([mid]).get(mid)
        if not copies or self._select(s, copies[0].folder) is None:
            return None
        rec = copies[0]
        sections = [leaf.body_section for leaf in rec.plan if leaf.fetch_body]
        data = s.client.fetch([rec.uid], [f"BODY.PEEK[{sec}]".encode() for sec in sections]).get(rec.uid, {}) \
            if sections else {}
        got = {sec: data.get(f"BODY[{sec}]".encode()) or b"" for sec in sections}
        raw = _rebuild(rec.head, rec.plan, got)
        msg, body = split_entity(raw)
        texts, htmls, _ = _read_parts(msg, body, [])
        plain = "\n".join(texts)
        return plain if plain.strip() else "\n".join(html_to_text(h) for h in htmls)


# ---- reading fetched pieces ---------------------------------------------------------------------------------

def _has_8bit(criterion: Criterion) -> bool:
    return any(_has_8bit(t) if isinstance(t, list) else isinstance(t, bytes) and not t.isascii() for t in criterion)


def _has_key_and_date(head: bytes) -> bool:
    """Whether the fetched header fields give the message its Message-ID and a readable Date."""
    msg = split_entity(_lf(head).rstrip(b"\n") + b"\n\n")[0]
    mid = normalize_message_id(decode_text_header(msg.get("Message-ID"), "Message-ID", []))
    return mid is not None and parse_date(str(msg.get("Date") or "")) is not None


def _text_leaves(plan: list[Leaf]) -> bool:
    return any(leaf.fetch_body for leaf in plan)


def _pieces(plan: list[Leaf], texts: dict[str, bytes]) -> tuple[bool, list[tuple[bytes, bytes]]]:
    """(whether the message is multipart, its leaves as (MIME header, content)): content only for given texts."""
    top_multipart = bool(plan) and plan[0].header_section != "HEADER"
    return top_multipart, [(leaf.mime if top_multipart else b"",
                            texts.get(leaf.body_section, b"") if leaf.fetch_body else b"") for leaf in plan]


def _rebuild(head: bytes, plan: list[Leaf], texts: dict[str, bytes]) -> bytes:
    return rebuild_message(head, *_pieces(plan, texts))


def _read(head: bytes, plan: list[Leaf], texts: dict[str, bytes], where: str, warn: Callable[[str], None],
          internal: Any) -> tuple[Any, list[tuple[str, int]]]:
    """A message put back together from its header fields, its parts' MIME headers and (when given) its texts,
    read by the mail parser: (ParsedMessage or None, attachments as (name, size))."""
    top_multipart, pieces = _pieces(plan, texts)
    raw = rebuild_message(head, top_multipart, pieces)
    fallback = (lambda t=internal: t.timestamp() if isinstance(t, datetime) else None)
    parsed = parse_message(raw, where, warn, fallback)
    if parsed is None:
        return None, []
    sizes = iter(attachment_sizes(head if not top_multipart else None, plan, pieces))
    return parsed, [(name, next(sizes, 0)) for name, _sha, _size in parsed.attachments]


def _passes(rec: Record, filters: Iterable[FilterConstraint]) -> bool:
    for flt in filters:
        if flt.field == "subject" and norm(flt.value) not in norm(rec.subject):
            return False
        if flt.field == "content" and norm(flt.value) not in rec.body:
            return False
    return True


def _name_words(text: str) -> set[str]:
    return set(re.split(r"[\s,]+", text.lower())) - {""}


def _file_item(name: str) -> Item:
    return Item(FILE, name, {"name": name, "path": None, "sha256": ""})


def _webpage_item(url: str) -> Item:
    return Item(WEBPAGE, url, {"url": url})


def register_connectors(register) -> None:
    register(ImapConnector)
