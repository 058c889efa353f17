"""How numbers are computed, knowing no paper: gradient flows at double and high precision,
convex programs (cvxpy), interval certification, fast numeric models, exact arithmetic (rational
converters, random rational instances, exact minimum-norm solutions), small linear algebra and
the statistics and fits of measured curves."""
