"""Taylor-integrated flows in hardware precisions, with a two-precision error estimate.

Knows no paper. ``numerics.flows.integrate_hp`` (MPFR) is the reference for short flows; long
flows through slow saddles are too slow there for a quick budget. This module integrates
``x' = F(x)`` (SymPy right-hand side, constants substituted as exact integers or Floats:
heyoka's ``from_sympy`` refuses SymPy Rationals) with heyoka's adaptive Taylor integrator in
IEEE double and in x87 extended precision (``numpy.longdouble``, 64-bit mantissa) along the same
time grid. The error estimate at each grid time is the largest absolute difference of the two
runs: the double run's error, which the extended run is ~2^11 times more accurate than.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import sympy as sp

_COMPILED: dict = {}


@dataclass
class TwoPrecisionFlow:
    times: np.ndarray
    states: np.ndarray  # the extended-precision states, shape (len(times), n)
    error: np.ndarray  # per time: max abs difference between the two precisions

    @property
    def final(self) -> np.ndarray:
        return self.states[-1]


def products_for_powers(expr: sp.Expr) -> sp.Expr:
    """``x**n`` (integer n >= 2) rewritten as the unevaluated product ``x*x*...*x``.

    heyoka's Taylor recursion for ``pow(u, n)`` divides by ``u`` and returns NaN when ``u = 0``
    exactly (a state starting at 0, e.g. a flow from the origin); products have no such
    singularity. The value of the expression is unchanged."""
    expr = sp.sympify(expr)

    def rewrite(e):
        if e.is_Pow and e.exp.is_Integer and int(e.exp) >= 2:
            base = rewrite(e.base)
            return sp.Mul(*([base] * int(e.exp)), evaluate=False)
        if e.args:
            return (
                e.func(*[rewrite(a) for a in e.args], evaluate=False)
                if isinstance(e, (sp.Add, sp.Mul))
                else e.func(*[rewrite(a) for a in e.args])
            )
        return e

    return rewrite(expr)


def _integrator(rhs: Sequence[sp.Expr], syms: Sequence[sp.Symbol], fp):
    import heyoka as hy

    key = (tuple(map(str, syms)), tuple(sp.srepr(e) for e in rhs), np.dtype(fp).name)
    ta = _COMPILED.get(key)
    if ta is None:
        hv = [hy.from_sympy(s) for s in syms]
        he = [hy.from_sympy(products_for_powers(e)) for e in rhs]
        ta = hy.taylor_adaptive(list(zip(hv, he)), np.zeros(len(syms), dtype=fp), fp_type=fp, compact_mode=True)
        _COMPILED[key] = ta
    return ta


def _run(rhs, syms, x0, grid, fp):
    import heyoka as hy

    ta = _integrator(rhs, syms, fp)
    ta.time = fp(0)
    ta.state[:] = np.array([fp(str(v)) if isinstance(v, str) else fp(v) for v in x0], dtype=fp)
    out = ta.propagate_grid(np.asarray(grid, dtype=fp), max_steps=5_000_000)
    if int(out[0]) != int(hy.taylor_outcome.time_limit):
        raise FloatingPointError(f"Taylor integration stopped early: {out[0]}")
    return np.asarray(out[-1])


def integrate_two_precisions(
    rhs: Sequence[sp.Expr], syms: Sequence[sp.Symbol], x0: Sequence, grid: Sequence[float]
) -> TwoPrecisionFlow:
    """Integrate from ``x0`` at time ``grid[0]`` (normally 0) through the grid, in double and in
    extended precision; states of the extended run, errors = difference of the runs."""
    if np.finfo(np.longdouble).nmant <= np.finfo(float).nmant:
        # a platform whose long double is a double (MSVC, Apple silicon): the two runs would be
        # one, and their difference no error estimate
        raise NotImplementedError("numpy.longdouble is no wider than a double on this platform")
    grid = np.asarray(grid, dtype=float)
    lo = _run(rhs, syms, x0, grid, float)
    hi = _run(rhs, syms, x0, grid, np.longdouble)
    err = np.max(np.abs(hi - lo.astype(np.longdouble)), axis=1).astype(float)
    return TwoPrecisionFlow(times=grid, states=hi, error=err)
