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

from collections.abc import Sequence
from dataclasses import dataclass

import mpmath
import numpy as np
import sympy as sp

from . import flows, roots


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
        """``-grad l(a)``."""
        a = np.asarray(a, float)
        out = np.zeros_like(a)
        for p, w, r in zip(self.powers, self.weights, self.residuals(a)):
            out += 2 * w * p * r * a ** (p - 1)
        return out

    def jacobian(self, a) -> np.ndarray:
        """Jacobian of ``-grad l`` (= minus the Hessian)."""
        a = np.asarray(a, float)
        J = np.zeros((a.size, a.size))
        for p, w, r in zip(self.powers, self.weights, self.residuals(a)):
            u = p * a ** (p - 1)
            J -= 2 * w * np.outer(u, u)
            if p >= 2:
                J += np.diag(2 * w * p * (p - 1) * r * a ** (p - 2))
        return J

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
    Jacobian; ``atol`` is ``rtol * 1e-3`` there, so the coordinates are resolved absolutely."""
    return flows.integrate_double(
        lambda t, x: loss.field(x),
        a0,
        t_end,
        rtol=rtol,
        method=method,
        jac=lambda t, x: loss.jacobian(x),
        grid=grid if grid is not None else [t_end],
    )


# ---------------------------------------------------------------------------------------
# Single-moment flow: exact reduction to a clock
# ---------------------------------------------------------------------------------------
def single_power_state(a0: Sequence, p: int, sigma):
    """``a_j(sigma) = (a_j(0)^{2-p} - (p-2) sigma)^{-1/(p-2)}`` (positive ``a_j(0)``, p >= 3)."""
    return [(mpmath.mpf(x) ** (2 - p) - (p - 2) * sigma) ** (mpmath.mpf(-1) / (p - 2)) for x in a0]


def single_power_residual(a0, p: int, target, sigma):
    return mpmath.mpf(target) - mpmath.fsum(x**p for x in single_power_state(a0, p, sigma))


def single_power_sigma_max(a0, p: int):
    """The clock value at which the largest coordinate blows up."""
    return max(mpmath.mpf(x) for x in a0) ** (2 - p) / (p - 2)


def single_power_limit(a0: Sequence, p: int, target=1, dps: int = 50):
    """``(sigma*, a(sigma*), width)``: the root of ``r(sigma) = 0`` (bisection; ``width`` is
    the final bracket, the error estimate of sigma*). Needs ``r(0) > 0``."""
    with mpmath.workdps(dps):
        a0m = [mpmath.mpf(x) for x in a0]
        smax = single_power_sigma_max(a0m, p)
        sig, width = roots.increasing_inverse(lambda s: -single_power_residual(a0m, p, target, s), 0, 0, smax, dps=dps)
        return sig, single_power_state(a0m, p, sig), width


def single_power_time(a0: Sequence, p: int, weight, target, sigma, dps: int = 30):
    """``t(sigma) = int_0^sigma ds / (2 w p r(s))`` by tanh-sinh quadrature (mpmath), with its
    error estimate."""
    with mpmath.workdps(dps):
        a0m = [mpmath.mpf(x) for x in a0]
        f = lambda s: 1 / (2 * mpmath.mpf(weight) * p * single_power_residual(a0m, p, target, s))  # noqa: E731
        # the integrand is smooth on [0, sigma] but varies on the scale of sigma* - s: split
        # geometrically towards sigma so that each piece is well resolved
        sigma = mpmath.mpf(sigma)
        pts = [mpmath.mpf(0)] + [sigma * (1 - mpmath.mpf(2) ** -k) for k in range(1, 40)] + [sigma]
        val, err = mpmath.quad(f, pts, error=True)
        return val, err


def single_power_sigma_at(a0: Sequence, p: int, weight, target, t, dps: int = 30):
    """``sigma(t)``: solves ``t(sigma) = t`` (:func:`single_power_time`) on ``[0, sigma*)`` by
    Newton's method (``dt/dsigma = 1 / (2 w p r)``) safeguarded by a bracket. Returns
    ``(sigma, error)``: the last Newton step plus the quadrature error carried through
    ``dsigma/dt = 2 w p r``."""
    with mpmath.workdps(dps):
        a0m = [mpmath.mpf(x) for x in a0]
        sig_star, _, _ = single_power_limit(a0m, p, target, dps=dps)
        t = mpmath.mpf(t)
        # the clock where the residual has fallen to 10^-(dps-10): past its time the state is
        # the limit to that accuracy (no Newton on the flat tail of t(sigma))
        floor = mpmath.mpf(10) ** (-(dps - 10))
        sig_c, _ = roots.increasing_inverse(
            lambda s: -single_power_residual(a0m, p, target, s), -floor, 0, sig_star, dps=dps
        )
        t_c, e_c = single_power_time(a0m, p, weight, target, sig_c, dps=dps)
        if t >= t_c:
            return sig_c, float(sig_star - sig_c)
        lo, hi = mpmath.mpf(0), sig_c
        sig = sig_c / 2
        step, qerr = mpmath.inf, mpmath.mpf(0)
        for _ in range(100):
            tm, e = single_power_time(a0m, p, weight, target, sig, dps=dps)
            qerr = e
            rate = 2 * mpmath.mpf(weight) * p * single_power_residual(a0m, p, target, sig)
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
        rate = 2 * mpmath.mpf(weight) * p * single_power_residual(a0m, p, target, sig)
        return sig, float(min(step, hi - lo) + rate * qerr)
