"""High-precision integrators behind one interface.

Knows no paper. An :class:`Integrator` compiles a flow ``x' = F(x)`` (SymPy expressions in the
state symbols, or ``fields.neg_gradient(loss)``) for a :class:`Precision` and marches it from
``t = 0`` through a time grid, yielding the state at each grid time. It knows nothing of error
estimates: ``flows.integrate_hp`` runs one integrator at two precisions and compares the runs.

* :class:`TaylorIntegrator` (``"taylor"``): heyoka's adaptive Taylor integrator.
* :class:`RadauIntegrator` (``"radau"``): the implicit Radau IIA method of ``numerics.radau``,
  for stiff flows.

A new integrator is a new subclass (``build`` and ``march``), not an edit: ``integrate_hp``
takes a name from :data:`INTEGRATORS`, an :class:`Integrator` subclass or an instance.
Compiled systems are cached, keyed by integrator, options, field, variables and precision
(:func:`clear_cache` empties the cache).
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

import mpmath
import numpy as np
import sympy as sp

from .fields import field_key, grid_time, heyoka_field, heyoka_number

_COMPILED: dict = {}


def clear_cache() -> None:
    """Forget every compiled system (benchmarks time compilation from scratch)."""
    _COMPILED.clear()


@dataclass(frozen=True)
class Precision:
    """The number type of one run: ``kind`` ``"real128"`` (IEEE quadruple, 113 bits, for any
    ``bits <= 113``) or ``"mpfr"`` at ``bits``; ``tol`` the step tolerance (``None``: the
    integrator's default for the precision)."""

    bits: int
    kind: str = "mpfr"
    tol: float | None = None

    def __post_init__(self):
        if self.kind not in ("real128", "mpfr"):
            raise ValueError(f"kind must be real128 or mpfr, not {self.kind!r}")
        if self.kind == "real128" and self.bits > 113:
            raise ValueError("real128 carries 113 bits")

    @property
    def effective_bits(self) -> int:
        """The bits the states carry: 113 for real128, else ``bits``."""
        return 113 if self.kind == "real128" else self.bits

    def key(self) -> tuple:
        return (self.kind, self.bits, None if self.tol is None else str(self.tol))


@dataclass
class Run:
    """One run along a grid: the grid times reached, the states there as mpmath numbers at
    the run's effective precision, whether the stop predicate held, and the steps taken."""

    times: list[float]
    states: list[list[mpmath.mpf]]
    stopped: bool
    steps: int


class Integrator(ABC):
    """An integrator of autonomous flows at a given precision.

    Subclasses implement :meth:`build` (compile a field for a precision; cached by
    :meth:`compile`) and :meth:`march` (integrate a compiled system through grid times), set
    ``name``, and may override :meth:`options` (instance options that change the compiled
    system, part of the cache key) and :meth:`check_integrator`."""

    name: ClassVar[str] = ""
    #: ``march`` may run in a second thread alongside another run (``integrate_hp(...,
    #: parallel_check=True)``): it then must not touch mpmath's (global) precision, and it
    #: gains only if it releases the GIL.
    concurrent: ClassVar[bool] = False

    def options(self) -> tuple:
        return ()

    @abstractmethod
    def build(self, rhs, syms: Sequence[sp.Symbol], precision: Precision):
        """The compiled system of ``x' = rhs`` in the variables ``syms`` for ``precision``,
        uncached (see :meth:`compile`)."""

    @abstractmethod
    def march(
        self, system, x0: Sequence, times: Iterable[float], precision: Precision, max_steps: int
    ) -> Iterator[tuple[Sequence, int]]:
        """Integrate the compiled ``system`` from ``x0`` at ``t = 0`` through ``times``
        (increasing; possibly fed one time at a time, so read it once, in order), yielding
        ``(state, steps)`` at each time: the state as numbers whose ``str`` is their exact
        decimal value (heyoka numbers, or ``fields.exact_str`` strings; read before the next
        item is asked for), and the steps taken so far.

        ``x0``: strings (decimals read at the precision), mpmath numbers, ints or floats
        (exact). A grid time is the decimal ``fields.grid_time(t)``. Raises
        ``FloatingPointError`` when a time cannot be reached within ``max_steps``."""

    def check_integrator(self) -> Integrator:
        """The integrator of the check run that ``integrate_hp`` compares this one's runs
        with, at a higher precision (default: this one)."""
        return self

    def compile(self, rhs, syms: Sequence[sp.Symbol], precision: Precision):
        """:meth:`build`, once per (integrator class and options, field, variables,
        precision)."""
        key = (type(self), self.options(), field_key(rhs), tuple(map(str, syms)), precision.key())
        system = _COMPILED.get(key)
        if system is None:
            system = _COMPILED[key] = self.build(rhs, syms, precision)
        return system

    def run(
        self,
        rhs,
        syms: Sequence[sp.Symbol],
        x0: Sequence,
        times: Sequence[float],
        precision: Precision,
        stop: Callable[[list], bool] | None = None,
        max_steps: int = 2_000_000,
        on_time: Callable[[float], object] | None = None,
    ) -> Run:
        """Compile (at the caller's mpmath precision), then march through ``times`` until
        ``stop(state)`` holds at a grid time. mpmath's precision is set to the run's
        ``effective_bits`` (the states' and ``stop``'s precision) and left there: the caller
        restores it. ``on_time(t)`` is called at each time reached, before ``stop``."""
        system = self.compile(rhs, syms, precision)
        mpmath.mp.prec = precision.effective_bits
        times = [float(t) for t in times]
        out_times, states, stopped, steps = [], [], False, 0
        marching = self.march(system, x0, times, precision, max_steps)
        try:
            for t, (state, steps) in zip(times, marching):
                x = [mpmath.mpf(str(v)) for v in state]
                out_times.append(t)
                states.append(x)
                if on_time is not None:
                    on_time(t)
                if stop is not None and stop(x):
                    stopped = True
                    break
        finally:
            marching.close()
        return Run(out_times, states, stopped, steps)


class TaylorIntegrator(Integrator):
    """heyoka's adaptive Taylor integrator (``taylor_adaptive``) in ``real128`` or MPFR,
    tolerance ``precision.tol`` (default: heyoka's, the unit roundoff).

    ``compact_mode=False`` unrolls the field into straight-line code: faster steps, compile
    time growing with the field's size (worth it for small real128 fields; unrolled MPFR code
    compiles for minutes, so the check run stays compact, see :meth:`check_integrator`)."""

    name = "taylor"
    concurrent = True  # heyoka releases the GIL while it integrates

    def __init__(self, compact_mode: bool = True):
        self.compact_mode = compact_mode

    def options(self) -> tuple:
        return (self.compact_mode,)

    def check_integrator(self) -> Integrator:
        return self if self.compact_mode else TaylorIntegrator()

    def build(self, rhs, syms, precision):
        import heyoka as hy

        kind, bits = precision.kind, precision.bits
        hv = [hy.expression(str(s)) for s in syms]
        he = heyoka_field(rhs, syms, max(precision.effective_bits, 128) + 64)
        kw = {} if precision.tol is None else {"tol": heyoka_number(kind, bits)(precision.tol)}
        if kind == "real128":
            zero = np.array([hy.real128(0)] * len(syms))
            return hy.taylor_adaptive(list(zip(hv, he)), zero, fp_type=hy.real128, compact_mode=self.compact_mode, **kw)
        zero = np.array([hy.real(0, bits)] * len(syms))
        return hy.taylor_adaptive(
            list(zip(hv, he)), zero, fp_type=hy.real, prec=bits, compact_mode=self.compact_mode, **kw
        )

    def march(self, system, x0, times, precision, max_steps):
        import heyoka as hy

        ta = system
        make = heyoka_number(precision.kind, precision.bits)
        ta.time = make(0)
        st = ta.state
        for i, v in enumerate(x0):
            st[i] = make(v)
        steps = 0
        for t in times:
            out = ta.propagate_until(make(grid_time(t)), max_steps=max_steps)
            steps += int(out[3])
            if int(out[0]) != int(hy.taylor_outcome.time_limit):
                raise FloatingPointError(f"integration stopped early: {out[0]} at t={ta.time}")
            yield ta.state, steps


class RadauIntegrator(Integrator):
    """The implicit Radau IIA collocation method of ``numerics.radau`` (``radau.RadauIIA``),
    step tolerance ``precision.tol`` (default ``2**-bits``): for stiff flows, whose explicit
    Taylor steps are capped by the largest Hessian eigenvalue however slow the flow. Steps
    are accepted step-doubling pairs. Not ``concurrent``: its Newton iterations run in Python
    and hold the GIL, so a second thread would only interleave."""

    name = "radau"

    def build(self, rhs, syms, precision):
        import heyoka as hy

        from . import radau

        prec = precision.effective_bits
        hv = [hy.expression(str(s)) for s in syms]
        return radau.RadauIIA(heyoka_field(rhs, syms, max(prec, 128) + 64), hv, precision.kind, prec, tol=precision.tol)

    def march(self, system, x0, times, precision, max_steps):
        before = system.stats.steps
        for x in system.march(x0, times, max_steps):
            yield x, system.stats.steps - before


#: The integrators ``integrate_hp(method=...)`` knows by name, in order of preference.
INTEGRATORS: dict[str, type[Integrator]] = {"taylor": TaylorIntegrator, "radau": RadauIntegrator}


def integrator(method: str | Integrator | type[Integrator] = "taylor", **options) -> Integrator:
    """An integrator instance: ``method`` a name in :data:`INTEGRATORS` or an
    :class:`Integrator` subclass (instantiated with ``options``), or an instance (taken as it
    is, without options)."""
    if isinstance(method, Integrator):
        if options:
            raise ValueError(f"options {sorted(options)} given with an Integrator instance")
        return method
    cls = INTEGRATORS.get(method) if isinstance(method, str) else method
    if not (isinstance(cls, type) and issubclass(cls, Integrator)):
        raise ValueError(
            f"method must be one of {', '.join(INTEGRATORS)}, an Integrator subclass or an instance, not {method!r}"
        )
    try:
        inspect.signature(cls).bind(**options)
    except TypeError as e:
        name = cls.name or cls.__name__
        raise ValueError(f"the {name} integrator does not take the options {sorted(options)}: {e}") from None
    return cls(**options)
