"""Fit the reader's confidence (``queryweaver.reader.understand.CONFIDENCE_WEIGHTS``) to how often readings are right.

    python benchmarks/calibration.py            # needs pip install -e '.[train]' (scikit-learn); about 10 minutes

Every tuning question is read by the product's reader with learned models trained without its part (five folds
by part, as the reader's thresholds were chosen), and its answer checked on the generated corpus (the demo's and
the paper's questions on the demo). How the reading was chosen and what the readers said of it
(``understand.confidence``'s inputs) become the features of a logistic regression of "the answer is right"; its
weights are printed as the dict to paste into ``reader/understand.py``, with how well they separate right from wrong on
these same readings. The held-out parts are not used: ``graph_accuracy.py --calibration`` measures them.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import graph_accuracy as ga  # noqa: E402

from queryweaver.llm.coverage import coverage_problems  # noqa: E402
from queryweaver.reader import understand as U  # noqa: E402
from queryweaver.errors import QueryWeaverError  # noqa: E402
from queryweaver.reader import learned as L  # noqa: E402
from queryweaver.reader import training as T  # noqa: E402

FOLDS = 5
BRANCHES = ("agree", "rules_first", "learned_first", "learned_alone", "rules_alone")


def features(branch: str, facts: dict, doubts: list[str] = ()) -> dict[str, float]:
    """The inputs of ``understand.confidence`` and ``understand.doubted``, by the names of their weights."""
    x = {f"branch={b}": float(b == branch) for b in BRANCHES}
    if facts.get("p") is not None:
        x.update(log_p=math.log(max(facts["p"], 1e-4)), fit=max(facts["fit"], -10.0),
                 margin=min(facts["margin"], 5.0), unknown=float(facts["unknown"]), left_out=float(facts["left_out"]))
    else:
        x.update(log_p=0.0, fit=0.0, margin=0.0, unknown=0.0, left_out=0.0)
    x.update(rules_cost=min(facts["rules_cost"], 1.0), dropped=float(facts["dropped"]))
    x.update({name: float(facts.get(name, 0.0)) for name in U.DOUBTS})
    x.update(U.doubt_features(doubts))
    return x


def readings() -> list[tuple[dict[str, float], bool, str]]:
    """(features, answer right, part) for every tuning question, read with out-of-fold learned models."""
    examples = [e for e in T.training_examples()]
    parts = sorted({e.part for e in examples})
    fold_of = {p: i % FOLDS for i, p in enumerate(parts)}
    corpus = ga.CorpusRun()
    demo = ga.demo_engine()
    cases = {c.question: c for c in ga.corpus_cases(part="all")}
    for c in ga.paper_cases() + ga.own_cases():
        cases.setdefault(c.question, c)
    seen: dict[str, object] = {}
    real_confidence, real_load = U.confidence, L.load_reader

    def spy(branch, facts):
        seen["x"] = (branch, facts)
        return real_confidence(branch, facts)

    out = []
    try:
        U.confidence = spy
        for k in range(FOLDS):
            started = time.monotonic()
            models = T.train([e for e in examples if fold_of[e.part] != k])
            reader = L.LearnedReader({m.name: m for m in models})
            L.load_reader = lambda *a, **kw: reader  # noqa: B023 - this fold's reader, while this fold is read
            for e in examples:
                if fold_of[e.part] != k or e.scene:
                    continue
                case = cases[e.question]
                on_demo = case.set != "corpus"
                seen.clear()
                try:
                    gen = U.understand(e.question, None if on_demo else corpus.config,
                                       demo.lexicon() if on_demo else corpus.engine.lexicon())
                except QueryWeaverError:
                    continue  # a refusal: confidence 0 whatever the weights
                if "x" not in seen:
                    continue
                lexicon = demo.lexicon() if on_demo else corpus.engine.lexicon()
                doubts = coverage_problems(gen.graph, e.question, gen.mentions, lexicon)
                right = (ga.execute(gen.graph) == ga.execute(ga.QueryGraph.parse(case.graph)) if on_demo
                         else corpus.answer_ok(case, gen.graph))
                out.append((features(*seen["x"], doubts), right, e.part))
            print(f"fold {k + 1}/{FOLDS}: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    finally:
        U.confidence, L.load_reader = real_confidence, real_load
        corpus.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--c", type=float, default=1.0, help="the regression's inverse regularisation")
    parser.add_argument("--save", type=Path, help="keep the readings' features and outcomes (a pickle) for --load")
    parser.add_argument("--load", type=Path, help="fit the readings kept by --save instead of reading again")
    args = parser.parse_args(argv)
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    import pickle

    rows = pickle.loads(args.load.read_bytes()) if args.load else readings()
    if args.save:
        args.save.write_bytes(pickle.dumps(rows))
    names = list(rows[0][0])
    x = np.array([[r[0][n] for n in names] for r in rows])
    y = np.array([r[1] for r in rows])
    fit = LogisticRegression(C=args.c, max_iter=5000, fit_intercept=True).fit(x, y)
    weights = {"bias": round(float(fit.intercept_[0]), 3)}
    weights.update({n: round(float(w), 3) for n, w in zip(names, fit.coef_[0])})
    print(f"{len(rows)} readings, {int(y.sum())} right ({y.mean():.1%})")
    print("CONFIDENCE_WEIGHTS =", weights)
    scores = fit.predict_proba(x)[:, 1]
    area = ga.auroc(list(scores), list(y))
    print(f"AUROC on these readings: {area:.3f}")
    for t in (0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99):
        print(f"  below {t}: {np.mean(scores[~y] < t):.0%} of wrong, {np.mean(scores[y] < t):.0%} of right")
    for share in (0.05, 0.10, 0.15):
        t = float(np.quantile(scores[y], share))
        print(f"  a threshold of {t:.3f} puts {share:.0%} of right readings below it, and {np.mean(scores[~y] < t):.0%}"
              " of wrong ones")
    for b in BRANCHES:
        sel = x[:, names.index(f"branch={b}")] == 1
        if sel.any():
            print(f"  {b}: {sel.sum()} readings, {y[sel].mean():.1%} right")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
