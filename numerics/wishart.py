"""Exact eigenvalue-band probabilities of real Wishart matrices. Knows no paper.

For ``Z`` an ``m x n`` matrix of i.i.d. N(0, 1) entries (``m <= n``), the eigenvalues of
``Z Z^T`` have the joint density ``c prod_i x_i^s e^{-x_i/2} prod_{i<j} |x_i - x_j|`` on
``x_i > 0``, ``s = (n - m - 1)/2``. By de Bruijn's identity the probability that all of them lie
in ``[a, b]`` is a ratio of Pfaffians,

    P[all in [a, b]] = Pf(A[a, b]) / Pf(A[0, oo)),
    A_ij = int int_{[a, b]^2} sign(y - x) f_i(x) f_j(y) dx dy = 2 int_a^b f_j(y) F_i(y) dy - F_i(b) F_j(b),

with ``f_i`` the chi-square density of ``2 (s + i)`` degrees of freedom (``i = 1..m``; any positive
row scaling cancels in the ratio) and ``F_i(y) = int_a^y f_i``; for odd ``m`` the matrix is
bordered by the column ``F_i(b)`` (and ``-1`` below it, 0 in the corner). The band of a wide
matrix (``m > n``) is that of ``Z^T Z`` (the same nonzero eigenvalues) with ``m - n`` zeros more.

The arithmetic is python-flint ``arb`` (regularised lower incomplete gammas), the integrals a
composite Gauss-Legendre rule (its nodes from mpmath); a tail ``1 - P`` is
computed at two working precisions, raised until they resolve it, and their difference is its
error (:func:`band_tail`).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import mpmath


@functools.lru_cache(maxsize=32)
def _gl(degree: int, dps: int):
    """Gauss-Legendre nodes and weights on [-1, 1] at ``dps`` digits (mpmath), as decimal strings."""
    with mpmath.workdps(dps + 10):
        xs, ws = [], []
        for i in range(1, degree + 1):
            x = mpmath.cos(mpmath.pi * (i - mpmath.mpf(1) / 4) / (degree + mpmath.mpf(1) / 2))
            for _ in range(100):
                p0, p1 = mpmath.mpf(1), x
                for k in range(2, degree + 1):
                    p0, p1 = p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k
                dp = degree * (x * p1 - p0) / (x * x - 1)
                dx = p1 / dp
                x -= dx
                if abs(dx) < mpmath.mpf(10) ** (-dps - 5):
                    break
            xs.append(mpmath.nstr(x, dps + 5))
            ws.append(mpmath.nstr(2 / ((1 - x * x) * dp * dp), dps + 5))
    return tuple(xs), tuple(ws)


def _log_pdf(h, y):
    """log of the chi-square density of 2h degrees of freedom at y, up to a constant (float)."""
    return (h - 1) * math.log(y / 2) - y / 2 if y > 0 else -math.inf


def _support(h, dps: int, lo: float, hi: float) -> tuple[float, float]:
    """Where the chi-square density of 2h dof exceeds 10^-(dps + 10) of its peak, within [lo, hi]."""
    drop = (dps + 10) * math.log(10)
    mode = max(2 * (h - 1), 1.0)
    peak = _log_pdf(h, mode)

    def edge(inside, outside):
        for _ in range(200):
            mid = (inside + outside) / 2
            inside, outside = (mid, outside) if _log_pdf(h, mid) > peak - drop else (inside, mid)
        return outside

    top = 2 * h + 40
    while _log_pdf(h, top) > peak - drop:
        top *= 2
    right = edge(mode, top)
    left = edge(mode, 0.0) if h > 1 else 0.0
    return max(lo, left), min(hi, right)


def _masses(hs: list[Fraction], x):
    """``(P(h, x), t_(h - 1))`` for each ``h`` of ``hs`` (increasing by 1, half-integers or integers),
    ``P`` the regularised lower incomplete gamma and ``t_g = x^g e^-x / Gamma(g + 1)``, as arb balls:
    from ``P(1/2, x) = erf(sqrt x)`` or ``P(1, x) = 1 - e^-x`` by ``P(h + 1, x) = P(h, x) - t_h``,
    ``t_h = t_(h-1) x / h``. The recurrence keeps the absolute error at the working precision (the
    Pfaffians need absolute accuracy)."""
    from flint import arb
    from flint import ctx as arb_ctx

    if hs[0] > 20:  # start at hs[0]: mpmath's incomplete gamma (the recurrence would take ~h steps)
        h0 = hs[0]
        hv = arb(h0.numerator) / h0.denominator
        t = ((hv - 1) * x.log() - x - hv.lgamma()).exp()  # t_(h0 - 1)
        digits = int(arb_ctx.prec / 3.33)
        with mpmath.workdps(digits + 10):
            mp = mpmath.gammainc(
                mpmath.mpf(h0.numerator) / h0.denominator,
                0,
                mpmath.mpf(x.mid().str(digits + 10, radius=False, more=True)),
                regularized=True,
            )
        P = arb(mpmath.nstr(mp, digits + 5)) + arb(0, 10.0 ** (-digits))
        P = P + arb(0, x.rad() * 2)  # the node's own enclosure (P has slope < 1)
    else:
        h0 = Fraction(1, 2) if hs[0].denominator == 2 else Fraction(1)
        g = h0 - 1
        # t_(h0 - 1): t_(-1/2) = e^-x / sqrt(pi x), t_0 = e^-x
        t = (-x).exp() / (arb.pi() * x).sqrt() if g != 0 else (-x).exp()
        P = x.sqrt().erf() if h0 == Fraction(1, 2) else 1 - (-x).exp()
    h = h0
    out = []
    for target in hs:
        while h < target:
            t = t * x / (arb(h.numerator) / h.denominator)  # t_h from t_(h-1)
            P = P - t  # P(h + 1)
            h += 1
        out.append((P, t))
    return out


def _band_matrix(m: int, s: Fraction, a: Fraction, b, dps: int, panels_per_unit: int, degree: int):
    """The (bordered) antisymmetric matrix of the module doc on ``[a, b]`` (``b`` None: infinity), in
    python-flint ``arb`` at ``dps`` digits: all entries from one composite Gauss-Legendre rule in
    ``u = sqrt(y)`` (smooth also at ``s = -1/2``) over where the densities exceed 10^-(dps + 10) of
    their peaks, ``panels_per_unit`` panels per unit of u (a chi-square bulk has sd about 1/sqrt 2
    in u); ``F_i`` and ``f_i`` at each node by :func:`_masses`."""
    from flint import arb, arb_mat

    hs = [s + i for i in range(1, m + 1)]  # chi-square dof / 2
    A_ = arb(a.numerator) / a.denominator
    lo = _support(float(hs[0]), dps, float(a), math.inf)[0]
    hi = _support(float(hs[-1]), dps, float(a), math.inf if b is None else float(b))[1]
    xs, ws = _gl(degree, dps)
    xs, ws = [arb(v) for v in xs], [arb(v) for v in ws]
    ua, ub = (
        arb(math.sqrt(lo)),
        arb(math.sqrt(hi)) if b is None or hi < float(b) else (arb(b.numerator) / b.denominator).sqrt(),
    )
    if lo <= float(a):
        ua = A_.sqrt()
    npan = max(4, math.ceil(panels_per_unit * (math.sqrt(hi) - math.sqrt(lo))))
    width = (ub - ua) / npan
    xa = A_ / 2
    Pa = [P for P, _ in _masses(hs, xa)] if a > 0 else [arb(0)] * m
    acc = [[arb(0)] * m for _ in range(m)]
    for p in range(npan):
        c = ua + (p + arb(1) / 2) * width
        for xi, wi in zip(xs, ws):
            u = c + width / 2 * xi
            wt = width / 2 * wi * u
            x = u * u / 2
            masses = _masses(hs, x)
            P = [v for v, _ in masses]
            t = [w for _, w in masses]  # t_(h_j - 1): f_j(y) dy = t_(h_j - 1) du
            F = [P[i] - Pa[i] for i in range(m)]
            for i in range(m):
                for j in range(i + 1, m):
                    acc[i][j] += wt * t[j] * F[i]
    if b is None:
        Fb = [1 - Pa[i] for i in range(m)]
    else:
        xb = (arb(b.numerator) / b.denominator) / 2
        Pb = [P for P, _ in _masses(hs, xb)]
        Fb = [Pb[i] - Pa[i] for i in range(m)]
    size = m + (m % 2)
    rows = [[arb(0)] * size for _ in range(size)]
    for i in range(m):
        for j in range(i + 1, m):
            rows[i][j] = 2 * acc[i][j] - Fb[i] * Fb[j]
            rows[j][i] = -rows[i][j]
    if m % 2:
        for i in range(m):
            rows[i][m] = Fb[i]
            rows[m][i] = -Fb[i]
    return arb_mat(rows)


@functools.lru_cache(maxsize=256)
def _band_probability(m: int, n: int, lo: Fraction, hi: Fraction, dps: int, panels_per_unit: int, degree: int):
    from flint import ctx

    old = ctx.prec
    ctx.prec = int(dps * 3.33) + 20
    try:
        s = Fraction(n - m - 1, 2)
        num = _band_matrix(m, s, lo, hi, dps, panels_per_unit, degree).det()
        den = _band_matrix(m, s, Fraction(0), None, dps, panels_per_unit, degree).det()
        return (abs(num) / abs(den)).sqrt()
    finally:
        ctx.prec = old


def band_probability(rows: int, cols: int, lo, hi, dps: int = 30, panels_per_unit: int = 2, degree: int = 20):
    """P[every eigenvalue of Z Z^T lies in [lo, hi]] for ``Z`` of shape ``rows x cols`` with
    i.i.d. N(0, 1) entries (``lo``, ``hi`` exact: int, Fraction or decimal string; ``lo`` below 0
    reads as 0), an ``arb`` ball (its radius covers the arithmetic, not the quadrature)."""
    from flint import arb

    m, n = min(rows, cols), max(rows, cols)
    lo_, hi_ = max(Fraction(lo), Fraction(0)), Fraction(hi)
    if rows > cols and lo_ > 0:
        return arb(0)  # rows - cols zero eigenvalues lie below lo
    return _band_probability(m, n, lo_, hi_, dps, panels_per_unit, degree)


def band_tail(rows: int, cols: int, lo, hi, dps: int = 20, max_dps: int = 160):
    """``1 - P[every eigenvalue in [lo, hi]]`` with its error: at ``dps`` digits with 2 panels per
    unit of u and at ``dps + 10`` digits with 3 (precision and quadrature both refined), raised
    until the two agree to a tenth of the value (a tail below the working precision needs more
    digits); returns ``(tail as a float-sized mpmath mpf, error, dps)``, ``error`` the difference
    of the two computations plus the finer ball's radius (``inf`` when ``max_dps`` did not
    resolve it)."""
    while True:
        t1 = 1 - band_probability(rows, cols, lo, hi, dps, 2)
        t2 = 1 - band_probability(rows, cols, lo, hi, dps + 10, 3)
        if not (t1.is_finite() and t2.is_finite()) or t2.rad() > abs(t2.mid()) / 100:
            # the balls lost their precision (a large Pfaffian's cancellation): more digits
            if dps >= max_dps:
                return mpmath.mpf(t2.mid().str(20, radius=False)) if t2.is_finite() else mpmath.nan, math.inf, dps + 10
            dps = min(2 * dps, max_dps)
            continue
        with mpmath.workdps(dps + 30):
            v1, v2 = (mpmath.mpf(t.mid().str(dps + 25, radius=False, more=True)) for t in (t1, t2))
            rad = t2.rad()
            err = abs(v1 - v2) + (mpmath.mpf(rad.str(5, radius=False, more=True)) if rad != 0 else 0)
            if err <= abs(v2) / 10:
                return v2, float(err), dps + 10
            if dps >= max_dps:
                return v2, math.inf, dps + 10
        dps = min(2 * dps, max_dps)
