"""ssm-poison: the auxiliary results of App. D.5 (Lemmas 22-36, Theorem 4, Definition 13,
Propositions 18-19). General facts about gradient flows, ODEs and inequalities; the checks
test them on the paper's objectives and on generic instances (random fields, quadratics).
"""

from __future__ import annotations

import math

import sympy as sp

from .registry import Hypothesis, Param, Step, src, statement
from .ssm_poison import DIM, LENGTH, ODD_L7, add_invocation_step

# Lemma 28's third item: the ball on which H^{-1} is Lipschitz, in the statement and at the proof's end
LEMMA28_STATEMENT_INVERSE_BALL = "B_{r_2}"
LEMMA28_PROOF_INVERSE_BALL = "B_{r_3}"


# ---------------------------------------------------------------------------------------
# The printed bounds and formulas of App. D.5 (generic in the number type: floats, Fractions, SymPy)
# ---------------------------------------------------------------------------------------
def path_length_bound(M, mu, dist):
    """Theorem 4 / Lemma 25: ``sqrt(M/mu) Dist(x_0, X*)``."""
    return sp.sqrt(sp.sympify(M) / mu) * dist


def pl_decay_bound(f0, mu, t):
    """Lemma 24: ``f(x(0)) exp(-2 mu t)``."""
    return f0 * sp.exp(-2 * mu * t)


def pl_decrease_bound(t1, t2, mu, c):
    """Lemma 32: ``2 (t_2 - t_1) mu c``."""
    return 2 * (t2 - t1) * mu * c


def lemma26_matrix(a, b, d: int) -> sp.Matrix:
    """``(a - b) I_d + b 1_{d x d}``."""
    return (a - b) * sp.eye(d) + b * sp.ones(d, d)


def lemma26_eigenpairs(a, b, d: int) -> list:
    """The printed eigenpairs: ``(1_d, a + (d-1) b)`` and ``(e_1 - e_j, a - b)``, j = 2..d."""
    pairs = [(sp.ones(d, 1), a + (d - 1) * b)]
    for j in range(1, d):
        v = sp.zeros(d, 1)
        v[0], v[j] = 1, -1
        pairs.append((v, a - b))
    return pairs


def lemma27_printed(expm, W, y0, b, t, Q, lam):
    """Lemma 27's two printed expressions for y(t): ``exp(-W)(y(0) - b)`` and
    ``Q exp(-t Lambda) Q^T (y(0) - b) + b`` (``expm`` a matrix exponential, ``lam`` the
    eigenvalues, arrays supporting ``@``)."""
    import numpy as np

    return expm(-W) @ (y0 - b), Q @ (np.exp(-t * lam) * (Q.T @ (y0 - b))) + b


def lemma27_corrected_solution(expm, W, y0, b, t):
    """The corrected solution ``exp(-t W)(y(0) - b) + b``."""
    return expm(-t * W) @ (y0 - b) + b


def gronwall_bounds(D0, N, t):
    """Lemma 29: ``(||D_0|| e^{-N t}, ||D_0|| e^{N t})``."""
    return D0 * sp.exp(-N * t), D0 * sp.exp(N * t)


def lemma31_bound(beta2, d: int):
    """Lemma 31: ``|beta_2| / d``."""
    return abs(beta2) / d


def lemma31_proof_bound(beta2, d: int):
    """Lemma 31's proof, last display: ``|beta_2| / sqrt(d (d - 1))``."""
    return abs(beta2) / sp.sqrt(d * (d - 1))


def prop18_bounds(b, s, k: int):
    """Proposition 18: ``((b/2)^k, (b/(2s))^k)``."""
    return (b / 2) ** k, (b / (2 * s)) ** k


def prop19_threshold(bhat):
    """Proposition 19: ``bhat / (bhat + 2)``."""
    return bhat / (bhat + 2)


def dfdt_printed(value):
    """The printed middle terms of the chain rule in Lemmas 22 and 24: ``f(x)^T (-f(x))``."""
    return -(value**2)


def lemma36_ratio(y, S, T, n):
    """Lemma 36's proof: ``(S / ((y+1)/2)) (1 - ((y+1)/2)^n)^{1/n} / ((1 - y)/T)``."""
    m = (y + 1) / 2
    return S / m * (1 - m**n) ** (sp.Integer(1) / n) / ((1 - y) / T)


def lemma34_bound(integral_lambda_max, D0):
    """Lemma 34: ``exp(int_0^t lambda_max) ||D_0||``."""
    return sp.exp(integral_lambda_max) * D0


SEED = Param("seed", int, 0, "seed of the random instances", low=0)
# Least squares f(x) = ||X x - y||^2 (X: ROWS x COLS, condition number 10^COND of X X^T), the
# test function of the PL lemmas: every quantity in closed form.
ROWS = Param("rows", int, 2, "rows of X (equations)", low=1, high=12)
COLS = Param("cols", int, 5, "columns of X (unknowns)", low=1, high=40)
COND = Param("cond", float, 1.0, "log10 condition number of X X^T", low=0, high=8)
TMU = Param("tmu", float, 1.0, "time in units of 1/mu", low=0, high=40)
LS_DOMAIN = (("rows <= cols (X of full row rank)", lambda p: p["rows"] <= p["cols"]),)
SIZE = Param("dim", int, 3, "dimension of the linear field", low=1, high=8)
TIME = Param("t", float, 1.0, "time", low=0, high=20)

LEMMA_22 = statement(
    "ssm-poison/lemma-22",
    "lemma",
    "22",
    "The objective is non-increasing under gradient flow",
    src("App. D.5", ""),
    r"For differentiable $f:\mathbb R^d\to\mathbb R$ and $\dot{\mathbf x}=-\nabla f(\mathbf x)$: $\frac d{dt}f(\mathbf x(t))\le0$.",
    params=(DIM, LENGTH),
    uses=(),
    notes="The proof is the chain rule; invokes nothing: uses = ().",
    steps=(
        Step(
            "App. D.5, proof of Lemma 22",
            r"$\frac d{dt}f(\mathbf x(t))=\nabla f(\mathbf x(t))^\top\frac d{dt}\mathbf x(t)=f(\mathbf x(t))^\top(-f(\mathbf x(t)))=-\|f(\mathbf x(t))\|_2^2\le0$",
            kind="identity",
            expect="refuted",
            erratum="The middle terms drop the gradient: f(x)^T(-f(x)) = -||f(x)||^2 is not grad f(x)^T(-grad f(x)) "
            "(f(x) = x^2 at x = 1: -1 against -4). What holds (and what the proof needs): d/dt f(x(t)) = "
            "-||grad f(x(t))||^2 <= 0.",
        ),
    ),
)
LEMMA_23 = statement(
    "ssm-poison/lemma-23",
    "lemma",
    "23",
    "Coercive C^1 objectives give global-in-time gradient flows",
    src("App. D.5", "(31)"),
    r"If $f$ is $C^1$ and coercive ($\lim_{\|\mathbf x\|\to\infty}f(\mathbf x)=\infty$), then the gradient flow (31) from any "
    r"$\mathbf x_0$ has a solution for all $t\ge0$. [Used: the flows (23), (29) are defined for all $t\ge0$.]",
    params=(DIM, LENGTH),
    hypotheses=(ODD_L7,),
    notes="Its use in D.1 needs (21) and (27) coercive: for odd L (L-1 even) sum_k a_k^{L-1} >= ||a||_inf^{L-1}, so both "
    "are (checked symbolically and along random directions). For even L (a probe outside the hypotheses) (21) is "
    "not coercive: ell(R, -R, 0, ...) = w_1 for every R.",
    uses=("ssm-poison/lemma-22", "ext:Picard-Lindelof theorem (Teschl 2024)"),
    steps=(
        Step(
            "App. D.5, proof of Lemma 23, compact set",
            r"By Lemma 22 and the coercivity of $f$, the trajectories of gradient flow cannot escape from some compact set "
            r"$K:=K(\mathbf x_0)$.",
            kind="inequality",
            notes="Checked for the paper's f, (21) and (27) at odd L: K = {f <= f(x_0)} lies in the box ||a||_inf <= "
            "sublevel_radius(f(x_0), w, L) (see there); the flows from far initialisations stay in it.",
        ),
        Step(
            "App. D.5, proof of Lemma 23, Lipschitz on K",
            r"Because $f$ is continuously differentiable $\nabla f$ has some finite Lipschitz constant on $K$.",
            kind="inequality",
            expect="refuted",
            erratum="A continuously differentiable f need not have a Lipschitz gradient on a compact set: f(x) = |x|^{3/2} "
            "(d = 1) is C^1 and coercive, f'(x) = (3/2) sign(x) |x|^{1/2}, and on K = [-1, 1] the quotient "
            "|f'(h) - f'(0)|/h = (3/2) h^{-1/2} is unbounded as h -> 0+. What holds: a C^2 f (in particular the "
            "polynomial objectives (21), (27) the paper applies the lemma to) has a gradient Lipschitz on every compact "
            "set, and Picard-Lindelof then applies; for a C^1 f, Peano's theorem with the confinement to K still gives "
            "a solution for all t >= 0 (existence only), so the lemma's conclusion survives.",
        ),
    ),
)
THEOREM_4 = statement(
    "ssm-poison/theorem-4",
    "theorem",
    "4",
    "Path-length bound under PL and Lipschitz gradient (Gupta et al. 2021, Thm 9)",
    src("App. D.5", ""),
    r"Let $\mathcal V$ be open, $f:\mathcal V\to\mathbb R$ non-negative differentiable with $X^*\ne\emptyset$, "
    r"$\|\nabla f\|^2\ge2\mu f$ on $\mathcal V$, $\nabla f$ $M$-Lipschitz on $\mathcal V$. If the gradient flow from "
    r"$\mathbf x_0$ never leaves $\mathcal V$, $\int_0^\infty\|\nabla f(\mathbf x(t))\|dt\le\sqrt{M/\mu}\,\mathrm{Dist}(\mathbf x_0,X^*)$.",
    params=(SEED, ROWS, COLS, COND),
    domain=LS_DOMAIN,
    uses=("ext:Gupta et al. (2021), Theorem 9",),
    steps=(
        Step(
            "App. D.5, proof of Theorem 4",
            r"The theorem is a restatement of theorem 9 in Gupta et al. (2021).",
            kind="restatement",
            notes="Gupta et al.'s text is outside the five papers (not encoded): compared is the argument the constant "
            "sqrt(M/mu) rests on, the PL integration int ||grad f|| <= sqrt(2 f(x_0)/mu) (path_length_pl_bound) and "
            "M-smoothness f(x_0) <= (M/2) Dist(x_0, X*)^2, whose product is the printed sqrt(M/mu) Dist (identity). "
            "The smoothness step needs the segment from x_0 to its nearest point of X* inside V, which the printed "
            "hypotheses (V open) do not give: noted, no counterexample built.",
        ),
    ),
    edges=(
        {"rows": 1, "cols": 1},
        {"rows": 1, "cols": 40, "cond": 0.0},
        {"rows": 12, "cols": 12, "cond": 8.0},
        {"rows": 12, "cols": 40, "cond": 0.0},
    ),
)
LEMMA_24 = statement(
    "ssm-poison/lemma-24",
    "lemma",
    "24",
    "PL gives exponential decay",
    src("App. D.5", ""),
    r"Under PL with coefficient $\mu$ on $\mathcal V$ (not escaped): $f(\mathbf x(t))\le f(\mathbf x(0))e^{-2\mu t}$ and "
    r"$f(\mathbf x(t))\to0$.",
    params=(SEED, DIM, LENGTH, ROWS, COLS, COND, TMU),
    domain=LS_DOMAIN,
    uses=("ssm-poison/definition-13", "ext:Gronwall's inequality (Gronwall 1919)"),
    edges=(
        {"tmu": 0.0},
        {"rows": 1, "cols": 1, "tmu": 3.0},
        {"rows": 12, "cols": 12, "cond": 8.0, "tmu": 40.0},
        {"rows": 6, "cols": 40, "cond": 0.0, "tmu": 0.01},
    ),
    steps=(
        Step(
            "App. D.5, first display of the proof",
            r"$\frac d{dt}f(\mathbf x(t))=\nabla f(\mathbf x(t))^\top\frac d{dt}\mathbf x(t)=f(\mathbf x(t))^\top(-f(\mathbf x(t)))=-\|f(\mathbf x(t))\|_2^2$",
            kind="identity",
            expect="refuted",
            erratum="The middle terms drop the gradient: f(x)^T(-f(x)) = -||f(x)||^2 is not grad f(x)^T(-grad f(x)) "
            "(f(x) = x^2 at x = 1: -1 against -4). What holds (and what the proof needs): d/dt f(x(t)) = "
            "-||grad f(x(t))||^2.",
        ),
        Step(
            "App. D.5, PL step",
            r"$\frac d{dt}f(\mathbf x(t))=-\|\nabla f(\mathbf x(t))\|_2^2\le-2\mu f(\mathbf x(t))$",
            kind="inequality",
        ),
        Step(
            "App. D.5, Gronwall step",
            r"$f(\mathbf x(t))\le f(\mathbf x(0))\cdot\exp\left(\int_0^t-2\mu d\tau\right)=f(\mathbf x(0))\cdot\exp(-2\mu\cdot t)$",
            kind="inequality",
        ),
    ),
)
DEFINITION_13 = statement(
    "ssm-poison/definition-13",
    "definition",
    "13",
    "Polyak-Lojasiewicz condition",
    src("App. D.5", ""),
    r"$f$ satisfies PL with coefficient $\mu>0$ at $\mathbf x$ if $\|\nabla f(\mathbf x)\|^2\ge2\mu(f(\mathbf x)-\min_{\mathbf y}f(\mathbf y))$; "
    r"in $\mathcal V$ if this holds for all $\mathbf x\in\mathcal V$.",
    params=(DIM, LENGTH),
    uses=(),
    notes="A definition: uses = ().",
)
LEMMA_25 = statement(
    "ssm-poison/lemma-25",
    "lemma",
    "25",
    "PL + Lipschitz gradient + no escape: limit exists, is a zero, is close to x_0",
    src("App. D.5", ""),
    r"Under the hypotheses of Theorem 4: $\mathbf x^*=\lim\mathbf x(t)$ exists, $f(\mathbf x^*)=0$ and "
    r"$\|\mathbf x^*-\mathbf x_0\|\le\sqrt{M/\mu}\,\mathrm{Dist}(\mathbf x_0,X^*)$.",
    params=(SEED, ROWS, COLS, COND),
    domain=LS_DOMAIN,
    uses=("ssm-poison/theorem-4", "ssm-poison/lemma-24", "ssm-poison/definition-13"),
    edges=(
        {"rows": 1, "cols": 1},
        {"rows": 1, "cols": 40},
        {"rows": 12, "cols": 12, "cond": 8.0},
        {"rows": 12, "cols": 40, "cond": 0.0},
    ),
    steps=(
        Step(
            "App. D.5, Cauchy display",
            r"$\|\mathbf x(t_2)-\mathbf x(t_1)\|_2=\|\int_{t_1}^{t_2}\dot{\mathbf x}(\tau)d\tau\|_2\le\int_{t_1}^{t_2}\|\dot{\mathbf x}(\tau)\|_2d\tau\le\int_{t_1}^\infty\|\dot{\mathbf x}(\tau)\|_2d\tau$",
            kind="inequality",
        ),
        Step(
            "App. D.5, final display",
            r"$\|\mathbf x^*-\mathbf x_0\|_2=\|\int_0^\infty\dot{\mathbf x}(\tau)d\tau\|_2\le\int_0^\infty\|\dot{\mathbf x}(t)\|_2\le\sqrt{\frac M\mu}\mathrm{Dist}(\mathbf x_0,X^*)$",
            kind="inequality",
        ),
    ),
)
LEMMA_26 = statement(
    "ssm-poison/lemma-26",
    "lemma",
    "26",
    "Eigendecomposition of (a-b)I + b 11^T",
    src("App. D.5", ""),
    r"$(a-b)I_d+b\mathbf 1_{d\times d}$ has eigenvector $\mathbf 1_d$ with eigenvalue $a+(d-1)b$ and eigenvectors "
    r"$\mathbf e_1-\mathbf e_j$ ($j=2..d$) with eigenvalue $a-b$; these $d$ vectors are linearly independent.",
    params=(Param("d", int, 4, "dimension", low=1, high=40), Param("a", float, 1.0, "a"), Param("b", float, 0.5, "b")),
    uses=(),
    notes="The proof multiplies out; invokes nothing: uses = ().",
    edges=(
        {"d": 1},
        {"d": 2, "a": 0.0, "b": 0.0},
        {"d": 40, "a": 1e300, "b": -1e300},
        {"d": 40, "a": 5e-324, "b": 5e-324},
    ),
    steps=(
        Step(
            "App. D.5, first display",
            r"$[(a-b)I_d+b\mathbf 1_{d\times d}]\mathbf 1_d=(a-b)\mathbf 1_d+b\cdot d\mathbf 1_d=(a+(d-1)b)\mathbf 1_d$",
            kind="identity",
        ),
        Step(
            "App. D.5, second display",
            r"$[(a-b)I_d+b\mathbf 1_{d\times d}](\mathbf e_1-\mathbf e_j)=(a-b)\mathbf e_1+b\mathbf 1_d-(a-b)\mathbf e_j-b\mathbf 1_d=(a-b)(\mathbf e_1-\mathbf e_j)$",
            kind="identity",
        ),
    ),
)
LEMMA_27 = statement(
    "ssm-poison/lemma-27",
    "lemma",
    "27",
    "Solution of y' = -W(y - b), W symmetric",
    src("App. D.5", ""),
    r"For symmetric $W=Q\Lambda Q^\top$ the solution of $\dot{\mathbf y}=-W(\mathbf y-\mathbf b)$ is given by "
    r"$\mathbf y(t)=\exp(-W)(\mathbf y(0)-\mathbf b)=Q\exp(-t\Lambda)Q^\top(\mathbf y(0)-\mathbf b)+\mathbf b$.",
    params=(SEED, SIZE, TIME),
    expect="refuted",
    erratum="The first printed expression exp(-W)(y(0) - b) is not the solution: it lacks the time t and the "
    "offset +b (at t = 0 it gives exp(-W)(y(0)-b) != y(0)). The proof derives, and what holds is, "
    "y(t) = exp(-tW)(y(0) - b) + b = Q exp(-t Lambda) Q^T (y(0) - b) + b.",
    uses=("ext:matrix exponential solves z' = -W z",),
    edges=({"t": 0.0}, {"t": 1.0}, {"dim": 1, "t": 20.0}, {"dim": 8, "t": 0.001}),
    steps=(
        Step(
            "App. D.5, change of variables",
            r"$\mathbf z(t)=\exp(-t\cdot W)\mathbf z(0)$ solves $\dot{\mathbf z}(t)=-W\mathbf z(t)$",
            kind="identity",
        ),
        Step(
            "App. D.5, reversed", r"$\mathbf y(t)=\exp(-t\cdot W)(\mathbf y(0)-\mathbf b)+\mathbf b$", kind="identity"
        ),
    ),
)
LEMMA_27_CORRECTED = statement(
    "ssm-poison/lemma-27:corrected",
    "lemma",
    "27 (corrected)",
    "y(t) = exp(-tW)(y(0)-b) + b",
    src("App. D.5", ""),
    r"For symmetric $W=Q\Lambda Q^\top$: $\mathbf y(t)=\exp(-tW)(\mathbf y(0)-\mathbf b)+\mathbf b="
    r"Q\exp(-t\Lambda)Q^\top(\mathbf y(0)-\mathbf b)+\mathbf b$.",
    params=(SEED, SIZE, TIME),
    corrects="ssm-poison/lemma-27",
    uses=("ext:matrix exponential solves z' = -W z",),
    edges=({"t": 0.0}, {"t": 1.0}, {"dim": 1, "t": 20.0}, {"dim": 8, "t": 0.001}),
)
LEMMA_28 = statement(
    "ssm-poison/lemma-28",
    "lemma",
    "28",
    "Nested balls with Lipschitz restrictions for a C^3 diffeomorphism",
    src("App. D.5", ""),
    r"Let $H:\mathcal V_1\to\mathcal U_1$ be a $C^3$ diffeomorphism near $\mathbf x_0$. There is $r>0$ such that for any "
    r"$r_1\in(0,r]$ there exist $r_2\in(0,r_1)$, $r_3>0$ with $H[\overline{B_{r_2}}]\subseteq\overline{B_{r_3}}\subseteq H[\overline{B_{r_1}}]$, "
    r"$H|_{\overline{B_{r_1}}}$ Lipschitz and $H^{-1}|_{\overline{B_{r_2}}}$ Lipschitz.",
    params=(SEED,),
    notes="Existential/analytic; the conclusion prints H^{-1} restricted to B_{r_2} where the proof (and Prop. 9) "
    "have B_{r_3}: a misprint. Checked on explicit diffeomorphisms (H(x) = x + x^3 componentwise, a rotation-shear) "
    "by constructing r_2, r_3 and Lipschitz constants.",
    uses=("ext:C^1 maps are Lipschitz on compact balls", "ext:continuity of H"),
    steps=(
        Step(
            "L28.1",
            r"H^{-1}|_{\overline{B_{r_2}}(\mathbf{s})}\text{ is Lipschitz (statement)};\ H^{-1}|_{\overline{B_{r_3}}(\mathbf{x_0})}"
            r"\text{ is Lipschitz (last line of the proof)}",
            "restatement",
            expect="refuted",
            erratum="The statement's third item restricts H^{-1} to B_{r_2}, the proof concludes on B_{r_3}(x_0) (from "
            "B_{r_3} subset H[B_{r_1}] and H^{-1} Lipschitz on H[B_{r_1}]); Proposition 9 needs, and quotes, B_{r_3}. The "
            "statement also centres every ball at s where the lemma's point is x_0. The proof's version is the one that "
            "holds and is used.",
        ),
        Step(
            "L28.2",
            r"H[\overline{B_{r_2}}(\mathbf{x_0})] \subseteq \overline{B_{r_3}}(\mathbf{x_0}) \subseteq H[\overline{B_{r_1}}(\mathbf{x_0})]"
            r"\ \Rightarrow\ H^{-1}|_{\overline{B_{r_3}}(\mathbf{x_0})}\text{ Lipschitz}",
            "inequality",
            notes="Checked on the explicit C^3 diffeomorphism H(x) = x + x^3 (componentwise, x_0 = 0) with the radii "
            "r_1 = 1/2, r_2 = 1/5, r_3 = r_2 + r_2^3: both inclusions symbolically.",
        ),
    ),
)
LEMMA_29 = statement(
    "ssm-poison/lemma-29",
    "lemma",
    "29",
    "Two-sided Gronwall",
    src("App. D.5", ""),
    r"Let $f$ be $N$-Lipschitz on a compact $B$. If two solutions of $\dot{\mathbf x}=f(\mathbf x)$ stay in $B$, then "
    r"$\|\mathbf x_1(0)-\mathbf x_2(0)\|e^{-Nt}\le\|\mathbf x_1(t)-\mathbf x_2(t)\|\le\|\mathbf x_1(0)-\mathbf x_2(0)\|e^{Nt}$.",
    params=(SEED, SIZE, TIME, Param("scale", float, 1.0, "scale of the random matrix M", low=0, high=10)),
    uses=("ext:Cauchy-Schwarz inequality", "ext:Gronwall's inequality (Gronwall 1919)"),
    edges=({"t": 0.0}, {"dim": 1, "t": 20.0}, {"dim": 8, "scale": 10.0, "t": 2.0}, {"scale": 0.0, "t": 5.0}),
    steps=(
        Step(
            "App. D.5, chain rule",
            r"$\frac d{dt}\|\mathbf x_1(t)-\mathbf x_2(t)\|_2=\frac1{\|\mathbf x_1(t)-\mathbf x_2(t)\|_2}\cdot(\mathbf x_1(t)-\mathbf x_2(t))^\top(f(\mathbf x_1(t))-f(\mathbf x_2(t)))$",
            kind="identity",
        ),
        Step(
            "App. D.5, Lipschitz step",
            r"$\frac d{dt}\|\mathbf x_1(t)-\mathbf x_2(t)\|_2\le\|f(\mathbf x_1(t))-f(\mathbf x_2(t))\|_2\le N\cdot\|\mathbf x_1(t)-\mathbf x_2(t)\|_2$",
            kind="inequality",
        ),
        Step(
            "App. D.5, reversal",
            r"$\overline{\mathbf x_i}(\bar t)=\mathbf x_i(t-\bar t)$ for the reversal of $f$",
            kind="identity",
        ),
    ),
)
LEMMA_30 = statement(
    "ssm-poison/lemma-30",
    "lemma",
    "30",
    "Solutions from distinct points never meet",
    src("App. D.5", ""),
    r"For Lipschitz $f$, solutions of $\dot{\mathbf x}=f(\mathbf x)$ from distinct initial points satisfy "
    r"$\mathbf x_1(t)\ne\mathbf x_2(t)$ for all $t$.",
    params=(SEED, SIZE, TIME, Param("scale", float, 1.0, "scale of the random matrix M", low=0, high=10)),
    uses=("ext:Picard-Lindelof theorem (uniqueness)",),
    edges=({"t": 0.0}, {"dim": 8, "scale": 10.0, "t": 20.0}, {"dim": 1, "scale": 10.0, "t": 20.0}),
    steps=(
        Step(
            "App. D.5, proof of Lemma 30",
            r"The argument follows from the Picard--Lindelöf existence and uniqueness theorem, which states that for a "
            r"given initialization $\mathbf x(0)$, there exists a unique solution $\mathbf x(t)$ to the ODE system "
            r"$\dot{\mathbf x}(t)=f(\mathbf x(t))$.",
            kind="inequality",
            notes="Non-crossing needs uniqueness through the meeting point backward in time as well; checked on the "
            "lemma's linear fields f(x) = scale M x: the time-t flow map e^{t scale M} is injective, "
            "||x_1(t) - x_2(t)|| >= e^{-|t| scale ||M||_F} ||x_1(0) - x_2(0)|| > 0 (Gronwall), with arb balls.",
        ),
    ),
)
LEMMA_31 = statement(
    "ssm-poison/lemma-31",
    "lemma",
    "31",
    "A vector with W_2-component beta_2 has two coordinates |beta_2|/d apart",
    src("App. D.5", ""),
    r"If $\mathbf x=\beta_1\mathbf 1_d+\beta_2\mathbf v$ with $\mathbf v\in\mathcal W_2$ a unit vector, there exist $i,j$ with "
    r"$|x_i-x_j|\ge\frac{|\beta_2|}d$ [proof's final display: $\ge\frac{|\beta_2|}{\sqrt{d(d-1)}}$].",
    params=(DIM, SEED, Param("b2_log", float, 0.0, "log10 |beta_2|", low=-300, high=300)),
    hypotheses=(Hypothesis(r"$d\ge2$ ($\mathcal W_2\ne\{0\}$)", lambda p: p["d"] >= 2),),
    uses=("ssm-poison/claim-6:corrected", "ext:Cauchy-Schwarz inequality"),
    edges=({"d": 2}, {"d": 200}, {"d": 3, "b2_log": -300.0}, {"d": 3, "b2_log": 300.0}),
    steps=(
        Step(
            "App. D.5, unit norm",
            r"$1=\|\mathbf v\|_2^2=(\sum_{k=2}^d\lambda_k)^2+\sum_{k=2}^d\lambda_k^2$",
            kind="identity",
        ),
        Step(
            "App. D.5, Cauchy-Schwarz display",
            r"$(\sum_{k=2}^d\lambda_k)^2=(\sum_{k=2}^d1\cdot\lambda_k)^2=\langle\mathbf 1_{d-1},\Lambda\rangle\le\|\mathbf 1_{d-1}\|_2^2\cdot\|\Lambda\|^2=(d-1)\sum_{k=2}^d\lambda_k^2$",
            kind="identity",
            expect="refuted",
            erratum="'(sum lambda_k)^2 = <1_{d-1}, Lambda>' drops the square: <1, Lambda> = sum lambda_k (Lambda = "
            "(1, 1): 4 against 2). What holds: (sum lambda_k)^2 = <1, Lambda>^2 <= ||1||^2 ||Lambda||^2 (Cauchy-Schwarz), "
            "the inequality the proof uses.",
        ),
        Step(
            "App. D.5, sum of squares",
            r"$\sum_{k=2}^d\lambda_k^2\ge\frac1d$",
            kind="inequality",
        ),
        Step(
            "App. D.5, final display",
            r"$|x_i-x_j|=|\beta_2|\cdot|v_i-v_j|\ge\frac{|\beta_2|}{\sqrt{d(d-1)}}$",
            kind="inequality",
        ),
    ),
)
PROPOSITION_18 = statement(
    "ssm-poison/proposition-18",
    "proposition",
    "18",
    "Odd-power separation",
    src("App. D.5", ""),
    r"Let $x,y\in[-s,s]$ with $|x-y|\ge b>0$. For odd $k$: $|x^k-y^k|\ge(\frac b2)^k$; if $y\ne0$, "
    r"$|1-\frac{x^k}{y^k}|\ge(\frac b{2s})^k$.",
    params=(
        Param("k", int, 3, "the power k", low=1, high=41),
        Param("s", float, 1.0, "the box [-s, s]", low=0, open_low=True, high=1e6),
        Param("u", float, 0.5, "x = s u", low=-1, high=1),
        Param("v", float, -0.25, "y = s v", low=-1, high=1),
        Param("b_frac", float, 1.0, "b = b_frac |x - y|", low=0, open_low=True, high=1),
    ),
    hypotheses=(
        Hypothesis(r"$k\in\mathbb N_{odd}$", lambda p: p["k"] % 2 == 1),
        Hypothesis(r"$|x-y|\ge b>0$", lambda p: p["u"] != p["v"]),
    ),
    uses=(),
    notes="Elementary case analysis; invokes nothing: uses = ().",
    edges=(
        {"u": 1.0, "v": -1.0},
        {"u": 1.0, "v": -1.0, "k": 2},
        {"u": 0.5, "v": -0.5, "k": 4},
        {"u": 1.0, "v": 0.0, "k": 1},
        {"u": 1.0, "v": 1.0 - 2**-52, "k": 41},
        {"u": 0.5, "v": -0.5, "b_frac": 1.0, "k": 41},
        {"u": 1e-300, "v": -1e-300, "s": 1e6},
    ),
    steps=(
        Step("App. D.5, opposite signs", r"$|x^k-y^k|=|x|^k+|y|^k\ge(\frac b2)^k$ ($x\ge0\ge y$)", kind="inequality"),
        Step(
            "App. D.5, same sign",
            r"$|x^k-y^k|=x^k-y^k\ge(y+b)^k-y^k\ge b^k\ge(\frac b2)^k$ ($x,y\ge0$)",
            kind="inequality",
        ),
    ),
)
PROPOSITION_19 = statement(
    "ssm-poison/proposition-19",
    "proposition",
    "19",
    "Ratio separation",
    src("App. D.5", ""),
    r"Let $y,x.z\ne0$ and $\hat b>0$. If $|1-\frac xy|\ge\hat b$ then $|1-\frac xz|\ge\frac{\hat b}{\hat b+2}$ or "
    r"$|1-\frac yz|\ge\frac{\hat b}{\hat b+2}$.",
    params=(
        Param("x", float, 3.0, "x"),
        Param("y", float, 1.0, "y"),
        Param("z", float, 2.0, "z"),
        Param("b_frac", float, 1.0, "bhat = b_frac |1 - x/y|", low=0, open_low=True, high=1),
    ),
    hypotheses=(
        Hypothesis(r"$x,y,z\ne0$", lambda p: p["x"] != 0 and p["y"] != 0 and p["z"] != 0),
        Hypothesis(r"$|1-\frac xy|\ge\hat b>0$", lambda p: p["x"] != p["y"]),
    ),
    uses=(),
    notes="Elementary algebra; invokes nothing: uses = ().",
    edges=(
        {"x": 3.0, "y": 1.0, "z": 2.0},
        {"x": 1.0, "y": 1.0 + 2**-52, "z": 1.0},
        {"x": -1.0, "y": 1.0, "z": 1e-300},
        {"x": 1e300, "y": 1.0, "z": 1e150},
    ),
    steps=(
        Step(
            "App. D.5, ratio chain",
            r"$\frac1{\hat b+1}=\frac2{2\hat b+2}=\frac{\hat b+2-\hat b}{\hat b+2+\hat b}=\frac{1-\frac{\hat b}{\hat b+2}}{1+\frac{\hat b}{\hat b+2}}$, "
            r"$\frac{1+\frac{\hat b}{\hat b+2}}{1-\frac{\hat b}{\hat b+2}}=\hat b+1$, $-\hat b<\frac{-\hat b}{\hat b+1}=\frac1{\hat b+1}-1$",
            kind="identity",
        ),
    ),
)
LEMMA_32 = statement(
    "ssm-poison/lemma-32",
    "lemma",
    "32",
    "PL and a loss floor on [t_1, t_2] give a decrease >= 2(t_2-t_1) mu c",
    src("App. D.5", ""),
    r"If $\{\mathbf x(t):t\in[t_1,t_2]\}\subseteq\{f\ge\min f+c\}$, $c\ge0$, and $f$ is PL with coefficient $\mu$ there, "
    r"then $f(\mathbf x(t_1))-f(\mathbf x(t_2))\ge2(t_2-t_1)\mu c$.",
    params=(SEED, ROWS, COLS, COND, TMU, Param("wmu", float, 1.0, "window t_2 - t_1 in units of 1/mu", low=0, high=40)),
    domain=LS_DOMAIN,
    uses=("ssm-poison/definition-13", "ext:fundamental theorem for line integrals"),
    edges=(
        {"wmu": 0.0},
        {"tmu": 0.0, "wmu": 40.0},
        {"rows": 1, "cols": 1, "wmu": 5.0},
        {"rows": 12, "cols": 12, "cond": 8.0, "tmu": 0.0, "wmu": 0.001},
    ),
    steps=(
        Step(
            "App. D.5, line integral",
            r"$f(\mathbf x(t_1))-f(\mathbf x(t_2))=-\int_{t_1}^{t_2}\langle\nabla f(\mathbf x(\tau)),\dot{\mathbf x}(\tau)\rangle d\tau=\int_{t_1}^{t_2}\|\nabla f(\mathbf x(\tau))\|^2d\tau$",
            kind="identity",
        ),
    ),
)
LEMMA_33 = statement(
    "ssm-poison/lemma-33",
    "lemma",
    "33",
    "Right-continuity at 0 of the constrained minimum over Diff(psi)",
    src("App. D.5", "(17)"),
    r"Let $g$ be continuous and $B$ compact with $\mathbf 0_d\in B$. Then $f(\psi):=\min_{\mathbf x\in\mathrm{Diff}(\psi)\cap B}g(\mathbf x)$ "
    r"is right-continuous at $\psi=0$.",
    params=(Param("d", int, 3, "dimension", low=2), LENGTH),
    uses=("ext:Bolzano-Weierstrass (compact B)",),
    steps=(
        Step(
            "L33.1",
            r"\operatorname{Diff}(\psi_1) \cap B \subseteq \operatorname{Diff}(\psi_2) \cap B \implies f(\psi_1) "
            r"= \min_{\operatorname{Diff}(\psi_1) \cap B} g \ge \min_{\operatorname{Diff}(\psi_2) \cap B} g = f(\psi_2)"
            r"\quad(\psi_2 \ge \psi_1 \ge 0)",
            "inequality",
        ),
        Step(
            "L33.2",
            r"\lim_{k \to \infty} \mathbf{x}_{\psi_{n_k}} =: \mathbf{x}^* \in \overline{B_r}(\mathbf{0}_d)",
            "inequality",
            expect="refuted",
            erratum="The minimisers lie in B, a compact set containing 0_d but not inside B_r(0_d) (r > 0 of the statement "
            "is otherwise unused): for g(x) = -||x||^2, B = [-3, 3]^2, r = 1, every x_psi is +-(3, 3) and x* = +-(3, 3) "
            "has norm 3 sqrt 2 > 1. What holds (and what the proof then uses): x* in B, by B's compactness.",
        ),
        Step(
            "L33.3",
            r"\psi_{n_k} \le \frac{\widetilde\psi}{2}:\ \mathbf{x}_{\psi_{n_k}} \in \operatorname{Diff}(\tfrac{\widetilde\psi}{2})"
            r"\ \wedge\ \mathbf{x}^* \notin \operatorname{Diff}(\tfrac{\widetilde\psi}{2}) \implies \lim_{k} \mathbf{x}_{\psi_{n_k}} \ne \mathbf{x}^*",
            "inequality",
            notes="Holds: the spread max_{i,j}|x_i - x_j| is 2-Lipschitz in the max-norm, so points of Diff(psi~/2) stay at "
            "max-norm distance >= psi~/4 from x* (spread psi~).",
        ),
    ),
)
LEMMA_34 = statement(
    "ssm-poison/lemma-34",
    "lemma",
    "34",
    "Divergence of two trajectories bounded by exp(int lambda_max)",
    src("App. D.5", ""),
    r"Let $f$ be $C^1$ and Lipschitz; for two solutions of $\dot{\mathbf x}=f(\mathbf x)$ let "
    r"$\lambda_{\max}(t):=\max_{k\in[0,1]}\lambda_{\max}(\nabla f(k\mathbf x_1(t)+(1-k)\mathbf x_2(t)))$. Then "
    r"$\|\mathbf x_1(t)-\mathbf x_2(t)\|\le\exp(\int_0^t\lambda_{\max})\|\mathbf x_1(0)-\mathbf x_2(0)\|$.",
    params=(
        SEED,
        TIME,
        Param("m", float, 10.0, "off-diagonal (shear) entry of M = [[-1, m], [0, -c]]", low=-1e3, high=1e3),
        Param("c", float, 1.0, "second eigenvalue -c", low=-10, high=10),
    ),
    expect="refuted",
    erratum="False for general C^1 Lipschitz fields: for f(x) = M x with M = [[-1, 10], [0, -1]] every eigenvalue "
    "of the Jacobian is -1, yet from x_1(0) - x_2(0) = e_2 the difference at t = 1 is (10/e, 1/e), of norm "
    "3.70 > e^{-1} = 0.368. The printed proof's vector mean value theorem (one k for all components) does not "
    "exist. What holds: the bound with lambda_max of the symmetric part (J + J^T)/2 (by d/dt|D|^2 = "
    "2 int_0^1 D^T J D dk); in particular for gradient fields (symmetric Jacobians), the only use (Prop. 16).",
    uses=("ext:mean value theorem (Sahoo and Riedel 1998)", "ext:Rayleigh quotient bound (Horn and Johnson 1985)"),
    edges=({"m": 0.0}, {"m": 10.0, "t": 1.0}, {"m": 1000.0, "t": 0.001}, {"m": 10.0, "c": -10.0, "t": 20.0}),
    steps=(
        Step(
            "App. D.5, mean value step",
            r"there exists $k\in[0,1]$ for which $f(\mathbf x_1(t))-f(\mathbf x_2(t))=\nabla f(k\cdot\mathbf x_1(t)+(1-k)\cdot\mathbf x_2(t))(\mathbf x_1(t)-\mathbf x_2(t))$",
            kind="identity",
            expect="refuted",
            erratum="The mean value theorem has no such form for vector fields: f(x, y) = (cos x, sin x), x_1 = (2 pi, 0), "
            "x_2 = 0: f(x_1) - f(x_2) = 0 while grad f(p)(x_1 - x_2) = 2 pi (-sin p_1, cos p_1) has norm 2 pi for every "
            "k. What holds: the integral form f(x_1) - f(x_2) = int_0^1 grad f(k x_1 + (1-k) x_2) dk (x_1 - x_2).",
        ),
        Step(
            "App. D.5, Rayleigh step",
            r"$(*)\le\|\mathbf x_1(t)-\mathbf x_2(t)\|_2\cdot\lambda_{max}\left(\nabla f(k\cdot\mathbf x_1(t)+(1-k)\cdot\mathbf x_2(t))\right)$",
            kind="inequality",
            expect="refuted",
            erratum="The Rayleigh quotient D^T J D / D^T D is bounded by lambda_max of the symmetric part (J + J^T)/2, "
            "not of J: J = [[-1, 10], [0, -1]], D = (1, 1): the quotient is 4 > -1 = lambda_max(J). What holds: the "
            "bound with lambda_max((J + J^T)/2) (lemma-34:corrected); for gradient fields J is symmetric.",
        ),
    ),
)
LEMMA_34_CORRECTED = statement(
    "ssm-poison/lemma-34:corrected",
    "lemma",
    "34 (corrected)",
    "The bound with lambda_max of the symmetric part of the Jacobian",
    src("App. D.5", ""),
    r"With $\lambda_{\max}(t):=\max_{k\in[0,1]}\lambda_{\max}(\frac12(\nabla f+\nabla f^\top)(k\mathbf x_1(t)+(1-k)\mathbf x_2(t)))$, "
    r"$\|\mathbf x_1(t)-\mathbf x_2(t)\|\le\exp(\int_0^t\lambda_{\max})\|\mathbf x_1(0)-\mathbf x_2(0)\|$; for gradient fields "
    r"(symmetric Jacobian) this is the printed statement.",
    params=(
        SEED,
        TIME,
        Param("m", float, 10.0, "off-diagonal (shear) entry of M = [[-1, m], [0, -c]]", low=-1e3, high=1e3),
        Param("c", float, 1.0, "second eigenvalue -c", low=-10, high=10),
    ),
    corrects="ssm-poison/lemma-34",
    uses=(
        "ext:d/dt |D|^2 = 2 int_0^1 D^T J D dk (fundamental theorem of calculus)",
        "ext:Gronwall's inequality (Gronwall 1919)",
    ),
    edges=({"m": 0.0}, {"m": 10.0, "t": 1.0}, {"m": 1000.0, "t": 20.0}, {"m": -1000.0, "c": -10.0, "t": 20.0}),
)
LEMMA_35 = statement(
    "ssm-poison/lemma-35",
    "lemma",
    "35",
    "Small value implies near the zero set (compact sublevel set)",
    src("App. D.5", ""),
    r"Let $f$ be continuous, non-negative, $\min f=0$, $X^*=\{f=0\}$, $\{f\le1\}$ compact. For any $\delta>0$ there is "
    r"$\eta>0$ with $f(\mathbf x)\le\eta\Rightarrow\mathrm{Dist}(\mathbf x,X^*)\le\delta$.",
    params=(SEED,),
    uses=("ext:Bolzano-Weierstrass (compact sublevel set)",),
    steps=(
        Step(
            "App. D.5, contrary assumption",
            r"Assume on the contrary that there exists $\delta>0$ such that for any $\epsilon>0$ there exists $\mathbf x_\eta$ for which "
            r"$f(\mathbf x_\eta)\le\delta$ and $\mathrm{Dist}(\mathbf x_\eta,X^*)>\delta$",
            kind="identity",
            expect="refuted",
            erratum="The printed assumption is not the negation of the lemma ('f(x_eta) <= delta' should read "
            "'f(x_eta) <= eta' for every eta > 0): f(x) = x^2, delta = 1/2 meets the printed assumption (x = 3/5: "
            "f = 9/25 <= 1/2, Dist(x, {0}) = 3/5 > 1/2 for every epsilon) although the lemma holds there (eta = 1/4). "
            "The proof then uses the right reading f(x_{1/n}) <= 1/n.",
        ),
    ),
)
_L36_TEXT = (
    r"Let $T,S>0$, $n\in\mathbb N$, $x^*\in(0,1)$. There exist $q_1,w_1\in(0,x^*)$, $q_2,w_2\in(\frac12,1)$ such that for all "
    r"$x\in(q_1,w_1)$, $y\in(q_2,w_2)$: $1-y\le Tx$ and $x\le\frac Sy(1-y^n)^{\frac1n}$ [construction: $y^*=\max\{\frac12,y',y''\}$, "
    r"$q_1=\frac{1-y^*}T$, $w_1=\frac S{(y^*+1)/2}(1-(\frac{y^*+1}2)^n)^{\frac1n}$, $q_2=y^*$, $w_2=\frac{y^*+1}2$; "
    r"the ratio $\frac{\frac S{(y+1)/2}(1-(\frac{y+1}2)^n)^{1/n}}{(1-y)/T}$ tends to $\infty$ as $y\to1$]."
)
LEMMA_36 = statement(
    "ssm-poison/lemma-36",
    "lemma",
    "36",
    "Interval construction for (alpha, zeta_2)",
    src("App. D.5", ""),
    _L36_TEXT,
    params=(SEED,),
    expect="refuted",
    erratum="False for n = 1: with T = S = 1/2, for every y in (1/2, 1) the two conditions need "
    "2(1 - y) <= x <= (1 - y)/(2y) < 1 - y, impossible; so no rectangle exists (the proof's ratio tends to ST/2, "
    "not to infinity, when n = 1). What holds: the lemma for n >= 2 (the ratio ~ (1-y)^{1/n-1} -> infinity and the "
    "construction works), which covers its use with n = L - 3 >= 4.",
    uses=(),
    notes="The proof constructs the intervals directly (limits as y -> 1); invokes nothing: uses = ().",
    steps=(
        Step(
            "App. D.5, ratio limit",
            r"$\lim_{y\to1^-}\frac{\frac S{\frac{y+1}2}(1-(\frac{y+1}2)^n)^{\frac1n}}{\frac{1-y}T}=TS\cdot n^{\frac1n}\cdot(\frac12)^{\frac1n}\cdot"
            r"\lim_{y\to1^-}\frac1{(1-y)^{\frac{n-1}n}}=\infty$",
            kind="identity",
            expect="refuted",
            erratum="For n = 1 the limit is T S (1/2) lim (1-y)^0 = T S / 2, not infinity (T = S = 1: 1/2); the step "
            "holds for n >= 2 only, which is the lemma's erratum (lemma-36:corrected).",
        ),
        Step(
            "App. D.5, monotone endpoints",
            r"$y^*<y\implies\frac{1-y^*}T>\frac{1-y}T$; $\frac{y^*+1}2>y\implies\frac S{\frac{y^*+1}2}(1-(\frac{y^*+1}2)^n)^{\frac1n}<\frac Sy(1-y^n)^{\frac1n}$",
            kind="inequality",
        ),
    ),
)
LEMMA_36_CORRECTED = statement(
    "ssm-poison/lemma-36:corrected",
    "lemma",
    "36 (corrected)",
    "Interval construction for n >= 2",
    src("App. D.5", ""),
    _L36_TEXT.replace(r"$n\in\mathbb N$", r"$n\in\mathbb N_{\ge2}$"),
    params=(SEED,),
    corrects="ssm-poison/lemma-36",
    uses=(),
    notes="No proof printed for the corrected form (the printed construction for n >= 2): uses = ().",
)


# The proof's invocation of Claim 6 (corrected) (issue 19; see theorems.ssm_poison.add_invocation_step)
add_invocation_step(
    LEMMA_31, r"[$\mathbf v\in\mathcal W_2$: $\mathbf v\perp\mathbf 1_d$, Claim 6 (corrected), at the lemma's $d$]"
)


def sublevel_radius(loss0: float, w: float, L: int) -> float:
    """The box ``||a||_inf <= (1 + sqrt(loss0/w))^{1/(L-1)}`` containing the sublevel set
    ``{l <= loss0}`` of (21) and (27) (weight ``w``) at odd ``L``: the compact ``K(x_0)`` of Lemma 23's proof.
    Derived: ``sum_k a_k^{L-1} >= ||a||_inf^{L-1}`` (L - 1 even) and ``l >= w (1 - sum_k a_k^{L-1})^2``."""
    return (1 + math.sqrt(loss0 / w)) ** (1 / (L - 1))


def path_length_pl_bound(f0, mu):
    """``sqrt(2 f(x_0)/mu)``: the bound on ``int ||grad f(x(t))|| dt`` that integrating
    ``d/dt sqrt(f) = -||grad f||^2/(2 sqrt f) <= -sqrt(mu/2) ||grad f||`` (PL) gives."""
    return sp.sqrt(2 * f0 / mu)


def path_length_smooth_bound(M, mu, dist):
    """``sqrt(2/mu) sqrt((M/2) dist^2)``: :func:`path_length_pl_bound` with ``f(x_0) <= (M/2) Dist^2``."""
    return sp.sqrt(2 / mu) * sp.sqrt(M / 2 * dist**2)


def theorem4_bound(M, mu, dist):
    """The printed bound ``sqrt(M/mu) Dist(x_0, X*)`` of Theorem 4."""
    return sp.sqrt(M / mu) * dist
