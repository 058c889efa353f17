"""Mutation testing of the encoded statements: does the quick suite notice a wrong constant?

Mutates the statement modules (default: ``theorems/<paper>*.py`` of ``--paper``) one change at
a time -- constants (an integer c -> c + 1, a real c -> 2c), exponents (``x**e`` ->
``x**(e + 1)``), inequality directions (``<`` <-> ``>``, ``<=`` <-> ``>=``, ``==`` <-> ``!=``)
and factors/terms (``*`` <-> ``/``, ``+`` <-> ``-``, a unary minus dropped) -- and runs the
paper's quick checks against each mutant in a fresh process on a scratch copy of the code.
A mutant is *killed* when some check's verdict differs from its expectation (an ``error``
counts: the suite notices), or the run exceeds its time limit; otherwise it *survives*.

Not mutated: strings (the printed text, ids), docstrings, ``Param(...)`` -- and calls of a
module's own parameter factories, functions that return a ``Param(...)`` (found in each
module, no list to edit per paper) -- and a statement's ``domain=`` (or a ``*_DOMAIN``
constant: where a model is defined, not what is claimed), ``Source(...)``/``src(...)``,
annotations, and named instance presets (``TEACHERS``: the statements hold for every teacher,
so a changed preset is another test instance, not another claim).

Usage (from the repository root)::

    python tools/mutate.py --paper kernel-rich [--sample 40] [--seed 0] [--timeout 300] [--out build/mutants.json]
    python tools/mutate.py --paper ssm-poison theorems/ssm_poison.py      # explicit module list
    python tools/mutate.py --paper kernel-rich --list                       # only list the mutants

It prints the share of mutants killed and the survivors (file, line, mutation) to inspect: a
survivor is either an equivalent mutant (the change cannot alter any claim) or a weakness of
the checks. The checks run in order of how directly they use the mutated module (checks of the
same name first), and a mutant's run stops at its first unexpected verdict.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Calls never mutated (the domain and the source of a statement); a module's own functions
# returning a Param(...) are added per module (param_factories).
SKIP_CALLS = {"Param", "Source", "src"}
# The packages whose modules a mutant can reach (subpackages included).
PACKAGES = ("theorems", "checks", "numerics")
INSTANCE_PRESETS = {"TEACHERS"}


@dataclass
class Mutant:
    file: str  # relative to the repository root
    line: int
    col: int
    kind: str  # constant, exponent, comparison, operator, sign
    before: str
    after: str
    index: int  # the n-th candidate node in the file (identifies the edit)

    @property
    def label(self) -> str:
        return f"{self.file}:{self.line}:{self.col} {self.kind}: {self.before} -> {self.after}"


def _call_name(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def param_factories(tree: ast.AST) -> set[str]:
    """The module's functions that build a parameter: a ``return`` of a ``Param(...)`` call (or
    of another such function's call), e.g. ``def _positive(name, ...): return Param(name,
    float, ..., low=0.0)``. Their calls declare a domain, like ``Param(...)`` itself."""
    funcs = {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, fn in funcs.items():
            if name in found:
                continue
            for r in ast.walk(fn):
                if (
                    isinstance(r, ast.Return)
                    and isinstance(r.value, ast.Call)
                    and _call_name(r.value) in ({"Param"} | found)
                ):
                    found.add(name)
                    changed = True
                    break
    return found


def _skipped_ranges(tree: ast.AST) -> set[int]:
    """ids of nodes not to mutate: docstrings, strings, Param/Source calls (and the module's
    parameter factories), annotations."""
    skip: set[int] = set()
    skip_calls = SKIP_CALLS | param_factories(tree)

    def drop(node):
        for n in ast.walk(node):
            skip.add(id(n))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in skip_calls:
            drop(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.returns is not None:
                drop(node.returns)
            for a in node.args.args + node.args.kwonlyargs:
                if a.annotation is not None:
                    drop(a.annotation)
        if isinstance(node, ast.AnnAssign):
            drop(node.annotation)
        # a statement's cross-parameter domain (where the model is defined), like Param(...)
        if isinstance(node, ast.keyword) and node.arg == "domain":
            drop(node.value)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id.endswith("_DOMAIN") for t in node.targets
        ):
            drop(node.value)
        # named instance presets (teachers): the statements quantify over them, so a changed
        # preset is another test instance, not another claim
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id in INSTANCE_PRESETS for t in targets) and node.value is not None:
            drop(node.value)
    return skip


_CMP_SWAP = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
_OP_SWAP = {ast.Mult: ast.Div, ast.Div: ast.Mult, ast.Add: ast.Sub, ast.Sub: ast.Add}
_SYM = {
    ast.Lt: "<",
    ast.Gt: ">",
    ast.LtE: "<=",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Mult: "*",
    ast.Div: "/",
    ast.Add: "+",
    ast.Sub: "-",
}


def _candidates(tree: ast.AST):
    """(node, kind, describe, apply) for every mutable spot, in a stable order."""
    skip = _skipped_ranges(tree)
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and type(node.value) in (int, float) and not isinstance(node.value, bool):
            v = node.value
            new = v + 1 if isinstance(v, int) else (v * 2 if v != 0 else 1.0)
            out.append((node, "constant", repr(v), repr(new), ("value", new)))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            if (
                isinstance(node.right, ast.Constant)
                and id(node.right) not in skip
                and type(node.right.value) in (int, float)
            ):
                continue  # the constant exponent is mutated as a constant
            out.append((node, "exponent", "x**e", "x**(e + 1)", ("pow", None)))
        elif isinstance(node, ast.BinOp) and type(node.op) in _OP_SWAP:
            new = _OP_SWAP[type(node.op)]
            out.append((node, "operator", _SYM[type(node.op)], _SYM[new], ("op", new)))
        elif isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                if type(op) in _CMP_SWAP:
                    new = _CMP_SWAP[type(op)]
                    out.append((node, "comparison", _SYM[type(op)], _SYM[new], ("cmp", (k, new))))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            out.append((node, "sign", "-x", "x", ("neg", None)))
    return out


def list_mutants(path: Path) -> list[Mutant]:
    tree = ast.parse(path.read_text())
    rel = str(path.resolve().relative_to(ROOT))
    return [
        Mutant(rel, n.lineno, n.col_offset, kind, before, after, i)
        for i, (n, kind, before, after, _) in enumerate(_candidates(tree))
    ]


def apply(m: Mutant, source: str | None = None) -> str:
    """The source of the module (``source``, default the file under ROOT) with the mutant's change."""
    tree = ast.parse((ROOT / m.file).read_text() if source is None else source)
    node, kind, _, _, (how, arg) = _candidates(tree)[m.index]
    if how == "value":
        node.value = arg
    elif how == "op":
        node.op = arg()
    elif how == "cmp":
        k, new = arg
        node.ops[k] = new()
    elif how == "pow":
        node.right = ast.BinOp(left=node.right, op=ast.Add(), right=ast.Constant(1))
    elif how == "neg":
        # -x -> x: replace the unary node by its operand through its parent
        for parent in ast.walk(tree):
            for field, value in ast.iter_fields(parent):
                if value is node:
                    setattr(parent, field, node.operand)
                elif isinstance(value, list):
                    for j, item in enumerate(value):
                        if item is node:
                            value[j] = node.operand
    ast.fix_missing_locations(tree)
    return ast.unparse(tree)


# ---------------------------------------------------------------------------------------
# Worker: run the paper's quick checks in this (scratch) tree, stop at the first surprise
# ---------------------------------------------------------------------------------------
def modules(root: Path, packages=PACKAGES) -> dict[str, Path]:
    """Every module of the packages under ``root``, subpackages included, by dotted name
    (``checks.machine.probe``; a package by its own name, from its ``__init__.py``)."""
    out = {}
    for pkg in packages:
        for f in sorted((root / pkg).rglob("*.py")):
            if "__pycache__" in f.parts:
                continue
            parts = list(f.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def imports_of(name: str, path: Path) -> set[str]:
    """The modules (and imported names, as ``module.name``) a module imports, relative imports
    resolved against its package."""
    is_pkg = path.name == "__init__.py"
    package = name if is_pkg else name.rpartition(".")[0]
    deps = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - (node.level - 1)]) if node.level - 1 < len(parts) else ""
                base = f"{anchor}.{base}" if base and anchor else (anchor or base)
            deps.add(base)
            deps.update(f"{base}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            deps.update(a.name for a in node.names)
    return deps


def _affected(mutated: str) -> set[str]:
    """The repository modules that import the mutated one, directly or through others
    (names like ``theorems.kernel_rich``); a check in any other module cannot see the mutant."""
    imports = {name: imports_of(name, f) for name, f in modules(Path.cwd()).items()}
    hit = {mutated}
    changed = True
    while changed:
        changed = False
        for name, deps in imports.items():
            if name not in hit and deps & hit:
                hit.add(name)
                changed = True
    return hit


def worker(paper: str, first: list[str], mutated: str | None = None) -> int:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import warnings

    warnings.simplefilter("ignore")
    try:
        from checks.core import load_checks, run_check

        checks = [c for c in load_checks().values() if c.statement.paper == paper and not c.slow_quick]
    except Exception as exc:  # the mutant broke the modules: the suite notices
        print(json.dumps({"killed": True, "by": f"import: {type(exc).__name__}: {exc}"[:300]}))
        return 0
    mods = {c.key: c.fn.__module__.rsplit(".", 1)[-1] for c in checks}
    if mutated:
        # checks in modules importing the mutant, and checks of the statements it registers
        # (they see its parameters and hypotheses through the registry)
        hit = _affected(mutated)
        source = (Path.cwd() / (mutated.replace(".", os.sep) + ".py")).read_text()  # as unparsed: any quotes
        checks = [
            c
            for c in checks
            if c.fn.__module__ in hit or f'"{c.statement_id}"' in source or f"'{c.statement_id}'" in source
        ]
    checks.sort(key=lambda c: 0 if mods[c.key] in first else 1)
    for c in checks:
        try:
            v = run_check(c, budget="quick")
            status = v.status
        except Exception as exc:
            status = f"raised {type(exc).__name__}"
        if status != c.expected:
            print(json.dumps({"killed": True, "by": f"{c.key}: {status} (expected {c.expected})"}))
            return 0
    print(
        json.dumps(
            {"killed": False, "checks": len(checks), **({"why": "no check can see this module"} if not checks else {})}
        )
    )
    return 0


# ---------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------
def run_mutant(m: Mutant, scratch: Path, paper: str, timeout: float) -> dict:
    # The scratch copy, not ROOT, is the pristine source: the checks may be strengthened in
    # ROOT while a long run goes on, and the mutants' indices refer to the code as listed.
    target = scratch / m.file
    original = target.read_text()
    target.write_text(apply(m, original))
    stem = Path(m.file).stem
    t0 = time.time()
    try:
        module = str(Path(m.file).with_suffix("")).replace(os.sep, ".")
        p = subprocess.run(
            [
                sys.executable,
                str(scratch / "tools" / "mutate.py"),
                "--worker",
                "--paper",
                paper,
                "--first",
                stem,
                "--mutated",
                module,
            ],
            cwd=scratch,
            env={**os.environ, "PYTHONPATH": str(scratch), "OPENBLAS_NUM_THREADS": "1"},
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
        res = (
            json.loads(lines[-1]) if lines else {"killed": True, "by": f"worker exit {p.returncode}: {p.stderr[-300:]}"}
        )
    except subprocess.TimeoutExpired:
        res = {"killed": True, "by": f"timeout after {timeout:.0f}s"}
    finally:
        target.write_text(original)
    res["seconds"] = round(time.time() - t0, 1)
    return {**asdict(m), "label": m.label, **res}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*", help="statement modules to mutate (default: theorems/<paper>*.py)")
    ap.add_argument("--paper", required=True, help="paper key whose quick checks judge the mutants")
    ap.add_argument("--sample", type=int, default=0, help="mutate only a random sample of N candidates (0: all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per mutant (a longer run counts as killed)")
    ap.add_argument("--kinds", default="constant,exponent,comparison,operator,sign", help="mutation kinds to use")
    ap.add_argument("--out", help="write every mutant's result as JSON")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--first", action="append", default=[], help=argparse.SUPPRESS)
    ap.add_argument("--mutated", help=argparse.SUPPRESS)
    ap.add_argument("--resume", metavar="JSON", help="reuse the results of an earlier --out file for the same mutants")
    ap.add_argument(
        "--rerun-survivors",
        action="store_true",
        help="with --resume: run the earlier survivors again (after strengthening the checks)",
    )
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args.paper, args.first, args.mutated)
    modules = [Path(m) for m in args.modules] or sorted((ROOT / "theorems").glob(args.paper.replace("-", "_") + "*.py"))
    if not modules:
        ap.error(f"no modules for paper {args.paper}")
    kinds = set(args.kinds.split(","))
    mutants = [m for p in modules for m in list_mutants(p.resolve()) if m.kind in kinds]
    total = len(mutants)
    if args.sample and args.sample < total:
        mutants = sorted(random.Random(args.seed).sample(mutants, args.sample), key=lambda m: (m.file, m.index))
    if args.list:
        for m in mutants:
            print(m.label)
        print(f"{len(mutants)} of {total} candidate mutants")
        return 0
    scratch = Path(tempfile.mkdtemp(prefix="ibv-mutants-"))
    try:
        for d in (*PACKAGES, "tools"):
            shutil.copytree(ROOT / d, scratch / d, ignore=shutil.ignore_patterns("__pycache__"))
        results = []
        earlier = {}
        if args.resume and Path(args.resume).exists():
            # keyed by label and candidate index: two mutants can share a label (the same
            # operator swapped at two nodes that start at the same column)
            earlier = {
                (r["label"], r["index"]): r
                for r in json.loads(Path(args.resume).read_text())["results"]
                if r["killed"] or not args.rerun_survivors
            }
        for k, m in enumerate(mutants, 1):
            r = earlier.get((m.label, m.index)) or run_mutant(m, scratch, args.paper, args.timeout)
            results.append(r)
            print(
                f"[{k}/{len(mutants)}] {'killed ' if r['killed'] else 'SURVIVED'} {m.label} "
                f" ({r['seconds']}s{'; ' + r['by'][:120] if r.get('by') else ''})",
                flush=True,
            )
            if args.out:
                Path(args.out).write_text(json.dumps({"candidates": total, "results": results}, indent=1))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    killed = sum(r["killed"] for r in results)
    print(
        f"\n{killed} of {len(results)} mutants killed "
        f"({100.0 * killed / max(len(results), 1):.1f}%); {total} candidates in {len(modules)} module(s)"
    )
    survivors = [r for r in results if not r["killed"]]
    if survivors:
        print("survivors:")
        for r in survivors:
            print(f"  {r['label']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
