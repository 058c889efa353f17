"""pytest configuration: Hypothesis profiles, and the ``planted`` fixture.

``ci`` is derandomized (the same examples every run) and is what .ci/run uses
(HYPOTHESIS_PROFILE=ci); ``dev`` explores with fresh randomness.
"""

import os
import sys

# One BLAS thread per process: on 2 cores OpenBLAS threading slowed small LSODA flows ~17x.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pytest
from _plugin import PLUGIN
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=60, database=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def planted(monkeypatch):
    """Load the test-only statements of tests/plugins/planted.py (``scratch/...``) for one test
    and remove them afterwards, so that the rest of the session sees the papers only; yields
    ``scratch/planted``."""
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
