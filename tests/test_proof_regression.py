"""The proof regression: every registered check keeps its statement's expected verdict.

Quick budget in the plain run; the full budget (every instance and precision) is marked
``slow`` (``pytest -m slow``). Verdicts go through the store's content-addressed cache
(``IBV_STORE``, default ``.ibverify/store.sqlite``), shared with ``ibv run`` and ``ibv probe``:
a check whose code (its import closure) and inputs are unchanged is not recomputed.
``IBV_NO_CACHE=1`` recomputes every verdict.
"""

import os

import pytest

from checks.core import load_checks, run_check
from checks.machine.cache import Cache, snapshot
from checks.machine.store import store_path

CHECKS = load_checks()
snapshot()  # the sources as imported key the verdicts (an edit during the session does not)


def _verdict(key: str, budget: str):
    if os.environ.get("IBV_NO_CACHE"):
        return run_check(CHECKS[key], budget=budget)
    return Cache.at(store_path()).verdict(CHECKS[key], budget, {}, 0, run_check)


def _params(full: bool):
    """One test per check, its id ``<module>:<statement>::<check>`` (``-k kernel_rich_depth``
    selects a module's checks, ``-k kernel-rich/theorem-1::`` a statement's)."""
    out = []
    for key, c in CHECKS.items():
        marks = [pytest.mark.slow] if (full or c.slow_quick) else []
        module = c.fn.__module__.rsplit(".", 1)[-1]
        out.append(pytest.param(key, id=f"{module}:{key}", marks=marks))
    return out


# the numbers a failure message shows for the comparison that decided the verdict
_DETAIL_KEYS = ("why", "discrepancy", "tolerance", "error_estimate", "error_from", "lhs", "rhs", "slack", "residual")


def _failure(v) -> str:
    """Why a verdict is not the expected one: its message, and the deciding comparison's
    instance and numbers (or the traceback of an error)."""
    step = f" (proof step {v.step})" if v.step is not None else ""  # judged apart from its statement
    lines = [f"{v.statement_id}::{v.check}{step}: got {v.status}, expected {v.expected}: {v.message}"]
    if v.status == "error":
        lines.append(v.artifacts.get("traceback", ("", ""))[1])
        return "\n".join(lines)
    decisive = [c for c in v.metrics.get("comparisons", []) if c.get("status") == v.status][:3]
    for c in decisive:
        numbers = ", ".join(f"{k}={c[k]}" for k in _DETAIL_KEYS if c.get(k) is not None)
        lines.append(f"  {c.get('label')} at {c.get('instance')}: {numbers}")
    return "\n".join(lines)


def _assert_expected(key: str, budget: str):
    v = _verdict(key, budget)
    assert v.status == v.expected, _failure(v)


@pytest.mark.parametrize("key", _params(full=False))
def test_quick(key):
    _assert_expected(key, "quick")


@pytest.mark.parametrize("key", _params(full=True))
def test_full(key):
    _assert_expected(key, "full")


def test_ids_select_by_module_and_failures_show_their_numbers():
    """Issue 22, item 8: ``pytest -k kernel_rich`` selects (the ids carry the module name); a
    failure names the instance, the discrepancy, the tolerance and the error estimate."""
    from checks.core import Check

    ids = [p.id for p in _params(full=False)]
    assert any(i.startswith("kernel_rich:kernel-rich/theorem-1::") for i in ids)
    v = run_check(
        Check("kernel-rich/claim-q-closed-form", "t", "flow", lambda ctx: ctx.agree("x", 1.0, 1.1, tol=1e-6, err=1e-9))
    )
    text = _failure(v)
    assert "got refuted, expected verified" in text and "discrepancy=0.1" in text and "error_estimate=1e-09" in text
