"""Truncated moment problems for positive measures on the line, knowing no paper.

A positive measure ``mu = sum_i p_i delta_{x_i}`` has moments ``m_j = sum_i p_i x_i^j``. Given
the first ``k`` moments, how far can the next ones move?

* :func:`moment_lp_range` -- min and max of ``m_J`` over positive measures on a finite grid
  that match ``m_0..m_{k-1}`` exactly (an LP; cvxpy/Clarabel, cross-checked with SciPy's
  HiGHS). The grid gives an *inner* bound on the true range.
* :func:`hankel_sdp_range` -- the grid-free relaxation on ``[-R, R]``: moment vectors whose
  Hankel matrix and localizing matrix ``[R^2 m_{i+j} - m_{i+j+2}]`` are PSD (an *outer*
  bound on the range, exact for the truncated Hausdorff problem of even order).
* :func:`moment_socp_worst` -- the largest ``|m_J - w_J|`` over grid measures whose first
  ``k`` moments are within ``sqrt(delta)`` (Euclidean) of ``w`` (an SOCP).
* :func:`divided_difference_pair` -- two positive measures with interlaced atoms that share
  the moments ``0..n-2`` of ``n`` distinct points and differ at moment ``n-1`` (the weights
  ``1/prod_{j != i}(x_i - x_j)`` annihilate polynomials of degree ``< n - 1``), exact for
  rational points.
* :func:`wasserstein_1d` -- the exact ``W_p`` distance between two discrete laws on the line
  (quantile coupling; exact for Fractions when ``p = 1``, returns ``W_p^p`` exactly).
* :func:`power_moments` -- ``m_0, ..., m_{n-1}`` of a discrete measure (NumPy floats).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np


def vandermonde(grid: Sequence[float], n: int) -> np.ndarray:
    """``V[j, i] = x_i^j`` for ``j < n``."""
    x = np.asarray(grid, float)
    return np.vstack([x**j for j in range(n)])


@dataclass
class LPRange:
    low: float
    high: float
    low_highs: float  # the same two optima from SciPy's HiGHS (independent solver)
    high_highs: float
    feasible: bool

    @property
    def width(self) -> float:
        return self.high - self.low

    @property
    def solver_gap(self) -> float:
        return max(abs(self.low - self.low_highs), abs(self.high - self.high_highs))


def _scale_rows(V: np.ndarray):
    s = np.maximum(np.abs(V).max(axis=1), 1.0)
    return s


def moment_lp_range(grid: Sequence[float], moments: Sequence[float], J: int) -> LPRange:
    """min / max of ``sum_i p_i x_i^J`` over ``p >= 0`` with ``sum_i p_i x_i^j = moments[j]``
    for ``j < len(moments)``, on the given grid, solved by Clarabel (through cvxpy) and by
    HiGHS (scipy.optimize.linprog). Rows are scaled by their largest entry."""
    import cvxpy as cp
    from scipy.optimize import linprog

    k = len(moments)
    V = vandermonde(grid, k)
    s = _scale_rows(V)
    Vs, ms = V / s[:, None], np.asarray(moments, float) / s
    obj = np.asarray(grid, float) ** J
    out = {}
    p = cp.Variable(len(grid), nonneg=True)
    cons = [Vs @ p == ms]
    for sense in ("min", "max"):
        prob = cp.Problem(cp.Minimize(obj @ p) if sense == "min" else cp.Maximize(obj @ p), cons)
        prob.solve(solver=cp.CLARABEL, tol_gap_abs=1e-12, tol_gap_rel=1e-12, tol_feas=1e-12)
        if prob.status not in ("optimal", "optimal_inaccurate"):
            return LPRange(np.nan, np.nan, np.nan, np.nan, False)
        out[sense] = float(prob.value)
        res = linprog(obj if sense == "min" else -obj, A_eq=Vs, b_eq=ms, bounds=(0, None), method="highs")
        out[sense + "_h"] = float(res.fun) if sense == "min" else -float(res.fun)
    return LPRange(out["min"], out["max"], out["min_h"], out["max_h"], True)


def moment_lp_point(grid: Sequence[float], moments: Sequence[float], objective: Sequence[float]) -> np.ndarray:
    """A vertex of the matching-moments polytope: argmin ``objective @ p`` (HiGHS)."""
    from scipy.optimize import linprog

    V = vandermonde(grid, len(moments))
    s = _scale_rows(V)
    res = linprog(
        np.asarray(objective, float),
        A_eq=V / s[:, None],
        b_eq=np.asarray(moments, float) / s,
        bounds=(0, None),
        method="highs",
    )
    if res.status != 0:
        raise ValueError(res.message)
    return np.asarray(res.x)


def polish_vertex(grid: Sequence[float], moments: Sequence, p: Sequence[float], dps: int = 50, rel: float = 1e-9):
    """The basic solution of a moment-LP vertex recomputed at ``dps`` digits.

    A vertex ``p`` (from a floating-point LP) has at most ``len(moments)`` atoms; on its support
    ``S = {i : p_i > rel max p}`` the moment equations ``sum_S p_i x_i^j = m_j`` are solved by
    least squares in mpmath (the grid points and ``moments`` are taken as exact). Returns
    ``(S, weights, residual)``: the residual is the max-abs misfit of the moment equations at
    ``dps`` digits, so a support that cannot carry the moments shows a large residual, and a
    negative weight means the recomputed point is not in the polytope."""
    S = [i for i, v in enumerate(p) if v > rel * max(p)]
    with mpmath.workdps(dps):
        xs = [mpmath.mpf(float(grid[i])) for i in S]
        ms = [mpmath.mpf(m) if not isinstance(m, mpmath.mpf) else m for m in moments]
        V = mpmath.matrix([[x**j for x in xs] for j in range(len(ms))])
        w, _ = mpmath.qr_solve(V, mpmath.matrix(ms))
        weights = [w[i] for i in range(len(S))]
        resid = max(abs(mpmath.fsum(wi * x**j for wi, x in zip(weights, xs)) - ms[j]) for j in range(len(ms)))
    return S, weights, resid


def hankel_sdp_range(moments: Sequence[float], J: int, R: float, order: int | None = None) -> tuple[float, float]:
    """Outer bound on the range of ``m_J`` over positive measures on ``[-R, R]`` matching
    ``moments``: maximise/minimise ``m_J`` over ``m_0..m_{2r}`` (``2r >= J``) with the
    Hankel matrix ``[m_{i+j}]_{i,j<=r}`` and the localizing matrix
    ``[R^2 m_{i+j} - m_{i+j+2}]_{i,j<=r-1}`` PSD (Clarabel)."""
    import cvxpy as cp

    r = order if order is not None else (max(J, len(moments)) + 1) // 2 + 1
    n = 2 * r + 1
    m = cp.Variable(n)
    H = cp.bmat([[m[i + j] for j in range(r + 1)] for i in range(r + 1)])
    Lm = cp.bmat([[R**2 * m[i + j] - m[i + j + 2] for j in range(r)] for i in range(r)])
    cons = [H >> 0, Lm >> 0] + [m[j] == moments[j] for j in range(len(moments))]
    vals = []
    for sense in (cp.Minimize, cp.Maximize):
        prob = cp.Problem(sense(m[J]), cons)
        prob.solve(solver=cp.CLARABEL)
        vals.append(float(prob.value))
    return vals[0], vals[1]


def moment_socp_worst(grid: Sequence[float], w: Sequence[float], k: int, delta: float, J: int) -> float:
    """``max |sum_i p_i x_i^J - w_J|`` over ``p >= 0`` on the grid with
    ``||(sum_i p_i x_i^l - w_l)_{l<k}||_2 <= sqrt(delta)`` (two SOCPs, Clarabel)."""
    import cvxpy as cp

    V = vandermonde(grid, max(k, J + 1))
    p = cp.Variable(len(grid), nonneg=True)
    cons = [cp.norm(V[:k] @ p - np.asarray(w[:k], float), 2) <= np.sqrt(delta)]
    best = 0.0
    for sense in (cp.Minimize, cp.Maximize):
        prob = cp.Problem(sense(V[J] @ p - float(w[J])), cons)
        prob.solve(solver=cp.CLARABEL)
        best = max(best, abs(float(prob.value)))
    return best


def divided_difference_pair(points: Sequence) -> tuple[list, list, list, list, object]:
    """For ``n`` distinct points, the weights ``c_i = 1 / prod_{j != i}(x_i - x_j)`` satisfy
    ``sum_i c_i x_i^j = 0`` for ``j <= n-2`` and ``= 1`` for ``j = n-1``. Their positive and
    negative parts, each divided by the common mass ``Z = sum c_i^+``, are two probability
    measures (atoms alternate between them along the sorted points).

    Returns ``(atoms_plus, weights_plus, atoms_minus, weights_minus, Z)`` (exact for
    Fractions / SymPy rationals)."""
    xs = sorted(points)
    n = len(xs)
    c = []
    for i in range(n):
        prod = 1
        for j in range(n):
            if j != i:
                prod = prod * (xs[i] - xs[j])
        c.append(Fraction(1) / prod if isinstance(prod, (int, Fraction)) else 1 / prod)
    Z = sum(ci for ci in c if ci > 0)
    plus = [(x, ci / Z) for x, ci in zip(xs, c) if ci > 0]
    minus = [(x, -ci / Z) for x, ci in zip(xs, c) if ci < 0]
    return [a for a, _ in plus], [p for _, p in plus], [a for a, _ in minus], [p for _, p in minus], Z


def wasserstein_1d(x: Sequence, p: Sequence, y: Sequence, q: Sequence, order: int = 1):
    """``W_order^order`` between ``sum p_i delta_{x_i}`` and ``sum q_i delta_{y_i}`` (equal
    total mass), by the monotone (quantile) coupling, which is optimal on the line for every
    order >= 1. Exact for Fractions; take the ``1/order`` power for ``W_order``."""
    a = sorted(zip(x, p))
    b = sorted(zip(y, q))
    i = j = 0
    ra, rb = a[0][1], b[0][1]
    total = 0
    while i < len(a) and j < len(b):
        m = min(ra, rb)
        total = total + m * abs(a[i][0] - b[j][0]) ** order
        ra, rb = ra - m, rb - m
        if ra == 0 or (not isinstance(ra, Fraction) and ra <= 1e-300):
            i += 1
            ra = a[i][1] if i < len(a) else 0
        if rb == 0 or (not isinstance(rb, Fraction) and rb <= 1e-300):
            j += 1
            rb = b[j][1] if j < len(b) else 0
    return total


def power_moments(atoms: np.ndarray, masses: np.ndarray, n: int) -> np.ndarray:
    """``m_j = sum_i masses_i atoms_i^j`` for ``j < n`` (float arrays, NumPy sums)."""
    return np.array([np.sum(masses * atoms**j) for j in range(n)])
