"""Rigorous real-root isolation, ball (interval) enclosures and resonance certificates.

Knows no paper. Built on python-flint: exact rationals (``fmpq``, ``fmpq_poly``) where a
decision must be exact, Arb balls (``arb``, ``acb``, ``arb_mat``) where a number is only
enclosed. Every enclosure returned here contains the true value (Arb's guarantee); a
predicate answers ``True`` only when the enclosure decides it.

* ``sturm_count``: the number of distinct real roots of a rational polynomial in an interval,
  from its Sturm chain in exact rational arithmetic.
* ``bisect_root``: a sign change of a rational polynomial refined by exact bisection into a
  ball of prescribed width.
* ``flint_real_roots``: the real roots as Arb isolates them (``fmpz_poly.complex_roots``:
  real roots come with an exactly zero imaginary part) -- an independent isolation.
* ``sym_eigen_clusters``: eigenvalue enclosures of a real symmetric ball matrix (Arb's
  certified eigenvalue solver; clusters of a multiple eigenvalue are returned as such).
* ``nonresonance``: for eigenvalue enclosures with multiplicities, the resonance values
  ``lambda_j - sum_k m_k lambda_k`` over all multi-indices ``2 <= |m| <= N``, certified nonzero.
* ``iv_lower``, ``iv_upper``: the endpoints of an ``mpmath.iv`` interval as mpmath numbers.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction

import flint
import mpmath
from flint import acb_mat, arb, arb_mat, arb_poly, fmpq, fmpq_poly, fmpz_poly


def fmpq_of(x) -> fmpq:
    """An exact rational (int, Fraction, SymPy Rational, fmpq) as ``fmpq``."""
    if isinstance(x, fmpq):
        return x
    f = Fraction(str(x)) if not isinstance(x, (int, Fraction)) else Fraction(x)
    return fmpq(f.numerator, f.denominator)


def poly_q(coeffs_low_to_high: Sequence) -> fmpq_poly:
    return fmpq_poly([fmpq_of(c) for c in coeffs_low_to_high])


def sturm_chain(p: fmpq_poly) -> list[fmpq_poly]:
    chain = [p, p.derivative()]
    while chain[-1].degree() > 0:
        r = -(divmod(chain[-2], chain[-1])[1])
        if r.is_zero():
            break
        chain.append(r)
    return chain


def _sign_changes(values) -> int:
    signs = [v > 0 for v in values if v != 0]
    return sum(1 for a, b in zip(signs, signs[1:]) if a != b)


def sturm_count(p: fmpq_poly, lo, hi) -> int:
    """Distinct real roots of ``p`` in ``(lo, hi]`` (exact; Sturm's theorem)."""
    chain = sturm_chain(p)
    lo, hi = fmpq_of(lo), fmpq_of(hi)
    return _sign_changes([q(lo) for q in chain]) - _sign_changes([q(hi) for q in chain])


def sturm_count_real(p: fmpq_poly) -> int:
    """Distinct real roots of ``p`` on all of R (signs of the chain at -inf and +inf)."""
    chain = sturm_chain(p)

    def lead_sign(q, at_minus):
        c = q.coeffs()[-1]
        s = 1 if c > 0 else -1
        return s * (-1 if (at_minus and q.degree() % 2 == 1) else 1)

    return _sign_changes([lead_sign(q, True) for q in chain]) - _sign_changes([lead_sign(q, False) for q in chain])


def bisect_root(p: fmpq_poly, lo, hi, bits: int = 200) -> arb:
    """The root of ``p`` in ``[lo, hi]`` where ``p(lo) p(hi) < 0``, refined by exact rational
    bisection to width ``2^-bits`` and returned as a ball (raises without a sign change)."""
    lo, hi = fmpq_of(lo), fmpq_of(hi)
    plo, phi = p(lo), p(hi)
    if plo == 0:
        return arb(lo)
    if phi == 0:
        return arb(hi)
    if (plo > 0) == (phi > 0):
        raise ValueError("no sign change on the interval")
    width = fmpq(1, 2**bits)
    while hi - lo > width:
        mid = (lo + hi) / 2
        pm = p(mid)
        if pm == 0:
            return arb(mid)
        if (pm > 0) == (plo > 0):
            lo, plo = mid, pm
        else:
            hi = mid
    old = flint.ctx.prec
    flint.ctx.prec = bits + 20
    try:
        return arb((lo + hi) / 2, (hi - lo) / 2)
    finally:
        flint.ctx.prec = old


def flint_real_roots(p: fmpq_poly, prec: int = 200) -> list[arb]:
    """Real roots of ``p`` isolated by Arb (``fmpz_poly.complex_roots`` returns the real roots
    of a real polynomial with an exactly zero imaginary part), each once."""
    num = fmpz_poly([int(c * p.denom()) for c in p.coeffs()])
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        out = []
        for z, mult in num.complex_roots():
            if z.imag == 0 and z.imag.rad() == 0:
                out.append(z.real)
        return sorted(out, key=lambda b: float(b.mid()))
    finally:
        flint.ctx.prec = old


def eval_ball(p: fmpq_poly, x: arb) -> arb:
    """``p(x)`` as a ball for a ball argument."""
    return arb_poly([arb(c) for c in p.coeffs()])(x)


def certainly_positive(x: arb) -> bool:
    return bool(x > 0)


def certainly_negative(x: arb) -> bool:
    return bool(x < 0)


def excludes_zero(x) -> bool:
    """The ball (arb or acb) certainly does not contain 0."""
    if isinstance(x, flint.acb):
        return bool(x.real > 0 or x.real < 0 or x.imag > 0 or x.imag < 0)
    return bool(x > 0 or x < 0)


def sym_eigen_clusters(M: arb_mat) -> list[flint.acb]:
    """Enclosures of the eigenvalues of a real (symmetric) ball matrix, with multiplicity:
    Arb's certified solver (``multiple=True`` lets it enclose a cluster of equal eigenvalues
    by one ball repeated; the list has one entry per eigenvalue)."""
    return list(acb_mat(M).eig(multiple=True, algorithm="rump"))


@dataclass
class Resonance:
    certified: bool  # every resonance value's enclosure excludes 0
    smallest: float  # the smallest |gamma| midpoint over the multi-indices (scale of the margin)
    lower: float  # a rigorous lower bound of min |gamma| (0 when some enclosure contains 0)
    worst: tuple | None  # (j, counts) at which |gamma| is smallest
    count: int  # number of (eigenvalue, multi-index-by-group) pairs examined


def nonresonance(groups: Sequence[tuple[arb, int]], N: int, positive: bool = False) -> Resonance:
    """Non-resonance of order ``N`` for eigenvalues given as distinct-value enclosures with
    multiplicities ``[(lam_g, mult_g), ...]``.

    ``gamma(lam_j, m) = lam_j - sum_k m_k lam_k``. Since equal eigenvalues enter only through
    ``M_g = sum_{k in g} m_k``, it suffices to range over group totals ``M_g``: any ``M_g >= 0``
    is realisable (``M_g >= mult_g`` when ``positive``: every ``m_k >= 1``). Multi-indices with
    ``2 <= sum M_g <= N`` are examined for every distinct ``lam_j``."""
    lows = [mult if positive else 0 for _, mult in groups]
    certified, smallest, worst, count = True, float("inf"), None, 0
    lower = float("inf")
    for total in range(2, N + 1):
        for counts in itertools.product(*[range(lo, total + 1) for lo in lows]):
            if sum(counts) != total:
                continue
            combo = sum((arb(c) * lam for c, (lam, _) in zip(counts, groups)), arb(0))
            for j, (lam_j, _) in enumerate(groups):
                gamma = lam_j - combo
                count += 1
                mag = abs(float(gamma.mid()))
                if mag < smallest:
                    smallest, worst = mag, (j, counts)
                if not excludes_zero(gamma):
                    certified = False
                    lower = 0.0
                else:
                    # |gamma| >= its enclosure's lower end; rounded down to a double
                    lo = abs(gamma).lower()
                    lower = min(lower, float(lo) * (1 - 2.0**-50))
    return Resonance(certified, smallest, lower, worst, count)


# ---------------------------------------------------------------------------------------
# mpmath.iv intervals
# ---------------------------------------------------------------------------------------
def iv_lower(x):
    """Lower end of an ``mpmath.iv`` interval, as an ``mpmath.mpf`` at the interval precision."""
    with mpmath.workprec(mpmath.iv.prec):
        return +mpmath.mpf(x.a)


def iv_upper(x):
    """Upper end of an ``mpmath.iv`` interval, as an ``mpmath.mpf`` at the interval precision."""
    with mpmath.workprec(mpmath.iv.prec):
        return +mpmath.mpf(x.b)


@contextmanager
def arb_precision(bits: int):
    """python-flint's working precision set to ``bits`` inside the block, restored after."""
    old = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        yield
    finally:
        flint.ctx.prec = old
