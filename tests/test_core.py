"""The judges' honesty rules (checks/core.py)."""

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
    x = sp.Symbol("x", real=True)
    assert c.identity("true", sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1) == "proved"
    assert c.identity("false", sp.sin(x) ** 2 - sp.cos(x) ** 2) == "refuted"


def test_a_nan_anywhere_is_never_agreement():
    nan = float("nan")
    for value, reference in (([1.0, nan], [1.0, 2.0]), ([nan, 1.0], [2.0, 1.0]), ([1.0, 2.0], [1.0, nan])):
        assert _ctx().agree("nan entry", value, reference, tol=1e-9, err=0.0) == "inconclusive"
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

    with mpmath.workprec(200):
        lhs, rhs = mpmath.mpf(1) + mpmath.mpf("1e-20"), mpmath.mpf(1)
    assert _ctx().bound("1 + 1e-20 <= 1 at 200 bits", lhs, rhs) == "refuted"
    assert _ctx().bound("1 <= 1 + 1e-20 at 200 bits", rhs, lhs, strict=True) == "verified"
    from fractions import Fraction

    assert _ctx().bound("1/3 <= 0.3333333333333333", Fraction(1, 3), 1 / 3) == "refuted"  # 1/3 > the double


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


def test_a_plain_run_outside_the_hypotheses_is_no_evidence():
    """A plain run's instance outside the hypotheses: refutations there are no counterexample
    and verifications no evidence (inconclusive), unless the check declares the instance
    deliberate; a probe (overrides given) keeps the verdict and its summary says where."""
    from theorems.registry import REGISTRY, Hypothesis, Param, Source, Statement

    sid = "kernel-rich/test-outside-hypotheses"
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

    def body(outcome):
        def fn(ctx):
            for inst in ctx.instances([{"fixture": "TIE"}]):
                ctx.start(inst)
                ctx.fact("claim", outcome)

        return fn

    try:
        for outcome, plain in ((True, "inconclusive"), (False, "inconclusive")):
            v = run_check(Check(sid, "t", "random", body(outcome)))
            assert v.status == plain and "counterexample" not in v.metrics
            v = run_check(Check(sid, "t", "random", body(outcome), outside_hypotheses=True))
            assert v.status == ("verified" if outcome else "refuted")
            v = run_check(Check(sid, "t", "random", body(outcome)), overrides={"fixture": "TIE"})
            assert v.status == ("verified" if outcome else "refuted")
    finally:
        del REGISTRY[sid]


def test_a_solver_cross_check_that_cannot_resolve_its_tolerance_is_listed_not_counted():
    """An unresolved solver cross-check (error estimate not small against the tolerance) does not
    weaken the check, is listed with its numbers, and a check whose cross-checks are all
    unresolved is inconclusive; a resolved one is judged like agree, and a gross discrepancy is
    never excused."""

    def body(errs, disc=1e-9):
        def fn(ctx):
            ctx.agree("high-precision method", 1.0, 1.0, tol=1e-20, err=1e-30)
            for e in errs:
                ctx.cross_check("solver", 1.0, 1.0 + disc, tol=1e-6, err=e)

        return fn

    mixed = run_check(Check("kernel-rich/claim-q-closed-form", "mixed", "convex", body([1e-9, 5e-7])))
    assert mixed.status == "verified"
    assert [u["error_estimate"] for u in mixed.metrics["unresolved_cross_checks"]] == [5e-7]
    none = run_check(Check("kernel-rich/claim-q-closed-form", "none", "convex", body([5e-7, 1e-6])))
    assert none.status == "inconclusive" and len(none.metrics["unresolved_cross_checks"]) == 2
    gross = run_check(Check("kernel-rich/claim-q-closed-form", "gross", "convex", body([1e-9, 5e-7], disc=1.0)))
    assert gross.status in ("refuted", "inconclusive") and gross.status != "verified"
    assert "unresolved_cross_checks" not in gross.metrics
