"""Runs checks, streams their verdicts into the store, and compares with expectations."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from theorems.registry import statements

from ..core import CHECKS, Check, Verdict, load_checks
from .executor import Run, Task, choose, execute
from .store import Store


def select_checks(ids: Iterable[str] | None = None, paper: str | None = None) -> list[Check]:
    """The checks of the named statements (all when none named), in registry order."""
    load_checks()
    stmts = statements(paper=paper, ids=list(ids) if ids else None)
    wanted = {s.id for s in stmts}
    return [c for c in CHECKS.values() if c.statement_id in wanted]


def run_checks(
    checks: list[Check],
    store: Store | None,
    budget: str = "quick",
    kind: str = "run",
    overrides: dict | None = None,
    jobs: int = 1,
    argv: list[str] | None = None,
    on_verdict: Callable[[Verdict], None] | None = None,
    cache: str = "use",
) -> list[Verdict]:
    """Run the checks (in this process, or on a pool of ``jobs`` processes, longest first);
    each verdict is stored (one transaction each) as it arrives. Returns the verdicts in the
    checks' order. ``cache``: see :data:`checks.machine.executor.CACHE_MODES`."""
    tasks = [Task(c, dict(overrides or {})) for c in checks]
    with Run(store, budget, kind=kind, argv=argv, cache=cache) as run:
        return execute(run, tasks, choose(len(tasks), jobs=jobs), seed=0, on_verdict=on_verdict)


def write_json(verdicts: list[Verdict], path: str | Path) -> None:
    Path(path).write_text(json.dumps([v.record() for v in verdicts], indent=1, sort_keys=True, default=str))


def summary_line(verdicts: list[Verdict]) -> str:
    ok = sum(v.status == v.expected for v in verdicts)
    bad = len(verdicts) - ok
    counts: dict[str, int] = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    by = ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))
    return f"{ok} as expected, {bad} not ({by})"


def print_verdict(v: Verdict, stream=None) -> None:
    stream = stream or sys.stdout  # at call time (a test's capture replaces sys.stdout)
    mark = "ok " if v.status == v.expected else "!! "
    stream.write(
        f"{mark}{v.status:<12} (expected {v.expected:<9}) {v.statement_id} :: {v.check}  [{v.seconds:.1f}s] "
        f"{v.message[:120]}\n"
    )
    stream.flush()
