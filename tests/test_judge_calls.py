"""Every judge call in the paper checks can be trusted by its form (AST over ``checks/``).

The judges refuse, at run time, what they can see is not evidence (a float to ``exact``, a
comparison of inexact numbers without an error estimate). What they cannot see is where an
error estimate came from: a number typed into the call is not a measurement. So, over every
paper module of ``checks/``:

* no error estimate is a numeric literal (``err=1e-12`` "taken as");
* ``exact`` is called in its operand form (``lhs, rel, rhs``), so that the judge sees the operands;
* the removed trusting forms (``fact``, ``bound(certified=True)``) are gone;

and over ``theorems/``: no hypothesis is a constant predicate (``lambda p: True`` is a
hypothesis nobody checks, ``lambda p: False`` one that no instance can meet).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAPER_CHECKS = sorted(p for p in (ROOT / "checks").glob("*.py") if p.stem not in ("__init__", "core", "schema"))
THEOREMS = sorted(p for p in (ROOT / "theorems").glob("*.py") if p.stem not in ("__init__", "registry"))
# the positional index of the error estimate in each judge's signature (after the label)
ERR_POSITION = {"agree": 4, "cross_check": 4, "bound": 3}


def _judge_calls(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            yield node.func.attr, node


def _is_number(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool)


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{node.lineno}"


@pytest.mark.parametrize("path", PAPER_CHECKS, ids=lambda p: p.stem)
def test_no_error_estimate_is_typed_in(path):
    typed = []
    for name, call in _judge_calls(path):
        if name not in ERR_POSITION:
            continue
        err = {k.arg: k.value for k in call.keywords}.get("err")
        if err is None and len(call.args) > ERR_POSITION[name]:
            err = call.args[ERR_POSITION[name]]
        if err is not None and _is_number(err):
            typed.append(_where(path, call))
    assert not typed, f"error estimates typed in, not measured: {typed}"


@pytest.mark.parametrize("path", PAPER_CHECKS, ids=lambda p: p.stem)
def test_judges_are_called_in_their_checking_forms(path):
    bad = []
    for name, call in _judge_calls(path):
        if name == "fact":
            bad.append(f"{_where(path, call)}: fact() was removed (bound/exact/proportion/observe)")
        if name == "bound" and any(k.arg == "certified" for k in call.keywords):
            bad.append(f"{_where(path, call)}: bound(certified=...) was removed (arb operands certify)")
        if name == "exact" and len(call.args) + sum(k.arg in ("lhs", "rel", "rhs") for k in call.keywords) < 4:
            bad.append(f"{_where(path, call)}: exact() takes (label, lhs, rel, rhs)")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", THEOREMS, ids=lambda p: p.stem)
def test_no_hypothesis_is_a_constant_predicate(path):
    constant = []
    for node in ast.walk(ast.parse(path.read_text())):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Hypothesis"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Lambda)
            and isinstance(node.args[1].body, ast.Constant)
        ):
            constant.append(_where(path, node))
    assert not constant, f"hypotheses that are constant predicates: {constant}"
