"""The learned reading of a question: its shape from the shape model, its values placed by the value models.

``LearnedReader.read(view)`` asks the shape model for the likeliest shapes, the action model whether the
question counts, and the value models how likely each stated value is part of what is asked and which role
each person plays; each likely shape is filled (``fill.fill``) and the readings come back best first, scored
log p(shape) + how well the values fit it. The models are trained on the project's labelled question bank
(``queryweaver.reader.training``) and shipped in ``models.txt``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..graph import QueryGraph
from .fill import fill
from .linear import LinearModel, read_models
from .view import Value, View, shape_features, value_features

__all__ = ["LearnedReader", "LearnedReading", "load_reader", "MODELS_PATH"]

MODELS_PATH = Path(__file__).with_name("models.txt")
TOP_SHAPES = 4
PICKS = ("first", "last")


def split_pick(key: str) -> tuple[str, str]:
    """A shape key (without its action) less its first/last pick, and the pick ("" for none):
    "one|Email1|Email1-from->Person1;Email1.ordinal=last;..." -> ("all|Email1|Email1-from->Person1;...", "last").
    The shape model learns what is asked and the pick model whether the first or last of it, so "the first
    email I received in May" is read though only "the last email received on a day" was in the bank."""
    mode, ret, body = key.split("|", 2)
    items = body.split(";") if body else []
    picks = [item for item in items if item.startswith(f"{ret}.ordinal=")]
    if mode != "one" or len(picks) != 1:
        return key, ""
    return f"all|{ret}|" + ";".join(item for item in items if item not in picks), picks[0].split("=", 1)[1]


def with_pick(core: str, pick: str) -> str:
    if not pick:
        return core
    _mode, ret, body = core.split("|", 2)
    return f"one|{ret}|" + ";".join(sorted([*filter(None, body.split(";")), f"{ret}.ordinal={pick}"]))


@dataclass
class LearnedReading:
    graph: QueryGraph
    key: str            # the shape filled (with its action)
    p: float            # the shape model's probability of the shape's class
    fit: float          # log-probability of the values' placement (0: every value used as the models expect)
    left_out: list[Value] = field(default_factory=list)

    @property
    def score(self) -> float:
        return math.log(max(self.p, 1e-6)) + self.fit


class LearnedReader:
    def __init__(self, models: dict[str, LinearModel], meta: dict[str, str] | None = None):
        self.shape, self.action, self.pick = models["shape"], models["action"], models["pick"]
        self.keep, self.role = models["keep"], models["role"]
        self.meta = meta or {}
        self.classes = [tuple(label.split("\t")) for label in self.shape.labels]
        self._class_of = {key: i for i, members in enumerate(self.classes) for key in members}
        self._keep_yes = self.keep.labels.index("True")
        self._count = self.action.labels.index("True")

    def class_of(self, key: str | None) -> int | None:
        """The index of the class holding shape ``key`` (without its action; its pick left aside), or None for a
        shape the model never saw."""
        return self._class_of.get(split_pick(key)[0]) if key else None

    def shape_probabilities(self, view: View) -> list[float]:
        return self.shape.probabilities(shape_features(view))

    def counts(self, view: View) -> float:
        """p(the question asks how many)."""
        return self.action.probabilities(shape_features(view))[self._count]

    def value_opinions(self, view: View) -> tuple[list[float], list[dict[str, float]]]:
        keep, roles = [], []
        for k in range(len(view.values)):
            features = value_features(view, k)
            keep.append(self.keep.probabilities(features)[self._keep_yes])
            roles.append(self.role.probability_of(features) if view.values[k].kind in ("person", "email") else {})
        return keep, roles

    def picks(self, view: View) -> dict[str, float]:
        """p(the question asks for the first / the last / neither ("") of what it asks)."""
        return self.pick.probability_of(shape_features(view))

    def read(self, view: View, top: int = TOP_SHAPES) -> list[LearnedReading]:
        """The readings of the ``top`` likeliest shapes that the question's values can fill, best first."""
        probs = self.shape_probabilities(view)
        action = "count" if self.counts(view) > 0.5 else "find"
        picks = self.picks(view)
        pick = max(picks, key=picks.get)
        keep, roles = self.value_opinions(view)
        readings = []
        for index in sorted(range(len(probs)), key=lambda i: -probs[i])[:top]:
            for core in self.classes[index]:  # the class's shapes, the one most often asked first
                key = with_pick(core, pick if core.split("|")[1] == "Email1" and action == "find" else "")
                filled = fill(f"{action}|{key}", view.values, keep, roles)
                if filled is not None:
                    graph, fit, left_out = filled
                    readings.append(LearnedReading(graph, f"{action}|{key}", probs[index], fit, left_out))
                    break
        readings.sort(key=lambda r: -r.score)
        return readings

    def reasons(self, view: View, key: str, against: str | None = None, n: int = 3) -> list[str]:
        """The question's words (and word pairs) that weighed most for ``key``'s class over ``against``'s."""
        a = self.class_of(key.split("|", 1)[1] if key.split("|", 1)[0] in ("find", "count") else key)
        if a is None:
            return []
        b = self.class_of(against)
        words = [f for _p, f in self.shape.pulls(shape_features(view), a, b) if not f.startswith("#")]
        return [w.replace("^ ", "") for w in words[:n]]


@lru_cache(maxsize=1)
def load_reader(path: Path = MODELS_PATH) -> LearnedReader | None:
    """The shipped models, or None when there are none (the reader then works from its rules alone)."""
    try:
        models, meta = read_models(path.read_text(encoding="utf-8"))
        return LearnedReader(models, meta)
    except (OSError, ValueError, KeyError):
        return None
