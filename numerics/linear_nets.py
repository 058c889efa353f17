"""Gradient flows of two-layer linear networks, at double and at high precision. Knows no paper.

The model is ``f(x) = V U^T x`` with ``U`` (n x h), ``V`` (m x h) and the summed squared loss
``L = 1/2 ||Y - X U V^T||_F^2``. Three ways to integrate its gradient flow:

* ``full_flow``: the flow on ``(U, V)`` in the original coordinates, double precision
  (SciPy at two tolerances, :func:`numerics.flows.integrate_double`).
* ``whitened_flow_hp``: the flow of ``1/2 ||Yt - S U1 V^T||_F^2`` (``S`` diagonal positive,
  ``U1`` r x h) -- the form every such loss takes in the coordinates of the data's SVD --
  derived by SymPy and integrated by heyoka on MPFR numbers at two precisions.
* ``gram_flow``: the same whitened flow reduced exactly to ``(m+r)^2`` unknowns. With
  ``Z = [V; U1]`` the flow is ``Z' = A(E) Z``, ``A(E) = [[0, E^T S], [S E, 0]]``, linear in
  ``Z`` with a coefficient that depends on ``Z`` only through ``E = Yt - S U1 V^T``; so
  ``Z(t) = K(t) Z(0)`` with ``K' = A(E) K``, ``K(0) = I`` and
  ``U1 V^T = K_U G0 K_V^T``, ``G0 = Z(0) Z(0)^T``. The width ``h`` enters only through ``G0``.

Also: ``wishart_gram`` samples ``G = M M^T`` for a k x h standard Gaussian ``M`` without
forming ``M`` (Bartlett decomposition), so that very wide initialisations cost O(k^2);
``indefinite_spectrum`` gives the nonzero eigenvalues of ``Z^T J Z`` from ``G = Z Z^T``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import mpmath
import numpy as np
import sympy as sp

from . import flows, integrators


# ---------------------------------------------------------------------------------------
# Original coordinates, double precision
# ---------------------------------------------------------------------------------------
@dataclass
class FullPath:
    times: np.ndarray
    U: np.ndarray  # (T, n, h)
    V: np.ndarray  # (T, m, h)
    error: np.ndarray

    @property
    def Theta(self) -> np.ndarray:
        return self.U @ np.transpose(self.V, (0, 2, 1))


def full_flow(X, Y, U0, V0, grid, rtol: float = 1e-11, method: str = "DOP853") -> FullPath:
    """``U' = X^T (Y - X U V^T) V``, ``V' = (Y - X U V^T)^T X U`` from ``(U0, V0)``."""
    X, Y, U0, V0 = (np.asarray(a, float) for a in (X, Y, U0, V0))
    n, h = U0.shape
    m = V0.shape[0]
    k = n * h
    XtX, XtY = X.T @ X, X.T @ Y

    def field(t, z):
        U, V = z[:k].reshape(n, h), z[k:].reshape(m, h)
        G = XtY - XtX @ U @ V.T  # X^T R, R = Y - X U V^T
        return np.concatenate([(G @ V).ravel(), (G.T @ U).ravel()])

    fl = flows.integrate_double(
        field, np.concatenate([U0.ravel(), V0.ravel()]), float(grid[-1]), rtol=rtol, method=method, grid=grid
    )
    S = fl.states
    return FullPath(fl.times, S[:, :k].reshape(-1, n, h), S[:, k:].reshape(-1, m, h), fl.error)


# ---------------------------------------------------------------------------------------
# Whitened coordinates, high precision
# ---------------------------------------------------------------------------------------
def whitened_system(r: int, m: int, h: int):
    """SymPy right-hand side of the flow on ``1/2 ||Yt - diag(s) U1 V^T||_F^2``.

    The data ``Yt`` (r x m) and ``s`` (r) are state variables with zero derivative, so that
    the integrator receives them at its working precision (SymPy floats would reach it
    rounded to 15 digits). Returns ``(rhs, syms)`` with the state ordered ``V`` (row-major),
    ``U1``, ``Yt``, ``s``. Derived once per shape (exact expressions, no numbers)."""
    rhs, syms = _whitened_system(r, m, h)
    return list(rhs), list(syms)


@functools.lru_cache(maxsize=16)
def _whitened_system(r: int, m: int, h: int):
    V = sp.Matrix(m, h, lambda i, j: sp.Symbol(f"v{i}_{j}"))
    U1 = sp.Matrix(r, h, lambda i, j: sp.Symbol(f"u{i}_{j}"))
    Ys = sp.Matrix(r, m, lambda i, j: sp.Symbol(f"y{i}_{j}"))
    svec = [sp.Symbol(f"s{i}") for i in range(r)]
    loss = sp.Rational(1, 2) * sum(e**2 for e in (Ys - sp.diag(*svec) * U1 * V.T))
    syms = list(V) + list(U1)
    rhs = [-sp.diff(loss, x) for x in syms] + [sp.Integer(0)] * (r * m + r)
    return tuple(rhs), tuple(syms + list(Ys) + svec)


@dataclass
class WhitenedHP:
    """The whitened flow at ``bits`` and its twin at ``check_bits`` on the same grid: any
    quantity computed from both runs differs by its error estimate."""

    times: list
    V: list  # mpmath matrices (m x h) at ``bits``
    U1: list  # (r x h)
    twin_V: list  # the same at ``check_bits``
    twin_U1: list
    error: list  # per time: max abs state difference between the runs
    bits: int
    check_bits: int
    Yt: list  # the data as exact mpmath numbers (doubles promoted)
    s: list

    def run(self, twin: bool = False):
        """``(V list, U1 list, precision)`` of the main run or of the twin."""
        return (self.twin_V, self.twin_U1, self.check_bits) if twin else (self.V, self.U1, self.bits)

    # mpmath's matrix class belongs to its context and does not pickle: the matrices travel
    # as nested lists of mpf (which pickle exactly, at their own precision)
    _MATRICES = ("V", "U1", "twin_V", "twin_U1")

    def __getstate__(self):
        state = dict(self.__dict__)
        for k in self._MATRICES:
            state[k] = [A.tolist() for A in state[k]]
        return state

    def __setstate__(self, state):
        state = dict(state)
        for k in self._MATRICES:
            state[k] = [mpmath.matrix(rows) for rows in state[k]]
        self.__dict__.update(state)


def whitened_flow_hp(
    Yt, s, V0, U10, grid: Sequence[float], bits: int = 128, check_bits: int | None = None
) -> WhitenedHP:
    """The whitened flow from ``(V0, U10)`` (doubles, used exactly) at ``bits`` and at
    ``check_bits`` (default ``bits + 64``) on ``grid`` (heyoka Taylor on MPFR)."""
    check_bits = check_bits or bits + 64
    V0, U10 = np.asarray(V0, float), np.asarray(U10, float)
    Yt = np.asarray(Yt, float)
    r, m = Yt.shape
    h = V0.shape[1]
    rhs, syms = whitened_system(r, m, h)
    x0 = (
        [float(x) for x in V0.ravel()]
        + [float(x) for x in U10.ravel()]
        + [float(x) for x in Yt.ravel()]
        + [float(x) for x in s]
    )
    grid = [float(t) for t in grid]
    old = mpmath.mp.prec
    out = {}
    try:
        for b in (bits, check_bits):
            run = integrators.TaylorIntegrator().run(rhs, syms, x0, grid, integrators.Precision(b), max_steps=5_000_000)
            times, states = run.times, run.states
            with mpmath.workprec(b):
                Vs = [mpmath.matrix([[x[i * h + j] for j in range(h)] for i in range(m)]) for x in states]
                Us = [mpmath.matrix([[x[m * h + i * h + j] for j in range(h)] for i in range(r)]) for x in states]
            out[b] = (times, states, Vs, Us)
    finally:
        mpmath.mp.prec = old
    err = [float(max(abs(a - b) for a, b in zip(u, v))) for u, v in zip(out[bits][1], out[check_bits][1])]
    Ym = [[mpmath.mpf(float(v)) for v in row] for row in Yt]
    sm = [mpmath.mpf(float(v)) for v in s]
    return WhitenedHP(
        out[bits][0], out[bits][2], out[bits][3], out[check_bits][2], out[check_bits][3], err, bits, check_bits, Ym, sm
    )


# ---------------------------------------------------------------------------------------
# Gram-reduced whitened flow, double precision
# ---------------------------------------------------------------------------------------
@dataclass
class GramPath:
    times: np.ndarray
    K: np.ndarray  # (T, m+r, m+r)
    G0: np.ndarray
    Yt: np.ndarray
    s: np.ndarray
    error: np.ndarray

    @property
    def m(self) -> int:
        return self.Yt.shape[1]

    def product(self) -> np.ndarray:
        """``U1 V^T`` along the path."""
        m = self.m
        KV, KU = self.K[:, :m, :], self.K[:, m:, :]
        return KU @ self.G0 @ np.transpose(KV, (0, 2, 1))

    def E(self) -> np.ndarray:
        return self.Yt[None] - self.s[None, :, None] * self.product()

    def loss(self) -> np.ndarray:
        """``1/2 ||E||_F^2``."""
        return 0.5 * np.sum(self.E() ** 2, axis=(1, 2))

    def rate(self) -> np.ndarray:
        """``-L'/L = 2 (|U1^T S E|^2 + |S E V|^2) / |E|^2`` from the Gram form:
        ``U1 U1^T = K_U G0 K_U^T``, ``V V^T = K_V G0 K_V^T``."""
        m = self.m
        KV, KU = self.K[:, :m, :], self.K[:, m:, :]
        UU = KU @ self.G0 @ np.transpose(KU, (0, 2, 1))
        VV = KV @ self.G0 @ np.transpose(KV, (0, 2, 1))
        SE = self.s[None, :, None] * self.E()
        a = np.einsum("tij,tik,tkj->t", SE, UU, SE)
        b = np.einsum("tij,tjk,tik->t", SE, VV, SE)
        with np.errstate(invalid="ignore", divide="ignore"):  # E = 0 exactly gives nan (no rate)
            return 2 * (a + b) / np.sum(self.E() ** 2, axis=(1, 2))

    def cross(self, C0: np.ndarray) -> np.ndarray:
        """``W(t) Z(t)^T`` for a fixed matrix ``W`` with ``C0 = W Z(0)^T``: ``C0 K^T``."""
        return C0[None] @ np.transpose(self.K, (0, 2, 1))


def gram_flow(Yt, s, G0, grid, rtol: float = 1e-11, method: str = "DOP853") -> GramPath:
    """``K' = A(E) K``, ``K(0) = I``, ``E = Yt - S K_U G0 K_V^T`` (module doc)."""
    Yt, s, G0 = (np.asarray(a, float) for a in (Yt, s, G0))
    r, m = Yt.shape
    p = m + r

    def field(t, z):
        K = z.reshape(p, p)
        KV, KU = K[:m], K[m:]
        E = Yt - s[:, None] * (KU @ G0 @ KV.T)
        SE = s[:, None] * E
        return np.concatenate([(SE.T @ KU), (SE @ KV)]).ravel()

    fl = flows.integrate_double(field, np.eye(p).ravel(), float(grid[-1]), rtol=rtol, method=method, grid=grid)
    return GramPath(fl.times, fl.states.reshape(-1, p, p), G0, Yt, s, fl.error)


# ---------------------------------------------------------------------------------------
# Spectra and sampling
# ---------------------------------------------------------------------------------------
def indefinite_spectrum(G: np.ndarray, signs: Sequence[float]) -> np.ndarray:
    """The eigenvalues of ``Z^T J Z`` (``J = diag(signs)``) that can be nonzero, from
    ``G = Z Z^T``: those of ``G^{1/2} J G^{1/2}`` (same nonzero spectrum), decreasing. The
    remaining ``h - len(signs)`` eigenvalues of the h x h matrix are 0 when ``h >= len``."""
    w, Q = np.linalg.eigh(np.asarray(G, float))
    half = (Q * np.sqrt(np.clip(w, 0, None))) @ Q.T
    return np.sort(np.linalg.eigvalsh(half @ np.diag(signs) @ half))[::-1]


def wishart_gram(k: int, h: int, rng: np.random.Generator) -> np.ndarray:
    """``M M^T`` for ``M`` k x h with i.i.d. N(0,1) entries (``h >= k``), by the Bartlett
    decomposition ``L L^T``: ``L`` lower triangular, ``L_ii^2 ~ chi^2_{h-i}``, ``L_ij ~ N(0,1)``."""
    if h < k:
        M = rng.standard_normal((k, h))
        return M @ M.T
    L = np.tril(rng.standard_normal((k, k)), -1)
    L[np.diag_indices(k)] = np.sqrt(rng.chisquare(h - np.arange(k)))
    return L @ L.T
