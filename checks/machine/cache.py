"""A content-addressed cache: results keyed by their inputs and by exactly the code they depend on.

The code a computation depends on is the *import closure* of the module that defines it: the
project modules it imports, directly or through others, found statically (a scan of the
``import`` statements anywhere in a module, lazy imports inside functions included), plus the
versions of the libraries that compute (SymPy, mpmath, NumPy, SciPy, cvxpy, Clarabel, heyoka,
python-flint, Hypothesis) and of Python. Editing a module changes the key of every computation
whose closure holds it, and of no other: a change to one paper's checks leaves the other papers'
cached verdicts valid, a change to ``numerics/flows.py`` invalidates every check that integrates.

Two users: the runner caches whole verdicts (a check is a deterministic function of its code,
budget, overrides and seed: checks draw their instances from fixed seeds and Hypothesis runs
derandomized), and checks cache expensive computations shared between checks, runs and
processes through :meth:`checks.core.Context.memo`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import platform
import re
import time
from dataclasses import replace
from importlib import metadata
from pathlib import Path

from ..core import Verdict

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("numerics", "theorems", "checks")
LIBRARIES = ("sympy", "mpmath", "numpy", "scipy", "cvxpy", "clarabel", "heyoka", "python-flint", "hypothesis")


def module_file(name: str, root: Path = ROOT) -> Path | None:
    """The source file of a project module (``pkg.mod`` or a package's ``__init__``)."""
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


# an import statement at the start of a line: ``from <dots><module> import <names>`` (a
# parenthesised list may span lines and hold comments) or ``import <modules>``
_IMPORT = re.compile(
    rb"^[ \t]*(?:from[ \t]+(?P<module>\.*[\w.]*)[ \t]+(?P<kw1>import)[ \t]+"
    rb"(?P<names>\((?:[^)#]|#[^\n]*)*\)|[^\n#]*)"
    rb"|(?P<kw2>import)[ \t]+(?P<modules>[^\n#]*))",
    re.M,
)
_IMPORT_WORD = re.compile(rb"(?<!\w)import(?!\w)")
_NAMES = re.compile(r"[\w.\s,()]*")


def imports(name: str, path: Path) -> set[str]:
    """Every module the source of module ``name`` imports, anywhere in its body (lazy imports
    inside functions too), relative imports resolved; ``from a import b`` gives ``a`` and
    ``a.b`` (``b`` may be a module).

    Read by a line scan where the scan accounts for the whole file, else by ``ast.parse``
    (which was ~2 s of every worker of a run when it read every file): the scan is trusted only
    when every word ``import`` in the file is the keyword of a statement it matched and every
    matched name list is plain names, so an import it cannot read (``if x: import y``,
    ``from a import(b)``, a docstring that opens a parenthesis after ``import``) sends the file to
    the parser. An import-like line inside a string counts as an import (a key that depends on
    one module more, never a stale verdict); tests/test_imports.py holds the result to the AST's
    reading of every project source and of the forms the scan does not read."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    # one line ending; a backslash continues the line; a semicolon starts a statement
    source = path.read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    source = source.replace(b"\\\n", b" ").replace(b";", b"\n")
    matches = list(_IMPORT.finditer(source))
    keywords = {m.start("kw1") if m["kw1"] else m.start("kw2") for m in matches}
    if any(w.start() not in keywords for w in _IMPORT_WORD.finditer(source)):
        return _parsed_imports(package, path)
    found: set[str] = set()
    for m in matches:
        plain = m["modules"] is not None  # ``import a.b as c, d``
        listed = re.sub(r"#[^\n]*", "", (m["modules"] if plain else m["names"]).decode())
        if not _NAMES.fullmatch(listed):
            return _parsed_imports(package, path)
        listed = listed.strip("() \t\n")
        if plain:
            found.update(n.split()[0] for n in listed.split(",") if n.strip())
            continue
        mod = _resolve(package, m["module"].decode())
        found.add(mod)
        found.update(f"{mod}.{n.split()[0]}" for n in listed.split(",") if n.strip())
    return found


def _resolve(package: str, dotted: str) -> str:
    """``.mod``, ``..mod``, ``mod`` as imported from a module of ``package``."""
    level = len(dotted) - len(dotted.lstrip("."))
    mod = dotted[level:]
    if not level:
        return mod
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - level + 1])
    return f"{base}.{mod}" if mod else base


def _parsed_imports(package: str, path: Path) -> set[str]:
    """:func:`imports` read from the module's AST."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = _resolve(package, "." * node.level + (node.module or ""))
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    return found


@functools.cache
def _imported(name: str, path: Path, root: Path, packages: tuple[str, ...]) -> frozenset[str]:
    """The project modules a module imports, with the packages each import runs (``import
    a.b.c`` runs ``a`` and ``a.b`` too)."""
    found: set[str] = set()
    for t in imports(name, path):
        if t.split(".")[0] not in packages:
            continue
        parts = t.split(".")
        found.update(p for p in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if module_file(p, root))
    found.discard(name)
    # parsed once per process (as :func:`closure` and the digests are): each check module's
    # closure re-parsed the shared modules, ~0.4 s per closure, 8 s of a run
    return frozenset(found)


@functools.cache
def closure(name: str, root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> tuple[str, ...]:
    """Every project module ``name`` depends on, itself included, sorted."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        mod = todo.pop()
        if mod in seen:
            continue
        path = module_file(mod, root)
        if path is None:
            continue
        seen.add(mod)
        parents = {mod.rsplit(".", i)[0] for i in range(1, mod.count(".") + 1)}  # importing a.b runs a
        todo.extend((_imported(mod, path, root, packages) | parents) - seen)
    return tuple(sorted(seen))


@functools.cache
def environment() -> str:
    """Python and the computing libraries, as one string (part of every key)."""
    versions = {}
    for pkg in LIBRARIES:
        try:
            versions[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            versions[pkg] = None
    return json.dumps({"python": platform.python_version(), "machine": platform.machine(), **versions}, sort_keys=True)


def code_hash(modules, root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> str:
    """A hash of the sources in the import closure of ``modules`` and of the environment."""
    return _code_hash(tuple(sorted(set(modules))), root, packages)


@functools.cache
def _code_hash(modules: tuple[str, ...], root: Path, packages: tuple[str, ...]) -> str:
    # once per process and module set, as the file digests it hashes (:func:`_file_digest`):
    # recomputed per check it cost ~9 ms (a file-system lookup per module of the closure),
    # 10 s of a quick run's CPU
    h = hashlib.sha256(environment().encode())
    for mod in sorted({m for name in modules for m in closure(name, root, packages)}):
        path = module_file(mod, root)
        h.update(mod.encode() + b"\0" + _file_digest(str(path)) + b"\0")
    return h.hexdigest()


@functools.cache
def _file_digest(path: str) -> bytes:
    """A source file's digest, read once per process: a process runs the code it imported, so a
    file edited while a run is under way must not key that run's verdicts (they were computed by
    the code before the edit). :func:`snapshot` reads them all when a run starts."""
    return hashlib.sha256(Path(path).read_bytes()).digest()


def forget_sources() -> None:
    """Forget the sources this process has read (digests, imports, closures and the hashes built
    on them), as a new process would not know them (for tests)."""
    for cached in (_file_digest, _imported, closure, _code_hash):
        cached.cache_clear()


def snapshot(root: Path = ROOT) -> None:
    """Digest every source file of the project now (a run calls this as it starts, after its
    checks are imported and before any worker is forked: the workers inherit the digests)."""
    from .store import code_files

    for f in code_files(root):
        _file_digest(str(f))


def key(kind: str, code: str, *inputs) -> str:
    """The cache key of one computation: its kind, its code hash, its inputs (canonical JSON)."""
    h = hashlib.sha256(f"{kind}\0{code}\0".encode())
    h.update(json.dumps(inputs, sort_keys=True, default=repr).encode())
    return h.hexdigest()


# ---------------------------------------------------------------------------------------
# Whole verdicts
# ---------------------------------------------------------------------------------------
def check_modules(chk) -> list[str] | None:
    """The modules a check's verdict depends on: the module defining it and the theorems
    module of the same name (its statements: texts, hypotheses, expectations), each with its
    import closure; ``None`` for a check outside the project's packages (a plugin: not cached)."""
    module = chk.fn.__module__
    if module.split(".")[0] != "checks" or module_file(module) is None:
        return None
    mods = [module]
    paired = "theorems." + module.split(".", 1)[1]
    if module_file(paired) is not None:
        mods.append(paired)
    return mods


def verdict_key(chk, budget: str, overrides: dict | None, seed: int) -> str | None:
    """The cache key of a check's verdict, or ``None`` when it is not cacheable."""
    mods = check_modules(chk)
    if mods is None:
        return None
    return key("verdict", code_hash(mods), chk.key, budget, dict(overrides or {}), seed)


class Cache:
    """The cache of one store (its ``cache`` table), as the checks and the runner use it.

    :meth:`verdict` runs a check through the cache; :meth:`call` caches one computation (what
    :meth:`checks.core.Context.memo` calls). ``refresh`` recomputes and replaces (``--no-cache``).
    """

    def __init__(self, store, refresh: bool = False):
        self.store, self.refresh = store, refresh

    @classmethod
    def at(cls, path, refresh: bool = False) -> Cache:
        """The cache of the store at ``path``: one connection per process (the run's own store
        in the process that runs it, see :func:`share`; a worker opens its own)."""
        from .store import Store

        k = (os.getpid(), str(path))
        if k not in _OPEN:
            _OPEN[k] = Store(path)
        return cls(_OPEN[k], refresh)

    def get(self, k: str):
        return None if self.refresh else self.store.cache_get(k)

    def put(self, k: str, value) -> None:
        self.store.cache_put(k, value)

    def call(self, fn, *args, **kwargs):
        """``fn(*args, **kwargs)``, computed once for the same arguments and the same code (the
        import closure of ``fn``'s module): the value is pickled into the store. Returns
        ``(value, hit, key)`` (``key`` None for code outside the project's files, never cached)."""
        if module_file(fn.__module__) is None or "<locals>" in fn.__qualname__:
            return fn(*args, **kwargs), False, None  # code outside the project's files cannot be versioned
        k = key(f"call:{fn.__module__}.{fn.__qualname__}", code_hash([fn.__module__]), args, kwargs)
        found = self.get(k)
        if found is not None:
            return found[0], True, k
        value = fn(*args, **kwargs)
        self.put(k, (value,))
        return value, False, k

    def lookup(self, chk, budget: str, overrides: dict | None, seed: int, k: str | None = None) -> Verdict | None:
        """The cached verdict of a check run with the same code, budget, overrides and seed
        (marked in ``metrics['cache']``: ``hit``, the seconds the computation took and when;
        ``seconds`` is then the time of the lookup), or None."""
        t0 = time.perf_counter()
        k = k or verdict_key(chk, budget, overrides, seed)
        found = self.get(k) if k is not None else None
        if found is None:
            return None
        v, computed_at = found
        info = {"hit": True, "key": k[:16], "computed_seconds": v.seconds, "computed_at": computed_at}
        return replace(v, metrics={**v.metrics, "cache": info}, seconds=time.perf_counter() - t0)

    def verdict(self, chk, budget: str, overrides: dict | None, seed: int, run) -> Verdict:
        """The check's verdict from the cache (:meth:`lookup`), else ``run(chk, budget, overrides,
        seed, cache)``'s, stored for next time. ``error`` verdicts are never cached (a failed
        computation may not fail again)."""
        k = verdict_key(chk, budget, overrides, seed)
        found = self.lookup(chk, budget, overrides, seed, k)
        if found is not None:
            return found
        v = run(chk, budget=budget, overrides=overrides, seed=seed, cache=self)
        if k is not None:
            v.metrics["cache"] = {"hit": False, "key": k[:16]}
            if v.status != "error":
                self.put(k, (v, time.time()))
        return v


# Open stores by (process, path). A second SQLite connection to the same file in the process
# that writes the run hid the run's commits from other processes until it exited (seen with
# the SIGKILL test); a forked worker must not use its parent's connection.
_OPEN: dict[tuple[int, str], object] = {}


def share(store) -> None:
    """Let this process's cache use ``store``'s connection (the run's own store)."""
    _OPEN[(os.getpid(), str(store.path))] = store
