"""Checks for the ssm-poison experiments (statements in theorems/ssm_poison_experiments.py).

Row 1 of Tables 1-2 follows the authors' protocol exactly (see the statements): the clean
flow by the exact clock reduction at the horizon (``checks.ssm_poison.clean_at``) and, as a
second method, Radau to the horizon; the poisoned flow by Radau at two tolerances to the
horizon. The metrics carry the four means beside the printed values.

Rows 2-3 and Figures 2-4 are reduced-size replicas (``numerics.ssm_training``: adaptive-step
gradient descent for standalone SSMs, Adam for SSM + ReLU MLP) with the E.3.1 data,
initialisation and learning rates; the numbers depend on seeds and framework, so only the
qualitative claims are asserted, with every run's value in the metrics.

Greedy index (figures): for a teacher of rank r*, at the first recorded step where the r-th
largest |a_j| reaches half its final value, the ratio of the (r+1)-th largest to it; a run's
index is the smallest over r = 1..r*. Greedy learning (one entry at a time) gives small
indices. The measure was fixed after inspecting the runs (the per-r indices are recorded).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from numerics import ssm_training as tr
from numerics.estimate import Estimate
from theorems.ssm_poison_experiments import (
    FIGURE4_TEACHER,
    FIGURE_SETUP,
    LOSS_AT_HORIZON,
    PRINTED_TABLE,
    ROW_SETUP,
    TABLE_SETUP,
)

from .core import check
from .ssm_poison import clean_at, clean_flow, gen_normalised, gen_sensitivity, poisoned_loss, poisoned_state, table_init

# The tables' metric is reported to 3 digits (~1e-3 relative of values ~1e-3..1e-2 x d): states
# to 1e-6 suffice; the LSODA runs to 1e11..1e13 carry error estimates ~1e-8.
TABLE_TOL = 1e-6


def row1_run(table: str, seed: int):
    """One seed of row 1: (clean state at the horizon, its error, poisoned state, its error)."""
    s = TABLE_SETUP[table]
    a0 = table_init(s["d"], seed, s["sd"], s["c"])
    clean, cerr = clean_at(tuple(a0), s["L"], s["horizons"][0])
    fl = poisoned_state(a0, s["L"], s["horizons"][1], 0.5)
    return a0, clean, cerr, fl.final, fl.final_error


def _row1(ctx, table: str):
    s = TABLE_SETUP[table]
    seeds = s["seeds"] if ctx.full else s["seeds"][:1]
    printed_clean, printed_poison = PRINTED_TABLE[table]["row1"]
    # the printed table is the evidence for the text's "across all settings, special training sequences
    # significantly deteriorate generalization": every printed row must show it
    for row, (wo, w) in PRINTED_TABLE[table].items():
        # the printed decimals, exactly: the whole of this item (every row of the printed table)
        ctx.exact(
            f"printed {table} {row}: with special > without (the text's conclusion from it)",
            Fraction(str(w)),
            ">",
            Fraction(str(wo)),
            whole=True,
            scope="the printed table",
            printed_ratio=w / wo,
        )
    g1, g2, e1, e2 = [], [], [], []
    for seed in seeds:
        ctx.start({"seed": seed})
        a0, clean, cerr, pois, perr = row1_run(table, seed)
        g1.append(gen_normalised(clean))
        g2.append(gen_normalised(pois))
        if ctx.full or seed == seeds[0]:
            fl = clean_flow(tuple(a0), s["L"], s["horizons"][0])
            ctx.agree(
                f"seed {seed}: clean state at the horizon, exact clock = LSODA",
                fl.final,
                clean,
                tol=TABLE_TOL,
                err=Estimate(0.0, fl.final_error + cerr, "two tolerances"),  # + the clock quadrature's
            )
        ctx.bound(
            f"seed {seed}: poisoned training loss at the horizon < {LOSS_AT_HORIZON:g} (E.3.2)",
            Estimate(poisoned_loss(s["L"]).loss(pois), _loss_error(pois, s["L"], 0.5, perr), "two tolerances"),
            LOSS_AT_HORIZON,
        )
        e1.append(gen_sensitivity(clean, 20) * cerr / s["d"])
        e2.append(gen_sensitivity(pois, 20) * perr / s["d"])
        ctx.bound(
            f"seed {seed}: clean gen < poisoned gen (the gap)",
            g1[-1],
            g2[-1],
            # Gen's Lipschitz constant times the states' errors (clock quadrature; Radau at two tolerances)
            err=Estimate(0.0, e1[-1] + e2[-1], "two tolerances"),
        )
    k = s["key"]
    m1, m2 = float(np.mean(g1)), float(np.mean(g2))
    ctx.metrics.update(
        {
            f"gen_{k}_clean": m1,
            f"gen_{k}_clean_printed": printed_clean,
            f"gen_{k}_poison": m2,
            f"gen_{k}_poison_printed": printed_poison,
            f"gen_{k}_clean_per_seed": g1,
            f"gen_{k}_poison_per_seed": g2,
            "seeds": list(seeds),
        }
    )
    ctx.bound(
        "mean over seeds: poisoned gen >= 2 x clean gen (significant deterioration; "
        f"printed ratio {printed_poison / printed_clean:.1f})",
        2 * m1,
        m2,
        err=Estimate(0.0, 2 * float(np.mean(e1)) + float(np.mean(e2)), "two tolerances"),
        ratio=m2 / m1,
    )
    if ctx.full:
        for name, vals, printed in (("clean", g1, printed_clean), ("poisoned", g2, printed_poison)):
            lo, hi = min(vals), max(vals)
            ctx.metrics[f"{k}_{name}_printed_within_seed_range"] = bool(lo <= printed <= hi)
            ctx.metrics[f"{k}_{name}_relative_difference_of_means"] = (float(np.mean(vals)) - printed) / printed
            # the printed mean and the reproduced mean agree to the seed-to-seed spread
            spread = hi - lo
            errs = e1 if name == "clean" else e2
            ctx.bound(
                f"|reproduced mean - printed| <= seed spread ({name})",
                abs(float(np.mean(vals)) - printed),
                spread,
                err=Estimate(0.0, float(np.mean(errs)) + 2 * max(errs), "two tolerances"),
                reproduced=float(np.mean(vals)),
                printed=printed,
            )


def _loss_error(a, L: int, w2: float, delta: float) -> float:
    """A bound on the change of (27) when every entry of ``a`` moves by at most ``delta`` (its
    first-order term from the residuals' gradients, plus the second-order term)."""
    a = np.asarray(a, float)
    d, m = len(a), max(1.0, float(np.max(np.abs(a))))
    rl, rs = 1 - float(np.sum(a ** (L - 1))), 1 - float(np.sum(a))
    gl, gs = (L - 1) * d * m ** (L - 2) * delta, d * delta  # sup changes of the two residuals
    return w2 * (2 * abs(rl) * gl + gl**2 + 2 * abs(rs) * gs + gs**2)


# ---------------------------------------------------------------------------------------
# Rows 2-3 (reduced size)
# ---------------------------------------------------------------------------------------
def _data(rng, k, base_idx, spec_idx, nb, ns):
    Xb = np.zeros((nb, k))
    Xb[:, [i - 1 for i in base_idx]] = rng.normal(size=(nb, len(base_idx)))
    Xs = np.zeros((ns, k))
    Xs[:, [i - 1 for i in spec_idx]] = rng.normal(size=(ns, len(spec_idx)))
    return Xb, Xs


def row2_gen(table, seed, special, max_steps):
    s = ROW_SETUP[table]["row2"]
    rng = np.random.default_rng(seed)
    Xb, Xs = _data(rng, s["k"], s["base"], s["spec"], s["nb"], s["ns"])
    X = np.vstack([Xb, Xs]) if special else Xb
    y = X.sum(axis=1)  # teacher d* = 1, A* = B* = C* = 1: h*_j = 1
    diff = 0.05 * math.exp(s["c"] * math.log10(s["sdA"]))
    p = {
        "a": tr.sorted_abs_normal(rng, s["d"], s["sdA"], diff) + s["warm"],
        "b": tr.sorted_abs_normal(rng, s["d"], s["sdBC"], diff) + s["warm"],
        "c": tr.sorted_abs_normal(rng, s["d"], s["sdBC"], None),
    }
    run = tr.train(p, lambda q: tr.ssm_loss_grad(q, X, y), lr=s["lr"], loss_tol=0.01, extra=1500, max_steps=max_steps)
    h = tr.impulse(run.params["a"], run.params["b"], run.params["c"], 40)
    return float(np.max(np.abs(h - 1))), run.reached


def row3_gen(table, seed, special, max_steps):
    s = ROW_SETUP[table]["row3"]
    rng = np.random.default_rng(seed)
    Xb, Xs = _data(rng, s["k"], s["base"], s["spec"], s["nb"], s["ns"])
    X = np.vstack([Xb, Xs]) if special else Xb
    dh_t = 15 if table == "table-1" else 25
    teach = lambda Z: 0.5 * dh_t * np.maximum(Z.sum(axis=1), 0)  # noqa: E731  D*_out relu(I relu(1 phi*)), phi* = sum x
    y = teach(X)
    diff = 0.05 * math.exp(s["c"] * math.log10(s["sdA"]))
    d, dh = s["d"], s["dh"]
    p = {
        "a": tr.sorted_abs_normal(rng, d, s["sdA"], diff) + s["warm"],
        "b": tr.sorted_abs_normal(rng, d, s["sdBC"], diff) + s["warm"],
        "c": tr.sorted_abs_normal(rng, d, s["sdBC"], None),
        "Din": rng.normal(0, s["sdD"], dh),
        "Dhid": rng.normal(0, s["sdD"], (dh, dh)),
        "Dout": rng.normal(0, s["sdD"], dh),
    }
    run = tr.train(
        p,
        lambda q: tr.net_loss_grad(q, X, y),
        lr=s["lr"][int(special)],
        optimizer="adam",
        loss_tol=0.01,
        extra=5000,
        max_steps=max_steps,
    )
    Xt = rng.normal(size=(2000, 40))
    yt = teach(Xt)
    out, _ = tr.mlp_forward(run.params, tr.ssm_outputs(run.params["a"], run.params["b"], run.params["c"], Xt))
    return float(np.linalg.norm(out - yt) / np.linalg.norm(yt)), run.reached


def _rows23(ctx, table):
    ctx.note(_REPLICA_REASON)
    for row, fn, seeds, steps in (("row2", row2_gen, range(8), 200_000), ("row3", row3_gen, range(4), 100_000)):
        printed = PRINTED_TABLE[table][row]
        res = {False: [], True: []}
        for seed in seeds:
            for special in (False, True):
                res[special].append(fn(table, seed, special, steps))
        ok = [i for i in range(len(res[False])) if res[False][i][1] and res[True][i][1]]
        clean = [res[False][i][0] for i in ok]
        pois = [res[True][i][0] for i in ok]
        ctx.metrics[f"{row}_runs"] = {"without": res[False], "with": res[True], "printed": printed}
        if not ok:
            ctx.observe(f"{row}: no seed reached the loss target in both runs")
            continue
        # 'significantly deteriorate': worse on every converged seed, and the medians at least 1.5 x apart
        # (the smallest printed ratio of rows 2-3 is 1.9, Table 2 row 3). Recorded: see _REPLICA_REASON.
        ctx.observe(
            f"{row}: gen with special / without on every converged seed ({len(ok)})",
            max_ratio_without_over_with=max(c / p for c, p in zip(clean, pois)),
            every_seed_worse_with_special=bool(all(c < p for c, p in zip(clean, pois))),
        )
        ctx.observe(
            f"{row}: median gen with special / without (reduced replica)",
            ratio=float(np.median(pois)) / float(np.median(clean)),
            printed_ratio=printed[1] / printed[0],
        )


# The reduced replicas of rows 2-3 and of Figures 2-4 (fewer seeds, smaller sizes, our framework) are
# single float64 gradient-descent runs per seed: no measured error of a run, and too few seeds (1-8) for a
# sign test at level 0.01 to decide the qualitative claim; their outcomes are recorded, with no verdict.
_REPLICA_REASON = "reduced replicas: float GD runs without a measured error, too few seeds for a binomial test"


@check("ssm-poison/table-1", "row1-theorem-setting", "experiment")
def table1_row1(ctx):
    """Row 1 by the authors' protocol (quick: seed 242; full: the four seeds and the means)."""
    _row1(ctx, "table-1")


@check("ssm-poison/table-2", "row1-theorem-setting", "experiment")
def table2_row1(ctx):
    """Row 1 by the authors' protocol (quick: seed 342; full: the four seeds and the means)."""
    _row1(ctx, "table-2")


# recorded only (_REPLICA_REASON)
@check("ssm-poison/table-1", "rows2-3-reduced", "experiment", expect="inconclusive")
def table1_rows23(ctx):
    """Rows 2-3 at E.3.1's settings (8 seeds for row 2, 4 for row 3; runs that do not reach the
    loss target are recorded and excluded). Quick budget: row 2 with two seeds."""
    ctx.note(_REPLICA_REASON)
    if not ctx.full:
        res = [(row2_gen("table-1", s, False, 60_000), row2_gen("table-1", s, True, 60_000)) for s in (0, 1)]
        ctx.metrics["row2_runs_quick"] = res
        ctx.observe("row 2 (two seeds): gen without / with special, each seed", ratios=[r[0][0] / r[1][0] for r in res])
        return
    _rows23(ctx, "table-1")


# recorded only (_REPLICA_REASON)
@check("ssm-poison/table-2", "rows2-3-reduced", "experiment", expect="inconclusive")
def table2_rows23(ctx):
    """Rows 2-3 at E.3.1's longer settings (full budget only: the quick budget runs row 1)."""
    ctx.note(_REPLICA_REASON)
    if not ctx.full:
        res = [(row2_gen("table-2", s, False, 60_000), row2_gen("table-2", s, True, 60_000)) for s in (0,)]
        ctx.metrics["row2_runs_quick"] = res
        ctx.observe("row 2 (one seed): gen without and with special", without=res[0][0][0], with_special=res[0][1][0])
        return
    _rows23(ctx, "table-2")


# ---------------------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------------------
def greedy_indices(run, rank: int):
    fin = np.sort(run.a_history[-1])[::-1]
    out = []
    for r in range(1, rank + 1):
        val = None
        for a in run.a_history:
            srt = np.sort(a)[::-1]
            if srt[r - 1] >= fin[r - 1] / 2:
                val = float(srt[r] / srt[r - 1])
                break
        out.append(val)
    return out


def figure_run(kind: str, d: int, seed: int, special: bool, max_steps: int):
    """One run of a dynamics figure (E.3.1 Tables 3, 4, 7, 9). ``kind``: ``ssm`` (B, C learned,
    teacher d* = 1) or ``rank2`` (Figure 4: B = C = 1 fixed, teacher diag(0.99, 0.8))."""
    rng = np.random.default_rng(seed)
    if kind == "ssm":
        k, base, spec, sdA, sdBC, c = FIGURE_SETUP["ssm"][d]
        Xb, Xs = _data(rng, k, base, spec, 8, 10)
        X = np.vstack([Xb, Xs]) if special else Xb
        y = X.sum(axis=1)
        diff = 0.05 * math.exp(c * math.log10(sdA))
        p = {
            "a": tr.sorted_abs_normal(rng, d, sdA, diff),
            "b": tr.sorted_abs_normal(rng, d, sdBC, diff),
            "c": tr.sorted_abs_normal(rng, d, sdBC, None),
        }
        run = tr.train(
            p,
            lambda q: tr.ssm_loss_grad(q, X, y),
            lr=0.01,
            loss_tol=0.01,
            extra=200,
            max_steps=max_steps,
            record_every=10,
        )
        return run, greedy_indices(run, 1)
    k, base, spec, c, lrs = FIGURE_SETUP["rank2"][d]
    Xb, Xs = _data(rng, k, base, spec, 8, 10)
    X = np.vstack([Xb, Xs]) if special else Xb
    hs = np.array([sum(v**j for v in FIGURE4_TEACHER) for j in range(k)])
    y = X[:, ::-1] @ hs
    diff = 0.05 * math.exp(c * math.log10(1e-2))
    p = {"a": tr.sorted_abs_normal(rng, d, 1e-2, diff), "b": np.ones(d), "c": np.ones(d)}
    run = tr.train(
        p,
        lambda q: tr.ssm_loss_grad(q, X, y, learn_bc=False),
        lr=lrs[int(special)],
        loss_tol=0.01,
        extra=200,
        max_steps=max_steps,
        record_every=5,
    )
    return run, greedy_indices(run, 2)


def _figure(ctx, kind, d, seeds, max_steps):
    ctx.note(_REPLICA_REASON)
    res = {False: [], True: []}
    for seed in seeds:
        for special in (False, True):
            run, idx = figure_run(kind, d, seed, special, max_steps)
            vals = [v for v in idx if v is not None]
            # a run that did not reach the loss target within the step budget has no final
            # values to measure take-offs against: recorded, not indexed
            res[special].append(
                {
                    "seed": seed,
                    "reached": run.reached,
                    "steps": run.steps,
                    "indices": idx,
                    "index": min(vals) if vals and run.reached else None,
                }
            )
    ctx.metrics[f"{kind}_d{d}"] = res
    clean = [r["index"] for r in res[False] if r["index"] is not None]
    pois = [r["index"] for r in res[True] if r["index"] is not None]
    if not clean or not pois:
        ctx.observe(f"{kind}, d={d}: no take-off within the step budget")
        return
    ctx.observe(
        f"{kind}, d={d}: every run without special sequences is more greedy (smaller index) than every run with them",
        holds=bool(max(clean) < min(pois)),
        without=clean,
        with_special=pois,
    )


# recorded only (_REPLICA_REASON)
@check("ssm-poison/figure-2", "greedy-standalone-ssm", "experiment", expect="inconclusive")
def figure2(ctx):
    """Standalone SSM (B, C learned), d = 10, length 6: greedy index without vs with special
    sequences (quick: seed 2; full: seeds 0-3). The SSM + MLP panels are covered by table-1's
    row 3 (not replicated here)."""
    _figure(ctx, "ssm", ctx.instances([{}])[0]["d"], (2,) if not ctx.full else range(4), 100_000)


# recorded only (_REPLICA_REASON)
@check("ssm-poison/figure-3", "greedy-standalone-ssm", "experiment", expect="inconclusive")
def figure3(ctx):
    """As figure-2 with d = 20, length 10 (quick: seeds 0-2; full: 0-5)."""
    _figure(ctx, "ssm", ctx.instances([{}])[0]["d"], range(3) if not ctx.full else range(6), 100_000)


# recorded only (_REPLICA_REASON)
@check("ssm-poison/figure-4", "greedy-rank2-teacher", "experiment", expect="inconclusive")
def figure4(ctx):
    """Teacher diag(0.99, 0.8), B = C = 1 fixed: d = 10 (length 6) and d = 20 (length 10), greedy
    index (min over the two teacher modes) without vs with special sequences."""
    seeds = range(2) if not ctx.full else range(5)
    _figure(ctx, "rank2", 10, seeds, 60_000)
    _figure(ctx, "rank2", 20, seeds, 60_000)
