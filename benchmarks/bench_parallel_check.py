"""Benchmark (issue 9): ``integrate_hp(..., parallel_check=True)`` -- the check run in a
second thread -- against the sequential call on kernel-rich d = 100 (exact reduction, real128
working run, MPFR 128 check, the stop rule on the grid). Wall times need a free second core:
run it on an idle machine. Prints one JSON line.

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_parallel_check.py
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import problems  # noqa: E402

from numerics import flows, integrators  # noqa: E402


def main():
    pb = problems.kernel_rich_reduced(100)
    grid = flows.geometric_grid(pb.t_end, 1e-2, 16)
    out = {
        "problem": pb.description,
        "config": "integrate_hp bits=113 (real128), check MPFR 128, stop rule on the grid",
        "load_before": os.getloadavg()[0],
    }
    runs = {}
    for mode in (False, True):
        integrators.clear_cache()
        w0, c0 = time.perf_counter(), time.process_time()
        fl = flows.integrate_hp(
            pb.rhs, pb.syms, pb.x0, pb.t_end, bits=113, check_bits=128, stop=pb.stop, grid=grid, parallel_check=mode
        )
        runs[mode] = fl
        out["parallel" if mode else "sequential"] = {
            "wall_s": round(time.perf_counter() - w0, 2),
            "process_cpu_s": round(time.process_time() - c0, 2),
            "cpu_seconds_working_check": [round(v, 2) for v in fl.cpu_seconds],
            "T": fl.t_final,
            "error_estimate": fl.final_error,
        }
    a, b = runs[False], runs[True]
    out["same_result"] = a.times == b.times and a.states == b.states and a.error == b.error
    out["wall_ratio_parallel_over_sequential"] = round(out["parallel"]["wall_s"] / out["sequential"]["wall_s"], 2)
    out["load_after"] = os.getloadavg()[0]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
