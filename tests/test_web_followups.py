"""Follow-up questions in the web UI, in real headless Chromium: ask, follow up twice, go back a step, follow
up differently. Each answer is checked against the engine running the same edit in process."""

from __future__ import annotations

import re

import pytest

from queryweaver.config import load_config
from queryweaver.engine import Engine
from queryweaver.reader.followup import read_followup
from queryweaver.reader.understand import understand

from tests.test_web_browser import ARTIFACTS, browser, expect, live, node, page  # noqa: F401 - fixtures

FIRST = "emails from Aisha Bauer"


@pytest.fixture(scope="module")
def oracle():
    """The count each conversation should give, from the reader and the engine in process."""
    config = load_config(None)
    engine = Engine(config)
    lexicon = engine.lexicon()

    def read(question: str):
        return understand(question, config, lexicon)

    def count(*steps: str) -> int:
        graph = read(steps[0]).graph
        for step in steps[1:]:
            graph = read_followup(step, graph, read, lexicon=lexicon).graph
        return engine.run(graph).count

    yield count
    engine.close()


def answered(page) -> int:
    status = page.locator("#run-status")
    expect(status).to_have_text(re.compile(r"^Answer: \d+"))
    return int(re.search(r"Answer: (\d+)", status.inner_text()).group(1))


def follow_up(page, question: str) -> None:
    expect(page.locator("#followup-form")).to_be_visible()
    page.fill("#followup", question)
    page.click("#followup-form button[type=submit]")
    expect(page.locator("#graph-question")).to_contain_text(question)


def crumbs(page) -> list[str]:
    return page.locator("#conversation .crumb").all_inner_texts()


def test_ask_follow_up_twice_go_back_and_follow_up_differently(page, live, oracle):
    url, _, _ = live
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(url)
    page.fill("#question", FIRST)
    page.click("#ask")
    assert answered(page) == oracle(FIRST)
    expect(page.locator("#conversation")).to_be_hidden()  # one step: nothing to go back to
    expect(page.locator("#graph g.node.changed")).to_have_count(0)

    # narrow: the emails above, only those sent before May; the date node is new and highlighted
    follow_up(page, "only those from before May")
    assert answered(page) == oracle(FIRST, "only those from before May") < oracle(FIRST)
    expect(page.locator("#graph-question")).to_contain_text("the emails above, only")
    expect(node(page, "d")).to_have_class(re.compile(r"\bchanged\b"))
    expect(node(page, "p")).not_to_have_class(re.compile(r"\bchanged\b"))
    expect(page.locator("#legend-changed")).to_be_visible()
    assert crumbs(page) == [FIRST, "only those from before May"]

    # pivot: who else was on them; the answer moves to the people
    follow_up(page, "who else was on them?")
    assert answered(page) == oracle(FIRST, "only those from before May", "who else was on them?")
    expect(page.locator("#run-status")).to_contain_text("people")
    expect(page.locator("#graph g.node.return")).to_have_class(re.compile(r"\bchanged\b"))
    assert crumbs(page) == [FIRST, "only those from before May", "who else was on them?"]
    page.screenshot(path=str(ARTIFACTS / "followup-pivot.png"), full_page=True)

    # back one step: the narrowed emails again, and the later step is gone from the breadcrumb
    page.locator("#conversation button.crumb", has_text="only those from before May").click()
    expect(page.locator("#graph-question")).to_contain_text("only those from before May")
    assert answered(page) == oracle(FIRST, "only those from before May")
    expect(page.locator("#graph g.node.return")).to_have_attribute("data-var", "e")
    expect(page.locator("#conversation .crumb")).to_have_count(2)

    # and a different follow-up from there: the same question for another person
    follow_up(page, "what about Amara Walsh?")
    assert answered(page) == oracle(FIRST, "only those from before May", "what about Amara Walsh?") > 0
    expect(node(page, "p")).to_contain_text("Amara Walsh")
    expect(node(page, "p")).to_have_class(re.compile(r"\bchanged\b"))
    assert crumbs(page) == [FIRST, "only those from before May", "what about Amara Walsh?"]
    page.screenshot(path=str(ARTIFACTS / "followup-replace.png"), full_page=True)

    # a follow-up that cannot be read: one line, the conversation stays where it was and the words stay in the box
    page.fill("#followup", "not from her")
    page.click("#followup-form button[type=submit]")
    expect(page.locator(".run-error .error-message")).to_contain_text("has no 'not'")
    expect(page.locator("#followup")).to_have_value("not from her")
    assert crumbs(page) == [FIRST, "only those from before May", "what about Amara Walsh?"]
    follow_up(page, "only the latest one")
    assert answered(page) == 1
    assert crumbs(page) == [FIRST, "only those from before May", "what about Amara Walsh?", "only the latest one"]


def test_a_follow_up_of_an_answer_the_server_no_longer_has_is_one_line(browser, live):  # noqa: F811
    url, app, _ = live
    context = browser.new_context(viewport={"width": 1440, "height": 1000})  # the refusal's 400 is logged: expected
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    tab.goto(url)
    tab.fill("#question", FIRST)
    tab.click("#ask")
    answered(tab)
    for run in app.extensions["queryweaver"].runs.all():  # the server forgot the answers (as after a restart)
        app.extensions["queryweaver"].runs._runs.pop(run.id)
    tab.fill("#followup", "only the PDFs")
    tab.click("#followup-form button[type=submit]")
    expect(tab.locator("#toasts")).to_contain_text("the answer to follow up is gone")
    context.close()
