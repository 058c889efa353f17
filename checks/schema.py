"""The verdict schema: what a verdict record may say, in one place, for the machine and the report.

Standard library only (no numpy, no SymPy): the report (``reports/``) reads stored verdicts
through this module without importing the checks or their engines.

* the statuses, their order (a check is as strong as its weakest item) and :func:`combine`;
* the methods and the positive status each gives (:data:`METHOD_STATUS`);
* the metric keys the machine writes into every verdict (:data:`RESERVED_METRICS`), the keys of
  a comparison record and of an instance record;
* :func:`number`, the one reading of a stored metric value as a number;
* :func:`instance_held` / :func:`hypotheses_held`: did the hypotheses hold on stored instances;
* :data:`STATUS_COLOURS`, the colour of each status in the report and the probe's plots.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

# ---------------------------------------------------------------------------------------
# Statuses
# ---------------------------------------------------------------------------------------
PROVED, CERTIFIED, VERIFIED = "proved", "certified", "verified"
REFUTED, INCONCLUSIVE, ERROR = "refuted", "inconclusive", "error"

# Display order: the positive statuses strongest first, then the negative ones.
STATUSES = (PROVED, CERTIFIED, VERIFIED, REFUTED, INCONCLUSIVE, ERROR)
# Weakest first: a check is as strong as its weakest item, a statement as its weakest check.
WEAKEST_FIRST = (REFUTED, ERROR, INCONCLUSIVE, VERIFIED, CERTIFIED, PROVED)
# The statuses that say the statement holds (on the evidence), and those that decide nothing.
POSITIVE = (PROVED, CERTIFIED, VERIFIED)
UNDECIDED = (INCONCLUSIVE, ERROR)


def combine(statuses: Iterable[str], empty: str | None = INCONCLUSIVE) -> str | None:
    """The weakest of the statuses; ``empty`` when there are none (a check that recorded no
    comparison is ``inconclusive``). An unknown status is an error."""
    statuses = list(statuses)
    for s in statuses:
        if s not in WEAKEST_FIRST:
            raise ValueError(f"unknown status {s!r}")
    if not statuses:
        return empty
    return min(statuses, key=WEAKEST_FIRST.index)


# ---------------------------------------------------------------------------------------
# Methods
# ---------------------------------------------------------------------------------------
METHODS = ("symbolic", "flow", "convex", "random", "interval", "experiment")
# The positive verdict each method can give when the statement holds.
METHOD_STATUS = {
    "symbolic": PROVED,
    "interval": CERTIFIED,
    "flow": VERIFIED,
    "convex": VERIFIED,
    "random": VERIFIED,
    "experiment": VERIFIED,
}


def expected_status(method: str, statement_expect: str, override: str | None = None) -> str:
    """The status a check is expected to give: its own ``override``, else ``refuted`` for a
    statement refuted as printed, else its method's positive status."""
    if override is not None:
        return override
    if statement_expect == "refuted":
        return REFUTED
    return METHOD_STATUS[method]


# ---------------------------------------------------------------------------------------
# Metric keys the machine writes (checks.core.run_check); a check's own metrics use others
# ---------------------------------------------------------------------------------------
MIN_DIGITS = "min_digits"  # smallest agreement in significant digits over the items (finite ones)
MIN_SLACK_RATIO = "min_slack_ratio"  # smallest rhs/lhs over the bound items
ITEMS = "items"  # number of comparisons
COMPARISONS = "comparisons"  # one record per item, see COMPARISON_* below
INSTANCES = "instances"  # one record per instance the check started: {"params": ..., "hypotheses": {text: bool}}
NOTES = "notes"  # the check's notes (text)
OBSERVATIONS = "observations"  # [{"label", "instance", ...}]: what a check recorded without judging it (no status)
# {"label", "instance", "premise", "metrics"} of the first refuted item; "premise" maps each of
# the statement's hypotheses to whether it held at the instance (or says why there is none)
COUNTEREXAMPLE = "counterexample"
UNRESOLVED_CROSS_CHECKS = "unresolved_cross_checks"  # solver cross-checks that could not resolve their tolerance
OVERRIDES_READ = "overrides_read"  # a probe's overrides the check read
OVERRIDES_UNUSED = "overrides_unused"  # ... and those it did not (it runs its own instances)
CACHE = (
    "cache"  # {"hit": bool, "key", and for a hit "computed_seconds", "computed_at"}: the verdict came from the cache
)
MEMO = "memo"  # [{"function", "hit"}]: computations a check took through Context.memo
# The domain search (checks/machine/search.py, issue 18): its coverage record, and the number of
# instances inside the hypotheses it decided (a scalar the index can filter on).
SEARCH = "search"
SEARCHED_INSTANCES = "searched_instances"

# The headline numbers of a verdict (scalars).
HEADLINE_METRICS = (MIN_DIGITS, MIN_SLACK_RATIO, ITEMS, SEARCHED_INSTANCES)
# The structured records (lists, dicts) the machine adds to every verdict's metrics.
STRUCTURED_METRICS = (COMPARISONS, INSTANCES, NOTES, OBSERVATIONS, COUNTEREXAMPLE, UNRESOLVED_CROSS_CHECKS, SEARCH)
# The probe's bookkeeping of overrides.
OVERRIDE_METRICS = (OVERRIDES_READ, OVERRIDES_UNUSED)
# Where the result came from (the content-addressed cache, checks.machine.cache).
CACHE_METRICS = (CACHE, MEMO)
RESERVED_METRICS = HEADLINE_METRICS + STRUCTURED_METRICS + OVERRIDE_METRICS + CACHE_METRICS

# A comparison record: these keys, then the judge's numbers (agree: discrepancy, tolerance,
# error_estimate, digits; bound: lhs, rhs, slack, slack_ratio, error_estimate; identity:
# residual, scope; a Hypothesis summary: examples, generated_by, min_slack, tightest_instance;
# an undecided item: why).
COMPARISON_LABEL, COMPARISON_STATUS, COMPARISON_INSTANCE = "label", "status", "instance"
COMPARISON_KEYS = (COMPARISON_LABEL, COMPARISON_STATUS, COMPARISON_INSTANCE)
JUDGE_KEYS = (
    "discrepancy",
    "tolerance",
    "error_estimate",
    "digits",
    "lhs",
    "rhs",
    "slack",
    "slack_ratio",
    "min_slack",
    "residual",
    "scope",
    "examples",
    "why",
    # what the comparison rests on (checks.core.EVIDENCE_*), and how its error was measured
    "evidence",
    "error_from",
    # exact(): the relation and whether it covers the whole claim or an instance
    "relation",
    "covers",
    # proportion(): the binomial tests
    "successes",
    "trials",
    "claim",
    "p_value",
    "p_value_against",
    "level",
    # discharge(): the invoked statement and its hypotheses at the invoking instance (issue 19)
    "invokes",
    "hypotheses",
    # nonvacuous(): what was tested for emptiness, and whether it was empty
    "construction",
    "vacuous",
)
# An instance record (metrics["instances"][k]).
INSTANCE_PARAMS, INSTANCE_HYPOTHESES = "params", "hypotheses"
# a discharge item's metric: the invoking statement's hypotheses that fail at its instance
INVOKER_OUTSIDE = "invoker_outside"

# The domain search's coverage record (metrics["search"]), JSON:
SEARCH_KIND = "kind"  # "inequality (smallest slack)" or "equality (largest |residual|/error)"
SEARCH_INSTANCES = "instances"  # instances evaluated (inside and outside the hypotheses)
SEARCH_INSIDE = "inside"  # ... inside all the hypotheses
SEARCH_DECIDED = "decided"  # ... inside, and decided by the judges (held or violated)
SEARCH_UNDECIDED = "undecided"  # ... inside, judged inconclusive (an error estimate not small, no estimate)
SEARCH_PREMISE_UNMET = "premise_unmet"  # ... inside, the margin raised PremiseUnmet (no evidence)
SEARCH_ERRORS = "errors"  # ... inside, the margin raised (an error, never a counterexample)
SEARCH_OUTSIDE = "outside"  # instances outside some hypothesis (the necessity search's pool)
SEARCH_EDGES = "edges"  # edge instances evaluated
SEARCH_EDGE_LABELS = "edge_labels"  # ["<which edge> [<outcome>(, outside)]", ...]
SEARCH_EDGES_OUTSIDE_DOMAIN = "edges_outside_domain"  # labels of edges not searched (outside the domain or --grid)
SEARCH_FIRST_ERRORS = "first_errors"  # [{"params", "error"}]: the first instances where the margin raised
SEARCH_GENERATED = "generated"  # Hypothesis-generated instances evaluated
SEARCH_REFINED = "refined"  # instances evaluated bisecting a violation towards the defaults
# generated instances drawn outside the hypotheses and moved onto their boundary (from the defaults)
SEARCH_MOVED = "moved_onto_hypotheses"
SEARCH_RANGES = "ranges"  # {param: [min, max]} (numbers) or {param: [values...]} searched inside the hypotheses
SEARCH_TIGHTEST = "tightest"  # {"params", "score", "outcome"}: the inside instance closest to a violation
# {"params", "found_by"}: the smallest violating instance inside; found_by: "edge: <which>" or "generated, shrunk by
# Hypothesis", then "; bisected towards the defaults" when bisection moved it
SEARCH_COUNTEREXAMPLE = "counterexample"
SEARCH_NECESSITY = "necessity"  # one record per hypothesis, NECESSITY_* keys below
SEARCH_BUDGET = "budget"  # {"examples", "necessity_examples", "cpu_seconds", "max_edges"}
# a probe's search record only (a verdict's metrics are a function of its inputs; its time is its seconds):
SEARCH_CPU_SECONDS = "cpu_seconds"  # CPU seconds the whole search took (Hypothesis included)
SEARCH_MARGIN_CPU_SECONDS = "margin_cpu_seconds"  # ... of which in the margin's evaluations (what the cap counts)
SEARCH_STOPPED_BY_CAP = "stopped_by_cap"  # the CPU cap stopped it before its examples were done
SEARCH_EVALUATIONS = "evaluations"  # [{"params", "source", "label", "outcome", "inside", "score", ...}] (first 400)
SEARCH_KEYS = (
    SEARCH_KIND,
    SEARCH_INSTANCES,
    SEARCH_INSIDE,
    SEARCH_DECIDED,
    SEARCH_UNDECIDED,
    SEARCH_PREMISE_UNMET,
    SEARCH_ERRORS,
    SEARCH_OUTSIDE,
    SEARCH_EDGES,
    SEARCH_EDGE_LABELS,
    SEARCH_EDGES_OUTSIDE_DOMAIN,
    SEARCH_FIRST_ERRORS,
    SEARCH_GENERATED,
    SEARCH_REFINED,
    SEARCH_MOVED,
    SEARCH_RANGES,
    SEARCH_TIGHTEST,
    SEARCH_COUNTEREXAMPLE,
    SEARCH_NECESSITY,
    SEARCH_BUDGET,
    SEARCH_CPU_SECONDS,
    SEARCH_MARGIN_CPU_SECONDS,
    SEARCH_STOPPED_BY_CAP,
    SEARCH_EVALUATIONS,
)
# One hypothesis's necessity (metrics["search"]["necessity"][k], also an observation):
NECESSITY_HYPOTHESIS = "hypothesis"  # its text
NECESSITY_RESULT = "result"  # NEEDED, APPEARS_UNNECESSARY or NOT_TESTED
NECESSITY_INSTANCES = "instances"  # instances where only it failed
NECESSITY_DECIDED = "decided"  # ... of which decided
NECESSITY_RANGES = "ranges"  # the ranges of those instances, as SEARCH_RANGES
NECESSITY_COUNTEREXAMPLE = "counterexample"  # params of the violation found where only it fails (NEEDED)
NEEDED, APPEARS_UNNECESSARY, NOT_TESTED = "needed", "appears unnecessary", "not tested"


# ---------------------------------------------------------------------------------------
# Reading stored values
# ---------------------------------------------------------------------------------------
def number(x: Any, finite: bool = False) -> float | None:
    """A stored metric value as a float, or ``None`` when it is no number.

    Stored metrics are JSON: numbers, and high-precision or non-finite numbers kept as text
    (``"inf"``, a 60-digit decimal). ``bool`` is a flag, not a number (``None``); NaN is no
    number either (``None``); infinities are kept (``digits = inf`` is exact agreement)
    unless ``finite``, which also turns a decimal too large for a float into ``None``.
    """
    if x is None or isinstance(x, bool):
        return None
    if isinstance(x, str):
        text = x.strip()
        if not text or "_" in text:  # float() would read "1_000"; a stored number never has one
            return None
        try:
            v = float(text)
        except ValueError:
            return None
    elif isinstance(x, int):
        try:
            v = float(x)
        except OverflowError:
            v = math.inf if x > 0 else -math.inf
    else:
        try:
            v = float(x)
        except (TypeError, ValueError, OverflowError):
            return None
    if math.isnan(v):
        return None
    if finite and math.isinf(v):
        return None
    return v


def instance_held(record: Any) -> bool | None:
    """Whether every hypothesis held on one stored instance record (``None``: it says nothing)."""
    if not isinstance(record, Mapping):
        return None
    hyps = record.get(INSTANCE_HYPOTHESES)
    if not isinstance(hyps, Mapping):
        return None
    return all(bool(ok) for ok in hyps.values())


def hypotheses_held(verdicts: Iterable[Mapping], held: dict[str, bool] | None = None) -> dict[str, bool]:
    """Each hypothesis text: held on every instance the verdict records report (folded into
    ``held``, e.g. the hypotheses evaluated on the probe's own instance)."""
    out = dict(held or {})
    for v in verdicts:
        metrics = v.get("metrics") if isinstance(v, Mapping) else None
        for inst in (metrics or {}).get(INSTANCES) or []:
            if isinstance(inst, Mapping) and isinstance(inst.get(INSTANCE_HYPOTHESES), Mapping):
                for text, ok in inst[INSTANCE_HYPOTHESES].items():
                    out[text] = out.get(text, True) and bool(ok)
    return out


def _params_text(params: Any) -> str:
    if not isinstance(params, Mapping):
        return str(params)
    return ", ".join(f"{k}={params[k]}" for k in sorted(params) if params[k] is not None) or "(defaults)"


def search_lines(cov: Any) -> list[str]:
    """A domain search's coverage record (``metrics["search"]``) in words, for ``ibv show``, the
    report and ``ibv probe --search``: what was searched (counts, edges, ranges), the
    counterexample or where the margin is smallest, and each hypothesis's necessity."""
    if not isinstance(cov, Mapping) or SEARCH_INSTANCES not in cov:
        return []
    ranges = "; ".join(
        f"{k} in [{v[0]}, {v[1]}]"
        if isinstance(v, list) and len(v) == 2 and number(v[0]) is not None
        else f"{k} in {v}"
        for k, v in (cov.get(SEARCH_RANGES) or {}).items()
    )
    lines = [
        f"searched {cov[SEARCH_INSTANCES]} instance(s) ({cov.get(SEARCH_EDGES)} edge(s), {cov.get(SEARCH_GENERATED)} "
        f"generated"
        + (f", {cov[SEARCH_MOVED]} of them moved onto the hypotheses' boundary" if cov.get(SEARCH_MOVED) else "")
        + f"): {cov.get(SEARCH_INSIDE)} inside the hypotheses, {cov.get(SEARCH_DECIDED)} decided, "
        f"{cov.get(SEARCH_UNDECIDED)} undecided, {cov.get(SEARCH_PREMISE_UNMET)} premise unmet, "
        f"{cov.get(SEARCH_ERRORS)} error(s)"
        + (f"; {cov[SEARCH_CPU_SECONDS]} s of CPU" if SEARCH_CPU_SECONDS in cov else "")
        + (" (stopped by the CPU cap)" if cov.get(SEARCH_STOPPED_BY_CAP) else ""),
        f"searched inside the hypotheses: {ranges or 'nothing'}",
    ]
    ce = cov.get(SEARCH_COUNTEREXAMPLE)
    tight = cov.get(SEARCH_TIGHTEST)
    if isinstance(ce, Mapping):
        lines.append(f"smallest violating instance ({ce.get('found_by')}): {_params_text(ce.get('params'))}")
    elif isinstance(tight, Mapping):
        score = number(tight.get("score"))
        shown = f"{score:.3g}" if score is not None else str(tight.get("score"))
        lines.append(f"smallest margin at {_params_text(tight.get('params'))} (score {shown}, {tight.get('outcome')})")
    for rec in cov.get(SEARCH_NECESSITY) or []:
        if isinstance(rec, Mapping):
            lines.append(f"hypothesis {rec.get(NECESSITY_HYPOTHESIS)}: {rec.get('text', rec.get(NECESSITY_RESULT))}")
    return lines


# ---------------------------------------------------------------------------------------
# Colours (white text reads on each)
# ---------------------------------------------------------------------------------------
STATUS_COLOURS = {
    PROVED: "#1b6e3a",
    CERTIFIED: "#0f766e",
    VERIFIED: "#2f7f58",
    REFUTED: "#7b3fa0",
    INCONCLUSIVE: "#a8650a",
    ERROR: "#b3261e",
}
