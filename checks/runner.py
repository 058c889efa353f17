"""Runs checks, streams their verdicts into the store, and compares with expectations."""
from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Callable, Iterable

from theorems.registry import statements

from .core import CHECKS, Check, Verdict, load_checks, run_check
from .store import Store


def select_checks(ids: Iterable[str] | None = None, paper: str | None = None) -> list[Check]:
    """The checks of the named statements (all when none named), in registry order."""
    load_checks()
    stmts = statements(paper=paper, ids=list(ids) if ids else None)
    wanted = {s.id for s in stmts}
    return [c for c in CHECKS.values() if c.statement_id in wanted]


def _run_one(key: str, budget: str, overrides: dict, seed: int) -> Verdict:
    load_checks()
    return run_check(CHECKS[key], budget=budget, overrides=overrides, seed=seed)


def run_checks(
    checks: list[Check],
    store: Store | None,
    budget: str = "quick",
    kind: str = "run",
    overrides: dict | None = None,
    jobs: int = 1,
    argv: list[str] | None = None,
    on_verdict: Callable[[Verdict], None] | None = None,
) -> list[Verdict]:
    """Run the checks; each verdict is stored (one transaction each) as it arrives."""
    run_id = None
    if store is not None:
        store.mark_interrupted_runs()
        run_id = store.start_run(budget, kind=kind, argv=argv)
    verdicts: list[Verdict] = []

    def accept(v: Verdict) -> None:
        verdicts.append(v)
        if store is not None:
            store.add_verdict(run_id, v)
        if on_verdict:
            on_verdict(v)

    try:
        if jobs <= 1 or len(checks) <= 1:
            for c in checks:
                accept(run_check(c, budget=budget, overrides=overrides))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futs = [pool.submit(_run_one, c.key, budget, overrides or {}, 0) for c in checks]
                for f in as_completed(futs):
                    accept(f.result())
    except BaseException:
        if store is not None:
            store.finish_run(run_id, "incomplete")
        raise
    if store is not None:
        store.finish_run(run_id, "complete")
    order = {c.key: i for i, c in enumerate(checks)}
    verdicts.sort(key=lambda v: order.get(f"{v.statement_id}::{v.check}", 0))
    return verdicts


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


def print_verdict(v: Verdict, stream=sys.stdout) -> None:
    mark = "ok " if v.status == v.expected else "!! "
    stream.write(f"{mark}{v.status:<12} (expected {v.expected:<9}) {v.statement_id} :: {v.check}  [{v.seconds:.1f}s] {v.message[:120]}\n")
    stream.flush()
