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

from connectors.imap import ImapConnector, any_of, date_criterion, url_piece
from connectors.imap_mirror import ImapMirrorConnector
from connectors.mailstore import parse_message
from queryweaver.config import SourceConfig, load_config
from queryweaver.connector import Context
from queryweaver.corpus import generate_corpus, choose_names, expected_answers, oracle_keys
from queryweaver.engine import Engine
from queryweaver.graph import QueryGraph
from queryweaver.items import DateRange
from queryweaver.paper_graphs import paper_graphs
from queryweaver.schema import EntityType
from tests.imap_server import PASSWORD, USER, CommandLog, Dovecot, build_maildir, dovecot_binary, plain_client
from tests.test_imap import imap_config, run_questions

DOVECOT = dovecot_binary()
pytestmark = pytest.mark.skipif(DOVECOT is None, reason="dovecot is not installed (apt-get install dovecot-imapd)")
SELF = "alex@example.org"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("imap-live-corpus") / "corpus"
    facts = generate_corpus(out, emails=600, events=100, files=200, seed=11, today=date(2026, 3, 20))
    names = choose_names(facts)
    build_maildir(out / "mail.mbox", out.parent / "Maildir", {SELF})  # each test's server starts from a copy
    return out, names, expected_answers(facts, names)


@pytest.fixture
def dovecot(corpus):
    server = Dovecot(DOVECOT)
    server.load(corpus[0].parent / "Maildir")
    server.start()
    yield server
    server.close()


def live(corpus_dir: Path, server: Dovecot, log: CommandLog, cache: Path, warnings: list[str],
         **options) -> ImapConnector:
    config = load_config(imap_config(corpus_dir, server))
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
    config = imap_config(corpus_dir, dovecot, name="live.toml")
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
    # the CLI's live cache: nothing of the account was mirrored, only the matches were fetched
    assert not list((tmp_path / "cache").rglob("*imap*:*")) if (tmp_path / "cache").exists() else True


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
