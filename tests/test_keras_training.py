"""The Keras engine (numerics/keras_training.py): the linear RNN's parameters read off Keras
agree with what the Keras model computes (the population error from the extracted impulse
response against the model's own test error), zero left-padding is exact for the linear cell,
seeds are deterministic, and the teacher's outputs are the convolution they claim to be."""

from __future__ import annotations

import numpy as np
import pytest

from numerics import keras_training as kt


def test_teacher_outputs_is_the_causal_convolution():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((5, 7, 1))
    g = [0.5, -1.0, 0.25]
    Y = kt.teacher_outputs(g, X)
    for n in range(5):
        for t in range(1, 8):
            want = sum(g[j] * X[n, t - 1 - j, 0] for j in range(min(t, 3)))
            assert Y[n, t - 1] == pytest.approx(want, abs=1e-12)


KW = dict(lr=1e-2, steps=(250, 500), batch=32, n_train=512, seeds=(0, 1), T=8, n_test=4000)


@pytest.fixture(scope="module")
def plain():
    return kt.train("linear", 4, 3, (1.0, 0.5), **KW)


def test_extracted_parameters_reproduce_the_models_test_error(plain):
    r = plain[-1]
    for i in range(2):
        pop = r.relative_population_mse(i)
        test, se = r.relative_test_mse(i), r.relative_test_se(i)
        # E[test MSE at length t] = sum_{j<t} (h_j - g_j)^2 for i.i.d. standard normal inputs
        assert np.all(np.abs(test - pop) <= 5 * se + 1e-6)
    assert r.steps == 500 and plain[0].steps == 250 and r.loss_steps[-1] == 500


@pytest.mark.slow  # two more compilations (10-30 s on a loaded 2-core machine)
def test_zero_padding_is_exact_for_the_linear_cell_and_seeds_are_deterministic(plain):
    padded = kt.train("linear", 4, 3, (1.0, 0.5), pad_to=5, **KW)
    again = kt.train("linear", 4, 3, (1.0, 0.5), **KW)
    for a, b in zip(plain, padded):
        assert np.allclose(a.impulse, b.impulse, rtol=1e-4, atol=1e-6)
    assert plain[-1].losses == again[-1].losses and plain[-1].impulse == again[-1].impulse
    with pytest.raises(ValueError):
        kt.train("gru", 4, 3, (1.0,), pad_to=5, steps=250)
    with pytest.raises(ValueError):
        kt.train("linear", 4, 3, (1.0,), steps=300)
