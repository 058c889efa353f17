"""numerics.polynomials: ring identities and simultaneous renaming against SymPy's own."""

import random

import sympy as sp

from numerics.polynomials import poly_ring, rename_gens


def test_ring_decides_an_identity_and_differentiates():
    x, y = sp.symbols("x y")
    R, g = poly_ring([x], [y, x])  # repeats once
    assert R.ngens == 2
    P = R.from_expr((x + y) ** 3 - x**3 - 3 * x**2 * y - 3 * x * y**2 - y**3)
    assert not P and P.as_expr() == 0
    Q = R.from_expr(x**2 * y + sp.Rational(1, 3) * y)
    assert Q.diff(g[x]).as_expr() == 2 * x * y


def test_rename_gens_is_simultaneous_substitution():
    """Against ``compose`` (SymPy's substitution), on random polynomials and renamings, swaps included."""
    x, y, z, u = syms = sp.symbols("x y z u")
    R, g = poly_ring(syms)
    rng = random.Random(0)
    for _ in range(50):
        expr = sum(
            rng.randint(-3, 3)
            * x ** rng.randint(0, 3)
            * y ** rng.randint(0, 2)
            * z ** rng.randint(0, 2)
            * u ** rng.randint(0, 1)
            for _ in range(6)
        )
        P = R.from_expr(expr)
        pairs = rng.choice([[(g[x], g[y]), (g[y], g[x])], [(g[z], g[u])], [(g[x], g[z]), (g[z], g[u])]])
        assert rename_gens(P, pairs) == P.compose(pairs)
    assert rename_gens(R.from_expr(x * y**2), [(g[x], g[y]), (g[y], g[x])]).as_expr() == x**2 * y
