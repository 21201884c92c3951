"""Robustness of the offline reader on word salad: no traceback, and how long the worst question takes.

    python benchmarks/reader_fuzz.py [--questions N] [--seed S]

Questions are random runs of the corpus question set's own words (development parts only), punctuation,
search-box syntax and the parser's literal markers, half of them glued to the start of a real question.
Each is read with the corpus's lexicon and its graph is run on the corpus. Prints the number of crashes
(anything but a QueryWeaverError) and the slowest reading and run, then a RESULT line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from graph_accuracy import CORPUS_QUESTIONS, CorpusRun  # noqa: E402
from queryweaver.errors import QueryWeaverError  # noqa: E402
from queryweaver.reader.understand import understand  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    corpus = CorpusRun()
    lexicon = corpus.engine.lexicon()
    questions = [q["question"] for q in json.loads(CORPUS_QUESTIONS.read_text(encoding="utf-8"))["questions"]
                 if q["part"].startswith("dev")]
    words = " ".join(questions).split() + list("?!.,;:-—()[]{}'\"⟦⟧|@#$%") + [
        "⟦person|x⟧", "from:", "subject:", "I", "me", "not", "or"]
    rnd = random.Random(args.seed)
    crashes, slowest_read, slowest_run = 0, (0.0, ""), (0.0, "")
    started = time.perf_counter()
    for _ in range(args.questions):
        question = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 14)))
        if rnd.random() < 0.5:
            question = rnd.choice(questions)[: rnd.randint(0, 60)] + " " + question
        t = time.perf_counter()
        try:
            generation = understand(question, corpus.config, lexicon)
            read = time.perf_counter() - t
            slowest_read = max(slowest_read, (read, question))
            t = time.perf_counter()
            corpus.engine.run(generation.graph)
            slowest_run = max(slowest_run, (time.perf_counter() - t, question))
        except QueryWeaverError:
            pass
        except Exception as exc:  # noqa: BLE001 -- what this benchmark counts
            crashes += 1
            print(f"crash: {type(exc).__name__}: {exc} on {question!r}")
    total = time.perf_counter() - started
    print(f"slowest reading {slowest_read[0] * 1000:.1f} ms: {slowest_read[1]!r}")
    print(f"slowest run {slowest_run[0] * 1000:.1f} ms: {slowest_run[1]!r}")
    print(f"RESULT questions={args.questions} crashes={crashes} worst_read_ms={slowest_read[0] * 1000:.1f} "
          f"worst_run_ms={slowest_run[0] * 1000:.1f} total_s={total:.1f}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
