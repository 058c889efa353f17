"""Checks for rnn-memoryless §6 and §7.1's guarantee (statements in theorems/rnn_memoryless_gd.py):
the gradients (5)-(10), the invariance of the symmetric manifold, complementary slackness,
Theorem 6.1, Remark 6.2, Lemma 6.3, the residual setting.

* symbolic: SymPy's gradient of the shared model's loss against the printed formulas, and the
  identities of the proof on the symmetric manifold;
* exact (``Fraction``): gradient descent in rational arithmetic (``numerics/linear_rnn_gd.py``:
  the invariance must hold *exactly* after every step, at every step size);
* flow: heyoka at 128 bits (checked at 192) on the exactly reduced residual system (CI-9), SciPy
  on the full system, and float64 gradient descent for long runs;
* convex: cvxpy (Clarabel) programs (the moment shadow of the slackness step, Lemma 6.3's QP).

Shared helpers (initialisations, the SymPy gradient, the reduced residual flow) come from
``checks.rnn_memoryless``.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp

from numerics import exact as nx
from numerics import flows
from numerics import linear_rnn_gd as gd
from numerics.estimate import Estimate
from theorems import linear_rnn as tl
from theorems import rnn_memoryless as rm
from theorems import rnn_memoryless_gd as rg

from .core import check, margin
from .rnn_memoryless import (
    EPS64,
    EXTRAP_OK,
    HP_BITS,
    extrapolation_error,
    gd_roundoff,
    gd_run,
    memoryless_loss,
    residual_limit,
    residual_reduced_flow,
    spectral_radius,
    symmetric_init,
    sympy_gradients,
)


# ---------------------------------------------------------------------------------------
# §6: gradients (5)-(10), invariance, slackness
# ---------------------------------------------------------------------------------------
def on_symmetric_manifold(A, B, C, sign: int = 1):
    """Substitution A = A^T (a_qp -> a_pq, p < q) and B = sign C^T (b_i -> sign c_i)."""
    d = A.shape[0]
    sub = {A[q, p]: A[p, q] for p in range(d) for q in range(p + 1, d)}
    sub.update({B[i, 0]: sign * C[0, i] for i in range(d)})
    return sub


@check("rnn-memoryless/claim-gradients", "printed-vs-sympy", "symbolic")
def gradients_symbolic(ctx):
    """(5)-(7) as printed against SymPy's gradient of (4) (d = 2, k = 3, 4; d = 3, k = 3); App.
    B's (16), (17) and the Cookbook identity (91) (n <= 4, d = 2) against differentiation (d = 3
    in the full budget); the
    GD update (10) equals A - eta grad_A L."""
    for d, k in ((2, 3), (2, 4), (3, 3)) if ctx.full else ((2, 3), (2, 4)):
        A, B, C, w, gA, gB, gC = sympy_gradients(d, k)
        pA, pB, pC = rg.gradients_printed(A, B, C, w, k)
        ctx.identity(f"(7) = dL/dA, d={d}, k={k}", (pA - gA).applyfunc(sp.expand))
        ctx.identity(f"(5) = dL/dB, d={d}, k={k}", (pB - gB).applyfunc(sp.expand))
        ctx.identity(f"(6) = dL/dC, d={d}, k={k}", (pC - gC).applyfunc(sp.expand))
        if (d, k) == (2, 3):
            eta = sp.Symbol("eta", positive=True)
            h = tl.impulse(A, B, C, k)
            upd = A - 2 * eta * sum((h[j] * rg.inner_sum_M(A, B, C, j) for j in range(1, k)), sp.zeros(d, d))
            ctx.identity(
                "(10): A - 2 eta sum_j h_j sum_r M_(j,r) = A - eta dL/dA", (upd - (A - eta * gA)).applyfunc(sp.expand)
            )
    A, B, C, _ = tl.parameters(2)
    w = sp.Symbol("w", real=True)
    bs = list(B)
    h0 = (C * B)[0, 0]
    ctx.identity(
        "(16): d/dB (CB - w)^2 = 2 (CB - w) C^T",
        sp.Matrix([sp.diff((h0 - w) ** 2, b) for b in bs]) - 2 * (h0 - w) * C.T,
    )
    for j in (1, 2, 3):
        hj = (C * A**j * B)[0, 0]
        ctx.identity(
            f"(17): d/dB (C A^{j} B)^2 = 2 (C A^{j} B) (A^{j})^T C^T",
            (sp.Matrix([sp.diff(hj**2, b) for b in bs]) - 2 * hj * (A**j).T * C.T).applyfunc(sp.expand),
        )
    for n in range(1, 5):
        f = (C * A**n * B)[0, 0]
        ref = sp.Matrix(2, 2, lambda p, q: sp.diff(f, A[p, q]))
        ctx.identity(
            f"Cookbook (91), n={n}: d/dX a^T X^n b = sum_r (X^r)^T a b^T (X^(n-1-r))^T",
            (rg.cookbook_91(A, C.T, B, n) - ref).applyfunc(sp.expand),
        )


@check("rnn-memoryless/claim-gradients", "finite-differences", "random")
def gradients_fd(ctx):
    """Hypothesis float instances (d <= 5, k <= 6): the printed (5)-(7), evaluated in mpmath
    at 50 digits, against central finite differences of the loss (4) through the recurrence's
    impulse response (step 1e-18; the error estimate is the difference to step 2e-18 plus the
    rounding 1e-50/1e-18)."""
    from hypothesis import strategies as st

    def prop(ex):
        d, k, seed = ex
        rng = np.random.default_rng(seed)
        with mpmath.workdps(50):
            A = mpmath.matrix((0.6 * rng.normal(size=(d, d))).tolist())
            B = mpmath.matrix(rng.normal(size=(d, 1)).tolist())
            C = mpmath.matrix(rng.normal(size=(1, d)).tolist())
            w = mpmath.mpf(float(rng.uniform(-2, 2)))

            def loss(Am, Bm, Cm):
                h = [(Cm * Am**j * Bm)[0, 0] for j in range(k)]
                return (h[0] - w) ** 2 + sum(h[j] ** 2 for j in range(1, k))

            Asp, Bsp, Csp = (sp.Matrix(M.rows, M.cols, lambda i, j: sp.Float(str(M[i, j]), 50)) for M in (A, B, C))
            pA, pB, pC = rg.gradients_printed(Asp, Bsp, Csp, sp.Float(str(w), 50), k)
            printed = [mpmath.mpf(str(v)) for v in list(pA) + list(pB) + list(pC)]
            fd, fd2 = [], []
            for M, shape in ((A, (d, d)), (B, (d, 1)), (C, (1, d))):
                for i in range(shape[0]):
                    for j in range(shape[1]):
                        vals = []
                        for hstep in (mpmath.mpf("1e-18"), mpmath.mpf("2e-18")):
                            old = M[i, j]
                            M[i, j] = old + hstep
                            up = loss(A, B, C)
                            M[i, j] = old - hstep
                            dn = loss(A, B, C)
                            M[i, j] = old
                            vals.append((up - dn) / (2 * hstep))
                        fd.append(vals[0])
                        fd2.append(vals[1])
            scale = max(1, max(abs(v) for v in fd))
            err = float(max(abs(a - b) for a, b in zip(fd, fd2)) / scale) + 1e-30
            ctx.agree(
                "printed (5)-(7) = finite differences of (4)",
                [float(v / scale) for v in printed],
                [float(v / scale) for v in fd],
                tol=1e-13,
                err=Estimate(0.0, err, "two step sizes"),
                scale=1.0,
            )

    ctx.random(st.tuples(st.integers(1, 5), st.integers(1, 6), st.integers(0, 10**6)), prop, quick=4, full=40)


@check("rnn-memoryless/claim-thm6.1-invariance", "tangency-identities", "symbolic")
def invariance_symbolic(ctx):
    """On A = A^T, B = C^T (d = 2, 3; k = 3, 4), with SymPy's gradient: grad_A L is symmetric,
    grad_B L = (grad_C L)^T, and M_(j,r)^T = M_(j,j-1-r) (the printed pairing)."""
    for d, k in ((2, 3), (2, 4), (3, 3)):
        A, B, C, w, gA, gB, gC = sympy_gradients(d, k)
        sub = on_symmetric_manifold(A, B, C)
        gA_s, gB_s, gC_s = (M.subs(sub, simultaneous=True) for M in (gA, gB, gC))
        ctx.identity(f"d={d}, k={k}: grad_A L = (grad_A L)^T on the manifold", (gA_s - gA_s.T).applyfunc(sp.expand))
        ctx.identity(f"d={d}, k={k}: grad_B L = (grad_C L)^T on the manifold", (gB_s - gC_s.T).applyfunc(sp.expand))
        if (d, k) == (2, 4):
            As, Bs, Cs = (M.subs(sub, simultaneous=True) for M in (A, B, C))
            for j in range(1, k):
                for r in range(j):
                    ctx.identity(
                        f"M_({j},{r})^T = M_({j},{j - 1 - r})",
                        (rg.M_term(As, Bs, Cs, j, r).T - rg.M_term(As, Bs, Cs, j, j - 1 - r)).applyfunc(sp.expand),
                    )


def _exact_symmetric_gd(ctx, d, k, w, eta, seed, steps, sign=1, label="", scale=Fraction(1), symmetric=True):
    """Exact GD in Fractions from a rational symmetric initialisation (B0 = sign C0^T); checks
    the invariance after every step, exactly, and the printed gradients at each iterate."""
    rng = np.random.default_rng(seed)
    A = scale * nx.rational_symmetric(rng, d)
    C = scale * nx.rational_vector(rng, d)
    B = sign * C
    if not symmetric:  # outside the hypothesis (probes): A0 = A0^T + a strictly upper part, B0 != C0^T
        A = A + scale * gd.as_exact(np.triu(rng.integers(1, 3, (d, d)), 1))
        B = B + scale * nx.rational_vector(rng, d)
    loss = memoryless_loss(k, Fraction(w))
    held = {"sym": True, "bc": True, "printed": True}

    def on_step(t, params):
        At, Bt, Ct = params
        held["sym"] &= bool((At == At.T).all())
        held["bc"] &= bool((Bt == sign * Ct).all())
        if t < 2:  # the printed formulas in SymPy at the exact iterate (bounded cost)
            _, (GA, GB, GC) = gd.loss_and_gradient(loss, At, Bt, Ct)
            pA, pB, pC = rg.gradients_printed(
                nx.sympy_matrix(At), nx.sympy_matrix(Bt), nx.sympy_matrix(Ct).T, nx.sympy_rational(Fraction(w)), k
            )
            held["printed"] &= pA == nx.sympy_matrix(GA) and pB == nx.sympy_matrix(GB) and pC == nx.sympy_matrix(GC).T

    run = gd.gradient_descent(loss, A, B, C, Fraction(eta), steps, on_step=on_step)
    sc = f"exact Fractions, d={d}, k={k}, w={w}, eta={eta}, {steps} steps"
    ctx.exact(f"{label}A_t = A_t^T exactly at every step", held["sym"], "==", True, scope=sc)
    ctx.exact(f"{label}B_t = {'' if sign == 1 else '-'}C_t^T exactly at every step", held["bc"], "==", True, scope=sc)
    ctx.exact(
        f"{label}printed (5)-(7) = the engine's gradient at the iterates (t < 2)", held["printed"], "==", True, scope=sc
    )
    return run


# exact Fractions, but 2 steps at Hypothesis-drawn instances: evidence (the proof is the tangency identities)
@check("rnn-memoryless/claim-thm6.1-invariance", "exact-gd", "random", expect="verified")
def invariance_exact_gd(ctx):
    """Hypothesis: d <= 3, k <= 4, rational symmetric A0, rational C0, B0 = C0^T, w, and step
    sizes eta in {1/20, 1/2, 1, 3} (the argument does not restrict eta): 2 exact GD steps in
    Fractions; symmetry holds exactly after each step."""
    from hypothesis import strategies as st

    def prop(ex):
        d, k, seed, eta, w = ex
        _exact_symmetric_gd(ctx, d, k, w, eta, seed, 2)

    ctx.random(
        st.tuples(
            st.integers(1, 3),
            st.integers(1, 4),
            st.integers(0, 10**6),
            st.sampled_from([Fraction(1, 20), Fraction(1, 2), Fraction(1), Fraction(3)]),
            st.sampled_from([Fraction(1), Fraction(-2), Fraction(3, 2)]),
        ),
        prop,
        quick=6,
        full=60,
    )


@check("rnn-memoryless/claim-thm6.1-slackness", "slackness-identities", "symbolic")
def slackness_symbolic(ctx):
    """On A = A^T, B = C^T: h_2 = ||A C^T||^2 (CI-4; d = 2, 3), so (11) forces A C^T = 0; with
    A = U D U^T (d = 2, U a rotation by theta) and v = U^T C^T: C A^2 B = sum_i lambda_i^2 v_i^2
    (12) and C A^j B = sum_i lambda_i^(j-1) (lambda_i v_i) v_i for j <= 5."""
    for d in (2, 3):
        A, B, C, _ = tl.parameters(d, "symmetric")
        Bs = C.T
        h2 = (C * A**2 * Bs)[0, 0]
        ctx.identity(f"d={d}: h_2 = ||A C^T||^2 on the manifold", sp.expand(h2 - sum(v**2 for v in A * C.T)))
    th = sp.Symbol("t", real=True)
    l1, l2, c1, c2 = sp.symbols("lambda1 lambda2 c1 c2", real=True)
    # every rotation but by pi, rationally parametrised (t = tan(theta/2))
    U = sp.Matrix([[1 - th**2, -2 * th], [2 * th, 1 - th**2]]) / (1 + th**2)
    Dm = sp.diag(l1, l2)
    A = U * Dm * U.T
    C = sp.Matrix([[c1, c2]])
    v = U.T * C.T
    ctx.identity("U is orthogonal", (U.T * U - sp.eye(2)).applyfunc(sp.cancel))
    ctx.identity(
        "(12): C U D^2 U^T C^T = sum_i lambda_i^2 v_i^2",
        sp.cancel((C * A**2 * C.T)[0, 0] - (l1**2 * v[0] ** 2 + l2**2 * v[1] ** 2)),
    )
    for j in range(1, 6):
        ctx.identity(
            f"C A^{j} B = sum_i lambda_i^{j - 1} (lambda_i v_i) v_i",
            sp.cancel(
                (C * A**j * C.T)[0, 0] - (l1 ** (j - 1) * (l1 * v[0]) * v[0] + l2 ** (j - 1) * (l2 * v[1]) * v[1])
            ),
        )


# exact rationals at Hypothesis-drawn instances: evidence, not a proof
@check("rnn-memoryless/claim-thm6.1-slackness", "kernel-instances", "random", expect="verified")
def slackness_exact(ctx):
    """Exact: rational symmetric A with C^T in its kernel (SymPy nullspace) has C A^j B = 0 for
    all 1 <= j <= 3d (B = C^T); on random rational manifold points h_2 = ||A C^T||^2 exactly."""
    from hypothesis import strategies as st

    def prop(ex):
        d, seed = ex
        ctx.start({"d": d, "k": 3, "seed": seed})  # the identities hold for any k; k = 3 meets k > 2
        rng = np.random.default_rng(seed)
        A = nx.sympy_matrix(nx.rational_symmetric(rng, d))
        c = nx.sympy_matrix(nx.rational_vector(rng, d))
        h2 = (c.T * A**2 * c)[0, 0]
        ctx.exact("h_2 = ||A C^T||^2 at a random rational manifold point", h2, "==", (A * c).dot(A * c))
        # make A singular (symmetric) and take C^T in its kernel
        u = nx.sympy_matrix(nx.rational_vector(rng, d))
        if all(x == 0 for x in u):
            u[0] = 1
        Pm = sp.eye(d) - u * u.T / u.dot(u)
        As = Pm * A * Pm  # symmetric, kills u
        ns = As.nullspace()
        cc = ns[0]
        hj = [(cc.T * As**j * cc)[0, 0] for j in range(1, 3 * d + 1)]
        ctx.exact("C^T in ker A: C A^j B = 0 for 1 <= j <= 3d", all(v == 0 for v in hj), "==", True)

    ctx.random(st.tuples(st.integers(1, 4), st.integers(0, 10**6)), prop, quick=8, full=80)


def moment_lp(k: int, J: int, w: float = 1.0, R_: float = 2.0, n: int = 81):
    """max m_J over positive measures on a grid of [-R, R] with m_0 = w, m_j = 0 (1 <= j < k)."""
    from numerics import linear_programs as lp

    grid = np.linspace(-R_, R_, n)
    E = np.array([grid**j for j in range(k)])
    f = np.array([w] + [0.0] * (k - 1))
    return lp.extremize_linear(grid**J, E, f, nonneg=True)


@check("rnn-memoryless/claim-thm6.1-slackness", "moment-lp", "convex", outside_hypotheses=True)
def slackness_lp(ctx):
    """The moment shadow of the slackness step (h_j = sum_i v_i^2 lambda_i^j is a positive
    measure's moment): the LP max m_J over positive measures on a grid of [-2, 2] with m_0 = 1,
    m_1 = ... = m_{k-1} = 0 is 0 for k = 3, 4 and every J <= 8 (the printed argument), and is
    positive for k = 2 (the hypothesis k > 2 is needed: mass 1/2 at +-lambda). Each k is judged
    by the statement's encoded hypotheses: where they hold the LP must be 0, where they fail
    (k = 2, deliberately outside) the argument must fail too, so the encoded hypothesis is
    checked to be exactly the printed, sharp one on k = 2, 3, 4."""
    ctx.precision = "Clarabel 1e-12 (error estimate: difference to 1e-9 plus feasibility residual)"
    for k in (2, 3, 4):
        held = ctx.start(ctx.instances([{"k": k, "w": 1.0}])[0])
        if all(held.values()):
            for J in range(k, 9):
                r = moment_lp(k, J)
                ctx.agree(
                    f"k={k} (hypotheses hold): max m_{J} = 0",
                    r.value,
                    0.0,
                    tol=1e-7,
                    err=Estimate(0.0, r.error, "two tolerances"),
                    scale=1.0,
                )
        else:
            r = moment_lp(k, k)
            ctx.agree(
                f"contrast k={k} (outside the hypotheses): max m_{k} = R^{k} (half the mass at +-2)",
                r.value,
                2.0**k,
                tol=1e-6,
                err=Estimate(0.0, r.error, "two tolerances"),
            )


# ---------------------------------------------------------------------------------------
# Theorem 6.1, Remark 6.2, the residual setting
# ---------------------------------------------------------------------------------------
# (exact GD runs of a few steps never meet Theorem 6.1's convergence premise: they are no evidence
# for the theorem, and the invariance they show is judged under claim-thm6.1-invariance's exact-gd)
def _run_theorem61_gd(ctx, inst, sign=1):
    """Float GD on (4) from Theorem 6.1's initialisation (or outside it, for probes); the
    items say whether the run converged and whether its limit extrapolates."""
    d, k, w, eta, steps, T = inst["d"], inst["k"], inst["w"], inst["eta"], inst["steps"], inst["T"]
    A, B, C = symmetric_init(d, inst["init_scale"], inst["seed"], symmetric=inst["symmetric_init"])
    if inst["symmetric_init"]:
        B = sign * C
    loss = memoryless_loss(k, w)
    marks = {0, steps // 8, steps // 4, steps // 2, steps}
    run = gd.gradient_descent(loss, A, B, C, eta, steps, record=lambda t: t in marks)
    A1, B1, C1 = run.params[-1]
    L0, L1 = float(run.losses[0]), float(run.losses[-1])
    monotone = (not run.diverged) and all(b <= a for a, b in zip(run.losses, run.losses[1:]))
    # the instance carries the run's measured losses: Theorem 6.1's convergence premise is evaluated on them
    ctx.start({**inst, "loss_initial": L0, "loss_final": L1, "loss_monotone": monotone})
    ctx.observe(
        "premise observed: GD's loss, non-increasing, ends below GD_CONVERGED_RATIO of its start",
        converged=rg.gd_converged({"loss_initial": L0, "loss_final": L1, "loss_monotone": monotone}),
        L0=L0,
        L_final=L1,
        steps=steps,
        diverged=run.diverged,
    )
    if run.diverged:
        return run
    # rounding model: each step adds O(eps |update|) to the asymmetry; the measured asymmetry itself
    # is a float difference, rounded by at most eps scale (its error estimate)
    scale = max(1.0, float(np.abs(A1).max()), float(np.abs(C1).max()))
    read = Estimate.roundoff(1, scale)
    ctx.bound(
        "A_t stays symmetric (float64; rounding bound 16 eps steps scale)",
        float(np.abs(A1 - A1.T).max()),
        16 * EPS64 * steps * scale,
        err=read,
    )
    ctx.bound(
        f"B_t stays {'' if sign == 1 else '-'}C_t^T (float64; rounding bound)",
        float(np.abs(B1 - sign * C1).max()),
        16 * EPS64 * steps * scale,
        err=read,
    )
    # the limit extrapolates: along the run, max_{k<=j<T} |h_j| <= K sqrt(L_t) with K bounded
    # (on the manifold |h_j| <= rho^(j-2) h_2 <= rho^(j-2) sqrt(L) when k > 2), so it -> 0 with L
    Es, Ks = [], []
    for (At, Bt, Ct), Lt in zip(run.params[1:], run.losses[1:]):
        E = extrapolation_error(At, Bt, Ct, k, [w], T)
        rho = spectral_radius(At)
        Es.append(E)
        Ks.append(max(1.0, rho) ** (T - 2) * math.sqrt(float(Lt)))
    ctx.metrics.setdefault("extrapolation_errors", []).append(Es)
    ctx.bound(
        f"limit extrapolates: max_(k<=j<{T}) |h_j| <= max(1, rho)^(T-2) sqrt(L) at the final iterate",
        Es[-1],
        Ks[-1],
        err=gd_roundoff(run, k, T),
        E=Es[-1],
        L=L1,
    )
    ctx.observe(
        "the extrapolation error along the run (-> 0 with the loss)",
        decreasing=all(b <= a * (1 + 1e-9) for a, b in zip(Es, Es[1:])),
        errors=Es,
    )
    # complementary slackness (13) at the final iterate: max |lambda_i v_i| -> 0 like sqrt(h_2)
    if inst["symmetric_init"]:
        lam, U = np.linalg.eigh((A1 + A1.T) / 2)
        v = U.T @ B1
        ctx.bound(
            "complementary slackness: max_i |lambda_i v_i| <= sqrt(|h_2|) (+ rounding)",
            float(np.max(np.abs(lam * v))),
            math.sqrt(abs(float(gd.impulse(A1, B1, C1, 3)[2]))),
            err=gd_roundoff(run, k, 3),
        )
    return run


@check("rnn-memoryless/theorem-6.1", "gd-long-run", "flow")
def theorem61_gd(ctx):
    """Float64 GD on (4) from A0 = (M + M^T)/2, B0 = C0^T (entries N(0, sigma^2/d)): the loss
    tends to 0 (the premise), the symmetry is kept to rounding, and the extrapolation error
    max_{k<=j<T} |h_j| tends to 0 with the loss (bounded by max(1, rho)^(T-2) sqrt(L) along the
    run), with complementary slackness |lambda_i v_i| -> 0. Probe with symmetric_init=false to
    run outside the hypothesis (the extrapolation bound then fails)."""
    quick = [
        {"d": 4, "k": 3, "eta": 0.05, "init_scale": 0.5, "steps": 4000, "seed": 0},
        {"d": 6, "k": 4, "eta": 0.05, "init_scale": 0.5, "steps": 3000, "seed": 1},
    ]
    # eta = 0.02: at eta = 0.05 the scale-1 start d = 3, k = 5, seed 2 (L0 = 12.5) diverges (premise not met)
    full = quick + [
        {"d": d, "k": k, "eta": 0.02, "init_scale": s, "steps": 10000, "seed": 2}
        for d in (3, 8)
        for k in (3, 5)
        for s in (0.5, 1.0)
    ]
    ctx.precision = "float64 GD; SciPy DOP853 1e-10 (check 1e-12) for the flow rates (full budget)"
    for inst in ctx.instances(quick, full):
        _run_theorem61_gd(ctx, inst)  # starts the instance with the run's measured losses
    if ctx.full:
        # the gradient flow's algebraic approach to the limit: along t in [1e3, 1e4] the loss and the
        # extrapolation error decay as power laws; a negative exponent of the error means the
        # zero-loss limit extrapolates
        for d in (2, 3):
            A0, B0, C0 = symmetric_init(d, 0.5, 0)
            fl = flows.integrate_double(
                gd.flow_field(memoryless_loss(3, 1.0), d),
                gd.pack(A0, B0, C0),
                1e4,
                rtol=1e-10,
                method="DOP853",
                grid=flows.geometric_grid(1e4, 1e-1, 4),
            )
            pts = []
            for t, x in zip(fl.times, fl.states):
                if t >= 999:
                    A, B, C = gd.unpack(x, d)
                    h = gd.impulse(A, B, C, 60)
                    pts.append((t, (h[0] - 1) ** 2 + h[1] ** 2 + h[2] ** 2, max(abs(v) for v in h[3:])))
            sL = math.log(pts[-1][1] / pts[0][1]) / math.log(pts[-1][0] / pts[0][0])
            sE = math.log(pts[-1][2] / pts[0][2]) / math.log(pts[-1][0] / pts[0][0])
            L_init = (float(gd.impulse(A0, B0, C0, 1)[0]) - 1) ** 2 + sum(
                float(v) ** 2 for v in gd.impulse(A0, B0, C0, 3)[1:]
            )
            # a gradient flow's loss never increases: the premise is the loss ratio at t = 1e4
            ctx.start(
                {
                    "d": d,
                    "k": 3,
                    "w": 1.0,
                    "init_scale": 0.5,
                    "seed": 0,
                    "symmetric_init": True,
                    "flow": "SciPy DOP853",
                    "loss_initial": L_init,
                    "loss_final": pts[-1][1],
                    "loss_monotone": True,
                }
            )
            ctx.metrics[f"flow_d{d}_loss_exponent"] = sL
            # exponent error: relative error of E (state error times a sensitivity <= 60 |h|-terms) over ln(10)
            err_s = 2 * 60 * float(np.max(fl.error)) / (min(p[2] for p in pts) * math.log(10))
            ctx.bound(
                f"d={d}: gradient flow, the extrapolation error decays as t^s "
                "with s <= -1/2 on [1e3, 1e4] (-> 0: the limit extrapolates)",
                sE,
                -0.5,
                err=err_s,
                loss_exponent=sL,
                error_exponent=sE,
            )


@functools.cache
def residual_full_vs_reduced(d: int, k: int, w: float, c0: float, seed: int):
    """The full flow (SciPy DOP853, d^2 + 2d states) from A0 = I, B0 = C0^T = c0 b and the
    reduced flow (a, c) on the same grid; returns the largest deviation of the full state from
    the family A = I + (a - 1) b b^T, B = C^T = c b, and the two error estimates."""
    rng = np.random.default_rng(seed)
    b = rng.normal(size=d)
    b /= np.linalg.norm(b)
    x0 = gd.pack(np.eye(d), c0 * b, c0 * b)
    grid = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0]
    full = flows.integrate_double(
        gd.flow_field(memoryless_loss(k, w), d), x0, 8.0, rtol=1e-11, method="DOP853", grid=grid
    )
    syms, rhs, _ = residual_reduced_flow(w, k)
    f, _ = flows.lambdify_field(rhs, syms)
    red = flows.integrate_double(f, [1.0, c0], 8.0, rtol=1e-11, method="DOP853", grid=grid)
    dev = 0.0
    for xs, (a, c) in zip(full.states, red.states):
        A, B, C = gd.unpack(xs, d)
        dev = max(
            dev,
            float(np.abs(A - (np.eye(d) + (a - 1) * np.outer(b, b))).max()),
            float(np.abs(B - c * b).max()),
            float(np.abs(C - c * b).max()),
        )
    return dev, Estimate(0.0, float(np.max(full.error)) + float(np.max(red.error)), "two tolerances")


@check("rnn-memoryless/theorem-6.1", "residual-init-limit", "flow")
def theorem61_residual_flow(ctx):
    """Gradient flow at high precision on the exactly reduced invariant system (CI-9: A0 = I,
    B0 = C0^T; verified symbolically below for d = 2 and against the full d = 3 flow once): heyoka at 128 bits
    (check 192) until |a| + |c^2 - w| < 1e-30; the limit a = 0, c = sqrt(w) is a zero-loss point
    with h_j = a^j c^2 = 0 for every j >= 1 (it extrapolates)."""
    ctx.precision = f"heyoka MPFR {HP_BITS} bits (check {HP_BITS + 64}); SciPy DOP853 1e-11 (check 1e-13)"
    a, c, w, p, q = sp.symbols("a c w p q", real=True)
    # a generic unit vector b = (p, q) of R^2: identities reduced modulo p^2 + q^2 - 1 (a
    # Groebner basis of its ideal, so a zero remainder proves the identity on the unit circle)
    b = sp.Matrix([p, q])
    unit = lambda e: sp.reduced(sp.expand(e), [p**2 + q**2 - 1], p, q)[1]
    A = sp.eye(2) + (a - 1) * b * b.T
    Bv = c * b
    k = 3
    L1 = rm.residual_reduced_loss(a, c, w, k)
    ctx.identity(
        "CI-9: on the family, (4) = L1(a, c) (d = 2, unit b)",
        unit(tl.population_loss(A, Bv, Bv.T, [w], k) - L1),
        scope="modulo |b| = 1",
    )
    _, _, _, _, gA, gB, gC = sympy_gradients(2, k)
    A_s, B_s, C_s, _ = tl.parameters(2)
    sub = {A_s[i, j]: A[i, j] for i in range(2) for j in range(2)}
    sub.update({B_s[i, 0]: Bv[i] for i in range(2)})
    sub.update({C_s[0, i]: Bv[i] for i in range(2)})
    sub[sp.Symbol("w", real=True)] = w
    ctx.identity(
        "CI-9: grad_A L on the family = (dL1/da) b b^T (the flow stays in the family)",
        [unit(e) for e in gA.subs(sub, simultaneous=True) - sp.diff(L1, a) * b * b.T],
        scope="modulo |b| = 1",
    )
    ctx.identity(
        "CI-9: grad_B L = (grad_C L)^T = (1/2)(dL1/dc) b on the family",
        [
            unit(e)
            for e in list(gB.subs(sub, simultaneous=True) - sp.diff(L1, c) / 2 * b)
            + list(gC.subs(sub, simultaneous=True).T - sp.diff(L1, c) / 2 * b)
        ],
        scope="modulo |b| = 1",
    )
    for inst in ctx.instances([{"w": 1.0, "k": 3}], [{"w": w_, "k": k_} for w_ in (1.0, 0.5, 3.0) for k_ in (3, 4, 5)]):
        if not inst["symmetric_init"] or inst["w"] <= 0:
            ctx.start({**inst, "loss_initial": 1.0, "loss_final": 1.0, "loss_monotone": False})
            ctx.note(
                "residual-init-limit: the reduction needs A0 = I, B0 = C0^T and w > 0; not run for this probe instance"
            )
            continue
        lim = residual_limit(inst["w"], inst["k"], 0.5)
        av, cv = lim.value if lim.reached else (1, 0.5)
        Lf = rm.residual_reduced_loss(mpmath.mpf(av), mpmath.mpf(cv), inst["w"], inst["k"])
        # gradient flow: the loss never increases; the premise is read off the flow's rest point
        ctx.start(
            {
                **inst,
                "loss_initial": float(rm.residual_reduced_loss(1.0, 0.5, inst["w"], inst["k"])),
                "loss_final": float(Lf) if lim.reached else math.inf,
                "loss_monotone": True,
            }
        )
        ctx.observe(
            "the reduced flow reaches rest (|a| + |c^2 - w| < 1e-30)", reached=lim.reached, t_final=lim.flow.t_final
        )
        if not lim.reached:
            continue
        with mpmath.workprec(HP_BITS):
            ctx.agree(
                "limit a = 0 (A_inf = I - b b^T)",
                [av],
                [0],
                tol=1e-25,
                err=Estimate(0.0, lim.error, "two precisions"),
                scale=1.0,
            )
            ctx.agree(
                "limit c = sqrt(w) (CB = w)",
                [cv],
                [mpmath.sqrt(mpmath.mpf(inst["w"]))],
                tol=1e-25,
                err=Estimate(0.0, lim.error, "two precisions"),
                scale=1.0,
            )
            hj = max(abs(av**j * cv**2) for j in range(1, 60))
        ctx.bound(
            "the limit extrapolates: max_(1<=j<60) |h_j| = max |a^j c^2| at the limit",
            float(hj),
            1e-25,
            err=Estimate(0.0, lim.error, "two precisions"),
        )
    dev, err = residual_full_vs_reduced(3, 3, 1.0, 0.5, 0)
    ctx.agree(
        "reduction: the full flow (d = 3, 15 states) stays in the family, t <= 8",
        dev,
        0.0,
        tol=1e-8,
        err=err,
        scale=1.0,
    )


@check("rnn-memoryless/claim-residual-setting", "residual-limit", "flow")
def residual_setting(ctx):
    """From A0 = I (the residual setting, symmetric), B0 = C0^T: the high-precision reduced flow
    (CI-9, checked against the full flow for d = 3, 4) converges to a = 0, so A_inf =
    I - b b^T with ||A_inf||_F = sqrt(d - 1 + a^2) -> sqrt(d - 1): far from the trivial A = 0,
    for d in {3, 4, 8}; and a symmetric A0 = s S with rho(A0) = 2 (arbitrary magnitude) is
    admissible: GD from it keeps the symmetry and reaches a small loss."""
    ctx.precision = f"heyoka MPFR {HP_BITS} bits (check {HP_BITS + 64}); SciPy DOP853"
    ctx.start(ctx.instances([{"k": 3, "w": 1.0}])[0])
    lim = residual_limit(1.0, 3, 0.5)
    if not lim.reached:
        ctx.observe("the reduced flow did not reach rest", reached=False)
        return
    av = lim.value[0]
    for d in (3, 4, 8):
        with mpmath.workprec(HP_BITS):
            normA = mpmath.sqrt(d - 1 + av**2)
            ctx.agree(
                f"d={d}: ||A_inf||_F = sqrt(d - 1)",
                [normA],
                [mpmath.sqrt(d - 1)],
                tol=1e-25,
                err=Estimate(0.0, 2 * lim.error, "two precisions"),
                scale=1.0,
            )
    for d in (3, 4):
        dev, err = residual_full_vs_reduced(d, 3, 1.0, 0.5, d)
        ctx.agree(
            f"d={d}: full flow from A0 = I stays in the reduced family (t <= 8)", dev, 0.0, tol=1e-8, err=err, scale=1.0
        )
    rng = np.random.default_rng(7)
    M = rng.normal(size=(4, 4))
    S = (M + M.T) / 2
    A0 = 2.0 * S / spectral_radius(S)
    c = 0.3 * rng.normal(size=4)
    run = gd.gradient_descent(memoryless_loss(3, 1.0), A0, c.copy(), c, 0.01, 3000, record=lambda t: t in (0, 3000))
    A1, B1, C1 = run.params[-1]
    ctx.observe("rho(A0) = 2: the run", diverged=run.diverged, normA=float(np.linalg.norm(A1)))
    if not run.diverged:
        scale = max(1.0, float(np.abs(A1).max()), float(np.abs(C1).max()))
        read = Estimate.roundoff(1, scale)
        ctx.bound("rho(A0) = 2: GD keeps A symmetric (< 1e-10)", float(np.abs(A1 - A1.T).max()), 1e-10, err=read)
        ctx.bound("rho(A0) = 2: GD keeps B = C^T (< 1e-10)", float(np.abs(B1 - C1).max()), 1e-10, err=read)
        ctx.bound(
            "rho(A0) = 2: the loss falls below 1e-3 of its start",
            float(run.losses[-1]),
            rg.GD_CONVERGED_RATIO * float(run.losses[0]),
            err=gd_roundoff(run, 3, 3),
            L0=float(run.losses[0]),
            L=float(run.losses[-1]),
        )


# the identities are proved at d = 2, 3; the exact GD run (w = -1, 3 steps) is evidence at one instance: verified
@check("rnn-memoryless/remark-6.2", "negative-teacher", "symbolic", expect="verified")
def remark62_symbolic(ctx):
    """On A = A^T, B = -C^T (SymPy's gradient, d = 2, 3, k = 3): grad_B L = -(grad_C L)^T and
    grad_A L is symmetric (so GD keeps B_t = -C_t^T, A_t = A_t^T), h_2 = -||A C^T||^2 (so the
    slackness argument goes through with the sign flipped); exact GD in Fractions with w < 0
    keeps B_t = -C_t^T exactly."""
    for d in (2, 3):
        A, B, C, w, gA, gB, gC = sympy_gradients(d, 3)
        sub = on_symmetric_manifold(A, B, C, sign=-1)
        gA_s, gB_s, gC_s = (M.subs(sub, simultaneous=True) for M in (gA, gB, gC))
        ctx.identity(f"d={d}: grad_B L = -(grad_C L)^T on B = -C^T", (gB_s + gC_s.T).applyfunc(sp.expand))
        ctx.identity(f"d={d}: grad_A L symmetric on B = -C^T", (gA_s - gA_s.T).applyfunc(sp.expand))
        As, Cs = A.subs(sub, simultaneous=True), C
        ctx.identity(
            f"d={d}: h_2 = -||A C^T||^2 on B = -C^T",
            sp.expand((Cs * As**2 * (-Cs.T))[0, 0] + sum(v**2 for v in As * Cs.T)),
        )
    ctx.start({"d": 2, "k": 3, "w": -1.0, "eta": 0.05, "seed": 3, "steps": 3})
    _exact_symmetric_gd(ctx, 2, 3, -1, Fraction(1, 20), 3, 3, sign=-1, label="w=-1: ")


@check("rnn-memoryless/remark-6.2", "gd-negative-teacher", "flow")
def remark62_gd(ctx):
    """Float64 GD with w = -1 from A0 = A0^T, B0 = -C0^T: the loss tends to 0, B_t = -C_t^T is
    kept, and the extrapolation error tends to 0 with the loss (as for Theorem 6.1); the
    mismatched B0 = +C0^T cannot fit (CB = ||C||^2 >= 0 > w, so L >= w^2), recorded."""
    ctx.precision = "float64 GD"
    for inst in ctx.instances(
        [{"d": 4, "k": 3, "w": -1.0, "seed": 2}],
        [{"d": d, "k": k, "w": -1.0, "seed": s} for d in (3, 6) for k in (3, 4) for s in range(2)],
    ):
        _run_theorem61_gd(  # starts the instance
            ctx, {**inst, "eta": 0.05, "init_scale": 0.5, "symmetric_init": True, "steps": 3000, "T": 60}, sign=-1
        )
        A, B, C = symmetric_init(inst["d"], 0.5, inst["seed"])
        run = gd.gradient_descent(
            memoryless_loss(inst["k"], inst["w"]), A, C.copy(), C, 0.05, 1000, record=lambda t: t == 1000
        )
        # exact arithmetic gives L >= w^2; the float run approaches w^2 from above, so the slack is
        # at rounding level and cannot be judged against a rounding estimate: recorded
        ctx.observe(
            "mismatched sign B0 = +C0^T: the loss stays >= w^2 (CB = ||C||^2 >= 0 > w)",
            loss=float(run.losses[-1]),
            w_squared=inst["w"] ** 2,
            relative_gap=float(run.losses[-1]) / inst["w"] ** 2 - 1,
        )


# ---------------------------------------------------------------------------------------
# Lemma 6.3
# ---------------------------------------------------------------------------------------
@check("rnn-memoryless/lemma-6.3", "construction-closed-forms", "symbolic")
def lemma63_symbolic(ctx):
    """The proof's construction (A = diag(0, a), B = C^T = (sqrt w, delta)): loss (4) =
    delta^4 (a^(2k) - 1)/(a^2 - 1) (k = 1..6), the length-T loss delta^4 (a^(2T) - 1)/(a^2 - 1)
    diverges as T -> oo for |a| > 1, and the choice delta^4 = eps (a^2 - 1) / (2 (a^(2k) - 1))
    gives loss eps/2 < eps with h_1 = a delta^2 != 0 (no extrapolation)."""
    a, dl, w, eps, T = sp.symbols("a delta w epsilon T", positive=True)
    A, B, C = rg.lemma_6_3_parameters(a, dl, w)
    for k in range(1, 7):
        ctx.identity(
            f"k={k}: loss (4) = delta^4 (a^(2k) - 1)/(a^2 - 1)",
            sp.cancel(rm.loss_printed(A, B, C, w, k) - dl**4 * (a ** (2 * k) - 1) / (a**2 - 1)),
        )
        d4 = eps * (a**2 - 1) / (2 * (a ** (2 * k) - 1))
        ctx.identity(
            f"k={k}: with delta^4 = eps (a^2-1)/(2(a^(2k)-1)) the loss is eps/2",
            sp.cancel(rm.loss_printed(A, B, C, w, k).subs(dl, d4 ** sp.Rational(1, 4)) - eps / 2),
        )
    # every a > 1 at once: a = 1 + b, b > 0 symbolic (a^2 - 1 = b (b + 2) > 0)
    b = sp.Symbol("b", positive=True)
    LT = dl**4 * ((1 + b) ** (2 * T) - 1) / (b * (b + 2))
    ctx.exact(
        "length-T loss diverges as T -> oo (every a = 1 + b > 1, symbolic b, delta)",
        str(sp.limit(LT, T, sp.oo)),
        "==",
        str(sp.oo),
        whole=True,
    )
    ctx.identity("h_1 = a delta^2 (non-zero for a, delta != 0)", (C * A * B)[0, 0] - a * dl**2)
    # d = 1 (notes): with u = c^2 and S = sum_{j=1}^{k-1} a^(2j), the loss (u - w)^2 + S u^2 is
    # minimised at u = w/(1+S) with value w^2 S/(1+S) >= w^2/2 when S >= 1 (|a| >= 1, k >= 2)
    u, S = sp.symbols("u S", positive=True)
    f = (u - w) ** 2 + S * u**2
    ctx.identity("d=1: the loss in u = c^2 is stationary at u = w/(1+S)", sp.cancel(sp.diff(f, u).subs(u, w / (1 + S))))
    ctx.identity(
        "d=1: its minimum is w^2 S/(1+S) (>= w^2/2 for S >= 1: no divergence with small loss)",
        sp.cancel(f.subs(u, w / (1 + S)) - w**2 * S / (1 + S)),
    )


# exact rationals at Hypothesis-drawn instances: evidence (the closed forms are proved symbolically)
@check("rnn-memoryless/lemma-6.3", "exact-instances", "random", expect="verified")
def lemma63_exact(ctx):
    """Exact instances for every reading of the lost assumptions: w > 0 rational (a perfect
    square, so B is rational), eps = 10^-e, d in 1..4, k in 1..6. d >= 2: the printed
    construction with a = 2 and delta = 2^-m (smallest m with delta^4 < eps (a^2-1)/(a^(2k)-1))
    has symmetric weights, loss < eps, h_1 != 0 and L_T growing without bound (L_T exceeds 1 at
    some T <= 200). d = 1: A = a = 2^-m small enough, B = C = sqrt(w): loss < eps and h_1 = a w != 0."""
    from hypothesis import strategies as st

    def prop(ex):
        d, k, root, e = ex
        w = Fraction(root) ** 2
        eps = Fraction(1, 10**e)
        ctx.start({"d": d, "k": k, "w": float(w), "epsilon": float(eps)})
        if d >= 2:
            a = Fraction(2)
            m = 0
            while Fraction(1, 2**m) ** 4 >= eps * (a * a - 1) / (a ** (2 * k) - 1):
                m += 1
            dl = Fraction(1, 2**m)
            A = gd.as_exact(np.diag([0, a] + [0] * (d - 2)))
            B = gd.as_exact([root, dl] + [0] * (d - 2))
            C = B.copy()
        else:
            # d = 1: the smallest a = 2^-m with loss w^2 sum_{j=1}^{k-1} a^(2j) < eps (exact)
            m = 1
            while w * w * sum(Fraction(1, 2**m) ** (2 * j) for j in range(1, k)) >= eps:
                m += 1
            a = Fraction(1, 2**m)
            A, B, C = gd.as_exact([[a]]), gd.as_exact([root]), gd.as_exact([root])
        H = gd.impulse(A, B, C, 4 * k + 2)
        Lk = (H[0] - w) ** 2 + sum(H[j] ** 2 for j in range(1, k))
        ctx.exact("A = A^T and B = C^T", [list(A.ravel()), list(B)], "==", [list(A.T.ravel()), list(C)])
        ctx.exact("loss (4) < epsilon", Lk, "<", eps, loss=float(Lk), epsilon=float(eps))
        ctx.exact("does not extrapolate: h_1 != 0 (Lemma 3.2)", H[1], "!=", 0)
        if d >= 2:
            # L_T grows like 4^T delta^4: the first T <= 200 with L_T > 1 (exact)
            H = gd.impulse(A, B, C, 200)
            LT, T = (H[0] - w) ** 2, 1
            while LT <= 1 and T < 200:
                LT, T = LT + H[T] ** 2, T + 1
            ctx.exact("L_T exceeds 1 at some T <= 200 (diverges with T)", LT, ">", 1, T=T)

    ctx.random(
        st.tuples(st.integers(1, 4), st.integers(1, 6), st.integers(1, 3), st.integers(1, 8)), prop, quick=10, full=100
    )


@check("rnn-memoryless/lemma-6.3", "qp-near-minimisers", "convex")
def lemma63_qp(ctx):
    """Independent of the construction: over symmetric configurations with eigenvalues fixed at
    lambda = (0, 2) (and (0, 1/2, 2) for d = 3), the loss is a convex quadratic in p_i = v_i^2;
    the QP min loss (4) s.t. p >= 0, p . lambda^T >= delta (the length-T entry h_T at least delta,
    T = 3k) has optimum -> 0 as delta -> 0 (below eps = 1e-6 at delta = 1e-6), so symmetric
    configurations with arbitrarily small loss and h_T != 0 exist (k = 3, w = 1)."""
    from numerics import linear_programs as lp

    ctx.precision = "Clarabel 1e-12 (check 1e-9)"
    k, w = 3, 1.0
    ctx.start(ctx.instances([{"k": k, "w": w}])[0])
    for lam in ((0.0, 2.0), (0.0, 0.5, 2.0)):
        lam = np.array(lam)
        Mq = np.array([lam**j for j in range(k)])
        m = np.array([w] + [0.0] * (k - 1))
        T = 3 * k
        vals, errs = [], []
        for delta in (1e-2, 1e-4, 1e-6):
            r = lp.min_quadratic(Mq, m, g=lam**T, delta=delta)
            vals.append(r.value)
            errs.append(r.error)
            ctx.bound(
                f"lambda={tuple(float(x) for x in lam)}, delta={delta:g}: the QP solution is feasible "
                "(p . lambda^T >= delta, non-extrapolating, p >= 0): residual <= 1e-9",
                r.residual,
                1e-9,
                err=Estimate.roundoff(1, 1 + float(np.abs(Mq).max())),
            )
        ctx.bound(
            f"lambda={tuple(float(x) for x in lam)}: min loss at delta = 1e-6 is below eps = 1e-6",
            vals[-1],
            1e-6,
            err=Estimate(0.0, errs[-1], "two tolerances"),
        )
        ctx.observe(
            f"lambda={tuple(float(x) for x in lam)}: the optimum against delta",
            decreasing=vals[0] > vals[1] > vals[2],
            optima=vals,
        )


# ---------------------------------------------------------------------------------------
# §7.1: the guarantee restated from §6
# ---------------------------------------------------------------------------------------
@check("rnn-memoryless/claim-sec7.1-guarantee", "counterexamples", "symbolic")
def sec71_counterexamples(ctx):
    """(i) B0 = C0 = 0 (symmetric) with symbolic symmetric A: SymPy's gradient of (4) vanishes
    identically, so GD stays at L = w^2 with h_0 = 0 != w (exact GD in Fractions, 3 steps, any
    eta): it does not converge to an extrapolating solution. (ii) A0 = diag(1/2, -1/2),
    B0 = C0^T = (1, 1), eta = 1, k = 3, w = 1: exact GD keeps the symmetry but the loss grows
    at every step (divergence)."""
    A, B, C, w, gA, gB, gC = sympy_gradients(2, 3)
    sub = {A[1, 0]: A[0, 1]}
    sub.update({B[i, 0]: 0 for i in range(2)})
    sub.update({C[0, i]: 0 for i in range(2)})
    ctx.identity(
        "gradient of (4) vanishes at B = C = 0 for every symmetric A",
        [e.subs(sub, simultaneous=True) for e in list(gA) + list(gB) + list(gC)],
    )
    ctx.instance = {"A0": "[[1/2, 1/3], [1/3, -1]]", "B0": "0", "C0": "0", "w": 1, "eta": "1/10", "k": 3}
    A0 = gd.as_exact([[Fraction(1, 2), Fraction(1, 3)], [Fraction(1, 3), -1]])
    z = gd.as_exact([0, 0])
    run = gd.gradient_descent(memoryless_loss(3, Fraction(1)), A0, z, z.copy(), Fraction(1, 10), 3)
    At, Bt, Ct = run.params[-1]
    fixed = all(L == 1 for L in run.losses) and (At == A0).all()
    ctx.exact(
        "(i) from the symmetric B0 = C0 = 0, GD converges to an extrapolating solution",
        not fixed and gd.impulse(At, Bt, Ct, 1)[0] == 1,
        "==",
        True,
        losses=[float(L) for L in run.losses],
    )
    ctx.instance = {"A0": "diag(1/2, -1/2)", "B0 = C0^T": "(1, 1)", "w": 1, "eta": 1, "k": 3}
    A0 = gd.as_exact([[Fraction(1, 2), 0], [0, Fraction(-1, 2)]])
    c = gd.as_exact([1, 1])
    run = gd.gradient_descent(memoryless_loss(3, Fraction(1)), A0, c, c.copy(), Fraction(1), 3)
    sym = all((a == a.T).all() and (b == cc).all() for a, b, cc in run.params)
    growing = all(b > a for a, b in zip(run.losses, run.losses[1:]))
    ctx.exact("(ii) symmetry is kept exactly (eta = 1)", sym, "==", True)
    ctx.exact(
        "(ii) with eta = 1 GD converges (the loss does not grow at every step)",
        not growing,
        "==",
        True,
        losses=[f"{float(L):.3g}" for L in run.losses],
    )


@check("rnn-memoryless/claim-sec7.1-guarantee:corrected", "invariance-and-convergence", "random", expect="verified")
def sec71_corrected(ctx):
    """Exact: symmetry preserved for eta in {1/20, 1, 3} (Fractions, 2 steps, Hypothesis
    instances; including diverging steps). Float64: from random symmetric initialisations
    (d in {3, 4, 6}, k = 3, scale 0.5, eta = 0.05) the loss falls below 1e-3 of its start and
    the extrapolation error below 1e-2 (the premise and the conclusion of Theorem 6.1)."""
    from hypothesis import strategies as st

    def prop(ex):
        d, k, seed, eta = ex
        _exact_symmetric_gd(ctx, d, k, 1, eta, seed, 2)

    ctx.random(
        st.tuples(
            st.integers(1, 3),
            st.integers(2, 4),
            st.integers(0, 10**6),
            st.sampled_from([Fraction(1, 20), Fraction(1), Fraction(3)]),
        ),
        prop,
        quick=4,
        full=40,
    )
    for d in (3, 4) if not ctx.full else (3, 4, 6, 8):
        for seed in range(2 if not ctx.full else 6):
            run = gd_run("symmetric", d, 3, 1.0, 0.05, 0.5, seed, 4000)
            A, B, C = run.params[-1]
            ctx.bound(
                f"d={d}, seed {seed}: loss below 1e-3 of its start",
                float(run.losses[-1]),
                rg.GD_CONVERGED_RATIO * float(run.losses[0]),
                err=gd_roundoff(run, 3, 3),
                L=float(run.losses[-1]),
            )
            ctx.bound(
                f"d={d}, seed {seed}: extrapolation error <= {EXTRAP_OK:g}",
                extrapolation_error(A, B, C, 3, [1.0]),
                EXTRAP_OK,
                err=gd_roundoff(run, 3, 60),
            )


# ---------------------------------------------------------------------------------------
# Violation margins (issue 18)
# ---------------------------------------------------------------------------------------
def lemma63_slack(inst: dict):
    """Lemma 6.3 at one instance, exactly: for w > 0, the proof's construction (``rg.
    lemma_6_3_parameters``, a = 2, delta the largest power of 1/2 with delta^4 below the proof's
    threshold; d = 1: A = (a), B = C = sqrt(w), a the largest power of 1/2 with loss < epsilon)
    gives min(epsilon - L, max_{1 <= j <= 2d} |C A^j B|) (> 0 iff the loss is below epsilon and
    the point does not extrapolate). For w <= 0 every B = C^T has C B >= 0, so the least loss on
    the symmetric set is w^2 (at B = 0, which does not extrapolate when w != 0): the slack is
    epsilon - w^2 there (and -1 at w = 0, where every zero-loss point extrapolates)."""
    d, k = inst["d"], inst["k"]
    w, eps = sp.Rational(repr(float(inst["w"]))), sp.Rational(repr(float(inst["epsilon"])))
    if w <= 0:
        if w == 0:
            return Fraction(-1)  # B = C^T = 0 is the only zero-loss symmetric point with CB = 0, and extrapolates
        return Fraction(str(eps - w**2))
    if d == 1:
        a = sp.Rational(1, 2)
        while True:
            A, B, C = sp.Matrix([[a]]), sp.Matrix([sp.sqrt(w)]), sp.Matrix([[sp.sqrt(w)]])
            L = sp.nsimplify(rm.loss_printed(A, B, C, w, k))
            if L < eps or a < sp.Rational(1, 2**400):
                break
            a /= 2
    else:
        a = rg.LEMMA_6_3_A
        bound = rg.lemma_6_3_threshold(a, eps, k)
        delta = sp.Rational(1, 2)
        while delta**4 >= bound:
            delta /= 2
        A, B, C = rg.lemma_6_3_parameters(a, delta, w, d)
        L = sp.expand(rm.loss_printed(A, B, C, w, k))
    h = tl.impulse(A, B, C, 2 * d + 1)
    top = max(abs(sp.expand(x)) for x in h[1:])
    slack = min(eps - L, top)
    return Fraction(str(slack)) if slack != 0 else Fraction(-1, 10**40)


@margin("rnn-memoryless/lemma-6.3")
def lemma63_margin(ctx, inst):
    """Exact slack of the proof's construction (see lemma63_slack)."""
    return lemma63_slack(inst)


# ---------------------------------------------------------------------------------------
# Proof steps and restatements (issue 19)
# ---------------------------------------------------------------------------------------
@check("rnn-memoryless/claim-thm6.1-invariance", "step-M-transpose", "symbolic", step="proof, M_{j-1-r} = M_r^T")
def invariance_step_M(ctx):
    """SymPy, symmetric 3x3 A, B = C^T, j = 1..4, r < j: M_{j-1-r} = M_r^T."""
    ctx.start(ctx.instances([{}])[0])
    A, B, C, _ = tl.parameters(3, "symmetric")
    C = B.T
    for j in range(1, 5):
        for r in range(j):
            ctx.identity(
                f"j={j}, r={r}", sp.expand(rg.invariance_M(A, B, C, j, j - 1 - r) - rg.invariance_M(A, B, C, j, r).T)
            )


def _rotation_setting():
    """A = U diag(l1, l2) U^T with U a symbolic rotation, C = v^T U^T (so v = U^T C^T), B = C^T."""
    th = sp.Symbol("theta", real=True)
    lam = sp.symbols("l1 l2", real=True)
    v = sp.symbols("v1 v2", real=True)
    U = sp.Matrix([[sp.cos(th), -sp.sin(th)], [sp.sin(th), sp.cos(th)]])
    A = U * sp.diag(*lam) * U.T
    C = sp.Matrix([v]) * U.T
    return A, C.T, C, lam, v


@check("rnn-memoryless/claim-thm6.1-slackness", "step-12", "symbolic", step="(12)")
def slackness_step12(ctx):
    """SymPy: with A = U diag(lambda) U^T (U a symbolic rotation), B = C^T, v = U^T C^T:
    C A^2 B = sum_i lambda_i^2 v_i^2 (the quantity (11) sets to zero)."""
    ctx.start(ctx.instances([{"k": 3}])[0])
    A, B, C, lam, v = _rotation_setting()
    ctx.identity("C A^2 B = (12)", sp.simplify((C * A**2 * B)[0, 0] - rg.slackness_12(lam, v)))


@check("rnn-memoryless/claim-thm6.1-slackness", "step-13", "symbolic", step="(13)")
def slackness_step13(ctx):
    """SymPy, the same setting, j = 1..5: C A^j B = sum_i lambda_i^{j-1} (lambda_i v_i) v_i; and
    a real sum of squares sum (lambda_i v_i)^2 = 0 forces every lambda_i v_i = 0 (SymPy solves it
    over the reals)."""
    ctx.start(ctx.instances([{"k": 3}])[0])
    A, B, C, lam, v = _rotation_setting()
    for j in range(1, 6):
        ctx.identity(f"j={j}", sp.simplify((C * A**j * B)[0, 0] - rg.slackness_sum(lam, v, j)))
    # (12) is a sum of real squares (lambda_i v_i)^2: zero only if every term is (13)
    ctx.identity(
        "(12) = sum (lambda_i v_i)^2",
        sp.expand(rg.slackness_12(lam, v) - sum(x**2 for x in (lam[0] * v[0], lam[1] * v[1]))),
    )


@check("rnn-memoryless/theorem-6.1", "restatement-sec7.1", "symbolic", step="§7.1")
def theorem61_restated(ctx):
    """§7.1's restatement against Theorem 6.1: the restatement has no premise (convergence, k > 2,
    w > 0); on instances where Theorem 6.1's premise fails they disagree. The exact instance:
    B0 = C0 = 0, symmetric A0 = [[1/2, 1/3], [1/3, -1]], k = 3, w = 1, where the gradients (5)-(7)
    vanish, so GD stays at L = w^2 > 0 (no convergence to a minimiser) and h_0 = 0 != w: the
    restated conclusion fails there while Theorem 6.1 says nothing."""
    from theorems.registry import REGISTRY

    thm, restated = REGISTRY["rnn-memoryless/theorem-6.1"], REGISTRY["rnn-memoryless/claim-sec7.1-guarantee"]
    converged = {"loss_initial": 1.0, "loss_final": 1e-9, "loss_monotone": True}
    ctx.start({**thm.defaults(), "d": 2, "k": 3, "w": 1.0, **converged})
    A = sp.Matrix([[sp.Rational(1, 2), sp.Rational(1, 3)], [sp.Rational(1, 3), -1]])
    B, C = sp.zeros(2, 1), sp.zeros(1, 2)
    gA, gB, gC = rg.gradients_printed(A, B, C, 1, 3)
    stuck = [gA, gB, gC] == [sp.zeros(2, 2), sp.zeros(2, 1), sp.zeros(1, 2)]
    stuck_loss = rm.loss_printed(A, B, C, 1, 3)
    inst = {
        **thm.defaults(),
        "d": 2,
        "k": 3,
        "w": 1.0,
        "loss_initial": float(stuck_loss),
        "loss_final": float(stuck_loss),
    }
    inst["loss_monotone"] = True
    ctx.exact(
        "the premises agree where GD is stuck at B = C = 0",
        all(thm.hypotheses_hold(inst).values()),
        "==",
        all(restated.hypotheses_hold({**restated.defaults(), "d": 2, "k": 3, "w": 1.0}).values()),
        gradients_vanish=stuck,
        stuck_loss=str(stuck_loss),
        theorem_hypotheses=[h.text for h in thm.hypotheses],
        restated_hypotheses=[h.text for h in restated.hypotheses] or "none",
    )


@check("rnn-memoryless/lemma-6.3", "step-loss", "symbolic", step="proof, loss")
def lemma63_step_loss(ctx):
    """SymPy, k = 1..6: the loss (4) of the construction equals the printed delta^4 sum a^{2j}."""
    ctx.start(ctx.instances([{}])[0])
    a, dl, w = sp.symbols("a delta w", positive=True)
    A, B, C = rg.lemma_6_3_parameters(a, dl, w)
    for k in range(1, 7):
        ctx.identity(f"k={k}", sp.expand(rm.loss_printed(A, B, C, w, k) - rg.lemma_6_3_loss(a, dl, k)))


@check("rnn-memoryless/lemma-6.3", "step-threshold", "symbolic", step="proof, threshold")
def lemma63_step_threshold(ctx):
    """SymPy, k = 1..6: sum_{j<k} a^{2j} = (a^{2k} - 1)/(a^2 - 1), so delta^4 below the printed
    threshold gives a loss below epsilon (the inequality is this identity times delta^4 > 0)."""
    ctx.start(ctx.instances([{}])[0])
    a, dl, eps = sp.symbols("a delta epsilon", positive=True)
    for k in range(1, 7):
        ctx.identity(
            f"k={k}: loss at delta^4 = threshold equals epsilon",
            sp.cancel(
                rg.lemma_6_3_loss(a, dl, k).subs(dl, rg.lemma_6_3_threshold(a, eps, k) ** sp.Rational(1, 4)) - eps
            ),
        )


@check("rnn-memoryless/lemma-6.3", "step-length-T", "symbolic", step="proof, length T")
def lemma63_step_T(ctx):
    """SymPy, T = 1..8: the loss (4) at length T of the construction equals the printed
    delta^4 (a^{2T} - 1)/(a^2 - 1)."""
    ctx.start(ctx.instances([{}])[0])
    a, dl, w = sp.symbols("a delta w", positive=True)
    A, B, C = rg.lemma_6_3_parameters(a, dl, w)
    for T in range(1, 9):
        ctx.identity(f"T={T}", sp.cancel(rm.loss_printed(A, B, C, w, T) - rg.lemma_6_3_length_T_loss(a, dl, T)))


@check("rnn-memoryless/theorem-6.1", "slackness-discharged", "symbolic", expect="verified")
def theorem61_discharge(ctx):
    """Theorem 6.1's proof invokes the slackness argument (k > 2) at its instances k > 2, w > 0
    (the convergence premise as the statement observes it, here a converged run's record)."""
    from .rnn_memoryless import _discharge_grid

    run = {"loss_initial": 1.0, "loss_final": 1e-9, "loss_monotone": True, "symmetric_init": True}
    grid = [{"d": d, "k": k, "w": 1.0, **run} for d in (2, 3) for k in (3, 5)]
    _discharge_grid(ctx, "rnn-memoryless/theorem-6.1", "rnn-memoryless/claim-thm6.1-slackness", grid, {})


@check("rnn-memoryless/lemma-6.3", "lemma-3.1-discharged", "symbolic", expect="verified")
def lemma63_discharge(ctx):
    """Lemma 6.3's 'the loss in Equation (4)' invokes Lemma 3.1 (whitened inputs) at k > 2, w > 0."""
    from .rnn_memoryless import _discharge_grid

    grid = [{"d": 2, "k": k, "w": 1.0} for k in (3, 6)]
    _discharge_grid(ctx, "rnn-memoryless/lemma-6.3", "rnn-memoryless/lemma-3.1", grid, {"input_law": "rademacher"})
