"""numerics/linear_rnn_gd.py against SymPy's differentiation (theorems/linear_rnn.py), the
shared SISO engine (numerics/linear_rnn.py) and the recurrence run literally."""

from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from numerics import flows
from numerics import linear_rnn as nl
from numerics import linear_rnn_gd as gd
from theorems import linear_rnn as tl

small = st.integers(-3, 3)


def _frac(data, shape):
    return gd.as_exact(
        np.array(
            [Fraction(data.draw(small), data.draw(st.integers(1, 3))) for _ in range(int(np.prod(shape)))], dtype=object
        ).reshape(shape)
    )


@settings(max_examples=15, deadline=None)
@given(data=st.data(), d=st.integers(1, 3), k=st.integers(1, 4), n=st.integers(1, 2), m=st.integers(1, 2))
def test_gradient_matches_sympy_mimo(data, d, k, n, m):
    A_s, B_s, C_s, coords = tl.parameters(d, "full", m=m, n=n)
    A, B, C = _frac(data, (d, d)), _frac(data, (d, n)), _frac(data, (m, d))
    target = [_frac(data, (m, n)) for _ in range(k)]
    H_s = tl.impulse(A_s, B_s, C_s, k)
    H_s = [sp.Matrix([[h]]) if not isinstance(h, sp.MatrixBase) else h for h in H_s]
    loss_s = sum(
        sum(
            (H_s[j][p, q] - sp.Rational(target[j][p, q].numerator, target[j][p, q].denominator)) ** 2
            for p in range(m)
            for q in range(n)
        )
        for j in range(k)
    )
    point = dict(
        zip(
            coords,
            [sp.Rational(v.numerator, v.denominator) for v in list(A.ravel()) + list(B.ravel()) + list(C.ravel())],
        )
    )
    ref = [sp.diff(loss_s, s).subs(point) for s in coords]
    value, (GA, GB, GC) = gd.loss_and_gradient(gd.ImpulseLoss(tuple(target)), A, B, C)
    got = list(GA.ravel()) + list(np.ravel(GB)) + list(np.ravel(GC))
    assert [sp.Rational(g.numerator, g.denominator) for g in got] == ref
    assert sp.Rational(value.numerator, value.denominator) == loss_s.subs(point)


@settings(max_examples=15, deadline=None)
@given(data=st.data(), d=st.integers(1, 4), k=st.integers(1, 5))
def test_siso_matches_shared_engine(data, d, k):
    A, B, C = _frac(data, (d, d)), _frac(data, (d,)), _frac(data, (d,))
    w = [Fraction(data.draw(small)) for _ in range(k)]
    H = gd.impulse(A, B, C, k)
    assert H == nl.impulse(A, B, C, k)
    x = [data.draw(small) for _ in range(k)]
    assert nl.output(H, x) == nl.simulate(A, B, C, x)[-1]
    loss = gd.ImpulseLoss(tuple(w))
    _, (GA, GB, GC) = gd.loss_and_gradient(loss, A, B, C)
    GA2, GB2, GC2 = nl.impulse_gradient(A, B, C, [2 * (H[j] - w[j]) for j in range(k)])
    assert (GA == GA2).all() and (GB == GB2).all() and (GC == GC2).all()


def test_exact_gd_step_is_the_definition():
    A = gd.as_exact([[1, Fraction(1, 2)], [0, -1]])
    B, C = gd.as_exact([1, 2]), gd.as_exact([Fraction(1, 3), 1])
    loss = gd.ImpulseLoss((Fraction(1), 0, 0))
    eta = Fraction(1, 7)
    run = gd.gradient_descent(loss, A, B, C, eta, 2)
    _, (GA, GB, GC) = gd.loss_and_gradient(loss, A, B, C)
    A1, B1, C1 = run.params[1]
    assert (A1 == A - eta * GA).all() and (B1 == B - eta * GB).all() and (C1 == C - eta * GC).all()
    assert all(isinstance(v, Fraction) for v in A1.ravel())
    assert run.steps == [0, 1, 2] and run.losses[0] == loss.value(gd.impulse(A, B, C, 3))


def test_float_gd_decreases_and_detects_divergence():
    rng = np.random.default_rng(1)
    A, B, C = 0.3 * rng.normal(size=(3, 3)), 0.5 * rng.normal(size=3), 0.5 * rng.normal(size=3)
    loss = gd.ImpulseLoss((1.0, 0.0, 0.0))
    small_step = gd.gradient_descent(loss, A, B, C, 1e-2, 200, record=lambda t: t % 50 == 0)
    assert all(a >= b for a, b in zip(small_step.losses, small_step.losses[1:]))
    big = gd.gradient_descent(loss, A, B, C, 5.0, 200)
    assert big.diverged


def test_flow_field_is_minus_gradient_and_integrates():
    rng = np.random.default_rng(2)
    A, B, C = 0.3 * rng.normal(size=(2, 2)), rng.normal(size=2), rng.normal(size=2)
    loss = gd.ImpulseLoss((1.0, 0.0, 0.0))
    f = gd.flow_field(loss, 2)
    x = gd.pack(A, B, C)
    eps = 1e-6
    val = lambda y: loss.value(gd.impulse(*gd.unpack(y, 2), 3))
    num = np.array([(val(x + eps * e) - val(x - eps * e)) / (2 * eps) for e in np.eye(len(x))])
    assert np.allclose(-f(0, x), num, atol=1e-7)
    fl = flows.integrate_double(f, x, 50.0, rtol=1e-9, method="DOP853")
    assert val(fl.final) < val(x)


def test_adam_reduces_loss():
    rng = np.random.default_rng(3)
    A, B, C = 0.3 * rng.normal(size=(3, 3)), 0.5 * rng.normal(size=3), 0.5 * rng.normal(size=3)
    loss = gd.ImpulseLoss((1.0, 0.0, 0.0))
    run = gd.adam(loss, A, B, C, 1e-2, 2000)
    assert run.losses[-1] < 1e-4


def test_linear_programs():
    from numerics import linear_programs as lp

    # max z0 + z1 s.t. z0 - z1 = 0, |z| <= 2  -> 4
    r = lp.extremize_linear([1, 1], [[1, -1]], [0], box=2.0)
    assert abs(r.value - 4) < 1e-8 and r.error < 1e-6
    # positive measure on {-1, 0, 1} with m0 = 1, m1 = 0: max m2 = 1 (p = (1/2, 0, 1/2))
    r = lp.extremize_linear([1, 0, 1], [[1, 1, 1], [-1, 0, 1]], [1, 0], nonneg=True)
    assert abs(r.value - 1) < 1e-8
    # min |z - (1, -1)|^2 s.t. z >= 0, z1 >= 1/2 -> (1, 1/2): value 2.25
    r = lp.min_quadratic(np.eye(2), [1, -1], g=[0, 1], delta=0.5)
    assert abs(r.value - 2.25) < 1e-7
