"""Training the reader's models (``queryweaver.reader.learned``) on the project's labelled question bank.

    python -m queryweaver.reader.training            # write queryweaver/reader/models.txt
    python -m queryweaver.reader.training --check    # exit 1 when the shipped models are not the ones the
                                                     # current questions and features would train

Development-time only (scikit-learn, the benchmark question files and a generated corpus: ``pip install -e
'.[train]'``); the product only reads the file this writes. The training questions are the tuning parts of
``benchmarks/questions_corpus.json`` (TRAIN_PARTS; never a held-out part), the demo set
``benchmarks/questions.json`` and the paper's seven, each read exactly as ``understand`` reads a question
(``understand.learned_view``) and labelled from its gold graph:

- shape: the gold graph's shape less its first/last pick; shapes that some question accepts as meaning the
  same form one class;
- action: whether the gold graph counts;
- pick: whether it picks the first or the last email ("" when neither);
- keep: for each value the question states, whether the gold graph filters on it;
- role: for each person the gold graph filters on, the edges of that person's variable;
- dateop: for a question with one date the gold graph filters on, that filter's operator (a day or span,
  before, after), from the words in and around the date (``view.date_op_features``);
- rtype, self and one "edge ..." model per kind of link (``learned.attributes``): the parts of the gold graph,
  each learned apart so that a shape the bank never had is still judged part by part.

Each model is multinomial logistic regression (L2, C = ``C``) over binary features scaled to unit length.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .shapes import SLOTS, shape_of, structure
from .fill import POOLS, role_of
from .learned import CUE_DEFAULTS, CUE_FLOOR, MODELS_PATH, DATE_WORD, attributes, graph_atoms, split_pick
from .linear import LinearModel, write_models
from .view import View, date_op_features, shape_features, value_features

ROOT = Path(__file__).resolve().parent.parent.parent
TRAIN_PARTS = ("dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12",
               "dev13", "dev14", "dev15", "dev16", "dev17", "dev18", "dev19", "dev20", "dev21",
               "test")  # "test": seen while tuning long ago, no longer held out
C = 10.0
CUE_SURE, CUE_SEEN, CUE_LIFT = CUE_FLOOR, 20, 2.0  # a word is a cue for what this share of its >= CUE_SEEN questions say,
# at least CUE_LIFT times as often as questions at large
VALUE_SURE, VALUE_SEEN = 0.8, 10  # a value word is inside a value this often, of >= VALUE_SEEN uses
PRUNE = 0.1  # weights below it are left out of the file: measured leaving dev19-21 out, no reading changes
FEATURES = "9"  # bump when View, shape_features or value_features change what they produce


@dataclass
class Example:
    question: str
    part: str
    view: View
    keys: tuple[str, ...]          # the gold graph's shape, then those of the graphs it accepts
    counts: bool
    keep: list[bool] = field(default_factory=list)    # per value
    roles: list[str] = field(default_factory=list)    # per value: a person's role, "" otherwise
    graph: dict = field(default_factory=dict)          # the gold graph, and those it accepts
    accept: tuple = ()
    scene: bool = False                                 # a copy asked with a scene-setting sentence


def _norm(text) -> str:
    return " ".join(str(text).lower().split())


def label_values(view: View, graph: dict) -> tuple[list[bool], list[str]]:
    """Which of the view's values the gold graph filters on, and the role of each person it does."""
    used: list[str | None] = [None] * len(view.values)
    edges = [(c["from"], c["edge"], c["to"]) for c in graph["constraints"] if c["kind"] == "edge"]
    for c in graph["constraints"]:
        if c["kind"] != "filter":
            continue
        slot = SLOTS.get((graph["vars"][c["var"]], c["field"]))
        if not slot:
            continue
        for k, v in enumerate(view.values):
            if used[k] is None and v.kind in POOLS.get(slot, ()) and (
                    slot == "$date" or _norm(v.text) == _norm(c["value"]) or _norm(c["value"]) in _norm(v.text)):
                used[k] = c["var"]
                break
    keep = [u is not None for u in used]
    roles = [role_of(edges, u) if u is not None and v.kind in ("person", "email") else ""
             for u, v in zip(used, view.values)]
    return keep, roles


# Sentences that set a scene and name people, places, events, files or dates the question does not ask about.
# A copy of some training questions is asked with one of them before or after it, its values labelled as left
# out, so the value model learns that a name in a sentence that only sets the scene is not a filter (and the
# shape model that it does not change what is asked). Training data, not rules: the reader never sees them.
SCENES_BEFORE = (
    "I'm writing up what happened with {person} {date}.", "{person} asked me about this {date}.",
    "Just back from {place}.", "Sorting out my notes after the {title}.", "{person} is off sick, so I'm covering.",
    "Quick one before my call with {person}.", "I was at {place} {date} and it reminded me.",
    "Tidying up before the {title} {date}.", "My manager {person} wants an update.", "Still thinking about {file}.",
    "Long day at {place}.", "{person} and I were talking {date}.", "I've got the {title} in ten minutes.",
    "Can't find my copy of {file} either, but anyway.", "Between meetings with {person}.",
)
SCENES_AFTER = (
    "Need it for my chat with {person}.", "It's for the {title} {date}.", "{person} wants to know too.",
    "Asking from {place}.", "{person} says hi.", "I'll read them at {place}.", "Then I'm off to the {title}.",
    "Thanks! {file} can wait.",
)
SCENE_DATES = ("yesterday", "last week", "this morning", "on Monday", "earlier today", "last Friday")
SCENE_SHARE = 0.25  # of the generated corpus's training questions, this share is also asked with a scene
SCENE_SEED = 32


def with_scenes(examples: list[Example], lexicon, view_of) -> list[Example]:
    """Copies of some ``examples`` asked with a scene-setting sentence (``SCENES_BEFORE`` / ``SCENES_AFTER``) whose
    values come from ``lexicon``; ``view_of(question)`` reads a question as ``understand`` does."""
    import random

    rng = random.Random(SCENE_SEED)
    people = sorted({max(names, key=names.get) for names in lexicon.people.values() if names})
    fill_from = {"person": people, "place": sorted(lexicon.places), "title": sorted(lexicon.event_titles),
                 "file": sorted(lexicon.file_names), "date": list(SCENE_DATES)}
    out = []
    for ex in examples:
        if rng.random() >= SCENE_SHARE or not all(fill_from.values()):
            continue
        before = rng.random() < 0.6
        template = rng.choice(SCENES_BEFORE if before else SCENES_AFTER)
        scene = template.format(**{k: rng.choice(v) for k, v in fill_from.items()})
        asked = ex.question.rstrip()
        question = f"{scene} {asked}" if before else f"{asked}{'' if asked[-1:] in '?.!' else '?'} {scene}"
        view = view_of(question)
        extra = len(view.values) - len(ex.view.values) if view is not None else -1
        own = view.values[extra:] if before else view.values[:len(ex.view.values)]
        if extra < 1 or [(v.kind, v.text) for v in own] != [(v.kind, v.text) for v in ex.view.values]:
            continue  # the scene's values could not be told apart from the question's: leave this one out
        keep = ([False] * extra + ex.keep) if before else (ex.keep + [False] * extra)
        roles = ([""] * extra + ex.roles) if before else (ex.roles + [""] * extra)
        out.append(Example(question, ex.part, view, ex.keys, ex.counts, keep, roles, ex.graph, ex.accept, True))
    return out


def training_examples() -> list[Example]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import tempfile

    from make_questions import CORPUS, build_corpus

    from ..config import DEMO_DIR, load_config
    from ..engine import Engine
    from ..paper_graphs import EXAMPLE_GRAPH, paper_graphs
    from .understand import learned_view

    examples: list[Example] = []

    def add(question: str, part: str, graph: dict, lexicon, accept=()) -> None:
        view = learned_view(question, lexicon)
        if view is None:
            return
        keys = tuple(dict.fromkeys(structure(shape_of(g)) for g in [graph, *accept]))
        keep, roles = label_values(view, graph)
        examples.append(Example(question, part, view, keys, graph["action"] == "count", keep, roles, graph,
                                tuple(accept)))

    data = json.loads((ROOT / "benchmarks" / "questions_corpus.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="qw-reader-") as tmp:
        build_corpus(Path(tmp) / "corpus", data.get("corpus", CORPUS))
        config = load_config(Path(tmp) / "corpus" / "config.toml")
        config.cache_dir_setting = str(Path(tmp) / "cache")
        engine = Engine(config)
        try:
            lexicon = engine.lexicon()
            for q in data["questions"]:
                if q["part"] in TRAIN_PARTS:
                    add(q["question"], q["part"], q["graph"], lexicon, q.get("accept", ()))
            examples += with_scenes(examples, lexicon, lambda question: learned_view(question, lexicon))
        finally:
            engine.close()
    demo = Engine(load_config(DEMO_DIR / "config.toml"))
    try:
        lexicon = demo.lexicon()
        own = json.loads((ROOT / "benchmarks" / "questions.json").read_text(encoding="utf-8"))
        for q in own["questions"]:
            add(q["question"], "demo", q["graph"], lexicon, q.get("accept", ()))
        for q in paper_graphs(q3_file="budget.xlsx", q4_person="Jane Doe", q6_person="Jane Doe",
                              q7_date="in February"):
            # Q7: the section 4.1 graph (the user attended too; DESIGN.md), not the A4 log's
            add(q.question, "paper", EXAMPLE_GRAPH if q.number == 7 else q.graph, lexicon)
    finally:
        demo.close()
    return examples


def fingerprint(examples: list[Example]) -> str:
    digest = hashlib.sha256(f"{FEATURES} {C} {PRUNE}\n".encode())
    for ex in examples:
        digest.update(("\x1f".join(f"{t.kind}:{t.low}:{t.text}:{t.extra}" for t in ex.view.tokens) + "\x1e"
                       + "\x1d".join(ex.keys) + f"\x1e{ex.counts}\x1e{ex.keep}\x1e{ex.roles}\n").encode("utf-8"))
    return digest.hexdigest()[:16]


def classes_of(examples: list[Example]) -> list[tuple[str, ...]]:
    """Shapes that some question accepts as meaning the same go into one class, its most asked shape first."""
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            key = parent[key]
        return key

    asked = Counter(split_pick(ex.keys[0])[0] for ex in examples)
    for ex in examples:
        first = split_pick(ex.keys[0])[0]
        root(first)
        for other in ex.keys[1:]:
            parent[root(split_pick(other)[0])] = root(first)
    groups: dict[str, list[str]] = {}
    for key in sorted(parent):
        groups.setdefault(root(key), []).append(key)
    return sorted(tuple(sorted(members, key=lambda k: (-asked[k], k))) for members in groups.values())


def fit(name: str, rows: list[set[str]], labels: list[str]) -> LinearModel:
    """A multinomial logistic regression over ``rows`` of features (scikit-learn, deterministic lbfgs)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import normalize

    vectorizer = DictVectorizer()
    x = normalize(vectorizer.fit_transform([{f: 1 for f in row} for row in rows]))
    model = LogisticRegression(C=C, max_iter=5000).fit(x, labels)
    names = [str(c) for c in model.classes_]
    coef, bias = model.coef_, model.intercept_
    if len(names) == 2:  # scikit-learn keeps one row for two labels: the second's score against the first's 0
        coef = [[0.0] * coef.shape[1], list(coef[0])]
        bias = [0.0, float(bias[0])]
    weights: dict[str, list[tuple[int, float]]] = {}
    for feature, column in vectorizer.vocabulary_.items():
        weights[feature] = [(i, round(float(row[column]), 4)) for i, row in enumerate(coef)
                            if abs(row[column]) >= PRUNE]
    return LinearModel(name, names, [round(float(b), 4) for b in bias], weights)


def cue_model(examples: list[Example]) -> LinearModel:
    """The cue table (``learned.graph_atoms``): per word of the bank's questions (values masked), what their
    gold graphs nearly always say, when that is rarer at large (not the defaults: find, all, emails); and
    the words that are nearly always part of a date (values that are data -- names, titles -- are not words of
    the language, so they are left aside). Scene-setting copies are left out."""
    import re

    word = re.compile(r"[^\W\d_][\w'\-]*")
    seen: Counter = Counter()
    together: dict[str, Counter] = {}
    in_values: Counter = Counter()
    overall: Counter = Counter()
    plain = [ex for ex in examples if not ex.scene]
    for ex in plain:
        said = graph_atoms(ex.graph)
        overall.update(said)
        for w in {t.low for t in ex.view.tokens if t.kind == "word"}:
            seen[w] += 1
            together.setdefault(w, Counter()).update(said)
        in_values.update({w for t in ex.view.tokens if t.kind == "date" for w in word.findall(t.text.lower())})
    labels = sorted(overall) + [DATE_WORD]
    index = {label: i for i, label in enumerate(labels)}
    weights: dict[str, list[tuple[int, float]]] = {}
    for w, n in seen.items():
        cells = []
        if n >= CUE_SEEN:
            for atom, k in together[w].items():
                if atom not in CUE_DEFAULTS and k / n >= CUE_SURE and k / n >= CUE_LIFT * overall[atom] / len(plain):
                    cells.append((index[atom], round(k / n, 3)))
        total = n + in_values[w]
        if total >= VALUE_SEEN and in_values[w] / total >= VALUE_SURE:
            cells.append((index[DATE_WORD], round(in_values[w] / total, 3)))
        if cells:
            weights[w] = sorted(cells)
    for w in in_values:  # words seen only inside dates
        if w not in seen and in_values[w] >= VALUE_SEEN:
            weights[w] = [(index[DATE_WORD], 1.0)]
    return LinearModel("cues", labels, [0.0] * len(labels), weights)


def wordings_model(examples: list[Example], shape: LinearModel) -> LinearModel:
    """The bank's wordings (``View.wording``: values masked) and, for each, the shape classes its questions are
    read as -- for the confidence, whether a question is worded as one of the bank's and read as the bank reads
    it. Scene-setting copies are left out."""
    index = {key: i for i, label in enumerate(shape.labels) for key in label.split("\t")}  # as the reader counts
    weights: dict[str, list[tuple[int, float]]] = {}
    for ex in examples:
        if ex.scene:
            continue
        wording = ex.view.wording()
        if not wording:
            continue
        cells = weights.setdefault(wording, [])
        for key in ex.keys:
            found = index.get(split_pick(key)[0])
            if found is not None and (found, 1.0) not in cells:
                cells.append((found, 1.0))
    return LinearModel("wordings", list(shape.labels), [0.0] * len(shape.labels),
                       {wording: sorted(cells) for wording, cells in weights.items()})


def train(examples: list[Example]) -> list[LinearModel]:
    classes = classes_of(examples)
    index = {key: i for i, members in enumerate(classes) for key in members}
    shape = fit("shape", [shape_features(ex.view) for ex in examples],
                [str(index[split_pick(ex.keys[0])[0]]) for ex in examples])
    # the shape model's labels are class numbers while fitting; the file names each class by its shapes
    shape.labels = ["\t".join(classes[int(label)]) for label in shape.labels]
    action = fit("action", [shape_features(ex.view) for ex in examples], [str(ex.counts) for ex in examples])
    value_rows, keep, role_rows, roles = [], [], [], []
    for ex in examples:
        for k in range(len(ex.view.values)):
            features = value_features(ex.view, k)
            value_rows.append(features)
            keep.append(str(ex.keep[k]))
            if ex.roles[k]:
                role_rows.append(features)
                roles.append(ex.roles[k])
    action.vocabulary = "shape"  # the same features: its file lists only what it weighs
    pick = fit("pick", [shape_features(ex.view) for ex in examples], [split_pick(ex.keys[0])[1] for ex in examples])
    pick.vocabulary = "shape"
    models = [shape, action, pick, fit("keep", value_rows, keep), fit("role", role_rows, roles)]
    op_rows, ops = [], []
    for ex in examples:
        dated = {v for v, t in ex.graph["vars"].items() if t == "Date"}
        found = [c["op"] for c in ex.graph["constraints"] if c["kind"] == "filter" and c["var"] in dated]
        kept = [k for k, v in enumerate(ex.view.values) if v.kind == "date" and ex.keep[k]]
        if len(found) == 1 and len(kept) == 1:
            op_rows.append(date_op_features(ex.view, kept[0]))
            ops.append(found[0])
    models.append(fit("dateop", op_rows, ops))
    labels = [attributes(ex.graph) for ex in examples]
    for name in labels[0]:
        part = fit(name, [shape_features(ex.view) for ex in examples], [row[name] for row in labels])
        part.vocabulary = "shape"
        models.append(part)
    models.append(cue_model(examples))
    models.append(wordings_model(examples, shape))
    return models


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only compare the shipped models' fingerprint")
    args = parser.parse_args(argv)
    examples = training_examples()
    current = fingerprint(examples)
    if args.check:
        from .learned import load_reader

        reader = load_reader()
        shipped = reader.meta.get("trained_on", "") if reader is not None else ""
        print(f"shipped {shipped or '(none)'}, current questions and features {current}")
        return 0 if shipped == current else 1
    models = train(examples)
    MODELS_PATH.write_text(write_models(models, {"trained_on": current, "questions": str(len(examples))}),
                           encoding="utf-8")
    print(f"{len(examples)} questions; " + ", ".join(f"{m.name}: {len(m.labels)} labels, {len(m.weights)} features"
                                                     for m in models)
          + f" -> {MODELS_PATH} ({MODELS_PATH.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
