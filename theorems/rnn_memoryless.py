"""rnn-memoryless: Cohen-Karlik, Ben David, Cohen, Globerson, "On the Implicit Bias of Gradient
Descent for Temporal Extrapolation" (AISTATS 2022).

Catalog: shared/catalog/rnn-memoryless.md; text: seeds/001_0500f854cb2b6ba0.txt. The text lost
almost all of its mathematics in extraction: every formula below is the catalog's
reconstruction (confidence tags [rec-high]/[rec-med]/[rec-low] in each statement's notes).

Model (1), the 'no-delay' recurrence ``s_t = A s_{t-1} + B x_t``, ``y_t = C s_t``, ``s_0 = 0``:
the output after ``x_1..x_k`` is ``sum_j h_j x_{k-j}`` with ``h_j = C A^j B`` (2). The
memoryless teacher is ``y = w x_k`` (impulse response ``(w, 0, 0, ...)``). The population loss
under whitened inputs is (4), ``(CB - w)^2 + sum_{j=1}^{k-1} (C A^j B)^2`` (no factor 1/2,
matching App. B's factor 2). The shared model is ``theorems/linear_rnn.py``; this module holds
the paper's printed formulas (as reconstructed), to be compared against it.

This module: the shared encodings and parameters, and the main-text statements of §3-§5 (the
setup, Lemma 3.1 / A.1, extrapolation, Lemma 3.2, Theorem 4.1, Proposition 5.1). The topics:
``rnn_memoryless_gd.py`` (§6: gradients, symmetric initialisation, Theorem 6.1, Lemma 6.3, and
§7.1's guarantee), ``rnn_memoryless_mimo.py`` (App. C) and ``rnn_memoryless_experiments.py``
(the empirical claims and the figures).
"""

from __future__ import annotations

import sympy as sp

from .registry import Hypothesis, Param, Step, src, statement


# ---------------------------------------------------------------------------------------
# Printed formulas (reconstructed), in SymPy
# ---------------------------------------------------------------------------------------
def scalar(M):
    return M[0, 0] if isinstance(M, sp.MatrixBase) else M


def loss_printed(A, B, C, w, k):
    """(4) / (14): ``(CB - w)^2 + sum_{j=1}^{k-1} (C A^j B)^2``."""
    return (scalar(C * B) - w) ** 2 + sum(scalar(C * A**j * B) ** 2 for j in range(1, k))


def loss_expectation_form(A, B, C, w, x):
    """(15): ``(sum_{i=1}^k C A^{k-i} B x_i - w x_k)^2`` (before the expectation)."""
    k = len(x)
    return (sum(scalar(C * A ** (k - i) * B) * x[i - 1] for i in range(1, k + 1)) - w * x[k - 1]) ** 2


def loss_appendix_a_steps(A, B, C, w, k):
    """App. A's two intermediate expressions: ``sum_{i=1}^k (C A^{k-i} B)^2 - 2 w CB + w^2`` and
    ``(CB)^2 - 2 w CB + w^2 + sum_{i=1}^{k-1} (C A^{k-i} B)^2``."""
    h0 = scalar(C * B)
    first = sum(scalar(C * A ** (k - i) * B) ** 2 for i in range(1, k + 1)) - 2 * w * h0 + w**2
    second = h0**2 - 2 * w * h0 + w**2 + sum(scalar(C * A ** (k - i) * B) ** 2 for i in range(1, k))
    return first, second


def cyclic_permutation(d: int) -> sp.Matrix:
    """Prop. 5.1's ``P`` [rec-high]: ones on the subdiagonal and at (1, d), ``P e_i = e_{i+1 mod d}``."""
    return sp.Matrix(d, d, lambda i, j: 1 if (i - j) % d == 1 % d else 0)


def proposition_5_1_parameters(d: int, w):
    """Prop. 5.1's construction [rec-high]: ``A = P``, ``B = e_1``, ``C = w e_1^T``."""
    e1 = sp.Matrix([1] + [0] * (d - 1))
    return cyclic_permutation(d), e1, w * e1.T


def residual_reduced_loss(a, c, w, k):
    """CI-9 (suite's reduction, verified in the checks): on ``A = I + (a-1) b b^T``,
    ``B = C^T = c b`` (unit ``b``), ``h_j = a^j c^2`` and (4) is
    ``L1(a, c) = (c^2 - w)^2 + sum_{j=1}^{k-1} a^{2j} c^4``; the gradient flow of (4) moves
    as ``a' = -dL1/da``, ``c' = -(1/2) dL1/dc``."""
    return (c**2 - w) ** 2 + sum(a ** (2 * j) * c**4 for j in range(1, k))


# ---------------------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------------------
D = Param("d", int, 3, "hidden width d", low=1)
K = Param("k", int, 3, "training sequence length k", low=1)
W = Param("w", float, 1.0, "memoryless teacher weight w (y = w x_k)")
SEED = Param("seed", int, 0, "random instance seed", low=0)

W_NONZERO = Hypothesis(r"$w\neq0$ (memoryless teacher, non-trivial)", lambda p: p.get("w", 1.0) != 0)

# The input laws the checks draw x from, with their exact first and second moments (E x, E x x^T):
# the hypotheses of Lemma 3.1 / A.1 are evaluated on them (not assumed).
INPUT_LAWS = ("rademacher", "gaussian", "sqrt-k-basis", "rademacher+e1", "constant-first")


def input_moments(law: str, k: int):
    """(E x, E x x^T) of an input law on R^k, exactly: ``rademacher`` (i.i.d. +-1), ``gaussian``
    (N(0, I_k)), ``sqrt-k-basis`` (uniform on {+-sqrt(k) e_i}: dependent coordinates),
    ``rademacher+e1`` (Rademacher shifted by e_1: identity covariance, non-zero mean),
    ``constant-first`` (x_1 = 1, the rest Rademacher: second moment I_k, mean e_1)."""
    if law in ("rademacher", "gaussian", "sqrt-k-basis"):
        return sp.zeros(k, 1), sp.eye(k)
    if law == "constant-first":
        return sp.Matrix([1] + [0] * (k - 1)), sp.eye(k)
    if law == "rademacher+e1":
        e1 = sp.Matrix([1] + [0] * (k - 1))
        return e1, sp.eye(k) + e1 * e1.T
    raise ValueError(f"unknown input law {law!r}")


def second_moment_is_identity(p: dict) -> bool:
    return input_moments(p["input_law"], p["k"])[1] == sp.eye(p["k"])


def centred_and_whitened(p: dict) -> bool:
    mean, second = input_moments(p["input_law"], p["k"])
    return mean == sp.zeros(p["k"], 1) and second == sp.eye(p["k"])


RECONSTRUCTED = "Formulas reconstructed by the catalog (the extraction lost the mathematics); "


# ---------------------------------------------------------------------------------------
# §3: setup, Lemma 3.1 / A.1, extrapolation, Lemma 3.2
# ---------------------------------------------------------------------------------------
DEF_TEACHER = statement(
    "rnn-memoryless/claim-def-memoryless-teacher",
    "definition",
    "§3",
    "Memoryless teacher y = w x_k, w != 0",
    src("§3"),
    r"We assume the teacher RNN is memoryless, meaning that there exists $w\in\mathbb R$ such that for any $k$ and any input "
    r"sequence $\mathbf x\in\mathbb R^k$, the corresponding label is given by $y=w\,x_k$ (namely, the output depends on input "
    r"only via latest time step). We disregard the trivial case of constant zero labels, i.e. we assume $w\neq0$.",
    params=(W, K),
    hypotheses=(W_NONZERO,),
    notes=RECONSTRUCTED
    + "[rec-high]. Encoding: the teacher's impulse response is $(w,0,0,\\dots)$: a one-dimensional linear RNN "
    "with $A=0$, $B=1$, $C=w$ realises it (checked exactly against the recurrence).",
)

EQ_2 = statement(
    "rnn-memoryless/claim-eq-2",
    "claim",
    "(2)",
    "RNN output = convolution of the input with the impulse response (CB, CAB, ...)",
    src("§3", "(1), (2)"),
    r"Given $\mathbf x$, an input sequence of length $k$, we denote by $y_k(\mathbf x)$ the output of the RNN at time step $k$ "
    r"[of $\mathbf s_t=\mathbf A\mathbf s_{t-1}+\mathbf Bx_t$, $y_t=\mathbf C\mathbf s_t$, $\mathbf s_0=\mathbf 0$ (1)]. "
    r"It results from taking a convolution of the input sequence with the impulse response sequence "
    r"$(\mathbf{CB},\mathbf{CAB},\mathbf{CA}^2\mathbf B,\dots)$: "
    r"$y_k(\mathbf x)=\sum_{i=1}^k\mathbf C\mathbf A^{k-i}\mathbf Bx_i$ (2).",
    params=(D, K),
    notes=RECONSTRUCTED + "[rec-high]; the no-delay update is forced by (4) ($x_k$ meets $\\mathbf{CB}$).",
)

LEMMA_3_1_TEXT = (
    r"Assume $\mathbf x$ such that $\mathbb E[\mathbf x\mathbf x^\top]=I_k$, where $I_k$ is the identity matrix. Then, given "
    r"a memoryless teacher RNN, the loss for the student RNN satisfies: "
    r"$L(\mathbf A,\mathbf B,\mathbf C)=(\mathbf{CB}-w)^2+\sum_{j=1}^{k-1}(\mathbf C\mathbf A^j\mathbf B)^2$ (4)."
)
LEMMA_3_1 = statement(
    "rnn-memoryless/lemma-3.1",
    "lemma",
    "3.1",
    "Whitened inputs: population loss = (CB - w)^2 + sum_{j<k} (C A^j B)^2",
    src("§3, Lemma 3.1", "(2), (4)"),
    LEMMA_3_1_TEXT,
    params=(D, K, W, SEED),
    hypotheses=(
        Hypothesis(
            r"$\mathbb E[\mathbf x\mathbf x^\top]=I_k$ (Rademacher and Gaussian inputs; also a non-independent law; "
            "evaluated on the instance's input_law)",
            second_moment_is_identity,
        ),
    ),
    notes=RECONSTRUCTED
    + "[rec-high]. The lead-in says 'inputs drawn independently'; the proof uses only the second moment "
    "$\\mathbb E[\\mathbf x\\mathbf x^\\top]=I_k$ (checked: a dependent law with this moment gives (4) exactly; a law with "
    "identity *covariance* but non-zero mean does not, so the condition is on the raw second moment, as printed). "
    "Loss without factor 1/2 (catalog §1.3).",
)

LEMMA_A_1 = statement(
    "rnn-memoryless/lemma-A.1",
    "lemma",
    "A.1",
    "Appendix restatement of Lemma 3.1 with E x = 0, and its proof (15)",
    src("App. A, Lemma A.1", "(14), (15)"),
    r"Assume $\mathbf x$ such that $\mathbb E[\mathbf x]=0$ and $\mathbb E[\mathbf x\mathbf x^\top]=I_k$. Then, given a "
    r"memoryless teacher RNN, the loss for the student RNN is given by (14) [= (4)]. Proof: the above can be written as "
    r"$L=\mathbb E[(\sum_{i=1}^k\mathbf C\mathbf A^{k-i}\mathbf Bx_i-wx_k)^2]$ (15). Because $\mathbf x$ has identity "
    r"covariance many terms cancel out and the above is equal to $\sum_{i=1}^k(\mathbf C\mathbf A^{k-i}\mathbf B)^2-2w\mathbf{CB}+w^2$. "
    r"Removing $i=k$ from the summation, we have $(\mathbf{CB})^2-2w\mathbf{CB}+w^2+\sum_{i=1}^{k-1}(\mathbf C\mathbf A^{k-i}\mathbf B)^2$, "
    r"which can be written as (14).",
    params=(D, K, W, SEED),
    hypotheses=(
        Hypothesis(
            r"$\mathbb E[\mathbf x]=0$ and $\mathbb E[\mathbf x\mathbf x^\top]=I_k$ (evaluated on the instance's input_law)",
            centred_and_whitened,
        ),
    ),
    notes=RECONSTRUCTED
    + "[rec-med] for the appendix's hypotheses. $\\mathbb E[\\mathbf x]=0$ is not used by the proof (the loss is a "
    "quadratic form in $\\mathbf x$); 'identity covariance' in the proof means the raw second moment.",
)

DEF_EXTRAPOLATION = statement(
    "rnn-memoryless/claim-def-extrapolation",
    "definition",
    "§3",
    "Extrapolation: y_T(x) = w x_T for every T and every x",
    src("§3"),
    r"We say that the learned RNN extrapolates with respect to the teacher RNN if it agrees with the latter's output for any "
    r"input sequence of any length, including lengths which exceed that of the training sequences. This amounts to requiring "
    r"that for any $T\in\mathbb N$ (in particular $T>k$) and any $\mathbf x\in\mathbb R^T$, the output of the learned RNN "
    r"satisfies $y_T(\mathbf x)=w\,x_T$.",
    params=(D, W),
    notes=RECONSTRUCTED
    + "[rec-high]. Checked: the suite's finite certificate of extrapolation ($h_0=w$, $h_1=\\dots=h_d=0$, which by "
    "Cayley-Hamilton gives every $h_j$) against the recurrence run on every impulse input up to a horizon.",
)

LEMMA_3_2 = statement(
    "rnn-memoryless/lemma-3.2",
    "lemma",
    "3.2",
    "Extrapolation iff CB = w and C A^j B = 0 for all j >= 1",
    src("§3, Lemma 3.2", "(2)"),
    r"The parameters $(\mathbf A,\mathbf B,\mathbf C)$ for the learned RNN are extrapolating with respect to a memoryless "
    r"teacher if and only if $\mathbf{CB}=w$ and $\mathbf C\mathbf A^j\mathbf B=0$ for all $j\ge1$.",
    params=(D, W),
    notes=RECONSTRUCTED + "[rec-high]. No proof printed; it follows from (2) with impulse inputs $\\mathbf x=e_{T-j}$.",
)

CLAIM_A_ZERO = statement(
    "rnn-memoryless/claim-A-zero-solution",
    "claim",
    "§3",
    "A = 0 with CB = w extrapolates",
    src("§3"),
    r"One possible solution that extrapolates to a memoryless teacher is $\mathbf A=0$ along with any pair $\mathbf B,\mathbf C$ "
    r"satisfying $\mathbf{CB}=w$.",
    params=(D, W),
    notes=RECONSTRUCTED + "[rec-high].",
)

# ---------------------------------------------------------------------------------------
# §4, §5: Theorem 4.1, Proposition 5.1
# ---------------------------------------------------------------------------------------
THEOREM_4_1 = statement(
    "rnn-memoryless/theorem-4.1",
    "theorem",
    "4.1",
    "k > d: every minimiser of (4) extrapolates (Cayley-Hamilton)",
    src("§4, Theorem 4.1", "(4)"),
    r"Assume that $k>d$, and let $(\mathbf A,\mathbf B,\mathbf C)$ be a solution (parameters for learned RNN) that minimizes "
    r"the loss in Equation (4). Then, it holds that $\mathbf C\mathbf A^j\mathbf B=0$ for all $j\ge1$, meaning the learned "
    r"model extrapolates. [Proof: with $p(\lambda)=\det(\lambda I-\mathbf A)=\lambda^d+\sum_{i<d}c_i\lambda^i$, Cayley-Hamilton "
    r"gives $\mathbf A^d=-\sum_{i<d}c_i\mathbf A^i$, hence $\mathbf C\mathbf A^{d+1}\mathbf B=-\sum_ic_i\mathbf C\mathbf A^{i+1}\mathbf B=0$, "
    r"and so on.]",
    params=(D, K, W, SEED),
    hypotheses=(Hypothesis(r"$k>d$", lambda p: p["k"] > p["d"]), W_NONZERO),
    notes=RECONSTRUCTED + "[rec-high]. 'Minimizes' = attains the global minimum 0 of (4) (attained, e.g., at A = 0).",
)

PROPOSITION_5_1 = statement(
    "rnn-memoryless/proposition-5.1",
    "proposition",
    "5.1",
    "k <= d: a cyclic-permutation minimiser of (4) that does not extrapolate",
    src("§5, Proposition 5.1", "(4)"),
    r"For any training sequence length $k$ and model width $d\ge k$, there exist RNN parameters that minimize the loss in "
    r"Equation (4) but do not extrapolate. [Proof: $\mathbf A=P$ the cyclic shift ($P$ is a permutation matrix; multiplying "
    r"by $P$ from the right cyclically shifts rows), $\mathbf B=e_1$, $\mathbf C=w e_1^\top$; $P^d=I$, so $\mathbf CP^d\mathbf B=w\neq0$, "
    r"while $\mathbf CP^j\mathbf B=0$ for $1\le j\le k-1$ since the first row of $P^j$ is not $e_1^\top$ (footnote 2: it is "
    r"$e_{d-j+1}^\top$).]",
    params=(D, K, W),
    hypotheses=(Hypothesis(r"$d\ge k$", lambda p: p["d"] >= p["k"]), W_NONZERO),
    notes=RECONSTRUCTED
    + "[rec-high] statement, [rec-med] for the placement of w (in C) and footnote 2's row. The printed 'multiplying "
    "P from the right by a general matrix results in a cyclic shift of rows' reads as P M (P on the left of M): checked in "
    "that form.",
)


# ---------------------------------------------------------------------------------------
# Printed proof displays (issue 19), as reconstructed
# ---------------------------------------------------------------------------------------
def charpoly_coefficients(A: sp.Matrix) -> list:
    """``c_0..c_{d-1}`` of ``det(lambda I - A) = lambda^d + sum_{i<d} c_i lambda^i`` (Thm 4.1's proof)."""
    lam = sp.Symbol("lambda")
    coeffs = sp.Poly((lam * sp.eye(A.shape[0]) - A).det(), lam).all_coeffs()[::-1]
    return coeffs[: A.shape[0]]


def theorem_4_1_ch(A: sp.Matrix) -> sp.Matrix:
    """Thm 4.1's proof, Cayley-Hamilton as printed: ``A^d = -sum_{i<d} c_i A^i``."""
    c = charpoly_coefficients(A)
    d = A.shape[0]
    return -sum((c[i] * A**i for i in range(d)), sp.zeros(d, d))


def theorem_4_1_next(A, B, C):
    """Thm 4.1's proof: ``C A^{d+1} B = -sum_{i<d} c_i C A^{i+1} B``."""
    c = charpoly_coefficients(A)
    return -sum(c[i] * scalar(C * A ** (i + 1) * B) for i in range(A.shape[0]))


def proposition_5_1_first_row(d: int, j: int) -> sp.Matrix:
    """Footnote 2: the first row of ``P^j`` is ``e_{d-j+1}^T`` (1-indexed)."""
    return sp.Matrix([[1 if i == d - j else 0 for i in range(d)]])


def declare(sid: str, uses: tuple, steps: tuple = (), edges: tuple = (), notes: str = "", **fields) -> None:
    """Set a registered statement's ``uses``, ``steps``, ``edges`` (and other fields) in place,
    validated again by the registry (see ``theorems.rnn_lowdim.declare``)."""
    from .rnn_lowdim import declare as _declare

    _declare(sid, uses, steps, edges, notes, **fields)


# ---------------------------------------------------------------------------------------
# Proof structure (issue 19) and the domains' edges (issue 18)
# ---------------------------------------------------------------------------------------
D_S = Param("d", int, 3, "hidden width d", low=1, high=12)
K_S = Param("k", int, 3, "training sequence length k", low=1, high=13)
W_S = Param("w", float, 1.0, "memoryless teacher weight w (y = w x_k)", low=-1e6, high=1e6)
INPUT_LAW = Param("input_law", str, "rademacher", "the law of the inputs x (exact moments)", choices=INPUT_LAWS)
EXT_CH = "ext:Cayley-Hamilton theorem"

declare("rnn-memoryless/claim-def-memoryless-teacher", (), notes="uses: a definition.")
declare("rnn-memoryless/claim-eq-2", ("def:the no-delay recurrence (1)",))
declare(
    "rnn-memoryless/lemma-3.1",
    ("rnn-memoryless/claim-eq-2",),
    steps=(
        Step(
            "Lemma A.1",
            r"Assume $\mathbf x$ such that $\mathbb E[\mathbf x]=0$ and $\mathbb E[\mathbf x\mathbf x^\top]=I_k$. Then, given a "
            r"memoryless teacher RNN, the loss for the student RNN is given by (14) [= (4)].",
            kind="restatement",
            expect="refuted",
            erratum="The appendix restatement adds the hypothesis E[x] = 0, which the main-text Lemma 3.1 does not make "
            "(and which the proof does not use: the loss is a quadratic form in x). Both versions hold; the appendix one is "
            "weaker. The hypotheses differ on the law 'constant-first' (x_1 = 1, the rest Rademacher: E x x^T = I_k, "
            "E x = e_1), where Lemma 3.1 applies and A.1 does not, and (4) holds there (exact). Reconstructed text [rec-med].",
        ),
    ),
    params=(D_S, K_S, W_S, SEED, INPUT_LAW),
    edges=(
        {"d": 1, "k": 1, "w": 1.0},
        {"d": 8, "k": 10, "w": -1e6},
        {"d": 1, "k": 10, "w": 1e-9, "input_law": "sqrt-k-basis"},
        {"d": 8, "k": 1, "input_law": "gaussian"},
    ),
)
declare(
    "rnn-memoryless/lemma-A.1",
    ("rnn-memoryless/claim-eq-2", "rnn-memoryless/claim-def-memoryless-teacher"),
    steps=(
        Step(
            "(15)",
            r"$L=\mathbb E[(\sum_{i=1}^k\mathbf C\mathbf A^{k-i}\mathbf Bx_i-wx_k)^2]$",
            kind="identity",
        ),
        Step(
            "App. A, l. 2",
            r"$=\sum_{i=1}^k(\mathbf C\mathbf A^{k-i}\mathbf B)^2-2w\mathbf{CB}+w^2$",
            kind="identity",
        ),
        Step(
            "App. A, l. 3",
            r"$(\mathbf{CB})^2-2w\mathbf{CB}+w^2+\sum_{i=1}^{k-1}(\mathbf C\mathbf A^{k-i}\mathbf B)^2$",
            kind="identity",
        ),
    ),
    params=(D_S, K_S, W_S, SEED, INPUT_LAW),
    edges=({"d": 1, "k": 1}, {"d": 8, "k": 10, "w": -1e6}, {"d": 8, "k": 1}),
)
declare("rnn-memoryless/claim-def-extrapolation", (), notes="uses: a definition.")
declare("rnn-memoryless/lemma-3.2", (), notes="uses: no proof printed.")
declare("rnn-memoryless/claim-A-zero-solution", (), notes="uses: no proof printed (immediate from Lemma 3.2).")
declare(
    "rnn-memoryless/theorem-4.1",
    ("rnn-memoryless/lemma-3.1", EXT_CH, "rnn-memoryless/lemma-3.2"),
    steps=(
        Step("Cayley-Hamilton", r"$\mathbf A^d=-\sum_{i<d}c_i\mathbf A^i$", kind="identity"),
        Step(
            "proof, induction",
            r"$\mathbf C\mathbf A^{d+1}\mathbf B=-\sum_ic_i\mathbf C\mathbf A^{i+1}\mathbf B=0$",
            kind="identity",
        ),
    ),
    params=(D_S, K_S, W_S, SEED),
    edges=(
        {"d": 1, "k": 2, "w": 1.0},
        {"d": 8, "k": 9, "w": 1.0},
        {"d": 8, "k": 10, "w": -1e6},
        {"d": 3, "k": 4, "w": 1e-9},
        {"d": 3, "k": 4, "w": 0.0},
    ),
)
declare(
    "rnn-memoryless/proposition-5.1",
    ("rnn-memoryless/lemma-3.1", "rnn-memoryless/lemma-3.2"),
    steps=(
        Step("proof, P^d = I", r"$P^d=I$, so $\mathbf CP^d\mathbf B=w\neq0$", kind="identity"),
        Step(
            "footnote 2",
            r"the first row of $P^j$ is $e_{d-j+1}^\top$, so $\mathbf CP^j\mathbf B=0$ for $1\le j\le k-1$",
            kind="identity",
        ),
    ),
    params=(D_S, K_S, W_S),
    edges=(
        {"d": 1, "k": 1, "w": 1.0},
        {"d": 2, "k": 2, "w": 1.0},
        {"d": 8, "k": 8, "w": -1e6},
        {"d": 8, "k": 1, "w": 1e-9},
    ),
)
