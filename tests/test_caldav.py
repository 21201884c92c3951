"""The caldav source against a real Radicale on 127.0.0.1, loaded with the generated corpus's calendar.

The calendar questions must answer through CalDAV exactly as through the .ics file; a refresh uses the sync
token (only changed resources fetched, removed ones dropped); a refused login or a wrong URL is one line,
while the mail and file sources (and the mirror, once there is one) still answer.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import icalendar
import pytest

from connectors.caldav import CaldavConnector
from queryweaver.config import SourceConfig, load_config
from queryweaver.connector import Context
from tests.corpus import choose_names, expected_answers, generate_corpus, oracle_keys
from queryweaver.errors import AuthError, ConfigError, ConnectorError
from queryweaver.paper_graphs import paper_graphs
from tests.caldav_server import PASSWORD, USER, FaultyProxy, Radicale

CALENDAR_QUESTIONS = (4, 5, 7)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("caldav-corpus") / "corpus"
    facts = generate_corpus(out, emails=300, events=100, files=150, seed=11, today=date(2026, 3, 20))
    names = choose_names(facts)
    return out, names, expected_answers(facts, names)


@pytest.fixture
def radicale(corpus):
    server = Radicale()
    server.load_ics(corpus[0] / "calendar.ics")
    server.start()
    yield server
    server.close()


def caldav_config(corpus_dir: Path, server: Radicale, name: str = "caldav.toml", url: str | None = None) -> Path:
    lines = ['type = "caldav"', f'url = "{url or server.url}"', f'user = "{USER}"',
             'password_env = "QW_TEST_CALDAV_PASSWORD"']
    text = (corpus_dir / "config.toml").read_text()
    text = text.replace('type = "ics"\npath = "calendar.ics"', "\n".join(lines))
    path = corpus_dir / name
    path.write_text(text)
    return path


def run(cli, tmp_path, names, config, env, number):
    query = paper_graphs(**names)[number - 1]
    graph = tmp_path / f"q{number}.json"
    graph.write_text(json.dumps(query.graph))
    return cli("run", str(graph), "--json", "--config", str(config), env=env)


def test_the_calendar_questions_answer_alike_through_caldav_and_the_ics_file(cli, tmp_path, corpus, radicale):
    corpus_dir, names, expected = corpus
    config = caldav_config(corpus_dir, radicale)
    env = {"QW_TEST_CALDAV_PASSWORD": PASSWORD}
    for number in CALENDAR_QUESTIONS:
        through_caldav = run(cli, tmp_path, names, config, env, number)
        through_ics = run(cli, tmp_path, names, corpus_dir / "config.toml", {}, number)
        assert through_caldav.code == 0, through_caldav.stderr
        assert "warning" not in through_caldav.stderr
        got = oracle_keys(number, through_caldav.json()["result"]["items"], corpus_dir / "files")
        assert got == expected[number], f"Q{number}"
        assert got == oracle_keys(number, through_ics.json()["result"]["items"], corpus_dir / "files")
    assert expected[4], "Q4 must have an answer on this corpus"


def connector(server: Radicale, tmp_path: Path, warnings: list[str], password: str = PASSWORD,
              url: str | None = None) -> CaldavConnector:
    context = Context("Alex", frozenset({"alex@example.org"}), load_config(None).tz, date(2026, 3, 20),
                      tmp_path / "cache", warn=warnings.append)
    source = SourceConfig("caldav", {"url": url or server.url, "user": USER})
    return CaldavConnector(source, context, password=lambda: password)


def event_resources(server: Radicale) -> int:
    return len(list(server.collection.glob("*.ics")))


def event_count(imap_or_cal: CaldavConnector) -> int:
    return imap_or_cal.db.execute("SELECT count(DISTINCT uid) FROM events").fetchone()[0]


def test_a_refresh_uses_the_sync_token(radicale, tmp_path):
    import caldav

    warnings: list[str] = []
    cal = connector(radicale, tmp_path, warnings)
    first = cal.refresh_index()
    # principal, calendars, the sync token (PROPFIND depth 0), the etags (PROPFIND depth 1), one calendar-multiget
    assert first.parsed > 0 and cal.requests == 5 and cal.fetched == event_resources(radicale)
    before = event_count(cal)
    again = cal.refresh_index()
    assert again.parsed == 0 and cal.requests == 3  # principal, calendars, one sync-collection REPORT

    client = caldav.DAVClient(url=radicale.url, username=USER, password=PASSWORD)
    remote = client.principal().calendars()[0]
    new = icalendar.Calendar()
    new.add("prodid", "-//test//EN")
    new.add("version", "2.0")
    event = icalendar.Event()
    event.add("uid", "fresh-event@example.org")
    event.add("summary", "Fresh review")
    event.add("dtstart", date(2026, 3, 25))
    event.add("dtstamp", datetime(2026, 3, 20, 12, 0, tzinfo=timezone.utc))
    new.add_component(event)
    remote.save_event(new.to_ical().decode())
    gone = remote.search(event=True)[0]
    gone_uid = str(icalendar.Calendar.from_ical(gone.data).walk("VEVENT")[0]["UID"])
    gone.delete()

    third = cal.refresh_index()
    assert cal.requests == 4  # the sync-collection REPORT and one calendar-multiget for the new event
    assert cal.fetched == 1   # the removal needs no request
    assert third.parsed >= 1 and third.removed == 1
    uids = {r[0] for r in cal.db.execute("SELECT DISTINCT uid FROM events")}
    assert "fresh-event@example.org" in uids and gone_uid not in uids
    assert event_count(cal) == before
    assert not warnings


def test_a_first_sync_killed_half_way_keeps_its_batches_and_the_next_fetches_only_the_rest(cli, corpus, radicale,
                                                                                          tmp_path):
    """The first mirror is fetched in calendar-multiget batches, each written with its etags before the next is asked
    for: `queryweaver index` SIGKILLed half-way (a real subprocess, the server slowed by a proxy) leaves whole
    batches, and the next sync lists the etags again and fetches only what is missing; the answers are the .ics
    file's."""
    import os
    import signal
    import subprocess
    import sys
    import time

    corpus_dir, names, expected = corpus
    total = event_resources(radicale)
    proxy = FaultyProxy(radicale.port, slow=b"calendar-multiget", delay=0.4)
    try:
        config = caldav_config(corpus_dir, radicale, name="caldav-killed.toml", url=proxy.url)
        cache = tmp_path / "cache"
        env = {**os.environ, "QW_TEST_CALDAV_PASSWORD": PASSWORD, "QUERYWEAVER_CACHE_DIR": str(cache),
               "QUERYWEAVER_CALDAV_BATCH": "10"}
        build = subprocess.Popen([sys.executable, "-m", "queryweaver.cli", "index", "--config", str(config)],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 cwd=Path(__file__).resolve().parent.parent)
        manifests: list[Path] = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and build.poll() is None:
            manifests = list((cache / "caldav").glob("*/*/.etags.json"))
            if manifests and len(json.loads(manifests[0].read_text() or "{}")) >= 30:
                break
            time.sleep(0.05)
        assert build.poll() is None, build.stderr.read().decode()
        os.kill(build.pid, signal.SIGKILL)
        build.wait(10)
        kept = json.loads(manifests[0].read_text())
        assert 30 <= len(kept) < total and len(kept) % 10 == 0  # whole batches
        assert all((manifests[0].parent / name).exists() for name in kept)
        state = json.loads((manifests[0].parent.parent / ".sync.json").read_text()) if \
            (manifests[0].parent.parent / ".sync.json").exists() else {}
        assert not any(key.startswith("http") for key in state)  # no token yet: the first sync did not finish

        warnings: list[str] = []
        context = Context("Alex", frozenset({"alex@example.org"}), load_config(None).tz, date(2026, 3, 20), cache,
                          warn=warnings.append)
        cal = CaldavConnector(SourceConfig("caldav", {"url": proxy.url, "user": USER}), context,
                              password=lambda: PASSWORD)
        proxy.delay = 0
        cal.refresh_index()
        assert cal.fetched == total - len(kept) and not warnings
        assert len(json.loads(manifests[0].read_text())) == total
        cal.close()
        run_env = {"QW_TEST_CALDAV_PASSWORD": PASSWORD, "QUERYWEAVER_CACHE_DIR": str(cache)}
        for number in CALENDAR_QUESTIONS:
            query = paper_graphs(**names)[number - 1]
            graph = tmp_path / f"q{number}.json"
            graph.write_text(json.dumps(query.graph))
            out = cli("run", str(graph), "--json", "--config", str(config), env=run_env)
            assert out.code == 0, out.stderr
            assert oracle_keys(number, out.json()["result"]["items"], corpus_dir / "files") == expected[number]
    finally:
        proxy.close()


def test_a_refused_login_is_one_line_and_the_mail_still_answers(cli, tmp_path, corpus, radicale):
    corpus_dir, names, expected = corpus
    config = caldav_config(corpus_dir, radicale)
    bad = {"QW_TEST_CALDAV_PASSWORD": "wrong"}
    out = run(cli, tmp_path, names, config, bad, 1)  # a mail question
    assert out.code == 0, out.stderr
    assert oracle_keys(1, out.json()["result"]["items"], corpus_dir / "files") == expected[1]
    calendar = run(cli, tmp_path, names, config, bad, 4)  # a calendar question: the calendar says why it is empty
    assert calendar.code == 0, calendar.stderr
    assert calendar.json()["result"]["items"] == []
    lines = [line for line in calendar.stderr.splitlines() if line.startswith("warning:")]
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"warning: caldav source {USER}@{radicale.url}: the server refused the login")
    assert lines[0].endswith("this source has no mirror yet and answers nothing")
    index = cli("index", "--config", str(config), env=bad)
    assert index.code != 0
    assert f"caldav source {USER}@{radicale.url}: the server refused the login" in index.stderr


def test_the_mirror_answers_when_the_server_is_gone(cli, tmp_path, corpus, radicale):
    corpus_dir, names, expected = corpus
    config = caldav_config(corpus_dir, radicale)
    env = {"QW_TEST_CALDAV_PASSWORD": PASSWORD}
    assert cli("index", "--config", str(config), env=env).code == 0
    radicale.stop()
    out = run(cli, tmp_path, names, config, env, 4)
    assert out.code == 0, out.stderr
    assert oracle_keys(4, out.json()["result"]["items"], corpus_dir / "files") == expected[4]
    lines = [line for line in out.stderr.splitlines() if line.startswith("warning:")]
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"warning: caldav source {USER}@{radicale.url}: cannot reach the server")
    assert lines[0].endswith("answering from the local mirror as last synced")


def test_a_server_out_of_storage_is_one_line_and_the_mirror_still_answers(cli, tmp_path, corpus, radicale):
    corpus_dir, names, expected = corpus
    proxy = FaultyProxy(radicale.port, failing=("REPORT",), status=507)
    try:
        config = caldav_config(corpus_dir, radicale, name="caldav-507.toml", url=proxy.url)
        env = {"QW_TEST_CALDAV_PASSWORD": PASSWORD}
        first = run(cli, tmp_path, names, config, env, 4)  # no mirror yet: the calendar answers nothing, says why
        assert first.code == 0, first.stderr
        assert first.json()["result"]["items"] == []
        [line] = [line for line in first.stderr.splitlines() if line.startswith("warning:")]
        assert line.startswith(f"warning: caldav source {USER}@{proxy.url}: the server is out of storage (507)")
        assert line.endswith("this source has no mirror yet and answers nothing")
        assert "REPORT" in proxy.answered  # the 507 came over the wire, to the real client
        mail = run(cli, tmp_path, names, config, env, 1)
        assert oracle_keys(1, mail.json()["result"]["items"], corpus_dir / "files") == expected[1]
        index = cli("index", "--config", str(config), env=env)
        assert index.code != 0 and "out of storage (507)" in index.stderr
        # one line, besides the progress lines a slow (busy) machine shows
        assert len([line for line in index.stderr.strip().splitlines() if not line.startswith("indexing ")]) == 1
        proxy.failing.clear()
        assert cli("index", "--config", str(config), env=env).code == 0  # room again: mirrored
        proxy.failing.add("REPORT")
        later = run(cli, tmp_path, names, config, env, 4)  # full again: the mirror answers
        assert oracle_keys(4, later.json()["result"]["items"], corpus_dir / "files") == expected[4]
        [line] = [line for line in later.stderr.splitlines() if line.startswith("warning:")]
        assert "out of storage (507)" in line and line.endswith("answering from the local mirror as last synced")
    finally:
        proxy.close()


def test_since_sends_a_time_range_and_mirrors_only_what_has_not_ended_before_it(radicale, corpus, tmp_path):
    import recurring_ical_events

    corpus_dir = corpus[0]
    source = icalendar.Calendar.from_ical((corpus_dir / "calendar.ics").read_bytes())
    since = date(2026, 2, 1)
    start = datetime(2026, 2, 1, tzinfo=load_config(None).tz)
    later = {str(e["UID"]) for e in recurring_ical_events.of(source).between(start, datetime(2036, 1, 1, tzinfo=timezone.utc))}
    every = {str(e["UID"]) for e in source.walk("VEVENT")}
    assert 0 < len(later) < len(every)
    proxy = FaultyProxy(radicale.port)
    try:
        def mirrored(window) -> set[str]:
            context = Context("Alex", frozenset({"alex@example.org"}), load_config(None).tz, date(2026, 3, 20),
                              tmp_path / "cache", warn=[].append)
            options = {"url": proxy.url, "user": USER, **({"since": window} if window else {})}
            conn = CaldavConnector(SourceConfig("caldav", options), context, password=lambda: PASSWORD)
            conn.sync()
            return {str(e["UID"]) for f in conn.path.rglob("*.ics")
                    for e in icalendar.Calendar.from_ical(f.read_bytes()).walk("VEVENT")}

        assert mirrored(since) == later
        [query] = [body for method, body in proxy.bodies if method == "REPORT" and b"calendar-query" in body]
        found = re.search(rb'<C:time-range start="(\d{8}T\d{6}Z)"/>', query)
        assert found is not None  # the range went to the server (widened by a day)
        sent = datetime.strptime(found.group(1).decode(), "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
        assert start - timedelta(days=2) <= sent <= start
        proxy.bodies.clear()
        assert mirrored(None) == every  # no window any more: the calendars are listed again, whole (their etags)
        assert any(method == "PROPFIND" and b"getetag" in body for method, body in proxy.bodies)
        assert not any(b"time-range" in body for _m, body in proxy.bodies)
    finally:
        proxy.close()
    context = Context("Alex", frozenset(), load_config(None).tz, date(2026, 3, 20), tmp_path)
    with pytest.raises(ConfigError, match="since = 2024-01-01"):
        CaldavConnector(SourceConfig("caldav", {"url": radicale.url, "since": "last year"}), context)


def test_wrong_url_and_password_are_one_line_each(radicale, tmp_path):
    with pytest.raises(AuthError) as refused:
        connector(radicale, tmp_path, [], password="wrong").refresh_index()
    assert "the server refused the login" in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(ConnectorError) as missing:
        connector(radicale, tmp_path, [], url=radicale.url + "nobody/here/").sync()
    assert "\n" not in str(missing.value) and str(missing.value).startswith("caldav source")


def test_bad_caldav_configs_are_refused(tmp_path):
    context = Context("Alex", frozenset(), load_config(None).tz, date(2026, 3, 20), tmp_path)
    for options, expected in [({"url": "https://dav.example.com/", "password": "x"}, "must not hold its password"),
                              ({"user": "a"}, "needs 'url'"),
                              ({"url": "http://dav.example.com/"}, "refusing to send a password unencrypted")]:
        with pytest.raises(ConfigError) as err:
            CaldavConnector(SourceConfig("caldav", options), context)
        assert expected in str(err.value)


def test_a_closed_port_whose_number_holds_a_status_code_is_unreachable_not_a_refused_login(radicale, tmp_path):
    """CI once read "refused the login" because the closed port was 40181: status codes are words, not digits."""
    import socket

    for port in [*range(40100, 40200), *range(44010, 44020), *range(50700, 50800)]:
        probe = socket.socket()
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            probe.close()
        with pytest.raises(ConnectorError) as gone:
            connector(radicale, tmp_path, [], url=f"http://127.0.0.1:{port}/").sync()
        assert str(gone.value).startswith("caldav source") and "cannot reach the server" in str(gone.value), port
        assert not isinstance(gone.value, AuthError)
        return
    pytest.skip("no free port among the ones tried")
