"""Test-only statements with proof steps, invocations and a cycle (issue 19), loaded through
IBV_PLUGINS by tests/test_proofs.py.

* ``scratch/proof-lemma``: ``a^2 >= 0`` under ``a > 0`` -- invoked by the theorem below.
* ``scratch/proof-theorem``: ``(t + 1)^2 >= 0`` for ``0 <= t <= 2`` under ``t >= 1/2``; its
  printed proof has a step that holds (an identity), a step printed wrong (``2t <= t^2``, false
  at ``t = 1``) while the conclusion holds, an invocation of the lemma at ``a = t - 1`` (outside
  the lemma's hypothesis ``a > 0`` for ``t <= 1``), a restatement, and a step no check is bound to.
* ``scratch/proof-vacuous``: a claim over the interval ``[1, t]``, empty for ``t < 1``.
* ``scratch/proof-cycle-a`` / ``-b``: two statements whose proofs invoke each other.
"""

from fractions import Fraction

import sympy as sp

from checks.core import check
from theorems.registry import Hypothesis, Param, Source, Step, statement

SRC = Source("tests/plugins/proofs.py", "test")

statement(
    "scratch/proof-lemma",
    "lemma",
    "L1",
    "A square is nonnegative",
    SRC,
    r"$a^2 \ge 0$ for $a > 0$",
    params=(Param("a", float, 1.0, "a real", low=-10.0, high=10.0),),
    hypotheses=(Hypothesis(r"$a > 0$", lambda p: p["a"] > 0),),
    uses=(),
)


@check("scratch/proof-lemma", "square", "symbolic")
def lemma_square(ctx):
    """a^2 >= 0 over the reals: SymPy decides it for a real symbol."""
    a = sp.Symbol("a", real=True)
    ctx.exact("a^2 >= 0", a**2, ">=", 0, whole=True)


statement(
    "scratch/proof-theorem",
    "theorem",
    "T1",
    "A square shifted by one",
    SRC,
    r"$(t+1)^2 \ge 0$ for $t \ge 1/2$",
    params=(Param("t", float, 0.75, "a real in [0, 2]", low=0.0, high=2.0),),
    hypotheses=(Hypothesis(r"$t \ge 1/2$", lambda p: p["t"] >= 0.5),),
    uses=("scratch/proof-lemma", "def:square"),
    steps=(
        Step("(1)", r"$(t+1)^2 = t^2 + 2t + 1$", kind="identity"),
        Step(
            "(2)",
            r"$2t \le t^2$",
            kind="inequality",
            expect="refuted",
            erratum="false for 0 < t < 2 (t = 1: 2 > 1); the proof needs only 2t >= 0",
        ),
        Step(
            "(3)",
            r"Lemma L1 at $a = t - 1$",
            kind="invocation",
            expect="refuted",
            erratum="a = t - 1 <= 0 for t <= 1: the lemma is invoked outside its hypothesis a > 0",
        ),
        Step("(4)", r"$t^2 + 2t + 1 \ge 1$", kind="inequality"),
        Step("App. A", r"$(t+1)^2 \ge 0$ for $t \ge 1/2$", kind="restatement"),
    ),
)


@check("scratch/proof-theorem", "conclusion", "random")
def theorem_conclusion(ctx):
    """(t + 1)^2 >= 0 at the instances, in exact arithmetic."""
    for inst in ctx.instances([{"t": 0.75}, {"t": 1.5}]):
        ctx.start(inst)
        t = Fraction(inst["t"])
        ctx.bound("0 <= (t+1)^2", 0, (t + 1) ** 2)


@check("scratch/proof-theorem", "step-1", "symbolic", step="(1)")
def theorem_step_1(ctx):
    """The expansion, as a SymPy identity."""
    t = sp.Symbol("t")
    ctx.identity("(t+1)^2 - (t^2+2t+1)", sp.expand((t + 1) ** 2) - (t**2 + 2 * t + 1))


@check("scratch/proof-theorem", "step-2", "random", step="(2)")
def theorem_step_2(ctx):
    """2t <= t^2 at t = 1 (inside the hypothesis t >= 1/2)."""
    inst = ctx.instances([{"t": 1.0}])[0]
    ctx.start(inst)
    t = Fraction(inst["t"])
    ctx.bound("2t <= t^2", 2 * t, t**2)


@check("scratch/proof-theorem", "step-3", "random", step="(3)")
def theorem_step_3(ctx):
    """The lemma's hypotheses at a = t - 1, at t = 0.75 and t = 1.5."""
    for inst in ctx.instances([{"t": 0.75}, {"t": 1.5}]):
        ctx.start(inst)
        ctx.discharge("L1 at a = t - 1", "scratch/proof-lemma", {"a": inst["t"] - 1})


@check("scratch/proof-theorem", "step-4", "random", step="(4)")
def theorem_step_4(ctx):
    """The lemma's hypothesis at a = t + 1 (held), then the step itself."""
    for inst in ctx.instances([{"t": 0.75}, {"t": 1.5}]):
        ctx.start(inst)
        ctx.discharge("L1 at a = t + 1", "scratch/proof-lemma", {"a": inst["t"] + 1})
        t = Fraction(inst["t"])
        ctx.bound("1 <= t^2 + 2t + 1", 1, t**2 + 2 * t + 1)


statement(
    "scratch/proof-vacuous",
    "claim",
    "V",
    "A claim over [1, t]",
    SRC,
    r"$s \le t$ for every $s \in [1, t]$",
    params=(Param("t", float, 0.5, "the interval's right end", low=0.0, high=5.0),),
    uses=(),
    steps=(
        Step(
            "(5)",
            r"$[1, t] \ne \emptyset$",
            kind="inequality",
            expect="refuted",
            erratum="empty for t < 1: the claim is vacuous there",
        ),
    ),
)


@check("scratch/proof-vacuous", "nonempty", "random", step="(5)")
def vacuous_nonempty(ctx):
    """The interval [1, t] is not empty (it is, at t = 0.5)."""
    inst = ctx.instances([{}])[0]
    ctx.start(inst)
    ctx.nonvacuous("[1, t] is not empty", Fraction(1), Fraction(inst["t"]))


statement(
    "scratch/proof-cycle-a",
    "lemma",
    "CA",
    "Proved from CB",
    SRC,
    r"$0 \le 1$",
    uses=("scratch/proof-cycle-b",),
)
statement(
    "scratch/proof-cycle-b",
    "lemma",
    "CB",
    "Proved from CA",
    SRC,
    r"$0 \le 2$",
    uses=("scratch/proof-cycle-a",),
)


@check("scratch/proof-cycle-a", "trivial", "symbolic")
def cycle_a(ctx):
    """0 <= 1."""
    ctx.exact("0 <= 1", 0, "<=", 1, whole=True)


@check("scratch/proof-cycle-b", "trivial", "symbolic")
def cycle_b(ctx):
    """0 <= 2."""
    ctx.exact("0 <= 2", 0, "<=", 2, whole=True)


# A statement whose proof's uses are not yet declared (uses=None): listed as null by ibv list --json.
statement(
    "scratch/proof-undeclared",
    "claim",
    "U",
    "A claim whose uses are not declared yet",
    SRC,
    r"$0 \le 1$",
)
