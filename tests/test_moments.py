"""Unit tests of numerics/moments.py and numerics/montecarlo.py (the truncated moment LP/SDP/
SOCP, the divided-difference pair, exact 1-D Wasserstein, binomial intervals)."""

from fractions import Fraction as F

import numpy as np
import pytest

from numerics import moments, montecarlo


def test_lp_range_pins_one_atom_after_two_moments():
    # a point mass at 1/2: moments 0..2 force Var = 0, so m_3 is pinned; with 0..1 only it is not
    grid = np.linspace(-1, 1, 41)
    w = [0.5**j for j in range(6)]
    pinned = moments.moment_lp_range(grid, w[:3], 3)
    assert pinned.feasible and pinned.width < 1e-8 and abs(pinned.low - 0.125) < 1e-8
    loose = moments.moment_lp_range(grid, w[:2], 3)
    assert loose.width > 0.1
    assert loose.solver_gap < 1e-7


def test_hankel_sdp_contains_lp_range():
    grid = np.linspace(-1, 1, 81)
    w = [0.6 * 0.5**j + 0.4 * (-0.5) ** j for j in range(6)]
    lp = moments.moment_lp_range(grid, w[:3], 3)
    lo, hi = moments.hankel_sdp_range(w[:3], 3, 1.0)
    assert lo <= lp.low + 1e-6 and hi >= lp.high - 1e-6


def test_socp_worst_shrinks_with_delta():
    grid = np.linspace(-1, 1, 41)
    w = [0.5**j for j in range(6)]
    a = moments.moment_socp_worst(grid, w, 3, 1e-2, 4)
    b = moments.moment_socp_worst(grid, w, 3, 1e-6, 4)
    assert b < a and b < 0.05


def test_divided_difference_pair_exact():
    pts = [F(-1), F(-1, 3), F(1, 4), F(1)]
    xp, pp, xm, pm, Z = moments.divided_difference_pair(pts)
    assert sum(pp) == 1 and sum(pm) == 1 and len(xp) == 2 and len(xm) == 2
    for j in range(3):
        assert sum(p * x**j for x, p in zip(xp, pp)) == sum(p * x**j for x, p in zip(xm, pm))
    assert sum(p * x**3 for x, p in zip(xp, pp)) != sum(p * x**3 for x, p in zip(xm, pm))


def test_wasserstein_exact():
    assert moments.wasserstein_1d([F(0)], [F(1)], [F(1, 2)], [F(1)]) == F(1, 2)
    # half the mass moves by 1
    assert moments.wasserstein_1d([F(0), F(1)], [F(1, 2), F(1, 2)], [F(1)], [F(1)]) == F(1, 2)
    assert moments.wasserstein_1d([F(0), F(1)], [F(1, 2), F(1, 2)], [F(1)], [F(1)], order=2) == F(1, 2)


def test_binomial_intervals():
    lo, hi = montecarlo.clopper_pearson(20, 20, alpha=0.05)
    assert hi == 1.0 and lo == pytest.approx(0.025 ** (1 / 20), rel=1e-9)  # all successes: (alpha/2)^(1/n)
    est = montecarlo.estimate(95, 100)
    assert est.cp[0] < 0.95 < est.cp[1] and est.wilson[0] < 0.95 < est.wilson[1]
    assert montecarlo.decide_at_least(montecarlo.estimate(100, 100), 0.75) is True
    assert montecarlo.decide_at_least(montecarlo.estimate(10, 100), 0.75) is False
    assert montecarlo.decide_at_least(montecarlo.estimate(3, 4), 0.75) is None


def test_power_moments():
    m = moments.power_moments(np.array([0.5, -1.0]), np.array([2.0, 1.0]), 4)
    assert m.tolist() == [3.0, 0.0, 1.5, -0.75]
