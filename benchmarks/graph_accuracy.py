"""Graph-generation accuracy: the paper's seven questions and our own question set.

    python benchmarks/graph_accuracy.py --backend llamacpp --model MODEL.gguf --form tree
    python benchmarks/graph_accuracy.py --backend rules
    python benchmarks/graph_accuracy.py --backend ollama --model qwen3:8b --examples 0 --limit 10

A generated graph counts as correct when it is the expected graph up to variable names
(``queryweaver.graph.same_graph``), after a leading "in", "on" or "during" (with "="), "since" or "after"
(with ">") or "before" (with "<") is dropped from Date values: the date normalizer reads both alike. "accepted" also counts the other graphs
a question lists as meaning the same (e.g. Q7 with the user's own attendance, Section 4.1 of the paper).

The paper's questions come from ``queryweaver.paper_graphs`` with the names "Jane Doe" and "budget.xlsx";
ours from ``benchmarks/questions.json`` (the bundled demo's story). Per question the report gives the
seconds, prompt and completion tokens, and the attempts (more than one: the validator's message was
sent back; "repairs sent" counts every message sent back, also for questions that failed in the end).
``execute`` is the hook for execution accuracy once the engine is wired in.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from queryweaver.config import Config  # noqa: E402
from queryweaver.errors import QueryWeaverError  # noqa: E402
from queryweaver.graph import QueryGraph, same_graph  # noqa: E402
from queryweaver.llm import generate_graph, get_backend  # noqa: E402

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


@dataclass
class Outcome:
    set: str
    id: str
    question: str
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
    executed: bool | None = None  # the generated graph's answer on the demo equals the expected graph's


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


def canonical(graph: QueryGraph | dict) -> QueryGraph:
    """The graph with Date values stripped of leading words the operator repeats ('in', 'since'...)."""
    data = graph.to_json() if isinstance(graph, QueryGraph) else json.loads(json.dumps(graph))
    for c in data["constraints"]:
        if c["kind"] == "filter" and data["vars"].get(c["var"]) == "Date":
            value = str(c["value"]).strip()
            for word in _DATE_WORDS.get(c["op"], ()):
                if value.lower().startswith(word):
                    value = value[len(word):]
            c["value"] = value
    return QueryGraph.parse(data)


_DEMO_ENGINE: list = []


def execute(graph: QueryGraph) -> Any:
    """Run ``graph`` over the bundled demo: (count, sorted answer keys), or the error it ends with.

    Execution accuracy compares this for the generated graph and for the expected one (two graphs that
    differ but give the same answer on the demo count as executed correctly).
    """
    from queryweaver.config import DEMO_DIR, load_config
    from queryweaver.engine import Engine

    if not _DEMO_ENGINE:
        _DEMO_ENGINE.append(Engine(load_config(DEMO_DIR / "config.toml")))
    try:
        result = _DEMO_ENGINE[0].run(graph)
    except QueryWeaverError as exc:
        return ("error", type(exc).__name__)
    return (result.count, sorted(item.key for item in result.items))


def run(cases: list[Case], config: Config, *, backend_name: str, form: str, examples: int,
        verbose: bool = True) -> list[Outcome]:
    backend = get_backend(config, backend_name)  # one instance: a loaded model stays loaded
    outcomes = []
    for case in cases:
        out = Outcome(case.set, case.id, case.question)
        started = time.monotonic()
        try:
            gen = generate_graph(case.question, config, backend=backend, form=form, examples=examples)
        except QueryWeaverError as exc:
            out.error = str(exc)
            out.seconds = time.monotonic() - started
            out.repairs = list(getattr(exc, "repairs", []))
            out.attempts = len(out.repairs)
        else:
            got = canonical(gen.graph)
            out.correct = same_graph(got, canonical(case.graph))
            out.accepted = out.correct or any(same_graph(got, canonical(g)) for g in case.accept)
            out.seconds, out.attempts, out.repairs = gen.seconds, gen.attempts, gen.repairs
            out.prompt_tokens, out.completion_tokens = gen.prompt_tokens, gen.completion_tokens
            out.cached_prompt_tokens = gen.cached_prompt_tokens
            out.graph = gen.graph.to_json()
            out.executed = execute(gen.graph) == execute(canonical(case.graph))
        outcomes.append(out)
        if verbose:
            mark = "ok " if out.correct else ("acc" if out.accepted else "BAD")
            new = (out.prompt_tokens or 0) - (out.cached_prompt_tokens or 0)
            print(f"  {mark} {case.id:>4} {out.seconds:6.1f}s att={out.attempts} new={new} "
                  f"out={out.completion_tokens} {case.question}"
                  + (f"  [{out.error}]" if out.error else ""), file=sys.stderr, flush=True)
            if not out.accepted and out.graph and verbose:
                print(f"         got {json.dumps(out.graph, separators=(',', ':'))}", file=sys.stderr)
    return outcomes


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
    }


def table(rows: list[dict[str, Any]], title: str) -> str:
    lines = [f"### {title}", "",
             "| set | n | correct | accepted | exec ok | mean s | mean s (after 1st) | max s | prompt tok (not cached) "
             "| output tok | repaired ok | repairs sent | failed |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]

    def num(value):
        return f"{value:.0f}" if value is not None else "-"

    for r in rows:
        lines.append(f"| {r['set']} | {r['n']} | {r['correct']}/{r['n']} | {r['accepted']}/{r['n']} | "
                     f"{r.get('executed', 0)}/{r['n']} | "
                     f"{r['mean_s']:.1f} | {r['mean_s_warm']:.1f} | {r['max_s']:.1f} | "
                     f"{num(r['prompt_tokens'])} ({num(r['new_prompt_tokens'])}) | {num(r['completion_tokens'])} | "
                     f"{r['repaired']} | {r['repairs_sent']} | {r['failed']} |")
    return "\n".join(lines)


def rescore(path: Path) -> int:
    """Compare the graphs an earlier run saved with the expected graphs as they are now."""
    saved = json.loads(path.read_text(encoding="utf-8"))
    cases = {(c.set, c.id): c for c in paper_cases() + own_cases()}
    outcomes = []
    for raw in saved["outcomes"]:
        out = Outcome(**raw)
        case = cases[(out.set, out.id)]
        if out.graph is not None:
            got = canonical(out.graph)
            out.correct = same_graph(got, canonical(case.graph))
            out.accepted = out.correct or any(same_graph(got, canonical(g)) for g in case.accept)
            out.executed = execute(QueryGraph.parse(out.graph)) == execute(canonical(case.graph))
        outcomes.append(out)
    rows = [r for r in (summarize([o for o in outcomes if o.set == s], s) for s in ("paper", "demo")) if r]
    print(table(rows, saved["title"] + " (rescored)"))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default="llamacpp", choices=["rules", "llamacpp", "ollama", "openai"])
    parser.add_argument("--model", help="GGUF path (llamacpp) or model name (ollama, openai)")
    parser.add_argument("--form", default="tree", choices=["flat", "tree"])
    parser.add_argument("--examples", type=int, default=2, help="worked examples per question (0: none)")
    parser.add_argument("--limit", type=int, help="only the first N questions of our own set")
    parser.add_argument("--set", default="all", choices=["paper", "demo", "all"])
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
    started = time.monotonic()
    outcomes = run(cases, config, backend_name=args.backend, form=args.form, examples=args.examples,
                   verbose=not args.quiet)
    rows = [summarize([o for o in outcomes if o.set == s], s) for s in ("paper", "demo")]
    rows = [r for r in rows if r]
    model = Path(llm.get("model_path", "")).name or llm.get("model") or "-"
    budget = f" prompt_budget={args.prompt_budget}" if args.prompt_budget is not None else ""
    title = (f"backend={args.backend} model={model} form={args.form} examples={args.examples}{budget} "
             f"({time.monotonic() - started:.0f} s in all)")
    print(table(rows, title))
    if args.json:
        args.json.write_text(json.dumps({"title": title, "summary": rows,
                                         "outcomes": [asdict(o) for o in outcomes]}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
