"""The Data page's Model section (issue 28) against a fake Ollama on 127.0.0.1 (``tests/fake_ollama.py``).

"Find Ollama models" lists what the local Ollama has pulled; "Try it" reads one sample question with the model
chosen on the page (saved or not) and shows the graph the model wrote and the time it took; "Save" writes
``[llm]`` into the config file through tomlkit, the file's comments kept; an Ollama address nothing answers at
is one line. The API through the real server, then the same walk in real Chromium.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
import requests

from queryweaver.config import DEMO_DIR, load_config
from queryweaver.web import create_app, launch_url
from queryweaver.web.history import RecentQuestions
from tests.fake_ollama import FakeOllama, free_port
from tests.conftest import serving

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("QW_SCREENSHOTS") or Path(__file__).resolve().parent / "artifacts")
TOKEN = "model-section-token-0123456789abcdef"
AUTH = {"X-QueryWeaver-Token": TOKEN}
SAMPLE = "Find the emails I received last week"  # what "Try it" reads
# The graph the fake model writes for SAMPLE: the offline reader's reading with the model's own variable names,
# so what the page shows can only have come from the model.
MODEL_GRAPH = {"action": "find", "return_var": "mail", "return_mode": "all",
               "vars": {"mail": "Email", "me": "Self", "when": "Date"},
               "constraints": [{"kind": "edge", "from": "mail", "edge": "to", "to": "me"},
                               {"kind": "edge", "from": "mail", "edge": "sent_on", "to": "when"},
                               {"kind": "filter", "var": "when", "field": "value", "op": "=", "value": "last week"}]}
MODELS = ["qwen3:8b", "llama3.2:latest"]

CONFIG = """# QueryWeaver, set up by hand first
[self]
name = "Alex Morgan"
emails = ["alex@example.org"]

[llm]
backend = "rules"   # offline until I have a model

# my papers
[[sources]]
type = "files"
root = "Documents"
"""


@pytest.fixture
def served(tmp_path):
    """A home with a config written by hand (comments in it), the app on it, on a real server on 127.0.0.1."""
    home = tmp_path / "home"
    home.mkdir()
    shutil.copytree(DEMO_DIR / "files", home / "Documents")
    config_path = home / ".config" / "queryweaver" / "config.toml"
    config_path.parent.mkdir(parents=True)
    config_path.write_text(CONFIG)
    app = create_app(load_config(config_path), token=TOKEN, home=home, config_path=config_path,
                     opener=lambda p: None, recent=RecentQuestions(tmp_path / "recent.json"),
                     data_dir=tmp_path / "data")
    with serving(app) as port:
        yield app, port, config_path


@pytest.fixture
def ollama():
    with FakeOllama(models=MODELS, replies=[json.dumps(MODEL_GRAPH)] * 4) as server:
        yield server


def api(port: int, method: str, path: str, **kwargs):
    return requests.request(method, f"http://127.0.0.1:{port}{path}", headers=AUTH, timeout=60, **kwargs)


def version(port: int) -> str:
    return api(port, "GET", "/api/data").json()["version"]


# -- the API ---------------------------------------------------------------------------------------------------

def test_find_lists_the_models_the_local_ollama_has(served, ollama):
    _app, port, config_path = served
    found = api(port, "GET", "/api/data/ollama", params={"host": ollama.url})
    assert found.status_code == 200
    assert found.json() == {"running": True, "host": ollama.url, "models": MODELS}
    localhost = ollama.url.replace("127.0.0.1", "localhost")
    assert api(port, "GET", "/api/data/ollama", params={"host": localhost}).json()["models"] == MODELS
    assert [r["path"] for r in ollama.requests] == ["/api/tags", "/api/tags"]
    assert config_path.read_text() == CONFIG  # looking writes nothing


def test_an_address_nothing_answers_at_is_one_line(served):
    _app, port, _config_path = served
    host = f"http://127.0.0.1:{free_port()}"
    found = api(port, "GET", "/api/data/ollama", params={"host": host}).json()
    assert found["running"] is False and found["models"] == []
    assert found["message"] == (f"Nothing answers at {host}: start Ollama ('ollama serve', or open the Ollama app), "
                                f"or check the address")
    default = api(port, "GET", "/api/data/ollama").json()  # no address given: the setting's default
    assert default["host"] == "http://127.0.0.1:11434"


def test_ollama_is_looked_for_on_this_machine_only(served):
    _app, port, _config_path = served
    for host in ("http://127.0.0.1.example.net:11434", "http://localhost.example.net", "http://10.0.0.5:11434",
                 "file:///etc/passwd", "http://127.0.0.1@example.net:11434"):
        found = api(port, "GET", "/api/data/ollama", params={"host": host})
        assert found.status_code == 400, host
        assert found.json()["error"] == "Ollama is looked for on this machine only (http://127.0.0.1:11434)"


def test_try_it_asks_the_model_chosen_on_the_page_and_says_how_long(served, ollama):
    """Before it is saved: the page sends what is chosen; the model is asked even though the offline reader could
    read the sample question, and nothing is written."""
    _app, port, config_path = served
    tried = api(port, "POST", "/api/data/model/try", json={"backend": "ollama", "model": "llama3.2:latest",
                                                            "host": ollama.url})
    assert tried.status_code == 200, tried.text
    result = tried.json()
    assert result["question"] == SAMPLE
    assert (result["backend"], result["model"]) == ("ollama", "llama3.2:latest")
    assert result["graph"] == MODEL_GRAPH
    assert isinstance(result["seconds"], (int, float)) and 0 <= result["seconds"] < 30
    [chat] = ollama.chats
    assert chat["model"] == "llama3.2:latest" and chat["messages"][-1]["content"].endswith(SAMPLE)
    assert config_path.read_text() == CONFIG


def test_try_it_with_the_saved_model_asks_it(served, ollama):
    _app, port, _config_path = served
    saved = api(port, "POST", "/api/data/model", json={"version": version(port), "backend": "ollama",
                                                        "model": "qwen3:8b", "host": ollama.url})
    assert saved.status_code == 200
    result = api(port, "POST", "/api/data/model/try", json={}).json()
    assert (result["backend"], result["model"], result["graph"]) == ("ollama", "qwen3:8b", MODEL_GRAPH)
    assert len(ollama.chats) == 1


def test_try_it_on_an_address_nothing_answers_at_is_one_line(served):
    _app, port, _config_path = served
    host = f"http://127.0.0.1:{free_port()}"
    tried = api(port, "POST", "/api/data/model/try", json={"backend": "ollama", "model": "qwen3:8b", "host": host})
    assert tried.status_code == 400
    assert tried.json()["error"].startswith(f"cannot reach Ollama at {host}; start it")
    assert "\n" not in tried.json()["error"]
    bad = api(port, "POST", "/api/data/model/try", json={"backend": "ollama", "host": "127.0.0.1:11434"})
    assert bad.status_code == 400 and bad.json()["error"] == "host must start with http:// or https://"


def test_saving_writes_the_llm_table_and_keeps_the_comments(served, ollama):
    _app, port, config_path = served
    saved = api(port, "POST", "/api/data/model", json={"version": version(port), "backend": "ollama",
                                                        "model": "llama3.2:latest", "host": ollama.url})
    assert saved.status_code == 200
    text = config_path.read_text()
    assert text.startswith("# QueryWeaver, set up by hand first\n[self]\n")
    assert (f'[llm]\nbackend = "ollama"   # offline until I have a model\nmodel = "llama3.2:latest"\n'
            f'host = "{ollama.url}"\n') in text
    assert text.endswith('# my papers\n[[sources]]\ntype = "files"\nroot = "Documents"\n')
    assert load_config(config_path).llm == {"backend": "ollama", "model": "llama3.2:latest", "host": ollama.url}
    assert api(port, "GET", "/api/data").json()["model"] == {"backend": "ollama", "model": "llama3.2:latest",
                                                              "host": ollama.url}


# -- the walk in a real browser --------------------------------------------------------------------------------

def test_a_new_user_finds_tries_and_saves_an_ollama_model_in_the_browser(served, ollama):
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Chromium at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need the playwright package")
    expect = sync_api.expect
    app, port, config_path = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def shot(page, name):
        page.mouse.move(0, 0)
        page.locator("#data-model").screenshot(path=str(ARTIFACTS / f"model_{name}.png"))

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        problems: list[str] = []
        page.on("pageerror", lambda err: problems.append(str(err)))
        page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" and "400" not in msg.text
                else None)
        page.set_default_timeout(30_000)
        page.goto(launch_url(app, port))
        page.click("#data-link")
        section = page.locator("#data-model")
        expect(section.locator("select.backend")).to_have_value("rules")
        expect(section.locator(".find-ollama")).to_be_hidden()  # no Ollama to find for the rules

        # Ollama on this computer: find its models, pick one.
        section.locator("select.backend").select_option("ollama")
        section.locator("input[name=host]").fill(ollama.url)
        section.locator("button.find-ollama").click()
        out = section.locator(".model-out")
        expect(out).to_contain_text(f"Ollama runs at {ollama.url} with")
        picks = out.locator("button.pick-model")
        expect(picks).to_have_text(MODELS)
        shot(page, "01_found")
        picks.filter(has_text="llama3.2:latest").click()
        expect(section.locator("input[name=model]")).to_have_value("llama3.2:latest")

        # Try it, before saving: the graph the model wrote and the time.
        section.locator("button.try-model").click()
        expect(out).to_contain_text(re.compile(
            rf"“{SAMPLE}” was read by ollama \(llama3\.2:latest\) in \d+(\.\d+)? s as: "))
        graph = json.loads(out.locator("pre.model-graph").inner_text())
        assert graph == MODEL_GRAPH
        assert len(ollama.chats) == 1 and config_path.read_text() == CONFIG
        shot(page, "02_tried")

        # Save: the config file has [llm] backend = "ollama" and the model, the comments kept.
        section.locator("button.save-model").click()
        expect(page.locator(".toast").last).to_contain_text("Saved")
        text = config_path.read_text()
        assert 'backend = "ollama"   # offline until I have a model\nmodel = "llama3.2:latest"' in text
        assert text.startswith("# QueryWeaver, set up by hand first\n") and "# my papers\n" in text
        expect(page.locator("#data-model select.backend")).to_have_value("ollama")  # the page re-read the file
        expect(page.locator("#data-model input[name=model]")).to_have_value("llama3.2:latest")

        # An address nothing answers at: one line.
        nowhere = f"http://127.0.0.1:{free_port()}"
        section = page.locator("#data-model")
        section.locator("input[name=host]").fill(nowhere)
        section.locator("button.find-ollama").click()
        problem = section.locator(".model-out .problem")
        expect(problem).to_have_text(f"Nothing answers at {nowhere}: start Ollama ('ollama serve', or open the "
                                     f"Ollama app), or check the address")
        assert "\n" not in problem.inner_text()
        shot(page, "03_nothing_answers")
        browser.close()
    assert problems == [], problems
