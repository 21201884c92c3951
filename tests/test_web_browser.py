"""The web UI end to end in real headless Chromium (Playwright driving Debian's /usr/bin/chromium).

A user asks a demo question, watches every node resolve, reads the answer and how it was found, opens a
node's candidates, breaks the graph on purpose (nothing matches: the UI says which step emptied it), then
fixes it with the filter editor and runs it again without any LLM. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from queryweaver.config import load_config
from queryweaver.engine import Engine
from queryweaver.graph import QueryGraph
from queryweaver.web import create_app, launch_url, make_web_server
from queryweaver.web.history import RecentQuestions

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("browser tests need Chromium at /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="browser tests need the playwright package (pip install -e '.[test]')")
expect = sync_api.expect

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
QUESTION = "Find the file folders that contain email attachments from Jane Doe."
JANE_GRAPH = {"action": "find", "return_var": "dir", "return_mode": "all",  # QUESTION's graph
              "vars": {"dir": "Folder", "f": "File", "e": "Email", "p": "Person"},
              "constraints": [{"kind": "edge", "from": "f", "edge": "parent", "to": "dir"},
                              {"kind": "edge", "from": "e", "edge": "has_attachment", "to": "f"},
                              {"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                              {"kind": "filter", "var": "p", "field": "name", "op": "=", "value": "Jane Doe"}]}
TIMEOUT = 30_000  # ms; the first run indexes the demo sources


@pytest.fixture
def live(tmp_path):
    """The app on the bundled demo, served on 127.0.0.1 by a real threaded server."""
    opened: list[str] = []
    app = create_app(load_config(None), opener=opened.append, recent=RecentQuestions(tmp_path / "recent.json"))
    server = make_web_server(app, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield launch_url(app, server.server_port), app, opened
    server.shutdown()
    server.server_close()
    app.extensions["queryweaver"].close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# Records, in the page, each node that starts pulsing (a pulse lasts a fraction of a second, too short to
# poll for reliably). Playwright injects it through the DevTools protocol, not as a page script.
RECORD_PULSES = """
window.__pulsed = [];
new MutationObserver((records) => {
  for (const r of records) {
    const el = r.target;
    if (el.classList && el.classList.contains("pulsing") && !(r.oldValue || "").includes("pulsing")) {
      window.__pulsed.push(el.getAttribute("data-var"));
    }
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true});
"""


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, device_scale_factor=1)
    context.add_init_script(RECORD_PULSES)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.set_default_timeout(TIMEOUT)
    yield page
    context.close()
    assert problems == [], f"the page logged errors (CSP violations included): {problems}"


def node(page, var: str):
    return page.locator(f'#graph g.node[data-var="{var}"]')


def graph_vars(page) -> list[str]:
    nodes = page.locator("#graph g.node")
    return [nodes.nth(i).get_attribute("data-var") for i in range(nodes.count())]


def expected_folders(graph: dict) -> set[str]:  # any graph's answer keys, despite the name
    """The oracle: the same graph run by the engine directly."""
    with Engine(load_config(None)) as engine:
        return {item.key for item in engine.run(QueryGraph.parse(graph)).items}


def test_ask_watch_inspect_fix_and_run_again(page, live):
    url, app, opened = live
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(url)

    # The empty page offers the demo questions.
    expect(page.locator("#welcome")).to_be_visible()
    expect(page.locator("#examples .question-chip")).to_have_count(7)
    expect(page.locator("#examples")).to_contain_text(QUESTION)

    # Ask; a node pulses while its tool runs, then every node resolves.
    page.fill("#question", QUESTION)
    page.click("#ask")
    expect(page.locator("#run-status")).to_contain_text("Answer:")
    assert page.evaluate("window.__pulsed") == ["e", "f", "dir"]  # each tool's wanted node, in turn
    variables = graph_vars(page)
    assert sorted(variables) == ["dir", "e", "f", "p"]
    for var in variables:
        expect(node(page, var)).to_have_attribute("data-state", "resolved")
    expect(node(page, "p")).to_have_attribute("data-count", "1")
    expect(node(page, "p")).to_contain_text('name = "Jane Doe"')
    labels = page.locator("#graph g.edge text.edge-label").all_text_contents()
    assert sorted(labels) == ["from", "has_attachment", "parent"]
    expect(page.locator("#graph g.node.pulsing")).to_have_count(0)

    # The answer, with the chain that linked each folder.
    finance = page.locator('.answer-item:has(.item-label:text-is("files/Documents/Finance"))')
    expect(finance).to_have_count(1)
    expect(finance.locator(".chain").first).to_contain_text("Jane Doe")
    expect(finance.locator(".chain").first).to_contain_text("has_attachment")
    expect(page.locator(".answer-headline")).to_contain_text("folders")
    # "Download all" saves every answer with its evidence, one JSON object a line.
    with page.expect_download() as saved:
        page.locator(".answer-download a", has_text="JSON Lines").click()
    lines = Path(saved.value.path()).read_text(encoding="utf-8").splitlines()
    assert {json.loads(line)["path"] for line in lines} == expected_folders(JANE_GRAPH)
    assert all(json.loads(line)["evidence"]["via"] for line in lines)

    # The activity panel shows each tool with what went in and came out.
    activity = page.locator("#activity")
    for tool in ["person_from_email", "email_has_attachment_file", "file_parent_folder"]:
        expect(activity.locator(".act-tool", has_text=tool)).to_have_count(1)
    expect(activity.locator(".act-tool", has_text="person_from_email")).to_contain_text("1 person →")
    expect(activity.locator(".act-done")).to_contain_text("for dir")
    # The cost-aware plan says so, and each tool shows its estimate next to the actual size.
    expect(activity.locator(".act-plan")).to_contain_text("ordered by estimated sizes")
    expect(activity.locator(".act-tool", has_text="person_from_email").locator(".estimate")).to_contain_text(
        "estimated ")

    # Click a node: its candidates, a page at a time.
    node(page, "e").click()
    emails = int(node(page, "e").get_attribute("data-count"))
    details = page.locator("#details")
    expect(details.locator(".details-count")).to_have_text(f"{emails} email" + ("" if emails == 1 else "s"))
    expect(details.locator(".candidates .item")).to_have_count(min(emails, 20))
    expect(details.locator(".candidates .item").first).to_contain_text("from")

    # "Open folder" goes through the server, which checks the path against the sources.
    finance.locator("button.action", has_text="Open folder").click()
    expect(page.locator(".toast")).to_contain_text("Opened")
    assert len(opened) == 1 and opened[0].endswith("Finance")

    # Break the graph in the JSON editor: a syntax error shows inline, then a name nobody has.
    page.locator(".tab", has_text="JSON").click()
    text = page.locator("textarea.graph-json").input_value()
    page.fill("textarea.graph-json", text.rstrip().rstrip("}"))
    expect(page.locator("#editor .problems")).to_contain_text("not valid JSON")
    expect(page.locator(".run-graph")).to_be_disabled()
    page.fill("textarea.graph-json", text.replace("Jane Doe", "Nobody Atall"))
    expect(page.locator(".check-status.ok")).to_be_visible()
    page.click(".run-graph")
    expect(page.locator(".nothing")).to_be_visible()
    expect(page.locator(".emptied-by")).to_contain_text('p.name = "Nobody Atall"')
    expect(node(page, "p")).to_have_attribute("data-state", "empty")
    page.screenshot(path=str(ARTIFACTS / "web_nothing_matched.png"), full_page=True)

    # Fix it in the filter table: the name back, plus a new filter on the file type; run again.
    page.locator(".tab", has_text="Filters").click()
    page.locator(".filter-row .f-value").first.fill("Jane Doe")
    page.click(".add-filter")
    page.locator(".filter-row").last.locator("select.f-var").select_option("f")
    page.locator(".filter-row").last.locator("select.f-field").select_option("extension")
    page.locator(".filter-row").last.locator(".f-value").fill("xlsx")
    expect(page.locator(".check-status.ok")).to_be_visible()
    page.click(".run-graph")
    expect(page.locator("#run-status")).to_contain_text("Answer:")
    for var in variables:
        expect(node(page, var)).to_have_attribute("data-state", "resolved")
    expect(node(page, "f")).to_contain_text('extension = "xlsx"')

    graph = QueryGraph.parse(page.locator("textarea.graph-json").input_value()).to_json()
    want = expected_folders(graph)
    assert want and len(want) < len(expected_folders({**graph, "constraints": graph["constraints"][:-1]}))
    answers = page.locator(".answer-item")
    expect(answers).to_have_count(len(want))
    assert {answers.nth(i).get_attribute("data-key") for i in range(len(want))} == want
    expect(answers.first.locator(".chain-step", has_text=".xlsx").first).to_be_visible()

    # Recent questions are remembered.
    assert app.extensions["queryweaver"].recent.list() == [QUESTION]
    node(page, "f").click()
    expect(details.locator(".candidates .item").first).to_contain_text(".xlsx")
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "web_final.png"), full_page=True)


# -- a question the parser is not sure of: "Did you mean" ---------------------------------------------

@pytest.fixture
def live_readings(tmp_path):
    """The demo app whose parser reads "Find the emails Nadia sent me" three ways (tests/readings.py)."""
    from tests.readings import web_generate

    app = create_app(load_config(None), generate=web_generate, opener=lambda path: None,
                     recent=RecentQuestions(tmp_path / "recent.json"))
    server = make_web_server(app, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield launch_url(app, server.server_port)
    server.shutdown()
    server.server_close()
    app.extensions["queryweaver"].close()


def test_did_you_mean_chips_run_another_reading_and_keep_it_editable(page, live_readings):
    from tests.readings import QUESTION, READINGS

    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(live_readings)
    page.fill("#question", QUESTION)
    page.click("#ask")
    expect(page.locator("#run-status")).to_contain_text("Answer: 10 emails")

    # The best reading ran; the page says it is not sure and offers the two others, and what "Nadia" matched.
    readings = page.locator("#readings")
    expect(readings.locator(".low-confidence")).to_contain_text("Not sure I read this right")
    expect(readings.locator(".reading-now")).to_contain_text("Read as")
    expect(readings.locator(".reading-now")).to_contain_text("emails Nadia Foster sent you")
    expect(readings.locator(".reading-now .confidence")).to_have_text("45%")
    chips = readings.locator(".did-you-mean .reading-chip")
    expect(chips).to_have_count(2)
    assert [chips.nth(i).locator(".reading-text").text_content() for i in range(2)] == [
        "emails Nadia Sato sent you", "emails you sent to Nadia Foster"]
    tag = readings.locator(".mention-tag")
    expect(tag).to_have_count(1)
    expect(tag).to_contain_text("Nadia: person")
    expect(tag).to_contain_text("Nadia Foster or Nadia Sato")
    expect(page.locator("#activity .act-readings")).to_contain_text("2 other readings")
    page.locator("#activity .act-readings summary").click()  # why: which words gave which constraint
    expect(page.locator("#activity .act-readings .reading-notes li")).to_contain_text("2 people are called Nadia")
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "web_readings.png"), full_page=True)
    page.locator("#graph-panel").screenshot(path=str(ARTIFACTS / "web_readings_graph.png"))

    # Click "Nadia Sato": her 8 emails replace the 10, and the graph, with her name, is in the editor.
    want = expected_folders(READINGS[1].graph.to_json())  # the engine's own answer to that graph
    chips.first.click()
    expect(page.locator("#run-status")).to_contain_text("Answer: 8 emails")
    answers = page.locator(".answer-item")
    expect(answers).to_have_count(len(want))
    assert {answers.nth(i).get_attribute("data-key") for i in range(len(want))} == want
    expect(node(page, "p")).to_contain_text('name = "Nadia Sato"')
    expect(page.locator(".filter-row .f-value").first).to_have_value("Nadia Sato")
    expect(readings.locator(".low-confidence")).to_have_count(0)
    expect(readings.locator(".reading-now")).to_contain_text("emails Nadia Sato sent you")
    expect(chips).to_have_count(2)
    expect(chips.first).to_contain_text("emails Nadia Foster sent you(first guess)45%")
    expect(page.locator("#graph-question")).to_contain_text(QUESTION)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "web_readings_picked.png"), full_page=True)
    page.locator("#graph-panel").screenshot(path=str(ARTIFACTS / "web_readings_picked_graph.png"))

    # Fix that reading in the editor and run it: the page says it is running the user's own graph now.
    page.locator(".filter-row .f-value").first.fill("Nadia Foster")
    expect(page.locator(".check-status.ok")).to_be_visible()
    page.click(".run-graph")
    expect(page.locator("#run-status")).to_contain_text("Answer: 10 emails")
    expect(readings.locator(".reading-now")).to_contain_text("your edited graph")
    expect(chips).to_have_count(3)


def ask_the_demo(page, live, question: str, answer: str):
    """``question`` asked in the page served by ``live`` (the real parser); its "Read as" panel once the run
    status says ``answer``."""
    url, _app, _opened = live
    page.goto(url)
    page.fill("#question", question)
    page.click("#ask")
    expect(page.locator("#run-status")).to_contain_text(answer)
    return page.locator("#readings")


def test_the_real_parser_offers_both_people_called_nadia_and_a_click_answers_for_the_other(page, live):
    """No injected parser: grounding finds two Nadias in the demo, the page offers the other as a chip."""
    readings = ask_the_demo(page, live, "emails from nadia", "Answer: 11 emails")
    expect(readings.locator(".low-confidence")).to_contain_text("Not sure I read this right")
    chips = readings.locator(".did-you-mean .reading-chip")
    expect(chips).to_have_count(1)
    expect(chips.first).to_contain_text("emails from Nadia Sato")
    chips.first.click()
    want = expected_folders({"action": "find", "return_var": "e", "return_mode": "all",
                             "vars": {"e": "Email", "p": "Person"},
                             "constraints": [{"kind": "edge", "from": "e", "edge": "from", "to": "p"},
                                             {"kind": "filter", "var": "p", "field": "name", "op": "=",
                                              "value": "Nadia Sato"}]})
    expect(page.locator("#run-status")).to_contain_text(f"Answer: {len(want)} emails")
    answers = page.locator(".answer-item")
    expect(answers).to_have_count(len(want))
    assert {answers.nth(i).get_attribute("data-key") for i in range(len(want))} == want


def test_a_sure_reading_names_the_words_it_left_out(page, live):
    """No injected parser: "urgent" has no place in a graph. The reading is sure (no "not sure" notice, no chips),
    and the page still says the word was not used, so the answer is not mistaken for urgent mail only."""
    readings = ask_the_demo(page, live, "urgent emails from Jane Doe", "Answer: 6 emails")
    expect(readings.locator(".reading-now")).to_contain_text("emails from Jane Doe")
    expect(readings.locator(".left-out")).to_have_text("Left out 'urgent': not understood")
    expect(readings.locator(".low-confidence")).to_have_count(0)
    expect(readings.locator(".did-you-mean")).to_have_count(0)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "web_left_out.png"), full_page=True)
