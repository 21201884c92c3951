"""The generated question corpus through a real Dovecot (IMAP) and a real Radicale (CalDAV) at once.

The corpus's mail is loaded into Dovecot (the user's own mail in Sent, the rest in INBOX) and its calendar
into Radicale (one resource per event); a config whose mail and calendar are those two accounts (the mail
mirrored with ``sync = true``, or asked live, the default) must answer
the paper's seven questions and a sample of the corpus questions of every shape, read by the offline rules
reader against the mirrors' own lexicon, exactly as the plain mbox/.ics config does (issue 11, "Done when");
and the gold graph of every corpus question gives the stored answer (the generator's facts) through the
mirrors, as through the files, and a sample of them per shape does so asked live.
"""

from __future__ import annotations

import pytest

import corpus_questions as cq
from queryweaver.config import load_config
from queryweaver.engine import Engine
from tests.caldav_server import PASSWORD as CALDAV_PASSWORD
from tests.caldav_server import USER as CALDAV_USER
from tests.caldav_server import Radicale
from tests.imap_server import PASSWORD as IMAP_PASSWORD
from tests.imap_server import USER as IMAP_USER
from tests.imap_server import Dovecot, build_maildir, dovecot_binary

DOVECOT = dovecot_binary()
pytestmark = pytest.mark.skipif(DOVECOT is None, reason="dovecot is not installed (apt-get install dovecot-imapd)")
SELF = {"alex@example.org", "alex.morgan@home.example"}
QUESTIONS = cq.sample(per_shape=5)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("servers")
    out, names, expected, plain = cq.plain_corpus(root, QUESTIONS)
    build_maildir(out / "mail.mbox", root / "Maildir", SELF)
    return out, names, expected, plain, root / "Maildir"


@pytest.fixture
def servers(corpus):
    dovecot = Dovecot(DOVECOT)
    radicale = Radicale()
    try:
        dovecot.load(corpus[4])
        dovecot.start()
        radicale.load_ics(corpus[0] / "calendar.ics")
        radicale.start()
        yield dovecot, radicale
    finally:
        dovecot.close()
        radicale.close()


def servers_config(corpus_dir, dovecot, radicale, mode, tmp_path, monkeypatch):
    """The corpus's config with its mbox and .ics replaced by the IMAP and CalDAV accounts holding them."""
    text = (corpus_dir / "config.toml").read_text()
    text = text.replace('type = "mbox"\npath = "mail.mbox"', "\n".join([
        'type = "imap"', 'host = "127.0.0.1"', f"port = {dovecot.port}", f'user = "{IMAP_USER}"', "tls = false",
        'password_env = "QW_TEST_IMAP_PASSWORD"'] + (["sync = true"] if mode == "mirror" else [])))
    text = text.replace('type = "ics"\npath = "calendar.ics"', "\n".join([
        'type = "caldav"', f'url = "{radicale.url}"', f'user = "{CALDAV_USER}"',
        'password_env = "QW_TEST_CALDAV_PASSWORD"']))
    assert 'type = "imap"' in text and 'type = "caldav"' in text and "mail.mbox" not in text
    (corpus_dir / f"servers-{mode}.toml").write_text(text)
    monkeypatch.setenv("QW_TEST_IMAP_PASSWORD", IMAP_PASSWORD)
    monkeypatch.setenv("QW_TEST_CALDAV_PASSWORD", CALDAV_PASSWORD)
    config = load_config(corpus_dir / f"servers-{mode}.toml")
    config.cache_dir_setting = str(tmp_path / "cache")
    return config


@pytest.mark.parametrize("mode", ["mirror", "live"])
def test_the_corpus_questions_answer_alike_through_imap_and_caldav_and_the_files(corpus, servers, tmp_path,
                                                                               monkeypatch, mode):
    corpus_dir, names, expected, plain, _maildir = corpus
    config = servers_config(corpus_dir, *servers, mode, tmp_path, monkeypatch)
    files = (corpus_dir / "files").resolve()
    warnings: list[str] = []
    with Engine(config, warn=warnings.append) as engine:
        assert sorted(c.name for c in engine.connectors) == ["caldav", "files", "imap"]
        assert cq.paper_answers(engine, names, files) == expected
        got = cq.answers(engine, config, QUESTIONS, files)
    assert warnings == []
    read_right = [q["id"] for q in QUESTIONS if plain[q["id"]][0]]
    assert len(read_right) >= len(QUESTIONS) * 0.8
    assert {q: got[q] for q in read_right} == {q: plain[q] for q in read_right}
    assert len({q["shape"] for q in QUESTIONS if q["id"] in read_right}) >= 28


@pytest.mark.parametrize("mode", ["mirror", "live"])
def test_every_gold_graph_of_the_corpus_set_gives_the_stored_answer_through_the_servers(corpus, servers, tmp_path,
                                                                                      monkeypatch, mode):
    corpus_dir = corpus[0]
    config = servers_config(corpus_dir, *servers, mode, tmp_path, monkeypatch)
    # the mirror answers locally, so every distinct graph; live asks the server, so three per shape
    questions = cq.distinct_gold() if mode == "mirror" else cq.distinct_gold(per_shape=3)
    assert len(questions) > (1000 if mode == "mirror" else 100)
    warnings: list[str] = []
    with Engine(config, warn=warnings.append) as engine:
        wrong = cq.gold_mismatches(engine, questions, (corpus_dir / "files").resolve())
    assert warnings == []
    assert wrong == []
