"""`queryweaver mcp`: the MCP SDK's own client drives the real server, over stdio and over streamable HTTP.

The server runs as a subprocess on the bundled demo data (each test has its own cache dir, see conftest);
answers are compared with what the `queryweaver` command prints for the same question or graph.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from queryweaver.graph import QueryGraph
from queryweaver.mcp_server import (
    PROMPT_EXAMPLES,
    RESULT_BUDGET,
    SCHEMA_URI,
    TOOL_NAMES,
    fit_page,
    graph_prompt,
    to_text,
)
from queryweaver.paper_graphs import demo_questions

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text()
ALL_EMAILS = {"action": "find", "return_var": "e", "return_mode": "all", "vars": {"e": "Email"}, "constraints": []}

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def server_params(*args: str, command: str | None = None) -> StdioServerParameters:
    """`queryweaver mcp ARGS` as the client launches it, with this test's environment (its own cache dir)."""
    if command is None:
        command, args = sys.executable, ("-m", "queryweaver.cli", "mcp", *args)
    return StdioServerParameters(command=command, args=list(args), env=dict(os.environ), cwd=str(REPO))


async def call(client: Client, tool: str, budget: int = RESULT_BUDGET, **arguments) -> tuple[dict, bool]:
    """A tool's result as JSON and whether it is an error; every result is one text within the budget."""
    result = await client.call_tool(tool, arguments)
    assert len(result.content) == 1 and result.content[0].type == "text"
    text = result.content[0].text
    assert len(text) <= budget, f"{tool} returned {len(text)} characters, over the budget of {budget}"
    return json.loads(text), bool(result.is_error)


def answer_ids(items: list[dict]) -> list[str]:
    """What identifies each answer, whatever its type (the CLI's JSON and the MCP records share the fields)."""
    keys = ("message_id", "email", "path", "url", "name")
    return [f"{item['uid']} {item['start']}" if item.get("uid") else next(str(item[k]) for k in keys if item.get(k))
            for item in items]


def cli_json(cli, *args: str) -> dict:
    out = cli(*args, "--json")
    assert out.code == 0, out.stderr
    return out.json()


# -- stdio ------------------------------------------------------------------------------------------

async def test_stdio_lists_five_read_only_tools_the_schema_resource_and_the_prompt():
    async with Client(server_params()) as client:
        tools = (await client.list_tools()).tools
        assert sorted(t.name for t in tools) == sorted(TOOL_NAMES)
        for tool in tools:
            assert tool.annotations.read_only_hint is True and tool.annotations.destructive_hint is False
            assert tool.description
        assert "question" in next(t for t in tools if t.name == "ask").input_schema["required"]

        resources = (await client.list_resources()).resources
        assert [str(r.uri) for r in resources] == [SCHEMA_URI]
        schema = json.loads((await client.read_resource(SCHEMA_URI)).contents[0].text)
        described, error = await call(client, "describe_schema")
        assert not error and described == schema
        assert {"from": "File", "edge": "parent", "to": "Folder"} == {
            k: v for k, v in next(e for e in schema["edges"] if e["edge"] == "parent").items() if k != "description"}

        prompts = (await client.list_prompts()).prompts
        assert [p.name for p in prompts] == ["write_query_graph"]
        prompt = await client.get_prompt("write_query_graph", {"question": "who wrote to me about the offsite?"})
        text = prompt.messages[0].content.text
        assert text.count("Example ") == 2 and text.endswith("who wrote to me about the offsite?")


async def test_stdio_answers_the_papers_seven_questions_as_the_cli_does(cli):
    questions = demo_questions()
    assert len(questions) == 7
    sizes = {}
    async with Client(server_params()) as client:
        for question in questions:
            got, error = await call(client, "ask", question=question)
            assert not error, got
            expected = cli_json(cli, "ask", question)
            assert got["graph"] == expected["graph"], question
            answer = got["answer"]
            assert answer["count"] == expected["result"]["count"] > 0, question
            assert answer_ids(answer["items"]) == answer_ids(expected["result"]["items"])[: len(answer["items"])]
            assert answer["items"] and all(item.get("because") for item in answer["items"]), question
            assert "untrusted" in got["untrusted"]
            sizes[question] = len(to_text(got))
    assert all(size <= RESULT_BUDGET for size in sizes.values())


async def test_stdio_runs_a_graph_and_returns_a_broken_ones_problems(cli, tmp_path):
    graph = json.loads(json.dumps(PROMPT_EXAMPLES[1][1]))
    graph_file = tmp_path / "graph.json"
    graph_file.write_text(json.dumps(graph))
    expected = cli_json(cli, "run", str(graph_file))
    broken = {"action": "find", "return_var": "e", "vars": {"e": "Email", "dir": "Folder", "x": "Planet"},
              "constraints": [{"kind": "edge", "from": "e", "edge": "parent", "to": "dir"}]}
    async with Client(server_params()) as client:
        got, error = await call(client, "run_graph", graph=graph)
        assert not error
        assert got["answer"]["count"] == expected["result"]["count"]
        assert answer_ids(got["answer"]["items"]) == answer_ids(expected["result"]["items"])

        got, error = await call(client, "run_graph", graph=broken)
        assert error
        assert got["error"] == "the graph is not valid"
        assert any("'Planet'" in p for p in got["problems"])          # the unknown type
        assert any("'parent' joins only: File parent Folder" in p for p in got["problems"])  # the wrong edge
        assert "describe_schema" in got["fix"]

        got, error = await call(client, "run_graph", graph="{not json")
        assert error and "not valid JSON" in got["problems"][0]

        # an ambiguous question (the demo has two Nadias): the other reading comes with a graph to run
        question = "Find the emails Nadia sent me"
        got, error = await call(client, "ask", question=question)
        assert not error and got["confidence"] < 0.6 and got["alternatives"]
        assert got["answer"]["count"] == cli_json(cli, "ask", question)["result"]["count"]
        other, error = await call(client, "run_graph", graph=got["alternatives"][0]["graph"])
        picked = cli_json(cli, "ask", "--pick", "1", question)
        assert not error and other["graph"] == picked["graph"]
        assert answer_ids(other["answer"]["items"]) == answer_ids(picked["result"]["items"])[:10]


async def test_stdio_pages_through_a_large_answer_within_the_budget(cli, tmp_path):
    graph_file = tmp_path / "all.json"
    graph_file.write_text(json.dumps(ALL_EMAILS))
    expected = cli_json(cli, "run", str(graph_file))
    expected_ids = answer_ids(expected["result"]["items"])
    assert len(expected_ids) > 100
    budget = 5000  # the smallest budget: pages are cut by characters before the page size is reached
    async with Client(server_params("--page-size", "100", "--budget", str(budget))) as client:
        seen, offset, pages = [], 0, 0
        while offset is not None:
            got, error = await call(client, "run_graph", budget=budget, graph=ALL_EMAILS, offset=offset)
            assert not error, got
            answer = got["answer"]
            assert answer["offset"] == offset and 0 < len(answer["items"]) < 100
            seen += answer_ids(answer["items"])
            offset, pages = answer["next_offset"], pages + 1
            if offset is not None:
                assert f"offset={offset}" in answer["more"]
        assert seen == expected_ids and pages > 5
        schema, error = await call(client, "describe_schema", budget=budget)
        assert not error and schema["edges"]

        got, error = await call(client, "run_graph", budget=budget, graph=ALL_EMAILS, offset=len(expected_ids))
        assert error and "past the end" in got["error"]


async def test_stdio_get_item_reads_an_email_an_event_a_file_and_a_person():
    async with Client(server_params()) as client:
        found, _ = await call(client, "ask", question=demo_questions()[6])   # Q7: a webpage from an email
        listed, _ = await call(client, "run_graph", graph={
            "action": "find", "return_var": "e", "vars": {"e": "Email", "w": "Webpage"},
            "constraints": [{"kind": "edge", "from": "e", "edge": "mentions_url", "to": "w"},
                            {"kind": "filter", "var": "w", "field": "url", "op": "=",
                             "value": found["answer"]["items"][0]["url"]}]})
        message_id = listed["answer"]["items"][0]["message_id"]
        email, error = await call(client, "get_item", type="Email", key=message_id)
        assert not error
        assert email["fields"]["subject"] == listed["answer"]["items"][0]["subject"]
        assert found["answer"]["items"][0]["url"] in email["links"]["links"]
        assert found["answer"]["items"][0]["url"] in email["excerpt"]           # the body, read from the mbox
        assert email["links"]["from"] and email["fields"]["from"]
        assert "untrusted" in email["untrusted"]

        events, _ = await call(client, "ask", question=demo_questions()[3])  # Q4: who attended Sofia's event
        chain = events["answer"]["items"][0]["because"][0]
        event_name = chain.split(" -> ")[-1]
        all_events, _ = await call(client, "run_graph", graph={
            "action": "find", "return_var": "ev", "vars": {"ev": "Event"},
            "constraints": [{"kind": "filter", "var": "ev", "field": "name", "op": "=", "value": event_name}]})
        uid = all_events["answer"]["items"][0]["uid"]
        event, error = await call(client, "get_item", type="event", key=uid)
        assert not error and event["fields"]["name"] == event_name
        assert any("Sofia Alvarez" in a for a in event["links"]["attendees"])
        mine, _ = await call(client, "run_graph", graph={  # an occurrence of a series, by its own key
            "action": "find", "return_var": "ev", "vars": {"ev": "Event", "self": "Self"},
            "constraints": [{"kind": "edge", "from": "self", "edge": "attended", "to": "ev"}]})
        occurrence = next(i for i in mine["answer"]["items"] if "key" in i)
        event, error = await call(client, "get_item", type="Event", key=occurrence["key"])
        assert not error and event["key"] == occurrence["key"] and event["fields"]["name"] == occurrence["name"]

        file, error = await call(client, "get_item", type="File", key="Northwind_Proposal_v3.pdf")
        assert not error and file["fields"]["path"].endswith("Northwind_Proposal_v3.pdf")
        assert file["links"]["attached_to"]

        person, error = await call(client, "get_item", type="Person", key="jane.doe@acme.example")
        assert not error and person["fields"]["name"] == "Jane Doe"

        got, error = await call(client, "get_item", type="Planet", key="x")
        assert error and "Email, Event, File, Person" in got["error"]
        got, error = await call(client, "get_item", type="Email", key="<nobody@nowhere>")
        assert error and "no Email has the key" in got["error"]


async def test_stdio_find_tools_ranks_connector_tools_with_reasons():
    async with Client(server_params()) as client:
        got, error = await call(client, "find_tools", task="folders that hold attachments from Jane", top=5)
        assert not error
        names = [t["tool"] for t in got["tools"]]
        assert len(names) == 5 and "file_parent_folder" in names and "email_has_attachment_file" in names
        assert all(t["why"] and t["provided_by"] for t in got["tools"])
        got, error = await call(client, "find_tools", task="  ")
        assert error and "empty" in got["error"]


async def test_find_tools_leaves_the_servers_stderr_quiet(tmp_path):
    """stderr is the agent's log or the user's terminal: bm25s's own debug notes ("Building index from
    tokens") must not reach it when the tool catalogue is first indexed."""
    with open(tmp_path / "stderr.txt", "w+") as errlog:
        async with Client(stdio_client(server_params(), errlog=errlog)) as client:
            got, error = await call(client, "find_tools", task="folders that hold attachments from Jane", top=3)
            assert not error and len(got["tools"]) == 3
        errlog.seek(0)
        assert errlog.read() == ""


# -- streamable HTTP --------------------------------------------------------------------------------

@pytest.fixture
def http_server():
    """`queryweaver mcp --http --port 0` in a subprocess: (url, token) from what it prints on stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "queryweaver.cli", "mcp", "--http", "--port", "0"],
                            cwd=REPO, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        lines = []
        deadline = time.monotonic() + 60
        while len(lines) < 2 and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            if line.startswith(("QueryWeaver MCP server at", "clients send")):
                lines.append(line.strip())
        assert len(lines) == 2, f"the server did not start: {lines}"
        url = re.search(r"(http://127\.0\.0\.1:\d+/mcp)", lines[0]).group(1)
        token = lines[1].rsplit(" ", 1)[1]
        threading.Thread(target=proc.stderr.read, daemon=True).start()  # a full pipe must not stall the server
        yield url, token
    finally:
        proc.kill()
        proc.wait(timeout=10)
        proc.stderr.close()


@asynccontextmanager
async def http_client(url: str, headers: dict[str, str]):
    async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
        async with Client(streamable_http_client(url, http_client=http)) as client:
            yield client


async def test_http_answers_with_the_token_and_refuses_without_it(http_server, cli):
    url, token = http_server
    question = demo_questions()[5]
    async with http_client(url, {"Authorization": f"Bearer {token}"}) as client:
        assert sorted(t.name for t in (await client.list_tools()).tools) == sorted(TOOL_NAMES)
        got, error = await call(client, "ask", question=question)
        assert not error
        expected = cli_json(cli, "ask", question)
        assert answer_ids(got["answer"]["items"]) == answer_ids(expected["result"]["items"])
        got, error = await call(client, "run_graph", graph={"action": "find", "return_var": "x", "vars": {}})
        assert error and got["problems"]
    async with http_client(url, {"X-QueryWeaver-Token": token}) as client:   # the web UI's header works too
        assert len((await client.list_tools()).tools) == len(TOOL_NAMES)

    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                             "clientInfo": {"name": "test", "version": "0"}}}
    async with httpx2.AsyncClient(timeout=30) as http:
        for headers in ({}, {"Authorization": "Bearer wrong-token"}, {"Authorization": token},
                        {"X-QueryWeaver-Token": token[:-1]}):
            response = await http.post(url, json=initialize,
                                       headers={**headers, "Accept": "application/json, text/event-stream"})
            assert response.status_code == 401, headers
            assert "missing or wrong token" in response.json()["error"]
        response = await http.post(url, json=initialize, headers={"Authorization": f"Bearer {token}", "Host": "evil.example",
                     "Accept": "application/json, text/event-stream"})
        assert response.status_code == 421   # DNS rebinding: the SDK checks the Host header

    with pytest.raises(Exception):
        async with http_client(url, {"Authorization": "Bearer not-the-token"}) as client:
            await client.list_tools()


# -- the README's client configuration --------------------------------------------------------------

def readme_client_config() -> dict:
    """The JSON block of the README that configures an MCP client (Claude Desktop's `mcpServers`)."""
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", README, re.S) if '"mcpServers"' in b]
    assert len(blocks) == 1, "the README should show one MCP client configuration"
    return blocks[0]["mcpServers"]["queryweaver"]


async def test_the_readme_client_config_starts_a_working_server():
    entry = readme_client_config()
    command = shutil.which(entry["command"]) or shutil.which(entry["command"], path=str(Path(sys.executable).parent))
    assert command, f"{entry['command']} is not installed (pip install -e '.[mcp]')"
    assert entry["args"][0] == "mcp"
    async with Client(server_params(*entry["args"], command=command)) as client:
        assert sorted(t.name for t in (await client.list_tools()).tools) == sorted(TOOL_NAMES)
        got, error = await call(client, "ask", question=demo_questions()[1])
        assert not error and got["answer"]["count"] > 0


# -- pieces -----------------------------------------------------------------------------------------

def test_the_prompts_examples_are_valid_graphs_and_the_prompt_shows_them():
    text = graph_prompt()
    for question, graph in PROMPT_EXAMPLES:
        QueryGraph.parse(graph)
        assert question in text and json.dumps(graph, separators=(",", ":")) in text


def test_a_page_holds_what_fits_the_budget_and_says_where_the_next_starts():
    records = [{"subject": "x" * 150, "n": n} for n in range(50)]
    page = fit_page({"q": "all"}, records[10:], offset=10, total=50, page_size=20, budget=1200)
    assert len(to_text(page)) <= 1200
    assert page["items"] == records[10: 10 + len(page["items"])] and 0 < len(page["items"]) < 20
    assert page["next_offset"] == 10 + len(page["items"])
    last = fit_page({}, records[45:], offset=45, total=50, page_size=20, budget=5000)
    assert len(last["items"]) == 5 and last["next_offset"] is None
    huge = fit_page({}, [{"text": "y" * 5000}], offset=0, total=1, page_size=5, budget=1000)
    assert len(to_text(huge)) <= 1000 and huge["items"][0]["text"].endswith("…")


def test_queryweaver_mcp_is_listed_and_other_commands_do_not_import_the_sdk():
    code = ("import sys; from queryweaver.cli import build_parser; build_parser().parse_args(['mcp', '--http']); "
            "print('mcp' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


# -- the email text behind get_item's excerpt -------------------------------------------------------

@pytest.mark.parametrize("kind", ["mbox", "maildir"])
def test_local_mail_gives_an_emails_text_as_written(kind, tmp_path):
    from connectors.maildir import MaildirConnector
    from connectors.mbox import MboxConnector
    from queryweaver.schema import EntityType
    from tests import mail_fixtures as fx

    path = fx.write_mbox(tmp_path / "mail.mbox") if kind == "mbox" else tmp_path / "Maildir"
    if kind == "maildir":
        fx.write_maildir(path)
    cls = MboxConnector if kind == "mbox" else MaildirConnector
    with cls(fx.source(kind, path), fx.make_context(tmp_path / "cache")) as connector:
        text = connector.read_text(EntityType.EMAIL, fx.QP_LATIN1)
        assert text.startswith("Notes from the tasting: https://example.com/menu.")   # case and accents kept
        assert "Crème_(dessert)" in text
        html = connector.read_text(EntityType.EMAIL, fx.HTML_ONLY)                  # the HTML part, as text
        assert "quarterly forecast" in html and "<b>" not in html
        assert connector.read_text(EntityType.EMAIL, "<nobody@nowhere>") is None
        assert connector.read_text(EntityType.FILE, "report.pdf") is None


def test_gmail_fetches_the_same_text_as_the_mbox_export(tmp_path):
    from zoneinfo import ZoneInfo

    from connectors.gmail import GmailConnector
    from connectors.google_http import RetryPolicy
    from connectors.mbox import MboxConnector
    from queryweaver.config import SourceConfig
    from queryweaver.connector import Context
    from queryweaver.schema import EntityType
    from tests.fake_google import FakeGoogle, service_factory, write_small_corpus

    corpus = write_small_corpus(tmp_path / "corpus")
    context = Context(self_name="Alex Morgan", self_emails=frozenset({"alex.morgan@home.example"}),
                      tz=ZoneInfo(corpus.tz), today=corpus.today, cache_dir=tmp_path / "cache")
    with FakeGoogle.from_files(corpus.mbox, corpus.ics, account=corpus.account, tz=corpus.tz) as fake, \
            GmailConnector(SourceConfig("gmail", {}), context, service_factory=service_factory(fake, "gmail"),
                           retry=RetryPolicy(attempts=3, sleep=lambda s: None)) as gmail, \
            MboxConnector(SourceConfig("mbox", {"path": str(corpus.mbox)}),
                          corpus.context(tmp_path / "mbox-cache")) as mbox:
        emails = {item.key: item for item in gmail.find(EntityType.EMAIL, [])}
        gmail.describe(EntityType.EMAIL, emails)
        assert len(emails) > 5
        for gmail_id, item in emails.items():
            text = gmail.read_text(EntityType.EMAIL, gmail_id)
            assert text and text == mbox.read_text(EntityType.EMAIL, item.fields["message_id"])
        assert gmail.read_text(EntityType.EMAIL, "18c0000000000000") is None   # not in this account
        assert gmail.read_text(EntityType.EMAIL, "<m1@acme.test>") is None    # a Message-ID is not a Gmail id


def test_a_budget_too_small_or_a_busy_port_is_one_clear_line(cli):
    import socket

    out = cli("mcp", "--budget", "1000")
    assert out.code == 1 and out.stderr.strip().splitlines() == [
        "error: a result budget of 1000 characters is too small (the schema alone takes about 4,300); "
        "use --budget 5000 or more"]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        out = cli("mcp", "--http", "--port", str(busy.getsockname()[1]))
    assert out.code == 1 and out.stderr.startswith("error: cannot listen on 127.0.0.1:")
    assert "pick another port with --port" in out.stderr and len(out.stderr.strip().splitlines()) == 1


async def test_stdio_ask_follows_up_an_earlier_result_by_its_id():
    async with Client(server_params()) as client:
        first, error = await call(client, "ask", question="emails from Aisha Bauer")
        assert not error and first["id"]
        narrowed, error = await call(client, "ask", question="only those from before May", follow=first["id"])
        assert not error, narrowed
        assert narrowed["follows"] == first["id"] and narrowed["edit_kind"] == "narrow"
        assert narrowed["edit"].startswith("the emails above, only")
        assert 0 < narrowed["answer"]["count"] < first["answer"]["count"]
        pivot, error = await call(client, "ask", question="who else was on them?", follow=narrowed["id"])
        assert not error and pivot["answer"]["type"] == "Person" and pivot["edit_kind"] == "pivot"
        missing, error = await call(client, "ask", question="only the PDFs", follow="0123456789ab")
        assert error and "no question '0123456789ab' to follow up" in missing["error"]
