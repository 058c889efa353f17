"""The single-solve references of numerics.convex and the KL conjugate of numerics.dual_newton,
on programs whose solutions are known by hand."""

import cvxpy as cp
import numpy as np

from numerics import convex, dual_newton


def test_min_l1_highs():
    assert np.allclose(convex.min_l1_highs(np.array([[1.0, 2.0]]), np.array([2.0])), [0.0, 1.0], atol=1e-9)
    X = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
    assert np.allclose(convex.min_l1_highs(X, np.array([1.0, 1.0])), [0.0, 0.0, 1.0], atol=1e-9)


def test_min_nuclear_norm_with_every_entry_measured():
    Y = np.array([[1.0, 0.0], [0.0, -2.0]])
    Xs = np.array([np.eye(4)[i].reshape(2, 2) for i in range(4)])  # the four entries
    M, value = convex.min_nuclear_norm(Xs, np.einsum("nij,ij->n", Xs, Y))
    assert np.allclose(M, Y, atol=1e-6) and abs(value - 3.0) < 1e-6


def test_min_nuclear_norm_of_a_trace_constraint():
    # min |M|_* s.t. trace(M) = 1: |M|_* >= |trace M| = 1, attained by e_1 e_1^T
    M, value = convex.min_nuclear_norm(np.eye(2)[None], np.array([1.0]))
    assert abs(value - 1.0) < 1e-6 and abs(np.trace(M) - 1.0) < 1e-6


def test_min_nuclear_norm_completion():
    Y = np.outer([1.0, 2.0], [3.0, -1.0])
    assert abs(convex.min_nuclear_norm_completion(np.ones((2, 2)), Y) - np.linalg.norm(Y, "nuc")) < 1e-6
    # a single observed entry: the completion keeps only that entry
    mask = np.array([[1.0, 0.0], [0.0, 0.0]])
    assert abs(convex.min_nuclear_norm_completion(mask, Y) - 3.0) < 1e-6


def test_solve_at_tolerances():
    def build():
        x = cp.Variable(2)
        return x, cp.Problem(cp.Minimize(cp.sum_squares(x - np.array([1.0, -2.0]))), [cp.sum(x) == 0])

    out = convex.solve_at_tolerances(build)
    assert len(out) == 2
    for x, value in out:  # projection of (1, -2) on sum = 0: (1.5, -1.5), squared distance 0.5
        assert np.allclose(x, [1.5, -1.5], atol=1e-6) and abs(value - 0.5) < 1e-6


def test_kl_conjugate():
    a, b = np.array([2.0, 0.5]), np.array([1.0, 3.0])
    conj = dual_newton.kl_conjugate(a, b)
    val, grad, hess = conj(np.zeros(2))
    assert np.allclose(val, 0) and np.allclose(grad, a - b) and np.allclose(hess, a + b)
    z, h = np.array([0.3, -0.7]), 1e-6
    assert np.allclose((conj(z + h)[0] - conj(z - h)[0]) / (2 * h), conj(z)[1], atol=1e-8)
    assert np.allclose((conj(z + h)[1] - conj(z - h)[1]) / (2 * h), conj(z)[2], atol=1e-8)
    # min KL(p||a) + KL(n||b) s.t. p - n = y in one dimension: beta = y
    sol = dual_newton.solve(np.eye(1), np.array([1.5]), dual_newton.kl_conjugate(np.array([2.0]), np.array([1.0])))
    assert abs(sol.beta[0] - 1.5) < 1e-12


def test_cosh_conjugate_mp():
    import mpmath

    with mpmath.workdps(40):
        c = [mpmath.mpf(3)]
        f = convex.cosh_conjugate_mp(c)
        th = mpmath.mpf("0.25")
        assert f["grad_conj"](0, th) == 6 * mpmath.sinh(th) and f["hess_conj"](0, th) == 6 * mpmath.cosh(th)
        assert f["conj"](0, mpmath.mpf(0)) == 0
    # min c q(beta / c) s.t. beta = 5 in one dimension: beta = 5, theta = asinh(5 / (2c))
    res = convex.separable_dual_newton([[1]], [5], **convex.cosh_conjugate_mp([mpmath.mpf(3)]), dps=40)
    with mpmath.workdps(40):
        assert abs(res.beta[0] - 5) < mpmath.mpf(10) ** -30
        assert abs(res.nu[0] - mpmath.asinh(mpmath.mpf(5) / 6)) < mpmath.mpf(10) ** -30
