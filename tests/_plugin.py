"""The test-only statements of tests/plugins/planted.py (``scratch/...``): the plugin's path
and the environment of an ``ibv`` subprocess that sees them. The ``planted`` fixture, which
loads them for one test, is in conftest.py."""

import os
from pathlib import Path

PLUGIN = str(Path(__file__).resolve().parent / "plugins" / "planted.py")


def cli_env(store) -> dict:
    """The environment of an ``ibv`` subprocess that sees the test-only statements."""
    from theorems.registry import PLUGINS_ENV

    return {**os.environ, PLUGINS_ENV: PLUGIN, "IBV_STORE": str(store), "OPENBLAS_NUM_THREADS": "1"}
