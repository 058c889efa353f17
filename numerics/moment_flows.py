"""Gradient flows of moment-matching losses, knowing no paper.

A *moment loss* on ``a in R^d`` is

    l(a) = sum_i w_i (t_i - sum_k a_k^{p_i})^2        (integer powers p_i >= 1, weights w_i > 0)

(a linear SSM with ``B = C^T = 1`` fed impulses: the k-th impulse-response entry is the k-th
power moment ``sum_k a_k^p`` of the diagonal). Its gradient flow is

    a_j' = sum_i 2 w_i p_i (t_i - sum_k a_k^{p_i}) a_j^{p_i - 1}.

Provided here: the field and its Jacobian (NumPy), a SymPy field (for heyoka), double-precision
integration at two tolerances (SciPy Radau with the analytic Jacobian), and the exact solution
of the *single-moment* flow (one power p >= 3): every coordinate moves along the same clock,

    a_j' = c(t) a_j^{p-1}  =>  a_j(sigma) = (a_j(0)^{2-p} - (p-2) sigma)^{-1/(p-2)},
    sigma(t) = int_0^t c,   c = 2 w p (t_1 - sum_k a_k^p),

so the d-dimensional flow reduces to the scalar ``sigma' = 2 w p r(sigma)``; its time is the
quadrature ``t(sigma) = int_0^sigma dsigma' / (2 w p r(sigma'))`` and its limit the root of
``r(sigma) = 0`` (``r`` strictly decreasing in sigma while the coordinates are positive).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import mpmath
import numpy as np
import sympy as sp

from . import flows, roots

# the ufunc behind ``np.sum`` of a vector (same values, less dispatch overhead)
_sum = np.add.reduce


@dataclass(frozen=True)
class MomentLoss:
    powers: tuple[int, ...]
    targets: tuple[float, ...]
    weights: tuple[float, ...]

    def residuals(self, a: np.ndarray) -> np.ndarray:
        return np.array([t - np.sum(a**p) for p, t in zip(self.powers, self.targets)])

    def loss(self, a) -> float:
        a = np.asarray(a, float)
        return float(sum(w * r**2 for w, r in zip(self.weights, self.residuals(a))))

    def field(self, a) -> np.ndarray:
        """``-grad l(a)``. The integrators call it ~10^5 times per flow: the Python overhead is
        kept to the floating-point operations themselves, which are those (and in the order) of
        ``sum_i (2 w_i p_i r_i) a^(p_i - 1)`` with ``r_i = t_i - sum(a^p_i)``, so the values are
        the same to the last bit (tests/test_moment_flows.py)."""
        a = np.asarray(a, float)
        out = np.zeros(a.shape)
        for p, t, c in self._terms:
            if p == 1:  # a^1 = a and a^0 = 1 exactly: the same numbers without the powers
                out += c * (t - _sum(a))
            else:
                out += c * (t - _sum(a**p)) * a ** (p - 1)
        return out

    def jacobian(self, a) -> np.ndarray:
        """Jacobian of ``-grad l`` (= minus the Hessian): ``sum_i -2 w_i u_i u_i^T +
        diag(2 w_i p_i (p_i - 1) r_i a^(p_i - 2))`` with ``u_i = p_i a^(p_i - 1)``."""
        a = np.asarray(a, float)
        n = a.size
        J = np.zeros((n, n))
        diag = J.reshape(-1)[:: n + 1]  # a view of the diagonal
        for (p, t, c), w in zip(self._terms, self.weights):
            u = p * a ** (p - 1)
            J -= 2 * w * (u[:, None] * u[None, :])
            if p >= 2:
                diag += 2 * w * p * (p - 1) * (t - _sum(a**p)) * a ** (p - 2)
        return J

    def __post_init__(self):
        # ``(p_i, t_i, 2 w_i p_i)`` for field() and jacobian() (the product rounded as in ``2 * w * p``)
        object.__setattr__(
            self, "_terms", tuple((p, t, 2 * w * p) for p, t, w in zip(self.powers, self.targets, self.weights))
        )

    def sympy_field(self, syms: Sequence[sp.Symbol], exact: bool = False) -> list[sp.Expr]:
        """The field as SymPy expressions. heyoka's ``from_sympy`` rejects SymPy Rationals with
        a denominator, so constants are Floats unless ``exact`` (the weights of interest --
        1, 1/2, 2 -- are binary fractions, hence exact as Floats)."""
        conv = (lambda v: sp.nsimplify(v)) if exact else (lambda v: sp.Float(v, 60))
        out = []
        for j, s in enumerate(syms):
            e = 0
            for p, w, t in zip(self.powers, self.weights, self.targets):
                r = conv(t) - sum(x**p for x in syms)
                e += conv(2 * w * p) * r * s ** (p - 1)
            out.append(e)
        return out


def integrate(
    loss: MomentLoss, a0: Sequence[float], t_end: float, rtol: float = 1e-10, grid=None, method: str = "Radau"
):
    """SciPy at ``rtol`` and ``rtol/100`` (``flows.integrate_double``) with the analytic
    Jacobian; ``atol`` is ``rtol * 1e-3`` there, so the coordinates are resolved absolutely.
    ``Radau`` runs as :func:`radau_direct_lu` (SciPy's Radau, the same numbers, less overhead)."""
    field, jac = (lambda t, x: loss.field(x)), (lambda t, x: loss.jacobian(x))
    if method == "Radau":
        method, jac = radau_direct_lu(jac), None
    return flows.integrate_double(
        field, a0, t_end, rtol=rtol, method=method, jac=jac, grid=grid if grid is not None else [t_end]
    )


def radau_direct_lu(jac):
    """SciPy's ``Radau`` solver class with the Jacobian ``jac`` built in, whose LU factorisations
    and solves call LAPACK's ``getrf``/``getrs`` directly: exactly the calls (same routines, same
    arguments, ``overwrite`` flags included) that ``scipy.linalg.lu_factor``/``lu_solve`` make
    after validating their input, so every step computes the same numbers. On these small
    systems the validation wrappers took about a third of Radau's time. Non-finite input still
    raises ``ValueError`` and a singular factor still warns, as there."""
    from scipy.integrate import Radau
    from scipy.linalg import LinAlgWarning, get_lapack_funcs

    def checked(x):
        if not np.isfinite(x).all():
            raise ValueError("array must not contain infs or NaNs")
        return x

    class _Radau(Radau):
        def __init__(self, fun, t0, y0, t_bound, **options):
            super().__init__(fun, t0, y0, t_bound, jac=jac, **options)
            if not isinstance(self.J, np.ndarray):  # a sparse Jacobian: SciPy's own splu path
                return
            getrf, getrs = {}, {}  # the LAPACK routines by dtype, as get_lapack_funcs picks them

            def lu(A):
                self.nlu += 1
                A = checked(A)
                if A.dtype not in getrf:
                    getrf[A.dtype] = get_lapack_funcs(("getrf",), (A,))[0]
                lu_, piv, info = getrf[A.dtype](A, overwrite_a=True)
                if info < 0:
                    raise ValueError(f"illegal value in {-info}th argument of internal getrf (lu_factor)")
                if info > 0:
                    warnings.warn(f"Diagonal number {info} is exactly zero. Singular matrix.", LinAlgWarning, 2)
                return lu_, piv

            def solve_lu(LU, b):
                lu_, piv = LU
                b = checked(b)
                k = (lu_.dtype, b.dtype)
                if k not in getrs:
                    getrs[k] = get_lapack_funcs(("getrs",), (lu_, b))[0]
                x, info = getrs[k](lu_, piv, b, trans=0, overwrite_b=True)
                if info != 0:
                    raise ValueError(f"illegal value in {-info}th argument of internal gesv|posv")
                return x

            self.lu, self.solve_lu = lu, solve_lu

    return _Radau


# ---------------------------------------------------------------------------------------
# Single-moment flow: exact reduction to a clock
# ---------------------------------------------------------------------------------------
def single_power_state(a0: Sequence, p: int, sigma):
    """``a_j(sigma) = (a_j(0)^{2-p} - (p-2) sigma)^{-1/(p-2)}`` (positive ``a_j(0)``, p >= 3)."""
    return [(mpmath.mpf(x) ** (2 - p) - (p - 2) * sigma) ** (mpmath.mpf(-1) / (p - 2)) for x in a0]


def single_power_residual(a0, p: int, target, sigma):
    return mpmath.mpf(target) - mpmath.fsum(x**p for x in single_power_state(a0, p, sigma))


class _SinglePower:
    """``r(sigma)`` of :func:`single_power_residual` for repeated evaluation (root finding,
    quadrature): the sigma-free parts (``a_j(0)^{2-p}``, the exponent, the target) are computed
    once per working precision, the rest by the same operations, so the values are the same to
    the last bit."""

    def __init__(self, a0: Sequence, p: int, target):
        self.a0, self.p, self.target = list(a0), p, target
        self._consts: dict[int, tuple] = {}

    def _at_prec(self):
        prec = mpmath.mp.prec
        if prec not in self._consts:
            p = self.p
            self._consts[prec] = (
                [mpmath.mpf(x) ** (2 - p) for x in self.a0],
                mpmath.mpf(-1) / (p - 2),
                mpmath.mpf(self.target),
            )
        return self._consts[prec]

    def residual(self, sigma):
        cs, e, target = self._at_prec()
        p = self.p
        k = (p - 2) * sigma
        return target - mpmath.fsum(((c - k) ** e) ** p for c in cs)


def single_power_sigma_max(a0, p: int):
    """The clock value at which the largest coordinate blows up."""
    return max(mpmath.mpf(x) for x in a0) ** (2 - p) / (p - 2)


def single_power_limit(a0: Sequence, p: int, target=1, dps: int = 50):
    """``(sigma*, a(sigma*), width)``: the root of ``r(sigma) = 0`` (bisection; ``width`` is
    the final bracket, the error estimate of sigma*). Needs ``r(0) > 0``."""
    with mpmath.workdps(dps):
        a0m = [mpmath.mpf(x) for x in a0]
        smax = single_power_sigma_max(a0m, p)
        res = _SinglePower(a0m, p, target).residual
        sig, width = roots.increasing_inverse(lambda s: -res(s), 0, 0, smax, dps=dps)
        return sig, single_power_state(a0m, p, sig), width


def _time_integrand(a0: Sequence, p: int, weight, target):
    res = _SinglePower(a0, p, target).residual
    return lambda s: 1 / (2 * mpmath.mpf(weight) * p * res(s))


def single_power_time(a0: Sequence, p: int, weight, target, sigma, dps: int = 30):
    """``t(sigma) = int_0^sigma ds / (2 w p r(s))`` by tanh-sinh quadrature (mpmath), with its
    error estimate."""
    with mpmath.workdps(dps):
        a0m = [mpmath.mpf(x) for x in a0]
        f = _time_integrand(a0m, p, weight, target)
        # the integrand is smooth on [0, sigma] but varies on the scale of sigma* - s: split
        # geometrically towards sigma so that each piece is well resolved
        sigma = mpmath.mpf(sigma)
        pts = [mpmath.mpf(0)] + [sigma * (1 - mpmath.mpf(2) ** -k) for k in range(1, 40)] + [sigma]
        val, err = mpmath.quad(f, pts, error=True)
        return val, err


def single_power_time_upper(a0: Sequence, p: int, weight, target, sigma, dps: int = 30):
    """An upper bound of ``t(sigma)`` (:func:`single_power_time`) from ~``prec`` evaluations of
    ``r`` instead of a quadrature's thousands: ``r`` decreases in sigma (each ``a_j`` grows), so
    the integrand ``1 / (2 w p r)`` increases on ``[0, sigma]`` where ``r > 0``, and its
    right-endpoint sum over any partition is at least the integral. The partition is
    ``sigma (1 - 2^-k)``, k = 0, 1, ... until the points coincide at the working precision
    (the same geometric split as the quadrature's). ``inf`` when ``r <= 0`` at a point."""
    with mpmath.workdps(dps):
        a0m = [mpmath.mpf(x) for x in a0]
        f = _time_integrand(a0m, p, weight, target)
        sigma = mpmath.mpf(sigma)
        total, left, k = mpmath.mpf(0), mpmath.mpf(0), 1
        while left < sigma:
            right = sigma * (1 - mpmath.mpf(2) ** -k)
            if right <= left:  # 1 - 2^-k rounds to 1: the last piece ends at sigma
                right = sigma
            g = f(right)
            if not g > 0:
                return mpmath.inf
            total += (right - left) * g
            left, k = right, k + 1
        return total


def single_power_sigma_at(a0: Sequence, p: int, weight, target, t, dps: int = 30):
    """``sigma(t)``: solves ``t(sigma) = t`` (:func:`single_power_time`) on ``[0, sigma*)`` by
    Newton's method (``dt/dsigma = 1 / (2 w p r)``) safeguarded by a bracket. Returns
    ``(sigma, error)``: the last Newton step plus the quadrature error carried through
    ``dsigma/dt = 2 w p r``."""
    with mpmath.workdps(dps):
        a0m = [mpmath.mpf(x) for x in a0]
        res = _SinglePower(a0m, p, target).residual
        sig_star, _, _ = single_power_limit(a0m, p, target, dps=dps)
        t = mpmath.mpf(t)
        # the clock where the residual has fallen to 10^-(dps-10): past its time the state is
        # the limit to that accuracy (no Newton on the flat tail of t(sigma))
        floor = mpmath.mpf(10) ** (-(dps - 10))
        sig_c, _ = roots.increasing_inverse(lambda s: -res(s), -floor, 0, sig_star, dps=dps)
        # t >= t(sig_c) is decided by a cheap upper bound of t(sig_c) when t is past it (the
        # relative margin 1e-9 covers the rounding of the bound; the bound exceeds the
        # quadrature's value by ~1e-11 relative on the tables' flows); otherwise by the quadrature
        if t >= (1 + mpmath.mpf(10) ** -9) * single_power_time_upper(a0m, p, weight, target, sig_c, dps=dps):
            return sig_c, float(sig_star - sig_c)
        t_c, e_c = single_power_time(a0m, p, weight, target, sig_c, dps=dps)
        if t >= t_c:
            return sig_c, float(sig_star - sig_c)
        lo, hi = mpmath.mpf(0), sig_c
        sig = sig_c / 2
        step, qerr = mpmath.inf, mpmath.mpf(0)
        for _ in range(100):
            tm, e = single_power_time(a0m, p, weight, target, sig, dps=dps)
            qerr = e
            rate = 2 * mpmath.mpf(weight) * p * res(sig)
            if tm < t:
                lo = sig
            else:
                hi = sig
            new = sig + (t - tm) * rate
            if not (lo < new < hi):
                new = (lo + hi) / 2
            step = abs(new - sig)
            sig = new
            if step <= mpmath.mpf(10) ** (-dps + 12) * max(abs(sig), 1) or hi - lo <= mpmath.mpf(10) ** (
                -dps + 12
            ) * max(abs(sig), 1):
                break
        rate = 2 * mpmath.mpf(weight) * p * res(sig)
        return sig, float(min(step, hi - lo) + rate * qerr)
