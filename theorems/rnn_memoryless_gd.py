"""rnn-memoryless §6 (and §7.1's guarantee): the gradients (5)-(10) / App. B (16)-(18), the
invariance of the symmetric manifold under GD, complementary slackness, Theorem 6.1, Remark
6.2, Lemma 6.3, the residual setting, and §7.1's restatement of Theorem 6.1.

Shared parameters and ``scalar`` are imported from ``theorems.rnn_memoryless`` (which also keeps
the loss (4) and the CI-9 reduced loss of the residual setting, used by the experiments' checks
too); this module adds, as printed (reconstructed): the gradients (5)-(7), the summand
``M_{j,r}`` of (10), Matrix Cookbook (91) and Lemma 6.3's construction.
"""

from __future__ import annotations

import sympy as sp

from .registry import Hypothesis, Param, Step, src, statement
from .rnn_memoryless import RECONSTRUCTED, SEED, D, K, W, scalar

# Theorem 6.1's premise "GD converges to a minimiser of (4)" (min (4) = 0), observed on a finite
# run: the loss never increases and ends below this fraction of its start (the suite's reading).
GD_CONVERGED_RATIO = 1e-3


def gd_converged(p: dict) -> bool:
    """The premise observed on the run an instance records (loss_initial, loss_final,
    loss_monotone, measured by the check); an instance without a run does not meet it."""
    return bool(p["loss_monotone"]) and float(p["loss_final"]) < GD_CONVERGED_RATIO * float(p["loss_initial"])


# ---------------------------------------------------------------------------------------
# Printed formulas (reconstructed), in SymPy
# ---------------------------------------------------------------------------------------
def gradients_printed(A, B, C, w, k):
    """(5)-(7) (= App. B (16)-(18)): ``(grad_A, grad_B, grad_C)`` as printed (reconstructed):

    grad_B = 2 (CB - w) C^T + 2 sum_{j=1}^{k-1} (C A^j B) (A^j)^T C^T,
    grad_C = 2 (CB - w) B^T + 2 sum_{j=1}^{k-1} (C A^j B) B^T (A^j)^T,
    grad_A = 2 sum_{j=1}^{k-1} (C A^j B) sum_{r=0}^{j-1} (A^r)^T C^T B^T (A^{j-1-r})^T."""
    h = [scalar(C * A**j * B) for j in range(k)]
    gB = 2 * (h[0] - w) * C.T + 2 * sum((h[j] * (A**j).T * C.T for j in range(1, k)), sp.zeros(*B.shape))
    gC = 2 * (h[0] - w) * B.T + 2 * sum((h[j] * B.T * (A**j).T for j in range(1, k)), sp.zeros(*C.shape))
    gA = 2 * sum((h[j] * inner_sum_M(A, B, C, j) for j in range(1, k)), sp.zeros(*A.shape))
    return gA, gB, gC


def M_term(A, B, C, j, r):
    """(10)'s summand ``M_{j,r} = (A^r)^T C^T B^T (A^{j-1-r})^T``."""
    return (A**r).T * C.T * B.T * (A ** (j - 1 - r)).T


def inner_sum_M(A, B, C, j):
    return sum((M_term(A, B, C, j, r) for r in range(j)), sp.zeros(*A.shape))


def cookbook_91(X, a, b, n):
    """Matrix Cookbook (91): ``d/dX a^T X^n b = sum_{r=0}^{n-1} (X^r)^T a b^T (X^{n-1-r})^T``."""
    return sum(((X**r).T * a * b.T * (X ** (n - 1 - r)).T for r in range(n)), sp.zeros(*X.shape))


def lemma_6_3_parameters(a, delta, w, d: int = 2):
    """Lemma 6.3's construction [rec-med] (d = 2, padded with zeros for d > 2):
    ``A = diag(0, a, 0...)``, ``B = C^T = (sqrt(w), delta, 0...)``."""
    A = sp.diag(0, a, *([0] * (d - 2)))
    B = sp.Matrix([sp.sqrt(w), delta] + [0] * (d - 2))
    return A, B, B.T


# ---------------------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------------------
ETA = Param("eta", float, 0.05, "GD step size eta", low=0.0, open_low=True)
SCALE = Param("init_scale", float, 0.5, "initialisation scale sigma: entries N(0, sigma^2/d)", low=0.0, open_low=True)
SYMMETRIC_INIT = Param("symmetric_init", bool, True, "initialise with A0 = A0^T, B0 = C0^T (Theorem 6.1's hypothesis)")
STEPS = Param("steps", int, 4000, "GD steps (float runs)", low=1)
HORIZON = Param("T", int, 60, "evaluation horizon T (lengths up to T)", low=2)
EPS = Param("epsilon", float, 1e-3, "target loss epsilon", low=0.0, open_low=True)


# ---------------------------------------------------------------------------------------
# §6: gradients, Theorem 6.1 and its proof steps, Remark 6.2, Lemma 6.3
# ---------------------------------------------------------------------------------------
CLAIM_GRADIENTS = statement(
    "rnn-memoryless/claim-gradients",
    "claim",
    "(5)-(10), (16)-(18)",
    "Gradients of (4) and the GD updates",
    src("§6, App. B", "(5)-(10), (16)-(18)"),
    r"$\nabla_{\mathbf B}L=2(\mathbf{CB}-w)\mathbf C^\top+2\sum_{j=1}^{k-1}(\mathbf C\mathbf A^j\mathbf B)(\mathbf A^j)^\top\mathbf C^\top$ (5), "
    r"$\nabla_{\mathbf C}L=2(\mathbf{CB}-w)\mathbf B^\top+2\sum_{j=1}^{k-1}(\mathbf C\mathbf A^j\mathbf B)\mathbf B^\top(\mathbf A^j)^\top$ (6), "
    r"$\nabla_{\mathbf A}L=2\sum_{j=1}^{k-1}(\mathbf C\mathbf A^j\mathbf B)\sum_{r=0}^{j-1}(\mathbf A^r)^\top\mathbf C^\top\mathbf B^\top(\mathbf A^{j-1-r})^\top$ (7); "
    r"App. B: (16) $\partial_{\mathbf B}(\mathbf{CB}-w)^2=2(\mathbf{CB}-w)\mathbf C^\top$, (17) "
    r"$\partial_{\mathbf B}(\mathbf C\mathbf A^j\mathbf B)^2=2(\mathbf C\mathbf A^j\mathbf B)(\mathbf A^j)^\top\mathbf C^\top$, and "
    r"[Matrix Cookbook (91)] $\partial_X a^\top X^nb=\sum_{r=0}^{n-1}(X^r)^\top ab^\top(X^{n-1-r})^\top$ giving (18) = (7). "
    r"GD: $\mathbf B_{t+1}=\mathbf B_t-\eta\nabla_{\mathbf B}L$ (8), $\mathbf C_{t+1}=\mathbf C_t-\eta\nabla_{\mathbf C}L$ (9), "
    r"$\mathbf A_{t+1}=\mathbf A_t-2\eta\sum_{j=1}^{k-1}(\mathbf C_t\mathbf A_t^j\mathbf B_t)\sum_{r=0}^{j-1}\mathbf M_{j,r}$, "
    r"$\mathbf M_{j,r}=(\mathbf A_t^r)^\top\mathbf C_t^\top\mathbf B_t^\top(\mathbf A_t^{j-1-r})^\top$ (10).",
    params=(D, K),
    notes=RECONSTRUCTED + "[rec-high] for (5)-(9), [rec-med] for the exact form of (10)'s 'where' clause.",
)

CLAIM_INVARIANCE = statement(
    "rnn-memoryless/claim-thm6.1-invariance",
    "claim",
    "Thm 6.1 proof, part 1",
    "GD from B0 = C0^T, A0 = A0^T keeps B_t = C_t^T and A_t = A_t^T",
    src("§6, proof of Theorem 6.1", "(8)-(10)"),
    r"Denote by $\mathbf A_t,\mathbf B_t,\mathbf C_t$ the weights at iteration $t$ of GD. We will prove by induction that "
    r"$\mathbf B_t=\mathbf C_t^\top$ and $\mathbf A_t=\mathbf A_t^\top$ for all $t$. [Transposing (9) gives (8) since "
    r"$\mathbf C\mathbf A^j\mathbf B$ is a scalar; with $\mathbf M_r=\mathbf A^r\mathbf C^\top\mathbf B^\top\mathbf A^{j-1-r}$ and "
    r"$\mathbf C^\top\mathbf B^\top$ symmetric, $\mathbf M_{j-1-r}=\mathbf M_r^\top$, so the update (10) is a sum of symmetric "
    r"matrices.]",
    params=(D, K, W, ETA, SEED),
    notes=RECONSTRUCTED
    + "[rec-high]. The argument puts no restriction on the step size eta: checked at large steps too.",
)

CLAIM_SLACKNESS = statement(
    "rnn-memoryless/claim-thm6.1-slackness",
    "claim",
    "Thm 6.1 proof, part 2",
    "A symmetric minimiser has lambda_i v_i = 0, hence C A^j B = 0 for j >= 1",
    src("§6, proof of Theorem 6.1", "(11)-(13)"),
    r"Let $(\mathbf A,\mathbf B,\mathbf C)$ be a minimizer of $L$ satisfying $\mathbf B=\mathbf C^\top$ and $\mathbf A=\mathbf A^\top$. "
    r"Then $\mathbf{CB}=w$ and $\mathbf C\mathbf A^j\mathbf B=0$ for $1\le j\le k-1$; recalling that $k>2$, "
    r"$\mathbf C\mathbf A^2\mathbf B=0$ (11). With $\mathbf A=\mathbf U\mathbf D\mathbf U^\top$ and $\mathbf v=\mathbf U^\top\mathbf C^\top$: "
    r"$\sum_{i=1}^d\lambda_i^2v_i^2=0$ (12), so $\lambda_iv_i=0$ for all $i$ (13) (complementary slackness), and for $j\ge1$, "
    r"$\mathbf C\mathbf A^j\mathbf B=\sum_i\lambda_i^{j-1}(\lambda_iv_i)v_i=0$.",
    params=(D, K, W),
    hypotheses=(Hypothesis(r"$k>2$", lambda p: p["k"] > 2),),
    notes=RECONSTRUCTED + "[rec-high]; [rec-med] for v = U^T C^T (vs. v = C U, the same vector).",
)

THEOREM_6_1_TEXT = (
    r"Assume $k>2$, $w>0$, and that the learned RNN is initialized such that $\mathbf B_0=\mathbf C_0^\top$ and "
    r"$\mathbf A_0=\mathbf A_0^\top$. Then, if GD converges to a solution minimizing the loss in Equation (4), this solution "
    r"necessarily extrapolates."
)
THEOREM_6_1 = statement(
    "rnn-memoryless/theorem-6.1",
    "theorem",
    "6.1",
    "Symmetric initialisation: if GD converges to a minimiser of (4), the limit extrapolates",
    src("§6, Theorem 6.1", "(4)-(13)"),
    THEOREM_6_1_TEXT,
    params=(D, K, W, ETA, SCALE, SYMMETRIC_INIT, STEPS, SEED, HORIZON),
    hypotheses=(
        Hypothesis(r"$k>2$", lambda p: p["k"] > 2),
        Hypothesis(r"$w>0$", lambda p: p["w"] > 0),
        Hypothesis(
            r"$\mathbf B_0=\mathbf C_0^\top$, $\mathbf A_0=\mathbf A_0^\top$ (symmetric_init)",
            lambda p: bool(p["symmetric_init"]),
        ),
        Hypothesis(
            r"GD converges to a minimiser of (4) (observed per run: the loss, non-increasing, falls below "
            r"GD_CONVERGED_RATIO of its start; the instance carries loss_initial, loss_final, loss_monotone)",
            lambda p: gd_converged(p),
        ),
    ),
    notes=RECONSTRUCTED
    + "[rec-high] for $k>2$ and $w>0$ (the proof's 'Recalling that $k>2$'; Remark 6.2). Initialisation of the "
    "dynamic checks: $\\mathbf A_0=(M+M^\\top)/2$, $\\mathbf C_0=\\mathbf B_0^\\top$ with entries $N(0,\\sigma^2/d)$, "
    "$\\sigma$ = init_scale; symmetric_init=false draws $\\mathbf A_0=M$, $\\mathbf B_0$, $\\mathbf C_0$ independently (outside "
    "the hypothesis, for probes). The convergence premise is assumed by the paper, not proved; the suite observes it.",
)

REMARK_6_2 = statement(
    "rnn-memoryless/remark-6.2",
    "remark",
    "6.2",
    "w < 0: use B0 = -C0^T",
    src("§6, Remark 6.2"),
    r"The assumption $w>0$ can easily be converted to $w<0$, by modifying the conditions on initialization to include "
    r"$\mathbf B_0=-\mathbf C_0^\top$ instead of $\mathbf B_0=\mathbf C_0^\top$.",
    params=(D, K, W, ETA, SEED),
    hypotheses=(Hypothesis(r"$w<0$", lambda p: p["w"] < 0),),
    notes=RECONSTRUCTED
    + "[rec-high]. Encoded: Theorem 6.1 with $w<0$ and $\\mathbf B_0=-\\mathbf C_0^\\top$ ((4) is invariant under "
    "$(\\mathbf B,w)\\mapsto(-\\mathbf B,-w)$).",
)

LEMMA_6_3 = statement(
    "rnn-memoryless/lemma-6.3",
    "lemma",
    "6.3",
    "Symmetric weights with arbitrarily small loss that do not extrapolate",
    src("§6, Lemma 6.3", "(4)"),
    r"Assume $k>2$ and $w>0$. For any $\epsilon>0$, there exists a weight configuration where $\mathbf A=\mathbf A^\top$ and "
    r"$\mathbf B=\mathbf C^\top$, such that the loss in Equation (4) is smaller than $\epsilon$ yet the model does not "
    r"extrapolate. [Proof, for $d=2$: $\mathbf A=\mathrm{diag}(0,a)$, $\mathbf B=\mathbf C^\top=(\sqrt w,\delta)^\top$ with "
    r"$|a|>1$; the loss is $\delta^4\sum_{j=0}^{k-1}a^{2j}$, smaller than $\epsilon$ if $\delta^4<\epsilon(a^2-1)/(a^{2k}-1)$; "
    r"on sequences of length $T$ the loss is $\delta^4(a^{2T}-1)/(a^2-1)$, which diverges with $T$.]",
    params=(D, K, W, EPS, HORIZON),
    hypotheses=(Hypothesis(r"$k>2$", lambda p: p["k"] > 2), Hypothesis(r"$w>0$", lambda p: p["w"] > 0)),
    notes="The two assumptions are lost in extraction [rec-low]; encoded: the catalog's first reading '$k>2$ and $w>0$' "
    "(mirroring Theorem 6.1). The proof's construction is [rec-med] (catalog). Checked under every reading: for $w>0$ the "
    "conclusion holds for every $d\\ge1$ and $k\\ge1$ (for $d=1$: $a\\to0$ small but non-zero; the printed divergence with $T$ "
    "needs $d\\ge2$, and for $d=1$ the loss is at least $w^2/2$ whenever $|a|\\ge1$, $k\\ge2$); for $w<0$ it fails (on "
    "$\\mathbf B=\\mathbf C^\\top$, $\\mathbf{CB}\\ge0$ so the loss is at least $w^2$).",
)

CLAIM_RESIDUAL = statement(
    "rnn-memoryless/claim-residual-setting",
    "claim",
    "§6",
    "Symmetric initialisation covers the residual A0 = I and A of any magnitude",
    src("§6"),
    r"This initialization captures the `residual' setting $\mathbf A=\mathbf I$, and more generally, allows $\mathbf A$ to have "
    r"arbitrary magnitude, implying arbitrary distance from a trivial solution in which $\mathbf A=0$.",
    params=(D, K, W),
    hypotheses=(Hypothesis(r"$k\ge2$, $w>0$", lambda p: p["k"] >= 2 and p["w"] > 0),),
    notes="Checked: from $\\mathbf A_0=\\mathbf I$, $\\mathbf B_0=\\mathbf C_0^\\top$ the flow stays in the two-parameter family "
    "$\\mathbf A=\\mathbf I+(a-1)\\hat b\\hat b^\\top$, $\\mathbf B=\\mathbf C^\\top=c\\hat b$ (CI-9, verified) and tends to "
    "$a=0$, $c=\\sqrt w$: the limit $\\mathbf A_\\infty=\\mathbf I-\\hat b\\hat b^\\top$ has $\\|\\mathbf A_\\infty\\|_F=\\sqrt{d-1}$.",
)

# ---------------------------------------------------------------------------------------
# §7.1: the guarantee restated from §6
# ---------------------------------------------------------------------------------------
_SEC71_ERRATUM = (
    "'Guaranteed to ... converge to an extrapolating solution' does not follow from Theorem 6.1, which assumes convergence to "
    "a minimiser. Counterexamples (stored, exact): (i) B0 = C0 = 0 with any symmetric A0 is symmetric, every gradient (5)-(7) "
    "vanishes (SymPy, for every symmetric A), and GD stays at L = w^2 > 0 with h_0 = 0 != w (no extrapolation), exactly, "
    "for every step size (checked: A0 = [[1/2, 1/3], [1/3, -1]], eta = 1/10); (ii) from a "
    "symmetric initialisation GD with too large a step diverges (d = 2, k = 3, w = 1, A0 = diag(1/2, -1/2), B0 = C0^T = "
    "(1, 1), eta = 1: exact rational iterates, symmetric at every step, with losses 1.25, 5.13, 2.6e4, 1.7e33). What holds "
    "(:corrected): symmetry is "
    "preserved exactly for every step size, and if (k > 2, w > 0) GD converges to a minimiser, the minimiser extrapolates."
)

CLAIM_SEC71 = statement(
    "rnn-memoryless/claim-sec7.1-guarantee",
    "claim",
    "§7.1",
    "Symmetric initialisation: GD preserves symmetry and converges to an extrapolating solution",
    src("§7.1"),
    r"Section 6 showed that when initializing a linear RNN symmetrically ($\mathbf B=\mathbf C^\top$ and $\mathbf A=\mathbf A^\top$), "
    r"GD is guaranteed to preserve symmetry, and consequently converge to an extrapolating solution.",
    params=(D, K, W),
    expect="refuted",
    erratum=_SEC71_ERRATUM,
)

CLAIM_SEC71_CORRECTED = statement(
    "rnn-memoryless/claim-sec7.1-guarantee:corrected",
    "claim",
    "§7.1 (corrected)",
    "Symmetric init: GD preserves symmetry for every step; a minimiser it converges to extrapolates",
    src("§6, §7.1"),
    r"When initializing symmetrically ($\mathbf B_0=\mathbf C_0^\top$, $\mathbf A_0=\mathbf A_0^\top$), GD preserves symmetry "
    r"exactly for every step size; if moreover $k>2$, $w>0$ and GD converges to a minimiser of (4), that minimiser "
    r"extrapolates (Theorem 6.1). Convergence is not guaranteed (e.g. $\mathbf B_0=\mathbf C_0=0$ is a fixed point, and large "
    r"steps diverge); from random symmetric initialisations with small steps the loss was observed to tend to zero.",
    params=(D, K, W),
    corrects="rnn-memoryless/claim-sec7.1-guarantee",
)


# ---------------------------------------------------------------------------------------
# Printed proof displays (issue 19), as reconstructed
# ---------------------------------------------------------------------------------------
def lemma_6_3_loss(a, delta, k):
    """Lemma 6.3's proof: the loss (4) of the construction, ``delta^4 sum_{j=0}^{k-1} a^{2j}``."""
    return delta**4 * sum(a ** (2 * j) for j in range(k))


def lemma_6_3_threshold(a, epsilon, k):
    """Lemma 6.3's proof: the loss is below epsilon if ``delta^4 < epsilon (a^2 - 1)/(a^{2k} - 1)``."""
    return epsilon * (a**2 - 1) / (a ** (2 * k) - 1)


def lemma_6_3_length_T_loss(a, delta, T):
    """Lemma 6.3's proof: the loss on length-T sequences, ``delta^4 (a^{2T} - 1)/(a^2 - 1)``."""
    return delta**4 * (a ** (2 * T) - 1) / (a**2 - 1)


def slackness_sum(lam, v, j):
    """(13)'s consequence: ``C A^j B = sum_i lambda_i^{j-1} (lambda_i v_i) v_i``."""
    return sum(l_ ** (j - 1) * (l_ * v_) * v_ for l_, v_ in zip(lam, v))


def slackness_12(lam, v):
    """(12): ``sum_i lambda_i^2 v_i^2`` (= C A^2 B on B = C^T, A = U diag(lambda) U^T, v = U^T C^T)."""
    return sum(l_**2 * v_**2 for l_, v_ in zip(lam, v))


def invariance_M(A, B, C, j, r):
    """The invariance proof's ``M_r = A^r C^T B^T A^{j-1-r}``."""
    return A**r * C.T * B.T * A ** (j - 1 - r)


from .rnn_memoryless import D_S, K_S, W_S, declare  # noqa: E402

LEMMA_6_3_A = sp.Integer(2)  # the |a| > 1 the margin's construction uses
D2 = Param("d", int, 2, "hidden width d (the construction needs d >= 2)", low=1, high=10)
K_63 = Param("k", int, 3, "training sequence length k", low=1, high=14)
W_63 = Param("w", float, 1.0, "memoryless teacher weight w", low=-1e6, high=1e6)
EPS_63 = Param("epsilon", float, 1e-3, "target loss epsilon", low=0.0, open_low=True, high=1e6)

declare("rnn-memoryless/claim-gradients", ("ext:Matrix Cookbook (91)",))
declare(
    "rnn-memoryless/claim-thm6.1-invariance",
    ("rnn-memoryless/claim-gradients",),
    steps=(
        Step(
            "proof, M_{j-1-r} = M_r^T",
            r"$\mathbf M_r=\mathbf A^r\mathbf C^\top\mathbf B^\top\mathbf A^{j-1-r}$, $\mathbf C^\top\mathbf B^\top$ symmetric, so "
            r"$\mathbf M_{j-1-r}=\mathbf M_r^\top$",
            kind="identity",
        ),
    ),
)
declare(
    "rnn-memoryless/claim-thm6.1-slackness",
    ("ext:spectral theorem (orthogonal diagonalisation of a symmetric matrix)",),
    params=(D_S, K_S, W_S, SEED),
    edges=(
        {"d": 1, "k": 3, "w": 1.0},
        {"d": 2, "k": 3, "w": 1.0},
        {"d": 12, "k": 13, "w": 1e6},
        {"d": 3, "k": 2, "w": 1.0},
    ),
    steps=(
        Step("(12)", r"$\sum_{i=1}^d\lambda_i^2v_i^2=0$", kind="identity"),
        Step(
            "(13)",
            r"$\lambda_iv_i=0$ for all $i$, and for $j\ge1$, $\mathbf C\mathbf A^j\mathbf B=\sum_i\lambda_i^{j-1}(\lambda_iv_i)v_i=0$",
            kind="identity",
        ),
    ),
)
declare(
    "rnn-memoryless/theorem-6.1",
    ("rnn-memoryless/claim-thm6.1-invariance", "rnn-memoryless/claim-thm6.1-slackness", "rnn-memoryless/lemma-3.2"),
    steps=(
        Step(
            "§7.1",
            r"Section 6 showed that when initializing a linear RNN symmetrically ($\mathbf B=\mathbf C^\top$ and "
            r"$\mathbf A=\mathbf A^\top$), GD is guaranteed to preserve symmetry, and consequently converge to an "
            r"extrapolating solution.",
            kind="restatement",
            expect="refuted",
            erratum="§7.1 restates Theorem 6.1 without its premise 'if GD converges to a solution minimizing the loss' "
            "(and without k > 2, w > 0): the restatement claims convergence, which the theorem assumes. Counterexamples "
            "to the restated form: rnn-memoryless/claim-sec7.1-guarantee (B0 = C0 = 0 is a fixed point with L = w^2).",
        ),
    ),
)
declare("rnn-memoryless/remark-6.2", (), notes="uses: no proof printed.")
declare(
    "rnn-memoryless/lemma-6.3",
    ("rnn-memoryless/lemma-3.1", "rnn-memoryless/lemma-3.2"),
    steps=(
        Step("proof, loss", r"the loss is $\delta^4\sum_{j=0}^{k-1}a^{2j}$", kind="identity"),
        Step(
            "proof, threshold",
            r"smaller than $\epsilon$ if $\delta^4<\epsilon(a^2-1)/(a^{2k}-1)$",
            kind="inequality",
        ),
        Step(
            "proof, length T",
            r"on sequences of length $T$ the loss is $\delta^4(a^{2T}-1)/(a^2-1)$, which diverges with $T$",
            kind="identity",
        ),
    ),
    params=(D2, K_63, W_63, EPS_63, HORIZON),
    edges=(
        {"d": 2, "k": 3, "w": 1.0, "epsilon": 1e-300},
        {"d": 2, "k": 14, "w": 1e6, "epsilon": 1e-12},
        {"d": 10, "k": 3, "w": 1e-9, "epsilon": 1e6},
        {"d": 1, "k": 3, "w": 1.0, "epsilon": 1e-3},
        {"d": 2, "k": 1, "w": 1.0, "epsilon": 1e-3},
    ),
)
declare("rnn-memoryless/claim-residual-setting", (), notes="uses: no proof printed.")
declare(
    "rnn-memoryless/claim-sec7.1-guarantee", ("rnn-memoryless/theorem-6.1", "rnn-memoryless/claim-thm6.1-invariance")
)
declare(
    "rnn-memoryless/claim-sec7.1-guarantee:corrected",
    ("rnn-memoryless/theorem-6.1", "rnn-memoryless/claim-thm6.1-invariance"),
)
