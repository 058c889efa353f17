"""Recurrent models trained with Keras 3 on the JAX backend (CPU): the deep-learning stack the
experiments of the rnn papers used, knowing no paper.

A model is ``Input(None, 1) -> <cell>(width, return_sequences=True) -> Dense(1, no bias)``:
the cell is Keras' ``SimpleRNN`` with linear activation and no bias (the linear RNN
``h_t = A h_{t-1} + B x_t``, ``y = C h``), ``LSTM`` or ``GRU`` (Keras defaults). Kernels are
Glorot-uniform (Keras' default); the recurrent kernel's initializer is a choice
(``glorot_uniform`` or Keras' default ``orthogonal``). Training: Keras' ``Adam`` (its default
moments) through ``optimizer.stateless_apply``, mean squared error on the output at the last
step of each training sequence, minibatches drawn epoch by epoch from a finite training set
(shuffled each epoch, the last partial batch dropped, as ``model.fit`` does), inputs i.i.d.
standard normal, targets from a linear *teacher* given by its impulse response ``g``
(``y_t = sum_{j<t} g_j x_{t-1-j}``). Several seeds train at once (``jax.vmap``) in one
compiled ``lax.scan`` of a fixed number of steps, reused for every learning rate, seed and
step count of the same shapes within the process (the learning rate is an optimizer variable,
not a constant of the compiled code).

Evaluation: the output at every step of fresh length-``T`` test sequences gives the test
mean squared error at every length ``t <= T`` at once (the models are causal from a zero
state), with its standard error over the test sequences; relative errors divide by the
teacher's output energy ``sum_{j<t} g_j^2``. For the linear RNN the learned ``(A, B, C)`` and
their impulse response (in double precision) are returned too.

Threads: one per process (XLA's Eigen pool off), set before JAX is imported, so that worker
processes do not compete for the cores.
"""

from __future__ import annotations

import functools
import math
import os
import time
from dataclasses import dataclass, field

import numpy as np

os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ.setdefault("JAX_PLATFORMS", "cpu")
if "xla_cpu_multi_thread_eigen" not in os.environ.get("XLA_FLAGS", ""):
    os.environ["XLA_FLAGS"] = (
        os.environ.get("XLA_FLAGS", "") + " --xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
    ).strip()

CELLS = ("linear", "lstm", "gru")
RECURRENT_INITS = ("glorot_uniform", "orthogonal")
CHUNK = 250  # steps per compiled scan: step counts are multiples of it


def _keras():
    import keras

    if keras.backend.backend() != "jax":
        raise RuntimeError(
            f"Keras runs on {keras.backend.backend()!r}, not JAX: set KERAS_BACKEND=jax before importing it"
        )
    return keras


def build_model(cell: str, width: int, recurrent_init: str = "glorot_uniform", init_scale: float | None = None):
    """A fresh Keras model (weights drawn from Keras' global seed). ``init_scale``: every weight
    (kernels, recurrent kernel, readout; biases stay 0) drawn from N(0, init_scale^2) instead."""
    keras = _keras()
    if cell not in CELLS:
        raise ValueError(f"cell must be one of {CELLS}, not {cell!r}")
    if recurrent_init not in RECURRENT_INITS:
        raise ValueError(f"recurrent_init must be one of {RECURRENT_INITS}, not {recurrent_init!r}")
    kw = dict(return_sequences=True, kernel_initializer="glorot_uniform", recurrent_initializer=recurrent_init)
    readout = "glorot_uniform"
    if init_scale is not None:
        readout = keras.initializers.RandomNormal(stddev=init_scale)
        kw.update(kernel_initializer=readout, recurrent_initializer=readout)
    if cell == "linear":
        layer = keras.layers.SimpleRNN(width, activation=None, use_bias=False, **kw)
    elif cell == "lstm":
        layer = keras.layers.LSTM(width, **kw)
    else:
        layer = keras.layers.GRU(width, **kw)
    return keras.Sequential(
        [keras.Input((None, 1)), layer, keras.layers.Dense(1, use_bias=False, kernel_initializer=readout)]
    )


@dataclass
class Training:
    """Result of :func:`train` for each seed (lists indexed like ``seeds``)."""

    cell: str
    width: int
    k: int
    lr: float
    steps: int
    seeds: tuple
    loss_steps: list  # steps at which ``losses`` were recorded (chunk ends)
    losses: list  # per seed: the minibatch training loss (mean over the chunk) at loss_steps
    train_mse: list  # per seed: MSE on the whole training set (last step) at the end
    test_mse: list  # per seed: test MSE at lengths 1..T (fresh sequences)
    test_se: list  # per seed: its standard error over the test sequences
    energy: list  # per seed: the teacher's output energy sum_{j<t} g_j^2 at lengths 1..T
    teacher: list  # per seed: the teacher's impulse response g_j, j < T
    params: list | None = None  # linear: per seed (A, B, C) in float64
    impulse: list | None = None  # linear: per seed h_j = C A^j B, j < T (float64)
    test_sup: list | None = None  # per seed: mean over test sequences of max_{t<=T} |error_t|, its standard
    # error, and the zero predictor's (mean of max_t |y_t|)
    seconds: dict = field(default_factory=dict)

    def relative_test_mse(self, seed_index: int) -> np.ndarray:
        return np.asarray(self.test_mse[seed_index]) / np.asarray(self.energy[seed_index])

    def relative_test_se(self, seed_index: int) -> np.ndarray:
        return np.asarray(self.test_se[seed_index]) / np.asarray(self.energy[seed_index])

    def relative_population_mse(self, seed_index: int) -> np.ndarray:
        """Linear RNN: the population MSE at lengths 1..T from the learned impulse response,
        ``sum_{j<t} (h_j - g_j)^2``, relative to the teacher's energy (double precision)."""
        h, g = np.asarray(self.impulse[seed_index]), np.asarray(self.teacher[seed_index])
        return np.cumsum((h - g) ** 2) / np.asarray(self.energy[seed_index])


def teacher_outputs(g: np.ndarray, X: np.ndarray) -> np.ndarray:
    """``y_t = sum_{j<t} g_j x_{t-1-j}`` at every length ``t = 1..L`` of ``X`` (n, L, 1): (n, L)."""
    n, L, _ = X.shape
    x = np.asarray(X[:, :, 0], dtype=float)
    out = np.zeros((n, L))
    for j, gj in enumerate(np.asarray(g, dtype=float)[:L]):
        out[:, j:] += gj * x[:, : L - j]
    return out


@functools.cache
def _compiled(cell: str, width: int, k: int, batch: int, adv_length: int):
    """The jitted, seed-vmapped chunk of ``CHUNK`` Adam steps and the jitted evaluation, for
    one architecture and one set of shapes (cached for the process)."""
    import jax
    import jax.numpy as jnp

    keras = _keras()
    model = build_model(cell, width)
    opt = keras.optimizers.Adam(1e-3)
    opt.build(model.trainable_variables)

    def last_mse(tv, ntv, x, y):
        pred, ntv = model.stateless_call(tv, ntv, x)
        return jnp.mean((pred[:, -1, 0] - y) ** 2), ntv

    def loss_fn(tv, ntv, xb, yb, xa, ya):
        loss, ntv = last_mse(tv, ntv, xb, yb)
        if adv_length:
            extra, ntv = last_mse(tv, ntv, xa, ya)
            loss = loss + extra
        return loss, ntv

    grad = jax.value_and_grad(loss_fn, has_aux=True)

    def chunk(state, X, Y, XA, YA, idx):
        def step(st, i):
            tv, ntv, ov = st
            (loss, ntv), g = grad(tv, ntv, X[i], Y[i], XA[i], YA[i])
            tv, ov = opt.stateless_apply(ov, g, tv)
            return (tv, ntv, ov), loss

        state, losses = jax.lax.scan(step, state, idx)
        return state, jnp.mean(losses)

    def evaluate(tv, ntv, X):
        pred, _ = model.stateless_call(tv, ntv, X)
        return pred[:, :, 0]

    run = jax.jit(jax.vmap(chunk))
    ev = jax.jit(jax.vmap(evaluate, in_axes=(0, 0, None)))
    lr_index = [i for i, v in enumerate(opt.variables) if v.path.endswith("learning_rate")]
    return model, opt, run, ev, lr_index[0]


def _epoch_indices(rng: np.random.Generator, n: int, batch: int, steps: int) -> np.ndarray:
    per_epoch = n // batch
    out = []
    while len(out) * batch < steps * batch:
        perm = rng.permutation(n)[: per_epoch * batch].reshape(per_epoch, batch)
        out.extend(perm)
    return np.asarray(out[:steps])


def train(
    cell: str,
    width: int,
    k: int,
    teacher,
    *,
    lr: float = 1e-3,
    steps: int | tuple = 2000,
    batch: int = 32,
    n_train: int = 4096,
    seeds: tuple = (0, 1, 2),
    recurrent_init: str = "glorot_uniform",
    adversarial: tuple | None = None,
    T: int = 20,
    n_test: int = 2000,
    pad_to: int | None = None,
    teacher_model: tuple | None = None,
):
    """Train one model per seed on length-``k`` sequences labelled by the teacher ``g`` =
    ``teacher`` (its impulse response, padded by zeros to ``T`` entries; a 2-d array gives one
    teacher per seed). ``steps``: a step count, or increasing checkpoints (multiples of
    ``CHUNK``) at which the models are evaluated (one :class:`Training` per checkpoint).
    ``adversarial``: a second teacher's impulse response of length ``L > k``; each step then
    adds the last-step MSE on a minibatch of length-``L`` training sequences labelled by it
    (erroneous labels beyond ``k`` when it differs from ``teacher`` there). Seeds set Keras'
    initial weights (``keras.utils.set_random_seed``) and the data (numpy). ``pad_to``
    (linear cell only): the length-``k`` inputs are left-padded with zeros to this length, which
    leaves a bias-free linear RNN's output unchanged (its state stays 0) and lets every
    ``k <= pad_to`` share one compiled function. ``teacher_model``: ``(cell, width, weights)`` of
    a Keras model (:func:`build_model`'s layout) whose outputs label the data instead of ``g``
    (``teacher`` then only sets nothing but the horizon; the energy is the test outputs' mean
    square)."""
    import jax
    import jax.numpy as jnp

    keras = _keras()
    checkpoints = (steps,) if isinstance(steps, int) else tuple(steps)
    if any(c % CHUNK for c in checkpoints) or list(checkpoints) != sorted(set(checkpoints)):
        raise ValueError(f"steps must be increasing multiples of {CHUNK}")
    t0 = time.perf_counter()
    teachers = np.atleast_2d(np.asarray(teacher, dtype=float))
    if len(teachers) == 1:
        teachers = np.repeat(teachers, len(seeds), axis=0)
    if len(teachers) != len(seeds):
        raise ValueError("one teacher, or one per seed")
    G = np.zeros((len(seeds), max(T, teachers.shape[1])))
    G[:, : teachers.shape[1]] = teachers
    L = len(adversarial) if adversarial is not None else 0
    if pad_to is not None and (cell != "linear" or pad_to < k):
        raise ValueError("zero left-padding is exact only for the linear cell, to a length >= k")
    kk = pad_to or k
    model, opt, run, ev, lr_i = _compiled(cell, width, kk, batch, L)
    tv0, Xs, Ys, XAs, YAs, Xtest, idx = [], [], [], [], [], [], []
    for i, s in enumerate(seeds):
        g = G[i]
        keras.utils.set_random_seed(int(s))
        m = build_model(cell, width, recurrent_init)
        tv0.append([np.asarray(v.value) for v in m.trainable_variables])
        rng = np.random.default_rng([int(s), 7919])
        X = rng.standard_normal((n_train, k, 1)).astype(np.float32)
        Ys.append(_labels(g, X, teacher_model)[:, -1].astype(np.float32))
        Xs.append(np.concatenate([np.zeros((n_train, kk - k, 1), np.float32), X], axis=1))
        if L:
            XA = rng.standard_normal((n_train, L, 1)).astype(np.float32)
            XAs.append(XA)
            YAs.append(teacher_outputs(np.asarray(adversarial), XA)[:, -1].astype(np.float32))
        else:
            XAs.append(np.zeros((1, 1, 1), np.float32))
            YAs.append(np.zeros(1, np.float32))
        idx.append(_epoch_indices(rng, n_train, batch, checkpoints[-1]))
        Xtest.append(rng.standard_normal((n_test, T, 1)).astype(np.float32))
    stack = lambda parts: [jnp.stack([p[i] for p in parts]) for i in range(len(parts[0]))]
    tv = stack(tv0)
    ntv = [jnp.stack([v.value] * len(seeds)) for v in model.non_trainable_variables]
    ov = [jnp.stack([v.value] * len(seeds)) for v in opt.variables]
    ov[lr_i] = jnp.full(len(seeds), lr, dtype=ov[lr_i].dtype)
    X, Y = jnp.asarray(np.stack(Xs)), jnp.asarray(np.stack(Ys))
    XA, YA = jnp.asarray(np.stack(XAs)), jnp.asarray(np.stack(YAs))
    IDX = np.stack(idx)
    t_setup = time.perf_counter()
    state = (tv, ntv, ov)
    loss_steps, losses, out, done = [], [], [], 0
    t_train = t_eval = 0.0
    for stop in checkpoints:
        t1 = time.perf_counter()
        for c in range(done // CHUNK, stop // CHUNK):
            # the adversarial minibatches use the same indices into their own (length-L) set
            sl = jnp.asarray(IDX[:, c * CHUNK : (c + 1) * CHUNK])
            state, mean_loss = run(state, X, Y, XA, YA, sl)
            loss_steps.append((c + 1) * CHUNK)
            losses.append(np.asarray(mean_loss))
        jax.block_until_ready(state)
        done = stop
        t2 = time.perf_counter()
        t_train += t2 - t1
        out.append(
            _evaluate(cell, width, k, lr, stop, seeds, state, ev, X, Y, Xtest, G, T, loss_steps, losses, teacher_model)
        )
        t_eval += time.perf_counter() - t2
    for r in out:
        r.seconds = {"setup": t_setup - t0, "train": t_train, "evaluate": t_eval}
    return out if not isinstance(steps, int) else out[0]


def _evaluate(cell, width, k, lr, stop, seeds, state, ev, X, Y, Xtest, G, T, loss_steps, losses, teacher_model):
    import jax
    import jax.numpy as jnp

    tv, ntv, _ = state
    one = lambda vs, i: [v[i][None] for v in vs]
    train_mse, test_mse, test_se, test_sup, energies = [], [], [], [], []
    for i in range(len(seeds)):
        pred = np.asarray(ev(one(tv, i), one(ntv, i), X[i])[0])
        train_mse.append(float(np.mean((pred[:, -1] - np.asarray(Y[i])) ** 2)))
        if not len(Xtest[i]):  # n_test = 0: no test evaluation (the linear RNN's is exact from its weights)
            test_mse.append([])
            test_se.append([])
            continue
        pt = np.asarray(ev(one(tv, i), one(ntv, i), jnp.asarray(Xtest[i]))[0], dtype=float)
        y = _labels(G[i], Xtest[i], teacher_model)
        sq = (pt - y) ** 2
        sup = np.max(np.abs(pt - y), axis=1)
        zero = np.max(np.abs(y), axis=1)
        test_sup.append([float(sup.mean()), float(sup.std(ddof=1) / np.sqrt(len(sup))), float(zero.mean())])
        energies.append(np.mean(y**2, axis=0).tolist())
        test_mse.append(sq.mean(axis=0).tolist())
        test_se.append((sq.std(axis=0, ddof=1) / np.sqrt(len(Xtest[i]))).tolist())
    energy = [np.cumsum(G[i, :T] ** 2).tolist() for i in range(len(seeds))]
    if teacher_model is not None:
        energy = energies
    params = impulse = None
    if cell == "linear":
        params, impulse = [], []
        for i in range(len(seeds)):
            K, R, D = (np.asarray(jax.device_get(v[i]), dtype=float) for v in tv)
            A, B, C = R.T, K.T[:, 0], D[:, 0]
            params.append((A, B, C))
            impulse.append(linear_impulse(A, B, C, T).tolist())
    return Training(
        cell,
        width,
        k,
        lr,
        stop,
        tuple(seeds),
        list(loss_steps),
        np.stack(losses, axis=1).tolist(),
        train_mse,
        test_mse,
        test_se,
        energy,
        [list(g[:T]) for g in G],
        params,
        impulse,
        test_sup=test_sup,
    )


_TEACHERS: dict = {}


def _labels(g, X, teacher_model):
    """The teacher's outputs at every length of ``X``: the impulse response ``g`` convolved, or a Keras model run."""
    if teacher_model is None:
        return teacher_outputs(g, X)
    cell, width, weights = teacher_model
    arrays = [np.asarray(w, np.float32) for w in weights]
    key = (cell, width, tuple((a.shape, a.tobytes()) for a in arrays))
    if key not in _TEACHERS:
        model = build_model(cell, width)
        model.set_weights(arrays)
        _TEACHERS[key] = model
    out = _TEACHERS[key].predict(np.asarray(X, np.float32), batch_size=1000, verbose=0)
    return np.asarray(out[:, :, 0], dtype=float)


def mimic_impulse(
    cell: str, width: int, response, *, init_scale: float = 1e-6, steps: int = 1000, lr: float = 1e-3, seed: int = 0
) -> list:
    """A teacher generated as App. C.2.3 of the low-dimensional RNN paper describes for GRUs, in
    general form: every weight drawn from N(0, init_scale^2), then ``steps`` full-batch Adam
    steps on the MSE between the model's outputs on the unit impulse (1, 0, 0, ...) and
    ``response`` at every step. Returns the weights (lists) and the final loss."""
    keras = _keras()
    keras.utils.set_random_seed(int(seed))
    model = build_model(cell, width, init_scale=init_scale)
    n = len(response)
    x = np.zeros((1, n, 1), np.float32)
    x[0, 0, 0] = 1.0
    y = np.asarray(response, np.float32).reshape(1, n, 1)
    per = 100 if steps % 100 == 0 else 1  # steps per compiled execution: one epoch = ``per`` identical batches
    model.compile(optimizer=keras.optimizers.Adam(lr), loss="mse", steps_per_execution=per)
    hist = model.fit(np.repeat(x, per, axis=0), np.repeat(y, per, axis=0), epochs=steps // per, batch_size=1, verbose=0)
    return [w.tolist() for w in model.get_weights()], float(hist.history["loss"][-1])


def linear_impulse(A: np.ndarray, B: np.ndarray, C: np.ndarray, T: int) -> np.ndarray:
    """``h_j = C A^j B`` for ``j < T`` in double precision."""
    out, v = np.zeros(T), np.asarray(B, dtype=float)
    for j in range(T):
        out[j] = float(C @ v)
        v = A @ v
    return out


def train_summary(cell: str, width: int, k: int, teacher, **kw) -> dict:
    """:func:`train` over checkpoints, reduced to what checks read (plain lists, picklable, for a
    store cache): per checkpoint and seed the relative MSE at lengths 1..T with its standard
    error (linear RNN: exact from its impulse response, standard error 0), the last recorded
    training loss, and for the linear RNN ``||A||_F`` and the spectral radius of ``A``."""
    t0 = time.perf_counter()
    kw = dict(kw)
    kw["steps"] = tuple(kw.get("steps", (2000,)))
    res = train(cell, width, k, teacher, **kw)
    out = {"seconds": time.perf_counter() - t0, "engine_seconds": res[-1].seconds, "checkpoints": {}}
    for r in res:
        runs = []
        for i in range(len(r.seeds)):
            if cell == "linear":
                rel = r.relative_population_mse(i)
                A = r.params[i][0]
                finite = bool(np.isfinite(A).all())
                extra = {
                    "normA": float(np.linalg.norm(A)) if finite else math.inf,
                    "rho": float(max(abs(np.linalg.eigvals(A)))) if finite else math.inf,
                }
                se = np.zeros_like(rel)
            else:
                rel, se, extra = r.relative_test_mse(i), r.relative_test_se(i), {}
            runs.append({"rel": rel.tolist(), "se": se.tolist(), "loss": r.losses[i][-1], **extra})
        out["checkpoints"][r.steps] = runs
    return out
