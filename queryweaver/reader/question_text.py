"""What any reader first asks of a question: that it is one (not empty, not too long, has words, reads as English).

Apart from ``understand`` so that ``queryweaver ask`` can refuse such a question before anything else is loaded.
"""

from __future__ import annotations

import unicodedata

from ..errors import GenerationError

MAX_QUESTION_CHARS = 500


def check_question(question: str, *, english: bool = True) -> str:
    """The question with its spaces collapsed, or a GenerationError saying what to ask instead (``english``:
    also refuse a question mostly in another script, which only an LLM can read)."""
    text = " ".join((question or "").split())
    if not text:
        raise GenerationError("the question is empty; ask something like 'Find the emails Jane Doe sent me "
                              "in February'")
    if len(text) > MAX_QUESTION_CHARS:
        raise GenerationError(f"the question is {len(text):,} characters long; ask one question in under "
                              f"{MAX_QUESTION_CHARS} characters, e.g. 'Which files did Jane Doe send me?'")
    letters = [c for c in text if c.isalpha()]
    if not letters:
        raise GenerationError(f"'{text}' has no words in it; ask about your emails, people, files, folders, "
                              "events, places or links, e.g. 'Who did I meet last week?'")
    latin = sum(1 for c in letters if "LATIN" in unicodedata.name(c, ""))
    if english and latin < len(letters) / 2:
        raise GenerationError("the offline parser reads English questions only; ask in English, or set "
                              "[llm] backend to an LLM backend (ollama, openai or llamacpp)")
    return text
