"""The ``ibv`` command line (the contract of shared/DESIGN.md).

Bad input -- an unknown id, an unknown or invalid parameter, an unwritable output path --
gets one line on stderr and exit status 2, and nothing is written to the store.
"""

from __future__ import annotations

import argparse
import os
import os as _os

# One BLAS thread per process: on 2 cores OpenBLAS threading slowed small LSODA flows ~17x.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import json
import sys
from pathlib import Path

from checks.machine.store import StoreError, refuse_foreign
from theorems.registry import PAPERS, ParamError, PluginError

REPORT_DIR = "build/report"
PROBE_TIMEOUT = 600.0  # seconds per (check, instance) of a probe


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        raise UsageError(message)


def _fail(message: str) -> int:
    sys.stderr.write(f"ibv: error: {message}\n")
    return 2


def _writable_file(path: str) -> Path:
    """An output file the command can write: checked before any computation."""
    p = Path(path)
    if not path.strip():
        raise UsageError("an output path is empty")
    if p.exists() and p.is_dir():
        raise UsageError(f"{path}: is a directory")
    if not p.parent.exists() or not p.parent.is_dir():
        raise UsageError(f"{path}: directory {p.parent} does not exist")
    if not os.access(p.parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise UsageError(f"{path}: not writable")
    return p


def _writable_dir(path: str, default: str) -> Path:
    """An output folder: an existing writable folder, or a new one in an existing writable
    parent (the default's parents are created; another path's are not, silently)."""
    p = Path(path)
    if not path.strip():
        raise UsageError("an output folder is empty")
    if p.exists():
        if not p.is_dir():
            raise UsageError(f"{path}: exists and is not a directory")
        if not os.access(p, os.W_OK):
            raise UsageError(f"{path}: not writable")
        return p
    parent = next((a for a in p.parents if a.exists()), Path("."))
    if path != default and parent != p.parent:
        raise UsageError(f"{path}: directory {p.parent} does not exist")
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise UsageError(f"{path}: cannot be created in {parent} (not a writable directory)")
    return p


def _known_ids(ids):
    from theorems.registry import REGISTRY, load_all

    load_all()
    for i in ids:
        if i not in REGISTRY:
            raise UsageError(f"unknown statement id {i!r} (see 'ibv list')")


def _int_arg(flag: str):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} {text!r}: expected an integer") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"{flag} {text!r}: must be >= 0")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ibv", description="ibverify: a proof regression suite for five papers on implicit bias.")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser, metavar="COMMAND")
    sub.required = True

    def store_opt(sp):
        sp.add_argument(
            "--store", metavar="PATH", help="results store (SQLite); default $IBV_STORE or .ibverify/store.sqlite"
        )

    sp = sub.add_parser(
        "list",
        help="every statement with its kind, checks, expected and latest verdict",
        description="List every statement with its kind, checks, expected verdict and latest verdict in the store.",
    )
    sp.add_argument("--paper", choices=sorted(PAPERS), help="only this paper")
    sp.add_argument("--json", action="store_true", help="print JSON instead of a table")
    store_opt(sp)

    sp = sub.add_parser(
        "run",
        help="run checks, store verdicts; exit 0 only if every verdict is as expected",
        description="Run the checks of the named statements (all if none), store the verdicts, optionally write them "
        "as JSON records. Exits 0 only when every verdict equals its expectation.",
    )
    sp.add_argument("ids", nargs="*", metavar="ID", help="statement ids (default: all)")
    sp.add_argument("--paper", choices=sorted(PAPERS), help="only this paper")
    sp.add_argument(
        "--budget",
        choices=["quick", "full"],
        default="quick",
        help="quick (default) or full: every instance and precision",
    )
    sp.add_argument("--json", metavar="FILE", help="write the verdict records as a JSON list")
    sp.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (default 1)")
    sp.add_argument(
        "--quiet", action="store_true", help="no line per check: a progress line on stderr every 10 s, and the summary"
    )
    sp.add_argument(
        "--changed",
        action="store_true",
        help="run only the checks whose code or inputs changed since their verdict was stored (or never ran)",
    )
    sp.add_argument(
        "--no-cache",
        action="store_true",
        help="recompute every verdict instead of reusing one computed before by the same code on the same inputs "
        "(the new result replaces the cached one)",
    )
    store_opt(sp)

    sp = sub.add_parser(
        "show",
        help="a statement, its checks and its latest verdicts",
        description="Show a statement, its checks and its latest verdicts.",
    )
    sp.add_argument("id", metavar="ID")
    sp.add_argument("--json", action="store_true", help="print JSON")
    store_opt(sp)

    sp = sub.add_parser(
        "report",
        help="write the HTML report: every check's latest verdict, or one run's",
        description="Write the static HTML verification report: every registered check's latest verdict, whichever "
        "run gave it (tagged with that run, flagged stale when older than the newest full-suite run or made at another "
        "commit), or with --run N the verdicts of run N alone.",
    )
    sp.add_argument("--out", default=REPORT_DIR, metavar="DIR", help=f"output folder (default {REPORT_DIR})")
    sp.add_argument("--run", type=int, default=None, metavar="N", help="render run N's verdicts only")
    store_opt(sp)

    sp = sub.add_parser(
        "probe",
        help="run a statement's checks on new parameters (sweeps, samples, counterexample search)",
        description="Run a statement's checks on new parameters, saying for each instance whether the hypotheses held "
        "and what the verdict was, and where the conclusion fails (inside the hypotheses: a counterexample; "
        "outside: evidence that a hypothesis is needed). Sweeps run on Dask and resume after an interruption.",
    )
    sp.add_argument("id", metavar="ID")
    sp.add_argument(
        "--set", dest="assign", action="append", default=[], metavar="NAME=VALUE", help="set a parameter (repeatable)"
    )
    sp.add_argument(
        "--grid",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="sweep a parameter: a..b (integers), a..b:step, a..b:*factor (geometric) or v1,v2,... (repeatable: a "
        "Cartesian sweep)",
    )
    sp.add_argument(
        "--samples",
        type=_int_arg("--samples"),
        metavar="N",
        help="N instances drawn from the statement's Hypothesis strategy (--set values fixed); with --search: the "
        "number of evaluations (default 50)",
    )
    sp.add_argument(
        "--search",
        action="store_true",
        help="search for a counterexample: for a statement with a margin, its domain search (the domain's edges, "
        "then Hypothesis target() towards the smallest margin, a violation shrunk; each hypothesis tested for "
        "necessity); else Hypothesis on the checks' violation margins. --set values are held, --grid ranges bound "
        "the search",
    )
    sp.add_argument(
        "--search-examples",
        type=_int_arg("--search-examples"),
        metavar="N",
        help="with --search on a statement with a margin: N generated instances besides the edges (default: the "
        "budget's, README 'Domain search'; giving N raises the CPU cap to the full budget's)",
    )
    sp.add_argument(
        "--search-seconds",
        type=float,
        metavar="SECONDS",
        help="with --search on a statement with a margin: the CPU-time cap of the search (default: the budget's)",
    )
    sp.add_argument(
        "--check",
        dest="only",
        action="append",
        default=[],
        metavar="NAME",
        help="only this check of the statement (repeatable)",
    )
    sp.add_argument("--budget", choices=["quick", "full"], default="quick")
    sp.add_argument(
        "--seed",
        type=_int_arg("--seed"),
        default=0,
        metavar="N",
        help="seed of the checks and of --samples/--search (default 0)",
    )
    sp.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on an existing Dask cluster (e.g. tcp://host:8786); default: a local cluster",
    )
    sp.add_argument(
        "--workers",
        type=_int_arg("--workers"),
        metavar="N",
        help="local Dask worker processes (default: the machine's cores; 1 runs in this process)",
    )
    sp.add_argument(
        "--fresh",
        action="store_true",
        help="start a new run even if an interrupted run of the same sweep can be resumed",
    )
    sp.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="show a progress bar (default: on a terminal)",
    )
    sp.add_argument("--no-progress", dest="progress", action="store_false")
    sp.add_argument(
        "--timeout",
        type=float,
        default=PROBE_TIMEOUT,
        metavar="SECONDS",
        help=f"time limit per (check, instance): beyond it an error verdict, never a counterexample "
        f"(default {PROBE_TIMEOUT:g}; 0: none)",
    )
    sp.add_argument("--quiet", action="store_true", help="print only the summary")
    sp.add_argument("--json", metavar="FILE", help="write the verdict records as a JSON list")
    sp.add_argument(
        "--no-cache",
        action="store_true",
        help="recompute every verdict instead of reusing one computed before by the same code on the same inputs "
        "(the new result replaces the cached one)",
    )
    store_opt(sp)
    return p


def _cache_mode(args) -> str:
    return "refresh" if args.no_cache else "use"


def _latest(store_arg) -> dict:
    """The newest verdict of every (statement, check) in the store, if there is one."""
    from .store import Store, store_path

    if not store_path(store_arg).exists():
        return {}
    return Store(store_arg, create=False).latest_verdicts()


def _catalog_entries(paper: str | None = None) -> list[dict]:
    """The catalog entries (:mod:`checks.machine.catalog`) of every statement, or one paper's
    (the graph's neighbours of another paper are looked up in the whole registry)."""
    from theorems.registry import statements

    from ..core import checks_for
    from .catalog import statement_entry

    return [statement_entry(s, checks_for(s.id)) for s in statements(paper=paper)]


def cmd_list(args) -> int:
    from .proofs import statement_status, step_views, used_by

    latest = _latest(args.store)
    everything = _catalog_entries()
    users = used_by(everything)
    rows = []
    for e in everything:
        if args.paper is not None and e["paper"] != args.paper:
            continue
        own = statement_status(e, latest)
        steps = step_views(e, latest)
        rows.append(
            {
                "id": e["id"],
                "kind": e["kind"],
                "number": e["number"],
                "title": e["title"],
                "expect": e["expect"],
                "checks": [
                    {
                        "name": c["name"],
                        "method": c["method"],
                        "expected": c["expected"],
                        "latest": (latest.get((e["id"], c["name"])) or {}).get("status"),
                        "step": c["step"],
                    }
                    for c in e["checks"]
                ],
                "params": [p["name"] for p in e["params"]],
                # the statement's own verdict: its conclusion checks only (proof steps apart)
                "latest": own["status"] if own["status"] in STATUS_NAMES else None,
                "uses": e["uses"],
                "used_by": users.get(e["id"], []),
                "steps": [
                    {
                        "id": sv["id"],
                        "eq": sv["eq"],
                        "kind": sv["kind"],
                        "text": sv["text"],
                        "expect": sv["expect"],
                        "erratum": sv["erratum"],
                        "checks": [c["name"] for c in sv["checks"]],
                        "latest": sv["status"],
                    }
                    for sv in steps
                ],
            }
        )
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(f"{'statement':<52} {'kind':<12} {'expected':<9} {'latest':<13} checks (methods); proof steps")
        for r in rows:
            own = [c for c in r["checks"] if c["step"] is None]
            methods = ",".join(sorted({c["method"] for c in own})) or "-"
            if r["latest"]:
                latest_status = r["latest"]
            elif own:
                latest_status = "partly run" if any(c["latest"] for c in own) else "not run"
            else:
                latest_status = "steps only" if r["checks"] else "no checks"
            line = f"{r['id']:<52} {r['kind']:<12} {r['expect']:<9} {latest_status:<13} {len(own)} ({methods})"
            if r["steps"]:
                line += "; " + _steps_cell(r["steps"])
            print(line)
    return 0


# the statuses a verdict can have (a statement's own latest is one of them, or None)
STATUS_NAMES = ("proved", "certified", "verified", "refuted", "inconclusive", "error")


def _steps_cell(steps: list[dict]) -> str:
    """``5 steps: 3 verified, 1 refuted, 1 unchecked`` (the latest status of each step)."""
    tally: dict[str, int] = {}
    for st in steps:
        tally[st["latest"]] = tally.get(st["latest"], 0) + 1
    return f"{len(steps)} steps: " + ", ".join(f"{n} {k}" for k, n in sorted(tally.items()))


def cmd_run(args) -> int:
    from .runner import Progress, run_checks, select_checks, summary_line, write_json
    from .store import Store

    if args.ids:
        _known_ids(args.ids)
    if not 1 <= args.jobs <= 256:
        raise UsageError(f"--jobs {args.jobs}: must be between 1 and 256")
    if args.json:
        _writable_file(args.json)
    chks = select_checks(args.ids, args.paper)
    if not chks:
        raise UsageError("no checks selected")
    store = Store(args.store)
    store.check_integrity()
    if args.changed:
        # only the checks whose verdict is not in the cache: their code (the import closure of
        # their module) or inputs changed since they last ran, or they never ran
        from .cache import Cache

        if args.no_cache:
            raise UsageError("--changed and --no-cache: give one of them")
        cache = Cache.at(store.path)
        current = [c for c in chks if cache.lookup(c, args.budget, {}, 0) is not None]
        chks = [c for c in chks if c not in current]
        if not chks:
            print(f"nothing changed: the {len(current)} selected checks' verdicts are current")
            return 0
        print(f"{len(chks)} checks changed or never ran ({len(current)} current, not re-run)")

    def progress(run):
        return Progress(chks, run.expected_seconds(), args.jobs, quiet=args.quiet)

    verdicts = run_checks(
        chks, store, budget=args.budget, jobs=args.jobs, argv=sys.argv[1:], cache=_cache_mode(args), progress=progress
    )
    if args.json:
        write_json(verdicts, args.json)
    print(summary_line(verdicts))
    return 0 if all(v.status == v.expected for v in verdicts) else 1


def cmd_show(args) -> int:
    from theorems.registry import REGISTRY

    from .proofs import place, statement_status, step_views

    _known_ids([args.id])
    s = REGISTRY[args.id]
    latest = _latest(args.store)
    everything = _catalog_entries()
    entry = next(e for e in everything if e["id"] == s.id)
    own = statement_status(entry, latest)
    steps = step_views(entry, latest)
    where = place(everything, s.id, latest)
    if args.json:
        out = {
            "id": s.id,
            "kind": s.kind,
            "number": s.number,
            "title": s.title,
            "text": s.text,
            "expect": s.expect,
            "source": vars(s.source),
            "hypotheses": [h.text for h in s.hypotheses],
            "erratum": s.erratum,
            "params": [{"name": p.name, "default": p.default, "doc": p.doc} for p in s.params],
            "checks": [
                {
                    "name": c["name"],
                    "method": c["method"],
                    "expected": c["expected"],
                    "latest": (latest.get((s.id, c["name"])) or {}).get("status"),
                    "step": c["step"],
                }
                for c in entry["checks"]
            ],
            "latest": own["status"] if own["status"] in STATUS_NAMES else None,
            "uses": entry["uses"],
            "used_by": [u["id"] for u in where["used_by"]],
            "steps": [
                {
                    **{k: sv[k] for k in ("id", "eq", "kind", "text", "expect", "erratum", "notes")},
                    "checks": [c["name"] for c in sv["checks"]],
                    "latest": sv["status"],
                    "counterexample": sv["counterexample"],
                }
                for sv in steps
            ],
            "graph": where,
        }
        print(json.dumps(out, indent=1, default=str))
        return 0
    from .textmath import tex_text

    print(f"{s.id} — {s.kind} {s.number}: {tex_text(s.title)}")
    print(
        f"source: {s.source.file}, {s.source.section}" + (f", eq. {s.source.equations}" if s.source.equations else "")
    )
    print(f"expected: {s.expect}")
    print(f"text: {tex_text(s.text)}")
    for h in s.hypotheses:
        print(f"hypothesis: {tex_text(h.text)}")
    if s.params:
        print("parameters: " + ", ".join(f"{p.name}={p.default}" for p in s.params))
    if s.erratum:
        print(f"erratum: {tex_text(s.erratum)}")
    print(f"latest (the statement's own checks): {own['status']}")
    for c in entry["checks"]:
        if c["step"] is None:
            _show_check(s.id, c, latest)
    if steps:
        print(f"proof steps ({len(steps)}):")
    for sv in steps:
        expect = "holds" if sv["expect"] == "holds" else "refuted (a proof erratum)"
        print(f"  step {sv['eq']} [{sv['kind']}], expected {expect}: {sv['status']}")
        print(f"    {tex_text(sv['text'])}")
        if sv["erratum"]:
            print(f"    erratum: {tex_text(sv['erratum'])}")
        if sv["counterexample"]:
            cex = sv["counterexample"]
            print(f"    counterexample ({cex.get('check')}): {cex.get('label')} at {cex.get('instance')}")
        for c in entry["checks"]:
            if c["step"] == sv["eq"]:
                _show_check(s.id, c, latest, indent="    ")
    print(_uses_line(where))
    for cycle in where["cycles"]:
        print("in a cycle of uses (circular, or a uses entry is wrong): " + " → ".join([*cycle, cycle[0]]))
    users = where["used_by"]
    print("used by: " + (", ".join(f"{u['id']} ({u['status'] or 'not run'}; {u['label']})" for u in users) or "none"))
    return 0


def _uses_line(where: dict) -> str:
    if not where["uses_declared"]:
        return "uses: not declared yet"
    if not where["uses"]:
        return "uses: nothing (declared)"
    parts = []
    for u in where["uses"]:
        if u["external"]:
            parts.append(f"{u['id']} (external)")
        else:
            parts.append(f"{u['id']} ({u['status'] or 'not run'}; {u['label']})")
    return "uses: " + ", ".join(parts)


def _show_check(statement_id: str, c: dict, latest: dict, indent: str = "  ") -> None:
    from .textmath import tex_text

    v = latest.get((statement_id, c["name"]))
    got = f"{v['status']} ({tex_text(v['message'])[:160]})" if v else "not run"
    print(f"{indent}check {c['name']} [{c['method']}] expected {c['expected']}: {got}")
    if v:
        from .. import schema

        print(f"{indent}  {_key_numbers(v['metrics'])}")
        for line in schema.search_lines(v["metrics"].get(schema.SEARCH)):
            print(f"{indent}  {tex_text(line)}")
        cex = v["metrics"].get(schema.COUNTEREXAMPLE)
        if isinstance(cex, dict):
            print(f"{indent}  counterexample: {tex_text(str(cex.get('label')))} at {cex.get('instance')}")
            premise = cex.get("premise")
            if isinstance(premise, dict):
                held = "; ".join(f"{tex_text(h)}: {'held' if ok else 'NOT held'}" for h, ok in premise.items())
                print(f"{indent}  premise there: {held}")
            elif premise:
                print(f"{indent}  premise there: {premise}")


def _key_numbers(metrics: dict) -> str:
    """A verdict's headline numbers and the kinds of evidence its comparisons rest on."""
    from .. import schema

    comps = [c for c in metrics.get(schema.COMPARISONS) or [] if isinstance(c, dict)]
    parts = [f"{len(comps)} comparisons"]
    digits = schema.number(metrics.get(schema.MIN_DIGITS), finite=True)
    if digits is not None:
        parts.append(f"fewest agreeing digits {digits:.1f}")
    ratio = schema.number(metrics.get(schema.MIN_SLACK_RATIO), finite=True)
    if ratio is not None:
        parts.append(f"smallest rhs/lhs {ratio:.4g}")
    kinds: dict[str, int] = {}
    for c in comps:
        kind = str(c.get("evidence") or "recorded by the machine")
        kinds[kind] = kinds.get(kind, 0) + 1
    if kinds:
        parts.append("evidence: " + ", ".join(f"{k} x{n}" for k, n in sorted(kinds.items())))
    if metrics.get(schema.OBSERVATIONS):
        parts.append(f"{len(metrics[schema.OBSERVATIONS])} observations")
    return "; ".join(parts)


def cmd_report(args) -> int:
    from reports.render import render_report

    from .catalog import build_catalog
    from .store import Store, store_path

    if not store_path(args.store).exists():
        raise UsageError(f"no store at {store_path(args.store)} (run 'ibv run' first)")
    out = _writable_dir(args.out, REPORT_DIR)
    store = Store(args.store, create=False)
    if args.run is not None and args.run not in {r["id"] for r in store.runs(kind="run")}:
        known = ", ".join(f"#{r['id']}" for r in store.runs(kind="run")[-10:]) or "none"
        raise UsageError(f"--run {args.run}: the store holds no such run (newest runs: {known})")
    index = render_report(store, out, build_catalog(), run_id=args.run)
    print(f"report written: {index}")
    return 0


def _scheduler_address(text: str) -> str:
    import re

    if not re.fullmatch(r"(tcp|tls|inproc|ws|wss)://[^\s/:]+(:\d{1,5})?/?|[A-Za-z0-9_.\-]+:\d{1,5}", text):
        raise UsageError(f"--scheduler {text!r}: expected a Dask scheduler address such as tcp://host:8786")
    return text


def cmd_probe(args) -> int:
    from ..core import checks_for
    from .probe import (
        MAX_SAMPLES,
        grid_instances,
        has_margin,
        instance_lines,
        margin_search,
        parse_assignments,
        parse_grid,
        probe,
        resolve,
        sample_instances,
        search,
    )
    from .store import Store

    stmt = resolve(args.id)
    fixed = parse_assignments(stmt, args.assign)
    axes = [parse_grid(stmt, g) for g in args.grid]
    chks = checks_for(stmt.id)
    if not chks:
        raise UsageError(f"{stmt.id} has no checks")
    if args.only:
        names = {c.name for c in chks}
        for n in args.only:
            if n not in names:
                raise UsageError(f"--check {n!r}: {stmt.id} has no such check (its checks: {', '.join(sorted(names))})")
        chks = [c for c in chks if c.name in args.only]
    if args.samples is not None and not 1 <= args.samples <= MAX_SAMPLES:
        raise UsageError(f"--samples {args.samples}: must be between 1 and {MAX_SAMPLES}")
    if args.workers is not None and not 1 <= args.workers <= 256:
        raise UsageError(f"--workers {args.workers}: must be between 1 and 256")
    if not (args.timeout >= 0 and args.timeout < float("inf")):
        raise UsageError(f"--timeout {args.timeout}: must be a number of seconds >= 0")
    if args.seed > 2**32 - 1:
        raise UsageError(f"--seed {args.seed}: must be < 2^32")
    if args.samples is not None and axes and not args.search:
        raise UsageError("--samples and --grid: give one of them (or --search, where --grid bounds the search)")
    if args.search and args.scheduler:
        raise UsageError("--search runs in this process (it is sequential): drop --scheduler")
    if (args.search_examples is not None or args.search_seconds is not None) and not args.search:
        raise UsageError("--search-examples and --search-seconds go with --search")
    if args.search_examples is not None and not 1 <= args.search_examples <= MAX_SAMPLES:
        raise UsageError(f"--search-examples {args.search_examples}: must be between 1 and {MAX_SAMPLES}")
    if args.search_seconds is not None and not 0 < args.search_seconds <= 24 * 3600:
        raise UsageError(f"--search-seconds {args.search_seconds}: must be > 0 and at most a day (86400)")
    # a statement with a margin is searched through it, unless --check names the checks to drive
    margin_mode = args.search and has_margin(stmt) and not args.only
    if (args.search_examples is not None or args.search_seconds is not None) and args.search and not margin_mode:
        raise UsageError(
            f"--search-examples/--search-seconds search a margin: {stmt.id} has none"
            if not args.only
            else "--search-examples/--search-seconds search the margin: drop --check (with --check: --samples N)"
        )
    if args.json:
        _writable_file(args.json)
    scheduler = _scheduler_address(args.scheduler) if args.scheduler else None
    if args.search:
        mode = "search"
    elif axes:
        mode, instances = "grid", grid_instances(fixed, axes)
    elif args.samples is not None:
        mode, instances = "samples", sample_instances(stmt, fixed, args.samples, args.seed)
    else:
        mode, instances = "set", [fixed]
    for inst in instances if mode != "search" else []:  # cross-parameter domain, before the store is touched
        stmt.check_instance(inst)
    if scheduler:  # an unreachable scheduler is bad input: fail before the store is touched
        try:
            from dask.distributed import Client

            Client(scheduler, timeout="10s").close()
        except Exception as exc:
            raise UsageError(f"--scheduler {scheduler}: cannot connect ({type(exc).__name__})") from None
    store = Store(args.store)
    store.check_integrity()
    argv = sys.argv[1:]
    if margin_mode:
        result = margin_search(
            stmt,
            fixed,
            budget=args.budget,
            store=store,
            argv=argv,
            axes=axes,
            examples=args.search_examples if args.search_examples is not None else args.samples,
            cpu_seconds=args.search_seconds,
            seed=args.seed,
        )
    elif mode == "search":
        result = search(
            stmt,
            fixed,
            budget=args.budget,
            store=store,
            argv=argv,
            axes=axes,
            checks=chks,
            max_examples=args.samples or 50,
            seed=args.seed,
            progress=args.progress,
        )
    else:
        result = probe(
            stmt,
            budget=args.budget,
            store=store,
            argv=argv,
            instances=instances,
            axes=[a.name for a in axes],
            mode=mode,
            checks=chks,
            seed=args.seed,
            scheduler=scheduler,
            workers=args.workers,
            resume=not args.fresh,
            progress=args.progress,
            cache=_cache_mode(args),
            timeout=args.timeout or None,
        )
    if result.skipped:
        print(
            f"resumed run {result.run_id}: {result.skipped} (check, instance) pairs were already stored, "
            f"{result.new} run now"
        )
    if not args.quiet:
        for line in instance_lines(result.summary):
            print(line)
    for line in result.summary["lines"]:
        print(line)
    if "phase-diagram" in result.artifacts:
        print(f"phase diagram stored with probe run {result.run_id} ('ibv report' renders it)")
    if args.json:
        keys = (
            "statement_id",
            "method",
            "status",
            "expected",
            "params",
            "metrics",
            "precision",
            "seed",
            "seconds",
            "message",
        )
        step_of = {c.name: c.step for c in chks}
        recs = [
            {
                **{k: r.get(k) for k in keys},
                "check": r.get("check_name", r.get("check")),
                "step": step_of.get(r.get("check_name", r.get("check"))),  # the proof step it checks, if any
                "artifacts": sorted(store.artifacts(r["id"])) if "id" in r else r.get("artifacts", []),
            }
            for r in result.verdicts
        ]
        Path(args.json).write_text(json.dumps(recs, indent=1, sort_keys=True, default=str))
    # exit 1 when the probe found something a script must not miss: a counterexample inside the
    # hypotheses (even of a statement refuted as printed) or a check that raised
    return 1 if result.summary["counterexamples"] or result.summary.get("errors") else 0


class Terminated(Exception):
    """SIGTERM: stop as Ctrl-C does (the run marked incomplete, the workers stopped)."""


def _on_sigterm(signum, frame):
    raise Terminated()


def main(argv: list[str] | None = None) -> int:
    import signal

    parser = build_parser()
    if argv is None:  # the command itself, not a test calling main(): SIGTERM stops it cleanly
        signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        args = parser.parse_args(argv)
        if args.cmd != "list" or getattr(args, "store", None) is not None:
            # a foreign SQLite file at the store's path is refused before anything opens it
            refuse_foreign(getattr(args, "store", None))
        return {"list": cmd_list, "run": cmd_run, "show": cmd_show, "report": cmd_report, "probe": cmd_probe}[args.cmd](
            args
        )
    except UsageError as e:
        return _fail(str(e))
    except ParamError as e:
        return _fail(str(e))
    except StoreError as e:
        return _fail(str(e))
    except PluginError as e:
        return _fail(str(e))
    except (KeyboardInterrupt, Terminated) as exc:
        what = "terminated" if isinstance(exc, Terminated) else "interrupted"
        sys.stderr.write(f"ibv: {what}: the verdicts so far are stored, the run is marked incomplete\n")
        return 130 if what == "interrupted" else 143
    except BrokenPipeError:
        # the reader went away (``ibv list | head``): stop quietly, as a shell tool does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
