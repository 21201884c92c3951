"""What the paper's seven questions cost against an IMAP server: live mode, the mirror, a fetch-everything client.

    python benchmarks/imap_requests.py [--emails 3000] [--events 300] [--files 600] [--new 50] [--questions 1,7]
                                       [--no-naive] [--live-only]

A synthetic account (``tests.corpus`` with the story, so every question has a known answer) is loaded into
a real Dovecot on 127.0.0.1 (``tests/imap_server.py``; needs ``apt-get install dovecot-imapd``): the user's own
mail in Sent, the rest in INBOX. Each question runs through the real engine with the imap source plus the
corpus's calendar and files. For every question we report IMAP commands sent and bytes received:

* ``live cold`` — live mode (the default) with an empty cache: SEARCH per folder, the matches' header fields
  and BODYSTRUCTURE (and text parts for links) fetched;
* ``live warm`` — the same question again in a new connector (new connection, the live cache kept);
* ``mirror cold`` — ``sync = true`` with a fresh mirror: the first sync (headers, BODYSTRUCTURE, MIME headers
  and text parts of every message);
* ``mirror warm`` — the same question again in a new connector (the SQLite mirror kept);
* ``mirror incr`` — again, after ``--new`` messages were delivered to INBOX;
* ``naive`` — a client with no mirror and no structure: SELECT each folder, ``UID SEARCH ALL``, then
  ``UID FETCH BODY.PEEK[]`` of every message (100 per command), parsed locally (a Maildir) by the same engine,
  so its answers are checked too.

Every command is counted, SEARCH included (imapclient sends it apart from the others). The last line is
``RESULT live_cold_bytes_ratio=<live cold / naive bytes> mirror_cold_bytes_ratio=<...> live_warm_fetches=<UID
FETCH commands of every warm live run> exact=<questions exact in every run>/7``. Figures taken on a shared,
loaded machine are pessimistic for time.
"""

from __future__ import annotations

import argparse
import mailbox
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from connectors.files import FilesConnector  # noqa: E402
from connectors.ics import IcsConnector  # noqa: E402
from connectors.imap import ImapConnector  # noqa: E402
from connectors.maildir import MaildirConnector  # noqa: E402
from queryweaver.config import Config, SourceConfig  # noqa: E402
from queryweaver.connector import Context  # noqa: E402
from tests.corpus import DEMO_TODAY, expected_answers, generate_corpus, oracle_keys  # noqa: E402
from queryweaver.engine import Engine  # noqa: E402
from queryweaver.graph import QueryGraph  # noqa: E402
from queryweaver.paper_graphs import DEMO_NAMES, paper_graphs  # noqa: E402
from tests.imap_server import PASSWORD, USER, CommandLog, Dovecot, build_maildir, dovecot_binary, plain_client  # noqa: E402

SELF = "alex@example.org"
NAIVE_BATCH = 100


@dataclass
class Run:
    commands: int
    fetches: int
    bytes_in: int
    seconds: float
    exact: bool


def counting_bytes(log: CommandLog, make):
    """A client factory counting commands (``log``) and the bytes read from the server (``log.bytes_in``)."""
    def make_client():
        client = make()
        imap = client._imap
        readline, read = imap.readline, imap.read

        def counted_readline():
            line = readline()
            log.bytes_in += len(line)
            return line

        def counted_read(size):
            data = read(size)
            log.bytes_in += len(data)
            return data

        imap.readline, imap.read = counted_readline, counted_read
        return client

    return log.factory(make_client)


def engine_for(config: Config, corpus: Path, mail, files_cache: Path) -> Engine:
    ctx = Context.from_config(config)
    ctx.cache_dir = files_cache  # the calendar and files indexes are built once, shared by every run
    ics = IcsConnector(SourceConfig("ics", {"path": str(corpus / "calendar.ics")}), ctx)
    files = FilesConnector(SourceConfig("files", {"root": str(corpus / "files")}), ctx)
    return Engine(config, connectors=[mail, ics, files])


def ours(server: Dovecot, config: Config, corpus: Path, cache: Path, files_cache: Path, query, expected,
         sync: bool = True) -> Run:
    log = CommandLog()
    log.bytes_in = 0
    ctx = Context.from_config(config)
    ctx.cache_dir = cache
    source = SourceConfig("imap", {"host": "127.0.0.1", "port": server.port, "user": USER, "tls": False,
                                   "sync": sync})
    imap = ImapConnector(source, ctx, client_factory=counting_bytes(log, plain_client(server.port)),
                         password=lambda: PASSWORD)
    started = time.perf_counter()
    result = engine_for(config, corpus, imap, files_cache).run(QueryGraph.parse(query.graph))
    seconds = time.perf_counter() - started
    imap.close()
    got = oracle_keys(query.number, [i.output() for i in result.page()], corpus / "files")
    return Run(log.count(), log.count("UID FETCH"), log.bytes_in, seconds, got == expected)


def naive(server: Dovecot, config: Config, corpus: Path, work: Path, files_cache: Path, query, expected) -> Run:
    """Download every message whole, then answer from a Maildir of them."""
    log = CommandLog()
    log.bytes_in = 0
    started = time.perf_counter()
    client = counting_bytes(log, plain_client(server.port))()
    client.login(USER, PASSWORD)
    target = work / "naive-Maildir"
    shutil.rmtree(target, ignore_errors=True)
    box = mailbox.Maildir(target, create=True)
    for _flags, _delim, folder in client.list_folders():
        client.select_folder(folder, readonly=True)
        uids = client.search(["ALL"])
        for start in range(0, len(uids), NAIVE_BATCH):
            for data in client.fetch(uids[start:start + NAIVE_BATCH], [b"BODY.PEEK[]"]).values():
                box.add(data[b"BODY[]"].replace(b"\r\n", b"\n"))
    client.logout()
    ctx = Context.from_config(config)
    ctx.cache_dir = work / "naive-cache"
    mail = MaildirConnector(SourceConfig("maildir", {"path": str(target)}), ctx)
    result = engine_for(config, corpus, mail, files_cache).run(QueryGraph.parse(query.graph))
    seconds = time.perf_counter() - started
    mail.close()
    shutil.rmtree(work / "naive-cache", ignore_errors=True)
    got = oracle_keys(query.number, [i.output() for i in result.page()], corpus / "files")
    return Run(log.count(), log.count("UID FETCH"), log.bytes_in, seconds, got == expected)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--emails", type=int, default=3000)
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--files", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--new", type=int, default=50, help="messages delivered before the incremental run")
    parser.add_argument("--questions", default="1,2,3,4,5,6,7", help="which of the paper's questions (e.g. 1,7)")
    parser.add_argument("--live-only", action="store_true", help="skip the mirror's runs (at 250k each first sync "
                        "downloads every message's headers, structure and text)")
    parser.add_argument("--no-naive", action="store_true", help="skip the fetch-everything client (at 250k it reads "
                        "every message whole for each question)")
    args = parser.parse_args(argv)
    binary = dovecot_binary()
    if binary is None:
        print("dovecot is not installed: apt-get install dovecot-imapd", file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="qw-imap-bench-"))
    corpus = work / "corpus"
    t0 = time.perf_counter()
    facts = generate_corpus(corpus, emails=args.emails, events=args.events, files=args.files, seed=args.seed,
                            today=DEMO_TODAY, story=True)
    expected = expected_answers(facts)
    config = Config(self_name=facts.self_name, self_emails=(SELF,), timezone=facts.timezone, today_fixed=facts.today)
    build_maildir(corpus / "mail.mbox", work / "Maildir", {SELF})
    server = Dovecot(binary)
    server.load(work / "Maildir")
    server.start()
    print(f"corpus: {args.emails} emails, {args.events} events, {args.files} files; Dovecot on 127.0.0.1:"
          f"{server.port} ({time.perf_counter() - t0:.0f} s)", flush=True)
    files_cache = work / "shared-cache"
    rows = []
    try:
        wanted = {int(n) for n in args.questions.split(",") if n.strip()}
        for q in (q for q in paper_graphs(**DEMO_NAMES) if q.number in wanted):
            live_cache = work / f"live-cache-q{q.number}"
            live_cold = ours(server, config, corpus, live_cache, files_cache, q, expected[q.number], sync=False)
            live_warm = ours(server, config, corpus, live_cache, files_cache, q, expected[q.number], sync=False)
            cache = work / f"cache-q{q.number}"
            if args.live_only:
                cold = warm = incr = Run(0, 0, 0, 0.0, True)
            else:
                cold = ours(server, config, corpus, cache, files_cache, q, expected[q.number])
                warm = ours(server, config, corpus, cache, files_cache, q, expected[q.number])
                for n in range(args.new):
                    server.deliver(f"From: New Sender {n} <new{n}@example.net>\nTo: {SELF}\nSubject: news "
                                   f"{q.number}-{n}\nMessage-ID: <new-{q.number}-{n}@example.net>\nDate: Mon, 2 Feb "
                                   f"2026 08:00:00 +0000\n\nnothing to see\n".encode())
                incr = ours(server, config, corpus, cache, files_cache, q, expected[q.number])
            plain = (Run(0, 0, 0, 0.0, True) if args.no_naive
                     else naive(server, config, corpus, work, files_cache, q, expected[q.number]))
            rows.append((q, live_cold, live_warm, cold, warm, incr, plain))
            print(f"Q{q.number}: live cold {live_cold.commands} cmds / {live_cold.fetches} fetch / "
                  f"{live_cold.bytes_in} B {'exact' if live_cold.exact else 'WRONG'}; live warm {live_warm.commands} "
                  f"cmds / {live_warm.fetches} fetch / {live_warm.bytes_in} B; mirror cold {cold.commands} cmds / "
                  f"{cold.bytes_in} B {'exact' if cold.exact else 'WRONG'}; warm {warm.commands} cmds; incr {incr.commands} cmds / "
                  f"{incr.bytes_in} B; naive {plain.commands} cmds / {plain.bytes_in} B / {plain.seconds:.1f} s "
                  f"{'exact' if plain.exact else 'WRONG'}", flush=True)
    finally:
        server.close()
    _report(rows, args)
    shutil.rmtree(work, ignore_errors=True)
    exact = sum(1 for r in rows if all(run.exact for run in r[1:]))
    naive_bytes = sum(r[6].bytes_in for r in rows)

    def ratio(column: int) -> str:
        return f"{sum(r[column].bytes_in for r in rows) / naive_bytes:.4f}" if naive_bytes else "n/a"

    print(f"RESULT live_cold_bytes_ratio={ratio(1)} mirror_cold_bytes_ratio={ratio(3)} "
          f"live_warm_fetches={sum(r[2].fetches for r in rows)} exact={exact}/{len(rows)}")
    return 0 if exact == len(rows) else 1


def _report(rows, args) -> None:
    print()
    print(f"{args.emails} emails (+{args.new} new before 'incr'); each cell: IMAP commands sent (LOGIN and LOGOUT "
          f"included) / UID FETCH commands / kB received (bytes / 1000); s = wall seconds (mirror s: the cold run, "
          f"first sync included)")
    columns = ("live cold", "live warm", "mirror cold", "mirror warm", "mirror incr", "naive")
    print(f"{'question':<9}" + "".join(f" {c:>23}" for c in columns) + f"{'live s':>8}{'mirror s':>9}{'naive s':>8}"
          f"{'exact':>7}")
    for q, *runs in rows:
        cells = "".join(f" {f'{r.commands} / {r.fetches} / {r.bytes_in / 1000:.1f}':>23}" for r in runs)
        exact = "yes" if all(r.exact for r in runs) else "NO"
        print(f"{'Q' + str(q.number):<9}{cells}{runs[0].seconds:>8.1f}{runs[2].seconds:>9.1f}{runs[-1].seconds:>8.1f}"
              f"{exact:>7}")
    totals = [Run(sum(r[i].commands for r in rows), sum(r[i].fetches for r in rows),
                  sum(r[i].bytes_in for r in rows), 0.0, True) for i in range(1, 7)]
    print(f"{'total':<9}" + "".join(f" {f'{r.commands} / {r.fetches} / {r.bytes_in / 1000:.1f}':>23}"
                                    for r in totals))


if __name__ == "__main__":
    raise SystemExit(main())
