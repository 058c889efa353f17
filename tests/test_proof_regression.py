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
from checks.machine.cache import Cache
from checks.machine.store import store_path

CHECKS = load_checks()


def _verdict(key: str, budget: str):
    if os.environ.get("IBV_NO_CACHE"):
        return run_check(CHECKS[key], budget=budget)
    return Cache.at(store_path()).verdict(CHECKS[key], budget, {}, 0, run_check)


def _params(full: bool):
    out = []
    for key, c in CHECKS.items():
        marks = [pytest.mark.slow] if (full or c.slow_quick) else []
        out.append(pytest.param(key, id=key, marks=marks))
    return out


def _assert_expected(key: str, budget: str):
    v = _verdict(key, budget)
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
