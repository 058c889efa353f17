"""Unit tests of numerics/linear_nets.py: the Gram-reduced flow against the full flow, the
high-precision whitened flow against the double one, the spectrum and the Wishart sampler."""

import numpy as np

from numerics import linear_nets as ln


def _problem(seed=0, m=2, r=3, h=5):
    rng = np.random.default_rng(seed)
    Yt = rng.standard_normal((r, m))
    s = np.array([1.5, 1.0, 0.5])[:r]
    V0 = 0.5 * rng.standard_normal((m, h))
    U0 = 0.5 * rng.standard_normal((r, h))
    return Yt, s, V0, U0


def test_gram_flow_matches_full_flow():
    """The whitened flow is the full flow with X = [diag(s) 0] (an identity W and Phi)."""
    Yt, s, V0, U10 = _problem()
    r, m = Yt.shape
    n, h = r + 2, V0.shape[1]
    rng = np.random.default_rng(1)
    U20 = rng.standard_normal((n - r, h))
    X = np.hstack([np.diag(s), np.zeros((r, n - r))])
    grid = np.linspace(0.5, 4, 8)
    full = ln.full_flow(X, Yt, np.vstack([U10, U20]), V0, grid)
    Z0 = np.vstack([V0, U10])
    gp = ln.gram_flow(Yt, s, Z0 @ Z0.T, grid)
    assert np.max(np.abs(gp.product() - full.U[:, :r] @ np.transpose(full.V, (0, 2, 1)))) < 1e-8
    # U2 V^T = U2(0) Z(0)^T K_V^T and U2 never moves
    cross = gp.cross(U20 @ Z0.T)[:, :, :m]
    assert np.max(np.abs(cross - full.U[:, r:] @ np.transpose(full.V, (0, 2, 1)))) < 1e-8
    assert np.max(np.abs(full.U[:, r:] - U20[None])) < 1e-9
    # the rate from the Gram form against the full state's
    U1, V = full.U[:, :r], full.V
    E = Yt[None] - s[None, :, None] * (U1 @ np.transpose(V, (0, 2, 1)))
    SE = s[None, :, None] * E
    rate = (
        2
        * (np.sum((np.transpose(U1, (0, 2, 1)) @ SE) ** 2, axis=(1, 2)) + np.sum((SE @ V) ** 2, axis=(1, 2)))
        / np.sum(E**2, axis=(1, 2))
    )
    assert np.max(np.abs(gp.rate() - rate)) < 1e-7 * np.max(rate)


def test_hp_flow_matches_double():
    Yt, s, V0, U10 = _problem(h=2, r=2, m=1)
    grid = [0.5, 1.0, 2.0]
    hp = ln.whitened_flow_hp(Yt, s, V0, U10, grid, bits=96)
    Z0 = np.vstack([V0, U10])
    gp = ln.gram_flow(Yt, s, Z0 @ Z0.T, grid)
    for k in range(len(grid)):
        prod_hp = np.array((hp.U1[k] * hp.V[k].T).tolist(), dtype=float)
        assert np.max(np.abs(prod_hp - gp.product()[k])) < 1e-8
    assert max(hp.error) < 1e-25


def test_hp_flow_pickles_exactly():
    """A WhitenedHP travels through pickle (ctx.memo's store) with every number exact: mpmath's
    matrices do not pickle, so they go as nested lists of mpf and come back as matrices."""
    import pickle

    import mpmath

    Yt, s, V0, U10 = _problem(h=2, r=2, m=1)
    hp = ln.whitened_flow_hp(Yt, s, V0, U10, [0.5, 1.0], bits=96, check_bits=112)
    back = pickle.loads(pickle.dumps(hp))
    assert (back.bits, back.check_bits, back.times, back.error) == (96, 112, hp.times, hp.error)
    for twin in (False, True):
        for a, b in zip(hp.run(twin)[:2], back.run(twin)[:2]):
            assert all(isinstance(B, mpmath.matrix) and A.tolist() == B.tolist() for A, B in zip(a, b))
    with mpmath.workprec(112):
        assert back.twin_U1[-1][0, 0] - hp.twin_U1[-1][0, 0] == 0


def test_whitened_system_cached_lists():
    """The derivation is cached per shape; callers get their own lists."""
    a, b = ln.whitened_system(2, 1, 2), ln.whitened_system(2, 1, 2)
    assert a == b and a[0] is not b[0]
    a[0].append(0)
    assert len(ln.whitened_system(2, 1, 2)[0]) == len(b[0])


def test_indefinite_spectrum():
    rng = np.random.default_rng(3)
    for h in (2, 4, 9):
        Z = rng.standard_normal((5, h))
        signs = [-1, -1, 1, 1, 1]
        D = Z.T @ np.diag(signs) @ Z
        full = np.sort(np.linalg.eigvalsh(D))[::-1]
        small = ln.indefinite_spectrum(Z @ Z.T, signs)
        # the nonzero eigenvalues agree (padding with zeros on the shorter side)
        k = max(len(full), len(small))
        a = np.sort(np.concatenate([full, np.zeros(k - len(full))]))
        b = np.sort(np.concatenate([small, np.zeros(k - len(small))]))
        assert np.max(np.abs(a - b)) < 1e-9 * max(1, np.max(np.abs(a)))


def test_wishart_gram_moments():
    rng = np.random.default_rng(4)
    k, h, n = 3, 40, 4000
    acc = np.zeros((k, k))
    acc2 = np.zeros((k, k))
    for _ in range(n):
        G = ln.wishart_gram(k, h, rng)
        acc += G
        acc2 += G**2
    mean = acc / n
    # E G = h I; Var G_ii = 2h, Var G_ij = h
    sd = np.sqrt(np.where(np.eye(k) > 0, 2 * h, h) / n)
    assert np.all(np.abs(mean - h * np.eye(k)) < 5 * sd)
    var = acc2 / n - mean**2
    assert np.all(np.abs(var - np.where(np.eye(k) > 0, 2 * h, h)) < 0.15 * np.where(np.eye(k) > 0, 2 * h, h))
