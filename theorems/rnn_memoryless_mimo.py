"""rnn-memoryless App. C: the MIMO model (19), Lemma C.1, and the extensions of Theorem 4.1,
Proposition 5.1 and Theorem 6.1 to it.

Parameters are imported from ``theorems.rnn_memoryless``; this module adds, as printed
(reconstructed): the MIMO loss (20) and its gradients (21)-(23).
"""

from __future__ import annotations

import sympy as sp

from .registry import Hypothesis, src, statement
from .rnn_memoryless import RECONSTRUCTED, SEED, D, K


# ---------------------------------------------------------------------------------------
# Printed formulas (reconstructed), in SymPy
# ---------------------------------------------------------------------------------------
def mimo_loss_printed(A, B, C, W, k):
    """(20): ``||CB - W||_F^2 + sum_{j=1}^{k-1} ||C A^j B||_F^2``."""
    fro = lambda M: sum(v**2 for v in M)
    return fro(C * B - W) + sum(fro(C * A**j * B) for j in range(1, k))


def mimo_gradients_printed(A, B, C, W, k):
    """(21)-(23) [rec-high]."""
    H = [C * A**j * B for j in range(k)]
    gB = 2 * C.T * (H[0] - W) + 2 * sum(((A**j).T * C.T * H[j] for j in range(1, k)), sp.zeros(*B.shape))
    gC = 2 * (H[0] - W) * B.T + 2 * sum((H[j] * B.T * (A**j).T for j in range(1, k)), sp.zeros(*C.shape))
    gA = 2 * sum(
        ((A**r).T * C.T * H[j] * B.T * (A ** (j - 1 - r)).T for j in range(1, k) for r in range(j)), sp.zeros(*A.shape)
    )
    return gA, gB, gC


def mimo_29(A, B, C, k):
    """(29): ``E||y_k||^2 = sum_{j=0}^{k-1} ||H_j||_F^2`` (H_j = C A^j B)."""
    return sum(sum(v**2 for v in C * A**j * B) for j in range(k))


def mimo_30(B, C, W):
    """(30): the cross term's expectation ``E[y_k^T W x_k] = tr(W^T C B)`` (it enters as -2 times it)."""
    return (W.T * C * B).trace()


def mimo_31(W):
    """(31): ``E||W x_k||^2 = ||W||_F^2``."""
    return sum(v**2 for v in W)


def mimo_26(lam, V, row):
    """(26): ``sum_i lambda_i^2 V_{row,i}^2`` (= (C A^2 C^T)_{row,row} on B = C^T, A = U D U^T, V = C U)."""
    return sum(lam[i] ** 2 * V[row, i] ** 2 for i in range(len(lam)))


def mimo_27_entry(lam, V, j, r, s):
    """(27)'s consequence: ``(C A^j B)_{rs} = sum_i lambda_i^{j-1} (lambda_i V_{ri}) V_{si}``."""
    return sum(lam[i] ** (j - 1) * (lam[i] * V[r, i]) * V[s, i] for i in range(len(lam)))


# ---------------------------------------------------------------------------------------
# Appendix C: MIMO
# ---------------------------------------------------------------------------------------
LEMMA_C_1 = statement(
    "rnn-memoryless/lemma-C.1",
    "lemma",
    "C.1",
    "MIMO population loss ||CB - W||_F^2 + sum_{j<k} ||C A^j B||_F^2",
    src("App. C, Lemma C.1; C.1", "(19), (20), (28)-(31)"),
    r"Assume $x_1,\dots,x_k\in\mathbb R^n$, such that $\mathbb E[x_i]=0$ and $\mathbb E[x_ix_j^\top]=\delta_{ij}I_n$. Then, "
    r"given a memoryless teacher RNN [$y=Wx_k$], the loss for the student RNN satisfies: "
    r"$L=\|\mathbf{CB}-W\|_F^2+\sum_{j=1}^{k-1}\|\mathbf C\mathbf A^j\mathbf B\|_F^2$ (20). [Proof: (28) trace form; "
    r"(29) $\sum_{j=0}^{k-1}\|H_j\|_F^2$; (30) $-2\operatorname{tr}(W^\top\mathbf{CB})$; (31) $\|W\|_F^2$.]",
    params=(D, K, SEED),
    notes=RECONSTRUCTED + "[rec-med].",
)

CLAIM_MIMO_4_1 = statement(
    "rnn-memoryless/claim-mimo-theorem-4.1",
    "claim",
    "App. C",
    "Theorem 4.1 holds for MIMO as-is",
    src("App. C"),
    r"In the main paper we show that when the sequence length is greater than the hidden dimension ($k>d$), extrapolation "
    r"is guaranteed by showing that it holds that $\mathbf C\mathbf A^j\mathbf B=0$ $\forall j\ge1$. The analysis in the main "
    r"paper is not dependent on the dimensions of $\mathbf B$ and $\mathbf C$ and therefore applies to the MIMO setting as-is.",
    params=(D, K, SEED),
    hypotheses=(Hypothesis(r"$k>d$", lambda p: p["k"] > p["d"]),),
    notes=RECONSTRUCTED + "[rec-high].",
)

_MIMO_5_1_ERRATUM = (
    "False for teachers W of rank d >= k >= 2. Counterexample (stored, exact): n = m = d = k = 2, W = I_2. A zero loss needs CB = I_2 (so C "
    "and B are invertible 2x2 matrices) and CAB = 0, hence A = C^{-1}(CAB)B^{-1} = 0 and every zero-loss parameter "
    "extrapolates; equivalently the Hankel matrix [[H_0, H_{j-1}], [H_1, H_j]] = [C; CA][B, A^{j-1}B] has rank <= d = 2 "
    "while [[I, *], [0, H_j]] has rank 2 + rank(H_j), so H_j = 0 for every j >= 2. Numerically (second method, least "
    "squares from random starts): the smallest loss (20) with ||H_2||_F = 1 found is 0.75 for W = I_2, against 2e-30 for "
    "the rank-one W = e_1 e_1^T. Zero-padding the SISO construction "
    "(B = e_1 padded with zero columns, C = (W e_1) e_1^T padded) only reaches rank-one W. What holds (:corrected): a "
    "zero-loss non-extrapolating configuration exists whenever d >= k + rank(W) - 1 (a cycle of length d - rank(W) + 1 "
    "carries one rank-one part of W, A = 0 on the rest), and none exists when rank(W) = d and k >= 2."
)

CLAIM_MIMO_5_1 = statement(
    "rnn-memoryless/claim-mimo-proposition-5.1",
    "claim",
    "App. C",
    "Proposition 5.1 for MIMO after zero-padding B, C",
    src("App. C"),
    r"We show that when $k\le d$, there exists solutions that attain zero loss but do not extrapolate w.r.t. a memoryless "
    r"teacher. The proof uses the following parameters, [$\mathbf A=P$, $\mathbf B=e_1$, $\mathbf C=we_1^\top$]. In order to "
    r"apply for MIMO, the parameters $\mathbf B$ and $\mathbf C$ need to be padded with zeros to form, [padded matrices], and the "
    r"same arguments apply.",
    params=(D, K, SEED),
    hypotheses=(Hypothesis(r"$k\le d$", lambda p: p["k"] <= p["d"]),),
    expect="refuted",
    erratum=_MIMO_5_1_ERRATUM,
    notes=RECONSTRUCTED
    + "[rec-med]; the padded matrices are not recoverable. Read as: for every memoryless MIMO teacher W (n = m) and "
    "k <= d (the SISO proposition's quantifiers).",
)

CLAIM_MIMO_5_1_CORRECTED = statement(
    "rnn-memoryless/claim-mimo-proposition-5.1:corrected",
    "claim",
    "App. C (corrected)",
    "MIMO non-extrapolating minimisers exist when d >= k + rank W - 1, not when rank W = d, k >= 2",
    src("App. C"),
    r"Let $W\in\mathbb R^{m\times n}$, $W\neq0$, $r=\operatorname{rank}W$. If $d\ge k+r-1$ there exist $(\mathbf A,\mathbf B,\mathbf C)$ "
    r"with zero loss (20) that do not extrapolate: with $W=\sum_{i=1}^r u_i\sigma_iv_i^\top$, a cycle $P$ of length "
    r"$\ell=d-r+1\ge k$ carrying $u_1\sigma_1v_1^\top$ and $\mathbf A=0$ on $r-1$ further states carrying the rest gives "
    r"$H_0=W$, $H_j=0$ for $0<j<\ell$, $H_\ell=\sigma_1u_1v_1^\top\neq0$. If $r=d$ and $k\ge2$, every zero-loss configuration "
    r"has $H_j=0$ for all $j\ge1$: it extrapolates.",
    params=(D, K, SEED),
    corrects="rnn-memoryless/claim-mimo-proposition-5.1",
    notes="For SISO (r = 1) the sufficient condition is Proposition 5.1's d >= k. The gap k + r - 1 > d > r (r < d) is not "
    "settled by the suite.",
)


def symmetric_nonnegative(W) -> bool:
    """The App. C condition on the teacher: W square, W = W^T, every entry >= 0."""
    rows = [list(r) for r in W]
    n = len(rows)
    return all(len(r) == n for r in rows) and all(
        rows[i][j] == rows[j][i] and rows[i][j] >= 0 for i in range(n) for j in range(n)
    )


CLAIM_MIMO_6_1 = statement(
    "rnn-memoryless/claim-mimo-theorem-6.1",
    "claim",
    "App. C",
    "Theorem 6.1 for MIMO when n = m and W is symmetric and nonnegative",
    src("App. C", "(21)-(27)"),
    r"[Theorem 6.1] extends to the MIMO case, under the additional conditions that $n=m$ and $W$ is symmetric and "
    r"nonnegative. [Gradients (21)-(23); for $(\nabla_{\mathbf C}L)^\top=\nabla_{\mathbf B}L$ on $\mathbf B=\mathbf C^\top$, "
    r"$\mathbf A=\mathbf A^\top$ the matrix $W$ must be symmetric; a minimiser satisfies $\mathbf{CB}=W$, "
    r"$\mathbf C\mathbf A^j\mathbf B=0$ ($1\le j\le k-1$) (25); with $\mathbf V=\mathbf C\mathbf U$, "
    r"$\mathbf V\mathbf D^2\mathbf V^\top=0$, so $\sum_i\lambda_i^2V_{li}^2=0$ (26), $\lambda_iV_{li}=0$ (27), and "
    r"$(\mathbf C\mathbf A^j\mathbf B)_{rs}=\sum_i\lambda_i^{j-1}(\lambda_iV_{ri})V_{si}=0$.]",
    params=(D, K, SEED),
    hypotheses=(
        Hypothesis(
            r"$n=m$, $W=W^\top$, $W$ nonnegative; $k>2$ (evaluated on the instance's teacher W, a list of rows)",
            lambda p: p["k"] > 2 and symmetric_nonnegative(p["W"]),
        ),
    ),
    notes=RECONSTRUCTED
    + "[rec-high] for (21)-(23), [rec-med] elsewhere. 'Nonnegative' is not needed by the argument (symmetry of W "
    "suffices for the invariance, k > 2 for the slackness); a zero-loss point on B = C^T exists only if W is positive "
    "semidefinite (CB = C C^T), so for a symmetric entrywise-nonnegative but indefinite W the theorem is vacuous. Checked: "
    "both, and the invariance failing for non-symmetric W. Observed: for the indefinite W = [[0,1],[1,0]] the symmetric "
    "manifold is invariant but unstable in float64 GD (rounding-level asymmetry grows to O(1) and GD fits W off it).",
)


from .registry import Param, Step  # noqa: E402
from .rnn_memoryless import D_S, K_S, declare  # noqa: E402

N_IN = Param("n", int, 2, "input dimension n", low=1, high=3)
M_OUT = Param("m", int, 2, "output dimension m", low=1, high=3)
D_C1 = Param("d", int, 3, "hidden width d", low=1, high=4)
K_C1 = Param("k", int, 3, "training sequence length k", low=1, high=5)

declare(
    "rnn-memoryless/lemma-C.1",
    (),
    steps=(
        Step("(29)", r"$\sum_{j=0}^{k-1}\|H_j\|_F^2$", kind="identity"),
        Step("(30)", r"$-2\operatorname{tr}(W^\top\mathbf{CB})$", kind="identity"),
        Step("(31)", r"$\|W\|_F^2$", kind="identity"),
    ),
    params=(D_C1, K_C1, SEED, N_IN, M_OUT),
    edges=({"d": 1, "k": 1, "n": 1, "m": 1}, {"d": 4, "k": 5, "n": 3, "m": 3}, {"d": 1, "k": 5, "n": 3, "m": 1}),
    notes="uses: the trace computation (28)-(31) invokes no result.",
)
declare(
    "rnn-memoryless/claim-mimo-theorem-4.1",
    ("rnn-memoryless/theorem-4.1",),
    params=(D_S, K_S, SEED),
    edges=({"d": 1, "k": 2}, {"d": 2, "k": 3}, {"d": 4, "k": 6}, {"d": 8, "k": 9}, {"d": 3, "k": 3}),
)
declare("rnn-memoryless/claim-mimo-proposition-5.1", ("rnn-memoryless/proposition-5.1",))
declare(
    "rnn-memoryless/claim-mimo-proposition-5.1:corrected",
    (),
    notes="uses: the suite's corrected statement; its argument (the cycle construction, the Hankel rank bound) is its own.",
)
declare(
    "rnn-memoryless/claim-mimo-theorem-6.1",
    ("rnn-memoryless/theorem-6.1", "rnn-memoryless/lemma-C.1"),
    steps=(
        Step("(26)", r"$\mathbf V\mathbf D^2\mathbf V^\top=0$, so $\sum_i\lambda_i^2V_{li}^2=0$", kind="identity"),
        Step(
            "(27)",
            r"$\lambda_iV_{li}=0$, and $(\mathbf C\mathbf A^j\mathbf B)_{rs}=\sum_i\lambda_i^{j-1}(\lambda_iV_{ri})V_{si}=0$",
            kind="identity",
        ),
    ),
)
