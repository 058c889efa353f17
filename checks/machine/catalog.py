"""The catalog snapshot: every statement and its checks as plain data, for the report.

The report (``reports/render.py``) renders the store and this snapshot; it imports neither
the registry nor the checks (nor their engines). :func:`build_catalog` is the one place that
reads them for it::

    {"papers": [{"key", "file", "title", "authors", "year", "venue"}, ...],  # registry order
     "statements": [{"id", "paper", "kind", "number", "title",
                     "source": {"file", "section", "equations"}, "text",
                     "hypotheses": [text, ...],
                     "params": [{"name", "type", "default", "doc"}, ...],
                     "expect", "erratum", "corrects", "notes",
                     "uses": [id, ...] or None,                   # None: not declared yet
                     "steps": [{"id", "eq", "kind", "text", "expect", "erratum", "notes"}, ...],
                     "encoding": {"file", "line", "end", "code"} or None,  # its statement(...) call
                     "checks": [{"name", "method", "expected", "doc", "step",
                                 "code": {"file", "line", "end", "code"} or None}, ...]}, ...],
     "root": the checkout's folder (source files are relative to it),
     "warnings": [text, ...]}                               # what could not be loaded
"""

from __future__ import annotations

import inspect
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CODE_LINES = 160  # a longer function or encoding is cut (its file and lines are given)


def _rel(path: str | Path) -> str:
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _cut(lines: list[str]) -> str:
    text = "".join(lines[:CODE_LINES])
    return text + (f"    ... ({len(lines) - CODE_LINES} more lines)\n" if len(lines) > CODE_LINES else "")


@lru_cache(maxsize=64)
def _lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines(keepends=True)


def _top_level(line: str) -> bool:
    return bool(line.strip()) and not line[0].isspace() and not line.startswith(("#", ")", "]", "}"))


def _block(lines: list[str], at: int) -> tuple[int, int]:
    """The top-level block (an assignment, a decorated function) holding line ``at`` (0-based):
    from its first unindented line (decorators included) to the line before the next one."""
    first = at
    while first > 0 and not _top_level(lines[first]):
        first -= 1
    while first > 0 and lines[first - 1].startswith("@"):
        first -= 1
    head = first
    while head < len(lines) - 1 and lines[head].startswith("@"):
        head += 1
    last = max(at, head) + 1
    while last < len(lines) and not (_top_level(lines[last]) and not lines[last].startswith("@")):
        last += 1
    while last > first + 1 and not lines[last - 1].strip():
        last -= 1
    return first + 1, last  # 1-based, inclusive


@lru_cache(maxsize=64)
def _statement_lines(path: str) -> dict[str, int]:
    """The line (0-based) of each literal statement id opening a line of a module, e.g. the
    first argument of ``statement("<id>", ...)``."""
    out: dict[str, int] = {}
    for k, line in enumerate(_lines(path)):
        s = line.strip()
        if s.startswith('"') and s.endswith('",') and "/" in s and " " not in s:
            out.setdefault(s[1:-2], k)
    return out


def statement_encoding(s) -> dict | None:
    """Where a statement is encoded: the top-level block of its ``theorems`` module that
    registers it (found by the literal id), with the code."""
    for path in sorted((ROOT / "theorems").glob("*.py")):
        try:
            at = _statement_lines(str(path)).get(s.id)
        except OSError:
            continue
        if at is not None:
            lines = _lines(str(path))
            first, last = _block(lines, at)
            return {"file": _rel(path), "line": first, "end": last, "code": _cut(lines[first - 1 : last])}
    return None


def check_code(fn) -> dict | None:
    """A check function's file, lines and source."""
    try:
        fn = inspect.unwrap(fn)
        path = inspect.getsourcefile(fn)
        lines = _lines(path)
        first, last = _block(lines, fn.__code__.co_firstlineno - 1)
    except (OSError, TypeError, AttributeError, IndexError):
        return None
    return {"file": _rel(path), "line": first, "end": last, "code": _cut(lines[first - 1 : last])}


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
        "encoding": statement_encoding(s),
        "checks": [
            {
                "name": c.name,
                "method": c.method,
                "expected": c.expected,
                "doc": c.doc,
                "step": c.step,
                "code": check_code(c.fn),
            }
            for c in checks
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
        "papers": [
            {
                "key": p.key,
                "file": p.file,
                "title": p.title,
                "authors": getattr(p, "authors", ""),
                "year": getattr(p, "year", None),
                "venue": getattr(p, "venue", ""),
            }
            for p in PAPER_LIST
        ],
        "root": str(ROOT),
        "statements": entries,
        "warnings": warnings,
    }
