"""Fast numeric versions of the models (loss and gradient), knowing no paper.

Each mirrors a SymPy source in ``theorems/`` and is tested against it at small sizes
(tests/test_models.py).
"""

from __future__ import annotations

import numpy as np


def diagonal_beta(wp: np.ndarray, wm: np.ndarray, D: int = 2) -> np.ndarray:
    """``beta = w_+^D - w_-^D`` (depth-D diagonal linear network, one unit per sign)."""
    return wp**D - wm**D


def diagonal_loss(w: np.ndarray, X: np.ndarray, y: np.ndarray, D: int = 2) -> float:
    """``||X beta - y||^2`` with ``w = [w_+; w_-]`` (squared loss, summed, no 1/2)."""
    d = X.shape[1]
    r = X @ diagonal_beta(w[:d], w[d:], D) - y
    return float(r @ r)


def diagonal_grad(w: np.ndarray, X: np.ndarray, y: np.ndarray, D: int = 2) -> np.ndarray:
    d = X.shape[1]
    wp, wm = w[:d], w[d:]
    g = 2 * X.T @ (X @ diagonal_beta(wp, wm, D) - y)
    return np.concatenate([D * g * wp ** (D - 1), -D * g * wm ** (D - 1)])


def factorization_loss(U: np.ndarray, V: np.ndarray, Xs: np.ndarray, y: np.ndarray) -> float:
    """``sum_n (<X_n, U V^T> - y_n)^2`` for measurement matrices ``Xs`` (N x d x d)."""
    r = np.einsum("nij,ij->n", Xs, U @ V.T) - y
    return float(r @ r)


def factorization_grad(U: np.ndarray, V: np.ndarray, Xs: np.ndarray, y: np.ndarray):
    r = np.einsum("nij,ij->n", Xs, U @ V.T) - y
    G = 2 * np.einsum("n,nij->ij", r, Xs)
    return G @ V, G.T @ U
