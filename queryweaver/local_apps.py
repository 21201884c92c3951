"""Mail and calendars that desktop apps keep on this machine, found for ``queryweaver sources detect``.

Each finder looks where its app keeps its data on a platform (``LOCATIONS``; the home directory and the
platform are parameters, so a home copied from another machine can be searched too) and returns ``Found``
stores, each with the ``[[sources]]`` entry that reads it:

* **Thunderbird**: the profiles listed in ``profiles.ini`` (else every folder beside it holding a
  ``prefs.js``); in each, the accounts named in ``prefs.js`` (``mail.server.serverN.directory``), else every
  folder of ``Mail/`` and ``ImapMail/``. An account kept as mbox files (the default) is one ``mbox`` source
  with its Trash and Junk left out (as the ``imap`` source does); one kept as Maildir ("one file per
  message") is a ``maildir`` source per folder. News and feed accounts are not mail and are left out. The
  addresses of the profile's identities are offered for ``[self] emails``.
* **Apple Mail**: ``~/Library/Mail/V*``, as an ``emlx`` source (the newest store holding messages; older ones
  are listed, not offered).
* **Apple Calendar**: ``~/Library/Calendars``, as an ``ics`` source when it holds ``.ics`` event files (older
  macOS, and some accounts); newer versions keep events in a database only, which is said instead.

macOS shows ``~/Library/Mail`` and ``~/Library/Calendars`` only to apps given Full Disk Access: a store that
cannot be read is listed with what to do, and its entry is still printed.
"""

from __future__ import annotations

import configparser
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PLATFORMS = ("linux", "macos", "windows")

# Where each app keeps its data, relative to the home directory, per platform.
LOCATIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "linux": {
        "thunderbird": (".thunderbird", ".mozilla-thunderbird", "snap/thunderbird/common/.thunderbird",
                        ".var/app/org.mozilla.Thunderbird/.thunderbird",
                        ".var/app/net.thunderbird.Thunderbird/.thunderbird"),
    },
    "macos": {
        "thunderbird": ("Library/Thunderbird",),
        "apple_mail": ("Library/Mail",),
        "apple_calendar": ("Library/Calendars",),
    },
    "windows": {
        "thunderbird": ("AppData/Roaming/Thunderbird",),
    },
}
# Left out of what detect offers, as the imap source leaves out the Junk and Trash folders: Thunderbird's own
# names (whatever the interface language) and the usual names of servers' and Apple Mail's.
SKIPPED_FOLDERS = ("Trash", "Junk", "Spam", "Deleted Messages", "Deleted Items")
SKIPPED_SERVER_TYPES = {"rss", "nntp", "movemail"}   # feeds and news are not mail; movemail is obsolete
MAILDIR_STORE = "maildirstore"               # in mail.serverN.storeContractID of a Maildir account
FULL_DISK_ACCESS = ("macOS shows this folder only to apps with Full Disk Access: System Settings > Privacy & "
                    "Security > Full Disk Access, add your terminal (or the app running queryweaver), then run "
                    "`queryweaver sources detect` again")
_PREF = re.compile(r'^\s*user_pref\(\s*"([^"]+)"\s*,\s*(.+?)\s*\)\s*;', re.MULTILINE)


ANY_PLATFORM = "any"   # every platform's places: a home whose system is not known (the Data page's detect)


def every_location() -> dict[str, tuple[str, ...]]:
    """Each app's places on every platform, each once (a copied Mac home read on Linux has ~/Library/Mail)."""
    merged: dict[str, tuple[str, ...]] = {}
    for places in LOCATIONS.values():
        for app, relatives in places.items():
            merged[app] = tuple(dict.fromkeys(merged.get(app, ()) + relatives))
    return merged


def current_platform() -> str:
    """'macos', 'windows' or 'linux' (any other Unix looks where Linux does)."""
    if sys.platform == "darwin":
        return "macos"
    if sys.platform.startswith(("win", "cygwin")):
        return "windows"
    return "linux"


@dataclass
class Found:
    """One store an app keeps, and the ``[[sources]]`` entry that reads it."""

    app: str                                  # Thunderbird | Apple Mail | Apple Calendar
    name: str                                 # the account, profile or calendar set, as the app names it
    type: str                                 # the source type that reads it
    path: Path
    summary: str = ""                         # what is in it, in a few words
    options: dict[str, Any] = field(default_factory=dict)   # more keys of the entry (exclude, ...)
    note: str = ""                            # what the user should know or do
    offered: bool = True                      # False: listed, but no entry is printed for it
    readable: bool = True
    configured: bool = False                  # the config already has a source for this path

    def toml(self) -> str:
        """The ``[[sources]]`` entry, with a comment naming the store."""
        lines = [f"# {self.app}: {self.name}" + (f" ({self.summary})" if self.summary else "")]
        if not self.readable:
            lines.append(f"# not readable yet: {self.note}")
        lines += ["[[sources]]", f"type = {toml_string(self.type)}", f"path = {toml_string(str(self.path))}"]
        for key, value in self.options.items():
            lines.append(f"{key} = {toml_value(value)}")
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        return {"app": self.app, "name": self.name, "type": self.type, "path": str(self.path),
                "summary": self.summary, "options": self.options, "note": self.note, "offered": self.offered,
                "readable": self.readable, "configured": self.configured}


@dataclass
class Detection:
    """Everything found, and the user's own addresses as the apps know them."""

    found: list[Found] = field(default_factory=list)
    self_emails: list[str] = field(default_factory=list)

    def to_add(self) -> list[Found]:
        return [f for f in self.found if f.offered and not f.configured]

    def toml(self) -> str:
        """The lines to add to the config: one entry per store not yet configured."""
        blocks = [f.toml() for f in self.to_add()]
        if blocks and self.self_emails:
            blocks.insert(0, f"# your addresses, for [self] emails: {toml_value(self.self_emails)}")
        return "\n\n".join(blocks) + ("\n" if blocks else "")

    def as_json(self) -> dict[str, Any]:
        return {"found": [f.as_json() for f in self.found], "self_emails": self.self_emails, "toml": self.toml()}


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def toml_value(value: Any) -> str:
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def detect(home: Path | None = None, platform: str | None = None,
           configured_paths: set[Path] | frozenset[Path] = frozenset()) -> Detection:
    """Every store the apps of ``platform`` keep under ``home`` (default: this user on this machine);
    ``platform="any"`` looks where any platform's apps keep their data."""
    home = Path(home) if home is not None else Path.home()
    platform = platform or current_platform()
    if platform not in (*PLATFORMS, ANY_PLATFORM):
        raise ValueError(f"unknown platform {platform!r}; use one of {', '.join(PLATFORMS)}")
    where = every_location() if platform == ANY_PLATFORM else LOCATIONS[platform]
    detection = Detection()
    for relative in where.get("thunderbird", ()):
        find_thunderbird(home / relative, detection)
    for relative in where.get("apple_mail", ()):
        find_apple_mail(home / relative, detection)
    for relative in where.get("apple_calendar", ()):
        find_apple_calendars(home / relative, detection)
    resolved = {_resolved(p) for p in configured_paths}
    for found in detection.found:
        found.configured = _resolved(found.path) in resolved
    return detection


def _resolved(path: Path) -> Path:
    try:
        return Path(path).expanduser().resolve()
    except OSError:
        return Path(path)


# -- Thunderbird ------------------------------------------------------------------------------------------------

def find_thunderbird(root: Path, detection: Detection) -> None:
    """The mail accounts of every Thunderbird profile under ``root`` (a folder holding profiles.ini)."""
    for profile_name, profile in thunderbird_profiles(root):
        prefs = read_prefs(profile / "prefs.js")
        for email in identity_emails(prefs):
            if email not in detection.self_emails:
                detection.self_emails.append(email)
        for account, folder, maildir in thunderbird_accounts(profile, prefs):
            label = f"profile {profile_name}, {account}"
            if maildir:
                detection.found += _maildir_folders(label, folder)
            else:
                found = _mbox_account(label, folder)
                if found is not None:
                    detection.found.append(found)


def thunderbird_profiles(root: Path) -> list[tuple[str, Path]]:
    """(name, folder) of each profile: those ``profiles.ini`` lists, else every folder holding a prefs.js."""
    ini = root / "profiles.ini"
    profiles: list[tuple[str, Path]] = []
    if ini.is_file():
        parser = configparser.RawConfigParser(strict=False)
        try:
            parser.read_string(ini.read_text(encoding="utf-8", errors="replace"))
        except (configparser.Error, OSError):
            parser = configparser.RawConfigParser()
        for section in parser.sections():
            if not section.lower().startswith("profile") or not parser.has_option(section, "Path"):
                continue
            raw = parser.get(section, "Path")
            relative = parser.get(section, "IsRelative", fallback="1").strip() != "0"
            folder = root / raw if relative else Path(raw)
            if folder.is_dir():
                profiles.append((parser.get(section, "Name", fallback=folder.name), folder))
    if not profiles:
        for parent in (root, root / "Profiles"):
            try:
                children = sorted(p for p in parent.iterdir() if p.is_dir())
            except OSError:
                continue
            profiles += [(p.name, p) for p in children if (p / "prefs.js").is_file()
                         or (p / "Mail").is_dir() or (p / "ImapMail").is_dir()]
    unique: dict[Path, tuple[str, Path]] = {}
    for name, folder in profiles:
        unique.setdefault(_resolved(folder), (name, folder))
    return list(unique.values())


def read_prefs(path: Path) -> dict[str, Any]:
    """The ``user_pref("name", value);`` lines of a prefs.js (strings, numbers and booleans)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    prefs: dict[str, Any] = {}
    for name, value in _PREF.findall(text):
        try:
            prefs[name] = json.loads(value)
        except ValueError:
            prefs[name] = value
    return prefs


def identity_emails(prefs: dict[str, Any]) -> list[str]:
    """The addresses of the profile's identities (``mail.identity.idN.useremail``), lower-cased."""
    found = []
    for key, value in sorted(prefs.items()):
        if key.startswith("mail.identity.") and key.endswith(".useremail") and isinstance(value, str) and "@" in value:
            email = value.strip().lower()
            if email not in found:
                found.append(email)
    return found


def thunderbird_accounts(profile: Path, prefs: dict[str, Any]) -> list[tuple[str, Path, bool]]:
    """(account name, folder, kept as Maildir) of each mail account of a profile.

    The servers prefs.js names come first (their folder may lie outside the profile); any folder of
    ``Mail/`` or ``ImapMail/`` no server names is added as it is (a profile without prefs.js, or an account
    removed from Thunderbird whose mail is still there)."""
    accounts: list[tuple[str, Path, bool]] = []
    taken: set[Path] = set()
    servers = sorted({key.split(".")[2] for key in prefs if key.startswith("mail.server.")
                      and len(key.split(".")) > 3})
    for server in servers:
        pref = lambda name: prefs.get(f"mail.server.{server}.{name}")  # noqa: E731
        folder = _server_folder(profile, pref("directory-rel"), pref("directory"))
        if folder is None:
            continue
        taken.add(_resolved(folder))
        kind = str(pref("type") or "")
        if kind in SKIPPED_SERVER_TYPES:
            continue
        name, host = str(pref("name") or ""), str(pref("hostname") or "")
        name = "Local Folders" if kind == "none" else (
            f"{name} ({host})" if name and host and host != name else name or host or folder.name)
        maildir = MAILDIR_STORE in str(pref("storeContractID") or "")
        accounts.append((name, folder, maildir))
    for parent in ("Mail", "ImapMail"):
        try:
            children = sorted(p for p in (profile / parent).iterdir() if p.is_dir())
        except OSError:
            continue
        for folder in children:
            if _resolved(folder) not in taken:
                accounts.append((folder.name, folder, _looks_like_maildir_store(folder)))
    return accounts


def _server_folder(profile: Path, relative: Any, absolute: Any) -> Path | None:
    """A server's folder from ``directory-rel`` ("[ProfD]Mail/Local Folders") or ``directory``."""
    if isinstance(relative, str) and relative.startswith("[ProfD]"):
        folder = profile / relative[len("[ProfD]"):]
        if folder.is_dir():
            return folder
    if isinstance(absolute, str) and absolute:
        folder = Path(absolute)
        if folder.is_dir():
            return folder
    return None


def _looks_like_maildir_store(folder: Path) -> bool:
    """An account folder kept as Maildir: its folders are directories with a cur/ inside."""
    try:
        return any((child / "cur").is_dir() for child in folder.iterdir() if child.is_dir())
    except OSError:
        return False


def _mbox_account(label: str, folder: Path) -> Found | None:
    """One mbox source for an account folder; None when it holds no mail."""
    from connectors.mbox import mbox_files

    if not os.access(folder, os.R_OK | os.X_OK):
        return Found("Thunderbird", label, "mbox", folder, note="cannot be read (permission denied)", readable=False)
    skipped = _names_present(folder, [n for name in SKIPPED_FOLDERS for n in (name, f"{name}.sbd")])
    files = mbox_files(folder, skipped)
    if not files:
        return None
    size = sum(_size(p) for p in files)
    summary = f"{len(files)} folder{'s' if len(files) != 1 else ''} of mail, {_human(size)}"
    return Found("Thunderbird", label, "mbox", folder, summary, *_leaving_out(skipped))


def _leaving_out(skipped: list[str]) -> tuple[dict[str, Any], str]:
    """The ``exclude`` option and the note for the Trash and Junk folders a store holds."""
    if not skipped:
        return {}, ""
    names = list(dict.fromkeys(n.rsplit(".", 1)[0] if n.endswith((".sbd", ".mbox")) else n for n in skipped))
    return {"exclude": skipped}, f"{', '.join(names)} left out (delete the exclude line to keep them)"


def _names_present(root: Path, names: list[str]) -> list[str]:
    """Which of ``names`` some file or folder under ``root`` has, in the order given."""
    wanted = set(names)
    present: set[str] = set()
    for _folder, dirs, files in os.walk(root):
        present |= wanted & (set(dirs) | set(files))
        dirs[:] = [d for d in dirs if d != "Messages" and d != "Attachments"]   # Apple Mail: only messages there
    return [n for n in names if n in present]


def _maildir_folders(label: str, account: Path) -> list[Found]:
    """One maildir source per folder of an account Thunderbird keeps as Maildir."""
    found = []
    for folder in sorted(p for p in account.rglob("cur") if p.is_dir()):
        mailbox = folder.parent
        rel = mailbox.relative_to(account).as_posix().replace(".sbd/", "/")
        if rel.split("/")[0] in SKIPPED_FOLDERS:
            continue
        count = sum(1 for _ in _safe_scandir(folder))
        found.append(Found("Thunderbird", f"{label}, folder {rel}", "maildir", mailbox,
                           f"{count} message{'s' if count != 1 else ''}"))
    return found


# -- Apple Mail and Calendar ------------------------------------------------------------------------------------

def find_apple_mail(root: Path, detection: Detection) -> None:
    """Apple Mail's stores (``V2`` ... ``V10``) under ``root`` (~/Library/Mail)."""
    from connectors.emlx import list_messages, message_folders

    try:
        stores = sorted((p for p in root.iterdir() if re.fullmatch(r"V\d+", p.name) and p.is_dir()),
                        key=lambda p: int(p.name[1:]), reverse=True)
    except PermissionError:
        detection.found.append(Found("Apple Mail", "mail", "emlx", root, note=FULL_DISK_ACCESS, readable=False))
        return
    except OSError:
        return
    offered = False
    for store in stores:
        folders, errors = message_folders(store)
        if any(isinstance(e, PermissionError) for e in errors) and not folders:
            detection.found.append(Found("Apple Mail", f"store {store.name}", "emlx", store, note=FULL_DISK_ACCESS,
                                         readable=False, offered=not offered))
            offered = True
            continue
        skipped = _names_present(store, [f"{name}.mbox" for name in SKIPPED_FOLDERS])
        kept, _errors = message_folders(store, skipped)
        messages = sum(len(_listed(list_messages, f)) for f in kept)
        if not messages:
            continue
        mailboxes = len({_mailbox_of(Path(f), store) for f in kept})
        summary = (f"{mailboxes} mailbox{'es' if mailboxes != 1 else ''}, "
                   f"{messages} message file{'s' if messages != 1 else ''}")
        options, note = _leaving_out(skipped)
        if offered:
            note = "an older store; Mail copied it into the newer one when it upgraded, unless that failed"
        detection.found.append(Found("Apple Mail", f"store {store.name}", "emlx", store, summary, options, note,
                                     offered=not offered))
        offered = True


def _mailbox_of(folder: Path, store: Path) -> Path:
    """The ``X.mbox`` folder a Messages folder belongs to (the folder itself when there is none)."""
    for parent in [folder, *folder.parents]:
        if parent.name.endswith(".mbox") or parent == store:
            return parent
    return folder


def find_apple_calendars(root: Path, detection: Detection) -> None:
    """Apple Calendar's event files under ``root`` (~/Library/Calendars), as one ics source."""
    if not root.is_dir():
        return
    events = 0
    titles: list[str] = []
    denied = False
    for folder, dirs, files in os.walk(root, onerror=lambda exc: None):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        events += sum(1 for f in files if f.lower().endswith(".ics"))
        if folder.endswith(".calendar") and "Info.plist" in files:
            title = _plist_title(Path(folder) / "Info.plist")
            if title:
                titles.append(title)
    try:
        next(os.scandir(root), None)
    except PermissionError:
        denied = True
    if denied:
        detection.found.append(Found("Apple Calendar", "calendars", "ics", root, note=FULL_DISK_ACCESS,
                                     readable=False))
    elif events:
        named = f": {', '.join(titles[:5])}" + (", ..." if len(titles) > 5 else "") if titles else ""
        detection.found.append(Found("Apple Calendar", "calendars", "ics", root,
                                     f"{events} event file{'s' if events != 1 else ''}{named}"))
    else:
        detection.found.append(Found(
            "Apple Calendar", "calendars", "ics", root, offered=False,
            note="Calendar keeps its events in a database here, not as .ics files: export a calendar "
                 "(File > Export) and add it as an ics source, or add the account's CalDAV address as a "
                 "caldav source"))


def _plist_title(path: Path) -> str:
    import plistlib

    try:
        with open(path, "rb") as fh:
            data = plistlib.load(fh)
    except Exception:  # noqa: BLE001 - a calendar's title is a nicety; any unreadable Info.plist is skipped
        return ""
    title = data.get("Title") if isinstance(data, dict) else None
    return title if isinstance(title, str) else ""


# -- helpers ----------------------------------------------------------------------------------------------------

def _listed(list_files, folder: str) -> list[str]:
    try:
        return list_files(folder)
    except OSError:
        return []


def _safe_scandir(folder: Path):
    try:
        with os.scandir(folder) as entries:
            yield from (e for e in entries if not e.name.startswith("."))
    except OSError:
        return


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _human(n: float) -> str:
    from .index import human_size

    return human_size(n)
