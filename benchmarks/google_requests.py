"""What the paper's seven questions cost against Google: our Gmail/Calendar connectors vs a naive client.

    python benchmarks/google_requests.py [--emails 25000] [--events 2000] [--files 5000] [--faults 0.2]
                                         [--mode live|synced|both]

A synthetic account (``tests.corpus``, with the story that gives each question a known answer) is served
by the fake Google server (``tests/fake_google.py``) in its own process, on 127.0.0.1; the real
google-api-python-client talks to it over HTTP. Each question runs through the real engine (planner and
executor) with three sources: gmail, gcal, and files (for Q6's folders). For every question we report:

* ``ours cold``  — a fresh cache: what a first run costs;
* ``ours warm``  — the same question again in a new process (empty in-memory state, the SQLite cache kept);
* ``naive``      — a client with no pushdown: list every message, ``messages.get`` each one (format=full, one
  HTTP request each, 4 in flight), list every event of every calendar; then answer locally with the same
  engine, so its answers are checked too;
* ``ours faults`` — cold again, with ``--faults`` of all answers (top-level and batch items) replaced by
  429/500/503: answers must not change.

"calls" are API calls as Google counts them (a batch of n is n calls); "http" are requests on the wire;
"units" are Gmail quota units at the published per-method cost. The last line is
``RESULT requests_ratio=<ours cold calls / naive calls> exact=<questions exact in every run>/7``.

The synced mode (``--mode synced``; ``both`` runs it after the live one) uses ``sync = true`` sources
(Gmail with ``bodies = true``, for Q7's links): it reports the first sync, a day's incremental sync with
``--new-mail`` (200) new messages (from new people, on the corpus's today, so no answer changes), and the
seven questions after it (each in a fresh engine; the goal is 0 requests), then all of it again in a new
cache with ``--faults`` injected. Its last line is ``RESULT synced first_sync_calls=… incremental_calls=…
question_calls=… exact=…/7``.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from connectors.files import FilesConnector  # noqa: E402
from connectors.gcal import GcalConnector  # noqa: E402
from connectors.gmail import GmailConnector, _addresses, _headers, _walk, record_from_resource  # noqa: E402
from connectors.gmail_mirror import SyncInterrupted  # noqa: E402
from connectors.google_http import RetryPolicy  # noqa: E402
from connectors.mailstore import html_to_text, normalize_message_id  # noqa: E402
from queryweaver.config import Config, SourceConfig  # noqa: E402
from queryweaver.connector import Context  # noqa: E402
from tests.corpus import DEMO_ALIAS, DEMO_TODAY, Facts, expected_answers, generate_corpus, oracle_keys  # noqa: E402
from queryweaver.engine import Engine  # noqa: E402
from queryweaver.graph import QueryGraph  # noqa: E402
from queryweaver.paper_graphs import DEMO_NAMES, paper_graphs  # noqa: E402
from tests.fake_google import (  # noqa: E402
    FakeMessage,
    _mail,
    Matcher,
    RemoteFake,
    _event_text,
    _instant,
    parse_query,
    service_factory,
)

# Quota units per call. Gmail publishes a per-method table ("Usage limits", Per-method quota usage:
# https://developers.google.com/gmail/api/reference/quota): getProfile 1, messages.list 5, messages.get 5,
# messages.attachments.get 5; a batch of n requests counts as n (https://developers.google.com/gmail/api/guides/batch).
# The Calendar API has no unit table: its quota counts requests (per minute per project / per user,
# https://developers.google.com/workspace/calendar/api/guides/quota), so each Calendar call is 1 here.
QUOTA_UNITS = {
    "gmail.users.getProfile": 1,
    "gmail.users.history.list": 2,
    "gmail.users.messages.list": 5,
    "gmail.users.messages.get": 5,
    "gmail.users.messages.attachments.get": 5,
    "calendar.calendarList.list": 1,
    "calendar.events.list": 1,
}
ACCOUNT = "alex@example.org"
SELF_EMAILS = (ACCOUNT, DEMO_ALIAS)
NO_WAIT = RetryPolicy(attempts=12, base=0.01, cap=0.2)   # real jittered backoff, scaled down for a local server


# ---- the oracle ---------------------------------------------------------------------------------------------





# ---- the naive client ---------------------------------------------------------------------------------------

def search_view(resource: dict, account: str) -> FakeMessage:
    """What the naive client needs to answer a Gmail query locally, from a format=full message."""
    payload = resource.get("payload") or {}
    headers = _headers(payload)
    people: dict[str, list[tuple[str, str]]] = {}
    for role, addr, name in _addresses(headers):
        people.setdefault(role, []).append((name.lower(), addr))
    texts: list[str] = []
    htmls: list[str] = []
    attachments: list[tuple[str, int]] = []
    _walk(payload, texts, htmls, attachments)
    subject = (headers.get("subject") or [""])[0]
    mid = normalize_message_id((headers.get("message-id") or [""])[0]) or ""
    text = "\n".join([subject, *texts, *(html_to_text(h) for h in htmls)])
    return FakeMessage(id=resource["id"], thread_id=resource.get("threadId", ""),
                       internal_ms=int(resource.get("internalDate") or 0), labels=list(resource.get("labelIds", [])),
                       payload=payload, raw=b"", attachments={}, people=people, subject=subject.lower(),
                       filenames=[n.lower() for n, _s in attachments], text=text.lower(),
                       msgid=mid.strip("<>").lower())


class NaiveGmail(GmailConnector):
    """No pushdown: list everything, messages.get (full) each message one request at a time; q answered here."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, eager_limit=0, **kwargs)
        self._views: list[FakeMessage] | None = None

    def _download(self) -> None:
        if self._views is not None:
            return
        ids, token = [], None
        while True:
            answer = self.api.call(self._list_request("", token), "messages.list") or {}
            ids += [m["id"] for m in answer.get("messages", [])]
            token = answer.get("nextPageToken")
            if not token:
                break

        def get(msg_id: str) -> dict:
            return self.api.call(lambda s: s.users().messages().get(userId="me", id=msg_id, format="full"),
                                 "messages.get")

        with ThreadPoolExecutor(self.api.max_in_flight) as pool:
            resources = [r for r in pool.map(get, ids) if r]
        self.cache.store(record_from_resource(r, True) for r in resources)
        self._views = sorted((search_view(r, self.account) for r in resources),
                             key=lambda v: (-v.internal_ms, v.id))

    def list_ids(self, queries) -> dict[str, list[str]]:
        self._download()
        matcher = Matcher(self.account)
        out = {}
        for q in dict.fromkeys(queries):
            node = parse_query(q) if q.strip() else ("and", [])
            out[q] = [v.id for v in self._views if matcher.matches(node, v)]
        return out

    def _estimate(self, q: str):
        ids = self.list_one(q)
        return ids, None, len(ids)

    def ensure(self, ids, full: bool = False) -> None:
        self._download()


class NaiveGcal(GcalConnector):
    """No pushdown: every event of every calendar listed once; time bounds, q and iCalUID applied here."""

    _everything: list[dict] | None = None

    def fetch_events(self, param_keys):
        if self._everything is None:
            horizon = self._bounds(None)[1]
            raw: list[dict] = []
            for cal in self.calendars():
                token = None
                while True:
                    kwargs: dict[str, Any] = {"calendarId": cal["id"], "singleEvents": True, "maxResults": 2500,
                                              "timeMax": horizon}
                    if token:
                        kwargs["pageToken"] = token
                    answer = self.api.call(lambda s, kw=kwargs: s.events().list(**kw), "events.list") or {}
                    raw += answer.get("items", [])
                    token = answer.get("nextPageToken")
                    if not token:
                        break
            self._everything = raw
        tz = self.context.tz
        out = {}
        for key in param_keys:
            params = dict(key)
            tmin = _parse_time(params.get("timeMin"))
            tmax = _parse_time(params.get("timeMax"))
            words = (params.get("q") or "").lower().split()
            uid = params.get("iCalUID")
            out[key] = [ev for ev in self._everything
                        if (tmin is None or _instant(ev["end"], tz) > tmin)
                        and (tmax is None or _instant(ev["start"], tz) < tmax)
                        and (uid is None or ev.get("iCalUID") == uid)
                        and all(w in _event_text(ev) for w in words)]
        return out


def _parse_time(value):
    from datetime import datetime

    return datetime.fromisoformat(value) if value else None


# ---- running ------------------------------------------------------------------------------------------------

@dataclasses.dataclass
class Run:
    calls: int
    http: int
    units: int
    seconds: float
    exact: bool
    by_method: dict[str, int]
    retries: int = 0


GMAIL_SYNCED = {"sync": True, "bodies": True}
GCAL_SYNCED = {"sync": True}


def run_question(fake: RemoteFake, query, config: Config, cache_dir: Path, files_root: Path, expected: list[str],
                 *, naive: bool = False, synced: bool = False) -> Run:
    ctx = Context.from_config(config)
    ctx.cache_dir = cache_dir
    gmail_cls, gcal_cls = (NaiveGmail, NaiveGcal) if naive else (GmailConnector, GcalConnector)
    gmail = gmail_cls(SourceConfig("gmail", GMAIL_SYNCED if synced else {}), ctx,
                      service_factory=service_factory(fake, "gmail"), retry=NO_WAIT)
    gcal = gcal_cls(SourceConfig("gcal", GCAL_SYNCED if synced else {}), ctx,
                    service_factory=service_factory(fake, "calendar"), retry=NO_WAIT)
    files_ctx = Context.from_config(config)   # the files index lives in the shared cache dir: built once
    files = FilesConnector(SourceConfig("files", {"root": str(files_root)}), files_ctx)
    engine = Engine(config, connectors=[gmail, gcal, files])
    fake.reset_counts()
    started = time.perf_counter()
    result = engine.run(QueryGraph.parse(query.graph))
    seconds = time.perf_counter() - started
    stats = fake.stats()
    for connector in (gmail, gcal, files):
        connector.close()
    counts = {k: v for k, v in stats["counts"].items() if k != "oauth2.token"}
    got = oracle_keys(query.number, [i.output() for i in result.page()], files_root)
    return Run(sum(counts.values()), stats["http_requests"], sum(QUOTA_UNITS.get(k, 0) * v for k, v in counts.items()),
               seconds, got == expected, counts, gmail.api.stats.retries + gcal.api.stats.retries)


def sync_once(fake: RemoteFake, config: Config, cache_dir: Path) -> Run:
    """One sync of both mirrors (first, resumed or incremental, as their state says)."""
    ctx = Context.from_config(config)
    ctx.cache_dir = cache_dir
    gmail = GmailConnector(SourceConfig("gmail", GMAIL_SYNCED), ctx, service_factory=service_factory(fake, "gmail"),
                           retry=NO_WAIT)
    gcal = GcalConnector(SourceConfig("gcal", GCAL_SYNCED), ctx, service_factory=service_factory(fake, "calendar"),
                         retry=NO_WAIT)
    fake.reset_counts()
    started = time.perf_counter()
    try:
        for connector in (gmail, gcal):
            for resumes in range(5):   # a sync stopped by the faults continues where it stopped, as a user's rerun would
                try:
                    connector.refresh_index()
                    break
                except SyncInterrupted as exc:
                    if resumes == 4:
                        raise
                    print(f"  sync stopped ({exc}); running it again (resume {resumes + 1})", flush=True)
    finally:
        seconds = time.perf_counter() - started
        gmail.close()
        gcal.close()
    stats = fake.stats()
    counts = {k: v for k, v in stats["counts"].items() if k != "oauth2.token"}
    return Run(sum(counts.values()), stats["http_requests"], sum(QUOTA_UNITS.get(k, 0) * v for k, v in counts.items()),
               seconds, True, counts, gmail.api.stats.retries + gcal.api.stats.retries)


def new_mail(n: int, facts: Facts, round_: int) -> list[bytes]:
    """A day of mail from people the corpus does not know, on its today: no question's answer changes."""
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    start = datetime.combine(facts.today, datetime.min.time(), tzinfo=ZoneInfo(facts.timezone))
    return [_mail(f"<day{round_}-{i}@newsletters.test>", f"Sender {i} <sender{i}@newsletters.test>", [ACCOUNT],
                  f"Daily note {i}", start + timedelta(seconds=i * 400), f"note {i} of the day")
            for i in range(n)]


def synced_mode(fake: RemoteFake, config: Config, work: Path, files_root: Path, expected, queries, facts: Facts,
                args, label: str, round_: int) -> tuple[Run, Run, list[Run]]:
    cache = work / f"synced-{label}"
    first = sync_once(fake, config, cache)
    print(f"[{label}] first sync: {first.calls} calls / {first.http} http / {first.units} units / "
          f"{first.seconds:.1f} s (retries {first.retries})", flush=True)
    fake.add_messages(new_mail(args.new_mail, facts, round_))
    incremental = sync_once(fake, config, cache)
    print(f"[{label}] incremental sync with {args.new_mail} new messages: {incremental.calls} calls / "
          f"{incremental.http} http / {incremental.units} units / {incremental.seconds:.2f} s "
          f"(retries {incremental.retries}): " + ", ".join(f"{k.split('.', 1)[1]} {v}"
                                                            for k, v in sorted(incremental.by_method.items())),
          flush=True)
    runs = []
    for q in queries:
        run = run_question(fake, q, config, cache, files_root, expected[q.number], synced=True)
        runs.append(run)
        print(f"[{label}] Q{q.number} after sync: {run.calls} calls, {run.seconds:.2f} s "
              f"{'exact' if run.exact else 'WRONG'}", flush=True)
    return first, incremental, runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--emails", type=int, default=25_000)
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--files", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--faults", type=float, default=0.2, help="share of answers replaced by 429/500/503")
    parser.add_argument("--out", type=Path, default=None, help="corpus dir (kept and reused; default a temp dir)")
    parser.add_argument("--mode", choices=("live", "synced", "both"), default="both",
                        help="query-time requests (live), sync = true mirrors (synced), or both")
    parser.add_argument("--new-mail", type=int, default=200, help="new messages for the synced mode's incremental sync")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="qw-google-bench-"))
    out = args.out or work / "corpus"
    stamp = out / "bench-params.txt"
    params = f"{args.emails} {args.events} {args.files} {args.seed}"
    t0 = time.perf_counter()
    if stamp.exists() and stamp.read_text() == params:
        facts = _facts(args)   # generation is deterministic: the same Facts, written to a scratch dir
    else:
        if out.exists():
            shutil.rmtree(out)
        facts = generate_corpus(out, emails=args.emails, events=args.events, files=args.files, seed=args.seed,
                                today=DEMO_TODAY, self_aliases=(DEMO_ALIAS,), story=True)
        stamp.write_text(params)
    print(f"corpus: {args.emails} emails, {args.events} events, {args.files} files in {out} "
          f"({time.perf_counter() - t0:.0f} s)", flush=True)
    expected = expected_answers(facts)
    config = Config(self_name=facts.self_name, self_emails=SELF_EMAILS, timezone=facts.timezone,
                    today_fixed=facts.today, cache_dir_setting=str(work / "files-index"))
    queries = paper_graphs(**DEMO_NAMES)
    files_root = out / "files"

    t0 = time.perf_counter()
    with RemoteFake(mbox=out / "mail.mbox", ics=out / "calendar.ics", account=ACCOUNT, tz=facts.timezone) as fake:
        print(f"fake Google server at {fake.url} (loaded in {time.perf_counter() - t0:.0f} s)", flush=True)
        code = 0
        if args.mode in ("live", "both"):
            code = live_mode(fake, config, work, files_root, expected, queries, args)
        if args.mode in ("synced", "both"):
            clean = synced_mode(fake, config, work, files_root, expected, queries, facts, args, "no faults", 1)
            fake.set_faults(args.faults, seed=args.seed)
            faulted = synced_mode(fake, config, work, files_root, expected, queries, facts, args,
                                  f"{args.faults:.0%} faults", 2)
            fake.set_faults(0.0)
            code = max(code, _report_synced(clean, faulted, args))
    shutil.rmtree(work, ignore_errors=True)
    return code


def _report_synced(clean, faulted, args) -> int:
    print()
    print(f"synced mode ({args.emails} emails, {args.events} events; calls = API calls, batch items counted)")
    print(f"{'':<34}{'calls':>9}{'http':>8}{'units':>9}{'s':>8}{'retries':>9}")
    for label, (first, incremental, runs) in (("no faults", clean), (f"{args.faults:.0%} faults", faulted)):
        for name, run in (("first sync", first), (f"incremental ({args.new_mail} new)", incremental)):
            print(f"{label + ': ' + name:<34}{run.calls:>9}{run.http:>8}{run.units:>9}{run.seconds:>8.1f}"
                  f"{run.retries:>9}")
        print(f"{label + ': 7 questions after sync':<34}{sum(r.calls for r in runs):>9}{sum(r.http for r in runs):>8}"
              f"{sum(r.units for r in runs):>9}{sum(r.seconds for r in runs):>8.1f}{'':>9}"
              f"  exact {sum(r.exact for r in runs)}/7")
    first, incremental, runs = clean
    exact = sum(1 for a, b in zip(clean[2], faulted[2]) if a.exact and b.exact)
    question_calls = sum(r.calls for r in runs) + sum(r.calls for r in faulted[2])
    print(f"RESULT synced first_sync_calls={first.calls} incremental_calls={incremental.calls} "
          f"incremental_http={incremental.http} question_calls={question_calls} exact={exact}/7")
    return 0 if exact == 7 and question_calls == 0 else 1


def live_mode(fake: RemoteFake, config: Config, work: Path, files_root: Path, expected, queries, args) -> int:
    """Each question cold, warm, through the naive client, and cold with faults (query-time requests)."""
    rows = []
    for q in queries:
        cache = work / f"cache-q{q.number}"
        cold = run_question(fake, q, config, cache, files_root, expected[q.number])
        warm = run_question(fake, q, config, cache, files_root, expected[q.number])
        naive = run_question(fake, q, config, work / f"naive-q{q.number}", files_root, expected[q.number],
                             naive=True)
        rows.append([q, cold, warm, naive])
        print(f"Q{q.number}: ours cold {cold.calls} calls / {cold.http} http / {cold.seconds:.1f} s "
              f"{'exact' if cold.exact else 'WRONG'}; warm {warm.calls} calls; naive {naive.calls} calls "
              f"/ {naive.seconds:.1f} s {'exact' if naive.exact else 'WRONG'}", flush=True)
    fake.set_faults(args.faults, seed=args.seed)
    for row in rows:
        q = row[0]
        row.append(run_question(fake, q, config, work / f"faults-q{q.number}", files_root, expected[q.number]))
        print(f"Q{q.number} with {args.faults:.0%} faults: {row[-1].calls} calls (retries {row[-1].retries}) "
              f"{'exact' if row[-1].exact else 'WRONG'}", flush=True)
    fake.set_faults(0.0)
    _report(rows, args)
    total_ours = sum(r[1].calls for r in rows)
    total_naive = sum(r[3].calls for r in rows)
    exact = sum(1 for r in rows if r[1].exact and r[2].exact and r[4].exact)
    print(f"RESULT requests_ratio={total_ours / total_naive:.4f} exact={exact}/7")
    return 0 if exact == 7 and total_ours * 10 <= total_naive else 1


def _facts(args) -> Facts:
    """The Facts of an existing corpus (generation is deterministic: regenerate into a scratch dir)."""
    scratch = Path(tempfile.mkdtemp(prefix="qw-facts-"))
    try:
        return generate_corpus(scratch / "c", emails=args.emails, events=args.events, files=args.files,
                               seed=args.seed, today=DEMO_TODAY, self_aliases=(DEMO_ALIAS,), story=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _report(rows, args) -> None:
    print()
    print(f"{args.emails} emails, {args.events} events; calls = API calls (batch items counted), "
          f"units = Gmail quota units, s = wall seconds")
    head = (f"{'question':<10}{'ours cold calls':>16}{'http':>7}{'units':>8}{'s':>7}{'warm calls':>12}"
            f"{'naive calls':>13}{'http':>8}{'units':>9}{'s':>8}{'ratio':>8}{'faults calls':>14}{'exact':>7}")
    print(head)
    for q, cold, warm, naive, faulted in rows:
        exact = "yes" if cold.exact and warm.exact and faulted.exact else "NO"
        print(f"{'Q' + str(q.number):<10}{cold.calls:>16}{cold.http:>7}{cold.units:>8}{cold.seconds:>7.1f}"
              f"{warm.calls:>12}{naive.calls:>13}{naive.http:>8}{naive.units:>9}{naive.seconds:>8.1f}"
              f"{cold.calls / max(1, naive.calls):>8.4f}{faulted.calls:>14}{exact:>7}")
    tot = lambda i, attr: sum(getattr(r[i], attr) for r in rows)  # noqa: E731
    print(f"{'total':<10}{tot(1, 'calls'):>16}{tot(1, 'http'):>7}{tot(1, 'units'):>8}{tot(1, 'seconds'):>7.1f}"
          f"{tot(2, 'calls'):>12}{tot(3, 'calls'):>13}{tot(3, 'http'):>8}{tot(3, 'units'):>9}"
          f"{tot(3, 'seconds'):>8.1f}{tot(1, 'calls') / max(1, tot(3, 'calls')):>8.4f}{tot(4, 'calls'):>14}")
    print()
    print("ours cold, calls by method:")
    for q, cold, *_rest in rows:
        print(f"  Q{q.number}: " + ", ".join(f"{k.split('.', 1)[1]} {v}" for k, v in sorted(cold.by_method.items())))
    naive_answers = sum(1 for r in rows if r[3].exact)
    print(f"naive client answers exact: {naive_answers}/7 (same engine, everything downloaded)")


if __name__ == "__main__":
    raise SystemExit(main())
