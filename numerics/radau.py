"""Implicit high-precision integration of stiff autonomous flows: Radau IIA collocation at any
precision, solved by mixed-precision simplified Newton.

Knows no paper. Why it exists: on a stiff gradient flow (a fast direction of the loss Hessian
next to a slow manifold, as in long linear-RNN flows) an explicit Taylor step is capped by the
stability interval against the fast eigenvalue, whatever the precision, so reaching a small
loss takes ~T * lambda_max steps. Radau IIA is L-stable: its steps follow the accuracy of the
slow dynamics.

* Method: the s-stage Radau IIA collocation method (order 2s-1, stiffly accurate), its
  tableau computed with mpmath at the working precision + 64 bits and rounded once.
* Stage equations ``Y_i = x_n + h sum_j a_ij F(Y_j)`` are solved at the working precision:
  F and the stage residual are heyoka ``cfunc``s in ``real128`` or MPFR. The simplified-Newton
  correction is computed in double precision from the double Jacobian at x_n (heyoka
  ``diff_tensors``): for n s <= ``RadauIIA.DIRECT_MAX`` by one LU of the real n s x n s Newton
  matrix, otherwise in the complex Schur coordinates of A^-1 (s complex n x n systems, block
  back substitution; not the eigenvector basis, whose condition grows like 10^(s/2)).
  Because the residual is evaluated at the working precision, the iteration converges to the
  working-precision root (iterative refinement); double precision only sets the contraction
  rate. The first guess continues the previous step's collocation polynomial (or is the
  explicit Euler guess where that polynomial strays).
* Step size: step doubling (one step of h against two of h/2, the pair is kept), controlled
  so that the estimated local error of the kept pair stays below ``tol`` (default the unit
  roundoff of the working precision) relative to ``1 + |x|``. Steps land on the caller's time
  grid exactly.

The error of a run is not estimated here: ``flows.integrate_hp(..., method="radau")`` compares
two runs at two precisions and two tolerances, as it does for Taylor runs
(``integrators.RadauIntegrator`` puts this solver behind the integrator interface).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np

from .fields import exact_str, grid_time


@functools.cache
def radau_tableau(s: int, bits: int):
    """Nodes ``c`` (``c_s = 1``) and matrix ``A`` of the s-stage Radau IIA method as mpmath
    numbers at ``bits`` (computed at ``bits + 64 + 8 s``: the Vandermonde inverse loses ~s
    digits)."""
    if s < 1:
        raise ValueError("s must be >= 1")
    with mpmath.workprec(bits + 64 + 8 * s):
        # nodes: zeros of d^{s-1}/dx^{s-1} [x^{s-1} (x-1)^s] (Radau right points on [0, 1])
        p = [mpmath.mpf(0)] * (2 * s)  # coefficients of x^{s-1}(x-1)^s, lowest degree first
        for k in range(s + 1):
            p[s - 1 + k] = mpmath.binomial(s, k) * (-1) ** (s - k)
        q = p
        for _ in range(s - 1):
            q = [q[i] * i for i in range(1, len(q))]
        roots = mpmath.polyroots(list(reversed(q)), maxsteps=400, extraprec=2 * bits + 64) if s > 1 else [mpmath.mpf(1)]
        c = sorted(mpmath.re(r) for r in roots)
        c[-1] = mpmath.mpf(1)
        # a_ij = int_0^{c_i} l_j, with l_j(tau) = sum_k Vinv[k, j] tau^k, V[j, k] = c_j^k
        Vinv = mpmath.matrix([[cj**k for k in range(s)] for cj in c]) ** -1
        A = [
            [mpmath.fsum(c[i] ** (k + 1) / (k + 1) * Vinv[k, j] for k in range(s)) for j in range(s)] for i in range(s)
        ]
    with mpmath.workprec(bits):
        return [+x for x in c], [[+a for a in row] for row in A]


def default_stages(bits: int) -> int:
    """Stages for a precision: order 2s-1 grows with the digits so that the accuracy-limited
    step stays a fixed fraction of the solution's time scale (tol**(1/2s) ~ 1/50)."""
    return max(3, math.ceil(bits * math.log(2) / (2 * math.log(50))))


@dataclass
class RadauStats:
    steps: int = 0  # accepted step-doubling pairs
    rejected: int = 0
    newton_iterations: int = 0
    field_evaluations: int = 0
    jacobians: int = 0


class RadauIIA:
    """Radau IIA on ``x' = F(x)`` with F and its Jacobian compiled by heyoka.

    ``field``: heyoka expressions of F in the heyoka variables ``hv``; ``kind``: ``real128`` or
    ``mpfr``; ``bits``: the working precision (113 for real128)."""

    DIRECT_MAX = 800

    def __init__(self, field, hv, kind: str, bits: int, stages: int | None = None, tol: float | None = None):
        import heyoka as hy

        self.kind, self.bits = kind, bits
        n = self.n = len(hv)
        s = self.s = stages or default_stages(bits)
        self.tol = tol if tol is not None else 2.0**-bits
        if kind == "real128":
            fp = {"fp_type": hy.real128}
            self.num = lambda v: hy.real128(exact_str(v))
        else:
            fp = {"fp_type": hy.real, "prec": bits}
            self.num = lambda v: hy.real(exact_str(v), bits)
        c, A = radau_tableau(s, bits)
        # F at the s stages (a batch of s columns), and the stage residual
        #   G[m, i] = Y[m, i] - x[m] - h sum_j A[i, j] F[m, j]   (x, h: parameters)
        # compiled, so that no working-precision array is built in Python per iteration (numpy
        # arrays of MPFR numbers leak the numbers of every temporary array: heyoka 7.x; a
        # broadcast Y - hA F leaked ~1 MB per iteration and ran a 256-bit run out of 24 GB).
        # The double <-> MPFR conversions left still leak a few bytes a number: max RSS 728 MB
        # after 44,071 iterations at 256 bits (n s = 1196), against 438 MB for real128.
        self.f_hp = hy.cfunc(field, hv, **fp)
        Y = [[hy.expression(f"y_{m}_{k}") for k in range(s)] for m in range(n)]
        F = [[hy.expression(f"f_{m}_{k}") for k in range(s)] for m in range(n)]
        Ae = [[hy.expression(hy.real(exact_str(v), max(bits, 113))) for v in row] for row in A]
        res = [
            Y[m][i] - hy.par[m] - hy.par[n] * hy.sum([Ae[i][j] * F[m][j] for j in range(s)])
            for m in range(n)
            for i in range(s)
        ]
        self.g_hp = hy.cfunc(
            res, [v for row in Y for v in row] + [v for row in F for v in row], compact_mode=True, **fp
        )
        zero = self.num(0)
        self._in = np.array([zero] * (2 * n * s))  # [Y; F], row-major (n, s) blocks
        self._Y = self._in[: n * s].reshape(n, s)
        self._F = self._in[n * s :].reshape(n, s)
        self._G = np.array([zero] * (n * s))
        self._D = np.array([zero] * (n * s)).reshape(n, s)
        self._pars = np.array([zero] * (n + 1))
        self.dtype = self._in.dtype
        jac = hy.diff_tensors(field, diff_args=hv, diff_order=1).jacobian
        self.jac_d = hy.cfunc(list(np.asarray(jac).ravel()), hv)
        self.f_d = hy.cfunc(field, hv)
        self.c_d = np.array([float(v) for v in c])
        A_d = np.array([[float(v) for v in row] for row in A])
        # A^-1 = U R U^H (complex Schur form, U unitary): the Newton system becomes block upper
        # triangular with s complex n x n blocks. Not an eigen-decomposition: Radau IIA's
        # eigenvector matrix has condition 2e5 at s = 11, 1e8 at 16, 1e12 at 23, which would
        # spoil the double-precision correction.
        from scipy.linalg import schur

        Ainv = np.linalg.inv(A_d)
        self.R, self.U = schur(Ainv.astype(complex), output="complex")
        self.P = self.U.conj().T @ Ainv  # U^H A^-1
        self.A_d = A_d
        # Small systems (n s <= DIRECT_MAX) factor the whole real n s x n s Newton matrix once
        # per (J, h) and solve it in one call per iteration: the s block solves' Python overhead
        # (s calls per iteration, ~25 iterations per step) costs more than the factorisation
        # there (benchmarks/bench_radau_correction.py).
        self.direct = n * s <= self.DIRECT_MAX
        self.stats = RadauStats()
        self._lu_cache: dict = {}
        self._jacobian_version = 0

    # -- double-precision helpers -------------------------------------------------------
    def _jacobian(self, x_d):
        self.stats.jacobians += 1
        self._jacobian_version += 1
        return np.asarray(self.jac_d(x_d), float).reshape(self.n, self.n)

    def _correction(self, G_d, J, h):
        """``-M^-1 G`` with ``M = I - h A x J``, double precision: for a small system by M's LU
        (:attr:`direct`); otherwise, multiplied by ``(hA)^-1 = U (R/h) U^H``, the system
        ``(R/h x I - I x J) W = -U^H (hA)^-1 G`` is solved by block back substitution, then
        ``dZ = U W``."""
        from scipy.linalg import lu_solve

        facs = self._factors_for(J, h)
        if self.direct:
            with np.errstate(all="ignore"):
                if not np.all(np.isfinite(G_d)):
                    return None
                return -lu_solve(facs, G_d.ravel(), check_finite=False).reshape(self.s, self.n)
        R = self.R / h
        with np.errstate(all="ignore"):
            B = -(self.P / h) @ G_d  # (s, n) complex
            W = np.empty_like(B)
            for k in range(self.s - 1, -1, -1):
                rhs = B[k] - R[k, k + 1 :] @ W[k + 1 :] if k < self.s - 1 else B[k]
                if not np.all(np.isfinite(rhs)):
                    return None  # a wild guess overflowed (or G did): the caller rejects the step
                W[k] = lu_solve(facs[k], rhs)
            return np.real(self.U @ W)

    def _factors_for(self, J, h):
        from scipy.linalg import lu_factor

        key = (self._jacobian_version, float(h))
        cache = self._lu_cache
        if key not in cache:
            if len(cache) >= 2:
                cache.clear()
            if self.direct:  # M = I - h A x J, stage-major like G's rows
                cache[key] = lu_factor(np.eye(self.n * self.s) - h * np.kron(self.A_d, J))
            else:
                eye = np.eye(self.n)
                cache[key] = [lu_factor(r / h * eye - J) for r in np.diag(self.R)]
        return cache[key]

    # -- one Radau step -------------------------------------------------------------------
    def step(self, x, h, Z0_d, J, max_iter: int | None = None):
        """Solve the stage equations from the working-precision state ``x`` (array of
        ``self.dtype``) with the step ``h`` (an exact ``Fraction``) from the double guess
        ``Z0_d`` (s, n) of the stage increments. Returns ``(x_new, Z_d, ok)``, ``Z_d`` the
        converged increments in double (for predictors)."""
        n, s = self.n, self.s
        Y, D = self._Y, self._D
        self._pars[:n] = x
        self._pars[n] = self._time_number(h)
        h = float(h)
        for i in range(s):
            Y[:, i] = x
        D[...] = Z0_d.T
        np.add(Y, D, out=Y)
        x_d = x.astype(float)
        scale = 1.0 + float(np.max(np.abs(x_d)))
        floor = 2.0**-self.bits * scale
        prev = math.inf
        # simplified Newton converges linearly (rate ~ h |A| |J(stages) - J(x)|, ~1e-6 on
        # the rnn-lowdim flow): the iterations needed grow with the digits
        for it in range(max_iter or 8 + self.bits // 12):
            self.f_hp(Y, outputs=self._F)
            self.g_hp(self._in, pars=self._pars, outputs=self._G)
            self.stats.field_evaluations += s
            self.stats.newton_iterations += 1
            dZ = self._correction(self._G.astype(float).reshape(n, s).T, J, h)
            if dZ is None:
                return None, None, False
            size = float(np.max(np.abs(dZ)))
            if not np.isfinite(size):
                return None, None, False
            D[...] = dZ.T
            np.add(Y, D, out=Y)
            # converged: the correction is at the rounding level, or it stagnates within
            # 2^10 units of rounding (the residual's own rounding error)
            if size <= 4 * floor or (it >= 2 and size > 0.5 * prev and size <= 1024 * floor):
                for i in range(s):  # the increments at the working precision, then in double (predictors)
                    np.subtract(Y[:, i], x, out=D[:, i])
                Z_d = D.astype(float).T
                return Y[:, s - 1].copy(), Z_d, True
            if it >= 2 and size > 0.5 * prev:  # not contracting
                return None, None, False
            prev = size
        return None, None, False

    def _time_number(self, q: Fraction):
        """A rational time step at the working precision, ``p/q`` rounded (exact for the
        dyadic steps of double length: p fits and q is a power of two)."""
        return self.num(str(q.numerator)) / self.num(str(q.denominator))

    def dense(self, Z_d, theta):
        """The collocation polynomial's increment ``u(t_n + theta h) - x_n`` (double), for
        predictors: the polynomial through (0, 0) and (c_i, Z_i)."""
        theta = np.atleast_1d(np.asarray(theta, float))
        # u(theta) = sum_j Z_j * L_j(theta), L_j the Lagrange basis on (0, c_1..c_s) vanishing at 0
        nodes = np.concatenate([[0.0], self.c_d])
        out = np.zeros((len(theta), Z_d.shape[1]))
        for j in range(self.s):
            cj = self.c_d[j]
            L = np.ones_like(theta)
            for m, cm in enumerate(nodes):
                if m == j + 1:
                    continue
                L = L * (theta - cm) / (cj - cm)
            out += L[:, None] * Z_d[j][None, :]
        return out

    # -- driver ---------------------------------------------------------------------------
    def propagate(self, x0, grid, stop=None, max_steps: int = 10_000_000, h0: float | None = None):
        """Integrate from t = 0 through the times of ``grid``; returns ``(times, states,
        stopped)`` with states as arrays of the working number type (see :meth:`march`)."""
        grid = list(grid)
        times, states = [], []
        stopped = False
        for tg_f, x in zip(grid, self.march(x0, grid, max_steps, h0)):
            times.append(float(tg_f))
            states.append(x.copy())
            if stop is not None and stop(x):
                stopped = True
                break
        return times, states, stopped

    def march(self, x0, grid, max_steps: int = 10_000_000, h0: float | None = None):
        """Integrate from t = 0 through the times of ``grid`` (an iterable, read one time at a
        time), yielding the state at each: an array of the working number type, to be read, not
        modified.

        Time is kept exactly as a ``Fraction``: steps are doubles, and a grid time is the
        decimal number its float prints as (``fields.grid_time``, as Taylor runs read it),
        landed on exactly; a step of a non-dyadic length is rounded once at the working
        precision. So the state is never off by a rounded time. ``max_steps`` bounds the
        accepted plus rejected steps counted in :attr:`stats`."""
        x = np.array([self.num(v) for v in x0], dtype=self.dtype)
        t = Fraction(0)
        p = 2 * self.s - 1
        h_ctrl = None  # the controller's step; the step taken may be cut to land on the grid
        Zprev, hprev = None, None
        for tg_f in grid:
            if h_ctrl is None:
                h_ctrl = float(h0 or min(1e-3, tg_f))
            tg = Fraction(grid_time(tg_f))
            while t < tg:
                if self.stats.steps + self.stats.rejected > max_steps:
                    raise FloatingPointError(f"radau: more than {max_steps} steps before t={tg_f}")
                h = Fraction(h_ctrl)
                cut = t + h >= tg
                if cut:
                    h = tg - t
                x_d = x.astype(float)
                J = self._jacobian(x_d)
                xb, Zb, ok = self.step(x, h, self._predict(Zprev, hprev, float(h), x_d), J)
                if ok:
                    xm, Z1, ok = self.step(x, h / 2, self.dense(Zb, self.c_d * 0.5), J)
                if ok:
                    xh, Z2, ok = self.step(xm, h / 2, self.dense(Zb, 0.5 + self.c_d * 0.5) - Z1[-1][None, :], J)
                if not ok:  # Newton failed: a quarter of the step
                    self.stats.rejected += 1
                    h_ctrl = float(h) / 4
                    continue
                # the pair's local error: |big - pair| / (2^p - 1), relative to 1 + |x|
                diff = np.abs((xb - xh).astype(float)) / (1.0 + np.abs(xh.astype(float)))
                err = float(np.max(diff)) / (2.0**p - 1)
                fac = min(4.0, max(0.2, 0.9 * (self.tol / err) ** (1.0 / (p + 1)))) if err > 0 else 4.0
                if err > self.tol:
                    self.stats.rejected += 1
                    h_ctrl = float(h) * fac
                    continue
                self.stats.steps += 1
                t += h
                x = xh
                Zprev, hprev = Z2, float(h) / 2
                h_ctrl = max(h_ctrl, float(h) * fac) if cut and fac >= 1 else float(h) * fac
            yield x

    def _predict(self, Zprev, hprev, h, x_d):
        """A double guess of the stage increments of a step ``h`` from ``x_d``: the previous
        (half) step's collocation polynomial continued past its end, unless it strays from
        the explicit Euler guess ``c_i h F(x)`` by more than that guess's size (a degree-s
        polynomial continued to 1 + 8 c_i amplifies its double rounding by ~9^s: 1e30 was
        seen at s = 23)."""
        euler = np.outer(self.c_d * h, np.asarray(self.f_d(x_d), float))
        if Zprev is None:
            return euler
        u = self.dense(Zprev, 1.0 + self.c_d * h / hprev) - Zprev[-1][None, :]
        if not np.all(np.isfinite(u)) or np.max(np.abs(u - euler)) > np.max(np.abs(euler)):
            return euler
        return u
