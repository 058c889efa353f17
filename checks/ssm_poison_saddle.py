"""Checks for ssm-poison App. D.3.2-D.3.7 (statements in theorems/ssm_poison_saddle.py).

Methods and their independence:

* SymPy: the Hessian of (27) by ``sympy.hessian`` against the printed entries, omega_1,2 and
  lambda_pm (symbolic d, L, s, P/m); the printed proof identities; exact facts about
  ``g_{d,L}`` (critical points on W_1) from its Sturm chain in exact rationals;
* Arb balls (python-flint): s enclosed twice -- exact rational bisection of a certified sign
  change, and Arb's own root isolation (``fmpz_poly.complex_roots``) -- the eigenvalues of the
  Hessian enclosed by Arb's eigenvalue solver on the ball matrix (no use of the printed
  formulas) and by the printed formulas at the s-ball; bounds and resonance values decided on
  these enclosures (status ``certified``);
* flows: heyoka Taylor integration of (28) in double and extended precision (error = the
  difference), the W_1 flow reduced exactly to the 1-D ODE of Lemma 12 checked against the full
  d-dimensional flow, and mpmath Newton for critical points;
* Hypothesis: random (d, L) families for the enclosures; random points for PL and Lipschitz.

Margins (issue 18, ``@margin``): exact rationals (Lemmas 5, 6, 18, Propositions 7, 8; Lemma 12 and Claim 9
(corrected) by exact Sturm counts of g_{d,L} on W_1), Arb balls of s and the spectrum (Lemmas 7, 8, 9,
Proposition 6, Remarks 2, 4; the Hessian of (27) by forward second differentiation, :class:`HyperDual`, not the printed
entries), floats with a roundoff bound (Corollary 3); Lemma 11's is a certified lower bound of its slack from the
initial loss (undecided where the bound says nothing, never a violation: no flow is integrated). Proof steps (issue 19):
one check per display of ``theorems.ssm_poison_saddle.STEPS`` (``step-<eq>``): SymPy identities derived from (27),
exact grids, certified s-balls, symbolic inequalities for the flow statements (which have no instance inside their
hypotheses), observations along the true flows; ``uses-discharge`` checks judge the invoked results' hypotheses at
the invoking instances.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import flint
import mpmath
import numpy as np
import sympy as sp
from flint import arb, arb_mat, fmpq

from numerics import exact, intervals, taylor
from numerics.estimate import Estimate
from theorems import ssm_poison as sm
from theorems import ssm_poison_aux as aux_th
from theorems import ssm_poison_saddle as ss

from .core import PremiseUnmet, check, margin

INVOCATION_EQ = sm.INVOCATION_EQ

PAPER_PAIRS = [(8, 7), (10, 7), (20, 9)]
PREC = 256  # Arb working precision (bits) for s and the eigenvalues


def _hyp_pairs():
    from hypothesis import strategies as st

    return st.tuples(st.integers(8, 60), st.sampled_from([7, 9, 11, 13, 15, 17, 19, 21]))


# ---------------------------------------------------------------------------------------
# Exact and ball encodings of s and the spectrum
# ---------------------------------------------------------------------------------------
@functools.cache
def g_poly(d: int, L: int) -> flint.fmpq_poly:
    """``g_{d,L}`` (theorems.ssm_poison.critical_polynomial) as an exact rational polynomial."""
    p = sp.Poly(sm.critical_polynomial(d, L, ss.a_sym), ss.a_sym)
    return intervals.poly_q(list(reversed(p.all_coeffs())))


@functools.cache
def saddle(d: int, L: int):
    """s as two independent enclosures: exact bisection of the sign change on [1/d, 3/d], and
    Arb's isolation of the real roots of g_{d,L} (the one in [1/d, 3/d])."""
    p = g_poly(d, L)
    with intervals.arb_precision(PREC):
        s_bis = intervals.bisect_root(p, fmpq(1, d), fmpq(3, d), bits=PREC - 20)
        roots = intervals.flint_real_roots(p, prec=PREC)
        inside = [r for r in roots if r > arb(fmpq(1, d)) and r < arb(fmpq(3, d))]
    return s_bis, roots, inside


def _ball_w(w: float) -> arb:
    return arb(exact.fmpq_exact(w))


def eig_formulas(d: int, L: int, w: float):
    """lambda_pm of Lemma 8 (as printed) at the s-ball."""
    s = saddle(d, L)[0]
    with intervals.arb_precision(PREC):
        W = _ball_w(w)
        lp = 2 * W * ((L - 1) * ((2 * L - 3) * d * s ** (L - 1) - (L - 2)) * s ** (L - 3) + d)
        lm = 2 * W * ((L - 1) * (L - 2) * (d * s ** (L - 1) - 1) * s ** (L - 3))
    return lp, lm


@functools.cache
def hessian_function(d: int, L: int):
    """The Hessian of (27) by ``sympy.hessian`` (not the printed entries), as a function of
    (a_1..a_d, w) evaluable on Arb balls."""
    a = list(sp.symbols(f"a0:{d}", real=True))
    H = sp.hessian(sm.objective_s2(a, L, ss.w_sym), a)
    return sp.lambdify(a + [ss.w_sym], H.tolist(), modules=[{}])


def hessian_at(d: int, L: int, w: float, point) -> arb_mat:
    f = hessian_function(d, L)
    return arb_mat(f(*point, _ball_w(w)))


def certify(ctx, label, lo, hi, strict=True, **metrics):
    """``lo < hi`` (``lo <= hi`` if not strict) decided on Arb balls by ``ctx.bound``: certified
    when the enclosures decide it, refuted when they decide the opposite, inconclusive otherwise."""
    return ctx.bound(label, arb(lo), arb(hi), strict=strict, **metrics)


def arb_precision(fn):
    """Run a check body at Arb's working precision PREC (restored afterwards)."""

    @functools.wraps(fn)
    def wrapped(ctx):
        with intervals.arb_precision(PREC):
            return fn(ctx)

    return wrapped


def _arb_str(x: arb, n: int = 25) -> str:
    return x.str(n, radius=True)


# ---------------------------------------------------------------------------------------
# Lemma 4
# ---------------------------------------------------------------------------------------
# expect verified: the Sturm count (no real root of q(x, 1)) is exact arithmetic per sampled L, not a proof for all L
@check("ssm-poison/lemma-4", "symbolic-critical-set", "symbolic", expect="verified")
def lemma4_symbolic(ctx):
    """(28) as printed = SymPy's gradient of (27); grad_j - grad_k = 2P/m (L-1)(sum a^{L-1} - 1)
    (a_j^{L-2} - a_k^{L-2}); x^n - y^n = (x - y) q(x, y) with q(x, 1) = 1 + x + ... + x^{n-1}
    free of real roots for odd n = L-2 (exact Sturm count), so q > 0 off x = y = 0 and equal
    gradient entries force equal coordinates when sum a^{L-1} != 1; if sum a^{L-1} = 1 the
    gradient is -2P/m (1 - sum a), which vanishes only at zero loss."""
    Ls = (7, 9, 11, 13) if ctx.full else (7, 9)
    for L in Ls:
        for d in (8, 9):
            ctx.start({"d": d, "L": L, "w2": 1.0})
            a = list(sp.symbols(f"a0:{d}", real=True))
            l = sm.objective_s2(a, L, ss.w_sym)
            grad = [sp.diff(l, x) for x in a]
            ctx.identity(
                f"(28) as printed = dl/da_j, d={d}, L={L}",
                [sp.expand(grad[j] - ss.printed_gradient_entry(a, j, L)) for j in range(d)],
                scope=f"d={d}",
            )
            diff = sp.expand(
                grad[0]
                - grad[1]
                - 2 * ss.w_sym * (L - 1) * (sum(x ** (L - 1) for x in a) - 1) * (a[0] ** (L - 2) - a[1] ** (L - 2))
            )
            ctx.identity(f"grad_1 - grad_2 factorises, d={d}, L={L}", diff, scope=f"d={d}")
        n = L - 2
        q1 = intervals.poly_q([1] * n)  # (x^n - 1)/(x - 1)
        ctx.exact(
            f"q(x,1) = (x^n-1)/(x-1), n = L-2 = {n}: no real root (Sturm), q(0,1) = 1 > 0",
            intervals.sturm_count_real(q1),
            "==",
            0,
            scope=f"L={L}",
        )
        x, y = sp.symbols("x y", real=True)
        ctx.identity(
            f"x^n - y^n = (x-y) sum x^i y^(n-1-i), n={n}",
            sp.expand(x**n - y**n - (x - y) * sum(x**i * y ** (n - 1 - i) for i in range(n))),
            scope="all real x, y",
        )
    ctx.note("the second case (sum a^{L-1} = 1): (28) reduces to -2P/m (1 - sum a); its zero set is l = 0 (P > 0).")


# expect inconclusive: the classification of Newton limits (l < 1e-20 or spread < 1e-10) is a float test without a
# measured error, and (d, L) = (4, 7) lies outside d >= 8: recorded as observations
@check("ssm-poison/lemma-4", "newton-random-starts", "random", expect="inconclusive")
def lemma4_newton(ctx):
    """Newton's method (least-squares steps, double precision) on grad l = 0 at (d, L) = (4, 7)
    from Hypothesis-drawn starts in [-1, 1]^d: every start that converges (|grad l| < 1e-13)
    ends at a global minimum (l < 1e-20) or on W_1 (spread < 1e-10)."""
    from hypothesis import strategies as st

    d, L = (4, 7)
    a = list(sp.symbols(f"a0:{d}", real=True))
    l = sm.objective_s2(a, L, sp.Integer(1))
    grad = [sp.diff(l, x) for x in a]
    F = sp.lambdify([a], grad, "numpy")
    J = sp.lambdify([a], sp.Matrix(grad).jacobian(a), "numpy")
    Lf = sp.lambdify([a], l, "numpy")
    found = {"min": 0, "w1": 0, "unconverged": 0}

    def prop(x0):
        z = np.array(x0, float)
        for _ in range(200):
            g = np.asarray(F(z), float)
            if not np.all(np.isfinite(g)) or np.max(np.abs(z)) > 1e3:
                break
            z = z - np.linalg.lstsq(np.asarray(J(z), float), g, rcond=None)[0]
        g = np.asarray(F(z), float)
        if not (np.all(np.isfinite(g)) and np.max(np.abs(g)) < 1e-13):
            found["unconverged"] += 1
            return
        loss, spread = float(Lf(z)), float(np.max(z) - np.min(z))
        kind = "min" if loss < 1e-20 else ("w1" if spread < 1e-10 else None)
        if kind:
            found[kind] += 1
        ctx.observe(
            "converged critical point: l < 1e-20 (global minimum) or spread < 1e-10 (on W_1)",
            holds=bool(kind is not None),
            loss=loss,
            spread=spread,
        )

    ctx.random(st.lists(st.floats(-1, 1, allow_nan=False), min_size=d, max_size=d), prop, quick=30, full=300)
    ctx.metrics["critical_points_found"] = dict(found)
    ctx.observe(
        "some starts converged (the check saw critical points)", holds=bool(found["min"] + found["w1"] > 0), **found
    )


# ---------------------------------------------------------------------------------------
# Lemmas 5, 11 and the flows of (28)
# ---------------------------------------------------------------------------------------
@functools.cache  # the same field for most flows of this module (d = 8, L = 7): derived once per process
def _rhs(d: int, L: int, w: float):
    a = list(sp.symbols(f"a0:{d}", real=True))
    l = sm.objective_s2(a, L, sp.Float(w) if w != int(w) else sp.Integer(int(w)))
    return a, [sp.expand(-sp.diff(l, x)) for x in a]


def init_zeta(d: int, gap: float):
    """A member of I_0 / I_3-type: zeta_1 = 1, zeta_2 = 1 - gap, then decreasing to zeta_d = 1/2."""
    return [1.0, 1.0 - gap] + [0.5 * (1 + (d - k) / d) for k in range(3, d + 1)]


@functools.cache
def flow(d: int, L: int, w: float, alpha: float, gap: float, ref: bool, t_end: float = 900.0, step: float = 0.25):
    """The flow (28) from alpha * zeta (``ref``: the reference initialisation, a_2 = a_1)."""
    a, rhs = _rhs(d, L, w)
    z = init_zeta(d, gap)
    if ref:
        z[1] = z[0]
    x0 = [alpha * v for v in z]
    grid = np.arange(0.0, t_end + step / 2, step)
    return taylor.integrate_two_precisions(rhs, a, x0, grid)


def loss_np(x, L, w):
    x = np.asarray(x, dtype=np.longdouble)
    return w * ((1 - np.sum(x ** (L - 1), axis=-1)) ** 2 + (1 - np.sum(x, axis=-1)) ** 2)


def grad_np(x, L, w):
    x = np.asarray(x, dtype=np.longdouble)
    rl = 1 - np.sum(x ** (L - 1), axis=-1, keepdims=True)
    rs = 1 - np.sum(x, axis=-1, keepdims=True)
    return -2 * w * ((L - 1) * rl * x ** (L - 2) + rs)


def beta2(x):
    x = np.asarray(x, dtype=np.longdouble)
    return np.sqrt(np.sum((x - np.mean(x, axis=-1, keepdims=True)) ** 2, axis=-1))


FLOW_QUICK = [{"d": 8, "L": 7, "w2": 1.0, "alpha": 0.01, "zeta_d": 0.5}]
FLOW_FULL = FLOW_QUICK + [
    {"d": 8, "L": 7, "w2": 0.5, "alpha": 0.01, "zeta_d": 0.5},
    {"d": 8, "L": 7, "w2": 1.0, "alpha": 0.001, "zeta_d": 0.5},
]
GAP = 1e-8  # alpha (1 - zeta_2): small enough for the linear (poisoning) regime of Proposition 16


def _flows(inst, gap=GAP):
    d, L, w, al = inst["d"], inst["L"], inst["w2"], inst["alpha"]
    return flow(d, L, w, al, gap, False), flow(d, L, w, al, gap, True)


@check("ssm-poison/lemma-5", "residuals-at-init-and-flow", "flow")
def lemma5_flow(ctx):
    """At t = 0 (exact rationals): both residuals of I_0 points and of their references lie in
    (0, 1), and 1 - d (1/(2d))^{L-1} > 0, 1 - d/(2d) > 0; along the Taylor flows (double vs
    extended precision) l(A(t)) and l(A^ref(t)) stay <= 2P/m and never increase."""
    ctx.precision = "heyoka Taylor, float64 vs float80 (difference = error estimate)"
    for inst in ctx.instances(FLOW_QUICK, FLOW_FULL):
        ctx.start(inst)
        d, L, w, al = inst["d"], inst["L"], inst["w2"], inst["alpha"]
        ctx.exact(
            "1 - d (1/(2d))^{L-1} > 0 and 1 - d/(2d) > 0",
            bool(1 - d * Fraction(1, 2 * d) ** (L - 1) > 0 and Fraction(1, 2) > 0),
            "==",
            True,
        )
        for ref in (False, True):
            z = init_zeta(d, GAP)
            if ref:
                z[1] = z[0]
            x0 = [Fraction(al) * Fraction(v) for v in z]
            rl, rs = 1 - sum(v ** (L - 1) for v in x0), 1 - sum(x0)
            ctx.exact(
                f"{'reference' if ref else 'I_0'} init: both residuals in (0, 1)",
                bool(0 < rl < 1 and 0 < rs < 1),
                "==",
                True,
                res_l=float(rl),
                res_s=float(rs),
            )
        for name, fl in zip(("A", "A_ref"), _flows(inst)):
            ls = loss_np(fl.states, L, w)
            # error of l: state error x |grad l|, plus rounding of the extended-precision evaluation
            err = float(np.max(fl.error)) * float(np.max(np.abs(grad_np(fl.states, L, w)))) * math.sqrt(d) + 8 * float(
                np.finfo(np.longdouble).eps
            ) * float(np.max(ls))
            err = Estimate(0.0, err, "two precisions + roundoff bound")
            ctx.bound(f"max_t l({name}(t)) <= 2P/m", float(np.max(ls)), 2 * w, err=err)
            ctx.bound(
                f"max_(t > 0) l({name}(t)) <= l({name}(0)) (the Lemma-22 step)",
                float(np.max(ls[1:])),
                float(ls[0]),
                err=2 * err,
            )


@check("ssm-poison/lemma-11", "confinement-along-flows", "flow")
def lemma11_flow(ctx):
    """max_j |a_j(t)| <= 3 along both flows (error: two precisions); and off the cube the loss
    exceeds 2P/m: for |a_j| > 3, (1 - sum a^{L-1})^2 >= (3^{L-1} - 1)^2 > 2 (exact)."""
    for inst in ctx.instances(FLOW_QUICK, FLOW_FULL):
        ctx.start(inst)
        L = inst["L"]
        ctx.exact("(3^{L-1} - 1)^2 > 2 (so l > 2P/m off [-3,3]^d)", (3 ** (L - 1) - 1) ** 2, ">", 2)
        for name, fl in zip(("A", "A_ref"), _flows(inst)):
            ctx.bound(
                f"max_t max_j |{name}_j(t)| <= 3",
                float(np.max(np.abs(fl.states))),
                3.0,
                err=Estimate(0.0, float(np.max(fl.error)), "two precisions"),
            )


# ---------------------------------------------------------------------------------------
# Lemmas 6, 7: critical points on W_1 (exact Sturm counts; Arb enclosures)
# ---------------------------------------------------------------------------------------
GRID_DL = [(8, 7), (10, 7), (20, 9), (8, 9), (10, 9), (20, 7), (8, 11)]


def _grid(ctx):
    """The (d, L) pairs of a check: a probe's d and/or L override them (``ibv probe --set d=12``)."""
    if "d" in ctx.overrides or "L" in ctx.overrides:
        return [(ctx.overrides.get("d", 8), ctx.overrides.get("L", 7))]
    return GRID_DL if ctx.full else [(8, 7), (10, 7), (20, 9)]


# expect verified: exact Sturm counts and signs at sampled (d, L) are evidence there, not a proof for all (d, L)
@check("ssm-poison/lemma-6", "exact-signs-on-w1", "symbolic", expect="verified")
def lemma6_exact(ctx):
    """On W_1 the gradient is 2P/m g_{d,L}(a) 1_d (SymPy); g has no root in [-1/d, 1/d) (exact
    Sturm count; g(-1/d) < 0), so grad l != 0 there; for a > 3/d or a < -1/d,
    (1 - da)^2 > 2 exactly; the printed f(L) = (L-1)/8^{L-2} is 1/4 at L = 3 and decreasing."""
    a = ss.a_sym
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        A = list(sp.symbols(f"a0:{d}", real=True))
        gl = [sp.diff(sm.objective_s2(A, L, ss.w_sym), x).subs({x: a for x in A}) for x in A[:1]]
        ctx.identity(
            f"grad l(a 1_d)_j = 2P/m g_{{d,L}}(a), d={d}, L={L}",
            sp.expand(gl[0] - 2 * ss.w_sym * sm.critical_polynomial(d, L, a)),
            scope=f"d={d}, L={L}",
        )
        p = g_poly(d, L)
        n = intervals.sturm_count(p, fmpq(-1, d), fmpq(1, d))
        ctx.exact(
            f"g_{{{d},{L}}} has no root in (-1/d, 1/d] (Sturm) and g(-1/d) != 0",
            bool(n == 0 and p(fmpq(-1, d)) != 0),
            "==",
            True,
            roots=n,
            scope=f"d={d}, L={L}",
        )
    ctx.exact(
        "(1 - u)^2 > 2 for u > 3 and for u < -1 (exact: (1-u)^2 - 2 has roots 1 +- sqrt 2 in (-1, 3))",
        bool(all(abs(r) < 3 and r > -1 for r in [1 - sp.sqrt(2), 1 + sp.sqrt(2)])),
        "==",
        True,
    )
    ctx.exact("printed: f(3) = (L-1)/8^{L-2} at L=3 equals 1/4", ss.lemma6_f(3), "==", ss.LEMMA6_F_AT_3, whole=True)
    ctx.exact(
        "f(L) decreasing for L >= 3 (f(L+1)/f(L) = L/(8(L-1)) < 1)",
        bool(all(ss.lemma6_f(L + 1) < ss.lemma6_f(L) for L in range(3, 60))),
        "==",
        True,
        scope="L = 3..59",
    )


# expect verified: identities are proved, but the Sturm root counts are exact arithmetic at sampled (d, L) only
@check("ssm-poison/lemma-7", "exact-sturm-and-identities", "symbolic", expect="verified")
def lemma7_exact(ctx):
    """Exact: g_{d,L} has exactly one root in [1/d, 3/d] and in [-1/d, 3/d] (Sturm), f = l(a 1_d),
    printed f' = d x (grad l)_j (the proof's 'f' = grad_j' is off by d), printed f'' = d f'/da,
    f'(0) = -2Pd/m, g(1/d) < 0 < g(3/d) exactly, and the printed h(L), g(L): h(3) = 3/4,
    g(4) = 9/4, both decreasing; 1 - 3(3/8)^2 >= 1/2. Every real root of g_{d,L} (Sturm on R)
    is listed: s is the only critical point of f, so argmin_{W_1} l = s 1_d."""
    a = ss.a_sym
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        A = list(sp.symbols(f"a0:{d}", real=True))
        l = sm.objective_s2(A, L, ss.w_sym)
        on = {x: a for x in A}
        f = ss.f_w1(a, d, L)
        ctx.identity(f"f(a) = l(a 1_d), d={d}, L={L}", sp.expand(l.subs(on) - f))
        gj = sp.diff(l, A[0]).subs(on)
        ctx.identity("printed f'(a) = d (grad l(a 1_d))_j", sp.expand(ss.f_prime_printed(a, d, L) - d * gj))
        ctx.identity("printed f' = df/da", sp.expand(ss.f_prime_printed(a, d, L) - sp.diff(f, a)))
        ctx.identity("printed f'' = d^2f/da^2", sp.expand(ss.f_second_printed(a, d, L) - sp.diff(f, a, 2)))
        ctx.identity("f'(0) = -2Pd/m", ss.f_prime_printed(sp.Integer(0), d, L) + 2 * ss.w_sym * d)
        p = g_poly(d, L)
        n13, n_13, nR = (
            intervals.sturm_count(p, fmpq(1, d), fmpq(3, d)),
            intervals.sturm_count(p, fmpq(-1, d), fmpq(3, d)),
            intervals.sturm_count_real(p),
        )
        ctx.exact(
            f"exactly one root of g in [1/d, 3/d] and in [-1/d, 3/d], d={d}, L={L}",
            bool(n13 == 1 and n_13 == 1 and p(fmpq(1, d)) < 0 < p(fmpq(3, d))),
            "==",
            True,
            roots_1d_3d=n13,
            roots_real=nR,
        )
        ctx.exact(
            f"s is the only real critical point of f (g has {nR} real root(s)), so it is the global minimiser on W_1",
            nR,
            "==",
            1,
            real_roots=nR,
        )
        ctx.exact(
            "1 - d(3/d)^{L-1} = 1 - 3(3/d)^{L-2} >= 1 - 3(3/8)^2 >= 1/2",
            1 - 3 * Fraction(3, d) ** (L - 2),
            ">=",
            Fraction(1, 2),
        )
    ctx.exact(
        "h(3) = 3/4, h decreasing for L >= 3",
        bool(ss.lemma7_h(3) == ss.LEMMA7_H_AT_3 and all(ss.lemma7_h(L + 1) < ss.lemma7_h(L) for L in range(3, 60))),
        "==",
        True,
    )
    ctx.exact(
        "g(4) = 9/4, g decreasing for L >= 4",
        bool(ss.lemma7_g(4) == ss.LEMMA7_G_AT_4 and all(ss.lemma7_g(L + 1) < ss.lemma7_g(L) for L in range(4, 60))),
        "==",
        True,
    )


def _saddle_items(ctx, d, L, w=1.0):
    s, roots, inside = saddle(d, L)
    # a precondition of the enclosures below (uniqueness itself is decided exactly in lemma-7's Sturm check)
    ctx.observe(f"Arb isolates {len(inside)} real root(s) of g in (1/d, 3/d), d={d}, L={L}", real_roots=len(roots))
    if len(inside) != 1:
        ctx.undecided(
            f"no single isolated root of g in (1/d, 3/d), d={d}, L={L}", "the enclosures below need one isolated root"
        )
        return None
    ok = s.overlaps(inside[0])
    ctx.observe(
        "the bisection ball and Arb's isolating ball of s overlap (two enclosures of one root: consistency)",
        holds=bool(ok),
        s_bisect=_arb_str(s),
        s_flint=_arb_str(inside[0]),
    )
    W = _ball_w(w)
    ls = W * ((1 - d * s ** (L - 1)) ** 2 + (1 - d * s) ** 2)
    certify(ctx, f"l(s) >= P/(4m), d={d}, L={L}", W / 4, ls, l_s=_arb_str(ls, 20))
    fpp = 2 * W * d * ((L - 1) * (2 * L - 3) * d * s ** (2 * L - 4) - (L - 1) * (L - 2) * s ** (L - 3) + d)
    certify(ctx, "f''(s) > 0", arb(0), fpp)
    certify(ctx, "1/d < s", arb(fmpq(1, d)), s)
    certify(ctx, "s < 3/d", s, arb(fmpq(3, d)))
    return s


@check("ssm-poison/lemma-7", "arb-enclosure", "interval")
@arb_precision
def lemma7_interval(ctx):
    """s enclosed twice (exact bisection at 236 bits; Arb's real-root isolation), the two balls
    overlap, s in (1/d, 3/d), l(s) >= P/(4m) and f''(s) > 0 decided on the balls; for the paper's
    pairs and a Hypothesis family (d in [8, 60], odd L in [7, 21])."""
    ctx.precision = f"Arb, {PREC} bits"
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        s = _saddle_items(ctx, d, L)
        if s is not None:
            ctx.metrics[f"s(d={d},L={L})"] = _arb_str(s, 30)
    ctx.random(
        _hyp_pairs(),
        lambda dl: ctx.start({"d": dl[0], "L": dl[1], "w2": 1.0}) and None or _saddle_items(ctx, *dl),
        quick=4,
        full=40,
    )


# ---------------------------------------------------------------------------------------
# Lemmas 8, 9: Hessian at s
# ---------------------------------------------------------------------------------------
@check("ssm-poison/lemma-8", "symbolic-hessian", "symbolic")
def lemma8_symbolic(ctx):
    """sympy.hessian of (27) equals the printed general entries (d = 3, 5; L = 7, 9); at A = s 1_d
    (symbolic d, L, s, P/m) the printed entries give omega_1, omega_2 as printed, the Hessian is
    (omega_1 - omega_2) I + omega_2 11^T, 1_d and e_1 - e_j are eigenvectors with eigenvalues
    omega_1 + (d-1) omega_2 and omega_1 - omega_2, which equal the printed lambda_pm (symbolic d,
    L); the eigenvectors span R^d (multiplicities 1 and d-1). Reduced forms modulo g_{d,L}(s) = 0
    (catalog candidate identities, verified here): lambda_- = 2P/m (L-2)(1 - ds)/s."""
    w, s, d, L = ss.w_sym, ss.s_sym, ss.d_sym, ss.L_sym
    for dd in (3, 5):
        for LL in (7, 9) if not ctx.full else (5, 7, 9, 11):
            A = list(sp.symbols(f"a0:{dd}", real=True))
            H = sp.hessian(sm.objective_s2(A, LL, w), A)
            ctx.identity(
                f"sympy.hessian = printed entries, d={dd}, L={LL}",
                sp.expand(H - ss.printed_hessian(A, LL, w)),
                scope=f"d={dd}, L={LL}",
            )
    # symbolic d, L at A = s 1_d: the printed diagonal entry with sum_{k != j} a_k^{L-1} = (d-1) s^{L-1}
    diag = (
        2
        * w
        * (
            (L - 1)
            * (
                (2 * L - 3) * s ** (2 * L - 4)
                + (L - 2) * (d - 1) * s ** (L - 1) * s ** (L - 3)
                - (L - 2) * s ** (L - 3)
            )
            + 1
        )
    )
    off = 2 * w * ((L - 1) ** 2 * s ** (L - 2) * s ** (L - 2) + 1)
    ctx.identity(
        "diagonal entry at s 1_d = omega_1 (symbolic d, L)",
        sp.simplify(sp.powsimp(sp.expand(diag - ss.omega1(s, d, L)))),
        scope="symbolic d, L, s > 0",
    )
    ctx.identity(
        "off-diagonal entry at s 1_d = omega_2",
        sp.simplify(sp.powsimp(sp.expand(off - ss.omega2(s, d, L)))),
        scope="symbolic d, L, s > 0",
    )
    o1, o2 = sp.Symbol("omega1"), sp.Symbol("omega2")
    for dd in (4, 8):
        M = (o1 - o2) * sp.eye(dd) + o2 * sp.ones(dd, dd)
        one = sp.ones(dd, 1)
        ctx.identity(f"M 1_d = (omega_1 + (d-1) omega_2) 1_d, d={dd}", sp.expand(M * one - (o1 + (dd - 1) * o2) * one))
        for j in range(1, dd):
            e = sp.zeros(dd, 1)
            e[0], e[j] = 1, -1
            ctx.identity(
                f"M (e_1 - e_{j + 1}) = (omega_1 - omega_2)(e_1 - e_{j + 1}), d={dd}", sp.expand(M * e - (o1 - o2) * e)
            )
        V = sp.Matrix.hstack(
            one, *[sp.Matrix([1 if i == 0 else (-1 if i == j else 0) for i in range(dd)]) for j in range(1, dd)]
        )
        ctx.identity(
            f"1_d, e_1 - e_2, ..., e_1 - e_d span R^d: det = d (-1)^(d-1) != 0, d={dd}", V.det() - dd * (-1) ** (dd - 1)
        )
    ctx.identity(
        "omega_1 + (d-1) omega_2 = printed lambda_+ (symbolic d, L)",
        sp.simplify(sp.powsimp(sp.expand(ss.omega1(s, d, L) + (d - 1) * ss.omega2(s, d, L) - ss.lambda_plus(s, d, L)))),
        scope="symbolic d, L",
    )
    ctx.identity(
        "omega_1 - omega_2 = printed lambda_- (symbolic d, L)",
        sp.simplify(sp.powsimp(sp.expand(ss.omega1(s, d, L) - ss.omega2(s, d, L) - ss.lambda_minus(s, d, L)))),
        scope="symbolic d, L",
    )
    for dd, LL in _grid(ctx):
        ctx.start({"d": dd, "L": LL, "w2": 1.0})
        g = sm.critical_polynomial(dd, LL, s)
        red = sp.expand(ss.lambda_minus(s, dd, LL, 1) * s - 2 * (LL - 2) * (1 - dd * s))
        ctx.identity(
            f"s lambda_- - 2(L-2)(1-ds) = 0 mod g_{{d,L}}(s), d={dd}, L={LL} (P/m = 1)",
            sp.rem(sp.Poly(red, s), sp.Poly(g, s)).as_expr() if sp.Poly(red, s).degree() >= 0 else red,
        )


def _spectrum_items(ctx, d, L, w):
    s = saddle(d, L)[0]
    lp, lm = eig_formulas(d, L, w)
    with intervals.arb_precision(PREC):
        H = hessian_at(d, L, w, [s] * d)
        eigs = sorted(intervals.sym_eigen_clusters(H), key=lambda z: float(z.real.mid()))
    re = [z.real for z in eigs]
    ctx.observe(
        f"Arb eigenvalue enclosures are real (imaginary part contains only 0 up to its radius), d={d}, L={L}",
        holds=bool(all(abs(float(z.imag.mid())) <= float(z.imag.rad()) + 1e-60 for z in eigs)),
    )
    near_m = [r for r in re if r.overlaps(lm)]
    near_p = [r for r in re if r.overlaps(lp)]
    ctx.observe(
        f"d-1 = {d - 1} enclosures overlap the printed lambda_-, "
        "1 overlaps the printed lambda_+, and the two groups are disjoint (consistency, not proof)",
        holds=bool(len(near_m) == d - 1 and len(near_p) == 1 and all(not m.overlaps(lp) for m in near_m)),
        lambda_plus=_arb_str(lp, 20),
        lambda_minus=_arb_str(lm, 20),
        eig_min=_arb_str(re[0], 20),
        eig_max=_arb_str(re[-1], 20),
    )
    # eigenvectors on the ball matrix: H 1 - lambda_+ 1 and H(e_1 - e_j) - lambda_-(e_1 - e_j) contain 0
    one = arb_mat([[1]] * d)
    r1 = H * one - one * lp
    ctx.observe(
        "H(s) 1_d - lambda_+ 1_d encloses 0 (ball arithmetic: consistency, not proof)",
        holds=bool(all(r1[i, 0].contains(0) for i in range(d))),
    )
    for j in range(1, d):
        e = arb_mat([[1 if i == 0 else (-1 if i == j else 0)] for i in range(d)])
        r = H * e - e * lm
        if not all(r[i, 0].contains(0) for i in range(d)):
            ctx.observe(f"H(s)(e_1 - e_{j + 1}) - lambda_-(e_1 - e_{j + 1}) encloses 0", holds=False)
            return
    ctx.observe("H(s)(e_1 - e_j) - lambda_-(e_1 - e_j) encloses 0 for all j (consistency, not proof)", holds=True)
    certify(ctx, "lambda_- < 0 < lambda_+ (Arb eigen-solver enclosures)", re[-2], re[-1])


@check("ssm-poison/lemma-8", "arb-eigen-solver", "interval")
@arb_precision
def lemma8_interval(ctx):
    """Arb's certified eigenvalue solver on the ball Hessian (sympy.hessian of (27) evaluated at
    the s-ball; the printed formulas are not used to compute it): one eigenvalue enclosure meets
    the printed lambda_+, d-1 meet the printed lambda_- and the groups are disjoint; the printed
    eigenvectors satisfy the eigen-equations in ball arithmetic."""
    ctx.precision = f"Arb, {PREC} bits"
    for d, L in [(8, 7), (10, 7)] if not ctx.full else GRID_DL:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        for w in (1.0,) if not ctx.full else (1.0, 0.5):
            _spectrum_items(ctx, d, L, w)
    from hypothesis import strategies as st

    ctx.random(
        st.tuples(st.integers(8, 14), st.sampled_from([7, 9, 11, 13])),
        lambda dl: ctx.start({"d": dl[0], "L": dl[1], "w2": 1.0}) and None or _spectrum_items(ctx, dl[0], dl[1], 1.0),
        quick=2,
        full=12,
    )


def _lemma9_items(ctx, d, L, w=1.0):
    lp, lm = eig_formulas(d, L, w)
    W = _ball_w(w)
    certify(
        ctx,
        f"lambda_+ >= 2P(d-1)/m (strict on the balls), d={d}, L={L}",
        2 * W * (d - 1),
        lp,
        lambda_plus=_arb_str(lp, 15),
    )
    certify(ctx, "-2P/m < lambda_-", -2 * W, lm, lambda_minus=_arb_str(lm, 15))
    certify(ctx, "lambda_- < 0", lm, arb(0))
    s = saddle(d, L)[0]
    certify(
        ctx,
        "(L-1)(L-2) s^{L-3}(d s^{L-1} - 1) > -1",
        arb(-1),
        (L - 1) * (L - 2) * s ** (L - 3) * (d * s ** (L - 1) - 1),
    )


@check("ssm-poison/lemma-9", "arb-bounds", "interval")
@arb_precision
def lemma9_interval(ctx):
    """Lemma 9's bounds decided on Arb enclosures of lambda_pm (printed formulas at the s-ball),
    for the paper's pairs, P/m in {1, 1/2}, and a Hypothesis family of (d, L)."""
    ctx.precision = f"Arb, {PREC} bits"
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        for w in (1.0, 0.5):
            _lemma9_items(ctx, d, L, w)
    ctx.random(
        _hyp_pairs(),
        lambda dl: ctx.start({"d": dl[0], "L": dl[1], "w2": 1.0}) and None or _lemma9_items(ctx, *dl),
        quick=4,
        full=40,
    )


# expect verified: exact signs of g(1/d) at sampled (d, L) (the printed constants alone would be whole-claim)
@check("ssm-poison/lemma-9", "exact-signs-and-printed-constants", "symbolic", expect="verified")
def lemma9_exact(ctx):
    """Exact: lambda_- < 0 iff s > 1/d (reduced form, proved in lemma-8), and g(1/d) < 0 < g(s)
    makes s > 1/d exact; the printed f(L) > -0.6 and g(L) < 0.6 at L = 7 and monotone for L >= 7;
    the chain's corrected last link 3(3/8)^{L-2} - 1 < 0 (the printed '3(3/8)^{L-2} < 0' is false:
    proof-only misprint)."""
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        ctx.exact(f"g(1/d) < 0 (so s > 1/d and lambda_- < 0), d={d}, L={L}", g_poly(d, L)(fmpq(1, d)), "<", 0)
    ctx.exact(
        "printed: f(7) = -30 (3/8)^4 > -0.6",
        ss.lemma9_f(7),
        ">",
        -ss.LEMMA9_THRESHOLD,
        whole=True,
        value=float(ss.lemma9_f(7)),
    )
    ctx.exact("printed: g(7) < 0.6", ss.lemma7_g(7), "<", ss.LEMMA9_THRESHOLD, whole=True)
    ctx.exact(
        "f increasing and g decreasing for L >= 7",
        bool(all(ss.lemma9_f(L + 1) > ss.lemma9_f(L) for L in range(7, 60))),
        "==",
        True,
    )
    ctx.exact(
        "3(3/8)^{L-2} - 1 < 0 for L >= 7 (the corrected last link)",
        bool(all(3 * sp.Rational(3, 8) ** (L - 2) - 1 < 0 for L in range(7, 60))),
        "==",
        True,
    )
    ctx.metrics["proof_misprint"] = "printed '3(3/8)^{L-2} < 0' is false (positive); the -1 is missing"


# ---------------------------------------------------------------------------------------
# Lemma 10, Corollary 2, Remark 2: the linearised flow
# ---------------------------------------------------------------------------------------
def _w2_basis(d):
    """Q of Lemma 10: 1_d/sqrt d, then Gram-Schmidt of e_1 - e_2, ..., e_1 - e_d (exact)."""
    vecs = [sp.ones(d, 1)] + [
        sp.Matrix([1 if i == 0 else (-1 if i == j else 0) for i in range(d)]) for j in range(1, d)
    ]
    return sp.Matrix.hstack(*sp.GramSchmidt(vecs, orthonormal=True))


def _expand(M):
    return M.applyfunc(sp.expand)


@check("ssm-poison/lemma-10", "symbolic-solution", "symbolic")
def lemma10_symbolic(ctx):
    """For d = 3, 4 with symbolic lambda_pm, s and A(0): Q is orthogonal with first column
    1_d/sqrt d and the rest spanning W_2; Q Diag(lambda_+, lambda_-, ..) Q^T = (omega_1 -
    omega_2) I + omega_2 11^T with omega_2 = (lambda_+ - lambda_-)/d; and the printed A^lin(t)
    satisfies A^lin' = -Hess (A^lin - s 1) and the initial condition. The residuals are expanded
    (exact: polynomials in the exponentials, the symbols and square roots, which expansion
    cancels) before the identity judge's own simplification."""
    lp, lm, t, s = sp.symbols("lambda_p lambda_m t s", real=True)
    for d in (3, 4) if not ctx.full else (3, 4, 5):
        Q = _w2_basis(d)
        ctx.identity(f"Q^T Q = I, d={d}", _expand(Q.T * Q - sp.eye(d)))
        ctx.identity(f"Q e_1 = 1_d/sqrt d, d={d}", _expand(Q[:, 0] - sp.ones(d, 1) / sp.sqrt(d)))
        ctx.identity(f"columns 2..d of Q are orthogonal to 1_d (so span W_2), d={d}", _expand(sp.ones(1, d) * Q[:, 1:]))
        Lam = sp.diag(lp, *([lm] * (d - 1)))
        Hs = Q * Lam * Q.T
        o2 = (lp - lm) / d
        ctx.identity(
            f"Q Lambda Q^T = (omega_1 - omega_2) I + omega_2 11^T with omega_1 - omega_2 = lambda_-, d={d}",
            _expand(Hs - (lm * sp.eye(d) + o2 * sp.ones(d, d))),
        )
        A0 = sp.Matrix(sp.symbols(f"x0:{d}", real=True))
        S = s * sp.ones(d, 1)
        Alin = Q * sp.diag(*[sp.exp(-t * e) for e in [lp] + [lm] * (d - 1)]) * Q.T * (A0 - S) + S
        ctx.identity(f"printed A^lin solves A' = -Hess(s)(A - s), d={d}", _expand(sp.diff(Alin, t) + Hs * (Alin - S)))
        ctx.identity(f"A^lin(0) = A(0), d={d}", _expand(Alin.subs(t, 0) - A0))


@check("ssm-poison/corollary-2", "symbolic-coordinates", "symbolic")
def cor2_symbolic(ctx):
    """d = 3, 4: with A(0) = beta_1 1 + beta_2 v (v unit in W_2, symbolic), the printed
    (e^{-t lambda_+}(beta_1 - s) + s) 1 + e^{-t lambda_-} beta_2 v equals Lemma 10's solution."""
    lp, lm, t, s, b1, b2 = sp.symbols("lambda_p lambda_m t s beta1 beta2", real=True)
    for d in (3, 4):
        Q = _w2_basis(d)
        c = sp.symbols(f"c1:{d}", real=True)
        v = sum((ci * Q[:, i + 1] for i, ci in enumerate(c)), sp.zeros(d, 1))  # a vector of W_2
        A0 = b1 * sp.ones(d, 1) + b2 * v
        S = s * sp.ones(d, 1)
        Alin = Q * sp.diag(*[sp.exp(-t * e) for e in [lp] + [lm] * (d - 1)]) * Q.T * (A0 - S) + S
        printed = (sp.exp(-t * lp) * (b1 - s) + s) * sp.ones(d, 1) + sp.exp(-t * lm) * b2 * v
        ctx.identity(
            f"Corollary 2 = Lemma 10's solution, d={d}", sp.simplify(Alin - printed), scope="v in W_2 (unit or not)"
        )


@functools.cache
def _lin_vs_nonlinear(d, L, w, eps, t_end):
    """Nonlinear flow (28) from s 1 + eps (u_1 1/sqrt d + u_2 v) against Corollary 2's closed form."""
    a, rhs = _rhs(d, L, w)
    s = float(saddle(d, L)[0].mid())
    lp, lm = (float(x.mid()) for x in eig_formulas(d, L, w))
    v = np.array([1.0, -1.0] + [0.0] * (d - 2)) / math.sqrt(2)
    u1, u2 = 0.6, 0.8
    x0 = s + eps * (u1 * np.ones(d) / math.sqrt(d) + u2 * v)
    grid = np.linspace(0, t_end, 41)
    fl = taylor.integrate_two_precisions(rhs, a, list(x0), grid)
    b1 = s + eps * u1 / math.sqrt(d)
    lin = np.array([(math.exp(-t * lp) * (b1 - s) + s) * np.ones(d) + math.exp(-t * lm) * eps * u2 * v for t in grid])
    disc = float(np.max(np.abs(fl.states.astype(float) - lin)))
    return disc, float(np.max(fl.error)), lp, lm


@check("ssm-poison/corollary-2", "nonlinear-vs-linearised-flow", "flow")
def cor2_flow(ctx):
    """(8, 7): the flow (28) from s 1 + eps (0.6 1/sqrt d + 0.8 (e_1 - e_2)/sqrt 2) against
    Corollary 2's closed form on t <= 1/|lambda_-|, eps = 1e-4 and 1e-5: the discrepancy is
    second order (log-log slope in eps within [1.8, 2.2], error: Taylor flows at two precisions
    plus the rounding of the closed form); discrepancy/eps^2 (~18) recorded."""
    d, L, w = 8, 7, 1.0
    t_end = 1 / abs(float(eig_formulas(d, L, w)[1].mid()))
    (d1, e1, _, _), (d2, e2, _, _) = _lin_vs_nonlinear(d, L, w, 1e-4, t_end), _lin_vs_nonlinear(d, L, w, 1e-5, t_end)
    ctx.start({"d": d, "L": L, "w2": w})
    slope = math.log10(d1 / d2)
    # measured errors: the Taylor flows at two precisions, plus the double rounding of the closed form
    rnd = 8 * float(np.finfo(float).eps)
    e1, e2 = e1 + rnd, e2 + rnd
    slope_err = (e1 / d1 + e2 / d2) / math.log(10)
    ctx.bound(
        "linearisation error second order: slope of log discrepancy >= 1.8",
        1.8,
        Estimate(slope, slope_err, "two precisions"),
        t_end=t_end,
    )
    ctx.bound("slope of log discrepancy <= 2.2", Estimate(slope, slope_err, "two precisions"), 2.2)
    ctx.observe("discrepancy / eps^2 at eps = 1e-5", ratio=d2 / 1e-10, discrepancy_1e4=d1, discrepancy_1e5=d2)
    ctx.metrics["discrepancy_over_eps2"] = d2 / 1e-10


@check("ssm-poison/remark-2", "symbolic-limits", "symbolic")
def remark2_symbolic(ctx):
    """With lambda_+ > 0 > lambda_-: e^{-t lambda_+}(beta_1 - s) + s -> s; |e^{-t lambda_-} beta_2|
    -> infinity for beta_2 != 0 (so the distance to s diverges); for beta_2 = 0 the solution -> s."""
    t = sp.Symbol("t", positive=True)
    lp, mu, b2 = sp.Symbol("lp", positive=True), sp.Symbol("mu", positive=True), sp.Symbol("b2", positive=True)
    b1, s = sp.symbols("b1 s", real=True)
    ctx.identity("lim e^{-t lambda_+}(beta_1 - s) + s - s = 0", sp.limit(sp.exp(-t * lp) * (b1 - s), t, sp.oo))
    ctx.exact(
        "lim |e^{-t lambda_-} beta_2| = oo (lambda_- = -mu < 0, |beta_2| > 0)",
        bool(sp.limit(sp.exp(t * mu) * b2, t, sp.oo) == sp.oo),  # symbolic over all mu, b2 > 0
        "==",
        True,
        whole=True,
    )
    ctx.identity("beta_2 = 0: the W_2 part vanishes", sp.exp(t * mu) * 0)


# ---------------------------------------------------------------------------------------
# Definitions 5-8, Theorem 3, Propositions 6-9
# ---------------------------------------------------------------------------------------
@check("ssm-poison/definition-5", "conjugacy-example", "symbolic")
def def5_symbolic(ctx):
    """A worked instance of Definition 5: x' = -x + x^2 is C^infinity-conjugate near 0 to its
    linearisation y' = -y by H(x) = x/(1-x): H(0) = 0, H'(x) f(x) = -H(x), H^{-1}(y) = y/(1+y)."""
    x, y = sp.symbols("x y", real=True)
    f = -x + x**2
    H = x / (1 - x)
    ctx.identity("H(0) = 0", H.subs(x, 0))
    ctx.identity("D f(0) = -1 (the associated linear equation is y' = -y)", sp.diff(f, x).subs(x, 0) + 1)
    ctx.identity("H'(x) f(x) = -H(x) (H maps solutions to solutions)", sp.simplify(sp.diff(H, x) * f + H))
    ctx.identity("H^{-1}(H(x)) = x with H^{-1}(y) = y/(1+y)", sp.simplify((y / (1 + y)).subs(y, H) - x))


# expect verified: besides the certified signs, the encoding's predicate is tested exactly on sample matrices
@check("ssm-poison/definition-6", "predicate-at-s", "interval", expect="verified")
@arb_precision
def def6_interval(ctx):
    """Definition 6 on -Hess l(s): eigenvalues -lambda_+ < 0 < -lambda_- decided on Arb
    enclosures (so all nonzero, both signs present); the exact predicate on sample matrices."""
    ctx.exact(
        "predicate: diag(1,-2) hyperbolic; diag(1,2), diag(0,-1) not",
        bool(
            ss.strictly_hyperbolic([1, -2])
            and not ss.strictly_hyperbolic([1, 2])
            and not ss.strictly_hyperbolic([0, -1])
        ),
        "==",
        True,
    )
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        lp, lm = eig_formulas(d, L, 1.0)
        certify(ctx, f"-lambda_+ < 0, d={d}, L={L}", -lp, arb(0))
        certify(ctx, f"0 < -lambda_-, d={d}, L={L}", arb(0), -lm)


# expect verified: exhaustive enumerations over a finite range of d and N, not the whole definition
@check("ssm-poison/definition-7", "enumerator", "symbolic", expect="verified")
def def7_symbolic(ctx):
    """Definition 7's multi-index set: as printed (m in N_{>0}^d) it is empty when N < d (exact
    count, d = 3..6, N = d-1), so the condition is vacuous there; under N_{>=0}^d the enumerator
    finds the resonance 2 = 2 x 1 of eigenvalues (1, 2) at order 2 and none for (1, sqrt 3). The
    enumerator's counts against stars and bars (independent: m in N_{>0}^d with sum s number
    C(s-1, d-1), in N_{>=0}^d C(s+d-1, d-1)), d = 1..4, N = 2..7, and a resonance of the
    N_{>0}^d reading once N >= d: eigenvalues (3, -1), m = (1, 4): 3 - 4 = -1 (order 5; none of
    order <= 4)."""
    for d in range(3, 7):
        n = sum(1 for _ in ss.resonance_multi_indices(d, d - 1, positive=True))
        ctx.exact(f"N_{{>0}}^d reading: no multi-index with sum in 2..{d - 1}, d={d}", n, "==", 0, count=n)
    for positive in (True, False):
        bad = [
            (d, N)
            for d in range(1, 5)
            for N in range(2, 8)
            if sorted(ss.resonance_multi_indices(d, N, positive))
            != sorted(set(ss.resonance_multi_indices(d, N, positive)))
            or any(
                min(m) < (1 if positive else 0) or not 2 <= sum(m) <= N
                for m in ss.resonance_multi_indices(d, N, positive)
            )
            or sum(1 for _ in ss.resonance_multi_indices(d, N, positive))
            != sum(math.comb(s - 1, d - 1) if positive else math.comb(s + d - 1, d - 1) for s in range(2, N + 1))
        ]
        ctx.exact(
            f"{'N_{>0}^d' if positive else 'N_{>=0}^d'}: distinct multi-indices "
            "of the set, as many as stars and bars gives (d = 1..4, N = 2..7)",
            bool(not bad),
            "==",
            True,
            failures=bad[:5],
        )
    ctx.exact(
        "N_{>0}^d: (3, -1) non-resonant up to order 4, resonant at order 5 (m = (1, 4))",
        bool(
            ss.nonresonant([sp.Integer(3), sp.Integer(-1)], 4, positive=True)
            and not ss.nonresonant([sp.Integer(3), sp.Integer(-1)], 5, positive=True)
        ),
        "==",
        True,
    )
    ctx.exact(
        "N_{>=0}^d: eigenvalues (1, 2) resonant at order 2",
        bool(not ss.nonresonant([sp.Integer(1), sp.Integer(2)], 2, positive=False)),
        "==",
        True,
    )
    ctx.exact(
        "N_{>=0}^d: eigenvalues (1, sqrt 3) non-resonant up to order 6",
        bool(ss.nonresonant([sp.Integer(1), sp.sqrt(3)], 6, positive=False)),
        "==",
        True,
    )
    ctx.exact(
        "N_{>0}^d: (1, 2) at order 2 sees only m = (1,1): non-resonant",
        bool(ss.nonresonant([sp.Integer(1), sp.Integer(2)], 2, positive=True)),
        "==",
        True,
    )


# expect verified: exhaustive enumerations over finite ranges of Q and rho, not every Q
@check("ssm-poison/definition-8", "q-smoothness-enumeration", "symbolic", expect="verified")
def def8_symbolic(ctx):
    """Definition 8 by brute force: for rho_pm = 1, K(Q) = floor(Q/2) for Q = 2..40 and no K exists
    at Q = 1; for rho_+ = 2, rho_- = 1, K(Q) = floor(Q/3); and for rational rho_pm (including
    rho_- > Q - 1, where only K = 0 is admissible) against the closed form max_M min(floor(M/rho_+),
    floor(N/rho_-)) (both readings of the first constraint)."""
    ctx.exact(
        "rho = (1,1): K(Q) = floor(Q/2), Q = 2..40",
        bool(all(ss.q_smoothness(Q, 1, 1) == Q // 2 for Q in range(2, 41))),
        "==",
        True,
    )
    ctx.exact(
        "Q = 1: no admissible (M, N), the Q-smoothness is undefined", bool(ss.q_smoothness(1, 1, 1) is None), "==", True
    )
    ctx.exact(
        "rho = (2,1): K(Q) = floor(Q/3), Q = 2..40",
        bool(all(ss.q_smoothness(Q, 2, 1) == Q // 3 for Q in range(2, 41))),
        "==",
        True,
    )
    # against the closed form from the definition (K <= M/rho_+, K <= N/rho_-, K >= 0 an integer, exact rationals):
    # K(Q) = max_{M + N = Q} min(floor(M/rho_+), floor(N/rho_-)); with M - K rho_+ > 0, floor becomes ceil - 1
    rhos = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(7, 3), Fraction(5)]
    for strict in (False, True):
        first = (lambda M, r: math.ceil(M / r) - 1) if strict else (lambda M, r: math.floor(M / r))
        bad = [
            (Q, rp, rm)
            for rp in rhos
            for rm in rhos
            for Q in range(2, 21)
            if ss.q_smoothness(Q, rp, rm, strict_first=strict)
            != max(min(first(M, rp), math.floor((Q - M) / rm)) for M in range(1, Q))
        ]
        ctx.exact(
            f"{'M - K rho_+ > 0 reading: ' if strict else ''}K(Q) = max_M min(floor(M/rho_+), "
            "floor(N/rho_-)), rho_pm in {1, 3/2, 2, 7/3, 5}, Q = 2..20",
            bool(not bad),
            "==",
            True,
            failures=[tuple(map(str, b)) for b in bad[:5]],
        )


def _nonres_items(ctx, d, L, N=None):
    lp, lm = eig_formulas(d, L, 1.0)
    N = N or d - 2
    # eigenvalues of -Hess l(s): -lambda_+ (mult 1), -lambda_- (mult d-1)
    r0 = intervals.nonresonance([(-lp, 1), (-lm, d - 1)], N, positive=False)
    ctx.bound(
        f"non-resonance of order {N} (m in N_{{>=0}}^d), d={d}, "
        f"L={L}: 0 < (lower bound of min |gamma| over the enclosures)",
        arb(0),
        # a rigorous lower bound of min |gamma| (the enclosures' lower ends, rounded down): an exact ball
        arb(r0.lower) if r0.certified else arb(0, 1),
        strict=True,
        smallest_gamma=r0.smallest,
        at=str(r0.worst),
        examined=r0.count,
    )
    if N < d:
        r1 = intervals.nonresonance([(-lp, 1), (-lm, d - 1)], N, positive=True)
        # a remark on the printed reading (decided in definition-7::enumerator), not part of this certificate
        ctx.observe(f"as printed (m in N_{{>0}}^d): multi-indices of order <= {N}, d={d}", count=r1.count)
    return r0


@check("ssm-poison/proposition-6", "arb-hyperbolicity-nonresonance", "interval")
@arb_precision
def prop6_interval(ctx):
    """On Arb enclosures of lambda_pm: -Hess l(s) strictly hyperbolic, non-resonant of order d-2
    (every resonance value gamma(lambda_j, m), 2 <= |m| <= d-2, m >= 0, excludes 0) and, for the
    record, of order 30; the proof's printed inequalities (lambda_+ + m lambda_- > 0 for
    m <= d-2, the case bounds) on the balls. Paper pairs and a Hypothesis family."""
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        lp, lm = eig_formulas(d, L, 1.0)
        certify(ctx, f"strictly hyperbolic: -lambda_+ < 0 < -lambda_-, d={d}, L={L}", -lp, -lm)
        _nonres_items(ctx, d, L)
        _nonres_items(ctx, d, L, N=30)
        ctx.metrics[f"ratio lambda_+/|lambda_-| (d={d},L={L})"] = float((lp / -lm).mid())
        certify(ctx, "lambda_+ + (d-2) lambda_- > 0 (printed, m = d-2)", arb(0), lp + (d - 2) * lm)
    ctx.random(
        _hyp_pairs(),
        lambda dl: ctx.start({"d": dl[0], "L": dl[1], "w2": 1.0}) and None or _nonres_items(ctx, *dl),
        quick=3,
        full=30,
    )
    ctx.note(
        "Resonance of -Hess l(s) requires lambda_+/|lambda_-| = M/(m_1 - 1) or (M - 1)/m_1; the ratio (recorded) is "
        "above 1e3 for the paper's pairs, so the first order at which a resonance is possible exceeds 1e3."
    )


# expect verified: exact resultant/root exclusion at sampled (d, L) only, not for all (d, L)
@check("ssm-poison/proposition-6", "exact-no-common-root", "symbolic", expect="verified")
def prop6_exact(ctx):
    """Exact non-resonance for (8, 7) and (10, 7), order d-2: each relation c_+ lambda_+ + c_- lambda_-
    = 0 (c_+ = 1 - m_1, c_- = -M for j = +; c_+ = -m_1, c_- = 1 - M for j = -) is a polynomial in s;
    its gcd with g_{d,L} has no root in [1/d, 3/d] (Sturm count 0) unless the polynomial is 0."""
    s = ss.s_sym
    for d, L in [(8, 7), (10, 7)] if not ctx.full else [(8, 7), (10, 7), (8, 9), (10, 9)]:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        lp = sp.Poly(sp.expand(ss.lambda_plus(s, d, L, 1)), s)
        lm = sp.Poly(sp.expand(ss.lambda_minus(s, d, L, 1)), s)
        g = g_poly(d, L)
        bad = []
        n = 0
        for total in range(2, d - 1):
            for m1 in range(0, total + 1):
                M = total - m1
                for cp, cm in ((1 - m1, -M), (-m1, 1 - M)):
                    P = cp * lp + cm * lm
                    n += 1
                    coeffs = [int(c) for c in reversed(P.all_coeffs())]
                    if all(c == 0 for c in coeffs):
                        bad.append((m1, M, "identically zero"))
                        continue
                    h = intervals.poly_q(coeffs)
                    gg = h.gcd(g)
                    if gg.degree() > 0 and intervals.sturm_count(gg, fmpq(1, d), fmpq(3, d)) > 0:
                        bad.append((m1, M))
        ctx.exact(
            f"no resonance relation of order <= d-2 vanishes at s, d={d}, L={L} ({n} relations)",
            bool(not bad),
            "==",
            True,
            failures=str(bad[:5]),
        )


# expect verified: exhaustive over Q = 2..60 only, not every Q
@check("ssm-poison/proposition-7", "q-smoothness-at-s", "symbolic", expect="verified")
def prop7_symbolic(ctx):
    """rho_pm = 1 exactly (one distinct eigenvalue of each sign, Lemma 8); Definition 8 then gives
    K = floor(Q/2) for Q = 2..60; with the proof's condition 'M - K > 0' the maximum is
    ceil(Q/2) - 1 (recorded: smaller than floor(Q/2) at even Q, a proof-only misprint)."""
    # the enumeration depends on (d, L) only through rho_pm = 1, which holds at every standing (d, L) (Lemma 8)
    ctx.start({"d": 8, "L": 7, "w2": 1.0})
    ctx.exact(
        "K(Q) = floor(Q/2) >= floor(Q/2), Q = 2..60",
        bool(all(ss.q_smoothness(Q, 1, 1) >= Q // 2 for Q in range(2, 61))),
        "==",
        True,
    )
    strict = {Q: ss.q_smoothness(Q, 1, 1, strict_first=True) for Q in range(2, 13)}
    ctx.metrics["proof_condition_M-K>0"] = {str(k): v for k, v in strict.items()}
    ctx.exact(
        "proof's strict condition gives ceil(Q/2) - 1",
        bool(all(v == -(-Q // 2) - 1 for Q, v in strict.items())),
        "==",
        True,
    )


# expect inconclusive: Theorem 3 is imported (Sell 1985) and not checked; what this check computes are its
# hypotheses at s, which are evidence for Proposition 8 (certified there), not for Theorem 3: observations only
@check("ssm-poison/theorem-3", "hypotheses-at-s", "interval", expect="inconclusive")
@arb_precision
def thm3_interval(ctx):
    """Theorem 3 is imported (Sell 1985) and not checked. Its hypotheses for f = -grad l at s are
    recorded (observations; decided under proposition-8 and proposition-6): f polynomial, f(s) = 0
    (g(s) encloses 0 on the ball), Df(s) = -Hess l(s) strictly hyperbolic and non-resonant of order
    Q = d - 2 >= 2, K = floor(Q/2) (Def. 8)."""
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        s = saddle(d, L)[0]
        gs = intervals.eval_ball(g_poly(d, L), s)
        lp, lm = eig_formulas(d, L, 1.0)
        r0 = intervals.nonresonance([(-lp, 1), (-lm, d - 1)], d - 2, positive=False)
        ctx.observe(
            f"Sell's hypotheses at s, d={d}, L={L}",
            f_polynomial=True,
            g_s_encloses_0=bool(gs.contains(0)),
            strictly_hyperbolic_on_balls=bool(-lp < 0 and 0 < -lm),
            nonresonant_order_d_minus_2_on_balls=bool(r0.certified),
            K=ss.q_smoothness(d - 2, 1, 1),
        )


# expect verified: besides the certified hyperbolicity, exact bookkeeping over d = 2..200 and Q < 40 (finite ranges)
@check("ssm-poison/proposition-8", "bookkeeping", "interval", expect="verified")
@arb_precision
def prop8_interval(ctx):
    """floor((d-2)/2) >= 3 iff d >= 8 (exact, d = 2..200), the order Q = d - 2 fed to Proposition 7,
    and Theorem 3's hypotheses at s (certified, as in theorem-3). The smallest order giving C^3
    is Q = 6 (<= d - 2 for d >= 8)."""
    ctx.exact(
        "floor((d-2)/2) >= 3 iff d >= 8", bool(all(((d - 2) // 2 >= 3) == (d >= 8) for d in range(2, 201))), "==", True
    )
    ctx.exact(
        "smallest Q with Q-smoothness (rho = 1) >= 3 is 6",
        min(Q for Q in range(2, 40) if ss.q_smoothness(Q, 1, 1) >= 3),
        "==",
        6,
    )
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        lp, lm = eig_formulas(d, L, 1.0)
        certify(ctx, f"strictly hyperbolic, d={d}, L={L}", -lp, -lm)
        _nonres_items(ctx, d, L)


def _weyl_radius(d, L, w):
    """The largest r = 2^-k (k <= 40) for which the Hessian over the box s 1 +- r (Arb, entries
    as balls) differs from Hess l(s) by Frobenius norm <= |lambda_-| (Weyl: then lambda_min in
    [2 lambda_-, 0])."""
    s = saddle(d, L)[0]
    lp, lm = eig_formulas(d, L, w)
    H0 = hessian_at(d, L, w, [s] * d)
    for k in range(4, 41):
        r = arb(0, fmpq(1, 2**k))
        Hb = hessian_at(d, L, w, [s + r] * d)  # every point of the box (cube of half-width 2^-k) is inside
        diff = Hb - H0
        fro2 = sum(
            (diff[i, j] * diff[i, j] for i in range(d) for j in range(d)), arb(0)
        )  # x*x: Arb's x**2 of a ball around 0 is nan
        if fro2 < lm * lm:
            return k, fro2, lm, lp
    return None, None, lm, lp


@check("ssm-poison/proposition-9", "certified-radius-item-2", "interval")
@arb_precision
def prop9_interval(ctx):
    """Items 1-2: a radius r <= 1/(2d) on which |lambda_min(Hess l(A))| <= 2|lambda_-| for every A
    in the ball, certified by Weyl's inequality (||Hess l(A) - Hess l(s)||_F over the box
    enclosing the ball, in Arb, below |lambda_-|). Item 3 (H) is not checked."""
    for d, L in [(8, 7)] if not ctx.full else [(8, 7), (10, 7)]:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        k, fro, lm, lp = _weyl_radius(d, L, 1.0)
        # the radius is chosen <= 1/(2d) by the search (recorded); the claim is decided on the balls below
        ctx.observe(
            f"radius 2^-k <= 1/(2d), d={d}, L={L}", k=k, holds=k is not None and Fraction(1, 2**k) <= Fraction(1, 2 * d)
        )
        if k is None:
            ctx.undecided(f"no certified radius found, d={d}, L={L}", "no certificate was found at this instance")
        else:
            certify(
                ctx,
                "||Hess(A) - Hess(s)||_F^2 < lambda_-^2 on the box (Weyl: lambda_min in (2 lambda_-, 0))",
                fro,
                lm * lm,
                radius=2.0**-k,
            )
            ctx.metrics[f"certified_r1_item2(d={d},L={L})"] = 2.0**-k


# ---------------------------------------------------------------------------------------
# D.3.4: the W_1 flow (Lemma 12), A^Z and t_1 (claim-9), Definitions 9-10, Proposition 10
# ---------------------------------------------------------------------------------------
W1_BITS = 113


@functools.cache
def w1_flow(d: int, L: int, w: float, a0: Fraction, t_end: float = 8.0, n: int = 160):
    """Lemma 12's 1-D ODE a' = 2P/m((L-1)(1 - d a^{L-1}) a^{L-2} + (1 - d a)) (as printed), heyoka
    MPFR at 113 bits (checked at 177); uniform grid of n steps."""
    from numerics import flows

    x = sp.Symbol("x", real=True)
    W = sp.Integer(int(w)) if w == int(w) else sp.Float(w)
    rhs = [
        taylor.products_for_powers(sp.expand(ss.w1_flow_printed(x, d, L, W)))
    ]  # x**n -> x*...*x: heyoka's pow is NaN at x = 0
    grid = [t_end * (k + 1) / n for k in range(n)]
    fl = flows.integrate_hp(
        rhs, [x], [str(a0.numerator / mpmath.mpf(a0.denominator)) if a0 != 0 else "0"], t_end, bits=W1_BITS, grid=grid
    )
    return fl


@functools.cache
def s_mp(d: int, L: int):
    """s as an mpmath number (midpoint of the Arb ball, radius 2^-236)."""
    with mpmath.workprec(PREC):
        return mpmath.mpf(saddle(d, L)[0].mid().str(80, radius=False))


def err_of(fl) -> float:
    return float(max(fl.error)) + 2.0**-W1_BITS


def err_est(fl) -> Estimate:
    """``err_of`` with its provenance: the 113- vs 177-bit difference plus the unit roundoff of 113 bits."""
    return Estimate(0.0, err_of(fl), "two precisions + roundoff bound")


def _w1_values(fl):
    return np.array([float(st[0]) for st in fl.states]), np.array(fl.error)


W1_STARTS = [Fraction(-1), Fraction(0), Fraction(1, 2), Fraction(2), Fraction(3), Fraction(4)]  # times 1/d


# expect verified: exact Sturm counts and signs at sampled (d, L), not a proof for all (d, L)
@check("ssm-poison/lemma-12", "exact-reduction-and-signs", "symbolic", expect="verified")
def lemma12_exact(ctx):
    """grad l(a 1_d) = 2P/m g(a) 1_d (so W_1 is invariant) and the printed 1-D field equals
    -(1/d) f'(a) = -2P/m g(a); g has exactly one root in [-1/d, 4/d] (Sturm), g(-1/d) < 0 <
    g(4/d): the field is positive on [-1/d, s) and negative on (s, 4/d]. The printed h(L) has
    h(4) = 3/4 and decreases; the printed g(L) bound fails at d = 8 (proof-only misprint,
    recorded: the printed g is exactly 2/3 of the bound the step needs, 1.5^{L-2} for 1.5^{L-3}) while the correct (L-1)(L-2)(1/2)^{L-3} is 15/8 at L = 7 and decreases."""  # noqa: E501 (a check's docstring is stored verbatim)
    a = ss.a_sym
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        ctx.identity(
            f"printed a' = -(1/d) f'(a), d={d}, L={L}",
            sp.expand(ss.w1_flow_printed(a, d, L) + ss.f_prime_printed(a, d, L) / d),
        )
        p = g_poly(d, L)
        ctx.exact(
            f"one root of g in [-1/d, 4/d], g(-1/d) < 0 < g(4/d), d={d}, L={L}",
            bool(intervals.sturm_count(p, fmpq(-1, d), fmpq(4, d)) == 1 and p(fmpq(-1, d)) < 0 < p(fmpq(4, d))),
            "==",
            True,
        )
    ctx.exact(
        "h(4) = 3/4 and h decreasing for L >= 4",
        bool(ss.lemma12_h(4) == ss.LEMMA12_H_AT_4 and all(ss.lemma12_h(L + 1) < ss.lemma12_h(L) for L in range(4, 60))),
        "==",
        True,
    )
    bad = [
        (L, float((L - 1) * (L - 2) * sp.Rational(1, 2) ** (L - 3)), float(ss.lemma12_g(L)))
        for L in (7, 9, 11)
        if (L - 1) * (L - 2) * sp.Rational(1, 2) ** (L - 3) > ss.lemma12_g(L)
    ]
    ctx.metrics["proof_misprint_g(L)"] = f"(L-1)(L-2)(4/8)^(L-3) > printed g(L) at d=8 for L in {[b[0] for b in bad]}"
    # what the misprint is: the printed g(L) is exactly 2/3 of the bound (L-1)(L-2)(4/d)^{L-3} at
    # d = 8 that the step needs, i.e. its 1.5^{L-2} should read 1.5^{L-3}
    ctx.exact(
        "printed g(L) = (2/3)(L-1)(L-2)(4/8)^{L-3} exactly, L = 4..59 (the printed 1.5^{L-2} should read 1.5^{L-3})",
        bool(
            all(
                ss.lemma12_g(L) == sp.Rational(2, 3) * (L - 1) * (L - 2) * sp.Rational(4, 8) ** (L - 3)
                for L in range(4, 60)
            )
        ),
        "==",
        True,
    )
    ctx.exact(
        "correct bound (L-1)(L-2)(1/2)^{L-3} = 15/8 at L = 7, decreasing, < d for d >= 8",
        bool(
            (6 * 5 * sp.Rational(1, 16)) == ss.LEMMA12_G_BOUND
            and all(
                (L) * (L - 1) * sp.Rational(1, 2) ** (L - 2) < (L - 1) * (L - 2) * sp.Rational(1, 2) ** (L - 3)
                for L in range(7, 60)
            )
        ),
        "==",
        True,
    )


@check("ssm-poison/lemma-12", "w1-flows", "flow")
def lemma12_flow(ctx):
    """The printed 1-D flow (heyoka MPFR, 113 vs 177 bits) from a(0) in {-1, 0, 1/2, 2, 3, 4}/d:
    a(t) - s keeps its sign and |a(t) - s| decreases to < 1e-20 by t = 8; every pair keeps its
    order at every grid time. Reduction: the full d-dimensional flow (28) from a(0) 1_d (Taylor,
    double vs extended) stays on W_1 and matches the 1-D solution."""
    ctx.precision = f"heyoka MPFR {W1_BITS} bits (1-D), Taylor float64/float80 (d-dim)"
    for d, L in [(8, 7)] if not ctx.full else [(8, 7), (10, 7)]:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        s = s_mp(d, L)
        vals = {}
        for a0 in W1_STARTS:
            fl = w1_flow(d, L, 1.0, a0 / d)
            with mpmath.workprec(W1_BITS):
                dev = [st[0] - s for st in fl.states]
            vals[a0] = ([st[0] for st in fl.states], err_est(fl))
            err = err_of(fl)
            side = 1 if mpmath.mpf(a0.numerator) / (a0.denominator * d) > s else -1
            resolved = [x for x in dev if abs(x) > 10 * err]
            ok = all((x > 0) == (side > 0) for x in resolved) and all(
                abs(b) <= abs(a) + 10 * err for a, b in zip(dev, dev[1:])
            )
            ctx.observe(
                f"a(0) = {a0}/d: a(t) - s keeps its sign and |a - s| is "
                "non-increasing (where resolved above 10x the error)",
                holds=bool(ok),
                final_distance=float(abs(dev[-1])),
                error=err,
            )
            ctx.bound(f"a(0) = {a0}/d: |a(8) - s| <= 1e-20", float(abs(dev[-1])), 1e-20, err=err_est(fl))
        keys = sorted(vals)
        with mpmath.workprec(W1_BITS):
            ok = all(
                all(b - a > -10 * (vals[lo][1] + vals[hi][1]).error for a, b in zip(vals[lo][0], vals[hi][0]))
                for lo, hi in zip(keys, keys[1:])
            )
            resolved = sum(
                1
                for lo, hi in zip(keys, keys[1:])
                for a, b in zip(vals[lo][0], vals[hi][0])
                if b - a > 10 * (vals[lo][1] + vals[hi][1]).error
            )
        ctx.observe(
            "order of the starting points is never reversed beyond the error (strict wherever resolved)",
            holds=bool(ok),
            resolved_pairs_times=resolved,
        )
        # the order judged where it is resolved: grid times before both flows of a pair are within 1e-25 of s
        with mpmath.workprec(W1_BITS):
            tiny = mpmath.mpf(10) ** -25
            for lo, hi in zip(keys, keys[1:]):
                gaps = [b - a for a, b in zip(vals[lo][0], vals[hi][0]) if abs(a - s) > tiny or abs(b - s) > tiny]
                if gaps:
                    ctx.bound(
                        f"a(t) from {lo}/d stays below a(t) from {hi}/d (grid times before both are within 1e-25 of s)",
                        0.0,
                        min(gaps),
                        err=vals[lo][1] + vals[hi][1],
                        strict=True,
                        times=len(gaps),
                    )
        a, rhs = _rhs(d, L, 1.0)
        for a0 in (Fraction(0), Fraction(4)):
            fl1 = w1_flow(d, L, 1.0, a0 / d)
            grid = np.array([0.0] + list(fl1.times))
            full = taylor.integrate_two_precisions(rhs, a, [float(a0 / d)] * d, grid)
            spread = float(np.max(np.max(full.states, axis=1) - np.min(full.states, axis=1)))
            one_d = np.array([float(a0 / d)] + [float(x[0]) for x in fl1.states])
            # the d-dim Taylor flow's float64-vs-float80 difference plus the 1-D flow's 113- vs 177-bit one
            err = Estimate(0.0, float(np.max(full.error)) + float(max(fl1.error)), "two precisions")
            ctx.agree(
                f"full flow from {a0}/d 1_d = 1-D flow (reduction of Lemma 12)",
                full.states[:, 0].astype(float),
                one_d,
                tol=max(1e3 * err.error, 1e-13),
                err=err,
                spread=spread,
            )
            ctx.bound(
                f"full flow from {a0}/d 1_d stays on W_1 (coordinate spread)",
                spread,
                10 * max(err.error, 1e-18),
                err=err,
            )


@check("ssm-poison/claim-9", "printed-entry-point", "symbolic")
def claim9_exact(ctx):
    """A^Z stays on W_1 (lemma-12) with a^Z' = -2P/m g(a^Z), a^Z(0) = 0 < s, and g < 0 on [0, s)
    (g(0) = -1, one root of g in [-1/d, 3/d], exact): a^Z increases and never reaches s, so the
    first point of the closed ball B_r(s) it meets is (s - r/sqrt d) 1_d, not the printed
    (s + r/sqrt d) 1_d."""
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        p = g_poly(d, L)
        below = p(fmpq(0)) < 0 and intervals.sturm_count(p, fmpq(-1, d), fmpq(3, d)) == 1
        ctx.exact(
            f"g(0) < 0 and s is the only root of g in [-1/d, 3/d] (so a^Z < s for all t), d={d}, L={L}",
            bool(below),
            "==",
            True,
        )
        ctx.exact(
            "printed A^Z(t_1(r)) = s + r/sqrt(d) 1_d is the first entry point (it is s - r/sqrt d)",
            bool(not below),
            "==",
            True,
            scope="every r in (0, s)",
        )


@check("ssm-poison/claim-9", "flow-entry-side", "flow")
def claim9_flow(ctx):
    """The 1-D flow from 0 (MPFR): max_t (a^Z(t) - s) < 0, while the printed point has
    a - s = r/sqrt d > 0 (r = s/2): the printed inequality 'r/sqrt d <= max_t (a^Z - s)' fails."""
    for d, L in [(8, 7)]:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        s = s_mp(d, L)
        fl = w1_flow(d, L, 1.0, Fraction(0))
        with mpmath.workprec(W1_BITS):
            top = max(st[0] - s for st in fl.states)
        r = s / 2
        ctx.bound(
            "printed a^Z(t_1(r)) - s = r/sqrt d <= max_t (a^Z(t) - s)",
            float(r / mpmath.sqrt(d)),
            float(top),
            err=err_est(fl),
        )


@check("ssm-poison/claim-9:corrected", "flow-entry-from-below", "flow")
def claim9c_flow(ctx):
    """1-D flow from 0 (MPFR): a^Z increases, stays below s, and crosses s - r/sqrt d (r = s/2, s/4)
    between two grid times, so A^Z(t_1(r)) = (s - r/sqrt d) 1_d; the full flow from 0_d stays on
    W_1 (lemma-12::w1-flows)."""
    for d, L in [(8, 7)]:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        s = s_mp(d, L)
        fl = w1_flow(d, L, 1.0, Fraction(0))
        err = err_est(fl)
        with mpmath.workprec(W1_BITS):
            v = [st[0] for st in fl.states]
            # resolved part of the grid: the times before a^Z enters B_{1e-25}(s) (later, |a - s| nears the error)
            m = next((i for i, x in enumerate(v) if s - x <= mpmath.mpf(10) ** -25), len(v))
            ctx.bound(
                "min over grid steps (before entry into B_1e-25(s)) of a^Z(t_{k+1}) - a^Z(t_k) > 0 (increasing)",
                0.0,
                min(b - a for a, b in zip(v[:m], v[1:m])),
                err=2 * err,
                strict=True,
                steps=m - 1,
            )
            ctx.bound(
                "a^Z(t) < s at the grid times before entry into B_1e-25(s)",
                max(v[:m]),
                s,
                err=err,
                strict=True,
                max_a_minus_s_all=float(max(x - s for x in v)),
            )
            for r in (s / 2, s / 4):
                level = s - r / mpmath.sqrt(d)
                k = next(i for i, x in enumerate(v) if x >= level)
                ctx.bound(
                    f"a^Z below s - r/sqrt d before the crossing (r = {float(r):.4g})",
                    v[k - 1],
                    level,
                    err=err,
                    strict=True,
                    k=k,
                )
                ctx.bound(f"a^Z at or above s - r/sqrt d after it (r = {float(r):.4g})", level, v[k], err=err)


# expect verified: exact ranks at a sampled d, not for every d
@check("ssm-poison/definition-9", "symbolic-decomposition", "symbolic", expect="verified")
def def9_symbolic(ctx):
    """beta_1 = 1^T A/d, A - beta_1 1 is orthogonal to 1_d (d = 5, symbolic A); both printed spans
    of W_2 -- {e_1 - e_2, e_2 - e_3, ..., e_{d-1} - e_d} and {e_1 - e_j} -- have rank d - 1 and lie
    in 1_d^perp, so they are the same subspace."""
    d = 5
    A = sp.Matrix(sp.symbols(f"x0:{d}", real=True))
    b1 = sum(A) / d
    ctx.identity("1^T (A - beta_1 1) = 0", sp.expand((sp.ones(1, d) * (A - b1 * sp.ones(d, 1)))[0]))
    chain = sp.Matrix.hstack(
        *[sp.Matrix([1 if i == k else (-1 if i == k + 1 else 0) for i in range(d)]) for k in range(d - 1)]
    )
    star = sp.Matrix.hstack(
        *[sp.Matrix([1 if i == 0 else (-1 if i == j else 0) for i in range(d)]) for j in range(1, d)]
    )
    ctx.exact(
        "both spans have rank d-1, lie in 1^perp, and together still rank d-1",
        bool(
            chain.rank() == d - 1
            and star.rank() == d - 1
            and (sp.ones(1, d) * chain).is_zero_matrix
            and (sp.ones(1, d) * star).is_zero_matrix
            and sp.Matrix.hstack(chain, star).rank() == d - 1
        ),
        "==",
        True,
    )


@check("ssm-poison/remark-3", "symbolic-distances", "symbolic")
def remark3_symbolic(ctx):
    """d = 4, symbolic A: min_c ||A - c 1||^2 is attained at c = beta_1 with value ||beta_2 v||^2;
    the projection of A onto W_2 = 1^perp is A - beta_1 1, so Dist(A, W_2) = ||beta_1 1|| = sqrt d |beta_1|."""
    d = 4
    A = sp.Matrix(sp.symbols(f"x0:{d}", real=True))
    c = sp.Symbol("c", real=True)
    b1 = sum(A) / d
    obj = ((A - c * sp.ones(d, 1)).T * (A - c * sp.ones(d, 1)))[0]
    ctx.identity("d/dc ||A - c 1||^2 = 0 at c = beta_1", sp.expand(sp.diff(obj, c).subs(c, b1)))
    ctx.identity(
        "||A - beta_1 1||^2 = ||A||^2 - d beta_1^2 (Pythagoras, beta_2 v = A - beta_1 1)",
        sp.expand(obj.subs(c, b1) - ((A.T * A)[0] - d * b1**2)),
    )
    ctx.identity(
        "A - (A - beta_1 1) = beta_1 1 has norm^2 d beta_1^2",
        sp.expand((b1 * sp.ones(d, 1)).T * (b1 * sp.ones(d, 1)))[0] - d * b1**2,
    )


@check("ssm-poison/corollary-3", "certified-lipschitz-constant", "interval")
@arb_precision
def cor3_interval(ctx):
    """The explicit N (Gershgorin bound of catalog §0.5 item 8): the Hessian of (27) over the box
    [-3,3]^d in Arb has every absolute row sum <= N, so ||Hess||_2 <= N and grad l is N-Lipschitz
    on the cube (which contains the trajectories, Lemma 11)."""
    for d, L in [(8, 7)] if not ctx.full else [(8, 7), (10, 7)]:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        # the printed entries (= sympy.hessian, lemma-8) over the box: term-wise the same bound as N
        A = list(sp.symbols(f"a0:{d}", real=True))
        Hp = ss.printed_hessian(A, L).applyfunc(taylor.products_for_powers)  # Arb's x**n is nan on a ball around 0
        H = arb_mat(sp.lambdify(A + [ss.w_sym], Hp.tolist(), modules=[{}])(*([arb(0, 3)] * d), arb(1)))
        rows = [sum((abs(H[i, j]) for j in range(d)), arb(0)) for i in range(d)]
        N = arb(ss.lipschitz_bound(d, L, 1))
        for i, r in enumerate(rows[:1]):
            # Arb radii carry ~30 bits, so a bound attained exactly is certified up to a factor 1 + 2^-20
            certify(
                ctx,
                "row sum of |Hess| over [-3,3]^d <= N (1 + 2^-20), "
                f"N = {ss.lipschitz_bound(d, L, 1):.4g} (row {i + 1}, all rows alike), d={d}, L={L}",
                r,
                N * (1 + arb(fmpq(1, 2**20))),
                strict=False,
            )
        ctx.metrics[f"N(d={d},L={L})"] = float(ss.lipschitz_bound(d, L, 1))


@check("ssm-poison/corollary-3", "random-pairs", "random")
def cor3_random(ctx):
    """Hypothesis pairs x, y in [-3,3]^8 (L = 7): ||grad l(x) - grad l(y)|| <= N ||x - y|| with the
    explicit N (exact rational arithmetic on the drawn points)."""
    from hypothesis import strategies as st

    d, L = 8, 7
    N = ss.lipschitz_bound(d, L, 1)

    def grad_exact(x):
        rl = 1 - sum(v ** (L - 1) for v in x)
        rs = 1 - sum(x)
        return [-2 * ((L - 1) * rl * v ** (L - 2) + rs) for v in x]

    def prop(pair):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        x = [Fraction(v).limit_denominator(10**6) for v in pair[:d]]
        y = [Fraction(v).limit_denominator(10**6) for v in pair[d:]]
        gx, gy = grad_exact(x), grad_exact(y)
        lhs = sum((a - b) ** 2 for a, b in zip(gx, gy))
        rhs = N**2 * sum((a - b) ** 2 for a, b in zip(x, y))
        ctx.bound("||grad l(x) - grad l(y)||^2 <= N^2 ||x - y||^2 (exact)", lhs, Fraction(rhs))

    ctx.random(st.lists(st.floats(-3, 3, allow_nan=False), min_size=2 * d, max_size=2 * d), prop, quick=10, full=100)


# ---------------------------------------------------------------------------------------
# Escape-flow observables (8, 7): t_1, entry, escape, convergence
# ---------------------------------------------------------------------------------------
LEVEL = 0.05  # |beta_2| at which the escape is declared (a proxy for r_3/(2 sqrt d))


@functools.cache
def t1_of(d: int, L: int, w: float, r: float, step: float = 0.005, t_max: float = 4.0):
    """t_1(r): the first time of a fine grid at which A^Z (full flow from 0_d, Taylor) is in the
    closed ball of radius r around s; returns (t_1, A^Z(t_1), A^-(t_1)) (A^- from -1/d 1_d)."""
    a, rhs = _rhs(d, L, w)
    grid = np.arange(0.0, t_max + step / 2, step)
    Z = taylor.integrate_two_precisions(rhs, a, [0.0] * d, grid)
    M = taylor.integrate_two_precisions(rhs, a, [-1.0 / d] * d, grid)
    s = float(saddle(d, L)[0].mid())
    dist = np.linalg.norm(Z.states.astype(float) - s, axis=1)
    k = int(np.argmax(dist <= r))
    return float(grid[k]), Z.states[k].astype(float), M.states[k].astype(float), float(Z.error[k] + M.error[k])


@functools.cache
def early_flow(d, L, w, alpha, gap, ref, t_max=4.0, step=0.005):
    a, rhs = _rhs(d, L, w)
    z = init_zeta(d, gap)
    if ref:
        z[1] = z[0]
    grid = np.arange(0.0, t_max + step / 2, step)
    return taylor.integrate_two_precisions(rhs, a, [alpha * v for v in z], grid)


def crossing_time(fl, level=LEVEL):
    """First time |beta_2| reaches ``level``, log-linearly interpolated between grid times."""
    b2 = beta2(fl.states).astype(float)
    k = int(np.argmax(b2 >= level))
    t0, t1 = float(fl.times[k - 1]), float(fl.times[k])
    return t0 + (t1 - t0) * math.log(level / b2[k - 1]) / math.log(b2[k] / b2[k - 1])


def escape_index(fl, level=LEVEL):
    b2 = beta2(fl.states).astype(float)
    return int(np.argmax(b2 >= level))


@check("ssm-poison/definition-10", "i3-bound-magnitude", "flow")
def def10_flow(ctx):
    """I_3(r) at (8, 7), r = s/8, as the hypothesis predicate computes it (theorems: t_1(r) and
    ||A^Z(t_1) - A^-(t_1)|| by quadrature on W_1, 30 and 45 digits): cross-checked against the
    d-dimensional Taylor flows from 0_d and -1/d 1_d integrated to that t_1 (float64 vs float80):
    ||A^Z(t_1) - s|| = r and the gap agree. The log10 of the alpha bound min{r, gap}/(6d) exp(-N t_1)
    is recorded (~ -10^6: no double-precision alpha meets it)."""
    d, L, w = 8, 7, 1.0
    ctx.start({"d": d, "L": L, "w2": w})
    s = float(saddle(d, L)[0].mid())
    r = s / 8
    (t1, gap), (t1b, gapb) = ss.i3_time_and_gap(d, L, w, r), ss.i3_time_and_gap(d, L, w, r, dps=45)
    t1e, gape = Estimate.twice(t1b, t1), Estimate.twice(gapb, gap)
    a, rhs = _rhs(d, L, w)
    grid = np.array([0.0, float(t1b)])
    Z = taylor.integrate_two_precisions(rhs, a, [0.0] * d, grid)
    M = taylor.integrate_two_precisions(rhs, a, [-1.0 / d] * d, grid)
    zs, ms = Z.states[-1].astype(float), M.states[-1].astype(float)
    # the state errors: Taylor at two precisions, plus the time error of t_1 times the speed (|grad l| <= 2 w d here)
    speed = float(np.linalg.norm(grad_np(zs, L, w)))
    ctx.agree(
        "||A^Z(t_1(r)) - s|| = r (Taylor flow at the quadrature's t_1)",
        float(np.linalg.norm(zs - s)),
        r,
        tol=1e-13,
        # Taylor float64 vs float80, the quadrature's 30 vs 45 digits, and the double rounding of the norm
        err=Estimate(
            0.0, math.sqrt(d) * float(Z.error[-1]) + speed * t1e.error + 1e-15, "two precisions + roundoff bound"
        ),
        t1=float(t1b),
    )
    ctx.agree(
        "||A^Z(t_1) - A^-(t_1)||: Taylor flows = quadrature",
        float(np.linalg.norm(zs - ms)),
        float(gapb),
        tol=1e-13,
        err=Estimate(
            0.0,
            math.sqrt(d) * float(Z.error[-1] + M.error[-1]) + gape.error + 2 * speed * t1e.error + 1e-15,
            "two precisions + roundoff bound",
        ),
    )
    log10_bound = ss.i3_alpha_bound_log10(d, L, w, r)
    ctx.metrics["log10_alpha_bound"] = log10_bound
    ctx.observe("log10 of the I_3(s/8) alpha bound", log10_alpha_bound=log10_bound, t1=float(t1b), gap=float(gapb))


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check("ssm-poison/proposition-10", "entry-into-ball", "flow", outside_hypotheses=True, expect="inconclusive")
def prop10_flow(ctx):
    """(8, 7), r = s/2, alpha in {1e-2 (quick), 1e-3}: at t_1(r/4) (computed on A^Z) both A and
    A^ref lie in the closed ball B_{r/2}(s) and |beta_2|/alpha lies in [D_-, D_+] (explicit N;
    compared in log10, slack recorded). The hypothesis alpha <= I_3 bound is not met (no double
    can meet it): this tests the conclusion on instances outside the hypothesis."""
    d, L, w = 8, 7, 1.0
    s = float(saddle(d, L)[0].mid())
    r = s / 2
    t1, Z, M, err = t1_of(d, L, w, r / 4)
    N = float(ss.lipschitz_bound(d, L, 1))
    for al in (0.01,) if not ctx.full else (0.01, 0.001):
        ctx.start({"d": d, "L": L, "w2": w, "alpha": al, "r": r, "zeta_d": 0.5})
        k = int(round(t1 / 0.005))
        for name, ref in (("A", False), ("A_ref", True)):
            fl = early_flow(d, L, w, al, GAP, ref)
            x = fl.states[k].astype(float)
            ctx.bound(
                f"||{name}(t_1(r/4)) - s|| <= r/2", float(np.linalg.norm(x - s)), r / 2, err=float(fl.error[k]) + err
            )
            b = float(beta2(x)) / al
            lg = math.log10(b)
            ctx.observe(
                "log10 |beta_2|/alpha <= log10 D_+ = log10 d + N t_1/ln 10",
                lhs=lg,
                rhs=math.log10(d) + N * t1 / math.log(10),
            )
            ctx.observe(
                "log10 D_- = -log10(2d) - N t_1/ln 10 <= log10 |beta_2|/alpha",
                lhs=-math.log10(2 * d) - N * t1 / math.log(10),
                rhs=lg,
            )
        ctx.metrics[f"t1(r/4), alpha={al}"] = t1


# the proof step is decided symbolically for every d; generated examples (a double alpha) would lie outside I_3
@check("ssm-poison/proposition-10", "dist-to-w1-at-init", "symbolic")
def prop10_random(ctx):
    """The proof step Dist(A(0), W_1) >= alpha/(2d): zeta_1 = 1, zeta_k <= 1, zeta_d <= 1/2 give
    mean(zeta) <= (d - 1/2)/d, so zeta_1 - mean(zeta) >= 1/(2d) for every d (SymPy), and Dist^2 =
    alpha^2 sum_k (zeta_k - mean)^2 >= alpha^2 (zeta_1 - mean)^2."""
    dd = sp.Symbol("d", positive=True, integer=True)
    ctx.exact(
        "1 - (d - 1/2)/d >= 1/(2d): zeta_1 - mean(zeta) >= 1/(2d) for every d (the mean is at most (d - 1/2)/d)",
        sp.simplify(1 - (dd - sp.Rational(1, 2)) / dd - 1 / (2 * dd)),
        ">=",
        0,
        whole=True,
    )


def _rbar(d, L, w, mu):
    """The largest r = 2^-k with l <= (1 + mu/4) l(s) on the box s 1 +- r (Arb)."""
    s = saddle(d, L)[0]
    W = _ball_w(w)
    ls = W * ((1 - d * s ** (L - 1)) ** 2 + (1 - d * s) ** 2)
    A = list(sp.symbols(f"a0:{d}", real=True))
    lf = sp.lambdify(A + [ss.w_sym], taylor.products_for_powers(sm.objective_s2(A, L, ss.w_sym)), modules=[{}])
    for k in range(2, 40):
        box = s + arb(0, fmpq(1, 2**k))
        val = lf(*([box] * d), W)
        if val <= (1 + arb(exact.fmpq_exact(mu)) / 4) * ls:
            return k, val, ls
    return None, None, ls


@check("ssm-poison/remark-4", "certified-radius", "interval")
@arb_precision
def remark4_interval(ctx):
    """r-bar(mu) exists: the largest 2^-k with l over the box s 1 +- 2^-k (which contains the ball)
    enclosed below (1 + mu/4) l(s), for mu in {1, 0.1}."""
    for d, L in [(8, 7)] if not ctx.full else [(8, 7), (10, 7)]:
        ctx.start({"d": d, "L": L, "w2": 1.0})
        for mu in (1.0, 0.1):
            k, val, ls = _rbar(d, L, 1.0, mu)
            if k is None:
                ctx.undecided(
                    f"no certified r-bar(mu={mu}) found, d={d}, L={L}", "no certificate was found at this instance"
                )
            else:
                certify(
                    ctx,
                    f"max l on the box <= (1 + mu/4) l(s), mu={mu}",
                    val,
                    (1 + arb(exact.fmpq_exact(mu)) / 4) * ls,
                    strict=False,
                    radius=2.0**-k,
                )
                ctx.metrics[f"rbar(mu={mu},d={d},L={L})"] = 2.0**-k


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check("ssm-poison/corollary-4", "loss-at-entry", "flow", outside_hypotheses=True, expect="inconclusive")
def cor4_flow(ctx):
    """(8, 7), mu = 1, r~ := certified r-bar(1) (r_2 of H not constructive): at t_1(r~/4) (on A^Z)
    A and A^ref lie in B_{r~/2}(s) and l <= (1 + mu/4) l(s) (alpha = 1e-2; the I_3 hypothesis is
    not met, see proposition-10)."""
    d, L, w, mu = 8, 7, 1.0, 1.0
    with intervals.arb_precision(PREC):
        k, _, lsb = _rbar(d, L, w, mu)
    rt = 2.0**-k
    s = float(saddle(d, L)[0].mid())
    ls = float(lsb.mid())
    t1, Z, M, err = t1_of(d, L, w, rt / 4)
    kk = int(round(t1 / 0.005))
    for al in (0.01,):
        ctx.start({"d": d, "L": L, "w2": w, "alpha": al, "zeta_d": 0.5})
        for name, ref in (("A", False), ("A_ref", True)):
            fl = early_flow(d, L, w, al, GAP, ref)
            x = fl.states[kk]
            ctx.bound(
                f"||{name}(t_1) - s|| <= r~/2",
                float(np.linalg.norm(x.astype(float) - s)),
                rt / 2,
                err=float(fl.error[kk]) + err,
                r_tilde=rt,
                t1=t1,
            )
            ctx.bound(
                f"l({name}(t_1)) <= (1 + mu/4) l(s)",
                float(loss_np(x, L, w)),
                (1 + mu / 4) * ls,
                err=float(fl.error[kk]) * 10,
            )


# ---------------------------------------------------------------------------------------
# D.3.5: escape (H-dependent lemmas via what can be checked; linear escape times)
# ---------------------------------------------------------------------------------------
@check("ssm-poison/lemma-13", "w1-flow-near-s", "flow")
def lemma13_flow(ctx):
    """What Lemma 13's proof uses of the nonlinear flow: from a 1_d with a = s +- 2^-8 (inside
    B_{r}(s) for r >= 2^-8 sqrt d) the flow (28) stays on W_1 (coordinate spread at the error
    level) and converges to s. H itself is not constructive and not checked."""
    d, L, w = 8, 7, 1.0
    ctx.start({"d": d, "L": L, "w2": w})
    a, rhs = _rhs(d, L, w)
    s = float(saddle(d, L)[0].mid())
    for sign in (-1, 1):
        x0 = s + sign * 2.0**-8
        fl = taylor.integrate_two_precisions(rhs, a, [x0] * d, np.linspace(0, 4, 81))
        spread = float(np.max(np.max(fl.states, axis=1) - np.min(fl.states, axis=1)))
        # float64 vs float80 Taylor runs, plus ~10 unit roundoffs of float80 at |a| ~ 0.1
        err = Estimate(0.0, float(np.max(fl.error)) + 1e-18, "two precisions + roundoff bound")
        ctx.bound(
            f"a(0) = s {'+' if sign > 0 else '-'} 2^-8: spread stays <= 10x error (on W_1)",
            spread,
            10 * err.error,
            err=err,
        )
        ctx.bound(
            "converges to s: |a(4) - s| <= 1e-12",
            float(np.max(np.abs(fl.states[-1].astype(float) - s))),
            1e-12,
            err=err,
        )


# expect verified: the facts used are exact Sturm counts at sampled (d, L)
@check("ssm-poison/lemma-14", "facts-used", "symbolic", expect="verified")
def lemma14_symbolic(ctx):
    """Lemma 14's proof uses: (i) along W_1 the linear flow from a~_2 1 (a~_2 > a~_1 > s) reaches
    a~_1 1 at t = ln((a~_2 - s)/(a~_1 - s))/lambda_+ > 0 (identity, Corollary 2 with beta_2 = 0);
    (ii) the nonlinear flow on W_1 never moves a point above s to a point below it (exact: g has
    one root in [-1/d, 4/d], lemma-12). H is not constructive: its existence is not checked."""
    lp = sp.Symbol("lambda_p", positive=True)
    s, u1, u2 = sp.symbols("s u1 u2", positive=True)  # u_i = a~_i - s
    tt = sp.log(u2 / u1) / lp
    ctx.identity(
        "e^{-lambda_+ t} (a~_2 - s) + s = a~_1 at t = ln((a~_2-s)/(a~_1-s))/lambda_+",
        sp.simplify(sp.exp(-lp * tt) * u2 - u1),
    )
    for d, L in _grid(ctx):
        ctx.start({"d": d, "L": L, "w2": 1.0})
        ctx.exact(
            f"g has a single root (s) in [-1/d, 4/d], d={d}, L={L}",
            intervals.sturm_count(g_poly(d, L), fmpq(-1, d), fmpq(4, d)),
            "==",
            1,
        )


@check("ssm-poison/lemma-15", "facts-used", "symbolic")
def lemma15_symbolic(ctx):
    """Lemma 15's proof uses: the linear flow of Lemma 10 preserves W_1 (Hess l(s) 1 = lambda_+ 1,
    so A^lin(0) in W_1 gives beta_2 = 0 for all t: Corollary 2), it reaches any point of W_1
    between its start and s in finite time (identity as in lemma-14), and Lemma 2/12 on the
    nonlinear side. H is not constructive and not checked."""
    lp = sp.Symbol("lambda_p", positive=True)
    s, b1, t = sp.symbols("s b1 t", real=True)
    d = 4
    lin = (sp.exp(-t * lp) * (b1 - s) + s) * sp.ones(d, 1)
    ctx.identity(
        "beta_2 = 0: A^lin(t) - mean(A^lin(t)) 1 = 0 (stays on W_1)", sp.simplify(lin - (sum(lin) / d) * sp.ones(d, 1))
    )
    ctx.note("used: Hess l(s) maps 1_d to lambda_+ 1_d (proved in lemma-8::symbolic-hessian)")


def _linear_conjugacy_items(ctx, which):
    """H(x) = s + M (x - s) with M = c_1 P_1 + c_2 P_2 (P_i the projections on W_1, W_2) commutes
    with Hess l(s), so it conjugates the linear flow to itself; its Lipschitz constant is
    max(c_1, c_2), that of H^{-1} max(1/c_1, 1/c_2). For symbolic A (d = 4)."""
    d = 4
    A = sp.Matrix(sp.symbols(f"x0:{d}", real=True))
    c1, c2 = sp.symbols("c1 c2", positive=True)
    s = sp.Symbol("s", real=True)
    S = s * sp.ones(d, 1)
    P1 = sp.ones(d, d) / d
    P2 = sp.eye(d) - P1
    HA = S + (c1 * P1 + c2 * P2) * (A - S)
    dist2 = lambda v: sp.expand(((P2 * v).T * (P2 * v))[0])
    ctx.identity("Dist(H(A), W_1)^2 = c_2^2 Dist(A, W_1)^2", sp.expand(dist2(HA) - c2**2 * dist2(A)))
    lam = sp.Symbol("lam", real=True)
    ctx.identity(
        "M commutes with lambda_- I + omega_2 11^T (so H conjugates the linear flow)",
        sp.expand(
            (c1 * P1 + c2 * P2) * (lam * sp.eye(d) + sp.ones(d, d))
            - (lam * sp.eye(d) + sp.ones(d, d)) * (c1 * P1 + c2 * P2)
        ),
    )
    ctx.note(f"hence {which} with G = max(c_1, c_2) >= c_2 and G~ = max(1/c_1, 1/c_2) >= 1/c_2")


@check("ssm-poison/lemma-16", "linear-conjugacy-instance", "symbolic")
def lemma16_symbolic(ctx):
    """Lemma 16 for a linear conjugacy H = s + (c_1 P_1 + c_2 P_2)(. - s): Dist(A, W_1) = Dist(H(A),
    W_1)/c_2 <= G~ Dist(H(A), W_1). The nonlinear H of Proposition 8 is not constructive."""
    _linear_conjugacy_items(ctx, "Dist(A, W_1) <= G~ Dist(H(A), W_1)")


@check("ssm-poison/lemma-17", "linear-conjugacy-instance", "symbolic")
def lemma17_symbolic(ctx):
    """Lemma 17 for a linear conjugacy H = s + (c_1 P_1 + c_2 P_2)(. - s): Dist(H(A), W_1) = c_2
    Dist(A, W_1) <= G Dist(A, W_1). The nonlinear H of Proposition 8 is not constructive."""
    _linear_conjugacy_items(ctx, "Dist(H(A), W_1) <= G Dist(A, W_1)")


@check("ssm-poison/definition-11", "t-minus-at-least-2", "symbolic")
def def11_symbolic(ctx):
    """What I_4 is for: with X := r_3/(4 G'^2 sqrt d alpha D_+) >= max{2, e^{-2 lambda_-}} and lambda_- < 0,
    t_- = -ln(X)/lambda_- >= 2 (equality at X = e^{-2 lambda_-}; -ln(X)/lambda_- increases in X)
    (the use of X >= 2 with lambda_+/lambda_- < -1 is in proposition-11)."""
    mu, X = sp.Symbol("mu", positive=True), sp.Symbol("X", positive=True)  # lambda_- = -mu
    tm = sp.log(X) / mu
    ctx.identity("t_- = 2 at X = e^{2 mu} = e^{-2 lambda_-}", sp.simplify(tm.subs(X, sp.exp(2 * mu)) - 2))
    ctx.identity("d t_-/dX = 1/(mu X) (> 0 for mu, X > 0)", sp.simplify(sp.diff(tm, X) - 1 / (mu * X)))


# expect inconclusive: its drawn constants stand for the non-constructive G, G~, r_3, D_pm; no instance can lie
# inside I_3(r_tilde/4) and I_4, so the linear-model bracket is no evidence for the statement
@check("ssm-poison/proposition-11", "linear-escape-time", "random", expect="inconclusive")
def prop11_random(ctx):
    """Linear model (Corollary 2): the escape time t_2 = ln(r_3/(2 sqrt d |beta~_2(0)|))/|lambda_-|
    lies in the printed bracket [t_-, t_+] whenever alpha D_-/G~ <= |beta~_2(0)| <= G alpha D_+,
    G' >= max(1, G, G~), and t_2 >= 2 when alpha is in I_4 (Hypothesis-drawn constants; lambda_pm
    from the (8, 7) enclosure midpoints)."""
    from hypothesis import strategies as st

    lp, lm = (float(x.mid()) for x in eig_formulas(8, 7, 1.0))
    d = 8

    def prop(ex):
        r3, Dm_f, span, G, Gt, u = ex
        Dp = 1.0
        Dm = Dp * Dm_f
        Gp = max(1.0, G, Gt)
        alpha = r3 / (4 * max(2, math.exp(-2 * lm)) * Gp**2 * math.sqrt(d) * Dp) * span  # in I_4
        lo, hi = alpha * Dm / Gt, G * alpha * Dp
        b0 = lo + u * (hi - lo)
        t2 = math.log(r3 / (2 * math.sqrt(d) * b0)) / abs(lm)
        t_minus = -math.log(r3 / (4 * Gp**2 * math.sqrt(d) * alpha * Dp)) / lm
        t_plus = -math.log(Gp**2 * r3 / (2 * math.sqrt(d) * alpha * Dm)) / lm
        # a priori roundoff bound of t_-, t_2, t_+ (each a log of a product of <= 10 doubles over |lambda_-| ~ 0.0147,
        # |lambda_-| rounded from its 256-bit enclosure): <= (10 + |ln x|) eps/|lambda_-| + 2 eps |t|
        # ~ 2e-13 + 5e-16 |t|, taken generously (x 5000) as 1e-9 max(1, |t_2|)
        tol = Estimate(0.0, 1e-9 * max(1.0, abs(t2)), "roundoff bound")
        ctx.bound("t_- <= t_2", t_minus, t2, err=tol)
        ctx.bound("t_2 <= t_+", t2, t_plus, err=tol)
        ctx.bound("t_2 >= 2", 2.0, t2, err=tol)

    # strictly inside the ranges (u in (0,1), alpha below the I_4 bound): at the boundary the
    # bracket is attained with equality (G' = G~ = 1), which doubles cannot decide
    ctx.random(
        st.tuples(
            st.floats(1e-3, 1.0),
            st.floats(1e-3, 0.99),
            st.floats(1e-3, 0.99),
            st.floats(1.0, 5.0),
            st.floats(1.0, 5.0),
            st.floats(0.01, 0.99),
        ),
        prop,
        quick=25,
        full=250,
    )


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check("ssm-poison/proposition-11", "ratio-and-escape-scaling", "flow", outside_hypotheses=True, expect="inconclusive")
def prop11_flow(ctx):
    """lambda_+/lambda_- < -1 (Arb, in the proof); and on the nonlinear flow (8, 7) the escape time
    (first time |beta_2| >= 0.05) grows by ln(10)/|lambda_-| per decade of alpha, as the bracket's
    -ln(alpha)/|lambda_-| dependence says: measured t_esc(1e-3) - t_esc(1e-2) (and, in the full budget,
    t_esc(1e-4) - t_esc(1e-3), with the discrepancy shrinking) against ln(10)/|lambda_-| at 2%."""
    with intervals.arb_precision(PREC):
        lp, lm = eig_formulas(8, 7, 1.0)
        ratio_ok = bool(lp / lm < -1)
    ctx.observe("lambda_+/lambda_- < -1 (decided on Arb balls)", holds=bool(ratio_ok), ratio=float((lp / lm).mid()))
    d, L, w = 8, 7, 1.0
    ctx.start({"d": d, "L": L, "w2": w, "alpha": 0.01, "zeta_d": 0.5})
    t_esc = {}
    for al in (0.01, 0.001) if not ctx.full else (0.01, 0.001, 0.0001):
        fl = flow(d, L, w, al, GAP, False, t_end=900.0 if al >= 0.001 else 1100.0)
        t_esc[al] = crossing_time(fl)
    pred = math.log(10) / abs(float(lm.mid()))
    # tested at 2% accuracy per decade of alpha; error: log-linear interpolation between grid times
    # (|d^2 ln beta_2/dt^2| step^2 < 1e-3, taken as 0.01) and the flows' two-precision error (negligible)
    alphas = sorted(t_esc, reverse=True)
    discs = []
    for hi, lo in zip(alphas, alphas[1:]):
        meas = t_esc[lo] - t_esc[hi]
        discs.append(abs(meas - pred))
        ctx.observe(
            f"t_esc({lo:g}) - t_esc({hi:g}) = ln(10)/|lambda_-|",
            value=meas,
            reference=pred,
            tolerance=0.02 * pred,
            escape_times=t_esc,
            ratio=meas / pred,
        )
    if len(discs) > 1:
        ctx.observe(
            "the discrepancy shrinks as alpha -> 0 (the law is asymptotic)",
            holds=bool(discs[-1] < discs[0]),
            discrepancies=discs,
        )


@check("ssm-poison/proposition-12", "symbolic", "symbolic")
def prop12_symbolic(ctx):
    """From Corollary 2, |beta~_2(t)| = |beta~_2(0)| e^{-lambda_- t}; with |beta~_2(t_2)| = r_3/(2 sqrt d),
    |beta~_2(t_2 - tau)| = r_3/(2 sqrt d) e^{lambda_- tau} (identity)."""
    b0, t2, tau, lm = sp.symbols("b0 t2 tau lm", real=True)
    c = sp.Symbol("c", positive=True)  # r_3/(2 sqrt d)
    b = lambda t: b0 * sp.exp(-lm * t)
    b0_val = c * sp.exp(lm * t2)  # from |beta~_2(t_2)| = c
    ctx.identity(
        "|beta~_2(t_2 - tau)| = c e^{lambda_- tau}", sp.simplify(b(t2 - tau).subs(b0, b0_val) - c * sp.exp(lm * tau))
    )


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check("ssm-poison/corollary-5", "composition-and-window", "flow", outside_hypotheses=True, expect="inconclusive")
def cor5_flow(ctx):
    """Corollary 5 rests on H (not constructive). Flow (8, 7), alpha = 1e-2: on the unit window before the
    first time |beta_2| >= 0.05, |beta_2| is increasing; the constant G_needed for which the window
    bound holds with r_3/(2 sqrt d) := level is recorded for levels 0.05, 0.02, 0.01 (the nonlinear
    escape rate there exceeds |lambda_-|, so G slightly above 1 is needed) and G_needed - 1 shrinks
    with the level."""
    d, L, w = 8, 7, 1.0
    ctx.start({"d": d, "L": L, "w2": w, "alpha": 0.01, "zeta_d": 0.5})
    lm = float(eig_formulas(d, L, w)[1].mid())
    fl = flow(d, L, w, 0.01, GAP, False)
    k = escape_index(fl)
    b2 = beta2(fl.states).astype(float)
    win = b2[k - 4 : k + 1]  # grid step 0.25: the unit window
    ctx.observe(
        "|beta_2| increasing on the unit window before escape",
        holds=bool(bool(np.all(np.diff(win) > 0))),
        window=[float(x) for x in win],
    )
    g_needed = {}
    for level in (0.05, 0.02, 0.01):
        j = int(np.argmax(b2 >= level))
        g_needed[level] = level * math.exp(lm) / float(b2[j - 4])  # |beta_2| one time unit before the crossing
    ctx.metrics["G_needed_by_level"] = {str(k): v for k, v in g_needed.items()}
    g = [g_needed[k] for k in (0.05, 0.02, 0.01)]
    ctx.observe(
        "G_needed - 1 shrinks with the escape radius (consistent with a conjugacy H with DH(s) = I near s)",
        holds=bool(all(x > 0 for x in g) and (g[0] - 1) > (g[1] - 1) > (g[2] - 1)),
        G_needed=g,
        escape_rate=float(np.log(win[-1] / win[0])),
        lambda_minus=lm,
    )


@check("ssm-poison/corollary-6", "composition-with-lemma-31", "symbolic")
def cor6_symbolic(ctx):
    """Lemma 31's constant |beta_2|/d applied to Corollary 5's bound gives the printed
    r_3 e^{lambda_-}/(2G d^{1.5}) (identity); Lemma 31 itself on symbolic-free random instances:
    max_{i,j} |x_i - x_j| >= |beta_2|/d, exact, d = 2..12."""
    r3, G, lm = sp.Symbol("r3", positive=True), sp.Symbol("G", positive=True), sp.Symbol("lm", real=True)
    d = sp.Symbol("d", positive=True)
    ctx.identity(
        "(r_3 e^{lambda_-}/(2G sqrt d))/d = r_3 e^{lambda_-}/(2G d^{1.5})",
        sp.simplify(r3 * sp.exp(lm) / (2 * G * sp.sqrt(d)) / d - r3 * sp.exp(lm) / (2 * G * d ** sp.Rational(3, 2))),
    )
    rng = np.random.default_rng(0)
    ok = True
    for dd in range(2, 13):
        for _ in range(20):
            x = [Fraction(int(v), 97) for v in rng.integers(-300, 300, dd)]
            mean = sum(x) / dd
            b2sq = sum((v - mean) ** 2 for v in x)
            spread = max(x) - min(x)
            ok &= spread**2 * dd * dd >= b2sq
    # Lemma 31 on sampled vectors is evidence for lemma-31 (checked there), not for this corollary (whose
    # hypotheses, I_3(r_tilde/4) and I_4, no instance meets): recorded as an observation
    ctx.observe("Lemma 31: max |x_i - x_j| >= |beta_2|/d on 220 random rational vectors (exact)", holds=bool(ok))


# ---------------------------------------------------------------------------------------
# D.3.6: PL (Lemma 18), escape window, convergence
# ---------------------------------------------------------------------------------------
def _pl_terms(x, L, w):
    """Exact ||grad l||^2 and l at a rational point (from (27)/(28))."""
    rl = 1 - sum(v ** (L - 1) for v in x)
    rs = 1 - sum(x)
    g2 = sum((2 * w * ((L - 1) * rl * v ** (L - 2) + rs)) ** 2 for v in x)
    return g2, w * (rl**2 + rs**2)


def _mu_printed(b, d, L, hat_over_tilde=True):
    """Lemma 18's printed mu (the encoding ss.pl_coefficient_printed) at a rational gap b, as a Fraction."""
    mu = sp.Rational(ss.pl_coefficient_printed(sp.Rational(b.numerator, b.denominator), d, L, hat_over_tilde))
    return Fraction(int(mu.p), int(mu.q))


def _recorded_gap(b, x) -> float:
    """b as recorded with the float entries a_1, a_2 (never above their float gap: rounding)."""
    return min(float(b), abs(float(x[0]) - float(x[1])))


LEMMA18_POINT = (8, 7, Fraction(1, 10**12), Fraction(1))


@check("ssm-poison/lemma-18", "exact-counterexample-small-P-over-m", "symbolic")
def lemma18_exact(ctx):
    """Exact rationals: at P/m = 10^-12, d = 8, L = 7, b = 1 and A = (1/2, -1/2, 0, ..., 0) (a gap of
    1 >= b, inside [-3,3]^d) the printed PL inequality ||grad l||^2 >= 2 mu l fails. Why (SymPy):
    ||grad l||^2 / l = (P/m) F(A) with F free of P/m, while the printed mu does not depend on P/m."""
    d, L, w, b = LEMMA18_POINT
    x = [Fraction(1, 2), Fraction(-1, 2)] + [Fraction(0)] * (d - 2)
    g2, l = _pl_terms(x, L, w)
    mu = _mu_printed(b, d, L)
    ctx.exact(
        "printed PL: ||grad l(A)||^2 >= 2 mu l(A) at P/m = 1e-12",
        g2,
        ">=",
        2 * mu * l,
        grad2=float(g2),
        two_mu_l=float(2 * mu * l),
        mu=float(mu),
        ratio=float(g2 / (2 * mu * l)),
    )
    A = list(sp.symbols("a0:4", real=True))  # the scaling is structural: d = 4 shows it
    lw = sm.objective_s2(A, L, ss.w_sym)
    g2s = sum(sp.diff(lw, v) ** 2 for v in A)
    F = sp.expand(g2s / ss.w_sym**2)
    ctx.identity(
        "||grad l||^2 = (P/m)^2 F(A) with F free of P/m (d = 4); l = (P/m) G(A) by (27)",
        sp.expand(g2s - ss.w_sym**2 * F) + sp.diff(F, ss.w_sym),
    )


@check("ssm-poison/lemma-18", "random-points-small-P-over-m", "random")
def lemma18_random(ctx):
    """Second method (floats from exact rationals, Hypothesis points of Diff(b)^C cap [-3,3]^d with
    a forced gap >= b, d in [8, 10] (the standing d >= 8), L in {7, 9, 11}, b in [0.05, 2]): at P/m = 10^-12 the printed
    inequality fails at every drawn point whose loss is not tiny."""
    from hypothesis import strategies as st

    w = Fraction(1, 10**12)

    def prop(ex):
        d, L, b, xs = ex
        b = Fraction(b).limit_denominator(1000)
        x = [Fraction(v).limit_denominator(1000) for v in xs[:d]]
        x[1] = x[0] - b if x[0] - b >= -3 else x[0] + b
        # the recorded point: a_1, a_2 (gap exactly b); the other entries are Hypothesis-drawn, not seeded
        ctx.start({"d": d, "L": L, "w2": float(w), "b": _recorded_gap(b, x), "a1": float(x[0]), "a2": float(x[1])})
        g2, l = _pl_terms(x, L, w)
        if l < w * Fraction(1, 100):
            return
        mu = _mu_printed(b, d, L)
        ctx.bound("printed PL ||grad l||^2 >= 2 mu l at P/m = 1e-12 (exact)", 2 * mu * l, g2)

    ctx.random(
        st.tuples(
            st.integers(8, 10),
            st.sampled_from([7, 9, 11]),
            st.floats(0.05, 2.0),
            st.lists(st.floats(-1.0, 1.0), min_size=10, max_size=10),
        ),
        prop,
        quick=10,
        full=100,
        # not shrunk: lemma18_exact holds the exact minimal counterexample; shrinking this check's
        # failure spun Hypothesis's engine for over 10 minutes of CPU in a long-lived CI worker
        # (twice, not reproduced in a fresh process)
        shrink=False,
    )


@check("ssm-poison/lemma-18:corrected", "random-points", "random")
def lemma18c_random(ctx):
    """Exact rationals at Hypothesis points of Diff(b)^C cap [-3,3]^d (forced gap >= b; d in [2, 10],
    L in {7, 9, 11}, b in [0.05, 2], P/m in {1e-12, 0.3, 1, 5}): ||grad l||^2 >= 2 (2P/m) mu l with
    the printed mu (statement's b~ + 2), and the proof's case constant (b^ + 2); the smallest ratio
    is recorded (the constant is very loose)."""
    from hypothesis import strategies as st

    ratios = []

    def prop(ex):
        d, L, b, w, xs = ex
        w = Fraction(w).limit_denominator(10**12)
        b = Fraction(b).limit_denominator(1000)
        x = [Fraction(v).limit_denominator(1000) for v in xs[:d]]
        x[1] = x[0] - b if x[0] - b >= -3 else x[0] + b
        # the recorded point: a_1, a_2 (gap exactly b); the other entries are Hypothesis-drawn, not seeded
        ctx.start({"d": d, "L": L, "w2": float(w), "b": _recorded_gap(b, x), "a1": float(x[0]), "a2": float(x[1])})
        g2, l = _pl_terms(x, L, w)
        for hot, name in ((True, "statement's b~+2"), (False, "proof's b^+2")):
            mu = 2 * w * _mu_printed(b, d, L, hot)
            ctx.bound(f"||grad l||^2 >= 2 (2P/m) mu l ({name}, exact)", 2 * mu * l, g2)
            if l > 0:
                ratios.append(float(g2 / (2 * mu * l)))

    ctx.random(
        st.tuples(
            st.integers(2, 10),
            st.sampled_from([7, 9, 11]),
            st.floats(0.05, 2.0),
            st.sampled_from([1e-12, 0.3, 1.0, 5.0]),
            st.lists(st.floats(-3.0, 3.0), min_size=10, max_size=10),
        ),
        prop,
        quick=15,
        full=200,
    )
    if ratios:
        ctx.metrics["min_ratio_grad2_over_2mu_l"] = min(ratios)


@check("ssm-poison/lemma-18:corrected", "symbolic-proof-identities", "symbolic")
def lemma18c_symbolic(ctx):
    """The proof's identities with the factor 2P/m kept: grad_k = -2P/m((L-1) a_k^{L-2} res_l + res_s)
    = -2P/m (L-1)(a_k^{L-2} - chi) res_l = -2P/m (1 - a_k^{L-2}/chi) res_s with chi = -res_s/((L-1) res_l),
    and l = P/m (res_l^2 + res_s^2); so every case bound c (1/2)(res_l^2 + res_s^2) <= ||g||^2 gives
    ||grad l||^2 >= 2 (2P/m)(c/2) l."""
    ak, rl, rs, w = sp.symbols("a_k res_l res_s w2", real=True)
    L = sp.Symbol("L", positive=True)
    chi = -rs / ((L - 1) * rl)
    g = -2 * w * ((L - 1) * ak ** (L - 2) * rl + rs)
    ctx.identity(
        "grad_k = -2P/m (L-1)(a_k^{L-2} - chi) res_l", sp.simplify(g + 2 * w * (L - 1) * (ak ** (L - 2) - chi) * rl)
    )
    ctx.identity("grad_k = -2P/m (1 - a_k^{L-2}/chi) res_s", sp.simplify(g + 2 * w * (1 - ak ** (L - 2) / chi) * rs))
    c, G2 = sp.symbols("c G2", positive=True)  # G2 = ||g||^2 >= c (res_l^2 + res_s^2)/2
    ctx.identity(
        "4 w^2 (c/2)(res_l^2 + res_s^2) = 2 (2w)(c/2) w (res_l^2 + res_s^2)",
        sp.expand(4 * w**2 * c / 2 * (rl**2 + rs**2) - 2 * (2 * w) * (c / 2) * w * (rl**2 + rs**2)),
    )


@check("ssm-poison/corollary-7", "substitution", "symbolic")
def cor7_symbolic(ctx):
    """Lemma 18 with b = r_3 e^{lambda_-}/(2G d^{1.5}) (Corollary 6) gives the printed b~ = (r_3 e^{lambda_-}/(4G d^{1.5}))^{L-2}
    and b^ = (r_3 e^{lambda_-}/(12G d^{1.5}))^{L-2} (identities, symbolic L)."""  # noqa: E501 (a check's docstring is stored verbatim)
    r3, G, d = sp.symbols("r3 G d", positive=True)
    lm = sp.Symbol("lm", real=True)
    L = sp.Symbol("L", positive=True)
    b = r3 * sp.exp(lm) / (2 * G * d ** sp.Rational(3, 2))
    ctx.identity(
        "(b/2)^{L-2} = printed b~",
        sp.simplify((b / 2) ** (L - 2) - (r3 * sp.exp(lm) / (4 * G * d ** sp.Rational(3, 2))) ** (L - 2)),
    )
    ctx.identity(
        "(b/6)^{L-2} = printed b^",
        sp.simplify((b / 6) ** (L - 2) - (r3 * sp.exp(lm) / (12 * G * d ** sp.Rational(3, 2))) ** (L - 2)),
    )


# expect proved: the proof's case arithmetic is a SymPy identity; the flow items are observations outside I_3
# Why a statement whose hypothesis is I_3 (or I_2, which lies inside it) is not decided: no
# initialisation inside I_3 can be started (theorems: in_i3; its alpha bound is about
# 10^(-3.3e6)). A check that proves a proof step or a printed constant of such a statement says so
# with an undecided item: the step is proved, the statement is not.
NO_I3_INSTANCE = (
    "no initialisation inside I_3 is constructible (alpha below about 10^(-3.3e6)): the proof step is proved, "
    "the statement's conclusion along its flows is not decided"
)


@check("ssm-poison/proposition-13", "case-arithmetic-and-flow", "flow", outside_hypotheses=True, expect="inconclusive")
def prop13_flow(ctx):
    """Symbolic: (1 + mu/4) l(s) - mu l(s) = l(s) - 3 mu l(s)/4 (the second case). Flow (8, 7),
    alpha = 1e-2: the loss falls below l(s)/2 (first case) within the run, for A and A^ref, and
    stays below l(s) after the escape; the loss at the escape time (|beta_2| = 0.05) is recorded."""
    mu, ls = sp.symbols("mu l_s", positive=True)
    ctx.identity(
        "(1 + mu/4) l(s) - mu l(s) = l(s) - 3 mu l(s)/4",
        sp.expand((1 + mu / 4) * ls - mu * ls - (ls - 3 * mu * ls / 4)),
    )
    d, L, w = 8, 7, 1.0
    ctx.undecided("the conclusion along flows started inside the hypotheses", NO_I3_INSTANCE)
    ctx.start({"d": d, "L": L, "w2": w, "alpha": 0.01, "zeta_d": 0.5})
    l_s = float(f_value_s(d, L, w))
    for name, fl in zip(("A", "A_ref"), _flows({"d": d, "L": L, "w2": w, "alpha": 0.01})):
        los = loss_np(fl.states, L, w).astype(float)
        k = escape_index(fl)
        ctx.observe(f"l({name}) at the end of the run <= l(s)/2", lhs=float(los[-1]), rhs=l_s / 2)
        ctx.observe(
            f"l({name}(t)) <= l(s) after the escape", lhs=float(np.max(los[k:])), rhs=l_s, loss_at_escape=float(los[k])
        )


def f_value_s(d, L, w):
    s = saddle(d, L)[0]
    return float((_ball_w(w) * ((1 - d * s ** (L - 1)) ** 2 + (1 - d * s) ** 2)).mid())


def _post_escape(fl, L, w, l_s):
    los = loss_np(fl.states, L, w).astype(float)
    k = int(np.argmax(los <= l_s / 2))
    return k, los


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check(
    "ssm-poison/proposition-14", "spread-and-pl-after-escape", "flow", outside_hypotheses=True, expect="inconclusive"
)
def prop14_flow(ctx):
    """(8, 7), alpha = 1e-2, A and A^ref: after the loss first falls below l(s)/2 the coordinate
    spread never returns below nu := its minimum there (> 0: the trajectory stays in Diff(nu)^C),
    and at every later grid point with l > 1e-24 (where the gradient is resolved) the PL inequality
    ||grad l||^2 >= 2 mu_2(nu) l holds with the printed mu_2 (P/m = 1 >= 1/2); slack recorded."""
    d, L, w = 8, 7, 1.0
    ctx.start({"d": d, "L": L, "w2": w, "alpha": 0.01, "zeta_d": 0.5})
    l_s = f_value_s(d, L, w)
    for name, fl in zip(("A", "A_ref"), _flows({"d": d, "L": L, "w2": w, "alpha": 0.01})):
        k, los = _post_escape(fl, L, w, l_s)
        X = fl.states[k:]
        spread = (np.max(X, axis=1) - np.min(X, axis=1)).astype(float)
        nu = float(np.min(spread))
        ctx.bound(f"{name}: nu = min spread after the drop > 0", 0.0, nu, err=float(np.max(fl.error)))
        mu2 = float(_mu_printed(Fraction(nu).limit_denominator(10**9), d, L, hat_over_tilde=False))
        mask = los[k:] > 1e-24
        g2 = np.sum(grad_np(X[mask], L, w) ** 2, axis=1).astype(float)
        ratio = float(np.min(g2 / (2 * mu2 * los[k:][mask])))
        ctx.observe(
            f"{name}: ||grad l||^2 >= 2 mu_2(nu) l along the trajectory (min ratio)", lhs=1.0, rhs=ratio, nu=nu, mu2=mu2
        )


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check("ssm-poison/proposition-15", "convergence-to-zero-loss", "flow", outside_hypotheses=True, expect="inconclusive")
def prop15_flow(ctx):
    """(8, 7), alpha = 1e-2 (and 1e-3, P/m = 1/2 in the full budget): l(A(T)) < 1e-30 at T = 900
    and the trajectory has settled: ||A(T) - A(T - 100)|| below 1e-8 (Cauchy; the two-precision error
    of these runs is ~1e-10, from the amplification of rounding in the tiny a_1 - a_2 direction)."""
    for inst in ctx.instances(FLOW_QUICK, FLOW_FULL):
        ctx.start(inst)
        L, w = inst["L"], inst["w2"]
        fl = flow(inst["d"], L, w, inst["alpha"], GAP, False)
        ctx.observe("l(A(T)) <= 1e-30", lhs=float(loss_np(fl.states[-1], L, w)), rhs=1e-30)
        k = int(np.argmin(np.abs(fl.times - (fl.times[-1] - 100))))
        ctx.bound(
            "||A(T) - A(T-100)|| <= 1e-8",
            float(np.linalg.norm((fl.states[-1] - fl.states[k]).astype(float))),
            1e-8,
            err=2 * float(np.max(fl.error)),
        )


# ---------------------------------------------------------------------------------------
# D.3.7: divergence from the reference
# ---------------------------------------------------------------------------------------
# expect proved: the printed t_3 algebra is a SymPy identity; the flow items are observations (no instance
# inside I_3(r_tilde/4) and I_4)
@check("ssm-poison/lemma-19", "t3-algebra-and-flow", "flow", outside_hypotheses=True, expect="inconclusive")
def lemma19_flow(ctx):
    """Symbolic: the printed t_3 equals -ln(m eta/(2P))/(2 mu_2) + (1/lambda_-) ln(D_-/(2 G'^4 D_+))
    (alpha cancels, with either sqrt(d alpha) or sqrt(d) as rendered) and the second term is >= 0
    for lambda_- < 0, 0 < D_- < D_+, G' >= 1. Flow (8, 7), alpha = 1e-2: the time from the loss
    drop below l(s)/2 to l <= eta_2 = 1e-10 is below the printed -ln(m eta_2/(2P))/(2 mu_2(nu))."""
    eta, w, mu2, r3, d, al, Dm, Dp, Gp = sp.symbols("eta w mu2 r3 d alpha D_m D_p G_p", positive=True)
    lm = sp.Symbol("lm", negative=True)
    t3 = ss.t3_printed(eta, w, mu2, lm, Gp, r3, d, al, Dm, Dp)
    second = -sp.log(eta / (2 * w)) / (2 * mu2) + sp.log(Dm / (2 * Gp**4 * Dp)) / lm
    ctx.identity(
        "printed t_3 = -ln(m eta/2P)/(2 mu_2) + ln(D_-/(2G'^4 D_+))/lambda_-",
        sp.simplify(sp.expand_log(t3 - second, force=True)),
    )
    # the sign step: D_-/(2 G'^4 D_+) < 1/2 (D_- < D_+, G' >= 1), so its log is < 0 and /lambda_- gives >= 0;
    # only ln(1/2) < 0 was compared here, which is not that claim: recorded as a note
    ctx.note("ln(D_-/(2G'^4 D_+))/lambda_- >= 0 when D_- < D_+, G' >= 1, lambda_- < 0 (argument < 1/2, log < 0)")
    dd, L, ww = 8, 7, 1.0
    ctx.undecided("the conclusion along flows started inside the hypotheses", NO_I3_INSTANCE)
    ctx.start({"d": dd, "L": L, "w2": ww, "alpha": 0.01, "zeta_d": 0.5})
    l_s = f_value_s(dd, L, ww)
    fl = _flows({"d": dd, "L": L, "w2": ww, "alpha": 0.01})[0]
    k, los = _post_escape(fl, L, ww, l_s)
    X = fl.states[k:]
    nu = float(np.min((np.max(X, axis=1) - np.min(X, axis=1)).astype(float)))
    mu2 = float(_mu_printed(Fraction(nu).limit_denominator(10**9), dd, L, hat_over_tilde=False))
    eta2 = 1e-10
    k2 = int(np.argmax(los <= eta2))
    measured = float(fl.times[k2] - fl.times[k])
    printed = -math.log(eta2 / (2 * ww)) / (2 * mu2)
    ctx.observe(
        "time to l <= 1e-10 after the drop <= -ln(m eta_2/(2P))/(2 mu_2)",
        lhs=measured,
        rhs=printed,
        log10_slack_ratio=math.log10(printed / measured),
    )


def _dist_lower(x, d, L):
    """A rigorous lower bound on Dist(x, {l = 0}) for x in [-3,3]^d: ||(res_l, res_s)|| / Lip(res) (Lipschitz
    constant of the residual map on the cube, sqrt(d((L-1) 3^{L-2})^2 + d)) or the distance to the cube's
    boundary, whichever is smaller."""
    x = np.asarray(x, dtype=float)
    res = math.hypot(1 - float(np.sum(x ** (L - 1))), 1 - float(np.sum(x)))
    lip = math.sqrt(d * ((L - 1) * 3 ** (L - 2)) ** 2 + d)
    return min(res / lip, 3 - float(np.max(np.abs(x))))


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check("ssm-poison/lemma-20", "lemma-25-bound-along-flow", "flow", outside_hypotheses=True, expect="inconclusive")
def lemma20_flow(ctx):
    """Lemma 20 is existential. Checked on the (8, 7) trajectory, alpha = 1e-2: after the loss drop
    the bound it rests on (Lemma 25), ||A-hat_2 - A(t)|| <= sqrt(N/mu_2) Dist(A(t), A*), holds with
    the explicit N, the printed mu_2(nu) and a rigorous lower bound of Dist (residual / Lipschitz
    constant of the residual map); the smallest slack (log10) is recorded. And ||A-hat_2 - A(t)|| -> 0."""
    d, L, w = 8, 7, 1.0
    ctx.start({"d": d, "L": L, "w2": w, "alpha": 0.01, "zeta_d": 0.5})
    l_s = f_value_s(d, L, w)
    fl = _flows({"d": d, "L": L, "w2": w, "alpha": 0.01})[0]
    k, los = _post_escape(fl, L, w, l_s)
    X = fl.states[k:].astype(float)
    nu = float(np.min(np.max(X, axis=1) - np.min(X, axis=1)))
    mu2 = float(_mu_printed(Fraction(nu).limit_denominator(10**9), d, L, hat_over_tilde=False))
    N = float(ss.lipschitz_bound(d, L, 1))
    Ahat = X[-1]
    worst = math.inf
    for x, l in zip(X, los[k:]):
        if l < 1e-20:
            break
        lhs = float(np.linalg.norm(Ahat - x))
        rhs = math.sqrt(N / mu2) * _dist_lower(x, d, L)
        worst = min(worst, math.log10(rhs / lhs))
    ctx.observe(
        "min over post-drop times of log10(sqrt(N/mu_2) Dist_lower / ||A-hat_2 - A(t)||) >= 0", lhs=0.0, rhs=worst
    )
    ctx.bound(
        "||A-hat_2 - A(T - 100)|| <= 1e-8 (A(t) -> A-hat_2)",
        float(np.linalg.norm(Ahat - fl.states[-401].astype(float))),
        1e-8,
        err=float(np.max(fl.error)) * 2,
    )


@check("ssm-poison/definition-12", "membership-gives-delta", "symbolic")
def def12_symbolic(ctx):
    """With 1 - zeta_2 equal to Definition 12's bound (with delta/2), Proposition 16's final bound
    alpha (1-zeta_2)(G'^2 r_3/(2 sqrt d alpha D_-))^2 e^{N(t_1+t_3)} equals delta/2 (identity; it is
    increasing in 1 - zeta_2, so membership gives <= delta/2). With the sqrt(d alpha) rendering of
    Proposition 16's last displays the two would differ by a factor alpha."""
    de, Gp, r3, d, Dm, N, t1, t3, al = sp.symbols("delta G_p r3 d D_m N t1 t3 alpha", positive=True)
    z = 1 - ss.i5_bound(de / 2, Gp, r3, d, Dm, N, t1, t3, al)
    ctx.identity(
        "Prop. 16 bound at the I_5 boundary = delta/2",
        sp.simplify(ss.prop16_bound(al, z, Gp, r3, d, Dm, N, t1, t3) - de / 2),
    )
    alt = al * (1 - z) * (Gp**2 * r3 / (2 * sp.sqrt(d * al) * Dm)) ** 2 * sp.exp(N * (t1 + t3))
    ctx.identity(
        "with sqrt(d alpha) in place of sqrt(d) alpha the bound would be alpha delta/2 (rendering inconsistency)",
        sp.simplify(alt - al * de / 2),
    )


@check("ssm-poison/proposition-16", "chaining-symbolic", "symbolic")
def prop16_symbolic(ctx):
    """The three factors chain to the printed bound: Delta e^{N t_1} (Gronwall on [0, t_1]) times
    e^{2 t_2^* |lambda_-|} <= (G'^2 r_3/(2 sqrt d alpha D_-))^2 (t_2^* <= t_+) times e^{N t_3}, with
    Delta = alpha (1 - zeta_2); e^{-(2/lambda_-) ln X |lambda_-|} = X^2 for lambda_- < 0."""
    X, mu = sp.symbols("X mu", positive=True)  # lambda_- = -mu
    ctx.identity("exp(-(2/lambda_-) ln(X) |lambda_-|) = X^2", sp.simplify(sp.exp(-(2 / (-mu)) * sp.log(X) * mu) - X**2))
    al, z2, Gp, r3, d, Dm, N, t1, t3 = sp.symbols("alpha zeta2 G_p r3 d D_m N t1 t3", positive=True)
    K = Gp**2 * r3 / (2 * sp.sqrt(d) * al * Dm)
    ctx.identity(
        "Delta e^{N t_1} K^2 e^{N t_3} = printed bound",
        sp.simplify(
            al * (1 - z2) * sp.exp(N * t1) * K**2 * sp.exp(N * t3) - ss.prop16_bound(al, z2, Gp, r3, d, Dm, N, t1, t3)
        ),
    )


# expect inconclusive: no instance inside I_3 can be run (alpha <= ~10^(-3*10^6) at (8, 7) with the explicit N;
# for r_tilde(mu) r_2 is non-constructive), so every flow item is an observation outside the hypotheses
@check("ssm-poison/proposition-16", "divergence-along-flows", "flow", outside_hypotheses=True, expect="inconclusive")
def prop16_flow(ctx):
    """(8, 7), alpha = 1e-2, Delta = alpha (1 - zeta_2) in {1e-10, 1e-11}: ||A(t) - A^ref(t)|| / Delta is the
    same for both Delta to 1e-4 relative at the end (linear regime), so the divergence is linear in
    Delta; the amplification and the log10 slack of the printed bound (proxy constants: G' = 1,
    r_3 = 2 sqrt d 0.05, D_- = 1/(2d) e^{-N t_1}) are recorded."""
    d, L, w, al = 8, 7, 1.0, 0.01
    ctx.start({"d": d, "L": L, "w2": w, "alpha": al, "zeta_d": 0.5})
    R = flow(d, L, w, al, GAP, True)
    amps = []
    errs = []
    for gap in (GAP, GAP / 10):
        A = flow(d, L, w, al, gap, False)
        dv = np.linalg.norm((A.states - R.states).astype(float), axis=1)
        amps.append(dv[-1] / (al * gap))
        errs.append((float(A.error[-1]) + float(R.error[-1])) / (al * gap))
    err = sum(errs)  # two-precision errors of both runs, relative to Delta
    ctx.agree(
        "amplification ||A(T) - A^ref(T)||/Delta equal for Delta = 1e-10 and 1e-11 (linear in Delta)",
        amps[1],
        amps[0],
        tol=1e-4 * amps[0],
        err=err,
        amplification=amps[0],
    )
    s = float(saddle(d, L)[0].mid())
    N = float(ss.lipschitz_bound(d, L, 1))
    t1 = t1_of(d, L, w, s / 8)[0]
    log10_printed_factor = 2 * math.log10(
        2 * math.sqrt(d) * LEVEL / (2 * math.sqrt(d) * al * (1 / (2 * d)))
    ) + N * t1 / math.log(10)
    ctx.metrics["log10_printed_amplification_lower_estimate"] = log10_printed_factor
    # the printed factor exceeds the measured amplification by ~10^6 decades: a comparison that cannot
    # fail (and uses proxy constants) is recorded, not judged
    ctx.observe(
        "measured amplification vs the printed factor (log10, proxy constants, t_3 omitted)",
        log10_measured=math.log10(amps[0]),
        log10_printed_factor=log10_printed_factor,
    )


# expect proved: the triangle-inequality arithmetic is a SymPy identity; the flow items are observations outside I_3
@check("ssm-poison/corollary-8", "triangle-and-limits", "flow", outside_hypotheses=True, expect="inconclusive")
def cor8_flow(ctx):
    """Symbolic: delta/2 + delta/2 = delta (triangle inequality step). Flow (8, 7), alpha = 1e-2: the
    limits satisfy ||A-hat_2 - A^ref(T)|| proportional to Delta = alpha (1 - zeta_2) (same ratio for
    Delta = 1e-10, 1e-11), i.e. it is as small as the initial gap makes it."""
    de = sp.Symbol("delta", positive=True)
    ctx.identity("delta/2 + delta/2 = delta", de / 2 + de / 2 - de)
    d, L, w, al = 8, 7, 1.0, 0.01
    ctx.undecided("the conclusion along flows started inside the hypotheses", NO_I3_INSTANCE)
    ctx.start({"d": d, "L": L, "w2": w, "alpha": al, "zeta_d": 0.5})
    R = flow(d, L, w, al, GAP, True)
    rat = []
    err = 0.0
    for gap in (GAP, GAP / 10):
        A = flow(d, L, w, al, gap, False)
        rat.append(float(np.linalg.norm((A.states[-1] - R.states[-1]).astype(float))) / (al * gap))
        err += (float(A.error[-1]) + float(R.error[-1])) / (al * gap)
    ctx.agree("||A-hat_2 - A^ref(T)|| / Delta independent of Delta", rat[1], rat[0], tol=1e-4 * rat[0], err=err)


# the printed constant's positivity and its relation to Lemma 3 are decided exactly (whole: a printed
# constant); the claim itself (Gen of limits from I_2) is not decided: no instance inside I_2
@check("ssm-poison/claim-10", "constant-and-generalisation", "flow", outside_hypotheses=True, expect="inconclusive")
def claim10_flow(ctx):
    """The printed constant (1/2) min{0.1, (1 - 0.6^{1/(L-1)})/(9d)} is positive and half of Lemma 3's
    min{...} (exact arithmetic on the (d, L) grid). Flow (8, 7), alpha = 1e-2, Delta = 1e-10: the limit
    A-hat_2 has Gen_{L'} (max over k < L' of |sum_j a_j^k - h*_k|) above the printed constant for
    L' = L + 2, L + 4 (hypothesis I_2 not met: see proposition-10)."""
    # the printed constant (theorems: claim10_constant), decided exactly; recorded before any instance
    # (a printed constant needs none), so these items stay evidence
    for d, L in GRID_DL:
        c = ss.claim10_constant(d, L)
        ctx.exact(f"printed constant > 0, d={d}, L={L}", c, ">", 0, whole=True, value=float(c))
        ctx.identity(f"printed constant = Lemma 3's floor / 2, d={d}, L={L}", c - sm.gen_lower_bound(d, L) / 2)
    d, L, w = 8, 7, 1.0
    ctx.undecided("the conclusion along flows started inside the hypotheses", NO_I3_INSTANCE)
    ctx.start({"d": d, "L": L, "w2": w, "alpha": 0.01, "zeta_d": 0.5})
    x = flow(d, L, w, 0.01, GAP, False).states[-1].astype(float)
    c = float(ss.claim10_constant(d, L))
    for Lp in (L + 2, L + 4):
        gen = max(abs(float(np.sum(x**k)) - (d if k == 0 else 1)) for k in range(Lp))
        ctx.observe(f"Gen_{{L'}}(A-hat_2) >= printed constant, L' = {Lp}", lhs=c, rhs=gen, gen=gen)


# ---------------------------------------------------------------------------------------
# Margins (issue 18): each quantified statement's slack at one instance, from the encodings
# ---------------------------------------------------------------------------------------
def _fq(x) -> fmpq:
    return exact.fmpq_exact(x)


@functools.lru_cache(maxsize=512)
def _real_critical_points(d: int, L: int, prec: int = PREC):
    """The real roots of ``g_{d,L}`` (the critical points of ``a -> l(a 1_d)``) as Arb balls."""
    return tuple(intervals.flint_real_roots(g_poly(d, L), prec=prec))


def _saddle_ball(d: int, L: int):
    """The root of ``g_{d,L}`` in [1/d, 3/d]: ``(ball, count, roots)`` with ``count`` the number of
    roots certainly inside, at the first precision (256, 1024, 4096 bits) at which no root ball
    straddles an endpoint (s - 1/d is ~d^{3-2L}: 1e-90 at (200, 41)); ``count`` None when even
    4096 bits leave one straddling (undecided)."""
    for prec in (PREC, 4 * PREC, 16 * PREC):
        flint.ctx.prec = prec
        lo, hi = arb(fmpq(1, d)), arb(fmpq(3, d))
        roots = _real_critical_points(d, L, prec)
        inside = [r for r in roots if r >= lo and r <= hi]
        if all(r >= lo and r <= hi or r < lo or r > hi for r in roots):
            return (inside[0] if len(inside) == 1 else None), len(inside), roots
    return None, None, roots


UNDECIDED = arb(0, 1)  # a ball around 0: neither held nor violated


def _ball_min(*xs):
    """The ball of least lower end (its sign decides the minimum's whenever one is decided)."""
    return min(xs, key=lambda x: float(x.mid() - x.rad()))


@margin("ssm-poison/lemma-5")
def lemma5_margin(ctx, p):
    """``2P/m - max(l(A(0)), l(A^ref(0)))`` in exact rationals, A(0) = alpha zeta of I_0 (entries
    3..d evenly spaced from zeta_2 to zeta_d) and A^ref(0) its reference (Definition 4). Gradient
    flow never increases l (d/dt l = -||grad l||^2), so the supremum of l over t >= 0 along both
    flows is its value at t = 0: the margin is the slack of the conclusion over the whole horizon."""
    d, L, w = p["d"], p["L"], _fq(p["w2"])
    z = ss.i0_zeta(d, _fq(p["zeta_2"]), _fq(p["zeta_d"]))
    x0 = [_fq(p["alpha"]) * v for v in z]
    worst = max(sm.objective_s2(x0, L, w), sm.objective_s2(sm.reference_init(x0), L, w))
    return 2 * w - worst


@margin("ssm-poison/lemma-6")
def lemma6_margin(ctx, p):
    """Exact rationals at A = a 1_d: ``|grad_1 l(A)|`` ((28), equal to the derivative of (27):
    lemma-4's identity) when it is nonzero, which decides the conclusion; at an exact critical
    point, ``l(A) - 2P/m`` (minus one where it is not positive: the conclusion fails there)."""
    d, L, w, a = p["d"], p["L"], _fq(p["w2"]), _fq(p["a"])
    g = ss.printed_gradient_entry([a] * d, 0, L, w)
    if g != 0:
        return abs(g)
    excess = ss.f_w1(a, d, L, w) - 2 * w
    return excess if excess > 0 else excess - 1


@margin("ssm-poison/lemma-7")
def lemma7_margin(ctx, p):
    """On the Arb enclosures of the real critical points of f(a) = l(a 1_d) (the roots of
    g_{d,L}): ``min{f(s) - P/(4m), f(r) - f(s) for every other real critical point r}`` (f is a
    coercive polynomial, so s is the argmin on W_1 iff no other critical value is lower). No root
    in [1/d, 3/d], or two: -1 (existence or uniqueness fails); a root ball on an endpoint:
    undecided."""
    d, L = p["d"], p["L"]
    with intervals.arb_precision(PREC):
        s, count, roots = _saddle_ball(d, L)
        if count is None:
            return UNDECIDED
        if count != 1:
            return -1
        W = _ball_w(p["w2"])
        fs = ss.f_w1(s, d, L, W)
        parts = [fs - W * sp_to_fmpq(ss.LEMMA7_LOSS_FLOOR)]
        parts += [ss.f_w1(r, d, L, W) - fs for r in roots if r is not s]
        return _ball_min(*parts)


def sp_to_fmpq(x) -> fmpq:
    x = sp.Rational(x)
    return fmpq(int(x.p), int(x.q))


class HyperDual:
    """``a + b e1 + c e2 + e e1 e2`` with ``e1^2 = e2^2 = 0``: evaluating a polynomial on
    ``x + e1`` in one entry and ``y + e2`` in another gives its mixed second derivative in the
    ``e`` part, exactly (forward differentiation of the encoded loss, on Arb balls)."""

    __slots__ = ("a", "b", "c", "e")

    def __init__(self, a, b=0, c=0, e=0):
        self.a, self.b, self.c, self.e = a, b, c, e

    def _lift(self, o):
        return o if isinstance(o, HyperDual) else HyperDual(o)

    def __add__(self, o):
        o = self._lift(o)
        return HyperDual(self.a + o.a, self.b + o.b, self.c + o.c, self.e + o.e)

    __radd__ = __add__

    def __neg__(self):
        return HyperDual(-self.a, -self.b, -self.c, -self.e)

    def __sub__(self, o):
        return self + (-self._lift(o))

    def __rsub__(self, o):
        return self._lift(o) - self

    def __mul__(self, o):
        o = self._lift(o)
        return HyperDual(
            self.a * o.a,
            self.a * o.b + self.b * o.a,
            self.a * o.c + self.c * o.a,
            self.a * o.e + self.b * o.c + self.c * o.b + self.e * o.a,
        )

    __rmul__ = __mul__

    def __pow__(self, n: int):
        out, base = HyperDual(1), self
        while n:
            if n & 1:
                out = out * base
            base, n = base * base, n >> 1
        return out


def _hessian_entries_on_w1(d: int, L: int, a, w):
    """``(H_11, H_12)`` of the Hessian of (27) (sm.objective_s2) at a 1_d by forward second
    differentiation (:class:`HyperDual`); all entries are equal on W_1, so the diagonal and the
    off-diagonal entries are these two."""
    rest = [HyperDual(a)] * (d - 2)
    h11 = sm.objective_s2([HyperDual(a, 1, 1), HyperDual(a)] + rest, L, w).e
    h12 = sm.objective_s2([HyperDual(a, 1, 0), HyperDual(a, 0, 1)] + rest, L, w).e
    return h11, h12


def _spectrum_at_saddle(d: int, L: int, w: float):
    """The two eigenvalues of the Hessian of (27) at s 1_d from its entries (not Lemma 8's
    formulas): ``H 1 = (H_11 + (d-1) H_12) 1``, ``H (e_1 - e_j) = (H_11 - H_12)(e_1 - e_j)``;
    None when s is not decided (see :func:`_saddle_ball`)."""
    s, count, _ = _saddle_ball(d, L)
    if count is None:
        return "undecided"
    if count != 1:
        return None
    W = _ball_w(w)
    h11, h12 = _hessian_entries_on_w1(d, L, s, W)
    return s, W, h11 + (d - 1) * h12, h11 - h12


@margin("ssm-poison/lemma-8", equality=True)
def lemma8_margin(ctx, p):
    """Arb residual of the two eigen-relations at s 1_d: the largest of |(H_11 + (d-1) H_12) -
    lambda_+| and |(H_11 - H_12) - lambda_-|, with H the Hessian of (27) differentiated by SymPy and
    lambda_pm Lemma 8's printed formulas at the s-ball (the ball radius is the error)."""
    d, L = p["d"], p["L"]
    with intervals.arb_precision(PREC):
        spec = _spectrum_at_saddle(d, L, p["w2"])
        if spec == "undecided":
            return UNDECIDED
        if spec is None:
            raise PremiseUnmet("no unique root of g_{d,L} in [1/d, 3/d]: the s of Lemma 7 is not defined here")
        s, W, mu_plus, mu_minus = spec
        r1 = mu_plus - ss.lambda_plus(s, d, L, W)
        r2 = mu_minus - ss.lambda_minus(s, d, L, W)
        return r1 if float(abs(r1).mid()) >= float(abs(r2).mid()) else r2


@margin("ssm-poison/lemma-11")
def lemma11_margin(ctx, p):
    """A certified lower bound of ``3 - sup_{t >= 0} max_j |A_j(t)|`` over both trajectories, from their initial values
    alone: gradient flow never increases l, so ``(P/m)(1 - sum_k a_k(t)^{L-1})^2 <= l(A(0))``; for odd L every
    ``a_k^{L-1} >= 0``, hence ``|a_j(t)|^{L-1} <= 1 + sqrt(l(A(0)) m/P)`` for all t and j, and the margin is
    ``3 - (1 + sqrt(c))^{1/(L-1)}`` with ``c = max(l(A(0)), l(A^ref(0))) m/P`` (exact rationals, then an Arb ball). A
    start outside [-3, 3] is a violation at t = 0 (exact); where the bound says nothing (even L, or the bound above 3)
    the margin is undecided (a ball around 0), never a violation: no flow is integrated."""
    d, L, w = p["d"], p["L"], _fq(p["w2"])
    z = ss.i0_zeta(d, _fq(p["zeta_2"]), _fq(p["zeta_d"]))
    x0 = [_fq(p["alpha"]) * v for v in z]
    starts = (x0, sm.reference_init(x0))
    at_zero = min(3 - max(abs(v) for v in x) for x in starts)
    if at_zero < 0:
        return at_zero
    if (L - 1) % 2:
        return UNDECIDED
    c = max(sm.objective_s2(x, L, w) for x in starts) / w
    with intervals.arb_precision(PREC):
        bound = 3 - (1 + arb(c).sqrt()) ** (arb(1) / (L - 1))
    return bound if bound >= 0 else UNDECIDED


@margin("ssm-poison/lemma-12")
def lemma12_margin(ctx, p):
    """Exact rationals: on W_1 the flow is the scalar gradient flow of f(a) = l(a 1_d), with f' = 2P/m d g_{d,L}. All
    three conclusions hold for every pair of starts in [-1/d, 4/d] minus s iff s is the only critical point of f there
    and f' changes sign from - to + at it: then ``min{-g(-1/d), g(4/d)} > 0`` is the slack. A second critical point c in
    the interval (exact Sturm count) is a violation (the flow from c stays at c): -1. No critical point in [1/d, 3/d]:
    s is not defined (premise unmet). Staying on W_1 and keeping the order hold for every scalar autonomous flow."""
    d, L = p["d"], p["L"]
    g = g_poly(d, L)
    lo, hi = fmpq(-1, d), fmpq(4, d)
    count = intervals.sturm_count(g, lo, hi) + (1 if g(lo) == 0 else 0)
    if intervals.sturm_count(g, fmpq(1, d), fmpq(3, d)) + (1 if g(fmpq(1, d)) == 0 else 0) == 0:
        raise PremiseUnmet("no root of g_{d,L} in [1/d, 3/d]: the s of Lemma 7 is not defined here")
    if count >= 2:
        return -1
    return min(-g(lo), g(hi))


@margin("ssm-poison/claim-9:corrected", equality=True)
def claim9_corrected_margin(ctx, p):
    """Exact: A^Z starts at 0 and moves on W_1 by the scalar gradient flow of f(a) = l(a 1_d) (f' = 2P/m d g_{d,L},
    g(0) = -1 < 0). A^Z(t_1(r)) = (s - r/sqrt d) 1_d for every r in (0, s) iff the flow increases from 0 to s, i.e. iff
    f has no critical point in (0, s): the residual is their number (exact Sturm count on (0, 1/d), s being the only
    root in [1/d, 3/d]); a critical point c there stops the flow at c, short of every ball B_r(s) with r < s - c.
    No unique root in [1/d, 3/d]: s is not defined (premise unmet)."""
    d, L = p["d"], p["L"]
    g = g_poly(d, L)
    if intervals.sturm_count(g, fmpq(1, d), fmpq(3, d)) + (1 if g(fmpq(1, d)) == 0 else 0) != 1:
        raise PremiseUnmet("no unique root of g_{d,L} in [1/d, 3/d]: the s of Lemma 7 is not defined here")
    return intervals.sturm_count(g, 0, fmpq(1, d)) - (1 if g(fmpq(1, d)) == 0 else 0)


@margin("ssm-poison/remark-4")
def remark4_margin(ctx, p):
    """Arb ball of ``(mu/4) l(s) / mu = l(s)/4`` at the certified s (l(s) = f(s), P/m = w2): l is continuous, so a
    radius r-bar(mu) > 0 with l <= (1 + mu/4) l(s) on the ball exists for every mu > 0 iff the allowance
    (mu/4) l(s) is positive (if l(s) = 0 the ball would need l = 0 on an open set around s, where l is a non-zero
    polynomial); the slack is that allowance per unit mu. No unique root in [1/d, 3/d]: premise unmet."""
    d, L = p["d"], p["L"]
    with intervals.arb_precision(PREC):
        s, count, _ = _saddle_ball(d, L)
        if count is None:
            return UNDECIDED
        if count != 1:
            raise PremiseUnmet("no unique root of g_{d,L} in [1/d, 3/d]: the s of Lemma 7 is not defined here")
        return ss.f_w1(s, d, L, _ball_w(p["w2"])) / 4


@margin("ssm-poison/remark-2")
def remark2_margin(ctx, p):
    """Arb balls of Lemma 8's eigenvalues at the certified s: ``min{lambda_+, -lambda_-}``. Corollary 2's closed form
    (proved symbolically for every parameter value) gives the remark's two limits iff lambda_- < 0 (the W_2 part
    e^{-t lambda_-} beta_2 grows) and lambda_+ > 0 (the W_1 part e^{-t lambda_+}(beta_1 - s) decays); a sign the other
    way falsifies one limit. No unique root in [1/d, 3/d]: premise unmet."""
    d, L = p["d"], p["L"]
    with intervals.arb_precision(PREC):
        s, count, _ = _saddle_ball(d, L)
        if count is None:
            return UNDECIDED
        if count != 1:
            raise PremiseUnmet("no unique root of g_{d,L} in [1/d, 3/d]: the s of Lemma 7 is not defined here")
        W = _ball_w(p["w2"])
        return _ball_min(ss.lambda_plus(s, d, L, W), -ss.lambda_minus(s, d, L, W))


@margin("ssm-poison/lemma-9")
def lemma9_margin(ctx, p):
    """Arb balls at the s-ball: ``min{lambda_+ - 2P(d-1)/m, lambda_- + 2P/m, -lambda_-}`` with
    lambda_pm Lemma 8's formulas (the quantities Lemma 9 bounds) and the printed bounds."""
    d, L = p["d"], p["L"]
    with intervals.arb_precision(PREC):
        s, count, _ = _saddle_ball(d, L)
        if count is None:
            return UNDECIDED
        if count != 1:
            raise PremiseUnmet("no unique root of g_{d,L} in [1/d, 3/d]: the s of Lemma 7 is not defined here")
        W = _ball_w(p["w2"])
        lp, lm = ss.lambda_plus(s, d, L, W), ss.lambda_minus(s, d, L, W)
        lo, hi = ss.lemma9_lambda_minus_range(W)
        return _ball_min(lp - ss.lemma9_lambda_plus_floor(d, W), lm - lo, hi - lm)


@margin("ssm-poison/proposition-6")
def prop6_margin(ctx, p):
    """Arb balls for the eigenvalues of -Hess l(s) (from the Hessian's entries, not Lemma 8):
    ``min{lambda_+, -lambda_-, min |gamma(lambda_j, m)|}`` over m in N_{>=0}^d with sum m in
    {2..d-2} (the proof's and Sell's reading; as printed, m in N_{>0}^d, the set is empty for
    d - 2 < d). With one eigenvalue lambda_+ and d - 1 copies of lambda_-, gamma depends on m only
    through m_1 (on lambda_+) and S = sum_{k>=2} m_k. A nonzero |gamma| is a positive slack; a
    resonance shows as a ball around 0 (undecided), never as a negative value."""
    d, L = p["d"], p["L"]
    with intervals.arb_precision(PREC):
        spec = _spectrum_at_saddle(d, L, p["w2"])
        if spec == "undecided":
            return UNDECIDED
        if spec is None:
            raise PremiseUnmet("no unique root of g_{d,L} in [1/d, 3/d]: s is not defined here")
        _, _, lp, lm = spec
        parts = [lp, -lm]
        for total in range(2, d - 1):
            for m1 in range(total + 1):
                S = total - m1
                parts.append(abs(lp - m1 * lp - S * lm))
                parts.append(abs(lm - m1 * lp - S * lm))
        return _ball_min(*parts)


@margin("ssm-poison/proposition-7")
def prop7_margin(ctx, p):
    """``K_Q - floor(Q/2)`` exactly, K_Q Definition 8's Q-smoothness (ss.q_smoothness) with
    rho_+ = rho_- = 1 (one positive eigenvalue, and the d - 1 negative ones all equal: Lemma 8);
    Q = 1 admits no M, N >= 1, so the Q-smoothness is undefined there: PremiseUnmet."""
    Q = p["Q"]
    K = ss.q_smoothness(Q, 1, 1)
    if K is None:
        raise PremiseUnmet(f"Q = {Q}: no M, N >= 1 with M + N = Q, the Q-smoothness is undefined")
    return K - Q // 2


@margin("ssm-poison/proposition-8")
def prop8_margin(ctx, p):
    """``floor((d-2)/2) - 3`` exactly: the smoothness K of the linearisation Theorem 3 gives with
    Q = d - 2 (Propositions 6, 7) against the claimed C^3."""
    return ss.smoothness_order(p["d"]) - ss.PROP8_SMOOTHNESS


def _pl_slack(p, coefficient) -> fmpq:
    """``(||grad l(A)||^2 - 2 mu l(A)) / (P/m)^2`` in exact rationals at Lemma 18's point
    (ss.pl_point), ``mu = coefficient(b, d, L, w)``; the gradient is (28)."""
    d, L, w = p["d"], p["L"], _fq(p["w2"])
    x = [_fq(v) for v in ss.pl_point(d, p["a1"], p["a2"], p["seed"])]
    g2 = sum(ss.printed_gradient_entry(x, j, L, w) ** 2 for j in range(d))
    l = sm.objective_s2(x, L, w)
    b = sp.Rational(Fraction(p["b"]))
    mu = sp_to_fmpq(coefficient(b, d, L, sp.Rational(Fraction(p["w2"]))))
    return (g2 - 2 * mu * l) / w**2


@margin("ssm-poison/lemma-18")
def lemma18_margin(ctx, p):
    """Exact: ``(||grad l||^2 - 2 mu l) / (P/m)^2`` with Lemma 18's printed mu at a point of
    Diff(b)^C cap [-3,3]^d (entries a_1, a_2 and d - 2 seeded ones in [-3,3])."""
    return _pl_slack(p, lambda b, d, L, w: ss.pl_coefficient_printed(b, d, L))


@margin("ssm-poison/lemma-18:corrected")
def lemma18c_margin(ctx, p):
    """Exact: ``(||grad l||^2 - 2 (2P/m) mu l) / (P/m)^2`` (the corrected coefficient)."""
    return _pl_slack(p, ss.pl_coefficient_corrected)


# ---------------------------------------------------------------------------------------
# Proof steps (issue 19): one check per printed display (theorems.ssm_poison_saddle.STEPS)
# ---------------------------------------------------------------------------------------
STEP_LS = (7, 9, 11)  # concrete L for the identities whose exponents SymPy handles best with L fixed
d_s, k_s = sp.symbols("d k", positive=True, integer=True)  # k >= 0 shifts: L = L_0 + k
lam_neg = sp.Symbol("lambda_m", negative=True)


def _step_ls(ctx):
    """STEP_LS in the full budget, its first in the quick one (a symbolic d = 8 + k inequality costs ~0.3 s per L)."""
    return STEP_LS if ctx.full else STEP_LS[:1]


def _pairs_grid(ctx):
    """(d, L) pairs inside the standing hypotheses for exact-on-a-grid steps."""
    quick = [(8, 7), (9, 7), (10, 9), (20, 9), (60, 21)]
    return quick + [(d, L) for d in (8, 11, 16, 33, 100) for L in (7, 13, 17, 41)] if ctx.full else quick


def _start(ctx, d, L, w=1.0, **extra):
    """Start the instance (d, L, P/m = w, extra) completed with the statement's defaults."""
    ctx.start({**ctx.statement.defaults(), "d": d, "L": L, "w2": w, **extra})


def _s_working(d: int, L: int):
    """s as an Arb ball, with flint's working precision set for what the step checks compare: 256 bits up to L = 21,
    4096 bits beyond (at L = 41, s - 1/d ~ d^(3-2L) and the compared differences are ~(s - 1/d)^2). The checks run
    under :func:`arb_precision`, which restores the precision."""
    prec = PREC if L <= 21 else 16 * PREC
    flint.ctx.prec = prec
    lo, hi = arb(fmpq(1, d)), arb(fmpq(3, d))
    inside = [r for r in _real_critical_points(d, L, prec) if r >= lo and r <= hi]
    assert len(inside) == 1, f"no unique certified root of g_(d,L) in [1/d, 3/d] at {prec} bits"
    return inside[0]


# -- Lemma 4 ------------------------------------------------------------------------------
@check("ssm-poison/lemma-4", "step-L4.1", "symbolic", step="L4.1")
def l4_s1(ctx):
    """(28) as printed = the derivative of (27) by SymPy, every entry (d = 4; full: also 8, L = 9)."""
    for d, L in [(4, 7)] + ([(8, 7), (4, 9)] if ctx.full else []):
        a = list(sp.symbols(f"a0:{d}", real=True))
        l = sm.objective_s2(a, L, ss.w_sym)
        ctx.identity(
            f"dl/da_j - (28)_j, d={d}, L={L}",
            [sp.expand(sp.diff(l, a[j]) - ss.printed_gradient_entry(a, j, L)) for j in range(d)],
            scope=f"d={d}, L={L}",
        )


@check("ssm-poison/lemma-4", "step-L4.2", "symbolic", step="L4.2")
def l4_s2(ctx):
    """grad_j = 2P/m (L-1)(sum a^{L-1} - 1)(a_j^{L-2} - [printed right-hand side]): where sum a^{L-1} != 1, grad_j = 0
    iff a_j^{L-2} equals the printed quotient (d = 3, L = 7, 9)."""
    for L in (7, 9):
        a = list(sp.symbols("a0:3", real=True))
        lhs = ss.printed_gradient_entry(a, 0, L)
        rhs = (
            2
            * ss.w_sym
            * (L - 1)
            * (sum(x ** (L - 1) for x in a) - 1)
            * (a[0] ** (L - 2) - ss.lemma4_power_printed(a, 0, L))
        )
        ctx.identity(
            f"grad_1 = 2P/m (L-1)(sum a^(L-1) - 1)(a_1^(L-2) - printed), L={L}",
            sp.cancel(lhs - rhs),
            scope=f"d=3, L={L}",
        )


@check("ssm-poison/lemma-4", "step-L4.3", "symbolic", step="L4.3", expect="verified")
def l4_s3(ctx):
    """The odd root is unique: x^n - y^n = (x - y) sum x^i y^{n-1-i} (identity) and q(x, 1) = 1 + ... + x^{n-1} has
    no real root for n = L - 2 (exact Sturm count, L odd in 7..21; full: ..41: sampled, so verified)."""
    x, y = sp.symbols("x y", real=True)
    for L in range(7, 42 if ctx.full else 22, 2):
        n = L - 2
        _start(ctx, 8, L)
        ctx.identity(
            f"x^n - y^n = (x - y) q(x, y), n={n}",
            sp.expand(x**n - y**n - (x - y) * sum(x**i * y ** (n - 1 - i) for i in range(n))),
        )
        ctx.exact(
            f"q(x, 1) has no real root, n={n}",
            intervals.sturm_count_real(intervals.poly_q([1] * n)),
            "==",
            0,
            scope=f"L={L}",
        )


# -- Lemma 5 ------------------------------------------------------------------------------
def _i0_points(ctx, prop, quick=6, full=60):
    from hypothesis import strategies as st

    def gen(ex):
        d, L, al, z2, ratio = ex
        alpha = Fraction(al).limit_denominator(10**6) / (2 * d)
        z2 = Fraction(z2).limit_denominator(10**6)
        zd = z2 * Fraction(ratio).limit_denominator(10**6)  # 0 < zeta_d < zeta_2 < 1
        ctx.start({"d": d, "L": L, "w2": 1.0, "alpha": float(alpha), "zeta_2": float(z2), "zeta_d": float(zd)})
        x0 = [alpha * v for v in ss.i0_zeta(d, z2, zd)]
        prop(d, L, alpha, x0)

    ctx.random(
        st.tuples(
            st.integers(8, 40),
            st.sampled_from([7, 9, 11, 21]),
            st.floats(0.001, 0.999),
            st.floats(0.001, 0.999),
            st.floats(0.001, 0.999),
        ),
        gen,
        quick=quick,
        full=full,
        examples=[(8, 7, 0.999, 0.999, 0.001)],
    )


@check("ssm-poison/lemma-5", "step-L5.1", "random", step="L5.1", expect="verified")
def l5_s1(ctx):
    """Exact rationals at I_0 points: 1 - sum a_k(0)^{L-1} >= 1 - 2 a_1^{L-1} - sum_{k>=3} a_k^{L-1}, which is the
    reference's."""

    def prop(d, L, alpha, x0):
        ref = sm.reference_init(x0)
        ctx.bound("1 - sum a^{L-1} >= reference's", sm.long_residual(ref, L), sm.long_residual(x0, L))
        ctx.exact(
            "1 - 2 a_1^{L-1} - sum_{k>=3} a_k^{L-1} = reference's",
            1 - 2 * x0[0] ** (L - 1) - sum(v ** (L - 1) for v in x0[2:]),
            "==",
            sm.long_residual(ref, L),
        )

    _i0_points(ctx, prop)


@check("ssm-poison/lemma-5", "step-L5.2", "random", step="L5.2", expect="verified")
def l5_s2(ctx):
    """Exact rationals at I_0 points: 1 - 2 a_1^{L-1} - sum_{k>=3} a_k^{L-1} >= 1 - d a_1^{L-1} >= 1 - d (1/(2d))^{L-1}
    > 0."""

    def prop(d, L, alpha, x0):
        t1 = 1 - 2 * x0[0] ** (L - 1) - sum(v ** (L - 1) for v in x0[2:])
        t2 = 1 - d * x0[0] ** (L - 1)
        t3 = 1 - d * Fraction(1, 2 * d) ** (L - 1)
        ctx.bound("second >= third", t2, t1)
        ctx.bound("third >= 1 - d (1/(2d))^{L-1}", t3, t2)
        ctx.bound("1 - d (1/(2d))^{L-1} > 0", 0, t3, strict=True)

    _i0_points(ctx, prop)


@check("ssm-poison/lemma-5", "step-L5.3", "random", step="L5.3", expect="verified")
def l5_s3(ctx):
    """Exact rationals at I_0 points and their references: both residuals in (0, 1), so l <= P/m (1 + 1) <= 2P/m."""

    def prop(d, L, alpha, x0):
        for name, x in (("A", x0), ("A_ref", sm.reference_init(x0))):
            rl, rs = sm.long_residual(x, L), sm.short_residual(x)
            ctx.exact(f"{name}: residuals in (0, 1)", bool(0 < rl < 1 and 0 < rs < 1), "==", True)
            ctx.bound(f"{name}: l <= P/m (1^2 + 1^2)", sm.objective_s2(x, L, 1), 2)

    _i0_points(ctx, prop)


@check("ssm-poison/lemma-5", "step-L5.4", "random", step="L5.4", expect="verified")
def l5_s4(ctx):
    """Exact rationals at I_0 points: 1 - sum a_k(0) >= 1 - 2 a_1 - sum_{k>=3} a_k, which is the reference's."""

    def prop(d, L, alpha, x0):
        ref = sm.reference_init(x0)
        ctx.bound("1 - sum a >= 1 - 2 a_1 - sum_{k>=3} a_k", 1 - 2 * x0[0] - sum(x0[2:]), sm.short_residual(x0))
        ctx.exact("1 - 2 a_1 - sum_{k>=3} a_k = reference's", 1 - 2 * x0[0] - sum(x0[2:]), "==", sm.short_residual(ref))

    _i0_points(ctx, prop)


@check("ssm-poison/lemma-5", "step-L5.5", "random", step="L5.5", expect="verified")
def l5_s5(ctx):
    """Exact rationals at I_0 points: 1 - 2 a_1 - sum_{k>=3} a_k >= 1 - d a_1 >= 1 - d (1/(2d)) > 0."""

    def prop(d, L, alpha, x0):
        t1 = 1 - 2 * x0[0] - sum(x0[2:])
        t2 = 1 - d * x0[0]
        t3 = 1 - d * Fraction(1, 2 * d)
        ctx.bound("second >= third", t2, t1)
        ctx.bound("third >= 1 - d/(2d)", t3, t2)
        ctx.bound("1 - d/(2d) > 0", 0, t3, strict=True)

    _i0_points(ctx, prop)


# -- Lemma 6 ------------------------------------------------------------------------------
def _w1_points(d, lo, hi, n=7):
    """n rationals strictly inside (lo, hi), and the ends."""
    lo, hi = Fraction(lo), Fraction(hi)
    return [lo] + [lo + (hi - lo) * Fraction(k, n + 1) for k in range(1, n + 1)] + [hi]


@check("ssm-poison/lemma-6", "step-L6.1", "symbolic", step="L6.1", expect="verified")
def l6_s1(ctx):
    """Exact rationals, a in (3/d, 3] and a in [-3, -1/d): l(a 1_d) >= (P/m)(1 - d a)^2 > 2P/m (the (d, L) grid)."""
    for d, L in _pairs_grid(ctx):
        for a in _w1_points(d, Fraction(3, d), 3)[1:] + _w1_points(d, -3, Fraction(-1, d))[:-1]:
            _start(ctx, d, L, a=float(a))
            l = ss.f_w1(a, d, L, 1)
            ctx.bound(f"l >= (P/m)(1 - da)^2, d={d}, L={L}", (1 - d * a) ** 2, l)
            ctx.bound(f"(P/m)(1 - da)^2 > 2P/m, d={d}, L={L}", 2, (1 - d * a) ** 2, strict=True)


@check("ssm-poison/lemma-6", "step-L6.2", "symbolic", step="L6.2", expect="refuted")
def l6_s2(ctx):
    """Exact rationals on a in [-1/d, 0]: (L-1)(d a^{L-1} - 1) a^{L-2} in the printed open interval (0, (L-1)/d^{L-2})
    -- false at a = 0 (value 0); inside it on [-1/d, 0)."""
    for d, L in _pairs_grid(ctx):
        lo, hi = ss.lemma6_interval_printed(d, L)
        for a in _w1_points(d, Fraction(-1, d), 0):
            _start(ctx, d, L, a=float(a))
            v = (L - 1) * (d * a ** (L - 1) - 1) * a ** (L - 2)
            ctx.exact(f"value > 0 (open lower end), a={a}, d={d}, L={L}", v, ">", sp_to_fmpq(lo))
            ctx.exact(f"value < (L-1)/d^(L-2), a={a}, d={d}, L={L}", v, "<", sp_to_fmpq(hi))


@check("ssm-poison/lemma-6", "step-L6.3", "symbolic", step="L6.3")
def l6_s3(ctx):
    """f(L) = (L-1)/8^{L-2}: f(3) = 1/4 exactly, and f(L+1)/f(L) = L/(8(L-1)) < 1 for every L = 3 + k, k >= 0
    (SymPy decides the sign of 8(L-1) - L = 7k + 13)."""
    ctx.exact("f(3) = 0.25", ss.lemma6_f(3), "==", ss.LEMMA6_F_AT_3, whole=True)
    L = 3 + k_s
    f = lambda x: (x - 1) / sp.Integer(8) ** (x - 2)  # noqa: E731  the encoded f at a symbolic L
    ctx.identity("the encoding of f at L = 3..12", [ss.lemma6_f(n) - f(sp.Integer(n)) for n in range(3, 13)])
    ratio = sp.simplify(f(L + 1) / f(L))
    ctx.exact("f(L+1)/f(L) < 1 for L >= 3", ratio, "<", 1, whole=True, ratio=str(ratio))


@check("ssm-poison/lemma-6", "step-L6.4", "symbolic", step="L6.4", expect="refuted")
def l6_s4(ctx):
    """The printed entry 2P/m((L-1)(d a^{L-1}) a^{L-2} + (d a - 1)) against (28) on W_1 (symbolic a; it differs by
    2P/m (L-1) a^{L-2}); the bound <= 2P/m (0.25 + (d a - 1)) < 0 for the correct entry at rational a in [-1/d, 0]."""
    a = ss.a_sym
    for d, L in _pairs_grid(ctx)[:2]:
        _start(ctx, d, L)
        ctx.identity(
            f"printed entry - (28) on W_1, d={d}, L={L}",
            sp.expand(ss.lemma6_gradient_printed(a, d, L) - ss.printed_gradient_entry([a] * d, 0, L)),
        )
        for x in _w1_points(d, Fraction(-1, d), 0):
            x = _fq(x)
            g = ss.printed_gradient_entry([x] * d, 0, L, 1)
            bound = 2 * (sp_to_fmpq(ss.LEMMA6_F_BOUND) + d * x - 1)
            ctx.bound(f"(28) <= 2P/m (0.25 + (da - 1)) at a={x}", g, bound)
            ctx.bound(f"2P/m (0.25 + (da - 1)) < 0 at a={x}", bound, 0, strict=True)


@check("ssm-poison/lemma-6", "step-L6.5", "symbolic", step="L6.5", expect="verified")
def l6_s5(ctx):
    """g_{d,L} (the W_1 gradient entry over 2P/m) has no root in (0, 1/d] and is negative at 1/(2d) (exact Sturm count
    and value): the entry is < 0 on (0, 1/d), for the grid pairs."""
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        p = g_poly(d, L)
        ctx.exact(
            f"no root of g in (0, 1/d), d={d}, L={L}",
            intervals.sturm_count(p, 0, fmpq(1, d)) - (1 if p(fmpq(1, d)) == 0 else 0),
            "==",
            0,
        )
        ctx.exact(f"g(1/(2d)) < 0, d={d}, L={L}", p(fmpq(1, 2 * d)), "<", 0)


# -- Lemma 7 ------------------------------------------------------------------------------
@check("ssm-poison/lemma-7", "step-L7.1", "symbolic", step="L7.1")
def l7_s1(ctx):
    """f'(a) as printed = d/da of f(a) = l(a 1_d) (Lemma 7's f, encoded), symbolic a, d, P/m, each L of STEP_LS; and
    f(a) = (27) at a 1_d (d = 4)."""
    a = ss.a_sym
    for L in STEP_LS:
        ctx.identity(
            f"f' printed - df/da, L={L}", sp.expand(ss.f_prime_printed(a, d_s, L) - sp.diff(ss.f_w1(a, d_s, L), a))
        )
    ctx.identity("f(a) = l(a 1_4)", sp.expand(ss.f_w1(a, 4, 7) - sm.objective_s2([a] * 4, 7, ss.w_sym)))


@check("ssm-poison/lemma-7", "step-L7.2", "symbolic", step="L7.2", expect="refuted")
def l7_s2(ctx):
    """f'(a) against (28)'s j-th entry at a 1_d (d = 8, L = 7): they differ at a = 1/2 (exact), by the factor d
    (symbolic a)."""
    a = ss.a_sym
    _start(ctx, 8, 7)
    half = sp.Rational(1, 2)
    ctx.exact(
        "f'(a) = grad_j l(a 1_8) at a = 1/2",
        ss.f_prime_printed(half, 8, 7),
        "==",
        ss.printed_gradient_entry([half] * 8, 0, 7),
    )
    ctx.identity(
        "f'(a) - d grad_j l(a 1_8)",
        sp.expand(ss.f_prime_printed(a, 8, 7) - 8 * ss.printed_gradient_entry([a] * 8, 0, 7)),
    )


@check("ssm-poison/lemma-7", "step-L7.3", "symbolic", step="L7.3")
def l7_s3(ctx):
    """f'(0) = -2Pd/m (symbolic d, P/m; each L of STEP_LS)."""
    for L in STEP_LS:
        ctx.identity(f"f'(0) + 2Pd/m, L={L}", sp.expand(ss.f_prime_printed(0, d_s, L) - ss.LEMMA7_F_PRIME_AT_0(d_s)))


@check("ssm-poison/lemma-7", "step-L7.4", "symbolic", step="L7.4", expect="verified")
def l7_s4(ctx):
    """(L-1)(1 - d(3/d)^{L-1})(3/d)^{L-2} <= (L-1)(3/d)^{L-2} <= h(L) for every d >= 8 (d = 8 + k: the first term's
    factor is <= 1 and (3/d)^{L-2} <= (3/8)^{L-2}, decided by SymPy per L), h(3) = 3/4 and h decreasing (L = 3 + k)."""
    dd = 8 + k_s
    for L in _step_ls(ctx):
        _start(ctx, 8, L)
        t1 = (L - 1) * (1 - dd * (sp.Integer(3) / dd) ** (L - 1)) * (sp.Integer(3) / dd) ** (L - 2)
        t2 = (L - 1) * (sp.Integer(3) / dd) ** (L - 2)
        ctx.exact(f"first <= second, L={L}, d >= 8", sp.factor(t2 - t1), ">=", 0, whole=False)
        ctx.exact(
            f"(3/d)^(L-2) <= (3/8)^(L-2) with h(L) = (L-1)(3/8)^(L-2), L={L}", ss.lemma7_h(L) - t2, ">=", 0, whole=False
        )
        ctx.exact(
            f"h(L) = (L-1)(3/8)^(L-2), L={L}", ss.lemma7_h(L), "==", (L - 1) * sp.Rational(3, 8) ** (L - 2), whole=False
        )
    ctx.exact("h(3) = 0.75", ss.lemma7_h(3), "==", ss.LEMMA7_H_AT_3, whole=True)
    ctx.exact("h(3) <= 1", ss.LEMMA7_H_AT_3, "<=", ss.LEMMA7_H_BOUND, whole=True)
    L = 3 + k_s
    h = lambda x: (x - 1) * sp.Rational(3, 8) ** (x - 2)  # noqa: E731  h at a symbolic L
    ctx.exact("h(L+1)/h(L) < 1 for L >= 3", sp.simplify(h(L + 1) / h(L)), "<", 1, whole=True)


@check("ssm-poison/lemma-7", "step-L7.5", "symbolic", step="L7.5", expect="verified")
def l7_s5(ctx):
    """f'(3/d) = 2Pd/m (2 - (L-1)(1 - d (3/d)^{L-1})(3/d)^{L-2}) (identity, symbolic d, each L of STEP_LS) and
    >= 2Pd/m (2 - 1) > 0 (exact on the grid)."""
    for L in _step_ls(ctx):
        x = 3 / d_s
        rhs = 2 * ss.w_sym * d_s * (2 - (L - 1) * (1 - d_s * x ** (L - 1)) * x ** (L - 2))
        ctx.identity(f"f'(3/d) middle form, L={L}", sp.simplify(ss.f_prime_printed(x, d_s, L) - rhs))
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        v = ss.f_prime_printed(Fraction(3, d), d, L, 1)
        ctx.bound(f"f'(3/d) >= 2d (2 - h bound), d={d}, L={L}", 2 * d * (2 - ss.LEMMA7_H_BOUND), v)


@check("ssm-poison/lemma-7", "step-L7.6", "symbolic", step="L7.6", expect="verified")
def l7_s6(ctx):
    """f'' as printed = d/da of f' (symbolic a, d, P/m; L of STEP_LS), and f'' - 2Pd/m (d - (L-1)(L-2) a^{L-3}) =
    2Pd/m (L-1)(2L-3) d a^{2L-4} >= 0 (even power; decided by SymPy)."""
    a = ss.a_sym
    for L in STEP_LS:
        _start(ctx, 8, L)
        f2 = ss.f_second_printed(a, d_s, L)
        ctx.identity(f"f'' printed - d f'/da, L={L}", sp.expand(f2 - sp.diff(ss.f_prime_printed(a, d_s, L), a)))
        rest = sp.expand(f2 - 2 * ss.w_sym * d_s * (d_s - (L - 1) * (L - 2) * a ** (L - 3)))
        ctx.exact(f"f'' >= 2Pd/m (d - (L-1)(L-2) a^(L-3)), L={L}", rest, ">=", 0, whole=False)


@check("ssm-poison/lemma-7", "step-L7.7", "symbolic", step="L7.7", expect="verified")
def l7_s7(ctx):
    """(L-1)(L-2) a^{L-3} <= (L-1)(L-2)(3/d)^{L-3} <= g(L) on [-1/d, 3/d] for d >= 8 (L - 3 even: a^{L-3} <= (3/d)^{L-3}
    as |a| <= 3/d; d = 8 + k decided by SymPy per L); g(4) = 9/4, g decreasing for L >= 4 (L = 4 + k)."""
    dd = 8 + k_s
    for L in _step_ls(ctx):
        _start(ctx, 8, L)
        t2 = (L - 1) * (L - 2) * (sp.Integer(3) / dd) ** (L - 3)
        ctx.exact(f"(L-1)(L-2)(3/d)^(L-3) <= g(L), L={L}, d >= 8", ss.lemma7_g(L) - t2, ">=", 0, whole=False)
    ctx.exact("g(4) = 2.25", ss.lemma7_g(4), "==", ss.LEMMA7_G_AT_4, whole=True)
    L = 4 + k_s
    g = lambda x: (x - 1) * (x - 2) * sp.Rational(3, 8) ** (x - 3)  # noqa: E731  g at a symbolic L
    ctx.identity("the encoding of g at L = 4..12", [ss.lemma7_g(n) - g(sp.Integer(n)) for n in range(4, 13)])
    ctx.exact("g(L+1)/g(L) < 1 for L >= 4", sp.simplify(g(L + 1) / g(L)), "<", 1, whole=True)


@check("ssm-poison/lemma-7", "step-L7.8", "interval", step="L7.8", expect="verified")
@arb_precision
def l7_s8(ctx):
    """f(s) < f(1/d) on the s-ball (certified) and f(1/d) = (P/m)(1 - d^{2-L})^2 <= P/m (exact), grid pairs."""
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        s = _s_working(d, L)
        f1 = ss.f_w1(fmpq(1, d), d, L, 1)
        ctx.bound(f"f(s) < f(1/d), d={d}, L={L}", ss.f_w1(s, d, L, 1), arb(f1), strict=True)
        ctx.bound(f"f(1/d) <= P/m, d={d}, L={L}", f1, 1)


@check("ssm-poison/lemma-7", "step-L7.9", "interval", step="L7.9", expect="verified")
@arb_precision
def l7_s9(ctx):
    """1 - d s^{L-1} >= 1 - d (3/d)^{L-1} (certified on the s-ball), = 1 - 3 (3/d)^{L-2} >= 1 - 3 (3/8)^2 >= 1/2
    (exact), grid pairs."""
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        s = _s_working(d, L)
        c1, c2, c3 = (sp_to_fmpq(x) for x in ss.lemma7_residual_chain(d, L))
        ctx.bound(f"1 - d s^(L-1) >= 1 - d (3/d)^(L-1), d={d}, L={L}", arb(c1), 1 - d * s ** (L - 1))
        ctx.bound(f"1 - d(3/d)^(L-1) = 1 - 3(3/d)^(L-2), d={d}, L={L}", c1, c2)
        ctx.bound(f"... >= 1 - 3(3/8)^2, d={d}, L={L}", c3, c2)
        ctx.bound(f"1 - 3(3/8)^2 >= 1/2, d={d}, L={L}", sp_to_fmpq(ss.LEMMA7_RESIDUAL_FLOOR), c3)


@check("ssm-poison/lemma-7", "step-L7.10", "random", step="L7.10", expect="verified")
def l7_s10(ctx):
    """The invoked fact f(a) >= 2P/m off [-1/d, 3/d] (exact at rationals just outside and far out) and its
    hypotheses: Lemma 6 (where the fact is proved) and Lemma 4 (cited) discharged at the invoking (d, L, a)."""
    for d, L in _pairs_grid(ctx)[:3]:
        for a in (Fraction(-1, d) - Fraction(1, 10**6), Fraction(-2), Fraction(3, d) + Fraction(1, 10**6), Fraction(3)):
            _start(ctx, d, L)
            ctx.bound(f"f(a) >= 2P/m at a={float(a):.6g}, d={d}, L={L}", 2, ss.f_w1(a, d, L, 1))
            ctx.discharge(
                f"Lemma 6 at a={float(a):.6g}", "ssm-poison/lemma-6", {"d": d, "L": L, "w2": 1.0, "a": float(a)}
            )
        ctx.discharge(f"Lemma 4 at d={d}, L={L}", "ssm-poison/lemma-4", {"d": d, "L": L, "w2": 1.0})


# -- Lemma 8 ------------------------------------------------------------------------------
def _hessian_printed_vs_sympy(ctx, d, L, which):
    a = list(sp.symbols(f"a0:{d}", real=True))
    H = sp.hessian(sm.objective_s2(a, L, ss.w_sym), a)
    P = ss.printed_hessian(a, L)
    idx = [(j, j) for j in range(d)] if which == "diag" else [(i, j) for i in range(d) for j in range(d) if i != j]
    ctx.identity(
        f"Hessian of (27) by SymPy - printed ({which}), d={d}, L={L}",
        [sp.expand(H[i, j] - P[i, j]) for i, j in idx],
        scope=f"d={d}, L={L}",
    )


@check("ssm-poison/lemma-8", "step-L8.1", "symbolic", step="L8.1")
def l8_s1(ctx):
    """The printed diagonal entries = sympy.hessian of (27) (d = 4, L = 7; full: also d = 5, L = 9)."""
    for d, L in [(4, 7)] + ([(5, 9)] if ctx.full else []):
        _hessian_printed_vs_sympy(ctx, d, L, "diag")


@check("ssm-poison/lemma-8", "step-L8.2", "symbolic", step="L8.2")
def l8_s2(ctx):
    """The printed off-diagonal entries = sympy.hessian of (27) (d = 4, L = 7; full: also d = 5, L = 9)."""
    for d, L in [(4, 7)] + ([(5, 9)] if ctx.full else []):
        _hessian_printed_vs_sympy(ctx, d, L, "off")


@check("ssm-poison/lemma-8", "step-L8.3", "symbolic", step="L8.3")
def l8_s3(ctx):
    """The printed diagonal entry at s 1_d (d = 8) = the display's first line; each line = the next, ending in omega_1
    (symbolic s, d, P/m for the lines; L of STEP_LS)."""
    s = ss.s_sym
    for L in STEP_LS:
        lines = ss.lemma8_omega1_lines(s, d_s, L)
        ctx.identity(
            f"H_jj(s 1_8) = first line, L={L}", sp.expand(ss.printed_hessian([s] * 8, L)[0, 0] - lines[0].subs(d_s, 8))
        )
        ctx.identity(f"consecutive lines equal, L={L}", [sp.expand(x - y) for x, y in zip(lines, lines[1:])])


@check("ssm-poison/lemma-8", "step-L8.4", "symbolic", step="L8.4")
def l8_s4(ctx):
    """The printed off-diagonal entry at s 1_d = omega_2 (d = 8, symbolic s, P/m; L of STEP_LS)."""
    s = ss.s_sym
    for L in STEP_LS:
        ctx.identity(
            f"H_12(s 1_8) - omega_2, L={L}", sp.expand(ss.printed_hessian([s] * 8, L)[0, 1] - ss.omega2(s, 8, L))
        )


@check("ssm-poison/lemma-8", "step-L8.5", "symbolic", step="L8.5")
def l8_s5(ctx):
    """sympy.hessian of (27) at s 1_d = (omega_1 - omega_2) I + omega_2 1 1^T, entry by entry (d = 4, L = 7, 9)."""
    s = ss.s_sym
    for L in (7, 9):
        d = 4
        a = list(sp.symbols(f"a0:{d}", real=True))
        H = sp.hessian(sm.objective_s2(a, L, ss.w_sym), a).subs({x: s for x in a})
        w1, w2 = ss.omega1(s, d, L), ss.omega2(s, d, L)
        M = (w1 - w2) * sp.eye(d) + w2 * sp.ones(d, d)
        ctx.identity(f"Hess l(s 1_4) - ((w1 - w2) I + w2 J), L={L}", _expand(H - M), scope=f"d=4, L={L}")


@check("ssm-poison/lemma-8", "step-L8.6", "symbolic", step="L8.6")
def l8_s6(ctx):
    """omega_1 + (d-1) omega_2 = the display's first line; each line = the next, ending in lambda_+ (symbolic s, d,
    P/m; L of STEP_LS)."""
    s = ss.s_sym
    for L in STEP_LS:
        lines = ss.lemma8_lambda_plus_lines(s, d_s, L)
        ctx.identity(
            f"w1 + (d-1) w2 = first line, L={L}",
            sp.expand(ss.omega1(s, d_s, L) + (d_s - 1) * ss.omega2(s, d_s, L) - lines[0]),
        )
        ctx.identity(f"consecutive lines equal, L={L}", [sp.expand(x - y) for x, y in zip(lines, lines[1:])])


@check("ssm-poison/lemma-8", "step-L8.7", "symbolic", step="L8.7")
def l8_s7(ctx):
    """omega_1 - omega_2 = the display's first line; each line = the next, ending in lambda_- (symbolic s, d, P/m; L
    of STEP_LS)."""
    s = ss.s_sym
    for L in STEP_LS:
        lines = ss.lemma8_lambda_minus_lines(s, d_s, L)
        ctx.identity(f"w1 - w2 = first line, L={L}", sp.expand(ss.omega1(s, d_s, L) - ss.omega2(s, d_s, L) - lines[0]))
        ctx.identity(f"consecutive lines equal, L={L}", [sp.expand(x - y) for x, y in zip(lines, lines[1:])])


@check("ssm-poison/lemma-8", "step-L8.8", "symbolic", step="L8.8", expect="verified")
def l8_s8(ctx):
    """Lemma 26 at the invoking instance, a = omega_1 - omega_2, b = omega_2: (a I + b J) 1 = (a + d b) 1 and
    (a I + b J)(e_1 - e_j) = a (e_1 - e_j), symbolic a, b (d = 3..8); Lemma 26's hypotheses discharged at d = 8."""
    a, b = sp.symbols("a b", real=True)
    for d in range(3, 9):
        M = a * sp.eye(d) + b * sp.ones(d, d)
        one = sp.ones(d, 1)
        ctx.identity(f"(aI + bJ) 1 = (a + d b) 1, d={d}", _expand(M * one - (a + d * b) * one))
        for j in range(1, d):
            e = sp.zeros(d, 1)
            e[0], e[j] = 1, -1
            ctx.identity(f"(aI + bJ)(e_1 - e_{j + 1}) = a (e_1 - e_{j + 1}), d={d}", _expand(M * e - a * e))
    _start(ctx, 8, 7)
    ctx.discharge("Lemma 26 at d = 8", "ssm-poison/lemma-26", {})


# -- Lemma 9 ------------------------------------------------------------------------------
@check("ssm-poison/lemma-9", "step-L9.1", "interval", step="L9.1")
@arb_precision
def l9_s1(ctx):
    """Each link of the chain certified on the s-ball (grid pairs)."""
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        s = _s_working(d, L)
        t0 = (L - 1) * ((2 * L - 3) * d * s ** (L - 1) - (L - 2)) * s ** (L - 3)
        t1 = -(L - 1) * (L - 2) * s ** (L - 3)
        t2 = -(L - 1) * (L - 2) * arb(fmpq(3, d)) ** (L - 3)
        t3 = arb(sp_to_fmpq(ss.lemma9_f(L)))
        ctx.bound(f"first >= second, d={d}, L={L}", t1, t0)
        ctx.bound(f"second >= third, d={d}, L={L}", t2, t1)
        ctx.bound(f"third >= f(L), d={d}, L={L}", t3, t2)


@check("ssm-poison/lemma-9", "step-L9.2", "symbolic", step="L9.2")
def l9_s2(ctx):
    """f(7) > -0.6 and f increasing for L >= 7: f = -g, g(L+1)/g(L) < 1 for L = 7 + k (SymPy), exactly."""
    ctx.exact("f(7) > -0.6", ss.lemma9_f(7), ">", -ss.LEMMA9_THRESHOLD, whole=True)
    L = 7 + k_s
    g = lambda x: (x - 1) * (x - 2) * sp.Rational(3, 8) ** (x - 3)  # noqa: E731
    ctx.identity("f = -g at L = 7..15", [ss.lemma9_f(n) + g(sp.Integer(n)) for n in range(7, 16)])
    ctx.exact("g(L+1)/g(L) < 1 (f increasing) for L >= 7", sp.simplify(g(L + 1) / g(L)), "<", 1, whole=True)


@check("ssm-poison/lemma-9", "step-L9.3", "interval", step="L9.3")
@arb_precision
def l9_s3(ctx):
    """(L-1)(L-2) s^{L-3} <= (L-1)(L-2)(3/d)^{L-3} <= g(L) certified on the s-ball, and g(7) < 0.6 (grid pairs)."""
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        s = _s_working(d, L)
        t1 = (L - 1) * (L - 2) * s ** (L - 3)
        t2 = (L - 1) * (L - 2) * arb(fmpq(3, d)) ** (L - 3)
        ctx.bound(f"first <= second, d={d}, L={L}", t1, t2)
        ctx.bound(f"second <= g(L), d={d}, L={L}", t2, arb(sp_to_fmpq(ss.lemma7_g(L))))
        ctx.bound(
            f"g(L) < 0.6, d={d}, L={L}",
            arb(sp_to_fmpq(ss.lemma7_g(L))),
            arb(sp_to_fmpq(ss.LEMMA9_THRESHOLD)),
            strict=True,
        )


@check("ssm-poison/lemma-9", "step-L9.4", "interval", step="L9.4", expect="refuted")
@arb_precision
def l9_s4(ctx):
    """The printed chain -1 <= d s^{L-1} - 1 <= 3(3/d)^{L-2} - 1 <= 3(3/8)^{L-2} < 0: the links on the s-ball and
    exactly; '3(3/8)^{L-2} < 0' is false for every L (exact); with the -1 kept, 3(3/8)^{L-2} - 1 < 0 (exact)."""
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        s = _s_working(d, L)
        t3, t4 = (sp_to_fmpq(x) for x in ss.lemma9_chain_printed(d, L))
        ctx.bound(f"-1 <= d s^(L-1) - 1, d={d}, L={L}", arb(-1), d * s ** (L - 1) - 1)
        ctx.bound(f"d s^(L-1) - 1 <= 3(3/d)^(L-2) - 1, d={d}, L={L}", d * s ** (L - 1) - 1, arb(t3))
        ctx.bound(f"3(3/d)^(L-2) - 1 <= 3(3/8)^(L-2), d={d}, L={L}", t3, t4)
        ctx.exact(f"3(3/8)^(L-2) < 0 (as printed), L={L}", t4, "<", 0)
        ctx.exact(f"3(3/8)^(L-2) - 1 < 0 (the -1 kept), L={L}", t4 - 1, "<", 0)


@check("ssm-poison/lemma-9", "step-L9.5", "interval", step="L9.5")
@arb_precision
def l9_s5(ctx):
    """(L-1)(L-2) s^{L-3}(d s^{L-1} - 1) in (-1, 0), certified on the s-ball (grid pairs)."""
    for d, L in _pairs_grid(ctx):
        _start(ctx, d, L)
        s = _s_working(d, L)
        v = (L - 1) * (L - 2) * s ** (L - 3) * (d * s ** (L - 1) - 1)
        ctx.bound(f"> -1, d={d}, L={L}", arb(-1), v, strict=True)
        ctx.bound(f"< 0, d={d}, L={L}", v, arb(0), strict=True)


# -- Lemma 10 -----------------------------------------------------------------------------
@check("ssm-poison/lemma-10", "step-L10.1", "symbolic", step="L10.1")
def l10_s1(ctx):
    """Q Diag(lambda_+, lambda_-, ...) Q^T = (omega_1 - omega_2) I + omega_2 J with lambda_+ = omega_1 + (d-1) omega_2,
    lambda_- = omega_1 - omega_2 (Q: 1_d/sqrt d and Gram-Schmidt of e_1 - e_j; symbolic omegas; d = 3, 4, 5)."""
    w1, w2 = sp.symbols("omega_1 omega_2", real=True)
    for d in (3, 4, 5):
        Q = _w2_basis(d)
        D = sp.diag(w1 + (d - 1) * w2, *([w1 - w2] * (d - 1)))
        ctx.identity(
            f"Q D Q^T - Hess, d={d}", _expand(sp.simplify(Q * D * Q.T - ((w1 - w2) * sp.eye(d) + w2 * sp.ones(d, d))))
        )


@check("ssm-poison/lemma-10", "step-L10.2", "symbolic", step="L10.2")
def l10_s2(ctx):
    """The printed A^lin(t) solves dA/dt = -Hess (A - s) with A^lin(0) as given (symbolic t, lambda_pm, A(0), s; d = 2;
    full: d = 3)."""
    d = 3 if ctx.full else 2
    t = sp.Symbol("t", real=True)
    lp, lm, s = sp.symbols("lambda_p lambda_m s", real=True)
    A0 = sp.Matrix(sp.symbols(f"x0:{d}", real=True))
    Q = _w2_basis(d)
    D = sp.diag(lp, *([lm] * (d - 1)))
    E = sp.diag(*[sp.exp(-t * x) for x in [lp] + [lm] * (d - 1)])
    svec = s * sp.ones(d, 1)
    A = Q * E * Q.T * (A0 - svec) + svec
    H = Q * D * Q.T
    ctx.identity("dA/dt + H (A - s)", _expand(A.diff(t) + H * (A - svec)))
    ctx.identity("A(0) = A^lin(0)", _expand(A.subs(t, 0) - A0))


# -- Proposition 6 ------------------------------------------------------------------------
def _lambdas(d, L):
    """lambda_pm (Lemma 8's formulas) on the s-ball, P/m = 1."""
    s = _s_working(d, L)
    return ss.lambda_plus(s, d, L, arb(1)), ss.lambda_minus(s, d, L, arb(1))


_LP, _LM = sp.symbols("lambda_p lambda_m", real=True)


def _linear_gap(expr, lp, lm):
    """``expr(lambda_+, lambda_-)``, linear, collected by SymPy first (exact integer coefficients) and then evaluated
    on the balls: a difference that vanishes identically is an exact 0, not an overlapping ball."""
    e = sp.Poly(sp.expand(expr(_LP, _LM)), _LP, _LM)
    c_p, c_m, c_0 = (int(e.coeff_monomial(m)) for m in (_LP, _LM, 1))
    return c_p * lp + c_m * lm + c_0


def _small_pairs(ctx):
    """Grid pairs with d small enough to enumerate every (m_1, sum_{k>=2} m_k)."""
    return [(d, L) for d, L in _pairs_grid(ctx) if d <= 40]


@check("ssm-poison/proposition-6", "step-P6.1", "interval", step="P6.1")
@arb_precision
def p6_s1(ctx):
    """lambda_+ + m lambda_- >= 2P(d-1)/m - 2P m/m > 0 for m = 0..d-2, certified on the s-ball (the middle term from
    Lemma 9's printed bounds)."""
    for d, L in _small_pairs(ctx):
        _start(ctx, d, L)
        lp, lm = _lambdas(d, L)
        lo, _ = ss.lemma9_lambda_minus_range(1)
        for m in range(d - 1):
            mid = ss.lemma9_lambda_plus_floor(d, 1) + m * lo
            ctx.bound(f"lambda_+ + m lambda_- >= 2(d-1) - 2m, m={m}, d={d}, L={L}", arb(mid), lp + m * lm)
            ctx.bound(f"2(d-1) - 2m > 0, m={m}, d={d}", arb(0), arb(mid), strict=True)


def _gamma_symbolic(ctx, which):
    """gamma(lambda_j, m) = lambda_j - sum_k m_k lambda_k with lambda_1 = lambda_+, lambda_k = lambda_- (k >= 2) against
    the printed form (symbolic m, lambda_pm; d = 2..6)."""
    lp, lm = sp.symbols("lambda_p lambda_m", real=True)
    for d in range(2, 7):
        m = sp.symbols(f"m1:{d + 1}", nonnegative=True, integer=True)
        lam = [lp] + [lm] * (d - 1)
        S = sum(m[1:])
        if which == "+":
            ctx.identity(
                f"gamma(lambda_+, m), d={d}",
                sp.expand(lp - sum(mk * lk for mk, lk in zip(m, lam)) - ss.gamma_plus_printed(m[0], S, lp, lm)),
            )
        else:
            ctx.identity(
                f"gamma(lambda_-, m), d={d}",
                sp.expand(lm - sum(mk * lk for mk, lk in zip(m, lam)) - ss.gamma_minus_printed(m[0], S, lp, lm)),
            )


@check("ssm-poison/proposition-6", "step-P6.2", "symbolic", step="P6.2")
def p6_s2(ctx):
    """gamma(lambda_+, m) as printed = its definition (Definition 7) with the spectrum of Lemma 8."""
    _gamma_symbolic(ctx, "+")


@check("ssm-poison/proposition-6", "step-P6.4", "symbolic", step="P6.4")
def p6_s4(ctx):
    """gamma(lambda_-, m) as printed = its definition (Definition 7) with the spectrum of Lemma 8."""
    _gamma_symbolic(ctx, "-")


@check("ssm-poison/proposition-6", "step-P6.3", "interval", step="P6.3")
@arb_precision
def p6_s3(ctx):
    """Every case of gamma(lambda_+, m), 2 <= m_1 + S <= d - 2 (S = sum_{k>=2} m_k): m_1 in {0, 1}: gamma >= -lambda_- S
    > 0; otherwise gamma <= -lambda_+ - lambda_- S <= -2P(d-1)/m + 2P S/m < 0 (certified on the s-ball)."""
    for d, L in _small_pairs(ctx):
        _start(ctx, d, L)
        lp, lm = _lambdas(d, L)
        lo, _ = ss.lemma9_lambda_minus_range(1)
        for total in range(2, d - 1):
            for m1 in range(total + 1):
                S = total - m1
                if m1 <= 1:
                    gap = _linear_gap(lambda p, q: ss.gamma_plus_printed(m1, S, p, q) - (-q * S), lp, lm)
                    ctx.bound(f"gamma - (-lambda_- S) >= 0, m1={m1}, S={S}, d={d}, L={L}", arb(0), gap)
                    ctx.bound(f"-lambda_- S > 0, m1={m1}, S={S}, d={d}, L={L}", arb(0), -lm * S, strict=True)
                else:
                    gap = _linear_gap(lambda p, q: (-p - q * S) - ss.gamma_plus_printed(m1, S, p, q), lp, lm)
                    ctx.bound(f"(-lambda_+ - lambda_- S) - gamma >= 0, m1={m1}, S={S}, d={d}, L={L}", arb(0), gap)
                    rhs = -ss.lemma9_lambda_plus_floor(d, 1) - lo * S
                    ctx.bound(f"... <= -2(d-1) + 2S, m1={m1}, S={S}, d={d}, L={L}", -lp - lm * S, arb(rhs))
                    ctx.bound(f"-2(d-1) + 2S < 0, S={S}, d={d}", arb(rhs), arb(0), strict=True)


@check("ssm-poison/proposition-6", "step-P6.5", "interval", step="P6.5")
@arb_precision
def p6_s5(ctx):
    """Every case of gamma(lambda_-, m): m_1 = 0: (1 - S) lambda_- > 0; m_1 = d - 2: lambda_- - (d-2) lambda_+ < 0;
    otherwise gamma <= -lambda_+ - (S - 1) lambda_- <= -2P(d-1)/m + 2P(S-1)/m < 0 -- including S = 0, which the
    printed range of S - 1 leaves out (certified on the s-ball)."""
    for d, L in _small_pairs(ctx):
        _start(ctx, d, L)
        lp, lm = _lambdas(d, L)
        lo, _ = ss.lemma9_lambda_minus_range(1)
        for total in range(2, d - 1):
            for m1 in range(total + 1):
                S = total - m1
                g = ss.gamma_minus_printed(m1, S, lp, lm)
                tag = f"m1={m1}, S={S}, d={d}, L={L}"
                if m1 == 0:
                    ctx.bound(f"gamma > 0, {tag}", arb(0), g, strict=True)
                elif m1 == d - 2:
                    ctx.bound(f"lambda_- - (d-2) lambda_+ < 0, {tag}", g, arb(0), strict=True)
                else:
                    gap = _linear_gap(lambda p, q: (-p - (S - 1) * q) - ss.gamma_minus_printed(m1, S, p, q), lp, lm)
                    ctx.bound(f"(-lambda_+ - (S-1) lambda_-) - gamma >= 0, {tag}", arb(0), gap)
                    rhs = -ss.lemma9_lambda_plus_floor(d, 1) - lo * (S - 1)
                    ctx.bound(f"... <= -2(d-1) + 2(S-1), {tag}", -lp - (S - 1) * lm, arb(rhs))
                    ctx.bound(f"-2(d-1) + 2(S-1) < 0, {tag}", arb(rhs), arb(0), strict=True)


# -- Propositions 7, 8 --------------------------------------------------------------------
@check("ssm-poison/proposition-7", "step-P7.1", "symbolic", step="P7.1")
def p7_s1(ctx):
    """rho_pm from the Hessian's spectrum at s: one positive eigenvalue (lambda_+) and d - 1 copies of lambda_-; the
    d - 1 copies are the diagonal of Q^T Hess Q (Lemma 10's Q, symbolic omegas, d = 3; full: 3..5), so max/min = 1
    each."""
    w1, w2 = sp.symbols("omega_1 omega_2", real=True)
    for d in (3, 4, 5) if ctx.full else (3,):
        Q = _w2_basis(d)
        D = _expand(Q.T * ((w1 - w2) * sp.eye(d) + w2 * sp.ones(d, d)) * Q)
        ctx.identity(f"Q^T Hess Q diagonal, d={d}", [D[i, j] for i in range(d) for j in range(d) if i != j])
        neg = [D[i, i] for i in range(1, d)]
        ctx.identity(f"rho_- = max/min of the d-1 equal eigenvalues = 1, d={d}", [x - neg[0] for x in neg])


@check("ssm-poison/proposition-7", "step-P7.2", "symbolic", step="P7.2", expect="refuted")
def p7_s2(ctx):
    """The proof's conditions (M - K > 0, N - K >= 0, rho_pm = 1) against floor(Q/2), Q = 2..40, exactly
    (ss.q_smoothness with strict_first); Definition 8's own conditions give floor(Q/2) (recorded beside)."""
    _start(ctx, 8, 7)
    for Q in range(2, 41):
        ctx.exact(f"strict K(Q) >= floor(Q/2), Q={Q}", ss.q_smoothness(Q, 1, 1, strict_first=True), ">=", Q // 2)
        ctx.exact(f"Definition 8's K(Q) >= floor(Q/2), Q={Q}", ss.q_smoothness(Q, 1, 1), ">=", Q // 2)


@check("ssm-poison/proposition-8", "step-P8.1", "symbolic", step="P8.1", expect="verified")
def p8_s1(ctx):
    """floor((d-2)/2) >= 3 for d = 8..10^4 (exact), and at d = 7 it is 2 (the hypothesis d >= 8 is where it starts)."""
    _start(ctx, 8, 7)
    worst = min(ss.smoothness_order(d) for d in range(8, 10**4))
    ctx.exact("min over d = 8..10^4 of floor((d-2)/2) >= 3", worst, ">=", ss.PROP8_SMOOTHNESS)
    ctx.note(f"floor((7-2)/2) = {ss.smoothness_order(7)} < 3: d >= 8 is needed for C^3.")


@check("ssm-poison/proposition-8", "step-P8.2", "symbolic", step="P8.2", expect="verified")
def p8_s2(ctx):
    """Theorem 3 invoked with Q = d - 2 at the paper's pairs: its hypotheses (and those of Propositions 6, 7 it
    rests on) discharged; Q = d - 2 >= 2 (Theorem 3's Q >= 2) exactly."""
    for d, L in PAPER_PAIRS:
        _start(ctx, d, L)
        inst = {"d": d, "L": L, "w2": 1.0}
        ctx.discharge(f"Theorem 3 at d={d}, L={L}", "ssm-poison/theorem-3", inst)
        ctx.discharge(f"Proposition 6 at d={d}, L={L}", "ssm-poison/proposition-6", inst)
        ctx.discharge(f"Proposition 7 at Q = d - 2 = {d - 2}", "ssm-poison/proposition-7", {**inst, "Q": d - 2})
        ctx.exact(f"Q = d - 2 >= 2, d={d}", d - 2, ">=", 2)


# -- Lemmas 11, 12 ------------------------------------------------------------------------
@check("ssm-poison/lemma-11", "step-L11.1", "symbolic", step="L11.1", expect="refuted")
def l11_s1(ctx):
    """The displayed loss 2P/m (res_l^2 + res_s^2) against (27) at A = (4, 0, ..., 0) (d = 8, L = 7, P/m = 1; a point
    of the proof's case |a_j| > 3): exactly twice l; with (27) the bound l >= (P/m)(3^{L-1} - 1)^2 >= 4 P/m > 2P/m
    holds (exact, L of STEP_LS)."""
    L = 7
    _start(ctx, 8, L)
    a = [4] + [0] * 7
    printed = 2 * (sm.long_residual(a, L) ** 2 + sm.short_residual(a) ** 2)
    ctx.exact("printed display = l(A) (27)", printed, "==", sm.objective_s2(a, L, 1))
    for L in STEP_LS:
        _start(ctx, 8, L)
        ctx.exact(f"(3^(L-1) - 1)^2 > 2, L={L}", (3 ** (L - 1) - 1) ** 2, ">", 2)


@check("ssm-poison/lemma-12", "step-L12.1", "symbolic", step="L12.1")
def l12_s1(ctx):
    """Lemma 12's W_1 flow as printed = -(28)_j at a 1_d (d = 8) and = -f'(a)/d (symbolic d), L of STEP_LS."""
    a = ss.a_sym
    for L in STEP_LS:
        ctx.identity(
            f"a' = -grad_j l(a 1_8), L={L}",
            sp.expand(ss.w1_flow_printed(a, 8, L) + ss.printed_gradient_entry([a] * 8, 0, L)),
        )
        ctx.identity(
            f"a' = -f'(a)/d, L={L}", sp.expand(ss.w1_flow_printed(a, d_s, L) + ss.f_prime_printed(a, d_s, L) / d_s)
        )


@check("ssm-poison/lemma-12", "step-L12.2", "symbolic", step="L12.2", expect="verified")
def l12_s2(ctx):
    """-f'(4/d)/d <= 2P/m((L-1)(4/d)^{L-2} - 3) <= 2P/m(h(L) - 3) <= 2P/m(0.75 - 3) < 0 for every d >= 8 (d = 8 + k,
    SymPy per L of STEP_LS); h(L) = (L-1)(1/2)^{L-2}, h(4) = 3/4, h decreasing for L >= 4 (L = 4 + k)."""
    dd = 8 + k_s
    x = 4 / dd
    for L in _step_ls(ctx):
        _start(ctx, 8, L)
        t0 = -ss.f_prime_printed(x, dd, L, 1) / dd
        t1 = 2 * ((L - 1) * x ** (L - 2) - 3)
        ctx.exact(f"-f'(4/d)/d <= 2((L-1)(4/d)^(L-2) - 3), L={L}", sp.factor(t1 - t0), ">=", 0, whole=False)
        ctx.exact(f"(L-1)(4/d)^(L-2) <= h(L), L={L}", ss.lemma12_h(L) - (L - 1) * x ** (L - 2), ">=", 0, whole=False)
        ctx.exact(f"h(L) <= h(4), L={L}", ss.lemma12_h(L), "<=", ss.lemma12_h(4), whole=False)
    ctx.exact("h(4) = 0.75", ss.lemma12_h(4), "==", ss.LEMMA12_H_AT_4, whole=True)
    ctx.exact("0.75 - 3 < 0", ss.LEMMA12_H_AT_4 - 3, "<", 0, whole=True)
    L = 4 + k_s
    h = lambda y: (y - 1) * sp.Rational(1, 2) ** (y - 2)  # noqa: E731  h at a symbolic L
    ctx.identity("h(L) = (L-1)(1/2)^(L-2), L = 4..12", [ss.lemma12_h(n) - h(sp.Integer(n)) for n in range(4, 13)])
    ctx.exact("h(L+1)/h(L) < 1 for L >= 4", sp.simplify(h(L + 1) / h(L)), "<", 1, whole=True)


@check("ssm-poison/lemma-12", "step-L12.3", "symbolic", step="L12.3", expect="refuted")
def l12_s3(ctx):
    """(L-1)(L-2)(4/d)^{L-3} <= g(L) at d = 8 (exact, L of STEP_LS): false (g has one factor 2/3 too many)."""
    for L in STEP_LS:
        _start(ctx, 8, L)
        ctx.exact(
            f"(L-1)(L-2)(1/2)^(L-3) <= g(L), d=8, L={L}",
            (L - 1) * (L - 2) * sp.Rational(1, 2) ** (L - 3),
            "<=",
            ss.lemma12_g_printed(L),
        )


@check("ssm-poison/lemma-12", "step-L12.4", "symbolic", step="L12.4", expect="verified")
def l12_s4(ctx):
    """-f''(a)/d <= 2P/m(-d + (L-1)(L-2) a^{L-3}) (identity of the dropped term, even power), <= 2P/m(-d + (L-1)(L-2)
    (4/d)^{L-3}) on (s, 4/d] (a >= 0 there), <= 2P/m(-d + 15/8) < 0: (L-1)(L-2)(1/2)^{L-3} <= 15/8 for L >= 7
    (L = 7 + k)
    and (4/d)^{L-3} <= (1/2)^{L-3} for d >= 8."""
    a = ss.a_sym
    for L in _step_ls(ctx):
        _start(ctx, 8, L)
        rest = sp.expand(
            2 * ss.w_sym * (-d_s + (L - 1) * (L - 2) * a ** (L - 3)) + ss.f_second_printed(a, d_s, L) / d_s
        )
        ctx.exact(f"-f''/d <= 2P/m(-d + (L-1)(L-2)a^(L-3)), L={L}", rest, ">=", 0, whole=False)
        dd = 8 + k_s
        ctx.exact(
            f"(4/d)^(L-3) <= (1/2)^(L-3), L={L}",
            sp.Rational(1, 2) ** (L - 3) - (4 / dd) ** (L - 3),
            ">=",
            0,
            whole=False,
        )
    L = 7 + k_s
    q = lambda y: (y - 1) * (y - 2) * sp.Rational(1, 2) ** (y - 3)  # noqa: E731
    ctx.exact("(L-1)(L-2)(1/2)^(L-3) at L = 7 is 15/8", q(sp.Integer(7)), "==", ss.LEMMA12_G_BOUND, whole=True)
    ctx.exact("decreasing for L >= 7", sp.simplify(q(L + 1) / q(L)), "<", 1, whole=True)
    ctx.exact("-d + 15/8 < 0 for d >= 8", -(8 + k_s) + ss.LEMMA12_G_BOUND, "<", 0, whole=True)


# -- Proposition 10, Corollary 4 ----------------------------------------------------------
# The flow statements of D.3.4-D.3.7 have no instance inside their hypotheses (I_3 needs alpha ~ 10^(-10^6); r_2,
# r_3, G are non-constructive): their steps are decided symbolically for all values of the quantities they relate,
# and the displays about trajectories are observed along the true flows at alpha = 1e-2 (outside the hypotheses).
alpha_s, r_s, N_s, t_s, delta_s = sp.symbols("alpha r N t delta", positive=True)
r3_s, G_s, Gt_s, Gp_s, Dm_s, Dp_s, mu2_s, eta_s = sp.symbols("r_3 G Gtilde Gprime D_m D_p mu_2 eta", positive=True)
u_s, v_s = sp.symbols("u v", nonnegative=True)


@check("ssm-poison/proposition-10", "step-P10.1", "symbolic", step="P10.1", outside_hypotheses=True)
def p10_s1(ctx):
    """||A^Z(0) - A(0)|| = ||A(0)|| = alpha ||zeta|| <= alpha sqrt(d) <= alpha d (zeta in (0, 1]^d; d >= 1: decided
    symbolically); and along the true flows (8, 7), alpha = 1e-2, r = s/2 (outside I_3): ||A^Z(t_1) - A(t_1)|| <=
    ||A(0)|| exp(N t_1) with the explicit N (observed: the slack in log10)."""
    # both sides positive: compared squared, (alpha d)^2 - (alpha sqrt d)^2 = alpha^2 d (d - 1) with d = 1 + k
    sq_gap = sp.expand((alpha_s * (1 + k_s)) ** 2 - (alpha_s * sp.sqrt(1 + k_s)) ** 2)
    ctx.exact("alpha sqrt(d) <= alpha d for d >= 1 (squares)", sq_gap, ">=", 0, whole=True)
    d, L, w = 8, 7, 1.0
    s = float(saddle(d, L)[0].mid())
    t1, Z, _, err = t1_of(d, L, w, s / 8)
    N = float(ss.lipschitz_bound(d, L, 1))
    ctx.start({"d": d, "L": L, "w2": w, "alpha": 0.01, "r": s / 2, "zeta_d": 0.5})
    fl = early_flow(d, L, w, 0.01, GAP, False)
    k = int(round(t1 / 0.005))
    lhs = float(np.linalg.norm(fl.states[k].astype(float) - Z))
    a0 = float(np.linalg.norm(fl.states[0].astype(float)))
    ctx.observe(
        "log10 ||A^Z(t_1) - A(t_1)|| <= log10(||A(0)|| exp(N t_1))",
        lhs=math.log10(lhs),
        rhs=math.log10(a0) + N * t1 / math.log(10),
        error=float(fl.error[k]) + err,
    )


@check("ssm-poison/proposition-10", "step-P10.2", "symbolic", step="P10.2")
def p10_s2(ctx):
    """(min/(6d)) e^{-N t} d e^{N t} = min/6; min{r/4, .}/6 <= r/24; r/4 + r/24 <= r/2 (symbolic, all r, N, t > 0)."""
    m = sp.Symbol("m_min", positive=True)
    ctx.identity(
        "min/(6d) e^(-Nt) d e^(Nt) = min/6",
        sp.simplify(m / (6 * d_s) * sp.exp(-N_s * t_s) * d_s * sp.exp(N_s * t_s) - m / 6),
    )
    ctx.exact("min{r/4, .}/6 <= r/24 (min = r/4 - u, u >= 0)", (r_s / 4 - u_s) / 6, "<=", r_s / 24, whole=True)
    ctx.exact("r/4 + r/24 <= r/2", r_s / 4 + r_s / 24, "<=", r_s / 2, whole=True)


@check("ssm-poison/proposition-10", "step-P10.3", "symbolic", step="P10.3")
def p10_s3(ctx):
    """zeta_1 - sum zeta/d with zeta_1 = 1, zeta_k <= 1 (k = 2..d-1), zeta_d <= 1/2: it decreases in every zeta_k (the
    derivative -1/d), so its minimum over the box is at zeta_k = 1, zeta_d = 1/2, where it equals 1/(2d); the printed
    1 - (d-1)/d - 1/(2d) equals 1/(2d) (symbolic d; the box for d = 3..8 entrywise)."""
    for d in range(3, 9):
        z = sp.symbols(f"z1:{d + 1}", positive=True)
        E = 1 - (1 + sum(z[1:])) / d
        ctx.identity(f"d E/d zeta_k = -1/d, d={d}", [sp.diff(E, x) + sp.Rational(1, d) for x in z[1:]])
        corner = E.subs({**{x: 1 for x in z[1:-1]}, z[-1]: sp.Rational(1, 2)})
        ctx.exact(f"E at the box corner = 1/(2d), d={d}", corner, "==", sp.Rational(1, 2 * d), whole=True)
    ctx.identity("1 - (d-1)/d - 1/(2d) = 1/(2d)", sp.simplify(1 - (d_s - 1) / d_s - 1 / (2 * d_s) - 1 / (2 * d_s)))


@check("ssm-poison/proposition-10", "step-P10.4", "symbolic", step="P10.4")
def p10_s4(ctx):
    """Dist(alpha zeta, W_1) = alpha ||zeta - mean 1|| (the projection on span{1_d}: symbolic, d = 4) >= alpha |zeta_1 -
    mean| (one term of the sum of squares) >= alpha/(2d) by P10.3."""
    d = 4
    z = sp.Matrix(sp.symbols("z1:5", positive=True))
    one = sp.ones(d, 1)
    proj = (one.T * z)[0] / d * one
    centred = z - sum(z) / d * one
    ctx.identity("A - P_{W_1} A = alpha (zeta - mean 1)", _expand(alpha_s * z - alpha_s * proj - alpha_s * centred))
    sq = [(z[i] - sum(z) / d) ** 2 for i in range(d)]
    ctx.exact("sum of squares >= its first term", sum(sq) - sq[0], ">=", 0, whole=True)


@check("ssm-poison/proposition-10", "step-P10.5", "symbolic", step="P10.5", outside_hypotheses=True)
def p10_s5(ctx):
    """|beta_2(t_1)| = ||A(t_1) - A^a(t_1)|| for the W_1 trajectory A^a with A^a(t_1) = beta_1(t_1) 1_d (identity: A -
    beta_1 1 is the W_2 part), and along the true flow (8, 7), alpha = 1e-2 (outside I_3): |beta_2(t_1)| >= ||A(0) -
    A^a(0)|| exp(-N t_1) with A^a(0) from the 1-D W_1 flow run backward (observed, log10)."""
    d = 4
    x = sp.Matrix(sp.symbols("x1:5", real=True))
    b1 = sum(x) / d
    ctx.identity("(A - beta_1 1) is orthogonal to 1", sp.expand((sp.ones(1, d) * (x - b1 * sp.ones(d, 1)))[0]))
    from scipy.integrate import solve_ivp

    dd, L, w = 8, 7, 1.0
    s = float(saddle(dd, L)[0].mid())
    t1, _, _, _ = t1_of(dd, L, w, s / 8)
    N = float(ss.lipschitz_bound(dd, L, 1))
    ctx.start({"d": dd, "L": L, "w2": w, "alpha": 0.01, "r": s / 2, "zeta_d": 0.5})
    fl = early_flow(dd, L, w, 0.01, GAP, False)
    k = int(round(t1 / 0.005))
    xt = fl.states[k].astype(float)
    speed = sp.lambdify(ss.a_sym, ss.w1_flow_printed(ss.a_sym, dd, L, w))
    back = solve_ivp(lambda t, y: [-speed(y[0])], (0.0, t1), [float(np.mean(xt))], rtol=1e-12, atol=1e-15)
    a0 = float(back.y[0, -1])
    x0 = fl.states[0].astype(float)
    ctx.observe(
        "log10 |beta_2(t_1)| >= log10(||A(0) - A^a(0)|| exp(-N t_1))",
        lhs=math.log10(float(beta2(xt))),
        rhs=math.log10(float(np.linalg.norm(x0 - a0))) - N * t1 / math.log(10),
        a_at_0=a0,
    )


@check("ssm-poison/corollary-4", "step-C4.1", "symbolic", step="C4.1", expect="refuted")
def c4_s1(ctx):
    """The interval of Proposition 10's conclusion against the proof's restatement of it (as encoded in theorems)."""
    ctx.exact(
        "Proposition 10's interval = the restated one", ss.PROP10_BETA2_INTERVAL, "==", ss.COR4_PROOF_BETA2_INTERVAL
    )


# -- Propositions 11, 12, Corollary 5 -----------------------------------------------------
@check("ssm-poison/proposition-11", "step-P11.1", "symbolic", step="P11.1")
def p11_s1(ctx):
    """t_- = -ln(X)/lambda_- increases with X for lambda_- < 0 (derivative -1/(lambda_- X) > 0), and at X = exp(-2
    lambda_-) (I_4's floor) it equals 2 (symbolic)."""
    X = sp.Symbol("X", positive=True)
    ctx.exact("d t_-/dX > 0", sp.diff(ss.t_minus_printed(lam_neg, X), X), ">", 0, whole=True)
    ctx.identity("t_-(exp(-2 lambda_-)) = 2", sp.simplify(ss.t_minus_printed(lam_neg, sp.exp(-2 * lam_neg)) - 2))


@check("ssm-poison/proposition-11", "step-P11.2", "symbolic", step="P11.2")
def p11_s2(ctx):
    """G D_+ alpha exp(-t_- lambda_-) = G r_3/(4 G'^2 sqrt d) (identity), <= r_3/(4 G' sqrt d) (G' = G + u) <= r_3/(4
    sqrt d) (G' = 1 + v): symbolic, all positive values."""
    X = r3_s / (4 * Gp_s**2 * sp.sqrt(d_s) * alpha_s * Dp_s)
    val = G_s * Dp_s * alpha_s * sp.exp(-ss.t_minus_printed(lam_neg, X) * lam_neg)
    ctx.identity("= G r_3/(4 G'^2 sqrt d)", sp.simplify(val - G_s * r3_s / (4 * Gp_s**2 * sp.sqrt(d_s))))
    mid = (G_s * r3_s / (4 * Gp_s**2 * sp.sqrt(d_s))).subs(Gp_s, G_s + u_s)
    ctx.exact(
        "<= r_3/(4 G' sqrt d) (G' >= G)", sp.factor(r3_s / (4 * (G_s + u_s) * sp.sqrt(d_s)) - mid), ">=", 0, whole=True
    )
    ctx.exact(
        "r_3/(4 G' sqrt d) <= r_3/(4 sqrt d) (G' >= 1)",
        r3_s / (4 * (1 + v_s) * sp.sqrt(d_s)),
        "<=",
        r3_s / (4 * sp.sqrt(d_s)),
        whole=True,
    )


@check("ssm-poison/proposition-11", "step-P11.3", "symbolic", step="P11.3")
def p11_s3(ctx):
    """(alpha D_-/G~) exp(-t_+ lambda_-) = G'^2 r_3/(2 sqrt d G~) (identity) >= G' r_3/(2 sqrt d) (G' = G~ + u) >=
    r_3/(2 sqrt d) (G' = 1 + v): symbolic."""
    Y = Gp_s**2 * r3_s / (2 * sp.sqrt(d_s) * alpha_s * Dm_s)
    val = alpha_s * Dm_s / Gt_s * sp.exp(-ss.t_minus_printed(lam_neg, Y) * lam_neg)
    ctx.identity("= G'^2 r_3/(2 sqrt d G~)", sp.simplify(val - Gp_s**2 * r3_s / (2 * sp.sqrt(d_s) * Gt_s)))
    e = (Gp_s**2 * r3_s / (2 * sp.sqrt(d_s) * Gt_s) - Gp_s * r3_s / (2 * sp.sqrt(d_s))).subs(Gp_s, Gt_s + u_s)
    ctx.exact(">= G' r_3/(2 sqrt d) (G' >= G~)", sp.factor(e), ">=", 0, whole=True)
    ctx.exact(
        ">= r_3/(2 sqrt d) (G' >= 1)",
        (1 + v_s) * r3_s / (2 * sp.sqrt(d_s)),
        ">=",
        r3_s / (2 * sp.sqrt(d_s)),
        whole=True,
    )


@check("ssm-poison/proposition-11", "step-P11.4", "symbolic", step="P11.4", expect="refuted")
def p11_s4(ctx):
    """||u + v|| against the printed ||u|| + ||v|| for orthogonal u = (1, 1)/sqrt 2 in W_1 and v = (1, -1)/sqrt 2 in W_2
    (d = 2): sqrt 2 against 2; the triangle inequality holds."""
    u = [1 / sp.sqrt(2), 1 / sp.sqrt(2)]
    v = [1 / sp.sqrt(2), -1 / sp.sqrt(2)]
    lhs = sp.sqrt(sum((x + y) ** 2 for x, y in zip(u, v)))
    ctx.exact("||u + v|| = ||u|| + ||v|| (as printed)", sp.nsimplify(lhs), "==", ss.prop11_norm_printed(u, v))
    ctx.exact("||u + v|| <= ||u|| + ||v||", sp.nsimplify(lhs), "<=", ss.prop11_norm_printed(u, v))


@check("ssm-poison/proposition-11", "step-P11.5", "symbolic", step="P11.5")
def p11_s5(ctx):
    """exp(-lambda_+ t_-) = X^{lambda_+/lambda_-} (identity); lambda_+/lambda_- < -1 from Lemma 9's bounds (lambda_+ =
    2P(d-1)/m + u, lambda_- = -2P/m + v, 0 < v, d = 8 + k: lambda_+ + lambda_- > 0); with X >= 2 the power is <= 1/2 and
    r_3/sqrt d * 1/2 = r_3/(2 sqrt d) (symbolic)."""
    X = sp.Symbol("X", positive=True)
    lp = sp.Symbol("lambda_p", positive=True)
    ctx.identity(
        "exp(-lambda_+ t_-) = X^(lambda_+/lambda_-)",
        sp.simplify(sp.exp(-lp * ss.t_minus_printed(lam_neg, X)) - X ** (lp / lam_neg)),
    )
    w = ss.w_sym
    vv = sp.Symbol("v", positive=True)
    lam_p = ss.lemma9_lambda_plus_floor(8 + k_s, w) + u_s
    lam_m = ss.lemma9_lambda_minus_range(w)[0] + vv
    ctx.exact("lambda_+ + lambda_- > 0 (ratio < -1) when lambda_- < 0", sp.expand(lam_p + lam_m), ">", 0, whole=True)
    q = sp.Symbol("q", positive=True)  # X = 2 + q, exponent -(1 + u)
    X2 = 2 + q
    ctx.exact(
        "d/du X^(-(1+u)) <= 0 for X >= 2 (so X^(-(1+u)) <= X^(-1))",
        sp.diff(X2 ** (-(1 + u_s)), u_s),
        "<=",
        0,
        whole=True,
    )
    ctx.exact("X^(-1) <= 1/2 for X >= 2", 1 / X2, "<=", sp.Rational(1, 2), whole=True)


@check("ssm-poison/proposition-12", "step-P12.1", "symbolic", step="P12.1")
def p12_s1(ctx):
    """|exp(-(t_2 - tau) lambda_-) b| = |exp(-t_2 lambda_-) b| exp(lambda_- tau), and with |exp(-t_2 lambda_-) b| =
    r_3/(2 sqrt d) the printed value (symbolic)."""
    b, tau, t2 = sp.symbols("b tau t_2", positive=True)
    ctx.identity(
        "exp(-(t_2 - tau) l) b = exp(-t_2 l) b exp(l tau)",
        sp.simplify(sp.exp(-(t2 - tau) * lam_neg) * b - sp.exp(-t2 * lam_neg) * b * sp.exp(lam_neg * tau)),
    )


@check("ssm-poison/corollary-5", "step-C5.1", "symbolic", step="C5.1")
def c5_s1(ctx):
    """d/dtau exp(lambda_- tau) = lambda_- exp(lambda_- tau) < 0 (lambda_- < 0): the minimum over tau in [0, 1] is at
    tau = 1, exp(lambda_-) (symbolic)."""
    tau = sp.Symbol("tau", positive=True)
    ctx.exact("d/dtau exp(lambda_- tau) < 0", sp.diff(sp.exp(lam_neg * tau), tau), "<", 0, whole=True)


# -- Lemma 18 -----------------------------------------------------------------------------
rl_s, rs_s, bt_s, ak_s = sp.symbols("res_l res_s btilde a_k", real=True)
L_pos = sp.Symbol("L", positive=True)


@check("ssm-poison/lemma-18", "step-L18.1", "symbolic", step="L18.1", expect="refuted")
def l18_s1(ctx):
    """With res_s = 0: (L-1)^2 b~^2/4 res_l^2 against ((L-1) b~)^2/4 (res_l^2/2 + res_s^2/2): off by 2 (exact at
    res_l = b~ = 1, L = 7: 9 against 9/2); the inequality '>=' holds (symbolic: the difference is (L-1)^2 b~^2
    res_l^2/8 >= 0)."""
    lhs = (L_pos - 1) ** 2 * bt_s**2 / 4 * rl_s**2
    rhs = ((L_pos - 1) * bt_s) ** 2 / 4 * (rl_s**2 / 2 + rs_s**2 / 2)
    at = {rs_s: 0, rl_s: 1, bt_s: 1, L_pos: 7}
    ctx.exact("first '=' at res_s = 0 (res_l = 1, b~ = 1, L = 7)", lhs.subs(at), "==", rhs.subs(at))
    ctx.exact("'>=' at res_s = 0", sp.factor((lhs - rhs).subs(rs_s, 0)), ">=", 0, whole=True)


@check("ssm-poison/lemma-18", "step-L18.2", "symbolic", step="L18.2")
def l18_s2(ctx):
    """With the proof's normalisation (l = (res_l^2 + res_s^2)/2, P/m = 1/2) its gradient entries are (L-1) a_k^{L-2}
    res_l + res_s up to sign (SymPy, d = 3, L = 7), and with res_l = 0: d res_s^2 = 2d (res_l^2/2 + res_s^2/2)."""
    a = list(sp.symbols("a0:3", real=True))
    L = 7
    l = sm.objective_s2(a, L, sp.Rational(1, 2))
    rl, rs = sm.long_residual(a, L), sm.short_residual(a)
    ctx.identity(
        "dl/da_k = -((L-1) a_k^(L-2) res_l + res_s) at P/m = 1/2",
        [sp.expand(sp.diff(l, x) + (L - 1) * x ** (L - 2) * rl + rs) for x in a],
    )
    ctx.identity(
        "d res_s^2 = 2d (res_l^2/2 + res_s^2/2) at res_l = 0",
        sp.expand((d_s * rs_s**2 - 2 * d_s * (rl_s**2 / 2 + rs_s**2 / 2)).subs(rl_s, 0)),
    )


@check("ssm-poison/lemma-18", "step-L18.3", "symbolic", step="L18.3")
def l18_s3(ctx):
    """(L-1) a_k^{L-2} res_l + res_s = (L-1)(a_k^{L-2} - chi) res_l = (1 - a_k^{L-2}/chi) res_s with chi = -res_s/((L-1)
    res_l) (symbolic, res_l, res_s != 0)."""
    g = (L_pos - 1) * ak_s ** (L_pos - 2) * rl_s + rs_s
    chi = -rs_s / ((L_pos - 1) * rl_s)
    ctx.identity("= (L-1)(a_k^(L-2) - chi) res_l", sp.simplify(g - (L_pos - 1) * (ak_s ** (L_pos - 2) - chi) * rl_s))
    ctx.identity("= (1 - a_k^(L-2)/chi) res_s", sp.simplify(g - (1 - ak_s ** (L_pos - 2) / chi) * rs_s))


@check("ssm-poison/lemma-18", "step-L18.4", "random", step="L18.4", expect="verified")
def l18_s4(ctx):
    """Proposition 18 invoked with s = 3, k = L - 2 at x = a_i, y = a_j of points of Diff(b)^C cap [-3,3]^d (Hypothesis,
    exact rationals): its hypotheses (x, y in [-3, 3], |x - y| >= b, k odd, y != 0) hold there, and the two printed
    bounds |a_i^k - a_j^k| >= (b/2)^k, |1 - a_i^k/a_j^k| >= (b/6)^k hold (exact)."""
    from hypothesis import strategies as st

    def prop(ex):
        d, L, b, x0, sign = ex
        b = Fraction(b).limit_denominator(1000)
        x = Fraction(x0).limit_denominator(1000)
        b = min(b, 3 + abs(x))  # a partner at distance b inside [-3, 3] exists
        y = x - b if (sign or x + b > 3) and x - b >= -3 else x + b
        if y == 0:  # the proof takes a_j != 0 (WLOG): swap the roles
            x, y = y, x
        ctx.start({"d": d, "L": L, "w2": 1.0, "b": _recorded_gap(b, [x, y]), "a1": float(x), "a2": float(y)})
        k = L - 2
        ctx.exact(
            "x, y in [-3, 3], y != 0, k odd", bool(-3 <= x <= 3 and -3 <= y <= 3 and y != 0 and k % 2 == 1), "==", True
        )
        ctx.bound("|x^k - y^k| >= (b/2)^k", (b / 2) ** k, abs(x**k - y**k))
        ctx.bound("|1 - x^k/y^k| >= (b/6)^k", (b / 6) ** k, abs(1 - x**k / y**k))

    ctx.random(
        st.tuples(
            st.integers(8, 12), st.sampled_from([7, 9, 11]), st.floats(0.01, 6.0), st.floats(-3.0, 3.0), st.booleans()
        ),
        prop,
        quick=12,
        full=150,
    )


@check("ssm-poison/lemma-18", "step-L18.5", "symbolic", step="L18.5", expect="refuted")
def l18_s5(ctx):
    """The coefficient the proof concludes with (b^ + 2) against the statement's (b~ + 2), exactly at b = 1, d = 8,
    L = 7 (ss.pl_coefficient_printed both ways)."""
    _start(ctx, 8, 7)
    b = sp.Integer(1)
    ctx.exact(
        "statement's mu = proof's mu",
        ss.pl_coefficient_printed(b, 8, 7, hat_over_tilde=True),
        "==",
        ss.pl_coefficient_printed(b, 8, 7, hat_over_tilde=False),
    )


# -- Proposition 13, Lemmas 19, 20 --------------------------------------------------------
mu1_s, ls_s, lA_s, t1_s, t2_s = sp.symbols("mu_1 l_s l_A t_1 t_2", positive=True)


@check("ssm-poison/proposition-13", "step-P13.1", "symbolic", step="P13.1")
def p13_s1(ctx):
    """2 (t_1 + t_2 - t_1 - t_2 + 1) mu_1 l(s)/2 = mu_1 l(s) (symbolic)."""
    ctx.identity("= mu_1 l(s)", sp.expand(2 * (t1_s + t2_s - t1_s - t2_s + 1) * mu1_s * ls_s / 2 - mu1_s * ls_s))


@check("ssm-poison/proposition-13", "step-P13.2", "symbolic", step="P13.2")
def p13_s2(ctx):
    """(1 + mu_1/4) l(s) - l(A) - mu_1 l(s) and l(s) - l(A) - 3 mu_1 l(s)/4 are the same expression (symbolic)."""
    first, second = ss.prop13_rearranged(mu1_s, ls_s, lA_s)
    ctx.identity("the rearrangement", sp.expand(first - second))


@check("ssm-poison/lemma-19", "step-L19.1", "symbolic", step="L19.1")
def l19_s1(ctx):
    """t_3 as printed (with sqrt(d alpha) in both logarithms) = the proof's simplified form (symbolic; the alpha
    cancels), and (1/lambda_-) ln(D_-/(2 G'^4 D_+)) >= 0: lambda_- < 0 and D_-/(2 G'^4 D_+) < 1 for D_+ = D_- + u,
    G' = 1 + v (decided by SymPy)."""
    lam = lam_neg
    full = ss.t3_printed(eta_s, ss.w_sym, mu2_s, lam, Gp_s, r3_s, d_s, alpha_s, Dm_s, Dp_s)
    simp = ss.lemma19_t3_simplified(eta_s, ss.w_sym, mu2_s, lam, Gp_s, d_s, Dm_s, Dp_s)
    ctx.identity("t_3 printed = simplified", sp.expand(sp.expand_log(full - simp, force=True)))
    uu = sp.Symbol("u", positive=True)
    ratio = Dm_s / (2 * (1 + v_s) ** 4 * (Dm_s + uu))
    ctx.exact("D_-/(2 G'^4 D_+) < 1", sp.factor(1 - ratio), ">", 0, whole=True)


@check("ssm-poison/lemma-19", "step-L19.2", "symbolic", step="L19.2")
def l19_s2(ctx):
    """exp(2 mu_2 ln(x)/(2 mu_2)) = x (symbolic, x = m eta/(2P) > 0), and l(A(0)) (m/(2P)) eta_2 <= eta_2 when l(A(0))
    <= 2P/m (Lemma 5: l(A(0)) = 2P/m - u)."""
    x = sp.Symbol("x", positive=True)
    ctx.identity("exp(2 mu_2 ln(x)/(2 mu_2)) = x", sp.simplify(sp.exp(2 * mu2_s * sp.log(x) / (2 * mu2_s)) - x))
    w = ss.w_sym
    ctx.exact("(2P/m - u)(m/(2P)) eta <= eta", sp.expand((2 * w - u_s) / (2 * w) * eta_s), "<=", eta_s, whole=True)


@check("ssm-poison/lemma-20", "step-L20.1", "symbolic", step="L20.1")
def l20_s1(ctx):
    """The radius picked in Lemma 35, sqrt(mu_2 delta/N), is positive for delta, mu_2, N > 0 (any positive radius is
    admissible), and what it yields through Lemma 25's factor: sqrt(N/mu_2) sqrt(mu_2 delta/N) = sqrt(delta)."""
    ctx.exact("radius > 0", ss.lemma20_radius_printed(N_s, mu2_s, delta_s), ">", 0, whole=True)
    ctx.identity(
        "sqrt(N/mu_2) * radius = sqrt(delta)",
        sp.simplify(sp.sqrt(N_s / mu2_s) * ss.lemma20_radius_printed(N_s, mu2_s, delta_s) - sp.sqrt(delta_s)),
    )


@check("ssm-poison/lemma-20", "step-L20.2", "symbolic", step="L20.2", expect="refuted")
def l20_s2(ctx):
    """sqrt(N/mu_2)(mu_2/N) delta against delta (symbolic: it is sqrt(mu_2/N) delta; e.g. N = 4, mu_2 = 1: delta/2)."""
    ctx.exact(
        "sqrt(N/mu_2)(mu_2/N) delta = delta at N = 4, mu_2 = 1, delta = 1",
        ss.lemma20_last_display(sp.Integer(4), sp.Integer(1), sp.Integer(1)),
        "==",
        1,
    )
    ctx.identity(
        "= sqrt(mu_2/N) delta",
        sp.simplify(ss.lemma20_last_display(N_s, mu2_s, delta_s) - sp.sqrt(mu2_s / N_s) * delta_s),
    )


# -- Proposition 16, Corollary 8 ----------------------------------------------------------
zeta2_s = sp.Symbol("zeta_2", positive=True)
t3_s = sp.Symbol("t_3", positive=True)


@check("ssm-poison/proposition-16", "step-P16.1", "symbolic", step="P16.1")
def p16_s1(ctx):
    """exp(-(2/lambda_-) ln(X) |lambda_-|) = X^2 for lambda_- < 0 (symbolic)."""
    X = sp.Symbol("X", positive=True)
    ctx.identity("= X^2", sp.simplify(sp.exp(-2 / lam_neg * sp.log(X) * sp.Abs(lam_neg)) - X**2))


@check("ssm-poison/proposition-16", "step-P16.2", "symbolic", step="P16.2")
def p16_s2(ctx):
    """A(0) - A^ref(0) for A(0) = alpha zeta, A^ref(0) of Definition 4 (sm.reference_init): only the second entry
    differs, by alpha (zeta_2 - 1), so the norm is alpha (1 - zeta_2) for zeta_2 = 1 - u < 1 (symbolic, d = 5)."""
    z = [sp.Integer(1), 1 - u_s] + list(sp.symbols("z3:6", positive=True))
    A = [alpha_s * x for x in z]
    diff = [x - y for x, y in zip(A, sm.reference_init(A))]
    ctx.identity(
        "A(0) - A^ref(0) = (0, -alpha u, 0, 0, 0)",
        [sp.expand(x - y) for x, y in zip(diff, [0, -alpha_s * u_s, 0, 0, 0])],
    )
    ctx.identity("||.|| = alpha (1 - zeta_2)", sp.simplify(sp.sqrt(sum(x**2 for x in diff)) - alpha_s * u_s))


@check("ssm-poison/proposition-16", "step-P16.3", "symbolic", step="P16.3", expect="refuted")
def p16_s3(ctx):
    """The quantity the last two displays bound (sqrt(d alpha) as rendered) against the divergence bound derived
    before them (their ratio is alpha, symbolic; they differ at alpha = 1/100, exact); and with Definition 12's
    I_5(delta/2, eta) taken at equality the derived bound is exactly delta/2 (the chain closes with sqrt(d) alpha)."""
    args = (alpha_s, zeta2_s, Gp_s, r3_s, d_s, Dm_s, N_s, t1_s, t3_s)
    derived = ss.prop16_divergence_bound(*args)
    printed = ss.prop16_final_printed(*args)
    ctx.identity("bounded quantity / derived bound = alpha", sp.simplify(printed / derived - alpha_s))
    at = {alpha_s: sp.Rational(1, 100), zeta2_s: sp.Rational(1, 2), Gp_s: 1, r3_s: 1, d_s: 8, Dm_s: 1, N_s: 1}
    at.update({t1_s: 0, t3_s: 0})
    ctx.exact(
        "bounded quantity = derived bound (alpha = 1/100, the rest 1, t = 0)", printed.subs(at), "==", derived.subs(at)
    )
    one_minus = ss.i5_bound(delta_s / 2, Gp_s, r3_s, d_s, Dm_s, N_s, t1_s, t3_s, alpha_s)
    closed = ss.prop16_divergence_bound(alpha_s, 1 - one_minus, Gp_s, r3_s, d_s, Dm_s, N_s, t1_s, t3_s)
    ctx.identity("derived bound at I_5(delta/2)'s equality = delta/2", sp.simplify(closed - delta_s / 2))


@check("ssm-poison/corollary-8", "step-C8.1", "symbolic", step="C8.1", expect="refuted")
def c8_s1(ctx):
    """What Lemma 20 gives with eta_{2,delta} (the bound delta, as encoded in its statement) against the delta/2 the
    proof takes from it, at delta = 1/2 (exact)."""
    delta = sp.Rational(1, 2)
    ctx.exact("Lemma 20's bound delta <= delta/2", delta, "<=", delta / 2)


@margin("ssm-poison/corollary-3")
def cor3_margin(ctx, p):
    """``N - ||Hess l(A)||_2`` at a point A of [-3,3]^d (the cube holds every trajectory, Lemma 11; its corners by
    seed), N the explicit constant ss.lipschitz_bound: the Hessian by forward second differentiation of (27)
    (:class:`HyperDual` over arrays of all pairs, floats), its spectral norm by numpy, error a roundoff bound.
    Nonnegative everywhere on the cube means -grad l is N-Lipschitz there (mean value theorem, the cube convex)."""
    d, L, w = p["d"], p["L"], p["w2"]
    x = ss.cube_point(d, p["seed"])
    # all pairs i <= j at once: the hyper-dual parts are arrays over the pairs
    iu, ju = np.triu_indices(d)
    pt = [HyperDual(x[k], (iu == k).astype(float), (ju == k).astype(float), 0.0) for k in range(d)]
    H = np.empty((d, d))
    H[iu, ju] = H[ju, iu] = sm.objective_s2(pt, L, w).e
    norm = float(np.max(np.abs(np.linalg.eigvalsh(H))))
    N = float(ss.lipschitz_bound(d, L, w))
    # entries: ~3 d L roundings each of magnitude <= N; eigvalsh: backward stable, ~d roundings of ||H||_F
    err = Estimate.roundoff(3 * d * L, N).error + Estimate.roundoff(10 * d, np.linalg.norm(H)).error
    return Estimate(N - norm, err, "roundoff bound")


# ---------------------------------------------------------------------------------------
# Hypothesis discharge (issue 19): each invoked result's hypotheses at the invoking proof's instances
# ---------------------------------------------------------------------------------------
# invoking statement -> invoked results whose hypotheses can be judged at the invoking instances (the paper's
# pairs, P/m = 1); the flow statements of D.3.4-D.3.7 have no instance inside their own hypotheses, so their
# invocations are judged only where a step check does it symbolically. Extra parameters the invocation sets:
DISCHARGES: dict[str, tuple[str, ...]] = {
    "lemma-5": ("definition-4", "lemma-22"),
    "lemma-8": ("lemma-7",),
    "lemma-9": ("lemma-7", "lemma-8"),
    "lemma-10": ("lemma-7", "lemma-8", "lemma-27"),
    "corollary-2": ("lemma-10", "lemma-27"),
    "remark-2": ("corollary-2", "lemma-9"),
    "proposition-6": ("lemma-9", "definition-6", "definition-7"),
    "proposition-7": ("lemma-9", "definition-8"),
    "proposition-9": ("proposition-8", "lemma-28"),
    "lemma-11": ("lemma-5", "lemma-22"),
    "corollary-3": ("lemma-11",),
    "lemma-12": ("lemma-6", "lemma-7", "lemma-30"),
    "claim-9": ("lemma-12",),
    "claim-9:corrected": ("lemma-12", "lemma-6", "lemma-7"),
    "remark-3": ("definition-9",),
    "remark-4": ("lemma-7",),
    "lemma-18": ("proposition-18", "proposition-19", "definition-13"),
    "lemma-18:corrected": ("proposition-18", "proposition-19", "definition-13"),
    # D.3.5: the statements about H (their hypotheses are the standing d >= 8, L odd >= 7)
    "lemma-13": ("proposition-9", "lemma-7", "lemma-12", "lemma-10", "remark-2"),
    "lemma-14": ("proposition-9", "lemma-13", "remark-2", "proposition-8", "lemma-12"),
    "lemma-15": ("lemma-14", "lemma-10", "proposition-8", "lemma-12"),
    "lemma-16": ("proposition-9", "lemma-15"),
    "lemma-17": ("proposition-9", "lemma-13"),
    "proposition-12": ("lemma-10",),
}
# The flow statements of D.3.4-D.3.7 (hypothesis A(0) in I_3: no instance is inside it, see theorems.ssm_poison_saddle
# .in_i3_tilde): their invocations are judged at the paper pairs with the flow checks' alpha, an instance outside the
# invoking statement's own hypotheses (so the check is inconclusive as expected, and an invoked I_3 hypothesis is
# undecided there), and, where the invoked result's hypotheses are among the invoking statement's own (the same
# predicates of the same parameters, which the proof passes through unchanged), by that inclusion over every instance.
FLOW_DISCHARGES: dict[str, tuple[str, ...]] = {
    "proposition-10": ("lemma-12", "corollary-3", "definition-10"),
    "corollary-4": ("proposition-10", "proposition-9", "remark-4"),
    "proposition-11": ("corollary-4", "lemma-16", "lemma-17", "lemma-10", "definition-11", "lemma-9", "remark-2"),
    "corollary-5": ("proposition-12", "proposition-9", "lemma-17"),
    "corollary-6": ("lemma-31", "corollary-5"),
    "proposition-13": ("corollary-7", "corollary-4"),
    "proposition-14": ("lemma-7", "proposition-13"),
    "proposition-15": ("corollary-7", "proposition-14", "lemma-11", "corollary-3"),
    "lemma-19": ("proposition-11", "proposition-14", "lemma-9"),
    "lemma-20": ("corollary-7", "proposition-14", "lemma-11", "corollary-3", "lemma-19"),
    "proposition-16": ("lemma-11", "corollary-3", "proposition-11", "proposition-9", "definition-12"),
    "corollary-8": ("lemma-20", "proposition-16"),
    "claim-10": ("lemma-3", "corollary-8", "proposition-15"),
}
# Invocations left undischarged, and why (issue 19): the invoked hypothesis cannot be evaluated at what the proof sets.
NOT_DISCHARGED: dict[tuple[str, str], str] = {
    (
        "proposition-12",
        "proposition-11",
    ): "A(0) in I_3(r~/4) is inherited through t_2(mu) (Prop. 12 is encoded with the "
    "standing hypotheses only) and is never established (r_2 non-constructive): evaluating it at an instance inside "
    "Proposition 12's hypotheses would report a failure that is no finding",
    ("corollary-7", "corollary-6"): "as (proposition-12, proposition-11): the I_3 premise of Corollary 6 is inherited, "
    "non-constructive",
    (
        "corollary-7",
        "lemma-18",
    ): "Lemma 18 is invoked at A(t) on the escape window with b = r_3 e^{lambda_-}/(2G d^1.5): "
    "r_3 and G are existential (H non-constructive), so Diff(b) has no value to evaluate",
    ("proposition-14", "lemma-18"): "as (corollary-7, lemma-18): b and the points A(t) are non-constructive",
    ("theorem-2", "corollary-8"): "Corollary 8's A(0) in I_3 concerns the initialisation Theorem 2 leaves existential; "
    "never established (r_2 non-constructive)",
    ("claim-11", "corollary-8"): "as (theorem-2, corollary-8)",
}
INVOCATION_PARAMS = {
    # Lemma 12's proof invokes Lemma 6 on W_1 below 1/d (a = 0: g < 0 there)
    ("lemma-12", "lemma-6"): {"a": 0.0},
    ("claim-9:corrected", "lemma-6"): {"a": 0.0},
}


def _flow_discharge_items(ctx, invoking: str) -> None:
    """The hypotheses of each result FLOW_DISCHARGES[invoking] names, at the paper pairs (d, L) with the flow checks'
    alpha (the invoking statement's default) and the I_0 member of Lemma 11's defaults (zeta_2, zeta_d); and the
    inclusion of the invoked hypotheses among the invoking statement's own, where it holds."""
    own = {h.text for h in ctx.statement.hypotheses}
    zeta = {k: v for k, v in REGISTRY_SADDLE("lemma-11").defaults().items() if k.startswith("zeta")}
    for used in FLOW_DISCHARGES[invoking]:
        missing = sorted(h.text for h in REGISTRY_SADDLE(used).hypotheses if h.text not in own)
        if not missing:
            ctx.exact(
                f"{used}'s hypotheses are among {invoking}'s (same predicates, same parameters)",
                missing,
                "==",
                [],
                whole=True,
            )
    for d, L in PAPER_PAIRS:
        inst = {**ctx.statement.defaults(), "d": d, "L": L}
        ctx.start(inst)
        for used in FLOW_DISCHARGES[invoking]:
            ctx.discharge(f"{used} at d={d}, L={L}, alpha={inst['alpha']}", f"ssm-poison/{used}", {**inst, **zeta})


def REGISTRY_SADDLE(key):  # noqa: N802 -- the statement registry, loaded
    from theorems.registry import load_all

    return load_all()[f"ssm-poison/{key}"]


def _discharge_items(ctx, invoking: str) -> None:
    """The hypotheses of each result DISCHARGES[invoking] names, at the paper's pairs (d, L) in {(8, 7), (10, 7),
    (20, 9)}, the invoking instance's other parameters at their defaults (INVOCATION_PARAMS: set by the proof)."""
    for d, L in PAPER_PAIRS:
        inst = {**ctx.statement.defaults(), "d": d, "L": L}
        ctx.start(inst)
        for used in DISCHARGES[invoking]:
            extra = INVOCATION_PARAMS.get((invoking, used), {})
            ctx.discharge(f"{used} at d={d}, L={L}", f"ssm-poison/{used}", {**inst, **extra})


@check("ssm-poison/lemma-5", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_5(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-5")


@check("ssm-poison/lemma-8", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_8(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-8")


@check("ssm-poison/lemma-9", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_9(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-9")


@check("ssm-poison/lemma-10", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_10(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-10")


@check("ssm-poison/corollary-2", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_corollary_2(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "corollary-2")


@check("ssm-poison/remark-2", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_remark_2(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "remark-2")


@check("ssm-poison/proposition-6", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_proposition_6(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "proposition-6")


@check("ssm-poison/proposition-7", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_proposition_7(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "proposition-7")


@check("ssm-poison/proposition-9", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_proposition_9(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "proposition-9")


@check("ssm-poison/lemma-11", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_11(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-11")


@check("ssm-poison/corollary-3", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_corollary_3(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "corollary-3")


@check("ssm-poison/lemma-12", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_12(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-12")


@check("ssm-poison/claim-9", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_claim_9(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "claim-9")


@check("ssm-poison/claim-9:corrected", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_claim_9_corrected(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "claim-9:corrected")


@check("ssm-poison/remark-3", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_remark_3(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "remark-3")


@check("ssm-poison/remark-4", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_remark_4(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "remark-4")


@check("ssm-poison/lemma-18", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_18(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-18")


@check("ssm-poison/lemma-18:corrected", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_18_corrected(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-18:corrected")


@check("ssm-poison/lemma-13", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_13(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-13")


@check("ssm-poison/lemma-14", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_14(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-14")


@check("ssm-poison/lemma-15", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_15(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-15")


@check("ssm-poison/lemma-16", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_16(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-16")


@check("ssm-poison/lemma-17", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_lemma_17(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "lemma-17")


@check("ssm-poison/proposition-12", "uses-discharge", "symbolic", expect="verified", step=INVOCATION_EQ)
def discharge_proposition_12(ctx):
    """The invoked results' hypotheses at the invoking instances (see :func:`_discharge_items`)."""
    _discharge_items(ctx, "proposition-12")


@check("ssm-poison/proposition-10", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_proposition_10(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "proposition-10")


@check("ssm-poison/corollary-4", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_corollary_4(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "corollary-4")


@check("ssm-poison/proposition-11", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_proposition_11(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "proposition-11")


@check("ssm-poison/corollary-5", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_corollary_5(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "corollary-5")


@check("ssm-poison/corollary-6", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_corollary_6(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "corollary-6")


@check("ssm-poison/proposition-13", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_proposition_13(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "proposition-13")


@check("ssm-poison/proposition-14", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_proposition_14(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "proposition-14")


@check("ssm-poison/proposition-15", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_proposition_15(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "proposition-15")


@check("ssm-poison/lemma-19", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_lemma_19(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "lemma-19")


@check("ssm-poison/lemma-20", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_lemma_20(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "lemma-20")


@check("ssm-poison/proposition-16", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_proposition_16(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "proposition-16")


@check("ssm-poison/corollary-8", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_corollary_8(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "corollary-8")


@check("ssm-poison/claim-10", "uses-discharge", "symbolic", expect="inconclusive", step=INVOCATION_EQ)
def discharge_claim_10(ctx):
    """The invoked results' hypotheses at the invoking instances, outside its own I_3 hypothesis (see
    :func:`_flow_discharge_items`)."""
    _flow_discharge_items(ctx, "claim-10")


# -- Lemmas 15, 16 (the conjugacy H is non-constructive: what its proofs compute) -----------
r3_pos = sp.Symbol("r_3", positive=True)


@check("ssm-poison/lemma-15", "step-L15.1", "symbolic", step="L15.1")
def l15_s1(ctx):
    """||a 1_d - s 1_d||^2 = d (a - s)^2 (d = 4), so ||.|| <= r_3 gives |a - s| <= r_3/sqrt(d) <= r_3 (squares compared,
    symbolic, d = 1 + k): the printed interval holds (loosely)."""
    a, s = sp.symbols("a s", real=True)
    ctx.identity("||a 1_4 - s 1_4||^2 = 4 (a - s)^2", sp.expand(sum((a - s) ** 2 for _ in range(4)) - 4 * (a - s) ** 2))
    gap = sp.factor(r3_pos**2 - (r3_pos / sp.sqrt(1 + k_s)) ** 2)
    ctx.exact("(r_3/sqrt(d))^2 <= r_3^2 for d >= 1", gap, ">=", 0, whole=True)


@check("ssm-poison/lemma-16", "step-L16.1", "symbolic", step="L16.1", expect="refuted")
def l16_s1(ctx):
    """The ball of G~'s definition in the statement against the proof's (as encoded in theorems)."""
    ctx.exact("statement's ball = proof's ball", ss.LEMMA16_STATEMENT_BALL, "==", ss.LEMMA16_PROOF_BALL)


# -- Proposition 9, Lemmas 13, 14, 17 (H is non-constructive: what their proofs compute) ------
r1_pos, r2_pos = sp.symbols("r_1 r_2", positive=True)
q_pos = sp.Symbol("q", positive=True)  # r_2 = r_1/(1 + q) < r_1: Proposition 9's r_2 in (0, r_1)
dd_s = 8 + k_s  # d >= 8 (k >= 1 covers d >= 9; d = 8 is the k = 0 instance, checked apart)


def _for_d8_and_up(ctx, label: str, expr_of_d, rel: str) -> None:
    """``expr_of_d(d) rel 0`` for d = 8 exactly and for d = 8 + k, k a positive integer, symbolically."""
    ctx.exact(f"{label}, d = 8", sp.simplify(expr_of_d(sp.Integer(8))), rel, 0, whole=True)
    ctx.exact(f"{label}, d = 8 + k", sp.factor(sp.simplify(expr_of_d(dd_s))), rel, 0, whole=True)


@check("ssm-poison/proposition-9", "step-P9.1", "interval", step="P9.1")
def p9_s1(ctx):
    """At the paper's pairs (d, L), Arb enclosures of Lemma 8's eigenvalues at the certified s: lambda_- < 0 < lambda_+,
    so lambda_min(Hess l(s)) = lambda_- and item 2 holds at s itself with slack |lambda_-| > 0 (what the continuity
    argument for b_2 > 0 rests on). P/m = 1: both eigenvalues scale with it."""
    old = flint.ctx.prec
    try:
        for d, L in PAPER_PAIRS:
            ctx.start({**ctx.statement.defaults(), "d": d, "L": L})
            flint.ctx.prec = PREC
            s, count, _ = _saddle_ball(d, L)
            if count != 1:
                ctx.undecided(f"s at d={d}, L={L}", "no certified unique root of g_{d,L} in [1/d, 3/d]")
                continue
            lp, lm = ss.lambda_plus(s, d, L, arb(1)), ss.lambda_minus(s, d, L, arb(1))
            ctx.bound(f"lambda_- < 0, d={d}, L={L}", lm, arb(0), strict=True)
            ctx.bound(f"0 < lambda_+, d={d}, L={L}", arb(0), lp, strict=True)
    finally:
        flint.ctx.prec = old


@check("ssm-poison/proposition-9", "step-P9.2", "symbolic", step="P9.2", expect="refuted")
def p9_s2(ctx):
    """The ball on which H^{-1} is Lipschitz: Proposition 9's item 3 against Lemma 28's conclusion as printed (the
    result its proof invokes), as encoded in theorems."""
    ctx.exact(
        "Prop. 9 item 3's ball = Lemma 28's (invoked)",
        ss.PROP9_INVERSE_LIPSCHITZ_BALL,
        "==",
        aux_th.LEMMA28_STATEMENT_INVERSE_BALL,
    )


@check("ssm-poison/lemma-13", "step-L13.1", "symbolic", step="L13.1")
def l13_s1(ctx):
    """|a - s| <= r_2/sqrt(d) <= r_2 < 1/(2d) with s in [1/d, 3/d] puts a in [0, 4/d]: (r_2/sqrt d)^2 <= r_2^2, and
    1/d - 1/(2d) >= 0, 4/d - 3/d - 1/(2d) >= 0, for d = 8 and d = 8 + k (exact, symbolic)."""
    ctx.exact("(r_2/sqrt(d))^2 <= r_2^2, d = 8 + k", sp.factor(r2_pos**2 - r2_pos**2 / dd_s), ">=", 0, whole=True)
    _for_d8_and_up(ctx, "lower end: min s - 1/(2d) = 1/d - 1/(2d) >= 0", lambda d: 1 / d - 1 / (2 * d), ">=")
    _for_d8_and_up(ctx, "upper end: 4/d - (max s + 1/(2d)) >= 0", lambda d: 4 / d - 3 / d - 1 / (2 * d), ">=")


def _f_prime_w1(d: int, L: int) -> sp.Expr:
    """The derivative of f(a) = l(a 1_d) (Lemma 7's f, encoded in theorems), by SymPy (P/m = 1)."""
    return sp.diff(ss.f_w1(ss.a_sym, d, L, 1), ss.a_sym)


@check("ssm-poison/lemma-13", "step-L13.2", "symbolic", step="L13.2", expect="verified")
def l13_s2(ctx):
    """Lemma 12's hypotheses at the paper's pairs (hypothesis discharge); and what 'stays in B_{r_2}(s)' rests on: the
    only critical point of f on [0, 4/d] is s (exact Sturm counts of g_{d,L} on (0, 4/d] and (1/d, 3/d] both 1,
    g(0) = -1), with f'(0) < 0 < f'(4/d) (f' by SymPy from f, exact rationals): |a(t) - s| never increases."""
    for d, L in PAPER_PAIRS:
        inst = {**ctx.statement.defaults(), "d": d, "L": L}
        ctx.start(inst)
        ctx.discharge(f"lemma-12 at d={d}, L={L}", "ssm-poison/lemma-12", inst)
        g = g_poly(d, L)
        ctx.exact(f"critical points of f in (0, 4/d], d={d}, L={L}", intervals.sturm_count(g, 0, fmpq(4, d)), "==", 1)
        ctx.exact(
            f"critical points of f in (1/d, 3/d], d={d}, L={L}",
            intervals.sturm_count(g, fmpq(1, d), fmpq(3, d)),
            "==",
            1,
        )
        fp = _f_prime_w1(d, L)
        ctx.exact(f"f'(0) < 0, d={d}, L={L}", fp.subs(ss.a_sym, 0), "<", 0)
        ctx.exact(f"f'(4/d) > 0, d={d}, L={L}", fp.subs(ss.a_sym, sp.Rational(4, d)), ">", 0)


@check("ssm-poison/lemma-13", "step-L13.3", "symbolic", step="L13.3")
def l13_s3(ctx):
    """For x = A~ - s with two entries x_i != x_j (x not in W_1: s is in W_1), its W_2-projection x - (S/d) 1_d (S the
    sum of the entries) has entries differing by x_i - x_j != 0: identity for symbolic d, S, x_i, x_j."""
    xi, xj, S = sp.symbols("x_i x_j S", real=True)
    ctx.identity(
        "(P_2 x)_i - (P_2 x)_j - (x_i - x_j) = 0",
        (xi - S / d_s) - (xj - S / d_s) - (xi - xj),
    )


@check("ssm-poison/lemma-14", "step-L14.1", "symbolic", step="L14.1")
def l14_s1(ctx):
    """a_i = s -+ r_2/(4 sqrt d): ||a_i 1_d - s 1_d||^2 = d (r_2/(4 sqrt d))^2 = r_2^2/16 <= r_2^2; r_2/(4 sqrt d) <=
    r_2/(2 sqrt d); a_i != s (exact, symbolic d, r_2)."""
    off = r2_pos / (4 * sp.sqrt(d_s))
    ctx.exact("||a_i 1_d - s 1_d||^2 <= r_2^2", sp.simplify(r2_pos**2 - d_s * off**2), ">=", 0, whole=True)
    ctx.exact("r_2/(4 sqrt d) <= r_2/(2 sqrt d)", sp.simplify(r2_pos / (2 * sp.sqrt(d_s)) - off), ">=", 0, whole=True)
    ctx.exact("|a_i - s| = r_2/(4 sqrt d) > 0", off, ">", 0, whole=True)


@check("ssm-poison/lemma-14", "step-L14.2", "symbolic", step="L14.2")
def l14_s2(ctx):
    """||a~ 1_d - s 1_d||^2 = d (a~ - s)^2 (identity, d = 8), so ||.|| <= r_3 iff |a~ - s| <= r_3/sqrt d:
    d (r_3/sqrt d)^2 = r_3^2 (symbolic d)."""
    a, s = sp.symbols("a s", real=True)
    ctx.identity("||a 1_8 - s 1_8||^2 = 8 (a - s)^2", sp.expand(sum((a - s) ** 2 for _ in range(8)) - 8 * (a - s) ** 2))
    ctx.exact(
        "d (r_3/sqrt d)^2 = r_3^2", sp.simplify(d_s * (r3_pos / sp.sqrt(d_s)) ** 2 - r3_pos**2), "==", 0, whole=True
    )


@check("ssm-poison/lemma-14", "step-L14.3", "symbolic", step="L14.3")
def l14_s3(ctx):
    """Lemma 10 on W_1: a~(t) = s + e^{-lambda_+ t}(a~_2 - s). With u = a~_2 - s = (1 + q) v > v = a~_1 - s > 0 and
    lambda_+ > 0 (Lemma 9), t_2 = ln(u/v)/lambda_+ gives a~(t_2) = a~_1 (identity) and t_2 > 0 (exact)."""
    lam, v, s = sp.symbols("lambda_+ v s", positive=True)
    u = (1 + q_pos) * v
    t2 = sp.log(u / v) / lam
    ctx.identity("a~(t_2) - a~_1 = 0", sp.simplify(s + sp.exp(-lam * t2) * u - (s + v)))
    ctx.exact("t_2 > 0", sp.simplify(t2), ">", 0, whole=True)


@check("ssm-poison/lemma-14", "step-L14.4", "symbolic", step="L14.4", expect="verified")
def l14_s4(ctx):
    """Lemma 12's hypotheses at the paper's pairs (discharge), a_1, a_2 = s -+ r_2/(4 sqrt d) inside [-1/d, 4/d] minus s
    (from |a_i - s| <= 1/(2d), L13.1's bounds), and s a critical point of f (no trajectory crosses it): g_{d,L} has a
    root in (1/d, 3/d] (exact Sturm count) and f' = 2P/m d g_{d,L} (SymPy identity)."""
    _for_d8_and_up(ctx, "s - 1/(2d) >= -1/d", lambda d: 1 / d - 1 / (2 * d) + 1 / d, ">=")
    for d, L in PAPER_PAIRS:
        inst = {**ctx.statement.defaults(), "d": d, "L": L}
        ctx.start(inst)
        ctx.discharge(f"lemma-12 at d={d}, L={L}", "ssm-poison/lemma-12", inst)
        ctx.identity(
            f"f' - 2 d g_{{d,L}} = 0, d={d}, L={L}",
            sp.expand(_f_prime_w1(d, L) - 2 * d * sm.critical_polynomial(d, L, ss.a_sym)),
        )
        ctx.exact(
            f"roots of g_{{d,L}} in (1/d, 3/d], d={d}, L={L}",
            intervals.sturm_count(g_poly(d, L), fmpq(1, d), fmpq(3, d)),
            ">=",
            1,
        )


@check("ssm-poison/lemma-17", "step-L17.1", "symbolic", step="L17.1")
def l17_s1(ctx):
    """Pythagoras for the projection P_1 x = (S/d) 1_d onto W_1 (S the sum, Q the sum of squares of x = A - s):
    ||x||^2 = ||P_1 x||^2 + ||x - P_1 x||^2, i.e. Q = S^2/d + (Q - 2 S^2/d + d (S/d)^2) (identity, symbolic d), so
    ||P_1 A - s|| = ||P_1 x|| <= ||x|| <= r_1: the nearest point of W_1 lies in the ball."""
    S, Q = sp.symbols("S Q", real=True)
    ctx.identity("Q - S^2/d - ||x - P_1 x||^2 = 0", Q - S**2 / d_s - (Q - 2 * S * (S / d_s) + d_s * (S / d_s) ** 2))


@check("ssm-poison/lemma-17", "step-L17.2", "symbolic", step="L17.2", expect="refuted")
def l17_s2(ctx):
    """Lemma 13's hypothesis A' in B_{r_2}(s) at the point A' = (s + r_1/sqrt d) 1_d of W_1 cap B_{r_1}(s) the minimum
    ranges over: ||A' - s|| = sqrt(d) r_1/sqrt(d) = r_1 against r_2 = r_1/(1 + q) (any r_2 in (0, r_1), Proposition 9):
    r_1 <= r_2 is false for every q > 0 (exact, symbolic)."""
    dist = sp.simplify(sp.sqrt(d_s * (r1_pos / sp.sqrt(d_s)) ** 2))
    ctx.exact("||A' - s|| <= r_2 (Lemma 13's hypothesis)", dist, "<=", r1_pos / (1 + q_pos), whole=True)


# -- Propositions 11 and 14: which escape time (t_2 or t_2^ref) the statement and the proof use -------
@check("ssm-poison/proposition-11", "step-P11.ref", "symbolic", step="P11.ref", expect="refuted")
def p11_ref(ctx):
    """On the linearised flow (Lemma 10) |beta~_2(t)| = b e^{-lambda_- t} (lambda_- < 0), t_2 solves b e^{-lambda_- t_2}
    = c := r_3/(2 sqrt d). A reference with |beta~_2^ref(0)| = (1 + q) b, q > 0: at t_2 its value is (1 + q) c != c
    (the statement's bullet, exact, symbolic); at its own t_2^ref it is c (the proof's, identity)."""
    b, c, lam = sp.symbols("b c lambda", positive=True)
    lm = -lam
    t2 = -sp.log(c / b) / lm
    t2ref = -sp.log(c / ((1 + q_pos) * b)) / lm
    ctx.identity("b e^{-lambda_- t_2} - c = 0 (t_2's definition)", sp.simplify(b * sp.exp(-lm * t2) - c))
    ctx.identity(
        "(1 + q) b e^{-lambda_- t_2^ref} - c = 0 (the proof's reading)",
        sp.simplify((1 + q_pos) * b * sp.exp(-lm * t2ref) - c),
    )
    ctx.exact(
        "|beta~_2^ref(t_2)| = r_3/(2 sqrt d) (the statement's reading)",
        sp.simplify((1 + q_pos) * b * sp.exp(-lm * t2)),
        "==",
        c,
        whole=True,
    )


@check("ssm-poison/proposition-14", "step-P14.ref", "symbolic", step="P14.ref", expect="refuted")
def p14_ref(ctx):
    """The proof's start time for A, t_1 + t_2^ref, against the statement's, t_1 + t_2: with t_2^ref = t_2 + delta,
    delta > 0 (the two times of Proposition 11 differ), the proof covers the statement's range only if
    t_1 + t_2^ref <= t_1 + t_2 (exact, symbolic): false."""
    t1, t2, delta = sp.symbols("t_1 t_2 delta", positive=True)
    ctx.exact("proof's start <= statement's start", t1 + t2 + delta, "<=", t1 + t2, whole=True)
