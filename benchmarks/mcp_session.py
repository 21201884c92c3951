"""A transcript of an MCP client session with ``queryweaver mcp`` on the demo data, and each result's size.

    python benchmarks/mcp_session.py [--config FILE] [--full] [--budget CHARS] [--page-size N]

The SDK's own client starts ``queryweaver mcp`` over stdio (a fresh cache dir unless --keep-cache), lists
what it offers, asks the paper's seven questions, runs a graph, sends a broken one, pages through every
email and reads one email with get_item. Each call is printed as ``>>> tool(arguments)`` and its result
(cut to 600 characters unless --full), then a table of the characters and time of each of the seven
answers, and a RESULT line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import anyio  # noqa: E402
from mcp import Client, StdioServerParameters  # noqa: E402

from queryweaver.mcp_server import PAGE_SIZE, RESULT_BUDGET  # noqa: E402
from queryweaver.paper_graphs import demo_questions  # noqa: E402

SHOWN = 600


async def session(args: argparse.Namespace) -> int:
    server_args = ["-m", "queryweaver.cli", "mcp", "--budget", str(args.budget), "--page-size", str(args.page_size)]
    if args.config:
        server_args += ["--config", args.config]
    env = dict(os.environ)
    if not args.keep_cache:
        env["QUERYWEAVER_CACHE_DIR"] = tempfile.mkdtemp(prefix="qw-mcp-cache-")
    params = StdioServerParameters(command=sys.executable, args=server_args, env=env, cwd=str(ROOT))
    shown = None if args.full else SHOWN

    def show(text: str) -> str:
        return text if shown is None or len(text) <= shown else text[:shown] + f"… [{len(text) - shown} more]"

    async def call(tool: str, **arguments) -> tuple[dict, int, float]:
        print(f">>> {tool}({json.dumps(arguments, ensure_ascii=False)})")
        started = time.perf_counter()
        result = await client.call_tool(tool, arguments)
        seconds = time.perf_counter() - started
        text = result.content[0].text
        flag = " (error)" if result.is_error else ""
        print(f"<<< {len(text)} chars, {seconds:.2f} s{flag}: {show(text)}\n")
        return json.loads(text), len(text), seconds

    started = time.perf_counter()
    async with Client(params) as client:
        print(f"connected to {client.server_info.name} {client.server_info.version} over stdio "
              f"({time.perf_counter() - started:.2f} s)\n")
        tools = (await client.list_tools()).tools
        print(">>> tools/list")
        for tool in tools:
            hint = "read-only" if tool.annotations and tool.annotations.read_only_hint else "WRITES"
            print(f"<<< {tool.name}({', '.join(tool.input_schema.get('properties', {}))}) [{hint}]")
        resources = (await client.list_resources()).resources
        prompts = (await client.list_prompts()).prompts
        print(f"<<< resources: {[str(r.uri) for r in resources]}; prompts: {[p.name for p in prompts]}\n")

        sizes = []
        for number, question in enumerate(demo_questions(), 1):
            payload, size, seconds = await call("ask", question=question)
            answer = payload.get("answer", {})
            sizes.append((number, size, seconds, answer.get("count"), len(answer.get("items", []))))

        graph = {"action": "find", "return_var": "f", "return_mode": "all", "vars": {"f": "File", "e": "Email"},
                 "constraints": [{"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                                 {"kind": "filter", "var": "f", "field": "extension", "op": "=", "value": "pdf"}]}
        await call("run_graph", graph=graph)
        await call("run_graph", graph={"action": "find", "return_var": "e", "vars": {"e": "Email", "d": "Folder"},
                                       "constraints": [{"kind": "edge", "from": "e", "edge": "parent", "to": "d"}]})
        everything = {"action": "find", "return_var": "e", "vars": {"e": "Email"}, "constraints": []}
        offset, pages, page_sizes, message_id = 0, 0, [], None
        while offset is not None:
            if pages < 2:
                payload, size, _ = await call("run_graph", graph=everything, offset=offset)
            else:  # the rest quietly: only their sizes are reported
                result = await client.call_tool("run_graph", {"graph": everything, "offset": offset})
                payload, size = json.loads(result.content[0].text), len(result.content[0].text)
            message_id = message_id or payload["answer"]["items"][0]["message_id"]
            page_sizes.append(size)
            offset, pages = payload["answer"]["next_offset"], pages + 1
        print(f"... {pages} pages of {payload['answer']['count']} emails, {min(page_sizes)}-{max(page_sizes)} chars "
              f"each\n")
        await call("get_item", type="Email", key=message_id)
        await call("find_tools", task="folders that hold attachments from Jane Doe", top=5)

    print(f"{'Q':>2}  {'chars':>6}  {'seconds':>7}  {'count':>5}  {'on page':>7}")
    for number, size, seconds, count, on_page in sizes:
        print(f"{number:>2}  {size:>6}  {seconds:>7.2f}  {count!s:>5}  {on_page:>7}")
    largest = max(s[1] for s in sizes + [(0, max(page_sizes), 0, 0, 0)])
    print(f"RESULT seven_answers_chars={[s[1] for s in sizes]} largest_result={largest} budget={args.budget} "
          f"over_budget={sum(1 for s in sizes if s[1] > args.budget)} pages={pages}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", help="a config file (default: the bundled demo data)")
    parser.add_argument("--full", action="store_true", help="print whole results, not their first 600 characters")
    parser.add_argument("--budget", type=int, default=RESULT_BUDGET)
    parser.add_argument("--page-size", type=int, default=PAGE_SIZE)
    parser.add_argument("--keep-cache", action="store_true", help="use the usual cache dir (warm indexes)")
    args = parser.parse_args(argv)
    return anyio.run(session, args)


if __name__ == "__main__":
    sys.exit(main())
