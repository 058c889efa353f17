"""Benchmark: the whole suite, cold and warm, as a user runs it.

Runs ``ibv run --budget B --jobs J --quiet`` on a new, empty store in a temporary folder
(cold: nothing cached, no timing history of its own, so the run is ordered by the shipped
table ``checks/machine/expected_seconds.json``), then the same command again on that store
(warm: no code changed, every verdict from the cache), and optionally once more with
``--no-cache`` (every verdict recomputed on a store with history). For each run it prints one
JSON line: wall and CPU seconds (the children's user + system time), the result line, how many
verdicts came from the cache, the machine (cores, load average before the run) and the commit;
``--out`` appends the lines to a file. Run it on an idle machine: the load is recorded, not
controlled.

    python benchmarks/bench_suite.py [--budget quick] [--jobs 2] [--no-cache-run] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commit() -> str | None:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() or None


def run_suite(store: Path, budget: str, jobs: int, extra: list[str]) -> dict:
    records = store.parent / "verdicts.json"
    cmd = [sys.executable, "-m", "checks.machine.cli", "run", "--budget", budget, "--jobs", str(jobs), "--quiet"]
    cmd += ["--store", str(store), "--json", str(records), *extra]
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    verdicts = json.loads(records.read_text()) if records.exists() else []
    hits = sum(bool(v["metrics"].get("cache", {}).get("hit")) for v in verdicts)
    lines = proc.stdout.strip().splitlines()
    return {
        "budget": budget,
        "jobs": jobs,
        "args": extra,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "exit": proc.returncode,
        "result": lines[-1] if lines else proc.stderr.strip()[-300:],
        "verdicts": len(verdicts),
        "from_cache": hits,
        "load_before": round(load, 2),
        "cores": os.cpu_count(),
        "machine": f"{platform.machine()} {platform.python_version()}",
        "commit": _commit(),
        "date": time.strftime("%Y-%m-%d %H:%M"),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", choices=["quick", "full"], default="quick")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-cache-run", action="store_true", help="a third run with --no-cache")
    ap.add_argument("--out", help="append the JSON lines to this file")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store.sqlite"
        runs = [("cold", [])] + [("warm", [])] + ([("no-cache", ["--no-cache"])] if args.no_cache_run else [])
        for label, extra in runs:
            rec = {"run": label, **run_suite(store, args.budget, args.jobs, extra)}
            line = json.dumps(rec)
            print(line, flush=True)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(line + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
