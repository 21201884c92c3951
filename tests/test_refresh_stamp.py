"""``queryweaver index`` with nothing changed answers from its stamp (issue 30), and only then.

Every test runs the real command in a subprocess on real files (an mbox, a Maildir with a .Sent folder, an .ics
file, a files root), dated an hour back as a mailbox left alone is. Whether the stamp answered is read from
``-X importtime``: the fast path never imports the engine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.mail_fixtures import append_to_mbox, new_message, write_mbox

REPO = Path(__file__).resolve().parent.parent
HOUR_AGO = time.time() - 3600

EVENT = """BEGIN:VEVENT
UID:{uid}@example.org
DTSTART:20260210T150000Z
DTEND:20260210T160000Z
SUMMARY:{summary}
ORGANIZER:mailto:alex@example.org
ATTENDEE;PARTSTAT=ACCEPTED:mailto:wei.chen@example.org
END:VEVENT
"""


def calendar(*events: str) -> str:
    return "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\n" + "".join(events) + "END:VCALENDAR\n"


def message(n: int) -> bytes:
    return new_message(f"Wei Chen <wei.chen@example.org>", f"Report {n}", f"<m{n}@example.org>").as_bytes()


def backdate(root: Path) -> None:
    """Every file and folder under ``root`` last changed an hour ago (folders after their files)."""
    for folder, _dirs, files in os.walk(root, topdown=False):
        for name in files:
            os.utime(os.path.join(folder, name), (HOUR_AGO, HOUR_AGO))
        os.utime(folder, (HOUR_AGO, HOUR_AGO))


@pytest.fixture
def data(tmp_path) -> Path:
    root = tmp_path / "data"
    root.mkdir()
    write_mbox(root / "mail.mbox", [new_message("Jane Doe <jane@example.org>", "Hello", "<mbox1@example.org>")])
    maildir = root / "Maildir"
    for sub in ("cur", "new", "tmp", ".Sent/cur", ".Sent/new", ".Sent/tmp"):
        (maildir / sub).mkdir(parents=True)
    (maildir / "cur" / "1770000001.M1P1.host:2,S").write_bytes(message(1))
    (maildir / "new" / "1770000002.M2P1.host").write_bytes(message(2))
    (maildir / ".Sent" / "cur" / "1770000003.M3P1.host:2,S").write_bytes(message(3))
    (root / "calendar.ics").write_text(calendar(EVENT.format(uid="e1", summary="Planning")))
    (root / "files" / "reports").mkdir(parents=True)
    (root / "files" / "reports" / "q1.pdf").write_bytes(b"%PDF-1.4 q1")
    (root / "config.toml").write_text(
        '[self]\nname = "Alex Morgan"\nemails = ["alex@example.org"]\ntimezone = "UTC"\n\n'
        '[llm]\nbackend = "rules"\n\n'
        '[[sources]]\ntype = "mbox"\npath = "mail.mbox"\n\n'
        '[[sources]]\ntype = "maildir"\npath = "Maildir"\n\n'
        '[[sources]]\ntype = "ics"\npath = "calendar.ics"\n\n'
        '[[sources]]\ntype = "files"\nroot = "files"\n')
    backdate(root)
    return root


class Index:
    """``queryweaver index --config`` as a process; ``fast`` says whether the stamp answered."""

    def __init__(self, config: Path, cache: Path):
        self.config, self.cache = config, cache

    def __call__(self, *extra: str, cache: Path | None = None) -> tuple[list[str], bool]:
        env = dict(os.environ, QUERYWEAVER_CACHE_DIR=str(cache or self.cache))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        done = subprocess.run([sys.executable, "-X", "importtime", "-m", "queryweaver.cli", "index", "--config",
                               str(self.config), *extra], capture_output=True, text=True, cwd=REPO, env=env,
                              timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                    if line.startswith("import time:")]
        said = [line for line in done.stderr.splitlines() if not line.startswith("import time:")]
        assert said == [], said
        return [line.rsplit(", ", 1)[0] for line in done.stdout.splitlines()], "queryweaver.engine" not in imported

    def settled(self) -> list[str]:
        """Built, then run once more with nothing changed (that run writes the stamp); its lines."""
        self()
        lines, fast = self()
        assert not fast
        return lines


def stamp_of(cache: Path) -> Path:
    found = list((cache / "index").glob("unchanged-*.json"))
    assert len(found) == 1, found
    return found[0]


def parsed(lines: list[str], source: str) -> int:
    line = next(line for line in lines if line.startswith(source + ":"))
    return int(line.split(": ", 1)[1].split(" parsed")[0])


@pytest.fixture
def index(data, tmp_path) -> Index:
    return Index(data / "config.toml", tmp_path / "cache")


def test_nothing_changed_prints_the_same_lines_without_opening_an_index(index):
    lines = index.settled()
    assert [line.split(": ", 1)[1] for line in lines] == [
        "0 parsed, 1 unchanged, 0 removed, 0 skipped",
        "0 parsed, 3 unchanged, 0 removed, 0 skipped",   # in cur/ and new/ of the Maildir, and in .Sent
        "0 parsed, 1 unchanged, 0 removed, 0 skipped",
        "0 parsed, 2 unchanged, 0 removed, 0 skipped"]   # files/ and files/reports
    again, fast = index()
    assert fast and again == lines
    again, fast = index()
    assert fast and again == lines


def test_a_message_delivered_to_new_is_picked_up(index, data):
    index.settled()
    (data / "Maildir" / "new" / "1770000009.M9P1.host").write_bytes(message(9))
    lines, fast = index()
    assert not fast and parsed(lines, "maildir") == 1


def test_a_message_filed_in_a_new_maildir_folder_is_picked_up(index, data):
    index.settled()
    for sub in ("cur", "new", "tmp"):
        (data / "Maildir" / ".Archive" / sub).mkdir(parents=True)
    (data / "Maildir" / ".Archive" / "cur" / "1770000010.M10P1.host:2,S").write_bytes(message(10))
    lines, fast = index()
    assert not fast and parsed(lines, "maildir") == 1


def test_a_message_filed_in_a_folder_nested_below_another_is_picked_up(index, data):
    """Folders kept as plain directories (mbsync, notmuch): the new one changes only its parent's mtime."""
    for sub in ("cur", "new", "tmp"):
        (data / "Maildir" / "Archive" / sub).mkdir(parents=True)
    (data / "Maildir" / "Archive" / "cur" / "1770000011.M11P1.host:2,S").write_bytes(message(11))
    backdate(data / "Maildir")
    index.settled()
    (data / "Maildir" / "Archive" / "2025" / "cur").mkdir(parents=True)
    (data / "Maildir" / "Archive" / "2025" / "cur" / "1770000012.M12P1.host:2,S").write_bytes(message(12))
    lines, fast = index()
    assert not fast and parsed(lines, "maildir") == 1


def test_a_message_appended_to_the_mbox_is_picked_up(index, data):
    index.settled()
    append_to_mbox(data / "mail.mbox", new_message("Jane Doe <jane@example.org>", "Again", "<mbox2@example.org>"))
    lines, fast = index()
    assert not fast and parsed(lines, "mbox") == 1


def test_a_changed_calendar_and_a_new_file_are_picked_up(index, data):
    index.settled()
    (data / "calendar.ics").write_text(calendar(EVENT.format(uid="e1", summary="Planning"),
                                                EVENT.format(uid="e2", summary="Review")))
    lines, fast = index()
    assert not fast and parsed(lines, "ics") == 2
    backdate(data)
    index()
    (data / "files" / "reports" / "q2.pdf").write_bytes(b"%PDF-1.4 q2")
    lines, fast = index()
    assert not fast and parsed(lines, "files") == 2   # files/reports listed again: both of its files


def test_an_index_written_since_the_stamp_is_refreshed_as_usual(index, data, tmp_path):
    """A question's refresh indexed a message that is gone again, the mbox put back byte for byte and mtime
    for mtime: the stamp's stats all hold, but the index is not the one it was written for."""
    index.settled()
    mbox = data / "mail.mbox"
    before, st = mbox.read_bytes(), mbox.stat()
    append_to_mbox(mbox, new_message("Jane Doe <jane@example.org>", "Again", "<mbox2@example.org>"))
    env = dict(os.environ, QUERYWEAVER_CACHE_DIR=str(index.cache), QUERYWEAVER_DATA_DIR=str(tmp_path / "qwdata"))
    asked = subprocess.run([sys.executable, "-m", "queryweaver.cli", "ask", "How many emails did Jane Doe send me?",
                            "--config", str(index.config)], capture_output=True, text=True, cwd=REPO, env=env,
                           timeout=300)
    assert "Answer: 2 Emails" in asked.stdout, asked.stderr
    mbox.write_bytes(before)
    os.utime(mbox, ns=(st.st_atime_ns, st.st_mtime_ns))
    lines, fast = index()
    assert not fast and parsed(lines, "mbox") == 1


def test_a_damaged_stamp_is_ignored_and_written_anew(index):
    lines = index.settled()
    stamp = stamp_of(index.cache)
    for damage in (b"", b"\x00garbage{", json.dumps({"format": 1}).encode(), b"[1, 2]",
                   stamp.read_bytes()[:len(stamp.read_bytes()) // 2]):
        stamp.write_bytes(damage)
        again, fast = index()
        assert not fast and again == lines
    again, fast = index()
    assert fast and again == lines


def test_an_expired_stamp_is_not_used(index):
    lines = index.settled()
    stamp = stamp_of(index.cache)
    content = json.loads(stamp.read_text())
    assert content["expires"] is not None   # the .ics source's horizon moves with the month
    stamp.write_text(json.dumps(dict(content, expires=time.time() - 1)))
    again, fast = index()
    assert not fast and again == lines


def test_a_stamp_copied_with_its_cache_is_not_used(index, tmp_path):
    index.settled()
    copy = tmp_path / "copied-cache"
    shutil.copytree(index.cache, copy)
    lines, fast = index(cache=copy)
    assert not fast


def test_an_index_changed_outside_queryweaver_is_checked_as_usual(index):
    index.settled()
    db = next((index.cache / "index").glob("mbox-*.sqlite"))
    os.utime(db)   # a backup tool, a sync: the next refresh checks it first
    lines, fast = index()
    assert not fast


def test_other_command_lines_never_use_the_stamp(index):
    index.settled()
    _lines, fast = index("--check")
    assert not fast
    lines, fast = index("--rebuild", "mbox")
    assert not fast and parsed(lines, "mbox") == 1
    assert not list((index.cache / "index").glob("unchanged-*.json"))   # dropped by the rebuild


def test_the_command_lines_the_stamp_answers():
    from queryweaver.refresh_stamp import _config_argument

    assert _config_argument(["index"]) is None
    assert _config_argument(["index", "--config", "a.toml"]) == "a.toml"
    assert _config_argument(["index", "--config=a.toml"]) == "a.toml"
    for other in (["ask", "x"], ["index", "--check"], ["index", "--config"], ["index", "--config", "a", "--check"],
                  ["index", "-h"], ["index", "--rebuild"], []):
        assert _config_argument(other) is False


def test_the_app_name_agrees_with_the_config():
    from queryweaver import config, refresh_stamp

    assert refresh_stamp.APP_NAME == config.APP_NAME
    assert refresh_stamp.DEMO_CONFIG == config.DEMO_DIR / "config.toml"
