"""Import directions, read from the sources (AST, nothing imported):

* ``numerics/`` knows no paper: it imports nothing from ``theorems``, ``checks``, ``reports``;
* ``theorems/`` (what is claimed) imports nothing from ``checks`` (how it is tested);
* ``reports/`` renders data: of the project it imports only the verdict schema
  (``checks.schema``), the store (``checks.machine.store``) and the proof-step and graph views
  (``checks.machine.proofs``, standard library and the schema only) -- no ``checks.core``, no
  paper module of ``checks/`` or ``theorems/``;
* ``checks/schema.py`` is standard library only; ``checks/core.py`` and the paper modules of
  ``checks/`` do not import the machine (``checks.machine``) or the report.

And at run time: ``import reports.render`` loads no check, no statement module and no
numerical engine.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from checks.machine import cache

ROOT = Path(__file__).resolve().parent.parent
FIRST_PARTY = ("numerics", "theorems", "checks", "reports")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, name: str | None = None) -> set[str]:
    """Every module a source file imports, read from its AST (relative imports resolved, lazy
    imports inside functions included); ``from a import b`` gives ``a`` and ``a.b``."""
    name = name or _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                mod = f"{base}.{mod}" if mod else base
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    return found


def _sources(pkg: str) -> list[Path]:
    return sorted(f for f in (ROOT / pkg).rglob("*.py") if "__pycache__" not in f.parts)


def _is_module(dotted: str) -> bool:
    """Whether a dotted name is a module or package of the repository (``from a import b``
    names ``a.b`` even when b is a function)."""
    p = ROOT.joinpath(*dotted.split("."))
    return p.with_suffix(".py").is_file() or (p / "__init__.py").is_file()


def _first_party(mods: set[str]) -> set[str]:
    return {m for m in mods if m.split(".")[0] in FIRST_PARTY and _is_module(m)}


def paper_modules(pkg: str) -> set[str]:
    """The paper modules of ``checks/`` or ``theorems/``: named like a module of theorems/
    (which holds only the registry besides them)."""
    papers = {f.stem for f in (ROOT / "theorems").glob("*.py") if f.stem != "registry" and not f.stem.startswith("_")}
    return {f"{pkg}.{p}" for p in papers if (ROOT / pkg / f"{p}.py").is_file()}


def _violations(pkg: str, allowed) -> list[str]:
    out = []
    for f in _sources(pkg):
        rel = f.relative_to(ROOT).as_posix()
        for m in sorted(_first_party(imports(f))):
            if not allowed(m):
                out.append(f"{rel} imports {m}")
    return out


def test_numerics_knows_no_paper():
    assert not _violations("numerics", lambda m: m.split(".")[0] == "numerics")


def test_theorems_import_nothing_from_checks_or_reports():
    assert not _violations("theorems", lambda m: m.split(".")[0] not in ("checks", "reports"))


def test_reports_read_only_the_schema_and_the_store():
    # textmath: TeX as plain Unicode (standard library only) for SVG labels and the search index
    allowed = {
        "checks",
        "checks.schema",
        "checks.machine",
        "checks.machine.store",
        "checks.machine.proofs",
        "checks.machine.textmath",
    }
    bad = _violations("reports", lambda m: m.split(".")[0] == "reports" or m in allowed)
    assert not bad, bad
    every = set().union(*(imports(f) for f in _sources("reports")))
    assert "checks.core" not in every and not every & (paper_modules("checks") | paper_modules("theorems"))


def test_schema_is_standard_library_only():
    mods = {m.split(".")[0] for m in imports(ROOT / "checks" / "schema.py")} - {"__future__"}
    assert mods <= set(sys.stdlib_module_names), mods - set(sys.stdlib_module_names)


# The one module of the machine checks.core imports (load_checks registers the domain search of
# every statement with a margin, issue 18): it imports nothing of the machine itself.
SEARCH = "checks.machine.search"


def test_core_and_paper_checks_do_not_import_the_machine():
    for f in [
        ROOT / "checks" / "core.py",
        *[ROOT / "checks" / f"{m.split('.')[1]}.py" for m in paper_modules("checks")],
    ]:
        allowed = (SEARCH,) if f.stem == "core" else ()
        bad = {
            m
            for m in imports(f)
            if m.startswith(("checks.machine", "reports"))
            and m not in ("checks.machine", *allowed)
            and not (allowed and m.startswith(SEARCH + "."))
        }
        assert not bad, f"{f.relative_to(ROOT)} imports {sorted(bad)}"
    search = _first_party(imports(ROOT / "checks" / "machine" / "search.py"))
    assert search <= {
        "checks",
        "checks.core",
        "checks.schema",
        "theorems",
        "theorems.registry",
        "numerics",
        "numerics.estimate",
    }, search


def test_the_cache_reads_every_import_the_ast_holds():
    """The cache keys verdicts by import closures read with a line scan (``cache.imports``, fast);
    on every project source it finds at least the first-party imports of the AST (more would only
    make keys more conservative)."""
    for f in [s for pkg in FIRST_PARTY for s in _sources(pkg)]:
        scanned = _first_party(cache.imports(_module_name(f), f))
        parsed = _first_party(imports(f))
        assert parsed <= scanned, f"{f.relative_to(ROOT)}: the scan misses {sorted(parsed - scanned)}"


# Forms of import the line scan does not read (found by review): the file must then be read by
# the parser, never by a scan that misses the import
UNSCANNABLE = [
    "if X: import numerics.taylor\n",
    "if X:\n    pass\nelse: from . import taylor\n",
    "try: import numerics.flows\nexcept ImportError: pass\n",
    "def f(): from numerics import flows\n",
    "from numerics import(taylor)\n",
    "from .import taylor\n",
    "from.taylor import x\n",
    "from numerics import (flows,  # f(x)\n    taylor)\n",
    '"""from foo import (bar"""\nimport numerics.taylor\nx = (1)\n',
    "from numerics import \\\r\n    taylor\r\n",
    "\fimport numerics.taylor\n",
    "from numerics import *\n",
]


@pytest.mark.parametrize("source", UNSCANNABLE)
def test_imports_the_scan_cannot_read_go_to_the_parser(tmp_path, source):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    src = pkg / "mod.py"
    src.write_bytes(source.encode())
    parsed = imports(src, "pkg.mod")
    assert parsed <= cache.imports("pkg.mod", src), sorted(parsed - cache.imports("pkg.mod", src))


def test_the_scan_reads_every_form_of_import(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    src = pkg / "mod.py"
    src.write_text(
        "import a.b as c, d\n"
        "from . import sibling  # a comment\n"
        "from .. import up\n"
        "from .x import (\n    y,  # first (of two)\n    z as w,\n)\n"
        "def f():\n    from e.f import g; import h\n"
        "from i import \\\n    j\n"
    )
    got = cache.imports("pkg.mod", src)
    assert {"a.b", "d", "pkg", "pkg.sibling", "pkg.x", "pkg.x.y", "pkg.x.z", "e.f", "e.f.g", "h", "i", "i.j"} <= got
    assert imports(src, "pkg.mod") <= got


def test_resolving_relative_imports():
    probe = ROOT / "checks" / "machine" / "probe.py"
    assert {"checks.core", "checks.schema", "checks.machine.executor"} <= imports(probe)
    assert "checks.core" in imports(ROOT / "checks" / "kernel_rich.py")


def test_importing_the_report_loads_no_check_statement_or_engine():
    code = "import json, sys; import reports.render; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(json.loads(out.stdout))
    forbidden = {"checks.core", *paper_modules("checks"), *paper_modules("theorems")}
    assert not loaded & forbidden, sorted(loaded & forbidden)
    engines = ("cvxpy", "flint", "sympy", "numpy", "scipy", "heyoka", "mpmath", "matplotlib")
    assert not {m for m in loaded if m.split(".")[0] in engines}, sorted(
        m for m in loaded if m.split(".")[0] in engines
    )
    assert "checks.schema" in loaded
