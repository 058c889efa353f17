"""kernel-rich statements: depth-D diagonal models, the tangent kernel, and the other
diagonal-model claims (§3, §4, §5, App. C, App. F, footnote 2).

SymPy encodings (printed forms typed as printed; everything else derived from the §2 loss
``L = sum_n (f(w, x_n) - y_n)^2`` through ``kernel_rich.diagonal_model``):

* the printed flows and closed forms of App. F, (50)-(58), per coordinate in terms of
  ``g = [X^T r]_i`` and ``G = [X^T int_0^t r]_i``;
* ``H_D`` in an explicit form (used numerically), the power-cone penalty ``phi_D``;
* the tangent kernel of a model, a bias-free ReLU network (homogeneity), the u-v network of
  App. C and its printed identities (11)-(14), the biased-initialisation regulariser.
"""

from __future__ import annotations

import functools

import sympy as sp

from .kernel_rich import (
    ALPHA,
    FIXTURE,
    SEED,
    alpha,
    diagonal_model,
    fixture,
    flow_interpolates,
    gradient_flow,
    q_printed,
    z,
)
from .registry import Hypothesis, Param, src, statement
from .registry import Step as ProofStep

# ---------------------------------------------------------------------------------------
# Symbols: per-coordinate quantities of the depth-D flows
# ---------------------------------------------------------------------------------------
g = sp.Symbol("g", real=True)  # [X^T r(t)]_i
G = sp.Symbol("G", real=True)  # [X^T int_0^t r]_i, so G' = g
Dsym = sp.Symbol("D", positive=True)  # a symbolic depth (identities for all D > 2)


def _frac(p, q):
    """``p/q`` exactly: a Rational for integers, a SymPy quotient for symbols."""
    return sp.Rational(p, q) if isinstance(p, int) and isinstance(q, int) else sp.sympify(p) / q


def printed_flow(D, w, sign: int, gg=g):
    """(50) (``sign=+1``, w_+) and (52) (``sign=-1``, w_-) as printed:
    ``w_pm' = -/+ D [X^T r] w_pm^(D-1)``."""
    return -sign * D * gg * w ** (D - 1)


def printed_w(D, sign: int, GG=G, a=alpha):
    """(51) / (53) as printed: ``w_pm = (alpha^(2-D) +/- D(D-2) G)^(-1/(D-2))``."""
    return (a ** (2 - D) + sign * D * (D - 2) * GG) ** _frac(-1, D - 2)


def printed_55(D, w, gt=g):
    """(55)'s right side as printed, per coordinate of the stacked ``w = (w_+, w_-)``:
    ``-D [X~^T r] w^(D-1)`` (``gt`` the coordinate of ``X~^T r``, ``X~ = [X, -X]``)."""
    return -D * gt * w ** (D - 1)


def printed_56(D, Gt=G, a=alpha):
    """(56) as printed, per coordinate: ``(alpha^(2-D) + D(D-2) [X~^T int_0^t r])^(-1/(D-2))``."""
    return (a ** (2 - D) + D * (D - 2) * Gt) ** _frac(-1, D - 2)


def printed_beta57(D, GG=G, a=alpha):
    """(57) as printed (with X^T for the printed X-tilde^T, the only reading with d entries)."""
    e = _frac(D, D - 2)
    c = a ** (D - 2) * D * (D - 2) * GG
    return a**D * (1 + c) ** (-e) - a**D * (1 - c) ** (-e)


def printed_dual58(D, GG=G, a=alpha):
    """(58): ``[X^T nu(inf)]_i = -alpha^(D-2) D (D-2) G``."""
    return -(a ** (D - 2)) * D * (D - 2) * GG


def printed_54(D, sign: int, GG=G, a=alpha):
    """(54) as printed: ``w_pm^(2-D) = alpha^(2-D) +/- D(D-2) G`` (the right-hand side)."""
    return a ** (2 - D) + sign * D * (D - 2) * GG


def printed_62(D, zz=z, a=alpha):
    """(62)'s term as printed: ``alpha^D (1 - [X^T nu]_i)^(-D/(D-2))`` (the first term of (61))."""
    return a**D * (1 - zz) ** _frac(-D, D - 2)


def kernel_multiplier_66(D, nu, a=alpha):
    """App. F, before (65)/(66): ``mu = 2 D alpha^D nu / (D - 2)`` (works on numbers and symbols)."""
    return 2 * D * a**D * nu / (D - 2)


def lemma8_bound(D, a=alpha):
    """Lemma 8's right-hand side ``alpha^(2-D) / (D (D-2))``."""
    return a ** (2 - D) / (D * (D - 2))


def hD_slope_printed(D):
    """(65): ``h_D(z) = 2D/(D-2) z + O(z^3)``."""
    return _frac(2 * D, D - 2)


def H_D_explicit(D, zz=z):
    """``H_D(z) = (D-2)/2 [(1-z)^(-2/(D-2)) + (1+z)^(-2/(D-2)) - 2]`` (the numerically stable
    form of ``kernel_rich.H_D``; the checks prove they agree and that ``H_D' = h_D``)."""
    s = _frac(2, D - 2)
    return _frac(D - 2, 2) * ((1 - zz) ** (-s) + (1 + zz) ** (-s) - 2)


def phi_D(P, D, a=alpha):
    """The power-cone penalty of the parameter-space representation of ``Q^D_alpha``:
    ``phi_D(P) = P - (D/2) a^(D-2) P^(2/D) + (D/2 - 1) a^D``."""
    return P - _frac(D, 2) * a ** (D - 2) * P ** _frac(2, D) + (_frac(D, 2) - 1) * a**D


# ---------------------------------------------------------------------------------------
# Tangent kernel, homogeneous models
# ---------------------------------------------------------------------------------------
def diag_kernel_printed(x, xp, a=alpha):
    """§4: the tangent kernel of (3) at ``w_0 = 1`` as printed, ``8 alpha^2 <x, x'>``."""
    return 8 * a**2 * sum(u * v for u, v in zip(x, xp))


def kernel_scale_printed(D, a=alpha):
    """§3: ``K_{alpha w_0} = alpha^(2(D-1)) K_0`` -- the printed factor ``alpha^(2(D-1))``."""
    return a ** (2 * (D - 1))


def constant_term_corrected(f_w0, D, a=alpha):
    """§3 (corrected): the affine model's constant ``f(w(0), x) = alpha^D f(w_0, x)``."""
    return a**D * f_w0


def tangent_kernel(f_of, params, x, xp):
    """``K_w(x, x') = <grad_w f(w, x), grad_w f(w, x')>`` for ``f_of(x)`` an expression in ``params``."""
    gx = [sp.diff(f_of(x), p) for p in params]
    gxp = [sp.diff(f_of(xp), p) for p in params]
    return sp.expand(sum(a * b for a, b in zip(gx, gxp)))


def _positive_part(s):
    """Split ``s = c * rest`` with ``c`` the product of its positive factors (after factoring out
    common terms); ``(1, s)`` if there are none."""
    f = sp.factor_terms(s)
    if f.is_Mul:
        pos = [a for a in f.args if a.is_positive]
        if pos:
            return sp.Mul(*pos), sp.Mul(*[a for a in f.args if not a.is_positive])
    return sp.Integer(1), s


class Step(sp.Function):
    """The ReLU's derivative ``1[s > 0]`` (off the kink); ``Step(c s) = Step(s)`` for ``c > 0``."""

    @classmethod
    def eval(cls, s):
        if s.is_Number:
            return sp.Integer(1) if s > 0 else sp.Integer(0)
        c, rest = _positive_part(s)
        if c != 1:
            return cls(rest)

    def fdiff(self, argindex=1):
        return sp.Integer(0)


class ReLU(sp.Function):
    """``max(0, s)``, with its positive 1-homogeneity ``ReLU(c s) = c ReLU(s)`` (``c > 0``) applied
    on construction (``relu_identities`` proves it from ``(s + |s|)/2``) and ``ReLU' = Step``."""

    @classmethod
    def eval(cls, s):
        if s.is_Number:
            return max(s, sp.Integer(0))
        c, rest = _positive_part(s)
        if c != 1:
            return c * cls(rest)

    def fdiff(self, argindex=1):
        return Step(self.args[0])


def relu_identities():
    """``(label, residual)`` pairs proving the rules ``ReLU`` and ``Step`` apply, from
    ``max(0, s) = (s + |s|)/2``: ``(cs + |cs|)/2 = c (s + |s|)/2``, derivative
    ``(1 + sign(s))/2``, and ``sign(cs) = sign(s)`` for ``c > 0``."""
    s, c = sp.Symbol("s", real=True), sp.Symbol("c", positive=True)
    r = (s + sp.Abs(s)) / 2
    return [
        ("max(0, cs) = c max(0, s) for c > 0, from (s + |s|)/2", sp.simplify(r.subs(s, c * s) - c * r)),
        ("d/ds (s + |s|)/2 = (1 + sign s)/2 off 0", sp.simplify(sp.diff(r, s) - (1 + sp.sign(s)) / 2)),
        ("sign(cs) = sign(s) for c > 0", sp.simplify(sp.sign(c * s) - sp.sign(s))),
    ]


def relu_net(widths, prefix="W"):
    """A bias-free ReLU network ``x -> W_L relu(... relu(W_1 x))`` with layer widths
    ``widths = [n_in, n_1, ..., 1]``; positively ``(len(widths)-1)``-homogeneous in its weights.
    Returns ``(params, x_symbols, f_of)`` with ``f_of(x)`` the output expression."""
    mats, params = [], []
    for k in range(len(widths) - 1):
        M = sp.Matrix(widths[k + 1], widths[k], lambda i, j: sp.Symbol(f"{prefix}{k}_{i}{j}", real=True))
        mats.append(M)
        params += list(M)
    xs = sp.symbols(f"x0:{widths[0]}", real=True)

    def f_of(x):
        h = sp.Matrix(x)
        for k, M in enumerate(mats):
            h = M * h
            if k < len(mats) - 1:
                h = h.applyfunc(ReLU)
        return h[0]

    return params, xs, f_of


def affine_printed(f_of, w, w_init, x, D, a=alpha):
    """§3's affine model as printed, ``f_K(w, x) = alpha^D f(w(0), x) + <phi_{w(0)}(x), w - w(0)>``,
    for a model ``f_of(w, x)`` (an expression in the symbols ``w``) and ``w(0) = w_init``."""
    return a**D * f_of(w_init, x) + _tangent_term(f_of, w, w_init, x)


def affine_linearised(f_of, w, w_init, x):
    """The first-order model (2) at ``w(0)``: ``f(w(0), x) + <grad f(w(0), x), w - w(0)>``."""
    return f_of(w_init, x) + _tangent_term(f_of, w, w_init, x)


def _tangent_term(f_of, w, w_init, x):
    at0 = dict(zip(w, w_init))
    return sum(sp.diff(f_of(w, x), s).subs(at0) * (s - s0) for s, s0 in zip(w, w_init))


# ---------------------------------------------------------------------------------------
# App. C: the u-v network and its printed identities
# ---------------------------------------------------------------------------------------
def uv_model(X: sp.Matrix, y: sp.Matrix):
    """``f((u, v), x) = sum_i u_i v_i x_i`` with the §2 loss; returns ``(u, v, r, loss)``."""
    d = X.shape[1]
    u = list(sp.symbols(f"u0:{d}", real=True))
    v = list(sp.symbols(f"v0:{d}", real=True))
    r = X * sp.Matrix([u[i] * v[i] for i in range(d)]) - y
    return u, v, r, (r.T * r)[0, 0]


def printed_11(u_i, u_dot_i):
    """(11) as printed: ``d/dt |u| = -sign(u) u'``."""
    return -sp.sign(u_i) * u_dot_i


def printed_12(i, u, v, X, y, first=True):
    """(12) (``first``: for |u|) / (14) (for |v|) as printed:
    ``-2 sum_n (sum_i u_i v_i x_i^(n) - y^(n))^2 sign(u) o v o x^(n)``."""
    d = X.shape[1]
    own, other = (u, v) if first else (v, u)
    return -2 * sum(
        (sum(u[j] * v[j] * X[n, j] for j in range(d)) - y[n]) ** 2 * sp.sign(own[i]) * other[i] * X[n, i]
        for n in range(X.shape[0])
    )


# ---------------------------------------------------------------------------------------
# Footnote 2: biased initialisation
# ---------------------------------------------------------------------------------------
def biased_regulariser(beta, a, b):
    """The derived regulariser for ``w_+(0) = a``, ``w_-(0) = b``: ``m q(beta/m) - theta beta``
    with ``m = ab``, ``theta = ln(a/b)`` (``q`` of (21))."""
    m = a * b
    return m * q_printed(beta / m) - sp.log(a / b) * beta


@functools.cache
def depth_D_flow(X: tuple, y: tuple, D: int):
    """The §2-derived flow of the depth-D model (10) on data ``X``, ``y`` (tuples)."""
    wp, wm, beta, loss = diagonal_model(sp.Matrix(X), sp.Matrix(y), D=D)
    return wp, wm, beta, loss, gradient_flow(loss, wp + wm)


# ---------------------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------------------
DEPTH = Param("D", int, 3, "order of homogeneity (depth) D >= 3 (h_D, Q^D_alpha and Lemma 8's bound need D > 2)", low=3)
DEPTH_ANY = Param("D", int, 2, "order of homogeneity D >= 1", low=1)
INIT_SCALE = Param(
    "init_scale", float, 1.0, "scale of the drawn initialisation (margins: magnitudes log-uniform in [0.3, 2] times it)",
    low=0.0, open_low=True,
)  # fmt: skip
IMBALANCE = Param(
    "imbalance",
    float,
    0.0,
    "margin of App. C: |v_i(0)| = |u_i(0)| (1 + imbalance) (0: balanced, the hypothesis)",
    low=0.0,
)
POSITIVE_ALPHA = Hypothesis(r"$0<\alpha<\infty$", lambda p: p.get("alpha") is None or p["alpha"] > 0)
INTERPOLATES = Hypothesis(
    r"the flow reaches an interpolant $X\beta^\infty=\mathbf y$ (observed per instance)", flow_interpolates
)


@functools.cache
def _diagonal_homogeneous(D: int) -> bool:
    """Whether the depth-D diagonal model (10) is positively D-homogeneous, decided by SymPy:
    ``F(c w) - c^D F(w)`` expands to 0 (one coordinate; the coordinates are alike)."""
    c = sp.Symbol("c", positive=True)
    wp, wm, beta, _ = diagonal_model(sp.Matrix([[1]]), sp.Matrix([0]), D=D)
    scaled = beta[0].xreplace({wp[0]: c * wp[0], wm[0]: c * wm[0]})
    return sp.expand(scaled - c**D * beta[0]) == 0


def model_homogeneous(p) -> bool:
    """The hypothesis 'f is positively D-homogeneous' on the instance: the depth-``D`` diagonal
    model of the instance (D = 2 by default), decided symbolically."""
    return _diagonal_homogeneous(int(p.get("D", 2)))


def xty_nonzero(p) -> bool:
    """``X^T y != 0`` for the instance's fixture, in exact arithmetic."""
    X, y = fixture(p.get("fixture", "T5"))
    Xty = sp.Matrix(X).T * sp.Matrix(y)
    return any(v != 0 for v in Xty)


def uv_balanced(p) -> bool:
    """``|u_i(0)| = |v_i(0)|`` for every i, on the initialisation ``u0``, ``v0`` the check drew and
    started the instance with (parameters alone -- a seed -- carry none: not excluded by it; the
    margin's ``imbalance`` parameter makes it fail)."""
    u0, v0 = p.get("u0"), p.get("v0")
    if u0 is None and v0 is None:  # a margin's instance: its drawn init is balanced iff imbalance = 0
        return float(p.get("imbalance", 0.0)) == 0
    return u0 is not None and v0 is not None and len(u0) == len(v0) and all(abs(a) == abs(b) for a, b in zip(u0, v0))


def biased_init_positive(p) -> bool:
    """``w_pm(0)`` entrywise positive on the initialisation ``wp0``, ``wm0`` the check built and
    started the instance with (parameters alone -- fixture, seed -- carry none: not excluded)."""
    a, b = p.get("wp0"), p.get("wm0")
    if a is None and b is None:
        return True
    return a is not None and b is not None and all(v > 0 for v in list(a) + list(b))


# ---------------------------------------------------------------------------------------
# Statements
# ---------------------------------------------------------------------------------------
_AFFINE_ERRATUM = (
    "As printed, the affine model's constant term is $\\alpha^D f(\\mathbf w(0),\\mathbf x)$ with "
    "$\\mathbf w(0)=\\alpha\\mathbf w_0$, i.e. $\\alpha^{2D}f(\\mathbf w_0,\\mathbf x)$; the first-order "
    "model (2) at $\\mathbf w(0)$ has constant term $f(\\mathbf w(0),\\mathbf x)=\\alpha^Df(\\mathbf w_0,\\mathbf x)$ "
    "(which is also the 'bias term' named in the same sentence). The two differ by "
    "$(\\alpha^D-1)\\alpha^Df(\\mathbf w_0,\\mathbf x)$ whenever $F(\\mathbf w_0)\\neq0$ and $\\alpha\\neq1$. "
    "Counterexample (stored, exact): the depth-2 diagonal model on T5 with biased shape "
    "$\\mathbf w_{+,0}=(1,2,1,1,1)$, $\\mathbf w_{-,0}=\\mathbf 1$, $\\alpha=2$, $\\mathbf x=e_2$: printed constant "
    "$48$, linearisation constant $12$. What holds: "
    "$f_K(\\mathbf w,\\mathbf x)=f(\\mathbf w(0),\\mathbf x)+\\langle\\phi_{\\mathbf w(0)}(\\mathbf x),\\mathbf w-\\mathbf w(0)\\rangle"
    "=\\alpha^Df(\\mathbf w_0,\\mathbf x)+\\dots$ (see the :corrected statement). The printed form is right for "
    "unbiased initialisations ($F(\\mathbf w_0)=0$), the case the paper goes on to use."
)

_TK_TEXT_TAIL = (
    r"Minimizing the loss of this affine model using gradient flow reaches the solution nearest to the initialization "
    r"where distance is measured with respect to the RKHS norm determined by $K_0$. That is, "
    r"$F(\mathbf w_\alpha^\infty)=\arg\min_h\|h-F(\alpha\mathbf w_0)\|_{K_0}\ \text{s.t.}\ h(X)=\mathbf y$. "
    r"[Chizat et al. (2019):] for any homogeneous model satisfying some technical conditions, the kernel regime is "
    r"reached when $\alpha\to\infty$. [Footnote 1:] For homogeneous models, the dynamics obtained by scaling the "
    r"initialization are equivalent to those obtained by scaling the output."
)

TANGENT_KERNEL_HOMOGENEOUS = statement(
    "kernel-rich/claim-tangent-kernel-homogeneous",
    "claim",
    "§3",
    "Tangent kernel of a D-homogeneous model scales as alpha^(2(D-1)); kernel regime = min K_0-norm",
    src("§3", "(2), footnote 1"),
    r"For $D$ homogeneous models with initialization $\mathbf w_\alpha(0)=\alpha\mathbf w_0$, "
    r"$K_{\mathbf w_\alpha(0)}=\alpha^{2(D-1)}K_0$, where we denote $K_0=K_{\mathbf w_0}$. Thus, in the kernel regime, "
    r"training the model $f(\mathbf w,\mathbf x)$ is exactly equivalent to training an affine model "
    r"$f_K(\mathbf w,\mathbf x)=\alpha^Df(\mathbf w(0),\mathbf x)+\langle\phi_{\mathbf w(0)}(\mathbf x),\mathbf w-\mathbf w(0)\rangle$ "
    r"with kernelized gradient descent/flow with the kernel $K_{\mathbf w(0)}$ and a ``bias term'' of "
    r"$f(\mathbf w(0),\mathbf x)$. " + _TK_TEXT_TAIL,
    params=(FIXTURE, ALPHA, DEPTH_ANY),
    hypotheses=(
        Hypothesis(
            r"$f$ is positively $D$-homogeneous in $\mathbf w$ (the diagonal models (3), (10))", model_homogeneous
        ),
        POSITIVE_ALPHA,
    ),
    expect="refuted",
    erratum=_AFFINE_ERRATUM,
    notes="The kernel scaling, the min-K_0-norm characterisation and footnote 1 hold (checked under the :corrected "
    "statement); only the printed constant term of f_K is wrong for biased initialisations. Chizat et al.'s "
    "'technical conditions' are not restated and not checked.",
    uses=("ext:chizat-2019",),
)

TANGENT_KERNEL_HOMOGENEOUS_CORRECTED = statement(
    "kernel-rich/claim-tangent-kernel-homogeneous:corrected",
    "claim",
    "§3 (corrected)",
    "Tangent-kernel scaling and the kernel regime, with the affine model's constant term f(w(0), x)",
    src("§3", "(2), footnote 1"),
    r"For $D$ homogeneous models with $\mathbf w_\alpha(0)=\alpha\mathbf w_0$, $K_{\mathbf w_\alpha(0)}=\alpha^{2(D-1)}K_0$; "
    r"in the kernel regime training $f$ is equivalent to training the affine model "
    r"$f_K(\mathbf w,\mathbf x)=f(\mathbf w(0),\mathbf x)+\langle\phi_{\mathbf w(0)}(\mathbf x),\mathbf w-\mathbf w(0)\rangle"
    r"=\alpha^Df(\mathbf w_0,\mathbf x)+\langle\phi_{\mathbf w(0)}(\mathbf x),\mathbf w-\mathbf w(0)\rangle$. "
    + _TK_TEXT_TAIL,
    params=(FIXTURE, ALPHA, DEPTH_ANY),
    edges=(
        {"D": 1},
        {"D": 8, "alpha": 1e-3},
        {"alpha": 1e-6},
        {"alpha": 1e6, "D": 4},
        {"fixture": "TIE", "D": 3},
        {"fixture": "random:7", "alpha": 0.01, "D": 2},
    ),
    hypotheses=(Hypothesis(r"$f$ is positively $D$-homogeneous in $\mathbf w$", model_homogeneous), POSITIVE_ALPHA),
    corrects="kernel-rich/claim-tangent-kernel-homogeneous",
    notes="Checked: the Jacobian scaling (diagonal models D=2,3,4, bias-free ReLU nets of depth 2 and 3), the constant "
    "term, footnote 1 (time change), and the gradient-flow limit of the affine model against the min-K_0-norm "
    "interpolant. 'Technical conditions' of Chizat et al. are not restated and not checked.",
    uses=("ext:chizat-2019",),
)

DIAG_TANGENT_KERNEL = statement(
    "kernel-rich/claim-diag-tangent-kernel",
    "claim",
    "§4",
    "Tangent kernel of the depth-2 diagonal model at alpha*1 is 8 alpha^2 <x, x'>",
    src("§4", "(3), (6)"),
    r"We will start by focusing on the special case where $\mathbf w_0=\mathbf 1$. In this case, the tangent kernel at "
    r"initialization is $K_{\mathbf w(0)}(\mathbf x,\mathbf x')=8\alpha^2\langle\mathbf x,\mathbf x'\rangle$, which is just a "
    r"scaling of the standard inner product kernel, so $\|\beta\|_{K_{\mathbf w(0)}}\propto\|\beta\|_2$. Thus, in the "
    r"kernel regime, $\beta^\infty_{\alpha,\mathbf 1}$ will be the minimum $\ell_2$ norm solution, "
    r"$\beta^*_{\ell_2}:=\arg\min_{X\beta=\mathbf y}\|\beta\|_2$.",
    params=(FIXTURE, ALPHA),
    edges=({"alpha": 1e-6}, {"alpha": 1e6}, {"fixture": "TIE"}, {"fixture": "random:7", "alpha": 0.01}),
    hypotheses=(POSITIVE_ALPHA,),
    steps=(
        ProofStep(
            "invokes §3",
            r"Thus, in the kernel regime, $\beta^\infty_{\alpha,\mathbf 1}$ will be the minimum $\ell_2$ norm solution "
            r"(§3's kernel regime applied to the 2-homogeneous model (3) at $\mathbf w_0=\mathbf 1$)",
            "invocation",
        ),
    ),
    uses=("kernel-rich/claim-tangent-kernel-homogeneous",),
)

UNBIASED_MODEL = statement(
    "kernel-rich/claim-unbiased-model",
    "claim",
    "§4",
    "The 2d-unit model spans all linear functions and can start at F = 0 off a stuck saddle",
    src("§4", "(3), (10)"),
    r"The reason for using an ``unbiased model'' with two weights $\mathbf w_+$ and $\mathbf w_-$ (i.e., $2d$ units) is "
    r"two-fold. First, it ensures that the image of $F(\mathbf w)$ is all (signed) linear functions, and thus the model is "
    r"truly equivalent to standard linear regression. Second, it allows for initialization at $F(\alpha\mathbf w_0)=0$ "
    r"(by choosing $\mathbf w_+(0)=\mathbf w_-(0)$) without this being a saddle point from which gradient flow will never "
    r"escape. [§4, Generalization:] $\mathbf w=0$ is a saddle point, so taking $\alpha\to0$ will likely increase the time "
    r"needed to escape the vicinity of zero.",
    params=(FIXTURE, ALPHA, DEPTH_ANY),
    edges=(
        {"D": 1},
        {"D": 11, "alpha": 1e-3},
        {"alpha": 1e-6},
        {"alpha": 1e6, "D": 3},
        {"fixture": "TIE", "D": 2},
        {"fixture": "random:7", "alpha": 0.01},
    ),
    hypotheses=(
        POSITIVE_ALPHA,
        Hypothesis(r"$X^\top\mathbf y\neq0$ (otherwise $\beta=0$ is already optimal)", xty_nonzero),
    ),
    notes="Escape time is measured as the first saved time with loss <= 1e-6 along the high-precision flows."
    " uses: no proof is printed.",
    uses=(),
)

APPC_UV_BALANCE = statement(
    "kernel-rich/claim-appc-uv-balance",
    "claim",
    "App. C",
    "Diagonal u-v network: |u_i| = |v_i| at init stays so and no sign flips",
    src("App. C; §4", "(11)-(14)"),
    r"Consider the model $f((\mathbf u,\mathbf v),\mathbf x)=\sum_i\mathbf u_i\mathbf v_i\mathbf x_i$ and suppose that "
    r"$|\mathbf u_i(0)|=|\mathbf v_i(0)|$. [...] if $|\mathbf u_i(0)|=|\mathbf v_i(0)|$, then "
    r"$\operatorname{sign}(\mathbf u_i(0))\mathbf v_i(0)=\operatorname{sign}(\mathbf v_i(0))\mathbf u_i(0)$, so the dynamics "
    r"on $|\mathbf u_i|$ and $|\mathbf v_i|$ are the same, and their magnitudes will remain equal throughout training. "
    r"Furthermore, the signs of the weights cannot change, since $|\mathbf u_i(t)|=|\mathbf v_i(t)|=0$ implies "
    r"$\dot{\mathbf u}_i(t)=\dot{\mathbf v}_i(t)=0$. Therefore, we can equivalently parametrize the model as "
    r"$f(\mathbf w,\mathbf x)=\langle\mathbf w^2,\mathbf x\rangle$.",
    params=(SEED, INIT_SCALE, IMBALANCE),
    edges=({"init_scale": 1e-4}, {"init_scale": 10.0}, {"seed": 3}, {"imbalance": 1e-3}, {"imbalance": 0.5}),
    hypotheses=(Hypothesis(r"$|\mathbf u_i(0)|=|\mathbf v_i(0)|$ for every $i$", uv_balanced),),
    notes="The claim holds. The printed proof identities do not: (11) has a spurious minus sign "
    "(d|u|/dt = sign(u) u'), and (12)/(14) square the residual (the derived sum has it to the first power; the factor "
    "-2 is that of the §2 loss). The check 'printed-identities' records this and is expected to refute them."
    " uses: the printed argument (11)-(14) invokes no other result.",
    steps=(
        ProofStep(
            "(11)-(14)",
            r"$\frac{d}{dt}|\mathbf u_i|=-\operatorname{sign}(\mathbf u_i)\dot{\mathbf u}_i$ (11), and (12)/(14) with the squared residual",
            "identity",
            expect="refuted",
            erratum="(11) has a spurious minus sign (d|u|/dt = sign(u) u'), and (12)/(14) square the residual: the derived "
            "sum has r_n to the first power (d|u|/dt = -2 sum_n r_n sign(u) v x^(n), the factor -2 of the §2 loss). The "
            "claim itself holds (balance-symbolic, random-flows).",
        ),
    ),
    uses=(),
)

EXTREME_LIMITS = statement(
    "kernel-rich/claim-extreme-limits",
    "claim",
    "§4",
    "Depth 2: alpha -> infinity gives min-l2, alpha -> 0 gives min-l1",
    src("§4", "(3), (4)"),
    r"Following Chizat et al. (2019) and the discussion in Section 3, we thus expect that "
    r"$\lim_{\alpha\to\infty}\beta^\infty_{\alpha,\mathbf 1}=\beta^*_{\ell_2}$. In contrast, from Corollary 2 in Gunasekar "
    r"et al. (2017), as $\alpha\to0$, gradient flow leads instead to a rich limit of $\ell_1$ minimization, i.e., "
    r"$\lim_{\alpha\to0}\beta^\infty_{\alpha,\mathbf 1}=\beta^*_{\ell_1}:=\arg\min_{X\beta=\mathbf y}\|\beta\|_1$. [...] "
    r"In particular, the rich limit $\ell_1$ bias is not an RKHS norm for any choice of kernel.",
    params=(FIXTURE,),
    hypotheses=(
        Hypothesis(
            r"$\beta^*_{\ell_1}$ is unique (a strict dual certificate exists; fails on TIE)",
            lambda p: p.get("fixture") != "TIE",
        ),
    ),
    notes="Checked along the argmin path of Theorem 1 (flow = argmin is Theorem 1's own check). On TIE the min-l1 set is a "
    "segment; the path's behaviour there is recorded, not judged against the (ill-posed) point limit.",
    uses=(
        "ext:chizat-2019",
        "ext:gunasekar-2017-corollary-2",
    ),
)

LEMMA_8 = statement(
    "kernel-rich/lemma-8",
    "lemma",
    "8",
    "Integrated residual bound for the depth-D model",
    src("App. F, Lemma 8", "(50)-(54)"),
    r"For $D>2$ and the $D$-homogeneous model (10), "
    r"$\forall t\quad\Big\|X^\top\int_0^tr(\tau)\,d\tau\Big\|_\infty\le\frac{\alpha^{2-D}}{D(D-2)}$.",
    params=(FIXTURE, ALPHA, DEPTH),
    hypotheses=(Hypothesis(r"$D>2$", lambda p: p.get("D", 3) > 2), POSITIVE_ALPHA),
    notes="The integral of r depends on the loss normalisation: the printed flow (50)/(52) is the gradient flow of "
    "L/2; the §2 loss runs the same path twice as fast, so its integral is half as large and Lemma 8 holds for it "
    "with slack factor 2 (bound alpha^(2-D)/(2D(D-2))). Both flows are tested; the printed bound holds for both."
    " uses: the printed proof (50)-(54) solves the flow and invokes no other result.",
    steps=(
        ProofStep(
            "(50)",
            r"$\dot{\mathbf w}_+(t)=-\frac{dL}{d\mathbf w_+}=-DX^\top r(t)\circ\mathbf w_+^{D-1}(t)$",
            "identity",
            expect="refuted",
            erratum="With the §2 loss (no 1/2) -dL/dw_+ = -2D X^T r o w_+^(D-1) (SymPy): the printed flow is that of L/2, "
            "the same path at half speed; the lemma holds for both flows (for the §2 flow with the bound halved).",
        ),
        ProofStep(
            "(51)",
            r"$\mathbf w_+(t)=(\alpha^{2-D}\mathbf 1+D(D-2)X^\top\int_0^tr(\tau)d\tau)^{-\frac1{D-2}}$ solves (50)",
            "identity",
        ),
        ProofStep(
            "(52)",
            r"$\dot{\mathbf w}_-(t)=-\frac{dL}{d\mathbf w_-}=DX^\top r(t)\circ\mathbf w_-^{D-1}(t)$",
            "identity",
            expect="refuted",
            erratum="As (50): with the §2 loss (no 1/2) -dL/dw_- = 2D X^T r o w_-^(D-1) (SymPy; T5, D = 3, w = 1: "
            "-dL/dw_(-,1) = -6, printed -3). The printed flow is that of L/2 (the same path at half speed); the lemma "
            "holds for both flows.",
        ),
        ProofStep(
            "(53)",
            r"$\mathbf w_-(t)=(\alpha^{2-D}\mathbf 1-D(D-2)X^\top\int_0^tr(\tau)d\tau)^{-\frac1{D-2}}$ solves (52)",
            "identity",
        ),
        ProofStep(
            "(54)",
            r"$0\le\mathbf w_\pm(t)_i^{2-D}=\alpha^{2-D}\pm D(D-2)\big[X^\top\int_0^tr(\tau)d\tau\big]_i$, hence "
            r"$-\alpha^{2-D}\le D(D-2)\big[X^\top\int_0^tr\big]_i\le\alpha^{2-D}$",
            "inequality",
        ),
    ),
    edges=(
        {"alpha": 1e-3, "D": 3},
        {"alpha": 1e3, "D": 3},
        {"alpha": 0.1, "D": 8},
        {"alpha": 10.0, "D": 8},
        {"fixture": "TIE", "alpha": 0.05, "D": 4},
        {"fixture": "random:5", "alpha": 0.3, "D": 3},
    ),
    uses=(),
)

THEOREM_3 = statement(
    "kernel-rich/theorem-3",
    "theorem",
    "3",
    "Depth-D diagonal model: gradient flow converges to argmin Q^D_alpha; l1 and l2 limits",
    src("§5, Theorem 3; App. F", "(10), (55)-(66)"),
    r"For any $0<\alpha<\infty$ and $D\ge3$, if $X\beta^\infty_{\alpha,D}=\mathbf y$, then "
    r"$\beta^\infty_{\alpha,D}=\arg\min_\beta Q^D_\alpha(\beta)\ \text{s.t.}\ X\beta=\mathbf y$ where "
    r"$Q^D_\alpha(\beta)=\alpha^D\sum_{i=1}^dq_D(\beta_i/\alpha^D)$ and $q_D=\int h_D^{-1}$ is the antiderivative of the "
    r"unique inverse of $h_D(z)=(1-z)^{-\frac D{D-2}}-(1+z)^{-\frac D{D-2}}$ on $[-1,1]$. Furthermore, "
    r"$\lim_{\alpha\to0}\beta^\infty_{\alpha,D}=\beta^*_{\ell_1}$ and $\lim_{\alpha\to\infty}\beta^\infty_{\alpha,D}=\beta^*_{\ell_2}$.",
    params=(FIXTURE, ALPHA, DEPTH),
    edges=(
        {"alpha": 1e-2, "D": 3},
        {"alpha": 1e3, "D": 3},
        {"alpha": 0.3, "D": 8},
        {"alpha": 10.0, "D": 13},
        {"fixture": "TIE", "alpha": 0.3, "D": 4},
        {"fixture": "random:5", "alpha": 0.5, "D": 3},
    ),
    hypotheses=(POSITIVE_ALPHA, Hypothesis(r"$D\ge3$", lambda p: p.get("D", 3) >= 3), INTERPOLATES),
    notes="The argmin characterisation is invariant under the time rescaling between the printed flow (55) (L/2) and "
    "the §2 loss; the flow checks integrate the §2-derived flow. The limits are checked along the argmin path with "
    "the exact rational min-l1 (strict certificate) and min-l2 solutions; on TIE the path is recorded. Proof "
    "(App. F): (55) is misprinted (step (55): sign of dL/dw and the flow of L/2); (57) prints X~^T where X^T is meant "
    "(d entries; encoded with X^T). Gaps, not errors: (63) infers lim_alpha beta < infinity from the finiteness of "
    "each beta_alpha (a uniform bound in alpha is needed and holds on the checked paths); (66) divides by "
    "[X^T mu]_i, which vanishes where the min-l2 solution has a zero entry (none on the checked data).",
    steps=(
        ProofStep(
            "(55)",
            r"$\dot{\mathbf w}(t)=\frac{dL}{d\mathbf w}=-D\tilde X^\top r(t)\circ\mathbf w^{D-1},\quad\mathbf w(0)=\alpha\mathbf 1$",
            "identity",
            expect="refuted",
            erratum="Both equalities fail for the §2 loss: the gradient flow is -dL/dw (the printed w-dot = dL/dw has the "
            "wrong sign), and dL/dw = +2D X~^T r o w^(D-1) (SymPy), not -D X~^T r o w^(D-1). Counterexample (exact): T5, "
            "D = 3, w = 1 (r = (-1, -2)): dL/dw_(+,1) = -6 while the printed right side is 3. What holds: "
            "w' = -dL/dw = -2D X~^T r o w^(D-1); the printed right side -D X~^T r o w^(D-1) is -d(L/2)/dw, the flow of "
            "L/2 (the same path at half speed, as (50)/(52)), and the argmin characterisation does not see the time "
            "change (the proof goes through with (55) read as the flow of L/2).",
        ),
        ProofStep(
            "(56)",
            r"$\mathbf w(t)=\Big(\alpha^{2-D}+D(D-2)\tilde X^\top\int_0^tr(\tau)d\tau\Big)^{-\frac1{D-2}}$ solves (55)",
            "identity",
        ),
        ProofStep(
            "(57)",
            r"$\beta(t)=\alpha^D(1+\alpha^{D-2}D(D-2)\tilde X^\top\int_0^tr)^{-\frac D{D-2}}-\alpha^D(1-\alpha^{D-2}D(D-2)\tilde X^\top\int_0^tr)^{-\frac D{D-2}}$ "
            r"from (56)",
            "identity",
        ),
        ProofStep(
            "(58)-(59)",
            r"$\beta(\infty)=\alpha^Dh_D(X^\top\nu(\infty))$, $\nu(\infty)=-\alpha^{D-2}D(D-2)\int_0^\infty r$, "
            r"$h_D(z)=(1-z)^{-\frac D{D-2}}-(1+z)^{-\frac D{D-2}}$",
            "identity",
        ),
        ProofStep("invokes Lemma 8", r"By Lemma 8, $\|X^\top\nu\|_\infty\le1$", "invocation"),
        ProofStep(
            "invokes claim-hD-properties",
            r"so the domain of $h_D$ is the interval $[-1,1]$, upon which it is monotonically increasing from "
            r"$h_D(-1)=-\infty$ to $h_D(1)=\infty$. Therefore, there exists an inverse mapping $h_D^{-1}(t)$",
            "invocation",
        ),
        ProofStep(
            "invokes the general approach",
            r"Following the general approach outlined in Section 4, we conclude: (60)",
            "invocation",
        ),
        ProofStep(
            "(60)",
            r"$Q_\alpha^D(\beta)=\alpha^D\sum_i\int_0^{\beta_i/\alpha^D}h_D^{-1}(t)dt$ (its gradient "
            r"$h_D^{-1}(\beta/\alpha^D)$ is $X^\top\nu$ at $\beta(\infty)$ of (58): the KKT conditions of the argmin)",
            "identity",
        ),
        ProofStep(
            "(61)-(62)",
            r"$\lim_{\alpha\to0}[\beta^\infty_{\alpha,D}]_i=\lim_{\alpha\to0}\alpha^D(1-[X^\top\nu]_i)^{-\frac D{D-2}}"
            r"-\alpha^D(1+[X^\top\nu]_i)^{-\frac D{D-2}}>0\implies\lim_{\alpha\to0}\alpha^D(1-[X^\top\nu]_i)^{-\frac D{D-2}}>0$; "
            r"this and $[X^\top\nu]_i\le1$ imply $\lim_{\alpha\to0}[X^\top\nu]_i=1$",
            "inequality",
        ),
        ProofStep(
            "(63)-(64)",
            r"$\lim_{\alpha\to\infty}[\beta^\infty_{\alpha,D}]_i=\lim_{\alpha\to\infty}\alpha^D(1-[X^\top\nu]_i)^{-\frac D{D-2}}"
            r"-\alpha^D(1+[X^\top\nu]_i)^{-\frac D{D-2}}<\infty\implies\lim_{\alpha\to\infty}[X^\top\nu]_i=0$",
            "inequality",
        ),
        ProofStep("(65)", r"$(1-z)^{-\frac D{D-2}}-(1+z)^{-\frac D{D-2}}=\frac{2D}{D-2}z+O(z^3)$", "identity"),
        ProofStep(
            "(66)",
            r"with $\mu=\frac{2D\alpha^D}{D-2}\nu$: $\lim_{\alpha\to\infty}\frac{[\beta^\infty_{\alpha,D}]_i}{[X^\top\mu]_i}"
            r"=1+\lim_{\alpha\to\infty}O([X^\top\nu]_i^2)=1$",
            "identity",
        ),
    ),
    uses=(
        "kernel-rich/lemma-8",
        "kernel-rich/claim-hD-properties",
        "kernel-rich/claim-general-approach",
    ),
)

HD_PROPERTIES = statement(
    "kernel-rich/claim-hD-properties",
    "claim",
    "App. F",
    "h_D increases from -inf to inf on [-1,1]; its inverse; (65)",
    src("App. F", "(59), (65)"),
    r"By Lemma 8, $\|X^\top\nu\|_\infty\le1$, so the domain of $h_D$ is the interval $[-1,1]$, upon which it is "
    r"monotonically increasing from $h_D(-1)=-\infty$ to $h_D(1)=\infty$. Therefore, there exists an inverse mapping "
    r"$h_D^{-1}(t)$ with domain $[-\infty,\infty]$ and range $[-1,1]$. This inverse mapping unfortunately does not have a "
    r"simple closed form. Nevertheless, it is the root of a rational equation. [...] for small $z$, "
    r"$(1-z)^{-\frac D{D-2}}-(1+z)^{-\frac D{D-2}}=\frac{2D}{D-2}z+O(z^3)$ (65).",
    params=(DEPTH,),
    edges=({"D": 3}, {"D": 4}, {"D": 100}),
    hypotheses=(Hypothesis(r"$D\ge3$", lambda p: p.get("D", 3) >= 3),),
    notes="'Root of a rational equation' is checked as: h_D(z) = t is equivalent to a polynomial equation P_D(z, t) = 0 "
    "with integer coefficients (directly for D = 3, 4; by eliminating the radicals with resultants for D = 5, 6).",
    steps=(
        ProofStep(
            "invokes Lemma 8",
            r"By Lemma 8, $\|X^\top\nu\|_\infty\le1$, so the domain of $h_D$ is the interval $[-1,1]$",
            "invocation",
        ),
    ),
    uses=("kernel-rich/lemma-8",),
)

DEPTH_TRANSITION = statement(
    "kernel-rich/claim-depth-transition",
    "claim",
    "§5",
    "Rich limit l1 for every D; polynomial alpha suffices for D >= 3; depth hastens the transition",
    src("§5", "(10), Fig. 3"),
    r"As before, this is just a linear regression model with an unconventional parametrization, equivalent to a depth-$D$ "
    r"matrix factorization model with commutative measurement matrices [...] or a depth-$D$ diagonal linear network. [...] "
    r"In the two extremes, we again get $\beta^*_{\ell_2}$ in the kernel regime, and more interestingly, for any depth "
    r"$D\ge2$, we get the $\beta^*_{\ell_1}$ in the rich limit [...]. That the rich limit solution does not change with $D$ "
    r"is surprising, and disagrees with what would be obtained with explicit regularization (regularizing "
    r"$\|\mathbf w\|_2$ is equivalent to $\|\beta\|_{2/D}$ regularization) [...]. Even at order $D=3$, the scale of $\alpha$ "
    r"needed to approximate $\ell_1$ is polynomial rather than exponential, yielding a much quicker transition to the rich "
    r"limit versus the $D=2$ case above. [...] increasing $D$ hastens the transition to the rich limit.",
    params=(),
    notes="'Approximate l1' is read at the level of the regulariser's value (as in Fig. 3(b)): the relative gap between "
    "Q^D_alpha (normalised by ln(1/alpha^2) for D = 2) and ||.||_1 on unit-norm vectors. The matrix-factorisation "
    "equivalence (Arora et al.) and the logistic-loss remark are citations and are not checked; the depth-D diagonal "
    "network equivalence is checked through the balancedness of its layers."
    " uses: prose of \u00a75; no separate proof is printed.",
    steps=(
        ProofStep(
            "invokes Theorem 3",
            r"In the two extremes, we again get $\beta^*_{\ell_2}$ in the kernel regime, and [...] we get the "
            r"$\beta^*_{\ell_1}$ in the rich limit (Theorem 3, for the depths $D\ge3$ of the claim)",
            "invocation",
        ),
    ),
    uses=("kernel-rich/theorem-3",),
)

BIASED_INIT = statement(
    "kernel-rich/claim-biased-init",
    "claim",
    "footnote 2",
    "Results generalise to biased initialisation and to the asymmetric u-v parametrisation",
    src("§4, footnote 2", "(3), (21)"),
    r"Our results can be generalized to ``biased'' initialization (i.e., where $\mathbf w_-\neq\mathbf w_+$ at "
    r"initialization), or the asymmetric parametrization $f((u,v),\mathbf x)=\sum_iu_iv_ix_i$, however this complicates "
    r"the presentation without adding much insight.",
    params=(FIXTURE, SEED, INIT_SCALE),
    edges=({"init_scale": 1e-2}, {"init_scale": 30.0}, {"seed": 3}, {"fixture": "TIE"}, {"fixture": "random:5"}),
    hypotheses=(
        Hypothesis(r"$\mathbf w_\pm(0)$ entrywise positive (observed on the instance)", biased_init_positive),
        Hypothesis(r"the flow reaches an interpolant (observed per instance)", flow_interpolates),
    ),
    notes="The generalisation is derived by the paper's general approach: with w_+(0) = a, w_-(0) = b, "
    "beta^inf = argmin sum_i m_i q(beta_i/m_i) - theta_i beta_i s.t. X beta = y, m = ab, theta = ln(a/b); the u-v model "
    "from (u0, v0) is the biased model with a = |u0 + v0|/2, b = |u0 - v0|/2 run at half speed."
    " uses: no proof is printed.",
    uses=(),
)
