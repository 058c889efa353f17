"""One executor and one run lifecycle, for ``ibv run`` and ``ibv probe``.

A *task* is one check on one instance (its overrides). An :class:`Executor` runs tasks and
yields each verdict as it arrives; three back-ends:

* :class:`InProcess` -- one after the other in this process (one task, ``--jobs 1``,
  ``--workers 1``);
* :class:`ProcessPool` -- a local pool of worker processes (``ibv run --jobs N``);
* :class:`Dask` -- a local Dask cluster of single-threaded worker processes, or an existing
  cluster (``ibv probe --workers N`` / ``--scheduler ADDRESS``).

The lifecycle is :class:`Run`: it starts a run in the store (or reopens an interrupted sweep
to resume it), takes each verdict into the store as it arrives (one transaction each), and
finishes the run ``complete`` -- or ``incomplete`` on any exception or KeyboardInterrupt.
:func:`execute` joins them: the tasks go to the executor longest first (:func:`schedule`,
from the store's history of each check's seconds at the budget) so that parallel workers
finish together, and the verdicts come back in task order.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..core import Check, Verdict, _fmt, load_checks, run_check
from .cache import Cache, share

# "use": verdicts and computations come from the store's cache when their code and inputs
# match; "refresh" (--no-cache): computed anew and stored again; "off": no cache at all.
CACHE_MODES = ("use", "refresh", "off")


@dataclass(frozen=True)
class CacheSpec:
    """Where the workers find the cache (the store's path) and whether to recompute
    (``--no-cache``: computed anew and stored again)."""

    path: str
    refresh: bool = False


@dataclass(frozen=True)
class Task:
    """One check on one instance (the probe's overrides; none for a plain run)."""

    check: Check
    overrides: dict = field(default_factory=dict)
    timeout: float | None = None  # seconds; beyond them the task is an error verdict

    @property
    def history_key(self) -> tuple[str, str]:
        return (self.check.statement_id, self.check.name)


class TaskTimeout(Exception):
    """A task ran past its time limit: an ``error`` verdict, never evidence either way."""


@contextmanager
def _time_limit(seconds: float | None):
    """Raise :class:`TaskTimeout` in this thread after ``seconds``.

    In a process's main thread (in-process runs, pool workers) a SIGALRM timer raises it. In any
    other thread (a Dask worker runs tasks in a thread pool, where signals cannot be handled) a
    timer thread raises it asynchronously in the task's thread (``PyThreadState_SetAsyncExc``).
    Either way a check blocked in C code is stopped when it returns to Python."""
    import threading

    if not seconds:
        yield
        return
    if threading.current_thread() is threading.main_thread():
        with _alarm(seconds):
            yield
    else:
        with _async_raise_after(seconds):
            yield


@contextmanager
def _alarm(seconds: float):
    import signal

    def expire(signum, frame):
        raise TaskTimeout(f"exceeded the time limit of {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class _ExpiredInThread(TaskTimeout):
    """The time limit of a task run in a non-main thread (raised there asynchronously: the
    exception class must take no arguments, so its message is fixed)."""

    def __init__(self, *args):
        super().__init__(*(args or ("exceeded the time limit (raised in the task's thread)",)))


@contextmanager
def _async_raise_after(seconds: float):
    import ctypes
    import threading

    target = ctypes.c_ulong(threading.get_ident())
    lock = threading.Lock()
    state = {"active": True, "fired": False}

    def expire():
        with lock:
            if state["active"]:
                state["fired"] = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(target, ctypes.py_object(_ExpiredInThread))

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            state["active"] = False
            timer.cancel()
            if state["fired"]:
                # an exception set but not yet delivered must not escape past this block
                ctypes.pythonapi.PyThreadState_SetAsyncExc(target, None)


def run_task(
    chk: Check, overrides: dict, budget: str, seed: int, cache: CacheSpec | None = None, timeout: float | None = None
) -> Verdict:
    """One task: the check's verdict, through the store's cache when ``cache`` names one, within
    ``timeout`` seconds (a check past it is an ``error`` verdict)."""
    try:
        with _time_limit(timeout):
            if cache is None:
                return run_check(chk, budget=budget, overrides=overrides, seed=seed)
            return Cache.at(cache.path, cache.refresh).verdict(chk, budget, overrides, seed, run_check)
    except TaskTimeout as exc:  # the timer fired outside the check (in the cache's bookkeeping)
        return failed_verdict(Task(chk, overrides), exc, seed, "time limit")


def _run_unit(
    tasks: list[tuple[str, dict, float | None]], budget: str, seed: int, cache: CacheSpec | None = None
) -> list[Verdict]:
    """Tasks that share a computation, one after the other in one worker process."""
    return [_run_task(key, overrides, budget, seed, cache, timeout=timeout) for key, overrides, timeout in tasks]


def _run_task(
    check_key: str,
    overrides: dict,
    budget: str,
    seed: int,
    cache: CacheSpec | None = None,
    plugins=(),
    timeout: float | None = None,
) -> Verdict:
    """One task in a worker process (module-level, so that it pickles): the worker loads the
    checks (its own registry; ``plugins``: the sources of ``$IBV_PLUGINS``, for a worker that
    does not have them) and runs the named one."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    return run_task(_worker_checks(plugins)[check_key], overrides, budget, seed, cache, timeout)


_WORKER_CHECKS: dict = {}


def _worker_checks(plugins=()) -> dict[str, Check]:
    """The checks of a worker process, loaded once per process and plugin set: a worker runs
    the code it loaded (as the cache keys its verdicts by it), and ``load_checks`` walks the
    registry and the package directories (~2 ms), which per task was ~2 s of a quick run."""
    key = (os.getpid(), tuple(plugins))
    if key not in _WORKER_CHECKS:
        if plugins:
            from theorems.registry import load_plugin_sources

            load_plugin_sources(plugins)
        _WORKER_CHECKS[key] = load_checks()
    return _WORKER_CHECKS[key]


def failed_verdict(task: Task, exc: BaseException, seed: int, where: str) -> Verdict:
    """The ``error`` verdict of a task whose worker died or could not run it."""
    chk = task.check
    return Verdict(
        chk.statement_id,
        chk.name,
        chk.method,
        "error",
        chk.expected,
        _fmt(task.overrides),
        {"comparisons": [], "instances": []},
        None,
        seed,
        0.0,
        f"{type(exc).__name__}: {exc} ({where})",
        step=chk.step,
    )


# ---------------------------------------------------------------------------------------
# Back-ends
# ---------------------------------------------------------------------------------------
class Executor:
    """Runs tasks; :meth:`run` yields ``(index, verdict)`` as each task finishes (``index``
    into the task list it was given)."""

    name = "executor"
    parallel = False  # more than one task at a time: the order of submission matters
    shares_files = True  # the workers see this machine's files (the store's cache)

    def run(
        self, tasks: Sequence[Task], budget: str, seed: int, cache: CacheSpec | None = None
    ) -> Iterator[tuple[int, Verdict]]:
        raise NotImplementedError


class InProcess(Executor):
    """One task after the other in this process (the Check objects themselves: a check
    registered only here runs too)."""

    name = "in-process"

    def run(self, tasks, budget, seed, cache=None):
        for i, t in enumerate(tasks):
            yield i, run_task(t.check, t.overrides, budget, seed, cache, t.timeout)


def _worker_init() -> None:
    """A pool worker dies with the process that started it (Linux: the parent-death signal), so
    that no worker outlives a killed ``ibv run``; Ctrl-C goes to the parent alone, which stops
    the workers itself."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == 1:  # the parent died before the signal was armed
            os._exit(1)
    except OSError:  # not Linux: the worker exits when the parent's pipe closes
        pass


class ProcessPool(Executor):
    """A local pool of ``jobs`` worker processes, fed in the order given. A task that raises
    in its worker (or a worker that dies) ends the run: the run is then incomplete. On any
    exception or signal in the parent the workers are terminated, not left computing."""

    name = "process pool"
    parallel = True

    def __init__(self, jobs: int):
        self.jobs = jobs

    def run(self, tasks, budget, seed, cache=None):
        from concurrent.futures import ProcessPoolExecutor, as_completed

        pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_init)
        try:
            futs = {
                pool.submit(
                    _run_unit,
                    [(tasks[i].check.key, tasks[i].overrides, tasks[i].timeout) for i in unit],
                    budget,
                    seed,
                    cache,
                ): unit
                for unit in units(tasks)
            }
            for f in as_completed(futs):
                yield from zip(futs[f], f.result())
        except BaseException:
            workers = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for w in workers:
                w.terminate()
            raise
        pool.shutdown(wait=True)


class Dask(Executor):
    """Dask: an existing cluster (``scheduler``), a given ``client``, or a local cluster of
    ``workers`` single-threaded processes (default: one per core), started on first use and
    closed after. Results are collected on the client, so one process writes the store. A
    task whose worker died or that could not run gets an ``error`` verdict."""

    name = "dask"
    parallel = True

    def __init__(self, scheduler: str | None = None, workers: int | None = None, client=None):
        self.scheduler, self.workers, self.client = scheduler, workers, client
        # an existing cluster's workers may run on other machines, without this store
        self.shares_files = scheduler is None and client is None

    def connect(self):
        """A Dask client: on an existing cluster, or on a local cluster of single-threaded
        worker processes; returns (client, cluster or None)."""
        import logging

        from dask.distributed import Client, LocalCluster

        if self.scheduler:
            return Client(self.scheduler, timeout="10s"), None
        n = self.workers or os.cpu_count() or 1
        cluster = LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
        )
        return Client(cluster), cluster

    def run(self, tasks, budget, seed, cache=None):
        if not tasks:
            return
        from dask.distributed import as_completed

        from theorems.registry import plugin_sources

        # a cluster started by hand has neither this environment nor these files: the plugins
        # travel with the tasks (a few kB)
        plugins = tuple(plugin_sources())
        client, cluster = (self.client, None) if self.client is not None else self.connect()
        try:
            futs = {}
            for i, t in enumerate(tasks):  # earlier tasks first: a higher priority
                futs[
                    client.submit(
                        _run_task,
                        t.check.key,
                        t.overrides,
                        budget,
                        seed,
                        cache,
                        plugins,
                        t.timeout,
                        pure=False,
                        priority=len(tasks) - i,
                    )
                ] = i
            for f in as_completed(list(futs)):
                i = futs[f]
                try:
                    v = f.result()
                except Exception as exc:  # the worker died or the task could not run: an error verdict
                    v = failed_verdict(tasks[i], exc, seed, "on the Dask worker")
                yield i, v
        finally:
            if self.client is None:
                client.close()
                if cluster is not None:
                    cluster.close()


def choose(
    n_tasks: int,
    *,
    jobs: int | None = None,
    dask: bool = False,
    scheduler: str | None = None,
    workers: int | None = None,
    client=None,
) -> Executor:
    """The back-end for ``n_tasks`` tasks: ``ibv run`` gives ``jobs`` (a process pool when
    more than one job and task), ``ibv probe`` asks for Dask (``dask``: in process for one
    task or ``workers == 1`` without a scheduler or client)."""
    if dask or scheduler is not None or client is not None:
        if client is None and scheduler is None and (workers == 1 or n_tasks <= 1):
            return InProcess()
        return Dask(scheduler=scheduler, workers=workers, client=client)
    if jobs is not None and jobs > 1 and n_tasks > 1:
        return ProcessPool(jobs)
    return InProcess()


# ---------------------------------------------------------------------------------------
# Order: longest first
# ---------------------------------------------------------------------------------------
SHIPPED_SECONDS = Path(__file__).with_name("expected_seconds.json")


def shipped_seconds(budget: str) -> dict[tuple[str, str], float]:
    """The seconds of each check measured on the reference machine (``expected_seconds.json``,
    written by ``tools/expected_seconds.py`` from a store), for a store without history."""
    try:
        table = json.loads(SHIPPED_SECONDS.read_text())
    except FileNotFoundError:
        return {}
    return {tuple(k.split("::", 1)): float(v) for k, v in table.get(budget, {}).items()}


def schedule(tasks: Sequence[Task], expected: Mapping[tuple[str, str], float]) -> list[int]:
    """The order to submit tasks in (indices into ``tasks``), longest expected first (LPT:
    with two workers, both finish close together). ``expected`` gives the seconds of a
    (statement, check) -- the store's history at the budget; checks without history go first
    (they may be long), in their given order; ties keep the given order. Tasks whose checks
    share a computation (``Check.shares``) form one unit, ordered by their summed seconds and
    kept consecutive (:func:`units` then hands them to one worker)."""
    groups: dict[object, list[int]] = {}
    for i, t in enumerate(tasks):
        groups.setdefault(t.check.shares or ("task", i), []).append(i)

    def key(members: list[int]):
        es = [expected.get(tasks[i].history_key) for i in members]
        if any(e is None for e in es):
            return (0, 0.0, members[0])
        return (1, -float(sum(es)), members[0])

    return [i for members in sorted(groups.values(), key=key) for i in members]


def units(tasks: Sequence[Task]) -> list[list[int]]:
    """Consecutive tasks whose checks share a computation, as one unit (indices)."""
    out: list[list[int]] = []
    for i, t in enumerate(tasks):
        if out and t.check.shares is not None and tasks[out[-1][-1]].check.shares == t.check.shares:
            out[-1].append(i)
        else:
            out.append([i])
    return out


# ---------------------------------------------------------------------------------------
# The run lifecycle
# ---------------------------------------------------------------------------------------
class Run:
    """A run in the store, as a context manager: on entry a new run is started (or, for a
    sweep with ``resume``, its latest interrupted run is reopened, ``done`` then holding the
    (check, instance) pairs it already stored); :meth:`add` stores each verdict as it arrives,
    one transaction each; on exit the run is finished ``complete``, or ``incomplete`` when an
    exception (KeyboardInterrupt included) leaves the block. Without a store it only collects."""

    def __init__(
        self,
        store,
        budget: str,
        kind: str = "run",
        argv: list[str] | None = None,
        sweep: str | None = None,
        resume: bool = False,
        cache: str = "use",
    ):
        if cache not in CACHE_MODES:
            raise ValueError(f"cache must be one of {CACHE_MODES}")
        self.store, self.budget, self.kind, self.argv = store, budget, kind, argv
        self.sweep, self.resume, self.cache = sweep, resume, cache
        self.id: int | None = None
        self.resumed = False
        self.done: set[tuple[str, str]] = set()
        self.verdicts: list[Verdict] = []  # taken in this process, in arrival order

    def __enter__(self) -> Run:
        if self.store is None:
            return self
        prev = self.store.resumable_run(self.sweep) if (self.sweep and self.resume) else None
        if prev is not None:
            self.id, self.resumed = prev["id"], True
            self.store.reopen_run(self.id, self.argv)
            self.done = self.store.done_instances(self.id)
        else:
            self.store.mark_interrupted_runs()
            self.id = self.store.start_run(self.budget, kind=self.kind, argv=self.argv, sweep=self.sweep)
        return self

    def add(self, v: Verdict) -> None:
        self.verdicts.append(v)
        if self.store is not None:
            self.store.add_verdict(self.id, v)

    def add_artifact(self, name: str, mime: str, content: str) -> None:
        if self.store is not None:
            self.store.add_run_artifact(self.id, name, mime, content)

    def expected_seconds(self) -> dict[tuple[str, str], float]:
        """Each check's expected seconds at the budget: the store's history, else the shipped
        table (so that a first run on a new machine is ordered too)."""
        history = self.store.durations(self.budget) if self.store is not None else {}
        return {**shipped_seconds(self.budget), **history}

    def cache_spec(self, executor: Executor) -> CacheSpec | None:
        """Where the executor's workers find the cache: the store's (``None`` without a store,
        with ``cache="off"``, or for workers that may not see this machine's files)."""
        if self.store is None or self.cache == "off" or not executor.shares_files:
            return None
        share(self.store)
        return CacheSpec(str(self.store.path), refresh=self.cache == "refresh")

    def __exit__(self, exc_type, exc, tb) -> bool:
        if self.store is not None and self.id is not None:
            self.store.finish_run(self.id, "complete" if exc_type is None else "incomplete")
        return False


def execute(
    run: Run,
    tasks: Sequence[Task],
    executor: Executor,
    seed: int = 0,
    on_verdict: Callable[[Verdict], None] | None = None,
) -> list[Verdict]:
    """Run the tasks on the executor within the run: each verdict is stored as it arrives
    and passed to ``on_verdict``; a parallel executor gets the tasks longest first. Returns
    the verdicts in task order."""
    from .cache import snapshot

    snapshot()  # the code as imported keys the verdicts, even if a file is edited mid-run
    spec = run.cache_spec(executor)
    got: dict[int, Verdict] = {}

    def take(i: int, v: Verdict) -> None:
        run.add(v)
        got[i] = v
        if on_verdict is not None:
            on_verdict(v)

    if spec is not None and not spec.refresh:
        # cached verdicts are taken here, before any worker starts: a warm re-run costs lookups
        cache = Cache.at(spec.path)
        for i, t in enumerate(tasks):
            v = cache.lookup(t.check, run.budget, t.overrides, seed)
            if v is not None:
                take(i, v)
    todo = [i for i in range(len(tasks)) if i not in got]
    if executor.parallel and len(todo) > 1:
        order = [todo[j] for j in schedule([tasks[i] for i in todo], run.expected_seconds())]
    else:
        order = todo
    for k, v in executor.run([tasks[i] for i in order], run.budget, seed, spec):
        take(order[k], v)
    return [got[i] for i in sorted(got)]
