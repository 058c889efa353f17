"""rnn-lowdim statements of the appendices: A (necessity of k > 2 d^), C (teachers), D (the
accumulating loss), E (full proofs: population loss, gradients, balancedness, moments,
Theorem E.9, and the near-zero initialisation analysis of E.4). Shared encodings are in
``rnn_lowdim.py``."""

from __future__ import annotations

import math

import sympy as sp

from .registry import REGISTRY, Hypothesis, Param, Step, statement
from .rnn_lowdim import (
    BALANCED_TEACHER,
    D_GT_K,
    D_STUDENT,
    EPS,
    EXT_BM,
    EXT_CY,
    EXT_EC,
    EXT_PZ,
    EXT_VANDERMONDE,
    EXT_WY4,
    EXT_WY_P2,
    INIT,
    K_GT_2DH,
    K_LE_2DH_1,
    K_LEN,
    NONDEG_TEACHER,
    PROP9_NOTES,
    PROP9_TEXT,
    Q_GT_K,
    Q_HOR,
    SEED,
    STABLE_TEACHER,
    TEACHER,
    declare,
    src,
)

DH = Param("dh", int, 2, "teacher state dimension d^", low=1)
N_DIM = Param("n", int, 21, "vector dimension n", low=1)

# ---------------------------------------------------------------------------------------
# Printed arithmetic of App. E.4 (kept as printed; the checks evaluate it)
# ---------------------------------------------------------------------------------------


# (E.38): the event eps/2 < ||v|| < 3 eps/2 for v in R^n with N(0, eps^2/n) entries, i.e.
# n/4 < chi^2_n < 9n/4, has probability at least 1 - 2 exp(-9n/64)
E10_RATE = sp.Rational(9, 64)
E10_RADII = (sp.Rational(1, 2), sp.Rational(3, 2))  # ||v|| / eps


def lemma_e10_bound(n):
    """(E.38) right-hand side ``1 - 2 exp(-9n/64)``."""
    return 1 - 2 * sp.exp(-E10_RATE * n)


def lemma_e10_failure_ball(n):
    """The failure probability (E.38) allows, ``2 exp(-9n/64)``, as a python-flint ball (no
    cancellation at large n)."""
    import flint

    r = flint.fmpq(E10_RATE.p, E10_RATE.q)
    return 2 * (-flint.arb(r) * n).exp()


def lemma_e10_bound_ball(n):
    """(E.38) right-hand side as a python-flint ball."""
    return 1 - lemma_e10_failure_ball(n)


def lemma_e10_tails_ball(n):
    """``Pr(chi^2_n <= n r0^2) + Pr(chi^2_n >= n r1^2)`` (the complement of (E.38)'s event) as a
    python-flint ball: regularised lower and upper incomplete gamma functions, chi^2_n / 2 ~
    Gamma(n/2), each tail computed directly (relative accuracy however small it is)."""
    import flint

    lo, hi = (flint.arb(flint.fmpq(x.p, x.q)) ** 2 * n / 2 for x in E10_RADII)
    a = flint.arb(n) / 2
    return lo.gamma_lower(a, regularized=1) + hi.gamma_upper(a, regularized=1)


def lemma_e10_probability_ball(n):
    """``Pr(n r0^2 < chi^2_n < n r1^2)`` (r0, r1 = :data:`E10_RADII`) as a python-flint ball: the
    regularised upper incomplete gamma function, chi^2_n / 2 ~ Gamma(n/2)."""
    import flint

    lo, hi = (flint.arb(flint.fmpq(x.p, x.q)) ** 2 * n / 2 for x in E10_RADII)
    a = flint.arb(n) / 2
    return lo.gamma_upper(a, regularized=1) - hi.gamma_upper(a, regularized=1)


def _exp(x):
    """``exp`` in the arithmetic of its argument (mpmath numbers stay mpmath: no overflow; SymPy
    stays exact)."""
    import mpmath

    if isinstance(x, sp.Basic):
        return sp.exp(x)
    return mpmath.exp(x) if isinstance(x, mpmath.mpf) else math.exp(x)


def e119_rhs(w0, d, eps, c, t):
    """(E.119)'s right-hand side ``(exp(-2 w0 t) (75 w0 d eps^2) + c) / (2 w0)`` (c = M4 eps^2.5)."""
    return (_exp(-2 * w0 * t) * 75 * w0 * d * eps**2 + c) / (2 * w0)


def e120_rhs(w0, d, eps, c, t):
    """(E.120)'s right-hand side ``(exp(2 w0 t) (w0 eps^2 / (25 d)) + c) / (2 w0)`` (c = M4 eps^2.5)."""
    return (_exp(2 * w0 * t) * w0 * eps**2 / (25 * d) + c) / (2 * w0)


def e135_rhs(w0, eps, c, t):
    """(E.135)'s right-hand side ``(exp(-2 w0 t) (6 w0 eps^2) + c) / (2 w0)``."""
    return (_exp(-2 * w0 * t) * 6 * w0 * eps**2 + c) / (2 * w0)


def e136_rhs(w0, eps, c, t):
    """(E.136)'s right-hand side ``(exp(2 w0 t) (w0 eps^2) + c) / (2 w0)``."""
    return (_exp(2 * w0 * t) * w0 * eps**2 + c) / (2 * w0)


E15_C_EXPONENT = sp.Rational(5, 2)  # c = M4 eps^2.5 ((E.114))


# ---------------------------------------------------------------------------------------
# Printed proof displays (issue 19), as printed; the checks compare them with the model
# ---------------------------------------------------------------------------------------
def e1_step4(h, w, second_moment):
    """(E.4): ``sum_{i,j} [h_i h_j - 2 h_i w_j + w_i w_j] E[x_{k-1-i} x_{k-1-j}]`` with
    ``second_moment(a, b) = E[x_a x_b]``."""
    k = len(h)
    return sum(
        (h[i] * h[j] - 2 * h[i] * w[j] + w[i] * w[j]) * second_moment(k - 1 - i, k - 1 - j)
        for i in range(k)
        for j in range(k)
    )


def e2_output(A, B, C, x):
    """(E.2)'s student term: ``sum_i C A^(k-1-i) B x_i``."""
    k = len(x)
    return sum(((C * A ** (k - 1 - i) * B)[0, 0] * x[i] for i in range(k)), sp.Integer(0))


def e2_teacher(w, x):
    """(E.2)'s teacher term: ``sum_j w_(k-1-j) x_j``."""
    k = len(x)
    return sum((w[k - 1 - j] * x[j] for j in range(k)), sp.Integer(0))


def e3_output(A, B, C, x):
    """(E.3)'s student term: ``sum_i C A^i B x_(k-1-i)``."""
    k = len(x)
    return sum(((C * A**i * B)[0, 0] * x[k - 1 - i] for i in range(k)), sp.Integer(0))


def e3_teacher(w, x):
    """(E.3)'s teacher term: ``sum_j w_j x_(k-1-j)``."""
    k = len(x)
    return sum((w[j] * x[k - 1 - j] for j in range(k)), sp.Integer(0))


def e5_weight(k):
    """(E.5)'s ``1_{k-1-i = k-1-j}`` as the weight of ``E[x_a x_b]``, ``(a, b) = (k-1-i, k-1-j)``."""
    return lambda a, b: 1 if a == b else 0


def e6_weight(k):
    """(E.6)'s ``1_{i=j}`` as the weight of ``E[x_a x_b]``, ``(i, j) = (k-1-a, k-1-b)``."""
    return lambda a, b: 1 if k - 1 - a == k - 1 - b else 0


def e20_alpha(B, C):
    """(E.20): ``(||B||^2 - ||C||^2, Tr(B^T B) - Tr(C C^T), B^T B - C C^T)``."""
    return (
        sum(b**2 for b in B) - sum(c**2 for c in C),
        (B.T * B).trace() - (C * C.T).trace(),
        (B.T * B - C * C.T)[0, 0],
    )


def e24_rhs(A, B, C, w, k):
    """(E.24): ``2 B^T (-sum_i grad l_i (A^T)^i C^T) - 2 (-sum_i grad l_i B^T (A^T)^i) C^T``."""
    return (2 * B.T * e21_Bdot(A, B, C, w, k) - 2 * e22_Cdot(A, B, C, w, k) * C.T)[0, 0]


def e1_step7(h, w):
    """(E.7): ``sum_i [(h_i)^2 - 2 h_i w_i + w_i^2]`` and its printed equal ``sum_i (h_i - w_i)^2``."""
    return sum(h[i] ** 2 - 2 * h[i] * w[i] + w[i] ** 2 for i in range(len(h))), sum((a - b) ** 2 for a, b in zip(h, w))


def e11_dB(A, C, j):
    """(E.11): ``d(C A^j B)/dB = (A^j)^T C^T``."""
    return (A**j).T * C.T


def e12_dC(A, B, j):
    """(E.12): ``d(C A^j B)/dC = B^T (A^j)^T``."""
    return B.T * (A**j).T


def e14_term(r, dr):
    """(E.14)'s middle summand: ``d(r^2)/dX`` printed as ``r dr/dX``."""
    return r * dr


def e17_middle(A, B, C, w, k):
    """(E.17)'s two middle expressions: ``sum_i grad l_i A^i B`` and ``sum_i grad l_i (A^T)^i C^T``."""
    from .rnn_lowdim import residuals

    r = residuals(A, B, C, w, k)
    d = A.shape[0]
    first = sum((r[i] * A**i * B for i in range(k)), sp.zeros(d, 1))
    second = sum((r[i] * (A.T) ** i * C.T for i in range(k)), sp.zeros(d, 1))
    return first, second


def e21_Bdot(A, B, C, w, k):
    """(E.21) (= (E.58)): ``B' = -sum_i grad l_i (A^T)^i C^T``."""
    from .rnn_lowdim import printed_dL_dB

    return -printed_dL_dB(A, B, C, w, k)


def e22_Cdot(A, B, C, w, k):
    """(E.22): ``C' = -sum_i grad l_i B^T (A^T)^i``."""
    from .rnn_lowdim import residuals

    r = residuals(A, B, C, w, k)
    return -sum((r[i] * B.T * (A.T) ** i for i in range(k)), sp.zeros(1, A.shape[0]))


def e23_alphadot(B, C, Bdot, Cdot):
    """(E.23): the printed ``B'^T B + B^T B' - C' C^T - C C'^T`` and its printed equal ``2 B^T B' - 2 C' C^T``."""
    return (Bdot.T * B + B.T * Bdot - Cdot * C.T - C * Cdot.T)[0, 0], (2 * B.T * Bdot - 2 * Cdot * C.T)[0, 0]


def e26_moment(atoms, masses, n):
    """(E.26)/(E.27): ``sum_i p_i a_i^n``."""
    return sum(p * a**n for a, p in zip(atoms, masses))


def e31_rhs(w0, beta):
    """(E.31): ``beta / (C^B^ (beta - C^B^))`` (with ``C B = C^B^ - beta``)."""
    return beta / (w0 * (beta - w0))


def e36_rhs(delta, tau, j, w0, dm):
    """(E.36)'s right side: ``-2 delta tau^(j+2) (tau^j + 1) / (2 (C^B^)^2) + (m_j - m^_j)^2``."""
    return -2 * delta * tau ** (j + 2) * (tau**j + 1) / (2 * w0**2) + dm**2


def e52_sides(c1, c2, eps, w0, C):
    """(E.52)'s two members after '<=': ``c1 eps^2 e^(-2 w0 C ln(1/eps^0.5)) + c2 eps^2.5`` and
    ``(c1 e^(-2 w0 C) + c2) eps^2.5`` (SymPy)."""
    return (
        c1 * eps**2 * sp.exp(-2 * w0 * C * sp.log(eps ** -sp.Rational(1, 2))) + c2 * eps ** sp.Rational(5, 2),
        (c1 * sp.exp(-2 * w0 * C) + c2) * eps ** sp.Rational(5, 2),
    )


def e53_sides(c3, c4, eps, w0, C):
    """(E.53)'s two members after '>=': ``c3 eps^2 e^(2 w0 C ln(1/eps^0.5)) - c4 eps^2.5`` and ``c3
    e^(2 w0 C) eps^1.5 - c4 eps^2.5`` (SymPy)."""
    return (
        c3 * eps**2 * sp.exp(2 * w0 * C * sp.log(eps ** -sp.Rational(1, 2))) - c4 * eps ** sp.Rational(5, 2),
        c3 * sp.exp(2 * w0 * C) * eps ** sp.Rational(3, 2) - c4 * eps ** sp.Rational(5, 2),
    )


def e54_limit_argument(c1, c2, c3, c4, eps):
    """(E.54)'s ``(c~1 + c2) eps^2.5 / (c~3 eps^1.5 - c4 eps^2.5)``."""
    return (c1 + c2) * eps ** sp.Rational(5, 2) / (c3 * eps ** sp.Rational(3, 2) - c4 * eps ** sp.Rational(5, 2))


def e55_limit_argument(M2, c3, c4, eps):
    """(E.55)'s ``M2 eps^2 / (c~3 eps^1.5 - c4 eps^2.5)``."""
    return M2 * eps**2 / (c3 * eps ** sp.Rational(3, 2) - c4 * eps ** sp.Rational(5, 2))


def e46_Y(B, C):
    """(E.46): ``Y = B - C^T``."""
    return B - C.T


def e100_Y(B, C):
    """(E.100): ``Y = C^T - B``."""
    return C.T - B


def e33_kappa(h_j, w0, beta):
    """(E.35)'s ``kappa = C A^j B / (C^B^ (beta - C^B^))``."""
    return h_j / (w0 * (beta - w0))


def e33_rhs(beta, kappa, dm):
    """(E.33): ``beta^2 kappa^2 + 2 beta kappa (m_j - m^_j) + (m_j - m^_j)^2``."""
    return beta**2 * kappa**2 + 2 * beta * kappa * dm + dm**2


def e34_rhs(beta, kappa, dm):
    """(E.34): ``2 beta kappa (m_j - m^_j) + (m_j - m^_j)^2``."""
    return 2 * beta * kappa * dm + dm**2


def e35_rhs(delta, kappa, dm):
    """(E.35): ``-2 |delta kappa (m_j - m^_j)| + (m_j - m^_j)^2``."""
    return -2 * abs(delta * kappa * dm) + dm**2


def e35_rhs_sqrt(delta, kappa, dm):
    """(E.35) with sqrt(delta) (what beta in [-sqrt(delta), sqrt(delta)] gives)."""
    return -2 * sp.sqrt(delta) * abs(kappa * dm) + dm**2


# (E.39), (E.40): Laurent-Massart at x = 9n/64
E39_FACTOR = sp.Rational(7, 4) + sp.Rational(9, 32)  # Pr(chi^2 >= (1.75 + 9/32) n) <= exp(-9n/64)
E40_FACTOR = sp.Rational(1, 4)  # Pr(chi^2 <= n/4) <= exp(-9n/64)
E41_FACTOR = sp.Rational(9, 4)  # 2.25 n, i.e. ||v~|| >= 1.5 sqrt(n)
E41_RADIUS = sp.Rational(3, 2)


def chi2_tail_balls(n, lower_factor, upper_factor):
    """``(Pr(chi^2_n <= lower_factor n), Pr(chi^2_n >= upper_factor n))`` as python-flint balls."""
    import flint

    a = flint.arb(n) / 2
    lo = flint.arb(flint.fmpq(lower_factor.p, lower_factor.q)) * n / 2
    hi = flint.arb(flint.fmpq(upper_factor.p, upper_factor.q)) * n / 2
    return lo.gamma_lower(a, regularized=1), hi.gamma_upper(a, regularized=1)


def e103_rhs(A, B, C, i):
    """(E.103): ``(A^i)_S Y - (A^i)_{S-bar} W`` with ``Y = C^T - B``, ``W = C^T + B`` (E.100)."""
    P = A**i
    S, Sbar = (P + P.T) / 2, (P - P.T) / 2
    return S * (C.T - B) - Sbar * (C.T + B)


def e125_rhs(w0, c, z0, z1):
    """(E.125): ``(ln(2 w0 z1 - c) - ln(2 w0 z0 - c)) / (2 w0)``."""
    return (sp.log(2 * w0 * z1 - c) - sp.log(2 * w0 * z0 - c)) / (2 * w0)


E134_RADII = (sp.sqrt(2) / 2, 3 * sp.sqrt(2) / 2)  # sqrt2/2 eps < ||Y(0)|| < 3 sqrt2/2 eps


# The proof of Lemma E.15, (E.121)-(E.133), as printed (c = M4 eps^2.5); the arguments are numbers
# (mpmath or SymPy) of one comparison function z (or x) at t1 (t2).
def e121_lhs(zdot, w0, z, c):
    """(E.121), (E.122): ``z' / (2 w0 z - c)`` (printed ``< -1``; for x, ``> 1``)."""
    return zdot / (2 * w0 * z - c)


def _log(x):
    import mpmath

    return sp.log(x) if isinstance(x, sp.Basic) else mpmath.log(x)


def e126_rhs(w0, c, z0, z1):
    """(E.126), (E.127): ``ln((2 w0 z1 - c) / (2 w0 z0 - c)) / (2 w0)``."""
    return _log((2 * w0 * z1 - c) / (2 * w0 * z0 - c)) / (2 * w0)


def e129_lhs(w0, c, z0, z1):
    """(E.129): ``ln((2 w0 z(t1) - c) / (2 w0 z(0) - c))`` (printed ``< -2 w0 t1``)."""
    return _log((2 * w0 * z1 - c) / (2 * w0 * z0 - c))


def e130_lhs(w0, c, z0, z1):
    """(E.130): ``(2 w0 z(t1) - c) / (2 w0 z(0) - c)`` (printed ``< exp(-2 w0 t1)``)."""
    return (2 * w0 * z1 - c) / (2 * w0 * z0 - c)


def e131_sides(w0, c, z0, z1, t1):
    """(E.131): ``(2 w0 z(t1) - c, exp(-2 w0 t1) (2 w0 z(0) - c))``."""
    return 2 * w0 * z1 - c, _exp(-2 * w0 * t1) * (2 * w0 * z0 - c)


def e132_rhs(w0, c, z0, t1):
    """(E.132): ``[exp(-2 w0 t1) (2 w0 z(0) - c) + c] / (2 w0)``."""
    return (_exp(-2 * w0 * t1) * (2 * w0 * z0 - c) + c) / (2 * w0)


def e133_rhs(w0, c, x0, t2):
    """(E.133): ``[exp(2 w0 t2) (2 w0 x(0) - c) + c] / (2 w0)``."""
    return (_exp(2 * w0 * t2) * (2 * w0 * x0 - c) + c) / (2 * w0)


E13_NEEDED_PROBABILITY = sp.Rational(3, 4)  # the probability Lemma E.13 needs (Prop. 9 / E.11: "w.p. at least 0.75")
E13_PRINTED_PRODUCT = (1 - 2 * sp.exp(-sp.Rational(9 * 20, 64))) ** 3  # "(1 - 2exp(-9*20/64))^3"
E13_PRINTED_VALUE = sp.Rational(83, 100)  # "approx 0.83"


# ---------------------------------------------------------------------------------------
# Printed displays of the proof of Lemma E.13, (E.56)-(E.99), as printed. Arguments are the
# proof's quantities at one time: norms nA = ||A||_F, nB = ||B||, nC = ||C||, residuals r_i =
# grad l_i, h_i = C A^i B, gamma = ||B||^2, the constants M, M1, M2 and eps, k.
# ---------------------------------------------------------------------------------------
def _ln(x):
    """``ln`` in the arithmetic of its argument (SymPy stays exact)."""
    return sp.log(x) if isinstance(x, sp.Basic) else math.log(x)


E56_FACTOR = 2  # ||B(0)||, ||C(0)||, ||A(0)||_F < 2 eps ((E.56), (E.57), (E.63))
E57_M2_LOW = 2  # "2 < M2 < 1/eps"
E57_M1_LOW = 4  # "M1 > 4 eps^0.25"
E64_SLACK = 4  # ||C|| < ||B|| + 4 eps
E71_THRESHOLD = 4  # the window of case (i): ||B|| >= 4 eps


def e59_rhs(r, nA, nC):
    """(E.59): ``sum_i |grad l_i| ||A^T||_F^i ||C^T||``."""
    return sum(abs(ri) * nA**i * nC for i, ri in enumerate(r))


def e60_M(wmax, M1, eps):
    """(E.60): ``M = max_i |w_i| + M1^2 eps^1.5``."""
    return wmax + M1**2 * eps**1.5


def e60_chain(wmax, M1, eps, nB, nC, cb):
    """(E.60) as printed: ``M >= max|w| + ||C|| ||B|| >= max|w| + |CB|`` -- the three members."""
    return e60_M(wmax, M1, eps), wmax + nC * nB, wmax + abs(cb)


def e61_chain(wmax, cb, h, w):
    """(E.61) as printed, continuing (E.60): ``max|w| + |CB| >= max|w| + max_i |C A^i B| >=
    max_i (|w_i| + |C A^i B|) >= max_i |grad l_i|`` -- the four members."""
    return (
        wmax + abs(cb),
        wmax + max(abs(x) for x in h),
        max(abs(a) + abs(b) for a, b in zip(w, h)),
        max(abs(a - b) for a, b in zip(h, w)),
    )


def e63_rhs(eps):
    """(E.63): ``||B(0)|| - ||C(0)|| < 4 eps``."""
    return 2 * E56_FACTOR * eps


def e64_rhs(nB, eps):
    """(E.64): ``||C(t)|| < ||B(t)|| + 4 eps``."""
    return nB + E64_SLACK * eps


def e65_sides(x, k):
    """(E.65): ``(sum_{i<k} x^i, k)`` with ``x = M2 eps < 1`` (printed ``<``)."""
    return sum(x**i for i in range(k)), k


def e66_rhs(M, nB, eps, nA, k):
    """(E.66): ``M (||B|| + 4 eps) sum_{i<k} ||A^T||_F^i``."""
    return M * e64_rhs(nB, eps) * sum(nA**i for i in range(k))


def e67_rhs(M, k, nB, eps):
    """(E.67): ``M k (||B|| + 4 eps)``."""
    return M * k * e64_rhs(nB, eps)


def e69_rhs(nB, M, k, eps):
    """(E.69): ``2 ||B|| M k (||B|| + 4 eps)``."""
    return 2 * nB * e67_rhs(M, k, nB, eps)


def e70_rhs(k, M, gamma, eps):
    """(E.70): ``2 k M (|gamma| + 4 eps sqrt|gamma|)``."""
    return 2 * k * M * (abs(gamma) + E64_SLACK * eps * abs(gamma) ** 0.5)


def e71_rhs(k, M, gamma):
    """(E.71): ``4 k M |gamma|`` (for ||B|| >= 4 eps)."""
    return 4 * k * M * abs(gamma)


def e73_rhs(k, M, eps):
    """(E.73), (E.74): ``4 k M ln(1/eps^0.5)``."""
    return 4 * k * M * _ln(eps ** -sp.Rational(1, 2) if isinstance(eps, sp.Basic) else eps**-0.5)


def e75_rhs(k, M, eps):
    """(E.75): ``(4 eps)^2 exp(4 k M ln(1/eps^0.5))``."""
    return (E71_THRESHOLD * eps) ** 2 * _exp(e73_rhs(k, M, eps))


def e76_rhs(k, M, eps):
    """(E.76): ``16 eps^2 / eps^0.5 e^(4kM) = 16 eps^1.5 e^(4kM)``."""
    half = sp.Rational(1, 2) if isinstance(eps, sp.Basic) else 0.5
    return 16 * eps**2 / eps**half * _exp(4 * k * M)


def e77_M1(k, M):
    """(E.77): ``M1 = sqrt(16 e^(4kM))``."""
    v = 16 * _exp(4 * k * M)
    return sp.sqrt(v) if isinstance(v, sp.Basic) else math.sqrt(v)


def e82_rhs(A, B, C, w, k):
    """(E.82): ``-sum_{i>=1} grad l_i sum_{r<i} Tr((A^T)^(r+1) C^T B^T (A^T)^(i-r-1))``."""
    from .rnn_lowdim import residuals

    r = residuals(A, B, C, w, k)
    return -sum(
        r[i] * sum((((A.T) ** (q + 1)) * C.T * B.T * ((A.T) ** (i - q - 1))).trace() for q in range(i))
        for i in range(1, k)
    )


def e83_chain(A, B, C, i, q):
    """(E.83)-(E.85): ``Tr((A^T)^(q+1) C^T B^T (A^T)^(i-q-1))``, ``Tr(B^T (A^T)^i C^T)``, ``Tr(C A^i B)``,
    ``C A^i B``."""
    At = A.T
    return (
        (At ** (q + 1) * C.T * B.T * At ** (i - q - 1)).trace(),
        (B.T * At**i * C.T).trace(),
        (C * A**i * B).trace(),
        (C * A**i * B)[0, 0],
    )


def e86_sides(r, h):
    """(E.86): ``(-sum_{i>=1} grad l_i sum_{r<i} C A^i B, -sum_{i>=1} grad l_i i C A^i B)``."""
    k = len(r)
    return -sum(r[i] * sum(h[i] for _ in range(i)) for i in range(1, k)), -sum(r[i] * i * h[i] for i in range(1, k))


def e87_rhs(r, h):
    """(E.87): ``sum_{i>=1} |grad l_i| i |C A^i B|``."""
    return sum(abs(r[i]) * i * abs(h[i]) for i in range(1, len(r)))


def e88_chain(ri, i, nC, nA, nB, M, M1, eps):
    """(E.88) for one i >= 1: ``(M i ||C|| ||A||_F^i ||B||, M i M1^2 eps^1.5 ||A||_F^i)`` (the
    left member ``|grad l_i| i |C A^i B|`` is the caller's)."""
    return M * i * nC * nA**i * nB, M * i * M1**2 * eps**1.5 * nA**i


def e89_rhs(k, nA, M, M1, eps):
    """(E.89): ``M M1^2 eps^1.5 sum_{i=1}^{k-1} i ||A||_F^i``."""
    return M * M1**2 * eps**1.5 * sum(i * nA**i for i in range(1, k))


def e90_chain(x, k):
    """(E.90) with ``x = ||A||_F < 1``: ``(sum_{i=1}^{k-1} i x^i, x k(k-1)/2, k^2 x / 2)`` (printed ``<``, ``<``)."""
    return sum(i * x**i for i in range(1, k)), x * k * (k - 1) / 2, sp.Rational(1, 2) * k**2 * x


def e91_M2_tilde(k, M, M1):
    """(E.90)/(E.91): ``M~2 = k^2/2 M M1^2``."""
    return sp.Rational(1, 2) * k**2 * M * M1**2 if isinstance(M, sp.Basic) else k**2 / 2 * M * M1**2


def e91_rhs(k, M, M1, eps, nA):
    """(E.91), (E.93): ``M~2 eps^1.5 ||A||_F``."""
    return e91_M2_tilde(k, M, M1) * eps**1.5 * nA


def e94_rhs(k, M, M1, eps):
    """(E.94): ``d/dt ||A||_F < M~2 eps^1.5``."""
    return e91_M2_tilde(k, M, M1) * eps**1.5


def e95_rhs(k, M, M1, eps, s):
    """(E.95): ``M~2 eps^1.5 s``."""
    return e94_rhs(k, M, M1, eps) * s


def e96_rhs(k, M, M1, eps, nA0):
    """(E.96): ``M~2 eps^1.5 ln(1/eps^0.5) + ||A(0)||_F``."""
    return e94_rhs(k, M, M1, eps) * _ln(eps**-0.5) + nA0


def e97_sides(k, M, M1, eps):
    """(E.97): ``(M~2 eps^1.5 ln(1/eps^0.5), M~2 eps^1.5 eps^-0.5)`` (printed ``<=``)."""
    half, th = (sp.Rational(1, 2), sp.Rational(3, 2)) if isinstance(eps, sp.Basic) else (0.5, 1.5)
    m = e91_M2_tilde(k, M, M1)
    return m * eps**th * _ln(eps**-half), m * eps**th * eps**-half


def e98_rhs(k, M, M1, eps):
    """(E.98): ``M~2 eps + 2 eps``."""
    return e91_M2_tilde(k, M, M1) * eps + E56_FACTOR * eps


def e99_M2(k, M, M1):
    """(E.99): ``M2 = M~2 + 2``."""
    return e91_M2_tilde(k, M, M1) + E57_M2_LOW


# ---------------------------------------------------------------------------------------
# Printed displays of the proof of Lemma E.14, (E.104)-(E.118), as printed (Y = C^T - B,
# W = C^T + B, (E.100)).
# ---------------------------------------------------------------------------------------
def sym_parts(P):
    """``((P)_S, (P)_Sbar) = ((P + P^T)/2, (P - P^T)/2)`` (the proof's notation before (E.103))."""
    return (P + P.T) / 2, (P - P.T) / 2


def e104_Ydot(A, B, C, w, k):
    """(E.104): ``Y' = grad l_0 Y + sum_{i>=1} grad l_i ((A^i)_S Y - (A^i)_Sbar W``)."""
    from .rnn_lowdim import residuals

    r = residuals(A, B, C, w, k)
    Y, W = C.T - B, C.T + B
    out = r[0] * Y
    for i in range(1, k):
        S, Sb = sym_parts(A**i)
        out = out + r[i] * (S * Y - Sb * W)
    return out


def e105_rhs(A, B, C, w, k):
    """(E.105): ``grad l_0 Y^T Y + sum_{i>=1} grad l_i (Y^T (A^i)_S Y - Y^T (A^i)_Sbar W)``."""
    from .rnn_lowdim import residuals

    r = residuals(A, B, C, w, k)
    Y, W = C.T - B, C.T + B
    out = r[0] * (Y.T * Y)[0, 0]
    for i in range(1, k):
        S, Sb = sym_parts(A**i)
        out = out + r[i] * ((Y.T * S * Y)[0, 0] - (Y.T * Sb * W)[0, 0])
    return out


def e106_rhs(r, z, sym_terms, anti_terms):
    """(E.106): ``grad l_0 z + sum_{i>=1} |grad l_i| (|Y^T (A^i)_S Y| + |Y^T (A^i)_Sbar W|)`` with
    ``sym_terms[i] = Y^T (A^i)_S Y``, ``anti_terms[i] = Y^T (A^i)_Sbar W`` (index 0 unused)."""
    return r[0] * z + sum(abs(r[i]) * (abs(sym_terms[i]) + abs(anti_terms[i])) for i in range(1, len(r)))


def e107_rhs(M1, eps):
    """(E.107): ``||Y||, ||W|| <= ||C|| + ||B|| <= 2 M1 eps^0.75``."""
    return 2 * M1 * eps**0.75


def e108_chain(P):
    """(E.108) for ``P = A^i`` (floats): ``(||(P)_S||_F, (||P||_F + ||P^T||_F)/2, ||P||_F)``; the
    last member ``||A||_F^i`` is the caller's."""
    import numpy as np

    S = (P + P.T) / 2
    return (
        float(np.linalg.norm(S)),
        (float(np.linalg.norm(P)) + float(np.linalg.norm(P.T))) / 2,
        float(np.linalg.norm(P)),
    )


def e109_constants(M1, M2, M3, i):
    """(E.109)'s last link without the common ``eps^(1.5+i)``: ``(4 M1^2 M2^i, 4 M3^3)`` (printed ``<``)."""
    return 4 * M1**2 * M2**i, 4 * M3**3


def e109_M3(M1, M2):
    """``M3 = max{M1, M2}`` (before (E.109))."""
    return max(M1, M2)


def e110_rhs(M, M3, eps):
    """(E.110): ``8 M M3^3 eps^2.5``."""
    return 8 * M * M3**3 * eps**2.5


def e111_rhs(r0, z, k, M, M3, eps):
    """(E.111): ``grad l_0 Y^T Y + sum_{i=1}^{k-1} 8 M M3^3 eps^2.5``."""
    return r0 * z + (k - 1) * e110_rhs(M, M3, eps)


def e112_rhs(w0, z, M1, eps):
    """(E.112): ``-w0 Y^T Y + 4 M1^4 eps^3`` (the underbraced term read as ``M1^2 eps^1.5 (2 M1
    eps^0.75)^2``; printed ``(M_2 1 eps^0.75)^2``)."""
    return -w0 * z + 4 * M1**4 * eps**3


def e113_rhs(w0, z, M1, eps, k, M, M3):
    """(E.113): ``-w0 Y^T Y + 4 M1^4 eps^3 + (k-1)(M1+1) 8 M M3^3 eps^2.5``."""
    return e112_rhs(w0, z, M1, eps) + (k - 1) * (M1 + 1) * e110_rhs(M, M3, eps)


def e114_M4(M1, eps, k, M, M3):
    """The M4 of (E.114) that (E.113) gives: ``4 M1^4 eps^0.5 + (k-1)(M1+1) 8 M M3^3``."""
    return 4 * M1**4 * eps**0.5 + (k - 1) * (M1 + 1) * 8 * M * M3**3


def e114_rhs(w0, z, M4, eps):
    """(E.114): ``-w0 Y^T Y + M4 eps^2.5``."""
    return -w0 * z + M4 * eps**2.5


def e115_rhs(w0, z, M4, eps):
    """(E.115): ``d/dt (Y^T Y) <= -2 w0 Y^T Y + M4 eps^2.5``."""
    return -2 * w0 * z + M4 * eps**2.5


E116_CONSTANT = 33  # (E.116): 33 w0 d eps^2 (Lemma E.15's (E.119) has 75 w0 d eps^2)
E119_CONSTANT = 75


def e116_rhs(w0, d, eps, M4, t):
    """(E.116): ``[(33 w0 d eps^2) e^(-2 w0 t) + M4 eps^2.5] / (2 w0)``."""
    return (E116_CONSTANT * w0 * d * eps**2 * _exp(-2 * w0 * t) + M4 * eps**2.5) / (2 * w0)


def e117_rhs(c1, c2, eps, w0, t):
    """(E.117): ``c1 eps^2 e^(-2 w0 t) + c2 eps^2.5``."""
    return c1 * eps**2 * _exp(-2 * w0 * t) + c2 * eps**2.5


def e118_rhs(c3, c4, eps, w0, t):
    """(E.118): ``c3 eps^2 e^(2 w0 t) - c4 eps^2.5``."""
    return c3 * eps**2 * _exp(2 * w0 * t) - c4 * eps**2.5


# ---------------------------------------------------------------------------------------
# Appendix A
# ---------------------------------------------------------------------------------------
statement(
    "rnn-lowdim/lemma-A.1",
    "lemma",
    "A.1",
    "Two admissible teachers agree on 2 d^ - 1 entries and differ at the next",
    src("App. A"),
    r"For any $\hat d\in\mathbb N$, there exist two configurations of teacher parameters $\hat\Theta_1=(\hat A_1,\hat B_1,\hat C_1)$ "
    r"and $\hat\Theta_2=(\hat A_2,\hat B_2,\hat C_2)$, both balanced, stable and non-degenerate, such that "
    r"$\hat B_1\hat A_1^j\hat C_1=\hat B_2\hat A_2^j\hat C_2$ for all $j=0,1,\dots,2\hat d-2$, and yet "
    r"$\hat B_1\hat A_1^j\hat C_1\neq\hat B_2\hat A_2^j\hat C_2$ for $j=2\hat d-1$.",
    params=(DH, SEED),
    notes="Proof-only misprint: the products are printed B^ A^^j C^, which for d^ > 1 does not multiply (d^ x 1 times d^ x d^); "
    "the proof uses C^ A^^j B^ (the j-th moment). For balanced teachers the transposed reading B^^T A^^j C^^T is the same number; "
    "both readings are checked. The pair is built by divided differences on 2 d^ interlaced rational points of [-1, 1].",
)
statement(
    "rnn-lowdim/corollary-A.2",
    "corollary",
    "A.2",
    "With k <= 2 d^ - 1 Theorems 5 and 8 fail",
    src("App. A"),
    r"Assume the conditions of Theorem 5, but with $k>2\hat d$ replaced by $k\le2\hat d-1$. Then, the stated result does not hold, i.e. "
    r"GF may converge to a point $\Theta^*$ satisfying $\mathcal L(\Theta^*)=0$ which does not extrapolate. Similarly, replacing "
    r"$k>2\hat d$ by $k\le2\hat d-1$ in the conditions of Theorem 8 renders the stated result false, meaning there exist $\epsilon>0$ "
    r"and $q\in\mathbb N$ such that for every $\delta>0$, there is some $\Theta$ satisfying $\mathcal L(\Theta)\le\delta$ which does "
    r"not $\epsilon$-extrapolate with horizon $q$.",
    params=(D_STUDENT, K_LEN, TEACHER, INIT, SEED),
    hypotheses=(K_LE_2DH_1,),
    notes="Encoded with the Lemma A.1 pair for d^ = 2 (atoms of the divided-difference measures on -1, -1/3, 1/3, 1; w_3 = +-2/9) "
    "and k = 3. Observed: GF from a balanced near-zero init (symmetric d = 6) reaches loss < 1e-10 with h_3 ~ -0.001, i.e. "
    "a zero-loss limit that extrapolates neither teacher (stronger than the corollary needs).",
)
statement(
    "rnn-lowdim/claim-appA-necessity",
    "claim",
    "§4.1, App. A",
    "k > 2 d^ is necessary up to a small additive constant",
    src("§4.1, App. A"),
    r"This condition is necessary --- see Appendix A for theoretical justification and Section 5 for empirical demonstration. "
    r"[App. A:] Below we show that this assumption is necessary (up to a small additive constant). More precisely, we prove that if "
    r"$k\le2\hat d-1$, implicit extrapolation cannot be guaranteed.",
    params=(TEACHER,),
    notes="The gap the 'small additive constant' leaves is k = 2 d^. The moment LP shows balanced zero-loss non-extrapolating "
    "students exist at k = 2 d^ too, so k > 2 d^ is exactly necessary for the static Lemma 7.",
)

# ---------------------------------------------------------------------------------------
# Appendix C
# ---------------------------------------------------------------------------------------
statement(
    "rnn-lowdim/claim-delay-teacher",
    "claim",
    "(C.1)",
    "The delay teacher's response is the unit impulse at d^ - 1",
    src("App. C.2.2", "(C.1)"),
    r"$\mathbf A$ is a Nilpotent shift matrix. It is straightforward to verify that $\mathbf C\mathbf A^i\mathbf B=1$ for $i=\hat d-1$ "
    r"and 0 otherwise.",
    params=(DH,),
)
statement(
    "rnn-lowdim/claim-random-unbalanced-teacher",
    "claim",
    "C.2.2",
    "Random bidiagonal teacher is revealed after d^ steps",
    src("App. C.2.2"),
    r"The structure of $\mathbf A$ ensures similar properties to that of the delayed teacher, specifically, that the first entries of "
    r"the impulse response is zero and the teacher is `revealed' only after $\hat d$ time steps.",
    params=(DH, SEED),
    notes="Read as: h_i = 0 for i < d^ - 1 and h_{d^-1} = prod of the super-diagonal (nonzero a.s.), exactly as the delay teacher.",
)

# ---------------------------------------------------------------------------------------
# Appendix D: the accumulating loss
# ---------------------------------------------------------------------------------------
D_READING = (
    "(D.1) read with RNN(x_j) the output after the prefix x_0..x_j and y_j the teacher's output after the same prefix; "
    "the expectation is over whitened inputs (checked exactly with Rademacher inputs)."
)
statement(
    "rnn-lowdim/claim-eq-D.2",
    "claim",
    "(D.2)",
    "Expected accumulating loss",
    src("App. D", "(D.1), (D.2)"),
    r"$\mathbb E_{\mathbf x\sim\mathcal D}\big[\sum_{j=0}^{k-1}\ell(\mathrm{RNN}(x_j),y_j)\big]=\sum_{j=0}^{k-1}\sum_{i=0}^{j}"
    r"(\mathbf C\mathbf A^i\mathbf B-w_i)^2$.",
    params=(D_STUDENT, K_LEN, SEED),
    notes=D_READING,
)
statement(
    "rnn-lowdim/claim-eq-D.3",
    "claim",
    "(D.3)",
    "Weighted form of the accumulating loss",
    src("App. D", "(D.3)"),
    r"Equation D.2 can be written as $\sum_{i=0}^{k-1}(k-i)(\mathbf C\mathbf A^i\mathbf B-w_i)^2$.",
    params=(K_LEN,),
)
statement(
    "rnn-lowdim/claim-D-minimizers",
    "claim",
    "D.1",
    "Minimisers of (D.2) and (3.4) coincide",
    src("App. D.1"),
    r"It is clear that the minimizers of Equation D.2 are the same minimizers of Equation 3.4 (i.e. $\mathbf C\mathbf A^i\mathbf B=w_i$ "
    r"for $i=0,\dots,k-1$). Thus Lemma 7 holds with no additional modifications.",
    params=(D_STUDENT, K_LEN, TEACHER, SEED),
)
statement(
    "rnn-lowdim/claim-D.2-approx",
    "claim",
    "D.2",
    "Accumulating loss <= delta bounds every residual by sqrt(delta)",
    src("App. D.2"),
    r"If the loss $\le\delta$, then for all $i=0,\dots,k-1$, $\sqrt{(k-i)}(\mathbf{CA}^i\mathbf B-w_i)\le\sqrt\delta$. Since $k-i\ge1$ "
    r"we have $(\mathbf{CA}^i\mathbf B-w_i)\le\sqrt{(k-i)}(\mathbf{CA}^i\mathbf B-w_i)\le\sqrt\delta$ and the remainder of the proof is "
    r"the same.",
    params=(K_LEN, SEED),
    notes="Proof-level misprint: the middle inequality r <= sqrt(k-i) r is false for a negative residual r and k - i >= 2 (e.g. "
    "r = -1/10, k - i = 4: -0.1 > -0.2); with absolute values the chain |r| <= sqrt(k-i)|r| <= sqrt(delta) holds, and so does the "
    "conclusion. Checked with absolute values; the literal failure is recorded in the check's metrics.",
)
statement(
    "rnn-lowdim/claim-D.3-balancedness",
    "claim",
    "D.3",
    "Balancedness arguments carry over to the weighted loss",
    src("App. D.3"),
    r"For the weighted population loss the gradients differ, but the symmetries are all preserved (the gradient computation boils down "
    r"to adding an external summation to the terms computed in Section E.1.4). The same steps described in Section E.4 apply for the "
    r"weighted loss.",
    params=(D_STUDENT, K_LEN, SEED),
)

# ---------------------------------------------------------------------------------------
# Appendix E.1-E.3
# ---------------------------------------------------------------------------------------
statement(
    "rnn-lowdim/lemma-E.1",
    "lemma",
    "E.1",
    "Whitened inputs give the population loss (E.1)",
    src("App. E.1.1", "(E.1)-(E.8)"),
    r"Assume $\mathbf x\sim\mathcal D$ such that $\mathbb E[\mathbf x]=0$, $\mathbb E[\mathbf x\mathbf x^\top]=\mathbf I_k$, $y$ is given by "
    r"$y=\widehat{RNN}(\mathbf x)$. Denote $w_i=\hat{\mathbf C}\hat{\mathbf A}^i\hat{\mathbf B}$; the loss for the student RNN satisfies "
    r"$\mathbb E_{\mathbf x\sim\mathcal D}[\ell(RNN(\mathbf x),y)]=\sum_{i=0}^{k-1}(\mathbf{CA}^i\mathbf B-w_i)^2$ (E.1).",
    params=(D_STUDENT, K_LEN, SEED),
)
statement(
    "rnn-lowdim/proposition-E.2",
    "proposition",
    "E.2",
    "Proposition 3 restated, Vandermonde proof",
    src("App. E.1.2"),
    r"[Proposition 3 in main paper] Assume $d>k$, and let $\epsilon\ge0$ and $q\in\{k+1,k+2,\dots\}$. Then, for any teacher parameters "
    r"$\hat\Theta$, there exist student parameters $\Theta$ with which the population loss in Equation 3.4 equals zero, and yet the "
    r"student does not $\epsilon$-extrapolate with horizon $q$. [Proof:] the first $d$ entries of the impulse response are "
    r"$\mathbf V\mathbf g$ with $\mathbf V$ the Vandermonde matrix of the eigenvalues, invertible iff they are distinct.",
    params=(D_STUDENT, K_LEN, TEACHER, EPS, Q_HOR),
    hypotheses=(D_GT_K, Q_GT_K),
)
statement(
    "rnn-lowdim/lemma-E.3",
    "lemma",
    "E.3",
    "A balanced symmetric RNN has an equivalent balanced diagonal RNN",
    src("App. E.1.3"),
    r"A balanced RNN, $\Theta=(\mathbf A,\mathbf B,\mathbf C)$, with a symmetric transition matrix (i.e. $\mathbf B=\mathbf C^\top$ and "
    r"$\mathbf A=\mathbf A^\top$) has an equivalent (i.e. generating the same impulse response) RNN, $\Theta'=(\mathbf A',\mathbf B',"
    r"\mathbf C')$, which is balanced and its transition matrix is diagonal.",
    params=(D_STUDENT, SEED),
)
E4_TEXT = (
    r"Given the population loss (3.4), denote $\nabla\ell_i=\mathbf{CA}^i\mathbf B-w_i$; the derivatives of the loss with respect to "
    r"$\mathbf B$ and $\mathbf C$ satisfy $\frac{\partial\mathcal L}{\partial\mathbf B}=%s\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^i)^\top"
    r"\mathbf C^\top$ (E.9), $\frac{\partial\mathcal L}{\partial\mathbf C}=%s\sum_{i=0}^{k-1}\nabla\ell_i\mathbf B^\top(\mathbf A^i)^\top$ (E.10)."
)
statement(
    "rnn-lowdim/lemma-E.4",
    "lemma",
    "E.4",
    "Gradient formulas (E.9), (E.10)",
    src("App. E.1.4", "(E.9)-(E.16)"),
    E4_TEXT % ("", ""),
    params=(D_STUDENT, K_LEN),
    expect="refuted",
    erratum="(E.9) and (E.10) miss a factor 2: the derivative of (3.4) (printed without 1/2, as revisited in the lemma) is "
    "dL/dB = 2 sum_i grad l_i (A^i)^T C^T and dL/dC = 2 sum_i grad l_i B^T (A^i)^T. The slip is in (E.14), "
    "d(r^2)/dX = r dr/dX (should be 2 r dr/dX). SymPy derivation of (3.4), generic 3x3 A, k = 4: the printed formula equals "
    "exactly half the gradient (e.g. at d = 1, k = 1: dL/dB = 2 c (c b - w0), printed c (c b - w0)). The same factor is missing in "
    "(E.21), (E.22), (E.58), (E.81), (E.101), (E.102); the main text's Prop. 9 sketch has the 2. Balancedness results (E.5-E.7) "
    "are unaffected (they use only the symmetry); the rates of E.14 are off by 2 (see lemma-E.14, lemma-E.13).",
)
statement(
    "rnn-lowdim/lemma-E.4:corrected",
    "lemma",
    "E.4 (corrected)",
    "Gradient formulas with the factor 2",
    src("App. E.1.4", "(E.9)-(E.16)"),
    E4_TEXT
    % ("2", "2")
    + r" Also $\frac{\partial\mathcal L}{\partial\mathbf A}=2\sum_{i=1}^{k-1}\nabla\ell_i\sum_{r=0}^{i-1}(\mathbf A^\top)^r"
    r"\mathbf C^\top\mathbf B^\top(\mathbf A^\top)^{i-r-1}$ (E.81 with the 2), and in the upper-triangular coordinates of a symmetric "
    r"$\mathbf A$: $\partial\mathcal L/\partial z_{pq}=G_{pq}+G_{qp}$ ($p<q$), $G_{pp}$ ($p=q$).",
    params=(D_STUDENT, K_LEN),
    corrects="rnn-lowdim/lemma-E.4",
)
statement(
    "rnn-lowdim/lemma-E.5",
    "lemma",
    "E.5",
    "GF from a balanced initialisation stays balanced (restatement of Lemma 6)",
    src("App. E.1.5"),
    r"[Lemma 6 in main paper] When optimizing equation 3.4 with GF emanating from a balanced initialization $\Theta(0)$, the parameters "
    r"$\Theta(\tau)$ are balanced for all $\tau\in\mathbb R_+$.",
    params=(D_STUDENT, K_LEN, TEACHER, SEED),
)
statement(
    "rnn-lowdim/lemma-E.6",
    "lemma",
    "E.6",
    "GD from a balanced initialisation stays balanced, any step size",
    src("App. E.1.5", "(E.17), (E.18)"),
    r"When optimizing equation 3.4 with GD with balanced initial conditions, then $\forall t\in\mathbb N$, $\Theta$ has a balanced weight "
    r"configuration, i.e. $\mathbf B_t=\mathbf C_t^\top$.",
    params=(D_STUDENT, K_LEN, SEED),
    notes="Symmetric A (the paper's model, updated in its upper-triangular coordinates). Negative control (not a claim of the "
    "paper): a non-symmetric A loses balancedness after one step.",
)
statement(
    "rnn-lowdim/lemma-E.7",
    "lemma",
    "E.7",
    "GF conserves ||B||^2 - ||C||^2",
    src("App. E.1.6", "(E.19)-(E.25)"),
    r"When optimizing equation 3.4 with GF the difference between the norms of $\mathbf B$, $\mathbf C$ is conserved throughout GF, "
    r"i.e., $\frac{d}{dt}(\|\mathbf B\|_F^2-\|\mathbf C\|_F^2)=0$ (E.19).",
    params=(D_STUDENT, K_LEN, SEED),
)
statement(
    "rnn-lowdim/lemma-E.8",
    "lemma",
    "E.8",
    "Lemma 7 restated, full proof incl. C^B^ = 0",
    src("App. E.2", "(E.26), (E.27)"),
    r"[Lemma 7 in main paper] Suppose that $d>k>2\hat d$, the teacher is balanced, and that the student parameters $\Theta$ are balanced "
    r"and satisfy $\mathcal L(\Theta)=0$. Then $\Theta$ extrapolates. [Proof: WLOG $\hat{\mathbf C}\hat{\mathbf B}=1$ by rescaling; the case "
    r"$\hat{\mathbf C}\hat{\mathbf B}=0$: a student minimizing the loss must satisfy $\mathbf{CB}=0$ and has the zeros as its impulse response.]",
    params=(D_STUDENT, K_LEN, TEACHER),
    hypotheses=(D_GT_K, K_GT_2DH, BALANCED_TEACHER),
)
statement(
    "rnn-lowdim/theorem-E.9",
    "theorem",
    "E.9",
    "Theorem 8 restated with hypotheses (i)-(v)",
    src("App. E.3", "(E.28)-(E.37)"),
    r"Consider the minimization of Equation 3.4 and assume: (i) $d>k>2\hat d$; (ii) the teacher is balanced and stable; (iii) the teacher "
    r"is non-degenerate; (iv) the student parameters are learned by applying GF to $\mathcal L(\cdot)$, starting from a balanced "
    r"initialization; (v) the student parameters $\Theta$ are bounded. Then, for any $\epsilon>0$ and $q\in\mathbb N$, there exists "
    r"$\delta(\epsilon,q)>0$ such that whenever $\mathcal L(\Theta)\le\delta(\epsilon,q)$, the student $\epsilon$-extrapolates with horizon $q$.",
    params=(D_STUDENT, K_LEN, TEACHER, Q_HOR, SEED),
    hypotheses=(D_GT_K, K_GT_2DH, BALANCED_TEACHER, STABLE_TEACHER, NONDEG_TEACHER),
    notes="Proof-only misprints (conclusion holds): 'the teacher is stable and therefore m^_j <= C^B^' holds for C^B^ >= 1 only "
    "(m^_j = E[Z^^j] <= 1; e.g. C^B^ = 1/2, A^ = 1 gives m^_j = 1 > 1/2); the first inequality of (E.37), |m_q - m^_q| <= W_q, "
    "is false without a constant (point masses at 1 and 1 - t: |m_q - m^_q| ~ q t > t = W_q); |m_q - m^_q| <= q R^(q-1) W_1 "
    "holds and suffices. Both are checked in the claim-thm8-rate check.",
)

# ---------------------------------------------------------------------------------------
# Appendix E.4: near-zero initialisation
# ---------------------------------------------------------------------------------------
statement(
    "rnn-lowdim/lemma-E.10",
    "lemma",
    "E.10",
    "Chi-square concentration of a Gaussian vector's norm",
    src("App. E.4", "(E.38)-(E.44)"),
    r"Assume a vector $\mathbf v\in\mathbb R^n$ with $\mathcal N(0,\frac{\epsilon^2}{n})$ per coordinate. Then "
    r"$\Pr\big(\frac\epsilon2<\|\mathbf v\|<\frac{3\epsilon}2\big)\ge1-2\exp(-9n/64)$ (E.38).",
    params=(N_DIM, SEED),
)
statement(
    "rnn-lowdim/claim-E.10-matrix",
    "claim",
    "E.4",
    "Lemma E.10 for a matrix's Frobenius norm",
    src("App. E.4"),
    r"For a matrix $\mathbf X\in\mathbb R^{m\times p}$, Lemma E.10 bounds its Frobenius norm, "
    r"$\Pr(\frac\epsilon2<\|\mathbf X\|_F<\frac{3\epsilon}2)\ge1-2\exp(-9mp/64)$, by applying the lemma to $\mathbf X$'s vectorized form.",
    params=(N_DIM, SEED),
    notes="Entries N(0, eps^2/(mp)) as Lemma E.10's hypothesis for n = mp. For a symmetric A stored by its d(d+1)/2 upper-"
    "triangular coordinates the off-diagonal entries appear twice in ||A||_F: checked separately (the bound then needs n = d(d+1)/2).",
)
statement(
    "rnn-lowdim/proposition-E.11",
    "proposition",
    "E.11",
    "Proposition 9 restated, printed with (i) d > 4",
    src("App. E.4", "(E.45)"),
    PROP9_TEXT % "d>4",
    params=(D_STUDENT, K_LEN, TEACHER, SEED),
    hypotheses=(Hypothesis(r"$d>4$", lambda p: p["d"] > 4), BALANCED_TEACHER, NONDEG_TEACHER),
    notes=PROP9_NOTES
    + " The appendix prints d > 4 where the main text has d > 20; the Monte Carlo at d = 5 and 8 decides it.",
)
statement(
    "rnn-lowdim/claim-def-eps-normal-init",
    "definition",
    "E.4",
    "epsilon-normal initialisation",
    src("App. E.4"),
    r"We refer to the mentioned initialization scheme (where every coordinate in a vector is initialized as "
    r"$\mathcal N(0,\frac{\epsilon^2}{d})$) as $\epsilon$-normal initialization.",
    params=(D_STUDENT, SEED),
)
statement(
    "rnn-lowdim/lemma-E.12",
    "lemma",
    "E.12",
    "Any A, w0 > 0, eps-normal init: ||Y||/||W|| and ||A||_F/||W|| tend to 0",
    src("App. E.4", "(E.46), (E.47), (E.52)-(E.55)"),
    r"Assume $w_0>0$, and $\mathbf A,\mathbf B,\mathbf C$ are $\epsilon$-normally initialized. Then $\exists t$ such that "
    r"$\lim_{\epsilon\to0}\frac{\|\mathbf Y(t)\|^2}{\|\mathbf W(t)\|^2}=0$, $\lim_{\epsilon\to0}\frac{\|\mathbf A(t)\|_F^2}{\|\mathbf W(t)\|^2}=0$ "
    r"(E.47), with $\mathbf Y=\mathbf B-\mathbf C^\top$, $\mathbf W=\mathbf B+\mathbf C^\top$, $w_0=\hat{\mathbf C}\hat{\mathbf B}$ (E.46).",
    params=(D_STUDENT, K_LEN, SEED),
    notes="'for any matrix A, not necessarily symmetric': checked with an unconstrained A (full-matrix gradient); t = t(eps) = "
    "ln(1/eps^0.5)/(2 w0) (the text's t-bar), one eps-normal draw for the eps family.",
)
E13_TEXT = (
    r"Assume $d>20$, student parameters are $\epsilon$-normally initialized, assume also a balanced teacher. Then w.p. at least 0.75, for "
    r"all $0\le t\le\bar t$, there exist $M_1,M_2$ such that $\|\mathbf C(t)\|,\|\mathbf B(t)\|<M_1\epsilon^{0.75}$ (E.48) and "
    r"$\|\mathbf A(t)\|_F<M_2\epsilon$ (E.49)%s"
)
statement(
    "rnn-lowdim/lemma-E.13",
    "lemma",
    "E.13",
    "Norm bounds on [0, t-bar] during the initial phase",
    src("App. E.4", "(E.48), (E.49), (E.56)-(E.99)"),
    E13_TEXT
    % r", with $\bar t=\frac1{2w_0}\ln(\frac1{\epsilon^{0.5}})$ (``we show that for $0\le t\le\frac1{2w_0}\ln(\frac1{\epsilon^{0.5}})$, all norms are bounded'').",
    params=(D_STUDENT, K_LEN, SEED),
    expect="refuted",
    erratum="With t-bar = ln(1/eps^0.5)/(2 w0) as printed before Lemma E.12, (E.48) fails for any fixed M1 as eps -> 0: under GF of "
    "(3.4) B + C^T grows like exp(2 w0 t) (the true gradient has the factor 2 that (E.9) drops), so ||B(t-bar)|| ~ eps^0.5 and "
    "||B(t-bar)||/eps^0.75 grows like eps^-0.25 (fitted slope -0.25 on eps = 1e-2..1e-8, d = 21, k = 3, w0 = 1). The bounds hold "
    "on the half-length interval t-bar = ln(1/eps^0.5)/(4 w0) (there ||B|| ~ eps^0.75). Also proof-level: the printed probability "
    "(1 - 2exp(-9*20/64))^3 is 0.681, not 0.83 (< 0.75); the product the proof needs, (1 - 2exp(-9*20^2/64))(1 - 2exp(-9*20/64))^2 "
    "= 0.774, is > 0.75; and (E.62) d/dt(||B|| - ||C||) = 0 does not follow from Lemma E.7 (which conserves the squares).",
)
statement(
    "rnn-lowdim/lemma-E.13:corrected",
    "lemma",
    "E.13 (corrected)",
    "Norm bounds on [0, ln(1/eps^0.5)/(4 w0)]",
    src("App. E.4", "(E.48), (E.49)"),
    E13_TEXT % r", with $\bar t=\frac1{4w_0}\ln(\frac1{\epsilon^{0.5}})$ and $M_1,M_2$ independent of $\epsilon$.",
    params=(D_STUDENT, K_LEN, SEED),
    corrects="rnn-lowdim/lemma-E.13",
)
statement(
    "rnn-lowdim/lemma-E.14",
    "lemma",
    "E.14",
    "Differential-inequality bounds on Y^T Y and W^T W",
    src("App. E.4", "(E.50), (E.51), (E.100)-(E.118)"),
    r"Assume $w_0>0$ and assume $\mathbf A,\mathbf B,\mathbf C$ are $\epsilon$-normally initialized; the following bounds hold for all "
    r"$0\le t\le\bar t$ w.p. at least 0.75: $\mathbf Y(t)^\top\mathbf Y(t)\le c_1\epsilon^2e^{-2w_0t}+c_2\epsilon^{2.5}$ (E.50) and "
    r"$\mathbf W(t)^\top\mathbf W(t)\ge c_3\epsilon^2e^{2w_0t}-c_4\epsilon^{2.5}$ (E.51).",
    params=(D_STUDENT, K_LEN, SEED),
    notes="Holds (the true rates are 4 w0 = twice the printed 2 w0, because (E.102) inherits the missing factor 2 of (E.9); the "
    "printed bounds are then loose but valid). Identity (E.103) is proved symbolically.",
)
statement(
    "rnn-lowdim/claim-E.14-negative-w0",
    "claim",
    "E.4",
    "For w0 < 0 the roles of Y and W swap",
    src("App. E.4"),
    r"Lemma E.14 shows that the growth rate of $\mathbf W^\top\mathbf W$ and the decay rate of $\mathbf Y^\top\mathbf Y$ both depend on "
    r"the sign of $w_0$. [...] the same analysis applies for $w_0<0$ with opposite roles for $\mathbf Y$ and $\mathbf W$.",
    params=(D_STUDENT, K_LEN, SEED),
)
statement(
    "rnn-lowdim/lemma-E.15",
    "lemma",
    "E.15",
    "Integral bounds (E.119), (E.120)",
    src("App. E.4", "(E.119)-(E.136)"),
    r"Assume $\dot z<-2w_0z+M_4\epsilon^{2.5}<0$, $\dot x>2w_0x-M_4\epsilon^{2.5}>0$, where $w_0>0$. Then, under the assumptions of "
    r"Lemma E.10: $z(t_1)<\frac1{2w_0}(\exp(-2w_0t_1)\cdot(75w_0d\epsilon^2)+M_4\epsilon^{2.5})$ (E.119), "
    r"$x(t_2)>\frac1{2w_0}(\exp(2w_0t_2)\cdot(\frac{w_0\epsilon^2}{25d})+M_4\epsilon^{2.5})$ (E.120).",
    params=(D_STUDENT, SEED),
    notes="Read with the proof's standing assumption M4 eps^2.5 < w0 eps^2/2 and z(0), x(0) from the E.10 event for Y, W. "
    "Proof-only misprints: (E.134) gives ||Y(0)|| < 3 sqrt(2)/2 eps, i.e. z(0) < 4.5 eps^2, not the printed 3 eps^2 (so (E.135)'s "
    "6 w0 eps^2 should be 9 w0 eps^2; (E.119)'s 75 w0 d eps^2 still covers it); (E.136) needs 2 w0 x(0) - M4 eps^2.5 >= w0 eps^2, "
    "which x(0) > eps^2/2 does not give; (E.120)'s w0 eps^2/(25 d) is what holds. 'N(0, sqrt2 eps)' is read as variance 2 eps^2 / d "
    "per entry (Y = B - C^T of eps-normal vectors).",
)


# ---------------------------------------------------------------------------------------
# Proof structure (issue 19) and the domains' edges (issue 18)
# ---------------------------------------------------------------------------------------
# Lemma E.13 assumes d > 20 (the probability its proof computes needs n >= 20 in Lemma E.10)
D_GT_20 = Hypothesis(r"$d>20$", lambda p: p["d"] > 20)
D_E13 = Param("d", int, 21, "student state dimension", low=1, high=24)
E10_N_MAX = 10**6
N_E10 = Param("n", int, 21, "vector dimension n", low=1, high=E10_N_MAX)
M_ROWS = Param("m", int, 3, "matrix rows m", low=1, high=1000)
P_COLS = Param("p", int, 7, "matrix columns p", low=1, high=1000)
DH_A1 = Param("dh", int, 2, "teacher state dimension d^", low=1, high=8)

# Lemma E.15's setting: the comparison functions' data (the proof's standing assumptions)
W0 = Param("w0", float, 1.0, "w0 = C^B^ > 0", low=0.0, open_low=True, high=1e3)
EPS_INIT = Param("eps", float, 1e-2, "initialisation scale epsilon", low=0.0, open_low=True, high=1.0)
M4 = Param("M4", float, 1.0, "the constant M4 of (E.114)", low=0.0, high=1e6)
T1 = Param("t", float, 1.0, "time t1 = t2", low=0.0, high=1e3)
Z0 = Param("z0", float, 2.0, "z(0) / eps^2, within (E.134)'s range (1/2, 9/2)", low=0.5, open_low=True, high=4.5)
X0 = Param("x0", float, 2.0, "x(0) / eps^2, within (E.134)'s range (1/2, 9/2)", low=0.5, open_low=True, high=4.5)
E15_STANDING = Hypothesis(
    r"$M_4\epsilon^{2.5}<w_0\epsilon^2/2$ (the proof's standing assumption, with $z(0),x(0)$ from Lemma E.10's event)",
    lambda p: p["M4"] * p["eps"] ** 2.5 < p["w0"] * p["eps"] ** 2 / 2,
)
E15_D = Param("d", int, 6, "student state dimension (the 75 w0 d and 25 d of (E.119), (E.120))", low=1, high=40)

D_E4 = Param("d", int, 3, "student state dimension (exact SymPy gradients: small)", low=1, high=6)
K_E4 = Param("k", int, 4, "training sequence length (exact SymPy gradients: small)", low=1, high=8)
ETA_E6 = Param("eta", float, 0.5, "GD step size eta (any)", low=0.0, open_low=True, high=1e3)
D_E6 = Param("d", int, 6, "student state dimension (exact GD: small)", low=1, high=8)
K_E6 = Param("k", int, 5, "training sequence length (exact GD: small)", low=1, high=10)

E9_DELTA = Param("delta", float, 1e-2, "the loss level delta of (E.28)", low=0.0, open_low=True, high=1.0)

declare(
    "rnn-lowdim/lemma-A.1",
    ("rnn-lowdim/lemma-7", "ext:Wu & Yang 2020, Lemmas 4 and 30"),
    steps=(
        Step(
            "A.1, display",
            r"$\hat B_1\hat A_1^j\hat C_1=\hat B_2\hat A_2^j\hat C_2$ for all $j=0,1,\dots,2\hat d-2$",
            kind="identity",
            expect="refuted",
            erratum="For d^ > 1 the printed product B^ A^^j C^ does not multiply (B^ is d^ x 1, A^^j d^ x d^): the display "
            "is undefined (SymPy raises a shape error at d^ = 2). The proof uses C^ A^^j B^ (the j-th moment); for balanced "
            "teachers B^^T A^^j C^^T is the same number.",
        ),
        Step(
            "proof, Lemma 7's derivation",
            r"A derivation as in the proof sketch of Lemma 7 shows that any $\hat d$-atomic distribution [...] can be "
            r"associated with a balanced configuration of teacher parameters $\hat\Theta=(\hat A,\hat B,\hat C)$ satisfying "
            r"$\hat C\hat B=1$",
            kind="invocation",
            notes="Only the teacher side of Lemma 7's derivation is used (the moment correspondence of a balanced "
            "teacher); Lemma 7's student dimensions are free here and are set to the smallest d > k > 2d^ in the "
            "discharge, so what it decides is the teacher predicates (balanced) for the Lemma A.1 pair.",
        ),
    ),
    edges=({"dh": 1}, {"dh": 8}),
    params=(DH_A1, SEED),
)
declare(
    "rnn-lowdim/corollary-A.2",
    ("rnn-lowdim/lemma-A.1", "rnn-lowdim/theorem-5", "rnn-lowdim/theorem-8", "rnn-lowdim/definition-2"),
    steps=(
        Step(
            "proof, Theorems 5 and 8 invoked",
            r"In the context of either Theorem 5 or Theorem 8, if $k\le2\hat d-1$ then by Lemma A.1 there exist two "
            r"configurations of teacher parameters --- both satisfying the conditions of the theorem --- which lead to a "
            r"different impulse response yet induce the same loss",
            kind="invocation",
            expect="refuted",
            erratum="By design, not a misprint: the corollary invokes the conditions of Theorems 5 and 8 with k > 2d^ "
            "replaced by k <= 2d^ - 1, so the discharge fails on k > 2d^ and on nothing else. Discharged with both Lemma "
            "A.1 teachers for d^ = 2 (atoms of the divided-difference measures), d = 6, k = 3: d > k, balanced, stable "
            "and non-degenerate hold for both; k > 2d^ fails (3 <= 4), exactly the hypothesis the corollary negates.",
        ),
    ),
)
declare(
    "rnn-lowdim/claim-appA-necessity",
    ("rnn-lowdim/corollary-A.2",),
    steps=(
        Step(
            "App. A, Corollary A.2 invoked",
            r"we prove that if $k\le2\hat d-1$, implicit extrapolation cannot be guaranteed",
            kind="invocation",
        ),
    ),
)
declare(
    "rnn-lowdim/claim-delay-teacher",
    (),
    edges=({"dh": 1}, {"dh": 12}),
    params=(Param("dh", int, 2, "teacher state dimension d^", low=1, high=12),),
    notes="uses: stated as 'straightforward to verify', no proof printed.",
)
declare("rnn-lowdim/claim-random-unbalanced-teacher", (), notes="uses: no proof printed.")
declare("rnn-lowdim/claim-eq-D.2", ("rnn-lowdim/lemma-E.1",))
declare("rnn-lowdim/claim-eq-D.3", (), notes="uses: a summation swap, no proof printed.")
declare(
    "rnn-lowdim/claim-D-minimizers",
    ("rnn-lowdim/lemma-7",),
    steps=(Step("D.1, Lemma 7 invoked", r"Thus Lemma 7 holds with no additional modifications.", kind="invocation"),),
)


def d2_chain(r, weight):
    """App. D.2's chain as printed: ``(r, sqrt(k-i) r)`` for ``r <= sqrt(k-i) r <= sqrt(delta)``."""
    return r, sp.sqrt(weight) * r


declare(
    "rnn-lowdim/claim-D.2-approx",
    ("rnn-lowdim/theorem-E.9",),
    steps=(
        Step(
            "D.2, Theorem E.9's proof invoked",
            r"[...] and the remainder of the proof is the same.",
            kind="invocation",
        ),
        Step(
            "App. D.2, chain",
            r"$(\mathbf{CA}^i\mathbf B-w_i)\le\sqrt{(k-i)}(\mathbf{CA}^i\mathbf B-w_i)\le\sqrt\delta$",
            kind="inequality",
            expect="refuted",
            erratum="The first inequality r <= sqrt(k-i) r fails for a negative residual r and k - i >= 2 (r = -1/10, "
            "k - i = 4: -1/10 > -1/5). With absolute values, |r| <= sqrt(k-i)|r| <= sqrt(delta) holds and so does the "
            "conclusion.",
        ),
    ),
)
declare(
    "rnn-lowdim/claim-D.3-balancedness",
    ("rnn-lowdim/lemma-E.4", "rnn-lowdim/lemma-E.13", "rnn-lowdim/lemma-E.14"),
    steps=(
        Step(
            "D.3, Section E.4 invoked",
            r"The same steps described in Section E.4 apply for the weighted loss.",
            kind="invocation",
        ),
    ),
)
declare(
    "rnn-lowdim/lemma-E.1",
    (),
    steps=(
        Step(
            "(E.2)",
            r"$\mathbb E[\ell(RNN(\mathbf x),y)]=\mathbb E\left[\left(\sum_{i=0}^{k-1}\mathbf{CA}^{k-1-i}\mathbf Bx_i-\sum_{j=0}^{k-1}"
            r"w_{k-1-j}x_j\right)^2\right]$",
            kind="identity",
            notes="Checked: the student's recurrence (numerics.linear_rnn.simulate, s_t = A s_{t-1} + B x_t) has output "
            "sum_i C A^(k-1-i) B x_i, and the teacher's w_(k-1-j) term likewise.",
        ),
        Step(
            "(E.3)",
            r"$=\mathbb E\left[\left(\sum_{i=0}^{k-1}\mathbf{CA}^i\mathbf Bx_{k-1-i}-\sum_{j=0}^{k-1}w_jx_{k-1-j}\right)^2\right]$",
            kind="identity",
        ),
        Step(
            "(E.5)-(E.6)",
            r"$=\sum_{i,j=0}^{k-1}[\dots]\mathbf 1_{k-1-i=k-1-j}=\sum_{i,j=0}^{k-1}[\dots]\mathbf 1_{i=j}$",
            kind="identity",
        ),
        Step(
            "(E.8)",
            r"$\mathbb E_{\mathbf x\sim\mathcal D}[\ell(\mathrm{RNN}(\mathbf x),y)]=\sum_{i=0}^{k-1}(\mathbf{CA}^i\mathbf B-w_i)^2$",
            kind="identity",
        ),
        Step(
            "(E.4)",
            r"$=\sum_{i,j=0}^{k-1}[\mathbf{CA}^i\mathbf B\mathbf{CA}^j\mathbf B-2\mathbf{CA}^i\mathbf Bw_j+w_iw_j]"
            r"\mathbb E_{\mathbf x\sim\mathcal D}[x_{k-1-i}x_{k-1-j}]$",
            kind="identity",
        ),
        Step(
            "(E.7)",
            r"$=\sum_{i=0}^{k-1}[(\mathbf{CA}^i\mathbf B)^2-2\mathbf{CA}^i\mathbf Bw_i+w_i^2]=\sum_{i=0}^{k-1}(\mathbf{CA}^i\mathbf B-w_i)^2$",
            kind="identity",
        ),
    ),
    edges=({"d": 1, "k": 1}, {"d": 24, "k": 1}, {"d": 1, "k": 12}, {"d": 6, "k": 12}),
)
declare(
    "rnn-lowdim/proposition-E.2",
    (EXT_VANDERMONDE, "rnn-lowdim/claim-zero-loss-iff"),
    edges=REGISTRY["rnn-lowdim/proposition-3"].edges,
)
declare(
    "rnn-lowdim/lemma-E.3",
    ("ext:spectral theorem (orthogonal eigendecomposition of a symmetric matrix)",),
    edges=({"d": 1}, {"d": 24}),
)
declare(
    "rnn-lowdim/lemma-E.4",
    (),
    steps=(
        Step(
            "(E.13)",
            r"$\mathcal L(\mathbf A,\mathbf B,\mathbf C)=\mathbb E[\ell(\mathrm{RNN}(\mathbf x),y)]=\sum_{i=0}^{k-1}(\mathbf{CA}^i\mathbf B-w_i)^2$",
            kind="identity",
            notes="The surrounding text assigns w_i = B^ A^^i C^, the product lemma-A.1's step shows undefined for d^ > 1 "
            "(read as C^ A^^i B^).",
        ),
        Step(
            "(E.15)",
            r"$\frac{\partial\mathcal L}{\partial\mathbf B}=\sum_{i=0}^{k-1}\nabla\ell_i\frac{\partial(\mathbf{CA}^i\mathbf B)}"
            r"{\partial\mathbf B}=\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^i)^\top\mathbf C^\top$",
            kind="identity",
            expect="refuted",
            erratum="Inherits (E.14)'s missing 2: SymPy at d = 1, k = 2, dL/dB of (3.4) is twice the printed sum.",
        ),
        Step(
            "(E.16)",
            r"$\frac{\partial\mathcal L}{\partial\mathbf C}=\sum_{i=0}^{k-1}\nabla\ell_i\frac{\partial(\mathbf{CA}^i\mathbf B)}"
            r"{\partial\mathbf C}=\sum_{i=0}^{k-1}\nabla\ell_i\mathbf B^\top(\mathbf A^i)^\top$",
            kind="identity",
            expect="refuted",
            erratum="Inherits (E.14)'s missing 2: SymPy at d = 1, k = 2, dL/dC of (3.4) is twice the printed sum.",
        ),
        Step(
            "(E.11)",
            r"$\frac{\partial(\mathbf C\mathbf A^j\mathbf B)}{\partial\mathbf B}=(\mathbf A^j)^\top\mathbf C^\top$",
            kind="identity",
        ),
        Step(
            "(E.12)",
            r"$\frac{\partial(\mathbf C\mathbf A^j\mathbf B)}{\partial\mathbf C}=\mathbf B^\top(\mathbf A^j)^\top$",
            kind="identity",
        ),
        Step(
            "(E.14)",
            r"$\frac{\partial\mathcal L}{\partial\mathbf X}=\sum_{i=0}^{k-1}\frac{\partial(\mathbf{CA}^i\mathbf B-w_i)^2}{\partial\mathbf X}"
            r"=\sum_{i=0}^{k-1}\nabla\ell_i\frac{\partial(\mathbf{CA}^i\mathbf B-w_i)}{\partial\mathbf X}$",
            kind="identity",
            expect="refuted",
            erratum="The chain rule gives $\\partial r_i^2/\\partial\\mathbf X=2r_i\\,\\partial r_i/\\partial\\mathbf X$; the "
            "printed middle equality drops the 2 (SymPy at d = 1, k = 1: d(cb - w0)^2/db = 2c(cb - w0), printed c(cb - w0)). "
            "(E.15), (E.16) and the lemma inherit it.",
        ),
    ),
    params=(D_E4, K_E4, SEED),
    edges=({"d": 1, "k": 1}, {"d": 6, "k": 8}, {"d": 1, "k": 8}),
)
declare(
    "rnn-lowdim/lemma-E.4:corrected",
    (),
    params=(D_E4, K_E4, SEED),
    edges=({"d": 1, "k": 1}, {"d": 6, "k": 8}, {"d": 1, "k": 8}),
)
declare(
    "rnn-lowdim/lemma-E.5",
    ("rnn-lowdim/lemma-E.6", EXT_EC),
    edges=({"d": 1, "k": 1, "teacher": "T1"}, {"d": 24, "k": 20, "teacher": "T3"}),
)
declare(
    "rnn-lowdim/lemma-E.6",
    ("rnn-lowdim/lemma-E.4",),
    steps=(
        Step(
            "(E.17)",
            r"$\left(\frac{\partial\mathcal L}{\partial\mathbf C_t}\right)^\top=\sum_{i=0}^{k-1}\nabla\ell_i\mathbf A_t^i\mathbf B_t"
            r"=\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A_t^\top)^i\mathbf C_t^\top=\frac{\partial\mathcal L}{\partial\mathbf B_t}$",
            kind="identity",
            notes="Holds with the printed gradients (E.9), (E.10) and with the true ones (twice them) alike; checked on the "
            "true gradient of (3.4) at balanced points with symmetric A.",
        ),
        Step(
            "(E.18)",
            r"$\mathbf B_{t+1}=\mathbf B_t-\eta\frac{\partial\mathcal L}{\partial\mathbf B_t}=\mathbf C_t^\top-\eta"
            r"\left(\frac{\partial\mathcal L}{\partial\mathbf C_t}\right)^\top=\mathbf C_{t+1}^\top$",
            kind="identity",
        ),
    ),
    params=(D_E6, K_E6, SEED, ETA_E6),
    edges=({"d": 1, "k": 1, "eta": 1e-9}, {"d": 8, "k": 10, "eta": 0.5}, {"d": 2, "k": 3, "eta": 1e3}),
)
declare(
    "rnn-lowdim/lemma-E.7",
    ("rnn-lowdim/lemma-E.4",),
    steps=(
        Step(
            "(E.20)",
            r"$\alpha\equiv\|\mathbf B\|_F^2-\|\mathbf C\|_F^2=\mathrm{Tr}(\mathbf B^\top\mathbf B)-\mathrm{Tr}(\mathbf C\mathbf C^\top)"
            r"=\mathbf B^\top\mathbf B-\mathbf C\mathbf C^\top$",
            kind="identity",
        ),
        Step(
            "(E.22)",
            r"$\dot{\mathbf C}=-\sum_{i=0}^{k-1}\nabla\ell_i\mathbf B^\top(\mathbf A^\top)^i$",
            kind="identity",
            expect="refuted",
            erratum="As (E.21): GF of (3.4) moves C at -dL/dC = -2 sum_i grad l_i B^T (A^T)^i (SymPy, d = 1, k = 2).",
        ),
        Step(
            "(E.24)",
            r"$\dot\alpha=2\mathbf B^\top\left(-\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i\mathbf C^\top\right)-2\left(-\sum_{i=0}^{k-1}"
            r"\nabla\ell_i\mathbf B^\top(\mathbf A^\top)^i\right)\mathbf C^\top$",
            kind="identity",
            notes="Holds with GF's velocities too: both sides vanish identically (the factor 2 of (E.21), (E.22) scales 0).",
        ),
        Step(
            "(E.21)",
            r"$\dot{\mathbf B}=-\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i\mathbf C^\top$",
            kind="identity",
            expect="refuted",
            erratum="GF of (3.4) (no 1/2) moves B at $-\\partial\\mathcal L/\\partial\\mathbf B=-2\\sum_i\\nabla\\ell_i(\\mathbf A^\\top)^i"
            "\\mathbf C^\\top$: (E.21), (E.22) inherit the missing 2 of (E.9), (E.10). Harmless for (E.25) (both sides scale).",
        ),
        Step(
            "(E.23)",
            r"$\dot\alpha=\dot{\mathbf B}^\top\mathbf B+\mathbf B^\top\dot{\mathbf B}-\dot{\mathbf C}\mathbf C^\top-\mathbf C\dot{\mathbf C}^\top"
            r"=2\mathbf B^\top\dot{\mathbf B}-2\dot{\mathbf C}\mathbf C^\top$",
            kind="identity",
        ),
        Step(
            "(E.25)",
            r"$\dot\alpha=-2\left[\mathbf B^\top\left(\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i\right)\mathbf C^\top-\mathbf B^\top"
            r"\left(\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i\right)\mathbf C^\top\right]=0$",
            kind="identity",
        ),
    ),
    edges=({"d": 1, "k": 1}, {"d": 24, "k": 20}, {"d": 24, "k": 1}),
)
declare(
    "rnn-lowdim/lemma-E.8",
    ("rnn-lowdim/lemma-E.3", EXT_CY, EXT_WY4),
    steps=(
        Step(
            "(E.26)",
            r"$\hat{\mathbf C}\hat{\mathbf A}^n\hat{\mathbf B}=\sum_i\hat p_i\hat a_i^n=\mathbb E_{\hat{\mathbf p}}[\hat Z^n]$",
            kind="identity",
        ),
        Step(
            "(E.27)",
            r"$\mathbf C\mathbf A^n\mathbf B=\sum_ip_ia_i^n=\mathbb E_{\mathbf p}[Z^n]$",
            kind="identity",
        ),
        Step(
            "Lemma E.3 invoked",
            r"By Lemma E.3, a balanced RNN with symmetric transition matrix has an equivalent (generating the same impulse "
            r"response) balanced RNN with a diagonal transition matrix.",
            kind="invocation",
        ),
    ),
)
declare(
    "rnn-lowdim/theorem-E.9",
    ("rnn-lowdim/lemma-7", EXT_WY_P2, EXT_PZ, EXT_BM),
    steps=(
        Step(
            "(E.28)",
            r"$\mathcal L(\Theta)=\sum_{j=0}^{k-1}\left(\mathbf{CA}^j\mathbf B-\hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}\right)^2\le\delta$",
            kind="identity",
            notes="The identity with (3.4) is checked; '<= delta' is the proof's premise.",
        ),
        Step(
            "(E.29)-(E.30)",
            r"$\left(\frac{\mathbf{CA}^j\mathbf B}{\hat{\mathbf C}\hat{\mathbf B}}-\frac{\hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}}"
            r"{\hat{\mathbf C}\hat{\mathbf B}}\right)^2=\left(\mathbf{CA}^j\mathbf B\left(\frac1{\hat{\mathbf C}\hat{\mathbf B}}-\frac1"
            r"{\mathbf{CB}}\right)+\underbrace{\frac{\mathbf{CA}^j\mathbf B}{\mathbf{CB}}-\frac{\hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}}"
            r"{\hat{\mathbf C}\hat{\mathbf B}}}_{m_j-\hat m_j}\right)^2$",
            kind="identity",
        ),
        Step(
            "(E.32)",
            r"$\delta(\hat{\mathbf C}\hat{\mathbf B})^{-2}\ge\left(\frac{\mathbf{CA}^j\mathbf B}{\hat{\mathbf C}\hat{\mathbf B}}-\frac"
            r"{\hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}}{\hat{\mathbf C}\hat{\mathbf B}}\right)^2=\left(\frac{\beta\mathbf{CA}^j\mathbf B}"
            r"{\hat{\mathbf C}\hat{\mathbf B}(\beta-\hat{\mathbf C}\hat{\mathbf B})}+(m_j-\hat m_j)\right)^2$",
            kind="inequality",
        ),
        Step(
            "(E.36)",
            r"$\frac\delta{(\hat{\mathbf C}\hat{\mathbf B})^2}\ge\frac{-2\delta\tau^{j+2}(\tau^j+1)}{2(\hat{\mathbf C}\hat{\mathbf B})^2}"
            r"+(m_j-\hat m_j)^2$ (for $\delta<\hat{\mathbf C}\hat{\mathbf B}$)",
            kind="inequality",
            notes="Derived from (E.35), which is refuted (delta for sqrt(delta)); (E.36) itself holds on the exact balanced "
            "students checked (delta = L(Theta), the hardest admissible value).",
        ),
        Step(
            "proof, Lemma 7 invoked",
            r"Following the proof of Lemma 7, $\hat\Theta$ is identified with a distribution supported on the eigenvalues "
            r"of $\hat{\mathbf A}$, whose $j$th moment is $\hat m_j:=\hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}"
            r"(\hat{\mathbf C}\hat{\mathbf B})^{-1}$",
            kind="invocation",
        ),
        Step(
            "(E.31)",
            r"$\frac1{\hat{\mathbf C}\hat{\mathbf B}}-\frac1{\mathbf{CB}}=\frac1{\hat{\mathbf C}\hat{\mathbf B}}-\frac1{\hat{\mathbf C}\hat{\mathbf B}-\beta}"
            r"=\frac{\beta}{\hat{\mathbf C}\hat{\mathbf B}(\beta-\hat{\mathbf C}\hat{\mathbf B})}$",
            kind="identity",
        ),
        Step(
            "(E.33)",
            r"$\left(\frac{\beta\mathbf{CA}^j\mathbf B}{\hat{\mathbf C}\hat{\mathbf B}(\beta-\hat{\mathbf C}\hat{\mathbf B})}+(m_j-\hat m_j)\right)^2"
            r"=\beta^2\kappa^2+2\beta\kappa(m_j-\hat m_j)+(m_j-\hat m_j)^2$",
            kind="identity",
        ),
        Step("(E.34)", r"$\ge2\beta\kappa(m_j-\hat m_j)+(m_j-\hat m_j)^2$", kind="inequality"),
        Step(
            "(E.35)",
            r"$\ge-2|\delta\kappa(m_j-\hat m_j)|+(m_j-\hat m_j)^2$",
            kind="inequality",
            expect="refuted",
            erratum="From $\\beta\\in[-\\sqrt\\delta,\\sqrt\\delta]$ the bound is $2\\beta\\kappa(m_j-\\hat m_j)\\ge-2\\sqrt\\delta"
            "|\\kappa(m_j-\\hat m_j)|$, not $-2\\delta|\\cdot|$ (weaker than what is printed when delta < 1). Counterexample "
            "(exact): teacher T1 (w_j = (4/5)^j), student with h_j = w_j except h_0 = 1 - beta, beta = 1/10, delta = beta^2 = "
            "1/100 (so L = delta), j = 1: (E.34)'s right side is below (E.35)'s. What holds: (E.35) with sqrt(delta); the "
            "proof's conclusion |m_j - m^_j| = O(sqrt(delta)) survives with a changed constant.",
        ),
        Step(
            "proof, stability bound",
            r"From assumption (ii), the teacher is stable and therefore $\hat m_j\le\hat{\mathbf C}\hat{\mathbf B}$ for all "
            r"$j=0,\dots,k-1$.",
            kind="inequality",
            expect="refuted",
            erratum="m^_j = E[Z^^j] <= 1 for a stable teacher (atoms in [-1, 1], m^_j = C^A^^jB^/C^B^), which is <= C^B^ only "
            "when C^B^ >= 1. Counterexample (exact): d^ = 1, A^ = 1, B^ = C^^T = sqrt(1/2): C^B^ = 1/2, m^_1 = 1 > 1/2. What "
            "holds: |m^_j| <= 1.",
        ),
        Step(
            "(E.37)",
            r"$|m_q-\hat m_q|\le\mathcal W_q(\Theta,\hat\Theta)$",
            kind="inequality",
            expect="refuted",
            erratum="A moment difference is not bounded by the Wasserstein distance of the same order without a constant: "
            "point masses at 1 and 1 - t give |m_q - m^_q| = 1 - (1-t)^q ~ q t > t = W_q(delta_1, delta_(1-t)) for q >= 2 (exact at "
            "t = 1/2, q = 2: 3/4 > 1/2). What holds on [-R, R]: |m_q - m^_q| <= q R^(q-1) W_1, which suffices for the proof.",
        ),
    ),
    params=(D_STUDENT, K_LEN, TEACHER, Q_HOR, SEED, E9_DELTA),
)
declare(
    "rnn-lowdim/lemma-E.10",
    ("ext:Laurent & Massart 2000, Lemma 1",),
    steps=(
        Step(
            "(E.39)",
            r"$Pr(\|\tilde{\mathbf v}\|^2\ge(1.75+9/32)n)\le\exp(-9n/64)$",
            kind="probability",
        ),
        Step("(E.40)", r"$Pr(\|\tilde{\mathbf v}\|^2\le n/4)\le\exp(-9n/64)$", kind="probability"),
        Step("(E.42)", r"$Pr(\|\mathbf v\|\ge1.5\epsilon)\le\exp(-9n/64)$", kind="probability"),
        Step(
            "(E.43)",
            r"$Pr(\|\tilde{\mathbf v}\|\le\sqrt n/2)\le\exp(-9n/64)\implies Pr(\|\mathbf v\|\le\epsilon/2)\le\exp(-9n/64)$",
            kind="probability",
        ),
        Step(
            "(E.44)",
            r"$Pr\left(\frac\epsilon2<\|\mathbf v\|<\frac{3\epsilon}2\right)\ge1-2\exp(-9n/64)$",
            kind="probability",
        ),
        Step(
            "(E.41)",
            r"$Pr(\|\tilde{\mathbf v}\|^2\ge2.25n)\le\exp(-9n/64)\implies Pr(\|\tilde{\mathbf v}\|\ge1.5\sqrt n)\le\exp(-9n/64)$",
            kind="constant",
        ),
    ),
    params=(N_E10, SEED),
    edges=({"n": 1}, {"n": 2}, {"n": 20}, {"n": 21}, {"n": 400}, {"n": E10_N_MAX}),
)
declare(
    "rnn-lowdim/claim-E.10-matrix",
    ("rnn-lowdim/lemma-E.10",),
    params=(M_ROWS, P_COLS, SEED),
    edges=({"m": 1, "p": 1}, {"m": 1, "p": 1000}, {"m": 1000, "p": 1000}, {"m": 21, "p": 21}),
)
declare("rnn-lowdim/proposition-E.11", ("rnn-lowdim/lemma-E.12",))
declare("rnn-lowdim/claim-def-eps-normal-init", ())
declare(
    "rnn-lowdim/lemma-E.12",
    ("rnn-lowdim/lemma-E.13", "rnn-lowdim/lemma-E.14"),
    steps=(
        Step(
            "Lemma E.13 invoked",
            r"From Lemma E.13, $\|\mathbf A(\bar t)\|_F\le M_2\epsilon$ (E.55)",
            kind="invocation",
            expect="refuted",
            erratum="Lemma E.12 assumes only w0 > 0 and an eps-normal initialisation (no bound on d), and Proposition E.11 "
            "invokes it with d > 4; the proof invokes Lemma E.13, which assumes d > 20. At d <= 20 the invocation is outside "
            "Lemma E.13's hypotheses (discharged at d = 6: refuted).",
        ),
        Step(
            "(E.52)",
            r"$\mathbf Y(\bar t)^\top\mathbf Y(\bar t)\le c_1\epsilon^2e^{-2w_0C\ln\frac1{\epsilon^{0.5}}}+c_2\epsilon^{2.5}"
            r"=(c_1e^{-2w_0C}+c_2)\epsilon^{2.5}$",
            kind="identity",
            expect="refuted",
            erratum="The equality takes e^(-2 w0 C ln(1/eps^0.5)) for e^(-2 w0 C) eps^0.5; it is eps^(w0 C). Exact counterexample: "
            "w0 = 1, C = 1/2 (t-bar = ln(1/eps^0.5)/(2 w0), the printed horizon), c1 = 1, c2 = 0, eps = 1/100: the left side is "
            "eps^2.5, the right e^-1 eps^2.5. What holds: c1 eps^(2 + w0 C) + c2 eps^2.5, which is (c1 + c2) eps^2.5 at w0 C = "
            "1/2 -- (E.54)'s limit is unaffected.",
        ),
        Step(
            "(E.53)",
            r"$\mathbf W(\bar t)^\top\mathbf W(\bar t)\ge c_3\epsilon^2e^{2w_0C\ln\frac1{\epsilon^{0.5}}}-c_4\epsilon^{2.5}"
            r"=c_3e^{2w_0C}\epsilon^{1.5}-c_4\epsilon^{2.5}$",
            kind="identity",
            expect="refuted",
            erratum="The same slip: e^(2 w0 C ln(1/eps^0.5)) = eps^(-w0 C), not e^(2 w0 C) eps^-0.5. Exact counterexample: w0 = 1, "
            "C = 1/2, c3 = 1, c4 = 0, eps = 1/100: the left side is eps^1.5, the right e eps^1.5. What holds: c3 eps^(2 - w0 C) - "
            "c4 eps^2.5, which is c3 eps^1.5 - c4 eps^2.5 at w0 C = 1/2 -- (E.54), (E.55) are unaffected.",
        ),
        Step(
            "(E.54)",
            r"$\lim_{\epsilon\to0}\frac{\|\mathbf Y(\bar t)\|^2}{\|\mathbf W(\bar t)\|^2}\le\lim_{\epsilon\to0}\frac{(\tilde c_1+c_2)"
            r"\epsilon^{2.5}}{\tilde c_3\epsilon^{1.5}-c_4\epsilon^{2.5}}=0$",
            kind="identity",
            notes="The limit's value is checked (SymPy); the inequality of limits is the lemma's conclusion (its flows).",
        ),
        Step(
            "(E.55)",
            r"$\lim_{\epsilon\to0}\frac{\|\mathbf A(\bar t)\|_F^2}{\|\mathbf W(\bar t)\|^2}\le\lim_{\epsilon\to0}\frac{M_2\epsilon^2}"
            r"{\tilde c_3\epsilon^{1.5}-c_4\epsilon^{2.5}}=0$",
            kind="identity",
            notes="||A||_F^2 <= M2^2 eps^2 (the numerator printed M2 eps^2); the limit is 0 with either (SymPy, both).",
        ),
    ),
)
E13_STEPS = (
    Step(
        "proof, l. 1",
        r"The probability for $\mathbf A,\mathbf B,\mathbf C$ satisfying the inequalities simultaneously $\ge(1-2\exp(-9\cdot20/64))^3"
        r"\approx0.83>0.75$.",
        kind="constant",
        expect="refuted",
        erratum="(1 - 2exp(-9*20/64))^3 = 0.681..., not 0.83, and below 0.75. What the proof needs, Lemma E.10 at n = d^2 for "
        "A and n = d for B, C: (1 - 2exp(-9*400/64))(1 - 2exp(-9*20/64))^2 = 0.774 > 0.75 at d = 21.",
    ),
    Step(
        "(E.62)",
        r"$\forall t,\ \frac{d}{dt}(\|\mathbf B(t)\|-\|\mathbf C(t)\|)=0$",
        kind="identity",
        expect="refuted",
        erratum="Lemma E.7 conserves $\\|\\mathbf B\\|^2-\\|\\mathbf C\\|^2$, not $\\|\\mathbf B\\|-\\|\\mathbf C\\|$: "
        "d/dt(||B|| - ||C||) = (B^T B')(1/||B|| - 1/||C||) is non-zero whenever ||B|| != ||C|| and B^T B' != 0 (exact "
        "counterexample at a rational point). What holds: ||C||^2 = ||B||^2 - alpha(0), so ||C|| <= ||B|| + sqrt(|alpha(0)|), "
        "which gives (E.64) with sqrt(|alpha(0)|) <= 2 eps in place of 4 eps.",
    ),
)
# The proof of Lemma E.13, (E.56)-(E.99), display by display. Velocities (B', A', gamma') are
# the gradient flow's of (3.4): the printed (E.58), (E.81) miss the factor 2 of (E.9), and the
# displays built on them are judged with the flow's velocities along its trajectories.
E13_VELOCITY_NOTE = (
    "Judged along true GF trajectories of (3.4) (full A, the proof's (E.81); d = 21, teacher w_j = 2^-j, w0 = 1; "
    "A(0) with N(0, eps^2/d^2) entries, B(0), C(0) with N(0, eps^2/d), the (E.38) event at t = 0, as the proof "
    "supposes), with the least admissible constants M1, M2 on the printed horizon ln(1/eps^0.5)/(2 w0)."
)
E13_PROOF_STEPS = (
    Step(
        "(E.56)",
        r"$\|\mathbf B(0)\|,\|\mathbf C(0)\|<2\epsilon<M_1\epsilon^{0.75}$",
        kind="inequality",
    ),
    Step(
        "(E.57)",
        r"$\|\mathbf A(0)\|_F<2\epsilon<M_2\epsilon$ (where $2<M_2<\frac1\epsilon$, and $M_1>4\epsilon^{0.25}$)",
        kind="inequality",
    ),
    Step(
        "(E.58)",
        r"$\dot{\mathbf B}=-\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i\mathbf C^\top$",
        kind="identity",
        expect="refuted",
        erratum="GF of (3.4) moves B at $-\\partial\\mathcal L/\\partial\\mathbf B=-2\\sum_i\\nabla\\ell_i(\\mathbf A^\\top)^i"
        "\\mathbf C^\\top$ (the factor 2 of (E.9), as (E.21)); SymPy at d = 1, k = 2: GF's B' minus (E.58) is "
        "-sum_i grad l_i (A^T)^i C^T, not 0.",
    ),
    Step(
        "(E.59)",
        r"$\|\dot{\mathbf B}\|=\left\|-\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i\mathbf C^\top\right\|\le\sum_{i=0}^{k-1}"
        r"|\nabla\ell_i|\|\mathbf A^\top\|_F^i\|\mathbf C^\top\|$",
        kind="inequality",
        expect="refuted",
        erratum="GF's B' is twice (E.58)'s sum, and Cauchy-Schwarz is nearly tight here (the i = 0 term dominates): along the flow k = 3 (d = 21, w_j = 2^-j, eps = 1e-4, the printed horizon ln(1/eps^0.5)/(2 w0), least admissible M1, M2), max_t ||B'|| / sum_i |grad l_i| ||A||_F^i ||C|| = 2.000. What holds: ||B'|| <= 2 sum_i |grad l_i| ||A||_F^i ||C||.",
    ),
    Step(
        "(E.60)",
        r"$M=\max_i(|w_i|)+M_1^2\epsilon^{1.5}\ge\max_i(|w_i|)+\|\mathbf C\|\|\mathbf B\|\ge\max_i(|w_i|)+|\mathbf{CB}|$",
        kind="inequality",
    ),
    Step(
        "(E.61)",
        r"$\ge\max_i(|w_i|)+\max_i(|\mathbf{CA}^i\mathbf B|)\ge\max_i(|w_i|+|\mathbf{CA}^i\mathbf B|)\ge\max_i(|\nabla\ell_i|)$",
        kind="inequality",
        expect="refuted",
        erratum="The first link, max|w| + |CB| >= max|w| + max_i |C A^i B|, needs |CB| >= |C A^i B|, which fails where CB "
        "is small: exact counterexample at t = 0 inside (E.38)'s event, d = 21, k = 3, eps = 1/100, B = eps e_1, C = eps "
        "e_2^T, A = eps e_2 e_1^T (norms eps): CB = 0 while C A B = eps^3. What holds: |C A^i B| <= ||C|| ||A||_F^i "
        "||B|| <= ||C|| ||B|| for ||A||_F <= 1, so M >= max_i |grad l_i| follows from (E.60)'s first link directly.",
    ),
    Step(
        "(E.63)",
        r"$\|\mathbf B(0)\|,\|\mathbf C(0)\|<2\epsilon\Rightarrow(\|\mathbf B(0)\|-\|\mathbf C(0)\|)<4\epsilon$",
        kind="inequality",
    ),
    Step(
        "(E.64)",
        r"$\forall t,\ \|\mathbf C(t)\|<\|\mathbf B(t)\|+4\epsilon$",
        kind="inequality",
        notes="Holds (from the conserved ||B||^2 - ||C||^2, not from (E.62) as printed).",
    ),
    Step(
        "(E.65)",
        r"$\sum_{i=0}^{k-1}(M_2\epsilon)^i<k$",
        kind="constant",
        expect="refuted",
        erratum="At k = 1 the sum is exactly 1 = k (the strict inequality fails; exact, M2 eps = 3/100). For k >= 2 and "
        "0 < M2 eps < 1 it holds; '<=' holds for every k.",
    ),
    Step(
        "(E.66)",
        r"$\|\dot{\mathbf B}\|\le\sum_{i=0}^{k-1}|\nabla\ell_i|\|(\mathbf A^\top)\|_F^i\|\mathbf C^\top\|<M(\|\mathbf B\|+4\epsilon)"
        r"\sum_{i=0}^{k-1}\|(\mathbf A^\top)\|_F^i$",
        kind="inequality",
        expect="refuted",
        erratum="Its first link is (E.59) (fails by the factor 2), and so do the chain's ends: along the flow k = 3 (d = 21, w_j = 2^-j, eps = 1e-4, the printed horizon ln(1/eps^0.5)/(2 w0), least admissible M1, M2), max_t ||B'|| / (M (||B|| + 4 eps) sum_i ||A||_F^i) = 1.90 once ||B|| >> 4 eps. The middle link holds. What holds: ||B'|| < 2 M (||B|| + 4 eps) sum_i ||A||_F^i.",
    ),
    Step(
        "(E.67)",
        r"$<Mk(\|\mathbf B\|+4\epsilon)$",
        kind="inequality",
        expect="refuted",
        erratum="With GF's B' (twice (E.58)) the bound needs k >= 2: it holds at k = 3 (max ratio 0.63) but fails at k = 1 (inside Lemma E.13's hypotheses): along the flow k = 1 (d = 21, w_j = 2^-j, eps = 1e-4, the printed horizon ln(1/eps^0.5)/(2 w0), least admissible M1, M2), max_t ||B'|| / (M k (||B|| + 4 eps)) = 1.90 (2.00 at eps = 1e-8). What holds: ||B'|| < 2 M k (||B|| + 4 eps).",
    ),
    Step(
        "(E.68)",
        r"$\dot\gamma=\dot{\mathbf B}^\top\mathbf B+\mathbf B^\top\dot{\mathbf B}=2\mathbf B^\top\dot{\mathbf B}$",
        kind="identity",
    ),
    Step(
        "(E.69)",
        r"$|\dot\gamma|=|2\mathbf B^\top\dot{\mathbf B}|\le2\|\mathbf B^\top\|\|\dot{\mathbf B}\|<2\|\mathbf B\|Mk(\|\mathbf B\|+4\epsilon)$",
        kind="inequality",
        expect="refuted",
        erratum="|gamma'| = 2|B^T B'| <= 2 ||B|| ||B'|| holds; the last link inherits (E.67)'s failure at k = 1: along the flow k = 1 (d = 21, w_j = 2^-j, eps = 1e-4, the printed horizon ln(1/eps^0.5)/(2 w0), least admissible M1, M2), max_t |gamma'| / (2 ||B|| M k (||B|| + 4 eps)) = 1.90 (0.63 at k = 3). What holds: |gamma'| < 4 ||B|| M k (||B|| + 4 eps).",
    ),
    Step(
        "(E.70)",
        r"$|\dot\gamma|<2kM\left(|\gamma|+4\epsilon\sqrt{|\gamma|}\right)$",
        kind="inequality",
        expect="refuted",
        erratum="Inherits (E.69): along the flow k = 1 (d = 21, w_j = 2^-j, eps = 1e-4, the printed horizon ln(1/eps^0.5)/(2 w0), least admissible M1, M2), max_t |gamma'| / (2kM(|gamma| + 4 eps sqrt|gamma|)) = 1.90 (0.63 at k = 3). What holds: |gamma'| < 4kM(|gamma| + 4 eps sqrt|gamma|).",
    ),
    Step(
        "(E.71)",
        r"$|\dot\gamma|\le2kM\left(|\gamma|+4\epsilon\sqrt{|\gamma|}\right)\le4kM|\gamma|$ (for $4\epsilon\le\|\mathbf B(t)\|\le M_1\epsilon^{0.75}$)",
        kind="inequality",
        expect="refuted",
        erratum="At k = 1 on case (i)'s window (||B|| >= 4 eps) the first link fails (ratio 1.90, as (E.70)) and so does the conclusion |gamma'| <= 4kM|gamma|: along the flow k = 1 (d = 21, w_j = 2^-j, eps = 1e-4, the printed horizon ln(1/eps^0.5)/(2 w0), least admissible M1, M2), gamma grows at rate up to 4.079 > 4kM = 4.0002 (GF's rate is 4|grad l_0| CB/||B||^2, and ||C|| > ||B|| on this trajectory); at k = 3 both hold (0.34). What holds: |gamma'| <= 8kM|gamma|.",
    ),
    Step(
        "(E.72)",
        r"$\int_{t'}^s\frac1{|\gamma|}|\dot\gamma|dt<\int_{t'}^s4kMdt$",
        kind="inequality",
        expect="refuted",
        erratum="Integrates (E.71)'s |gamma'| < 4kM|gamma|, which fails at k = 1: along the flow k = 1 (d = 21, w_j = 2^-j, "
        "eps = 1e-4, the printed horizon) max_s int_{t'}^s |gamma'|/|gamma| dt / (4kM (s - t')) = 1.019 on case (i)'s window "
        "(0.34 at k = 3). What holds: < 8kM (s - t').",
    ),
    Step(
        "(E.73)",
        r"$\int_{\gamma(t')}^{\gamma(s)}\frac1{|\gamma|}d\gamma\le4kM(s-t')<4kM\left(\ln\left(\frac1{\epsilon^{0.5}}\right)-0\right)$",
        kind="inequality",
        expect="refuted",
        erratum="The first link is (E.72)'s, false at k = 1: ln(gamma(s)/gamma(t')) / (4kM (s - t')) reaches 1.019 along the "
        "flow k = 1 (d = 21, w_j = 2^-j, eps = 1e-4, printed horizon); the second link (s - t' < ln(1/eps^0.5)) holds, and "
        "(E.74) survives with it. What holds: <= 8kM (s - t').",
    ),
    Step(
        "(E.74)",
        r"$\ln\left(\frac{|\gamma(s)|}{|\gamma(t')|}\right)<4kM\ln\left(\frac1{\epsilon^{0.5}}\right)$",
        kind="inequality",
    ),
    Step(
        "(E.75)",
        r"$|\gamma(s)|<e^{4kM\ln(\frac1{\epsilon^{0.5}})}|\gamma(t')|=(4\epsilon)^2e^{4kM\ln(\frac1{\epsilon^{0.5}})}$",
        kind="inequality",
    ),
    Step(
        "(E.76)",
        r"$|\gamma(s)|<\frac{16\epsilon^2}{\epsilon^{0.5}}e^{4kM}=16\epsilon^{1.5}e^{4kM}$",
        kind="inequality",
        expect="refuted",
        erratum="The passage from (E.75) replaces e^(4kM ln(1/eps^0.5)) = eps^(-2kM) by e^(4kM)/eps^0.5 (exact at k = M = 1, eps = 1/100: 10^4 against 10 e^4 = 546.0); (E.75) gives only |gamma(s)| < 16 eps^(2 - 2kM), not O(eps^1.5) once kM > 1/4 (M >= w0). Along the flow k = 1, eps = 1e-8 (d = 21, w0 = 1, the printed horizon, case (i)'s window) gamma reaches 5.66e-9 > 16 eps^1.5 e^(4kM) = 8.74e-10. With it goes the eps-independent M1 of the lemma (see the statement's erratum).",
    ),
    Step(
        "(E.77)",
        r"$\|\mathbf B(s)\|<M_1\epsilon^{0.75}$ (denoting $M_1^2=16\cdot e^{4kM}$)",
        kind="inequality",
        expect="refuted",
        erratum="M1 = sqrt(16 e^(4kM)) = 29.6 at k = 1 (M = 1 + 6e-9), but along the flow k = 1, eps = 1e-8 (d = 21, w0 = 1, the printed horizon) ||B(s)||/eps^0.75 reaches 75.2 (7.52 at eps = 1e-4: it grows like eps^-0.25). Also M is defined through M1 ((E.60)), so M1^2 = 16 e^(4kM) is a fixed-point condition on M1, not a definition.",
    ),
    Step(
        "(E.78)-(E.80)",
        r"$\frac{d}{dt}\mathrm{Tr}(\mathbf A^\top\mathbf A)=\mathrm{Tr}\left(\frac{d}{dt}(\mathbf A^\top\mathbf A)\right)"
        r"=\mathrm{Tr}(\dot{\mathbf A}^\top\mathbf A)+\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})=2\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})$",
        kind="identity",
    ),
    Step(
        "(E.81)",
        r"$\dot{\mathbf A}=-\sum_{i=1}^{k-1}\nabla\ell_i\sum_{r=0}^{i-1}(\mathbf A^\top)^r\mathbf C^\top\mathbf B^\top(\mathbf A^\top)^{i-r-1}$",
        kind="identity",
        expect="refuted",
        erratum="GF of (3.4) moves A at $-\\partial\\mathcal L/\\partial\\mathbf A$, twice the printed sum (the factor 2 of "
        "(E.9)); SymPy, d = 1, k = 2: GF's A' minus (E.81) equals (E.81), not 0.",
    ),
    Step(
        "(E.82)",
        r"$\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})=-\sum_{i=1}^{k-1}\nabla\ell_i\sum_{r=0}^{i-1}\mathrm{Tr}\left((\mathbf A^\top)^{r+1}"
        r"\mathbf C^\top\mathbf B^\top(\mathbf A^\top)^{i-r-1}\right)$",
        kind="identity",
        expect="refuted",
        erratum="Inherits (E.81)'s factor: with GF's A', Tr(A^T A') is twice the printed sum (SymPy, d = 1, k = 2). "
        "The step itself (multiplying (E.81) by A^T and taking the trace) is right: Tr(A^T (E.81)) equals the printed sum "
        "(proved in the same check).",
    ),
    Step(
        "(E.83)-(E.85)",
        r"$\mathrm{Tr}((\mathbf A^\top)^{r+1}\mathbf C^\top\mathbf B^\top(\mathbf A^\top)^{i-r-1})=\mathrm{Tr}(\mathbf B^\top(\mathbf A^\top)^i"
        r"\mathbf C^\top)=\mathrm{Tr}(\mathbf{CA}^i\mathbf B)=\mathbf{CA}^i\mathbf B$",
        kind="identity",
    ),
    Step(
        "(E.86)",
        r"$\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})=-\sum_{i=1}^{k-1}\nabla\ell_i\sum_{r=0}^{i-1}\mathbf{CA}^i\mathbf B=-\sum_{i=1}^{k-1}"
        r"\nabla\ell_i\cdot i\cdot\mathbf{CA}^i\mathbf B$",
        kind="identity",
        expect="refuted",
        erratum="Inherits (E.81)'s factor: with GF's A', Tr(A^T A') = -2 sum_i i grad l_i C A^i B (SymPy, d = 1, "
        "k = 2); the two printed right-hand sides agree with each other and with Tr(A^T (E.81)).",
    ),
    Step(
        "(E.87)",
        r"$\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})\le\sum_{i=1}^{k-1}|\nabla\ell_i|\cdot i\cdot\|\mathbf{CA}^i\mathbf B\|$",
        kind="inequality",
        expect="refuted",
        erratum="With GF's A' (twice (E.81)), Tr(A^T A') = -2 sum_i i grad l_i C A^i B, and the bound is tight once C A^i B and w_i share a sign: along the flow k = 3 (d = 21, w_j = 2^-j, eps = 1e-4, the printed horizon ln(1/eps^0.5)/(2 w0), least admissible M1, M2), max_t Tr(A^T A') / sum_i |grad l_i| i |C A^i B| = 2.000. What holds: Tr(A^T A') <= 2 sum_i |grad l_i| i |C A^i B|. (E.89) and (E.91) still hold on the same flow (max ratios 0.11 and below 1): (E.88)'s Cauchy-Schwarz is loose.",
    ),
    Step(
        "(E.88)",
        r"$|\nabla\ell_i|\cdot i\cdot\|\mathbf{CA}^i\mathbf B\|\le M\cdot i\cdot\|\mathbf C\|\|\mathbf A\|_F^i\|\mathbf B\|\le M\cdot i\cdot M_1^2"
        r"\epsilon^{1.5}\|\mathbf A\|_F^i$",
        kind="inequality",
    ),
    Step(
        "(E.89)",
        r"$\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})\le\sum_{i=1}^{k-1}M\cdot i\cdot M_1^2\epsilon^{1.5}\|\mathbf A\|_F^i=M\cdot M_1^2"
        r"\epsilon^{1.5}\sum_{i=1}^{k-1}i\cdot\|\mathbf A\|_F^i$",
        kind="inequality",
    ),
    Step(
        "(E.90)",
        r"$\sum_{i=1}^{k-1}i\|\mathbf A\|_F^i<\|\mathbf A\|_F\frac{k(k-1)}2<\frac{k^2}2\|\mathbf A\|_F$",
        kind="constant",
        expect="refuted",
        erratum="The first '<' fails at k <= 2: at k = 2 both sides are ||A||_F (exact, ||A||_F = 1/50), at k = 1 both are "
        "0. For k >= 3 and 0 < ||A||_F < 1 it holds; '<=' holds for every k.",
    ),
    Step(
        "(E.91)",
        r"$\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})<\tilde M_2\epsilon^{1.5}\|\mathbf A\|_F$",
        kind="inequality",
    ),
    Step(
        "(E.92)",
        r"$\|\mathbf A\|_F\cdot\frac{d}{dt}(\|\mathbf A\|_F)=0.5\frac{d}{dt}(\|\mathbf A\|_F^2)=\mathrm{Tr}(\mathbf A^\top\dot{\mathbf A})$",
        kind="identity",
    ),
    Step(
        "(E.93)",
        r"$\Rightarrow\|\mathbf A\|_F\cdot\frac{d}{dt}(\|\mathbf A\|_F)<\tilde M_2\epsilon^{1.5}\|\mathbf A\|_F$",
        kind="inequality",
    ),
    Step("(E.94)", r"$\Rightarrow\frac{d}{dt}(\|\mathbf A\|_F)<\tilde M_2\epsilon^{1.5}$", kind="inequality"),
    Step(
        "(E.95)",
        r"$\|\mathbf A(s)\|_F-\|\mathbf A(0)\|_F=\int_0^s\frac{d}{dt}(\|\mathbf A(t)\|_F)dt<\tilde M_2\epsilon^{1.5}s$",
        kind="inequality",
    ),
    Step(
        "(E.96)",
        r"$\Rightarrow\|\mathbf A(s)\|_F<\tilde M_2\epsilon^{1.5}\ln\left(\frac1{\epsilon^{0.5}}\right)+\|\mathbf A(0)\|_F$",
        kind="inequality",
    ),
    Step(
        "(E.97)",
        r"$\tilde M_2\epsilon^{1.5}\ln\left(\frac1{\epsilon^{0.5}}\right)\le\tilde M_2\epsilon^{1.5}\epsilon^{-0.5}=\tilde M_2\epsilon$",
        kind="constant",
    ),
    Step("(E.98)", r"$\|\mathbf A(s)\|_F<\tilde M_2\epsilon+2\epsilon$", kind="inequality"),
    Step(
        "(E.99)",
        r"$\|\mathbf A(t)\|_F<M_2\epsilon$ (taking $M_2=\tilde M_2+2$, for all $0\le t\le\bar t$)",
        kind="inequality",
    ),
)
E13_STEPS = E13_STEPS + E13_PROOF_STEPS

E14_STEPS = (
    Step(
        "(E.104)",
        r"$\dot{\mathbf Y}=\nabla\ell_0\mathbf Y+\sum_{i=1}^{k-1}\nabla\ell_i((\mathbf A^i)_S\mathbf Y-(\mathbf A^i)_{\bar S}\mathbf W)$",
        kind="identity",
        expect="refuted",
        erratum="Inherits (E.101)/(E.102)'s missing factor 2 (E.9): GF of (3.4) has Y' = 2 [grad l_0 Y + sum_i grad l_i "
        "((A^i)_S Y - (A^i)_Sbar W)] (SymPy, d = 1, k = 2: GF's Y' minus (E.104) equals (E.104)); the "
        "rearrangement of (E.102) by (E.103) itself is right (proved in the same check).",
    ),
    Step(
        "(E.105)",
        r"$\mathbf Y^\top\dot{\mathbf Y}=\nabla\ell_0\mathbf Y^\top\mathbf Y+\sum_{i=1}^{k-1}\nabla\ell_i(\mathbf Y^\top(\mathbf A^i)_S\mathbf Y"
        r"-\mathbf Y^\top(\mathbf A^i)_{\bar S}\mathbf W)$",
        kind="identity",
        expect="refuted",
        erratum="Inherits (E.104)'s factor: with GF's Y', Y^T Y' is twice the printed right side (SymPy, d = 1, "
        "k = 2); Y^T (E.104) equals the printed right side (proved in the same check).",
    ),
    Step(
        "(E.106)",
        r"$\mathbf Y^\top\dot{\mathbf Y}\le\nabla\ell_0\mathbf Y^\top\mathbf Y+\sum_{i=1}^{k-1}|\nabla\ell_i|(|\mathbf Y^\top(\mathbf A^i)_S"
        r"\mathbf Y|+|\mathbf Y^\top(\mathbf A^i)_{\bar S}\mathbf W|)$",
        kind="inequality",
    ),
    Step(
        "(E.107)",
        r"$\|\mathbf Y\|,\|\mathbf W\|\le\|\mathbf C\|+\|\mathbf B\|\le2M_1\epsilon^{0.75}$",
        kind="inequality",
    ),
    Step(
        "(E.108)",
        r"$\|(\mathbf A^i)_S\|_F=\left\|\frac{\mathbf A^i+(\mathbf A^i)^\top}2\right\|_F\le\frac12(\|\mathbf A^i\|_F+\|(\mathbf A^i)^\top\|_F)"
        r"=\|\mathbf A^i\|_F\le\|\mathbf A\|_F^i$",
        kind="inequality",
    ),
    Step(
        "(E.109)",
        r"$|\mathbf Y^\top(\mathbf A^i)_{\bar S}\mathbf W|\le2M_1\epsilon^{0.75}(M_2\epsilon)^i2M_1\epsilon^{0.75}<4M_3^3\epsilon^{1.5+i}$",
        kind="constant",
        expect="refuted",
        erratum="The last link 4 M1^2 M2^i eps^(1.5+i) < 4 M3^3 eps^(1.5+i) (M3 = max{M1, M2}) fails for i >= 2 whenever "
        "M1^2 M2^i > M3^3, e.g. M1 = M2 = M3 = 3 (admissible: 2 < M2 < 1/eps, M1 > 4 eps^0.25 at eps = 1/100), i = 2: "
        "324 > 108 (exact); at i = 1 it is M1^2 M2 <= M3^3 ('<=', equality at M1 = M2). What holds: M1^2 M2^i eps^i <= "
        "M3^3 eps for i >= 1 (M2 eps < 1), i.e. |Y^T (A^i)_Sbar W| <= 4 M3^3 eps^2.5, which is what (E.110) uses.",
    ),
    Step(
        "(E.110)",
        r"$|\nabla\ell_i|(|\mathbf Y^\top(\mathbf A^i)_S\mathbf Y|+|\mathbf Y^\top(\mathbf A^i)_S\mathbf W|)\le8\cdot M\cdot M_3^3\epsilon^{2.5}$",
        kind="inequality",
        notes="The second term is printed with (A^i)_S where (E.106) has (A^i)_Sbar; checked with both.",
    ),
    Step(
        "(E.111)",
        r"$\mathbf Y^\top\dot{\mathbf Y}\le\nabla\ell_0\mathbf Y^\top\mathbf Y+\sum_{i=1}^{k-1}8\cdot M\cdot M_3^3\epsilon^{2.5}$",
        kind="inequality",
    ),
    Step(
        "(E.112)",
        r"$\nabla\ell_0\mathbf Y^\top\mathbf Y\le-w_0\mathbf Y^\top\mathbf Y+\underbrace{M_1^2\epsilon^{1.5}(M_21\epsilon^{0.75})^2}_{=4M_1^4\epsilon^3}$",
        kind="inequality",
        notes="The underbraced factor is printed (M_2 1 eps^0.75)^2, read as (2 M1 eps^0.75)^2 (the bound (E.107) on ||Y||), "
        "which is what gives the printed 4 M1^4 eps^3.",
    ),
    Step(
        "(E.113)",
        r"$\mathbf Y^\top\dot{\mathbf Y}\le-w_0\mathbf Y^\top\mathbf Y+4M_1^4\epsilon^3+(k-1)(M_1+1)8\cdot M\cdot M_3^3\epsilon^{2.5}$",
        kind="inequality",
    ),
    Step(
        "(E.114)",
        r"$\mathbf Y^\top\dot{\mathbf Y}\le-w_0\mathbf Y^\top\mathbf Y+M_4\epsilon^{2.5}$",
        kind="inequality",
    ),
    Step(
        "(E.115)",
        r"$\frac{d}{dt}(\mathbf Y^\top\mathbf Y)\le-2w_0\mathbf Y^\top\mathbf Y+M_4\epsilon^{2.5}$",
        kind="inequality",
        notes="Doubling (E.114) gives 2 M4 eps^2.5, not M4 eps^2.5 (harmless: M4 is any constant that works). Checked along "
        "the flow with (E.113)'s M4.",
    ),
    Step(
        "(E.116), Lemma E.15 invoked",
        r"Denoting $z(t)\equiv\mathbf Y(t)^\top\mathbf Y(t)$ and $x(t)\equiv\mathbf W(t)^\top\mathbf W(t)$, and using Lemma E.15",
        kind="invocation",
        expect="refuted",
        erratum="Lemma E.15 assumes M4 eps^2.5 < w0 eps^2/2 (its proof's standing assumption, encoded as its hypothesis); (E.113) gives M4 >= 8(k-1)(M1+1) M M3^3 with M3 >= M2 > 2, so the invocation needs eps^0.5 < w0/(2 M4), and on the printed horizon M1 grows like eps^-0.25 (lemma-E.13's erratum), so M4 eps^0.5 grows like eps^-0.5: the hypothesis fails for every small eps. Discharged along the flows (d = 21, w_j = 2^-j, least admissible M1, M2): k = 3, eps = 1e-4: M4 = 5.81e4, M4 eps^2.5 = 5.8e-6 > w0 eps^2/2 = 5e-9; eps = 1e-6: M4 = 5.34e6, 5.3e-9 > 5e-13. What would hold: Lemma E.15 without the standing assumption's smallness (its comparison argument needs only 2 w0 z > M4 eps^2.5 along the way), or the half-length horizon of lemma-E.13:corrected with eps small enough.",
    ),
    Step(
        "(E.116)",
        r"$z(t)\le\frac1{2w_0}[(33w_0d\epsilon^2)e^{-2w_0t}+M_4\epsilon^{2.5}]$",
        kind="inequality",
    ),
    Step(
        "(E.116) vs (E.119)",
        r"(E.116)'s $33w_0d\epsilon^2$ against Lemma E.15's (E.119) $75w_0d\epsilon^2$",
        kind="restatement",
        expect="refuted",
        erratum="(E.116) is obtained 'using Lemma E.15', whose (E.119) has 75 w0 d eps^2 where (E.116) prints 33 w0 d eps^2: "
        "the lemma does not give the printed constant. (E.116) itself holds along the flows (z(0) < 4.5 eps^2 and z decays); "
        "with 75 it is what Lemma E.15 states.",
    ),
    Step(
        "(E.117)",
        r"$z(t)\le c_1\epsilon^2e^{-2w_0t}+c_2\epsilon^{2.5}$",
        kind="identity",
        notes="c1 = 33 d / 2, c2 = M4 / (2 w0): (E.116) rewritten (SymPy).",
    ),
    Step(
        "(E.118)",
        r"$x(t)\ge c_3\epsilon^2e^{2w_0t}-c_4\epsilon^{2.5}$ (where $c_i$'s are positive constants)",
        kind="inequality",
        notes="Checked with c3 = 1/(50 d) (Lemma E.15's (E.120)) and c4 = M4/(2 w0).",
    ),
)
declare(
    "rnn-lowdim/lemma-E.13",
    ("rnn-lowdim/lemma-E.10", "rnn-lowdim/lemma-E.7", "rnn-lowdim/lemma-E.4"),
    steps=E13_STEPS,
    params=(D_E13, K_LEN, SEED),
    hypotheses=(D_GT_20,),
    notes="Proof steps (issue 19): the proof breaks at (E.76), where e^(4kM ln(1/eps^0.5)) = eps^(-2kM) is replaced by "
    "e^(4kM)/eps^0.5; what (E.75) gives is |gamma| < 16 eps^(2-2kM), no eps-independent M1 -- the statement's failure on the "
    "printed horizon. Every display with a velocity (E.58), (E.81) and what follows inherits E.4's missing factor 2 (harmless "
    "for k >= 3 in (E.67)-(E.71), not at k = 1).",
)
declare(
    "rnn-lowdim/lemma-E.13:corrected",
    ("rnn-lowdim/lemma-E.10", "rnn-lowdim/lemma-E.7", "rnn-lowdim/lemma-E.4"),
    params=(D_E13, K_LEN, SEED),
    hypotheses=(D_GT_20,),
    notes="uses: the printed proof of Lemma E.13, run on the half-length interval.",
)
declare(
    "rnn-lowdim/lemma-E.14",
    ("rnn-lowdim/lemma-E.4", "rnn-lowdim/lemma-E.13", "rnn-lowdim/lemma-E.15", "rnn-lowdim/lemma-E.10"),
    steps=(
        Step(
            "(E.100) vs (E.46)",
            r"$\mathbf Y\equiv\mathbf C^\top-\mathbf B,\ \mathbf W\equiv\mathbf C^\top+\mathbf B$ (E.100) against "
            r"$\mathbf Y=\mathbf B-\mathbf C^\top,\ \mathbf W=\mathbf B+\mathbf C^\top$ (E.46)",
            kind="restatement",
            expect="refuted",
            erratum="(E.100) defines Y with the opposite sign of (E.46) (C^T - B against B - C^T). Harmless: the proofs use "
            "Y^T Y and the statements ||Y||, which do not see the sign.",
        ),
        Step(
            "(E.101)",
            r"$\frac{\partial\mathcal L}{\partial\mathbf B}=\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i\mathbf C^\top,\quad"
            r"\frac{\partial\mathcal L}{\partial\mathbf C}=\mathbf B^\top\sum_{i=0}^{k-1}\nabla\ell_i(\mathbf A^\top)^i$",
            kind="identity",
            expect="refuted",
            erratum="(E.9), (E.10) recalled with their missing factor 2 (lemma-E.4's erratum): SymPy at d = 1, k = 2, the "
            "derivatives of (3.4) are twice the printed sums.",
        ),
        Step(
            "(E.102)",
            r"$\dot{\mathbf Y}=\dot{\mathbf C}^\top-\dot{\mathbf B}=-\sum_{i=0}^{k-1}\nabla\ell_i\mathbf A^i\mathbf B+\sum_{i=0}^{k-1}"
            r"\nabla\ell_i(\mathbf A^\top)^i\mathbf C^\top=\sum_{i=0}^{k-1}\nabla\ell_i((\mathbf A^\top)^i\mathbf C^\top-\mathbf A^i\mathbf B)$",
            kind="identity",
            expect="refuted",
            erratum="Inherits (E.101)'s factor: GF's Y' = C'^T - B' is twice the printed sums (SymPy, d = 1, k = 2); the "
            "rearrangement between the printed sums is right (proved in the same check, generic 2x2 A).",
        ),
        Step(
            "(E.103)",
            r"$(\mathbf A^\top)^i\mathbf C^\top-\mathbf A^i\mathbf B=(\mathbf A^i)_S\mathbf Y-(\mathbf A^i)_{\bar S}\mathbf W$",
            kind="identity",
        ),
    )
    + E14_STEPS,
)
declare("rnn-lowdim/claim-E.14-negative-w0", ("rnn-lowdim/lemma-E.14",))
declare(
    "rnn-lowdim/lemma-E.15",
    ("rnn-lowdim/lemma-E.10",),
    steps=(
        Step("(E.121)", r"$\frac{\dot z}{2w_0z-M_4\epsilon^{2.5}}<-1$", kind="inequality"),
        Step("(E.122)", r"$\frac{\dot x}{2w_0x-M_4\epsilon^{2.5}}>1$", kind="inequality"),
        Step(
            "(E.123)",
            r"$-t_1=\int_0^{t_1}-1>\int_0^{t_1}\frac1{2w_0z-M_4\epsilon^{2.5}}\frac{dz}{dt}dt=\int_{z(0)}^{z(t_1)}\frac1"
            r"{2w_0z-M_4\epsilon^{2.5}}dz$",
            kind="inequality",
        ),
        Step(
            "(E.124)",
            r"$t_2=\int_0^{t_2}1<\int_0^{t_2}\frac1{2w_0x-M_4\epsilon^{2.5}}\frac{dx}{dt}dt=\int_{x(0)}^{x(t_2)}\frac1"
            r"{2w_0x-M_4\epsilon^{2.5}}dx$",
            kind="inequality",
        ),
        Step(
            "(E.126)-(E.127)",
            r"$\int_{z(0)}^{z(t_1)}\frac{dz}{2w_0z-M_4\epsilon^{2.5}}=\frac1{2w_0}\left[\ln\left(\frac{2w_0z(t_1)-M_4\epsilon^{2.5}}"
            r"{2w_0z(0)-M_4\epsilon^{2.5}}\right)\right]$ (and the same for $x$)",
            kind="identity",
        ),
        Step(
            "(E.128)-(E.132)",
            r"$\frac1{2w_0}\left[\ln\left(\frac{2w_0z(t_1)-M_4\epsilon^{2.5}}{2w_0z(0)-M_4\epsilon^{2.5}}\right)\right]<-t_1"
            r"\Rightarrow\dots\Rightarrow z(t_1)<\frac1{2w_0}[\exp(-2w_0t_1)\cdot(2w_0z(0)-M_4\epsilon^{2.5})+M_4\epsilon^{2.5}]$",
            kind="inequality",
            notes="Five displays, (E.128)-(E.132), each checked on its own along the comparison functions.",
        ),
        Step(
            "(E.133)",
            r"$x(t_2)>\frac1{2w_0}[\exp(2w_0t_2)\cdot(2w_0x(0)-M_4\epsilon^{2.5})+M_4\epsilon^{2.5}]$",
            kind="inequality",
        ),
        Step(
            "(E.134)",
            r"$\frac{\sqrt2}2\epsilon<\|\mathbf Y(0)\|<\frac{3\sqrt2}2\epsilon$ (by Lemma E.10, $\mathbf Y(0)$'s entries "
            r"$\mathcal N(0,\sqrt2\cdot\epsilon)$)",
            kind="probability",
            notes="Read as Lemma E.10 at scale sqrt(2) eps (entries of C - B with variance 2 eps^2/d): the event has "
            "probability >= 1 - 2 exp(-9d/64), the chi-square tails in arb balls.",
        ),
        Step(
            "(E.125)",
            r"$\int_{z(0)}^{z(t_1)}\frac1{2w_0z-M_4\epsilon^{2.5}}dz=\frac1{2w_0}[\ln(2w_0z(t_1)-M_4\epsilon^{2.5})-\ln(2w_0z(0)-M_4\epsilon^{2.5})]$",
            kind="identity",
        ),
        Step(
            "(E.135)",
            r"$z(t_1)<\frac1{2w_0}(\exp(-2w_0t_1)\cdot(6w_0\epsilon^2)+M_4\epsilon^{2.5})$",
            kind="inequality",
            expect="refuted",
            erratum="(E.134) allows ||Y(0)||^2 = z(0) up to 9 eps^2/2, so (E.132) gives 2 w0 z(0) - M4 eps^2.5 < 9 w0 eps^2, not "
            "6 w0 eps^2. Counterexample (exact, t1 = 0): z(0) = 4 eps^2 (inside (E.134)), eps = 1/100, w0 = 1, M4 = 1: "
            "(E.135)'s right side is 3 eps^2 + eps^2.5/2 < z(0). What holds: 9 w0 eps^2 in place of 6 w0 eps^2 ((E.119)'s "
            "75 w0 d eps^2 covers it).",
        ),
        Step(
            "(E.136)",
            r"$x(t_2)>\frac1{2w_0}(\exp(2w_0t_2)\cdot(w_0\epsilon^2)+M_4\epsilon^{2.5})$",
            kind="inequality",
            expect="refuted",
            erratum="(E.133) needs 2 w0 x(0) - M4 eps^2.5 >= w0 eps^2, which x(0) > eps^2/2 (from (E.134) for W) does not give "
            "once M4 > 0. Counterexample (exact, t2 = 0): x(0) = eps^2/2 + eps^2.5/(4 w0) (inside the range), eps = 1/100, w0 = "
            "1, M4 = 1: (E.136)'s right side is eps^2/2 + eps^2.5/2 > x(0). (E.120)'s w0 eps^2/(25 d) is what holds.",
        ),
    ),
    params=(E15_D, W0, EPS_INIT, M4, T1, Z0, X0, SEED),
    hypotheses=(E15_STANDING,),
    edges=(
        {"w0": 1.0, "eps": 1e-2, "M4": 0.0, "t": 0.0, "z0": 4.5, "x0": 0.500001},
        {"w0": 1.0, "eps": 1e-2, "M4": 4.99, "t": 0.0, "z0": 4.5, "x0": 0.500001},
        {"w0": 1e-3, "eps": 1.0, "M4": 0.0, "t": 1e3, "z0": 4.5, "x0": 0.500001, "d": 1},
        {"w0": 1e3, "eps": 1e-8, "M4": 1e6, "t": 1e3, "z0": 0.5, "x0": 4.5, "d": 24},
    ),
)
