"""How numbers are computed, knowing no paper: gradient flows at double and high precision,
convex programs (cvxpy), interval certification, fast numeric models."""
