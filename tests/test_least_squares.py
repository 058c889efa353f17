"""numerics.least_squares: the closed-form gradient flow of ||X x - y||^2 and its path length."""

import math

import numpy as np

from numerics import least_squares as ls


def test_random_least_squares_constants():
    X, y, mu, M = ls.random_least_squares(np.random.default_rng(0), 2, 5)
    assert X.shape == (2, 5) and y.shape == (2,)
    ev = np.linalg.eigvalsh(X @ X.T)
    assert math.isclose(mu, 2 * ev[0]) and math.isclose(M, 2 * np.linalg.eigvalsh(X.T @ X)[-1])
    # PL: ||grad f||^2 >= 2 mu f at a random point
    x = np.random.default_rng(1).standard_normal(5)
    r = X @ x - y
    assert np.sum((2 * X.T @ r) ** 2) >= 2 * mu * np.sum(r**2) * (1 - 1e-12)


def test_least_squares_flow_solves_the_ode():
    rng = np.random.default_rng(2)
    X, y, _, _ = ls.random_least_squares(rng, 2, 4)
    x0 = rng.standard_normal(4)
    assert np.allclose(ls.least_squares_flow(X, y, x0, 0.0), x0)
    t, h = 0.3, 1e-5
    deriv = (ls.least_squares_flow(X, y, x0, t + h) - ls.least_squares_flow(X, y, x0, t - h)) / (2 * h)
    x = ls.least_squares_flow(X, y, x0, t)
    assert np.allclose(deriv, -2 * X.T @ (X @ x - y), atol=1e-7)
    xinf = ls.least_squares_flow(X, y, x0, 1e3)
    assert np.allclose(X @ xinf, y)  # the limit interpolates and differs from x0 by a row-space vector
    assert np.allclose(xinf - x0, np.linalg.pinv(X) @ (X @ (xinf - x0)))


def test_path_length_of_a_scalar_flow():
    # X = 1, y = 0, x0 = 1: x(t) = exp(-2t), |f'| = 2 exp(-2t), length on [0, 5] = 1 - exp(-10)
    length, err = ls.least_squares_path_length(np.eye(1), np.zeros(1), np.ones(1), 5.0)
    assert abs(length - (1 - math.exp(-10))) < 1e-5 and err < 1e-5
