"""Checks for the rnn-lowdim experiments (theorems/rnn_lowdim_experiments.py) at reduced size:
gradient descent on the population loss (3.4) for balanced diagonal students (§5.1, Figs.
1(a), 5) and for general students (§5.2 / App. B: non-symmetric A from an unbalanced
Gaussian init, Figs. 3, 4), with the C.3 extrapolation error (the l_inf distance on the tail
j in [k, T), judged against the zero response's error max_{k<=j<T} |w_j|)."""

from __future__ import annotations

import functools

import numpy as np

from numerics import linear_rnn as nl
from numerics import moments, optimizers
from numerics.estimate import Estimate
from theorems import rnn_lowdim as rl
from theorems import rnn_lowdim_experiments as rle

from .core import check, pyplot


def c21_teacher(dh: int, seed: int = 0, hi: float = 0.9):
    """App. C.2.1 at reduced size: eigenvalues spread uniformly over [0.6, hi] (linspace; the
    paper's hi = 1.05 needs far more optimisation steps than a quick budget allows -- the
    student's atoms must climb to 1.05 and the tail error amplifies any residual by 1.05^T --
    so the reduced runs use hi = 0.9), B^ from a Gaussian around 0.5 with scale 1, normalised
    so that C^B^ = 1."""
    rng = np.random.default_rng(seed)
    atoms = np.linspace(0.6, hi, dh)
    b = rng.normal(0.5, 1.0, dh)
    p = b**2 / np.sum(b**2)
    return atoms, p


@functools.lru_cache(maxsize=64)
def diagonal_gd(
    dh: int,
    d: int,
    k: int,
    seed: int,
    init: float = 1e-2,
    lr: float = 0.2,
    steps: int = 8000,
    T: int = 40,
    adam: bool = False,
    dtype=np.float64,
):
    """GD (or Adam, App. C.1) on (3.4) for the balanced diagonal student
    (A = diag(a), B = C^T = b): B and C^T receive the same gradient of (3.4) at C = B^T, so the
    run stays balanced. Returns the final loss, the tail error, the zero-response threshold
    and both responses. ``dtype``: the working precision (``np.longdouble``, 64-bit mantissa, for
    the second precision of :func:`diagonal_gd_estimates`)."""
    atoms, p = c21_teacher(dh)
    w = moments.power_moments(atoms.astype(dtype), p.astype(dtype), T)
    rng = np.random.default_rng(seed)
    a = (init * rng.standard_normal(d)).astype(dtype)
    b = (init * rng.standard_normal(d)).astype(dtype)
    lr = dtype(lr)
    J = np.arange(k)
    opt = optimizers.Adam(lr) if adam else None  # the optimiser of App. C.1
    for _ in range(steps):
        P = a[None, :] ** J[:, None]  # k x d
        h = P @ (b * b)
        g = 2 * (h - w[:k])
        gb = (g @ P) * b  # dL/dB at C = B^T
        ga = ((g * J)[1:] @ (a[None, :] ** (J[1:, None] - 1))) * b * b
        a, b = opt.step([a, b], [ga, gb]) if adam else (a - lr * ga, b - lr * gb)
    hs = np.array([np.sum(b * b * a**j) for j in range(T)])
    loss = float(np.sum((hs[:k] - w[:k]) ** 2))
    tail = float(np.max(np.abs(hs[k:] - w[k:])))
    zero = float(np.max(np.abs(w[k:])))
    return loss, tail, zero, tuple(hs), tuple(w)


@functools.lru_cache(maxsize=64)
def general_gd(w_name: str, d: int, k: int, seed: int, init: float, lr: float = 0.01, steps: int = 6000, T: int = 40):
    """GD on (3.4) for a general student (full non-symmetric A, unbalanced Gaussian init of
    scale ``init`` in every entry), gradient of numerics.linear_rnn."""
    w = [
        float(v)
        for v in (rl.teacher_response(w_name, T) if w_name in rl.TEACHERS else delay_response(int(w_name[5:]), T))
    ]
    rng = np.random.default_rng(seed)
    A = init * rng.standard_normal((d, d))
    B = init * rng.standard_normal(d)
    C = init * rng.standard_normal(d)
    for _ in range(steps):
        h = nl.impulse(A, B, C, k)
        GA, GB, GC = nl.impulse_gradient(A, B, C, [2 * (h[j] - w[j]) for j in range(k)])
        A, B, C = A - lr * GA, B - lr * GB, C - lr * GC
    hs = nl.impulse(A, B, C, T)
    loss = float(sum((hs[j] - w[j]) ** 2 for j in range(k)))
    tail = float(max(abs(hs[j] - w[j]) for j in range(k, T)))
    zero = float(max(abs(w[j]) for j in range(k, T)))
    return loss, tail, zero


def diagonal_gd_estimates(dh, d, k, seed):
    """:func:`diagonal_gd` in double and in extended precision (np.longdouble): loss, tail error,
    zero threshold and the responses as Estimates (the double value, error = the difference of
    the two precisions, formed exactly)."""
    lo = diagonal_gd(dh, d, k, seed)
    hi = diagonal_gd(dh, d, k, seed, dtype=np.longdouble)
    two = lambda x, y: Estimate.twice(float(y), float(x), how="two precisions")  # noqa: E731
    return (
        two(lo[0], hi[0]),
        two(lo[1], hi[1]),
        two(lo[2], hi[2]),
        [two(x, y) for x, y in zip(lo[3], hi[3])],
        lo[4],
    )


@functools.lru_cache(maxsize=64)
def general_gd_extended(
    w_name: str, d: int, k: int, seed: int, init: float, lr: float = 0.01, steps: int = 6000, T: int = 40
):
    """:func:`general_gd` (the same draw, steps and gradient formulas) in extended precision
    (np.longdouble, 64-bit mantissa), with its own dtype-preserving impulse response and gradient
    (numerics.linear_rnn works in double): the second precision of :func:`general_gd_estimates`."""
    ld = np.longdouble
    w = [
        ld(float(v))
        for v in (rl.teacher_response(w_name, T) if w_name in rl.TEACHERS else delay_response(int(w_name[5:]), T))
    ]
    rng = np.random.default_rng(seed)
    A = (init * rng.standard_normal((d, d))).astype(ld)
    B = (init * rng.standard_normal(d)).astype(ld)
    C = (init * rng.standard_normal(d)).astype(ld)
    step = ld(lr)

    def impulse(A, B, C, n):
        out, v = [], B
        for _ in range(n):
            out.append(C @ v)
            v = A @ v
        return out

    def hankel(g):
        H = np.zeros((k - 1, k - 1), dtype=ld)
        for r in range(k - 1):
            H[r, : k - 1 - r] = g[r + 1 :]
        return H

    for _ in range(steps):
        u, v = [C], [B]  # u_r = (A^r)^T C^T, v_r = A^r B
        for _ in range(1, k):
            u.append(A.T @ u[-1])
            v.append(A @ v[-1])
        g = [2 * (C @ v[j] - w[j]) for j in range(k)]
        GB = sum(g[j] * u[j] for j in range(k))
        GC = sum(g[j] * v[j] for j in range(k))
        # sum_{j >= 1} g_j sum_{r < j} u_r v_{j-1-r}^T = U^T H V with the Hankel H_rs = g_{r+s+1}
        GA = np.array(u[: k - 1]).T @ hankel(g) @ np.array(v[: k - 1]) if k > 1 else np.zeros((d, d), dtype=ld)
        A, B, C = A - step * GA, B - step * GB, C - step * GC
    hs = impulse(A, B, C, T)
    loss = sum((hs[j] - w[j]) ** 2 for j in range(k))
    tail = max(abs(hs[j] - w[j]) for j in range(k, T))
    zero = max(abs(w[j]) for j in range(k, T))
    return float(loss), float(tail), float(zero)


def general_gd_estimates(w_name, d, k, seed, init, **kw):
    """:func:`general_gd` in double (numerics.linear_rnn) and :func:`general_gd_extended`:
    (loss, tail error, zero threshold) as Estimates (the double value; error: the difference,
    two precisions and two implementations of the same formulas)."""
    lo, hi = general_gd(w_name, d, k, seed, init, **kw), general_gd_extended(w_name, d, k, seed, init, **kw)
    return tuple(Estimate.twice(y, x, how="two precisions") for x, y in zip(lo, hi))


def delay_response(dh: int, T: int):
    return [1.0 if j == dh - 1 else 0.0 for j in range(T)]


@check("rnn-lowdim/figure-1", "reduced-phase-transition", "experiment")
def figure1(ctx):
    """Fig. 1(a) reduced: d^ = 1 (the C.2.1 teacher: eigenvalue linspace(0.6, ., 1) = 0.6, C^B^ =
    1), balanced diagonal student d = 20, GD on (3.4) (lr 0.2, 8000 steps, init 1e-2), k in
    {1, 3} (full: 1..4): tail error (T = 40) below 10 % of the zero response's for k > 2d^,
    above 50 % for k < 2d^; k = 2d^ recorded."""
    ks = [1, 2, 3, 4] if ctx.full else [1, 3]
    table = {}
    for k in ks:
        inst = ctx.instances([{"dh": 1, "d": 20, "T": 40}])[0]
        ctx.start(inst)
        loss, tail, zero, _, _ = diagonal_gd_estimates(1, 20, k, 0)
        table[k] = {
            "loss": loss.value,
            "tail_error": tail.value,
            "zero_threshold": zero.value,
            "ratio": tail.value / zero.value,
        }
        if k > 2:
            ctx.bound(
                f"k={k} > 2d^: low extrapolation error (< 0.1 zero-response error)",
                tail,
                0.1 * zero.value,
                loss=loss.value,
            )
        elif k < 2:
            ctx.bound(
                f"k={k} < 2d^: high extrapolation error (> 0.5 zero-response error)",
                0.5 * zero.value,
                tail,
                loss=loss.value,
            )
    ctx.metrics["table"] = {str(k): v for k, v in table.items()}


@check("rnn-lowdim/figure-5", "reduced-impulse-responses", "experiment")
def figure5(ctx):
    """Fig. 5 reduced: d^ = 1, d = 20: the student trained with k = 2d^ = 2 matches the first k
    entries and deviates on the tail (error > 10x the k = 4d^ student's), falling below the
    teacher (|h_j| < |w_j| at j = 2k); the k = 4d^ = 4 student extrapolates (tail error < 0.05 of
    the zero response)."""
    inst = ctx.instances([{"dh": 1, "d": 20, "T": 40}])[0]
    ctx.start(inst)
    l2, t2, z2, h2e, w = diagonal_gd_estimates(1, 20, 2, 0)
    l4, t4, z4, h4e, _ = diagonal_gd_estimates(1, 20, 4, 0)
    ctx.bound(
        "k = 4d^: near-perfect extrapolation (tail error < 0.05 zero response)", t4, 0.05 * z4.value, loss=l4.value
    )
    ctx.bound("k = 2d^: tail error > 10x that of k = 4d^", Estimate(10 * t4.value, 10 * t4.error, t4.how), t2)
    last = Estimate(abs(h2e[-1].value), h2e[-1].error, h2e[-1].how)
    ctx.bound(
        "k = 2d^: the response decays to zero (|h_(T-1)| < 0.05 |h_0|)", last, 0.05 * abs(h2e[0].value), h0=h2e[0].value
    )
    h2, h4 = [v.value for v in h2e], [v.value for v in h4e]
    ctx.metrics["k=2d^_relative_error_at_j=k..k+3"] = [abs(h2[j] - w[j]) / abs(w[j]) for j in range(2, 6)]
    ctx.note(
        "'Tracks the teacher several steps beyond k' is not resolved at d^ = 1: "
        "the k = 2d^ student's error at j = k is already ~24 % of w_k (recorded); "
        "with d^ = 5 the paper's student has 10 matched entries to extrapolate from."
    )
    ctx.metrics["responses"] = {"teacher": list(w), "k=2": list(h2), "k=4": list(h4)}


def init_scale_runs(ctx):
    """figure-4's and claim-init-scale-necessary's two runs (init 1e-3 and 0.2), the same in both:
    through ``ctx.memo``, computed once per run of the suite."""
    return tuple(ctx.memo(general_gd_estimates, "T2-dyadic", 12, 6, 0, init) for init in (1e-3, 0.2))


@check("rnn-lowdim/figure-4", "reduced-init-scale", "experiment", shares="rnn-lowdim/init-scale-gd-runs")
def figure4(ctx):
    """Fig. 4 reduced: teacher T2-dyadic (d^ = 2), general student d = 12 (full A, unbalanced
    Gaussian init), GD lr 0.01, 6000 steps, k = 6 > 2d^: the tail error (T = 40) grows with the
    init scale (1e-3 vs 0.2)."""
    inst = ctx.instances([{"dh": 2, "d": 12, "T": 40}])[0]
    ctx.start(inst)
    small, large = init_scale_runs(ctx)
    ctx.bound(
        "tail error at init 0.2 > tail error at init 1e-3",
        small[1],
        large[1],
        strict=True,
        small=[e.value for e in small],
        large=[e.value for e in large],
    )


@check(
    "rnn-lowdim/claim-init-scale-necessary", "reduced-init-scale", "experiment", shares="rnn-lowdim/init-scale-gd-runs"
)
def init_scale(ctx):
    """As figure-4, plus the printed reading 'requires longer training sequences': at init 0.2
    the tail error at k = 6 exceeds the small-init error, and it is not below 10 % of the zero
    response while the small init's is."""
    inst = ctx.instances([{"dh": 2, "d": 12, "T": 40}])[0]
    ctx.start(inst)
    small, large = init_scale_runs(ctx)
    ctx.bound("small init extrapolates at k = 6 (< 0.1 zero response)", small[1], 0.1 * small[2].value)
    ctx.bound("large init does not (>= 0.1 zero response)", 0.1 * large[2].value, large[1])


@check("rnn-lowdim/claim-phase-transition-linear", "diagonal-and-general-students", "experiment")
def phase_transition(ctx):
    """§5.1 (balanced diagonal student, figure-1's runs, d^ = 1: k = 1 high, k = 3 low) and §5.2
    (general student: full A, unbalanced Gaussian init 0.1, delay teacher d^ = 3, d = 12, GD lr
    0.05, 3000 steps): the tail error at k = 8 > 2d^ is below that at k = 5 < 2d^."""
    inst = ctx.instances([{"dh": 1, "d": 20, "T": 40}])[0]
    ctx.start(inst)
    lo = diagonal_gd_estimates(1, 20, 1, 0)
    hi = diagonal_gd_estimates(1, 20, 3, 0)
    ctx.bound("§5.1: k = 1 < 2d^ high (> 0.5 zero response)", 0.5 * lo[2].value, lo[1])
    ctx.bound("§5.1: k = 3 > 2d^ low (< 0.1 zero response)", hi[1], 0.1 * hi[2].value)
    inst = ctx.instances([{"dh": 3, "d": 12, "T": 40}])[0]
    ctx.start(inst)
    below = general_gd_estimates("delay3", 12, 5, 0, 0.1, lr=0.05, steps=3000)
    above = general_gd_estimates("delay3", 12, 8, 0, 0.1, lr=0.05, steps=3000)
    ctx.bound(
        "§5.2 (delay teacher, general student): tail error at k = 8 > 2d^ below 1/10 of that at k = 5 < 2d^",
        above[1],
        Estimate(0.1 * below[1].value, 0.1 * below[1].error, below[1].how),
        k5=[e.value for e in below],
        k8=[e.value for e in above],
    )


@check("rnn-lowdim/claim-gru-threshold", "printed-ratio-consistency", "experiment", expect="inconclusive")
def gru(ctx):
    """Not decidable here (expected inconclusive, with the reason recorded): the GRU teacher's
    target response, the readout, the learning rate and N are not stated, and no GRU model is
    part of this suite. The only checkable part is recorded: the reported threshold ratio
    k_g/d^_g ~ 4 lies between Fig. 2(b)'s k_g = 30 (fails, ratio 3) and k_g = 60 (tracks, ratio 6)."""
    ctx.start(ctx.instances([{}])[0])
    ctx.observe("30/10 < 4 < 60/10 (printed numbers consistent)", holds=30 / 10 < 4 < 60 / 10)
    ctx.observe(
        "critical k_g ~ 4 d^_g for GRUs",
        holds=None,
        why="GRU teacher/target, readout, lr and N not stated; no GRU in the suite",
    )


# ---------------------------------------------------------------------------------------
# Figure 1(a) at the paper's size (issue 20): d^ = 5, d = 40, Adam lr 1e-3, 15K steps on (3.4)
# ---------------------------------------------------------------------------------------
PAPER_SEEDS = tuple(range(8))


def c21_paper_teacher(dh: int, seed: int, placement: str):
    """C.2.1 as printed: eigenvalues uniform on [0.6, 1.05] (evenly spaced, or drawn), B^ = C^T
    from N(0.5, 1), normalised so that C^B^ = 1 (the masses p = b^2 / sum b^2)."""
    rng = np.random.default_rng([seed, 11])
    atoms = np.linspace(0.6, 1.05, dh) if placement == "linspace" else np.sort(rng.uniform(0.6, 1.05, dh))
    b = rng.normal(0.5, 1.0, dh)
    return atoms, b**2 / np.sum(b**2)


def diagonal_adam_seeds(
    dh: int, d: int, k: int, seeds: tuple, placement: str, init: float, lr: float, steps: int, T: int
):
    """Adam (PyTorch's defaults: betas 0.9, 0.999, eps 1e-8) on (3.4) for balanced diagonal
    students, one per seed, vectorised over the seeds (the gradient as in :func:`diagonal_gd`):
    the students' and teachers' impulse responses (lists, T entries per seed) and an a priori
    roundoff bound for each tail error."""
    S = len(seeds)
    W = np.zeros((S, T))
    for i, s in enumerate(seeds):
        atoms, p = c21_paper_teacher(dh, s, placement)
        W[i] = moments.power_moments(atoms, p, T)
    rng = np.random.default_rng([*seeds, 99])
    a, b = init * rng.standard_normal((S, d)), init * rng.standard_normal((S, d))
    J = np.arange(k)
    opt = optimizers.Adam(lr)
    for _ in range(steps):
        P = a[:, None, :] ** J[None, :, None]
        g = 2 * (np.einsum("skd,sd->sk", P, b * b) - W[:, :k])
        gb = np.einsum("sk,skd->sd", g, P) * b
        Pm = np.concatenate([np.zeros((S, 1, d)), P[:, :-1]], axis=1)
        ga = np.einsum("sk,skd->sd", g * J, Pm) * b * b
        a, b = opt.step([a, b], [ga, gb])
    H = np.stack([np.sum(b * b * a**j, axis=1) for j in range(T)], axis=1)
    # each response entry: (steps + T) updates of k d terms, scaled by the largest response entry
    scale = float(np.nanmax(np.abs(np.concatenate([H, W], axis=1)))) if np.isfinite(H).all() else np.inf
    return {"H": H.tolist(), "W": W.tolist(), "roundoff": Estimate.roundoff((steps + T) * k * d, scale).error}


def _fig1a_points(ctx, proto):
    """A probe's protocol (its overrides, the rest representative), else the whole grid."""
    names = [r.name for r in proto.lost]
    over = {n: ctx.param(n) for n in names if n in ctx.overrides}
    return [{**proto.representative(), **over}] if over else proto.grid()


# Expected inconclusive in both budgets: the quick budget does not run the paper's size, and the full budget's grid
# fails under 7 of its 8 protocols and is undecided under one (not every protocol fails).
@check("rnn-lowdim/figure-1", "paper-size-adam", "experiment", expect="inconclusive")
def figure1_paper_size(ctx):
    """Fig. 1(a) at the paper's size (full budget, the whole grid: 8 trainings of 8 seeds, 73 s
    at a load average of about 12): d^ = 5, d = 40, balanced diagonal students, Adam lr 1e-3 for
    15K steps on (3.4), the C.2.1 teacher; per seed, the tail error is high (> HIGH_RATIO of the
    zero response's) at k = 2 d^ - offset and low (< LOW_RATIO) at k = 2 d^ + offset; judged by
    the experiments' rule over the grid (a probe runs one protocol: ``--set placement=uniform``)."""
    proto = rle.FIG1A_PROTOCOL
    pts = _fig1a_points(ctx, proto)
    ctx.start({**ctx.instances([{"dh": 5, "d": 40}])[0], **pts[0]})
    ctx.note(f"Protocol {proto.key}: {proto.describe()}")
    if not ctx.full and not ctx.overrides:
        ctx.undecided("paper-size runs", "Figure 1(a) at the paper's size runs in the full budget (73 s)")
        return
    rows, curves = [], {}
    for pt in pts:
        k0 = 2 * pt["d_hat"]
        out = {}
        for k in (k0 - pt["k_offset"], k0 + pt["k_offset"]):
            T = max(max(r.values) for r in proto.lost if r.name == "T")
            r = ctx.memo(
                diagonal_adam_seeds,
                pt["d_hat"],
                pt["width"],
                k,
                PAPER_SEEDS,
                pt["placement"],
                pt["init"],
                pt["lr"],
                pt["steps"],
                max(T, pt["T"]),
            )
            H, W = np.asarray(r["H"])[:, : pt["T"]], np.asarray(r["W"])[:, : pt["T"]]
            tail = np.max(np.abs(H[:, k:] - W[:, k:]), axis=1)
            zero = np.max(np.abs(W[:, k:]), axis=1)
            out[k] = (tail / zero, r["roundoff"] / zero)
        (lo_k, (r_lo, e_lo)), (hi_k, (r_hi, e_hi)) = sorted(out.items())
        high = (r_lo - e_lo > rle.HIGH_RATIO) & np.isfinite(r_lo)
        low = (r_hi + e_hi < rle.LOW_RATIO) & np.isfinite(r_hi)
        decided = np.isfinite(r_lo) & np.isfinite(r_hi) & (np.abs(r_lo - rle.HIGH_RATIO) > e_lo)
        decided &= np.abs(r_hi - rle.LOW_RATIO) > e_hi
        rows.append({"protocol": pt, "successes": int(np.sum(high & low & decided)), "trials": int(np.sum(decided))})
        tag = f"{pt['placement']}, T={pt['T']}"
        for kk in (lo_k, hi_k):
            curves.setdefault(tag, {})[kk] = out[kk][0].tolist()
    ctx.metrics["tail_ratios"] = curves
    ctx.reproduction(
        "error high below k = 2 d^ and low above it",
        rows,
        ">",
        rle.TYPICAL_RATE,
        fragments=proto.fragments,
        grid=proto.grid(),
        level=rle.TEST_LEVEL,
    )

    plt = pyplot()

    fig, ax = plt.subplots(figsize=(5.5, 3.4))
    for (tag, by_k), colour in zip(sorted(curves.items()), ("C0", "C1", "C2", "C3")):
        ks = sorted(by_k)
        med = [float(np.median(by_k[k])) for k in ks]
        ax.fill_between(ks, [min(by_k[k]) for k in ks], [max(by_k[k]) for k in ks], color=colour, alpha=0.15, lw=0)
        ax.plot(ks, med, "o-", color=colour, ms=3, label=f"{tag} (median, min-max of 8 seeds)")
    ax.axhline(rle.LOW_RATIO, color="gray", ls=":", lw=0.6)
    ax.axhline(rle.HIGH_RATIO, color="gray", ls="--", lw=0.6)
    ax.axvline(10, color="gray", lw=0.5)
    ax.set_yscale("log")
    ax.set_xlabel("training length k (2 d^ = 10 marked)")
    ax.set_ylabel("tail error / zero response's")
    ax.set_title("d^=5, d=40, balanced diagonal, Adam 1e-3, 15K steps", fontsize=8)
    ax.legend(fontsize=6)
    ctx.plot("figure-1a-paper-size.svg", fig)
    ctx.note(
        "Figure 1(a) as printed (§5.1): the l_inf extrapolation error against k for d^ = 5, d = 40: low for k > 10, "
        "high for k < 10 (a phase transition at 2 d^). Drawn: the error ratio against k per placement and horizon."
    )


# ---------------------------------------------------------------------------------------
# §5.3's GRU threshold on the paper's stack (issue 20): Keras GRU, probe-only at the paper's size
# ---------------------------------------------------------------------------------------
def gru_students(k: int, teacher_weights, width: int, lr: float, steps: int, batch: int, n_train: int, seeds, T: int):
    """Students (Keras GRU) trained on length-k sequences labelled by the teacher GRU; per seed
    [mean l_inf error over fresh length-T sequences, its standard error, the zero predictor's]."""
    from numerics import keras_training as kt

    r = kt.train(
        "gru",
        width,
        k,
        [0.0] * T,
        lr=lr,
        steps=steps,
        batch=batch,
        n_train=n_train,
        seeds=tuple(seeds),
        T=T,
        n_test=1000,
        teacher_model=("gru", rle.GRU_PROTOCOL.fragments["d_hat_g"], teacher_weights),
        recurrent_init="orthogonal",
    )
    return {"sup": r.test_sup, "seconds": r.seconds}


# The full budget's GRU run: the paper's widths, batch and k_g and the grid's training set, fewer
# Adam steps and seeds than the plausible grid's (10K steps, 8 seeds), so that it fits the full
# budget (250 steps of one seed: 9.3 s at k_g = 30, 16.9 s at 60, measured with the cores shared).
# Off the grid: its outcome is recorded and decides nothing.
GRU_FULL_RUN = {"steps": 2000, "seeds": 2}


@check("rnn-lowdim/claim-gru-threshold", "keras-gru-protocol", "experiment", expect="inconclusive")
def gru_protocol(ctx):
    """§5.3 on Keras (GRU_PROTOCOL): a teacher GRU (d^_g = 10, C.2.3: init 1e-6, 1000 Adam
    steps to mimic a target impulse response), students of width 100 trained with Adam on
    length-k_g sequences (k_g = 30 and 60); per seed the relative l_inf error is high at 30 and
    low at 60. The plausible grid (8 seeds, 10K steps) is beyond the full budget: ibv probe runs
    it (any override of the protocol's lost hyperparameters starts it); the full budget runs
    GRU_FULL_RUN (off the grid: recorded, decides nothing); the quick budget records why not."""
    from numerics import keras_training as kt

    proto = rle.GRU_PROTOCOL
    names = [r.name for r in proto.lost]
    over = {n: ctx.param(n) for n in names if n in ctx.overrides}
    if not over and ctx.full:
        over = dict(GRU_FULL_RUN)
        ctx.note(
            f"Full budget: the paper's GRU widths, batch and k_g with {over} (the grid's representative: "
            f"{ {n: proto.representative()[n] for n in over} }), off the plausible grid: recorded, decides nothing."
        )
    pt = {**proto.representative(), **over}
    ctx.start({**ctx.instances([{}])[0], **pt})
    ctx.note(f"Protocol {proto.key}: {proto.describe()}")
    if not over:
        ctx.undecided(
            "GRU threshold at the paper's size",
            "beyond the quick budget (the full budget runs a reduced protocol, GRU_FULL_RUN; the grid's 8 seeds at "
            "10K steps take hours): ibv probe runs it (e.g. --set steps=500 --set seeds=2)",
        )
        return
    steps = -(-int(pt["steps"]) // kt.CHUNK) * kt.CHUNK
    fr = proto.fragments
    weights, teacher_loss = ctx.memo(
        kt.mimic_impulse,
        "gru",
        fr["d_hat_g"],
        rle.gru_target(pt["target"], pt["T"]),
        init_scale=fr["teacher_init"],
        steps=fr["teacher_steps"],
        lr=pt["lr"],
    )
    ctx.metrics["teacher_fit_loss"] = teacher_loss
    seeds = tuple(range(int(pt["seeds"])))
    ratio = {}
    for k in (fr["k_low"], fr["k_high"]):
        r = ctx.memo(gru_students, k, weights, fr["width"], pt["lr"], steps, fr["batch"], pt["n_train"], seeds, pt["T"])
        ratio[k] = [(s / z, 3 * e / z) for s, e, z in r["sup"]]
        ctx.metrics[f"relative_linf_k_{k}"] = [x for x, _ in ratio[k]]
        ctx.metrics[f"seconds_k_{k}"] = r["seconds"]
    lo, hi = ratio[fr["k_low"]], ratio[fr["k_high"]]
    decided = [abs(a - rle.HIGH_RATIO) > ea and abs(b - rle.LOW_RATIO) > eb for (a, ea), (b, eb) in zip(lo, hi)]
    good = [a > rle.HIGH_RATIO and b < rle.LOW_RATIO for (a, _), (b, _) in zip(lo, hi)]
    ctx.reproduction(
        f"relative l_inf error high at k_g = {fr['k_low']} and low at k_g = {fr['k_high']}",
        [
            {
                "protocol": {**fr, **pt},
                "successes": sum(g and d for g, d in zip(good, decided)),
                "trials": sum(decided),
            }
        ],
        ">",
        rle.TYPICAL_RATE,
        fragments=fr,
        grid=proto.grid(),
        level=rle.TEST_LEVEL,
    )
    _gru_figure(ctx, ratio, pt)


def _gru_figure(ctx, ratio: dict, pt: dict) -> None:
    """Fig. 2(a) as far as the run goes: the relative l_inf error against k_g, each seed a point,
    their mean and min-max band, the thresholds of the judgement dashed."""
    plt = pyplot()

    ks = sorted(ratio)
    vals = [[r for r, _ in ratio[k]] for k in ks]
    fig, ax = plt.subplots(figsize=(4.5, 3.2))
    ax.fill_between(ks, [min(v) for v in vals], [max(v) for v in vals], color="C0", alpha=0.2, lw=0)
    ax.plot(ks, [float(np.mean(v)) for v in vals], "o-", color="C0", label=f"mean, min-max of {len(vals[0])} seeds")
    for k, v in zip(ks, vals):
        ax.plot([k] * len(v), v, "k.", ms=4)
    ax.axhline(rle.HIGH_RATIO, color="gray", ls="--", lw=0.6)
    ax.axhline(rle.LOW_RATIO, color="gray", ls=":", lw=0.6)
    ax.set_xlabel("training length k_g")
    ax.set_ylabel("l_inf error / zero predictor's")
    ax.set_title(f"GRU d_g=100 from GRU d^_g=10, {pt['steps']} Adam steps, lr {pt['lr']:g}", fontsize=8)
    ax.legend(fontsize=6)
    ctx.plot("figure-2a-gru.svg", fig)
    ctx.note(
        "Figure 2(a) as printed (§5.3): the extrapolation error (l_inf distance between the student's and the "
        "teacher's responses, averaged over input sequences; mean of ten seeds with a standard-deviation band) against "
        "k_g, high below a critical k_g of about 4 d^_g = 40 and low above it. Drawn: this run's relative error at "
        "k_g = 30 and 60."
    )
