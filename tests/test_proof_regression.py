"""The proof regression: every registered check keeps its statement's expected verdict.

Quick budget in the plain run; the full budget (every instance and precision) is marked
``slow`` (``pytest -m slow``).
"""

import pytest

from checks.core import load_checks, run_check

CHECKS = load_checks()


def _params(full: bool):
    out = []
    for key, c in CHECKS.items():
        marks = [pytest.mark.slow] if (full or c.slow_quick) else []
        out.append(pytest.param(key, id=key, marks=marks))
    return out


def _assert_expected(key: str, budget: str):
    v = run_check(CHECKS[key], budget=budget)
    detail = v.message
    if v.status == "error":
        detail += "\n" + v.artifacts.get("traceback", ("", ""))[1]
    assert v.status == v.expected, f"{key}: got {v.status}, expected {v.expected}: {detail}"


@pytest.mark.parametrize("key", _params(full=False))
def test_quick(key):
    _assert_expected(key, "quick")


@pytest.mark.parametrize("key", _params(full=True))
def test_full(key):
    _assert_expected(key, "full")
