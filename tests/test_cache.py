"""The content-addressed cache: keys follow exactly the code a result depends on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from checks.core import load_checks, run_check
from checks.machine import cache
from checks.machine.store import Store

ROOT = Path(__file__).resolve().parent.parent
# a cheap symbolic check (well under a second)
CHEAP = "kernel-rich/claim-tangent-kernel-homogeneous::printed-affine-model"  # its only check


def _tree(tmp_path: Path) -> Path:
    """numerics/engine.py <- checks/paper.py (imports it, lazily too); checks/other.py apart."""
    for pkg in ("numerics", "checks", "theorems"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "numerics" / "engine.py").write_text("def f(x):\n    return 2 * x\n")
    (tmp_path / "numerics" / "unused.py").write_text("X = 1\n")
    (tmp_path / "theorems" / "paper.py").write_text("CLAIM = 'x'\n")
    (tmp_path / "checks" / "paper.py").write_text(
        "from numerics.engine import f\n\ndef check():\n    from theorems import paper\n    return f(1), paper.CLAIM\n"
    )
    (tmp_path / "checks" / "other.py").write_text("from numerics import unused\n")
    return tmp_path


def test_closure_follows_imports_including_lazy_ones(tmp_path):
    root = _tree(tmp_path)
    assert cache.closure("checks.paper", root) == (
        "checks",
        "checks.paper",
        "numerics",
        "numerics.engine",
        "theorems",
        "theorems.paper",
    )


def test_editing_a_dependency_changes_the_key_and_unrelated_code_does_not(tmp_path):
    """Across processes (each reads the sources once: ``forget_sources()`` stands for a
    new process), an edit of the closure changes the key; within a process the key stays that of
    the code it imported, so a file edited mid-run cannot key verdicts computed before the edit."""
    root = _tree(tmp_path)
    before = cache.code_hash(["checks.paper"], root)
    (root / "checks" / "other.py").write_text("from numerics import unused\nY = 2\n")
    (root / "numerics" / "unused.py").write_text("X = 3\n")
    cache.forget_sources()
    assert cache.code_hash(["checks.paper"], root) == before  # unrelated code
    (root / "numerics" / "engine.py").write_text("def f(x):\n    return 3 * x\n")
    assert cache.code_hash(["checks.paper"], root) == before  # the same process: the code it imported
    cache.forget_sources()
    assert cache.code_hash(["checks.paper"], root) != before  # a module it imports
    edited = cache.code_hash(["checks.paper"], root)
    (root / "theorems" / "paper.py").write_text("CLAIM = 'y'\n")
    cache.forget_sources()
    assert cache.code_hash(["checks.paper"], root) != edited  # a lazy import inside a function


def test_a_checks_key_covers_its_module_and_the_statements_module():
    chk = load_checks()[CHEAP]
    mods = cache.check_modules(chk)
    assert mods == ["checks.kernel_rich_depth", "theorems.kernel_rich_depth"]
    closure = set().union(*(cache.closure(m) for m in mods))
    assert {"checks.core", "checks.schema", "theorems.registry", "theorems.kernel_rich"} <= closure
    assert "checks.rnn_lowdim" not in closure and "checks.machine.cli" not in closure
    k = cache.verdict_key(chk, "quick", {}, 0)
    assert len({k, cache.verdict_key(chk, "full", {}, 0), cache.verdict_key(chk, "quick", {"D": 4}, 0)}) == 3


def test_verdict_from_the_cache_is_marked_and_refresh_recomputes(tmp_path):
    store = Store(tmp_path / "s.sqlite")
    chk = load_checks()[CHEAP]
    first = cache.Cache(store).verdict(chk, "quick", {}, 0, run_check)
    assert first.metrics["cache"]["hit"] is False
    again = cache.Cache(store).verdict(chk, "quick", {}, 0, run_check)
    assert again.metrics["cache"]["hit"] is True
    assert again.metrics["cache"]["computed_seconds"] == first.seconds
    assert (again.status, again.message, again.expected) == (first.status, first.message, first.expected)
    strip = lambda v: {k: x for k, x in v.metrics.items() if k != "cache"}  # noqa: E731
    assert strip(again) == strip(first)
    fresh = cache.Cache(store, refresh=True).verdict(chk, "quick", {}, 0, run_check)
    assert fresh.metrics["cache"]["hit"] is False


def test_memo_shares_a_computation_and_skips_code_it_cannot_version(tmp_path):
    from numerics import montecarlo

    c = cache.Cache(Store(tmp_path / "s.sqlite"))
    v1, hit1, k1 = c.call(montecarlo.clopper_pearson, 3, 10, alpha=0.05)
    v2, hit2, k2 = c.call(montecarlo.clopper_pearson, 3, 10, alpha=0.05)
    assert (hit1, hit2) == (False, True) and v1 == v2 and k1 == k2
    assert c.call(montecarlo.clopper_pearson, 4, 10, alpha=0.05)[1] is False
    assert c.call(len, [1, 2]) == (2, False, None)  # not a project function: computed, never cached


def test_ibv_run_reuses_verdicts_and_no_cache_recomputes(tmp_path):
    store = tmp_path / "s.sqlite"
    sid, name = CHEAP.split("::")

    def run(*extra):
        out = tmp_path / "v.json"
        cmd = [sys.executable, "-m", "checks.machine.cli", "run", sid, "--quiet", "--store", str(store), "--json"]
        subprocess.run([*cmd, str(out), *extra], cwd=ROOT, check=True, capture_output=True)
        (record,) = json.loads(out.read_text())
        return record["metrics"]["cache"]["hit"], record["seconds"]

    (h1, s1), (h2, _), (h3, s3) = run(), run(), run("--no-cache")
    assert (h1, h2, h3) == (False, True, False)
    # the scheduler's history counts the computed verdicts only, not the lookup
    assert abs(Store(store).durations("quick")[(sid, name)] - (s1 + s3) / 2) <= 1e-3  # records keep 3 decimals
