"""Small fully connected ReLU networks in NumPy: outputs, per-example Jacobians (tangent
features), the tangent-kernel interpolant, and gradient descent on the squared loss.

Knows no paper. A network is a flat parameter vector ``theta`` with a layout (layer sizes,
with or without biases); hidden layers use ReLU, the output layer is linear with one output.
A *plain* network is ``g(theta)``; an *antisymmetric* network is the difference of two copies,
``f = g(theta_a) - g(theta_b)``, started at ``theta_a = theta_b`` so that its output at
initialisation is exactly 0.

The loss is ``L(theta) = sum_n (f(theta, x_n) - y_n)^2`` (summed, no 1/2), its gradient
``2 J^T r``. Gradient descent approximates the gradient flow with a step that adapts to the
local curvature and to the parameter scale (``train``): the limit of the flow does not depend
on a time rescaling, and a fixed step either diverges at large scales (the tangent kernel
grows like scale^(2(depth-1))) or needs millions of steps at small ones.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Layout:
    sizes: tuple[int, ...]  # input, hidden..., output (= 1)
    bias: bool = False

    @functools.cached_property
    def shapes(self) -> list[tuple[tuple[int, int], int]]:
        """Per layer: ((out, in), bias length or 0)."""
        return [((o, i), o if self.bias else 0) for i, o in zip(self.sizes[:-1], self.sizes[1:])]

    @functools.cached_property
    def size(self) -> int:
        return sum(o * i + b for (o, i), b in self.shapes)

    @functools.cached_property
    def _offsets(self) -> list[tuple[int, int, int, int, int]]:
        """Per layer: (weights' start, out, in, bias start, bias length) in ``theta``."""
        out, k = [], 0
        for (o, i), b in self.shapes:
            out.append((k, o, i, k + o * i, b))
            k += o * i + b
        return out

    def unflatten(self, theta: np.ndarray) -> list[tuple[np.ndarray, np.ndarray | None]]:
        return [
            (theta[k : k + o * i].reshape(o, i), theta[kb : kb + b] if b else None) for k, o, i, kb, b in self._offsets
        ]

    def flatten(self, layers: list[tuple[np.ndarray, np.ndarray | None]]) -> np.ndarray:
        parts = []
        for W, b in layers:
            parts.append(W.ravel())
            if self.bias:
                parts.append(np.zeros(W.shape[0]) if b is None else b.ravel())
        return np.concatenate(parts)


def he_uniform(layout: Layout, rng: np.random.Generator) -> np.ndarray:
    """Uniform He initialisation: ``W ~ U(-sqrt(6/fan_in), sqrt(6/fan_in))``, biases 0."""
    layers = []
    for (o, i), b in layout.shapes:
        lim = np.sqrt(6.0 / i)
        layers.append((rng.uniform(-lim, lim, size=(o, i)), np.zeros(o) if b else None))
    return layout.flatten(layers)


def output_and_jacobian(layout: Layout, theta: np.ndarray, X: np.ndarray, jacobian: bool = True, out=None):
    """``f(theta, x_n)`` for the rows of ``X`` and the per-example gradients ``J`` (n x P),
    written into ``out`` (an n x P view) when given. Called once per gradient step: the
    layout's offsets are computed once and ``J`` is filled in place (~2x fewer NumPy calls
    than assembling it from blocks, the same numbers)."""
    layers = layout.unflatten(theta)
    hs, acts = [X], []
    h = X
    last = len(layers) - 1
    for li, (W, b) in enumerate(layers):
        a = h @ W.T
        if b is not None:
            a += b
        if li < last:
            acts.append(a)
            h = np.maximum(a, 0.0)
            hs.append(h)
        else:
            f = a[:, 0]
    if not jacobian:
        return f, None
    n = X.shape[0]
    J = np.empty((n, layout.size)) if out is None else out
    delta = np.ones((n, 1))  # d f / d (pre-activation of the output layer)
    for li in range(last, -1, -1):
        k, o, i, kb, b = layout._offsets[li]
        block = J[:, k:kb].reshape(n, o, i)
        if not np.may_share_memory(block, J):  # a copy (``out`` not row-major): it would be lost
            raise ValueError("out must be a row-major n x P array or a column slice of one")
        np.multiply(delta[:, :, None], hs[li][:, None, :], out=block)
        if b:
            J[:, kb : kb + b] = delta
        if li > 0:
            delta = (delta @ layers[li][0]) * (acts[li - 1] > 0)
    return f, J


@dataclass(frozen=True)
class Plain:
    """The network ``g(theta)`` of a layout, with the same interface as :class:`Antisymmetric`."""

    base: Layout

    @property
    def size(self) -> int:
        return self.base.size

    def start(self, theta0: np.ndarray) -> np.ndarray:
        return np.array(theta0, float)

    def output_and_jacobian(self, theta: np.ndarray, X: np.ndarray, jacobian: bool = True):
        return output_and_jacobian(self.base, theta, X, jacobian)


@dataclass(frozen=True)
class Antisymmetric:
    """``f = g(theta_a) - g(theta_b)`` for a base layout; ``theta = [theta_a, theta_b]``."""

    base: Layout

    @property
    def size(self) -> int:
        return 2 * self.base.size

    def start(self, theta0: np.ndarray) -> np.ndarray:
        return np.concatenate([theta0, theta0])

    def output_and_jacobian(self, theta: np.ndarray, X: np.ndarray, jacobian: bool = True):
        P = self.base.size
        J = np.empty((X.shape[0], 2 * P)) if jacobian else None
        fa, _ = output_and_jacobian(self.base, theta[:P], X, jacobian, None if J is None else J[:, :P])
        fb, Jb = output_and_jacobian(self.base, theta[P:], X, jacobian, None if J is None else J[:, P:])
        if jacobian:
            np.negative(Jb, out=Jb)
        return fa - fb, J


def kernel_interpolant(model, theta0: np.ndarray, X: np.ndarray, y: np.ndarray, Xq: np.ndarray) -> np.ndarray:
    """The tangent-kernel predictor at ``theta0`` fitted to ``(X, y)``, at the query points:
    ``f0(Xq) + K0(Xq, X) K0(X, X)^{-1} (y - f0(X))`` with ``K0 = J0 J0^T`` (the limit of
    gradient flow on the linearised model)."""
    f0, J0 = model.output_and_jacobian(theta0, X)
    fq, Jq = model.output_and_jacobian(theta0, Xq)
    K = J0 @ J0.T
    return fq + Jq @ (J0.T @ np.linalg.solve(K, y - f0))


@dataclass
class Training:
    theta: np.ndarray
    loss: float
    steps: int
    converged: bool
    loss_history: list


def train(
    model,
    theta0: np.ndarray,
    X: np.ndarray,
    y: np.ndarray,
    loss_tol: float,
    max_steps: int = 200_000,
    rel_step: float = 0.02,
    curvature_fraction: float = 0.5,
    finish_below: float | None = None,
) -> Training:
    """Gradient descent on ``sum (f - y)^2`` until the loss is below ``loss_tol``.

    Step ``eta = min(curvature_fraction / lambda_max(J J^T), rel_step |theta| / |grad|)``:
    the first bound keeps the step inside the stable range of the output-space linearisation
    (``eta < 1/lambda_max``), the second keeps each step a small relative change of the
    parameters (so that escaping a small initialisation follows the flow).

    With ``finish_below``, once the loss is below it the tail of the flow is completed by its
    linearisation: the flow of the model linearised at the current point converges to the
    minimum-norm correction ``theta - J^T (J J^T)^{-1} r`` (Gauss-Newton steps, repeated while
    they reduce the loss). This is exact for a linear model and first-order accurate in the
    residual otherwise; callers estimate the error by finishing from two thresholds."""
    theta = np.array(theta0, float)
    history = []
    loss = np.inf
    for step in range(max_steps):
        f, J = model.output_and_jacobian(theta, X)
        r = f - y
        loss = float(r @ r)
        if step % 100 == 0:
            history.append((step, loss))
        if loss < loss_tol:
            return Training(theta, loss, step, True, history)
        if finish_below is not None and loss < finish_below:
            for _ in range(20):
                cand = theta - J.T @ np.linalg.solve(J @ J.T, r)
                fc, Jc = model.output_and_jacobian(cand, X)
                rc = fc - y
                if float(rc @ rc) >= loss:
                    break
                theta, J, r, loss = cand, Jc, rc, float(rc @ rc)
                if loss < loss_tol:
                    return Training(theta, loss, step, True, history)
            finish_below = None  # the linearisation stopped helping: back to gradient descent
        g = 2.0 * (J.T @ r)
        lam = float(np.linalg.eigvalsh(J @ J.T)[-1])
        gn = math.sqrt(g @ g)  # np.linalg.norm's own computation of a vector's 2-norm
        eta = min(curvature_fraction / max(lam, 1e-300), rel_step * math.sqrt(theta @ theta) / max(gn, 1e-300))
        theta = theta - eta * g
    return Training(theta, loss, max_steps, False, history)


def cosine_distance(A: np.ndarray, B: np.ndarray) -> float:
    """``1 - <A, B>_F / (|A|_F |B|_F)``."""
    return float(1.0 - np.sum(A * B) / (np.linalg.norm(A) * np.linalg.norm(B)))
