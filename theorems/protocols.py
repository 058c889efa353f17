"""Experimental protocols as data (shared encodings; no statements are registered here).

A paper's experiment is evidence about its claim only under the paper's settings. Where the
text states a setting (the optimiser, the initialisation, the architecture) it is a *stated
fragment*; where a value was lost (typeset as mathematics and absent from the source) the
protocol carries a *plausible range* for it with the reason for that range. The grid of a
protocol is the Cartesian product of the ranges with the fragments fixed; every point of it is
a protocol the paper could have run. The verdict rule for experiments (``checks.core``,
``Context.reproduction``) reads the per-protocol outcomes against this grid.

Each range's first value is its *representative* (the quick budget's choice); ``Protocol.params``
exposes every range as a ``Param`` so that ``ibv probe --grid`` can sweep any of it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .registry import Param


@dataclass(frozen=True)
class Range:
    """A lost hyperparameter: its plausible values (the first is the representative) and why."""

    name: str
    values: tuple
    reason: str
    doc: str = ""

    def param(self) -> Param:
        v0 = self.values[0]
        kind = type(v0)
        if kind is int:
            return Param(self.name, int, v0, self.doc or self.reason, low=1, high=100_000)
        if kind is float:
            return Param(self.name, float, v0, self.doc or self.reason, low=0.0, open_low=True, high=10.0)
        return Param(self.name, str, v0, self.doc or self.reason, choices=tuple(dict.fromkeys(self.values)))


@dataclass(frozen=True)
class Protocol:
    """An experiment's protocol: ``stated`` maps each fragment the paper states to its value
    (with the quote in ``sources``), ``lost`` lists the plausible ranges of what it does not."""

    key: str
    stated: tuple  # ((name, value), ...)
    sources: tuple  # ((name, quote), ...)
    lost: tuple  # (Range, ...)
    measure: str  # what one run measures and when it counts as reproducing the claim

    @property
    def fragments(self) -> dict:
        return dict(self.stated)

    def representative(self) -> dict:
        return {**self.fragments, **{r.name: r.values[0] for r in self.lost}}

    def grid(self, names: tuple | None = None) -> list[dict]:
        """Every protocol of the plausible grid (the ranges in ``names``, the others at their
        representative), the stated fragments fixed."""
        use = [r for r in self.lost if names is None or r.name in names]
        fixed = {r.name: r.values[0] for r in self.lost if r not in use}
        out = []
        for combo in itertools.product(*(r.values for r in use)):
            out.append({**self.fragments, **fixed, **{r.name: v for r, v in zip(use, combo)}})
        return out

    def params(self) -> tuple:
        return tuple(r.param() for r in self.lost)

    def describe(self) -> str:
        stated = "; ".join(f"{n} = {v}" for n, v in self.stated)
        lost = "; ".join(f"{r.name} in {list(r.values)} ({r.reason})" for r in self.lost)
        return f"Stated: {stated}. Lost, plausible ranges: {lost}. Measured: {self.measure}"
