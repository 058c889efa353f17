"""Least squares ``f(x) = ||X x - y||^2`` as a test function with everything known in closed
form, knowing no paper: the gradient flow ``x' = -2 X^T (X x - y)`` is linear and solved by a
matrix exponential, its zero set (for ``X`` of full row rank) is an affine space, and its
Polyak-Lojasiewicz and smoothness constants are eigenvalues of ``X X^T``.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import expm


def random_least_squares(rng: np.random.Generator, n: int, d: int):
    """Gaussian ``X`` (n x d, full row rank almost surely for ``n <= d``) and ``y`` (n), with
    the PL constant ``mu = 2 lambda_min(X X^T)`` (``||grad f||^2 = 4 r^T X X^T r >= 2 mu f``)
    and the Lipschitz constant ``M = 2 lambda_max(X^T X)`` of the gradient: ``(X, y, mu, M)``."""
    X = rng.normal(size=(n, d))
    y = rng.normal(size=n)
    ev = np.linalg.eigvalsh(X @ X.T)
    return X, y, 2 * ev[0], 2 * ev[-1]


def least_squares_flow(X: np.ndarray, y: np.ndarray, x0: np.ndarray, t: float) -> np.ndarray:
    """The exact gradient-flow state ``x(t) = x_p + expm(-2 t X^T X)(x0 - x_p)`` of
    ``x' = -2 X^T (X x - y)``, ``x_p`` the minimum-norm solution (pseudo-inverse)."""
    xp = np.linalg.pinv(X) @ y
    return xp + expm(-2 * t * X.T @ X) @ (x0 - xp)


def least_squares_path_length(X: np.ndarray, y: np.ndarray, x0: np.ndarray, T: float, n: int = 4000):
    """``int_0^T ||grad f(x(t))|| dt`` along :func:`least_squares_flow` by the trapezoid rule on
    the grid ``0`` then ``n`` geometric points from ``1e-6`` to ``T``; returns ``(length,
    error estimate)``, the estimate being the difference to the same rule with ``n // 2``."""

    def integ(m):
        ts = np.concatenate([[0.0], np.geomspace(1e-6, T, m)])
        g = np.array([np.linalg.norm(2 * X.T @ (X @ least_squares_flow(X, y, x0, t) - y)) for t in ts])
        return float(np.sum((g[1:] + g[:-1]) / 2 * np.diff(ts)))

    a, b = integ(n), integ(n // 2)
    return a, abs(a - b)
