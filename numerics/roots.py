"""Inverse of a strictly increasing function on an interval, by bisection in mpmath.

Knows no paper. Bisection is slow but cannot fail: general-purpose root finders lose the
bracket where the function is steep near a singular endpoint (``f -> +-inf``), which is
exactly where the inverse of a function with a bounded domain is needed at large arguments.
"""

from __future__ import annotations

from collections.abc import Callable

import mpmath


def increasing_inverse(f: Callable, t, lo, hi, dps: int = 50):
    """``z`` in ``(lo, hi)`` with ``f(z) = t`` for strictly increasing ``f``, to a bracket of
    width ``2^-(bits)`` at ``dps`` digits (or until the midpoint no longer moves). Returns
    ``(z, width)``: the midpoint and the final bracket width (the error estimate of ``z``)."""
    with mpmath.workdps(dps):
        t = mpmath.mpf(t)
        a, b = mpmath.mpf(lo), mpmath.mpf(hi)
        eps = mpmath.mpf(2) ** (-mpmath.mp.prec)
        while b - a > eps * max(abs(a), abs(b), 1):
            m = (a + b) / 2
            if m == a or m == b:
                break
            if f(m) < t:
                a = m
            else:
                b = m
        return (a + b) / 2, b - a
