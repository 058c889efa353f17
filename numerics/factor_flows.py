"""Gradient flows of matrix factorisation models, each with an error estimate. Knows no paper.

Two models, both with the squared loss ``L = s * sum_n (f_n - y_n)^2`` (``s = 1``: summed,
no 1/2; ``s = 1/2`` gives the same paths at half the speed):

* ``uv_flow``: the asymmetric model ``f_n = <X_n, U V^T>`` on the full factors ``U, V``
  (d x k each), field from :func:`numerics.models.factorization_grad`.
* ``symmetric_flow``: the symmetric model ``f_n = <A_n, W W^T>`` with symmetric ``A_n``
  (p x p) and ``W`` p x k, in the exact reduced form ``W(t) = Phi(t) W0``: the gradient is
  ``4 s sum_n r_n A_n W``, so ``Phi' = -4 s sum_n r_n A_n Phi``, ``Phi(0) = I``, with
  ``r_n = <A_n, Phi S0 Phi^T> - y_n`` and ``S0 = W0 W0^T``. The path depends on ``W0`` only
  through ``S0`` and costs the same for every width ``k``. Alongside runs the gradient flow
  of the model linearised at ``W0`` (``f_lin,n(W) = f_n(W0) + <2 A_n W0, W - W0>``), whose
  path is ``W_lin = Psi W0`` with ``Psi = I - 4 s sum_n c_n A_n``, ``c' = r_lin``,
  ``r_lin = f(W0) - K c - y``, ``K_nm = 8 s tr(A_n A_m S0)``.

Both integrate with :func:`numerics.flows.integrate_double` (two tolerances); the error
estimate per saved time is the largest absolute state difference between them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import flows
from .models import factorization_grad

# LSODA's finite-difference Jacobian costs one field evaluation per state; above this size
# an explicit method is cheaper on these mildly stiff flows.
_LSODA_MAX_STATES = 700


def _method(n_states: int, method: str | None) -> str:
    return method or ("LSODA" if n_states <= _LSODA_MAX_STATES else "DOP853")


@dataclass
class UVPath:
    times: np.ndarray
    U: np.ndarray  # (T, d, k)
    V: np.ndarray  # (T, d, k)
    error: np.ndarray  # per time: state error estimate (max abs)

    @property
    def M(self) -> np.ndarray:
        return self.U @ np.transpose(self.V, (0, 2, 1))


def uv_flow(
    Xs: np.ndarray,
    y: np.ndarray,
    U0: np.ndarray,
    V0: np.ndarray,
    grid,
    rtol: float = 1e-10,
    scale: float = 1.0,
    method: str | None = None,
) -> UVPath:
    """Gradient flow of ``scale * sum_n (<X_n, U V^T> - y_n)^2`` from ``(U0, V0)`` on ``grid``."""
    Xs = np.asarray(Xs, float)
    y = np.asarray(y, float)
    d, k = U0.shape
    n = d * k

    def field(t, z):
        gU, gV = factorization_grad(z[:n].reshape(d, k), z[n:].reshape(d, k), Xs, y)
        return -scale * np.concatenate([gU.ravel(), gV.ravel()])

    z0 = np.concatenate([np.asarray(U0, float).ravel(), np.asarray(V0, float).ravel()])
    fl = flows.integrate_double(field, z0, float(grid[-1]), rtol=rtol, method=_method(2 * n, method), grid=grid)
    S = fl.states
    return UVPath(fl.times, S[:, :n].reshape(-1, d, k), S[:, n:].reshape(-1, d, k), fl.error)


@dataclass
class SymmetricPath:
    times: np.ndarray
    Phi: np.ndarray  # (T, p, p): W(t) = Phi(t) W0
    c: np.ndarray  # (T, N): integral of the linearised model's residual
    S0: np.ndarray  # W0 W0^T
    As: np.ndarray
    scale: float
    error: np.ndarray  # per time: state error estimate (max abs over Phi and c)

    @property
    def Psi(self) -> np.ndarray:
        """``W_lin(t) = Psi(t) W0``."""
        p = self.S0.shape[0]
        return np.eye(p) - 4 * self.scale * np.einsum("tn,nij->tij", self.c, self.As)

    def gram(self) -> np.ndarray:
        """``W W^T = Phi S0 Phi^T`` along the path."""
        return self.Phi @ self.S0 @ np.transpose(self.Phi, (0, 2, 1))

    def predictions(self) -> np.ndarray:
        return np.einsum("nij,tij->tn", self.As, self.gram())

    def predictions_lin(self, f0: np.ndarray) -> np.ndarray:
        K = 8 * self.scale * np.einsum("nij,mjl,li->nm", self.As, self.As, self.S0)
        return f0[None, :] - self.c @ K.T

    def _fro(self, D: np.ndarray) -> np.ndarray:
        """``|D W0|_F`` for each ``D`` in the batch."""
        return np.sqrt(np.maximum(np.einsum("tij,jl,til->t", D, self.S0, D), 0.0))

    def displacement(self) -> np.ndarray:
        """``|W(t) - W0|_F``."""
        return self._fro(self.Phi - np.eye(self.S0.shape[0])[None])

    def distance_to_lin(self) -> np.ndarray:
        """``|W(t) - W_lin(t)|_F``."""
        return self._fro(self.Phi - self.Psi)


def symmetric_field(As: np.ndarray, y: np.ndarray, S0: np.ndarray, scale: float = 1.0):
    """``(field, jacobian)`` of :func:`symmetric_flow`'s state ``z = (vec Phi, c)`` (row-major
    ``Phi``), both ``f(t, z)`` as SciPy calls them."""
    As = np.asarray(As, float)
    y = np.asarray(y, float)
    S0 = np.asarray(S0, float)
    N, p, _ = As.shape
    f0 = np.einsum("nij,ij->n", As, S0)
    K = 8 * scale * np.einsum("nij,mjl,li->nm", As, As, S0)
    q = p * p
    Am = As.reshape(N, q)  # the sensing operator as an N x p^2 matrix: BLAS products, not einsum loops

    def field(t, z):
        Phi = z[:q].reshape(p, p)
        c = z[q:]
        r = Am @ (Phi @ S0 @ Phi.T).ravel() - y
        dPhi = (-4 * scale) * (r @ Am).reshape(p, p) @ Phi
        dc = f0 - K @ c - y
        return np.concatenate([dPhi.ravel(), dc])

    eye_p = np.eye(p)
    jac_cc = -K

    def jacobian(t, z):
        # d(dPhi) = -4 s [G(dr) Phi + G(r) dX], G(v) = sum_n v_n A_n, dr_n = <2 A_n Phi S0, dX>
        # (A_n, S0 symmetric); row-major vec: vec(G X) = (G kron I) vec(X). The c block is
        # linear (-K) and the two blocks do not couple. LSODA otherwise forms this by finite
        # differences, one field evaluation per state (~75% of its evaluations here).
        Phi = z[:q].reshape(p, p)
        r = Am @ (Phi @ S0 @ Phi.T).ravel() - y
        AP = As @ Phi  # (N, p, p): A_n Phi
        P, Q = AP.reshape(N, q), (2 * AP @ S0).reshape(N, q)
        J = np.zeros((q + N, q + N))
        J[:q, :q] = (-4 * scale) * (P.T @ Q + np.kron((r @ Am).reshape(p, p), eye_p))
        J[q:, q:] = jac_cc
        return J

    return field, jacobian


def symmetric_flow(
    As: np.ndarray,
    y: np.ndarray,
    S0: np.ndarray,
    grid,
    rtol: float = 1e-10,
    scale: float = 1.0,
    method: str | None = None,
) -> SymmetricPath:
    """Gradient flow of ``scale * sum_n (<A_n, W W^T> - y_n)^2`` (symmetric ``A_n``) from any
    ``W0`` with ``W0 W0^T = S0``, with the linearised model's flow alongside (module doc)."""
    As = np.asarray(As, float)
    N, p, _ = As.shape
    field, jacobian = symmetric_field(As, y, S0, scale)
    z0 = np.concatenate([np.eye(p).ravel(), np.zeros(N)])
    # the Jacobian goes to the implicit methods only (integrate_double drops it for explicit ones)
    fl = flows.integrate_double(
        field, z0, float(grid[-1]), rtol=rtol, method=_method(p * p + N, method), grid=grid, jac=jacobian
    )
    S, q = fl.states, p * p
    return SymmetricPath(fl.times, S[:, :q].reshape(-1, p, p), S[:, q:], np.asarray(S0, float), As, scale, fl.error)
