"""The machine (checks/machine/): one executor and one run lifecycle for ``ibv run`` and
``ibv probe``, longest-first scheduling from the store's history, the code version over
subpackages, the catalog snapshot for the report, and what a move into a subpackage could
silently break (paper-module discovery, tools/mutate.py's view of the modules)."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from checks.core import Check, Verdict, checks_for
from checks.machine.executor import Executor, InProcess, Run, Task, choose, execute, schedule, units
from checks.machine.store import Store, code_files, code_version

ROOT = Path(__file__).resolve().parent.parent


def _check(name: str, sid: str = "scratch/planted") -> Check:
    return Check(sid, name, "random", lambda ctx: None)


def _verdict(chk: Check, seconds: float, status: str = "verified") -> Verdict:
    return Verdict(chk.statement_id, chk.name, chk.method, status, "verified", {}, {}, None, 0, seconds, "")


def _history(store: Store, budget: str, rows: list[tuple[Check, float]]) -> None:
    run = store.start_run(budget)
    for chk, seconds in rows:
        store.add_verdict(run, _verdict(chk, seconds))
    store.finish_run(run)


# -- longest first -------------------------------------------------------------------------
def test_schedule_is_longest_first_unknown_first(tmp_path):
    a, b, c, d, e = (_check(n) for n in "abcde")
    store = Store(tmp_path / "s.sqlite")
    # a: median of its last five at quick is 10 (an old 1000 s run is beyond the five)
    _history(store, "quick", [(a, 1000.0)])
    for s in (9.0, 10.0, 11.0, 10.0, 30.0):
        _history(store, "quick", [(a, s)])
    _history(store, "quick", [(b, 2.0), (c, 50.0), (e, 2.0)])
    _history(store, "full", [(b, 500.0)])  # another budget: not counted at quick
    expected = store.durations("quick")
    assert expected[("scratch/planted", "a")] == 10.0 and expected[("scratch/planted", "b")] == 2.0
    tasks = [Task(x) for x in (a, b, c, d, e)]
    order = [tasks[i].check.name for i in schedule(tasks, expected)]
    assert order == ["d", "c", "a", "b", "e"]  # no history first; then 50, 10, 2, 2 (ties in given order)
    assert [tasks[i].check.name for i in schedule(tasks, store.durations("full"))] == ["a", "c", "d", "e", "b"]
    assert schedule([], expected) == []


def test_lpt_order_lets_two_workers_finish_together():
    """With the history's durations, longest-first on two workers finishes no later than the
    given order (here: much earlier)."""
    durations = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 6.0]
    tasks = [Task(_check(f"t{k}")) for k in range(len(durations))]
    expected = {t.history_key: s for t, s in zip(tasks, durations)}

    def makespan(order):
        workers = [0.0, 0.0]
        for i in order:
            k = workers.index(min(workers))
            workers[k] += durations[i]
        return max(workers)

    assert makespan(schedule(tasks, expected)) == 6.0 < makespan(range(len(tasks))) == 9.0


def test_checks_sharing_a_computation_are_one_unit_ordered_by_their_sum():
    """Two checks sharing a flow (``Check.shares``) stay consecutive, placed by their summed
    seconds, and go to one worker as one unit; others are units of one."""
    solo = [_check("solo-long"), _check("solo-short")]
    pair = [Check("scratch/planted", n, "random", lambda ctx: None, shares="flow-x") for n in ("p1", "p2")]
    tasks = [Task(c) for c in (solo[1], pair[0], solo[0], pair[1])]
    expected = {
        ("scratch/planted", n): s for n, s in (("solo-long", 7.0), ("solo-short", 1.0), ("p1", 5.0), ("p2", 4.0))
    }
    order = schedule(tasks, expected)
    assert [tasks[i].check.name for i in order] == ["p1", "p2", "solo-long", "solo-short"]  # 9 > 7 > 1
    ordered = [tasks[i] for i in order]
    assert units(ordered) == [[0, 1], [2], [3]]


class _Reversed(Executor):
    """A parallel back-end whose verdicts arrive in reverse submission order; records what it
    was given."""

    parallel = True

    def __init__(self):
        self.submitted: list[str] = []

    def run(self, tasks, budget, seed, cache=None):
        self.submitted = [t.check.name for t in tasks]
        for i in reversed(range(len(tasks))):
            yield i, _verdict(tasks[i].check, 0.1)


def test_execute_submits_longest_first_and_returns_task_order(tmp_path):
    chks = [_check(n) for n in ("short", "long", "new")]
    store = Store(tmp_path / "s.sqlite")
    _history(store, "quick", [(chks[0], 1.0), (chks[1], 40.0)])
    ex = _Reversed()
    arrived = []
    with Run(store, "quick", argv=["run"]) as run:
        got = execute(run, [Task(c) for c in chks], ex, on_verdict=lambda v: arrived.append(v.check))
    assert ex.submitted == ["new", "long", "short"]
    assert arrived == ["short", "long", "new"]  # as they came
    assert [v.check for v in got] == ["short", "long", "new"]  # in task order
    last = store.runs()[-1]
    assert last["state"] == "complete" and [v["check_name"] for v in store.verdicts(run_id=last["id"])] == arrived


def test_in_process_keeps_the_given_order(planted, tmp_path):
    chks = [_check(n) for n in ("a", "b")]
    store = Store(tmp_path / "s.sqlite")
    _history(store, "quick", [(chks[1], 100.0)])
    with Run(store, "quick") as run:
        got = execute(run, [Task(c) for c in chks], InProcess())
    assert [v.check for v in got] == ["a", "b"]


# -- the lifecycle -------------------------------------------------------------------------
class _Interrupted(Executor):
    def __init__(self, exc: BaseException):
        self.exc = exc

    def run(self, tasks, budget, seed, cache=None):
        yield 0, _verdict(tasks[0].check, 0.1)
        raise self.exc


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), RuntimeError("worker lost")])
def test_run_is_incomplete_after_an_exception_and_keeps_its_verdicts(tmp_path, exc):
    store = Store(tmp_path / "s.sqlite")
    with pytest.raises(type(exc)):
        with Run(store, "quick", argv=["run"]) as run:
            execute(run, [Task(_check("a")), Task(_check("b"))], _Interrupted(exc))
    (r,) = store.runs()
    assert r["state"] == "incomplete" and r["finished"] is not None
    assert [v["check_name"] for v in store.verdicts(run_id=r["id"])] == ["a"]


def test_run_resumes_an_interrupted_sweep(tmp_path):
    store = Store(tmp_path / "s.sqlite")
    chk = _check("a")
    with pytest.raises(KeyboardInterrupt):
        with Run(store, "quick", kind="probe", sweep="k1", resume=True) as run:
            run.add(_verdict(chk, 0.1))
            raise KeyboardInterrupt
    with Run(store, "quick", kind="probe", sweep="k1", resume=True) as again:
        assert again.resumed and again.id == run.id and again.done == {("a", "{}")}
    assert store.runs()[-1]["state"] == "complete"
    with Run(store, "quick", kind="probe", sweep="k1", resume=True) as third:  # a finished sweep starts anew
        assert not third.resumed and third.id != run.id
    with Run(None, "quick") as bare:  # no store: only collects
        bare.add(_verdict(chk, 0.1))
    assert bare.id is None and len(bare.verdicts) == 1


def test_backend_choice():
    assert isinstance(choose(5, jobs=1), InProcess) and isinstance(choose(1, jobs=4), InProcess)
    assert choose(5, jobs=2).name == "process pool" and choose(5, jobs=2).jobs == 2
    assert isinstance(choose(5, dask=True, workers=1), InProcess) and isinstance(choose(1, dask=True), InProcess)
    assert choose(5, dask=True).name == "dask" and choose(1, dask=True, scheduler="tcp://h:1").name == "dask"


def test_process_pool_runs_the_registered_checks(planted, tmp_path):
    """``ibv run --jobs 2`` path: a pool of two processes, verdicts stored and in check order."""
    from checks.machine.runner import run_checks

    chks = checks_for("scratch/planted")
    store = Store(tmp_path / "s.sqlite")
    got = run_checks(chks, store, jobs=2, argv=["run", "--jobs", "2"])
    assert [v.check for v in got] == [c.name for c in chks]
    assert all(v.status == v.expected for v in got)
    (r,) = store.runs()
    assert r["state"] == "complete" and len(store.verdicts(run_id=r["id"])) == len(chks)


# -- what a move into a subpackage could break silently ------------------------------------
def test_code_version_hashes_subpackages(tmp_path):
    for pkg in ("numerics", "theorems", "checks"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "checks" / "machine").mkdir()
    deep = tmp_path / "checks" / "machine" / "store.py"
    deep.write_text("x = 1\n")
    before = code_version(tmp_path)
    assert deep in code_files(tmp_path)
    deep.write_text("x = 2\n")
    code_version.cache_clear()
    assert code_version(tmp_path) != before
    # the real tree: the machine's own files are part of the code version
    names = {f.relative_to(ROOT).as_posix() for f in code_files()}
    assert {"checks/machine/executor.py", "checks/machine/store.py", "checks/schema.py", "checks/core.py"} <= names


def test_load_checks_never_takes_the_machine_for_a_paper(monkeypatch):
    import theorems.registry as registry
    from checks import core

    core.load_checks()
    assert not any(c.fn.__module__.startswith("checks.machine") for c in core.CHECKS.values())
    assert "machine" not in registry.paper_modules()
    real = registry.paper_modules()
    monkeypatch.setattr(registry, "paper_modules", lambda: real + ["machine"])
    monkeypatch.setattr(core, "load_all", lambda: registry.REGISTRY)  # no theorems/machine.py to import
    with pytest.raises(RuntimeError, match="names a module of the machine"):
        core.load_checks()


def test_mutate_sees_subpackages_and_parameter_factories():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import mutate
    finally:
        sys.path.remove(str(ROOT / "tools"))
    mods = mutate.modules(ROOT)
    assert "checks.machine.probe" in mods and "checks.machine" in mods and "checks.core" in mods
    deps = mutate.imports_of("checks.machine.probe", mods["checks.machine.probe"])
    assert {"checks.core", "checks.schema", "checks.machine.executor"} <= deps
    tree = ast.parse(
        "def _pos(name, d):\n    return Param(name, float, d, low=0.5)\n"
        "def _twice(name):\n    return _pos(name, 2.0)\n"
        "def claim(x):\n    return x < 3\n"
        "A = _pos('a', 1.5)\nB = _twice('b')\nC = claim(4)\n"
    )
    assert mutate.param_factories(tree) == {"_pos", "_twice"}
    mutated = {(c[1], c[2]) for c in mutate._candidates(tree)}
    assert ("constant", "3") in mutated and ("constant", "4") in mutated  # the claim is mutated
    assert not {("constant", "1.5"), ("constant", "2.0"), ("constant", "0.5")} & mutated  # the domains are not


# -- the catalog snapshot ------------------------------------------------------------------
def test_catalog_is_plain_data_with_every_statement_and_check():
    from checks.core import load_checks
    from checks.machine.catalog import build_catalog
    from theorems.registry import PAPER_TITLES, PAPERS, REGISTRY

    cat = build_catalog()
    json.dumps(cat)  # plain data
    assert [p["key"] for p in cat["papers"]] == list(PAPERS) and all(
        p["title"] == PAPER_TITLES[p["key"]] for p in cat["papers"]
    )
    assert {s["id"] for s in cat["statements"]} == set(REGISTRY) and not cat["warnings"]
    by_id = {s["id"]: s for s in cat["statements"]}
    n_checks = sum(len(s["checks"]) for s in cat["statements"])
    assert n_checks == len(load_checks())
    t1 = by_id["kernel-rich/theorem-1"]
    assert t1["source"]["file"] == PAPERS["kernel-rich"] and t1["text"] and t1["checks"]
    assert {"name", "method", "expected", "doc", "step", "code"} == set(t1["checks"][0])
    assert t1["checks"][0]["code"]["file"].startswith("checks/") and t1["encoding"]["file"] == "theorems/kernel_rich.py"
    assert t1["uses"] is None or isinstance(t1["uses"], list)
    assert isinstance(t1["steps"], list)
    assert all({"name", "type", "default", "doc"} == set(p) for p in t1["params"])
