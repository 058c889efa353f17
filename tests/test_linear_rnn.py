"""The shared linear RNN: the numeric engine (numerics/linear_rnn.py) against SymPy's
derivation (theorems/linear_rnn.py) and against the recurrence run literally."""

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from numerics import linear_rnn as nl
from theorems import linear_rnn as tl

small_int = st.integers(-3, 3)


def _exact_instance(d, data, structure):
    A = [[Fraction(data.draw(small_int), data.draw(st.integers(1, 3))) for _ in range(d)] for _ in range(d)]
    if structure == "symmetric":
        A = [[A[min(p, q)][max(p, q)] for q in range(d)] for p in range(d)]
    B = [Fraction(data.draw(small_int)) for _ in range(d)]
    C = [Fraction(data.draw(small_int)) for _ in range(d)]
    return A, B, C


@pytest.mark.parametrize("structure", ["full", "symmetric", "diagonal"])
@given(data=st.data(), d=st.integers(1, 3), k=st.integers(1, 4))
def test_gradient_matches_sympy(structure, data, d, k):
    A_s, B_s, C_s, coords = tl.parameters(d, structure)
    A, B, C = _exact_instance(d, data, structure)
    if structure == "diagonal":
        A = [A[i][i] for i in range(d)]
    w = [Fraction(data.draw(small_int)) for _ in range(k)]
    loss = tl.population_loss(A_s, B_s, C_s, [sp.Rational(v.numerator, v.denominator) for v in w])
    point = {}
    if structure == "diagonal":
        point.update(zip(coords[:d], A))
    elif structure == "symmetric":
        point.update({s: A[p][q] for s, (p, q) in zip(coords, nl.symmetric_coordinates(d))})
    else:
        point.update({s: A[p][q] for s, (p, q) in zip(coords, [(p, q) for p in range(d) for q in range(d)])})
    point.update(zip(list(B_s), B))
    point.update(zip(list(C_s), C))
    point = {s: sp.Rational(v.numerator, v.denominator) for s, v in point.items()}
    sym = [g.subs(point) for g in tl.gradient(loss, coords)]
    h = nl.impulse(A, B, C, k)
    GA, GB, GC = nl.impulse_gradient(A, B, C, [2 * (h[j] - w[j]) for j in range(k)])
    if structure == "symmetric":
        ga = nl.symmetric_coordinate_gradient(GA)
    else:
        ga = list(np.asarray(GA, dtype=object).ravel())
    num = ga + list(GB) + list(GC)
    assert [sp.Rational(v.numerator, v.denominator) for v in num] == sym


@given(data=st.data(), d=st.integers(1, 3), k=st.integers(1, 5))
def test_recurrences_and_exact_expectation(data, d, k):
    A, B, C = _exact_instance(d, data, "full")
    w = [Fraction(data.draw(small_int)) for _ in range(k)]
    h = nl.impulse(A, B, C, k)
    xs = [Fraction(data.draw(small_int)) for _ in range(k)]
    for update in ("delay", "no-delay"):
        assert nl.simulate(A, B, C, xs, update)[-1] == nl.output(h, xs)
    # E over Rademacher inputs of the squared output error = sum_j (h_j - w_j)^2, exactly
    e = nl.rademacher_expectation(lambda x: (nl.output(h, x) - nl.output(w, x)) ** 2, k)
    assert e == nl.squared_impulse_loss(h, w)


def test_float_and_mpmath_backends_agree():
    import mpmath

    rng = np.random.default_rng(1)
    A, B, C = rng.normal(size=(3, 3)) / 2, rng.normal(size=3), rng.normal(size=3)
    hf = nl.impulse(A, B, C, 6)
    with mpmath.workdps(40):
        hm = nl.impulse(
            [[mpmath.mpf(v) for v in r] for r in A], [mpmath.mpf(v) for v in B], [mpmath.mpf(v) for v in C], 6
        )
    assert np.allclose(hf, [float(v) for v in hm], rtol=1e-13, atol=1e-15)
