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


def impulse(a, b, c, n: int) -> np.ndarray:
    """``h_j = sum_i c_i b_i a_i^j``, j < n, as ``linear_rnn.impulse`` computes it for a diagonal
    ``A`` (``v_0 = b``, ``v_{j+1} = a v_j``, ``h_j = sum(c v_j)`` left to right), vectorised over
    j: ``cumprod`` and ``cumsum`` accumulate in the same order, so the values are the same to
    the last bit (tests/test_moment_flows.py)."""
    a, b, c = (np.asarray(v, float) for v in (a, b, c))
    if n == 0 or a.size == 0:
        return np.zeros(n)
    V = np.empty((n, a.size))
    V[0], V[1:] = b, a
    np.cumprod(V, axis=0, out=V)  # row j: a^j b, multiplied in the order of v_{j+1} = a v_j
    V *= c
    return np.cumsum(V, axis=1)[:, -1]


def impulse_gradient(a, b, c, g) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(dl/da, dl/db, dl/dc)`` for ``g_j = dl/dh_j``: ``linear_rnn.impulse_gradient`` for a
    diagonal ``A`` (the sums over j accumulated in the same order from the same terms
    ``g_j c a^j``, ``g_j b a^j`` and ``g_j j c b a^(j-1)``, so the same values), vectorised over j."""
    a, b, c, g = (np.asarray(v, float) for v in (a, b, c, g))
    n, d = g.size, a.size
    P = np.empty((n, d))
    for j in range(n):
        P[j] = a**j  # elementwise as linear_rnn's ``A**j`` (NumPy's fast paths for j = 0, 1, 2 included)
    gc, gb = g[:, None] * c, g[:, None] * b
    W = np.empty((3, n + 1, d))  # per gradient: the initial zero (``x * 0``) and the terms, summed over j
    # the j sum of dl/da has n - 1 terms: the row appended is -0.0, which adds exactly nothing
    W[0, n] = -0.0
    W[0, 0], W[1, 0], W[2, 0] = a * 0, b * 0, c * 0
    np.multiply((g[1:] * np.arange(1, n))[:, None] * c * b, P[:-1], out=W[0, 1:n])
    np.multiply(gc, P, out=W[1, 1:])
    np.multiply(gb, P, out=W[2, 1:])
    GA, GB, GC = np.cumsum(W, axis=1)[:, -1]
    return GA, GB, GC


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
    GA, GB, GC = impulse_gradient(a, b, c, gh)
    g = {"a": GA}
    if learn_bc:
        g["b"], g["c"] = GB, GC
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
    g["a"], g["b"], g["c"] = impulse_gradient(a, b, c, gh)
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
            gn2 = sum(float(np.add.reduce(v * v)) for v in g.values())  # np.sum(v**2), less dispatch
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
