"""Gradient descent for matrix factorisation with entrywise observations, knowing no paper.

Model ``M = U V^T`` (``U, V`` of shape d x k), loss ``sum_{(i,j) observed} (M_ij - Y_ij)^2``
(summed, no 1/2), gradient ``(2 R V, 2 R^T U)`` with ``R`` the residual on the observed
entries (0 elsewhere). The step approximates the gradient flow: it is at most
``curvature_fraction / (|U|_op^2 + |V|_op^2)`` (a bound on the loss Hessian's scale near the
current point) and at most ``rel_step`` times the parameter norm over the gradient norm (so
that escaping a small initialisation follows the flow). The flow's limit does not depend on
a rescaling of time, so neither does the returned point, up to the discretisation.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# ``np.sum`` of an array without its Python wrapper: the same ufunc reduction (the same pairwise
# summation, the same numbers), called ~5 times per step
_sum = np.add.reduce


@dataclass
class CompletionRun:
    U: np.ndarray
    V: np.ndarray
    loss: float
    steps: int
    converged: bool


def train_masked(
    U0: np.ndarray,
    V0: np.ndarray,
    mask: np.ndarray,
    Y: np.ndarray,
    loss_tol: float,
    max_steps: int = 200_000,
    rel_step: float = 0.02,
    curvature_fraction: float = 0.25,
) -> CompletionRun:
    U, V = np.array(U0, float), np.array(V0, float)
    loss = np.inf
    for step in range(max_steps):
        R = mask * (U @ V.T - Y)
        loss = float(_sum(R * R, axis=None))
        if loss < loss_tol:
            return CompletionRun(U, V, loss, step, True)
        gU, gV = 2 * R @ V, 2 * R.T @ U
        # |U|_op^2 + |V|_op^2 as the largest eigenvalues of the small Gram matrices
        curvature = np.linalg.eigvalsh(U @ U.T)[-1] + np.linalg.eigvalsh(V @ V.T)[-1]
        gnorm = np.sqrt(_sum(gU * gU, axis=None) + _sum(gV * gV, axis=None))
        pnorm = np.sqrt(_sum(U * U, axis=None) + _sum(V * V, axis=None))
        eta = min(curvature_fraction / curvature, rel_step * pnorm / gnorm)
        U, V = U - eta * gU, V - eta * gV
    return CompletionRun(U, V, loss, max_steps, False)
