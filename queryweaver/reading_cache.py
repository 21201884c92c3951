"""Readings of questions kept between runs: asked again, a question comes back read without the parsers (issue 30).

Only a reading the offline parser made alone is kept (``Generation.offline_only``: ``[llm] backend = "rules"``, or
``auto`` with a reading sure enough that no LLM was asked or looked for), since only that one is the same every
time for the same inputs. Those are all in the key: the question as read (spaces collapsed), ``--backend``, the
config's user (name, addresses, zone, today), ``[llm]`` and sources, the Python, and every source's lexicon token
(``Connector.lexicon_state``: it changes in the transaction that changes what the data names). The code is checked
apart: the entry lists the size and mtime of every file of the package's code (the reader with its models, the
LLM layer, the graph, the dates...), and one changed file makes the entry stale.

One JSON file per question in the cache dir's ``readings`` folder, written whole to a temporary file and renamed;
an entry that cannot be read, is for another key or another code is ignored (and replaced by the next reading),
so the cache can make a question start faster, never read differently. Confidences are kept unrounded: the
reading comes back exactly as it was made, only ``seconds`` is this run's.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from .digests import sha1_hex
from .generation import Generation, Reading
from .graph import QueryGraph
from .reader.grounding import Mention

FORMAT = 1
KEEP = 500   # entries kept; the oldest are removed beyond that
PACKAGE = Path(__file__).resolve().parent
# what a reading depends on besides its inputs: the package's code (the reader with its models and rule files, the
# LLM layer that chooses the reading, the graph, the dates...); the demo data is data, named by the lexicon tokens
CODE_SUFFIXES = (".py", ".txt", ".json", ".toml")
NOT_CODE = ("__pycache__", "demo_data", "static", "templates")


def reading_key(question: str, config, backend: str | None, states: list[tuple] | None) -> str | None:
    """The key of a question's reading, or None when it cannot be kept (a source with no lexicon token)."""
    if states is None:
        return None
    parts = (FORMAT, sys.version, " ".join(question.split()), backend, config.self_name,
             sorted(config.self_emails), str(config.tz.key), config.today().isoformat(),
             sorted((str(k), repr(v)) for k, v in config.llm.items()),
             [(s.type, sorted((str(k), repr(v)) for k, v in s.options.items())) for s in config.sources],
             bool(config.is_demo), repr(states))
    return repr(parts)


class ReadingCache:
    """The kept readings in ``folder`` (``<cache dir>/readings``)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def _path(self, key: str) -> Path:
        return self.folder / f"{sha1_hex(key.encode('utf-8', 'surrogatepass'))[:24]}.json"

    def get(self, key: str | None) -> Generation | None:
        """The reading kept under ``key``, or None (none kept, another key or code, a damaged file)."""
        if key is None:
            return None
        started = time.perf_counter()
        try:
            entry = json.loads(self._path(key).read_bytes())
            if entry["key"] != key or not _code_unchanged(entry["code"]):
                return None
            generation = _generation(entry["generation"])
        except Exception:  # noqa: BLE001 - missing, damaged or foreign: read the question as usual
            return None
        generation.seconds = time.perf_counter() - started
        return generation

    def put(self, key: str | None, generation: Generation) -> None:
        """Keep ``generation`` under ``key`` when the offline parser made it alone; best effort."""
        if key is None or not getattr(generation, "offline_only", False):
            return
        path = self._path(key)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            text = json.dumps({"key": key, "code": _code_files(), "generation": _plain(generation)},
                              ensure_ascii=False)
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
            self._trim()
        except Exception:  # noqa: BLE001 - a cache dir that cannot be written, a reading that cannot be kept: read again
            # next time (keeping a reading must never fail the question)
            try:
                temporary.unlink()
            except OSError:
                pass

    def _trim(self) -> None:
        entries = list(self.folder.glob("*.json"))
        if len(entries) <= KEEP:
            return
        entries.sort(key=lambda p: p.stat().st_mtime_ns)
        for old in entries[:len(entries) - KEEP]:
            try:
                old.unlink()
            except OSError:
                pass


def _code_files() -> list[list]:
    """Every file of the package's code, with its size and mtime."""
    out = []
    for root, dirs, files in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d not in NOT_CODE)
        for name in sorted(files):
            if name.endswith(CODE_SUFFIXES):
                path = os.path.join(root, name)
                st = os.stat(path)
                out.append([path, st.st_size, st.st_mtime_ns])
    return out


def _code_unchanged(recorded: list) -> bool:
    if not recorded:
        return False
    for path, size, mtime_ns in recorded:
        try:
            st = os.stat(path)
        except OSError:
            return False
        if st.st_size != size or st.st_mtime_ns != mtime_ns:
            return False
    return True


def _plain(g: Generation) -> dict[str, Any]:
    return {"graph": g.graph.to_json(), "backend": g.backend, "model": g.model, "prompt_tokens": g.prompt_tokens,
            "completion_tokens": g.completion_tokens, "attempts": g.attempts, "repairs": list(g.repairs),
            "raw": g.raw, "form": g.form, "examples": list(g.examples), "dropped": list(g.dropped),
            "cached_prompt_tokens": g.cached_prompt_tokens, "confidence": float(g.confidence),
            "reading": g.reading,
            "alternatives": [{"graph": a.graph.to_json(), "text": a.text, "confidence": float(a.confidence),
                              "source": a.source} for a in g.alternatives],
            "mentions": [m.to_json() for m in g.mentions], "notes": list(g.notes)}


def _generation(data: dict[str, Any]) -> Generation:
    mentions = [Mention(m["start"], m["end"], m["text"], m["kind"], m["value"], m["count"], m["exact"],
                        [tuple(c) for c in m["candidates"]]) for m in data["mentions"]]
    alternatives = [Reading(QueryGraph.parse(a["graph"]), a["text"], float(a["confidence"]), a["source"])
                    for a in data["alternatives"]]
    return Generation(QueryGraph.parse(data["graph"]), data["backend"], data["model"], 0.0,
                      prompt_tokens=data["prompt_tokens"], completion_tokens=data["completion_tokens"],
                      attempts=data["attempts"], repairs=list(data["repairs"]), raw=data["raw"], form=data["form"],
                      examples=list(data["examples"]), dropped=list(data["dropped"]),
                      cached_prompt_tokens=data["cached_prompt_tokens"], confidence=float(data["confidence"]),
                      reading=data["reading"], alternatives=alternatives, mentions=mentions,
                      notes=list(data["notes"]), offline_only=True)
