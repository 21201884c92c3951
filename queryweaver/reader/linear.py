"""Small linear classifiers (multinomial logistic regression over sets of string features), read from text.

The reader's learned parts -- what a question's shape is, whether it counts, whether a value it states is
part of what it asks, which role a person plays -- are each one ``LinearModel``. They are trained at
development time (``queryweaver.reader.training``, scikit-learn) on the project's labelled question bank and
shipped as one text file; reading and applying them needs only the standard library.

A model's input is a set of features (strings). As in training, each present feature counts 1/sqrt(n), n
the number of the question's features the model knows, so long and short questions weigh alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["LinearModel", "read_models", "write_models"]


@dataclass
class LinearModel:
    name: str
    labels: list[str]
    bias: list[float]
    weights: dict[str, list[tuple[int, float]]] = field(default_factory=dict)  # feature -> [(label index, w)]
    _raw: dict[str, str] = field(default_factory=dict, repr=False)  # feature -> its cells unparsed
    # a model trained on the same features as another keeps only its weights and counts the question's known
    # features by the other's list (``vocabulary``: that model's name)
    vocabulary: str = ""
    shared: "LinearModel | None" = field(default=None, repr=False)

    def cells(self, feature: str) -> list[tuple[int, float]] | None:
        found = self.weights.get(feature)
        if found is None:
            raw = self._raw.pop(feature, None)
            if raw is None:
                return None
            found = self.weights[feature] = [(int(i), float(w)) for i, w in
                                             (cell.split(":") for cell in raw.split())]
        return found

    def known(self, feature: str) -> bool:
        return feature in self.weights or feature in self._raw

    def scores(self, features) -> list[float]:
        out = list(self.bias)
        if self.shared is not None:
            known = sum(1 for f in features if self.shared.known(f))
            hits = [cells for f in features if (cells := self.cells(f))]
        else:
            hits = [cells for f in features if (cells := self.cells(f)) is not None]
            known = len(hits)
        if known:
            norm = 1.0 / math.sqrt(known)
            for cells in hits:
                for index, w in cells:
                    out[index] += w * norm
        return out

    def probabilities(self, features) -> list[float]:
        scores = self.scores(features)
        peak = max(scores)
        exps = [math.exp(s - peak) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def probability_of(self, features) -> dict[str, float]:
        return dict(zip(self.labels, self.probabilities(features)))

    def pulls(self, features, a: int, b: int | None = None) -> list[tuple[float, str]]:
        """The features that weigh most for label ``a`` over label ``b`` (or over nothing), largest first."""
        out = []
        for f in features:
            cells = dict(self.cells(f) or ())
            pull = cells.get(a, 0.0) - (cells.get(b, 0.0) if b is not None else 0.0)
            if pull > 0:
                out.append((pull, f))
        return sorted(out, reverse=True)


# The file: a header line, then per model a line "model<TAB>name<TAB>label count[<TAB>vocabulary]", a line per
# label ("bias<TAB>label"), then a line per feature ("feature<TAB>index:weight ..." -- a known feature with no
# weight worth keeping has no cells; a model with a vocabulary lists only features with weights), and "end".
HEADER = "# queryweaver reader models"


def write_models(models: list[LinearModel], meta: dict[str, str]) -> str:
    lines = [HEADER] + [f"meta\t{k}\t{v}" for k, v in meta.items()]
    for m in models:
        lines.append(f"model\t{m.name}\t{len(m.labels)}" + (f"\t{m.vocabulary}" if m.vocabulary else ""))
        lines += [f"{b:.4f}\t{label}" for label, b in zip(m.labels, m.bias)]
        for feature in sorted(set(m.weights) | set(m._raw)):
            cells = " ".join(f"{i}:{w:.4f}" for i, w in (m.cells(feature) or ()))
            if cells or not m.vocabulary:
                lines.append(f"{feature}\t{cells}")
        lines.append("end")
    return "\n".join(lines) + "\n"


def read_models(text: str) -> tuple[dict[str, LinearModel], dict[str, str]]:
    """The models of a file written by ``write_models``, by name, and its meta lines. A model's feature lines
    are kept as text until a question uses them (a question uses a few dozen of tens of thousands)."""
    if not text.startswith(HEADER + "\n"):
        raise ValueError("not a reader model file")
    models: dict[str, LinearModel] = {}
    meta: dict[str, str] = {}
    head, *sections = text.split("\nmodel\t")
    for line in head.split("\n")[1:]:
        if line.startswith("meta\t"):
            _, key, value = line.split("\t", 2)
            meta[key] = value
    for section in sections:
        first, _, rest = section.partition("\n")
        name, count, *vocabulary = first.split("\t")
        rows = rest.split("\n", int(count))
        bias, labels = zip(*(row.split("\t", 1) for row in rows[:-1])) if int(count) else ((), ())
        body = rows[-1]
        body = body[:body.rindex("end")].rstrip("\n")
        # feature and cells alternate once the rows' ends become tabs: one split, done in C
        cells = body.replace("\n", "\t").split("\t") if body else []
        models[name] = LinearModel(name, list(labels), [float(b) for b in bias], {},
                                   dict(zip(cells[0::2], cells[1::2])), vocabulary[0] if vocabulary else "")
    for m in models.values():
        if m.vocabulary:
            m.shared = models[m.vocabulary]
    return models, meta
