"""Long-time limits of high-precision flows, with an error estimate.

Knows no paper. A flow ``x' = F(x)`` (SymPy right-hand side, as in ``numerics.flows``) is
integrated at high precision along a geometric time grid until a residual of the state falls
below a threshold; the limit of an observable of the state is then estimated from the last
grid state. The error estimate is the sum of

* the precision error: the state difference between two precisions (``flows.integrate_hp``)
  times a bound on the observable's sensitivity to the state, and
* the tail: for a residual that decays linearly (geometrically along the grid), the
  observable still moves by about ``|obs(T) - obs(T')| rho / (1 - rho)`` with
  ``rho = res(T) / res(T')`` from the last two grid times ``T' < T``.

When the stop condition already holds at the first grid time, the grid is restarted a
thousand times earlier (fast flows), so that two grid states always bracket the stop.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import mpmath
import sympy as sp

from . import flows


@dataclass
class FlowLimit:
    value: list | None  # the observable at the final grid time (mpmath), None if not reached
    error: float  # precision error + tail estimate (inf if the stop was not reached)
    flow: flows.HPFlow

    @property
    def reached(self) -> bool:
        return self.value is not None


def flow_to_rest(
    rhs: Sequence[sp.Expr],
    syms: Sequence[sp.Symbol],
    x0: Sequence,
    observable: Callable[[list], list],
    residual: Callable[[list], object],
    sensitivity: Callable[[list], float],
    bits: int = 128,
    res_stop: float = 1e-30,
    t_end: float = 1e6,
    t_first: float = 1e-2,
    per_decade: int = 16,
    fp: str = "auto",
    check_bits: int | None = None,
) -> FlowLimit:
    """Integrate until ``residual(x) < res_stop`` (or ``t_end``) and return the observable's
    limit with its error estimate. ``sensitivity(x)`` bounds ``|d observable|_inf`` per unit
    ``|dx|_inf`` near ``x``. All callables receive states carrying ``bits`` of precision.
    ``rhs`` may be ``flows.neg_gradient(loss)``; ``fp`` and ``check_bits`` are passed to
    ``flows.integrate_hp`` (``bits <= 113`` runs in real128 there)."""
    while True:
        grid = flows.geometric_grid(t_end, t_first, per_decade)
        fl = flows.integrate_hp(
            rhs,
            syms,
            x0,
            t_end,
            bits=bits,
            check_bits=check_bits,
            stop=lambda x: residual(x) < res_stop,
            grid=grid,
            fp=fp,
        )
        if not (fl.stopped and len(fl.states) < 2) or t_first < 1e-30:
            break
        t_first /= 1e3
    if not fl.stopped or len(fl.states) < 2:
        return FlowLimit(None, math.inf, fl)
    with mpmath.workprec(bits):
        v1, v0 = observable(fl.states[-1]), observable(fl.states[-2])
        r1, r0 = residual(fl.states[-1]), residual(fl.states[-2])
        rho = float(r1 / r0) if r0 > 0 else 0.0
        step = float(max(abs(a - b) for a, b in zip(v1, v0)))
        precision = float(sensitivity(fl.final)) * fl.final_error
    tail = step * rho / (1 - rho) if rho < 1 else math.inf
    return FlowLimit(v1, precision + tail, fl)
