"""The three reference flows of the performance benchmarks (issue 9), built from the papers'
shared SymPy encodings on main (theorems/ssm_poison.py, theorems/kernel_rich.py,
theorems/linear_rnn.py). Each ``Problem`` is an autonomous gradient flow ``x' = rhs(x)``
with exact initial values (decimal strings of the binary doubles the protocols draw), a
stopping rule and a horizon.

1. ``ssm-poison``: the poisoned objective (27) ``w2((1 - sum a^{L-1})^2 + (1 - sum a)^2)``
   with ``w2 = P/m = 1/2`` (Table 1: B = C = 1 fixed, clean set one sequence probing impulse
   entry L-1, poisoned set adds one probing entry 1, unit values: n = 1, m = 2, P = 1),
   d = 10, L = 7, from the Table 1 initialisation (seed 242): ``a = sort-descending(sd U(0,1)^d)``
   with ``np.random.seed(242); np.random.rand(10)``, sd = 1e-3, then ``a_2 <- a_1 - diff``,
   ``diff = 0.05 exp(c log10 sd)``, c = 5; flow to t = 1e4 (fixed horizon).
2. ``kernel-rich``: the depth-2 diagonal model ``beta = w+^2 - w-^2`` with the §2 loss
   ``|X beta - y|^2`` on integer data X (N x d) and y, entries uniform in {-3..3} (numpy
   default_rng(2026), redrawn until rank N), ``w+ = w- = alpha 1``, alpha = 1e-2, N = 40,
   d = 100; stop when ``|X beta - y|_2 < 1e-25``.
3. ``rnn-lowdim``: the symmetric linear RNN (A symmetric in its upper-triangular
   coordinates, B, C), d = 8, population loss (3.4) ``sum_{j<k} (C A^j B - w_j)^2`` with k = 5
   and the d^ = 2 teacher ``A^ = diag(9/10, -1/2)``, ``B^ = C^T = (1, 1)/sqrt 2``, i.e.
   ``w_j = ((9/10)^j + (-1/2)^j)/2`` (stable, exact rationals); balanced near-zero
   initialisation ``B = C^T = eps g``, ``A_pq = eps g'_pq`` (p <= q), g, g' standard normal
   (numpy default_rng(2026)), eps = 1e-2; stop when the loss first falls below 1e-12.

Stopping rules 2 and 3 are predicates on the state evaluated on the geometric grid
``flows.geometric_grid(t_end, 1e-2, 16)`` (the grid ``limits.flow_to_rest`` uses); the
benchmark finds the first grid time ``T`` at which the rule holds and compares every engine
on the fixed horizon ``[0, T]``.
"""

from __future__ import annotations

import decimal
import functools
from collections.abc import Callable
from dataclasses import dataclass, field

import mpmath
import numpy as np
import sympy as sp

from numerics import flows
from numerics import linear_rnn as nlr
from theorems import kernel_rich as kr
from theorems import linear_rnn as lr
from theorems import ssm_poison as sp_


def exact(v: float) -> str:
    """The exact decimal expansion of a binary double (so every precision starts from the
    same real number)."""
    return str(decimal.Decimal(float(v)))


@dataclass
class Problem:
    name: str
    syms: list
    rhs: list  # SymPy expressions
    x0: list[str]
    t_end: float
    stop_value: Callable | None  # state (mpmath list) -> mpf; stop when below stop_below
    stop_below: float | None
    numpy_field: Callable  # (t, x) -> dx for scipy
    numpy_jac: Callable | None = None
    mp_field: Callable | None = None  # (t, x) -> dx on mpmath numbers (for mpmath's odefun)
    description: str = ""
    meta: dict = field(default_factory=dict)
    observable: Callable | None = (
        None  # state (mpmath list) -> the quantity whose digits are judged (default: the state)
    )

    def observe(self, x) -> list:
        return list(x) if self.observable is None else self.observable(x)

    def stop(self, x) -> bool:
        return self.stop_value is not None and self.stop_value(x) < self.stop_below


# ---------------------------------------------------------------------------------------
# 1. ssm-poison
# ---------------------------------------------------------------------------------------
def ssm_poison_init(d: int = 10, sd: float = 1e-3, c: float = 5.0, seed: int = 242) -> np.ndarray:
    np.random.seed(seed)
    a = np.sort(sd * np.random.rand(d))[::-1].copy()
    diff = 0.05 * np.exp(c * np.log10(sd))
    a[1] = a[0] - diff
    return a


@functools.cache
def ssm_poison(d: int = 10, L: int = 7, t_end: float = 1e4) -> Problem:
    a = list(sp.symbols(f"a0:{d}", real=True))
    loss = sp_.objective_s2(a, L, sp.Rational(1, 2))
    rhs = [-sp.diff(loss, s) for s in a]
    a0 = ssm_poison_init(d)

    def field_np(t, x):
        rl, rs = 1 - np.sum(x ** (L - 1)), 1 - np.sum(x)
        return (L - 1) * rl * x ** (L - 2) + rs  # -grad of (1/2)(rl^2 + rs^2)

    def jac_np(t, x):
        rl = 1 - np.sum(x ** (L - 1))
        g = (L - 1) * x ** (L - 2)
        return -np.outer(g, g) + np.diag((L - 1) * (L - 2) * rl * x ** (L - 3)) - np.ones((d, d))

    def field_mp(t, x):
        rl, rs = 1 - mpmath.fsum(v ** (L - 1) for v in x), 1 - mpmath.fsum(x)
        return [(L - 1) * rl * v ** (L - 2) + rs for v in x]

    return Problem(
        "ssm-poison",
        a,
        rhs,
        [exact(v) for v in a0],
        t_end,
        None,
        None,
        field_np,
        jac_np,
        field_mp,
        f"ssm-poison poisoned flow (27), d={d}, L={L}, w2=1/2, Table 1 init (seed 242), t={t_end:g}",
        {"d": d, "L": L},
    )


# ---------------------------------------------------------------------------------------
# 2. kernel-rich
# ---------------------------------------------------------------------------------------
def kernel_rich_data(N: int = 40, d: int = 100, seed: int = 2026):
    rng = np.random.default_rng(seed)
    while True:
        X = rng.integers(-3, 4, size=(N, d))
        if np.linalg.matrix_rank(X) == N:
            break
    y = rng.integers(-3, 4, size=N)
    return X, y


@functools.cache
def kernel_rich(d: int = 100, N: int = 40, alpha: float = 1e-2, res_stop: float = 1e-25, t_end: float = 1e6) -> Problem:
    X, y = kernel_rich_data(N, d)
    wp, wm, beta, loss = kr.diagonal_model(sp.Matrix(X.tolist()), sp.Matrix(y.tolist()))
    syms = wp + wm
    # the field of kr.gradient_flow(loss, syms), differentiated by heyoka (reverse mode:
    # -4 w_i sum_n X_ni r_n); SymPy's gradient expands into 2 d N products of series, 5x
    # slower per Taylor step at d = 100, and takes 33 s to derive
    rhs = flows.neg_gradient(loss)
    Xm = [[mpmath.mpf(int(v)) for v in row] for row in X]
    ym = [mpmath.mpf(int(v)) for v in y]

    def residual(x):
        b = [x[i] ** 2 - x[d + i] ** 2 for i in range(d)]
        return mpmath.sqrt(sum((mpmath.fsum(Xm[n][i] * b[i] for i in range(d)) - ym[n]) ** 2 for n in range(N)))

    Xf, yf = X.astype(float), y.astype(float)

    def field_np(t, x):
        wpv, wmv = x[:d], x[d:]
        g = 2 * Xf.T @ (Xf @ (wpv**2 - wmv**2) - yf)
        return np.concatenate([-2 * g * wpv, 2 * g * wmv])

    def jac_np(t, x):
        wpv, wmv = x[:d], x[d:]
        g = 2 * Xf.T @ (Xf @ (wpv**2 - wmv**2) - yf)
        H = 2 * Xf.T @ Xf
        Jg = np.hstack([H * (2 * wpv), -H * (2 * wmv)])  # d g / d (w+, w-)
        top, bot = -2 * wpv[:, None] * Jg, 2 * wmv[:, None] * Jg
        top[:, :d] -= 2 * np.diag(g)
        bot[:, d:] += 2 * np.diag(g)
        return np.vstack([top, bot])

    def field_mp(t, x):
        b = [x[i] ** 2 - x[d + i] ** 2 for i in range(d)]
        r = [mpmath.fsum(Xm[n][i] * b[i] for i in range(d)) - ym[n] for n in range(N)]
        g = [2 * mpmath.fsum(Xm[n][i] * r[n] for n in range(N)) for i in range(d)]
        return [-2 * g[i] * x[i] for i in range(d)] + [2 * g[i] * x[d + i] for i in range(d)]

    x0 = [exact(alpha)] * (2 * d)

    def beta_of(x):
        with mpmath.workprec(max(mpmath.mp.prec, 256)):
            return [mpmath.mpf(x[i]) ** 2 - mpmath.mpf(x[d + i]) ** 2 for i in range(d)]

    return Problem(
        "kernel-rich",
        syms,
        rhs,
        x0,
        t_end,
        residual,
        res_stop,
        field_np,
        jac_np,
        field_mp,
        f"kernel-rich depth-2 diagonal flow, N={N}, d={d}, alpha={alpha:g}, until |X beta - y|_2 < {res_stop:g}",
        {"d": d, "N": N, "alpha": alpha},
        observable=beta_of,
    )


@functools.cache
def kernel_rich_reduced(
    d: int = 100, N: int = 40, alpha: float = 1e-2, res_stop: float = 1e-25, t_end: float = 1e6
) -> Problem:
    """The same flow as ``kernel_rich`` in N instead of 2d variables (exact reduction).

    With the loss ``|r|^2``, ``r = X beta - y``: ``w+' = -4 (X^T r) w+``, ``w-' = +4 (X^T r) w-``
    (the field of ``kernel_rich``), so ``w+ w-`` is constant and, with ``nu(t) = int_0^t r``,
    ``w+- = alpha exp(-+4 X^T nu)``, ``beta = w+^2 - w-^2 = -2 alpha^2 sinh(8 X^T nu)``. Hence
    ``nu' = r = -2 alpha^2 X sinh(8 X^T nu) - y``, ``nu(0) = 0``: N = 40 variables and d sinh
    series per Taylor step instead of 2d products. alpha^2 enters as an exact rational (the
    square of the binary double alpha), rounded once at the working precision."""
    X, y = kernel_rich_data(N, d)
    a2 = sp.Rational(exact(alpha)) ** 2
    nu = list(sp.symbols(f"nu0:{N}", real=True))
    z = [8 * sp.Add(*[int(X[n, i]) * nu[n] for n in range(N) if X[n, i]]) for i in range(d)]
    beta_s = [-2 * a2 * sp.sinh(zi) for zi in z]
    rhs = [sp.Add(*[int(X[n, i]) * beta_s[i] for i in range(d) if X[n, i]]) - int(y[n]) for n in range(N)]
    a2m = lambda: mpmath.mpf(a2.p) / a2.q
    Xi = [[int(v) for v in row] for row in X]
    yi = [int(v) for v in y]

    def beta_of(v):
        with mpmath.workprec(max(mpmath.mp.prec, 256)):
            v = [mpmath.mpf(q) for q in v]
            return [-2 * a2m() * mpmath.sinh(8 * mpmath.fsum(Xi[n][i] * v[n] for n in range(N))) for i in range(d)]

    def field_mp(t, v):
        b = [-2 * a2m() * mpmath.sinh(8 * mpmath.fsum(Xi[n][i] * v[n] for n in range(N))) for i in range(d)]
        return [mpmath.fsum(Xi[n][i] * b[i] for i in range(d)) - yi[n] for n in range(N)]

    def residual(v):
        with mpmath.workprec(max(mpmath.mp.prec, 256)):
            b = beta_of(v)
            return mpmath.sqrt(
                mpmath.fsum((mpmath.fsum(Xi[n][i] * b[i] for i in range(d)) - yi[n]) ** 2 for n in range(N))
            )

    Xf, yf, a2f = X.astype(float), y.astype(float), float(a2)

    def field_np(t, v):
        return Xf @ (-2 * a2f * np.sinh(8 * (Xf.T @ v))) - yf

    def jac_np(t, v):
        return -16 * a2f * (Xf * np.cosh(8 * (Xf.T @ v))) @ Xf.T

    def beta_error(v, err):
        """A bound on max|d beta| from a state error max|d nu| <= err (first order):
        |d beta_i| <= 16 alpha^2 cosh(8 (X^T nu)_i) sum_n |X_ni| err."""
        return (
            max(
                16
                * float(a2)
                * float(mpmath.cosh(8 * mpmath.fsum(Xi[n][i] * mpmath.mpf(v[n]) for n in range(N))))
                * sum(abs(Xi[n][i]) for n in range(N))
                for i in range(d)
            )
            * err
        )

    return Problem(
        "kernel-rich-reduced",
        nu,
        rhs,
        ["0"] * N,
        t_end,
        residual,
        res_stop,
        field_np,
        jac_np,
        field_mp,
        f"kernel-rich depth-2 diagonal flow, N={N}, d={d}, alpha={alpha:g}, until |X beta - y|_2 < {res_stop:g}, "
        f"exact reduction to nu' = -2 alpha^2 X sinh(8 X^T nu) - y (N variables)",
        {"d": d, "N": N, "alpha": alpha, "beta_error": beta_error},
        observable=beta_of,
    )


# ---------------------------------------------------------------------------------------
# 3. rnn-lowdim
# ---------------------------------------------------------------------------------------
def rnn_teacher(k: int = 5):
    return [(sp.Rational(9, 10) ** j + sp.Rational(-1, 2) ** j) / 2 for j in range(k)]


@functools.cache
def rnn_lowdim(
    d: int = 8, k: int = 5, eps: float = 1e-2, loss_stop: float = 1e-12, t_end: float = 1e6, seed: int = 2026
) -> Problem:
    A, B, C, coords = lr.parameters(d, "symmetric")
    w = rnn_teacher(k)
    loss = lr.population_loss(A, B, C, w, k)
    # heyoka differentiates the loss itself: sympy.diff + lambdify of this gradient take ~150 s
    rhs = flows.neg_gradient(loss)
    rng = np.random.default_rng(seed)
    na = d * (d + 1) // 2
    a0 = eps * rng.standard_normal(na)
    b0 = eps * rng.standard_normal(d)
    x0 = [exact(v) for v in a0] + [exact(v) for v in b0] * 2  # B = C^T (balanced)
    loss_mp = sp.lambdify([coords], loss, "mpmath")

    def field(x, num):  # the numeric twin numerics/linear_rnn.py, generic over the number type
        A_ = nlr.symmetric_from_coordinates(list(x[:na]), d)
        b_, c_ = list(x[na : na + d]), list(x[na + d :])
        h = nlr.impulse(A_, b_, c_, k)
        g = [2 * (h[j] - num(w[j])) for j in range(k)]
        GA, GB, GC = nlr.impulse_gradient(A_, b_, c_, g)
        return [-v for v in list(nlr.symmetric_coordinate_gradient(GA)) + list(GB) + list(GC)]

    mpw = lambda v: mpmath.mpf(v.p) / v.q
    return Problem(
        "rnn-lowdim",
        list(coords),
        rhs,
        x0,
        t_end,
        lambda x: loss_mp(x),
        loss_stop,
        lambda t, x: np.asarray(field(np.asarray(x, float), float), float),
        None,
        lambda t, x: field(x, mpw),
        f"rnn-lowdim symmetric RNN, d={d}, k={k}, teacher d^=2 (A^=diag(9/10,-1/2), B^=C^T=(1,1)/sqrt2), "
        f"balanced init eps={eps:g}, until loss < {loss_stop:g}",
        {"d": d, "k": k, "eps": eps},
    )


PROBLEMS = {
    "ssm-poison": ssm_poison,
    "kernel-rich": kernel_rich,
    "kernel-rich-reduced": kernel_rich_reduced,
    "rnn-lowdim": rnn_lowdim,
}
