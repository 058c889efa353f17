"""Checks for kernel-rich: the experiments and empirical claims (statements in
theorems/kernel_rich_experiments.py), each figure reproduced at a reduced size on CPU.

Methods and their independence:

* sparse regression (Figs. 1, 3(c), the §4 claim): the gradient-flow limit is computed as the
  Theorem-1 / Theorem-3 argmin by a double-precision dual Newton method
  (``numerics.dual_newton``), cross-checked against cvxpy's exponential and power cones
  (``numerics.convex``) and, for the claim, against the gradient flow of the §2 loss itself
  (``numerics.flows``); l1 references by LP, l2 in closed form;
* Q^D_alpha (Fig. 3(a,b)) through its Legendre form (bisection for ``h_D^{-1}``) against cvxpy's
  power cone; q by the printed closed form (21) (proved elsewhere);
* r(z) (Fig. 2) by a one-dimensional minimisation of its definition (9), against the roots of
  the printed quartic;
* networks (Figs. 5, 6, 7) by gradient descent whose step adapts to the curvature and to the
  parameter scale (a discretisation of the flow), against the tangent-kernel interpolant
  computed by linear algebra where the kernel regime is claimed.

Qualitative claims are judged with margins measured from the data: a trend over random draws
is verified when the Student-t confidence interval of the paired mean difference (two-sided
level ``LEVEL = 1 - 2 P_Z``, i.e. one-sided ``P_Z`` ~ 0.13%, the tail of ``Z = 3`` normal
standard errors) lies above its margin, and refuted when it lies below; a sign test is an exact
binomial test at ``P_Z`` (``ctx.proportion``); an absence of a trend ('no step raises it') is
recorded, and refutes only when the opposite trend is significant; a deterministic comparison
is a bound whose slack must exceed ten times its measured error; a run that did not converge
is no evidence (inconclusive), never a counterexample.
"""

from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy as sp

from numerics import (
    completion_gd,
    convex,
    dual_newton,
    fits,
    flows,
    models,
    montecarlo,
    relu_nets,
)
from numerics.estimate import Estimate
from theorems import kernel_rich as kr
from theorems import kernel_rich_experiments as kr_ex

from .core import check, pyplot
from .kernel_rich import CVX_TOL, all_margins, margin, premise, premise_not_reached

# Accuracy target of a double-precision flow (SciPy at rtol 1e-9 and 1e-11) against an argmin.
DOUBLE_TOL = 1e-7

# The significance level of the Monte Carlo judgements: one-sided P_Z, the tail of Z normal
# standard errors (~0.13%): Student-t intervals at LEVEL, sign tests at P_Z.
Z = 3.0
P_Z = 0.5 * math.erfc(Z / math.sqrt(2))
# the two-sided confidence level of a Student-t interval whose one-sided tail is P_Z
LEVEL = 1 - 2 * P_Z


def _mean_exceeds(ctx, label: str, diffs, margin: float = 0.0, **metrics) -> str:
    """The mean of paired per-draw differences exceeds ``margin``: a statistical bound, its
    error the Student-t half-width at LEVEL (verified when the interval lies above the margin,
    refuted when it lies below)."""
    x = np.asarray(diffs, float)
    if not np.all(np.isfinite(x)):  # a failed solve: no evidence either way
        premise_not_reached(ctx, label + " (a draw's computation failed)", failed=int(np.sum(~np.isfinite(x))))
        return "inconclusive"
    est = Estimate.mean(x, LEVEL)
    return ctx.bound(label, margin, est, strict=True, mean=est.value, half_width=est.error, **metrics)


def _mean_not_above(ctx, label: str, diffs, margin: float = 0.0, **metrics) -> None:
    """'The mean does not significantly exceed ``margin``': an absence of a trend cannot verify
    anything; a mean significantly above the margin refutes (a statistical bound), otherwise it
    is recorded as an observation."""
    x = np.asarray(diffs, float)
    if not np.all(np.isfinite(x)):  # a failed solve: no evidence either way
        premise_not_reached(ctx, label + " (a draw's computation failed)", failed=int(np.sum(~np.isfinite(x))))
        return
    est = Estimate.mean(x, LEVEL)
    if est.value - est.error > margin:
        ctx.bound(label, est, margin, mean=est.value, half_width=est.error, **metrics)
    else:
        ctx.observe(label, mean=est.value, half_width=est.error, level=LEVEL, margin=margin, **metrics)


def _sign_test(ctx, label: str, successes: int, trials: int, **metrics) -> None:
    """A one-sided sign test at level P_Z (ties dropped): the rate of successes exceeds 1/2."""
    if trials == 0:
        premise_not_reached(ctx, label + " (no untied pair: no test)", **metrics)
        return
    ctx.proportion(label, int(successes), int(trials), ">", 0.5, level=P_Z, **metrics)


def _ints(text: str) -> list[int]:
    return [int(v) for v in str(text).split(",") if v.strip()]


def _ran_protocol(ctx, protocol, ran: str) -> int:
    """Record the protocol a replica ran (issue 20) and return the index of the items from
    which on its reproduction judgements start (see :func:`_lost_settings_cannot_refute`)."""
    ctx.metrics["protocol"] = protocol.key
    ctx.note(f"Protocol {protocol.key}: {protocol.describe()} Ran: {ran}")
    return len(ctx.items)


def _lost_settings_cannot_refute(ctx, protocol, since: int, reduced: str = "") -> None:
    """The experiments' rule (README "Experiments"; ``Context.reproduction``): a claim fails
    only under the paper's exact stated protocol. Every protocol of this paper has lost
    settings (``protocol.lost``), so a trend of the figure that the replica does not reproduce
    is no counterexample: each refuted reproduction judgement recorded since ``since`` becomes
    inconclusive, its measured numbers and the reason kept. (Engine comparisons recorded before
    ``since`` -- argmin against cvxpy -- keep their status.) ``reduced``: a stated setting the
    replica ran smaller (the paper's width, say), named in the reason."""
    lost = ", ".join(r.name for r in protocol.lost)
    smaller = f"; {reduced}" if reduced else ""
    ctx.withdraw_refutations(
        since,
        f"not reproduced under settings the paper does not state ({lost}){smaller}: a non-reproduction is not a "
        "refutation (the experiments' rule)",
        not_reproduced_under_lost_settings=True,
    )


def _band(ax, x, runs, color=None, label=None, marker="o-"):
    """The median over draws (rows of ``runs``) with the 10%-90% band of the draws."""
    import warnings

    runs = np.asarray(runs, float)
    with warnings.catch_warnings():  # a column where no draw reached the accuracy is drawn as a gap
        warnings.simplefilter("ignore", RuntimeWarning)
        med = np.nanmedian(runs, axis=0)
        lo, hi = np.nanpercentile(runs, 10, axis=0), np.nanpercentile(runs, 90, axis=0)
    (line,) = ax.plot(x, med, marker, color=color, label=label, ms=3)
    ax.fill_between(x, lo, hi, color=line.get_color(), alpha=0.2, lw=0)
    return line


def _printed(fig, text: str) -> None:
    """The printed figure's description beside the replica (the paper's text has no images)."""
    import textwrap

    fig.text(0.01, 0.01, "\n".join(textwrap.wrap("Printed: " + text, 170)), fontsize=6, va="bottom", ha="left")


# =======================================================================================
# Sparse regression (§4 Generalization, Figs. 1 and 3(c))
# =======================================================================================
SPARSE_ROWS = 64  # samples drawn per seed; a sample size N uses the first N (nested designs)


def sparse_instance(seed: int, d: int, N: int, r: int, noise_sd: float):
    """x_n ~ N(0, I_d), beta* with r nonzeros 1/sqrt(r), y_n = <beta*, x_n> + noise_sd * N(0, 1):
    the first N of SPARSE_ROWS samples drawn for the seed, so that a seed's data sets are
    nested in N (its curves in N are then comparable seed by seed)."""
    rng = np.random.default_rng([seed, d, r])
    X = rng.standard_normal((SPARSE_ROWS, d))[:N]
    noise = rng.standard_normal(SPARSE_ROWS)[:N]
    bstar = np.zeros(d)
    bstar[:r] = 1 / math.sqrt(r)
    return X, X @ bstar + noise_sd * noise, bstar


def _conjugate(D: int, scale: float):
    """The conjugate of the depth-D regulariser at init scale ``scale = alpha^D`` (w0 = 1):
    D = 2: ``Q_alpha`` (c = alpha^2); D >= 3: ``Q^D_alpha`` (c = alpha^D, box |z| < 1)."""
    if D == 2:
        return dual_newton.cosh_conjugate(scale), None
    return dual_newton.power_conjugate(scale, D), 1.0


@functools.cache
def sparse_path(seed: int, d: int, N: int, r: int, noise_sd: float, D: int, log_scales: tuple):
    """``argmin Q^D_alpha s.t. X beta = y`` along a grid of init scales ``alpha^D = 10^s``
    (ascending), each solve warm-started from the next larger scale. Returns ``(betas,
    errors)`` (an error is inf where the solve failed)."""
    X, y, _ = sparse_instance(seed, d, N, r, noise_sd)
    betas = np.zeros((len(log_scales), d))
    errs = np.zeros(len(log_scales))
    nu = None
    for j in range(len(log_scales) - 1, -1, -1):
        conj, box = _conjugate(D, 10.0 ** log_scales[j])
        sol = dual_newton.solve(X, y, conj, box=box, nu0=nu, cap=2.0, two_tolerances=False)
        betas[j], errs[j] = sol.beta, sol.error
        if math.isfinite(sol.error):
            nu = sol.nu
    return betas, errs


@functools.cache
def sparse_references(seed: int, d: int, N: int, r: int, noise_sd: float):
    """``(beta_l1, l1 error estimate, beta_l2)``: the LP (its duality gap + two-tolerance
    difference as error) and the closed-form minimum-l2 interpolant."""
    X, y, _ = sparse_instance(seed, d, N, r, noise_sd)
    l1 = convex.min_l1(X, y)
    l2 = X.T @ np.linalg.solve(X @ X.T, y)
    return l1.beta, l1.error + l1.kkt["gap"] + l1.kkt["feasibility"], l2


@functools.cache
def sparse_l1_highs(seed: int, d: int, N: int, r: int, noise_sd: float) -> np.ndarray:
    """argmin |beta|_1 s.t. X beta = y by SciPy's HiGHS LP (``convex.min_l1_highs``: the many
    threshold solves; ``sparse_references`` keeps the certified cvxpy solve for panel (b))."""
    X, y, _ = sparse_instance(seed, d, N, r, noise_sd)
    return convex.min_l1_highs(X, y)


@functools.cache
def sparse_errors(seeds: int, d: int, Ns: tuple, r: int, noise_sd: float, D: int, log_scales: tuple):
    """Population errors ``|beta - beta*|^2`` over seeds x Ns x scales, of l1 and l2 over
    seeds x Ns, and the largest solver error of the population errors."""
    E = np.zeros((seeds, len(Ns), len(log_scales)))
    E1 = np.zeros((seeds, len(Ns)))
    E2 = np.zeros((seeds, len(Ns)))
    worst = 0.0
    for s in range(seeds):
        for i, N in enumerate(Ns):
            _, _, bstar = sparse_instance(s, d, N, r, noise_sd)
            betas, errs = sparse_path(s, d, N, r, noise_sd, D, log_scales)
            dist = np.linalg.norm(betas - bstar, axis=1)
            E[s, i] = dist**2
            bad = ~np.isfinite(errs)
            E[s, i, bad] = np.nan
            worst = max(worst, float(np.max((2 * dist * errs * math.sqrt(d))[~bad], initial=0.0)))
            X, y, _ = sparse_instance(s, d, N, r, noise_sd)
            E1[s, i] = np.sum((sparse_l1_highs(s, d, N, r, noise_sd) - bstar) ** 2)
            E2[s, i] = np.sum((X.T @ np.linalg.solve(X @ X.T, y) - bstar) ** 2)
    return E, E1, E2, worst


def _sparse_setup(ctx):
    inst = ctx.instances([{}])[0]
    ctx.start(inst)
    seeds = inst["seeds"] if not ctx.full else 2 * inst["seeds"]
    if ctx.full:
        Ns = (8, 12, 16, 20, 24, 28, 32, 36, 40, 50)
        log_alpha = (
            (-60.0, -45.0, -30.0, -24.0, -18.0)
            + tuple(float(v) for v in np.round(np.arange(-12, 0, 0.5), 2))
            + tuple(float(v) for v in np.round(np.arange(0, 1.01, 0.125), 3))
            + (1.5, 2.0, 2.5, 3.0)
        )
    else:
        Ns = (8, 12, 16, 20, 24, 32)
        log_alpha = (
            (-30.0, -24.0, -18.0, -12.0, -10.0, -8.0, -7.0, -6.0, -5.0, -4.5)
            + tuple(float(v) for v in np.arange(-4, -0.9, 0.25))
            + (-0.5, 0.0, 0.125, 0.25, 0.375, 0.5, 1.0)
        )
    Ns = tuple(N for N in Ns if N <= inst["d"])
    return inst, seeds, Ns, log_alpha


def _l1_threshold(E1, Ns, acc):
    """Smallest N of the grid from which on the mean l1 error stays <= acc."""
    m = E1.mean(axis=0)
    for i in range(len(Ns)):
        if np.all(m[i:] <= acc):
            return i
    return None


@check("kernel-rich/figure-1", "reduced-replica", "experiment")
def figure1_replica(ctx):
    """Fig. 1 at d = 100, r* = 3, noise sd 0.01: beta_alpha = argmin Q_alpha (Theorem 1; dual Newton,
    cross-checked against cvxpy's exponential cone) over alpha in [1e-30, 10] (full: [1e-60,
    1e3]), N in {8, ..., 32} (full: 8..50), 16 (full: 32) training sets (data nested in N).
    (a) the mean population error falls as alpha decreases: the largest-vs-smallest alpha
    difference is significantly positive (Student-t, one-sided P_Z) at every N from the l1
    sample threshold on (below it no solution generalises; reported only), and no step down in
    alpha raises it significantly (recorded; a significant rise refutes); (b) per training set
    at N = 32 (quick: the first 6), |beta_alpha|_1 -
    |beta_l1|_1 decreases towards 0 as alpha -> 0 (never rises beyond the error estimates from
    1e-12 down and is resolved smaller at the smallest alpha; no rate is tested: with a nearly
    degenerate dual certificate the approach is like alpha^(2(1 - c)), c close to 1) and
    |beta_alpha|_2 - |beta_l2|_2 -> 0 as alpha -> infinity (its product with alpha^2 falls,
    as (6) implies); (c) per training set (data nested in N), the largest alpha reaching
    population error 0.025 is larger one N above the set's l1 threshold than at it, and that
    rise exceeds the next one (sign tests over the sets whose threshold lies inside the grid,
    ties dropped)."""
    inst, seeds, Ns, log_alpha = _sparse_setup(ctx)
    d, r, sd, acc = inst["d"], inst["r_star"], inst["noise_sd"], inst["accuracy"]
    log_alpha = np.array(log_alpha)
    scales = tuple(float(2 * v) for v in log_alpha)  # alpha^2
    ctx.precision = "dual Newton (double, warm-started along alpha); Clarabel 1e-12/1e-14 cross-check"
    E, E1, E2, solver_err = sparse_errors(seeds, d, Ns, r, sd, 2, scales)
    ctx.metrics.update(seeds=seeds, Ns=list(Ns), solver_error=solver_err)

    # the argmin engine against cvxpy's exponential cone, where the cone solver is accurate
    X, y, _ = sparse_instance(0, d, Ns[-1], r, sd)
    betas, errs = sparse_path(0, d, Ns[-1], r, sd, 2, scales)
    for a in (0.1, 1.0):
        j = int(np.argmin(np.abs(log_alpha - math.log10(a))))
        sol = convex.min_kl(X, y, np.full(d, a * a))
        scale = float(np.max(np.abs(sol.beta)))
        ctx.agree(
            f"dual Newton = cvxpy exponential cone at alpha = {a:g} (N = {Ns[-1]})",
            betas[j],
            sol.beta,
            tol=CVX_TOL * scale,
            err=Estimate(0, sol.error + sol.kkt["feasibility"] + errs[j], "two tolerances"),
            scale=scale,
            cvx_status=sol.status,
        )

    since = _ran_protocol(
        ctx,
        kr_ex.SPARSE_PROTOCOL,
        f"d = {d}, r* = {r}, noise sd {sd:g}, {seeds} training sets, N in {list(Ns)}, {len(log_alpha)} alphas in "
        f"[1e{log_alpha[0]:g}, 1e{log_alpha[-1]:g}] (the representative: the paper states no size).",
    )
    # (a) generalisation improves as alpha decreases -- asserted from the l1 sample threshold
    # on (the regime of the claim: below it no solution generalises), reported below it
    i1_all = _l1_threshold(E1, Ns, acc)
    premise(
        ctx,
        "(a) the pooled l1 sample threshold lies inside the N grid",
        i1_all is not None,
        l1_mean_error=E1.mean(axis=0).tolist(),
    )
    for i, N in enumerate(Ns):
        m, se = montecarlo.mean_and_standard_error(E[:, i, -1] - E[:, i, 0])
        ctx.metrics[f"(a) N={N}: mean error difference alpha_max - alpha_min (SE)"] = [m, se]
        if i1_all is None or i < i1_all:
            continue
        _mean_exceeds(
            ctx,
            f"(a) N = {N}: mean error at alpha = 1e{log_alpha[-1]:g} "
            f"exceeds that at alpha = 1e{log_alpha[0]:g} (confidence {LEVEL:.4f})",
            E[:, i, -1] - E[:, i, 0],
            margin=solver_err,
        )
        for j in range(len(log_alpha) - 1):
            # error at the smaller alpha minus at the larger: refutes only if significantly positive
            _mean_not_above(
                ctx,
                f"(a) N = {N}: the step down in alpha from 1e{log_alpha[j + 1]:g} to 1e{log_alpha[j]:g} "
                "does not significantly raise the mean error",
                E[:, i, j] - E[:, i, j + 1],
                margin=solver_err,
            )

    # (b) norm gaps per training set at N = 32
    Nb = 32 if 32 in Ns else Ns[-1]
    gaps_plot = []
    for s in range(min(seeds, 6 if not ctx.full else seeds)):
        betas, errs = sparse_path(s, d, Nb, r, sd, 2, scales)
        b1, e1, b2 = sparse_references(s, d, Nb, r, sd)
        g1 = np.sum(np.abs(betas), axis=1) - np.sum(np.abs(b1))
        g2 = np.linalg.norm(betas, axis=1) - np.linalg.norm(b2)
        eg = (errs + e1) * d  # bound on the error of the l1 gap (|d |b|_1| <= d max|d b|)
        eg2 = errs * math.sqrt(d) + 1e-15 * np.linalg.norm(b2)  # of the l2 gap (closed-form reference)
        gaps_plot.append((g1, g2))
        # both gaps >= 0 (beta_alpha interpolates; beta_l1, beta_l2 minimise): refuted by a gap below
        # -error; gaps near 0 cannot be resolved in double, so this is recorded, not verified
        worst1, worst2 = int(np.argmin(g1 + eg)), int(np.argmin(g2 + eg2))
        if g1[worst1] < -eg[worst1] or g2[worst2] < -eg2[worst2]:
            w, g, e = (worst1, g1, eg) if g1[worst1] < -eg[worst1] else (worst2, g2, eg2)
            margin(ctx, f"(b) seed {s}: norm gap >= 0 (beta_alpha interpolates; the reference minimises)", g[w], e[w])
        else:
            ctx.observe(
                f"(b) seed {s}: both gaps >= -error (beta_alpha interpolates; beta_l1, beta_l2 minimise)",
                min_l1_gap=float(np.min(g1)),
                min_l2_gap=float(np.min(g2)),
            )
        # the tails where each gap is resolved (> 100 x its error estimate)
        tail = [j for j in np.argsort(log_alpha) if log_alpha[j] <= -12]  # ascending alpha, up to 1e-12
        rises = [g1[a] - g1[b] for a, b in zip(tail[1:], tail[:-1])]  # gap at the larger minus at the smaller alpha
        errs_pair = [eg[a] + eg[b] for a, b in zip(tail[1:], tail[:-1])]
        bad = [k for k, (r_, e) in enumerate(zip(rises, errs_pair)) if r_ < -e]
        if bad:  # a rise beyond the error estimates refutes the monotone approach
            margin(ctx, f"(b) seed {s}: l1 gap does not rise as alpha decreases", rises[bad[0]], errs_pair[bad[0]])
        ctx.observe(
            f"(b) seed {s}: l1 gap from alpha = 1e-12 down (no rise beyond the error estimates)",
            l1_gap=g1[tail].tolist(),
            log10_alpha=log_alpha[tail].tolist(),
            error_estimate=eg[tail].tolist(),
        )
        margin(
            ctx,
            f"(b) seed {s}: l1 gap resolved smaller at the smallest alpha than at alpha = 1e-12 "
            "(it decreases towards 0)",
            g1[tail[-1]] - g1[tail[0]],
            eg[tail[-1]] + eg[tail[0]],
        )
        big = [j for j in range(len(log_alpha)) if log_alpha[j] >= 0 and g2[j] > 100 * eg2[j]]
        prod2 = g2[big] * 10.0 ** (2 * log_alpha[big])
        label2 = (
            f"(b) seed {s}: l2 gap -> 0 as alpha -> infinity (gap * alpha^2 decreasing over the resolved alphas >= 1; "
            f"(6) gives gap = O(alpha^-4))"
        )
        if len(big) < 3:
            premise_not_reached(ctx, label2 + ": fewer than 3 resolved alphas", resolved=len(big))
        else:
            # each decrease of gap * alpha^2 against the error of the two products
            e2 = eg2[big] * 10.0 ** (2 * log_alpha[big])
            all_margins(ctx, label2, -np.diff(prod2), e2[1:] + e2[:-1], l2_gap=g2[big].tolist())

    # (c) the largest alpha that generalises, per training set (nested in N)
    a_max = np.full((seeds, len(Ns)), -math.inf)
    for s in range(seeds):
        for i in range(len(Ns)):
            ok = np.where(E[s, i] <= acc)[0]
            if len(ok):
                a_max[s, i] = log_alpha[ok[-1]]
    first, concave, resolved = [], [], []
    for s in range(seeds):
        i1 = _l1_threshold(E1[s : s + 1], Ns, acc)
        if i1 is None or i1 == 0 or i1 >= len(Ns) - 2:
            continue  # threshold below the N grid, or too close to its end to see two rises
        resolved.append(s)
        rise1 = a_max[s, i1 + 1] - a_max[s, i1]
        rise2 = a_max[s, i1 + 2] - a_max[s, i1 + 1]
        first.append(rise1)
        concave.append(rise1 - rise2)
    n = len(resolved)
    ctx.metrics["log10_alpha_max"] = {f"seed {s}": a_max[s].tolist() for s in range(seeds)}
    ctx.metrics["(c) first rise after the threshold, decades"] = first
    # fewer than 10 resolved sets cannot reach p <= P_Z: then (c) is undecided, not refuted
    premise(
        ctx,
        f"(c) at least 10 training sets resolve their l1 threshold inside the N grid (sign tests at p <= {P_Z:.2g})",
        n >= 10,
        resolved=n,
        seeds=seeds,
    )
    if n >= 10:
        k1, n1 = sum(r > 0 for r in first), sum(r != 0 for r in first)
        _sign_test(
            ctx,
            "(c) one N above a training set's l1 threshold a larger alpha suffices (sign test, ties dropped)",
            k1,
            n1,
        )
        k2, n2 = sum(c > 0 for c in concave), sum(c != 0 for c in concave)
        _sign_test(ctx, "(c) the rise right after the threshold exceeds the next one (sign test, ties dropped)", k2, n2)

    _lost_settings_cannot_refute(ctx, kr_ex.SPARSE_PROTOCOL, since)

    plt = pyplot()
    fig, ax = plt.subplots(1, 3, figsize=(11, 4.0))
    fig.subplots_adjust(bottom=0.3, wspace=0.35)
    for i in sorted({0, len(Ns) // 2, len(Ns) - 1}):
        _band(ax[0], log_alpha, E[:, i], label=f"N={Ns[i]}", marker="-")
    ax[0].set(xlabel="log10 alpha", ylabel="population error", title="(a) median, 10-90% of sets", yscale="log")
    ax[0].legend(fontsize=6)
    g1s = np.array([g[0] for g in gaps_plot])
    g2s = np.array([g[1] for g in gaps_plot])
    _band(ax[1], log_alpha, np.log10(np.maximum(g1s, 1e-16)), color="b", label="|b|_1 - |b_l1|_1", marker="-")
    _band(ax[1], log_alpha, np.log10(np.maximum(g2s, 1e-16)), color="r", label="|b|_2 - |b_l2|_2", marker="-")
    ax[1].set(xlabel="log10 alpha", ylabel="log10 gap", title=f"(b) N={Nb}, {len(gaps_plot)} sets")
    ax[1].legend(fontsize=6)
    _band(ax[2], Ns, np.where(np.isfinite(a_max), a_max, np.nan), label="median, 10-90% of sets")
    if i1_all is not None:
        ax[2].axvline(Ns[i1_all], ls="--", c="k")
    ax[2].set(xlabel="N", ylabel=f"log10 largest alpha (error <= {acc:g})", title="(c)")
    ax[2].legend(fontsize=6)
    _printed(
        fig,
        "(a) population error of the gradient-flow solution vs alpha; (b) |beta_alpha|_1 - |beta_l1|_1 (blue) and "
        "|beta_alpha|_2 - |beta_l2|_2 (red) vs alpha; (c) the largest alpha with population error <= 0.025 vs N, "
        "dashed: the samples beta_l1 needs. Text: alpha must become extremely small as N approaches the dashed line, "
        "much larger alpha suffices slightly above it. Sizes (d, r*, N grid, seeds) not stated; replica: "
        f"d = {d}, r* = {r}, {seeds} sets.",
    )
    ctx.plot("figure-1", fig)


@check("kernel-rich/claim-sparse-regression", "sample-sizes", "experiment")
def sparse_regression_sample_sizes(ctx):
    """On the Fig. 1 replica: the l1 solution reaches population error 0.025 from a sample
    size N_l1 of the order of r* log d, while the kernel-regime solution beta_l2 stays above it
    at every N <= 50 (its mean error is not significantly off the Gaussian-design
    value (1 - N/d)|beta*|^2 + sd^2 N/(d - N - 1), which reaches 0.025 only at N ~ d); and the
    error falls as alpha decreases (largest vs smallest alpha at the threshold and at the
    largest N). Omega(.) constants are unspecified: rates in d are not tested."""
    inst, seeds, Ns, log_alpha = _sparse_setup(ctx)
    d, r, sd, acc = inst["d"], inst["r_star"], inst["noise_sd"], inst["accuracy"]
    scales = tuple(float(2 * v) for v in log_alpha)
    E, E1, E2, solver_err = sparse_errors(seeds, d, Ns, r, sd, 2, scales)
    i1 = _l1_threshold(E1, Ns, acc)
    premise(
        ctx,
        "the l1 solution reaches the accuracy from some N of the grid on",
        i1 is not None,
        l1_mean_error=E1.mean(axis=0).tolist(),
        Ns=list(Ns),
    )
    if i1 is not None:
        ctx.metrics.update(N_l1=Ns[i1], r_star_log_d=r * math.log(d))
    for i, N in enumerate(Ns):
        expected = kr_ex.min_l2_gaussian_error(N, d, r, sd)
        # consistency of the engine with the Gaussian-design value (not a claim of the paper): a mean
        # significantly off it refutes; otherwise recorded (consistency is not proof)
        label = f"N = {N}: beta_l2's mean error = Gaussian-design value (1 - N/d)|b*|^2 + sd^2 N/(d-N-1)"
        _mean_not_above(ctx, label + " (not significantly above)", E2[:, i] - expected, expected=expected)
        _mean_not_above(ctx, label + " (not significantly below)", expected - E2[:, i], expected=expected)
    since = _ran_protocol(
        ctx, kr_ex.SPARSE_PROTOCOL, f"d = {d}, r* = {r}, noise sd {sd:g}, {seeds} training sets, N in {list(Ns)}."
    )
    for i, N in enumerate(Ns):
        _mean_exceeds(ctx, f"N = {N}: beta_l2's mean error exceeds the accuracy", E2[:, i], margin=acc)
    for i in sorted({i1 if i1 is not None else 0, len(Ns) - 1}):
        _mean_exceeds(
            ctx,
            f"N = {Ns[i]}: generalisation improves as alpha decreases (from alpha = 1e{log_alpha[-1]:g} "
            f"to 1e{log_alpha[0]:g})",
            E[:, i, -1] - E[:, i, 0],
            margin=solver_err,
        )
    _lost_settings_cannot_refute(ctx, kr_ex.SPARSE_PROTOCOL, since)
    ctx.note("N_l1 / (r* log d) is reported, not asserted: the Omega(.) constant is unspecified.")


@check("kernel-rich/claim-sparse-regression", "gradient-flow", "flow")
def sparse_regression_flow(ctx):
    """'When N <= d, gradient flow will generally reach a zero training error solution': the
    gradient flow of the §2 loss on the depth-2 model (d = 100, N = 20, from alpha * 1;
    numerics.models' gradient, SciPy LSODA at two tolerances) reaches loss < 1e-20, and its
    limit equals the Theorem-1 argmin the experiments use (dual Newton). Full budget: also
    alpha in {0.3, 0.01}, and the escape time from the saddle (first time the loss halves)
    grows as alpha decreases."""
    inst = ctx.instances([{}])[0]
    ctx.start(inst)
    d, r, sd = inst["d"], inst["r_star"], inst["noise_sd"]
    N = min(20, d)
    X, y, _ = sparse_instance(0, d, N, r, sd)
    alphas = (0.3, 0.1, 0.01) if ctx.full else (0.1,)
    ctx.precision = "LSODA rtol 1e-9 and 1e-11; dual Newton to |X beta - y| <= 1e-13"
    escape = {}
    for a in alphas:
        w0 = np.full(2 * d, a)
        fl = flows.integrate_double(
            lambda t, w: -models.diagonal_grad(w, X, y),
            w0,
            100.0,
            rtol=1e-9,
            method="LSODA",
            stop=lambda w: models.diagonal_loss(w, X, y) < 1e-20,
            grid=flows.geometric_grid(100.0, 1e-3, 6),
        )
        loss = models.diagonal_loss(fl.final, X, y)
        premise(
            ctx,
            f"alpha = {a:g}: the flow reaches training loss < 1e-20 by t = 100",
            fl.stopped,
            loss=loss,
            t_final=float(fl.times[-1]),
        )
        if not fl.stopped:
            continue
        w = fl.final
        beta_flow = w[:d] ** 2 - w[d:] ** 2
        ref = dual_newton.solve(X, y, dual_newton.cosh_conjugate(a * a))
        scale = float(np.max(np.abs(ref.beta)))
        # |d beta| <= 2 |w| |dw| per coordinate; the tail after the stop is below the loss level
        flow_err = 2 * float(np.max(np.abs(w))) * fl.final_error + math.sqrt(loss) / float(
            np.linalg.svd(X, compute_uv=False)[-1]
        )
        ctx.agree(
            f"alpha = {a:g}: flow limit = argmin Q_alpha (Theorem 1)",
            beta_flow,
            ref.beta,
            tol=DOUBLE_TOL * scale,
            err=Estimate(0, flow_err + ref.error, "two tolerances"),
            scale=scale,
        )
        L0 = models.diagonal_loss(w0, X, y)
        losses = [models.diagonal_loss(s, X, y) for s in fl.states]
        escape[a] = next(float(t) for t, l in zip(fl.times, losses) if l <= L0 / 2)
    if len(alphas) > 1:
        order = sorted(alphas)
        # the escape times are grid times (a geometric grid, 6 per decade): their comparison is
        # exact on the grid, its resolution the grid's spacing -- recorded, not judged
        ctx.observe(
            "escape time (first grid time with loss <= L(0)/2) grows as alpha decreases",
            grows=all(escape[order[i]] > escape[order[i + 1]] for i in range(len(order) - 1)),
            escape_times=escape,
        )


@check("kernel-rich/claim-sparse-regression", "zero-is-a-saddle", "symbolic")
def sparse_regression_saddle(ctx):
    """'w = 0 is a saddle point': for the §2 loss of the depth-2 model with symbolic data
    (N = 2, d = 3), the gradient vanishes at w = 0 and the Hessian there is
    diag(-4 X^T y, 4 X^T y) -- indefinite whenever X^T y != 0."""
    N, d = 2, 3
    Xs = sp.Matrix(N, d, lambda i, j: sp.Symbol(f"x{i}{j}", real=True))
    ys = sp.Matrix(N, 1, lambda i, j: sp.Symbol(f"y{i}", real=True))
    wp, wm, beta, loss = kr.diagonal_model(Xs, ys, D=2)
    syms = wp + wm
    at0 = {s: 0 for s in syms}
    grad = [sp.diff(loss, s).subs(at0) for s in syms]
    ctx.identity(
        "grad L(0) = 0 (sum of squares of its entries)", sum(gv**2 for gv in grad), scope="N = 2, d = 3, symbolic X, y"
    )
    H = sp.hessian(loss, syms).subs(at0)
    g = Xs.T * ys
    expected = sp.diag(*([-4 * g[i] for i in range(d)] + [4 * g[i] for i in range(d)]))
    ctx.identity(
        "Hessian of L at 0 = diag(-4 X^T y, 4 X^T y) (sum of squares of the difference)",
        sum(e**2 for e in (H - expected)),
        scope="N = 2, d = 3, symbolic X, y",
    )


# =======================================================================================
# Figure 2: q and r
# =======================================================================================
def r_by_definition(zv: float, xtol: float = 1e-13):
    """``r(z) = min (a - 1)^2 + (b - 1)^2 s.t. a^2 - b^2 = z`` (9) at alpha = 1, by golden-
    section search over ``b >= 0`` (``a = sqrt(z + b^2)``; z >= 0, and r is even by the swap
    a <-> b) after a grid scan for the basin. Returns ``(r, a)``."""
    from scipy.optimize import minimize_scalar

    zz = abs(zv)

    def cost(b):
        return (math.sqrt(zz + b * b) - 1) ** 2 + (b - 1) ** 2

    hi = 2 + math.sqrt(zz)
    grid = np.linspace(0, hi, 401)
    k = int(np.argmin([cost(b) for b in grid]))
    lo_b, hi_b = grid[max(k - 1, 0)], grid[min(k + 1, 400)]
    res = minimize_scalar(cost, bounds=(lo_b, hi_b), method="bounded", options={"xatol": xtol})
    b = float(res.x)
    return cost(b), math.sqrt(zz + b * b)


def q_closed_form(zv):
    """(21) as printed, ``2 - sqrt(4 + z^2) + z arcsinh(z/2)``, evaluated without the
    cancellation at small |z|: ``2 - sqrt(4 + z^2) = -z^2 / (2 + sqrt(4 + z^2))``."""
    return kr.q_stable(np.asarray(zv, float), np.arcsinh, np.sqrt)


def _q(zv):
    return float(q_closed_form(zv))


@check("kernel-rich/figure-2", "q-and-r", "experiment")
def figure2_q_and_r(ctx):
    """q by the closed form (21); r from its definition (9) by a one-dimensional minimisation
    (error: solves at xatol 1e-13 and 1e-9), compared with the real roots of the printed
    quartic p_z (Newton on p_z from r(z) at 30 digits; the number of real roots is reported). Asserted: q and r vanish at 0, are convex and
    differ (so Q_{alpha,1} != R_{alpha,1}); and no rescaling a r(b z) equals q: the z at which the log-log
    slopes z f'/f of q and of r reach the same level s drift apart by orders of magnitude as s
    -> 1 (a rescaling would keep their ratio b fixed). r' = 1 - 1/a* by the envelope theorem.
    Both are even by construction (the closed form; the a <-> b symmetry of (9), used to
    compute r), so evenness is not asserted."""  # noqa: E501 (a check's docstring is stored verbatim)
    zs = np.concatenate([-np.logspace(2, -2, 9), [0.0], np.logspace(-2, 2, 9)])
    rv, rerr = [], []
    for zv in zs:
        r_t, _ = r_by_definition(zv)
        r_l, _ = r_by_definition(zv, 1e-9)
        rv.append(r_t)
        rerr.append(abs(r_t - r_l) + 1e-15 * max(1.0, abs(r_t)))
    rv, rerr = np.array(rv), np.array(rerr)
    qv = np.array([_q(v) for v in zs])
    ctx.precision = "double; golden-section xatol 1e-13 (check 1e-9)"
    P = sp.Poly(kr_ex.r_quartic(kr.u, kr.z), kr.u)
    nreal = []
    for zv, r_t, e in zip(zs, rv, rerr):
        coeffs = [c.subs(kr.z, sp.Rational(repr(float(zv)))) for c in P.all_coeffs()]
        nreal.append(int(sum(abs(x.imag) <= 1e-7 * max(1, abs(x)) for x in np.roots([float(c) for c in coeffs]))))
        with mpmath.workdps(30):  # Newton on the quartic from r(z): the root next to it, to ~1e-25
            cm = [mpmath.mpf(c.p) / c.q for c in coeffs]
            try:
                root = float(
                    mpmath.findroot(lambda x: mpmath.polyval(cm, x), mpmath.mpf(r_t), tol=mpmath.mpf(10) ** -25)
                )
            except (ValueError, ZeroDivisionError):  # no convergence: no root next to r(z)
                root = math.nan
        scale = max(1.0, abs(r_t))
        ctx.agree(
            f"r({zv:.3g}) by (9) is a root of the printed p_z (Newton on p_z from r(z))",
            root,
            r_t,
            tol=1e-7 * scale,
            err=Estimate(0, e, "two tolerances"),
            scale=scale,
        )
    ctx.metrics["real_roots_of_p_z"] = dict(zip([f"{v:.3g}" for v in zs], nreal))
    half = len(zs) // 2
    ctx.exact("q(0) = 0 (the printed closed form (21), exactly)", kr.q_printed(sp.Integer(0)), "==", 0, whole=True)
    ctx.agree(
        "r(0) = 0 (definition (9) by golden-section search)",
        rv[half],
        0.0,
        tol=1e-9,
        err=Estimate(0, rerr[half], "two tolerances"),
    )
    zc = np.linspace(-6, 6, 121)
    rc = np.array([r_by_definition(v)[0] for v in zc])
    rc_loose = np.array([r_by_definition(v, 1e-9)[0] for v in zc])
    rc_err = np.abs(rc - rc_loose) + 1e-15 * np.maximum(1.0, np.abs(rc))  # two tolerances + rounding
    qc = np.array([_q(v) for v in zc])
    qc_err = 8 * np.finfo(float).eps * np.maximum(1.0, np.abs(qc))  # rounding of the closed form
    # second differences: each has the error of its three values
    all_margins(
        ctx,
        "q is convex (second differences > 0 on [-6, 6], step 0.1)",
        np.diff(qc, 2),
        qc_err[:-2] + 2 * qc_err[1:-1] + qc_err[2:],
        how="roundoff bound",
    )
    all_margins(
        ctx,
        "r is convex (second differences > 0 on [-6, 6], step 0.1)",
        np.diff(rc, 2),
        rc_err[:-2] + 2 * rc_err[1:-1] + rc_err[2:],
        min_second_difference_r=float(np.min(np.diff(rc, 2))),
    )
    margin(
        ctx,
        "q != r (max |q - r| over the grid against the error of r)",
        float(np.max(np.abs(qv - rv))),
        float(np.max(rerr)),
        max_difference=float(np.max(np.abs(qv - rv))),
    )

    def slope_q(zv):
        return zv * math.asinh(zv / 2) / _q(zv)

    def slope_r(zv, xtol=1e-13):
        r_t, a = r_by_definition(zv, xtol)
        return zv * (1 - 1 / a) / r_t

    def level_z(slope, s):  # bisection in log z on the decreasing slope (2 at 0, 1 at infinity)
        lo, hi = -3.0, 12.0
        for _ in range(50):
            mid = 0.5 * (lo + hi)
            lo, hi = (mid, hi) if slope(10.0**mid) > s else (lo, mid)
        return 0.5 * (lo + hi)

    levels = (1.5, 1.3, 1.2, 1.1)
    zq = [level_z(slope_q, s) for s in levels]
    shifts = [level_z(slope_r, s) - q for s, q in zip(levels, zq)]
    loose = [level_z(lambda v: slope_r(v, 1e-9), s) - q for s, q in zip(levels, zq)]
    err = max(abs(a - b) for a, b in zip(shifts, loose)) + 2 * 15 / 2**50  # r's accuracy + bisection width
    ctx.metrics["log10_b_by_level"] = dict(zip(map(str, levels), shifts))
    margin(
        ctx,
        "no rescaling a r(b z) = q: the log10 b implied by equal log-log slopes drifts over s in {1.5, ..., 1.1}",
        max(shifts) - min(shifts),
        err,
        log10_b=shifts,
    )
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(4.5, 3.2))
    ax.plot(zc, qc, label="q(z)")
    ax.plot(zc, rc, label="r(z)")
    ax.set(xlabel="z", title="Figure 2")
    ax.legend()
    ctx.plot("figure-2", fig)


# =======================================================================================
# Figure 3: q_D, the ratio Q^D(e_1)/Q^D(1/sqrt d), alpha^D_max
# =======================================================================================
def q_D_values(D: int, zs, c=1.0):
    """``c q_D(z / c)`` -- the depth-D regulariser at scale ``c = alpha^D`` of one coordinate
    z -- for arrays z, c, by the Legendre form ``|z| u - c H_D(u)`` at ``u = h_D^{-1}(|z|/c)``
    (bisection on [0, 1), vectorised; ``H_D``, ``h_D`` from ``dual_newton.power_conjugate``,
    evaluated without cancellation); D = 2: the closed form (21). Returns ``(values,
    errors)``: the value is stationary in u, so the error is rounding, 8 eps (|z| u + c H_D)."""
    zs = np.abs(np.asarray(zs, float))
    c = np.broadcast_to(np.asarray(c, float), zs.shape)
    eps = np.finfo(float).eps
    if D == 2:
        val = c * q_closed_form(zs / c)
        return val, 4 * eps * (zs + val)
    conj = dual_newton.power_conjugate(1.0, D)
    t = zs / c
    lo, hi = np.zeros_like(t), np.ones_like(t)
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        below = conj(mid)[1] < t
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    u = lo
    H = conj(u)[0]
    # rounding of the two products and their difference, H itself to a few eps (evaluated without
    # cancellation); u's bisection error enters at second order (the value is stationary in u)
    return zs * u - c * H, 8 * eps * (zs * u + c * H)


@check("kernel-rich/figure-3", "reduced-replica", "experiment")
def figure3_replica(ctx):
    """(a) q_D for the given orders (Legendre form with bisection for h_D^{-1}, cross-checked against
    cvxpy's power cone min_power with its duality gap as error): quadratic near 0, and
    |z|-like growth (q_D/|z| -> 1) for D >= 3 against |z| log|z| for D = 2.
    (b) the ratio Q^D_alpha(e_1)/Q^D_alpha(1_d/sqrt(d)), d = 100, over alpha: within
    [1/sqrt(d), 1], increasing in alpha, from ~1/sqrt(d) to ~1, with a 10%-90% transition
    width in log10(alpha) that shrinks as D grows (margins: the widths' change between grid
    steps 0.05 and 0.1). (c) on the Fig. 1 data, per training set, the largest alpha^D reaching
    population error 0.025 (argmin Q^D by dual Newton): larger for D = 3 than for D = 2 at the
    first N above the set's l1 threshold (sign test), and not below it more often than chance
    pooled over N."""
    inst, seeds, Ns, log_alpha = _sparse_setup(ctx)
    depths = _ints(inst["depths"])
    if not ctx.full:
        depths = [D for D in depths if D <= 3] or depths[:1]
    d = inst["d"]
    ctx.precision = "dual Newton (double) on h_D; closed form (21) for D = 2; Clarabel cross-check"
    plt = pyplot()
    fig, ax = plt.subplots(1, 3, figsize=(11, 4.0))
    fig.subplots_adjust(bottom=0.3, wspace=0.35)
    ctx.note(f"Protocol {kr_ex.FIG3AB_PROTOCOL.key}: {kr_ex.FIG3AB_PROTOCOL.describe()} Ran: D in {depths}, d = {d}.")

    # (a) q_D
    za = np.logspace(-3, 6, 37)
    for D in depths:
        val, err = q_D_values(D, za)
        ax[0].plot(np.log10(za), np.log10(val), label=f"D={D}")
        ratio = val / za
        rerr_a = err / za  # the error of q_D(z)/z
        if D == 2:
            big = za > 10
            all_margins(
                ctx,
                "(a) D = 2: q(z)/z increasing for z > 10 (grows like log z)",
                np.diff(ratio[big]),
                rerr_a[big][1:] + rerr_a[big][:-1],
                how="roundoff bound",
            )
            margin(
                ctx,
                "(a) D = 2: q(z)/z > 10 at z = 1e6",
                float(ratio[-1]) - 10,
                float(rerr_a[-1]),
                how="roundoff bound",
                q_over_z_at_1e6=float(ratio[-1]),
            )
        else:
            sel = za >= 10
            deficit = 1 - ratio[sel]
            all_margins(
                ctx,
                f"(a) D = {D}: 1 - q_D(z)/z > 0 for z >= 10 (l1-like growth)",
                deficit,
                rerr_a[sel],
                how="roundoff bound",
            )
            all_margins(
                ctx,
                f"(a) D = {D}: 1 - q_D(z)/z decreasing for z >= 10 (q_D/z increases to 1)",
                -np.diff(deficit),
                rerr_a[sel][1:] + rerr_a[sel][:-1],
                how="roundoff bound",
                deficit_at_1e6=float(deficit[-1]),
            )
        near0 = val[:3] / za[:3] ** 2
        e0 = err[:3] / za[:3] ** 2
        margin(
            ctx,
            f"(a) D = {D}: quadratic near 0 (q_D(z)/z^2 constant to 1e-3 over z in [1e-3, 1.8e-3])",
            1e-3 * near0[0] - float(np.ptp(near0)),
            2 * float(np.max(e0)),
            how="roundoff bound",
            q_over_z2=near0.tolist(),
        )
    for D in [D for D in depths if D >= 3][:1]:
        for zv in (0.5, 5.0):
            val, err = q_D_values(D, np.array([zv]))
            cv = convex.min_power(np.array([[1.0]]), np.array([zv]), D, 1.0)
            nu = float(cv.nu[0])
            conj = dual_newton.power_conjugate(1.0, D)
            gap = abs(cv.value - (zv * nu - float(conj(np.array([nu]))[0][0])))  # primal - dual at cvxpy's nu
            ctx.agree(
                f"(a) q_{D}({zv:g}): Legendre/dual Newton = cvxpy power cone",
                float(val[0]),
                cv.value,
                tol=1e-6 * abs(cv.value),
                err=Estimate(0, gap + float(err[0]), "residual bound"),
                scale=abs(cv.value),
                cvx_status=cv.status,
            )
    ax[0].set(xlabel="log10 z", ylabel="log10 q_D(z)", title="(a) q_D")
    ax[0].legend(fontsize=6)

    # (b) the ratio
    widths = {}
    lo_end = -8.0
    for D in depths:
        out = []
        for step in (0.05, 0.1):
            la = np.round(np.arange(lo_end, 3.0 + 1e-9, step), 6)
            if D >= 5:
                la = la[la >= -2.5]  # alpha^5 >= 1e-12.5: h_D^-1 resolvable in double
            a_D = 10.0 ** (D * la)
            v1, e1 = q_D_values(D, np.ones_like(a_D), a_D)
            vu, eu = q_D_values(D, np.full_like(a_D, 1 / math.sqrt(d)), a_D)
            rho = v1 / (d * vu)
            rerr = (e1 + d * eu * rho) / (d * vu)
            s = (rho - 1 / math.sqrt(d)) / (1 - 1 / math.sqrt(d))

            def cross(level):
                i = int(np.where(s >= level)[0][0])
                return float(la[i - 1] + (level - s[i - 1]) / (s[i] - s[i - 1]) * (la[i] - la[i - 1]))

            out.append((la, rho, rerr, s, cross(0.9) - cross(0.1), cross(0.1), cross(0.9)))
        la, rho, rerr, s, w, c10, c90 = out[0]
        widths[D] = (w, abs(w - out[1][4]))
        ax[1].plot(la, rho, label=f"D={D}")
        # 1/sqrt(d) <= ratio <= 1 and increasing: the ends approach the bounds (and the steps 0)
        # as alpha -> 0, infinity, below any error: refuted by a violation beyond the error, else recorded
        lo_sl, hi_sl, inc = rho - 1 / math.sqrt(d), 1 - rho, np.diff(rho)
        for name_, sl_, er_ in (
            (f"(b) D = {D}: ratio >= 1/sqrt(d)", lo_sl, rerr),
            (f"(b) D = {D}: ratio <= 1", hi_sl, rerr),
            (f"(b) D = {D}: the ratio does not decrease with alpha", inc, rerr[1:] + rerr[:-1]),
        ):
            if np.any(sl_ < -er_):
                all_margins(ctx, name_, sl_, er_, how="roundoff bound")
            else:
                ctx.observe(name_ + " (no violation beyond the error)", smallest=float(np.min(sl_)))
        margin(
            ctx,
            f"(b) D = {D}: it starts at the l1 end (< 2% of the way at the smallest alpha)",
            0.02 - float(s[0]),
            float(rerr[0]) / (1 - 1 / math.sqrt(d)),
            how="roundoff bound",
            s_smallest=float(s[0]),
        )
        margin(
            ctx,
            f"(b) D = {D}: it reaches the l2 end (> 98% of the way at alpha = 1e3)",
            float(s[-1]) - 0.98,
            float(rerr[-1]) / (1 - 1 / math.sqrt(d)),
            how="roundoff bound",
            s_largest=float(s[-1]),
        )
        ctx.metrics[f"transition_D{D}"] = {
            "log10_alpha_10pct": c10,
            "log10_alpha_90pct": c90,
            "width_log10_alpha": w,
            "width_log10_alpha_D": D * w,
        }
    ds = sorted(widths)
    for D1, D2 in zip(ds[:-1], ds[1:]):
        (w1, e1), (w2, e2) = widths[D1], widths[D2]
        margin(
            ctx,
            f"(b) the transition is sharper for D = {D2} than for D = {D1} (10%-90% width in log10 alpha)",
            w1 - w2,
            e1 + e2,
            how="two step sizes",
            width_D1=w1,
            width_D2=w2,
        )
    ax[1].axhline(1 / math.sqrt(d), ls=":", c="k")
    ax[1].set(xlabel="log10 alpha", title="(b) Q(e_1) / Q(1/sqrt(d))")
    ax[1].legend(fontsize=6)

    # (c) largest alpha^D that recovers the plant, on the Fig. 1 data (per training set)
    r, sd, acc = inst["r_star"], inst["noise_sd"], inst["accuracy"]
    since = _ran_protocol(
        ctx,
        kr_ex.SPARSE_PROTOCOL,
        f"(c): d = {d}, r* = {r}, noise sd {sd:g}, {seeds} training sets, N in {list(Ns)}, D in {depths}.",
    )
    # the Fig. 1 grid of alpha^2 (its D = 2 paths are shared), cut to alpha^D in [1e-12, 1e2]
    fig1_scales = tuple(float(2 * v) for v in log_alpha)
    keep = [j for j, v in enumerate(fig1_scales) if -12 <= v <= 2]
    grid = np.array([fig1_scales[j] for j in keep])
    E1 = sparse_errors(seeds, d, Ns, r, sd, 2, fig1_scales)[1]
    a_max = {}
    for D in depths:
        E = (
            sparse_errors(seeds, d, Ns, r, sd, 2, fig1_scales)[0][:, :, keep]
            if D == 2
            else sparse_errors(seeds, d, Ns, r, sd, D, tuple(float(v) for v in grid))[0]
        )
        a_max[D] = np.full((seeds, len(Ns)), -math.inf)
        for s_ in range(seeds):
            for i in range(len(Ns)):
                ok = np.where(E[s_, i] <= acc)[0]
                if len(ok):
                    a_max[D][s_, i] = grid[ok[-1]]
        _band(ax[2], Ns, np.where(np.isfinite(a_max[D]), a_max[D], np.nan), label=f"D={D} (median, 10-90%)")
        ctx.metrics[f"log10_alphaD_max_D{D}"] = {f"seed {s_}": a_max[D][s_].tolist() for s_ in range(seeds)}
    if 2 in a_max and 3 in a_max:
        above = []
        for s_ in range(seeds):
            i1 = _l1_threshold(E1[s_ : s_ + 1], Ns, acc)
            if i1 is not None and i1 < len(Ns) - 1:
                above.append(a_max[3][s_, i1 + 1] > a_max[2][s_, i1 + 1])
        n, k = len(above), sum(above)
        label_c = (
            "(c) just above a training set's l1 threshold, D = 3 recovers the plant from a larger alpha^D than D = 2 "
            "(sign test)"
        )
        if n >= 10:
            _sign_test(ctx, label_c, k, n)
        else:
            premise_not_reached(ctx, label_c + ": fewer than 10 training sets resolve their threshold", n=n)
        both = np.isfinite(a_max[2]) | np.isfinite(a_max[3])
        pooled = (np.maximum(a_max[3], -1e3) - np.maximum(a_max[2], -1e3))[both]
        below, untied = int(np.sum(pooled < 0)), int(np.sum(pooled != 0))
        label_p = (
            "(c) pooled over N and training sets, D = 3's alpha^D_max is below D = 2's "
            "in no more cases than chance allows"
        )
        if untied and montecarlo.sign_test_pvalue(below, untied) <= P_Z:  # significantly more often below: refutes
            ctx.proportion(label_p, untied - below, untied, ">=", 0.5, level=P_Z)
        else:
            ctx.observe(label_p, D3_below=below, D3_above=int(np.sum(pooled > 0)), ties=int(np.sum(pooled == 0)))
    i1_all = _l1_threshold(E1, Ns, acc)
    if i1_all is not None:
        ax[2].axvline(Ns[i1_all], ls="--", c="k")
    _lost_settings_cannot_refute(ctx, kr_ex.SPARSE_PROTOCOL, since)
    ax[2].set(xlabel="N", ylabel="log10 largest alpha^D", title="(c)")
    ax[2].legend(fontsize=6)
    _printed(
        fig,
        "(a) q_D(z) for several D (D = 2 is q); (b) Q^D_alpha(e_1) / Q^D_alpha(1_d/|1_d|_2) vs alpha, from 1 (l2) to "
        "1/sqrt(d) (l1); (c) the largest alpha^D recovering the plant to accuracy 0.025 vs N for several orders, "
        "dashed: the samples beta_l1 needs. Text: increasing D sharpens the transition and hastens the rich limit. D "
        f"list, d and the sizes of (c) not stated; replica: D in {depths}, d = {d}.",
    )
    ctx.plot("figure-3", fig)


# =======================================================================================
# Figure 5: matrix completion
# =======================================================================================
MC_D, MC_N = 10, 60


def completion_instance(seed: int):
    """Rank-1 Y* = u v^T (u, v ~ N(0, I_10)) and the 0/1 mask of its MC_N observed entries."""
    rng = np.random.default_rng([seed, 5])
    u, v = rng.standard_normal(MC_D), rng.standard_normal(MC_D)
    Y = np.outer(u, v)
    mask = np.zeros(MC_D * MC_D)
    mask[rng.choice(MC_D * MC_D, MC_N, replace=False)] = 1
    return Y, mask.reshape(MC_D, MC_D)


@functools.cache
def completion_run(seed: int, k: int, log_scale: float):
    """Rank-1 Y* = u v^T (u, v ~ N(0, I_10)), 60 observed entries, U(0), V(0) ~ N(0, alpha^2)
    with alpha^2 k = 10^log_scale (the same Gaussian draw rescaled along the grid); gradient
    descent to loss <= 1e-6 |Y*_obs|^2. Returns (excess nuclear norm / |Y*|_*, RMS movement of
    the unobserved entries, RMS error of the unobserved entries, converged, bound on the
    relative nuclear-norm error from the remaining residual)."""
    Y, mask = completion_instance(seed)
    g = np.random.default_rng([seed, k, 6])
    alpha = math.sqrt(10.0**log_scale / k)
    U0, V0 = alpha * g.standard_normal((MC_D, k)), alpha * g.standard_normal((MC_D, k))
    run = completion_gd.train_masked(
        U0, V0, mask, Y, 1e-6 * float(np.sum(mask * Y * Y)), curvature_fraction=0.5, rel_step=0.05
    )
    M = run.U @ run.V.T
    un = mask == 0
    nucY = np.linalg.norm(Y, "nuc")
    # nuclear-norm error of a near-interpolant: |R|_* <= sqrt(d) |R|_F = sqrt(d loss)
    return (
        (np.linalg.norm(M, "nuc") - nucY) / nucY,
        float(np.sqrt(np.mean((M - U0 @ V0.T)[un] ** 2))),
        float(np.sqrt(np.mean((M - Y)[un] ** 2))),
        run.converged,
        math.sqrt(MC_D * run.loss) / nucY,
    )


@functools.cache
def min_nuclear_excess(seed: int) -> float:
    """(min |M|_* s.t. M = Y* on the observed entries) / |Y*|_* - 1 (``convex.min_nuclear_norm_completion``)."""
    Y, mask = completion_instance(seed)
    return float(convex.min_nuclear_norm_completion(mask, Y) / np.linalg.norm(Y, "nuc") - 1)


@check("kernel-rich/figure-5", "reduced-replica", "experiment")
def figure5_replica(ctx):
    """Fig. 5 at d = 10, N = 60 (as printed), over draws of (Y*, observed set, initialisation),
    widths k in {100, 1000} (full: 10, 100, 1000), alpha^2 k in [1e-3, 1] (full: [1e-4, 1e2]),
    gradient descent (adaptive step) to loss 1e-6. Asserted, paired over draws by
    Student-t intervals at the P_Z level: (1) rich side: the excess nuclear norm falls at every
    step down in alpha^2 k from 1 to 1e-2, and at the smallest scale it is approximately zero:
    not above zero, and not below
    the minimum-nuclear-norm excess (cvxpy), which is slightly negative for draws where the
    60 entries do not determine Y*; (2) kernel side: at
    alpha^2 k = 10 the unobserved entries move less as k grows (k = 10 -> 100 -> 1000); (3) the
    transition is located at alpha^2 k ~ 1: the curves (movement of unobserved entries and
    excess nuclear norm) of the two largest widths agree better at equal alpha^2 k than at
    equal sigma = alpha^2 sqrt(k) (a shift of log10 sqrt(k2/k1) in alpha^2 k)."""
    inst = ctx.instances([{}])[0]
    ctx.start(inst)
    seeds = inst["seeds"]  # both budgets (the full budget adds widths and scales)
    ks = sorted(_ints(inst["widths"]))
    curve_ks = ks if ctx.full else ks[-2:]
    grid = np.round(np.arange(-4, 2.01, 0.5), 2) if ctx.full else np.array([-3.0, -2.0, -1.0, -0.5, 0.0])
    ctx.precision = "gradient descent (adaptive step), loss <= 1e-6 |Y*_obs|^2"
    exc = {k: np.array([[completion_run(s, k, float(x))[0] for x in grid] for s in range(seeds)]) for k in curve_ks}
    move = {k: np.array([[completion_run(s, k, float(x))[1] for x in grid] for s in range(seeds)]) for k in curve_ks}
    kernel_move = {k: np.array([completion_run(s, k, 1.0)[1] for s in range(seeds)]) for k in ks}
    premise(
        ctx,
        "every run converged",
        all(completion_run(s, k, float(x))[3] for s in range(seeds) for k in curve_ks for x in grid)
        and all(completion_run(s, k, 1.0)[3] for s in range(seeds) for k in ks),
    )
    # every completion interpolates, so its nuclear norm is at least the minimum (cvxpy SDP)
    floor = np.array([min_nuclear_excess(s) for s in range(seeds)])
    kk = curve_ks[-1]
    # every completion interpolates (to its residual), so its excess is at least the minimum's: a
    # draw below it by more than the residual's bound refutes; at or above it is recorded
    resid = np.array([completion_run(s, kk, float(grid[0]))[4] for s in range(seeds)])
    below = np.where(exc[kk][:, 0] < floor - resid)[0]
    if len(below):
        j = int(below[0])
        ctx.bound(
            f"(1) k = {kk}: the excess at the smallest scale is at least the min-nuclear-norm excess (draw {j})",
            floor[j] - resid[j],
            Estimate(float(exc[kk][j, 0]), float(resid[j]), "residual bound"),
        )
    ctx.observe(
        f"(1) k = {kk}: at the smallest scale the excess is at least the min-nuclear-norm excess - residual "
        "for every draw",
        gd_excess=exc[kk][:, 0].tolist(),
        min_nuclear_excess=floor.tolist(),
    )
    since = _ran_protocol(
        ctx,
        kr_ex.FIG5_PROTOCOL,
        f"the paper's d = {MC_D}, N = {MC_N}, rank 1; widths {ks} (curves: {curve_ks}), alpha^2 k in "
        f"[1e{grid[0]:g}, 1e{grid[-1]:g}], {seeds} draws.",
    )
    rich_x = grid <= 0
    falling = (grid >= -2) & rich_x
    for k in curve_ks:
        e = exc[k][:, falling]
        xs_f = grid[falling]
        for j in range(e.shape[1] - 1):
            _mean_exceeds(
                ctx,
                f"(1) k = {k}: the excess nuclear norm falls from alpha^2 k = 1e{xs_f[j + 1]:g} to 1e{xs_f[j]:g}",
                e[:, j + 1] - e[:, j],
            )
        _mean_not_above(
            ctx,
            f"(1) k = {k}: at alpha^2 k = 1e{grid[0]:g} the excess nuclear norm is not significantly above zero",
            exc[k][:, 0],
            excess_at_1=float(exc[k][:, -1].mean()),
        )
    for k1, k2 in zip(ks[:-1], ks[1:]):
        _mean_exceeds(
            ctx,
            f"(2) alpha^2 k = 10: unobserved entries move less at k = {k2} than at k = {k1}",
            kernel_move[k1] - kernel_move[k2],
            move_k1=float(kernel_move[k1].mean()),
            move_k2=float(kernel_move[k2].mean()),
        )
    k1, k2 = curve_ks[-2], curve_ks[-1]
    shift = 0.5 * math.log10(k2 / k1)
    xr = grid[rich_x]
    for name, curves in (("movement of unobserved entries", move), ("excess nuclear norm", exc)):
        d_scale = np.array(
            [fits.shifted_mismatch(curves[k1][s, rich_x], curves[k2][s, rich_x], xr, 0.0) for s in range(seeds)]
        )
        d_sigma = np.array(
            [fits.shifted_mismatch(curves[k1][s, rich_x], curves[k2][s, rich_x], xr, shift) for s in range(seeds)]
        )
        _mean_exceeds(
            ctx,
            f"(3) {name}: k = {k1} and {k2} agree better at equal alpha^2 k than at equal sigma",
            d_sigma - d_scale,
            mismatch_equal_alpha2k=float(d_scale.mean()),
            mismatch_equal_sigma=float(d_sigma.mean()),
        )
    ctx.metrics["rms_move_unobserved_at_alpha2k_10"] = {str(k): float(v.mean()) for k, v in kernel_move.items()}
    ctx.metrics["rms_error_unobserved_smallest_scale"] = float(
        np.mean([completion_run(s, k2, float(grid[0]))[2] for s in range(seeds)])
    )
    _lost_settings_cannot_refute(ctx, kr_ex.FIG5_PROTOCOL, since)
    ctx.note(
        "'This phase transition appears to sharpen somewhat as k increases' is not "
        "asserted at these widths. The rich-side excess can be slightly negative: "
        "with 60 of 100 entries the minimum-nuclear-norm completion is not always Y*."
    )
    plt = pyplot()
    fig, ax = plt.subplots(1, 2, figsize=(9, 4.0))
    fig.subplots_adjust(bottom=0.3, wspace=0.3)
    for k in curve_ks:
        _band(ax[0], grid, exc[k], label=f"k={k}")
        _band(ax[1], grid, move[k], label=f"k={k}")
    _printed(
        fig,
        "two heatmaps over (alpha, k): the excess nuclear norm |M_alpha,k|_* - |Y*|_* (left) and the RMS change of the "
        "unobserved entries from U(0)V(0)^T (right), d = 10, N = 60, rank 1; a phase transition around "
        "alpha^2 k = sigma sqrt(k) ~ 1: excess ~ 0 below, unobserved entries unchanged above, sharpening as k grows. "
        f"Replica: curves per width (median, 10-90% of {seeds} draws) against alpha^2 k.",
    )
    ax[0].set(
        xlabel="log10 alpha^2 k = log10 sigma sqrt(k)",
        ylabel="excess nuclear norm / |Y*|_*",
        title="excess nuclear norm",
    )
    ax[1].set(xlabel="log10 alpha^2 k", ylabel="RMS change, unobserved entries", title="unobserved entries")
    ax[0].legend(fontsize=6)
    ctx.plot("figure-5", fig)


# =======================================================================================
# Figure 6 and the standard-initialisation claim: synthetic ReLU networks
# =======================================================================================
RELU_LOG_ALPHA_D = (-3.0, -1.0, 0.0, 0.5, 1.0, 2.0)  # log10(alpha^D) (0.5 -> alpha = 1.78 for D = 2)


def _circle(n, rng):
    t = rng.uniform(0, 2 * np.pi, n)
    return np.stack([np.cos(t), np.sin(t)], axis=1)


# the stated stopping rule of Fig. 6 (App. B.2: "until the training loss is below 10^-9")
FIG6_STATED_LOSS = 1e-9


@functools.cache
def relu_run(seed: int, D: int, log_alpha_D: float, width: int = 30, unbiased: bool = False, stated_stop=False):
    """One Fig. 6 run: teacher = Uniform-He 2-3-1 ReLU net, 10 training points and 400 test
    points on the unit circle; student = plain bias-free depth-D ReLU net of width 30,
    Uniform He times alpha, gradient descent to loss <= 1e-4 max(|y|^2, initial loss); with
    ``stated_stop`` on to the paper's loss 1e-9, the tail below the first tolerance finished by
    the linearised flow where that lowers the loss (``relu_nets.train``'s ``finish_below``).
    With ``unbiased`` the student is the antisymmetric pair (output 0 at initialisation).
    Returns (relative test error, grad distance, converged, relative test error of the
    tangent-kernel predictor at initialisation)."""
    rng = np.random.default_rng([seed, 61])
    teacher = relu_nets.Layout((2, 3, 1))
    t_theta = relu_nets.he_uniform(teacher, rng)
    X, Xt = _circle(10, rng), _circle(400, rng)
    y = relu_nets.output_and_jacobian(teacher, t_theta, X, False)[0]
    yt = relu_nets.output_and_jacobian(teacher, t_theta, Xt, False)[0]
    layout = relu_nets.Layout((2,) + (width,) * (D - 1) + (1,))
    net = relu_nets.Antisymmetric(layout) if unbiased else relu_nets.Plain(layout)
    w0 = relu_nets.he_uniform(layout, np.random.default_rng([seed, D, 62]))
    theta0 = net.start(10.0 ** (log_alpha_D / D) * w0)
    f0, J0 = net.output_and_jacobian(theta0, X)
    tol = 1e-4 * max(float(y @ y), float((f0 - y) @ (f0 - y)))
    if stated_stop:
        tr = relu_nets.train(net, theta0, X, y, FIG6_STATED_LOSS, finish_below=tol)
    else:
        tr = relu_nets.train(net, theta0, X, y, tol)
    _, J1 = net.output_and_jacobian(tr.theta, X)
    ft = net.output_and_jacobian(tr.theta, Xt, False)[0]
    fk = relu_nets.kernel_interpolant(net, theta0, X, y, Xt) if unbiased else np.full_like(yt, np.nan)
    rel = float(np.mean(yt**2))
    return (
        float(np.mean((ft - yt) ** 2) / rel),
        relu_nets.cosine_distance(J0, J1),
        tr.converged,
        float(np.mean((fk - yt) ** 2) / rel),
    )


def _relu_table(ctx, inst):
    seeds = inst["seeds"]  # both budgets (the full budget adds depths)
    depths = _ints(inst["depths"])
    if ctx.full and depths == [2]:
        depths = [2, 3, 5]
    table = {}
    for D in depths:
        te = np.array([[relu_run(s, D, la)[0] for la in RELU_LOG_ALPHA_D] for s in range(seeds)])
        gd = np.array([[relu_run(s, D, la)[1] for la in RELU_LOG_ALPHA_D] for s in range(seeds)])
        conv = all(relu_run(s, D, la)[2] for s in range(seeds) for la in RELU_LOG_ALPHA_D)
        table[D] = (te, gd, conv)
    if ctx.full:
        # the stated stop (loss 1e-9) against the reduced one, reported (D = 2, two draws): at D = 5 the
        # stated stop is out of reach (draw 1, alpha^D >= 1: not reached in 200k steps, ~45 s each)
        rows = []
        for s in range(2):
            for la in RELU_LOG_ALPHA_D:
                a, b = relu_run(s, 2, la), relu_run(s, 2, la, stated_stop=True)
                rows.append((b[2], abs(math.log(a[0] / b[0])), abs(a[1] - b[1])))
        ctx.metrics[
            "D=2, 2 draws, stated stop 1e-9 vs reduced: runs reaching 1e-9, max |log test-error ratio|, "
            "max |grad-distance change|"
        ] = [sum(r[0] for r in rows), max(r[1] for r in rows), max(r[2] for r in rows)]
    return seeds, table


def _relu_ran(ctx, seeds, table) -> str:
    stop = "1e-4 max(|y|^2, L(0)) (reduced: the stated 1e-9 is out of reach at D = 5, alpha^D >= 1)"
    return (
        f"N = 10, width 30 (the paper's), depths {sorted(table)}, {seeds} draws, alpha^D in "
        f"{[10.0**v for v in RELU_LOG_ALPHA_D]}, stopped at {stop}."
    )


@check("kernel-rich/figure-6", "synthetic-replica", "experiment", shares="kernel-rich/relu-synthetic")
def figure6_replica(ctx):
    """Fig. 6(a,b) synthetic part (as printed: 10 points on the circle, 3-unit teacher, width
    30, Uniform He times alpha; depth 2, full: the stated 2, 3, 5), alpha^D in [1e-3, 1e2], over
    12 draws, trained to loss 1e-4 max(|y|^2, L(0)) (the stated 1e-9: see the statement's notes).
    Asserted, paired over draws by Student-t intervals at the P_Z level: the grad distance is larger at
    the smallest alpha^D than at the largest, and falls (not significantly rising) along the
    grid (the kernel regime at large alpha, leaving it as alpha decreases); the log test error
    is smaller at the smallest alpha^D than at alpha^D >= 1 (leaving the kernel regime lowers
    the test error). MNIST (c) and CIFAR10 (d) are out of scope on CPU."""
    inst = ctx.instances([{}])[0]
    ctx.start(inst)
    ctx.precision = "gradient descent (adaptive step), loss <= 1e-4 max(|y|^2, L(0))"
    seeds, table = _relu_table(ctx, inst)
    plt = pyplot()
    fig, ax = plt.subplots(1, 2, figsize=(9, 4.0))
    fig.subplots_adjust(bottom=0.3, wspace=0.3)
    x = 10.0 ** np.array(RELU_LOG_ALPHA_D)
    for D, (te, gd, conv) in table.items():
        premise(ctx, f"D = {D}: every run reached its loss tolerance", conv)
    since = _ran_protocol(ctx, kr_ex.FIG6_PROTOCOL, _relu_ran(ctx, seeds, table))
    for D, (te, gd, conv) in table.items():
        _mean_exceeds(
            ctx,
            f"D = {D}: grad distance at alpha^D = 1e-3 exceeds that at 1e2",
            gd[:, 0] - gd[:, -1],
            gd_small=float(gd[:, 0].mean()),
            gd_large=float(gd[:, -1].mean()),
        )
        for j in range(len(x) - 1):
            _mean_not_above(
                ctx,
                f"D = {D}: the grad distance does not rise significantly from alpha^D = "
                f"1e{RELU_LOG_ALPHA_D[j]:g} to 1e{RELU_LOG_ALPHA_D[j + 1]:g}",
                gd[:, j + 1] - gd[:, j],
            )
        for j in [j for j, la in enumerate(RELU_LOG_ALPHA_D) if la >= 1]:
            _mean_exceeds(
                ctx,
                f"D = {D}: log test error at alpha^D = 1e-3 below that at the "
                f"large initialisation 1e{RELU_LOG_ALPHA_D[j]:g}",
                np.log(te[:, j]) - np.log(te[:, 0]),
            )
        for j in range(len(x) - 1):
            _mean_not_above(
                ctx,
                f"D = {D}: the test error does not fall significantly from alpha^D = "
                f"1e{RELU_LOG_ALPHA_D[j]:g} to 1e{RELU_LOG_ALPHA_D[j + 1]:g}",
                np.log(te[:, j]) - np.log(te[:, j + 1]),
            )
        _band(ax[0], RELU_LOG_ALPHA_D, np.log10(te), label=f"D={D}")
        _band(ax[1], RELU_LOG_ALPHA_D, gd, label=f"D={D}")
    _lost_settings_cannot_refute(ctx, kr_ex.FIG6_PROTOCOL, since)
    ax[0].set(xlabel="log10 alpha^D", ylabel="log10 relative test error", title="(a) median, 10-90% of draws")
    ax[1].set(xlabel="log10 alpha^D", ylabel="grad distance", title="(b)")
    ax[0].legend(fontsize=6)
    _printed(
        fig,
        "(a) test error and (b) grad distance (cosine distance of the tangent features at initialisation and at "
        "convergence) vs alpha^D for depth-D ReLU nets (D = 2, 3, 5, width 30) on 10 points of the unit circle "
        "labelled by a 3-unit teacher, GD step 0.01 to loss 1e-9; text: the kernel regime at large alpha, leaving it "
        "lowers the test error. Only (a), (b) are replicated (MNIST (c), CIFAR10 (d) are out of scope on CPU).",
    )
    ctx.plot("figure-6", fig)
    ctx.note("MNIST (Fig. 6(c)) and CIFAR10 (Fig. 6(d)) are not reproduced (out of scope on CPU).")


@check("kernel-rich/claim-standard-init-edge", "synthetic-edge", "experiment", shares="kernel-rich/relu-synthetic")
def standard_init_edge(ctx):
    """On the Fig. 6 synthetic replica (plain networks, labels from a standard Uniform-He
    teacher), paired over draws by Student-t intervals at the P_Z level: alpha = 1 has a lower test error than the
    large-initialisation end (alpha^D = 1e2); the grad distance is still falling just below
    alpha = 1 (alpha^D = 0.1 significantly above alpha = 1) and has reached its large-alpha
    plateau at the first grid point above 1 (alpha^D = 10^0.5 not significantly above
    alpha^D = 1e2) -- 'just about to enter the kernel regime'. MNIST/CIFAR10 out of scope."""
    inst = ctx.instances([{}])[0]
    ctx.start(inst)
    seeds, table = _relu_table(ctx, inst)
    since = _ran_protocol(ctx, kr_ex.FIG6_PROTOCOL, _relu_ran(ctx, seeds, table))
    j1 = RELU_LOG_ALPHA_D.index(0.0)
    jb, ja, jl = RELU_LOG_ALPHA_D.index(-1.0), RELU_LOG_ALPHA_D.index(0.5), len(RELU_LOG_ALPHA_D) - 1
    for D, (te, gd, _) in table.items():
        _mean_exceeds(
            ctx,
            f"D = {D}: test error at alpha = 1 below the large-alpha end (log ratio)",
            np.log(te[:, jl]) - np.log(te[:, j1]),
            test_error_alpha1=float(np.exp(np.log(te[:, j1]).mean())),
            test_error_rich=float(np.exp(np.log(te[:, 0]).mean())),
        )
        _mean_exceeds(
            ctx,
            f"D = {D}: grad distance still falling below alpha = 1 (alpha^D = 0.1 above 1)",
            gd[:, jb] - gd[:, j1],
        )
        _mean_not_above(
            ctx,
            f"D = {D}: plateau reached at alpha^D = 10^0.5 (not significantly above the alpha^D = 1e2 value)",
            gd[:, ja] - gd[:, jl],
            gd_alpha1=float(gd[:, j1].mean()),
            gd_plateau=float(gd[:, jl].mean()),
        )
    _lost_settings_cannot_refute(ctx, kr_ex.FIG6_PROTOCOL, since)
    if ctx.full:
        # the unbiased (antisymmetric) variant of the same networks, reported only
        for D in table:
            ub = {la: [relu_run(s, D, la, unbiased=True) for s in range(seeds)] for la in (-3.0, 0.0, 2.0)}
            lr = [math.log(r[0] / r[3]) for r in ub[0.0]]
            ctx.metrics[f"unbiased D={D}"] = {
                "grad distance at alpha^D = 1e-3, 1, 1e2": [
                    float(np.mean([r[1] for r in ub[la]])) for la in (-3.0, 0.0, 2.0)
                ],
                "log(test error / tangent-kernel predictor's) at alpha = 1: mean, SE": list(
                    montecarlo.mean_and_standard_error(lr)
                ),
                "log(test error at alpha^D = 1e-3 / at alpha = 1): mean, SE": list(
                    montecarlo.mean_and_standard_error([math.log(a[0] / b[0]) for a, b in zip(ub[-3.0], ub[0.0])])
                ),
            }
    ctx.note(
        "The position of the edge in alpha scales with the label scale (homogeneity), which the paper does not state; "
        "'good test error' is asserted relative to the kernel side, not relative to the rich end (where it is lower)."
    )


# =======================================================================================
# Figure 7 and App. B.1: univariate ReLU networks
# =======================================================================================
UNIVARIATE_DATA = {
    # consecutive slope changes alternate in sign: the minimal-integral-|f''| interpolant is
    # unique (the linear spline)
    "alternating": ((-1.0, -0.6, -0.2, 0.2, 0.6, 1.0), (0.2, -0.5, 0.4, -0.3, 0.5, -0.1)),
    # slope changes (+, +, -, -): minimisers of integral |f''| are not unique
    "runs": (
        (-0.99054733, -0.62613742, -0.22065318, 0.07792663, 0.68998537, 1.05720829),
        (-0.62419785, -0.88970675, -0.45006126, 0.31486603, 0.12453133, -0.69987547),
    ),
}
LAYER_SCALINGS = (0.5, 2.0, 1.0)  # quick budgets use a prefix
RICH_ALPHAS = (0.01, 0.003)  # the rich limit is read at the second; the change from the first is its alpha -> 0 error
KERNEL_ALPHA = 100.0


def _univariate_w0(k: int, c: float):
    """w1, b1 ~ N(0, 1), w2 ~ N(0, 2/k) (Fig. 7(a)), then (w1, b1, w2) -> (c w1, c b1, w2/c)."""
    rng = np.random.default_rng([k, 7])
    layout = relu_nets.Layout((1, k, 1), bias=True)
    W1, B1 = rng.standard_normal((k, 1)), rng.standard_normal(k)
    W2 = rng.standard_normal((1, k)) * math.sqrt(2 / k)
    return layout, layout.flatten([(c * W1, c * B1), (W2 / c, np.zeros(1))])


def _data_grid(xs, per=400):
    return np.unique(np.concatenate([np.linspace(xs[i], xs[i + 1], per + 1) for i in range(len(xs) - 1)]))


@functools.cache
def univariate_run(data: str, k: int, c: float, alpha: float):
    """Unbiased 2-layer ReLU network trained from alpha w0 to loss <= 1e-7 |y|^2; returns its
    values on the data grid, at the data, and whether it converged."""
    xs, ys = (np.array(v) for v in UNIVARIATE_DATA[data])
    layout, w0 = _univariate_w0(k, c)
    net = relu_nets.Antisymmetric(layout)
    tr = relu_nets.train(net, net.start(alpha * w0), xs[:, None], ys, 1e-7 * float(ys @ ys), max_steps=60_000)
    g = _data_grid(xs)
    return (
        net.output_and_jacobian(tr.theta, g[:, None], False)[0],
        net.output_and_jacobian(tr.theta, xs[:, None], False)[0],
        tr.converged,
    )


@functools.cache
def univariate_kernel(data: str, k: int, c: float):
    """The tangent-kernel interpolant at w0 (the alpha -> infinity limit of the unbiased net:
    the kernel scales by alpha^2, the interpolant does not) on the data grid."""
    xs, ys = (np.array(v) for v in UNIVARIATE_DATA[data])
    layout, w0 = _univariate_w0(k, c)
    net = relu_nets.Antisymmetric(layout)
    return relu_nets.kernel_interpolant(net, net.start(w0), xs[:, None], ys, _data_grid(xs)[:, None])


def _rms(u, v):
    return float(np.sqrt(np.mean((np.asarray(u) - np.asarray(v)) ** 2)))


def _tv_excess(values, g, xs, at_data):
    """Total variation of the finite-difference slope on the data grid, minus that of the
    secants through the function's own values at the data (a lower bound for any function
    with those values): 0 for a minimal-integral-|f''| interpolant."""
    s = np.diff(values) / np.diff(g)
    sec = np.diff(at_data) / np.diff(xs)
    return float(np.sum(np.abs(np.diff(s))) - np.sum(np.abs(np.diff(sec))))


def _univariate_setup(ctx, quick_scalings: int):
    inst = ctx.instances([{}])[0]
    ctx.start(inst)
    k = inst["width"]
    datas = list(UNIVARIATE_DATA) if inst["data"] == "both" else [inst["data"]]
    ctx.precision = "gradient descent (adaptive step), loss <= 1e-7 |y|^2; kernel interpolant by linear algebra"
    return k, datas, LAYER_SCALINGS if ctx.full else LAYER_SCALINGS[:quick_scalings]


def univariate_summary(data: str, k: int, scalings: tuple) -> dict:
    """The rich limit (alpha = 0.003; error = change from alpha = 0.01) and the kernel limit
    (tangent-kernel interpolant) for each layer scaling, and the distances the checks use."""
    xs, ys = (np.array(v) for v in UNIVARIATE_DATA[data])
    g = _data_grid(xs)
    lin = np.interp(g, xs, ys)
    rich = {c: univariate_run(data, k, c, RICH_ALPHAS[1]) for c in scalings}
    prev = {c: univariate_run(data, k, c, RICH_ALPHAS[0]) for c in scalings}
    kern = {c: univariate_kernel(data, k, c) for c in scalings}
    pairs = [(a, b) for i, a in enumerate(scalings) for b in scalings[i + 1 :]]
    return dict(
        g=g,
        xs=xs,
        lin=lin,
        rich=rich,
        kern=kern,
        converged=all(r[2] for r in list(rich.values()) + list(prev.values())),
        a_err={c: _rms(rich[c][0], prev[c][0]) for c in scalings},
        rich_spline={c: _rms(rich[c][0], lin) for c in scalings},
        kern_spline={c: _rms(kern[c], lin) for c in scalings},
        rich_pair=max((_rms(rich[a][0], rich[b][0]) for a, b in pairs), default=0.0),
        kern_pair=max((_rms(kern[a], kern[b]) for a, b in pairs), default=0.0),
        rich_to_kernel=min(_rms(rich[c][0], kern[c]) for c in scalings),
        tv_excess={c: _tv_excess(rich[c][0], g, xs, rich[c][1]) for c in scalings},
        tv_excess_prev={c: _tv_excess(prev[c][0], g, xs, prev[c][1]) for c in scalings},
        tv_secant=float(np.sum(np.abs(np.diff(np.diff(ys) / np.diff(xs))))),
    )


def _spline_item(ctx, data, sm):
    for c in sm["rich"]:
        # the rich limit's error: its change between alpha = 0.01 and 0.003 (the alpha -> 0 limit
        # at two "tolerances")
        margin(
            ctx,
            f"{data}, c = {c:g}: the rich limit is closer to the linear spline than the kernel limit is",
            sm["kern_spline"][c] - sm["rich_spline"][c],
            sm["a_err"][c],
            rich_to_spline_rms=sm["rich_spline"][c],
            kernel_to_spline_rms=sm["kern_spline"][c],
        )


def _independence_item(ctx, data, sm):
    err = max(sm["a_err"].values())
    margin(
        ctx,
        f"{data}: the rich limit does not depend on the layer scaling (its spread below the kernel limits' spread)",
        sm["kern_pair"] - sm["rich_pair"],
        err,
        rich_spread_rms=sm["rich_pair"],
        kernel_spread_rms=sm["kern_pair"],
    )


def _kernel_items(ctx, data, sm, k, gd: bool, rich_unique: bool = True):
    """The kernel limit depends on the scaling: its spread over scalings (largest pairwise RMS
    distance) exceeds the rich spread plus the alpha error; with ``gd``, gradient descent from
    alpha = 100 ends at the tangent-kernel interpolant (10x closer to it than the rich limit).
    Where the rich minimiser is not unique (``rich_unique=False``), the rich spread is no
    reference: the spreads are recorded, not judged."""
    err = max(sm["a_err"].values())
    label = f"{data}: the kernel limit changes with the layer scaling (kernel spread > rich spread)"
    if rich_unique:
        margin(
            ctx,
            label,
            sm["kern_pair"] - sm["rich_pair"],
            err,
            kernel_spread_rms=sm["kern_pair"],
            rich_spread_rms=sm["rich_pair"],
        )
    else:
        ctx.observe(label, kernel_spread_rms=sm["kern_pair"], rich_spread_rms=sm["rich_pair"], alpha_error=err)
    if gd:
        xs, ys = (np.array(v) for v in UNIVARIATE_DATA[data])
        c = next(iter(sm["kern"]))
        layout, w0 = _univariate_w0(k, c)
        net = relu_nets.Antisymmetric(layout)
        tr = relu_nets.train(
            net, net.start(KERNEL_ALPHA * w0), xs[:, None], ys, 1e-7 * float(ys @ ys), max_steps=100_000
        )
        d_k = _rms(net.output_and_jacobian(tr.theta, sm["g"][:, None], False)[0], sm["kern"][c])
        label = (
            f"{data}, c = {c:g}: gradient descent from alpha = {KERNEL_ALPHA:g} ends at the tangent-kernel interpolant "
            f"(10x closer to it than the rich limit is)"
        )
        premise(ctx, f"{data}, c = {c:g}: gradient descent from alpha = {KERNEL_ALPHA:g} converged", tr.converged)
        # no error estimate of the GD end point is measured (one run): recorded, not judged
        ctx.observe(label, gd_to_kernel_rms=d_k, rich_to_kernel_rms=sm["rich_to_kernel"])


def _tv_item(ctx, data, sm):
    premise(ctx, f"{data}: every run interpolates (loss <= 1e-7 |y|^2)", sm["converged"])
    if not sm["converged"]:
        return
    c = max(sm["tv_excess"], key=lambda c: sm["tv_excess"][c])
    worst = sm["tv_excess"][c]
    # its error: the change of the excess between alpha = 0.01 and 0.003 (the alpha -> 0 limit)
    margin(
        ctx,
        f"{data}: the rich limit's integral |f''| on [x_1, x_N] exceeds the minimum (secant variation) by < 1%",
        0.01 * sm["tv_secant"] - worst,
        abs(worst - sm["tv_excess_prev"][c]),
        tv_excess=worst,
        tv_minimum=sm["tv_secant"],
    )


def _univariate_plot(ctx, summaries, name):
    plt = pyplot()
    fig, ax = plt.subplots(1, len(summaries), figsize=(4.5 * len(summaries), 3.2), squeeze=False)
    for a, (data, sm) in zip(ax[0], summaries.items()):
        a.plot(sm["xs"], np.interp(sm["xs"], sm["g"], sm["lin"]), "ko")
        a.plot(sm["g"], sm["lin"], "k--", lw=0.8, label="linear spline")
        for c, r in sm["rich"].items():
            a.plot(sm["g"], r[0], label=f"rich, c={c:g}")
        for c, kv in sm["kern"].items():
            a.plot(sm["g"], kv, ":", label=f"kernel, c={c:g}")
        a.set(title=f"{data} data", xlabel="x")
        a.legend(fontsize=6)
    ctx.plot(name, fig)


def _relu_protocol(ctx, k: int, datas: list, scalings: tuple) -> int:
    return _ran_protocol(
        ctx,
        kr_ex.FIG7_PROTOCOL,
        f"width {k} (stated: 10000), data {datas}, layer scalings c in {list(scalings)}, the rich limit at "
        f"alpha = {RICH_ALPHAS[1]:g} (error: the change from {RICH_ALPHAS[0]:g}), the kernel limit the tangent-kernel "
        "interpolant.",
    )


# Expected inconclusive in both budgets: on the 'runs' data the rich limit is not the linear spline, but at width 100
# (stated: 10000) on data the paper does not give, so by the experiments' rule that finding refutes nothing.
@check("kernel-rich/figure-7", "reduced-replica", "experiment", expect="inconclusive")
def figure7_replica(ctx):
    """Fig. 7 at width 100 with layer scalings (w1, b1, w2) -> (c w1, c b1, w2/c),
    on two 6-point data sets; rich limit = gradient descent from alpha = 0.003 (its change from
    alpha = 0.01 is the alpha -> 0 error), kernel limit = the tangent-kernel interpolant at w0.
    As printed, the rich limit 'corresponds to linear spline interpolation': tested as 'closer
    to the linear spline than the kernel limit is' -- not reproduced on the 'runs' data (quick:
    that data set and c = 1/2 only), which is a non-reproduction at a reduced width on data
    the paper does not give (FIG7_PROTOCOL), not a refutation. Full: both data sets, c in
    {1/2, 2, 1}, and the other two claims -- the rich limit does not depend on c, the kernel
    limit does (gradient descent from alpha = 100 ends at the kernel interpolant)."""
    k, datas, scalings = _univariate_setup(ctx, 1)
    datas = datas if ctx.full else [d for d in datas if d == "runs"] or datas
    since = _relu_protocol(ctx, k, datas, scalings)
    summaries = {}
    for data in datas:
        sm = summaries[data] = univariate_summary(data, k, scalings)
        premise(ctx, f"{data}: every run interpolates (loss <= 1e-7 |y|^2)", sm["converged"])
        _spline_item(ctx, data, sm)
        if len(scalings) > 1:
            _independence_item(ctx, data, sm)
            _kernel_items(ctx, data, sm, k, gd=ctx.full)
    _lost_settings_cannot_refute(ctx, kr_ex.FIG7_PROTOCOL, since, f"width {k} against the stated 10000")
    _univariate_plot(ctx, summaries, "figure-7")


@check("kernel-rich/figure-7:corrected", "reduced-replica", "experiment")
def figure7_corrected(ctx):
    """The corrected Fig. 7 claims: on the alternating data (unique minimiser) the rich limit
    is the linear spline (closer to it than the kernel limit, margin the alpha error) and does
    not depend on the layer scaling c in {1/2, 2} (full: also 1); on both data sets the rich
    limit's integral |f''| on the data range exceeds the minimum by < 1%, and the kernel limit
    changes with c (full: gradient descent from alpha = 100 ends at the kernel interpolant)."""
    k, datas, scalings = _univariate_setup(ctx, 2)
    summaries = {}
    for data in datas:
        sm = summaries[data] = univariate_summary(
            data, k, scalings if data == "alternating" or ctx.full else scalings[:1]
        )
        _tv_item(ctx, data, sm)
        if data == "alternating":
            _spline_item(ctx, data, sm)
            _independence_item(ctx, data, sm)
            _kernel_items(ctx, data, sm, k, gd=ctx.full)
        elif ctx.full:
            ctx.metrics[f"{data}: rich spread over scalings (not asserted; the minimiser is not unique)"] = sm[
                "rich_pair"
            ]
            _kernel_items(ctx, data, sm, k, gd=True, rich_unique=False)
    _univariate_plot(ctx, summaries, "figure-7-corrected")


# Expected inconclusive in both budgets, as figure-7 (the same runs): an infinite-width hypothesis checked at width 100.
@check("kernel-rich/claim-univariate-relu", "rich-vs-kernel", "experiment", expect="inconclusive")
def univariate_relu_claim(ctx):
    """The hypothesis as printed -- the rich limit is the minimal-norm interpolant 'given by a
    linear spline' -- tested as 'the rich-limit function is closer to the linear spline than
    the kernel-limit function' (not reproduced on the 'runs' data at width 100: no refutation
    of an infinite-width hypothesis, FIG7_PROTOCOL; quick: that data set, c = 1/2). Full: both
    data sets and scalings, and the kernel side (the kernel limit depends on c)."""
    k, datas, scalings = _univariate_setup(ctx, 1)
    datas = datas if ctx.full else [d for d in datas if d == "runs"] or datas
    since = _relu_protocol(ctx, k, datas, scalings)
    for data in datas:
        sm = univariate_summary(data, k, scalings)
        _spline_item(ctx, data, sm)
        if len(scalings) > 1:
            _kernel_items(ctx, data, sm, k, gd=False)
    _lost_settings_cannot_refute(
        ctx, kr_ex.FIG7_PROTOCOL, since, f"width {k} against the stated 10000 (infinite width)"
    )


@check("kernel-rich/claim-univariate-relu:corrected", "minimal-slope-variation", "experiment")
def univariate_relu_corrected(ctx):
    """The corrected hypothesis: on both data sets the rich limit's integral |f''| on the data
    range (slope variation on a grid through the data, against the secants through its own
    values) exceeds the minimum by < 1%; on the alternating data, where the minimiser is
    unique, it is the linear spline (closer to it than the kernel limit). Quick: c = 1/2."""
    k, datas, scalings = _univariate_setup(ctx, 1)
    for data in datas:
        sm = univariate_summary(data, k, scalings)
        _tv_item(ctx, data, sm)
        if data == "alternating":
            _spline_item(ctx, data, sm)
