"""Binds statements to methods and instances and produces verdicts: one module per paper
(``checks/<paper>.py``), the judges and ``@check`` (``core``), the verdict schema
(``schema``), and the machine that runs them (``machine/``: runner, probe, store, ``ibv`` CLI)."""
