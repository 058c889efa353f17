"""Benchmark (issue 9, problem 3 with its real stop rule): the rnn-lowdim symmetric RNN flow
(d = 8, k = 5, d^ = 2, balanced near-zero initialisation) until the loss first falls below
1e-12. Prints one JSON line.

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_rnn_stop.py [--skip taylor,odefun,radau]

What it measures (2-4 extrapolate explicit methods; 5 computes the state at T):

1. The stop time ``T``: SciPy Radau (implicit, double precision) with a terminal event on
   ``log loss - log 1e-12``, at rtol 1e-10 and 1e-12 (their agreement is the error estimate
   of ``T``), and the largest Hessian eigenvalue of the loss along the way.
2. Explicit Taylor stepping (this project's default engine; heyoka real128 compact is also heyoka's
   fastest 30-digit configuration on [0, 100]) from 0 to ``--probe-t`` (1e3): steps and CPU
   per half-decade. After the transient the step size is constant (~0.7 at order 40): it is
   capped by the stability interval of the order-p truncated exponential against the
   Hessian's largest eigenvalue (~23.8, constant in the late phase), not by accuracy, so
   Taylor steps do not grow in the algebraic phase (no time reparametrisation changes that:
   rescaling time rescales every eigenvalue alike, the stiffness ratio and so the number of
   steps to reach a given loss stay). Steps on [0, T] are extrapolated linearly from the
   last half-decade: ``steps(t_probe) + (T - t_probe) / h_late``, CPU likewise.
3. The check run's cost (MPFR at 177 bits, as ``integrate_hp`` runs it): from the real128
   state at ``t_probe``, ``--check-steps`` steps at 177 bits give its late step size and CPU
   per step; extrapolated as ``T / h_late * cpu_per_step`` (the transient is < 1% of it).
4. mpmath's ``odefun`` at 35 digits on [0, ``--odefun-horizon``]: CPU per step; its step is
   at most 0.5 by construction (radius capped at 1, halved), so ``2 T`` steps at that CPU
   per step is a lower bound on [0, T].
5. This project's engine as it now runs stiff flows: ``flows.integrate_hp(..., method="radau")``
   (implicit Radau IIA, numerics/radau.py) on [0, T] at real128 with its 177-bit check run,
   judged against a 256-bit Radau run (the issue's "run at 60 digits"); cross-checked against
   the independent Taylor integrator on [0, ``--cross-t``] (both at real128 with their checks).
   Nothing is extrapolated here.

Times are CPU seconds of this process (one thread), compile included.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import mpmath  # noqa: E402
import numpy as np  # noqa: E402
import problems  # noqa: E402

from numerics import fields, flows, integrators  # noqa: E402
from numerics.integrators import Precision  # noqa: E402


def cpu():
    return time.process_time()


def loss_np(x, d, k, w):
    na = d * (d + 1) // 2
    iu = np.triu_indices(d)
    A = np.zeros((d, d))
    A[iu] = x[:na]
    A = A + A.T - np.diag(np.diag(A))
    v, c = x[na : na + d].copy(), x[na + d :]
    h = []
    for _ in range(k):
        h.append(c @ v)
        v = A @ v
    return float(np.sum((np.array(h) - w) ** 2))


def fd_hessian_max(pb, x, h=1e-6):
    J = np.empty((len(x), len(x)))
    for i in range(len(x)):
        e = np.zeros(len(x))
        e[i] = h
        J[:, i] = (pb.numpy_field(0, x + e) - pb.numpy_field(0, x - e)) / (2 * h)
    return float(np.linalg.eigvalsh(-(J + J.T) / 2).max())


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe-t", type=float, default=1e3)
    ap.add_argument("--check-bits", type=int, default=177)
    ap.add_argument("--check-steps", type=int, default=60)
    ap.add_argument("--odefun-horizon", type=float, default=1.0)
    ap.add_argument("--cross-t", type=float, default=100.0)
    ap.add_argument("--ref-bits", type=int, default=256)
    ap.add_argument("--skip", default="", help="comma list of: taylor, odefun, radau")
    a = ap.parse_args(argv)
    skip = set(filter(None, a.skip.split(",")))
    pb = problems.rnn_lowdim()
    d, k = pb.meta["d"], pb.meta["k"]
    w = np.array([float(v) for v in problems.rnn_teacher(k)])
    out = {
        "problem": pb.description,
        "n_state": len(pb.syms),
        "timing": "CPU seconds (time.process_time), one thread, compile included",
        "load_before": os.getloadavg()[0],
    }

    # 1. the stop time, by an implicit double-precision method at two tolerances
    from scipy.integrate import solve_ivp

    x0 = np.array([float(v) for v in pb.x0])

    def jac(t, x, h=1e-7):
        J = np.empty((len(x), len(x)))
        for i in range(len(x)):
            e = np.zeros(len(x))
            e[i] = h
            J[:, i] = (pb.numpy_field(t, x + e) - pb.numpy_field(t, x - e)) / (2 * h)
        return J

    def below(t, x):
        return math.log(loss_np(x, d, k, w)) - math.log(pb.stop_below)

    below.terminal, below.direction = True, -1
    stops = {}
    for rtol in (1e-10, 1e-12):
        c0 = cpu()
        sol = solve_ivp(
            pb.numpy_field, (0, 1e8), x0, method="Radau", rtol=rtol, atol=rtol * 1e-4, jac=jac, events=below
        )
        stops[rtol] = {
            "T": float(sol.t_events[0][0]),
            "cpu_s": round(cpu() - c0, 2),
            "steps": len(sol.t) - 1,
            "hessian_max_eig_at_T": round(fd_hessian_max(pb, sol.y[:, -1]), 3),
        }
    T = stops[1e-12]["T"]
    out["stop_time_radau_double"] = {f"rtol={r:g}": v for r, v in stops.items()}
    out["T"] = T
    out["T_rel_diff_between_tolerances"] = abs(stops[1e-10]["T"] - T) / T

    # 5. (run first: it needs only T) ours with the implicit integrator, to T itself
    if "radau" not in skip:
        out["ours_radau"] = radau_run(pb, T, a.ref_bits, a.cross_t)
    if "taylor" in skip:
        print(json.dumps(out))
        return

    # 2. explicit Taylor (real128 compact, ours' working configuration) to probe_t
    integrators.clear_cache()
    c0 = cpu()
    ta = integrators.TaylorIntegrator().compile(pb.rhs, pb.syms, Precision(113, "real128"))
    make = fields.heyoka_number("real128", 113)
    mpmath.mp.prec = 113
    ta.time = make(0)
    for i, v in enumerate(pb.x0):
        ta.state[i] = make(v)
    rows, steps, t = [], 0, 1.0
    while t <= a.probe_t * 1.0001:
        c1 = cpu()
        o = ta.propagate_until(make(t), max_steps=10**8)
        steps += int(o[3])
        x = [mpmath.mpf(str(v)) for v in ta.state]
        rows.append(
            {
                "t": round(t, 3),
                "steps": steps,
                "h_min": round(float(o[1]), 4),
                "h_max": round(float(o[2]), 4),
                "loss": float(pb.stop_value(x)),
                "cpu_s": round(cpu() - c0, 2),
                "cpu_s_this_segment": round(cpu() - c1, 2),
                "steps_this_segment": int(o[3]),
            }
        )
        t *= 10**0.5
    last = rows[-1]
    seg_t = last["t"] - rows[-2]["t"]
    h_late = seg_t / last["steps_this_segment"]
    cpu_step = last["cpu_s_this_segment"] / last["steps_this_segment"]
    t_probe = last["t"]
    work_steps = last["steps"] + (T - t_probe) / h_late
    work_cpu = last["cpu_s"] + (T - t_probe) / h_late * cpu_step
    out["working_run_real128"] = {
        "order": ta.order,
        "segments": rows,
        "late_step": round(h_late, 4),
        "late_cpu_per_step_s": round(cpu_step, 5),
        "extrapolated_steps_to_T": round(work_steps),
        "extrapolated_cpu_s_to_T": round(work_cpu),
    }

    # 3. the check run's late step and cost at check_bits (MPFR), from the probe state
    state = [str(v) for v in ta.state]
    tb = integrators.TaylorIntegrator().compile(pb.rhs, pb.syms, Precision(a.check_bits, "mpfr"))
    mk = fields.heyoka_number("mpfr", a.check_bits)
    tb.time = mk(t_probe)
    for i, v in enumerate(state):
        tb.state[i] = mk(v)
    c1 = cpu()
    hs = []
    for _ in range(a.check_steps):
        o = tb.step()
        hs.append(float(o[1]))
    cc = (cpu() - c1) / a.check_steps
    hc = float(np.median(hs[5:]))
    out["check_run_mpfr"] = {
        "bits": a.check_bits,
        "order": tb.order,
        "late_step": round(hc, 4),
        "late_cpu_per_step_s": round(cc, 5),
        "extrapolated_steps_to_T": round(T / hc),
        "extrapolated_cpu_s_to_T": round(T / hc * cc),
    }
    out["ours_checked_extrapolated_cpu_s"] = round(work_cpu + T / hc * cc)
    out["extrapolation"] = (
        "working: measured steps/CPU to t_probe + (T - t_probe)/late step x late CPU per step; "
        "check: T / late step x late CPU per step at check_bits"
    )

    # 4. odefun on a short horizon; lower bound on [0, T] from its step cap 0.5
    if "odefun" not in skip:
        calls = [0]

        def field(tt, x):
            calls[0] += 1
            return pb.mp_field(tt, x)

        with mpmath.workdps(35):
            c1 = cpu()
            sol = mpmath.odefun(field, 0, [mpmath.mpf(v) for v in pb.x0])
            sol(mpmath.mpf(repr(a.odefun_horizon)))
            s = cpu() - c1
            degree = 3 + int(3 * mpmath.mp.dps / 2.0)
        st = calls[0] // degree
        out["mpmath_odefun"] = {
            "dps": 35,
            "horizon": a.odefun_horizon,
            "cpu_s": round(s, 2),
            "steps": st,
            "cpu_per_step_s": round(s / st, 3),
            "lower_bound_steps_to_T": round(2 * T),
            "lower_bound_cpu_s_to_T": round(2 * T * s / st),
            "extrapolation": "steps >= 2T (odefun's step <= 0.5) at the measured CPU per step",
        }
        out["speedup_ours_checked_vs_odefun_lower_bound"] = round(
            out["mpmath_odefun"]["lower_bound_cpu_s_to_T"] / out["ours_checked_extrapolated_cpu_s"], 1
        )
        out["speedup_ours_working_vs_odefun_lower_bound"] = round(
            out["mpmath_odefun"]["lower_bound_cpu_s_to_T"] / work_cpu, 1
        )
    if "ours_radau" in out:
        r = out["ours_radau"]
        r["speedup_checked_vs_taylor_real128_working_extrapolated"] = round(work_cpu / r["checked_cpu_s"], 1)
        if "mpmath_odefun" in out:
            r["speedup_checked_vs_odefun_lower_bound"] = round(
                out["mpmath_odefun"]["lower_bound_cpu_s_to_T"] / r["checked_cpu_s"]
            )
            r["speedup_working_vs_odefun_lower_bound"] = round(
                out["mpmath_odefun"]["lower_bound_cpu_s_to_T"] / r["working_cpu_s"]
            )
    print(json.dumps(out))


def radau_run(pb, T, ref_bits, cross_t):
    """``integrate_hp(method="radau")``'s two runs on [0, T] (real128 working run, MPFR
    177-bit check run; run here one by one so that the check run's own state can be judged
    too), digits against a ``ref_bits`` Radau run, and a cross-check against Taylor on
    [0, cross_t]."""
    grid = flows.geometric_grid(T, 1e-2, 16)
    integrators.clear_cache()
    runs = {}
    ri = integrators.RadauIntegrator()
    for name, bits, kind in (("working", 113, "real128"), ("check", 177, "mpfr"), ("ref", ref_bits, "mpfr")):
        c0 = cpu()
        times = grid if name == "working" else grid[-1:]
        run = ri.run(pb.rhs, pb.syms, pb.x0, times, Precision(bits, kind), max_steps=10**7)
        runs[name] = {
            "final": run.states[-1],
            "cpu": cpu() - c0,
            "steps": run.steps,
            "stages": ri.compile(pb.rhs, pb.syms, Precision(bits, kind)).s,
        }
    w, c, r = (runs[k]["final"] for k in ("working", "check", "ref"))
    with mpmath.workprec(ref_bits + 64):
        scale = max(abs(v) for v in r)
        est = max(abs(u - v) for u, v in zip(w, c))
        err = max(abs(u - v) for u, v in zip(w, r))
        ref_vs_check = max(abs(u - v) for u, v in zip(c, r))
        loss_T = pb.stop_value(r)
    # the independent integrator on a horizon it can reach
    cg = flows.geometric_grid(cross_t, 1e-2, 16)
    ft = flows.integrate_hp(pb.rhs, pb.syms, pb.x0, cross_t, bits=113, grid=cg)
    fr = flows.integrate_hp(pb.rhs, pb.syms, pb.x0, cross_t, bits=113, method="radau", grid=cg)
    with mpmath.workprec(177):
        cross = max(abs(u - v) for u, v in zip(ft.final, fr.final))
    return {
        "T": grid[-1],
        "grid_points": len(grid),
        "stages": {k: v["stages"] for k, v in runs.items()},
        "steps": {k: v["steps"] for k, v in runs.items()},
        "cpu_s_incl_compile": {k: round(v["cpu"], 2) for k, v in runs.items()},
        "working_cpu_s": round(runs["working"]["cpu"], 2),
        "checked_cpu_s": round(runs["working"]["cpu"] + runs["check"]["cpu"], 2),
        "error_estimate": float(est),
        "error_vs_ref": float(err),
        "digits_vs_ref": round(float(-mpmath.log10(err / scale)), 2),
        "check_run_vs_ref": float(ref_vs_check),
        "loss_at_T_ref": float(loss_T),
        "cross_check_taylor_t": cross_t,
        "cross_check_max_diff": float(cross),
        "cross_check_sum_of_estimates": ft.final_error + fr.final_error,
        "cross_check_cpu_s_taylor_radau": [round(sum(ft.cpu_seconds), 2), round(sum(fr.cpu_seconds), 2)],
    }


if __name__ == "__main__":
    main()
