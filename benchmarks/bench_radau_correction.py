"""Benchmark: the Radau IIA Newton correction, by one LU of the real n s x n s matrix
(``RadauIIA.direct``) against the s complex block solves in A^-1's Schur coordinates, on
rnn-lowdim Theorem 5's balanced flow (checks.rnn_lowdim.balanced_flow: real128 working run,
MPFR check run). Prints one JSON line per (instance, path).

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_radau_correction.py [--full]

Quick: the quick budget's instance (d = 4, k = 3, n = 14, to loss 1e-18, check at 128 bits).
--full also the full budget's d = 8, k = 5 instance (n = 44) to loss 1e-12 (check at 177 bits),
which sets where the direct path stops paying (``RadauIIA.DIRECT_MAX``).

Reported: CPU seconds of each run (working, check), steps, the largest two-precision error,
and the largest difference between the two paths' saved states (they solve the same
working-precision stage equations; only the double-precision contraction differs).
"""

from __future__ import annotations

import argparse
import json

from checks.rnn_lowdim import balanced_flow
from numerics import radau


def run(d, k, teacher, init, loss_stop, check_bits, direct_max):
    radau.RadauIIA.DIRECT_MAX = direct_max
    balanced_flow.cache_clear()
    fl, _ = balanced_flow(
        d, k, teacher, init, 0, bits=113, loss_stop=loss_stop, t_end=1e14, per_decade=8, check_bits=check_bits
    )
    return fl


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--full-only", action="store_true")
    args = ap.parse_args()
    cases = [] if args.full_only else [(4, 3, "T1-half", 1e-2, 1e-18, 128)]
    if args.full or args.full_only:
        cases.append((8, 5, "T2-dyadic", 1e-3, 1e-12, 177))
    for d, k, teacher, init, loss_stop, check_bits in cases:
        flows = {}
        for path, direct_max in (("schur", 0), ("direct", 10**6)):
            fl = run(d, k, teacher, init, loss_stop, check_bits, direct_max)
            flows[path] = fl
            print(
                json.dumps(
                    {
                        "d": d,
                        "k": k,
                        "path": path,
                        "cpu_working": round(fl.cpu_seconds[0], 2),
                        "cpu_check": round(fl.cpu_seconds[1], 2),
                        "steps": fl.steps,
                        "check_steps": fl.check_steps,
                        "t_final": fl.t_final,
                        "max_error": max(fl.error),
                    }
                ),
                flush=True,
            )
        a, b = flows["schur"], flows["direct"]
        n = min(len(a.states), len(b.states))
        diff = max(float(abs(u - v)) for i in range(n) for u, v in zip(a.states[i], b.states[i]))
        print(json.dumps({"d": d, "k": k, "saved_times_compared": n, "max_state_difference": diff}), flush=True)


if __name__ == "__main__":
    main()
