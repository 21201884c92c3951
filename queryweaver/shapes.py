"""Question shapes: a trained second opinion on what a question asks, independent of the rules' wording.

The rules parser reads the wordings it was written for; people keep finding new ones. A *shape* is a query
graph with its values taken out: "emails from a person, sent in a date range" is
``find|all|Email1|Email1-from->Person1;Email1-sent_on->Date1;Date1.value~$date;Person1.name=$person``. A
question's shape is predicted by a small linear model (multinomial logistic regression) over the words of
the question once what it names is masked -- a person becomes ``<person>``, a date expression ``<date>``, a
file type ``<ext>`` -- so what the model learns is how people ask, not who they ask about. It is trained on
the benchmark questions' gold graphs (``queryweaver.shape_training``, numpy, at development time) and
stored as a small text file; reading it needs only the standard library.

``understand`` asks the model for the shapes it finds likely and compares them with the rules' reading.
When the model is much surer of another shape, that shape is *filled* with the question's own values (the
grounded mentions, the date expressions, the file type, the topic the rules found) and read instead, the
rules' reading staying as an alternative; the notes name the words that weighed most. A shape that cannot
be filled exactly -- a slot with no value, a value left over -- is never used.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .errors import GraphError
from .graph import QueryGraph

__all__ = ["Shape", "ShapeModel", "QuestionView", "shape_of", "fill", "load_model", "MODEL_PATH"]

MODEL_PATH = Path(__file__).with_name("shape_model.txt")
FEATURE_VERSION = "1"

# (type, field) -> the slot a value of it fills; fields not listed keep their value in the shape (ordinals)
SLOTS: dict[tuple[str, str], str] = {
    ("Person", "name"): "$person", ("Person", "email_address"): "$person",
    ("Date", "value"): "$date", ("File", "name"): "$file", ("File", "extension"): "$ext",
    ("Place", "name"): "$place", ("Event", "name"): "$title", ("Email", "subject"): "$topic",
    ("Email", "content"): "$text", ("Webpage", "url"): "$site", ("Folder", "name"): "$folder",
}
_DATE_OP = "~"
_ORDINAL_NUMBERS = {"1st": "first"}
_SHORT = {"Email": "e", "Person": "p", "Self": "self", "File": "f", "Folder": "dir", "Event": "ev", "Date": "d",
          "Place": "pl", "Webpage": "w"}  # a Date filter's operator comes from the date expression, not from the shape


# ------------------------------------------------------------------------------------------ shapes

@dataclass(frozen=True)
class Shape:
    """A graph with its values replaced by slots; ``key`` is its canonical text (same graph, same key)."""

    key: str
    action: str
    mode: str
    ret: str
    vars: dict[str, str]
    edges: tuple[tuple[str, str, str], ...]
    filters: tuple[tuple[str, str, str, str], ...]  # (var, field, op, slot or literal value)

    @classmethod
    def parse(cls, key: str) -> "Shape":
        action, mode, ret, body = key.split("|", 3)
        edges, filters, names = [], [], {ret}
        for item in filter(None, body.split(";")):
            match = re.fullmatch(r"(\w+)-(\w+)->(\w+)", item)
            if match:
                edges.append(match.groups())
                names.update((match.group(1), match.group(3)))
                continue
            var, rest = item.split(".", 1)
            fld, op, value = re.fullmatch(r"(\w+)(contains|=|<|>|~)(.*)", rest).groups()
            filters.append((var, fld, op, value))
            names.add(var)
        return cls(key, action, mode, ret, {n: re.sub(r"\d+$", "", n) for n in sorted(names)},
                   tuple(edges), tuple(filters))

    def slots(self) -> list[str]:
        return [value for _v, _f, _op, value in self.filters if value.startswith("$")]


def structure(key: str) -> str:
    """A shape key without its action: what the model predicts (find or count is the rules' to say)."""
    return key.split("|", 1)[1]


def shape_of(graph: QueryGraph | dict) -> str:
    """The canonical shape key of ``graph``: variables renamed Type1, Type2... in the order that gives the
    smallest key, so two graphs that differ only in variable names or constraint order share one key."""
    data = graph.to_json() if isinstance(graph, QueryGraph) else graph
    types: dict[str, list[str]] = {}
    for var, type_ in data["vars"].items():
        types.setdefault(type_, []).append(var)
    order = sorted(types)
    namings = itertools.product(*(itertools.permutations(types[t]) for t in order))
    if math.prod(math.factorial(len(types[t])) for t in order) > 5040:
        namings = iter([tuple(tuple(types[t]) for t in order)])  # a graph this large: one naming, still a key
    best = None
    for perms in namings:
        names = {var: f"{t}{i + 1}" for t, perm in zip(order, perms) for i, var in enumerate(perm)}
        items = set()
        for c in data["constraints"]:
            if c["kind"] == "edge":
                items.add(f"{names[c['from']]}-{c['edge']}->{names[c['to']]}")
                continue
            type_ = data["vars"][c["var"]]
            slot = SLOTS.get((type_, c["field"]), str(c["value"]))
            op = _DATE_OP if type_ == "Date" else c["op"]
            items.add(f"{names[c['var']]}.{c['field']}{op}{slot}")
        key = f"{data['action']}|{data.get('return_mode', 'all')}|{names[data['return_var']]}|" + ";".join(
            sorted(items))
        if best is None or key < best:
            best = key
    return best


# ------------------------------------------------------------------------------- the question's view

@dataclass
class QuestionView:
    """What the model and the filler see of a question: its words with named things masked, and the values
    it states, by slot, in the order they appear."""

    words: list[str]
    values: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # slot -> [(field or op, value)]

    @classmethod
    def of(cls, rendered: str, is_topic: Callable[[str], bool] = lambda word: False) -> "QuestionView":
        """``rendered``: the question with grounded mentions as typed literals (``understand``'s rendering);
        ``is_topic``: whether a word is one of the data's subject words the parser has no use for (masked as
        ``<topic>``, so the model learns "about <topic>", not the topics of one mailbox)."""
        from .rules_parser import _FILE_HEADS, _NOUN_EXTENSIONS, EXTENSION_WORDS, _dotted_kind, find_dates, tokenize

        toks = tokenize(rendered)
        dates = {start: (end, op, value) for start, end, op, value in find_dates(rendered)}
        view = cls([])
        add = view.values.setdefault
        k = 0
        while k < len(toks):
            if k in dates:
                end, op, value = dates[k]
                view.words.append("<date>")
                add("$date", []).append((op, value))
                k = end
                continue
            t = toks[k]
            k += 1
            if t.kind == "entity":
                slot = {"person": "$person", "place": "$place", "title": "$title", "folder": "$folder",
                        "file": "$file"}[t.etype]
                view.words.append(f"<{slot[1:]}>")
                add(slot, []).append(("name", t.text))
            elif t.kind == "email":
                view.words.append("<person>")
                add("$person", []).append(("email_address", t.text))
            elif t.kind in ("url", "dotted") and (t.kind == "url" or _dotted_kind(t) == "url"):
                view.words.append("<site>")
                add("$site", []).append(("url", t.text))
            elif t.kind == "dotted":
                view.words.append("<file>")
                add("$file", []).append(("name", t.text))
            elif t.kind == "ext":
                view.words.append("<ext>")
                add("$ext", []).append(("extension", t.low))
            elif t.kind == "quote":
                view.words.append("<quote>")
                add("$quote", []).append(("", t.text))
            elif t.kind == "num" and t.low in _ORDINAL_NUMBERS:
                view.words.append(_ORDINAL_NUMBERS[t.low])
            elif t.kind == "num":
                view.words.append("<num>")
            elif t.kind == "word" and (t.low in _NOUN_EXTENSIONS or t.low in EXTENSION_WORDS and k < len(toks)
                                       and toks[k].low in _FILE_HEADS):
                # "PDFs", "spreadsheets"; "word documents", "txt files" (not the word "word" alone)
                view.words.append(t.low)
                add("$ext", []).append(("extension", _NOUN_EXTENSIONS.get(t.low) or EXTENSION_WORDS[t.low]))
            elif t.kind == "word" and is_topic(t.low):
                if view.words and view.words[-1] == "<topic>":  # one phrase: "server migration"
                    topic = view.values["$words"][-1]
                    view.values["$words"][-1] = ("", f"{topic[1]} {t.text}")
                else:
                    view.words.append("<topic>")
                    add("$words", []).append(("", t.text))
            elif t.kind in ("word", "clitic") or t.text in ("?", "@", "+", "&"):
                view.words.append(t.low)
        return view

    def features(self) -> set[str]:
        """Words, word pairs (with the question's start), and the 4-letter pieces of longer words (so a typo
        still shares most of its features with the word meant)."""
        words = ["^"] + self.words
        out = set(words[1:])
        out.update(f"{a} {b}" for a, b in zip(words, words[1:]))
        for w in self.words:
            if len(w) > 3 and not w.startswith("<"):
                padded = f"[{w}]"
                out.update("#" + padded[i:i + 4] for i in range(len(padded) - 3))
        return out


# ------------------------------------------------------------------------------------------ the model

@dataclass
class ShapeModel:
    """Weights per (feature, class) and a bias per class: p(class | question) = softmax(sum of weights).

    A class is one shape, or a few shapes the training questions accept as meaning the same ("emails Jane
    sent me" with or without "to me"): the model does not choose between those, the rules do.
    """

    classes: list[tuple[str, ...]]  # the shapes of each class, the one most often gold first
    bias: list[float]
    weights: dict[str, list[tuple[int, float]]]  # feature -> [(class index, weight)], small ones left out
    trained_on: str = ""

    def __post_init__(self) -> None:
        self._class_of = {key: i for i, members in enumerate(self.classes) for key in members}
        self._raw: dict[str, str] = {}  # feature -> its cells as written in the file, parsed when first used

    def cells(self, feature: str) -> list[tuple[int, float]]:
        found = self.weights.get(feature)
        if found is None and feature in self._raw:
            found = self.weights[feature] = [(int(i), float(w)) for i, w in
                                             (cell.split(":") for cell in self._raw.pop(feature).split())]
        return found or []

    def known(self, feature: str) -> bool:
        return feature in self.weights or feature in self._raw

    def unknown_words(self, view: QuestionView) -> list[str]:
        """The question's words no training question used: what the model cannot speak to ("zorblax", "weather")."""
        return [w for w in view.words if not w.startswith("<") and w.isalpha() and not self.known(w)]

    def probabilities(self, view: QuestionView) -> list[float]:
        features = view.features()
        scores = list(self.bias)
        norm = 1.0 / math.sqrt(max(1, sum(1 for f in features if self.known(f))))
        for f in features:
            for index, w in self.cells(f):
                scores[index] += w * norm
        peak = max(scores)
        exps = [math.exp(s - peak) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def predict(self, view: QuestionView, top: int = 5) -> list[tuple[tuple[str, ...], float]]:
        """The ``top`` likeliest classes (their shapes) with their probabilities, likeliest first."""
        probs = self.probabilities(view)
        ranked = sorted(range(len(probs)), key=lambda i: -probs[i])
        return [(self.classes[i], probs[i]) for i in ranked[:top]]

    def probability(self, view: QuestionView, key: str | None) -> float:
        """How likely the class holding shape ``key`` is (0 for a shape the model never saw)."""
        index = self._class_of.get(key)
        return 0.0 if index is None else self.probabilities(view)[index]

    def same_class(self, a: str | None, b: str | None) -> bool:
        return a is not None and self._class_of.get(a, -1) == self._class_of.get(b, -2)

    def reasons(self, view: QuestionView, key: str, against: str | None = None, n: int = 3) -> list[str]:
        """The question's words (and word pairs) that weighed most for ``key``'s class over ``against``'s."""
        a = self._class_of.get(key)
        if a is None:
            return []
        b = self._class_of.get(against)
        words = ["^"] + view.words
        pulls = []
        for word in dict.fromkeys(view.words + [f"{x} {y}" for x, y in zip(words, words[1:])]):
            weights = dict(self.cells(word))
            pull = weights.get(a, 0.0) - (weights.get(b, 0.0) if b is not None else 0.0)
            if pull > 0:
                pulls.append((pull, word.replace("^ ", "")))
        return [w for _p, w in sorted(pulls, reverse=True)[:n]]

    # the file: three header lines, a line per class ("bias<TAB>shape<TAB>shape..."), then a line per feature
    # ("feature<TAB>index:weight index:weight ...")
    def dump(self) -> str:
        lines = [f"# question-shape model (queryweaver.shape_training); features v{FEATURE_VERSION}",
                 f"trained_on\t{self.trained_on}", f"classes\t{len(self.classes)}"]
        lines += [f"{b:.4f}\t" + "\t".join(members) for members, b in zip(self.classes, self.bias)]
        for feature in sorted(set(self.weights) | set(self._raw)):
            cells = " ".join(f"{i}:{w:.4f}" for i, w in self.cells(feature))
            lines.append(f"{feature}\t{cells}")
        return "\n".join(lines) + "\n"

    @classmethod
    def load(cls, text: str) -> "ShapeModel":
        lines = text.splitlines()
        if len(lines) < 3 or f"features v{FEATURE_VERSION}" not in lines[0]:
            raise ValueError("the shape model was written for other features; run python -m "
                             "queryweaver.shape_training")
        trained_on = lines[1].split("\t", 1)[1]
        count = int(lines[2].split("\t", 1)[1])
        classes, bias = [], []
        for line in lines[3:3 + count]:
            value, *members = line.split("\t")
            classes.append(tuple(members))
            bias.append(float(value))
        model = cls(classes, bias, {}, trained_on)
        # feature -> its cells' text, parsed when a question uses it (~60 of them): one split of the rest of
        # the file, names and cells alternating (a name holds no tab; cells are "i:w" joined by spaces)
        names_and_cells = "\t".join(lines[3 + count:]).split("\t")
        model._raw = dict(zip(names_and_cells[0::2], names_and_cells[1::2]))
        return model


@lru_cache(maxsize=1)
def load_model(path: Path = MODEL_PATH) -> ShapeModel | None:
    """The shipped model, or None when there is none (the reader then works from its rules alone)."""
    try:
        return ShapeModel.load(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


# ------------------------------------------------------------------------------------------- filling

def fill(key: str, view: QuestionView, extra: dict[str, list[tuple[str, str]]] | None = None) -> QueryGraph | None:
    """``key``'s shape with the question's values in its slots, or None when they do not fit exactly: every
    slot needs a value, and every person, place, title, file, folder, site, file type and date the question
    states must find a slot. ``extra`` offers values the question states less plainly (the topic the rules
    read), used only by a slot the question's own values leave empty."""
    shape = Shape.parse(key)
    values = {slot: list(found) for slot, found in view.values.items()}
    extra = extra or {}
    wanted = shape.slots()
    # words that name a topic or a title, in the order they are most plainly that: a quoted phrase, what the
    # rules read as the topic, words of event titles, the data's subject words
    if "$topic" in wanted and not values.get("$topic"):
        values["$topic"] = (values.pop("$quote", []) or list(extra.get("$topic", []))
                            or ([] if "$title" in wanted else values.pop("$title", [])) or values.pop("$words", []))
    if "$title" in wanted and not values.get("$title"):
        values["$title"] = values.pop("$quote", []) or values.pop("$words", []) or list(extra.get("$title", []))
    for slot in wanted:
        if slot != "$date" and not values.get(slot):
            values[slot] = list(extra.get(slot, []))
    filters, dates_by_var = [], {}
    for var, fld, op, slot in shape.filters:
        if not slot.startswith("$"):
            filters.append((var, fld, op, slot))
        elif slot == "$date":
            dates_by_var.setdefault(var, None)
        else:
            if not values.get(slot):
                return None
            got_field, value = values[slot].pop(0)
            if slot == "$person":
                fld = got_field  # name or email_address, as the question wrote it
            filters.append((var, fld, op, value))
    dates = values.pop("$date", [])
    if dates_by_var:
        if not dates:
            return None
        if len(dates_by_var) == 1:  # one range: every date expression bounds it ("between X and Y")
            (var,) = dates_by_var
            filters += [(var, "value", op, value) for op, value in dates]
        elif len(dates) == len(dates_by_var):
            filters += [(var, "value", op, value) for var, (op, value) in zip(dates_by_var, dates)]
        else:
            return None
    elif dates:
        return None
    if any(found for slot, found in values.items() if slot not in ("$quote", "$topic", "$words")):
        return None  # something the question names has no place in this shape
    short = {var: _SHORT[type_] + (var[len(type_):] if var[len(type_):] != "1" else "")
             for var, type_ in shape.vars.items()}
    data = {"action": shape.action, "return_var": short[shape.ret], "return_mode": shape.mode,
            "vars": {short[var]: type_ for var, type_ in shape.vars.items()},
            "constraints": [{"kind": "edge", "from": short[a], "edge": e, "to": short[b]} for a, e, b in shape.edges]
            + [{"kind": "filter", "var": short[v], "field": f, "op": op, "value": value}
               for v, f, op, value in filters]}
    try:
        return QueryGraph.parse(data)
    except GraphError:
        return None
