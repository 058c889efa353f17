"""numerics.fits: power-law slopes, level crossings and shifted-curve mismatch on curves with
known answers."""

import math

import numpy as np

from numerics import fits


def test_loglog_slope_of_a_power_law():
    xs = np.array([1.0, 2.0, 4.0, 8.0, 16.0])
    slope, se = fits.loglog_slope(xs, 3 * xs**-2)
    assert abs(slope + 2) < 1e-12 and se < 1e-12
    noisy = 3 * xs**-2 * np.array([1.1, 0.9, 1.1, 0.9, 1.1])
    slope, se = fits.loglog_slope(xs, noisy)
    assert abs(slope + 2) < 0.1 and se > 0


def test_log_crossing():
    # log10 values 1, 0, -1 at x = 0, 1, 2: the level 10^0.5 is crossed half-way to x = 1
    assert abs(fits.log_crossing([0.0, 1.0, 2.0], [10.0, 1.0, 0.1], 10**0.5) - 0.5) < 1e-12
    assert fits.log_crossing([0.0, 1.0, 2.0], [10.0, 1.0, 0.1], 1.0) == 1.0  # ">= level" then "< level"
    assert fits.log_crossing([0.0, 1.0], [10.0, 5.0], 1.0) is None


def test_shifted_mismatch():
    x = np.linspace(0, 10, 101)
    a, b = x, x - 1.0
    assert fits.shifted_mismatch(a, b, x, 1.0) < 1e-12  # b(x + 1) = a(x)
    assert abs(fits.shifted_mismatch(a, b, x, 0.0) - 1.0) < 1e-12
    assert math.isclose(fits.shifted_mismatch(a, 2 * a, x, 0.0), 5.0)  # mean of x on [0, 10]
