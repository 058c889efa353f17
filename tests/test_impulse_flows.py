"""numerics.linear_rnn's gradient descent and gradient flows of the squared impulse-response
loss, against the independent implementation numerics.linear_rnn_gd and SymPy."""

from fractions import Fraction

import numpy as np

from numerics import exact
from numerics import linear_rnn as nl
from numerics import linear_rnn_gd as gd


def test_squared_impulse_loss_of():
    # A = 0: h = (c b, 0, 0); c b = 1, w = 0 -> loss 1
    assert nl.squared_impulse_loss_of(np.zeros((1, 1)), [1.0], [1.0], [0.0, 0.0, 0.0], 3) == 1.0
    assert nl.squared_impulse_loss_of(np.eye(1) * 0.5, [1.0], [1.0], [1.0, 0.5, 0.0], 3) == 0.0625


def test_squared_impulse_gd_matches_linear_rnn_gd():
    rng = np.random.default_rng(0)
    d, k, eta = 3, 4, Fraction(1, 10)
    w = [Fraction(3, 4), Fraction(1, 4), Fraction(-1, 8), Fraction(1, 16)]
    A = exact.random_fraction_array(rng, (d, d))
    b, c = exact.random_fraction_array(rng, d), exact.random_fraction_array(rng, d)
    traj = nl.squared_impulse_gd(A, b, c, w, k, eta, 2, symmetric=False)
    run = gd.gradient_descent(gd.ImpulseLoss(tuple(w)), A, b, c, eta, 2)
    for (At, bt, ct, _, _), (Ar, br, cr) in zip(traj, run.params[1:]):
        assert (At == Ar).all() and (bt == br).all() and (ct == cr).all()
    # symmetric: the step in the upper-triangular coordinates is A - eta (G + G^T - diag G)
    S = exact.random_symmetric_fractions(rng, d)
    ((A1, b1, c1, GB, GC),) = nl.squared_impulse_gd(S, b, c, w, k, eta, 1)
    GA, GBr, GCr = gd.gradient(S, b, c, gd.ImpulseLoss(tuple(w)).derivative(gd.impulse(S, b, c, k)))
    assert (A1 == S - eta * (GA + GA.T - np.diag(np.diag(GA)))).all() and (A1 == A1.T).all()
    assert (GB == GBr).all() and (GC == GCr).all() and (b1 == b - eta * GBr).all() and (c1 == c - eta * GCr).all()


def test_yw_pack_unpack_and_field():
    rng = np.random.default_rng(1)
    d, k = 3, 4
    w = [0.75, 0.25, -0.125, 0.0625]
    A, B, C = rng.standard_normal((d, d)), rng.standard_normal(d), rng.standard_normal(d)
    Au, Bu, Cu, Y, W = nl.yw_unpack(nl.yw_pack(d, "full", A, B, C), d, "full")
    assert (
        np.allclose(Au, A)
        and np.allclose(Bu, B)
        and np.allclose(Cu, C)
        and np.allclose(Y, B - C)
        and np.allclose(W, B + C)
    )
    ref = gd.flow_field(gd.ImpulseLoss(tuple(w)), d)(0.0, gd.pack(A, B, C))  # (A', B', C')
    f = nl.yw_flow_field(d, k, w, "full")(0.0, nl.yw_pack(d, "full", A, B, C))
    dA, dB, dC = ref[: d * d], ref[d * d : d * d + d], ref[d * d + d :]
    assert np.allclose(f, np.concatenate([dA, dB - dC, dB + dC]), rtol=1e-12, atol=1e-12)
    # symmetric A: the state holds the upper triangle, and A comes back symmetric
    S = A + A.T
    As = nl.yw_unpack(nl.yw_pack(d, "symmetric", S, B, C), d)[0]
    assert np.allclose(As, S)


def test_symmetric_impulse_flow_against_the_numeric_gradient():
    d, k = 3, 3
    w = [Fraction(3, 4), Fraction(1, 4), Fraction(1, 8)]
    rng = np.random.default_rng(2)
    S = exact.random_symmetric_fractions(rng, d)
    b, c = exact.random_fraction_array(rng, d), exact.random_fraction_array(rng, d)
    z = [S[p, q] for p, q in nl.symmetric_coordinates(d)]
    rhs, syms = nl.symmetric_impulse_flow(d, k, [exact.sympy_rational_nsimplified(v) for v in w], balanced=False)
    at = dict(zip(syms, [exact.sympy_rational_nsimplified(v) for v in list(z) + list(b) + list(c)]))
    h = nl.impulse(S, b, c, k)
    GA, GB, GC = nl.impulse_gradient(S, b, c, [2 * (h[j] - w[j]) for j in range(k)])
    expected = [-g for g in nl.symmetric_coordinate_gradient(GA)] + [-g for g in GB] + [-g for g in GC]
    assert [e.subs(at) for e in rhs] == [exact.sympy_rational_nsimplified(v) for v in expected]
    rhs_b, syms_b = nl.symmetric_impulse_flow(
        d, k, [exact.sympy_rational_nsimplified(v) for v in w]
    )  # restricted to c = b
    assert len(syms_b) == d * (d + 1) // 2 + d
    at_b = dict(zip(syms_b, [exact.sympy_rational_nsimplified(v) for v in list(z) + list(b)]))
    h = nl.impulse(S, b, b, k)
    GA, GB, _ = nl.impulse_gradient(S, b, b, [2 * (h[j] - w[j]) for j in range(k)])
    expected = [-g for g in nl.symmetric_coordinate_gradient(GA)] + [-g for g in GB]
    assert [e.subs(at_b) for e in rhs_b] == [exact.sympy_rational_nsimplified(v) for v in expected]


def test_yw_flow_field_is_the_generic_gradient():
    """The vectorised field against impulse / impulse_gradient / symmetric_coordinate_gradient,
    symmetric and full A, unit and non-unit weights, k = 1 (no A-gradient) to 5."""
    rng = np.random.default_rng(3)
    for d, k, structure, weights in [
        (1, 1, "symmetric", None),
        (3, 3, "symmetric", None),
        (4, 5, "symmetric", [5, 4, 3, 2, 1]),
        (3, 2, "full", None),
        (2, 4, "full", [1, 2, 3, 4]),
    ]:
        w = list(rng.standard_normal(k))
        A = rng.standard_normal((d, d))
        A = A + A.T if structure == "symmetric" else A
        B, C = rng.standard_normal(d), rng.standard_normal(d)
        q = weights or [1] * k
        h = nl.impulse(A, B, C, k)
        GA, GB, GC = nl.impulse_gradient(A, B, C, [2 * q[j] * (h[j] - w[j]) for j in range(k)])
        gz = nl.symmetric_coordinate_gradient(GA) if structure == "symmetric" else GA.ravel()
        expected = np.concatenate([-np.asarray(gz, float), -(GB - GC), -(GB + GC)])
        f = nl.yw_flow_field(d, k, w, structure, weights)(0.0, nl.yw_pack(d, structure, A, B, C))
        assert np.allclose(f, expected, rtol=1e-13, atol=1e-13)


def test_impulse_gradient_float_path_is_the_loop_to_the_last_bit():
    """The vectorised float branch of impulse_gradient adds the same products in the same order
    as the loop (kept for exact numbers): bitwise equal."""
    rng = np.random.default_rng(4)
    for d, n in [(1, 2), (3, 4), (12, 6), (5, 1)]:
        A, b, c = rng.standard_normal((d, d)), rng.standard_normal(d), rng.standard_normal(d)
        g = [float(v) for v in rng.standard_normal(n)]
        GA, GB, GC = nl.impulse_gradient(A, b, c, g)
        P = [np.eye(d)]
        for _ in range(1, n):
            P.append(P[-1].dot(A))
        u, v = [M.T.dot(c) for M in P], [M.dot(b) for M in P]
        ref = np.outer(u[0], v[0]) * 0
        for j in range(1, n):
            for r in range(j):
                ref = ref + g[j] * np.outer(u[r], v[j - 1 - r])
        assert np.array_equal(GA, ref)
        assert np.array_equal(GB, sum(g[j] * u[j] for j in range(n)))
        assert np.array_equal(GC, sum(g[j] * v[j] for j in range(n)))
