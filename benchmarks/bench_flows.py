"""Benchmark (issue 9): high-precision gradient flows, this project's engine against the
tools people use, at equal correct digits. Prints one JSON line per problem.

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_flows.py --problem ssm-poison
    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_flows.py --problem kernel-rich --horizon 50

Problems: benchmarks/problems.py. For each problem:

1. The horizon ``T``: the problem's fixed horizon, or the first time of the geometric grid
   ``geometric_grid(1e6, 1e-2, 16)`` at which its stop rule holds (found by this project's
   engine, ``flows.integrate_hp`` with the stop predicate: that run is the engine's timing
   in its real use, grid stops and the two-precision check included), or ``--horizon``.
2. The reference: heyoka MPFR at ``--ref-bits`` (default 256, ~77 digits) on ``[0, T]``;
   correct digits of a state ``x`` are ``-log10(max|x - ref| / max|ref|)``.
3. Engines on ``[0, T]``: heyoka Taylor with ``real128`` (compact mode and unrolled) and
   MPFR ``real`` at several precisions; SciPy DOP853 in double precision; mpmath's
   ``odefun`` at ``--odefun-dps`` digits on a short horizon ``--odefun-horizon``,
   extrapolated to ``[0, T]`` by its CPU time per step times its step count scaled by the
   heyoka reference's step ratio (both are Taylor methods stepping by the local radius of
   convergence), and at least ``2 T`` steps (odefun's step is at most 0.5 by construction:
   the radius is capped at 1 and halved).

Times are CPU seconds of this process (``time.process_time``; one thread: BLAS is pinned to
one thread) and include compiling the integrator; wall times on a shared machine are
inflated and not reported.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mpmath  # noqa: E402
import numpy as np  # noqa: E402
import problems  # noqa: E402

from numerics import flows, integrators  # noqa: E402


def cpu():
    return time.process_time()


def digits(x, ref) -> float:
    with mpmath.workprec(400):
        m = max(abs(mpmath.mpf(v)) for v in ref)
        e = max(abs(mpmath.mpf(a) - mpmath.mpf(b)) for a, b in zip(x, ref))
        return 99.0 if e == 0 else round(float(-mpmath.log10(e / m)), 1)


def heyoka_run(pb, T, kind, bits, compact=True, tol=None):
    """One heyoka run on [0, T] from a fresh compile: (cpu seconds incl. compile, compile
    seconds, steps, final state)."""
    integrators.clear_cache()
    c0 = cpu()
    taylor, precision = integrators.TaylorIntegrator(compact_mode=compact), integrators.Precision(bits, kind, tol)
    ta = taylor.compile(pb.rhs, pb.syms, precision)
    c1 = cpu()
    run = taylor.run(pb.rhs, pb.syms, pb.x0, [T], precision, max_steps=10**8)
    states, steps = run.states, run.steps
    c2 = cpu()
    return {"cpu_s": round(c2 - c0, 2), "compile_s": round(c1 - c0, 2), "steps": steps, "order": ta.order}, states[-1]


def odefun_run(pb, t_short, dps=35):
    """mpmath odefun on [0, t_short]: cpu seconds and the number of Taylor steps it took."""
    calls = [0]

    def field(t, x):
        calls[0] += 1
        return pb.mp_field(t, x)

    with mpmath.workdps(dps):
        x0 = [mpmath.mpf(v) for v in pb.x0]
        c0 = cpu()
        sol = mpmath.odefun(field, 0, x0)
        x = sol(mpmath.mpf(repr(float(t_short))))  # the decimal time, as heyoka runs it
        c1 = cpu()
        degree = 3 + int(3 * mpmath.mp.dps / 2.0)  # odefun's default degree: one field call per degree per step
    return c1 - c0, calls[0] // degree, x


def scipy_run(pb, T, rtol=1e-13):
    from scipy.integrate import solve_ivp

    c0 = cpu()
    sol = solve_ivp(
        pb.numpy_field, (0.0, T), np.array([float(v) for v in pb.x0]), method="DOP853", rtol=rtol, atol=rtol * 1e-3
    )
    return cpu() - c0, sol


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--problem", required=True, choices=sorted(problems.PROBLEMS))
    ap.add_argument("--horizon", type=float, default=None, help="integrate to this time instead of the stop rule")
    ap.add_argument("--ours-bits", type=int, default=113, help="working precision of integrate_hp (113: real128)")
    ap.add_argument(
        "--ours-check-bits", type=int, default=None, help="check precision of integrate_hp (default working + 64)"
    )
    ap.add_argument(
        "--ours-check-tol", type=float, default=None, help="Taylor tolerance of the check run (default 2^-check_bits)"
    )
    ap.add_argument("--ours-method", default="taylor", choices=["taylor", "radau"], help="integrate_hp's integrator")
    ap.add_argument(
        "--configs",
        default="real128:113:c,real128:113:u,mpfr:128:c,mpfr:200:c",
        help="heyoka configurations kind:bits:c|u (compact / unrolled)",
    )
    ap.add_argument("--ref-bits", type=int, default=256)
    ap.add_argument("--odefun-horizon", type=float, default=1.0)
    ap.add_argument("--odefun-dps", type=int, default=35)
    ap.add_argument("--skip", default="", help="comma list of: ours,odefun,scipy")
    a = ap.parse_args(argv)
    skip = set(filter(None, a.skip.split(",")))

    c0 = cpu()
    pb = problems.PROBLEMS[a.problem]()
    out = {
        "problem": pb.description,
        "n_state": len(pb.syms),
        "symbolic_setup_cpu_s": round(cpu() - c0, 2),
        "digits_of": "state" if pb.observable is None else "observable (kernel-rich: beta)",
        "timing": "CPU seconds (time.process_time), one thread, compile included",
        "load_before": os.getloadavg()[0],
    }

    T = a.horizon if a.horizon is not None else pb.t_end
    if "ours" not in skip:
        integrators.clear_cache()
        stop = pb.stop if (pb.stop_value is not None and a.horizon is None) else None
        grid = flows.geometric_grid(T, 1e-2, 16) if stop is not None else [T]
        c0 = cpu()
        fl = flows.integrate_hp(
            pb.rhs,
            pb.syms,
            pb.x0,
            T,
            bits=a.ours_bits,
            check_bits=a.ours_check_bits,
            stop=stop,
            grid=grid,
            check_tol=a.ours_check_tol,
            method=a.ours_method,
        )
        total = cpu() - c0
        if stop is not None:
            if not fl.stopped:
                raise SystemExit(f"the stop rule did not hold by t = {T:g}")
            T = fl.t_final
        ours = {
            "config": f"integrate_hp method={a.ours_method} bits={a.ours_bits} ({fl.fp}), check MPFR {fl.check_bits}"
            + (f" tol {a.ours_check_tol:g}" if a.ours_check_tol else ""),
            "cpu_s": round(total, 2),
            "working_run_cpu_s": round(fl.cpu_seconds[0], 2),
            "check_run_cpu_s": round(fl.cpu_seconds[1], 2),
            "steps": fl.steps,
            "check_steps": fl.check_steps,
            "grid_points": len(fl.times),
            "error_estimate": fl.final_error,
        }
        final_ours = fl.final
    out["T"] = T

    ref_info, ref = heyoka_run(pb, T, "mpfr", a.ref_bits)
    out["reference"] = dict(ref_info, config=f"heyoka MPFR {a.ref_bits} bits")
    if "ours" not in skip:
        ours["digits"] = digits(pb.observe(final_ours), pb.observe(ref))
        if stop is not None:
            ours["stop_value_at_T"] = float(pb.stop_value(final_ours))
        out["ours"] = ours

    rows = []
    for cfg in filter(None, a.configs.split(",")):
        kind, bits, mode = cfg.split(":")
        info, x = heyoka_run(pb, T, kind, int(bits), mode == "c")
        info.update(
            config=f"heyoka {kind} {bits} bits {'compact' if mode == 'c' else 'unrolled'}",
            digits=digits(pb.observe(x), pb.observe(ref)),
        )
        rows.append(info)
        print(json.dumps({"progress": a.problem, **info}), file=sys.stderr, flush=True)
    out["heyoka"] = rows
    reaching = [r for r in rows if r["digits"] >= 30]
    if reaching:
        best = min(reaching, key=lambda r: r["cpu_s"])
        out["heyoka_fastest_30_digits"] = best["config"]
        if "ours" in out:
            out["ours_vs_heyoka_fastest"] = round(out["ours"]["cpu_s"] / best["cpu_s"], 2)
            out["ours_working_run_vs_heyoka_fastest"] = round(out["ours"]["working_run_cpu_s"] / best["cpu_s"], 2)

    if "scipy" not in skip:
        s, sol = scipy_run(pb, T)
        out["scipy_dop853_double"] = {
            "cpu_s": round(s, 3),
            "nfev": int(sol.nfev),
            "success": bool(sol.success),
            "digits": digits(pb.observe([float(v) for v in sol.y[:, -1]]), pb.observe(ref)) if sol.success else None,
        }

    if "odefun" not in skip:
        ts = min(a.odefun_horizon, T)
        s, steps, x = odefun_run(pb, ts, a.odefun_dps)
        ref_short, xr = heyoka_run(pb, ts, "mpfr", a.ref_bits)
        per_step = s / steps if steps else float("nan")
        # odefun's steps on [0, T]: its short-horizon count scaled by the Taylor step ratio of
        # the heyoka reference (both step by the local radius of convergence), and never
        # fewer than 2T (odefun's step is at most 0.5)
        full_steps = max(2 * T, steps * out["reference"]["steps"] / max(ref_short["steps"], 1))
        est = per_step * full_steps
        out["mpmath_odefun"] = {
            "dps": a.odefun_dps,
            "horizon": ts,
            "cpu_s": round(s, 2),
            "steps": steps,
            "digits_at_horizon": digits(pb.observe(x), pb.observe(xr)),
            "extrapolated_steps_to_T": round(full_steps),
            "extrapolated_cpu_s_to_T": round(est, 1),
            "extrapolation": "cpu per step x max(2T, steps x heyoka-reference steps on [0,T] / on [0,horizon])",
        }
        if "ours" in out:
            out["speedup_ours_vs_odefun"] = round(est / out["ours"]["cpu_s"], 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
