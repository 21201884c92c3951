"""Graph-generation accuracy: the paper's seven questions and our own question set.

    python benchmarks/graph_accuracy.py --backend llamacpp --model MODEL.gguf --form tree
    python benchmarks/graph_accuracy.py --backend rules
    python benchmarks/graph_accuracy.py --backend ollama --model qwen3:8b --examples 0 --limit 10
    python benchmarks/graph_accuracy.py --backend rules --set corpus --part dev19 --shapes
    python benchmarks/graph_accuracy.py --backend rules --set corpus --part test20 --quiet --shapes
    python benchmarks/graph_accuracy.py --backend rules --set corpus --part dev21 --shapes
    (any part: dev, dev2 .. dev21 are tuned on; test, test2 .. test20 are held out, so report them with --quiet)

A generated graph counts as correct when it is the expected graph up to variable names
(``queryweaver.graph.same_graph``), after a leading "in", "on" or "during" (with "="), "since" or "after"
(with ">") or "before" (with "<") is dropped from Date values: the date normalizer reads both alike; then every
Date variable's filters are replaced by the one range of days they mean (``dates.combine_date_filters`` with the
set's fixed today), so "in March", "March 2025" and "= before X" / "< X" compare equal when they are the same
days. "accepted" also counts the other graphs a question lists as meaning the same (e.g. Q7 with the user's own
attendance, Section 4.1 of the paper).

The paper's questions come from ``queryweaver.paper_graphs`` with the names "Jane Doe" and "budget.xlsx";
ours from ``benchmarks/questions.json`` (the bundled demo's story), and the corpus set from
``benchmarks/questions_corpus.json`` (``benchmarks/make_questions.py``: >= 300 questions in many wordings over
a generated corpus, split by phrasing template into a dev part, a second dev part "dev2" and a third "dev3"
whose wordings were each written independently of the earlier parts', a held-out test part, and a second
held-out part "test2" written independently of all of them and never used for tuning (report only its aggregate
figures, e.g. with ``--quiet``), and a fourth dev part "dev4" (ten kinds of askers, written without reading test
or test2), a fifth dev part "dev5" and a third held-out part "test3" (written by two other groups of askers,
sharing no template; report only test3's aggregate figures too), a sixth dev part "dev6" and a fourth held-out part
"test4" (two more groups of askers, sharing no template with any part, and nine compositional shapes no earlier
part asks; report only test4's aggregate figures), a seventh dev part "dev7" and a fifth held-out part "test5" (two
more groups of askers, every shape, sharing no template with any part; report only test5's aggregate figures),
an eighth dev part "dev8" and a sixth held-out part "test6" (two more groups of askers, every shape, sharing no
template with any part; report only test6's aggregate figures), a ninth dev part "dev9" and a seventh held-out part
"test7" (two more groups of askers no earlier part had, every shape, sharing no template with any part; report only
test7's aggregate figures), a tenth dev part "dev10" and an eighth held-out part "test8" (two more groups of
askers no earlier part had, every shape, sharing no template with any part; report only test8's aggregate
figures), an eleventh dev part "dev11" and a ninth held-out part "test9" (two more groups of askers no earlier part
had, every shape, sharing no template with any part; report only test9's aggregate figures), a twelfth dev part
"dev12" and a tenth held-out part "test10" (two more groups of askers no earlier part had, every shape, sharing no
template with any part; report only test10's aggregate figures), a thirteenth dev part "dev13" and an eleventh
held-out part "test11" (two more groups of askers no earlier part had, every shape, sharing no template with any
part; report only test11's aggregate figures), a fourteenth dev part "dev14" and a twelfth held-out part "test12"
(two more groups of askers no earlier part had, every shape, sharing no template with any part; report only test12's
aggregate figures), a fifteenth dev part "dev15" and a thirteenth held-out part "test13" (two more groups of askers
no earlier part had, every shape, sharing no template with any part; report only test13's aggregate figures), a
sixteenth dev part "dev16" and a fourteenth held-out part "test14" (two more groups of askers no earlier part had,
every shape, sharing no template with any part; report only test14's aggregate figures), a seventeenth dev part
"dev17" and a fifteenth held-out part "test15" (two more groups of askers no earlier part had, every shape, sharing
no template with any part; report only test15's aggregate figures), an eighteenth dev part "dev18" and a sixteenth
held-out part "test16" (two more groups of askers no earlier part had, every shape, sharing no template with any
part; report only test16's aggregate figures), a nineteenth dev part "dev19" and a seventeenth held-out part
"test17" (two more groups of askers no earlier part had, every shape, sharing no template with any part; report only
test17's aggregate figures), an eighteenth and a nineteenth held-out part "test18" and "test19" (one more group of
askers no earlier part had each, every shape, sharing no template with any part; report only their aggregate
figures), a further held-out part "test20" (one more group of askers no earlier part had, every shape, sharing no
template with any part; report only test20's aggregate figures), and a twentieth and a twenty-first dev part "dev20"
and "dev21" (two more groups of askers no earlier part had, very unlike each other, every shape); ``--part both`` is
dev + test, ``--part all`` all forty-one). For the corpus set the
corpus is generated into a temporary folder (deterministic, about a second), each generated graph is run on it, and
"answer ok" means the engine's answer equals the answer computed from the generator's facts. Per question the report
gives the seconds, prompt and completion tokens, and the attempts (more than one: the validator's message was sent
back; "repairs sent" counts every message sent back, also for questions that failed in the end).
``generate_for`` is the one place a question becomes a graph; the final RESULT line gives, per set and part,
graph accuracy (correct or accepted), answer accuracy, refusals and median / 95th-percentile milliseconds.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # make_questions: the corpus set's corpus and answer check

from datetime import date  # noqa: E402

from queryweaver.config import Config  # noqa: E402
from queryweaver.dates import combine_date_filters  # noqa: E402
from queryweaver.errors import DateExpressionError, QueryWeaverError  # noqa: E402
from queryweaver.graph import QueryGraph, same_graph  # noqa: E402
from queryweaver.llm import generate_graph, get_backend  # noqa: E402

CORPUS_QUESTIONS = ROOT / "benchmarks" / "questions_corpus.json"
CORPUS_PARTS = ("dev", "dev2", "test", "dev3", "test2", "dev4", "dev5", "test3", "dev6", "test4", "dev7", "test5",
                "dev8", "test6", "dev9", "test7", "dev10", "test8", "dev11", "test9",
                "dev12", "test10", "dev13", "test11", "dev14", "test12", "dev15", "test13", "dev16", "test14",
                "dev17", "test15", "dev18", "test16", "dev19", "test17", "test18", "test19", "test20", "dev20",
                "dev21")
# --part: one part, "both" = dev + test (as before dev2 existed), "all" = every part.
PART_CHOICES = {"dev": ("dev",), "dev2": ("dev2",), "dev3": ("dev3",), "test": ("test",), "test2": ("test2",),
                "dev4": ("dev4",), "dev5": ("dev5",), "test3": ("test3",), "dev6": ("dev6",), "test4": ("test4",),
                "dev7": ("dev7",), "test5": ("test5",), "dev8": ("dev8",), "test6": ("test6",),
                "dev9": ("dev9",), "test7": ("test7",), "dev10": ("dev10",), "test8": ("test8",),
                "dev11": ("dev11",), "test9": ("test9",), "dev12": ("dev12",), "test10": ("test10",),
                "dev13": ("dev13",), "test11": ("test11",), "dev14": ("dev14",), "test12": ("test12",),
                "dev15": ("dev15",), "test13": ("test13",), "dev16": ("dev16",), "test14": ("test14",),
                "dev17": ("dev17",), "test15": ("test15",), "dev18": ("dev18",), "test16": ("test16",),
                "dev19": ("dev19",), "test17": ("test17",), "test18": ("test18",), "test19": ("test19",),
                "test20": ("test20",), "dev20": ("dev20",), "dev21": ("dev21",),
                "both": ("dev", "test"),
                "all": CORPUS_PARTS}
DEMO_TODAY = date(2026, 2, 15)  # the demo's and the paper set's fixed today (tests.corpus.DEMO_TODAY)
BENCH_MODEL = Path.home() / ".cache" / "queryweaver-bench" / "qwen2.5-coder-1.5b-instruct.gguf"
# Words a Date value may start with that the operator already says (dates.py reads both forms alike).
_DATE_WORDS = {"=": ("in ", "on ", "during "), ">": ("since ", "after ", "on or after "), "<": ("before ", "prior to ")}


@dataclass
class Case:
    set: str
    id: str
    question: str
    graph: dict
    accept: list[dict] = field(default_factory=list)
    answer: Any = None  # expected answer, for execution accuracy
    part: str = "-"     # corpus set: dev | dev2 .. dev21 | test | test2 .. test20
    shape: str = ""
    style: str = ""


@dataclass
class Outcome:
    set: str
    id: str
    question: str
    used: str = ""  # the backend whose graph was kept (offline-first runs: "rules" or the LLM's name)
    correct: bool = False
    accepted: bool = False
    seconds: float = 0.0
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_prompt_tokens: int | None = None
    attempts: int = 0
    repairs: list[str] = field(default_factory=list)
    error: str | None = None
    graph: dict | None = None
    executed: bool | None = None  # the generated graph's answer equals the expected one
    confidence: float | None = None  # how sure the reader said it was (a refusal: 0)
    part: str = "-"
    shape: str = ""
    style: str = ""


def paper_cases() -> list[Case]:
    from queryweaver.paper_graphs import EXAMPLE_GRAPH, paper_graphs

    cases = []
    for q in paper_graphs(q3_file="budget.xlsx", q4_person="Jane Doe", q6_person="Jane Doe", q7_date="in February"):
        accept = [EXAMPLE_GRAPH] if q.number == 7 else []
        cases.append(Case("paper", f"Q{q.number}", q.question, q.graph, accept))
    return cases


def own_cases(path: Path = ROOT / "benchmarks" / "questions.json") -> list[Case]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Case("demo", item["id"], item["question"], item["graph"], item.get("accept", []), item.get("answer"))
            for item in data["questions"]]


def corpus_cases(path: Path = CORPUS_QUESTIONS, part: str = "both") -> list[Case]:
    data = json.loads(path.read_text(encoding="utf-8"))
    wanted = PART_CHOICES[part]
    return [Case("corpus", q["id"], q["question"], q["graph"], q.get("accept", []), q["answer"], q["part"],
                 q["shape"], q["style"])
            for q in data["questions"] if q["part"] in wanted]


def canonical(graph: QueryGraph | dict, today: date = DEMO_TODAY) -> QueryGraph:
    """The graph with Date values stripped of leading words the operator repeats ('in', 'since'...), then
    each Date variable's filters replaced by the days they mean (when they parse), as one '=' filter."""
    data = graph.to_json() if isinstance(graph, QueryGraph) else json.loads(json.dumps(graph))
    dated: dict[str, list[dict]] = {}
    for c in data["constraints"]:
        if c["kind"] == "filter" and data["vars"].get(c["var"]) == "Date":
            value = str(c["value"]).strip()
            for word in _DATE_WORDS.get(c["op"], ()):
                if value.lower().startswith(word):
                    value = value[len(word):]
            c["value"] = value
            dated.setdefault(c["var"], []).append(c)
    for var, filters in dated.items():
        try:
            days = combine_date_filters([(c["op"], str(c["value"])) for c in filters], today=today)
        except DateExpressionError:
            continue
        data["constraints"] = [c for c in data["constraints"] if not any(c is f for f in filters)]
        data["constraints"].append({"kind": "filter", "var": var, "field": "value", "op": "=", "value": days.key()})
    return QueryGraph.parse(data)


_DEMO_ENGINE: list = []


def demo_engine():
    """The bundled demo's Engine, built once (the paper and demo sets run and are grounded on it)."""
    from queryweaver.config import DEMO_DIR, load_config
    from queryweaver.engine import Engine

    if not _DEMO_ENGINE:
        _DEMO_ENGINE.append(Engine(load_config(DEMO_DIR / "config.toml")))
    return _DEMO_ENGINE[0]


def execute(graph: QueryGraph) -> Any:
    """Run ``graph`` over the bundled demo: (count, sorted answer keys), or the error it ends with.

    Execution accuracy compares this for the generated graph and for the expected one (two graphs that
    differ but give the same answer on the demo count as executed correctly).
    """
    from queryweaver.config import DEMO_DIR, load_config
    from queryweaver.engine import Engine

    try:
        result = demo_engine().run(graph)
    except QueryWeaverError as exc:
        return ("error", type(exc).__name__)
    return (result.count, sorted(item.key for item in result.items))


class CorpusRun:
    """The generated corpus of ``questions_corpus.json``, built once into a temporary folder, and its Engine."""

    def __init__(self, path: Path = CORPUS_QUESTIONS, keep: Path | None = None):
        import tempfile

        from make_questions import build_corpus  # benchmarks/ is on sys.path when run as a script
        from queryweaver.config import load_config
        from queryweaver.engine import Engine

        spec = json.loads(path.read_text(encoding="utf-8"))["corpus"]
        self._tmp = None if keep else tempfile.TemporaryDirectory(prefix="qw-corpus-")
        self.dir = (keep or Path(self._tmp.name)) / "corpus"
        started = time.monotonic()
        self.facts = build_corpus(self.dir, spec)
        self.config = load_config(self.dir / "config.toml")
        self.config.cache_dir_setting = str(self.dir.parent / "cache")
        self.files_root = (self.dir / "files").resolve()
        self.today = self.config.today()
        self.engine = Engine(self.config)
        self.engine.lexicon()
        self.seconds = time.monotonic() - started

    def answer_ok(self, case: Case, graph: QueryGraph) -> bool:
        from make_questions import answer_matches

        try:
            result = self.engine.run(graph)
        except QueryWeaverError:
            return False
        return answer_matches({"graph": case.graph, "answer": case.answer}, result, self.files_root)

    def close(self) -> None:
        self.engine.close()
        if self._tmp is not None:
            self._tmp.cleanup()


def generate_for(question: str, config: Config, backend, engine=None, *, form: str = "tree", examples: int = 2):
    """The one call that turns a question into a graph (a ``Generation``); ``engine`` is the corpus's Engine
    (None for the paper and demo sets) so a grounding parser can read ``engine.lexicon()``."""
    engine = engine or demo_engine()
    return generate_graph(question, config, backend=backend, form=form, examples=examples, lexicon=engine.lexicon())


def run(cases: list[Case], config: Config, *, backend_name: str, form: str, examples: int,
        verbose: bool = True, corpus: CorpusRun | None = None, offline_first: bool = False) -> list[Outcome]:
    # one instance: a loaded model stays loaded. With offline_first the product's own path runs instead
    # ([llm] backend = NAME: the offline reader first, the LLM only when it refuses or is unsure).
    backend = None if offline_first else get_backend(config, backend_name)
    outcomes = []
    for case in cases:
        out = Outcome(case.set, case.id, case.question, part=case.part, shape=case.shape, style=case.style)
        on_corpus = case.set == "corpus" and corpus is not None
        today = corpus.today if on_corpus else DEMO_TODAY
        gen_config = _with_llm(corpus.config, config.llm) if on_corpus else config
        started = time.monotonic()
        try:
            gen = generate_for(case.question, gen_config, backend, corpus.engine if on_corpus else None,
                               form=form, examples=examples)
        except QueryWeaverError as exc:
            out.error = str(exc)
            out.seconds = time.monotonic() - started
            out.repairs = list(getattr(exc, "repairs", []))
            out.attempts = len(out.repairs)
            out.executed = False
        else:
            out.seconds = time.monotonic() - started
            got = canonical(gen.graph, today)
            out.correct = same_graph(got, canonical(case.graph, today))
            out.accepted = out.correct or any(same_graph(got, canonical(g, today)) for g in case.accept)
            out.attempts, out.repairs = gen.attempts, gen.repairs
            out.used = gen.backend
            out.prompt_tokens, out.completion_tokens = gen.prompt_tokens, gen.completion_tokens
            out.confidence = gen.confidence
            out.cached_prompt_tokens = gen.cached_prompt_tokens
            out.graph = gen.graph.to_json()
            if on_corpus:
                out.executed = corpus.answer_ok(case, gen.graph)
            else:
                out.executed = execute(gen.graph) == execute(QueryGraph.parse(case.graph))
        outcomes.append(out)
        if verbose:
            mark = "ok " if out.correct else ("acc" if out.accepted else "BAD")
            new = (out.prompt_tokens or 0) - (out.cached_prompt_tokens or 0)
            print(f"  {mark} {'ans' if out.executed else '---'} {case.id:>4} {case.part:>4} {out.seconds:6.2f}s "
                  f"att={out.attempts} new={new} "
                  f"out={out.completion_tokens} {case.question}"
                  + (f"  [{out.error}]" if out.error else ""), file=sys.stderr, flush=True)
            if not out.accepted and out.graph and verbose:
                print(f"         got {json.dumps(out.graph, separators=(',', ':'))}", file=sys.stderr)
    return outcomes


def _with_llm(config: Config, llm: dict[str, Any]) -> Config:
    """The corpus's config (its user, today, sources) with the benchmark's [llm] settings."""
    from dataclasses import replace

    return replace(config, llm=dict(llm))


def percentile(values: list[float], q: float) -> float:
    """The q-quantile by the nearest-rank method."""
    ordered = sorted(values)
    rank = min(len(ordered), max(1, math.ceil(round(q * len(ordered), 9))))
    return ordered[rank - 1]


def summarize(outcomes: list[Outcome], label: str) -> dict[str, Any]:
    n = len(outcomes)
    if not n:
        return {}
    seconds = [o.seconds for o in outcomes]
    prompt = [o.prompt_tokens for o in outcomes if o.prompt_tokens is not None]
    new = [o.prompt_tokens - (o.cached_prompt_tokens or 0) for o in outcomes if o.prompt_tokens is not None]
    completion = [o.completion_tokens for o in outcomes if o.completion_tokens is not None]
    return {
        "set": label, "n": n,
        "correct": sum(o.correct for o in outcomes), "accepted": sum(o.accepted for o in outcomes),
        "executed": sum(bool(o.executed) for o in outcomes),
        "mean_s": statistics.mean(seconds), "mean_s_warm": statistics.mean(seconds[1:]) if n > 1 else seconds[0],
        "max_s": max(seconds),
        "prompt_tokens": statistics.mean(prompt) if prompt else None,
        "new_prompt_tokens": statistics.mean(new) if new else None,
        "completion_tokens": statistics.mean(completion) if completion else None,
        "repaired": sum(o.attempts > 1 and o.error is None for o in outcomes),
        "repairs_sent": sum(len(o.repairs) for o in outcomes),
        "failed": sum(o.error is not None for o in outcomes),
        "median_ms": statistics.median(seconds) * 1000, "p95_ms": percentile(seconds, 0.95) * 1000,
        "p99_ms": percentile(seconds, 0.99) * 1000,
        "llm_used": sum(1 for o in outcomes if o.used and o.used != "rules"),
    }


def table(rows: list[dict[str, Any]], title: str) -> str:
    lines = [f"### {title}", "",
             "| set | n | correct | accepted | exec ok | mean s | mean s (after 1st) | max s | prompt tok (not cached) "
             "| output tok | repaired ok | repairs sent | refused | median ms | p95 ms |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]

    def num(value):
        return f"{value:.0f}" if value is not None else "-"

    for r in rows:
        lines.append(f"| {r['set']} | {r['n']} | {r['correct']}/{r['n']} | {r['accepted']}/{r['n']} | "
                     f"{r.get('executed', 0)}/{r['n']} | "
                     f"{r['mean_s']:.1f} | {r['mean_s_warm']:.1f} | {r['max_s']:.1f} | "
                     f"{num(r['prompt_tokens'])} ({num(r['new_prompt_tokens'])}) | {num(r['completion_tokens'])} | "
                     f"{r['repaired']} | {r['repairs_sent']} | {r['failed']} | {r['median_ms']:.1f} | "
                     f"{r['p95_ms']:.1f} |")
    return "\n".join(lines)


def groups(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    """One summary row per set, the corpus set split by part."""
    rows = []
    for s in ("paper", "demo"):
        rows.append(summarize([o for o in outcomes if o.set == s], s))
    for part in CORPUS_PARTS:
        rows.append(summarize([o for o in outcomes if o.set == "corpus" and o.part == part], f"corpus-{part}"))
    return [r for r in rows if r]


def result_line(rows: list[dict[str, Any]], backend: str) -> str:
    """One line with the figures per set and part, for logs and closing notes."""
    parts = []
    for r in rows:
        n = r["n"]
        parts.append(f"{r['set']}: graph {r['accepted']}/{n} ({100 * r['accepted'] / n:.1f}%) "
                     f"answer {r['executed']}/{n} ({100 * r['executed'] / n:.1f}%) refused {r['failed']} "
                     f"median {r['median_ms']:.1f} ms p95 {r['p95_ms']:.1f} ms p99 {r['p99_ms']:.1f} ms llm graphs {r['llm_used']}")
    return f"RESULT backend={backend} | " + " | ".join(parts)


def auroc(scores: list[float], labels: list[bool]) -> float | None:
    """The probability that a right answer's confidence is above a wrong one's (ties count half)."""
    right = sorted(s for s, ok in zip(scores, labels) if ok)
    wrong = sorted(s for s, ok in zip(scores, labels) if not ok)
    if not right or not wrong:
        return None
    import bisect

    above = sum(bisect.bisect_left(right, w) for w in wrong)  # right scores below each wrong one
    ties = sum(bisect.bisect_right(right, w) - bisect.bisect_left(right, w) for w in wrong)
    return 1.0 - (above + 0.5 * ties) / (len(right) * len(wrong))


CALIBRATION_BINS = (0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.01)


def calibration_table(outcomes: list[Outcome], threshold: float) -> str:
    """Per group of parts: AUROC of the confidence for a right answer, the share of wrong and of right answers
    below ``threshold`` (the product's "not sure"), and a reliability table (answers right per confidence bin).
    A refusal counts as a wrong answer at confidence 0."""
    lines = []
    groups: dict[str, list[Outcome]] = {}
    for o in outcomes:
        groups.setdefault(o.set if o.set != "corpus" else f"corpus-{o.part}", []).append(o)
    held = [o for o in outcomes if o.set == "corpus" and o.part.startswith("test") and o.part != "test"]
    if held:
        groups["held-out parts together"] = held
    lines.append(f"| set | n | AUROC | wrong below {threshold} | right below {threshold} |")
    lines.append("|---|---|---|---|---|")
    for label, group in groups.items():
        scores = [o.confidence or 0.0 for o in group]
        right = [bool(o.executed) for o in group]
        area = auroc(scores, right)
        wrong_n, right_n = right.count(False), right.count(True)
        below_wrong = sum(1 for s, ok in zip(scores, right) if not ok and s < threshold)
        below_right = sum(1 for s, ok in zip(scores, right) if ok and s < threshold)
        lines.append(f"| {label} | {len(group)} | {area:.3f} | {below_wrong}/{wrong_n} | {below_right}/{right_n} |"
                     if area is not None else f"| {label} | {len(group)} | - | {below_wrong}/{wrong_n} | "
                     f"{below_right}/{right_n} |")
    if held:
        lines += ["", "Reliability, held-out parts together (answers right per confidence bin):", "",
                  "| confidence | n | right | share right |", "|---|---|---|---|"]
        for lo, hi in zip(CALIBRATION_BINS, CALIBRATION_BINS[1:]):
            inside = [o for o in held if lo <= (o.confidence or 0.0) < hi]
            if inside:
                good = sum(bool(o.executed) for o in inside)
                lines.append(f"| [{lo:.2f}, {min(hi, 1.0):.2f}{')' if hi < 1.01 else ']'} | {len(inside)} | {good} | "
                             f"{good / len(inside):.3f} |")
    return "\n".join(lines)


def shape_table(outcomes: list[Outcome]) -> str:
    """Corpus questions: graph and answer accuracy per shape and part."""
    corpus = [o for o in outcomes if o.set == "corpus"]
    if not corpus:
        return ""
    lines = ["### corpus set by shape (graph ok / answer ok / n)", "",
             "| shape | " + " | ".join(CORPUS_PARTS) + " |", "|---" * (len(CORPUS_PARTS) + 1) + "|"]
    for shape in dict.fromkeys(o.shape for o in corpus):
        cells = []
        for part in CORPUS_PARTS:
            mine = [o for o in corpus if o.shape == shape and o.part == part]
            cells.append(f"{sum(o.accepted for o in mine)} / {sum(bool(o.executed) for o in mine)} / {len(mine)}"
                         if mine else "-")
        lines.append(f"| {shape} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def rescore(path: Path) -> int:
    """Compare the graphs an earlier run saved with the expected graphs as they are now."""
    saved = json.loads(path.read_text(encoding="utf-8"))
    cases = {(c.set, c.id): c for c in paper_cases() + own_cases() + corpus_cases(part="all")}
    corpus = CorpusRun() if any(raw["set"] == "corpus" for raw in saved["outcomes"]) else None
    outcomes = []
    for raw in saved["outcomes"]:
        out = Outcome(**raw)
        case = cases[(out.set, out.id)]
        today = corpus.today if corpus is not None and out.set == "corpus" else DEMO_TODAY
        if out.graph is not None:
            got = canonical(out.graph, today)
            out.correct = same_graph(got, canonical(case.graph, today))
            out.accepted = out.correct or any(same_graph(got, canonical(g, today)) for g in case.accept)
            if out.set == "corpus" and corpus is not None:
                out.executed = corpus.answer_ok(case, QueryGraph.parse(out.graph))
            else:
                out.executed = execute(QueryGraph.parse(out.graph)) == execute(QueryGraph.parse(case.graph))
        outcomes.append(out)
    if corpus is not None:
        corpus.close()
    rows = groups(outcomes)
    print(table(rows, saved["title"] + " (rescored)"))
    print(result_line(rows, saved["title"].split(" ")[0].removeprefix("backend=")))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default="llamacpp", choices=["rules", "llamacpp", "ollama", "openai"])
    parser.add_argument("--model", help="GGUF path (llamacpp) or model name (ollama, openai)")
    parser.add_argument("--form", default="tree", choices=["flat", "tree"])
    parser.add_argument("--examples", type=int, default=2, help="worked examples per question (0: none)")
    parser.add_argument("--limit", type=int, help="only the first N questions of our own set")
    parser.add_argument("--set", default="all", choices=["paper", "demo", "corpus", "all"])
    parser.add_argument("--offline-first", action="store_true",
                        help="the product's path for [llm] backend = BACKEND: the offline reader first, the LLM "
                             "only when it refuses or is unsure (default: the LLM writes every graph)")
    parser.add_argument("--part", default="both", choices=list(PART_CHOICES),
                        help="corpus set: the dev part, the second or third dev part (dev2, dev3), the held-out "
                             "test part, the second held-out part (test2), the fourth and fifth dev parts (dev4, "
                             "dev5), the third held-out part (test3), the sixth dev part (dev6), the fourth "
                             "held-out part (test4), the seventh dev part (dev7), the fifth held-out part (test5), "
                             "the eighth dev part (dev8), the sixth held-out part (test6), the ninth dev part "
                             "(dev9), the seventh held-out part (test7), the tenth dev part (dev10), the eighth "
                             "held-out part (test8), the eleventh dev part (dev11), the ninth held-out part "
                             "(test9), the twelfth dev part (dev12), the tenth held-out part (test10), the "
                             "thirteenth dev part (dev13), the eleventh held-out part (test11), the fourteenth dev "
                             "part (dev14), the twelfth held-out part (test12), the fifteenth dev part (dev15), "
                             "the thirteenth held-out part (test13), the sixteenth dev part (dev16), the "
                             "fourteenth held-out part (test14), the seventeenth dev part (dev17), the fifteenth "
                             "held-out part (test15), the eighteenth dev part (dev18), the sixteenth held-out part "
                             "(test16), the nineteenth dev part (dev19), the seventeenth held-out part (test17), "
                             "the eighteenth and nineteenth held-out parts (test18, test19), "
                             "a further held-out part (test20), "
                             "the twentieth and twenty-first dev parts (dev20, dev21), both (dev + test) or all "
                             "(every part)")
    parser.add_argument("--corpus-dir", type=Path, help="corpus set: generate the corpus here and keep it")
    parser.add_argument("--questions", type=Path, default=CORPUS_QUESTIONS,
                        help="corpus set: another question file (make_questions.py --seed N --out FILE: the same "
                             "templates over another generated corpus)")
    parser.add_argument("--shapes", action="store_true", help="corpus set: also print accuracy per shape")
    parser.add_argument("--calibration", action="store_true",
                        help="also print how the confidence separates right answers from wrong: AUROC, the share of "
                             "each below the product's 'not sure' threshold, and a reliability table (the held-out "
                             "parts help fit the confidence: benchmarks/calibration.py gives their figure with each "
                             "part fitted without it)")
    parser.add_argument("--host", help="Ollama host")
    parser.add_argument("--base-url", help="OpenAI-compatible server")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--json", type=Path, help="write every outcome here")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--rescore", type=Path, help="score the graphs saved by an earlier --json run again")
    parser.add_argument("--prompt-budget", type=int, default=None,
                        help="[llm] prompt_budget: prompts above it get a schema slice from tool retrieval "
                             "(0: slice every question; default: the config's 6000, which the whole schema fits)")
    args = parser.parse_args(argv)
    if args.rescore:
        return rescore(args.rescore)

    llm: dict[str, Any] = {"backend": args.backend, "timeout": args.timeout}
    if args.backend == "llamacpp":
        llm["model_path"] = args.model or str(BENCH_MODEL)
    elif args.model:
        llm["model"] = args.model
    if args.host:
        llm["host"] = args.host
    if args.base_url:
        llm["base_url"] = args.base_url
    if args.prompt_budget is not None:
        llm["prompt_budget"] = args.prompt_budget
    config = Config(llm=llm)

    cases = []
    if args.set in ("paper", "all"):
        cases += paper_cases()
    if args.set in ("demo", "all"):
        cases += own_cases()[: args.limit] if args.limit else own_cases()
    corpus = None
    if args.set in ("corpus", "all"):
        mine = corpus_cases(args.questions, part=args.part)
        cases += mine[: args.limit] if args.limit else mine
        corpus = CorpusRun(args.questions, keep=args.corpus_dir)
        if not args.quiet:
            print(f"corpus generated and indexed in {corpus.seconds:.1f} s: {corpus.dir}", file=sys.stderr)
    started = time.monotonic()
    try:
        outcomes = run(cases, config, backend_name=args.backend, form=args.form, examples=args.examples,
                       verbose=not args.quiet, corpus=corpus, offline_first=args.offline_first)
    finally:
        if corpus is not None:
            corpus.close()
    rows = groups(outcomes)
    model = Path(llm.get("model_path", "")).name or llm.get("model") or "-"
    budget = f" prompt_budget={args.prompt_budget}" if args.prompt_budget is not None else ""
    title = (f"backend={args.backend} model={model} form={args.form} examples={args.examples}{budget} "
             f"({time.monotonic() - started:.0f} s in all)")
    print(table(rows, title))
    if args.shapes:
        print()
        print(shape_table(outcomes))
    if args.calibration:
        from queryweaver.llm.generate import LOW_CONFIDENCE

        print()
        print(calibration_table(outcomes, LOW_CONFIDENCE))
    print(result_line(rows, args.backend))
    if args.json:
        args.json.write_text(json.dumps({"title": title, "summary": rows,
                                         "outcomes": [asdict(o) for o in outcomes]}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
