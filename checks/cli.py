"""The ``ibv`` command line (the contract of shared/DESIGN.md).

Bad input -- an unknown id, an unknown or invalid parameter, an unwritable output path --
gets one line on stderr and exit status 2, and nothing is written to the store.
"""
from __future__ import annotations

import argparse
import os as _os

# One BLAS thread per process: on 2 cores OpenBLAS threading slowed small LSODA flows ~17x.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import json
import sys
from pathlib import Path

from theorems.registry import PAPERS, ParamError


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        raise UsageError(message)


def _fail(message: str) -> int:
    sys.stderr.write(f"ibv: error: {message}\n")
    return 2


def _writable_file(path: str) -> Path:
    p = Path(path)
    if p.exists() and p.is_dir():
        raise UsageError(f"{path}: is a directory")
    if not p.parent.exists() or not p.parent.is_dir():
        raise UsageError(f"{path}: directory {p.parent} does not exist")
    return p


def _known_ids(ids):
    from theorems.registry import REGISTRY, load_all

    load_all()
    for i in ids:
        if i not in REGISTRY:
            raise UsageError(f"unknown statement id {i!r} (see 'ibv list')")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ibv", description="ibverify: a proof regression suite for five papers on implicit bias.")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser, metavar="COMMAND")
    sub.required = True

    def store_opt(sp):
        sp.add_argument("--store", metavar="PATH", help="results store (SQLite); default $IBV_STORE or .ibverify/store.sqlite")

    sp = sub.add_parser("list", help="every statement with its kind, checks and expected verdict", description="List every statement with its kind, checks and expected verdict.")
    sp.add_argument("--paper", choices=sorted(PAPERS), help="only this paper")
    sp.add_argument("--json", action="store_true", help="print JSON instead of a table")

    sp = sub.add_parser("run", help="run checks, store verdicts; exit 0 only if every verdict is as expected", description="Run the checks of the named statements (all if none), store the verdicts, optionally write them as JSON records. Exits 0 only when every verdict equals its expectation.")
    sp.add_argument("ids", nargs="*", metavar="ID", help="statement ids (default: all)")
    sp.add_argument("--paper", choices=sorted(PAPERS), help="only this paper")
    sp.add_argument("--budget", choices=["quick", "full"], default="quick", help="quick (default) or full: every instance and precision")
    sp.add_argument("--json", metavar="FILE", help="write the verdict records as a JSON list")
    sp.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (default 1)")
    sp.add_argument("--quiet", action="store_true", help="print only the summary")
    store_opt(sp)

    sp = sub.add_parser("show", help="a statement, its checks and its latest verdicts", description="Show a statement, its checks and its latest verdicts.")
    sp.add_argument("id", metavar="ID")
    sp.add_argument("--json", action="store_true", help="print JSON")
    store_opt(sp)

    sp = sub.add_parser("report", help="write the HTML report of the latest run", description="Write the static HTML verification report of the latest run.")
    sp.add_argument("--out", default="build/report", metavar="DIR", help="output folder (default build/report)")
    store_opt(sp)

    sp = sub.add_parser("probe", help="run a statement's checks on new parameters", description="Run a statement's checks on new parameters, saying for each instance whether the hypotheses held and what the verdict was.")
    sp.add_argument("id", metavar="ID")
    sp.add_argument("--set", dest="assign", action="append", default=[], metavar="NAME=VALUE", help="set a parameter (repeatable)")
    sp.add_argument("--budget", choices=["quick", "full"], default="quick")
    sp.add_argument("--json", metavar="FILE", help="write the verdict records as a JSON list")
    store_opt(sp)
    return p


def cmd_list(args) -> int:
    from .core import checks_for
    from theorems.registry import statements

    rows = []
    for s in statements(paper=args.paper):
        chks = checks_for(s.id)
        rows.append({
            "id": s.id, "kind": s.kind, "number": s.number, "title": s.title, "expect": s.expect,
            "checks": [{"name": c.name, "method": c.method, "expected": c.expected} for c in chks],
            "params": [p.name for p in s.params],
        })
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            methods = ",".join(sorted({c["method"] for c in r["checks"]})) or "-"
            print(f"{r['id']:<52} {r['kind']:<12} {r['expect']:<8} {len(r['checks'])} checks ({methods})")
    return 0


def cmd_run(args) -> int:
    from .runner import print_verdict, run_checks, select_checks, summary_line, write_json
    from .store import Store

    if args.ids:
        _known_ids(args.ids)
    if args.jobs < 1:
        raise UsageError("--jobs must be >= 1")
    if args.json:
        _writable_file(args.json)
    chks = select_checks(args.ids, args.paper)
    if not chks:
        raise UsageError("no checks selected")
    store = Store(args.store)
    cb = None if args.quiet else print_verdict
    verdicts = run_checks(chks, store, budget=args.budget, jobs=args.jobs, argv=sys.argv[1:], on_verdict=cb)
    if args.json:
        write_json(verdicts, args.json)
    print(summary_line(verdicts))
    return 0 if all(v.status == v.expected for v in verdicts) else 1


def cmd_show(args) -> int:
    from .core import checks_for
    from .store import Store
    from theorems.registry import REGISTRY

    _known_ids([args.id])
    s = REGISTRY[args.id]
    from .store import store_path

    store = Store(args.store, create=False) if store_path(args.store).exists() else None
    latest = store.latest_verdicts() if store else {}
    if args.json:
        out = {
            "id": s.id, "kind": s.kind, "number": s.number, "title": s.title, "text": s.text, "expect": s.expect,
            "source": vars(s.source), "hypotheses": [h.text for h in s.hypotheses], "erratum": s.erratum,
            "params": [{"name": p.name, "default": p.default, "doc": p.doc} for p in s.params],
            "checks": [{"name": c.name, "method": c.method, "expected": c.expected, "latest": (latest.get((s.id, c.name)) or {}).get("status")} for c in checks_for(s.id)],
        }
        print(json.dumps(out, indent=1, default=str))
        return 0
    print(f"{s.id} — {s.kind} {s.number}: {s.title}")
    print(f"source: {s.source.file}, {s.source.section}" + (f", eq. {s.source.equations}" if s.source.equations else ""))
    print(f"expected: {s.expect}")
    print(f"text: {s.text}")
    for h in s.hypotheses:
        print(f"hypothesis: {h.text}")
    if s.params:
        print("parameters: " + ", ".join(f"{p.name}={p.default}" for p in s.params))
    if s.erratum:
        print(f"erratum: {s.erratum}")
    for c in checks_for(s.id):
        v = latest.get((s.id, c.name))
        got = f"{v['status']} ({v['message'][:100]})" if v else "not run"
        print(f"  check {c.name} [{c.method}] expected {c.expected}: {got}")
    return 0


def cmd_report(args) -> int:
    from .store import Store, store_path
    from reports.render import render_report

    if not store_path(args.store).exists():
        raise UsageError(f"no store at {store_path(args.store)} (run 'ibv run' first)")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{args.out}: exists and is not a directory")
    store = Store(args.store, create=False)
    index = render_report(store, out)
    print(f"report written: {index}")
    return 0


def cmd_probe(args) -> int:
    from .probe import parse_assignments, probe, probe_summary, resolve
    from .runner import write_json
    from .store import Store

    stmt = resolve(args.id)
    overrides = parse_assignments(stmt, args.assign)
    if args.json:
        _writable_file(args.json)
    from .core import checks_for

    if not checks_for(stmt.id):
        raise UsageError(f"{stmt.id} has no checks")
    store = Store(args.store)
    verdicts = probe(stmt, overrides, budget=args.budget, store=store, argv=sys.argv[1:])
    for line in probe_summary(stmt, verdicts):
        print(line)
    if args.json:
        write_json(verdicts, args.json)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return {"list": cmd_list, "run": cmd_run, "show": cmd_show, "report": cmd_report, "probe": cmd_probe}[args.cmd](args)
    except UsageError as e:
        return _fail(str(e))
    except ParamError as e:
        return _fail(str(e))


if __name__ == "__main__":
    sys.exit(main())
