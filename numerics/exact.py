"""Exact arithmetic, knowing no paper: converters between number types, random rational
instances, exactly representable (dyadic) matrices, and minimum-norm solutions of
``X beta = y`` computed in rational arithmetic.

Also the exact converters and random rational instances of ``Fraction`` object arrays used
with :mod:`numerics.linear_rnn_gd` (the last section).

Every function returns the same value on every machine: rationals are exact, and the float
helpers (:func:`round_to_dyadic`, :func:`dyadic_orthogonal`) produce numbers a double holds
exactly.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from flint import fmpq

from .linear_rnn_gd import as_exact


# ---------------------------------------------------------------------------------------
# Converters
# ---------------------------------------------------------------------------------------
def mpf_of(v):
    """An exact number (int, str, Fraction, SymPy Rational) as an mpmath number at the current
    precision: ``p / q`` of its SymPy rational, one rounding."""
    r = sp.Rational(v)
    return mpmath.mpf(r.p) / r.q


def sympy_rational_nsimplified(x) -> sp.Rational:
    """A ``Fraction`` as the equal SymPy rational; anything else through ``sympy.nsimplify``
    (ints, SymPy numbers and short decimals exactly; a float becomes the simplest rational
    that prints like it, not its binary value: see :func:`sympy_rational` for that)."""
    return sp.Rational(x.numerator, x.denominator) if isinstance(x, Fraction) else sp.nsimplify(x)


def fmpq_exact(x) -> fmpq:
    """The exact value of an int, ``Fraction`` or float as a python-flint ``fmpq`` (a float's
    binary value, not its decimal string: ``0.1`` becomes ``3602879701896397/2^55``)."""
    f = Fraction(x)
    return fmpq(f.numerator, f.denominator)


def float_array(values) -> np.ndarray:
    """Any numbers (mpmath, SymPy, Fraction, ...) as a float64 array, each rounded once."""
    return np.array([float(x) for x in values])


# ---------------------------------------------------------------------------------------
# Random rational instances
# ---------------------------------------------------------------------------------------
def random_fraction(rng: np.random.Generator, lo: int = -1, hi: int = 1, den: int = 12) -> Fraction:
    """``k / den`` with ``k`` uniform among the integers of ``[lo den, hi den]``."""
    return Fraction(int(rng.integers(lo * den, hi * den + 1)), den)


def random_fraction_array(rng: np.random.Generator, shape, lo: int = -1, hi: int = 1, den: int = 12) -> np.ndarray:
    """An object array of :func:`random_fraction` entries, drawn in row-major order."""
    out = np.empty(shape, dtype=object)
    for idx in np.ndindex(out.shape):
        out[idx] = random_fraction(rng, lo, hi, den)
    return out


def random_symmetric_fractions(rng: np.random.Generator, d: int, den: int = 8) -> np.ndarray:
    """A symmetric d x d object array with entries ``k / (2 den)``, ``k`` uniform in
    ``[-den, den]``: the upper triangle drawn row by row, mirrored below."""
    A = np.empty((d, d), dtype=object)
    for p in range(d):
        for q in range(p, d):
            A[p, q] = A[q, p] = Fraction(int(rng.integers(-den, den + 1)), 2 * den)
    return A


# ---------------------------------------------------------------------------------------
# Exact and exactly representable matrices
# ---------------------------------------------------------------------------------------
def cayley(S: sp.Matrix) -> sp.Matrix:
    """The Cayley transform ``(I - S)(I + S)^{-1}``: orthogonal (and rational for a rational
    ``S``) when ``S`` is skew-symmetric."""
    I = sp.eye(S.shape[0])
    return (I - S) * (I + S).inv()


def round_to_dyadic(a, q: int = 256) -> np.ndarray:
    """``a`` rounded to the nearest multiples of ``1/q`` (``q`` a power of two: exactly
    representable doubles)."""
    return np.round(np.asarray(a, float) * q) / q


def dyadic_orthogonal(h: int) -> np.ndarray:
    """An exactly orthogonal h x h matrix (h >= 4) with dyadic entries: the product of the two
    Householder reflections ``I - v v^T / 2`` with ``v`` the indicator of the first four and of
    the last four coordinates (``|v|^2 = 4``)."""
    Q = np.eye(h)
    for start in (0, h - 4):
        v = np.zeros(h)
        v[start : start + 4] = 1.0
        Q = Q @ (np.eye(h) - 0.5 * np.outer(v, v))
    return Q


# ---------------------------------------------------------------------------------------
# Minimum-norm solutions of X beta = y in rational arithmetic
# ---------------------------------------------------------------------------------------
def basic_solutions(X: sp.Matrix, y: sp.Matrix):
    """The basic solutions of ``X beta = y`` (X N x d of rank N): for every set ``S`` of N columns
    with ``X_S`` invertible, in lexicographic order of ``S``, yields ``(S, beta)`` with
    ``beta_S = X_S^{-1} y`` and zeros elsewhere (exact SymPy numbers)."""
    N, d = X.shape
    for S in itertools.combinations(range(d), N):
        A = X[:, list(S)]
        if A.det() == 0:
            continue
        sol = A.LUsolve(y)
        beta = [sp.Integer(0)] * d
        for k, i in enumerate(S):
            beta[i] = sol[k]
        yield S, beta


def min_l1_by_basic_solutions(X, y):
    """``min ||beta||_1 s.t. X beta = y`` exactly: an LP attains its optimum at a basic solution,
    so all of them are enumerated (:func:`basic_solutions`). ``X``, ``y`` are nested sequences
    of exact numbers. Returns ``(value, beta, unique)``, ``unique`` when every other basic
    solution has a strictly larger l1 norm (the optimal face is then a single vertex)."""
    vals = [(sum(abs(v) for v in beta), tuple(beta)) for _, beta in basic_solutions(sp.Matrix(X), sp.Matrix(y))]
    vals.sort(key=lambda t: t[0])
    best, beta = vals[0]
    unique = all(v > best for v, b in vals[1:] if b != beta)
    return best, beta, unique


def min_lp_by_basic_solutions(X: sp.Matrix, y: sp.Matrix, p: float, dps: int = 30):
    """``argmin sum_i |beta_i|^p`` (``0 < p < 1``) s.t. ``X beta = y``: a concave objective on an
    affine set is minimised at a vertex, so over the basic solutions (exact); the objective is
    evaluated in mpmath at ``dps`` digits. Returns ``(beta, value, runner-up value)`` (the
    runner-up is ``inf`` when there is a single basic solution)."""
    cands = []
    for _, beta in basic_solutions(X, y):
        with mpmath.workdps(dps):
            cands.append((sum(abs(mpf_of(v)) ** mpmath.mpf(p) for v in beta if v != 0), beta))
    cands.sort(key=lambda c: c[0])
    return cands[0][1], cands[0][0], cands[1][0] if len(cands) > 1 else mpmath.inf


def min_l2_exact(X: sp.Matrix, y: sp.Matrix, weights=None) -> list:
    """``argmin sum_i beta_i^2 / w_i`` s.t. ``X beta = y`` in exact rationals:
    ``W X^T (X W X^T)^{-1} y`` with ``W = diag(w)`` (``w`` through ``sympy.nsimplify``;
    unit weights by default)."""
    X, y = sp.Matrix(X), sp.Matrix(y)
    W = sp.diag(*[sp.nsimplify(w) for w in weights]) if weights else sp.eye(X.shape[1])
    return list(W * X.T * (X * W * X.T).LUsolve(y))


def certify_min_l1_support(X: sp.Matrix, y: sp.Matrix, support):
    """An exact certificate that ``min ||beta||_1 s.t. X beta = y`` has its unique solution on
    ``support`` (a proposed set of N columns, e.g. an LP solver's): ``beta_S = X_S^{-1} y`` and
    the dual ``nu = X_S^{-T} sign(beta_S)``; optimal when ``X^T nu = sign(beta)`` on S and
    ``|X^T nu| <= 1``, unique when ``|X^T nu| < 1`` off S (X_S injective).

    Returns ``(beta, nu, certified_unique, margin)`` with ``margin = 1 - max_{i not in S}
    |X^T nu|_i``; ``(None, None, False, None)`` when ``|S| != N`` or ``X_S`` is singular."""
    S = list(support)
    N, d = X.shape
    if len(S) != N or X[:, S].det() == 0:
        return None, None, False, None
    bS = X[:, S].LUsolve(y)
    beta = [sp.Integer(0)] * d
    for k, i in enumerate(S):
        beta[i] = bS[k]
    nu = X[:, S].T.LUsolve(sp.Matrix([sp.sign(b) for b in bS]))
    g = X.T * nu
    off = [abs(g[i]) for i in range(d) if i not in S]
    ok = all(b != 0 for b in bS) and all(g[i] == sp.sign(beta[i]) for i in S) and all(o < 1 for o in off)
    margin = 1 - max(off) if off else sp.Integer(1)
    return beta, list(nu), bool(ok), margin


# ---------------------------------------------------------------------------------------
# Exact converters, random rational instances, exact linear algebra and expectations
# ---------------------------------------------------------------------------------------
def sympy_rational(v) -> sp.Rational:
    """``v`` (an int, a ``Fraction``, or a float converted exactly) as a SymPy ``Rational``."""
    v = Fraction(v)
    return sp.Rational(v.numerator, v.denominator)


def sympy_matrix(M) -> sp.Matrix:
    """An array of exact numbers (or floats, converted exactly) as a SymPy matrix of rationals:
    a 1-D array becomes a column."""
    M = np.asarray(M, dtype=object)
    if M.ndim == 1:
        return sp.Matrix([sympy_rational(v) for v in M])
    return sp.Matrix([[sympy_rational(v) for v in row] for row in M])


def fraction_array(M: sp.Matrix) -> np.ndarray:
    """A SymPy matrix of rationals as a 2-D object array of ``Fraction`` (the inverse of
    :func:`sympy_matrix` for 2-D input)."""
    return as_exact([[Fraction(int(sp.Rational(v).p), int(sp.Rational(v).q)) for v in M.row(i)] for i in range(M.rows)])


def rational_symmetric(rng: np.random.Generator, d: int, lo: int = -3, hi: int = 3, den: int = 4) -> np.ndarray:
    """A random symmetric d x d object array of ``Fraction`` p/q, p uniform in [lo, hi] and q in
    [1, den] (the upper triangle drawn, mirrored)."""
    M = [[Fraction(int(rng.integers(lo, hi + 1)), int(rng.integers(1, den + 1))) for _ in range(d)] for _ in range(d)]
    return as_exact([[M[min(p, q)][max(p, q)] for q in range(d)] for p in range(d)])


def rational_vector(rng: np.random.Generator, d: int, lo: int = -3, hi: int = 3, den: int = 4) -> np.ndarray:
    """A random length-d object array of ``Fraction`` p/q, p uniform in [lo, hi] and q in [1, den]."""
    return as_exact([Fraction(int(rng.integers(lo, hi + 1)), int(rng.integers(1, den + 1))) for _ in range(d)])


def block_triangular_realization(rng: np.random.Generator, d: int, w, vanishing_tail: bool = True):
    """A random exact state-space triple ``(A, B, C)`` (SymPy matrices, d x d, d x 1, 1 x d) with
    impulse response ``C A^j B = w`` for ``j = 0`` and ``0`` for every ``j >= 1``.

    Construction: ``A = G [[A11, A12], [0, A22]] G^-1``, ``B = G (b1; b2)``, ``C = (0, c2) G^-1``
    with ``A22 b2 = 0`` and ``c2 b2 = w``, ``G`` a random unimodular integer matrix (so ``G^-1`` is
    integer) and random integer blocks; the ``A22`` block has at least one state.
    ``vanishing_tail=False`` replaces ``A22`` by ``A22 + I``, so that ``A22 b2 = b2`` and the
    impulse response is ``w`` at every ``j``."""
    d1 = int(rng.integers(0, d))  # size of the (A11) block; the (A22) block has d - d1 >= 1 states
    d2 = d - d1
    L = np.eye(d, dtype=int) + np.tril(rng.integers(-2, 3, (d, d)), -1)
    U = np.eye(d, dtype=int) + np.triu(rng.integers(-2, 3, (d, d)), 1)
    G = sp.Matrix(L) * sp.Matrix(U)
    b2 = sp.Matrix([1] + [int(v) for v in rng.integers(-2, 3, d2 - 1)])
    # A22 with A22 b2 = 0: columns chosen so that A22 b2 = 0 (first column = -rest . b2[1:])
    rest = sp.Matrix(rng.integers(-2, 3, (d2, d2 - 1))) if d2 > 1 else sp.zeros(d2, 0)
    first = -(rest * b2[1:, :]) if d2 > 1 else sp.zeros(d2, 1)
    A22 = first.row_join(rest)
    if not vanishing_tail:
        A22 = A22 + sp.eye(d2)
    A11 = sp.Matrix(rng.integers(-2, 3, (d1, d1)))
    A12 = sp.Matrix(rng.integers(-2, 3, (d1, d2)))
    T = sp.BlockMatrix([[A11, A12], [sp.zeros(d2, d1), A22]]).as_explicit() if d1 else A22
    b1 = sp.Matrix(rng.integers(-2, 3, (d1, 1)))
    c2 = sp.Matrix([[sympy_rational(w)] + [0] * (d2 - 1)])  # c2 b2 = w (b2[0] = 1)
    Ginv = G.inv()
    A = G * T * Ginv
    B = G * (b1.col_join(b2) if d1 else b2)
    C = (sp.zeros(1, d1).row_join(c2) if d1 else c2) * Ginv
    return A, B, C


def charpoly_coeffs(A: sp.Matrix) -> list:
    """``c_0..c_{d-1}`` of ``det(lambda I - A) = lambda^d + sum_i c_i lambda^i``."""
    lam = sp.Symbol("lambda")
    p = sp.Poly(A.charpoly(lam).as_expr(), lam)
    d = A.shape[0]
    return [p.coeff_monomial(lam**i) for i in range(d)]


def second_moment_expectation(expr, xs, Sigma):
    """E[expr] for a polynomial ``expr`` of degree <= 2 in ``xs`` under E[x] = 0 and
    E[x x^T] = Sigma (monomials x_i x_j -> Sigma_ij, x_i -> 0); ``ValueError`` above degree 2."""
    poly = sp.Poly(sp.expand(expr), *xs)
    out = 0
    for monom, coeff in poly.terms():
        idx = [i for i, e in enumerate(monom) for _ in range(e)]
        if len(idx) == 0:
            out += coeff
        elif len(idx) == 2:
            out += coeff * Sigma[idx[0], idx[1]]
        elif len(idx) > 2:
            raise ValueError("degree > 2")
    return out
