"""The layout a newcomer relies on: every id greppable (import directions: test_imports.py)."""

from __future__ import annotations

import ast
import collections
import inspect
from pathlib import Path

from checks.core import MARGINS, load_checks
from theorems.registry import load_all

ROOT = Path(__file__).resolve().parent.parent


def _calls(path: Path, name: str):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            yield node


def test_every_statement_id_is_a_literal_in_exactly_one_theorems_module():
    declared = collections.defaultdict(list)
    for path in sorted((ROOT / "theorems").glob("*.py")):
        for call in _calls(path, "statement"):
            first = call.args[0] if call.args else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"{path.name}:{call.lineno}: statement() takes its id as a string literal"
            )
            declared[first.value].append(path.name)
    registry = {k for k in load_all() if not k.startswith("scratch/")}
    assert registry == set(declared), sorted(registry ^ set(declared))[:5]
    twice = {k: v for k, v in declared.items() if len(v) > 1}
    assert not twice, twice


def test_every_check_names_its_statement_literally_in_its_module():
    found = collections.defaultdict(set)
    margins = collections.defaultdict(set)  # file -> statement ids of its literal @margin(...)
    for path in sorted((ROOT / "checks").rglob("*.py")):
        tree = ast.parse(path.read_text())
        # core's margin decorator, under its name or an alias (a module with a helper of that name)
        margin_names = {"margin"} | {
            a.asname
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("core")
            for a in node.names
            if a.name == "margin" and a.asname
        }
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for d in node.decorator_list:
                    if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id in margin_names:
                        if d.args and isinstance(d.args[0], ast.Constant):
                            margins[str(path.resolve())].add(d.args[0].value)
                for d in node.decorator_list:
                    if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "check":
                        sid, name = d.args[0], d.args[1]
                        assert isinstance(sid, ast.Constant) and isinstance(name, ast.Constant), (
                            f"{path.name}:{d.lineno}: @check takes the statement id and check name as literals"
                        )
                        found[str(path.resolve())].add((sid.value, name.value))
    for chk in load_checks().values():
        if chk.statement_id.startswith("scratch/"):
            continue
        if getattr(chk.fn, "domain_search", False):  # registered from the statement's @margin (issue 18)
            where = str(Path(inspect.getsourcefile(MARGINS[chk.statement_id].fn)).resolve())
            assert chk.statement_id in margins[where], (
                f"{chk.key}: @margin({chk.statement_id!r}) not literal in {where}"
            )
            continue
        where = str(Path(chk.fn.__code__.co_filename).resolve())
        assert (chk.statement_id, chk.name) in found[where], f"{chk.key} is not declared literally in {where}"
