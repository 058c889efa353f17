"""Benchmark: rendering the HTML report of a stored run (issue target: the full suite's
report within 10 s). Renders the latest run of the store (default: the project's store, so
run ``ibv run`` first) three times into a temporary folder and prints one JSON line with the
wall and CPU seconds of each render and the page counts. The catalog snapshot (statements and
checks, what ``ibv report`` builds once before rendering) is built once, its seconds printed
apart.

    python benchmarks/bench_report.py [--store PATH]
"""

import argparse
import json
import tempfile
import time
from pathlib import Path

from checks.machine.catalog import build_catalog
from checks.machine.store import Store, store_path
from reports.render import render_report


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", default=None)
    args = ap.parse_args()
    path = store_path(args.store)
    if not path.exists():
        raise SystemExit(f"no store at {path}: run 'ibv run' first")
    store = Store(str(path), create=False)
    t0 = time.perf_counter()
    catalog = build_catalog()
    catalog_s = round(time.perf_counter() - t0, 3)
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(3):
            out = Path(tmp) / f"r{k}"
            t0, c0 = time.perf_counter(), time.process_time()
            render_report(store, out, catalog)
            walls.append(round(time.perf_counter() - t0, 3))
            cpus.append(round(time.process_time() - c0, 3))
        pages = len(list((Path(tmp) / "r0" / "statements").glob("*.html")))
    print(
        json.dumps(
            {
                "benchmark": "report",
                "store": str(path),
                "statement_pages": pages,
                "catalog_s": catalog_s,
                "wall_s": walls,
                "cpu_s": cpus,
                "target_s": 10,
                "within_target": max(walls) < 10,
            }
        )
    )


if __name__ == "__main__":
    main()
