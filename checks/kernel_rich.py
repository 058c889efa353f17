"""Checks for kernel-rich (Woodworth et al.): statements of theorems/kernel_rich.py bound to
independent methods -- SymPy derivations, high-precision gradient flows (heyoka, MPFR),
cvxpy conic programs (Clarabel), mpmath dual Newton references, Hypothesis instances.

Tolerances (module constants, each a method's accuracy target; the guard in checks.core
refuses ``verified`` unless the measured error estimate is at most a tenth of it):

* ``HP_TOL``: two high-precision methods (flow at 128 bits vs. dual Newton at 50 digits);
* ``CVX_TOL``: a double-precision conic solve against a high-precision reference, relative
  to the solution's size (Clarabel at tolerances 1e-14; its error estimate is the
  difference between solves at 1e-12 and 1e-14).
"""
from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy as sp

from numerics import convex, flows
from theorems import kernel_rich as kr

from .core import check

HP_TOL = 1e-24
CVX_TOL = 1e-5
HP_BITS = 128  # ~38 digits; the check run is at 192 bits


# ---------------------------------------------------------------------------------------
# Instances
# ---------------------------------------------------------------------------------------
def random_instance(seed: int):
    """Catalog §3 'Random': N in [1,4], d in [N+1,8], integer entries in [-3,3] with rank N,
    y integer in [-3,3] (not all zero)."""
    rng = np.random.default_rng(seed)
    while True:
        N = int(rng.integers(1, 5))
        d = int(rng.integers(N + 1, 9))
        X = rng.integers(-3, 4, size=(N, d))
        y = rng.integers(-3, 4, size=N)
        if np.linalg.matrix_rank(X) == N and np.any(y != 0):
            return X.tolist(), y.tolist()


def data(fixture: str, seed: int = 0):
    """``(X, y)`` as exact SymPy matrices and as float arrays."""
    if fixture.startswith("random:"):
        X, y = random_instance(int(fixture[7:]))
    else:
        X, y = kr.FIXTURES[fixture]
    Xs, ys = sp.Matrix(X), sp.Matrix(y)
    return Xs, ys, np.array(Xs.tolist(), dtype=float), np.array([float(v) for v in ys], dtype=float)


# ---------------------------------------------------------------------------------------
# Shared computations: the gradient-flow limit and the argmin references
# ---------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=64)
def flow_limit(fixture: str, alpha: float, w0: tuple | None = None, D: int = 2, res_stop: float = 1e-30, t_end: float = 1e6):
    """Gradient flow of the §2 loss on the depth-D diagonal model from ``w_pm = alpha w0``,
    derived by SymPy and integrated by heyoka at HP_BITS (checked at +64 bits), until
    ``|X beta - y|_inf < res_stop``.

    Returns ``(beta, err)``: the final beta (mpmath) and its error estimate = precision
    error + tail estimate. The tail is extrapolated from the last two grid states assuming
    the linear convergence the residuals show: ``|beta(T) - beta_inf| ~ |beta(T) -
    beta(T')| rho/(1 - rho)`` with ``rho = res(T)/res(T')``."""
    Xs, ys, X, y = data(fixture)
    d = X.shape[1]
    wp, wm, beta, loss = kr.diagonal_model(Xs, ys, D=D)
    syms = wp + wm
    rhs = kr.gradient_flow(loss, syms)
    w0 = w0 or (1.0,) * d
    with mpmath.workprec(HP_BITS):  # alpha * w0 exactly as the references use it
        x0 = [mpmath.mpf(alpha) * mpmath.mpf(w) for w in w0] * 2
    with mpmath.workprec(HP_BITS):
        Xm = [[mpmath.mpf(sp.Rational(v).p) / sp.Rational(v).q for v in row] for row in Xs.tolist()]
        ym = [mpmath.mpf(sp.Rational(v).p) / sp.Rational(v).q for v in ys]

    def beta_of(x):
        return [x[i] ** D - x[d + i] ** D for i in range(d)]

    def residual(x):
        b = beta_of(x)
        return max(abs(sum(Xm[n][i] * b[i] for i in range(d)) - ym[n]) for n in range(len(ym)))

    fl = flows.integrate_hp(rhs, syms, x0, t_end, bits=HP_BITS, stop=lambda x: residual(x) < res_stop,
                            grid=flows.geometric_grid(t_end, 1e-2, 16))
    if not fl.stopped:
        return None, math.inf, fl
    with mpmath.workprec(HP_BITS):  # the states carry HP_BITS; arithmetic on them must too
        b1, b0 = beta_of(fl.states[-1]), beta_of(fl.states[-2])
        r1, r0 = residual(fl.states[-1]), residual(fl.states[-2])
        rho = float(r1 / r0) if r0 > 0 else 0.0
        step = float(max(abs(a - b) for a, b in zip(b1, b0)))
    tail = step * rho / (1 - rho) if rho < 1 else math.inf
    # d(beta) from the state error: |d beta_i| <= 2 D max|w|^(D-1) |dw|
    wmax = float(max(abs(v) for v in fl.final))
    prec_err = 2 * D * max(wmax, 1.0) ** (D - 1) * fl.final_error
    return b1, prec_err + tail, fl


def q_conjugate_newton(fixture: str, alpha: float, w0: tuple | None, dps: int):
    """argmin Q_{alpha,w0} s.t. X beta = y by dual Newton in mpmath: the conjugate of
    ``c q(beta/c)`` is ``2c(cosh - 1)`` with ``c = alpha^2 w0^2/2``... written in the
    ``2 c' (cosh(theta) - 1)`` form with ``c' = alpha^2 w0^2`` (identity checked symbolically
    in ``conjugate-identity``)."""
    Xs, ys, X, y = data(fixture)
    d = X.shape[1]
    w0 = w0 or (1.0,) * d
    with mpmath.workdps(dps):
        c = [mpmath.mpf(alpha) ** 2 * mpmath.mpf(w) ** 2 for w in w0]
        res = convex.separable_dual_newton(
            Xs.tolist(), [str(v) for v in ys],
            grad_conj=lambda i, th: 2 * c[i] * mpmath.sinh(th),
            hess_conj=lambda i, th: 2 * c[i] * mpmath.cosh(th),
            conj=lambda i, th: 2 * c[i] * (mpmath.cosh(th) - 1),
            dps=dps,
        )
    return res


@functools.lru_cache(maxsize=64)
def q_argmin_hp(fixture: str, alpha: float, w0: tuple | None = None):
    """High-precision argmin Q_{alpha,w0}: dual Newton at 50 and 70 digits; the difference is
    the error estimate."""
    a = q_conjugate_newton(fixture, alpha, w0, 50)
    b = q_conjugate_newton(fixture, alpha, w0, 70)
    err = float(max(abs(u - v) for u, v in zip(a.beta, b.beta))) + float(b.residual)
    return a.beta, err


@functools.lru_cache(maxsize=64)
def q_argmin_cvx(fixture: str, alpha: float, w0: tuple | None = None):
    Xs, ys, X, y = data(fixture)
    w = np.ones(X.shape[1]) if w0 is None else np.asarray(w0, float)
    c = alpha**2 * w**2
    return convex.min_kl(X, y, c, c)


def _floats(v):
    return np.array([float(x) for x in v])


# ---------------------------------------------------------------------------------------
# claim-q-closed-form (21)
# ---------------------------------------------------------------------------------------
@check("kernel-rich/claim-q-closed-form", "symbolic-derivation", "symbolic")
def q_closed_form_symbolic(ctx):
    """The printed closed form against the integral, differentiated and at 0, and against q
    derived from the model by the general approach."""
    zz = kr.z
    qp = kr.q_printed(zz)
    ctx.identity("d/dz closed form = arcsinh(z/2)", sp.diff(qp, zz) - sp.asinh(zz / 2), scope="all real z")
    ctx.identity("closed form at z=0 is 0", qp.subs(zz, 0), scope="z=0")
    integral = sp.integrate(sp.asinh(kr.u / 2), (kr.u, 0, zz))
    ctx.identity("SymPy's integral of arcsinh(u/2) from 0 = closed form", (integral - qp).rewrite(sp.log), scope="all real z")
    ctx.identity("q derived from the model's flow (general approach) = closed form", (kr.q_derived() - qp).rewrite(sp.log), scope="all real z")


@check("kernel-rich/claim-q-closed-form", "quadrature", "random")
def q_closed_form_quadrature(ctx):
    """mpmath quadrature of arcsinh(u/2) at random z in [-1e6, 1e6] at 50 digits (error
    estimate: quadrature at 50 vs 70 digits) against the closed form."""
    rng = np.random.default_rng(ctx.seed)
    n = 40 if ctx.full else 8
    zs = list(rng.uniform(-1e6, 1e6, n // 2)) + list(10 ** rng.uniform(-3, 6, n // 2) * rng.choice([-1, 1], n // 2))
    ctx.precision = "mpmath dps 50 (check 70)"
    for zv in zs:
        vals = []
        for dps in (50, 70):
            with mpmath.workdps(dps):
                zm = mpmath.mpf(zv)
                vals.append((mpmath.quad(lambda s: mpmath.asinh(s / 2), [0, zm]), 2 - mpmath.sqrt(4 + zm**2) + zm * mpmath.asinh(zm / 2)))
        (quad, closed), (quad2, _) = vals
        scale = max(abs(closed), 1)
        err = float(abs(quad - quad2) / scale)
        ctx.agree(f"quadrature = closed form at z={zv:.3g}", quad / scale, closed / scale, tol=1e-30, err=err, scale=1.0)


# ---------------------------------------------------------------------------------------
# Theorem 1 (both cases): gradient-flow limit = argmin Q_{alpha,w0}
# ---------------------------------------------------------------------------------------
T1_ALPHAS_QUICK = [1e-2, 0.3, 3.0]
T1_ALPHAS_FULL = [1e-3, 1e-2, 0.1, 0.3, 1.0, 3.0, 10.0]


def _theorem1_instances(ctx, general: bool):
    quick = [{"fixture": "T5", "alpha": a} for a in T1_ALPHAS_QUICK]
    full = [{"fixture": f, "alpha": a} for f in ("T5", "random:1", "random:2") for a in T1_ALPHAS_FULL]
    return ctx.instances(quick, full)


def _w0(inst, general: bool, d: int):
    if not general:
        return None
    base = kr.T5_W0 if d == 5 else [1 + (i % 3) * 0.5 for i in range(d)]
    return tuple(float(w) * inst.get("w0_scale", 1.0) for w in base)


def _theorem1_flow_vs_argmin(ctx, general: bool):
    ctx.precision = f"flow {HP_BITS} bits (check {HP_BITS + 64}); dual Newton 50 digits (check 70); Clarabel 1e-12"
    for inst in _theorem1_instances(ctx, general):
        ctx.start(inst)
        Xs, ys, X, y = data(inst["fixture"])
        w0 = _w0(inst, general, X.shape[1])
        beta_f, err_f, fl = flow_limit(inst["fixture"], inst["alpha"], w0)
        ctx.fact("the flow reaches an interpolant (the theorem's hypothesis)", beta_f is not None, t_final=fl.t_final)
        if beta_f is None:
            continue
        beta_n, err_n = q_argmin_hp(inst["fixture"], inst["alpha"], w0)
        ctx.agree("flow limit = argmin Q (dual Newton, high precision)", beta_f, beta_n, tol=HP_TOL, err=err_f + err_n,
                  t_final=fl.t_final, flow_error=err_f, newton_error=err_n)
        sol = q_argmin_cvx(inst["fixture"], inst["alpha"], w0)
        scale = float(np.max(np.abs(sol.beta)))
        ctx.agree("flow limit = argmin Q (cvxpy exponential cone)", _floats(beta_f), sol.beta, tol=CVX_TOL * scale,
                  err=sol.error + err_f, scale=scale, kkt=sol.kkt)


@check("kernel-rich/theorem-1", "flow-vs-argmin", "flow")
def theorem1_flow(ctx):
    """Gradient flow of the §2 loss (SymPy gradient, heyoka at 128/192 bits) from alpha*1,
    run until |X beta - y| < 1e-30; its limit against argmin Q_alpha by dual Newton (50/70
    digits) and by cvxpy's exponential-cone program."""
    _theorem1_flow_vs_argmin(ctx, general=False)


@check("kernel-rich/theorem-1-general", "flow-vs-argmin", "flow")
def theorem1_general_flow(ctx):
    """As theorem-1 with w0 = (1, 2, 0.5, 3, 1) (T5-w0) times w0_scale."""
    _theorem1_flow_vs_argmin(ctx, general=True)
