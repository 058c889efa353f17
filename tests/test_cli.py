"""The ibv CLI contract: list/run/show/probe, JSON records, bad input (exit 2, nothing written)."""

import json
import sqlite3

import pytest

from checks.machine.cli import main

QUICK_ID = "kernel-rich/claim-q-closed-form"


def test_list_json(capsys):
    assert main(["list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    ids = {r["id"] for r in rows}
    assert "kernel-rich/theorem-1" in ids and all(r["checks"] for r in rows)


def test_run_stores_and_writes_json(tmp_path, capsys):
    store, out = tmp_path / "s.sqlite", tmp_path / "v.json"
    assert main(["run", QUICK_ID, "--store", str(store), "--json", str(out)]) == 0
    recs = json.loads(out.read_text())
    keys = {
        "statement_id",
        "check",
        "method",
        "status",
        "expected",
        "params",
        "metrics",
        "precision",
        "seed",
        "seconds",
        "message",
        "artifacts",
    }
    assert recs and all(keys <= set(r) for r in recs)
    assert all(r["status"] == r["expected"] for r in recs)
    con = sqlite3.connect(store)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0] == len(recs)
    assert con.execute("SELECT state FROM runs").fetchone()[0] == "complete"
    assert main(["show", QUICK_ID, "--store", str(store)]) == 0
    assert "proved" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "kernel-rich/no-such-statement"],
        ["show", "nope/nothing"],
        ["probe", "kernel-rich/theorem-1", "--set", "alpha=-1"],
        ["probe", "kernel-rich/theorem-1", "--set", "alpha=nan"],
        ["probe", "kernel-rich/theorem-1", "--set", "alpha=inf"],
        ["probe", "kernel-rich/theorem-1", "--set", "seed=1.5"],
        ["probe", "kernel-rich/theorem-1", "--set", "nosuch=1"],
        ["probe", "kernel-rich/theorem-1", "--set", "alpha"],
        # unknown parameter names, wrong types
        ["probe", "kernel-rich/theorem-1", "--set", "alpha=abc"],
        ["probe", "kernel-rich/theorem-1", "--set", "fixture"],
        ["probe", "kernel-rich/claim-q-closed-form", "--set", "alpha=1"],  # takes no parameters
        # NaN and infinities, for every numeric type
        ["probe", "kernel-rich/theorem-1", "--set", "alpha=-inf"],
        ["probe", "kernel-rich/theorem-1", "--set", "alpha=1e999"],
        ["probe", "kernel-rich/theorem-1", "--set", "seed=nan"],
        ["probe", "kernel-rich/theorem-1", "--set", "seed=inf"],
        ["probe", "kernel-rich/theorem-1", "--grid", "alpha=0.1,nan"],
        # values where the model is undefined
        ["probe", "kernel-rich/theorem-1", "--set", "alpha=0"],
        ["probe", "kernel-rich/theorem-3", "--set", "D=0"],
        ["probe", "kernel-rich/lemma-13", "--set", "d=0"],
        ["probe", "kernel-rich/lemma-13", "--set", "d=-3"],
        # non-integer and absurd sizes
        ["probe", "kernel-rich/lemma-13", "--set", "k=2.5"],
        ["probe", "kernel-rich/lemma-13", "--set", "k=1000000000"],
        ["probe", "kernel-rich/lemma-13", "--set", "d=1e30"],
        ["probe", "kernel-rich/theorem-1", "--grid", "seed=0..99999999"],
        # other arguments
        ["run", "--jobs", "0"],
        ["run", "--jobs", "many"],
        ["run", "--paper", "no-such-paper"],
        ["probe", "kernel-rich/no-such-statement"],
        ["probe", "kernel-rich/theorem-1", "--samples", "-2"],
        ["run", "--budget", "huge"],
        ["run", QUICK_ID, "--json", "/nonexistent-dir/x.json"],
        ["frobnicate"],
    ],
)
def test_bad_input_exit_2_nothing_written(argv, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert main(argv + ["--store", str(store)] if argv[0] in ("run", "probe", "show") else argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ibv: error:")
    assert not store.exists()


def test_probe_reports_hypotheses_and_verdict(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert main(["probe", "kernel-rich/theorem-1-general", "--set", "w0_scale=2", "--store", str(store)]) == 0
    out = capsys.readouterr().out
    assert "hypotheses held" in out and "w0_scale=2" in out


def test_bad_store_paths_exit_2(tmp_path, capsys):
    folder = tmp_path / "dir.sqlite"
    folder.mkdir()
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database")
    blocked = tmp_path / "file"
    blocked.write_text("")
    for path in (folder, junk, blocked / "sub" / "s.sqlite"):
        assert main(["run", QUICK_ID, "--store", str(path)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("ibv: error: store")
    assert junk.read_text() == "not a database"


def test_newer_schema_is_refused(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version=99")
    con.close()
    assert main(["run", QUICK_ID, "--store", str(db)]) == 2
    assert "newer" in capsys.readouterr().err


def test_a_closed_pipe_ends_the_listing_quietly():
    """``ibv list --json | head -1`` (115 kB: more than a pipe holds): the reader goes away; no
    traceback, exit 0."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "checks.machine.cli", "list", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0 and "Traceback" not in err, err
