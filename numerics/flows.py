"""Gradient-flow integration at double and at high precision, each with an error estimate.

Knows no paper: a flow is an autonomous ODE ``x' = F(x)`` given as SymPy expressions in a
list of state symbols (numeric constants already substituted).

* High precision: heyoka's adaptive Taylor integrator, on IEEE quadruple numbers
  (``heyoka.real128``) for a working precision of exactly 113 bits and on MPFR numbers
  (``heyoka.real``) at any other precision (a caller's precision is never silently raised). The error estimate is the difference between the same flow at two
  precisions (the check run is always MPFR, 64 bits above the working precision unless told;
  the tolerance follows the precision), sampled at the same times. Right-hand sides are SymPy
  expressions (converted with shared subexpressions and exact constants, see ``to_heyoka``)
  or ``neg_gradient(loss)`` (differentiated by heyoka). Compiled integrators are cached.
* Double precision: SciPy's ``solve_ivp`` at two tolerances; the difference is the estimate.

Stopping: a flow runs along a fixed geometric time grid until a stop predicate on the state
holds (e.g. the loss falls below a threshold). Both precisions stop at the same grid time, so
the two states are comparable; the grid time is part of the result.
"""
from __future__ import annotations

import math
import time
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


class NegGradient:
    """The gradient flow ``x' = -grad loss(x)`` of a SymPy ``loss``, accepted by
    :func:`integrate_hp` in place of a right-hand side. The loss is converted to heyoka once
    and differentiated there (``heyoka.diff_tensors``, shared subexpressions), which for
    polynomial losses with deep products (linear RNNs: ``C A^j B``) is orders of magnitude
    faster than ``sympy.diff`` plus conversion of the expanded gradient."""

    def __init__(self, loss: sp.Expr):
        self.loss = sp.sympify(loss)

    def __eq__(self, other):
        return isinstance(other, NegGradient) and self.loss == other.loss

    def __hash__(self):
        return hash(("NegGradient", self.loss))


def neg_gradient(loss: sp.Expr) -> NegGradient:
    return NegGradient(loss)


def _is_pow2(q: int) -> bool:
    return q > 0 and q & (q - 1) == 0


def _hy_number(v: sp.Number, prec: int):
    """A SymPy number as a heyoka constant, exact when it is a double, else rounded once at
    ``prec`` bits (heyoka's own ``from_sympy`` refuses rationals like 9/10, and folding
    ``p/q`` from two double constants would round at 53 bits)."""
    import heyoka as hy

    if isinstance(v, sp.Rational):
        p, q = int(v.p), int(v.q)
        if _is_pow2(q) and abs(p).bit_length() <= 53:
            return hy.expression(float(sp.Rational(p, q)))
        return hy.expression(hy.real(p, prec) / hy.real(q, prec))
    if isinstance(v, sp.Float):
        return hy.expression(hy.real(_exact_str(mpmath.mpf(v._mpf_)), max(prec, v._prec)))
    raise TypeError(f"cannot convert the number {v!r} to heyoka")


def to_heyoka(exprs: Sequence[sp.Expr], syms: Sequence[sp.Symbol], prec: int = 128) -> list:
    """SymPy expressions as heyoka expressions in the variables ``syms`` (heyoka variables of
    the same names), sharing every common subexpression across the whole list (one memo),
    with non-dyadic constants rounded once at ``prec`` bits."""
    import heyoka as hy

    memo: dict = {s: hy.expression(str(s)) for s in syms}

    def conv(e):
        r = memo.get(e)
        if r is not None:
            return r
        if isinstance(e, sp.Number):
            r = _hy_number(e, prec)
        elif isinstance(e, sp.Symbol):
            r = hy.expression(str(e))
        elif isinstance(e, sp.Add):
            r = hy.sum([conv(a) for a in e.args])
        elif isinstance(e, sp.Mul):
            args = [conv(a) for a in e.args]
            r = args[0]
            for a in args[1:]:
                r = r * a
        elif isinstance(e, sp.Pow):
            b, ex = e.args
            if ex == sp.Rational(1, 2):
                r = hy.sqrt(conv(b))
            else:
                r = conv(b) ** conv(ex)
        else:  # any other function heyoka knows: convert the arguments here, the head there
            dummies = [sp.Dummy() for _ in e.args]
            r = hy.from_sympy(e.func(*dummies), {dm: conv(a) for dm, a in zip(dummies, e.args)})
        memo[e] = r
        return r

    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 100_000))
    try:
        return [conv(sp.sympify(e)) for e in exprs]
    finally:
        sys.setrecursionlimit(old)


def heyoka_field(rhs, syms: Sequence[sp.Symbol], prec: int = 128) -> list:
    """The heyoka right-hand side of ``x' = rhs``: a list of SymPy expressions, or a
    :class:`NegGradient`."""
    import heyoka as hy

    if isinstance(rhs, NegGradient):
        (loss,) = to_heyoka([rhs.loss], syms, prec)
        hv = [hy.expression(str(s)) for s in syms]
        grad = hy.diff_tensors([loss], diff_args=hv, diff_order=1).gradient
        return [-g for g in grad]
    return to_heyoka(rhs, syms, prec)


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


def _key(rhs) -> tuple:
    return (rhs,) if isinstance(rhs, NegGradient) else tuple(sp.sympify(e) for e in rhs)


def _taylor(rhs, syms: Sequence[sp.Symbol], bits: int, kind: str = "mpfr", tol=None, compact_mode: bool = True):
    """A compiled heyoka integrator, cached by (field, variables, number type, precision,
    tolerance). Compact mode by default: full LLVM unrolling of MPFR code compiles for
    minutes, and for real128 it pays only on small fields (see benchmarks/)."""
    import heyoka as hy

    key = (_key(rhs), tuple(map(str, syms)), kind, bits, None if tol is None else str(tol), compact_mode)
    ta = _COMPILED.get(key)
    if ta is None:
        prec = 113 if kind == "real128" else bits
        hv = [hy.expression(str(s)) for s in syms]
        he = heyoka_field(rhs, syms, max(prec, 128) + 64)
        kw = {} if tol is None else {"tol": _fp(kind, bits)(tol)}
        if kind == "real128":
            zero = np.array([hy.real128(0)] * len(syms))
            ta = hy.taylor_adaptive(list(zip(hv, he)), zero, fp_type=hy.real128, compact_mode=compact_mode, **kw)
        else:
            zero = np.array([hy.real(0, bits)] * len(syms))
            ta = hy.taylor_adaptive(list(zip(hv, he)), zero, fp_type=hy.real, prec=bits, compact_mode=compact_mode, **kw)
        _COMPILED[key] = ta
    return ta


def _fp(kind: str, bits: int):
    """A constructor ``value -> heyoka number`` of the kind (from str, int, float or mpf)."""
    import heyoka as hy

    if kind == "real128":
        def make(v):
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                v = mpmath.mpf(v)
            return hy.real128(_exact_str(v))
        return make

    def make(v):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            v = mpmath.mpf(v)
        return hy.real(_exact_str(v), bits)
    return make


def _exact_str(v) -> str:
    """A decimal string for ``v``: strings pass through, mpmath numbers are printed exactly
    (every binary fraction has a finite decimal expansion)."""
    if isinstance(v, str):
        return v
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    if not isinstance(v, mpmath.mpf):  # a double exactly; an mpf is never re-rounded to mpmath's current precision
        with mpmath.workprec(64):
            v = mpmath.mpf(v)
    if not mpmath.isfinite(v):
        raise ValueError(f"non-finite initial value {v}")
    sign, man, exp, _ = v._mpf_
    if man == 0:
        return "0"
    s = "-" if sign else ""
    if exp >= 0:
        return f"{s}{man << exp}"
    return f"{s}{man * 5 ** (-exp)}e{exp}"


def _run_hp(rhs, syms, x0, grid, bits, stop, max_steps, kind="mpfr", tol=None, compact_mode=True, on_time=None):
    import heyoka as hy

    ta = _taylor(rhs, syms, bits, kind, tol, compact_mode)
    make = _fp(kind, bits)
    mpmath.mp.prec = max(bits, 113) if kind == "real128" else bits
    ta.time = make(0)
    st = ta.state
    for i, v in enumerate(x0):
        st[i] = make(v)
    times, states = [], []
    steps = 0
    stopped = False
    for t in grid:
        out = ta.propagate_until(make(repr(float(t))), max_steps=max_steps)  # the decimal time, as before
        steps += int(out[3])
        if int(out[0]) != int(hy.taylor_outcome.time_limit):
            raise FloatingPointError(f"integration stopped early: {out[0]} at t={ta.time}")
        x = [mpmath.mpf(str(v)) for v in ta.state]
        times.append(float(t))
        states.append(x)
        if on_time is not None:
            on_time(float(t))
        if stop is not None and stop(x):
            stopped = True
            break
    return times, states, stopped, steps


def _radau(rhs, syms, bits, kind, tol):
    """A compiled Radau IIA integrator (numerics.radau), cached like the Taylor ones."""
    from numerics import radau
    import heyoka as hy

    key = ("radau", _key(rhs), tuple(map(str, syms)), kind, bits, None if tol is None else str(tol))
    ri = _COMPILED.get(key)
    if ri is None:
        prec = 113 if kind == "real128" else bits
        hv = [hy.expression(str(s)) for s in syms]
        ri = radau.RadauIntegrator(heyoka_field(rhs, syms, max(prec, 128) + 64), hv, kind, prec, tol=tol)
        _COMPILED[key] = ri
    return ri


def _run_radau(rhs, syms, x0, grid, bits, kind, stop, max_steps, tol):
    ri = _radau(rhs, syms, bits, kind, tol)
    mpmath.mp.prec = max(bits, 113) if kind == "real128" else bits
    to_mp = lambda x: [mpmath.mpf(str(v)) for v in x]
    before = ri.stats.steps
    times, states, stopped = ri.propagate(x0, grid, None if stop is None else (lambda x: stop(to_mp(x))), max_steps)
    return times, [to_mp(x) for x in states], stopped, ri.stats.steps - before


def _fed_run(ta, make, x0, feed, max_steps, out):
    """A run in its own thread (heyoka releases the GIL while it integrates): propagates to
    each time taken from ``feed`` until ``None``, keeping states as decimal strings (mpmath's
    precision is global and belongs to the caller's thread). Results and errors go to ``out``."""
    import heyoka as hy

    c0 = time.thread_time()
    try:
        ta.time = make(0)
        st = ta.state
        for i, v in enumerate(x0):
            st[i] = make(v)
        steps = 0
        while True:
            t = feed.get()
            if t is None:
                break
            r = ta.propagate_until(make(repr(t)), max_steps=max_steps)
            steps += int(r[3])
            if int(r[0]) != int(hy.taylor_outcome.time_limit):
                raise FloatingPointError(f"integration stopped early: {r[0]} at t={ta.time}")
            out["states"].append([str(v) for v in ta.state])
        out["steps"] = steps
    except BaseException as e:  # re-raised in the caller's thread
        out["error"] = e
        while feed.get() is not None:  # let the caller finish feeding
            pass
    finally:
        out["cpu"] = time.thread_time() - c0


def geometric_grid(t_end: float, t_first: float = 1e-2, per_decade: int = 8) -> list[float]:
    n = max(1, int(math.ceil(per_decade * math.log10(t_end / t_first))))
    return [float(t_first * (t_end / t_first) ** (k / n)) for k in range(n + 1)]


def integrate_hp(
    rhs,
    syms: Sequence[sp.Symbol],
    x0: Sequence,
    t_end: float,
    bits: int = 128,
    check_bits: int | None = None,
    stop: Callable[[list], bool] | None = None,
    grid: Sequence[float] | None = None,
    max_steps: int = 2_000_000,
    fp: str = "auto",
    compact_mode: bool = True,
    check_tol: float | None = None,
    parallel_check: bool = False,
    method: str = "taylor",
) -> HPFlow:
    """Integrate ``x' = rhs(x)`` from ``x0`` at ``bits`` and at ``check_bits`` along the same
    time grid; the error estimate at each saved time is the largest absolute difference
    between the two runs.

    ``rhs``: SymPy expressions in ``syms`` (any rational constants), or
    ``neg_gradient(loss)``. ``x0``: strings (read at each precision), mpmath numbers, ints or
    floats (taken exactly).

    Number types (``fp``): ``auto`` runs ``bits == 113`` in IEEE quadruple precision
    (heyoka ``real128``, 113 bits, tolerance 2**-112) and every other ``bits`` in MPFR; the check
    run is always MPFR at ``check_bits`` (default: the working precision + 64 bits), so
    the estimate stays a two-precision comparison. ``check_tol`` (default 2**-check_bits)
    may loosen the check run's Taylor tolerance: it still has to be far below the working
    run's error (e.g. 1e-40 against real128's ~1e-33), and costs less.

    ``compact_mode=False`` unrolls the field into straight-line code: faster steps, compile
    time growing with the field's size (worth it for small real128 fields).

    ``parallel_check=True`` runs the check run in a second thread alongside the working run
    (fed each grid time the working run reaches, so a stop predicate still ends both at the
    same time): the same states and estimate, wall time ~max of the two runs instead of their
    sum on a free second core (measured: 13.5 s against 22.7 s, benchmarks/). ``cpu_seconds``
    are then per-thread CPU times, both compilations counted in the first.

    ``method="radau"`` integrates with the implicit Radau IIA collocation method of
    ``numerics.radau`` instead of Taylor series: for stiff flows, whose explicit Taylor steps
    are capped by the largest Hessian eigenvalue however slow the flow (measured: the
    rnn-lowdim flow to loss 1e-12, ~5e5 Taylor steps against ~400 Radau steps). The check run
    is then a Radau run at ``check_bits`` with its step tolerance at ``check_tol`` (default
    2**-check_bits), so the estimate covers truncation as well as rounding. ``steps`` count
    accepted step-doubling pairs."""
    if method not in ("taylor", "radau"):
        raise ValueError(f"method must be taylor or radau, not {method!r}")
    kind = fp_kind(bits, fp)
    eff = 113 if kind == "real128" else bits
    check_bits = check_bits or eff + 64
    if check_bits <= eff:
        raise ValueError(f"check_bits={check_bits} must exceed the working precision ({eff} bits)")
    grid = list(grid) if grid is not None else geometric_grid(t_end)
    old = mpmath.mp.prec
    if method == "radau":
        if parallel_check or not compact_mode:
            raise ValueError("parallel_check and compact_mode=False apply to Taylor runs")
        working = lambda: _run_radau(rhs, syms, x0, grid, bits, kind, stop, max_steps, None)
        check = lambda times: _run_radau(rhs, syms, x0, times, check_bits, "mpfr", None, max_steps, check_tol)
    elif parallel_check:
        try:
            return _integrate_parallel(rhs, syms, x0, grid, bits, kind, check_bits, stop, max_steps, compact_mode, check_tol, old)
        finally:
            mpmath.mp.prec = old
    else:
        working = lambda: _run_hp(rhs, syms, x0, grid, bits, stop, max_steps, kind, None, compact_mode)
        check = lambda times: _run_hp(rhs, syms, x0, times, check_bits, None, max_steps, "mpfr", check_tol, True)
    try:
        c0 = time.process_time()
        t1, s1, stopped, steps = working()
        c1 = time.process_time()
        t2, s2, _, check_steps = check(t1)
        c2 = time.process_time()
    finally:
        mpmath.mp.prec = old
    err = [float(max(abs(a - b) for a, b in zip(u, v))) for u, v in zip(s1, s2)]
    return HPFlow(times=t1, states=s1, error=err, bits=bits, check_bits=check_bits, stopped=stopped, steps=steps,
                  fp=kind, check_steps=check_steps, cpu_seconds=(c1 - c0, c2 - c1))


def _integrate_parallel(rhs, syms, x0, grid, bits, kind, check_bits, stop, max_steps, compact_mode, check_tol, old_prec) -> HPFlow:
    import queue
    import threading

    c0 = time.thread_time()
    # compile both here: the integrator cache is not thread-safe
    _taylor(rhs, syms, bits, kind, None, compact_mode)
    tb = _taylor(rhs, syms, check_bits, "mpfr", check_tol, True)
    x0s = [_exact_str(v) for v in x0]  # exact, before the threads start
    feed: queue.Queue = queue.Queue()
    out: dict = {"states": []}
    th = threading.Thread(target=_fed_run, args=(tb, _fp("mpfr", check_bits), x0s, feed, max_steps, out), daemon=True)
    th.start()
    try:
        t1, s1, stopped, steps = _run_hp(rhs, syms, x0s, grid, bits, stop, max_steps, kind, None, compact_mode, on_time=feed.put)
    finally:
        feed.put(None)
        th.join()
    c1 = time.thread_time()
    if "error" in out:
        raise out["error"]
    mpmath.mp.prec = check_bits
    s2 = [[mpmath.mpf(v) for v in row] for row in out["states"]]
    mpmath.mp.prec = old_prec  # the differences rounded as the sequential path rounds them
    err = [float(max(abs(a - b) for a, b in zip(u, v))) for u, v in zip(s1, s2)]
    return HPFlow(times=t1, states=s1, error=err, bits=bits, check_bits=check_bits, stopped=stopped, steps=steps,
                  fp=kind, check_steps=out["steps"], cpu_seconds=(c1 - c0, out["cpu"]))


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
