"""Checks: how a statement is tested, and how evidence becomes a verdict.

A check is a function of a :class:`Context`. It computes, on its instances, comparisons
between independent methods and records each as an *item* through the context's judges. Each
judge looks at the kind of its operands and gives the strongest status they earn, no more:

* :meth:`Context.identity` -- a SymPy residual reduced to zero entry by entry: ``proved``;
* :meth:`Context.exact` -- a relation decided in exact arithmetic (int, Fraction, fmpq, SymPy
  without Floats; floats are refused): ``proved`` when the caller says it covers the whole
  claim (``whole=True``), ``verified`` on a sampled instance;
* :meth:`Context.bound` -- ``lhs <= rhs``: ``certified`` when python-flint balls decide it,
  ``verified`` exactly on an instance or with a slack at least ten times its error estimate;
* :meth:`Context.agree` / :meth:`Context.cross_check` -- two independent computations agree
  within a tolerance at least ten times their error estimate (``verified``);
* :meth:`Context.proportion` -- a Monte Carlo rate against a threshold, by exact binomial
  tests at a stated level;
* :meth:`Context.observe` -- an observation (a trend, a metric): recorded, no status.

The honesty rules live here, once, for every paper:

* an error estimate is measured (two precisions, two tolerances, a ball's radius, a confidence
  half-width: :class:`numerics.estimate.Estimate` says how); a comparison of inexact numbers
  without one, or with anything non-finite in it, is ``inconclusive``;
* ``refuted`` needs a violation larger than the error estimate (or an exact counterexample),
  on an instance inside the statement's hypotheses; a positive verdict needs evidence at such
  an instance (:func:`_outside_hypotheses`), and generated examples are checked too;
* a check's status is the weakest of its items (refuted > error > inconclusive > verified >
  certified > proved; the statuses, methods and metric keys are in :mod:`checks.schema`).
"""

from __future__ import annotations

import math
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from numerics.estimate import STATISTICAL, Estimate, exact_difference, exact_value
from theorems.registry import REGISTRY, ParamError, Statement, load_all

from . import schema
from .schema import METHOD_STATUS, METHODS, STATUSES, combine  # noqa: F401  (re-exported: checks.core.combine etc.)

# The guard: an error estimate must be this small against the tolerance for "verified".
GUARD_RATIO = 0.1


def pyplot():
    """matplotlib's pyplot on the file-only Agg backend (no display here), for a figure that
    :meth:`Context.plot` stores."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def tolerance_set_by(err):
    """The agreement tolerance an error estimate (a float or a NumPy array) sets for an equality
    judged within its error: ``err / GUARD_RATIO``, rounded up (``GUARD_RATIO * (e / GUARD_RATIO)``
    can fall an ulp below ``e``: e = 2.8423042788808805e-08 did, and the guard then refused a
    residual within it)."""
    return err / GUARD_RATIO * (1 + 4 * sys.float_info.epsilon)


def _norm(x: Any) -> float:
    """The largest absolute entry, as a float; NaN if any entry is NaN (``max`` alone keeps or
    drops a NaN depending on where it stands)."""
    a = np.asarray(x, dtype=object).ravel()
    if a.size == 0:
        return 0.0
    vals = [abs(complex(v)) if isinstance(v, complex) else abs(_to_float(v)) for v in a]
    return math.nan if any(math.isnan(v) for v in vals) else max(vals)


def _decide_zero(expr: Any) -> tuple[str, dict]:
    """Whether one exact expression is zero: ``proved`` when SymPy simplifies it to 0 (or
    ``equals(0)`` decides it), ``refuted`` when SymPy decides it is not or when it is nonzero
    beyond the difference of two precisions at a random rational point; SymPy undecided, it is
    evaluated at 8 random rational points: numerically zero everywhere is ``inconclusive`` (not a
    proof)."""
    import sympy as sp

    r = expr if isinstance(expr, int) else sp.sympify(expr)
    # cancel (expanded numerator over denominator) is exact and settles about a third of the
    # residuals that simplify spends more than 20 ms on, at a tenth of its cost; the rest go on
    if not isinstance(r, int) and r != 0:
        try:
            cancelled = sp.cancel(r)
        except (sp.PolynomialError, TypeError, AttributeError):  # not a rational function of its atoms
            cancelled = None
        r = 0 if cancelled == 0 else sp.simplify(r)
    zero = (r == 0) or (getattr(r, "is_zero", None) is True)
    decided = zero
    m = {"residual": str(r)[:400]}
    if not zero and hasattr(r, "equals"):
        # A residual that is not zero shows it at the first rational point its symbols admit:
        # SymPy's equals() evaluates numerically too, after simplifying further (the proof
        # errata's nonzero residuals cost ~6 s of a quick run there).
        nonzero, _ = _nonzero_at_random_points(r, 1)
        if nonzero is not None:
            return "refuted", {**m, **nonzero}
        eq = r.equals(0)
        zero, decided = eq is True, eq is not None
    if decided:
        return ("proved" if zero else "refuted"), m
    # Undecided by SymPy: evaluated at random real points at two precisions. A value that both
    # precisions agree on to three digits is nonzero beyond their difference: refuted there;
    # zero at every point (to the difference of the precisions) is inconclusive, not a proof.
    nonzero, worst = _nonzero_at_random_points(r, 8)
    if nonzero is not None:
        return "refuted", {**m, **nonzero}
    if worst is None:
        return "inconclusive", {
            **m,
            "why": "SymPy could not decide it, and it cannot be sampled: no rational point inside its symbols' "
            "assumptions, or no numeric value there (an undefined function)",
        }
    return "inconclusive", {
        **m,
        "why": "SymPy could not simplify to 0; numerically zero at 8 random rational points (40 and 80 digits)",
        "max_abs_sampled": worst,
    }


def _admits_positive_fractions(symbols) -> bool:
    """Whether every symbol's assumptions are known to hold at a positive non-integer rational
    (1/3): real, positive, nonzero, ... do; integer, negative, zero do not, nor does one SymPy
    cannot decide there (antihermitian, polar)."""
    import sympy as sp

    q = sp.Rational(1, 3)
    return all(getattr(q, f"is_{k}", None) == v for s in symbols for k, v in s.assumptions0.items() if v is not None)


def _nonzero_at_random_points(r, n: int) -> tuple[dict | None, float | None]:
    """``r`` at ``n`` random rational points in (0, 2) (numerators below 2^20 over 2^19, the same
    points for every call) at 40 and 80 digits: the first point where it is nonzero beyond the
    difference of the two values, as metrics (else None), and the largest value sampled. Points
    are drawn only inside the symbols' assumptions (:func:`_admits_positive_fractions`): a
    residual whose symbols exclude them, or that has no numeric value there (an undefined
    function, a derivative), is not sampled (``(None, None)``)."""
    import sympy as sp

    free = sorted(r.free_symbols, key=str)
    if not _admits_positive_fractions(free):
        return None, None
    rng = np.random.default_rng(0)
    worst = 0.0
    for _ in range(n):
        point = {s: sp.Rational(int(rng.integers(1, 2**20)), 2**19) for s in free}
        at = r.subs(point)
        try:
            lo, hi = complex(sp.N(at, 40)), complex(sp.N(at, 80))
        except (TypeError, ValueError):
            return None, None
        gap = abs(hi - lo)
        worst = max(worst, abs(hi))
        if abs(hi) > 0 and gap < 1e-3 * abs(hi):
            return {
                "nonzero_at": {str(k): str(v) for k, v in point.items()},
                "value": abs(hi),
                "error_estimate": gap,
                "error_from": "two precisions",
            }, worst
    return None, worst


_RELATIONS = ("==", "!=", "<", "<=", ">", ">=")
# What each item rests on (its ``evidence`` metric): the report and the suite's census count these.
EVIDENCE_IDENTITY = "symbolic identity"
EVIDENCE_EXACT_WHOLE = "exact arithmetic, whole claim"
EVIDENCE_EXACT_INSTANCE = "exact arithmetic, instance"
EVIDENCE_BALL = "ball arithmetic"
EVIDENCE_BINOMIAL = "binomial test"
EVIDENCE_UNDECIDED = "none (undecided on purpose)"


def _evidence(how: str | None, *operands: Any) -> str:
    """The evidence of a comparison with error estimate ``how`` (None: none, or unstated)."""
    if how is None:
        exact = all(_inexact_entry(x) is None for x in operands)
        return EVIDENCE_EXACT_INSTANCE if exact else "error estimate (measured by the check)"
    return f"error estimate ({how})"


# the error provenance of a confidence half-width
(_STATISTICAL,) = STATISTICAL


def _inexact_entry(x: Any) -> str | None:
    """What makes ``x`` unfit for exact arithmetic (the kind of its first inexact entry), or
    None when every entry is exact: int, Fraction, fmpz/fmpq, SymPy numbers and expressions
    without Floats, Python bools, strings, None, and containers of these."""
    import sympy as sp

    if x is None or isinstance(x, (str, bool, int, Fraction, np.integer)):
        return None
    if isinstance(x, Estimate):
        return "an error estimate"
    if isinstance(x, (float, complex, np.floating, np.complexfloating)):
        return "a float"
    if isinstance(x, np.bool_):
        return "a numpy bool (a comparison of floats?)"
    kind = type(x).__name__
    if kind in ("fmpz", "fmpq"):
        return None
    if kind in ("arb", "acb"):
        return "a ball"
    if kind in ("mpf", "mpc"):
        return "an mpmath number"
    if isinstance(x, sp.MatrixBase):
        return next((w for w in map(_inexact_entry, x) if w is not None), None)
    if isinstance(x, sp.Basic):
        return "a SymPy Float" if x.has(sp.Float) else None
    if isinstance(x, np.ndarray):
        if x.dtype.kind in "iu":
            return None
        if x.dtype.kind == "O":
            return next((w for w in map(_inexact_entry, x.ravel()) if w is not None), None)
        return f"a numpy array of {x.dtype}"
    if isinstance(x, dict):
        x = [*x.keys(), *x.values()]
    if isinstance(x, (list, tuple, set, frozenset)):
        return next((w for w in map(_inexact_entry, x) if w is not None), None)
    return f"a {kind}"


def _entries(x: Any) -> list | None:
    """The entries of an ordered container (list, tuple, Matrix, array), else None."""
    import sympy as sp

    if isinstance(x, (list, tuple)):
        return list(x)
    if isinstance(x, sp.MatrixBase):
        return [x.shape, *list(x)]
    if isinstance(x, np.ndarray):
        return [x.shape, *list(x.ravel())]
    return None


def _exact_equal(a: Any, b: Any) -> bool | None:
    """Exact equality, entry by entry for ordered containers: None when SymPy cannot decide."""
    import sympy as sp

    ea, eb = _entries(a), _entries(b)
    if ea is not None or eb is not None:
        if ea is None or eb is None or len(ea) != len(eb):
            return False
        results = [_exact_equal(x, y) for x, y in zip(ea, eb, strict=True)]
        return False if False in results else (None if None in results else True)
    va, vb = exact_value(a), exact_value(b)
    if va is not None and vb is not None:
        return va == vb
    if isinstance(a, sp.Basic) or isinstance(b, sp.Basic):
        sa, sb = sp.sympify(a), sp.sympify(b)
        if sa == sb:  # structurally equal (oo == oo too, whose difference is nan)
            return True
        if not (sa.is_finite is not False and sb.is_finite is not False):
            return False  # an infinity and something else
        status, _ = _decide_zero(sa - sb)
        return {"proved": True, "refuted": False}.get(status)
    return a == b


def _decide_relation(lhs: Any, rel: str, rhs: Any) -> bool | None:
    """``lhs rel rhs`` in exact arithmetic; None when SymPy cannot decide an ordering."""
    import sympy as sp

    if rel in ("==", "!="):
        eq = _exact_equal(lhs, rhs)
        return None if eq is None else (eq if rel == "==" else not eq)
    if rel in (">", ">="):
        lhs, rhs, rel = rhs, lhs, rel.replace(">", "<")
    va, vb = exact_value(lhs), exact_value(rhs)
    if va is not None and vb is not None:
        return va < vb if rel == "<" else va <= vb
    gap = sp.simplify(sp.sympify(rhs) - sp.sympify(lhs))
    return gap.is_positive if rel == "<" else gap.is_nonnegative


def _is_ball(x: Any) -> bool:
    return type(x).__name__ == "arb"


def _as_ball(x: Any):
    import flint

    if _is_ball(x):
        return x
    v = exact_value(x)
    if v is None:
        raise ValueError(f"no exact value to enclose: {x!r}")
    return flint.arb(flint.fmpq(v.numerator, v.denominator))


def _unwrap(operands: tuple, err: Any) -> tuple[tuple, float | None, str | None]:
    """The operands' values, the total error estimate (``err`` plus the errors of operands given
    as Estimates; None when there is none) and how it was obtained (None: a bare number the
    check measured without saying how)."""
    values, errors, hows = [], [], []
    for op in operands:
        if isinstance(op, Estimate):
            values.append(op.value)
            errors.append(op.error)
            hows.append(op.how)
        else:
            values.append(op)
    if isinstance(err, Estimate):
        errors.append(err.error)
        hows.append(err.how)
    elif err is not None:
        errors.append(_to_float(err))
    if not errors:
        return tuple(values), None, None
    how = " + ".join(dict.fromkeys(hows)) or None
    if how and _STATISTICAL in how:
        how = _STATISTICAL  # numerical errors added to a confidence half-width keep it conservative
    return tuple(values), float(sum(errors)), how


def _estimate_missing(err: float | None, how: str | None, *operands: Any) -> str | None:
    """Why a comparison of these operands cannot be decided on this error estimate, or None."""
    exact = all(_inexact_entry(x) is None for x in operands)
    if err is None:
        return None if exact else "no error estimate"
    if not math.isfinite(err):
        return "a non-finite error estimate"
    if err == 0 and how is None and not exact:
        return "an error estimate of 0 for inexact operands (not a measured one)"
    return None


def _ratio(lhs: Any, rhs: Any) -> float | None:
    try:
        lf, rf = _to_float(lhs), _to_float(rhs)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an exact number beyond double range
        return None
    return rf / lf if math.isfinite(lf) and math.isfinite(rf) and lf > 0 and rf > 0 else None


def _to_float(v: Any) -> float:
    try:
        return float(v)
    except TypeError:
        return float(complex(v).real)


def _fmt(x: Any) -> Any:
    """JSON-safe form of a metric value (high-precision numbers keep their digits as text)."""
    if isinstance(x, (bool, int, str)) or x is None:
        return x
    if isinstance(x, float):
        return x if math.isfinite(x) else str(x)
    if isinstance(x, (np.floating, np.integer)):
        return _fmt(x.item())
    if isinstance(x, dict):
        return {str(k): _fmt(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, np.ndarray)):
        return [_fmt(v) for v in x]
    try:
        f = float(x)
        text = str(x)
        return f if len(text) <= 20 else text
    except (TypeError, ValueError, OverflowError):
        try:
            return str(x)
        except ValueError:  # an exact number of more than 4300 digits (Python's limit): 30 of them
            import mpmath

            with mpmath.workdps(30):
                return mpmath.nstr(mpmath.mpf(x.numerator) / x.denominator, 30)


def _finite(values: Iterable[Any]) -> list[float]:
    """The finite numbers among item metric values, read as stored values are
    (``schema.number``: no flags, no NaN, no infinities -- exact agreement's ``digits = inf``
    is not a smallest number of digits)."""
    return [x for x in (schema.number(v, finite=True) for v in values) if x is not None]


def _finite_or(value: Any, default: float) -> float:
    x = schema.number(value, finite=True)
    return default if x is None else x


def digits(discrepancy: float, scale: float = 1.0) -> float:
    """Correct significant digits implied by a discrepancy at a given scale."""
    scale = max(abs(scale), 1e-300)
    if discrepancy <= 0:
        return float("inf")
    return -math.log10(discrepancy / scale)


@dataclass
class Item:
    label: str
    status: str
    metrics: dict
    instance: dict | None = None


@dataclass
class Check:
    statement_id: str
    name: str
    method: str
    fn: Callable[[Context], None]
    expect: str | None = None  # overrides the status implied by the statement's expectation
    doc: str = ""
    slow_quick: bool = False  # even the quick budget is slow (kept out of the plain test run)
    # the check deliberately runs instances outside the statement's hypotheses in a plain run
    # (a degenerate case it records); otherwise such an instance is no evidence (see run_check)
    outside_hypotheses: bool = False
    # checks that compute the same expensive thing (cached in the process: an lru_cache, or
    # Context.memo) carry the same tag; a parallel run keeps them in one worker, one after the
    # other, so that only the first computes it
    shares: str | None = None
    # the proof step (``Step.eq`` of the statement) this check checks; None: the statement's
    # conclusion. A step check's verdict is the step's, judged apart from the statement's own.
    step: str | None = None

    @property
    def key(self) -> str:
        return f"{self.statement_id}::{self.name}"

    @property
    def statement(self) -> Statement:
        load_all()
        return REGISTRY[self.statement_id]

    @property
    def expected(self) -> str:
        expect = self.statement.step(self.step).expect if self.step is not None else self.statement.expect
        return schema.expected_status(self.method, expect, self.expect)


CHECKS: dict[str, Check] = {}

# The modules and packages of checks/ that are the machine, not a paper's checks.
MACHINE_MODULES = frozenset({"core", "schema", "machine"})


def check(
    statement_id: str,
    name: str,
    method: str,
    expect: str | None = None,
    slow_quick: bool = False,
    outside_hypotheses: bool = False,
    shares: str | None = None,
    step: str | None = None,
):
    """Register a check function for a statement (``shares``, ``step``: see :class:`Check`)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method}")
    if expect is not None and expect not in STATUSES:
        raise ValueError(f"unknown status {expect}")

    def deco(fn: Callable[[Context], None]):
        c = Check(
            statement_id,
            name,
            method,
            fn,
            expect=expect,
            doc=(fn.__doc__ or "").strip(),
            slow_quick=slow_quick,
            outside_hypotheses=outside_hypotheses,
            shares=shares,
            step=step,
        )
        if c.key in CHECKS:
            raise ValueError(f"duplicate check {c.key}")
        CHECKS[c.key] = c
        return fn

    return deco


def load_checks() -> dict[str, Check]:
    import importlib
    import importlib.util

    from theorems.registry import paper_modules

    load_all()
    # checks/<name>.py binds the statements of theorems/<name>.py (a theorems module of shared
    # encodings may have no checks module of its own). The machine's own modules are never
    # paper modules: a theorems module of such a name is refused rather than bound to them.
    for name in paper_modules():
        if name in MACHINE_MODULES:
            raise RuntimeError(
                f"theorems/{name}.py: {name!r} names a module of the machine (checks/{name}); rename the paper module"
            )
        spec = importlib.util.find_spec(f"{__package__}.{name}")
        if spec is not None and spec.submodule_search_locations is None:  # a module, never a package
            importlib.import_module(f"{__package__}.{name}")

    missing = [k for k in CHECKS.values() if k.statement_id not in REGISTRY]
    if missing:
        raise RuntimeError(f"check for unregistered statement {missing[0].statement_id}")
    for k in CHECKS.values():
        if k.step is not None:
            REGISTRY[k.statement_id].step(k.step)  # raises KeyError for an unknown step
    missing = [sid for sid in MARGINS if sid not in REGISTRY]
    if missing:
        raise RuntimeError(f"margin for unregistered statement {missing[0]}")
    # every statement with a margin gets its domain search (issue 18): a check named
    # ``domain-search``, method ``random``, run by the search machinery. (The search is a judge of
    # a whole domain, importing only this module, the schema and the registry: the one module of
    # the machine this module imports.)
    from .machine.search import register_search_checks

    register_search_checks(MARGINS)
    return CHECKS


# ---------------------------------------------------------------------------------------
# Margins (issue 18): a quantified statement's distance from failing, as a function of an instance
# ---------------------------------------------------------------------------------------
class PremiseUnmet(Exception):
    """Raised by a margin function when the instance does not meet the statement's premise in a
    way its hypotheses cannot say (the flow never reached an interpolant): the instance is no
    evidence either way, never a counterexample."""


class ComputationFailed(Exception):
    """Raised by a margin function when its engine fails at the instance in a way the margin
    recognises (an integrator that stops, a root finder left without a bracket, an overflow at an
    extreme edge of the domain): the instance is undecided, no evidence either way. Any other
    exception a margin raises is an ``error`` (a bug until shown otherwise)."""


@dataclass
class Margin:
    """A statement's violation margin (issue 18), a function ``fn(ctx, instance)`` of one
    instance: a parameter dict completed with the defaults, inside the statement's domain (the
    search evaluates the hypotheses itself and knows which held).

    * An inequality or ordering claim (``equality=False``): ``fn`` returns the signed slack of
      the conclusion (``>= 0`` iff it holds) with its measured error, as an
      :class:`~numerics.estimate.Estimate`, an exact number (int, Fraction, fmpq, SymPy
      rational) or an arb ball. A value below ``-error`` is a violation.
    * An equality claim (``equality=True``): ``fn`` returns the residual ``lhs - rhs`` (or its
      norm) with its measured error; ``|residual| > error`` is a violation.

    ``fn`` raises :class:`PremiseUnmet` when the instance does not meet the premise in a way the
    hypotheses cannot say (a flow that never reached an interpolant): no evidence either way. It
    must be cheap enough to run on many instances (``ctx.budget`` may set its precision)."""

    statement_id: str
    fn: Callable[[Context, dict], Any]
    equality: bool = False
    doc: str = ""
    # a margin whose evaluations cost seconds searches at most this many instances in the quick
    # budget (the defaults and the first declared edges); the full budget searches the rest
    quick_evaluations: int | None = None


MARGINS: dict[str, Margin] = {}


def margin(statement_id: str, equality: bool = False, quick_evaluations: int | None = None):
    """Register the violation margin of a statement (see :class:`Margin`): one per statement."""

    def deco(fn):
        if statement_id in MARGINS:
            raise ValueError(f"duplicate margin for {statement_id}")
        doc = (fn.__doc__ or "").strip()
        MARGINS[statement_id] = Margin(statement_id, fn, equality, doc, quick_evaluations)
        return fn

    return deco


def checks_for(statement_id: str) -> list[Check]:
    load_checks()
    return [c for c in CHECKS.values() if c.statement_id == statement_id]


class _Reads(dict):
    """A dict that records which of the probe's overrides a check read.

    ``ibv probe --set alpha=...`` is ignored by a check that sweeps its own grid; the probe
    says so from these records. Reads through ``[]``, ``get``, ``items``/``values`` and
    copies (``{**d}``, ``dict(d)``: ``__iter__`` is overridden so CPython copies through
    ``keys``/``__getitem__``) count; a check that copies an instance and then ignores a key
    is counted as having read it (the record errs towards 'used')."""

    def __init__(self, data: dict, reads: set, watched: set):
        super().__init__(data)
        self._reads, self._watched = reads, watched

    def _mark(self, key):
        if key in self._watched:
            self._reads.add(key)

    def __getitem__(self, key):
        self._mark(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self._mark(key)
        return super().get(key, default)

    def __iter__(self):
        return iter(list(super().keys()))

    def items(self):
        for k in super().keys():
            self._mark(k)
        return super().items()

    def values(self):
        for k in super().keys():
            self._mark(k)
        return super().values()

    def copy(self):
        return _Reads(dict(super().items()), self._reads, self._watched)

    def __reduce__(self):  # pickles (and deep-copies) as a plain dict
        return (dict, (dict(super().items()),))


class Context:
    """What a check function sees: its parameters, the budget, and the judges."""

    def __init__(self, chk: Check, budget: str = "quick", overrides: dict | None = None, seed: int = 0, cache=None):
        self.check = chk
        self.statement = chk.statement
        self.budget = budget
        self.seed = seed
        # the store's cache (checks.machine.cache.Cache) when the machine gives one: see memo()
        self.cache = cache
        self.memo_calls: list[dict] = []
        self._random_calls = 0  # the ordinal of a ctx.random call within the check: part of its seed
        overrides = dict(overrides or {})
        for name in overrides:
            self.statement.param(name)  # raises ParamError for an unknown name
        # which overrides the check read (directly or through its instances)
        self.overrides_read: set[str] = set()
        self.overrides = _Reads(overrides, self.overrides_read, set(overrides))
        self.items: list[Item] = []
        self.metrics: dict[str, Any] = {}
        self.artifacts: dict[str, tuple[str, str]] = {}
        self.precision: str | None = None
        self.notes: list[str] = []
        self.instance: dict | None = None
        self.instances_run: list[dict] = []
        self.observations: list[dict] = []
        # inside ctx.random: the hypotheses of the example being run (None: not checked)
        self._example_held: dict | None = None
        self._in_random = False
        self.counterexample: dict | None = None
        self.cross_checks = {"resolved": 0, "unresolved": []}

    # -- parameters ------------------------------------------------------------------
    @property
    def full(self) -> bool:
        return self.budget == "full"

    def instances(self, quick: list[dict], full: list[dict] | None = None) -> list[dict]:
        """The check's instances for this budget, each completed with the statement's
        defaults and with the probe's overrides applied to every instance."""
        base = full if (self.full and full is not None) else quick
        out = []
        seen = set()
        for inst in base:
            merged = {**self.statement.defaults(), **inst, **self.overrides}
            for k, v in list(merged.items()):
                try:
                    p = self.statement.param(k)
                except ParamError:
                    continue
                merged[k] = p.validate(v) if v is not None else None
            key = repr(sorted(merged.items(), key=lambda kv: kv[0]))
            if key not in seen:
                seen.add(key)
                out.append(_Reads(merged, self.overrides_read, set(self.overrides)))
        return out

    def param(self, name: str, default: Any = None) -> Any:
        """A parameter's value for this run: the probe's override, else ``default``, else the
        statement's default (reading it here records the override as used)."""
        if name in self.overrides:
            return self.overrides[name]
        if default is not None:
            return default
        return self.statement.param(name).default

    def start(self, instance: dict) -> dict:
        """Mark the instance the following items belong to; returns its hypotheses, evaluated
        on it. Inside :meth:`random` a generated example is marked the same way (its hypotheses
        then decide whether its items are evidence)."""
        plain = dict(dict.items(instance)) if isinstance(instance, dict) else dict(instance)
        self.instance = plain
        held = self.statement.hypotheses_hold(plain)
        if self._in_random:
            self._example_held = held
        else:
            self.instances_run.append({schema.INSTANCE_PARAMS: dict(plain), schema.INSTANCE_HYPOTHESES: held})
        return held

    # -- judges ----------------------------------------------------------------------
    def _add(self, label: str, status: str, metrics: dict) -> str:
        item = Item(label, status, {k: _fmt(v) for k, v in metrics.items()}, self.instance)
        self.items.append(item)
        if status == "refuted" and self.counterexample is None:
            self.counterexample = {
                "label": label,
                "instance": _fmt(self.instance),
                "premise": self._premise(),
                "metrics": item.metrics,
            }
        return status

    def withdraw_refutations(self, since: int, why: str, **marks) -> int:
        """Turn the refutations recorded since item ``since`` into ``inconclusive``, their measured
        numbers kept and ``why`` (and ``marks``) recorded: for a rule that says these judgements
        cannot refute (an experiment not reproduced under settings the paper does not state). A
        counterexample one of them set is withdrawn with it (an inconclusive verdict carries
        none); one set by an earlier refutation stays. Returns how many were withdrawn."""
        withdrawn = [i for i in self.items[since:] if i.status == "refuted"]
        for item in withdrawn:
            item.status = "inconclusive"
            item.metrics.update({"why": why, **marks})
        if self.counterexample is not None and any(self.counterexample["metrics"] is i.metrics for i in withdrawn):
            self.counterexample = None
        return len(withdrawn)

    def _premise(self) -> dict | str:
        """The statement's hypotheses at the current instance, each evaluated there: shown with a
        refutation, so that a reader sees the premise held (issue 22)."""
        if not self.statement.hypotheses:
            return "the statement has no hypotheses"
        if self.instance is None:
            return "no instance: a refutation of the claim as a whole (symbolic or exhaustive)"
        if self._in_random and self._example_held is not None:
            return dict(self._example_held)
        return self.statement.hypotheses_hold(self.instance)

    def identity(self, label: str, residual: Any, scope: str = "") -> str:
        """An exact identity: ``residual`` is a SymPy expression (or exact number), or a
        Matrix/list of them, that must simplify to zero entrywise. Every entry is decided on its
        own: the identity is proved only when every entry is, refuted when any entry is decided
        nonzero (that entry is recorded), and otherwise inconclusive."""
        import sympy as sp

        if isinstance(residual, (sp.MatrixBase, list, tuple)):
            entries = list(residual) if isinstance(residual, (list, tuple)) else list(residual)
        else:
            entries = [residual]
        decided = [_decide_zero(e) for e in entries]
        for want in ("refuted", "inconclusive"):
            bad = [(i, m) for i, (st, m) in enumerate(decided) if st == want]
            if bad:
                i, m = bad[0]
                extra = {"entry": i, "entries": len(entries)} if len(entries) > 1 else {}
                return self._add(label, want, {**m, **extra, "scope": scope, "evidence": EVIDENCE_IDENTITY})
        return self._add(
            label, "proved", {"residual": "0", "entries": len(entries), "scope": scope, "evidence": EVIDENCE_IDENTITY}
        )

    def exact(self, label: str, lhs: Any, rel: str, rhs: Any, whole: bool = False, scope: str = "", **metrics) -> str:
        """``lhs rel rhs`` decided in exact arithmetic (``rel``: ``==``, ``!=``, ``<``, ``<=``,
        ``>``, ``>=``).

        The operands must be exact: int, Fraction, python-flint fmpz/fmpq, SymPy numbers and
        expressions without Floats, strings, or containers of these (``==``/``!=`` only); a float,
        an mpmath number, a SymPy Float or a numpy float/bool array is refused (``inconclusive``:
        rounding is not exact arithmetic). An ordering of symbolic expressions is decided by
        SymPy's assumptions (undecided: inconclusive).

        ``proved`` only with ``whole=True``, which the caller sets when the comparison covers the
        whole claim (an exhaustive finite case, a constant the paper prints, a symbolic inequality
        over the whole domain); exact arithmetic on a sampled instance is ``verified``. A decided
        failure is an exact counterexample: ``refuted``."""
        m = {"relation": rel, "lhs": lhs, "rhs": rhs, "scope": scope, **metrics}
        m["evidence"] = EVIDENCE_EXACT_WHOLE if whole else EVIDENCE_EXACT_INSTANCE
        if rel not in _RELATIONS:
            raise ValueError(f"unknown relation {rel!r}")
        bad = _inexact_entry(lhs) or _inexact_entry(rhs)
        if bad is not None:
            return self._add(label, "inconclusive", {**m, "why": f"not exact arithmetic: an operand holds {bad}"})
        holds = _decide_relation(lhs, rel, rhs)
        if holds is None:
            return self._add(label, "inconclusive", {**m, "why": "SymPy cannot decide the relation"})
        if not holds:
            return self._add(label, "refuted", m)
        covers = "whole claim" if whole else "instance"
        return self._add(label, "proved" if whole else "verified", {**m, "covers": covers})

    def agree(
        self,
        label: str,
        value: Any,
        reference: Any,
        tol: float,
        err: Any = None,
        scale: float | None = None,
        **metrics,
    ) -> str:
        """``value`` and ``reference`` (computed by independent methods) agree within ``tol``.

        The error estimate is ``err`` (a float the caller measured, or an :class:`Estimate`)
        plus the errors of operands given as Estimates. Without one (inexact operands, no
        estimate or a bare 0) the verdict is inconclusive. The guard: a numerical estimate must be
        at most ``GUARD_RATIO * tol`` for ``verified``, and a discrepancy larger than ``tol + err``
        refutes; a statistical one (a confidence half-width) verifies when ``disc + err <= tol``
        and refutes when ``disc - err > tol``. Any non-finite number is inconclusive."""
        (value, reference), err, how = _unwrap((value, reference), err)
        v = np.asarray(value, dtype=object)
        r = np.asarray(reference, dtype=object)
        disc = _norm(v - r) if v.shape == r.shape else float("inf")
        sc = scale if scale is not None else max(_norm(r), 1e-300)
        m = {
            "discrepancy": disc,
            "tolerance": tol,
            "error_estimate": err,
            "error_from": how,
            "digits": digits(disc, sc) if sc and math.isfinite(disc) else None,
            **metrics,
            "evidence": _evidence(how, value, reference),
        }
        why = _estimate_missing(err, how, value, reference)
        if why is None and not (math.isfinite(disc) and math.isfinite(_to_float(tol)) and math.isfinite(sc)):
            why = "a non-finite number in the comparison"
        if why is not None:
            return self._add(label, "inconclusive", {**m, "why": why})
        if how == _STATISTICAL:
            if disc + err <= tol:
                return self._add(label, "verified", m)
            if disc - err > tol:
                return self._add(label, "refuted", m)
            return self._add(label, "inconclusive", {**m, "why": "the confidence interval straddles the tolerance"})
        if err > GUARD_RATIO * tol:
            return self._add(label, "inconclusive", {**m, "why": "error estimate not small against the tolerance"})
        if disc <= tol:
            return self._add(label, "verified", m)
        if disc > tol + err:
            return self._add(label, "refuted", m)
        return self._add(label, "inconclusive", m)

    def cross_check(
        self,
        label: str,
        value: Any,
        reference: Any,
        tol: float,
        err: Any = None,
        scale: float | None = None,
        **metrics,
    ) -> str | None:
        """An extra comparison with a double-precision solver (a cvxpy conic program) of a result
        that another method of the same check establishes at high precision.

        Judged like :meth:`agree`, except when the solver's error estimate cannot resolve ``tol``
        (``err > GUARD_RATIO tol``: Clarabel stalls near the tiny entries of exponential- and
        power-cone solutions at some instances): that comparison is then no evidence either way
        and is listed, with its numbers, under ``metrics['unresolved_cross_checks']`` instead of
        making the check inconclusive. A discrepancy beyond ``tol + err`` is never excused (it is
        judged by :meth:`agree`), and a check whose cross-checks were all unresolved and that has
        no other positive evidence gets an inconclusive item (``run_check``).
        Returns the status, or None for an unresolved comparison."""
        (v0, r0), e, _ = _unwrap((value, reference), err)
        if e is not None and math.isfinite(e) and math.isfinite(tol) and e > GUARD_RATIO * tol:
            v, r = np.asarray(v0, dtype=object), np.asarray(r0, dtype=object)
            disc = _norm(v - r) if v.shape == r.shape else float("inf")
            if math.isfinite(disc) and not disc > tol + e:
                self.cross_checks["unresolved"].append(
                    {
                        "label": label,
                        "instance": _fmt(self.instance),
                        "discrepancy": disc,
                        "tolerance": tol,
                        "error_estimate": e,
                        **{k: _fmt(x) for k, x in metrics.items()},
                    }
                )
                return None
        status = self.agree(label, value, reference, tol, err, scale, **metrics)
        self.cross_checks["resolved"] += 1
        return status

    def bound(self, label: str, lhs: Any, rhs: Any, err: Any = None, strict: bool = False, **metrics) -> str:
        """The inequality ``lhs <= rhs`` (``<`` if strict), decided by the kind of its operands:

        * python-flint ``arb`` balls (the other side a ball or exact): ``certified`` when the
          enclosures decide it, ``refuted`` when they decide the opposite, else inconclusive;
        * both exact (int, Fraction, fmpq, SymPy numbers): decided exactly on this instance,
          ``verified`` (exact arithmetic on a sampled instance is evidence, not proof: use
          :meth:`exact` with ``whole=True`` for a comparison that covers the whole claim);
        * otherwise the error estimate of ``rhs - lhs`` is ``err`` plus the errors of operands
          given as :class:`Estimate`; none (or a bare 0) is inconclusive. ``verified`` needs a
          numerical estimate at most ``GUARD_RATIO`` times the slack (a statistical one: the
          slack larger than the confidence half-width); ``refuted`` a violation larger than it."""
        (lhs, rhs), err, how = _unwrap((lhs, rhs), err)
        m = {"lhs": lhs, "rhs": rhs, "error_estimate": err, "error_from": how, **metrics}
        m["evidence"] = _evidence(how, lhs, rhs)
        if _is_ball(lhs) or _is_ball(rhs):
            return self._bound_balls(label, lhs, rhs, err, strict, m)
        if _inexact_entry(lhs) is None and _inexact_entry(rhs) is None and err in (None, 0, 0.0):
            holds = _decide_relation(lhs, "<" if strict else "<=", rhs)
            if holds is None:
                return self._add(label, "inconclusive", {**m, "why": "SymPy cannot decide the inequality"})
            gap = exact_difference(rhs, lhs)
            m.update(slack=_fmt(gap), slack_ratio=_ratio(lhs, rhs), error_from="exact")
            m["evidence"] = EVIDENCE_EXACT_INSTANCE
            return self._add(label, "verified" if holds else "refuted", m)
        try:
            exact_slack = exact_difference(rhs, lhs)  # exact for mpmath and rationals: not rounded first
            slack = _to_float(exact_slack)
        except (TypeError, ValueError):
            exact_slack, slack = math.nan, math.nan
        if slack == 0 and exact_slack != 0:  # a difference below double precision decides by its sign
            slack = math.copysign(5e-324, exact_slack)
        m.update(slack=_fmt(exact_slack) if slack and abs(slack) < 1e-300 else slack, slack_ratio=_ratio(lhs, rhs))
        why = _estimate_missing(err, how, lhs, rhs)
        if why is None and not math.isfinite(slack):
            why = "a non-finite number in the comparison"
        if why is not None:
            return self._add(label, "inconclusive", {**m, "why": why})
        if how == _STATISTICAL:
            if slack > err:
                return self._add(label, "verified", m)
        elif slack > 0 and err <= GUARD_RATIO * slack:
            return self._add(label, "verified", m)
        if slack < -err or (strict and slack <= 0 and err == 0):
            return self._add(label, "refuted", m)
        return self._add(label, "inconclusive", {**m, "why": "error estimate not small against the slack"})

    def _bound_balls(self, label: str, lhs: Any, rhs: Any, err: Any, strict: bool, m: dict) -> str:
        if err not in (None, 0, 0.0):
            raise ValueError("a bound on arb balls takes its error from their radii: pass no err")
        bad = [x for x in (lhs, rhs) if not _is_ball(x) and _inexact_entry(x) is not None]
        if bad:
            return self._add(label, "inconclusive", {**m, "why": "a ball compared with an unenclosed float"})
        gap = _as_ball(rhs) - _as_ball(lhs)
        m.update(slack=gap.str(10, radius=True), error_from="rigorous enclosure", error_estimate=float(gap.rad()))
        m["evidence"] = EVIDENCE_BALL
        holds = (gap > 0) if strict else (gap >= 0)
        fails = (gap <= 0) if strict else (gap < 0)
        if holds:
            return self._add(label, "certified", m)
        if fails:
            return self._add(label, "refuted", m)
        return self._add(label, "inconclusive", {**m, "why": "the enclosures overlap: the balls do not decide it"})

    def proportion(
        self, label: str, successes: int, trials: int, rel: str, p: float, level: float = 0.01, **metrics
    ) -> str:
        """A Monte Carlo claim about a probability: the true rate of ``successes`` in ``trials``
        independent trials stands in relation ``rel`` (``>``, ``>=``, ``<``, ``<=``) to ``p``.
        Exact one-sided binomial tests at ``level``: ``verified`` when the data reject the
        opposite, ``refuted`` when they reject the claim, else inconclusive."""
        from scipy.stats import binomtest

        if rel not in (">", ">=", "<", "<="):
            raise ValueError(f"a proportion claim is an inequality, not {rel!r}")
        up = rel in (">", ">=")
        p_for = binomtest(int(successes), int(trials), p, alternative="greater" if up else "less").pvalue
        p_against = binomtest(int(successes), int(trials), p, alternative="less" if up else "greater").pvalue
        m = {
            "successes": int(successes),
            "trials": int(trials),
            "claim": f"rate {rel} {p}",
            "p_value": p_for,
            "p_value_against": p_against,
            "level": level,
            **metrics,
            "evidence": EVIDENCE_BINOMIAL,
        }
        if p_for < level:
            return self._add(label, "verified", m)
        if p_against < level:
            return self._add(label, "refuted", m)
        return self._add(label, "inconclusive", {**m, "why": f"neither side significant at level {level}"})

    def reproduction(
        self,
        label: str,
        results: list[dict],
        rel: str,
        p: float,
        *,
        fragments: dict,
        grid: list[dict],
        level: float = 0.01,
        **metrics,
    ) -> str:
        """An empirical claim judged over experimental protocols (the rule for experiments,
        README "Experiments"). ``results``: one dict per protocol run, with ``protocol`` (its
        settings), ``successes`` and ``trials`` (independent seeds whose outcome reproduces the
        claim) and ``exact`` (True only for the paper's exact stated protocol: nothing lost).
        The claim per protocol: the rate of reproducing runs stands in relation ``rel`` to
        ``p``, decided by exact one-sided binomial tests at ``level`` (as :meth:`proportion`):
        the protocol *reproduces* (the data reject the opposite), *fails* (they reject the
        claim) or is undecided. ``fragments``: what the paper states; a protocol that contradicts
        it is no evidence (refused). ``grid``: the protocols of the plausible grid; a protocol run
        outside it (a probe's) is recorded and decides nothing.

        ``verified``: the exact stated protocol reproduces, or more than half of the whole grid
        does. ``refuted``: the exact stated protocol fails, or every protocol of the whole grid
        was run and fails. ``inconclusive`` otherwise, with where it reproduces and where not."""
        from scipy.stats import binomtest

        if rel not in (">", ">=", "<", "<="):
            raise ValueError(f"a reproduction rate claim is an inequality, not {rel!r}")
        if not grid:
            raise ValueError("the plausible grid has at least one protocol")
        grid_size = len(grid)
        in_grid = lambda proto: any(all(proto.get(k) == v for k, v in g.items()) for g in grid)
        up = rel in (">", ">=")
        rows, seen = [], set()
        for r in results:
            proto = dict(r["protocol"])
            off = {k: (proto.get(k), v) for k, v in fragments.items() if proto.get(k) != v}
            if off:
                raise ValueError(f"protocol {proto} contradicts the stated fragments {off}")
            key = repr(sorted(proto.items()))
            if key in seen:
                raise ValueError(f"protocol {proto} counted twice")
            seen.add(key)
            s, n = int(r["successes"]), int(r["trials"])
            p_for = binomtest(s, n, p, alternative="greater" if up else "less").pvalue if n else 1.0
            p_against = binomtest(s, n, p, alternative="less" if up else "greater").pvalue if n else 1.0
            outcome = "reproduces" if p_for < level else "fails" if p_against < level else "undecided"
            rows.append(
                {
                    "protocol": proto,
                    "successes": s,
                    "trials": n,
                    "p_value": p_for,
                    "p_value_against": p_against,
                    "outcome": outcome,
                    "exact": bool(r.get("exact", False)),
                    "in_grid": in_grid(proto),
                }
            )
        on = [r for r in rows if r["in_grid"]]
        count = {o: sum(r["outcome"] == o for r in on) for o in ("reproduces", "fails", "undecided")}
        exact = [r for r in rows if r["exact"]]
        m = {
            "claim": f"per protocol: rate {rel} {p}",
            "level": level,
            "protocols": rows,
            "grid_size": grid_size,
            "protocols_run": len(rows),
            "protocols_off_grid": len(rows) - len(on),
            **count,
            **metrics,
            "evidence": EVIDENCE_BINOMIAL,
        }
        if any(r["outcome"] == "reproduces" for r in exact):
            return self._add(label, "verified", {**m, "rule": "the paper's exact stated protocol reproduces"})
        if any(r["outcome"] == "fails" for r in exact):
            return self._add(label, "refuted", {**m, "rule": "the paper's exact stated protocol fails"})
        if 2 * count["reproduces"] > grid_size:
            return self._add(label, "verified", {**m, "rule": "more than half of the plausible grid reproduces"})
        if len(on) == grid_size and count["fails"] == grid_size:
            return self._add(label, "refuted", {**m, "rule": "every protocol of the plausible grid fails"})
        why = (
            f"reproduces under {count['reproduces']}, fails under {count['fails']}, undecided under "
            f"{count['undecided']} of {len(on)} grid protocols run (plausible grid: {grid_size}; "
            f"{len(rows) - len(on)} run off the grid decide nothing); a refutation needs "
            "every protocol of the grid to fail, a verification the stated protocol or more than half of the grid"
        )
        return self._add(label, "inconclusive", {**m, "why": why})

    def discharge(self, label: str, used_id: str, instance: dict, replaced: Mapping | None = None) -> str:
        """An invoked result's hypotheses at the invoking proof's instance (hypothesis
        discharge, issue 19): ``instance`` holds the invoked statement's parameters as the
        invoking proof sets them (completed with its defaults). Every hypothesis held: ``verified``
        (exact predicates on this instance); one failed: ``refuted`` -- the proof invokes the result
        outside its hypotheses there (a finding about the proof, not about the invoked result); a
        predicate that raised (a parameter the instance lacks): ``inconclusive``, never a finding.
        Bind the check to the proof's ``invocation`` step (``@check(..., step=...)``).

        ``replaced``: ``{hypothesis text: (printed replacement, predicate)}`` for a result the
        proof invokes *with a hypothesis changed on purpose*, as printed ("the conditions of
        Theorem 5, but with k > 2d^ replaced by k <= 2d^ - 1"): the replacement is evaluated in
        its place and recorded; a text the invoked result does not have is a mistake (raises)."""
        load_all()
        if used_id not in (self.statement.uses or ()):
            raise ValueError(f"{self.statement.id} does not declare uses={used_id!r}")
        if used_id not in REGISTRY:
            raise ValueError(f"{used_id!r} is no registered statement: it has no hypotheses to discharge")
        used = REGISTRY[used_id]
        replaced = dict(replaced or {})
        unknown = set(replaced) - {h.text for h in used.hypotheses}
        if unknown:
            raise ValueError(f"{used_id} has no hypothesis {sorted(unknown)} to replace")
        full = {**used.defaults(), **instance}
        held: dict[str, bool] = {}
        broken: dict[str, str] = {}
        for h in used.hypotheses:
            text, holds = (replaced[h.text][0], replaced[h.text][1]) if h.text in replaced else (h.text, h.holds)
            try:
                held[text] = bool(holds(full))
            except Exception as exc:  # a predicate that cannot be evaluated here decides nothing
                broken[text] = f"{type(exc).__name__}: {exc}"
        failed = [h for h, ok in held.items() if not ok]
        m = {"invokes": used_id, "hypotheses": held, "evidence": EVIDENCE_EXACT_INSTANCE}
        if replaced:
            m["replaced"] = {k: v[0] for k, v in replaced.items()}
        # An instance outside the invoking statement's own hypotheses says nothing about the
        # proof's invocation (the proof only invokes inside them): marked, and the dependency
        # graph does not count it as a discharge (checks.machine.proofs.edge_discharge).
        premise = self._premise()
        invoker_failed = [t for t, ok in premise.items() if not ok] if isinstance(premise, dict) else []
        if invoker_failed:
            m[schema.INVOKER_OUTSIDE] = invoker_failed
        # texts joined, not repr'd: a list's repr doubles the backslashes of their TeX
        if failed:
            why = f"{used_id} invoked outside its hypotheses: " + "; ".join(failed)
            return self._add(label, "refuted", {**m, "why": why})
        if broken:
            why = f"{used_id}'s hypotheses could not be evaluated at this instance: " + "; ".join(
                f"{text} ({exc})" for text, exc in broken.items()
            )
            return self._add(label, "inconclusive", {**m, "why": why})
        return self._add(label, "verified", {**m, "covers": "instance"})

    def nonvacuous(
        self,
        label: str,
        lo: Any = None,
        hi: Any = None,
        *,
        members: int | None = None,
        closed: bool = True,
        err: Any = None,
        whole: bool = False,
        **metrics,
    ) -> str:
        """A construction the claim or its proof quantifies over is not empty at this instance
        (issue 19): the interval ``[lo, hi]`` (``closed=False``: ``(lo, hi)``), or a finite set
        whose exact number of elements, counted exhaustively, is ``members``.

        A check that loops over the points of an empty interval, or the elements of an empty
        set, records nothing and would pass with nothing compared; this judge makes the
        degenerate case a finding instead. Non-empty: the status the operands earn, as
        :meth:`bound` (``lo <= hi`` with ``err`` and Estimates or balls) or :meth:`exact` (exact
        operands with ``whole=True``, a symbolic ``lo``/``hi`` over the whole domain) judge it.
        Empty beyond the error estimate: ``refuted``, with ``vacuous: True`` in the item's metrics
        (the construction is vacuous here; :func:`checks.machine.proofs.proof_findings` lists
        it). Undecided: inconclusive. Call it before the loop over the construction, at the
        instance started with :meth:`start` (outside the hypotheses it is no finding)."""
        if members is not None:
            if lo is not None or hi is not None:
                raise ValueError("nonvacuous: give an interval (lo, hi) or members, not both")
            if isinstance(members, bool) or not isinstance(members, int):
                raise ValueError("nonvacuous: members is the exact number of elements (an int)")
            status = self.exact(label, members, ">", 0, whole=whole, **metrics)
            construction = "finite set"
        else:
            if lo is None or hi is None:
                raise ValueError("nonvacuous: an interval needs both ends")
            rel = "<=" if closed else "<"
            if whole:
                status = self.exact(label, lo, rel, hi, whole=True, **metrics)
            else:
                status = self.bound(label, lo, hi, err=err, strict=not closed, **metrics)
            construction = "closed interval" if closed else "open interval"
        item = self.items[-1]
        item.metrics["construction"] = construction
        item.metrics["vacuous"] = status == "refuted"
        if status == "refuted":
            item.metrics["why"] = f"the {construction} is empty at this instance: the construction is vacuous here"
        return status

    def undecided(self, label: str, why: str, **metrics) -> str:
        """An item that decides nothing on purpose, with its reason (the claim cannot be reached by
        any computation the check can run: no instance inside the hypotheses is constructible, a
        non-constructive constant): ``inconclusive``."""
        return self._add(label, "inconclusive", {**metrics, "why": why, "evidence": EVIDENCE_UNDECIDED})

    def observe(self, label: str, **values) -> None:
        """Record an observation (a trend, a metric) that decides nothing: it is stored with the
        verdict and shown in the report, and gives no status."""
        record = {"label": label, "instance": _fmt(self.instance), **{k: _fmt(v) for k, v in values.items()}}
        self.observations.append(record)

    def random(
        self,
        strategy,
        prop: Callable[[Any], None],
        quick: int = 20,
        full: int = 200,
        examples: Iterable[Any] = (),
        shrink: bool = True,
    ) -> str:
        """Hypothesis-generated instances: ``prop(example)`` records items through the judges.

        ``shrink=False``: the first failing example is the counterexample, not shrunk (for a
        check whose minimal counterexample another check holds exactly).

        Derandomized: the same examples every run, seeded by the check's key and the number of
        this call within the check (not by the source text of this method, which is what
        Hypothesis's ``derandomize`` alone hashes: a reformatting of this file then changed
        every random check's examples). ``examples`` are tried first, every run (a stored
        counterexample, an edge of the domain). While Hypothesis explores and shrinks, items
        go to a scratch list; without a refutation they are summarised per label (worst
        status, count, smallest digits and slack ratio). With one, Hypothesis's shrunk
        (smallest) failing example is replayed and its items -- the stored counterexample --
        are recorded as they are."""
        import hashlib

        from hypothesis import HealthCheck, Phase, example, given, seed, settings

        n = full if self.full else quick
        kept, failing = self.items, []
        scratch: list[Item] = []
        self._random_calls += 1
        digest = hashlib.sha256(f"{self.check.key}#{self._random_calls}".encode()).digest()
        inside: list[dict] = []  # the first generated example inside the hypotheses (its record)
        counts = {"inside": 0, "outside": 0, "unchecked": 0}

        # report_multiple_bugs=False: one counterexample is all a verdict needs; Hypothesis's search
        # for further distinct failures after the first (mutating the failing example) ran for
        # 12 minutes of CPU in one CI worker on ssm-poison lemma-18's refuted random check
        @seed(int.from_bytes(digest[:8], "big"))
        @settings(
            max_examples=n,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            print_blob=False,
            report_multiple_bugs=False,
            phases=[Phase.explicit, Phase.generate, Phase.target] + [Phase.shrink] * shrink,
        )
        @given(strategy)
        def run(drawn):
            start = len(scratch)
            self.items = scratch
            self.instance = {"example": repr(drawn)[:500]}
            self._in_random, self._example_held = True, None
            counterexample = self.counterexample  # a counterexample is recorded by the replay below
            try:
                prop(drawn)
            finally:
                self.items = kept
                self._in_random = False
                self.counterexample = counterexample
            held = self._example_held
            if held is None:
                counts["unchecked"] += 1
            elif not all(held.values()):
                # outside the hypotheses: no evidence either way (and never a counterexample)
                counts["outside"] += 1
                del scratch[start:]
                return
            else:
                counts["inside"] += 1
                if not inside:
                    inside.append({schema.INSTANCE_PARAMS: dict(self.instance), schema.INSTANCE_HYPOTHESES: held})
            if any(i.status == "refuted" for i in scratch[start:]):
                failing.append(drawn)
                raise AssertionError("refuted")

        for given_example in reversed(list(examples)):  # Hypothesis runs explicit examples first
            run = example(given_example)(run)
        try:
            run()
        except Exception:  # an AssertionError, or a group of them when several explicit examples fail
            if not failing:
                raise
        if failing:
            smallest = failing[-1]
            self.instance = {"example": repr(smallest)[:500]}
            prop(smallest)
            return self.status
        self.instances_run.extend(inside)
        if self.statement.hypotheses and counts["unchecked"]:
            self.items.append(
                Item(
                    "generated examples not checked against the statement's hypotheses (no ctx.start in the property)",
                    "inconclusive",
                    {"unchecked_examples": counts["unchecked"]},
                )
            )
        if counts["outside"] and not (counts["inside"] or counts["unchecked"]) and not self.check.outside_hypotheses:
            self.items.append(
                Item("every generated example lies outside the statement's hypotheses", "inconclusive", dict(counts))
            )
        by_label: dict[str, list[Item]] = {}
        for it in scratch:
            by_label.setdefault(it.label, []).append(it)
        for label, its in by_label.items():
            m: dict[str, Any] = {
                "examples": len(its),
                "generated_by": "hypothesis",
                "examples_outside_hypotheses": counts["outside"],
            }
            undecided = [i.metrics["why"] for i in its if i.status not in schema.POSITIVE and i.metrics.get("why")]
            why = undecided[0] if undecided else None
            if why is not None:  # the first undecided example's reason (the worst status decides the label)
                m["why"] = why
            for key in ("evidence", "error_from", "invokes", "construction"):
                kinds = sorted({str(i.metrics.get(key)) for i in its if i.metrics.get(key)})
                if kinds:
                    m[key] = "; ".join(kinds)
            if any(i.metrics.get("vacuous") for i in its):  # an empty construction at some example
                m["vacuous"] = True
            ds = _finite(i.metrics.get("digits") for i in its)
            rs = _finite(i.metrics.get("slack_ratio") for i in its)
            sl = _finite(i.metrics.get("slack") for i in its)
            if ds:
                m["digits"] = min(ds)
            if rs:
                m["slack_ratio"] = min(rs)
            if sl:
                m["min_slack"] = min(sl)
                tight = min(its, key=lambda i: _finite_or(i.metrics.get("slack"), math.inf))
                m["tightest_instance"] = tight.instance
            self.items.append(Item(label, combine(i.status for i in its), m, {"hypothesis_examples": len(its)}))
        self.instance = None
        return self.status

    def memo(self, fn: Callable, *args, **kwargs):
        """``fn(*args, **kwargs)`` for an expensive, deterministic computation (a high-precision
        flow, a solve): through the run's cache, the value is computed once for the same
        arguments and the same code (the import closure of ``fn``'s module) and shared by later
        runs, probes, pytest and the other worker processes. Without a cache, a plain call.
        ``fn`` must be a module-level function and its arguments and value picklable."""
        if self.cache is None:
            return fn(*args, **kwargs)
        value, hit, key = self.cache.call(fn, *args, **kwargs)
        self.memo_calls.append({"function": f"{fn.__module__}.{fn.__qualname__}", "hit": hit, "key": (key or "")[:16]})
        return value

    def note(self, text: str) -> None:
        self.notes.append(text)

    def artifact(self, name: str, mime: str, content: str) -> None:
        self.artifacts[name] = (mime, content)

    def plot(self, name: str, fig) -> None:
        """Store a matplotlib figure as inline SVG."""
        import io

        import matplotlib.pyplot as plt

        buf = io.StringIO()
        fig.savefig(buf, format="svg", bbox_inches="tight")
        plt.close(fig)
        self.artifacts[name] = ("image/svg+xml", buf.getvalue())

    # -- result ------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return combine(i.status for i in self.items)

    def key_metrics(self) -> dict:
        """The headline numbers: smallest agreement in digits, smallest bound slack ratio."""
        out: dict[str, Any] = {}
        digs = _finite(i.metrics.get("digits") for i in self.items)
        if digs:
            out[schema.MIN_DIGITS] = min(digs)
        ratios = _finite(i.metrics.get("slack_ratio") for i in self.items)
        if ratios:
            out[schema.MIN_SLACK_RATIO] = min(ratios)
        out[schema.ITEMS] = len(self.items)
        return out


@dataclass
class Verdict:
    statement_id: str
    check: str
    method: str
    status: str
    expected: str
    params: dict
    metrics: dict
    precision: str | None
    seed: int
    seconds: float
    message: str
    artifacts: dict = field(default_factory=dict)
    step: str | None = None  # the proof step checked (Check.step), None for the statement

    def record(self) -> dict:
        """The JSON record of the DESIGN contract (artifacts by name only)."""
        return {
            "statement_id": self.statement_id,
            "check": self.check,
            "method": self.method,
            "status": self.status,
            "expected": self.expected,
            "params": self.params,
            "metrics": self.metrics,
            "precision": self.precision,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "message": self.message,
            "artifacts": sorted(self.artifacts),
            "step": self.step,
        }


def _outside_hypotheses(ctx: Context) -> None:
    """A plain run is evidence about a statement only on instances that satisfy its hypotheses.

    Items at an instance outside them are never evidence. A check that runs such an instance on
    purpose (a degenerate case it records: ``@check(..., outside_hypotheses=True)``) has its
    items there turned into observations, except a :meth:`Context.undecided` item, which says why
    the statement is not decided. Otherwise the instance is an accident (a hypothesis encoded
    wrongly, an instance meant to be inside): its refutations become ``inconclusive`` (no
    counterexample to the statement) and an inconclusive item says so.

    And a positive verdict needs evidence inside the hypotheses: a statement with hypotheses
    whose check recorded non-symbolic evidence but started no instance inside all of them gets
    an inconclusive item."""
    outside = [i["params"] for i in ctx.instances_run if not all(i["hypotheses"].values())]
    if outside:
        if ctx.check.outside_hypotheses:
            kept = []
            for item in ctx.items:
                # ctx.undecided's item says why the statement is not decided: it stays
                if item.instance in outside and item.metrics.get("evidence") != EVIDENCE_UNDECIDED:
                    ctx.observations.append(
                        {
                            "label": item.label,
                            "instance": _fmt(item.instance),
                            "status_outside_hypotheses": item.status,
                            **item.metrics,
                        }
                    )
                else:
                    kept.append(item)
            ctx.items[:] = kept
        else:
            for item in ctx.items:
                if item.status == "refuted" and item.instance in outside:
                    item.status = "inconclusive"
                    item.metrics["why"] = "refuted outside the statement's hypotheses: not a counterexample"
            failed = sorted({h for i in ctx.instances_run for h, ok in i["hypotheses"].items() if not ok})
            ctx.items.append(
                Item(
                    "an instance of this plain run lies outside the statement's hypotheses (no evidence for it)",
                    "inconclusive",
                    {"instances": _fmt(outside[:5]), "hypotheses_not_held": failed},
                )
            )
        if ctx.counterexample is not None and ctx.counterexample.get("instance") in [_fmt(o) for o in outside]:
            ctx.counterexample = None
    inside = [i for i in ctx.instances_run if all(i["hypotheses"].values())]
    numeric = [i for i in ctx.items if i.status in ("verified", "certified")]
    if ctx.statement.hypotheses and numeric and not inside:
        ctx.items.append(
            Item(
                "no instance inside all the statement's hypotheses was started (ctx.start): no evidence for it",
                "inconclusive",
                {"positive_items": len(numeric)},
            )
        )


def run_check(chk: Check, budget: str = "quick", overrides: dict | None = None, seed: int = 0, cache=None) -> Verdict:
    """Run one check and turn its evidence into a verdict record (``error`` if it raised)."""
    t0 = time.perf_counter()
    ctx = Context(chk, budget=budget, overrides=overrides, seed=seed, cache=cache)
    try:
        chk.fn(ctx)
        if not ctx.overrides:
            _outside_hypotheses(ctx)
        unresolved = ctx.cross_checks["unresolved"]
        if unresolved:
            ctx.metrics[schema.UNRESOLVED_CROSS_CHECKS] = unresolved
            for u in unresolved:
                ctx.note(
                    f"solver cross-check not resolved (no evidence either way): {u['label']} at {u['instance']}: "
                    f"discrepancy {u['discrepancy']:.2e}, error estimate {u['error_estimate']:.2e} against tolerance "
                    f"{u['tolerance']:.2e}"
                )
            # with nothing resolved and no other positive evidence the check decides nothing; a
            # resolved agreement of independent high-precision methods stands, the unresolved
            # solver comparison listed beside it
            if not ctx.cross_checks["resolved"] and not any(i.status in schema.POSITIVE for i in ctx.items):
                ctx.items.append(
                    Item(
                        "no solver cross-check of this run resolved its tolerance (see unresolved_cross_checks)",
                        "inconclusive",
                        {"unresolved": len(unresolved)},
                    )
                )
        status = ctx.status
        worst = [i for i in ctx.items if i.status == status]
        msg = "; ".join(dict.fromkeys(i.label for i in worst[:3]))
        why = next((str(i.metrics["why"]) for i in worst if i.metrics.get("why")), None)
        if status not in schema.POSITIVE and why:
            msg = f"{msg} -- {why}"  # the reason, on the command line too
        if status in ("proved", "certified", "verified"):
            msg = f"{len(ctx.items)} comparisons, weakest: {msg}"
        elif not ctx.items:
            msg = "the check recorded no comparison"
        message = msg
    except ParamError:
        raise
    except Exception as exc:  # the verdict says the check raised; the trace is kept
        status = "error"
        message = f"{type(exc).__name__}: {exc}"
        ctx.artifacts["traceback"] = ("text/plain", traceback.format_exc())
    seconds = time.perf_counter() - t0
    # the reserved keys of checks.schema, around the check's own metrics
    metrics = {
        **ctx.key_metrics(),
        **{k: _fmt(v) for k, v in ctx.metrics.items()},
        schema.COMPARISONS: [
            {
                schema.COMPARISON_LABEL: i.label,
                schema.COMPARISON_STATUS: i.status,
                schema.COMPARISON_INSTANCE: _fmt(i.instance),
                **i.metrics,
            }
            for i in ctx.items
        ],
        schema.INSTANCES: _fmt(ctx.instances_run),
    }
    if ctx.notes:
        metrics[schema.NOTES] = ctx.notes
    if ctx.observations:
        metrics[schema.OBSERVATIONS] = ctx.observations
    if ctx.memo_calls:
        metrics[schema.MEMO] = ctx.memo_calls
    if ctx.overrides:
        # the probe's overrides this check did not read (it sweeps its own grid, say)
        metrics[schema.OVERRIDES_READ] = sorted(ctx.overrides_read)
        metrics[schema.OVERRIDES_UNUSED] = sorted(set(ctx.overrides) - ctx.overrides_read)
    if ctx.counterexample is not None:
        metrics[schema.COUNTEREXAMPLE] = ctx.counterexample
    return Verdict(
        statement_id=chk.statement_id,
        check=chk.name,
        method=chk.method,
        status=status,
        expected=chk.expected,
        params=_fmt(dict(dict.items(ctx.overrides))),
        metrics=metrics,
        precision=ctx.precision,
        seed=seed,
        seconds=seconds,
        message=message,
        artifacts=ctx.artifacts,
        step=chk.step,
    )
