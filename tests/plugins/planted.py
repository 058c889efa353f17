"""Test-only statements (loaded through IBV_PLUGINS) with a planted counterexample.

``scratch/planted`` claims ``x * n <= 60`` for ``0 <= x <= 10`` and ``1 <= n <= 50`` under the
hypothesis ``n <= 10``: false for ``x > 6, n = 10`` (a counterexample inside the hypotheses) and
for ``n > 10`` (outside them). ``delay`` makes each check sleep (for the interruption tests).
"""

import time
from fractions import Fraction

from checks.core import check
from theorems.registry import Hypothesis, Param, Source, statement

statement(
    "scratch/planted",
    "claim",
    "T",
    "A planted false bound",
    Source("tests/plugins/planted.py", "test"),
    r"$x n \le 60$ whenever $n \le 10$",
    params=(
        Param("x", float, 1.0, "a real in [0, 10]", low=0.0, high=10.0),
        Param("n", int, 2, "a size in [1, 50]", low=1, high=50),
        Param("delay", float, 0.0, "seconds each check sleeps", low=0.0, high=300.0),
    ),
    hypotheses=(Hypothesis(r"$n \le 10$", lambda p: p["n"] <= 10),),
)


def _sleep(seconds: float) -> None:
    """Sleep in short steps: a time limit raised asynchronously in a worker thread (Dask) is
    delivered between them, as it would be in a check computing in Python."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(min(0.01, max(0.0, end - time.monotonic())))


@check("scratch/planted", "bound", "random")
def planted_bound(ctx):
    """The planted bound x n <= 60 (exact arithmetic on the inputs: the double x as a Fraction)."""
    for inst in ctx.instances([{}]):
        ctx.start(inst)
        _sleep(inst["delay"])
        ctx.bound("x n <= 60", Fraction(inst["x"]) * inst["n"], 60)


@check("scratch/planted", "x-in-range", "random")
def planted_range(ctx):
    """Reads only x (an override of n is not used by this check): the hypothesis n <= 10 is
    checked at the smallest n, where it holds (this check's claim does not involve n)."""
    x = ctx.param("x", 1.0)
    ctx.start({"x": x, "n": 1})
    ctx.exact("0 <= x", Fraction(x), ">=", 0)
    ctx.exact("x <= 10", Fraction(x), "<=", 10)


statement(
    "scratch/slow",
    "claim",
    "S",
    "Six slow trivial checks (for killing a run mid-way)",
    Source("tests/plugins/planted.py", "test"),
    r"$1 \le 2$",
    params=(Param("delay", float, 0.5, "seconds each check sleeps", low=0.0, high=30.0),),
)


def _slow(ctx):
    time.sleep(ctx.param("delay"))
    ctx.exact("1 <= 2", 1, "<=", 2, whole=True)


for _i in range(6):
    check("scratch/slow", f"slow-{_i}", "symbolic")(_slow)
