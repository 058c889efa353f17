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

For the gradient flow of the squared impulse-response loss ``sum_{j<k} (h_j - w_j)^2`` (SISO):

* :func:`yw_flow_field` (double precision) in the coordinates ``(z, Y, W)``: ``z`` the entries of
  ``A`` (its upper triangle when ``A`` is symmetric), ``Y = B - C^T`` and ``W = B + C^T``, with
  :func:`yw_pack` and :func:`yw_unpack`;
* :func:`symmetric_impulse_flow`: the same flow for symmetric ``A`` as SymPy expressions (for the
  high-precision integrators of ``numerics.flows``), on all of ``(z, B, C)`` or restricted to the
  invariant set ``C = B^T``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy as sp


def _mat(M) -> np.ndarray:
    a = np.asarray(M, dtype=object if _is_exact(M) else float)
    return a


def _is_exact(M) -> bool:
    if isinstance(M, np.ndarray) and M.dtype.kind in "fiu":  # NumPy floats/integers: no element to look at
        return False
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
    eye = (
        np.eye(d, dtype=A.dtype)
        if A.dtype != object
        else np.array([[1 if i == j else 0 for j in range(d)] for i in range(d)], dtype=object)
    )
    powers = [eye]
    for _ in range(1, n):
        powers.append(powers[-1].dot(A))
    # u_r = (A^r)^T C^T, v_r = A^r B
    u = [P.T.dot(c) for P in powers]
    v = [P.dot(b) for P in powers]
    GB = sum(g[j] * u[j] for j in range(n))
    GC = sum(g[j] * v[j] for j in range(n))
    terms = [(j, r) for j in range(1, n) for r in range(j)]
    floats = A.dtype != object and b.dtype != object and c.dtype != object
    if floats and terms and all(isinstance(x, (float, np.floating)) for x in g):
        # floats: the same products g_j (u_r v_s^T), all at once, added in the same order (a
        # cumulative sum is sequential), so the result is the loop's below to the last bit
        J = np.array([j for j, _ in terms])
        Ur = np.array([u[r] for _, r in terms])
        Vs = np.array([v[j - 1 - r] for j, r in terms])
        gj = np.array([g[j] for j in range(n)], dtype=float)[J]
        return np.cumsum(gj[:, None, None] * (Ur[:, :, None] * Vs[:, None, :]), axis=0)[-1], GB, GC
    GA = np.outer(u[0], v[0]) * 0
    for j, r in terms:
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


def squared_impulse_gd(A, b, c, w: Sequence, k: int, eta, steps: int, symmetric: bool = True) -> list:
    """Gradient descent on ``sum_{j<k} (h_j - w_j)^2`` (SISO, ``h_j = c A^j b``) for ``steps``
    steps of size ``eta``: ``A`` updated in its upper-triangular coordinates (chain rule, so a
    symmetric ``A`` stays symmetric) when ``symmetric``, entrywise otherwise. Exact for
    ``Fraction`` entries. Returns ``[(A, b, c, dl/db, dl/dc)]`` after each step (the gradients
    at the step's starting point)."""
    d = len(b)
    traj = []
    for _ in range(steps):
        h = impulse(A, b, c, k)
        GA, GB, GC = impulse_gradient(A, b, c, [2 * (h[j] - w[j]) for j in range(k)])
        if symmetric:
            gz = symmetric_coordinate_gradient(GA)
            z = [A[p, q] for p, q in symmetric_coordinates(d)]
            A = symmetric_from_coordinates([zi - eta * gi for zi, gi in zip(z, gz)], d)
        else:
            A = A - eta * GA
        b, c = b - eta * GB, c - eta * GC
        traj.append((A, b, c, GB, GC))
    return traj


# ---------------------------------------------------------------------------------------
# Gradient flow of the squared impulse-response loss
# ---------------------------------------------------------------------------------------
def squared_impulse_loss_of(A, B, C, w: Sequence, k: int) -> float:
    """``sum_{j<k} (h_j - w_j)^2`` at the parameters ``(A, B, C)``, as a float."""
    h = impulse(A, B, C, k)
    return float(sum((h[j] - float(w[j])) ** 2 for j in range(k)))


def _yw_matrix(x, d, structure):
    """``A`` from the first coordinates of a ``(z, Y, W)`` state, and how many there are."""
    if structure == "symmetric":
        iu = np.triu_indices(d)
        A = np.zeros((d, d))
        A[iu] = x[: len(iu[0])]
        return A + A.T - np.diag(np.diag(A)), len(iu[0])
    return x[: d * d].reshape(d, d), d * d


def yw_flow_field(d: int, k: int, w: Sequence, structure: str = "symmetric", weights: Sequence | None = None):
    """``f(t, x)``: the gradient flow of ``sum_{j<k} weights_j (h_j - w_j)^2`` (unit weights by
    default) in ``(z, Y, W)``: ``z' = -dL/dz``, ``Y' = -(dL/dB - dL/dC^T)``,
    ``W' = -(dL/dB + dL/dC^T)``; ``structure`` is ``"symmetric"`` (``z`` the upper triangle of a
    symmetric ``A``) or anything else (``z`` all d^2 entries). The gradients of
    :func:`impulse_gradient` and :func:`symmetric_coordinate_gradient` (the same sums), vectorised
    in floats: the field is called ~10^4 times per flow."""
    wf = np.array([float(w[j]) for j in range(k)])
    q = np.ones(k) if weights is None else np.array([float(v) for v in weights])
    symmetric = structure == "symmetric"
    iu = np.triu_indices(d)
    nz = len(iu[0]) if symmetric else d * d
    lower = (iu[1], iu[0])  # the mirror of each upper-triangular coordinate
    off = (iu[0] != iu[1]).astype(float)
    # GA = sum_{j>=1} g_j sum_{r<j} u_r v_{j-1-r}^T = U^T M V with M[r, s] = g_{r+s+1} (r + s + 1 < k)
    hankel = [(r, s, r + s + 1) for r in range(k) for s in range(k) if r + s + 1 < k]
    rr, ss, jj = (np.array(v, dtype=int) for v in zip(*hankel)) if hankel else (np.zeros(0, int),) * 3

    def f(t, x):
        # the same field as impulse / impulse_gradient / symmetric_coordinate_gradient (the generic
        # functions), in floats without their per-element type checks: u_r = (A^r)^T C, v_r = A^r B
        x = np.asarray(x, float)
        if symmetric:
            A = np.empty((d, d))
            A[iu] = x[:nz]
            A[lower] = x[:nz]
        else:
            A = x[:nz].reshape(d, d)
        Y, W = x[nz : nz + d], x[nz + d :]
        B, C = (W + Y) / 2, (W - Y) / 2
        V, U = np.empty((k, d)), np.empty((k, d))
        V[0], U[0] = B, C
        for r in range(1, k):
            V[r] = A @ V[r - 1]
            U[r] = A.T @ U[r - 1]
        g = 2 * q * (V @ C - wf)  # h_j = C A^j B
        GB, GC = g @ U, g @ V
        M = np.zeros((k, k))
        M[rr, ss] = g[jj]
        GA = U.T @ M @ V
        if symmetric:
            gz = GA[iu] + off * GA[lower]  # G_pq + G_qp (p < q), G_pp
        else:
            gz = GA.ravel()
        return np.concatenate([-gz, -(GB - GC), -(GB + GC)])

    return f


def yw_unpack(x, d: int, structure: str = "symmetric"):
    """``(A, B, C, Y, W)`` of a ``(z, Y, W)`` state (``B = (W + Y)/2``, ``C = (W - Y)/2``)."""
    A, nz = _yw_matrix(np.asarray(x, float), d, structure)
    Y, W = x[nz : nz + d], x[nz + d :]
    return A, (W + Y) / 2, (W - Y) / 2, Y, W


def yw_pack(d: int, structure: str, A0, B0, C0) -> np.ndarray:
    """The ``(z, Y, W)`` state of ``(A, B, C)`` (floats; inverse of :func:`yw_unpack`)."""
    A0 = np.asarray(A0, float)
    za = A0[np.triu_indices(d)] if structure == "symmetric" else A0.ravel()
    B0, C0 = np.asarray(B0, float), np.asarray(C0, float)
    return np.concatenate([za, B0 - C0, B0 + C0])


def symmetric_impulse_flow(d: int, k: int, w: Sequence, balanced: bool = True):
    """The gradient flow of ``sum_{j<k} (h_j - w_j)^2``, ``h_j = c^T A^j b`` with ``A`` symmetric,
    as SymPy right-hand sides with shared subexpressions ``A^r b``, ``A^r c`` (no expansion).

    Coordinates: the upper triangle ``z`` of ``A`` (:func:`symmetric_coordinates`), ``b`` and,
    unless ``balanced``, ``c``: ``z' = -dL/dz``, ``b' = -dL/db``, ``c' = -dL/dc``. With
    ``balanced`` the flow is restricted to its invariant set ``c = b``: ``z' = -dL/dz``,
    ``b' = -dL/db`` at ``c = b`` (the restriction of the full flow, not the gradient of
    ``L(A, b, b)`` in ``b``, which is twice it). ``w`` must hold numbers the integrator accepts
    exactly. Returns ``(rhs, symbols)``."""
    iu = symmetric_coordinates(d)
    z = sp.symbols(f"z0:{len(iu)}", real=True)
    b = sp.symbols(f"b0:{d}", real=True)
    c = None if balanced else sp.symbols(f"c0:{d}", real=True)
    A = sp.zeros(d, d)
    for s, (p, q) in zip(z, iu):
        A[p, q] = A[q, p] = s
    v = [sp.Matrix(b)]
    u = v if balanced else [sp.Matrix(c)]
    for _ in range(1, k):
        v.append(A * v[-1])
        if not balanced:
            u.append(A * u[-1])
    h = [(u[0].T * v[j])[0, 0] for j in range(k)]
    g = [2 * (h[j] - w[j]) for j in range(k)]
    G = sp.zeros(d, d)
    for j in range(1, k):
        for r in range(j):
            G += g[j] * u[r] * v[j - 1 - r].T
    zdot = [-(G[p, q] + G[q, p]) if p != q else -G[p, p] for p, q in iu]
    bdot = list(-sum((g[j] * u[j] for j in range(k)), sp.zeros(d, 1)))
    if balanced:
        return zdot + bdot, list(z) + list(b)
    cdot = list(-sum((g[j] * v[j] for j in range(k)), sp.zeros(d, 1)))
    return zdot + bdot + cdot, list(z) + list(b) + list(c)
