"""Unit tests of numerics/intervals.py (flint root isolation, Sturm counts, resonance) and
numerics/taylor.py (two-precision Taylor flows), against known answers."""

import math

import numpy as np
import sympy as sp
from flint import arb, fmpq

from numerics import intervals, taylor


def test_sturm_counts_match_known_roots():
    # (x - 1)(x - 2)(x + 3)(x^2 + 1): real roots -3, 1, 2
    x = sp.Symbol("x")
    p = sp.Poly(sp.expand((x - 1) * (x - 2) * (x + 3) * (x**2 + 1)), x)
    q = intervals.poly_q(list(reversed(p.all_coeffs())))
    assert intervals.sturm_count_real(q) == 3
    assert intervals.sturm_count(q, 0, 3) == 2
    assert intervals.sturm_count(q, fmpq(3, 2), fmpq(5, 2)) == 1
    assert intervals.sturm_count(q, -1, fmpq(1, 2)) == 0
    assert intervals.sturm_count_real(intervals.poly_q([1, 0, 1])) == 0  # x^2 + 1


def test_bisect_root_and_flint_isolation_enclose_sqrt2():
    import flint

    q = intervals.poly_q([-2, 0, 1])  # x^2 - 2
    b = intervals.bisect_root(q, 1, 2, bits=120)
    old = flint.ctx.prec
    flint.ctx.prec = 200
    try:
        assert b.contains(arb(2).sqrt()) and float(b.rad()) < 2.0**-110
    finally:
        flint.ctx.prec = old
    roots = intervals.flint_real_roots(q, prec=128)
    assert len(roots) == 2 and any(r.overlaps(b) for r in roots)
    try:
        intervals.bisect_root(q, 2, 3)
        raise AssertionError("no sign change must raise")
    except ValueError:
        pass


def test_eigen_clusters_of_a_matrix_with_a_double_eigenvalue():
    from flint import arb_mat

    M = arb_mat([[2, 1, 1], [1, 2, 1], [1, 1, 2]])  # eigenvalues 4, 1, 1
    eigs = sorted((z.real for z in intervals.sym_eigen_clusters(M)), key=lambda r: float(r.mid()))
    assert eigs[0].contains(1) and eigs[1].contains(1) and eigs[2].contains(4)


def test_nonresonance_detects_and_excludes():
    # eigenvalues 1 and 2 (each once): 2 = 2 * 1 is a resonance of order 2
    r = intervals.nonresonance([(arb(1), 1), (arb(2), 1)], 2)
    assert not r.certified and r.smallest == 0
    # 1 and sqrt(3): none up to order 8; with every m_k >= 1 and 2 eigenvalues of multiplicity 3, order 5 sees nothing
    assert intervals.nonresonance([(arb(1), 1), (arb(3).sqrt(), 1)], 8).certified
    assert intervals.nonresonance([(arb(1), 3), (arb(3).sqrt(), 3)], 5, positive=True).count == 0


def test_taylor_two_precisions_exact_solution_and_powers_at_zero():
    x, y = sp.symbols("x y")
    fl = taylor.integrate_two_precisions([-x, x], [x, y], [1.0, 0.0], [0.0, 1.0, 3.0])
    assert abs(float(fl.final[0]) - math.exp(-3)) < 1e-15 and fl.error[-1] < 1e-14
    # x' = 1 - x^3 from x = 0 (heyoka's pow is NaN at 0; products are not)
    fl = taylor.integrate_two_precisions([1 - x**3], [x], [0.0], np.linspace(0, 5, 6))
    assert np.all(np.isfinite(fl.states.astype(float))) and abs(float(fl.final[0]) - 1) < 1e-3
    e = taylor.products_for_powers(x**3 * y**2 + 2 * x)
    assert sp.expand(e - (x**3 * y**2 + 2 * x)) == 0


def test_iv_endpoints():
    from mpmath import iv

    x = iv.mpf([1, 2])
    assert intervals.iv_lower(x) == 1 and intervals.iv_upper(x) == 2
    third = iv.mpf(1) / 3
    lo, hi = intervals.iv_lower(third), intervals.iv_upper(third)
    assert lo < hi and lo * 3 <= 1 <= hi * 3
