"""The ``queryweaver`` command (DESIGN.md, CLI contract).

Errors end the process with a non-zero exit code and one line on stderr that says what was wrong and
what to do; ``--json`` prints exactly one JSON object on stdout.
"""

from __future__ import annotations

# Start-up imports only what the interpreter has loaded already (and json): ``queryweaver index`` with nothing
# changed ends before anything else is imported (``refresh_stamp``); each command imports what it uses.
import functools
import gc
from contextlib import contextmanager, nullcontext
import json
import os
import sys
import time
from pathlib import Path

from .errors import QueryWeaverError

TYPE_CHECKING = False   # typing.TYPE_CHECKING, without importing typing (not loaded at start-up)
if TYPE_CHECKING:
    import argparse
    from typing import Any, Callable, Sequence

    from .config import Config
    from .events import Event

# Pydantic plugins (found through installed packages' entry points) would see every graph and event a command
# validates, and looking for them reads every installed package's metadata on each start (about 10 ms with a
# hundred packages). QueryWeaver uses none; a user who sets PYDANTIC_DISABLE_PLUGINS keeps their own setting.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

EXIT_ERROR = 1
EXIT_USAGE = 2

# Every command with its one-line help; tests/test_docs.py checks each is documented in the README.
# planner.PLANNERS, written out so that parsing the command line imports no planner (tests check they agree)
PLANNERS = ("cost", "paper")
TEXT_LIMIT = 20   # answers printed as text unless --limit says otherwise
EXPORT_FORMATS = ("jsonl", "csv")   # export.FORMATS, written out so that parsing imports no engine
QUICK_COMMANDS = ("ask", "run", "index")  # their start-up runs with the garbage collector paused

COMMANDS: dict[str, str] = {
    "ask": "Turn a question into a query graph, run it, print the answer.",
    "run": "Run a query graph from a JSON file (no LLM involved).",
    "index": "Build or refresh the local indexes of every configured source.",
    "serve": "Start the web UI on 127.0.0.1.",
    "auth": "Sign in to a remote account (Google), read-only.",
    "tools": "Search the tool catalogue for the tools a question needs.",
    "mcp": "Serve QueryWeaver to AI agents over the Model Context Protocol (stdio, or --http on 127.0.0.1).",
    "sources": "Find the mail and calendars of local apps (Thunderbird, Apple Mail, Apple Calendar) and print "
               "the config lines that add them.",
}
DETECT_PLATFORMS = ("linux", "macos", "windows")   # local_apps.PLATFORMS (tests check they agree)


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
                self.stream.write(f"\r{stage} [{'#' * filled}{'-' * (30 - filled)}] {done:,}/{total:,}")
            else:
                self.stream.write(f"\r{stage} {done:,}")
            if finished:
                self.stream.write("\n")
            self.stream.flush()
        elif finished and not self.tty:
            self.stream.write(f"{stage}: done ({done:,})\n")


def load_config(path: str | Path | None = None) -> "Config":
    """``config.load_config``, imported when a command first needs it."""
    from .config import load_config as load

    return load(path)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command``'s alone (``main``, when the first argument names a command:
    building the others' options was a thirtieth of a quick command). Usage lines, help and errors are the same."""
    import argparse

    parser = argparse.ArgumentParser(prog="queryweaver", description="Questions across your mail, calendar and files.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--config", metavar="FILE", help="config file (default: the user config, else the demo data)")

    def answering(p: argparse.ArgumentParser) -> None:
        p.add_argument("--verbose", "-v", action="store_true",
                       help="print every step on stderr as it runs, with the plan's estimates and the actual sizes")
        p.add_argument("--planner", choices=PLANNERS, default=PLANNERS[0],
                       help="cost (default): steps ordered by the sources' estimated sizes; paper: the paper's "
                            "Algorithm 1 order. Both give the same answers")
        p.add_argument("--limit", type=_count_arg, metavar="N",
                       help=f"show at most N answers (default: {TEXT_LIMIT} as text, all with --json)")
        p.add_argument("--offset", type=_count_arg, default=0, metavar="N", help="skip the first N answers")
        p.add_argument("--format", choices=EXPORT_FORMATS, default=None,
                       help="write every answer (or --offset/--limit's) to stdout as it is produced: jsonl, one "
                            "JSON object per answer with its evidence; csv, a row per answer with its evidence "
                            "chains")

    if command in (None, "ask"):
        p = sub.add_parser("ask", help=COMMANDS["ask"])
        p.add_argument("question")
        common(p)
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.add_argument("--backend", help="LLM backend: auto, ollama, openai, llamacpp or rules")
        p.add_argument("--pick", type=int, metavar="N",
                       help="run alternative reading N (as numbered by a previous ask) instead of the best one")
        p.add_argument("--follow", action="store_true",
                       help="read the question as a follow-up of the last one asked: narrow it ('only the PDFs'), move "
                            "along ('who sent them?') or change a value ('what about March?')")
        p.add_argument("--follow-id", metavar="ID", help="follow up the question with this id (--json's \"id\")")
        answering(p)

    if command in (None, "run"):
        p = sub.add_parser("run", help=COMMANDS["run"])
        p.add_argument("graph", metavar="GRAPH.json", help="the query graph ('-' reads stdin)")
        common(p)
        p.add_argument("--json", action="store_true", help="print one JSON object")
        answering(p)

    if command in (None, "index"):
        p = sub.add_parser("index", help=COMMANDS["index"])
        common(p)
        p.add_argument("--check", action="store_true",
                       help="check every index (quick_check) and print a table; changes nothing")
        p.add_argument("--full", action="store_true", help="with --check: the slower, thorough integrity_check")
        p.add_argument("--rebuild", nargs="?", const="", default=None, metavar="SOURCE",
                       help="delete and rebuild the indexes of every source, or of SOURCE (a type such as mbox, "
                            "or a source's path)")

    if command in (None, "serve"):
        p = sub.add_parser("serve", help=COMMANDS["serve"])
        common(p)
        p.add_argument("--port", type=int, default=8765)
        p.add_argument("--no-browser", action="store_true", help="do not open a browser window")

    if command in (None, "auth"):
        p = sub.add_parser("auth", help=COMMANDS["auth"])
        p.add_argument("service", choices=["google"])
        p.add_argument("--client-secrets", metavar="FILE", required=True,
                       help="the OAuth client file downloaded from Google Cloud (Desktop app)")
        p.add_argument("--token-file", metavar="FILE", help="where to keep the token (default: the user data dir)")

    if command in (None, "tools"):
        p = sub.add_parser("tools", help=COMMANDS["tools"])
        p.add_argument("action", choices=["search"])
        p.add_argument("question")
        p.add_argument("--top", type=int, default=10)
        common(p)

    if command in (None, "sources"):
        p = sub.add_parser("sources", help=COMMANDS["sources"])
        p.add_argument("action", choices=["detect"])
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.add_argument("--home", metavar="DIR",
                       help="look in this home directory instead of yours (e.g. a backup of another machine)")
        p.add_argument("--platform", choices=DETECT_PLATFORMS,
                       help="look where the apps keep their data on this platform (default: this machine's)")
        common(p)

    if command in (None, "mcp"):
        p = sub.add_parser("mcp", help=COMMANDS["mcp"])
        common(p)
        p.add_argument("--http", action="store_true",
                       help="serve streamable HTTP on 127.0.0.1 (with a launch token) instead of stdio")
        p.add_argument("--port", type=int, default=8766, help="with --http: the port (0 picks a free one)")
        p.add_argument("--page-size", type=int, default=None, metavar="N", help="answers per page (default 10)")
        p.add_argument("--budget", type=int, default=None, metavar="CHARS",
                       help="characters per tool result (default 8000)")

    return parser


def main(argv: Sequence[str] | None = None, *, generate: Callable[..., Any] | None = None) -> int:
    """Run one command. ``generate`` replaces ``queryweaver.llm.generate_graph`` for ``ask`` (same
    signature: ``(question, config, *, backend) -> Generation``); tests pass one through this door."""
    search_path = list(sys.path)  # as the interpreter started: part of what an index stamp depends on
    if generate is None:
        from .refresh_stamp import index_unchanged

        done = index_unchanged(list(sys.argv[1:] if argv is None else argv))
        if done is not None:  # ``index`` with nothing changed, decided from a few stat() calls
            return done
    first = next(iter(sys.argv[1:] if argv is None else argv), None)
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(argv)
    args.search_path = search_path
    if not args.command:
        parser.print_help()
        return EXIT_USAGE
    handler = COMMAND_HANDLERS[args.command]
    if generate is not None and args.command == "ask":
        handler = functools.partial(cmd_ask, generate=generate)
    with collector_paused(args.command in QUICK_COMMANDS) as start_up_done:
        args.start_up_done = start_up_done  # the handler calls it once the command has started
        return _handle(handler, args)


def _handle(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        return handler(args)
    except QueryWeaverError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except _sqlite_error() as exc:  # a local index failed where no connector translated it
        print(f"error: a local index failed ({exc}); 'queryweaver index --check' shows which, "
              f"'queryweaver index --rebuild' builds them anew", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away ("| head"): stop quietly, as other command-line tools do
        sys.stderr.close()
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _sqlite_error() -> type[BaseException]:
    """sqlite3.Error once sqlite3 is loaded (no command fails with it before), without loading it."""
    module = sys.modules.get("sqlite3")
    return module.Error if module is not None else _NeverRaised


class _NeverRaised(Exception):
    pass


@contextmanager
def collector_paused(pause: bool):
    """Garbage collection paused while a command starts (imports, config, the engine, the question read): that
    allocates tens of thousands of objects that stay alive, and the collector's passes over them were a tenth
    of an ``ask``. Yields ``start_up_done()``, which freezes what start-up left (later collections skip it) and
    collects as usual from then on; everything is as before once the command ends (tests call ``main`` in
    process)."""
    if not pause or not gc.isenabled():
        yield lambda: None
        return
    frozen = False

    def start_up_done() -> None:
        nonlocal frozen
        if not frozen:
            gc.freeze()
            gc.enable()
            frozen = True

    gc.disable()
    try:
        yield start_up_done
    finally:
        if frozen:
            gc.unfreeze()
        gc.enable()


def _start_up_done(args: argparse.Namespace) -> None:
    getattr(args, "start_up_done", lambda: None)()


# -- commands ---------------------------------------------------------------------------------------

def _one_output(args: argparse.Namespace) -> None:
    """--json and --format both say how to write the answer: refused before anything is read."""
    if getattr(args, "format", None) and args.json:
        raise QueryWeaverError(f"--json and --format {args.format} both say how to write the answer; use one of them")


def cmd_run(args: argparse.Namespace) -> int:
    from .graph import QueryGraph

    _one_output(args)

    text = _read_graph_text(args.graph)
    graph = QueryGraph.parse(text)
    config = load_config(args.config)
    return _execute(config, graph, args, question=None, generation=None)


def cmd_ask(args: argparse.Namespace, generate: Callable[..., Any] | None = None) -> int:
    from .errors import GenerationError

    _one_output(args)
    question = args.question.strip()
    if not question:
        raise GenerationError("the question is empty; ask something like "
                              "\"Find the folders that contain email attachments from Jane Doe\"")
    from .reader.question_text import check_question

    check_question(question, english=False)  # too long or no words: said before any index is opened or built
    kept = generate is None  # the real reader: its offline readings are kept between runs (reading_cache)
    config = load_config(args.config)
    from .conversation import Conversation, default_path

    conversation = Conversation(default_path())
    following = conversation.to_follow(args.follow_id) if args.follow or args.follow_id else None
    with _open_engine(config, question=question) as engine:
        followup = None
        if following is not None:
            if args.pick:
                raise QueryWeaverError("--pick and --follow cannot go together: pick a reading of the question "
                                       "first, then follow it up")
            if generate is None:
                from .llm import generate_graph as generate
            generation, followup = _follow(question, following, config, args, generate, engine.lexicon())
        else:
            generation, cache, key = None, None, None
            if kept:
                from .reading_cache import ReadingCache, reading_key

                cache = ReadingCache(Path(config.cache_dir) / "readings")
                key = reading_key(question, config, args.backend, engine.lexicon_states())
                generation = cache.get(key)
            if generation is None:
                if generate is None:
                    from .llm import generate_graph as generate
                generation = generate(question, config, backend=args.backend, lexicon=engine.lexicon())
                if cache is not None:
                    cache.put(key, generation)
        graph = picked_graph(generation, args.pick, question)
        asked = conversation.add(question, graph.to_json(), follows=following.id if following else None,
                                 edit=followup.edit if followup else None)
        args.asked = {"id": asked.id}
        if conversation.unsaved:
            print(f"note: this question cannot be followed up: it could not be kept ({conversation.unsaved})",
                  file=sys.stderr)
        if following is not None:
            args.asked.update(follows={"id": following.id, "question": following.question, "graph": following.graph},
                              edit=followup.to_json())
        if args.verbose:
            for note in generation.notes:  # which words produced which constraint
                print(f"reading: {note}", file=sys.stderr)
        if not args.json:  # with --format the data alone goes to stdout: how it was read goes to stderr
            out = sys.stderr if args.format else sys.stdout
            label = f"reading {args.pick}, " if args.pick else ""
            if followup is not None:
                print(f"Follows: {following.question}", file=out)
                print(f"Edit: {followup.edit}", file=out)
            print(f"Graph ({label}{generation.backend}, {generation.seconds:.2f} s):", file=out)
            print(_indent(describe_graph(graph.to_json())), file=out)
            print_readings(generation, args, question, out=out)
        return _execute(config, graph, args, question=question, generation=generation, engine=engine)


def _follow(question: str, following, config, args: argparse.Namespace, generate, lexicon):
    """The follow-up read as an edit of ``following``'s graph, as a Generation of the whole new graph."""
    from .graph import QueryGraph
    from .reader.followup import read_followup

    started = time.perf_counter()
    followup = read_followup(question, QueryGraph.parse(following.graph),
                             lambda text: generate(text, config, backend=args.backend, lexicon=lexicon),
                             lexicon=lexicon)
    return followup.as_generation(following.question, time.perf_counter() - started), followup


def picked_graph(generation, pick: int | None, question: str):
    """The graph to run: the best reading's, or alternative ``pick`` (1-based, as ``ask`` numbers them).

    ``--pick`` generates again and takes the N-th alternative, so it names the same reading as long as
    the parser is deterministic for the question (the offline parser is; a sampling LLM may not be).
    """
    if pick is None:
        return generation.graph
    alternatives = generation.alternatives
    if not alternatives:
        raise QueryWeaverError(f"there is only one reading of {question!r}, so there is nothing to pick; "
                               "leave --pick out")
    if not 1 <= pick <= len(alternatives):
        numbers = [str(n) for n in range(1, len(alternatives) + 1)]
        choices = " or ".join(filter(None, [", ".join(numbers[:-1]), numbers[-1]]))
        raise QueryWeaverError(f"there are {len(alternatives)} other readings of {question!r}, so --pick {pick} "
                               f"names none of them; use --pick {choices}, or leave --pick out for the best one")
    return alternatives[pick - 1].graph


def print_readings(generation, args: argparse.Namespace, question: str, out=None) -> None:
    """How the question was read, and, when that is uncertain, the other readings with a command for each."""
    from .generation import LEFT_OUT

    out = out or sys.stdout
    pick = getattr(args, "pick", None)
    alternatives = list(generation.alternatives)
    if pick:
        chosen = alternatives[pick - 1]
        print(f"Read as (reading {pick}): {chosen.text or 'the graph above'} ({_percent(chosen.confidence)})",
              file=out)
        if generation.reading:
            print(f"  instead of the best reading: {generation.reading} ({_percent(generation.confidence)})",
                  file=out)
        print(f"     {pick_command(question, None, args)}", file=out)
    elif generation.reading:
        sure = f" ({_percent(generation.confidence)})" if alternatives or generation.low_confidence else ""
        print(f"Read as: {generation.reading}{sure}", file=out)
    if generation.low_confidence and not pick:
        print("Not sure I read this right." + ("" if alternatives else
                                                " Check the graph above, or rephrase the question."), file=out)
        for note in generation.notes:  # why: a name not in the data, words left out, an ambiguous name
            print(f"  - {note}", file=out)
        if alternatives:
            print("Other readings:", file=out)
    else:
        for note in generation.notes:  # a sure reading still says which of the question's words it did not use
            if note.startswith(LEFT_OUT):
                print(f"Note: {note}", file=out)
        if alternatives:
            print("Other readings:", file=out)
    for number, alternative in enumerate(alternatives, 1):
        mark = "  (this one was run)" if number == pick else ""
        print(f"  {number}. {alternative.text or 'another graph'} ({_percent(alternative.confidence)}){mark}",
              file=out)
        if number != pick:
            print(f"     {pick_command(question, number, args)}", file=out)
    for mention in generation.mentions:
        if getattr(mention, "ambiguous", False):
            print(f"'{mention.text}' could be: {', '.join(_candidate(c) for c in mention.candidates)}", file=out)


def pick_command(question: str, number: int | None, args: argparse.Namespace) -> str:
    """The command that runs alternative ``number`` (None: the best reading), with this one's options."""
    import shlex

    parts = ["queryweaver", "ask"] + (["--pick", str(number)] if number else [])
    for option in ("config", "backend"):
        value = getattr(args, option, None)
        if value:
            parts += [f"--{option}", value]
    return " ".join(shlex.quote(p) for p in parts + [question])


def _percent(confidence: float) -> str:
    return f"{round(100 * confidence)}% sure"


def _candidate(candidate) -> str:
    """"Wei Chen <wei@example.org>" for a person, "Ferry Building (12 events)" for anything else."""
    value, detail = (list(candidate) + ["", ""])[:2]
    if not detail or detail == value:
        return str(value)
    if "@" in detail and " " not in detail.strip():
        return f"{value} <{detail}>"
    return f"{value} ({detail})"


def cmd_index(args: argparse.Namespace) -> int:
    from .engine import Engine
    from .refresh_stamp import StampWriter, report_line

    if args.full and not args.check:
        raise QueryWeaverError("--full goes with --check: queryweaver index --check --full")
    config = load_config(args.config)
    stamp = None
    if not args.check:  # the stamp is dropped; a refresh that finds nothing changed writes it anew
        stamp = StampWriter(args.config, config, getattr(args, "search_path", sys.path))
    with Engine(config, progress=StderrProgress(), warn=_print_warning) as engine:
        _start_up_done(args)  # a refresh may parse a whole mailbox: collect garbage as usual
        if args.check:
            return print_index_check(engine.check_indexes(full=args.full))
        if args.rebuild is not None:
            reports = engine.rebuild_indexes(args.rebuild or None)
        else:
            reports = engine.refresh_indexes(check=True, parallel=True)
        for report in reports:
            print(f"{report_line(report)}, {report.seconds:.2f} s")
            for line in report.unreadable:
                print(f"  {line}")
        if stamp is not None and args.rebuild is None:
            stamp.collect(engine, reports)
    if stamp is not None:
        stamp.write()  # the indexes closed, as the next command finds them
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


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        from . import mcp_server
        import mcp  # noqa: F401  (the SDK: an optional extra)
    except ImportError as exc:
        raise QueryWeaverError(f"the MCP server needs the mcp package ({exc}); install it with "
                               f"pip install 'queryweaver-desktop[mcp]'") from exc

    config = load_config(args.config)
    options = {name: value for name, value in (("page_size", args.page_size), ("budget", args.budget))
               if value is not None}
    if args.http:
        return mcp_server.serve_http(config, port=args.port, **options)
    return mcp_server.serve_stdio(config, **options)


def cmd_sources(args: argparse.Namespace) -> int:
    """``sources detect``: what local apps keep, and the [[sources]] entries for what is not configured yet."""
    from .config import default_config_path
    from .local_apps import current_platform, detect

    config = load_config(args.config)
    target = config.path if not config.is_demo else default_config_path()
    configured = {Path(s.options[k]) for s in config.sources for k in ("path", "root")
                  if not config.is_demo and isinstance(s.options.get(k), str)}
    home = Path(args.home).expanduser() if args.home else None
    if home is not None and not home.is_dir():
        raise QueryWeaverError(f"--home {home} is not a folder; give the home directory to search")
    platform = args.platform or current_platform()
    found = detect(home, platform, configured)
    if args.json:
        print(json.dumps({"home": str(home or Path.home()), "platform": platform, "config": str(target),
                          **found.as_json()}, ensure_ascii=False, indent=2))
        return 0
    if not found.found:
        print(f"No Thunderbird, Apple Mail or Apple Calendar data found under {home or Path.home()} "
              f"(looked where they keep it on {platform}; --platform and --home look elsewhere)")
        return 0
    print(f"Found under {home or Path.home()}:")
    for item in found.found:
        state = ("already configured" if item.configured else "not offered" if not item.offered
                 else "not readable" if not item.readable else "")
        detail = "; ".join(x for x in (item.summary, item.note, state) if x)
        print(f"  {item.app}, {item.name}: {item.path}" + (f"\n      {detail}" if detail else ""))
    lines = found.toml()
    if not lines:
        print("\nEvery store found is already in your config." if any(f.configured for f in found.found)
              else "\nNothing to add.")
        return 0
    where = (f"Add these lines to {target}" if target.exists()
             else f"Add these lines to {target} (a new config also needs [self] with your name and emails; "
                  f"see README 'Configuration')")
    print(f"\n{where}:\n\n{lines}", end="")
    return 0


COMMAND_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "ask": cmd_ask, "run": cmd_run, "index": cmd_index, "serve": cmd_serve, "auth": cmd_auth, "tools": cmd_tools,
    "mcp": cmd_mcp, "sources": cmd_sources,
}


# -- running and printing ---------------------------------------------------------------------------

def _open_engine(config: Config, *, question: str | None):
    """The engine for one command: progress and warnings on stderr, the LLM date fallback when asking."""
    from .engine import Engine

    date_fallback = None
    if question is not None or config.llm.get("backend") not in (None, "rules"):
        date_fallback = _date_fallback(config)
    return Engine(config, progress=StderrProgress(), warn=_print_warning, date_fallback=date_fallback)


def _date_fallback(config: Config):
    """``llm.make_date_fallback(config)``; with ``[llm] backend = "rules"`` and no plugin that could replace the
    built-in rules backend, None without loading the LLM layer (the rules backend reads no dates)."""
    name = config.llm.get("backend")
    if isinstance(name, str) and name.strip().lower() == "rules":
        from .plugins import DEFAULT_PLUGINS, get_registry

        if all(plugin in DEFAULT_PLUGINS for plugin in get_registry().plugins):
            return None
    try:
        from .llm import make_date_fallback

        return make_date_fallback(config)
    except ImportError:
        return None


def _execute(config: Config, graph, args: argparse.Namespace, *, question: str | None, generation,
             engine=None) -> int:
    verbose = getattr(args, "verbose", False)
    on_event = _print_event if verbose else None
    planner = getattr(args, "planner", None)
    started = time.perf_counter()
    with (nullcontext(engine) if engine is not None else _open_engine(config, question=question)) as engine:
        _start_up_done(args)
        plan_started = time.perf_counter()
        engine.plan(graph, planner)
        plan_seconds = time.perf_counter() - plan_started
        result = engine.run(graph, on_event=on_event, planner=planner)
        total = time.perf_counter() - started
        # The run's items, links and candidates (hundreds of thousands of objects for a large answer) stay alive
        # until the command ends; each collection while the answer is written would walk them all again.
        gc.freeze()
        _write_result(result, graph, args, question=question, generation=generation, plan_seconds=plan_seconds,
                      total=total)  # with the sources open: evidence and a large answer's fields are read as written
    return 0


def _write_result(result, graph, args: argparse.Namespace, *, question: str | None, generation, plan_seconds: float,
                  total: float) -> None:
    """The answer on stdout: as --format asks, as the --json object, or as text."""
    timings: dict[str, Any] = {"plan": round(plan_seconds, 4), "execution": round(result.seconds, 4)}
    if generation is not None:
        timings["generation"] = round(generation.seconds, 4)
        timings["prompt_tokens"] = generation.prompt_tokens
        timings["completion_tokens"] = generation.completion_tokens
        timings["attempts"] = generation.attempts
    timings["total"] = round(total + (generation.seconds if generation is not None else 0.0), 4)
    offset, limit = getattr(args, "offset", 0), getattr(args, "limit", None)
    if getattr(args, "format", None):
        from .export import write_csv, write_jsonl

        (write_jsonl if args.format == "jsonl" else write_csv)(result, sys.stdout, offset=offset, limit=limit)
    elif args.json:
        from .export import write_json

        out = {"question": question, "graph": graph.to_json(),
               "result": result.to_json(offset=offset, limit=limit, items=False),
               "trace": [_event_json(e) for e in result.trace], "timings": timings}
        if generation is not None:
            out["backend"] = generation.backend
            out.update(readings_json(generation, getattr(args, "pick", None)))
        out.update(getattr(args, "asked", None) or {})  # ask: this question's id, what it followed and the edit
        write_json(out, result, sys.stdout, offset=offset, limit=limit)  # the items streamed, a batch at a time
        sys.stdout.write("\n")
    else:
        limit = getattr(args, "limit", None)
        print_result(result, timings, offset=offset, limit=TEXT_LIMIT if limit is None else limit)


def readings_json(generation, pick: int | None = None) -> dict[str, Any]:
    """The ``--json`` keys that say how the question was read: next to ``graph``, which is what ran."""
    return {"confidence": round(generation.confidence, 3), "reading": generation.reading,
            "alternatives": [a.to_json() for a in generation.alternatives],
            "mentions": [m.to_json() for m in generation.mentions], "picked": pick}


def print_result(result, timings: dict[str, Any], out=None, *, offset: int = 0, limit: int | None = None) -> None:
    """The answer as text: the count, then one page of items (``offset``, ``limit``), each with its evidence."""
    out = out or sys.stdout
    type_name = result.type.value
    if result.action == "count":
        print(f"Answer: {result.count} {type_name}{'' if result.count == 1 else 's'}", file=out)
    else:
        page = result.page(offset, limit)
        shown = ""
        if len(result.items) < result.count:
            shown = " (showing one)"
        elif len(page) < result.count:
            shown = f" (showing {offset + 1}-{offset + len(page)})" if page else f" (none from {offset + 1} on)"
        print(f"Answer: {result.count} {type_name}{'' if result.count == 1 else 's'}{shown}", file=out)
        result.prepare_evidence([item.key for item in page])
        for item in page:
            print(f"  - {one_line(format_item(item))}", file=out)
            evidence = result.evidence(item.key)
            for chain in evidence_chains(evidence):
                print(f"      because: {one_line(chain)}", file=out)
            if evidence and len(evidence.get("sources") or ()) > 1:  # one item, held by several sources
                print(f"      in: {', '.join(evidence['sources'])}", file=out)
        rest = len(result.items) - offset - len(page)
        if page and rest > 0:
            print(f"  ... {rest} more: add --offset {offset + len(page)}"
                  f"{'' if limit is None else f' --limit {limit}'} to see the next ones", file=out)
    if result.emptied_by:
        print(f"Nothing matched: {result.emptied_by}.", file=out)
    print(f"({timings['execution']:.3f} s)", file=out)


def one_line(text: str) -> str:
    """Text from the user's data on one line: line breaks, tabs and other control characters become spaces, so
    a subject or a location can never break the answer's layout."""
    lines = "".join(ch if ch.isprintable() else "\n" for ch in text).split("\n")
    return " ".join(line.strip() for line in lines if line.strip())


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
        return f"{f.get('start') or '?'}  {f.get('name') or '(no title)'}" + (f"  @ {f['location']}" if f.get("location") else "")
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
    """One line per event, like the paper's execution logs (step announcements are left to the web UI);
    the plan is listed step by step, with the cost planner's estimates."""
    from .events import EventKind

    if event.kind != EventKind.STEP_STARTED:
        print(event.line(), file=sys.stderr)
    if event.kind == EventKind.PLAN:
        for number, step in enumerate(event.data.get("steps", ()), start=1):
            print(f"           {number:2}. {step['text']}", file=sys.stderr)
        for note in event.data.get("notes", ()):
            print(f"           note: {note}", file=sys.stderr)


def _count_arg(text: str) -> int:
    """A non-negative whole number for --limit and --offset."""
    import argparse

    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of answers (0 or more)")
    return value


def _event_json(event: Event) -> dict[str, Any]:
    return event.to_json()


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


def run() -> None:
    """The ``queryweaver`` command as a process: the console script and ``python -m queryweaver.cli``."""
    code = main()
    # The process ends next. Frozen, what is left is skipped by the collection at interpreter exit (a sixth of a
    # quick command's time, spent freeing memory the system takes back anyway); atexit handlers run as usual.
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()
