"""Ranking metrics for tool retrieval: Recall, AP, nDCG and CompleteRecall at a cut-off.

``relevant`` lists what should be found. An item is an id, or a frozenset of alternative ids of which
any one counts (LiveMCPBench names tools that several servers share). A ranked id satisfies at most one
still-unmet item, and each item counts once, so duplicates in a ranking never score twice.

Definitions (k = cut-off, R = number of relevant items, rel_i = 1 when position i meets an item):
    Recall@k         = (items met in the top k) / R
    AP@k             = sum_i<=k rel_i * Precision@i / min(k, R)
    nDCG@k           = sum_i<=k rel_i / log2(i + 1)  /  sum_i<=min(k, R) 1 / log2(i + 1)
    CompleteRecall@k = 1 if Recall@k == 1 else 0      (the ego-graph paper's metric)
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

Relevant = Iterable["str | frozenset[str]"]


def _groups(relevant: Relevant) -> list[frozenset[str]]:
    out: list[frozenset[str]] = []
    for item in relevant:
        group = frozenset([item]) if isinstance(item, str) else frozenset(item)
        if group and group not in out:
            out.append(group)
    return out


def relevance_flags(ranked: Sequence[str], relevant: Relevant, k: int) -> tuple[list[bool], int]:
    """For each of the top ``k`` positions, whether it meets a relevant item not met before; and R."""
    groups = _groups(relevant)
    met = [False] * len(groups)
    flags = []
    for node in ranked[:k]:
        hit = False
        for index, group in enumerate(groups):
            if not met[index] and node in group:
                met[index] = hit = True
                break
        flags.append(hit)
    return flags, len(groups)


def recall_at_k(ranked: Sequence[str], relevant: Relevant, k: int) -> float:
    flags, total = relevance_flags(ranked, relevant, k)
    return sum(flags) / total if total else 0.0


def average_precision_at_k(ranked: Sequence[str], relevant: Relevant, k: int) -> float:
    flags, total = relevance_flags(ranked, relevant, k)
    if not total:
        return 0.0
    hits, score = 0, 0.0
    for position, hit in enumerate(flags, start=1):
        if hit:
            hits += 1
            score += hits / position
    return score / min(k, total)


def ndcg_at_k(ranked: Sequence[str], relevant: Relevant, k: int) -> float:
    flags, total = relevance_flags(ranked, relevant, k)
    if not total:
        return 0.0
    dcg = sum(1.0 / math.log2(position + 1) for position, hit in enumerate(flags, start=1) if hit)
    ideal = sum(1.0 / math.log2(position + 1) for position in range(1, min(k, total) + 1))
    return dcg / ideal


def complete_recall_at_k(ranked: Sequence[str], relevant: Relevant, k: int) -> float:
    return 1.0 if recall_at_k(ranked, relevant, k) == 1.0 else 0.0


METRICS = {
    "mAP": average_precision_at_k,
    "Recall": recall_at_k,
    "nDCG": ndcg_at_k,
    "CompleteRecall": complete_recall_at_k,
}


def evaluate(rankings: Sequence[Sequence[str]], golds: Sequence[Relevant], ks: Iterable[int] = (10, 20, 30),
             metrics: Iterable[str] = ("mAP", "Recall", "nDCG")) -> dict[str, float]:
    """Mean of each metric over the queries, keyed ``"mAP@10"`` etc."""
    if len(rankings) != len(golds):
        raise ValueError(f"{len(rankings)} rankings for {len(golds)} gold lists")
    golds = [list(g) for g in golds]
    out: dict[str, float] = {}
    for name in metrics:
        fn = METRICS[name]
        for k in ks:
            values = [fn(r, g, k) for r, g in zip(rankings, golds)]
            out[f"{name}@{k}"] = sum(values) / len(values) if values else 0.0
    return out


def format_row(values: Mapping[str, float], keys: Sequence[str]) -> str:
    return " ".join(f"{values[key]:.3f}" if key in values else "  -  " for key in keys)
