"""Checks for kernel-rich: the regulariser Q_alpha and its approximations (catalog §4.8,
§4.10-§4.19): statements of theorems/kernel_rich_regularizer.py bound to SymPy derivations
(q from the flow by the recipe, series at 0 and at infinity, resultants), interval
enclosures (mpmath.iv), mpmath dual Newton argmins at astronomically small alpha, a
double-precision gradient flow, 1-D multistart minimisation over hyperbolas, and Hypothesis.

Precision rules used throughout:

* dual Newton (``argmin_q``): dps ``40 + 1.2 |log10 alpha|`` (catalog §5.1), checked at +20
  digits; the error estimate is the difference plus the final feasibility residual;
* plain mpmath evaluations: two precisions 20 digits apart, the difference is the estimate;
* interval items: ``mpmath.iv`` enclosures; the bound compares the enclosures' endpoints and
  its ``err`` covers only the rounding of those endpoints to doubles for the record.

At the end: the margins of Lemmas 5, 7 and Theorem 2 (issue 18) and the proof steps of App. E
(issue 19: Theorem 2's invocations of Lemmas 5 and 7 discharged at the printed thresholds).
"""

from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy as sp
from mpmath import iv

from numerics import convex, exact, flows, intervals
from numerics.estimate import Estimate
from theorems import kernel_rich as kr
from theorems import kernel_rich_regularizer as kq

from .core import ComputationFailed, PremiseUnmet, check, margin, pyplot
from .kernel_rich import data

z, u = kr.z, kr.u

DOUBLE_ROUND = 4e-16  # relative rounding of an mpmath endpoint to a double (recorded bounds)
FLOW_TOL = 1e-7  # double-precision flow (LSODA at 1e-12/1e-14) against an exact relation


# ---------------------------------------------------------------------------------------
# Shared numerics
# ---------------------------------------------------------------------------------------
def q_mp(x):
    """(21) in mpmath without the cancellation of ``2 - sqrt(4+z^2)``:
    ``q(z) = z asinh(z/2) - z^2/(sqrt(4+z^2) + 2)`` (the same function; (21) = derived q is
    proved in claim-general-approach)."""
    x = mpmath.mpf(x)
    return x * mpmath.asinh(x / 2) - x * x / (mpmath.sqrt(4 + x * x) + 2)


def q_iv(x):
    """Interval enclosure of q at ``x`` (an ``iv.mpf``, taken >= 0 by evenness), with
    ``asinh(t) = log(t + sqrt(1 + t^2))``."""
    x = abs(x) if not isinstance(x, iv.mpf) else x
    h = x / 2
    return x * iv.log(h + iv.sqrt(1 + h * h)) - x * x / (iv.sqrt(4 + x * x) + 2)


def Q_mp(beta, alpha, w0=None):
    """``Q_{alpha,w0}(beta) = sum c_i q(beta_i / c_i)``, ``c_i = alpha^2 w0_i^2`` (4)/(5)."""
    w0 = w0 or [1] * len(beta)
    out = mpmath.mpf(0)
    for b, w in zip(beta, w0):
        c = mpmath.mpf(alpha) ** 2 * mpmath.mpf(w) ** 2
        out += c * q_mp(mpmath.mpf(b) / c)
    return out


def Q_iv(beta, alpha):
    """Interval enclosure of ``Q_{alpha,1}(beta)``; ``beta`` and ``alpha`` as decimal strings
    or mpf (converted to enclosing intervals)."""
    a = iv.mpf(alpha)
    c = a * a
    out = iv.mpf(0)
    for b in beta:
        if b == 0:
            continue
        out += c * q_iv(abs(iv.mpf(b)) / c)
    return out


def _arb_of(x):
    """A python-flint ball enclosing ``x``: an ``mpmath.iv`` interval (the union of balls on its
    exact endpoints, at the interval precision), or an exact number."""
    import flint

    from numerics.estimate import exact_value

    if not isinstance(x, iv.mpf):
        v = exact_value(x)
        return flint.arb(flint.fmpq(v.numerator, v.denominator))
    lo, hi = exact_value(intervals.iv_lower(x)), exact_value(intervals.iv_upper(x))
    return flint.arb(flint.fmpq(lo.numerator, lo.denominator)).union(
        flint.arb(flint.fmpq(hi.numerator, hi.denominator))
    )


def certified_bound(ctx, label, lhs_iv, rhs_iv, **metrics):
    """``lhs <= rhs`` from enclosures: the ``mpmath.iv`` intervals (outward rounded) are turned
    into python-flint balls that contain them, and the ball judge decides (certified when the
    balls are apart on the claimed side, refuted when apart on the other, else inconclusive)."""
    import flint

    old = flint.ctx.prec
    flint.ctx.prec = max(old, iv.prec + 16)
    try:
        lhs, rhs = _arb_of(lhs_iv), _arb_of(rhs_iv)
        a, b = lhs.upper(), rhs.lower()
        ratio = float(b / a) if a > 0 and b > 0 else None
        return ctx.bound(label, lhs, rhs, lhs_upper=a.str(20), rhs_lower=b.str(20), slack_ratio=ratio, **metrics)
    finally:
        flint.ctx.prec = old


def _eval_encoding(fn, eps, *args, dps=50):
    """A printed threshold (an encoding of theorems/) evaluated at ``dps`` digits: eps and the
    other arguments as SymPy Floats of that precision (an exact binary eps as a Rational
    makes SymPy factor huge integers in its rational powers)."""
    fl = [sp.Float(sp.Rational(a) if isinstance(a, float) else a, dps + 10) for a in (eps, *args)]
    with mpmath.workdps(dps):
        return mpmath.mpf(sp.N(fn(*fl), dps + 10))


def mp_bound(ctx, label, lhs, rhs, err, how="two precisions", **metrics):
    """``lhs <= rhs`` for high-precision numbers, recorded as ``0 <= rhs - lhs`` with the
    difference formed in mpmath (a double cannot resolve the slack of a tight bound) and
    ``err`` its error estimate; both sides and their ratio go to the metrics. Call it inside
    the working precision of ``lhs`` and ``rhs`` (mpmath rounds every operation to the
    current precision, at least 60 digits here)."""
    with mpmath.workdps(max(mpmath.mp.dps, 60)):
        lhs, rhs = mpmath.mpf(lhs), mpmath.mpf(rhs)
        slack = rhs - lhs
        ratio = float(rhs / lhs) if lhs > 0 and rhs > 0 else None
    return ctx.bound(
        label,
        0,
        slack,
        err=err if isinstance(err, Estimate) else Estimate(0.0, float(err), how),
        lhs_value=mpmath.nstr(lhs, 20),
        rhs_value=mpmath.nstr(rhs, 20),
        slack_ratio=ratio,
        **metrics,
    )


def argmin_q(X, y, alpha, w0=None, check=True):
    """``argmin Q_{alpha,w0} s.t. X beta = y`` by the damped dual Newton method of
    ``numerics.convex`` (conjugate ``2c(cosh - 1)``, ``c = alpha^2 w0^2``) at dps
    ``40 + 1.2|log10 alpha|`` and at +20 digits. Returns ``(beta, err)`` with ``err`` the
    difference of the two solves plus the final feasibility residual (``check=False``: one
    solve, ``err`` = its residual only -- for decisions far from the solver's accuracy)."""
    Xr = [[sp.Rational(v) for v in row] for row in X]
    d = len(Xr[0])
    w0 = w0 or [1] * d
    with mpmath.workdps(30):
        mag = abs(float(mpmath.log10(mpmath.mpf(alpha))))
    dps = int(40 + 1.2 * mag)
    sols = []
    for p in (dps, dps + 20) if check else (dps,):
        with mpmath.workdps(p + 10):
            Xm = [[exact.mpf_of(v) for v in row] for row in Xr]
            ym = [exact.mpf_of(v) for v in y]
            c = [mpmath.mpf(alpha) ** 2 * mpmath.mpf(w) ** 2 for w in w0]
        with mpmath.workdps(p):
            sols.append(convex.separable_dual_newton(Xm, ym, **convex.cosh_conjugate_mp(c), dps=p))
    if not check:
        return sols[0].beta, float(sols[0].residual)
    a, b = sols
    with mpmath.workdps(dps + 20):
        err = float(max(abs(s - t) for s, t in zip(a.beta, b.beta)) + a.residual)
    return b.beta, err


def fixture_data(fixture: str):
    """``(X, y)`` of a fixture (``kr.fixture``) as tuples of rationals."""
    X, y = kr.fixture(fixture)
    return tuple(tuple(sp.Rational(v) for v in row) for row in X), tuple(sp.Rational(v) for v in y)


@functools.cache
def fixture_l1(fixture: str):
    """``(value, beta, unique)`` of min-l1 on a fixture, by exact vertex enumeration (cached)."""
    return exact.min_l1_by_basic_solutions(*fixture_data(fixture))


@functools.cache
def fixture_l2_norm2(fixture: str):
    """``||beta*_l2||_2^2`` of the fixture's min-l2 interpolant, in exact rationals (cached)."""
    return sum(v**2 for v in exact.min_l2_exact(*fixture_data(fixture)))


def random_beta(rng, d_max=8, zeros=True):
    """A vector with d in [1, d_max], entries of random sign spanning 1e-3..1e3, some zero."""
    d = int(rng.integers(1, d_max + 1))
    mags = 10 ** rng.uniform(-3, 3, d)
    signs = rng.choice([-1, 1], d)
    beta = [float(m * s) for m, s in zip(mags, signs)]
    if zeros and d > 1:
        for i in rng.choice(d, int(rng.integers(0, d)), replace=False):
            beta[int(i)] = 0.0
    if all(b == 0 for b in beta):
        beta[0] = 1.0
    return beta


# ---------------------------------------------------------------------------------------
# claim-general-approach
# ---------------------------------------------------------------------------------------
@check("kernel-rich/claim-general-approach", "recipe-symbolic", "symbolic")
def general_approach_symbolic(ctx):
    """Applies the recipe in SymPy. D = 2: on a symbolic 2x3 model, w_pm(t) = alpha w0
    exp(-/+ c X^T R(t)) with R' = r solves the flow of the §2 loss (c derived: 4); hence
    beta = b(X^T nu) with b(theta) = 2 alpha^2 w0^2 sinh(theta) and nu = -2c R(inf) (the
    printed (17)/(18) have 4 where the §2 loss gives 8 -- a time rescaling, recorded); b is
    inverted (b o b^{-1} = id, b' > 0), grad Q = b^{-1} is integrated, and the result equals
    (21); its Hessian is 1/sqrt(beta^2 + 4 alpha^4 w0^4) > 0, so KKT + strict convexity give
    uniqueness. D >= 3: w = (alpha^{2-D} + k D (D-2) S)^{-1/(D-2)}, S' = g, solves
    w' = -k D g w^{D-1} for symbolic D (scope: all D > 2); beta = w_+^D - w_-^D = alpha^D
    h_D(theta) (D = 3, 4, or the probed D); the recipe then gives q_D' = h_D^{-1}, i.e. (60),
    through the Legendre form q_D(h_D(s)) = s h_D(s) - H_D(s) (same D)."""
    t = sp.Symbol("t", real=True)
    a, w0 = kr.alpha, kr.w0s
    N, d = 2, 3
    Xs = sp.Matrix(N, d, lambda n, i: sp.Symbol(f"x{n}{i}", real=True))
    ys = sp.Matrix(N, 1, lambda n, _: sp.Symbol(f"y{n}", real=True))
    wp, wm, beta, loss = kr.diagonal_model(Xs, ys, D=2)
    rhs = kr.gradient_flow(loss, wp + wm)
    c = kr.depth2_flow_rate()
    R = sp.Matrix([sp.Function(f"R{n}")(t) for n in range(N)])
    XtR = Xs.T * R
    w_closed = [a * w0 * sp.exp(-c * XtR[i]) for i in range(d)] + [a * w0 * sp.exp(c * XtR[i]) for i in range(d)]
    sub = dict(zip(wp + wm, w_closed))
    r_closed = (Xs * beta - ys).subs(sub)
    dR = {sp.Derivative(R[n], t): r_closed[n] for n in range(N)}
    res = [sp.diff(w_closed[k], t).subs(dR) - rhs[k].subs(sub) for k in range(2 * d)]
    ctx.identity(
        "w_pm = alpha w0 exp(-/+ c X^T R), R' = r, solves the flow of the §2 loss (2x3 symbolic X)",
        res,
        scope="all real X (2x3), y, alpha, w0",
    )
    b, theta = kr.depth2_bias_map()
    beta_closed = [(w_closed[i] ** 2 - w_closed[d + i] ** 2) for i in range(d)]
    ctx.identity(
        "beta(t) = b(-2c X^T R) with b(theta) = 2 alpha^2 w0^2 sinh(theta)",
        [(beta_closed[i] - b.subs(theta, -2 * c * XtR[i])).rewrite(sp.exp) for i in range(d)],
        scope="all t",
    )
    ctx.metrics["exponent_factor_derived"] = int(2 * c)
    ctx.metrics["exponent_factor_printed_(17)"] = 4
    ctx.note(
        f"(17)/(18) print exp(-/+4 X^T int r) (flow (15) with factor 2, i.e. the loss (1/2)||.||^2); the §2 loss gives "
        f"{2 * c}: a time rescaling, which leaves nu free and the recipe unchanged."
    )
    q = kq.q_by_recipe()
    ctx.identity(
        "grad Q = b^{-1} integrated from 0 gives (21)", (q - kr.q_printed(z)).rewrite(sp.log), scope="all real z"
    )
    beta_s = sp.Symbol("beta", real=True)
    Qc = kr.Q_alpha([beta_s], a, [w0], qf=kq.q_fn(q))
    grad = sp.diff(Qc, beta_s)
    ctx.identity(
        "b(grad Q(beta)) = beta (b o b^{-1} = id; b is increasing, b' = 2 alpha^2 w0^2 cosh > 0)",
        b.subs(theta, grad) - beta_s,
        scope="all real beta",
    )
    hess = sp.simplify(sp.diff(Qc, beta_s, 2))
    ctx.identity(
        "Hessian of Q = 1/sqrt(beta^2 + 4 alpha^4 w0^4)",
        hess - 1 / sp.sqrt(beta_s**2 + 4 * a**4 * w0**4),
        scope="all real beta",
    )
    ctx.exact(
        "Hessian > 0 (strict convexity: the KKT point is the unique argmin)",
        hess,
        ">",
        0,
        whole=True,
        scope="all real z (SymPy's assumptions)",
        hessian=str(hess),
    )
    # depth D >= 3
    Dsym = sp.Symbol("D", positive=True)
    k, g = sp.symbols("k g", positive=True)
    B = sp.Symbol("B", positive=True)  # alpha^{2-D} + k D (D-2) S(t), positive along the flow (Lemma 8)
    w_of_B = B ** (-1 / (Dsym - 2))
    dB_dt = k * Dsym * (Dsym - 2) * g
    resid = sp.diff(w_of_B, B) * dB_dt + k * Dsym * g * w_of_B ** (Dsym - 1)
    ctx.identity(
        "(56): w = (alpha^{2-D} + k D(D-2) S)^{-1/(D-2)}, S' = g, solves w' = -k D g w^{D-1}",
        sp.powsimp(sp.powdenest(sp.expand(resid), force=True), force=True),
        scope="all D > 2, k > 0",
    )
    D_set = ctx.overrides.get("D")
    for D in (3, 4) if D_set is None else ((D_set,) if D_set >= 3 else ()):
        S = sp.Symbol("S", real=True)
        kk = 2  # §2 loss: -dL/dw_+ = -2 D (X^T r) w_+^{D-1}
        wpD = (a ** (2 - D) + kk * D * (D - 2) * S) ** sp.Rational(-1, D - 2)
        wmD = (a ** (2 - D) - kk * D * (D - 2) * S) ** sp.Rational(-1, D - 2)
        th = -(a ** (D - 2)) * kk * D * (D - 2) * S
        diff_beta = (wpD**D - wmD**D) - a**D * kr.h_D(D, th)
        vals = [
            sp.nsimplify(diff_beta.subs({a: sp.Rational(av), S: sp.Rational(sv)}))
            for av, sv in ((1, 1 / 50), (sp.Rational(1, 2), -1 / 7), (3, 1 / 900))
        ]
        ctx.identity(
            f"D={D}: beta = w_+^D - w_-^D = alpha^D h_D(theta), "
            "theta = -alpha^(D-2) 2D(D-2) S (exact at 3 rational points)",
            vals,
            scope="3 rational (alpha, S) points",
        )
        H = kr.H_D(D, z)
        ctx.identity(
            f"D={D}: H_D' = h_D and H_D(0) = 0, so d/ds [s h_D(s) - H_D(s)] = s h_D'(s): q_D' = h_D^(-1) as in (60)",
            [sp.diff(H, z) - kr.h_D(D, z), H.subs(z, 0)],
            scope="|z| < 1",
        )
    if ctx.full:
        ctx.identity(
            "q by the recipe = kr.q_derived (log-form derivation)",
            (q - kr.q_derived()).rewrite(sp.log),
            scope="all real z",
        )


GA_ALPHAS_QUICK = [0.5]
GA_ALPHAS_FULL = [0.2, 0.5, 1.0, 2.0]


@check("kernel-rich/claim-general-approach", "flow-kkt", "flow")
def general_approach_flow(ctx):
    """The recipe's first step on an actual flow: gradient flow of the §2 loss (SymPy
    gradient, LSODA at rtol 1e-12 and 1e-14) on the depth-2 model from alpha*1 until
    |X beta - y| < 1e-13; then theta = b^{-1}(beta_inf) = asinh(beta_inf/(2 alpha^2)) must lie
    in row(X), i.e. beta_inf = b(X^T nu) for some nu, without computing nu. Error estimate:
    two tolerances, propagated through asinh (factor 1/(2 alpha^2)) and the beta map
    (factor 2 max|w|), plus the tail step between the last two grid states."""
    quick = [{"fixture": "T5", "alpha": a} for a in GA_ALPHAS_QUICK]
    full = [{"fixture": f, "alpha": a} for f in ("T5", "random:1", "random:2") for a in GA_ALPHAS_FULL]
    ctx.precision = "double (LSODA rtol 1e-12 vs 1e-14)"
    for inst in ctx.instances(quick, full):
        a = inst["alpha"] if inst["alpha"] is not None else 0.5
        run = general_approach_off_row(inst["fixture"], float(a))
        # the hypothesis (an interpolant is reached) measured on the instance
        ctx.start({**inst, "final_residual": run["final_residual"]})
        if not run["stopped"]:
            ctx.observe("the flow did not reach |X beta - y| < 1e-13", t_final=run["t_final"])
            continue
        ctx.agree(
            "asinh(beta_inf / (2 alpha^2)) lies in row(X): beta_inf = b(X^T nu)",
            run["off_row"],
            np.zeros(len(run["off_row"])),
            tol=FLOW_TOL,
            err=Estimate(0.0, run["error"], "two tolerances"),
            scale=1.0,
            t_final=run["t_final"],
            flow_error=run["flow_error"],
        )


@functools.lru_cache(maxsize=32)
def general_approach_off_row(fixture: str, a: float) -> dict:
    """Gradient flow of the §2 loss on the depth-2 model from alpha*1 (LSODA at rtol 1e-12,
    checked at 1e-14) until |X beta - y| < 1e-13; ``off_row`` = theta - P theta with theta =
    asinh(beta_inf/(2 alpha^2)) and P the projection on row(X) (zero iff beta_inf = b(X^T nu)),
    ``error`` its estimate (two tolerances propagated through asinh and P, plus the tail)."""
    Xs, ys, X, y = data(fixture)
    d = X.shape[1]
    wp, wm, beta, loss = kr.diagonal_model(Xs, ys)
    f, J = flows.lambdify_field(kr.gradient_flow(loss, wp + wm), wp + wm)
    resid = lambda x: float(np.max(np.abs(X @ (x[:d] ** 2 - x[d:] ** 2) - y)))
    fl = flows.integrate_double(
        f,
        [a] * (2 * d),
        1e5,
        rtol=1e-12,
        method="LSODA",
        jac=J,
        stop=lambda x: resid(x) < 1e-13,
        grid=flows.geometric_grid(1e5, 1e-3, 8),
    )
    out = {"stopped": bool(fl.stopped), "final_residual": resid(fl.final), "t_final": float(fl.times[-1])}
    if not fl.stopped:
        return out
    b_of = lambda x: x[:d] ** 2 - x[d:] ** 2
    b_inf = b_of(fl.final)
    tail = float(np.max(np.abs(b_of(fl.states[-1]) - b_of(fl.states[-2])))) if len(fl.states) > 1 else 0.0
    beta_err = 2 * float(np.max(np.abs(fl.final))) * fl.final_error + tail
    theta = np.arcsinh(b_inf / (2 * a * a))
    P = X.T @ np.linalg.solve(X @ X.T, X)
    out.update(
        off_row=theta - P @ theta,
        error=beta_err / (2 * a * a) * (1 + float(np.max(np.sum(np.abs(P), axis=1)))),
        flow_error=float(fl.final_error),
    )
    return out


# ---------------------------------------------------------------------------------------
# claim-q-asymptotics (refuted as printed) and its correction
# ---------------------------------------------------------------------------------------
s_pos = sp.Symbol("s", positive=True)


@functools.cache
def q_at_infinity(order: int = 6):
    """The expansion of q (by the recipe) at z = +infinity: z = 1/s, series in s -> 0+."""
    q = kq.q_by_recipe()
    e = sp.expand_log(q.subs(z, 1 / s_pos).rewrite(sp.log), force=True)
    return sp.series(e, s_pos, 0, order).removeO()


def _order_in_s(expr) -> sp.Expr:
    """The exponent of the leading term of ``expr`` as s -> 0+."""
    lead = sp.expand(expr).as_leading_term(s_pos)
    return lead.as_coeff_exponent(s_pos)[1]


@check("kernel-rich/claim-q-asymptotics", "series-symbolic", "symbolic")
def q_asymptotics_symbolic(ctx):
    """q is derived by the recipe (not typed); SymPy's series at 0 and at infinity (z = 1/s,
    s -> 0+) are compared term by term with the printed expansions, including the order of
    the remainder: near 0, q - z^2/4 starts at z^4 (as printed); at infinity,
    q - |z| log|z| = -|z| + 2 - 1/|z| + ..., whose order |z|^1 contradicts the printed
    O(1/|z|). Theta(z^2) and Theta(|z| log|z|) are checked as limits; evenness gives |z|."""
    q = kq.q_by_recipe()
    ctx.identity("q is even (so the expansions hold in |z|)", q.subs(z, -z) - q, scope="all real z")
    rem0 = sp.series(q - z**2 / 4, z, 0, 4).removeO()
    ctx.identity(
        "near 0: q(z) - z^2/4 has no terms below z^4 (q = z^2/4 + O(z^4), as printed)", rem0, scope="series at z = 0"
    )
    ctx.exact("q = Theta(z^2) at 0: lim q/z^2 = 1/4", sp.limit(q / z**2, z, 0), "==", sp.Rational(1, 4), whole=True)
    ctx.metrics["series_at_0"] = str(sp.series(q, z, 0, 8))
    inf = q_at_infinity()
    ctx.metrics["series_at_infinity (s = 1/z)"] = str(inf)
    zlogz = (1 / s_pos) * sp.log(1 / s_pos)
    ctx.exact(
        "q = Theta(|z| log|z|) at infinity: lim q / (z log z) = 1",
        sp.limit(sp.expand_log(inf / zlogz, force=True), s_pos, 0, "+"),
        "==",
        1,
        whole=True,
    )
    rem = sp.expand(sp.expand_log(inf - zlogz, force=True))
    order = _order_in_s(rem)
    ctx.exact(
        "at infinity: q(z) - |z| log|z| = O(1/|z|) (printed)",
        order,
        ">=",
        1,
        whole=True,  # the leading order of SymPy's series at infinity: the whole claim
        remainder=str(rem),
        remainder_leading_order_in_z=str(-order),
    )


ZS_AT_INFINITY = [10**k for k in (2, 4, 6, 9, 12)]
ZS_NEAR_0 = [sp.Rational(1, 10**k) for k in (1, 2, 4, 6)]


@check("kernel-rich/claim-q-asymptotics", "interval-remainders", "interval")
def q_asymptotics_interval(ctx):
    """mpmath.iv enclosures (60 digits) of the remainders at z = 10^-1..10^-6 and
    10^2..10^12: near 0, |q - z^2/4| <= z^4/192 (the O(z^4) holds with the series'
    constant); Theta(|z| log|z|): 1/2 <= q/(z log z) <= 1 for z >= 100; at infinity the
    certified z (q - z log z) grows like -z^2 over the grid, which no O(1/|z|) remainder
    allows (refutes)."""
    iv.dps = 60
    ctx.precision = "mpmath.iv, 60 digits"
    for zv in ZS_NEAR_0:
        zi = iv.mpf(sp.Rational(zv).p) / int(sp.Rational(zv).q)
        certified_bound(
            ctx,
            f"|q(z) - z^2/4| z^-4 <= 1/192 at z = {float(zv):g}",
            abs(q_iv(zi) - zi * zi / 4) / zi**4,
            iv.mpf(1) / 192,
        )
    growth = []
    for zv in ZS_AT_INFINITY:
        zi = iv.mpf(zv)
        qz = q_iv(zi)
        zlz = zi * iv.log(zi)
        certified_bound(ctx, f"q(z) <= z log z at z = {zv:g}", qz, zlz)
        certified_bound(ctx, f"z log z / 2 <= q(z) at z = {zv:g}", zlz / 2, qz)
        growth.append((zv, zi * (qz - zlz)))
    ends = [(zv, intervals.iv_lower(g), intervals.iv_upper(g)) for zv, g in growth]
    # |z (q - z log z)| certified >= its lower end; compare the ends of the grid
    first_hi = abs(ends[0][1])  # largest magnitude at the first z (the value is negative)
    last_lo = abs(ends[-1][2])  # smallest magnitude at the last z
    ctx.metrics["z*(q - z log z) enclosures"] = {
        f"{zv:g}": [mpmath.nstr(a, 10), mpmath.nstr(b, 10)] for zv, a, b in ends
    }
    # printed O(1/|z|): |z (q - z log z)| bounded; enclosures of its size at both ends of the grid
    # (a factor 10 of room for the constant): the balls decide
    certified_bound(
        ctx,
        "|z| (q(z) - |z| log|z|) stays bounded on z in [1e2, 1e12] (printed O(1/|z|)): at 1e12 <= 10 x at 1e2",
        abs(growth[-1][1]),
        10 * abs(growth[0][1]),
        growth_factor=mpmath.nstr(last_lo / first_hi, 6),
    )


@check("kernel-rich/claim-q-asymptotics:corrected", "series-symbolic", "symbolic")
def q_asymptotics_corrected_symbolic(ctx):
    """The corrected expansions against SymPy's series of q (by the recipe): near 0,
    q - (z^2/4 - z^4/192) starts at z^6; at infinity, q - (z log z - z + 2 - 1/z) starts at
    z^-3; hence q = |z| log|z| + O(|z|) and Theta(|z| log|z|)."""
    q = kq.q_by_recipe()
    ctx.identity(
        "near 0: q - (z^2/4 - z^4/192) has no terms below z^6",
        sp.series(q - kq.q_expansion_at_0(z), z, 0, 6).removeO(),
        scope="series at z = 0",
    )
    inf = q_at_infinity(8)
    Z = 1 / s_pos
    corrected = kq.q_expansion_at_infinity(Z)
    rem = sp.expand(sp.expand_log(inf - corrected, force=True))
    order = _order_in_s(rem)
    ctx.exact(
        "at infinity: q - (|z| log|z| - |z| + 2 - 1/|z|) = O(|z|^-3)", order, ">=", 3, whole=True, remainder=str(rem)
    )
    ctx.exact(
        "q - |z| log|z| = O(|z|): lim (q - z log z)/z = -1",
        sp.limit(sp.expand(sp.expand_log((inf - Z * sp.log(Z)) / Z, force=True)), s_pos, 0, "+"),
        "==",
        -1,
        whole=True,
    )


@check("kernel-rich/claim-q-asymptotics:corrected", "interval-remainders", "interval")
def q_asymptotics_corrected_interval(ctx):
    """mpmath.iv enclosures (80 digits): z^3 (q - (z log z - z + 2 - 1/z)) lies in [0, 1/2]
    for z = 10..10^12 (the series' next coefficient is +1/2), and
    z^-6 (q - z^2/4 + z^4/192) lies in [0, 1/2560] for z = 10^-1..10^-6."""
    iv.dps = 80
    ctx.precision = "mpmath.iv, 80 digits"
    for zv in [10**k for k in (1, 2, 4, 6, 9, 12)]:
        zi = iv.mpf(zv)
        r3 = zi**3 * (q_iv(zi) - kq.q_expansion_at_infinity(zi, iv.log))
        certified_bound(
            ctx, f"z^3 (q - (z log z - z + 2 - 1/z)) <= 1/2 at z = {zv:g}", r3, zi**3 * kq.q_next_term_at_infinity(zi)
        )
        certified_bound(ctx, f"0 <= z^3 (q - (z log z - z + 2 - 1/z)) at z = {zv:g}", iv.mpf(0), r3)
    for zv in ZS_NEAR_0:
        zi = iv.mpf(sp.Rational(zv).p) / int(sp.Rational(zv).q)
        r6 = (q_iv(zi) - kq.q_expansion_at_0(zi)) / zi**6
        certified_bound(
            ctx, f"z^-6 (q - z^2/4 + z^4/192) <= 1/2560 at z = {float(zv):g}", r6, kq.q_next_term_at_0(zi) / zi**6
        )
        certified_bound(ctx, f"0 <= z^-6 (q - z^2/4 + z^4/192) at z = {float(zv):g}", iv.mpf(0), r6)


# ---------------------------------------------------------------------------------------
# (6): alpha -> infinity
# ---------------------------------------------------------------------------------------
@check("kernel-rich/claim-qalpha-limit-l2", "expansion-symbolic", "symbolic")
def qalpha_l2_symbolic(ctx):
    """Q_{alpha,w0} from q (by the recipe) through kr.Q_alpha on two symbolic coordinates,
    expanded in 1/alpha: the alpha^-2 coefficient is sum beta_i^2/(4 w0_i^2) (the weighted
    quadratic of (6)), the alpha^-4 coefficient vanishes (so the remainder is O(alpha^-6), as
    printed), and the alpha^-6 coefficient -sum beta_i^4/(192 w0_i^6) is non-zero (the order
    is exact)."""
    ep = sp.Symbol("epsilon", positive=True)
    bs = sp.symbols("beta1 beta2", real=True)
    ws = sp.symbols("w1 w2", positive=True)
    Qc = kr.Q_alpha(list(bs), kr.alpha, list(ws), qf=kq.q_fn())
    ser = sp.expand(sp.series(Qc.subs(kr.alpha, 1 / ep), ep, 0, 8).removeO())
    ctx.identity(
        "alpha^-2 coefficient = sum beta_i^2 / (4 w0_i^2)",
        ser.coeff(ep, 2) - sum(b**2 / (4 * w**2) for b, w in zip(bs, ws)),
        scope="all real beta, w0 > 0",
    )
    ctx.identity(
        "no alpha^0 and alpha^-4 terms (remainder O(alpha^-6))",
        [ser.coeff(ep, 0), ser.coeff(ep, 4)],
        scope="all real beta, w0 > 0",
    )
    c6 = sp.simplify(ser.coeff(ep, 6))
    ctx.identity(
        "alpha^-6 coefficient = -sum beta_i^4 / (192 w0_i^6) (non-zero: the order is exact)",
        c6 + sum(b**4 / (192 * w**6) for b, w in zip(bs, ws)),
        scope="all real beta, w0 > 0",
    )
    ctx.metrics["expansion"] = str(ser)


@check("kernel-rich/claim-qalpha-limit-l2", "remainder-mpmath", "random")
def qalpha_l2_remainder(ctx):
    """Random beta (d <= 8, entries 1e-3..1e3, zeros) and w0 (log-uniform in [0.2, 5]); at
    alpha = 10^k sqrt(max|beta_i|/w0_i^2), k = 1..5 (so |z| <= 1), the remainder
    alpha^6 (Q - sum beta_i^2/(4 alpha^2 w0_i^2)) is bounded by sum beta_i^4/(192 w0_i^6) --
    the O(alpha^-6) with the series' constant (alternating series for |z| <= 1) -- and tends
    to minus it. mpmath at 30 + 4 log10(alpha^2/|beta|) digits and +20 (error estimate)."""
    rng = np.random.default_rng(ctx.seed + 6)
    n = 12 if ctx.full else 4
    ks = (1, 2, 3, 4, 5) if ctx.full else (1, 3, 5)
    ctx.precision = "mpmath, adaptive dps (check +20)"
    for _ in range(n):
        beta = random_beta(rng)
        w0 = [float(v) for v in 10 ** rng.uniform(math.log10(0.2), math.log10(5), len(beta))]
        zmax = max(abs(b) / w**2 for b, w in zip(beta, w0))
        ctx.start({"alpha": None, "w0_min_abs": min(abs(w) for w in w0), "beta": beta, "w0": w0})
        for k in ks:
            a = 10**k * math.sqrt(zmax)
            zmin = min([abs(b) / (a * a * w * w) for b, w in zip(beta, w0) if b != 0])
            dps = int(30 + 4 * max(0.0, -math.log10(zmin)))
            vals = []
            for p in (dps, dps + 20):
                with mpmath.workdps(p):
                    am = mpmath.mpf(a)
                    lead = sum(mpmath.mpf(b) ** 2 / (4 * am**2 * mpmath.mpf(w) ** 2) for b, w in zip(beta, w0))
                    C = sum(mpmath.mpf(b) ** 4 / (192 * mpmath.mpf(w) ** 6) for b, w in zip(beta, w0))
                    vals.append((am**6 * (Q_mp(beta, am, w0) - lead), C))
            (r0, C0), (r1, C) = vals
            with mpmath.workdps(dps + 20):
                err = float(abs(r0 - r1) + abs(C0 - C))
                ratio = mpmath.nstr(-r1 / C, 25)
                mp_bound(
                    ctx,
                    f"|alpha^6 (Q - weighted l2^2/4)| <= sum beta^4/(192 w0^6) at alpha = 10^{k} sqrt(max|z|)",
                    abs(r1),
                    C,
                    err=err,
                    ratio_to_minus_leading=ratio,
                    d=len(beta),
                )


@check("kernel-rich/claim-qalpha-limit-l2", "argmin-weighted-l2", "convex")
def qalpha_l2_argmin(ctx):
    """On T5-w0 (and T5 with w0 = 1): argmin Q_{alpha,w0} s.t. X beta = y (dual Newton, high
    precision) approaches the weighted-l2 interpolant W X^T (X W X^T)^{-1} y, W = diag(w0^2)
    (exact rationals) -- the 'quadratic norm weighted by diag(1/w0^2)' of (6). The distance
    falls like alpha^-4 (derived: the first correction of q is z^4/192, moving the argmin by
    O(beta^3/alpha^4)); the fitted log-log slope between consecutive alphas must be -4 within
    0.01."""
    ctx.precision = "dual Newton dps 40 + 1.2|log10 alpha| (check +20)"
    alphas = [30, 300, 3000] if not ctx.full else [10, 30, 100, 300, 1000, 3000]
    for w0, name in ((tuple(kr.T5_W0), "T5-w0"), (None, "T5")):
        X, y = fixture_data("T5")
        bW = exact.min_l2_exact(X, y, [sp.nsimplify(w) ** 2 for w in (w0 or [1] * 5)])
        ctx.start({"fixture": name, "alpha": None, "w0_min_abs": min(abs(w) for w in (w0 or [1]))})
        dist = []
        for a in alphas:
            beta, err = argmin_q(X, y, a, list(w0) if w0 else None)
            with mpmath.workdps(60):
                dd = max(abs(b - exact.mpf_of(v)) for b, v in zip(beta, bW))
            dist.append((a, dd, err))
        for (a0, d0, e0), (a1, d1, e1) in zip(dist, dist[1:]):
            with mpmath.workdps(30):
                slope = float(mpmath.log(d1 / d0) / mpmath.log(mpmath.mpf(a1) / a0))
                serr = float((e0 / d0 + e1 / d1) / abs(mpmath.log(mpmath.mpf(a1) / a0)))
            ctx.agree(
                f"{name}: log-log slope of |argmin Q - weighted l2 interpolant| between alpha = {a0} and {a1} is -4",
                slope,
                -4.0,
                tol=0.01,
                err=Estimate(0.0, serr, "two precisions"),
                scale=4.0,
                distance=mpmath.nstr(d1, 6),
            )


# ---------------------------------------------------------------------------------------
# (7): alpha -> 0
# ---------------------------------------------------------------------------------------
@check("kernel-rich/claim-qalpha-limit-l1", "expansion-symbolic", "symbolic")
def qalpha_l1_symbolic(ctx):
    """One coordinate of Q_{alpha,w0} (q by the recipe, through kr.Q_alpha) with
    alpha = exp(-L/2), L = log(1/alpha^2) -> infinity: SymPy gives Q = L|beta| +
    |beta|(log(|beta|/w0^2) - 1) + O(alpha^2); hence Q/L -> |beta| for every w0 (the limit
    does not depend on w0) and L (Q/L - |beta|) -> |beta|(log(|beta|/w0^2) - 1), finite: the
    remainder is O(1/log(1/alpha^2)) as printed. beta_i = 0 contributes q(0) = 0 and
    negative beta_i follow by evenness."""
    b = sp.Symbol("b", positive=True)
    w = sp.Symbol("w", positive=True)
    Lsym = sp.Symbol("L", positive=True)
    Qc = kr.Q_alpha([b], kr.alpha, [w], qf=kq.q_fn(kq.q_by_recipe().rewrite(sp.log))).subs(kr.alpha, sp.exp(-Lsym / 2))
    ser = sp.series(Qc, Lsym, sp.oo, 3)
    ctx.metrics["expansion_in_L"] = str(ser)
    leading = sp.expand(sp.expand_log(ser.removeO(), force=True))
    ctx.identity(
        "Q = L|beta| + |beta|(log|beta| - log w0^2 - 1) + O(e^-L)",
        sp.expand(
            leading.subs(sp.exp(-Lsym), 0).subs(sp.exp(-2 * Lsym), 0) - (Lsym * b + b * (sp.log(b) - 2 * sp.log(w) - 1))
        ),
        scope="beta > 0, w0 > 0",
    )
    ctx.exact("lim Q/L = |beta|, independent of w0", sp.limit(Qc / Lsym, Lsym, sp.oo), "==", b, whole=True)
    const = sp.limit(Qc - Lsym * b, Lsym, sp.oo)
    ctx.identity(
        "L (Q/L - |beta|) -> |beta|(log(|beta|/w0^2) - 1) (finite: O(1/log(1/alpha^2)))",
        sp.expand_log(const - b * (sp.log(b / w**2) - 1), force=True),
        scope="beta > 0, w0 > 0",
    )
    ctx.identity(
        "a zero coordinate contributes 0 and q is even",
        [kq.q_by_recipe().subs(z, 0), kq.q_by_recipe().subs(z, -z) - kq.q_by_recipe()],
    )
    ctx.note(
        "The paper's premise 'q(z) = |z| log|z| + O(1/|z|)' is wrong (claim-q-asymptotics); its -|z| term only adds "
        "-|beta|/log(1/alpha^2), so (7) holds."
    )


@check("kernel-rich/claim-qalpha-limit-l1", "remainder-mpmath", "random")
def qalpha_l1_remainder(ctx):
    """Random beta (zeros, entries 1e-3..1e3) and w0 (log-uniform [0.2, 5]); at
    alpha = 10^-k up to k = 100 (dps 40 + 1.2k, check +20), log(1/alpha^2) (Q/log(1/alpha^2)
    - ||beta||_1) equals the finite constant sum |beta_i|(log(|beta_i|/w0_i^2) - 1) up to the
    O(alpha^2 w0^2 d) terms of the expansion -- so it stays bounded, as (7) claims."""
    rng = np.random.default_rng(ctx.seed + 7)
    n = 10 if ctx.full else 3
    ks = (5, 10, 20, 50, 100) if ctx.full else (5, 20, 100)
    ctx.precision = "mpmath dps 40 + 1.2k (check +20)"
    for _ in range(n):
        beta = random_beta(rng)
        w0 = [float(v) for v in 10 ** rng.uniform(math.log10(0.2), math.log10(5), len(beta))]
        ctx.start({"alpha": None, "w0_min_abs": min(abs(w) for w in w0), "beta": beta, "w0": w0})
        with mpmath.workdps(40):
            C = sum(
                abs(mpmath.mpf(b)) * (mpmath.log(abs(mpmath.mpf(b)) / mpmath.mpf(w) ** 2) - 1)
                for b, w in zip(beta, w0)
                if b != 0
            )
        for k in ks:
            vals = []
            for p in (int(40 + 1.2 * k), int(60 + 1.2 * k)):
                with mpmath.workdps(p):
                    a = mpmath.mpf(10) ** (-k)
                    L = mpmath.log(1 / a**2)
                    vals.append(L * (Q_mp(beta, a, w0) / L - sum(abs(mpmath.mpf(b)) for b in beta)))
            err = Estimate.twice(vals[1], vals[0]).error  # the difference formed exactly
            # the neglected terms: 2 alpha^2 w0^2 per non-zero coordinate (and smaller)
            trunc = float(sum(2 * 10 ** (-2 * k) * w**2 for b, w in zip(beta, w0) if b != 0)) + 1e-300
            tol = max(1e-12 * max(1.0, float(abs(C))), 10 * trunc)
            ctx.agree(
                f"log(1/alpha^2)(Q/log(1/alpha^2) - ||beta||_1) = sum |b|(log(|b|/w0^2) - 1) at alpha = 1e-{k}",
                vals[1],
                C,
                tol=tol,
                err=Estimate(0.0, err, "two precisions"),
                scale=max(1.0, float(abs(C))),
                d=len(beta),
            )


@check("kernel-rich/claim-qalpha-limit-l1", "argmin-w0-independence", "convex")
def qalpha_l1_argmin(ctx):
    """argmin Q_{alpha,w0} s.t. X beta = y (dual Newton at dps 40 + 1.2|log10 alpha|) on T5
    with w0 = 1 and with T5-w0, at alpha = 1e-3, 1e-6, 1e-12 (full: 1e-2 .. 1e-60): both approach the same
    beta*_l1 (exact, by vertex enumeration; unique here), i.e. the rich limit does not
    depend on w0. Decided: the distance falls monotonically and is below 1e-3 of its first
    value at the smallest alpha (the distance is far above the solver error)."""
    X, y = fixture_data("T5")
    b1, bstar, unique = fixture_l1("T5")
    # exact vertex enumeration over all basic solutions of T5: the whole (finite) claim
    ctx.exact(
        "T5: beta*_l1 is unique (strictly best vertex)", unique, "==", True, whole=True, l1=str(b1), beta=str(bstar)
    )
    alphas = ["1e-3", "1e-6", "1e-12"] if not ctx.full else ["1e-2", "1e-3", "1e-5", "1e-8", "1e-15", "1e-30", "1e-60"]
    ctx.precision = "dual Newton dps 40 + 1.2|log10 alpha| (check +20)"
    for w0, name in ((None, "w0 = 1"), (list(kr.T5_W0), "T5-w0")):
        ctx.start({"fixture": "T5", "alpha": None, "w0_min_abs": min(abs(w) for w in (w0 or [1]))})
        dist = []
        for a in alphas:
            with mpmath.workdps(80):
                am = mpmath.mpf(a)
            beta, err = argmin_q(X, y, am, w0)
            with mpmath.workdps(60):
                dist.append((a, max(abs(bv - exact.mpf_of(v)) for bv, v in zip(beta, bstar)), err))
        # errors: two precisions of the dual Newton solve plus its feasibility residual
        for (a0, d0, e0), (a1, d1, e1) in zip(dist, dist[1:]):
            mp_bound(
                ctx, f"{name}: |argmin Q_alpha - beta*_l1| decreases from alpha = {a0} to {a1}", d1, d0, err=e0 + e1
            )
        mp_bound(
            ctx,
            f"{name}: |argmin Q_alpha - beta*_l1| at alpha = {dist[-1][0]} is below 1e-3 of its value at {dist[0][0]}",
            dist[-1][1],
            dist[0][1] / 1000,
            err=dist[-1][2] + dist[0][2] / 1000,
            distances={a: mpmath.nstr(dd, 6) for a, dd, _ in dist},
        )


# ---------------------------------------------------------------------------------------
# Theorem 2
# ---------------------------------------------------------------------------------------
def _num(x, dps=60):
    with mpmath.workdps(dps):
        return mpmath.mpf(sp.N(x, dps))


@check("kernel-rich/theorem-2", "proof-consistency", "symbolic")
def theorem2_symbolic(ctx):
    """The proof's algebra (46)/(49) with eps' = eps/(2+eps) and (45)'s factor, proved; the
    proof-to-lemma consistency: does the printed threshold imply the hypothesis of Lemma 5
    at (eps', (1+2eps)||b*||_1, d), and of Lemma 7 at (eps', (1+2eps)||b*||_2), as the proof
    invokes them? The exp term does (proved). The power term does not (printed (1+eps) where
    the lemma needs (1+2eps)) and the l2 threshold does not for large eps: these are recorded
    as metrics and notes with counterexamples (the theorem's conclusion is decided by the
    argmin checks). A patched l1 argument -- (26) at beta*_l1 with eps' and (28) at the
    argmin -- is proved to follow from the printed l1 threshold."""
    e, b, d = sp.symbols("epsilon b d", positive=True)
    ep = e / (2 + e)
    ctx.identity("(1+eps')/(1-eps') = 1+eps", (1 + ep) / (1 - ep) - (1 + e))
    ctx.identity(
        "(1-eps')(1+2eps)/(1+eps') = (1+2eps)/(1+eps)", (1 - ep) * (1 + 2 * e) / (1 + ep) - (1 + 2 * e) / (1 + e)
    )
    ctx.exact("(1+2eps)/(1+eps) > 1 for eps > 0", (1 + 2 * e) / (1 + e), ">", 1, whole=True, scope="eps > 0")
    B = (1 + 2 * e) * b
    # exp term: exp(-d/(eps b)) <= exp(-d/(2 eps' B))  <=>  d/(eps b) - d/(2 eps' B) >= 0
    gap = sp.factor(sp.simplify(d / (e * b) - d / (2 * ep * B)))
    ctx.exact(
        "printed exp(-d/(eps b)) <= Lemma 5's exp(-d/(2 eps' (1+2eps) b))",
        gap,
        ">=",
        0,
        whole=True,
        scope="eps, b, d > 0",
        exponent_gap=str(gap),
    )
    # power term: printed P = (2(1+eps)b)^-k vs required (2(1+2eps)b)^-k, k = (2+eps)/(2eps) = 1/(2eps')
    ctx.identity("the printed power (2+eps)/(2eps) = 1/(2 eps')", (2 + e) / (2 * e) - 1 / (2 * ep))
    grid_fail, grid_n, example = 0, 0, None
    for ev in (0.01, 0.1, 0.5, 1, 2, 5):
        for bv in (0.01, 0.1, 1, 10, 100, 1000):
            for dv in (2, 5, 10, 50):
                if not ev < dv:
                    continue
                grid_n += 1
                k = (2 + ev) / (2 * ev)
                with mpmath.workdps(30):
                    printed = min((2 * (1 + ev) * mpmath.mpf(bv)) ** (-k), mpmath.exp(-dv / (ev * bv)))
                    Bv = (1 + 2 * ev) * bv
                    need = min(1, mpmath.sqrt(Bv), (2 * Bv) ** (-k), mpmath.exp(-dv * (2 + ev) / (2 * ev * Bv)))
                if printed > need:
                    grid_fail += 1
                    example = example or {
                        "eps": ev,
                        "b1": bv,
                        "d": dv,
                        "printed": mpmath.nstr(printed, 6),
                        "lemma5_needs": mpmath.nstr(need, 6),
                    }
    ctx.metrics["l1 threshold => Lemma 5 hypothesis (as invoked): failures on grid"] = f"{grid_fail}/{grid_n}"
    ctx.metrics["l1 counterexample to the proof step"] = example
    if grid_fail:
        ctx.note(
            f"Proof gap (l1): the printed threshold does not imply alpha <= alpha_1(eps', (1+2eps)||b*||_1, d) on "
            f"{grid_fail}/{grid_n} grid points (e.g. {example}); the printed power term uses 2(1+eps)||b*||_1 where "
            f"Lemma 5 needs 2(1+2eps)||b*||_1. The lower bound (44) is also used at the argmin, whose l1 norm can be "
            f"||b*||_1, where Lemma 5 needs exp(-d(2+eps)/(2 eps ||b*||_1)) < exp(-d/(eps ||b*||_1))."
        )
    # patched l1 argument
    ctx.exact(
        "printed power term => (26) at beta*_l1 with eps': (2(1+eps)b)^{-k} <= (2b)^{-k}",
        sp.simplify((2 * (1 + e) * b) / (2 * b)),
        ">",
        1,
        whole=True,
        scope="eps, b > 0",
    )
    ctx.identity(
        "printed exp term => d/L <= eps b/2 (L = log(1/alpha^2) >= 2d/(eps b))",
        sp.simplify((d / (2 * d / (e * b))) - e * b / 2),
    )
    ctx.exact(
        "eps' + eps/2 <= eps, so ||beta_inf||_1 <= Q(b*)/L + d/L <= (1 + eps' + eps/2)||b*||_1 <= (1+eps)||b*||_1",
        sp.factor(e - ep - e / 2),
        ">=",
        0,
        whole=True,
        scope="eps > 0",
        margin=str(sp.factor(e - ep - e / 2)),
    )
    h = sp.log(b) + 2 / b  # exp(-2d/(eps b)) <= exp(-2/b) <= b  needs  log b + 2/b >= 0
    crit = sp.solve(sp.diff(h, b), b)
    scope = "b > 0"
    label = (
        "alpha^2 <= ||b*||_1 under the printed threshold (eps < d): log b + 2/b has its minimum log 2 + 1 > 0 at b = 2"
    )
    ctx.exact(label + ": the only critical point is b = 2", crit, "==", [2], whole=True, scope=scope)
    ctx.exact(label + ": the value there is positive", h.subs(b, 2), ">", 0, whole=True, scope=scope)
    ctx.exact(
        label + ": h -> oo at both ends",
        # SymPy's structural equality with oo (the judge's oo - oo is nan, not 0)
        [sp.limit(h, b, 0, "+") == sp.oo, sp.limit(h, b, sp.oo) == sp.oo],
        "==",
        [True, True],
        whole=True,
        scope=scope,
    )
    ctx.note(
        "Patched l1 argument (each step an item above): the printed threshold gives alpha < 1, "
        "alpha^2 <= ||b*||_1 and alpha <= (2||b*||_1)^{-1/(2eps')}, so (26) at b* gives Q(b*)/L <= (1+eps')||b*||_1; "
        "(28) at the argmin gives ||beta_inf||_1 <= Q(beta_inf)/L + d/L <= Q(b*)/L + eps||b*||_1/2; "
        "hence ||beta_inf||_1 <= (1 + eps' + eps/2)||b*||_1 <= (1+eps)||b*||_1. The l1 conclusion of "
        "Theorem 2 therefore holds as printed even though the printed proof's appeal to Lemma 5 does not go through."
    )
    # l2: printed alpha^2 = sqrt(2(1+eps)(1+2/eps) b2) vs Lemma 7 at (eps', (1+2eps) b2):
    # (1+2eps) b2 (1+eps'^{-1/4})^4 ... squared
    lhs = 2 * (1 + e) * (1 + 2 / e)
    rhs = (1 + 2 * e) * (1 + (1 + 2 / e) ** sp.Rational(1, 4)) ** 2
    crossing = sp.nsolve(lhs - rhs, e, 1.0)
    ctx.metrics["l2 threshold => Lemma 7 hypothesis holds for eps <="] = float(crossing)
    ctx.exact(
        "l2 threshold implies Lemma 7's hypothesis (as invoked) at eps = 0.1",
        (lhs - rhs).subs(e, sp.Rational(1, 10)),
        ">",
        0,
        whole=True,  # the claim is about the single value eps = 1/10: decided exactly
        scope="eps = 1/10",
    )
    ctx.note(
        "Proof gap (l2): alpha >= sqrt(2(1+eps)(1+2/eps)||b*||_2) implies Lemma 7's alpha_2(eps/(2+eps), "
        f"(1+2eps)||b*||_2) only for eps <= {float(crossing):.6f} (the ratio of the squared thresholds is "
        f"independent of ||b*||_2); e.g. eps = 3: printed alpha^2/||b*||_2 = {float(lhs.subs(e, 3)):.4f}, "
        f"Lemma 7 needs {float(rhs.subs(e, 3)):.4f}."
    )


T2_EPS = [0.1, 0.5, 1.0, 3.0]


def _theorem2_instance(ctx, inst, fixture, eps, decades, label_prefix=""):
    X, y = fixture_data(fixture)
    d = len(X[0])
    b1 = fixture_l1(fixture)[0]
    n2 = fixture_l2_norm2(fixture)
    with mpmath.workdps(60):
        e = mpmath.mpf(eps)
        b1m, n2m = _num(b1), _num(n2)
        # the printed thresholds through their encoding (theorems), eps as an exact rational
        er = sp.Rational(eps).limit_denominator(10**6) if not isinstance(eps, sp.Basic) else eps
        thr1 = _num(kq.theorem2_l1_threshold(er, sp.sympify(b1), d))
        thr2 = _num(kq.theorem2_l2_threshold(er, sp.sqrt(sp.sympify(n2))))
        a1 = thr1 * mpmath.mpf(10) ** (-decades)
        a2 = thr2 * mpmath.mpf(10) ** decades
    beta1, err1 = argmin_q(X, y, a1)
    beta2, err2 = argmin_q(X, y, a2)
    # the setting of Theorem 1 (X beta = y) measured on the instance: the argmins' residuals
    with mpmath.workdps(60):
        res = max(
            abs(sum(exact.mpf_of(xv) * bv for xv, bv in zip(row, beta)) - exact.mpf_of(yv))
            for beta in (beta1, beta2)
            for row, yv in zip(X, y)
        )
    ctx.start({**inst, "eps": eps, "interpolation_residual": float(res)})
    with mpmath.workdps(60):
        n1 = sum(abs(v) for v in beta1)
        r1 = mp_bound(
            ctx,
            f"{label_prefix}l1: ||beta_alpha||_1 <= (1+eps)||b*_l1||_1 at alpha = threshold * 1e-{decades:g}",
            n1,
            (1 + e) * b1m,
            err=err1 * d,
            alpha=mpmath.nstr(a1, 6),
            eps=eps,
            excess_over_eps=mpmath.nstr((n1 / b1m - 1) / e, 6),
        )
    with mpmath.workdps(60):
        s2 = sum(v * v for v in beta2)
        bmax = max(abs(v) for v in beta2)
        mp_bound(
            ctx,
            f"{label_prefix}l2: ||beta_alpha||_2^2 <= (1+eps)||b*_l2||_2^2 at alpha = threshold * 1e{decades:g}",
            s2,
            (1 + e) * n2m,
            err=2 * float(bmax) * err2 * d,
            alpha=mpmath.nstr(a2, 6),
            eps=eps,
            excess_over_eps=mpmath.nstr((s2 / n2m - 1) / e, 6),
        )
    return r1


@check("kernel-rich/theorem-2", "argmin-at-thresholds", "convex")
def theorem2_argmin(ctx):
    """At the printed thresholds and beyond (alpha_l1 * 10^-k, alpha_l2 * 10^k), argmin
    Q_alpha s.t. X beta = y (Theorem 1: = the flow limit) by dual Newton at dps
    40 + 1.2|log10 alpha| (check +20), against ||beta*_l1||_1 (exact vertex enumeration)
    and ||beta*_l2||_2^2 (exact rationals); eps in {0.1, 0.5, 1, min(3, d - 0.5)}. The
    slack ratios show how conservative the thresholds are. ||beta*_l1||_1 is cross-checked
    against the cvxpy LP (error estimate: its duality gap and feasibility)."""
    quick = [{"fixture": "T5", "eps": ev, "decades": k} for ev in T2_EPS for k in (0.0, 3.0)]
    full = [
        {"fixture": f, "eps": ev, "decades": k}
        for f in ("T5", "TIE", "random:1", "random:2", "random:3")
        for ev in T2_EPS
        for k in (0.0, 1.0, 3.0, 6.0)
    ]
    ctx.precision = "dual Newton dps 40 + 1.2|log10 alpha| (check +20)"
    checked_lp = set()
    for inst in ctx.instances(quick, full):
        X, y = fixture_data(inst["fixture"])
        d = len(X[0])
        eps = inst["eps"] if inst["eps"] is not None else 0.5
        eps = min(eps, d - 0.5)
        inst = {**inst, "eps": eps}
        if inst["fixture"] not in checked_lp:
            checked_lp.add(inst["fixture"])
            sol = convex.min_l1(np.array(X, float), np.array(y, float))
            b1 = float(fixture_l1(inst["fixture"])[0])
            # the optimal value is pinned by the duality gap even where the optimal face is not a point (TIE)
            ctx.agree(
                "||b*_l1||_1: vertex enumeration (exact) = cvxpy LP",
                float(np.sum(np.abs(sol.beta))),
                b1,
                tol=1e-7 * b1,
                err=Estimate(
                    0.0, sol.kkt["gap"] + sol.kkt["feasibility"] * float(np.sum(np.abs(sol.nu))), "residual bound"
                ),
                scale=b1,
            )
        _theorem2_instance(ctx, inst, inst["fixture"], eps, inst["decades"])


@check("kernel-rich/theorem-2", "random-instances", "random")
def theorem2_random(ctx):
    """Hypothesis: catalog-§3 random instances (seed), eps in [0.3, min(3, d - 0.1)]
    (full: from 0.05), alpha at and up to 3 decades beyond the thresholds; both implications
    on the dual Newton argmin as in argmin-at-thresholds."""
    from hypothesis import strategies as st

    lo_eps = 0.05 if ctx.full else 0.3
    ctx.precision = "dual Newton dps 40 + 1.2|log10 alpha| (check +20)"

    def prop(ex):
        seed, frac, decades = ex
        fixture = f"random:{seed}"
        X, y = fixture_data(fixture)
        d = len(X[0])
        eps = lo_eps + frac * (min(3.0, d - 0.1) - lo_eps)
        _theorem2_instance(
            ctx, {"fixture": fixture, "decades": round(decades, 2)}, fixture, round(eps, 4), round(decades, 2)
        )

    ctx.random(st.tuples(st.integers(0, 500), st.floats(0, 1), st.floats(0, 3)), prop, quick=3, full=25)


# ---------------------------------------------------------------------------------------
# Lemma 5
# ---------------------------------------------------------------------------------------
def lemma5_23_residual(q):
    """(23)'s last line (per coordinate, |beta_i| = b > 0; the sum is coordinatewise) minus
    Q_alpha(b)/log(1/alpha^2) from q derived by the recipe, arcsinh rewritten as a logarithm."""
    b = sp.Symbol("b", positive=True)
    a = sp.Symbol("alpha", positive=True)
    L = sp.log(1 / a**2)
    Qc = kr.Q_alpha([b], a, qf=kq.q_fn(q))
    printed = 2 * a**2 / L - sp.sqrt(4 * a**4 + b**2) / L + b * (1 + sp.log(b / 2 + sp.sqrt(a**4 + b**2 / 4)) / L)
    return sp.simplify(sp.expand_log((Qc / L - printed).rewrite(sp.log), force=True))


@check("kernel-rich/lemma-5", "proof-steps-symbolic", "symbolic")
def lemma5_symbolic(ctx):
    """The proof's steps in SymPy: (22) evenness of q (the printed 'x arcsin(x/2)' is a typo
    for arcsinh; recorded); (23) the rewriting of Q/log(1/alpha^2) via asinh = log(x +
    sqrt(1+x^2)) (identity for beta > 0, 0 < alpha < 1); (24) by squaring; the scalar fact
    behind (28): x(log x - 1) >= -1 with equality at x = 1 (unique critical point, convex);
    the threshold algebra of (26) and (29)."""
    q = kq.q_by_recipe()
    ctx.identity("(22): q(-z) = q(z), so Q_alpha(beta) = Q_alpha(|beta|)", q.subs(z, -z) - q)
    ctx.note("(22) prints 'g(x) = x arcsin(x/2)'; the function in Q is x arcsinh(x/2) (both are even).")
    ctx.identity(
        "(23): Q/log(1/alpha^2) as printed (last line)", lemma5_23_residual(q), scope="beta > 0, alpha > 0, alpha != 1"
    )
    x, y = sp.symbols("x y", positive=True)
    ctx.exact(
        "(24): (|a| + |b|)^2 - (a^2 + b^2) = 2|a||b| >= 0 and a^2 <= a^2 + b^2",
        sp.expand((x + y) ** 2 - (x**2 + y**2)),
        ">=",
        0,
        whole=True,
        scope="|a|, |b| > 0",
    )
    g = x * (sp.log(x) - 1)
    crit = sp.solve(sp.diff(g, x), x)
    label = "(28): x(log x - 1) >= -1: the only critical point is x = 1, g(1) = -1, g'' = 1/x > 0"
    ctx.exact(label + ": critical points", crit, "==", [1], whole=True, scope="x > 0")
    ctx.exact(label + ": g(1)", g.subs(x, 1), "==", -1, whole=True, scope="x > 0")
    ctx.exact(label + ": g''", sp.diff(g, x, 2), ">", 0, whole=True, scope="x > 0")
    ctx.identity("(28) as printed: x(1 - 1/x - 1) = -1 (from log x >= 1 - 1/x)", x * (1 - 1 / x - 1) + 1)
    e, B, d = sp.symbols("epsilon B d", positive=True)
    # (26): alpha <= (2B)^{-1/(2 eps)}  =>  log(1/alpha^2) >= log(2B)/eps  =>  log(2B)/log(1/alpha^2) <= eps
    Lmin = sp.log(((2 * B) ** (-1 / (2 * e))) ** -2)
    ctx.identity(
        "(26): at alpha = (2||b||_1)^{-1/(2eps)}, log(2||b||_1)/log(1/alpha^2) = eps (smaller alpha: smaller)",
        sp.simplify(sp.expand_log(sp.log(2 * B) / Lmin, force=True) - e),
    )
    Lmin29 = sp.log(sp.exp(-d / (2 * e * B)) ** -2)
    ctx.identity(
        "(29): at alpha = exp(-d/(2 eps ||b||_1)), d/log(1/alpha^2) = eps ||b||_1", sp.simplify(d / Lmin29 - e * B)
    )


LM5_EPS = [0.05, 0.2, 0.5, 1.0]


@check("kernel-rich/lemma-5", "sandwich-interval", "interval")
def lemma5_interval(ctx):
    """mpmath.iv enclosures (40 digits) of Q_alpha(beta)/log(1/alpha^2) against
    (1 +- eps)||beta||_1 at alpha = alpha_1(eps, ||beta||_1, d) * {1, 1e-2, 1e-5} *
    alpha_factor, for fixed and random beta (entries 1e-3..1e3, zeros); alpha_1 can be
    astronomically small (mpmath's exponent is unbounded). The slack ratio |ratio - 1|/eps
    is recorded."""
    rng = np.random.default_rng(ctx.seed + 5)
    betas = [[1.0], [0.5, 0.0, 2.0, 1e-3], [3.0, -3.0, 3.0]] + [random_beta(rng) for _ in range(6 if ctx.full else 2)]
    quick = [{"eps": ev} for ev in LM5_EPS]
    iv.dps = 40
    ctx.precision = "mpmath.iv, 40 digits"
    worst = 0.0
    for inst in ctx.instances(quick, quick):
        eps = inst["eps"] or 0.2
        for beta in betas:
            d = len(beta)
            ctx.start({**inst, "d": d, "beta": beta})
            with mpmath.workdps(40):
                n1 = sum(abs(mpmath.mpf(v)) for v in beta)
                # alpha_1 through its encoding (theorems), at the exact binary values of eps, beta
                a1 = _eval_encoding(kq.lemma5_alpha1, eps, sum(abs(sp.Rational(v)) for v in beta), d, dps=45)
            for k in (0, 2, 5):
                # each alpha is its own instance (alpha_factor = the effective multiple of alpha_1),
                # so the hypothesis alpha <= alpha_1 is evaluated strictly inside as well as at its edge
                ctx.start({**inst, "d": d, "beta": beta, "alpha_factor": inst.get("alpha_factor", 1.0) * 10.0 ** (-k)})
                with mpmath.workdps(40):
                    a = a1 * mpmath.mpf(10) ** (-k) * mpmath.mpf(inst.get("alpha_factor", 1.0))
                ai = iv.mpf(a)
                ratio = Q_iv([str(v) for v in beta], ai) / iv.log(1 / (ai * ai)) / iv.mpf(n1)
                worst = max(worst, float(abs(mpmath.mpf(ratio.mid) - 1) / eps))
                certified_bound(
                    ctx,
                    f"(1-eps)||b||_1 <= Q/log(1/alpha^2) at alpha_1 * 1e-{k}",
                    iv.mpf(1 - eps),
                    ratio,
                    alpha=mpmath.nstr(a, 5),
                )
                certified_bound(
                    ctx,
                    f"Q/log(1/alpha^2) <= (1+eps)||b||_1 at alpha_1 * 1e-{k}",
                    ratio,
                    iv.mpf(1 + eps),
                    alpha=mpmath.nstr(a, 5),
                )
    ctx.metrics["max |ratio - 1|/eps"] = worst


@check("kernel-rich/lemma-5", "threshold-sharpness-interval", "interval", outside_hypotheses=True)
def lemma5_sharpness(ctx):
    """The hypothesis alpha <= alpha_1 at its edge, for beta = e_1 (d = 1, ||beta||_1 = 1,
    where (28) is an equality and alpha_1 = min(1, exp(-1/(2 eps)))):
    certified by mpmath.iv (40 digits) that the lower sandwich (1 - eps) <= Q/log(1/alpha^2)
    holds at alpha = alpha_1 and FAILS at alpha = 1.1 alpha_1, and that the statement's
    hypotheses exclude 1.1 alpha_1: the threshold is sharp to 10% there (the slack ratio at
    alpha_1 is recorded). The instance at 1.1 alpha_1 lies outside the hypotheses on purpose."""
    iv.dps = 40
    ctx.precision = "mpmath.iv, 40 digits"
    for inst in ctx.instances([{"eps": 0.05}, {"eps": 0.2}]):
        eps = inst["eps"]
        with mpmath.workdps(40):
            a1 = _eval_encoding(kq.lemma5_alpha1, eps, 1, 1, dps=45)
        for factor in (1.0, 1.1):
            held = ctx.start({**inst, "d": 1, "beta": [1.0], "alpha_factor": factor})
            with mpmath.workdps(40):
                ai = iv.mpf(a1 * mpmath.mpf(factor))
            ratio = Q_iv(["1"], ai) / iv.log(1 / (ai * ai))
            if factor == 1.0:
                certified_bound(
                    ctx,
                    "edge alpha = alpha_1, beta = e_1: (1 - eps) <= Q/log(1/alpha^2)",
                    iv.mpf(1 - eps),
                    ratio,
                    alpha=mpmath.nstr(a1, 8),
                )
            else:
                certified_bound(
                    ctx,
                    "alpha = 1.1 alpha_1, beta = e_1: Q/log(1/alpha^2) < 1 - eps "
                    "(the conclusion fails just beyond the threshold)",
                    ratio,
                    iv.mpf(1 - eps),
                    alpha=mpmath.nstr(a1 * factor, 8),
                )
                ctx.instance = None  # about the encoding itself, not evidence at the outside instance
                ctx.exact(
                    "the statement's hypotheses (evaluated exactly) "
                    "exclude alpha = 1.1 alpha_1, where the conclusion fails",
                    all(held.values()),
                    "==",
                    False,
                    whole=True,
                    scope="the encoded hypotheses at alpha_factor = 1.1",
                )


@check("kernel-rich/lemma-5", "intermediate-bounds-random", "random")
def lemma5_random(ctx):
    """Hypothesis: random beta (d <= 8, magnitudes 1e-3..1e3, zeros) and alpha in (0, 1):
    the one-sided bounds (25) Q/L <= ||b||_1 (1 + log(||b||_1 + alpha^2)/L) and (27)-(28)
    Q/L >= sum |b_i| (1 + (log|b_i| - 1)/L) >= ||b||_1 - d/L hold for all alpha < 1
    (L = log(1/alpha^2)); and the sandwich at alpha = alpha_1 * 10^-U(0,5). mpmath at
    40 + 2|log10 alpha| + 10 digits (the bounds are tight up to O(alpha^2); at most 300) and
    +20 (error estimate)."""
    from hypothesis import strategies as st

    ctx.precision = "mpmath 40 + 2|log10 alpha| + 10 digits (check +20)"

    def prop(ex):
        mags, signs, zero_mask, log_alpha, eps, dec = ex
        beta = [0.0 if zm else float(10**m) * s for m, s, zm in zip(mags, signs, zero_mask)]
        if all(v == 0 for v in beta):
            beta[0] = 1.0
        d = len(beta)
        vals = []
        # the sandwich is taken at alpha = alpha_1 * 10^-dec: inside alpha <= alpha_1
        ctx.start({"eps": eps, "alpha_factor": 10.0 ** (-dec), "d": d, "beta": beta})
        # alpha_1 through its encoding (theorems), at the exact binary values of eps and beta
        n1r = sum(abs(sp.Rational(v)) for v in beta)
        with mpmath.workdps(30):
            a1_ = _eval_encoding(kq.lemma5_alpha1, eps, n1r, d, dps=30)
            mag = max(-log_alpha, float(-mpmath.log10(a1_)) + dec)
        dps = int(min(40 + 2 * mag + 10, 300))  # the bounds are tight up to O(alpha^2): resolve alpha^2
        for p in (dps, dps + 20):
            with mpmath.workdps(p):
                a = mpmath.mpf(10) ** mpmath.mpf(log_alpha)
                L = mpmath.log(1 / a**2)
                bm = [mpmath.mpf(v) for v in beta]
                n1 = sum(abs(v) for v in bm)
                QL = Q_mp(bm, a) / L
                up25 = n1 * (1 + mpmath.log(n1 + a**2) / L)
                lo27 = sum(abs(v) * (1 + (mpmath.log(abs(v)) - 1) / L) for v in bm if v != 0)
                # (28) per coordinate: |b|(log|b| - 1) >= -1, i.e. g(|b|) = |b| log|b| - |b| + 1 >= 0
                # (exactly 0 at |b| = 1)
                lo28_slack = (
                    sum(abs(v) * mpmath.log(abs(v)) - abs(v) + 1 for v in bm if v != 0) + sum(1 for v in bm if v == 0)
                ) / L
                a1 = _eval_encoding(kq.lemma5_alpha1, eps, n1r, d, dps=p + 10)
                a_s = a1 * mpmath.mpf(10) ** (-mpmath.mpf(dec))
                ratio = Q_mp(bm, a_s) / mpmath.log(1 / a_s**2) / n1
                vals.append((QL, up25, lo27, lo28_slack, ratio))
        (QL, up25, lo27, lo28_slack, ratio) = vals[1]
        with mpmath.workdps(dps + 20):
            e_QL, e_up, e_lo27, e_lo28, e_ratio = (float(abs(s - t)) for s, t in zip(vals[0], vals[1]))
            mp_bound(ctx, "(25): Q/L <= ||b||_1 (1 + log(||b||_1 + alpha^2)/L), alpha < 1", QL, up25, err=e_QL + e_up)
            mp_bound(ctx, "(27): Q/L >= sum |b_i|(1 + (log|b_i| - 1)/L)", lo27, QL, err=e_QL + e_lo27)
            lab28 = "(28): sum |b_i|(1 + (log|b_i| - 1)/L) - (||b||_1 - d/L) >= 0"
            if all(abs(v) in (0.0, 1.0) for v in beta):
                # (28) is an equality per coordinate at |b_i| = 1: decided exactly (L > 0 since alpha < 1)
                one = sp.Integer(1)  # |b_i| = 1: |b| log|b| - |b| + 1 = 0; b_i = 0 contributes 1
                num = sum((one * sp.log(one) - one + 1) if v else one for v in beta)
                ctx.exact(lab28, num, ">=", 0, scope="|b_i| in {0, 1}: times L > 0")
            else:
                mp_bound(ctx, lab28, 0, lo28_slack, err=e_lo28)
            mp_bound(ctx, "sandwich lower at alpha <= alpha_1", 1 - mpmath.mpf(eps), ratio, err=e_ratio)
            mp_bound(ctx, "sandwich upper at alpha <= alpha_1", ratio, 1 + mpmath.mpf(eps), err=e_ratio)

    strat = st.integers(1, 8).flatmap(
        lambda d: st.tuples(
            st.lists(st.floats(-3, 3), min_size=d, max_size=d),
            st.lists(st.sampled_from([-1, 1]), min_size=d, max_size=d),
            st.lists(st.booleans(), min_size=d, max_size=d),
            st.floats(-40, -0.01),
            st.floats(0.01, 2.0),
            st.floats(0, 5),
        )
    )
    ctx.random(strat, prop, quick=15, full=200)


# ---------------------------------------------------------------------------------------
# Lemma 6
# ---------------------------------------------------------------------------------------
@check("kernel-rich/lemma-6", "proof-steps-symbolic", "symbolic")
def lemma6_symbolic(ctx):
    """(31) with x = c alpha^2: the printed last line has sqrt(c^2 alpha^4 + 1/2); SymPy finds
    the identity needs 1/4 (the printed line is recorded as a proof-step mismatch, metric
    and note; the corrected line is proved). (32) from the corrected (31): the four scalar
    facts sqrt(4x^2+1) <= 2x+1, sqrt(4x^2+1) >= 1, 0 <= log(1/2 + sqrt(x^2+1/4)) <=
    log(1+x) <= x (proved by squaring / the derivative of x - log(1+x)). (33)-(34) algebra,
    and (35)'s chain as one identity whose right side is positive under the printed premises
    2 d^{1/(4eps)} >= 6 and d^{1/(4eps)} log(d)/2 >= 6, which d >= max(e, 12^{4eps})
    implies."""
    q = kq.q_by_recipe()
    x = sp.Symbol("x", positive=True)  # c alpha^2
    lhs = q.subs(z, 1 / x)
    printed = (1 / x) * (
        2 * x - sp.sqrt(4 * x**2 + 1) + sp.log(1 / x) + sp.log(sp.Rational(1, 2) + sp.sqrt(x**2 + sp.Rational(1, 2)))
    )
    corrected = (1 / x) * (
        2 * x - sp.sqrt(4 * x**2 + 1) + sp.log(1 / x) + sp.log(sp.Rational(1, 2) + sp.sqrt(x**2 + sp.Rational(1, 4)))
    )
    resid_printed = sp.N((lhs - printed).subs(x, sp.Rational(1, 3)), 15)
    ctx.metrics["(31) printed: q(1/x) - printed at x = 1/3"] = str(resid_printed)
    ctx.metrics["(31) printed line matches q"] = bool(abs(resid_printed) < 1e-12)
    if abs(resid_printed) > 1e-12:
        ctx.note(
            "Proof step (31) as printed is not an identity: "
            "with x = c alpha^2 its last line has sqrt(c^2 alpha^4 + 1/2) where q needs sqrt(c^2 alpha^4 + 1/4) "
            f"(residual {resid_printed} at x = 1/3). With 1/4 the line is exact and (32) follows; "
            "with the printed 1/2 the upper bound of (32) would not follow at small x (log(1/2 + sqrt(1/2)) > 0)."
        )
    ctx.identity(
        "(31) with 1/4 in place of the printed 1/2 is exact",
        sp.simplify(sp.expand_log((lhs - corrected).rewrite(sp.log), force=True)),
        scope="x = c alpha^2 > 0",
    )
    ctx.exact(
        "(32) lower: sqrt(4x^2+1) <= 2x + 1 [(2x+1)^2 - (4x^2+1) = 4x >= 0] and log(1/2 + sqrt(x^2+1/4)) >= log 1 = 0",
        sp.expand((2 * x + 1) ** 2 - (4 * x**2 + 1)),
        ">=",
        0,
        whole=True,
        scope="x > 0",
    )
    up = "(32) upper: sqrt(x^2+1/4) <= x + 1/2 [(x+1/2)^2 - x^2 - 1/4 = x] and log(1+x) <= x"
    ctx.exact(
        up + ": (x+1/2)^2 - x^2 - 1/4 >= 0",
        sp.expand((x + sp.Rational(1, 2)) ** 2 - x**2 - sp.Rational(1, 4)),
        ">=",
        0,
        whole=True,
        scope="x > 0",
    )
    ctx.exact(
        up + ": d/dx (x - log(1+x)) >= 0",
        sp.simplify(sp.diff(x - sp.log(1 + x), x)),
        ">=",
        0,
        whole=True,
        scope="x > 0",
    )
    ctx.exact(up + ": x - log(1+x) = 0 at x = 0", (x - sp.log(1 + x)).subs(x, 0), "==", 0, whole=True)
    a, dd, e = sp.symbols("alpha d epsilon", positive=True)
    Q1 = a**2 * q.subs(z, 1 / a**2)
    Qw = dd * a**2 * q.subs(z, 1 / (a**2 * sp.sqrt(dd)))
    ctx.identity(
        "(33): Q(e_1)/Q(1_d/sqrt d) = (1/sqrt d) a^2 q(1/a^2) / (a^2 sqrt d q(1/(a^2 sqrt d)))",
        Q1 / Qw - (1 / sp.sqrt(dd)) * Q1 / (a**2 * sp.sqrt(dd) * q.subs(z, 1 / (a**2 * sp.sqrt(dd)))),
    )
    Lg = sp.Symbol("L", positive=True)  # log(1/alpha^2)
    sd = sp.Symbol("s", positive=True)  # sqrt(d) alpha^2
    lnd = sp.Symbol("lnd", positive=True)
    ctx.identity(
        "(34): (-1 + L)/(3s - 1 + L - log(d)/2) = 1 + (log d - 6s)/(6s - 2 + 2 log(1/s)), log(1/s) = L - log(d)/2",
        sp.simplify((-1 + Lg) / (3 * sd - 1 + Lg - lnd / 2) - (1 + (lnd - 6 * sd) / (6 * sd - 2 + 2 * (Lg - lnd / 2)))),
    )
    Dq = sp.Symbol("Dq", positive=True)  # d^{1/(4 eps)}, so alpha^2 sqrt(d) = 1/Dq and log d = 4 eps log Dq
    ln_d = 4 * e * sp.log(Dq)
    chain = ln_d - 6 / Dq - e * (6 / Dq - 2 + 2 * sp.log(Dq))
    printed_line2 = 2 * Dq - 6 + Dq * ln_d / (2 * e) - 6 / e
    ctx.identity(
        "(35): ln d - 6 alpha^2 sqrt d - eps(6 alpha^2 sqrt d - 2 + 2 "
        "ln(1/(alpha^2 sqrt d))) = (eps/Dq)(2Dq - 6 + Dq ln d/(2eps) - 6/eps)",
        sp.simplify(chain - (e / Dq) * printed_line2),
        scope="alpha = d^{-1/4-1/(8eps)}, Dq = d^{1/(4eps)}",
    )
    prem = "(35) premises: d >= 12^{4eps} gives Dq >= 12, so 2Dq >= 24 >= 6; d >= e gives ln d >= 1, so Dq ln(d)/2 >= 6"
    ctx.exact(prem + ": 2 * 12 >= 6", 2 * 12, ">=", 6, whole=True)
    ctx.exact(prem + ": 12 * 1 / 2 >= 6", sp.Rational(12, 2), ">=", 6, whole=True)
    ctx.exact(
        "(34) needs a positive denominator: 6s - 2 + 2 log(1/s) >= -2 + ln(d)/(2 "
        "eps) >= -2 + 2 log 12 > 0 at the lemma's alpha",
        -2 + 2 * sp.log(12),
        ">",
        0,
        whole=True,
    )


LM6_EPS = [0.1, 0.25, 0.5, 1.0, 2.0]


def _lemma6_ratio_iv(d, a):
    """sqrt(d) Q(e_1)/Q(1_d/sqrt(d)) as an interval (closed forms of (33))."""
    ai = iv.mpf(a)
    di = iv.mpf(d)
    c2 = ai * ai
    num = c2 * q_iv(1 / c2)
    den = di * c2 * q_iv(1 / (c2 * iv.sqrt(di)))
    return iv.sqrt(di) * num / den


@check("kernel-rich/lemma-6", "ratio-interval", "interval")
def lemma6_interval(ctx):
    """mpmath.iv (50 digits): sqrt(d) Q(e_1)/Q(1_d/sqrt d) >= 1 + eps -- i.e. the printed
    Q(v)/||v||_1 >= (1+eps) Q(w)/||w||_1 -- at alpha = d^{-1/4-1/(8eps)} * {1, 10, 1000}
    (* alpha_factor) for d = ceil(max(e, 12^{4eps})), 10x and 1000x that; slack ratios
    recorded. (37) monotonicity: certified increase of the ratio between consecutive points
    of a log grid alpha in [1e-10, 1e5] for d in {3, 100, 1e4} (sampled: (37) is a claim for
    all alpha and d)."""
    iv.dps = 50
    ctx.precision = "mpmath.iv, 50 digits"
    quick = [{"eps": ev} for ev in (LM6_EPS if ctx.full else [0.1, 0.5, 2.0])]
    slack = []
    for inst in ctx.instances(quick, [{"eps": ev} for ev in LM6_EPS]):
        eps = inst["eps"] or 0.5
        dmin = math.ceil(kq.lemma6_min_d(eps))
        ds = [inst["d"]] if inst.get("d") else [dmin, 10 * dmin, 1000 * dmin]
        for d in ds:
            ctx.start({**inst, "d": d})
            for f in (1, 10, 1000):
                with mpmath.workdps(50):
                    # the printed alpha through its encoding (theorems), eps at its exact binary value
                    a0 = _eval_encoding(kq.lemma6_alpha, eps, d, dps=55)
                    a = a0 * f * mpmath.mpf(inst.get("alpha_factor", 1.0))
                r = _lemma6_ratio_iv(d, a)
                slack.append(float(mpmath.mpf(r.mid) / (1 + eps)))
                certified_bound(
                    ctx,
                    f"1 + eps <= sqrt(d) Q(e_1)/Q(1/sqrt d) at alpha = {f} d^(-1/4-1/(8eps))",
                    iv.mpf(1 + eps),
                    r,
                    alpha=mpmath.nstr(a, 6),
                )
    ctx.metrics["min slack ratio sqrt(d) ratio/(1+eps)"] = min(slack)
    grid = [mpmath.mpf(10) ** (k / 4) for k in range(-40, 21)]
    for d in (3, 100, 10**4):
        ctx.start({"d": d, "eps": None})
        vals = [_lemma6_ratio_iv(d, a) for a in grid]
        incs = [(intervals.iv_lower(v1) - intervals.iv_upper(v0), k) for k, (v0, v1) in enumerate(zip(vals, vals[1:]))]
        worst, k = min(incs, key=lambda t: t[0])
        certified_bound(
            ctx,
            f"(37): ratio increasing on the alpha grid (worst consecutive pair), d = {d}",
            vals[k],
            vals[k + 1],
            alpha_pair=[mpmath.nstr(grid[k], 4), mpmath.nstr(grid[k + 1], 4)],
        )
        with mpmath.workprec(iv.prec):
            ctx.metrics[f"sqrt(d) ratio at alpha = 1e-10 and 1e5 (limits 1 and sqrt(d)), d={d}"] = [
                mpmath.nstr(mpmath.mpf(vals[0].mid), 10),
                mpmath.nstr(mpmath.mpf(vals[-1].mid), 10),
                mpmath.nstr(mpmath.sqrt(d), 10),
            ]


# ---------------------------------------------------------------------------------------
# Lemma 7
# ---------------------------------------------------------------------------------------
@check("kernel-rich/lemma-7", "proof-steps-symbolic", "symbolic")
def lemma7_symbolic(ctx):
    """phi(z) = q(z/alpha^2) (q by the recipe; (38)) differentiated by SymPy: the values at 0
    and the formulas of (39) (proved). (40) prints |phi'''(z)| = |2z^2 - 4 alpha^4| / ...,
    which is SymPy's phi'''' (the fourth derivative, as (39) prints it) and not phi''' --
    recorded as a derivative-order mismatch (metric, note); the bound of (40) is proved for
    the fourth derivative ((4+t)^5 >= 4^5 and |2t - 4| <= 2(t + 2), t = z^2/alpha^4), (41)'s
    arithmetic (24 * 16 = 384) and its tightness (bound / true remainder -> 1 as z -> 0, from
    the series), and the step (42) -> (43): the printed alpha_2 gives
    x = max beta_i^2/alpha^4 <= 1/(1+eps^{-1/4})^4 <= sqrt(1 + 96 eps) - 1, the largest x
    with (x^2 + 2x)/96 <= eps."""
    q = kq.q_by_recipe()
    a = sp.Symbol("alpha", positive=True)
    zz = sp.Symbol("z", real=True)
    phi = q.subs(z, zz / a**2)
    der = [phi] + [sp.diff(phi, zz, k) for k in (1, 2, 3, 4)]
    ctx.identity(
        "(39): phi(0) = phi'(0) = phi'''(0) = 0, phi''(0) = 1/(2 alpha^4)",
        [der[0].subs(zz, 0), der[1].subs(zz, 0), der[2].subs(zz, 0) - 1 / (2 * a**4), der[3].subs(zz, 0)],
    )
    W = 4 + zz**2 / a**4
    printed = {
        1: sp.asinh(zz / (2 * a**2)) / a**2,
        2: 1 / (a**4 * sp.sqrt(W)),
        3: -zz / (a**8 * W ** sp.Rational(3, 2)),
        4: 3 * zz**2 / (a**12 * W ** sp.Rational(5, 2)) - 1 / (a**8 * W ** sp.Rational(3, 2)),
    }
    ctx.identity("(39): phi', phi'', phi''', phi'''' as printed", [der[k] - printed[k] for k in (1, 2, 3, 4)])
    f40 = (2 * zz**2 - 4 * a**4) / (a**12 * W ** sp.Rational(5, 2))  # (40) without the absolute value
    is4 = sp.simplify(der[4] - f40) == 0
    is3 = sp.simplify(der[3] - f40) == 0 or sp.simplify(der[3] + f40) == 0
    ctx.identity(
        "(40)'s expression (2z^2 - 4alpha^4)/(alpha^12 (4 + z^2/alpha^4)^{5/2}) is phi'''' (the fourth derivative)",
        der[4] - f40,
    )
    ctx.metrics["(40)-(41) derivative order printed"] = 3
    ctx.metrics["(40)-(41) derivative order of the printed formula (SymPy)"] = 4 if is4 else (3 if is3 else None)
    if is4 and not is3:
        ctx.note(
            "Proof-step mismatch: (40) and (41) write phi''' for the fourth derivative "
            "phi'''' of (39) (SymPy: the formula in (40) equals phi'''' and not phi'''); "
            "with phi'''' the Taylor step (41) (remainder phi''''(xi) z^4/4!) is right."
        )
    t = sp.Symbol("t", nonnegative=True)
    poly = sp.Poly(sp.expand((4 + t) ** 5 - 4**5), t)
    b40 = (
        "(40) bound: (4 + t)^5 - 4^5 has non-negative coefficients and no constant term, "
        "so (4+t)^{5/2} >= 32 for t >= 0"
    )
    ctx.exact(b40 + ": smallest coefficient >= 0", min(poly.all_coeffs()), ">=", 0, whole=True)
    ctx.exact(b40 + ": no constant term", poly.eval(0), "==", 0, whole=True)
    b40b = "(40) bound: |2t - 4| <= 2(t + 2) for t >= 0 (both cases of the sign)"
    ctx.exact(b40b + ": 2t - 4 <= 2(t + 2)", sp.expand(2 * (t + 2) - (2 * t - 4)), ">=", 0, whole=True, scope="t >= 0")
    ctx.exact(b40b + ": 4 - 2t <= 2(t + 2)", sp.expand(2 * (t + 2) + (2 * t - 4)), ">=", 0, whole=True, scope="t >= 0")
    ctx.identity(
        "(40)-(41): bound/4! = (z^6 + 2 alpha^4 z^4)/(384 "
        "alpha^12) = (z^2/(4 alpha^4)) (z^4 + 2 alpha^4 z^2)/(96 alpha^8)",
        [
            (zz**2 + 2 * a**4) / (16 * a**12) / 24 * zz**4 - (zz**6 + 2 * a**4 * zz**4) / (384 * a**12),
            (zz**6 + 2 * a**4 * zz**4) / (384 * a**12) - zz**2 / (4 * a**4) * (zz**4 + 2 * a**4 * zz**2) / (96 * a**8),
        ],
    )
    ser = sp.series(phi - zz**2 / (4 * a**4), zz, 0, 8).removeO()
    tight = sp.limit(((zz**6 + 2 * a**4 * zz**4) / (384 * a**12)) / sp.Abs(ser), zz, 0)
    ctx.exact(
        "(41) is tight at leading order: bound / |phi - z^2/(4 alpha^4)| -> 1 as z -> 0",
        tight,
        "==",
        1,
        whole=True,
        remainder_series=str(ser),
    )
    E = sp.Symbol("E", positive=True)  # E = eps
    b2 = sp.Symbol("b2", positive=True)
    ctx.identity(
        "at alpha = alpha_2 (printed): x = (||b||_2/alpha^2)^2 = 1/(1 + eps^{-1/4})^4 bounds max b_i^2/alpha^4",
        sp.simplify((b2 / kq.lemma7_alpha2(E, b2) ** 2) ** 2 - 1 / (1 + E ** sp.Rational(-1, 4)) ** 4),
    )
    ctx.identity(
        "(42)->(43), eps <= 94: (1 + eps)^2 <= 1 + 96 eps, so sqrt(1+96 eps) - 1 >= eps > 1/(1+eps^{-1/4})^4",
        sp.expand(1 + 96 * E - (1 + E) ** 2 - E * (94 - E)),
        scope="1 + 96 eps - (1 + eps)^2 = eps (94 - eps)",
    )
    ctx.exact(
        "(42)->(43), eps > 94: 1/(1+eps^{-1/4})^4 < 1 < sqrt(1 + 96*94) - 1",
        sp.sqrt(1 + 96 * 94) - 1,
        ">",
        1,
        whole=True,
    )
    slack = []
    for ev in (0.01, 0.1, 0.5, 1, 3, 10):
        x_printed = 1 / (1 + ev**-0.25) ** 4
        x_needed = math.sqrt(1 + 96 * ev) - 1
        slack.append((ev, (x_needed / x_printed) ** 0.25))
    ctx.metrics["alpha_2 / alpha needed by (42) (per eps)"] = {f"{ev:g}": round(s, 4) for ev, s in slack}


@check("kernel-rich/lemma-7", "sandwich-random", "random")
def lemma7_random(ctx):
    """Hypothesis: random beta (d <= 8, magnitudes 1e-3..1e3, zeros), eps in [0.01, 3]:
    the sandwich (1 - eps)||b||^2 <= 4 alpha^2 Q <= (1 + eps)||b||^2 at
    alpha = alpha_2 * 10^U(0,5) * alpha_factor, and the bound (42) for alpha = alpha_2 *
    10^U(-2,5) (any alpha > 0). mpmath at 30 + 4 log10(alpha^2/min|b|) digits and +20; the
    worst |ratio - 1|/eps is recorded."""
    from hypothesis import strategies as st

    ctx.precision = "mpmath adaptive dps (check +20)"
    worst = [0.0]
    # the run's parameters as an instance, so its hypotheses are evaluated and recorded (a
    # mutation survivor showed the hypothesis on alpha_factor otherwise never looked at)
    ctx.start(ctx.instances([{}])[0])

    def prop(ex):
        mags, signs, zero_mask, eps, dec, dec42 = ex
        beta = [0.0 if zm else float(10**m) * s for m, s, zm in zip(mags, signs, zero_mask)]
        if all(v == 0 for v in beta):
            beta[0] = 1.0
        n2 = math.sqrt(sum(v * v for v in beta))
        a2 = float(kq.lemma7_alpha2(eps, n2))  # the printed alpha_2 through its encoding (theorems)
        ctx.start({"eps": eps, "alpha_factor": ctx.overrides.get("alpha_factor", 1.0)})
        bmin = min(abs(v) for v in beta if v != 0)
        out = []
        for p_off in (0, 20):
            row = []
            for a in (a2 * 10**dec * ctx.overrides.get("alpha_factor", 1.0), a2 * 10**dec42):
                dps = int(30 + 4 * max(0.0, math.log10(a * a / bmin))) + p_off
                with mpmath.workdps(dps):
                    am = mpmath.mpf(a)
                    bm = [mpmath.mpf(v) for v in beta]
                    N2 = sum(v * v for v in bm)
                    val = 4 * am**2 * Q_mp(bm, am)
                    rhs42 = kq.lemma7_bound42(bm, am)  # (42)'s right-hand side through its encoding
                    row.append((val / N2, abs(val - N2), rhs42))
            out.append(row)
        (r_s, _, _), (_, dev, rhs42) = out[1]
        # differences of the two precisions formed exactly (not at mpmath's default 53 bits)
        err_s = Estimate.twice(r_s, out[0][0][0]).error
        err42 = Estimate.twice(dev, out[0][1][1]).error + Estimate.twice(rhs42, out[0][1][2]).error
        worst[0] = max(worst[0], float(abs(r_s - 1) / eps))
        mp_bound(
            ctx,
            "sandwich lower: 1 - eps <= 4 alpha^2 Q/||b||^2 at alpha >= alpha_2",
            1 - mpmath.mpf(eps),
            r_s,
            err=err_s,
        )
        mp_bound(
            ctx,
            "sandwich upper: 4 alpha^2 Q/||b||^2 <= 1 + eps at alpha >= alpha_2",
            r_s,
            1 + mpmath.mpf(eps),
            err=err_s,
        )
        mp_bound(
            ctx,
            "(42): |4 alpha^2 Q - ||b||^2| <= sum b_i^2 (b_i^4 + 2 alpha^4 b_i^2)/(96 alpha^8), any alpha",
            dev,
            rhs42,
            err=err42,
        )

    strat = st.integers(1, 8).flatmap(
        lambda d: st.tuples(
            st.lists(st.floats(-3, 3), min_size=d, max_size=d),
            st.lists(st.sampled_from([-1, 1]), min_size=d, max_size=d),
            st.lists(st.booleans(), min_size=d, max_size=d),
            st.floats(0.01, 3.0),
            st.floats(0, 5),
            st.floats(-2, 5),
        )
    )
    ctx.random(strat, prop, quick=15, full=200)
    ctx.metrics["max |ratio - 1|/eps at alpha >= alpha_2"] = worst[0]


# ---------------------------------------------------------------------------------------
# claim-theorem2-asymmetry
# ---------------------------------------------------------------------------------------
@check("kernel-rich/claim-theorem2-asymmetry", "threshold-asymptotics", "symbolic")
def asymmetry_symbolic(ctx):
    """The printed thresholds as eps -> 0+: eps * alpha_l2^2 -> 4||b*||_2 (alpha_l2 =
    Theta(eps^{-1/2}): polynomially large), eps * log(1/alpha_l1) -> max(log(2||b*||_1),
    d/||b*||_1) > 0 (exponentially small in 1/eps); Lemma 6's necessary scale
    d^{-1/4-1/(8eps)} has eps * log(1/alpha) -> log(d)/8 (d^{-Omega(1/eps)})."""
    e, b1, b2, d = sp.symbols("epsilon b1 b2 d", positive=True)
    thr2_sq = kq.theorem2_l2_threshold(e, b2) ** 2
    ctx.identity("eps * alpha_l2^2 -> 4 ||b*_l2||_2", sp.limit(e * thr2_sq, e, 0, "+") - 4 * b2)
    P, Ex = sorted(kq.theorem2_l1_threshold(e, b1, d).args, key=lambda term: term.has(sp.exp))  # power term, exp term
    ctx.identity(
        "eps log(1/power term) -> log(2 ||b*_l1||_1)",
        sp.limit(e * sp.expand_log(-sp.log(P), force=True), e, 0, "+") - sp.log(2 * b1),
    )
    ctx.identity("eps log(1/exp term) -> d/||b*_l1||_1 > 0", sp.limit(e * (-sp.log(Ex)), e, 0, "+") - d / b1)
    ctx.identity(
        "Lemma 6: eps log(1/alpha) -> log(d)/8 at alpha = d^{-1/4-1/(8eps)}",
        sp.limit(e * sp.expand_log(-sp.log(kq.lemma6_alpha(e, d)), force=True), e, 0, "+") - sp.log(d) / 8,
    )


def _needed_alpha(X, y, ok, lo_exp, hi_exp, steps, direction):
    """Bisection in log10(alpha) for the boundary of ``ok(beta_alpha)``: with direction -1
    the largest alpha that is ok (ok for small alpha), with +1 the smallest. Returns it with
    the width of the final bracket (the difference from the last not-ok point)."""
    a_ok, a_bad = (lo_exp, hi_exp) if direction < 0 else (hi_exp, lo_exp)
    for _ in range(steps):
        mid = (a_ok + a_bad) / 2
        with mpmath.workdps(30):
            am = mpmath.mpf(10) ** mid
        beta, _ = argmin_q(X, y, am, check=False)
        if ok(beta):
            a_ok = mid
        else:
            a_bad = mid
    return a_ok, abs(a_ok - a_bad)


def _needed_holds(ctx, X, y, log10_alpha, norm, bound, d, label):
    """The bisection's ok point re-solved at two precisions: ``norm(argmin) <= bound`` there."""
    with mpmath.workdps(30):
        a = mpmath.mpf(10) ** log10_alpha
    beta, err = argmin_q(X, y, a)
    with mpmath.workdps(60):
        val = norm(beta)
        mp_bound(
            ctx,
            f"{label}: the bound holds at the needed alpha = 10^{log10_alpha:.4g}",
            val,
            bound,
            err=2 * float(max(abs(v) for v in beta) + 1) * err * d,
        )


def gap_family(kappa):
    """d = 3, N = 2: the feasible set is the line {(1 - t) e_1 + t c 1}, c = (1 + kappa)/3
    (X's rows span the orthogonal complement of c 1 - e_1, y = X e_1), so beta*_l1 = e_1 with
    ||.||_1 = 1 and the dense point c 1 has l1 norm 1 + kappa. With kappa = 2 eps the
    argmin must stay below t = 1/2; the entropy term of Q/log(1/alpha^2) puts it at
    t ~ 3 exp(-kappa log(1/alpha^2) / (2c)), so log(1/alpha) must grow like 1/eps."""
    c = (1 + sp.nsimplify(kappa)) / 3
    v = sp.Matrix([c - 1, c, c])
    rows = sp.Matrix([list(v)]).nullspace()
    X = tuple(tuple(sp.nsimplify(x) for x in r) for r in rows)
    y = tuple(r[0] for r in X)
    return X, y


@check("kernel-rich/claim-theorem2-asymmetry", "alpha-needed-experiment", "experiment")
def asymmetry_experiment(ctx):
    """The alpha actually needed (bisection in log10 alpha on the dual Newton argmin):
    (a) l2 on T5: the smallest alpha with ||b_alpha||_2^2 <= (1+eps)||b*_l2||^2 is below the
    printed threshold and grows polynomially as eps -> 0, no faster than the threshold's
    eps^{-1/2} (fitted exponent between the two smallest eps); (b) l1 on T5 (unique
    beta*_l1 with a strict dual certificate): the largest alpha with
    ||b_alpha||_1 <= (1+eps)||b*_l1||_1 is above the printed threshold; eps log(1/alpha_needed)
    falls towards 0 (polynomial in eps on this fixed problem: recorded, not claimed);
    (c) 'certain problems': on gap_family(2 eps) the needed alpha is exponentially small in
    1/eps -- eps log(1/alpha_needed) does not fall (smallest eps >= half the largest)."""
    X, y = fixture_data("T5")
    b1 = fixture_l1("T5")[0]
    n2 = fixture_l2_norm2("T5")
    b1m, n2m = _num(b1), _num(n2)
    l1_eps = [0.05, 0.005] if not ctx.full else [0.2, 0.05, 0.02, 0.005, 0.001]
    fam_eps = [0.2, 0.02] if not ctx.full else [0.2, 0.1, 0.05, 0.02, 0.01]
    l2_eps = [1e-4, 1e-8] if not ctx.full else [1e-2, 1e-4, 1e-6, 1e-8]
    steps = 9 if not ctx.full else 14
    ctx.precision = "dual Newton dps 40 + 1.2|log10 alpha|; bisection in log10 alpha"
    l1_prod, l2_need, fam_prod = [], [], []
    d = len(X[0])
    for eps in l1_eps:
        ctx.start({"fixture": "T5", "eps": eps})
        er = sp.Rational(eps).limit_denominator(10**6)
        with mpmath.workdps(40):
            bound = (1 + mpmath.mpf(eps)) * b1m
            thr1m = _num(kq.theorem2_l1_threshold(er, sp.sympify(b1), d), 40)  # the printed threshold (theorems)
            thr1 = float(mpmath.log10(thr1m))
        need1, w1 = _needed_alpha(X, y, lambda beta: mpmath.fsum(abs(v) for v in beta) <= bound, -30.0, 1.0, steps, -1)
        # sufficiency as the bisection found it: at alpha_needed (an ok point of the bisection) the
        # bound holds (re-solved at two precisions: a measured error), and alpha_needed >= the
        # printed threshold (log10 values compared exactly); ||beta_alpha||_1 falling as alpha
        # falls is assumed between them (a direct solve at the threshold, ~1e-311 at eps = 0.005,
        # needs ~400 digits: too slow for the budget)
        _needed_holds(ctx, X, y, need1, lambda beta: mpmath.fsum(abs(v) for v in beta), bound, d, f"T5 l1, eps = {eps}")
        ctx.bound(
            f"T5 l1, eps = {eps}: the printed threshold is sufficient (log10 needed alpha >= log10 threshold)",
            thr1,
            need1,
            err=Estimate.roundoff(1, thr1),  # the log10 threshold rounded once to double
            log10_needed=need1,
            log10_threshold=thr1,
        )
        l1_prod.append(eps * -need1 * math.log(10))
    for eps in l2_eps:
        ctx.start({"fixture": "T5", "eps": eps})
        er = sp.Rational(eps).limit_denominator(10**12)
        with mpmath.workdps(40):
            bound = (1 + mpmath.mpf(eps)) * n2m
            thr2m = _num(kq.theorem2_l2_threshold(er, sp.sqrt(sp.sympify(n2))), 40)  # the printed threshold
            thr2 = float(mpmath.log10(thr2m))
        need2, w2 = _needed_alpha(X, y, lambda beta: mpmath.fsum(v * v for v in beta) <= bound, -2.0, 4.0, steps, +1)
        _needed_holds(
            ctx, X, y, need2, lambda beta: mpmath.fsum(v * v for v in beta), bound, d, f"T5 l2, eps = {eps:g}"
        )
        ctx.bound(
            f"T5 l2, eps = {eps:g}: the printed threshold is sufficient (log10 needed alpha <= log10 threshold)",
            need2,
            thr2,
            err=Estimate.roundoff(1, thr2),  # the log10 threshold rounded once to double
            log10_needed=need2,
            log10_threshold=thr2,
        )
        l2_need.append((eps, need2, w2))
    for eps in fam_eps:
        ctx.start({"fixture": "gap_family(2 eps)", "eps": eps})
        Xg, yg = gap_family(2 * eps)
        needg, wg = _needed_alpha(
            Xg,
            yg,
            lambda beta, eps=eps: mpmath.fsum(abs(v) for v in beta) <= 1 + mpmath.mpf(eps),
            -1.0 / eps,
            1.0,
            steps + 2,
            -1,
        )
        fam_prod.append(Estimate(eps * -needg * math.log(10), eps * wg * math.log(10), "two step sizes"))
        ctx.metrics[f"gap family eps={eps}: log10 needed alpha"] = needg
    ctx.start({"fixture": "T5", "eps": None})
    (e1, n1_, w1_), (e2, n2_, w2_) = l2_need[-2], l2_need[-1]
    span = math.log10(e1 / e2)
    # the error of a needed alpha: the width of its final bisection bracket (one more step
    # would move it by at most that): "two step sizes" of the bisection
    l2_rate = Estimate((n2_ - n1_) / span, (w1_ + w2_) / span, "two step sizes")
    ctx.metrics["T5 l1: eps * log(1/alpha_needed)"] = dict(zip(map(str, l1_eps), l1_prod))
    ctx.metrics["T5 l2: log10 alpha_needed"] = {f"{e:g}": n for e, n, _ in l2_need}
    ctx.metrics["gap family: eps * log(1/alpha_needed)"] = dict(zip(map(str, fam_eps), [p.value for p in fam_prod]))
    rate = "l2: polynomially large alpha suffices; alpha_needed grows like eps^-r with r <= 1/2 (the printed rate)"
    ctx.bound(rate + ": r >= 0", 0, l2_rate, fitted_rate=l2_rate.value)
    ctx.bound(rate + ": r <= 1/2", l2_rate, kq.THEOREM2_L2_EPS_EXPONENT, fitted_rate=l2_rate.value)
    ctx.bound(
        "certain problems need exponentially small alpha: on gap_family(2 eps), "
        "eps * log(1/alpha_needed) does not fall (smallest eps >= 0.5 x largest eps)",
        Estimate(0.5 * fam_prod[0].value, 0.5 * fam_prod[0].error, fam_prod[0].how),
        fam_prod[-1],
    )
    ctx.note(
        f"T5 (unique beta*_l1, strict dual certificate): eps * log(1/alpha_needed) = {[round(p, 4) for p in l1_prod]} "
        f"along eps = {l1_eps}: on this fixed problem the alpha needed "
        "for the l1 solution norm shrinks only polynomially in eps, so the main text's unqualified 'exponentially "
        "small alpha is needed' does not hold for every problem; footnote 3 restricts it to certain problems."
    )


# ---------------------------------------------------------------------------------------
# claim-explicit-regularization (refuted as printed) and its correction
# ---------------------------------------------------------------------------------------
def R_definition(beta, alpha, dps):
    """``R_{alpha,1}(beta)`` of (9) by definition: the sum of the per-coordinate minima,
    summed at ``dps``."""
    with mpmath.workdps(dps):
        return mpmath.fsum(R1_definition(b, alpha, dps) for b in beta)


def R1_definition(beta, alpha, dps=30):
    """The per-coordinate problem of (9) by definition: ``min (a-alpha)^2 + (b-alpha)^2
    s.t. a^2 - b^2 = beta`` over both branches ``a = +-sqrt(beta + b^2)`` (beta >= 0; beta < 0
    by the symmetry a <-> b), multistart: every sign change of the derivative on a grid of b
    is refined by a bracketing root finder, the smallest value wins."""
    with mpmath.workdps(dps):
        bt, al = abs(mpmath.mpf(beta)), mpmath.mpf(alpha)
        if bt == 0:
            return mpmath.mpf(0)
        best = None
        span = 2 * (mpmath.sqrt(bt) + 2 * al + 1)
        grid = [-span + 2 * span * k / 400 for k in range(401)]
        for s in (1, -1):
            f = lambda b, s=s: (s * mpmath.sqrt(bt + b * b) - al) ** 2 + (b - al) ** 2
            df = lambda b, s=s: 4 * b - 2 * al * s * b / mpmath.sqrt(bt + b * b) - 2 * al
            vals = [df(b) for b in grid]
            for b0, b1, v0, v1 in zip(grid, grid[1:], vals, vals[1:]):
                if v0 == 0 or v0 * v1 < 0:
                    root = b0 if v0 == 0 else mpmath.findroot(df, (b0, b1), solver="anderson")
                    val = f(root)
                    best = val if best is None or val < best else best
        return best


def pz_real_roots(zv, dps=30):
    """The real roots of p_z (mpmath polyroots), sorted."""
    with mpmath.workdps(dps):
        zm = mpmath.mpf(zv)
        coeffs = [1, -6, 12 - 2 * zm**2, -(8 + 10 * zm**2), zm**2 + zm**4]
        roots = mpmath.polyroots(coeffs, maxsteps=200, extraprec=2 * dps)
        return sorted(mpmath.re(r) for r in roots if abs(mpmath.im(r)) < mpmath.mpf(10) ** (-dps // 2))


PZ_GRID = [0, sp.Rational(1, 1000), sp.Rational(1, 10), sp.Rational(1, 2), 1, 2, 5, 10, 100, -1, -sp.Rational(7, 3)]


@check("kernel-rich/claim-explicit-regularization", "real-roots-count", "symbolic")
def explicit_roots_symbolic(ctx):
    """SymPy's exact real_roots of the printed p_z over a grid of rational z (including 0,
    negative and large z): the number of distinct real roots against the printed 'unique
    real root'. Refutes: 2 distinct real roots at every grid point (p_0 = u (u-2)^3)."""
    counts = {}
    for zv in PZ_GRID:
        roots = sp.Poly(kq.P_Z.subs(z, zv), u).real_roots()
        distinct = sorted(set(roots), key=lambda r: float(r))
        counts[str(zv)] = [str(sp.N(r, 10)) for r in distinct]
        ctx.exact(f"p_z has a unique real root at z = {zv}", len(distinct), "==", 1, real_roots=counts[str(zv)])
    ctx.metrics["distinct real roots"] = counts
    ctx.identity("p_0(u) = u (u - 2)^3", kq.P_Z.subs(z, 0) - u * (u - 2) ** 3)


@check("kernel-rich/claim-explicit-regularization", "definition-vs-printed", "random")
def explicit_definition_vs_printed(ctx):
    """R_{alpha,1}(beta) from the definition (9) (per coordinate: multistart 1-D
    minimisation over the hyperbola, both branches, mpmath at 30 digits, check at 50)
    against the printed sum_i r(beta_i/alpha^2), r taken as the smallest real root of p_z
    (the reading most favourable to the print; p_z has two). Agrees at alpha = 1; at
    alpha != 1 the definition is alpha^2 times the printed value (refutes)."""
    rng = np.random.default_rng(ctx.seed + 9)
    quick = [{"alpha": a} for a in (1.0, 2.0, 0.5)]
    full = [{"alpha": a} for a in (1.0, 2.0, 0.5, 0.1, 10.0)]
    ctx.precision = "mpmath 30 digits (check 50)"
    for inst in ctx.instances(quick, full):
        a = inst["alpha"] or 2.0
        for _ in range(2 if not ctx.full else 4):
            beta = [float(v) for v in rng.choice([-1, 1], 3) * 10 ** rng.uniform(-1, 1, 3)]
            ctx.start({**inst, "beta": beta})
            defs = [R_definition(beta, a, p) for p in (30, 50)]
            pr = []
            for p in (30, 50):
                with mpmath.workdps(p):
                    pr.append(mpmath.fsum(pz_real_roots(mpmath.mpf(b) / mpmath.mpf(a) ** 2, p)[0] for b in beta))
            with mpmath.workdps(50):
                err = float(abs(defs[0] - defs[1]) + abs(pr[0] - pr[1]))
            ctx.agree(
                f"R_(alpha,1)(beta) by (9) = sum_i r(beta_i/alpha^2) as printed, alpha = {a:g}",
                defs[1],
                pr[1],
                tol=1e-20 * max(1.0, float(defs[1])),
                err=Estimate(0.0, err, "two precisions"),
                ratio=mpmath.nstr(defs[1] / pr[1], 12),
            )


@functools.cache
def linear_regression_residuals():
    """Linear regression f = <w, x>, §2 loss, symbolic 2x3 X: the residuals of (I - P) w'
    (P = X^T (X X^T)^{-1} X the projector on row(X)), of X w_inf - y and of
    (I - P)(w_inf - alpha w0) for w_inf = alpha w0 + X^T (X X^T)^{-1} (y - X alpha w0), each
    multiplied by det(X X^T) > 0 (inverse = adjugate / det) so that they are polynomials.
    Shared by the printed and the corrected statement's checks."""
    N, d = 2, 3
    Xs = sp.Matrix(N, d, lambda n, i: sp.Symbol(f"x{n}{i}", real=True))
    ys = sp.Matrix(N, 1, lambda n, _: sp.Symbol(f"y{n}", real=True))
    w = sp.Matrix(sp.symbols("w0:3", real=True))
    w0 = sp.Matrix(sp.symbols("v0:3", real=True))
    a = kr.alpha
    r = Xs * w - ys
    loss = (r.T * r)[0, 0]
    rhs = sp.Matrix(kr.gradient_flow(loss, list(w)))
    G = Xs * Xs.T
    det, adj = G.det(), G.adjugate()
    detP = Xs.T * adj * Xs  # det(G) P
    det_w_inf = det * a * w0 + Xs.T * adj * (ys - Xs * a * w0)  # det(G) w_inf
    expand = lambda M: tuple(sp.expand(e) for e in M)
    return (
        expand(det * rhs - detP * rhs),
        expand(Xs * det_w_inf - det * ys),
        expand(det * (det_w_inf - det * a * w0) - detP * (det_w_inf - det * a * w0)),
    )


def _linear_regression(ctx):
    flow_res, feas_res, kkt_res = linear_regression_residuals()
    ctx.identity(
        "(I - P) w' = 0 along the flow: w(t) - alpha w0 stays in row(X) (times det XX^T)",
        flow_res,
        scope="X of full row rank (2x3)",
    )
    ctx.identity("the interpolant alpha w0 + X^T (XX^T)^{-1}(y - X alpha w0) satisfies X w = y", feas_res)
    ctx.identity(
        "and w - alpha w0 in row(X): the KKT point of min ||w - alpha w0||^2 s.t. Xw = y (beta_inf = beta^R)", kkt_res
    )
    ctx.note("Convergence of the linear flow (r' = -2 X X^T r, X X^T > 0) is not part of the identities.")


@check("kernel-rich/claim-explicit-regularization", "linear-regression", "symbolic", expect="proved")
def explicit_linear_regression(ctx):
    """The part of the printed claim that holds (expected proved while the statement is
    refuted): for linear regression f = <w, x> with the §2 loss, SymPy's flow keeps
    (I - P)(w - alpha w0) = 0 (P the projector on row(X), symbolic 2x3 X), and the
    interpolant alpha w0 + X^T (X X^T)^{-1} (y - X alpha w0) satisfies the KKT conditions of
    min ||w - alpha w0||^2 s.t. X w = y: beta_inf = beta^R."""
    _linear_regression(ctx)


# expect verified: the resultant identity is proved, but the real-root counts are decided exactly
# only on a grid of 11 rational z (sampled instances), not for every z
@check("kernel-rich/claim-explicit-regularization:corrected", "resultant-derivation", "symbolic", expect="verified")
def explicit_corrected_symbolic(ctx):
    """p_z derived: eliminating the Lagrange multiplier from the stationarity conditions of
    the per-coordinate problem (9) (resultant) gives 256 p_z exactly, so the stationary values
    are real roots of p_z and the minimum is the smallest one (checked against the definition
    in definition-vs-smallest-root). Real-root counts over the grid: 2 distinct for z != 0;
    p_0 = u (u - 2)^3. Scaling: with w = alpha v, ||w - alpha 1||^2 = alpha^2 ||v - 1||^2 and
    w_+^2 - w_-^2 = alpha^2 (v_+^2 - v_-^2), hence the factor alpha^2."""
    res = kq.explicit_per_coordinate_polynomial()
    ctx.identity("resultant of the Lagrange conditions = 256 p_z", sp.expand(res - 256 * kq.P_Z))
    for zv in PZ_GRID:
        distinct = set(sp.Poly(kq.P_Z.subs(z, zv), u).real_roots())
        ctx.exact(f"p_z has two distinct real roots at z = {zv}", len(distinct), "==", 2)
    al, v, bt = sp.symbols("alpha v beta", positive=True)
    ctx.identity(
        "scaling: (alpha v - alpha)^2 = alpha^2 (v - 1)^2", sp.expand((al * v - al) ** 2 - al**2 * (v - 1) ** 2)
    )


@check("kernel-rich/claim-explicit-regularization:corrected", "definition-vs-smallest-root", "random")
def explicit_corrected_numeric(ctx):
    """R_{alpha,1}(beta) from the definition (multistart 1-D minimisation, 30 and 50 digits)
    against alpha^2 sum_i r(beta_i/alpha^2) with r the smallest real root of p_z (mpmath
    polyroots), random beta of 3 coordinates (magnitudes 1e-2..1e2) and alpha in
    {0.1, 0.5, 1, 2, 10}."""
    rng = np.random.default_rng(ctx.seed + 10)
    quick = [{"alpha": a} for a in (0.5, 2.0, 10.0)]
    full = [{"alpha": a} for a in (0.1, 0.5, 1.0, 2.0, 10.0)]
    ctx.precision = "mpmath 30 digits (check 50)"
    for inst in ctx.instances(quick, full):
        a = inst["alpha"] or 2.0
        for _ in range(2 if not ctx.full else 4):
            beta = [float(x) for x in rng.choice([-1, 1], 3) * 10 ** rng.uniform(-2, 2, 3)]
            ctx.start({**inst, "beta": beta})
            defs = [R_definition(beta, a, p) for p in (30, 50)]
            cor = []
            for p in (30, 50):
                with mpmath.workdps(p):
                    cor.append(
                        mpmath.mpf(a) ** 2
                        * mpmath.fsum(pz_real_roots(mpmath.mpf(b) / mpmath.mpf(a) ** 2, p)[0] for b in beta)
                    )
            with mpmath.workdps(50):
                err = float(abs(defs[0] - defs[1]) + abs(cor[0] - cor[1]))
            ctx.agree(
                f"R by (9) = alpha^2 sum r_min(beta_i/alpha^2), alpha = {a:g}",
                defs[1],
                cor[1],
                tol=1e-20 * max(1.0, float(defs[1])),
                err=Estimate(0.0, err, "two precisions"),
            )


@check("kernel-rich/claim-explicit-regularization:corrected", "linear-regression", "symbolic")
def explicit_corrected_linear_regression(ctx):
    """As in the printed statement's linear-regression check: for f = <w, x> with the §2
    loss the flow keeps w - alpha w0 in row(X), so its interpolating limit is the KKT point
    of min ||w - alpha w0||^2 s.t. X w = y (symbolic 2x3 X)."""
    _linear_regression(ctx)


# ---------------------------------------------------------------------------------------
# claim-q-vs-r
# ---------------------------------------------------------------------------------------
@check("kernel-rich/claim-q-vs-r", "limits-symbolic", "symbolic")
def q_vs_r_symbolic(ctx):
    """From p_z (its resultant derivation is in claim-explicit-regularization:corrected):
    the small root's series near 0, r = z^2/8 - z^4/128 + ..., and at infinity
    r = |z| - 2 sqrt|z| + 3/2 + O(|z|^{-1/2}) (undetermined coefficients, SymPy solve).
    Hence R = alpha^2 sum r(beta_i/alpha^2) -> sum beta_i^2/(8 alpha^2) as alpha -> infinity
    (Q: sum beta_i^2/(4 alpha^2): both proportional to ||beta||_2^2) and R -> ||beta||_1 -
    2 alpha sum sqrt|beta_i| + O(alpha^2) as alpha -> 0 (Q/log(1/alpha^2) -> ||beta||_1 with
    a Theta(1/log(1/alpha^2)) remainder): the limits match, R's rate is polynomial (alpha^1).
    r is radical: SymPy's roots of p_z are four radical expressions. Not rescalings:
    q(z)/z -> infinity while r(z)/z -> 1, so q(z) / (c r(k z)) -> infinity for all c, k > 0
    (q's transcendence itself is not checked)."""
    c = sp.symbols("c2 c4 c6")
    U = c[0] * z**2 + c[1] * z**4 + c[2] * z**6
    e = sp.expand(kq.P_Z.subs(u, U))
    sol = sp.solve([e.coeff(z, k) for k in (2, 4, 6)], c, dict=True)
    ctx.exact(
        "near 0: the root through 0 is r = z^2/8 - z^4/128 + 3 z^6/2048 + O(z^8)",
        sol,
        "==",
        [{c[0]: sp.Rational(1, 8), c[1]: -sp.Rational(1, 128), c[2]: sp.Rational(3, 2048)}],
        whole=True,  # the unique solution of the coefficient equations: the whole series claim
        solution=str(sol),
    )
    s = sp.Symbol("s", positive=True)  # z = 1/s^2
    k = sp.symbols("k1 k0 km1")
    Uinf = 1 / s**2 + k[0] / s + k[1] + k[2] * s
    e2 = sp.expand(kq.P_Z.subs({u: Uinf, z: 1 / s**2}) * s**8)
    branches = sp.solve([e2.coeff(s, 2), e2.coeff(s, 3)], [k[0], k[1]], dict=True)
    small = [b for b in branches if b[k[0]] == -2]
    lab = (
        "at infinity: the branches are u = z -/+ 2 sqrt z + 3/2 + ..., the smaller r = z - 2 sqrt z + 3/2 + O(z^{-1/2})"
    )
    ctx.exact(lab + ": one branch with -2 sqrt z", len(small), "==", 1, whole=True, branches=str(branches))
    ctx.exact(lab + ": its constant term", small[0][k[1]] if small else None, "==", sp.Rational(3, 2), whole=True)
    b, a = sp.symbols("b alpha", positive=True)
    r0 = b**2 / (8 * a**4) - b**4 / (128 * a**8)
    ctx.identity(
        "alpha -> infinity: alpha^2 r(b/alpha^2) = b^2/(8 alpha^2) + O(alpha^-6), "
        "Q: b^2/(4 alpha^2): ratio 1/2 for every b",
        sp.limit((a**2 * r0) / (b**2 / (4 * a**2)), a, sp.oo) - sp.Rational(1, 2),
    )
    rinf = b / a**2 - 2 * sp.sqrt(b) / a + sp.Rational(3, 2)
    ctx.identity(
        "alpha -> 0: alpha^2 r(b/alpha^2) = b - 2 alpha sqrt(b) + 3 "
        "alpha^2/2 + O(alpha^3) -> |b| (polynomially, rate alpha)",
        sp.expand(a**2 * rinf - (b - 2 * a * sp.sqrt(b) + 3 * a**2 / 2)),
    )
    roots = sp.roots(sp.Poly(kq.P_Z, u), cubics=True, quartics=True)
    lab = "r is radical: SymPy's roots of p_z are 4 explicit radical expressions (no RootOf)"
    ctx.exact(lab + ": 4 roots with multiplicity", sum(roots.values()), "==", 4, whole=True)
    ctx.exact(lab + ": none is a RootOf", any(rt.has(sp.RootOf, sp.CRootOf) for rt in roots), "==", False, whole=True)
    inf = q_at_infinity()
    ctx.exact(
        "q(z)/z -> infinity (z = 1/s)",
        # SymPy's structural equality with oo (the judge's oo - oo is nan, not 0)
        sp.limit(sp.expand_log(inf * s_pos, force=True), s_pos, 0, "+") == sp.oo,
        "==",
        True,
        whole=True,
    )
    ctx.exact(
        "r(z)/z -> 1 (from the expansion at infinity)",
        sp.limit((1 / s**2 - 2 / s + sp.Rational(3, 2)) * s**2, s, 0, "+"),
        "==",
        1,
        whole=True,
    )


@check("kernel-rich/claim-q-vs-r", "rates-numeric", "random")
def q_vs_r_numeric(ctx):
    """mpmath with R from the definition (1-D minimisation, independent of p_z): the log-log
    slope of |R_alpha(beta) - ||beta||_1| between alpha = 1e-5 and 1e-6 equals 1 (polynomial
    in alpha) within 0.01; at alpha = 1e-6, Q/log(1/alpha^2) is still 1000x farther from
    ||beta||_1 (relative) than R. Not proportional: q(z)/r(z) over z in [1e-2, 1e4] ranges
    over more than a factor 2 (-> 2 at 0, grows like log z). On T5 at alpha = 1: the
    minimiser of R (SLSQP in w, multistart) differs from argmin Q (dual Newton) by far more
    than either's error. Fig. 2 (q and r on [-10, 10]) is stored as a plot in the full
    budget."""
    rng = np.random.default_rng(ctx.seed + 11)
    ctx.precision = "mpmath 30 digits (check 50); SLSQP double"
    beta = [float(v) for v in rng.choice([-1, 1], 3) * 10 ** rng.uniform(-1, 1, 3)]
    ctx.start({"alpha": None, "beta": beta})
    n1 = sum(abs(v) for v in beta)
    dev = {}
    for k in (5, 6):
        vals = [R_definition(beta, 10.0**-k, p) for p in (30, 50)]
        with mpmath.workdps(50):
            dev[k] = (abs(vals[1] - n1), abs(vals[0] - vals[1]))
    with mpmath.workdps(50):
        slope = float(mpmath.log(dev[5][0] / dev[6][0]) / mpmath.log(10))
        serr = float((dev[5][1] / dev[5][0] + dev[6][1] / dev[6][0]) / mpmath.log(10))
    ctx.agree(
        "slope of log|R - ||b||_1| vs log alpha = 1 (polynomial rate)",
        slope,
        1.0,
        tol=0.01,
        err=Estimate(0.0, serr, "two precisions"),
        scale=1.0,
    )
    qd = []
    for p in (40, 60):
        with mpmath.workdps(p):
            a = mpmath.mpf(10) ** -6
            qd.append(abs(Q_mp(beta, a) / mpmath.log(1 / a**2) - n1))
    qdev = qd[1]
    with mpmath.workdps(60):
        mp_bound(
            ctx,
            "at alpha = 1e-6: |Q/log(1/alpha^2) - ||b||_1| >= 1000 |R - ||b||_1|",
            1000 * dev[6][0],
            qdev,
            err=float(abs(qd[0] - qd[1]) + 1000 * dev[6][1]),
            q_deviation=mpmath.nstr(qdev, 6),
            r_deviation=mpmath.nstr(dev[6][0], 6),
        )
    spread = []
    for p in (30, 50):
        with mpmath.workdps(p):
            rs = [q_mp(zv) / R1_definition(zv, 1.0, p) for zv in (0.01, 0.1, 1, 10, 100, 1e4)]
            spread.append(max(rs) / min(rs))
    with mpmath.workdps(50):
        mp_bound(
            ctx,
            "q/r is not constant: max/min over z in [1e-2, 1e4] > 2",
            2,
            spread[1],
            err=float(abs(spread[0] - spread[1])),
            spread=mpmath.nstr(spread[1], 8),
        )
    # T5 at alpha = 1: minimiser of R vs of Q
    from scipy.optimize import minimize

    X, y = fixture_data("T5")
    Xf, yf = np.array(X, float), np.array(y, float)
    d = Xf.shape[1]
    best = None
    for start in range(6 if not ctx.full else 20):
        w_start = 1 + 0.5 * np.random.default_rng(100 + start).standard_normal(2 * d)
        res = minimize(
            lambda w: np.sum((w - 1) ** 2),
            w_start,
            jac=lambda w: 2 * (w - 1),
            method="SLSQP",
            constraints=[
                {
                    "type": "eq",
                    "fun": lambda w: Xf @ (w[:d] ** 2 - w[d:] ** 2) - yf,
                    "jac": lambda w: np.hstack([2 * Xf * w[:d], -2 * Xf * w[d:]]),
                }
            ],
            options={"ftol": 1e-15, "maxiter": 500},
        )
        if res.success and (best is None or res.fun < best[0] - 1e-12):
            best = (res.fun, res.x[:d] ** 2 - res.x[d:] ** 2, res)
    bQ, errQ = argmin_q(X, y, 1)
    bR = best[1]
    gap = float(np.max(np.abs(bR - np.array([float(v) for v in bQ]))))
    feas = float(np.max(np.abs(Xf @ bR - yf)))
    # the error of the gap: SLSQP's measured feasibility residual and the Newton solve's
    # two-precision error (SLSQP's optimality is not measured: multistart only)
    ctx.bound(
        "T5, alpha = 1: argmin R differs from argmin Q (gap beyond SLSQP feasibility and Newton error)",
        0,
        gap,
        err=Estimate(0.0, feas + errQ, "residual bound"),
        strict=True,
        beta_R=bR.tolist(),
        beta_Q=[float(v) for v in bQ],
    )
    if ctx.full:
        plt = pyplot()

        zs = np.linspace(-10, 10, 201)
        fig, ax = plt.subplots(figsize=(5, 3.5))
        ax.plot(zs, [float(q_mp(v)) for v in zs], label="q(z)")
        ax.plot(zs, [float(R1_definition(v, 1.0, 15)) for v in zs], label="r(z)")
        ax.set_xlabel("z")
        ax.legend()
        ax.set_title("Figure 2: q and r")
        ctx.plot("figure-2", fig)


# ---------------------------------------------------------------------------------------
# Margins (issue 18)
# ---------------------------------------------------------------------------------------
def beta_of(p: dict) -> list:
    """The vector beta of an instance of kq.BETA_PARAMS: magnitudes spread over 10^spread,
    random signs, a share ``zeros`` of zero entries (one entry stays nonzero), scaled to
    ||beta||_1 = 10^log_beta (decimal strings of the binary doubles, for exact conversion)."""
    rng = np.random.default_rng(int(p["seed"]))
    d = int(p["beta_d"])
    mags = 10.0 ** rng.uniform(0.0, float(p["spread"]), d)
    mags[rng.random(d) < float(p["zeros"])] = 0.0
    if not np.any(mags):
        mags[0] = 1.0
    signs = rng.choice([-1.0, 1.0], d)
    beta = signs * mags * 10.0 ** float(p["log_beta"]) / float(np.sum(mags))
    return [float(v) for v in beta]


def _iv_estimate(x) -> Estimate:
    """An mpmath.iv interval as its midpoint with the half-width (a rigorous enclosure)."""
    return Estimate(mpmath.mpf(x.mid), float(x.delta) / 2, "rigorous enclosure")


@margin("kernel-rich/lemma-5")
def lemma5_margin(ctx, p):
    """min of the two sides of Lemma 5's sandwich, relative to ||beta||_1: Q_alpha(beta) /
    (log(1/alpha^2) ||beta||_1) against 1 -+ eps at alpha = alpha_factor * alpha_1 (encoded
    threshold at 45 digits); mpmath.iv at 40 digits (the interval's half-width is the error)."""
    eps = 0.5 if p.get("eps") is None else float(p["eps"])
    beta = beta_of(p)
    iv.dps = 40
    with mpmath.workdps(45):
        b1 = sum(abs(sp.Rational(v)) for v in beta)
        a1 = _eval_encoding(kq.lemma5_alpha1, eps, b1, len(beta), dps=45)
        a = a1 * mpmath.mpf(float(p["alpha_factor"]))
        n1 = iv.mpf(sum(abs(mpmath.mpf(v)) for v in beta))
    if not a < 1:
        raise PremiseUnmet("alpha >= 1: log(1/alpha^2) <= 0, Lemma 5's ratio is undefined")
    ai = iv.mpf(a)
    ratio = Q_iv([repr(v) for v in beta], ai) / iv.log(1 / (ai * ai)) / n1
    lo, hi = ratio - (1 - iv.mpf(eps)), (1 + iv.mpf(eps)) - ratio
    return _iv_estimate(lo if lo.mid < hi.mid else hi)


# mpmath.iv at 50 digits per evaluation (~0.2-0.5 s at extreme alpha): a short quick search
@margin("kernel-rich/lemma-6", quick_evaluations=6)
def lemma6_margin(ctx, p):
    """The printed witnesses' slack, relative: sqrt(d) Q(e_1)/Q(1_d/sqrt d) - (1 + eps), i.e.
    Q(v)/||v||_1 / (Q(w)/||w||_1) - (1 + eps) for the proof's v = e_1, w = 1_d/||1_d||_2 (named in
    the statement), at alpha = alpha_factor * d^{-1/4-1/(8 eps)} (encoded, 55 digits); mpmath.iv
    at 50 digits (the half-width is the error). d defaults to ceil(max(e, 12^{4 eps}))."""
    eps = 0.5 if p.get("eps") is None else float(p["eps"])
    if p.get("d") is None and not math.isfinite(kq.lemma6_min_d(eps)):
        raise PremiseUnmet(f"d unset and no admissible d at eps = {eps:g} (12^(4 eps) overflows)")
    d = int(p["d"]) if p.get("d") is not None else math.ceil(kq.lemma6_min_d(eps))
    if (p.get("eps") is None or p.get("d") is None) and d < kq.lemma6_min_d(eps):
        # the search judged the hypotheses on the unset values (vacuously held): the values taken
        # here lie outside d >= max(e, 12^(4 eps)), so this instance is no evidence
        raise PremiseUnmet(f"eps or d unset: the margin's eps = {eps:g}, d = {d} break d >= max(e, 12^(4 eps))")
    iv.dps = 50
    with mpmath.workdps(50):
        a = _eval_encoding(kq.lemma6_alpha, eps, d, dps=55) * mpmath.mpf(float(p.get("alpha_factor", 1.0)))
    return _iv_estimate(_lemma6_ratio_iv(d, a) - (1 + iv.mpf(eps)))


# a double LSODA flow per evaluation (measured 1-6 s on T5 at alpha in [0.01, 10], loaded machine)
@margin("kernel-rich/claim-general-approach", equality=True, quick_evaluations=1)
def general_approach_margin(ctx, p):
    """The recipe's first step as a residual: |theta - P theta|_inf with theta =
    asinh(beta_inf/(2 alpha^2)) of the depth-2 flow limit (zero iff beta_inf = b_alpha(X^T nu));
    the error from two LSODA tolerances (general_approach_off_row). Sets the measured final
    residual (the claim's premise). The depth-D recipe (D >= 3) is not evaluated here (its
    b_alpha is checked symbolically by recipe-symbolic): such an instance is PremiseUnmet."""
    if p.get("D") not in (None, 2):
        raise PremiseUnmet("the margin evaluates the depth-2 recipe only (D >= 3: recipe-symbolic)")
    a = 0.5 if p.get("alpha") is None else float(p["alpha"])
    try:
        run = general_approach_off_row(p.get("fixture", "T5"), a)
    except FloatingPointError as exc:  # LSODA stopped (full search: alpha = 1e6, the domain's edge)
        raise ComputationFailed(f"the depth-2 flow failed at alpha = {a:g}: {exc}") from exc
    p["final_residual"] = run["final_residual"]
    if not run["stopped"]:
        raise PremiseUnmet("the flow did not reach |X beta - y| < 1e-13 by t = 1e5 (the claim's premise)")
    return Estimate(float(np.max(np.abs(run["off_row"]))), run["error"], "two tolerances")


@margin("kernel-rich/lemma-7")
def lemma7_margin(ctx, p):
    """min of the two sides of Lemma 7's sandwich, relative to ||beta||_2^2: 4 alpha^2 Q_{alpha,1}
    (beta) / ||beta||_2^2 against 1 -+ eps at alpha = alpha_factor * alpha_2 (encoded); q by
    kr.q_stable in mpmath at 30 + 4|log10(alpha^2/min|b_i|)| digits and +20 (two precisions)."""
    eps = 0.5 if p.get("eps") is None else float(p["eps"])
    beta = beta_of(p)
    n2 = math.sqrt(sum(v * v for v in beta))
    bmin = min(abs(v) for v in beta if v != 0)
    vals = []
    for off in (0, 20):
        with mpmath.workdps(60):
            a2 = _eval_encoding(kq.lemma7_alpha2, eps, n2, dps=40) * mpmath.mpf(float(p["alpha_factor"]))
            dps = int(30 + 4 * abs(float(mpmath.log10(a2 * a2 / bmin)))) + off
        with mpmath.workdps(dps):
            qf = lambda x: kr.q_stable(x, mpmath.asinh, mpmath.sqrt)
            bm = [mpmath.mpf(v) for v in beta]
            ratio = 4 * a2**2 * kr.Q_alpha(bm, a2, qf=qf) / sum(v * v for v in bm)
            vals.append(min(ratio - (1 - mpmath.mpf(eps)), (1 + mpmath.mpf(eps)) - ratio))
    return Estimate.twice(vals[1], vals[0])


# its argmin solve takes seconds to minutes at the tiny alpha of small eps: two instances in quick
@margin("kernel-rich/theorem-2", quick_evaluations=2)
def theorem2_margin(ctx, p):
    """min of the two implications' slacks, relative: 1 + eps - ||beta_alpha||_1/||b*_l1||_1 at
    alpha = l1-threshold * 10^-decades and 1 + eps - ||beta_alpha||_2^2/||b*_l2||_2^2 at
    alpha = l2-threshold * 10^decades, beta_alpha = argmin Q_alpha s.t. X beta = y (Theorem 1;
    dual Newton at two precisions, :func:`argmin_q`); b* exact. Sets the observed interpolation
    residual. Slow for tiny alpha (the capped Newton steps: ~1 s at alpha ~ 1e-40)."""
    fixture = p.get("fixture", "T5")
    X, y = fixture_data(fixture)
    d = len(X[0])
    eps = 0.5 if p.get("eps") is None else float(p["eps"])
    decades = float(p.get("decades", 0.0))
    b1, n2 = fixture_l1(fixture)[0], fixture_l2_norm2(fixture)
    with mpmath.workdps(60):
        er = sp.Rational(eps).limit_denominator(10**6)
        a1 = _num(kq.theorem2_l1_threshold(er, sp.sympify(b1), d)) * mpmath.mpf(10) ** (-decades)
        a2 = _num(kq.theorem2_l2_threshold(er, sp.sqrt(sp.sympify(n2)))) * mpmath.mpf(10) ** decades
    beta1, err1 = argmin_q(X, y, a1)
    beta2, err2 = argmin_q(X, y, a2)
    with mpmath.workdps(60):
        p["interpolation_residual"] = float(
            max(
                abs(sum(exact.mpf_of(xv) * bv for xv, bv in zip(row, beta)) - exact.mpf_of(yv))
                for beta in (beta1, beta2)
                for row, yv in zip(X, y)
            )
        )
        if p["interpolation_residual"] > kq.INTERPOLATION_TOL:
            raise PremiseUnmet(
                f"the argmins' interpolation residual {p['interpolation_residual']:.3g} exceeds the tolerance"
            )
        s1 = 1 + mpmath.mpf(eps) - sum(abs(v) for v in beta1) / _num(b1)
        s2 = 1 + mpmath.mpf(eps) - sum(v * v for v in beta2) / _num(n2)
        e1 = err1 * d / float(_num(b1))
        e2 = 2 * float(max(abs(v) for v in beta2)) * err2 * d / float(_num(n2))
    return Estimate(s1, e1, "two precisions") if s1 < s2 else Estimate(s2, e2, "two precisions")


# ---------------------------------------------------------------------------------------
# Proof steps (issue 19) of App. E
# ---------------------------------------------------------------------------------------
T2_STEP_CASES = (("T5", "1/10"), ("T5", "1/2"), ("T5", "1"), ("T5", "3"), ("TIE", "1/2"), ("random:1", "1"))


def _t2_invocations(ctx, which: str):
    for fixture, es in T2_STEP_CASES:
        e = sp.Rational(es)
        X, y = fixture_data(fixture)
        d = len(X[0])
        ep = e / (2 + e)
        ctx.start({"fixture": fixture, "eps": float(e), "decades": 0.0, "interpolation_residual": 0.0})
        if which == "l1":
            b1 = sp.sympify(fixture_l1(fixture)[0])
            factor = kq.theorem2_l1_threshold(e, b1, d) / kq.lemma5_alpha1(ep, (1 + 2 * e) * b1, d)
            ctx.discharge(
                f"Lemma 5 at the l1 threshold ({fixture}, eps = {es})",
                "kernel-rich/lemma-5",
                {"eps": float(ep), "alpha_factor": float(sp.N(factor, 30))},
            )
        else:
            n2 = sp.sqrt(sp.sympify(fixture_l2_norm2(fixture)))
            factor = kq.theorem2_l2_threshold(e, n2) / kq.lemma7_alpha2(ep, (1 + 2 * e) * n2)
            ctx.discharge(
                f"Lemma 7 at the l2 threshold ({fixture}, eps = {es})",
                "kernel-rich/lemma-7",
                {"eps": float(ep), "alpha_factor": float(sp.N(factor, 30))},
            )


@check("kernel-rich/theorem-2", "step-invokes-theorem-1", "random", step="(45) last line")
def theorem2_step_invokes_theorem1(ctx):
    """Theorem 1's hypotheses where (45)'s last line uses that beta^infty minimises Q_{alpha,1}: at
    Theorem 2's instances, alpha = the printed l1 and l2 thresholds (exact, through the
    encodings) and Theorem 1's premise X beta^infty = y, which is Theorem 2's own ('under the
    setting of Theorem 1'), carried over from the invoking instance."""
    for fixture, es in T2_STEP_CASES:
        e = sp.Rational(es)
        X, y = fixture_data(fixture)
        d = len(X[0])
        inst = {"fixture": fixture, "eps": float(e), "decades": 0.0}
        held = ctx.start(inst)
        premise_held = all(v for k, v in held.items() if "setting of Theorem 1" in k)
        b1, n2 = sp.sympify(fixture_l1(fixture)[0]), sp.sqrt(sp.sympify(fixture_l2_norm2(fixture)))
        for which, thr in (("l1", kq.theorem2_l1_threshold(e, b1, d)), ("l2", kq.theorem2_l2_threshold(e, n2))):
            alpha = float(sp.N(thr, 30))
            ctx.discharge(
                f"Theorem 1 at the {which} threshold alpha = {alpha:.4g} ({fixture}, eps = {es})",
                "kernel-rich/theorem-1",
                {"fixture": fixture, "alpha": alpha, kr.FLOW_INTERPOLATES: premise_held},
            )


@check("kernel-rich/claim-theorem2-asymmetry", "step-invokes-theorem-2", "random", step="Theorem 2 (§4)")
def asymmetry_step_invokes_theorem2(ctx):
    """Theorem 2's hypotheses (0 < eps < d; alpha at the thresholds) at the eps the claim's
    experiment reads Theorem 2 at (T5, d = 5: the l1 eps 0.05, 0.005 and the l2 eps 1e-4, 1e-8;
    full: also 0.2, 0.02, 0.001, 1e-2, 1e-6)."""
    ctx.start({})
    l1_eps = [0.05, 0.005] if not ctx.full else [0.2, 0.05, 0.02, 0.005, 0.001]
    l2_eps = [1e-4, 1e-8] if not ctx.full else [1e-2, 1e-4, 1e-6, 1e-8]
    for eps in l1_eps + l2_eps:
        ctx.discharge(
            f"Theorem 2 at eps = {eps:g} (T5)", "kernel-rich/theorem-2", {"fixture": "T5", "eps": eps, "decades": 0.0}
        )


# footnote 3 reads Lemma 6 as eps -> 0: its hypothesis d >= 12^(4 eps) holds at d = 5 for eps <=
# log(5)/(4 log 12) = 0.16; the claim's l1 eps below that (the experiment's 0.2 is above it and is
# not where the footnote's asymptotic reading invokes the lemma)
LEMMA6_INVOKED_EPS = (0.05, 0.02, 0.005, 0.001)


@check("kernel-rich/claim-theorem2-asymmetry", "step-invokes-lemma-6", "random", step="footnote 3: Lemma 6")
def asymmetry_step_invokes_lemma6(ctx):
    """Lemma 6's hypotheses (eps > 0, d >= max(e, 12^(4 eps)), alpha >= d^(-1/4-1/(8 eps))) at
    the alpha footnote 3 names as necessary, alpha = d^(-1/4-1/(8 eps)) (alpha_factor = 1), for
    T5's d = 5 (the problem of the claim's experiment) and d = 100 (Fig. 1's), at small eps."""
    ctx.start({})
    for d in (5, 100):
        for eps in LEMMA6_INVOKED_EPS if ctx.full else LEMMA6_INVOKED_EPS[:2]:
            ctx.discharge(
                f"Lemma 6 at d = {d}, eps = {eps:g}, alpha = d^(-1/4-1/(8 eps))",
                "kernel-rich/lemma-6",
                {"eps": eps, "d": d, "alpha_factor": 1.0},
            )


@check("kernel-rich/theorem-2", "step-44", "symbolic", step="(44)")
def theorem2_step44(ctx):
    """(44): Lemma 5's hypothesis alpha <= alpha_1(eps', (1+2eps)||b*||_1, d) at the printed l1
    threshold (alpha_factor = threshold / alpha_1, SymPy at 30 digits), on T5, TIE and random:1."""
    _t2_invocations(ctx, "l1")


@check("kernel-rich/theorem-2", "step-47", "symbolic", step="(47)")
def theorem2_step47(ctx):
    """(47): Lemma 7's hypothesis alpha >= alpha_2(eps', (1+2eps)||b*||_2) at the printed l2
    threshold (alpha_factor = threshold / alpha_2)."""
    _t2_invocations(ctx, "l2")


@check("kernel-rich/theorem-2", "step-45-46", "symbolic", step="(45)-(46) algebra")
def theorem2_step45(ctx):
    """The algebra of (45)/(46) (and (48)/(49)) for symbolic eps > 0."""
    e = sp.Symbol("epsilon", positive=True)
    for label, (lhs, rhs) in (("(45)", kq.theorem2_45_lhs(e)), ("(46)", kq.theorem2_46_lhs(e))):
        ctx.identity(label, sp.simplify(lhs - rhs), scope="all eps > 0")


@check("kernel-rich/lemma-5", "step-22", "symbolic", step="(22)")
def lemma5_step22(ctx):
    """(22): q (as printed) is even, so Q_alpha(beta) = Q_alpha(|beta|)."""
    ctx.identity("q(-z) = q(z)", sp.simplify(kr.q_printed(-kr.z) - kr.q_printed(kr.z)), scope="all real z")


LM5_STEP_B1 = ("1/1000", "3/10", "1", "10", "1000")
LM5_STEP_EPS = ("1/100", "1/10", "1", "10")


# Interval enclosures and, at the equality cases, exact SymPy comparisons on instances: verified.
@check("kernel-rich/lemma-5", "step-26", "interval", step="(26)", expect="verified")
def lemma5_step26(ctx):
    """(26) at alpha = alpha_1 (whose first three terms are (26)'s premise): ln(||b||_1 + alpha^2) <=
    ln(2||b||_1) and ln(2||b||_1)/ln(1/alpha^2) <= eps; ||b||_1 in {1e-3, 0.3, 1, 10, 1e3} and eps in
    {0.01, 0.1, 1, 10} (full; quick: one instance per active term of alpha_1); mpmath.iv at 40 digits,
    or exactly (SymPy) where alpha_1's active term makes an inequality an equality (alpha^2 =
    ||b||_1, or alpha = (2||b||_1)^{-1/(2 eps)})."""
    iv.dps = 40
    grid = [(b, e) for b in LM5_STEP_B1 for e in LM5_STEP_EPS]
    quick = [("3/10", "10"), ("1000", "1/10"), ("1/1000", "1")]  # alpha^2 = ||b||_1; the power term; the exp term
    for bs, es in grid if ctx.full else quick:
        b1, e = sp.Rational(bs), sp.Rational(es)
        ctx.start({"eps": float(e), "alpha_factor": 1.0})
        a = kq.lemma5_alpha1(e, b1, 1)
        for label, lhs, rhs in (
            ("ln(||b|| + alpha^2) <= ln(2||b||)", sp.log(b1 + a**2), sp.log(2 * b1)),
            ("ln(2||b||)/ln(1/alpha^2) <= eps", sp.log(2 * b1) / sp.log(1 / a**2), e),
        ):
            if abs(sp.N(lhs - rhs, 50)) < 1e-40 and sp.simplify(lhs - rhs) == 0:
                ctx.exact(label + " [equality]", lhs, "<=", rhs, b1=bs, eps=es)
            else:
                certified_bound(ctx, label, iv.mpf(str(sp.N(lhs, 45))), iv.mpf(str(sp.N(rhs, 45))), b1=bs, eps=es)


@check("kernel-rich/lemma-5", "step-28", "interval", step="(28)")
def lemma5_step28(ctx):
    """(28): |b| (ln|b| - 1) >= -1 for every coordinate (so the sum is >= -d), the step's content,
    on a log grid of |b| from 1e-12 to 1e12 and at its minimiser |b| = 1 (mpmath.iv, 40 digits)."""
    iv.dps = 40
    ctx.start({"alpha_factor": 1.0})
    for k in range(-12, 13):
        x = iv.mpf(10) ** k
        certified_bound(ctx, "-1 <= x ln x - x", iv.mpf(-1), x * iv.log(x) - x, x=f"1e{k}")


@check("kernel-rich/lemma-5", "step-23", "symbolic", step="(23)")
def lemma5_step23(ctx):
    """(23): Q_alpha(beta)/ln(1/alpha^2) equals the printed last line, coordinate by coordinate
    (|beta_i| > 0; a zero coordinate contributes 0 to both), with q derived by the recipe and
    arcsinh x = ln(x + sqrt(1 + x^2))."""
    ctx.identity(
        "(23): Q/ln(1/alpha^2) = the printed last line (per coordinate)",
        lemma5_23_residual(kq.q_by_recipe()),
        scope="|beta_i| > 0, alpha > 0, alpha != 1",
    )


@check("kernel-rich/lemma-5", "step-24", "symbolic", step="(24)")
def lemma5_step24(ctx):
    """(24) for x = |a|, y = |b| >= 0: a^2 + b^2 - a^2 = y^2 >= 0 and (|a| + |b|)^2 - (a^2 + b^2) =
    2 x y >= 0 (both sides non-negative, so the squares order the roots)."""
    x, y = sp.symbols("x y", nonnegative=True)
    ctx.exact(
        "(24) left: (a^2 + b^2) - |a|^2 >= 0", sp.expand(x**2 + y**2 - x**2), ">=", 0, whole=True, scope="x, y >= 0"
    )
    ctx.exact(
        "(24) right: (|a| + |b|)^2 - (a^2 + b^2) >= 0",
        sp.expand((x + y) ** 2 - (x**2 + y**2)),
        ">=",
        0,
        whole=True,
        scope="x, y >= 0",
    )


# Lemma 5's instances for the inequality steps: beta (with zeros and mixed scales), eps; alpha =
# alpha_1(eps, ||beta||_1, d) * 10^-k, inside the lemma's hypothesis alpha <= alpha_1 (and < 1)
LM5_STEP_BETAS = (("1",), ("0.5", "0", "2", "0.001"), ("3", "-3", "3"), ("1e-3", "250"))
LM5_STEP_EPS_IV = (0.05, 0.5)


def _lemma5_step_instances(ctx):
    """Yields (beta strings, alpha as an mpf, eps) at each instance, started in the context."""
    cases = [(b, e, k) for b in LM5_STEP_BETAS for e in LM5_STEP_EPS_IV for k in (0, 3)]
    if not ctx.full:
        # alpha_1's exp term active ((29) an equality) and equal |b_i| ((25)'s lines 2, 3 equal)
        cases = [(LM5_STEP_BETAS[0], 0.05, 0), (LM5_STEP_BETAS[2], 0.5, 0)]
    for beta, eps, k in cases:
        d = len(beta)
        ctx.start({"eps": eps, "alpha_factor": 10.0**-k, "d": d, "beta": [float(v) for v in beta]})
        n1 = sum(abs(sp.Rational(v)) for v in beta)
        with mpmath.workdps(40):
            a = _eval_encoding(kq.lemma5_alpha1, eps, n1, d, dps=45) * mpmath.mpf(10) ** (-k)
        yield beta, a, eps


def _iv_max(values):
    """An enclosure of the maximum of enclosed numbers: [max of the lower ends, max of the upper]."""
    return iv.mpf([max(v.a for v in values), max(v.b for v in values)])


# Interval enclosures, and exact SymPy comparisons where a line equals the next (all nonzero
# |b_i| equal, or one nonzero coordinate): verified, as step-26.
@check("kernel-rich/lemma-5", "step-25", "interval", step="(25)", expect="verified")
def lemma5_step25(ctx):
    """(25) for alpha < 1, at alpha = alpha_1 * {1, 1e-3} (full) on vectors with zeros and mixed
    scales: Q/L <= sum |b_i|(1 + ln(|b_i| + alpha^2)/L) <= ||b||_1 (1 + max_i ln(|b_i| + alpha^2)/L)
    <= ||b||_1 (1 + ln(||b||_1 + alpha^2)/L), L = ln(1/alpha^2); mpmath.iv at 40 digits (the first
    two lines of the display are equal term by term)."""
    iv.dps = 40
    ctx.precision = "mpmath.iv, 40 digits"
    for beta, a, eps in _lemma5_step_instances(ctx):
        ai = iv.mpf(a)
        L = iv.log(1 / (ai * ai))
        bs = [abs(iv.mpf(v)) for v in beta if sp.Rational(v) != 0]
        n1 = sum(bs, iv.mpf(0))
        lines = [
            Q_iv(beta, ai) / L,
            sum((b * (1 + iv.log(b + ai * ai) / L) for b in bs), iv.mpf(0)),
            n1 * (1 + _iv_max([iv.log(b + ai * ai) for b in bs]) / L),
            n1 * (1 + iv.log(n1 + ai * ai) / L),
        ]
        # the lines as SymPy expressions of t = alpha^2 > 0 (exact |b_i|), for the equality cases
        t = sp.Symbol("t", positive=True)
        br = [abs(sp.Rational(v)) for v in beta if sp.Rational(v) != 0]
        n1r, top = sum(br), max(br)
        exact_lines = [
            None,
            sum(b * sp.log(b + t) for b in br),
            n1r * sp.log(top + t),
            n1r * sp.log(n1r + t),
        ]
        for j in range(3):
            label = f"(25) line {j + 1} <= line {j + 2}"
            if j > 0 and sp.simplify(exact_lines[j + 1] - exact_lines[j]) == 0:
                # equal for every alpha (the L-scaled parts differ by the exact difference shown)
                ctx.exact(label + " [equality, all alpha]", exact_lines[j], "==", exact_lines[j + 1], beta=list(beta))
            else:
                certified_bound(ctx, label, lines[j], lines[j + 1], alpha=mpmath.nstr(a, 6))


@check("kernel-rich/lemma-5", "step-27", "interval", step="(27)")
def lemma5_step27(ctx):
    """(27) at the instances of (25): Q/L >= sum_i (2 alpha^2 - (|b_i| + 2 alpha^2))/L + |b_i|(1 +
    ln|b_i|/L) (by (24)) and that sum equals sum |b_i|(1 + (ln|b_i| - 1)/L) (its terms agree
    exactly: 2 alpha^2 cancels); zero coordinates contribute 0 (0 ln 0 = 0); mpmath.iv at 40 digits."""
    iv.dps = 40
    ctx.precision = "mpmath.iv, 40 + 4|log10 alpha| digits (at most 400)"
    al, bl = sp.symbols("alpha b", positive=True)
    Ls = sp.log(1 / al**2)
    first = 2 * al**2 / Ls - (bl + 2 * al**2) / Ls + bl * (1 + sp.log(bl) / Ls)
    ctx.identity(
        "(27) first line = second line (per coordinate)", sp.simplify(first - bl * (1 + (sp.log(bl) - 1) / Ls))
    )
    for beta, a, eps in _lemma5_step_instances(ctx):
        # the slack is O(alpha^2 / L) against terms O(1): resolve alpha^4 (at most 400 digits)
        iv.dps = int(min(40 + 4 * float(abs(mpmath.log10(a))), 400))
        ai = iv.mpf(a)
        L = iv.log(1 / (ai * ai))
        bs = [abs(iv.mpf(v)) for v in beta if sp.Rational(v) != 0]
        lower = sum((b * (1 + (iv.log(b) - 1) / L) for b in bs), iv.mpf(0))
        certified_bound(
            ctx, "(27): sum |b_i|(1 + (ln|b_i| - 1)/L) <= Q/L", lower, Q_iv(beta, ai) / L, alpha=mpmath.nstr(a, 6)
        )


# Interval enclosures, and an exact SymPy comparison at the equality alpha = exp(-d/(2 eps ||b||_1)):
# verified, as step-26.
@check("kernel-rich/lemma-5", "step-29", "interval", step="(29)", expect="verified")
def lemma5_step29(ctx):
    """(29) at the instances of (25) (alpha <= alpha_1 <= exp(-d/(2 eps ||b||_1))): ||b||_1 - d/L >=
    (1 - eps)||b||_1 (the step's algebra) and Q/L >= (1 - eps)||b||_1 (its display); mpmath.iv at 40
    digits. The threshold identity d/L = eps ||b||_1 at alpha = exp(-d/(2 eps ||b||_1)) is
    proved in proof-steps-symbolic."""
    iv.dps = 40
    ctx.precision = "mpmath.iv, 40 digits"
    for beta, a, eps in _lemma5_step_instances(ctx):
        ai = iv.mpf(a)
        L = iv.log(1 / (ai * ai))
        n1 = sum((abs(iv.mpf(v)) for v in beta), iv.mpf(0))
        target = (1 - iv.mpf(eps)) * n1
        label = "(29): (1 - eps)||b||_1 <= ||b||_1 - d/L"
        # at alpha = exp(-d/(2 eps ||b||_1)) exactly (alpha_1's last term active) the step is an equality
        # eps at its exact binary value, as the instance's alpha was evaluated (_eval_encoding); the
        # equality case is alpha_1's last term exp(-d/(2 eps ||b||_1)) being the active one (found
        # numerically; the whole Min in exact arithmetic would make SymPy factor huge integers)
        er, n1r, d = sp.Rational(eps), sum(abs(sp.Rational(v)) for v in beta), len(beta)
        exp_term = sp.exp(-d / (2 * er * n1r))
        with mpmath.workdps(45):
            at_exp_term = abs(mpmath.mpf(a) - mpmath.mpf(sp.N(exp_term, 45))) < mpmath.mpf(10) ** -40 * a
        gap = sp.simplify((n1r - d / sp.log(1 / exp_term**2)) - (1 - er) * n1r) if at_exp_term else None
        if gap == 0:
            ctx.exact(label + " [equality at alpha = exp(-d/(2 eps ||b||_1))]", gap, "==", 0, beta=list(beta))
        else:
            certified_bound(ctx, label, target, n1 - d / L)
        certified_bound(ctx, "(29): (1 - eps)||b||_1 <= Q/L", target, Q_iv(beta, ai) / L, alpha=mpmath.nstr(a, 6))


@check("kernel-rich/lemma-6", "step-31", "symbolic", step="(31)")
def lemma6_step31(ctx):
    """(31), third line as printed, against q(1/x)/... at x = c alpha^2 = 1 exactly (SymPy): the
    printed 1/2 under the root makes it differ from q(1) (the first line)."""
    x = sp.Integer(1)
    ctx.start({"eps": 0.5, "d": 200, "alpha_factor": 1.0})
    ctx.identity(
        "(31) third line = q(1/x) at x = 1",
        sp.nsimplify(kq.lemma6_31_third_line(x)) - kr.q_printed(1 / x),
        scope="x = 1",
    )


@check("kernel-rich/lemma-6", "step-32", "interval", step="(32)")
def lemma6_step32(ctx):
    """(32) on a log grid of x = c alpha^2 from 1e-8 to 1e8 (mpmath.iv, 40 digits)."""
    iv.dps = 40
    ctx.start({"eps": 0.5, "d": 200, "alpha_factor": 1.0})
    for k in range(-16, 17):
        x = iv.mpf(10) ** (iv.mpf(k) / 2)
        lo, hi = kq.lemma6_32_bounds(x, log=iv.log)
        mid = x * q_iv(1 / x)
        certified_bound(ctx, "lower: -1 + ln(1/x) <= x q(1/x)", lo, mid, x=f"10^{k / 2}")
        certified_bound(ctx, "upper: x q(1/x) <= 3x - 1 + ln(1/x)", mid, hi, x=f"10^{k / 2}")


@check("kernel-rich/lemma-6", "step-35", "interval", step="(35) first line")
def lemma6_step35(ctx):
    """(35)'s first line at the smallest admissible integer d = ceil(max{e, 12^{4 eps}}) and at 10 d,
    eps in {0.01, 0.05, 0.1, 0.2, 0.5, 1, 2} (mpmath.iv, 40 digits)."""
    iv.dps = 40
    for e in (0.01, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0):
        d0 = math.ceil(kq.lemma6_min_d(e))
        for d in (d0, 10 * d0):
            ctx.start({"eps": e, "d": d, "alpha_factor": 1.0})
            a, b = kq.lemma6_35_first_line(iv.mpf(d), iv.mpf(e), log=iv.log)
            six = iv.mpf(kq.LEMMA6_35_CONSTANT)
            certified_bound(ctx, "2 d^{1/(4eps)} >= 6", six, a, d=d, eps=e)
            certified_bound(ctx, "d^{1/(4eps)} ln(d)/2 >= 6", six, b, d=d, eps=e)


@check("kernel-rich/lemma-7", "step-39", "symbolic", step="(39)")
def lemma7_step39(ctx):
    """(39): the fourth derivative of phi(z) = q(z/alpha^2) (q as printed) equals the printed formula."""
    zz = sp.Symbol("z", real=True)
    phi = kr.q_printed(zz / kr.alpha**2)
    ctx.identity(
        "phi'''' = (39)",
        sp.simplify(sp.diff(phi, zz, 4) - kq.lemma7_phi4_printed(zz, kr.alpha)),
        scope="all real z, alpha > 0",
    )


@check("kernel-rich/lemma-7", "step-40-printed", "symbolic", step="(40) as printed")
def lemma7_step40_printed(ctx):
    """(40) labelled |phi'''(z)|: the third derivative of phi against the printed formula at z = alpha = 1."""
    zz = sp.Symbol("z", real=True)
    phi3 = sp.diff(kr.q_printed(zz / kr.alpha**2), zz, 3)
    at = {zz: 1, kr.alpha: 1}
    ctx.start({"eps": 0.5, "alpha_factor": 1.0})
    ctx.identity(
        "|phi'''(1)| = (40) at z = alpha = 1",
        sp.nsimplify(abs(phi3.subs(at))) - kq.lemma7_40_printed(sp.Integer(1), sp.Integer(1)),
        scope="z = alpha = 1",
    )


@check("kernel-rich/lemma-7", "step-40-bound", "interval", step="(40) bound")
def lemma7_step40_bound(ctx):
    """(40)'s bound on a grid of z/alpha^2 in 10^[-4, 4] and alpha in {1e-2, 1, 1e2} (mpmath.iv)."""
    iv.dps = 40
    ctx.start({"eps": 0.5, "alpha_factor": 1.0})
    for a in (iv.mpf("0.01"), iv.mpf(1), iv.mpf(100)):
        for k in range(-8, 9):
            zz = a * a * iv.mpf(10) ** (iv.mpf(k) / 2)
            certified_bound(
                ctx,
                "(40) <= (z^2 + 2 alpha^4)/(16 alpha^12)",
                kq.lemma7_40_printed(zz, a, sqrt=iv.sqrt),
                kq.lemma7_40_bound(zz, a),
            )


@check("kernel-rich/lemma-7", "step-43", "interval", step="(43)")
def lemma7_step43(ctx):
    """(43): at alpha = alpha_2(eps, b) (the worst case: |beta_i| = ||beta||_2 = b), (b^4 + 2 alpha^4 b^2)/
    (96 alpha^8) <= eps, b in {1e-3, 1, 1e3}, eps in {1e-4, 0.01, 1, 100} (mpmath.iv)."""
    iv.dps = 40
    for es in ("1/10000", "1/100", "1", "100"):
        for bs in ("1/1000", "1", "1000"):
            e, b = sp.Rational(es), sp.Rational(bs)
            ctx.start({"eps": float(e), "alpha_factor": 1.0})
            a = iv.mpf(str(sp.N(kq.lemma7_alpha2(e, b), 45)))
            bi = iv.mpf(b.p) / b.q
            certified_bound(
                ctx, "(b^4 + 2 alpha_2^4 b^2)/(96 alpha_2^8) <= eps", kq.lemma7_43_lhs(bi, a), iv.mpf(e.p) / e.q
            )
