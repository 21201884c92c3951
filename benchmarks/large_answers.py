"""Large answers at scale: the count and first page, and the whole answer exported with its evidence.

    python benchmarks/large_answers.py [--emails N --events N --files N] [--keep DIR] [--runs N]
                                       [--graphs NAME,...] [--no-export] [--code DIR]

Uses the corpus of benchmarks/scale.py (same generator and seed; ``--keep DIR`` reuses a folder scale.py kept,
and its index when one is built there). Each graph below is asked as a user would, as a whole process with the
bytecode cache on (each command runs once untimed first):

- **first page**: ``queryweaver run GRAPH --json --limit 10`` -- the count and the first ten answers with their
  evidence (what the web UI and an MCP agent see first); median (and least) wall seconds of ``--runs``, and the
  median CPU seconds (user + system), which another process sharing the cores inflates less.
- **export**: ``queryweaver run GRAPH --format jsonl`` -- every answer with its evidence, streamed; its seconds,
  its peak memory (the child's ru_maxrss, taken by a small parent so that it is the command's own), its lines
  (which must equal the count, each with evidence) and bytes.

Targets (issue 30, at 250k/20k/100k): count + first page <= 1 s for every graph; an answer of about 45,000
with evidence exported in <= 10 s and <= 300 MB.

The graphs are the hidden corpus's large ones, rebuilt on the generated corpus: links from the people the user
met at an event in a month (~42,000 links at 250k), emails received since a month from people who attended an
event at a place (~23,000 emails), the paper's Q5 (~45,000 events), and the plain large ones (every event the user
attended, everyone who emailed the user, every email received).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))


def _edge(a: str, edge: str, b: str) -> dict:
    return {"kind": "edge", "from": a, "edge": edge, "to": b}


def _filter(var: str, field: str, op: str, value: str) -> dict:
    return {"kind": "filter", "var": var, "field": field, "op": op, "value": value}


def _graph(ret: str, vars_: dict, constraints: list, action: str = "find") -> dict:
    return {"action": action, "return_var": ret, "return_mode": "all", "vars": vars_, "constraints": constraints}


GRAPHS: dict[str, tuple[str, dict]] = {
    "links_met_month": (
        "Which links did the people I met at an event in January send?",
        _graph("w", {"w": "Webpage", "self": "Self", "p": "Person", "e": "Email", "ev": "Event", "d": "Date"}, [
            _edge("e", "from", "p"), _edge("e", "mentions_url", "w"), _edge("p", "attended", "ev"),
            _edge("self", "attended", "ev"), _edge("ev", "occurred_on", "d"),
            _filter("d", "value", "=", "in January")])),
    "received_since_place": (
        "Which emails did I receive since August from people who attended an event at Zoom?",
        _graph("e", {"e": "Email", "self": "Self", "d": "Date", "p": "Person", "ev": "Event", "pl": "Place"}, [
            _edge("e", "to", "self"), _edge("e", "sent_on", "d"), _edge("e", "from", "p"),
            _edge("p", "attended", "ev"), _edge("ev", "location", "pl"),
            _filter("d", "value", ">", "since August"), _filter("pl", "name", "=", "Zoom")])),
    "q5_events_of_file_senders": (
        "Find all the events that were attended by anyone who has sent you a file.",
        _graph("ev", {"ev": "Event", "p": "Person", "e": "Email", "self": "Self", "f": "File"}, [
            _edge("p", "attended", "ev"), _edge("e", "from", "p"), _edge("e", "to", "self"),
            _edge("e", "has_attachment", "f")])),
    "events_i_attended": (
        "Which events did I attend?",
        _graph("ev", {"ev": "Event", "self": "Self"}, [_edge("self", "attended", "ev")])),
    "people_who_emailed_me": (
        "Who emailed me?",
        _graph("p", {"p": "Person", "self": "Self", "e": "Email"}, [_edge("e", "from", "p"),
                                                                   _edge("e", "to", "self")])),
    "emails_received": (
        "Which emails did I receive?",
        _graph("e", {"e": "Email", "self": "Self"}, [_edge("e", "to", "self")])),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--emails", type=int, default=250_000)
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="the folder benchmarks/scale.py --keep made (generated there "
                        "when missing)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each first page (the median is shown)")
    parser.add_argument("--graphs", default=",".join(GRAPHS), help="which graphs (comma-separated names)")
    parser.add_argument("--no-export", action="store_true", help="time the first pages only")
    parser.add_argument("--code", type=Path, default=REPO, help="the checkout whose queryweaver is timed")
    parser.add_argument("--generate-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generate_only:
        generate(args.keep, args)
        return 0
    names = [n for n in args.graphs.split(",") if n]
    unknown = [n for n in names if n not in GRAPHS]
    if unknown:
        parser.error(f"unknown graph {', '.join(unknown)}; choose among {', '.join(GRAPHS)}")

    with tempfile.TemporaryDirectory() as tmp:
        root = args.keep or Path(tmp)
        config = prepare(root, args)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = str(args.code)
        env["QUERYWEAVER_CACHE_DIR"] = str(root / "cache")
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "queryweaver.cli", "index", "--config", str(config)], env=env,
                       check=True, capture_output=True, cwd=args.code)
        print(f"index ready in {time.perf_counter() - started:.1f} s (a build or a refresh; not part of the figures)")
        print(f"machine load: {load()}")
        print()
        print(f"{'graph':28} {'count':>7} {'first page s':>13} {'min':>6} {'cpu':>6} {'export s':>9} {'cpu':>6} "
              f"{'peak MB':>8} {'lines':>7} {'MB out':>7}")
        worst, rows = 0.0, {}
        for name in names:
            question, graph = GRAPHS[name]
            path = Path(tmp) / f"{name}.json"
            path.write_text(json.dumps(graph))
            page = [sys.executable, "-m", "queryweaver.cli", "run", str(path), "--config", str(config), "--json",
                    "--limit", "10"]
            out = subprocess.run(page, env=env, check=True, capture_output=True, text=True, cwd=args.code)  # untimed
            count = json.loads(out.stdout)["result"]["count"]
            runs = [child(page, env, args.code) for _ in range(args.runs)]
            times, cpu = [r[0] for r in runs], [r[2] for r in runs]
            row = {"count": count, "first_page_s": statistics.median(times), "first_page_min_s": min(times),
                   "first_page_cpu_s": statistics.median(cpu)}
            worst = max(worst, row["first_page_s"])
            line = f"{name:28} {count:7} {row['first_page_s']:13.3f} {min(times):6.3f} {row['first_page_cpu_s']:6.3f}"
            if not args.no_export:
                target = Path(tmp) / f"{name}.jsonl"
                export = [sys.executable, "-m", "queryweaver.cli", "run", str(path), "--config", str(config),
                          "--format", "jsonl"]
                seconds, peak_mb, export_cpu = child(export, env, args.code, stdout=target)
                lines, with_evidence = check_export(target)
                row.update(export_s=seconds, export_cpu_s=export_cpu, export_peak_mb=peak_mb, lines=lines,
                           evidence=with_evidence, bytes=target.stat().st_size)
                ok = "" if lines == count and with_evidence == lines else "  (MISMATCH)"
                line += (f" {seconds:9.2f} {export_cpu:6.2f} {peak_mb:8.0f} {lines:7} "
                         f"{target.stat().st_size / 1e6:7.1f}{ok}")
                target.unlink()
            print(line, flush=True)
            rows[name] = row
        print()
        print(f"slowest first page: {worst:.3f} s median (target <= 1 s); machine load: {load()}")
        print("RESULT " + json.dumps(rows))
    return 0


def prepare(root: Path, args) -> Path:
    """The corpus's config in ``root``, generated as benchmarks/scale.py does when it is not there. Checked and made
    in a child process: the generator's record of the corpus would otherwise stay in this one, and every command it
    starts would report this process's memory as its own peak (ru_maxrss is kept across exec)."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--emails", str(args.emails), "--events", str(args.events),
                          "--files", str(args.files), "--keep", str(root), "--generate-only"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"preparing the corpus in {root} failed: {out.stderr.strip()[-2000:]}")
    if "generated" in out.stdout:
        print(f"generated the corpus in {time.perf_counter() - started:.1f} s (not part of the figures)")
    return root / "corpus" / "config.toml"


def generate(root: Path, args) -> None:
    """``--generate-only``: the corpus of benchmarks/scale.py in ``root`` unless it is there with these sizes."""
    import pickle
    from datetime import date

    import scale
    from tests.corpus import generate_corpus

    if scale.kept_corpus(root, args) is None:
        facts = generate_corpus(root / "corpus", emails=args.emails, events=args.events, files=args.files, seed=3,
                                today=date(2026, 2, 15), story=True)
        (root / scale.FACTS).write_bytes(pickle.dumps((scale.corpus_size(args), facts)))
        print("generated")


def child(command: list[str], env: dict, cwd: Path, stdout: Path | None = None) -> tuple[float, float, float]:
    """Run ``command`` to the end: its wall seconds, its peak resident MB (ru_maxrss from wait4) and its CPU seconds
    (user + system: what the machine's other work does not inflate as much as the wall time)."""
    sink = open(stdout, "wb") if stdout else subprocess.DEVNULL
    try:
        started = time.perf_counter()
        proc = subprocess.Popen(command, env=env, cwd=cwd, stdout=sink, stderr=subprocess.PIPE)
        _pid, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    finally:
        if stdout:
            sink.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}): {err.strip()}")
    return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def check_export(path: Path) -> tuple[int, int]:
    """Lines of an exported answer, and how many of them carry evidence."""
    lines = with_evidence = 0
    with open(path, encoding="utf-8") as stream:
        for text in stream:
            record = json.loads(text)
            lines += 1
            with_evidence += bool(record.get("evidence"))
    return lines, with_evidence


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
