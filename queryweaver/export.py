"""A whole answer written out as it is produced, in bounded memory: JSON Lines, CSV, and the ``--json`` object.

Answers come from ``RunResult.stream``: their fields and evidence are built a batch at a time and dropped once
written, so exporting 45,000 answers holds one batch of evidence trees, not all of them (nor their text).
"""

from __future__ import annotations

import csv
import json
import uuid
from typing import Any, Iterable, TextIO

from .executor import RunResult
from .items import OUTPUT_FIELDS, Item

FORMATS = ("jsonl", "csv")
CHAIN_SEPARATOR = " | "   # between the evidence chains of one answer in a CSV cell


def answer_record(item: Item, evidence: dict | None) -> dict[str, Any]:
    """One answer as ``--json`` writes it: the item's fields, then its evidence tree."""
    record = item.output()
    record["evidence"] = evidence
    return record


def write_jsonl(result: RunResult, out: TextIO, *, offset: int = 0, limit: int | None = None) -> int:
    """Every answer (from ``offset``, at most ``limit``) as one JSON object per line, with its evidence tree;
    returns how many were written."""
    written = 0
    for item, evidence in result.stream(offset=offset, limit=limit):
        out.write(json.dumps(answer_record(item, evidence), ensure_ascii=False, default=str) + "\n")
        written += 1
    return written


def write_csv(result: RunResult, out: TextIO, *, offset: int = 0, limit: int | None = None,
              columns: list[str] | None = None) -> list[str]:
    """Every answer as a CSV row: the type's fields (those of ``--json``, then any other field the first answers
    have), then ``evidence``, its chains written from the leaf to the answer and joined by " | "; the header first.
    Returns the columns: given back as ``columns``, a later slice of the same answer is written under them, without
    the header again (the web UI's download writes a batch at a time)."""
    from .cli import evidence_chains

    writer = csv.writer(out)
    for item, evidence in result.stream(offset=offset, limit=limit):
        fields = item.output()
        if columns is None:
            known = list(OUTPUT_FIELDS[item.type])
            columns = known + sorted(k for k in fields if k not in known)
            writer.writerow(columns + ["evidence"])
        writer.writerow([_cell(fields.get(c)) for c in columns]
                        + [CHAIN_SEPARATOR.join(evidence_chains(evidence))])
    if columns is None:  # no answer: the header alone, from the answer's type
        columns = list(OUTPUT_FIELDS[result.type])
        writer.writerow(columns + ["evidence"])
    return columns


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def write_json(document: dict[str, Any], result: RunResult, out: TextIO, *, offset: int = 0,
               limit: int | None = None) -> None:
    """``document`` (the ``--json`` object, its ``result`` from ``RunResult.to_json(items=False)``) written as
    ``json.dumps(document, indent=2)`` would write it with the page's items in ``result.items``, the items
    streamed (``RunResult.stream``) instead of held: the same text, whatever the answer's size."""
    mark = f"items-{uuid.uuid4().hex}"
    document = {**document, "result": {**document["result"], "items": mark}}
    text = json.dumps(document, ensure_ascii=False, indent=2, default=str)
    placeholder = f'"items": "{mark}"'
    head, tail = text.split(placeholder, 1)
    out.write(head + '"items": [')
    _write_items((answer_record(item, evidence) for item, evidence in result.stream(offset=offset, limit=limit)),
                 out, depth=3)
    out.write(tail)


def _write_items(records: Iterable[dict[str, Any]], out: TextIO, depth: int) -> None:
    """The elements of a list at nesting ``depth`` as ``json.dumps(..., indent=2)`` lays them out, and its ']'."""
    inner = "\n" + "  " * depth
    first = True
    for record in records:
        out.write(("" if first else ",") + inner + json.dumps(record, ensure_ascii=False, indent=2,
                                                               default=str).replace("\n", inner))
        first = False
    out.write("]" if first else "\n" + "  " * (depth - 1) + "]")
