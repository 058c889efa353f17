"""Gradient descent, gradient flow and Adam on linear RNN parameters, for any loss of the
impulse response; knows no paper.

The model is the one of ``numerics/linear_rnn.py``: ``H_j = C A^j B`` (SISO: scalars ``h_j``,
``B`` a column, ``C`` a row; MIMO: ``B`` d x n, ``C`` m x d). A loss is given by its value and
its derivatives ``G_j = dl/dH_j`` as functions of the impulse response; the parameter
gradient is then (the chain rule through ``H_j = C A^j B``, every entry of ``A`` free)

    dl/dB = sum_j (A^j)^T C^T G_j,   dl/dC = sum_j G_j B^T (A^j)^T,
    dl/dA = sum_{j>=1} sum_{r<j} (A^r)^T C^T G_j B^T (A^{j-1-r})^T.

Every step is generic over the number type: ``fractions.Fraction`` entries (object arrays)
give *exact* gradient-descent iterates, so an invariant of the iteration (e.g. a symmetry)
can be checked to hold exactly after each step; floats give long runs. The flow
``theta' = -grad l`` is a NumPy vector field for ``numerics.flows.integrate_double``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np


# ---------------------------------------------------------------------------------------
# Losses of the impulse response
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ImpulseLoss:
    """``l(H) = sum_{j<n} weight_j ||H_j - target_j||_F^2`` (no factor 1/2), ``n = len(target)``.

    ``target`` holds scalars (SISO) or m x n matrices (MIMO). Weights default to 1."""

    target: tuple
    weights: tuple | None = None

    @property
    def length(self) -> int:
        return len(self.target)

    def _w(self, j):
        return 1 if self.weights is None else self.weights[j]

    def value(self, H: Sequence):
        total = 0
        for j, t in enumerate(self.target):
            if _is_object(H[j]) or _is_object(t):
                r = np.asarray(H[j], dtype=object) - np.asarray(t, dtype=object)
                squares = np.ravel(r * r)
            else:  # the same double operations, in the same order, without object arrays
                r = np.asarray(H[j], dtype=float) - np.asarray(t, dtype=float)
                squares = np.ravel(r * r).tolist()
            total = total + self._w(j) * sum(squares)
        return total

    def derivative(self, H: Sequence) -> list:
        """``G_j = dl/dH_j = 2 weight_j (H_j - target_j)``."""
        out = []
        for j, t in enumerate(self.target):
            r = np.asarray(H[j], dtype=object if _is_object(H[j]) or _is_object(t) else float) - np.asarray(t)
            out.append(2 * self._w(j) * r)
        return out


def _is_object(x) -> bool:
    return np.asarray(x).dtype == object


def as_exact(M) -> np.ndarray:
    """An object array of ``Fraction`` (ints and Fractions kept exact; floats converted exactly)."""
    a = np.asarray(M, dtype=object)
    return np.vectorize(lambda v: Fraction(v), otypes=[object])(a) if a.size else a


# ---------------------------------------------------------------------------------------
# Impulse response and parameter gradient (SISO or MIMO, any number type)
# ---------------------------------------------------------------------------------------
def _as2d(B, C):
    B = np.asarray(B)
    C = np.asarray(C)
    siso = B.ndim == 1 and C.ndim == 1
    return (B.reshape(-1, 1) if B.ndim == 1 else B), (C.reshape(1, -1) if C.ndim == 1 else C), siso


def _eye(d, like):
    if like.dtype == object:
        return np.array([[Fraction(int(i == j)) for j in range(d)] for i in range(d)], dtype=object)
    return np.eye(d, dtype=like.dtype)


def impulse(A, B, C, n: int) -> list:
    """``H_j = C A^j B`` for ``j < n`` (scalars when ``B`` and ``C`` are vectors)."""
    A = np.asarray(A)
    B2, C2, siso = _as2d(B, C)
    out, V = [], B2
    for _ in range(n):
        H = C2.dot(V)
        out.append(H[0, 0] if siso else H)
        V = A.dot(V)
    return out


def gradient(A, B, C, G: Sequence):
    """``(dl/dA, dl/dB, dl/dC)`` for ``G_j = dl/dH_j``, shaped like ``A``, ``B``, ``C``."""
    A = np.asarray(A)
    B2, C2, siso = _as2d(B, C)
    n = len(G)
    d = A.shape[0]
    exact = any(_is_object(x) for x in (A, B2, C2)) or any(_is_object(np.asarray(g)) for g in G)
    Gm = [np.asarray(g, dtype=object if exact else float).reshape(C2.shape[0], B2.shape[1]) for g in G]
    P = [_eye(d, np.empty(0, dtype=object if exact else float))]
    for _ in range(1, n):
        P.append(P[-1].dot(A))
    U = [Pr.T.dot(C2.T) for Pr in P]  # (A^r)^T C^T, d x m
    V = [Pr.dot(B2) for Pr in P]  # A^r B, d x n
    GB = sum(U[j].dot(Gm[j]) for j in range(n))
    GC = sum(Gm[j].dot(V[j].T) for j in range(n))
    # sum_{j>=1} sum_{r+s=j-1} U_r G_j V_s^T = [U_0 .. U_{n-2}] Hankel(G_1..G_{n-1}) [V_0 .. V_{n-2}]^T
    if n >= 2:
        mo, ni = Gm[0].shape
        # block (r, q) = G_{r+q+1}, or 0 past G_{n-1}: one gather from the stack [G_1 .. G_{n-1}, 0]
        # (a Python loop over the (n-1)^2 blocks was most of a float gradient's time)
        stack = np.stack(Gm[1:] + [Gm[0] * 0])
        k = np.minimum(np.add.outer(np.arange(n - 1), np.arange(n - 1)), n - 1)
        hank = stack[k].transpose(0, 2, 1, 3).reshape((n - 1) * mo, (n - 1) * ni)
        GA = np.concatenate(U[: n - 1], axis=1).dot(hank).dot(np.concatenate(V[: n - 1], axis=1).T)
    else:
        GA = U[0].dot(Gm[0]).dot(V[0].T) * 0
    if siso:
        return GA, GB.reshape(-1), GC.reshape(-1)
    return GA, GB, GC


def loss_and_gradient(loss: ImpulseLoss, A, B, C):
    H = impulse(A, B, C, loss.length)
    return loss.value(H), gradient(A, B, C, loss.derivative(H))


# ---------------------------------------------------------------------------------------
# Gradient descent
# ---------------------------------------------------------------------------------------
@dataclass
class GDRun:
    params: list  # [(A, B, C)] at the recorded steps (step 0 first)
    steps: list[int]
    losses: list
    diverged: bool = False


def gradient_descent(
    loss: ImpulseLoss,
    A,
    B,
    C,
    eta,
    steps: int,
    record: Callable[[int], bool] | None = None,
    on_step: Callable[[int, tuple], None] | None = None,
    blowup: float = 1e12,
) -> GDRun:
    """``theta_{t+1} = theta_t - eta grad l(theta_t)`` for ``steps`` steps.

    Exact when the parameters and ``eta`` are ``Fraction`` s. ``record(t)`` selects the
    iterates kept (all by default); ``on_step(t, (A, B, C))`` sees every iterate (e.g. to
    check an invariant exactly at each step). A float run stops when the loss exceeds
    ``blowup`` (``diverged``)."""
    A, B, C = np.asarray(A), np.asarray(B), np.asarray(C)
    record = record or (lambda t: True)
    run = GDRun([], [], [])
    for t in range(steps + 1):
        value, (GA, GB, GC) = loss_and_gradient(loss, A, B, C)
        if on_step is not None:
            on_step(t, (A, B, C))
        if record(t) or t == steps:
            run.params.append((A, B, C))
            run.steps.append(t)
            run.losses.append(value)
        if A.dtype != object and not (abs(float(value)) < blowup):
            run.diverged = True
            break
        if t == steps:
            break
        A, B, C = A - eta * GA, B - eta * GB, C - eta * GC
    return run


# ---------------------------------------------------------------------------------------
# Packing and the flow field (floats)
# ---------------------------------------------------------------------------------------
def pack(A, B, C) -> np.ndarray:
    return np.concatenate([np.ravel(A), np.ravel(B), np.ravel(C)]).astype(float)


def unpack(x, d: int, n_in: int = 1, m_out: int = 1):
    """Inverse of :func:`pack` (SISO vectors when ``n_in = m_out = 1``)."""
    x = np.asarray(x)
    A = x[: d * d].reshape(d, d)
    B = x[d * d : d * d + d * n_in]
    C = x[d * d + d * n_in : d * d + d * n_in + m_out * d]
    if n_in == 1 and m_out == 1:
        return A, B, C
    return A, B.reshape(d, n_in), C.reshape(m_out, d)


def flow_field(loss: ImpulseLoss, d: int, n_in: int = 1, m_out: int = 1):
    """``f(t, x) = -grad l`` on packed float parameters (for ``flows.integrate_double``)."""

    def f(t, x):
        A, B, C = unpack(x, d, n_in, m_out)
        _, (GA, GB, GC) = loss_and_gradient(loss, A, B, C)
        return -pack(GA, GB, GC)

    return f


def adam(
    loss: ImpulseLoss,
    A,
    B,
    C,
    lr: float,
    steps: int,
    beta1: float = 0.9,
    beta2: float = 0.999,
    eps: float = 1e-7,
    record_every: int = 0,
) -> GDRun:
    """Adam (Kingma & Ba; Keras defaults beta1 = 0.9, beta2 = 0.999, eps = 1e-7) on float
    parameters with the exact (population) gradient."""
    x = pack(A, B, C)
    d = np.asarray(A).shape[0]
    B2, C2, _ = _as2d(B, C)
    shape = (d, B2.shape[1], C2.shape[0])
    m = np.zeros_like(x)
    v = np.zeros_like(x)
    run = GDRun([], [], [])
    for t in range(steps + 1):
        Ap, Bp, Cp = unpack(x, *shape)
        value, (GA, GB, GC) = loss_and_gradient(loss, Ap, Bp, Cp)
        if t == steps or (record_every and t % record_every == 0):
            run.params.append((Ap, Bp, Cp))
            run.steps.append(t)
            run.losses.append(float(value))
        if t == steps:
            break
        g = pack(GA, GB, GC)
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        mh = m / (1 - beta1 ** (t + 1))
        vh = v / (1 - beta2 ** (t + 1))
        x = x - lr * mh / (np.sqrt(vh) + eps)
    return run
