"""The imap source's mirror (``sync = true``) against a real Dovecot on 127.0.0.1, loaded with the generated corpus.

The paper's questions must give through IMAP exactly what they give through the mbox the corpus was written
as; a sync must be incremental (with CONDSTORE: one STATUS per unchanged folder, nothing fetched for a change of
flags), resumable after the server dies mid-way, and start a folder over when its UIDVALIDITY changes; a
refused login or a vanished server is one warning line while the other sources (and the mirror, when there is
one) still answer. Live mode, the default, is tested in test_imap_live.py.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from connectors.imap import ImapConnector
from connectors.imap_mirror import ImapMirrorConnector
from connectors.mailstore import parse_message
from queryweaver.config import SourceConfig, load_config
from queryweaver.connector import Context
from tests.corpus import choose_names, expected_answers, generate_corpus, oracle_keys
from queryweaver.engine import Engine
from queryweaver.errors import AuthError, ConfigError, ConnectorError
from queryweaver.graph import QueryGraph
from queryweaver.paper_graphs import paper_graphs
from queryweaver.schema import EntityType
from tests.imap_server import (PASSWORD, USER, CommandLog, Dovecot, build_maildir, dovecot_binary, plain_client,
                                self_signed_certificate)

DOVECOT = dovecot_binary()
pytestmark = pytest.mark.skipif(DOVECOT is None, reason="dovecot is not installed (apt-get install dovecot-imapd)")
SELF = "alex@example.org"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("imap-corpus") / "corpus"
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


@pytest.fixture
def empty_dovecot():
    server = Dovecot(DOVECOT).start()
    yield server
    server.close()


def imap_config(corpus_dir: Path, server: Dovecot, name: str = "imap.toml", sync: bool = True, **extra: str) -> Path:
    """The corpus config with its mbox source replaced by the Dovecot account (mirrored unless ``sync`` is False)."""
    lines = [f'type = "imap"', 'host = "127.0.0.1"', f"port = {server.port}", f'user = "{USER}"', "tls = false",
             'password_env = "QW_TEST_IMAP_PASSWORD"'] + (["sync = true"] if sync else []) + \
        [f"{k} = {v}" for k, v in extra.items()]
    text = (corpus_dir / "config.toml").read_text()
    text = text.replace('type = "mbox"\npath = "mail.mbox"', "\n".join(lines))
    path = corpus_dir / name
    path.write_text(text)
    return path


def run_questions(cli, tmp_path, names, config, env, numbers=range(1, 8)):
    results = {}
    for query in paper_graphs(**names):
        if query.number not in numbers:
            continue
        graph = tmp_path / f"q{query.number}.json"
        graph.write_text(json.dumps(query.graph))
        results[query.number] = cli("run", str(graph), "--json", "--config", str(config), env=env)
    return results


def test_the_paper_questions_answer_alike_through_imap_and_the_mbox(cli, tmp_path, corpus, dovecot):
    corpus_dir, names, expected = corpus
    config = imap_config(corpus_dir, dovecot)
    env = {"QW_TEST_IMAP_PASSWORD": PASSWORD}
    through_imap = run_questions(cli, tmp_path, names, config, env)
    through_mbox = run_questions(cli, tmp_path, names, corpus_dir / "config.toml", {})
    for number in range(1, 8):
        imap_out, mbox_out = through_imap[number], through_mbox[number]
        assert imap_out.code == 0, imap_out.stderr
        assert "warning" not in imap_out.stderr
        imap_keys = oracle_keys(number, imap_out.json()["result"]["items"], corpus_dir / "files")
        mbox_keys = oracle_keys(number, mbox_out.json()["result"]["items"], corpus_dir / "files")
        assert imap_keys == expected[number], f"Q{number}"
        assert imap_keys == mbox_keys, f"Q{number}"
    assert sum(1 for v in expected.values() if v) >= 6


def connector(corpus_dir: Path, server: Dovecot, log: CommandLog, cache: Path, warnings: list[str],
              password: str = PASSWORD, **kw) -> ImapConnector:
    config = load_config(imap_config(corpus_dir, server))
    context = Context.from_config(config, warn=warnings.append)
    context.cache_dir = cache
    source = next(s for s in config.sources if s.type == "imap")
    imap = ImapConnector(source, context, client_factory=log.factory(plain_client(server.port)),
                         password=lambda: password, **kw)
    assert type(imap) is ImapMirrorConnector
    return imap


def answer(corpus_dir: Path, imap: ImapConnector, number: int, names) -> list[str]:
    """One paper question through an engine whose mail source is ``imap`` (other sources as configured)."""
    config = load_config(corpus_dir / "config.toml")
    with Engine(config) as engine:
        others = [c for c in engine.connectors if c.name != "mbox"]
        query = paper_graphs(**names)[number - 1]
        result = Engine(config, connectors=[imap, *others]).run(QueryGraph.parse(query.graph))
        return oracle_keys(number, [i.output() for i in result.items], corpus_dir / "files")


def test_a_warm_sync_costs_one_status_per_folder_and_new_mail_is_fetched_alone(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = connector(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    first = imap.refresh_index()
    assert first.parsed == 600 and first.removed == 0
    assert log.count("UID FETCH") >= 2
    log.clear()
    second = imap.refresh_index()
    assert (second.parsed, second.reused) == (0, 2)  # INBOX and Sent, untouched
    assert log.commands == ["LOGIN", "LIST", "STATUS", "STATUS", "LOGOUT"]

    inbox = dovecot.folder()
    dropped = next(iter(inbox.iterkeys()))
    dropped_id = inbox[dropped]["Message-ID"].strip()
    inbox.remove(dropped)
    for n in range(3):
        dovecot.deliver(b"From: Sam New <sam.new@example.net>\nTo: alex@example.org\nSubject: fresh %d\n"
                        b"Message-ID: <fresh-%d@example.net>\nDate: Thu, 19 Mar 2026 10:00:00 +0000\n\n"
                        b"see https://fresh.example.net/%d\n" % (n, n, n))
    log.clear()
    third = imap.refresh_index()
    assert (third.parsed, third.removed) == (3, 1)
    assert log.count("UID FETCH") == 2  # headers + structure, then the three text parts: one batch
    keys = {r[0] for r in imap._index.conn.execute("SELECT message_id FROM messages")}
    assert {"<fresh-0@example.net>", "<fresh-2@example.net>"} <= keys and dropped_id not in keys
    assert answer(corpus_dir, imap, 4, names) == expected[4]
    assert not warnings


def test_with_condstore_a_warm_sync_asks_highestmodseq_and_a_change_of_flags_fetches_nothing(corpus, dovecot,
                                                                                             tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = connector(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    imap.refresh_index()
    conn = imap._index.conn
    before = dict(conn.execute("SELECT i.path, f.highestmodseq FROM imap_folders f JOIN inputs i ON i.id = f.input"))
    assert all(before.values())   # Dovecot has CONDSTORE: each folder's HIGHESTMODSEQ is kept
    log.clear()
    assert imap.refresh_index().reused == 2
    assert log.commands == ["LOGIN", "LIST", "STATUS", "STATUS", "LOGOUT"]
    assert all("HIGHESTMODSEQ" in line for line in log.lines if line.startswith("STATUS"))

    dovecot.set_flags([1, 2, 3], [b"\\Flagged", b"\\Seen"])   # INBOX: new MODSEQs, the same messages
    log.clear()
    report = imap.refresh_index()
    assert (report.parsed, report.removed, report.reused) == (0, 0, 2)
    assert log.commands == ["LOGIN", "LIST", "STATUS", "STATUS", "LOGOUT"]   # no SEARCH, no FETCH
    after = dict(conn.execute("SELECT i.path, f.highestmodseq FROM imap_folders f JOIN inputs i ON i.id = f.input"))
    assert after["INBOX"] > before["INBOX"] and after["Sent"] == before["Sent"]
    assert answer(corpus_dir, imap, 1, names) == expected[1]
    assert not warnings


def test_without_condstore_the_uid_ranges_say_what_changed(corpus, tmp_path):
    corpus_dir, names, expected = corpus
    server = Dovecot(DOVECOT, capabilities="IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE IDLE UIDPLUS")
    server.load(corpus_dir.parent / "Maildir")
    server.start()
    try:
        log, warnings = CommandLog(), []
        imap = connector(corpus_dir, server, log, tmp_path / "cache", warnings)
        assert imap.refresh_index().parsed == 600
        assert not any("HIGHESTMODSEQ" in line for line in log.lines)
        server.set_flags([1, 2], [b"\\Flagged"])
        log.clear()
        assert imap.refresh_index().reused == 2
        assert log.commands == ["LOGIN", "LIST", "STATUS", "STATUS", "LOGOUT"]
        server.deliver(b"From: Sam New <sam.new@example.net>\nTo: alex@example.org\nSubject: fresh\n"
                       b"Message-ID: <fresh-uid@example.net>\nDate: Thu, 19 Mar 2026 10:00:00 +0000\n\nhi\n")
        log.clear()
        report = imap.refresh_index()
        assert (report.parsed, report.reused) == (1, 1)
        assert log.count("UID SEARCH") == 1 and any("UID SEARCH UID" in line for line in log.lines)  # above the last UID
        assert answer(corpus_dir, imap, 1, names) == expected[1]
        assert not warnings
    finally:
        server.close()


def test_a_mirror_made_before_condstore_is_kept_and_gains_its_modseq(corpus, dovecot, tmp_path):
    log, warnings = CommandLog(), []
    imap = connector(corpus[0], dovecot, log, tmp_path / "cache", warnings)
    imap.refresh_index()
    conn = imap._index.conn
    conn.execute("ALTER TABLE imap_folders DROP COLUMN highestmodseq")   # as the mirror was written before
    conn.commit()
    report = imap.refresh_index()
    assert report.parsed == 0 and report.reused == 2
    assert all(r[0] for r in conn.execute("SELECT highestmodseq FROM imap_folders"))
    assert not warnings


def test_a_sync_killed_with_the_server_keeps_its_batches_and_resumes(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = connector(corpus_dir, dovecot, log, tmp_path / "cache", warnings, batch=100)
    fetch = imap._fetch_batch
    calls = []

    def fetch_then_die(*args):
        if len(calls) == 2:
            dovecot.kill()  # mid-sync: two batches are in, the third meets a dead server
        calls.append(args)
        return fetch(*args)

    imap._fetch_batch = fetch_then_die
    with pytest.raises(ConnectorError) as failed:
        imap.refresh_index()
    message = str(failed.value)
    assert message.startswith(f"imap source {USER}@127.0.0.1: the connection to 127.0.0.1:{dovecot.port} failed")
    assert "run `queryweaver index` again" in message and "\n" not in message
    kept = imap._index.conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    assert kept == sum(len(uids) for *_, uids in calls[:2]) >= 163  # the two batches fetched before the kill

    dovecot.start()
    imap._fetch_batch = fetch
    resumed = imap.refresh_index()
    assert resumed.parsed == 600 - kept  # only what the killed sync had not stored
    assert imap._index.conn.execute("SELECT count(*) FROM messages").fetchone()[0] == 600
    for number in (1, 3, 7):
        assert answer(corpus_dir, imap, number, names) == expected[number], f"Q{number}"


def test_a_renumbered_folder_is_fetched_again_with_one_warning(corpus, dovecot, tmp_path):
    corpus_dir, names, expected = corpus
    log, warnings = CommandLog(), []
    imap = connector(corpus_dir, dovecot, log, tmp_path / "cache", warnings)
    imap.refresh_index()
    sent = imap._index.conn.execute("SELECT count(*) FROM messages m JOIN inputs i ON i.id = m.input "
                                    "WHERE i.path = 'Sent'").fetchone()[0]
    dovecot.stop()
    dovecot.renumber()
    dovecot.start()
    again = imap.refresh_index()
    assert again.parsed == 600 - sent and again.reused == 1
    assert len(warnings) == 1
    assert warnings[0].startswith(f"imap source {USER}@127.0.0.1: folder 'INBOX' was renumbered by the server")
    assert imap._index.conn.execute("SELECT count(*) FROM messages").fetchone()[0] == 600
    assert answer(corpus_dir, imap, 1, names) == expected[1]


@pytest.mark.parametrize("sync", [True, False], ids=["mirror", "live"])
def test_a_refused_login_is_one_line_and_the_other_sources_still_answer(cli, tmp_path, corpus, dovecot, sync):
    corpus_dir, names, expected = corpus
    config = imap_config(corpus_dir, dovecot, sync=sync)
    bad = {"QW_TEST_IMAP_PASSWORD": "not-the-password"}
    out = run_questions(cli, tmp_path, names, config, bad, numbers=(4,))[4]
    assert out.code == 0, out.stderr
    assert oracle_keys(4, out.json()["result"]["items"], corpus_dir / "files") == expected[4]
    lines = [line for line in out.stderr.splitlines() if "imap" in line]
    assert len(lines) == 1
    assert lines[0].startswith(f"warning: imap source {USER}@127.0.0.1: the server refused the login")
    assert "check 'user' and the password" in lines[0] and "answers nothing" in lines[0]

    if not sync:  # live mode has no index to build: asking is what meets the server
        unset = run_questions(cli, tmp_path, names, config, {"QW_TEST_IMAP_PASSWORD": ""}, numbers=(1,))[1]
        assert unset.code == 0 and unset.json()["result"]["items"] == []
        assert "no password found" in unset.stderr and "QW_TEST_IMAP_PASSWORD" in unset.stderr
        return
    index = cli("index", "--config", str(config), env=bad)
    assert index.code != 0
    assert "the server refused the login" in index.stderr

    unset = cli("index", "--config", str(config), env={"QW_TEST_IMAP_PASSWORD": ""})
    assert unset.code != 0
    assert "no password found" in unset.stderr and "QW_TEST_IMAP_PASSWORD" in unset.stderr


def test_the_mirror_answers_when_the_server_is_gone(cli, tmp_path, corpus, dovecot):
    corpus_dir, names, expected = corpus
    config = imap_config(corpus_dir, dovecot)
    env = {"QW_TEST_IMAP_PASSWORD": PASSWORD}
    assert cli("index", "--config", str(config), env=env).code == 0
    dovecot.kill()
    out = run_questions(cli, tmp_path, names, config, env, numbers=(1, 7))
    for number in (1, 7):
        assert out[number].code == 0, out[number].stderr
        got = oracle_keys(number, out[number].json()["result"]["items"], corpus_dir / "files")
        assert got == expected[number]
        lines = [line for line in out[number].stderr.splitlines() if line.startswith("warning:")]
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"warning: imap source {USER}@127.0.0.1: cannot connect to 127.0.0.1:{dovecot.port}")
        assert lines[0].endswith("check 'host' and 'port' and that the server is reachable; answering from the "
                                 "local mirror as last synced")


def test_a_server_certificate_the_client_does_not_trust_is_one_line_and_nothing_is_sent(cli, tmp_path, corpus):
    corpus_dir, names, expected = corpus
    server = Dovecot(DOVECOT, certificate=self_signed_certificate(tmp_path / "tls"))
    server.load(corpus_dir.parent / "Maildir")
    server.start()
    try:
        lines = [f'type = "imap"', 'host = "127.0.0.1"', f"port = {server.tls_port}", f'user = "{USER}"',
                 "tls = true", 'password_env = "QW_TEST_IMAP_PASSWORD"', "sync = true"]
        config = corpus_dir / "imap-tls.toml"
        config.write_text((corpus_dir / "config.toml").read_text().replace(
            'type = "mbox"\npath = "mail.mbox"', "\n".join(lines)))
        env = {"QW_TEST_IMAP_PASSWORD": PASSWORD}
        out = run_questions(cli, tmp_path, names, config, env, numbers=(1, 4))
        assert out[4].code == 0 and oracle_keys(4, out[4].json()["result"]["items"], corpus_dir / "files") == \
            expected[4]  # the calendar and the files still answer
        assert out[1].code == 0 and out[1].json()["result"]["items"] == []
        warnings = [line for line in out[1].stderr.splitlines() if line.startswith("warning:")]
        assert len(warnings) == 1, warnings
        assert warnings[0].startswith(f"warning: imap source {USER}@127.0.0.1: the TLS certificate of "
                                      f"127.0.0.1:{server.tls_port} is not trusted (self-signed certificate)")
        assert "SSL_CERT_FILE" in warnings[0] and warnings[0].endswith("answers nothing")
        logins = [line for line in server.read_log().splitlines() if "imap-login:" in line]
        assert all("no auth attempts" in line for line in logins)  # the password never left the client
        assert any("alert unknown ca" in line for line in logins)    # the client refused the certificate
        index = cli("index", "--config", str(config), env=env)
        assert index.code != 0 and "is not trusted" in index.stderr
        # the fix the line names: once the client trusts the certificate, the same server is mirrored over TLS
        trusted = cli("run", str(tmp_path / "q1.json"), "--json", "--config", str(config),
                      env={**env, "SSL_CERT_FILE": str(tmp_path / "tls" / "cert.pem")})
        assert trusted.code == 0 and "warning" not in trusted.stderr, trusted.stderr
        assert oracle_keys(1, trusted.json()["result"]["items"], corpus_dir / "files") == expected[1]
    finally:
        server.close()


def test_nested_parts_forwarded_mail_and_attachments_read_as_from_a_file(empty_dovecot, tmp_path):
    dovecot = empty_dovecot
    raw = (b"From: Ana <ana@example.com>\nTo: alex@example.org\nSubject: =?utf-8?q?Caf=C3=A9?= notes\n"
           b"Message-ID: <nested@example.com>\nDate: Mon, 2 Mar 2026 09:00:00 +0100\nMIME-Version: 1.0\n"
           b"Content-Type: multipart/mixed; boundary=\"outer\"\n\n"
           b"--outer\nContent-Type: multipart/alternative; boundary=\"alt\"\n\n"
           b"--alt\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
           b"Caf=C3=A9 menu at https://cafe.example.com/menu.\n"
           b"--alt\nContent-Type: text/html; charset=utf-8\n\n<p><a href=\"https://cafe.example.com/html\">x</a></p>\n"
           b"--alt--\n"
           b"--outer\nContent-Type: text/plain; name=\"notes.txt\"\nContent-Disposition: attachment; "
           b"filename*=utf-8''r%C3%A9sum%C3%A9.txt\n\nplain attached text, not to be fetched\n"
           b"--outer\nContent-Type: message/rfc822\n\n"
           b"From: Bo <bo@example.com>\nSubject: inner\nContent-Type: multipart/mixed; boundary=\"in\"\n\n"
           b"--in\nContent-Type: text/plain\n\nforwarded www.inner.example.org\n"
           b"--in\nContent-Type: application/pdf\nContent-Disposition: attachment; filename=\"Plan.pdf\"\n"
           b"Content-Transfer-Encoding: base64\n\nJVBERi0xLjQK\n--in--\n"
           b"--outer--\n")
    dovecot.deliver(raw)
    log, warnings = CommandLog(), []
    config = SourceConfig("imap", {"host": "127.0.0.1", "port": dovecot.port, "user": USER, "tls": False,
                                   "folders": ["INBOX"], "sync": True})
    context = Context("Alex", frozenset({SELF}), load_config(None).tz, date(2026, 3, 20), tmp_path / "cache",
                      warn=warnings.append)
    imap = ImapConnector(config, context, client_factory=log.factory(plain_client(dovecot.port)),
                         password=lambda: PASSWORD)
    imap.refresh_index()
    row = imap._index.conn.execute("SELECT * FROM messages WHERE message_id = '<nested@example.com>'").fetchone()
    conn = imap._index.conn
    body = conn.execute("SELECT text FROM bodies WHERE msg = ?", (row["id"],)).fetchone()[0]
    urls = [r[0] for r in conn.execute("SELECT url FROM urls WHERE msg = ?", (row["id"],))]
    files = [r[0] for r in conn.execute("SELECT filename FROM attachments WHERE msg = ?", (row["id"],))]
    direct = parse_message(raw, "direct", warnings.append)
    assert (row["subject"], body, urls) == (direct.subject, direct.body, direct.urls)
    assert files == [name for name, _sha, _size in direct.attachments] == ["résumé.txt", "Plan.pdf"]
    assert "not to be fetched" not in body
    assert not warnings
    # the attached text part's MIME header was fetched, its content never
    fetched = " ".join(line for line in log.lines if line.startswith("UID FETCH"))
    assert "BODY.PEEK[2.MIME]" in fetched and "BODY.PEEK[1.1]" in fetched and "BODY.PEEK[2]" not in fetched
    # opening the email's text fetches that one message whole
    text = imap.read_text(EntityType.EMAIL, "<nested@example.com>")
    assert "Café menu at https://cafe.example.com/menu." in text


def test_a_folder_missing_on_the_server_is_one_warning_and_the_rest_is_mirrored(dovecot, tmp_path):
    warnings: list[str] = []
    config = SourceConfig("imap", {"host": "127.0.0.1", "port": dovecot.port, "user": USER, "tls": False,
                                   "folders": ["Gone", "Sent"], "sync": True})
    context = Context("Alex", frozenset({SELF}), load_config(None).tz, date(2026, 3, 20), tmp_path / "cache",
                      warn=warnings.append)
    imap = ImapConnector(config, context, client_factory=plain_client(dovecot.port), password=lambda: PASSWORD)
    report = imap.refresh_index()
    assert report.parsed > 0
    assert len(warnings) == 1
    assert warnings[0].startswith(f"imap source {USER}@127.0.0.1: folder 'Gone' cannot be read")
    assert warnings[0].endswith("fix 'folders' in its [[sources]] entry")


def test_bad_imap_configs_are_one_line_each(tmp_path):
    context = Context("Alex", frozenset({SELF}), load_config(None).tz, date(2026, 3, 20), tmp_path)
    cases = [
        ({"host": "imap.example.com", "user": "a", "password": "hunter2"}, "must not hold its password"),
        ({"user": "a"}, "needs 'host'"),
        ({"host": "imap.example.com", "user": "a", "tls": False}, "refusing to send a password unencrypted"),
        ({"host": "imap.example.com", "user": "a", "tls": True, "starttls": True}, "not both"),
    ]
    for options, expected in cases:
        with pytest.raises(ConfigError) as err:
            ImapConnector(SourceConfig("imap", options), context)
        assert expected in str(err.value) and "\n" not in str(err.value)


def test_wrong_password_raises_auth_error_naming_the_source(corpus, dovecot, tmp_path):
    log, warnings = CommandLog(), []
    imap = connector(corpus[0], dovecot, log, tmp_path / "cache", warnings, password="wrong")
    with pytest.raises(AuthError) as err:
        imap.refresh_index()
    assert str(err.value).startswith(f"imap source {USER}@127.0.0.1: the server refused the login")


def test_a_search_answer_longer_than_imaplibs_line_limit_is_read(tmp_path):
    """A UID SEARCH over 250,000 messages answers with one line of more than 1 MB, past imaplib's own limit
    (_MAXLINE): with the connector loaded, imapclient reads it whole. A server on 127.0.0.1 that answers one such
    line (no IMAP server here holds enough mail for it in a test's time)."""
    import socket
    import threading

    import connectors.imap as imap_module
    from imapclient import IMAPClient

    uids = list(range(1, 300_001))  # "* SEARCH 1 2 ... 300000": about 2 MB
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = listener.accept()
        out = conn.makefile("rwb")
        out.write(b"* OK IMAP4rev1 ready\r\n")
        out.flush()
        for line in out:
            tag, command = line.split(b" ", 2)[:2]
            command = command.strip().upper()
            if command == b"CAPABILITY":
                out.write(b"* CAPABILITY IMAP4rev1\r\n")
            elif command == b"UID":
                out.write(b"* SEARCH " + " ".join(map(str, uids)).encode() + b"\r\n")
            elif command == b"SELECT":
                out.write(b"* 300000 EXISTS\r\n* OK [UIDVALIDITY 1] ok\r\n")
            elif command == b"LOGOUT":
                out.write(b"* BYE bye\r\n")
            out.write(tag + b" OK done\r\n")
            out.flush()
            if command == b"LOGOUT":
                break
        conn.close()

    threading.Thread(target=serve, daemon=True).start()
    assert imap_module.imaplib._MAXLINE >= imap_module.MAX_RESPONSE_LINE
    client = IMAPClient("127.0.0.1", port=listener.getsockname()[1], ssl=False, timeout=10)
    client._imap.state = "AUTH"  # no LOGIN needed by this server
    client.select_folder("INBOX", readonly=True)
    assert client.search(["ALL"]) == uids
    client.logout()
    listener.close()
