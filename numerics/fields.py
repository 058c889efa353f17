"""Vector fields and numbers for the high-precision integrators (``numerics.integrators``).

Knows no paper. A flow ``x' = F(x)`` is given as SymPy expressions in a list of state symbols
(numeric constants already substituted) or as ``neg_gradient(loss)``; here it becomes a list of
heyoka expressions with shared subexpressions and exact constants (``heyoka_field``). Numbers
enter the integrators exactly: initial values as exact decimal strings (``exact_str``), grid
times as the decimal their double prints as (``grid_time``), both read by ``heyoka_number``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import mpmath
import sympy as sp


class NegGradient:
    """The gradient flow ``x' = -grad loss(x)`` of a SymPy ``loss``, accepted by
    ``flows.integrate_hp`` in place of a right-hand side. The loss is converted to heyoka once
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


def field_key(rhs) -> tuple:
    """A hashable key of a right-hand side (SymPy expressions or a ``NegGradient``), for caches
    of compiled integrators."""
    return (rhs,) if isinstance(rhs, NegGradient) else tuple(sp.sympify(e) for e in rhs)


def exact_str(v) -> str:
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


def grid_time(t) -> str:
    """A grid time as the integrators read it: the decimal number its double prints as
    (``repr``), so that ``0.1`` is the time one tenth, not the double nearest to it."""
    return repr(float(t))


def heyoka_number(kind: str, bits: int):
    """A constructor ``value -> heyoka number`` of the kind (``real128`` or ``mpfr`` at
    ``bits``), from str, int, float or mpf. Ints and floats pass through an mpf at mpmath's
    current precision, then ``exact_str``."""
    import heyoka as hy

    if kind == "real128":

        def make(v):
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                v = mpmath.mpf(v)
            return hy.real128(exact_str(v))

        return make

    def make(v):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            v = mpmath.mpf(v)
        return hy.real(exact_str(v), bits)

    return make


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
        return hy.expression(hy.real(exact_str(mpmath.mpf(v._mpf_)), max(prec, v._prec)))
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
