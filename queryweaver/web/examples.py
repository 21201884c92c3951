"""Example questions on the empty page, made from the user's own data once it is indexed.

The demo's questions ("...attachments from Jane Doe") answer nothing on someone else's mail, so with a config of
their own the page offers questions about what their data names (its lexicon): the people they write with most,
a place and an event title from their calendar, a file name. Each is read by the offline parser and run on the
indexes; only questions that are read with confidence and find something are offered (at most ``LIMIT``, within
``BUDGET_SECONDS``). The lexicon never leaves the machine; neither do these questions.
"""

from __future__ import annotations

import logging
import re
import time
from typing import TYPE_CHECKING, Iterator

from ..reader.grounding import Lexicon

if TYPE_CHECKING:
    from .state import WebState

log = logging.getLogger(__name__)

LIMIT = 5
BUDGET_SECONDS = 4.0
PEOPLE_TRIED = 4
_WORDY = re.compile(r"^[^\W\d_][\w .'&/-]*$")


def _people(lexicon: Lexicon) -> list[str]:
    """Names of the people seen most often (not the user), as written, readable ones only."""
    ranked = sorted(((sum(names.values()), address) for address, names in lexicon.people.items()
                     if names and address not in lexicon.self_addresses), key=lambda pair: (-pair[0], pair[1]))
    out = []
    for _count, address in ranked:
        name = lexicon.person_name(address) or ""
        if 2 <= len(name.split()) <= 3 and _WORDY.match(name) and "," not in name and name not in out:
            out.append(name)
        if len(out) >= PEOPLE_TRIED:
            break
    return out


def _top(counter, fits) -> str | None:
    for text, _count in sorted(counter.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0])):
        if fits(text):
            return text
    return None


def candidate_questions(lexicon: Lexicon, has_files: bool, has_mail: bool) -> Iterator[str]:
    """Questions about what ``lexicon`` names, most telling first (joins of several sources before single ones)."""
    people = _people(lexicon) if has_mail else []
    if has_files:
        for name in people:
            yield f"Find the file folders that contain email attachments from {name}"
    title = _top(lexicon.event_titles, lambda t: 2 <= len(t.split()) <= 6 and _WORDY.match(t) is not None)
    if title:
        yield f"Who attended the {title}?"
    place = _top(lexicon.places, lambda p: len(p) <= 40 and _WORDY.match(p) is not None)
    if place:
        yield f"Who did I meet at {place}?"
    for name in people:
        yield f"Find the last email {name} sent me"
    document = _top(lexicon.file_names, lambda f: 4 <= len(f) <= 40 and not f.startswith(".")
                    and re.search(r"\.[A-Za-z0-9]{2,5}$", f) is not None and " " not in f)
    if document:
        yield f"Which folders hold {document}?" if has_files else f"Find the emails that have {document} attached"


def own_examples(state: "WebState") -> list[str] | None:
    """Up to ``LIMIT`` questions that answer on the user's data, or None while the engine is busy (a question
    or an index build holds it): the page asks again later."""
    from ..llm import generate_graph

    config = state.config
    types = {s.type for s in config.sources}
    with state.engine_session(timeout=2) as engine:
        if engine is None:
            return None
        lexicon = engine.lexicon()
        cached = state.examples_cache
        if cached is not None and cached[0] is lexicon:
            return list(cached[1])
        started = time.monotonic()
        found: list[str] = []
        has_files = bool(types & {"files", "spotlight"})
        has_mail = bool(types & {"mbox", "maildir", "emlx", "imap", "gmail"})
        for question in candidate_questions(lexicon, has_files, has_mail):
            if len(found) >= LIMIT or time.monotonic() - started > BUDGET_SECONDS:
                break
            if any(question.split(" ")[:4] == other.split(" ")[:4] for other in found):
                continue  # one question of each kind
            try:
                generation = generate_graph(question, config, backend="rules", lexicon=lexicon)
                if generation.low_confidence:
                    continue
                if engine.run(generation.graph).count:
                    found.append(question)
            except Exception:  # an example that cannot be read or run is simply not offered
                log.debug("example %r left out", question, exc_info=True)
        state.examples_cache = (lexicon, found)
        return list(found)
