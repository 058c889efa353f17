"""ibv probe: grid parsing and validation, samples, a sweep on a local Dask cluster, resume
after an interrupted sweep, the counterexample search on a planted statement, the summary."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from _plugin import cli_env

from checks.machine.cli import main
from checks.machine.probe import (
    grid_instances,
    parse_grid,
    probe,
    sample_instances,
    search,
    summarise,
    violation_margin,
)
from checks.machine.store import Store
from theorems.registry import ParamError, load_all

T1 = "kernel-rich/theorem-1"


def _stmt(i=T1):
    return load_all()[i]


# -- grid parsing ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "spec, values",
    [
        ("seed=0..3", [0, 1, 2, 3]),
        ("seed=2..8:3", [2, 5, 8]),
        ("seed=4,1,4", [4, 1]),
        ("alpha=0.1..0.3:0.1", [0.1, 0.2, 0.3]),
        ("alpha=0.01..10:*10", [0.01, 0.1, 1.0, 10.0]),
        ("alpha=1e-3,2.5", [0.001, 2.5]),
        ("fixture=T5,TIE", ["T5", "TIE"]),
    ],
)
def test_grid_parsing(spec, values):
    axis = parse_grid(_stmt(), spec)
    assert axis.values == values
    assert all(type(v) is type(values[0]) for v in axis.values)


@pytest.mark.parametrize(
    "spec, words",
    [
        ("alpha=0.1..1", "needs a step"),  # a real range needs a step
        ("seed=5..1", "empty range"),
        ("seed=0..4:0", "step must be > 0"),
        ("seed=0..100000", "more than"),  # absurd sweep
        ("alpha=-1..1:0.5", "must be > 0"),  # outside the domain (the model is undefined)
        ("alpha=0..1:*2", "a > 0"),
        ("alpha=nan,1", "finite"),
        ("alpha=1,inf", "finite"),
        ("seed=0.5,1", "integer"),
        ("nosuch=1,2", "unknown parameter"),
        ("alpha", "NAME=VALUE"),
        ("alpha=", "expected"),
        ("alpha=1,,2", "expected"),
    ],
)
def test_grid_validation(spec, words):
    with pytest.raises(ParamError, match=words):
        parse_grid(_stmt(), spec)


def test_grid_is_cartesian_and_refuses_overlaps():
    s = _stmt()
    inst = grid_instances({"fixture": "TIE"}, [parse_grid(s, "alpha=0.1,1"), parse_grid(s, "seed=0..2")])
    assert len(inst) == 6 and all(i["fixture"] == "TIE" for i in inst)
    assert {(i["alpha"], i["seed"]) for i in inst} == {(a, b) for a in (0.1, 1.0) for b in (0, 1, 2)}
    with pytest.raises(ParamError, match="also given with --set"):
        grid_instances({"alpha": 0.5}, [parse_grid(s, "alpha=0.1,1")])
    with pytest.raises(ParamError, match="given twice"):
        grid_instances({}, [parse_grid(s, "seed=0..1"), parse_grid(s, "seed=3..4")])


def test_samples_are_valid_distinct_deterministic_and_keep_overrides():
    s = _stmt("kernel-rich/theorem-1-general")
    a = sample_instances(s, {"fixture": "TIE"}, 8, seed=3)
    b = sample_instances(s, {"fixture": "TIE"}, 8, seed=3)
    assert a == b and len(a) == 8
    assert len({json.dumps(i, sort_keys=True) for i in a}) == 8
    for inst in a:
        assert inst["fixture"] == "TIE"
        for k, v in inst.items():
            if v is not None:
                assert s.param(k).validate(v) == v
    with pytest.raises(ParamError):
        sample_instances(s, {}, 0, seed=0)


# -- summary -------------------------------------------------------------------------------
def test_probe_summary_separates_counterexamples_from_failures_outside_hypotheses(planted, tmp_path):
    store = Store(tmp_path / "s.sqlite")
    insts = [{"x": 7.0, "n": 10}, {"x": 5.0, "n": 20}, {"x": 1.0, "n": 20}, {"x": 1.0, "n": 2}]
    res = probe(planted, store=store, instances=insts, workers=1, mode="grid", axes=["x", "n"])
    s = res.summary
    assert s["counterexamples"] == [{"n": 10, "x": 7.0}]
    assert s["fails_outside_hypotheses"] == [{"n": 20, "x": 5.0}]
    assert s["holds_outside_hypotheses"] == [{"n": 20, "x": 1.0}]
    assert s["overrides_unused"] == {"n": ["x-in-range"]}  # that check never reads n
    text = "\n".join(s["lines"])
    assert "COUNTEREXAMPLES" in text and "evidence that a hypothesis is needed" in text and "not read" in text
    run = store.latest_run(kind="probe")
    assert run["state"] == "complete"
    arts = store.run_artifacts(run["id"])
    assert json.loads(arts["probe-summary"][1])["counterexamples"] == [{"n": 10, "x": 7.0}]
    assert arts["phase-diagram"][0] == "image/svg+xml" and "<svg" in arts["phase-diagram"][1]
    # verdict rows are ordinary verdicts whose params are the overrides
    rows = store.verdicts(run_id=run["id"])
    assert len(rows) == 8 and {json.dumps(r["params"], sort_keys=True) for r in rows} == {
        json.dumps(i, sort_keys=True) for i in insts
    }


def test_margin_signs():
    ok = {
        "status": "verified",
        "metrics": {"comparisons": [{"status": "verified", "slack": 1.0, "lhs": 1.0, "rhs": 2.0}]},
    }
    bad = {
        "status": "refuted",
        "metrics": {"comparisons": [{"status": "refuted", "discrepancy": 3e-6, "tolerance": 1e-6}]},
    }
    assert violation_margin(ok) < 0 < violation_margin(bad)


def test_unused_override_is_reported_for_a_real_check(tmp_path, capsys):
    """kernel-rich's Theorem 1 Hypothesis check draws its own alpha: --set alpha is not used there."""
    assert (
        main(["probe", T1, "--set", "alpha=0.3", "--check", "argmin-properties", "--store", str(tmp_path / "s.sqlite")])
        == 0
    )
    out = capsys.readouterr().out
    assert "check(s) argmin-properties did not read the override alpha" in out


# -- Dask ----------------------------------------------------------------------------------
def test_small_sweep_on_a_local_dask_cluster(planted, tmp_path):
    store = Store(tmp_path / "s.sqlite")
    s = planted
    axes = [parse_grid(s, "x=0..9:3"), parse_grid(s, "n=5,12")]
    insts = grid_instances({}, axes)
    seen = []
    res = probe(s, store=store, instances=insts, axes=["x", "n"], mode="grid", workers=2, on_verdict=seen.append)
    assert res.new == 16 and len(seen) == 16
    run = store.latest_run(kind="probe")
    assert run["state"] == "complete"
    rows = store.verdicts(run_id=run["id"])
    assert len(rows) == 16
    by = {(r["params"]["x"], r["params"]["n"]): r["status"] for r in rows if r["check_name"] == "bound"}
    assert by[(9.0, 12)] == "refuted" and by[(3.0, 5)] == "verified"
    assert res.summary["counterexamples"] == []  # n = 5 (held) never fails; n = 12 is outside
    assert {json.dumps(p, sort_keys=True) for p in res.summary["fails_outside_hypotheses"]} == {
        json.dumps({"n": 12, "x": x}, sort_keys=True) for x in (6.0, 9.0)
    }


# -- resume --------------------------------------------------------------------------------
def _count(db):
    con = sqlite3.connect(db, timeout=30)
    try:
        return con.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    finally:
        con.close()


def test_interrupted_sweep_resumes_without_redoing_finished_instances(tmp_path):
    db = tmp_path / "s.sqlite"
    env = cli_env(db)
    cmd = [
        sys.executable,
        "-m",
        "checks.machine.cli",
        "probe",
        "scratch/planted",
        "--grid",
        "x=0..9:1",
        "--set",
        "delay=0.3",
        "--check",
        "bound",
        "--workers",
        "1",
        "--quiet",
    ]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while _count(db) < 3 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, proc.stderr.read().decode()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done_before = _count(db)
    assert 3 <= done_before < 10
    store = Store(db)  # opening marks the dead run incomplete; its verdicts are kept
    (run,) = store.runs(kind="probe")
    assert run["state"] == "incomplete"
    first = {json.dumps(v["params"], sort_keys=True): v["id"] for v in store.verdicts(run_id=run["id"])}
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert f"resumed run {run['id']}: {done_before}" in out.stdout
    store = Store(db)
    (run2,) = store.runs(kind="probe")
    assert run2["id"] == run["id"] and run2["state"] == "complete"
    rows = store.verdicts(run_id=run["id"])
    assert len(rows) == 10 and len({json.dumps(v["params"], sort_keys=True) for v in rows}) == 10
    for v in rows:  # finished instances were not redone
        key = json.dumps(v["params"], sort_keys=True)
        if key in first:
            assert v["id"] == first[key]
    # a finished sweep run again starts a new run
    out = subprocess.run(cmd + ["--set", "n=3"], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and len(Store(db).runs(kind="probe")) == 2


# -- search --------------------------------------------------------------------------------
def test_search_finds_and_shrinks_the_planted_counterexample(planted, tmp_path):
    store = Store(tmp_path / "s.sqlite")
    res = search(
        planted,
        {"delay": 0.0},
        store=store,
        checks=[
            c
            for c in __import__("checks.core", fromlist=["checks_for"]).checks_for("scratch/planted")
            if c.name == "bound"
        ],
        max_examples=200,
        seed=1,
        axes=[parse_grid(planted, "x=0..10:0.5"), parse_grid(planted, "n=1..10")],
    )
    info = res.search
    assert info["found"], info["largest_margin"]
    ce = info["smallest_counterexample"]
    assert ce["x"] * ce["n"] > 60 and ce["n"] <= 10 and info["hypotheses_held"]
    run = store.latest_run(kind="probe")
    rows = store.verdicts(run_id=run["id"])
    assert rows and rows[0]["status"] == "refuted" and rows[0]["params"] == ce
    assert json.loads(store.run_artifacts(run["id"])["search"][1])["smallest_counterexample"] == ce
    assert "COUNTEREXAMPLE" in res.summary["lines"][0]


def test_search_reports_no_violation_on_a_true_statement(planted):
    res = search(planted, {"delay": 0.0, "n": 3}, max_examples=15, seed=0)
    assert not res.search["found"] and res.search["largest_margin"]["margin"] < 0
    assert "no violation" in res.summary["lines"][0]


# -- CLI -------------------------------------------------------------------------------------
def test_cli_grid_sweep_json_and_summary(planted, tmp_path, capsys):
    store, out = tmp_path / "s.sqlite", tmp_path / "v.json"
    assert (
        main(
            [
                "probe",
                "scratch/planted",
                "--grid",
                "x=6..8:2",
                "--set",
                "n=10",
                "--workers",
                "1",
                "--json",
                str(out),
                "--store",
                str(store),
            ]
        )
        == 1  # a counterexample inside the hypotheses: exit 1
    )
    text = capsys.readouterr().out
    assert "COUNTEREXAMPLES to the statement: n=10, x=8.0" in text and "phase diagram stored" in text
    recs = json.loads(out.read_text())
    assert len(recs) == 4 and {r["check"] for r in recs} == {"bound", "x-in-range"}
    assert all(
        {"statement_id", "check", "status", "expected", "params", "metrics", "artifacts"} <= set(r) for r in recs
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--grid", "x=0..1"],  # real range without a step
        ["--grid", "x=0..11:1"],  # 11 is above the domain's high (10)
        ["--grid", "n=1..10", "--set", "n=3"],
        ["--samples", "0"],
        ["--samples", "100001"],
        ["--samples", "two"],
        ["--samples", "3", "--grid", "n=1,2"],
        ["--workers", "0"],
        ["--seed", "-1"],
        ["--seed", "99999999999"],
        ["--scheduler", "not an address"],
        ["--check", "nosuch"],
        ["--set", "n=51"],  # above the statement's cap
        ["--set", "n=1e12"],  # absurd size
    ],
)
def test_probe_bad_input_exit_2_nothing_written(planted, argv, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert main(["probe", "scratch/planted", *argv, "--store", str(store)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ibv: error:")
    assert not store.exists()


def test_sweep_on_an_existing_dask_cluster(planted, tmp_path, capsys, monkeypatch):
    """--scheduler ADDRESS: the sweep runs on a cluster someone else started, whose workers have
    no $IBV_PLUGINS (issue 22, item 7: the plugin's statements travel with the tasks)."""
    from dask.distributed import LocalCluster

    from theorems.registry import PLUGINS_ENV

    plugin = os.environ[PLUGINS_ENV]
    monkeypatch.delenv(PLUGINS_ENV)  # the workers start without it
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    monkeypatch.setenv(PLUGINS_ENV, plugin)
    try:
        store = tmp_path / "s.sqlite"
        assert (
            main(
                [
                    "probe",
                    "scratch/planted",
                    "--grid",
                    "n=9..12",
                    "--set",
                    "x=6.5",
                    "--check",
                    "bound",
                    "--scheduler",
                    cluster.scheduler_address,
                    "--store",
                    str(store),
                ]
            )
            == 1  # the counterexample
        )
    finally:
        cluster.close()
    out = capsys.readouterr().out
    assert "COUNTEREXAMPLES to the statement: n=10, x=6.5" in out
    assert "outside the hypotheses" in out and len(Store(store).verdicts()) == 4


def test_unreachable_scheduler_is_bad_input(planted, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert (
        main(["probe", "scratch/planted", "--grid", "n=1,2", "--scheduler", "tcp://127.0.0.1:9", "--store", str(store)])
        == 2
    )
    assert "cannot connect" in capsys.readouterr().err and not store.exists()


def test_phase_diagram_over_a_numeric_and_a_categorical_axis():
    from checks.machine.probe import phase_diagram

    def rec(alpha, fixture, status):
        return {
            "check_name": "c",
            "status": status,
            "expected": "verified",
            "params": {"alpha": alpha, "fixture": fixture},
            "metrics": {"comparisons": [], "instances": []},
        }

    rows = [
        rec(a, f, "refuted" if (a > 1 and f == "TIE") else "verified")
        for a in (0.01, 1.0, 100.0)
        for f in ("T5", "TIE")
    ]
    s = summarise(_stmt(), rows, mode="grid", axes=["alpha", "fixture"])
    svg = phase_diagram(s, ["alpha", "fixture"])
    assert svg.startswith("<?xml") and "TIE" in svg and "refuted" in svg
    assert s["counterexamples"] == [{"alpha": 100.0, "fixture": "TIE"}]


def test_a_probe_instance_past_its_time_limit_is_an_error_not_a_counterexample(planted, tmp_path, capsys):
    """Issue 22, item 1: a per-(check, instance) time limit; what runs past it is an error
    verdict (exit 1, listed as undecided), never a counterexample."""
    store = tmp_path / "s.sqlite"
    argv = ["probe", "scratch/planted", "--set", "x=7", "--set", "n=10", "--set", "delay=5", "--timeout", "0.5"]
    assert main([*argv, "--check", "bound", "--store", str(store)]) == 1
    out = capsys.readouterr().out
    assert "undecided" in out and "COUNTEREXAMPLES" not in out
    (v,) = Store(store).verdicts()
    assert v["status"] == "error" and "time limit" in v["message"]
    assert main(["probe", "scratch/planted", "--timeout", "-1", "--store", str(store)]) == 2


def test_a_probe_on_dask_keeps_its_time_limit(planted, tmp_path, capsys):
    """Issue 22: Dask workers run tasks in threads; the probe's --timeout still ends a task there
    as an error verdict, never a counterexample."""
    from dask.distributed import LocalCluster

    store = tmp_path / "s.sqlite"
    argv = ["probe", "scratch/planted", "--set", "x=7", "--set", "n=10", "--set", "delay=120", "--timeout", "1"]
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        t0 = time.perf_counter()
        where = ["--scheduler", cluster.scheduler_address, "--store", str(store)]
        assert main([*argv, "--check", "bound", *where]) == 1
        # stopped long before the check's own 120 s (the worker's start and imports take seconds)
        assert time.perf_counter() - t0 < 60
    finally:
        cluster.close()
    assert "COUNTEREXAMPLES" not in capsys.readouterr().out
    (v,) = Store(store).verdicts()
    assert v["status"] == "error" and "time limit" in v["message"]


def test_a_time_limit_stops_a_task_in_a_worker_thread():
    """Issue 22: a Dask worker runs tasks in threads, where SIGALRM cannot reach; the time limit
    is raised there asynchronously, and a task that ends in time leaves nothing pending."""
    import threading
    import time

    from checks.machine.executor import TaskTimeout, _time_limit

    outcome = {}

    def busy():
        t0 = time.perf_counter()
        try:
            with _time_limit(0.3):
                while time.perf_counter() - t0 < 10:
                    time.sleep(0.01)
            outcome["busy"] = "finished"
        except TaskTimeout:
            outcome["busy"] = time.perf_counter() - t0

    def quick():
        with _time_limit(0.2):
            pass
        time.sleep(0.4)  # past the limit: nothing may be raised any more
        outcome["quick"] = "finished"

    threads = [threading.Thread(target=busy), threading.Thread(target=quick)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(15)
    assert isinstance(outcome["busy"], float) and 0.3 <= outcome["busy"] < 2
    assert outcome["quick"] == "finished"
