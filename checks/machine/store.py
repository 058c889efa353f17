"""The results store: one SQLite file in WAL mode, one transaction per verdict.

It holds runs (commit, package versions, budget, machine, state), verdicts with their
artifacts, and a cache of expensive computations (trajectories, solves) keyed by their
inputs and the code version. The schema carries a version (``PRAGMA user_version``) and is
migrated forward on open.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pickle
import platform
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 2
DEFAULT_PATH = ".ibverify/store.sqlite"
ENV_VAR = "IBV_STORE"

_MIGRATIONS = {
    1: """
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        started REAL NOT NULL,
        finished REAL,
        state TEXT NOT NULL DEFAULT 'running',
        kind TEXT NOT NULL DEFAULT 'run',
        budget TEXT NOT NULL,
        git_commit TEXT,
        versions TEXT,
        machine TEXT,
        argv TEXT
    );
    CREATE TABLE verdicts (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id),
        statement_id TEXT NOT NULL,
        check_name TEXT NOT NULL,
        method TEXT NOT NULL,
        status TEXT NOT NULL,
        expected TEXT NOT NULL,
        params TEXT NOT NULL,
        metrics TEXT NOT NULL,
        precision TEXT,
        seed INTEGER,
        seconds REAL,
        message TEXT,
        created REAL NOT NULL
    );
    CREATE INDEX verdicts_stmt ON verdicts(statement_id, run_id);
    CREATE TABLE artifacts (
        verdict_id INTEGER NOT NULL REFERENCES verdicts(id),
        name TEXT NOT NULL,
        mime TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (verdict_id, name)
    );
    CREATE TABLE cache (
        key TEXT PRIMARY KEY,
        value BLOB NOT NULL,
        created REAL NOT NULL
    );
    """,
    # 2: probe sweeps. A run may belong to a sweep (``runs.sweep``: a hash of the statement,
    # checks, budget, seed and instance list) so that an interrupted sweep resumes into the
    # same run; per-run artifacts hold what belongs to no single verdict (a probe's summary
    # JSON and its phase diagram SVG).
    2: """
    ALTER TABLE runs ADD COLUMN sweep TEXT;
    CREATE INDEX runs_sweep ON runs(sweep, id);
    CREATE TABLE run_artifacts (
        run_id INTEGER NOT NULL REFERENCES runs(id),
        name TEXT NOT NULL,
        mime TEXT NOT NULL,
        content TEXT NOT NULL,
        PRIMARY KEY (run_id, name)
    );
    """,
}

# Writers from many processes (pytest-xdist, Dask workers, a parallel 'ibv run') share one
# file: SQLite's busy timeout makes a writer wait for the lock, and the few errors that the
# busy handler does not cover (a journal-mode change racing a writer, a lock upgrade) are
# retried here with backoff.
_RETRIES = 50


def _retry(fn, *args, **kw):
    delay = 0.01
    for attempt in range(_RETRIES):
        try:
            return fn(*args, **kw)
        except sqlite3.OperationalError as exc:
            text = str(exc).lower()
            if ("locked" not in text and "busy" not in text) or attempt == _RETRIES - 1:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 1.0)


class StoreError(ValueError):
    """The store path cannot hold a store: a folder, not a SQLite file, a newer schema."""


def store_path(explicit: str | None = None) -> Path:
    return Path(explicit or os.environ.get(ENV_VAR) or DEFAULT_PATH)


# The repository root (this file is checks/machine/store.py).
ROOT = Path(__file__).resolve().parent.parent.parent
# The packages whose sources make a verdict: their code version keys the cache.
CODE_PACKAGES = ("numerics", "theorems", "checks")


def code_files(root: Path = ROOT) -> list[Path]:
    """Every source file of :data:`CODE_PACKAGES`, subpackages included, in a stable order."""
    files = []
    for pkg in CODE_PACKAGES:
        files += [f for f in (root / pkg).rglob("*.py") if "__pycache__" not in f.parts]
    return sorted(files, key=lambda f: f.relative_to(root).as_posix())


@functools.cache
def code_version(root: Path = ROOT) -> str:
    """A hash of the package sources (every ``.py`` of numerics/, theorems/ and checks/, in
    subpackages too, each named by its path): cached results are invalidated when the code
    changes. Computed once per process (a process runs the code it imported)."""
    h = hashlib.sha256()
    for f in code_files(root):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def provenance() -> dict:
    root = ROOT
    try:
        commit = (
            subprocess.run(
                ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=5
            ).stdout.strip()
            or None
        )
    except Exception:
        commit = None
    versions = {}
    from importlib import metadata

    for pkg in (
        "sympy",
        "mpmath",
        "numpy",
        "scipy",
        "cvxpy",
        "clarabel",
        "heyoka",
        "python-flint",
        "hypothesis",
        "jinja2",
        "matplotlib",
    ):
        try:
            versions[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            versions[pkg] = None
    versions["python"] = platform.python_version()
    versions["ibverify-code"] = code_version()
    machine = f"{platform.node()} {platform.machine()} {os.cpu_count()} cores"
    return {"git_commit": commit, "versions": versions, "machine": machine}


def refuse_foreign(path: str | Path | None = None) -> None:
    """Refuse a SQLite database of something else at the store's path (tables, but no store schema
    version), read on a short-lived read-only connection. The command calls this once, before it
    opens the store and before any worker starts; :class:`Store` itself reads nothing but the
    schema version before setting its journal mode."""
    p = store_path(str(path) if path else None)
    if not p.is_file() or p.stat().st_size == 0:
        return
    try:
        probe = sqlite3.connect(f"file:{p.resolve()}?mode=ro", uri=True, timeout=60)
        try:
            version = probe.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in probe.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        finally:
            probe.close()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"store {p}: cannot be read ({exc})") from None
    if version == 0 and tables:
        raise StoreError(f"store {p}: a SQLite database of something else (tables {', '.join(sorted(tables))})")


class Store:
    def __init__(self, path: str | Path | None = None, create: bool = True):
        """Open (``create``: for writing, creating it if missing) the store at ``path`` (else
        ``$IBV_STORE``, else :data:`DEFAULT_PATH`). Refused with a one-line :class:`StoreError`,
        before any computation: a folder, a file that is not SQLite, a SQLite database of
        something else, a corrupt one, a newer schema, a location that cannot be written when
        writing, and a missing directory -- only the default location's ``.ibverify/`` is
        created; another directory is never created silently."""
        if path is not None and not str(path).strip():
            raise StoreError("store path is empty")
        self.path = store_path(str(path) if path else None)
        if not self.path.exists() and not create:
            raise FileNotFoundError(f"no store at {self.path} (run 'ibv run' first)")
        if self.path.is_dir():
            raise StoreError(f"store {self.path}: is a directory")
        if self.path.exists() and self.path.stat().st_size > 0:
            with open(self.path, "rb") as f:
                if f.read(16) != b"SQLite format 3\x00":
                    raise StoreError(f"store {self.path}: not a SQLite database")
        parent = self.path.parent
        if not parent.exists():
            if str(self.path) != DEFAULT_PATH:
                raise StoreError(f"store {self.path}: directory {parent} does not exist")
            try:
                parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"store {self.path}: cannot create its directory ({exc.strerror})") from None
        elif not parent.is_dir():
            raise StoreError(f"store {self.path}: {parent} is not a directory")
        if create and not (os.access(parent, os.W_OK) and (not self.path.exists() or os.access(self.path, os.W_OK))):
            raise StoreError(f"store {self.path}: not writable")
        # a store that cannot be written (read-only file or folder) is still read, for show and
        # report: opened immutable (SQLite then needs no -shm/-wal file beside it)
        writable = os.access(parent, os.W_OK) and (not self.path.exists() or os.access(self.path, os.W_OK))
        target, uri = (str(self.path), False) if writable else (f"file:{self.path.resolve()}?immutable=1", True)
        try:
            self.conn = sqlite3.connect(target, timeout=60, isolation_level=None, uri=uri)
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"store {self.path}: cannot be read ({exc})") from None
        if version > SCHEMA_VERSION:
            self.conn.close()
            raise StoreError(f"store {self.path}: schema version {version} is newer than this ibv's ({SCHEMA_VERSION})")
        self.conn.row_factory = sqlite3.Row
        try:
            self.conn.execute("PRAGMA busy_timeout=60000")
            if create:
                _retry(self.conn.execute, "PRAGMA journal_mode=WAL")
                self.conn.execute("PRAGMA synchronous=NORMAL")
                _retry(self._migrate)
            elif version < SCHEMA_VERSION:
                raise StoreError(f"store {self.path}: schema version {version} needs a writable open to migrate")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"store {self.path}: cannot be opened ({exc})") from None
        # a run whose process died (SIGKILL, power loss) is marked incomplete on the next open
        # (a read-only store is still readable: the marking waits for a writable open)
        try:
            _retry(self.mark_interrupted_runs)
        except sqlite3.OperationalError as exc:
            if "readonly" not in str(exc).replace("-", "").lower():
                raise StoreError(f"store {self.path}: cannot be opened ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"store {self.path}: corrupt ({exc}); move it away to start a new one") from None

    def check_integrity(self) -> None:
        """SQLite's quick check of every page (a fraction of a second for a store of tens of MB):
        ``ibv run`` and ``ibv probe`` refuse a corrupt store before computing anything."""
        try:
            result = self.conn.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            result = str(exc)
        if result != "ok":
            raise StoreError(f"store {self.path}: corrupt ({result}); move it away to start a new one")

    def _migrate(self) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        while version < SCHEMA_VERSION:
            version += 1
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                current = self.conn.execute("PRAGMA user_version").fetchone()[0]
                if current < version:  # another process may have migrated meanwhile
                    for stmt in filter(str.strip, _MIGRATIONS[version].split(";")):
                        self.conn.execute(stmt)  # executescript would commit the open transaction
                    self.conn.execute(f"PRAGMA user_version={version}")
                self.conn.execute("COMMIT")
            except Exception:
                self.conn.execute("ROLLBACK")
                raise

    def close(self) -> None:
        self.conn.close()

    def _write(self, statements: list[tuple[str, tuple]]) -> list[int]:
        """Statements in one IMMEDIATE transaction (retried as a whole when locked)."""

        def once():
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                ids = [int(self.conn.execute(q, a).lastrowid or 0) for q, a in statements]
                self.conn.execute("COMMIT")
                return ids
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise

        return _retry(once)

    # -- runs --------------------------------------------------------------------------
    def start_run(self, budget: str, kind: str = "run", argv: list[str] | None = None, sweep: str | None = None) -> int:
        prov = provenance()
        return self._write(
            [
                (
                    "INSERT INTO runs(started, state, kind, budget, git_commit, versions, machine, argv, sweep) "
                    "VALUES (?,?,?,?,?,?,?,?,?)",
                    (
                        time.time(),
                        "running",
                        kind,
                        budget,
                        prov["git_commit"],
                        json.dumps(prov["versions"]),
                        prov["machine"],
                        json.dumps({"argv": argv or [], "pid": os.getpid(), "host": platform.node()}),
                        sweep,
                    ),
                )
            ]
        )[0]

    def finish_run(self, run_id: int, state: str = "complete") -> None:
        self._write([("UPDATE runs SET finished=?, state=? WHERE id=?", (time.time(), state, run_id))])

    def mark_interrupted_runs(self) -> None:
        """Runs whose process died (killed mid-way) never reached finish_run: mark them
        incomplete. A run is 'running' only while its process lives, checked through the pid
        (and host) kept in its argv record; runs started on another host are left alone."""
        for r in self.conn.execute("SELECT id, argv FROM runs WHERE state='running'").fetchall():
            rec = json.loads(r["argv"] or "{}")
            pid = rec.get("pid")
            if rec.get("host") not in (None, platform.node()):
                continue
            if pid is None or not _pid_alive(pid):
                self._write([("UPDATE runs SET state='incomplete' WHERE id=? AND state='running'", (r["id"],))])

    # -- sweeps (ibv probe) ------------------------------------------------------------
    def resumable_run(self, sweep: str) -> dict | None:
        """The latest unfinished run of a sweep (its process gone), to resume into."""
        self.mark_interrupted_runs()
        r = self.conn.execute("SELECT * FROM runs WHERE sweep=? ORDER BY id DESC LIMIT 1", (sweep,)).fetchone()
        if r is None or r["state"] != "incomplete":
            return None
        return dict(r)

    def reopen_run(self, run_id: int, argv: list[str] | None = None) -> None:
        rec = {"argv": argv or [], "pid": os.getpid(), "host": platform.node()}
        self._write([("UPDATE runs SET state='running', finished=NULL, argv=? WHERE id=?", (json.dumps(rec), run_id))])

    def done_instances(self, run_id: int) -> set[tuple[str, str]]:
        """``(check_name, params as canonical JSON)`` of every verdict stored in a run."""
        rows = self.conn.execute("SELECT check_name, params FROM verdicts WHERE run_id=?", (run_id,)).fetchall()
        return {(r["check_name"], json.dumps(json.loads(r["params"]), sort_keys=True)) for r in rows}

    def add_run_artifact(self, run_id: int, name: str, mime: str, content: str) -> None:
        self._write(
            [
                (
                    "INSERT OR REPLACE INTO run_artifacts(run_id, name, mime, content) VALUES (?,?,?,?)",
                    (run_id, name, mime, content),
                )
            ]
        )

    def run_artifacts(self, run_id: int) -> dict[str, tuple[str, str]]:
        rows = self.conn.execute(
            "SELECT name, mime, content FROM run_artifacts WHERE run_id=? ORDER BY name", (run_id,)
        ).fetchall()
        return {r["name"]: (r["mime"], r["content"]) for r in rows}

    def runs(self, kind: str | None = None) -> list[dict]:
        q = "SELECT * FROM runs" + (" WHERE kind=?" if kind else "") + " ORDER BY id"
        rows = self.conn.execute(q, (kind,) if kind else ()).fetchall()
        out = []
        for r in rows:
            d = dict(r)
            d["versions"] = json.loads(d["versions"] or "{}")
            out.append(d)
        return out

    def latest_run(self, kind: str = "run") -> dict | None:
        r = self.conn.execute("SELECT * FROM runs WHERE kind=? ORDER BY id DESC LIMIT 1", (kind,)).fetchone()
        if r is None:
            return None
        d = dict(r)
        d["versions"] = json.loads(d["versions"] or "{}")
        return d

    # -- verdicts ----------------------------------------------------------------------
    def add_verdict(self, run_id: int, v) -> int:
        """One verdict and its artifacts in one transaction (retried whole if locked)."""
        row = (
            run_id,
            v.statement_id,
            v.check,
            v.method,
            v.status,
            v.expected,
            json.dumps(v.params, sort_keys=True),
            json.dumps(v.metrics, sort_keys=True, default=str),
            v.precision,
            v.seed,
            v.seconds,
            v.message,
            time.time(),
        )

        def once():
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                cur = self.conn.execute(
                    "INSERT INTO verdicts(run_id, statement_id, check_name, method, status, expected, params, "
                    "metrics, precision, seed, seconds, message, created)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    row,
                )
                vid = int(cur.lastrowid)
                for name, (mime, content) in v.artifacts.items():
                    self.conn.execute(
                        "INSERT INTO artifacts(verdict_id, name, mime, content) VALUES (?,?,?,?)",
                        (vid, name, mime, content),
                    )
                self.conn.execute("COMMIT")
                return vid
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise

        return _retry(once)

    def verdicts(self, run_id: int | None = None, statement_id: str | None = None) -> list[dict]:
        q = "SELECT * FROM verdicts WHERE 1=1"
        args: list[Any] = []
        if run_id is not None:
            q += " AND run_id=?"
            args.append(run_id)
        if statement_id is not None:
            q += " AND statement_id=?"
            args.append(statement_id)
        q += " ORDER BY id"
        out = []
        for r in self.conn.execute(q, args).fetchall():
            d = dict(r)
            d["params"] = json.loads(d["params"])
            d["metrics"] = json.loads(d["metrics"])
            out.append(d)
        return out

    def artifacts(self, verdict_id: int) -> dict[str, tuple[str, str]]:
        rows = self.conn.execute(
            "SELECT name, mime, content FROM artifacts WHERE verdict_id=? ORDER BY name", (verdict_id,)
        ).fetchall()
        return {r["name"]: (r["mime"], r["content"]) for r in rows}

    def latest_verdicts(self, kind: str = "run") -> dict[tuple[str, str], dict]:
        """The newest verdict of every (statement, check) over runs of one kind."""
        rows = self.conn.execute(
            "SELECT v.* FROM verdicts v JOIN runs r ON r.id=v.run_id WHERE r.kind=? AND v.id IN"
            " (SELECT MAX(v2.id) FROM verdicts v2 JOIN runs r2 ON r2.id=v2.run_id WHERE r2.kind=? GROUP BY "
            "v2.statement_id, v2.check_name)",
            (kind, kind),
        ).fetchall()
        out = {}
        for r in rows:
            d = dict(r)
            d["params"] = json.loads(d["params"])
            d["metrics"] = json.loads(d["metrics"])
            out[(d["statement_id"], d["check_name"])] = d
        return out

    def verdict_history(self, kind: str = "run") -> list[dict]:
        """Every verdict of the runs of one kind, oldest first, without params, metrics and
        artifacts (cheap for long histories): id, run_id, statement_id, check_name, method,
        status, expected."""
        rows = self.conn.execute(
            "SELECT v.id, v.run_id, v.statement_id, v.check_name, v.method, v.status, v.expected FROM verdicts v"
            " JOIN runs r ON r.id=v.run_id WHERE r.kind=? ORDER BY v.id",
            (kind,),
        ).fetchall()
        return [dict(r) for r in rows]

    def durations(self, budget: str, last: int = 5) -> dict[tuple[str, str], float]:
        """The expected seconds of each (statement, check) at a budget: the median of its
        ``last`` newest stored verdicts at that budget (runs and probes alike) that were computed,
        not taken from the cache."""
        rows = self.conn.execute(
            "SELECT v.statement_id, v.check_name, v.seconds FROM verdicts v JOIN runs r ON r.id=v.run_id"
            " WHERE r.budget=? AND v.seconds IS NOT NULL"
            # metrics written by Python's json may hold NaN or Infinity, which SQLite's JSON
            # functions refuse ("malformed JSON"): such a record is read as computed
            " AND NOT (CASE WHEN json_valid(v.metrics) THEN COALESCE(json_extract(v.metrics, '$.cache.hit'), 0)"
            " ELSE 0 END)"
            " ORDER BY v.id DESC",
            (budget,),
        ).fetchall()
        seen: dict[tuple[str, str], list[float]] = {}
        for r in rows:
            xs = seen.setdefault((r["statement_id"], r["check_name"]), [])
            if len(xs) < last:
                xs.append(float(r["seconds"]))
        return {k: _median(xs) for k, xs in seen.items()}

    # -- cache -------------------------------------------------------------------------
    def cache_get(self, key: str) -> Any:
        r = self.conn.execute("SELECT value FROM cache WHERE key=?", (key,)).fetchone()
        return None if r is None else pickle.loads(r[0])

    def cache_put(self, key: str, value: Any) -> None:
        self._write(
            [
                (
                    "INSERT OR REPLACE INTO cache(key, value, created) VALUES (?,?,?)",
                    (key, pickle.dumps(value), time.time()),
                )
            ]
        )


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
