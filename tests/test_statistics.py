"""numerics.montecarlo's summaries of paired draws: mean with standard error, sign test."""

import math

from numerics import montecarlo


def test_mean_and_standard_error():
    m, se = montecarlo.mean_and_standard_error([1.0, 2.0, 3.0])
    assert m == 2.0 and math.isclose(se, 1 / math.sqrt(3))
    assert montecarlo.mean_and_standard_error([4.0]) == (4.0, math.inf)


def test_sign_test_pvalue():
    assert montecarlo.sign_test_pvalue(10, 10) == 2.0**-10
    assert montecarlo.sign_test_pvalue(3, 4) == 5 / 16  # P(3 or 4 heads of 4)
    assert montecarlo.sign_test_pvalue(0, 7) == 1.0
    assert montecarlo.sign_test_pvalue(0, 0) == 1.0
