"""A computed number together with its error estimate and how that estimate was obtained.

The judges of ``checks.core`` decide a comparison only against a *measured* error: the
difference of two computations at two precisions (or two tolerances, two step sizes, two
solvers), the radius of a rigorous enclosure, a solver's residual, or a statistical
confidence half-width. :class:`Estimate` carries that provenance with the value, so a judge
can refuse an error that was typed in rather than measured.

Differences of high-precision numbers are formed exactly (:func:`exact_difference`): two
mpmath values that agree to 48 digits differ by about 1e-48, not by the 0.0 that rounding
both to double (or differencing at mpmath's default 53 bits) would report.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

# How an error estimate may be obtained. Numerical estimates decide a comparison only when
# they are small against its margin (the judges' guard); a statistical one is a confidence
# half-width at a stated level and decides when the interval excludes the other side.
NUMERICAL = (
    "two precisions",  # the same computation at two working precisions
    "two tolerances",  # an adaptive integrator or solver at two tolerances
    "two step sizes",  # a fixed-step method at two step sizes (or orders)
    "two methods",  # two independent algorithms for the same number
    "residual bound",  # a solver's certified residual or a KKT-residual bound
    "rigorous enclosure",  # the radius of a ball/interval enclosure
    "roundoff bound",  # an a priori floating-point error bound (operation count x unit roundoff x scale)
    "exact",  # exact arithmetic: error 0
)
STATISTICAL = ("confidence interval",)
HOW = NUMERICAL + STATISTICAL

# The relative error of one rounding to double, as the roundoff bounds count it (machine epsilon).
DOUBLE_EPS = 2.0**-52


def exact_value(x: Any) -> Fraction | None:
    """``x`` as an exact ``Fraction`` when it is a finite number that has one: int, Fraction,
    a SymPy rational, python-flint fmpz/fmpq, a double or an mpmath number (its binary value,
    not rounded); else None (a bool is not a number here)."""
    import numpy as np

    if isinstance(x, (bool, np.bool_)):
        return None
    if isinstance(x, (int, np.integer)):
        return Fraction(int(x))
    if isinstance(x, Fraction):
        return x
    if getattr(x, "is_Rational", False):
        return Fraction(int(x.p), int(x.q))
    if isinstance(x, (float, np.floating)):
        return Fraction(float(x)) if math.isfinite(float(x)) else None
    kind = type(x).__name__
    if kind == "fmpz":
        return Fraction(int(x))
    if kind == "fmpq":
        return Fraction(int(x.p), int(x.q))
    if kind == "mpf":
        import mpmath

        if not mpmath.isfinite(x):
            return None
        sign, man, exp, _ = x._mpf_  # (mpf.man is the unsigned mantissa: the sign is apart)
        return (-1) ** sign * Fraction(int(man)) * (Fraction(2) ** int(exp))
    return None


def exact_difference(a: Any, b: Any) -> Any:
    """``a - b`` exactly (a Fraction) when both have an exact binary value; else in double."""
    ea, eb = exact_value(a), exact_value(b)
    if ea is not None and eb is not None:
        return ea - eb
    return float(a) - float(b)


def _abs_float(x: Any) -> float:
    """|x| as a float, rounded up from the exact value where it has one (never to 0 from a
    nonzero difference below double range)."""
    e = exact_value(x)
    if e is None:
        return abs(float(x))
    f = abs(float(e))
    if f == 0.0 and e != 0:
        return 5e-324
    return f


@dataclass(frozen=True)
class Estimate:
    """``value`` with an estimated absolute ``error`` (a finite float >= 0) obtained as ``how``
    says (one of :data:`HOW`)."""

    value: Any
    error: float
    how: str

    def __post_init__(self):
        # a sum of estimates keeps every provenance: "two precisions + two tolerances"
        unknown = [part for part in self.how.split(" + ") if part not in HOW]
        if unknown:
            raise ValueError(f"unknown error provenance {unknown[0]!r}; one of {', '.join(HOW)}")
        err = float(self.error)
        if not (err >= 0):  # NaN included
            raise ValueError(f"an error estimate must be a number >= 0, not {self.error!r}")
        object.__setattr__(self, "error", err)

    @property
    def statistical(self) -> bool:
        return any(part in STATISTICAL for part in self.how.split(" + "))

    @classmethod
    def twice(cls, value: Any, other: Any, how: str = "two precisions") -> Estimate:
        """The more accurate of two computations of one number, its error their difference
        (entrywise maximum for arrays), formed exactly."""
        import numpy as np

        a, b = np.asarray(value, dtype=object).ravel(), np.asarray(other, dtype=object).ravel()
        if a.shape != b.shape:
            raise ValueError(f"two computations of different shapes {a.shape} and {b.shape}")
        err = max((_abs_float(exact_difference(x, y)) for x, y in zip(a, b, strict=True)), default=0.0)
        return cls(value, err, how)

    @classmethod
    def exact(cls, value: Any) -> Estimate:
        return cls(value, 0.0, "exact")

    @classmethod
    def roundoff(cls, operations: float, scale: Any, value: Any = 0.0) -> Estimate:
        """An a priori rounding bound: ``operations`` roundings to double of numbers of magnitude
        at most ``scale``, each off by at most :data:`DOUBLE_EPS` relative (a model of the error,
        "roundoff bound", not a rigorous enclosure)."""
        return cls(value, float(operations) * DOUBLE_EPS * abs(float(scale)), "roundoff bound")

    @classmethod
    def ball(cls, x: Any) -> Estimate:
        """A python-flint ``arb``: its midpoint and radius."""
        return cls(x.mid(), float(x.rad()), "rigorous enclosure")

    @classmethod
    def mean(cls, samples, level: float = 0.99) -> Estimate:
        """The sample mean with the half-width of its two-sided Student-t confidence interval at
        ``level`` (independent samples)."""
        import numpy as np
        from scipy import stats

        x = np.asarray(samples, dtype=float)
        if x.size < 2:
            raise ValueError("a confidence interval needs at least two samples")
        half = stats.t.ppf(0.5 + level / 2, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size)
        return cls(float(x.mean()), float(half), "confidence interval")

    def __sub__(self, other: Any) -> Estimate:
        return self._combine(other, -1)

    def __add__(self, other: Any) -> Estimate:
        return self._combine(other, 1)

    def __neg__(self) -> Estimate:
        return Estimate(-self.value, self.error, self.how)

    def __mul__(self, factor: Any) -> Estimate:
        """Scaled by an exact or exactly known number (the error scales by its magnitude)."""
        if isinstance(factor, Estimate):
            raise TypeError("the product of two estimates needs its own error propagation")
        return Estimate(self.value * factor, self.error * abs(float(factor)), self.how)

    __rmul__ = __mul__

    def _combine(self, other: Any, sign: int) -> Estimate:
        if isinstance(other, Estimate):
            if self.statistical != other.statistical:
                raise ValueError("cannot combine a statistical and a numerical error estimate")
            parts = dict.fromkeys([*self.how.split(" + "), *other.how.split(" + ")])
            return Estimate(self.value + sign * other.value, self.error + other.error, " + ".join(parts))
        return Estimate(self.value + sign * other, self.error, self.how)
