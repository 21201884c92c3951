"""The learned reading of a question: its shape from the shape model, its values placed by the value models.

``LearnedReader.read(view)`` asks the shape model for the likeliest shapes, the action model whether the
question counts, and the value models how likely each stated value is part of what is asked and which role
each person plays; each likely shape is filled (``fill.fill``) and the readings come back best first, scored
log p(shape) + how well the values fit it. The models are trained on the project's labelled question bank
(``queryweaver.reader.training``) and shipped in ``models.txt``.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..errors import GraphError
from ..graph import QueryGraph
from ..schema import EDGE_RULES, VAR_PREFIX, EntityType
from .fill import _norm, fill, role_of
from .linear import LinearModel, load_models
from .view import Value, View, date_op_features, shape_features, value_features

__all__ = ["LearnedReader", "LearnedReading", "load_reader", "MODELS_PATH"]

MODELS_PATH = Path(__file__).with_name("models.txt")
TOP_SHAPES = 4
PICKS = ("first", "last")


# The parts of a graph the attribute models each learn apart from the whole shape: what it returns, how the
# user takes part, and each kind of link between two things other than the user. A shape no question in the
# bank had is still judged part by part ("events with both Sofia and me": events, the user attended, a
# person attended).
ATTRIBUTE_EDGES = tuple(f"{r.source} {r.name} {r.target}" for r in EDGE_RULES if EntityType.SELF not in (r.source, r.target))
PART_SURE = 0.9  # how sure each part model must be for a reading composed part by part (``compose``)
NOVEL = 0.02  # the shape model's probability for a shape it never saw


def attributes(graph: dict) -> dict[str, str]:
    """The graph's return type, the user's part in it ("to", "attended+from", "" for none) and, per kind of link
    (``ATTRIBUTE_EDGES``), whether it has one: the labels of the attribute models."""
    types = graph["vars"]
    edges = {f"{types[c['from']]} {c['edge']} {types[c['to']]}" for c in graph["constraints"] if c["kind"] == "edge"}
    out = {"rtype": types[graph["return_var"]],
           "self": "+".join(sorted({e.split()[1] for e in edges if "Self" in e.split()[::2]}))}
    out.update({f"edge {label}": str(label in edges) for label in ATTRIBUTE_EDGES})
    return out


# The cue table (model "cues", made by ``training.cue_model`` from the bank): per word, what the gold graphs of
# the questions using it nearly always say (``graph_atoms``), and whether the word is nearly always part of a
# date (``DATE_WORD``: "summer", "ago"). A reading that lacks what one of its words nearly
# always asks for ("count them" read as a list), or leaves a word that nearly always belongs to a date outside
# every date ("before summer" with no date), is doubted.
DATE_WORD = "date-word"
CUE_FLOOR = 0.9  # the cue table's least sure cue (``training.CUE_SURE``)
CUE_DEFAULTS = frozenset({"action=find", "pick=", "rtype=Email"})  # what a graph says unless told otherwise


def graph_atoms(graph: dict) -> set[str]:
    """What a graph says, item by item: its action, what it returns, its first/last pick, each kind of link
    (with the user's), each kind of filter, and a date's comparison."""
    types = graph["vars"]
    out = {f"action={graph['action']}", f"rtype={types[graph['return_var']]}"}
    pick = ""
    for c in graph["constraints"]:
        if c["kind"] == "edge":
            out.add(f"edge={types[c['from']]} {c['edge']} {types[c['to']]}")
        elif c["field"] == "ordinal":
            pick = str(c["value"])
        elif types[c["var"]] == "Date":
            out.update(("date", f"date{c['op']}"))
        else:
            out.add(f"filter={types[c['var']]}.{c['field']}")
    out.add(f"pick={pick}")
    return out


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
    p: float            # the shape model's probability of the shape's class (NOVEL for a shape it never saw)
    fit: float          # log-probability of the values' placement (0: every value used as the models expect)
    left_out: list[Value] = field(default_factory=list)
    parts: float = 0.0  # log-probability of the graph's parts by the attribute models
    source: str = "learned"  # or "rules": a reading the rules wrote, judged by the models

    @property
    def score(self) -> float:
        """log p(shape) + the values' fit. (The parts' log-probability is kept apart: measured on readings of the
        tuning parts by models trained without them, adding it chose worse readings.)"""
        return math.log(max(self.p, 1e-6)) + self.fit


class LearnedReader:
    def __init__(self, models: dict[str, LinearModel], meta: dict[str, str] | None = None):
        self.shape, self.action, self.pick = models["shape"], models["action"], models["pick"]
        self.keep, self.role = models["keep"], models["role"]
        self.parts_models = {name: m for name, m in models.items() if name in ("rtype", "self") or name.startswith("edge ")}
        self.meta = meta or {}
        self.classes = [tuple(label.split("\t")) for label in self.shape.labels]
        self._class_of = {key: i for i, members in enumerate(self.classes) for key in members}
        self.cues = models.get("cues")
        self.dateop = models.get("dateop")
        self.wordings = models.get("wordings")
        self._keep_yes = self.keep.labels.index("True")
        self._count = self.action.labels.index("True")

    def class_of(self, key: str | None) -> int | None:
        """The index of the class holding shape ``key`` (without its action; its pick left aside), or None for a
        shape the model never saw."""
        return self._class_of.get(split_pick(key)[0]) if key else None

    def unknown_words(self, view: View) -> list[str]:
        """The question's words no training question used: what the models cannot speak to ("zorblax")."""
        return list(dict.fromkeys(w for w in view.words() if w.isalpha() and not self.shape.known(w)))

    def return_types(self, view: View) -> dict[str, float]:
        """p(the question asks for emails / people / files ...), by the model of the answer's type alone."""
        model = self.parts_models.get("rtype")
        return model.probability_of(shape_features(view)) if model is not None else {}

    def date_op(self, view: View) -> tuple[str, float]:
        """What the words in and around the question's only date say of it -- a day or span ("="), a "before"
        ("<") or an "after" (">") -- and how sure the date-operator model is; ("", 0.0) for no date or several."""
        dates = [k for k, v in enumerate(view.values) if v.kind == "date"]
        if self.dateop is None or len(dates) != 1:
            return "", 0.0
        said = self.dateop.probability_of(date_op_features(view, dates[0]))
        op = max(said, key=said.get)
        return op, said[op]

    def doubts(self, view: View, graph: QueryGraph) -> dict[str, float]:
        """What the models doubt about ``graph`` as a reading of ``view`` beyond its shape, for the confidence:
        ``part_doubt``, how unlikely the least likely of its parts is by the model of that part alone (what it
        returns, a kind of link, first/last, counting, a date's before/after; the user's part is left aside: the
        bank's readings leave "to me" out where every answer is the user's anyway); ``cue_doubt``, how surely
        one of the question's words asks for something the graph does not say (the cue table);
        ``stray_words``, how many words that nearly always belong to a date stand outside every date;
        ``unseen_shape``, 1 when no question of the bank has the shape of ``graph`` (an email from two senders);
        and, not a doubt, ``bank_same``: 1 when a question of the bank is worded as this one (values aside) and
        read in the shape of ``graph``."""
        from .shapes import shape_of, structure

        features = shape_features(view)
        g = graph.to_json()
        labels = attributes(g)
        likely = [m.probability_of(features).get(labels[name], 0.0)
                  for name, m in self.parts_models.items() if name != "self" and name in labels]
        pick = next((str(f.value) for f in graph.filters if f.field == "ordinal"), "")
        likely.append(self.picks(view).get(pick, 0.0))
        counts = self.counts(view)
        likely.append(counts if graph.action == "count" else 1.0 - counts)
        ops = [f.op for f in graph.filters if graph.vars.get(f.var) == "Date"]
        dates = [k for k, v in enumerate(view.values) if v.kind == "date"]
        if self.dateop is not None and len(ops) == 1 and dates:  # a day, before or after, as the words say
            likely.append(max(self.dateop.probability_of(date_op_features(view, k)).get(ops[0], 0.0) for k in dates))
        cue, stray = 0.0, 0
        if self.cues is not None:
            said = graph_atoms(g)
            for kind, low, _text, _extra in view.tokens:
                if kind != "word":
                    continue
                for index, p in self.cues.cells(low) or ():
                    label = self.cues.labels[index]
                    if label == DATE_WORD:
                        stray += 1
                    elif label not in said:
                        cue = max(cue, p)
        shape = self.class_of(structure(shape_of(graph)))
        worded = (self.wordings.cells(view.wording()) or []) if self.wordings is not None else []
        # both on a 0..1 scale: a part at 1/1000 (or less) -> 1, at 1/10 -> 1/3; a cue 90% sure -> 0, 100% -> 1
        return {"part_doubt": -math.log10(max(min(likely), 1e-3)) / 3.0,
                "cue_doubt": max(0.0, (cue - CUE_FLOOR) / (1.0 - CUE_FLOOR)) if cue else 0.0,
                "stray_words": float(min(stray, 2)),
                "unseen_shape": float(shape is None),
                "bank_same": float(any(index == shape for index, _w in worded))}

    def compose(self, view: View, answer: str | None = None) -> QueryGraph | None:
        """A reading of a question that names nothing, built part by part when no reading of a whole shape fits
        ("those emails w attachments"): what it returns by the answer-type model, each link the link models are
        sure of (``PART_SURE``) that reaches the answer, and the user's part, counted when the action model says
        so. A link to a person or a date that nothing names narrows nothing and is left out. None when a part is
        unsure, the question names a value, asks for the first or last of something, or says nothing of its
        answer but its type. ``answer``: the type it returns when that is known (a follow-up's "those emails")."""
        if view.values:
            return None
        features = shape_features(view)
        rtype, p = max(self.parts_models["rtype"].probability_of(features).items(), key=lambda kv: kv[1])
        if answer is not None:
            rtype, p = answer, 1.0
        picks = self.picks(view)
        if p < PART_SURE or max(picks, key=picks.get) != "" or "self" not in self.parts_models:
            return None
        links = [tuple(name.split()[1:]) for name, m in self.parts_models.items()
                 if name.startswith("edge ") and m.probability_of(features).get("True", 0.0) >= PART_SURE]
        user, p = max(self.parts_models["self"].probability_of(features).items(), key=lambda kv: kv[1])
        if p < PART_SURE:
            return None
        reached, kept = {rtype}, []
        while True:
            more = [link for link in links if link not in kept and (link[0] in reached or link[2] in reached)]
            if not more:
                break
            kept += more
            reached |= {t for link in more for t in (link[0], link[2])}
        while True:  # leaves that name nothing: a person or a date other than the answer
            degree = Counter(t for link in kept for t in (link[0], link[2]))
            idle = [link for link in kept for t in (link[0], link[2])
                    if t in ("Person", "Date") and t != rtype and degree[t] == 1]
            if not idle:
                break
            kept = [link for link in kept if link not in idle]
        types = {rtype} | {t for link in kept for t in (link[0], link[2])}
        for name in filter(None, user.split("+")):
            rule = next((r for r in EDGE_RULES if r.name == name and EntityType.SELF in (r.source, r.target)
                         and (r.target if r.source == EntityType.SELF else r.source).value in types), None)
            if rule is None:
                return None
            kept.append((rule.source.value, rule.name, rule.target.value))
        if not kept:
            return None
        var = {t: VAR_PREFIX[EntityType(t)] for t in types | {t for link in kept for t in (link[0], link[2])}}
        graph = {"action": "count" if self.counts(view) > 0.5 else "find", "return_var": var[rtype],
                 "vars": {v: t for t, v in var.items()},
                 "constraints": [{"kind": "edge", "from": var[a], "edge": e, "to": var[b]} for a, e, b in kept]}
        try:
            return QueryGraph.parse(graph)
        except GraphError:
            return None

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

    def read(self, view: View, top: int = TOP_SHAPES, others: list[QueryGraph] = ()) -> list[LearnedReading]:
        """The readings of the ``top`` likeliest shapes that the question's values can fill, and the graphs
        ``others`` (the rules' readings), each judged by every model, best first."""
        probs = self.shape_probabilities(view)
        counts = self.counts(view)
        action = "count" if counts > 0.5 else "find"
        picks = self.picks(view)
        pick = max(picks, key=picks.get)
        keep, roles = self.value_opinions(view)
        features = shape_features(view)
        parts = {name: m.probability_of(features) for name, m in self.parts_models.items()}
        readings = []
        user = parts.get("self", {})
        for index in sorted(range(len(probs)), key=lambda i: -probs[i])[:top]:
            # a class's shapes mean the same to the benchmark ("emails X sent" with or without "to me"): the one
            # whose part for the user the question's words make likeliest ("sent me": to me), else the most asked
            best = None
            for rank, core in enumerate(self.classes[index]):
                key = with_pick(core, pick if core.split("|")[1] == "Email1" and action == "find" else "")
                filled = fill(f"{action}|{key}", view.values, keep, roles)
                if filled is None:
                    continue
                graph, fit, left_out = filled
                liked = user.get(attributes(graph.to_json())["self"], 0.0) - 0.01 * rank
                if best is None or liked > best[0]:
                    best = (liked, LearnedReading(graph, f"{action}|{key}", probs[index], fit, left_out,
                                                  self._parts(graph, parts, picks, counts)))
            if best is not None:
                readings.append(best[1])
        for graph in others:
            readings.append(self.judge(view, graph, probs, keep, roles, parts, picks, counts))
        readings.sort(key=lambda r: -r.score)
        return readings

    def _parts(self, graph: QueryGraph, parts: dict[str, dict[str, float]], picks: dict[str, float],
               counts: float) -> float:
        total = 0.0
        for name, label in attributes(graph.to_json()).items():
            if name in parts:
                total += math.log(max(parts[name].get(label, 0.0), 1e-3))
        pick = next((str(f.value) for f in graph.filters if f.field == "ordinal"), "")
        total += math.log(max(picks.get(pick, 0.0), 1e-3))
        total += math.log(max(counts if graph.action == "count" else 1.0 - counts, 1e-3))
        return total

    def judge(self, view: View, graph: QueryGraph, probs=None, keep=None, roles=None, parts=None, picks=None,
              counts=None) -> LearnedReading:
        """Any graph (the rules' reading) judged by the models: its shape, its parts, its values' placement."""
        from .shapes import shape_of, structure

        if probs is None:
            probs = self.shape_probabilities(view)
            keep, roles = self.value_opinions(view)
            features = shape_features(view)
            parts = {name: m.probability_of(features) for name, m in self.parts_models.items()}
            picks, counts = self.picks(view), self.counts(view)
        key = structure(shape_of(graph))
        index = self.class_of(key)
        fit, left_out = placement(graph, view.values, keep, roles)
        return LearnedReading(graph, f"{graph.action}|{key}", probs[index] if index is not None else NOVEL, fit,
                              left_out, self._parts(graph, parts, picks, counts), "rules")

    def reasons(self, view: View, key: str, against: str | None = None, n: int = 3) -> list[str]:
        """The question's words (and word pairs) that weighed most for ``key``'s class over ``against``'s."""
        a = self.class_of(key.split("|", 1)[1] if key.split("|", 1)[0] in ("find", "count") else key)
        if a is None:
            return []
        b = self.class_of(against)
        words = [f for _p, f in self.shape.pulls(shape_features(view), a, b) if not f.startswith("#")]
        return [w.replace("^ ", "") for w in words[:n]]


def placement(graph: QueryGraph, values: list[Value], keep: list[float], roles: list[dict[str, float]]
              ) -> tuple[float, list[Value]]:
    """How well ``graph`` places the question's values, as ``fill`` scores its own fillings: each value (the same
    text once) counts log p(keep) when a filter uses it and log p(leave out) when none does; a person used
    counts log p(its variable's role)."""
    edges = [(e.from_, e.edge, e.to) for e in graph.edges]
    used_text: dict[str, str] = {}  # normalised filter value -> its variable
    dated = [f for f in graph.filters if graph.vars.get(f.var) == "Date"]
    for f in graph.filters:
        if f.field != "ordinal" and f not in dated:
            used_text.setdefault(_norm(str(f.value)), f.var)
    total, left_out, seen = 0.0, [], set()
    for k, v in enumerate(values):
        text = _norm(v.text)
        if (v.kind, text) in seen:
            continue
        seen.add((v.kind, text))
        p = min(0.98, max(0.02, keep[k]))
        if v.kind == "date":  # a date filter may spell its range another way ("February" for "in February")
            var = dated[0].var if dated else None
        else:
            var = used_text.get(text) or next((var for value, var in used_text.items() if text and text in value), None)
        if var is None:
            total += math.log(1 - p)
            left_out.append(v)
            continue
        total += math.log(p)
        if v.kind in ("person", "email"):
            total += math.log(max(roles[k].get(role_of(edges, var), 0.0), 1e-3))
    return total, left_out


@lru_cache(maxsize=1)
def load_reader(path: Path = MODELS_PATH) -> LearnedReader | None:
    """The shipped models, or None when there are none (the reader then works from its rules alone)."""
    try:
        models, meta = load_models(path, _cache_dir())
        return LearnedReader(models, meta)
    except (OSError, ValueError, KeyError, UnicodeDecodeError):
        return None


def _cache_dir() -> Path | None:
    """Where the models' lookup tables are kept: the cache dir (``QUERYWEAVER_CACHE_DIR`` or the user cache dir)."""
    try:
        root = os.environ.get("QUERYWEAVER_CACHE_DIR")
        if not root:
            import platformdirs

            root = platformdirs.user_cache_dir("queryweaver")
        return Path(root)
    except Exception:  # noqa: BLE001 - no home to find a cache dir in: the tables are built in memory
        return None
