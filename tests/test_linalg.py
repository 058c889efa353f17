"""numerics.linalg against matrices with known singular values and square roots."""

import mpmath
import numpy as np

from numerics import linalg


def test_singular_values():
    assert np.allclose(linalg.singular_values(np.diag([-2.0, 3.0])), [3.0, 2.0], rtol=1e-14)  # descending
    assert np.allclose(linalg.singular_values([3.0, 4.0]), [5.0])  # a vector is a 1 x n matrix
    assert linalg.singular_values(np.zeros((0, 3))).size == 0


def test_mp_singular_values():
    with mpmath.workdps(40):
        s = linalg.mp_singular_values(mpmath.matrix([[0, 2], [1, 0]]))
        assert len(s) == 2 and abs(s[0] - 2) < mpmath.mpf(10) ** -35 and abs(s[1] - 1) < mpmath.mpf(10) ** -35


def test_psd_sqrt():
    assert np.allclose(linalg.psd_sqrt(np.diag([4.0, 9.0])), np.diag([2.0, 3.0]))
    A = np.random.default_rng(0).standard_normal((4, 4))
    M = A.T @ A + np.eye(4)
    R = linalg.psd_sqrt(M)
    assert np.allclose(R, R.T) and np.allclose(R @ R, M) and np.all(np.linalg.eigvalsh(R) > 0)
