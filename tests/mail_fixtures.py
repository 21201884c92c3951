"""Real mail files for the mbox and Maildir connector tests, written with the stdlib ``mailbox`` and ``email``.

``MESSAGES`` is a small mailbox with one trap per message (encodings, attachments, missing headers, a
corrupt entry). Tests refer to messages by the Message-IDs below.
"""

from __future__ import annotations

import mailbox
import plistlib
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from email.header import Header
from email.message import Message
from email.mime.application import MIMEApplication
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from pathlib import Path
from zoneinfo import ZoneInfo

from queryweaver.config import SourceConfig
from queryweaver.connector import Context

ME = "alex@example.org"
ME_ALIAS = "Alex.Morgan@Work.example"          # a second address of the user, written in mixed case
NEW_YORK = ZoneInfo("America/New_York")

QP_LATIN1 = "<qp-latin1@example.com>"           # QP ISO-8859-1 subject, Cc and Bcc, late-evening New York date
UNKNOWN_CHARSET = "<unknown-charset@example.com>"
RAW_BYTES = "<raw-bytes@example.com>"
HTML_ONLY = "<html-only@example.com>"
ATTACHMENTS = "<attachments@example.com>"
BAD_BODY = "<bad-body@example.com>"
NO_DATE = "<no-date@example.com>"
APPENDED = "<appended@example.com>"
SENT_FROM_MAILDIR = "<sent-folder@example.com>"

NO_DATE_FROM_LINE = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)   # the mbox From-line time of NO_DATE
CORRUPT_POSITION = 5                                                    # 1-based position in the mbox
RESUME = "résumé.docx"
RESUME_BYTES = b"PK\x03\x04 not really a docx" * 40
REPORT_BYTES = b"%PDF-1.4 quarterly report" * 100


@dataclass
class Collected:
    """Warnings and progress reports a connector sent through its Context."""

    warnings: list[str] = field(default_factory=list)
    progress: list[tuple[str, int, int | None]] = field(default_factory=list)

    def about(self, text: str) -> list[str]:
        return [w for w in self.warnings if text in w]


def make_context(cache_dir: Path, *, tz: ZoneInfo = NEW_YORK, self_emails: tuple[str, ...] = (ME, ME_ALIAS),
                 collected: Collected | None = None) -> Context:
    """A Context as the app builds it from config: self addresses lower-cased, a fixed today."""
    collected = collected if collected is not None else Collected()
    return Context(self_name="Alex Morgan", self_emails=frozenset(e.lower() for e in self_emails), tz=tz,
                   today=date(2026, 2, 15), cache_dir=cache_dir, warn=collected.warnings.append,
                   progress=lambda stage, done, total=None: collected.progress.append((stage, done, total)))


def source(type_: str, path: Path) -> SourceConfig:
    return SourceConfig(type=type_, options={"path": str(path)})


def _text(body: str, subject: str | Header, sender: str, to: str, message_id: str | None, when: str | None,
          **extra: str) -> Message:
    msg = MIMEText(body, "plain", "utf-8")
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    for name, value in extra.items():
        msg[name.replace("_", "-")] = value
    if when:
        msg["Date"] = when
    if message_id:
        msg["Message-ID"] = message_id
    return msg


def qp_latin1() -> Message:
    """Quoted-printable ISO-8859-1 subject; To, Cc and Bcc; 23:30 in New York is already tomorrow in UTC."""
    return _text("Notes from the tasting: https://example.com/menu. Also see (https://en.wikipedia.org/wiki/Crème_(dessert)).\n",
                 Header("Café crème notes", "iso-8859-1"), "Jane Doe <Jane.Doe@Example.com>",
                 f"Alex Morgan <{ME}>", QP_LATIN1, "Fri, 10 Jan 2025 23:30:00 -0500",
                 Cc="Bob Stone <bob@example.com>", Bcc="Carol King <carol@example.com>")


def unknown_charset() -> bytes:
    """An RFC 2047 subject in a charset nobody knows (the bytes are Latin-1)."""
    return (b"From: Bob Stone <bob@example.com>\n"
            b"To: alex@example.org\n"
            b"Subject: =?x-unknown-charset?q?Na=EFve_question?=\n"
            b"Date: Mon, 13 Jan 2025 10:00:00 +0000\n"
            b"Message-ID: " + UNKNOWN_CHARSET.encode() + b"\n"
            b"\n"
            b"Is this naive?\n")


def raw_bytes() -> bytes:
    """Raw Latin-1 bytes in the Subject and in the sender's display name (no RFC 2047 at all)."""
    return (b"From: Jos\xe9 Garc\xeda <jose@example.com>\n"
            b"To: Alex Morgan <alex@example.org>\n"
            b"Subject: R\xe9sum\xe9 update\n"
            b"Date: Tue, 14 Jan 2025 09:00:00 +0100\n"
            b"Message-ID: " + RAW_BYTES.encode() + b"\n"
            b"\n"
            b"Attached soon.\n")


def html_only() -> Message:
    """Sent by the user; HTML body only, with links (one mailto, one with an entity)."""
    markup = ("<html><body><p>The <b>quarterly forecast</b> is ready:</p>"
              '<a href="https://example.org/forecast?q=1&amp;view=full">forecast</a> and '
              "<a href='http://Example.NET/Slides'>slides</a>, "
              '<a href="mailto:jane.doe@example.com">mail me</a>.</body></html>')
    msg = MIMEText(markup, "html", "utf-8")
    msg["From"] = f"Alex Morgan <{ME}>"
    msg["To"] = "J. Doe <jane.doe@example.com>"
    msg["Subject"] = "Forecast"
    msg["Date"] = "Wed, 15 Jan 2025 15:00:00 -0500"
    msg["Message-ID"] = HTML_ONLY
    return msg


def attachments() -> Message:
    """A multipart message with two attachments, one with a non-ASCII file name (RFC 2231)."""
    msg = MIMEMultipart()
    msg["From"] = "Jane Doe <jane.doe@example.com>"
    msg["To"] = f"<{ME_ALIAS}>"
    msg["Subject"] = "Report and CV"
    msg["Date"] = "Thu, 16 Jan 2025 08:00:00 -0500"
    msg["Message-ID"] = ATTACHMENTS
    msg.attach(MIMEText("Both files attached.\n", "plain", "utf-8"))
    report = MIMEApplication(REPORT_BYTES, "pdf")
    report.add_header("Content-Disposition", "attachment", filename="report.pdf")
    msg.attach(report)
    resume = MIMEApplication(RESUME_BYTES, "octet-stream")
    resume.add_header("Content-Disposition", "attachment", filename=("utf-8", "", RESUME))
    msg.attach(resume)
    return msg


def no_message_id() -> Message:
    return _text("No id here.\n", "Missing id", "Carol King <carol@example.com>", ME, None,
                 "Fri, 17 Jan 2025 12:00:00 +0000")


def corrupt_entry() -> bytes:
    """Garbage where a message should be: binary bytes and a header cut off mid-line, no usable header."""
    return b"\x00\xff\xfe\x89PNG\r\n\x1a\n\x00\x00 garbage \xde\xad\xbe\xef\nSubj"


def bad_body() -> bytes:
    """A body declared in a charset that does not exist."""
    return (b"From: Dave Park <dave@example.com>\n"
            b"To: alex@example.org\n"
            b"Subject: Strange body\n"
            b"Date: Sat, 18 Jan 2025 12:00:00 +0000\n"
            b"Message-ID: " + BAD_BODY.encode() + b"\n"
            b"Content-Type: text/plain; charset=\"x-bogus\"\n"
            b"Content-Transfer-Encoding: 8bit\n"
            b"\n"
            b"Caf\xe9 \xff\xfe body words\n")


def no_date() -> Message:
    return _text("When was this?\n", "Undated", "Jane Doe <jane.doe@example.com>", ME, NO_DATE, None)


def appended() -> Message:
    return _text("Added later.\n", "Late arrival", "Bob Stone <bob@example.com>", ME, APPENDED,
                 "Mon, 20 Jan 2025 10:00:00 +0000")


def sent_from_maildir() -> Message:
    return _text("From the Sent folder.\n", "Sent copy", f"Alex Morgan <{ME}>", "Jane Doe <jane.doe@example.com>",
                 SENT_FROM_MAILDIR, "Tue, 21 Jan 2025 10:00:00 +0000")


def messages() -> list[Message | bytes]:
    """The test mailbox, in mbox order; the corrupt entry sits in the middle."""
    box: list[Message | bytes] = [qp_latin1(), unknown_charset(), raw_bytes(), html_only(), corrupt_entry(),
                                  attachments(), no_message_id(), bad_body(), no_date()]
    assert box[CORRUPT_POSITION - 1] == corrupt_entry()
    return box


def write_mbox(path: Path, box: list[Message | bytes] | None = None) -> Path:
    """Write messages to an mbox with the stdlib; the undated one gets a known From-line time."""
    mbox = mailbox.mbox(path, create=True)
    mbox.lock()
    try:
        for msg in box if box is not None else messages():
            if isinstance(msg, bytes):  # raw bytes go in verbatim (the stdlib writes its own From line)
                mbox.add(msg)
                continue
            entry = mailbox.mboxMessage(msg)
            entry.set_from("jane.doe@example.com", time.gmtime(NO_DATE_FROM_LINE.timestamp()))
            mbox.add(entry)
        mbox.flush()
    finally:
        mbox.unlock()
        mbox.close()
    return path


def new_message(sender: str, subject: str, message_id: str, body: str = "hello", *,
                to: str = "Alex Morgan <alex@example.org>", when: str = "Sun, 15 Feb 2026 09:00:00 -0500",
                attachment: tuple[str, bytes] | None = None) -> Message:
    """A message that arrives later (appended to a source while QueryWeaver runs), optionally with a PDF."""
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"], msg["Date"], msg["Message-ID"] = sender, to, subject, when, message_id
    msg.set_content(body)
    if attachment:
        msg.add_attachment(attachment[1], maintype="application", subtype="pdf", filename=attachment[0])
    return msg


def append_to_mbox(path: Path, msg: Message | bytes) -> None:
    mbox = mailbox.mbox(path, create=False)
    mbox.lock()
    try:
        mbox.add(msg)
        mbox.flush()
    finally:
        mbox.unlock()
        mbox.close()


def write_maildir(path: Path) -> dict[str, str]:
    """A Maildir++ folder: the messages in the inbox, a sent copy in .Sent; returns Message-ID -> key."""
    inbox = mailbox.Maildir(path, create=True)
    keys = {}
    for msg in messages():
        key = inbox.add(msg)
        if isinstance(msg, Message) and msg["Message-ID"]:
            keys[msg["Message-ID"]] = key
    sent = inbox.add_folder("Sent")
    keys[SENT_FROM_MAILDIR] = sent.add(sent_from_maildir())
    return keys


def emlx_bytes(raw: bytes | Message, *, flags: int = 0, received: datetime | None = None) -> bytes:
    """An Apple Mail .emlx file: the message's length in bytes on the first line (Mail pads it with spaces),
    the message, then the property list Mail writes after it."""
    if isinstance(raw, Message):
        raw = raw.as_bytes()
    meta: dict = {"flags": flags, "remote-id": "1"}
    if received is not None:
        meta["date-received"] = int(received.timestamp())
    return f"{len(raw):<10d}\n".encode() + raw + plistlib.dumps(meta)


def write_emlx(path: Path, box: list[Message | bytes] | None = None) -> list[Path]:
    """Apple Mail's layout: the messages as INBOX.mbox/<id>/Data/Messages/<n>.emlx of one account under
    ``path`` (a V10 folder), each received at the undated message's From-line time; returns the files."""
    messages_dir = path / "8F3C2A10-ACCOUNT" / "INBOX.mbox" / "5B1E9C77-MAILBOX" / "Data" / "Messages"
    messages_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for number, msg in enumerate(box if box is not None else messages(), start=101):
        target = messages_dir / f"{number}.emlx"
        target.write_bytes(emlx_bytes(msg, received=NO_DATE_FROM_LINE))
        written.append(target)
    return written


def tree_state(root: Path, skip: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under ``root`` outside ``skip`` with its mtime and size: to prove nothing changed."""
    return {str(p.relative_to(root)): (p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(root.rglob("*"))
            if skip not in p.parents and p != skip}
