"""Exact polynomial identities in SymPy's sparse polynomial ring, knowing no paper.

A loss that is a polynomial in the parameters (and symbolic data) with rational coefficients,
its gradient and a substitution of generators for generators stay in ``QQ[symbols]``, where
SymPy works by ring arithmetic on dictionaries of monomials: an identity over all symbols is
then decided exactly and in milliseconds (a polynomial is zero iff it has no terms), where
``sp.expand`` and ``subs`` take seconds.
"""

from __future__ import annotations

import sympy as sp
from sympy.polys.rings import ring


def poly_ring(*symbol_groups):
    """SymPy's sparse polynomial ring ``QQ[symbols]`` (sympy.polys.rings) over the symbols of the
    groups, in order (repeats once), and the map symbol -> generator. A polynomial with rational
    coefficients: ``R.from_expr`` builds one from a SymPy expression by ring arithmetic on its
    tree (exact, no ``sp.expand``), ``.diff(gen)`` differentiates it, ``.compose(pairs)`` (or
    :func:`rename_gens` for generators) substitutes simultaneously, and a polynomial is identically zero
    iff it has no terms (``.as_expr()`` is then the SymPy 0). The same identities over all
    symbols as with ``sp.expand``, in milliseconds instead of seconds."""
    syms = list(dict.fromkeys(s for group in symbol_groups for s in group))
    R, *gens = ring(syms, sp.QQ)
    return R, dict(zip(syms, gens))


def rename_gens(P, pairs):
    """``P`` with generators substituted for generators, simultaneously (``pairs``: ``(x, y)``
    replaces ``x`` by ``y``): ``P.compose(pairs)`` by moving exponents, without the polynomial
    products ``compose`` forms monomial by monomial."""
    R = P.ring
    idx = [(R.gens.index(x), R.gens.index(y)) for x, y in pairs]
    out = {}
    for monom, coeff in P.iterterms():
        m = list(monom)
        for i, _ in idx:
            m[i] = 0
        for i, j in idx:
            m[j] += monom[i]
        m = tuple(m)
        out[m] = out.get(m, R.domain.zero) + coeff
    return R.from_dict({m: c for m, c in out.items() if c})
