"""Before/after figures of the selective questions on a busy machine: two checkouts run alternately, run by run.

    python benchmarks/paired_latency.py --keep DIR --before CHECKOUT [--after CHECKOUT] [--runs N] [--first]

``DIR`` is a corpus folder ``benchmarks/latency.py --keep DIR --kinds maildir`` made (its ``setup-<N>.json``, its
``config-maildir.toml`` and, when notmuch is installed, its ``notmuch-<N>`` database). Each selective question is
asked as a whole process from ``--before`` and from ``--after`` (default: this checkout) in turn, ``--runs`` times;
other work on the machine then slows both alike, and the median of the paired differences says what changed even
when the medians themselves move with the load. ``--first`` removes the kept readings before each run (the first
time a question is asked); otherwise each question is asked once untimed first (asked again). Each checkout keeps
its own cache dir in DIR (``cache-maildir-<checkout name>``, as latency.py names it). The answers of both must
agree, and ``notmuch count`` is timed alongside for the ratio (issue 30: within 5x).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", type=Path, required=True, help="the corpus folder latency.py --keep made")
    parser.add_argument("--before", type=Path, required=True, help="the checkout to compare with (an export of main)")
    parser.add_argument("--after", type=Path, default=REPO, help="the checkout measured (default: this one)")
    parser.add_argument("--runs", type=int, default=15, help="paired runs per question")
    parser.add_argument("--first", action="store_true", help="time the first time a question is asked")
    args = parser.parse_args()
    setups = sorted(args.keep.glob("setup-*.json"))
    config = args.keep / "config-maildir.toml"
    if not setups or not config.exists():
        raise SystemExit(f"{args.keep} holds no corpus of latency.py; make one with "
                         f"python benchmarks/latency.py --keep {args.keep} --kinds maildir")
    setup = json.loads(setups[0].read_text())
    emails = setups[0].stem.split("-", 1)[1]
    checkouts = [args.before.resolve(), args.after.resolve()]
    if checkouts[0].name == checkouts[1].name:
        raise SystemExit("the two checkouts need different folder names (each names its cache dir)")
    notmuch = shutil.which("notmuch")
    notmuch_config = args.keep / f"notmuch-{emails}" / "config"
    if notmuch and not notmuch_config.exists():
        notmuch = None  # latency.py makes the database when notmuch is installed
    print(f"{emails} emails as a Maildir; before {checkouts[0]}, after {checkouts[1]}; {args.runs} paired runs, "
          f"{'the first time asked' if args.first else 'asked again'}; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f} at the start")
    print(f"{'selective question':24} {'answer':>7} {'before':>8} {'after':>8} {'after-before':>13} "
          f"{'notmuch':>8} {'ratio':>6}")
    for item in setup["selective"]:
        asked = [Asker(code, args.keep / f"cache-maildir-{code.name}", config, item["question"])
                 for code in checkouts]
        for asker in asked:
            asker.once(first=False)  # bytecode written, indexes built or refreshed, the reading kept
        before, after, differences, theirs = [], [], [], []
        for _ in range(args.runs):
            (b, b_count), (a, a_count) = (asker.once(first=args.first) for asker in asked)
            if a_count != b_count:
                raise SystemExit(f"{item['question']!r}: {b_count} before, {a_count} after")
            before.append(b)
            after.append(a)
            differences.append(a - b)
            if notmuch:
                started = time.perf_counter()
                subprocess.run([notmuch, "count", item["notmuch"]], check=True, capture_output=True,
                               env=dict(os.environ, NOTMUCH_CONFIG=str(notmuch_config)))
                theirs.append(time.perf_counter() - started)
        ours = statistics.median(after)
        their = f"{statistics.median(theirs):8.3f} {ours / statistics.median(theirs):6.1f}" if theirs else ""
        print(f"{item['label']:24} {a_count:7} {statistics.median(before):8.3f} {ours:8.3f} "
              f"{statistics.median(differences):+13.3f} {their}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


class Asker:
    """``queryweaver ask QUESTION --json`` of one checkout, as a fresh process with its own cache dir."""

    def __init__(self, code: Path, cache: Path, config: Path, question: str):
        self.code, self.cache = code, cache
        self.argv = [sys.executable, "-m", "queryweaver.cli", "ask", question, "--config", str(config), "--json"]
        # the interpreter's bytecode cache used as a user's install has it
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env.update(PYTHONPATH=str(code), QUERYWEAVER_CACHE_DIR=str(cache))

    def once(self, first: bool) -> tuple[float, int]:
        """Seconds and the answer's count of one run (the kept readings removed first when ``first``)."""
        if first:
            shutil.rmtree(self.cache / "readings", ignore_errors=True)
        started = time.perf_counter()
        done = subprocess.run(self.argv, env=self.env, capture_output=True, text=True, cwd=self.code)
        seconds = time.perf_counter() - started
        if done.returncode != 0:
            raise SystemExit(f"{self.code}: ask failed ({done.returncode}): {done.stderr.strip()[-500:]}")
        return seconds, json.loads(done.stdout)["result"]["count"]


if __name__ == "__main__":
    sys.exit(main())
