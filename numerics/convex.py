"""Convex references for ``min R(beta) s.t. X beta = y``, each with primal, dual and KKT
residuals, and an error estimate from two solver tolerances.

Knows no paper. Programs:

* ``min_l2``: the pseudo-inverse (closed form, weighted variant) and cvxpy's QP;
* ``min_l1``: linear program (cvxpy, Clarabel) with the dual certificate;
* ``min_kl``: ``min sum KL(p||a) + KL(n||b)`` s.t. ``X(p-n) = y`` -- the exponential cone
  (``cvxpy.kl_div``), exact, no approximation of arcsinh;
* ``min_power``: ``min sum phi(P) + phi(N)`` with ``phi(P) = P - (D/2) s P^(2/D) + c`` -- the
  power cone (``cvxpy.power`` with exponent in (0,1));
* ``separable_dual_newton``: a damped Newton method on the dual of a separable program in
  mpmath at any precision, given the conjugate's derivatives (``cosh_conjugate_mp``: those of
  ``c q(beta/c)``, ``q' = arcsinh(./2)``);
* ``min_l1_highs``: the l1 program as SciPy's HiGHS LP (fast, no certificate);
* ``min_nuclear_norm``, ``min_nuclear_norm_completion``: nuclear-norm minimisation under
  linear measurements or observed entries (cvxpy, Clarabel, one solve);
* ``solve_at_tolerances``: any cvxpy problem solved at several Clarabel tolerances.

Sign convention: cvxpy's dual of ``X @ b == y`` is ``lam`` with Lagrangian ``f + lam^T(X b - y)``;
the returned ``nu = -lam`` makes stationarity read ``grad f(beta) = X^T nu``.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import cvxpy as cp
import mpmath
import numpy as np

# Clarabel reaches 1e-14 on these small programs; the solve at 1e-12 is the comparison run
# whose difference estimates the error (an overestimate: the error falls with the tolerance).
# Clarabel's default static regularisation (1e-8) and iterative refinement (1e-13) cap the
# attainable KKT accuracy near the tiny entries of exponential/power-cone solutions (small alpha):
# with the defaults the exponential-cone Q_alpha program at alpha = 0.1 on T5 stalls at
# "optimal_inaccurate" with stationarity 1.4e-5; with 1e-10 and refinement to 1e-16 it reaches
# "optimal" with stationarity 1e-9 (measured 2026-11-24).
ACCURATE = dict(
    static_regularization_constant=1e-10,
    iterative_refinement_reltol=1e-16,
    iterative_refinement_abstol=1e-16,
    iterative_refinement_max_iter=50,
    max_iter=500,
)
TIGHT = dict(tol_gap_abs=1e-14, tol_gap_rel=1e-14, tol_feas=1e-14, tol_ktratio=1e-12, **ACCURATE)
LOOSE = dict(tol_gap_abs=1e-12, tol_gap_rel=1e-12, tol_feas=1e-12, tol_ktratio=1e-10, **ACCURATE)


@dataclass
class ConvexSolution:
    beta: np.ndarray
    nu: np.ndarray
    value: float
    kkt: dict  # named KKT residuals
    # Error estimate of the returned (tight) solve, in beta's units: the two-tolerance
    # difference |beta_tight - beta_loose|_inf PLUS the KKT residuals mapped to beta
    # (feasibility through 1/sigma_min(X), stationarity through the point the KKT conditions
    # imply, the duality gap for the LP). An "optimal_inaccurate" solve, or two solves that
    # stop at the same inaccurate point, cannot look exact: their residuals are in the error.
    error: float
    status: str
    extra: dict = field(default_factory=dict)


def _feasibility_to_beta(X: np.ndarray, feasibility: float) -> float:
    """The smallest beta correction restoring ``X beta = y`` is at most
    ``|X beta - y|_2 / sigma_min(X)``; bounded with the inf-norm residual times sqrt(N)."""
    sv = np.linalg.svd(X, compute_uv=False)
    smin = float(sv[-1]) if sv.size else 0.0
    if smin <= 0 or not math.isfinite(feasibility):
        return math.inf
    return math.sqrt(X.shape[0]) * feasibility / smin


def _total_error(two_tol: float, *terms: float) -> float:
    total = two_tol
    for t in terms:
        t = float(t)
        if not math.isfinite(t):
            return math.inf
        total += abs(t)
    return total


def _solve(build: Callable[[dict], tuple], status_ok=("optimal",)):
    out = []
    for tol in (LOOSE, TIGHT):
        prob, beta_expr, cons, extra = build(tol)
        with warnings.catch_warnings():  # "may be inaccurate" is measured below, not warned
            warnings.simplefilter("ignore", UserWarning)
            prob.solve(solver=cp.CLARABEL, **tol)
        if prob.status not in status_ok and prob.status != "optimal_inaccurate":
            raise ArithmeticError(f"solver status {prob.status}")
        # "optimal_inaccurate" is kept: the two-tolerance difference measures what it costs
        out.append(
            (prob, np.asarray(beta_expr.value, float).ravel(), -np.asarray(cons.dual_value, float).ravel(), extra)
        )
    (_, b_loose, _, _), (prob, b, nu, extra) = out
    return prob, b, nu, float(np.max(np.abs(b - b_loose))), extra


def min_l2(X: np.ndarray, y: np.ndarray, weights: np.ndarray | None = None) -> ConvexSolution:
    """``argmin sum beta_i^2 / w_i`` s.t. ``X beta = y`` by cvxpy; the closed form
    ``W X^T (X W X^T)^{-1} y`` is in ``extra['closed_form']``."""
    X = np.asarray(X, float)
    y = np.asarray(y, float).ravel()
    d = X.shape[1]
    w = np.ones(d) if weights is None else np.asarray(weights, float)

    def build(tol):
        b = cp.Variable(d)
        cons = X @ b == y
        prob = cp.Problem(cp.Minimize(cp.sum(cp.multiply(1.0 / w, cp.square(b)))), [cons])
        return prob, b, cons, {}

    prob, b, nu, err, _ = _solve(build)
    W = np.diag(w)
    closed = W @ X.T @ np.linalg.solve(X @ W @ X.T, y)
    kkt = {"feasibility": float(np.max(np.abs(X @ b - y))), "stationarity": float(np.max(np.abs(2 * b / w - X.T @ nu)))}
    # the KKT point for the solver's multiplier is beta = w X^T nu / 2
    stat_beta = float(np.max(np.abs(b - w * (X.T @ nu) / 2)))
    kkt_feas = float(np.max(np.abs(X @ (w * (X.T @ nu) / 2) - y)))
    total = _total_error(err, stat_beta, _feasibility_to_beta(X, kkt["feasibility"]), _feasibility_to_beta(X, kkt_feas))
    return ConvexSolution(
        b, nu, float(prob.value), kkt, total, prob.status, {"closed_form": closed, "two_tolerance_error": err}
    )


def min_l1(X: np.ndarray, y: np.ndarray) -> ConvexSolution:
    """``argmin ||beta||_1`` s.t. ``X beta = y`` (LP) with the dual certificate ``nu``:
    ``|X^T nu| <= 1`` everywhere, ``X^T nu = sign(beta)`` on the support."""
    X = np.asarray(X, float)
    y = np.asarray(y, float).ravel()
    d = X.shape[1]

    def build(tol):
        b = cp.Variable(d)
        cons = X @ b == y
        prob = cp.Problem(cp.Minimize(cp.norm1(b)), [cons])
        return prob, b, cons, {}

    prob, b, nu, err, _ = _solve(build)
    g = X.T @ nu
    scale = max(1.0, float(np.max(np.abs(b))))
    support = np.abs(b) > max(1e3 * err, 1e-7 * scale)
    kkt = {
        "feasibility": float(np.max(np.abs(X @ b - y))),
        "dual_feasibility": float(max(0.0, np.max(np.abs(g)) - 1.0)),
        "slackness": float(np.max(np.abs(g[support] - np.sign(b[support])))) if support.any() else 0.0,
        "gap": float(abs(np.sum(np.abs(b)) - y @ nu)),
    }
    off = np.abs(g[~support]) if (~support).any() else np.array([0.0])
    # an LP's solution is not a smooth function of the residuals; the gap, the dual
    # infeasibility (times the solution's size) and the feasibility correction bound what an
    # inaccurate solve can hide
    total = _total_error(
        err,
        kkt["gap"],
        kkt["dual_feasibility"] * scale,
        kkt["slackness"] * scale,
        _feasibility_to_beta(X, kkt["feasibility"]),
    )
    return ConvexSolution(
        b,
        nu,
        float(prob.value),
        kkt,
        total,
        prob.status,
        {"support": support, "max_offsupport_dual": float(np.max(off)), "two_tolerance_error": err},
    )


def min_kl(X: np.ndarray, y: np.ndarray, a: np.ndarray, b: np.ndarray | None = None) -> ConvexSolution:
    """``argmin_{p,n>=0} sum KL(p_i||a_i) + KL(n_i||b_i)`` s.t. ``X(p - n) = y``; returns
    ``beta = p - n``. Scaled by ``s = max(a, b)`` for conditioning (``p = s p~``), which scales
    the objective by ``s`` and leaves the minimiser unchanged. Stationarity:
    ``log(p/a) = X^T nu``, ``log(n/b) = -X^T nu``."""
    X = np.asarray(X, float)
    y = np.asarray(y, float).ravel()
    a = np.asarray(a, float).ravel()
    b = a if b is None else np.asarray(b, float).ravel()
    d = X.shape[1]
    s = float(max(a.max(), b.max()))

    def build(tol):
        p = cp.Variable(d, nonneg=True)
        n = cp.Variable(d, nonneg=True)
        cons = (X / 1.0) @ (p - n) == y / s
        obj = cp.sum(cp.kl_div(p, a / s) + cp.kl_div(n, b / s))
        prob = cp.Problem(cp.Minimize(obj), [cons])
        return prob, s * (p - n), cons, {"p": p, "n": n}

    prob, beta, nu, err, extra = _solve(build)
    p = s * np.asarray(extra["p"].value, float)
    n = s * np.asarray(extra["n"].value, float)
    g = X.T @ nu  # the scaled objective's multiplier equals the unscaled one (KL is 1-homogeneous)
    with np.errstate(divide="ignore", invalid="ignore"):
        stat_p = np.max(np.abs(np.log(p / a) - g))
        stat_n = np.max(np.abs(np.log(n / b) + g))
    kkt = {
        "feasibility": float(np.max(np.abs(X @ beta - y))),
        "stationarity": float(max(stat_p, stat_n)),
        "complementarity_pn_ab": float(np.max(np.abs(p * n - a * b)) / float(np.max(a * b))),
    }
    # the KKT point of the solver's multiplier: p = a e^g, n = b e^-g (stationarity in beta's units)
    with np.errstate(over="ignore", invalid="ignore"):
        stat_beta = float(np.max(np.abs(p - a * np.exp(g)) + np.abs(n - b * np.exp(-g))))
    kkt["stationarity_beta"] = stat_beta
    # that KKT point is the exact minimiser for the data X(p* - n*): its infeasibility is how
    # far the multiplier is from the optimal one
    with np.errstate(over="ignore", invalid="ignore"):
        kkt_feas = float(np.max(np.abs(X @ (a * np.exp(g) - b * np.exp(-g)) - y)))
    total = _total_error(
        err,
        stat_beta if math.isfinite(stat_beta) else math.inf,
        _feasibility_to_beta(X, kkt["feasibility"]),
        _feasibility_to_beta(X, kkt_feas) if math.isfinite(kkt_feas) else math.inf,
    )
    return ConvexSolution(
        beta, nu, s * float(prob.value), kkt, total, prob.status, {"p": p, "n": n, "two_tolerance_error": err}
    )


def min_power(X: np.ndarray, y: np.ndarray, D: float, scale: float) -> ConvexSolution:
    """``argmin sum phi(P_i) + phi(N_i)`` s.t. ``X(P - N) = y``, ``P, N >= 0``, with
    ``phi(P) = P - (D/2) a^(D-2) P^(2/D) + (D/2 - 1) a^D`` and ``a = scale``. Stationarity:
    ``P = a^D (1 - X^T nu)^(-D/(D-2))``, ``N = a^D (1 + X^T nu)^(-D/(D-2))``.
    Solved in units of ``a^D`` (``P = a^D P~``), where ``phi`` becomes ``a^D phi_1(P~)``."""
    X = np.asarray(X, float)
    y = np.asarray(y, float).ravel()
    d = X.shape[1]
    aD = float(scale) ** D

    def build(tol):
        P = cp.Variable(d, nonneg=True)
        N = cp.Variable(d, nonneg=True)
        phi = lambda Z: Z - (D / 2) * cp.power(Z, 2.0 / D) + (D / 2 - 1)
        cons = X @ (P - N) == y / aD
        prob = cp.Problem(cp.Minimize(cp.sum(phi(P) + phi(N))), [cons])
        return prob, aD * (P - N), cons, {"P": P, "N": N}

    prob, beta, nu, err, extra = _solve(build)
    P = aD * np.asarray(extra["P"].value, float)
    N = aD * np.asarray(extra["N"].value, float)
    g = X.T @ nu
    with np.errstate(divide="ignore", invalid="ignore"):
        Pk = aD * (1 - g) ** (-D / (D - 2))
        Nk = aD * (1 + g) ** (-D / (D - 2))
    kkt = {
        "feasibility": float(np.max(np.abs(X @ beta - y))),
        "dual_in_box": float(np.max(np.abs(g))),
        "stationarity": float(np.max(np.abs(beta - (Pk - Nk)))) if np.all(np.abs(g) < 1) else float("inf"),
    }
    # the KKT point of the solver's multiplier is the exact minimiser for the data X(Pk - Nk):
    # its infeasibility is how far that multiplier is from the optimal one
    with np.errstate(invalid="ignore"):
        kkt_feas = float(np.max(np.abs(X @ (Pk - Nk) - y))) if np.all(np.abs(g) < 1) else float("inf")
    total = _total_error(
        err, kkt["stationarity"], _feasibility_to_beta(X, kkt["feasibility"]), _feasibility_to_beta(X, kkt_feas)
    )
    return ConvexSolution(
        beta, nu, aD * float(prob.value), kkt, total, prob.status, {"P": P, "N": N, "two_tolerance_error": err}
    )


def cosh_conjugate_mp(c: Sequence) -> dict:
    """``phi_i^*(theta) = 2 c_i (cosh theta - 1)``, the conjugate of ``c_i q(beta / c_i)`` with
    ``q' = arcsinh(./2)``, with its first two derivatives, as the mpmath callables
    ``grad_conj``, ``hess_conj``, ``conj`` of :func:`separable_dual_newton`
    (``beta_i = 2 c_i sinh theta``)."""
    return {
        "grad_conj": lambda i, th: 2 * c[i] * mpmath.sinh(th),
        "hess_conj": lambda i, th: 2 * c[i] * mpmath.cosh(th),
        "conj": lambda i, th: 2 * c[i] * (mpmath.cosh(th) - 1),
    }


@dataclass
class DualNewtonResult:
    beta: list  # mpmath numbers
    nu: list
    residual: object  # |y - X beta|_inf at the end
    iterations: int
    dps: int


def separable_dual_newton(
    X: Sequence[Sequence],
    y: Sequence,
    grad_conj: Callable[[int, mpmath.mpf], mpmath.mpf],
    hess_conj: Callable[[int, mpmath.mpf], mpmath.mpf],
    conj: Callable[[int, mpmath.mpf], mpmath.mpf],
    dps: int = 50,
    box: float | None = None,
    max_iter: int = 2000,
) -> DualNewtonResult:
    """Maximise ``y^T nu - sum_i conj_i((X^T nu)_i)``; the primal solution is
    ``beta_i = grad_conj_i((X^T nu)_i)``. Newton steps are capped at ``|X^T dnu|_inf <= 1``
    (uncapped steps from 0 diverge at small scales) and backtracked on the dual objective;
    with ``box`` the iterate keeps ``|X^T nu|_inf < box`` (conjugates with a bounded domain)."""
    with mpmath.workdps(dps):
        Xm = mpmath.matrix([[mpmath.mpf(v) for v in row] for row in X])
        ym = mpmath.matrix([mpmath.mpf(v) for v in y])
        N, d = Xm.rows, Xm.cols
        nu = mpmath.matrix(N, 1)
        tol = mpmath.mpf(10) ** (-dps + 8)

        def parts(nu):
            z = Xm.T * nu
            return z, [grad_conj(i, z[i]) for i in range(d)]

        def obj(nu):
            z = Xm.T * nu
            if box is not None and max(abs(v) for v in z) >= box:
                return -mpmath.inf
            return sum(ym[j] * nu[j] for j in range(N)) - sum(conj(i, z[i]) for i in range(d))

        it = 0
        for it in range(1, max_iter + 1):
            z, b = parts(nu)
            g = ym - Xm * mpmath.matrix(b)
            res = max(abs(v) for v in g)
            if res < tol:
                break
            H = mpmath.matrix(N, N)
            for i in range(d):
                h = hess_conj(i, z[i])
                for j in range(N):
                    for k in range(N):
                        H[j, k] += Xm[j, i] * h * Xm[k, i]
            step = mpmath.lu_solve(H, g)
            dz = Xm.T * step
            cap = max(abs(v) for v in dz)
            t = mpmath.mpf(1) if cap <= 1 else 1 / cap
            if res > mpmath.mpf(10) ** (-dps // 3):
                # far from the optimum: backtrack on the dual objective (near it, objective
                # differences fall below the working precision and full steps converge
                # quadratically)
                f0 = obj(nu)
                while obj(nu + t * step) < f0 and t > mpmath.mpf(10) ** (-dps):
                    t /= 2
            nu = nu + t * step
        z, b = parts(nu)
        res = max(abs(v) for v in (ym - Xm * mpmath.matrix(b)))
        return DualNewtonResult(beta=list(b), nu=[nu[j] for j in range(N)], residual=res, iterations=it, dps=dps)


# ---------------------------------------------------------------------------------------
# Single solves without error estimates (references for experiments)
# ---------------------------------------------------------------------------------------
def min_l1_highs(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``argmin ||beta||_1`` s.t. ``X beta = y`` by SciPy's HiGHS LP on the split
    ``beta = p - n``, ``p, n >= 0`` (one solve, no dual certificate; raises if HiGHS fails)."""
    from scipy.optimize import linprog

    d = X.shape[1]
    res = linprog(np.ones(2 * d), A_eq=np.hstack([X, -X]), b_eq=y, bounds=(0, None), method="highs")
    if res.status != 0:
        raise ArithmeticError(f"HiGHS: {res.message}")
    return res.x[:d] - res.x[d:]


def min_nuclear_norm(Xs: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    """``argmin |M|_*`` s.t. ``<X_n, M> = y_n`` for square measurement matrices ``Xs``
    (N x d x d), by cvxpy's ``normNuc`` (Clarabel, default tolerances). Returns ``(M, |M|_*)``."""
    d = Xs.shape[1]
    Mv = cp.Variable((d, d))
    cons = [cp.sum(cp.multiply(X, Mv)) == yy for X, yy in zip(Xs, y)]
    prob = cp.Problem(cp.Minimize(cp.normNuc(Mv)), cons)
    prob.solve(solver=cp.CLARABEL)
    return np.asarray(Mv.value), float(prob.value)


def min_nuclear_norm_completion(mask: np.ndarray, Y: np.ndarray) -> float:
    """``min |M|_*`` s.t. ``M = Y`` on the entries where ``mask`` is 1 (cvxpy ``normNuc``,
    Clarabel, default tolerances): the optimal value."""
    M = cp.Variable(Y.shape)
    prob = cp.Problem(cp.Minimize(cp.normNuc(M)), [cp.multiply(mask, M) == mask * Y])
    prob.solve(solver=cp.CLARABEL)
    return float(prob.value)


def solve_at_tolerances(build: Callable[[], tuple], tols: Sequence[float] = (1e-8, 1e-12)) -> list[tuple]:
    """Solve a freshly built cvxpy problem at each tolerance (Clarabel's gap and feasibility
    tolerances; SCS at ``eps = tol`` if Clarabel raises a solver error). ``build()`` returns
    ``(variable, problem)``; the result lists ``(variable value, optimal value)`` per tolerance,
    whose differences estimate the solver error."""
    out = []
    for tol in tols:
        var, prob = build()
        try:
            prob.solve(solver=cp.CLARABEL, tol_gap_abs=tol, tol_gap_rel=tol, tol_feas=tol)
        except cp.SolverError:
            prob.solve(solver=cp.SCS, eps=tol)
        out.append((var.value, prob.value))
    return out
