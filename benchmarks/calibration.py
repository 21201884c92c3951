"""Fit the reader's confidence (``queryweaver.reader.understand.CONFIDENCE_WEIGHTS``) to how often readings are right.

    python benchmarks/calibration.py            # needs pip install -e '.[train]' (scikit-learn); about 5 minutes

A reading's confidence must hold for questions nobody tuned the reader on, so it is fitted to readings that were
not tuned for:
- every tuning question read with learned models trained without its part (five folds by part), but only where
  the learned reader chose the reading: the rules' rewrites were written for these very questions, so a tuning
  reading the rules chose is right more often than a new asker's would be (measured: a wrong answer in 1 of 1,600
  tuning readings both readers agreed on, against 1 in 170 held out);
- every question of the held-out parts, read by the product's reader (its models never saw those parts, and no
  rule was written for them).
How the reading was chosen and what the readers said of it (``understand.confidence``'s inputs) become the
features of a logistic regression of "the answer is right", checked on the generated corpus (the demo's and the
paper's questions on the demo). Its weights are printed as the dict to paste into ``reader/understand.py``, and the
threshold that puts a tenth of the right readings below it (``generation.LOW_CONFIDENCE``).

Since the held-out parts now help fit the confidence, ``graph_accuracy.py --calibration`` measures them in
sample. The held-out figure is printed here instead: each held-out part scored by a fit (and a threshold) made
without that part, as a new group of askers would be.
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
SHARE_BELOW = 0.15  # the share of right readings of the fitting set the threshold puts below it (``generation.LOW_CONFIDENCE``):
# what the calibration target allows; held out, a new group's right readings fall below it less often (the fitting set
# holds tuning readings, easier than a new group's)


def held_out(part: str) -> bool:
    """Whether questions of ``part`` were kept from the reader: no model learned from them, no rule was written
    for them (the demo's and the paper's questions were)."""
    return part not in T.TRAIN_PARTS and part not in ("demo", "paper")


def chosen_by_rules(x: dict[str, float]) -> bool:
    """Whether the rules chose a reading (both readers agreed, or the rules' reading came first or alone): for a
    tuning question, the rules were tuned on that very question, so the reading says little of a new asker's."""
    return not (x["branch=learned_first"] or x["branch=learned_alone"])


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
    x["bank_same"] = float(facts.get("bank_same", 0.0))  # not fitted: such a reading is sure (``U.SURE``)
    x.update(U.doubt_features(doubts))
    return x


def readings() -> list[tuple[dict[str, float] | None, bool, str, float | None]]:
    """(features, answer right, part, fixed confidence) for every tuning question, read with out-of-fold learned
    models, then for every held-out question, read by the product's reader. A held-out refusal, or a reading
    composed part by part, has no features and a fixed confidence (0 for a refusal)."""
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
                out.append((features(*seen["x"], doubts), right, e.part, None))
            print(f"fold {k + 1}/{FOLDS}: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        L.load_reader = real_load
        lexicon = corpus.engine.lexicon()
        for case in ga.corpus_cases(part="all"):
            if case.part in T.TRAIN_PARTS:
                continue
            seen.clear()
            try:
                gen = U.understand(case.question, corpus.config, lexicon)
            except QueryWeaverError:
                out.append((None, False, case.part, 0.0))
                continue
            right = corpus.answer_ok(case, gen.graph)
            if "x" in seen:
                doubts = coverage_problems(gen.graph, case.question, gen.mentions, lexicon)
                out.append((features(*seen["x"], doubts), right, case.part, None))
            else:  # composed part by part: its confidence is fixed
                out.append((None, right, case.part, gen.confidence))
        print(f"held-out parts: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
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
    names = [n for n in next(r[0] for r in rows if r[0] is not None) if n != "bank_same"]

    def fitted(rows):
        x = np.array([[r[0][n] for n in names] for r in rows])
        y = np.array([r[1] for r in rows])
        fit = LogisticRegression(C=args.c, max_iter=5000, fit_intercept=True).fit(x, y)
        scores = fit.predict_proba(x)[:, 1]
        return fit, float(np.quantile(scores[y], SHARE_BELOW)), x, y, scores

    held = [r for r in rows if held_out(r[2])]
    use = [r for r in rows if r[0] is not None and not r[0].get("bank_same")
           and (held_out(r[2]) or not chosen_by_rules(r[0]))]
    worded = [r for r in rows if r[0] is not None and r[0].get("bank_same")]
    print(f"worded and read as a question of the bank (sure, not fitted): {len(worded)} readings, "
          f"{sum(not r[1] for r in worded)} wrong")
    fit, threshold, x, y, scores = fitted(use)
    weights = {"bias": round(float(fit.intercept_[0]), 3)}
    weights.update({n: round(float(w), 3) for n, w in zip(names, fit.coef_[0])})
    print(f"fitted to {len(use)} readings ({len(use) - len([r for r in held if r[0] is not None])} tuning, the rest"
          f" held out), {int(y.sum())} right ({y.mean():.1%})")
    print("CONFIDENCE_WEIGHTS =", weights)
    print(f"AUROC on these readings: {ga.auroc(list(scores), list(y)):.3f}")
    print(f"a threshold of {threshold:.3f} puts {SHARE_BELOW:.0%} of right readings below it, and "
          f"{np.mean(scores[~y] < threshold):.1%} of wrong ones")
    for b in BRANCHES:
        sel = x[:, names.index(f"branch={b}")] == 1
        if sel.any():
            print(f"  {b}: {sel.sum()} readings, {y[sel].mean():.1%} right")
    # held out, part by part: fitted without the part, as a new group of askers meets the reader
    out_scores, out_right, out_below = [], [], []
    for part in sorted({r[2] for r in held}):
        fit_k, threshold_k, *_ = fitted([r for r in use if r[2] != part])
        for r in held:
            if r[2] != part:
                continue
            if r[0] is None:
                score = r[3]
            elif r[0].get("bank_same"):
                score = U.SURE
            else:
                score = float(fit_k.predict_proba(np.array([[r[0][n] for n in names]]))[0, 1])
            out_scores.append(score)
            out_right.append(r[1])
            out_below.append(score < threshold_k)
    right, below = np.array(out_right), np.array(out_below)
    print(f"held out, each part fitted without it: {len(right)} readings, AUROC "
          f"{ga.auroc(out_scores, out_right):.3f}; below each fit's threshold "
          f"{int((below & ~right).sum())}/{int((~right).sum())} wrong ({np.mean(below[~right]):.1%}) and "
          f"{int((below & right).sum())}/{int(right.sum())} right ({np.mean(below[right]):.1%})")
    print("| confidence | readings | share right |\n|---|---|---|")
    scored = np.array(out_scores)
    for low, high in ((0.0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99), (0.99, 1.01)):
        sel = (scored >= low) & (scored < high)
        if sel.any():
            print(f"| {low:.2f}-{min(high, 1.0):.2f} | {int(sel.sum())} | {right[sel].mean():.1%} |")
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
