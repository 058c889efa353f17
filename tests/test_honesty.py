"""Numerical honesty: starved precision or loose solver tolerances give ``inconclusive``,
never ``verified``; the convex error estimate covers what an inaccurate solve hides; the
same seeds give the same verdict records."""

import json
import subprocess
import sys

import mpmath
import numpy as np
import pytest
import sympy as sp

from checks.core import Check, Context, load_checks, run_check
from numerics import convex, flows


def _ctx():
    return Context(Check("kernel-rich/claim-q-closed-form", "t", "flow", lambda c: None))


def test_starved_flow_precision_is_inconclusive_never_verified():
    x = sp.Symbol("x", real=True)
    with mpmath.workdps(60):
        exact = mpmath.exp(-1)
    for bits, tol, want in ((20, 1e-20, "inconclusive"), (128, 1e-25, "verified")):
        fl = flows.integrate_hp([-x], [x], [1], t_end=1.0, bits=bits, grid=[0.5, 1.0])
        err = fl.final_error
        with mpmath.workdps(60):
            true = float(abs(fl.final[0] - exact))
        assert err >= 0.1 * true  # the two-precision estimate sees the starved precision
        c = _ctx()
        with mpmath.workdps(60):
            assert c.agree("x(1) = exp(-1)", fl.final[0], exact, tol=tol, err=err) == want


LOOSE_SOLVER = dict(tol_gap_abs=1e-3, tol_gap_rel=1e-3, tol_feas=1e-3, tol_ktratio=1e-2, max_iter=500)
T5_X = np.array([[1, 2, 0, -1, 3], [0, 1, 1, 2, -1]], float)
T5_Y = np.array([1.0, 2.0])


@pytest.mark.parametrize("program", ["kl", "l1", "power"])
def test_inaccurate_solves_carry_their_error(program, monkeypatch):
    """At tolerances 1e-3 both solves stop at the same point: the two-tolerance difference is
    0; the KKT residuals in the error estimate still cover the true error."""
    run = {
        "kl": lambda: convex.min_kl(T5_X, T5_Y, np.full(5, 0.01)),
        "l1": lambda: convex.min_l1(T5_X, T5_Y),
        "power": lambda: convex.min_power(T5_X, T5_Y, 3, 0.3),
    }[program]
    ref = run()
    monkeypatch.setattr(convex, "TIGHT", dict(LOOSE_SOLVER))
    monkeypatch.setattr(convex, "LOOSE", dict(LOOSE_SOLVER))
    sol = run()
    true = float(np.max(np.abs(sol.beta - ref.beta)))
    assert sol.extra["two_tolerance_error"] == 0.0
    assert sol.error >= true and sol.error > 0
    scale = float(np.max(np.abs(ref.beta)))
    assert (
        _ctx().agree(
            "starved solve = reference", sol.beta, ref.beta, tol=1e-5 * scale, err=sol.error + ref.error, scale=scale
        )
        == "inconclusive"
    )


def test_a_real_check_with_a_starved_solver_is_inconclusive(monkeypatch):
    """kernel-rich Theorem 1 (flow vs argmin) with Clarabel at 1e-3: the exponential-cone
    cross-check cannot be verified; the high-precision comparison still is, and stands (issue 22:
    an unresolved double-precision cross-check is listed beside it, not turned into inconclusive)."""
    import checks.kernel_rich as kr_checks

    chk = load_checks()["kernel-rich/theorem-1::flow-vs-argmin"]
    kr_checks.q_argmin_cvx.cache_clear()
    monkeypatch.setattr(convex, "TIGHT", dict(LOOSE_SOLVER))
    monkeypatch.setattr(convex, "LOOSE", dict(LOOSE_SOLVER))
    try:
        v = run_check(chk, overrides={"alpha": 0.3})
    finally:
        kr_checks.q_argmin_cvx.cache_clear()  # no starved solution outlives the test
    by = {c["label"]: c["status"] for c in v.metrics["comparisons"]}
    # the starved solve cannot resolve its tolerance: listed as an unresolved cross-check (never
    # verified); the agreement of the flow and the dual Newton decides the check
    assert "flow limit = argmin Q (cvxpy exponential cone)" not in by
    assert [u["label"] for u in v.metrics["unresolved_cross_checks"]] == [
        "flow limit = argmin Q (cvxpy exponential cone)"
    ]
    assert by["flow limit = argmin Q (dual Newton, high precision)"] == "verified"
    assert v.status == "verified"


def test_same_seeds_same_verdict_records(tmp_path):
    """Two runs in fresh processes (no shared caches): identical records but for timings."""
    recs = []
    for k in range(2):
        out = tmp_path / f"v{k}.json"
        ids = ["kernel-rich/theorem-1-general", "kernel-rich/claim-hD-properties"]
        p = subprocess.run(
            [
                sys.executable,
                "-m",
                "checks.machine.cli",
                "run",
                *ids,
                "--quiet",
                "--json",
                str(out),
                "--store",
                str(tmp_path / f"s{k}.sqlite"),
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert p.returncode == 0, p.stderr
        rs = json.loads(out.read_text())
        for r in rs:
            r.pop("seconds")
        recs.append(rs)
    assert len(recs[0]) >= 3 and recs[0] == recs[1]
