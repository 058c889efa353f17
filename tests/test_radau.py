"""numerics/radau.py and ``flows.integrate_hp(..., method="radau")``: the Radau IIA tableau
against its defining conditions and closed forms, runs against exact solutions (stiff linear,
logistic) with the two-precision estimate covering the true error, agreement with the
independent Taylor integrator, decimal grid times, stop predicates and bad arguments."""

import mpmath
import pytest
import sympy as sp

from numerics import flows, integrators, radau


def test_tableau_closed_forms():
    c, A = radau.radau_tableau(1, 200)
    assert c == [1] and A == [[1]]  # implicit Euler
    c, A = radau.radau_tableau(2, 200)
    with mpmath.workprec(200):
        want = [[mpmath.mpf(5) / 12, -mpmath.mpf(1) / 12], [mpmath.mpf(3) / 4, mpmath.mpf(1) / 4]]
        assert abs(c[0] - mpmath.mpf(1) / 3) < 2**-195 and c[1] == 1
        assert max(abs(A[i][j] - want[i][j]) for i in range(2) for j in range(2)) < 2**-195
        c, A = radau.radau_tableau(3, 200)
        r6 = mpmath.sqrt(6)
        assert abs(c[0] - (4 - r6) / 10) < 2**-195 and abs(c[1] - (4 + r6) / 10) < 2**-195
        assert abs(A[0][0] - (88 - 7 * r6) / 360) < 2**-195


@pytest.mark.parametrize("s", [4, 9, 16, 23])
def test_tableau_simplifying_assumptions(s):
    """C(s): sum_j a_ij c_j^(k-1) = c_i^k / k (k <= s); B(2s-1): the last row (b) integrates
    polynomials of degree <= 2s-2 exactly. Both at the 200 bits asked for."""
    c, A = radau.radau_tableau(s, 200)
    with mpmath.workprec(260):
        C = max(
            abs(mpmath.fsum(A[i][j] * c[j] ** (k - 1) for j in range(s)) - c[i] ** k / k)
            for i in range(s)
            for k in range(1, s + 1)
        )
        B = max(
            abs(mpmath.fsum(A[s - 1][j] * c[j] ** (k - 1) for j in range(s)) - mpmath.mpf(1) / k)
            for k in range(1, 2 * s)
        )
    assert C < 2**-190 and B < 2**-190, (C, B)


def _within_estimate(fl, exact, check_bits):
    """The true error is within the two-precision estimate, up to the check run's own error
    (2^-64 of the working run's by precision; bounded here by 2^(16 - check_bits))."""
    err = max(abs(a - b) for a, b in zip(fl.final, exact))
    assert err <= fl.final_error + 2.0 ** (16 - check_bits), (err, fl.final_error)
    return float(err)


@pytest.mark.parametrize("bits", [113, 150])
def test_stiff_linear_flow_against_its_exact_solution(bits):
    """x1' = -x1, x2' = -1000 (x2 - x1): a fast mode 1000x the slow one, to t = 20 (2e4
    time constants of the fast mode: an explicit method needs >= 1e4 steps)."""
    x1, x2 = sp.symbols("x1 x2")
    fl = flows.integrate_hp(
        [-x1, -1000 * (x2 - x1)], [x1, x2], ["1", "0"], 20.0, bits=bits, method="radau", grid=[0.5, 20.0]
    )
    with mpmath.workprec(300):
        t = mpmath.mpf(20)
        e1 = mpmath.exp(-t)
        exact = [e1, 1000 * (e1 - mpmath.exp(-1000 * t)) / 999]
    err = _within_estimate(fl, exact, fl.check_bits)
    assert fl.final_error < 2.0 ** (24 - bits), fl.final_error  # at the working precision
    assert fl.steps < 300 and fl.check_steps > fl.steps  # accuracy-limited steps; the check's tolerance is tighter
    assert err >= 0


@pytest.mark.parametrize("direct_max", [0, 10**6])
def test_both_newton_corrections_solve_the_stiff_flow(monkeypatch, direct_max):
    """The Newton correction by one LU of the n s x n s matrix (small systems) and by s block
    solves in Schur coordinates (larger ones; forced here with ``DIRECT_MAX = 0``): both
    converge to the working-precision stage equations, so the states agree with the exact
    solution within the estimate. (Not with each other to rounding: their step sequences
    may differ, measured 7.5e-37 apart against estimates of 9e-37 and 1.6e-36.)"""
    monkeypatch.setattr(radau.RadauIIA, "DIRECT_MAX", direct_max)
    # a compiled system keeps the correction it was built with: compile into a cache of this
    # case's own (an earlier case's or test's system would be reused otherwise)
    monkeypatch.setattr(integrators, "_COMPILED", {})
    x1, x2 = sp.symbols("x1 x2")
    fl = flows.integrate_hp(
        [-x1, -1000 * (x2 - x1)], [x1, x2], ["1", "0"], 20.0, bits=113, method="radau", grid=[0.5, 20.0]
    )
    with mpmath.workprec(300):
        t = mpmath.mpf(20)
        e1 = mpmath.exp(-t)
        exact = [e1, 1000 * (e1 - mpmath.exp(-1000 * t)) / 999]
    _within_estimate(fl, exact, fl.check_bits)
    assert fl.final_error < 2.0**-89
    used = {system.direct for system in integrators._COMPILED.values()}
    assert used == {direct_max > 0}  # the path this case is about (working and check runs)


def test_logistic_flow_at_decimal_grid_times():
    """x' = x (1 - x), x(0) = 1/10: x(t) = 1 / (1 + 9 e^-t) at the decimal times 0.1 and 7.3
    (a grid time is the decimal its float prints as, as for Taylor runs)."""
    x = sp.Symbol("x")
    fl = flows.integrate_hp([x * (1 - x)], [x], ["0.1"], 7.3, bits=113, method="radau", grid=[0.1, 7.3])
    with mpmath.workprec(300):
        for t, st, e in zip(fl.times, fl.states, fl.error):
            exact = 1 / (1 + 9 * mpmath.exp(-mpmath.mpf(repr(t))))
            assert abs(st[0] - exact) <= e + 2.0**-160
    assert fl.final_error < 1e-32


def test_radau_agrees_with_taylor_on_a_nonlinear_gradient_flow():
    """Two integrators sharing only the SymPy -> heyoka conversion of the field."""
    a, b, c = sp.symbols("a b c", real=True)
    loss = (a * b * c - sp.Rational(1, 3)) ** 2 + (a + b - c) ** 2 / 7
    x0 = ["0.5", "-0.25", "0.75"]
    grid = [0.5, 3.0, 12.0]
    ft = flows.integrate_hp(flows.neg_gradient(loss), [a, b, c], x0, 12.0, bits=113, grid=grid)
    fr = flows.integrate_hp(flows.neg_gradient(loss), [a, b, c], x0, 12.0, bits=113, grid=grid, method="radau")
    for u, v, eu, ev in zip(ft.states, fr.states, ft.error, fr.error):
        assert max(abs(p - q) for p, q in zip(u, v)) <= eu + ev + 2.0**-150
    assert fr.final_error < 1e-31


def test_stop_predicate_ends_both_runs_at_the_same_grid_time():
    x = sp.Symbol("x")
    grid = flows.geometric_grid(100.0, 1e-2, 8)
    fl = flows.integrate_hp([-x], [x], ["1"], 100.0, bits=113, method="radau", grid=grid, stop=lambda s: s[0] < 1e-3)
    assert fl.stopped and fl.final[0] < 1e-3 and len(fl.times) < len(grid)
    assert fl.t_final == min(t for t in grid if mpmath.exp(-mpmath.mpf(repr(t))) < 1e-3)


def test_a_far_too_long_first_step_is_rejected_and_recovered():
    """A first step of 50 on a mode with rate 1e4: Newton or the error test rejects it, and
    the run still meets its own two-precision estimate against the exact solution."""
    x1, x2 = sp.symbols("x1 x2")
    rhs = [-x1, -10000 * (x2 - x1)]
    finals = []
    for bits, kind in ((113, "real128"), (177, "mpfr")):
        ri = integrators.RadauIntegrator().compile(rhs, [x1, x2], integrators.Precision(bits, kind))
        ri.stats = radau.RadauStats()
        times, states, _ = ri.propagate(["1", "0"], [1.0], h0=50.0)
        assert ri.stats.rejected >= 1 and times == [1.0]
        finals.append(states[-1])
    with mpmath.workprec(300):
        work, check = ([mpmath.mpf(str(v)) for v in f] for f in finals)
        e1 = mpmath.exp(-1)
        exact = [e1, 10000 * (e1 - mpmath.exp(-10000)) / 9999]
        est = max(abs(a - b) for a, b in zip(work, check))
        err = max(abs(a - b) for a, b in zip(work, exact))
    assert err <= est + 2.0**-160 and est < 1e-32, (err, est)


def test_bad_arguments():
    x = sp.Symbol("x")
    with pytest.raises(ValueError):
        flows.integrate_hp([-x], [x], ["1"], 1.0, method="rk4")
    with pytest.raises(ValueError):
        flows.integrate_hp([-x], [x], ["1"], 1.0, method="radau", parallel_check=True)
    with pytest.raises(ValueError):
        radau.radau_tableau(0, 100)


def test_a_starved_precision_shows_in_the_estimate():
    """At 64 bits the estimate must say ~19 digits, not the 33 of real128, and still cover
    the true error (logistic flow, exact solution)."""
    x = sp.Symbol("x")
    fl = flows.integrate_hp([x * (1 - x)], [x], ["0.1"], 5.0, bits=64, method="radau", grid=[5.0])
    with mpmath.workprec(300):
        exact = 1 / (1 + 9 * mpmath.exp(-5))
        err = abs(fl.final[0] - exact)
    assert fl.fp == "mpfr" and 1e-24 < fl.final_error < 1e-15
    assert err <= fl.final_error + 2.0 ** (16 - fl.check_bits)
