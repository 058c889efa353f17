"""The judges' honesty rules (checks/core.py)."""

from fractions import Fraction

import sympy as sp

from checks.core import Check, Context, combine, run_check


def _ctx():
    return Context(Check("kernel-rich/claim-q-closed-form", "t", "flow", lambda c: None))


def test_guard_refuses_verified_when_error_estimate_is_large():
    c = _ctx()
    assert c.agree("starved", 1.0, 1.0 + 1e-9, tol=1e-8, err=5e-9) == "inconclusive"
    assert c.agree("resolved", 1.0, 1.0 + 1e-9, tol=1e-8, err=1e-12) == "verified"
    assert c.agree("violated", 1.0, 1.1, tol=1e-8, err=1e-12) == "refuted"
    assert c.agree("nan error", 1.0, 1.0, tol=1e-8, err=float("nan")) == "inconclusive"
    assert c.status == "refuted" and c.counterexample is not None


def test_bound_and_identity():
    c = _ctx()
    assert c.bound("holds", 1.0, 2.0, err=0.1) == "verified"
    assert c.bound("violated", 2.0, 1.0, err=0.1) == "refuted"
    assert c.bound("undecided", 1.0, 1.05, err=0.1) == "inconclusive"
    assert c.bound("slack under ten errors", 1.0, 1.5, err=0.1) == "inconclusive"
    x = sp.Symbol("x", real=True)
    assert c.identity("true", sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1) == "proved"
    assert c.identity("false", sp.sin(x) ** 2 - sp.cos(x) ** 2) == "refuted"


def test_a_nan_anywhere_is_never_agreement():
    nan, inf = float("nan"), float("inf")
    for bad in (nan, inf, -inf):
        for value, reference in (([1.0, bad], [1.0, 2.0]), ([bad, 1.0], [2.0, 1.0]), ([1.0, 2.0], [1.0, bad])):
            assert _ctx().agree("non-finite entry", value, reference, tol=1e-9, err=1e-12) == "inconclusive"
        assert _ctx().agree("non-finite tolerance", 1.0, 1.0, tol=bad, err=1e-12) == "inconclusive"
        assert _ctx().agree("non-finite error", 1.0, 1.0, tol=1e-9, err=bad) == "inconclusive"
        assert _ctx().bound("non-finite lhs", bad, 1.0, err=1e-12) == "inconclusive"
        assert _ctx().bound("non-finite rhs", 0.0, bad, err=1e-12) == "inconclusive"
        assert _ctx().bound("non-finite error", 0.0, 1.0, err=bad) == "inconclusive"
    assert _ctx().cross_check("nan entry", [1.0, nan], [1.0, 2.0], tol=1e-9, err=1.0) == "inconclusive"


def test_identity_decides_every_entry():
    x = sp.Symbol("x", real=True)
    # the first entry is a true identity SymPy cannot simplify (cos(pi/7) - cos(2pi/7) + cos(3pi/7) = 1/2);
    # a later entry is plainly nonzero: the list is not an identity
    hard = sp.cos(sp.pi / 7) - sp.cos(2 * sp.pi / 7) + sp.cos(3 * sp.pi / 7) - sp.Rational(1, 2)
    c = _ctx()
    assert c.identity("later entry nonzero", [hard, x + 1]) == "refuted"
    assert c.items[-1].metrics["entry"] == 1
    assert _ctx().identity("all zero", sp.Matrix([sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1, 0])) == "proved"


def test_bound_decides_at_the_operands_precision():
    import mpmath

    from numerics.estimate import Estimate

    with mpmath.workprec(200):
        lhs, rhs = mpmath.mpf(1) + mpmath.mpf("1e-20"), mpmath.mpf(1)
        twin = mpmath.mpf(1) + mpmath.mpf("1e-20") + mpmath.mpf("1e-45")
    measured = Estimate.twice(lhs, twin)  # formed exactly: 1e-45, not the 0.0 of a 53-bit difference
    assert 5e-46 < measured.error < 2e-45
    assert _ctx().bound("1 + 1e-20 <= 1 at 200 bits", measured, rhs) == "refuted"
    assert _ctx().bound("1 <= 1 + 1e-20 at 200 bits", rhs, measured, strict=True) == "verified"
    from fractions import Fraction

    assert _ctx().bound("1/3 <= the double 1/3, exactly", Fraction(1, 3), Fraction(1 / 3)) == "refuted"


def test_judges_refuse_what_they_cannot_trust():
    """Missing or bare-zero error estimates, floats to exact, plain floats to certified."""
    from fractions import Fraction

    import flint
    import numpy as np

    from numerics.estimate import Estimate

    c = _ctx()
    # an inexact comparison needs a measured error estimate
    assert c.bound("no estimate", 1.0, 2.0) == "inconclusive"
    assert c.bound("bare zero", 1.0, 2.0, err=0.0) == "inconclusive"
    assert c.agree("bare zero", 1.0, 1.0, tol=1e-9, err=0) == "inconclusive"
    assert c.agree("no estimate", 1.0, 1.0, tol=1e-9) == "inconclusive"
    assert c.agree("a measured zero", Estimate(1.0, 0.0, "two precisions"), 1.0, tol=1e-9) == "verified"
    # exact arithmetic: floats refused; an instance is verified, a whole claim proved
    assert c.exact("floats", 0.1 + 0.2, "==", 0.3) == "inconclusive"
    assert c.exact("numpy bool", np.float64(1.0), "<", 2) == "inconclusive"
    assert c.exact("sympy Float", sp.Float("0.5"), "<", 1) == "inconclusive"
    assert c.exact("instance", Fraction(1, 3), "<", Fraction(1, 2)) == "verified"
    assert c.exact("whole", Fraction(1, 3), "<", Fraction(1, 2), whole=True) == "proved"
    assert c.exact("exact counterexample", 3, "<=", 2, whole=True) == "refuted"
    assert c.exact("algebraic", sp.sqrt(2), ">", 1, whole=True) == "proved"
    x = sp.Symbol("x", positive=True)
    assert c.exact("symbolic over the domain", x**2 + 1, ">", 0, whole=True) == "proved"
    assert c.exact("undecidable sign", sp.Symbol("y", real=True), ">", 0, whole=True) == "inconclusive"
    assert c.exact("entrywise", [1, Fraction(1, 2)], "==", [1, sp.Rational(1, 2)]) == "verified"
    assert c.exact("entry differs", [1, 2], "==", [1, 3]) == "refuted"
    # certified only from balls that decide; a float is never an enclosure
    assert c.bound("floats", 1.0, 2.0, err=1e-3) == "verified"
    assert c.bound("balls", flint.arb(1), flint.arb("1.5 +/- 0.1")) == "certified"
    assert c.bound("ball and exact", flint.arb("1.5 +/- 0.1"), Fraction(2)) == "certified"
    assert c.bound("overlapping balls", flint.arb(1), flint.arb("1.05 +/- 0.1")) == "inconclusive"
    assert c.bound("ball and float", flint.arb(1), 2.0) == "inconclusive"
    assert c.bound("balls decide the opposite", flint.arb(2), flint.arb("1.5 +/- 0.1")) == "refuted"
    # a statistical estimate decides when its interval excludes the other side
    assert c.bound("mean above 0", 0, Estimate.mean([1.0, 1.1, 0.9, 1.05])) == "verified"
    assert c.bound("mean straddles 0", 0, Estimate.mean([1.0, -1.1, 0.9, -1.05])) == "inconclusive"
    assert c.proportion("most", 10, 10, ">", 0.5) == "verified"
    assert c.proportion("9 of 10 is not significant at 1%", 9, 10, ">", 0.5) == "inconclusive"
    assert c.proportion("0 of 10", 0, 10, ">", 0.5) == "refuted"
    n = len(c.items)
    c.observe("a trend", slope=0.5)
    assert len(c.items) == n and c.observations[-1]["slope"] == 0.5


def test_identity_sampling_refutes_only_beyond_its_error():
    """An expression SymPy cannot decide is evaluated at two precisions: a value both agree on
    refutes, a numerically zero one is inconclusive (not proved)."""
    from checks.core import _decide_zero

    x = sp.Symbol("x", positive=True)
    hard = sp.cos(sp.pi / 7) - sp.cos(2 * sp.pi / 7) + sp.cos(3 * sp.pi / 7) - sp.Rational(1, 2)  # = 0
    status, m = _decide_zero(hard * x)
    assert status in ("proved", "inconclusive")
    tiny = (hard + sp.Rational(1, 10**40)) * x
    status, m = _decide_zero(tiny)
    assert status == "refuted"


def test_a_nonzero_residual_is_refuted_before_equals_only_where_its_symbols_admit_the_point():
    """The shortcut before SymPy's equals(0): one rational point inside the symbols' assumptions,
    two precisions. Outside them (an integer symbol: sin(pi n) vanishes at integers only) SymPy
    decides; a residual with no value at a point (an undefined function) goes to equals too."""
    from checks.core import _admits_positive_fractions, _decide_zero

    x = sp.Symbol("x", positive=True)
    status, m = _decide_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1 + x / 10**30)
    assert status == "refuted" and "nonzero_at" in m and m["value"] > 100 * m["error_estimate"]
    n = sp.Symbol("n", integer=True)
    assert not _admits_positive_fractions({n}) and _admits_positive_fractions({x, sp.Symbol("y")})
    assert not _admits_positive_fractions({sp.Symbol("a", antihermitian=True)})  # undecidable at 1/3
    status, m = _decide_zero(sp.sin(sp.pi * n))
    assert status == "proved"
    f = sp.Function("f")
    status, m = _decide_zero(x * sp.Derivative(f(x), x) + x)
    assert status in ("refuted", "inconclusive") and "nonzero_at" not in m


def test_combine_is_weakest():
    assert combine(["proved", "verified"]) == "verified"
    assert combine(["proved", "inconclusive", "verified"]) == "inconclusive"
    assert combine(["verified", "refuted", "error"]) == "refuted"
    assert combine([]) == "inconclusive"


def test_a_raising_check_is_an_error_verdict():
    def boom(ctx):
        raise RuntimeError("kaboom")

    v = run_check(Check("kernel-rich/claim-q-closed-form", "boom", "symbolic", boom))
    assert v.status == "error" and "kaboom" in v.message and "traceback" in v.artifacts


def test_withdrawn_refutations_take_their_counterexample_with_them():
    """A rule that says some judgements cannot refute (an experiment under lost settings): the
    refutations after ``since`` become inconclusive and the counterexample they set goes; one set
    before stays."""

    def later_only(ctx):
        ctx.bound("engine comparison", 1, 2)  # holds
        since = len(ctx.items)
        ctx.bound("trend not reproduced", 2, 1)  # refuted
        assert ctx.withdraw_refutations(since, "lost settings", lost=True) == 1

    v = run_check(Check("kernel-rich/claim-q-closed-form", "w1", "random", later_only))
    assert v.status != "refuted" and "counterexample" not in v.metrics
    (item,) = [c for c in v.metrics["comparisons"] if c["label"] == "trend not reproduced"]
    assert item["status"] == "inconclusive" and item["why"] == "lost settings" and item["lost"] is True

    def earlier_stays(ctx):
        ctx.bound("engine comparison fails", 2, 1)
        since = len(ctx.items)
        ctx.bound("trend not reproduced", 2, 1)
        ctx.withdraw_refutations(since, "lost settings")

    v = run_check(Check("kernel-rich/claim-q-closed-form", "w2", "random", earlier_stays))
    assert v.status == "refuted" and v.metrics["counterexample"]["label"] == "engine comparison fails"


def _fixture_statement(sid):
    from theorems.registry import REGISTRY, Hypothesis, Param, Source, Statement

    REGISTRY[sid] = Statement(
        sid,
        "claim",
        "x",
        "t",
        Source("f", "s"),
        "t",
        params=(Param("fixture", str, "T5"),),
        hypotheses=(Hypothesis("fixture is T5", lambda p: p.get("fixture") == "T5"),),
    )


def test_a_plain_run_outside_the_hypotheses_is_no_evidence():
    """A plain run's instance outside the hypotheses: refutations there are no counterexample
    and verifications no evidence (inconclusive); a check that declares the instance deliberate
    only records there (observations, no status); a probe (overrides given) keeps the verdict
    and its summary says where."""
    from theorems.registry import REGISTRY

    sid = "kernel-rich/test-outside-hypotheses"
    _fixture_statement(sid)

    def body(outcome, fixture="TIE"):
        def fn(ctx):
            for inst in ctx.instances([{"fixture": fixture}]):
                ctx.start(inst)
                ctx.exact("claim", 1 if outcome else 3, "<=", 2)

        return fn

    try:
        for outcome in (True, False):
            v = run_check(Check(sid, "t", "random", body(outcome)))
            assert v.status == "inconclusive" and "counterexample" not in v.metrics
            v = run_check(Check(sid, "t", "random", body(outcome), outside_hypotheses=True))
            assert v.status == "inconclusive" and len(v.metrics["observations"]) == 1
            v = run_check(Check(sid, "t", "random", body(outcome)), overrides={"fixture": "TIE"})
            assert v.status == ("verified" if outcome else "refuted")
            v = run_check(Check(sid, "t", "random", body(outcome, "T5")))
            assert v.status == ("verified" if outcome else "refuted")
            if not outcome:  # the refutation shows the premise, evaluated at its instance
                assert v.metrics["counterexample"]["premise"] == {"fixture is T5": True}

        def undecided(ctx):
            ctx.start({"fixture": "TIE"})
            ctx.undecided("the conclusion", "no instance inside the hypotheses can be run")
            ctx.exact("a recorded case", 1, "<=", 2)

        # a deliberate outside run records its decided items; its undecided item stays
        v = run_check(Check(sid, "t", "random", undecided, outside_hypotheses=True))
        assert v.status == "inconclusive" and [c["label"] for c in v.metrics["comparisons"]] == ["the conclusion"]
        assert [o["label"] for o in v.metrics["observations"]] == ["a recorded case"]
    finally:
        del REGISTRY[sid]


def test_a_positive_verdict_needs_an_instance_inside_the_hypotheses():
    from theorems.registry import REGISTRY

    sid = "kernel-rich/test-no-instance"
    _fixture_statement(sid)
    try:
        v = run_check(Check(sid, "t", "flow", lambda ctx: ctx.agree("x", 1.0, 1.0, tol=1e-9, err=1e-12)))
        assert v.status == "inconclusive"
        x = sp.Symbol("x")
        v = run_check(Check(sid, "t", "symbolic", lambda ctx: ctx.identity("x", x - x)))
        assert v.status == "proved"  # a symbolic identity holds for every instance
    finally:
        del REGISTRY[sid]


def test_generated_examples_are_checked_against_the_hypotheses():
    """Hypothesis examples outside the hypotheses are no evidence (and never a counterexample);
    examples the property does not check against the hypotheses make the check inconclusive."""
    from hypothesis import strategies as st

    from theorems.registry import REGISTRY

    sid = "kernel-rich/test-generated"
    _fixture_statement(sid)

    def body(checked, fixtures):
        def fn(ctx):
            def prop(fx):
                if checked:
                    ctx.start({"fixture": fx})
                # "fails" only outside the hypotheses
                ctx.exact("claim", 1 if fx == "T5" else 3, "<=", 2)

            ctx.random(st.sampled_from(fixtures), prop, quick=10)

        return fn

    try:
        assert run_check(Check(sid, "t", "random", body(True, ["T5", "TIE"]))).status == "verified"
        v = run_check(Check(sid, "t", "random", body(True, ["TIE"])))
        assert v.status == "inconclusive" and "counterexample" not in v.metrics
        assert run_check(Check(sid, "t", "random", body(False, ["T5"]))).status == "inconclusive"
    finally:
        del REGISTRY[sid]


def test_a_solver_cross_check_that_cannot_resolve_its_tolerance_is_listed_not_counted():
    """An unresolved solver cross-check (error estimate not small against the tolerance) does not
    weaken the check, is listed with its numbers beside a resolved high-precision agreement, and a
    check with no other evidence whose cross-checks are all unresolved is inconclusive; a resolved
    one is judged like agree, and a gross discrepancy is never excused."""

    def body(errs, disc=1e-9, high_precision=True):
        def fn(ctx):
            if high_precision:
                ctx.agree("high-precision method", 1.0, 1.0, tol=1e-20, err=1e-30)
            for e in errs:
                ctx.cross_check("solver", 1.0, 1.0 + disc, tol=1e-6, err=e)

        return fn

    mixed = run_check(Check("kernel-rich/claim-q-closed-form", "mixed", "convex", body([1e-9, 5e-7])))
    assert mixed.status == "verified"
    assert [u["error_estimate"] for u in mixed.metrics["unresolved_cross_checks"]] == [5e-7]
    # none resolved beside a resolved agreement of high-precision methods: that agreement stands
    beside = run_check(Check("kernel-rich/claim-q-closed-form", "beside", "convex", body([5e-7, 1e-6])))
    assert beside.status == "verified" and len(beside.metrics["unresolved_cross_checks"]) == 2
    none = run_check(Check("kernel-rich/claim-q-closed-form", "none", "convex", body([5e-7], high_precision=False)))
    assert none.status == "inconclusive" and len(none.metrics["unresolved_cross_checks"]) == 1
    gross = run_check(Check("kernel-rich/claim-q-closed-form", "gross", "convex", body([1e-9, 5e-7], disc=1.0)))
    assert gross.status in ("refuted", "inconclusive") and gross.status != "verified"
    assert "unresolved_cross_checks" not in gross.metrics


def test_exact_values_keep_their_sign():
    """mpmath's ``mpf.man`` is unsigned: the exact value of a negative mpf must keep its sign
    (a bound with a negative mpmath side was refuted through it)."""
    import mpmath

    from numerics.estimate import Estimate, exact_difference, exact_value

    assert exact_value(mpmath.mpf(-2.5)) == Fraction(-5, 2) and exact_value(mpmath.mpf(0)) == 0
    assert exact_difference(0, mpmath.mpf(-2.5)) == Fraction(5, 2)
    assert Estimate.twice(mpmath.mpf(-1), mpmath.mpf(-1.5)).error == 0.5
    assert _ctx().bound("a negative mpmath lhs", mpmath.mpf(-2.5), 0, err=1e-30) == "verified"
