"""The machine: what runs checks and keeps their verdicts, knowing no paper.

``executor`` (one executor, three back-ends, one run lifecycle), ``runner`` (``ibv run``),
``probe`` (``ibv probe``), ``store`` (the SQLite results store), ``catalog`` (the plain-data
snapshot of statements and checks the report renders) and ``cli`` (the ``ibv`` command).
The judges, ``@check`` and ``run_check`` stay in :mod:`checks.core`; the verdict schema in
:mod:`checks.schema`.
"""
