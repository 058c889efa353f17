"""Unit tests of the paper-agnostic engines: flows and convex programs."""

import math

import mpmath
import numpy as np
import sympy as sp

from numerics import convex, flows


def test_hp_flow_matches_closed_form_and_its_error_estimate():
    # x' = -x y, y' = x^2 - 1 ... use a solvable system: x' = -x, y' = x  => x = e^-t, y = 1 - e^-t
    x, y = sp.symbols("x y")
    fl = flows.integrate_hp([-x, x], [x, y], ["1", "0"], 5.0, bits=128, grid=[1.0, 5.0])
    with mpmath.workprec(192):
        exact = [mpmath.exp(-5), 1 - mpmath.exp(-5)]
        err = max(abs(a - b) for a, b in zip(fl.final, exact))
    assert err < 1e-33
    assert fl.final_error < 1e-33  # the two-precision estimate is small too
    assert float(err) <= 10 * max(fl.final_error, 1e-38)  # and of the right size


def test_hp_flow_stop_predicate_and_double_flow():
    x = sp.Symbol("x")
    fl = flows.integrate_hp([-2 * x], [x], ["1"], 100.0, bits=96, stop=lambda s: s[0] < 1e-10)
    assert fl.stopped and fl.final[0] < 1e-10
    f, J = flows.lambdify_field([-2 * x], [x])
    dfl = flows.integrate_double(f, [1.0], 3.0, jac=J, grid=[1.0, 3.0])
    assert abs(dfl.final[0] - math.exp(-6)) < 1e-9 and dfl.final_error < 1e-8


T5 = (np.array([[1, 2, 0, -1, 3], [0, 1, 1, 2, -1]], float), np.array([1.0, 2.0]))


def test_min_l2_matches_pseudoinverse():
    X, y = T5
    s = convex.min_l2(X, y)
    np.testing.assert_allclose(s.beta, np.linalg.pinv(X) @ y, atol=1e-8)
    np.testing.assert_allclose(s.extra["closed_form"], np.linalg.pinv(X) @ y, atol=1e-12)
    assert s.kkt["stationarity"] < 1e-7


def test_min_l1_certificate():
    X, y = T5
    s = convex.min_l1(X, y)
    assert s.kkt["feasibility"] < 1e-9 and s.kkt["dual_feasibility"] < 1e-8 and s.kkt["slackness"] < 1e-7
    assert abs(np.abs(s.beta).sum() - y @ s.nu) < 1e-8  # strong duality


def test_min_kl_is_q_alpha_argmin_against_dual_newton():
    X, y = T5
    a = 0.5
    s = convex.min_kl(X, y, np.full(5, a * a))
    r = convex.separable_dual_newton(
        X.tolist(),
        y.tolist(),
        lambda i, t: 2 * a * a * mpmath.sinh(t),
        lambda i, t: 2 * a * a * mpmath.cosh(t),
        lambda i, t: 2 * a * a * (mpmath.cosh(t) - 1),
        dps=30,
    )
    np.testing.assert_allclose(s.beta, [float(b) for b in r.beta], atol=1e-8)
    assert s.error < 1e-6 and s.kkt["feasibility"] < 1e-9


def test_min_power_matches_dual_newton_depth4():
    X, y = T5
    a, D = 0.7, 4
    s = convex.min_power(X, y, D, a)
    h = lambda z: (1 - z) ** (-2) - (1 + z) ** (-2)  # h_4
    dh = lambda z: 2 * (1 - z) ** (-3) + 2 * (1 + z) ** (-3)
    H = lambda z: (1 - z) ** (-1) + (1 + z) ** (-1) - 2
    aD = mpmath.mpf(a) ** D
    r = convex.separable_dual_newton(
        X.tolist(), y.tolist(), lambda i, t: aD * h(t), lambda i, t: aD * dh(t), lambda i, t: aD * H(t), dps=30, box=1
    )
    np.testing.assert_allclose(s.beta, [float(b) for b in r.beta], atol=1e-6)
