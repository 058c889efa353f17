"""Checks for rnn-memoryless (Cohen-Karlik et al., temporal extrapolation): the statements of
theorems/rnn_memoryless.py (§3-§5) bound to independent methods, and the helpers shared by the
topic modules (``rnn_memoryless_gd``, ``rnn_memoryless_mimo``, ``rnn_memoryless_experiments``,
each binding the statements of the theorems module of the same name). Methods across the four
modules:

* symbolic: SymPy identities against the shared model ``theorems/linear_rnn.py`` (its impulse
  response, loss and differentiation), never against the printed formula itself;
* exact (``Fraction``): Rademacher enumeration of the population loss, gradient descent in
  rational arithmetic (``numerics/linear_rnn_gd.py``: an invariant must hold *exactly* after
  every step), the recurrence run literally (``numerics/linear_rnn.py``);
* flow: heyoka at 128 bits (checked at 192) on an exactly reduced system, SciPy on the full
  system, and float64 gradient descent for long runs;
* convex: cvxpy (Clarabel) linear programs (zero-loss sets are linear in C; the moment shadow of
  the symmetric case);
* experiment: reduced reproductions of the figures and the empirical claims.

Tolerances: a float comparison's accuracy target comes from the arithmetic's error estimate
(two tolerances, two precisions, two solver tolerances); the guard in checks.core refuses
``verified`` unless the measured estimate is at most a tenth of it.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np
import sympy as sp

from numerics import exact as nx
from numerics import limits
from numerics import linear_rnn as nl
from numerics import linear_rnn_gd as gd
from numerics.estimate import Estimate
from theorems import linear_rnn as tl
from theorems import rnn_memoryless as rm
from theorems import rnn_memoryless_experiments as rx

from .core import PremiseUnmet, check, margin

EPS64 = float(np.finfo(float).eps)
HP_BITS = 128
EXTRAP_OK = rx.EXTRAP_OK  # 'extrapolates' in the experiments (theorems.rnn_memoryless_experiments)


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------
# Paper-free exact helpers live in numerics.exact (``nx``): the SymPy/Fraction converters, random
# rational instances, and the catalog's CI-11 instances (``nx.block_triangular_realization``: impulse
# response (w, 0, 0, ...), i.e. an extrapolating zero-loss point; ``vanishing_tail=False`` perturbs it).
def memoryless_loss(k: int, w=1.0) -> gd.ImpulseLoss:
    return gd.ImpulseLoss((w,) + (0 * w,) * (k - 1))


def symmetric_init(d: int, scale: float, seed: int, symmetric: bool = True):
    """Theorem 6.1's initialisation: A0 = (M + M^T)/2, B0 = C0^T, entries N(0, scale^2/d);
    ``symmetric=False``: A0 = M, B0, C0 independent (outside the hypothesis)."""
    rng = np.random.default_rng(seed)
    s = scale / math.sqrt(d)
    M = rng.normal(size=(d, d)) * s
    C = rng.normal(size=d) * s
    if symmetric:
        return (M + M.T) / 2, C.copy(), C
    return M, rng.normal(size=d) * s, C


def xavier_init(d: int, seed: int):
    """Glorot-uniform: A (d x d) limit sqrt(6/(2d)), B (d x 1) and C (1 x d) limit sqrt(6/(1+d))."""
    rng = np.random.default_rng(seed)
    la, lb = math.sqrt(6 / (2 * d)), math.sqrt(6 / (1 + d))
    return rng.uniform(-la, la, (d, d)), rng.uniform(-lb, lb, d), rng.uniform(-lb, lb, d)


def extrapolation_error(A, B, C, k: int, target, T: int = 60) -> float:
    h = gd.impulse(A, B, C, T)
    return max(abs(float(h[j]) - float(target[j] if j < len(target) else 0.0)) for j in range(k, T))


def gd_roundoff(run, k: int, T: int) -> Estimate:
    """A priori roundoff bound (operation count x unit roundoff x scale) for a number read off the
    final iterate of a float64 GD run: (steps + T) steps of ~k d^2 operations each, scaled by the
    largest parameter entry squared (the products C A^j B) and by max(1, rho(A))^T."""
    A, B, C = (np.asarray(M, float) for M in run.params[-1])
    d = A.shape[0]
    scale = max(1.0, float(np.abs(A).max()), float(np.abs(B).max()), float(np.abs(C).max())) ** 2
    grow = max(1.0, spectral_radius(A)) ** T
    return Estimate.roundoff((len(run.losses) + T) * k * d * d, scale * grow)


def spectral_radius(A) -> float:
    return float(max(abs(np.linalg.eigvals(np.asarray(A, float)))))


@functools.cache
def gd_run(
    kind: str, d: int, k: int, w: float, eta: float, scale: float, seed: int, steps: int, target: tuple | None = None
):
    """A cached float64 GD run on (4) (or on sum_j (h_j - target_j)^2); ``kind`` in
    {'symmetric', 'nonsymmetric', 'xavier', 'symA'} ('symA': A0 symmetric, B0, C0 independent)."""
    if kind == "xavier":
        A, B, C = xavier_init(d, seed)
    elif kind == "symA":
        rng = np.random.default_rng(seed)
        s = scale / math.sqrt(d)
        M = rng.normal(size=(d, d)) * s
        A, B, C = (M + M.T) / 2, rng.normal(size=d) * s, rng.normal(size=d) * s
    else:
        A, B, C = symmetric_init(d, scale, seed, symmetric=(kind == "symmetric"))
    loss = gd.ImpulseLoss(target) if target is not None else memoryless_loss(k, w)
    marks = sorted({0, steps} | {int(steps * f) for f in (0.01, 0.03, 0.1, 0.3, 0.5)})
    run = gd.gradient_descent(loss, A, B, C, eta, steps, record=lambda t: t in marks)
    return run


def unrolled_output(A, B, C, xs):
    """The recurrence (1) run symbolically: s_t = A s_{t-1} + B x_t, y = C s_k."""
    s = sp.zeros(A.shape[0], 1)
    for x in xs:
        s = A * s + B * x
    return (C * s)[0, 0]


def sympy_gradients(d: int, k: int, structure: str = "full"):
    """SymPy's differentiation of the shared model's loss (4) with respect to every entry of
    A (d x d, all free), B and C: the reference for the printed formulas."""
    A, B, C, coords = tl.parameters(d, "full")
    w = sp.Symbol("w", real=True)
    L = tl.population_loss(A, B, C, [w], k)
    g = tl.gradient(L, coords)
    gA = sp.Matrix(d, d, g[: d * d])
    gB = sp.Matrix(g[d * d : d * d + d])
    gC = sp.Matrix([g[d * d + d :]])
    return A, B, C, w, gA, gB, gC


def residual_reduced_flow(w: float, k: int):
    a, c = sp.symbols("a c", real=True)
    L1 = rm.residual_reduced_loss(a, c, sp.Float(w), k)
    return [a, c], [-sp.diff(L1, a), -sp.diff(L1, c) / 2], L1


@functools.cache
def residual_limit(w: float, k: int, c0: float, res_stop: float = 1e-30):
    """The CI-9 reduced flow from a = 1 (A0 = I), c = c0, at HP_BITS (checked at +64), run to
    rest (|a| + |c^2 - w| < res_stop); returns the (a, c) limit and its error estimate."""
    syms, rhs, _ = residual_reduced_flow(w, k)
    lim = limits.flow_to_rest(
        rhs,
        syms,
        [1, c0],
        observable=lambda x: list(x),
        residual=lambda x: abs(x[0]) + abs(x[1] ** 2 - w),
        sensitivity=lambda x: 1.0,
        bits=HP_BITS,
        res_stop=res_stop,
        t_end=1e4,
    )
    return lim


# ---------------------------------------------------------------------------------------
# §3: teacher, (2), Lemma 3.1 / A.1, extrapolation, Lemma 3.2, A = 0
# ---------------------------------------------------------------------------------------
@check("rnn-memoryless/claim-def-memoryless-teacher", "teacher-as-rnn", "symbolic")
def teacher_as_rnn(ctx):
    """The memoryless teacher is the one-dimensional linear RNN A = 0, B = 1, C = w: the
    recurrence (1) run symbolically gives y_k = w x_k for every k <= 8 (symbolic w, x), and
    its impulse response is (w, 0, 0, ...)."""
    for inst in ctx.instances([{}]):
        ctx.start(inst)
        w = sp.Symbol("w", real=True)
        for k in range(1, 9):
            xs = sp.symbols(f"x1:{k + 1}", real=True)
            ctx.identity(
                f"teacher RNN output at k={k} = w x_k",
                unrolled_output(sp.Matrix([[0]]), sp.Matrix([[1]]), sp.Matrix([[w]]), xs) - w * xs[-1],
                scope="symbolic w, x",
            )
        h = tl.impulse(sp.Matrix([[0]]), sp.Matrix([[1]]), sp.Matrix([[w]]), 6)
        ctx.identity("teacher impulse response = (w, 0, 0, 0, 0, 0)", [h[0] - w] + h[1:])


@check("rnn-memoryless/claim-eq-2", "unrolled-recurrence", "symbolic")
def eq2_symbolic(ctx):
    """(1) unrolled symbolically (d = 2, full symbolic A, B, C) against (2) for k = 1..4."""
    A, B, C, _ = tl.parameters(2)
    for k in range(1, 5):
        xs = sp.symbols(f"x1:{k + 1}", real=True)
        conv = sum((C * A ** (k - i) * B)[0, 0] * xs[i - 1] for i in range(1, k + 1))
        ctx.identity(
            f"(1) unrolled = (2), d=2, k={k}",
            sp.expand(unrolled_output(A, B, C, xs) - conv),
            scope="symbolic A (2x2), B, C, x",
        )


# exact integers on Hypothesis-drawn instances: evidence at those instances, not a proof for every A, B, C, T
@check("rnn-memoryless/claim-eq-2", "recurrence-vs-convolution", "random", expect="verified")
def eq2_random(ctx):
    """Hypothesis: integer/rational A, B, C (d <= 5, and MIMO n, m <= 3), integer x of length
    T <= 10: the recurrence run literally (numerics.linear_rnn.simulate, and a MIMO loop) equals
    the convolution (2) exactly."""
    from hypothesis import strategies as st

    @st.composite
    def inst(draw):
        d, T = draw(st.integers(1, 5)), draw(st.integers(1, 10))
        n, m = draw(st.integers(1, 3)), draw(st.integers(1, 3))
        seed = draw(st.integers(0, 10**6))
        return d, T, n, m, seed

    def prop(ex):
        d, T, n, m, seed = ex
        ctx.start({"d": d, "T": T, "n": n, "m": m, "seed": seed})
        rng = np.random.default_rng(seed)
        A = gd.as_exact(rng.integers(-3, 4, (d, d)))
        B, C = gd.as_exact(rng.integers(-3, 4, d)), gd.as_exact(rng.integers(-3, 4, d))
        x = [int(v) for v in rng.integers(-3, 4, T)]
        ys = nl.simulate(A, B, C, x)
        conv = [
            sum((C.dot(np.linalg.matrix_power(A, t - i)).dot(B)) * x[i - 1] for i in range(1, t + 1))
            for t in range(1, T + 1)
        ]
        ctx.exact("SISO recurrence = convolution (2) at every t <= T", list(ys), "==", conv, scope="exact integers")
        Bm, Cm = gd.as_exact(rng.integers(-3, 4, (d, n))), gd.as_exact(rng.integers(-3, 4, (m, d)))
        X = [gd.as_exact(rng.integers(-3, 4, n)) for _ in range(T)]
        s = gd.as_exact(np.zeros(d, dtype=int))
        for xt in X:
            s = A.dot(s) + Bm.dot(xt)
        H = gd.impulse(A, Bm, Cm, T)
        ctx.exact(
            "MIMO recurrence = sum_i H_{T-i} x_i",
            list(Cm.dot(s)),
            "==",
            list(sum(H[T - i].dot(X[i - 1]) for i in range(1, T + 1))),
            scope="exact integers",
        )

    ctx.random(inst(), prop, quick=8, full=150)


def _lemma31_symbolic(ctx, d, k, with_appendix_steps):
    A, B, C, _ = tl.parameters(d)
    w = sp.Symbol("w", real=True)
    xs = sp.symbols(f"x1:{k + 1}", real=True)
    sq = rm.loss_expectation_form(A, B, C, w, xs)
    # (15) is the model's (y_k - w x_k)^2 (the recurrence, not the printed sum)
    ctx.identity(
        f"(15) = (y_k(x) - w x_k)^2 from the recurrence, d={d}, k={k}",
        sp.expand(sq - (unrolled_output(A, B, C, xs) - w * xs[-1]) ** 2),
    )
    E = nx.second_moment_expectation(sq, xs, sp.eye(k))
    ctx.identity(f"E[(15)] under E xx^T = I equals (4), d={d}, k={k}", sp.expand(E - rm.loss_printed(A, B, C, w, k)))
    ctx.identity(
        f"(4) = the shared model's population loss, d={d}, k={k}",
        sp.expand(rm.loss_printed(A, B, C, w, k) - tl.population_loss(A, B, C, [w], k)),
    )
    if with_appendix_steps:
        first, second = rm.loss_appendix_a_steps(A, B, C, w, k)
        ctx.identity(
            f"App. A first step: E[(15)] = sum_i (CA^(k-i)B)^2 - 2w CB + w^2, d={d}, k={k}", sp.expand(E - first)
        )
        ctx.identity(f"App. A second step (i = k removed), d={d}, k={k}", sp.expand(first - second))
        ctx.identity(
            f"App. A last step: second = (14), d={d}, k={k}", sp.expand(second - rm.loss_printed(A, B, C, w, k))
        )
    # which hypotheses are used: a general second moment Sigma gives the quadratic form (CI-1)
    S = sp.Matrix(k, k, lambda i, j: sp.Symbol(f"S{min(i, j)}{max(i, j)}", real=True))
    ES = nx.second_moment_expectation(sq, xs, S)
    h = tl.impulse(A, B, C, k)
    r = sp.Matrix([h[k - i] for i in range(1, k + 1)]) - w * sp.Matrix([0] * (k - 1) + [1])
    ctx.identity(
        f"CI-1: E[(15)] with E xx^T = Sigma is (h~ - w e_k)^T Sigma (h~ - w e_k), d={d}, k={k}",
        sp.expand(ES - (r.T * S * r)[0, 0]),
        scope="only the second moment enters",
    )


@check("rnn-memoryless/lemma-3.1", "second-moments", "symbolic")
def lemma31_symbolic(ctx):
    """SymPy: (y_k - w x_k)^2 from the recurrence, expectation by x_i x_j -> delta_ij, against
    (4) (d = 2, k = 3); with a general second moment Sigma it is the quadratic form CI-1 (only
    E xx^T enters: neither independence nor Gaussianity is used)."""
    _lemma31_symbolic(ctx, 2, 3, with_appendix_steps=False)


def _rademacher_lemma31(ctx, quick, full):
    from hypothesis import strategies as st

    @st.composite
    def inst(draw):
        return draw(st.integers(1, 3)), draw(st.integers(1, 6)), draw(st.integers(0, 10**6))

    def prop(ex):
        d, k, seed = ex
        ctx.start({"d": d, "k": k, "seed": seed, "input_law": "rademacher"})
        rng = np.random.default_rng(seed)
        A = gd.as_exact(
            [[Fraction(int(rng.integers(-3, 4)), int(rng.integers(1, 4))) for _ in range(d)] for _ in range(d)]
        )
        B, C = nx.rational_vector(rng, d), nx.rational_vector(rng, d)
        w = Fraction(int(rng.integers(1, 5)) * int(rng.choice([-1, 1])), int(rng.integers(1, 3)))
        H = nl.impulse(A, B, C, k)
        exact = nl.rademacher_expectation(lambda x: (nl.simulate(A, B, C, x)[-1] - w * x[-1]) ** 2, k)
        printed = rm.loss_printed(nx.sympy_matrix(A), nx.sympy_matrix(B), nx.sympy_matrix(C).T, nx.sympy_rational(w), k)
        ctx.exact(
            "Rademacher enumeration (recurrence run literally) = (4)",
            nx.sympy_rational(exact),
            "==",
            printed,
            scope="exact rationals, d <= 3, k <= 6",
            value=str(exact),
        )
        # a dependent law with E xx^T = I: x uniform on {+-sqrt(k) e_i}
        dep = sum(
            (
                (sp.sqrt(k) * s * nx.sympy_rational(H[k - 1 - i]))
                - (nx.sympy_rational(w) * s * sp.sqrt(k) if i == k - 1 else 0)
            )
            ** 2
            for i in range(k)
            for s in (1, -1)
        ) / (2 * k)
        ctx.exact(
            "dependent law uniform on {+-sqrt(k) e_i} (E xx^T = I): expectation = (4)",
            sp.expand(dep - printed),
            "==",
            0,
            scope="exact",
        )
        if k >= 2:
            # identity covariance with non-zero mean: x = mu + Rademacher; (4) needs the raw second moment
            mu = [1] + [0] * (k - 1)
            shifted = nl.rademacher_expectation(
                lambda x: (nl.simulate(A, B, C, [a + b for a, b in zip(x, mu)])[-1] - w * (x[-1] + mu[-1])) ** 2, k
            )
            gap = nx.sympy_rational(shifted) - printed
            rt = nx.sympy_rational(H[k - 1])  # the residual's entry met by mu = e_1 (x_1 meets h_{k-1})
            ctx.exact(
                "identity covariance, mean e_1: expectation - (4) = (h_{k-1})^2 "
                "(the raw second moment is what (4) needs)",
                gap,
                "==",
                rt**2,
                scope="exact",
            )

    ctx.random(inst(), prop, quick=quick, full=full)


# exact over all 2^k inputs, but at Hypothesis-drawn (A, B, C, w, k): sampled instances, not every one
@check("rnn-memoryless/lemma-3.1", "rademacher-enumeration", "random", expect="verified")
def lemma31_rademacher(ctx):
    """Exact expectation over all 2^k Rademacher inputs (whitened: E xx^T = I) of
    (y_k - w x_k)^2 with y_k from the recurrence run literally, in Fractions, against (4), at
    Hypothesis-drawn rational A, B, C, w; also a non-independent law with E xx^T = I (gives (4))
    and identity covariance with a non-zero mean (does not: the gap is exactly h_{k-1}^2)."""
    _rademacher_lemma31(ctx, quick=12, full=120)


@check("rnn-memoryless/lemma-3.1", "monte-carlo-gaussian", "random")
def lemma31_monte_carlo(ctx):
    """Gaussian inputs N(0, I_k), N = 40000 samples: the sample mean of (y_k - w x_k)^2 against
    (4) within 5 standard errors (the statistical tolerance), judged with the sample mean's 99%
    confidence half-width as its error estimate."""
    for inst in ctx.instances(
        [{"d": 3, "k": 4, "seed": 0}, {"d": 4, "k": 3, "seed": 1}],
        [{"d": d, "k": k, "seed": s} for d in (2, 4) for k in (2, 5) for s in (0, 1)],
    ):
        inst = {**inst, "input_law": "gaussian"}
        ctx.start(inst)
        d, k = inst["d"], inst["k"]
        rng = np.random.default_rng(inst["seed"])
        A, B, C = 0.5 * rng.normal(size=(d, d)), rng.normal(size=d), rng.normal(size=d)
        w = inst["w"]
        N = 40000
        X = rng.normal(size=(N, k))
        h = gd.impulse(A, B, C, k)
        y = X @ np.array([h[k - 1 - i] for i in range(k)])  # convolution (2), oldest input first
        samples = (y - w * X[:, -1]) ** 2
        mc = Estimate.mean(samples, level=0.99)  # error: the 99% confidence half-width
        se = float(samples.std(ddof=1) / math.sqrt(N))
        closed = (h[0] - w) ** 2 + sum(h[j] ** 2 for j in range(1, k))
        # statistical judge: verified when |mean - (4)| + half-width <= 5 se, refuted when beyond it
        ctx.agree(
            "Monte Carlo E(y_k - w x_k)^2 = (4) within 5 standard errors",
            mc,
            closed,
            tol=5 * se,
            standard_error=se,
            samples=N,
        )


@check("rnn-memoryless/lemma-A.1", "proof-steps", "symbolic")
def lemmaA1_symbolic(ctx):
    """(15), the two printed intermediate expressions of App. A and (14), each against the
    previous one and against the model (d = 2, k = 3 and d = 3, k = 2)."""
    _lemma31_symbolic(ctx, 2, 3, with_appendix_steps=True)
    _lemma31_symbolic(ctx, 3, 2, with_appendix_steps=True)


# exact over all 2^k inputs, but at Hypothesis-drawn (A, B, C, w, k): sampled instances, not every one
@check("rnn-memoryless/lemma-A.1", "rademacher-enumeration", "random", expect="verified")
def lemmaA1_rademacher(ctx):
    """As lemma-3.1's enumeration (Rademacher inputs have E x = 0 and E xx^T = I, the
    appendix's hypotheses)."""
    _rademacher_lemma31(ctx, quick=8, full=80)


# exact recurrence at Hypothesis-drawn instances and finitely many T: evidence, not a proof
@check("rnn-memoryless/claim-def-extrapolation", "certificate-vs-recurrence", "random", expect="verified")
def def_extrapolation_random(ctx):
    """The finite certificate (h_0 = w, h_1 = ... = h_d = 0) decides extrapolation: on exact
    instances (CI-11 extrapolating and perturbed ones), the certificate holds iff the recurrence
    run literally gives y_T(x) = w x_T on every impulse input e_i and on random integer inputs,
    for every T <= 3d + 4."""
    from hypothesis import strategies as st

    def prop(ex):
        d, seed, good = ex
        ctx.start({"d": d, "seed": seed})
        rng = np.random.default_rng(seed)
        w = Fraction(int(rng.choice([-3, -1, 1, 2])))
        A, B, C = (nx.fraction_array(M) for M in nx.block_triangular_realization(rng, d, w, vanishing_tail=good))
        Bv, Cv = B.ravel(), C.ravel()
        h = nl.impulse(A, Bv, Cv, d + 1)
        cert = h[0] == w and all(v == 0 for v in h[1:])
        Tm = 3 * d + 4
        agree = True
        for T in range(1, Tm + 1):
            inputs = [[int(i == j) for j in range(T)] for i in range(T)] + [[int(v) for v in rng.integers(-3, 4, T)]]
            agree &= all(nl.simulate(A, Bv, Cv, x)[-1] == w * x[-1] for x in inputs)
        ctx.exact(
            "certificate (h_0 = w, h_1..h_d = 0) <=> y_T(x) = w x_T on all tested T, x",
            cert,
            "==",
            agree,
            scope=f"T <= {Tm}",
            certificate=cert,
        )
        if good:
            ctx.exact("CI-11 instance extrapolates (certificate holds)", cert, "==", True)

    ctx.random(st.tuples(st.integers(1, 4), st.integers(0, 10**6), st.booleans()), prop, quick=10, full=100)


@check("rnn-memoryless/lemma-3.2", "polynomial-identity", "symbolic")
def lemma32_symbolic(ctx):
    """y_T(x) - w x_T = sum_j (h_j - w [j = 0]) x_{T-j} as a polynomial identity in x (the
    recurrence run symbolically, d = 2, T <= 5): the coefficients of the independent monomials
    x_{T-j} are h_j - w delta_j0, so y_T = w x_T for all x iff h_0 = w and h_j = 0 (j < T)."""
    A, B, C, _ = tl.parameters(2)
    w = sp.Symbol("w", real=True)
    for T in range(1, 6):
        xs = sp.symbols(f"x1:{T + 1}", real=True)
        h = tl.impulse(A, B, C, T)
        diff = unrolled_output(A, B, C, xs) - w * xs[-1]
        ctx.identity(
            f"T={T}: y_T - w x_T = sum_j (h_j - w delta_j0) x_(T-j)",
            sp.expand(diff - sum((h[j] - (w if j == 0 else 0)) * xs[T - 1 - j] for j in range(T))),
        )
        coeffs = [sp.expand(diff).coeff(xs[T - 1 - j]) for j in range(T)]
        ctx.identity(
            f"T={T}: coefficient of x_(T-j) is h_j - w delta_j0 (the impulse input e_(T-j) reads it)",
            [sp.expand(c - (h[j] - (w if j == 0 else 0))) for j, c in enumerate(coeffs)],
        )


# exact recurrence at Hypothesis-drawn instances (T <= 30): evidence, not a proof for every instance
@check("rnn-memoryless/lemma-3.2", "both-directions", "random", expect="verified")
def lemma32_random(ctx):
    """'If': instances with C A^j B = 0 for all j >= 1 (B in ker A via nullspace of a singular
    integer A; CI-11) and CB = w give y_T = w x_T exactly on random integer inputs (T <= 30).
    'Only if': instances with some h_j != 0 (j >= 1) or h_0 != w fail on the impulse input
    e_{T-j} (recurrence run literally)."""
    from hypothesis import strategies as st

    def prop(ex):
        d, seed = ex
        rng = np.random.default_rng(seed)
        w = Fraction(int(rng.choice([-2, 1, 3])))
        ctx.start({"d": d, "seed": seed, "w": float(w)})
        # B in the kernel of a singular integer A
        M = sp.Matrix(rng.integers(-2, 3, (d, d)))
        M[:, 0] = M[:, 1:] * sp.Matrix(rng.integers(-1, 2, (d - 1, 1))) if d > 1 else sp.zeros(1, 1)
        ns = M.nullspace()
        b = ns[0] * sp.lcm([sp.Rational(v).q for v in ns[0]])
        c = sp.Matrix(rng.integers(-2, 3, (1, d)))
        if (c * b)[0, 0] == 0:
            c[0, int(np.argmax([abs(v) for v in b]))] += 1
        c = c * nx.sympy_rational(w) / (c * b)[0, 0]
        for A, B, C in [(M, b, c), nx.block_triangular_realization(rng, d, w)]:
            Ae, Be, Ce = nx.fraction_array(A), nx.fraction_array(B).ravel(), nx.fraction_array(C).ravel()
            h = nl.impulse(Ae, Be, Ce, 30)
            cond = h[0] == w and all(v == 0 for v in h[1:])
            ctx.exact("construction satisfies CB = w, C A^j B = 0 (j < 30)", cond, "==", True)
            x = [int(v) for v in rng.integers(-3, 4, 30)]
            ys = nl.simulate(Ae, Be, Ce, x)
            ctx.exact(
                "'if': y_T = w x_T for every T <= 30 (recurrence run literally)",
                all(ys[t] == w * x[t] for t in range(30)),
                "==",
                True,
            )
        # 'only if': a generic instance; witness by impulse inputs
        Ae = gd.as_exact(rng.integers(-2, 3, (d, d)))
        Be, Ce = gd.as_exact(rng.integers(-2, 3, d)), gd.as_exact(rng.integers(-2, 3, d))
        h = nl.impulse(Ae, Be, Ce, 2 * d + 2)
        bad = [j for j in range(len(h)) if h[j] != (w if j == 0 else 0)]
        if bad:
            j = bad[0]
            T = j + 1
            x = [int(i == T - 1 - j) for i in range(T)]
            ctx.exact(
                "'only if': the impulse input e_(T-j) exposes h_j != w delta_j0",
                nl.simulate(Ae, Be, Ce, x)[-1],
                "!=",
                w * x[-1],
                j=j,
            )

    ctx.random(st.tuples(st.integers(1, 4), st.integers(0, 10**6)), prop, quick=8, full=80)


# identities at d = 3, the recurrence at three sampled instances: exact evidence, not a proof for every d
@check("rnn-memoryless/claim-A-zero-solution", "zero-A", "symbolic", expect="verified")
def a_zero_symbolic(ctx):
    """A = 0 with symbolic B, C (d = 3) scaled to CB = w: h_0 = w and h_j = 0 (j < 12)
    identically; and on random integer instances the recurrence gives y_T = w x_T (T <= 50)."""
    A, B, C, _ = tl.parameters(3)
    w = sp.Symbol("w", real=True)
    h = tl.impulse(sp.zeros(3, 3), B, C, 12)
    ctx.identity("A = 0: h_j = 0 for 1 <= j < 12", h[1:], scope="symbolic B, C, d = 3")
    ctx.identity("A = 0, C scaled to CB = w: h_0 = w", (C * w / h[0] * B)[0, 0] - w)
    rng = np.random.default_rng(ctx.seed)
    for d in (1, 2, 5):
        B = gd.as_exact(rng.integers(1, 4, d))
        C = gd.as_exact(rng.integers(1, 4, d))
        C = C * Fraction(3, 2) / C.dot(B)
        x = [int(v) for v in rng.integers(-3, 4, 50)]
        ys = nl.simulate(gd.as_exact(np.zeros((d, d), dtype=int)), B, C, x)
        ctx.exact(
            f"A = 0, CB = 3/2, d = {d}: y_T = w x_T for T <= 50 (recurrence)",
            all(ys[t] == Fraction(3, 2) * x[t] for t in range(50)),
            "==",
            True,
        )


# ---------------------------------------------------------------------------------------
# Theorem 4.1 (k > d) and Proposition 5.1 (k <= d)
# ---------------------------------------------------------------------------------------
@check("rnn-memoryless/theorem-4.1", "cayley-hamilton", "symbolic")
def theorem41_symbolic(ctx):
    """The proof's recursion h_{d+m} = -sum_i c_i h_{i+m} (Cayley-Hamilton) as a polynomial
    identity: symbolic A (full), B, C, d = 2 (m <= 3) and d = 3 (m <= 1). With h_1..h_d = 0 (a
    minimiser, k - 1 >= d) it forces h_{d+1} = h_{d+2} = ... = 0: checked by substituting the
    zero-loss conditions into the recursion symbolically (d = 2, k = 3)."""
    for d, ms in ((2, range(4)), (3, range(2))):
        A, B, C, _ = tl.parameters(d)
        c = nx.charpoly_coeffs(A)
        h = tl.impulse(A, B, C, d + max(ms) + 1)
        for m in ms:
            ctx.identity(
                f"d={d}: h_(d+{m}) + sum_i c_i h_(i+{m}) = 0",
                sp.expand(h[d + m] + sum(c[i] * h[i + m] for i in range(d))),
                scope=f"symbolic A ({d}x{d}), B, C",
            )
    # the induction: with symbols for h_0..h_{d} and the recursion, zero-loss (k = d + 1) gives h_j = 0
    d = 2
    c0, c1, w = sp.symbols("c0 c1 w")
    hs = {0: w, 1: sp.Integer(0), 2: sp.Integer(0)}
    for j in range(3, 12):
        hs[j] = sp.expand(-(c0 * hs[j - 2] + c1 * hs[j - 1]))
    ctx.identity(
        "d=2, k=3: h_0 = w, h_1 = h_2 = 0 and the recursion give h_j = 0 for 3 <= j < 12",
        [hs[j] for j in range(3, 12)],
        scope="symbolic charpoly coefficients",
    )


# the whole zero-loss set in C, exactly, but at Hypothesis-drawn (A, B) and d <= 4: evidence, not a proof
@check("rnn-memoryless/theorem-4.1", "zero-loss-sets", "random", expect="verified")
def theorem41_random(ctx):
    """Exact: for (A, B) from CI-11 (d <= 4), the *whole* zero-loss set in C for k = d + 1
    (SymPy's general solution of C [B, AB, ..., A^(k-1) B] = (w, 0, ..., 0), free parameters
    kept symbolic) has C A^j B = 0 for every k <= j <= 3d + 3; and the recursion
    h_{d+m} = -sum c_i h_{i+m} holds on random integer (A, B, C) for m <= 8."""
    from hypothesis import strategies as st

    def prop(ex):
        d, seed = ex
        rng = np.random.default_rng(seed)
        w = sp.Integer(int(rng.choice([-2, 1, 3])))
        ctx.start({"d": d, "k": d + 1, "seed": seed, "w": float(w)})
        A, B, _ = nx.block_triangular_realization(rng, d, w)
        k = d + 1
        K = sp.Matrix.hstack(*[A**j * B for j in range(k)])
        Cs = sp.Matrix([sp.symbols(f"c0:{d}")])
        sol = sp.linsolve(list(Cs * K - sp.Matrix([[w] + [0] * (k - 1)])), list(Cs))
        sol = list(sol)
        ctx.exact("the zero-loss set in C is non-empty (CI-11 instance)", len(sol), "==", 1)
        Cg = sp.Matrix([list(sol[0])])
        hj = [sp.expand((Cg * A**j * B)[0, 0]) for j in range(k, 3 * d + 4)]
        ctx.exact(
            "every zero-loss C (general solution) has C A^j B = 0 for k <= j <= 3d + 3",
            all(v == 0 for v in hj),
            "==",
            True,
            scope=f"d={d}, k={k}, free parameters: {len(Cg.free_symbols)}",
        )
        Ai = sp.Matrix(rng.integers(-3, 4, (d, d)))
        Bi, Ci = sp.Matrix(rng.integers(-3, 4, (d, 1))), sp.Matrix(rng.integers(-3, 4, (1, d)))
        cc = nx.charpoly_coeffs(Ai)
        h = tl.impulse(Ai, Bi, Ci, d + 9)
        ctx.exact(
            "Cayley-Hamilton recursion on a random integer instance (m <= 8)",
            all(h[d + m] + sum(cc[i] * h[i + m] for i in range(d)) == 0 for m in range(9)),
            "==",
            True,
        )

    ctx.random(st.tuples(st.integers(1, 4), st.integers(0, 10**6)), prop, quick=6, full=60)


@check("rnn-memoryless/theorem-4.1", "lp-extreme-values", "convex")
def theorem41_lp(ctx):
    """cvxpy LP: for (A, B) from CI-11 (d = 3, 4; k = d + 1) the zero-loss set in C is affine;
    the largest and smallest C A^J B over it (|C|_inf <= max(10, twice the constructed C)) are 0 for every k <= J <= 3d (the
    theorem). Contrast (k <= d, Prop. 5.1's A = P, B = e_1): the largest h_d is 10 (the box)."""  # noqa: E501 (a check's docstring is stored verbatim)
    from numerics import linear_programs as lp

    ctx.precision = "Clarabel 1e-12 (error estimate: difference to 1e-9, plus feasibility residual)"
    for inst in ctx.instances(
        [{"d": 3, "k": 4, "seed": 3}, {"d": 4, "k": 5, "seed": 5}],
        [{"d": d, "k": d + 1, "seed": s} for d in (2, 3, 4, 5) for s in range(3)],
    ):
        ctx.start(inst)
        d, k = inst["d"], inst["k"]
        rng = np.random.default_rng(inst["seed"])
        A, B, C0 = nx.block_triangular_realization(rng, d, 1)
        An, Bn = np.array(A.tolist(), float), np.array(B.tolist(), float).ravel()
        box = max(10.0, 2 * float(max(abs(v) for v in C0)))  # contains the constructed zero-loss C
        scale = float(np.max(np.abs(np.column_stack([np.linalg.matrix_power(An, j) @ Bn for j in range(3 * d + 1)]))))
        for J in range(k, 3 * d + 1):
            hi, lo = lp.impulse_entry_range(An, Bn, [1.0] + [0.0] * (k - 1), J, box=box)
            tol = 1e-7 * box * scale
            ctx.agree(
                f"max C A^{J} B over the zero-loss set = 0",
                hi.value,
                0.0,
                tol=tol,
                err=Estimate(0.0, hi.error + 1e-12 * scale * box, "two tolerances"),
                scale=1.0,
            )
            ctx.agree(
                f"min C A^{J} B over the zero-loss set = 0",
                lo.value,
                0.0,
                tol=tol,
                err=Estimate(0.0, lo.error + 1e-12 * scale * box, "two tolerances"),
                scale=1.0,
            )
    P, e1, _ = rm.proposition_5_1_parameters(4, 1)
    hi, lo = lp.impulse_entry_range(
        np.array(P.tolist(), float), np.array(e1.tolist(), float).ravel(), [1.0, 0.0, 0.0], 3
    )
    ctx.agree(
        "contrast d = 4, k = 3, A = P, B = e_1: max h_3 over the zero-loss set = 10 (the box)",
        hi.value,
        10.0,
        tol=1e-6,
        err=Estimate(0.0, hi.error, "two tolerances"),
    )


# exact for every k <= d <= 7 (12 full) only: the statement is for every d, so the exact items are evidence
@check("rnn-memoryless/proposition-5.1", "cyclic-construction-family", "symbolic", expect="verified")
def prop51_family(ctx):
    """Exact integers for every 1 <= k <= d <= 7 (12 in the full budget) and w in {1, -2, 7}: the construction
    (A = P, B = e_1, C = w e_1^T) has loss (4) = 0, h_d = w != 0 (no extrapolation, Lemma 3.2),
    h_j = w [d | j] for j <= 4d (CI-10), the first row of P^j is e_{d-j+1}^T (footnote 2), P M
    shifts the rows of M cyclically, P^d = I; symbolically in w for d <= 6."""
    w = sp.Symbol("w", nonzero=True)
    for d in range(1, 13 if ctx.full else 8):
        P = rm.cyclic_permutation(d)
        ctx.exact(f"d={d}: P^d = I", P**d, "==", sp.eye(d))
        for j in range(1, d):
            row = (P**j)[0, :]
            ctx.exact(f"d={d}: first row of P^{j} = e_(d-j+1)^T", list(row), "==", [int(i == d - j) for i in range(d)])
        M = sp.Matrix(d, d, lambda i, j: sp.Symbol(f"m{i}_{j}"))
        ctx.exact(
            f"d={d}: P M = M with rows shifted cyclically down",
            P * M,
            "==",
            sp.Matrix.vstack(M[d - 1 :, :], M[: d - 1, :]),
        )
        for wv in (1, -2, 7):
            A, B, C = rm.proposition_5_1_parameters(d, wv)
            h = nl.impulse(nx.fraction_array(A), nx.fraction_array(B).ravel(), nx.fraction_array(C).ravel(), 4 * d + 1)
            ctx.exact(
                f"d={d}, w={wv}: h_j = w [d | j] for j <= 4d (CI-10)",
                all(h[j] == (wv if j % d == 0 else 0) for j in range(4 * d + 1)),
                "==",
                True,
            )
            for k in range(1, d + 1):
                L = rm.loss_printed(A, B, C, wv, k)
                ctx.start({"d": d, "k": k, "w": float(wv)})
                ctx.exact(f"d={d}, k={k}, w={wv}: loss (4) = 0 and h_d = w != 0", [L, h[d]], "==", [0, wv])
        if d <= 6:
            A, B, C = rm.proposition_5_1_parameters(d, w)
            ctx.identity(f"d={d}: loss (4) at k = d vanishes for symbolic w", rm.loss_printed(A, B, C, w, d))
            ctx.identity(f"d={d}: C P^d B = w", (C * A**d * B)[0, 0] - w)


# exact recurrence at Hypothesis-drawn d <= 8 and finitely many inputs: evidence, not a proof
@check("rnn-memoryless/proposition-5.1", "recurrence-and-generalisation", "random", expect="verified")
def prop51_simulation(ctx):
    """Independent of the impulse formula: the recurrence (1) run literally on the construction
    (d <= 8) fits the teacher on every length-k input tested (k <= d) and fails at length d + 1
    on the input e_1 (y_{d+1} = w != 0 = w x_{d+1}); Hypothesis-drawn generalisation (any
    permutation with index 1 on a cycle of length l >= k) has zero loss and h_l = w."""
    from hypothesis import strategies as st

    def prop(ex):
        d, seed = ex
        rng = np.random.default_rng(seed)
        w = Fraction(int(rng.choice([-3, 1, 2])))
        ctx.start({"d": d, "k": d, "seed": seed, "w": float(w)})
        A, B, C = (nx.fraction_array(M) for M in rm.proposition_5_1_parameters(d, nx.sympy_rational(w)))
        Bv, Cv = B.ravel(), C.ravel()
        for k in range(1, d + 1):
            xs = [[int(v) for v in rng.integers(-3, 4, k)] for _ in range(3)] + [
                [int(i == j) for j in range(k)] for i in range(k)
            ]
            ctx.exact(
                "length-k inputs (k <= d): y_k = w x_k (recurrence)",
                all(nl.simulate(A, Bv, Cv, x)[-1] == w * x[-1] for x in xs),
                "==",
                True,
            )
        x = [1] + [0] * d
        ctx.exact(
            "length d+1, input e_1: y_(d+1) = w != 0 = w x_(d+1): no extrapolation",
            nl.simulate(A, Bv, Cv, x)[-1],
            "==",
            w,
        )
        perm = list(rng.permutation(d))
        Pm = gd.as_exact([[int(perm[j] == i) for j in range(d)] for i in range(d)])
        e1 = gd.as_exact([1] + [0] * (d - 1))
        cyc, i = 1, perm[0]
        while i != 0:
            i, cyc = perm[i], cyc + 1
        h = nl.impulse(Pm, e1, w * e1, 2 * cyc + 1)
        ctx.exact(
            "generalised permutation: h_j = w [l | j], l the cycle length through index 1",
            all(h[j] == (w if j % cyc == 0 else 0) for j in range(2 * cyc + 1)),
            "==",
            True,
            cycle=cyc,
        )

    ctx.random(st.tuples(st.integers(1, 8), st.integers(0, 10**6)), prop, quick=8, full=80)


# ---------------------------------------------------------------------------------------
# Violation margins (issue 18)
# ---------------------------------------------------------------------------------------
STRICT_TIE = Fraction(-1, 10**40)  # a strict claim failing with equality (slack 0 would read 'holds')


def _exact_w(w) -> Fraction:
    """The teacher weight as the decimal its float prints (0.1 -> 1/10)."""
    return Fraction(repr(float(w)))


def whitened_loss_residual(inst: dict) -> Fraction:
    """E_law[(y_k(x) - w x_k)^2] - (4) at a random rational student, exactly: the output is a
    linear form v.x of the input, v_i the recurrence's output on the impulse e_i (run by
    ``numerics.linear_rnn.simulate``, no-delay update), and the expectation of (v.x)^2 is
    v^T E[x x^T] v with the law's exact second moment (``rm.input_moments``)."""
    rng = np.random.default_rng(inst.get("seed", 0))
    d, k, w = inst["d"], inst["k"], _exact_w(inst["w"])
    A, B, C = nx.random_fraction_array(rng, (d, d)), nx.random_fraction_array(rng, d), nx.random_fraction_array(rng, d)
    v = []
    for i in range(k):
        x = [Fraction(int(i == j)) for j in range(k)]
        v.append(nl.simulate(A, B, C, x, update="no-delay")[-1] - w * x[-1])
    _, M = rm.input_moments(inst["input_law"], k)
    expectation = sum(v[i] * v[j] * Fraction(int(M[i, j])) for i in range(k) for j in range(k))
    S = lambda X: sp.Matrix(X.tolist() if X.ndim == 2 else list(X)).applyfunc(sp.Rational)  # noqa: E731
    printed = rm.loss_printed(S(A), S(B), S(C).T, sp.Rational(w.numerator, w.denominator), k)
    return expectation - Fraction(int(printed.p), int(printed.q))


@margin("rnn-memoryless/lemma-3.1", equality=True)
def lemma31_margin(ctx, inst):
    """Exact residual of (4) against the population loss under the instance's input law."""
    return whitened_loss_residual(inst)


@margin("rnn-memoryless/lemma-A.1", equality=True)
def lemmaA1_margin(ctx, inst):
    """Exact residual of (14) against the population loss under the instance's input law."""
    return whitened_loss_residual(inst)


def zero_loss_point(inst: dict):
    """A minimiser of (4) (L = 0 exactly) drawn from the seed, or PremiseUnmet: A random
    rational of random rank r < d (so that minimisers exist when k > d), C random, and B a random
    element of ker[C A; ...; C A^{k-1}] scaled to C B = w (sympy's exact nullspace)."""
    rng = np.random.default_rng(inst.get("seed", 0))
    d, k, w = inst["d"], inst["k"], _exact_w(inst["w"])
    r = int(rng.integers(0, d))
    U, V = nx.random_fraction_array(rng, (d, r)), nx.random_fraction_array(rng, (r, d))
    A = sp.Matrix(U.dot(V).tolist() if r else [[0] * d for _ in range(d)]).applyfunc(sp.Rational)
    C = sp.Matrix([list(nx.random_fraction_array(rng, d))]).applyfunc(sp.Rational)
    rows = [C * A**j for j in range(1, k)]
    basis = sp.Matrix.vstack(*rows).nullspace() if rows else [sp.eye(d)[:, i] for i in range(d)]
    if not basis:
        raise PremiseUnmet("no B with C A^j B = 0 (j < k) for this A, C")
    coeffs = [sp.Rational(int(rng.integers(-5, 6)), int(rng.integers(1, 4))) for _ in basis]
    B = sum((c * b for c, b in zip(coeffs, basis)), sp.zeros(d, 1))
    cb = (C * B)[0, 0]
    if cb == 0:
        raise PremiseUnmet("C B = 0 on the drawn element of the kernel: no scaling reaches C B = w")
    B = B * sp.Rational(w.numerator, w.denominator) / cb
    return A, B, C, sp.Rational(w.numerator, w.denominator)


@margin("rnn-memoryless/theorem-4.1", equality=True)
def theorem41_margin(ctx, inst):
    """At a drawn minimiser (L = 0 of (4), exact), max_{1 <= j <= 2d + k} |C A^j B| (zero iff it
    extrapolates: by Cayley-Hamilton these j suffice). A minimiser of (4) with k <= d need not
    extrapolate: the search outside k > d finds one."""
    A, B, C, w = zero_loss_point(inst)
    L = rm.loss_printed(A, B, C, w, inst["k"])
    if L != 0:
        raise PremiseUnmet(f"the drawn point has L = {L} (not a minimiser)")
    h = tl.impulse(A, B, C, 2 * inst["d"] + inst["k"] + 1)
    return Fraction(str(max(abs(x) for x in h[1:])))


@margin("rnn-memoryless/proposition-5.1")
def prop51_margin(ctx, inst):
    """Exact: -L when the printed construction (A = P, B = e_1, C = w e_1^T) does not attain
    L = 0 of (4); else max_{1 <= j <= 2d} |C P^j B| (> 0 iff it does not extrapolate; STRICT_TIE
    at 0)."""
    d, k, w = inst["d"], inst["k"], _exact_w(inst["w"])
    ws = sp.Rational(w.numerator, w.denominator)
    A, B, C = rm.proposition_5_1_parameters(d, ws)
    L = rm.loss_printed(A, B, C, ws, k)
    if L != 0:
        return -Fraction(str(L))
    h = tl.impulse(A, B, C, 2 * d + 1)
    top = Fraction(str(max(abs(x) for x in h[1:])))
    return top if top > 0 else STRICT_TIE


# ---------------------------------------------------------------------------------------
# Proof steps and restatements (issue 19)
# ---------------------------------------------------------------------------------------
@check("rnn-memoryless/lemma-3.1", "restatement-A.1", "symbolic", step="Lemma A.1")
def lemma31_restated(ctx):
    """Lemma A.1 against Lemma 3.1: hypotheses on every input law and k = 1..5; (4) holds
    exactly (margin) where they differ."""
    from theorems.registry import REGISTRY

    main, app = REGISTRY["rnn-memoryless/lemma-3.1"], REGISTRY["rnn-memoryless/lemma-A.1"]
    differ = []
    for law in rm.INPUT_LAWS:
        for k in range(1, 6):
            inst = {**main.defaults(), "input_law": law, "k": k}
            if all(main.hypotheses_hold(inst).values()) != all(app.hypotheses_hold(inst).values()):
                differ.append(inst)
    ctx.start({**main.defaults(), "input_law": "constant-first"})
    ctx.exact("(4) under the law where only Lemma 3.1 applies", whitened_loss_residual(ctx.instance), "==", 0)
    ctx.exact(
        "the hypotheses agree on every law and k",
        len(differ),
        "==",
        0,
        first_disagreements=differ[:3],
        main_hypotheses=[h.text for h in main.hypotheses],
        appendix_hypotheses=[h.text for h in app.hypotheses],
    )


def _lemma_a1_symbols(d, k):
    A, B, C, _ = tl.parameters(d, "full")
    return A, B, C, sp.Symbol("w", real=True)


def _expect_whitened(expr, x):
    """E over inputs with E[x_a x_b] = [a = b] of a quadratic form in x (monomial by monomial)."""
    P = sp.Poly(sp.expand(expr), *x)
    return sum(c * (1 if sum(m) == 2 and max(m) == 2 else 0) for m, c in P.terms())


@check("rnn-memoryless/lemma-A.1", "step-15", "symbolic", step="(15)")
def lemmaA1_step15(ctx):
    """SymPy, d = 2, k = 1..4: the printed integrand of (15) equals (y_k(x) - w x_k)^2 with y_k
    the unrolled no-delay recurrence (1) (independent: symbolic recursion)."""
    ctx.start(ctx.instances([{"d": 2, "k": 3}])[0])
    for k in range(1, 5):
        A, B, C, w = _lemma_a1_symbols(2, k)
        x = sp.symbols(f"x1:{k + 1}", real=True)
        s = sp.zeros(2, 1)
        for t in range(k):
            s = A * s + B * x[t]
        y = (C * s)[0, 0]
        ctx.identity(f"k={k}", sp.expand((y - w * x[-1]) ** 2 - rm.loss_expectation_form(A, B, C, w, list(x))))


@check("rnn-memoryless/lemma-A.1", "step-line-2", "symbolic", step="App. A, l. 2")
def lemmaA1_step2(ctx):
    """SymPy, d = 2, k = 1..4: E[(15)] under E[x_a x_b] = [a = b] equals the printed first
    intermediate expression."""
    ctx.start(ctx.instances([{"d": 2, "k": 3}])[0])
    for k in range(1, 5):
        A, B, C, w = _lemma_a1_symbols(2, k)
        x = sp.symbols(f"x1:{k + 1}", real=True)
        first, _ = rm.loss_appendix_a_steps(A, B, C, w, k)
        ctx.identity(f"k={k}", sp.expand(_expect_whitened(rm.loss_expectation_form(A, B, C, w, list(x)), x) - first))


@check("rnn-memoryless/lemma-A.1", "step-line-3", "symbolic", step="App. A, l. 3")
def lemmaA1_step3(ctx):
    """SymPy, d = 2, k = 1..4: the first intermediate expression equals the second, and the
    second equals (14)."""
    ctx.start(ctx.instances([{"d": 2, "k": 3}])[0])
    for k in range(1, 5):
        A, B, C, w = _lemma_a1_symbols(2, k)
        first, second = rm.loss_appendix_a_steps(A, B, C, w, k)
        ctx.identity(f"k={k}: line 2 = line 3", sp.expand(first - second))
        ctx.identity(f"k={k}: line 3 = (14)", sp.expand(second - rm.loss_printed(A, B, C, w, k)))


@check("rnn-memoryless/theorem-4.1", "step-cayley-hamilton", "symbolic", step="Cayley-Hamilton")
def theorem41_step_ch(ctx):
    """SymPy, generic d x d A (d = 1..3): A^d = -sum_{i<d} c_i A^i with c_i the characteristic
    polynomial's coefficients."""
    ctx.start(ctx.instances([{"d": 2, "k": 3}])[0])
    for d in range(1, 4):
        A, _, _, _ = tl.parameters(d, "full")
        ctx.identity(f"d={d}", sp.expand(A**d - rm.theorem_4_1_ch(A)))


@check("rnn-memoryless/theorem-4.1", "step-induction", "symbolic", step="proof, induction")
def theorem41_step_next(ctx):
    """SymPy, generic 2x2 A, B, C: C A^{d+1} B = -sum c_i C A^{i+1} B (identity), which vanishes
    once C A^j B = 0 for 1 <= j <= d (k > d): substituted, exactly."""
    ctx.start(ctx.instances([{"d": 2, "k": 3}])[0])
    A, B, C, _ = tl.parameters(2, "full")
    ctx.identity("C A^3 B = -sum c_i C A^(i+1) B", sp.expand(rm.scalar(C * A**3 * B) - rm.theorem_4_1_next(A, B, C)))
    c = rm.charpoly_coefficients(A)
    h1, h2 = sp.symbols("h1 h2")
    ctx.identity("= 0 when C A B = C A^2 B = 0", sp.expand(-(c[0] * h1 + c[1] * h2)).subs({h1: 0, h2: 0}))


@check("rnn-memoryless/proposition-5.1", "step-P-power-d", "symbolic", step="proof, P^d = I")
def prop51_step_power(ctx):
    """Exact, d = 1..10: P^d = I, so C P^d B = w (symbolic w)."""
    w = sp.Symbol("w", real=True)
    for d in range(1, 11):
        ctx.start(ctx.instances([{"d": d, "k": d}])[0])
        A, B, C = rm.proposition_5_1_parameters(d, w)
        ctx.identity(f"d={d}: P^d - I", A**d - sp.eye(d))
        ctx.identity(f"d={d}: C P^d B - w", sp.expand((C * A**d * B)[0, 0] - w))


@check("rnn-memoryless/proposition-5.1", "step-footnote-2", "symbolic", step="footnote 2")
def prop51_step_footnote(ctx):
    """Exact, d = 1..10, j = 1..d-1: the first row of P^j is e_{d-j+1}^T (footnote 2), so
    C P^j B = 0 for 1 <= j <= k - 1 <= d - 1."""
    for d in range(1, 11):
        ctx.start(ctx.instances([{"d": d, "k": d}])[0])
        P = rm.cyclic_permutation(d)
        for j in range(1, d):
            ctx.identity(f"d={d}, j={j}: first row of P^j", (P**j)[0, :] - rm.proposition_5_1_first_row(d, j))


@margin("rnn-memoryless/claim-def-memoryless-teacher", equality=True)
def teacher_margin(ctx, inst):
    """Exact: the one-state RNN (A = 0, B = 1, C = w) run by the recurrence on a random rational
    input of length k, minus w x_k."""
    rng = np.random.default_rng(inst.get("seed", 0))
    w = _exact_w(inst["w"])
    x = list(nx.random_fraction_array(rng, inst["k"]))
    y = nl.simulate(np.array([[Fraction(0)]], dtype=object), [Fraction(1)], [w], x, update="no-delay")[-1]
    return y - w * x[-1]


def symmetric_minimiser(inst: dict):
    """A symmetric zero-loss point of (4), drawn from the seed, or PremiseUnmet: m = min(k, d)
    distinct rational eigenvalues (0 among them with probability 1/2, else of both signs), masses p solving the
    first m moment equations sum_i p_i lambda_i^j = (w, 0, ..., 0) exactly; A = diag(lambda),
    B = C^T = sqrt(p) (exact SymPy square roots; a diagonal A is symmetric)."""
    rng = np.random.default_rng(inst.get("seed", 0))
    d, k = inst["d"], inst["k"]
    w = sp.Rational(repr(float(inst["w"])))
    m = min(k, d)
    atoms = sorted({sp.Rational(int(v), 4) for v in rng.choice(np.arange(-8, 9), m, replace=False)})
    if rng.integers(0, 2) and 0 not in atoms:
        atoms[0] = sp.Integer(0)
        atoms = sorted(set(atoms))
    elif len(atoms) > 1 and (atoms[0] > 0 or atoms[-1] < 0):
        # eigenvalues of both signs: the only way to cancel odd moments with positive masses
        atoms = sorted(set([-atoms[0]] + atoms[1:]))
    m = len(atoms)
    V = sp.Matrix(m, m, lambda j, i: atoms[i] ** j)
    p = list(V.LUsolve(sp.Matrix([w] + [0] * (m - 1))))
    if any(v < 0 for v in p):
        raise PremiseUnmet("negative masses: no balanced symmetric point with these eigenvalues has zero loss")
    lam = atoms + [0] * (d - m)
    b = sp.Matrix([sp.sqrt(v) for v in p] + [0] * (d - m))
    A = sp.diag(*lam)
    L = sp.nsimplify(rm.loss_printed(A, b, b.T, w, k))
    if L != 0:
        raise PremiseUnmet(f"the drawn symmetric point has L = {L} (not a minimiser)")
    return A, b, b.T


@margin("rnn-memoryless/claim-thm6.1-slackness", equality=True)
def slackness_margin(ctx, inst):
    """At a drawn symmetric minimiser (B = C^T, A = A^T, L = 0 exactly), max_{1 <= j <= 2d} |C A^j B|
    (zero iff it extrapolates). With k = 2 the search outside k > 2 finds symmetric minimisers
    with C A^2 B != 0."""
    A, B, C = symmetric_minimiser(inst)
    h = tl.impulse(A, B, C, 2 * inst["d"] + 1)
    return Fraction(str(max(abs(sp.nsimplify(x)) for x in h[1:])))


# ---------------------------------------------------------------------------------------
# Hypothesis discharge (issue 19): the invoked results' hypotheses at the invoking proofs' instances
# ---------------------------------------------------------------------------------------
def _discharge_grid(ctx, sid: str, used: str, grid: list[dict], extra: dict):
    from theorems.registry import REGISTRY

    st = REGISTRY[sid]
    for g in grid:
        inst = {**st.defaults(), **g}
        if not all(st.hypotheses_hold(inst).values()):
            continue
        ctx.start(ctx.instances([g])[0])
        ctx.discharge(", ".join(f"{k}={v}" for k, v in g.items()), used, {**g, **extra})


@check("rnn-memoryless/theorem-4.1", "lemma-3.1-discharged", "symbolic", expect="verified")
def theorem41_discharge(ctx):
    """The proof minimises (4), i.e. invokes Lemma 3.1 under whitened inputs: its hypothesis
    (E x x^T = I_k, Rademacher inputs) at Theorem 4.1's instances k > d."""
    grid = [{"d": d, "k": k, "w": 1.0} for d in (1, 2, 4) for k in (d + 1, d + 3)]
    _discharge_grid(ctx, "rnn-memoryless/theorem-4.1", "rnn-memoryless/lemma-3.1", grid, {"input_law": "rademacher"})


@check("rnn-memoryless/proposition-5.1", "lemma-3.1-discharged", "symbolic", expect="verified")
def prop51_discharge(ctx):
    """Proposition 5.1's 'minimises the loss (4)' invokes Lemma 3.1 (whitened inputs) at d >= k."""
    grid = [{"d": d, "k": k, "w": 1.0} for d in (1, 3, 6) for k in range(1, d + 1, 2)]
    _discharge_grid(
        ctx, "rnn-memoryless/proposition-5.1", "rnn-memoryless/lemma-3.1", grid, {"input_law": "rademacher"}
    )
