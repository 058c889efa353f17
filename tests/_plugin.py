"""Load the test-only statements of tests/plugins/planted.py (``scratch/...``) for one test
and remove them afterwards, so that the rest of the session sees the papers only."""

import os
import sys
from pathlib import Path

import pytest

PLUGIN = str(Path(__file__).resolve().parent / "plugins" / "planted.py")


@pytest.fixture
def planted(monkeypatch):
    from checks.core import CHECKS, load_checks
    from theorems.registry import PLUGINS_ENV, REGISTRY

    monkeypatch.setenv(PLUGINS_ENV, PLUGIN)
    load_checks()
    yield REGISTRY["scratch/planted"]
    for k in [k for k in REGISTRY if k.startswith("scratch/")]:
        del REGISTRY[k]
    for k in [k for k in CHECKS if k.startswith("scratch/")]:
        del CHECKS[k]
    for m in [m for m in sys.modules if m.startswith("ibv_plugin_")]:
        del sys.modules[m]


def cli_env(store) -> dict:
    """The environment of an ``ibv`` subprocess that sees the test-only statements."""
    from theorems.registry import PLUGINS_ENV

    return {**os.environ, PLUGINS_ENV: PLUGIN, "IBV_STORE": str(store), "OPENBLAS_NUM_THREADS": "1"}
