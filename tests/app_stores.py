"""Fake home directories holding what Thunderbird, Apple Mail and Apple Calendar keep, in their real formats.

Each builder spreads a generated corpus's mail (``mail.mbox``) or calendar (``calendar.ics``) over the app's
own layout, so that a config reading the app's store must answer exactly as the corpus's plain files do:

* Thunderbird: ``profiles.ini``, a profile with ``prefs.js`` (identities, a Local Folders account, an IMAP
  account, a feed account), mbox files without extension written with ``mailbox.mbox`` the way Thunderbird
  writes them ("From - date" lines, X-Mozilla-Status headers), ``.msf`` summaries beside them, sub-folders
  in ``X.sbd`` folders.
* Apple Mail: ``Library/Mail/V10/<account>/<mailbox>.mbox/<id>/Data/[d/d/]Messages/<n>.emlx``; messages with
  attachments are written as ``.partial.emlx`` with the attachments' content left out (half of them with the
  file Mail downloaded under ``Attachments/<n>/<part>/``), and an older, empty-ish ``V9`` store.
* Apple Calendar: ``Library/Calendars/<id>.calendar/Events/<uid>.ics``, one event (with its overrides) per
  file, and the calendar's ``Info.plist``.

Each also writes mail that must never be answered: messages in Trash and Junk, a message Thunderbird marked
expunged, one Apple Mail marked deleted, a feed item. They all have subjects containing ``NEVER_COUNTED``.
"""

from __future__ import annotations

import email
import email.utils
import mailbox
import plistlib
import time
from dataclasses import dataclass, field
from email.message import Message
from email.mime.text import MIMEText
from pathlib import Path

from mail_fixtures import emlx_bytes

NEVER_COUNTED = "Never counted"
MORK = "// <!-- <mdb:mork:z v=\"1.4\"/> -->\n< <(a=c)> // (f=iso-8859-1)\n  (B8=ns:msg:db:row:scope:msgs:all)>\n"
PROFILE = "k3x9q2ab.default-release"


def corpus_messages(mbox_path: Path) -> list[bytes]:
    """The corpus's messages as bytes, in mbox order."""
    box = mailbox.mbox(mbox_path, create=False)
    try:
        return [box.get_bytes(key) for key in box.keys()]
    finally:
        box.close()


def sender_of(raw: bytes) -> str:
    msg = email.message_from_bytes(raw)
    return email.utils.parseaddr(msg.get("From", ""))[1].lower()


def unwanted(n: int, where: str) -> bytes:
    """A message that must not be answered (its subject says where it was put)."""
    msg = MIMEText(f"Nothing here should count ({where}).\n", "plain", "utf-8")
    msg["From"] = "Mallory Spam <mallory@junk.example>"
    msg["To"] = "Alex Morgan <alex@example.org>"
    msg["Subject"] = f"{NEVER_COUNTED} {n} ({where})"
    msg["Date"] = "Mon, 09 Feb 2026 10:00:00 -0500"
    msg["Message-ID"] = f"<never-counted-{n}@junk.example>"
    return msg.as_bytes()


# -- Thunderbird --------------------------------------------------------------------------------------------------

@dataclass
class Thunderbird:
    root: Path                                   # the folder holding profiles.ini
    profile: Path
    local: Path                                  # Mail/Local Folders
    imap: Path                                   # ImapMail/imap.example.org
    feeds: Path
    folders: dict[Path, int] = field(default_factory=dict)   # mbox file -> corpus messages in it


def write_thunderbird_mbox(path: Path, messages: list[tuple[bytes, str]]) -> None:
    """An mbox file as Thunderbird writes it: X-Mozilla-* headers first, "From - date" lines, a .msf beside."""
    path.parent.mkdir(parents=True, exist_ok=True)
    box = mailbox.mbox(path, create=True)
    box.lock()
    try:
        for raw, status in messages:
            head = (f"X-Mozilla-Status: {status}\nX-Mozilla-Status2: 00000000\n"
                    f"X-Mozilla-Keys: {' ' * 80}\n").encode()
            entry = mailbox.mboxMessage(head + raw)
            sent = email.utils.parsedate_tz(entry.get("Date", "")) if entry.get("Date") else None
            when = email.utils.mktime_tz(sent) if sent else 0
            entry.set_from("-", time.gmtime(when))
            box.add(entry)
        box.flush()
    finally:
        box.unlock()
        box.close()
    path.with_name(path.name + ".msf").write_text(MORK)


def build_thunderbird(home: Path, corpus_mbox: Path, self_emails: set[str], root: str = ".thunderbird") -> Thunderbird:
    """A Thunderbird profile under ``home/root`` holding the corpus's mail in two accounts."""
    tb_root = home / root
    profile = tb_root / PROFILE
    local = profile / "Mail" / "Local Folders"
    imap = profile / "ImapMail" / "imap.example.org"
    feeds = profile / "Mail" / "Feeds"
    tree = Thunderbird(tb_root, profile, local, imap, feeds)
    profile.mkdir(parents=True)
    (tb_root / "profiles.ini").write_text(
        "[Install4F96D1932A9F858E]\nDefault=" + PROFILE + "\nLocked=1\n\n"
        "[Profile1]\nName=default\nIsRelative=1\nPath=a1b2c3d4.default\nDefault=1\n\n"
        "[Profile0]\nName=default-release\nIsRelative=1\nPath=" + PROFILE + "\n\n"
        "[General]\nStartWithLastProfile=1\nVersion=2\n")
    (tb_root / "a1b2c3d4.default").mkdir()   # an empty profile, as Thunderbird's first run leaves one
    identities = "".join(f'user_pref("mail.identity.id{n}.useremail", "{address}");\n'
                         for n, address in enumerate(sorted(self_emails), start=1))
    (profile / "prefs.js").write_text(
        "// Mozilla User Preferences\n\n"
        'user_pref("mail.account.account1.server", "server1");\n'
        + identities +
        'user_pref("mail.server.server1.directory-rel", "[ProfD]Mail/Local Folders");\n'
        'user_pref("mail.server.server1.hostname", "Local Folders");\n'
        'user_pref("mail.server.server1.name", "Local Folders");\n'
        'user_pref("mail.server.server1.type", "none");\n'
        'user_pref("mail.server.server1.userName", "nobody");\n'
        'user_pref("mail.server.server2.directory-rel", "[ProfD]ImapMail/imap.example.org");\n'
        'user_pref("mail.server.server2.hostname", "imap.example.org");\n'
        'user_pref("mail.server.server2.name", "alex@example.org");\n'
        'user_pref("mail.server.server2.type", "imap");\n'
        'user_pref("mail.server.server2.storeContractID", "@mozilla.org/msgstore/berkeleystore;1");\n'
        'user_pref("mail.server.server3.directory-rel", "[ProfD]Mail/Feeds");\n'
        'user_pref("mail.server.server3.name", "Blogs & News Feeds");\n'
        'user_pref("mail.server.server3.type", "rss");\n'
        'user_pref("mail.server.server3.serverDatabaseVersion", 1);\n')
    for name in ("msgFilterRules.dat", "popstate.dat"):
        (local / name).parent.mkdir(parents=True, exist_ok=True)
        (local / name).write_text('version="9"\nlogging="no"\n')
    (profile / "folderTree.json").write_text("{}")
    (local / "Unsent Messages").write_text("")        # an empty folder: an empty file
    (local / "NOTES").write_text("not mail: a file that is not an mbox and has no extension\n")

    buckets: dict[Path, list[tuple[bytes, str]]] = {}
    for number, raw in enumerate(corpus_messages(corpus_mbox)):
        if sender_of(raw) in self_emails:
            target = local / "Sent" if number % 2 else imap / "Sent"
        else:
            target = [local / "Inbox", local / "Archives.sbd" / "2025", imap / "INBOX",
                      imap / "INBOX.sbd" / "Projects"][number % 4]
        buckets.setdefault(target, []).append((raw, "0001"))
    for path, entries in buckets.items():
        tree.folders[path] = len(entries)
    # never answered: an expunged copy in the Inbox, Trash and Junk (and their sub-folders), a feed item
    buckets[local / "Inbox"].insert(1, (unwanted(1, "expunged in Inbox"), "0009"))
    buckets[local / "Trash"] = [(unwanted(2, "Trash"), "0001")]
    buckets[local / "Trash.sbd" / "Old"] = [(unwanted(3, "Trash/Old"), "0001")]
    buckets[local / "Junk"] = [(unwanted(4, "Junk"), "0001")]
    buckets[imap / "Trash"] = [(unwanted(5, "IMAP Trash"), "0001")]
    buckets[feeds / "Blogs"] = [(unwanted(6, "feed item"), "0001")]
    for path, entries in buckets.items():
        write_thunderbird_mbox(path, entries)
    (imap / "Drafts").write_text("")
    return tree


# -- Apple Mail -----------------------------------------------------------------------------------------------------

ACCOUNT = "1C0B5E52-4A3D-4E2B-9F7A-3D2C1B0A9F8E"


@dataclass
class AppleMail:
    store: Path                                  # Library/Mail/V10
    older: Path                                  # Library/Mail/V9
    partial: int = 0                             # messages written as .partial.emlx
    downloaded: int = 0                          # of those, with their attachments downloaded


def _mailbox_messages(store: Path, mailbox_path: str, large: bool = False) -> Path:
    """The Messages folder of one mailbox (Data/<d>/<d>/Messages in a large one)."""
    data = store / ACCOUNT / mailbox_path / "7A9D3E21-0B4C-4F8E-A1D2-5C6B7E8F9A0B" / "Data"
    folder = data / "3" / "1" / "Messages" if large else data / "Messages"
    folder.mkdir(parents=True, exist_ok=True)
    (store / ACCOUNT / mailbox_path / "Info.plist").write_bytes(plistlib.dumps({"DisplayName": mailbox_path}))
    return folder


def strip_attachments(raw: bytes) -> tuple[bytes, list[tuple[str, str, bytes]]]:
    """What Mail writes as a .partial.emlx: every attachment's content left out, its length noted in
    X-Apple-Content-Length. Returns the message and (part number, file name, content) of what was left out."""
    msg = email.message_from_bytes(raw)
    left_out: list[tuple[str, str, bytes]] = []

    def walk(part: Message, number: str) -> None:
        if part.is_multipart():
            for index, child in enumerate(part.get_payload(), start=1):
                walk(child, f"{number}.{index}" if number else str(index))
        elif part.get_filename() and part.get_content_disposition() == "attachment":
            content = part.get_payload(decode=True) or b""
            left_out.append((number or "1", part.get_filename(), content))
            part.set_payload("")
            part["X-Apple-Content-Length"] = str(len(content))

    walk(msg, "")
    return msg.as_bytes(), left_out


def build_apple_mail(home: Path, corpus_mbox: Path, self_emails: set[str]) -> AppleMail:
    """Apple Mail's V10 store under ``home/Library/Mail`` holding the corpus's mail, and an older V9 store."""
    store = home / "Library" / "Mail" / "V10"
    tree = AppleMail(store, home / "Library" / "Mail" / "V9")
    (store / "MailData").mkdir(parents=True)
    (store / "MailData" / "Envelope Index").write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    boxes = [_mailbox_messages(store, "INBOX.mbox"), _mailbox_messages(store, "Archive.mbox", large=True),
             _mailbox_messages(store, "Projects.mbox/Clients.mbox")]
    sent = _mailbox_messages(store, "Sent Messages.mbox")
    for number, raw in enumerate(corpus_messages(corpus_mbox), start=1):
        folder = sent if sender_of(raw) in self_emails else boxes[number % len(boxes)]
        stripped, left_out = strip_attachments(raw)
        if left_out and number % 2:
            tree.partial += 1
            (folder / f"{number}.partial.emlx").write_bytes(emlx_bytes(stripped, flags=1))
            if number % 4 == 1:
                tree.downloaded += 1
                for part, name, content in left_out:
                    target = folder.parent / "Attachments" / str(number) / part / name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(content)
        else:
            (folder / f"{number}.emlx").write_bytes(emlx_bytes(raw, flags=1))
    # never answered: a message Mail marked deleted, and the Junk and Deleted Messages mailboxes
    (boxes[0] / "90001.emlx").write_bytes(emlx_bytes(unwanted(7, "deleted flag"), flags=1 | 1 << 1))
    (_mailbox_messages(store, "Junk.mbox") / "90002.emlx").write_bytes(emlx_bytes(unwanted(8, "Junk")))
    (_mailbox_messages(store, "Deleted Messages.mbox") / "90003.emlx").write_bytes(
        emlx_bytes(unwanted(9, "Deleted Messages")))
    older = _mailbox_messages(tree.older, "INBOX.mbox")
    (older / "1.emlx").write_bytes(emlx_bytes(unwanted(10, "the older V9 store")))
    return tree


# -- Apple Calendar -------------------------------------------------------------------------------------------------

def build_apple_calendars(home: Path, corpus_ics: Path) -> Path:
    """Apple Calendar's ``Library/Calendars``: the corpus's events as one .ics file per event (its overrides
    with it, every time zone in each), over two calendars."""
    from icalendar import Calendar

    root = home / "Library" / "Calendars"
    source = Calendar.from_ical(corpus_ics.read_bytes())
    zones = [c for c in source.subcomponents if c.name == "VTIMEZONE"]
    by_uid: dict[str, list] = {}
    for component in source.subcomponents:
        if component.name == "VEVENT":
            by_uid.setdefault(str(component.get("UID")), []).append(component)
    calendars = []
    for title, uuid in (("Work", "4E1F0C3A-7B2D-4C9E-8A1B-2D3C4E5F6A7B"),
                        ("Home", "9A8B7C6D-5E4F-4A3B-2C1D-0E9F8A7B6C5D")):
        folder = root / f"{uuid}.caldav" / f"{uuid}.calendar"
        (folder / "Events").mkdir(parents=True)
        (folder / "Info.plist").write_bytes(plistlib.dumps({"Title": title, "Type": "CalDAV"}))
        calendars.append(folder / "Events")
    for number, (uid, events) in enumerate(sorted(by_uid.items())):
        cal = Calendar()
        cal.add("prodid", "-//Apple Inc.//macOS 14.0//EN")
        cal.add("version", "2.0")
        for zone in zones:
            cal.add_component(zone)
        for event in events:
            cal.add_component(event)
        name = "".join(c if c.isalnum() or c in "-_@." else "_" for c in uid)
        (calendars[number % 2] / f"{name}.ics").write_bytes(cal.to_ical())
    (root / "Calendar Cache").write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    return root
