"""How fast the local mail connectors index: full build, then an unchanged refresh.

Generates N messages (default 25,000; about 20% with one or two attachments) with the stdlib into a
temporary mbox (and, with --maildir, the same messages into a Maildir; with --emlx, into an Apple Mail store
of .emlx files), indexes them and prints the figures. The target is a full mbox index of 25,000 messages in
at most 10 s on 2 cores.

    python benchmarks/mail_index_speed.py [-n 25000] [--maildir] [--emlx] [--keep DIR]
"""

from __future__ import annotations

import argparse
import mailbox
import plistlib
import random
import shutil
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from email.mime.application import MIMEApplication
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from connectors.emlx import EmlxConnector
from connectors.maildir import MaildirConnector
from connectors.mbox import MboxConnector
from queryweaver.config import SourceConfig
from queryweaver.connector import Context

SELF = "alex@example.org"
WORDS = ["budget", "report", "meeting", "invoice", "draft", "plan", "review", "launch", "agenda", "notes",
         "trip", "offsite", "quarter", "design", "contract", "update", "schedule", "proposal", "summary"]
FIRST = ["Jane", "John", "Maria", "Wei", "Aisha", "Lars", "Chloe", "Omar", "Priya", "Tom", "Sara", "Ken"]
LAST = ["Doe", "Smith", "Garcia", "Chen", "Khan", "Berg", "Martin", "Haddad", "Patel", "Brown", "Rossi", "Sato"]


def make_message(rng: random.Random, n: int, people: list[tuple[str, str]]) -> MIMEText | MIMEMultipart:
    """One plausible message; about one in five carries attachments."""
    sent_by_me = rng.random() < 0.3
    sender = ("Alex Morgan", SELF) if sent_by_me else rng.choice(people)
    to = [rng.choice(people) for _ in range(rng.randint(1, 3))] if sent_by_me else [("Alex Morgan", SELF)]
    lines = [" ".join(rng.choices(WORDS, k=rng.randint(6, 14))) for _ in range(rng.randint(3, 25))]
    if rng.random() < 0.3:
        lines.append(f"See https://example.com/{rng.choice(WORDS)}/{n} for details.")
    text = MIMEText("\n".join(lines) + "\n", "plain", "utf-8")
    if rng.random() < 0.2:
        msg = MIMEMultipart()
        msg.attach(text)
        for k in range(rng.randint(1, 2)):
            part = MIMEApplication(rng.randbytes(rng.randint(2_000, 40_000)), "octet-stream")
            part.add_header("Content-Disposition", "attachment",
                            filename=f"{rng.choice(WORDS)}_{n}_{k}.{rng.choice(['pdf', 'xlsx', 'txt', 'png'])}")
            msg.attach(part)
    else:
        msg = text
    when = datetime(2024, 1, 1, tzinfo=UTC) + timedelta(minutes=rng.randint(0, 2 * 365 * 24 * 60))
    msg["From"] = f"{sender[0]} <{sender[1]}>"
    msg["To"] = ", ".join(f"{name} <{addr}>" for name, addr in to)
    if rng.random() < 0.2:
        msg["Cc"] = "{} <{}>".format(*rng.choice(people))
    msg["Subject"] = " ".join(rng.choices(WORDS, k=rng.randint(2, 6))).capitalize()
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = f"<bench-{n}@example.com>"
    return msg


def generate(count: int, mbox_path: Path, maildir_path: Path | None, emlx_path: Path | None = None) -> None:
    """Write ``count`` messages to an mbox (and a Maildir, and an Apple Mail store) with the stdlib."""
    rng = random.Random(42)
    people = [(f"{f} {l}", f"{f.lower()}.{l.lower()}@example.com") for f in FIRST for l in LAST]
    box = mailbox.mbox(mbox_path)
    maildir = mailbox.Maildir(maildir_path) if maildir_path else None
    box.lock()
    try:
        for n in range(count):
            msg = make_message(rng, n, people)
            box.add(msg)
            if maildir is not None:
                maildir.add(msg)
            if emlx_path is not None:
                write_emlx(emlx_path, n, msg.as_bytes())
        box.flush()
    finally:
        box.unlock()
        box.close()


def write_emlx(store: Path, n: int, raw: bytes) -> None:
    """Message ``n`` as Apple Mail keeps it: INBOX.mbox/<id>/Data/<d>/<d>/Messages/<n>.emlx (a thousand per
    folder), its byte count first and its property list after it."""
    folder = store / "ACCOUNT" / "INBOX.mbox" / "MAILBOX" / "Data" / str(n // 1000 % 10) / str(n // 10000) / "Messages"
    folder.mkdir(parents=True, exist_ok=True)
    plist = plistlib.dumps({"flags": 1, "date-received": 1_700_000_000 + n})
    (folder / f"{n}.emlx").write_bytes(f"{len(raw):<10d}\n".encode() + raw + plist)


def time_index(connector_cls: type, path: Path, cache: Path) -> dict[str, float]:
    """Wall and CPU seconds of the full index, then of an unchanged refresh (a fresh connector, same cache)."""
    def context() -> Context:
        return Context(self_name="Alex Morgan", self_emails=frozenset({SELF}), tz=ZoneInfo("America/New_York"),
                       today=date(2026, 2, 15), cache_dir=cache, warn=lambda m: print("warning:", m))

    figures: dict[str, float] = {}
    for run in ("full", "again"):
        wall, cpu = time.perf_counter(), time.process_time()
        with connector_cls(SourceConfig(connector_cls.name, {"path": str(path)}), context()) as conn:
            report = conn.refresh_index()
        figures[run] = time.perf_counter() - wall
        figures[f"{run}_cpu"] = time.process_time() - cpu
        figures[f"{run}_parsed"] = report.parsed
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=25_000, help="messages to generate (default 25000)")
    parser.add_argument("--maildir", action="store_true", help="also time a Maildir of the same messages")
    parser.add_argument("--emlx", action="store_true", help="also time an Apple Mail store of the same messages")
    parser.add_argument("--keep", type=Path, help="generate into this folder and keep it (reused if present)")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="qw-mail-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    mbox_path, maildir_path, emlx_path = work / "mail.mbox", work / "Maildir", work / "V10"
    try:
        if not mbox_path.exists() or (args.maildir and not maildir_path.exists()) or \
                (args.emlx and not emlx_path.exists()):
            mbox_path.unlink(missing_ok=True)
            shutil.rmtree(maildir_path, ignore_errors=True)
            shutil.rmtree(emlx_path, ignore_errors=True)
            started = time.perf_counter()
            generate(args.n, mbox_path, maildir_path if args.maildir else None, emlx_path if args.emlx else None)
            print(f"generated {args.n} messages ({mbox_path.stat().st_size / 1e6:.0f} MB mbox) "
                  f"in {time.perf_counter() - started:.1f} s")
        runs = [(MboxConnector, mbox_path)] + ([(MaildirConnector, maildir_path)] if args.maildir else []) + \
            ([(EmlxConnector, emlx_path)] if args.emlx else [])
        for cls, path in runs:
            cache = work / f"cache-{cls.name}"
            shutil.rmtree(cache, ignore_errors=True)
            f = time_index(cls, path, cache)
            print(f"{cls.name:8} full index: {f['full']:6.2f} s wall, {f['full_cpu']:5.2f} s CPU "
                  f"({f['full_parsed']:.0f} messages)   unchanged refresh: {f['again']:5.2f} s wall, "
                  f"{f['again_cpu']:5.2f} s CPU ({f['again_parsed']:.0f} re-parsed)")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
