"""The domain search (issue 18, checks/machine/search.py) on planted statements whose truth is known.

The statements live in tests/plugins/search_planted.py (loaded through IBV_PLUGINS for one test by
the ``searched`` fixture). The suite must refute on its own, with no instance given: a bound
false only at the domain's large edge, a Gaussian tail bound false only for t > 6 (its margin in
ball arithmetic, no sampling), a hypothesis encoded weakened by one at its boundary. A true
statement is verified with its coverage recorded; PremiseUnmet never refutes; a raising margin
is an error; necessity finds a needed hypothesis and reports an unnecessary one.

And :data:`MARGIN_PENDING`: every statement with parameters and hypotheses that is expected to
hold has a margin, or is listed here with the reason (the paper modules empty the list).
"""

from __future__ import annotations

import math
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from checks import schema
from checks.core import CHECKS, MARGINS, Check, load_checks, run_check
from checks.machine import search as S
from theorems.registry import FLOAT_CAP, REGISTRY, Param, ParamError

PLUGIN = str(Path(__file__).resolve().parent / "plugins" / "search_planted.py")


@pytest.fixture
def searched(monkeypatch):
    """Load the planted statements of tests/plugins/search_planted.py for one test; remove them
    (statements, checks, margins) afterwards."""
    from theorems.registry import PLUGINS_ENV

    monkeypatch.setenv(PLUGINS_ENV, PLUGIN)
    load_checks()
    yield
    for reg in (REGISTRY, CHECKS, MARGINS):
        for k in [k for k in reg if k.startswith("scratch/")]:
            del reg[k]
    for m in [m for m in sys.modules if m.startswith("ibv_plugin_")]:
        del sys.modules[m]


# more than the quick budget, far less than the full one (the suite's time)
MEDIUM = S.Budget(examples=30, necessity_examples=5, cpu_seconds=5.0)


def _search(sid: str, budget: str | S.Budget = "quick", overrides: dict | None = None):
    """The domain-search verdict of a planted statement (a Budget: that budget)."""
    if isinstance(budget, str):
        return run_check(CHECKS[f"{sid}::{S.SEARCH_CHECK}"], budget=budget, overrides=overrides)
    chk = Check(sid, S.SEARCH_CHECK, "random", lambda ctx: S.domain_search(ctx, budget=budget))
    return run_check(chk, overrides=overrides)


# ---------------------------------------------------------------------------------------
# The three planted errors, refuted by the search on its own
# ---------------------------------------------------------------------------------------
def test_a_bound_false_only_at_the_domain_edge_is_refuted(searched):
    v = _search("scratch/search-edge")
    assert v.status == "refuted" and v.expected == "verified"
    ce = v.metrics[schema.COUNTEREXAMPLE]
    assert ce["instance"]["x"] > 2.513  # log(1 + x) >= x/2 fails beyond x = 2.5128
    assert ce["metrics"]["evidence"] == "ball arithmetic"
    cov = v.metrics[schema.SEARCH]
    assert cov[schema.SEARCH_COUNTEREXAMPLE]["found_by"].startswith("edge: x large (10000.0)")
    # bisected from the edge towards the default: the boundary of the violation, x = 2.5128
    assert 2.5128 < ce["instance"]["x"] < 2.53 and cov[schema.SEARCH_REFINED] >= 5
    # the defaults and the small scale held: the statement is true where it was easy
    held = [e for e in cov[schema.SEARCH_EVALUATIONS] if e["outcome"] == S.HOLDS]
    assert any(e["params"]["x"] == 1.0 for e in held)


def test_a_tail_bound_false_only_beyond_t_6_is_refuted(searched):
    v = _search("scratch/search-tail")
    assert v.status == "refuted"
    # found at the edge t = 50, bisected to the boundary of the violation (t = 6.0007)
    assert 6.0 < v.metrics[schema.COUNTEREXAMPLE]["instance"]["t"] < 6.01


def test_the_generated_search_alone_finds_the_far_tail_and_shrinks_it(searched):
    """Without the edges (only the defaults), Hypothesis with target() finds t > 6 and shrinks it."""
    from checks.core import Context

    chk = CHECKS[f"scratch/search-tail::{S.SEARCH_CHECK}"]
    ctx = Context(chk, budget="full")
    budget = S.Budget(examples=100, necessity_examples=0, cpu_seconds=30.0, max_edges=1)
    res = S.domain_search(ctx, budget=budget)
    assert res.counterexample is not None and res.found_by.startswith("generated, shrunk by Hypothesis")
    t = res.counterexample.params["t"]
    assert 6.0 < t < 6.01  # shrunk (to t = 10), then bisected to the boundary
    assert ctx.status == "refuted"
    # every generated instance at t <= 6 held (the bound is true there)
    assert all(e.outcome == S.HOLDS for e in res.evaluations if e.params["t"] <= 6.0)


def test_a_hypothesis_weakened_by_one_at_its_boundary_is_refuted(searched):
    v = _search("scratch/search-boundary")
    assert v.status == "refuted"
    inst = v.metrics[schema.COUNTEREXAMPLE]["instance"]
    assert inst["n"] == inst["k"]  # inside the encoded n >= k, outside the true n >= k + 1
    assert v.metrics[schema.COUNTEREXAMPLE]["metrics"]["evidence"] == "exact arithmetic, instance"


def test_a_narrow_hypothesis_weakened_away_from_every_edge_is_refuted(searched):
    """x y <= 2 encoded for x y <= 1.999: no edge meets the thin shell 1.999 < x y <= 2, and a
    draw lands in it with probability ~1e-4; the draws outside the hypothesis are moved onto its
    boundary x y = 2, where the margin is negative."""
    v = _search("scratch/search-narrow")
    assert v.status == "refuted", v.message
    cov = v.metrics[schema.SEARCH]
    assert cov[schema.SEARCH_COUNTEREXAMPLE]["found_by"].startswith("generated")
    assert cov[schema.SEARCH_MOVED] >= 1
    inst = v.metrics[schema.COUNTEREXAMPLE]["instance"]
    assert 1.999 < inst["x"] * inst["y"] <= 2
    # no edge inside the hypothesis violated it (those outside do, and are no counterexample)
    edges = [e for e in cov[schema.SEARCH_EVALUATIONS] if e["source"] == "edge"]
    assert edges and all(e["outcome"] == S.HOLDS for e in edges if e["inside"])


def test_moving_onto_the_hypotheses_stays_inside_and_on_the_segment(searched):
    from checks.core import Context

    chk = CHECKS[f"scratch/search-narrow::{S.SEARCH_CHECK}"]
    sr = S.Searcher(Context(chk, budget="quick"), MARGINS["scratch/search-narrow"], S.QUICK_SEARCH)
    moved = sr.onto_hypotheses({"x": 100.0, "y": 100.0})
    assert moved["x"] == moved["y"] and 2 - 1e-6 < moved["x"] * moved["y"] <= 2  # geometric: x = y kept
    assert sr.onto_hypotheses({"x": 0.5, "y": 3.0}) == {"x": 0.5, "y": 3.0}  # inside: unchanged
    assert S._between(int, 3, 10, 0.0) == 3 and S._between(int, 3, 10, 0.99) == 9 and S._between(int, 10, 3, 0.5) == 6


# ---------------------------------------------------------------------------------------
# Verified, PremiseUnmet, errors
# ---------------------------------------------------------------------------------------
def test_a_true_statement_is_verified_with_its_coverage(searched):
    v = _search("scratch/search-true", MEDIUM)
    assert v.status == "verified", v.message
    cov = v.metrics[schema.SEARCH]
    timings = {
        schema.SEARCH_COUNTEREXAMPLE,
        schema.SEARCH_CPU_SECONDS,
        schema.SEARCH_MARGIN_CPU_SECONDS,
        schema.SEARCH_EDGES_OUTSIDE_DOMAIN,
        schema.SEARCH_FIRST_ERRORS,
    }
    assert set(schema.SEARCH_KEYS) - timings <= set(cov)
    assert cov[schema.SEARCH_DECIDED] >= 20 and v.metrics[schema.SEARCHED_INSTANCES] == cov[schema.SEARCH_DECIDED]
    assert cov[schema.SEARCH_EDGES] >= 5 and cov[schema.SEARCH_GENERATED] >= 20
    lo, hi = cov[schema.SEARCH_RANGES]["a"]
    assert lo <= 1e-4 and hi >= 1e4  # the scales near 0 and large were searched
    assert any("a near 0" in e for e in cov[schema.SEARCH_EDGE_LABELS])
    # the tightest decided instance is recorded as judged, beside the search's summary
    labels = [c["label"] for c in v.metrics[schema.COMPARISONS]]
    assert any("tightest decided" in label for label in labels)
    assert any(c["evidence"].startswith("error estimate (two precisions)") for c in v.metrics[schema.COMPARISONS])
    # a = b (slack 0 within its error) is undecided, never a counterexample
    assert cov[schema.SEARCH_UNDECIDED] >= 1 and schema.COUNTEREXAMPLE not in v.metrics
    # a > 0 and b > 0 cannot fail in the domain: not tested, said so
    assert all(n[schema.NECESSITY_RESULT] == schema.NOT_TESTED for n in cov[schema.SEARCH_NECESSITY])
    # JSON as stored, and in words for ibv show / the report
    import json

    assert json.loads(json.dumps(v.metrics))[schema.SEARCH] == cov
    lines = schema.search_lines(cov)
    assert lines[0].startswith(f"searched {cov[schema.SEARCH_INSTANCES]} instance(s)")
    assert any(line.startswith("smallest margin at") for line in lines)
    assert any(line.startswith(r"hypothesis $a > 0$: not tested") for line in lines)


def test_one_slow_evaluation_is_stopped_by_its_cpu_limit_undecided(searched):
    from dataclasses import replace

    budget = replace(S.QUICK_SEARCH, evaluation_cpu_seconds=0.3, max_evaluations=6)
    t = time.process_time()
    v = _search("scratch/search-slow", budget)
    assert time.process_time() - t < 15  # the one-minute evaluations were stopped
    cov = v.metrics[schema.SEARCH]
    slow = [e for e in cov[schema.SEARCH_EVALUATIONS] if e["params"]["x"] > 2]
    assert slow and all(e["outcome"] == S.UNDECIDED and "CPU limit of 0.3 s" in e["why"] for e in slow)
    assert cov[schema.SEARCH_STOPPED_BY_CAP] and cov[schema.SEARCH_BUDGET]["evaluation_cpu_seconds"] == 0.3
    assert v.status == "verified" and schema.COUNTEREXAMPLE not in v.metrics  # never a counterexample


def test_premise_unmet_never_refutes(searched):
    v = _search("scratch/search-premise", MEDIUM)
    assert v.status == "verified"
    assert v.metrics[schema.SEARCH][schema.SEARCH_PREMISE_UNMET] > 0
    v = _search("scratch/search-unmet")
    assert v.status == "inconclusive"
    assert "premise was unmet at every" in v.message


def test_an_engine_failure_the_margin_recognises_is_undecided(searched):
    v = _search("scratch/search-engine-fails", MEDIUM)
    assert v.status == "verified" and schema.COUNTEREXAMPLE not in v.metrics
    failed = [e for e in v.metrics[schema.SEARCH][schema.SEARCH_EVALUATIONS] if e["params"]["x"] > 5]
    assert failed and all(e["outcome"] == S.UNDECIDED and "computation failed" in e["why"] for e in failed)


def test_a_raising_margin_is_an_error_not_a_counterexample(searched):
    v = _search("scratch/search-raises")
    assert v.status == "error"
    assert schema.COUNTEREXAMPLE not in v.metrics
    assert "ZeroDivisionError" in v.message and "margin-traceback" in v.artifacts
    assert v.metrics[schema.SEARCH][schema.SEARCH_ERRORS] == 1


def test_necessity_finds_the_needed_hypothesis_and_reports_the_unnecessary_one(searched):
    v = _search("scratch/search-necessity")
    assert v.status == "verified"
    nec = {n[schema.NECESSITY_HYPOTHESIS]: n for n in v.metrics[schema.SEARCH][schema.SEARCH_NECESSITY]}
    needed, loose = nec[r"$n \ge k$"], nec[r"$k \ge 1$"]
    assert needed[schema.NECESSITY_RESULT] == schema.NEEDED
    assert needed[schema.NECESSITY_COUNTEREXAMPLE]["n"] < needed[schema.NECESSITY_COUNTEREXAMPLE]["k"]
    assert loose[schema.NECESSITY_RESULT] == schema.APPEARS_UNNECESSARY
    assert loose[schema.NECESSITY_DECIDED] >= 1 and loose[schema.NECESSITY_RANGES]["k"] == [0, 0]
    # observations, shown on the statement page: no status
    obs = [o for o in v.metrics[schema.OBSERVATIONS] if o["label"].startswith("necessity")]
    assert len(obs) == 2 and all("status" not in o for o in obs)


def test_a_refuted_edge_outside_the_hypotheses_is_no_counterexample(searched):
    """n < k violates binom(n - 1, k) >= 1 too, but outside n >= k: only the necessity pool."""
    v = _search("scratch/search-boundary")
    ce = v.metrics[schema.COUNTEREXAMPLE]["instance"]
    assert ce["n"] >= ce["k"]


def test_the_search_is_deterministic_and_probes_fix_overrides(searched):
    a, b = _search("scratch/search-true"), _search("scratch/search-true")
    assert a.metrics == b.metrics  # the whole record (no timings in a verdict's metrics)
    v = run_check(CHECKS[f"scratch/search-true::{S.SEARCH_CHECK}"], overrides={"b": 3.0})
    assert all(e["params"]["b"] == 3.0 for e in v.metrics[schema.SEARCH][schema.SEARCH_EVALUATIONS])
    assert v.metrics[schema.OVERRIDES_UNUSED] == []


def test_quick_search_of_a_cheap_margin_stays_within_its_cap(searched):
    _search("scratch/search-necessity")  # Hypothesis's one-time set-up in this process
    t = time.process_time()
    v = _search("scratch/search-necessity")
    assert time.process_time() - t < 1.0
    assert not v.metrics[schema.SEARCH][schema.SEARCH_STOPPED_BY_CAP]


# ---------------------------------------------------------------------------------------
# Domain edges and the generic cap of real parameters
# ---------------------------------------------------------------------------------------
def test_real_parameters_have_a_cap():
    p = Param("alpha", float, 0.01, low=0.0, open_low=True)
    assert p.cap == FLOAT_CAP
    with pytest.raises(ParamError, match="generic cap"):
        p.parse("1e300")
    q = Param("w", float, 1.0)
    with pytest.raises(ParamError):
        q.validate(-1e300)
    edges = dict(p.edge_values())
    assert edges["near 0"] == pytest.approx(1e-6) and edges["large"] == pytest.approx(100.0)
    assert edges["largest"] == FLOAT_CAP
    n = Param("n", int, 5, low=1)
    assert dict(n.edge_values()) == {"smallest": 1, "large (searched size)": 12}
    assert dict(Param("n", int, 5, low=1, high=40).edge_values()) == {"smallest": 1, "largest": 40}


def test_edge_instances_vary_one_parameter_at_a_time_and_combine_the_extremes(searched):
    insts, dropped = S.edge_instances(REGISTRY["scratch/search-necessity"])
    labels = [label for label, _ in insts]
    assert labels[0] == "defaults" and dropped == []
    assert "every parameter at its smallest" in labels and "every parameter at its largest" in labels
    assert {"n": 0, "k": 0} in [p for _, p in insts] and {"n": 20, "k": 20} in [p for _, p in insts]


# ---------------------------------------------------------------------------------------
# Every quantified statement expected to hold has a margin (or is listed, with the reason)
# ---------------------------------------------------------------------------------------
# ssm-poison App. D.3 (theorems/ssm_poison_saddle.py): why a statement has no margin
SADDLE_NO_INSTANCE = (
    "no instance inside the hypotheses is constructible (I_3 needs alpha ~ 10^(-10^6); r_2, r_3, G come from Sell's "
    "non-constructive H): a margin would be PremiseUnmet everywhere; its proof steps are checked symbolically"
)
SADDLE_DEFINITION = "a definition (an initialisation set): no conclusion to search"
SADDLE_CLOSED_FORM = "a closed form proved symbolically for every parameter value: no parameter-dependent slack"
SADDLE_EXISTENTIAL = (
    "existential (a radius exists; item 3 concerns the non-constructive H): a certified witness radius for items 1-2 "
    "is checked; no slack of the whole conclusion over the domain"
)
SADDLE_CRITICAL_SET = (
    "the conclusion concerns the critical set (isolated points): no margin at sampled points approaches a violation; "
    "decided exactly (Sturm counts, SymPy)"
)
SADDLE_IMPORTED = "imported (Sell 1985), encoded as an axiom: its hypotheses at s are checked, not the theorem"
SSM_EXISTENTIAL = "existential (an open set of initialisations): no margin of one instance"
EXPERIMENT = (
    "an experiment's claim about training runs: judged per protocol over seeds by ctx.reproduction (issue 20), "
    "not by a margin of one instance"
)
MARGIN_PENDING = {
    "rnn-memoryless/claim-typically-A-nonzero": EXPERIMENT,
    "rnn-memoryless/claim-teacher-with-memory": EXPERIMENT,
    "rnn-memoryless/claim-standard-init-bias": EXPERIMENT,
    "rnn-memoryless/claim-appD-regimes": EXPERIMENT,
    "rnn-memoryless/claim-all-architectures-extrapolate": EXPERIMENT,
    "kernel-rich/claim-extreme-limits": (
        "limits alpha -> 0 and alpha -> infinity of the argmin path: no finite-alpha slack is >= 0 iff a limit holds "
        "(Theorem 2 is the quantitative version, with its margin); the 'not an RKHS norm' part is parameter-free (the "
        "parallelogram law fails for ||.||_1, exact)"
    ),
    "kernel-rich/claim-kernel-regime-width:corrected": (
        "asymptotic in k (sup|W - W(0)|_F -> 0 as k -> infinity along alpha = k^-b): judged by a fitted exponent over "
        "widths and seeds; one instance has no slack (Corollary 10's probability has its margin)"
    ),
    "kernel-rich/claim-matrix-completion": (
        "an experiment (Fig. 5): recovery in the rich regime and not in the kernel regime, judged over a sweep of "
        "scales; the cited N = Omega~(d^1.2 r) threshold is Candes-Recht's, not the paper's"
    ),
    "kernel-rich/claim-noncommutative-transition": (
        "a conjecture ('we might expect') about limits k -> infinity of regimes, probed by a sweep over (alpha, k): "
        "no quantified conclusion at one instance"
    ),
    "kernel-rich/claim-sparse-regression": (
        "an experiment judged over seeds (Student-t intervals, sign tests) under a protocol whose sizes and grids "
        "are partly lost (issue 20: theorems/kernel_rich_experiments.py protocols): no margin of one instance"
    ),
    "kernel-rich/claim-standard-init-edge": (
        "an experiment judged over seeds (Student-t intervals, sign tests) under a protocol whose sizes and grids "
        "are partly lost (issue 20: theorems/kernel_rich_experiments.py protocols): no margin of one instance"
    ),
    "kernel-rich/figure-1": (
        "an experiment judged over seeds (Student-t intervals, sign tests) under a protocol whose sizes and grids "
        "are partly lost (issue 20: theorems/kernel_rich_experiments.py protocols): no margin of one instance"
    ),
    "kernel-rich/figure-3": (
        "an experiment judged over seeds (Student-t intervals, sign tests) under a protocol whose sizes and grids "
        "are partly lost (issue 20: theorems/kernel_rich_experiments.py protocols): no margin of one instance"
    ),
    "kernel-rich/figure-5": (
        "an experiment judged over seeds (Student-t intervals, sign tests) under a protocol whose sizes and grids "
        "are partly lost (issue 20: theorems/kernel_rich_experiments.py protocols): no margin of one instance"
    ),
    "kernel-rich/figure-6": (
        "an experiment judged over seeds (Student-t intervals, sign tests) under a protocol whose sizes and grids "
        "are partly lost (issue 20: theorems/kernel_rich_experiments.py protocols): no margin of one instance"
    ),
    "linnet-imbalance/theorem-12": "a probability over initialisations of a limit of gradient flows: no law to compute",
    "linnet-imbalance/theorem-12-restated": "as theorem-12 (its restatement)",
    "rnn-lowdim/corollary-A.2": "existential over GF limits (a flow to convergence per instance)",
    "rnn-lowdim/lemma-7": "a moment LP per instance (two solvers; no error estimate below their gap yet)",
    "rnn-lowdim/lemma-E.13:corrected": "sup over a GF trajectory as eps -> 0 (flows at several eps per instance)",
    "rnn-lowdim/lemma-E.8": "as lemma-7 (its restatement): a moment LP per instance",
    "rnn-lowdim/proposition-9": "a probability over initialisations of a limit of GF curves",
    "rnn-lowdim/proposition-E.11": "as proposition-9 (its restatement)",
    "rnn-lowdim/theorem-5": "the premise is GF converging to zero loss (a flow to convergence per instance)",
    "rnn-lowdim/theorem-8": "existential delta(eps, q) over GF-reachable students (flows, SOCP)",
    "rnn-lowdim/theorem-E.9": "as theorem-8 (its restatement)",
    "rnn-memoryless/claim-mimo-theorem-6.1": "the premise is GD converging (a long GD run per instance)",
    "rnn-memoryless/claim-residual-setting": "a GF limit from A0 = I (a flow per instance)",
    "rnn-memoryless/remark-6.2": "the premise is GD converging (a long GD run per instance)",
    "rnn-memoryless/theorem-6.1": "the premise is GD converging (a long GD run per instance)",
    "ssm-poison/claim-10": SADDLE_NO_INSTANCE,
    "ssm-poison/claim-11": "restates Corollary 8 and Proposition 5 (existential I_1, I_2)",
    "ssm-poison/corollary-2": SADDLE_CLOSED_FORM,
    "ssm-poison/corollary-4": SADDLE_NO_INSTANCE,
    "ssm-poison/corollary-5": SADDLE_NO_INSTANCE,
    "ssm-poison/corollary-6": SADDLE_NO_INSTANCE,
    "ssm-poison/corollary-7": SADDLE_NO_INSTANCE,
    "ssm-poison/corollary-8": SADDLE_NO_INSTANCE,
    "ssm-poison/definition-10": SADDLE_DEFINITION,
    "ssm-poison/definition-11": SADDLE_DEFINITION,
    "ssm-poison/definition-12": SADDLE_DEFINITION,
    "ssm-poison/lemma-1": "zero loss at the limit holds by construction of the clock root: no margin",
    "ssm-poison/lemma-10": SADDLE_CLOSED_FORM,
    "ssm-poison/lemma-13": SADDLE_NO_INSTANCE,
    "ssm-poison/lemma-14": SADDLE_NO_INSTANCE,
    "ssm-poison/lemma-15": SADDLE_NO_INSTANCE,
    "ssm-poison/lemma-16": SADDLE_NO_INSTANCE,
    "ssm-poison/lemma-17": SADDLE_NO_INSTANCE,
    "ssm-poison/lemma-19": SADDLE_NO_INSTANCE,
    "ssm-poison/lemma-20": SADDLE_NO_INSTANCE,
    "ssm-poison/lemma-23": "an existence claim (a global solution of the ODE): no margin",
    "ssm-poison/lemma-4": SADDLE_CRITICAL_SET,
    "ssm-poison/proposition-10": SADDLE_NO_INSTANCE,
    "ssm-poison/proposition-11": SADDLE_NO_INSTANCE,
    "ssm-poison/proposition-12": SADDLE_NO_INSTANCE,
    "ssm-poison/proposition-13": SADDLE_NO_INSTANCE,
    "ssm-poison/proposition-14": SADDLE_NO_INSTANCE,
    "ssm-poison/proposition-15": SADDLE_NO_INSTANCE,
    "ssm-poison/proposition-16": SADDLE_NO_INSTANCE,
    "ssm-poison/proposition-17": SSM_EXISTENTIAL,
    "ssm-poison/proposition-5": SSM_EXISTENTIAL,
    "ssm-poison/proposition-9": SADDLE_EXISTENTIAL,
    "ssm-poison/theorem-1": SSM_EXISTENTIAL,
    "ssm-poison/theorem-2": SSM_EXISTENTIAL,
    "ssm-poison/theorem-3": SADDLE_IMPORTED,
}


def _quantified_without_margin() -> set[str]:
    load_checks()
    return {
        s.id
        for s in REGISTRY.values()
        if s.params and s.hypotheses and s.expect == "holds" and not s.id.startswith("scratch/") and s.id not in MARGINS
    }


def test_every_quantified_statement_expected_to_hold_has_a_margin():
    missing = sorted(_quantified_without_margin() - set(MARGIN_PENDING))
    assert not missing, f"statements with parameters and hypotheses, expected to hold, without a margin: {missing}"


def test_the_pending_list_only_shrinks():
    """An entry with a margin since is said in a warning (delete it), not failed: the paper
    branches each empty their part of the list, and their merges stay green."""
    import warnings

    stale = sorted(set(MARGIN_PENDING) - _quantified_without_margin())
    if stale:
        warnings.warn(f"{len(stale)} statements have a margin now: delete from MARGIN_PENDING: {stale[:20]}")


def test_every_margin_gets_its_domain_search():
    load_checks()
    for sid in MARGINS:
        chk = CHECKS[f"{sid}::{S.SEARCH_CHECK}"]
        assert chk.method == "random" and getattr(chk.fn, "domain_search", False)
        assert chk.fn.__module__ == MARGINS[sid].fn.__module__


def test_scores_order_instances_by_closeness_to_a_violation():
    from numerics.estimate import Estimate

    ineq = S.Margin("x", lambda ctx, i: 0, equality=False)
    eq = S.Margin("x", lambda ctx, i: 0, equality=True)
    assert S._score(ineq, Estimate(0.5, 1e-9, "two precisions")) == 0.5
    assert S._score(eq, Estimate(1e-6, 1e-9, "two precisions")) == pytest.approx(-1000.0)
    assert S._score(eq, 0) == 0.0 and S._score(eq, 3) == -math.inf
    assert S._score(ineq, float("nan")) is None


# ---------------------------------------------------------------------------------------
# ibv probe --search
# ---------------------------------------------------------------------------------------
def test_probe_search_runs_the_domain_search_and_stores_its_diagram(searched, tmp_path, capsys):
    import json

    from checks.machine.cli import main
    from checks.machine.store import Store

    store = tmp_path / "s.sqlite"
    assert main(["probe", "scratch/search-tail", "--search", "--search-examples", "20", "--store", str(store)]) == 1
    out = capsys.readouterr().out
    assert "smallest violating instance (edge: t largest (50.0); bisected towards the defaults): t=6.00" in out
    assert "a COUNTEREXAMPLE to the statement" in out
    runs = Store(str(store)).runs(kind="probe")
    arts = Store(str(store)).run_artifacts(runs[-1]["id"])
    assert {"search", "phase-diagram", "probe-summary"} <= set(arts)
    info = json.loads(arts["search"][1])
    assert 6.0 < info["counterexample"]["params"]["t"] < 6.01 and info["status"] == "refuted"
    # a true statement: exit 0, the smallest margin marked, the grid bounding the search
    argv = ["probe", "scratch/search-true", "--search", "--grid", "a=0.01..100:*10", "--store", str(store)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "smallest margin at" in out and "a in [0.01, 100.0]" in out
    arts = Store(str(store)).run_artifacts(Store(str(store)).runs(kind="probe")[-1]["id"])
    assert "smallest margin" in arts["phase-diagram"][1]


@pytest.mark.parametrize(
    "argv",
    [
        ["--search-examples", "5"],  # without --search
        ["--search", "--search-examples", "0"],
        ["--search", "--search-seconds", "-1"],
        ["--search", "--search-seconds", "nan"],
    ],
)
def test_probe_search_bad_input_exit_2(searched, argv, tmp_path, capsys):
    from checks.machine.cli import main

    store = tmp_path / "s.sqlite"
    assert main(["probe", "scratch/search-true", *argv, "--store", str(store)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ibv: error:")
    assert not store.exists()


def test_grid_bounds_replace_the_edges(searched):
    stmt = REGISTRY["scratch/search-necessity"]
    insts, dropped = S.edge_instances(stmt, bounds={"n": (3, 9), "k": [1, 2]})
    assert all(3 <= p["n"] <= 9 and p["k"] in (1, 2) for _, p in insts)
    assert {p["n"] for _, p in insts} >= {3, 9} and dropped == []


def test_an_absurd_real_is_bad_input_not_a_counterexample(tmp_path, capsys):
    """Issue 22's leftover: --set alpha=1e300 once stored an invented counterexample."""
    from checks.machine.cli import main

    store = tmp_path / "s.sqlite"
    assert main(["probe", "kernel-rich/theorem-1", "--set", "alpha=1e300", "--store", str(store)]) == 2
    assert "generic cap of real parameters" in capsys.readouterr().err
    assert not store.exists()


def test_equality_residuals_are_judged_by_the_judges(searched):
    """An equality's residual: exact -> ctx.exact; within its error -> ctx.agree at the tolerance
    its error sets (verified); beyond it -> ctx.bound (refuted); a ball containing 0 -> its radius
    as the error; a ball excluding 0 -> refuted by the enclosure; a bare float -> inconclusive."""
    import flint

    from checks.core import Context
    from numerics.estimate import Estimate

    ctx = Context(CHECKS[f"scratch/search-true::{S.SEARCH_CHECK}"])
    ctx.start({"a": 1.0, "b": 2.0})
    eq = S.Margin("scratch/search-true", lambda c, i: 0, equality=True)
    cases = [
        (0, "verified"),
        (Fraction(1, 3), "refuted"),
        (Estimate(1e-12, 1e-10, "two precisions"), "verified"),
        (Estimate(1e-8, 1e-10, "two precisions"), "refuted"),
        (flint.arb(0, 1e-20), "verified"),
        (flint.arb(1, 1e-20), "refuted"),
        (1e-3, "inconclusive"),
    ]
    for value, want in cases:
        assert S.judge(ctx, eq, value) == want, value
    assert ctx.items[2].metrics["evidence"] == "error estimate (two precisions)"
    assert ctx.items[5].metrics["evidence"] == "ball arithmetic"


def test_show_prints_the_search_and_the_counterexample_with_its_premise(searched, tmp_path, capsys):
    """``ibv show`` puts the coverage in words and shows each hypothesis at the counterexample
    (issue 22: the premise shown with each refutation)."""
    from checks.machine.cli import main

    store = str(tmp_path / "s.sqlite")
    main(["run", "scratch/search-boundary", "--store", store, "--quiet"])
    capsys.readouterr()
    assert main(["show", "scratch/search-boundary", "--store", store]) == 0
    out = capsys.readouterr().out
    assert "searched inside the hypotheses:" in out and "counterexample:" in out
    premise = next(line for line in out.splitlines() if "premise there:" in line)
    assert "held" in premise and "NOT held" not in premise
