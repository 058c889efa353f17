"""Training small diagonal SSMs (optionally followed by a ReLU MLP) by gradient descent, in NumPy.

Knows no paper. A diagonal SSM ``(a, b, c)`` maps a sequence ``x`` (oldest first) to
``phi(x) = sum_j h_j x_{k-1-j}`` with ``h_j = sum_i c_i b_i a_i^j``. The network variant is
``D_out relu(D_hid relu(D_in phi(x)))``. The loss is the empirical mean squared error.

Gradients: with respect to the impulse response by the chain rule through ``phi``, then to
``(a, b, c)`` by ``numerics.linear_rnn.impulse_gradient``; the MLP by hand-written backprop
(tested against finite differences in tests/test_ssm_training.py).

Optimisers: plain gradient descent with the adaptive step ``lr / sqrt(EMA of |g|^2 + soft)``
(the step size changes, not the direction), and Adam (Keras defaults).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import linear_rnn


def impulse(a, b, c, n: int) -> np.ndarray:
    return np.array(linear_rnn.impulse(a, b, c, n), float)


def ssm_outputs(a, b, c, X: np.ndarray) -> np.ndarray:
    """``phi(x_i)`` for the rows of X (N x k)."""
    k = X.shape[1]
    h = impulse(a, b, c, k)
    return X[:, ::-1] @ h


def ssm_loss_grad(params: dict, X: np.ndarray, y: np.ndarray, learn_bc: bool = True):
    """Loss and gradient dict of the standalone SSM."""
    a, b, c = params["a"], params["b"], params["c"]
    r = ssm_outputs(a, b, c, X) - y
    loss = float(np.mean(r**2))
    gh = 2 * (X[:, ::-1].T @ r) / len(y)  # dl/dh_j
    GA, GB, GC = linear_rnn.impulse_gradient(a, b, c, list(gh))
    g = {"a": np.asarray(GA, float)}
    if learn_bc:
        g["b"], g["c"] = np.asarray(GB, float), np.asarray(GC, float)
    return loss, g


def mlp_forward(params: dict, z: np.ndarray):
    u1 = np.outer(z, params["Din"])  # N x dh
    v1 = np.maximum(u1, 0)
    u2 = v1 @ params["Dhid"].T
    v2 = np.maximum(u2, 0)
    return v2 @ params["Dout"], (u1, v1, u2, v2)


def net_loss_grad(params: dict, X: np.ndarray, y: np.ndarray):
    """Loss and gradients of the SSM followed by the ReLU MLP (all parameters)."""
    a, b, c = params["a"], params["b"], params["c"]
    z = ssm_outputs(a, b, c, X)
    out, (u1, v1, u2, v2) = mlp_forward(params, z)
    N = len(y)
    r = out - y
    loss = float(np.mean(r**2))
    g_out = 2 * r / N  # dl/dout
    g = {"Dout": v2.T @ g_out}
    g_v2 = np.outer(g_out, params["Dout"])
    g_u2 = g_v2 * (u2 > 0)
    g["Dhid"] = g_u2.T @ v1
    g_v1 = g_u2 @ params["Dhid"]
    g_u1 = g_v1 * (u1 > 0)
    g["Din"] = g_u1.T @ z
    g_z = g_u1 @ params["Din"]
    gh = X[:, ::-1].T @ g_z
    GA, GB, GC = linear_rnn.impulse_gradient(a, b, c, list(gh))
    g["a"], g["b"], g["c"] = np.asarray(GA, float), np.asarray(GB, float), np.asarray(GC, float)
    return loss, g


@dataclass
class Run:
    params: dict
    losses: list = field(default_factory=list)
    a_history: list = field(default_factory=list)  # |a| snapshots
    steps: int = 0
    reached: bool = False  # the loss fell below the target


def train(
    params: dict,
    loss_grad,
    lr: float,
    optimizer: str = "adaptive",
    loss_tol: float = 0.01,
    extra: int = 1500,
    max_steps: int = 200_000,
    record_every: int = 50,
    beta: float = 0.8,
    soft: float = 1e-6,
) -> Run:
    """Gradient descent until ``loss < loss_tol`` then ``extra`` more steps (or ``max_steps``).
    ``optimizer``: ``adaptive`` (lr / sqrt(EMA_beta |g|^2 + soft)) or ``adam`` (Keras defaults)."""
    p = {k: np.array(v, float) for k, v in params.items()}
    run = Run(p)
    ema = None
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    b1, b2, eps = 0.9, 0.999, 1e-7
    stop_at = None
    for it in range(max_steps):
        loss, g = loss_grad(p)
        if it % record_every == 0:
            run.losses.append(loss)
            run.a_history.append(np.abs(p["a"]).copy())
        if stop_at is None and loss < loss_tol:
            run.reached = True
            stop_at = it + extra
        if stop_at is not None and it >= stop_at:
            break
        if optimizer == "adaptive":
            gn2 = sum(float(np.sum(v**2)) for v in g.values())
            ema = gn2 if ema is None else beta * ema + (1 - beta) * gn2
            step = lr / np.sqrt(ema + soft)
            for k, v in g.items():
                p[k] -= step * v
        elif optimizer == "adam":
            t = it + 1
            for k, v in g.items():
                m[k] = b1 * m[k] + (1 - b1) * v
                v2[k] = b2 * v2[k] + (1 - b2) * v**2
                mh, vh = m[k] / (1 - b1**t), v2[k] / (1 - b2**t)
                p[k] -= lr * mh / (np.sqrt(vh) + eps)
        else:
            raise ValueError(f"unknown optimizer {optimizer!r}")
        run.steps = it + 1
    run.losses.append(loss_grad(p)[0])
    run.a_history.append(np.abs(p["a"]).copy())
    return run


def sorted_abs_normal(rng: np.random.Generator, d: int, sd: float, diff: float | None) -> np.ndarray:
    """``|N(0, sd)|^d`` sorted descending, the second entry set to the first minus ``diff``."""
    v = np.sort(np.abs(rng.normal(0, sd, d)))[::-1].copy()
    if diff is not None:
        v[1] = v[0] - diff
    return v
