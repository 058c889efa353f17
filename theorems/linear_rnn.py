"""The linear RNN / SSM shared by rnn-lowdim, rnn-memoryless and ssm-poison, in SymPy.

No statements are registered here; the three papers' modules build on these encodings:

* parameters ``Theta = (A, B, C)`` with ``A`` full, symmetric (the rnn-lowdim paper's
  upper-triangular coordinates ``z_pq, p <= q``) or diagonal;
* the impulse response ``h_j = C A^j B``;
* the whitened-input population loss ``sum_{j<k} (h_j - w_j)^2`` (rnn-lowdim (3.4); with a
  memoryless teacher ``w = (w, 0, 0, ...)`` it is rnn-memoryless's (4)), no factor 1/2;
* gradients by SymPy differentiation (the reference the printed gradient formulas are
  compared against), and the gradient-flow field ``theta' = -grad L``.

The numeric twin is ``numerics/linear_rnn.py`` (tested against this module).
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy as sp

STRUCTURES = ("full", "symmetric", "diagonal")


def parameters(d: int, structure: str = "full", prefix: str = "", m: int = 1, n: int = 1):
    """Symbolic ``(A, B, C, coordinates)``.

    ``structure``: ``full`` (``d^2`` free entries ``a_pq``), ``symmetric`` (free
    coordinates ``a_pq, p <= q``, mirrored below the diagonal: the gradient with respect to
    them is the chain-rule gradient of the paper's parameterisation), or ``diagonal``
    (``a_0..a_{d-1}``). ``B`` is d x n and ``C`` m x d (SISO by default). The coordinates
    are listed ``A``'s first, then ``B``'s, then ``C``'s."""
    if structure not in STRUCTURES:
        raise ValueError(f"unknown structure {structure!r}; one of {STRUCTURES}")
    if structure == "full":
        A = sp.Matrix(d, d, lambda p, q: sp.Symbol(f"{prefix}a{p}_{q}", real=True))
        a = list(A)
    elif structure == "symmetric":
        entries = {(p, q): sp.Symbol(f"{prefix}a{p}_{q}", real=True) for p in range(d) for q in range(p, d)}
        A = sp.Matrix(d, d, lambda p, q: entries[(min(p, q), max(p, q))])
        a = list(entries.values())
    else:
        a = list(sp.symbols(f"{prefix}a0:{d}", real=True))
        A = sp.diag(*a)
    if n == 1:
        B = sp.Matrix(sp.symbols(f"{prefix}b0:{d}", real=True))
    else:
        B = sp.Matrix(d, n, lambda i, j: sp.Symbol(f"{prefix}b{i}_{j}", real=True))
    if m == 1:
        C = sp.Matrix([sp.symbols(f"{prefix}c0:{d}", real=True)])
    else:
        C = sp.Matrix(m, d, lambda i, j: sp.Symbol(f"{prefix}c{i}_{j}", real=True))
    return A, B, C, a + list(B) + list(C)


def impulse(A: sp.Matrix, B: sp.Matrix, C: sp.Matrix, n: int) -> list:
    """``[C A^j B for j < n]`` (scalars for SISO, matrices otherwise)."""
    out, V = [], B
    for _ in range(n):
        H = C * V
        out.append(H[0, 0] if H.shape == (1, 1) else H)
        V = A * V
    return out


def population_loss(A, B, C, w: Sequence, k: int | None = None) -> sp.Expr:
    """``sum_{j<k} (C A^j B - w_j)^2``: the population loss under whitened inputs
    (rnn-lowdim (3.4)); ``w`` is the teacher's impulse response (padded with zeros to k)."""
    k = len(w) if k is None else k
    w = list(w) + [0] * (k - len(w))
    h = impulse(A, B, C, k)
    return sum((h[j] - w[j]) ** 2 for j in range(k))


def gradient(loss: sp.Expr, coords: Sequence[sp.Symbol]) -> list[sp.Expr]:
    return [sp.diff(loss, s) for s in coords]
