"""End-to-end latency of the command line, each command timed as a whole process (median of --runs).

    python benchmarks/latency.py [--emails N] [--runs N] [--kinds mbox,maildir] [--keep DIR] [--code DIR]

1. ``queryweaver ask`` on the bundled demo data for the paper's seven questions (issue 15: <= 0.25 s).
2. A generated corpus of N emails (the generator of benchmarks/scale.py), as one mbox and as a Maildir
   (``cur/`` with flags, a few in ``new/``): the first index build, ``queryweaver index`` with nothing to
   do, the work of a refresh with nothing changed (``report.seconds`` of the mail source, in process;
   target <= 20 ms at 250k), then ``ask`` and ``run`` for the paper questions and selective ones (a
   person's mail to you, a subject word, a file name, one day), with the answer and, where the
   generator's facts give it directly, the expected count.
3. The same selective counts with notmuch (``notmuch count``), side by side, when its binary is on PATH; and
   ``queryweaver index`` with nothing changed beside ``notmuch new`` with nothing changed.

``ask`` is timed twice: as the same question asked again (its reading kept in the cache dir, ``reading_cache``:
each command runs once untimed first) and as the first time it is asked (the kept readings removed before each
timed run).

``--keep DIR`` generates into DIR once and reuses it on later runs (250k emails take minutes to write).
``--code DIR`` times another checkout's ``queryweaver`` (say an export of main, for before/after figures).
The interpreter's bytecode cache is used as a user's install would have it: PYTHONDONTWRITEBYTECODE is
dropped for the timed processes, and each command runs once untimed first.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.corpus import choose_names, generate_corpus  # noqa: E402
from queryweaver.paper_graphs import paper_graphs  # noqa: E402

TODAY = date(2026, 2, 15)
DEMO_CONFIG = REPO / "queryweaver" / "demo_data" / "config.toml"

# Run in the timed checkout: a fresh engine per run; prints the mail sources' refresh work in seconds.
REFRESH_WORK = """
import json, sys, time
from queryweaver.config import load_config
from queryweaver.engine import Engine
config = load_config(sys.argv[1])
out = []
for _ in range(int(sys.argv[2])):
    with Engine(config) as engine:
        started = time.perf_counter()
        reports = engine.refresh_indexes()
        whole = time.perf_counter() - started
    mail = [r for r in reports if r.source.startswith(("mbox:", "maildir:"))]
    out.append({"work": sum(r.seconds for r in mail), "all_sources": whole,
                "parsed": sum(r.parsed for r in mail), "reused": sum(r.reused for r in mail)})
print(json.dumps(out))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--emails", type=int, default=25_000)
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per command (the median is shown)")
    parser.add_argument("--kinds", default="mbox,maildir", help="mail stores to time: mbox, maildir or both")
    parser.add_argument("--keep", type=Path, help="generate into this folder once and reuse it")
    parser.add_argument("--code", type=Path, default=REPO, help="the checkout whose queryweaver is timed")
    parser.add_argument("--demo-only", action="store_true", help="only the bundled demo (part 1)")
    args = parser.parse_args()
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    if set(kinds) - {"mbox", "maildir"}:
        parser.error("--kinds takes mbox, maildir or both")

    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(args.code.resolve(), args.runs, Path(tmp))
        print(f"timing {runner.code} with {sys.executable}, median of {args.runs} runs, "
              f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
        demo(runner)
        if args.demo_only:
            return 0
        root = (args.keep or Path(tmp) / "data").resolve()
        setup = prepare(root, args)
        rows_by_kind = {}
        for kind in kinds:
            rows_by_kind[kind] = corpus_figures(runner, root, kind, setup, args)
        notmuch(root, setup, args, rows_by_kind)
    return 0


class Runner:
    """Runs ``queryweaver`` of one checkout as a fresh process and times it."""

    def __init__(self, code: Path, runs: int, tmp: Path):
        self.code = code
        self.runs = runs
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env["PYTHONPATH"] = str(code)
        self.tmp = tmp

    def command(self, *argv: str, cache: Path) -> list[str]:
        return [sys.executable, "-m", "queryweaver.cli", *argv]

    def once(self, argv: list[str], cache: Path) -> tuple[float, subprocess.CompletedProcess]:
        env = dict(self.env, QUERYWEAVER_CACHE_DIR=str(cache))
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=self.code)
        seconds = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.last_cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv[3:])} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
        return seconds, done

    def median(self, argv: list[str], cache: Path) -> tuple[float, subprocess.CompletedProcess]:
        self.once(argv, cache)  # bytecode written, indexes refreshed, page cache warm
        times, cpu, done = [], [], None
        for _ in range(self.runs):
            seconds, done = self.once(argv, cache)
            times.append(seconds)
            cpu.append(self.last_cpu)
        self.cpu_median = statistics.median(cpu)  # user + system: what other processes on the machine change least
        return statistics.median(times), done

    def ask(self, question: str, config: Path, cache: Path) -> tuple[float, int]:
        seconds, done = self.median(self.command("ask", question, "--config", str(config), "--json", cache=cache),
                                    cache)
        return seconds, json.loads(done.stdout)["result"]["count"]

    def ask_first_time(self, question: str, config: Path, cache: Path) -> float:
        """``ask`` as the first time the question is asked: the readings kept in the cache dir (reading_cache)
        removed before each timed run, outside its time (a median of --runs, like the others)."""
        argv = self.command("ask", question, "--config", str(config), "--json", cache=cache)
        times, cpu = [], []
        for _ in range(self.runs):
            shutil.rmtree(cache / "readings", ignore_errors=True)
            seconds, _done = self.once(argv, cache)
            times.append(seconds)
            cpu.append(self.last_cpu)
        self.cpu_median = statistics.median(cpu)
        return statistics.median(times)

    def run(self, graph: dict, config: Path, cache: Path) -> tuple[float, int]:
        path = self.tmp / "graph.json"
        path.write_text(json.dumps(graph))
        seconds, done = self.median(self.command("run", str(path), "--config", str(config), "--json", cache=cache),
                                    cache)
        return seconds, json.loads(done.stdout)["result"]["count"]


def demo(runner: Runner) -> None:
    cache = runner.tmp / "demo-cache"
    print()
    print("bundled demo data: queryweaver ask, whole process (target <= 0.25 s); cpu = user + system seconds")
    print(f"{'question':72} {'answer':>7} {'seconds':>8} {'cpu':>6}")
    times, cpu = [], []
    for query in paper_graphs():
        seconds, count = runner.ask(query.question, DEMO_CONFIG, cache)
        times.append(seconds)
        cpu.append(runner.cpu_median)
        print(f"{query.question[:72]:72} {count:7} {seconds:8.3f} {runner.cpu_median:6.3f}")
    index_s, _ = runner.median(runner.command("index", "--config", str(DEMO_CONFIG), cache=cache), cache)
    print(f"{'queryweaver index (nothing to do)':72} {'':7} {index_s:8.3f} {runner.cpu_median:6.3f}")
    print(f"RESULT demo_ask_median_s={statistics.median(times):.3f} demo_ask_max_s={max(times):.3f} "
          f"demo_ask_cpu_median_s={statistics.median(cpu):.3f} demo_index_s={index_s:.3f} "
          f"load_average_end={os.getloadavg()[0]:.2f}")


# -- the generated corpus ------------------------------------------------------------------------------------

def prepare(root: Path, args) -> dict:
    """Generate the corpus and its Maildir copy (once per --keep folder); the names and expected counts."""
    corpus, facts_file = root / "corpus", root / f"setup-{args.emails}.json"
    if facts_file.exists():
        print(f"\nreusing the corpus in {root}")
        return json.loads(facts_file.read_text())
    if root.exists() and any(root.iterdir()):
        raise SystemExit(f"{root} holds something other than this benchmark's corpus of {args.emails} emails; "
                         f"give --keep an empty or new folder")
    started = time.perf_counter()
    facts = generate_corpus(corpus, emails=args.emails, events=args.events, files=args.files, seed=3,
                            today=TODAY, story=True)
    names = choose_names(facts)
    print(f"\ngenerated {args.emails} emails, {args.events} events, {args.files} files "
          f"in {time.perf_counter() - started:.1f} s (not part of the figures)")
    started = time.perf_counter()
    count = write_maildir(corpus / "mail.mbox", root / "Maildir")
    config = (corpus / "config.toml").read_text()
    maildir_config = config.replace('type = "mbox"\npath = "mail.mbox"', f'type = "maildir"\npath = "{root / "Maildir"}"')
    maildir_config = maildir_config.replace('path = "calendar.ics"', f'path = "{corpus / "calendar.ics"}"')
    maildir_config = maildir_config.replace('root = "files"', f'root = "{corpus / "files"}"')
    assert maildir_config.count(str(root)) == 3, "the generated config changed shape"
    (root / "config-maildir.toml").write_text(maildir_config)
    print(f"wrote the same {count} messages as a Maildir in {time.perf_counter() - started:.1f} s")
    setup = {"names": names, "selective": selective_questions(facts, names)}
    facts_file.write_text(json.dumps(setup, indent=1))
    return setup


def write_maildir(mbox: Path, target: Path) -> int:
    """Each mbox message as a Maildir file, named as a delivery agent names them; most read (cur/, flag S)."""
    from connectors.mbox import iter_mbox

    for sub in ("tmp", "new", "cur"):
        (target / sub).mkdir(parents=True, exist_ok=True)
    host, pid, stamp = socket.gethostname().replace("/", "_").replace(":", "_"), os.getpid(), 1_770_000_000
    count = 0
    for count, (_offset, _from_line, raw) in enumerate(iter_mbox(mbox), start=1):
        name = f"{stamp + count}.M{count}P{pid}.{host}"
        where = target / "new" / name if count % 50 == 0 else target / "cur" / f"{name}:2,S"
        where.write_bytes(raw)
    return count


def selective_questions(facts, names: dict[str, str]) -> list[dict]:
    """Questions that name one thing; expected counts from the generator's facts where they are direct."""
    person = names["q6_person"]
    address = facts.person(person)
    received = facts.received()
    day = facts.day_of(max((e for e in facts.emails if e.message_id in received), key=lambda e: e.date).date)
    day_text = f"{day:%B} {day.day}, {day.year}"
    words = {}
    for e in facts.emails:
        for word in e.subject.split():
            if word.isalpha() and len(word) > 5:
                words[word.lower()] = words.get(word.lower(), 0) + 1
    word = sorted(words, key=lambda w: (abs(words[w] - len(facts.emails) // 500), w))[0]
    file_name = names["q3_file"]
    return [
        {"label": "a person's mail to me", "question": f"How many emails did {person} send me?",
         "expected": len(facts.emails_from(address) & received),
         "notmuch": f"from:{address} and ({' or '.join('to:' + a for a in facts.self_addresses)})"},
        {"label": "a subject word", "question": f"How many emails have {word} in the subject?",
         "expected": None, "notmuch": f"subject:{word}"},
        {"label": "a file name", "question": f"How many emails had {file_name} attached?",
         "expected": len(facts.emails_attaching([file_name])), "notmuch": f'attachment:"{file_name}"'},
        {"label": "one day", "question": f"How many emails did I get on {day_text}?",
         "expected": len(received & facts.emails_in(day, day + timedelta(days=1))),
         "notmuch": f"date:{day.isoformat()} and ({' or '.join('to:' + a for a in facts.self_addresses)})"},
    ]


def corpus_figures(runner: Runner, root: Path, kind: str, setup: dict, args) -> dict[str, float]:
    config = root / "corpus" / "config.toml" if kind == "mbox" else root / "config-maildir.toml"
    cache = root / f"cache-{kind}-{runner.code.name}"
    print()
    print(f"{args.emails} emails as {'one mbox' if kind == 'mbox' else 'a Maildir'} ({config})")
    build_s = None
    if not cache.exists():
        build_s, _ = runner.once(runner.command("index", "--config", str(config), cache=cache), cache)
    index_s, _ = runner.median(runner.command("index", "--config", str(config), cache=cache), cache)
    env = dict(runner.env, QUERYWEAVER_CACHE_DIR=str(cache))
    work = subprocess.run([sys.executable, "-c", REFRESH_WORK, str(config), str(max(args.runs, 3))], env=env,
                          capture_output=True, text=True, check=True, cwd=runner.code)
    refreshes = json.loads(work.stdout)
    assert all(r["parsed"] == 0 for r in refreshes), refreshes
    work_ms = statistics.median(r["work"] for r in refreshes) * 1000
    all_ms = statistics.median(r["all_sources"] for r in refreshes) * 1000
    print(f"{'step':58} {'answer':>7} {'expected':>8} {'seconds':>8}")
    if build_s is not None:
        print(f"{'queryweaver index: first build':58} {'':7} {'':8} {build_s:8.2f}")
    print(f"{'queryweaver index: nothing to do':58} {'':7} {'':8} {index_s:8.3f}")
    print(f"{'refresh, nothing changed: mail source work (in process)':58} {'':7} {'':8} {work_ms / 1000:8.4f}")
    print(f"{'refresh, nothing changed: every source, fresh engine':58} {'':7} {'':8} {all_ms / 1000:8.4f}")
    figures = {"index_s": index_s, "refresh_work_ms": work_ms}
    for query in paper_graphs(**setup["names"]):
        seconds, count = runner.ask(query.question, config, cache)
        run_s, run_count = runner.run(query.graph, config, cache)
        assert run_count == count or query.number in (), (query.number, count, run_count)
        print(f"{'ask Q' + str(query.number) + ': ' + query.question[:48]:58} {count:7} {'':8} {seconds:8.3f}")
        print(f"{'run Q' + str(query.number) + ' (the paper graph)':58} {run_count:7} {'':8} {run_s:8.3f}")
        figures[f"ask_q{query.number}"] = seconds
    selective, first = [], []
    for item in setup["selective"]:
        seconds, count = runner.ask(item["question"], config, cache)
        first_s = runner.ask_first_time(item["question"], config, cache)
        expected = "" if item["expected"] is None else str(item["expected"])
        flag = "" if not expected or int(expected) == count else "  MISMATCH"
        print(f"{'ask: ' + item['question'][:53]:58} {count:7} {expected:>8} {seconds:8.3f}{flag}")
        print(f"{'  the same, the first time it is asked (no kept reading)':58} {'':7} {'':8} {first_s:8.3f}")
        item[f"answer_{kind}"] = count
        figures[item["label"]] = seconds
        figures["first: " + item["label"]] = first_s
        selective.append(seconds)
        first.append(first_s)
    print(f"RESULT kind={kind} emails={args.emails} index_nothing_s={index_s:.3f} refresh_work_ms={work_ms:.1f} "
          f"selective_median_s={statistics.median(selective):.3f} selective_max_s={max(selective):.3f} "
          f"selective_first_median_s={statistics.median(first):.3f} selective_first_max_s={max(first):.3f}")
    return figures


def notmuch(root: Path, setup: dict, args, rows_by_kind: dict) -> None:
    binary = shutil.which("notmuch")
    print()
    if binary is None:
        print("notmuch: skipped (no notmuch binary on PATH; Debian's 'notmuch' package provides one)")
        return
    home = root / f"notmuch-{args.emails}"
    home.mkdir(exist_ok=True)
    config = home / "config"
    config.write_text(f"[database]\npath={root / 'Maildir'}\n[new]\ntags=inbox;\n[maildir]\nsynchronize_flags=false\n")
    env = dict(os.environ, NOTMUCH_CONFIG=str(config))
    started = time.perf_counter()
    subprocess.run([binary, "new", "--quiet"], env=env, check=True, capture_output=True)
    print(f"notmuch new: {time.perf_counter() - started:.2f} s")
    times = []
    for _ in range(args.runs):
        started = time.perf_counter()
        subprocess.run([binary, "new", "--quiet"], env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    print(f"notmuch new, nothing changed: {statistics.median(times):.3f} s")
    for kind, rows in rows_by_kind.items():
        print(f"queryweaver index, nothing changed ({kind}): {rows['index_s']:.3f} s, "
              f"{rows['index_s'] / statistics.median(times):.1f} x notmuch new")
    # ours asked again (its reading kept) and the first time it is asked; the ratio of each to notmuch count
    print(f"{'selective question':28} {'notmuch':>8} {'s':>7} " + " ".join(
        f"{k:>8} {'again':>7} {'ratio':>6} {'first':>7} {'ratio':>6}" for k in rows_by_kind))
    for item in setup["selective"]:
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            done = subprocess.run([binary, "count", item["notmuch"]], env=env, check=True, capture_output=True,
                                  text=True)
            times.append(time.perf_counter() - started)
        theirs = statistics.median(times)
        cells = " ".join(f"{item.get('answer_' + k, '-'):>8} {rows[item['label']]:7.3f} "
                         f"{rows[item['label']] / theirs:6.1f} {rows['first: ' + item['label']]:7.3f} "
                         f"{rows['first: ' + item['label']] / theirs:6.1f}" for k, rows in rows_by_kind.items())
        print(f"{item['label']:28} {done.stdout.strip():>8} {theirs:7.3f} {cells}")


if __name__ == "__main__":
    sys.exit(main())
