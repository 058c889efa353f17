"""The statement registry: what the papers claim, as printed.

A statement is one formal claim of one paper (theorem, lemma, corollary, proposition,
unnumbered claim, or an experiment's qualitative claim). Its id is the stable id of
``shared/catalog/<paper>.md``. The registry knows nothing of how a claim is checked; the
checks in ``checks/`` bind methods to statements.

A statement's parameters form its *domain*: every value a probe may set is validated here
(type, range where the model is defined). Values that merely break the statement's
*hypotheses* are not errors: the hypotheses are predicates evaluated per instance, and a
probe reports whether they held.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Paper:
    """One paper: its key (the first part of every statement id), its text under ``shared/``
    and its title as DESIGN.md names it."""

    key: str
    file: str
    title: str
    # Provenance shown on the report's pages: the authors as the paper prints them, the year
    # and venue of the version in shared/seeds/ (the catalog's header where it names one).
    authors: str = ""
    year: int | None = None
    venue: str = ""


# The papers: adding one is a line here (then theorems/<key>.py and checks/<key>.py).
PAPER_LIST = (
    Paper(
        "rnn-lowdim",
        "seeds/000_f19c100b45fc40d6.txt",
        "Cohen-Karlik et al., low dimensional state spaces with overparameterized RNNs",
        "Edo Cohen-Karlik, Itamar Menuhin-Gruman, Raja Giryes, Nadav Cohen, Amir Globerson",
        2023,
        "ICLR",
    ),
    Paper(
        "rnn-memoryless",
        "seeds/001_0500f854cb2b6ba0.txt",
        "Cohen-Karlik et al., implicit bias of GD for temporal extrapolation",
        "Edo Cohen-Karlik, Avichai Ben David, Nadav Cohen, Amir Globerson",
        2022,
        "AISTATS",
    ),
    Paper(
        "ssm-poison",
        "seeds/002_d0940667081103ea.txt",
        "Slutzky et al., the implicit bias of SSMs can be poisoned with clean labels",
        "Yonatan Slutzky, Yotam Alexander, Noam Razin, Nadav Cohen",
        2024,
        "arXiv preprint",
    ),
    Paper(
        "linnet-imbalance",
        "seeds/003_4f2efa5ca6aacdda.txt",
        "Min et al., convergence and implicit bias of GF on overparametrized linear networks",
        "Hancheng Min, Salma Tarmoun, René Vidal, Enrique Mallada",
        2021,
        "arXiv preprint (extends the ICML 2021 paper)",
    ),
    Paper(
        "kernel-rich",
        "seeds/004_f9f7314f3f52e985.txt",
        "Woodworth et al., kernel and rich regimes in overparametrized models",
        "Blake Woodworth, Suriya Gunasekar, Jason D. Lee, Edward Moroshko, Pedro Savarese, Itay Golan, "
        "Daniel Soudry, Nathan Srebro",
        2020,
        "COLT",
    ),
)
PAPERS = {p.key: p.file for p in PAPER_LIST}  # key -> seed file
PAPER_TITLES = {p.key: p.title for p in PAPER_LIST}  # key -> title

# Statements outside the five papers -- a researcher's own conjectures, test-only statements --
# live under this key, in modules named by the IBV_PLUGINS environment variable (paths of .py
# files separated by os.pathsep; each may register statements and their checks).
SCRATCH = "scratch"
PLUGINS_ENV = "IBV_PLUGINS"

# A statement either holds (its checks are expected to prove, certify or verify it) or is
# refuted as printed (its checks are expected to find a stored counterexample).
EXPECTATIONS = ("holds", "refuted")


class ParamError(ValueError):
    """A parameter value outside the statement's domain (the model is undefined there)."""


# The generic cap on integer parameters (sizes, counts, seeds) that set no ``high`` of their
# own: anything larger is an absurd size for checks that integrate flows or solve programs on
# one machine. A statement's owner sets ``Param(high=...)`` to a sane size for its checks.
INT_CAP = 10**6

# The generic cap on real parameters that set no ``high`` of their own (issue 22): ``|value| <=
# FLOAT_CAP``. Without one, ``--set alpha=1e300`` reached checks whose double-precision flows and
# solves overflow or never converge there, and a failed computation was once stored as a
# counterexample; the domain search (checks/machine/search.py) would go there too, as its "largest"
# edge. 1e6 is six decades beyond the O(1) scales the papers use (a scale, a step, a deviation): far
# enough to probe a regime, near enough that double precision still means something. A statement
# whose domain reaches further (a deviation in a far tail, a width) declares ``high`` itself.
FLOAT_CAP = 1e6
# The domain search's scale edges of a positive real: its default times 10^-EDGE_DECADES ("near 0")
# and 10^EDGE_DECADES ("large"), besides its smallest and largest admissible values.
EDGE_DECADES = 4


def int_list(low: int, high: int, max_items: int = 10) -> Callable[[Any], str | None]:
    """A ``validator`` for a text parameter holding comma-separated integers (orders, widths,
    rows): each in ``[low, high]`` (where the model is defined and the checks can compute),
    at most ``max_items`` of them."""

    def problem(text: Any) -> str | None:
        items = [t.strip() for t in str(text).split(",")]
        if not items or any(not t.lstrip("+").isascii() or not t.lstrip("+").isdigit() for t in items):
            return f"expected comma-separated integers in [{low}, {high}]"
        if len(items) > max_items:
            return f"at most {max_items} values"
        bad = [t for t in items if not low <= int(t) <= high]
        if bad:
            return f"{bad[0]} is outside [{low}, {high}] (the model is undefined or the size absurd there)"
        return None

    return problem


@dataclass(frozen=True)
class Param:
    """One parameter of a statement's domain.

    ``low``/``high`` bound the values where the model is *defined* (d >= 1, alpha > 0); they
    are not the statement's hypotheses.  ``open_low`` makes the lower bound strict. For an
    integer parameter ``high`` is also the largest size the checks can compute (default: the
    generic :data:`INT_CAP`); a real parameter without ``high`` is capped at
    :data:`FLOAT_CAP` in absolute value (and without ``low`` bounded below by ``-FLOAT_CAP``).
    :meth:`edge_values` are the domain's edges the search tries by construction. ``validator`` checks what a range cannot (the form of a string):
    it returns an error text or ``None``. ``strategy`` (a zero-argument callable returning a
    Hypothesis strategy) overrides the one derived from the domain for ``ibv probe --samples``.
    NaN and infinities are refused for every numeric type.
    """

    name: str
    type: type
    default: Any
    doc: str = ""
    low: float | None = None
    high: float | None = None
    open_low: bool = False
    choices: tuple | None = None
    validator: Callable[[Any], str | None] | None = None
    strategy: Callable[[], Any] | None = None

    @property
    def cap(self) -> float | None:
        """The largest admissible value (``high``, or the generic cap of integers and reals)."""
        if self.high is not None:
            return self.high
        return INT_CAP if self.type is int else (FLOAT_CAP if self.type is float else None)

    @property
    def floor(self) -> float | None:
        """The smallest admissible value: ``low``, or ``-FLOAT_CAP`` for a real without one."""
        if self.low is not None:
            return self.low
        return -FLOAT_CAP if self.type is float else None

    def edge_values(self) -> tuple[tuple[str, Any], ...]:
        """The edges of this parameter's domain, as ``(label, value)``, each admissible and none
        the default: the smallest and largest admissible values (an integer without ``high``:
        the largest size its Hypothesis strategy draws, ``max(low + 10, 2 default + 2)`` --
        :data:`INT_CAP` guards against absurd input, it is no size a check computes); for a
        positive real also the scales ``default * 10^-EDGE_DECADES`` (near 0; the lowest value
        itself when the bound is strict) and ``default * 10^EDGE_DECADES`` (large); every choice
        of a categorical parameter; both values of a flag. A text parameter with a validator has
        no edges that can be constructed."""
        out: list[tuple[str, Any]] = []
        if self.choices is not None:
            out = [(f"choice {v}", v) for v in self.choices]
        elif self.type is bool:
            out = [("false", False), ("true", True)]
        elif self.type is int:
            lo = None if self.low is None else int(math.ceil(self.low)) + (1 if self.open_low else 0)
            if lo is not None:
                out.append(("smallest", lo))
            if self.high is not None:
                out.append(("largest", int(self.high)))
            else:
                base = self.default if isinstance(self.default, int) else (lo or 0)
                out.append(("large (searched size)", int(min(INT_CAP, max((lo or 0) + 10, 2 * base + 2)))))
        elif self.type is float:
            centre = abs(self.default) if isinstance(self.default, (int, float)) and self.default else 1.0
            if self.low is not None:
                if not self.open_low:
                    out.append(("smallest", float(self.low)))
                elif self.low == 0:
                    out.append(("near 0", float(f"{centre * 10.0**-EDGE_DECADES:.6g}")))
                else:
                    out.append(("just above the lowest", math.nextafter(float(self.low), math.inf)))
                if self.low >= 0:
                    out.append(("large", float(f"{centre * 10.0**EDGE_DECADES:.6g}")))
            else:
                out.append(("most negative", -FLOAT_CAP))
            out.append(("largest", float(self.cap)))
        seen: list = [self.default]
        kept = []
        for label, v in out:
            if v in seen or not self._admits(v):
                continue
            seen.append(v)
            kept.append((label, v))
        return tuple(kept)

    def parse(self, raw: Any) -> Any:
        if isinstance(raw, str):
            text = raw.strip()
            if self.type in (int, float) and text.lower().lstrip("+-") in ("nan", "inf", "infinity"):
                raise ParamError(f"{self.name}={raw!r}: must be a finite number")
            if self.type is int:
                try:
                    value: Any = int(text)
                except ValueError:
                    try:
                        as_float = float(text)
                    except ValueError:
                        raise ParamError(f"{self.name}={raw!r}: expected an integer") from None
                    if not math.isfinite(as_float) or as_float != int(as_float):
                        raise ParamError(f"{self.name}={raw!r}: expected an integer") from None
                    value = int(as_float)
            elif self.type is float:
                try:
                    value = float(text)
                except ValueError:
                    raise ParamError(f"{self.name}={raw!r}: expected a number") from None
            elif self.type is bool:
                if text.lower() in ("1", "true", "yes"):
                    value = True
                elif text.lower() in ("0", "false", "no"):
                    value = False
                else:
                    raise ParamError(f"{self.name}={raw!r}: expected true or false")
            else:
                value = text
        else:
            value = raw
        return self.validate(value)

    def validate(self, value: Any) -> Any:
        if self.type is int:
            if isinstance(value, float) and not math.isfinite(value):
                raise ParamError(f"{self.name}={value!r}: must be a finite number")
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, float) and value == int(value):
                    value = int(value)
                else:
                    raise ParamError(f"{self.name}={value!r}: expected an integer")
        elif self.type is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ParamError(f"{self.name}={value!r}: expected a number")
            try:
                value = float(value)
            except OverflowError:
                raise ParamError(f"{self.name}={value!r}: must be a finite number") from None
            if not math.isfinite(value):
                raise ParamError(f"{self.name}={value!r}: must be a finite number")
        elif self.type is bool:
            if not isinstance(value, bool):
                raise ParamError(f"{self.name}={value!r}: expected true or false")
        elif self.type is str:
            if not isinstance(value, str):
                raise ParamError(f"{self.name}={value!r}: expected text")
        if self.choices is not None and value not in self.choices:
            raise ParamError(f"{self.name}={value!r}: must be one of {', '.join(map(str, self.choices))}")
        if self.low is None and self.type is float and value < -FLOAT_CAP:
            raise ParamError(f"{self.name}={value!r}: must be >= {-FLOAT_CAP:g} (the generic cap of real parameters)")
        if self.low is not None:
            if value < self.low or (self.open_low and value == self.low):
                rel = ">" if self.open_low else ">="
                raise ParamError(
                    f"{self.name}={value!r}: must be {rel} {self.low:g} (the model is undefined otherwise)"
                )
        cap = self.cap
        if cap is not None and value > cap:
            if self.type is int:
                raise ParamError(
                    f"{self.name}={value!r}: absurd size, must be <= {cap:g} (the largest the checks can compute)"
                )
            if self.high is None:
                raise ParamError(
                    f"{self.name}={value!r}: must be <= {cap:g} (the generic cap of real parameters; a statement "
                    "whose domain reaches further declares high)"
                )
            raise ParamError(f"{self.name}={value!r}: must be <= {cap:g}")
        if self.validator is not None:
            problem = self.validator(value)
            if problem:
                raise ParamError(f"{self.name}={value!r}: {problem}")
        return value

    def hypothesis_strategy(self):
        """A Hypothesis strategy over this parameter's domain (for ``--samples`` and
        ``--search``): ``strategy`` if given; else choices; else a range around the default
        inside ``[low, cap]`` (log-uniform for positive floats, so scales are explored)."""
        from hypothesis import strategies as st

        if self.strategy is not None:
            return self.strategy()
        if self.choices is not None:
            return st.sampled_from(self.choices)
        if self.type is bool:
            return st.booleans()
        if self.type is int:
            lo = (
                int(self.low)
                if self.low is not None
                else (int(self.default) - 10 if isinstance(self.default, int) else 0)
            )
            if self.open_low and self.low is not None:
                lo += 1
            base = self.default if isinstance(self.default, int) else lo
            hi = int(min(self.cap, max(lo + 10, 2 * base + 2)))
            return st.integers(lo, hi)
        if self.type is float:
            d = self.default if isinstance(self.default, (int, float)) and self.default else None
            lo = self.low
            if lo is not None and lo >= 0:
                # positive scales: log-uniform over two decades either side of the default
                centre = abs(d) if d else 1.0
                a, b = math.log10(centre) - 2, math.log10(centre) + 2
                if self.high is not None and self.high > 0:
                    b = min(b, math.log10(self.high))
                if lo > 0:
                    a = max(a, math.log10(lo))
                s = st.floats(a, b).map(lambda e: float(f"{10.0**e:.6g}"))
                if lo == 0 and not self.open_low:
                    s = st.one_of(st.just(0.0), s)
                return s.filter(lambda v: self._admits(v))
            centre = d or 0.0
            width = max(abs(centre), 1.0) * 10
            lo2 = centre - width if lo is None else lo
            hi2 = centre + width if self.high is None else self.high
            return st.floats(lo2, hi2, allow_nan=False, allow_infinity=False).filter(lambda v: self._admits(v))
        return st.just(self.default)

    def _admits(self, value) -> bool:
        try:
            self.validate(value)
            return True
        except ParamError:
            return False


@dataclass(frozen=True)
class Hypothesis:
    """A hypothesis of a statement as a predicate on an instance's parameters."""

    text: str
    holds: Callable[[dict], bool]


@dataclass(frozen=True)
class Source:
    """Where a statement is printed. ``file`` is the paper's text under ``shared/``; a paper
    statement leaves it empty (see :func:`src`) and the registry fills it from :data:`PAPERS`."""

    file: str
    section: str
    equations: str = ""


def src(section: str, equations: str = "") -> Source:
    """The source of a paper statement: its section and equation numbers (the file follows
    from the statement's paper key)."""
    return Source("", section, equations)


# The kinds of a proof step (see :class:`Step`).
STEP_KINDS = ("identity", "inequality", "constant", "probability", "invocation", "restatement")


@dataclass(frozen=True)
class Step:
    """One load-bearing display of a statement's printed proof, as printed (issue 19), or a
    restatement of the statement elsewhere in the paper (kind ``restatement``).

    ``eq`` is the equation number as printed, e.g. ``"(23)"``, or for an unnumbered display or
    a restatement its place (``"App. B, l. 3 of the proof"``, ``"Thm B.1"``); the step's id is
    ``<statement-id>/step-<eq>``. A step is checked by the checks bound to it
    (``@check(..., step=eq)``); its verdict is theirs and is judged apart from the statement's
    own (a proof can break while its conclusion holds). A step found false keeps
    ``expect="refuted"`` with an ``erratum`` (what is wrong, what holds instead), like a
    statement."""

    eq: str
    text: str  # LaTeX, as printed
    kind: str = "inequality"
    expect: str = "holds"
    erratum: str | None = None
    notes: str = ""


@dataclass
class Statement:
    id: str
    kind: str
    number: str
    title: str
    source: Source
    text: str  # LaTeX, as printed
    params: tuple[Param, ...] = ()
    hypotheses: tuple[Hypothesis, ...] = ()
    expect: str = "holds"
    erratum: str | None = None  # for a refuted statement: what is wrong and what holds instead
    corrects: str | None = None  # for an ``:corrected`` statement: the id of the printed one
    notes: str = ""
    # A zero-argument callable returning a Hypothesis strategy of parameter dicts, for
    # ``ibv probe --samples``/``--search``; by default derived from the parameters' domains.
    strategy: Callable[[], Any] | None = None
    # Constraints between parameters where the model is defined (r* <= d nonzeros in R^d,
    # N <= d^2 observed entries), as (text, predicate on the defaults-completed instance):
    # an instance failing one is bad input, like a value outside one parameter's range.
    domain: tuple[tuple[str, Callable[[dict], bool]], ...] = ()
    # What the printed proof invokes: ids of statements of any paper, or ``ext:<reference>``
    # for a result outside the five papers, ``def:<name>`` for a definition (issue 19). ``()``
    # declares that it invokes nothing (or that no proof is printed: say so in ``notes``);
    # ``None`` is not yet declared.
    uses: tuple[str, ...] | None = None
    # The proof's load-bearing displays and the statement's restatements (see :class:`Step`).
    steps: tuple[Step, ...] = ()
    # Instances at the edges of the domain by construction (a threshold at equality, the
    # smallest size, a degenerate covariance), searched besides the generated ones (issue 18).
    edges: tuple[dict, ...] = ()

    @property
    def paper(self) -> str:
        return self.id.split("/", 1)[0]

    def step(self, eq: str) -> Step:
        for st in self.steps:
            if st.eq == eq:
                return st
        raise KeyError(f"{self.id} has no proof step {eq!r}")

    def step_id(self, eq: str) -> str:
        return f"{self.id}/step-{self.step(eq).eq}"

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.params) or "none"
        raise ParamError(f"unknown parameter {name!r} for {self.id} (known: {known})")

    def defaults(self) -> dict:
        return {p.name: p.default for p in self.params}

    def check_instance(self, params: dict) -> dict:
        """Validate an instance's overrides: each value against its parameter's domain, then
        the cross-parameter ``domain`` on the instance completed with the defaults."""
        out = {k: (self.param(k).validate(v) if v is not None else None) for k, v in params.items()}
        full = {**self.defaults(), **out}
        for text, ok in self.domain:
            try:
                held = bool(ok(full))
            except TypeError:  # a parameter left at None (the check's own grid): nothing to relate
                held = True
            if not held:
                shown = ", ".join(f"{k}={v}" for k, v in sorted(full.items()) if v is not None)
                raise ParamError(f"{shown}: needs {text} (the model is undefined otherwise)")
        return out

    def in_domain(self, params: dict) -> bool:
        """Whether ``check_instance`` accepts the instance (for filtering drawn instances)."""
        try:
            self.check_instance(params)
            return True
        except ParamError:
            return False

    def instance_strategy(self, fixed: dict | None = None, vary: Iterable[str] | None = None):
        """A Hypothesis strategy of parameter dicts: the statement's ``strategy`` (or one
        derived from the domains of ``vary``, default every parameter), with ``fixed``
        overriding what it draws. Every drawn dict is validated against the domain."""
        from hypothesis import strategies as st

        fixed = dict(fixed or {})
        if self.strategy is not None:
            base = self.strategy()
        else:
            names = [p.name for p in self.params] if vary is None else list(vary)
            base = st.fixed_dictionaries({n: self.param(n).hypothesis_strategy() for n in names if n not in fixed})

        def complete(d):
            out = {**d, **fixed}
            return {k: (self.param(k).validate(v) if v is not None else None) for k, v in out.items()}

        return base.map(complete).filter(self.in_domain) if self.domain else base.map(complete)

    def hypotheses_hold(self, instance: dict) -> dict[str, bool]:
        """Each hypothesis evaluated on the instance (a failing predicate counts as not held)."""
        out = {}
        for h in self.hypotheses:
            try:
                out[h.text] = bool(h.holds(instance))
            except Exception:  # a predicate that cannot be evaluated did not hold
                out[h.text] = False
        return out


REGISTRY: dict[str, Statement] = {}


def register(stmt: Statement) -> Statement:
    if stmt.id in REGISTRY:
        raise ValueError(f"duplicate statement id {stmt.id}")
    paper = stmt.id.split("/", 1)[0]
    if paper not in PAPERS and paper != SCRATCH:
        raise ValueError(f"unknown paper key in {stmt.id}")
    if stmt.expect not in EXPECTATIONS:
        raise ValueError(f"{stmt.id}: expect must be one of {EXPECTATIONS}")
    if stmt.expect == "refuted" and not stmt.erratum:
        raise ValueError(f"{stmt.id}: a refuted statement needs an erratum note")
    if stmt.id.endswith(":corrected") and not stmt.corrects:
        raise ValueError(f"{stmt.id}: a corrected statement names the printed one")
    eqs = [st.eq for st in stmt.steps]
    if len(set(eqs)) != len(eqs):
        raise ValueError(f"{stmt.id}: two proof steps share an equation label")
    for st in stmt.steps:
        if st.kind not in STEP_KINDS:
            raise ValueError(f"{stmt.id}/step-{st.eq}: kind must be one of {STEP_KINDS}")
        if st.expect not in EXPECTATIONS:
            raise ValueError(f"{stmt.id}/step-{st.eq}: expect must be one of {EXPECTATIONS}")
        if st.expect == "refuted" and not st.erratum:
            raise ValueError(f"{stmt.id}/step-{st.eq}: a refuted step needs an erratum note")
    for e in stmt.edges:
        unknown = set(e) - {p.name for p in stmt.params}
        if unknown:
            raise ValueError(f"{stmt.id}: edge instance names unknown parameters {sorted(unknown)}")
    if not stmt.source.file:
        if paper not in PAPERS:
            raise ValueError(f"{stmt.id}: a statement outside the papers names its source file")
        stmt.source = Source(PAPERS[paper], stmt.source.section, stmt.source.equations)
    REGISTRY[stmt.id] = stmt
    return stmt


def statement(id: str, kind: str, number: str, title: str, source: Source, text: str, **kw) -> Statement:
    return register(Statement(id=id, kind=kind, number=number, title=title, source=source, text=text, **kw))


def paper_modules() -> list[str]:
    """The names of the statement modules of ``theorems/`` (every module but this one), in
    name order. A paper's statements live in ``theorems/<paper>[_<topic>].py``; its checks in
    the ``checks/`` module of the same name, so adding a module needs no list edited."""
    import pkgutil
    from pathlib import Path

    here = Path(__file__).resolve().parent
    return sorted(
        m.name
        for m in pkgutil.iter_modules([str(here)])
        if m.name != "registry" and not m.name.startswith("_") and not m.ispkg
    )


def load_all() -> dict[str, Statement]:
    """Import every statement module so that the registry is complete."""
    import importlib

    for name in paper_modules():
        importlib.import_module(f"{__package__}.{name}")
    load_plugins()
    _check_uses()
    return REGISTRY


# prefixes of a ``uses`` entry that names no statement of the registry
USES_PREFIXES = ("ext:", "def:")


def _check_uses() -> None:
    """Every ``uses`` entry names a registered statement (or is ``ext:``/``def:``)."""
    for stmt in list(REGISTRY.values()):
        for used in stmt.uses or ():
            if not used.startswith(USES_PREFIXES) and used not in REGISTRY:
                raise ValueError(f"{stmt.id}: uses {used!r}, which is no registered statement")


class PluginError(ValueError):
    """A module named by ``$IBV_PLUGINS`` cannot be loaded (missing, or it raised): one line."""


def _plugin_module_name(path: str) -> str:
    import os

    return "ibv_plugin_" + "".join(c if c.isalnum() else "_" for c in os.path.abspath(path))


def plugin_paths() -> list[str]:
    import os

    return list(filter(None, os.environ.get(PLUGINS_ENV, "").split(os.pathsep)))


def load_plugins() -> None:
    """Import the modules of ``$IBV_PLUGINS`` once each (statements of the ``scratch`` key)."""
    import os

    for path in plugin_paths():
        if not os.path.isfile(path):
            raise PluginError(f"{PLUGINS_ENV}: {path}: no such file")
        with open(path, encoding="utf-8") as f:
            _load_plugin(path, f.read())


def plugin_sources() -> list[tuple[str, str]]:
    """``(path, source)`` of each ``$IBV_PLUGINS`` module: what a worker on another machine (a
    Dask cluster started by hand, without this environment or these files) needs to load them."""
    import os

    load_plugins()
    out = []
    for path in plugin_paths():
        with open(path, encoding="utf-8") as f:
            out.append((os.path.abspath(path), f.read()))
    return out


def load_plugin_sources(sources) -> None:
    """Load plugin modules from their sources (see :func:`plugin_sources`), once each."""
    for path, text in sources:
        _load_plugin(path, text)


def _load_plugin(path: str, source: str) -> None:
    import sys
    import types

    name = _plugin_module_name(path)
    if name in sys.modules:
        return
    module = types.ModuleType(name)
    module.__file__ = path
    sys.modules[name] = module
    try:
        exec(compile(source, path, "exec"), module.__dict__)
    except Exception as exc:
        del sys.modules[name]
        where = f" line {exc.lineno}" if isinstance(exc, SyntaxError) else ""
        raise PluginError(f"{PLUGINS_ENV}: {path}{where}: {type(exc).__name__}: {exc}".splitlines()[0]) from None
    except BaseException:
        del sys.modules[name]
        raise


def statements(paper: str | None = None, ids: Iterable[str] | None = None) -> list[Statement]:
    load_all()
    out = list(REGISTRY.values())
    if paper is not None:
        out = [s for s in out if s.paper == paper]
    if ids:
        wanted = list(ids)
        missing = [i for i in wanted if i not in REGISTRY]
        if missing:
            raise KeyError(missing[0])
        out = [s for s in out if s.id in wanted]
    return out
