"""The ``queryweaver`` command (DESIGN.md, CLI contract).

Errors end the process with a non-zero exit code and one line on stderr that says what was wrong and
what to do; ``--json`` prints exactly one JSON object on stdout.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from .config import Config, load_config
from .errors import QueryWeaverError
from .events import Event, EventKind

EXIT_ERROR = 1
EXIT_USAGE = 2

# Every command with its one-line help; tests/test_docs.py checks each is documented in the README.
COMMANDS: dict[str, str] = {
    "ask": "Turn a question into a query graph, run it, print the answer.",
    "run": "Run a query graph from a JSON file (no LLM involved).",
    "index": "Build or refresh the local indexes of every configured source.",
    "serve": "Start the web UI on 127.0.0.1.",
    "auth": "Sign in to a remote account (Google), read-only.",
    "tools": "Search the tool catalogue for the tools a question needs.",
}


class StderrProgress:
    """Progress on stderr for work that takes a while: a bar on a terminal, a start and an end line on a
    pipe. Stages that finish within ``delay`` seconds (a refresh with nothing to do) print nothing."""

    def __init__(self, stream=None, enabled: bool = True, delay: float = 0.5):
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.delay = delay
        self.tty = self.stream.isatty()
        self.stage: str | None = None
        self.stage_started = 0.0
        self.shown = False
        self.last = 0.0

    def __call__(self, stage: str, done: int, total: int | None = None) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if stage != self.stage:
            self.stage, self.stage_started, self.shown = stage, now, False
        finished = total is not None and done >= total
        if not self.shown:
            if now - self.stage_started < self.delay:
                return
            self.shown = True
            if not self.tty:
                self.stream.write(f"{stage}...\n")
        if self.tty and (finished or now - self.last > 0.1):
            self.last = now
            if total:
                filled = int(30 * done / total)
                self.stream.write(f"\r{stage} [{'#' * filled}{'-' * (30 - filled)}] {done}/{total}")
            else:
                self.stream.write(f"\r{stage} {done}")
            if finished:
                self.stream.write("\n")
            self.stream.flush()
        elif finished and not self.tty:
            self.stream.write(f"{stage}: done ({done})\n")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="queryweaver", description="Questions across your mail, calendar and files.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--config", metavar="FILE", help="config file (default: the user config, else the demo data)")

    p = sub.add_parser("ask", help=COMMANDS["ask"])
    p.add_argument("question")
    common(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--backend", help="LLM backend: auto, ollama, openai, llamacpp or rules")
    p.add_argument("--verbose", "-v", action="store_true", help="print every step on stderr as it runs")

    p = sub.add_parser("run", help=COMMANDS["run"])
    p.add_argument("graph", metavar="GRAPH.json", help="the query graph ('-' reads stdin)")
    common(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--verbose", "-v", action="store_true", help="print every step on stderr as it runs")

    p = sub.add_parser("index", help=COMMANDS["index"])
    common(p)
    p.add_argument("--check", action="store_true",
                   help="check every index (quick_check) and print a table; changes nothing")
    p.add_argument("--full", action="store_true", help="with --check: the slower, thorough integrity_check")
    p.add_argument("--rebuild", nargs="?", const="", default=None, metavar="SOURCE",
                   help="delete and rebuild the indexes of every source, or of SOURCE (a type such as mbox, "
                        "or a source's path)")

    p = sub.add_parser("serve", help=COMMANDS["serve"])
    common(p)
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")

    p = sub.add_parser("auth", help=COMMANDS["auth"])
    p.add_argument("service", choices=["google"])
    p.add_argument("--client-secrets", metavar="FILE", required=True,
                   help="the OAuth client file downloaded from Google Cloud (Desktop app)")
    p.add_argument("--token-file", metavar="FILE", help="where to keep the token (default: the user data dir)")

    p = sub.add_parser("tools", help=COMMANDS["tools"])
    p.add_argument("action", choices=["search"])
    p.add_argument("question")
    p.add_argument("--top", type=int, default=10)
    common(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return EXIT_USAGE
    try:
        return COMMAND_HANDLERS[args.command](args)
    except QueryWeaverError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except sqlite3.Error as exc:  # a local index failed where no connector translated it
        print(f"error: a local index failed ({exc}); 'queryweaver index --check' shows which, "
              f"'queryweaver index --rebuild' builds them anew", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


# -- commands ---------------------------------------------------------------------------------------

def cmd_run(args: argparse.Namespace) -> int:
    from .graph import QueryGraph

    text = _read_graph_text(args.graph)
    graph = QueryGraph.parse(text)
    config = load_config(args.config)
    return _execute(config, graph, args, question=None, generation=None)


def cmd_ask(args: argparse.Namespace) -> int:
    from .errors import GenerationError
    from .llm import generate_graph

    question = args.question.strip()
    if not question:
        raise GenerationError("the question is empty; ask something like "
                              "\"Find the folders that contain email attachments from Jane Doe\"")
    config = load_config(args.config)
    generation = generate_graph(question, config, backend=args.backend)
    if not args.json:
        print(f"Graph ({generation.backend}, {generation.seconds:.2f} s):")
        print(_indent(describe_graph(generation.graph.to_json())))
    return _execute(config, generation.graph, args, question=question, generation=generation)


def cmd_index(args: argparse.Namespace) -> int:
    from .engine import Engine

    if args.full and not args.check:
        raise QueryWeaverError("--full goes with --check: queryweaver index --check --full")
    config = load_config(args.config)
    with Engine(config, progress=StderrProgress(), warn=_print_warning) as engine:
        if args.check:
            return print_index_check(engine.check_indexes(full=args.full))
        if args.rebuild is not None:
            reports = engine.rebuild_indexes(args.rebuild or None)
        else:
            reports = engine.refresh_indexes(check=True)
        for report in reports:
            resumed = f", {report.resumed} resumed" if report.resumed else ""
            print(f"{report.source}: {report.parsed} parsed, {report.reused} unchanged, "
                  f"{report.removed} removed, {len(report.skipped)} skipped{resumed}, {report.seconds:.2f} s")
    return 0


def print_index_check(rows, out=None) -> int:
    """The table of ``queryweaver index --check``; exit code 1 when an index is damaged."""
    from .index import human_size

    out = out or sys.stdout
    table = [("source", "index", "size", "items", "last written (UTC)", "state")]
    for row in rows:
        table.append((row.source, str(row.path), human_size(row.size) if row.size is not None else "-",
                      str(row.items) if row.items is not None else "-",
                      row.written.strftime("%Y-%m-%d %H:%M:%S") if row.written else "-", row.state))
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for r in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip(), file=out)
    damaged = [row for row in rows if row.state in ("damaged", "cannot open")]
    for row in damaged:
        if row.state == "damaged":
            print(f"{row.source}: {row.problem}; 'queryweaver index --rebuild {row.source.split(':', 1)[0]}' "
                  f"builds it anew (a question that meets the damage does so too)", file=out)
        else:
            print(f"{row.source}: {row.problem}", file=out)
    return EXIT_ERROR if damaged else 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .web import serve

    config = load_config(args.config)
    return serve(config, port=args.port, open_browser=not args.no_browser)


def cmd_auth(args: argparse.Namespace) -> int:
    from connectors.google_auth import sign_in

    result = sign_in(Path(args.client_secrets), args.token_file)
    print(f"signed in; read-only token saved to {result.token_path} (mode 0600)")
    return 0


def cmd_tools(args: argparse.Namespace) -> int:
    from .retrieval import search_tools_command

    config = load_config(args.config)
    return search_tools_command(config, args.question, top=args.top)


COMMAND_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "ask": cmd_ask, "run": cmd_run, "index": cmd_index, "serve": cmd_serve, "auth": cmd_auth, "tools": cmd_tools,
}


# -- running and printing ---------------------------------------------------------------------------

def _execute(config: Config, graph, args: argparse.Namespace, *, question: str | None, generation) -> int:
    from .engine import Engine

    verbose = getattr(args, "verbose", False)
    on_event = _print_event if verbose else None
    date_fallback = None
    if question is not None or config.llm.get("backend") not in (None, "rules"):
        try:
            from .llm import make_date_fallback

            date_fallback = make_date_fallback(config)
        except ImportError:
            date_fallback = None
    started = time.perf_counter()
    with Engine(config, progress=StderrProgress(), warn=_print_warning, date_fallback=date_fallback) as engine:
        plan_started = time.perf_counter()
        engine.plan(graph)
        plan_seconds = time.perf_counter() - plan_started
        result = engine.run(graph, on_event=on_event)
    total = time.perf_counter() - started
    timings: dict[str, Any] = {"plan": round(plan_seconds, 4), "execution": round(result.seconds, 4)}
    if generation is not None:
        timings["generation"] = round(generation.seconds, 4)
        timings["prompt_tokens"] = generation.prompt_tokens
        timings["completion_tokens"] = generation.completion_tokens
        timings["attempts"] = generation.attempts
    timings["total"] = round(total + (generation.seconds if generation is not None else 0.0), 4)
    if args.json:
        out = {"question": question, "graph": graph.to_json(), "result": result.to_json(),
               "trace": [_event_json(e) for e in result.trace], "timings": timings}
        if generation is not None:
            out["backend"] = generation.backend
        json.dump(out, sys.stdout, ensure_ascii=False, indent=2, default=str)
        sys.stdout.write("\n")
    else:
        print_result(result, timings)
    return 0


def print_result(result, timings: dict[str, Any], out=None) -> None:
    out = out or sys.stdout
    type_name = result.type.value
    if result.action == "count":
        print(f"Answer: {result.count} {type_name}{'' if result.count == 1 else 's'}", file=out)
    else:
        print(f"Answer: {result.count} {type_name}{'' if result.count == 1 else 's'}"
              + (" (showing one)" if len(result.items) < result.count else ""), file=out)
        for item in result.items:
            print(f"  - {format_item(item)}", file=out)
            evidence = result.evidence(item.key)
            for chain in evidence_chains(evidence):
                print(f"      because: {chain}", file=out)
    if result.emptied_by:
        print(f"Nothing matched: {result.emptied_by}.", file=out)
    print(f"({timings['execution']:.3f} s)", file=out)


def format_item(item) -> str:
    f = item.fields
    t = item.type.value
    if t == "Email":
        return f"{f.get('date') or '?'}  {f.get('from') or '?'}  \"{f.get('subject') or ''}\"  {item.key}"
    if t == "Person":
        return f"{f.get('name') or ''} <{item.key}>".strip()
    if t == "File":
        return f"{f.get('name') or item.key}" + (f"  ({f['path']})" if f.get("path") else "  (attachment only)")
    if t == "Event":
        return f"{f.get('start') or '?'}  {f.get('name') or ''}" + (f"  @ {f['location']}" if f.get("location") else "")
    return item.label()


def evidence_chains(tree: dict | None) -> list[str]:
    """Each root-to-leaf path of an evidence tree, written from the leaf to the answer."""
    if not tree or not tree.get("via"):
        return []
    chains = []

    def walk(node: dict, path: list[str]) -> None:
        here = path + [_evidence_label(node)]
        if not node["via"]:
            chains.append(" -> ".join(reversed(here)))
        for child in node["via"]:
            walk(child, here)

    for child in tree["via"]:
        walk(child, [])
    return chains


def _evidence_label(node: dict) -> str:
    if node["type"] == "Email":
        return f"email \"{node['label']}\""
    return node["label"]


def describe_graph(graph: dict[str, Any]) -> str:
    lines = [f"{graph['action']} {graph['return_mode']} {graph['return_var']}: "
             + ", ".join(f"{v}:{t}" for v, t in graph["vars"].items())]
    for c in graph["constraints"]:
        if c["kind"] == "edge":
            lines.append(f"  {c['from']} -{c['edge']}-> {c['to']}")
        else:
            lines.append(f"  {c['var']}.{c['field']} {c['op']} {json.dumps(c['value'])}")
    return "\n".join(lines)


def _print_event(event: Event) -> None:
    """One line per event, like the paper's execution logs (step announcements are left to the web UI)."""
    if event.kind != EventKind.STEP_STARTED:
        print(event.line(), file=sys.stderr)


def _event_json(event: Event) -> dict[str, Any]:
    return event.model_dump(mode="json")


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def _print_warning(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


def _read_graph_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise QueryWeaverError(f"graph file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise QueryWeaverError(f"cannot read graph file {path} ({exc})") from exc


if __name__ == "__main__":
    sys.exit(main())
