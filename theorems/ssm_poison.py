"""ssm-poison: Slutzky et al., "The Implicit Bias of Structured State Space Models Can Be
Poisoned With Clean Labels" (catalog: shared/catalog/ssm-poison.md; text: seeds/002_...).

This module holds the paper's shared SymPy encodings (the poisoning setting of §3.2 / App.
D.1) and the statements of the main text and the appendices up to D.3.1; the saddle,
Hessian and dynamics statements of App. D.3.2 onwards are in ``ssm_poison_saddle.py``.

Setting (App. D.1): student SSM with diagonal ``A = Diag(a)``, ``B = 1_d``, ``C = 1_d^T``
fixed; teacher ``A* = Diag(1, 0, ..., 0)``, ``B* = 1_d``, ``C* = 1_d^T`` (impulse response
``h*_0 = d``, ``h*_k = 1`` for k >= 1). The data sets S_1 (sequences ``p_i e_1`` probing the
impulse entry L-1) and S_2 (S_1 plus ``q_i e_{L-1}`` probing entry 1) give the objectives
(19)-(21) and (24)-(27), which depend on the data only through ``w_1 = P/n`` and
``w_2 = P/m``.
"""
from __future__ import annotations

from typing import Sequence

import sympy as sp

from . import linear_rnn
from .registry import Source

PAPER = "ssm-poison"
FILE = "seeds/002_d0940667081103ea.txt"


def src(section: str, equations: str = "") -> Source:
    return Source(FILE, section, equations)


# ---------------------------------------------------------------------------------------
# The poisoning setting, derived from the model (3) and as printed
# ---------------------------------------------------------------------------------------
def diagonal_student(d: int):
    """Symbolic ``a_1..a_d`` (0-based names ``a0..``) and the student SSM ``(Diag(a), 1, 1^T)``."""
    a = list(sp.symbols(f"a0:{d}", real=True))
    return a, sp.diag(*a), sp.ones(d, 1), sp.ones(1, d)


def teacher(d: int):
    """``A* = Diag(1, 0, ..., 0)``, ``B* = 1_d``, ``C* = 1_d^T`` (after Proposition 3)."""
    return sp.diag(1, *([0] * (d - 1))), sp.ones(d, 1), sp.ones(1, d)


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
