"""The lexicon every connector contributes for grounding questions: what the user's own data names.

Checked on the bundled demo and on a small generated corpus (whose ``Facts`` say what was written), with real
files and real indexes; the Google connectors run against the fake Google server and must not make a request.
"""

from __future__ import annotations

import mailbox
import os
import shutil
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from connectors.gcal import GcalConnector
from connectors.gmail import GmailConnector
from connectors.google_http import RetryPolicy
from connectors.maildir import MaildirConnector
from connectors.mailstore import mail_lexicon_rows
from connectors.mbox import MboxConnector
from queryweaver.config import SourceConfig, load_config
from queryweaver.connector import Selection
from tests.corpus import generate_corpus
from queryweaver.engine import Engine
from queryweaver.errors import ConnectorError
from queryweaver.reader import grounding
from queryweaver.reader.grounding import Lexicon, subject_words, url_domain
from queryweaver.items import Item
from queryweaver.schema import EntityType
from tests import mail_fixtures
from tests.fake_google import FakeGoogle, service_factory, write_small_corpus

NO_SLEEP = RetryPolicy(attempts=12, sleep=lambda s: None)


def lexicon_of(config):
    with Engine(config) as engine:
        return engine.lexicon()


# ---- the bundled demo -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def demo_lexicon(tmp_path_factory):
    config = load_config(None)
    config.cache_dir_setting = str(tmp_path_factory.mktemp("demo-cache"))
    return config, lexicon_of(config)


def test_demo_people_have_the_names_the_engine_gives_them(demo_lexicon):
    config, lexicon = demo_lexicon
    with Engine(config) as engine:
        mbox = next(c for c in engine.connectors if c.name == "mbox")
        persons = {item.key: item.fields["name"] for item in mbox.find(EntityType.PERSON, [])}
    assert set(persons) <= set(lexicon.people)
    named = {a: n for a, n in persons.items() if n}
    assert named
    # the name shown for a Person is the one seen most often; the lexicon agrees (mail and calendar merged)
    agree = sum(lexicon.person_name(a) == n for a, n in named.items())
    assert agree == len(named), {a: (n, lexicon.people[a]) for a, n in named.items() if lexicon.person_name(a) != n}


def test_demo_user_is_self_not_a_person(demo_lexicon):
    config, lexicon = demo_lexicon
    mine = {a.lower() for a in config.self_emails}
    assert mine and mine <= lexicon.self_addresses
    assert not mine & set(lexicon.people)
    assert "Alex Morgan" in lexicon.self_names


def test_demo_places_titles_files_folders_domains(demo_lexicon):
    config, lexicon = demo_lexicon
    assert lexicon.places["Bryant Park Grill"] >= 1
    assert "Book club" in lexicon.event_titles
    files_root = next(s for s in config.sources if s.type == "files").path("root")
    on_disk = Counter(name for _dir, _subdirs, names in os.walk(files_root) for name in names
                      if not name.startswith("."))
    for name, copies in on_disk.items():
        assert lexicon.file_names[name] >= copies  # attachments of the same name add to the count
    assert {"Documents", "Desktop"} <= set(lexicon.folders)
    assert lexicon.domains["github.com"] >= 1
    assert not any(d.startswith("www.") for d in lexicon.domains)
    assert lexicon.subject_words and all(w == w.lower() and len(w) >= 3 for w in lexicon.subject_words)


# ---- a generated corpus ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("corpus")
    facts = generate_corpus(out, emails=300, events=60, files=80, seed=5, today=date(2026, 2, 15))
    config = load_config(out / "config.toml")
    config.cache_dir_setting = str(tmp_path_factory.mktemp("corpus-cache"))
    return out, facts, config, lexicon_of(config)


def test_generated_people_match_the_facts(generated):
    _out, facts, _config, lexicon = generated
    assert set(facts.people) <= set(lexicon.people)
    wrong = {a: (name, lexicon.people[a]) for a, name in facts.people.items() if lexicon.person_name(a) != name}
    assert not wrong
    assert not set(facts.self_addresses) & set(lexicon.people)
    assert facts.self_name in lexicon.self_names


def test_generated_places_titles_and_attachments(generated):
    _out, facts, _config, lexicon = generated
    assert set(lexicon.places) == {ev.location for ev in facts.events if ev.location}
    assert set(lexicon.event_titles) == {ev.summary for ev in facts.events if ev.summary}
    attachments = Counter(name for mail in facts.emails for name in mail.attachments)
    on_disk = Counter(facts.files.values())
    for name, n in attachments.items():
        assert lexicon.file_names[name] == n + on_disk[name]


def test_generated_files_folders_domains_subject_words(generated):
    _out, facts, _config, lexicon = generated
    assert set(facts.files.values()) <= set(lexicon.file_names)
    folders = {Path(rel).parent.name for rel in facts.files} - {""}
    assert folders <= set(lexicon.folders)
    domains = Counter(d for mail in facts.emails for d in {url_domain(u) for u in mail.urls} if d)
    assert dict(lexicon.domains) == dict(domains)
    words = Counter(w for mail in facts.emails for w in subject_words(mail.subject))
    assert dict(lexicon.subject_words) == dict(words)


def test_subject_words_and_domains():
    assert subject_words("Re: Budget review for the Q3 plan, budget!") == {"budget", "review", "plan"}
    assert url_domain("https://www.GitHub.com/x?y=1") == "github.com"
    assert url_domain("www.king.test/shop") == "king.test"
    assert url_domain("http://localhost/") is None


# ---- after a refresh -------------------------------------------------------------------------------------------

def test_an_appended_message_and_a_new_file_show_up_after_refresh(tmp_path):
    demo = load_config(None)
    copy = tmp_path / "demo"
    shutil.copytree(Path(demo.path).parent, copy)
    config = load_config(copy / "config.toml")
    config.cache_dir_setting = str(tmp_path / "cache")
    before = lexicon_of(config)
    assert "late@example.net" not in before.people

    mail_fixtures.append_to_mbox(next(copy.rglob("*.mbox")), mail_fixtures.new_message(
        "Late Sender <late@example.net>", "Zanzibar itinerary", "<late@bench.example>",
        "see https://www.zanzibar.example/trip", attachment=("zanzibar-plan.pdf", b"plan")))
    files_root = next(s for s in config.sources if s.type == "files").path("root")
    (files_root / "Travel").mkdir()
    (files_root / "Travel" / "visa-form.pdf").write_bytes(b"%PDF")

    after = lexicon_of(config)
    assert after.person_name("late@example.net") == "Late Sender"
    assert after.subject_words["zanzibar"] == 1
    assert after.domains["zanzibar.example"] == 1
    assert after.file_names["zanzibar-plan.pdf"] == 1
    assert after.file_names["visa-form.pdf"] == 1 and after.folders["Travel"] == 1
    assert "alex@example.org" not in after.people
    # what did not change is still there, with the same counts
    assert after.places == before.places and after.event_titles == before.event_titles


def test_engine_reads_the_lexicon_again_after_refresh_indexes(tmp_path):
    demo = load_config(None)
    config = load_config(demo.path)
    config.cache_dir_setting = str(tmp_path / "cache")
    with Engine(config) as engine:
        first = engine.lexicon()
        assert engine.lexicon() is first  # one read per engine until its indexes are refreshed
        engine.refresh_indexes()
        assert engine.lexicon() is not first
        assert engine.lexicon().people == first.people


# ---- Gmail and Google Calendar: from their caches, never a request ---------------------------------------------

@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return write_small_corpus(tmp_path_factory.mktemp("small"))


@pytest.fixture
def fake(small):
    with FakeGoogle.from_files(small.mbox, small.ics, account=small.account, tz=small.tz) as server:
        yield server


def test_gmail_lexicon_comes_from_the_cache_without_a_request(small, fake, tmp_path):
    # the account address (alex@example.org) is left out of [self] emails: it must come from the cached profile
    context = small.context(tmp_path / "cache")
    context.self_emails = frozenset({"alex.morgan@home.example"})

    def gmail():
        return GmailConnector(SourceConfig("gmail", {}), context, service_factory=service_factory(fake, "gmail"),
                              retry=NO_SLEEP)

    with gmail() as connector:
        empty = Lexicon()
        connector.lexicon(empty)
        assert fake.http_requests == 0 and len(empty) == 0
        # a question fetches the mail from Jane, with its attachments and links
        jane = Selection(EntityType.PERSON, {"jane@acme.test": Item(EntityType.PERSON, "jane@acme.test", {})})
        emails = {i.key: i for _k, i in connector.person_from_email(jane)}
        list(connector.email_has_attachment_file(Selection(EntityType.EMAIL, emails)))
        list(connector.email_mentions_url_webpage(Selection(EntityType.EMAIL, emails)))
        assert fake.http_requests > 0

    fake.reset_counts()
    with gmail() as connector:  # a later run
        lexicon = Lexicon(self_addresses=set(context.self_emails))
        connector.lexicon(lexicon)
    assert fake.http_requests == 0
    assert lexicon.person_name("jane@acme.test") == "Jane Doe"
    assert "carol@king.test" in lexicon.people
    assert "alex@example.org" in lexicon.self_addresses and "alex@example.org" not in lexicon.people
    assert "Alex Morgan" in lexicon.self_names
    assert {"budget.xlsx", "notes.txt"} <= set(lexicon.file_names)
    assert lexicon.domains["acme.test"] == 1
    assert {"budget", "review", "notes"} <= set(lexicon.subject_words)


def test_gcal_lexicon_comes_from_what_listings_showed_without_a_request(small, fake, tmp_path):
    context = small.context(tmp_path / "cache")

    def gcal():
        return GcalConnector(SourceConfig("gcal", {}), context, service_factory=service_factory(fake, "calendar"),
                             retry=NO_SLEEP)

    with gcal() as connector:
        empty = Lexicon()
        connector.lexicon(empty)
        assert fake.http_requests == 0 and len(empty) == 0
        events = connector.all_events()
        assert events

    fake.reset_counts()
    with gcal() as connector:
        lexicon = Lexicon(self_addresses=set(context.self_emails))
        connector.lexicon(lexicon)
    assert fake.http_requests == 0
    assert set(lexicon.event_titles) == {ev.name for ev in events if ev.name}
    assert set(lexicon.places) == {ev.location for ev in events if ev.location}
    attended = {a for ev in events for a, _n in ev.attended} - set(context.self_emails) - {small.account}
    assert set(lexicon.people) == attended
    assert small.account in lexicon.self_addresses


# ---- stored counts stay exact whether a refresh adds to them or recomputes them ---------------------------------

def stored_and_recomputed(connector) -> tuple[list, list]:
    connector.refresh_index()
    conn = connector._index.conn
    return sorted(connector._index.read_lexicon()), sorted(mail_lexicon_rows(conn))


def test_mbox_append_adds_to_the_stored_counts_exactly(tmp_path):
    path = mail_fixtures.write_mbox(tmp_path / "mail.mbox")
    context = mail_fixtures.make_context(tmp_path / "cache")
    with MboxConnector(mail_fixtures.source("mbox", path), context) as mbox:
        stored, full = stored_and_recomputed(mbox)
        assert stored == full and stored
        mail_fixtures.append_to_mbox(path, mail_fixtures.appended())
        mail_fixtures.append_to_mbox(path, mail_fixtures.attachments())  # a second copy: counts go up
        stored, full = stored_and_recomputed(mbox)
        assert stored == full
        assert any(r[:3] == ("person", "bob@example.com", "Bob Stone") for r in stored)


def test_maildir_new_and_removed_files_keep_the_counts_exact(tmp_path):
    path = tmp_path / "Maildir"
    mail_fixtures.write_maildir(path)
    context = mail_fixtures.make_context(tmp_path / "cache")
    with MaildirConnector(mail_fixtures.source("maildir", path), context) as maildir:
        stored, full = stored_and_recomputed(maildir)
        assert stored == full
        box = mailbox.Maildir(path, create=False)
        box.add(mail_fixtures.appended())  # only added: the stored counts are added to
        stored, full = stored_and_recomputed(maildir)
        assert stored == full
        assert any(r[:3] == ("subject_word", "late", "") for r in stored)
        box.remove(next(iter(box.keys())))  # a removal: computed whole again
        stored, full = stored_and_recomputed(maildir)
        assert stored == full


def test_a_missing_source_leaves_the_others_in_the_lexicon_with_a_warning(tmp_path):
    demo = load_config(None)
    copy = tmp_path / "demo"
    shutil.copytree(Path(demo.path).parent, copy)
    config = load_config(copy / "config.toml")
    config.cache_dir_setting = str(tmp_path / "cache")
    next(copy.rglob("*.mbox")).unlink()
    with Engine(config) as engine:
        lexicon = engine.lexicon()
        assert lexicon.places and lexicon.file_names and not lexicon.domains
        assert any("mbox" in w and "does not exist" in w for w in engine.warnings)


# ---- the lexicon kept between runs (queryweaver.lexicon_cache) -------------------------------------------------

def demo_copy(tmp_path):
    shutil.copytree(Path(load_config(None).path).parent, tmp_path / "demo")
    config = load_config(tmp_path / "demo" / "config.toml")
    config.cache_dir_setting = str(tmp_path / "cache")
    return config


def kept_files(config) -> list[Path]:
    return sorted(Path(config.cache_dir).glob("lexicon-*.marshal"))


def test_a_later_run_loads_the_kept_lexicon_and_a_damaged_one_is_built_again(tmp_path):
    config = demo_copy(tmp_path)
    first = lexicon_of(config)
    [kept] = kept_files(config)
    written = kept.stat().st_ino, kept.stat().st_mtime_ns
    again = lexicon_of(config)
    assert (kept.stat().st_ino, kept.stat().st_mtime_ns) == written  # read, not written again
    assert again.people == first.people and again.file_names == first.file_names
    assert again.self_names == first.self_names and again.event_titles == first.event_titles
    with Engine(config) as engine:  # and it grounds as one read from the indexes does
        mentions = [(m.kind, m.value) for m in grounding.ground("mail from jane doe about Budget_2025.xlsx",
                                                                 engine.lexicon())]
    assert ("person", "Jane Doe") in mentions and ("file", "Budget_2025.xlsx") in mentions

    for damage in (b"", b"not marshal data", kept.read_bytes()[:100]):
        kept.write_bytes(damage)
        healed = lexicon_of(config)
        assert healed.people == first.people and healed.file_names == first.file_names
        assert kept.stat().st_size > 1000  # written whole again


def test_a_refresh_that_changes_what_the_data_names_replaces_the_kept_lexicon(tmp_path):
    config = demo_copy(tmp_path)
    lexicon_of(config)
    mbox = next((tmp_path / "demo").rglob("*.mbox"))
    mail_fixtures.append_to_mbox(mbox, mail_fixtures.new_message(
        "Quinn Ostrander <quinn@late.example>", "Orchard lease", "<orchard@bench.example>", "hello"))
    after = lexicon_of(config)
    assert after.person_name("quinn@late.example") == "Quinn Ostrander"
    assert len(kept_files(config)) == 1  # the same file, rewritten under the new tokens
    assert lexicon_of(config).person_name("quinn@late.example") == "Quinn Ostrander"


def test_without_a_token_from_every_source_nothing_is_kept(tmp_path):
    config = demo_copy(tmp_path)
    with Engine(config) as engine:
        engine.connectors[0].lexicon_state = lambda: None  # a source that cannot say when its lexicon changes
        assert engine.lexicon().people
    assert kept_files(config) == []


def test_a_source_that_cannot_name_what_it_holds_is_not_kept_as_naming_nothing(tmp_path):
    config = demo_copy(tmp_path)
    lexicon_of(config)
    [kept] = kept_files(config)
    kept.unlink()
    warnings: list[str] = []
    with Engine(config, warn=warnings.append) as engine:
        mbox = next(c for c in engine.connectors if c.name == "mbox")

        def broken(lexicon):
            raise ConnectorError("the mail index could not be read")

        mbox.lexicon = broken
        assert not engine.lexicon().subject_words  # only mail names subject words
    assert any("could not name what it holds" in w for w in warnings)
    assert kept_files(config) == []  # the next run reads every source again
    assert lexicon_of(config).subject_words
