"""ssm-poison: Slutzky et al., "The Implicit Bias of Structured State Space Models Can Be
Poisoned With Clean Labels" (catalog: shared/catalog/ssm-poison.md; text: seeds/002_...).

This module holds the paper's shared SymPy encodings (the poisoning setting of §3.2 / App.
D.1) and the statements of the main text, App. A, B, D.1, D.2, D.3.1 and D.4; the saddle,
Hessian and dynamics statements of App. D.3.2-D.3.7 are in ``ssm_poison_saddle.py``, the
auxiliary results of App. D.5 in ``ssm_poison_aux.py``, the experiments in
``ssm_poison_experiments.py``.

Setting (App. D.1): student SSM with diagonal ``A = Diag(a)``, ``B = 1_d``, ``C = 1_d^T``
fixed; teacher ``A* = Diag(1, 0, ..., 0)``, ``B* = 1_d``, ``C* = 1_d^T`` (impulse response
``h*_0 = d``, ``h*_k = 1`` for k >= 1). The data sets S_1 (sequences ``p_i e_1`` probing the
impulse entry L-1) and S_2 (S_1 plus ``q_i e_{L-1}`` probing entry 1) give the objectives
(19)-(21) and (24)-(27), which depend on the data only through ``w_1 = P/n`` and
``w_2 = P/m``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import sympy as sp

from . import linear_rnn


# ---------------------------------------------------------------------------------------
# The poisoning setting, derived from the model (3) and as printed
# ---------------------------------------------------------------------------------------
def diagonal_student(d: int):
    """Symbolic ``a_1..a_d`` (0-based names ``a0..``) and the student SSM ``(Diag(a), 1, 1^T)``."""
    a = list(sp.symbols(f"a0:{d}", real=True))
    return a, sp.diag(*a), sp.ones(d, 1), sp.ones(1, d)


def teacher(d: int):
    """``A* = Diag(1, 0, ..., 0)``, ``B* = 1_d``, ``C* = 1_d^T`` (after Proposition 3)."""
    A = sp.zeros(d, d)
    A[0, 0] = 1
    return A, sp.ones(d, 1), sp.ones(1, d)


def ssm_output(A, B, C, x: Sequence) -> sp.Expr:
    """(2): ``phi(x) = sum_{k'} C A^{k'} B x_{k-k'}`` (x_1..x_k, newest last)."""
    h = linear_rnn.impulse(A, B, C, len(x))
    return sum(h[j] * x[len(x) - 1 - j] for j in range(len(x)))


def loss_on_dataset(A, B, C, dataset: Sequence[tuple[Sequence, sp.Expr]]) -> sp.Expr:
    """(3): ``(1/n) sum_i (y_i - phi(x_i))^2``."""
    return sum((y - ssm_output(A, B, C, x)) ** 2 for x, y in dataset) / len(dataset)


def basis_sequence(L: int, l: int, scale=1) -> list:
    """``scale * e_l`` in R^L (1-based ``l``, as the paper writes ``e_1``, ``e_{L-1}``)."""
    return [scale if i == l - 1 else 0 for i in range(L)]


def datasets(d: int, L: int, p: Sequence, q: Sequence):
    """Definition 2: ``S_1 = {(p_i e_1, phi*(p_i e_1))}``, ``S_2 = S_1 + {(q_i e_{L-1}, .)}``,
    labels from the teacher (clean labels)."""
    At, Bt, Ct = teacher(d)
    s1 = [(basis_sequence(L, 1, pi), ssm_output(At, Bt, Ct, basis_sequence(L, 1, pi))) for pi in p]
    s2 = s1 + [(basis_sequence(L, L - 1, qi), ssm_output(At, Bt, Ct, basis_sequence(L, L - 1, qi))) for qi in q]
    return s1, s2


def long_residual(a: Sequence, L: int) -> sp.Expr:
    """``r_l(A) = 1 - sum_k a_k^{L-1}``."""
    return 1 - sum(ak ** (L - 1) for ak in a)


def short_residual(a: Sequence) -> sp.Expr:
    """``r_s(A) = 1 - sum_k a_k``."""
    return 1 - sum(a)


def objective_s1(a: Sequence, L: int, w1=sp.Symbol("w1", positive=True)) -> sp.Expr:
    """(21) as printed: ``l(A; S_1) = (P/n) (1 - sum_k a_k^{L-1})^2``, ``w1 = P/n``."""
    return w1 * long_residual(a, L) ** 2


def objective_s2(a: Sequence, L: int, w2=sp.Symbol("w2", positive=True)) -> sp.Expr:
    """(27) as printed: ``l(A; S_2) = (P/m) ((1 - sum a^{L-1})^2 + (1 - sum a)^2)``."""
    return w2 * (long_residual(a, L) ** 2 + short_residual(a) ** 2)


def critical_polynomial(d: int, L: int, a=sp.Symbol("a", real=True)) -> sp.Expr:
    """``g_{d,L}(a) = (L-1)(d a^{L-1} - 1) a^{L-2} + d a - 1``: the gradient entry of (27) on
    ``W_1 = span{1_d}`` divided by ``2P/m`` (its real root in [1/d, 3/d] is the saddle s)."""
    return (L - 1) * (d * a ** (L - 1) - 1) * a ** (L - 2) + d * a - 1


# ---------------------------------------------------------------------------------------
# Further encodings (main text, App. A, B, D.1, D.2, D.3.1, D.4)
# ---------------------------------------------------------------------------------------
def impulse_diagonal_ones(a: Sequence, n: int) -> list:
    """``h_k = C A^k B = sum_j a_j^k`` for ``B = C^T = 1_d`` (k < n)."""
    return [sum(x**k for x in a) for k in range(n)]


def teacher_impulse(d: int, n: int) -> list:
    """The teacher's impulse response ``(d, 1, 1, ...)`` (Proposition 3)."""
    return [d] + [1] * (n - 1)


def gen_error(a: Sequence, k: int) -> sp.Expr:
    """``Gen_k(A) = max_{k' < k} |C A^{k'} B - C* A*^{k'} B*|`` with ``B = C^T = 1_d`` (Def. 1 /
    App. D; the printed ``B A^{k'} C`` read as the scalar ``C A^{k'} B`` of the text)."""
    h, hs = impulse_diagonal_ones(a, k), teacher_impulse(len(a), k)
    return sp.Max(*[sp.Abs(x - y) for x, y in zip(h, hs)])


def gen_lower_bound(d, L):
    """The printed floor ``min{0.1, (1 - 0.6^{1/(L-1)}) / (9d)}`` (Theorem 1/2, Lemma 3)."""
    return sp.Min(sp.Rational(1, 10), (1 - sp.Rational(3, 5) ** sp.Rational(1, L - 1)) / (9 * d))


def claim11_constant(d, L):
    """The D.4 opening's printed constant ``(1/2) min{0.1, (1 - (1/2)^{1/(L-1)}) / (9d)}``."""
    return sp.Min(sp.Rational(1, 10), (1 - sp.Rational(1, 2) ** sp.Rational(1, L - 1)) / (9 * d)) / 2


def gamma_coefficient(l: int, kappa: int, deltas, xis, xs) -> sp.Expr:
    """(8): ``gamma^(l) = 2(l+1)/n sum_i delta_i xi_i x^(i)_{kappa-l-1}`` (1-based x)."""
    n = len(xs)
    return sp.Rational(2 * (l + 1), n) * sum(deltas[i] * xis[i] * xs[i][kappa - l - 2] for i in range(n))


def prop1_rhs(j: int, kappa: int, a, b, c, deltas, xis, xs) -> sp.Expr:
    """(7): ``a_j' = b_j c_j sum_{l=0}^{kappa-2} gamma^(l) a_j^l``."""
    return b[j] * c[j] * sum(gamma_coefficient(l, kappa, deltas, xis, xs) * a[j] ** l for l in range(kappa - 1))


def prop1_star_star(j: int, kappa: int, a, b, c, deltas, xis, xs) -> sp.Expr:
    """App. C, (**): ``-(2/n) sum_i delta_i xi_i sum_{l=1}^kappa (kappa - l) c_j a_j^{kappa-l-1} b_j x^(i)_l``
    (1-based x)."""
    n = len(xs)
    inner = [
        sum((kappa - l) * c[j] * a[j] ** (kappa - l - 1) * b[j] * xs[i][l - 1] for l in range(1, kappa + 1))
        for i in range(n)
    ]
    return -sp.Rational(2, n) * sum(deltas[i] * xis[i] * inner[i] for i in range(n))


def vandermonde(a: Sequence) -> sp.Matrix:
    """App. B: ``V = (a_j^{i})_{j, i}`` (rows 1, a_j, a_j^2, ..., a_j^{d-1})."""
    d = len(a)
    return sp.Matrix(d, d, lambda r, k: a[r] ** k)


def i1_bound(eta, d, L, n_over_P):
    """Definition 3 / Proposition 4: ``((1 - (1-eta)^{L-1} - eta sqrt(n/P)) / (d-1))^{1/(L-1)}``."""
    return ((1 - (1 - eta) ** (L - 1) - eta * sp.sqrt(n_over_P)) / (d - 1)) ** sp.Rational(1, L - 1)


def in_I0(alpha, zeta, d) -> bool:
    """(30): ``alpha in (0, 1/(2d))``, ``1 = zeta_1 > zeta_2 > ... > zeta_d > 0``."""
    return (
        0 < alpha < 1 / (2 * d) and zeta[0] == 1 and all(zeta[i] > zeta[i + 1] for i in range(d - 1)) and zeta[-1] > 0
    )


def i1_radicand(eta, d, L, n_over_P) -> float:
    """Definition 3's radicand ``(1 - (1-eta)^{L-1} - eta sqrt(n/P)) / (d-1)`` in floats (no cancellation
    in ``1 - (1-eta)^{L-1}``)."""
    lead = -math.expm1((L - 1) * math.log1p(-eta)) if eta < 0.5 else 1 - (1 - eta) ** (L - 1)  # log1p(-1) is -inf
    return (lead - eta * math.sqrt(n_over_P)) / (d - 1)


def i1_alpha_cap(zeta, eta, d, L, n_over_P) -> float:
    """Definition 3's bound on alpha, ``min_{j>=2} rad^{1/(L-1)} / zeta_j (1 - zeta_j^{L-3})^{1/(L-3)}``, in
    floats (0 for a radicand <= 0: the set is empty)."""
    rad = i1_radicand(eta, d, L, n_over_P)
    if rad <= 0:
        return 0.0
    return min(rad ** (1 / (L - 1)) / z * (1 - z ** (L - 3)) ** (1 / (L - 3)) for z in zeta[1:])


def in_I1_reduced(alpha, zeta2, eta, d, L, n_over_P) -> bool:
    """Claim 12's reduced I_1 condition ``alpha <= S / zeta_2 (1 - zeta_2^{L-3})^{1/(L-3)}`` (floats)."""
    rad = i1_radicand(eta, d, L, n_over_P)
    return rad > 0 and alpha <= rad ** (1 / (L - 1)) / zeta2 * (1 - zeta2 ** (L - 3)) ** (1 / (L - 3))


def in_I1(alpha, zeta, eta, d, L, n_over_P) -> bool:
    """Definition 3 as printed (real roots; a negative radicand makes the bound undefined,
    hence the condition false)."""
    rad = i1_radicand(eta, d, L, n_over_P)
    if rad <= 0 or not in_I0(alpha, zeta, d):
        return False
    B = rad ** (1 / (L - 1))
    return all(alpha <= B / z * (1 - z ** (L - 3)) ** (1 / (L - 3)) for z in zeta[1:])


def pl_coefficient(alpha, zeta_d, d, L, P_over_n):
    """Lemma 1's proof: the PL coefficient ``(1/n) 2 (L-1)^2 P (alpha zeta_d / (2 sqrt d))^{2L-4}`` on V."""
    return 2 * (L - 1) ** 2 * P_over_n * (alpha * zeta_d / (2 * sp.sqrt(d))) ** (2 * L - 4)


def lemma3_a1_cap(L):
    """Lemma 3's proof: ``a_1 <= 0.6^{1/(L-1)}`` near the diagonal."""
    return sp.Rational(3, 5) ** sp.Rational(1, L - 1)


def prop4_star(alpha, zeta_j, L):
    """Proposition 4's proof, (*): the middle and the right form of the bound on ``a_j(t)``,
    ``((alpha zeta_j)^{-(L-3)} - alpha^{-(L-3)})^{-1/(L-3)}`` and ``alpha zeta_j (1/(1 - zeta_j^{L-3}))^{1/(L-3)}``."""
    n = L - 3
    return (1 / ((alpha * zeta_j) ** -n - alpha**-n)) ** sp.Rational(1, n), alpha * zeta_j * (
        1 / (1 - zeta_j**n)
    ) ** sp.Rational(1, n)


def corollary1_bound(eta, d, L, n_over_P):
    """Corollary 1: ``sqrt(eta^2 + (d-1) (...)^{2/(L-1)})``."""
    return sp.sqrt(eta**2 + (d - 1) * i1_bound(eta, d, L, n_over_P) ** 2)


def teacher_any_dimension(d, ds: int):
    """App. A's teacher of dimension ``d* = ds``: ``A* = Diag(1, 0, ..)``,
    ``B* = C*^T = (1, sqrt((d-1)/(d*-1)), ...)`` (the consistent rendering; see claim-4)."""
    r = sp.sqrt(sp.Integer(d - 1) / (ds - 1)) if isinstance(d, int) else sp.sqrt((d - 1) / (ds - 1))
    col = sp.Matrix([1] + [r] * (ds - 1))
    return sp.diag(1, *([0] * (ds - 1))), col, col.T


def corollary8_display_constant(d, L):
    """The last display of App. D.3 (after Corollary 8): ``(1/2) min{0.1, (1 - 0.6^{1/(L-1)})/(9d)}``."""
    return gen_lower_bound(d, L) / 2


def reference_init(a: Sequence) -> list:
    """Definition 4: ``a^ref_1 = a^ref_2 = a_1``, the other entries unchanged."""
    return [a[0], a[0], *a[2:]]


# ---------------------------------------------------------------------------------------
# Parameters and hypotheses
# ---------------------------------------------------------------------------------------
from .registry import Hypothesis, Param, Step, src, statement  # noqa: E402

DIM = Param("d", int, 10, "student dimension", low=1, high=200)
LENGTH = Param("L", int, 7, "training sequence length (App. D's L; the main text's kappa)", low=2, high=41)
KAPPA = Param("kappa", int, 7, "training sequence length kappa", low=2, high=41)
GEN_LENGTH = Param("k", int, 9, "generalisation length (k, or App. D's L')", low=1, high=200)
EPS = Param("eps", float, 0.05, "generalisation tolerance epsilon of the S_1 conclusion", low=0, open_low=True)
N_CLEAN = Param("n", int, 1, "number of clean sequences", low=1, high=200)
SEED = Param("seed", int, 242, "seed of numpy's legacy generator for the initialisation", low=0)
SD = Param("sd", float, 1e-3, "initialisation scale sd (a = sort-desc sd U(0,1)^d)", low=0, open_low=True)
DIFF_C = Param("c", float, 5.0, "diff = 0.05 exp(c log10 sd)")
ETA = Param("eta", float, 0.1, "eta_1 of Definition 3 / Proposition 4", low=0, open_low=True, high=1)
N_OVER_P = Param("n_over_P", float, 1.0, "n / P", low=0, open_low=True, high=1e6)
# An initialisation in I_0 (30) as the domain search draws it: alpha = ALPHA_FRAC x its cap (1/(2d), or
# the I_1 bound where that binds), zeta_j = 1 - SPREAD u_j (u_j sorted uniform in (0, 1) from the seed).
ALPHA_FRAC = Param(
    "alpha_frac", float, 0.5, "alpha as a fraction of its cap in I_0 / I_1", low=0, open_low=True, high=1
)
SPREAD = Param("spread", float, 0.9, "zeta_j = 1 - spread u_j, u_j in (0, 1)", low=0, open_low=True, high=0.999)
# The dimension where a margin computes in exact SymPy arithmetic on d x d matrices.
DIM_EXACT = Param("d", int, 10, "student dimension", low=1, high=40)
INDEX = Param("i", int, 3, "impulse-response index (power of A)", low=0, high=200)

ODD_L7 = Hypothesis(r"$L\in\{7,9,11,\dots\}$", lambda p: p["L"] >= 7 and p["L"] % 2 == 1)
D8 = Hypothesis(r"$d\ge8$", lambda p: p["d"] >= 8)
K_GE_L2 = Hypothesis(r"$L'\ge L+2$", lambda p: p["k"] >= p["L"] + 2)


# ---------------------------------------------------------------------------------------
# §§2-3
# ---------------------------------------------------------------------------------------
CLAIM_1 = statement(
    "ssm-poison/claim-1",
    "claim",
    "1",
    "The SSM output is the reversed impulse response times the input",
    src("§2.2", "(1), (2)"),
    r"It is straightforward to show that the mapping $\phi_{(A,B,C)}(\cdot)$ is fully determined by the sequence "
    r"$(CA^{k'}B)_{k'=0}^\infty$: $y=\phi_{(A,B,C)}(\mathbf x)=(CA^{k-1}B,\dots,CAB,CB)\mathbf x="
    r"\sum_{k'=0}^{k-1}CA^{k'}B\cdot x_{k-k'}$, for $\mathbf s_{k'}=A\mathbf s_{k'-1}+Bx_{k'}$, $y_{k'}=C\mathbf s_{k'}$, $\mathbf s_0=\mathbf 0$.",
    params=(DIM,),
    uses=(),
    notes="No proof is printed ('straightforward to show'): uses = ().",
)
DEFINITION_1 = statement(
    "ssm-poison/definition-1",
    "definition",
    "1",
    "Generalisation error over length k",
    src("§2.3", "(5)"),
    r"The generalization error of the student SSM over sequence length $k$ is: "
    r"$\max_{k'\in\{0,1,\dots,k-1\}}|BA^{k'}C-B^*(A^*)^{k'}C^*|$.",
    params=(DIM, GEN_LENGTH),
    notes="As printed, B A^{k'} C with B a column and C a row is not a scalar product of conformable "
    "matrices (d x 1 times d x d); the text defines generalisation 'through the first k entries of the "
    "student and teacher impulse responses' and regards B, C^T as vectors, so the encoding is "
    "C A^{k'} B (= B^T A^{k'} C^T for diagonal A). A notation misprint, not an erratum.",
    uses=(),
)
CLAIM_2 = statement(
    "ssm-poison/claim-2",
    "claim",
    "2",
    "Zero-padding the teacher fits and generalises at every length",
    src("§2.3", "fn. 2"),
    r"There exist assignments for $(A,B,C)$ that lead to zero training loss and perfect generalization over any "
    r"sequence length $k$. This is the case, for example, if $A$, $B$ and $C$ are respectively attained by padding "
    r"$A^*$, $B^*$ and $C^*$ with zeros on the right and/or bottom.",
    uses=(),
    notes="No proof is printed (footnote 2 names the zero-padded teacher): uses = ().",
)
PROPOSITION_1 = statement(
    "ssm-poison/proposition-1",
    "proposition",
    "1",
    "Dynamical characterisation of the diagonal entries",
    src("§3.1; App. C", "(6)-(10)"),
    r"Under gradient flow on $\tilde\ell$ (6), $\dot a_j(t)=b_j(t)c_j(t)\sum_{l=0}^{\kappa-2}\gamma^{(l)}(t)a_j(t)^l$, "
    r"$\gamma^{(l)}(t):=\frac{2(l+1)}n\sum_{i=1}^n\delta^{(i)}(t)\xi^{(i)}(t)x^{(i)}_{\kappa-l-1}$, "
    r"$\delta^{(i)}(t):=y^{(i)}-\phi_{(A(t),B(t),C(t)),\mathbf w(t)}(\mathbf x^{(i)})$, "
    r"$\xi^{(i)}(t):=\partial_z\sigma(z,\mathbf w(t))|_{z=\phi_{(A(t),B(t),C(t))}(\mathbf x^{(i)})}$.",
    params=(
        KAPPA,
        DIM,
        N_CLEAN,
        Param("seed", int, 0, "seed of the parameters and the data", low=0),
        Param("sigma", str, "tanh", "the non-linearity: w_1 tanh(w_2 z) or the identity", choices=("tanh", "id")),
    ),
    hypotheses=(Hypothesis(r"$\kappa\ge2$", lambda p: p["kappa"] >= 2),),
    uses=("ssm-poison/claim-1",),
    steps=(
        Step(
            "App. C, (*)",
            r"$=-\frac2n\sum_{i=1}^n\delta^{(i)}(t)\underbrace{\frac{\partial}{\partial z}\sigma(z,\mathbf w(t))}_{=-\xi^{(i)}(t)}\cdot"
            r"\frac{\partial}{\partial a_j(t)}\phi(\mathbf x^{(i)})=-\frac2n\sum_{i=1}^n\delta^{(i)}(t)\xi^{(i)}(t)\cdot\frac{\partial}{\partial a_j(t)}\phi(\mathbf x^{(i)})$",
            kind="identity",
            expect="refuted",
            erratum="The underbrace '= -xi^(i)(t)' contradicts the definition xi^(i) := d sigma/dz (Prop. 1) and the "
            "next expression, which uses +xi: with sigma(z, w) = w z, d sigma/dz = w = xi, not -xi. A sign misprint "
            "of the underbrace; the line's outer equality (with +xi) and Proposition 1 hold.",
        ),
        Step(
            "App. C, (**)",
            r"$(*)=-\frac2n\sum_{i=1}^n\delta^{(i)}(t)\xi^{(i)}(t)\left(\sum_{l=1}^\kappa(\kappa-l)c_j(t)a_j(t)^{\kappa-l-1}b_j(t)x_l^{(i)}\right)=(**)$",
            kind="identity",
        ),
        Step(
            "App. C, reversal",
            r"$(**)=-b_j(t)c_j(t)\sum_{l=0}^{\kappa-2}a_j(t)^l\cdot\frac{2(l+1)}n\left(\sum_{i=1}^n\delta^{(i)}(t)\xi^{(i)}(t)x_{\kappa-l-1}^{(i)}\right)$",
            kind="identity",
        ),
    ),
    edges=(
        {"kappa": 2, "d": 1, "n": 1},
        {"kappa": 41, "d": 200, "n": 1, "sigma": "id"},
        {"kappa": 41, "d": 20, "n": 200},
        {"kappa": 2, "d": 200, "n": 200},
    ),
)
CLAIM_3 = statement(
    "ssm-poison/claim-3",
    "claim",
    "3",
    "Small gamma^(0) gives greedy learning; large last elements impede it",
    src("§3.1.1", "(7)"),
    r"If $\gamma^{(0)}(t)$ is small throughout (e.g. if the penultimate ($\kappa-1$'th) entry of each training sequence is "
    r"small), the entries $a_j$ progress slowly from near-zero initialization and whenever an entry reaches a critical "
    r"threshold it starts moving rapidly: greedy learning, implying greedy low rank learning of $A$. With a training "
    r"sequence in which the last elements are relatively large, greedy low rank learning will generally not take place.",
    params=(DIM, LENGTH),
    notes="Operationalised (catalog §1): greedy = the entries cross |a_j| = 0.5 one at a time with the others still "
    "small (effective rank 1 at the first crossing); measured on the Theorem-1 flows and the Figure 2 setups.",
    uses=("ssm-poison/proposition-1",),
)
THEOREM_1 = statement(
    "ssm-poison/theorem-1",
    "theorem",
    "1",
    "Clean-label poisoning",
    src("§3.2; App. D", "(11)"),
    r"Consider the teacher (11), $B=\mathbf 1_d$, $C=\mathbf 1_d^\top$ fixed, $\kappa\in\{7,9,11,\dots\}$, $d\ge8$, "
    r"$k\in\mathbb N_{\ge\kappa+2}$, $\epsilon>0$. For any $n$ there exist a training set $\mathcal S$ of $n$ clean "
    r"sequences with $\|\mathbf x^{(i)}\|_\infty=1$, a clean sequence $(\mathbf x^\dagger,y^\dagger)$ whose largest entry is "
    r"the second-to-last, equal to $n^{1/2}$, and an open set $\mathcal I$ of initialisations such that from any "
    r"initialisation in $\mathcal I$: (i) gradient flow on $\mathcal S$ converges to zero training loss with generalisation "
    r"errors over lengths $1,\dots,k$ at most $\epsilon$; (ii) with $(\mathbf x^\dagger,y^\dagger)$ appended it converges to "
    r"zero training loss with generalisation error over length $k$ at least $\min\{0.1,\frac1{9d}(1-(0.6)^{1/(\kappa-1)})\}$.",
    params=(KAPPA, DIM, GEN_LENGTH, EPS, N_CLEAN, SEED, SD, DIFF_C),
    hypotheses=(
        Hypothesis(r"$\kappa\in\{7,9,11,\dots\}$", lambda p: p["kappa"] >= 7 and p["kappa"] % 2 == 1),
        D8,
        Hypothesis(r"$k\ge\kappa+2$", lambda p: p["k"] >= p["kappa"] + 2),
        Hypothesis(r"$\epsilon>0$", lambda p: p["eps"] > 0),
    ),
    notes="Existential (I is built from non-constructive constants): checked by instance certificates. The "
    "initialisation a = sort-desc(sd U(0,1)^d) (numpy legacy seed), a_2 <- a_1 - Delta, with Delta scanned from "
    "0.05 exp(c log10 sd) by factors of 10 up and down; a Delta for which (i) and (ii) both hold certifies the "
    "instance. S = {(e_1, 1)}^n, x-dagger = sqrt(n) e_{kappa-1} (App. D with p_i = 1, q = sqrt n).",
    uses=("ssm-poison/theorem-2",),
    steps=(
        Step(
            "Thm 2 (App. D.1)",
            r"Theorem 2 with $m=n+1$, $\mathcal S_1=\mathcal S$, $\mathcal S_2=\mathcal S\cup(\mathbf x^\dagger,y^\dagger)$, "
            r"$p_i=1$ for all $i\in[n]$ and $q_{n+1}=n^{\frac12}$ (''One recovers the original statement by taking ...'').",
            kind="restatement",
            notes="Compared: the hypotheses (kappa = L, k = L', d), the floor min{0.1, (1-0.6^{1/(L-1)})/(9d)}, the "
            "data (||x||_inf = p_i = 1, the entry L-1 of x-dagger = q = n^{1/2}, sum p_i^2 = sum q_i^2 = n).",
        ),
    ),
)

# ---------------------------------------------------------------------------------------
# App. A, App. B
# ---------------------------------------------------------------------------------------
CLAIM_4 = statement(
    "ssm-poison/claim-4",
    "claim",
    "4",
    "A teacher of any dimension d* >= 2 realises the mapping of (11)",
    src("App. A", "(11)"),
    r"For $d^*\ge2$ let $A^*=\mathrm{Diag}(1,0,\dots,0)\in\mathbb R^{d^*,d^*}$, $B^*=(1,\sqrt{\frac{d-1}{d^*-1}},\dots,"
    r"\sqrt{\frac{d-1}{d^*-1}})^\top$, $C^*=(1,\sqrt{\frac{d-1}{d^*-1}},\dots,\sqrt{\frac{d-1}{d^*-1}})$. The realised "
    r"mapping is the same as it is in the setting defined by Equation (11); accordingly Theorem 1 and its proof apply as is.",
    params=(DIM, Param("ds", int, 3, "teacher dimension d*", low=2, high=50), INDEX),
    notes="The extraction renders one entry of B* as 1/sqrt((d-1)/(d*-1)); that rendering is also checked (it does "
    "not give the same mapping for d* >= 2 unless d = d*), and the consistent rendering is the one encoded. "
    "A typesetting artefact, recorded here, not an erratum.",
    uses=("ssm-poison/claim-1", "ssm-poison/theorem-1"),
    edges=(
        {"d": 2, "ds": 2, "i": 0},
        {"d": 200, "ds": 50, "i": 0},
        {"d": 2, "ds": 50, "i": 1},
        {"d": 200, "ds": 2, "i": 200},
    ),
)
CLAIM_5 = statement(
    "ssm-poison/claim-5",
    "claim",
    "5",
    "Learned B, C with a small rate ratio eta stay close to the fixed-B, C trajectory",
    src("App. A", "(12)"),
    r"$\dot A=-\frac{\partial}{\partial A}\ell$, $\dot B=-\eta\frac{\partial}{\partial B}\ell$, $\dot C=-\eta\frac{\partial}{\partial C}\ell$ "
    r"(12). The divergence between the trajectory of (12) and that with $\eta$ replaced by 0 (same initialisation) is upper "
    r"bounded by a quantity that depends on $\eta$, and in particular tends to zero as $\eta$ does.",
    params=(DIM, LENGTH),
    notes="Informal sketch; checked: sup_t of the divergence over a finite horizon decreases to 0 with eta "
    "(roughly linearly) on a Theorem-1 instance.",
    uses=("ssm-poison/theorem-1",),
)
PROPOSITION_2 = statement(
    "ssm-poison/proposition-2",
    "proposition",
    "2",
    "Zero generalisation error over length kappa, at least eps over kappa+1",
    src("App. B", ""),
    r"For any $\epsilon\in\mathbb R_{>0}$ there exist assignments $(A,B,C)$ with which the generalization error is zero "
    r"over sequence length $\kappa$, yet is at least $\epsilon$ over sequence length $\kappa+1$ (via the Vandermonde system "
    r"$V^\top\mathbf g=\mathbf r$, $B=\mathbf 1_d$, $C=\mathbf g^\top$, $d>\kappa$, distinct $a_j$).",
    params=(KAPPA, EPS),
    uses=("ssm-poison/claim-1", "ext:Vandermonde matrix with distinct nodes is invertible"),
    steps=(
        Step(
            "App. B, Vandermonde system",
            r"$(CA^iB)_{0\le i\le d-1}=\mathbf r$ can be rewritten as $V^\top\mathbf g=\mathbf r$, $\mathbf g=(b_1c_1,\dots,b_dc_d)^\top$",
            kind="identity",
        ),
    ),
)

# ---------------------------------------------------------------------------------------
# App. D.1
# ---------------------------------------------------------------------------------------
PROPOSITION_3 = statement(
    "ssm-poison/proposition-3",
    "proposition",
    "3",
    "Teacher (11) and (Diag(1,0,..), 1, 1^T) have the same impulse response",
    src("App. D.1", "(11)"),
    r"For all $i\ge0$: $C^*(A^*)^iB^*=C^d(A^d)^iB^d$, with $A^d=\mathrm{Diag}(1,0,\dots,0)$, $B^d=\mathbf 1_d$, "
    r"$C^d=\mathbf 1_d^\top$; both evaluate to $d$ when $i=0$ and to 1 when $i\ge1$.",
    params=(DIM, INDEX),
    uses=(),
    notes="The proof ('easy to see that both evaluate to d ... and to 1') invokes nothing: uses = ().",
    edges=({"d": 2, "i": 0}, {"d": 2, "i": 1}, {"d": 200, "i": 0}, {"d": 200, "i": 200}),
)
CLAIM_6 = statement(
    "ssm-poison/claim-6",
    "claim",
    "6",
    "W_1, W_2: orthogonal, trivial intersection, dimensions, union",
    src("App. D.1", "(16)"),
    r"For $j\in\{2,\dots,d\}$, $\mathbf 1_d^\top(\mathbf e_1-\mathbf e_j)=0$, hence $\mathcal W_1$ and $\mathcal W_2$ are "
    r"orthogonal; $\mathcal W_1\cap\mathcal W_2=\{\mathbf 0_d\}$, $\dim\mathcal W_1=1$, $\dim\mathcal W_2=d-1$, "
    r"hence $\mathcal W_1\cup\mathcal W_2=\mathbb R^d$.",
    params=(DIM, Param("seed", int, 0, "seed of the vector x in R^d", low=0)),
    hypotheses=(Hypothesis(r"$d\ge2$", lambda p: p["d"] >= 2),),
    expect="refuted",
    erratum="The union of two proper subspaces is not R^d: for d >= 2, e_1 is in neither W_1 = span{1_d} (its "
    "entries differ) nor W_2 (its entries do not sum to 0). What holds (and what the proofs use) is the direct "
    "orthogonal sum W_1 + W_2 = W_1 (+) W_2 = R^d.",
    uses=(),
    notes="The printed argument invokes nothing (dimension count): uses = ().",
    edges=({"d": 2, "seed": 0}, {"d": 200, "seed": 1}),
)
CLAIM_6_CORRECTED = statement(
    "ssm-poison/claim-6:corrected",
    "claim",
    "6 (corrected)",
    "W_1 (+) W_2 = R^d (orthogonal direct sum)",
    src("App. D.1", "(16)"),
    r"$\mathcal W_1\perp\mathcal W_2$, $\mathcal W_1\cap\mathcal W_2=\{\mathbf 0_d\}$, $\dim\mathcal W_1=1$, "
    r"$\dim\mathcal W_2=d-1$, hence $\mathcal W_1\oplus\mathcal W_2=\mathbb R^d$.",
    params=(DIM_EXACT, Param("seed", int, 0, "seed of the vector x in R^d", low=0)),
    hypotheses=(Hypothesis(r"$d\ge2$", lambda p: p["d"] >= 2),),
    corrects="ssm-poison/claim-6",
    uses=(),
    notes="No proof printed for the corrected form: uses = ().",
    edges=({"d": 2, "seed": 0}, {"d": 40, "seed": 1}),
)
THEOREM_2 = statement(
    "ssm-poison/theorem-2",
    "theorem",
    "2",
    "General version of Theorem 1 (n < m, weights p_i, q_i)",
    src("App. D.1", "(19)-(30)"),
    r"Let $L\in\{7,9,11,\dots\}$, $d\ge8$, $L'\ge L+2$, $\epsilon>0$. For any $n<m$ there exist training sets "
    r"$\mathcal S_1\subseteq\mathcal S_2$, $|\mathcal S_1|=n$, $|\mathcal S_2|=m$, with $\|\mathbf x^{(i)}\|_\infty=p_i$ "
    r"($i\in[n]$), $\mathbf x^{(i)}_{L-1}=q_i$ ($i\in[m]\setminus[n]$), $\sum p_i^2=\sum q_i^2$, and an open set $\mathcal I$ "
    r"of initialisations such that from any initialisation in $\mathcal I$: under $\mathcal S_1$ gradient flow converges to "
    r"$\widehat A_1$ with zero loss and $\mathrm{Gen}_{L'}(\widehat A_1)\le\epsilon$; under $\mathcal S_2$ it converges to "
    r"$\widehat A_2$ with zero loss and $\mathrm{Gen}_{L'}(\widehat A_2)\ge\min\{0.1,\frac1{9d}(1-(0.6)^{\frac1{L-1}})\}$.",
    params=(
        LENGTH,
        DIM,
        GEN_LENGTH,
        EPS,
        N_CLEAN,
        Param("m", int, 6, "size of S_2", low=2),
        Param("P", float, 10.0, "sum p_i^2 = sum q_i^2", low=0, open_low=True),
        SEED,
        SD,
        DIFF_C,
    ),
    hypotheses=(ODD_L7, D8, K_GE_L2, Hypothesis(r"$n<m$", lambda p: p["n"] < p["m"])),
    notes="Existential; instance certificates as for Theorem 1, over several (n, m, P) (the flows depend on the data "
    "only through P/n and P/m: proved as the time change in definition-2's checks).",
    uses=(
        "ssm-poison/definition-2",
        "ssm-poison/lemma-23",
        "ssm-poison/lemma-1",
        "ssm-poison/proposition-5",
        "ssm-poison/lemma-3",
        "ssm-poison/corollary-8",
        "ssm-poison/claim-11",
        "ssm-poison/proposition-17",
        "ssm-poison/lemma-21",
    ),
    steps=(
        Step(
            "App. D.3, last display",
            r"Invoking the lemma we obtain that for any $L'\ge L+2$ it holds that "
            r"$Gen_{L'}(\widehat A_2)\ge\frac12\min\{0.1,1/(9d)\cdot(1-(0.6)^{1/(L-1)})\}$",
            kind="restatement",
            expect="refuted",
            erratum="The proof's concluding display for S_2 gives half the floor Theorem 2 states: (1/2) min{0.1, "
            "(1 - 0.6^{1/(L-1)})/(9d)} against min{0.1, (1 - 0.6^{1/(L-1)})/(9d)} (e.g. d = 8, L = 7: 5.67e-4 "
            "against 1.13e-3). As printed the proof does not reach the theorem's constant. What holds: Lemma 3, "
            "which the display invokes, gives the full floor at A_2-hat (within delta_2 of a point with a_1 = a_2), so "
            "the theorem's constant follows from Lemma 3 directly; the factor 1/2 is a slip of the display.",
        ),
        Step(
            "App. D.1, after (29)",
            r"Note that by Lemma 23 the above flows are defined for all $t\ge0$. [and App. D.4: Proposition 5, "
            r"Corollary 8 / Lemma 3, Proposition 17 invoked at the theorem's $(d, L, L')$]",
            kind="invocation",
        ),
    ),
)
CLAIM_7 = statement(
    "ssm-poison/claim-7",
    "claim",
    "7",
    "Teacher labels on basis sequences: phi*(z e_j) = z",
    src("App. D.1", ""),
    r"For any $j\in[L-1]$ and $z\in\mathbb R$: $\phi_{(A^*,B^*,C^*)}(z\mathbf e_j)=\sum_{k=1}^dc^*_k(a^*_k)^{L-j}b^*_kz="
    r"1\cdot1^{L-j}\cdot1\cdot z+0\cdot z=z$.",
    params=(
        DIM_EXACT,
        LENGTH,
        Param("j", int, 1, "basis index j", low=1, high=41),
        Param("z", float, 1.0, "input scale z"),
    ),
    hypotheses=(Hypothesis(r"$j\in[L-1]$", lambda p: 1 <= p["j"] <= p["L"] - 1),),
    uses=(),
    notes="A one-line computation from the teacher; invokes nothing: uses = ().",
    edges=(
        {"d": 1, "L": 2, "j": 1, "z": 0.0},
        {"d": 40, "L": 41, "j": 40, "z": 1e300},
        {"d": 40, "L": 41, "j": 1, "z": -5e-324},
    ),
)
DEFINITION_2 = statement(
    "ssm-poison/definition-2",
    "definition",
    "2",
    "Datasets S_1, S_2 and the induced objectives and flows",
    src("App. D.1", "(19)-(29)"),
    r"$\mathcal S_1:=\{(p_i\mathbf e_1,p_i)\}_{i=1}^n$, $\mathcal S_2:=\mathcal S_1\cup\{(q_i\mathbf e_{L-1},q_i)\}_{i=1}^{m-n}$, "
    r"$P:=\sum p_i^2=\sum q_i^2>0$; $\ell(A;\mathcal S_1)=\frac Pn(1-\sum_ka_k^{L-1})^2$, "
    r"$\dot a_j=2(L-1)\frac Pn(1-\sum_ka_k^{L-1})a_j^{L-2}$; $\ell(A;\mathcal S_2)=\frac Pm((1-\sum_ka_k^{L-1})^2+(1-\sum_ka_k)^2)$, "
    r"$\dot a_j=\frac{2P}m((L-1)(1-\sum_ka_k^{L-1})a_j^{L-2}+(1-\sum_ka_k))$.",
    params=(DIM_EXACT, LENGTH, Param("seed", int, 0, "seed of the point a", low=0)),
    uses=("ssm-poison/claim-1", "ssm-poison/claim-7"),
    edges=({"d": 1, "L": 3}, {"d": 40, "L": 41}, {"d": 8, "L": 41}),
)

# ---------------------------------------------------------------------------------------
# App. D.2
# ---------------------------------------------------------------------------------------
LEMMA_1 = statement(
    "ssm-poison/lemma-1",
    "lemma",
    "1",
    "From I_0, gradient flow on S_1 converges to a zero-loss limit",
    src("App. D.2", "(22), (23), (30)"),
    r"Let $A(0)\in\mathcal I_0$ evolve by gradient flow on $\ell(\cdot;\mathcal S_1)$. Then $\lim_{t\to\infty}A(t)=:\widehat A_1$ "
    r"exists and $\ell(\widehat A_1)=0$. [Proof: $\alpha\zeta_j\le a_j(t)\le1$, $\dot a_j\ge0$, PL on "
    r"$\mathcal V=B_d(\mathbf 0)\setminus\overline{B_{\alpha\zeta_d/2}}(\mathbf 0)$ with coefficient "
    r"$\frac1n2(L-1)^2P(\frac{\alpha\zeta_d}{2\sqrt d})^{2L-4}$, Lemma 25.]",
    params=(DIM, LENGTH, SEED, SD),
    hypotheses=(ODD_L7,),
    uses=("ssm-poison/definition-2", "ssm-poison/definition-13", "ssm-poison/lemma-25"),
    steps=(
        Step(
            "App. D.2, first display of the proof",
            r"$\alpha\zeta_j\le a_j(t)\le1$ for any $j\in[d]$ and $t\ge0$",
            kind="inequality",
            notes="Checked along the true flow (23) (Radau, two tolerances) from members of I_0.",
        ),
        Step(
            "App. D.2, initial residual",
            r"$1-\sum_{k=1}^{d}(\alpha\zeta_k)^{L-1}\ge1-d\cdot(\alpha\zeta_1)^{L-1}\ge1-d(\frac1{2d})^{L-1}>0$",
            kind="inequality",
        ),
        Step(
            "App. D.2, PL display",
            r"$\|\nabla\ell(A)\|_2^2\ge\left(2(L-1)\frac Pn(1-\sum_{k=1}^da_k^{L-1})a_{j^*}^{L-2}\right)^2=\frac{4(L-1)^2Pa_{j^*}^{2L-4}}n"
            r"\ell(A)\ge2\cdot\frac{2(L-1)^2P(\frac{\alpha\zeta_d}{2\sqrt d})^{2L-4}}n\ell(A)$",
            kind="inequality",
        ),
    ),
)
DEFINITION_3 = statement(
    "ssm-poison/definition-3",
    "definition",
    "3",
    "Initialisation subset I_1(eta)",
    src("App. D.2", ""),
    r"$\mathcal I_1(\eta):=\{A\in\mathcal I_0:\forall j\in\{2,\dots,d\}.\ \alpha\le(\frac{1-(1-\eta)^{L-1}-\eta\sqrt{n/P}}{d-1})^{\frac1{L-1}}"
    r"\frac1{\zeta_j}(1-\zeta_j^{L-3})^{\frac1{L-3}}\}$.",
    params=(DIM, LENGTH, ETA, N_OVER_P),
    uses=(),
    notes="A definition: uses = ().",
)
PROPOSITION_4 = statement(
    "ssm-poison/proposition-4",
    "proposition",
    "4",
    "From I_1(eta_1): small a_j (j >= 2) and eventually 1 - eta_1 <= a_1 <= 1",
    src("App. D.2", "(23)"),
    r"Let $\eta_1>0$, $A(0)\in\mathcal I_1(\eta_1)$, gradient flow on $\ell(\cdot;\mathcal S_1)$. For $j\ge2$, $t\ge0$: "
    r"$0\le a_j(t)\le(\frac{1-(1-\eta_1)^{L-1}-\eta_1\sqrt{n/P}}{d-1})^{\frac1{L-1}}$; and there is $t^*$ with "
    r"$1-\eta_1\le a_1(t)\le1$ for $t\ge t^*$. [Proof: $a_j^{-L+3}=a_1^{-L+3}+(\alpha\zeta_j)^{-L+3}-\alpha^{-L+3}$.]",
    params=(DIM, LENGTH, ETA, N_OVER_P, SEED, ALPHA_FRAC, SPREAD),
    hypotheses=(ODD_L7,),
    uses=("ssm-poison/lemma-1", "ssm-poison/definition-3", "ssm-poison/definition-2"),
    edges=(
        {"alpha_frac": 1.0, "spread": 1e-06},
        {"alpha_frac": 1.0, "spread": 0.999},
        {"alpha_frac": 1e-06},
        {"d": 200, "L": 41, "alpha_frac": 1.0, "spread": 1e-06},
        {"d": 8, "L": 7, "eta": 1e-04, "alpha_frac": 1.0, "spread": 1e-06},
        {"eta": 0.999, "alpha_frac": 1.0},
        {"eta": 0.1, "n_over_P": 21.0, "alpha_frac": 1.0, "spread": 1e-06},
    ),
    steps=(
        Step(
            "App. D.2, conservation",
            r"$a_j(t)^{-L+3}=a_1(t)^{-L+3}+(\alpha\zeta_j)^{-L+3}-\alpha^{-L+3}$",
            kind="identity",
        ),
        Step(
            "App. D.2, (*)",
            r"$a_j(t)=\left(\frac1{a_1(t)^{-L+3}+(\alpha\zeta_j)^{-L+3}-\alpha^{-L+3}}\right)^{\frac1{L-3}}\le\left(\frac1{\frac1{(\alpha\zeta_j)^{L-3}}"
            r"-\frac1{\alpha^{L-3}}}\right)^{\frac1{L-3}}=\alpha\zeta_j\left(\frac1{1-\zeta_j^{L-3}}\right)^{\frac1{L-3}}$",
            kind="inequality",
        ),
        Step(
            "App. D.2, I_1 plug-in",
            r"$a_j(t)\le\left(\frac{1-(1-\eta_1)^{L-1}-\eta_1\sqrt{\frac nP}}{d-1}\right)^{\frac1{L-1}}\frac1{\zeta_j}(1-\zeta_j^{L-3})^{\frac1{L-3}}"
            r"\zeta_j\left(\frac1{1-\zeta_j^{L-3}}\right)^{\frac1{L-3}}=\left(\frac{1-(1-\eta_1)^{L-1}-\eta_1\sqrt{\frac nP}}{d-1}\right)^{\frac1{L-1}}$",
            kind="identity",
        ),
        Step(
            "App. D.2, a_1 rearrangement",
            r"$1-\eta_1\sqrt{\frac nP}\le a_1(t)^{L-1}+1-(1-\eta_1)^{L-1}-\eta_1\sqrt{\frac nP}\implies(1-\eta_1)^{L-1}\le a_1(t)^{L-1}$ for $t\ge t^*$",
            kind="inequality",
        ),
        Step(
            "App. D.2, invocation of Lemma 1",
            r"By Lemma 1, there exists time $t^*\ge0$ such that ... $\ell(A(t))\le\eta_1^2$",
            kind="invocation",
        ),
    ),
    notes=(
        "Domain search (issue 18): outside the hypothesis L odd (L = 4, 5, 6, 8, 10, 12, alpha at its cap, zeta_j -> 1) the margin stays positive (min 0.0145): for positive initialisations Lemma 1's a_j <= 1 needs only positive entries, so the proposition appears to hold for every L >= 4 (a sharper statement; an observation)."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): L odd appears unnecessary after 36 decided instances where only it fails (L in [2, 16], d in [1, 22], eta in [1e-5, 1], alpha_frac in [5e-5, 1]). Each an observation: a sharper statement may hold there.",
)
COROLLARY_1 = statement(
    "ssm-poison/corollary-1",
    "corollary",
    "1",
    "Bound on ||A_1-hat - A*||",
    src("App. D.2", ""),
    r"$\|\widehat A_1-A^*\|_2\le\sqrt{\eta_1^2+(d-1)(\frac{1-(1-\eta_1)^{L-1}-\eta_1\sqrt{n/P}}{d-1})^{\frac2{L-1}}}$.",
    notes="Full-budget domain search (ibv run --budget full, 2026-11-26): L odd appears unnecessary after 37 decided instances where only it fails (L in [2, 16], d in [1, 22], eta in [1e-5, 1], spread in [9e-5, 0.999]). Each an observation: a sharper statement may hold there.",
    params=(DIM, LENGTH, ETA, N_OVER_P, SEED, ALPHA_FRAC, SPREAD),
    hypotheses=(ODD_L7,),
    uses=("ssm-poison/proposition-4", "ssm-poison/lemma-1"),
    edges=(
        {"alpha_frac": 1.0, "spread": 1e-06},
        {"alpha_frac": 1.0, "spread": 0.999},
        {"alpha_frac": 1e-06},
        {"d": 200, "L": 41, "alpha_frac": 1.0, "spread": 1e-06},
        {"d": 8, "L": 7, "eta": 1e-04, "alpha_frac": 1.0, "spread": 1e-06},
        {"eta": 0.999, "alpha_frac": 1.0},
        {"eta": 0.1, "n_over_P": 21.0, "alpha_frac": 1.0, "spread": 1e-06},
    ),
    steps=(
        Step(
            "App. D.2, proof display",
            r"$\|A(t)-A^*\|_2=\sqrt{(1-a_1(t))^2+\sum_{k=2}^d(0-a_k(t))^2}\le\sqrt{\eta_1^2+(d-1)(\frac{1-(1-\eta_1)^{L-1}-\eta_1\sqrt{\frac nP}}{d-1})^{\frac2{L-1}}}$ for $t\ge t^*$",
            kind="inequality",
        ),
    ),
)
REMARK_1 = statement(
    "ssm-poison/remark-1",
    "remark",
    "1",
    "The Corollary-1 bound tends to 0 with eta_1",
    src("App. D.2", ""),
    r"$\lim_{\eta_1\to0}\sqrt{\eta_1^2+(d-1)(\frac{1-(1-\eta_1)^{L-1}-\eta_1\sqrt{n/P}}{d-1})^{\frac2{L-1}}}=0$. Hence for any "
    r"$\delta>0$ there is $\eta_{1,\delta}>0$ such that $A(0)\in\mathcal I_1(\eta_{1,\delta})$ gives $\|\widehat A_1-A^*\|\le\delta$.",
    params=(DIM, LENGTH, N_OVER_P),
    uses=("ssm-poison/corollary-1",),
    steps=(
        Step(
            "App. D.2, Remark 1 display",
            r"$\lim_{\eta_1\to0}\sqrt{\eta_1^2+(d-1)(\dots)^{\frac2{L-1}}}=\sqrt{\lim_{\eta_1\to0}\eta_1^2+(d-1)(\dots)^{\frac2{L-1}}}=\sqrt0=0$",
            kind="identity",
        ),
    ),
)
PROPOSITION_5 = statement(
    "ssm-poison/proposition-5",
    "proposition",
    "5",
    "An open I_1(delta_eps) gives Gen_{L'} <= eps under S_1",
    src("App. D.2", ""),
    r"For $L'\ge L+2$ and $\epsilon>0$ there exists an open set of initialisations $\mathcal I_1:=\mathcal I_1(\delta_\epsilon)$ "
    r"such that under $\mathcal S_1$, $A$ converges to a point with $\mathrm{Gen}_{L'}(A)\le\epsilon$.",
    params=(DIM, LENGTH, GEN_LENGTH, EPS, N_OVER_P),
    hypotheses=(ODD_L7, K_GE_L2),
    uses=("ssm-poison/remark-1", "ssm-poison/corollary-1", "ext:continuity of the length-L' impulse response in A"),
    steps=(
        Step(
            "App. D.2, proof of Prop. 5, recovery",
            r"Under the dataset $\mathcal S_1$, we have shown above that for any $\delta>0$ there exists an open set of "
            r"initializations $\mathcal I_1(\delta)$ such that GF will converge to a solution $a$ whose parameters satisfy "
            r"$\|A-A^*\|^2\le\delta$.",
            kind="inequality",
            notes="'Shown above' is Corollary 1 / Remark 1 (which bound ||A-hat_1 - A*||, unsquared): checked with "
            "I_1(eta_1), eta_1 the first of 0.3/10^j whose Corollary-1 bound squared is <= delta, on the flows' exact "
            "limits (two precisions).",
        ),
        Step(
            "App. D.2, proof of Prop. 5, continuity",
            r"It follows from the continuity of the length $L'$ impulse response that there is an open set of "
            r"initializations from which we converge to a point $Gen_{L'}(A)\le\epsilon$.",
            kind="identity",
            notes="Checked: Gen_{L'}(A*) = 0 and each entry C A^j B - C* A*^j B* (j < L') is a polynomial in the "
            "entries of A (continuous), SymPy.",
        ),
    ),
)

# ---------------------------------------------------------------------------------------
# App. D.3.1
# ---------------------------------------------------------------------------------------
CLAIM_8 = statement(
    "ssm-poison/claim-8",
    "claim",
    "8",
    "Any permutation of A* gives the same impulse response",
    src("App. D.3", "fn. 10"),
    r"Any permutation of $A^*$ yields a system with the same impulse response (with $B=C^\top=\mathbf 1_d$).",
    params=(DIM, INDEX, Param("pos", int, 1, "position of the 1 in the permuted A*", low=1, high=200)),
    domain=(("pos <= d", lambda p: p["pos"] <= p["d"]),),
    uses=(),
    notes="No proof is printed (footnote 10): uses = ().",
    edges=({"d": 1, "pos": 1, "i": 0}, {"d": 2, "pos": 2, "i": 0}, {"d": 200, "pos": 200, "i": 200}),
)
LEMMA_2 = statement(
    "ssm-poison/lemma-2",
    "lemma",
    "2",
    "Gradient flow on S_2 preserves the order of the entries",
    src("App. D.3.1", "(28), (29)"),
    r"Let $A(0)\in\mathbb R^d$ evolve by (28) and $\pi$ a permutation with $a_{\pi(j)}(0)\ge a_{\pi(j+1)}(0)$. Then "
    r"$a_{\pi(j)}(t)\ge a_{\pi(j+1)}(t)$ for all $j\in[d-1]$, $t\ge0$.",
    params=(DIM, LENGTH),
    notes="The proof's display starts 'd/dt(a_pi(j) - a_pi(j+1)) = a_pi(j) - a_pi(j+1) = ...': the middle term is "
    "a misprint (now the refuted step 'App. D.3.1, first equality'); the conclusion holds. "
    "uses: the proof's 'equal at t_2 implies equal for all t >= t_2' is uniqueness of solutions (Lemma 30, "
    "Picard-Lindelof), not named in the proof.",
    uses=("ssm-poison/definition-2", "ssm-poison/lemma-30"),
    steps=(
        Step(
            "App. D.3.1, first equality",
            r"$\frac d{dt}\left(a_{\pi(j)}(t)-a_{\pi(j+1)}(t)\right)=a_{\pi(j)}(t)-a_{\pi(j+1)}(t)$",
            kind="identity",
            expect="refuted",
            erratum="The middle term of the display is a misprint: the derivative of a_i - a_j under (29) is not a_i - "
            "a_j (at d = 2, L = 5, P/m = 1, a = (1, 0): the derivative is 2(L-1)(1 - 1)(1 - 0) = 0 while a_1 - a_2 = 1). "
            "What holds (and what the proof uses) is the last expression, 2(L-1)(P/m)(1 - sum a^{L-1})(a_i^{L-2} - a_j^{L-2}).",
        ),
        Step(
            "App. D.3.1, second equality",
            r"$\frac d{dt}(a_{\pi(j)}-a_{\pi(j+1)})=\frac{2(L-1)P}m\left(1-\sum_{k=1}^da_k(t)^{L-1}\right)\left(a_{\pi(j)}(t)^{L-2}-a_{\pi(j+1)}(t)^{L-2}\right)$",
            kind="identity",
        ),
    ),
)
DEFINITION_4 = statement(
    "ssm-poison/definition-4",
    "definition",
    "4",
    "Reference initialisation",
    src("App. D.3.1", ""),
    r"For $A\in\mathcal I_0$: $a^{ref}_j=a_1$ for $j=1,2$ and $a^{ref}_j=a_j$ otherwise; $A^{ref}(t)$ is the gradient-flow "
    r"trajectory from $A^{ref}$.",
    params=(DIM,),
    uses=(),
    notes="A definition: uses = ().",
)
LEMMA_3 = statement(
    "ssm-poison/lemma-3",
    "lemma",
    "3",
    "Zero-loss ordered points near {a_1 = a_2} do not generalise",
    src("App. D.3.1", ""),
    r"Let $L'\ge L+2$. There exists $\delta_2>0$ such that every $A$ with $\ell(A;\mathcal S_2)=0$, $a_1\ge\dots\ge a_d$ and "
    r"$\|A-A^{eq}\|\le\delta_2$ for some $A^{eq}$ with $a^{eq}_1=a^{eq}_2$ satisfies "
    r"$\mathrm{Gen}_{L'}(A)\ge\min\{0.1,\frac1{9d}(1-(0.6)^{\frac1{L-1}})\}$.",
    params=(DIM, LENGTH, GEN_LENGTH, SEED, SPREAD),
    hypotheses=(ODD_L7, D8, K_GE_L2),
    notes=(
        "Proof-chain misprint: '... <= sum_{k not in J} a_k^{L-1} = 1 - sum_{k not in J} a_k^{L-1} <= 0.9' should read "
        "'= 1 - sum_{k in J} a_k^{L-1}'; the chain is checked in the corrected reading (the misprint is the refuted step "
        "'App. D.3.1, case sum_J >= 0.1')."
    )
    + " Full-budget domain search (ibv run --budget full, 2026-11-26): L odd appears unnecessary after 53 decided instances where only it fails (L in [2, 16], d in [10, 22], k in [5, 20]); d >= 8 appears unnecessary after 29 (d in [1, 7], L in [7, 13]); L' >= L + 2 is needed (counterexample at k = 1). Each an observation: a sharper statement may hold there.",
    uses=("ssm-poison/definition-2", "ext:continuity of A -> (a_1, a_2) (choice of delta_2)"),
    edges=(
        {"d": 3, "L": 7, "k": 9},
        {"d": 200, "L": 41, "k": 43},
        {"d": 8, "L": 7, "k": 200},
        {"spread": 1e-06},
        {"spread": 0.999},
    ),
    steps=(
        Step(
            "App. D.3.1, case a_1 = a_2",
            r"$a_1^{L-1},a_2^{L-1}\le\frac12\implies a_1,a_2\le(\frac12)^{\frac1{L-1}}$",
            kind="inequality",
        ),
        Step(
            "App. D.3.1, case sum_J >= 0.1",
            r"$\sum_{k=1}^da_k^{L^*-1}\le\sum_{k\notin J}a_k^{L^*-1}=\sum_{k\notin J}a_k^{L-1}a_k^{L^*-L}\le\sum_{k\notin J}a_k^{L-1}"
            r"=1-\sum_{k\notin J}a_k^{L-1}\le0.9$",
            kind="inequality",
            expect="refuted",
            erratum="The equality sum_{k not in J} a_k^{L-1} = 1 - sum_{k not in J} a_k^{L-1} is false (it forces the sum "
            "to be 1/2); on the zero-loss set sum_k a_k^{L-1} = 1 the right reading is 1 - sum_{k in J} a_k^{L-1}, and "
            "the chain's conclusion <= 0.9 holds in that reading. Counterexample inside the case sum_J >= 0.1: the "
            "zero-loss ordered point (a, a, 0, ..., 0, 1 - 2a), 2a^6 + (1-2a)^6 = 1 (a = 0.8663, d = 8, L = 7): "
            "sum_{k not in J} a_k^6 = 0.845 against 1 - 0.845 = 0.155 (sum_J = 0.155).",
        ),
        Step(
            "App. D.3.1, k* display",
            r"$a_{k^*}^{L-1}-a_{k^*}^{L^*-1}=a_{k^*}^{L-1}(1-a_{k^*}^{L^*-L})\ge\frac1{9d}(1-a_{k^*})\ge\frac1{9d}(1-(0.6)^{\frac1{L-1}})$",
            kind="inequality",
        ),
        Step("App. D.3.1, Gen >= c", r"$Gen_{L'}(A)\ge(1-CA^{L^*-1}B)\ge c$", kind="inequality"),
    ),
)

# ---------------------------------------------------------------------------------------
# App. D.4
# ---------------------------------------------------------------------------------------
CLAIM_11 = statement(
    "ssm-poison/claim-11",
    "claim",
    "11",
    "Printed restatement of the D.3 conclusion at the start of D.4",
    src("App. D.4", ""),
    r"In Corollary 8 we showed that when initializing at $\mathcal I_2(\delta_2)$ gradient flow converges to a point "
    r"$\widehat A_2$ which satisfies $\mathrm{Gen}_{L'}(\widehat A_2)\ge\frac12\min\{0.1,1/(9d)\cdot(1-(1/2)^{1/(L-1)})\}$; "
    r"[and Proposition 5:] $\mathrm{Gen}_{L'}(\widehat A_1)\le\epsilon$ on $\mathcal I_1(\epsilon)$.",
    params=(DIM, LENGTH, GEN_LENGTH, SEED, SD, DIFF_C),
    hypotheses=(ODD_L7, D8, K_GE_L2),
    notes="The constant differs from Lemma 3's min{0.1, (1-0.6^{1/(L-1)})/(9d)} (factor 1/2, base 1/2 for 0.6); it is "
    "weaker (smaller) on the whole grid, so it follows from Lemma 3; checked on the poisoned flows.",
    uses=("ssm-poison/proposition-5", "ssm-poison/corollary-8", "ssm-poison/lemma-3"),
    steps=(
        Step(
            "App. D.3, last display",
            r"$Gen_{L'}(\widehat A_2)\ge\frac12\min\{0.1,1/(9d)\cdot(1-(0.6)^{1/(L-1)})\}$ (the display D.4 restates)",
            kind="restatement",
            expect="refuted",
            erratum="D.4 restates the conclusion of D.3 (Corollary 8) as (1/2) min{0.1, (1 - (1/2)^{1/(L-1)})/(9d)}; "
            "the display it restates has base 0.6: (1/2) min{0.1, (1 - 0.6^{1/(L-1)})/(9d)}. The two differ for every "
            "(d, L) (d = 8, L = 7: 7.57e-4 in D.4 against 5.67e-4 in D.3): D.4 claims a larger constant than D.3 derived. "
            "Both are below Lemma 3's floor min{0.1, (1 - 0.6^{1/(L-1)})/(9d)}, which is what holds at A_2-hat.",
        ),
    ),
)
CLAIM_12 = statement(
    "ssm-poison/claim-12",
    "claim",
    "12",
    "Reduction of the I_1, I_5 constraints to (alpha, zeta_2) conditions",
    src("App. D.4", ""),
    r"The $\mathcal I_1$ condition reduces to $j=2$ (the right hand side is monotonically decreasing in $\zeta$ and "
    r"$\zeta_2>\zeta_j$): $\mathcal I_1(\epsilon)\cap\mathcal I_0=\mathcal I_0\cap\{A:\alpha\le(\dots)^{\frac1{L-1}}\frac1{\zeta_2}"
    r"(1-\zeta_2^{L-3})^{\frac1{L-3}}\}$; there are $S,T>0$ with the $\mathcal I_1$ condition equivalent to "
    r"$\alpha\le\frac S{\zeta_2}(1-\zeta_2^{L-3})^{\frac1{L-3}}$ and the $\mathcal I_5$ condition to $1-\zeta_2\le T\alpha$.",
    notes="Full-budget domain search (ibv run --budget full, 2026-11-26): L odd appears unnecessary after 35 decided instances where only it fails (L in [2, 16], d in [1, 21], eta in [1e-5, 1], n/P in [1e-4, 84]). Each an observation: a sharper statement may hold there.",
    params=(DIM, LENGTH, ETA, N_OVER_P, SEED, SPREAD),
    hypotheses=(ODD_L7,),
    uses=("ssm-poison/definition-3", "ssm-poison/definition-12"),
    edges=(
        {"spread": 1e-06},
        {"spread": 0.999},
        {"d": 200, "L": 41},
        {"eta": 1e-06},
        {"eta": 0.999},
        {"eta": 0.1, "n_over_P": 21.9},
    ),
)
PROPOSITION_17 = statement(
    "ssm-poison/proposition-17",
    "proposition",
    "17",
    "A product set in (alpha, zeta_2) inside I_1(eps) and I_2(delta_2)",
    src("App. D.4", ""),
    r"For any $\epsilon>0$ there exist $q_1,w_1\in(0,1)$, $q_2,w_2\in(\frac12,1)$ such that $\{\alpha(1,\zeta_2,\dots,\zeta_d)^\top:"
    r"(\alpha,\zeta_2)\in(q_1,w_1)\times(q_2,w_2),\frac12\ge\zeta_3\dots>\zeta_d\}\subseteq\mathcal I_1(\epsilon)\cap\mathcal I_2(\delta_2)$.",
    params=(DIM, LENGTH, ETA, N_OVER_P),
    hypotheses=(ODD_L7, D8),
    notes="I_2 involves non-constructive constants: checked with the reduced conditions of claim-12 (proxy T, "
    "alpha cap) and the exact I_1 and I_0 predicates.",
    uses=(
        "ssm-poison/claim-12",
        "ssm-poison/definition-3",
        "ssm-poison/definition-10",
        "ssm-poison/definition-11",
        "ssm-poison/definition-12",
        "ssm-poison/lemma-36",
    ),
    steps=(
        Step(
            "App. D.4, I_1 simplification",
            r"$\mathcal I_1(\epsilon)\cap\mathcal I_0=\mathcal I_0\cap\left\{A\in\mathcal I_0:\alpha\le\left(\frac{1-(1-\eta_{1,\delta_1})^{L-1}-\eta_{1,\delta_1}\sqrt{\frac nP}}{d-1}\right)^{\frac1{L-1}}"
            r"\frac1{\zeta_2}(1-\zeta_2^{L-3})^{\frac1{L-3}}\right\}$",
            kind="identity",
            notes="Checked as the equality of the two membership predicates (in_I1 and in_I0 with the j = 2 condition) "
            "at random points of I_0 and at alpha on either side of the j = 2 cap.",
        ),
    ),
)
LEMMA_21 = statement(
    "ssm-poison/lemma-21",
    "lemma",
    "21",
    "That set contains an open box",
    src("App. D.4", ""),
    r"The set $\{\alpha(1,\zeta_2,\dots,\zeta_d)^\top:(\alpha,\zeta_2)\in(q_1,w_1)\times(q_2,w_2),\frac12\ge\zeta_3\dots>\zeta_d\}$ "
    r"contains an open set of the form $(a_1,b_1)\times\dots\times(a_d,b_d)$ [construction: $\zeta_j\in[e_j,f_j]$, "
    r"$a_1f_j>b_1e_j$, $a_j=b_1e_j$, $b_j=a_1f_j$].",
    params=(DIM,),
    uses=("ssm-poison/proposition-17",),
    steps=(
        Step(
            "App. D.4, interval inclusion",
            r"$(b_1e_j,a_1f_j)\subseteq\bigcap_{\alpha\in(a_1,b_1)}[\alpha e_j,\alpha f_j]$: for any $\alpha\in(a_1,b_1)$ we have "
            r"$b_1e_j>\alpha e_j$ and $a_1f_j<\alpha f_j$",
            kind="inequality",
        ),
    ),
)


# ---------------------------------------------------------------------------------------
# The proofs' invocations (issue 19): one ``invocation`` step per statement whose proof invokes
# registered results with hypotheses; the checks bound to it discharge those hypotheses at the
# statement's instances. The text names where the proof invokes them, as printed.
# ---------------------------------------------------------------------------------------
INVOCATION_EQ = "invocations"


def add_invocation_step(stmt, text: str, notes: str = "") -> None:
    """Append the ``invocation`` step (label :data:`INVOCATION_EQ`) to a registered statement of
    this paper; its eq must be new there (as :func:`theorems.registry.register` requires)."""
    if any(st.eq == INVOCATION_EQ for st in stmt.steps):
        raise ValueError(f"{stmt.id} already has a step {INVOCATION_EQ!r}")
    stmt.steps = (*stmt.steps, Step(INVOCATION_EQ, text, kind="invocation", notes=notes))


MAIN_INVOCATIONS = (
    (
        CLAIM_3,
        r"Proposition 1 implies that during gradient flow, the motion of $a_j(\cdot)$ ... is given by a degree "
        r"$\kappa-2$ polynomial in $a_j(\cdot)$ [Proposition 1 at $\kappa=L$]",
    ),
    (CLAIM_4, r"Accordingly, Theorem 1 and its proof apply as is [Theorem 1 at the student's $d$]"),
    (CLAIM_5, r"[Theorem 1's flow, $\eta=0$, compared with (12): Theorem 1 at $\kappa=L$]"),
    (
        DEFINITION_2,
        r"$\phi_{(A^*,B^*,C^*)}(z\cdot\mathbf e_j)=z$ [Claim 7 at $j=1$ for $\mathcal S_1$ and $j=L-1$ for "
        r"$\mathcal S_2$]",
    ),
    (
        REMARK_1,
        r"Note that the upper bound in corollary 1 satisfies the following [Corollary 1 at the remark's $(d,L,n/P)$]",
    ),
    (
        PROPOSITION_5,
        r"Under the dataset $\mathcal S_1$, we have shown above that for any $\delta>0$ there exists an open set "
        r"of initializations $\mathcal I_1(\delta)$ [Corollary 1 and Remark 1 at the proposition's $(d,L,n/P)$]",
    ),
    (CLAIM_11, r"In Proposition 5 we showed ... In Corollary 8 we showed ... [and Lemma 3, at the claim's $(d,L,L')$]"),
    (
        CLAIM_12,
        r"[the $\mathcal I_5$ condition of] $\mathcal I_5(\delta_2,\eta_{2,\delta_2})$ (Definition 12) was defined as",
    ),
    (
        PROPOSITION_17,
        r"$\mathcal I_3(\frac{\tilde r(\mu_1)}4)$ (Definition 10) was defined as ... $\mathcal I_5$ "
        r"(Definition 12) ... [the reduction of Claim 12; $\mathcal I_4$ of Definition 11]",
    ),
    (LEMMA_21, r"[the set of Proposition 17, at the lemma's $d$]"),
)
for _stmt, _text in MAIN_INVOCATIONS:
    add_invocation_step(_stmt, _text)
