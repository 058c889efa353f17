"""Unit tests of numerics/exact.py's converters, random rational instances, exact linear algebra
and expectations, and of numerics.linear_programs.impulse_entry_range."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from numerics import exact as nx
from numerics import linear_programs as lp
from numerics import linear_rnn as nl


def test_sympy_rational_is_exact():
    assert nx.sympy_rational(Fraction(3, 4)) == sp.Rational(3, 4)
    assert nx.sympy_rational(-2) == sp.Integer(-2)
    assert nx.sympy_rational(0.1) == sp.Rational(3602879701896397, 36028797018963968)  # the float, exactly


def test_sympy_matrix_and_fraction_array_round_trip():
    M = np.array([[Fraction(1, 2), 3], [Fraction(-5, 7), 0]], dtype=object)
    S = nx.sympy_matrix(M)
    assert S == sp.Matrix([[sp.Rational(1, 2), 3], [sp.Rational(-5, 7), 0]])
    back = nx.fraction_array(S)
    assert back.dtype == object and all(isinstance(v, Fraction) for v in back.ravel())
    assert (back == M).all()
    col = nx.sympy_matrix([Fraction(1, 3), 2])
    assert col.shape == (2, 1) and col[0] == sp.Rational(1, 3)


@pytest.mark.parametrize("seed", range(5))
def test_random_rationals_in_range_and_reproducible(seed):
    d = 4
    S = nx.rational_symmetric(np.random.default_rng(seed), d)
    assert S.shape == (d, d) and (S == S.T).all()
    v = nx.rational_vector(np.random.default_rng(seed), d, lo=-1, hi=2, den=3)
    for x in list(S.ravel()) + list(v):
        assert isinstance(x, Fraction)
    assert all(-3 <= x.numerator <= 3 and x.denominator <= 4 for x in S.ravel())  # p/q reduced: |numerator| <= |p|
    assert all(-1 <= x.numerator <= 2 and x.denominator <= 3 for x in v)
    assert (nx.rational_symmetric(np.random.default_rng(seed), d) == S).all()


def test_charpoly_coeffs_and_cayley_hamilton():
    A = sp.Matrix([[1, 2], [3, 4]])
    assert nx.charpoly_coeffs(A) == [-2, -5]  # lambda^2 - 5 lambda - 2
    B = sp.Matrix([[2, 1, 0], [0, -1, 3], [1, 1, 1]])
    c = nx.charpoly_coeffs(B)
    assert B**3 + sum((c[i] * B**i for i in range(3)), sp.zeros(3, 3)) == sp.zeros(3, 3)


def test_second_moment_expectation():
    x1, x2, s = sp.symbols("x1 x2 s")
    Sigma = sp.Matrix([[1, s], [s, 2]])
    assert (
        sp.expand(nx.second_moment_expectation((x1 + 2 * x2) ** 2 + 3 * x1 + 5, [x1, x2], Sigma) - (1 + 4 * s + 8 + 5))
        == 0
    )
    with pytest.raises(ValueError):
        nx.second_moment_expectation(x1**3, [x1, x2], Sigma)


@pytest.mark.parametrize("d,seed", [(1, 0), (2, 1), (3, 2), (4, 3), (4, 7)])
def test_block_triangular_realization_impulse(d, seed):
    w = Fraction(-3, 2)
    A, B, C = nx.block_triangular_realization(np.random.default_rng(seed), d, w)
    assert A.shape == (d, d) and B.shape == (d, 1) and C.shape == (1, d)
    h = nl.impulse(nx.fraction_array(A), nx.fraction_array(B).ravel(), nx.fraction_array(C).ravel(), 3 * d + 2)
    assert h[0] == w and all(v == 0 for v in h[1:])
    A, B, C = nx.block_triangular_realization(np.random.default_rng(seed), d, w, vanishing_tail=False)
    h = nl.impulse(nx.fraction_array(A), nx.fraction_array(B).ravel(), nx.fraction_array(C).ravel(), 3 * d + 2)
    assert all(v == w for v in h)


def test_impulse_entry_range():
    # A = 0 in R^2, B = e_1: C A^J B = 0 for J >= 1 whatever C; C A^0 B = C_1 is fixed by the target
    A, B = np.zeros((2, 2)), np.array([1.0, 0.0])
    hi, lo = lp.impulse_entry_range(A, B, [2.0, 0.0], 3, box=5.0)
    assert abs(hi.value) < 1e-8 and abs(lo.value) < 1e-8
    hi, lo = lp.impulse_entry_range(A, B, [2.0], 0, box=5.0)
    assert abs(hi.value - 2.0) < 1e-7 and abs(lo.value - 2.0) < 1e-7
    # the cyclic shift on 3 states, B = e_1: C A^j B = C_{j mod 3 + 1}; fixing j < 2 leaves C_3 = C A^2 B free
    P = np.roll(np.eye(3), 1, axis=0)
    hi, lo = lp.impulse_entry_range(P, np.array([1.0, 0, 0]), [1.0, 0.0], 2, box=4.0)
    assert abs(hi.value - 4.0) < 1e-7 and abs(lo.value + 4.0) < 1e-7 and hi.error < 1e-6
