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
