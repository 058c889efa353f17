"""First-order optimisers on lists of NumPy arrays, knowing no paper."""

from __future__ import annotations

import numpy as np


class Adam:
    """Adam (Kingma & Ba) on a list of arrays: ``step(params, grads)`` returns the updated list
    (bias-corrected first and second moment estimates, learning rate ``lr``, decay rates ``b1``,
    ``b2``, and ``eps`` added to the square root of the second moment)."""

    def __init__(self, lr, b1=0.9, b2=0.999, eps=1e-8):
        self.lr, self.b1, self.b2, self.eps, self.t, self.m, self.v = lr, b1, b2, eps, 0, None, None

    def step(self, params, grads):
        if self.m is None:
            self.m = [np.zeros_like(p) for p in params]
            self.v = [np.zeros_like(p) for p in params]
        self.t += 1
        out = []
        for i, (p, g) in enumerate(zip(params, grads)):
            self.m[i] = self.b1 * self.m[i] + (1 - self.b1) * g
            self.v[i] = self.b2 * self.v[i] + (1 - self.b2) * g * g
            mh, vh = self.m[i] / (1 - self.b1**self.t), self.v[i] / (1 - self.b2**self.t)
            out.append(p - self.lr * mh / (np.sqrt(vh) + self.eps))
        return out
