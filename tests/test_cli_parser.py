"""``main`` parses with the named command's parser alone (``build_parser(command)``): the same namespaces, help and
refusals as the parser of every command, in process and as the real command."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from queryweaver.cli import COMMANDS, build_parser

REPO = Path(__file__).resolve().parent.parent

# per command: command lines it accepts and ones it refuses (a missing or unknown argument, a bad value)
COMMAND_LINES = {
    "ask": [["ask", "Who sent the report?"], ["ask", "q", "--json", "--limit", "3", "--offset", "1", "--planner", "paper"],
            ["ask", "q", "--follow", "--backend", "rules", "-v", "--format", "csv", "--config", "c.toml"],
            ["ask"], ["ask", "q", "--limit", "-1"], ["ask", "q", "--unknown"], ["ask", "q", "--format", "xml"]],
    "run": [["run", "graph.json", "--json"], ["run", "-", "--planner", "cost"], ["run"], ["run", "g", "--pick", "1"]],
    "index": [["index"], ["index", "--check", "--full"], ["index", "--rebuild"], ["index", "--rebuild", "mbox"],
              ["index", "extra"]],
    "serve": [["serve", "--port", "9000", "--no-browser"], ["serve", "--port", "x"]],
    "auth": [["auth", "google", "--client-secrets", "s.json"], ["auth", "google"], ["auth", "yahoo"]],
    "tools": [["tools", "search", "who sent it", "--top", "3"], ["tools", "find", "q"]],
    "sources": [["sources", "detect", "--json", "--platform", "macos"], ["sources", "detect", "--platform", "bsd"]],
    "mcp": [["mcp", "--http", "--port", "0", "--page-size", "5", "--budget", "900"], ["mcp", "--port"]],
}


def parsed(parser, argv: list[str]) -> tuple:
    """What parsing ``argv`` gives: the namespace, or the exit code and what was printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            return ("parsed", vars(parser.parse_args(argv)))
        except SystemExit as exc:
            return ("exit", exc.code, out.getvalue(), err.getvalue())


def test_the_commands_are_those_the_table_names():
    assert set(COMMANDS) == set(COMMAND_LINES)


@pytest.mark.parametrize("command", sorted(COMMAND_LINES))
def test_one_commands_parser_reads_and_refuses_as_the_whole_parser(command):
    outcomes = set()
    for argv in COMMAND_LINES[command] + [[command, "--help"]]:
        whole, alone = parsed(build_parser(), argv), parsed(build_parser(command), argv)
        assert alone == whole, argv
        outcomes.add(whole[0])
    assert outcomes == {"parsed", "exit"}  # both kinds were compared


def test_the_command_prints_the_same_help_and_refusal_as_the_whole_parser():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for argv in (["ask", "--help"], ["ask"], ["index", "--check", "extra"]):
        done = subprocess.run([sys.executable, "-m", "queryweaver.cli", *argv], capture_output=True, text=True,
                              cwd=REPO, env=env, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == parsed(build_parser(), argv)[1:], argv
