"""Gradient-flow integration at double and at high precision, each with an error estimate.

Knows no paper: a flow is an autonomous ODE ``x' = F(x)`` given as SymPy expressions in a
list of state symbols (numeric constants already substituted).

* High precision: heyoka's adaptive Taylor integrator on MPFR numbers (``heyoka.real``).
  The error estimate is the difference between the same flow at two precisions (the tolerance
  follows the precision, 2**-bits), sampled at the same times.
* Double precision: SciPy's ``solve_ivp`` at two tolerances; the difference is the estimate.

Stopping: a flow runs along a fixed geometric time grid until a stop predicate on the state
holds (e.g. the loss falls below a threshold). Both precisions stop at the same grid time, so
the two states are comparable; the grid time is part of the result.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import mpmath
import numpy as np
import sympy as sp

_COMPILED: dict = {}


@dataclass
class HPFlow:
    """A high-precision trajectory: states as mpmath numbers at the grid times reached."""

    times: list[float]
    states: list[list[mpmath.mpf]]  # at the working precision
    error: list[float]  # per saved time: max abs difference to the higher-precision run
    bits: int
    check_bits: int
    stopped: bool  # the stop predicate held at the last time
    steps: int = 0

    @property
    def final(self) -> list[mpmath.mpf]:
        return self.states[-1]

    @property
    def final_error(self) -> float:
        return self.error[-1]

    @property
    def t_final(self) -> float:
        return self.times[-1]


def _taylor(rhs: Sequence[sp.Expr], syms: Sequence[sp.Symbol], bits: int):
    import heyoka as hy

    key = (tuple(map(str, syms)), tuple(sp.srepr(e) for e in rhs), bits)
    ta = _COMPILED.get(key)
    if ta is None:
        hv = [hy.from_sympy(s) for s in syms]
        he = [hy.from_sympy(sp.sympify(e)) for e in rhs]
        zero = np.array([hy.real(0, bits)] * len(syms))
        ta = hy.taylor_adaptive(list(zip(hv, he)), zero, fp_type=hy.real, prec=bits, compact_mode=True)  # full LLVM unrolling of MPFR code compiles for minutes
        _COMPILED[key] = ta
    return ta


def _run_hp(rhs, syms, x0, grid, bits, stop, max_steps):
    import heyoka as hy

    ta = _taylor(rhs, syms, bits)
    mpmath.mp.prec = bits
    ta.time = hy.real(0, bits)
    st = ta.state
    for i, v in enumerate(x0):
        st[i] = hy.real(str(mpmath.mpf(v)) if not isinstance(v, str) else v, bits)
    times, states = [], []
    steps = 0
    stopped = False
    for t in grid:
        out = ta.propagate_until(hy.real(repr(float(t)), bits), max_steps=max_steps)
        steps += int(out[3])
        if int(out[0]) != int(hy.taylor_outcome.time_limit):
            raise FloatingPointError(f"integration stopped early: {out[0]} at t={ta.time}")
        x = [mpmath.mpf(str(v)) for v in ta.state]
        times.append(float(t))
        states.append(x)
        if stop is not None and stop(x):
            stopped = True
            break
    return times, states, stopped, steps


def geometric_grid(t_end: float, t_first: float = 1e-2, per_decade: int = 8) -> list[float]:
    n = max(1, int(math.ceil(per_decade * math.log10(t_end / t_first))))
    return [float(t_first * (t_end / t_first) ** (k / n)) for k in range(n + 1)]


def integrate_hp(
    rhs: Sequence[sp.Expr],
    syms: Sequence[sp.Symbol],
    x0: Sequence,
    t_end: float,
    bits: int = 128,
    check_bits: int | None = None,
    stop: Callable[[list], bool] | None = None,
    grid: Sequence[float] | None = None,
    max_steps: int = 2_000_000,
) -> HPFlow:
    """Integrate ``x' = rhs(x)`` from ``x0`` at ``bits`` and at ``check_bits`` (default
    ``bits + 64``) along the same time grid; the error estimate at each saved time is the
    largest absolute difference between the two runs."""
    check_bits = check_bits or bits + 64
    grid = list(grid) if grid is not None else geometric_grid(t_end)
    old = mpmath.mp.prec
    try:
        t1, s1, stopped, steps = _run_hp(rhs, syms, x0, grid, bits, stop, max_steps)
        t2, s2, _, _ = _run_hp(rhs, syms, x0, t1, check_bits, None, max_steps)
    finally:
        mpmath.mp.prec = old
    err = [float(max(abs(a - b) for a, b in zip(u, v))) for u, v in zip(s1, s2)]
    return HPFlow(times=t1, states=s1, error=err, bits=bits, check_bits=check_bits, stopped=stopped, steps=steps)


@dataclass
class DoubleFlow:
    times: np.ndarray
    states: np.ndarray  # shape (len(times), n)
    error: np.ndarray  # per time: max abs difference between the two tolerances
    rtol: float
    stopped: bool

    @property
    def final(self) -> np.ndarray:
        return self.states[-1]

    @property
    def final_error(self) -> float:
        return float(self.error[-1])


def integrate_double(
    f: Callable[[float, np.ndarray], np.ndarray],
    x0: Sequence[float],
    t_end: float,
    rtol: float = 1e-11,
    method: str = "LSODA",
    jac: Callable | None = None,
    stop: Callable[[np.ndarray], bool] | None = None,
    grid: Sequence[float] | None = None,
) -> DoubleFlow:
    """SciPy at ``rtol`` and at ``rtol/100`` on the same grid; the difference estimates the
    error of the looser run (conservatively that of the tighter one, which is returned)."""
    from scipy.integrate import solve_ivp

    grid = np.asarray(grid if grid is not None else geometric_grid(t_end))
    runs = []
    for tol in (rtol, rtol / 100):
        kw = {"jac": jac} if jac is not None and method in ("LSODA", "Radau", "BDF") else {}
        sol = solve_ivp(f, (0.0, float(grid[-1])), np.asarray(x0, float), method=method, t_eval=grid, rtol=tol, atol=tol * 1e-3, **kw)
        if not sol.success:
            raise FloatingPointError(f"solve_ivp failed: {sol.message}")
        runs.append(sol.y.T)
    loose, tight = runs
    last = len(grid)
    stopped = False
    if stop is not None:
        for k in range(len(grid)):
            if stop(tight[k]):
                last, stopped = k + 1, True
                break
    err = np.max(np.abs(loose - tight), axis=1)
    return DoubleFlow(times=grid[:last], states=tight[:last], error=err[:last], rtol=rtol / 100, stopped=stopped)


def lambdify_field(rhs: Sequence[sp.Expr], syms: Sequence[sp.Symbol]):
    """A NumPy vector field ``f(t, x)`` and its Jacobian from SymPy expressions."""
    F = sp.lambdify([list(syms)], list(rhs), "numpy")
    J = sp.lambdify([list(syms)], sp.Matrix(rhs).jacobian(list(syms)), "numpy")
    return (lambda t, x: np.asarray(F(x), float)), (lambda t, x: np.asarray(J(x), float))
