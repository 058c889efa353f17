"""Probing a statement's checks on parameters the papers never tried.

Every value is validated against the statement's parameter domain before anything runs
(bad input is an error); values that only break the statement's hypotheses are run, and
the probe says, instance by instance, whether the hypotheses held and what the verdict was.
"""
from __future__ import annotations

from theorems.registry import REGISTRY, ParamError, Statement, load_all

from .core import Verdict, checks_for


def parse_assignments(stmt: Statement, assignments: list[str]) -> dict:
    out = {}
    for a in assignments:
        if "=" not in a:
            raise ParamError(f"--set {a!r}: expected NAME=VALUE")
        name, raw = a.split("=", 1)
        name = name.strip()
        if name in out:
            raise ParamError(f"--set {name} given twice")
        out[name] = stmt.param(name).parse(raw)
    return out


def resolve(statement_id: str) -> Statement:
    load_all()
    if statement_id not in REGISTRY:
        raise ParamError(f"unknown statement id {statement_id!r} (see 'ibv list')")
    return REGISTRY[statement_id]


def probe_summary(stmt: Statement, verdicts: list[Verdict]) -> list[str]:
    """One line per (check, instance): hypotheses held?, and the instance's weakest status."""
    from .core import combine

    lines = []
    for v in verdicts:
        comps = v.metrics.get("comparisons", [])
        for inst in v.metrics.get("instances", []):
            params = inst["params"]
            held = inst["hypotheses"]
            mine = [c["status"] for c in comps if c.get("instance") == params]
            status = combine(mine) if mine else v.status
            hyp = "hypotheses held" if all(held.values()) else "hypotheses NOT held: " + "; ".join(k for k, ok in held.items() if not ok)
            shown = ", ".join(f"{k}={params[k]}" for k in sorted(params) if params[k] is not None)
            lines.append(f"{v.check}: {status:<12} {hyp}  [{shown}]")
        if not v.metrics.get("instances"):
            lines.append(f"{v.check}: {v.status:<12} {v.message}")
    return lines


def probe(stmt: Statement, overrides: dict, budget: str = "quick", store=None, argv=None) -> list[Verdict]:
    from .runner import run_checks

    chks = checks_for(stmt.id)
    return run_checks(chks, store, budget=budget, kind="probe", overrides=overrides, argv=argv)
