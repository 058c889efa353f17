"""Proof steps, uses and the dependency graph (issue 19): the machinery, on the test-only
statements of tests/plugins/proofs.py, and the layout's allowlists of what is not encoded yet.

The allowlists (:data:`USES_PENDING`, :data:`STEPS_UNCHECKED`) were generated from the registry
when the machinery landed; the paper encodings shrink them. A statement whose ``uses`` is not
declared, or a step no check is bound to, fails the layout test unless it is listed; an entry
that is no longer pending is said in a warning (delete it).
"""

from __future__ import annotations

import json
import sys
import warnings
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = str(ROOT / "tests" / "plugins" / "proofs.py")
THEOREM, LEMMA = "scratch/proof-theorem", "scratch/proof-lemma"

# Statements whose printed proof's invocations (``uses``) are not declared yet (``uses=None``).
USES_PENDING = ()

# Proof steps (``<statement-id>/step-<eq>``) that no check is bound to yet.
STEPS_UNCHECKED: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------
# The layout: what is not encoded yet is listed
# ---------------------------------------------------------------------------------------
def _paper_catalog() -> list[dict]:
    from checks.core import checks_for
    from checks.machine.catalog import statement_entry
    from theorems.registry import load_all

    return [statement_entry(s, checks_for(s.id)) for k, s in load_all().items() if not k.startswith("scratch/")]


def test_every_statement_declares_uses_or_is_listed_pending():
    from checks.machine.proofs import uses_pending

    pending = set(uses_pending(_paper_catalog()))
    new = sorted(pending - set(USES_PENDING))
    assert not new, f"declare uses= (() when the proof invokes nothing) for: {new[:20]}"
    stale = sorted(set(USES_PENDING) - pending)
    if stale:  # the list only shrinks: an entry declared since is said, not failed (merges stay green)
        warnings.warn(f"{len(stale)} statements declare uses now: delete from USES_PENDING: {stale[:20]}")


def test_every_step_has_a_check_or_is_listed_unchecked():
    from checks.machine.proofs import unchecked_steps

    unchecked = set(unchecked_steps(_paper_catalog()))
    new = sorted(unchecked - set(STEPS_UNCHECKED))
    assert not new, f"bind a check to these steps (@check(..., step=eq)): {new[:20]}"
    stale = sorted(set(STEPS_UNCHECKED) - unchecked)
    if stale:
        warnings.warn(f"{len(stale)} steps are checked now: delete from STEPS_UNCHECKED: {stale[:20]}")


# Cycles of the papers' graphs that are findings (the paper argues in a circle), each its sorted
# ids, with the reason in a comment.
CYCLES_FOUND: tuple[tuple[str, ...], ...] = ()


def test_the_paper_graphs_have_no_cycle():
    """A proof that invokes itself through other results is circular, or a uses entry is wrong."""
    from checks.machine.proofs import dependency_graph

    cycles = [tuple(c) for c in dependency_graph(_paper_catalog())["cycles"]]
    assert not set(cycles) - set(CYCLES_FOUND), f"circular uses (a wrong entry, or a finding): {cycles}"


def test_proofs_module_is_standard_library_and_schema_only():
    """The report imports checks.machine.proofs: it must not load the checks or the engines."""
    from checks.machine import cache

    mods = cache.imports("checks.machine.proofs", ROOT / "checks" / "machine" / "proofs.py")
    first = {m for m in mods if m.split(".")[0] in ("numerics", "theorems", "checks", "reports")}
    assert first <= {"checks", "checks.schema"}, first
    third = {m.split(".")[0] for m in mods - first} - {"__future__"}
    assert third <= set(sys.stdlib_module_names), third


def test_the_report_side_loads_no_check_statement_or_engine():
    """reports.graph and checks.machine.proofs, as the report imports them: no checks.core, no
    statement module, no numerical engine (the report renders data)."""
    import subprocess

    code = (
        "import json, sys; import reports.graph, checks.machine.proofs; "
        "reports.graph.draw_dependency_graph([{'id': 'a'}, {'id': 'b'}], [{'source': 'a', 'target': 'b'}]); "
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(json.loads(out.stdout))
    assert not {m for m in loaded if m.startswith(("theorems", "numerics")) or m == "checks.core"}
    engines = ("cvxpy", "flint", "sympy", "numpy", "scipy", "heyoka", "mpmath", "matplotlib")
    assert not {m for m in loaded if m.split(".")[0] in engines}


# ---------------------------------------------------------------------------------------
# The machinery on the test-only statements
# ---------------------------------------------------------------------------------------
@pytest.fixture
def proofs(monkeypatch):
    """Load tests/plugins/proofs.py for one test; remove its statements afterwards."""
    from checks.core import CHECKS, load_checks
    from theorems.registry import PLUGINS_ENV, REGISTRY

    monkeypatch.setenv(PLUGINS_ENV, PLUGIN)
    load_checks()
    yield REGISTRY[THEOREM]
    for k in [k for k in REGISTRY if k.startswith("scratch/")]:
        del REGISTRY[k]
    for k in [k for k in CHECKS if k.startswith("scratch/")]:
        del CHECKS[k]
    for m in [m for m in sys.modules if m.startswith("ibv_plugin_")]:
        del sys.modules[m]


def _run(ids, store_path):
    from checks.machine.runner import run_checks, select_checks
    from checks.machine.store import Store

    store = Store(store_path)
    verdicts = run_checks(select_checks(ids), store, cache="refresh")
    return store, verdicts


def _catalog():
    from checks.machine.catalog import build_catalog

    return build_catalog()


def test_step_verdicts_are_judged_apart_from_the_statement(proofs, tmp_path):
    """A proof step printed wrong is refuted while the conclusion is verified; the statement's own
    verdict comes from its conclusion check only; a step with no check is unchecked."""
    from checks.machine.proofs import UNCHECKED, statement_status, step_summary, step_views
    from checks.machine.runner import summary_line

    store, verdicts = _run([THEOREM], tmp_path / "s.sqlite")
    assert all(v.status == v.expected for v in verdicts), [(v.check, v.status, v.expected) for v in verdicts]
    steps = {v.check: v.step for v in verdicts}
    assert steps == {"conclusion": None, "step-1": "(1)", "step-2": "(2)", "step-3": "(3)", "step-4": "(4)"}
    latest = store.latest_verdicts()
    entry = next(e for e in _catalog()["statements"] if e["id"] == THEOREM)
    own = statement_status(entry, latest)
    assert own["status"] == "verified" and own["as_expected"] and [c["name"] for c in own["checks"]] == ["conclusion"]
    views = {s["eq"]: s for s in step_views(entry, latest)}
    assert views["(1)"]["status"] == "proved" and views["(4)"]["status"] == "verified"
    assert views["(2)"]["status"] == "refuted" and views["(2)"]["as_expected"]
    assert views["(2)"]["counterexample"]["instance"] == {"t": 1.0}
    assert views["App. A"]["status"] == UNCHECKED and views["App. A"]["as_expected"] is None
    assert views["(2)"]["id"] == proofs.step_id("(2)") == "scratch/proof-theorem/step-(2)"
    counts = step_summary([entry], latest)
    assert (counts["hold"], counts["errata"], counts["unchecked"], counts["not_as_expected"]) == (2, 2, 1, 0)
    line = summary_line(verdicts)
    assert "5 checks: 5 as expected" in line and "1 statements: 1 as expected, 0 not (verified 1)" in line
    assert "proof steps: 2 hold, 2 refuted as expected (proof errata), 1 unchecked (no check bound)" in line
    assert line.endswith("; invocations: 1 outside hypotheses")  # def:square is no invocation to discharge


def test_a_step_check_failing_names_its_step(proofs):
    """A step check's failure message (pytest) and its line in 'ibv run' name the proof step."""
    import io

    from checks.core import CHECKS, run_check
    from checks.machine.runner import print_verdict

    sys.path.insert(0, str(ROOT / "tests"))
    from test_proof_regression import _failure

    v = run_check(CHECKS[f"{THEOREM}::step-2"])
    v.expected = "verified"  # as if the step were printed right: the failure says which step
    assert _failure(v).startswith(f"{THEOREM}::step-2 (proof step (2)): got refuted, expected verified")
    buf = io.StringIO()
    print_verdict(v, buf)
    assert f"{THEOREM} :: step-2 [proof step (2)]" in buf.getvalue()


def test_discharge_coverage_and_an_invocation_outside_hypotheses(proofs, tmp_path):
    """The lemma invoked at a = t - 1 <= 0 (t = 0.75, inside the theorem's hypotheses) is outside
    the lemma's hypothesis a > 0: the edge says so, with the instances where it held."""
    from checks.machine.proofs import (
        DISCHARGED,
        EXTERNAL,
        NOT_CHECKED,
        OUTSIDE,
        dependency_graph,
        edge_discharge,
        place,
        proof_findings,
    )

    store, _ = _run([THEOREM, LEMMA], tmp_path / "s.sqlite")
    latest = store.latest_verdicts()
    cat = _catalog()
    edge = edge_discharge(THEOREM, LEMMA, latest)
    assert edge["discharge"] == OUTSIDE and edge["outside"] == 1 and edge["instances"] == 3
    assert edge["checks"] == ["step-3", "step-4"] and "a > 0" in edge["why"]
    assert edge_discharge(THEOREM, "def:square", latest)["discharge"] == EXTERNAL
    assert edge_discharge(THEOREM, LEMMA, {})["discharge"] == NOT_CHECKED
    only_held = {k: v for k, v in latest.items() if k[1] != "step-3"}
    assert edge_discharge(THEOREM, LEMMA, only_held)["discharge"] == DISCHARGED
    assert edge_discharge(THEOREM, LEMMA, only_held)["label"] == "discharged at 2 instances"
    graph = dependency_graph(cat, latest, paper="scratch")
    [e] = [e for e in graph["edges"] if e["target"] == LEMMA]
    assert e["discharge"] == OUTSIDE and not e["cross_paper"]
    nodes = {n["id"]: n for n in graph["nodes"]}
    assert nodes[THEOREM]["depth"] == 1 and nodes[LEMMA]["depth"] == 0 and nodes["def:square"]["external"]
    assert nodes[THEOREM]["status"] == "verified" and nodes[THEOREM]["step_findings"] == 2
    findings = proof_findings(cat, latest, paper="scratch")
    assert [(f["source"], f["target"]) for f in findings["outside_hypotheses"]] == [(THEOREM, LEMMA)]
    where = place(cat, LEMMA, latest)
    assert where["uses"] == [] and [u["id"] for u in where["used_by"]] == [THEOREM]
    assert where["used_by"][0]["discharge"] == OUTSIDE and where["cycles"] == []
    assert place(cat, "scratch/proof-cycle-b")["cycles"] == [["scratch/proof-cycle-a", "scratch/proof-cycle-b"]]


def test_discharge_needs_a_declared_registered_use(proofs):
    from checks.core import Check, run_check

    v = run_check(Check(THEOREM, "t", "random", lambda ctx: ctx.discharge("x", "scratch/proof-vacuous", {})))
    assert v.status == "error" and "does not declare uses" in v.message
    v = run_check(Check(THEOREM, "t", "random", lambda ctx: ctx.discharge("x", "def:square", {})))
    assert v.status == "error" and "no hypotheses to discharge" in v.message

    def unevaluable(ctx):
        ctx.start({"t": 1.0})
        ctx.discharge("L1 at a = 'x'", LEMMA, {"a": "x"})  # the predicate a > 0 raises: no finding

    v = run_check(Check(THEOREM, "t", "random", unevaluable))
    assert v.status == "inconclusive" and "could not be evaluated" in v.message


def test_a_discharge_outside_the_invoking_statements_hypotheses_is_not_counted(proofs):
    """At t = 0.25 the theorem's own hypothesis t >= 1/2 fails: its proof does not invoke the
    lemma there, so a discharge made there is marked and the edge counts it neither as held nor
    as a finding (undecided, said in the label)."""
    from checks.core import Check, run_check
    from checks.machine.proofs import DISCHARGED, UNDECIDED_DISCHARGE, edge_discharge
    from checks.schema import INVOKER_OUTSIDE

    def at(t, a):
        def run(ctx):
            ctx.start({"t": t})
            ctx.discharge(f"L1 at a = {a}", LEMMA, {"a": a})

        return run

    # invocation-step checks, judged apart from the statement (as ssm-poison's saddle chain, whose
    # I_3 no constructed instance meets, discharges at the paper's (d, L))
    off = run_check(Check(THEOREM, "off", "random", at(0.25, 1.0), step="(4)"))
    (item,) = [c for c in off.metrics["comparisons"] if c.get("invokes")]
    # the lemma's hypothesis held there (the item's own status), but the check decides nothing
    assert item["status"] == "verified" and item[INVOKER_OUTSIDE] == [r"$t \ge 1/2$"]
    assert off.status == "inconclusive"
    on = run_check(Check(THEOREM, "on", "random", at(0.75, 1.0), step="(4)"))
    assert on.status == "verified" and INVOKER_OUTSIDE not in on.metrics["comparisons"][0]
    edge = edge_discharge(THEOREM, LEMMA, {(THEOREM, "off"): off.record()})
    assert edge["discharge"] == UNDECIDED_DISCHARGE and edge["outside_invoker"] == 1 and edge["instances"] == 0
    assert "outside the invoking statement's hypotheses" in edge["label"]
    both = edge_discharge(THEOREM, LEMMA, {(THEOREM, "off"): off.record(), (THEOREM, "on"): on.record()})
    assert both["discharge"] == DISCHARGED and both["instances"] == 1 and both["outside_invoker"] == 1


def test_discharge_of_a_hypothesis_replaced_on_purpose(proofs):
    """A corollary invoking "the lemma with a > 0 replaced by a < 0": the replacement is judged in
    its place (held: no finding; failed: a finding) and recorded; an unknown text is a mistake."""
    from checks.core import Check, run_check

    def swapped(a):
        def run(ctx):
            ctx.start({"t": 1.0})
            ctx.discharge("L1 with a < 0", LEMMA, {"a": a}, replaced={"$a > 0$": ("$a < 0$", lambda p: p["a"] < 0)})

        return run

    v = run_check(Check(THEOREM, "t", "random", swapped(-1.0)))
    assert v.status == "verified", v.message
    (item,) = v.metrics["comparisons"]
    assert item["replaced"] == {"$a > 0$": "$a < 0$"} and item["hypotheses"] == {"$a < 0$": True}
    assert run_check(Check(THEOREM, "t", "random", swapped(1.0))).status == "refuted"
    bad = run_check(
        Check(THEOREM, "t", "random", lambda ctx: ctx.discharge("x", LEMMA, {"a": 1.0}, replaced={"$b$": ("", bool)}))
    )
    assert bad.status == "error" and "no hypothesis" in bad.message


def test_discharge_inside_generated_examples_keeps_what_it_invokes(proofs):
    """ctx.random summarises its items per label: the invoked id stays on the summary."""
    from hypothesis import strategies as st

    from checks.core import Check, run_check

    def fn(ctx):
        def prop(t):
            ctx.start({"t": t})
            ctx.discharge("L1 at a = t", LEMMA, {"a": t})

        ctx.random(st.floats(0.5, 2.0), prop, quick=5)

    v = run_check(Check(THEOREM, "t", "random", fn))
    [c] = v.metrics["comparisons"]
    assert v.status == "verified" and c["invokes"] == LEMMA and c["examples"] >= 5


def test_a_cycle_is_found(proofs):
    from checks.machine.proofs import dependency_graph, depths, find_cycles

    graph = dependency_graph(_catalog(), paper="scratch")
    assert graph["cycles"] == [["scratch/proof-cycle-a", "scratch/proof-cycle-b"]]
    nodes = {n["id"]: n for n in graph["nodes"]}
    assert nodes["scratch/proof-cycle-a"]["depth"] == nodes["scratch/proof-cycle-b"]["depth"]
    assert find_cycles([("a", "a"), ("b", "c")]) == [["a"]]
    assert find_cycles([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d")]) == [
        ["a", "b", "c"],
        ["d", "e"],
    ]
    assert depths("abcd", [("a", "b"), ("b", "c"), ("a", "c")]) == {"a": 2, "b": 1, "c": 0, "d": 0}


def test_a_vacuous_construction_is_a_finding(proofs, tmp_path):
    from checks.core import CHECKS, Check, run_check
    from checks.machine.proofs import proof_errata, proof_findings

    v = run_check(CHECKS["scratch/proof-vacuous::nonempty"])
    assert v.status == v.expected == "refuted" and v.step == "(5)"
    [c] = v.metrics["comparisons"]
    assert c["vacuous"] is True and c["construction"] == "closed interval" and "vacuous" in c["why"]
    latest = {("scratch/proof-vacuous", "nonempty"): v.record()}
    findings = proof_findings(_catalog(), latest, paper="scratch")
    assert [(f["statement_id"], f["check"]) for f in findings["vacuous"]] == [("scratch/proof-vacuous", "nonempty")]
    errata = {e["id"]: e for e in proof_errata(_catalog(), latest)}
    assert errata["scratch/proof-vacuous/step-(5)"]["counterexample"]["instance"] == {"t": 0.5}

    def judged(**kw):
        return run_check(Check("scratch/proof-vacuous", "t", "random", lambda ctx: ctx.nonvacuous("i", **kw)))

    assert judged(lo=Fraction(1), hi=Fraction(1)).status == "verified"  # [1, 1] is not empty
    w = judged(lo=Fraction(1), hi=Fraction(1), closed=False)  # (1, 1) is
    assert w.status == "refuted" and w.metrics["comparisons"][0]["construction"] == "open interval"
    assert judged(members=0).status == "refuted" and judged(members=3).status == "verified"
    assert judged(members=3, whole=True).status == "proved"
    assert judged(lo=1.0, hi=2.0).status == "inconclusive"  # floats without an error estimate decide nothing
    assert judged(lo=1.0, hi=2.0, err=1e-12).status == "verified"
    assert judged(lo=1, hi=2, members=2).status == "error"


def test_proof_errata_are_listed_apart_from_refuted_statements(proofs, tmp_path):
    from checks.machine.proofs import proof_errata

    store, _ = _run([THEOREM, "scratch/proof-vacuous"], tmp_path / "s.sqlite")
    errata = proof_errata(_catalog(), store.latest_verdicts(), paper="scratch")
    # the papers' own proof errata (e.g. ssm-poison's refuted steps) are listed too: compare the planted ones
    errata = [e for e in proof_errata(_catalog(), store.latest_verdicts()) if e["id"].startswith("scratch/")]
    assert [e["id"] for e in errata] == [
        "scratch/proof-theorem/step-(2)",
        "scratch/proof-theorem/step-(3)",
        "scratch/proof-vacuous/step-(5)",
    ]
    by_id = {e["id"]: e for e in errata}
    two = by_id["scratch/proof-theorem/step-(2)"]
    assert two["statement_status"] == "verified" and two["status"] == "refuted" and "t = 1" in two["erratum"]
    assert two["counterexample"]["check"] == "step-2" and two["counterexample"]["metrics"]["slack"] == -1
    assert by_id["scratch/proof-theorem/step-(3)"]["counterexample"]["instance"] == {"t": 0.75}


def test_cli_show_and_list_carry_steps_and_the_graph(proofs, tmp_path, capsys):
    from checks.machine.cli import main

    store = str(tmp_path / "s.sqlite")
    assert main(["run", THEOREM, LEMMA, "--store", store, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "proof steps: 2 hold, 2 refuted as expected (proof errata), 1 unchecked" in out
    assert main(["show", THEOREM, "--store", store]) == 0
    out = capsys.readouterr().out
    assert "latest (the statement's own checks): verified" in out
    assert "step (2) [inequality], expected refuted (a proof erratum): refuted" in out
    assert "2t ≤t^2" in out and "$" not in out
    assert "step App. A [restatement], expected holds: unchecked" in out
    assert "counterexample (step-2): 2t <= t^2 at {'t': 1.0}" in out
    assert f"uses: {LEMMA} (proved; invoked outside its hypotheses at 1 instance), def:square (external)" in out
    assert main(["show", LEMMA, "--store", store]) == 0
    assert f"used by: {THEOREM} (verified; invoked outside its hypotheses at 1 instance)" in capsys.readouterr().out
    assert main(["show", "scratch/proof-cycle-b", "--store", store]) == 0
    cycle = "in a cycle of uses (circular, or a uses entry is wrong): scratch/proof-cycle-a → scratch/proof-cycle-b →"
    assert cycle in capsys.readouterr().out
    assert main(["show", THEOREM, "--store", store, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["uses"] == [LEMMA, "def:square"] and shown["latest"] == "verified"
    assert [s["eq"] for s in shown["steps"]] == ["(1)", "(2)", "(3)", "(4)", "App. A"]
    assert main(["list", "--json", "--store", store]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    thm = rows[THEOREM]
    assert thm["latest"] == "verified" and thm["uses"] == [LEMMA, "def:square"] and thm["used_by"] == []
    assert rows[LEMMA]["used_by"] == [THEOREM] and rows["scratch/proof-undeclared"]["uses"] is None
    assert {k for k in thm["steps"][0]} >= {"eq", "kind", "text", "expect", "erratum"}
    assert {c["name"]: c["step"] for c in thm["checks"]}["step-3"] == "(3)"
    assert [s["latest"] for s in thm["steps"]] == ["proved", "refuted", "refuted", "verified", "unchecked"]
    assert main(["list", "--store", store]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith(THEOREM + " "))
    assert row.split()[3] == "verified" and "5 steps: 1 proved, 2 refuted, 1 unchecked, 1 verified" in row


def test_a_probe_does_not_count_a_refuted_step_as_a_counterexample(proofs, tmp_path, capsys):
    """At t = 1 the printed step (2) fails (as recorded) and the lemma is invoked at a = 0: the
    conclusion holds, so there is no counterexample to the statement; the steps are named."""
    from checks.machine.cli import main

    store, records = str(tmp_path / "s.sqlite"), tmp_path / "p.json"
    argv = ["probe", THEOREM, "--set", "t=1.0", "--store", store, "--workers", "1", "--quiet", "--json", str(records)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    steps = {r["check"]: r["step"] for r in json.loads(records.read_text())}
    assert steps["conclusion"] is None and steps["step-2"] == "(2)"
    assert "COUNTEREXAMPLES" not in out and "the conclusion held (or was undecided) on every instance" in out
    assert "proof step (2) fails on 1 instance(s) inside the hypotheses (as expected: a proof erratum" in out
    assert "proof step (3) fails on 1 instance(s)" in out


# ---------------------------------------------------------------------------------------
# The drawing
# ---------------------------------------------------------------------------------------
def test_the_graph_is_a_valid_svg_with_links_and_discharge_styles(proofs, tmp_path):
    from checks.machine.proofs import dependency_graph
    from reports.graph import EDGE_STYLES, draw_dependency_graph, draw_paper_graph

    store, _ = _run([THEOREM, LEMMA], tmp_path / "s.sqlite")
    g = dependency_graph(_catalog(), store.latest_verdicts(), paper="scratch")
    svg = draw_dependency_graph(g["nodes"], g["edges"], link="statements/{id}.html", title="scratch <graph>")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    hrefs = [a.get("href") for a in root.iter("{http://www.w3.org/2000/svg}a")]
    assert "statements/scratch%2Fproof-theorem.html" in hrefs and not any("def%3A" in h for h in hrefs)
    assert EDGE_STYLES["outside hypotheses"]["stroke"] in svg and "scratch &lt;graph&gt;" in svg
    assert "invoked outside its hypotheses at 1 instance" in svg
    paper_svg = draw_paper_graph(_catalog(), store.latest_verdicts(), "scratch", link="{raw}.html")
    assert "1 cycle(s): scratch/proof-cycle-a → scratch/proof-cycle-b" in ET.fromstring(paper_svg)[0].text
    svg2 = draw_dependency_graph(g["nodes"], g["edges"], link=lambda i: None if "cycle" in i else f"p/{i}")
    ET.fromstring(svg2)
    assert "p/scratch/proof-theorem" in svg2 and "p/scratch/proof-cycle-a" not in svg2


def test_the_graph_drawn_from_statement_views_and_their_uses():
    """Given statement views (their ``uses``, steps as lists, titles as HTML) and a mapping
    ``{id: view}`` in place of the edges, the edges come from the uses and the links from the
    views' ``href``; an invoked statement of another paper is drawn as a node of its own."""
    from reports.graph import draw_dependency_graph

    t1 = {"id": "p/theorem-1", "kind": "theorem", "number": "1", "title": "<i>T</i>", "status": "verified"}
    t1 |= {"uses": ["p/lemma-2", "q/lemma-3", "ext:Gronwall"], "steps": [{}, {}], "href": "statements/t1.html"}
    l2 = {"id": "p/lemma-2", "kind": "lemma", "number": "2", "status": "not run", "uses": []}
    views = [t1, l2 | {"href": "statements/l2.html"}]
    by_id = {v["id"]: v for v in views} | {"q/lemma-3": {"id": "q/lemma-3", "href": "statements/l3.html"}}
    svg = draw_dependency_graph(views, by_id)
    root = ET.fromstring(svg)
    hrefs = sorted(a.get("href") for a in root.iter("{http://www.w3.org/2000/svg}a"))
    assert hrefs == ["statements/l2.html", "statements/l3.html", "statements/t1.html"]
    assert "2 steps" in svg and "ext:Gronwall" in svg and "<i>" not in svg


def test_sixty_nodes_stay_readable():
    """60 statements in 5 layers and 12 loose ones: rows wrap, the drawing stays a few screens."""
    from reports.graph import NODE_H, NODE_W, draw_dependency_graph

    nodes = [{"id": f"p/lemma-{k}", "kind": "lemma", "number": str(k), "status": "verified"} for k in range(60)]
    edges = [
        {"source": f"p/lemma-{k}", "target": f"p/lemma-{k - 12 - (k % 3)}", "discharge": "discharged"}
        for k in range(15, 60)
    ]
    svg = draw_dependency_graph(nodes, edges, link="s/{id}.html")
    root = ET.fromstring(svg)
    width, height = float(root.get("width")), float(root.get("height"))
    rects = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("width") == str(NODE_W)]
    assert len(rects) == 60 and width <= 8 * (NODE_W + 30) + 40 and height < 20 * NODE_H * 2
    boxes = {(float(r.get("x")), float(r.get("y"))) for r in rects}
    assert len(boxes) == 60  # no two nodes drawn on top of each other


def test_step_texts_print_as_unicode_maths():
    """ibv show prints a step's display: nested and unbraced fractions, roots and accents."""
    from checks.machine.textmath import tex_text

    assert tex_text(r"$\frac{-\bar\lambda_++\sqrt{(\bar\lambda_+)^2+4\sigma^2}}2$") == "(-λ̄_++√((λ̄_+)^2+4σ^2))/2"
    assert tex_text(r"$\dot{\underline x} \le \frac12$, $\sqrt[3]{x}$") == "ẋ̲ ≤1/2, [3]√(x)"
