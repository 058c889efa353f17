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


def test_faults_are_one_line_before_any_computation(tmp_path, capsys, monkeypatch):
    """Issue 22, item 5: unwritable or odd store and output locations, a corrupt or foreign
    SQLite file, a missing or broken plugin: one line, exit 2, nothing computed or written."""
    import os

    from theorems.registry import PLUGINS_ENV

    def refused(argv, expect):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("ibv: error:") and expect in err[0], err

    store = tmp_path / "s.sqlite"
    refused(["run", QUICK_ID, "--store", ""], "empty")
    refused(["run", QUICK_ID, "--store", str(tmp_path / "missing" / "s.sqlite")], "does not exist")
    assert not (tmp_path / "missing").exists()
    foreign = tmp_path / "foreign.sqlite"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE photos (id INTEGER)")
    con.close()
    refused(["run", QUICK_ID, "--store", str(foreign)], "something else")
    refused(["show", QUICK_ID, "--store", str(foreign)], "something else")
    # a store whose pages are garbled after its header
    assert main(["run", QUICK_ID, "--store", str(store), "--quiet"]) == 0
    capsys.readouterr()
    con = sqlite3.connect(store)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = bytearray(store.read_bytes())
    assert len(data) > 3 * 4096
    data[4096:] = b"\x5a" * (len(data) - 4096)
    corrupt = tmp_path / "corrupt.sqlite"
    corrupt.write_bytes(bytes(data))
    refused(["run", QUICK_ID, "--store", str(corrupt)], "store")
    # unwritable outputs are found before the computation
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if not os.access(locked, os.W_OK):  # (root writes anywhere)
            refused(["run", QUICK_ID, "--store", str(store), "--json", str(locked / "v.json")], "not writable")
            refused(["report", "--store", str(store), "--out", str(locked / "r")], "not a writable")
            refused(["run", QUICK_ID, "--store", str(locked / "s.sqlite")], "not writable")
    finally:
        locked.chmod(0o700)
    refused(["report", "--store", str(store), "--out", str(tmp_path / "a" / "b" / "r")], "does not exist")
    # a read-only store is still shown and reported
    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "s.sqlite").write_bytes(store.read_bytes())
    (ro / "s.sqlite").chmod(0o400)
    ro.chmod(0o500)
    try:
        assert main(["show", QUICK_ID, "--store", str(ro / "s.sqlite")]) == 0
        assert main(["report", "--store", str(ro / "s.sqlite"), "--out", str(tmp_path / "rep")]) == 0
    finally:
        ro.chmod(0o700)
    capsys.readouterr()
    monkeypatch.setenv(PLUGINS_ENV, str(tmp_path / "no_such_plugin.py"))
    refused(["list"], "no such file")
    broken = tmp_path / "broken.py"
    broken.write_text("def oops(:\n")
    monkeypatch.setenv(PLUGINS_ENV, str(broken))
    refused(["list"], "SyntaxError")


def test_a_run_says_what_happened(tmp_path, capsys):
    """Issue 22, item 4: count and ETA on every line (or, with --quiet, a progress line on
    stderr); a summary counting checks and statements; the reason of an undecided verdict."""
    from checks.core import Check, run_check
    from checks.machine.runner import summary_line

    store = str(tmp_path / "s.sqlite")
    assert main(["run", QUICK_ID, "--store", store]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("ok [1/2, eta") and "2 checks: 2 as expected" in out[-1] and "1 statements" in out[-1]
    assert main(["run", QUICK_ID, "--store", store, "--quiet", "--no-cache"]) == 0
    captured = capsys.readouterr()
    assert "ibv: 2/2 checks, 0 not as expected" in captured.err and len(captured.out.splitlines()) == 1
    v = run_check(Check(QUICK_ID, "t", "flow", lambda ctx: ctx.bound("a bound", 1.0, 2.0)))
    assert v.status == "inconclusive" and v.message == "a bound -- no error estimate"
    assert "statements: 0 as expected, 1 not (inconclusive 1)" in summary_line([v])


def test_list_and_show_say_the_latest_verdict_and_its_numbers(tmp_path, capsys):
    """Issue 22, item 4: ``ibv list`` has a header and the latest verdict; ``ibv show`` prints
    the key numbers and the evidence of each check, and maths without TeX source."""
    from checks.machine.textmath import tex_text

    store = str(tmp_path / "s.sqlite")
    assert main(["run", QUICK_ID, "--store", store, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["list", "--store", store, "--paper", "kernel-rich"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["statement", "kind", "expected", "latest"]
    row = next(line for line in lines if line.startswith(QUICK_ID + " "))
    assert row.split()[3] == "verified" and any(line.split()[3] == "not" for line in lines[1:])
    assert main(["show", QUICK_ID, "--store", store]) == 0
    out = capsys.readouterr().out
    assert "evidence: symbolic identity x" in out and "\\operatorname" not in out and "$" not in out
    assert tex_text(r"$\alpha\le\min\{1, \sqrt{d}\}$ and $\hat\Theta\in\mathbb R^{d\times d}$") == (
        "α≤min{1, √(d)} and Θ̂∈ℝ^(d×d)"
    )


def test_run_changed_reruns_only_what_changed(tmp_path, capsys):
    """Issue 22: ``ibv run --changed`` runs only the checks whose verdict is not current."""
    store = str(tmp_path / "s.sqlite")
    assert main(["run", QUICK_ID, "--store", store, "--changed", "--quiet"]) == 0
    assert "2 checks changed or never ran (0 current" in capsys.readouterr().out
    assert main(["run", QUICK_ID, "--store", store, "--changed"]) == 0
    assert "nothing changed: the 2 selected checks' verdicts are current" in capsys.readouterr().out
