"""What the local mail connectors (mbox, Maildir) share: the index schema, message parsing and every Email tool.

A subclass says where its messages are (``_inputs``) and how to read one input file (``_parse_input``);
everything else — the SQLite tables, the Email/Person/Self/File/Webpage/Date tools, ``find`` and
``apply_filter`` — lives here, so both sources answer exactly alike (DESIGN.md, Semantics):

* Email key: the Message-ID with whitespace removed and always written in angle brackets (``<id@host>``);
  a message without one gets ``<sha1-of-its-raw-headers@queryweaver.local>``, stable across re-indexing.
* Person key: the lower-cased address of anyone not in ``[self] emails``; name = the display name seen most
  often for that address in From/To/Cc/Bcc (ties go to the longer name, then the alphabetically first).
* Email ``from`` field: the sender's lower-cased address. ``date``: ISO 8601 in the configured time zone.
* File key: the attachment's file name as attached (RFC 2231 / RFC 2047 decoded); path is None.
* Webpage key: a URL from the text or HTML body (href attributes and bare URLs), trailing punctuation removed.

Parsing reads header blocks into ``Headers`` (answering as the stdlib's compat32 ``Message`` would, without
its cost, but for a stray line in a header block, read as mail clients read it: ``_parse_header_lines``;
``policy.default`` is slower still) and decodes header values here, tolerating unknown charsets and raw 8-bit
bytes; MIME parts are split on their boundaries directly (see "MIME structure" below). A message that cannot be
used is skipped, one that is damaged is degraded; either way it costs exactly one warning naming it (after
``max_warnings`` in one refresh, a last warning says the rest are not listed).
"""

from __future__ import annotations

import binascii
import codecs
import json
import math
import re
import sqlite3
import threading
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from bisect import bisect_left
from itertools import pairwise
from pathlib import Path
from typing import ClassVar, NamedTuple

from queryweaver import regex_cache
from queryweaver.digests import sha1_hex
from queryweaver.connector import Connector, Context, IndexReport, Link, Newest, Selection, tool
from queryweaver.errors import ConnectorError, QueryWeaverError
from queryweaver.filters import filter_items, norm
from queryweaver.graph import FilterConstraint
from queryweaver.reader.grounding import Lexicon, LexiconKind, LexiconRow, subject_words, url_domain
from queryweaver.index import Batches, SourceIndex, lexicon_state, refresh_or_keep, select_in
from queryweaver.items import LEAN, SELF_KEY, DateRange, Item, day_item, file_key
from queryweaver.schema import EntityType

Warn = Callable[[str], None]

EMAIL, PERSON, SELF = EntityType.EMAIL, EntityType.PERSON, EntityType.SELF
FILE, WEBPAGE, DATE = EntityType.FILE, EntityType.WEBPAGE, EntityType.DATE

# SourceIndex rebuilds an index from scratch when its version changes. The tables' version (the Gmail mirror's
# follows it: a mirror rebuilt means every message fetched again) and the local files' parse, which a rebuild
# only reads again: 2 -- a byte-order mark, a stray line among the header fields, charsets as mailers write them,
# Maildir folders nested as plain directories (mail that used to be skipped).
SCHEMA_VERSION = 1
PARSE_VERSION = 2
INDEX_VERSION = SCHEMA_VERSION * 100 + PARSE_VERSION
INDEX_TABLES = ("messages", "bodies", "addresses", "attachments", "urls")
INDEX_SCHEMA = """
CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    input INTEGER NOT NULL,
    byte_offset INTEGER NOT NULL,       -- where the message starts in its mbox; 0 for a Maildir file
    message_id TEXT NOT NULL,           -- normalized, see the module docstring
    subject TEXT NOT NULL,
    subject_norm TEXT NOT NULL,         -- filters.norm(subject), for the subject filter
    date_utc REAL,                      -- epoch seconds; NULL when the message has no usable date
    from_addr TEXT,                     -- lower-cased sender address
    from_name TEXT
);
CREATE INDEX messages_input ON messages(input);
CREATE INDEX messages_message_id ON messages(message_id);
CREATE INDEX messages_date ON messages(date_utc);
-- body text apart, so scans of messages stay small; filters.norm(text) for the content filter
CREATE TABLE bodies (msg INTEGER PRIMARY KEY, input INTEGER NOT NULL, text TEXT NOT NULL);
CREATE INDEX bodies_input ON bodies(input);
CREATE TABLE addresses (
    msg INTEGER NOT NULL, input INTEGER NOT NULL,
    role TEXT NOT NULL,                 -- from | to | cc | bcc
    addr TEXT NOT NULL,                 -- lower-cased
    name TEXT NOT NULL                  -- display name as decoded, '' when none
);
-- the link tables' indexes hold both ends (and a role): a tool's links come from the index alone, without a look-up
-- of each row (an earlier index of the same table that is not listed here is dropped by a refresh)
CREATE INDEX addresses_addr_role ON addresses(addr, role, msg);
CREATE INDEX addresses_msg_role ON addresses(msg, role, addr);
CREATE INDEX addresses_input ON addresses(input);
CREATE TABLE attachments (msg INTEGER NOT NULL, input INTEGER NOT NULL, filename TEXT NOT NULL,
                          sha256 TEXT NOT NULL, size INTEGER NOT NULL);
CREATE INDEX attachments_filename_msg ON attachments(filename, msg);
CREATE INDEX attachments_name_nocase ON attachments(trim(filename) COLLATE NOCASE);  -- the File name filter
CREATE INDEX attachments_msg ON attachments(msg);
CREATE INDEX attachments_input ON attachments(input);
CREATE TABLE urls (msg INTEGER NOT NULL, input INTEGER NOT NULL, url TEXT NOT NULL);
CREATE INDEX urls_url_msg ON urls(url, msg);
CREATE INDEX urls_msg_url ON urls(msg, url);
CREATE INDEX urls_input ON urls(input);
"""

ROLES: dict[str, tuple[str, ...]] = {
    "from": ("from",),
    "to": ("to", "cc", "bcc"),
    "participants": ("from", "to", "cc", "bcc"),
}
RECIPIENT_HEADERS = (("to", "To"), ("cc", "Cc"), ("bcc", "Bcc"))
KEPT_HEADERS = frozenset({"from", "to", "cc", "bcc", "subject", "date", "message-id", "content-type",
                          "content-disposition", "content-transfer-encoding", "x-apple-content-length"})
MAX_BODY_CHARS = 1_000_000      # keeps one huge pasted log from bloating the index
CHUNK = 500                     # keys per SQL IN list, well under SQLite's parameter limit
FLUSH_EVERY = 2000              # messages buffered before an executemany
INDEX_SIZE_RATIO = 1.0          # index bytes per mail byte (measured on the generated corpus: 0.99)
MAX_MIME_DEPTH = 20             # nesting beyond this is treated as an opaque part
BOM = b"\xef\xbb\xbf"           # a UTF-8 byte-order mark: Windows editors start a saved .eml or mbox with one


# ---- parsing ------------------------------------------------------------------------------------------------

class _EmailPackage:
    """The parts of the stdlib's email package the reader uses, imported when a message is first parsed: a
    question answered from the index never needs them, and they are a sixteenth of its start-up (issue 15).
    After the first use they are plain attributes of this object."""

    def __getattr__(self, name: str):
        import email.policy
        import email.quoprimime
        import email.utils
        from email.header import ecre
        from email.errors import HeaderParseError
        from email.header import decode_header
        from email.message import Message, _parseparam, _unquotevalue

        class RawHeaderPolicy(type(email.policy.compat32)):  # type: ignore[misc]
            """compat32, but header values come back as raw strings (8-bit bytes as surrogates) for us to decode."""

            def header_fetch_parse(self, name: str, value: str) -> str:
                return value

        self.__dict__.update(HeaderParseError=HeaderParseError, decode_header=decode_header, Message=Message,
                             ecre=ecre, quoprimime=email.quoprimime,
                             getaddresses=email.utils.getaddresses, parsedate_tz=email.utils.parsedate_tz,
                             RAW_POLICY=RawHeaderPolicy(), parseparam=_parseparam, unquotevalue=_unquotevalue,
                             decode_params=email.utils.decode_params,
                             collapse_rfc2231_value=email.utils.collapse_rfc2231_value)
        try:
            return self.__dict__[name]
        except KeyError:
            raise AttributeError(name) from None


_email = _EmailPackage()


def __getattr__(name: str):
    if name == "RAW_POLICY":  # for importers of the name (made with the email package, on first use)
        return _email.RAW_POLICY
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_FOLD = regex_cache.compile(r"\r?\n[ \t]*")
_MONTHS = {name: number for number, name in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1)}
# the Date almost every mailer writes (what follows the zone, a comment like '(EST)', the stdlib ignores too)
_USUAL_DATE = regex_cache.compile(r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?(\d{1,2}) (%s) (\d{4}) (\d\d):(\d\d):(\d\d) "
                         r"([+-])(\d\d)(\d\d)(?: [ -~]*)?" % "|".join(_MONTHS), re.ASCII)
_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()
_MSGID = regex_cache.compile(r"<([^<>]+)>")
_WS = regex_cache.compile(r"\s+")
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_HEADER_NAME = regex_cache.compile(r"[\041-\071\073-\176]+")   # printable ASCII but ':' (as the stdlib's headerRE)
# a header block whose every line is a header field or a continuation (an mbox 'From ' line may lead it)
_WELL_FORMED = regex_cache.compile(r"(?:From [^\n]*(?:\n|\Z))?(?:(?:[ \t]|[\041-\071\073-\176]+:)[^\n]*(?:\n|\Z))*")
# in such a block: a kept field, its name and its value (continuation lines included, leading blanks not)
_KEPT_FIELD = regex_cache.compile(r"^(%s):[ \t]*([^\n]*(?:\n[ \t][^\n]*)*)" % "|".join(
    re.escape(h) for h in sorted(KEPT_HEADERS, key=lambda h: (-len(h), h))), re.MULTILINE | re.IGNORECASE | re.ASCII)
# (longest first; equal lengths alphabetically, so that every process writes the same pattern: regex_cache keeps one)
_ADDR = r"[^\s<>,@]+@[^\s<>,@]+"
_ADDRESS_SPECIALS = regex_cache.compile(r'["()\\;:]')
_SIMPLE_ADDRESS = regex_cache.compile(rf"\s*(?:([^<>@]*?)\s*<({_ADDR})>|({_ADDR}))\s*")
_BARE_ADDRESS = regex_cache.compile(r"[^\s<>,;:\"()@]+@[^\s<>,;:\"()@]+")   # an addr-spec, when nothing else reads
_URL = regex_cache.compile(r"""(?:https?://|www\.)[^\s<>"'`]+""", re.IGNORECASE)
_HREF = regex_cache.compile(r"""href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""", re.IGNORECASE)
_SCRIPT_OPEN = regex_cache.compile(r"<(script|style)\b", re.IGNORECASE)   # with its closer: what _drop_scripts drops
_SCRIPT_CLOSE = {kind: regex_cache.compile(rf"</{kind}\s*>", re.IGNORECASE) for kind in ("script", "style")}
_TAG = regex_cache.compile(r"<[^>]*>")
_TRAILING = ".,;:!?'\"*"
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}


@dataclass(slots=True)
class ParsedMessage:
    """One message reduced to what the index stores."""

    message_id: str
    subject: str
    date_utc: float | None
    from_addr: str | None
    from_name: str | None
    body: str                                               # filters.norm of the text
    addresses: list[tuple[str, str, str]] = field(default_factory=list)   # (role, addr, name)
    attachments: list[tuple[str, str, int]] = field(default_factory=list)  # (filename, sha256, size)
    urls: list[str] = field(default_factory=list)

    def row(self) -> tuple:
        """What ``MessageWriter.add_row`` stores: compact to send from a parsing worker."""
        return (self.message_id, self.subject, norm(self.subject), self.date_utc, self.from_addr, self.from_name,
                self.body, self.addresses, self.attachments, self.urls)


def parse_message(raw: bytes, where: str, warn: Warn,
                  fallback_date: Callable[[], float | None] | None = None) -> ParsedMessage | None:
    """Parse one raw message; None when it is unusable. Calls ``warn`` at most once, naming the message.

    ``fallback_date`` gives the delivery time (mbox From line, Maildir file name) for a message whose Date
    header is missing or unreadable.
    """
    problems: list[str] = []
    try:
        parsed = _parse(raw, problems, fallback_date)
    except Exception as exc:  # noqa: BLE001 - one message the parser chokes on must not stop the rest of the file
        warn(f"{where}: skipped, the message cannot be parsed ({type(exc).__name__}: {exc})")
        return None
    if parsed is None:
        warn(f"{where}: skipped, {problems[0] if problems else 'no mail headers found'}")
        return None
    if problems:
        label = parsed.subject or parsed.message_id
        warn(f"{where} ({label!r}): {'; '.join(problems)}")
    return parsed


def _parse(raw: bytes, problems: list[str],
           fallback_date: Callable[[], float | None] | None) -> ParsedMessage | None:
    """The work of ``parse_message``; problems found go to ``problems``."""
    raw = raw.removeprefix(BOM)
    msg, body = split_entity(raw)
    if not any(msg.get(h) for h in ("From", "To", "Cc", "Subject", "Date", "Message-ID")):
        problems.append("no mail headers found (a corrupt or truncated entry)")
        return None
    subject = _header(msg, "Subject", problems)
    message_id = normalize_message_id(_header(msg, "Message-ID", problems))
    if message_id is None:
        message_id = synthetic_message_id(raw)
        problems.append(f"no Message-ID; using {message_id}")
    date_utc = _date(msg.get("Date"), problems, fallback_date)
    addresses = _addresses(msg, problems)
    sender = next(((a, n) for role, a, n in addresses if role == "from"), (None, None))
    texts, htmls, attachments = _read_parts(msg, body, problems)
    plain = "\n".join(texts)
    html_texts = [html_to_text(h) for h in htmls]
    text = search_text(plain if plain.strip() else "\n".join(html_texts))[:MAX_BODY_CHARS]
    return ParsedMessage(message_id, subject, date_utc, sender[0], sender[1] or None, text, addresses,
                         attachments, extract_urls(texts + html_texts, htmls))


def search_text(text: str) -> str:
    """filters.norm(text) (same result: str.split and re's \\s agree on whitespace), 3x faster on long bodies."""
    return " ".join(text.split()).casefold()


def normalize_message_id(value: str) -> str | None:
    """'<a@b>' from '  < a@b >' or 'a@b'; None when empty. Whitespace is dropped, case kept."""
    value = value.strip()
    if not value:
        return None
    found = _MSGID.search(value)
    inner = _WS.sub("", found.group(1) if found else value.split()[0].strip("<>"))
    return f"<{inner}>" if inner else None


def synthetic_message_id(raw: bytes) -> str:
    """A stable id for a message without Message-ID: the SHA-1 of its raw header block."""
    end = header_end(raw)
    headers = raw[: end[0]] if end else raw
    return f"<{sha1_hex(headers)}@queryweaver.local>"


def decode_text_header(value: str | None, name: str, problems: list[str]) -> str:
    """Decode one header value: unfold, read raw 8-bit bytes, decode RFC 2047 words, tolerate bad charsets."""
    if not value:
        return ""
    text = _unsurrogate(value, name, problems)
    if "\n" in text:
        text = _FOLD.sub(" ", text)
    if "=?" not in text:
        return text.strip()
    found = _DECODED.get(text)
    if found is not None:
        return found
    before = len(problems)
    try:
        parts = decode_words(text)
    except (_email.HeaderParseError, ValueError, binascii.Error) as exc:
        problems.append(f"{name} has a broken encoded word ({exc}); kept as written")
        return text.strip()
    out = []
    for data, charset in parts:
        if isinstance(data, str):
            out.append(data)
        elif charset is None:
            out.append(data.decode("raw-unicode-escape", "replace"))  # how decode_header stores plain parts
        else:
            out.append(_decode_bytes(data, charset, name, problems))
    decoded = "".join(out).strip()
    if len(problems) == before:  # a value that warns is decoded again each time, so that each message says so
        _remember(_DECODED, text, decoded)
    return decoded


# What the parser worked out once for a value seen again: correspondents' names, subjects of a thread, the same
# MIME part headers and parameters message after message. Each maps a value to an answer that does not depend on
# where the value was seen, and holds only answers whose working found no problem to report. Bounded: a map
# that reaches CACHE_ENTRIES is emptied (a worker parses a run of messages; repeats come close together).
CACHE_ENTRIES = 20_000
_DECODED: dict[str, str] = {}


def _remember(cache: dict, key, value) -> None:
    if len(cache) >= CACHE_ENTRIES:
        cache.clear()
    cache[key] = value


# a q-encoded word binascii decodes as email.quoprimime does: ASCII on one line, no '=' that is not followed by
# two characters other than '=' (a trailing '=' or '==' is where the two differ)
def _plain_q(text: str) -> bool:
    return text.isascii() and "\n" not in text and "\r" not in text and not text.endswith("=") and "==" not in text


def decode_words(header: str) -> list[tuple[bytes | str, str | None]]:
    """``email.header.decode_header(header)`` for a str, the same answer (tests/test_mail_headers.py compares them
    on random values), with the quoted-printable and base64 words decoded by binascii: twice as fast."""
    ecre = _email.ecre
    if not ecre.search(header):
        return [(header, None)]
    words: list[tuple[str, str | None, str | None]] = []   # (text, encoding, charset); encoding None: plain text
    for line in header.splitlines():
        parts = ecre.split(line)   # plain, charset, encoding, encoded, plain, ...
        first = parts[0].lstrip()
        if first:
            words.append((first, None, None))
        for at in range(1, len(parts), 4):
            words.append((parts[at + 2], parts[at + 1].lower(), parts[at].lower()))
            if parts[at + 3]:
                words.append((parts[at + 3], None, None))
    # blanks between two encoded words go (as decode_header drops them: whatever sits between, if it is blank)
    drop = {n - 1 for n, w in enumerate(words) if n > 1 and w[1] and words[n - 2][1] and words[n - 1][0].isspace()}
    if drop:  # one pass: deleting one by one is quadratic on a header of a hundred thousand words
        words = [w for n, w in enumerate(words) if n not in drop]
    collapsed: list[tuple[bytes | str, str | None]] = []
    pieces: list[bytes] = []   # the run of words in one charset, joined once (adding bytes to bytes is quadratic)
    last_charset: str | None = None
    for text, encoding, charset in words:
        if encoding is None:
            word = bytes(text, "raw-unicode-escape")
        elif encoding == "q":
            word = binascii.a2b_qp(text, header=True) if _plain_q(text) \
                else bytes(_email.quoprimime.header_decode(text), "raw-unicode-escape")
        else:
            if len(text) % 4:   # Postel's law, as decode_header: add the missing padding
                text += "==="[:4 - len(text) % 4]
            try:
                word = binascii.a2b_base64(text.encode("raw-unicode-escape")) if text else b""
            except binascii.Error:
                raise _email.HeaderParseError("Base64 decoding error") from None
        if not pieces:
            pieces, last_charset = [word], charset
        elif charset != last_charset:
            collapsed.append((b"".join(pieces), last_charset))
            pieces, last_charset = [word], charset
        elif last_charset is None:
            pieces += (b" ", word)
        else:
            pieces.append(word)
    collapsed.append((b"".join(pieces), last_charset))
    return collapsed


def _header(msg: Headers, name: str, problems: list[str]) -> str:
    """A decoded header, '' when absent."""
    return decode_text_header(msg.get(name), name, problems)


def _unsurrogate(value: str, name: str, problems: list[str]) -> str:
    """Raw 8-bit header bytes arrive as surrogates: read them as UTF-8, else as Windows-1252."""
    if value.isascii():
        return value
    raw = value.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        problems.append(f"{name} has raw non-UTF-8 bytes (read as Windows-1252)")
        return raw.decode("cp1252", "replace")


def _decode_bytes(data: bytes, charset: str, what: str, problems: list[str]) -> str:
    """Decode with a declared charset (read as the superset mailers mean by it, see ``_SUPERSETS``); an unknown or
    wrong one falls back to a guess and is reported."""
    charset = charset.split("*", 1)[0].strip().strip('"').lower()
    codec = _CODECS.get(charset)
    if codec is None:
        try:
            codec = codecs.lookup(_LABELS.get(charset, charset)).name
        except LookupError:
            problems.append(f"{what} has unknown charset {charset!r}")
            return _guess_decode(data)
        _remember(_CODECS, charset, codec)
    if codec == "ascii":  # 'us-ascii' is the default label even on 8-bit text; guessing is right here
        return _guess_decode(data)
    superset = _SUPERSETS.get(codec)
    if superset is not None:
        try:
            return data.decode(superset)
        except UnicodeDecodeError:
            pass  # not even the superset reads it (cp1252 leaves five bytes undefined): the label's own codec may
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        problems.append(f"{what} is not valid {charset}; undecodable bytes replaced")
        return data.decode(superset or codec, "replace")


_CODECS: dict[str, str] = {}   # a charset label as written -> its codec's name
# Mailers label text with the legacy standard it mostly follows and write its vendor superset: GB2312 mail holds
# GBK characters, EUC-KR (ks_c_5601-1987) mail Windows' CP949, Shift_JIS mail CP932, ISO-8859-1 mail Windows-1252
# quotes. Mail clients and browsers decode such labels as the superset (the WHATWG Encoding Standard's table).
_SUPERSETS = {"gb2312": "gb18030", "gbk": "gb18030", "euc_kr": "cp949", "shift_jis": "cp932",
              "iso8859-1": "cp1252", "iso8859-9": "cp1254", "tis-620": "cp874", "iso8859-11": "cp874"}
# labels in real mail that Python's codecs do not know, for a codec they do
_LABELS = {"windows-874": "cp874", "x-gbk": "gbk", "x-sjis": "shift_jis", "x-euc-jp": "euc_jp",
           "x-mac-roman": "mac_roman", "ks_c_5601": "euc_kr"}


def _guess_decode(data: bytes) -> str:
    """Undeclared 8-bit text: UTF-8 if it is valid, else Windows-1252."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def _date(value: str | None, problems: list[str], fallback: Callable[[], float | None] | None) -> float | None:
    """The Date header as epoch seconds (no zone = UTC); the delivery time when it is unusable."""
    epoch = parse_date(value) if value else None
    if epoch is not None:
        return epoch
    reason = "no Date header" if not value else f"unreadable Date {value.strip()[:40]!r}"
    epoch = fallback() if fallback else None
    problems.append(f"{reason}; using the delivery time" if epoch is not None else f"{reason}; the message has no date")
    return epoch


def parse_date(value: str) -> float | None:
    """RFC 2822 date (or an mbox From-line asctime) to epoch seconds; None when unreadable."""
    plain = _USUAL_DATE.fullmatch(value.strip()) if value.isascii() else None
    try:
        if plain is not None:  # 'Thu, 12 Feb 2026 09:15:00 -0500': read here, as parsedate_tz reads it
            day, month, year, hour, minute, second, sign, zone_h, zone_m = plain.groups()
            year = int(year)
            if year < 100:  # '0099', as the stdlib reads a two-digit year
                year += 1900 if year > 68 else 2000
            offset = int(zone_h) * 3600 + int(zone_m) * 60
            try:  # the day's number from the date type (calendar.timegm's arithmetic is Python, and slower)
                days = date(year, _MONTHS[month], int(day)).toordinal() - _EPOCH_ORDINAL
                seconds = days * 86400 + int(hour) * 3600 + int(minute) * 60 + int(second)
            except ValueError:  # '31 Feb': timegm counts on into March, as parsedate_tz's callers always did
                import calendar  # here: a question on a built index reads no dates

                seconds = calendar.timegm((year, _MONTHS[month], int(day), int(hour), int(minute), int(second)))
            return float(seconds - (offset if sign == "+" else -offset))
        parts = _email.parsedate_tz(value.encode("ascii", "replace").decode().strip())
        if parts is None:
            return None
        import calendar

        return float(calendar.timegm(parts[:9]) - (parts[9] or 0))
    except (ValueError, OverflowError, TypeError, IndexError):
        return None


def _addresses(msg: Headers, problems: list[str]) -> list[tuple[str, str, str]]:
    """(role, lower-cased address, display name) for From, To, Cc and Bcc, in header order."""
    out: list[tuple[str, str, str]] = []
    for role, header in (("from", "From"),) + RECIPIENT_HEADERS:
        values = msg.get_all(header)
        if not values:
            continue
        if len(values) > 1:  # the header written twice (rare): no shortcut
            out += _header_people(values, header, problems, role == "from")
            continue
        cache = _SENDERS if role == "from" else _ADDRESSED
        people = cache.get(values[0])
        if people is None:
            before = len(problems)
            people = _header_people(values, header, problems, role == "from")
            if len(problems) == before:
                _remember(cache, values[0], people)
        out += [(role, addr, name) for _, addr, name in people] if role != "from" or not people else [people[0]]
    return out


# An address header's value -> its (role, address, name)s; From's only the sender. A correspondent's From, like
# the user's own address in To, is written the same way in message after message.
_SENDERS: dict[str, list[tuple[str, str, str]]] = {}
_ADDRESSED: dict[str, list[tuple[str, str, str]]] = {}


def _header_people(values: list[str], header: str, problems: list[str], sender: bool) -> list[tuple[str, str, str]]:
    """(role, lower-cased address, display name) of the addresses of one header's values; only the first when
    ``sender`` (the first From address is the sender, and no other is read)."""
    role = header.lower()
    pairs = []
    for value in values:
        value = _unsurrogate(value, header, problems)
        text = _FOLD.sub(" ", value) if "\n" in value else value
        try:
            pairs += split_addresses(text)
        except RecursionError:  # the stdlib reads each ':' as a group and recurses: thousands of them exhaust the stack
            problems.append(f"{header} is too convoluted for the address parser ({len(text)} characters); "
                            f"its addresses were picked out as written")
            pairs += [("", addr) for addr in _BARE_ADDRESS.findall(text)]
    out = []
    for name, addr in pairs:
        addr = addr.strip().strip("<>").lower()
        if "@" not in addr:
            continue
        if not name:
            name = ""
        elif name.isascii() and "=?" not in name and "\n" not in name:  # decode_text_header's answer
            name = name.strip().strip("\"' ")
        else:
            name = decode_text_header(name, header, problems).strip("\"' ")
        out.append((role, addr, "" if name.lower() == addr else name))
        if sender:
            break
    return out


def split_addresses(text: str) -> list[tuple[str, str]]:
    """(display name, address) pairs of an address header; plain lists skip the stdlib's slow full parser."""
    if _ADDRESS_SPECIALS.search(text):  # quoting, comments, groups: only the stdlib gets these right
        return _email.getaddresses([text])
    pairs = []
    for piece in text.split(","):
        if not piece.strip():
            continue
        found = _SIMPLE_ADDRESS.fullmatch(piece)
        if found is None:
            return _email.getaddresses([text])
        pairs.append((" ".join((found.group(1) or "").split()), found.group(2) or found.group(3)))
    return pairs


# MIME structure. The stdlib feed parser goes through a message line by line, which made attachments and
# header blocks most of the indexing time (about 1 ms per message with attachments). Here a header block is
# read in one pass into a ``Headers`` (what the parser used of a compat32 Message, same answers: the stdlib
# still reads RFC 2231 parameters and anything else out of the simple case), multiparts are split on their boundaries with bytes.find, and parts are decoded
# whole with binascii: several times faster, with the same results on well-formed mail.

def split_entity(raw: bytes) -> tuple[Headers, bytes]:
    """An entity's parsed header block and its raw body."""
    if raw.startswith((b"\n", b"\r\n")):
        return Headers({}), raw.split(b"\n", 1)[1]
    end = header_end(raw)
    head, body = (raw[:end[0]], raw[end[1]:]) if end else (raw, b"")
    return parse_header_block(head), body


def header_end(raw: bytes) -> tuple[int, int] | None:
    """Where ``_HEADER_END`` (the blank line after a header block) first matches: (start, end), or None.

    Two bytes.find instead of the regex, which has no literal to skip ahead by and tried every byte (7 us of a
    typical message's 160). The match is the first LF followed by an LF or a CRLF, with the CR before it."""
    lf = raw.find(b"\n\n")
    crlf = raw.find(b"\n\r\n", 0, len(raw) if lf == -1 else lf + 2)  # only one starting before ``lf`` comes first
    if crlf != -1:
        at, end = crlf, crlf + 3
    elif lf != -1:
        at, end = lf, lf + 2
    else:
        return None
    return (at - 1 if at and raw[at - 1] == 13 else at), end


def parse_header_block(head: bytes) -> Headers:
    """The KEPT_HEADERS as compat32 stores them (folded values keep their line breaks).

    Like the stdlib, it stops at the first line that is not a header. Other headers (Received, DKIM, X-...)
    are dropped: real mail carries dozens, and nothing here reads them. A block of nothing but header lines
    (the usual case) is read with one regex; any other goes line by line.
    """
    if len(head) <= SMALL_HEAD:
        found = _SMALL_HEADS.get(head)
        if found is not None:
            return found
    text = head.decode("ascii", "surrogateescape")
    if _WELL_FORMED.fullmatch(text) is None:
        return _parse_header_lines(text)
    values: dict[str, list[str]] = {}
    for name, value in _KEPT_FIELD.findall(text):
        name = name.lower()
        found = values.get(name)
        if found is None:
            values[name] = [value.rstrip("\r\n")]
        else:
            found.append(value.rstrip("\r\n"))
    headers = Headers(values)
    if len(head) <= SMALL_HEAD:
        _remember(_SMALL_HEADS, head, headers)
    return headers


# A MIME part's header block ('Content-Type: text/plain; charset="utf-8"', its transfer encoding) is written the
# same way in message after message; a message's own block (with its Message-ID) never repeats, and is longer.
# A Headers is never changed once built (its parameters are worked out once, the same for every reader).
SMALL_HEAD = 256
_SMALL_HEADS: dict[bytes, "Headers"] = {}


def _parse_header_lines(text: str) -> Headers:
    """``parse_header_block`` for a block with a line that is not a plain header field.

    Two such lines are read as mail clients read them, where the stdlib starts the body: a field with blanks
    before its colon (``Subject : Hi``, RFC 5322's obsolete syntax, 4.5) is a field, and any other line that is
    no field (a stray word before one, ``quite Delivered-To: x``) is passed over, so that the fields after it
    (From, Date, Subject) are not lost with it (the header block ends at its blank line, ``header_end``)."""
    values: dict[str, list[str]] = {}
    name: str | None = None
    value = ""
    for number, line in enumerate(text.split("\n")):
        if line[:1] in (" ", "\t"):
            if name is not None:
                value += "\n" + line
            continue
        if name is not None:
            values.setdefault(name, []).append(value.rstrip("\r\n"))
            name = None
        colon = line.find(":")
        field = line[:colon].rstrip(" \t") if colon > 0 else ""
        if field and _HEADER_NAME.fullmatch(field):
            key = field.lower()
            if key in KEPT_HEADERS:
                name, value = key, line[colon + 1:].lstrip(" \t")
        # else: an mbox 'From ' line leading a Maildir file, or a line that is no field: passed over
    if name is not None:
        values.setdefault(name, []).append(value.rstrip("\r\n"))
    return Headers(values)


class Headers:
    """A parsed header block: what the parser reads of the stdlib's compat32 ``Message`` (raw values, 8-bit
    bytes as surrogates), with the same answers, built in one pass and without its per-lookup scans.

    Names are compared case-insensitively, values come back as stored. Content-Type and Content-Disposition
    parameters are read once per header; the common simple case (no RFC 2231 ``*`` parameters, no backslash)
    is read here, anything else by the stdlib's own functions, and both give what ``Message.get_param`` gives.
    """

    __slots__ = ("_values", "_params")

    def __init__(self, values: dict[str, list[str]]):
        self._values = values                   # lower-cased name -> values in header order (never empty)
        self._params: dict[str, dict[str, object]] = {}

    def get(self, name: str, failobj=None):
        found = self._values.get(name.lower())
        return found[0] if found else failobj

    def get_all(self, name: str, failobj=None):
        found = self._values.get(name.lower())
        return list(found) if found else failobj

    def __contains__(self, name: str) -> bool:
        return name.lower() in self._values

    def get_content_type(self) -> str:
        """As ``Message.get_content_type``: lower-cased, text/plain when missing or invalid."""
        found = self._values.get("content-type")
        if not found:
            return "text/plain"
        ctype = found[0].partition(";")[0].strip().lower()
        return ctype if ctype.count("/") == 1 else "text/plain"

    def get_content_disposition(self) -> str | None:
        found = self._values.get("content-disposition")
        return found[0].partition(";")[0].strip().lower() if found else None

    def get_param(self, param: str, failobj=None, header: str = "content-type"):
        """As ``Message.get_param`` (unquoted; a 3-tuple for an RFC 2231 value with a charset)."""
        header = header.lower()
        params = self._params.get(header)
        if params is None:
            found = self._values.get(header)
            if not found:
                return failobj
            params = self._params[header] = _header_params(found[0])
        return params.get(param.lower(), failobj)

    def get_boundary(self, failobj=None):
        boundary = self.get_param("boundary", _MISSING)
        if boundary is _MISSING:
            return failobj
        return _email.collapse_rfc2231_value(boundary).rstrip()

    def get_filename(self, failobj=None):
        filename = self.get_param("filename", _MISSING, "content-disposition")
        if filename is _MISSING:
            filename = self.get_param("name", _MISSING, "content-type")
        if filename is _MISSING:
            return failobj
        return _email.collapse_rfc2231_value(filename).strip()


_MISSING = object()


def _header_params(value: str) -> dict[str, object]:
    """Lower-cased parameter name -> what ``Message.get_param`` returns for it (the first of equal names).

    The stdlib splits the value (``_parseparam``), re-quotes every value but the first and decodes RFC 2231
    ones (``decode_params``), then unquotes what is asked for. Without a backslash or a ``*`` that comes to
    unquoting each value once, done here; otherwise the stdlib's functions do it all."""
    found = _PARAMETERS.get(value)
    if found is not None:
        return found
    params: dict[str, object] = {}
    if "\\" in value or "*" in value:
        pairs = []
        for p in _email.parseparam(value):
            try:
                name, val = p.split("=", 1)
                pairs.append((name.strip(), val.strip()))
            except ValueError:
                pairs.append((p.strip(), ""))
        for name, val in _email.decode_params(pairs):
            params.setdefault(name.lower(), _email.unquotevalue(val))
        return params
    pieces = value.split(";")
    if '"' in value:  # a ';' inside quotes does not end a parameter (as _parseparam counts quotes)
        joined: list[str] = []
        for piece in pieces:
            if joined and joined[-1] and joined[-1].count('"') % 2:
                joined[-1] += ";" + piece
            else:
                joined.append(piece)
        pieces = joined
    for p in pieces:
        name, eq, val = p.partition("=")
        if eq:
            name, val = name.strip().lower(), val.strip()
        else:
            name = name.strip().lower()
        if name not in params:
            if len(val) > 1 and (val[0] == val[-1] == '"' or val[0] == "<" and val[-1] == ">"):
                val = val[1:-1]
            params[name] = val
    if "oundary" not in value and "OUNDARY" not in value:  # a boundary is new in every message: not kept
        _remember(_PARAMETERS, value, params)
    return params


_PARAMETERS: dict[str, dict[str, object]] = {}   # a simple parameter list -> its parameters (never changed)


def iter_leaves(msg: Headers, body: bytes, depth: int = 0) -> Iterator[tuple[Headers, bytes]]:
    """The leaf parts (headers, raw body) of an entity, descending into multiparts and forwarded messages."""
    ctype = msg.get_content_type()
    if depth < MAX_MIME_DEPTH:
        if ctype.startswith("multipart/"):
            parts = split_multipart(body, msg.get_boundary())
            if parts is not None:
                for part in parts:
                    yield from iter_leaves(*split_entity(part), depth + 1)
                return
        elif ctype == "message/rfc822" and not msg.get_filename():
            yield from iter_leaves(*split_entity(body), depth + 1)
            return
    yield msg, body


def split_multipart(body: bytes, boundary: str | None) -> list[bytes] | None:
    """The parts between a multipart's boundary lines; None when the boundary is missing or never found."""
    if not boundary:
        return None
    delim = b"--" + boundary.encode("utf-8", "surrogateescape")
    lines = list(_delimiter_lines(body, delim))
    if not lines:
        return None
    parts = [body[content:max(content, next_start - 1)].rstrip(b"\r")  # the newline before "--" is the delimiter's
             for (_, content, _), (next_start, _, _) in pairwise(lines)]
    if not lines[-1][2]:  # truncated: no closing delimiter, the last part runs to the end
        parts.append(body[lines[-1][1]:])
    return parts


def _delimiter_lines(body: bytes, delim: bytes) -> Iterator[tuple[int, int, bool]]:
    """(line start, next line start, is closing) of each boundary line, up to the closing one."""
    start = 0 if body.startswith(delim) else _line_starting(body, delim, 0)
    while start != -1:
        after = start + len(delim)
        line_end = body.find(b"\n", after)
        next_line = len(body) if line_end == -1 else line_end + 1
        rest = body[after:next_line].strip()
        if rest in (b"", b"--"):  # not a longer boundary that merely starts with ours
            yield start, next_line, rest == b"--"
            if rest == b"--":
                return
        start = _line_starting(body, delim, after)


def _line_starting(body: bytes, prefix: bytes, pos: int) -> int:
    """Start of the next line at or after ``pos`` that begins with ``prefix``; -1 when there is none."""
    found = body.find(b"\n" + prefix, pos)
    return -1 if found == -1 else found + 1


def decode_payload(msg: Headers, body: bytes, what: str, problems: list[str]) -> bytes:
    """A part's content with its Content-Transfer-Encoding undone, tolerating broken base64."""
    cte = str(msg.get("Content-Transfer-Encoding", "")).strip().lower()
    if cte == "base64":
        try:
            return binascii.a2b_base64(body)
        except binascii.Error:
            problems.append(f"broken base64 in the {what}; decoded what could be read")
            clean = re.sub(rb"[^A-Za-z0-9+/]", b"", body)
            return binascii.a2b_base64(clean[: len(clean) - len(clean) % 4])
    if cte == "quoted-printable":
        return binascii.a2b_qp(body)
    return body


def _read_parts(msg: Headers, body: bytes, problems: list[str]) -> tuple[list[str], list[str], list[tuple[str, str, int]]]:
    """Plain-text parts, HTML parts and attachments (file name, sha256, size) of a message."""
    from hashlib import sha256  # here: a question on a built index parses no message

    texts: list[str] = []
    htmls: list[str] = []
    attachments: list[tuple[str, str, int]] = []
    for part, raw in iter_leaves(msg, body):
        filename = file_key(_filename(part, problems)) if _may_be_attachment(part) else ""
        if filename or part.get_content_disposition() == "attachment":
            left_out = str(part.get("X-Apple-Content-Length", "")).strip()
            if filename and left_out.isdigit():  # Apple Mail kept the content apart (.partial.emlx): no hash
                attachments.append((filename, "", int(left_out)))
            elif filename:
                data = decode_payload(part, raw, f"attachment {filename!r}", problems)
                attachments.append((filename, sha256(data).hexdigest(), len(data)))
            continue
        ctype = part.get_content_type()
        if ctype not in ("text/plain", "text/html"):
            continue
        data = decode_payload(part, raw, "body", problems)
        charset = part.get_param("charset")
        text = _decode_bytes(data, charset, "body", problems) if isinstance(charset, str) and charset \
            else _guess_decode(data)
        (texts if ctype == "text/plain" else htmls).append(text)
    return texts, htmls, attachments


def _may_be_attachment(part: Headers) -> bool:
    """Cheap pre-check: only a part with a disposition or a name parameter can carry a file name."""
    return "Content-Disposition" in part or "name" in str(part.get("Content-Type", "")).lower()


def _filename(part: Headers, problems: list[str]) -> str:
    """The part's attachment file name, decoded (RFC 2231 by the stdlib, RFC 2047 and raw 8-bit here)."""
    name = part.get_filename()
    if not name:
        return ""
    return decode_text_header(name, "attachment name", problems)


def html_to_text(markup: str) -> str:
    """Visible text of an HTML body, good enough for word search."""
    import html  # here: its entity table is a cost a question on a built index need not pay

    return html.unescape(_drop_tags(_drop_scripts(markup)))


def _drop_scripts(markup: str) -> str:
    """Script and style elements, each with its content, replaced by a blank: what ``re.sub(r"<(script|style)\\b.*?
    </\\1\\s*>", " ", markup, flags=re.I | re.S)`` gives, in linear time. That regex looks for the closing tag to
    the end of the text from every opening one that has none (hours on a body of unclosed ones); here a kind found
    unclosed once is never looked for again, since no later one of that kind can close either."""
    out: list[str] = []
    pos = at = 0
    unclosed: set[str] = set()
    while len(unclosed) < len(_SCRIPT_CLOSE):
        opener = _SCRIPT_OPEN.search(markup, at)
        if opener is None:
            break
        at = opener.end()
        kind = opener.group(1).lower()
        if kind in unclosed:
            continue
        closer = _SCRIPT_CLOSE[kind].search(markup, at)
        if closer is None:
            unclosed.add(kind)
            continue
        out += (markup[pos:opener.start()], " ")
        pos = at = closer.end()
    return "".join(out) + markup[pos:] if out else markup


def _drop_tags(markup: str) -> str:
    """``_TAG.sub(" ", markup)`` in linear time: no tag starts after the last '>', and the regex would scan from
    every '<' there to the end of the text (hours on a body of unclosed '<')."""
    cut = markup.rfind(">") + 1
    return _TAG.sub(" ", markup[:cut]) + markup[cut:] if cut else markup


def extract_urls(texts: Sequence[str], htmls: Sequence[str]) -> list[str]:
    """URLs as written: href targets of the HTML parts, and bare URLs in the text; each once, in order."""
    import html

    found: list[str] = []
    for markup in htmls:
        for groups in _HREF.findall(markup):
            url = html.unescape(next(g for g in groups if g) if any(groups) else "").strip()
            if url.lower().startswith(("http://", "https://", "www.")):
                found.append(url)
    for text in texts:
        if "://" in text or "www." in text or "WWW." in text:  # the regex has no literal prefix to skip ahead
            found.extend(_clean_url(m.group(0)) for m in _URL.finditer(text))
    return [u for u in dict.fromkeys(found) if len(u) > 4 and not u.lower().rstrip("/").endswith(("://", "www."))]


def _clean_url(url: str) -> str:
    """Strip sentence punctuation and unbalanced closing brackets from the end of a bare URL (in linear time: a
    URL ending in a hundred thousand ')' was counted again for each)."""
    end = len(url)
    counts: dict[str, int] | None = None   # of each bracket in url[:end], counted when first needed
    while end:
        last = url[end - 1]
        if last in _TRAILING:
            end -= 1
        elif last in _CLOSERS:
            if counts is None:
                counts = {c: url.count(c, 0, end) for c in "()[]{}<>"}
            if counts[_CLOSERS[last]] >= counts[last]:
                break
            counts[last] -= 1
            end -= 1
        else:
            break
    return url[:end]


# ---- writing ------------------------------------------------------------------------------------------------

class RunRows(NamedTuple):
    """A worker's run of messages as the index's rows (``run_rows``), each numbered from 0 within the run in its
    first column; the input and the index's own numbers are the writer's to add. Plain data (marshal sends it)."""

    read: int                # entries read, skipped ones included
    last: int                # byte offset of the last entry read (-1: none)
    warnings: list[str]      # every entry's, in order
    offsets: list[int]       # of each stored message: where a batch may end
    tables: tuple[list[tuple], ...]   # rows of messages, bodies, addresses, attachments, urls

    @property
    def stored(self) -> int:
        return len(self.offsets)


def run_rows(entries: Iterable[tuple[int, tuple | None, list[str]]]) -> RunRows:
    """Parsed entries ((offset, ``ParsedMessage.row()`` or None when skipped, warnings)) as a ``RunRows``."""
    read, last, warnings, offsets = 0, -1, [], []
    messages: list[tuple] = []
    bodies: list[tuple] = []
    addresses: list[tuple] = []
    attachments: list[tuple] = []
    urls: list[tuple] = []
    for offset, row, notes in entries:
        read, last = read + 1, offset
        warnings += notes
        if row is None:
            continue
        n = len(offsets)
        offsets.append(offset)
        message_id, subject, subject_norm, date_utc, from_addr, from_name, body, people, files, links = row
        messages.append((n, offset, message_id, subject, subject_norm, date_utc, from_addr, from_name))
        bodies.append((n, body))
        addresses += [(n, role, addr, name) for role, addr, name in people]
        attachments += [(n, name, sha, size) for name, sha, size in files]
        urls += [(n, url) for url in links]
    return RunRows(read, last, warnings, offsets, (messages, bodies, addresses, attachments, urls))


def _first(row: tuple) -> int:
    return row[0]


class MessageWriter:
    """Buffers the rows of one input's messages and writes them with executemany (the caller's transaction)."""

    def __init__(self, conn: sqlite3.Connection, input_id: int):
        self.conn = conn
        self.input_id = input_id
        self.next_id = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM messages").fetchone()[0]
        self.count = 0
        self._messages: list[tuple] = []
        self._bodies: list[tuple] = []
        self._addresses: list[tuple] = []
        self._attachments: list[tuple] = []
        self._urls: list[tuple] = []

    def add(self, msg: ParsedMessage, offset: int = 0) -> None:
        """Queue one message's rows."""
        self.add_row(msg.row(), offset)

    def add_row(self, row: tuple, offset: int = 0) -> None:
        """Queue the rows of one message given as ``ParsedMessage.row()``."""
        message_id, subject, subject_norm, date_utc, from_addr, from_name, body, addresses, attachments, urls = row
        mid, inp = self.next_id, self.input_id
        self.next_id += 1
        self.count += 1
        self._messages.append((mid, inp, offset, message_id, subject, subject_norm, date_utc, from_addr, from_name))
        self._bodies.append((mid, inp, body))
        self._addresses.extend((mid, inp, role, addr, name) for role, addr, name in addresses)
        self._attachments.extend((mid, inp, name, sha, size) for name, sha, size in attachments)
        self._urls.extend((mid, inp, url) for url in urls)
        if len(self._messages) >= FLUSH_EVERY:
            self.flush()

    def write_run(self, run: "RunRows", lo: int = 0, hi: int | None = None) -> None:
        """Write messages ``lo`` to ``hi`` (the stored ones, counted from 0) of a worker's run, after what is queued.

        The rows come as a worker made them, numbered within the run: SQLite numbers them on (``?+first``), so
        nothing is rebuilt row by row here."""
        self.flush()
        hi = run.stored if hi is None else hi
        if hi <= lo:
            return
        first, inp = self.next_id - lo, int(self.input_id)
        for table, rows in zip(("messages", "bodies", "addresses", "attachments", "urls"), run.tables):
            part = rows[bisect_left(rows, lo, key=_first):bisect_left(rows, hi, key=_first)] \
                if lo or hi < run.stored else rows
            if part:
                self.conn.executemany(f"INSERT INTO {table} VALUES (?+{first}, {inp}, {_marks(len(part[0]) - 1)})",
                                      part)
        self.next_id += hi - lo
        self.count += hi - lo

    def flush(self) -> None:
        """Write what is queued."""
        for table, rows in (("messages", self._messages), ("bodies", self._bodies), ("addresses", self._addresses),
                            ("attachments", self._attachments), ("urls", self._urls)):
            if rows:  # a Maildir flushes once per file, mostly with nothing attached or linked
                self.conn.executemany(f"INSERT INTO {table} VALUES ({_marks(len(rows[0]))})", rows)
                rows.clear()


# ---- lexicon ------------------------------------------------------------------------------------------------

def mail_lexicon_rows(conn: sqlite3.Connection, since: int | None = None, msg: str = "msg") -> list[LexiconRow]:
    """What a mail index names (``grounding.LexiconKind``), from its messages, addresses, attachments and urls.

    People: every (address, display name) pair with how often it was seen in From/To/Cc/Bcc, the user's
    own included (the reader sets them apart). Files: attachment names, by attachments. Domains: hosts of
    the URLs, by messages. Subject words: by messages. Every count is a sum over messages, so ``since`` (a
    message id, see ``last_message_id``) gives the part of the messages after it, to add to stored counts.
    The Gmail cache has the same columns but keys messages by ``id`` (``msg`` names the column).
    """
    cursor = conn.cursor()
    cursor.row_factory = None  # plain tuples: Row objects would be half the time here
    after, after_m, params = (f" WHERE {msg} > ?", " WHERE id > ?", (since,)) if since is not None else ("", "", ())
    # for the few new messages, '+' keeps SQLite from walking the whole addr/filename index to group them
    plus = "+" if since is not None else ""
    # for them all, a scan and one sort is twice as fast as walking the addr index (a table lookup per row for
    # the name); either way the groups come out in (addr, name) order
    rows: list[LexiconRow] = [
        (LexiconKind.PERSON, addr, name, n) for addr, name, n in cursor.execute(
            f"SELECT addr, name, count(*) FROM addresses{'' if since is not None else ' NOT INDEXED'}{after} "
            f"GROUP BY {plus}addr, name", params)]
    rows += [(LexiconKind.FILE, name, "", n) for name, n in cursor.execute(
        f"SELECT filename, count(*) FROM attachments{after} GROUP BY {plus}filename", params)]
    domains: Counter[str] = Counter()
    by_url: dict[str, str | None] = {}
    seen: set[tuple[object, str]] = set()
    for message, url in cursor.execute(f"SELECT {msg}, url FROM urls{after}", params):
        if url not in by_url:
            by_url[url] = url_domain(url)
        domain = by_url[url]
        if domain and (message, domain) not in seen:
            seen.add((message, domain))
            domains[domain] += 1
    rows += [(LexiconKind.DOMAIN, d, "", n) for d, n in domains.items()]
    words: Counter[str] = Counter()
    for subject, n in cursor.execute(f"SELECT subject, count(*) FROM messages{after_m} GROUP BY subject", params):
        for word in subject_words(subject):
            words[word] += n
    rows += [(LexiconKind.SUBJECT_WORD, w, "", n) for w, n in words.items()]
    return rows


def last_message_id(conn: sqlite3.Connection) -> int:
    """The highest message id: messages a refresh adds get higher ones (``MessageWriter``)."""
    return conn.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0]


# ---- the connector ------------------------------------------------------------------------------------------

def _chunks(keys: Sequence[str], size: int = CHUNK) -> Iterator[Sequence[str]]:
    for start in range(0, len(keys), size):
        yield keys[start:start + size]


def _best_name_first(row: tuple[str, str, int]) -> tuple:
    """An (address, name, count) row's place among its address's names: named first, then the most often seen, the
    longest, alphabetical (SQLite's ``ORDER BY addr, name = '', n DESC, length(name) DESC, name``: text compares
    alike, UTF-8 bytes and code points being in the same order)."""
    addr, name, n = row
    return addr, name == "", -n, -len(name), name


def _marks(n: int) -> str:
    return ",".join("?" * n)


def _noted(rows: list[sqlite3.Row], newest: Newest | None) -> list[sqlite3.Row]:
    """``rows`` of a statement ordered and limited by ``newest.order``, whose cut ``newest`` notes."""
    if newest:
        newest.note(rows, "date_utc")
    return rows


def day_bounds(rng: DateRange, tz) -> tuple[float | None, float | None]:
    """A Date range's half-open [start, end) as epoch seconds, days taken in the configured time zone."""
    def edge(day: date | None) -> float | None:
        return datetime.combine(day, time.min, tzinfo=tz).timestamp() if day else None

    return edge(rng.start), edge(rng.end)




class MailStoreConnector(Connector):
    """Base of the local mail connectors: one SQLite index per source, every Email tool answered from it."""

    types: ClassVar[frozenset[EntityType]] = frozenset({EMAIL, PERSON, SELF, FILE, WEBPAGE, DATE})

    max_warnings: ClassVar[int] = 200   # per refresh: a badly damaged export must not bury the user in warnings

    _MSG_COLS = "m.id AS row_id, m.message_id, m.subject, m.from_addr, m.date_utc"

    def __init__(self, source, context: Context):
        super().__init__(source, context)
        self.path = Path(source.path("path")).expanduser().absolute()
        self._index = SourceIndex(context.cache_dir, self.name, self.path, INDEX_SCHEMA, INDEX_VERSION,
                                  INDEX_TABLES, warn=context.warn, size_ratio=INDEX_SIZE_RATIO)
        self._self_emails = frozenset(e.strip().lower() for e in context.self_emails)
        self._lock = threading.RLock()
        self._ready = False
        self._warned = 0
        self._persons: dict[str, Item] | None = None
        self._counts: dict[str, float] | None = None   # statistics for the cost-aware planner (_statistics)
        self._counted_at: tuple[int, int] | None = None  # the index's _stamp() when they were read
        self._estimates: dict[tuple, int | None] = {}     # estimate() answers, until the next refresh
        self._handles: tuple[tuple[int, int], str, frozenset[str]] | None = None  # see _row_handle

    # -- what a subclass provides ----------------------------------------------------------------------------
    @abstractmethod
    def _inputs(self) -> list[Path]:
        """Every input file of the source (raises ConnectorError when the path is not usable)."""

    @abstractmethod
    def _parse_input(self, conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
        """Index one input file; returns the number of messages stored."""

    def _folders(self) -> list[str] | None:
        """For a source whose inputs are the files of folders (a Maildir): the folders, refreshed by their
        mtimes (``SourceIndex.refresh_folders``) with ``_list_folder`` and ``_same_file``; None otherwise."""
        return None

    def _list_folder(self, folder: str) -> list[str]:
        raise NotImplementedError

    _same_file: Callable[[str], str] | None = None

    # For a source of folders: the parse of each file ``refresh_folders`` is about to read, done ahead (in
    # workers); None = each is parsed when its turn comes.
    _parse_ahead: Callable[[list[tuple[str, int]]], Iterator[Callable]] | None = None

    # Indexes an input from byte ``offset`` on, committing through ``batches`` (see SourceIndex.refresh, its
    # ``resume``): whole inputs, appended parts and interrupted builds alike. None = inputs are read whole.
    _resume_input: Callable[[sqlite3.Connection, int, Path, int, Warn, Batches], int] | None = None

    # -- index ------------------------------------------------------------------------------------------------
    def indexes(self) -> list[SourceIndex]:
        return [self._index]

    def refresh_index(self) -> IndexReport:
        """Bring the index up to date: only new or changed inputs are parsed."""
        with self._lock:
            self._warned = 0
            resume = None
            if self._resume_input is not None:
                resume = lambda conn, input_id, path, offset, warn, batches: self._resume_input(  # noqa: E731
                    conn, input_id, path, offset, self._limited(warn), batches)
            stage = f"indexing {self.name} {self.path.name}"
            folders = self._folders()
            if folders is not None:
                report = self._index.refresh_folders(
                    folders, self._list_folder, self._parse_limited, progress=self._throttled_progress(), stage=stage,
                    warn=self.context.warn, lexicon=mail_lexicon_rows, lexicon_mark=last_message_id,
                    same_file=self._same_file, ahead=self._parse_ahead)
            else:
                report = self._index.refresh(self._inputs(), self._parse_limited, progress=self._throttled_progress(),
                                             stage=stage, warn=self.context.warn, resume=resume,
                                             lexicon=mail_lexicon_rows, lexicon_mark=last_message_id)
            self._persons = None
            self._counts, self._estimates = None, {}
            self._ready = True
            return report

    def _limited(self, warn: Warn) -> Warn:
        """``warn`` for at most ``max_warnings`` message warnings per refresh, then one saying so."""
        def limited(message: str) -> None:
            self._warned += 1
            if self._warned <= self.max_warnings:
                warn(message)
            elif self._warned == self.max_warnings + 1:
                warn(f"{self.name} source {self.path}: more messages have problems; only the first "
                     f"{self.max_warnings} are listed")

        return limited

    def _parse_limited(self, conn: sqlite3.Connection, input_id: int, path: Path, warn: Warn) -> int:
        return self._parse_input(conn, input_id, path, self._limited(warn))

    def _ensure_index(self) -> None:
        """Build the index on first use, so a query that never touches mail never parses it."""
        if not self._ready:
            with self._lock:
                refresh_or_keep(self._index, self.refresh_index, self.context.warn)
                self._ready = True

    def _throttled_progress(self):
        """Pass per-input progress on only every 500 inputs (a Maildir has one input per message)."""
        progress = self.context.progress

        def report(stage: str, done: int, total: int | None = None) -> None:
            if done % 500 == 0 or done == total:
                progress(stage, done, total)

        return report

    def lexicon(self, lexicon: Lexicon) -> None:
        """People and their display names, attachment names, URL domains and subject words (stored by refresh)."""
        self._ensure_index()
        with self._lock:
            lexicon.add_rows(self._index.read_lexicon())

    def lexicon_state(self) -> tuple | None:
        self._ensure_index()
        with self._lock:
            return lexicon_state(self._index)

    def close(self) -> None:
        with self._lock:
            self._index.close()

    # -- queries ----------------------------------------------------------------------------------------------
    def _rows(self, sql: str, column: str, keys: Sequence[str] | None, params: Sequence = (),
              newest: Newest | None = None) -> list[sqlite3.Row]:
        """Rows of ``sql`` (which has a WHERE) for every key in chunked IN lists, or for all when keys is None;
        with ``newest``, each statement's rows nearest its end by ``m.date_utc`` (``Newest``)."""
        conn = self._index.conn
        order = newest.order("m.date_utc") if newest else ""
        with self._lock:
            if keys is None:
                return _noted(conn.execute(sql + order, params).fetchall(), newest)
            rows: list[sqlite3.Row] = []
            for chunk in _chunks(list(keys)):
                rows += _noted(conn.execute(f"{sql} AND {column} IN ({_marks(len(chunk))}){order}",
                                            (*params, *chunk)).fetchall(), newest)
            return rows

    def _rows_in_subquery(self, head: str, tail: str, column: str, keys: Sequence[str],
                          params: Sequence = (), newest: Newest | None = None) -> list[sqlite3.Row]:
        """Rows of ``head AND column IN (chunk) tail`` for every chunk of ``keys`` (a subquery's IN list), each
        row once however many chunks reach it (rows must carry ``row_id``); ``newest`` as in ``_rows``."""
        conn = self._index.conn
        seen: set[int] = set()
        rows: list[sqlite3.Row] = []
        order = newest.order("m.date_utc") if newest else ""
        with self._lock:
            for chunk in _chunks(list(keys)):
                found = _noted(conn.execute(f"{head} AND {column} IN ({_marks(len(chunk))}){tail}{order}",
                                            (*params, *chunk)).fetchall(), newest)
                for row in found:
                    if row["row_id"] not in seen:
                        seen.add(row["row_id"])
                        rows.append(row)
        return rows

    def _row_handle(self) -> tuple[str, frozenset[str]]:
        """The field an Email item built here keeps its row id in, and the Message-IDs that may not use it.

        Handing a later tool call those row ids spares SQLite a text-index lookup per email (three times faster
        for tens of thousands of emails). The field's name is this connector's and this index state's, so an
        item met after the index was written (or built by another source) is looked up by Message-ID instead;
        so is a message stored twice (two copies of one Message-ID: both rows count).
        """
        stamp = self._stamp()
        if self._handles is None or self._handles[0] != stamp:
            with self._lock:
                twice = self._stored_twice()
            self._handles = (stamp, f"_row@{id(self):x}.{stamp[0]}.{stamp[1]}", twice)
        return self._handles[1], self._handles[2]

    def _stored_twice(self) -> frozenset[str]:
        """The Message-IDs stored more than once. Grouping every message costs a quarter second at 250,000, so
        the answer is kept in the index under its lexicon token (renewed by every write that adds or removes
        messages) and its last row id; the caller holds the lock."""
        conn = self._index.conn
        token = self._index.lexicon_token()
        key = [token, conn.execute("SELECT max(id) FROM messages").fetchone()[0]]
        row = conn.execute("SELECT value FROM meta WHERE key = 'stored_twice'").fetchone()
        if token is not None and row is not None:
            kept = json.loads(row[0])
            if kept.get("key") == key:
                return frozenset(kept["ids"])
        twice = frozenset(r[0] for r in conn.execute(
            "SELECT message_id FROM messages GROUP BY message_id HAVING count(*) > 1"))
        if token is not None:
            self._index.remember("stored_twice", json.dumps({"key": key, "ids": sorted(twice)}))
        return twice

    def _email_rows(self, sql: str, sel: Selection, params: Sequence = ()) -> list[sqlite3.Row]:
        """Rows of ``sql`` (on messages m, with a WHERE) for the selected emails, all when ``sel.is_all``:
        through the row ids this connector gave the items (``_row_handle``), else by Message-ID."""
        if sel.is_all:
            return self._rows(sql, "", None, params)
        field, _ = self._row_handle()
        ids: list[int] = []
        others: list[str] = []
        for key, item in (sel.items or {}).items():
            row_id = item.fields.get(field)
            if row_id is None:
                others.append(key)
            else:
                ids.append(row_id)
        rows = self._rows(sql, "m.message_id", others, params) if others else []
        if ids:
            rows += self._rows_by_id(sql, ids, params)
        return rows

    def _rows_by_id(self, sql: str, ids: list[int], params: Sequence) -> list[sqlite3.Row]:
        """Rows of ``sql`` for messages by row id (each id's rows once: ids are distinct)."""
        with self._lock:
            return select_in(self._index.conn, sql.replace("{", "{{").replace("}", "}}") + " AND m.id IN {}", ids,
                             tuple(params))

    def _email_items(self) -> Callable[[sqlite3.Row], Item]:
        """``_email_item`` for the rows of one tool call: a message met again (an email with three attachments,
        sent to two of the people asked about) is the same Item, built once."""
        built: dict[int, Item] = {}
        handle = self._row_handle()

        def item(row: sqlite3.Row) -> Item:
            found = built.get(row["row_id"])
            if found is None:
                found = built[row["row_id"]] = self._email_item(row, handle)
            return found

        return item

    def _lean_emails(self) -> Callable[[tuple], Item]:
        """Lean Email items (``items.LEAN``) from (row id, Message-ID, date) tuples: what a step carrying tens of
        thousands of emails to the next needs (its key, its time for ordering, its row id for the next tool);
        ``describe`` fills the subject, sender and date of those that are shown or filtered."""
        field, twice = self._row_handle()

        def item(row: tuple) -> Item:
            fields = {"_ts": row[2], LEAN: True}
            if row[1] not in twice:
                fields[field] = row[0]
            return Item(EMAIL, row[1], fields)

        return item

    def _lean_row_emails(self) -> Callable[[sqlite3.Row], Item]:
        """``_lean_emails`` for rows holding _MSG_COLS."""
        lean = self._lean_emails()
        return lambda row: lean((row["row_id"], row["message_id"], row["date_utc"]))

    def _email_item(self, row: sqlite3.Row, handle: tuple[str, frozenset[str]] | None = None) -> Item:
        """An Email item from a row holding _MSG_COLS. With ``handle`` (``_row_handle()``, for a tool's links) it
        keeps its row id, and its ``date`` text is left to ``describe`` (most such items are never shown)."""
        ts = row["date_utc"]
        fields = {"message_id": row["message_id"], "subject": row["subject"], "from": row["from_addr"], "_ts": ts}
        if handle is None:
            fields["date"] = self._date_text(ts)
        elif row["message_id"] not in handle[1]:
            fields[handle[0]] = row["row_id"]
        return Item(EMAIL, row["message_id"], fields)

    def _date_text(self, ts: float | None) -> str | None:
        """An email's ``date`` field: ISO 8601 in the configured time zone."""
        return datetime.fromtimestamp(ts, self.context.tz).isoformat() if ts is not None else None

    def _self_item(self) -> Item:
        return Item(SELF, SELF_KEY, {"name": self.context.self_name, "emails": sorted(self._self_emails)})

    def _person_items(self) -> dict[str, Item]:
        """Every Person (address not Self's) with the display name seen most often for it."""
        if self._persons is None:
            # per address, best first: named before unnamed, most often seen, longest, alphabetical. The stored
            # lexicon holds these very counts (mail_lexicon_rows), kept by every refresh: reading it is a small
            # scan where grouping the addresses table takes seconds at 250,000 messages.
            self._ensure_index()
            with self._lock:
                conn = self._index.conn
                if self._index.lexicon_stale():
                    rows = conn.execute(
                        "SELECT addr, name, count(*) AS n FROM addresses GROUP BY addr, name "
                        "ORDER BY addr, name = '', n DESC, length(name) DESC, name").fetchall()
                else:  # ranked here: SQLite's ORDER BY sorted them in a temporary B-tree, a few times slower
                    rows = sorted(self._plain().execute("SELECT value, extra, count FROM lexicon WHERE kind = ?",
                                                        (LexiconKind.PERSON,)), key=_best_name_first)
            persons: dict[str, Item] = {}
            for addr, name, _n in rows:
                if addr not in persons and addr not in self._self_emails:
                    persons[addr] = Item(PERSON, addr, {"email": addr, "name": name or None})
            self._persons = persons
        return self._persons

    def _plain(self) -> sqlite3.Cursor:
        """A cursor giving tuples (the caller holds the lock): for rows by the hundred thousand."""
        cursor = self._index.conn.cursor()
        cursor.row_factory = None
        return cursor

    def _person(self, addr: str) -> Item:
        return self._person_items().get(addr) or Item(PERSON, addr, {"email": addr, "name": None})

    # -- Email <-> Person / Self ------------------------------------------------------------------------------
    def _emails_to_addresses(self, sel: Selection, edge: str, want_self: bool) -> list[Link]:
        """Given emails, their senders / recipients / participants that are (or are not) the user."""
        self._ensure_index()
        roles = ROLES[edge]
        me = sorted(self._self_emails)
        if sel.exists and not sel.is_all:
            return self._emails_with_addresses(sel, roles, me, want_self)
        sql = (f"SELECT m.message_id, a.addr FROM addresses a JOIN messages m ON m.id = a.msg "
               f"WHERE a.role IN ({_marks(len(roles))})")
        if me:  # the user's addresses or everyone else's, in SQL (the check below stays the rule); with emails
            # given, '+' keeps SQLite on the message lookup rather than walking every row of the user's address
            plus = "" if sel.is_all else "+"
            sql += f" AND {plus}a.addr {'' if want_self else 'NOT '}IN ({_marks(len(me))})"
        if not sel.links:  # each address once (per chunk of emails; the executor merges the rest)
            sql = sql.replace("SELECT m.message_id, a.addr", "SELECT DISTINCT a.addr", 1)
        rows = self._email_rows(sql, sel, (*roles, *me))
        me = self._self_item() if want_self else None
        if not sel.links:
            addrs = {r["addr"] for r in rows if (r["addr"] in self._self_emails) == want_self}
            return [(None, me)] if me and addrs else [] if me else [(None, self._person(a)) for a in addrs]
        links = [(r["message_id"], me if me else self._person(r["addr"])) for r in rows
                 if (r["addr"] in self._self_emails) == want_self]
        return links

    def _emails_with_addresses(self, sel: Selection, roles: tuple[str, ...], me: list[str],
                               want_self: bool) -> list[Link]:
        """``_emails_to_addresses`` for ``sel.exists``: which selected emails have an address in one of ``roles``
        that is (or is not) the user's, each once and without items. Emails this connector gave row ids to are
        looked up by id alone, without reading their messages rows."""
        field, _ = self._row_handle()
        by_id: dict[int, str] = {}
        others: dict[str, Item] = {}
        for key, item in (sel.items or {}).items():
            row_id = item.fields.get(field)
            if row_id is None:
                others[key] = item
            else:
                by_id[row_id] = key
        where = f"a.role IN ({_marks(len(roles))})"
        if me:
            where += f" AND +a.addr {'' if want_self else 'NOT '}IN ({_marks(len(me))})"
        linked: dict[str, None] = {}
        if by_id:
            with self._lock:
                rows = select_in(self._index.conn, f"SELECT a.msg, a.addr FROM addresses a WHERE {where} "
                                 "AND a.msg IN {}", list(by_id), (*roles, *me))
            linked.update((by_id[msg], None) for msg, addr in rows if (addr in self._self_emails) == want_self)
        if others:
            rows = self._email_rows(f"SELECT m.message_id, a.addr FROM addresses a JOIN messages m ON m.id = a.msg "
                                    f"WHERE {where}", Selection(EMAIL, others), (*roles, *me))
            linked.update((r["message_id"], None) for r in rows if (r["addr"] in self._self_emails) == want_self)
        return [(key, None) for key in linked]

    def _addresses_to_emails(self, addrs: list[str] | None, edge: str, known_key: str | None,
                             links: bool = True, newest: Newest | None = None, keys_only: bool = False) -> list[Link]:
        """Given addresses (None = every non-Self address), the emails they sent / received / took part in.

        ``known_key`` names the known item for every link (Self); None keys each link by its address. Without
        ``links`` (``Selection.links``), each email once, keyed None. ``newest``: see ``Newest``.
        """
        self._ensure_index()
        roles = ROLES[edge]
        email = self._email_items()
        me = sorted(self._self_emails) if addrs is None else []
        inner = (f"SELECT a.msg FROM addresses a WHERE a.role IN ({_marks(len(roles))})"
                 + (f" AND a.addr NOT IN ({_marks(len(me))})" if me else ""))
        if newest and (addrs is None or self._common(inner, addrs, roles, newest)):
            rows = self._newest_by_date(inner, addrs, (*roles, *me), newest)
            if not links:
                return [(None, email(r)) for r in rows]
            by_id = {r["row_id"]: r for r in rows}  # their links: which of the addresses each one has
            with self._lock:
                found = select_in(self._index.conn, f"SELECT a.addr, a.msg FROM addresses a WHERE a.role IN "
                                  f"({_marks(len(roles))}) AND a.msg IN {{}}", list(by_id), roles)
            wanted = None if addrs is None else set(addrs)
            return [(known_key or addr, email(by_id[msg])) for addr, msg in found
                    if (addr in wanted if wanted is not None else addr not in self._self_emails)]
        if not links and not newest:  # each email once, lean: its key, time and row id (describe fills the rest)
            lean = self._lean_emails()
            with self._lock:
                plain = self._plain()
                sql = f"SELECT m.id, m.message_id, m.date_utc FROM messages m WHERE m.id IN ({inner}"
                rows = plain.execute(sql + ")", (*roles, *me)).fetchall() if addrs is None else select_in(
                    plain, sql + " AND a.addr IN {})", list(addrs), tuple(roles))
            return [(None, lean(r)) for r in rows]
        if not links:
            if addrs is None:
                rows = self._rows(f"SELECT {self._MSG_COLS} FROM messages m WHERE m.id IN ({inner})", "", None,
                                  (*roles, *me), newest)
            else:
                rows = self._rows_in_subquery(f"SELECT {self._MSG_COLS} FROM messages m WHERE m.id IN ({inner}", ")",
                                              "a.addr", addrs, roles, newest)
            return [(None, email(r)) for r in rows]
        if keys_only and not newest:  # the emails' keys alone (which address has which email)
            sql = (f"SELECT a.addr, m.message_id FROM addresses a JOIN messages m ON m.id = a.msg "
                   f"WHERE a.role IN ({_marks(len(roles))})")
            with self._lock:
                plain = self._plain()
                found = plain.execute(sql, roles).fetchall() if addrs is None else select_in(
                    plain, sql + " AND a.addr IN {}", list(addrs), tuple(roles))
            return [(known_key or addr, Item(EMAIL, key)) for addr, key in found
                    if addrs is not None or addr not in self._self_emails]
        sql = (f"SELECT a.addr, {self._MSG_COLS} FROM addresses a JOIN messages m ON m.id = a.msg "
               f"WHERE a.role IN ({_marks(len(roles))})")
        rows = self._rows(sql, "a.addr", addrs, roles, newest)
        return [(known_key or r["addr"], email(r)) for r in rows
                if addrs is not None or r["addr"] not in self._self_emails]

    def _common(self, inner: str, addrs: list[str], roles: Sequence[str], newest: Newest) -> bool:
        """Whether the messages of ``inner`` (addresses ``a`` in ``roles``) for ``addrs`` are many enough that
        walking every message newest first finds ``newest.count`` of them sooner than sorting them all: more than
        the square root of count x messages (the two costs, in index lookups, meet there). Counting stops there."""
        if len(addrs) > CHUNK:
            return False
        enough = int(math.sqrt(newest.count * max(self._statistics()["messages"], 1))) + 1
        with self._lock:
            found = self._index.conn.execute(f"SELECT count(*) FROM ({inner} AND a.addr IN ({_marks(len(addrs))}) "
                                             f"LIMIT {enough})", (*roles, *addrs)).fetchone()[0]
        return found >= enough

    def _newest_by_date(self, inner: str, addrs: list[str] | None, params: Sequence, newest: Newest) -> list:
        """``newest.count`` message rows of ``inner`` (addresses ``a``, for ``addrs`` or every one) nearest
        ``newest``'s end, walking the messages by date and stopping there (the cut noted)."""
        where = f"{inner} AND a.msg = m.id" + (f" AND a.addr IN ({_marks(len(addrs))})" if addrs else "")
        sql = f"SELECT {self._MSG_COLS} FROM messages m WHERE EXISTS ({where})" + newest.order("m.date_utc")
        with self._lock:
            return _noted(self._index.conn.execute(sql, (*params, *(addrs or ()))).fetchall(), newest)

    def _person_keys(self, sel: Selection) -> list[str] | None:
        """Selected person addresses, Self's removed (a Person is never the user)."""
        if sel.is_all:
            return None
        return [k for k in (key.lower() for key in sel.items or {}) if k not in self._self_emails]

    def _self_addresses(self, sel: Selection) -> list[str]:
        """The user's addresses, or none when the selection does not hold Self."""
        return sorted(self._self_emails) if sel.is_all or SELF_KEY in (sel.items or {}) else []

    @tool(EMAIL, "from", PERSON)
    def email_from_person(self, sel: Selection) -> Iterator[Link]:
        """The sender of each email (when not the user)."""
        yield from self._emails_to_addresses(sel, "from", want_self=False)

    @tool(PERSON, "from", EMAIL)
    def person_from_email(self, sel: Selection) -> Iterator[Link]:
        """The emails each person sent."""
        yield from self._addresses_to_emails(self._person_keys(sel), "from", None, sel.links, sel.newest,
                                             sel.keys_only)

    @tool(EMAIL, "to", PERSON)
    def email_to_person(self, sel: Selection) -> Iterator[Link]:
        """The recipients (To, Cc, Bcc) of each email, other than the user."""
        yield from self._emails_to_addresses(sel, "to", want_self=False)

    @tool(PERSON, "to", EMAIL)
    def person_to_email(self, sel: Selection) -> Iterator[Link]:
        """The emails addressed to each person (To, Cc or Bcc)."""
        yield from self._addresses_to_emails(self._person_keys(sel), "to", None, sel.links, sel.newest,
                                             sel.keys_only)

    @tool(EMAIL, "participants", PERSON)
    def email_participants_person(self, sel: Selection) -> Iterator[Link]:
        """Everyone but the user who sent or received each email."""
        yield from self._emails_to_addresses(sel, "participants", want_self=False)

    @tool(PERSON, "participants", EMAIL)
    def person_participants_email(self, sel: Selection) -> Iterator[Link]:
        """The emails each person sent or received."""
        yield from self._addresses_to_emails(self._person_keys(sel), "participants", None, sel.links, sel.newest,
                                             sel.keys_only)

    @tool(EMAIL, "from", SELF)
    def email_from_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user sent."""
        yield from self._emails_to_addresses(sel, "from", want_self=True)

    @tool(SELF, "from", EMAIL)
    def self_from_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user sent."""
        yield from self._addresses_to_emails(self._self_addresses(sel), "from", SELF_KEY, sel.links, sel.newest,
                                             sel.keys_only)

    @tool(EMAIL, "to", SELF)
    def email_to_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user received (To, Cc or Bcc)."""
        yield from self._emails_to_addresses(sel, "to", want_self=True)

    @tool(SELF, "to", EMAIL)
    def self_to_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user received (To, Cc or Bcc)."""
        yield from self._addresses_to_emails(self._self_addresses(sel), "to", SELF_KEY, sel.links, sel.newest,
                                             sel.keys_only)

    @tool(EMAIL, "participants", SELF)
    def email_participants_self(self, sel: Selection) -> Iterator[Link]:
        """The user, for each email the user sent or received."""
        yield from self._emails_to_addresses(sel, "participants", want_self=True)

    @tool(SELF, "participants", EMAIL)
    def self_participants_email(self, sel: Selection) -> Iterator[Link]:
        """The emails the user sent or received."""
        yield from self._addresses_to_emails(self._self_addresses(sel), "participants", SELF_KEY, sel.links, sel.newest,
                                             sel.keys_only)

    # -- Email <-> File / Webpage -----------------------------------------------------------------------------
    @tool(EMAIL, "has_attachment", FILE)
    def email_has_attachment_file(self, sel: Selection) -> Iterator[Link]:
        """The files attached to each email."""
        self._ensure_index()
        sql = ("SELECT m.message_id, a.filename, a.sha256 FROM attachments a JOIN messages m ON m.id = a.msg "
               "WHERE 1")
        rows = self._email_rows(sql, sel)
        yield from ((r["message_id"], _file_item(r["filename"], r["sha256"])) for r in rows)

    @tool(FILE, "has_attachment", EMAIL)
    def file_has_attachment_email(self, sel: Selection) -> Iterator[Link]:
        """The emails carrying each file as an attachment (matched by file name)."""
        yield from self._named_to_emails(sel, "attachments", "filename")

    def _named_to_emails(self, sel: Selection, table: str, column: str) -> Iterator[Link]:
        """Emails with rows in ``table`` (attachments, urls) whose ``column`` is a selected key; without
        ``sel.links`` each email once."""
        self._ensure_index()
        keys = None if sel.is_all else sel.keys()
        if sel.exists and keys is not None:  # which keys some email has: each once, no items
            rows = self._rows(f"SELECT DISTINCT t.{column} AS known FROM {table} t WHERE 1", f"t.{column}", keys)
            yield from ((r["known"], None) for r in rows)
            return
        email = self._email_items()
        if not sel.links and not sel.newest:  # each email once, lean (describe fills the rest)
            lean = self._lean_emails()
            sql = f"SELECT m.id, m.message_id, m.date_utc FROM messages m WHERE m.id IN (SELECT t.msg FROM {table} t"
            with self._lock:
                rows = self._plain().execute(sql + ")").fetchall() if keys is None else select_in(
                    self._plain(), sql + f" WHERE t.{column} IN {{}})", list(keys))
            yield from ((None, lean(r)) for r in rows)
            return
        if not sel.links:
            head = f"SELECT {self._MSG_COLS} FROM messages m WHERE m.id IN (SELECT t.msg FROM {table} t WHERE 1"
            rows = self._rows(head + ")", "", None, (), sel.newest) if keys is None else \
                self._rows_in_subquery(head, ")", f"t.{column}", keys, (), sel.newest)
            yield from ((None, email(r)) for r in rows)
            return
        if sel.keys_only and not sel.newest:  # the emails' keys alone (which email has which name)
            with self._lock:
                rows = select_in(self._plain(), f"SELECT t.{column}, m.message_id FROM {table} t JOIN messages m "
                                 f"ON m.id = t.msg WHERE t.{column} IN {{}}", list(keys)) if keys is not None else \
                    self._plain().execute(f"SELECT t.{column}, m.message_id FROM {table} t JOIN messages m "
                                          "ON m.id = t.msg").fetchall()
            yield from ((known, Item(EMAIL, key)) for known, key in rows)
            return
        sql = f"SELECT t.{column} AS known, {self._MSG_COLS} FROM {table} t JOIN messages m ON m.id = t.msg WHERE 1"
        rows = self._rows(sql, f"t.{column}", keys, (), sel.newest)
        yield from ((r["known"], email(r)) for r in rows)

    @tool(EMAIL, "mentions_url", WEBPAGE)
    def email_mentions_url_webpage(self, sel: Selection) -> Iterator[Link]:
        """The web addresses written in each email's body."""
        self._ensure_index()
        sql = "SELECT m.message_id, u.url FROM urls u JOIN messages m ON m.id = u.msg WHERE 1"
        rows = self._email_rows(sql, sel)
        yield from ((r["message_id"], _webpage_item(r["url"])) for r in rows)

    @tool(WEBPAGE, "mentions_url", EMAIL)
    def webpage_mentions_url_email(self, sel: Selection) -> Iterator[Link]:
        """The emails whose body contains each web address (as written)."""
        yield from self._named_to_emails(sel, "urls", "url")

    # -- Email <-> Date ---------------------------------------------------------------------------------------
    @tool(EMAIL, "sent_on", DATE)
    def email_sent_on_date(self, sel: Selection) -> Iterator[Link]:
        """The day (in the configured time zone) each email was sent."""
        self._ensure_index()
        sql = "SELECT m.message_id, m.date_utc FROM messages m WHERE m.date_utc IS NOT NULL"
        rows = self._email_rows(sql, sel)
        tz = self.context.tz
        yield from (
            (r["message_id"], day_item(datetime.fromtimestamp(r["date_utc"], tz).date())) for r in rows)

    @tool(DATE, "sent_on", EMAIL)
    def date_sent_on_email(self, sel: Selection) -> Iterator[Link]:
        """The emails sent within each date range (days in the configured time zone)."""
        self._ensure_index()
        tz = self.context.tz
        # with their row ids, for the next step; lean (items.LEAN) when only the items are wanted: a month holds
        # tens of thousands
        email = self._email_items() if sel.links or sel.newest else self._lean_row_emails()
        if sel.is_all:  # every dated email, keyed by its own day
            rows = self._emails_between(None, None, sel.newest)
            yield from (
                (day_item(datetime.fromtimestamp(r["date_utc"], tz).date()).key, email(r)) for r in rows)
            return
        for key, item in (sel.items or {}).items():
            rng = item.fields.get("range")
            if isinstance(rng, DateRange) and not rng.empty:
                rows = self._emails_between(*day_bounds(rng, tz), sel.newest)
                yield from ((key, email(r)) for r in rows)

    def _emails_between(self, start: float | None, end: float | None,
                        newest: Newest | None = None) -> list[sqlite3.Row]:
        """Message rows dated in [start, end) (None = unbounded); ``newest``: see ``Newest``."""
        sql = f"SELECT {self._MSG_COLS} FROM messages m WHERE m.date_utc IS NOT NULL"
        params: list[float] = []
        if start is not None:
            sql += " AND m.date_utc >= ?"
            params.append(start)
        if end is not None:
            sql += " AND m.date_utc < ?"
            params.append(end)
        with self._lock:
            if newest:
                return _noted(self._index.conn.execute(sql + newest.order("m.date_utc"), params).fetchall(), newest)
            return self._index.conn.execute(sql + " ORDER BY m.id", params).fetchall()

    def _emails_by_ids(self, message_ids: Sequence[str]) -> dict[str, Item]:
        """Email items for Message-IDs held by this source (the first copy of a duplicated message)."""
        rows = self._rows(f"SELECT {self._MSG_COLS} FROM messages m WHERE 1", "m.message_id", message_ids)
        out: dict[str, Item] = {}
        for row in rows:
            out.setdefault(row["message_id"], self._email_item(row))
        return out

    # -- estimates for the cost-aware planner ----------------------------------------------------------------
    def _statistics(self) -> dict[str, float]:
        """Table sizes the estimates are made of, read once after each refresh.

        Cheap at any size: the highest row ids (rows are only appended between rebuilds, so they are close
        upper bounds), the first and last dates from their index, and sums over the stored lexicon, whose
        person rows count every address seen and whose file rows count every attachment.
        """
        self._ensure_index()
        stamp = self._stamp()
        if stamp != self._counted_at:  # written since (a refresh, a sync, another process): count again
            self._counts, self._estimates, self._counted_at = None, {}, stamp
        if self._counts is None:
            me = sorted(self._self_emails)
            with self._lock:
                conn = self._index.conn
                one = lambda sql, params=(): conn.execute(sql, params).fetchone()[0] or 0  # noqa: E731
                first = one("SELECT min(date_utc) FROM messages")
                last = one("SELECT max(date_utc) FROM messages")
                c = {"messages": one("SELECT max(id) FROM messages"),
                     "days": max(1.0, (last - first) / 86400 + 1), "first": first, "last": last,
                     "addresses": one("SELECT max(rowid) FROM addresses"),
                     "attachments": one("SELECT max(rowid) FROM attachments"),
                     "urls": one("SELECT max(rowid) FROM urls")}
                c["dated"] = c["messages"]
                person, file = LexiconKind.PERSON, LexiconKind.FILE
                c["self"] = one(f"SELECT sum(count) FROM lexicon WHERE kind = ? AND value IN ({_marks(len(me))})",
                                (person, *me)) if me else 0
                c["persons"] = max(1, one("SELECT count(DISTINCT value) FROM lexicon WHERE kind = ?", (person,))
                                   - len(me))
                c["files"] = max(1, one("SELECT count(*) FROM lexicon WHERE kind = ?", (file,)))
            self._counts = c
        return self._counts

    def estimate(self, type_: EntityType, filters: list[FilterConstraint]) -> int | None:
        """How many candidates ``find`` would give (an upper bound where only that is cheap)."""
        c = self._statistics()   # first: it forgets the estimates when the index was written since
        return self.remembered_estimate(self._estimates, type_, filters, lambda: self._estimate(type_, filters, c))

    def date_span(self, type_: EntityType) -> tuple[date, date] | None:
        """The days of the first and last dated message (in the configured time zone)."""
        if type_ != EMAIL:
            return None
        c = self._statistics()
        if not c["messages"] or not c["last"]:
            return None
        tz = self.context.tz
        return datetime.fromtimestamp(c["first"], tz).date(), datetime.fromtimestamp(c["last"], tz).date()

    def _stamp(self) -> tuple[int, int]:
        """Changes to the index: this connection's writes and (``data_version``) other connections'."""
        with self._lock:
            conn = self._index.conn
            return conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0]

    def _estimate(self, type_: EntityType, filters: list[FilterConstraint], c: dict[str, float]) -> int | None:
        if type_ not in (EMAIL, PERSON, FILE, WEBPAGE):
            return 0
        if type_ == EMAIL:
            found = c["messages"]
            for flt in filters:
                if flt.field == "subject":
                    found = min(found, self._count_subject(str(flt.value)))
            return int(found)
        if type_ == PERSON:
            if not filters:
                return int(c["persons"])
            try:
                return len(filter_items(self._person_items(), filters))
            except QueryWeaverError:  # an ambiguous first name: the run says so, the estimate need not
                return int(c["persons"])
        if type_ == FILE:
            found = c["files"]
            for flt in filters:
                if flt.field == "name":
                    found = min(found, 1)
                elif flt.field == "extension":
                    found = min(found, self._count_extension(str(flt.value)))
            return int(found)
        return 1 if any(f.field == "url" for f in filters) else int(c["urls"])

    def _count_subject(self, text: str) -> int:
        """Messages whose subject holds ``text``: no more than hold its rarest word, which the stored lexicon
        counts (a word inside a longer one counts that one too); a text with no such word is counted in SQL."""
        words = subject_words(text)
        with self._lock:
            conn = self._index.conn
            if words:
                return min(conn.execute("SELECT coalesce(sum(count), 0) FROM lexicon WHERE kind = ? AND "
                                        "instr(value, ?) > 0", (LexiconKind.SUBJECT_WORD, w)).fetchone()[0]
                           for w in words)
            return conn.execute("SELECT count(*) FROM messages WHERE instr(subject_norm, ?) > 0",
                                (norm(text),)).fetchone()[0]

    def _count_extension(self, ext: str) -> int:
        ext = "." + norm(ext).lstrip(".")
        with self._lock:
            return self._index.conn.execute("SELECT count(*) FROM lexicon WHERE kind = ? AND lower(value) LIKE ?",
                                            (LexiconKind.FILE, f"%{ext}")).fetchone()[0]

    def fanout(self, known: EntityType, edge: str, wanted: EntityType) -> float | None:
        """Average number of ``wanted`` items linked to one ``known`` item by this source's tool."""
        c = self._statistics()
        msgs = max(1.0, c["messages"])
        others = max(0.0, c["addresses"] - c["self"])
        table = {
            (PERSON, EMAIL): others / c["persons"], (EMAIL, PERSON): others / msgs,
            (SELF, EMAIL): c["self"], (EMAIL, SELF): c["self"] / msgs,
            (FILE, EMAIL): c["attachments"] / max(1.0, c["files"]), (EMAIL, FILE): c["attachments"] / msgs,
            (WEBPAGE, EMAIL): 1.0, (EMAIL, WEBPAGE): c["urls"] / msgs,
            (DATE, EMAIL): c["dated"] / c["days"], (EMAIL, DATE): 1.0,
        }
        found = table.get((known, wanted))
        if found is not None and edge == "from" and EMAIL == wanted and known == PERSON:
            found = msgs / c["persons"]
        return found

    # -- hooks ------------------------------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list[FilterConstraint]) -> Iterable[Item] | None:
        """Emails by subject/content, Persons by name/address, attachment Files, and Webpages."""
        if type_ not in (EMAIL, PERSON, FILE, WEBPAGE):
            return None
        self._ensure_index()
        if type_ == EMAIL:
            return list(self._find_emails(filters).values())
        if type_ == PERSON:
            return list(filter_items(self._person_items(), filters).values())
        if type_ == FILE:
            return list(filter_items(self._file_items(filters), filters).values())
        return list(filter_items(self._webpage_items(), filters).values())

    def _find_emails(self, filters: list[FilterConstraint]) -> dict[str, Item]:
        """Emails passing every subject and content filter (other filters are the executor's)."""
        sql = f"SELECT {self._MSG_COLS} FROM messages m JOIN bodies b ON b.msg = m.id WHERE 1"
        params: list[str] = []
        for flt in filters:
            column = {"subject": "m.subject_norm", "content": "b.text"}.get(flt.field)
            if column:
                sql += f" AND instr({column}, ?) > 0"
                params.append(norm(flt.value))
        with self._lock:
            rows = self._index.conn.execute(sql + " ORDER BY m.id", params).fetchall()
        out: dict[str, Item] = {}
        for row in rows:
            out.setdefault(row["message_id"], self._email_item(row))
        return out

    def _file_items(self, filters: Sequence[FilterConstraint] = ()) -> dict[str, Item]:
        """Attachment file names, with the content hash of the most recent copy of each.

        A name or extension filter narrows the names in SQL first (``filter_items`` decides): a whole name through
        an index (norm() equality is trimmed, ASCII-case-insensitive equality for such a name), an extension by
        a scan of the names."""
        where, params = "", []
        for flt in filters:
            text = str(flt.value).strip()
            if not (text.isascii() and text and not any(c.isspace() for c in text)):
                continue
            if flt.field == "name":
                where += " AND trim(a.filename) = ? COLLATE NOCASE"
                params.append(text)
            elif flt.field == "extension":
                # LIKE ignores ASCII case, as norm() does; '%' on both sides tolerates what norm() trims
                where += " AND a.filename LIKE ? ESCAPE '\\'"
                params.append("%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
        with self._lock:
            rows = self._index.conn.execute(
                "SELECT a.filename, a.sha256, max(coalesce(m.date_utc, 0)) FROM attachments a "
                f"JOIN messages m ON m.id = a.msg WHERE 1{where} GROUP BY a.filename", params).fetchall()
        return {r["filename"]: _file_item(r["filename"], r["sha256"]) for r in rows}

    def _webpage_items(self) -> dict[str, Item]:
        with self._lock:
            rows = self._index.conn.execute("SELECT DISTINCT url FROM urls").fetchall()
        return {r["url"]: _webpage_item(r["url"]) for r in rows}

    def apply_filter(self, type_: EntityType, items: dict[str, Item], flt: FilterConstraint) -> set[str] | None:
        """Email subject and content (body) filters, answered from the index."""
        column = {"subject": "m.subject_norm", "content": "b.text"}.get(flt.field)
        if type_ != EMAIL or column is None:
            return None
        self._ensure_index()
        sql = f"SELECT m.message_id FROM messages m JOIN bodies b ON b.msg = m.id WHERE instr({column}, ?) > 0"
        return {r["message_id"] for r in self._email_rows(sql, Selection(EMAIL, items), (norm(flt.value),))}

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Fill the output fields of Email items known only by their Message-ID, and the date of those a tool
        left without it."""
        if type_ != EMAIL:
            return
        lean = {k: it for k, it in items.items() if LEAN in it.fields}
        if lean:  # carried lean by a step (this source's or another's): their fields, read by row id or Message-ID
            self._ensure_index()
            for row in self._email_rows(f"SELECT {self._MSG_COLS} FROM messages m WHERE 1", Selection(EMAIL, lean)):
                item = lean.get(row["message_id"])
                if item is not None and item.fields.pop(LEAN, None):  # a message stored twice is filled once
                    item.fields.update({"message_id": row["message_id"], "subject": row["subject"],
                                        "from": row["from_addr"]})
        for item in items.values():
            if "date" not in item.fields and "_ts" in item.fields:
                item.fields["date"] = self._date_text(item.fields["_ts"])
        bare = [k for k, it in items.items() if not it.fields.get("subject") and "_ts" not in it.fields]
        if not bare:
            return
        self._ensure_index()
        for key, found in self._emails_by_ids(bare).items():
            items[key].merge(found)


    def read_text(self, type_: EntityType, key: str) -> str | None:
        """An email's body as plain text (the HTML part's text when there is no plain part), read from its file."""
        row = self._stored_at(type_, key)
        if row is None:
            return None
        try:
            raw = self._read_message(Path(row["path"]), row["byte_offset"])
        except (OSError, ValueError) as exc:
            raise ConnectorError(f"cannot read {key} from {row['path']} ({exc}); 'queryweaver index' brings the "
                                 f"index up to date with the mail on disk") from exc
        if raw is None:
            return None
        msg, body = split_entity(raw)
        texts, htmls, _ = _read_parts(msg, body, [])
        plain = "\n".join(texts)
        return plain if plain.strip() else "\n".join(html_to_text(h) for h in htmls)

    def _stored_at(self, type_: EntityType, key: str) -> sqlite3.Row | None:
        """Where the email ``key`` came from: its input's ``path`` and its ``byte_offset`` there (None for
        another type or an email this source does not hold)."""
        if type_ != EMAIL:
            return None
        self._ensure_index()
        with self._lock:
            return self._index.conn.execute(
                "SELECT i.path, m.byte_offset FROM messages m JOIN inputs i ON i.id = m.input "
                "WHERE m.message_id = ? ORDER BY m.id LIMIT 1", (key,)).fetchone()

    def _read_message(self, path: Path, offset: int) -> bytes | None:
        """The raw message stored at ``offset`` of input ``path`` (a Maildir file holds one message)."""
        return path.read_bytes()


def _file_item(filename: str, sha256: str) -> Item:
    return Item(FILE, filename, {"name": filename, "path": None, "sha256": sha256})


def _webpage_item(url: str) -> Item:
    return Item(WEBPAGE, url, {"url": url})
