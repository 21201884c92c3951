"""The parser's ``Headers`` against the stdlib: every message parses exactly as it did with compat32 ``Message``.

``mailstore.Headers`` replaced the stdlib's compat32 ``Message`` as the container of a parsed header block.
Here the old path is kept (``old_split_entity`` builds the compat32 Message as the parser did before) and
both are compared: the ``ParsedMessage`` and warnings of whole messages (messages written by the stdlib's
``email`` package and ``mailbox`` in many shapes, hand-made damaged ones, and every message of a generated
corpus), the answers of each header block (top level and every MIME part), and parameter parsing on
random Content-Type / Content-Disposition values.
"""

from __future__ import annotations

import mailbox
import random
from contextlib import contextmanager
from datetime import date
from email import policy
from email.header import Header
from email.message import EmailMessage, Message
from email.mime.application import MIMEApplication
from email.mime.base import MIMEBase
from email.mime.message import MIMEMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from pathlib import Path

import pytest

from connectors import mailstore
from connectors.mailstore import (
    _HEADER_END,
    _HEADER_NAME,
    KEPT_HEADERS,
    MAX_MIME_DEPTH,
    Headers,
    parse_message,
    split_entity,
    split_multipart,
)
from connectors.mbox import iter_mbox
from tests.corpus import generate_corpus

from mail_fixtures import messages as fixture_messages

# ---- the old path: compat32 Message, as the parser built it before ------------------------------------------


def old_parse_header_block(head: bytes) -> Message:
    msg = Message(policy=mailstore.RAW_POLICY)
    name: str | None = None
    value = ""
    for number, line in enumerate(head.decode("ascii", "surrogateescape").split("\n")):
        if line[:1] in (" ", "\t"):
            if name is not None:
                value += "\n" + line
            continue
        if name is not None:
            msg[name] = value.rstrip("\r\n")
            name = None
        colon = line.find(":")
        if colon > 0 and _HEADER_NAME.fullmatch(line, 0, colon):
            if line[:colon].lower() in KEPT_HEADERS:
                name, value = line[:colon], line[colon + 1:].lstrip(" \t")
        elif not (number == 0 and line.startswith("From ")):
            break
    if name is not None:
        msg[name] = value.rstrip("\r\n")
    return msg


def old_split_entity(raw: bytes) -> tuple[Message, bytes]:
    if raw.startswith((b"\n", b"\r\n")):
        return Message(policy=mailstore.RAW_POLICY), raw.split(b"\n", 1)[1]
    end = _HEADER_END.search(raw)
    head, body = (raw[:end.start()], raw[end.end():]) if end else (raw, b"")
    return old_parse_header_block(head), body


@contextmanager
def old_path():
    """The parser, for the duration, reads header blocks into compat32 Messages as it did before."""
    new = mailstore.split_entity
    mailstore.split_entity = old_split_entity
    try:
        yield
    finally:
        mailstore.split_entity = new


def parsed(raw: bytes, fallback: float | None = 1_700_000_000.0):
    warnings: list[str] = []
    msg = parse_message(raw, "here", warnings.append, lambda: fallback)
    return msg, warnings


def assert_same_parse(raw: bytes) -> None:
    new = parsed(raw)
    with old_path():
        old = parsed(raw)
    assert new == old, raw[:300]


# ---- the answers of one header block -------------------------------------------------------------------------

NAMES = ["From", "to", "CC", "Bcc", "Subject", "DATE", "Message-ID", "message-id", "Content-Type", "content-type",
         "Content-Disposition", "Content-Transfer-Encoding", "X-Apple-Content-Length", "MIME-Version", "Received",
         "X-Other"]
PARAMS = ["charset", "CHARSET", "boundary", "Boundary", "name", "filename", "format", "delsp", "size", "", "x"]
MISSING = object()


def answers(msg) -> list:
    """What the parser (and more) may ask of a header block; an exception is an answer too."""
    def ask(call):
        try:
            return ("ok", call())
        except Exception as exc:  # noqa: BLE001 - the same exception either way is the same answer
            return ("raised", type(exc).__name__)

    out = []
    for name in NAMES:
        out += [ask(lambda: msg.get(name)), ask(lambda: msg.get(name, "dflt")), ask(lambda: msg.get_all(name)),
                ask(lambda: msg.get_all(name, "dflt")), ask(lambda: name in msg)]
    out += [ask(msg.get_content_type), ask(msg.get_content_disposition), ask(msg.get_boundary),
            ask(lambda: msg.get_boundary("dflt")), ask(msg.get_filename), ask(lambda: msg.get_filename("dflt"))]
    ctype = ask(msg.get_content_type)
    extra = [ctype[1]] if ctype[0] == "ok" else []
    for header in ("content-type", "Content-Type", "content-disposition", "Content-Disposition"):
        for param in PARAMS + extra + ["attachment", "inline"]:
            out += [ask(lambda: msg.get_param(param, header=header)),
                    ask(lambda: msg.get_param(param, MISSING, header) is MISSING)]
    out.append(ask(lambda: msg.get_param("charset")))
    return out


def assert_same_blocks(raw: bytes, depth: int = 0) -> None:
    """Every header block of an entity (its own, its parts', forwarded messages') answers alike both ways."""
    new, new_body = split_entity(raw)
    old, old_body = old_split_entity(raw)
    assert isinstance(new, Headers)
    assert new_body == old_body
    assert answers(new) == answers(old), raw[:300]
    if depth >= MAX_MIME_DEPTH:
        return
    try:
        ctype, boundary = old.get_content_type(), old.get_boundary()
    except Exception:  # noqa: BLE001 - a block whose parameters the stdlib cannot read: compared above
        return
    if ctype.startswith("multipart/"):
        for part in split_multipart(old_body, boundary) or ():
            assert_same_blocks(part, depth + 1)
    elif ctype == "message/rfc822":
        assert_same_blocks(old_body, depth + 1)


# ---- messages in many shapes, written by the stdlib ----------------------------------------------------------

def _base(msg: Message, n: int, subject: str = "Hello") -> Message:
    msg["From"] = "Jane Doe <jane@example.com>"
    msg["To"] = "Alex Morgan <alex@example.org>, bob@example.com"
    msg["Subject"] = subject
    msg["Date"] = "Thu, 16 Jan 2025 08:00:00 -0500"
    msg["Message-ID"] = f"<shape-{n}@example.com>"
    return msg


def stdlib_messages() -> list[bytes]:
    out: list[bytes] = []

    def add(msg: Message, pol=None) -> None:
        out.append(msg.as_bytes(policy=pol) if pol is not None else msg.as_bytes())

    # plain text in several charsets and transfer encodings
    add(_base(MIMEText("plain ascii words\n"), 1))
    add(_base(MIMEText("caf\xe9 cr\xe8me https://example.com/x\n", "plain", "iso-8859-1"), 2))
    add(_base(MIMEText("\u65e5\u672c\u8a9e\n", "plain", "utf-8"), 3))
    add(_base(MIMEText("<p>only <a href='https://a.example/b'>html</a></p>", "html", "utf-8"), 4))

    # multipart/mixed with attachments: plain, RFC 2231 (short and long), encoded-word, backslash file names
    mixed = _base(MIMEMultipart(), 5, "Report")
    mixed.attach(MIMEText("see attached\n"))
    pdf = MIMEApplication(b"%PDF-1.4" * 50, "pdf")
    pdf.add_header("Content-Disposition", "attachment", filename="report.pdf")
    mixed.attach(pdf)
    rfc2231 = MIMEApplication(b"PK\x03\x04" * 30, "octet-stream")
    rfc2231.add_header("Content-Disposition", "attachment", filename=("utf-8", "", "r\xe9sum\xe9 final.docx"))
    mixed.attach(rfc2231)
    encoded = MIMEApplication(b"data", "octet-stream")
    encoded.add_header("Content-Disposition", "attachment",
                       filename=Header("\u00fcbersicht \u65e5\u672c.xlsx", "utf-8").encode())
    mixed.attach(encoded)
    backslash = MIMEApplication(b"data2", "octet-stream")
    backslash.add_header("Content-Disposition", "attachment", filename='C:\\Users\\me\\a "b".txt')
    mixed.attach(backslash)
    named = MIMEBase("image", "png", name="picture.png")
    named.set_payload(b"\x89PNG....")
    mixed.attach(named)
    inline = MIMEText("inline text part\n")
    inline.add_header("Content-Disposition", "inline", filename="notes.txt")
    mixed.attach(inline)
    nameless = MIMEApplication(b"no name", "octet-stream")
    nameless.add_header("Content-Disposition", "attachment")
    mixed.attach(nameless)
    add(mixed)
    add(mixed, policy.SMTP)      # CRLF line endings
    add(mixed, policy.default)

    # the modern API: long non-ASCII file names (RFC 2231 continuations), alternative bodies, nested messages
    modern = EmailMessage()
    _base(modern, 6, "Caf\xe9 \u2014 r\xe9sum\xe9s and a rather long subject line that has to be folded "
          "over more than one line when written out")
    modern.set_content("plain body\nwith lines\n")
    modern.add_alternative("<html><body><a href=\"https://example.org/?a=1&amp;b=2\">x</a></body></html>",
                           subtype="html")
    modern.add_attachment(b"bytes" * 100, maintype="application", subtype="octet-stream",
                          filename="\u00e9" * 40 + " very long attachment name that needs continuations.pdf")
    modern.add_attachment(b"x", maintype="application", subtype="zip", filename="plain name; with semicolon.zip")
    add(modern)
    add(modern, policy.SMTP)
    add(modern, policy.compat32)

    inner = _base(MIMEText("forwarded text\n"), 7, "Inner")
    forward = _base(MIMEMultipart(), 8, "Fwd: Inner")
    forward.attach(MIMEText("see below\n"))
    forward.attach(MIMEMessage(inner))
    attached_msg = MIMEMessage(_base(MIMEText("attached message\n"), 9, "As a file"))
    attached_msg.add_header("Content-Disposition", "attachment", filename="old.eml")
    forward.attach(attached_msg)
    add(forward)
    nested = _base(MIMEMultipart("mixed"), 10)
    alt = MIMEMultipart("alternative")
    alt.attach(MIMEText("alt plain\n"))
    alt.attach(MIMEText("<b>alt html</b>", "html"))
    nested.attach(alt)
    deeper = MIMEMultipart("related")
    deeper.attach(MIMEMessage(forward))
    nested.attach(deeper)
    add(nested)

    digest = _base(MIMEMultipart("digest"), 11)
    digest.attach(MIMEMessage(_base(MIMEText("digest one\n"), 12)))
    digest.attach(MIMEText("digest text part\n"))
    add(digest)

    # quoted and odd boundaries, upper-case parameter names
    for n, boundary in enumerate(["simple", "with space", "a;b=c", "<angle>", "=_Part_0_1234.5678", "x*y"], 20):
        msg = _base(MIMEMultipart(boundary=boundary), n)
        msg.attach(MIMEText(f"part under {boundary}\n"))
        add(msg)
    return out


def crafted_messages() -> list[bytes]:
    """Hand-made messages: damage and forms the stdlib does not write."""
    head = (b"From: Jane Doe <jane@example.com>\nTo: alex@example.org\nSubject: crafted\n"
            b"Date: Thu, 16 Jan 2025 08:00:00 -0500\n")
    out = []

    def mid(n: int) -> bytes:
        return f"Message-ID: <crafted-{n}@example.com>\n".encode()

    bodies = [
        # missing, invalid, upper-case and duplicated Content-Type
        b"\nno content type\n",
        b"Content-Type: text\n\nbare text type\n",
        b"Content-Type: text/plain/extra\n\ninvalid type\n",
        b"Content-Type: TEXT/HTML; CHARSET=UTF-8\n\n<p>upper</p>\n",
        b"Content-Type: text/html\nContent-Type: text/plain\n\nduplicated type\n",
        b"Content-Type: text/plain (a comment); charset=us-ascii (another)\n\ncomments\n",
        b"Content-Type: text/plain; charset=\"x-bogus\"\n\nbogus charset \xe9\n",
        b"Content-Type: text/plain; charset=utf-8\n\nnot utf-8 \xe9\xff\n",
        b"Content-Type: text/plain; charset*=utf-8''latin1\n\nrfc2231 charset \xe9\n",
        b"Content-Type: text/plain; charset=\"\"\n\nempty charset\n",
        b"Content-Type: text/plain; charset=<utf-8>\n\nangle charset\n",
        b"Content-Type: text/plain;\n charset=\"iso-8859-1\"\n\nfolded param caf\xe9\n",
        b"Content-Type: text/plain; charset=utf-8; charset=latin1\n\ntwo charsets\n",
        b"Content-Type: text/plain; ; charset=utf-8;\n\nempty params\n",
        b"Content-Type: text/plain; charset = utf-8 \n\nspaced param\n",
        b"Content-Type: text/plain; charset=\"utf-8\n\nunbalanced quote\n",
        b"Content-Type: text/plain; name*=utf-8''a; name*0=b\n\nbroken RFC 2231\n",
        b"Content-Type: text/plain; charset=\"utf\\\"-8\"\n\nbackslash in charset\n",
        # multiparts: folded, quoted, missing and never-found boundaries, truncated
        b"Content-Type: multipart/mixed;\n\tboundary=\"==b;1==\"\n\n--==b;1==\nContent-Type: text/plain\n\none\n"
        b"--==b;1==\nContent-Type: application/pdf; name=\"a.pdf\"\nContent-Transfer-Encoding: base64\n\n"
        b"JVBERi0xLjQ=\n--==b;1==--\n",
        b"Content-Type: multipart/mixed\n\nno boundary at all\n",
        b"Content-Type: multipart/mixed; boundary=nowhere\n\nthe boundary never comes\n",
        b"Content-Type: multipart/mixed; boundary=cut\n\n--cut\nContent-Type: text/plain\n\ntruncated part\n",
        b"Content-Type: multipart/mixed; BOUNDARY=\"Up\"\n\n--Up\n\nno part headers\n--Up--\n",
        b"Content-Type: multipart/mixed; boundary=\"<ang>\"\n\n--ang\n\nangle boundary\n--ang--\n",
        b"Content-Type: multipart/mixed; boundary*=us-ascii''enc\n\n--enc\n\nrfc2231 boundary\n--enc--\n",
        b"Content-Type: multipart/mixed; boundary=\"tail \"\n\n--tail\n\ntrailing space\n--tail--\n",
        # dispositions
        b"Content-Disposition: attachment; filename=report.pdf\nContent-Transfer-Encoding: base64\n\nJVBERg==\n",
        b"Content-Disposition: ATTACHMENT\n\nnameless attachment\n",
        b"Content-Disposition: inline; filename*0=\"long\"; filename*1=\"name.txt\"\n\ncontinued name\n",
        b"Content-Disposition: attachment; filename*=iso-8859-1'fr'r%E9sum%E9.pdf\n\nlatin-1 name\n",
        b"Content-Disposition: attachment; filename*=x-unknown''a%FFb.pdf\n\nunknown charset name\n",
        b"Content-Disposition: attachment; filename=\"=?utf-8?q?caf=C3=A9.txt?=\"\n\nencoded word\n",
        b"Content-Disposition: attachment; filename=\"caf\xc3\xa9 8bit.txt\"\n\n8-bit name\n",
        b"Content-Disposition: attachment; filename=\"semi;colon.txt\"; size=3\n\nsemicolon\n",
        b"Content-Disposition: attachment; filename=\"\"\n\nempty name\n",
        b"Content-Disposition: attachment; filename=\"  spaced.txt  \"\n\nspaced name\n",
        b"Content-Disposition: attachment; FileName=\"UPPER.TXT\"\n\nupper param\n",
        b"Content-Disposition: attachment; filename=<angled.txt>\n\nangled name\n",
        b"Content-Disposition: attachment; filename=\"star*.txt\"\n\nstar in value\n",
        b"Content-Type: application/octet-stream; name=\"from-type.bin\"\n\nname param\n",
        b"Content-Type: application/octet-stream; NAME=\"UPPER.bin\"\nX-Apple-Content-Length: 1234\n\n",
        b"Content-Type: message/rfc822\n\nFrom: inner@example.com\nSubject: inner\n\ninner body\n",
        b"Content-Type: message/rfc822; name=\"fwd.eml\"\n\nFrom: inner@example.com\n\nas a file\n",
    ]
    for n, tail in enumerate(bodies):
        out.append(head + mid(n) + tail)
    # folded, duplicated and 8-bit headers, CRLF, a leading From line, no headers
    out += [
        b"From: a@example.com\nFrom: b@example.com\nTo: c@example.com,\n d@example.com\nTo: e@example.com\n"
        b"Subject: first\nSubject: second\nSubject: =?utf-8?q?third?=\n Folded continuation\n"
        b"Message-ID: <dup@example.com>\nMessage-ID: <dup2@example.com>\n\nduplicates\n",
        b"From: Jos\xe9 <jose@example.com>\nSubject: R\xc3\xa9sum\xc3\xa9 caf\xe9\nDate: bad date\n\n8-bit\n",
        b"From: a@example.com\r\nSubject: crlf\r\n folded\r\nContent-Type: multipart/alternative;\r\n"
        b" boundary=\"crlf\"\r\n\r\n--crlf\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ncaf\xc3\xa9\r\n"
        b"--crlf\r\nContent-Type: text/html\r\n\r\n<p>h</p>\r\n--crlf--\r\n",
        # (a stray line, or blanks before a colon, are read as mail clients read them, not as the stdlib does:
        # tests/test_real_mail.py)
        b"From a@example.com Thu Jan 16 08:00:00 2025\nFrom: a@example.com\nSubject: leading From line\n\nbody\n",
        b" leading continuation\nFrom: a@example.com\nSubject: odd start\n\nbody\n",
        b"X-Long: x\n continued\nSubject: after a dropped folded header\nFrom: a@example.com\n\nbody\n",
        b"From: a@example.com\nSubject:\n only a continuation\nTo:\t\nCc:   \n\nempty values\n",
        b"From: a@example.com\nSUBJECT: upper\ncontent-type: TEXT/plain; Charset=\"UTF-8\"\n\nlower names\n",
        b"From: a@example.com\nSubject: cr\r\n\r\x0bbody\n",
        b"From: a@example.com\nSubject: no body",
        b"From: a@example.com\nSubject: trailing newline\n",
        b"\nbody only\n",
        b"",
        b"Subject: \xff\xfe\nFrom: \"Doe, Jane\" <jane@example.com> (comment)\nTo: undisclosed-recipients:;\n\nx\n",
    ]
    return out


def via_mailbox(raws: list[bytes], tmp_path: Path) -> list[bytes]:
    """The messages as the mbox connector reads them after the stdlib's ``mailbox`` wrote them."""
    path = tmp_path / "shapes.mbox"
    box = mailbox.mbox(path, create=True)
    for raw in raws:
        box.add(raw)
    box.flush()
    return [raw for _, _, raw in iter_mbox(path)]


def all_shapes(tmp_path: Path) -> list[bytes]:
    raws = stdlib_messages() + crafted_messages()
    raws += [m if isinstance(m, bytes) else m.as_bytes() for m in fixture_messages()]
    return raws + via_mailbox(raws, tmp_path)


# ---- the tests -----------------------------------------------------------------------------------------------

def test_messages_of_every_shape_parse_as_with_the_stdlib_message(tmp_path):
    raws = all_shapes(tmp_path)
    assert len(raws) > 100
    for raw in raws:
        assert_same_parse(raw)


def test_every_header_block_answers_as_the_stdlib_message(tmp_path):
    for raw in all_shapes(tmp_path):
        assert_same_blocks(raw)


def test_a_generated_corpus_parses_as_with_the_stdlib_message(tmp_path):
    generate_corpus(tmp_path / "corpus", emails=1500, events=5, files=5, seed=8, today=date(2026, 2, 15), story=True)
    raws = [raw for _, _, raw in iter_mbox(tmp_path / "corpus" / "mail.mbox")]
    assert len(raws) >= 1500
    for raw in raws:
        assert_same_parse(raw)
        assert_same_blocks(raw)


PIECES = ["a", "B", "=", ";", '"', "\\", "*", "0", "1", "<", ">", " ", "\t", "\n ", "%", "'", "(", ")", "x",
          "\udce9", "\u00e9", "name", "filename", "charset", "boundary", "utf-8", "*0*", "*1", "''"]
QUOTES = ["", '"']


@pytest.mark.parametrize("header", ["content-type", "content-disposition"])
def test_random_parameters_read_as_the_stdlib_reads_them(header):
    rng = random.Random(20260527 + len(header))
    heads = {"content-type": ["text/plain", "multipart/mixed", "Text/HTML", ""],
             "content-disposition": ["attachment", "inline", "ATTACHMENT", ""]}[header]
    for _ in range(6000):
        value = rng.choice(heads) + "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 25)))
        if rng.random() < 0.5:  # mostly well-formed parameter lists, with some noise
            value = rng.choice(heads) + "".join(
                f";{rng.choice(['', ' ', '  '])}{rng.choice(PARAMS[:8] + ['filename*', 'name*0', 'name*1*'])}="
                f"{rng.choice(QUOTES)}{''.join(rng.choice(PIECES) for _ in range(rng.randrange(0, 6)))}"
                f"{rng.choice(QUOTES)}" for _ in range(rng.randrange(0, 4)))
        new = Headers({header: [value]})
        old = Message(policy=mailstore.RAW_POLICY)
        old[header] = value
        assert answers(new) == answers(old), value


HEADER_END_CASES = [b"", b"\n", b"\n\n", b"\r\n\r\n", b"a\n\nb", b"a\r\n\r\nb", b"a\n\r\nb", b"a\r\n\nb", b"\r\n\n",
                    b"a\r\r\n\nb", b"a\n\r\r\nb\n\nc", b"a\n\r\nb\n\nc", b"a\n\nb\n\r\nc", b"\n\r\n", b"\r\n", b"a\r\nb"]


def test_the_header_end_is_where_the_regex_found_it():
    def old(raw):
        found = _HEADER_END.search(raw)
        return None if found is None else (found.start(), found.end())

    for raw in HEADER_END_CASES:
        assert mailstore.header_end(raw) == old(raw), raw
    rng = random.Random(20261127)
    for _ in range(30_000):
        raw = bytes(rng.choice(b"\r\n\n a:") for _ in range(rng.randrange(0, 14)))
        assert mailstore.header_end(raw) == old(raw), raw


def old_parse_date(value):
    """The Date reader before its fast path for the usual form: the stdlib's parsedate_tz alone."""
    import calendar
    from email.utils import parsedate_tz

    try:
        parts = parsedate_tz(value.encode("ascii", "replace").decode().strip())
        if parts is None:
            return None
        return float(calendar.timegm(parts[:9]) - (parts[9] or 0))
    except (ValueError, OverflowError, TypeError, IndexError):
        return None


DATES = ["Thu, 12 Feb 2026 09:15:00 -0500", "12 Feb 2026 09:15:00 +0000", "Wed, 17 Jan 2024 00:12:23 -0500 (EST)",
         "Sun, 1 Mar 2026 23:59:59 +1345", "Mon, 31 Feb 2025 10:00:00 +0100", "Tue, 01 Jan 0099 00:00:00 -0000",
         "Fri, 09 Aug 2024 25:61:61 +0599", "Sat, 9 Aug 2024 12:00:00 +0000 extra words", "Thu,12 Feb 2026 09:15:00 -0500",
         "Thu, 12 feb 2026 09:15:00 -0500", "Thu, 12 February 2026 09:15:00 -0500", "Thu, 12 Feb 26 09:15:00 -0500",
         "Thu, 12 Feb 2026 09:15 -0500", "Thu, 12 Feb 2026 09:15:00 EST", "Thu, 12 Feb 2026 09:15:00 -0500(EST)",
         "  Thu, 12 Feb 2026 09:15:00 -0500  ", "Thu, 12 Feb 2026 09:15:00 -0500\u2003", "\u200312 Feb 2026 09:15:00 -0500",
         "Thu, 12 Feb 2026  09:15:00 -0500", "Thu, 12 Feb 2026 09:15:00 -05:00", "Xyz, 12 Feb 2026 09:15:00 -0500",
         "Thu 12 Feb 2026 09:15:00 -0500", "12 Feb 2026 09:15:00", "", " ", "Thu, 00 Feb 2026 00:00:00 +0000",
         "Thu, 12 Feb 2026 09:15:00 -0500\x1f", "Thu, 12 Feb 2026 09:15:00 +0000 \x1f(x)"]


def test_usual_dates_read_as_the_stdlib_reads_them():
    for value in DATES:
        assert mailstore.parse_date(value) == old_parse_date(value), value
    rng = random.Random(20261128)
    days, months = ["Mon", "Tue", "Sun", "Thu"], ["Jan", "Feb", "Dec", "jan", "May"]
    noise = [" ", "  ", ",", ":", "-", "+", "0", "9", "(", ")", "\t", "x", "\u00e9", "\x1f", "EST", "GMT"]
    for _ in range(20_000):
        value = (f"{rng.choice(days) + ', ' if rng.random() < 0.7 else ''}{rng.randrange(0, 40)} {rng.choice(months)} "
                 f"{rng.choice(['2026', '1999', '0042', '0070', '26', '9999'])} {rng.randrange(0, 30):02d}:"
                 f"{rng.randrange(0, 70):02d}:{rng.randrange(0, 70):02d} {rng.choice('+-')}{rng.randrange(0, 10000):04d}"
                 f"{rng.choice(['', ' (EST)', ' x', ''])}")
        if rng.random() < 0.4:  # a character changed, added or removed somewhere
            at = rng.randrange(0, len(value) + 1)
            value = value[:at] + rng.choice(noise + [""]) + value[at + rng.randrange(0, 2):]
        assert mailstore.parse_date(value) == old_parse_date(value), value


# ---- encoded words, and what the parser keeps of values seen before ------------------------------------------

WORD_PIECES = ["=?utf-8?q?", "=?UTF-8?B?", "=?iso-8859-1?q?", "=?koi8-r?Q?", "?=", " ", "  ", "\t", "a", "Garc=C3=ADa",
               "=c3=a9", "_", "=", "==", "=Z", "=4", "w6k", "w6k=", "SGk", "\u00e9", "\udce9", "\u2028", "\n", "\r\n ",
               "\r", "?", "=?", "x?=y", "=3F", "abc", "=?utf-8?x?", "Q", "b", "=?utf-8*en?q?", "=?=?"]


def test_encoded_words_decode_as_the_stdlib_decodes_them():
    from email.header import decode_header

    def outcome(function, value):
        try:
            return function(value)
        except Exception as exc:  # noqa: BLE001 - the same exception either way is the same answer
            return type(exc).__name__

    rng = random.Random(20261127)
    for _ in range(60_000):
        value = "".join(rng.choice(WORD_PIECES) for _ in range(rng.randrange(0, 12)))
        assert outcome(mailstore.decode_words, value) == outcome(decode_header, value), value
    for value in ["=?utf-8?q?Omar_Garc=C3=ADa?=", "=?utf-8?q?a=?=", "=?utf-8?q?a==41?=", "=?utf-8?b?w6k?= =?utf-8?b?w6k?=",
                  "Re: =?utf-8?q?caf=C3=A9?= and =?iso-8859-1?q?caf=E9?=", "=?utf-8?b?!!!?=", "=?utf-8?q?=E2=80=94?="]:
        assert outcome(mailstore.decode_words, value) == outcome(decode_header, value), value


def _forget_seen_values():
    for cache in (mailstore._DECODED, mailstore._SENDERS, mailstore._ADDRESSED, mailstore._PARAMETERS,
                  mailstore._SMALL_HEADS, mailstore._CODECS):
        cache.clear()


def test_values_seen_before_parse_as_when_new(tmp_path):
    """Every message parses the same (rows and warnings) with the parser's memory of earlier values emptied before
    it and with that memory full of other messages' values, including repeats that warned."""
    generate_corpus(tmp_path / "corpus", emails=800, events=5, files=5, seed=11, today=date(2026, 2, 15), story=True)
    raws = [raw for _, _, raw in iter_mbox(tmp_path / "corpus" / "mail.mbox")] + all_shapes(tmp_path)
    fresh = []
    for raw in raws:
        _forget_seen_values()
        fresh.append(parsed(raw))
    for _ in range(2):  # the second time, every value is one seen before
        assert [parsed(raw) for raw in raws] == fresh
    assert mailstore._SENDERS and mailstore._ADDRESSED and mailstore._PARAMETERS and mailstore._SMALL_HEADS
    assert mailstore._DECODED and mailstore._CODECS


def test_a_value_that_warns_warns_in_every_message_that_has_it():
    broken = (b"From: =?utf-8?b?!!!?= <a@example.org>\nTo: \xff\xfe Bob <b@example.org>\n"
              b"Subject: =?x-unknown-9?q?caf=E9?= =?utf-8?b?!!!?=\nCc: =?utf-8?q?caf=FF?= <c@example.org>\n"
              b"Content-Type: text/plain; charset=x-unknown-9\n\nhello\n")
    _forget_seen_values()
    first, second = parsed(b"Message-ID: <1@x>\n" + broken), parsed(b"Message-ID: <2@x>\n" + broken)
    assert first[1] and len(first[1]) == len(second[1]) == 1
    assert first[1][0].count(";") == second[1][0].count(";") >= 4   # each problem, both times
    assert first[0].row()[1:] == second[0].row()[1:]


def test_the_memory_of_values_seen_is_bounded(monkeypatch):
    monkeypatch.setattr(mailstore, "CACHE_ENTRIES", 50)
    _forget_seen_values()
    for n in range(400):
        parsed(f"From: Person {n} <p{n}@example.org>\nSubject: =?utf-8?q?n{n}?=\nMessage-ID: <{n}@x>\n\nhi\n".encode())
        assert len(mailstore._SENDERS) <= 50 and len(mailstore._DECODED) <= 50
    assert parsed(b"From: Person 3 <p3@example.org>\nMessage-ID: <z@x>\n\nhi\n")[0].from_name == "Person 3"
