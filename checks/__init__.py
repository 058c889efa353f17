"""Binds statements to methods and instances and produces verdicts: one module per paper,
plus the runner, the results store, the probe driver and the ``ibv`` CLI."""
