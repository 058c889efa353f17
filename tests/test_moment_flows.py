"""Unit tests of numerics.moment_flows and numerics.ssm_training."""

import mpmath
import numpy as np
import pytest

from numerics import moment_flows as mf
from numerics import ssm_training as st


def _fd(f, x, h=1e-6):
    return np.array([(f(x + h * e) - f(x - h * e)) / (2 * h) for e in np.eye(len(x))])


def test_field_is_minus_gradient_and_jacobian():
    loss = mf.MomentLoss((6, 1), (1.0, 0.7), (0.5, 2.0))
    x = np.array([0.3, -0.2, 0.5, 0.1])
    assert np.allclose(loss.field(x), -_fd(loss.loss, x), atol=1e-8)
    J = np.array([(loss.field(x + 1e-6 * e) - loss.field(x - 1e-6 * e)) / 2e-6 for e in np.eye(4)]).T
    assert np.allclose(loss.jacobian(x), J, atol=1e-6)


def test_single_power_clock_matches_integration():
    a0 = [0.3, 0.2, 0.1, 0.05]
    p = 6
    sig, lim, width = mf.single_power_limit(a0, p, 1, dps=30)
    with mpmath.workdps(30):
        assert abs(float(mf.single_power_residual(a0, p, 1, sig))) < 1e-20
    fl = mf.integrate(mf.MomentLoss((p,), (1.0,), (1.0,)), np.array(a0), 1e4, rtol=1e-10)
    assert np.allclose(fl.final, [float(v) for v in lim], atol=1e-8)
    t = 20.0
    s, err = mf.single_power_sigma_at(a0, p, 1.0, 1, t, dps=25)
    fl2 = mf.integrate(mf.MomentLoss((p,), (1.0,), (1.0,)), np.array(a0), t, rtol=1e-10)
    with mpmath.workdps(25):
        st_ = [float(v) for v in mf.single_power_state(a0, p, s)]
    assert np.allclose(fl2.final, st_, atol=1e-8)


def test_sympy_field_matches_numpy():
    import sympy as sp

    loss = mf.MomentLoss((4, 1), (1.0, 1.0), (0.5, 0.5))
    x = sp.symbols("x0:3")
    F = sp.lambdify([x], loss.sympy_field(x))
    pt = np.array([0.2, -0.4, 0.7])
    assert np.allclose(F(pt), loss.field(pt))


@pytest.mark.parametrize("net", [False, True])
def test_training_gradients(net):
    rng = np.random.default_rng(0)
    d, k, N, dh = 3, 5, 7, 4
    X, y = rng.normal(size=(N, k)), rng.normal(size=N)
    p = {"a": rng.uniform(-0.9, 0.9, d), "b": rng.normal(size=d), "c": rng.normal(size=d)}
    if net:
        p.update({"Din": rng.normal(size=dh), "Dhid": rng.normal(size=(dh, dh)), "Dout": rng.normal(size=dh)})
        lg = lambda q: st.net_loss_grad(q, X, y)  # noqa: E731
    else:
        lg = lambda q: st.ssm_loss_grad(q, X, y)  # noqa: E731
    _, g = lg(p)
    for name, val in p.items():
        flat = val.ravel()
        for i in range(flat.size):
            q = {k2: v.copy() for k2, v in p.items()}
            q[name].ravel()[i] += 1e-6
            lp = lg(q)[0]
            q[name].ravel()[i] -= 2e-6
            lm = lg(q)[0]
            assert abs((lp - lm) / 2e-6 - g[name].ravel()[i]) < 1e-5 * max(1, abs(g[name].ravel()[i]))


def test_train_reaches_target_on_easy_problem():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(20, 4))
    y = X[:, ::-1] @ np.array([1.0, 0.5, 0.25, 0.125])
    p = {"a": np.array([0.3, 0.1]), "b": np.array([0.5, 0.5]), "c": np.array([0.5, 0.5])}
    run = st.train(p, lambda q: st.ssm_loss_grad(q, X, y), lr=0.01, loss_tol=1e-3, extra=10, max_steps=50_000)
    assert run.reached


# ---------------------------------------------------------------------------------------
# The fast routines give the values of the plain formulas to the last bit
# ---------------------------------------------------------------------------------------
def _field_reference(loss, a):
    """The field and Jacobian as first written (one NumPy expression per term)."""
    a = np.asarray(a, float)
    res = np.array([t - np.sum(a**p) for p, t in zip(loss.powers, loss.targets)])
    F = np.zeros_like(a)
    J = np.zeros((a.size, a.size))
    for p, w, r in zip(loss.powers, loss.weights, res):
        F += 2 * w * p * r * a ** (p - 1)
        u = p * a ** (p - 1)
        J -= 2 * w * np.outer(u, u)
        if p >= 2:
            J += np.diag(2 * w * p * (p - 1) * r * a ** (p - 2))
    return F, J


@pytest.mark.parametrize(
    "powers,targets,weights",
    [((6, 1), (1.0, 1.0), (0.5, 0.5)), ((8,), (1.0,), (0.2,)), ((2, 3, 1), (0.3, 1.0, 2.0), (1.0, 0.25, 3.0))],
)
def test_field_and_jacobian_bitwise(powers, targets, weights):
    loss = mf.MomentLoss(powers, targets, weights)
    rng = np.random.default_rng(3)
    for _ in range(200):
        a = rng.uniform(-1.2, 1.2, int(rng.integers(2, 21))) * rng.choice([1e-3, 1e-1, 1.0])
        a[0] = 0.0 if rng.random() < 0.2 else a[0]
        F, J = _field_reference(loss, a)
        assert np.array_equal(loss.field(a), F) and np.array_equal(loss.jacobian(a), J)
        assert np.array_equal(np.signbit(loss.jacobian(a)), np.signbit(J))


def test_single_power_residual_bitwise_and_time_bound():
    a0 = [0.0031, 0.0029, 0.002, 0.0011, 0.0004]
    p = 6
    res = mf._SinglePower(a0, p, 1).residual
    for dps in (30, 50):
        with mpmath.workdps(dps):
            for s in (mpmath.mpf(0), mpmath.mpf("1.7e9"), mpmath.mpf("2.4e9")):
                assert res(s) == mf.single_power_residual(a0, p, 1, s)
    # the right-endpoint sum bounds the quadrature from above, and closely (increasing integrand)
    sig_star, _, _ = mf.single_power_limit(a0, p, 1, dps=30)
    with mpmath.workdps(30):
        sig = sig_star * (1 - mpmath.mpf(10) ** -12)
        upper = mf.single_power_time_upper(a0, p, 1.0, 1, sig)
        quad, err = mf.single_power_time(a0, p, 1.0, 1, sig)
        assert quad - err <= upper <= quad * (1 + mpmath.mpf(10) ** -6)
        assert mf.single_power_time_upper(a0, p, 1.0, 1, sig_star * 2) == mpmath.inf  # r < 0 there


def test_sigma_at_past_the_horizon_is_the_clock_cutoff():
    """t far past t(sigma_c): the bound decides (no quadrature) and returns sigma_c, which the
    quadrature's decision returns too (t >= t_c)."""
    a0 = [0.0031, 0.0029, 0.002, 0.0011, 0.0004]
    p, dps = 6, 30
    sig, err = mf.single_power_sigma_at(a0, p, 1.0, 1, 1e13, dps=dps)
    with mpmath.workdps(dps):
        sig_star, _, _ = mf.single_power_limit(a0, p, 1, dps=dps)
        floor = mpmath.mpf(10) ** (-(dps - 10))
        res = mf._SinglePower(a0, p, 1).residual
        from numerics import roots

        sig_c, _ = roots.increasing_inverse(lambda s: -res(s), -floor, 0, sig_star, dps=dps)
        assert sig == sig_c and err == float(sig_star - sig_c)
        assert mf.single_power_time(a0, p, 1.0, 1, sig_c, dps=dps)[0] <= 1e13


def test_training_impulse_and_gradient_bitwise():
    from numerics import linear_rnn

    rng = np.random.default_rng(4)
    for _ in range(300):
        d, n = int(rng.integers(1, 21)), int(rng.integers(1, 41))
        a = rng.uniform(-1, 1, d) * rng.choice([1e-3, 1e-1, 1.0])
        b, c, g = rng.normal(size=d), rng.normal(size=d), rng.normal(size=n)
        if rng.random() < 0.2:
            a[0], b[-1] = 0.0, -0.0
        assert np.array_equal(st.impulse(a, b, c, n), np.array(linear_rnn.impulse(a, b, c, n), float))
        for x, y in zip(st.impulse_gradient(a, b, c, g), linear_rnn.impulse_gradient(a, b, c, list(g))):
            y = np.asarray(y, float)
            assert np.array_equal(x, y) and np.array_equal(np.signbit(x), np.signbit(y))


def test_radau_direct_lu_matches_scipy_radau_bitwise():
    """moment_flows.integrate's Radau (direct getrf/getrs) against SciPy's Radau through
    flows.integrate_double with the same field and Jacobian: the same flow to the last bit."""
    from numerics import flows

    loss = mf.MomentLoss((6, 1), (1.0, 1.0), (0.5, 0.5))
    a0 = np.array([0.02, 0.0199, 0.015, 0.01, 0.004])
    grid = list(np.geomspace(1e-2, 2e3, 40))
    ref = flows.integrate_double(
        lambda t, x: loss.field(x), a0, 2e3, rtol=1e-8, method="Radau", jac=lambda t, x: loss.jacobian(x), grid=grid
    )
    fl = mf.integrate(loss, a0, 2e3, rtol=1e-8, grid=grid)
    assert np.array_equal(fl.states, ref.states) and np.array_equal(fl.error, ref.error)
    with pytest.raises(ValueError):  # non-finite input is refused, as by scipy.linalg.lu_factor
        mf.integrate(loss, np.array([np.nan, 0.1]), 1.0)
