"""`queryweaver sources detect` on fake homes holding real Thunderbird, Apple Mail and Apple Calendar stores.

The stores hold the generated question corpus (tests/app_stores.py). What detect prints, pasted into the
corpus's config in place of its mbox (and .ics), must answer the paper's questions and a sample of the
corpus questions of every shape exactly as the plain files do; mail that is deleted, in Trash or Junk, or
a feed item must never be answered.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import app_stores
import corpus_questions as cq
from queryweaver.cli import DETECT_PLATFORMS
from queryweaver.config import load_config
from queryweaver.engine import Engine
from queryweaver.graph import FilterConstraint
from queryweaver.local_apps import LOCATIONS, PLATFORMS, detect
from queryweaver.schema import EntityType as T

SELF = {"alex@example.org", "alex.morgan@home.example"}
QUESTIONS = cq.sample(per_shape=4)


def few_messages():
    """Enough messages for every folder of ``app_stores.build_thunderbird``'s two accounts to get one."""
    import mail_fixtures as fx

    return [fx.attachments(), fx.html_only(), fx.qp_latin1(), fx.appended(), fx.sent_from_maildir()]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """The question corpus, its plain config's answers, and a home holding it in every app's store."""
    root = tmp_path_factory.mktemp("apps")
    out, names, expected, plain = cq.plain_corpus(root, QUESTIONS)
    home = root / "home"
    app_stores.build_thunderbird(home, out / "mail.mbox", SELF)
    app_stores.build_apple_mail(home, out / "mail.mbox", SELF)
    app_stores.build_apple_calendars(home, out / "calendar.ics")
    return out, names, expected, plain, home


def config_with(corpus_dir: Path, toml: str, name: str, keep: tuple[str, ...]) -> Path:
    """The corpus config with its sources replaced by ``toml`` plus the corpus sources named in ``keep``."""
    text = (corpus_dir / "config.toml").read_text()
    head = text.split("[[sources]]", 1)[0]
    kept = {"ics": '[[sources]]\ntype = "ics"\npath = "calendar.ics"\n',
            "files": '[[sources]]\ntype = "files"\nroot = "files"\n'}
    path = corpus_dir / name
    path.write_text(head + toml + "\n" + "\n".join(kept[k] for k in keep))
    return path


def assert_answers_like_the_plain_files(corpus, config_path: Path, cache: Path) -> None:
    corpus_dir, names, expected, plain, _home = corpus
    config = load_config(config_path)
    config.cache_dir_setting = str(cache)
    files = (corpus_dir / "files").resolve()
    with Engine(config) as engine:
        assert cq.paper_answers(engine, names, files) == expected
        got = cq.answers(engine, config, QUESTIONS, files)
        never = [c for c in engine.connectors if c.name in ("mbox", "emlx")]
        leaked = [e.fields.get("subject") for c in never for e in c.find(
            T.EMAIL, [FilterConstraint(var="e", field="subject", op="contains", value=app_stores.NEVER_COUNTED)])]
    assert leaked == []
    read_right = [q["id"] for q in QUESTIONS if plain[q["id"]][0]]
    assert len(read_right) >= len(QUESTIONS) * 0.8
    assert {q: got[q] for q in read_right} == {q: plain[q] for q in read_right}
    shapes = {q["shape"] for q in QUESTIONS if q["id"] in read_right}
    assert len(shapes) >= 25


def detect_json(cli, home: Path, platform: str, *extra: str) -> dict:
    out = cli("sources", "detect", "--home", str(home), "--platform", platform, "--json", *extra)
    assert out.code == 0, out.stderr
    return out.json()


def test_detect_finds_a_thunderbird_profile_whose_lines_answer_like_the_mbox(cli, corpus, tmp_path):
    corpus_dir, _names, _expected, _plain, home = corpus
    found = detect_json(cli, home, "linux")
    accounts = {(f["app"], f["name"]): f for f in found["found"]}
    assert set(accounts) == {("Thunderbird", "profile default-release, Local Folders"),
                             ("Thunderbird", "profile default-release, alex@example.org (imap.example.org)")}
    local = accounts[("Thunderbird", "profile default-release, Local Folders")]
    assert local["type"] == "mbox" and local["offered"] and local["readable"]
    assert local["path"].endswith("Mail/Local Folders")
    assert local["options"] == {"exclude": ["Trash", "Trash.sbd", "Junk"]}
    assert sorted(found["self_emails"]) == sorted(SELF)
    assert "Feeds" not in found["toml"]  # the feed account is not mail
    config = config_with(corpus_dir, found["toml"], "thunderbird.toml", ("ics", "files"))
    assert [s.type for s in load_config(config).sources] == ["mbox", "mbox", "ics", "files"]
    assert_answers_like_the_plain_files(corpus, config, tmp_path / "cache")


def test_detect_finds_apple_mail_and_calendar_whose_lines_answer_like_the_mbox_and_ics(cli, corpus, tmp_path):
    corpus_dir, _names, _expected, _plain, home = corpus
    found = detect_json(cli, home, "macos")
    by_name = {(f["app"], f["name"]): f for f in found["found"]}
    assert set(by_name) == {("Apple Mail", "store V10"), ("Apple Mail", "store V9"), ("Apple Calendar", "calendars")}
    v10, v9 = by_name[("Apple Mail", "store V10")], by_name[("Apple Mail", "store V9")]
    assert (v10["type"], v10["offered"], v9["offered"]) == ("emlx", True, False)  # the newest store only
    assert v10["options"] == {"exclude": ["Junk.mbox", "Deleted Messages.mbox"]}
    assert "Work" in by_name[("Apple Calendar", "calendars")]["summary"]
    assert "V9" not in found["toml"]
    config = config_with(corpus_dir, found["toml"], "apple.toml", ("files",))
    assert [s.type for s in load_config(config).sources] == ["emlx", "ics", "files"]
    assert_answers_like_the_plain_files(corpus, config, tmp_path / "cache")


def test_partial_messages_name_their_attachments_and_hash_the_downloaded_ones(corpus, tmp_path):
    corpus_dir, _names, _expected, _plain, home = corpus
    config = load_config(config_with(corpus_dir, f'[[sources]]\ntype = "emlx"\npath = "{home}/Library/Mail/V10"\n',
                                     "emlx-only.toml", ()))
    config.cache_dir_setting = str(tmp_path / "cache")
    plain = load_config(corpus_dir / "config.toml")
    plain.cache_dir_setting = str(tmp_path / "cache-mbox")
    with Engine(config) as engine, Engine(plain) as mbox_engine:
        emlx = engine.connectors[0]
        mbox = next(c for c in mbox_engine.connectors if c.name == "mbox")
        emlx.refresh_index()
        mbox.refresh_index()
        rows = emlx._index.conn.execute(
            "SELECT i.path, a.filename, a.sha256, a.size FROM attachments a JOIN inputs i ON i.id = a.input").fetchall()
        truth = {(r[0], r[1]): (r[2], r[3]) for r in mbox._index.conn.execute(
            "SELECT m.message_id, a.filename, a.sha256, a.size FROM attachments a JOIN messages m ON m.id = a.msg")}
        ids = {r[0]: r[1] for r in emlx._index.conn.execute(
            "SELECT i.path, m.message_id FROM messages m JOIN inputs i ON i.id = m.input")}
    partial = [r for r in rows if r[0].endswith(".partial.emlx")]
    assert partial and len({r[0] for r in partial}) > 20
    for path, name, sha, size in rows:
        true_sha, true_size = truth[(ids[path], name)]
        assert size == true_size, (path, name)  # left out or not, the size is the attachment's
        downloaded = Path(path).parent.parent / "Attachments" / Path(path).name.split(".")[0]
        if not path.endswith(".partial.emlx") or downloaded.is_dir():
            assert sha == true_sha, (path, name)
        else:
            assert sha == ""  # neither in the message nor downloaded: no hash, as for an IMAP attachment


def test_the_text_lists_what_was_found_and_marks_what_is_already_configured(cli, corpus, tmp_path):
    corpus_dir, _names, _expected, _plain, home = corpus
    out = cli("sources", "detect", "--home", str(home), "--platform", "linux")
    assert out.code == 0, out.stderr
    assert "Thunderbird, profile default-release, Local Folders:" in out.stdout
    assert "Trash, Junk left out" in out.stdout
    assert "Add these lines to" in out.stdout and 'type = "mbox"' in out.stdout
    tail = out.stdout.split("\n\n", 2)[-1]
    config = config_with(corpus_dir, tail.split("\n\n# Thunderbird: profile default-release, alex", 1)[0],
                         "half.toml", ())
    again = cli("sources", "detect", "--home", str(home), "--platform", "linux", "--config", str(config))
    assert again.code == 0, again.stderr
    assert "already configured" in again.stdout
    added = again.stdout.split("Add these lines to", 1)[1]
    assert "ImapMail/imap.example.org" in added and "Local Folders\"" not in added


def test_each_platform_looks_in_its_own_places(tmp_path):
    assert set(DETECT_PLATFORMS) == set(PLATFORMS) == set(LOCATIONS)
    corpus_mbox = tmp_path / "mail.mbox"
    import mail_fixtures as fx

    fx.write_mbox(corpus_mbox, few_messages())
    app_stores.build_thunderbird(tmp_path / "mac", corpus_mbox, {fx.ME}, root="Library/Thunderbird")
    app_stores.build_thunderbird(tmp_path / "snap", corpus_mbox, {fx.ME}, root="snap/thunderbird/common/.thunderbird")
    app_stores.build_thunderbird(tmp_path / "win", corpus_mbox, {fx.ME}, root="AppData/Roaming/Thunderbird")
    assert {f.app for f in detect(tmp_path / "mac", "macos").found} == {"Thunderbird"}
    assert detect(tmp_path / "mac", "linux").found == []
    assert len(detect(tmp_path / "snap", "linux").found) == 2
    assert detect(tmp_path / "snap", "macos").found == []
    assert len(detect(tmp_path / "win", "windows").found) == 2
    assert detect(tmp_path / "nobody", "linux").found == []


def test_a_profile_without_profiles_ini_or_prefs_is_still_found(tmp_path):
    import mail_fixtures as fx

    corpus_mbox = tmp_path / "mail.mbox"
    fx.write_mbox(corpus_mbox, few_messages())
    tree = app_stores.build_thunderbird(tmp_path / "home", corpus_mbox, {fx.ME})
    (tree.root / "profiles.ini").unlink()
    (tree.profile / "prefs.js").unlink()
    (tree.root / "a1b2c3d4.default").rmdir()
    found = detect(tmp_path / "home", "linux")
    # without prefs.js the accounts are the folders of Mail/ and ImapMail/, the feed folder among them
    assert sorted(f.path.name for f in found.found) == ["Feeds", "Local Folders", "imap.example.org"]
    assert found.self_emails == []


def test_a_thunderbird_account_kept_as_maildir_is_one_maildir_source_per_folder(tmp_path):
    import mailbox

    import mail_fixtures as fx

    profile = tmp_path / "home" / ".thunderbird" / "x.default"
    account = profile / "Mail" / "pop.example.org"
    for folder, msg in (("Inbox", fx.attachments()), ("Inbox.sbd/Receipts", fx.html_only()),
                        ("Trash", fx.appended())):
        (account / folder).parent.mkdir(parents=True, exist_ok=True)
        box = mailbox.Maildir(account / folder, create=True)
        box.add(msg)
        box.close()
    (profile / "prefs.js").write_text(
        'user_pref("mail.server.server1.directory-rel", "[ProfD]Mail/pop.example.org");\n'
        'user_pref("mail.server.server1.type", "pop3");\n'
        'user_pref("mail.server.server1.hostname", "pop.example.org");\n'
        'user_pref("mail.server.server1.storeContractID", "@mozilla.org/msgstore/maildirstore;1");\n')
    found = detect(tmp_path / "home", "linux")
    assert [(f.type, f.path.relative_to(account).as_posix()) for f in found.found] == [
        ("maildir", "Inbox"), ("maildir", "Inbox.sbd/Receipts")]
    config = tmp_path / "config.toml"
    config.write_text(f'[self]\nemails = ["{fx.ME}"]\n\n' + found.toml())
    with Engine(load_config(config)) as engine:
        subjects = {e.fields["subject"] for c in engine.connectors for e in c.find(T.EMAIL, [])}
    assert subjects == {"Report and CV", "Forecast"}


def test_apple_calendar_without_event_files_is_said_not_offered(tmp_path):
    root = tmp_path / "home" / "Library" / "Calendars"
    root.mkdir(parents=True)
    (root / "Calendar Cache").write_bytes(b"SQLite format 3\x00")
    [found] = detect(tmp_path / "home", "macos").found
    assert not found.offered and "File > Export" in found.note
    assert detect(tmp_path / "home", "macos").toml() == ""


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads folders whatever their mode")
def test_a_mail_folder_macos_hides_says_how_to_grant_access(tmp_path):
    mail = tmp_path / "home" / "Library" / "Mail"
    (mail / "V10").mkdir(parents=True)
    mail.chmod(0)
    try:
        [found] = detect(tmp_path / "home", "macos").found
    finally:
        mail.chmod(0o755)
    assert not found.readable and "Full Disk Access" in found.note
    assert "# not readable yet" in found.toml()


def test_an_unknown_home_is_a_clear_error(cli, tmp_path):
    out = cli("sources", "detect", "--home", str(tmp_path / "missing"))
    assert out.code != 0 and "--home" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_nothing_found_says_where_it_looked(cli, tmp_path):
    out = cli("sources", "detect", "--home", str(tmp_path), "--platform", "linux")
    assert out.code == 0 and "No Thunderbird, Apple Mail or Apple Calendar data found" in out.stdout
    data = json.loads(cli("sources", "detect", "--home", str(tmp_path), "--json").stdout)
    assert data["found"] == [] and data["toml"] == ""
