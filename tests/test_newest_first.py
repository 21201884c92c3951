"""A variable that keeps only its first or last Email starts from the few items nearest that end
(``connector.Newest``): the mail tools' side of the contract, on a real mbox written with the standard library
(many messages on one timestamp, undated ones, a busy sender and a rare one), and the executor's side, which
must give the answers and evidence of running on every item (the planners' comparison on every graph of the
question sets, with the window cut to one and two items, is in test_cost_planner.py)."""

from __future__ import annotations

import mailbox
import random
from email.message import EmailMessage
from email.utils import format_datetime
from datetime import datetime, timedelta, timezone
from pathlib import Path

import mail_fixtures as fx
import pytest

from connectors.mbox import MboxConnector
from queryweaver.connector import Newest, Selection
from queryweaver.items import SELF_KEY, DateRange, Item
from queryweaver.schema import EntityType as T

BUSY, RARE, OTHER = "busy@example.com", "rare@example.com", "other@example.com"
START = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)


def write_mail(path: Path, seed: int = 7) -> None:
    """240 messages: times drawn from 40 values (ties everywhere), every 23rd undated, BUSY sending most, RARE a
    few, the user some; some with attachments (one name on many) and links."""
    rng = random.Random(seed)
    box = mailbox.mbox(path)
    for n in range(240):
        msg = EmailMessage()
        sender = RARE if n % 40 == 0 else rng.choice([BUSY] * 6 + [OTHER] * 2 + [fx.ME] * 3)
        to = fx.ME if sender != fx.ME else rng.choice([BUSY, OTHER, RARE])
        msg["From"] = sender
        msg["To"] = to
        if n % 5 == 0:
            msg["Cc"] = rng.choice([BUSY, OTHER, fx.ME])
        msg["Subject"] = f"message {n}"
        msg["Message-ID"] = f"<m{n}@example.com>"
        if n % 23 != 7:
            msg["Date"] = format_datetime(START + timedelta(hours=7 * rng.randrange(40)))
        body = f"see https://example.com/page{n % 3}\n" if n % 4 == 0 else "no link\n"
        msg.set_content(body)
        if n % 3 == 0:
            msg.add_attachment(b"%PDF-1.4", maintype="application", subtype="pdf",
                               filename="minutes.pdf" if n % 2 else f"report-{n % 7}.pdf")
        box.add(msg)
    box.flush()
    box.close()


@pytest.fixture(scope="module")
def connector(tmp_path_factory):
    root = tmp_path_factory.mktemp("newest")
    write_mail(root / "mail.mbox")
    conn = MboxConnector(fx.source("mbox", root / "mail.mbox"), fx.make_context(root / "cache"))
    conn.refresh_index()
    yield conn
    conn.close()


def selections(connector) -> list[tuple[str, T, dict[str, Item] | None]]:
    """(tool, known type, known items) for every tool bringing emails, with a few known sets each."""
    person = lambda *keys: {k: Item(T.PERSON, k, {}) for k in keys}  # noqa: E731
    days = Item(T.DATE, "r", {"range": DateRange(START.date(), (START + timedelta(days=6)).date())})
    span = Item(T.DATE, "s", {"range": DateRange((START + timedelta(days=3)).date(), (START + timedelta(days=9)).date())})
    files = {k: Item(T.FILE, k, {}) for k in ["minutes.pdf", "report-3.pdf", "report-0.pdf"]}
    pages = {k: Item(T.WEBPAGE, k, {}) for k in ["https://example.com/page0", "https://example.com/page2"]}
    out = []
    for edge in ("from", "to", "participants"):
        for known in (person(BUSY), person(RARE), person(BUSY, RARE, OTHER), None):
            out.append((f"person_{edge}_email", T.PERSON, known))
        out.append((f"self_{edge}_email", T.SELF, {SELF_KEY: Item(T.SELF, SELF_KEY, {})}))
    out += [("date_sent_on_email", T.DATE, {"r": days}), ("date_sent_on_email", T.DATE, {"r": days, "s": span}),
            ("date_sent_on_email", T.DATE, None), ("file_has_attachment_email", T.FILE, files),
            ("file_has_attachment_email", T.FILE, None), ("webpage_mentions_url_email", T.WEBPAGE, pages)]
    return out


def links_of(fn, selection: Selection) -> tuple[dict[str, set], dict[str, float | None]]:
    links: dict[str, set] = {}
    times: dict[str, float | None] = {}
    for known, item in fn(selection):
        links.setdefault(item.key, set()).add(known)
        times[item.key] = item.fields.get("_ts")
    return links, times


@pytest.mark.parametrize("end", ["last", "first"])
@pytest.mark.parametrize("count", [1, 3, 17, 1000])
@pytest.mark.parametrize("with_links", [True, False])
def test_a_tool_leaves_out_only_items_not_beyond_its_cut_and_gives_every_link_of_those_beyond(
        connector, end, count, with_links):
    beyond = (lambda ts, cut: ts > cut) if end == "last" else (lambda ts, cut: ts < cut)
    cut_some = 0
    for tool, type_, known in selections(connector):
        fn = connector.tools()[tool]
        full, times = links_of(fn, Selection(type_, known, links=with_links))
        hint = Newest(end, count)
        got, _ = links_of(fn, Selection(type_, known, links=with_links, newest=hint))
        where = f"{tool} {sorted(known or [])} {end} {count}"
        assert set(got) <= set(full), where
        dated = {k for k, ts in times.items() if ts is not None}
        if hint.cut is None:  # nothing dated left out
            assert dated <= set(got), where
            continue
        cut_some += 1
        assert len(got) >= 1, where
        for key in dated:
            if beyond(times[key], hint.cut):  # came, with every link it has
                assert key in got and (not with_links or got[key] == full[key]), where
            elif key not in got:
                assert not beyond(times[key], hint.cut), where
    if count < 17:
        assert cut_some >= 8, "the hint was taken by many tools"


def test_a_busy_sender_is_walked_by_date_and_a_rare_one_sorted(connector):
    """Both ways of finding the newest give the same emails: walking every message by date (the busy sender,
    the user) and sorting the sender's own (the rare one)."""
    fn = connector.tools()["person_from_email"]
    for who in (BUSY, RARE):
        full, times = links_of(fn, Selection(T.PERSON, {who: Item(T.PERSON, who, {})}))
        newest = sorted((ts for ts in times.values() if ts is not None), reverse=True)
        hint = Newest("last", 3)
        got, got_times = links_of(fn, Selection(T.PERSON, {who: Item(T.PERSON, who, {})}, newest=hint))
        assert sorted(got_times.values(), reverse=True) == newest[:len(got)]
        assert (hint.cut is None) == (len(newest) < 3)
    # the walk is taken where the sender's messages are many (its count stops at the square root of 3 x 240)
    inner = "SELECT a.msg FROM addresses a WHERE a.role IN (?)"
    assert connector._common(inner, [BUSY], ("from",), Newest("last", 3))
    assert not connector._common(inner, [RARE], ("from",), Newest("last", 3))


# -- the executor: the same answers as running on every item -----------------------------------------------------

def _graph(end: str, *constraints: dict, vars_: dict[str, str]) -> dict:
    return {"action": "find", "return_var": "e", "return_mode": "one", "vars": {"e": "Email", **vars_},
            "constraints": [*constraints, {"kind": "filter", "var": "e", "field": "ordinal", "op": "=", "value": end}]}


def _edge(a: str, edge: str, b: str) -> dict:
    return {"kind": "edge", "from": a, "edge": edge, "to": b}


def _filter(var: str, field: str, value: str, op: str = "=") -> dict:
    return {"kind": "filter", "var": var, "field": field, "op": op, "value": value}


def ordinal_graphs() -> list[dict]:
    """First and last emails of the tie-heavy mail: a busy sender (walked by date), with one more condition each
    that the newest few often fail (an attachment, a link, a day, being to the user)."""
    out = []
    for end in ("last", "first"):
        busy = _filter("p", "email_address", BUSY)
        out += [
            _graph(end, _edge("e", "from", "s"), vars_={"s": "Self"}),
            _graph(end, _edge("e", "from", "p"), busy, vars_={"p": "Person"}),
            _graph(end, _edge("e", "from", "p"), busy, _edge("e", "has_attachment", "f"),
                   _filter("f", "name", "minutes.pdf"), vars_={"p": "Person", "f": "File"}),
            _graph(end, _edge("e", "from", "p"), busy, _edge("e", "mentions_url", "w"),
                   vars_={"p": "Person", "w": "Webpage"}),
            _graph(end, _edge("e", "to", "s"), _edge("e", "sent_on", "d"), _filter("d", "value", "March 2025"),
                   vars_={"s": "Self", "d": "Date"}),
            _graph(end, _edge("e", "participants", "s"), _edge("e", "has_attachment", "f"),
                   _filter("f", "extension", "pdf"), vars_={"s": "Self", "f": "File"}),
            _graph(end, _edge("e", "from", "p"), _filter("p", "email_address", RARE), _edge("e", "to", "s"),
                   vars_={"p": "Person", "s": "Self"}),
        ]
    return out


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    from queryweaver.config import load_config
    from queryweaver.engine import Engine

    root = tmp_path_factory.mktemp("newest-engine")
    write_mail(root / "mail.mbox")
    (root / "config.toml").write_text(
        f'[self]\nname = "Alex Morgan"\nemails = ["{fx.ME}"]\ntimezone = "UTC"\ntoday = "2026-02-15"\n\n'
        f'[[sources]]\ntype = "mbox"\npath = "mail.mbox"\n\n[index]\ncache_dir = "{root / "cache"}"\n',
        encoding="utf-8")
    with Engine(load_config(root / "config.toml")) as engine:
        yield engine


@pytest.mark.parametrize("window", [1, 2, 3, 5])
def test_the_pick_from_the_newest_few_is_the_pick_from_all(engine, window):
    """Ties on one time everywhere: a pick that ties the cut must not stand (another item on that time, left
    out, may come first by key), and a variable none of whose few items pass runs again on all of them."""
    from queryweaver.graph import QueryGraph

    seen = {"partial": 0, "widened": 0}

    def count(event) -> None:
        seen["partial"] += bool(event.data.get("partial"))
        seen["widened"] += bool(event.data.get("widened"))

    engine.newest_first = window
    try:
        for graph in ordinal_graphs():
            parsed = QueryGraph.parse(graph)
            paper = engine.run(parsed, planner="paper")
            cost = engine.run(parsed, planner="cost", on_event=count)
            assert paper.count == 1, graph
            assert [i.key for i in cost.items] == [i.key for i in paper.items], graph
            assert cost.to_json()["items"][0]["evidence"] == paper.to_json()["items"][0]["evidence"], graph
    finally:
        engine.newest_first = None
    assert seen["partial"] >= 8 and seen["widened"] >= 2, seen


def test_the_plan_says_which_step_starts_from_the_nearest_few(engine):
    """The default window (50) on a step expected to bring more; --verbose and the web UI show it in the plan."""
    from queryweaver.graph import QueryGraph
    from queryweaver.planner import CallTool

    for end, near in (("last", "newest"), ("first", "oldest")):
        plan = engine.plan(QueryGraph.parse(_graph(end, _edge("e", "to", "s"), vars_={"s": "Self"})))
        step = next(s for s in plan.steps if isinstance(s, CallTool))
        assert step.newest == 50 and step.ordinal == end
        assert f"(the 50 {near} first; all of them if that leaves the {end} unsure)" in step.describe()
    engine.newest_first = 1000  # more than the mailbox holds: no step expects that many, none takes a window
    try:
        plan = engine.plan(QueryGraph.parse(_graph("last", _edge("e", "to", "s"), vars_={"s": "Self"})))
        assert not any(s.newest for s in plan.steps if isinstance(s, CallTool))
    finally:
        engine.newest_first = None
