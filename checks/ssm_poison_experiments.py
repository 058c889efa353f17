"""Checks for the ssm-poison experiments (statements in theorems/ssm_poison_experiments.py).

Row 1 of Tables 1-2 follows the authors' protocol exactly (see the statements): the clean
flow by the exact clock reduction at the horizon (``checks.ssm_poison.clean_at``) and, as a
second method, Radau to the horizon; the poisoned flow by Radau at two tolerances to the
horizon. The metrics carry the four means beside the printed values.

Rows 2-3 run at E.3.1's stated settings (issue 20) on the paper's stack: Keras 3 on JAX in
float32 (Keras' floatx), Keras' Adam for the SSM + MLP and the adaptive step for the standalone
SSM (``numerics.ssm_training.train_keras``), to the loss target 0.01 plus 1500 / 5000 iterations;
NumPy float64 with hand-written gradients (``numerics.ssm_training.train``) reruns every seed,
and a seed whose outcome the two precisions do not agree on is not a trial. What E.3.1 does not
state (the seeds, N(0, sd) read as a standard deviation or a variance, the held-out law, a step
cap) makes the protocols' grid (``ROW_PROTOCOLS``); ``ctx.reproduction`` judges the gap per seed
(never ``refuted`` unless every protocol of the grid fails) and the printed means are compared
with a 99% t interval over the seeds (recorded). Figures 2-4 are reduced-size replicas
(``numerics.ssm_training``) asserting nothing: every run's value is in the metrics.

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
    ADAPTIVE_STEP,
    EVAL_LENGTH,
    EVAL_SEQUENCES,
    FIGURE4_TEACHER,
    FIGURE_SETUP,
    LOSS_AT_HORIZON,
    PRINTED_SEEDS,
    PRINTED_TABLE,
    ROW_EXTRA_STEPS,
    ROW_LOSS_TARGET,
    ROW_PROTOCOLS,
    ROW_SETUP,
    TABLE_SETUP,
    TEACHER_MLP_OUT,
    TEACHER_MLP_WIDTH,
    TEST_LEVEL,
    TYPICAL_RATE,
)

from .core import check, pyplot
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


@check("ssm-poison/table-1", "row1-theorem-setting", "experiment")
def table1_row1(ctx):
    """Row 1 by the authors' protocol (quick: seed 242; full: the four seeds and the means)."""
    _row1(ctx, "table-1")


@check("ssm-poison/table-2", "row1-theorem-setting", "experiment")
def table2_row1(ctx):
    """Row 1 by the authors' protocol (quick: seed 342; full: the four seeds and the means)."""
    _row1(ctx, "table-2")


# ---------------------------------------------------------------------------------------
# Rows 2-3 at the paper's size (issue 20): E.3.1's settings on Keras/JAX (float32), NumPy float64 as
# the second implementation; judged per seed by the experiments' rule over the protocols' grid
# ---------------------------------------------------------------------------------------
def _data(rng, k, base_idx, spec_idx, nb, ns):
    Xb = np.zeros((nb, k))
    Xb[:, [i - 1 for i in base_idx]] = rng.normal(size=(nb, len(base_idx)))
    Xs = np.zeros((ns, k))
    Xs[:, [i - 1 for i in spec_idx]] = rng.normal(size=(ns, len(spec_idx)))
    return Xb, Xs


def _teacher(table: str, row: str, X: np.ndarray) -> np.ndarray:
    """Teacher d* = 1, A* = B* = C* = 1 (phi* = sum of the entries); row 3 follows it by the fixed MLP
    D_out* relu(D_hidden* relu(D_in* phi*)) = TEACHER_MLP_OUT d_h* relu(phi*)."""
    phi = X.sum(axis=1)
    if row == "row2":
        return phi
    return TEACHER_MLP_OUT * TEACHER_MLP_WIDTH[table] * np.maximum(phi, 0)


def row_instance(table: str, row: str, seed: int, sd_reading: str):
    """One seed's data (baseline, special) and initialisation (E.3.1 Tables 5, 6, 8 and the warmer start)."""
    s = ROW_SETUP[table][row]
    sd = (lambda v: v) if sd_reading == "std" else math.sqrt
    rng = np.random.default_rng(seed)
    Xb, Xs = _data(rng, s["k"], s["base"], s["spec"], s["nb"], s["ns"])
    diff = 0.05 * math.exp(s["c"] * math.log10(s["sdA"]))
    p = {
        "a": tr.sorted_abs_normal(rng, s["d"], sd(s["sdA"]), diff) + s["warm"],
        "b": tr.sorted_abs_normal(rng, s["d"], sd(s["sdBC"]), diff) + s["warm"],
        "c": tr.sorted_abs_normal(rng, s["d"], sd(s["sdBC"]), None),
    }
    if row == "row3":
        dh = s["dh"]
        p.update(
            Din=rng.normal(0, sd(s["sdD"]), dh),
            Dhid=rng.normal(0, sd(s["sdD"]), (dh, dh)),
            Dout=rng.normal(0, sd(s["sdD"]), dh),
        )
    return Xb, Xs, p


def _gen(table: str, row: str, params: dict, Xt: np.ndarray) -> float:
    """E.3.1's generalisation error (float64, from the learned parameters): row 2 the impulse response's
    max deviation over length EVAL_LENGTH over the teacher's (all ones: l_inf norm 1); row 3 the l2 error
    on the held-out set over the l2 norm of the teacher's outputs."""
    if row == "row2":
        h = tr.impulse(params["a"], params["b"], params["c"], EVAL_LENGTH)
        return float(np.max(np.abs(h - 1)))
    return float(np.linalg.norm(_row3_residual(table, params, Xt)) / np.linalg.norm(_teacher(table, row, Xt)))


def _row3_residual(table, params, Xt):
    out, _ = tr.mlp_forward(params, tr.ssm_outputs(params["a"], params["b"], params["c"], Xt))
    return out - _teacher(table, "row3", Xt)


def row_seed_runs(table: str, row: str, sd_reading: str, seeds: tuple, cap: int, test_law: str) -> dict:
    """Every seed of one protocol, without and with special sequences: Keras/JAX float32 (all seeds
    at once) and NumPy float64 (hand-written gradients; for the seeds where float32 reached the loss
    target in both runs). Row 3: the held-out set (law ``test_law``) and 300 bootstrap resamples of
    it for the standard error of the paired difference."""
    import time

    if test_law != "gaussian":
        raise ValueError(f"unknown test law {test_law!r}")
    s = ROW_SETUP[table][row]
    lr = s["lr"] if row == "row2" else None
    opt = "adaptive" if row == "row2" else "adam"
    beta, soft = ADAPTIVE_STEP
    extra = ROW_EXTRA_STEPS[row]
    out = {"seeds": list(seeds), "seconds": {}}
    inst = [row_instance(table, row, sd, sd_reading) for sd in seeds]
    tests = []
    for sd in seeds:
        rng = np.random.default_rng([sd, 40])
        tests.append(rng.normal(size=(EVAL_SEQUENCES, EVAL_LENGTH)) if row == "row3" else None)
    for special in (False, True):
        key = "with" if special else "without"
        Xs = [np.vstack([Xb, Xsp]) if special else Xb for Xb, Xsp, _ in inst]
        ys = [_teacher(table, row, X) for X in Xs]
        rate = lr if row == "row2" else s["lr"][int(special)]
        t0 = time.perf_counter()
        runs = tr.train_keras(
            [p for *_, p in inst], Xs, ys, rate, opt, ROW_LOSS_TARGET, extra, cap, beta=beta, soft=soft
        )
        out["seconds"][f"keras_{key}"] = time.perf_counter() - t0
        out[f"reached32_{key}"] = [r.reached for r in runs]
        out[f"steps32_{key}"] = [r.steps for r in runs]
        out[f"curve32_{key}"] = [r.losses[: r.steps // tr.KERAS_RECORD + 1] for r in runs]
        out[f"gen32_{key}"] = [_gen(table, row, r.params, Xt) for r, Xt in zip(runs, tests)]
        out[f"params32_{key}"] = [{n: v.tolist() for n, v in r.params.items()} for r in runs]
    t0 = time.perf_counter()
    for special in (False, True):
        key = "with" if special else "without"
        gens, reached = [], []
        for i, (Xb, Xsp, p) in enumerate(inst):
            if not (out["reached32_without"][i] and out["reached32_with"][i]):
                gens.append(None)
                reached.append(None)
                continue
            X = np.vstack([Xb, Xsp]) if special else Xb
            y = _teacher(table, row, X)
            lg = (
                (lambda q, X=X, y=y: tr.ssm_loss_grad(q, X, y))
                if row == "row2"
                else (lambda q, X=X, y=y: tr.net_loss_grad(q, X, y))
            )
            rate = lr if row == "row2" else s["lr"][int(special)]
            r = tr.train(p, lg, rate, opt, ROW_LOSS_TARGET, extra, cap, beta=beta, soft=soft)
            gens.append(_gen(table, row, r.params, tests[i]))
            reached.append(r.reached)
        out[f"gen64_{key}"] = gens
        out[f"reached64_{key}"] = reached
    out["seconds"]["numpy"] = time.perf_counter() - t0
    if row == "row3":
        se = []
        for i, Xt in enumerate(tests):
            if not (out["reached32_without"][i] and out["reached32_with"][i]):
                se.append(None)
                continue
            pw = {n: np.asarray(v) for n, v in out["params32_without"][i].items()}
            pp = {n: np.asarray(v) for n, v in out["params32_with"][i].items()}
            ew, ep = _row3_residual(table, pw, Xt), _row3_residual(table, pp, Xt)
            yt = _teacher(table, row, Xt)
            rng = np.random.default_rng([seeds[i], 41])
            idx = rng.integers(0, len(Xt), (300, len(Xt)))
            nrm = np.sqrt(np.sum(yt[idx] ** 2, axis=1))
            d = np.sqrt(np.sum(ep[idx] ** 2, axis=1)) / nrm - np.sqrt(np.sum(ew[idx] ** 2, axis=1)) / nrm
            se.append(float(np.std(d, ddof=1)))
        out["bootstrap_se_difference"] = se
    return out


def _row_points(ctx, table, row):
    """A probe's protocol (its overrides, the rest representative), else the whole grid."""
    proto = ROW_PROTOCOLS[(table, row)]
    over = {r.name: ctx.param(r.name) for r in proto.lost if r.name in ctx.overrides}
    return proto, ([{**proto.representative(), **over}] if over else proto.grid())


def _t_interval(vals, level=0.99):
    from scipy.stats import t

    v = np.asarray(vals, float)
    if len(v) < 2:
        return None
    h = float(t.ppf(0.5 + level / 2, len(v) - 1) * np.std(v, ddof=1) / np.sqrt(len(v)))
    return [float(np.mean(v)) - h, float(np.mean(v)) + h]


def _row_paper_size(ctx, table, row):
    proto, pts = _row_points(ctx, table, row)
    ctx.start({"table": table, "row": row, **pts[0]})
    ctx.note(f"Protocol {proto.key}: {proto.describe()}")
    if not ctx.full and not ctx.overrides:
        ctx.undecided(
            f"{row} at the paper's size",
            f"{table} {row} at E.3.1's settings runs in the full budget (the whole grid) or under ibv probe",
        )
        return
    printed = PRINTED_TABLE[table][row]
    results, per_protocol = [], {}
    for pt in pts:
        seeds = tuple(range(int(pt["seeds"])))
        r = ctx.memo(row_seed_runs, table, row, pt["sd_reading"], seeds, int(pt["cap"]), pt.get("test_law", "gaussian"))
        tag = f"sd_reading={pt['sd_reading']}"
        succ = trials = 0
        excluded = []
        for i, sd in enumerate(seeds):
            g0, g1 = r["gen32_without"][i], r["gen32_with"][i]
            why = None
            if not (r["reached32_without"][i] and r["reached32_with"][i]):
                why = "float32 training did not reach the loss target within the cap"
            elif not (r["reached64_without"][i] and r["reached64_with"][i]):
                why = "float64 training did not reach the loss target within the cap"
            elif (g1 > g0) != (r["gen64_with"][i] > r["gen64_without"][i]):
                why = "float32 and float64 disagree on the outcome"
            elif row == "row3" and abs(g1 - g0) <= 3 * r["bootstrap_se_difference"][i]:
                why = "difference within 3 bootstrap standard errors of the test set"
            if why:
                excluded.append({"seed": sd, "why": why})
                continue
            trials += 1
            succ += int(g1 > g0)
        results.append({"protocol": pt, "successes": succ, "trials": trials, "exact": False})
        ok = [i for i in range(len(seeds)) if r["reached32_without"][i] and r["reached32_with"][i]]
        means = {}
        for key, pr in (("without", printed[0]), ("with", printed[1])):
            vals = [r[f"gen32_{key}"][i] for i in ok]
            first = [r[f"gen32_{key}"][i] for i in ok if i < PRINTED_SEEDS]
            ci = _t_interval(vals)
            means[key] = {
                "mean": float(np.mean(vals)) if vals else None,
                "mean_first_4_seeds": float(np.mean(first)) if first else None,
                "ci99": ci,
                "printed": pr,
                "printed_inside_ci99": bool(ci[0] <= pr <= ci[1]) if ci else None,
            }
        ratios = [r["gen32_with"][i] / r["gen32_without"][i] for i in ok]
        per_protocol[tag] = {
            "gen32_without": r["gen32_without"],
            "gen32_with": r["gen32_with"],
            "gen64_without": r["gen64_without"],
            "gen64_with": r["gen64_with"],
            "steps32_without": r["steps32_without"],
            "steps32_with": r["steps32_with"],
            "excluded_runs": excluded,
            "means": means,
            "log_ratio_ci99": _t_interval(np.log(ratios)) if len(ratios) > 1 else None,
            "seconds": r["seconds"],
        }
        ctx.observe(
            f"{tag}: mean gen over converged seeds against the printed (99% t interval over seeds)",
            without=means["without"],
            with_special=means["with"],
            printed_ratio=printed[1] / printed[0],
            geometric_mean_ratio=float(np.exp(np.mean(np.log(ratios)))) if ratios else None,
        )
        per_protocol[tag]["curves"] = {k: r[f"curve32_{k}"] for k in ("without", "with")}
    ctx.metrics["protocol_runs"] = {t: {k: v for k, v in d.items() if k != "curves"} for t, d in per_protocol.items()}
    ctx.reproduction(
        f"{row}: special sequences deteriorate generalisation (per seed)",
        results,
        ">",
        TYPICAL_RATE,
        fragments=proto.fragments,
        grid=proto.grid(),
        level=TEST_LEVEL,
    )
    _draw_row(ctx, table, row, per_protocol, printed)


def _draw_row(ctx, table, row, per_protocol, printed):
    plt = pyplot()

    tags = sorted(per_protocol)
    fig, axes = plt.subplots(2, len(tags), figsize=(4.2 * len(tags), 6), squeeze=False)
    for j, tag in enumerate(tags):
        d = per_protocol[tag]
        ax = axes[0, j]
        for key, colour in (("without", "C0"), ("with", "C3")):
            curves = [np.asarray(c, float) for c in d["curves"][key]]
            n = max(len(c) for c in curves)
            M = np.full((len(curves), n), np.nan)
            for i, c in enumerate(curves):
                M[i, : len(c)] = c
            x = np.arange(n) * tr.KERAS_RECORD
            keep = np.unique(np.linspace(0, n - 1, min(n, 600)).astype(int))  # at most 600 points per curve
            x, M = x[keep], M[:, keep]
            with np.errstate(all="ignore"):
                ax.fill_between(x, np.nanmin(M, 0), np.nanmax(M, 0), color=colour, alpha=0.15, lw=0)
                ax.plot(x, np.nanmedian(M, 0), color=colour, lw=1, label=f"{key} special (median, min-max)")
        ax.axhline(ROW_LOSS_TARGET, color="gray", ls=":", lw=0.6)
        ax.set_yscale("log")
        ax.set_xlabel("iteration")
        ax.set_ylabel("training loss")
        ax.set_title(f"{table} {row}, {tag}", fontsize=8)
        ax.legend(fontsize=6)
        ax = axes[1, j]
        n = len(d["gen32_without"])
        for key, colour, off, pr in (("without", "C0", -0.15, printed[0]), ("with", "C3", 0.15, printed[1])):
            vals = np.asarray(d[f"gen32_{key}"], float)
            ax.scatter(np.arange(n) + off, vals, color=colour, s=12, label=f"{key} special (float32, per seed)")
            ax.axhline(pr, color=colour, ls="--", lw=0.7)
            ci = d["means"][key]["ci99"]
            if ci:  # the mean and its 99% t interval, right of the seeds (a lower end <= 0 drawn at the axis)
                m = float(np.mean([ci[0], ci[1]]))
                lo = max(ci[0], float(np.min(vals)) / 10)
                ax.errorbar([n + 0.5 + off], [m], yerr=[[m - lo], [ci[1] - m]], color=colour, fmt="s", ms=4, capsize=3)
        ax.set_yscale("log")
        ax.set_xlabel("seed; right: mean and 99% t interval; dashed: printed", fontsize=7)
        ax.set_ylabel("generalisation error")
        ax.legend(fontsize=6)
    fig.tight_layout()
    ctx.plot(f"{table}-{row}-paper-size.svg", fig)


# Expected inconclusive in both budgets: the quick budget does not run the paper's size (undecided); in the full
# budget (2026-11-26) no grid has more than half its protocols reproducing nor all failing: row 2 reproduces under
# the std reading (16/16 seeds, both tables) and is undecided under the variance reading (11/15, 12/16); Table 1
# row 3 is undecided under std (7/9) and fails under variance (0/16); Table 2 row 3 is undecided under both.
@check("ssm-poison/table-1", "row2-paper-size", "experiment", expect="inconclusive")
def table1_row2(ctx):
    """Row 2 (SSM beyond Theorem 1: B, C learned; adaptive-step GD) at E.3.1's settings on Keras/JAX
    float32, NumPy float64 confirming each seed's outcome; the grid (sd read as std or variance), 8
    seeds each (full budget; ``ibv probe ssm-poison/table-1 --set sd_reading=variance`` runs one)."""
    _row_paper_size(ctx, "table-1", "row2")


@check("ssm-poison/table-1", "row3-paper-size", "experiment", expect="inconclusive")
def table1_row3(ctx):
    """Row 3 (SSM + ReLU MLP by Keras' Adam) at E.3.1's settings, as row 2."""
    _row_paper_size(ctx, "table-1", "row3")


@check("ssm-poison/table-2", "row2-paper-size", "experiment", expect="inconclusive")
def table2_row2(ctx):
    """Table 2 row 2 at E.3.1's longer settings (d = 20, length 10), as Table 1's."""
    _row_paper_size(ctx, "table-2", "row2")


@check("ssm-poison/table-2", "row3-paper-size", "experiment", expect="inconclusive")
def table2_row3(ctx):
    """Table 2 row 3 at E.3.1's longer settings (d = 20, d_h = 25, length 10), as Table 1's."""
    _row_paper_size(ctx, "table-2", "row3")


# The reduced replicas of Figures 2-4 (fewer seeds, smaller sizes, our framework) are single float64
# gradient-descent runs per seed: no measured error of a run, and too few seeds (1-8) for a sign test at
# level 0.01 to decide the qualitative claim; their outcomes are recorded, with no verdict.
_REPLICA_REASON = "reduced replicas: float GD runs without a measured error, too few seeds for a binomial test"


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
