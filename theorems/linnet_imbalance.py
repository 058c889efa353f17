"""linnet-imbalance: Min, Tarmoun, Vidal, Mallada, "Convergence and Implicit Bias of Gradient
Flow on Overparametrized Linear Networks" -- §2-§3: setup, imbalance, rate bounds.

Statements as printed (catalog: shared/catalog/linnet-imbalance.md; text: seeds/003_...). The
extraction drops Greek letters and radicals; where the catalog reconstructs a formula the
statement text says [reconstructed]. Wide networks, min-norm and experiments are in
``linnet_imbalance_bias.py``.

Encodings (functions usable with SymPy, mpmath and float arguments alike):

* the symbolic model: loss (2), flow (3a/3b) and the whitened flow (7) derived by SymPy;
* the imbalance quantities (18)-(20) from the spectrum of ``D`` with the paper's conventions
  (``lambda_i = sigma_i = 0`` beyond the size);
* the right-hand side of (17), ``c(t)`` of (21), its limit (22), the bound (23).
"""

from __future__ import annotations

import sympy as sp

from .registry import Hypothesis, Param, Step, src, statement


# ---------------------------------------------------------------------------------------
# Symbolic model
# ---------------------------------------------------------------------------------------
def loss_original(X: sp.Matrix, Y: sp.Matrix, U: sp.Matrix, V: sp.Matrix) -> sp.Expr:
    """(2): ``1/2 ||Y - X U V^T||_F^2``."""
    R = Y - X * U * V.T
    return sp.Rational(1, 2) * sum(e**2 for e in R)


def flow_from_loss(loss: sp.Expr, M: sp.Matrix) -> sp.Matrix:
    """``M' = -dL/dM`` entrywise, derived by SymPy."""
    return M.applyfunc(lambda x: -sp.diff(loss, x))


def error_matrix(Yt: sp.Matrix, Sh: sp.Matrix, U1: sp.Matrix, V: sp.Matrix) -> sp.Matrix:
    """(6): ``E = W^T Y - Sigma_X^{1/2} U1 V^T`` (``Yt = W^T Y``, ``Sh = Sigma_X^{1/2}``)."""
    return Yt - Sh * U1 * V.T


def sym_matrix(name: str, rows: int, cols: int) -> sp.Matrix:
    return sp.Matrix(rows, cols, lambda i, j: sp.Symbol(f"{name}{i}{j}", real=True))


# ---------------------------------------------------------------------------------------
# Spectral conventions and the printed bounds
# ---------------------------------------------------------------------------------------
def nth(values, k: int):
    """``values`` sorted decreasingly, 1-based ``k``-th entry, 0 beyond the length (the
    paper's convention lambda_i = sigma_i = 0 for i > size)."""
    vals = sorted(values, reverse=True)
    return vals[k - 1] if 1 <= k <= len(vals) else 0


def imbalance_quantities(eig_D, r: int, m: int):
    """(18)-(20) from the eigenvalues of ``D`` (h x h): ``(Delta_+, Delta_-, Delta_low)``."""
    neg = [-x for x in eig_D]
    lp1, lpr = max(nth(eig_D, 1), 0), max(nth(eig_D, r), 0)
    lm1, lmm = max(nth(neg, 1), 0), max(nth(neg, m), 0)
    return lp1 - lpr, lm1 - lmm, lpr + lmm


def _sqrt(x):
    return sp.sqrt(x) if isinstance(x, sp.Basic) else x**0.5


def prop1_rhs(lam_r, dp, dm, dl, sig_m, sig_r):
    """(17) [reconstructed]: ``lambda_r(Sigma_X) [ -Delta_+ + sqrt((Delta_+ + Delta)^2 +
    4 sigma_m^2) - Delta_- + sqrt((Delta_- + Delta)^2 + 4 sigma_r^2) ]``."""
    return lam_r * (-dp + _sqrt((dp + dl) ** 2 + 4 * sig_m**2) - dm + _sqrt((dm + dl) ** 2 + 4 * sig_r**2))


def c_printed(dp, dm, dl, mu_m, mu_r, lam_1):
    """(21) [reconstructed] with ``mu_k = max{sigma_k(Yt) - ||Yt - S U1 V^T||_F, 0}``."""
    return -dp + _sqrt((dp + dl) ** 2 + 4 * mu_m**2 / lam_1) - dm + _sqrt((dm + dl) ** 2 + 4 * mu_r**2 / lam_1)


def rate15(d, mu):
    """(15) [reconstructed]: the scalar rate bound ``2 sqrt(d^2 + 4 mu^2)``, mu = max{|y| - |y - u(0)v(0)|, 0}."""
    return 2 * _sqrt(d**2 + 4 * mu**2)


def theorem3_rate(lam_r, c0):
    """Theorem 3's rate ``lambda_r(Sigma_X) c(0)`` (Corollary 6 corrected: ``c(t0)``)."""
    return lam_r * c0


def corollary4_rate(lam_r, dl0):
    """Corollary 4's rate ``2 lambda_r(Sigma_X) Delta(0)`` [reconstructed]."""
    return 2 * lam_r * dl0


def corollary5_rate_printed(lam_r, c0):
    """Corollary 5's rate as printed, ``2 lambda_r(Sigma_X) c(0)`` (refuted; see its erratum)."""
    return 2 * lam_r * c0


def tarmoun_rate(lam, sig_min):
    """Tarmoun et al.'s asymptotic rate ``2 sqrt(lambda^2 + 4 sigma_min^2(Yt))`` [reconstructed]."""
    return 2 * _sqrt(lam**2 + 4 * sig_min**2)


def lemma7_rhs(lam_r, lam_r_uu, lam_m_vv):
    """Lemma 7's bound ``2 lambda_r(Sigma_X) (lambda_r(U1 U1^T) + lambda_m(V V^T))``."""
    return 2 * lam_r * (lam_r_uu + lam_m_vv)


def lemma_e2_lhs(sig_A, sig_B, i: int, n: int):
    """Lemma E.2's left side ``sigma_i(A) sigma_n(B)`` from the singular values (``nth``'s
    convention: 0 beyond the size)."""
    return nth(sig_A, i) * nth(sig_B, n)


def prop9_bound(lam_1, lam_r, c0, E0_fro, Z0_fro2, exp):
    """Proposition 9's proof bound (E.1) [reconstructed]: ``exp(4 lambda_1^{1/2} ||E(0)||_F /
    (lambda_r c(0))) ||Z(0)||_F^2`` (``exp``: the exponential of the arithmetic used, e.g.
    mpmath.exp or sympy.exp)."""
    return exp(4 * _sqrt(lam_1) * E0_fro / (lam_r * c0)) * Z0_fro2


def prop9_gronwall_rhs(lam_1, E_integral, Z0_fro2, exp):
    """Proposition 9's Gronwall display, right side: ``exp(2 lambda_1^{1/2} int_0^t ||E||_F) ||Z(0)||_F^2``
    (``E_integral``: the integral up to t)."""
    return exp(2 * _sqrt(lam_1) * E_integral) * Z0_fro2


def prop9_integrand(lam_r, c0, E0_fro, tau, exp):
    """Proposition 9's integral bound, the integrand of its middle: ``||E(0)||_F exp(-lambda_r c(0) tau / 2)``."""
    return E0_fro * exp(-lam_r * c0 * tau / 2)


def prop9_integral_rhs(lam_r, c0, E0_fro, t, expm1):
    """Proposition 9's integral bound, its middle: ``||E(0)||_F int_0^t exp(-lambda_r c(0) tau / 2) dtau
    = ||E(0)||_F 2 (1 - exp(-lambda_r c(0) t / 2)) / (lambda_r c(0))`` (``expm1``: that of the
    arithmetic used, so that a rate near 0 keeps its limit ||E(0)||_F t)."""
    x = lam_r * c0 / 2
    return E0_fro * t if x == 0 else -E0_fro * expm1(-x * t) / x


def lemma8_rhs(lbar_plus, llow_minus, sig_m):
    """(23) [reconstructed]: ``(-lbar_+ + llow_- + sqrt((lbar_+ + llow_-)^2 + 4 sigma_m^2(AB)))/2``."""
    return (-lbar_plus + llow_minus + _sqrt((lbar_plus + llow_minus) ** 2 + 4 * sig_m**2)) / 2


# ---------------------------------------------------------------------------------------
# Proof steps (issue 19): the load-bearing displays of the printed proofs, as printed
# ([reconstructed] where the extraction garbles them, as in the statements)
# ---------------------------------------------------------------------------------------
_MISPRINT_MONOTONE = (
    "Misprint: under gradient flow L~' = -(|U1^T S E|^2 + |S E V|^2) <= 0, so ||Yt - S U1 V^T||_F = sqrt(2 L~) is "
    "non-increasing (strictly decreasing while the rate is positive), not non-decreasing; (27) needs non-increasing, "
    "which holds. Counterexample to the printed word: every trajectory with L~ > 0, e.g. the M1 flows."
)
THEOREM3_STEPS = (
    Step(
        "Weyl display before (26)",
        r"$\|\tilde Y-\Sigma_X^{1/2}U_1V^\top\|_F+\sigma_m(\Sigma_X^{1/2}U_1V^\top)\ge\|\tilde Y-\Sigma_X^{1/2}U_1V^\top\|_2"
        r"+\sigma_m(\Sigma_X^{1/2}U_1V^\top)\ge\sigma_m(\tilde Y)$",
        "inequality",
    ),
    Step(
        "(26)",
        r"$\sigma_m(U_1V^\top)\ge\max\{\sigma_m(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1V^\top\|_F,0\}/\lambda_1^{1/2}(\Sigma_X)$",
        "inequality",
    ),
    Step(
        "before (27)",
        r"$\|\tilde Y-\Sigma_X^{1/2}U_1V^\top\|_F=\sqrt{2\tilde{\mathcal L}}$ is non-decreasing under gradient flow",
        "inequality",
        expect="refuted",
        erratum=_MISPRINT_MONOTONE,
    ),
    Step(
        "(27)",
        r"$\sigma_m^2(U_1(t)V^\top(t))\ge(\max\{\sigma_m(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1(t)V^\top(t)\|_F,0\})^2/\lambda_1(\Sigma_X)"
        r"\ge(\max\{\sigma_m(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1(0)V^\top(0)\|_F,0\})^2/\lambda_1(\Sigma_X)$",
        "inequality",
    ),
    Step(
        "last display",
        r"$-\dot{\tilde{\mathcal L}}/\tilde{\mathcal L}\ge\lambda_r(\Sigma_X)c(0)$ (then Gronwall)",
        "inequality",
    ),
    Step("invokes Proposition 1", r"(27) inserted into (17) of Proposition 1", "invocation"),
    Step(
        "invokes the conservation",
        r"the imbalance quantities in (17) are those at $t=0$: $\Delta_\pm(t)=\Delta_\pm(0)$, "
        r"$\underline\Delta(t)=\underline\Delta(0)$ (§3.1, (16))",
        "invocation",
    ),
)
PROP1_STEPS = (
    Step(
        "(24)",
        r"$\lambda_m(VV^\top)\ge\frac{-\bar\lambda_++\underline\lambda_-+\sqrt{(\bar\lambda_++\underline\lambda_-)^2+4\sigma_m^2(U_1V^\top)}}2$ "
        r"(Lemma 8 with $A=U_1$, $B=V^\top$) [reconstructed]",
        "inequality",
    ),
    Step(
        "(25)",
        r"$\lambda_r(U_1U_1^\top)\ge\frac{-\bar\lambda_-+\underline\lambda_++\sqrt{(\bar\lambda_-+\underline\lambda_+)^2+4\sigma_r^2(VU_1^\top)}}2$ "
        r"(Lemma 8 with $A=V$, $B=U_1^\top$) [reconstructed]",
        "inequality",
    ),
    Step(
        "rewrite after (25)",
        r"$\Delta_+:=\bar\lambda_+-\underline\lambda_+$, $\Delta_-:=\bar\lambda_--\underline\lambda_-$, $\underline\Delta:=\underline\lambda_++\underline\lambda_-$; "
        r"(24), (25) rewritten and inserted into Lemma 7 give (17)",
        "identity",
    ),
    Step("invokes Lemma 8", r"From Lemma 8, let $A=U_1$, $B=V^\top$ [...] then let $A=V$, $B=U_1^\top$", "invocation"),
)
LEMMA7_STEPS = (
    Step(
        "(B.1)",
        r"$\frac{d}{dt}\|E\|_F^2=-2\operatorname{tr}(E^\top\Sigma_X^{1/2}U_1U_1^\top\Sigma_X^{1/2}E+E^\top\Sigma_XEVV^\top)$",
        "identity",
    ),
    Step(
        "(B.2)",
        r"$\operatorname{tr}(E^\top\Sigma_X^{1/2}U_1U_1^\top\Sigma_X^{1/2}E)\ge\lambda_r(U_1U_1^\top)\lambda_r(\Sigma_X)\|E\|_F^2$ "
        r"[relation symbols reconstructed]",
        "inequality",
    ),
    Step(
        "(B.3)",
        r"$\operatorname{tr}(E^\top\Sigma_XEVV^\top)\ge\lambda_m(VV^\top)\lambda_r(\Sigma_X)\|E\|_F^2$ [relation symbols reconstructed]",
        "inequality",
    ),
    Step(
        "(B.4)",
        r"$\frac{d}{dt}\|E\|_F^2\le-2\lambda_r(\Sigma_X)(\lambda_r(U_1U_1^\top)+\lambda_m(VV^\top))\|E\|_F^2$ [reconstructed]",
        "inequality",
    ),
)
LEMMA8_STEPS = (
    Step(
        "(B.5)",
        r"$\lambda_m^2(B^\top B)=z_m^\top(B^\top B)^2z_m=z_m^\top B^\top A^\top ABz_m-z_m^\top B^\top DBz_m\ge\sigma_m^2(AB)-z_m^\top B^\top DBz_m$ "
        r"[reconstructed: the extraction prints $\lambda_m(B^\top B)$ on the left]",
        "inequality",
    ),
    Step("invokes the inertia claim", r"$D$ has at most $m$ negative eigenvalues", "invocation"),
    Step(
        "(B.12)",
        r"$B(I_m+\hat\gamma^{-1}B_+^\top B_+)^{-1}B^\top=BB^\top-BB_+^\top(\hat\gamma I_{h-m}+B_+B_+^\top)^{-1}B_+B^\top$ (Woodbury)",
        "identity",
    ),
    Step(
        "(B.16)-(B.17)",
        r"$B^\top DB\preceq(\hat\gamma-\underline\lambda_-)B^\top B-\hat\gamma\underline\lambda_-I_m$ for $\hat\gamma=\bar\lambda_+$ [reconstructed]",
        "inequality",
    ),
    Step(
        "quadratic root",
        r"$x^2-(\underline\lambda_--\hat\gamma)x-(\sigma_m^2+\hat\gamma\underline\lambda_-)\ge0$, $x\ge0$ $\Rightarrow$ "
        r"$x\ge\frac{\underline\lambda_--\hat\gamma+\sqrt{(\hat\gamma+\underline\lambda_-)^2+4\sigma_m^2}}2$ [reconstructed]",
        "identity",
    ),
)
COR4_STEPS = (
    Step(
        "proof display",
        r"In (21), if we lower bound the margin term ($\max\{\sigma_{\min}(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1V^\top\|_F,0\}$) by 0, "
        r"we have $c\ge2\underline\Delta$",
        "inequality",
    ),
    Step(
        "invokes Theorem 3",
        r"the rate $\lambda_r(\Sigma_X)c(0)\ge2\lambda_r(\Sigma_X)\underline\Delta(0)$ of Theorem 3",
        "invocation",
    ),
)
SCALAR_STEPS = (
    Step(
        "margin argument before (15)",
        r"the loss is non-decreasing, so $|y-u(t)v(t)|\le|y-u(0)v(0)|$ and $|u(t)v(t)|\ge|y|-|y-u(0)v(0)|$",
        "inequality",
        expect="refuted",
        erratum="Misprint: under the flow L_S' = -(u^2 + v^2)(y - uv)^2 <= 0, the loss is non-increasing (not "
        "non-decreasing); the inequality |u(t)v(t)| >= |y| - |y - u(0)v(0)| needs, and holds by, the non-increasing loss.",
    ),
    Step(
        "invokes the conservation",
        r"$d=u^2-v^2$ is conserved along the flow (10), so $d(t)=d(0)$ in (14)",
        "invocation",
    ),
)
PROP9_STEPS = (
    Step(
        "(E.1)",
        r"$\frac{d}{dt}\begin{bmatrix}V\\U_1\end{bmatrix}=\begin{bmatrix}0&E^\top\Sigma_X^{1/2}\\\Sigma_X^{1/2}E&0\end{bmatrix}\begin{bmatrix}V\\U_1\end{bmatrix}$",
        "identity",
    ),
    Step("norm of A_Z", r"$\|A_Z\|_2=\|\Sigma_X^{1/2}E\|_2$ (Horn and Johnson, Thm 7.3.3)", "identity"),
    Step(
        "d/dt ||Z||^2",
        r"$\frac{d}{dt}\|Z\|_F^2=2\operatorname{tr}Z^\top A_ZZ\le2\|A_Z\|_2\|Z\|_F^2\le2\lambda_1^{1/2}(\Sigma_X)\|E\|_F\|Z\|_F^2$ "
        r"[relation symbols reconstructed]",
        "inequality",
    ),
    Step(
        "Gronwall",
        r"$\|Z(t)\|_F^2\le\exp\big(\int_0^t2\lambda_1^{1/2}(\Sigma_X)\|E(\tau)\|_Fd\tau\big)\|Z(0)\|_F^2$",
        "inequality",
    ),
    Step(
        "integral bound",
        r"$\int_0^t\|E(\tau)\|_Fd\tau\le\|E(0)\|_F\int_0^t\exp(-\frac{\lambda_r(\Sigma_X)c(0)}2\tau)d\tau"
        r"\le\frac{2\|E(0)\|_F}{\lambda_r(\Sigma_X)c(0)}$ [reconstructed]",
        "inequality",
    ),
    Step(
        "invokes Theorem 3",
        r"by Theorem 3, $\|E(t)\|_F\le\exp(-\lambda_r(\Sigma_X)c(0)t/2)\|E(0)\|_F$ [reconstructed], "
        r"since $\|E\|_F=\sqrt{2\tilde{\mathcal L}}$",
        "invocation",
    ),
)
COR_INVOKES_T3 = (
    Step("invokes Theorem 3", r"(no separate proof) Theorem 3's bound with the corollary's $c$", "invocation"),
)


# ---------------------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------------------
SEED = Param("seed", int, 0, "random instance seed", low=0)
FIXTURE = Param("fixture", str, "F1", "data/initialisation fixture of the check (F1: exact rational data)")


# The parameters a static or flow instance of §3 is drawn from (the sizes and scales the statements
# quantify over; issue 18's search ranges over them). ``structure`` and ``target`` pick a family
# of (U1, V) and of the error E (an adversarial E is the bottom eigen-matrix of the rate operator).
STRUCTURES = ("plain", "balanced", "homogeneous", "rankdef", "orthogonal")
R_DIM = Param("r", int, 2, "rank r of X (rows of U1)", low=1, high=6)
M_DIM = Param("m", int, 2, "output dimension m (rows of V)", low=1, high=6)
H_DIM = Param("h", int, 3, "hidden width h", low=1, high=8)
LOG_SU = Param("log_su", float, 0.0, "log10 of the scale of U1", low=-3.0, high=3.0)
LOG_SV = Param("log_sv", float, 0.0, "log10 of the scale of V", low=-3.0, high=3.0)
LOG_KAPPA = Param("log_kappa", float, 0.5, "log10 of the condition number of Sigma_X", low=0.0, high=6.0)
STRUCTURE = Param("structure", str, "plain", "family of (U1, V)", choices=STRUCTURES)
TARGET = Param(
    "target",
    str,
    "random",
    "the error E: random, or adversarial (bottom eigen-matrix)",
    choices=("random", "adversarial"),
)
STATIC_PARAMS = (R_DIM, M_DIM, H_DIM, LOG_SU, LOG_SV, LOG_KAPPA, STRUCTURE, TARGET)
# flows: smaller sizes and scales (each instance integrates a Gram-reduced flow twice)
FLOW_R = Param("r", int, 2, "rank r of X", low=1, high=3)
FLOW_M = Param("m", int, 2, "output dimension m", low=1, high=3)
FLOW_H = Param("h", int, 3, "hidden width h", low=1, high=6)
FLOW_SU = Param("log_su", float, 0.0, "log10 of the scale of U1(0)", low=-1.5, high=1.5)
FLOW_SV = Param("log_sv", float, 0.0, "log10 of the scale of V(0)", low=-1.5, high=1.5)
FLOW_KAPPA = Param("log_kappa", float, 0.3, "log10 of the condition number of Sigma_X", low=0.0, high=3.0)
INIT = Param(
    "init",
    str,
    "random",
    "initialisation: random target and init, or 'margin' (target = S U1(0) V(0)^T + E0, |E0|_F = frac sigma_min)",
    choices=("random", "margin"),
)
MARGIN_FRAC = Param(
    "margin_frac", float, 0.3, "|E0|_F / sigma_min(S U1(0) V(0)^T) of the 'margin' init", low=0.0, high=2.0
)
# Edges of the static domain (issue 18): smallest and largest sizes, width below min(r, m), the
# families where (17), Lemma 7 or (23) are attained (homogeneous, balanced, adversarial target at
# Sigma_X = I), rank deficiency, extreme scales and condition numbers.
STATIC_EDGES = (
    {"r": 1, "m": 1, "h": 1},
    {"r": 6, "m": 6, "h": 1},
    {"r": 6, "m": 1, "h": 8},
    {"r": 1, "m": 6, "h": 8},
    {"r": 3, "m": 3, "h": 2},
    {"r": 3, "m": 3, "h": 3},
    {"r": 3, "m": 3, "h": 3, "structure": "homogeneous", "log_kappa": 0.0, "target": "adversarial"},
    {"r": 2, "m": 4, "h": 2, "structure": "homogeneous"},
    {"r": 3, "m": 3, "h": 4, "structure": "balanced", "target": "adversarial", "log_kappa": 0.0},
    {"r": 4, "m": 2, "h": 6, "structure": "rankdef"},
    {"r": 2, "m": 2, "h": 2, "structure": "orthogonal"},
    {"log_su": -3.0, "log_sv": 3.0},
    {"log_su": 3.0, "log_sv": -3.0},
    {"log_su": -3.0, "log_sv": -3.0, "target": "adversarial"},
    {"log_kappa": 6.0},
    {"log_kappa": 6.0, "target": "adversarial", "r": 4, "m": 4, "h": 8},
)
# Edges of the flow domain: the scalar case, width 1 and the largest sizes, a margin at its
# threshold (|E0|_F = sigma_min: margin_frac near 1 from both sides), a tiny margin, near-zero
# (saddle) and strongly imbalanced initialisations, the largest condition number.
FLOW_EDGES = (
    {"r": 1, "m": 1, "h": 1},
    {"r": 3, "m": 3, "h": 1},
    {"r": 3, "m": 3, "h": 6},
    {"r": 1, "m": 3, "h": 6, "init": "margin", "margin_frac": 0.5},
    {"init": "margin", "margin_frac": 0.01},
    {"init": "margin", "margin_frac": 0.99},
    {"init": "margin", "margin_frac": 1.01},
    {"log_su": -1.5, "log_sv": -1.5},
    {"log_su": 1.5, "log_sv": -1.5},
    {"log_su": -1.5, "log_sv": 1.5, "init": "margin"},
    {"log_kappa": 3.0},
    {"log_kappa": 3.0, "init": "margin", "margin_frac": 0.9},
)
SCALAR_EDGES = (
    {"y": 1.0, "u0": 1.0, "v0": 1.0},
    {"y": 1.0, "u0": 0.9375, "v0": 0.9375},
    {"y": 1.0, "u0": 0.5, "v0": 0.5},
    {"y": 10.0, "u0": 5.0, "v0": 0.01},
    {"y": 10.0, "u0": -5.0, "v0": 5.0},
    {"y": -10.0, "u0": 1e-3, "v0": 1e-3},
    {"y": 1e-6, "u0": 5.0, "v0": -5.0},
    {"y": 0.0, "u0": 2.0, "v0": 1.0},
)
FLOW_PARAMS = (FLOW_R, FLOW_M, FLOW_H, FLOW_SU, FLOW_SV, FLOW_KAPPA, INIT, MARGIN_FRAC)


def observed_positive(key: str, missing_holds: bool = False):
    """A hypothesis observed per instance: the check computes ``key`` on the instance it starts
    (``ctx.start({..., key: value})``) and the hypothesis holds when that value is > 0. A missing
    value does not hold, unless ``missing_holds``: then an instance of parameters alone (the
    domain search's, which evaluates the hypotheses before the margin computes anything) is not
    excluded by it, and the margin raises PremiseUnmet where it observes the premise fail."""
    if missing_holds:
        return lambda p: p.get(key) is None or float(p[key]) > 0
    return lambda p: float(p[key]) > 0


# Corollary 5's premise, observed on the instance (a margin function or a check sets ``margin0``);
# an instance without the observation (parameters alone) is not excluded by it.
MARGIN_HYP = Hypothesis(
    r"$\sigma_{\min}(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1(0)V(0)^\top\|_F>0$ (observed per instance)",
    lambda p: p.get("margin0") is None or float(p["margin0"]) > 0,
)
SCALAR_Y = Param("y", float, 1.0, "scalar target y", low=-10.0, high=10.0)
SCALAR_U0 = Param("u0", float, 0.5, "u(0)", low=-5.0, high=5.0)
SCALAR_V0 = Param("v0", float, 0.2, "v(0)", low=-5.0, high=5.0)

FLOW_HYP = (
    Hypothesis(
        r"gradient flow (7) on (2); $\tilde{\mathcal L}=\mathcal L-\mathcal L^*>0$ at the instants compared",
        # an instance run by other dynamics (gradient descent) says so (``dynamics``) and is outside
        lambda p: p.get("dynamics", "flow") == "flow" and observed_positive("excess_loss_min", missing_holds=True)(p),
    ),
)

# ---------------------------------------------------------------------------------------
# §2 setup
# ---------------------------------------------------------------------------------------
statement(
    "linnet-imbalance/claim-reparametrization",
    "claim",
    "(4)-(7)",
    "The flow in the coordinates of the data's SVD",
    src("§2.1", "(3)-(7)"),
    r"With $X=W[\Sigma_X^{1/2}\ 0][\Phi_1\ \Phi_2]^\top$ and $U=\Phi_1U_1+\Phi_2U_2$: $\dot V=E^\top\Sigma_X^{1/2}\Phi_1^\top U$, "
    r"$\dot U=\Phi_1\Sigma_X^{1/2}EV$ with $E=W^\top Y-\Sigma_X^{1/2}U_1V^\top$ (6); hence "
    r"$\dot V=E^\top\Sigma_X^{1/2}U_1,\ \dot U_1=\Sigma_X^{1/2}EV,\ \dot U_2=0$ (7).",
    params=(SEED,),
    uses=("def:svd-of-X-(4)",),
)
statement(
    "linnet-imbalance/claim-loss-decomposition",
    "claim",
    "(8)-(9)",
    "Loss = 1/2 ||E||^2 + L*, and (V, U1) is gradient flow on (9)",
    src("§2.1", "(8), (9)"),
    r"$\mathcal L(V,U)=\frac12\|(I-WW^\top)Y+WE\|_F^2=\frac12\|E\|_F^2+\frac12\|(I-WW^\top)Y\|_F^2$, where "
    r"$\mathcal L^*=\frac12\|(I-WW^\top)Y\|_F^2$ is the optimal value of (1); the $(V,U_1)$ dynamics in (7) are exactly the "
    r"gradient flow dynamics on $\frac12\|E\|_F^2=\frac12\|W^\top Y-\Sigma_X^{1/2}U_1V^\top\|_F^2$ (9).",
    params=(SEED,),
    uses=(
        "linnet-imbalance/claim-reparametrization",
        "def:svd-of-X-(4)",
    ),
)
statement(
    "linnet-imbalance/claim-imbalance-conservation",
    "claim",
    "§3.1, (16)",
    "The imbalance is conserved",
    src("§3.1, §3.2", "(10), (16)"),
    r"Scalar: $\dot d=2u\dot u-2v\dot v\equiv0$ for $d=u^2-v^2$ under (10). Matrix: "
    r"$\frac{d}{dt}U_1^\top U_1=V^\top E^\top\Sigma_X^{1/2}U_1+U_1^\top\Sigma_X^{1/2}EV=\frac{d}{dt}V^\top V$, so "
    r"$\dot D=\frac{d}{dt}[U_1^\top U_1-V^\top V]\equiv0$.",
    params=(SEED, *FLOW_PARAMS),
    edges=FLOW_EDGES,
    hypotheses=FLOW_HYP,
    notes="Also checked: the full imbalance U^T U - V^T V (= D + U2^T U2, U2 constant) is conserved (not printed).",
    uses=("linnet-imbalance/claim-reparametrization",),
)
statement(
    "linnet-imbalance/claim-scalar-rate",
    "claim",
    "(11)-(15)",
    "Scalar dynamics: the rate in terms of imbalance and product",
    src("§3.1", "(10)-(15)"),
    r"$-\dot{\mathcal L}_S/\mathcal L_S=2(u^2+v^2)$ (11); $u^4=du^2+(uv)^2$, $v^4=-dv^2+(uv)^2$ (12); "
    r"$u^2=\frac{d+\sqrt{d^2+4(uv)^2}}2$, $v^2=\frac{-d+\sqrt{d^2+4(uv)^2}}2$ (13); $-\dot{\mathcal L}_S/\mathcal L_S=2\sqrt{d^2+4(uv)^2}$ (14); "
    r"$|u(t)v(t)|\ge|y|-|y-u(0)v(0)|$ so $-\dot{\mathcal L}_S/\mathcal L_S\ge2\sqrt{d(0)^2+4(\max\{|y|-|y-u(0)v(0)|,0\})^2}$ (15) "
    r"[reconstructed]; Gronwall: $-\dot{\mathcal L}_S/\mathcal L_S\ge c$ for all $t$ gives $\mathcal L_S(t)\le e^{-ct}\mathcal L_S(0)$.",
    params=(SEED, SCALAR_Y, SCALAR_U0, SCALAR_V0),
    hypotheses=FLOW_HYP,
    notes="Proof-text misprint (proof step 'margin argument before (15)', refuted): 'the loss is non-decreasing' (scalar margin argument; also before (27)) should read "
    "non-increasing; the conclusion uses the non-increasing loss and holds.",
    edges=SCALAR_EDGES,
    steps=SCALAR_STEPS,
    uses=(
        "linnet-imbalance/claim-imbalance-conservation",
        "ext:gronwall-1919",
    ),
)

# ---------------------------------------------------------------------------------------
# §3.2 rate bounds
# ---------------------------------------------------------------------------------------
_PROP1_TEXT = (
    r"Consider the continuous time dynamics in (7). Let $\tilde{\mathcal L}:=\mathcal L-\mathcal L^*$ and "
    r"$D=U_1^\top U_1-V^\top V$, then $-\dot{\tilde{\mathcal L}}/\tilde{\mathcal L}\ge\lambda_r(\Sigma_X)\big[-\Delta_++"
    r"\sqrt{(\Delta_++\underline\Delta)^2+4\sigma_m^2(U_1V^\top)}-\Delta_-+\sqrt{(\Delta_-+\underline\Delta)^2+4\sigma_r^2(U_1V^\top)}\big]$ "
    r"(17) [reconstructed], with $\Delta_+=\max\{\lambda_1(D),0\}-\max\{\lambda_r(D),0\}$ (18), "
    r"$\Delta_-=\max\{\lambda_1(-D),0\}-\max\{\lambda_m(-D),0\}$ (19), $\underline\Delta=\max\{\lambda_r(D),0\}+\max\{\lambda_m(-D),0\}$ (20)."
)
statement(
    "linnet-imbalance/proposition-1",
    "proposition",
    "1",
    "Bound on the instantaneous rate",
    src("§3.2, Proposition 1", "(17)-(20)"),
    _PROP1_TEXT,
    params=(SEED, *STATIC_PARAMS),
    hypotheses=FLOW_HYP,
    notes="Checked statically over arbitrary (U1, V, Sigma_X, E != 0) -- every E is attainable by choosing the target -- "
    "and along high-precision flows.",
    edges=STATIC_EDGES,
    steps=PROP1_STEPS,
    uses=(
        "linnet-imbalance/lemma-7",
        "linnet-imbalance/lemma-8",
    ),
)
statement(
    "linnet-imbalance/claim-prop1-special-cases",
    "claim",
    "after (20)",
    "Individual contributions of imbalance and product",
    src("§3.2", "(17)"),
    r"(assuming $\lambda_r(\Sigma_X)=1$): 1) When $D=0$, the lower bound reduces to $2\sigma_{\min}(U_1V^\top)$ (when $r\ne m$) "
    r"or $4\sigma_{\min}(U_1V^\top)$ (when $r=m$); 2) When $U_1V^\top=0$, the lower bound reduces to $2\underline\Delta$.",
    steps=(
        Step(
            "invokes Proposition 1",
            r"the claim evaluates (17) of Proposition 1 with one of the imbalance or product terms set to 0",
            "invocation",
        ),
    ),
    uses=("linnet-imbalance/proposition-1",),
    notes="uses: no proof is printed; the claim evaluates (17) of Proposition 1.",
)
statement(
    "linnet-imbalance/claim-prop1-regimes",
    "claim",
    "after Remark 2",
    "The sandwich for each term of (17) and the two regimes",
    src("§3.2", "(17)"),
    r"$\sqrt{\underline\Delta^2+4\sigma_m^2}\ge-\Delta_++\sqrt{(\Delta_++\underline\Delta)^2+4\sigma_m^2}\ge\underline\Delta$ and the same with "
    r"$(\Delta_-,\sigma_r)$ [reconstructed]. The right extreme is obtained when $\Delta_\pm\to\infty$ or the singular values are zero, the "
    r"left when $\Delta_+=\Delta_-=0$. When $\Delta_\pm\gg\underline\Delta$ the bound is approximately $2\lambda_r(\Sigma_X)\underline\Delta$; "
    r"when they are much smaller, approximately $\lambda_r(\Sigma_X)[\sqrt{\underline\Delta^2+4\sigma_m^2}+\sqrt{\underline\Delta^2+4\sigma_r^2}]$, "
    r"which for $r=m$ is $2\lambda_r(\Sigma_X)\sqrt{\underline\Delta^2+4\sigma_{\min}^2(U_1V^\top)}$.",
    steps=(Step("invokes Proposition 1", r"the claim bounds each term of (17) of Proposition 1", "invocation"),),
    uses=("linnet-imbalance/proposition-1",),
    notes="uses: no proof is printed; the claim bounds the terms of (17) of Proposition 1.",
)
statement(
    "linnet-imbalance/remark-2",
    "remark",
    "2",
    "(17) is optimal for an adversarial target",
    src("§3.2, Remark 2; App. C", "(17)"),
    r"Although in the scalar case the instantaneous rate can be exactly expressed by imbalance and product, the rate also depends on "
    r"the target $\tilde Y=W^\top Y$ for the general matrix dynamics. Our lower bound in (17) is considered optimal when regarding the "
    r"target as being adversely chosen to minimize the rate.",
    notes="Checked where App. C makes it precise: in the homogeneous family (D = lambda I, h = r = m, Sigma_X = I) the "
    "adversarial target (E the bottom eigen-matrix of T) attains (17) exactly; for generic (U1, V) the adversarial rate is "
    "reported against (17) (see claim-appc-tightness).",
    steps=(
        Step(
            "invokes Lemma 8",
            r"(App. C) 'by Lemma 8', the lower bound on $\bar c(D,W)$ that (17) is said to be optimal against",
            "invocation",
        ),
    ),
    uses=(
        "linnet-imbalance/claim-appc-rayleigh",
        "linnet-imbalance/lemma-8",
    ),
)

_C_TEXT = (
    r"$c(t)=-\Delta_++\sqrt{(\Delta_++\underline\Delta)^2+4(\max\{\sigma_m(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1(t)V(t)^\top\|_F,0\})^2/\lambda_1(\Sigma_X)}"
    r"-\Delta_-+\sqrt{(\Delta_-+\underline\Delta)^2+4(\max\{\sigma_r(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1(t)V(t)^\top\|_F,0\})^2/\lambda_1(\Sigma_X)}$ (21) [reconstructed]"
)
statement(
    "linnet-imbalance/theorem-3",
    "theorem",
    "3",
    "Exponential convergence guarantee",
    src("§3.2, Theorem 3; §3.3", "(21), (26), (27)"),
    r"Consider the continuous dynamics in (7). Let $\tilde Y:=W^\top Y$ and define " + _C_TEXT + r". Then "
    r"$(\mathcal L(t)-\mathcal L^*)\le\exp(-\lambda_r(\Sigma_X)c(0)t)(\mathcal L(0)-\mathcal L^*)$ for all $t\ge0$. That is, if $c(0)>0$, "
    r"then the loss converges to its global minimum exponentially with a rate at least $\lambda_r(\Sigma_X)c(0)$.",
    params=(SEED, *FLOW_PARAMS),
    hypotheses=FLOW_HYP,
    notes="Proof misprint (proof only; proof step 'before (27)', refuted): before (27) '||Yt - S U1 V^T||_F = sqrt(2 L~) is non-decreasing' should be "
    "non-increasing.",
    edges=FLOW_EDGES,
    steps=THEOREM3_STEPS,
    uses=(
        "linnet-imbalance/proposition-1",
        "linnet-imbalance/claim-imbalance-conservation",
        "linnet-imbalance/claim-loss-decomposition",
        "ext:horn-johnson-2012-7.3.P16-weyl",
        "ext:gronwall-1919",
    ),
)
statement(
    "linnet-imbalance/corollary-4",
    "corollary",
    "4",
    "Sufficient level of imbalance",
    src("§3.2, Corollary 4", "(21)"),
    r"If $\underline\Delta>0$ at initialization, then the loss converges to zero exponentially with a rate at least "
    r"$2\lambda_r(\Sigma_X)\underline\Delta(0)$ [reconstructed from `2^{-r(Sigma_X)Delta(0)}`].",
    params=(SEED, *FLOW_PARAMS),
    hypotheses=(Hypothesis(r"$\underline\Delta(0)>0$", observed_positive("Delta0", missing_holds=True)),),
    edges=FLOW_EDGES,
    steps=COR4_STEPS,
    uses=("linnet-imbalance/theorem-3",),
)
statement(
    "linnet-imbalance/corollary-5",
    "corollary",
    "5",
    "Sufficient margin (rate as printed: 2 lambda_r c(0))",
    src("§3.2, Corollary 5", "(21)"),
    r"If at initialization, $\sigma_{\min}(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1V^\top\|_F>0$, then $c(0)>0$ and the loss converges to zero "
    r"exponentially with a rate at least $2\lambda_r(\Sigma_X)c(0)$ [the extracted `2^{-r(Sigma_X)c(0)}`, read with the same glyph "
    r"map as Corollary 4's `2^{-r(Sigma_X)Delta(0)}` = $2\lambda_r(\Sigma_X)\underline\Delta(0)$].",
    params=(SEED, *FLOW_PARAMS),
    hypotheses=(MARGIN_HYP,),
    expect="refuted",
    erratum="The rate 2 lambda_r(Sigma_X) c(0) is twice what Theorem 3 gives and is false: in the scalar balanced case "
    "(Sigma_X = 1, y = 1, u(0) = v(0) = 15/16, d = 0, margin 225/256 > 0) c(0) = 225/64 but the exact initial rate -L'/L = "
    "2(u^2 + v^2) = 225/64 < 2 c(0) = 225/32 (exact rationals), so L(t) > e^{-2 c(0) t} L(0) for small t > 0; the 160-bit flow "
    "gives log L(0.5)/L(0) = -1.84 against the claimed <= -3.52 (excess 1.67, error 2e-47). What holds: rate lambda_r(Sigma_X) "
    "c(0) (Theorem 3) -- corollary-5:corrected. (If the glyph '2' were an extraction artefact the printed corollary would be the "
    "corrected one; the same glyph gives Corollary 4's correct 2 lambda_r Delta(0).)",
    edges=FLOW_EDGES,
    steps=COR_INVOKES_T3,
    uses=("linnet-imbalance/theorem-3",),
    notes="uses: no separate proof is printed; the corollary is presented as a consequence of Theorem 3.",
)
statement(
    "linnet-imbalance/corollary-5:corrected",
    "corollary",
    "5 (corrected)",
    "Sufficient margin, with Theorem 3's rate lambda_r c(0)",
    src("§3.2, Corollary 5", "(21)"),
    r"If at initialization $\sigma_{\min}(\tilde Y)-\|\tilde Y-\Sigma_X^{1/2}U_1V^\top\|_F>0$, then $c(0)>0$ and "
    r"$\mathcal L(t)-\mathcal L^*\le e^{-\lambda_r(\Sigma_X)c(0)t}(\mathcal L(0)-\mathcal L^*)$, regardless of the imbalance.",
    params=(SEED, *FLOW_PARAMS),
    hypotheses=(MARGIN_HYP,),
    corrects="linnet-imbalance/corollary-5",
    edges=FLOW_EDGES,
    steps=COR_INVOKES_T3,
    uses=("linnet-imbalance/theorem-3",),
)
statement(
    "linnet-imbalance/corollary-6",
    "corollary",
    "6",
    "Local convergence rate after t0 (as printed)",
    src("§3.2, Corollary 6", "(21), (22)"),
    r"If at some $t_0>0$, we have $c(t_0)>0$, then $(\mathcal L(t)-\mathcal L^*)\le\exp(-\lambda_r(\Sigma_X)c(t_0)t)(\mathcal L(t_0)-\mathcal L^*)$ "
    r"for all $t\ge t_0$. That is, after $t_0$, the loss converges to zero exponentially with a rate of at least $2\lambda_r(\Sigma_X)c(t_0)$ "
    r"[glyph read as in Corollary 4]. Notably, given any trajectory that eventually converges to a global minimum for $\mathcal L$, for "
    r"sufficiently large $t_0$, $c(t_0)\simeq-\Delta_++\sqrt{(\Delta_++\underline\Delta)^2+4\sigma_m^2(\tilde Y)/\lambda_1(\Sigma_X)}-\Delta_-+"
    r"\sqrt{(\Delta_-+\underline\Delta)^2+4\sigma_r^2(\tilde Y)/\lambda_1(\Sigma_X)}$ (22).",
    params=(SEED, *FLOW_PARAMS),
    expect="refuted",
    erratum="The display has exp(-lambda_r c(t0) t) where Gronwall from t0 gives exp(-lambda_r c(t0) (t - t0)): at t = t0 it "
    "claims L~(t0) <= e^{-lambda_r c(t0) t0} L~(t0) < L~(t0), false for every trajectory with c(t0) > 0 and L~(t0) > 0 (exact: "
    "e^{-225/64} >= 1 is false for the scalar balanced init at t0 = 1; 160-bit flow, M1 init 'scaled:1:1', t0 = 2, c(t0) = 0.299: "
    "violation lambda_r c(t0) t0 = 0.336 in log L). The prose rate 2 lambda_r c(t0) is also twice Theorem 3's (see Corollary 5). "
    "What holds: corollary-6:corrected (t - t0, rate lambda_r c(t0)); the limit (22) holds (homogeneous case: the late slope "
    "equals lambda_r c_inf).",
    edges=FLOW_EDGES,
    steps=COR_INVOKES_T3,
    uses=("linnet-imbalance/theorem-3",),
    notes="uses: no proof of the bound is printed (presented as a consequence of Theorem 3); (22) is justified by ||E(t0)||_F -> 0.",
)
statement(
    "linnet-imbalance/corollary-6:corrected",
    "corollary",
    "6 (corrected)",
    "Local convergence rate after t0, with t - t0",
    src("§3.2, Corollary 6", "(21), (22)"),
    r"If $c(t_0)>0$ then $\mathcal L(t)-\mathcal L^*\le e^{-\lambda_r(\Sigma_X)c(t_0)(t-t_0)}(\mathcal L(t_0)-\mathcal L^*)$ for $t\ge t_0$, and "
    r"$c(t_0)\to$ the right side of (22) as $t_0\to\infty$ along a trajectory that converges to a global minimum.",
    params=(SEED, *FLOW_PARAMS),
    corrects="linnet-imbalance/corollary-6",
    edges=FLOW_EDGES,
    steps=COR_INVOKES_T3,
    uses=("linnet-imbalance/theorem-3",),
)
statement(
    "linnet-imbalance/claim-tarmoun-recovery",
    "claim",
    "after (22)",
    "Tarmoun et al.'s homogeneous-imbalance rate recovered from (22)",
    src("§3.2", "(22)"),
    r"When $\Sigma_X=I_r$, $h=r=m$ and $D=\lambda I_h$ for some $\lambda\ne0$, the asymptotic convergence rate of the gradient flow is lower "
    r"bounded by $2\sqrt{\lambda^2+4\sigma_{\min}^2(\tilde Y)}$ [reconstructed], and this can be exactly recovered from (22) with "
    r"$\Delta_+=\Delta_-=0$, $\underline\Delta=|\lambda|$.",
    notes="In this homogeneous case the asymptotic rate equals the bound (checked on high-precision flows).",
    uses=(
        "linnet-imbalance/corollary-6",
        "ext:tarmoun-2021",
    ),
)

# ---------------------------------------------------------------------------------------
# §3.3 lemmas
# ---------------------------------------------------------------------------------------
statement(
    "linnet-imbalance/lemma-7",
    "lemma",
    "7",
    "Rate via the smallest eigenvalues of U1 U1^T and V V^T",
    src("§3.3, Lemma 7; App. B", "(B.1)-(B.4)"),
    r"Under (7), $-\dot{\tilde{\mathcal L}}/\tilde{\mathcal L}\ge2\lambda_r(\Sigma_X)(\lambda_r(U_1U_1^\top)+\lambda_m(VV^\top))$.",
    params=(SEED, *STATIC_PARAMS),
    edges=STATIC_EDGES,
    steps=LEMMA7_STEPS,
    uses=(
        "linnet-imbalance/claim-reparametrization",
        "linnet-imbalance/claim-loss-decomposition",
        "ext:wang-1986-lemma-1-trace-inequality",
    ),
)
statement(
    "linnet-imbalance/lemma-8",
    "lemma",
    "8",
    "Quadratic lower bound on lambda_m(B^T B) from the imbalance",
    src("§3.3, Lemma 8; App. B", "(23), (B.5)-(B.17)"),
    r"Suppose $h\ge\min\{r,m\}$. Given any $A\in\mathbb R^{r\times h}$, $B\in\mathbb R^{h\times m}$ that satisfy $A^\top A-BB^\top=D$, "
    r"$\lambda_m(B^\top B)\ge\frac{-\bar\lambda_++\underline\lambda_-+\sqrt{(\bar\lambda_++\underline\lambda_-)^2+4\sigma_m^2(AB)}}2$ (23) "
    r"[reconstructed], $\bar\lambda_+=\max\{\lambda_1(D),0\}$, $\underline\lambda_-=\max\{\lambda_m(-D),0\}$.",
    hypotheses=(Hypothesis(r"$h\ge\min\{r,m\}$", lambda p: int(p["h"]) >= min(int(p["r"]), int(p["m"]))),),
    notes="(Proof step (B.5), encoded in the form that holds.) (B.5) as extracted equates lambda_m(B^T B) with z^T (B^T B)^2 z; the relation that holds (and is used) is "
    "lambda_m(B^T B)^2 = z^T (B^T B)^2 z = z^T B^T A^T A B z - z^T B^T D B z >= sigma_m^2(AB) - z^T B^T D B z (proof glyphs).",
    params=(SEED, *STATIC_PARAMS),
    edges=STATIC_EDGES,
    steps=LEMMA8_STEPS,
    uses=(
        "linnet-imbalance/claim-lemma8-inertia",
        "ext:horn-johnson-2012-0.7.4-woodbury",
        "ext:horn-johnson-2012-4.5.8-sylvester-inertia",
    ),
)
statement(
    "linnet-imbalance/claim-lemma8-inertia",
    "claim",
    "App. B",
    "D = A^T A - B B^T has at most m negative eigenvalues",
    src("App. B, proof of Lemma 8", ""),
    r"If $A^\top A-BB^\top=D$ with $B\in\mathbb R^{h\times m}$, then $D$ has at most $m$ negative eigenvalues.",
    params=(SEED, *STATIC_PARAMS),
    edges=STATIC_EDGES,
    uses=(),
    notes="uses: the printed argument (a dimension count against ker(B^T)) invokes no other result.",
)
statement(
    "linnet-imbalance/proposition-9",
    "proposition",
    "9",
    "Convergence of the parameters",
    src("§4.1, Proposition 9; App. E", "(E.1)"),
    r"Consider the continuous dynamics in (7). If $c(0)$, defined in Theorem 3, is positive, then $(V(t),U_1(t))$ converges to an "
    r"equilibrium point $(V(\infty),U_1(\infty))$ such that $E(V(\infty),U_1(\infty))=W^\top Y-\Sigma_X^{1/2}U_1V^\top=0$. "
    r"[Proof, App. E:] $\|Z(t)\|_F^2\le\exp\big(\frac{4\lambda_1^{1/2}(\Sigma_X)}{\lambda_r(\Sigma_X)c(0)}\|E(0)\|_F\big)\|Z(0)\|_F^2$ [reconstructed].",
    params=(SEED, *FLOW_PARAMS),
    hypotheses=(Hypothesis(r"$c(0)>0$", observed_positive("c0", missing_holds=True)),),
    edges=FLOW_EDGES,
    steps=PROP9_STEPS,
    uses=(
        "linnet-imbalance/theorem-3",
        "ext:hirsch-1974-gradient-systems",
        "ext:horn-johnson-2012-7.3.3",
        "ext:gronwall-1919",
    ),
)
