"""The local mail connectors (mbox, Maildir) on real files: parsing traps, DESIGN.md semantics, incremental index."""

from __future__ import annotations

import hashlib
import mailbox
import os
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import mail_fixtures as fx
import pytest

from connectors import maildir as maildir_module
from connectors import mbox as mbox_module
from connectors.emlx import EmlxConnector
from connectors.maildir import MaildirConnector
from connectors.mailstore import (
    MailStoreConnector,
    normalize_message_id,
    split_multipart,
)
from connectors.mbox import MboxConnector
from queryweaver.config import SourceConfig
from queryweaver.connector import Selection
from queryweaver.errors import ConnectorError, NameAmbiguousError
from queryweaver.graph import FilterConstraint
from queryweaver.items import SELF_KEY, DateRange, Item
from queryweaver.schema import EDGE_RULES, tool_name
from queryweaver.schema import EntityType as T

EMAIL_EDGE_TOOLS = {tool_name(known, r.name, wanted) for r in EDGE_RULES if T.EMAIL in (r.source, r.target)
                    for known, wanted in ((r.source, r.target), (r.target, r.source))}


# -- helpers --------------------------------------------------------------------------------------------------

class Store:
    """A connector over freshly written files, with what it reported."""

    def __init__(self, kind: str, tmp_path: Path, tz: ZoneInfo = fx.NEW_YORK, cache: str = "cache"):
        self.kind = kind
        self.data = tmp_path / "data"
        self.data.mkdir(exist_ok=True)
        self.cache = tmp_path / cache
        self.collected = fx.Collected()
        if kind == "mbox":
            self.path = self.data / "mail.mbox"
            if not self.path.exists():
                fx.write_mbox(self.path)
            self.keys: dict[str, str] = {}
        elif kind == "emlx":
            self.path = self.data / "V10"
            if not self.path.exists():
                fx.write_emlx(self.path)
            self.keys = {}
        else:
            self.path = self.data / "Maildir"
            self.keys = fx.write_maildir(self.path) if not self.path.exists() else {}
        self.tz = tz
        self.connector = self.open()

    def open(self) -> MailStoreConnector:
        cls = {"mbox": MboxConnector, "maildir": MaildirConnector, "emlx": EmlxConnector}[self.kind]
        return cls(fx.source(self.kind, self.path), fx.make_context(self.cache, tz=self.tz, collected=self.collected))

    def call(self, tool: str, type_: T, keys: list[str] | None = None, items: dict[str, Item] | None = None):
        """Run a tool as the executor does; links as {known: {wanted keys}} and the wanted items by key."""
        if items is None and keys is not None:
            items = {k: Item(type_, k, {}) for k in keys}
        links: dict[str, set[str]] = {}
        found: dict[str, Item] = {}
        for known, item in self.connector.tools()[tool](Selection(type_, items)):
            links.setdefault(known, set()).add(item.key)
            found[item.key] = item
        return links, found

    def emails(self) -> dict[str, Item]:
        return {it.key: it for it in self.connector.find(T.EMAIL, [])}


@pytest.fixture(params=["mbox", "maildir", "emlx"])
def store(request, tmp_path) -> Store:
    return Store(request.param, tmp_path)


@pytest.fixture
def mbox_store(tmp_path) -> Store:
    return Store("mbox", tmp_path)


def flt(var: str, field: str, value: str, op: str = "=") -> FilterConstraint:
    return FilterConstraint(var=var, field=field, op=op, value=value)


def day(d: date) -> Item:
    rng = DateRange(d, date.fromordinal(d.toordinal() + 1))
    return Item(T.DATE, rng.key(), {"value": d.isoformat(), "range": rng})


# -- plugin surface -------------------------------------------------------------------------------------------

def test_both_connectors_register_through_the_plugin_hook():
    registered = []
    mbox_module.register_connectors(registered.append)
    maildir_module.register_connectors(registered.append)
    assert [cls.name for cls in registered] == ["mbox", "maildir"]


@pytest.mark.parametrize("cls", [MboxConnector, MaildirConnector])
def test_every_email_edge_is_offered_in_both_directions(cls):
    assert {spec.name for spec in cls.tool_specs()} == EMAIL_EDGE_TOOLS
    assert len(EMAIL_EDGE_TOOLS) == 18


def test_a_missing_path_is_a_connector_error_naming_the_fix(tmp_path):
    for cls in (MboxConnector, MaildirConnector, EmlxConnector):
        conn = cls(fx.source(cls.name, tmp_path / "nowhere"), fx.make_context(tmp_path / "cache"))
        with pytest.raises(ConnectorError, match="path"):
            conn.refresh_index()


def test_a_folder_without_cur_or_new_is_not_a_maildir(tmp_path):
    (tmp_path / "plain").mkdir()
    conn = MaildirConnector(fx.source("maildir", tmp_path / "plain"), fx.make_context(tmp_path / "cache"))
    with pytest.raises(ConnectorError, match="not a Maildir"):
        conn.refresh_index()


# -- parsing traps --------------------------------------------------------------------------------------------

def test_every_good_message_is_indexed_and_the_corrupt_entry_costs_one_warning(mbox_store):
    report = mbox_store.connector.refresh_index()
    emails = mbox_store.emails()
    assert report.parsed == len(fx.messages()) - 1 == len(emails)
    assert {fx.QP_LATIN1, fx.UNKNOWN_CHARSET, fx.RAW_BYTES, fx.HTML_ONLY, fx.ATTACHMENTS, fx.BAD_BODY,
            fx.NO_DATE} <= set(emails)
    corrupt = mbox_store.collected.about(f"message {fx.CORRUPT_POSITION} ")
    assert len(corrupt) == 1 and "skipped" in corrupt[0] and "mail.mbox" in corrupt[0]
    assert report.skipped == mbox_store.collected.warnings


def test_each_damaged_message_gets_exactly_one_warning_naming_it(store):
    store.connector.refresh_index()
    warned = store.collected.warnings
    for message_id, problem in [(fx.UNKNOWN_CHARSET, "unknown charset"), (fx.BAD_BODY, "x-bogus"),
                                (fx.NO_DATE, "no Date")]:
        subject = store.emails()[message_id].fields["subject"]
        about = [w for w in warned if repr(subject) in w]
        assert len(about) == 1 and problem in about[0], (message_id, warned)
    assert len([w for w in warned if "Missing id" in w and "no Message-ID" in w]) == 1
    assert len([w for w in warned if "non-UTF-8" in w]) == 1
    assert not [w for w in warned if "Report and CV" in w or "Forecast" in w or "Café" in w]


def test_headers_are_decoded_whatever_their_encoding(store):
    emails = store.emails()
    assert emails[fx.QP_LATIN1].fields["subject"] == "Café crème notes"
    assert emails[fx.UNKNOWN_CHARSET].fields["subject"] == "Naïve question"   # guessed, not dropped
    assert emails[fx.RAW_BYTES].fields["subject"] == "Résumé update"
    persons = {it.key: it for it in store.connector.find(T.PERSON, [])}
    assert persons["jose@example.com"].fields["name"] == "José García"


def test_an_undecodable_body_is_indexed_with_its_readable_words(store):
    [hit] = store.connector.find(T.EMAIL, [flt("e", "content", "body words")])
    assert hit.key == fx.BAD_BODY


def test_a_message_without_message_id_gets_a_stable_synthetic_one(store, tmp_path):
    [first] = [k for k in store.emails() if k.endswith("@queryweaver.local>")]
    again = Store(store.kind, tmp_path, cache="other-cache")          # same files, fresh index
    assert [k for k in again.emails() if k.endswith("@queryweaver.local>")] == [first]


def test_a_missing_date_falls_back_to_the_mbox_from_line(mbox_store):
    email = mbox_store.emails()[fx.NO_DATE]
    assert email.fields["_ts"] == fx.NO_DATE_FROM_LINE.timestamp()
    assert email.fields["date"] == fx.NO_DATE_FROM_LINE.astimezone(fx.NEW_YORK).isoformat()


def test_email_items_carry_the_documented_fields(store):
    email = store.emails()[fx.QP_LATIN1]
    assert email.fields == {"message_id": fx.QP_LATIN1, "subject": "Café crème notes", "from": "jane.doe@example.com",
                            "date": "2025-01-10T23:30:00-05:00", "_ts": datetime.fromisoformat(
                                "2025-01-10T23:30:00-05:00").timestamp()}
    assert email.output()["from"] == "jane.doe@example.com"


def test_message_ids_are_normalized_to_one_form():
    assert normalize_message_id("  < abc@example.com >") == "<abc@example.com>"
    assert normalize_message_id("abc@example.com") == "<abc@example.com>"
    assert normalize_message_id("<a@b> (comment)") == "<a@b>"
    assert normalize_message_id("   ") is None


def test_multipart_boundaries_are_split_like_the_stdlib():
    body = b"preamble\n--b\nA: 1\n\nfirst\n--bb not ours\n--b\r\n\r\nsecond\r\n--b--\nepilogue"
    assert split_multipart(body, "b") == [b"A: 1\n\nfirst\n--bb not ours", b"\r\nsecond"]
    assert split_multipart(b"no delimiter", "b") is None


# -- semantics: from / to / participants, Self, Person ------------------------------------------------------

def test_cc_and_bcc_are_recipients(store):
    links, persons = store.call("email_to_person", T.EMAIL, [fx.QP_LATIN1])
    assert links == {fx.QP_LATIN1: {"bob@example.com", "carol@example.com"}}
    assert persons["carol@example.com"].fields == {"email": "carol@example.com", "name": "Carol King"}
    links, _ = store.call("person_to_email", T.PERSON, ["carol@example.com"])
    assert links == {"carol@example.com": {fx.QP_LATIN1}}


def test_participants_are_sender_and_recipients(store):
    links, _ = store.call("email_participants_person", T.EMAIL, [fx.QP_LATIN1])
    assert links == {fx.QP_LATIN1: {"jane.doe@example.com", "bob@example.com", "carol@example.com"}}
    links, _ = store.call("email_participants_self", T.EMAIL, [fx.QP_LATIN1])
    assert links == {fx.QP_LATIN1: {SELF_KEY}}


def test_person_keys_are_lower_cased_addresses_and_the_most_frequent_name_wins(store):
    _, senders = store.call("email_from_person", T.EMAIL, [fx.QP_LATIN1])
    jane = senders["jane.doe@example.com"]          # written Jane.Doe@Example.com in that message
    assert jane.fields == {"email": "jane.doe@example.com", "name": "Jane Doe"}   # not "J. Doe" (seen once)
    links, _ = store.call("person_from_email", T.PERSON, ["jane.doe@example.com"])
    assert links["jane.doe@example.com"] >= {fx.QP_LATIN1, fx.ATTACHMENTS, fx.NO_DATE}


def test_the_name_shown_is_named_first_then_most_often_seen_then_longest_then_alphabetical(tmp_path):
    # ties at each step of the rule, and names outside ASCII (ranked by code point, as SQLite ranks UTF-8 text)
    written = (["Kim Lée <kim@example.org>"] * 2 + ["Kim Lee <kim@example.org>"] * 2 + ["K. Lee <kim@example.org>"]
               + ["kim@example.org"] * 3
               + ["Zoe Park <zoe@example.org>", "Zoe Parkes <zoe@example.org>"]
               + ["Åsa Berg <asa@example.org>", "Asa Berg <asa@example.org>"]
               + ["ann@example.org"] * 2)
    box = [fx.new_message(sender, f"note {n}", f"<names-{n}@example.org>") for n, sender in enumerate(written)]
    fx.write_mbox(tmp_path / "mail.mbox", box)
    connector = MboxConnector(fx.source("mbox", tmp_path / "mail.mbox"), fx.make_context(tmp_path / "cache"))
    names = {item.key: item.fields["name"] for item in connector.find(T.PERSON, [])}
    assert names == {"kim@example.org": "Kim Lee", "zoe@example.org": "Zoe Parkes", "asa@example.org": "Asa Berg",
                     "ann@example.org": None}
    assert [it.key for it in connector.find(T.PERSON, [flt("p", "name", "kim lee")])] == ["kim@example.org"]
    connector.close()


def test_self_addresses_are_never_persons(store):
    persons = {it.key for it in store.connector.find(T.PERSON, [])}
    assert fx.ME not in persons and fx.ME_ALIAS.lower() not in persons
    links, _ = store.call("email_to_person", T.EMAIL, None)
    assert all(fx.ME not in wanted and fx.ME_ALIAS.lower() not in wanted for wanted in links.values())
    assert store.call("person_from_email", T.PERSON, [fx.ME])[0] == {}


def test_self_tools_cover_every_address_of_the_user(store):
    received, _ = store.call("self_to_email", T.SELF, None)
    assert {fx.ATTACHMENTS, fx.QP_LATIN1} <= received[SELF_KEY]       # the alias, written in mixed case, too
    sent, _ = store.call("self_from_email", T.SELF, [SELF_KEY])
    expected = {fx.HTML_ONLY} | ({fx.SENT_FROM_MAILDIR} if store.kind == "maildir" else set())
    assert sent == {SELF_KEY: expected}
    links, me = store.call("email_from_self", T.EMAIL, [fx.HTML_ONLY, fx.QP_LATIN1])
    assert links == {fx.HTML_ONLY: {SELF_KEY}}
    assert me[SELF_KEY].fields["name"] == "Alex Morgan"
    assert store.call("self_participants_email", T.SELF, ["someone-else"])[0] == {}


EXISTS_TOOLS = ["email_to_self", "email_from_self", "email_participants_self", "email_to_person",
                "email_from_person", "email_participants_person", "file_has_attachment_email",
                "webpage_mentions_url_email"]


@pytest.mark.parametrize("tool", EXISTS_TOOLS)
def test_asked_only_which_are_linked_a_tool_names_exactly_the_keys_its_links_start_from(store, tool):
    """Selection.exists: each known key that has a link, once, without items; the same keys whether the emails
    came from this source (with row ids) or are known only by their Message-ID, and one email stored twice."""
    type_ = {"file": T.FILE, "webpage": T.WEBPAGE}.get(tool.split("_")[0], T.EMAIL)
    fn = store.connector.tools()[tool]
    if type_ == T.EMAIL:
        held = {it.key: it for it in store.connector.find(T.EMAIL, [])}  # with this source's row ids
        bare = {key: Item(T.EMAIL, key, {}) for key in held}
        selections = [held, bare, {**dict(list(held.items())[::2]), **dict(list(bare.items())[1::2])}]
    else:
        keys = [it.key for it in store.connector.find(type_, [])]
        selections = [{key: Item(type_, key, {}) for key in keys + ["nothing-by-this-name"]}]
    for items in selections:
        expected = {known for known, _item in fn(Selection(type_, items))}
        got = list(fn(Selection(type_, items, exists=True)))
        assert all(item is None for _known, item in got)
        assert len(got) == len({known for known, _ in got}), "each key once"
        assert {known for known, _ in got} == expected
        assert expected, "the fixture mail has such links"


# -- attachments, URLs ----------------------------------------------------------------------------------------

def test_attachments_are_files_by_name_with_their_hash(store):
    links, files = store.call("email_has_attachment_file", T.EMAIL, [fx.ATTACHMENTS, fx.QP_LATIN1])
    assert links == {fx.ATTACHMENTS: {"report.pdf", fx.RESUME}}
    assert files[fx.RESUME].fields == {"name": fx.RESUME, "path": None,
                                       "sha256": hashlib.sha256(fx.RESUME_BYTES).hexdigest()}
    back, emails = store.call("file_has_attachment_email", T.FILE, [fx.RESUME, "not-attached.txt"])
    assert back == {fx.RESUME: {fx.ATTACHMENTS}}
    assert emails[fx.ATTACHMENTS].fields["subject"] == "Report and CV"


def test_an_attachment_is_found_by_its_whole_name_in_any_case_through_an_index(store):
    def names(field: str, value: str) -> set[str]:
        return {item.key for item in store.connector.find(T.FILE, [flt("f", field, value)])}

    assert names("name", "REPORT.PDF") == {"report.pdf"}
    assert names("name", "  report.pdf ") == {"report.pdf"}
    assert names("name", "port.pdf") == set() and names("name", "report") == set()
    assert names("name", "RÉSUMÉ.DOCX") == {fx.RESUME}  # not ASCII: the SQL does not narrow, norm() decides
    assert names("extension", "PDF") == {"report.pdf"}
    index = {r[0] for r in store.connector._index.conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert "attachments_name_nocase" in index


def test_urls_come_from_text_and_html_bodies_as_written(store):
    links, pages = store.call("email_mentions_url_webpage", T.EMAIL, [fx.QP_LATIN1, fx.HTML_ONLY])
    assert links == {
        fx.QP_LATIN1: {"https://example.com/menu", "https://en.wikipedia.org/wiki/Crème_(dessert)"},
        fx.HTML_ONLY: {"https://example.org/forecast?q=1&view=full", "http://Example.NET/Slides"},
    }
    assert pages["http://Example.NET/Slides"].fields == {"url": "http://Example.NET/Slides"}
    back, _ = store.call("webpage_mentions_url_email", T.WEBPAGE, ["https://example.com/menu"])
    assert back == {"https://example.com/menu": {fx.QP_LATIN1}}


# -- dates ----------------------------------------------------------------------------------------------------

def test_sent_on_uses_the_configured_time_zone(store, tmp_path):
    jan10, jan11 = day(date(2025, 1, 10)), day(date(2025, 1, 11))
    links, _ = store.call("date_sent_on_email", T.DATE, items={jan10.key: jan10, jan11.key: jan11})
    assert links == {jan10.key: {fx.QP_LATIN1}}                       # 23:30 in New York
    utc = Store(store.kind, tmp_path, tz=ZoneInfo("UTC"), cache="utc-cache")
    links, _ = utc.call("date_sent_on_email", T.DATE, items={jan10.key: jan10, jan11.key: jan11})
    assert links == {jan11.key: {fx.QP_LATIN1}}                       # 04:30 UTC the next day


def test_open_date_ranges_and_email_days(store):
    before = Item(T.DATE, "before", {"range": DateRange(None, date(2025, 1, 14))})
    links, _ = store.call("date_sent_on_email", T.DATE, items={"before": before})
    # dated by its mbox From line, or by the time Apple Mail received it: June 2024
    undated = {fx.NO_DATE} if store.kind in ("mbox", "emlx") else set()
    assert links == {"before": {fx.QP_LATIN1, fx.UNKNOWN_CHARSET} | undated}
    links, days = store.call("email_sent_on_date", T.EMAIL, [fx.QP_LATIN1])
    [key] = links[fx.QP_LATIN1]
    assert days[key].fields == {"value": "2025-01-10", "start": "2025-01-10", "end": "2025-01-11",
                                "range": DateRange(date(2025, 1, 10), date(2025, 1, 11))}
    assert key == DateRange(date(2025, 1, 10), date(2025, 1, 11)).key()


# -- find and filters -----------------------------------------------------------------------------------------

def test_find_emails_by_subject_and_content(store):
    found = store.connector.find(T.EMAIL, [flt("e", "subject", "CRÈME", "contains")])
    assert [e.key for e in found] == [fx.QP_LATIN1]
    found = store.connector.find(T.EMAIL, [flt("e", "content", "Quarterly   FORECAST", "contains")])
    assert [e.key for e in found] == [fx.HTML_ONLY]                   # HTML-only body, tags stripped
    assert store.connector.find(T.EMAIL, [flt("e", "content", "href", "contains")]) == []


def test_apply_filter_answers_content_and_subject(store):
    items = store.emails()
    assert store.connector.apply_filter(T.EMAIL, items, flt("e", "content", "both files", "contains")) == {fx.ATTACHMENTS}
    assert store.connector.apply_filter(T.EMAIL, items, flt("e", "subject", "naïve", "contains")) == {fx.UNKNOWN_CHARSET}
    assert store.connector.apply_filter(T.PERSON, {}, flt("p", "name", "x")) is None


def test_find_persons_files_and_webpages(store):
    c = store.connector
    assert [p.key for p in c.find(T.PERSON, [flt("p", "name", "Doe, Jane")])] == ["jane.doe@example.com"]
    assert [p.key for p in c.find(T.PERSON, [flt("p", "name", "carol")])] == ["carol@example.com"]
    assert [p.key for p in c.find(T.PERSON, [flt("p", "email_address", "BOB@example.com")])] == ["bob@example.com"]
    assert [f.key for f in c.find(T.FILE, [flt("f", "extension", "docx")])] == [fx.RESUME]
    assert [f.key for f in c.find(T.FILE, [flt("f", "name", "REPORT.pdf")])] == ["report.pdf"]
    assert {w.key for w in c.find(T.WEBPAGE, [flt("w", "url", "example.net")])} == {"http://Example.NET/Slides"}
    assert c.find(T.EVENT, [flt("ev", "name", "x")]) is None


def test_an_ambiguous_first_name_is_reported(tmp_path):
    box = [fx.qp_latin1(), fx.appended()]
    box[1].replace_header("From", "Jane Park <jpark@example.com>")
    fx.write_mbox(tmp_path / "data.mbox", box)
    conn = MboxConnector(fx.source("mbox", tmp_path / "data.mbox"), fx.make_context(tmp_path / "cache"))
    with pytest.raises(NameAmbiguousError):
        conn.find(T.PERSON, [flt("p", "name", "Jane")])


def test_large_selections_are_chunked(store):
    keys = [f"<unknown-{i}@example.com>" for i in range(3000)] + [fx.ATTACHMENTS]
    links, _ = store.call("email_from_person", T.EMAIL, keys)
    assert links == {fx.ATTACHMENTS: {"jane.doe@example.com"}}
    addresses = [f"nobody{i}@example.com" for i in range(2500)] + ["bob@example.com"]
    links, _ = store.call("person_participants_email", T.PERSON, addresses)
    assert set(links) == {"bob@example.com"}


# -- the index ------------------------------------------------------------------------------------------------

def test_tools_build_the_index_on_first_use(store):
    assert not (store.cache / "index").exists()
    links, _ = store.call("email_from_person", T.EMAIL, [fx.ATTACHMENTS])
    assert links and list((store.cache / "index").glob(f"{store.kind}-*.sqlite"))
    assert any(stage.startswith("indexing") for stage, _done, _total in store.collected.progress)


def test_only_the_cache_dir_is_written(store, tmp_path):
    before = fx.tree_state(tmp_path, tmp_path / "cache")
    store.connector.refresh_index()
    store.call("person_participants_email", T.PERSON, None)
    store.connector.find(T.EMAIL, [flt("e", "content", "notes", "contains")])
    store.connector.close()
    assert fx.tree_state(tmp_path, tmp_path / "cache") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "data"]
    assert list((tmp_path / "cache" / "index").iterdir())


def test_an_unchanged_source_is_not_parsed_again(store):
    first = store.connector.refresh_index()
    assert first.parsed > 0
    store.connector.close()
    store.connector = store.open()                      # a new run, same cache
    second = store.connector.refresh_index()
    assert second.parsed == 0 and second.removed == 0 and second.reused >= 1
    assert fx.ATTACHMENTS in store.emails()


def test_appending_to_the_mbox_reads_only_the_new_message(mbox_store):
    mbox_store.connector.refresh_index()
    before = set(mbox_store.emails())
    fx.append_to_mbox(mbox_store.path, fx.appended())
    report = mbox_store.connector.refresh_index()
    assert report.parsed == 1                           # only what was appended is read
    assert set(mbox_store.emails()) == before | {fx.APPENDED}
    links, _ = mbox_store.call("person_from_email", T.PERSON, ["bob@example.com"])
    assert fx.APPENDED in links["bob@example.com"]


def test_deleting_a_maildir_message_removes_it(tmp_path):
    store = Store("maildir", tmp_path)
    store.connector.refresh_index()
    mailbox.Maildir(store.path, create=False).remove(store.keys[fx.ATTACHMENTS])
    report = store.connector.refresh_index()
    assert report.removed == 1 and report.parsed == 0
    assert fx.ATTACHMENTS not in store.emails()
    assert store.connector.find(T.FILE, [flt("f", "name", "report.pdf")]) == []


def test_maildir_sub_folders_are_indexed(tmp_path):
    store = Store("maildir", tmp_path)
    assert (store.path / ".Sent").is_dir()
    links, _ = store.call("email_to_person", T.EMAIL, [fx.SENT_FROM_MAILDIR])
    assert links == {fx.SENT_FROM_MAILDIR: {"jane.doe@example.com"}}


def test_a_folder_of_mbox_files_skips_one_that_is_not_an_mbox(tmp_path):
    folder = tmp_path / "Takeout" / "Mail"
    folder.mkdir(parents=True)
    fx.write_mbox(folder / "All mail Including Spam and Trash.mbox", [fx.qp_latin1(), fx.attachments()])
    fx.write_mbox(folder / "Archive.mbox", [fx.appended()])
    (folder / "broken.mbox").write_bytes(b"this is not an mbox\n")
    collected = fx.Collected()
    conn = MboxConnector(fx.source("mbox", tmp_path / "Takeout"), fx.make_context(tmp_path / "cache", collected=collected))
    report = conn.refresh_index()
    assert report.parsed == 3
    assert {e.key for e in conn.find(T.EMAIL, [])} == {fx.QP_LATIN1, fx.ATTACHMENTS, fx.APPENDED}
    assert len(collected.about("broken.mbox")) == 1


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_mbox_is_skipped_with_a_warning(tmp_path):
    folder = tmp_path / "mail"
    folder.mkdir()
    fx.write_mbox(folder / "a.mbox", [fx.attachments()])
    fx.write_mbox(folder / "locked.mbox", [fx.appended()])
    (folder / "locked.mbox").chmod(0)
    collected = fx.Collected()
    conn = MboxConnector(fx.source("mbox", folder), fx.make_context(tmp_path / "cache", collected=collected))
    try:
        assert conn.refresh_index().parsed == 1
        assert len(collected.about("locked.mbox")) == 1
    finally:
        (folder / "locked.mbox").chmod(0o600)


def test_a_duplicated_message_is_one_email(tmp_path):
    folder = tmp_path / "mail"
    folder.mkdir()
    fx.write_mbox(folder / "a.mbox", [fx.attachments()])
    fx.write_mbox(folder / "b.mbox", [fx.attachments()])
    conn = MboxConnector(fx.source("mbox", folder), fx.make_context(tmp_path / "cache"))
    links = list(conn.email_has_attachment_file(Selection(T.EMAIL, None)))
    assert sorted({f.key for _k, f in links}) == ["report.pdf", fx.RESUME]
    assert len({known for known, _f in links}) == 1  # both copies are one email
    assert len(conn.find(T.EMAIL, [])) == 1


# -- against the corpus oracle --------------------------------------------------------------------------------

def test_every_edge_matches_the_synthetic_corpus_facts(tmp_path):
    """The generated corpus is full of realistic traps; its Facts say what every edge must be."""
    from tests.corpus import generate_corpus

    facts = generate_corpus(tmp_path / "corpus", emails=300, events=10, files=10, seed=3, today=date(2026, 2, 15),
                            story=True)
    collected = fx.Collected()
    ctx = fx.make_context(tmp_path / "cache", tz=ZoneInfo(facts.timezone), self_emails=tuple(facts.self_addresses),
                          collected=collected)
    conn = MboxConnector(fx.source("mbox", tmp_path / "corpus" / "mail.mbox"), ctx)
    mine = set(facts.self_addresses)

    def edges(tool: str) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for known, item in conn.tools()[tool](Selection(T.EMAIL, None)):
            out.setdefault(known, set()).add(item.key)
        return out

    senders = {k: v for k, v in edges("email_from_person").items()}
    for k in edges("email_from_self"):
        senders[k] = {SELF_KEY}
    recipients = edges("email_to_person")
    for k in edges("email_to_self"):
        recipients.setdefault(k, set()).add(SELF_KEY)
    files, urls, days = edges("email_has_attachment_file"), edges("email_mentions_url_webpage"), edges("email_sent_on_date")
    emails = {e.key: e for e in conn.find(T.EMAIL, [])}
    assert set(emails) == {f.message_id for f in facts.emails}
    tz = ZoneInfo(facts.timezone)
    for fact in facts.emails:
        key = fact.message_id
        as_item = lambda a: SELF_KEY if a in mine else a
        assert senders[key] == {as_item(fact.sender)}, key
        assert recipients.get(key, set()) == {as_item(a) for a in fact.recipients}, key
        assert files.get(key, set()) == set(fact.attachments), key
        assert urls.get(key, set()) == set(fact.urls), key
        local = fact.date.astimezone(tz).date()
        assert days[key] == {DateRange(local, date.fromordinal(local.toordinal() + 1)).key()}, key
        assert emails[key].fields["subject"] == fact.subject
    persons = {p.key: p.fields["name"] for p in conn.find(T.PERSON, [])}
    in_mail = {a for f in facts.emails for a in f.participants} - mine
    assert set(persons) == in_mail
    assert {a: persons[a] for a in in_mail} == {a: facts.people[a] for a in in_mail}
    assert collected.warnings == []


def test_warnings_stop_being_listed_after_the_cap(tmp_path):
    fx.write_mbox(tmp_path / "bad.mbox", [fx.corrupt_entry()] * 5 + [fx.appended()])
    collected = fx.Collected()
    conn = MboxConnector(fx.source("mbox", tmp_path / "bad.mbox"), fx.make_context(tmp_path / "cache", collected=collected))
    conn.max_warnings = 3
    assert conn.refresh_index().parsed == 1
    assert len(collected.warnings) == 4 and "only the first 3" in collected.warnings[-1]


# -- Maildir freshness: folders by mtime, renames kept ----------------------------------------------------------

class ListingMaildir(MaildirConnector):
    """The real connector, counting the folders it lists (to show an unchanged folder is not listed)."""

    listed: list[str]

    def _list_folder(self, folder: str) -> list[str]:
        self.listed.append(os.path.relpath(folder, self.path))
        return super()._list_folder(folder)


def settled(maildir: Path) -> None:
    """Date every cur/ and new/ folder back a minute, as if written long before the refresh."""
    for folder in maildir.glob("**/cur"):
        for sub in (folder, folder.parent / "new"):
            st = sub.stat()
            os.utime(sub, ns=(st.st_atime_ns, st.st_mtime_ns - 60_000_000_000))


def listing_store(tmp_path: Path) -> Store:
    store = Store("maildir", tmp_path)
    settled(store.path)
    store.connector.close()
    connector = ListingMaildir(fx.source("maildir", store.path), fx.make_context(store.cache, collected=store.collected))
    connector.listed = []
    store.connector = connector
    return store


def message_files(maildir: Path) -> int:
    return sum(1 for sub in ("cur", "new") for folder in [maildir, *maildir.glob(".*")] for f in (folder / sub).iterdir())


def message_counts(store: Store) -> dict[str, int]:
    """Message-ID -> how many rows the index holds for it (a duplicate would show as 2)."""
    conn = store.connector._index.conn
    return {mid: n for mid, n in conn.execute("SELECT message_id, count(*) FROM messages GROUP BY message_id")}


def test_a_maildir_refresh_with_nothing_changed_lists_no_folder(tmp_path):
    store = listing_store(tmp_path)
    first = store.connector.refresh_index()
    assert first.parsed > 0
    assert sorted(store.connector.listed) == [".Sent/cur", ".Sent/new", "cur", "new"]
    store.connector.listed.clear()
    again = store.connector.refresh_index()
    assert (again.parsed, again.removed, again.reused) == (0, 0, message_files(store.path))
    assert store.connector.listed == []  # one stat per folder, no listing, no stat of a message


def test_a_message_moved_from_new_to_cur_with_a_flag_is_the_same_message(tmp_path):
    store = listing_store(tmp_path)
    store.connector.refresh_index()
    before = message_counts(store)
    sender, _ = store.call("email_from_person", T.EMAIL, [fx.ATTACHMENTS])
    key = store.keys[fx.ATTACHMENTS]
    os.rename(store.path / "new" / key, store.path / "cur" / f"{key}:2,S")  # what a mail client does on reading it
    store.connector.listed.clear()
    report = store.connector.refresh_index()
    assert (report.parsed, report.removed) == (0, 0)
    assert sorted(store.connector.listed) == ["cur", "new"]  # .Sent did not change: not listed
    assert message_counts(store) == before
    assert store.call("email_from_person", T.EMAIL, [fx.ATTACHMENTS])[0] == sender


def test_a_flag_change_in_cur_keeps_the_message_once(tmp_path):
    store = listing_store(tmp_path)
    key = store.keys[fx.ATTACHMENTS]
    os.rename(store.path / "new" / key, store.path / "cur" / f"{key}:2,")
    store.connector.refresh_index()
    before = message_counts(store)
    settled(store.path)
    for flags in ("S", "FS", "RS"):
        (old,) = (store.path / "cur").glob(f"{key}:2,*")
        os.rename(old, store.path / "cur" / f"{key}:2,{flags}")
        report = store.connector.refresh_index()
        assert (report.parsed, report.removed) == (0, 0)
        assert message_counts(store) == before


def test_a_message_rewritten_by_mailbox_with_new_flags_is_not_duplicated(tmp_path):
    store = listing_store(tmp_path)
    store.connector.refresh_index()
    box = mailbox.Maildir(store.path, create=False)
    key = store.keys[fx.ATTACHMENTS]
    message = box[key]
    message.set_subdir("cur")
    message.add_flag("S")
    box[key] = message  # the stdlib writes a new file and removes the old one
    box.close()
    store.connector.refresh_index()
    counts = message_counts(store)
    assert counts[normalize_message_id(fx.ATTACHMENTS)] == 1
    fresh = Store("maildir", tmp_path, cache="fresh")
    fresh.connector.refresh_index()
    assert counts == message_counts(fresh)


def test_a_message_moved_to_another_maildir_folder_keeps_its_rows(tmp_path):
    store = listing_store(tmp_path)
    store.connector.refresh_index()
    before = message_counts(store)
    archive = mailbox.Maildir(store.path, create=False).add_folder("Archive")
    archive.close()
    key = store.keys[fx.ATTACHMENTS]
    os.rename(store.path / "new" / key, store.path / ".Archive" / "cur" / f"{key}:2,S")
    report = store.connector.refresh_index()
    assert (report.parsed, report.removed) == (0, 0)
    assert message_counts(store) == before


def test_a_deleted_maildir_message_disappears_from_a_settled_folder(tmp_path):
    store = listing_store(tmp_path)
    store.connector.refresh_index()
    mailbox.Maildir(store.path, create=False).remove(store.keys[fx.ATTACHMENTS])
    report = store.connector.refresh_index()
    assert (report.removed, report.parsed) == (1, 0)
    assert fx.ATTACHMENTS not in store.emails()
    assert store.connector.find(T.FILE, [flt("f", "name", "report.pdf")]) == []


def test_a_new_maildir_sub_folder_and_a_new_message_are_found(tmp_path):
    store = listing_store(tmp_path)
    store.connector.refresh_index()
    box = mailbox.Maildir(store.path, create=False)
    box.add_folder("Later").add(fx.appended())
    report = store.connector.refresh_index()
    assert (report.parsed, report.removed) == (1, 0)
    assert fx.APPENDED in store.emails()


def test_a_folder_changed_in_the_same_clock_tick_as_its_listing_is_listed_again(tmp_path):
    store = Store("maildir", tmp_path)  # just written: its folders changed a moment ago
    store.connector.refresh_index()
    new = store.path / "new"
    st = new.stat()
    mailbox.Maildir(store.path, create=False).add(fx.appended())
    os.utime(new, ns=(st.st_atime_ns, st.st_mtime_ns))  # the same mtime as at the listing
    report = store.connector.refresh_index()
    assert report.parsed == 1 and fx.APPENDED in store.emails()


def test_an_index_without_folder_records_is_reconciled_without_duplicates(tmp_path):
    store = listing_store(tmp_path)
    store.connector.refresh_index()
    before = message_counts(store)
    conn = store.connector._index.conn
    with conn:
        conn.execute("DELETE FROM folders")  # as left by a version that stat-ed every message
    report = store.connector.refresh_index()
    assert (report.parsed, report.removed, report.reused) == (0, 0, message_files(store.path))
    assert message_counts(store) == before


def test_a_read_only_maildir_index_is_compared_file_by_file(tmp_path):
    from queryweaver.errors import IndexStorageError

    store = listing_store(tmp_path)
    store.connector.refresh_index()
    store.connector._index.read_only = True  # as when the cache dir cannot be written (see SourceIndex._open_read_only)
    report = store.connector.refresh_index()
    assert (report.parsed, report.removed, report.reused) == (0, 0, message_files(store.path))
    mailbox.Maildir(store.path, create=False).add(fx.appended())
    with pytest.raises(IndexStorageError):
        store.connector.refresh_index()


# -- Thunderbird's mbox folders -------------------------------------------------------------------------------

def thunderbird_entry(msg, status: str = "0001") -> mailbox.mboxMessage:
    """A message as Thunderbird stores it: its X-Mozilla-Status first, a 'From - date' line."""
    entry = mailbox.mboxMessage(f"X-Mozilla-Status: {status}\nX-Mozilla-Status2: 00000000\n".encode() + msg.as_bytes())
    entry.set_from("-", (2025, 1, 16, 13, 0, 0, 3, 16, 0))
    return entry


def test_a_thunderbird_account_folder_is_read_as_mbox_files_without_extension(tmp_path):
    account = tmp_path / "Local Folders"
    (account / "Archives.sbd").mkdir(parents=True)
    fx.write_mbox(account / "Inbox", [thunderbird_entry(fx.attachments()),
                                      thunderbird_entry(fx.appended(), status="0009")])  # 0x8: expunged
    fx.write_mbox(account / "Archives.sbd" / "2025", [thunderbird_entry(fx.qp_latin1())])
    fx.write_mbox(account / "Trash", [thunderbird_entry(fx.html_only())])
    for summary in ("Inbox.msf", "Archives.sbd/2025.msf", "Trash.msf", "Archives.msf"):
        (account / summary).write_text('// <!-- <mdb:mork:z v="1.4"/> -->\nFrom the summary, not mail\n')
    (account / "msgFilterRules.dat").write_text('version="9"\n')
    (account / "Unsent Messages").write_text("")
    (account / "NOTES").write_text("no From line: not an mbox\n")
    collected = fx.Collected()
    conn = MboxConnector(SourceConfig("mbox", {"path": str(account), "exclude": ["Trash"]}),
                         fx.make_context(tmp_path / "cache", collected=collected))
    report = conn.refresh_index()
    assert {e.key for e in conn.find(T.EMAIL, [])} == {fx.ATTACHMENTS, fx.QP_LATIN1}   # not expunged, not Trash
    assert report.parsed == 2 and collected.warnings == []                             # two mbox files read
    assert sorted(p.relative_to(account).as_posix() for p in conn._inputs()) == ["Archives.sbd/2025", "Inbox"]
    conn.close()
    every = MboxConnector(fx.source("mbox", account), fx.make_context(tmp_path / "cache2"))
    assert fx.HTML_ONLY in {e.key for e in every.find(T.EMAIL, [])}  # without exclude, Trash is read
    by_path = MboxConnector(SourceConfig("mbox", {"path": str(account), "exclude": "Archives.sbd/*"}),
                            fx.make_context(tmp_path / "cache3"))
    assert fx.QP_LATIN1 not in {e.key for e in by_path.find(T.EMAIL, [])}


def test_the_expunged_mark_is_read_from_the_header_only():
    head = b"X-Mozilla-Status: 0009\nFrom: a@b.example\n\nbody\n"
    assert mbox_module.thunderbird_expunged(head)
    assert not mbox_module.thunderbird_expunged(head.replace(b"0009", b"0001"))
    quoted = b"From: a@b.example\nSubject: fwd\n\nX-Mozilla-Status: 0009\n"
    assert not mbox_module.thunderbird_expunged(quoted)  # in the body of a forwarded message
    assert not mbox_module.thunderbird_expunged(b"X-Mozilla-Status: zz\n\n")


# -- Apple Mail's .emlx ---------------------------------------------------------------------------------------

class ListingEmlx(EmlxConnector):
    """The real connector, counting the folders it lists."""

    listed: list[str]

    def _list_folder(self, folder: str) -> list[str]:
        self.listed.append(os.path.relpath(folder, self.path))
        return super()._list_folder(folder)


def settle(folders) -> None:
    """Date folders back a minute, as if written long before the refresh."""
    for folder in folders:
        st = folder.stat()
        os.utime(folder, ns=(st.st_atime_ns, st.st_mtime_ns - 60_000_000_000))


def test_an_emlx_refresh_reads_only_the_messages_folders_that_changed(tmp_path):
    store = tmp_path / "V10"
    files = fx.write_emlx(store, [fx.attachments(), fx.html_only()])
    sent = store / "8F3C2A10-ACCOUNT" / "Sent Messages.mbox" / "AB12" / "Data" / "Messages"
    sent.mkdir(parents=True)
    (sent / "7.emlx").write_bytes(fx.emlx_bytes(fx.sent_from_maildir()))
    settle([files[0].parent, sent])
    conn = ListingEmlx(fx.source("emlx", store), fx.make_context(tmp_path / "cache"))
    conn.listed = []
    assert conn.refresh_index().parsed == 3
    assert len(conn.listed) == 2
    conn.listed.clear()
    again = conn.refresh_index()
    assert (again.parsed, again.removed, again.reused, conn.listed) == (0, 0, 3, [])  # a stat per folder
    (sent / "8.emlx").write_bytes(fx.emlx_bytes(fx.appended()))
    files[1].unlink()
    settle([files[0].parent, sent])
    changed = conn.refresh_index()
    assert (changed.parsed, changed.removed) == (1, 1)
    assert sorted(conn.listed) == [os.path.relpath(p, store) for p in sorted([files[0].parent, sent])]
    assert {e.key for e in conn.find(T.EMAIL, [])} == {fx.ATTACHMENTS, fx.SENT_FROM_MAILDIR, fx.APPENDED}


def test_emlx_files_mail_marked_deleted_or_that_are_not_messages_are_left_out(tmp_path):
    store = tmp_path / "V10"
    [kept, deleted, damaged, truncated, bare] = fx.write_emlx(
        store, [fx.attachments(), fx.appended(), fx.html_only(), fx.qp_latin1(), fx.no_date()])
    deleted.write_bytes(fx.emlx_bytes(fx.appended(), flags=1 | 1 << 1))       # read, deleted: not yet expunged
    damaged.write_bytes(b"<?xml version='1.0'?>\n" + fx.html_only().as_bytes())  # no byte count
    whole = fx.emlx_bytes(fx.qp_latin1())
    truncated.write_bytes(whole[:whole.index(b"<?xml") - 20])                # cut short: no plist, body shorter
    bare.write_bytes(fx.emlx_bytes(fx.no_date()).split(b"<?xml")[0] + b"<?xml not a plist")
    collected = fx.Collected()
    conn = EmlxConnector(fx.source("emlx", store), fx.make_context(tmp_path / "cache", collected=collected))
    emails = {e.key: e for e in conn.find(T.EMAIL, [])}
    assert set(emails) == {fx.ATTACHMENTS, fx.QP_LATIN1, fx.NO_DATE}
    [warning] = collected.about(damaged.name)
    assert "not an Apple Mail message" in warning and "INBOX.mbox" in warning
    assert emails[fx.NO_DATE].fields["date"] is None  # no Date header, and no plist saying when it came
    assert "Both files attached." in conn.read_text(T.EMAIL, fx.ATTACHMENTS)
    assert "plist" not in conn.read_text(T.EMAIL, fx.ATTACHMENTS)


def test_a_partial_emlx_names_its_attachments_from_their_mime_headers(tmp_path):
    store = tmp_path / "V10"
    [path] = fx.write_emlx(store, [fx.attachments()])
    import email as email_lib

    msg = email_lib.message_from_bytes(fx.attachments().as_bytes())
    for part in msg.walk():
        if part.get_filename():
            size = len(part.get_payload(decode=True))
            part.set_payload("")
            part["X-Apple-Content-Length"] = str(size)
    partial = path.with_name(path.name.replace(".emlx", ".partial.emlx"))
    path.unlink()
    partial.write_bytes(fx.emlx_bytes(msg.as_bytes()))
    downloaded = store.joinpath(*partial.relative_to(store).parts[:-2], "Attachments", "101", "2", "report.pdf")
    downloaded.parent.mkdir(parents=True)
    downloaded.write_bytes(fx.REPORT_BYTES)
    conn = EmlxConnector(fx.source("emlx", store), fx.make_context(tmp_path / "cache"))
    conn.refresh_index()
    rows = {r[0]: (r[1], r[2]) for r in conn._index.conn.execute("SELECT filename, sha256, size FROM attachments")}
    assert rows == {"report.pdf": (hashlib.sha256(fx.REPORT_BYTES).hexdigest(), len(fx.REPORT_BYTES)),
                    fx.RESUME: ("", len(fx.RESUME_BYTES))}   # not downloaded: its size as Mail noted it


def test_emlx_exclude_leaves_out_mailboxes_by_name_or_path(tmp_path):
    store = tmp_path / "V10"
    fx.write_emlx(store, [fx.attachments()])
    junk = store / "8F3C2A10-ACCOUNT" / "Junk.mbox" / "AB12" / "Data" / "Messages"
    junk.mkdir(parents=True)
    (junk / "9.emlx").write_bytes(fx.emlx_bytes(fx.appended()))
    keys = lambda **options: {e.key for e in EmlxConnector(  # noqa: E731
        SourceConfig("emlx", {"path": str(store), **options}),
        fx.make_context(tmp_path / f"cache{len(options)}{sorted(options.values())}")).find(T.EMAIL, [])}
    assert keys() == {fx.ATTACHMENTS, fx.APPENDED}
    assert keys(exclude=["Junk.mbox"]) == {fx.ATTACHMENTS}
    assert keys(exclude="8F3C2A10-ACCOUNT/INBOX.mbox") == {fx.APPENDED}


# -- emails handed back by row id, and tools asked for items only ---------------------------------------------

def _links(connector, tool: str, selection: Selection) -> set[tuple[str, str]]:
    return {(known, item.key) for known, item in connector.tools()[tool](selection)}


def _email_known_tools() -> list[str]:
    return sorted(t for t in EMAIL_EDGE_TOOLS if t.startswith("email_"))


def test_emails_a_tool_built_are_looked_up_as_their_message_ids_are(tmp_path):
    """Items a tool built carry their row ids, which later calls use instead of the Message-ID: every Email tool
    must answer for them exactly as for bare keys; a message stored twice (the Sent copy shows a Bcc the Inbox
    copy lacks) counts both copies, and items from before the index was rebuilt are looked up by Message-ID."""
    inbox = fx.new_message("Jane Doe <jane.doe@example.com>", "Plans", "<twice@example.com>",
                           to="Alex Morgan <alex@example.org>", attachment=("plan.pdf", b"%PDF plan"))
    sent = fx.new_message("Jane Doe <jane.doe@example.com>", "Plans", "<twice@example.com>",
                          to="Alex Morgan <alex@example.org>", attachment=("plan.pdf", b"%PDF plan"))
    sent["Bcc"] = "Bob Stone <bob@example.com>"
    box = fx.messages() + [inbox, fx.new_message("Carol King <carol@example.com>", "Notes", "<once@example.com>",
                                                 attachment=("notes.pdf", b"%PDF notes")), sent]
    path = fx.write_mbox(tmp_path / "mail.mbox", box)
    conn = MboxConnector(fx.source("mbox", path), fx.make_context(tmp_path / "cache"))
    built = {item.key: item for _k, item in conn.file_has_attachment_email(Selection(T.FILE, None))}
    built.update((item.key, item) for _k, item in conn.self_to_email(Selection(T.SELF, None)))
    assert any(k.startswith("_row@") for item in built.values() for k in item.fields)
    assert not any(k.startswith("_row@") for k in built["<twice@example.com>"].fields)  # stored twice
    bare = {key: Item(T.EMAIL, key, {}) for key in built}
    for tool in _email_known_tools():
        assert _links(conn, tool, Selection(T.EMAIL, built)) == _links(conn, tool, Selection(T.EMAIL, bare)), tool
    assert ("<twice@example.com>", "bob@example.com") in _links(conn, "email_to_person", Selection(T.EMAIL, built))

    path.unlink()
    fx.write_mbox(path, list(reversed(box)))  # rewritten: read again whole, every message gets another row id
    assert conn.refresh_index().parsed == len(box) - 1  # the corrupt entry is skipped
    for tool in _email_known_tools():
        assert _links(conn, tool, Selection(T.EMAIL, built)) == _links(conn, tool, Selection(T.EMAIL, bare)), tool
    conn.close()


def test_tools_asked_for_items_only_reach_the_same_items(tmp_path):
    """``Selection.links = False``: a tool may drop the known side of its links, never an item."""
    from tests.corpus import generate_corpus

    facts = generate_corpus(tmp_path / "corpus", emails=300, events=30, files=10, seed=5, today=date(2026, 2, 15),
                            story=True)
    ctx = fx.make_context(tmp_path / "cache", tz=ZoneInfo(facts.timezone), self_emails=tuple(facts.self_addresses))
    conn = MboxConnector(fx.source("mbox", tmp_path / "corpus" / "mail.mbox"), ctx)
    some = {T.PERSON: sorted(facts.people)[:40], T.FILE: None, T.WEBPAGE: None, T.SELF: [SELF_KEY], T.DATE: None}
    emails = sorted(item.key for item in conn.find(T.EMAIL, []))[::3]
    checked = 0
    for tool, call in sorted(conn.tools().items()):
        known = next(spec.known for spec in conn.tool_specs() if spec.name == tool)
        keys = emails if known == T.EMAIL else some.get(known)
        for chosen in (None, keys):
            items = None if chosen is None else {k: Item(known, k, {}) for k in chosen}
            every = {item.key for _k, item in call(Selection(known, items))}
            only = {item.key for _k, item in call(Selection(known, items, links=False))}
            assert only == every, (tool, chosen is None)
            checked += bool(every)
    assert checked >= 20
    conn.close()


def test_emails_a_tool_reaches_are_dated_once_described(store):
    """A tool leaves an email's date text to ``describe`` (most emails it reaches are never shown); described,
    it carries the same fields ``find`` gives."""
    found = store.emails()
    _links, reached = store.call("self_to_email", T.SELF, [SELF_KEY])
    assert reached and all("date" not in item.fields for item in reached.values())
    store.connector.describe(T.EMAIL, reached)
    for key, item in reached.items():
        assert item.output() == found[key].output()


# -- parsing in worker processes ------------------------------------------------------------------------------

def _index_rows(conn: MailStoreConnector) -> dict[str, list[tuple]]:
    db = conn._index.conn
    return {table: [tuple(r) for r in db.execute(f"SELECT * FROM {table} ORDER BY rowid")]
            for table in ("messages", "bodies", "addresses", "attachments", "urls")}


def _mbox_with_traps(tmp_path: Path) -> Path:
    """A generated mailbox of 1,200 messages with the parsing traps (a corrupt entry among them) at the start."""
    from tests.corpus import generate_corpus

    generate_corpus(tmp_path / "corpus", emails=1200, events=5, files=5, seed=9, today=date(2026, 2, 15))
    path = tmp_path / "mail.mbox"
    fx.write_mbox(path)
    with open(path, "ab") as out, open(tmp_path / "corpus" / "mail.mbox", "rb") as generated:
        out.write(generated.read())
    return path


def _build(path: Path, cache: Path, workers: int, task_bytes: int | None = None, progress=None):
    collected = fx.Collected()
    context = fx.make_context(cache, collected=collected)
    context.index_workers = workers
    if progress:
        context.progress = progress
    conn = MboxConnector(fx.source("mbox", path), context)
    if task_bytes:
        conn.task_bytes = task_bytes
    report = conn.refresh_index()
    return conn, report, collected


@pytest.mark.parametrize("batch", [None, "7"])
def test_an_mbox_parsed_in_worker_processes_is_indexed_exactly_as_in_one(tmp_path, monkeypatch, batch):
    """The same rows, in the same order, with the same warnings; with small batches a worker's run is written in
    pieces, a batch committed where it falls due (test_index_faults checks where a killed build stopped)."""
    path = _mbox_with_traps(tmp_path)
    alone, report, said = _build(path, tmp_path / "alone", workers=0)
    if batch:
        monkeypatch.setenv("QUERYWEAVER_INDEX_BATCH", batch)
    together, report2, said2 = _build(path, tmp_path / "together", workers=2, task_bytes=40_000)  # ~40 tasks
    assert report2.parsed == report.parsed > 1200
    assert said2.warnings == said.warnings and any("message 5 (byte" in w for w in said.warnings)
    assert _index_rows(together) == _index_rows(alone)
    alone.close()
    together.close()


def test_workers_that_die_leave_the_rest_to_the_parent(tmp_path):
    """The parsing workers SIGKILLed mid-build: the build says so once, parses the rest itself, and the index is
    the one a build in one process makes."""
    import multiprocessing
    import signal

    path = _mbox_with_traps(tmp_path)
    alone, _report, _said = _build(path, tmp_path / "alone", workers=0)
    killed: list[int] = []

    def kill_the_workers(stage: str, done: int, total: int | None = None) -> None:
        workers = multiprocessing.active_children()  # every one: a worker killed while idle loses nothing
        if not killed and workers:
            for worker in workers:
                killed.append(worker.pid)
                os.kill(worker.pid, signal.SIGKILL)

    together, report, said = _build(path, tmp_path / "together", workers=2, task_bytes=20_000, progress=kill_the_workers)
    assert killed and report.parsed == _report.parsed
    assert len([w for w in said.warnings if "the rest is parsed in this process" in w]) == 1
    assert _index_rows(together) == _index_rows(alone)
    assert multiprocessing.active_children() == []
    alone.close()
    together.close()


def _maildir_of(mbox: Path, folder: Path) -> Path:
    box = mailbox.Maildir(folder, create=True)
    for message in mailbox.mbox(mbox):
        box.add(mailbox.MaildirMessage(message))
    box.close()
    return folder


def _build_maildir(path: Path, cache: Path, workers: int, progress=None):
    collected = fx.Collected()
    context = fx.make_context(cache, collected=collected)
    context.index_workers = workers
    if progress:
        context.progress = progress
    conn = MaildirConnector(fx.source("maildir", path), context)
    conn.files_per_task = 20  # many tasks: some are still to come when a worker is killed
    return conn, conn.refresh_index(), collected


def _maildir_rows(conn: MailStoreConnector) -> dict[str, list[tuple]]:
    """The index by message file (row ids and input ids follow the order files are stored in)."""
    db = conn._index.conn
    return {"messages": sorted(tuple(r) for r in db.execute(
                "SELECT i.path, m.message_id, m.subject, m.date_utc, m.from_addr FROM messages m "
                "JOIN inputs i ON i.id = m.input")),
            "addresses": sorted(tuple(r) for r in db.execute(
                "SELECT i.path, a.role, a.addr, a.name FROM addresses a JOIN inputs i ON i.id = a.input")),
            "attachments": sorted(tuple(r) for r in db.execute(
                "SELECT i.path, a.filename, a.sha256 FROM attachments a JOIN inputs i ON i.id = a.input")),
            "inputs": sorted(r[0] for r in db.execute("SELECT path FROM inputs"))}


def test_a_maildir_parsed_in_worker_processes_is_indexed_as_in_one(tmp_path):
    folder = _maildir_of(_mbox_with_traps(tmp_path), tmp_path / "Maildir")
    alone, report, said = _build_maildir(folder, tmp_path / "alone", workers=0)
    together, report2, said2 = _build_maildir(folder, tmp_path / "together", workers=2)
    assert report2.parsed == report.parsed > 1200
    assert sorted(said2.warnings) == sorted(said.warnings) and said.warnings
    assert _maildir_rows(together) == _maildir_rows(alone)
    alone.close()
    together.close()


def test_maildir_workers_that_die_leave_the_rest_to_the_refresh(tmp_path):
    import multiprocessing
    import signal

    folder = _maildir_of(_mbox_with_traps(tmp_path), tmp_path / "Maildir")
    alone, report, _said = _build_maildir(folder, tmp_path / "alone", workers=0)
    killed: list[int] = []

    def kill_the_workers(stage: str, done: int, total: int | None = None) -> None:
        workers = multiprocessing.active_children()
        if not killed and workers and done:
            for worker in workers:
                killed.append(worker.pid)
                os.kill(worker.pid, signal.SIGKILL)

    together, report2, said = _build_maildir(folder, tmp_path / "together", workers=2, progress=kill_the_workers)
    assert killed and report2.parsed == report.parsed
    assert len([w for w in said.warnings if "the rest is parsed in this process" in w]) == 1
    assert _maildir_rows(together) == _maildir_rows(alone)
    assert multiprocessing.active_children() == []
    alone.close()
    together.close()


def test_index_workers_is_a_count_of_processes(tmp_path):
    from queryweaver.config import parse_config
    from queryweaver.connector import Context
    from queryweaver.errors import ConfigError

    config = parse_config({"index": {"workers": 3}}, base=tmp_path)
    assert Context.from_config(config).index_workers == 3
    for wrong in ("two", -1, True, 1.5):
        with pytest.raises(ConfigError, match=r"\[index\] workers = .* is not a number of processes; write 0"):
            parse_config({"index": {"workers": wrong}}, base=tmp_path)


def test_the_message_ids_stored_twice_are_kept_and_renewed_when_a_copy_arrives(tmp_path):
    """Which Message-IDs are stored twice is kept in the index (a question need not group every message);
    a later connector reads the note, and an appended second copy of a message renews it."""
    first = fx.new_message("Jane Doe <jane.doe@example.com>", "Plans", "<plans@example.com>",
                           to="Alex Morgan <alex@example.org>", attachment=("plan.pdf", b"%PDF plan"))
    path = fx.write_mbox(tmp_path / "mail.mbox", fx.messages() + [first])

    def row_handled(key: str) -> bool:
        with MboxConnector(fx.source("mbox", path), fx.make_context(tmp_path / "cache")) as conn:
            built = {item.key: item for _k, item in conn.file_has_attachment_email(Selection(T.FILE, None))}
            note = conn._index.conn.execute("SELECT value FROM meta WHERE key = 'stored_twice'").fetchone()
        assert note is not None  # kept for the next question
        return any(k.startswith("_row@") for k in built[key].fields)

    assert row_handled("<plans@example.com>")
    assert row_handled("<plans@example.com>")  # read from the note
    fx.append_to_mbox(path, fx.new_message("Jane Doe <jane.doe@example.com>", "Plans", "<plans@example.com>",
                                           to="Alex Morgan <alex@example.org>", attachment=("plan.pdf", b"%PDF plan")))
    assert not row_handled("<plans@example.com>")  # now stored twice: looked up by Message-ID, both copies count


def test_a_note_is_not_kept_while_another_process_holds_the_write_lock(tmp_path):
    import sqlite3
    import time

    path = fx.write_mbox(tmp_path / "mail.mbox", fx.messages())
    with MboxConnector(fx.source("mbox", path), fx.make_context(tmp_path / "cache")) as conn:
        conn.refresh_index()
        index = conn._index
        other = sqlite3.connect(index.db_path, timeout=1)
        other.execute("BEGIN IMMEDIATE")  # a build elsewhere, writing
        started = time.monotonic()
        assert index.remember("note", "x") is False
        assert time.monotonic() - started < 5  # never waits as a build would
        other.rollback()
        other.close()
        assert index.remember("note", "y") is True
        assert index.conn.execute("SELECT value FROM meta WHERE key = 'note'").fetchone()[0] == "y"


def test_an_mbox_builds_progress_says_it_counts_bytes(tmp_path):
    """The mbox's progress is in bytes read, its inputs' in files: each line says which, and its numbers are
    grouped in thousands, on a pipe (a start and an end line) and on a terminal (a bar)."""
    import io

    from queryweaver.cli import StderrProgress

    path = _mbox_with_traps(tmp_path)
    size = path.stat().st_size
    assert size > 1000
    piped = io.StringIO()
    _build(path, tmp_path / "piped", workers=0, progress=StderrProgress(stream=piped, delay=0))
    lines = piped.getvalue().splitlines()
    assert f"indexing {path.name}, bytes read: done ({size:,})" in lines
    assert lines[-1] == f"indexing mbox {path.name}, files read: done (1)"  # the inputs: one file

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    shown = Terminal()
    _build(path, tmp_path / "terminal", workers=0, progress=StderrProgress(stream=shown, delay=0))
    assert f"\rindexing {path.name}, bytes read [{'#' * 30}] {size:,}/{size:,}\n" in shown.getvalue()
