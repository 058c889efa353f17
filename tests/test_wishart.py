"""numerics.wishart: exact eigenvalue-band probabilities of real Wishart matrices, against
independent computations (the chi-square distribution, a direct double integral of the joint
eigenvalue density)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from scipy import integrate, stats

from numerics import wishart


@pytest.mark.parametrize("n, lo, hi", [(1, Fraction(1, 10), 3), (5, 1, 9), (40, 20, 60)])
def test_one_row_is_a_chi_square(n, lo, hi):
    p = wishart.band_probability(1, n, lo, hi)
    expected = stats.chi2.cdf(float(hi), n) - stats.chi2.cdf(float(lo), n)
    assert abs(float(p.mid()) - expected) < 1e-12


def _two_by_n(n: int, a: float, b: float) -> float:
    """P[both eigenvalues of a 2 x 2 Wishart(n) in [a, b]] by scipy's dblquad of the joint density
    x^s y^s e^{-(x+y)/2} |x - y| (s = (n - 3)/2), normalised over (0, oo)^2 (ordered x < y)."""
    s = (n - 3) / 2

    def dens(y, x):
        return (x * y) ** s * math.exp(-(x + y) / 2) * (y - x)

    inside = integrate.dblquad(dens, a, b, lambda x: x, lambda x: b, epsabs=1e-13, epsrel=1e-11)[0]
    total = integrate.dblquad(dens, 0, 200, lambda x: x, lambda x: 200, epsabs=1e-13, epsrel=1e-11)[0]
    return inside / total


@pytest.mark.parametrize("n, lo, hi", [(4, 1, 9), (6, Fraction(1, 2), 12)])
def test_two_rows_against_the_joint_density(n, lo, hi):
    p = wishart.band_probability(2, n, lo, hi)
    assert abs(float(p.mid()) - _two_by_n(n, float(lo), float(hi))) < 1e-8


def test_a_wide_matrix_has_zero_eigenvalues():
    # 3 x 2: one eigenvalue of Z Z^T is 0, so a band above 0 holds with probability 0
    assert wishart.band_probability(3, 2, 1, 10) == 0
    # and a band from 0 is the 2 x 3 band (the same nonzero eigenvalues)
    a = wishart.band_probability(3, 2, 0, 10).mid()
    b = wishart.band_probability(2, 3, 0, 10).mid()
    assert abs(float(a - b)) < 1e-15


def test_a_tail_is_resolved_with_its_error():
    tail, err, dps = wishart.band_tail(4, 16, 0, 16 + 8 * 8)
    assert 0 < tail < 1e-6 and err < 1e-3 * float(tail)
    # the tail and the band add to 1
    band = wishart.band_probability(4, 16, 0, 80, dps=dps)
    assert abs(float(tail) + float(band.mid()) - 1) < 1e-12
