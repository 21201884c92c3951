"""Gmail as a synced local mirror (``sync = true``), through the real Google client against the fake server.

The fake serves the same mbox the local-mail tests read, so the mirror's answers are compared with the mbox
connector's: after a sync both are the same mail index, keyed by Message-ID.
"""

from __future__ import annotations

import mailbox
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from connectors.gmail import GmailConnector
from connectors.gmail_mirror import GmailMirrorConnector
from connectors.google_http import RetryPolicy
from connectors.mbox import MboxConnector
from queryweaver.config import SourceConfig
from queryweaver.connector import Context, Selection
from queryweaver.errors import AuthError, ConnectorError
from queryweaver.graph import FilterConstraint
from queryweaver.items import SELF_KEY, Item
from queryweaver.schema import EntityType
from tests.fake_google import (FakeGoogle, _mail, fake_credentials, message_from_bytes, service_factory,
                               write_small_corpus)

EMAIL, PERSON, SELF, FILE, WEBPAGE, DATE = (EntityType.EMAIL, EntityType.PERSON, EntityType.SELF,
                                             EntityType.FILE, EntityType.WEBPAGE, EntityType.DATE)
NO_SLEEP = RetryPolicy(attempts=12, sleep=lambda s: None)
PEOPLE = ["jane@acme.test", "bob@acme.test", "sofia@north.test", "carol@king.test", "jroe@roe.test"]
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_small_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture
def context(corpus, tmp_path):
    # the account address (alex@example.org) is left out of [self] emails: the mirror learns it from getProfile
    warnings: list[str] = []
    ctx = Context(self_name="Alex Morgan", self_emails=frozenset({"alex.morgan@home.example"}),
                  tz=ZoneInfo(corpus.tz), today=corpus.today, cache_dir=tmp_path / "cache", warn=warnings.append)
    ctx.warnings = warnings
    return ctx


@pytest.fixture
def fake(corpus):
    with FakeGoogle.from_files(corpus.mbox, account=corpus.account, tz=corpus.tz) as server:
        yield server


@pytest.fixture
def mbox(corpus, tmp_path):
    with MboxConnector(SourceConfig("mbox", {"path": str(corpus.mbox)}), corpus.context(tmp_path / "mbox")) as conn:
        yield conn


def make_mirror(fake, context, retry=NO_SLEEP, credentials=None, **options) -> GmailMirrorConnector:
    connector = GmailConnector(SourceConfig("gmail", {"sync": True, **options}), context,
                               service_factory=service_factory(fake, "gmail", credentials), retry=retry)
    assert isinstance(connector, GmailMirrorConnector)
    return connector


def sel(type_, keys=None) -> Selection:
    return Selection(type_, None if keys is None else {k: Item(type_, k, {}) for k in keys})


def links(found) -> set[tuple[str, str]]:
    return {(known, item.key) for known, item in found}


def subjects(connector) -> set[str]:
    return {item.fields["subject"] for item in connector.find(EMAIL, [])}


# -- first sync, then answers without requests -------------------------------------------------------------------

def test_first_sync_mirrors_the_mailbox_and_answers_like_the_mbox(fake, context, mbox):
    progress: list[tuple[str, int, int | None]] = []
    context.progress = lambda stage, done, total=None: progress.append((stage, done, total))
    with make_mirror(fake, context, bodies=True) as gmail:
        report = gmail.refresh_index()
        assert report.parsed == 9
        assert fake.counts["gmail.users.messages.get"] == 9
        assert ("gmail: syncing messages", 9, 9) in progress
        fake.reset_counts()
        for tool_name in ("person_from_email", "person_to_email", "person_participants_email"):
            assert links(getattr(gmail, tool_name)(sel(PERSON, PEOPLE))) == \
                links(getattr(mbox, tool_name)(sel(PERSON, PEOPLE)))
        for tool_name in ("self_from_email", "self_to_email"):
            got = links(getattr(gmail, tool_name)(sel(SELF, [SELF_KEY])))
            assert got == links(getattr(mbox, tool_name)(sel(SELF, [SELF_KEY]))) and got
        for tool_name in ("email_has_attachment_file", "email_mentions_url_webpage", "email_sent_on_date",
                          "email_participants_person"):
            got = links(getattr(gmail, tool_name)(sel(EMAIL)))
            assert got == links(getattr(mbox, tool_name)(sel(EMAIL))) and got
        content = [FilterConstraint(var="e", field="content", op="contains", value="numbers")]
        assert {i.key for i in gmail.find(EMAIL, content)} == {i.key for i in mbox.find(EMAIL, content)}
        assert fake.total_calls == 0   # every answer came from the mirror


def test_without_bodies_attachments_are_kept_and_links_are_said_to_be_missing(fake, context, mbox):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        assert {(k, i.key) for k, i in gmail.email_has_attachment_file(sel(EMAIL))} == \
            links(mbox.email_has_attachment_file(sel(EMAIL)))
        assert list(gmail.email_mentions_url_webpage(sel(EMAIL))) == []
        assert list(gmail.email_mentions_url_webpage(sel(EMAIL))) == []
    assert [w for w in context.warnings if "bodies = true" in w] and len(context.warnings) == 1


def test_the_account_address_is_the_user_and_named_in_the_lexicon(fake, context):
    from queryweaver.reader.grounding import Lexicon

    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        # m2 (Bob to alex@example.org): received, though only the alias is in [self] emails
        assert "<m2@acme.test>" in {i.key for _k, i in gmail.self_to_email(sel(SELF, [SELF_KEY]))}
        assert "alex@example.org" not in {k for k, _i in gmail.person_from_email(sel(PERSON, None))}
        lexicon = Lexicon()
        gmail.lexicon(lexicon)
    assert "alex@example.org" in lexicon.self_addresses
    assert fake.counts["gmail.users.getProfile"] == 1


# -- later syncs -------------------------------------------------------------------------------------------------

def new_mail(n: int, account: str, start: datetime, prefix: str = "new") -> list[bytes]:
    return [_mail(f"<{prefix}{i}@news.test>", f"Sender {i} <s{i}@news.test>", [account], f"{prefix} {i}",
                  start + timedelta(minutes=i), f"item {i}") for i in range(n)]


def test_a_day_of_new_mail_costs_a_history_page_and_its_batches(fake, context, corpus):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        before = subjects(gmail)
        for raw in new_mail(120, corpus.account, datetime(2025, 3, 1, 9, tzinfo=ZoneInfo(corpus.tz))):
            fake.add_message(message_from_bytes(raw, len(fake.by_id) + 100, corpus.account))
        fake.reset_counts()
        report = gmail.refresh_index()
        assert report.parsed == 120
        assert fake.counts["gmail.users.history.list"] == 1
        assert fake.counts["gmail.users.messages.get"] == 120
        assert fake.counts["gmail.users.messages.list"] == 0
        assert fake.http_requests <= 1 + 3 + 1   # a history page, 120 gets in batches of 50, a token at most
        assert subjects(gmail) == before | {f"new {i}" for i in range(120)}


def test_deletions_trash_and_restores_follow_the_history(fake, context, corpus):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        by_msgid = {m.msgid: m.id for m in fake.messages}
        fake.delete_message(by_msgid["m2@acme.test"])
        fake.change_labels(by_msgid["m3@acme.test"], add=["TRASH"], remove=["INBOX"])
        fake.change_labels(by_msgid["m1@acme.test"], add=["STARRED"])
        report = gmail.refresh_index()
        assert report.removed == 2 and report.parsed == 0
        assert "Lunch?" not in subjects(gmail) and "Notes" not in subjects(gmail)
        labels = gmail._index.conn.execute(
            "SELECT label FROM gmail_labels g JOIN inputs i ON i.id = g.input WHERE i.path = ?",
            (by_msgid["m1@acme.test"],)).fetchall()
        assert {r[0] for r in labels} == {"INBOX", "STARRED"}
        fake.change_labels(by_msgid["m3@acme.test"], add=["INBOX"], remove=["TRASH"])  # restored from the trash
        fake.reset_counts()
        assert gmail.refresh_index().parsed == 1
        assert fake.counts["gmail.users.messages.get"] == 1
        assert "Notes" in subjects(gmail)


def test_a_question_syncs_a_stale_mirror_once_and_a_fresh_one_not_at_all(fake, context, corpus):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
    fake.add_message(message_from_bytes(new_mail(1, corpus.account, datetime(2025, 3, 2))[0], 500, corpus.account))
    fake.reset_counts()
    with make_mirror(fake, context, sync_every=60) as gmail:   # synced a moment ago: no request
        assert "new 0" not in subjects(gmail)
    assert fake.total_calls == 0
    with make_mirror(fake, context, sync_every=1e-6) as gmail:
        assert "new 0" in subjects(gmail)
        subjects(gmail)
    assert fake.counts["gmail.users.history.list"] == 1


def test_a_sync_every_that_is_not_minutes_is_a_config_error(fake, context):
    from queryweaver.errors import ConfigError

    with pytest.raises(ConfigError, match="sync_every = 'hourly' in the gmail source is not a number of minutes"):
        make_mirror(fake, context, sync_every="hourly")


# -- faults --------------------------------------------------------------------------------------------------

def test_an_expired_history_id_falls_back_to_a_full_listing_fetching_only_what_is_new(fake, context, corpus):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        for raw in new_mail(3, corpus.account, datetime(2025, 3, 1, 9, tzinfo=ZoneInfo(corpus.tz))):
            fake.add_message(message_from_bytes(raw, len(fake.by_id) + 100, corpus.account))
        fake.delete_message(next(m.id for m in fake.messages if m.msgid == "m7@roe.test"))
        fake.expire_history()
        fake.reset_counts()
        report = gmail.refresh_index()
        assert report.parsed == 3 and report.removed == 1
        assert fake.counts["gmail.users.messages.get"] == 3     # the 8 it had are not fetched again
        assert fake.counts["gmail.users.messages.list"] == 1
        assert subjects(gmail) == {
            "Budget review", "Lunch?", "Notes", "Proposal", "Re: Proposal", "FYI", "Not for you", "Budget numbers",
            "new 0", "new 1", "new 2"}
        fake.reset_counts()
        gmail.refresh_index()                                   # and history works again from the new historyId
        assert fake.counts["gmail.users.history.list"] == 1 and fake.total_calls == 1
    assert any("no longer has the mailbox history" in w for w in context.warnings)


def test_a_429_storm_stops_the_sync_with_a_clear_error_and_the_mirror_still_answers(fake, context, corpus):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        before = subjects(gmail)
    for raw in new_mail(60, corpus.account, datetime(2025, 3, 1, 9, tzinfo=ZoneInfo(corpus.tz))):
        fake.add_message(message_from_bytes(raw, len(fake.by_id) + 100, corpus.account))
    fake.fault_rate, fake.fault_statuses = 1.0, (429,)
    few = RetryPolicy(attempts=3, sleep=lambda s: None)
    with make_mirror(fake, context, retry=few) as gmail:
        with pytest.raises(ConnectorError, match="429.*mirror is unchanged"):
            gmail.refresh_index()
    # a question: the history page passes, every message fetch is refused; one warning, the mirror answers
    fake.fault_methods = {"gmail.users.messages.get"}
    with make_mirror(fake, context, retry=few, sync_every=1e-6) as gmail:
        assert subjects(gmail) == before
        fake.fault_rate = 0.0
        assert any("rate limited" in w and "answering from the Gmail mirror" in w for w in context.warnings)
        report = gmail.refresh_index()                          # the storm is over: the sync completes
        assert report.parsed == 60
        assert len(subjects(gmail)) == len(before) + 60


def test_a_revoked_sign_in_says_how_to_sign_in_again_and_the_mirror_still_answers(fake, context):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        before = subjects(gmail)
    fake.revoke()
    source_options = {"client_secrets": "/home/alex/client_secret.json"}
    with make_mirror(fake, context, credentials=fake_credentials(fake, expired=True), **source_options) as gmail:
        with pytest.raises(AuthError) as err:
            gmail.refresh_index()
        assert "invalid_grant" in str(err.value)
        assert "queryweaver auth google --client-secrets /home/alex/client_secret.json" in str(err.value)
    with make_mirror(fake, context, credentials=fake_credentials(fake, expired=True), sync_every=1e-6,
                     **source_options) as gmail:
        assert subjects(gmail) == before
    assert any("invalid_grant" in w and "answering from the Gmail mirror" in w for w in context.warnings)


def test_a_first_sync_that_cannot_finish_says_so_and_keeps_its_listing(fake, context):
    fake.fault_rate, fake.fault_statuses, fake.fault_methods = 1.0, (503,), {"gmail.users.messages.get"}
    with make_mirror(fake, context, retry=RetryPolicy(attempts=2, sleep=lambda s: None)) as gmail:
        with pytest.raises(ConnectorError, match="kept refusing 9 requests while fetching messages.*stopped at 0 of 9 messages.*continues from there"):
            gmail.refresh_index()
        assert not gmail.is_complete()
    fake.fault_rate = 0.0
    fake.reset_counts()
    with make_mirror(fake, context) as gmail:
        assert len(subjects(gmail)) == 9   # a question on a mirror never completed syncs first
    assert fake.counts["gmail.users.messages.list"] == 0   # the listing was kept


# -- a sync killed mid-batch resumes ---------------------------------------------------------------------

CHILD = textwrap.dedent("""
    import sys, types
    sys.path.insert(0, {repo!r})
    from tests.fake_google import service_factory
    from connectors.gmail import GmailConnector
    from connectors.google_http import RetryPolicy
    from queryweaver.config import SourceConfig
    from queryweaver.connector import Context
    from zoneinfo import ZoneInfo
    from datetime import date
    from pathlib import Path

    fake = types.SimpleNamespace(url={url!r}, token_uri={url!r} + "token")
    ctx = Context(self_name="Alex", self_emails=frozenset({{"alex@example.org"}}), tz=ZoneInfo("UTC"),
                  today=date(2025, 3, 15), cache_dir=Path({cache!r}))
    gmail = GmailConnector(SourceConfig("gmail", {{"sync": True, "max_in_flight": 1}}), ctx,
                           service_factory=service_factory(fake, "gmail"), retry=RetryPolicy(attempts=3))
    gmail.refresh_index()
    print("done", flush=True)
""")


def test_a_sync_killed_mid_batch_resumes_and_the_mirror_is_complete(tmp_path, context):
    account = "alex@example.org"
    box_path = tmp_path / "big.mbox"
    box = mailbox.mbox(str(box_path))
    for raw in new_mail(300, account, datetime(2025, 1, 1, tzinfo=ZoneInfo("UTC")), prefix="bulk"):
        box.add(mailbox.mboxMessage(raw))
    box.flush()
    box.close()
    cache = tmp_path / "cache"
    with FakeGoogle.from_files(box_path, account=account, latency=0.15) as server:
        env = {**os.environ, "QUERYWEAVER_INDEX_BATCH": "30", "PYTHONPATH": str(REPO)}
        child = subprocess.Popen([sys.executable, "-c", CHILD.format(repo=str(REPO), url=server.url,
                                                                      cache=str(cache))],
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        db = None
        committed = 0
        deadline = time.monotonic() + 60
        try:
            while time.monotonic() < deadline and child.poll() is None:
                found = list((cache / "index").glob("gmail-*.sqlite")) if (cache / "index").exists() else []
                if found:
                    db = found[0]
                    try:
                        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
                            committed = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
                    except sqlite3.Error:
                        committed = 0
                    if committed >= 90:
                        break
                time.sleep(0.01)
            # kill while the next batch is on the wire (the fake holds each answer back for 0.15 s)
            sent = server.http_requests
            while server.http_requests == sent and time.monotonic() < deadline:
                time.sleep(0.002)
            gets_before_kill = server.counts["gmail.users.messages.get"]
            child.send_signal(signal.SIGKILL)
        finally:
            child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL, child.stderr.read().decode()[-2000:]
        assert 90 <= committed < 300
        assert gets_before_kill >= committed

        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            kept = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
            assert conn.execute("SELECT value FROM meta WHERE key = 'gmail_history_id'").fetchone() is None
        print(f"killed with {committed} committed, {gets_before_kill} fetched; {kept} kept")
        assert kept % 30 == 0 and kept >= committed       # whole chunks only

        time.sleep(0.5)   # the fake finishes answering the dead child's batch before counting starts again
        server.reset_counts()
        ctx = Context(self_name="Alex", self_emails=frozenset({account}), tz=ZoneInfo("UTC"),
                      today=context.today, cache_dir=cache)
        with GmailConnector(SourceConfig("gmail", {"sync": True}), ctx,
                            service_factory=service_factory(server, "gmail"), retry=NO_SLEEP) as gmail:
            report = gmail.refresh_index()
            assert report.parsed == 300 - kept
            assert server.counts["gmail.users.messages.get"] == 300 - kept   # nothing fetched twice
            assert server.counts["gmail.users.messages.list"] == 0            # the listing was complete
            conn = gmail._index.conn
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert tuple(conn.execute("SELECT count(*), count(DISTINCT message_id) FROM messages").fetchone()) == (300, 300)
            assert {r[0] for r in conn.execute("SELECT path FROM inputs")} == set(server.by_id)
            assert conn.execute("SELECT count(*) FROM addresses a LEFT JOIN messages m ON m.id = a.msg "
                                "WHERE m.id IS NULL").fetchone()[0] == 0
            assert subjects(gmail) == {f"bulk {i}" for i in range(300)}


# -- through the engine ----------------------------------------------------------------------------------------

def test_the_engine_refreshes_checks_and_answers_from_the_mirror(fake, context, corpus):
    from queryweaver.config import Config
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph

    config = Config(self_name="Alex Morgan", self_emails=("alex.morgan@home.example",), timezone=corpus.tz,
                    today_fixed=corpus.today, cache_dir_setting=str(context.cache_dir))
    graph = QueryGraph.parse({"action": "find", "return_var": "f", "return_mode": "all",
                              "vars": {"f": "File", "e": "Email", "self": "Self"},
                              "constraints": [{"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                                              {"kind": "edge", "from": "e", "edge": "to", "to": "self"},
                                              {"kind": "filter", "var": "f", "field": "extension", "op": "=",
                                               "value": "txt"}]})
    with Engine(config, connectors=[make_mirror(fake, context)]) as engine:
        reports = engine.refresh_indexes()
        assert [r.parsed for r in reports] == [9]
        [status] = engine.check_indexes()
        assert status.state == "ok" and status.items == 9 and status.source.startswith("gmail:")
        fake.reset_counts()
        result = engine.run(graph)
    assert sorted(i.key for i in result.items) == ["notes.txt", "server.log.txt"]
    assert fake.total_calls == 0


def test_the_engine_keeps_the_mirrors_lexicon_and_a_sync_with_new_mail_renews_it(fake, context, corpus):
    from queryweaver.config import Config
    from queryweaver.engine import Engine

    config = Config(self_name="Alex Morgan", self_emails=("alex.morgan@home.example",), timezone=corpus.tz,
                    today_fixed=corpus.today, cache_dir_setting=str(context.cache_dir))

    def lexicon():
        with Engine(config, connectors=[make_mirror(fake, context)]) as engine:
            engine.refresh_indexes()
            fake.reset_counts()
            found = engine.lexicon()
            assert fake.total_calls == 0
        return found

    first = lexicon()
    [kept] = config.cache_dir.glob("lexicon-*.marshal")
    assert "alex@example.org" in first.self_addresses and "s3@news.test" not in first.people
    assert lexicon().people == first.people
    for raw in new_mail(5, corpus.account, datetime(2025, 3, 1, 9, tzinfo=ZoneInfo(corpus.tz))):
        fake.add_message(message_from_bytes(raw, len(fake.by_id) + 100, corpus.account))
    after = lexicon()  # the refresh adds the new mail to the stored lexicon, which renews the kept one
    assert after.person_name("s3@news.test") == "Sender 3" and "alex@example.org" in after.self_addresses
    assert list(config.cache_dir.glob("lexicon-*.marshal")) == [kept]


JANES_MAIL = {"action": "find", "return_var": "e", "return_mode": "all", "vars": {"e": "Email", "p": "Person"},
              "constraints": [{"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                              {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"}]}
LAST_FROM_JANE = {**JANES_MAIL, "return_mode": "one",
                  "constraints": [*JANES_MAIL["constraints"],
                                  {"kind": "filter", "var": "e", "field": "ordinal", "op": "=", "value": "last"}]}


def export_with_one_more(corpus, tmp_path) -> Path:
    """An mbox export of the same mailbox, with one more message from Jane that Gmail does not hold."""
    export = tmp_path / "export.mbox"
    export.write_bytes(corpus.mbox.read_bytes())
    box = mailbox.mbox(export)
    box.add(_mail("<m10@acme.test>", "Jane Doe <jane@acme.test>", ["Alex Morgan <alex@example.org>"],
                  "Only in the export", datetime(2025, 3, 1, 9, 0, tzinfo=ZoneInfo(corpus.tz)), "old mail"))
    box.flush()
    box.close()
    return export


@pytest.mark.parametrize("mode", ["mirror", "live"])
def test_a_message_gmail_and_an_mbox_export_hold_is_one_email_naming_both(mode, fake, context, corpus, tmp_path):
    """The same message (same Message-ID) through Gmail -- mirrored, or live where Gmail keys it by its own id --
    and through an mbox export is one Email in the answer, its evidence naming both sources; a message only the
    export holds names the export alone. Counted, paged as JSON and picked as the last one, the same."""
    from queryweaver.config import Config
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph

    config = Config(self_name="Alex Morgan", self_emails=corpus.self_emails, timezone=corpus.tz,
                    today_fixed=corpus.today, cache_dir_setting=str(context.cache_dir))
    mbox = MboxConnector(SourceConfig("mbox", {"path": str(export_with_one_more(corpus, tmp_path))}), context)
    gmail = make_mirror(fake, context) if mode == "mirror" else GmailConnector(
        SourceConfig("gmail", {}), context, service_factory=service_factory(fake, "gmail"), retry=NO_SLEEP)
    with Engine(config, connectors=[gmail, mbox]) as engine:
        engine.refresh_indexes()
        result = engine.run(QueryGraph.parse(JANES_MAIL))
        page = result.to_json()
        counted = engine.run(QueryGraph.parse({**JANES_MAIL, "action": "count"})).count
        last = engine.run(QueryGraph.parse(LAST_FROM_JANE))
        last_evidence = last.evidence(last.items[0].key)
    both = sorted([gmail.source.label, mbox.source.label])
    assert [i["message_id"] for i in page["items"]] == ["<m10@acme.test>", "<m6@acme.test>", "<m3@acme.test>",
                                                        "<m1@acme.test>"]
    assert result.count == counted == 4 and [i.key for i in result.items][1:] == ["<m6@acme.test>", "<m3@acme.test>",
                                                                                  "<m1@acme.test>"]
    sources = {i["message_id"]: i["evidence"]["sources"] for i in page["items"]}
    assert sources == {"<m10@acme.test>": [mbox.source.label], "<m6@acme.test>": both, "<m3@acme.test>": both,
                       "<m1@acme.test>": both}
    jane = {i["message_id"]: i["evidence"]["via"][0] for i in page["items"]}
    assert jane["<m1@acme.test>"]["key"] == "jane@acme.test" and jane["<m1@acme.test>"]["sources"] == both
    assert [i.key for i in last.items] == ["<m10@acme.test>"] and last_evidence["sources"] == [mbox.source.label]
    if mode == "live":  # the Gmail copy keeps its id, for reading it from Gmail
        assert next(i for i in page["items"] if i["message_id"] == "<m1@acme.test>")["gmail_id"]
    import io

    from queryweaver.cli import print_result

    text = io.StringIO()
    print_result(result, {"execution": 0.1}, out=text)
    assert text.getvalue().count(f"in: {', '.join(both)}") == 3  # the three messages both hold


def test_the_last_of_one_message_held_twice_names_both_sources(fake, context, corpus, tmp_path):
    """Two copies of the last email (Gmail live, by id; the export, by Message-ID) are one item before the
    ordinal picks: the answer is that message, through both sources."""
    from queryweaver.config import Config
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph

    config = Config(self_name="Alex Morgan", self_emails=corpus.self_emails, timezone=corpus.tz,
                    today_fixed=corpus.today, cache_dir_setting=str(context.cache_dir))
    mbox = MboxConnector(SourceConfig("mbox", {"path": str(corpus.mbox)}), context)
    gmail = GmailConnector(SourceConfig("gmail", {}), context, service_factory=service_factory(fake, "gmail"),
                           retry=NO_SLEEP)
    with Engine(config, connectors=[gmail, mbox]) as engine:
        last = engine.run(QueryGraph.parse(LAST_FROM_JANE))
        assert [i.key for i in last.items] == ["<m6@acme.test>"] and last.count == 1
        assert last.evidence("<m6@acme.test>")["sources"] == sorted([gmail.source.label, mbox.source.label])


def test_an_emails_text_is_read_from_gmail_as_written(fake, context):
    with make_mirror(fake, context) as gmail:
        gmail.refresh_index()
        fake.reset_counts()
        assert "See the numbers at https://acme.test/budget." in gmail.read_text(EMAIL, "<m1@acme.test>")
        assert gmail.read_text(EMAIL, "<nowhere@acme.test>") is None
    assert fake.counts["gmail.users.messages.get"] == 1


def test_the_mirror_gives_the_cost_planner_its_estimates_and_both_planners_agree(fake, context, corpus):
    """A mirror is a local index: it counts like an mbox (no 'live source' fallback), and the cost-aware
    order answers as the paper's does, with no request to Gmail."""
    from queryweaver.config import Config
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph

    config = Config(self_name="Alex Morgan", self_emails=corpus.self_emails, timezone=corpus.tz,
                    today_fixed=corpus.today, cache_dir_setting=str(context.cache_dir))
    graphs = [{"action": "find", "return_var": "f", "return_mode": "all", "vars": {"f": "File", "e": "Email",
                                                                                  "self": "Self"},
               "constraints": [{"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                               {"kind": "edge", "from": "e", "edge": "to", "to": "self"}]},
              {"action": "count", "return_var": "e", "return_mode": "all", "vars": {"e": "Email", "p": "Person",
                                                                                   "self": "Self"},
               "constraints": [{"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                               {"kind": "edge", "from": "e", "edge": "to", "to": "self"},
                               {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"}]}]
    with Engine(config, connectors=[make_mirror(fake, context)]) as engine:
        engine.refresh_indexes()
        fake.reset_counts()
        for raw in graphs:
            graph = QueryGraph.parse(raw)
            assert engine.plan(graph, "cost").notes == []
            paper, cost = engine.run(graph, planner="paper"), engine.run(graph, planner="cost")
            assert [i.key for i in cost.items] == [i.key for i in paper.items] and cost.count == paper.count > 0
    assert fake.total_calls == 0
