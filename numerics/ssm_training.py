"""Training small diagonal SSMs (optionally followed by a ReLU MLP) by gradient descent, in NumPy.

Knows no paper. A diagonal SSM ``(a, b, c)`` maps a sequence ``x`` (oldest first) to
``phi(x) = sum_j h_j x_{k-1-j}`` with ``h_j = sum_i c_i b_i a_i^j``. The network variant is
``D_out relu(D_hid relu(D_in phi(x)))``. The loss is the empirical mean squared error.

Gradients: with respect to the impulse response by the chain rule through ``phi``, then to
``(a, b, c)`` by ``numerics.linear_rnn.impulse_gradient``; the MLP by hand-written backprop
(tested against finite differences in tests/test_ssm_training.py).

Optimisers: plain gradient descent with the adaptive step ``lr / sqrt(EMA of |g|^2 + soft)``
(the step size changes, not the direction), and Adam (Keras' defaults and its update formula,
``keras.optimizers.Adam``).
"""

from __future__ import annotations

import functools
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
            alpha = lr * np.sqrt(1 - b2**t) / (1 - b1**t)  # Keras' form: epsilon added to sqrt(v) uncorrected
            for k, v in g.items():
                m[k] += (v - m[k]) * (1 - b1)
                v2[k] += (v * v - v2[k]) * (1 - b2)
                p[k] -= alpha * m[k] / (np.sqrt(v2[k]) + eps)
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


# ---------------------------------------------------------------------------------------
# The same models on Keras 3 / JAX (float32, Keras' floatx): Keras' Adam through
# ``stateless_apply``, the adaptive step in jax.numpy; several seeds at once (``jax.vmap``)
# ---------------------------------------------------------------------------------------
KERAS_CHUNK = 500  # steps per compiled scan
KERAS_RECORD = 10  # the loss is recorded every this many steps


def _recurrent_outputs(jnp, p, X):
    """``phi(x)`` by the recursion ``s_t = a s_{t-1} + b x_t``, ``y = c . s_k`` (as a Keras
    layer computes it; not through the impulse response as :func:`ssm_outputs` does)."""
    s = jnp.zeros((X.shape[0], p["a"].shape[0]), X.dtype)
    for t in range(X.shape[1]):
        s = s * p["a"] + X[:, t : t + 1] * p["b"]
    return s @ p["c"]


def _net_outputs(jnp, p, X):
    z = _recurrent_outputs(jnp, p, X)
    if "Din" not in p:
        return z
    v1 = jnp.maximum(z[:, None] * p["Din"], 0)
    v2 = jnp.maximum(v1 @ p["Dhid"].T, 0)
    return v2 @ p["Dout"]


@functools.cache
def _keras_compiled(names: tuple, shapes: tuple, optimizer: str, learn: tuple, beta: float, soft: float):
    """The jitted, seed-vmapped chunk of ``KERAS_CHUNK`` steps for one model's shapes."""
    from . import keras_training  # noqa: F401  (sets KERAS_BACKEND=jax and one XLA thread before JAX loads)

    keras = keras_training._keras()
    import jax
    import jax.numpy as jnp

    train_names = [n for n in names if n in learn]
    opt = None
    if optimizer == "adam":
        opt = keras.optimizers.Adam(1e-3)  # Keras' defaults; the rate is set per run (an optimizer variable)
        opt.build([keras.Variable(np.zeros(shapes[names.index(n)], np.float32)) for n in train_names])

    def loss_fn(tp, fixed, X, y):
        p = {**fixed, **tp}
        r = _net_outputs(jnp, p, X) - y
        return jnp.mean(r**2)

    grad = jax.value_and_grad(loss_fn)

    def chunk(state, X, y, lr, tol, extra):
        def step(st, _):
            tp, fixed, ov, ema, it, stop_at = st
            loss, g = grad(tp, fixed, X, y)
            hit = (stop_at < 0) & (loss < tol)
            stop_at = jnp.where(hit, it + extra, stop_at)
            active = (stop_at < 0) | (it < stop_at)
            if optimizer == "adam":
                ov2 = list(ov)
                ov2[lr_index] = lr.astype(ov2[lr_index].dtype)
                new, ov2 = opt.stateless_apply(ov2, [g[n] for n in train_names], [tp[n] for n in train_names])
                new = dict(zip(train_names, new))
                ema2 = ema
            else:
                gn2 = sum(jnp.sum(g[n] ** 2) for n in train_names)
                ema2 = jnp.where(ema < 0, gn2, beta * ema + (1 - beta) * gn2)
                stp = lr / jnp.sqrt(ema2 + soft)
                new = {n: tp[n] - stp * g[n] for n in train_names}
                ov2 = ov
            keep = lambda a, b: jnp.where(active, a, b)  # noqa: E731
            tp = {n: keep(new[n], tp[n]) for n in train_names}
            ov = [keep(a, b) for a, b in zip(ov2, ov)]
            ema = keep(ema2, ema)
            it = it + active.astype(it.dtype)
            return (tp, fixed, ov, ema, it, stop_at), loss

        state, losses = jax.lax.scan(step, state, None, length=KERAS_CHUNK)
        return state, losses[::KERAS_RECORD]

    lr_index = 0
    opt_vars = []
    if opt is not None:
        opt_vars = [np.asarray(v.value) for v in opt.variables]
        lr_index = [i for i, v in enumerate(opt.variables) if v.path.endswith("learning_rate")][0]
    run = jax.jit(jax.vmap(chunk, in_axes=(0, 0, 0, None, None, None)))
    return run, opt_vars, train_names


def train_keras(
    params: list,
    Xs: list,
    ys: list,
    lr: float,
    optimizer: str = "adaptive",
    loss_tol: float = 0.01,
    extra: int = 1500,
    max_steps: int = 200_000,
    learn: tuple | None = None,
    beta: float = 0.8,
    soft: float = 1e-6,
) -> list:
    """:func:`train`'s stopping rule (until ``loss < loss_tol``, then ``extra`` more steps, at
    most ``max_steps``) for several seeds at once in float32 on Keras/JAX: ``params[i]``,
    ``Xs[i]``, ``ys[i]`` per seed (same shapes). ``optimizer``: ``adaptive`` (the step
    ``lr / sqrt(EMA_beta |g|^2 + soft)``) or ``adam`` (``keras.optimizers.Adam``, its defaults
    but the rate). Gradients by JAX's autodiff of the recursion (not the impulse response).
    ``learn``: the names trained (default all). Returns one :class:`Run` per seed (params in
    float64, the loss every ``KERAS_RECORD`` steps, steps taken, whether the target was reached)."""
    import time

    import jax.numpy as jnp

    t0 = time.perf_counter()
    names = tuple(sorted(params[0]))
    learn = tuple(names if learn is None else learn)
    shapes = tuple(np.shape(params[0][n]) for n in names)
    run, opt_vars, train_names = _keras_compiled(names, shapes, optimizer, learn, beta, soft)
    S = len(params)
    f32 = lambda v: jnp.asarray(np.asarray(v, np.float32))  # noqa: E731
    tp = {n: f32([p[n] for p in params]) for n in train_names}
    fixed = {n: f32([p[n] for p in params]) for n in names if n not in train_names}
    ov = [jnp.stack([jnp.asarray(v)] * S) for v in opt_vars]
    state = (tp, fixed, ov, jnp.full(S, -1.0, jnp.float32), jnp.zeros(S, jnp.int32), jnp.full(S, -1, jnp.int32))
    X, y = f32(Xs), f32(ys)
    lr_, tol_, ex_ = jnp.float32(lr), jnp.float32(loss_tol), jnp.int32(extra)
    losses = []
    done = 0
    while done < max_steps:
        state, last = run(state, X, y, lr_, tol_, ex_)
        done += KERAS_CHUNK
        losses.extend(np.asarray(last, float).T)
        it, stop_at = np.asarray(state[4]), np.asarray(state[5])
        if np.all((stop_at >= 0) & (it >= stop_at)):
            break
    tp, fixed = state[0], state[1]
    it, stop_at = np.asarray(state[4]), np.asarray(state[5])
    out = []
    for i in range(S):
        p = {n: np.asarray(tp[n][i], float) for n in train_names}
        p.update({n: np.asarray(fixed[n][i], float) for n in fixed})
        r = Run(
            p, losses=[float(v[i]) for v in losses], steps=int(min(it[i], max_steps)), reached=bool(stop_at[i] >= 0)
        )
        r.a_history = [np.abs(p["a"])]
        out.append(r)
    seconds = time.perf_counter() - t0
    for r in out:
        r.seconds = seconds
    return out
