"""The domain search (issue 18): a statement's margin searched over its whole hypothesis domain.

Every statement with a registered margin (:func:`checks.core.margin`) gets a check named
``domain-search`` (method ``random``; :func:`register_search_checks`, called by
:func:`checks.core.load_checks`). It evaluates the margin on

1. **edges by construction** (:func:`edge_instances`): the defaults; every parameter's
   :meth:`~theorems.registry.Param.edge_values` (smallest and largest admissible values, scales
   near 0 and large for positive reals, every choice), varied one at a time from the defaults;
   all parameters at their smallest and at their largest together; and the statement's own
   ``edges`` (thresholds at equality, degenerate data, declared with the statement);
2. **generated instances**: Hypothesis draws from ``Statement.instance_strategy()`` and
   ``target()`` drives it towards the smallest margin (an equality: the largest
   ``|residual| / error``); derandomized, seeded by the statement, no example database. A
   violation is shrunk by Hypothesis to the smallest violating instance.

Each instance: the hypotheses are evaluated (``Statement.hypotheses_hold``); the margin is
judged by the judges of :mod:`checks.core` (one implementation: the evidence kinds, the guard of
an error estimate at most a tenth of the slack) -- an inequality's slack by ``ctx.bound(0 <=
slack)``, an equality's residual by ``ctx.exact(residual == 0)`` when exact, else refuted by
``ctx.bound(|residual| <= 0)`` beyond its error and judged by ``ctx.agree(residual, 0)`` within
it, at the tolerance its error estimate sets (``error / GUARD_RATIO``). Inside all the
hypotheses, a refutation is a counterexample (the verdict is ``refuted``, the instance stored as
the verdict's counterexample); :class:`~checks.core.PremiseUnmet` is counted and is no evidence;
:class:`~checks.core.ComputationFailed` (an engine failure the margin recognises) leaves the
instance undecided; any other exception is an ``error`` (a failed computation is never a
counterexample). With no
violation the verdict is ``verified`` when at least one instance inside the hypotheses was
decided (the tightest one's comparison is recorded as it was judged); otherwise
``inconclusive`` with the reason.

**Necessity.** For every hypothesis, the instances where it alone fails (the others held) --
from the pool above and from a Hypothesis search restricted to them -- are judged the same way:
a violation there says the hypothesis is needed (its counterexample recorded), none says it
appears unnecessary after N instances over the ranges searched (a sharper statement may hold).
These are observations: no status.

**Coverage** (``metrics["search"]``, keys in :mod:`checks.schema`): per parameter the range
searched inside the hypotheses, the counts (inside, decided, undecided, premise unmet, errors,
outside, edges and which, generated), the tightest instance, the budget and the CPU seconds.

Budgets (:data:`BUDGETS`): the quick budget is small (the edges, a handful of generated
examples, a CPU-time cap per statement); the full budget searches more. The cap stops the search
between two evaluations: one expensive margin may exceed it.

This module imports only :mod:`checks.core`, :mod:`checks.schema` and the registry: the
verdicts of every check depend on it through ``checks.core`` (the cache's import closure).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
import traceback
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from theorems.registry import ParamError, Statement

from .. import schema
from ..core import (
    CHECKS,
    Check,
    ComputationFailed,
    Context,
    Item,
    Margin,
    PremiseUnmet,
    _fmt,
    _inexact_entry,
    _is_ball,
    tolerance_set_by,
)

# The name of the auto-registered check of every statement with a margin.
SEARCH_CHECK = "domain-search"


@dataclass(frozen=True)
class Budget:
    """How much one domain search may do: ``examples`` Hypothesis-generated instances (besides
    the edges), ``necessity_examples`` generated instances per hypothesis for its necessity
    (besides the pool), ``max_edges`` edge instances at most, and ``max_evaluations`` margin
    evaluations in all (edges first, then generated, then necessity): counts, so that the same
    inputs give the same verdict record on any machine and under any load (the cache and the
    regression suite rely on it). ``cpu_seconds`` is only a safety net against a margin far
    slower than its statement's owner measured (CPU time in the margin's evaluations, checked
    between them): a search it stops says so (``stopped_by_cap``), and its record then depends on
    the machine's speed."""

    examples: int
    necessity_examples: int
    cpu_seconds: float  # of the margin's evaluations (and their judging): the safety net
    max_edges: int = 64
    refine_steps: int = 12  # bisection steps per parameter towards the defaults, after a violation
    max_evaluations: int = 1000
    # the safety net of one evaluation: the process's CPU seconds one margin call may take before
    # it is stopped (undecided, and the search says the cap stopped it); None: no limit
    evaluation_cpu_seconds: float | None = None


# quick: at most 16 evaluations per statement (the defaults and the declared edges first, which
# hold a refuted statement's erratum instance), a handful generated; full: 150 generated examples,
# 40 per hypothesis, at most 600 evaluations. The CPU caps are safety nets: quick's is never
# reached by a margin as measured (a slow one declares quick_evaluations); full's bounds the
# full budget's searches (87 of them) to about an hour and a half of CPU at worst, and a search it
# stops says so.
# One evaluation is stopped past 10 s (quick) or 20 s (full) of CPU: the caps above are checked
# between evaluations, and single evaluations at a domain's edge (an argmin at alpha = 1e-6 to
# hundreds of digits, a stiff flow) took tens of minutes, holding the full budget for hours.
QUICK_SEARCH = Budget(
    examples=6,
    necessity_examples=3,
    cpu_seconds=10.0,
    max_edges=40,
    refine_steps=12,
    max_evaluations=16,
    evaluation_cpu_seconds=10.0,
)
FULL_SEARCH = Budget(
    examples=150,
    necessity_examples=40,
    cpu_seconds=60.0,
    max_edges=200,
    refine_steps=30,
    max_evaluations=600,
    evaluation_cpu_seconds=20.0,
)
BUDGETS = {"quick": QUICK_SEARCH, "full": FULL_SEARCH}
# A violation found is shrunk within this multiple of the CPU cap (the smallest violating
# instance is worth the time).
SHRINK_ALLOWANCE = 2.0
# The necessity search draws this many instances per one it may evaluate (only those where the
# hypothesis alone fails are evaluated).
NECESSITY_DRAWS = 10

# Bisection steps (of the hypotheses' predicates only) moving a generated instance outside the
# hypotheses onto their boundary: 2^-30 of the segment from the defaults.
PROJECTION_STEPS = 30

MOVED = "generated, moved onto the hypotheses' boundary"

# The outcome of one evaluated instance.
VIOLATION, HOLDS, UNDECIDED, PREMISE_UNMET, FAILED = "violation", "holds", "undecided", "premise unmet", "error"


@dataclass
class Evaluation:
    """One instance: its parameters (defaults completed), where it came from, the hypotheses on
    it, the margin's value and how the judges decided it."""

    params: dict
    source: str  # "edge", "generated", "necessity" (generated where one hypothesis alone fails), "refined"
    label: str
    held: dict
    outcome: str = UNDECIDED
    value: Any = None
    score: float | None = None  # what the search minimises: the slack; an equality: -|residual|/error
    status: str | None = None  # the judge's status
    metrics: dict = field(default_factory=dict)
    why: str | None = None
    seconds: float = 0.0

    @property
    def inside(self) -> bool:
        return all(self.held.values())

    def record(self) -> dict:
        out = {
            "params": _fmt(self.params),
            "source": self.source,
            "label": self.label,
            "outcome": self.outcome,
            "inside": self.inside,
            "score": self.score,
        }
        if not self.inside:
            out["hypotheses_not_held"] = [h for h, ok in self.held.items() if not ok]
        if self.why:
            out["why"] = self.why
        return out


@dataclass
class SearchResult:
    statement_id: str
    equality: bool
    budget: Budget
    evaluations: list[Evaluation]
    counterexample: Evaluation | None  # the smallest violating instance inside the hypotheses
    found_by: str | None
    necessity: list[dict]
    cpu_seconds: float
    stopped_by_cap: bool
    edges_outside_domain: list = field(default_factory=list)  # labels of edges dropped
    margin_cpu_seconds: float = 0.0


# ---------------------------------------------------------------------------------------
# Instances
# ---------------------------------------------------------------------------------------
def _key(params: dict) -> str:
    return json.dumps(_fmt(params), sort_keys=True)


def _complete(stmt: Statement, params: dict, fixed: dict) -> dict | None:
    """The instance completed with the defaults and ``fixed``, validated; None outside the domain."""
    try:
        return {**stmt.defaults(), **stmt.check_instance({**params, **fixed})}
    except ParamError:
        return None


def edge_instances(
    stmt: Statement, fixed: dict | None = None, limit: int | None = None, bounds: dict | None = None
) -> tuple[list, int]:
    """The statement's edge instances by construction, as ``(label, params)`` (defaults
    completed), in the order they are searched: the defaults, the statement's declared
    ``edges``, each parameter's edge values one at a time, all parameters at their smallest and
    at their largest; ``fixed`` (a probe's ``--set``) overrides every one. ``bounds`` (a probe's
    ``--grid`` axes: name -> ``(low, high)`` for a range, a list for listed values) replace a
    parameter's edges by the ends of its range (or its values) and drop the instances outside
    them. Returns them and the labels of those dropped outside the domain (a value or a
    cross-parameter constraint) or the bounds."""
    fixed = dict(fixed or {})
    bounds = dict(bounds or {})
    raw: list[tuple[str, dict]] = [("defaults", {})]
    raw += [(f"declared edge {k + 1}: {_show(e)}", dict(e)) for k, e in enumerate(stmt.edges)]
    per_param = {p.name: p.edge_values() for p in stmt.params if p.name not in fixed}
    for name, b in bounds.items():
        if isinstance(b, tuple):
            per_param[name] = (("smallest", b[0]), ("largest", b[1])) if b[0] != b[1] else (("smallest", b[0]),)
        else:
            per_param[name] = tuple((f"value {v}", v) for v in b)
    for name, edges in per_param.items():
        raw += [(f"{name} {label} ({value})", {name: value}) for label, value in edges]
    smallest = {n: e[0][1] for n, e in per_param.items() if e and e[0][0] in ("smallest", "near 0")}
    largest = {
        n: e[-1][1]
        for n, e in per_param.items()
        if e and e[-1][0] in ("largest", "large", "large (searched size)") and not stmt.param(n).choices
    }
    if len(smallest) > 1:
        raw.append(("every parameter at its smallest", smallest))
    if len(largest) > 1:
        raw.append(("every parameter at its largest", largest))
    out, seen, dropped = [], set(), []

    def within(inst: dict) -> bool:
        return all(b[0] <= inst[n] <= b[1] if isinstance(b, tuple) else inst[n] in b for n, b in bounds.items())

    for label, params in raw:
        inst = _complete(stmt, params, fixed)
        if inst is None or not within(inst):
            dropped.append(label)
            continue
        k = _key(inst)
        if k in seen:
            continue
        seen.add(k)
        out.append((label, inst))
    if limit is not None:
        out = out[:limit]
    return out, dropped


def _show(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(params.items()) if v is not None) or "(defaults)"


# ---------------------------------------------------------------------------------------
# Judging one margin value (through the judges of checks.core)
# ---------------------------------------------------------------------------------------
def _label(m: Margin) -> str:
    return "the conclusion's residual = 0 (margin)" if m.equality else "the conclusion's slack >= 0 (margin)"


def judge(ctx: Context, m: Margin, value: Any, label: str | None = None) -> str:
    """Judge one margin value at ``ctx.instance`` with the judges of :mod:`checks.core` (see the
    module docstring); returns the status, the item recorded in ``ctx.items``."""
    from numerics.estimate import Estimate

    label = label or _label(m)
    if not m.equality:
        return ctx.bound(label, 0, value)
    if _is_ball(value):
        if not value.contains(0):
            return ctx.bound(label, abs(value), 0)
        value = Estimate(value.mid(), float(value.rad()), "rigorous enclosure")
    if isinstance(value, Estimate):
        r, e = abs(_float(value.value)), value.error
        if not (math.isfinite(r) and math.isfinite(e)):
            return ctx.bound(label, Estimate(abs(_float(value.value)), e, value.how), 0)
        if r > e:  # beyond its error: a violation (the judge decides it, with its evidence)
            return ctx.bound(label, Estimate(_abs(value.value), e, value.how), 0)
        return ctx.agree(label, value, 0, tol=tolerance_set_by(e), scale=1.0)
    if _inexact_entry(value) is None:
        return ctx.exact(label, value, "==", 0)
    return ctx.bound(label, _abs(value), 0)  # a bare inexact number: no error estimate (inconclusive)


def _abs(x: Any) -> Any:
    try:
        return abs(x)
    except TypeError:
        return abs(_float(x))


def _float(x: Any) -> float:
    try:
        return float(x)
    except (TypeError, ValueError, OverflowError):
        try:
            return float(complex(x).real)
        except (TypeError, ValueError, OverflowError):
            return math.nan


def _score(m: Margin, value: Any) -> float | None:
    """The number the search minimises: an inequality's slack (its value; a ball's midpoint),
    an equality's ``-|residual| / error`` (``-inf`` for an exact nonzero residual)."""
    from numerics.estimate import Estimate

    err = 0.0
    if isinstance(value, Estimate):
        value, err = value.value, value.error
    elif _is_ball(value):
        value, err = value.mid(), float(value.rad())
    v = _float(value)
    if not math.isfinite(v):
        return None
    if not m.equality:
        return v
    if v == 0:
        return 0.0
    return -abs(v) / err if err > 0 else -math.inf


# ---------------------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------------------
class _Scratch:
    """Evaluate and judge one instance in scratch lists: the context's items, counterexample,
    observations, notes and started instances are left as they were (a margin that records
    through the context records nothing: the search records what it found)."""

    def __init__(self, ctx: Context, params: dict):
        self.ctx, self.params = ctx, params

    def __enter__(self):
        c = self.ctx
        self.saved = (c.items, c.instance, c.counterexample, c.observations, c.notes, len(c.instances_run))
        c.items, c.instance = [], dict(self.params)
        c.observations, c.notes = [], []
        return c.items

    def __exit__(self, *exc):
        c = self.ctx
        c.items, c.instance, c.counterexample, c.observations, c.notes, n = self.saved
        del c.instances_run[n:]  # a margin that called ctx.start: the search starts its own instances
        return False


class EvaluationOverLimit(BaseException):
    """One margin evaluation passed its budget's CPU limit. A BaseException, so that a margin's
    own ``except Exception`` (a failed computation turned into PremiseUnmet, say) cannot take it
    for something else."""


@contextmanager
def _cpu_limit(seconds: float | None):
    """Raise :class:`EvaluationOverLimit` once this process has spent ``seconds`` more CPU time
    (``ITIMER_PROF``: CPU, not wall time, so load does not shorten it). Only in the main thread
    (pool workers and in-process runs), where signals are delivered; elsewhere (a Dask worker's
    thread) no limit. A margin blocked in C code is stopped when it returns to Python. The
    task's own wall-clock limit (SIGALRM, checks.machine.executor) is another signal and timer."""
    import signal
    import threading

    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise EvaluationOverLimit(f"the margin's evaluation passed its CPU limit of {seconds:g} s: undecided")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


class Searcher:
    """One domain search of one statement's margin (see the module docstring)."""

    def __init__(
        self,
        ctx: Context,
        m: Margin,
        budget: Budget,
        fixed: dict | None = None,
        strategy=None,
        bounds: dict | None = None,
    ):
        self.ctx, self.margin, self.budget = ctx, m, budget
        self.stmt = ctx.statement
        self.fixed = dict(fixed or {})
        self.strategy = strategy
        self.evaluated: dict[str, Evaluation] = {}
        self.order: list[Evaluation] = []
        self.t0 = time.process_time()
        self.margin_cpu = 0.0  # CPU seconds inside the margin and its judging: what the cap counts
        self.stopped_by_cap = False
        self.bounds = dict(bounds or {})

    # -- time --------------------------------------------------------------------------
    def spent(self) -> float:
        """The whole search's CPU seconds so far (Hypothesis's own work included)."""
        return time.process_time() - self.t0

    def over(self, allowance: float = 1.0) -> bool:
        """Whether the search has used its evaluations, or (the safety net) the margin's
        evaluations the budget's CPU seconds, times ``allowance``. Only the margin's own time
        counts: Hypothesis's set-up in a fresh process (about half a second) would otherwise cut
        the first search of a worker short."""
        if len(self.order) >= self.budget.max_evaluations * allowance:
            return True
        if self.margin_cpu > self.budget.cpu_seconds * allowance:
            self.stopped_by_cap = True
            return True
        return False

    # -- one instance ------------------------------------------------------------------
    def evaluate(self, params: dict, source: str, label: str) -> Evaluation:
        k = _key(params)
        if k in self.evaluated:
            return self.evaluated[k]
        ev = Evaluation(dict(params), source, label, self.stmt.hypotheses_hold(dict(params)))
        t, cpu = time.perf_counter(), time.process_time()
        with _Scratch(self.ctx, params) as items:
            try:
                with _cpu_limit(self.budget.evaluation_cpu_seconds):
                    value = self.margin.fn(self.ctx, dict(params))
            except EvaluationOverLimit as exc:  # the safety net: no evidence either way
                ev.outcome, ev.why = UNDECIDED, str(exc)
                self.stopped_by_cap = True
            except PremiseUnmet as exc:
                ev.outcome, ev.why = PREMISE_UNMET, str(exc) or "premise unmet"
            except ComputationFailed as exc:  # the margin's engine failed here: undecided
                ev.outcome, ev.why = UNDECIDED, f"the computation failed: {exc}"[:300]
            except Exception as exc:  # a failed computation: an error, never a counterexample
                ev.outcome, ev.why = FAILED, f"{type(exc).__name__}: {exc}"[:300]
                ev.metrics = {"traceback": traceback.format_exc()[-3000:]}
            else:
                ev.value = value
                try:
                    ev.score = _score(self.margin, value)
                    del items[:]
                    ev.status = judge(self.ctx, self.margin, value)
                except Exception as exc:  # the margin's value could not be judged: an error too
                    ev.outcome, ev.why = FAILED, f"judging the margin's value raised {type(exc).__name__}: {exc}"[:300]
                    ev.metrics = {"traceback": traceback.format_exc()[-3000:]}
                else:
                    item = items[-1]
                    ev.metrics = dict(item.metrics)
                    ev.why = item.metrics.get("why")
                    ev.outcome = (
                        VIOLATION
                        if ev.status == schema.REFUTED
                        else HOLDS
                        if ev.status in schema.POSITIVE
                        else UNDECIDED
                    )
        ev.seconds = time.perf_counter() - t
        self.margin_cpu += time.process_time() - cpu
        self.evaluated[k] = ev
        self.order.append(ev)
        return ev

    # -- edges -------------------------------------------------------------------------
    def edges(self) -> tuple[Evaluation | None, int]:
        insts, dropped = edge_instances(self.stmt, self.fixed, self.budget.max_edges, self.bounds)
        for k, (label, params) in enumerate(insts):
            if k and self.over():
                break
            ev = self.evaluate(params, "edge", label)
            if ev.outcome == VIOLATION and ev.inside:
                return ev, dropped
        return None, dropped

    # -- generated ---------------------------------------------------------------------
    def _seed(self, salt: str) -> int:
        digest = hashlib.sha256(f"{self.stmt.id}::{SEARCH_CHECK}#{salt}#{self.ctx.seed}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def generate(
        self,
        n: int,
        salt: str,
        source: str,
        found: Callable[[Evaluation], bool],
        keep: Callable[[dict], bool] | None = None,
        draws: int | None = None,
    ) -> Evaluation | None:
        """Hypothesis over the statement's instances, ``target()`` on the margin: at most ``n``
        instances evaluated among ``draws`` drawn (only those ``keep`` accepts are evaluated: no
        Hypothesis filter, which spins on a condition the domain rarely meets); the first
        instance ``found`` says violates is shrunk. Returns the smallest violating instance
        (Hypothesis replays it last), or None."""
        from hypothesis import HealthCheck, Phase, given, settings, target
        from hypothesis import seed as hseed
        from hypothesis.errors import Unsatisfiable

        if n <= 0 or self.over():
            return None
        base = self.strategy if self.strategy is not None else self.stmt.instance_strategy(self.fixed)
        stmt, fixed = self.stmt, self.fixed
        strategy = base.map(lambda d: _complete(stmt, d, fixed))
        failing: list[Evaluation] = []
        evaluated = [0]

        @hseed(self._seed(salt))
        @settings(
            max_examples=draws or n,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.generate, Phase.target, Phase.shrink],
            print_blob=False,
            report_multiple_bugs=False,
        )
        @given(strategy)
        def explore(params):
            if params is None or (keep is not None and not keep(params)):
                return
            drawn = params
            if keep is None:  # the main search: an instance outside the hypotheses is moved onto them
                params = self.onto_hypotheses(params)
            # an instance seen before gives the same outcome (Hypothesis replays the failing one)
            ev = self.evaluated.get(_key(params))
            if ev is None:
                shrinking = bool(failing)
                if not shrinking and evaluated[0] >= n:
                    return
                if self.over(SHRINK_ALLOWANCE if shrinking else 1.0):
                    return  # past the cap: not evaluated (a shrink step past it counts as passing)
                ev = self.evaluate(params, source, MOVED if params is not drawn else "generated")
                evaluated[0] += not shrinking
            # towards a violation where it would count: inside the hypotheses (the main search), or
            # where only the hypothesis tested fails (a necessity search keeps those alone)
            if ev.score is not None and (keep is not None or ev.inside):
                target(max(min(-ev.score, 1e300), -1e300), label="closeness to a violation")
            if found(ev):
                failing.append(ev)
                raise _Violation

        try:
            explore()
        except _Violation:
            pass
        except Unsatisfiable:  # the domain's filter rejected every draw: nothing generated
            pass
        except Exception:  # Hypothesis's own complaint (a flaky replay) after a violation was found
            if not failing:
                raise
        return failing[-1] if failing else None

    def onto_hypotheses(self, params: dict) -> dict:
        """A generated instance outside the hypotheses, moved along the segment from the defaults
        (when they satisfy them) to the last point where every hypothesis holds: the boundary of
        the hypotheses' region in the direction drawn. Narrow hypotheses (a threshold in a ratio
        of parameters, a small interval) are where a weakened or misprinted boundary shows, and
        independent draws rarely land inside them: without this, most generated evaluations of
        such a statement are spent outside its premise. Numeric parameters move (geometrically
        between two positive values, linearly otherwise, integers rounded towards the
        defaults); the others keep the drawn value where that stays inside, else take the
        default's. Only the hypotheses' predicates are evaluated in the bisection (not the
        margin). A probe's ``--grid`` bounds turn this off (the defaults may lie outside them)."""
        if self.bounds or all(self.stmt.hypotheses_hold(dict(params)).values()):
            return params
        start = _complete(self.stmt, {}, self.fixed)
        if start is None or not all(self.stmt.hypotheses_hold(dict(start)).values()):
            return params
        numeric = {
            p.name
            for p in self.stmt.params
            if p.type in (int, float)
            and p.choices is None
            and p.name not in self.fixed
            and isinstance(params.get(p.name), (int, float))
            and isinstance(start.get(p.name), (int, float))
        }
        mixed = _complete(self.stmt, {k: v for k, v in params.items() if k not in numeric}, self.fixed)
        if mixed is not None and all(self.stmt.hypotheses_hold(dict(mixed)).values()):
            start = mixed

        def point(t: float) -> dict | None:
            return _complete(
                self.stmt,
                {**start, **{n: _between(type(start[n]), start[n], params[n], t) for n in numeric}},
                self.fixed,
            )

        def inside(t: float) -> bool:
            q = point(t)
            return q is not None and all(self.stmt.hypotheses_hold(dict(q)).values())

        lo, hi = 0.0, 1.0
        for _ in range(PROJECTION_STEPS):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if inside(mid) else (lo, mid)
        return point(lo) or params

    # -- the whole search --------------------------------------------------------------
    def run(self) -> SearchResult:
        counter, dropped = self.edges()
        found_by = f"edge: {counter.label}" if counter is not None else None
        if counter is None:
            counter = self.generate(
                self.budget.examples, "main", "generated", lambda ev: ev.outcome == VIOLATION and ev.inside
            )
            found_by = "generated, shrunk by Hypothesis" if counter is not None else None
        if counter is not None:
            refined = self.refine(counter)
            if refined is not counter:
                counter, found_by = refined, f"{found_by}; bisected towards the defaults"
        necessity = [] if counter is not None else self.necessity()
        return SearchResult(
            self.stmt.id,
            self.margin.equality,
            self.budget,
            list(self.order),
            counter,
            found_by,
            necessity,
            self.spent(),
            self.stopped_by_cap,
            dropped,
            self.margin_cpu,
        )

    def refine(self, ev: Evaluation) -> Evaluation:
        """The violating instance moved towards the defaults, one numeric parameter at a time:
        where that parameter at its default (the others as they are) holds, bisect between the
        two (geometrically across decades) for ``refine_steps`` steps, keeping the violation
        nearest the default -- the boundary of the violating region along that axis (Hypothesis
        shrinks towards simple values, not to the boundary). Returns the refined instance (or
        ``ev``)."""
        best = ev
        defaults = self.stmt.defaults()
        for p in self.stmt.params:
            if p.name in self.fixed or p.type not in (int, float) or p.choices is not None:
                continue
            good, bad = defaults.get(p.name), best.params.get(p.name)
            bound = self.bounds.get(p.name)
            if isinstance(bound, list):  # a probe's listed values: nothing between them to bisect
                continue
            if isinstance(bound, tuple) and isinstance(good, (int, float)):  # a default outside the --grid range
                good = min(max(good, bound[0]), bound[1])
            if not isinstance(good, (int, float)) or not isinstance(bad, (int, float)) or good == bad:
                continue
            anchor = self._at(best, p.name, good)
            if anchor is None or anchor.outcome != HOLDS:
                continue
            for _ in range(self.budget.refine_steps):
                if self.over(SHRINK_ALLOWANCE):
                    break
                mid = _midpoint(p.type, good, bad)
                if mid is None:
                    break
                e = self._at(best, p.name, mid)
                if e is None:
                    break
                if e.outcome == VIOLATION and e.inside:
                    bad, best = mid, e
                elif e.outcome == HOLDS:
                    good = mid
                else:
                    break
        return best

    def _at(self, ev: Evaluation, name: str, value: Any) -> Evaluation | None:
        params = _complete(self.stmt, {**ev.params, name: value}, self.fixed)
        if params is None:
            return None
        return self.evaluate(params, "refined", f"{name} bisected")

    def necessity(self) -> list[dict]:
        out = []
        texts = [h.text for h in self.stmt.hypotheses]
        for text in texts:

            def only_this_fails(held: dict, text=text) -> bool:
                return not held.get(text, True) and all(ok for t, ok in held.items() if t != text)

            def keep(params: dict, only=only_this_fails) -> bool:
                return only(self.stmt.hypotheses_hold(params))

            needed = next(
                (e for e in self.order if only_this_fails(e.held) and e.outcome == VIOLATION),
                None,
            )
            # the pool (edges, generated) may already hold enough instances where only it fails:
            # the restricted search is for a thin pool (its draws cost Hypothesis's time)
            pooled = sum(only_this_fails(e.held) and e.outcome == HOLDS for e in self.order)
            if needed is None and pooled < self.budget.necessity_examples and not self.over():
                needed = self.generate(
                    self.budget.necessity_examples,
                    f"necessity:{text}",
                    "necessity",
                    lambda ev, only=only_this_fails: ev.outcome == VIOLATION and only(ev.held),
                    keep=keep,
                    draws=NECESSITY_DRAWS * self.budget.necessity_examples,
                )
            pool = [e for e in self.order if only_this_fails(e.held)]
            decided = [e for e in pool if e.outcome in (HOLDS, VIOLATION)]
            rec: dict[str, Any] = {
                schema.NECESSITY_HYPOTHESIS: text,
                schema.NECESSITY_INSTANCES: len(pool),
                schema.NECESSITY_DECIDED: len(decided),
                schema.NECESSITY_RANGES: _ranges(self.stmt, pool),
            }
            if needed is not None:
                rec[schema.NECESSITY_RESULT] = schema.NEEDED
                rec[schema.NECESSITY_COUNTEREXAMPLE] = _fmt(needed.params)
                varied = _varied(self.stmt, needed.params)
                rest = " (the other parameters at their defaults)" if len(varied) < len(needed.params) else ""
                rec["text"] = f"needed: counterexample at {_show(varied)}{rest}"
            elif decided:
                rec[schema.NECESSITY_RESULT] = schema.APPEARS_UNNECESSARY
                rec["text"] = (
                    f"appears unnecessary after {len(decided)} decided instance(s) where only it fails "
                    f"(ranges {_show_ranges(rec[schema.NECESSITY_RANGES])}): a sharper statement may hold"
                )
            else:
                rec[schema.NECESSITY_RESULT] = schema.NOT_TESTED
                rec["text"] = (
                    f"not tested: {len(pool)} instance(s) where only it fails, none decided"
                    if pool
                    else "not tested: no instance found where only this hypothesis fails"
                )
            out.append(rec)
        return out


def _between(kind: type, a: float, b: float, t: float) -> float | int:
    """The point at fraction ``t`` from ``a`` to ``b``: geometric between two positive values,
    linear otherwise; an integer rounded towards ``a`` (so ``t = 0`` gives ``a`` exactly)."""
    if t <= 0:
        return a
    if a > 0 and b > 0:
        x = a * (b / a) ** t
    else:
        x = a + (b - a) * t
    if kind is int:
        return int(math.floor(x)) if b >= a else int(math.ceil(x))
    return float(x)


class _Violation(Exception):
    pass


def _midpoint(kind: type, a: float, b: float) -> float | int | None:
    """Between ``a`` and ``b``: integers halved (None when adjacent); reals geometrically across
    more than a decade of one sign, else arithmetically, to 6 significant digits (None when that
    is one of the ends)."""
    if kind is int:
        return None if abs(b - a) <= 1 else (a + b) // 2
    if a * b > 0 and max(abs(a), abs(b)) > 10 * min(abs(a), abs(b)):
        mid = math.copysign(math.sqrt(abs(a) * abs(b)), a)
    else:
        mid = (a + b) / 2
    mid = float(f"{mid:.6g}")
    return None if mid in (a, b) else mid


def _varied(stmt: Statement, params: dict) -> dict:
    """The parameters that differ from the defaults (the whole instance when none do)."""
    d = stmt.defaults()
    out = {k: v for k, v in params.items() if d.get(k) != v}
    return out or params


def _ranges(stmt: Statement, evs: list[Evaluation]) -> dict:
    """Per parameter, the values searched: ``[min, max]`` for numbers, the distinct values (at
    most 12) otherwise."""
    out: dict[str, Any] = {}
    for p in stmt.params:
        vals = [e.params.get(p.name) for e in evs if e.params.get(p.name) is not None]
        if not vals:
            continue
        if p.type in (int, float) and not p.choices:
            out[p.name] = [_fmt(min(vals)), _fmt(max(vals))]
        else:
            distinct = []
            for v in vals:
                if v not in distinct:
                    distinct.append(v)
            out[p.name] = _fmt(distinct[:12])
    return out


def _show_ranges(ranges: dict) -> str:
    parts = []
    for k, v in ranges.items():
        if isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v):
            parts.append(f"{k} in [{v[0]:g}, {v[1]:g}]" if v[0] != v[1] else f"{k}={v[0]:g}")
        else:
            parts.append(f"{k} in {v}")
    return "; ".join(parts) or "none"


# ---------------------------------------------------------------------------------------
# Turning a search into the check's items and metrics
# ---------------------------------------------------------------------------------------
# The evaluations a verdict keeps in its coverage record (a probe's search artifact keeps more).
MAX_RECORDED_EVALUATIONS = 200


def coverage(
    res: SearchResult, stmt: Statement, max_evaluations: int = MAX_RECORDED_EVALUATIONS, timings: bool = False
) -> dict:
    """The search's coverage record (``metrics["search"]``; keys in :mod:`checks.schema`), with
    the first ``max_evaluations`` evaluations; its CPU seconds only with ``timings`` (a probe's
    record: a verdict's metrics are a function of its inputs, its time is its ``seconds``)."""
    evs = res.evaluations
    inside = [e for e in evs if e.inside]
    count = {o: sum(e.outcome == o for e in inside) for o in (HOLDS, VIOLATION, UNDECIDED, PREMISE_UNMET, FAILED)}
    scored = [e for e in inside if e.score is not None and e.outcome in (HOLDS, UNDECIDED, VIOLATION)]
    tight = min(scored, key=lambda e: e.score) if scored else None
    edges = [e for e in evs if e.source == "edge"]
    errors = [e for e in inside if e.outcome == FAILED]
    out = {
        schema.SEARCH_KIND: "equality (largest |residual|/error)" if res.equality else "inequality (smallest slack)",
        schema.SEARCH_INSTANCES: len(evs),
        schema.SEARCH_INSIDE: len(inside),
        schema.SEARCH_DECIDED: count[HOLDS] + count[VIOLATION],
        schema.SEARCH_UNDECIDED: count[UNDECIDED],
        schema.SEARCH_PREMISE_UNMET: count[PREMISE_UNMET],
        schema.SEARCH_ERRORS: count[FAILED],
        schema.SEARCH_OUTSIDE: len(evs) - len(inside),
        schema.SEARCH_EDGES: len(edges),
        schema.SEARCH_EDGE_LABELS: [f"{e.label} [{e.outcome}{'' if e.inside else ', outside'}]" for e in edges],
        schema.SEARCH_GENERATED: sum(e.source in ("generated", "necessity") for e in evs),
        schema.SEARCH_REFINED: sum(e.source == "refined" for e in evs),
        schema.SEARCH_MOVED: sum(e.label == MOVED for e in evs),
        schema.SEARCH_RANGES: _ranges(stmt, inside),
        schema.SEARCH_TIGHTEST: (
            {"params": _fmt(tight.params), "score": tight.score, "outcome": tight.outcome} if tight else None
        ),
        schema.SEARCH_NECESSITY: res.necessity,
        schema.SEARCH_BUDGET: {
            "examples": res.budget.examples,
            "necessity_examples": res.budget.necessity_examples,
            "cpu_seconds": res.budget.cpu_seconds,
            "evaluation_cpu_seconds": res.budget.evaluation_cpu_seconds,
            "max_edges": res.budget.max_edges,
            "max_evaluations": res.budget.max_evaluations,
        },
        schema.SEARCH_STOPPED_BY_CAP: res.stopped_by_cap,
        schema.SEARCH_EVALUATIONS: [e.record() for e in evs[:max_evaluations]],
    }
    if timings:
        out[schema.SEARCH_CPU_SECONDS] = round(res.cpu_seconds, 3)
        out[schema.SEARCH_MARGIN_CPU_SECONDS] = round(res.margin_cpu_seconds, 3)
    if res.edges_outside_domain:  # a declared edge among them is a mistake of the statement's edges
        out[schema.SEARCH_EDGES_OUTSIDE_DOMAIN] = res.edges_outside_domain
    if errors:
        out[schema.SEARCH_FIRST_ERRORS] = [{"params": _fmt(e.params), "error": e.why} for e in errors[:3]]
    if res.counterexample is not None:
        out[schema.SEARCH_COUNTEREXAMPLE] = {"params": _fmt(res.counterexample.params), "found_by": res.found_by}
    return out


def record(
    ctx: Context, res: SearchResult, max_evaluations: int = MAX_RECORDED_EVALUATIONS, timings: bool = False
) -> None:
    """The search as the check's items: the counterexample's comparison (refuted), or the
    tightest decided instance's comparison and a ``verified`` summary of the search, or an
    inconclusive item with the reason; an ``error`` item when the margin raised inside the
    hypotheses; the necessity of each hypothesis as observations; the coverage as
    ``metrics["search"]`` and ``metrics["searched_instances"]``."""
    m = MARGIN_OF(ctx)
    cov = coverage(res, ctx.statement, max_evaluations, timings)
    ctx.metrics[schema.SEARCH] = cov
    ctx.metrics[schema.SEARCHED_INSTANCES] = cov[schema.SEARCH_DECIDED]
    inside = [e for e in res.evaluations if e.inside]
    summary = (
        f"{cov[schema.SEARCH_INSIDE]} instance(s) inside the hypotheses ({cov[schema.SEARCH_EDGES]} edge(s), "
        f"{cov[schema.SEARCH_GENERATED]} generated), {cov[schema.SEARCH_DECIDED]} decided"
    )
    if res.counterexample is not None:
        ev = res.counterexample
        ctx.start(ev.params)
        at = _show(_varied(ctx.statement, ev.params))
        judge(ctx, m, ev.value, f"domain search: {_label(m)}, violated at {at} ({res.found_by})")
    else:
        decided = [e for e in inside if e.outcome == HOLDS]
        if decided:
            tight = min(decided, key=lambda e: e.score if e.score is not None else math.inf)
            evidence = sorted({str(e.metrics.get("evidence")) for e in decided if e.metrics.get("evidence")})
            ctx.items.append(
                Item(
                    f"domain search: no violation ({summary})",
                    schema.VERIFIED,
                    {
                        "examples": len(decided),
                        "generated_by": "edges by construction + hypothesis target()",
                        "evidence": "; ".join(evidence),
                        "covers": "sampled instances of the domain",
                        "tightest_instance": _fmt(tight.params),
                    },
                    dict(tight.params),
                )
            )
            ctx.start(tight.params)  # the tightest decided instance's comparison, as judged
            judge(ctx, m, tight.value, f"domain search: {_label(m)} at the tightest decided instance")
        else:
            why = _why_undecided(res, inside)
            ctx.items.append(Item(f"domain search: nothing decided ({summary})", schema.INCONCLUSIVE, {"why": why}))
    errors = [e for e in inside if e.outcome == FAILED]
    if errors:
        ctx.items.append(
            Item(
                f"domain search: the margin raised at {len(errors)} instance(s) inside the hypotheses",
                schema.ERROR,
                {"why": errors[0].why, "first_instance": _fmt(errors[0].params)},
                dict(errors[0].params),
            )
        )
        ctx.artifact("margin-traceback", "text/plain", errors[0].metrics.get("traceback", ""))
    for rec in res.necessity:
        ctx.observe(f"necessity of the hypothesis {rec[schema.NECESSITY_HYPOTHESIS]}", **rec)


def _why_undecided(res: SearchResult, inside: list[Evaluation]) -> str:
    if not res.evaluations:
        return "nothing evaluated"
    if not inside:
        return f"no instance inside the hypotheses among {len(res.evaluations)} searched"
    unmet = sum(e.outcome == PREMISE_UNMET for e in inside)
    failed = sum(e.outcome == FAILED for e in inside)
    undecided = [e for e in inside if e.outcome == UNDECIDED]
    if unmet == len(inside):
        return f"the premise was unmet at every one of {unmet} instance(s) inside the hypotheses"
    if undecided:
        return (
            f"no inside instance decided: {len(undecided)} undecided (first: {undecided[0].why}), {unmet} premise "
            f"unmet, {failed} error(s)"
        )
    return f"no inside instance decided: {unmet} premise unmet, {failed} error(s)"


def MARGIN_OF(ctx: Context) -> Margin:  # noqa: N802  (reads like the constant it looks up)
    from ..core import MARGINS

    return MARGINS[ctx.statement.id]


# ---------------------------------------------------------------------------------------
# The check
# ---------------------------------------------------------------------------------------
def domain_search(
    ctx: Context,
    budget: Budget | None = None,
    strategy=None,
    fixed: dict | None = None,
    bounds: dict | None = None,
    max_evaluations: int = MAX_RECORDED_EVALUATIONS,
    timings: bool = False,
) -> SearchResult:
    """The ``domain-search`` check's body: search the statement's margin (a probe's overrides
    fixed) and record the result."""
    from ..core import MARGINS

    m = MARGINS[ctx.statement.id]
    b = budget or BUDGETS["full" if ctx.full else "quick"]
    if budget is None and not ctx.full and m.quick_evaluations is not None:
        from dataclasses import replace

        b = replace(b, max_evaluations=min(b.max_evaluations, m.quick_evaluations))
    fixed = dict(dict.items(ctx.overrides)) if fixed is None else fixed
    ctx.overrides_read.update(ctx.overrides)  # every override fixes the search
    ctx.precision = f"the margin's own ({m.fn.__module__}.{m.fn.__qualname__})"
    res = Searcher(ctx, m, b, fixed, strategy, bounds).run()
    record(ctx, res, max_evaluations, timings)
    return res


def search_check(statement_id: str, margin: Margin) -> Check:
    """The ``domain-search`` check of one statement: its function carries the margin's module
    (the cache keys its verdict by that module's import closure, and ``pytest -k <module>``
    selects it with the module's other checks)."""

    def run(ctx: Context) -> None:
        domain_search(ctx)

    run.__module__ = margin.fn.__module__
    run.domain_search = True  # type: ignore[attr-defined]  (registered from the margin, not by @check)
    run.__qualname__ = f"domain_search[{statement_id}]"
    run.__doc__ = (
        "Search the statement's hypothesis domain for a violation of its margin: the domain's edges by "
        "construction and Hypothesis-generated instances driven by target() towards the smallest margin; "
        "each hypothesis tested for necessity (issue 18)."
    )
    return Check(statement_id, SEARCH_CHECK, "random", run, doc=run.__doc__)


def register_search_checks(margins: dict[str, Margin]) -> None:
    """A ``domain-search`` check for every statement with a margin (idempotent)."""
    for sid, m in margins.items():
        key = f"{sid}::{SEARCH_CHECK}"
        if key in CHECKS:
            if not getattr(CHECKS[key].fn, "domain_search", False):
                raise ValueError(f"duplicate check {key}: {SEARCH_CHECK} is registered from the statement's margin")
            continue
        CHECKS[key] = search_check(sid, m)
