"""The imap source's live mode (the default, no ``sync``) against a real Dovecot loaded with the generated corpus.

Every question must give what the mbox gives, with the filters compiled into ``UID SEARCH`` and only the matches'
header fields and BODYSTRUCTURE fetched; a repeated question sends no FETCH; a renumbered folder is fetched
again; a vanished folder, a refused login or a server killed in the middle of a FETCH is one warning line naming
the source, while the calendar and the files still answer.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from connectors.imap import ImapConnector, any_of, criteria_text, date_criterion, url_piece
from connectors.imap_mirror import ImapMirrorConnector
from connectors.mailstore import parse_message
from queryweaver.config import SourceConfig, load_config
from queryweaver.connector import Context
from tests.corpus import oracle_keys
from queryweaver.engine import Engine
from queryweaver.graph import QueryGraph
from queryweaver.items import DateRange
from queryweaver.paper_graphs import paper_graphs
from queryweaver.schema import EntityType
from tests.imap_server import PASSWORD, USER, CommandLog, Dovecot, dovecot_binary, plain_client
from tests import test_imap
from tests.test_imap import imap_config, run_questions

DOVECOT = dovecot_binary()
pytestmark = pytest.mark.skipif(DOVECOT is None, reason="dovecot is not installed (apt-get install dovecot-imapd)")
SELF = "alex@example.org"
# the corpus (module-scoped: one per module) and a Dovecot serving a copy of it, as in test_imap
corpus, dovecot = test_imap.corpus, test_imap.dovecot


def live(corpus_dir: Path, server: Dovecot, log: CommandLog, cache: Path, warnings: list[str],
         **options) -> ImapConnector:
    config = load_config(imap_config(corpus_dir, server, name="live.toml", sync=False))
    context = Context.from_config(config, warn=warnings.append)
    context.cache_dir = cache
    source = next(s for s in config.sources if s.type == "imap")
    source = SourceConfig(source.type, {**source.options, **options})
    imap = ImapConnector(source, context, client_factory=log.factory(plain_client(server.port)),
                         password=lambda: PASSWORD)
    assert type(imap) is ImapConnector
    return imap


def answer(corpus_dir: Path, imap, number: int, names, warnings: list[str] | None = None) -> list[str]:
    """One paper question through an engine whose mail source is ``imap`` (the calendar and files as configured)."""
    config = load_config(corpus_dir / "config.toml")
    with Engine(config) as engine:
        others = [c for c in engine.connectors if c.name != "mbox"]
        query = paper_graphs(**names)[number - 1]
        engine = Engine(config, connectors=[imap, *others], warn=(warnings or []).append)
        result = engine.run(QueryGraph.parse(query.graph))
        return oracle_keys(number, [i.output() for i in result.items], corpus_dir / "files")


def test_sync_chooses_the_mirror_and_live_mode_is_the_default(tmp_path):
    context = Context("Alex", frozenset({SELF}), load_config(None).tz, date(2026, 3, 20), tmp_path)
    options = {"host": "127.0.0.1", "user": USER, "tls": False}
    assert type(ImapConnector(SourceConfig("imap", options), context)) is ImapConnector
    assert type(ImapConnector(SourceConfig("imap", {**options, "sync": True}), context)) is ImapMirrorConnector
    assert type(ImapConnector(SourceConfig("imap", {**options, "sync": "yes"}), context)) is ImapMirrorConnector


def test_the_paper_questions_answer_alike_live_and_from_the_mbox(cli, tmp_path, corpus, dovecot):
    corpus_dir, names, expected = corpus
    config = imap_config(corpus_dir, dovecot, name="live.toml", sync=False)
    assert "sync" not in config.read_text()
    env = {"QW_TEST_IMAP_PASSWORD": PASSWORD}
    through_imap = run_questions(cli, tmp_path, names, config, env)
    through_mbox = run_questions(cli, tmp_path, names, corpus_dir / "config.toml", {})
    for number in range(1, 8):
        imap_out, mbox_out = through_imap[number], through_mbox[number]
        assert imap_out.code == 0, imap_out.stderr
        assert "warning" not in imap_out.stderr
        imap_keys = oracle_keys(number, imap_out.json()["result"]["items"], corpus_dir / "files")
        mbox_keys = oracle_keys(number, mbox_out.json()["result"]["items"], corpus_dir / "files")
        assert imap_keys == expected[number] == mbox_keys, f"Q{number}"
    assert sum(1 for v in expected.values() if v) >= 6


def test_a_repeated_question_sends_a_search_per_folder_and_no_fetch(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    for number in range(1, 8):
        assert answer(corpus_dir, imap, number, names) == expected[number], f"Q{number} cold"
    imap.close()
    fetched = log.count("UID FETCH")
    assert fetched >= 2
    heads = sum(1 for line in log.lines if line.startswith("UID FETCH") and "BODYSTRUCTURE" in line)
    assert heads >= 1
    # nothing but header fields, structure and text parts was asked for: no whole message, no attachment
    assert not any("BODY.PEEK[]" in line or "RFC822" in line for line in log.lines)
    for number in range(1, 8):
        log.clear()
        again = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
        assert answer(corpus_dir, again, number, names) == expected[number], f"Q{number} warm"
        again.close()
        assert log.count("UID FETCH") == 0, (number, log.lines)
        searches = log.count("UID SEARCH")
        examines = log.count("EXAMINE")
        assert searches % 2 == 0 and examines <= searches + 2, (number, log.commands)  # INBOX and Sent alike
    assert not warnings


def test_only_the_matches_are_fetched_and_their_attachments_never(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    assert answer(corpus_dir, imap, 6, names) == expected[6]   # a person's attachments: by name, then FROM
    imap.close()
    searched = [line for line in log.lines if line.startswith("UID SEARCH")]
    assert any("FROM" in line for line in searched)
    fetched = imap.cache.conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    assert 0 < fetched < 100   # of 600
    fetches = [line for line in log.lines if line.startswith("UID FETCH")]
    assert all("BODYSTRUCTURE" in line and "HEADER.FIELDS" in line for line in fetches)


def test_a_one_day_question_fetches_that_days_mail_only(corpus, dovecot, tmp_path):
    """Q1 (the last email received on a day): the paper's order asks for every email to the user first; the day
    goes into that SEARCH too (SENTSINCE/SENTBEFORE, widened for the zones), so only a few days' messages are
    fetched, not every message received; each is checked on its own Date, and the answer is the mbox's."""
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    assert answer(corpus_dir, imap, 1, names) == expected[1]
    imap.close()
    searched = [line for line in log.lines if line.startswith("UID SEARCH")]
    assert searched and all("SENTSINCE" in line for line in searched), searched
    fetched = imap.cache.conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    received = len(corpus_dir.joinpath("mail.mbox").read_bytes().split(b"\nFrom ")) // 2  # a fraction of all
    assert 0 < fetched < 40 < received, (fetched, received)
    assert not warnings


def test_a_renumbered_folder_is_fetched_again(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    assert answer(corpus_dir, imap, 1, names) == expected[1]
    imap.close()
    inbox_before = imap.cache.conn.execute("SELECT DISTINCT uidvalidity FROM messages WHERE folder = 'INBOX'").fetchall()
    assert len(inbox_before) == 1
    dovecot.stop()
    dovecot.renumber()
    dovecot.start()
    log.clear()
    again = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    assert answer(corpus_dir, again, 1, names) == expected[1]
    again.close()
    assert log.count("UID FETCH") >= 1   # INBOX's matches again, under its new UIDVALIDITY
    after = again.cache.conn.execute("SELECT DISTINCT uidvalidity FROM messages WHERE folder = 'INBOX'").fetchall()
    assert after and after[0][0] == inbox_before[0][0] + 1000 and len(after) == 1   # nothing kept of the old numbering
    assert not warnings


def test_criteria_are_balanced_and_dates_widened():
    tree = any_of([["FROM", b"a%d" % n] for n in range(8)])
    assert tree[0] == "OR" and len(tree) == 3   # OR (OR (OR ..) ..) (..): depth 3 for 8 terms, not 7

    def depth(node):
        return 1 + max((depth(t) for t in node if isinstance(t, list)), default=0)
    assert depth(tree) == 4
    assert date_criterion(DateRange(date(2026, 2, 1), date(2026, 3, 1))) == [
        "OR", ["SENTSINCE", "30-Jan-2026", "SENTBEFORE", "3-Mar-2026"], ["SENTBEFORE", "2-Jan-1970"]]
    assert date_criterion(DateRange(None, date(2026, 3, 1))) == ["SENTBEFORE", "3-Mar-2026"]
    assert url_piece("https://x.example.com/a?b=1&amp;c=2") == "https://x.example.com/a?b=1"
    # searches are remembered by their text: values in other scripts must not collide
    assert criteria_text(["SUBJECT", "café".encode()]) != criteria_text(["SUBJECT", "cafö".encode()])
    # a group never ends in an 8-bit value (imapclient glues ')' to it, which would go out inside a literal)
    assert any_of([["SUBJECT", "é".encode()], ["SUBJECT", b"x"]])[1] == ["SUBJECT", "é".encode(), "ALL"]


def test_a_message_the_parser_cannot_use_is_one_warning_once(tmp_path):
    server = Dovecot(DOVECOT).start()
    try:
        server.deliver(b"X-Scanner: quarantined\n\nnot a mail\n")
        server.deliver(b"From: Cy <cy@example.com>\nTo: alex@example.org\nSubject: fine\n"
                       b"Message-ID: <fine@example.com>\nDate: Tue, 3 Mar 2026 09:00:00 +0000\n\nok\n")
        config = SourceConfig("imap", {"host": "127.0.0.1", "port": server.port, "user": USER, "tls": False})
        for round_ in range(2):
            log, warnings = CommandLog(), []
            context = Context("Alex", frozenset({SELF}), load_config(None).tz, date(2026, 3, 20), tmp_path / "cache",
                              warn=warnings.append)
            imap = ImapConnector(config, context, client_factory=log.factory(plain_client(server.port)),
                                 password=lambda: PASSWORD)
            assert [i.key for i in imap.find(EntityType.EMAIL, [])] == ["<fine@example.com>"]
            imap.close()
            if round_ == 0:
                assert len(warnings) == 1 and warnings[0].startswith("INBOX UID 1: skipped, no mail headers found")
            else:  # remembered: neither fetched nor reported again
                assert warnings == [] and log.count("UID FETCH") == 0
    finally:
        server.close()


def test_a_folder_that_disappears_is_one_warning_and_the_rest_answers(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    configured = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings, folders=["INBOX", "Sent"])
    assert answer(corpus_dir, configured, 3, names) == expected[3]
    configured.close()
    cache = configured.cache.conn
    assert cache.execute("SELECT count(*) FROM messages WHERE folder = 'Sent'").fetchone()[0] > 0
    dovecot.remove_folder("Sent")
    again = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings, folders=["INBOX", "Sent"])
    assert answer(corpus_dir, again, 1, names) == expected[1]   # received mail: all in INBOX
    again.close()
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith(f"imap source {USER}@127.0.0.1: folder 'Sent' cannot be read (")
    assert warnings[0].endswith("it is left out — fix 'folders' in its [[sources]] entry")
    assert again.cache.conn.execute("SELECT count(*) FROM messages WHERE folder = 'Sent'").fetchone()[0] == 0
    # without 'folders', a folder gone from the LIST is simply not asked, and forgotten
    warnings.clear()
    listed = live(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    assert answer(corpus_dir, listed, 1, names) == expected[1]
    listed.close()
    assert not warnings


def test_a_server_killed_during_a_fetch_is_one_line_and_the_calendar_still_answers(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    killed: list[str] = []

    def make():  # a client whose first UID FETCH meets a server SIGKILLed as the command goes out
        client = plain_client(dovecot.port)()
        imap = client._imap
        send = imap._command

        def command(name, *args):
            if name == "UID" and args and args[0] == "FETCH" and not killed:
                killed.append(" ".join(map(str, args))[:40])
                dovecot.kill()
            return send(name, *args)

        imap._command = command
        return client

    warnings: list[str] = []
    config = load_config(imap_config(corpus_dir, dovecot, sync=False))
    context = Context.from_config(config, warn=warnings.append)
    context.cache_dir = tmp_path / "cache"
    source = next(s for s in config.sources if s.type == "imap")
    now = [0.0]
    imap = ImapConnector(source, context, client_factory=make, password=lambda: PASSWORD, clock=lambda: now[0])
    assert answer(corpus_dir, imap, 5, names, warnings) == []   # mail is needed: nothing from it
    assert killed and killed[0].startswith("FETCH")
    assert len(warnings) == 1, warnings
    line = warnings[0]
    assert line.startswith(f"imap source {USER}@127.0.0.1: the connection to 127.0.0.1:{dovecot.port} failed (")
    assert line.endswith("check that the server is up and reachable, then ask again; this source answers nothing "
                         "for this question") and "\n" not in line
    # the calendar and the files answer, and the dead server is not asked again meanwhile
    now[0] += 1
    assert answer(corpus_dir, imap, 4, names, warnings) == expected[4]
    assert len(warnings) == 1
    now[0] += 10   # a later question (the web app's engine lives on) is told again, the server still not asked
    assert answer(corpus_dir, imap, 1, names, warnings) == []
    assert warnings == [line, line]
    assert len(killed) == 1
    imap.close()
    # once the server is back, the next question asks it again and is right
    dovecot.start()
    back = ImapConnector(source, context, client_factory=plain_client(dovecot.port), password=lambda: PASSWORD)
    assert answer(corpus_dir, back, 5, names, warnings) == expected[5]
    back.close()
    assert len(warnings) == 2


NESTED = (b"From: Ana <ana@example.com>\nTo: alex@example.org\nSubject: =?utf-8?q?Caf=C3=A9?= notes\n"
          b"Message-ID: <nested@example.com>\nDate: Mon, 2 Mar 2026 09:00:00 +0100\nMIME-Version: 1.0\n"
          b"Content-Type: multipart/mixed; boundary=\"outer\"\n\n"
          b"--outer\nContent-Type: multipart/alternative; boundary=\"alt\"\n\n"
          b"--alt\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
          b"Caf=C3=A9 menu at https://cafe.example.com/menu?a=1&b=2.\n"
          b"--alt\nContent-Type: text/html; charset=utf-8\n\n<p><a href=\"https://cafe.example.com/html?x=1&amp;y=2\">x</a></p>\n"
          b"--alt--\n"
          b"--outer\nContent-Type: text/plain; name=\"notes.txt\"\nContent-Disposition: attachment; "
          b"filename*=utf-8''r%C3%A9sum%C3%A9.txt\n\nplain attached text, not to be fetched\n"
          b"--outer\nContent-Type: application/octet-stream; name=\"=?utf-8?q?Pl=C3=A4n?=.bin\"\n\nAAAA\n"
          b"--outer\nContent-Type: message/rfc822\n\n"
          b"From: Bo <bo@example.com>\nSubject: inner\nContent-Type: multipart/mixed; boundary=\"in\"\n\n"
          b"--in\nContent-Type: text/plain\n\nforwarded www.inner.example.org\n"
          b"--in\nContent-Type: application/pdf\nContent-Disposition: attachment;\n filename*0=\"Long \";\n"
          b" filename*1=\"Plan.pdf\"\nContent-Transfer-Encoding: base64\n\nJVBERi0xLjQK\n--in--\n"
          b"--outer--\n")


def test_names_links_and_texts_of_nested_mail_come_from_the_structure_alone(tmp_path):
    server = Dovecot(DOVECOT).start()
    try:
        server.deliver(NESTED)
        server.deliver(b"From: Cy <cy@example.com>\nTo: alex@example.org\nSubject: cafe  plans\n"
                       b"Message-ID: <plain@example.com>\nDate: Tue, 3 Mar 2026 09:00:00 +0000\n\nno links\n")
        single = (b"From: Di <di@example.com>\nTo: alex@example.org\nSubject: one part\nMessage-ID: <single@example.com>\n"
                  b"Date: Wed, 4 Mar 2026 09:00:00 +0000\nContent-Type: text/html; charset=iso-8859-1\n"
                  b"Content-Transfer-Encoding: quoted-printable\n\n<p>Caf=E9 <a href=3D\"https://single.example.com/p=\n"
                  b"age\">here</a></p>\n")
        server.deliver(single)
        log, warnings = CommandLog(), []
        config = SourceConfig("imap", {"host": "127.0.0.1", "port": server.port, "user": USER, "tls": False})
        context = Context("Alex", frozenset({SELF}), load_config(None).tz, date(2026, 3, 20), tmp_path / "cache",
                          warn=warnings.append)
        imap = ImapConnector(config, context, client_factory=log.factory(plain_client(server.port)),
                             password=lambda: PASSWORD)
        direct = parse_message(NESTED, "direct", warnings.append)
        files = sorted(i.key for i in imap.find(EntityType.FILE, []))
        assert files == sorted(name for name, _sha, _size in direct.attachments) == \
            ["Long Plan.pdf", "Plän.bin", "résumé.txt"]
        from queryweaver.connector import Selection
        from queryweaver.items import Item
        email = Item(EntityType.EMAIL, "<nested@example.com>", {})
        links = list(imap.email_mentions_url_webpage(Selection(EntityType.EMAIL, {email.key: email})))
        assert [item.key for _k, item in links] == direct.urls
        assert "https://cafe.example.com/html?x=1&y=2" in direct.urls
        pages = list(imap.webpage_mentions_url_email(Selection(EntityType.WEBPAGE, {u: Item(EntityType.WEBPAGE, u, {})
                                                                                     for u in direct.urls})))
        assert {(url, item.key) for url, item in pages} == {(u, "<nested@example.com>") for u in direct.urls}
        # a subject in another script, searched in UTF-8; runs of spaces in a subject do not hide it
        assert [i.key for i in imap.find(EntityType.EMAIL, [_flt("subject", "CAFÉ notes")])] == ["<nested@example.com>"]
        assert [i.key for i in imap.find(EntityType.EMAIL, [_flt("subject", "cafe plans")])] == ["<plain@example.com>"]
        # a message of one part: its type, charset and encoding come from BODYSTRUCTURE too
        one = parse_message(single, "direct", warnings.append)
        pages = sorted(i.key for i in imap.find(EntityType.WEBPAGE, []))
        assert one.urls == ["https://single.example.com/page"] and set(one.urls) | set(direct.urls) == set(pages)
        assert [i.key for i in imap.find(EntityType.EMAIL, [_flt("content", "CAFÉ here")])] == ["<single@example.com>"]
        text = imap.read_text(EntityType.EMAIL, "<nested@example.com>")
        assert "Café menu at https://cafe.example.com/menu" in text
        imap.close()
        fetched = " ".join(line for line in log.lines if line.startswith("UID FETCH"))
        # the attachments' content and MIME headers were never fetched: names came from BODYSTRUCTURE
        assert "BODY.PEEK[1.1]" in fetched and "BODY.PEEK[2]" not in fetched and "MIME]" not in fetched
        assert "BODY.PEEK[3]" not in fetched and "BODY.PEEK[4.2]" not in fetched and "BODY.PEEK[]" not in fetched
        assert "CONTENT-TYPE" not in fetched and "BODY.PEEK[TEXT]" in fetched   # MIME fields from the structure
        assert not warnings
    finally:
        server.close()


def _flt(field, value):
    from queryweaver.graph import FilterConstraint
    return FilterConstraint(kind="filter", var="x", field=field, op="=", value=value)
