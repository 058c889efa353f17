"""Small dense linear algebra, knowing no paper: singular values in double and in high
precision, and the symmetric square root of a positive semidefinite matrix.
"""

from __future__ import annotations

import mpmath
import numpy as np


def singular_values(A) -> np.ndarray:
    """The singular values of ``A`` (a scalar or vector is read as a 1 x n matrix), descending;
    empty for an empty ``A``."""
    return np.linalg.svd(np.atleast_2d(A), compute_uv=False) if np.size(A) else np.array([])


def mp_singular_values(A) -> list:
    """The singular values of an ``mpmath.matrix`` at the working precision, descending."""
    return sorted([abs(x) for x in mpmath.svd_r(A, compute_uv=False)], reverse=True)


def psd_sqrt(M: np.ndarray) -> np.ndarray:
    """The symmetric square root ``Q diag(sqrt(w)) Q^T`` of a symmetric positive semidefinite
    ``M = Q diag(w) Q^T`` (``numpy.linalg.eigh``)."""
    w, Q = np.linalg.eigh(M)
    return (Q * np.sqrt(w)) @ Q.T
