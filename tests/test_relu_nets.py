"""numerics/relu_nets.py: the per-example Jacobian against central differences (plain and
antisymmetric networks, with and without biases), the antisymmetric network's zero output at
its start, and gradient descent lowering the loss to its tolerance."""

import numpy as np
import pytest

from numerics import relu_nets as rn


def _central_differences(model, theta, X, h=1e-6):
    cols = []
    for j in range(theta.size):
        e = np.zeros_like(theta)
        e[j] = h
        fp, _ = model.output_and_jacobian(theta + e, X, False)
        fm, _ = model.output_and_jacobian(theta - e, X, False)
        cols.append((fp - fm) / (2 * h))
    return np.stack(cols, axis=1)


@pytest.mark.parametrize(
    "model",
    [
        rn.Plain(rn.Layout((2, 5, 1))),
        rn.Plain(rn.Layout((3, 4, 3, 1), bias=True)),
        rn.Antisymmetric(rn.Layout((1, 6, 1), bias=True)),
        rn.Antisymmetric(rn.Layout((2, 3, 4, 1))),
    ],
)
def test_jacobian_matches_central_differences(model):
    rng = np.random.default_rng(1)
    theta = rng.standard_normal(model.size)
    X = rng.standard_normal((7, model.base.sizes[0]))
    f, J = model.output_and_jacobian(theta, X)
    assert J.shape == (7, model.size) and f.shape == (7,)
    # piecewise linear in each parameter away from kinks: central differences are exact up to
    # rounding unless a step crosses a kink (none at this draw and step)
    assert np.max(np.abs(J - _central_differences(model, theta, X))) < 1e-7
    f2, J2 = model.output_and_jacobian(theta, X, False)
    assert J2 is None and np.array_equal(f, f2)


def test_antisymmetric_start_is_zero_and_training_reaches_the_tolerance():
    rng = np.random.default_rng(2)
    base = rn.Layout((1, 20, 1), bias=True)
    net = rn.Antisymmetric(base)
    theta0 = net.start(rn.he_uniform(base, rng))
    X = np.linspace(-1, 1, 5)[:, None]
    y = np.array([0.5, -0.2, 0.1, 0.3, -0.4])
    assert np.array_equal(net.output_and_jacobian(theta0, X, False)[0], np.zeros(5))
    tr = rn.train(net, theta0, X, y, 1e-8 * float(y @ y))
    assert tr.converged and tr.loss < 1e-8 * float(y @ y)
    f, _ = net.output_and_jacobian(tr.theta, X, False)
    assert float((f - y) @ (f - y)) == pytest.approx(tr.loss, rel=1e-12)
