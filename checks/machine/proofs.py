"""Proof steps and the dependency graph (issue 19), as plain data for the CLI and the report.

Standard library and :mod:`checks.schema` only: the report imports this module without
importing the checks or their engines. Everything here reads two plain-data inputs:

* the catalog (:func:`checks.machine.catalog.build_catalog`): each statement entry has
  ``uses`` (``None``: not declared yet), ``steps`` and its checks, each check with the ``step``
  it checks (``None``: the statement's conclusion);
* the latest verdicts, ``{(statement_id, check_name): verdict}`` as
  :meth:`checks.machine.store.Store.latest_verdicts` returns them (a verdict is a dict with at
  least ``status`` and ``metrics``; :meth:`checks.core.Verdict.record` dicts work too).

Verdicts of steps and statements are judged apart: a statement's own status is the weakest of
its *conclusion* checks (no ``step``), a step's the weakest of the checks bound to it. A step no
check is bound to is :data:`UNCHECKED`, never silently fine. A proof erratum is a step expected
``refuted`` (with its erratum); it is listed apart from refuted statements (:func:`proof_errata`).

The graph's nodes are statements (and the ``ext:``/``def:`` entries they use), its edges go from
the invoking statement to the invoked one. For each edge the invoking statement's latest verdicts
say whether a ``ctx.discharge`` item covered it (:func:`edge_discharge`). Cycles are findings
(:func:`find_cycles`), as are invocations outside the invoked result's hypotheses and vacuous
constructions (``ctx.nonvacuous``): :func:`proof_findings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .. import schema

# the catalog (build_catalog's dict) or a list of its statement entries
Catalog = Mapping | Iterable[Mapping]

# A step's (or a statement's) status when its verdicts do not decide one.
UNCHECKED = "unchecked"  # no check is bound to it
NOT_RUN = "not run"  # checks are bound, none has a verdict in the store
PARTLY_RUN = "partly run"  # some of its checks have no verdict yet
STEPS_ONLY = "steps only"  # a statement all of whose checks check proof steps (no conclusion check)

# The discharge status of an edge (what its invoking statement's latest verdicts say).
DISCHARGED = "discharged"  # every discharge item held: the invoked hypotheses held at N instances
OUTSIDE = "outside hypotheses"  # a discharge item failed: invoked outside its hypotheses (a finding)
UNDECIDED_DISCHARGE = "undecided"  # discharge items ran but decided nothing (e.g. at instances outside
# the invoking statement's own hypotheses)
NOT_CHECKED = "not checked"  # no discharge item names the invoked result
NO_HYPOTHESES = "no hypotheses"  # the invoked statement has none: nothing to discharge
EXTERNAL = "external"  # an ``ext:``/``def:`` entry: no registered hypotheses
DISCHARGE_STATES = (DISCHARGED, OUTSIDE, UNDECIDED_DISCHARGE, NOT_CHECKED, NO_HYPOTHESES, EXTERNAL)

# The prefixes of a ``uses`` entry that names no statement (theorems.registry.USES_PREFIXES).
EXTERNAL_PREFIXES = ("ext:", "def:")

# The metric keys the judges write (checks.core.Context.discharge / .nonvacuous).
INVOKES = "invokes"
VACUOUS = "vacuous"


def step_id(statement_id: str, eq: str) -> str:
    """The id of a proof step (``theorems.registry.Statement.step_id``)."""
    return f"{statement_id}/step-{eq}"


def _entries(catalog: Catalog) -> list[dict]:
    if isinstance(catalog, Mapping):
        return list(catalog.get("statements", []))
    return list(catalog)


def _name(v: Mapping) -> str:
    return v.get("check_name", v.get("check"))


def latest_index(verdicts: Mapping | Iterable[Mapping]) -> dict[tuple[str, str], dict]:
    """``{(statement_id, check_name): verdict}`` from a mapping of that form (returned as is) or a
    list of verdict dicts (store rows or ``Verdict.record()``: the last of each check wins)."""
    if isinstance(verdicts, Mapping):
        return dict(verdicts)
    out: dict[tuple[str, str], dict] = {}
    for v in verdicts:
        out[(v["statement_id"], _name(v))] = v
    return out


# ---------------------------------------------------------------------------------------
# Judging statements and steps apart
# ---------------------------------------------------------------------------------------
def judge(statement_id: str, checks: list[Mapping], latest: Mapping, none: str = UNCHECKED) -> dict:
    """The status of a set of checks of one statement (a step's, or the conclusion's):

    ``{"status", "expected", "as_expected", "checks": [{"name", "method", "step", "expected",
    "latest", "message"}]}`` -- ``status`` the weakest latest status when every check has one,
    else :data:`PARTLY_RUN` / :data:`NOT_RUN`, or ``none`` when there is no check; ``expected``
    the weakest expected status; ``as_expected`` whether every check's latest verdict is its
    expected one (``None`` until every check ran)."""
    rows = []
    for c in checks:
        v = latest.get((statement_id, c["name"]))
        rows.append(
            {
                "name": c["name"],
                "method": c.get("method"),
                "step": c.get("step"),
                "expected": c.get("expected"),
                "latest": v.get("status") if v else None,
                "message": v.get("message") if v else None,
            }
        )
    ran = [r for r in rows if r["latest"] is not None]
    if not rows:
        status = none
    elif len(ran) < len(rows):
        status = PARTLY_RUN if ran else NOT_RUN
    else:
        status = schema.combine([r["latest"] for r in rows if r["latest"] in schema.STATUSES])
    expected = schema.combine([r["expected"] for r in rows if r["expected"] in schema.STATUSES], empty=None)
    as_expected = all(r["latest"] == r["expected"] for r in rows) if rows and len(ran) == len(rows) else None
    return {"status": status, "expected": expected, "as_expected": as_expected, "checks": rows}


def conclusion_checks(entry: Mapping) -> list[dict]:
    """A statement's own checks (those bound to no proof step)."""
    return [c for c in entry.get("checks", []) if c.get("step") is None]


def statement_status(entry: Mapping, latest: Mapping) -> dict:
    """The statement's own verdict, judged from its conclusion checks only (see :func:`judge`);
    a statement whose checks all check proof steps is :data:`STEPS_ONLY`."""
    own = conclusion_checks(entry)
    none = STEPS_ONLY if entry.get("checks") else UNCHECKED
    return judge(entry["id"], own, latest, none=none)


def statement_statuses(catalog: Catalog, latest: Mapping) -> dict[str, str]:
    """``{statement_id: status}``: each statement's own verdict (:func:`statement_status`)."""
    return {e["id"]: statement_status(e, latest)["status"] for e in _entries(catalog)}


def _counterexample(verdicts: list[Mapping]) -> dict | None:
    for v in verdicts:
        cex = (v.get("metrics") or {}).get(schema.COUNTEREXAMPLE)
        if cex:
            return {"check": _name(v), **cex}
    return None


def step_views(entry: Mapping, latest: Mapping) -> list[dict]:
    """Each proof step of a statement with its verdict, judged from the checks bound to it:
    ``{"id", "statement_id", "eq", "kind", "text", "expect", "erratum", "notes", "status",
    "expected", "as_expected", "checks", "counterexample", "message"}``. ``status`` is
    :data:`UNCHECKED` for a step no check is bound to; ``counterexample`` the first stored one of
    its refuted checks (the step's counterexample)."""
    sid = entry["id"]
    out = []
    for st in entry.get("steps", []):
        bound = [c for c in entry.get("checks", []) if c.get("step") == st["eq"]]
        j = judge(sid, bound, latest)
        vs = [latest[(sid, c["name"])] for c in bound if (sid, c["name"]) in latest]
        refuted = [v for v in vs if v.get("status") == schema.REFUTED]
        worst = [v for v in vs if v.get("status") == j["status"]]
        out.append(
            {
                "id": st.get("id") or step_id(sid, st["eq"]),
                "statement_id": sid,
                "eq": st["eq"],
                "kind": st.get("kind"),
                "text": st.get("text", ""),
                "expect": st.get("expect", "holds"),
                "erratum": st.get("erratum"),
                "notes": st.get("notes", ""),
                "status": j["status"],
                "expected": j["expected"],
                "as_expected": j["as_expected"],
                "checks": j["checks"],
                "counterexample": _counterexample(refuted),
                "message": worst[0].get("message") if worst else None,
            }
        )
    return out


def step_summary(entries: Iterable[Mapping], latest: Mapping) -> dict:
    """The proof steps of ``entries`` counted: ``{"steps", "hold", "errata" (refuted as expected),
    "undecided" (inconclusive as a check's ``expect`` says), "not_as_expected", "unchecked",
    "not_run", "by_status": {status: n}}``. ``hold``: a positive verdict as expected;
    ``errata``: a step printed wrong, refuted as its ``expect`` says."""
    out = {"steps": 0, "hold": 0, "errata": 0, "undecided": 0, "not_as_expected": 0, "unchecked": 0, "not_run": 0}
    out["by_status"] = {}
    for e in entries:
        for sv in step_views(e, latest):
            out["steps"] += 1
            st = sv["status"]
            out["by_status"][st] = out["by_status"].get(st, 0) + 1
            if st == UNCHECKED:
                out["unchecked"] += 1
            elif st in (NOT_RUN, PARTLY_RUN):
                out["not_run"] += 1
            elif not sv["as_expected"]:
                out["not_as_expected"] += 1
            elif st == schema.REFUTED:
                out["errata"] += 1
            elif st in schema.POSITIVE:
                out["hold"] += 1
            else:
                out["undecided"] += 1
    return out


def discharge_summary_text(counts: Mapping) -> str:
    """``invocations: 3 discharged, 1 outside hypotheses, 2 not checked`` (empty without any)."""
    if not any(counts.values()):
        return ""
    names = {DISCHARGED: "discharged", OUTSIDE: "outside hypotheses", UNDECIDED_DISCHARGE: "undecided"}
    names[NOT_CHECKED] = "not checked"
    return "invocations: " + ", ".join(f"{n} {names[k]}" for k, n in counts.items() if n)


def step_summary_text(counts: Mapping) -> str:
    """``proof steps: 12 hold, 2 refuted as expected (proof errata), ...`` (empty without steps)."""
    if not counts.get("steps"):
        return ""
    parts = [f"{counts['hold']} hold"]
    if counts["errata"]:
        parts.append(f"{counts['errata']} refuted as expected (proof errata)")
    if counts["undecided"]:
        parts.append(f"{counts['undecided']} undecided as expected")
    if counts["not_as_expected"]:
        parts.append(f"{counts['not_as_expected']} not as expected")
    if counts["not_run"]:
        parts.append(f"{counts['not_run']} not run")
    if counts["unchecked"]:
        parts.append(f"{counts['unchecked']} unchecked (no check bound)")
    return "proof steps: " + ", ".join(parts)


# ---------------------------------------------------------------------------------------
# The dependency graph
# ---------------------------------------------------------------------------------------
def used_by(catalog: Catalog) -> dict[str, list[str]]:
    """``{id: [ids of the statements whose proofs invoke it]}`` (registry order)."""
    out: dict[str, list[str]] = {}
    for e in _entries(catalog):
        for u in e.get("uses") or ():
            out.setdefault(u, []).append(e["id"])
    return out


def _discharge_items(statement_id: str, latest: Mapping) -> list[dict]:
    """Every comparison of a statement's latest verdicts that discharges an invoked result."""
    out = []
    for (sid, name), v in latest.items():
        if sid != statement_id:
            continue
        for c in (v.get("metrics") or {}).get(schema.COMPARISONS) or []:
            if isinstance(c, Mapping) and c.get(INVOKES):
                out.append({**c, "check": name})
    return out


def edge_discharge(user_id: str, used_id: str, latest: Mapping, used_entry: Mapping | None = None) -> dict:
    """Whether the latest verdicts of ``user_id`` discharged the hypotheses of ``used_id``:
    ``{"discharge": one of DISCHARGE_STATES, "instances": N held, "outside": M failed,
    "undecided": K, "outside_invoker": J (items at instances outside the invoking statement's own
    hypotheses: not counted as held or failed), "label": text, "checks": [names], "why": first
    failure}``. ``used_entry``
    (the invoked statement's catalog entry) tells a statement without hypotheses apart."""
    if used_id.startswith(EXTERNAL_PREFIXES):
        return {
            "discharge": EXTERNAL,
            "instances": 0,
            "outside": 0,
            "undecided": 0,
            "outside_invoker": 0,
            "label": "external",
            "checks": [],
        }
    # a Hypothesis summary of one label joins the ids its examples invoked with "; "
    items = [c for c in _discharge_items(user_id, latest) if used_id in str(c.get(INVOKES)).split("; ")]
    held = outside = undecided = off_premise = 0
    why = None
    for c in items:
        n = int(schema.number(c.get("examples")) or 1)
        st = c.get(schema.COMPARISON_STATUS)
        if c.get(schema.INVOKER_OUTSIDE):
            # at an instance outside the invoking statement's own hypotheses: the proof does not
            # invoke the result there, so neither a discharge nor a finding
            off_premise += n
        elif st == schema.REFUTED:
            outside += n
            why = why or c.get("why")
        elif st in schema.POSITIVE:
            held += n
        else:
            undecided += n
    s = lambda n: "s" * (n != 1)  # noqa: E731
    if outside:
        state, label = OUTSIDE, f"invoked outside its hypotheses at {outside} instance{s(outside)}"
    elif held:
        state, label = DISCHARGED, f"discharged at {held} instance{s(held)}"
    elif undecided or off_premise:
        state = UNDECIDED_DISCHARGE
        label = f"discharge undecided at {undecided} instance{s(undecided)}" if undecided else ""
        if off_premise:
            off = f"checked only at {off_premise} instance{s(off_premise)} outside the invoking statement's hypotheses"
            label = f"{label}; {off}" if label else off
    elif used_entry is not None and not used_entry.get("hypotheses"):
        state, label = NO_HYPOTHESES, "no hypotheses to discharge"
    else:
        state, label = NOT_CHECKED, "not checked"
    out = {
        "discharge": state,
        "instances": held,
        "outside": outside,
        "undecided": undecided,
        "outside_invoker": off_premise,
        "label": label,
        "checks": sorted({c["check"] for c in items}),
    }
    if why:
        out["why"] = why
    return out


def find_cycles(edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """The cycles of a directed graph, as its strongly connected components with more than one
    node (and self-loops), each sorted, in sorted order (Tarjan's algorithm, iterative)."""
    adj: dict[str, list[str]] = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(adj):
        if root in index:
            continue
        work = [(root, iter(adj[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(adj[nxt])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1 or node in adj[node]:
                    out.append(sorted(comp))
    return sorted(out)


def depths(nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> dict[str, int]:
    """Each node's dependency depth: 0 when it invokes nothing in the graph, else one more than
    the deepest node it invokes; the nodes of a cycle share one depth (computed on the graph of
    its strongly connected components)."""
    nodes = list(dict.fromkeys(nodes))
    edges = [(a, b) for a, b in edges if a != b]
    comp_of = {n: n for n in nodes}
    for cyc in find_cycles(edges):
        for n in cyc:
            comp_of[n] = cyc[0]
    succ: dict[str, set[str]] = {comp_of[n]: set() for n in nodes}
    for a, b in edges:
        ca, cb = comp_of.get(a, a), comp_of.get(b, b)
        succ.setdefault(ca, set())
        succ.setdefault(cb, set())
        if ca != cb:
            succ[ca].add(cb)
    memo: dict[str, int] = {}
    for start in succ:
        if start in memo:
            continue
        work = [start]
        while work:
            c = work[-1]
            pending = [d for d in succ[c] if d not in memo]
            if pending:
                work.extend(pending)
                continue
            work.pop()
            memo[c] = 1 + max((memo[d] for d in succ[c]), default=-1)
    return {n: memo[comp_of[n]] for n in nodes}


def dependency_graph(catalog: Catalog, latest: Mapping | None = None, paper: str | None = None) -> dict:
    """The dependency graph of one paper (``paper``) or of all: ``{"nodes", "edges", "cycles",
    "pending"}``.

    * ``nodes``: ``{"id", "paper", "kind", "number", "title", "status" (the statement's own,
      :func:`statement_status`), "expected", "as_expected", "steps", "step_findings" (steps
      refuted, as expected or not), "steps_unchecked", "uses_declared", "external" (an
      ``ext:``/``def:`` entry), "foreign" (another paper's statement a statement of ``paper``
      invokes), "depth"}``;
    * ``edges``: ``{"source" (the invoking statement), "target" (the invoked), "cross_paper",
      "discharge", "instances", "outside", "undecided", "outside_invoker", "label", "checks"}``
      (:func:`edge_discharge`);
    * ``cycles``: lists of node ids that invoke each other (a finding: circular reasoning, or a
      ``uses`` entry that is wrong);
    * ``pending``: the ids of ``paper``'s statements whose ``uses`` is not declared yet."""
    latest = latest or {}
    entries = _entries(catalog)
    by_id = {e["id"]: e for e in entries}
    mine = [e for e in entries if paper is None or e.get("paper") == paper]
    edges = []
    for e in mine:
        for u in e.get("uses") or ():
            target = by_id.get(u)
            edges.append(
                {
                    "source": e["id"],
                    "target": u,
                    "cross_paper": target is not None and target.get("paper") != e.get("paper"),
                    **edge_discharge(e["id"], u, latest, target),
                }
            )
    ids = [e["id"] for e in mine]
    for ed in edges:
        if ed["target"] not in ids:
            ids.append(ed["target"])
    pairs = [(ed["source"], ed["target"]) for ed in edges]
    depth = depths(ids, pairs)
    nodes = []
    for nid in ids:
        e = by_id.get(nid)
        if e is None:
            nodes.append(
                {
                    "id": nid,
                    "paper": None,
                    "kind": nid.split(":", 1)[0] if nid.startswith(EXTERNAL_PREFIXES) else "unknown",
                    "number": "",
                    "title": nid.split(":", 1)[-1],
                    "status": None,
                    "expected": None,
                    "as_expected": None,
                    "steps": 0,
                    "step_findings": 0,
                    "steps_unchecked": 0,
                    "uses_declared": True,
                    "external": True,
                    "foreign": False,
                    "depth": depth[nid],
                }
            )
            continue
        own = statement_status(e, latest)
        sv = step_views(e, latest)
        nodes.append(
            {
                "id": nid,
                "paper": e.get("paper"),
                "kind": e.get("kind"),
                "number": e.get("number", ""),
                "title": e.get("title", ""),
                "status": own["status"],
                "expected": own["expected"],
                "as_expected": own["as_expected"],
                "steps": len(sv),
                "step_findings": sum(s["status"] == schema.REFUTED for s in sv),
                "steps_unchecked": sum(s["status"] == UNCHECKED for s in sv),
                "uses_declared": e.get("uses") is not None,
                "external": False,
                "foreign": paper is not None and e.get("paper") != paper,
                "depth": depth[nid],
            }
        )
    return {
        "nodes": nodes,
        "edges": edges,
        "cycles": find_cycles(pairs),
        "pending": [e["id"] for e in mine if e.get("uses") is None],
    }


def place(catalog: Catalog, statement_id: str, latest: Mapping | None = None) -> dict:
    """A statement's place in the graph: ``{"uses": [{"id", "status", "external", **discharge}],
    "used_by": [{"id", "status", **discharge}], "uses_declared"}`` -- each neighbour with its own
    latest status and the discharge status of the edge."""
    latest = latest or {}
    entries = _entries(catalog)
    by_id = {e["id"]: e for e in entries}
    me = by_id[statement_id]

    def status(i: str) -> str | None:
        return statement_status(by_id[i], latest)["status"] if i in by_id else None

    uses = [
        {
            "id": u,
            "status": status(u),
            "external": u.startswith(EXTERNAL_PREFIXES) or u not in by_id,
            **edge_discharge(statement_id, u, latest, by_id.get(u)),
        }
        for u in me.get("uses") or ()
    ]
    users = [
        {"id": i, "status": status(i), **edge_discharge(i, statement_id, latest, me)}
        for i in used_by(entries).get(statement_id, [])
    ]
    pairs = [(e["id"], u) for e in entries for u in e.get("uses") or ()]
    cycles = [c for c in find_cycles(pairs) if statement_id in c]
    return {"uses": uses, "used_by": users, "uses_declared": me.get("uses") is not None, "cycles": cycles}


def discharge_summary(entries: Catalog, latest: Mapping, invoked: Catalog = ()) -> dict[str, int]:
    """The invocations of ``entries`` (edges to registered statements with hypotheses) counted by
    discharge status: ``{DISCHARGED: n, OUTSIDE: n, UNDECIDED_DISCHARGE: n, NOT_CHECKED: n}``.
    The invoked statements' entries (their hypotheses) are looked up among ``entries`` and
    ``invoked``; one found in neither is taken to have hypotheses."""
    entries = _entries(entries)
    by_id = {e["id"]: e for e in [*_entries(invoked), *entries]}
    out = {DISCHARGED: 0, OUTSIDE: 0, UNDECIDED_DISCHARGE: 0, NOT_CHECKED: 0}
    for e in entries:
        for u in e.get("uses") or ():
            d = edge_discharge(e["id"], u, latest, by_id.get(u))["discharge"]
            if d in out:
                out[d] += 1
    return out


# ---------------------------------------------------------------------------------------
# Errata and findings
# ---------------------------------------------------------------------------------------
def proof_errata(catalog: Catalog, latest: Mapping | None = None, paper: str | None = None) -> list[dict]:
    """The proof errata: every step expected ``refuted`` (printed wrong), with its erratum and the
    counterexample of its latest refuted verdict -- apart from refuted statements (a proof can
    break while its conclusion holds). Each: a :func:`step_views` record plus ``paper``,
    ``statement_title``, ``statement_number`` and ``statement_status`` (the conclusion's own)."""
    latest = latest or {}
    out = []
    for e in _entries(catalog):
        if paper is not None and e.get("paper") != paper:
            continue
        for sv in step_views(e, latest):
            if sv["expect"] == "refuted":
                out.append(
                    {
                        **sv,
                        "paper": e.get("paper"),
                        "statement_title": e.get("title", ""),
                        "statement_number": e.get("number", ""),
                        "statement_status": statement_status(e, latest)["status"],
                    }
                )
    return out


def proof_findings(catalog: Catalog, latest: Mapping | None = None, paper: str | None = None) -> dict:
    """What the proofs' checks found beyond the recorded errata: ``{"steps_not_as_expected":
    [step view], "outside_hypotheses": [edge], "vacuous": [{"statement_id", "check", "label",
    "instance", "why"}], "cycles": [[ids]], "unchecked_steps": [step ids], "pending": [ids]}``."""
    latest = latest or {}
    entries = [e for e in _entries(catalog) if paper is None or e.get("paper") == paper]
    graph = dependency_graph(catalog, latest, paper=paper)
    steps = [sv for e in entries for sv in step_views(e, latest)]
    vacuous = []
    for e in entries:
        for (sid, name), v in latest.items():
            if sid != e["id"]:
                continue
            for c in (v.get("metrics") or {}).get(schema.COMPARISONS) or []:
                if isinstance(c, Mapping) and c.get(VACUOUS) is True and c.get("status") == schema.REFUTED:
                    vacuous.append(
                        {
                            "statement_id": sid,
                            "check": name,
                            "label": c.get(schema.COMPARISON_LABEL),
                            "instance": c.get(schema.COMPARISON_INSTANCE),
                            "status": c.get(schema.COMPARISON_STATUS),
                            "why": c.get("why"),
                        }
                    )
    return {
        "steps_not_as_expected": [s for s in steps if s["as_expected"] is False],
        "outside_hypotheses": [ed for ed in graph["edges"] if ed["discharge"] == OUTSIDE],
        "vacuous": vacuous,
        "cycles": graph["cycles"],
        "unchecked_steps": [s["id"] for s in steps if s["status"] == UNCHECKED],
        "pending": graph["pending"],
    }


def uses_pending(catalog: Catalog) -> list[str]:
    """The statements whose ``uses`` is not declared yet (``None``)."""
    return [e["id"] for e in _entries(catalog) if e.get("uses") is None]


def unchecked_steps(catalog: Catalog) -> list[str]:
    """The ids of the proof steps no check is bound to."""
    out = []
    for e in _entries(catalog):
        bound = {c.get("step") for c in e.get("checks", [])}
        out += [st.get("id") or step_id(e["id"], st["eq"]) for st in e.get("steps", []) if st["eq"] not in bound]
    return out
