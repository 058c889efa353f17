"""Double-precision dual Newton for separable programs ``min sum_i phi_i(beta_i) s.t. X beta = y``.

Knows no paper. The vectorised (NumPy) companion of ``convex.separable_dual_newton`` (mpmath):
for many medium-size solves (d in the hundreds, N x N Newton systems) where a conic solver
is too slow or, at extreme scales, inaccurate.

The dual is ``max_nu y^T nu - sum_i phi_i^*((X^T nu)_i)``; the primal solution is
``beta = (phi^*)'(X^T nu)``. The conjugate is given through one vectorised function
returning ``(phi^*, (phi^*)', (phi^*)'')`` of ``theta = X^T nu``. Newton steps are capped at
``|X^T dnu|_inf <= cap`` (uncapped steps from 0 overshoot exponentially at small scales),
kept inside an open box ``|X^T nu| < box`` when the conjugate's domain is bounded, and
backtracked on the dual objective.

Error estimate: the larger of (i) the difference to a solve with a stopping tolerance 1e4
times looser (it measures the error of the looser solve, and so overestimates that of the
returned one) and (ii) the size of the next Newton correction of ``beta`` at the returned
point, plus the rounding of ``X^T nu`` propagated through ``beta'`` (near a bounded
domain's edge this floor dominates). It is infinite when either solve did not converge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

# Residual below which a stalled iteration counts as converged at the rounding floor (the
# returned error estimate then carries the floor through the correction and rounding terms).
STAGNATION = 1e-8

Conjugate = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]


@dataclass
class DualSolution:
    beta: np.ndarray
    nu: np.ndarray
    residual: float  # |X beta - y|_inf at the returned solution
    error: float  # error estimate of beta (inf if a solve did not converge)
    iterations: int


def _newton(X, y, conj: Conjugate, tol: float, box: float | None, cap: float, max_iter: int, nu0=None):
    N = X.shape[0]
    nu = np.zeros(N) if nu0 is None else np.array(nu0, float)
    if box is not None and np.max(np.abs(X.T @ nu)) >= box:
        nu = np.zeros(N)
    scale = max(1.0, float(np.max(np.abs(y))))

    def objective(v):
        th = X.T @ v
        if box is not None and np.max(np.abs(th)) >= box:
            return -np.inf
        return float(y @ v - np.sum(conj(th)[0]))

    it = 0
    history: list[float] = []
    for it in range(1, max_iter + 1):
        th = X.T @ nu
        _, b, h = conj(th)
        g = y - X @ b
        res = float(np.max(np.abs(g)))
        history.append(res)
        if res <= tol * scale:
            break
        if len(history) > 4 and res <= STAGNATION * scale and res >= 0.5 * history[-4]:
            break  # at the rounding floor of the parametrisation: more steps cannot help
        H = (X * h) @ X.T
        step = np.linalg.solve(H, g)
        dth = X.T @ step
        t = min(1.0, cap / max(float(np.max(np.abs(dth))), 1e-300))
        if box is not None:
            # stay strictly inside the box: at most 99% of the way to its boundary
            room = np.where(dth > 0, box - th, np.where(dth < 0, -box - th, np.inf))
            with np.errstate(divide="ignore", invalid="ignore"):
                frac = np.where(dth != 0, room / dth, np.inf)
            t = min(t, 0.99 * float(np.min(frac)))
        if t < 1.0 or np.max(np.abs(g)) > 1e-6 * scale:
            # far from the optimum: backtrack on the dual objective (near it, objective
            # differences fall below double precision and full steps converge quadratically)
            f0 = objective(nu)
            while objective(nu + t * step) < f0 and t > 1e-12:
                t /= 2
        nu = nu + t * step
    th = X.T @ nu
    _, b, h = conj(th)
    g = y - X @ b
    res = float(np.max(np.abs(g)))
    # the next Newton correction of beta: a first-order estimate of the remaining error
    correction = float(np.max(np.abs(h * (X.T @ np.linalg.solve((X * h) @ X.T, g)))))
    # rounding of theta = X^T nu (|X|^T |nu| eps) propagated through beta' = h
    rounding = float(np.max(h * (np.abs(X).T @ np.abs(nu)) * np.finfo(float).eps))
    converged = res <= max(tol, STAGNATION) * scale
    return b, nu, res, correction + rounding, (it if converged else None)


def solve(
    X: np.ndarray,
    y: np.ndarray,
    conj: Conjugate,
    tol: float = 1e-13,
    box: float | None = None,
    cap: float = 1.0,
    max_iter: int = 500,
    nu0: np.ndarray | None = None,
    two_tolerances: bool = True,
) -> DualSolution:
    """argmin ``sum phi_i(beta_i)`` s.t. ``X beta = y`` (X of full row rank) by dual Newton;
    ``tol`` is the stopping tolerance on ``|X beta - y|_inf`` relative to ``max(1, |y|_inf)``.
    ``nu0`` warm-starts the dual (e.g. from the previous point of a path); without
    ``two_tolerances`` the looser comparison solve is skipped and the error estimate is the
    Newton correction plus the rounding term."""
    X = np.asarray(X, float)
    y = np.asarray(y, float).ravel()
    b, nu, res, correction, it = _newton(X, y, conj, tol, box, cap, max_iter, nu0)
    converged = it is not None
    err = correction
    if two_tolerances:
        b_loose, _, _, _, it_loose = _newton(X, y, conj, tol * 1e4, box, cap, max_iter, nu0)
        converged = converged and it_loose is not None
        err = max(float(np.max(np.abs(b - b_loose))), correction)
    err = err if converged else float("inf")
    return DualSolution(beta=b, nu=nu, residual=res, error=err, iterations=it if it is not None else max_iter)


def cosh_conjugate(c: np.ndarray | float) -> Conjugate:
    """``phi^*(theta) = 2c (cosh theta - 1)``: the conjugate of ``c q(beta/c)`` with
    ``q' = arcsinh(./2)``; ``beta = 2c sinh theta``."""

    def conj(th):  # cosh - 1 = 2 sinh^2(./2): no cancellation near 0
        return 4 * c * np.sinh(th / 2) ** 2, 2 * c * np.sinh(th), 2 * c * np.cosh(th)

    return conj


def power_conjugate(c: float, D: float) -> Conjugate:
    """``phi^*(z) = c (D-2)/2 [(1-z)^(-2/(D-2)) + (1+z)^(-2/(D-2)) - 2]`` on ``|z| < 1``:
    ``beta = c [(1-z)^(-D/(D-2)) - (1+z)^(-D/(D-2))]`` (use with ``box=1``)."""
    e = 2.0 / (D - 2)
    p = D / (D - 2)

    def conj(z):
        # (1-z)^(-s) and (1+z)^(-s) = exp(m_s) exp(+/- k_s) with m_s = -(s/2) log(1 - z^2) >= 0
        # and k_s = s artanh(z): sums and differences without cancellation at any |z| < 1
        l2 = np.log1p(-z * z)
        at = np.arctanh(z)

        def m(s):
            return -0.5 * s * l2

        val = c * (D - 2) * (np.expm1(m(e)) * np.cosh(e * at) + 2 * np.sinh(e * at / 2) ** 2)
        grad = 2 * c * np.exp(m(p)) * np.sinh(p * at)
        hess = 2 * c * p * np.exp(m(p + 1)) * np.cosh((p + 1) * at)
        return val, grad, hess

    return conj


def kl_conjugate(a: np.ndarray, b: np.ndarray) -> Conjugate:
    """``phi^*(z) = a (e^z - 1) + b (e^-z - 1)``: the conjugate of ``KL(p||a) + KL(n||b)``
    minimised over ``p - n = beta`` (``p, n >= 0``); ``beta = a e^z - b e^-z``."""

    def conj(z):
        ep, em = np.exp(z), np.exp(-z)
        return a * np.expm1(z) + b * np.expm1(-z), a * ep - b * em, a * ep + b * em

    return conj
