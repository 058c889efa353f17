"""numerics.factor_flows: the symmetric sensing flow's analytic Jacobian (LSODA's, instead of
finite differences) against central differences, and the flow with it against the flow
without it (two independent Jacobians, the same path within the two-tolerance estimates)."""

import numpy as np

from numerics import factor_flows, flows


def _instance(seed=0, N=7, p=3, k=2):
    rng = np.random.default_rng(seed)
    As = rng.standard_normal((N, p, p))
    As = As + As.transpose(0, 2, 1)
    W0 = rng.standard_normal((p, k))
    return As, rng.standard_normal(N), W0 @ W0.T, rng


def test_symmetric_jacobian_matches_central_differences():
    As, y, S0, rng = _instance()
    field, jacobian = factor_flows.symmetric_field(As, y, S0, scale=0.7)
    z = rng.standard_normal(9 + 7)
    J = jacobian(0.0, z)
    h = 1e-6
    fd = np.array([(field(0.0, z + h * e) - field(0.0, z - h * e)) / (2 * h) for e in np.eye(len(z))]).T
    # central differences: error ~ h^2 |f'''| ~ 1e-12 * |J|-scale third derivatives, plus rounding ~ eps |f| / h
    assert np.max(np.abs(J - fd)) <= 1e-8 * max(1.0, np.max(np.abs(J)))


def test_symmetric_flow_with_and_without_jacobian(monkeypatch):
    As, y, S0, _ = _instance(1)
    # small init, long horizon: LSODA switches to BDF and uses the Jacobian (27 of them here)
    grid = [0.0, 5.0, 10.0, 15.0, 20.0]
    with_jac = factor_flows.symmetric_flow(As, y, 1e-3 * S0, grid, rtol=1e-9)
    plain = flows.integrate_double
    monkeypatch.setattr(flows, "integrate_double", lambda *a, **kw: plain(*a, **{**kw, "jac": None}))
    without = factor_flows.symmetric_flow(As, y, 1e-3 * S0, grid, rtol=1e-9)
    diff = np.max(np.abs(with_jac.Phi - without.Phi), axis=(1, 2))
    assert np.all(diff <= with_jac.error + without.error + 1e-14)
