"""Issue 10, "Bad input": every probe parameter of every registered statement is validated.

For each statement's ``Param`` and by its kind, bad values -- NaN, infinities, the wrong type,
a non-integer for an integer size, a value below the domain (where the model is undefined),
an absurd size, an unknown choice or malformed text -- go through the function the CLI uses
(``checks.machine.probe.parse_assignments``, i.e. ``Param.parse``) and the one the probe API uses
(``Param.validate``), and must raise a one-line ``ParamError`` naming the parameter. The CLI
round trips check exit status 2, one line on stderr, and an untouched store. Values that only
break a statement's hypotheses are not bad input (the probe runs them and says so): they are
not tested here.
"""

import math

import pytest

from checks.machine.cli import main
from checks.machine.probe import parse_assignments, parse_grid
from theorems.registry import ParamError, load_all

STATEMENTS = sorted(load_all().values(), key=lambda s: s.id)
PARAMS = [(s, p) for s in STATEMENTS for p in s.params]


def _below(p):
    """A value just outside the domain's lower end, or None when there is no lower end."""
    if p.low is None:
        return None
    if p.type is int:
        return int(p.low) if p.open_low else int(math.ceil(p.low)) - 1
    return p.low if p.open_low else p.low - max(abs(p.low), 1.0) * 1e-3


def bad_values(p) -> list[tuple[str, str]]:
    """(raw text as typed after ``--set NAME=``, what is wrong with it) for one parameter."""
    out = []
    if p.type in (int, float):
        out += [("nan", "NaN"), ("inf", "infinity"), ("-inf", "infinity"), ("abc", "not a number"), ("", "empty")]
        below = _below(p)
        if below is not None:
            out.append((repr(below), "below the domain"))
        if p.cap is not None:
            out.append((repr(p.cap * 2 if p.type is float else int(p.cap) + 1), "absurd size / above the domain"))
    if p.type is int:
        out += [("1.5", "non-integer size"), ("1e400", "overflow")]
    if p.type is bool:
        out += [("maybe", "not a boolean"), ("2", "not a boolean")]
    if p.type is str:
        out += [("bogus-value", "unknown choice / malformed"), ("", "empty"), ("2,,3", "malformed"), ("nan", "NaN")]
    return out


def test_every_parameter_has_a_checkable_domain():
    """A text parameter without ``choices`` or a ``validator`` would accept anything."""
    assert PARAMS, "no registered parameters"
    loose = [f"{s.id}:{p.name}" for s, p in PARAMS if p.type is str and p.choices is None and p.validator is None]
    assert not loose, f"text parameters with no domain: {loose}"
    kinds = {p.type for _, p in PARAMS}
    assert kinds <= {int, float, bool, str}, kinds


@pytest.mark.parametrize("stmt, p", PARAMS, ids=[f"{s.id}:{p.name}" for s, p in PARAMS])
def test_bad_values_are_refused_with_a_clear_error(stmt, p):
    if p.default is not None:  # the default is in the domain (the test is not vacuous)
        assert parse_assignments(stmt, [f"{p.name}={p.default}"])[p.name] == p.validate(p.default)
    for raw, what in bad_values(p):
        with pytest.raises(ParamError) as e:
            parse_assignments(stmt, [f"{p.name}={raw}"])
        msg = str(e.value)
        assert p.name in msg and "\n" not in msg, (raw, what, msg)
        # the same value in a --grid list is refused too (items that are not empty)
        if raw and "," not in raw:
            with pytest.raises(ParamError):
                parse_grid(stmt, f"{p.name}={p.default if p.default is not None else raw},{raw}")
    # the probe API (Param.validate): wrong Python types and non-finite numbers
    wrong = {
        int: ["3", 1.5, True, float("nan"), float("inf"), None],
        float: ["0.5", True, float("nan"), float("-inf"), None],
        bool: ["true", 1, None],
        str: [3, None, b"T5"],
    }[p.type]
    for value in wrong:
        with pytest.raises(ParamError, match=p.name):
            p.validate(value)
    if p.choices is not None:
        with pytest.raises(ParamError, match="must be one of"):
            p.validate("no-such-choice" if p.type is str else object())


@pytest.mark.parametrize("stmt", STATEMENTS[:: max(1, len(STATEMENTS) // 20)], ids=lambda s: s.id)
def test_unknown_parameter_names_are_refused(stmt):
    with pytest.raises(ParamError, match="unknown parameter 'no_such_param'"):
        parse_assignments(stmt, ["no_such_param=1"])


@pytest.mark.parametrize(
    "sid, assign, words",
    [
        ("kernel-rich/theorem-1", "fixture=bogus", "unknown fixture"),
        ("kernel-rich/theorem-1", "fixture=random:-3", "unknown fixture"),
        ("kernel-rich/figure-3", "depths=2,x", "comma-separated integers"),
        ("kernel-rich/figure-5", "widths=10,100000000", "outside"),
        ("rnn-lowdim/theorem-5", "seed=-1", "must be >= 0"),
        ("kernel-rich/claim-matrix-completion", "d=0", "must be >= 1"),
        ("kernel-rich/theorem-1", "alpha=nan", "finite"),
        ("kernel-rich/claim-matrix-completion", "n_obs=2.5", "integer"),
        ("kernel-rich/claim-matrix-completion", "d=10000000", "absurd size"),
        ("kernel-rich/claim-matrix-completion", "d=31", "absurd size"),  # d x d SDPs and lifted flows: high = 30
        ("kernel-rich/claim-matrix-completion", "n_obs=37", "N\\le d^2"),  # d = 6 by default: 36 entries
        ("kernel-rich/figure-1", "r_star=101", "r^*\\le d"),
    ],
)
def test_cli_bad_input_exits_2_and_writes_nothing(sid, assign, words, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert main(["probe", sid, "--set", assign, "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ibv: error: ") and words in err, err
    assert not store.exists()


def test_named_and_random_fixtures_are_in_the_domain():
    s = load_all()["kernel-rich/theorem-1"]
    assert parse_assignments(s, ["fixture=TIE"]) == {"fixture": "TIE"}
    assert parse_assignments(s, ["fixture=random:7"]) == {"fixture": "random:7"}
    assert parse_grid(s, "fixture=T5,random:2").values == ["T5", "random:2"]


def test_cross_parameter_domains():
    """Every statement's ``domain`` holds at its defaults; an instance outside it is refused by
    --set, by --grid instances (checked in the CLI before the store is opened), and never drawn
    by --samples."""
    from checks.machine.probe import sample_instances

    with_domain = [s for s in STATEMENTS if s.domain]
    assert with_domain
    for s in with_domain:
        s.check_instance({})
    mc = load_all()["kernel-rich/claim-matrix-completion"]
    assert parse_assignments(mc, ["d=3", "n_obs=9"]) == {
        "d": 3,
        "n_obs": 9,
    }  # N = d^2: only the hypothesis N < d^2 fails
    with pytest.raises(ParamError, match="n_obs=10"):
        parse_assignments(mc, ["d=3", "n_obs=10"])
    for inst in sample_instances(mc, {"d": 2}, 5, seed=0):
        assert inst["n_obs"] <= 4


def test_cli_grid_outside_the_domain_exits_2(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert (
        main(
            [
                "probe",
                "kernel-rich/claim-matrix-completion",
                "--set",
                "d=3",
                "--grid",
                "n_obs=8..10",
                "--store",
                str(store),
            ]
        )
        == 2
    )
    assert "the model is undefined" in capsys.readouterr().err and not store.exists()
