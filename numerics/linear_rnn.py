"""Linear RNNs / state space models, knowing no paper.

One model serves the three sequence papers (rnn-lowdim, rnn-memoryless, ssm-poison):

    state update   s_t = A s_{t-1} + B x_t   (or s_{t+1} = A s_t + B x_t: same output map)
    output         y = C s_after_last_input

Both recurrences give ``y = sum_j h_j x_{last-j}`` with the *impulse response*
``h_j = C A^j B``: the newest input meets ``h_0 = CB``. A loss that depends on the
parameters only through ``h`` (every loss of the three papers) has the gradient of
:func:`impulse_gradient` for ``g_j = dloss/dh_j``.

Every function here is generic over the number type: NumPy floats, ``mpmath.mpf``,
``fractions.Fraction`` or SymPy numbers (object arrays keep exact arithmetic exact).
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, Callable, Sequence

import numpy as np


def _mat(M) -> np.ndarray:
    a = np.asarray(M, dtype=object if _is_exact(M) else float)
    return a


def _is_exact(M) -> bool:
    flat = np.asarray(M, dtype=object).ravel()
    return any(not isinstance(v, (float, int, np.floating, np.integer)) for v in flat)


def as_column(v) -> np.ndarray:
    return _mat(v).reshape(-1)


def impulse(A, B, C, n: int) -> list:
    """``(h_0, ..., h_{n-1})`` with ``h_j = C A^j B`` (SISO: B a column, C a row)."""
    A, b, c = _mat(A), as_column(B), as_column(C)
    if A.ndim == 1:  # a diagonal transition matrix given by its diagonal
        out, v = [], b
        for _ in range(n):
            out.append(sum(c * v))
            v = A * v
        return out
    out, v = [], b
    for _ in range(n):
        out.append(c.dot(v))
        v = A.dot(v)
    return out


def impulse_mimo(A, B, C, n: int) -> list[np.ndarray]:
    """Matrix impulse response ``H_j = C A^j B`` (m x n_in)."""
    A, B, C = _mat(A), _mat(B), _mat(C)
    out, V = [], B
    for _ in range(n):
        out.append(C.dot(V))
        V = A.dot(V)
    return out


def simulate(A, B, C, x: Sequence, update: str = "no-delay") -> list:
    """Run the recurrence literally and return the outputs after each input.

    ``update="no-delay"``: ``s_t = A s_{t-1} + B x_t``, ``y_t = C s_t`` (t = 1..k);
    ``update="delay"``: ``s_{t+1} = A s_t + B x_t``, ``y_{t+1} = C s_{t+1}`` (t = 0..k-1).
    Both return ``[y after x_0, y after x_0 x_1, ...]``: the two conventions differ only in
    how the papers index time, not in the map from inputs to outputs."""
    if update not in ("no-delay", "delay"):
        raise ValueError(f"unknown update convention {update!r}")
    A, b, c = _mat(A), as_column(B), as_column(C)
    step = (lambda s: A * s) if A.ndim == 1 else (lambda s: A.dot(s))
    s = b * 0
    ys = []
    for xt in x:
        s = step(s) + b * xt
        ys.append(c.dot(s))
    return ys


def output(h: Sequence, x: Sequence):
    """``sum_j h_j x_{last-j}``: the output after the input sequence ``x`` (oldest first)."""
    k = len(x)
    return sum(h[j] * x[k - 1 - j] for j in range(k))


def squared_impulse_loss(h: Sequence, w: Sequence, weights: Sequence | None = None):
    """``sum_j weights_j (h_j - w_j)^2`` over ``j < len(w)`` (unit weights by default)."""
    weights = weights if weights is not None else [1] * len(w)
    return sum(q * (h[j] - w[j]) ** 2 for j, q in enumerate(weights))


def rademacher_expectation(fn: Callable[[tuple], Any], k: int):
    """``E[fn(x)]`` over ``x`` uniform in ``{-1, +1}^k``, by enumeration (exact when ``fn``
    is exact: the inputs are the integers +-1 and the mean is a ``Fraction``). Rademacher
    inputs are whitened: ``E[x_i x_j] = [i = j]``."""
    total = 0
    for x in itertools.product((-1, 1), repeat=k):
        total = total + fn(x)
    return Fraction(total, 2**k) if isinstance(total, int) else total / 2**k


def impulse_gradient(A, B, C, g: Sequence):
    """Gradient of a loss ``l(h_0..h_{n-1})`` with ``g_j = dl/dh_j`` (``n = len(g)``), with
    respect to the entries of ``A`` (all ``d^2`` of them, independent), ``B`` and ``C``:

        dl/dB = sum_j g_j (A^j)^T C^T,   dl/dC = sum_j g_j B^T (A^j)^T,
        dl/dA = sum_{j>=1} g_j sum_{r<j} (A^r)^T C^T B^T (A^{j-1-r})^T.

    Returns ``(GA, GB, GC)`` with the shapes of ``A`` (square), ``B`` and ``C`` (vectors).
    A diagonal ``A`` given as a vector gets the gradient with respect to its diagonal."""
    A, b, c = _mat(A), as_column(B), as_column(C)
    n = len(g)
    if A.ndim == 1:
        GA, GB, GC = A * 0, b * 0, c * 0
        for j in range(n):
            GB = GB + g[j] * c * A**j
            GC = GC + g[j] * b * A**j
            if j >= 1:
                GA = GA + g[j] * j * c * b * A ** (j - 1)
        return GA, GB, GC
    d = A.shape[0]
    eye = np.eye(d, dtype=A.dtype) if A.dtype != object else np.array([[1 if i == j else 0 for j in range(d)] for i in range(d)], dtype=object)
    powers = [eye]
    for _ in range(1, n):
        powers.append(powers[-1].dot(A))
    # u_r = (A^r)^T C^T, v_r = A^r B
    u = [P.T.dot(c) for P in powers]
    v = [P.dot(b) for P in powers]
    GB = sum(g[j] * u[j] for j in range(n))
    GC = sum(g[j] * v[j] for j in range(n))
    GA = np.outer(u[0], v[0]) * 0
    for j in range(1, n):
        for r in range(j):
            GA = GA + g[j] * np.outer(u[r], v[j - 1 - r])
    return GA, GB, GC


def symmetric_coordinates(d: int) -> list[tuple[int, int]]:
    """The upper-triangular coordinates ``(p, q), p <= q`` of a symmetric d x d matrix."""
    return [(p, q) for p in range(d) for q in range(p, d)]


def symmetric_from_coordinates(z: Sequence, d: int) -> np.ndarray:
    A = np.empty((d, d), dtype=object if _is_exact(z) else float)
    for val, (p, q) in zip(z, symmetric_coordinates(d)):
        A[p, q] = A[q, p] = val
    return A


def symmetric_coordinate_gradient(GA) -> list:
    """Chain rule to the upper-triangular coordinates: ``dl/dz_pq = G_pq + G_qp`` (p < q),
    ``dl/dz_pp = G_pp``, for ``G`` the gradient with respect to all ``d^2`` entries."""
    GA = np.asarray(GA, dtype=object if _is_exact(GA) else float)
    return [GA[p, q] + GA[q, p] if p != q else GA[p, p] for p, q in symmetric_coordinates(GA.shape[0])]
