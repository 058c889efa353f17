"""Test-only statements with margins (loaded through IBV_PLUGINS) for the domain search (issue 18).

Each is a small claim whose truth is known, with a margin computed by exact arithmetic, ball
arithmetic (python-flint) or mpmath at two precisions -- never by sampling:

* ``scratch/search-edge``: ``log(1 + x) >= x / 2`` for ``x > 0``: holds at the default and the
  "paper's instances" (x = 0.5, 1, 2), false for x > 2.513 (the domain's large edge).
* ``scratch/search-tail``: a printed Gaussian tail bound ``P(Z > t) <= exp(-(1 + 0.152) t^2 / 2)``
  for ``t >= 0``: true up to t = 6.00, false beyond (a far tail no Monte Carlo sample reaches:
  P(Z > 6) = 1e-9); its margin is the bound minus ``erfc(t / sqrt 2) / 2`` in ball arithmetic.
* ``scratch/search-boundary``: ``binom(n - 1, k) >= 1`` under the hypothesis ``n >= k`` (encoded
  weakened by one: the truth needs ``n >= k + 1``); false at n = k.
* ``scratch/search-narrow``: ``x y <= 1.999`` under the narrow hypothesis ``x y <= 2`` (encoded
  one step too weak: the truth needs ``x y <= 1.999``), ``x, y`` in ``(0, 1e4]``: only instances
  on the hypothesis' boundary (a thin shell of the domain no edge meets) violate it.
* ``scratch/search-true``: AM-GM, ``(a + b) / 2 >= sqrt(a b)`` for ``a, b > 0`` (mpmath at two
  precisions): true.
* ``scratch/search-necessity``: ``binom(n, k) >= 1`` under ``n >= k`` (needed) and ``k >= 1``
  (not needed: binom(n, 0) = 1).
* ``scratch/search-premise``: ``x <= 5`` when the premise holds; its margin raises
  :class:`~checks.core.PremiseUnmet` for x > 5 (where the conclusion would fail): never refuted.
* ``scratch/search-unmet``: a margin that raises PremiseUnmet everywhere: inconclusive.
* ``scratch/search-engine-fails``: ``x <= 5`` (false beyond 5) whose margin's engine fails for
  x > 5 and says so (:class:`~checks.core.ComputationFailed`): undecided there, never refuted.
* ``scratch/search-slow``: ``x >= 0`` (true) whose margin spins for a minute of CPU at ``x > 2``
  (behind its own ``except Exception``): the per-evaluation CPU limit stops it, undecided.
* ``scratch/search-raises``: a margin that raises ZeroDivisionError at x = 0 (inside): error.
"""

from fractions import Fraction
from math import comb

import mpmath

from checks.core import ComputationFailed, PremiseUnmet, margin
from numerics.estimate import Estimate
from theorems.registry import Hypothesis, Param, Source, statement

SRC = Source("tests/plugins/search_planted.py", "test")

statement(
    "scratch/search-edge",
    "claim",
    "E",
    "A bound true at the paper's instances, false at the domain's large edge",
    SRC,
    r"$\log(1 + x) \ge x / 2$ for $x > 0$",
    params=(Param("x", float, 1.0, "a positive real", low=0.0, open_low=True, high=1e4),),
    hypotheses=(Hypothesis(r"$x > 0$", lambda p: p["x"] > 0),),
)


@margin("scratch/search-edge")
def edge_margin(ctx, inst):
    """log(1 + x) - x / 2 in ball arithmetic."""
    import flint

    x = flint.arb(Fraction(inst["x"]).numerator) / Fraction(inst["x"]).denominator
    return x.log1p() - x / 2


TAIL_EPS = Fraction(152, 1000)
statement(
    "scratch/search-tail",
    "claim",
    "G",
    "A printed Gaussian tail bound false only in the far tail (t > 6)",
    SRC,
    r"$P(Z > t) \le e^{-(1 + 0.152) t^2 / 2}$ for $t \ge 0$, $Z \sim N(0, 1)$",
    params=(Param("t", float, 1.0, "the deviation", low=0.0, high=50.0),),
    hypotheses=(Hypothesis(r"$t \ge 0$", lambda p: p["t"] >= 0),),
)


@margin("scratch/search-tail")
def tail_margin(ctx, inst):
    """The printed bound minus the exact tail erfc(t / sqrt 2) / 2, in ball arithmetic."""
    import flint

    q = Fraction(inst["t"])
    t = flint.arb(q.numerator) / q.denominator
    eps = flint.arb(TAIL_EPS.numerator) / TAIL_EPS.denominator
    bound = (-(1 + eps) * t * t / 2).exp()
    tail = (t / flint.arb(2).sqrt()).erfc() / 2
    return bound - tail


statement(
    "scratch/search-boundary",
    "claim",
    "B",
    "A hypothesis encoded weakened by one at its boundary",
    SRC,
    r"$\binom{n-1}{k} \ge 1$ whenever $n \ge k + 1$ (encoded: $n \ge k$)",
    params=(
        Param("n", int, 8, "a size", low=1, high=30),
        Param("k", int, 3, "a subset size", low=1, high=30),
    ),
    hypotheses=(Hypothesis(r"$n \ge k$ (printed: $n \ge k + 1$)", lambda p: p["n"] >= p["k"]),),
)


@margin("scratch/search-boundary")
def boundary_margin(ctx, inst):
    """binom(n - 1, k) - 1, exactly."""
    return comb(inst["n"] - 1, inst["k"]) - 1


statement(
    "scratch/search-narrow",
    "claim",
    "N",
    "A narrow hypothesis weakened at its boundary, away from every edge",
    SRC,
    r"$x y \le 1.999$ whenever $x y \le 1.999$ (encoded: $x y \le 2$)",
    params=(
        Param("x", float, 1.0, "a positive real", low=0.0, open_low=True, high=1e4),
        Param("y", float, 1.0, "a positive real", low=0.0, open_low=True, high=1e4),
    ),
    hypotheses=(Hypothesis(r"$x y \le 2$ (printed: $x y \le 1.999$)", lambda p: p["x"] * p["y"] <= 2),),
)


@margin("scratch/search-narrow")
def narrow_margin(ctx, inst):
    """1.999 - x y, exactly (the floats as rationals)."""
    return Fraction("1.999") - Fraction(inst["x"]) * Fraction(inst["y"])


statement(
    "scratch/search-true",
    "claim",
    "A",
    "AM-GM (true)",
    SRC,
    r"$(a + b)/2 \ge \sqrt{ab}$ for $a, b > 0$",
    params=(
        Param("a", float, 1.0, "a positive real", low=0.0, open_low=True),
        Param("b", float, 2.0, "a positive real", low=0.0, open_low=True),
    ),
    hypotheses=(Hypothesis(r"$a > 0$", lambda p: p["a"] > 0), Hypothesis(r"$b > 0$", lambda p: p["b"] > 0)),
)


@margin("scratch/search-true")
def amgm_margin(ctx, inst):
    """(a + b)/2 - sqrt(ab) at 30 and 50 digits (two precisions)."""
    vals = []
    for dps in (30, 50):
        with mpmath.workdps(dps):
            a, b = mpmath.mpf(inst["a"]), mpmath.mpf(inst["b"])
            vals.append((a + b) / 2 - mpmath.sqrt(a * b))
    with mpmath.workdps(60):
        return Estimate.twice(vals[1], vals[0])


statement(
    "scratch/search-necessity",
    "claim",
    "N",
    "One needed hypothesis, one unnecessary",
    SRC,
    r"$\binom{n}{k} \ge 1$ whenever $n \ge k$ and $k \ge 1$",
    params=(
        Param("n", int, 6, "a size", low=0, high=20),
        Param("k", int, 2, "a subset size", low=0, high=20),
    ),
    hypotheses=(
        Hypothesis(r"$n \ge k$", lambda p: p["n"] >= p["k"]),
        Hypothesis(r"$k \ge 1$", lambda p: p["k"] >= 1),
    ),
)


@margin("scratch/search-necessity")
def necessity_margin(ctx, inst):
    """binom(n, k) - 1, exactly."""
    return comb(inst["n"], inst["k"]) - 1


statement(
    "scratch/search-premise",
    "claim",
    "P",
    "A margin whose premise fails where the conclusion would",
    SRC,
    r"$x \le 5$ when the premise holds",
    params=(Param("x", float, 1.0, "a real", low=0.0, high=100.0),),
    hypotheses=(Hypothesis(r"$x \ge 0$", lambda p: p["x"] >= 0),),
)


@margin("scratch/search-premise")
def premise_margin(ctx, inst):
    """5 - x exactly, where the premise (x <= 5) holds."""
    if inst["x"] > 5:
        raise PremiseUnmet("the premise fails for x > 5")
    return 5 - Fraction(inst["x"])


statement(
    "scratch/search-engine-fails",
    "claim",
    "F",
    "A margin whose engine fails where the conclusion would",
    SRC,
    r"$x \le 5$",
    params=(Param("x", float, 1.0, "a real", low=0.0, high=100.0),),
    hypotheses=(Hypothesis(r"$x \ge 0$", lambda p: p["x"] >= 0),),
)


@margin("scratch/search-engine-fails")
def engine_fails_margin(ctx, inst):
    """5 - x exactly, where the (pretended) engine works (x <= 5)."""
    if inst["x"] > 5:
        raise ComputationFailed("the engine failed for x > 5")
    return 5 - Fraction(inst["x"])


statement(
    "scratch/search-unmet",
    "claim",
    "U",
    "A margin whose premise never holds",
    SRC,
    r"$x \ge 0$",
    params=(Param("x", float, 1.0, "a real", low=0.0, high=100.0),),
    hypotheses=(Hypothesis(r"$x \ge 0$", lambda p: p["x"] >= 0),),
)


@margin("scratch/search-unmet")
def unmet_margin(ctx, inst):
    """Never reached."""
    raise PremiseUnmet("never")


statement(
    "scratch/search-raises",
    "claim",
    "R",
    "A margin that raises inside the hypotheses",
    SRC,
    r"$1/x \ge 0$",
    params=(Param("x", float, 1.0, "a real", low=0.0, high=100.0),),
    hypotheses=(Hypothesis(r"$x \ge 0$", lambda p: p["x"] >= 0),),
)


@margin("scratch/search-raises")
def raising_margin(ctx, inst):
    """1/x exactly (raises at x = 0)."""
    return 1 / Fraction(inst["x"])


statement(
    "scratch/search-slow",
    "claim",
    "S",
    "A true bound whose margin is very slow at some instances",
    SRC,
    r"$x \ge 0$ for $x \ge 0$",
    params=(Param("x", float, 1.0, "a nonnegative real", low=0.0, high=10.0),),
    hypotheses=(Hypothesis(r"$x \ge 0$", lambda p: p["x"] >= 0),),
)


@margin("scratch/search-slow")
def slow_margin(ctx, inst):
    """x, exactly; at x > 2 after a minute of CPU (a margin's broad except cannot keep the limit out)."""
    import time

    if inst["x"] > 2:
        t0 = time.process_time()
        try:
            while time.process_time() - t0 < 60:
                pass
        except Exception:
            return Fraction(-1)  # never reached: the limit is no Exception
    return Fraction(inst["x"])
