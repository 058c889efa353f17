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
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

PAPERS = {
    "rnn-lowdim": "seeds/000_f19c100b45fc40d6.txt",
    "rnn-memoryless": "seeds/001_0500f854cb2b6ba0.txt",
    "ssm-poison": "seeds/002_d0940667081103ea.txt",
    "linnet-imbalance": "seeds/003_4f2efa5ca6aacdda.txt",
    "kernel-rich": "seeds/004_f9f7314f3f52e985.txt",
}

# A statement either holds (its checks are expected to prove, certify or verify it) or is
# refuted as printed (its checks are expected to find a stored counterexample).
EXPECTATIONS = ("holds", "refuted")


class ParamError(ValueError):
    """A parameter value outside the statement's domain (the model is undefined there)."""


@dataclass(frozen=True)
class Param:
    """One parameter of a statement's domain.

    ``low``/``high`` bound the values where the model is *defined* (d >= 1, alpha > 0); they
    are not the statement's hypotheses.  ``open_low`` makes the lower bound strict.
    """

    name: str
    type: type
    default: Any
    doc: str = ""
    low: float | None = None
    high: float | None = None
    open_low: bool = False
    choices: tuple | None = None

    def parse(self, raw: Any) -> Any:
        if isinstance(raw, str):
            text = raw.strip()
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
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, float) and math.isfinite(value) and value == int(value):
                    value = int(value)
                else:
                    raise ParamError(f"{self.name}={value!r}: expected an integer")
        elif self.type is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ParamError(f"{self.name}={value!r}: expected a number")
            value = float(value)
            if not math.isfinite(value):
                raise ParamError(f"{self.name}={value!r}: must be finite")
        if self.choices is not None and value not in self.choices:
            raise ParamError(f"{self.name}={value!r}: must be one of {', '.join(map(str, self.choices))}")
        if self.low is not None:
            if value < self.low or (self.open_low and value == self.low):
                rel = ">" if self.open_low else ">="
                raise ParamError(f"{self.name}={value!r}: must be {rel} {self.low:g} (the model is undefined otherwise)")
        if self.high is not None and value > self.high:
            raise ParamError(f"{self.name}={value!r}: must be <= {self.high:g}")
        return value


@dataclass(frozen=True)
class Hypothesis:
    """A hypothesis of a statement as a predicate on an instance's parameters."""

    text: str
    holds: Callable[[dict], bool]


@dataclass(frozen=True)
class Source:
    file: str
    section: str
    equations: str = ""


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

    @property
    def paper(self) -> str:
        return self.id.split("/", 1)[0]

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.params) or "none"
        raise ParamError(f"unknown parameter {name!r} for {self.id} (known: {known})")

    def defaults(self) -> dict:
        return {p.name: p.default for p in self.params}

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
    if paper not in PAPERS:
        raise ValueError(f"unknown paper key in {stmt.id}")
    if stmt.expect not in EXPECTATIONS:
        raise ValueError(f"{stmt.id}: expect must be one of {EXPECTATIONS}")
    if stmt.expect == "refuted" and not stmt.erratum:
        raise ValueError(f"{stmt.id}: a refuted statement needs an erratum note")
    if stmt.id.endswith(":corrected") and not stmt.corrects:
        raise ValueError(f"{stmt.id}: a corrected statement names the printed one")
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
    return sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name != "registry" and not m.name.startswith("_"))


def load_all() -> dict[str, Statement]:
    """Import every statement module so that the registry is complete."""
    import importlib

    for name in paper_modules():
        importlib.import_module(f"{__package__}.{name}")
    return REGISTRY


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
