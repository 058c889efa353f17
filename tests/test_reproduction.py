"""The experiments' verdict rule (``Context.reproduction``, README "Experiments") and the
protocol data type (``theorems.protocols``): a non-reproduction is a refutation only under the
paper's exact stated protocol or under every protocol of the plausible grid."""

from __future__ import annotations

import pytest

from checks.core import Check, Context
from theorems.protocols import Protocol, Range


def _ctx():
    return Context(Check("kernel-rich/claim-q-closed-form", "t", "flow", lambda c: None))


FRAG = {"optimizer": "adam"}
GRID4 = [{"optimizer": "adam", "lr": x} for x in (1e-3, 1e-2, 1e-1, 1.0)]


def _row(lr, s, n, exact=False):
    return {"protocol": {"optimizer": "adam", "lr": lr}, "successes": s, "trials": n, "exact": exact}


def test_exact_stated_protocol_decides_both_ways():
    c = _ctx()
    assert c.reproduction("stated reproduces", [_row(1e-3, 10, 10, True)], ">", 0.5, fragments=FRAG, grid=GRID4) == (
        "verified"
    )
    assert c.reproduction("stated fails", [_row(1e-3, 0, 10, True)], ">", 0.5, fragments=FRAG, grid=GRID4) == "refuted"


def test_majority_of_the_grid_verifies_and_only_the_whole_grid_refutes():
    c = _ctx()
    three = [_row(1e-3, 10, 10), _row(1e-2, 10, 10), _row(1e-1, 10, 10)]
    assert c.reproduction("3 of 4 reproduce", three, ">", 0.5, fragments=FRAG, grid=GRID4) == "verified"
    assert c.reproduction("2 of 4 is not most", three[:2], ">", 0.5, fragments=FRAG, grid=GRID4) == "inconclusive"
    fails = [_row(x, 0, 10) for x in (1e-3, 1e-2, 1e-1)]
    # three failing protocols of a grid of four: the fourth could reproduce
    assert c.reproduction("3 of 4 fail", fails, ">", 0.5, fragments=FRAG, grid=GRID4) == "inconclusive"
    assert c.reproduction("all fail", fails + [_row(1.0, 0, 10)], ">", 0.5, fragments=FRAG, grid=GRID4) == "refuted"
    # one undecided protocol (9 of 10 is not significant at 1%) keeps it inconclusive
    mixed = fails + [_row(1.0, 9, 10)]
    assert c.reproduction("one undecided", mixed, ">", 0.5, fragments=FRAG, grid=GRID4) == "inconclusive"
    m = c.items[-1].metrics
    assert m["fails"] == 3 and m["undecided"] == 1 and "why" in m


def test_refuses_protocols_outside_the_stated_fragments_and_double_counting():
    c = _ctx()
    bad = [{"protocol": {"optimizer": "sgd", "lr": 1e-3}, "successes": 0, "trials": 10}]
    with pytest.raises(ValueError):
        c.reproduction("contradicts a fragment", bad, ">", 0.5, fragments=FRAG, grid=GRID4)
    with pytest.raises(ValueError):
        c.reproduction("twice", [_row(1e-3, 0, 10)] * 2, ">", 0.5, fragments=FRAG, grid=GRID4)
    # a probe's protocol off the grid is recorded and decides nothing, even when it is the only one run
    off = [_row(0.5, 0, 10)]
    assert c.reproduction("off the grid", off, ">", 0.5, fragments=FRAG, grid=GRID4[:1]) == "inconclusive"
    assert c.items[-1].metrics["protocols_off_grid"] == 1
    assert (
        c.reproduction("on a grid of one", [_row(1e-3, 0, 10)], ">", 0.5, fragments=FRAG, grid=GRID4[:1]) == "refuted"
    )


def test_protocol_grid_and_params():
    p = Protocol(
        "x",
        stated=(("optimizer", "adam"),),
        sources=(("optimizer", "we use Adam"),),
        lost=(Range("lr", (1e-3, 1e-2), "Keras default and ten times it"), Range("width", (8, 16), "small")),
        measure="m",
    )
    assert p.representative() == {"optimizer": "adam", "lr": 1e-3, "width": 8}
    assert len(p.grid()) == 4 and all(g["optimizer"] == "adam" for g in p.grid())
    assert p.grid(("width",)) == [
        {"optimizer": "adam", "lr": 1e-3, "width": 8},
        {"optimizer": "adam", "lr": 1e-3, "width": 16},
    ]
    names = [q.name for q in p.params()]
    assert names == ["lr", "width"] and p.params()[1].type is int
    assert "Keras default" in p.describe()
