"""Small linear and quadratic programs over an affine set, each solved at two solver
tolerances (Clarabel) so that the difference is the error estimate; knows no paper.

* :func:`extremize_linear`: ``max`` (or ``min``) ``c^T z`` s.t. ``E z = f``, ``|z|_inf <= box``
  and/or ``z >= 0`` -- e.g. the largest value of a later impulse-response entry over the
  zero-loss parameters that enter linearly, or over positive measures with prescribed moments.
* :func:`min_quadratic`: ``min |M z - m|^2`` s.t. ``z >= 0`` and ``g^T z >= delta``.
* :func:`impulse_entry_range`: the range of ``C A^J B`` over the rows ``C`` (in a box) with
  prescribed ``C A^j B`` for ``j < k`` -- the first kind of program above.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import cvxpy as cp
import numpy as np

TIGHT = dict(tol_gap_abs=1e-12, tol_gap_rel=1e-12, tol_feas=1e-12, tol_ktratio=1e-10, max_iter=500)
LOOSE = dict(tol_gap_abs=1e-9, tol_gap_rel=1e-9, tol_feas=1e-9, tol_ktratio=1e-7, max_iter=500)


@dataclass
class ProgramResult:
    value: float  # optimum at the tight tolerance
    z: np.ndarray
    error: float  # |value_tight - value_loose| + the tight run's feasibility residual
    residual: float  # |E z - f|_inf at the tight run
    status: str


def _solve(build):
    out = []
    for tol in (LOOSE, TIGHT):
        prob, z, resid = build()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            prob.solve(solver=cp.CLARABEL, **tol)
        if prob.status not in ("optimal", "optimal_inaccurate"):
            raise ArithmeticError(f"solver status {prob.status}")
        out.append((float(prob.value), np.asarray(z.value, float), float(resid())))
    (v_loose, _, _), (v, z, res) = out
    return ProgramResult(v, z, abs(v - v_loose) + res, res, prob.status)


def extremize_linear(c, E, f, box: float | None = None, nonneg: bool = False, maximize: bool = True) -> ProgramResult:
    c, E, f = np.asarray(c, float), np.asarray(E, float), np.asarray(f, float)

    def build():
        z = cp.Variable(len(c))
        cons = [E @ z == f]
        if box is not None:
            cons.append(cp.abs(z) <= box)
        if nonneg:
            cons.append(z >= 0)
        obj = cp.Maximize(c @ z) if maximize else cp.Minimize(c @ z)
        return cp.Problem(obj, cons), z, lambda: np.max(np.abs(E @ z.value - f)) if len(f) else 0.0

    return _solve(build)


def min_quadratic(M, m, g=None, delta: float = 0.0) -> ProgramResult:
    M, m = np.asarray(M, float), np.asarray(m, float)

    def build():
        z = cp.Variable(M.shape[1])
        cons = [z >= 0]
        if g is not None:
            cons.append(np.asarray(g, float) @ z >= delta)
        prob = cp.Problem(cp.Minimize(cp.sum_squares(M @ z - m)), cons)
        return (
            prob,
            z,
            lambda: max(
                0.0, float(-np.min(z.value)), float(delta - np.asarray(g, float) @ z.value) if g is not None else 0.0
            ),
        )

    return _solve(build)


def impulse_entry_range(A, B, target, J: int, box: float = 10.0) -> tuple[ProgramResult, ProgramResult]:
    """The largest and the smallest ``C A^J B`` over the output rows ``C`` with prescribed first
    impulse-response entries ``C A^j B = target[j]`` (``j < len(target)``) and ``|C|_inf <= box``
    (``A`` d x d, ``B`` a length-d vector): two LPs, ``(max, min)``. Each constraint row and the
    objective are scaled to unit norm (powers of ``A`` grow); values and errors are scaled back."""
    A, B = np.asarray(A, float), np.asarray(B, float)
    K = np.column_stack([np.linalg.matrix_power(A, j) @ B for j in range(len(target))])
    cJ = np.linalg.matrix_power(A, J) @ B
    f = np.asarray(target, float)
    rows = np.linalg.norm(K.T, axis=1)
    rows[rows == 0] = 1.0
    cn = float(np.linalg.norm(cJ)) or 1.0
    hi = extremize_linear(cJ / cn, K.T / rows[:, None], f / rows, box=box, maximize=True)
    lo = extremize_linear(cJ / cn, K.T / rows[:, None], f / rows, box=box, maximize=False)
    for r in (hi, lo):
        r.value, r.error = r.value * cn, r.error * cn
    return hi, lo
