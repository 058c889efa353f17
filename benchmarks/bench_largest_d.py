"""Benchmark (issue 9, problem 2): the largest d each engine handles in a CPU budget (60 s)
on the kernel-rich depth-2 diagonal flow (N = 40, alpha = 1e-2, instance family
``problems.kernel_rich_data(N, d)``), to the stop rule ``|X beta - y|_2 < 1e-25`` on the
geometric grid of ``bench_flows.py``. Prints one JSON line per trial and one per engine.

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_largest_d.py --engine ours
    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_largest_d.py --engine heyoka-real128

Search: from d = 100 (the reference problem), doubled until a trial fails, then bisection on
integer d until the bracket is within max(4, d/20). Not from the family's smallest member
d = N = 40: near d = N the flow is far harder (d = 40: stop time ~360 and largest rate
~2.7e4, against ~15 and ~650 at d = 100: the largest rate of the linearised reduced
flow; double-precision estimates), so the cost is not
monotone in d there. Each trial runs
in a fresh subprocess that, after building the problem (not timed), caps its own CPU time at
the budget + 1 s (``RLIMIT_CPU``: the kernel kills it) and times the engine with
``time.process_time`` (one thread; compile included). A trial passes when the engine reached
the stop rule within the budget and, where the engine gives an error estimate, the estimate
says >= 30 correct digits of beta.

Engines:
* ``ours``: ``flows.integrate_hp`` (real128 working run, MPFR check run) on the exact
  reduction ``problems.kernel_rich_reduced`` (N variables); digits from the two-precision
  error estimate, propagated to beta to first order (``beta_error``).
* ``ours-full``: the same on the 2d-variable flow (what checks/kernel_rich.py integrates);
  ``|d beta_i| <= 2 (|w+_i| + |w-_i|) |dw|``.
* ``heyoka-real128``, ``heyoka-mpfr128``: one heyoka run (compact mode) on the 2d-variable
  flow, no check run; their digits at d = 100 are in bench_flows.py's lines (not re-judged).
* ``heyoka-real128-reduced``: one heyoka real128 run on the reduced flow (``ours``' working
  run without its check run).
* ``odefun``: mpmath's odefun at 35 digits on the 2d-variable flow, stepping the grid.
* ``scipy``: DOP853 at rtol 1e-13 in double on the 2d-variable flow, to the stop time T(d)
  (computed first, not timed: the rule 1e-25 is below double precision, so T(d) is the
  first grid time after Radau on the reduced flow in double reaches residual 1e-8 plus
  ln(residual / 1e-25) / lambda_min of the linearisation there); its digits at d = 100 are in
  bench_flows.py's lines.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ENGINES = ["ours", "ours-full", "heyoka-real128", "heyoka-real128-reduced", "heyoka-mpfr128", "odefun", "scipy"]


def cpu():
    return time.process_time()


def emit(**kw):
    print(json.dumps(kw), flush=True)


def kernel_rich_double(d: int, N: int = 40, alpha: float = 1e-2):
    """NumPy fields of the 2d-variable flow and of its reduction (no SymPy: the SciPy engine
    scales to d where building the symbolic loss would dominate)."""
    import numpy as np
    import problems

    X, y = problems.kernel_rich_data(N, d)
    Xf, yf, a2 = X.astype(float), y.astype(float), float(alpha) ** 2

    def full(t, x):
        wp, wm = x[:d], x[d:]
        g = 2 * Xf.T @ (Xf @ (wp**2 - wm**2) - yf)
        return np.concatenate([-2 * g * wp, 2 * g * wm])

    def reduced(t, v):
        return Xf @ (-2 * a2 * np.sinh(8 * (Xf.T @ v))) - yf

    def reduced_jac(t, v):
        return -16 * a2 * (Xf * np.cosh(8 * (Xf.T @ v))) @ Xf.T

    return full, reduced, reduced_jac


def stop_time_double(d: int, grid, res_stop: float = 1e-25, N: int = 40) -> float:
    import numpy as np
    from scipy.integrate import solve_ivp

    _, f, jac = kernel_rich_double(d, N)

    def small(t, v):
        return np.linalg.norm(f(t, v)) - 1e-8

    small.terminal = True
    sol = solve_ivp(f, (0.0, 1e4), np.zeros(N), method="Radau", jac=jac, rtol=1e-11, atol=1e-14, events=small)
    t1, v1 = float(sol.t_events[0][0]), sol.y_events[0][0]
    lam_min = float(np.min(-np.linalg.eigvalsh(jac(t1, v1))))
    t_est = t1 + math.log(np.linalg.norm(f(t1, v1)) / res_stop) / lam_min
    return next(t for t in grid if t >= t_est)


def trial(engine: str, d: int, budget: float, check_bits, check_tol):
    import mpmath
    import problems

    from numerics import flows, integrators

    grid = flows.geometric_grid(1e6, 1e-2, 16)
    if engine == "scipy":  # the stop time (not timed), see the module docstring
        T_scipy = stop_time_double(d, grid)
        field_full = kernel_rich_double(d)[0]
    else:
        pb = (problems.kernel_rich_reduced if engine in ("ours", "heyoka-real128-reduced") else problems.kernel_rich)(d)
    integrators.clear_cache()
    used = cpu()
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (int(math.ceil(used + budget + 1)), hard))
    c0 = cpu()
    res = {"engine": engine, "d": d}
    if engine in ("ours", "ours-full"):
        fl = flows.integrate_hp(
            pb.rhs,
            pb.syms,
            pb.x0,
            pb.t_end,
            bits=113,
            check_bits=check_bits,
            stop=pb.stop,
            grid=grid,
            check_tol=check_tol,
        )
        c = cpu() - c0
        b = pb.observe(fl.final)
        m = float(max(abs(v) for v in b))
        if engine == "ours":
            db = pb.meta["beta_error"](fl.final, fl.final_error)
        else:
            db = 2 * float(max(abs(fl.final[i]) + abs(fl.final[d + i]) for i in range(d))) * fl.final_error
        res.update(
            cpu_s=round(c, 2),
            stopped=fl.stopped,
            T=fl.t_final,
            steps=fl.steps,
            check_steps=fl.check_steps,
            working_cpu_s=round(fl.cpu_seconds[0], 2),
            check_cpu_s=round(fl.cpu_seconds[1], 2),
            digits_estimate=round(-math.log10(db / m), 1) if db > 0 else 99.0,
        )
        res["ok"] = fl.stopped and res["digits_estimate"] >= 30 and c <= budget
    elif engine in ("heyoka-real128", "heyoka-real128-reduced", "heyoka-mpfr128"):
        kind, bits = ("mpfr", 128) if engine == "heyoka-mpfr128" else ("real128", 113)
        precision = integrators.Precision(bits, kind)
        run = integrators.TaylorIntegrator().run(pb.rhs, pb.syms, pb.x0, grid, precision, pb.stop, 10**8)
        t, stopped, steps = run.times, run.stopped, run.steps
        c = cpu() - c0
        res.update(cpu_s=round(c, 2), stopped=stopped, T=t[-1], steps=steps, ok=stopped and c <= budget)
    elif engine == "odefun":
        with mpmath.workdps(35):
            sol = mpmath.odefun(lambda t, x: pb.mp_field(t, x), 0, [mpmath.mpf(v) for v in pb.x0])
            stopped = False
            for t in grid:
                x = sol(mpmath.mpf(repr(float(t))))
                emit(progress=engine, d=d, t=t, cpu_s=round(cpu() - c0, 2))
                if pb.stop(x):
                    stopped = True
                    break
        c = cpu() - c0
        res.update(cpu_s=round(c, 2), stopped=stopped, T=t, ok=stopped and c <= budget)
    elif engine == "scipy":
        import numpy as np
        from scipy.integrate import solve_ivp

        sol = solve_ivp(field_full, (0.0, T_scipy), np.full(2 * d, 1e-2), method="DOP853", rtol=1e-13, atol=1e-16)
        c = cpu() - c0
        res.update(
            cpu_s=round(c, 2),
            stopped=bool(sol.success),
            T=T_scipy,
            nfev=int(sol.nfev),
            ok=bool(sol.success) and c <= budget,
        )
    emit(**res)


def run_trial(engine, d, budget, check_bits, check_tol):
    cmd = [sys.executable, os.path.abspath(__file__), "--trial", engine, "--d", str(d), "--budget", str(budget)]
    if check_bits:
        cmd += ["--check-bits", str(check_bits)]
    if check_tol:
        cmd += ["--check-tol", repr(check_tol)]
    p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, OPENBLAS_NUM_THREADS="1"))
    lines = [json.loads(s) for s in p.stdout.splitlines() if s.startswith("{")]
    final = [ln for ln in lines if "ok" in ln]
    if final:
        return final[-1]
    last = [ln for ln in lines if "progress" in ln]
    return {
        "engine": engine,
        "d": d,
        "ok": False,
        "killed": f"returncode {p.returncode} (CPU limit {budget} s)",
        "last_progress": last[-1] if last else None,
        "stderr_tail": p.stderr[-300:] if p.returncode not in (-24, 152) else "",
    }


def search(engine, budget, d_min, d_max, check_bits, check_tol):
    lo, hi = None, None
    d = d_min
    results = []
    while d <= d_max:
        r = run_trial(engine, d, budget, check_bits, check_tol)
        emit(trial=r)
        results.append(r)
        if r["ok"]:
            lo, d = d, 2 * d
        else:
            hi = d
            break
    if lo is not None and hi is not None:
        while hi - lo > max(4, lo // 20):
            mid = (lo + hi) // 2
            r = run_trial(engine, mid, budget, check_bits, check_tol)
            emit(trial=r)
            results.append(r)
            lo, hi = (mid, hi) if r["ok"] else (lo, mid)
    best = next((r for r in results if r["ok"] and r["d"] == lo), None)
    emit(
        engine=engine,
        budget_cpu_s=budget,
        largest_d=lo,
        smallest_failing_d=hi,
        at_largest=best,
        note=None if lo is not None else f"the first d of the search, d={d_min}, does not finish in {budget} s",
    )


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", choices=ENGINES)
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--d-min", type=int, default=100)
    ap.add_argument("--d-max", type=int, default=20000)
    ap.add_argument("--check-bits", type=int, default=128, help="ours: MPFR bits of the check run")
    ap.add_argument("--check-tol", type=float, default=None)
    ap.add_argument("--trial", choices=ENGINES, help=argparse.SUPPRESS)
    ap.add_argument("--d", type=int, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.trial:
        trial(a.trial, a.d, a.budget, a.check_bits, a.check_tol)
    else:
        search(a.engine, a.budget, a.d_min, a.d_max, a.check_bits, a.check_tol)


if __name__ == "__main__":
    main()
