"""Monte Carlo estimates of probabilities with exact binomial confidence intervals.

Knows no paper. A probability claim "Pr(event) >= p0" is decided only when the interval is
clear of ``p0``: :func:`decide_at_least` returns True (the lower Clopper-Pearson bound
exceeds ``p0``), False (the upper bound is below ``p0``) or None (undecided).

Also the summaries of paired random draws: the mean with its standard error, and the
one-sided sign test.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


def clopper_pearson(successes: int, n: int, alpha: float = 0.01) -> tuple[float, float]:
    """Exact two-sided ``1 - alpha`` interval for a binomial proportion."""
    from scipy.stats import beta

    if not 0 <= successes <= n or n < 1:
        raise ValueError("need 0 <= successes <= n, n >= 1")
    lo = 0.0 if successes == 0 else float(beta.ppf(alpha / 2, successes, n - successes + 1))
    hi = 1.0 if successes == n else float(beta.ppf(1 - alpha / 2, successes + 1, n - successes))
    return lo, hi


def wilson(successes: int, n: int, alpha: float = 0.01) -> tuple[float, float]:
    """Wilson score interval (approximate; reported beside Clopper-Pearson)."""
    from scipy.stats import norm

    z = float(norm.ppf(1 - alpha / 2))
    ph = successes / n
    den = 1 + z * z / n
    centre = (ph + z * z / (2 * n)) / den
    half = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Estimate:
    successes: int
    n: int
    alpha: float
    cp: tuple[float, float]
    wilson: tuple[float, float]

    @property
    def p(self) -> float:
        return self.successes / self.n


def estimate(successes: int, n: int, alpha: float = 0.01) -> Estimate:
    return Estimate(successes, n, alpha, clopper_pearson(successes, n, alpha), wilson(successes, n, alpha))


def decide_at_least(est: Estimate, p0: float) -> bool | None:
    """``Pr >= p0``: True if the Clopper-Pearson interval lies above ``p0``, False if it lies
    below, None when it straddles ``p0``."""
    lo, hi = est.cp
    if lo > p0:
        return True
    if hi < p0:
        return False
    return None


def mean_and_standard_error(values) -> tuple[float, float]:
    """The sample mean and its standard error ``std(ddof=1) / sqrt(n)`` (inf for one value)."""
    v = np.asarray(values, float)
    return float(np.mean(v)), float(np.std(v, ddof=1) / math.sqrt(len(v))) if len(v) > 1 else math.inf


def sign_test_pvalue(successes: int, n: int) -> float:
    """One-sided sign test: the probability of at least ``successes`` heads in ``n`` tosses of a
    fair coin (1 when ``n = 0``)."""
    return float(sum(math.comb(n, j) for j in range(successes, n + 1)) / 2.0**n) if n else 1.0
