"""Follow-up accuracy: how often a follow-up question, read as an edit of the previous graph, gives the right answer.

    python benchmarks/followup_accuracy.py [--part fdev|ftest1|ftest2|all] [--from gold|reader] [--quiet]
    python benchmarks/followup_accuracy.py --backend llamacpp --model FILE.gguf   # the LLM reads the follow-ups

The set is ``benchmarks/followups.json`` (``make_followups.py``: first question, follow-up, gold graph of the
follow-up, over the corpus of ``questions_corpus.json``). Each follow-up is read by
``queryweaver.reader.followup.read_followup`` against the previous graph -- the gold graph of the first question
(``--from gold``, the default: the follow-up's reading alone is measured) or the offline reader's reading of it
(``--from reader``: the whole conversation) -- and its answer compared with the gold answer. Prints one line per
miss (unless --quiet), a table per part and kind, and a RESULT line. ``fdev`` is the tuning part; ``ftest1`` and
``ftest2`` are held out (only their aggregate figures are looked at).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from graph_accuracy import Case, CorpusRun  # noqa: E402

from queryweaver.errors import QueryWeaverError  # noqa: E402
from queryweaver.graph import QueryGraph  # noqa: E402
from queryweaver.llm import generate_graph  # noqa: E402
from queryweaver.reader.followup import read_followup  # noqa: E402

FOLLOWUPS = ROOT / "benchmarks" / "followups.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="all", help="fdev, ftest1, ftest2 or all")
    parser.add_argument("--from", dest="start", choices=("gold", "reader"), default="gold",
                        help="the previous graph: the first question's gold graph, or the reader's reading of it")
    parser.add_argument("--backend", default="rules", help="rules (offline), or an LLM backend for the follow-ups")
    parser.add_argument("--model", help="the LLM's model (a GGUF path for llamacpp)")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--json", type=Path, help="write every outcome here")
    args = parser.parse_args(argv)
    items = [i for i in json.loads(FOLLOWUPS.read_text(encoding="utf-8"))["items"]
             if args.part == "all" or i["part"] == args.part]
    corpus = CorpusRun()
    config = corpus.config
    if args.backend != "rules":
        config.llm.backend = args.backend
        if args.model:
            config.llm.model = args.model
    lexicon = corpus.engine.lexicon()

    def read(question: str):
        return generate_graph(question, config, backend=None if args.backend != "rules" else "rules", lexicon=lexicon)

    outcomes = []
    try:
        for item in items:
            started = time.perf_counter()
            ok, kind, error, sure = False, None, None, 0.0
            try:
                previous = (QueryGraph.parse(item["first_graph"]) if args.start == "gold"
                            else read(item["first"]).graph)
                got = read_followup(item["followup"], previous, read, lexicon=lexicon)
                kind = got.kind
                sure = got.generation.confidence if got.generation is not None else 0.99
                ok = corpus.answer_ok(Case("corpus", item["id"], item["followup"], item["graph"],
                                           answer=item["answer"]), got.graph)
            except QueryWeaverError as exc:
                error = str(exc)
            seconds = time.perf_counter() - started
            outcomes.append({"id": item["id"], "part": item["part"], "kind": item["kind"], "read_kind": kind,
                             "ok": ok, "error": error, "seconds": seconds,
                             "confidence": sure})
            if not ok and not args.quiet and item["part"] == "fdev":  # held-out misses are never printed
                said = error[:120] if error else f"read as {kind}"
                print(f"  miss {item['id']} {item['kind']:<10} {item['first']!r} -> {item['followup']!r}: {said}")
    finally:
        corpus.close()
    by = defaultdict(list)
    for o in outcomes:
        by[(o["part"], o["kind"])].append(o)
        by[(o["part"], "all")].append(o)
    print("\n| part | kind | n | right | refused |")
    print("|---|---|---|---|---|")
    for (part, kind), group in sorted(by.items()):
        right = sum(o["ok"] for o in group)
        print(f"| {part} | {kind} | {len(group)} | {right} ({right / len(group):.1%}) | "
              f"{sum(o['error'] is not None for o in group)} |")
    from queryweaver.llm.generate import LOW_CONFIDENCE

    read = [o for o in outcomes if o["error"] is None]
    unsure_right = sum(1 for o in read if o["ok"] and o["confidence"] < LOW_CONFIDENCE)
    unsure_wrong = sum(1 for o in read if not o["ok"] and o["confidence"] < LOW_CONFIDENCE)
    print(f"\nsaid 'not sure' (below {LOW_CONFIDENCE}): {unsure_right} of {sum(o['ok'] for o in read)} right readings, "
          f"{unsure_wrong} of {sum(not o['ok'] for o in read)} wrong ones")
    times = sorted(o["seconds"] for o in outcomes)
    parts = sorted({o["part"] for o in outcomes})
    summary = " | ".join(
        f"{p}: {sum(o['ok'] for o in outcomes if o['part'] == p)}/{sum(o['part'] == p for o in outcomes)}"
        for p in parts)
    print(f"RESULT followups from={args.start} backend={args.backend} | {summary} | median "
          f"{statistics.median(times) * 1000:.1f} ms max {times[-1] * 1000:.1f} ms")
    if args.json:
        args.json.write_text(json.dumps(outcomes, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
