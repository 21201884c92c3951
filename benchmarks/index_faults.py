"""The fault table of issue 14, measured with the real CLI on a generated corpus.

    python benchmarks/index_faults.py [--emails N] [--events N] [--files N] [--keep DIR]

Builds a clean index, records the answers to the paper's 7 graphs (`queryweaver run --json`), then for each
fault works on a copy of the clean cache (or a build it interrupts), runs what a user would run, and prints
one row: exit codes, the lines said on stderr, and whether all 7 answers equal the clean build's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.corpus, the generated corpus

from queryweaver.paper_graphs import paper_graphs  # noqa: E402
from tests.corpus import choose_names, generate_corpus  # noqa: E402


class Bench:
    def __init__(self, root: Path, config: Path, graphs: dict[int, Path]):
        self.root, self.config, self.graphs = root, config, graphs

    def qw(self, cache: Path, *args: str, limit: int | None = None, popen: bool = False, env: dict | None = None):
        full_env = dict(os.environ, QUERYWEAVER_CACHE_DIR=str(cache), QUERYWEAVER_CONFIG=str(cache) + "-none",
                        **(env or {}))

        def size_limit():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        command = [sys.executable, "-m", "queryweaver.cli", *args, "--config", str(self.config)]
        if popen:
            return subprocess.Popen(command, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return subprocess.run(command, env=full_env, capture_output=True, text=True,
                              preexec_fn=size_limit if limit else None)

    def answers(self, cache: Path) -> tuple[dict[int, dict | None], list[str], list[int]]:
        """The 7 graphs' results, the stderr lines worth showing, and the exit codes."""
        results, said, codes = {}, [], []
        for number, graph in self.graphs.items():
            proc = self.qw(cache, "run", str(graph), "--json")
            codes.append(proc.returncode)
            results[number] = json.loads(proc.stdout)["result"] if proc.returncode == 0 else None
            said += [line for line in proc.stderr.splitlines() if not line.startswith("indexing ")]
        return results, said, codes

    def copy(self, clean: Path, name: str) -> Path:
        target = self.root / name
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(clean, target)
        return target


def mail_db(cache: Path) -> Path:
    return next((cache / "index").glob("mbox-*.sqlite"))


def wait_for(cache: Path, seconds: float, proc) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.01)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--emails", type=int, default=60_000)
    parser.add_argument("--events", type=int, default=5_000)
    parser.add_argument("--files", type=int, default=30_000)
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    parser.add_argument("--only-kill", action="store_true",
                        help="only the killed-build rows (for a large corpus: does an interrupted build resume?)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        root = args.keep or Path(tmp)
        corpus = root / "corpus"
        facts = generate_corpus(corpus, emails=args.emails, events=args.events, files=args.files, seed=3,
                                today=date(2026, 2, 15), story=True)
        graphs = {}
        for query in paper_graphs(**choose_names(facts)):
            graphs[query.number] = root / f"q{query.number}.json"
            graphs[query.number].write_text(json.dumps(query.graph))
        bench = Bench(root, corpus / "config.toml", graphs)

        clean = root / "clean"
        shutil.rmtree(clean, ignore_errors=True)
        started = time.perf_counter()
        build = bench.qw(clean, "index")
        build_seconds = time.perf_counter() - started
        assert build.returncode == 0, build.stderr
        expected, _, _ = bench.answers(clean)
        print(f"clean build {build_seconds:.1f} s; mail index {mail_db(clean).stat().st_size / 1e6:.1f} MB")
        rows = []

        def row(fault: str, what: str, cache: Path) -> None:
            results, said, codes = bench.answers(cache)
            same = sum(results[n] == expected[n] for n in expected)
            rows.append((fault, what, f"{same}/{len(expected)}", sorted(set(codes)), said))

        # kill -9 of the build at points through it, then run `index` again
        for fraction in (0.25, 0.5, 0.75):
            cache = root / f"killed-{fraction}"
            shutil.rmtree(cache, ignore_errors=True)
            proc = bench.qw(cache, "index", popen=True)
            wait_for(cache, build_seconds * fraction, proc)
            proc.send_signal(signal.SIGKILL)
            proc.communicate()
            started = time.perf_counter()
            again = bench.qw(cache, "index")
            mbox = next((line for line in again.stdout.splitlines() if line.startswith("mbox:")), again.stderr)
            row(f"kill -9 of `index` at {fraction:.0%} of the build", f"re-run {time.perf_counter() - started:.1f} s, "
                f"exit {again.returncode}; {mbox.split(': ', 1)[-1]}", cache)

        if args.only_kill:
            print_rows(rows)
            return 0

        # index and a question at once
        cache = root / "concurrent"
        shutil.rmtree(cache, ignore_errors=True)
        proc = bench.qw(cache, "index", popen=True)
        wait_for(cache, build_seconds * 0.3, proc)
        question = bench.qw(cache, "run", str(graphs[1]), "--json")
        proc.communicate()
        row("`index` and `run` at once", f"exit {proc.returncode} / {question.returncode}", cache)

        # a full disk: every file capped at 8 MB, first build
        cache = root / "full"
        shutil.rmtree(cache, ignore_errors=True)
        full = bench.qw(cache, "index", limit=8 << 20)
        rows.append(("disk full on the first build (RLIMIT_FSIZE 8 MB)", f"exit {full.returncode}", "-", [],
                     [line for line in full.stderr.splitlines() if not line.startswith("indexing ")]))
        row("  ... then without the limit", "questions rebuild", cache)

        # damaged files
        def truncate(db: Path) -> None:
            os.truncate(db, db.stat().st_size // 2)

        def blocks(db: Path) -> None:
            rnd = random.Random(1)
            with open(db, "r+b") as fh:
                for _ in range(8):
                    fh.seek(rnd.randrange(1, db.stat().st_size // 512) * 512)
                    fh.write(rnd.randbytes(512))

        def text(db: Path) -> None:
            db.write_text("not a database\n" * 1000)

        for name, fault in (("index truncated to half its size", truncate),
                            ("8 random 512-byte blocks overwritten (header intact)", blocks),
                            ("index replaced by text", text)):
            cache = bench.copy(clean, name.split()[0] + "-" + fault.__name__)
            fault(mail_db(cache))
            index = bench.qw(cache, "index")
            said = [line for line in index.stderr.splitlines() if not line.startswith("indexing ")]
            rows.append((name + ": `index`", f"exit {index.returncode}", "-", [], said))
            cache = bench.copy(clean, name.split()[0] + "-" + fault.__name__ + "-run")
            fault(mail_db(cache))
            row(name + ": `run`", "", cache)

        # the -wal deleted while a build runs, then the build killed
        cache = root / "wal"
        shutil.rmtree(cache, ignore_errors=True)
        proc = bench.qw(cache, "index", popen=True)
        wait_for(cache, build_seconds * 0.4, proc)
        for wal in (cache / "index").glob("*-wal"):
            wal.unlink()
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        row("-wal deleted mid-build, build killed", "", cache)

        # a cache dir that cannot be created
        blocker = root / "a-file"
        blocker.write_text("not a folder")
        proc = bench.qw(blocker / "cache", "run", str(graphs[1]))
        rows.append(("cache dir cannot be created", f"exit {proc.returncode}", "-", [],
                     [line for line in proc.stderr.splitlines() if not line.startswith("indexing ")]))

        print_rows(rows)
    return 0


def print_rows(rows: list) -> None:
    print()
    for fault, what, same, codes, said in rows:
        print(f"| {fault} | {what} | answers {same}, exit {codes or '-'} | "
              f"{' / '.join(dict.fromkeys(said)) or 'nothing'} |")


if __name__ == "__main__":
    sys.exit(main())
