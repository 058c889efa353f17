"""Benchmark (issue 9, problem 2): the cost and accuracy of each candidate working / check
configuration on the exact reduction of the kernel-rich flow (``problems.kernel_rich_reduced``,
d = 100), to the stop time T of the 2d-variable flow; and the 2d-variable flow at real128
judged against the reduced flow's 256-bit reference (two formulations sharing no field code:
their agreement validates the reduction). Prints one JSON line per configuration.

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_check_precision.py

Why a 128-bit MPFR check run is enough for a real128 working run: the estimate is
``|x_work - x_check|``, within ``|x_check - x|`` of the working run's true error. Both runs
lose accuracy through the same propagation of local errors of size ~2^-p (precision and
Taylor tolerance 2^-p), so the check's error is ~2^-(128-113) = 3e-5 times the working run's;
measured here: 37.7 against 32.9 digits of beta (a ratio of 10^-4.8), so the estimate is
accurate to ~1e-5 relative. 177 bits (the default +64) buys nothing for that estimate and
costs 35% more.
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


import problems  # noqa: E402
from bench_flows import digits  # noqa: E402

from numerics import integrators  # noqa: E402
from numerics.integrators import Precision  # noqa: E402

T = 15.399265260594921  # the stop time of d = 100 on the grid (bench_flows.py --problem kernel-rich)


def main():
    pb = problems.kernel_rich_reduced(100)
    ref = None
    for kind, bits, tol in [
        ("mpfr", 256, None),
        ("real128", 113, None),
        ("mpfr", 128, None),
        ("mpfr", 177, None),
        ("mpfr", 177, 1e-40),
        ("mpfr", 150, 1e-40),
    ]:
        integrators.clear_cache()
        c = time.process_time()
        taylor = integrators.TaylorIntegrator()
        run = taylor.run(pb.rhs, pb.syms, pb.x0, [T], Precision(bits, kind, tol), max_steps=10**8)
        s, steps = run.states, run.steps
        b = pb.observe(s[-1])
        ref = ref or b
        print(
            json.dumps(
                {
                    "kind": kind,
                    "bits": bits,
                    "tol": tol,
                    "cpu_s": round(time.process_time() - c, 2),
                    "steps": steps,
                    "beta_digits": digits(b, ref),
                }
            ),
            flush=True,
        )
    full = problems.kernel_rich(100)
    integrators.clear_cache()
    c = time.process_time()
    taylor = integrators.TaylorIntegrator()
    run = taylor.run(full.rhs, full.syms, full.x0, [T], Precision(113, "real128"), max_steps=10**8)
    s, steps = run.states, run.steps
    print(
        json.dumps(
            {
                "full_flow_real128_cpu_s": round(time.process_time() - c, 2),
                "steps": steps,
                "beta_digits_vs_reduced_256_bit_reference": digits(full.observe(s[-1]), ref),
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
