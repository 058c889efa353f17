"""The verdict schema (checks/schema.py): one reading of stored numbers, one ``combine``, one
answer to "did the hypotheses hold", used by the machine and the report alike."""

from __future__ import annotations

import math

import pytest

from checks import schema
from checks.schema import combine, hypotheses_held, instance_held, number


# -- number --------------------------------------------------------------------------------
def test_bool_is_a_flag_not_a_number():
    assert number(True) is None and number(False) is None
    assert number(True, finite=True) is None


def test_nan_is_no_number():
    assert number(float("nan")) is None
    for text in ("nan", "NaN", "-nan", " nan "):
        assert number(text) is None, text


def test_infinities_kept_unless_finite():
    assert number(float("inf")) == math.inf and number(float("-inf")) == -math.inf
    for text, sign in (("inf", 1), ("+inf", 1), ("-inf", -1), ("Infinity", 1), ("-Infinity", -1)):
        assert number(text) == sign * math.inf, text
        assert number(text, finite=True) is None, text
    assert number(float("inf"), finite=True) is None


def test_numbers_and_numeric_strings():
    assert number(3) == 3.0 and isinstance(number(3), float)
    assert number(-2.5) == -2.5
    assert number("1e-30") == 1e-30 and number(" 0.25 ") == 0.25 and number("-7") == -7.0
    for junk in ("", "  ", "abc", "1_000", "0x10", None, [1.0], {"a": 1}, (2,)):
        assert number(junk) is None, junk


def test_sixty_digit_decimal_strings():
    text = "0." + "3" * 60  # a high-precision value stored as text
    assert number(text) == pytest.approx(1 / 3, rel=1e-15)
    assert number("-" + "1" * 60) == pytest.approx(-float("1" * 60))
    assert number("1" * 60 + ".5", finite=True) == pytest.approx(1.111111111111111e59)
    # a decimal beyond the float range is a number, but not a finite float
    assert number("1e400") == math.inf and number("1e400", finite=True) is None
    assert number(10**400) == math.inf and number(10**400, finite=True) is None
    assert number(-(10**400)) == -math.inf


# -- statuses ------------------------------------------------------------------------------
def test_combine_is_the_weakest_and_empty_is_inconclusive():
    assert combine(["proved", "verified"]) == "verified"
    assert combine(["verified", "refuted", "error"]) == "refuted"
    assert combine([]) == "inconclusive"  # a check that recorded nothing decides nothing
    assert combine([], empty=None) is None  # the report asks for "nothing ran" explicitly
    with pytest.raises(ValueError):
        combine(["proved", "not run"])


def test_status_tables_agree():
    assert set(schema.STATUSES) == set(schema.WEAKEST_FIRST)
    assert set(schema.POSITIVE) | set(schema.UNDECIDED) | {schema.REFUTED} == set(schema.STATUSES)
    assert set(schema.METHOD_STATUS) == set(schema.METHODS)
    assert set(schema.METHOD_STATUS.values()) <= set(schema.POSITIVE)
    assert set(schema.STATUS_COLOURS) == set(schema.STATUSES)
    assert schema.expected_status("interval", "holds") == "certified"
    assert schema.expected_status("interval", "refuted") == "refuted"
    assert schema.expected_status("flow", "holds", override="inconclusive") == "inconclusive"


def test_core_uses_the_schema():
    from checks import core

    assert core.combine is schema.combine and core.METHOD_STATUS is schema.METHOD_STATUS
    assert core.STATUSES == schema.STATUSES


# -- hypotheses ----------------------------------------------------------------------------
def test_hypotheses_held_over_stored_instances():
    a, b = "$n\\le 10$", "$x>0$"
    v1 = {
        "metrics": {
            "instances": [
                {"params": {"n": 3}, "hypotheses": {a: True, b: True}},
                {"params": {"n": 12}, "hypotheses": {a: False, b: True}},
            ]
        }
    }
    v2 = {"metrics": {"instances": [{"params": {}, "hypotheses": {b: 1}}]}}  # truthy values count as held
    assert hypotheses_held([v1, v2]) == {a: False, b: True}
    assert hypotheses_held([v2], held={a: False}) == {a: False, b: True}  # folded into what is known
    assert hypotheses_held([{"metrics": {}}, {"metrics": None}, {"metrics": {"instances": ["junk"]}}]) == {}
    assert instance_held(v1["metrics"]["instances"][0]) is True
    assert instance_held(v1["metrics"]["instances"][1]) is False
    assert instance_held({"params": {}}) is None and instance_held("junk") is None


def test_reserved_metric_keys_are_what_run_check_writes(planted):
    """Every key the machine adds to a verdict's metrics is in the schema."""
    from checks.core import checks_for, run_check

    chk = next(c for c in checks_for("scratch/planted") if c.name == "bound")
    v = run_check(chk, overrides={"x": 9.0, "n": 10})  # refuted: a counterexample, overrides recorded
    assert v.status == "refuted"
    assert set(v.metrics) <= set(schema.RESERVED_METRICS)
    assert {
        schema.COMPARISONS,
        schema.INSTANCES,
        schema.COUNTEREXAMPLE,
        schema.OVERRIDES_READ,
        schema.OVERRIDES_UNUSED,
        schema.ITEMS,
    } <= set(v.metrics)
    for c in v.metrics[schema.COMPARISONS]:
        assert set(schema.COMPARISON_KEYS) <= set(c)
        assert set(c) - set(schema.COMPARISON_KEYS) <= set(schema.JUDGE_KEYS)
