"""The catalog snapshot: every statement and its checks as plain data, for the report.

The report (``reports/render.py``) renders the store and this snapshot; it imports neither
the registry nor the checks (nor their engines). :func:`build_catalog` is the one place that
reads them for it::

    {"papers": [{"key", "file", "title"}, ...],           # in the registry's order
     "statements": [{"id", "paper", "kind", "number", "title",
                     "source": {"file", "section", "equations"}, "text",
                     "hypotheses": [text, ...],
                     "params": [{"name", "type", "default", "doc"}, ...],
                     "expect", "erratum", "corrects", "notes",
                     "uses": [id, ...] or None,                   # None: not declared yet
                     "steps": [{"id", "eq", "kind", "text", "expect", "erratum", "notes"}, ...],
                     "checks": [{"name", "method", "expected", "doc", "step"}, ...]}, ...],  # paper order
     "warnings": [text, ...]}                               # what could not be loaded
"""

from __future__ import annotations

from typing import Any


def _plain(x: Any) -> Any:
    """A parameter default as plain data (numbers, text, flags, lists; anything else as text)."""
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    return str(x)


def statement_entry(s, checks: list) -> dict:
    """One statement (a ``theorems.registry.Statement``) and its checks as plain data."""
    return {
        "id": s.id,
        "paper": s.paper,
        "kind": s.kind,
        "number": s.number,
        "title": s.title,
        "source": {"file": s.source.file, "section": s.source.section, "equations": s.source.equations},
        "text": s.text,
        "hypotheses": [h.text for h in s.hypotheses],
        "params": [
            {"name": p.name, "type": p.type.__name__, "default": _plain(p.default), "doc": p.doc} for p in s.params
        ],
        "expect": s.expect,
        "erratum": s.erratum,
        "corrects": s.corrects,
        "notes": s.notes,
        "uses": None if s.uses is None else list(s.uses),
        "steps": [
            {
                "id": s.step_id(st.eq),
                "eq": st.eq,
                "kind": st.kind,
                "text": st.text,
                "expect": st.expect,
                "erratum": st.erratum,
                "notes": st.notes,
            }
            for st in s.steps
        ],
        "checks": [
            {"name": c.name, "method": c.method, "expected": c.expected, "doc": c.doc, "step": c.step} for c in checks
        ],
    }


def build_catalog() -> dict:
    """The snapshot of the registry (every paper, every statement in paper order) and of the
    checks bound to each statement. Checks that cannot be loaded leave a warning (the report
    still shows what the store holds)."""
    from theorems.registry import PAPER_LIST, load_all

    from ..core import CHECKS, load_checks

    warnings: list[str] = []
    registry = load_all()
    try:
        load_checks()
    except Exception as exc:
        warnings.append(
            f"the checks could not be loaded ({type(exc).__name__}: {exc}); checks that did not run are not listed"
        )
    by_stmt: dict[str, list] = {}
    for c in list(CHECKS.values()):
        if c.statement_id in registry:
            by_stmt.setdefault(c.statement_id, []).append(c)
    order = {p.key: i for i, p in enumerate(PAPER_LIST)}
    stmts = sorted(
        registry.values(), key=lambda s: order.get(s.paper, len(order))
    )  # stable: registry order within a paper
    entries = []
    for s in stmts:
        try:
            entries.append(statement_entry(s, by_stmt.get(s.id, [])))
        except Exception as exc:  # a check whose expectation cannot be worked out
            warnings.append(f"{s.id}: its checks could not be listed ({type(exc).__name__}: {exc})")
            entries.append(statement_entry(s, []))
    return {
        "papers": [{"key": p.key, "file": p.file, "title": p.title} for p in PAPER_LIST],
        "statements": entries,
        "warnings": warnings,
    }
