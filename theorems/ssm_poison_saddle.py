"""ssm-poison, App. D.3.2-D.3.7: the saddle s of the poisoned loss (27), the Hessian there, the
linearisation (Sell's theorem), and the dynamics lemmas (approach to s, escape, PL convergence,
divergence from the reference trajectory).

Shared encodings of the setting (the objective (27), its residuals and ``g_{d,L}``) are imported
from ``theorems.ssm_poison``; this module adds, as printed: the Hessian entries, omega_1,
omega_2, lambda_pm of Lemma 8, the functions f, f', f'' of Lemma 7, the auxiliary functions of
the monotonicity arguments (Lemmas 6, 7, 9, 12), Definitions 6-8 as predicates, the PL
coefficient of Lemma 18, t_3 of Lemma 19, the I_5 bound of Definition 12 and the bound of
Proposition 16. Throughout ``w2 = P/m`` (the objective depends on the data only through it).

The proofs (issue 19): :data:`USES` declares what each printed proof invokes (a citation that names the wrong
result keeps the printed name, the result actually used is added, :data:`USES_NOTES` says why) and :data:`STEPS`
holds the load-bearing displays as printed, with an erratum where one is false; the printed displays the step
checks compare are encoded here too (``lemma8_*_lines``, ``gamma_*_printed``, ``prop16_final_printed``, ...). The
local :func:`statement` fills both in. The domain search (issue 18): the parameters a statement quantifies over are
exposed (the point ``a`` of Lemma 6, I_0's ``zeta_2``/``zeta_d``, ``Q``, Lemma 18's point, Corollary 3's point of the
cube) and each statement with a margin declares its ``edges``.
"""

from __future__ import annotations

import functools
import itertools
import math

import sympy as sp

from .registry import Hypothesis, Param, Step, src
from .registry import statement as _statement
from .ssm_poison import INVOCATION_EQ

a_sym = sp.Symbol("a", real=True)
s_sym = sp.Symbol("s", positive=True)
w_sym = sp.Symbol("w2", positive=True)  # P/m
d_sym = sp.Symbol("d", positive=True, integer=True)
L_sym = sp.Symbol("L", positive=True, integer=True)


# ---------------------------------------------------------------------------------------
# Encodings (as printed)
# ---------------------------------------------------------------------------------------
def printed_gradient_entry(a, j, L, w=w_sym):
    """(28)/(29) as printed in Lemma 4's proof: ``2P/m ((L-1)(sum a^{L-1} - 1) a_j^{L-2} + (sum a - 1))``."""
    return 2 * w * ((L - 1) * (sum(x ** (L - 1) for x in a) - 1) * a[j] ** (L - 2) + (sum(a) - 1))


def printed_hessian(a, L, w=w_sym) -> sp.Matrix:
    """Lemma 8's proof: the general Hessian entries as printed."""
    d = len(a)

    def entry(i, j):
        if i == j:
            return (
                2
                * w
                * (
                    (L - 1)
                    * (
                        (2 * L - 3) * a[j] ** (2 * L - 4)
                        + (L - 2) * sum(a[k] ** (L - 1) for k in range(d) if k != j) * a[j] ** (L - 3)
                        - (L - 2) * a[j] ** (L - 3)
                    )
                    + 1
                )
            )
        return 2 * w * ((L - 1) ** 2 * a[i] ** (L - 2) * a[j] ** (L - 2) + 1)

    return sp.Matrix(d, d, entry)


def omega1(s, d, L, w=w_sym):
    return 2 * w * ((L - 1) * ((L - 1 + L * d - 2 * d) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3)) + 1)


def omega2(s, d, L, w=w_sym):
    return 2 * w * ((L - 1) ** 2 * s ** (2 * L - 4) + 1)


def lambda_plus(s, d, L, w=w_sym):
    """Lemma 8: ``2P/m ((L-1)((2L-3) d s^{L-1} - (L-2)) s^{L-3} + d)``."""
    return 2 * w * ((L - 1) * ((2 * L - 3) * d * s ** (L - 1) - (L - 2)) * s ** (L - 3) + d)


def lambda_minus(s, d, L, w=w_sym):
    """Lemma 8: ``2P/m (L-1)(L-2)(d s^{L-1} - 1) s^{L-3}``."""
    return 2 * w * ((L - 1) * (L - 2) * (d * s ** (L - 1) - 1) * s ** (L - 3))


def f_w1(a, d, L, w=w_sym):
    """Lemma 7: ``f(a) = P/m ((1 - d a^{L-1})^2 + (1 - d a)^2)``."""
    return w * ((1 - d * a ** (L - 1)) ** 2 + (1 - d * a) ** 2)


def f_prime_printed(a, d, L, w=w_sym):
    return 2 * w * d * ((L - 1) * (d * a ** (L - 1) - 1) * a ** (L - 2) + (d * a - 1))


def f_second_printed(a, d, L, w=w_sym):
    return 2 * w * d * ((L - 1) * (2 * L - 3) * d * a ** (2 * L - 4) - (L - 1) * (L - 2) * a ** (L - 3) + d)


def w1_flow_printed(a, d, L, w=w_sym):
    """Lemma 12: ``a' = 2P/m ((L-1)(1 - d a^{L-1}) a^{L-2} + (1 - d a))``."""
    return 2 * w * ((L - 1) * (1 - d * a ** (L - 1)) * a ** (L - 2) + (1 - d * a))


# The auxiliary functions of the monotonicity arguments, as printed (exact rationals).
def lemma6_f(L):
    return sp.Rational(L - 1, 8 ** (L - 2))


def lemma7_h(L):
    return sp.Rational(L - 1, 2 ** (L - 2)) * sp.Rational(3, 4) ** (L - 2)


def lemma7_g(L):
    return sp.Rational((L - 1) * (L - 2), 2 ** (L - 3)) * sp.Rational(3, 4) ** (L - 3)


def lemma9_f(L):
    return -lemma7_g(L)


def lemma12_h(L):
    return sp.Rational(L - 1) / sp.Rational(3, 2) ** (L - 2) * (4 / sp.Rational(16, 3)) ** (L - 2)


# Printed values and thresholds of the monotonicity arguments (as printed; the checks compare with these)
LEMMA6_F_AT_3 = sp.Rational(1, 4)  # Lemma 6: f(3) = 1/4
LEMMA7_H_AT_3 = sp.Rational(3, 4)  # Lemma 7: h(3) = 3/4
LEMMA7_G_AT_4 = sp.Rational(9, 4)  # Lemma 7: g(4) = 9/4
LEMMA9_THRESHOLD = sp.Rational(6, 10)  # Lemma 9: f(L) > -0.6 and g(L) < 0.6 for L >= 7
LEMMA12_H_AT_4 = sp.Rational(3, 4)  # Lemma 12: h(4) = 0.75
LEMMA12_G_BOUND = sp.Rational(15, 8)  # Lemma 12: "h(4) = 15/8" (the bound -d + 15/8)


def lemma12_g(L):
    return sp.Rational((L - 1) * (L - 2)) / sp.Rational(3, 2) ** (L - 2) * (4 / sp.Rational(16, 3)) ** (L - 3)


# Definitions 6-8 as predicates on a list of real eigenvalues (with multiplicity).
def strictly_hyperbolic(eigs) -> bool:
    return all(e != 0 for e in eigs) and any(e > 0 for e in eigs) and any(e < 0 for e in eigs)


def resonance_multi_indices(d: int, N: int, positive: bool):
    """Definition 7's multi-indices: ``m`` in ``N_{>0}^d`` (as printed, ``positive``) or
    ``N_{>=0}^d`` (the proof's and Sell's reading), with ``sum m in {2..N}``."""
    lo = 1 if positive else 0
    for total in range(2, N + 1):
        for m in itertools.product(range(lo, total + 1), repeat=d):
            if sum(m) == total:
                yield m


def nonresonant(eigs, N: int, positive: bool) -> bool:
    """Definition 7 for exact eigenvalues (SymPy numbers)."""
    d = len(eigs)
    for m in resonance_multi_indices(d, N, positive):
        combo = sum(mk * lk for mk, lk in zip(m, eigs))
        if any(sp.simplify(lj - combo) == 0 for lj in eigs):
            return False
    return True


def q_smoothness(Q: int, rho_plus, rho_minus, strict_first: bool = False):
    """Definition 8: the largest K >= 0 with M, N >= 1, Q = M + N, M - K rho_+ >= 0 and
    N - K rho_- >= 0 (``strict_first``: ``M - K > 0`` as Proposition 7's proof writes it).
    None when no (M, N) is admissible for any K (Q = 1)."""
    best = None
    for M in range(1, Q):
        N = Q - M
        K = 0
        while (M - (K + 1) * rho_plus > 0 if strict_first else M - (K + 1) * rho_plus >= 0) and N - (
            K + 1
        ) * rho_minus >= 0:
            K += 1
        if (M - K * rho_plus > 0 if strict_first else True) and N - K * rho_minus >= 0:
            best = K if best is None else max(best, K)
    return best


def pl_coefficient_printed(b, d, L, hat_over_tilde: bool = True):
    """Lemma 18's statement: ``1/2 min{2d, ((L-1) b~)^2/4, (b^/(b~+2))^2}`` with
    ``b~ = (b/2)^{L-2}``, ``b^ = (b/6)^{L-2}`` (``hat_over_tilde``: the statement's ``b~ + 2``;
    else the proof's ``b^ + 2``)."""
    bt, bh = (b / 2) ** (L - 2), (b / 6) ** (L - 2)
    third = (bh / ((bt if hat_over_tilde else bh) + 2)) ** 2
    return sp.Rational(1, 2) * sp.Min(2 * d, ((L - 1) * bt) ** 2 / 4, third)


def pl_coefficient_corrected(b, d, L, w):
    """Lemma 18 (corrected): the proof's argument with the factor kept, ``(2P/m) mu``."""
    return 2 * w * pl_coefficient_printed(b, d, L)


def lemma9_lambda_plus_floor(d, w=w_sym):
    """Lemma 9: ``lambda_+ >= 2P(d-1)/m``."""
    return 2 * w * (d - 1)


def lemma9_lambda_minus_range(w=w_sym):
    """Lemma 9: ``lambda_- in (-2P/m, 0)`` (open ends)."""
    return (-2 * w, 0)


def smoothness_order(d):
    """Proposition 8's proof: the linearisation is ``C^{floor((d-2)/2)}``, at least ``C^3`` for d >= 8."""
    return (d - 2) // 2


PROP8_SMOOTHNESS = 3
LEMMA7_LOSS_FLOOR = sp.Rational(1, 4)  # Lemma 7: l(s) >= P/(4m)


def t3_printed(eta, w, mu2, lam_m, Gp, r3, d, alpha, Dm, Dp):
    """Lemma 19's t_3 as printed (with ``sqrt(d alpha)`` as rendered)."""
    return (
        -sp.log(eta / (2 * w)) / (2 * mu2)
        - sp.log(Gp**2 * r3 / (2 * sp.sqrt(d * alpha) * Dm)) / lam_m
        + sp.log(r3 / (4 * Gp**2 * sp.sqrt(d * alpha) * Dp)) / lam_m
    )


def i5_bound(delta, Gp, r3, d, Dm, N, t1, t3, alpha):
    """Definition 12: ``(1 - zeta_2) <= delta / ((G'^2 r3 / (2 sqrt d D_-))^2 exp(N (t1 + t3))) alpha``."""
    return delta / ((Gp**2 * r3 / (2 * sp.sqrt(d) * Dm)) ** 2 * sp.exp(N * (t1 + t3))) * alpha


def prop16_bound(alpha, zeta2, Gp, r3, d, Dm, N, t1, t3):
    """Proposition 16's final bound: ``alpha (1-zeta_2) (G'^2 r3/(2 sqrt d alpha D_-))^2 exp(N (t1 + t3))``."""
    return alpha * (1 - zeta2) * (Gp**2 * r3 / (2 * sp.sqrt(d) * alpha * Dm)) ** 2 * sp.exp(N * (t1 + t3))


def claim10_constant(d, L):
    """The D.3 conclusion's printed constant ``(1/2) min{0.1, (1 - 0.6^{1/(L-1)})/(9d)}`` (claim-10)."""
    from .ssm_poison import gen_lower_bound

    return sp.Rational(1, 2) * gen_lower_bound(d, L)


def lipschitz_bound(d, L, w):
    """An explicit Lipschitz constant of ``grad l`` on [-3,3]^d (catalog §0.5 item 8, verified in
    the checks): the Gershgorin row bound of the printed Hessian entries with |a_j| <= 3."""
    diag = (L - 1) * (
        (2 * L - 3) * 3 ** (2 * L - 4) + (L - 2) * (d - 1) * 3 ** (2 * L - 4) + (L - 2) * 3 ** (L - 3)
    ) + 1
    off = (L - 1) ** 2 * 3 ** (2 * L - 4) + 1
    return 2 * w * (diag + (d - 1) * off)


# ---------------------------------------------------------------------------------------
# Printed displays of the proofs (issue 19): the encodings the step checks compare
# ---------------------------------------------------------------------------------------
def lemma4_power_printed(a, j, L):
    """Lemma 4's proof: ``a_j^{L-2} = (1 - sum a) / ((L-1)(sum a^{L-1} - 1))``."""
    return (1 - sum(a)) / ((L - 1) * (sum(x ** (L - 1) for x in a) - 1))


def lemma6_gradient_printed(a, d, L, w=w_sym):
    """Lemma 6's proof, case a in [-1/d, 0], as printed: ``2P/m ((L-1)(d a^{L-1}) a^{L-2} + (d a - 1))``."""
    return 2 * w * ((L - 1) * (d * a ** (L - 1)) * a ** (L - 2) + (d * a - 1))


def lemma6_interval_printed(d, L):
    """Lemma 6's proof: ``(L-1)(d a^{L-1} - 1) a^{L-2} in (0, (L-1)/d^{L-2})`` (open) for a in [-1/d, 0]."""
    return (0, sp.Rational(L - 1) / sp.Integer(d) ** (L - 2))


LEMMA6_F_BOUND = sp.Rational(1, 4)  # Lemma 6: f(L) <= 0.25, so grad <= 2P/m (0.25 - 1) < 0
LEMMA7_F_PRIME_AT_0 = lambda d, w=w_sym: -2 * w * d  # noqa: E731  Lemma 7: f'(0) = -2Pd/m
LEMMA7_H_BOUND = 1  # Lemma 7: h(L) <= 1, so f'(3/d) >= 2Pd/m (2 - 1)
LEMMA7_G_BOUND = sp.Rational(9, 4)  # Lemma 7: g(L) <= 2.25, so f'' >= 2Pd/m (d - 2.25)
LEMMA7_RESIDUAL_FLOOR = sp.Rational(1, 2)  # Lemma 7: 1 - d s^{L-1} >= 1 - 3 (3/8)^2 >= 1/2


def lemma7_residual_chain(d, L):
    """Lemma 7's proof: ``1 - d (3/d)^{L-1} = 1 - 3 (3/d)^{L-2} >= 1 - 3 (3/8)^2`` (the three terms)."""
    return (1 - d * sp.Rational(3, d) ** (L - 1), 1 - 3 * sp.Rational(3, d) ** (L - 2), 1 - 3 * sp.Rational(3, 8) ** 2)


def lemma9_chain_printed(d, L):
    """Lemma 9's proof, as printed: ``-1 <= d s^{L-1} - 1 <= 3 (3/d)^{L-2} - 1 <= 3 (3/8)^{L-2} < 0``; the
    terms after ``d s^{L-1} - 1``."""
    return (3 * sp.Rational(3, d) ** (L - 2) - 1, 3 * sp.Rational(3, 8) ** (L - 2))


def lemma8_omega1_lines(s, d, L, w=w_sym):
    """Lemma 8's proof, the display ending in ``=: omega_1``: its three lines at A = s 1_d."""
    return (
        2
        * w
        * (
            (L - 1) * ((2 * L - 3) * s ** (2 * L - 4) + (L - 2) * (d - 1) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3))
            + 1
        ),
        2 * w * ((L - 1) * ((2 * L - 3 + L * d - 2 * d - L + 2) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3)) + 1),
        omega1(s, d, L, w),
    )


def lemma8_lambda_plus_lines(s, d, L, w=w_sym):
    """Lemma 8's proof: the four lines of the display for ``lambda_+ = omega_1 + (d-1) omega_2``."""
    return (
        2
        * w
        * (
            (L - 1) * ((L - 1 + L * d - 2 * d) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3))
            + 1
            + (d - 1) * ((L - 1) ** 2 * s ** (2 * L - 4) + 1)
        ),
        2
        * w
        * ((L - 1) * ((L - 1 + L * d - 2 * d + L * d - d - L + 1) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3)) + d),
        2 * w * ((L - 1) * ((2 * L * d - 3 * d) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3)) + d),
        lambda_plus(s, d, L, w),
    )


def lemma8_lambda_minus_lines(s, d, L, w=w_sym):
    """Lemma 8's proof: the five lines of the display for ``lambda_- = omega_1 - omega_2``."""
    return (
        2
        * w
        * (
            (L - 1) * ((L - 1 + L * d - 2 * d) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3))
            + 1
            - ((L - 1) ** 2 * s ** (2 * L - 4) + 1)
        ),
        2 * w * ((L - 1) * ((L - 1 + L * d - 2 * d - L + 1) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3))),
        2 * w * ((L - 1) * ((L * d - 2 * d) * s ** (2 * L - 4) - (L - 2) * s ** (L - 3))),
        2 * w * ((L - 1) * ((L - 2) * d * s ** (L - 1) - (L - 2)) * s ** (L - 3)),
        lambda_minus(s, d, L, w),
    )


# Lemma 16: the ball on which G~ is H^{-1}'s Lipschitz coefficient, in the statement and in the proof
LEMMA16_STATEMENT_BALL = "B_{r_2}(s)"
LEMMA16_PROOF_BALL = "B_{r_3}(s)"
# Proposition 9, item 3: the ball on which H^{-1} is Lipschitz (Lemma 28's, which its proof invokes: ssm_poison_aux)
PROP9_INVERSE_LIPSCHITZ_BALL = "B_{r_3}"
# Proposition 10 gives |beta_2| in the closed interval [alpha D_-, alpha D_+]; Corollary 4's proof restates it half-open
PROP10_BETA2_INTERVAL = "[alpha D_-, alpha D_+]"
COR4_PROOF_BETA2_INTERVAL = "[alpha D_-, alpha D_+)"


def gamma_plus_printed(m1, S, lp, lm):
    """Proposition 6's proof: ``gamma(lambda_+, m) = (1 - m_1) lambda_+ - lambda_- sum_{k>=2} m_k``."""
    return (1 - m1) * lp - lm * S


def gamma_minus_printed(m1, S, lp, lm):
    """Proposition 6's proof: ``gamma(lambda_-, m) = (1 - sum_{k>=2} m_k) lambda_- - m_1 lambda_+``."""
    return (1 - S) * lm - m1 * lp


def lemma12_g_printed(L):
    """Lemma 12's g(L) as printed: ``(L-1)(L-2)/1.5^{L-2} (4/(5 1/3))^{L-3}``."""
    return lemma12_g(L)


def prop11_norm_printed(u, v):
    """Proposition 11's proof: ``||(b_1 - s) 1_d + b_2 v|| = ||(b_1 - s) 1_d|| + ||b_2 v||`` (orthogonal u, v): the
    printed right-hand side (the left-hand side is ``||u + v||``)."""
    return sp.sqrt(sum(x**2 for x in u)) + sp.sqrt(sum(x**2 for x in v))


def t_minus_printed(lam_m, X):
    """Proposition 11: ``t_- := -(1/lambda_-) ln(X)``, ``X = r_3/(4 G'^2 sqrt(d) alpha D_+)``."""
    return -sp.log(X) / lam_m


def lemma20_last_display(N, mu2, delta):
    """Lemma 20's last display as printed: ``sqrt(N/mu_2) (mu_2/N) delta`` (claimed ``= delta``)."""
    return sp.sqrt(N / mu2) * (mu2 / N) * delta


def lemma20_radius_printed(N, mu2, delta):
    """Lemma 20's proof: the radius of Lemma 35 chosen as ``sqrt(mu_2/N delta)``."""
    return sp.sqrt(mu2 / N * delta)


def prop16_divergence_bound(alpha, zeta2, Gp, r3, d, Dm, N, t1, t3):
    """Proposition 16's proof, the bound before the last two displays: ``alpha (1 - zeta_2)
    (G'^2 r_3 / (2 sqrt(d) alpha D_-))^2 exp(N (t_1 + t_3))`` (the factors of Lemma 29, Lemma 34, Lemma 29)."""
    return prop16_bound(alpha, zeta2, Gp, r3, d, Dm, N, t1, t3)


def prop16_final_printed(alpha, zeta2, Gp, r3, d, Dm, N, t1, t3):
    """Proposition 16's last display as rendered: ``alpha (1 - zeta_2) (G'^2 r_3 / (2 sqrt(d alpha) D_-))^2 exp(...)``."""
    return alpha * (1 - zeta2) * (Gp**2 * r3 / (2 * sp.sqrt(d * alpha) * Dm)) ** 2 * sp.exp(N * (t1 + t3))


def lemma19_t3_simplified(eta, w, mu2, lam_m, Gp, d, Dm, Dp):
    """Lemma 19's proof: ``t_3 = -ln(m eta/(2P))/(2 mu_2) + (1/lambda_-) ln(D_-/(2 G'^4 D_+))``."""
    return -sp.log(eta / (2 * w)) / (2 * mu2) + sp.log(Dm / (2 * Gp**4 * Dp)) / lam_m


def prop13_rearranged(mu1, ls, lA):
    """Proposition 13's proof: from ``(1 + mu_1/4) l(s) - l(A) >= mu_1 l(s)`` to ``l(s) - l(A) >= 3 mu_1 l(s)/4``:
    both sides' differences (LHS - RHS) as printed."""
    return ((1 + mu1 / 4) * ls - lA - mu1 * ls, ls - lA - 3 * mu1 * ls / 4)


# ---------------------------------------------------------------------------------------
# Parameters and hypotheses
# ---------------------------------------------------------------------------------------
D_PARAM = Param("d", int, 8, "student dimension d (App. D assumes d >= 8)", low=2)
L_PARAM = Param("L", int, 7, "training length L (App. D assumes L odd, L >= 7)", low=3)
W_PARAM = Param("w2", float, 1.0, "P/m, the loss scale of (27)", low=0.0, open_low=True)
ALPHA_PARAM = Param("alpha", float, 0.01, "initialisation scale alpha of I_0 (30)", low=0.0, open_low=True)
D_GE_8 = Hypothesis(r"$d\ge8$", lambda p: p["d"] >= 8)
L_ODD_GE_7 = Hypothesis(r"$L\in\{7,9,11,\dots\}$", lambda p: p["L"] >= 7 and p["L"] % 2 == 1)
STANDING = (D_GE_8, L_ODD_GE_7)


@functools.lru_cache(maxsize=64)
def i3_alpha_bound_log10(d: int, L: int, w: float, r: float, with_gap: bool = True) -> float:
    """log10 of the alpha bound of Definition 10, ``min{r, ||A^Z(t_1(r)) - A^-(t_1(r))||}/(6d)
    exp(-N t_1(r))``, with N the explicit Lipschitz constant :func:`lipschitz_bound` (Corollary 3
    only says some N exists; any valid one may be used) and ``r`` in (0, s).

    On W_1 the flow (28) is ``a' = -2P/m g_{d,L}(a)`` (Lemma 12), with ``g < 0`` on [-1/d, s), so
    ``t_1(r) = int_0^{s - r/sqrt d} da / (-2P/m g(a))`` (A^Z reaches the ball from below,
    claim-9:corrected) and A^- (from -1/d) lags A^Z by ``tau_0 = int_{-1/d}^0 da/(-2P/m g)``.
    Quadratures at 30 digits (mpmath). ``with_gap=False`` drops the ``||A^Z - A^-||`` term
    (``min{r, .} <= r``: an upper bound of the alpha bound, a necessary condition)."""
    import mpmath

    t1, gap = i3_time_and_gap(d, L, w, r, with_gap=with_gap)
    with mpmath.workdps(30):
        N = mpmath.mpf(float(lipschitz_bound(d, L, w)))
        m = mpmath.mpf(r) if gap is None else min(mpmath.mpf(r), gap)
        return float(mpmath.log10(m / (6 * d)) - N * t1 / mpmath.log(10))


@functools.lru_cache(maxsize=64)
def i3_time_and_gap(d: int, L: int, w: float, r: float, with_gap: bool = True, dps: int = 30):
    """``(t_1(r), ||A^Z(t_1(r)) - A^-(t_1(r))||)`` of Definition 10 by quadrature on W_1 at ``dps``
    digits (see :func:`i3_alpha_bound_log10`); the gap is None when ``with_gap`` is False."""
    import mpmath

    from .ssm_poison import critical_polynomial

    with mpmath.workdps(dps):
        g = sp.lambdify(a_sym, critical_polynomial(d, L, a_sym), "mpmath")
        s = mpmath.findroot(g, (mpmath.mpf(1) / d, mpmath.mpf(3) / d), solver="anderson")
        inv_speed = lambda a: 1 / (-2 * mpmath.mpf(w) * g(a))  # noqa: E731
        a_end = s - mpmath.mpf(r) / mpmath.sqrt(d)
        t1 = mpmath.quad(inv_speed, [0, a_end])
        gap = None
        if with_gap:
            tau0 = mpmath.quad(inv_speed, [-mpmath.mpf(1) / d, 0])
            lo, start, target = (0, 0, t1 - tau0) if t1 >= tau0 else (-mpmath.mpf(1) / d, -mpmath.mpf(1) / d, t1)
            hi = a_end if t1 >= tau0 else 0
            a_minus = mpmath.findroot(
                lambda x: mpmath.quad(inv_speed, [start, x]) - target, (lo, hi), solver="anderson"
            )
            gap = mpmath.sqrt(d) * (a_end - a_minus)
        return t1, gap


def in_i3(p) -> bool:
    """A(0) = alpha zeta in I_3(r/4) (Definition 10; Proposition 10 with the instance's ``r``):
    zeta_d <= 1/2 and alpha <= the bound (compared in log10; the bound is ~10^(-10^6) at (8, 7))."""
    return p["zeta_d"] <= 0.5 and math.log10(p["alpha"]) <= i3_alpha_bound_log10(p["d"], p["L"], p["w2"], p["r"] / 4)


# r_tilde(mu) = min{r_2, r_bar(mu)} <= r_2 < r_1 <= 1/(2d) (Proposition 9 as printed)
R_TILDE_MAX = lambda d: 1 / (2 * d)  # noqa: E731


def in_i3_tilde(p) -> bool:
    """A(0) in I_3(r_tilde(mu)/4) established on the instance. The alpha bound increases with r
    (t_1 decreases), so alpha <= (R/4)/(6d) exp(-N t_1(R/4)) with R = 1/(2d) >= r_tilde is
    necessary; it is computed first (and fails at every double-precision alpha). Sufficiency
    needs r_2 (Proposition 9, built on Sell's non-constructive H), which has no value: membership
    is then not established."""
    necessary = p["zeta_d"] <= 0.5 and math.log10(p["alpha"]) <= i3_alpha_bound_log10(
        p["d"], p["L"], p["w2"], R_TILDE_MAX(p["d"]) / 4, with_gap=False
    )
    r2_known = False  # r_2 is non-constructive (Sell's theorem): no instance can be shown inside
    return necessary and r2_known


IN_I3 = Hypothesis(
    r"$A(0)\in\mathcal I_3(r/4)$ (Def. 10 with the explicit $N$ of Cor. 3; needs $\alpha\lesssim10^{-10^6}$ at $(8,7)$)",
    in_i3,
)
IN_I3_TILDE = Hypothesis(
    r"$A(0)\in\mathcal I_3(\tilde r(\mu)/4)$ (a computed necessary condition; $r_2$ is non-constructive, so "
    r"membership is never established)",
    in_i3_tilde,
)
PROP10_HYPS = STANDING + (IN_I3,)
FLOW_HYPS = STANDING + (IN_I3_TILDE,)
PARAMS = (D_PARAM, L_PARAM, W_PARAM)

# Lemma 5: a member alpha * zeta of I_0 (30): zeta_1 = 1 > zeta_2 > ... > zeta_d > 0, the interior
# entries evenly spaced between zeta_2 and zeta_d
ZETA2_PARAM = Param("zeta_2", float, 1 - 1e-8, "zeta_2 of I_0 (30)", low=0.0, high=1.0)
ZETAD_PARAM = Param("zeta_d", float, 0.5, "zeta_d of I_0 (30)", low=0.0, high=1.0)
IN_I0 = Hypothesis(
    r"$A(0)=\alpha\zeta\in\mathcal I_0$: $\alpha<\frac1{2d}$, $1>\zeta_2>\zeta_d>0$",
    lambda p: p["alpha"] < 1 / (2 * p["d"]) and 1 > p.get("zeta_2", 1 - 1e-8) > p.get("zeta_d", 0.5) > 0,
)


def i0_zeta(d: int, zeta_2, zeta_d) -> list:
    """The zeta of an I_0 point with the given zeta_2, zeta_d (d >= 3; d = 2 has no zeta_d apart from zeta_2)."""
    if d == 2:
        return [1, zeta_2]
    return [1, zeta_2] + [zeta_2 + (zeta_d - zeta_2) * (k - 2) / (d - 2) for k in range(3, d + 1)]


# Lemma 6: the point a 1_d of W_1
A_PARAM = Param("a", float, 0.0, "the point a 1_d of W_1", low=-3.0, high=3.0)
A_OFF_13 = Hypothesis(r"$a\notin[\frac1d,\frac3d]$", lambda p: not (1 / p["d"] <= p.get("a", 0.0) <= 3 / p["d"]))

# Proposition 7: the order Q of the smoothness
Q_PARAM = Param("Q", int, 4, "Q of Definition 8", low=1, high=400)


# Lemma 18: a point of Diff(b)^C cap [-3,3]^d: a_1, a_2 given, the other entries uniform in [-3,3] from a seed
# (seed 0: zeros). P/m is searched over 16 decades: the printed coefficient fails only for small P/m.
def _w2_decades():
    from hypothesis import strategies as st

    return st.floats(-14.0, 2.0).map(lambda e: float(f"{10.0**e:.6g}"))


PL_PARAMS = (
    D_PARAM,
    L_PARAM,
    Param("w2", float, 1.0, "P/m, the loss scale of (27)", low=0.0, open_low=True, strategy=_w2_decades),
    Param("b", float, 1.0, "coordinate gap b", low=0.0, high=6.0, open_low=True),
    Param("a1", float, 0.5, "entry a_1 of the point", low=-3.0, high=3.0),
    Param("a2", float, -0.5, "entry a_2 of the point", low=-3.0, high=3.0),
    Param(
        "seed",
        int,
        0,
        "the other entries: 0 all zero, 1 all a_1, else uniform in [-3,3] from the seed",
        low=0,
        high=10**6,
    ),
)


def _pl_spread(p) -> float:
    x = pl_point(p["d"], p.get("a1", 0.5), p.get("a2", -0.5), p.get("seed", 0))
    return max(x) - min(x)


IN_DIFF_B = Hypothesis(
    r"$A\in\mathrm{Diff}(b)^{\mathcal C}$: $\max_{i,j}|a_i-a_j|\ge b$", lambda p: _pl_spread(p) >= p["b"]
)
S_8_7 = 0.12502290846470712  # s at (d, L) = (8, 7) to double precision (Lemma 7; enclosed in the checks): an edge


# Corollary 3: a point of [-3,3]^d (which holds every trajectory, Lemma 11) at which the Lipschitz constant is tested
CUBE_POINT_PARAM = Param(
    "seed", int, 0, "point of [-3,3]^d: 0 all 3, 1 all -3, 2 alternating, 3 (3, 0, ..); else uniform", low=0, high=10**6
)


def cube_point(d: int, seed: int) -> list:
    """The point of Corollary 3's margin: corners for seeds 0-3, else uniform in [-3,3]^d from the seed."""
    import random

    if seed == 0:
        return [3.0] * d
    if seed == 1:
        return [-3.0] * d
    if seed == 2:
        return [3.0 if k % 2 == 0 else -3.0 for k in range(d)]
    if seed == 3:
        return [3.0] + [0.0] * (d - 1)
    rng = random.Random(seed)
    return [rng.uniform(-3.0, 3.0) for _ in range(d)]


def pl_point(d: int, a1, a2, seed: int) -> list:
    """The point of Lemma 18's parameters (floats; entries 3..d from ``seed``: 0 zeros, 1 copies of a_1 -- with
    a_2 = a_1 a point of W_1 --, else uniform in [-3,3])."""
    import random

    rng = random.Random(seed)
    if seed in (0, 1):
        rest = [0.0 if seed == 0 else a1] * (d - 2)
    else:
        rest = [rng.uniform(-3.0, 3.0) for _ in range(d - 2)]
    return [a1, a2, *rest]


FLOW_PARAMS = (D_PARAM, L_PARAM, W_PARAM, ALPHA_PARAM)
H_NONCONSTRUCTIVE = (
    "The conjugacy H of Proposition 8 (Sell's theorem) and the constants r_2, r_3, G, G~ are not "
    "constructive; the checks test the facts about the gradient flow the proof uses, and the lemma "
    "with a linear conjugacy standing in for H. Nothing here checks H itself."
)


# ---------------------------------------------------------------------------------------
# What each printed proof invokes (issue 19), as printed: a citation that names the wrong result
# keeps the printed name, and the result actually needed is added with the reason in USES_NOTES.
# ---------------------------------------------------------------------------------------
_P = "ssm-poison/"
USES: dict[str, tuple[str, ...]] = {
    "lemma-4": ("def:(28) the gradient of (27)",),
    "lemma-5": ("def:(30) I_0", "definition-4", "lemma-22"),
    "lemma-6": (),
    "lemma-7": ("lemma-4", "lemma-6"),
    "lemma-8": ("lemma-7", "def:(28) the gradient of (27)", "lemma-26"),
    "lemma-9": ("lemma-7", "lemma-8"),
    "lemma-10": ("lemma-7", "lemma-8", "lemma-27"),
    "corollary-2": ("lemma-10", "lemma-27"),
    "remark-2": ("corollary-2", "lemma-9"),
    "definition-5": (),
    "definition-6": (),
    "definition-7": (),
    "definition-8": (),
    "theorem-3": ("ext:Sell (1985), Theorem 1",),
    "proposition-6": ("lemma-9", "definition-6", "definition-7"),
    "proposition-7": ("lemma-9", "definition-8"),
    "proposition-8": ("proposition-6", "proposition-7", "theorem-3"),
    "proposition-9": ("proposition-8", "lemma-28"),
    "lemma-11": ("lemma-5", "lemma-22"),
    "corollary-3": ("lemma-11",),
    "lemma-12": ("lemma-6", "lemma-7", "lemma-30"),
    "claim-9": ("lemma-12",),
    "claim-9:corrected": ("lemma-12", "lemma-6", "lemma-7"),
    "definition-9": (),
    "remark-3": ("definition-9", "def:(16) W_1, W_2"),
    "definition-10": (),
    "proposition-10": ("lemma-12", "corollary-3", "lemma-29", "definition-10", "remark-3"),
    "remark-4": ("lemma-7",),
    "corollary-4": ("proposition-10", "proposition-9", "remark-4"),
    "lemma-13": ("proposition-9", "lemma-7", "lemma-12", "lemma-10", "remark-2", "definition-5"),
    "lemma-14": ("proposition-9", "lemma-13", "remark-2", "proposition-8", "lemma-12"),
    "lemma-15": ("lemma-14", "lemma-10", "proposition-8", "lemma-2", "lemma-12"),
    "lemma-16": ("proposition-9", "lemma-15"),
    "lemma-17": ("proposition-9", "lemma-13"),
    "definition-11": (),
    "proposition-11": ("corollary-4", "lemma-16", "lemma-17", "lemma-10", "definition-11", "lemma-9", "remark-2"),
    "proposition-12": ("proposition-11", "lemma-10"),
    "corollary-5": ("proposition-12", "proposition-9", "lemma-17", "remark-3"),
    "corollary-6": ("lemma-31", "corollary-5"),
    "lemma-18": ("proposition-18", "proposition-19", "definition-13"),
    "lemma-18:corrected": ("proposition-18", "proposition-19", "definition-13"),
    "corollary-7": ("lemma-18", "corollary-6"),
    "proposition-13": ("lemma-22", "corollary-7", "lemma-32", "corollary-4"),
    "proposition-14": ("lemma-7", "lemma-33", "proposition-13", "lemma-22", "lemma-18"),
    "proposition-15": ("corollary-7", "proposition-14", "lemma-11", "corollary-3", "lemma-25"),
    "lemma-19": ("proposition-11", "lemma-22", "proposition-14", "lemma-24", "lemma-9"),
    "lemma-20": ("corollary-7", "proposition-14", "lemma-11", "corollary-3", "lemma-25", "lemma-35", "lemma-19"),
    "definition-12": (),
    "proposition-16": (
        "lemma-11",
        "corollary-3",
        "lemma-29",
        "proposition-11",
        "proposition-9",
        "lemma-34",
        "def:(30) I_0",
        "definition-4",
        "definition-12",
    ),
    "corollary-8": ("lemma-20", "proposition-16"),
    "claim-10": ("lemma-3", "corollary-8", "proposition-15"),
}
USES_NOTES: dict[str, str] = {
    "lemma-6": "The proof invokes no other result (direct computation on W_1).",
    "lemma-7": "The printed proof cites Lemma 4 twice where Lemma 6 is what it uses (no root of f' in "
    "[-1/d, 1/d); f >= 2P/m off [-1/d, 3/d]): both are declared.",
    "claim-9": "No proof is printed ('Note this means ...'); it rests on the monotone W_1 flow of Lemma 12.",
    "proposition-15": "The printed proof cites Corollary 7 for nu and mu_2, which come from Proposition 14: both "
    "are declared.",
    "lemma-20": "The printed proof cites Corollary 7 for mu_2 (Proposition 14 defines it): both are declared.",
}
DEFINITION_NOTE = "A definition: no proof, nothing invoked."


# ---------------------------------------------------------------------------------------
# The proofs' load-bearing displays (issue 19), as printed. An unnumbered display is named by its
# place ("L7.3": Lemma 7's proof, third display encoded). A false display keeps expect="refuted"
# with its erratum; the statement's own verdict is judged apart.
# ---------------------------------------------------------------------------------------
STEPS: dict[str, tuple[Step, ...]] = {
    "lemma-4": (
        Step(
            "L4.1",
            r"\frac{\partial}{\partial a_j}\ell(A) = \frac{2P}{m}\bigg((L-1)(\sum_{k=1}^d a_k^{L-1} - 1)a_j^{L-2} + (\sum_{k=1}^d a_k - 1)\bigg)",
            "identity",
            notes="(28); derived from (27) by SymPy.",
        ),
        Step(
            "L4.2",
            r"a_j^{L-2} = \frac{(1 - \sum_{k=1}^d a_k)}{(L-1)(\sum_{k=1}^d a_k^{L-1} - 1)}",
            "identity",
            notes="At a critical point with sum a^{L-1} != 1.",
        ),
        Step(
            "L4.3",
            r"a_j = \left(\frac{(1-\sum_{k=1}^d a_k)}{(L-1)(\sum_{k=1}^d a_k^{L-1} - 1)}\right)^{\frac{1}{L-2}} := s",
            "inequality",
            notes="The odd (L-2)-th root is unique: x -> x^{L-2} is injective for odd L-2 (x^n - y^n = (x-y) q, q > 0).",
        ),
    ),
    "lemma-5": (
        Step(
            "L5.1",
            r"1 - \sum_{k=1}^{d} a_k(0)^{L-1} = 1 - \sum_{k=1}^{d} (\alpha \zeta_k)^{L-1} \ge 1 - 2(\alpha \zeta_1)^{L-1} - \sum_{k=3}^{d} (\alpha \zeta_k)^{L-1} = 1 - \sum_{k=1}^{d} a_k^{ref}(0)^{L-1}",
            "inequality",
        ),
        Step(
            "L5.2",
            r"1 - 2(\alpha\zeta_1)^{L-1} - \sum_{k=3}^d (\alpha\zeta_k)^{L-1} \ge 1 - d \cdot (\alpha\zeta_1)^{L-1} \ge 1 - d(\frac{1}{2d})^{L-1} > 0",
            "inequality",
        ),
        Step(
            "L5.4",
            r"1 - \sum_{k=1}^{d} a_k(0) = 1 - \sum_{k=1}^{d} (\alpha \zeta_k) \ge 1 - 2(\alpha \zeta_1) - \sum_{k=3}^{d} (\alpha \zeta_k) = 1 - \sum_{k=1}^{d} a_k^{ref}(0)",
            "inequality",
            notes="The first display's companion for the short residual (the first display, for the long residual, is L5.1).",
        ),
        Step(
            "L5.5",
            r"1 - 2(\alpha\zeta_1) - \sum_{k=3}^{d} (\alpha\zeta_k) \ge 1 - d \cdot (\alpha\zeta_1) \ge 1 - d(\frac{1}{2d}) > 0",
            "inequality",
        ),
        Step(
            "L5.3",
            r"\ell(A) = \frac{P}{m} \left((1 - \sum_{k=1}^{d} a_k^{L-1})^2 + (1 - \sum_{k=1}^{d} a_k)^2 \right) \le \frac{P}{m} \left(1^2 + 1^2 \right) \le \frac{2P}{m}",
            "inequality",
        ),
    ),
    "lemma-6": (
        Step(
            "L6.1",
            r"\ell(a \cdot \mathbf{1}_d) = \frac{P}{m} \left((1 - d \cdot a^{L-1})^2 + (1 - d \cdot a)^2 \right) \ge \frac{P(1 - d \cdot a)^2}{m} > \frac{2P}{m}",
            "inequality",
            notes="For a > 3/d (and, as the text says, a < -1/d).",
        ),
        Step(
            "L6.2",
            r"d \cdot a^{L-1} - 1 \in [-1,0) \implies (L-1)(d \cdot a^{L-1} - 1)a^{L-2} \in (0, \frac{L-1}{d^{L-2}}) \subseteq (0, \frac{L-1}{8^{L-2}})",
            "inequality",
            expect="refuted",
            erratum="At a = 0 (inside [-1/d, 0]) the product is 0, not in the open interval (0, (L-1)/d^{L-2}); it lies "
            "in [0, (L-1)/d^{L-2}) on [-1/d, 0], which is what the next display needs (f(L) <= 0.25 bounds it).",
        ),
        Step(
            "L6.3",
            r"f(L) := \frac{L-1}{8^{L-2}}\text{ is decreasing for }L\ge3\text{ and acheives the value 0.25 when }L=3",
            "constant",
        ),
        Step(
            "L6.4",
            r"\nabla \ell(a \cdot \mathbf{1}_d) = \frac{2P}{m} \left((L-1)(d \cdot a^{L-1})a^{L-2} + (d \cdot a - 1) \right) \le \frac{2P}{m} \left(0.25 + (d \cdot a - 1) \right) \le \frac{2P}{m} \left(0.25 - 1 \right) < 0",
            "identity",
            expect="refuted",
            erratum="The displayed gradient entry drops the -1 of (d a^{L-1} - 1): the entry is 2P/m((L-1)(d a^{L-1} - 1) "
            "a^{L-2} + (d a - 1)), different wherever a != 0 (e.g. d = 8, L = 7, a = -1/16). The bound 0.25 + (d a - 1) "
            "holds for the correct entry (by L6.2 corrected and L6.3), so the conclusion < 0 stands.",
        ),
        Step(
            "L6.5",
            r"\nabla \ell (a \cdot \mathbf{1}_d)_j = \frac{2P}{m} \bigg((L-1)(d \cdot a^{L-1} - 1)a^{L-2} + (d \cdot a - 1) \bigg) < 0",
            "inequality",
            notes="For a in (0, 1/d).",
        ),
    ),
    "lemma-7": (
        Step(
            "L7.1",
            r"f^{'}(a) := \frac{2P \cdot d}{m} \bigg((L-1)(d \cdot a^{L-1} - 1)a^{L-2} + (d \cdot a - 1) \bigg)",
            "identity",
        ),
        Step(
            "L7.2",
            r"f'(a) = \nabla \ell(a \cdot \mathbf{1}_d)_j",
            "identity",
            expect="refuted",
            erratum="f'(a) = d grad l(a 1_d)_j (chain rule through the d equal entries), not grad_j: e.g. at a = 0, "
            "f'(0) = -2Pd/m while grad_j = -2P/m. The 'iff' it is used for holds (d > 0).",
        ),
        Step(
            "L7.3",
            r"f'(0) = \frac{2P \cdot d}{m} \left((L-1)(d \cdot (0)^{L-1} - 1)(0)^{L-2} + (d \cdot 0 - 1) \right) = -\frac{2P \cdot d}{m} < 0",
            "identity",
        ),
        Step(
            "L7.4",
            r"(L-1)(1-d\cdot (\frac{3}{d})^{L-1})(\frac{3}{d})^{L-2} \le (L-1)(\frac{3}{d})^{L-2} \le \frac{L-1}{2^{L-2}}(\frac{3}{4})^{L-2} =: h(L)",
            "inequality",
            notes="h decreasing for L >= 3, h(3) = 0.75 <= 1.",
        ),
        Step(
            "L7.5",
            r"f'(\frac{3}{d}) = \frac{2P \cdot d}{m} \left(2 - (L-1)(1 - d \cdot (\frac{3}{d})^{L-1})(\frac{3}{d})^{L-2} \right) \ge \frac{2P \cdot d}{m} \left(2 - 1 \right) > 0",
            "inequality",
        ),
        Step(
            "L7.6",
            r"f''(a) = \frac{2P \cdot d}{m} \left((L-1)(2L-3)d \cdot a^{2L-4} - (L-1)(L-2)a^{L-3} + d \right) \ge \frac{2P \cdot d}{m} \left(d - (L-1)(L-2)a^{L-3} \right)",
            "identity",
        ),
        Step(
            "L7.7",
            r"(L-1)(L-2)a^{L-3} \le (L-1)(L-2)(\frac{3}{d})^{L-3} \le \frac{(L-1)(L-2)}{2^{L-3}}(\frac{3}{4})^{L-3} =: g(L)",
            "inequality",
            notes="g decreasing for L >= 4, g(4) = 2.25; so f'' >= 2Pd/m (d - 2.25) > 0 on [-1/d, 3/d].",
        ),
        Step(
            "L7.8",
            r"f(s) < f(\frac{1}{d}) = \frac{P}{m} \left((1 - d \cdot (\frac{1}{d})^{L-1})^2 + (1 - d \cdot \frac{1}{d})^2 \right) \le \frac{P}{m}",
            "inequality",
        ),
        Step(
            "L7.9",
            r"1 - d \cdot s^{L-1} \ge 1 - d \cdot \left(\frac{3}{d}\right)^{L-1} = 1 - 3 \cdot \left(\frac{3}{d}\right)^{L-2} \ge 1 - 3 \cdot \left(\frac{3}{8}\right)^2 \ge \frac{1}{2}",
            "inequality",
        ),
        Step(
            "L7.10",
            r"f(a) = \ell(a \cdot \mathbf{1}_d) \ge \frac{2P}{m}\quad(a\in\mathbb R\setminus[-\tfrac1d,\tfrac3d],\ \text{``by Lemma 4''})",
            "invocation",
            notes="Cites Lemma 4; the fact is the first part of Lemma 6's proof (discharged there at the invoking points).",
        ),
    ),
    "lemma-8": (
        Step(
            "L8.1",
            r"\left(\nabla^2 \ell(A)\right)_{jj} = \frac{2P}{m} \left((L-1)\left((2L-3)a_j^{2L-4} + (L-2)\sum_{k=1,k\neq j}^d a_k^{L-1}a_j^{L-3} - (L-2)a_j^{L-3}\right) + 1 \right)",
            "identity",
        ),
        Step(
            "L8.2",
            r"\left(\nabla^2 \ell(A)\right)_{ij} = \frac{2P}{m} \left((L-1)^2 a_i^{L-2} a_j^{L-2} + 1 \right)",
            "identity",
        ),
        Step(
            "L8.3",
            r"\left(\nabla^2 \ell(\mathbf{s})\right)_{jj} = \dots = \frac{2P}{m} \bigg((L-1)\big((L-1+L\cdot d-2d)s^{2L-4} - (L-2)s^{L-3}\big) + 1 \bigg) =: \omega_1",
            "identity",
            notes="The three lines of the split display, each compared with the next.",
        ),
        Step(
            "L8.4",
            r"\left(\nabla^2 \ell(\mathbf{s})\right)_{ij} = \frac{2P}{m} \left((L-1)^2 s^{2L-4} + 1 \right) =: \omega_2",
            "identity",
        ),
        Step(
            r"L8.5",
            r"\nabla^2 \ell(\mathbf{s}) = (\omega_1 - \omega_2) I_d + \omega_2 \mathbf{1}_{d \times d}",
            "identity",
        ),
        Step(
            "L8.6",
            r"\lambda_{+} = \omega_1+(d-1)\omega_2 = \dots = \frac{2P}{m} \bigg((L-1) \big((2L-3) d \cdot s^{L-1} - (L-2) \big) s^{L-3} + d \bigg)",
            "identity",
            notes="The four lines of the display, each compared with the next.",
        ),
        Step(
            "L8.7",
            r"\lambda_{-} = \omega_1-\omega_2 = \dots = \frac{2P}{m} \bigg((L-1) (L-2) \big(d \cdot s^{L-1} - 1 \big) s^{L-3} \bigg)",
            "identity",
            notes="The five lines of the display, each compared with the next. The extracted text shows "
            "'lambda_- := omega_1 omega_2' (the minus lost in extraction; the display that follows computes omega_1 - omega_2).",
        ),
        Step(
            "L8.8",
            r"\text{by Lemma 26: eigenvector } \mathbf 1_d\ (\omega_1+(d-1)\omega_2),\ \mathbf e_1-\mathbf e_j\ (\omega_1-\omega_2)",
            "invocation",
        ),
    ),
    "lemma-9": (
        Step(
            "L9.1",
            r"(L-1)((2L-3)d \cdot s^{L-1} - (L-2))s^{L-3} \ge -(L-1)(L-2)s^{L-3} \ge -(L-1)(L-2)(\frac{3}{d})^{L-3} \ge -\frac{(L-1)(L-2)}{2^{L-3}}(\frac{3}{4})^{L-3} =: f(L)",
            "inequality",
        ),
        Step(
            "L9.2",
            r"f(L)\text{ is increasing for }L \ge 7\text{ and achieves a value that is }> -0.6\text{ for }L = 7",
            "constant",
        ),
        Step(
            "L9.3",
            r"(L-1)(L-2)s^{L-3} \le (L-1)(L-2)(\frac{3}{d})^{L-3} \le \frac{(L-1)(L-2)}{2^{L-3}}(\frac{3}{4})^{L-3} =: g(L)",
            "inequality",
            notes="g decreasing for L >= 7, g(7) < 0.6.",
        ),
        Step(
            "L9.4",
            r"-1 \le d \cdot s^{L-1} - 1 \le 3 \cdot (\frac{3}{d})^{L-2} - 1 \le 3(\frac{3}{8})^{L-2} < 0",
            "inequality",
            expect="refuted",
            erratum="The last two terms drop the -1: 3(3/8)^{L-2} > 0 (0.0222 at L = 7), so '3(3/8)^{L-2} < 0' is false "
            "and '3(3/d)^{L-2} - 1 <= 3(3/8)^{L-2}' holds only trivially. With the -1 kept, 3(3/8)^{L-2} - 1 < 0 and "
            "d s^{L-1} - 1 in [-1, 0) follows.",
        ),
        Step("L9.5", r"(L-1)(L-2)s^{L-3}(d \cdot s^{L-1}-1) \in (-1,0)", "inequality"),
    ),
    "lemma-10": (
        Step(
            "L10.1",
            r"\nabla^2 \ell(\mathbf{s}) = Q \operatorname{Diag}(\lambda_+, \lambda_-, \dots, \lambda_-) Q^{\mathsf{T}}",
            "identity",
        ),
        Step(
            "L10.2",
            r"A^{lin}(t) = Q \exp(-t \cdot \operatorname{Diag}(\lambda_{+}, \lambda_{-}, \dots, \lambda_{-}))Q^{\top}(A^{lin}(0) - \mathbf{s}) + \mathbf{s}",
            "identity",
            notes="Solves the linearised system (Lemma 27).",
        ),
    ),
    "proposition-6": (
        Step(
            "P6.1",
            r"\lambda_+ + m \cdot \lambda_- \ge \frac{2P(d-1)}{m} - \frac{2P \cdot m}{m} > 0\quad(m\in\{0,\dots,d-2\})",
            "inequality",
        ),
        Step("P6.2", r"\gamma(\lambda_+, \mathbf{m}) = (1 - m_1)\lambda_+ - \lambda_- \sum_{k=2}^d m_k", "identity"),
        Step(
            "P6.3",
            r"\gamma(\lambda_+, \mathbf{m}) \ge -\lambda_- \sum_{k=2}^d m_k > 0\ (m_1\in\{0,1\});\quad \gamma(\lambda_+, \mathbf{m}) \le -\lambda_+ - \lambda_- \sum_{k=2}^d m_k \le -\frac{2P(d-1)}{m} + \frac{2P\sum_{k=2}^d m_k}{m} < 0\ (\text{otherwise})",
            "inequality",
        ),
        Step(
            "P6.4",
            r"\gamma(\lambda_{-}, \mathbf{m}) = (1 - \sum_{k=2}^{d} m_k)\lambda_{-} - m_1 \cdot \lambda_{+}",
            "identity",
        ),
        Step(
            "P6.5",
            r"\gamma(\lambda_{-}, \mathbf{m}) > 0\ (m_1=0);\ \lambda_{-} - (d-2)\lambda_{+} < 0\ (m_1=d-2);\ \gamma(\lambda_{-}, \mathbf{m}) \le -\lambda_{+} - (\sum_{k=2}^{d} m_{k} - 1)\lambda_{-} \le -\frac{2P(d-1)}{m} + \frac{2P(\sum_{k=2}^{d} m_k - 1)}{m} < 0\ (\text{otherwise})",
            "inequality",
            notes="The 'otherwise' case as printed assumes sum_{k>=2} m_k - 1 in {0..d-3}; m_1 >= 2 with sum_{k>=2} m_k = 0 "
            "is not covered by that range, but the displayed inequalities hold there too (checked).",
        ),
    ),
    "proposition-7": (
        Step(
            "P7.1",
            r"\rho_{+} = \frac{\max\{\lambda_{+}\}}{\min\{\lambda_{+}\}} = 1, \ \rho_{-} = \frac{\max\{\lambda_{-}\}}{\min\{\lambda_{-}\}} = 1",
            "identity",
        ),
        Step(
            "P7.2",
            r"\text{largest }K\text{ with }Q = M + N,\ M - K > 0,\ N - K \ge 0\text{ is at least }\lfloor\frac{Q}{2}\rfloor",
            "inequality",
            expect="refuted",
            erratum="With the proof's strict 'M - K > 0' the largest K is ceil(Q/2) - 1, below floor(Q/2) for every even "
            "Q (Q = 2: only M = N = 1, K = 0 < 1). Definition 8's 'M - K rho_+ >= 0' gives floor(Q/2) exactly, so the "
            "proposition holds; the proof's restatement of the definition is what fails.",
        ),
    ),
    "proposition-8": (
        Step("P8.1", r"d \geq 8\text{ hence }\lfloor \frac{d-2}{2} \rfloor \geq 3", "constant"),
        Step(
            "P8.2",
            r"\text{by Theorem 3 (}Q=d-2\text{): a }C^{\lfloor \frac{d-2}{2} \rfloor}\text{-linearization near }\mathbf s",
            "invocation",
        ),
    ),
    "lemma-11": (
        Step(
            "L11.1",
            r"\ell(A(t)) = \frac{2P}{m} \left((1 - \sum_{k=1}^{d} a_k(t)^{L-1})^2 + (1 - \sum_{k=1}^{d} a_k(t))^2 \right) \ge \frac{2P}{m} (1 - \sum_{k=1}^{d} a_k(t)^{L-1})^2 \ge \frac{2P}{m} (3 - 1)^2 > \frac{2P}{m}",
            "inequality",
            expect="refuted",
            erratum="(27) has P/m, not 2P/m: l(A) = (P/m)(res_l^2 + res_s^2), so the first '=' is false (l is half the "
            "display). With P/m: l >= (P/m)(3^{L-1} - 1)^2 >= (P/m) 4 > 2P/m, and the contradiction stands.",
        ),
    ),
    "lemma-12": (
        Step(
            "L12.1",
            r"\dot{a}(t) = \frac{2P}{m} \left((L-1)(1 - d \cdot a(t)^{L-1})a(t)^{L-2} + (1 - d \cdot a(t)) \right) = -\frac{1}{d}f'(a(t))",
            "identity",
        ),
        Step(
            "L12.2",
            r"-\frac{1}{d}f'(\frac{4}{d}) \le \frac{2P}{m}\bigg((L-1)(\frac{4}{d})^{L-2} - 3\bigg) \le \frac{2P}{m}\bigg(\underbrace{\frac{L-1}{1.5^{L-2}}(\frac{4}{5\frac{1}{3}})^{L-2}}_{=:h(L)} - 3\bigg) \le \frac{2P}{m}\bigg(0.75 - 3\bigg) < 0",
            "inequality",
        ),
        Step(
            "L12.3",
            r"(L-1)(L-2)(\frac{4}{d})^{L-3} \le \underbrace{\frac{(L-1)(L-2)}{1.5^{L-2}}(\frac{4}{5\frac{1}{3}})^{L-3}}_{=:g(L)}",
            "inequality",
            expect="refuted",
            erratum="At d = 8 the left side is (L-1)(L-2)(1/2)^{L-3} and g(L) = (2/3)(L-1)(L-2)(1/2)^{L-3} (1.5^{L-2} "
            "has one factor too many): 15/8 > 5/4 at L = 7. What holds: (L-1)(L-2)(4/d)^{L-3} <= (L-1)(L-2)(1/2)^{L-3} "
            "<= 15/8 for L >= 7 (the bound the next step uses, misnamed 'h(4) = 15/8').",
        ),
        Step(
            "L12.4",
            r"-\frac{1}{d}f^{''}(a) \le \frac{2P}{m} \bigg(-d + (L-1)(L-2)(\frac{4}{d})^{L-3} \bigg) \leq \frac{2P}{m} (-d + \frac{15}{8}) < 0",
            "inequality",
        ),
    ),
    "lemma-15": (
        Step(
            "L15.1",
            r"\widetilde{A} \in W_1 \cap \overline{B_{r_3}}(\mathbf{s}) \implies \exists\,\widetilde{a} \in [s - r_3, s + r_3] \setminus \{s\}:\ \widetilde{A} = \widetilde{a} \cdot \mathbf{1}_d",
            "inequality",
            notes="True but loose: ||a~ 1_d - s 1_d|| = sqrt(d) |a~ - s| <= r_3 gives a~ in [s - r_3/sqrt d, s + r_3/sqrt d] "
            "(contained in the printed interval); the comparison with Lemma 14's a~' that follows needs the sharper one.",
        ),
    ),
    "lemma-16": (
        Step(
            "L16.1",
            r"\widetilde{G}\text{ is the Lipschitz coefficient of }H^{-1}|_{\overline{B_{r2}}(\mathbf{s})}\ \text{(statement)};\ "
            r"H^{-1}|_{\overline{B_{r_3}}(s)}\text{ is indeed Lipschitz. Let }\widetilde{G} > 0\text{ be its Lipschitz coefficient (proof)}",
            "restatement",
            expect="refuted",
            erratum="The statement defines G~ on H^{-1} restricted to B_{r_2}(s), the proof (and Proposition 9, which makes "
            "H^{-1} Lipschitz only on B_{r_3}(s), where H(A) lies) on B_{r_3}(s). The proof's reading is the one that works.",
        ),
    ),
    "proposition-9": (
        Step(
            "P9.1",
            r"\lambda_- < 0\ \Rightarrow\ \exists b_2 > 0:\ |\lambda_{min}(\nabla^2\ell(A))| \le 2|\lambda_-|\ \text{on}\ \overline{B_{b_2}}(\mathbf s)\ \text{(continuity of the eigenvalues around } \mathbf s)",
            "inequality",
            notes="What the continuity argument needs at s itself: lambda_- < 0 < lambda_+ (Lemma 8's eigenvalues), so "
            "lambda_min(Hess l(s)) = lambda_- and item 2 holds at s with the slack |lambda_-| > 0.",
        ),
        Step(
            "P9.2",
            r"\text{Prop. 9, item 3: } H^{-1}|_{\overline{B_{r_3}}(\mathbf s)}\text{ Lipschitz (``the third and fourth requirements'')};\ "
            r"\text{Lemma 28 (invoked): } H^{-1}|_{\overline{B_{r_2}}}\text{ Lipschitz}",
            "restatement",
            expect="refuted",
            erratum="Proposition 9's proof obtains item 3 from Lemma 28, whose conclusion as printed makes H^{-1} Lipschitz "
            "on B_{r_2}, while item 3 (and Lemmas 16, 17, Proposition 11, which use it) needs H^{-1} Lipschitz on B_{r_3}(s) "
            "(where H[B_{r_2}] lies). Lemma 28's own proof has B_{r_3}: with that reading the invocation delivers item 3. "
            "The proof also names 'the third and fourth requirements' of a proposition with three items.",
        ),
    ),
    "lemma-13": (
        Step(
            "L13.1",
            r"r_2 < r_1 \le \frac{1}{2d},\ s \in [\frac{1}{d}, \frac{3}{d}],\ A = a\cdot\mathbf 1_d \in \overline{B_{r_2}}(\mathbf s) \implies a \in [0, \frac{4}{d}]",
            "inequality",
            notes="True (loosely): |a - s| <= r_2/sqrt(d) <= 1/(2d) puts a in [1/(2d), 7/(2d)].",
        ),
        Step(
            "L13.2",
            r"\text{per Lemma 12 } A(t) \in \overline{B_{r_2}}(\mathbf s)\ \forall t \ge 0,\ \lim_{t\to\infty} A(t) = \mathbf s\quad (A(0) = a\cdot\mathbf 1_d,\ a \in [0, \tfrac4d])",
            "invocation",
            notes="Lemma 12 as stated gives the order of two trajectories and their eventual entry into every ball, not "
            "'stays in B_{r_2} for all t'; that follows from its proof: on [0, 4/d] the only critical point of "
            "f(a) = l(a 1_d) is s, with f' < 0 left of it and > 0 right of it, so |a(t) - s| never increases. Checked: "
            "Lemma 12's hypotheses, and that sign pattern on Arb enclosures.",
        ),
        Step(
            "L13.3",
            r"\widetilde A \notin \mathcal W_1 \implies \text{the projection of } \widetilde A - \mathbf s \text{ to } \mathcal W_2 \text{ is not zero } (\beta_2 \ne 0\text{: Remark 2 applies})",
            "identity",
        ),
    ),
    "lemma-14": (
        Step(
            "L14.1",
            r"a_1 = s - \frac{r_2}{4\sqrt d},\ a_2 = s + \frac{r_2}{4\sqrt d}:\ a_i\cdot\mathbf 1_d \in \mathcal W_1 \cap \overline{B_{r_2}}(\mathbf s),\ a_i \in [s - \frac{r_2}{2\sqrt d}, s + \frac{r_2}{2\sqrt d}] \setminus \{s\}",
            "inequality",
        ),
        Step(
            "L14.2",
            r"H(a_i\cdot\mathbf 1_d) = \tilde a_i\cdot\mathbf 1_d \in \mathcal W_1 \cap \overline{B_{r_3}}(\mathbf s) \implies \tilde a_i \in [s - \frac{r_3}{\sqrt d}, s + \frac{r_3}{\sqrt d}]",
            "inequality",
        ),
        Step(
            "L14.3",
            r"s < \tilde a_1 < \tilde a_2:\ \widetilde A(0) = \tilde a_2\cdot\mathbf 1_d \text{ (linearised flow) reaches } \widetilde A(t_2) = \tilde a_1\cdot\mathbf 1_d \text{ at a finite } t_2",
            "identity",
            notes="By Lemma 10 on W_1: A~(t) = (s + e^{-lambda_+ t}(a~_2 - s)) 1_d, so t_2 = ln((a~_2 - s)/(a~_1 - s))/lambda_+ > 0.",
        ),
        Step(
            "L14.4",
            r"A(0) = a_2\cdot\mathbf 1_d \text{ reaches } A(t_2) = a_1\cdot\mathbf 1_d\text{: a contradiction to Lemma 12}",
            "invocation",
            notes="Proof-only misprints before it: 'A(t_2) = H^{-1}(A(t_2))' should read H^{-1}(A~(t_2)), and "
            "'(a_2 1_d) = a~_2 1_d' drops the H. The contradiction: a_1 < s < a_2 (or the reverse after the WLOG flip), so "
            "the trajectory would cross the critical point s, which uniqueness of solutions forbids; Lemma 12's order "
            "statement compares two trajectories at the same time and excludes s as a starting point, so it is the "
            "monotonicity in its proof (the sign pattern of f' checked at L13.2), not its statement, that is used. "
            "Checked: Lemma 12's hypotheses at a_1, a_2 (inside [-1/d, 4/d] minus s) and that s is a critical point of f.",
        ),
    ),
    "lemma-17": (
        Step(
            "L17.1",
            r"A \in \overline{B_{r_1}}(\mathbf s):\ \min_{A' \in \mathcal W_1}\|A - A'\|_2 = \min_{A' \in \mathcal W_1 \cap \overline{B_{r_1}}(\mathbf s)}\|A - A'\|_2",
            "inequality",
            notes="True: the nearest point of W_1 is the projection P_1 A, and ||P_1 A - s|| = ||P_1(A - s)|| <= ||A - s|| <= r_1 "
            "(s in W_1; Pythagoras).",
        ),
        Step(
            "L17.2",
            r"\min_{A' \in \mathcal W_1 \cap \overline{B_{r_1}}(\mathbf s)} \frac{1}{G}\|H(A) - H(A')\|_2 \ge \frac1G\operatorname{Dist}(H(A), \mathcal W_1)\quad\text{(``follows from Lemma 13'')}",
            "invocation",
            expect="refuted",
            erratum="The inequality needs H(A') in W_1 for every A' in W_1 cap B_{r_1}(s); Lemma 13 gives it only for A' in "
            "B_{r_2}(s) minus s, and r_2 < r_1 (Proposition 9): A' = (s + r_1/sqrt d) 1_d is in W_1 cap B_{r_1}(s) at "
            "distance r_1 > r_2 from s, outside Lemma 13's hypothesis. What holds: Lemma 13's argument uses only "
            "a in [0, 4/d] (true for ||A - s|| <= r_1 <= 1/(2d)) and the monotone flow on W_1, which stays in B_{r_1}(s) where "
            "H is defined; restated on B_{r_1}(s) minus s (plus H(s) = s) it covers the invocation, and the step stands.",
        ),
    ),
    "proposition-10": (
        Step(
            "P10.1",
            r"\|A^{Z}(t_{1}(\frac{r}{4})) - A(t_{1}(\frac{r}{4}))\|_{2} \leq \|A^{Z}(0) - A(0)\|_{2} \cdot \exp(N \cdot t_{1}(\frac{r}{4})) = \|A(0)\|_{2} \cdot \exp(N \cdot t_{1}(\frac{r}{4})) \leq \alpha \cdot d \cdot \exp(N \cdot t_{1}(\frac{r}{4}))",
            "inequality",
        ),
        Step(
            "P10.2",
            r"\frac{\min\left\{\frac{r}{4}, \|A^{Z} - A^{-}\|_{2}\right\}}{6d} \exp(-N t_{1}) \cdot d \cdot \exp(N t_{1}) = \frac{\min\{\dots\}}{6} \leq \frac{r}{24};\quad \frac{r}{4} + \frac{r}{24} \le \frac{r}{2}",
            "inequality",
        ),
        Step(
            "P10.3",
            r"\zeta_1 - \frac{\sum_{k=1}^d \zeta_k}{d} \ge 1 - \frac{d-1}{d} - \frac{1}{2d} = \frac{1}{2d}",
            "inequality",
        ),
        Step(
            "P10.4",
            r"\operatorname{Dist}(A(0), \mathcal{W}_1) = \alpha \sqrt{\sum_{k=1}^d (\zeta_k - \frac{\sum_{k=1}^d \zeta_k}{d})^2} \ge \alpha \cdot |\zeta_1 - \frac{\sum_{k=1}^d \zeta_k}{d}| \ge \alpha \cdot \frac{1}{2d}",
            "inequality",
        ),
        Step(
            "P10.5",
            r"|\beta_2(t_1(\frac{r}{4}))| = \|A(t_1(\frac{r}{4})) - A^a(t_1(\frac{r}{4}))\| \ge \|A(0) - A^a(0)\| \cdot \exp(-N \cdot t_1(\frac{r}{4}))",
            "inequality",
            notes="Lemma 29's lower (backward) bound along the true trajectories.",
        ),
    ),
    "corollary-4": (
        Step(
            "C4.1",
            r"|\beta_2(t_1(\frac{\tilde{r}(\mu)}{4}))|, |\beta_2^{ref}(t_1(\frac{\tilde{r}(\mu)}{4}))| \in [\alpha \cdot D_-(\mu), \alpha \cdot D_+(\mu))",
            "restatement",
            expect="refuted",
            erratum="The proof restates Proposition 10's interval half-open, [alpha D_-, alpha D_+); Proposition 10 "
            "proves the closed [alpha D_-, alpha D_+] (|beta_2| = alpha D_+ is not excluded). Harmless: the corollary "
            "states, and later proofs use, the closed interval.",
        ),
    ),
    "proposition-11": (
        Step(
            "P11.1",
            r"t_{-} := -\frac{1}{\lambda_{-}} \ln(\frac{r_{3}}{4G'^{2}\sqrt{d}\alpha D_{+}(\mu)}) \ge -\frac{1}{\lambda_{-}} \ln(\exp(-2\lambda_{-})) = 2",
            "inequality",
        ),
        Step(
            "P11.2",
            r"|\widetilde{\beta}_{2}(t_{-})| \leq G \cdot D_{+}(\mu) \cdot \alpha \cdot \exp(-t_{-} \cdot \lambda_{-}) = \frac{G \cdot D_{+}(\mu) \cdot \alpha \cdot r_{3}}{4G'^{2}\sqrt{d}\alpha D_{+}(\mu)} \leq \frac{r_{3}}{4G'\sqrt{d}} \leq \frac{r_{3}}{4\sqrt{d}}",
            "inequality",
        ),
        Step(
            "P11.3",
            r"|\widetilde{\beta_2}(t_+)| = \frac{\alpha \cdot D_{-}(\mu)}{\widetilde{G}} \cdot \frac{G'^2 \cdot r_3}{2\sqrt{d}\alpha D_-(\mu)} \ge \frac{G' \cdot r_3}{2\sqrt{d}} \ge \frac{r_3}{2\sqrt{d}}",
            "inequality",
        ),
        Step(
            "P11.4",
            r"\|\widetilde{\beta}_{1}(t_{2}(\mu)) \cdot \mathbf{1}_{d} + \widetilde{\beta}_{2}(t_{2}(\mu)) \cdot \mathbf{v}(t_{2}(\mu)) - \mathbf{s}\|_{2} = \|(\widetilde{\beta}_{1}(t_{2}(\mu)) - s) \cdot \mathbf{1}_{d}\|_{2} + \|\widetilde{\beta}_{2}(t_{2}(\mu)) \cdot \mathbf{v}(t_{2}(\mu))\|_{2}",
            "identity",
            expect="refuted",
            erratum="For orthogonal u = (b_1 - s) 1_d and v = b_2 v the norm is sqrt(||u||^2 + ||v||^2), not ||u|| + "
            "||v||; e.g. ||u|| = ||v|| = 1 gives sqrt 2 != 2. The triangle inequality '<=' holds, which is all the "
            "bound <= r_3 needs.",
        ),
        Step(
            "P11.5",
            r"|\beta_1(t_-) - s| \le \frac{r_3}{\sqrt{d}} \cdot \left(\frac{r_3}{4G'^2\sqrt{d}\alpha D_+(\mu)}\right)^{\frac{\lambda_+}{\lambda_-}} \le \frac{r_3}{2\sqrt{d}}\quad(\frac{\lambda_+}{\lambda_-} < -1)",
            "inequality",
        ),
        Step(
            "P11.ref",
            r"|\widetilde{\beta_2}(t_2(\mu))|, |\widetilde{\beta_2^{ref}}(t_2(\mu))| = \frac{r_3}{2\sqrt{d}}\ \text{(statement, first bullet)};\ "
            r"\text{``the proof is identical for } \widetilde{A^{ref}}\text{'': } |\widetilde{\beta_2^{ref}}(t_2^{ref}(\mu))| = \frac{r_3}{2\sqrt{d}}",
            "restatement",
            expect="refuted",
            erratum="The statement evaluates the reference quantity at t_2(mu), the proof (run for A~^ref) at t_2^ref(mu). "
            "On the linearised flow |beta~_2(t)| = |beta~_2(0)| e^{-lambda_- t}, so both hold at t_2 only when "
            "|beta~_2^ref(0)| = |beta~_2(0)| (then t_2 = t_2^ref); with |beta~_2^ref(0)| = (1 + q)|beta~_2(0)|, q != 0, "
            "|beta~_2^ref(t_2)| = (1 + q) r_3/(2 sqrt d). What holds: |beta~_2^ref(t_2^ref(mu))| = r_3/(2 sqrt d).",
        ),
    ),
    "proposition-14": (
        Step(
            "P14.ref",
            r"\text{statement: } t \ge t_1(\tfrac{\tilde r(\mu_1)}{4}) + t_2(\mu_1) \Rightarrow A(t) \in \mathrm{Diff}(\nu)^{\mathcal C};\ "
            r"\text{proof (for } A\text{): Let } t \ge t_1(\tfrac{\tilde r(\mu_1)}{4}) + t_2^{ref}(\mu_1)",
            "restatement",
            expect="refuted",
            erratum="The proof, written for A, starts at t_1 + t_2^ref(mu_1), the statement's bullet for A at t_1 + t_2(mu_1): "
            "when t_2 < t_2^ref (Proposition 11 gives two different times) the proof leaves [t_1 + t_2, t_1 + t_2^ref) "
            "uncovered. A typo: the argument is the same from t_1 + t_2(mu_1) for A (and from t_1 + t_2^ref for A^ref).",
        ),
    ),
    "proposition-12": (
        Step(
            "P12.1",
            r"|\exp(-(t_2(\mu) - \tau) \cdot \lambda_-) \cdot \widetilde{\beta_2}(0)| = |\exp(-t_2(\mu) \cdot \lambda_-) \cdot \widetilde{\beta_2}(0)| \cdot \exp(\lambda_- \cdot \tau) = \frac{r_3}{2\sqrt{d}} \cdot \exp(\lambda_- \cdot \tau)",
            "identity",
        ),
    ),
    "corollary-5": (
        Step(
            "C5.1",
            r"\frac{r_3 \cdot \exp(\lambda_- \cdot \tau)}{2G \cdot \sqrt{d}} \ge \frac{r_3 \cdot \exp(\lambda_-)}{2G \cdot \sqrt{d}}\quad(\tau\in[0,1],\ \lambda_-<0)",
            "inequality",
        ),
    ),
    "lemma-18": (
        Step(
            "L18.1",
            r"(*) \ge (L-1)^2 \frac{\widetilde{b}^2}{4} res_l^2 = \frac{((L-1)\widetilde{b})^2}{4} (\frac{1}{2} res_l^2 + \frac{1}{2} res_s^2) = \frac{((L-1)\widetilde{b})^2}{4} \ell(A)\quad(res_s=0)",
            "identity",
            expect="refuted",
            erratum="With res_s = 0, (1/2) res_l^2 + (1/2) res_s^2 = res_l^2/2, so the first '=' is off by a factor 2 "
            "(res_l = 1: 1 != 1/2); '>=' holds, which the PL coefficient needs. The last '=' also takes l = "
            "res_l^2/2 + res_s^2/2, i.e. P/m = 1/2 (see the statement's erratum).",
        ),
        Step(
            "L18.2",
            r"\|\nabla \ell(A)\|^2 = \sum_{k=1}^d res_s^2 = dres_s^2 = 2d(\frac{1}{2}res_l^2 + \frac{1}{2}res_s^2) = 2d\ell(A)\quad(res_l=0)",
            "identity",
            notes="Holds with the proof's normalisation grad_k = (L-1) a_k^{L-2} res_l + res_s, l = (res_l^2 + res_s^2)/2 (P/m = 1/2).",
        ),
        Step(
            "L18.3",
            r"\nabla \ell(A)_k^2 = (L-1)^2 (a_k^{L-2} - \chi)^2 res_l^2 = (1 - \frac{a_k^{L-2}}{\chi})^2 res_s^2",
            "identity",
        ),
        Step(
            "L18.4",
            r"|a_i^{L-2} - a_j^{L-2}| \ge (\frac{b}{2})^{L-2} =: \widetilde{b},\quad |1 - \frac{a_i^{L-2}}{a_j^{L-2}}| \ge (\frac{b}{6})^{L-2} =: \widehat{b}",
            "invocation",
            notes="Proposition 18 with s = 3, k = L - 2 (odd).",
        ),
        Step(
            "L18.5",
            r"\mu = \frac{1}{2} \min\left\{2d, \frac{((L-1)\tilde{b})^2}{4}, (\frac{\hat{b}}{\hat{b}+2})^2\right\}",
            "restatement",
            expect="refuted",
            erratum="The proof concludes with (b^/(b^ + 2))^2, the statement prints (b^/(b~ + 2))^2; b~ = 3^{L-2} b^ > b^, so "
            "the two coefficients differ (the statement's is the smaller; Corollary 7 and Proposition 14 use the proof's).",
        ),
    ),
    "proposition-13": (
        Step(
            "P13.1",
            r"\ell(A(t-1)) - \ell(A(t)) \ge 2(t_1 + t_2 - t_1 - t_2 + 1) \cdot \mu_1 \cdot \frac{\ell(\mathbf{s})}{2} = \mu_1 \cdot \ell(\mathbf{s})",
            "identity",
        ),
        Step(
            "P13.2",
            r"(1+\frac{\mu_1}{4})\ell(\mathbf{s}) - \ell(A(\cdot)) \ge \mu_1 \cdot \ell(\mathbf{s}) \implies \ell(\mathbf{s}) - \ell(A(\cdot)) \ge \frac{3\mu_1 \cdot \ell(\mathbf{s})}{4}",
            "identity",
        ),
    ),
    "lemma-19": (
        Step(
            "L19.1",
            r"t_3(\eta_2) = -\frac{\ln(\frac{m}{2P}\eta_2)}{2\mu_2} + \frac{1}{\lambda_-}\ln(\frac{D_-(\mu_1)}{2G'^4D_+(\mu_1)}) \ge -\frac{\ln(\frac{m}{2P}\eta_2)}{2\mu_2}",
            "identity",
            notes="The equality (the alpha under the roots cancels) and the inequality (lambda_- < 0, D_- < D_+, G' >= 1).",
        ),
        Step(
            "L19.2",
            r"\ell(A(t_2 - \frac{\ln(\frac{m}{2P}\eta_2)}{2\mu_2})) \leq \ell(A(t_2)) \cdot \exp(2\mu_2 \cdot \frac{\ln(\frac{m}{2P}\eta_2)}{2\mu_2}) \leq \ell(A(0)) \cdot \frac{m}{2P}\eta_2",
            "identity",
            notes="exp(2 mu_2 ln(x)/(2 mu_2)) = x; with l(A(0)) <= 2P/m (Lemma 5) the bound is eta_2.",
        ),
    ),
    "lemma-20": (
        Step(
            "L20.1",
            r"\text{Dist}(A, \mathcal{A}^*) \leq \sqrt{\frac{\mu_2}{N}\delta}",
            "inequality",
            notes="The radius the proof picks in Lemma 35 (sqrt of mu_2 delta / N as rendered).",
        ),
        Step(
            "L20.2",
            r"\|\widehat{A}_{2} - A(\cdot)\|_{2} \leq \sqrt{\frac{N}{\mu_{2}}}\frac{\mu_{2}}{N}\delta = \delta",
            "identity",
            expect="refuted",
            erratum="sqrt(N/mu_2)(mu_2/N) delta = sqrt(mu_2/N) delta, not delta (e.g. N = 4, mu_2 = 1: delta/2); and with "
            "L20.1's radius sqrt(mu_2 delta/N) the bound is sqrt(delta), not delta. Choosing the radius sqrt(mu_2/N) delta "
            "(Lemma 35 allows any) gives delta.",
        ),
    ),
    "proposition-16": (
        Step(
            "P16.1",
            r"\exp\left(-\frac{2}{\lambda_{-}}\ln\left(\frac{G'^{2}r_{3}}{2\sqrt{d}\alpha D_{-}(\mu_{1})}\right)|\lambda_{-}|\right) = \left(\frac{G'^{2}r_{3}}{2\sqrt{d}\alpha D_{-}(\mu_{1})}\right)^{2}",
            "identity",
        ),
        Step(
            "P16.2",
            r"\|A(0) - A^{ref}(0)\|_2 = |a_2(0) - a_2^{ref}(0)| = \alpha \cdot (1 - \zeta_2)",
            "identity",
        ),
        Step(
            "P16.3",
            r"\alpha \cdot (1 - \zeta_2) \le \frac{\frac{\delta}{2}}{\left(\frac{G'^2 r_3}{2\sqrt{d\alpha}D_{-}(\mu_1)}\right)^2 \exp\left(N \cdot \left(t_1 + t_3\right)\right)};\quad \alpha \cdot (1-\zeta_2) \left(\frac{G'^2 r_3}{2\sqrt{d\alpha}D_-(\mu_1)}\right)^2 \exp\left(N \cdot \left(t_1 + t_3\right)\right) \leq \frac{\delta}{2}",
            "identity",
            expect="refuted",
            erratum="The last two displays bound alpha (1 - zeta_2)(G'^2 r_3/(2 sqrt(d alpha) D_-))^2 e^{N(t_1+t_3)}, which is "
            "alpha times smaller than the divergence bound derived just before, alpha (1 - zeta_2)(G'^2 r_3/(2 sqrt(d) "
            "alpha D_-))^2 e^{N(t_1+t_3)}: as rendered they do not bound the divergence. With sqrt(d) alpha (Definition "
            "12's reading) the chain closes: I_5(delta/2, eta) gives exactly delta/2.",
        ),
    ),
    "corollary-8": (
        Step(
            "C8.1",
            r"\|\widehat{A}_{2} - A\left(t_{1} + t_{2}^{*} + t_{3}(\eta_{2,\delta})\right)\|_{2} \leq \frac{\delta}{2}\quad\text{(per Lemma 20)}",
            "invocation",
            expect="refuted",
            erratum="Lemma 20 with eta_{2,delta} gives '<= delta', not delta/2; Lemma 20 applied with delta/2 (eta_{2,delta/2}, "
            "also admissible) gives it, at the price of defining I_2 with eta_{2,delta/2}.",
        ),
    ),
}


# The statements whose checks discharge the invoked results' hypotheses (issue 19): each gets an ``invocation`` step
# naming what its printed proof invokes (USES), to which checks.ssm_poison_saddle binds the discharge check.
INVOKING = (
    "lemma-5",
    "lemma-8",
    "lemma-9",
    "lemma-10",
    "corollary-2",
    "remark-2",
    "proposition-6",
    "proposition-7",
    "proposition-9",
    "lemma-11",
    "corollary-3",
    "lemma-12",
    "claim-9",
    "claim-9:corrected",
    "remark-3",
    "remark-4",
    "lemma-18",
    "lemma-18:corrected",
    "lemma-13",
    "lemma-14",
    "lemma-15",
    "lemma-16",
    "lemma-17",
    "proposition-12",
    "proposition-10",
    "corollary-4",
    "proposition-11",
    "corollary-5",
    "corollary-6",
    "proposition-13",
    "proposition-14",
    "proposition-15",
    "lemma-19",
    "lemma-20",
    "proposition-16",
    "corollary-8",
    "claim-10",
)


def _invocation_step(key: str) -> Step:
    """The proof's invocations of registered results, named as the paper numbers them."""
    names = [u.replace("-", " ").capitalize() for u in USES[key] if not u.startswith(("ext:", "def:"))]
    return Step(INVOCATION_EQ, r"[the printed proof invokes " + ", ".join(names) + "]", "invocation")


def statement(id: str, *args, **kw):
    """The registry's ``statement`` with this module's tables filled in: ``uses`` (and its note), ``steps`` (and the
    invocation step of the statements in INVOKING)."""
    key = id.removeprefix(_P)
    kw.setdefault("uses", tuple(u if u.startswith(("ext:", "def:")) else _P + u for u in USES[key]))
    kw.setdefault("steps", STEPS.get(key, ()))
    if key in INVOKING:
        kw["steps"] = (*kw["steps"], _invocation_step(key))
    extra = USES_NOTES.get(key) or (DEFINITION_NOTE if key.startswith("definition-") else "")
    if extra:
        kw["notes"] = (kw.get("notes", "") + " " + extra).strip()
    return _statement(id, *args, **kw)


# ---------------------------------------------------------------------------------------
# D.3.2 Critical points and the Hessian at s
# ---------------------------------------------------------------------------------------
statement(
    "ssm-poison/lemma-4",
    "lemma",
    "4",
    "Critical points of l(.; S_2) are global minima or lie on span{1_d}",
    src("App. D.3.2", "(28)"),
    r"Let $A\in\mathbb R^d$ be a point such that $\nabla\ell(A)=0$. Then either $A$ is a global minimum, i.e. $\ell(A)=0$, "
    r"or exists $s\in\mathbb R$ such that $A=s\cdot\mathbf 1_d$.",
    notes="Proved for every d and each odd L checked: grad_j - grad_k = 2P/m (L-1)(sum a^{L-1}-1)(a_j^{L-2}-a_k^{L-2}) and "
    "x^{L-2}-y^{L-2} = (x-y) q(x,y) with q > 0 off x = y = 0 (q(x,1) has no real root, Sturm). Newton from random starts as "
    "a second method.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/lemma-5",
    "lemma",
    "5",
    "The loss stays below 2P/m along the flows from I_0 and from the reference",
    src("App. D.3.2", "(28), (30)"),
    r"Suppose we initialize at $A(0)\in\mathcal I_0$ and at $A^{ref}(0)$, and evolve $A(t)$ and $A^{ref}(t)$ according to "
    r"Equation (28). Then for any time $t\ge0$ it holds that $\ell(A(t)),\ell(A^{ref}(t))\le\frac{2P}{m}$.",
    notes="Full-budget domain search (ibv run --budget full, 2026-11-26): L odd appears unnecessary after 22 decided instances where only it fails (L in [3, 16], d in [8, 18]); d >= 8 appears unnecessary after 4 decided instances where only it fails (d in [2, 7], L in [7, 21], alpha up to 0.2499 just below 1/(2d) at d = 2: three of them the declared edges below d = 8; before those edges, one) -- the proof uses only alpha zeta_1 < 1/(2d) and L - 1 even. Each an observation: a sharper statement may hold there.",
    params=FLOW_PARAMS + (ZETA2_PARAM, ZETAD_PARAM),
    hypotheses=STANDING + (IN_I0,),
    edges=(
        {"alpha": 0.999999 / 16, "zeta_2": 1 - 1e-12, "zeta_d": 1e-12},
        {"d": 8, "L": 21, "alpha": 0.999999 / 16, "zeta_2": 0.5, "zeta_d": 0.25},
        {"d": 40, "L": 7, "alpha": 1e-9, "zeta_2": 0.999, "zeta_d": 0.001},
        {"w2": 1e-9},
        {"w2": 1e9, "alpha": 0.06},
        # below d = 8 inside I_0 (alpha < 1/(2d)): the necessity search of d >= 8 rarely draws these
        {"d": 2, "alpha": 0.2499, "zeta_2": 0.5, "zeta_d": 0.25},
        {"d": 4, "L": 9, "alpha": 0.1249, "zeta_2": 0.999, "zeta_d": 0.001},
        {"d": 7, "L": 21, "alpha": 0.0714, "zeta_2": 1 - 1e-12, "zeta_d": 1e-12},
    ),
)
statement(
    "ssm-poison/lemma-6",
    "lemma",
    "6",
    "On W_1 outside [1/d, 3/d]: not critical or loss > 2P/m",
    src("App. D.3.2", ""),
    r"Let $A=a\cdot\mathbf 1_d$. If $a\notin[\frac1d,\frac3d]$ then either $\nabla\ell(A)\neq0$ or $\ell(A)>\frac{2P}{m}$.",
    notes=(
        "Proof-only misprints: the displayed gradient entry drops the -1 of (d a^{L-1} - 1) (the bound 0.25 + (da-1) is "
        "the one for the correct entry); the interval (0, (L-1)/d^{L-2}) should be half-open at a = 0 (value 0)."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 54 decided instances where only it fails (d in [2, 7], L in [7, 15], a in [-3, 2.2]); L odd after 78 (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS + (A_PARAM,),
    hypotheses=STANDING + (A_OFF_13,),
    edges=(
        {"a": 0.0},
        {"a": -0.125},
        {"a": 0.1249999},
        {"a": 0.3750001},
        {"a": 3.0},
        {"a": -3.0},
        {"d": 8, "L": 41, "a": 0.1249999},
        {"d": 200, "L": 7, "a": 0.0049999},
        {"d": 200, "L": 7, "a": 0.0150001},
        {"w2": 1e-12, "a": 0.3750001},
    ),
)
statement(
    "ssm-poison/lemma-7",
    "lemma",
    "7",
    "The saddle s: unique critical point in [1/d, 3/d], argmin on W_1, l(s) >= P/(4m)",
    src("App. D.3.2", ""),
    r"There exists a unique $s\in[\frac1d,\frac3d]$ for which $\nabla\ell(s\cdot\mathbf 1_d)=0$. Additionally, $s$ satisfies "
    r"$\mathbf s:=s\cdot\mathbf 1_d=\arg\min_{A\in\mathcal W_1}\ell(A)$ and $\ell(\mathbf s)\ge\frac{P}{4m}>0$.",
    notes=(
        "Proof-only misprints: 'f'(a) = grad l(a 1_d)_j' is off by the factor d (f'(a) = d grad_j; the 'iff' holds); "
        "'by Lemma 4, f' has no root in [-1/d, 1/d]' means Lemma 6; the global-minimality step cites Lemma 4 for Lemma 6."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 is needed (counterexample at d = 2, L = 11: f has three critical points in [1/d, 3/d], near 0.512, 0.707, 0.914 -- uniqueness fails; at d = 2..7, L = 7 and d = 2, L = 9 the margin is positive); L odd appears unnecessary after 57 decided instances where only it fails (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
    # cheapest first; the corner (d, L) = (200, 41) costs 0.2-1.5 s of Arb root isolation, more than the quick
    # budget's whole CPU cap (the search generated no instance after it): d = 200 and L = 41 are searched apart
    edges=(
        {"d": 8, "L": 7},
        {"d": 9, "L": 7},
        {"d": 8, "L": 7, "w2": 1e-12},
        {"d": 8, "L": 7, "w2": 1e12},
        {"d": 200, "L": 7},
        {"d": 8, "L": 41},
    ),
)
statement(
    "ssm-poison/lemma-8",
    "lemma",
    "8",
    "Eigendecomposition of the Hessian at s: lambda_+ on 1_d, lambda_- (multiplicity d-1) on e_1 - e_j",
    src("App. D.3.2", ""),
    r"An eigendecomposition of $\nabla^2\ell(\mathbf s)$: the eigenvector $\mathbf 1_d$ with eigenvalue "
    r"$\lambda_+:=\frac{2P}m\big((L-1)((2L-3)d\,s^{L-1}-(L-2))s^{L-3}+d\big)$; for $j\in\{2,\dots,d\}$ the eigenvector "
    r"$\mathbf e_1-\mathbf e_j$ with eigenvalue $\lambda_-:=\frac{2P}m(L-1)(L-2)(d\,s^{L-1}-1)s^{L-3}$.",
    notes="Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 41 decided instances where only it fails (d in [2, 7], L in [7, 15]); L odd after 62 (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
    edges=(
        {"d": 8, "L": 7},
        {"d": 9, "L": 7},
        {"d": 8, "L": 41},
        {"d": 200, "L": 7},
        {"d": 200, "L": 41},
        {"d": 8, "L": 7, "w2": 1e-12},
        {"d": 8, "L": 7, "w2": 1e12},
    ),
)
statement(
    "ssm-poison/lemma-9",
    "lemma",
    "9",
    "lambda_+ >= 2P(d-1)/m > 0 and lambda_- in (-2P/m, 0)",
    src("App. D.3.2", ""),
    r"$\lambda_+\ge\frac{2P(d-1)}m>0$ and $\lambda_-\in(-\frac{2P}m,0)$.",
    notes=(
        "Proof-only misprint: the chain '-1 <= d s^{L-1} - 1 <= 3(3/d)^{L-2} - 1 <= 3(3/8)^{L-2} < 0' drops the -1 in its "
        "last two terms (3(3/8)^{L-2} > 0); with it, 3(3/8)^{L-2} - 1 < 0 and the conclusion follows."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 and L odd are both needed (counterexamples at d = 2 and at L = 3, the other parameters at their defaults). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
    edges=(
        {"d": 8, "L": 7},
        {"d": 9, "L": 7},
        {"d": 8, "L": 41},
        {"d": 200, "L": 7},
        {"d": 200, "L": 41},
        {"d": 8, "L": 7, "w2": 1e-12},
        {"d": 8, "L": 7, "w2": 1e12},
    ),
)
statement(
    "ssm-poison/lemma-10",
    "lemma",
    "10",
    "Closed-form solution of the flow linearised at s",
    src("App. D.3.2", ""),
    r"$\dot A^{lin}(t):=-\nabla\ell(\mathbf s)-\nabla^2\ell(\mathbf s)(A^{lin}(t)-\mathbf s)=-\nabla^2\ell(\mathbf s)(A^{lin}(t)-\mathbf s)$ "
    r"has the solution $A^{lin}(t)=Q\exp(-t\,\mathrm{Diag}(\lambda_+,\lambda_-,\dots,\lambda_-))Q^\top(A^{lin}(0)-\mathbf s)+\mathbf s$, "
    r"$Q$ orthogonal with first column $\frac1{\sqrt d}\mathbf 1_d$ and the others an orthonormal basis of $\mathcal W_2$.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/corollary-2",
    "corollary",
    "2",
    "Linearised solution in W_1/W_2 coordinates",
    src("App. D.3.2", ""),
    r"With $A^{lin}(0)$ projected to $\beta_1\mathbf 1_d\in\mathcal W_1$ and $\beta_2\mathbf v\in\mathcal W_2$ ($\mathbf v$ unit): "
    r"$A^{lin}(t)=(\exp(-t\lambda_+)(\beta_1-s)+s)\mathbf 1_d+(\exp(-t\lambda_-)\beta_2)\mathbf v$ for $t\ge0$.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/remark-2",
    "remark",
    "2",
    "Linearised solution diverges from s iff beta_2 != 0",
    src("App. D.3.2", ""),
    r"If $\beta_2\neq0$ the solution diverges from $\mathbf s$: since $\lambda_-<0<\lambda_+$, "
    r"$\lim_{t\to\infty}(e^{-t\lambda_+}(\beta_1-s)+s)\mathbf 1_d=\mathbf s$ and $\lim_{t\to\infty}\|(e^{-t\lambda_-}\beta_2)\mathbf v-\mathbf s\|\to\infty$; "
    r"if $\beta_2=0$ the solution converges to $\mathbf s$.",
    notes="Full-budget domain search (ibv run --budget full, 2026-11-26): no violation at 37 decided instances inside (d in [8, 18], L in [7, 15]); the slack min{lambda_+, -lambda_-} shrinks with L (1.3e-14 at d = 18, L = 15, P/m = 0.04: -lambda_- ~ s^{L-3}) yet stays certified positive; d >= 8 appears unnecessary after 50 decided instances where only it fails (d in [2, 7]); L odd after 53 (L in [3, 16]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
)

# ---------------------------------------------------------------------------------------
# D.3.3 Linearisation
# ---------------------------------------------------------------------------------------
statement(
    "ssm-poison/definition-5",
    "definition",
    "5",
    "C^K-conjugacy and C^K-linearisation near a fixed point",
    src("App. D.3.3", ""),
    r"$f,g$ are $C^K$-conjugate near $\mathbf x_0$ when a $C^K$-diffeomorphism $H:\mathcal V_1\to\mathcal U_1$ with "
    r"$H(\mathbf x_0)=\mathbf x_0$ maps solutions of $\dot{\mathbf x}=f(\mathbf x)$ in $\mathcal V_1$ to solutions of "
    r"$\dot{\mathbf y}=g(\mathbf y)$ and $H^{-1}$ conversely; $f$ admits a $C^K$-linearization when it is $C^K$-conjugate "
    r"to $\dot{\mathbf y}=A(\mathbf y-\mathbf x_0)$, $A=Df(\mathbf x_0)$.",
    hypotheses=(),
    params=PARAMS,
)
statement(
    "ssm-poison/definition-6",
    "definition",
    "6",
    "Strict hyperbolicity",
    src("App. D.3.3", ""),
    r"$A$ with real eigenvalues $\lambda_1..\lambda_d$ is strictly hyperbolic when all $\lambda_j\neq0$ and some "
    r"$\lambda_{j_+}>0$, $\lambda_{j_-}<0$.",
    hypotheses=(),
    params=PARAMS,
)
statement(
    "ssm-poison/definition-7",
    "definition",
    "7",
    "Non-resonance condition of order N",
    src("App. D.3.3", ""),
    r"$\gamma(\lambda,\mathbf m):=\lambda-\sum_km_k\lambda_k$. $A$ satisfies the non-resonance condition of order $N\ge2$ when "
    r"for all $j\in[d]$ and all $\mathbf m\in\mathbb N_{>0}^d$ with $\sum_km_k\in\{2,\dots,N\}$, $\gamma(\lambda_j,\mathbf m)\neq0$.",
    hypotheses=(),
    notes="As printed (m in N_{>0}^d, every m_k >= 1) the condition is vacuous for N < d: no such m has sum <= N. "
    "Proposition 6's proof takes m in N_{>=0}^d, which is Sell's (Sternberg's) condition; the checks use both readings.",
    params=PARAMS,
)
statement(
    "ssm-poison/definition-8",
    "definition",
    "8",
    "Q-smoothness of a strictly hyperbolic matrix",
    src("App. D.3.3", ""),
    r"$\rho_\pm$ = ratio of the largest to the smallest $|\lambda_j|$ among positive (negative) eigenvalues; the "
    r"$Q$-smoothness is the largest $K\in\mathbb N_{\ge0}$ with $M,N\in\mathbb N_{>0}$, $Q=M+N$, $M-K\rho_+\ge0$, $N-K\rho_-\ge0$.",
    hypotheses=(),
    notes="For Q = 1 no (M, N) is admissible, so the Q-smoothness is undefined there (Theorem 3 uses Q >= 2).",
    params=PARAMS,
)
statement(
    "ssm-poison/theorem-3",
    "theorem",
    "3",
    "Sell (1985), Thm 1 (adapted): C^K linearisation under hyperbolicity and non-resonance",
    src("App. D.3.3", ""),
    r"Let $Q\ge2$, $f$ analytic with fixed point $\mathbf x_0$, $A=Df(\mathbf x_0)$. If $A$ is strictly hyperbolic and satisfies "
    r"the non-resonance condition of order $Q$, then $f$ admits a $C^K$ linearization near $\mathbf x_0$, $K$ the $Q$-smoothness of $A$.",
    notes="Imported (Sell 1985), encoded as an axiom: not checked. The checks verify its hypotheses for f = -grad l at s "
    "(analytic field, strict hyperbolicity and non-resonance of order Q = d-2 certified on ball enclosures, K = floor(Q/2)). "
    "The 'slight adaptation' (footnote 12) is not compared with Sell's statement.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/proposition-6",
    "proposition",
    "6",
    "-Hess l(s) is strictly hyperbolic and non-resonant of order d-2",
    src("App. D.3.3", ""),
    r"The hessian matrix $-\nabla^2\ell(\mathbf s)$ is strictly hyperbolic and satisfies the non-resonance condition of order $d-2$.",
    notes=(
        "Certified on Arb enclosures under both readings of Definition 7 (as printed it is vacuous; the proof's reading "
        "m in N_{>=0}^d is the substantive one), and proved exactly for the paper's pairs (no common root of g_{d,L} and "
        "c_+ lambda_+ + c_- lambda_- in [1/d,3/d]). Resonance needs lambda_+/|lambda_-| = M/(m_1-1) or (M-1)/m_1; the ratio "
        "is ~1.1e3 at (8,7), so the first possible resonance order is far above d-2. Proof-only gap: the last case of "
        "gamma(lambda_-, m) assumes sum_{k>=2} m_k >= 1 (for sum = 0, gamma = lambda_- - m_1 lambda_+ < 0 directly)."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 48 decided instances where only it fails (d in [2, 7], L in [7, 15]); L odd after 55 (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
    edges=(
        {"d": 8, "L": 7},
        {"d": 9, "L": 7},
        {"d": 8, "L": 41},
        {"d": 200, "L": 7},
        {"d": 200, "L": 41},
        {"d": 8, "L": 7, "w2": 1e-12},
        {"d": 8, "L": 7, "w2": 1e12},
    ),
)
statement(
    "ssm-poison/proposition-7",
    "proposition",
    "7",
    "Q-smoothness of -Hess l(s) is at least floor(Q/2)",
    src("App. D.3.3", ""),
    r"For any $Q\in\mathbb N_{>0}$, the $Q$-smoothness of $-\nabla^2\ell(\mathbf s)$ is at least $\lfloor\frac Q2\rfloor$.",
    notes=(
        "With rho_pm = 1 Definition 8 gives exactly floor(Q/2) for Q >= 2; for Q = 1 the Q-smoothness is undefined (no "
        "M, N >= 1 with M + N = 1), a definitional gap at a value Theorem 3 never uses. Proof-only misprint: the condition "
        "'M - K > 0' (strict) would give ceil(Q/2) - 1, less than floor(Q/2) for even Q; Definition 8 has '>= 0'."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 37 decided instances where only it fails (d in [2, 7], L in [7, 15], Q in [1, 11]); L odd after 69 (L in [3, 16], d in [8, 18], Q in [1, 400]). Each an observation: a sharper statement may hold there.",
    params=PARAMS + (Q_PARAM,),
    hypotheses=STANDING,
    edges=({"Q": 1}, {"Q": 2}, {"Q": 3}, {"Q": 400}, {"Q": 399}),
)
statement(
    "ssm-poison/proposition-8",
    "proposition",
    "8",
    "The gradient flow admits an (at least) C^3 linearisation near s",
    src("App. D.3.3", ""),
    r"The dynamical system induced by gradient flow (Equation (28)) admits a linearization near $\mathbf s$ that is at least $C^3$.",
    notes=(
        "Rests on Theorem 3 (imported). Checked: its hypotheses at s and the bookkeeping floor((d-2)/2) >= 3 for d >= 8."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 is needed (counterexample at d = 2); L odd appears unnecessary after 51 decided instances where only it fails (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
    edges=({"d": 8, "L": 7}, {"d": 9, "L": 7}, {"d": 10**6, "L": 7}),
)
statement(
    "ssm-poison/proposition-9",
    "proposition",
    "9",
    "Radii r_1 <= 1/(2d), r_2 < r_1, r_3 with Hessian control and Lipschitz H, H^{-1}",
    src("App. D.3.3", ""),
    r"There exists $r_1>0$ with: 1. $r_1\le\frac1{2d}$; 2. $|\lambda_{min}(\nabla^2\ell(A))|\le2|\lambda_-|$ on $\overline{B_{r_1}}(\mathbf s)$; "
    r"3. $H|_{\overline{B_{r_1}}}$ Lipschitz, $r_2\in(0,r_1)$, $r_3>0$ with $H^{-1}|_{\overline{B_{r_3}}}$ Lipschitz and "
    r"$H[\overline{B_{r_2}}(\mathbf s)]\subseteq\overline{B_{r_3}}(\mathbf s)\subseteq H[\overline{B_{r_1}}(\mathbf s)]$.",
    notes="Items 1-2 certified (a radius on which Weyl's inequality and a ball enclosure of the Hessian give item 2); "
    "item 3 concerns H (" + "non-constructive" + "), not checked.",
    params=PARAMS,
    hypotheses=STANDING,
)

# ---------------------------------------------------------------------------------------
# D.3.4 Movement towards s
# ---------------------------------------------------------------------------------------
statement(
    "ssm-poison/lemma-11",
    "lemma",
    "11",
    "Trajectories from I_0 and the reference stay in [-3,3]^d",
    src("App. D.3.4", "(28)"),
    r"For any $t\ge0$ and $j\in[d]$: $A_j(t),A^{ref}_j(t)\in[-3,3]$.",
    params=FLOW_PARAMS + (ZETA2_PARAM, ZETAD_PARAM),
    notes="Proof-only misprint: the displayed loss has 2P/m in place of P/m and the bound (3-1)^2 for (3^{L-1}-1)^2; "
    "the contradiction holds as well with the correct factor. Full-budget domain search (2026-11-26, before these "
    "edges were declared: 8 decided instances inside I_0 of 183): d >= 8 appears unnecessary after 26 decided instances "
    "where only it fails (d in [2, 7]); L odd untested in effect (1 decided instance: the margin's bound needs L - 1 "
    "even and is undecided at even L by construction); I_0 is needed (alpha = 100 leaves [-3, 3] at t = 0).",
    hypotheses=STANDING + (IN_I0,),
    # I_0 (alpha < 1/(2d)) is a thin slice of the alpha range the generated instances draw from: its corners by hand
    edges=(
        {"alpha": 0.999999 / 16, "zeta_2": 1 - 1e-12, "zeta_d": 1e-12},
        {"d": 8, "L": 21, "alpha": 0.999999 / 16, "zeta_2": 0.5, "zeta_d": 0.25},
        {"d": 8, "L": 41, "alpha": 0.999999 / 16, "zeta_2": 0.999, "zeta_d": 0.001},
        {"d": 40, "L": 7, "alpha": 1e-9, "zeta_2": 0.999, "zeta_d": 0.001},
        {"d": 200, "L": 7, "alpha": 0.999999 / 400, "zeta_2": 1 - 1e-12, "zeta_d": 1e-12},
        {"w2": 1e-9},
        {"w2": 1e9, "alpha": 0.06},
    ),
)
statement(
    "ssm-poison/corollary-3",
    "corollary",
    "3",
    "-grad l is N-Lipschitz along the trajectories",
    src("App. D.3.4", ""),
    r"There exists $N>0$ such that $-\nabla\ell(A(t))$ and $-\nabla\ell(A^{ref}(t))$ are $N$-Lipschitz for all $t\ge0$.",
    notes=(
        "Checked with the explicit N of catalog §0.5 item 8 (Gershgorin on [-3,3]^d): certified up to a factor 1 + 2^-20 (Arb radii), and exactly on random pairs."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 52 decided instances where only it fails (d in [2, 7], L in [7, 15]); L odd after 42 (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS + (CUBE_POINT_PARAM,),
    edges=(
        {"seed": 0},
        {"seed": 1},
        {"seed": 2},
        {"seed": 3},
        {"d": 8, "L": 21, "seed": 0},
        {"d": 30, "L": 7, "seed": 2},
        {"w2": 1e-9, "seed": 0},
    ),
    hypotheses=STANDING,
)
statement(
    "ssm-poison/lemma-12",
    "lemma",
    "12",
    "Flow on W_1 from [-1/d, 4/d] stays on W_1, keeps order, converges to s",
    src("App. D.3.4", ""),
    r"Let $a_1\neq a_2\in[-\frac1d,\frac4d]\setminus\{s\}$, $A_i(0)=a_i\mathbf 1_d$. Then $A_i(t)=a_i(t)\mathbf 1_d$; "
    r"$a_2(t)<a_1(t)\iff a_2<a_1$; for any $r>0$ there is $t_1$ with $A_1(t),A_2(t)\in\overline{B_r}(\mathbf s)$ for $t\ge t_1$.",
    notes=(
        "Proof-only misprint: (L-1)(L-2)(4/d)^{L-3} <= g(L) := (L-1)(L-2)/1.5^{L-2} (3/4)^{L-3} fails at d = 8 (e.g. 15/8 > "
        "5/4 at L = 7); 'h(4) = 15/8' should read (L-1)(L-2)(1/2)^{L-3} = 15/8 at L = 7, which still gives f'' < 0."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 51 decided instances where only it fails (d in [2, 7], L in [7, 15]); L odd after 48 (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/claim-9",
    "claim",
    "9",
    "A^Z, A^-, t_1(r), and the printed position A^Z(t_1(r)) = (r/sqrt d) 1_d + s",
    src("App. D.3.4", ""),
    r"$A^Z(t)$, $A^-(t)$: trajectories of (28) from $\mathbf 0_d$ and $-\frac1d\mathbf 1_d$; $t_1(r)$ the minimal time with "
    r"$A^Z(t_1(r))\in\overline{B_r}(\mathbf s)$. ``Note this means that for $r\in(0,s)$ we have $A^Z(t_1(r))=\frac r{\sqrt d}\cdot\mathbf 1_d+\mathbf s$.''",
    expect="refuted",
    erratum="A^Z increases monotonically from 0 towards s and never exceeds s (g_{d,L} < 0 on [0, s), Lemmas 6-7), so it "
    "enters the ball from below: A^Z(t_1(r)) = s 1_d - (r/sqrt d) 1_d. The printed point (s + r/sqrt d) 1_d lies on the "
    "other side, at distance 2r. Counterexample: (d, L) = (8, 7), r = s/2: a^Z(t) - s < 0 at every time.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/claim-9:corrected",
    "claim",
    "9 (corrected)",
    "A^Z(t_1(r)) = s 1_d - (r/sqrt d) 1_d",
    src("App. D.3.4", ""),
    r"For $r\in(0,s)$: $A^Z(t_1(r))=\mathbf s-\frac r{\sqrt d}\cdot\mathbf 1_d$.",
    corrects="ssm-poison/claim-9",
    notes="Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 43 decided instances where only it fails (d in [2, 7], L in [7, 15]); L odd after 52 (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/definition-9",
    "definition",
    "9",
    "W_1/W_2 coordinates beta_1, beta_2 v along the trajectories",
    src("App. D.3.4", "(16)"),
    r"$A(t)=\beta_1(t)\mathbf 1_d+\beta_2(t)\mathbf v(t)$, $\mathbf v(t)\in\mathcal W_2$ unit; likewise for $A^{ref}$.",
    hypotheses=(),
    notes="(16) prints W_2 = span{e_1-e_2, ..., e_l-e_d}; Lemma 10's proof and Lemma 26 use span{e_1-e_j}. Both span "
    "1_d^perp (checked), so beta_1 = 1^T A/d.",
    params=PARAMS,
)
statement(
    "ssm-poison/remark-3",
    "remark",
    "3",
    "Dist(A, W_1) = |beta_2| and Dist(A, W_2) = sqrt(d) |beta_1|",
    src("App. D.3.4", ""),
    r"$\mathrm{Dist}(A(t),\mathcal W_1)=|\beta_2(t)|$, $\mathrm{Dist}(A(t),\mathcal W_2)=\sqrt d|\beta_1(t)|$, likewise for the reference.",
    hypotheses=(),
    params=PARAMS,
)
statement(
    "ssm-poison/definition-10",
    "definition",
    "10",
    "Initialisation subset I_3(r)",
    src("App. D.3.4", ""),
    r"$\mathcal I_3(r):=\{A\in\mathcal I_0:\alpha\le\frac{\min\{r,\|A^Z(t_1(r))-A^-(t_1(r))\|_2\}}{6d}\exp(-N t_1(r)),\ \zeta_d\le\frac12\}$.",
    notes="Evaluated with the explicit N of Corollary 3's check: the alpha bound is positive but astronomically small "
    "(its log10 is recorded).",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/proposition-10",
    "proposition",
    "10",
    "Approach to s: entry into B_{r/2}(s) with |beta_2| in [alpha D_-, alpha D_+]",
    src("App. D.3.4", ""),
    r"Let $r\in(0,s)$, $A(0)\in\mathcal I_3(\frac r4)$. There are $D_\pm(r)>0$ with $A(t_1(\frac r4)),A^{ref}(t_1(\frac r4))\in\overline{B_{r/2}}(\mathbf s)$ "
    r"and $|\beta_2(t_1(\frac r4))|,|\beta_2^{ref}(t_1(\frac r4))|\in[\alpha D_-(r),\alpha D_+(r)]$ "
    r"($D_+(r)=d\,e^{Nt_1(r/4)}$, $D_-(r)=\frac1{2d}e^{-Nt_1(r/4)}$).",
    params=FLOW_PARAMS,
    hypotheses=PROP10_HYPS,
    notes="The hypothesis alpha <= (I_3 bound) needs alpha below ~10^(-10^5); the flow check runs alpha = 1e-2, 1e-3 "
    "(hypothesis not met, said per instance) and compares the measured |beta_2|/alpha with D_pm (slack reported).",
)
statement(
    "ssm-poison/remark-4",
    "remark",
    "4",
    "A ball of radius r-bar(mu) around s has l <= (1 + mu/4) l(s)",
    src("App. D.3.4", ""),
    r"Let $\mu>0$. There exists $\bar r(\mu)>0$ such that any $A\in\overline{B_{\bar r(\mu)}}(\mathbf s)$ satisfies $\ell(A)\le(1+\frac\mu4)\ell(\mathbf s)$.",
    notes="Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 43 decided instances where only it fails (d in [2, 7], L in [7, 15]); L odd after 52 (L in [3, 16], d in [8, 18]). Each an observation: a sharper statement may hold there.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/corollary-4",
    "corollary",
    "4",
    "Proposition 10 with r~(mu) = min{r_2, r-bar(mu)}, plus the loss bound at entry",
    src("App. D.3.4", ""),
    r"With $\tilde r(\mu)=\min\{r_2,\bar r(\mu)\}$ and $A(0)\in\mathcal I_3(\frac{\tilde r}4)$: $A(t_1(\frac{\tilde r}4))\in\overline{B_{r_2/2}}(\mathbf s)$, "
    r"$|\beta_2|\in[\alpha D_-(\mu),\alpha D_+(\mu)]$ and $\ell(A(t_1(\frac{\tilde r(\mu)}4)))\le(1+\frac\mu4)\ell(\mathbf s)$ (and for the reference).",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="r_2 comes from H (not constructive): the flow check uses r~ = certified r-bar(mu).",
)

# ---------------------------------------------------------------------------------------
# D.3.5 Escape from s
# ---------------------------------------------------------------------------------------
statement(
    "ssm-poison/lemma-13",
    "lemma",
    "13",
    "H maps W_1 near s into W_1",
    src("App. D.3.5", ""),
    r"Let $A\in\overline{B_{r_2}}(\mathbf s)\setminus\{\mathbf s\}$, $\widetilde A:=H(A)$. If $A\in\mathcal W_1$ then $\widetilde A\in\mathcal W_1$.",
    notes=H_NONCONSTRUCTIVE,
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/lemma-14",
    "lemma",
    "14",
    "Two points of W_1 mapped by H to opposite sides of s",
    src("App. D.3.5", ""),
    r"There exist $a_1,a_2\in[s-\frac{r_2}{2\sqrt d},s+\frac{r_2}{2\sqrt d}]\setminus\{s\}$, $\tilde a_1\in[s-\frac{r_3}{\sqrt d},s)$, "
    r"$\tilde a_2\in(s,s+\frac{r_3}{\sqrt d}]$ with $H(a_1\mathbf 1_d)=\tilde a_1\mathbf 1_d$, $H(a_2\mathbf 1_d)=\tilde a_2\mathbf 1_d$ or swapped.",
    notes=H_NONCONSTRUCTIVE,
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/lemma-15",
    "lemma",
    "15",
    "H^{-1} maps W_1 near s into W_1",
    src("App. D.3.5", ""),
    r"Let $\widetilde A\in\overline{B_{r_3}}(\mathbf s)\setminus\{\mathbf s\}$, $A:=H^{-1}(\widetilde A)$. If $\widetilde A\in\mathcal W_1$ then $A\in\mathcal W_1$.",
    notes=H_NONCONSTRUCTIVE
    + " Proof-only misprint: a~ in [s - r_3, s + r_3] should read [s - r_3/sqrt d, s + r_3/sqrt d].",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/lemma-16",
    "lemma",
    "16",
    "Dist(A, W_1) <= G~ Dist(H(A), W_1)",
    src("App. D.3.5", ""),
    r"Let $A\in\overline{B_{r_2}}(\mathbf s)\setminus\{\mathbf s\}$. Then $\mathrm{Dist}(A,\mathcal W_1)\le\widetilde G\cdot\mathrm{Dist}(H(A),\mathcal W_1)$, "
    r"$\widetilde G$ the Lipschitz coefficient of $H^{-1}|_{\overline{B_{r_2}}(\mathbf s)}$.",
    notes=H_NONCONSTRUCTIVE
    + " The statement names H^{-1} restricted to B_{r_2}, the proof uses B_{r_3} (where H(A) lies).",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/lemma-17",
    "lemma",
    "17",
    "Dist(H(A), W_1) <= G Dist(A, W_1)",
    src("App. D.3.5", ""),
    r"Let $A\in\overline{B_{r_1}}(\mathbf s)$. Then $\mathrm{Dist}(H(A),\mathcal W_1)\le G\cdot\mathrm{Dist}(A,\mathcal W_1)$, $G$ the Lipschitz coefficient of $H|_{\overline{B_{r_1}}(\mathbf s)}$.",
    notes=H_NONCONSTRUCTIVE,
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/definition-11",
    "definition",
    "11",
    "Initialisation subset I_4(mu); G' = max{1, G, G~}",
    src("App. D.3.5", ""),
    r"$\mathcal I_4(\mu):=\{A\in\mathcal I_0:\alpha\le\frac{r_3}{4\max\{2,\exp(-2\lambda_-)\}G'^2\sqrt d\,D_+(\mu)}\}$.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/proposition-11",
    "proposition",
    "11",
    "Linearised escape times t_2, t_2^ref >= 2 with a logarithmic bracket",
    src("App. D.3.5", ""),
    r"There exist $t_2(\mu),t_2^{ref}(\mu)\ge2$ with $|\widetilde\beta_2(t_2(\mu))|=\frac{r_3}{2\sqrt d}$, "
    r"$t_2\in[-\frac1{\lambda_-}\ln(\frac{r_3}{4G'^2\sqrt d\alpha D_+(\mu)}),-\frac1{\lambda_-}\ln(\frac{G'^2r_3}{2\sqrt d\alpha D_-(\mu)})]$, and "
    r"$\widetilde A(t)\in\overline{B_{r_3}}(\mathbf s)$ for $t\in[0,t_2(\mu)]$ (likewise for the reference).",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="Proof-only misprints: '||(b_1 - s) 1_d + b_2 v|| = ||.|| + ||.||' should be '<=' (triangle inequality); the first "
    "bullet's reference quantity should be evaluated at t_2^ref(mu), not t_2(mu).",
)
statement(
    "ssm-poison/proposition-12",
    "proposition",
    "12",
    "|beta~_2(t_2 - tau)| = r_3/(2 sqrt d) exp(lambda_- tau) on the unit window",
    src("App. D.3.5", ""),
    r"For any $\tau\in[0,1]$: $|\widetilde\beta_2(t_2(\mu)-\tau)|,|\widetilde{\beta_2^{ref}}(t_2(\mu)-\tau)|=\frac{r_3}{2\sqrt d}\exp(\lambda_-\tau)$.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/corollary-5",
    "corollary",
    "5",
    "The nonlinear trajectory keeps distance >= r_3 e^{lambda_-}/(2G sqrt d) from W_1 on a unit window",
    src("App. D.3.5", ""),
    r"For $\tau\in[0,1]$: $|\beta_2(t_1+t_2(\mu)-\tau)|=\mathrm{Dist}(A(t_1+t_2(\mu)-\tau),\mathcal W_1)\ge\frac{r_3\exp(\lambda_-)}{2G\sqrt d}$ (and for the reference).",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes=H_NONCONSTRUCTIVE,
)

# ---------------------------------------------------------------------------------------
# D.3.6 Convergence to a global minimum
# ---------------------------------------------------------------------------------------
statement(
    "ssm-poison/corollary-6",
    "corollary",
    "6",
    "Some pair of coordinates differs by >= r_3 e^{lambda_-}/(2G d^{1.5}) on the escape window",
    src("App. D.3.6", ""),
    r"For $\tau\in[0,1]$ there exist $i,j$ with $|a_i-a_j|(t_1+t_2(\mu)-\tau)\ge\frac{r_3\exp(\lambda_-)}{2G\,d^{1.5}}$ (likewise for the reference).",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
)
_LEMMA18_ERRATUM = (
    "With l and grad l as in (27)/(28), ||grad l||^2 / l is proportional to P/m (||grad l||^2 = 4(P/m)^2 ||g||^2, "
    "l = (P/m)(res_l^2 + res_s^2)), while the printed mu does not depend on P/m: the proof computes with P/m = 1/2 "
    "(it writes grad_k = (L-1) a_k^{L-2} res_l + res_s and l = res_l^2/2 + res_s^2/2). For P/m < 1/2 the printed "
    "coefficient fails: at P/m = 10^-12, d = 8, L = 7, b = 1 and A = (1/2, -1/2, 0, ..., 0) (in Diff(1)^C and in "
    "[-3,3]^d), exactly ||grad l||^2 = 3.23e-23 < 2 mu l = 7.77e-21 (mu = 2.0e-9; the inequality holds at this point only for "
    "P/m >= 2.4e-10). What holds (the proof's argument with the factor kept): "
    "PL with coefficient (2P/m) mu, i.e. (P/m) min{2d, ((L-1) b~)^2/4, (b^/(b~+2))^2}. Corollary 7, Proposition 14 and "
    "Lemma 19 inherit the factor 2P/m (they hold as printed when P/m >= 1/2, e.g. Theorem 1's P/m = n/(n+1))."
)
statement(
    "ssm-poison/lemma-18",
    "lemma",
    "18",
    "PL inequality on Diff(b)^C intersected with [-3,3]^d",
    src("App. D.3.6", "(17), (18)"),
    r"Let $b>0$. $\ell|_{\mathrm{Diff}(b)^{\mathcal C}\cap[-3,3]^d}$ satisfies the PL condition with PL coefficient "
    r"$\mu=\frac12\min\{2d,\frac{((L-1)\tilde b)^2}4,(\frac{\hat b}{\tilde b+2})^2\}$, for $\tilde b:=(\frac b2)^{L-2}$ and $\hat b:=(\frac b6)^{L-2}$.",
    params=PL_PARAMS,
    expect="refuted",
    erratum=_LEMMA18_ERRATUM,
    notes="The statement's third term has b~ + 2 in the denominator, the proof's b^ + 2 (the statement's is the smaller, "
    "so weaker). Definition 13: ||grad f||^2 >= 2 mu (f - min f), min l = 0.",
    hypotheses=STANDING + (IN_DIFF_B,),
    edges=(
        {"d": 8, "L": 7, "w2": 1e-12, "b": 1.0, "a1": 0.5, "a2": -0.5, "seed": 0},
        {"d": 8, "L": 7, "w2": 1e-12, "b": 6.0, "a1": 3.0, "a2": -3.0, "seed": 0},
        {"d": 8, "L": 7, "w2": 0.5, "b": 1e-3, "a1": 0.0005, "a2": -0.0005, "seed": 0},
        {"d": 8, "L": 7, "w2": 0.5, "b": 0.5, "a1": 0.25, "a2": -0.25, "seed": 1},
        {"d": 8, "L": 21, "w2": 1.0, "b": 1.0, "a1": 0.5, "a2": -0.5, "seed": 2},
        {"d": 60, "L": 7, "w2": 1.0, "b": 2.0, "a1": 1.0, "a2": -1.0, "seed": 3},
        {"d": 8, "L": 7, "w2": 1e2, "b": 1.0, "a1": 1.0, "a2": 0.0, "seed": 0},
        # outside the premise (a point of W_1 at the saddle s, no gap): PL must fail there
        {"d": 8, "L": 7, "w2": 1.0, "b": 0.5, "a1": S_8_7, "a2": S_8_7, "seed": 1},
    ),
)
statement(
    "ssm-poison/lemma-18:corrected",
    "lemma",
    "18 (corrected)",
    "PL on Diff(b)^C cap [-3,3]^d with coefficient (2P/m) mu",
    src("App. D.3.6", ""),
    r"$\ell|_{\mathrm{Diff}(b)^{\mathcal C}\cap[-3,3]^d}$ satisfies the PL condition with coefficient "
    r"$\frac{2P}m\cdot\frac12\min\{2d,\frac{((L-1)\tilde b)^2}4,(\frac{\hat b}{\tilde b+2})^2\}$.",
    params=PL_PARAMS,
    corrects="ssm-poison/lemma-18",
    notes=(
        "Verified on Hypothesis instances (random points of [-3,3]^d with a forced gap >= b), including each case bound of "
        "the proof, and the exact scaling in P/m; the proof's case analysis (Propositions 18-19) is not re-proved symbolically."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): d >= 8 appears unnecessary after 43 decided instances where only it fails (d in [2, 7], L in [7, 9]); L odd after 60 (L in [3, 16], d in [8, 18]); the Diff(b)^C hypothesis is needed (counterexample at a1 = a2 = 0.125, b = 0.5). Each an observation: a sharper statement may hold there.",
    hypotheses=STANDING + (IN_DIFF_B,),
    edges=(
        {"d": 8, "L": 7, "w2": 1e-12, "b": 1.0, "a1": 0.5, "a2": -0.5, "seed": 0},
        {"d": 8, "L": 7, "w2": 1e-12, "b": 6.0, "a1": 3.0, "a2": -3.0, "seed": 0},
        {"d": 8, "L": 7, "w2": 0.5, "b": 1e-3, "a1": 0.0005, "a2": -0.0005, "seed": 0},
        {"d": 8, "L": 7, "w2": 0.5, "b": 0.5, "a1": 0.25, "a2": -0.25, "seed": 1},
        {"d": 8, "L": 21, "w2": 1.0, "b": 1.0, "a1": 0.5, "a2": -0.5, "seed": 2},
        {"d": 60, "L": 7, "w2": 1.0, "b": 2.0, "a1": 1.0, "a2": -1.0, "seed": 3},
        {"d": 8, "L": 7, "w2": 1e2, "b": 1.0, "a1": 1.0, "a2": 0.0, "seed": 0},
        # outside the premise (a point of W_1 at the saddle s, no gap): PL must fail there
        {"d": 8, "L": 7, "w2": 1.0, "b": 0.5, "a1": S_8_7, "a2": S_8_7, "seed": 1},
    ),
)
statement(
    "ssm-poison/corollary-7",
    "corollary",
    "7",
    "PL coefficient mu_1 on the escape window",
    src("App. D.3.6", ""),
    r"$\ell$ satisfies PL at $A(t_1+t_2(\mu)-\tau)$ and $A^{ref}(t_1+t_2^{ref}(\mu)-\tau)$, $\tau\in[0,1]$, with "
    r"$\mu_1:=\frac12\min\{2d,\frac{((L-1)\tilde b)^2}4,(\frac{\hat b}{\hat b+2})^2\}$, $\tilde b:=(\frac{r_3e^{\lambda_-}}{4Gd^{1.5}})^{L-2}$, $\hat b:=(\frac{r_3e^{\lambda_-}}{12Gd^{1.5}})^{L-2}$.",
    notes="Inherits Lemma 18's normalisation (holds through the proof for P/m >= 1/2; for smaller P/m the coefficient "
    "needs the factor 2P/m). Existential constants (r_3, G): checked is the substitution b = r_3 e^{lambda_-}/(2G d^{1.5}).",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/proposition-13",
    "proposition",
    "13",
    "Loss drop below l(s) at escape",
    src("App. D.3.6", ""),
    r"$\ell(\mathbf s)-\ell(A(t_1+t_2(\mu_1)))\ge\min\{\frac{\ell(\mathbf s)}2,\frac{3\mu_1\ell(\mathbf s)}4\}$ (likewise for the reference).",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
)
statement(
    "ssm-poison/proposition-14",
    "proposition",
    "14",
    "After escape the trajectory stays in Diff(nu)^C; PL there with mu_2",
    src("App. D.3.6", ""),
    r"There exists $\nu>0$ with $A(t)\in\mathrm{Diff}(\nu)^{\mathcal C}$ for $t\ge t_1+t_2(\mu_1)$ (and for the reference), and $\ell$ "
    r"satisfies PL on $\mathrm{Diff}(\nu)^{\mathcal C}$ with $\mu_2:=\frac12\min\{2d,\frac{((L-1)\tilde\nu)^2}4,(\frac{\hat\nu}{\hat\nu+2})^2\}$.",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="PL on Diff(nu)^C is meant within [-3,3]^d (Lemma 18); inherits Lemma 18's P/m normalisation. "
    "Proof-only typo: for A it starts from t >= t_1 + t_2^ref (should be t_2). "
    "Checked along flows (nu measured; PL with mu_2(nu) at the trajectory points).",
)
statement(
    "ssm-poison/proposition-15",
    "proposition",
    "15",
    "Gradient flow on S_2 converges to a zero-loss point A-hat_2",
    src("App. D.3.6", ""),
    r"There exists $\widehat A_2\in\mathbb R^d$ with $\lim_{t\to\infty}A(t)=\widehat A_2$ and $\ell(\widehat A_2)=0$.",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="The proof cites Corollary 7 for nu and mu_2 (they come from Proposition 14).",
)

# ---------------------------------------------------------------------------------------
# D.3.7 Divergence from the reference trajectory
# ---------------------------------------------------------------------------------------
statement(
    "ssm-poison/lemma-19",
    "lemma",
    "19",
    "Explicit time t_3(eta_2) after which l <= eta_2",
    src("App. D.3.7", ""),
    r"$t_3(\eta_2):=-\frac{\ln(\frac m{2P}\eta_2)}{2\mu_2}-\frac1{\lambda_-}\ln(\frac{G'^2r_3}{2\sqrt{d\alpha}D_-(\mu_1)})+\frac1{\lambda_-}\ln(\frac{r_3}{4G'^2\sqrt{d\alpha}D_+(\mu_1)})$; "
    r"$\ell(A(t_1+t_2^*(\mu_1)+t_3(\eta_2)))\le\eta_2$ for $\eta_2\in(0,\min\{1,\frac{2P}m\})$.",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="Inherits Lemma 18's P/m normalisation through mu_2.",
)
statement(
    "ssm-poison/lemma-20",
    "lemma",
    "20",
    "A time at which the trajectory is delta-close to its limit",
    src("App. D.3.7", ""),
    r"Let $\delta\in(0,1)$. There exists $\eta_{2,\delta}>0$ with $\|\widehat A_2-A(t_1+t_2^*(\mu_1)+t_3(\eta_{2,\delta}))\|_2\le\delta$.",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="Existential. Proof-only misprint: with Dist <= sqrt(mu_2 delta / N) the last display gives sqrt(delta), and the printed "
    "'sqrt(N/mu_2) (mu_2/N) delta = delta' is false (it is sqrt(mu_2/N) delta); choosing Dist <= sqrt(mu_2/N) delta "
    "(Lemma 35 allows any radius) gives delta. Checked: Lemma 25's bound ||A-hat_2 - A(t)|| <= sqrt(N/mu_2) Dist(A(t), A*) on flows.",
)
statement(
    "ssm-poison/definition-12",
    "definition",
    "12",
    "Initialisation subset I_5(delta, eta)",
    src("App. D.3.7", ""),
    r"$\mathcal I_5(\delta,\eta):=\{A\in\mathcal I_0:(1-\zeta_2)\le\frac{\delta}{(\frac{G'^2r_3}{2\sqrt dD_-(\mu_1)})^2\exp(N(t_1(\frac{\tilde r(\mu_1)}4)+t_3(\eta)))}\cdot\alpha\}$.",
    notes="Proposition 16's last two displays render the bracket as G'^2 r_3/(2 sqrt(d alpha) D_-); with Definition 12's "
    "sqrt(d) the algebra closes (checked), with sqrt(d alpha) it would not.",
    params=PARAMS,
    hypotheses=STANDING,
)
statement(
    "ssm-poison/proposition-16",
    "proposition",
    "16",
    "Divergence ||A(T) - A^ref(T)|| <= delta/2",
    src("App. D.3.7", ""),
    r"With $A(0)\in\mathcal I_3\cap\mathcal I_4(\mu_1)\cap\mathcal I_5(\frac\delta2,\eta_{2,\delta})$ and $T:=t_1+t_2^*(\mu_1)+t_3(\eta_{2,\delta})$: "
    r"$\|A(T)-A^{ref}(T)\|_2\le\frac\delta2$.",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="Checked: the chaining of the three Gronwall factors and Definition 12 (symbolic); on flows the divergence is linear "
    "in alpha(1 - zeta_2) and far below the printed bound (slack in log10 recorded).",
)
statement(
    "ssm-poison/corollary-8",
    "corollary",
    "8",
    "||A-hat_2 - A^ref(T)|| <= delta",
    src("App. D.3.7", ""),
    r"$\|\widehat A_2-A^{ref}(t_1+t_2^*(\mu_1)+t_3(\eta_{2,\delta}))\|_2\le\delta$.",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="Proof-only gap: it cites Lemma 20 for '<= delta/2' while Lemma 20 with eta_{2,delta} gives '<= delta'; "
    "taking eta_{2,delta/2} (also admissible) closes it.",
)
statement(
    "ssm-poison/claim-10",
    "claim",
    "10",
    "I_2(delta_2) and the D.3 conclusion Gen_{L'}(A-hat_2) >= (1/2) min{0.1, (1 - 0.6^{1/(L-1)})/(9d)}",
    src("App. D.3.7", ""),
    r"$\mathcal I_2(\delta_2):=\mathcal I_3(\frac{\tilde r(\mu_1)}4)\cap\mathcal I_4(\mu_1)\cap\mathcal I_5(\frac{\delta_2}2,\eta_{2,\delta_2})$; "
    r"for any $L'\ge L+2$: $\mathrm{Gen}_{L'}(\widehat A_2)\ge\frac12\min\{0.1,1/(9d)\cdot(1-(0.6)^{1/(L-1)})\}$.",
    params=FLOW_PARAMS,
    hypotheses=FLOW_HYPS,
    notes="The factor 1/2 makes the printed bound weaker than Lemma 3's min{...}; D.4's restatement (claim-11) has 1/2 in "
    "place of 0.6.",
)
