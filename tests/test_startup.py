"""Start-up stays light: a command imports only what its sources and backend need (issue 15).

Each test runs the real command in a fresh interpreter (``python -c``: the CLI's ``main``, then the names of
the loaded modules), since a module imported by any earlier test would hide a heavy import here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEMO_CONFIG = REPO / "queryweaver" / "demo_data" / "config.toml"

GOOGLE_AND_WEB = ("google", "googleapiclient", "google_auth_httplib2", "google_auth_oauthlib", "requests",
                  "httplib2", "cryptography", "urllib3", "flask", "werkzeug", "jinja2", "imaplib", "imapclient", "caldav",
                  "mcp")
LLM_CLIENTS = ("ollama", "openai", "llama_cpp", "httpx")
# What a question answered from built indexes leaves alone (each was once on the path, see issue 15):
# dateutil's parser (needed only to read a timestamp), the modules of sources not configured, the tool retrieval,
# multiprocessing (only a build in worker processes needs it), pydantic (only a graph in another form than the
# one the offline reader writes needs it, see graph.QueryGraph.well_formed).
NOT_FOR_A_QUESTION = ("pydantic", "pydantic_core", "annotated_types",
                      "dateutil.parser", "connectors.gmail", "connectors.gcal", "connectors.imap", "connectors.caldav",
                      "connectors.spotlight", "connectors.maildir", "connectors.emlx", "connectors.google_auth",
                      "connectors.google_http", "connectors.passwords", "queryweaver.retrieval", "bm25s", "numpy",
                      "icalendar", "recurring_ical_events", "multiprocessing")
QUESTION = "Find the file folders that contain email attachments from Jane Doe."
# What a question asked again (its reading kept) leaves alone besides: what only a build parsing mail or a
# calendar needs (worker processes, the email package, calendar arithmetic, content hashes), OpenSSL (index names
# and cache keys are hashed with Python's own SHA-1, queryweaver.digests), and the date grammar when no date is named
NOT_FOR_A_QUESTION_ASKED_AGAIN = ("queryweaver.workers", "pickle", "email", "calendar", "hashlib", "_hashlib",
                                  "secrets", "hmac", "queryweaver.dates")

RUN_MAIN = """
import contextlib, io, json, sys
from queryweaver.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(sys.argv[1:])
loader = sys.modules.get("pydantic.plugin._loader")
print(json.dumps({"code": code, "stdout": out.getvalue(), "modules": sorted(sys.modules),
                  "pydantic_plugins_looked_up": getattr(loader, "_plugins", None) is not None}))
"""


def run_main(*argv: str, config: Path = DEMO_CONFIG) -> dict:
    done = subprocess.run([sys.executable, "-c", RUN_MAIN, *argv, "--config", str(config)], capture_output=True,
                          text=True, cwd=REPO, env=dict(os.environ), timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0, done.stderr
    return result


def loaded(result: dict, names) -> list[str]:
    """Those of ``names`` (packages or modules) that were imported, with any of their submodules."""
    return sorted(m for m in result["modules"] if any(m == n or m.startswith(n + ".") for n in names))


def test_asking_about_local_sources_loads_no_google_web_or_llm_client():
    run_main("index")  # built once, as after the first question
    result = run_main("ask", QUESTION)
    assert "Answer: 4 Folders" in result["stdout"]
    assert loaded(result, GOOGLE_AND_WEB) == []
    assert loaded(result, LLM_CLIENTS) == []  # the demo's backend is "rules"
    assert loaded(result, NOT_FOR_A_QUESTION) == []


def test_a_question_asked_again_loads_nothing_a_build_needs():
    run_main("index")
    run_main("ask", QUESTION)  # its reading kept
    result = run_main("ask", QUESTION)
    assert "Answer: 4 Folders" in result["stdout"]
    assert loaded(result, NOT_FOR_A_QUESTION + NOT_FOR_A_QUESTION_ASKED_AGAIN) == []


def lax_graph(tmp_path: Path) -> Path:
    """The demo question's graph with its edges' ``from`` written ``from_``: pydantic's to read."""
    from queryweaver.paper_graphs import paper_graphs

    data = next(q for q in paper_graphs() if q.question == QUESTION).graph
    data = dict(data, constraints=[{("from_" if k == "from" else k): v for k, v in c.items()}
                                   for c in data["constraints"]])
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(data))
    return path


def test_a_graph_in_a_lax_form_is_read_by_pydantic_without_its_plugins(tmp_path):
    run_main("index")
    result = run_main("run", str(lax_graph(tmp_path)))
    assert "Answer: 4 Folders" in result["stdout"]
    assert "pydantic" in result["modules"]
    # pydantic's plugins are not looked up: that reads every installed package's metadata on each start, and a
    # plugin would see the user's graphs
    assert result["pydantic_plugins_looked_up"] is False


def test_a_user_who_enables_pydantic_plugins_keeps_them(tmp_path):
    env = dict(os.environ, PYDANTIC_DISABLE_PLUGINS="")
    done = subprocess.run([sys.executable, "-c", RUN_MAIN, "run", str(lax_graph(tmp_path)), "--config",
                           str(DEMO_CONFIG)], capture_output=True, text=True, cwd=REPO, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["pydantic_plugins_looked_up"] is True


def test_running_a_graph_loads_as_little_as_asking(tmp_path):
    from queryweaver.paper_graphs import paper_graphs

    graph = tmp_path / "graph.json"
    query = next(q for q in paper_graphs() if q.question == QUESTION)
    graph.write_text(json.dumps(query.graph))
    run_main("index")
    result = run_main("run", str(graph))
    assert "Answer: 4 Folders" in result["stdout"]
    assert loaded(result, GOOGLE_AND_WEB + LLM_CLIENTS + NOT_FOR_A_QUESTION) == []


def test_index_with_nothing_to_do_loads_no_parser_or_google_library():
    run_main("index")
    result = run_main("index")
    assert "0 parsed" in result["stdout"]
    assert loaded(result, GOOGLE_AND_WEB + LLM_CLIENTS + NOT_FOR_A_QUESTION) == []


def test_a_configured_google_source_still_says_how_to_sign_in(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[self]\nname = "A"\nemails = ["a@example.org"]\n\n[llm]\nbackend = "rules"\n\n'
                      '[[sources]]\ntype = "gmail"\n')
    done = subprocess.run([sys.executable, "-c", RUN_MAIN, "ask", "How many emails did Jane Doe send me?",
                           "--config", str(config)], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert "queryweaver auth google" in done.stderr  # not signed in: the error names the command


def test_auto_with_no_local_ollama_loads_no_llm_client(tmp_path):
    import socket

    with socket.socket() as probe:  # a port on this machine where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    demo = DEMO_CONFIG.read_text()
    assert 'backend = "rules"' in demo
    config = tmp_path / "config.toml"
    config.write_text(demo.replace('backend = "rules"', f'backend = "auto"\nhost = "http://127.0.0.1:{port}"')
                      .replace('path = "', f'path = "{DEMO_CONFIG.parent}/').replace('root = "', f'root = "{DEMO_CONFIG.parent}/'))
    run_main("index", config=config)
    result = run_main("ask", QUESTION, config=config)
    assert "Answer: 4 Folders" in result["stdout"] and "(rules" in result["stdout"]
    assert loaded(result, LLM_CLIENTS + GOOGLE_AND_WEB) == []


def test_main_in_process_leaves_the_garbage_collector_as_it_found_it(tmp_path, capsys):
    """ask/run/index pause the collector while they start and freeze what start-up left; a caller of ``main``
    in process (tests, the web app's neighbours) gets it back enabled, with nothing frozen."""
    import gc

    from queryweaver.cli import main
    from queryweaver.paper_graphs import paper_graphs

    graph = tmp_path / "graph.json"
    graph.write_text(json.dumps(next(q for q in paper_graphs() if q.question == QUESTION).graph))
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert main(["run", str(graph), "--config", str(DEMO_CONFIG)]) == 0
    assert "Answer: 4 Folders" in capsys.readouterr().out
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert main(["run", str(tmp_path / "missing.json"), "--config", str(DEMO_CONFIG)]) == 1  # an error too
    assert gc.isenabled() and gc.get_freeze_count() == 0
