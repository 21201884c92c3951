"""The Gmail connector, through the real Google client, against the fake Gmail server on 127.0.0.1.

The fake serves the same mbox the local-mail tests read, so every tool can be run on both the mbox connector
and the Gmail connector and the answers compared (Gmail keys emails by Gmail id; its ``message_id`` field is
what the mbox path keys them by).
"""

from __future__ import annotations

import json
from datetime import date
from zoneinfo import ZoneInfo

import pytest

from connectors.gmail import GmailConnector, address_query, date_query, q_value
from connectors.google_http import RetryPolicy
from connectors.mbox import MboxConnector
from tests.corpus import oracle_keys
from queryweaver.config import SourceConfig
from queryweaver.connector import Context, Selection
from queryweaver.errors import AuthError, ConnectorError, NameAmbiguousError
from queryweaver.graph import FilterConstraint
from queryweaver.items import SELF_KEY, DateRange, Item
from queryweaver.schema import EntityType
from tests.fake_google import FakeGoogle, fake_credentials, service_factory, write_small_corpus

EMAIL, PERSON, SELF, FILE, WEBPAGE, DATE = (EntityType.EMAIL, EntityType.PERSON, EntityType.SELF,
                                             EntityType.FILE, EntityType.WEBPAGE, EntityType.DATE)
NO_SLEEP = RetryPolicy(attempts=12, sleep=lambda s: None)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_small_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture
def context(corpus, tmp_path):
    # The account address (alex@example.org) is deliberately left out of [self] emails: getProfile adds it.
    return Context(self_name="Alex Morgan", self_emails=frozenset({"alex.morgan@home.example"}),
                   tz=ZoneInfo(corpus.tz), today=corpus.today, cache_dir=tmp_path / "cache")


@pytest.fixture
def mbox_context(corpus, tmp_path):
    return corpus.context(tmp_path / "mbox-cache")


@pytest.fixture
def fake(corpus):
    with FakeGoogle.from_files(corpus.mbox, corpus.ics, account=corpus.account, tz=corpus.tz) as server:
        yield server


def make_gmail(fake, context, **kwargs) -> GmailConnector:
    kwargs.setdefault("retry", NO_SLEEP)
    return GmailConnector(SourceConfig("gmail", {}), context, service_factory=service_factory(fake, "gmail"), **kwargs)


@pytest.fixture
def gmail(fake, context):
    with make_gmail(fake, context) as connector:
        yield connector


@pytest.fixture
def mbox(corpus, mbox_context):
    with MboxConnector(SourceConfig("mbox", {"path": str(corpus.mbox)}), mbox_context) as connector:
        yield connector


def sel(type_, keys=None, items=None) -> Selection:
    if items is not None:
        return Selection(type_, items)
    return Selection(type_, None if keys is None else {k: Item(type_, k, {}) for k in keys})


def date_sel(start: date, end: date) -> Selection:
    rng = DateRange(start, end)
    return Selection(DATE, {rng.key(): Item(DATE, rng.key(), {"range": rng})})


def as_message_ids(links, gmail: GmailConnector, email_side: str):
    """Links with Gmail ids replaced by Message-IDs, comparable with the mbox connector's."""
    ids = [item.key if email_side == "wanted" else known for known, item in links]
    recs = gmail.cache.records(ids)
    gmail.ensure([i for i in ids if i not in recs])
    recs = gmail.cache.records(ids)
    out = set()
    for known, item in links:
        if email_side == "wanted":
            out.add((known, recs[item.key].message_id))
        else:
            out.add((recs[known].message_id, item.key))
    return out


def mbox_links(links):
    return {(known, item.key) for known, item in links}


# -- the q language the connector speaks --------------------------------------------------------------------

def test_queries_are_compiled_for_gmail():
    assert address_query(["bob@acme.test"], "from") == "from:bob@acme.test"
    assert address_query(["a@x.test"], "to") == "{to:a@x.test cc:a@x.test bcc:a@x.test}"
    assert q_value("Budget Review (final).pdf") == '"Budget Review (final).pdf"'
    ny = ZoneInfo("America/New_York")
    q = date_query(DateRange(date(2025, 1, 10), date(2025, 1, 11)), ny)
    # midnight in New York, as epoch seconds (a plain date would be midnight Pacific for Gmail)
    assert q == "after:1736485200 before:1736571600"
    assert date_query(DateRange(None, date(2025, 1, 11)), ny) == "before:1736571600"


# -- every tool agrees with the mbox path on the shared corpus -------------------------------------------------

PEOPLE = ["jane@acme.test", "bob@acme.test", "sofia@north.test", "carol@king.test", "jroe@roe.test"]


@pytest.mark.parametrize("tool_name", ["person_from_email", "person_to_email", "person_participants_email"])
def test_person_to_email_tools_match_mbox(gmail, mbox, tool_name):
    got = as_message_ids(list(getattr(gmail, tool_name)(sel(PERSON, PEOPLE))), gmail, "wanted")
    assert got == mbox_links(getattr(mbox, tool_name)(sel(PERSON, PEOPLE)))
    assert got  # the corpus has answers for each


@pytest.mark.parametrize("tool_name", ["self_from_email", "self_to_email", "self_participants_email"])
def test_self_to_email_tools_match_mbox(gmail, mbox, tool_name):
    got = as_message_ids(list(getattr(gmail, tool_name)(sel(SELF, [SELF_KEY]))), gmail, "wanted")
    assert got == mbox_links(getattr(mbox, tool_name)(sel(SELF, [SELF_KEY])))


def all_gmail_emails(gmail) -> dict[str, Item]:
    return gmail.email_items(gmail.list_one(""))


@pytest.mark.parametrize("tool_name", [
    "email_from_person", "email_to_person", "email_participants_person",
    "email_from_self", "email_to_self", "email_participants_self",
    "email_has_attachment_file", "email_mentions_url_webpage", "email_sent_on_date"])
@pytest.mark.parametrize("known", ["all", "some"])
def test_email_to_x_tools_match_mbox(gmail, mbox, tool_name, known):
    emails = all_gmail_emails(gmail)
    if known == "all":
        g_sel, m_sel = Selection(EMAIL, None), Selection(EMAIL, None)
    else:
        chosen = sorted(emails)[::2]
        g_sel = Selection(EMAIL, {k: emails[k] for k in chosen})
        m_sel = sel(EMAIL, [emails[k].fields["message_id"] for k in chosen])
    got = as_message_ids(list(getattr(gmail, tool_name)(g_sel)), gmail, "known")
    assert got == mbox_links(getattr(mbox, tool_name)(m_sel))


def test_file_and_webpage_tools_match_mbox(gmail, mbox):
    files = ["notes.txt", "Budget Review (final).pdf", "Northwind_Proposal_v3.pdf", "budget.xlsx", "missing.doc"]
    got = as_message_ids(list(gmail.file_has_attachment_email(sel(FILE, files))), gmail, "wanted")
    assert got == mbox_links(mbox.file_has_attachment_email(sel(FILE, files)))
    assert ("notes.txt", "<m3@acme.test>") in got and ("notes.txt", "<m6@acme.test>") in got
    urls = ["https://acme.test/budget", "https://north.test/agenda", "http://food.test/menu", "www.king.test/shop"]
    got = as_message_ids(list(gmail.webpage_mentions_url_email(sel(WEBPAGE, urls))), gmail, "wanted")
    assert got == mbox_links(mbox.webpage_mentions_url_email(sel(WEBPAGE, urls)))


def test_date_sent_on_email_matches_mbox_at_day_boundaries(gmail, mbox):
    # m9 is sent at 23:30 New York time on Jan 9 (04:30 UTC on Jan 10): it belongs to January 9.
    dates = date_sel(date(2025, 1, 10), date(2025, 1, 11))
    got = as_message_ids(list(gmail.date_sent_on_email(dates)), gmail, "wanted")
    assert {m for _k, m in got} == {"<m1@acme.test>", "<m2@acme.test>"}
    assert got == mbox_links(mbox.date_sent_on_email(dates))


def test_find_matches_mbox(gmail, mbox):
    def keys(items):
        return {i.key for i in items}

    for flt in [FilterConstraint(var="f", field="extension", op="=", value="txt"),
                FilterConstraint(var="f", field="name", op="=", value="budget.xlsx")]:
        assert keys(gmail.find(FILE, [flt])) == keys(mbox.find(FILE, [flt]))
    flt = FilterConstraint(var="w", field="url", op="=", value="north.test")
    assert keys(gmail.find(WEBPAGE, [flt])) == keys(mbox.find(WEBPAGE, [flt])) == {
        "https://north.test/deck", "https://north.test/agenda"}
    flt = FilterConstraint(var="e", field="subject", op="contains", value="budget")
    found = gmail.find(EMAIL, [flt])
    assert {i.fields["message_id"] for i in found} == keys(mbox.find(EMAIL, [flt]))


def test_person_by_name_finds_the_address_in_few_requests(gmail, fake):
    fake.reset_counts()
    found = gmail.find(PERSON, [FilterConstraint(var="p", field="name", op="=", value="Jane Doe")])
    assert [(p.key, p.fields["name"]) for p in found] == [("jane@acme.test", "Jane Doe")]
    assert fake.counts["gmail.users.messages.get"] <= 10
    with pytest.raises(NameAmbiguousError):
        gmail.find(PERSON, [FilterConstraint(var="p", field="name", op="=", value="Jane")])
    found = gmail.find(PERSON, [FilterConstraint(var="p", field="name", op="=", value="Roe")])
    assert [p.key for p in found] == ["jroe@roe.test"]


def test_foreign_message_ids_are_resolved_with_rfc822msgid(gmail, fake):
    known = Selection(EMAIL, {"<m5@north.test>": Item(EMAIL, "<m5@north.test>", {})})
    links = list(gmail.email_from_person(known))
    assert [(k, p.key) for k, p in links] == [("<m5@north.test>", "sofia@north.test")]
    assert any(q.startswith("rfc822msgid:") for q in fake.queries)


# -- what it costs -------------------------------------------------------------------------------------------

def test_received_list_is_ids_only_and_repeats_cost_ids_only(fake, context):
    with make_gmail(fake, context, eager_limit=0) as gmail:
        fake.reset_counts()
        links = list(gmail.self_to_email(sel(SELF, [SELF_KEY])))
        assert len(links) == 8  # m1 m2 m3 m5 m7 m9, m6 as Cc, m8 as Bcc
        assert fake.counts["gmail.users.messages.get"] == 0
        assert fake.queries[-1] == ("{to:alex.morgan@home.example cc:alex.morgan@home.example "
                                    "bcc:alex.morgan@home.example to:alex@example.org cc:alex@example.org "
                                    "bcc:alex@example.org}")
        gmail.describe(EMAIL, {i.key: i for _k, i in links})
        assert fake.counts["gmail.users.messages.get"] == 8
        assert fake.http_requests <= 4  # profile, one list, one batch of gets
    with make_gmail(fake, context) as again:  # a new run, same cache: ids only
        fake.reset_counts()
        links = list(again.self_to_email(sel(SELF, [SELF_KEY])))
        again.describe(EMAIL, {i.key: i for _k, i in links})
        assert set(fake.counts) == {"gmail.users.messages.list"}
        assert all(i.fields.get("subject") for _k, i in links)


def test_metadata_requests_use_field_masks_and_batches(gmail, fake):
    fake.reset_counts()
    ids = gmail.list_one("")
    gmail.ensure(ids)
    assert fake.counts["gmail.users.messages.get"] == len(ids)
    assert fake.http_requests == 2  # one list, one batch
    rec = gmail.cache.records([ids[0]])[ids[0]]
    assert not rec.full and rec.message_id.startswith("<")


def test_full_messages_only_for_attachments_and_urls(gmail, fake):
    fake.reset_counts()
    files = list(gmail.email_has_attachment_file(Selection(EMAIL, None)))
    assert {f.key for _k, f in files} >= {"notes.txt", "budget.xlsx"}
    # has:attachment narrows the fetch to the 5 messages with attachments
    assert fake.counts["gmail.users.messages.get"] == 5


def test_batches_hold_at_most_50_and_in_flight_is_bounded(corpus, context, tmp_path):
    from tests.fake_google import message_from_bytes, _mail
    from datetime import datetime, timezone

    raws = [_mail(f"<bulk{i}@x.test>", "Bulk <bulk@x.test>", ["alex@example.org"], f"n{i}",
                  datetime(2024, 1, 1, tzinfo=timezone.utc)) for i in range(230)]
    messages = [message_from_bytes(r, i, "alex@example.org") for i, r in enumerate(raws)]
    with FakeGoogle(messages, account="alex@example.org", latency=0.01) as server:
        active, peak = [0], [0]
        original = server.handle_http

        def tracking(*args, **kwargs):
            active[0] += 1
            peak[0] = max(peak[0], active[0])
            try:
                return original(*args, **kwargs)
            finally:
                active[0] -= 1

        server.handle_http = tracking
        with make_gmail(server, context, max_in_flight=2) as gmail:
            ids = gmail.list_one("")
            assert len(ids) == 230
            server.reset_counts()
            gmail.ensure(ids)
        assert server.http_requests == 5          # ceil(230 / 50) batches
        assert peak[0] <= 2


# -- failures ------------------------------------------------------------------------------------------------

def test_answers_stay_exact_with_injected_faults(corpus, context, mbox):
    with FakeGoogle.from_files(corpus.mbox, corpus.ics, account=corpus.account, tz=corpus.tz,
                               fault_rate=0.3, seed=7) as server:
        with make_gmail(server, context) as gmail:
            got = as_message_ids(list(gmail.person_participants_email(sel(PERSON, PEOPLE))), gmail, "wanted")
            emails = all_gmail_emails(gmail)
            files = as_message_ids(list(gmail.email_has_attachment_file(Selection(EMAIL, emails))), gmail, "known")
        assert sum(server.faults.values()) > 0
    assert got == mbox_links(mbox.person_participants_email(sel(PERSON, PEOPLE)))
    assert files == mbox_links(mbox.email_has_attachment_file(Selection(EMAIL, None)))


def test_persistent_rate_limit_gives_up_with_a_clear_error(corpus, context):
    with FakeGoogle.from_files(corpus.mbox, account=corpus.account, fault_rate=1.0, fault_statuses=(429,)) as server:
        with make_gmail(server, context, retry=RetryPolicy(attempts=3, sleep=lambda s: None)) as gmail:
            with pytest.raises(ConnectorError, match="HTTP 429"):
                gmail.list_one("")


def test_expired_access_token_is_refreshed_over_http(corpus, context):
    with FakeGoogle.from_files(corpus.mbox, account=corpus.account) as server:
        creds = fake_credentials(server, expired=True)
        factory = service_factory(server, "gmail", creds)
        with GmailConnector(SourceConfig("gmail", {}), context, service_factory=factory, retry=NO_SLEEP) as gmail:
            assert len(gmail.list_one("")) == 9
        assert server.counts["oauth2.token"] == 1
        assert creds.valid


def test_revoked_refresh_token_says_how_to_sign_in_again(corpus, context):
    with FakeGoogle.from_files(corpus.mbox, account=corpus.account) as server:
        server.revoked.add("refresh-1")
        factory = service_factory(server, "gmail", fake_credentials(server, expired=True))
        source = SourceConfig("gmail", {"client_secrets": "/home/alex/client_secret.json"})
        with GmailConnector(source, context, service_factory=factory, retry=NO_SLEEP) as gmail:
            with pytest.raises(AuthError) as err:
                gmail.list_one("")
    message = str(err.value)
    assert "invalid_grant" in message and "7 days" in message
    assert "queryweaver auth google --client-secrets /home/alex/client_secret.json" in message


def test_file_side_filters_are_pushed_down_when_the_executor_passes_them(gmail, fake):
    known = Selection(EMAIL, None)
    known.wanted_filters = (FilterConstraint(var="f", field="extension", op="=", value="txt"),)
    fake.reset_counts()
    files = {f.key for _k, f in gmail.email_has_attachment_file(known)}
    assert "notes.txt" in files and "server.log.txt" in files
    assert fake.queries == ["has:attachment filename:txt"]
    assert fake.counts["gmail.users.messages.get"] == 2      # m3 and m6 only


# -- the paper's questions through the engine ----------------------------------------------------------------

@pytest.fixture(scope="module")
def story(tmp_path_factory):
    from tests.corpus import DEMO_ALIAS, DEMO_TODAY, generate_corpus

    out = tmp_path_factory.mktemp("story")
    facts = generate_corpus(out / "c", emails=400, events=80, files=200, seed=5, today=DEMO_TODAY,
                            self_aliases=(DEMO_ALIAS,), story=True)
    return out / "c", facts


def run_paper_questions(root, facts, connectors_for):
    from queryweaver.config import Config
    from tests.corpus import expected_answers
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph
    from queryweaver.paper_graphs import paper_graphs

    config = Config(self_name=facts.self_name, self_emails=tuple(facts.self_addresses), timezone=facts.timezone,
                    today_fixed=facts.today)
    context = Context.from_config(config)
    expected = expected_answers(facts)
    connectors = connectors_for(context)
    engine = Engine(config, connectors=connectors)
    results = {}
    for q in paper_graphs():
        items = [i.output() for i in engine.run(QueryGraph.parse(q.graph)).items]
        results[q.number] = (items, expected[q.number])
    for c in connectors:
        c.close()
    return results




def test_paper_questions_through_the_engine_match_the_oracle(story):
    from connectors.files import FilesConnector
    from connectors.gcal import GcalConnector

    root, facts = story
    with FakeGoogle.from_files(root / "mail.mbox", root / "calendar.ics", account=facts.self_addresses[0],
                               tz=facts.timezone, fault_rate=0.2, seed=11) as server:
        def connectors(context):
            return [GmailConnector(SourceConfig("gmail", {}), context,
                                   service_factory=service_factory(server, "gmail"), retry=NO_SLEEP),
                    GcalConnector(SourceConfig("gcal", {}), context,
                                  service_factory=service_factory(server, "calendar"), retry=NO_SLEEP),
                    FilesConnector(SourceConfig("files", {"root": str(root / "files")}), context)]

        results = run_paper_questions(root, facts, connectors)
        assert sum(server.faults.values()) > 0
    for number, (items, expected) in results.items():
        assert oracle_keys(number, items, root / "files") == expected, number


def test_gmail_and_an_mbox_export_together(story):
    """Both sources hold the same mail: people, files, folders and URLs merge by identity; emails do not
    (Gmail keys them by id, the mbox by Message-ID), so an email answer may list one message twice."""
    from connectors.files import FilesConnector
    from connectors.gcal import GcalConnector

    root, facts = story
    with FakeGoogle.from_files(root / "mail.mbox", root / "calendar.ics", account=facts.self_addresses[0],
                               tz=facts.timezone) as server:
        def connectors(context):
            return [GmailConnector(SourceConfig("gmail", {}), context,
                                   service_factory=service_factory(server, "gmail"), retry=NO_SLEEP),
                    MboxConnector(SourceConfig("mbox", {"path": str(root / "mail.mbox")}), context),
                    GcalConnector(SourceConfig("gcal", {}), context,
                                  service_factory=service_factory(server, "calendar"), retry=NO_SLEEP),
                    FilesConnector(SourceConfig("files", {"root": str(root / "files")}), context)]

        results = run_paper_questions(root, facts, connectors)
    for number, (items, expected) in results.items():
        if number == 1:
            assert {i["message_id"] for i in items} == set(expected)
        else:
            assert oracle_keys(number, items, root / "files") == expected, number


def test_retry_rules():
    from connectors.google_http import is_retryable

    rate = json.dumps({"error": {"code": 403, "errors": [{"reason": "userRateLimitExceeded"}]}}).encode()
    denied = json.dumps({"error": {"code": 403, "errors": [{"reason": "insufficientPermissions"}]}}).encode()
    assert is_retryable(429, b"") and is_retryable(500, b"") and is_retryable(503, None)
    assert is_retryable(403, rate) and not is_retryable(403, denied) and not is_retryable(404, b"")


def test_403_rate_limits_are_retried_per_batch_item(corpus, context, mbox):
    with FakeGoogle.from_files(corpus.mbox, account=corpus.account, fault_rate=0.3, fault_statuses=(403,),
                               seed=2) as server:
        with make_gmail(server, context) as gmail:
            ids = gmail.list_one("")
            gmail.ensure(ids, full=True)
            assert gmail.api.stats.retries > 0
            assert len(gmail.cache.known(ids, True)) == len(ids) == 9


def test_subject_filter_on_emails_known_by_id_only(fake, context):
    from queryweaver.config import Config
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph

    graph = QueryGraph.parse({"action": "find", "return_var": "e", "vars": {"e": "Email", "me": "Self"},
                              "constraints": [{"kind": "edge", "from": "e", "edge": "to", "to": "me"},
                                              {"kind": "filter", "var": "e", "field": "subject", "op": "contains",
                                               "value": "notes"}]})
    config = Config(self_name="Alex", self_emails=tuple(context.self_emails), timezone="America/New_York")
    with make_gmail(fake, context, eager_limit=0) as gmail:   # large answers come back as ids only
        result = Engine(config, connectors=[gmail]).run(graph)
        assert [i.fields["message_id"] for i in result.items] == ["<m3@acme.test>"]


def test_apply_filter_and_describe_fill_in_emails_known_by_id(fake, context):
    with make_gmail(fake, context, eager_limit=0) as gmail:
        items = dict(gmail.email_items(gmail.list_one(""), eager=False))
        assert all("subject" not in i.fields for i in items.values())
        subject = gmail.apply_filter(EMAIL, items, FilterConstraint(var="e", field="subject", op="contains",
                                                                    value="BUDGET"))
        content = gmail.apply_filter(EMAIL, items, FilterConstraint(var="e", field="content", op="contains",
                                                                    value="log file"))
        gmail.describe(EMAIL, items)
        assert {items[k].fields["subject"] for k in subject} == {"Budget review", "Budget numbers"}
        assert {items[k].fields["message_id"] for k in content} == {"<m6@acme.test>"}
        assert all(i.fields["date"] and i.fields["_ts"] for i in items.values())
