"""Unit tests of numerics/flows.py additions: the SymPy -> heyoka conversion (exact
non-dyadic constants, shared subexpressions), neg_gradient, the real128 working run with an
MPFR check run, exact initial values, and the per-run CPU times."""
import mpmath
import pytest
import sympy as sp

from numerics import fields, flows


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
    assert abs(v[0] - 0.7 ** 2 * 0.3) < 1e-14 and abs(v[2] - (mpmath.exp(0.3) + mpmath.sqrt(0.5))) < 1e-14


def test_initial_values_are_taken_exactly():
    x = sp.Symbol("x")
    assert fields.exact_str(mpmath.mpf(0.1)) != "0.1"  # the binary double, all digits
    with mpmath.workprec(300):
        assert mpmath.mpf(fields.exact_str(mpmath.mpf(0.1))) == mpmath.mpf(0.1)
    with mpmath.workprec(300):
        for v in (0.1, -0.3, -6.0, 2.0 ** 70, -(2.0 ** -80), 0.0):
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
    loss = (u ** 2 - v ** 2 - 1) ** 2
    lim = limits.flow_to_rest(flows.neg_gradient(loss), [u, v], ["0.5", "0.5"], lambda x: [x[0] * x[1], x[0] ** 2 - x[1] ** 2],
                              lambda x: abs(x[0] ** 2 - x[1] ** 2 - 1), lambda x: 4.0, bits=113, res_stop=1e-28, t_end=1e3)
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
