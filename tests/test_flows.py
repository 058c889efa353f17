"""Unit tests of numerics/flows.py additions: the SymPy -> heyoka conversion (exact
non-dyadic constants, shared subexpressions), neg_gradient, the real128 working run with an
MPFR check run, exact initial values, the per-run CPU times, and a third integrator defined
as a new class (numerics/integrators.py)."""

import math

import mpmath
import pytest
import sympy as sp

from numerics import fields, flows, integrators


def test_non_dyadic_rational_constant_is_carried_at_working_precision():
    # heyoka's own from_sympy refuses 9/10; a double 0.9 would be wrong at 1e-17
    x = sp.Symbol("x")
    for bits in (113, 160):
        fl = flows.integrate_hp([-sp.Rational(9, 10) * x], [x], ["1"], 2.0, bits=bits, grid=[2.0])
        with mpmath.workprec(256):
            err = abs(fl.final[0] - mpmath.exp(-mpmath.mpf(9) / 5))
        assert err < 1e-32, (bits, err)
        assert fl.final_error < 1e-32


def test_real128_working_run_checked_by_mpfr():
    x, y = sp.symbols("x y")
    fl = flows.integrate_hp([-x, x], [x, y], ["1", "0"], 5.0, bits=113, grid=[1.0, 5.0])
    assert fl.fp == "real128" and fl.check_bits == 177
    with mpmath.workprec(256):
        err = max(abs(a - b) for a, b in zip(fl.final, [mpmath.exp(-5), 1 - mpmath.exp(-5)]))
    assert err < 1e-31
    # the two-precision estimate sees the quadruple-precision error, not zero
    assert 0 < fl.final_error < 1e-31 and float(err) <= 10 * fl.final_error
    assert fl.cpu_seconds[0] >= 0 and fl.cpu_seconds[1] > 0 and fl.check_steps > 0
    fm = flows.integrate_hp([-x, x], [x, y], ["1", "0"], 5.0, bits=113, fp="mpfr", grid=[5.0])
    assert fm.fp == "mpfr" and fm.final_error < 1e-31


def test_low_precision_is_never_raised_to_quad():
    """A caller's precision below 113 bits stays MPFR at those bits (a starved precision must
    show in the two-precision estimate)."""
    assert flows.fp_kind(100) == "mpfr" and flows.fp_kind(113) == "real128" and flows.fp_kind(128) == "mpfr"
    x = sp.Symbol("x")
    fl = flows.integrate_hp([-x], [x], ["1"], 1.0, bits=100, check_bits=110, grid=[1.0])
    assert fl.fp == "mpfr"


def test_check_bits_must_exceed_working_precision():
    x = sp.Symbol("x")
    with pytest.raises(ValueError):
        flows.integrate_hp([-x], [x], ["1"], 1.0, bits=113, check_bits=110, grid=[1.0])  # real128 carries 113
    with pytest.raises(ValueError):
        flows.integrate_hp([-x], [x], ["1"], 1.0, bits=200, fp="real128", grid=[1.0])


def test_neg_gradient_matches_sympy_gradient_flow():
    a, b, c = sp.symbols("a b c", real=True)
    loss = (a * b * c - sp.Rational(1, 3)) ** 2 + (a + b - c) ** 2 / 7
    rhs = [-sp.diff(loss, s) for s in (a, b, c)]
    x0 = ["0.5", "-0.25", "0.75"]
    f1 = flows.integrate_hp(rhs, [a, b, c], x0, 3.0, bits=160, grid=[1.0, 3.0])
    f2 = flows.integrate_hp(flows.neg_gradient(loss), [a, b, c], x0, 3.0, bits=160, grid=[1.0, 3.0])
    assert max(abs(u - v) for u, v in zip(f1.final, f2.final)) < 1e-40
    assert f2.final_error < 1e-40


def test_to_heyoka_shares_subexpressions_and_converts_functions():
    import heyoka as hy

    x, y = sp.symbols("x y")
    r = (x + y - sp.Rational(1, 10)) ** 2
    exprs = to = flows.to_heyoka([r * x, r * y, sp.exp(x) + sp.sqrt(y)], [x, y], 128)
    assert len(to) == 3
    cf = hy.cfunc(exprs, [hy.expression("x"), hy.expression("y")])
    v = cf([0.3, 0.5])
    assert abs(v[0] - 0.7**2 * 0.3) < 1e-14 and abs(v[2] - (mpmath.exp(0.3) + mpmath.sqrt(0.5))) < 1e-14


def test_initial_values_are_taken_exactly():
    x = sp.Symbol("x")
    assert fields.exact_str(mpmath.mpf(0.1)) != "0.1"  # the binary double, all digits
    with mpmath.workprec(300):
        assert mpmath.mpf(fields.exact_str(mpmath.mpf(0.1))) == mpmath.mpf(0.1)
    with mpmath.workprec(300):
        for v in (0.1, -0.3, -6.0, 2.0**70, -(2.0**-80), 0.0):
            assert mpmath.mpf(fields.exact_str(mpmath.mpf(v))) == mpmath.mpf(v), v
    y = sp.Symbol("y")
    for bits in (113, 200):
        fl = flows.integrate_hp([sp.Integer(0) * x, -y], [x, y], [0.1, mpmath.mpf(-0.3)], 1.0, bits=bits, grid=[1.0])
        with mpmath.workprec(200):
            assert fl.final[0] == mpmath.mpf(0.1)
            assert abs(fl.final[1] - mpmath.mpf(-0.3) * mpmath.exp(-1)) < 1e-32


def test_flow_to_rest_with_neg_gradient_in_real128():
    from numerics import limits

    # depth-2 diagonal model on one sample: beta = u^2 - v^2 -> 1 from u = v = 1/2; the
    # limit is u^2 - v^2 = 1 with u v conserved (u' = -4 r u, v' = 4 r v): u v = 1/4
    u, v = sp.symbols("u v", real=True)
    loss = (u**2 - v**2 - 1) ** 2
    lim = limits.flow_to_rest(
        flows.neg_gradient(loss),
        [u, v],
        ["0.5", "0.5"],
        lambda x: [x[0] * x[1], x[0] ** 2 - x[1] ** 2],
        lambda x: abs(x[0] ** 2 - x[1] ** 2 - 1),
        lambda x: 4.0,
        bits=113,
        res_stop=1e-28,
        t_end=1e3,
    )
    assert lim.reached and lim.flow.fp == "real128"
    assert abs(lim.value[0] - mpmath.mpf(1) / 4) < 1e-28 and abs(lim.value[1] - 1) < 1e-27
    assert lim.error < 1e-26


def test_parallel_check_gives_the_sequential_result():
    """The check run in a second thread: the same grid times, states, estimate and stop."""
    x, y = sp.symbols("x y")
    rhs, x0 = [-x * y, x - y / 3], ["1", "0.5"]
    grid = flows.geometric_grid(20.0, 0.1, 4)
    stop = lambda s: abs(s[0]) < 0.5
    for bits in (113, 140):
        a = flows.integrate_hp(rhs, [x, y], x0, 20.0, bits=bits, grid=grid, stop=stop)
        b = flows.integrate_hp(rhs, [x, y], x0, 20.0, bits=bits, grid=grid, stop=stop, parallel_check=True)
        assert a.stopped and b.stopped and a.times == b.times and len(a.times) < len(grid)
        assert a.states == b.states and a.error == b.error and a.check_steps == b.check_steps
        assert 0 < b.final_error < 1e-30 and b.cpu_seconds[1] > 0


class FixedStepRK4(integrators.Integrator):
    """A third integrator, defined here and registered nowhere: the classical Runge-Kutta
    method in mpmath at the run's precision, with a fixed step of about ``tol**(1/4)`` in
    each grid interval (``tol``: the run's step tolerance, else this instance's)."""

    name = "rk4 (test)"

    def __init__(self, tol: float = 1e-8):
        self.tol = tol

    def options(self):
        return (self.tol,)

    def build(self, rhs, syms, precision):
        return sp.lambdify([list(syms)], list(rhs), "mpmath")

    def march(self, f, x0, times, precision, max_steps):
        h_max = (precision.tol or self.tol) ** 0.25
        x, t, steps = None, 0, 0
        for tg in times:
            with mpmath.workprec(precision.effective_bits):
                if x is None:
                    x, t = [mpmath.mpf(fields.exact_str(v)) for v in x0], mpmath.mpf(0)
                T = mpmath.mpf(fields.grid_time(tg))
                n = max(1, math.ceil(float(T - t) / h_max))
                if steps + n > max_steps:
                    raise FloatingPointError(f"rk4: more than {max_steps} steps before t={tg}")
                h = (T - t) / n
                for _ in range(n):
                    k1 = f(x)
                    k2 = f([a + h / 2 * k for a, k in zip(x, k1)])
                    k3 = f([a + h / 2 * k for a, k in zip(x, k2)])
                    k4 = f([a + h * k for a, k in zip(x, k3)])
                    x = [a + h / 6 * (p + 2 * q + 2 * r + s) for a, p, q, r, s in zip(x, k1, k2, k3, k4)]
                steps, t = steps + n, T
                state = [fields.exact_str(v) for v in x]
            yield state, steps


def test_a_third_integrator_is_a_new_class_not_an_edit():
    """integrate_hp runs an Integrator subclass it has never heard of (as a class and as an
    instance) with its two-precision check: the working run's steps of 1e-2 leave a truncation
    error ~1e-10 that the check run (steps of 1e-3 at 128 bits) exposes, and the estimate
    covers the true error of x' = -x, y' = x (x = e^-t, y = 1 - e^-t)."""
    assert FixedStepRK4.name not in integrators.INTEGRATORS
    x, y = sp.symbols("x y")
    precision = flows.HPPrecision(bits=64, check_bits=128, check_tol=1e-12)
    for method in (FixedStepRK4, FixedStepRK4(tol=1e-8)):
        fl = flows.integrate_hp([-x, x], [x, y], ["1", "0"], 1.0, precision, grid=[0.25, 1.0], method=method)
        assert fl.times == [0.25, 1.0] and fl.steps == 100 and fl.check_steps == 1000 and fl.fp == "mpfr"
        with mpmath.workprec(256):
            for t, st, est in zip(fl.times, fl.states, fl.error):
                e = mpmath.exp(-mpmath.mpf(fields.grid_time(t)))
                err = max(abs(st[0] - e), abs(st[1] - (1 - e)))
                assert 1e-13 < est < 1e-9, est  # truncation at the working run's steps, not rounding (1e-19)
                assert err <= est + 1e-14, (err, est)  # the check run's own error: ~1e-14
    with pytest.raises(ValueError):  # not concurrent: no second thread
        flows.integrate_hp([-x, x], [x, y], ["1", "0"], 1.0, precision, method=FixedStepRK4, parallel_check=True)
    with pytest.raises(ValueError):  # an option it does not take
        flows.integrate_hp([-x, x], [x, y], ["1", "0"], 1.0, precision, method=FixedStepRK4, compact_mode=False)
