"""numerics.exact: converters, random rational instances, dyadic matrices and exact
minimum-norm solutions, against values worked out by hand."""

from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from flint import fmpq

from numerics import exact


def test_mpf_of_rounds_p_over_q_once():
    with mpmath.workdps(50):
        assert exact.mpf_of(sp.Rational(1, 3)) == mpmath.mpf(1) / 3
        assert exact.mpf_of("2/5") == mpmath.mpf(2) / 5
        assert exact.mpf_of(Fraction(-7, 4)) == mpmath.mpf("-1.75")
        assert exact.mpf_of(12) == 12


def test_sympy_rational_nsimplified():
    assert exact.sympy_rational_nsimplified(Fraction(3, 4)) == sp.Rational(3, 4)
    assert exact.sympy_rational_nsimplified(0.5) == sp.Rational(1, 2)
    assert exact.sympy_rational_nsimplified(2) == 2
    assert isinstance(exact.sympy_rational_nsimplified(Fraction(1, 3)), sp.Rational)


def test_fmpq_exact_is_the_binary_value():
    assert exact.fmpq_exact(0.1) == fmpq(3602879701896397, 2**55)
    assert exact.fmpq_exact(Fraction(1, 3)) == fmpq(1, 3)
    assert exact.fmpq_exact(-5) == fmpq(-5)


def test_float_array():
    out = exact.float_array([mpmath.mpf(1) / 4, sp.Rational(1, 2), Fraction(3, 4), 1])
    assert out.dtype == float and out.tolist() == [0.25, 0.5, 0.75, 1.0]


def test_random_fractions():
    x = exact.random_fraction(np.random.default_rng(1), -2, 2, den=12)
    assert isinstance(x, Fraction) and -2 <= x <= 2 and (12 % x.denominator == 0)
    # an array holds the same draws as consecutive scalar draws, in row-major order
    rng_a, rng_b = np.random.default_rng(7), np.random.default_rng(7)
    arr = exact.random_fraction_array(rng_a, (2, 3))
    assert arr.shape == (2, 3) and arr.dtype == object
    assert arr.ravel().tolist() == [exact.random_fraction(rng_b) for _ in range(6)]
    S = exact.random_symmetric_fractions(np.random.default_rng(3), 4, den=8)
    assert (S == S.T).all()
    assert all(abs(v) <= Fraction(1, 2) and 16 % v.denominator == 0 for v in S.ravel())


def test_cayley_transform():
    S = sp.Matrix([[0, 1], [-1, 0]])
    assert exact.cayley(S) == sp.Matrix([[0, -1], [1, 0]])
    S3 = sp.Matrix([[0, 1, 2], [-1, 0, sp.Rational(1, 2)], [-2, -sp.Rational(1, 2), 0]])
    Q = exact.cayley(S3)
    assert Q.T * Q == sp.eye(3)


def test_dyadic_rounding_and_orthogonal():
    assert exact.round_to_dyadic([0.1, 1 / 3]).tolist() == [26 / 256, 85 / 256]
    assert exact.round_to_dyadic([0.3], q=4).tolist() == [0.25]
    assert (exact.dyadic_orthogonal(4) == np.eye(4)).all()  # the same reflection twice
    Q = exact.dyadic_orthogonal(7)
    assert (Q @ Q.T == np.eye(7)).all()
    assert (Q * 4 == np.round(Q * 4)).all()


def test_basic_solutions():
    sols = list(exact.basic_solutions(sp.Matrix([[1, 1, 0]]), sp.Matrix([2])))
    assert [S for S, _ in sols] == [(0,), (1,)]  # column 2 alone is singular
    assert [b for _, b in sols] == [[2, 0, 0], [0, 2, 0]]


def test_min_l1_by_basic_solutions():
    value, beta, unique = exact.min_l1_by_basic_solutions([[1, 2]], [2])
    assert (value, beta, unique) == (1, (0, 1), True)
    value, _, unique = exact.min_l1_by_basic_solutions([[1, 1]], [2])
    assert value == 2 and not unique
    # a tie along a segment: (t, 4/5 - 3t/2, 1/5 + t/2), t in [0, 8/15], all with l1 norm 1
    value, _, unique = exact.min_l1_by_basic_solutions([[1, 1, 1], [3, 2, 0]], [1, sp.Rational(8, 5)])
    assert value == 1 and not unique


def test_min_lp_by_basic_solutions():
    beta, value, runner = exact.min_lp_by_basic_solutions(sp.Matrix([[1, 2]]), sp.Matrix([2]), 0.5)
    assert beta == [0, 1] and value == 1
    with mpmath.workdps(30):  # the objective is evaluated at 30 digits
        assert abs(runner - mpmath.sqrt(2)) < 1e-25


def test_min_l2_exact():
    assert exact.min_l2_exact([[1, 1]], [2]) == [1, 1]
    # min b1^2 + b2^2 / 3 s.t. b1 + b2 = 2: b = (1, 3) / 2
    assert exact.min_l2_exact([[1, 1]], [2], weights=(1, 3)) == [sp.Rational(1, 2), sp.Rational(3, 2)]
    X, y = sp.Matrix([[1, 2, 0], [0, 1, 1]]), sp.Matrix([1, 2])
    beta = sp.Matrix(exact.min_l2_exact(X, y))
    assert X * beta == y and beta == X.T * (X * X.T).inv() * y


def test_certify_min_l1_support():
    X, y = sp.Matrix([[1, 2]]), sp.Matrix([2])
    beta, nu, ok, margin = exact.certify_min_l1_support(X, y, [1])
    assert beta == [0, 1] and nu == [sp.Rational(1, 2)] and ok and margin == sp.Rational(1, 2)
    beta, nu, ok, margin = exact.certify_min_l1_support(X, y, [0])  # feasible but not optimal
    assert beta == [2, 0] and not ok and margin == -1
    assert exact.certify_min_l1_support(X, y, [0, 1]) == (None, None, False, None)
