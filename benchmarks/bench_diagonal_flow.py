"""Benchmark: the depth-2 diagonal gradient flow (kernel-rich, T5, alpha = 0.3) to t = 3 at
~30 correct digits -- this project's engine (heyoka Taylor, MPFR 128 bits) against
mpmath's ``odefun`` (Taylor series in mpmath) at 35 digits, and SciPy DOP853 at double
precision for scale. Prints one JSON line with timings, digits and ratios.

    python benchmarks/bench_diagonal_flow.py
"""

import json
import time

import mpmath
import sympy as sp

from numerics import flows, integrators
from theorems import kernel_rich as kr

T_END = 3.0


def main():
    X, y = sp.Matrix(kr.T5_X), sp.Matrix(kr.T5_Y)
    wp, wm, beta, loss = kr.diagonal_model(X, y)
    syms = wp + wm
    rhs = kr.gradient_flow(loss, syms)
    x0 = ["0.3"] * len(syms)

    integrators.clear_cache()
    t0 = time.perf_counter()
    hp = flows.integrate_hp(rhs, syms, x0, T_END, bits=128, grid=[T_END])
    t_hp = time.perf_counter() - t0

    f = sp.lambdify([syms], rhs, "mpmath")
    with mpmath.workdps(35):
        t0 = time.perf_counter()
        sol = mpmath.odefun(lambda t, x: f(x), 0, [mpmath.mpf(v) for v in x0])
        ref = sol(T_END)
        t_mp = time.perf_counter() - t0
        diff = max(abs(a - b) for a, b in zip(ref, hp.final))

    F, J = flows.lambdify_field(rhs, syms)
    t0 = time.perf_counter()
    dbl = flows.integrate_double(F, [0.3] * len(syms), T_END, rtol=1e-12, method="DOP853", grid=[T_END])
    t_dbl = time.perf_counter() - t0
    d_dbl = float(max(abs(a - float(b)) for a, b in zip(dbl.final, hp.final)))

    print(
        json.dumps(
            {
                "problem": "kernel-rich depth-2 diagonal flow, T5, alpha=0.3, t=3",
                "heyoka_128bit_s": round(t_hp, 3),
                "heyoka_error_estimate": hp.final_error,
                "mpmath_odefun_35dps_s": round(t_mp, 3),
                "heyoka_vs_odefun_max_diff": float(diff),
                "scipy_dop853_s": round(t_dbl, 4),
                "scipy_vs_heyoka_max_diff": d_dbl,
                "speedup_vs_odefun": round(t_mp / t_hp, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
