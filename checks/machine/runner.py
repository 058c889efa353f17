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
    progress: Callable[[Run], Callable[[Verdict], None]] | None = None,
) -> list[Verdict]:
    """Run the checks (in this process, or on a pool of ``jobs`` processes, longest first);
    each verdict is stored (one transaction each) as it arrives. Returns the verdicts in the
    checks' order. ``cache``: see :data:`checks.machine.executor.CACHE_MODES`. ``progress``
    makes the verdict callback from the run (which knows the checks' expected seconds)."""
    tasks = [Task(c, dict(overrides or {})) for c in checks]
    with Run(store, budget, kind=kind, argv=argv, cache=cache) as run:
        if progress is not None:
            on_verdict = progress(run)
        return execute(run, tasks, choose(len(tasks), jobs=jobs), seed=0, on_verdict=on_verdict)


def write_json(verdicts: list[Verdict], path: str | Path) -> None:
    Path(path).write_text(json.dumps([v.record() for v in verdicts], indent=1, sort_keys=True, default=str))


def summary_line(verdicts: list[Verdict]) -> str:
    """Checks, statements, proof steps and invocations (by hypothesis discharge), each counted. A
    statement's own verdict is the weakest of its conclusion checks (bound to no proof step); a
    proof step's, the weakest of the checks bound to it (:mod:`checks.machine.proofs`): a broken
    step does not make its statement refuted, nor a statement's refutation its steps. The
    selected statements' steps that no check is bound to are counted as unchecked."""
    from checks.schema import combine
    from theorems.registry import REGISTRY

    from ..core import checks_for
    from .catalog import statement_entry
    from .proofs import discharge_summary, discharge_summary_text, step_summary, step_summary_text

    ok = sum(v.status == v.expected for v in verdicts)
    by_statement: dict[str, list[Verdict]] = {}
    for v in verdicts:
        if v.step is None:
            by_statement.setdefault(v.statement_id, []).append(v)
    statement_status = {sid: combine(v.status for v in vs) for sid, vs in by_statement.items()}
    statement_ok = sum(all(v.status == v.expected for v in vs) for vs in by_statement.values())

    def counts(statuses) -> str:
        tally: dict[str, int] = {}
        for s in statuses:
            tally[s] = tally.get(s, 0) + 1
        return ", ".join(f"{k} {n}" for k, n in sorted(tally.items()))

    line = (
        f"{len(verdicts)} checks: {ok} as expected, {len(verdicts) - ok} not ({counts(v.status for v in verdicts)}); "
        f"{len(by_statement)} statements: {statement_ok} as expected, {len(by_statement) - statement_ok} not "
        f"({counts(statement_status.values())})"
    )
    ran = {v.statement_id for v in verdicts}
    entries = [statement_entry(REGISTRY[sid], checks_for(sid)) for sid in dict.fromkeys(ran) if sid in REGISTRY]
    latest = {(v.statement_id, v.check): v.record() for v in verdicts}
    steps = step_summary_text(step_summary(entries, latest))
    only = sorted(ran - set(by_statement))
    if only:
        line += f"; {len(only)} statements checked through their proof steps only"
    # the invoked statements' entries (their hypotheses) besides those that ran
    invoked = {u for e in entries for u in e["uses"] or () if u in REGISTRY and u not in ran}
    others = [statement_entry(REGISTRY[u], []) for u in sorted(invoked)]
    uses = discharge_summary_text(discharge_summary(entries, latest, others))
    return "; ".join(x for x in (line, steps, uses) if x)


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    return f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"


class Progress:
    """What a long run says as it goes: each verdict (with its reason), or with ``quiet`` a
    progress line at most every ``every`` seconds on stderr; both with the count and an ETA.

    The ETA is the expected seconds of the checks still to run (the store's history, else the
    shipped table: :meth:`Run.expected_seconds`) scaled by this run's pace so far (elapsed wall
    time per expected second of the checks done, cached verdicts excluded)."""

    def __init__(self, checks, expected: dict, jobs: int, quiet: bool = False, every: float = 10.0):
        import time

        self.keys = [(c.statement_id, c.name) for c in checks]
        self.expected = {k: float(expected.get(k, 1.0)) for k in self.keys}
        self.total = len(self.keys)
        self.jobs, self.quiet, self.every = max(1, jobs), quiet, every
        self.start = self.last = time.perf_counter()
        self.done = 0
        self.not_expected = 0
        self.expected_done = 0.0  # expected seconds of the computed (not cached) checks done
        self.remaining = sum(self.expected.values())

    def eta(self, now: float) -> float:
        elapsed = now - self.start
        if self.expected_done > 0.05 * sum(self.expected.values()) and elapsed > 0:
            return self.remaining * elapsed / self.expected_done
        return self.remaining / self.jobs

    def __call__(self, v: Verdict) -> None:
        import time

        key = (v.statement_id, v.check)
        secs = self.expected.get(key, 0.0)
        self.done += 1
        self.remaining = max(0.0, self.remaining - secs)
        if not (v.metrics or {}).get("cache", {}).get("hit"):
            self.expected_done += secs
        self.not_expected += v.status != v.expected
        now = time.perf_counter()
        where = f"[{self.done}/{self.total}, eta {_duration(self.eta(now))}]"
        if not self.quiet:
            print_verdict(v, prefix=where)
        elif now - self.last >= self.every or self.done == self.total:
            self.last = now
            sys.stderr.write(
                f"ibv: {self.done}/{self.total} checks, {self.not_expected} not as expected, "
                f"{_duration(now - self.start)} elapsed, eta {_duration(self.eta(now))}\n"
            )
            sys.stderr.flush()


def print_verdict(v: Verdict, stream=None, prefix: str = "") -> None:
    stream = stream or sys.stdout  # at call time (a test's capture replaces sys.stdout)
    mark = "ok " if v.status == v.expected else "!! "
    stream.write(
        f"{mark}{prefix + ' ' if prefix else ''}{v.status:<12} (expected {v.expected:<9}) {v.statement_id} :: "
        f"{v.check}{f' [proof step {v.step}]' if v.step is not None else ''}  [{v.seconds:.1f}s] {v.message[:200]}\n"
    )
    stream.flush()
