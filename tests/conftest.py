"""pytest configuration: Hypothesis profiles.

``ci`` is derandomized (the same examples every run) and is what .ci/run uses
(HYPOTHESIS_PROFILE=ci); ``dev`` explores with fresh randomness.
"""

import os

# One BLAS thread per process: on 2 cores OpenBLAS threading slowed small LSODA flows ~17x.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=60, database=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
