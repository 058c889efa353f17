"""Exact arithmetic helpers, knowing no paper: conversions between ``Fraction`` object arrays and
SymPy rationals, random rational instances, and small exact linear algebra.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp

from .linear_rnn_gd import as_exact


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
