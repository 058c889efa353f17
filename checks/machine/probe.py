"""Probing a statement's checks on parameters the papers never tried ("does it still hold if...?").

Every value is validated against the statement's parameter domain before anything runs (bad
input is an error, nothing is stored); values that only break the statement's hypotheses are
run, and the probe says, instance by instance, whether the hypotheses held and what the
verdict was.

Instances come from ``--set`` (one instance), ``--grid`` (a Cartesian sweep over one or more
parameters), ``--samples N`` (drawn from the statement's Hypothesis strategy, ``--set`` values
fixed), or ``--search``: for a statement with a margin, the domain search of its
``domain-search`` check (:func:`margin_search`, checks/machine/search.py: the domain's edges, then
Hypothesis with ``target()`` towards the smallest margin, a violation shrunk; ``--grid`` ranges
bound it); for one without, a Hypothesis search that maximises its checks' violation margins
(:func:`search`).

Storage (schema of checks/machine/store.py): a probe is a run of kind ``probe``. Each (check, instance)
is an ordinary verdict row whose ``params`` are the instance's overrides. What belongs to the
whole probe is stored as run artifacts (table ``run_artifacts``): ``probe-summary``
(application/json, see :func:`summarise`) and, for a sweep over one or two parameters (or
samples varying two), ``phase-diagram`` (image/svg+xml); a search adds ``search``
(application/json: the evaluations' margins and the smallest violating instance).

Scale: with more than one task (and ``--workers`` not 1), the tasks run on Dask -- a local
cluster of ``--workers`` processes (default: the machine's cores) or an existing cluster
(``--scheduler ADDRESS``), longest first (checks/machine/executor.py, the executor and run
lifecycle ``ibv run`` shares). Results are stored from the client as they complete, so one
process writes the store. A sweep's run carries a key (statement, checks, budget, seed,
instance list); running the same sweep after an interruption resumes into that run and skips
the (check, instance) pairs already stored.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from theorems.registry import REGISTRY, ParamError, Statement, load_all

from .. import schema
from ..core import Check, Verdict, _fmt, checks_for, run_check
from ..schema import STATUS_COLOURS, combine
from .executor import InProcess, Run, Task, choose, execute

# An instance at which no check read the probe's overrides (every check ran its own values)
NOT_APPLICABLE = "not applicable"

# Absurd sweep sizes are bad input, like absurd parameter values.
MAX_AXIS_POINTS = 1000
MAX_INSTANCES = 10_000
MAX_SAMPLES = 10_000
# The CPU cap of a probe's margin search when none is given: one search a user waits for, not one
# of two hundred in the quick suite (the budget's own cap when larger).
PROBE_SEARCH_SECONDS = 5.0


# ---------------------------------------------------------------------------------------
# Parsing and validation
# ---------------------------------------------------------------------------------------
def resolve(statement_id: str) -> Statement:
    load_all()
    if statement_id not in REGISTRY:
        raise ParamError(f"unknown statement id {statement_id!r} (see 'ibv list')")
    return REGISTRY[statement_id]


def _split(arg: str, flag: str) -> tuple[str, str]:
    if "=" not in arg:
        raise ParamError(f"{flag} {arg!r}: expected NAME=VALUE")
    name, raw = arg.split("=", 1)
    name = name.strip()
    if not name:
        raise ParamError(f"{flag} {arg!r}: expected NAME=VALUE")
    return name, raw.strip()


def parse_assignments(stmt: Statement, assignments: list[str]) -> dict:
    out = {}
    for a in assignments:
        name, raw = _split(a, "--set")
        if name in out:
            raise ParamError(f"--set {name} given twice")
        out[name] = stmt.param(name).parse(raw)
    return stmt.check_instance(out)


@dataclass
class Axis:
    """One ``--grid`` axis: its values, and its range when given as one (for ``--search``)."""

    name: str
    values: list
    low: Any = None
    high: Any = None
    geometric: bool = False


def _dec(text: str, what: str) -> Decimal:
    try:
        d = Decimal(text.strip())
    except InvalidOperation:
        raise ParamError(f"{what}: {text!r} is not a number") from None
    if not d.is_finite():
        raise ParamError(f"{what}: {text!r} must be a finite number")
    return d


def parse_grid(stmt: Statement, spec: str) -> Axis:
    """``NAME=a..b`` (integers, step 1), ``NAME=a..b:step``, ``NAME=a..b:*factor``
    (geometric), or ``NAME=v1,v2,...``; every value validated against the domain."""
    name, raw = _split(spec, "--grid")
    p = stmt.param(name)
    what = f"--grid {name}"
    if ".." in raw and p.type in (int, float):
        rng, _, step_text = raw.partition(":")
        a_text, _, b_text = rng.partition("..")
        a, b = _dec(a_text, what), _dec(b_text, what)
        if a > b:
            raise ParamError(f"{what}: empty range {a_text}..{b_text} (a > b)")
        geometric = step_text.strip().startswith(("*", "x"))
        if geometric:
            f = _dec(step_text.strip()[1:], what)
            if f <= 1:
                raise ParamError(f"{what}: a geometric factor must be > 1")
            if a <= 0:
                raise ParamError(f"{what}: a geometric range needs a > 0")
            raws, v = [], a
            while v <= b * (1 + Decimal("1e-12")):
                raws.append(v)
                if len(raws) > MAX_AXIS_POINTS:
                    break
                v = v * f
        else:
            if step_text.strip():
                step = _dec(step_text, what)
            elif p.type is int:
                step = Decimal(1)
            else:
                raise ParamError(
                    f"{what}: a range of a real parameter needs a step: {name}=a..b:step or {name}=a..b:*factor"
                )
            if step <= 0:
                raise ParamError(f"{what}: the step must be > 0")
            n = int((b - a) / step + Decimal("1e-9")) + 1
            if n > MAX_AXIS_POINTS:
                raise ParamError(f"{what}: {n} points, more than {MAX_AXIS_POINTS} on one axis")
            raws = [a + i * step for i in range(n)]
        if len(raws) > MAX_AXIS_POINTS:
            raise ParamError(f"{what}: more than {MAX_AXIS_POINTS} points on one axis")
        values = [p.parse(format(v.normalize(), "f") if p.type is int else repr(float(v))) for v in raws]
        lo, hi = (
            p.parse(format(a, "f") if p.type is int else repr(float(a))),
            p.parse(format(b, "f") if p.type is int else repr(float(b))),
        )
        return Axis(name, _unique(values), lo, hi, geometric)
    items = [t for t in raw.split(",")]
    if not raw or any(not t.strip() for t in items):
        raise ParamError(f"{what}: expected a..b[:step] or a comma-separated list of values")
    if len(items) > MAX_AXIS_POINTS:
        raise ParamError(f"{what}: more than {MAX_AXIS_POINTS} points on one axis")
    return Axis(name, _unique([p.parse(t) for t in items]))


def _unique(values: list) -> list:
    out = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def grid_instances(fixed: dict, axes: list[Axis]) -> list[dict]:
    names = [a.name for a in axes]
    if len(set(names)) != len(names):
        raise ParamError("--grid: a parameter given twice")
    both = set(names) & set(fixed)
    if both:
        raise ParamError(f"--grid {sorted(both)[0]}: also given with --set")
    total = math.prod(len(a.values) for a in axes) if axes else 1
    if total > MAX_INSTANCES:
        raise ParamError(f"--grid: {total} instances, more than {MAX_INSTANCES}")
    return [{**fixed, **dict(zip(names, combo))} for combo in itertools.product(*[a.values for a in axes])]


def canonical(params: dict) -> str:
    """The stored form of an instance's overrides (as ``verdicts.params``)."""
    return json.dumps(_fmt(dict(params)), sort_keys=True)


class _Enough(Exception):
    pass


def sample_instances(stmt: Statement, fixed: dict, n: int, seed: int) -> list[dict]:
    """``n`` distinct instances drawn from the statement's Hypothesis strategy (``fixed``
    overriding what it draws), deterministic for a seed."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed

    if not 1 <= n <= MAX_SAMPLES:
        raise ParamError(f"--samples {n}: must be between 1 and {MAX_SAMPLES}")
    out: list[dict] = []
    seen: set[str] = set()

    @hseed(seed)
    @settings(
        max_examples=max(10 * n, 50),
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(stmt.instance_strategy(fixed))
    def collect(params):
        key = canonical(params)
        if key not in seen:
            seen.add(key)
            out.append(params)
        if len(out) >= n:
            raise _Enough

    try:
        collect()
    except _Enough:
        pass
    return out[:n]


# ---------------------------------------------------------------------------------------
# Margins and summaries
# ---------------------------------------------------------------------------------------
def _num(x) -> float | None:
    return schema.number(x, finite=True)


def violation_margin(v: Verdict | dict) -> float:
    """How far a verdict is from refuting, as one number (> 0: violated). Agreements give
    ``discrepancy / tolerance - 1``, bounds the relative slack ``-slack / max(|lhs|, |rhs|)``,
    qualitative items +1 (refuted), 0 (undecided) or -1."""
    metrics = v.metrics if isinstance(v, Verdict) else v["metrics"]
    status = v.status if isinstance(v, Verdict) else v["status"]
    worst = None
    for c in metrics.get(schema.COMPARISONS, []):
        m = None
        disc, tol = _num(c.get("discrepancy")), _num(c.get("tolerance"))
        slack = _num(c.get("slack"))
        if disc is not None and tol is not None and tol > 0:
            m = disc / tol - 1.0
        elif slack is not None:
            scale = max(abs(_num(c.get("lhs")) or 0.0), abs(_num(c.get("rhs")) or 0.0), 1e-300)
            m = -slack / scale
        elif c.get("status") == "refuted":
            m = 1.0
        elif c.get("status") in schema.UNDECIDED:
            m = 0.0
        else:
            m = -1.0
        worst = m if worst is None else max(worst, m)
    if worst is None:
        worst = 1.0 if status == "refuted" else (0.0 if status in schema.UNDECIDED else -1.0)
    return worst


def _held(stmt: Statement, params: dict, verdicts: list[dict]) -> dict[str, bool]:
    """The statement's hypotheses on an instance: on its parameters (defaults completed), and
    on every inner instance a check ran for it (a hypothesis failing on any is not held)."""
    return schema.hypotheses_held(verdicts, stmt.hypotheses_hold({**stmt.defaults(), **params}))


def summarise(stmt: Statement, verdicts: list[dict], mode: str = "set", axes: list[str] | None = None) -> dict:
    """The probe's summary from its verdict records (dicts as stored): per instance the
    hypotheses, each check's status and headline metrics; where the conclusion fails and
    whether the failing instances satisfy the hypotheses (a counterexample to the statement)
    or not (evidence that a hypothesis is needed); overrides a check did not read."""
    # a proof step's check judges the step, not the conclusion (issue 19): shown, not counted
    step_of = {c.name: c.step for c in checks_for(stmt.id)}
    by_inst: dict[str, list[dict]] = {}
    for v in verdicts:
        by_inst.setdefault(canonical(v["params"]), []).append(v)
    instances = []
    unused: dict[str, set] = {}
    for key, vs in by_inst.items():
        params = json.loads(key)
        held = _held(stmt, params, vs)
        checks = {}
        for v in vs:
            m = v["metrics"]
            checks[v["check_name"] if "check_name" in v else v["check"]] = {
                "status": v["status"],
                "expected": v["expected"],
                "margin": violation_margin(v),
                **{k: m[k] for k in (schema.MIN_DIGITS, schema.MIN_SLACK_RATIO) if k in m},
                **({schema.OVERRIDES_UNUSED: m[schema.OVERRIDES_UNUSED]} if m.get(schema.OVERRIDES_UNUSED) else {}),
                **({schema.COUNTEREXAMPLE: m[schema.COUNTEREXAMPLE]} if m.get(schema.COUNTEREXAMPLE) else {}),
            }
            for name in m.get(schema.OVERRIDES_UNUSED, []) or []:
                unused.setdefault(name, set()).add(v.get("check_name") or v.get("check"))
        # a check that did not read an override computed at values other than the instance's:
        # not applicable there (its verdict is shown, never counted for the instance)
        read = {name for name, c in checks.items() if not c.get(schema.OVERRIDES_UNUSED)}
        applicable = {name: c for name, c in checks.items() if name in read and step_of.get(name) is None}
        instances.append(
            {
                "params": params,
                "hypotheses": held,
                "hypotheses_held": all(held.values()),
                "status": combine(c["status"] for c in applicable.values()) if applicable else NOT_APPLICABLE,
                "checks": checks,
                "not_applicable": sorted(set(checks) - read),
                "margin": max((c["margin"] for c in applicable.values()), default=-math.inf),
            }
        )
    fails = [i for i in instances if i["status"] == "refuted"]
    counter = [i for i in fails if i["hypotheses_held"]]
    outside = [i for i in fails if not i["hypotheses_held"]]
    holds_outside = [i for i in instances if i["status"] in schema.POSITIVE and not i["hypotheses_held"]]
    lines = []
    n = len(instances)
    counts: dict[str, int] = {}
    for i in instances:
        counts[i["status"]] = counts.get(i["status"], 0) + 1
    lines.append(f"{stmt.id}: {n} instance(s): " + ", ".join(f"{k} {c}" for k, c in sorted(counts.items())))
    if not fails:
        lines.append("the conclusion held (or was undecided) on every instance")
    if counter:
        what = (
            "as expected: the statement is refuted as printed (see its erratum)"
            if stmt.expect == "refuted"
            else "COUNTEREXAMPLES to the statement"
        )
        lines.append(
            f"the conclusion fails on {len(counter)} instance(s) that satisfy the hypotheses: {what}: "
            + "; ".join(_show(i["params"]) for i in counter[:5])
            + (" ..." if len(counter) > 5 else "")
        )
    if outside:
        lines.append(
            f"the conclusion fails on {len(outside)} instance(s) outside the hypotheses (evidence that a hypothesis "
            "is needed): "
            + "; ".join(
                _show(i["params"]) + " [not held: " + ", ".join(t for t, ok in i["hypotheses"].items() if not ok) + "]"
                for i in outside[:5]
            )
            + (" ..." if len(outside) > 5 else "")
        )
    if holds_outside:
        lines.append(
            f"the conclusion holds on {len(holds_outside)} instance(s) outside the hypotheses (a hypothesis may be "
            "stronger than needed there)"
        )
    step_fails: dict[str, list[dict]] = {}
    for i in instances:
        for name, c in i["checks"].items():
            failing = step_fails.setdefault(step_of[name], []) if step_of.get(name) is not None else []
            if c["status"] == schema.REFUTED and i["hypotheses_held"] and i not in failing:
                failing.append(i)
    for eq, insts in sorted((eq, insts) for eq, insts in step_fails.items() if insts):
        known = stmt.step(eq).expect == "refuted"
        lines.append(
            f"proof step {eq} fails on {len(insts)} instance(s) inside the hypotheses "
            f"({'as expected: a proof erratum' if known else 'a PROOF ERRATUM not recorded'}; the conclusion is "
            "judged apart): " + "; ".join(_show(i["params"]) for i in insts[:5]) + (" ..." if len(insts) > 5 else "")
        )
    undecided = [i for i in instances if i["status"] in schema.UNDECIDED]
    errors = [i for i in instances if any(c["status"] == schema.ERROR for c in i["checks"].values())]
    if undecided:
        lines.append(
            f"{len(undecided)} instance(s) undecided (inconclusive or error): "
            + "; ".join(_show(i["params"]) for i in undecided[:5])
            + (" ..." if len(undecided) > 5 else "")
        )
    for name, chks in sorted(unused.items()):
        lines.append(
            f"not applicable: check(s) {', '.join(sorted(chks))} did not read the override {name} (they run their "
            "own instances): their verdicts are shown but not counted for these instances"
        )
    if instances and all(i["status"] == NOT_APPLICABLE for i in instances):
        lines.append("no check read the overrides: the probe says nothing about these instances")
    return {
        "statement_id": stmt.id,
        "expect": stmt.expect,
        "mode": mode,
        "axes": list(axes or []),
        "instances": instances,
        "counts": counts,
        "counterexamples": [i["params"] for i in counter],
        "fails_outside_hypotheses": [i["params"] for i in outside],
        "holds_outside_hypotheses": [i["params"] for i in holds_outside],
        "overrides_unused": {k: sorted(v) for k, v in unused.items()},
        "errors": [i["params"] for i in errors],
        "lines": lines,
    }


def _show(params: dict) -> str:
    return ", ".join(f"{k}={params[k]}" for k in sorted(params) if params[k] is not None) or "(defaults)"


def instance_lines(summary: dict) -> list[str]:
    """One line per instance: its status, the hypotheses, the checks' statuses."""
    out = []
    for i in summary["instances"]:
        hyp = (
            "hypotheses held"
            if i["hypotheses_held"]
            else "hypotheses NOT held: " + "; ".join(t for t, ok in i["hypotheses"].items() if not ok)
        )
        checks = ", ".join(f"{name} {c['status']}" for name, c in i["checks"].items())
        out.append(f"{i['status']:<12} [{_show(i['params'])}] {hyp}; {checks}")
    return out


def phase_diagram(summary: dict, names: list[str], fmt: str = "svg") -> str | bytes | None:
    """The instances over one or two parameters (numeric, or categorical such as a fixture),
    coloured by status; filled markers where the hypotheses held, hollow squares where not."""
    if not 1 <= len(names) <= 2 or not summary["instances"]:
        return None
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    coords = []  # per axis: (positions per instance, tick labels or None, log scale)
    for n in names:
        raw = [i["params"].get(n) for i in summary["instances"]]
        nums = [_num(v) for v in raw]
        if all(v is not None for v in nums):
            log = min(nums) > 0 and max(nums) / min(nums) >= 100
            coords.append((nums, None, log))
        else:
            cats = _unique([json.dumps(v) for v in raw])
            coords.append(([cats.index(json.dumps(v)) for v in raw], [json.loads(c) for c in cats], False))
    fig, ax = plt.subplots(figsize=(6.4, 4.8) if len(names) == 2 else (6.4, 2.2))
    seen = set()
    for k, i in enumerate(summary["instances"]):
        x = coords[0][0][k]
        y = coords[1][0][k] if len(names) == 2 else 0.0
        colour = STATUS_COLOURS.get(i["status"], "#888888")
        held = i["hypotheses_held"]
        label = f"{i['status']}, hypotheses {'held' if held else 'not held'}"
        ax.scatter(
            [x],
            [y],
            s=90,
            c=colour if held else "none",
            edgecolors=colour,
            marker="o" if held else "s",
            linewidths=1.8,
            label=None if label in seen else label,
        )
        seen.add(label)
    for k, (pos, ticks, log) in enumerate(coords):
        set_scale, set_ticks, set_labels = (
            (ax.set_xscale, ax.set_xticks, ax.set_xticklabels)
            if k == 0
            else (ax.set_yscale, ax.set_yticks, ax.set_yticklabels)
        )
        if log:
            set_scale("log")
        if ticks is not None:
            set_ticks(range(len(ticks)))
            set_labels([str(t) for t in ticks])
    ax.set_xlabel(names[0])
    if len(names) == 2:
        ax.set_ylabel(names[1])
    else:
        ax.set_yticks([])
    ax.set_title(f"{summary['statement_id']}: verdict per instance")
    ax.legend(
        fontsize=7,
        loc="upper left",
        bbox_to_anchor=(1.02, 1.0),
        title="filled: hypotheses held\nhollow square: not held",
        title_fontsize=7,
    )
    buf = io.StringIO() if fmt == "svg" else io.BytesIO()
    fig.savefig(buf, format=fmt, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------
# Execution
# ---------------------------------------------------------------------------------------
class Progress:
    """A one-line progress bar on stderr (only on a terminal unless forced), with an ETA: each
    remaining task's expected seconds -- the mean of its check's tasks done in this probe, else
    the store's history of that check at the budget (a probe's values may cost more: an honest
    ETA grows as the first slow instances finish) -- over the workers."""

    def __init__(
        self,
        total: int,
        done: int = 0,
        enabled: bool | None = None,
        stream=None,
        remaining: list[tuple[str, float]] | None = None,
        workers: int = 1,
    ):
        self.stream = stream or sys.stderr
        self.total, self.done, self.start = total, done, time.time()
        self.first = done
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.counts: dict[str, int] = {}
        self.remaining = list(remaining or [])  # (check name, expected seconds) of the tasks to run
        self.observed: dict[str, list[float]] = {}
        self.workers = max(1, workers)

    def eta(self) -> float:
        def cost(name: str, expected: float) -> float:
            seen = self.observed.get(name)
            return sum(seen) / len(seen) if seen else expected

        return sum(cost(n, e) for n, e in self.remaining) / self.workers

    def update(self, v: Verdict) -> None:
        self.done += 1
        self.counts[v.status] = self.counts.get(v.status, 0) + 1
        self.observed.setdefault(v.check, []).append(v.seconds)
        for k, (name, _) in enumerate(self.remaining):
            if name == v.check:
                del self.remaining[k]
                break
        if not self.enabled:
            return
        frac = self.done / max(self.total, 1)
        bar = "#" * int(30 * frac)
        tally = " ".join(f"{k} {n}" for k, n in sorted(self.counts.items()))
        elapsed = time.time() - self.start
        self.stream.write(
            f"\r  probe {self.done}/{self.total} [{bar:<30}] {tally}  {elapsed:,.0f}s elapsed, eta {self.eta():,.0f}s "
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def sweep_key(stmt: Statement, checks: list[Check], instances: list[dict], budget: str, seed: int) -> str:
    h = hashlib.sha256()
    h.update(
        json.dumps(
            {
                "statement": stmt.id,
                "checks": [c.name for c in checks],
                "budget": budget,
                "seed": seed,
                "instances": [canonical(i) for i in instances],
            },
            sort_keys=True,
        ).encode()
    )
    return h.hexdigest()[:24]


@dataclass
class ProbeResult:
    run_id: int | None
    verdicts: list[dict]  # every verdict of the probe's run (stored form), resumed ones included
    summary: dict
    new: int  # tasks run now
    skipped: int  # tasks found done in the store (resume)
    search: dict | None = None
    artifacts: dict = field(default_factory=dict)


def _stored_form(v: Verdict) -> dict:
    rec = v.record()
    rec["check_name"] = rec["check"]
    rec["params"] = json.loads(json.dumps(rec["params"], default=str))
    return rec


def probe(
    stmt: Statement,
    overrides: dict | None = None,
    budget: str = "quick",
    store=None,
    argv=None,
    *,
    instances: list[dict] | None = None,
    axes: list[str] | None = None,
    mode: str = "set",
    checks: list[Check] | None = None,
    seed: int = 0,
    scheduler: str | None = None,
    workers: int | None = None,
    resume: bool = True,
    progress: bool | None = None,
    on_verdict: Callable[[Verdict], None] | None = None,
    cache: str = "use",
    timeout: float | None = None,
) -> ProbeResult:
    """Run a statement's checks on each instance (``instances``, or the single ``overrides``),
    store each verdict as it arrives, and write the summary (and phase diagram) to the run.
    ``timeout``: seconds per (check, instance), beyond which that pair is an ``error`` verdict
    (in-process and pool workers; a Dask worker runs tasks in threads, where no timer fires)."""
    chks = checks if checks is not None else checks_for(stmt.id)
    insts = instances if instances is not None else [dict(overrides or {})]
    for inst in insts:  # everything validated before anything runs or is stored
        stmt.check_instance(inst)
    key = sweep_key(stmt, chks, insts, budget, seed)
    with Run(store, budget, kind="probe", argv=argv, sweep=key, resume=resume, cache=cache) as run:
        todo = [(i, c) for i, inst in enumerate(insts) for c in chks if (c.name, canonical(inst)) not in run.done]
        tasks = [Task(c, insts[i], timeout) for i, c in todo]
        skipped = len(insts) * len(chks) - len(tasks)
        expected = run.expected_seconds()
        bar = Progress(
            len(insts) * len(chks),
            skipped,
            enabled=progress,
            remaining=[(t.check.name, expected.get(t.history_key, 1.0)) for t in tasks],
            workers=workers or 1,
        )

        def accept(v: Verdict) -> None:
            bar.update(v)
            if on_verdict:
                on_verdict(v)

        try:
            execute(
                run,
                tasks,
                choose(len(tasks), dask=True, scheduler=scheduler, workers=workers),
                seed=seed,
                on_verdict=accept,
            )
        finally:
            bar.close()
        records = store.verdicts(run_id=run.id) if store is not None else [_stored_form(v) for v in run.verdicts]
        records = _in_task_order(records, insts, chks)
        summary = summarise(stmt, records, mode=mode, axes=axes)
        result = ProbeResult(run.id, records, summary, len(tasks), skipped)
        _finish(result, run, stmt, axes)
    return result


def _in_task_order(records: list[dict], insts: list[dict], chks: list[Check]) -> list[dict]:
    """The probe's verdict records by instance, then check, as given (the order they arrive
    in depends on the workers): the summary, the printed lines and --json do not."""
    inst_rank = {}
    for i, inst in enumerate(insts):
        inst_rank.setdefault(canonical(inst), i)
    check_rank = {c.name: k for k, c in enumerate(chks)}

    def key(r: dict):
        name = r.get("check_name", r.get("check"))
        return (inst_rank.get(canonical(r["params"]), len(insts)), check_rank.get(name, len(chks)))

    return sorted(records, key=key)  # stable: a repeated (check, instance) keeps its stored order


def _finish(result: ProbeResult, run: Run, stmt: Statement, axes: list[str] | None) -> None:
    """The probe's summary (and phase diagram, and search record) as run artifacts; the run
    is finished by its lifecycle (complete when this returns)."""
    names = list(axes or [])
    if not names and result.summary["mode"] == "samples":
        varied = [
            k
            for k in (result.summary["instances"][0]["params"] if result.summary["instances"] else {})
            if len({json.dumps(i["params"].get(k)) for i in result.summary["instances"]}) > 1
        ]
        names = sorted(
            varied, key=lambda k: not all(_num(i["params"].get(k)) is not None for i in result.summary["instances"])
        )[:2]
    result.artifacts["probe-summary"] = ("application/json", json.dumps(result.summary, indent=1, default=str))
    if len(result.summary["instances"]) > 1:
        svg = phase_diagram(result.summary, names)
        if svg:
            result.artifacts["phase-diagram"] = ("image/svg+xml", svg)
    if result.search is not None:
        result.artifacts["search"] = ("application/json", json.dumps(result.search, indent=1, default=str))
    for name, (mime, content) in result.artifacts.items():
        run.add_artifact(name, mime, content)


# ---------------------------------------------------------------------------------------
# Counterexample search
# ---------------------------------------------------------------------------------------
def axes_strategy(stmt: Statement, fixed: dict, axes: list[Axis]):
    """The instances a search draws: the statement's strategy (``fixed`` overriding what it
    draws), or with ``--grid`` axes only those parameters, each within its axis's range (a
    geometric range log-uniformly, a list of values by sampling it)."""
    from hypothesis import strategies as st

    if not axes:
        return stmt.instance_strategy(fixed)
    parts = {}
    for a in axes:
        p = stmt.param(a.name)
        if a.low is not None and p.type is int:
            parts[a.name] = st.integers(int(a.low), int(a.high))
        elif a.low is not None and p.type is float:
            if a.geometric:
                lo, hi = math.log10(a.low), math.log10(a.high)
                parts[a.name] = st.floats(lo, hi).map(lambda e: float(f"{10.0**e:.6g}"))
            else:
                parts[a.name] = st.floats(float(a.low), float(a.high), allow_nan=False, allow_infinity=False)
        else:
            parts[a.name] = st.sampled_from(a.values)
    base = st.fixed_dictionaries(parts).map(lambda d: {**{k: stmt.param(k).validate(v) for k, v in d.items()}, **fixed})
    return base.filter(stmt.in_domain) if stmt.domain else base


def has_margin(stmt: Statement) -> bool:
    from ..core import MARGINS, load_checks

    load_checks()
    return stmt.id in MARGINS


def margin_search(
    stmt: Statement,
    fixed: dict,
    budget: str = "quick",
    store=None,
    argv=None,
    *,
    axes: list[Axis] | None = None,
    examples: int | None = None,
    cpu_seconds: float | None = None,
    seed: int = 0,
) -> ProbeResult:
    """``ibv probe --search`` for a statement with a margin: the domain search of its
    ``domain-search`` check (checks/machine/search.py) with ``fixed`` (``--set``) held, the
    ``--grid`` ranges bounding the generated instances, ``examples`` generated instances and a
    CPU cap of ``cpu_seconds`` (default: the budget's). Its verdict is stored in a probe run with
    the ``search`` artifact (the coverage record, every evaluation's margin) and a
    ``phase-diagram`` of the evaluations over the two most varied parameters, the instance where
    the margin is smallest marked."""
    from dataclasses import replace

    from .search import BUDGETS, SEARCH_CHECK, domain_search

    # a probe's search is bounded by its CPU seconds (and the examples asked for), not by the
    # suite's evaluation count: it is interactive, and its record keeps its timings anyway
    b = replace(BUDGETS[budget], max_evaluations=10**9)
    if examples is not None:
        if not 1 <= examples <= MAX_SAMPLES:
            raise ParamError(f"--search-examples {examples}: must be between 1 and {MAX_SAMPLES}")
        b = replace(b, examples=examples, necessity_examples=max(b.necessity_examples, examples // 4))
    if cpu_seconds is not None:
        if not 0 < cpu_seconds <= 24 * 3600:
            raise ParamError(f"--search-seconds {cpu_seconds}: must be > 0 and at most a day")
        b = replace(b, cpu_seconds=cpu_seconds)
    elif examples is not None:
        b = replace(b, cpu_seconds=max(b.cpu_seconds, BUDGETS["full"].cpu_seconds))
    else:
        b = replace(b, cpu_seconds=max(b.cpu_seconds, PROBE_SEARCH_SECONDS))
    axes = list(axes or [])
    strategy = axes_strategy(stmt, fixed, axes) if axes else None
    bounds = {a.name: (a.low, a.high) if a.low is not None else list(a.values) for a in axes}

    def run_search(ctx) -> None:
        domain_search(ctx, budget=b, strategy=strategy, bounds=bounds, max_evaluations=MAX_SAMPLES, timings=True)

    chk = Check(stmt.id, SEARCH_CHECK, "random", run_search, doc="ibv probe --search")
    verdict = run_check(chk, budget=budget, overrides=fixed, seed=seed)
    with Run(store, budget, kind="probe", argv=argv) as run:
        run.add(verdict)
        records = store.verdicts(run_id=run.id) if store is not None else [_stored_form(verdict)]
        summary = summarise(stmt, records, mode="search", axes=[a.name for a in axes])
        cov = verdict.metrics.get(schema.SEARCH) or {}
        ce = cov.get(schema.SEARCH_COUNTEREXAMPLE)
        summary["counterexamples"] = [ce["params"]] if ce else []
        summary["lines"] = search_lines(stmt, verdict, cov)
        info = {"statement_id": stmt.id, "status": verdict.status, "message": verdict.message, **cov}
        result = ProbeResult(run.id, records, summary, cov.get(schema.SEARCH_INSTANCES, 0), 0, search=info)
        result.artifacts["probe-summary"] = ("application/json", json.dumps(summary, indent=1, default=str))
        result.artifacts["search"] = ("application/json", json.dumps(info, indent=1, default=str))
        svg = search_diagram(stmt, cov, [a.name for a in axes])
        if svg:
            result.artifacts["phase-diagram"] = ("image/svg+xml", svg)
        for name, (mime, content) in result.artifacts.items():
            run.add_artifact(name, mime, content)
    return result


def search_lines(stmt: Statement, verdict: Verdict, cov: dict) -> list[str]:
    """What a domain search says on the command line (:func:`checks.schema.search_lines`, with
    the verdict and what a counterexample means for this statement)."""
    if not cov:
        return [f"search: {verdict.status}: {verdict.message}"]
    lines = schema.search_lines(cov)
    lines[0] = f"search: {verdict.status}: {lines[0]}"
    if cov.get(schema.SEARCH_COUNTEREXAMPLE):
        k = next(i for i, line in enumerate(lines) if line.startswith("smallest violating instance"))
        lines[k] += (
            ": as expected, the statement is refuted as printed (see its erratum)"
            if stmt.expect == "refuted"
            else ": a COUNTEREXAMPLE to the statement"
        )
    if verdict.status not in schema.POSITIVE and verdict.status != schema.REFUTED:
        lines.append(f"{verdict.status}: {verdict.message}")
    return lines


# the colour of each outcome of a searched instance
OUTCOME_COLOURS = {
    "holds": STATUS_COLOURS["verified"],
    "violation": STATUS_COLOURS["refuted"],
    "undecided": STATUS_COLOURS["inconclusive"],
    "premise unmet": "#888888",
    "error": STATUS_COLOURS["error"],
}


def search_diagram(stmt: Statement, cov: dict, names: list[str] | None = None, fmt: str = "svg"):
    """The searched instances over one or two parameters (the ``--grid`` axes, else the two
    numeric parameters the search varied most), coloured by outcome -- filled inside the
    hypotheses, hollow squares outside -- with the instance of the smallest margin (or the
    counterexample) marked by a star."""
    evs = cov.get(schema.SEARCH_EVALUATIONS) or []
    if len(evs) < 2:
        return None
    if not names:
        numeric = []
        for p in stmt.params:
            vals = [_num(e["params"].get(p.name)) for e in evs]
            if all(v is not None for v in vals) and len(set(vals)) > 1:
                numeric.append((len(set(vals)), p.name))
        names = [n for _, n in sorted(numeric, reverse=True)[:2]]
    if not 1 <= len(names) <= 2:
        return None
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def xy(params):
        x = _num(params.get(names[0]))
        y = _num(params.get(names[1])) if len(names) == 2 else 0.0
        return x, y

    fig, ax = plt.subplots(figsize=(6.4, 4.8) if len(names) == 2 else (6.4, 2.4))
    seen = set()
    for e in evs:
        x, y = xy(e["params"])
        if x is None or y is None:
            continue
        colour = OUTCOME_COLOURS.get(e["outcome"], "#444444")
        label = f"{e['outcome']}{'' if e['inside'] else ' (outside)'}"
        ax.scatter(
            [x],
            [y],
            s=40,
            c=colour if e["inside"] else "none",
            edgecolors=colour,
            marker="o" if e["inside"] else "s",
            label=None if label in seen else label,
        )
        seen.add(label)
    mark = cov.get(schema.SEARCH_COUNTEREXAMPLE) or cov.get(schema.SEARCH_TIGHTEST)
    if mark:
        x, y = xy(mark["params"])
        if x is not None and y is not None:
            what = "counterexample" if cov.get(schema.SEARCH_COUNTEREXAMPLE) else "smallest margin"
            ax.scatter([x], [y], s=260, marker="*", c="#111111", label=what, zorder=5)
    for k, n in enumerate(names):
        vals = [v for v in (_num(e["params"].get(n)) for e in evs) if v is not None]
        if vals and min(vals) > 0 and max(vals) / min(vals) >= 100:
            (ax.set_xscale if k == 0 else ax.set_yscale)("log")
    ax.set_xlabel(names[0])
    if len(names) == 2:
        ax.set_ylabel(names[1])
    else:
        ax.set_yticks([])
    ax.set_title(f"{stmt.id}: domain search")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), title="outcome", title_fontsize=7)
    buf = io.StringIO() if fmt == "svg" else io.BytesIO()
    fig.savefig(buf, format=fmt, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def search(
    stmt: Statement,
    fixed: dict,
    budget: str = "quick",
    store=None,
    argv=None,
    *,
    axes: list[Axis] | None = None,
    checks: list[Check] | None = None,
    max_examples: int = 50,
    seed: int = 0,
    progress: bool | None = None,
) -> ProbeResult:
    """Search for a counterexample: Hypothesis draws instances (``--grid`` ranges bound the
    searched parameters, the statement's strategy the others; ``--set`` values fixed), each is
    run through the checks, ``target()`` drives the violation margin up, and a refuting
    instance is shrunk to the smallest one. That instance's verdicts are stored (the margins of
    every evaluation go to the ``search`` artifact)."""
    from hypothesis import HealthCheck, Phase, given, settings, target
    from hypothesis import seed as hseed

    if not 1 <= max_examples <= MAX_SAMPLES:
        raise ParamError(f"--samples {max_examples}: must be between 1 and {MAX_SAMPLES}")
    chks = checks if checks is not None else checks_for(stmt.id)
    axes = list(axes or [])
    base = axes_strategy(stmt, fixed, axes)
    evaluations: list[dict] = []
    failing: list[tuple[dict, list[Verdict]]] = []
    bar = Progress(max_examples, 0, enabled=progress)

    @hseed(seed)
    @settings(
        max_examples=max_examples,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate, Phase.target, Phase.shrink],
        print_blob=False,
        report_multiple_bugs=False,
    )
    @given(base)
    def find(params):
        vs = [run_check(c, budget=budget, overrides=params, seed=seed) for c in chks]
        margin = max(violation_margin(v) for v in vs)
        evaluations.append({"params": _fmt(params), "margin": margin, "statuses": {v.check: v.status for v in vs}})
        if len(evaluations) <= max_examples:
            bar.update(vs[0])
        target(max(min(margin, 1e300), -1e300), label="violation margin")
        if any(v.status == "refuted" for v in vs):
            failing.append((params, vs))
            raise AssertionError("refuted")

    try:
        find()
    except AssertionError:
        pass
    bar.close()
    smallest = failing[-1] if failing else None  # Hypothesis replays the shrunk example last
    best = max(evaluations, key=lambda e: e["margin"]) if evaluations else None
    # the run holds the smallest violating instance's verdicts (or the largest margin's)
    with Run(store, budget, kind="probe", argv=argv) as run:
        if smallest:
            for v in smallest[1]:
                run.add(v)
        elif best:
            execute(run, [Task(c, best["params"]) for c in chks], InProcess(), seed=seed)
        records = store.verdicts(run_id=run.id) if store is not None else [_stored_form(v) for v in run.verdicts]
        summary = summarise(stmt, records, mode="search", axes=[a.name for a in axes])
        info = {
            "evaluations": len(evaluations),
            "found": smallest is not None,
            "smallest_counterexample": _fmt(smallest[0]) if smallest else None,
            "hypotheses_held": all(stmt.hypotheses_hold({**stmt.defaults(), **smallest[0]}).values())
            if smallest
            else None,
            "largest_margin": best,
            "margins": evaluations,
        }
        if smallest:
            held = info["hypotheses_held"]
            summary["lines"].insert(
                0,
                f"search: smallest violating instance after {len(evaluations)} evaluations: {_show(smallest[0])} "
                + (
                    "(hypotheses held: a COUNTEREXAMPLE to the statement)"
                    if held
                    else "(outside the hypotheses: evidence that a hypothesis is needed)"
                ),
            )
        else:
            summary["lines"].insert(
                0,
                f"search: no violation in {len(evaluations)} evaluations; largest margin {best['margin']:.3g} at "
                f"{_show(best['params'])}"
                if best
                else "search: nothing evaluated",
            )
        result = ProbeResult(run.id, records, summary, len(evaluations), 0, search=info)
        _finish(result, run, stmt, [a.name for a in axes] if smallest is None else [])
    return result


def probe_summary(stmt: Statement, verdicts: list[Verdict]) -> list[str]:
    """Backward-compatible: one line per instance and the summary lines of a verdict list."""
    s = summarise(stmt, [_stored_form(v) for v in verdicts])
    return instance_lines(s) + s["lines"]
