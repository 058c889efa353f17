"""rnn-lowdim: Cohen-Karlik et al., "Learning Low Dimensional State Spaces with
Overparameterized Recurrent Neural Nets" (catalog: shared/catalog/rnn-lowdim.md; text:
seeds/000_f19c100b45fc40d6.txt).

This module holds the paper's shared SymPy encodings and the statements of the main text
(§3-§4, Definitions 1-4, Proposition 3, Theorems 5, 8, Lemmas 6, 7, Proposition 9);
Appendices A, C, D, E are in ``rnn_lowdim_appendix.py``, the experiments in
``rnn_lowdim_experiments.py``.

Model (3.1): ``s_{t+1} = A s_t + B x_t``, ``y_t = C s_t``, ``s_0 = 0``, ``A`` symmetric and
parameterised by its upper-triangular entries (``theorems.linear_rnn.parameters(d,
'symmetric')``); impulse response ``h_j = C A^j B``; population loss (3.4)
``L = sum_{j<k} (h_j - w_j)^2`` (no 1/2) with ``w_j = C^ A^^j B^`` the teacher's response.
Everything the checks compare printed formulas against is derived here from (3.4) (SymPy
differentiation), not typed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import sympy as sp

from . import linear_rnn as lr
from .registry import Hypothesis, Param, Step, src, statement

# ---------------------------------------------------------------------------------------
# Teachers (catalog §5.1): balanced, diagonal A^ given by atoms a^ and masses p^ = b^^2, so
# w_j = sum_i p^_i a^_i^j. Dyadic presets are exact in binary floating point too.
# ---------------------------------------------------------------------------------------
TEACHERS: dict[str, tuple[tuple, tuple]] = {
    "T1": ((Fraction(4, 5),), (Fraction(1),)),
    "T1-half": ((Fraction(1, 2),), (Fraction(1),)),
    "T1-long": ((Fraction(1),), (Fraction(1),)),
    "T1-unstable": ((Fraction(6, 5),), (Fraction(1),)),
    "T2": ((Fraction(9, 10), Fraction(-1, 2)), (Fraction(3, 5), Fraction(2, 5))),
    "T2-rational": ((Fraction(1, 2), Fraction(-1, 3)), (Fraction(9, 25), Fraction(16, 25))),
    "T2-dyadic": ((Fraction(1, 2), Fraction(-1, 4)), (Fraction(3, 4), Fraction(1, 4))),
    "T2-clustered": ((Fraction(1, 2), Fraction(13, 25)), (Fraction(1, 2), Fraction(1, 2))),
    "T2-unstable": ((Fraction(11, 10), Fraction(-1, 2)), (Fraction(1, 2), Fraction(1, 2))),
    "T3": ((Fraction(9, 10), Fraction(3, 10), Fraction(-3, 5)), (Fraction(1, 2), Fraction(3, 10), Fraction(1, 5))),
}


def teacher_response(name: str, n: int) -> list[Fraction]:
    """``w_0..w_{n-1}`` of a preset teacher, exactly."""
    atoms, masses = TEACHERS[name]
    return [sum(p * a**j for a, p in zip(atoms, masses)) for j in range(n)]


def teacher_dim(name: str) -> int:
    return len(TEACHERS[name][0])


def teacher_stable(name: str) -> bool:
    return all(abs(a) <= 1 for a in TEACHERS[name][0])


def teacher_measure(p: dict) -> tuple[tuple, tuple]:
    """The instance's teacher measure ``(atoms, masses)``: an explicit one (keys ``atoms``,
    ``masses``, e.g. a generated teacher) or the preset ``p['teacher']``."""
    if "atoms" in p:
        return tuple(p["atoms"]), tuple(p["masses"])
    return TEACHERS[p["teacher"]]


def teacher_balanced(p: dict) -> bool:
    """The teacher is realised as ``(diag(a^), sqrt(p^), sqrt(p^)^T)``: balanced (real,
    ``B^ = C^T``) exactly when every mass is >= 0; computed on the instance's measure."""
    return all(m >= 0 for m in teacher_measure(p)[1])


# ---------------------------------------------------------------------------------------
# Printed gradient formulas (Lemma E.4 and the proofs of E.6, E.7, E.13, E.14)
# ---------------------------------------------------------------------------------------
def residuals(A, B, C, w: Sequence, k: int) -> list:
    """``grad l_i = C A^i B - w_i`` (the paper's notation for the residual), i < k."""
    h = lr.impulse(A, B, C, k)
    return [h[i] - w[i] for i in range(k)]


def printed_dL_dB(A, B, C, w, k):
    """(E.9)/(E.15)/(E.21 with sign) as printed: ``sum_i grad l_i (A^i)^T C^T`` (a column)."""
    r = residuals(A, B, C, w, k)
    return sum(((A**i).T * C.T * r[i] for i in range(k)), sp.zeros(A.shape[0], 1))


def printed_dL_dC(A, B, C, w, k):
    """(E.10)/(E.16) as printed: ``sum_i grad l_i B^T (A^i)^T`` (a row)."""
    r = residuals(A, B, C, w, k)
    return sum((B.T * (A**i).T * r[i] for i in range(k)), sp.zeros(1, A.shape[0]))


def printed_Adot(A, B, C, w, k):
    """(E.81) as printed: ``A' = -sum_{i=1}^{k-1} grad l_i sum_{r=0}^{i-1} (A^T)^r C^T B^T (A^T)^{i-r-1}``."""
    r = residuals(A, B, C, w, k)
    d = A.shape[0]
    out = sp.zeros(d, d)
    for i in range(1, k):
        for q in range(i):
            out += r[i] * (A.T) ** q * C.T * B.T * (A.T) ** (i - q - 1)
    return -out


def symbolic_teacher(k: int, name: str = "w"):
    return list(sp.symbols(f"{name}0:{k}", real=True))


# ---------------------------------------------------------------------------------------
# Constructions
# ---------------------------------------------------------------------------------------
def proposition3_student(w: Sequence, d: int, k: int, eps, lambdas: Sequence | None = None):
    """The construction of the proof of Proposition 3 / E.2: a diagonal student
    ``A = diag(lambda)`` (distinct), ``C = 1^T``, ``B = g = V^{-1} r`` with ``V`` the d x d
    Vandermonde matrix, ``r_j = w_j`` for ``j < k`` and ``r_k = w_k + eps + 1`` (the other
    entries 0). Exact for rational input. Returns ``(lambdas, g)``."""
    lambdas, V, r = proposition3_system(w, d, k, eps, lambdas)
    g = V.LUsolve(r)
    return lambdas, list(g)


def _rational(x):
    """An exact SymPy number: Fractions, ints and SymPy numbers as they are, a float as the decimal
    its shortest repr prints (0.1 -> 1/10, the value a user typed)."""
    if isinstance(x, sp.Basic):
        return x
    if isinstance(x, Fraction):
        return sp.Rational(x.numerator, x.denominator)
    if isinstance(x, int):
        return sp.Integer(x)
    return sp.Rational(repr(float(x)))


def proposition3_system(w: Sequence, d: int, k: int, eps, lambdas: Sequence | None = None):
    """The linear system of the construction of Proposition 3 / E.2, ``V g = r``: ``(lambdas, V,
    r)`` with ``V`` the d x d Vandermonde matrix ``V_ji = lambda_i^j`` and ``r`` the target
    impulse response (``r_j = w_j``, j < k; ``r_k = w_k + eps + 1``; 0 after). Needs ``d > k``."""
    if d <= k:
        raise ValueError(f"the construction needs d > k (d={d}, k={k})")
    lambdas = list(lambdas) if lambdas is not None else [sp.Rational(i, d) - sp.Rational(1, 2) for i in range(d)]
    lam = [_rational(v) for v in lambdas]
    V = sp.Matrix(d, d, lambda j, i: lam[i] ** j)
    r = [_rational(w[j]) for j in range(k)] + [_rational(w[k]) + _rational(eps) + 1] + [0] * (d - k - 1)
    return lambdas, V, sp.Matrix(r)


def delay_teacher(dh: int):
    """(C.1): ``A`` the nilpotent upper shift, ``B = e_{dh}``, ``C = e_1^T``."""
    A = sp.Matrix(dh, dh, lambda p, q: 1 if q == p + 1 else 0)
    B = sp.Matrix([1 if i == dh - 1 else 0 for i in range(dh)])
    C = sp.Matrix([[1 if i == 0 else 0 for i in range(dh)]])
    return A, B, C


def bidiagonal_teacher(dh: int):
    """(C.2.2): upper-bidiagonal ``A`` (symbolic diagonal ``u_i``, super-diagonal ``v_i``), B, C as (C.1)."""
    u = sp.symbols(f"u0:{dh}", real=True)
    v = sp.symbols(f"v0:{max(dh - 1, 1)}", real=True)
    A = sp.Matrix(dh, dh, lambda p, q: u[p] if p == q else (v[p] if q == p + 1 else 0))
    _, B, C = delay_teacher(dh)
    return A, B, C, u, v


# ---------------------------------------------------------------------------------------
# Parameters and hypotheses
# ---------------------------------------------------------------------------------------
D_STUDENT = Param("d", int, 6, "student state dimension", low=1, high=24)
K_LEN = Param("k", int, 5, "training sequence length", low=1, high=20)
TEACHER = Param("teacher", str, "T2-dyadic", "teacher preset (catalog §5.1)", choices=tuple(TEACHERS))
EPS = Param("eps", float, 0.1, "extrapolation tolerance epsilon", low=0.0, high=1e6)
Q_HOR = Param("q", int, 8, "extrapolation horizon", low=1, high=48)
INIT = Param("init_scale", float, 1e-3, "initialisation scale", low=0.0, open_low=True)
SEED = Param("seed", int, 0, "random seed", low=0)


def _dh(p):
    return len(teacher_measure(p)[0])


D_GT_K = Hypothesis(r"$d>k$", lambda p: p["d"] > p["k"])
K_GT_2DH = Hypothesis(r"$k>2\hat d$", lambda p: p["k"] > 2 * _dh(p))
K_LE_2DH_1 = Hypothesis(r"$k\le2\hat d-1$", lambda p: p["k"] <= 2 * _dh(p) - 1)
BALANCED_TEACHER = Hypothesis(
    r"the teacher is balanced ($\hat{\mathbf B}=\hat{\mathbf C}^\top$; presets are)", teacher_balanced
)
STABLE_TEACHER = Hypothesis(
    r"the teacher is stable (eigenvalues of $\hat{\mathbf A}$ in $[-1,1]$)",
    lambda p: all(abs(x) <= 1 for x in teacher_measure(p)[0]),
)
NONDEG_TEACHER = Hypothesis(
    r"the teacher is non-degenerate ($\hat{\mathbf C}\hat{\mathbf B}>0$)", lambda p: sum(teacher_measure(p)[1]) > 0
)
Q_GT_K = Hypothesis(r"$q\ge k+1$", lambda p: p["q"] >= p["k"] + 1)

MAIN = "§3-§4"

# ---------------------------------------------------------------------------------------
# Statements: §3
# ---------------------------------------------------------------------------------------
statement(
    "rnn-lowdim/definition-1",
    "definition",
    "1",
    "Impulse response",
    src("§3", "(3.1)"),
    r"The \emph{impulse response} of the RNN is the output sequence corresponding to the input sequence "
    r"$(x_0,x_1,x_2,\dots)=(1,0,0,\dots)$. Namely, it is the sequence $(\mathbf{CB},\mathbf{CAB},\mathbf{CA}^2\mathbf B,\dots)$.",
    params=(D_STUDENT, SEED),
    notes="Indexing fixed for the suite: with s_0 = 0 and s_{t+1} = A s_t + B x_t, y_t = C s_t, the impulse input gives "
    "y_0 = 0 and y_{t+1} = C A^t B; the printed sequence (CB, CAB, ...) is the outputs after each input, which is the "
    "convention (3.3)/(3.4) use (h_j = C A^j B meets x_{k-1-j}).",
)
statement(
    "rnn-lowdim/claim-eq-3.3",
    "claim",
    "(3.3)",
    "The empirical loss (3.2) in convolution form (3.3)",
    src("§3", "(3.2), (3.3)"),
    r"By the update rule of the RNN (Equation 3.1), we have "
    r"$\mathcal L_S(\mathbf A,\mathbf B,\mathbf C)=\frac1N\sum_{i=1}^N\big(\sum_{j=0}^{k-1}\mathbf C\mathbf A^{k-1-j}\mathbf Bx^{(i)}_j-y^{(i)}\big)^2$.",
    params=(D_STUDENT, K_LEN, SEED),
)
statement(
    "rnn-lowdim/claim-zero-loss-iff",
    "claim",
    "§3",
    "Zero population loss iff the first k impulse entries match",
    src("§3", "(3.4)"),
    r"Equation 3.4 implies that a solution $\Theta$ achieves zero population loss over length $k$ sequences if and only if "
    r"$\mathbf C\mathbf A^j\mathbf B=\hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}$ for $j=0,\dots,k-1$.",
    params=(D_STUDENT, K_LEN, TEACHER),
)
statement(
    "rnn-lowdim/definition-2",
    "definition",
    "2",
    "epsilon-extrapolation with horizon q",
    src("§3", "(3.5)"),
    r"For $\epsilon\ge0$ and $q\in\mathbb N$, we say that the student $\epsilon$-extrapolates with horizon $q$ w.r.t. the teacher "
    r"if $|\mathbf C\mathbf A^j\mathbf B-\hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}|\le\epsilon$ for all $j\in\{0,\dots,q-1\}$ (3.5). "
    r"If the above holds for all $q\in\mathbb N$ then the student is said to $\epsilon$-extrapolate, and if it holds for all "
    r"$q$ with $\epsilon=0$ the student is said to extrapolate.",
    params=(D_STUDENT, TEACHER),
    notes="Extrapolation (all q) is certified exactly from finitely many entries: the stacked student-minus-teacher system "
    "has order d + d^, so by Cayley-Hamilton h_j = w_j for j < d + d^ implies it for all j.",
)
statement(
    "rnn-lowdim/claim-extrapolation-io",
    "claim",
    "§3",
    "Extrapolation = same input-output map for every length",
    src("§3", "after Def. 2"),
    r"$\epsilon$-extrapolation with horizon $q$ is equivalent to the first $q$ elements of the student's impulse response being "
    r"$\epsilon$-close to those of the teacher's, whereas extrapolation means that the student's impulse response fully coincides "
    r"with the teacher's. The latter condition implies that the student realizes the same input-output mapping as the teacher, "
    r"for any sequence length.",
    params=(D_STUDENT, TEACHER, SEED),
)
statement(
    "rnn-lowdim/proposition-3",
    "proposition",
    "3",
    "Perfect generalisation without extrapolation (d > k)",
    src("§3", "(3.4), (3.5); App. E.1.2"),
    r"Assume $d>k$, and let $\epsilon\ge0$ and $q\in\{k+1,k+2,\dots\}$. Then, for any teacher parameters $\hat\Theta$, there exist "
    r"student parameters $\Theta$ with which the population loss in Equation 3.4 equals zero, and yet the student does \textbf{not} "
    r"$\epsilon$-extrapolate with horizon $q$.",
    params=(D_STUDENT, K_LEN, TEACHER, EPS, Q_HOR),
    hypotheses=(D_GT_K, Q_GT_K),
)
statement(
    "rnn-lowdim/definition-4",
    "definition",
    "4",
    "Balanced RNN",
    src("§4"),
    r"An RNN with parameters $\Theta=(\mathbf A,\mathbf B,\mathbf C)$ is said to be \textbf{balanced} if $\mathbf B=\mathbf C^\top$.",
    params=(D_STUDENT, SEED),
)
statement(
    "rnn-lowdim/claim-def-stable-nondegenerate",
    "definition",
    "§4",
    "Stable and non-degenerate teachers",
    src("§4.1, App. A, §4.2"),
    r"Stable: the eigenvalues of $\hat{\mathbf A}$ are in $[-1,1]$. Non-degenerate: the input-output mapping realized is not "
    r"identically zero. [App. A:] any configuration of teacher parameters satisfying $\hat C\hat B=1$ is non-degenerate (the first "
    r"element of its impulse response is non-zero). [Prop. 9 sketch:] $\hat{\mathbf C}\hat{\mathbf B}>0$ (follows from the teacher "
    r"parameters being balanced and non-degenerate).",
    params=(SEED,),
)
statement(
    "rnn-lowdim/claim-no-init-no-extrapolation",
    "claim",
    "§4",
    "Without an initialisation assumption no extrapolation",
    src("§4", "(3.6)"),
    r"If no assumption on initialization is made, no form of extrapolation can be established (indeed, the initial point may be a "
    r"global minimizer of $\mathcal L(\cdot)$ that fails to extrapolate, and GF will stay there).",
    params=(D_STUDENT, K_LEN, TEACHER),
)

# ---------------------------------------------------------------------------------------
# §4.1: Theorem 5, Lemmas 6, 7, Theorem 8
# ---------------------------------------------------------------------------------------
statement(
    "rnn-lowdim/theorem-5",
    "theorem",
    "5",
    "Convergence (to zero loss) leads to extrapolation",
    src("§4.1", "(3.4), (3.6)"),
    r"Assume that $d>k>2\hat d$, the teacher parameters $\hat\Theta$ are balanced (Definition 4), and the student parameters "
    r"$\Theta$ are learned by applying GF to the loss $\mathcal L(\cdot)$ (Equation 3.4) starting from a balanced initialization. "
    r"Then, if GF converges to a point $\Theta^*$ satisfying $\mathcal L(\Theta^*)=0$, this point extrapolates (Definition 2).",
    params=(D_STUDENT, K_LEN, TEACHER, INIT, SEED),
    hypotheses=(D_GT_K, K_GT_2DH, BALANCED_TEACHER),
    notes="GF convergence is the theorem's assumption and cannot be certified in finite time: the flows are integrated until "
    "the loss falls below a threshold, and the extrapolation error is measured against the loss along the trajectory. "
    "GF convention: A symmetric in its upper-triangular coordinates (the paper's parameterisation), loss (3.4) without 1/2.",
)
statement(
    "rnn-lowdim/lemma-6",
    "lemma",
    "6",
    "GF from a balanced initialisation stays balanced",
    src("§4.1; App. E.1.5"),
    r"Let $\Theta(\tau)$, with $\tau\ge0$, be a curve brought forth by applying GF to the loss $\mathcal L(\cdot)$ starting from a "
    r"balanced initialization. Then, $\Theta(\tau)$ is balanced for every $\tau\ge0$.",
    params=(D_STUDENT, K_LEN, TEACHER, SEED),
)
statement(
    "rnn-lowdim/lemma-7",
    "lemma",
    "7",
    "Balanced zero-loss students extrapolate when k > 2 d^",
    src("§4.1; App. E.2"),
    r"Suppose that $d>k>2\hat d$, the teacher is balanced, and that the student parameters $\Theta$ are balanced and satisfy "
    r"$\mathcal L(\Theta)=0$. Then $\Theta$ extrapolates.",
    params=(D_STUDENT, K_LEN, TEACHER),
    hypotheses=(D_GT_K, K_GT_2DH, BALANCED_TEACHER),
    notes="Static statement; checked as a moment problem (a balanced symmetric student is a positive measure sum_i b'_i^2 "
    "delta_{lambda_i}, Lemma E.3). Boundary: at k = 2 d^ (neither Lemma 7 nor Lemma A.1) the LP finds balanced zero-loss "
    "students that do not extrapolate, so k > 2 d^ is sharp for the static statement.",
)
statement(
    "rnn-lowdim/theorem-8",
    "theorem",
    "8",
    "Approximate convergence leads to approximate extrapolation",
    src("§4.1; App. E.3"),
    r"Assume the conditions of Theorem 5, and that the teacher parameters $\hat\Theta$ are stable, i.e. the eigenvalues of "
    r"$\hat{\mathbf A}$ are in $[-1,1]$. Assume also that $\hat\Theta$ are non-degenerate, in the sense that the input-output mapping "
    r"they realize is not identically zero. Finally, assume that the student parameters $\Theta$ learned by GF are confined to some "
    r"bounded domain in parameter space. Then, for any $\epsilon>0$ and $q\in\mathbb N$, there exists $\delta(\epsilon,q)>0$ such "
    r"that whenever $\mathcal L(\Theta)\le\delta(\epsilon,q)$, the student $\epsilon$-extrapolates with horizon $q$.",
    params=(D_STUDENT, K_LEN, TEACHER, Q_HOR, INIT, SEED),
    hypotheses=(D_GT_K, K_GT_2DH, BALANCED_TEACHER, STABLE_TEACHER, NONDEG_TEACHER),
)
statement(
    "rnn-lowdim/claim-thm8-rate",
    "claim",
    "§4.1",
    "The rate chain of the Theorem 8 sketch",
    src("§4.1", "(4.1)"),
    r"Since $k>2\hat d$, $|\hat m_j-m_j|\le\mathcal O(\sqrt\delta)$ for $j=1,\dots,2\hat d$; Wu \& Yang (Prop. 2) gives "
    r"$\mathcal W_1\le\mathcal O(\delta^{1/4\hat d})$; $\mathcal W_p\le\mathcal O(\mathcal W_1^{1/p})$ (Panaretos \& Zemel §2.3) and "
    r"$|\hat m_p-m_p|\le\mathcal O(\mathcal W_p)$ (Biswas \& Mackey §1.2). Combining, $|\hat m_p-m_p|\le\mathcal O(\delta^{1/4\hat dp})$ "
    r"for any $p\in\mathbb N$. Choosing $\delta=\mathcal O(\epsilon^{4\hat d(q-1)})$ therefore establishes Equation 4.1.",
    params=(TEACHER, K_LEN, SEED),
)

# ---------------------------------------------------------------------------------------
# §4.2: Proposition 9
# ---------------------------------------------------------------------------------------
# Proposition 9's printed probability, and the level of the Monte Carlo test against it (the notes)
PROP9_PROBABILITY = 0.75
PROP9_LEVEL = 0.01


def thm8_printed_exponent(dh: int, p: int) -> float:
    """The exponent of the printed rate |m_p - m^_p| <= O(delta^(1/(4 d^ p))) (proof of Thm 8)."""
    return 1 / (4 * dh * p)


PROP9_TEXT = (
    r"Suppose that: (i) $%s$; (ii) the teacher parameters $\hat\Theta$ are balanced and are non-degenerate, in the sense that the "
    r"input-output mapping they realize is not identically zero; and (iii) the student parameters are learned by applying GF to the "
    r"loss $\mathcal L(\cdot)$. Let $\tilde\Theta$ be a random point in parameter space, with entries drawn independently from the "
    r"standard normal distribution. For $\epsilon>0$, consider the case where GF emanates from the initialization $\epsilon\tilde\Theta$, "
    r"and denote the resulting curve by $\Theta_\epsilon(\tau)=(\mathbf A_\epsilon(\tau),\mathbf B_\epsilon(\tau),\mathbf C_\epsilon(\tau))$. "
    r"Then, w.p. at least 0.75, for every $\epsilon>0$ there exists $\tau_\epsilon\ge0$ such that "
    r"$\lim_{\epsilon\to0^+}\frac{\|\mathbf B_\epsilon(\tau_\epsilon)-\mathbf C_\epsilon^\top(\tau_\epsilon)\|_F}"
    r"{\|\mathbf B_\epsilon(\tau_\epsilon)+\mathbf C_\epsilon^\top(\tau_\epsilon)\|_F}=0$ (4.2)."
)
PROP9_NOTES = (
    "Encoded with the quantifiers as printed: one draw Theta~ for the whole epsilon family. tau_eps = ln(1/eps)/(4 w0) "
    "(a quarter of the escape time scale; Y shrinks by eps^(1/2) and W grows by eps^(-1/2) there, CI-3), and success for a draw "
    "means the ratio (4.2) decreases along the eps ladder to below 1e-2 R(0). The probability is estimated by Monte Carlo with "
    "a 99% Clopper-Pearson interval and decided only when the interval is clear of 0.75."
)
statement(
    "rnn-lowdim/proposition-9",
    "proposition",
    "9",
    "Near-zero initialisation leads to approximate balancedness",
    src("§4.2", "(4.2)"),
    PROP9_TEXT % "d>20",
    params=(D_STUDENT, K_LEN, TEACHER, SEED),
    hypotheses=(Hypothesis(r"$d>20$", lambda p: p["d"] > 20), BALANCED_TEACHER, NONDEG_TEACHER),
    notes=PROP9_NOTES,
)
statement(
    "rnn-lowdim/claim-prop9-mechanism",
    "claim",
    "§4.2",
    "Near zero, B - C^T shrinks and B + C^T grows at rate 2 C^B^",
    src("§4.2"),
    r"When the entries of $\Theta$ are on the order of $\epsilon$, we have $\frac{\partial}{\partial\mathbf B}\mathcal L(\Theta)\approx"
    r"-2\hat{\mathbf C}\hat{\mathbf B}\cdot\mathbf C^\top$ and $\frac{\partial}{\partial\mathbf C}\mathcal L(\Theta)\approx-2\hat{\mathbf C}"
    r"\hat{\mathbf B}\cdot\mathbf B^\top$. This implies that during the first part of the curve $\frac{d}{d\tau}(\mathbf B_\epsilon-"
    r"\mathbf C_\epsilon^\top)\approx-2\hat{\mathbf C}\hat{\mathbf B}\cdot(\mathbf B_\epsilon-\mathbf C_\epsilon^\top)$ and "
    r"$\frac{d}{d\tau}(\mathbf B_\epsilon+\mathbf C_\epsilon^\top)\approx2\hat{\mathbf C}\hat{\mathbf B}\cdot(\mathbf B_\epsilon+"
    r"\mathbf C_\epsilon^\top)$. Since $\hat{\mathbf C}\hat{\mathbf B}>0$, the entries of $\mathbf B_\epsilon-\mathbf C_\epsilon^\top$ "
    r"shrink exponentially fast while those of $\mathbf B_\epsilon+\mathbf C_\epsilon^\top$ grow at the same rate.",
    params=(D_STUDENT, K_LEN, TEACHER, SEED),
)
statement(
    "rnn-lowdim/claim-mimo",
    "claim",
    "§3",
    "The theory readily extends to MIMO",
    src("§3, footnote"),
    r"We note that our theory readily extends to multiple-input multiple-output (MIMO) networks, and the focus on the SISO case is "
    r"merely for simplicity of presentation.",
    params=(SEED,),
    notes="No MIMO statement is printed. Checked: the MIMO analogues of the printed mechanisms that carry over verbatim -- "
    "balancedness B = C^T is preserved by the gradient (symbolic, 2x2 MIMO, symmetric A) and the balanced MIMO response "
    "C A^j C^T is a PSD-matrix-valued moment sequence. The k-threshold for MIMO is not stated and is not checked.",
)
statement(
    "rnn-lowdim/claim-modal-form",
    "claim",
    "§3",
    "Symmetric A generalises the canonical modal form",
    src("§3"),
    r"The restriction to symmetric transition matrices is customary in both theory and practice, and represents a generalization "
    r"of the canonical modal form, which under mild non-degeneracy conditions does not limit generality (Boyd \& Lessard, 2006).",
    params=(SEED,),
    notes="Citation-level claim. Checked: a real-diagonalisable LTI system is input-output equivalent to a diagonal (modal) one, "
    "which is symmetric; the modal system is balanced only after rescaling when b'_i c'_i > 0 (sign obstruction noted).",
)


# ---------------------------------------------------------------------------------------
# Proof structure (issue 19): what each printed proof invokes, its restatements, and the
# domain's edges (issue 18). Declared after the statements so the table reads as one piece;
# ``declare`` re-registers the statement, so the registry validates the steps and edges.
# ---------------------------------------------------------------------------------------
def declare(sid: str, uses: tuple, steps: tuple = (), edges: tuple = (), notes: str = "", **fields) -> None:
    """Set a registered statement's ``uses``, ``steps``, ``edges`` (and any other field) in place,
    validated again by :func:`~theorems.registry.register` (the statement object and its place in
    the registry are kept); ``notes`` is appended to the statement's notes."""
    import dataclasses

    from .registry import REGISTRY, register

    order = list(REGISTRY)
    stmt = REGISTRY.pop(sid)
    if notes:
        fields["notes"] = (stmt.notes + " " + notes).strip()
    new = dataclasses.replace(stmt, uses=tuple(uses), steps=tuple(steps), edges=tuple(edges), **fields)
    try:
        register(new)
    finally:
        if REGISTRY.get(sid) is new:
            stmt.__dict__.update(new.__dict__)
        REGISTRY[sid] = stmt
        items = [(k, REGISTRY[k]) for k in order]
        REGISTRY.clear()
        REGISTRY.update(items)


EXT_VANDERMONDE = "ext:square Vandermonde matrix invertible iff its nodes are distinct"
EXT_CY = "ext:Cohen & Yeredor 2011, Theorem 1"
EXT_WY4 = "ext:Wu & Yang 2020, Lemma 4"
EXT_WY_P2 = "ext:Wu & Yang 2020, Proposition 2"
EXT_PZ = "ext:Panaretos & Zemel 2019, Section 2.3"
EXT_BM = "ext:Biswas & Mackey 2021, Section 1.2"
EXT_EC = "ext:Elkabetz & Cohen 2021, Theorem 3 (GD approximates GF)"

declare("rnn-lowdim/definition-1", ())
declare("rnn-lowdim/claim-eq-3.3", ("def:RNN update rule (3.1)",))
declare("rnn-lowdim/claim-zero-loss-iff", ("rnn-lowdim/lemma-E.1",))
declare("rnn-lowdim/definition-2", ())
declare("rnn-lowdim/claim-extrapolation-io", ("rnn-lowdim/definition-1", "rnn-lowdim/definition-2"))
declare(
    "rnn-lowdim/proposition-3",
    (EXT_VANDERMONDE, "rnn-lowdim/claim-zero-loss-iff"),
    steps=(
        Step(
            "Prop. E.2",
            r"[Proposition 3 in main paper] Assume $d>k$, and let $\epsilon\ge0$ and $q\in\{k+1,k+2,\dots\}$. Then, for any "
            r"teacher parameters $\hat\Theta$, there exist student parameters $\Theta$ with which the population loss in "
            r"Equation 3.4 equals zero, and yet the student does not $\epsilon$-extrapolate with horizon $q$.",
            kind="restatement",
        ),
    ),
    edges=(
        {"d": 2, "k": 1, "q": 2, "eps": 0.0, "teacher": "T1"},
        {"d": 6, "k": 5, "q": 6, "eps": 0.0, "teacher": "T2-dyadic"},
        {"d": 24, "k": 23, "q": 24, "eps": 1e6, "teacher": "T3"},
        {"d": 24, "k": 1, "q": 48, "eps": 1e-12, "teacher": "T2-unstable"},
        {"d": 4, "k": 3, "q": 4, "eps": 0.0, "teacher": "T1-unstable"},
    ),
    notes="The sketch defers to App. E.1.2 (Proposition E.2); the construction is Vandermonde's (zero loss by "
    "claim-zero-loss-iff).",
)
declare("rnn-lowdim/definition-4", ())
declare("rnn-lowdim/claim-def-stable-nondegenerate", ())
declare(
    "rnn-lowdim/claim-no-init-no-extrapolation",
    ("rnn-lowdim/proposition-3",),
    steps=(
        Step(
            "§4, Proposition 3 invoked",
            r"the initial point may be a global minimizer of $\mathcal L(\cdot)$ that fails to extrapolate",
            kind="invocation",
        ),
    ),
)
declare("rnn-lowdim/theorem-5", ("rnn-lowdim/lemma-6", "rnn-lowdim/lemma-7"))
declare(
    "rnn-lowdim/lemma-6",
    ("rnn-lowdim/lemma-E.6", EXT_EC),
    steps=(
        Step(
            "Lemma E.5",
            r"[Lemma 6 in main paper] When optimizing equation 3.4 with GF emanating from a balanced initialization "
            r"$\Theta(0)$, the parameters $\Theta(\tau)$ are balanced for all $\tau\in\mathbb R_+$.",
            kind="restatement",
        ),
    ),
    edges=(
        {"d": 1, "k": 1, "teacher": "T1"},
        {"d": 24, "k": 20, "teacher": "T3"},
        {"d": 2, "k": 20, "teacher": "T2-unstable"},
    ),
    notes="The sketch points to App. E.1.5: Lemma E.6 (GD) and GD -> GF as the step size vanishes (Elkabetz & Cohen).",
)
declare(
    "rnn-lowdim/lemma-7",
    ("rnn-lowdim/lemma-E.3", EXT_CY, EXT_WY4),
    steps=(
        Step(
            "Lemma E.8",
            r"[Lemma 7 in main paper] Suppose that $d>k>2\hat d$, the teacher is balanced, and that the student parameters "
            r"$\Theta$ are balanced and satisfy $\mathcal L(\Theta)=0$. Then $\Theta$ extrapolates.",
            kind="restatement",
        ),
    ),
)
declare(
    "rnn-lowdim/theorem-8",
    ("rnn-lowdim/lemma-7", EXT_WY_P2, EXT_PZ, EXT_BM),
    steps=(
        Step(
            "Thm E.9",
            r"[Theorem 8 in main paper] Consider the minimization of Equation 3.4 and assume: (i) $d>k>2\hat d$; (ii) the "
            r"teacher is balanced and stable; (iii) the teacher is non-degenerate; (iv) the student parameters are learned by "
            r"applying GF to $\mathcal L(\cdot)$, starting from a balanced initialization; (v) the student parameters $\Theta$ "
            r"are bounded. Then, for any $\epsilon>0$ and $q\in\mathbb N$, there exists $\delta(\epsilon,q)>0$ such that "
            r"whenever $\mathcal L(\Theta)\le\delta(\epsilon,q)$, the student $\epsilon$-extrapolates with horizon $q$.",
            kind="restatement",
        ),
    ),
)
declare("rnn-lowdim/claim-thm8-rate", (EXT_WY_P2, EXT_PZ, EXT_BM))
declare(
    "rnn-lowdim/proposition-9",
    ("rnn-lowdim/lemma-E.12",),
    steps=(
        Step(
            "Prop. E.11",
            PROP9_TEXT % "d>4",
            kind="restatement",
            expect="refuted",
            erratum="The appendix restatement (Proposition E.11) assumes (i) d > 4, the main text (i) d > 20; everything "
            "else is the same. The appendix proof goes through Lemma E.12, whose proof invokes Lemma E.13, which assumes "
            "d > 20 (it needs Lemma E.10's probability at n = 20): d > 4 is not covered by the printed argument. Hypotheses "
            "compared on d = 1..24: they differ at d = 5..20.",
        ),
    ),
    notes="The full proof (App. E.4) proves the stronger Lemma E.12.",
)
declare(
    "rnn-lowdim/claim-prop9-mechanism",
    (),
    notes="A sketch: it invokes no lemma (the gradient approximations are stated).",
)
declare("rnn-lowdim/claim-mimo", (), notes="uses: no proof is printed.")
declare("rnn-lowdim/claim-modal-form", ("ext:Boyd & Lessard 2006",))
