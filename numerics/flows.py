"""Gradient-flow integration at double and at high precision, each with an error estimate.

Knows no paper: a flow is an autonomous ODE ``x' = F(x)`` given as SymPy expressions in a
list of state symbols (numeric constants already substituted).

* High precision (:func:`integrate_hp`): an integrator of ``numerics.integrators`` (heyoka's
  adaptive Taylor integrator by default, or the implicit Radau IIA method for stiff flows) on
  IEEE quadruple numbers (``heyoka.real128``) for a working precision of exactly 113 bits and
  on MPFR numbers (``heyoka.real``) at any other precision (a caller's precision is never
  silently raised). The error estimate is the difference between the same flow at two
  precisions (the check run is always MPFR, 64 bits above the working precision unless told;
  the tolerance follows the precision), sampled at the same times. Right-hand sides are SymPy
  expressions (converted with shared subexpressions and exact constants, see
  ``fields.to_heyoka``) or ``neg_gradient(loss)`` (differentiated by heyoka). Compiled
  integrators are cached.
* Double precision: SciPy's ``solve_ivp`` at two tolerances; the difference is the estimate.

Stopping: a flow runs along a fixed geometric time grid until a stop predicate on the state
holds (e.g. the loss falls below a threshold). Both precisions stop at the same grid time, so
the two states are comparable; the grid time is part of the result.
"""

from __future__ import annotations

import math
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import mpmath
import numpy as np
import sympy as sp

from . import integrators
from .fields import NegGradient, exact_str, heyoka_field, neg_gradient, to_heyoka
from .integrators import Integrator, Precision, Run

__all__ = [
    "HPFlow",
    "HPPrecision",
    "integrate_hp",
    "fp_kind",
    "geometric_grid",
    "NegGradient",
    "neg_gradient",
    "to_heyoka",
    "heyoka_field",
    "DoubleFlow",
    "integrate_double",
    "lambdify_field",
]


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
    fp: str = "mpfr"  # number type of the working run: "real128" or "mpfr"
    check_steps: int = 0
    cpu_seconds: tuple = (0.0, 0.0)  # process time of the working and the check run (incl. compiling)

    @property
    def final(self) -> list[mpmath.mpf]:
        return self.states[-1]

    @property
    def final_error(self) -> float:
        return self.error[-1]

    @property
    def t_final(self) -> float:
        return self.times[-1]


def fp_kind(bits: int, fp: str = "auto") -> str:
    """The heyoka number type for a working precision: ``real128`` (IEEE quadruple, 113-bit
    significand, LLVM-inlined: faster than MPFR at 128 bits) when ``bits == 113`` and ``fp``
    is ``auto``, else MPFR ``real`` at ``bits``. Lower precisions stay MPFR at exactly the
    bits asked for: promoting them to quad precision would hide a starved precision from the
    two-precision error estimate and could put the check run below the working run."""
    if fp not in ("auto", "real128", "mpfr"):
        raise ValueError(f"fp must be auto, real128 or mpfr, not {fp!r}")
    if fp == "auto":
        return "real128" if bits == 113 else "mpfr"
    if fp == "real128" and bits > 113:
        raise ValueError("real128 carries 113 bits")
    return fp


@dataclass(frozen=True)
class HPPrecision:
    """The two precisions of :func:`integrate_hp`.

    ``bits``: the working precision, in the number type ``fp`` (``auto``: ``real128`` for
    ``bits == 113``, else MPFR; see :func:`fp_kind`) at the integrator's default tolerance.
    ``check_bits``: the check run's precision, always MPFR (default: the working precision's
    effective bits + 64), at the step tolerance ``check_tol`` (default ``2**-check_bits``; a
    looser one costs less and must still be far below the working run's error, e.g. 1e-40
    against real128's ~1e-33)."""

    bits: int = 128
    check_bits: int | None = None
    fp: str = "auto"
    check_tol: float | None = None

    def __post_init__(self):
        _ = self.check  # validates both precisions

    @property
    def working(self) -> Precision:
        return Precision(self.bits, fp_kind(self.bits, self.fp))

    @property
    def check(self) -> Precision:
        eff = self.working.effective_bits
        check_bits = self.check_bits or eff + 64
        if check_bits <= eff:
            raise ValueError(f"check_bits={check_bits} must exceed the working precision ({eff} bits)")
        return Precision(check_bits, "mpfr", self.check_tol)


def geometric_grid(t_end: float, t_first: float = 1e-2, per_decade: int = 8) -> list[float]:
    n = max(1, int(math.ceil(per_decade * math.log10(t_end / t_first))))
    return [float(t_first * (t_end / t_first) ** (k / n)) for k in range(n + 1)]


def integrate_hp(
    rhs,
    syms: Sequence[sp.Symbol],
    x0: Sequence,
    t_end: float,
    precision: HPPrecision | None = None,
    *,
    stop: Callable[[list], bool] | None = None,
    grid: Sequence[float] | None = None,
    method: str | Integrator | type[Integrator] = "taylor",
    max_steps: int = 2_000_000,
    parallel_check: bool = False,
    bits: int | None = None,
    check_bits: int | None = None,
    fp: str | None = None,
    check_tol: float | None = None,
    compact_mode: bool | None = None,
) -> HPFlow:
    """Integrate ``x' = rhs(x)`` from ``x0`` along ``grid`` (default ``geometric_grid(t_end)``)
    at the working and at the check precision of ``precision`` (:class:`HPPrecision`); the
    error estimate at each saved time is the largest absolute difference between the two
    runs. With ``stop``, the working run ends at the first grid time where ``stop(state)``
    holds, and the check run at the same time.

    ``rhs``: SymPy expressions in ``syms`` (any rational constants), or
    ``neg_gradient(loss)``. ``x0``: strings (read at each precision), mpmath numbers, ints or
    floats (taken exactly).

    ``method``: the integrator, a name in ``integrators.INTEGRATORS`` (``"taylor"``: heyoka's
    Taylor integrator; ``"radau"``: the implicit Radau IIA method, for stiff flows, whose
    explicit Taylor steps are capped by the largest Hessian eigenvalue however slow the flow:
    measured, the rnn-lowdim flow to loss 1e-12 in ~5e5 Taylor steps against ~400 Radau
    steps), an ``integrators.Integrator`` subclass or an instance. The check run uses the
    integrator's ``check_integrator()`` at the check precision and tolerance, so the estimate
    covers truncation as well as rounding. ``steps`` and ``check_steps`` count the
    integrator's steps (Radau: accepted step-doubling pairs).

    ``parallel_check=True`` runs the check run in a second thread alongside the working run
    (fed each grid time the working run reaches, so a stop predicate still ends both at the
    same time), for ``concurrent`` integrators (Taylor): the same states and estimate, wall
    time ~max of the two runs instead of their sum on a free second core (measured: 13.5 s
    against 22.7 s, benchmarks/). ``cpu_seconds`` are then per-thread CPU times, both
    compilations counted in the first.

    ``bits``, ``check_bits``, ``fp``, ``check_tol``: the fields of ``precision`` given one by
    one (not together with ``precision``). ``compact_mode``: the Taylor integrator's option
    (``method=TaylorIntegrator(compact_mode=False)``)."""
    precision = _hp_precision(precision, bits=bits, check_bits=check_bits, fp=fp, check_tol=check_tol)
    work, check = precision.working, precision.check
    integ = integrators.integrator(method, **({} if compact_mode is None else {"compact_mode": compact_mode}))
    checker = integ.check_integrator()
    if parallel_check and not checker.concurrent:
        raise ValueError(
            f"parallel_check: the {checker.name or type(checker).__name__} integrator does not run in a second thread"
        )
    grid = list(grid) if grid is not None else geometric_grid(t_end)
    old = mpmath.mp.prec
    try:
        runs = _concurrent_runs if parallel_check else _sequential_runs
        working, checked, cpu = runs(integ, checker, rhs, syms, x0, grid, work, check, stop, max_steps)
    finally:
        mpmath.mp.prec = old
    err = [float(max(abs(a - b) for a, b in zip(u, v))) for u, v in zip(working.states, checked.states)]
    return HPFlow(
        times=working.times,
        states=working.states,
        error=err,
        bits=work.bits,
        check_bits=check.bits,
        stopped=working.stopped,
        steps=working.steps,
        fp=work.kind,
        check_steps=checked.steps,
        cpu_seconds=cpu,
    )


def _hp_precision(precision: HPPrecision | None, **keywords) -> HPPrecision:
    """``precision``, or an ``HPPrecision`` of the keywords given (not None)."""
    given = {k: v for k, v in keywords.items() if v is not None}
    if precision is None:
        return HPPrecision(**given)
    if not isinstance(precision, HPPrecision):
        raise TypeError(f"precision must be an HPPrecision, not {precision!r}")
    if given:
        raise ValueError(f"{sorted(given)} given together with precision={precision!r}")
    return precision


def _sequential_runs(integ, checker, rhs, syms, x0, grid, work, check, stop, max_steps):
    """The working run along ``grid``, then the check run to the times it reached."""
    c0 = time.process_time()
    working = integ.run(rhs, syms, x0, grid, work, stop, max_steps)
    c1 = time.process_time()
    checked = checker.run(rhs, syms, x0, working.times, check, None, max_steps)
    c2 = time.process_time()
    return working, checked, (c1 - c0, c2 - c1)


def _concurrent_runs(integ, checker, rhs, syms, x0, grid, work, check, stop, max_steps):
    """The check run in its own thread, fed each time the working run reaches."""
    c0 = time.thread_time()
    # compile both here: the integrator cache is not thread-safe
    integ.compile(rhs, syms, work)
    system = checker.compile(rhs, syms, check)
    x0s = [exact_str(v) for v in x0]  # exact, before the threads start
    feed: queue.Queue = queue.Queue()
    out: dict = {"states": []}
    th = threading.Thread(target=_fed_run, args=(checker, system, x0s, check, feed, max_steps, out), daemon=True)
    th.start()
    try:
        working = integ.run(rhs, syms, x0s, grid, work, stop, max_steps, on_time=feed.put)
    finally:
        feed.put(None)
        th.join()
    c1 = time.thread_time()
    if "error" in out:
        raise out["error"]
    mpmath.mp.prec = check.effective_bits
    states = [[mpmath.mpf(v) for v in row] for row in out["states"]]
    return working, Run(working.times, states, False, out["steps"]), (c1 - c0, out["cpu"])


def _fed_run(checker, system, x0, precision, feed, max_steps, out):
    """A run in its own thread (heyoka releases the GIL while it integrates): marches to each
    time taken from ``feed`` until ``None``, keeping states as decimal strings (mpmath's
    precision is global and belongs to the caller's thread). Results and errors go to ``out``."""
    c0 = time.thread_time()
    try:
        steps = 0
        for state, steps in checker.march(system, x0, iter(feed.get, None), precision, max_steps):
            out["states"].append([str(v) for v in state])
        out["steps"] = steps
    except BaseException as e:  # re-raised in the caller's thread
        out["error"] = e
        while feed.get() is not None:  # let the caller finish feeding
            pass
    finally:
        out["cpu"] = time.thread_time() - c0


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
        sol = solve_ivp(
            f,
            (0.0, float(grid[-1])),
            np.asarray(x0, float),
            method=method,
            t_eval=grid,
            rtol=tol,
            atol=tol * 1e-3,
            **kw,
        )
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
