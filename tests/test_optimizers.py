"""numerics.optimizers.Adam: the first step is lr times the sign of the gradient (bias-corrected
moments), and it minimises a quadratic."""

import numpy as np

from numerics import optimizers


def test_adam_first_step_and_convergence():
    opt = optimizers.Adam(0.1, eps=0.0)
    (p1,) = opt.step([np.array([1.0, -2.0, 3.0])], [np.array([4.0, -0.5, 0.0001])])
    assert np.allclose(p1, [0.9, -1.9, 2.9], rtol=1e-14)
    opt = optimizers.Adam(0.05)
    x = [np.array([3.0, -1.0])]
    for _ in range(3000):
        x = opt.step(x, [2 * (x[0] - np.array([1.0, 2.0]))])
    assert np.allclose(x[0], [1.0, 2.0], atol=1e-3)
