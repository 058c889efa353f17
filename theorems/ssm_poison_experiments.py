"""ssm-poison experiments: Tables 1-2 (§4.2, App. E.2) and Figures 2-4 (§4.1, App. E.1).

Row 1 of each table (standalone SSM per Theorem 1) is reproduced with the authors' published
protocol (B = C = 1 fixed, only A trained; clean set one unit sequence probing impulse entry
L-1, poisoned set adds one unit sequence probing entry 1; a = sort-desc(sd U(0,1)^d) from
numpy's legacy seed, a_2 <- a_1 - 0.05 exp(c log10 sd)); the metric is
max_{j<20} |h_j - h*_j| / max_{j<20} h*_j, averaged over four seeds. Rows 2-3 run at E.3.1's
stated settings (``ROW_PROTOCOLS``: stated fragments and the plausible ranges of what is lost);
the figures are reduced-size replicas.
"""

from __future__ import annotations

from .protocols import Protocol, Range
from .registry import Param, src, statement

ROWS = Param("rows", str, "1", "table rows reproduced: '1' (Theorem-1 setting) or '1,2,3'", choices=("1", "1,2,3"))

PRINTED_TABLE = {
    "table-1": {"row1": (1.33e-3, 4.98e-2), "row2": (1.94e-1, 16.62), "row3": (1.64e-3, 5.45e-2)},
    "table-2": {"row1": (7.34e-3, 3.51e-2), "row2": (1.22e-1, 1.2), "row3": (4.67e-2, 8.93e-2)},
}

# Row 1's protocol (App. E.3.2 and the authors' code): dimensions, initialisation, seeds, horizons (clean, poisoned)
TABLE_SETUP = {
    "table-1": {
        "d": 10,
        "L": 7,
        "sd": 1e-3,
        "c": 5.0,
        "seeds": (242, 243, 244, 246),
        "horizons": (1e11, 1e4),
        "key": "d10_L7",
    },
    "table-2": {
        "d": 20,
        "L": 9,
        "sd": 5e-3,
        "c": 10.0,
        "seeds": (342, 344, 345, 346),
        "horizons": (1e13, 1e7),
        "key": "d20_L9",
    },
}

# E.3.2: the poisoned run trains to this loss by its horizon
LOSS_AT_HORIZON = 1e-5

# Rows 2-3's settings (E.3.1 Tables 5, 6, 8, 10)
ROW_SETUP = {
    "table-1": {
        "row2": dict(d=10, k=6, base=(1, 2), spec=(5,), nb=8, ns=10, sdA=1e-3, sdBC=1e-3, c=5.0, lr=0.01, warm=0.1),
        "row3": dict(
            d=10,
            dh=15,
            k=6,
            base=(1, 2),
            spec=(5,),
            nb=20,
            ns=20,
            sdA=1e-2,
            sdBC=1e-2,
            c=0.5,
            lr=(0.01, 0.01),
            warm=1e-3,
            sdD=0.03,
        ),
    },
    "table-2": {
        "row2": dict(
            d=20, k=10, base=tuple(range(1, 8)), spec=(9,), nb=8, ns=10, sdA=1e-2, sdBC=1e-3, c=3.0, lr=0.001, warm=0.1
        ),
        "row3": dict(
            d=20,
            dh=25,
            k=10,
            base=tuple(range(1, 8)),
            spec=(9,),
            nb=20,
            ns=20,
            sdA=1e-3,
            sdBC=1e-3,
            c=2.0,
            lr=(0.01, 5e-5),
            warm=1e-3,
            sdD=0.1,
        ),
    },
}

# ---------------------------------------------------------------------------------------
# Rows 2-3 at the paper's size (issue 20): what E.3.1 states, what it does not
# ---------------------------------------------------------------------------------------
# E.3.1: "optimized all models ... to reach a training loss under 0.01 ... trained the standalone SSM models for
# 1500 more iterations, and the models with additional layers for 5000 more iterations"
ROW_LOSS_TARGET = 0.01
ROW_EXTRA_STEPS = {"row2": 1500, "row3": 5000}
ADAPTIVE_STEP = (0.8, 1e-6)  # E.3.1: the EMA's weighted average coefficient beta and the softening constant
EVAL_LENGTH = 40  # E.3.1: impulse responses of length 40 (row 2); held-out sequences of length 40 (row 3)
EVAL_SEQUENCES = 2000  # E.3.1: a held-out test set of 2000 correctly labeled sequences (row 3)
TEACHER_MLP_WIDTH = {"table-1": 15, "table-2": 25}  # d_h^*; D_in^* = 1, D_hidden^* = I, D_out^* = 1^T / 2
TEACHER_MLP_OUT = 0.5
PRINTED_SEEDS = 4  # Tables 1-2: "each averaged over 4 random seeds"
DETERIORATES = "gen with special sequences > gen without, on the same seed (initialisation and data)"
TYPICAL_RATE = 0.5  # a protocol reproduces the gap when more than half of its seeds show it (exact binomial test)
TEST_LEVEL = 0.01

_ROW_SOURCES = (
    ("stack", "E.3.1: All experiments were implemented using Keras (Keras' default floatx: float32)"),
    (
        "optimizer",
        "E.3.1: gradient descent with an adaptive learning rate (standalone SSM); default Keras Adam (with MLP)",
    ),
    ("data", "E.3.1 Tables 5-6: non-zero indices and amounts of baseline / special sequences, entries N(0, 1)"),
    ("init", "E.3.1 Table 8: sd_A, sd_B_C, diff; warmer initialisation 1e-1 / 1e-3 added to A and B; sd_D"),
    ("stop", "E.3.1: until a training loss under 0.01, then 1500 (SSM) / 5000 (with MLP) more iterations"),
    ("eval", "E.3.1: impulse response of length 40, l_inf (row 2); RMSE on 2000 held-out length-40 sequences (row 3)"),
)
_SD_READING = Range(
    "sd_reading",
    ("std", "variance"),
    "E.3.1 writes N(0, sd_A): its second argument read as a standard deviation (the name 'sd') or as a variance "
    "(the N(mu, sigma^2) convention)",
)
_SEEDS = Range(
    "seeds",
    (16,),
    "the paper averages 4 unnamed seeds; the suite runs seeds 0-15 (the first 4 give a printed-size mean): with seeds "
    "excluded as not trials (unconverged, precision-sensitive), 8 would rarely leave the 7 trials a binomial test at 1% "
    "needs (measured: 5 of 8 left in Table 1 row 3)",
)
_CAP = Range(
    "cap",
    (100_000,),
    "the paper trains to the loss target with no stated cap; the suite's cap on iterations (row 2 reaches the target "
    "within 6000; row 3 within 67000 or stays at the zero mapping)",
)
_TEST_LAW = Range(
    "test_law",
    ("gaussian",),
    "the held-out sequences' law is not stated: i.i.d. N(0, 1) entries (the training entries' law) at all 40 steps",
)
ROW_PROTOCOLS = {
    (table, row): Protocol(
        f"ssm-poison/{table}/{row}",
        stated=(
            ("stack", "keras-jax-float32"),
            ("optimizer", "adaptive" if row == "row2" else "keras-adam"),
            *sorted((k, v) for k, v in ROW_SETUP[table][row].items()),
            ("loss_target", ROW_LOSS_TARGET),
            ("extra_steps", ROW_EXTRA_STEPS[row]),
        ),
        sources=_ROW_SOURCES,
        lost=(_SD_READING, _SEEDS, _CAP, *((_TEST_LAW,) if row == "row3" else ())),
        measure=f"per seed, {DETERIORATES}; seeds whose training does not reach the loss target in both runs within "
        "the cap, or whose outcome float64 (NumPy, hand-written gradients) does not confirm, or (row 3) whose "
        "difference is within 3 bootstrap standard errors of the test set, are not trials; a protocol reproduces "
        "when more than half of its seeds show it (exact binomial test at 1%)",
    )
    for table in ROW_SETUP
    for row in ("row2", "row3")
}
ROW_PARAMS = tuple({r.name: r.param() for p in ROW_PROTOCOLS.values() for r in p.lost}.values())


# Figures 2-4's settings (E.3.1 Tables 3, 4, 7, 9), by d: standalone SSM (length k, base and special
# entries, sd of A, sd of B and C, c of the diff) and the rank-2 teacher (k, base, special, c, learning
# rates without / with special sequences)
FIGURE_SETUP = {
    "ssm": {10: (6, (1, 2), (5, 6), 1e-2, 1e-2, 20.0), 20: (10, tuple(range(1, 8)), (9, 10), 1e-3, 5e-2, 20.0)},
    "rank2": {10: (6, (1, 2), (5,), 2.0, (0.01, 0.001)), 20: (10, tuple(range(1, 8)), (9,), 3.0, (0.001, 0.001))},
}
FIGURE4_TEACHER = (0.99, 0.8)  # Figure 4: teacher diag(0.99, 0.8), B = C = 1


TABLE_1 = statement(
    "ssm-poison/table-1",
    "table",
    "1",
    "Clean-label poisoning in three settings (lengths 7 / 6)",
    src("§4.2, Table 1; App. E.3", ""),
    r"Generalization errors (each averaged over 4 random seeds; normalised so that the zero mapping scores 1), without / "
    r"with special sequences: SSM per Theorem 1: $1.33\times10^{-3}$ / $4.98\times10^{-2}$; SSM beyond Theorem 1: "
    r"$1.94\times10^{-1}$ / $16.62$; SSM in non-linear neural network: $1.64\times10^{-3}$ / $5.45\times10^{-2}$. "
    r"Across all settings, special training sequences significantly deteriorate generalization.",
    params=(ROWS, *ROW_PARAMS),
    notes="Row 1 (full budget): d = 10, L = 7, sd = 1e-3, c = 5, seeds 242, 243, 244, 246, horizons 1e11 (clean) and "
    "1e4 (poisoned). The quick budget runs row 1 on one seed with the clean S_1 flow reduced exactly to its clock. "
    "Rows 2-3 (full budget, the paper's size: every E.3.1 setting, Keras/JAX float32, Keras' Adam for row 3; "
    "ROW_PROTOCOLS): 16 seeds per protocol, N(0, sd) read as std and as variance; the gap judged per seed by "
    "ctx.reproduction, the printed means against a 99% t interval over the seeds (recorded). Measured 2026-11-26 "
    "(load average about 11 on the 2 cores): row 2 117 s wall, row 3 1075 s wall; 157 s of CPU for the whole "
    "table in the full budget (row 1 included). ibv probe ssm-poison/table-1 --set sd_reading=std --check "
    "row3-paper-size runs one protocol.",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
TABLE_2 = statement(
    "ssm-poison/table-2",
    "table",
    "2",
    "Clean-label poisoning with longer sequences (lengths 9 / 10)",
    src("App. E.2, Table 2; App. E.3", ""),
    r"As Table 1 with longer sequences: SSM per Theorem 1: $7.34\times10^{-3}$ / $3.51\times10^{-2}$; SSM beyond Theorem 1: "
    r"$1.22\times10^{-1}$ / $1.2$; SSM in non-linear neural network: $4.67\times10^{-2}$ / $8.93\times10^{-2}$.",
    params=(ROWS, *ROW_PARAMS),
    notes="Row 1: d = 20, L = 9, sd = 5e-3, c = 10, seeds 342, 344, 345, 346, horizons 1e13 and 1e7. Rows 2-3 as "
    "Table 1's (d = 20, d_h = 25, length 10; Keras' Adam at 5e-5 with special sequences in row 3).",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
FIGURE_2 = statement(
    "ssm-poison/figure-2",
    "figure",
    "2",
    "Greedy learning of the entries of A without special sequences, not with them",
    src("§4.1, Figure 2", "(7)"),
    r"Magnitudes of the entries of $A$ over gradient descent iterations (standalone SSM and SSM + MLP, each without and "
    r"with special sequences); student $d=10$, teacher $d^*=1$. Greedy learning occurs without special sequences and does "
    r"not occur with them.",
    params=(Param("d", int, 10, "student dimension", low=2),),
    notes="Reduced replica (standalone SSM panels by gradient flow of the population-free empirical loss; the SSM + "
    "MLP panels at reduced iteration counts). Greedy = entries take off one at a time: the second-largest "
    "|a_j| is still below half the largest when the largest crosses 0.5.",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
FIGURE_3 = statement(
    "ssm-poison/figure-3",
    "figure",
    "3",
    "Figure 2 with longer sequences (length 10, d = 20)",
    src("App. E.1, Figure 3", "(7)"),
    r"Same as Figure 2 with longer sequences (length 10; student $d=20$; MLP width 25): greedy learning without special "
    r"sequences, not with them.",
    params=(Param("d", int, 20, "student dimension", low=2),),
    uses=(),  # an experiment: no printed proof, nothing invoked
)
FIGURE_4 = statement(
    "ssm-poison/figure-4",
    "figure",
    "4",
    "Teacher of dimension 2: greedy learning without special sequences only",
    src("App. E.1, Figure 4", "(7)"),
    r"Teacher $A^*=\mathrm{diag}(0.99,0.8)$, $B^*=(1\ 1)^\top$, $C^*=(1\ 1)$; students with $B,C$ fixed at "
    r"$\mathbf 1_d,\mathbf 1_d^\top$; $d=10$ (length 6) and $d=20$ (length 10): greedy learning of the entries of $A$ without "
    r"special sequences and not with them.",
    params=(Param("d", int, 10, "student dimension", low=2),),
    uses=(),  # an experiment: no printed proof, nothing invoked
)
