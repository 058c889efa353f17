"""kernel-rich: Woodworth et al., "Kernel and Rich Regimes in Overparametrized Models".

Statements as printed (catalog: shared/catalog/kernel-rich.md; text: seeds/004_...).
The SymPy encodings here derive everything from the model and the paper's loss
(§2: ``L(w) = sum_n (f(w, x_n) - y_n)^2``, no 1/2, not averaged):

* the depth-D "diagonal" model ``beta = w_+^D - w_-^D`` and its loss and gradient flow;
* ``q``, ``Q_alpha``, ``Q_{alpha,w0}`` derived from the flow's closed form by the paper's
  "general approach" (``grad Q = b^{-1}``), not typed in;
* ``h_D``, ``H_D`` and the depth-D regulariser's pieces.
"""

from __future__ import annotations

import functools
import re

import numpy as np
import sympy as sp

from .registry import Hypothesis, Param, Step, src, statement


# ---------------------------------------------------------------------------------------
# Symbolic model
# ---------------------------------------------------------------------------------------
def diagonal_model(X: sp.Matrix, y: sp.Matrix, D: int = 2, prefix: str = "w"):
    """The depth-D diagonal model (3)/(10) on data ``X`` (N x d), ``y``.

    Returns ``(w_plus, w_minus, beta, loss)`` with the §2 loss ``||X beta - y||^2``."""
    d = X.shape[1]
    wp = sp.symbols(f"{prefix}p0:{d}", real=True)
    wm = sp.symbols(f"{prefix}m0:{d}", real=True)
    beta = sp.Matrix([wp[i] ** D - wm[i] ** D for i in range(d)])
    r = X * beta - y
    loss = (r.T * r)[0, 0]
    return list(wp), list(wm), beta, loss


def gradient_flow(loss: sp.Expr, params: list[sp.Symbol]) -> list[sp.Expr]:
    """``w' = -grad L`` derived by SymPy."""
    return [-sp.diff(loss, p) for p in params]


z, u, t = sp.symbols("z u t", real=True)
alpha = sp.Symbol("alpha", positive=True)
w0s = sp.Symbol("w0", positive=True)


@functools.cache
def depth2_flow_rate() -> sp.Expr:
    """The constant ``c`` in ``w_+' = -c (X^T r) w_+`` for the §2 loss, read off SymPy's
    gradient on a one-coordinate, one-sample model (the paper's (15) prints ``c = 2``, the
    value for the loss ``(1/2)||.||^2``; the §2 loss gives ``c = 4``)."""
    x, yy = sp.symbols("x y", real=True)
    wp, wm, beta, loss = diagonal_model(sp.Matrix([[x]]), sp.Matrix([yy]), D=2)
    r = x * beta[0] - yy
    rhs = gradient_flow(loss, wp + wm)
    return sp.simplify(-rhs[0] / (x * r * wp[0]))


@functools.cache
def depth2_bias_map():
    """``b(theta)``: beta as a function of ``theta = -2c x^T int_0^t r`` for one coordinate.

    From ``w_pm' = -/+ c (X^T r) w_pm`` (``c`` from :func:`depth2_flow_rate`):
    ``w_pm(t) = alpha w0 exp(-/+ c X^T int r)`` (the checks verify this solves the flow), so
    ``beta = w_+^2 - w_-^2 = alpha^2 w0^2 (e^theta - e^-theta)``."""
    theta = sp.Symbol("theta", real=True)
    wp = alpha * w0s * sp.exp(theta / 2)
    wm = alpha * w0s * sp.exp(-theta / 2)
    return sp.simplify((wp**2 - wm**2).rewrite(sp.sinh)), theta


@functools.cache
def q_derived() -> sp.Expr:
    """``q`` derived, not typed: ``Q_{alpha,w0}' = b^{-1}`` (the KKT argument), integrated
    from 0, and written per unit scale ``q(z) = Q(beta)/(alpha^2 w0^2)`` at
    ``beta = alpha^2 w0^2 z``: by the change of variables ``u = beta' / (alpha^2 w0^2)``,
    ``q(z) = int_0^z b^{-1}(alpha^2 w0^2 u) du``.

    The integrand comes out of SymPy in log form, ``log(u/2 + sqrt(u^2 + 4)/2)``, which SymPy
    integrates in ~13 s; it is ``asinh(u/2)`` (the difference simplifies to 0, checked here
    before it is used), which integrates in milliseconds. Should the derived integrand ever
    differ, it is integrated as it is."""
    b, theta = depth2_bias_map()
    beta = sp.Symbol("beta", real=True)
    inv = sp.solve(sp.Eq(b, beta), theta)
    # keep the real branch (the other root of the quadratic in e^theta is log of a negative)
    at = {beta: sp.Rational(3, 2), alpha: 1, w0s: 1}
    inv = [s for s in inv if abs(sp.im(sp.N(s.subs(at)))) < 1e-30]
    integrand = sp.simplify(inv[0].rewrite(sp.log).subs(beta, alpha**2 * w0s**2 * u))
    asinh_form = sp.asinh(u / 2)
    if sp.simplify((integrand - asinh_form).rewrite(sp.log)) == 0:
        integrand = asinh_form
    return sp.simplify(sp.integrate(integrand, (u, 0, z)).rewrite(sp.log))


def printed_flow_15(X: sp.Matrix, r: sp.Matrix, w: list) -> list:
    """(15) as printed: ``-2 X~^T r o w`` with ``X~ = [X, -X]`` (``w = w_+ + w_-`` as a list)."""
    g = X.T * r
    d = X.shape[1]
    return [-2 * g[i] * w[i] for i in range(d)] + [2 * g[i] * w[d + i] for i in range(d)]


def q_integrand(uu: sp.Expr = u) -> sp.Expr:
    """The integrand of (21) as printed: ``q(z) = int_0^z arcsinh(u/2) du``."""
    return sp.asinh(uu / 2)


def grad_Q_printed_19(beta: sp.Expr, a: sp.Expr = alpha, w0: sp.Expr = w0s) -> sp.Expr:
    """(19) as printed: ``grad Q_{alpha,w0}(beta) = b^{-1}(beta) = arcsinh(beta / (2 alpha^2 w0^2))``."""
    return sp.asinh(beta / (2 * a**2 * w0**2))


def q_printed(zz: sp.Expr = z) -> sp.Expr:
    """(21) as printed: ``2 - sqrt(4 + z^2) + z arcsinh(z/2)``."""
    return 2 - sp.sqrt(4 + zz**2) + zz * sp.asinh(zz / 2)


def q_stable(zz, asinh=sp.asinh, sqrt=sp.sqrt):
    """(21) rewritten without cancellation at small |z| (``2 - sqrt(4 + z^2) = -z^2/(2 + sqrt(4 + z^2))``),
    for numeric evaluation: pass ``numpy.arcsinh``/``numpy.sqrt`` (the checks prove it equals
    :func:`q_printed`)."""
    return zz * asinh(zz / 2) - zz * zz / (2 + sqrt(4 + zz * zz))


def Q_alpha(beta: list, a: sp.Expr = alpha, w0: list | None = None, qf=q_printed) -> sp.Expr:
    """(4)/(5): ``sum_i alpha^2 w0_i^2 q(beta_i / (alpha^2 w0_i^2))``."""
    w0 = w0 or [1] * len(beta)
    return sum(a**2 * w**2 * qf(b / (a**2 * w**2)) for b, w in zip(beta, w0))


def h_D(D, zz: sp.Expr = z) -> sp.Expr:
    """(59): ``h_D(z) = (1-z)^{-D/(D-2)} - (1+z)^{-D/(D-2)}``."""
    e = sp.Rational(D) / (D - 2) if isinstance(D, int) else D / (D - 2)
    return (1 - zz) ** (-e) - (1 + zz) ** (-e)


def H_D(D, zz: sp.Expr = z) -> sp.Expr:
    """The antiderivative of ``h_D`` vanishing at 0 (conjugate of ``q_D``; derived)."""
    return sp.simplify(sp.integrate(h_D(D, u), (u, 0, zz)))


# ---------------------------------------------------------------------------------------
# Fixtures (catalog §3)
# ---------------------------------------------------------------------------------------
T5_X = [[1, 2, 0, -1, 3], [0, 1, 1, 2, -1]]
T5_Y = [1, 2]
T5_W0 = [1, 2, 0.5, 3, 1]
TIE_X = [[1, 1, 1], [3, 2, 0]]
TIE_Y = [1, sp.Rational(8, 5)]

FIXTURES = {
    "T5": (T5_X, T5_Y),
    "TIE": (TIE_X, TIE_Y),
}


def random_instance(seed: int):
    """Catalog §3 'Random': N in [1,4], d in [N+1,8], integer entries in [-3,3] with rank N,
    y integer in [-3,3] (not all zero)."""
    rng = np.random.default_rng(seed)
    while True:
        N = int(rng.integers(1, 5))
        d = int(rng.integers(N + 1, 9))
        X = rng.integers(-3, 4, size=(N, d))
        y = rng.integers(-3, 4, size=N)
        if np.linalg.matrix_rank(X) == N and np.any(y != 0):
            return X.tolist(), y.tolist()


def fixture(name: str):
    """``(X, y)`` as printed (lists) of a named fixture or of ``random:SEED``."""
    if name.startswith("random:"):
        return random_instance(int(name[7:]))
    return FIXTURES[name]


def _positive(name, default, doc, **kw):
    return Param(name, float, default, doc, low=0.0, open_low=True, **kw)


def _fixture_problem(value: str) -> str | None:
    """The fixture's domain: a named fixture, or ``random:SEED`` with an integer seed of at most
    six digits (written without arithmetic: this is the domain, not a claim, and stays out of
    tools/mutate.py's way)."""
    if value in FIXTURES or re.fullmatch(r"random:[0-9]{1,6}", value):
        return None
    return (
        f"unknown fixture: expected one of {', '.join(FIXTURES)} or random:SEED (SEED an integer of at most six digits)"
    )


FIXTURE = Param(
    "fixture", str, "T5", "data set: T5 (2x5), TIE (non-unique l1), or random:SEED", validator=_fixture_problem
)
ALPHA = _positive("alpha", None, "initialisation scale alpha > 0 (default: the check's alpha grid)")
SEED = Param("seed", int, 0, "random instance seed", low=0)


# A hypothesis about the trajectory, not the parameters ("observed per instance"): every check
# that integrates the flow starts its instance (``ctx.start``) with this key set to what it
# observed (True: the flow reached an interpolant, |X beta - y| below the check's stop; False:
# it did not, and the instance is outside the hypothesis -- no evidence either way, never a
# counterexample). Parameters alone (the probe's own evaluation of a probed point, whose checks
# then report the observation on their instances; an argmin path that runs no flow) carry no
# observation and are not excluded by it.
FLOW_INTERPOLATES = "flow_reaches_interpolant"


def flow_interpolates(p) -> bool:
    """The observed premise ``X beta^infty = y`` on the instance ``p`` (see FLOW_INTERPOLATES):
    False when a check observed that the flow did not reach an interpolant."""
    return p.get(FLOW_INTERPOLATES, True) is True


# Edges of Theorem 1's domain (issue 18): scales of alpha near 0 and large, the tied data set
# (non-unique min-l1), random rank-N data.
THEOREM1_EDGES = (
    {"alpha": 1e-6},
    {"alpha": 1e-3},
    {"alpha": 1e3},
    {"alpha": 1e6},
    {"fixture": "TIE", "alpha": 1e-3},
    {"fixture": "TIE", "alpha": 10.0},
    {"fixture": "random:7", "alpha": 0.01},
)


def _fixture_ok(p):
    f = p.get("fixture", "T5")
    return f in FIXTURES or (isinstance(f, str) and f.startswith("random:") and f[7:].isdigit())


# ---------------------------------------------------------------------------------------
# Statements
# ---------------------------------------------------------------------------------------
# Proof steps (issue 19) of App. D, as printed
_NORMALISATION = (
    "The printed flow is the gradient flow of L/2: with the §2 loss L = ||X~ w^2 - y||^2 (no 1/2), SymPy derives "
    "-grad L = -4 X~^T r o w, twice the printed factor. A time rescaling by 2: (16)-(17) hold for the printed flow, the "
    "limit and the theorem are unchanged (the §2 flow gives nu = -8 int r)."
)
THEOREM1_STEPS = (
    Step(
        "(15)",
        r"$\dot{\mathbf w}_\alpha(t)=-\nabla L(\mathbf w_\alpha(t))=-2\tilde X^\top r_\alpha(t)\circ\mathbf w_\alpha(t)$",
        "identity",
        expect="refuted",
        erratum=_NORMALISATION,
    ),
    Step(
        "(16)",
        r"$\mathbf w_\alpha(t)=\mathbf w_\alpha(0)\circ\exp(-2\tilde X^\top\int_0^tr_\alpha(s)ds)$ solves (15)",
        "identity",
    ),
    Step(
        "(17)",
        r"$\beta_{\alpha,\mathbf w_0}(t)=2\alpha^2\mathbf w_0^2\circ\sinh(-4X^\top\int_0^tr_\alpha(s)ds)$",
        "identity",
    ),
    Step(
        "(19)",
        r"$\nabla Q_{\alpha,\mathbf w_0}(\beta)=b_\alpha^{-1}(\beta)=\operatorname{arcsinh}(\frac1{2\alpha^2\mathbf w_0^2}\circ\beta)$",
        "identity",
    ),
    Step(
        "(21)", r"$q(z)=\int_0^z\operatorname{arcsinh}(t/2)dt=2-\sqrt{4+z^2}+z\operatorname{arcsinh}(z/2)$", "identity"
    ),
    Step(
        "§4 approach at (18)",
        r"The general approach of §4: if $X\beta^\infty_{\alpha,\mathbf w_0}=\mathbf y$ then "
        r"$\beta^\infty_{\alpha,\mathbf w_0}=b_\alpha(X^\top\nu)$ (17)-(18), and $Q$ solves $\nabla Q=b_\alpha^{-1}$ (19)",
        "invocation",
    ),
)
THEOREM1_SPECIAL_STEPS = (
    Step(
        "restated as the general case (App. D)",
        r"Theorem 1 (general case) at $\mathbf w_0=\mathbf 1$: $Q_{\alpha,\mathbf 1}=Q_\alpha$",
        "restatement",
    ),
    Step(
        "App. D at w0 = 1",
        r"Theorem 1 (general case) applied with $\mathbf w_0=\mathbf 1$ (no zero entries), under Theorem 1's premise "
        r"$X\beta^\infty_{\alpha,\mathbf 1}=\mathbf y$",
        "invocation",
    ),
)


THEOREM_1 = statement(
    "kernel-rich/theorem-1",
    "theorem",
    "1",
    "Gradient flow on the depth-2 diagonal model converges to argmin Q_alpha",
    src("§4, Theorem 1", "(3), (4), (21)"),
    r"For any $0<\alpha<\infty$, if the gradient flow solution $\beta^\infty_{\alpha,\mathbf 1}$ for the squared "
    r"parameterization model in eq. (3) satisfies $X\beta^\infty_{\alpha,\mathbf 1}=\mathbf y$, then "
    r"$\beta^\infty_{\alpha,\mathbf 1}=\arg\min_\beta Q_\alpha(\beta)\ \text{s.t.}\ X\beta=\mathbf y$, where "
    r"$Q_\alpha(\beta)=\alpha^2\sum_{i=1}^d q(\beta_i/\alpha^2)$ and "
    r"$q(z)=\int_0^z\operatorname{arcsinh}(u/2)\,du=2-\sqrt{4+z^2}+z\operatorname{arcsinh}(z/2)$.",
    params=(FIXTURE, ALPHA, SEED),
    hypotheses=(
        Hypothesis(r"$0<\alpha<\infty$", lambda p: p.get("alpha") is None or p["alpha"] > 0),
        Hypothesis(
            r"the flow reaches an interpolant $X\beta^\infty=\mathbf y$ (observed per instance)", flow_interpolates
        ),
    ),
    edges=THEOREM1_EDGES,
    steps=THEOREM1_SPECIAL_STEPS,
    uses=("kernel-rich/theorem-1-general",),
    notes="uses: proved in App. D as the special case w0 = 1 of the general theorem.",
)

THEOREM_1_GENERAL = statement(
    "kernel-rich/theorem-1-general",
    "theorem",
    "1 (general)",
    "General initialisation shape w0: the limit is argmin Q_{alpha,w0}",
    src("§4, Theorem 1; App. D", "(5), (15)-(21)"),
    r"For any $0<\alpha<\infty$ and $\mathbf w_0$ with no zero entries, if the gradient flow solution "
    r"$\beta^\infty_{\alpha,\mathbf w_0}$ satisfies $X\beta^\infty_{\alpha,\mathbf w_0}=\mathbf y$, then "
    r"$\beta^\infty_{\alpha,\mathbf w_0}=\arg\min_\beta Q_{\alpha,\mathbf w_0}(\beta)\ \text{s.t.}\ X\beta=\mathbf y$, where "
    r"$Q_{\alpha,\mathbf w_0}(\beta)=\sum_{i=1}^d\alpha^2\mathbf w_{0,i}^2\,q\big(\beta_i/(\alpha^2\mathbf w_{0,i}^2)\big)$.",
    params=(
        FIXTURE,
        ALPHA,
        SEED,
        Param("w0_scale", float, 1.0, "multiplies the fixture's w0 (T5-w0 = (1,2,0.5,3,1))", low=0.0, open_low=True),
    ),
    hypotheses=(
        Hypothesis(r"$0<\alpha<\infty$", lambda p: p.get("alpha") is None or p["alpha"] > 0),
        Hypothesis(r"$\mathbf w_0$ has no zero entries", lambda p: p.get("w0_scale", 1.0) > 0),
        Hypothesis(
            r"the flow reaches an interpolant $X\beta^\infty_{\alpha,\mathbf w_0}=\mathbf y$ (observed per instance)",
            flow_interpolates,
        ),
    ),
    edges=(*THEOREM1_EDGES, {"w0_scale": 1e-3}, {"w0_scale": 1e3, "alpha": 1e-3}),
    steps=THEOREM1_STEPS,
    uses=(
        "kernel-rich/claim-general-approach",
        "kernel-rich/claim-q-closed-form",
    ),
)

Q_CLOSED_FORM = statement(
    "kernel-rich/claim-q-closed-form",
    "claim",
    "(21)",
    "Closed form of q",
    src("§4 / App. D", "(21)"),
    r"$q(z)=\int_0^z\operatorname{arcsinh}(t/2)\,dt=2-\sqrt{4+z^2}+z\operatorname{arcsinh}(z/2)$.",
    uses=(),
    notes="uses: no proof is printed. (an antiderivative)",
)
