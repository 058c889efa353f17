"""Fits and level crossings of measured curves, knowing no paper: the slope of a power law
in log-log coordinates with its standard error, where a decreasing curve crosses a level,
and how far one sampled curve is from a shifted copy of another.
"""

from __future__ import annotations

import math

import numpy as np


def loglog_slope(xs, values) -> tuple[float, float]:
    """Least-squares slope of ``log values`` against ``log xs`` and its standard error (from
    the residual variance with ``n - 2`` degrees of freedom, at least 1)."""
    x, yv = np.log(np.asarray(xs, float)), np.log(np.asarray(values, float))
    A = np.vstack([x, np.ones_like(x)]).T
    coef, *_ = np.linalg.lstsq(A, yv, rcond=None)
    n = len(x)
    s2 = float(np.sum((yv - A @ coef) ** 2)) / max(n - 2, 1)
    se = math.sqrt(s2 / float(np.sum((x - x.mean()) ** 2)))
    return float(coef[0]), se


def log_crossing(log_xs, values, level: float):
    """Where ``values`` (sampled at abscissae ``log_xs``, already logarithmic) first fall from
    ``>= level`` to ``< level``: linear interpolation of ``log10 values`` between the two
    samples; None when they never do."""
    lv = np.log10(values)
    for i in range(len(lv) - 1):
        if lv[i] >= math.log10(level) > lv[i + 1]:
            f = (lv[i] - math.log10(level)) / (lv[i] - lv[i + 1])
            return log_xs[i] + f * (log_xs[i + 1] - log_xs[i])
    return None


def shifted_mismatch(curve_a, curve_b, x, shift: float) -> float:
    """Mean ``|a(x) - b(x + shift)|`` over the grid points ``x`` (increasing) for which
    ``x + shift`` stays inside the grid, both curves linearly interpolated."""
    xs = x[(x + shift >= x[0]) & (x + shift <= x[-1])]
    return float(np.mean(np.abs(np.interp(xs, x, curve_a) - np.interp(xs + shift, x, curve_b))))
