"""Numeric model functions against their SymPy source (theorems/), at small sizes."""

import numpy as np
import pytest
import sympy as sp

from numerics import models
from theorems import kernel_rich as kr


@pytest.mark.parametrize("D", [2, 3, 4])
def test_diagonal_loss_and_gradient_match_sympy(D):
    rng = np.random.default_rng(D)
    X = rng.integers(-3, 4, size=(2, 4))
    y = rng.integers(-3, 4, size=2)
    wp, wm, beta, loss = kr.diagonal_model(sp.Matrix(X), sp.Matrix(y), D=D)
    syms = wp + wm
    grad = [sp.diff(loss, s) for s in syms]
    w = rng.uniform(0.2, 1.5, size=8)
    at = dict(zip(syms, w))
    assert models.diagonal_loss(w, X.astype(float), y.astype(float), D) == pytest.approx(
        float(loss.subs(at)), rel=1e-12
    )
    np.testing.assert_allclose(
        models.diagonal_grad(w, X.astype(float), y.astype(float), D), [float(g.subs(at)) for g in grad], rtol=1e-11
    )


def test_factorization_gradient_matches_sympy():
    rng = np.random.default_rng(0)
    d, k, N = 2, 3, 2
    U = sp.Matrix(d, k, lambda i, j: sp.Symbol(f"u{i}{j}"))
    V = sp.Matrix(d, k, lambda i, j: sp.Symbol(f"v{i}{j}"))
    Xs = rng.normal(size=(N, d, d))
    y = rng.normal(size=N)
    M = U * V.T
    loss = sum((sum(Xs[n, i, j] * M[i, j] for i in range(d) for j in range(d)) - y[n]) ** 2 for n in range(N))
    Un, Vn = rng.normal(size=(d, k)), rng.normal(size=(d, k))
    at = {
        **{U[i, j]: Un[i, j] for i in range(d) for j in range(k)},
        **{V[i, j]: Vn[i, j] for i in range(d) for j in range(k)},
    }
    gU, gV = models.factorization_grad(Un, Vn, Xs, y)
    assert models.factorization_loss(Un, Vn, Xs, y) == pytest.approx(float(loss.subs(at)), rel=1e-12)
    np.testing.assert_allclose(
        gU, [[float(sp.diff(loss, U[i, j]).subs(at)) for j in range(k)] for i in range(d)], rtol=1e-10
    )
    np.testing.assert_allclose(
        gV, [[float(sp.diff(loss, V[i, j]).subs(at)) for j in range(k)] for i in range(d)], rtol=1e-10
    )
