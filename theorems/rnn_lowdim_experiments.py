"""rnn-lowdim experiments (§5, App. B, C): the empirical claims and the figures that run on a
CPU at reduced size. Encodings of the training setups are in ``checks/rnn_lowdim_experiments.py``
(they are computations, not claims)."""

from __future__ import annotations

from .protocols import Protocol, Range
from .registry import Param, src, statement
from .rnn_lowdim import SEED

DH = Param("dh", int, 1, "teacher state dimension d^ (reduced from the paper's 5)", low=1)
D_EXP = Param("d", int, 20, "student state dimension (reduced from the paper's 40)", low=1)
T_HOR = Param("T", int, 40, "horizon of the impulse-response tail used for the extrapolation error", low=2)

# ---------------------------------------------------------------------------------------
# Figure 1(a) at the paper's size (issue 20): what §5.1 and App. C state, the lost ranges
# ---------------------------------------------------------------------------------------
LOW_RATIO = 0.1  # suite's reading of 'extrapolation error is low': below 10% of the zero response's error on the tail
HIGH_RATIO = 0.5  # suite's reading of 'high': above 50% of it
TYPICAL_RATE = 0.5  # a protocol reproduces when more than half of its runs show both (exact binomial test)
TEST_LEVEL = 0.01

FIG1A_PROTOCOL = Protocol(
    "rnn-lowdim/figure-1",
    stated=(
        ("d_hat", 5),
        ("width", 40),
        ("student", "balanced diagonal"),
        ("loss", "population (3.4)"),
        ("optimizer", "adam"),
        ("lr", 1e-3),
        ("steps", 15000),
        ("teacher", "C.2.1 balanced"),
    ),
    sources=(
        ("d_hat", "§5.1: we choose d^ = 5 and d = 40"),
        ("student", "§5.1 / Fig. 1(a): diagonal student with balanced initialization"),
        ("loss", "§5.1: GD applied directly to the population loss defined in Equation 3.4"),
        ("optimizer", "C.1: We use 15K optimization steps with Adam optimizer and a learning rate of 10^-3"),
        (
            "teacher",
            "C.2.1: eigenvalues distributed uniformly between 0.6 and 1.05; B^ = C^T ~ Gaussian around 0.5, scale 1, normalised to C^B^ = 1",
        ),
    ),
    lost=(
        Range(
            "placement",
            ("linspace", "uniform"),
            "C.2.1's 'distribute uniformly between 0.6 and 1.05': evenly spaced, or drawn uniformly (one draw per seed)",
        ),
        Range(
            "k_offset", (1, 3), "Fig. 1(a)'s k axis is lost: k = 2 d^ - offset (high expected) and 2 d^ + offset (low)"
        ),
        Range(
            "T", (40, 100), "the horizon of the l_inf extrapolation error, lost: 40 (the suite's reduced runs) and 100"
        ),
        Range("init", (1e-2,), "the student's initialisation scale: C.1 reports the results insensitive to it"),
    ),
    measure=(
        "per seed (teacher draw of B^ and student initialisation), a run reproduces when the tail error max_{k<=j<T} "
        "|h_j - w_j| relative to the zero response's max_{k<=j<T} |w_j| is above HIGH_RATIO at k = 2 d^ - offset and "
        "below LOW_RATIO at k = 2 d^ + offset; a protocol reproduces when more than half of its runs do (8 seeds; "
        "exact binomial test at 1%)"
    ),
)


GRU_PROTOCOL = Protocol(
    "rnn-lowdim/claim-gru-threshold",
    stated=(
        ("d_hat_g", 10),
        ("width", 100),
        ("optimizer", "adam"),
        ("batch", 100),
        ("inputs", "gaussian, zero mean, scale 1"),
        ("teacher_init", 1e-6),
        ("teacher_steps", 1000),
        ("k_low", 30),
        ("k_high", 60),
    ),
    sources=(
        ("d_hat_g", "§5.3: a student GRU with d_g = 100 ... from a teacher GRU with d^_g = 10"),
        ("optimizer", "§5.3: Optimization is based on Adam emanating from standard near-zero initialization"),
        ("batch", "C.1: The batch size is set to 100, data is sampled from a Gaussian with zero mean and scale of 1"),
        ("teacher_init", "C.2.3: initialize a model with an initialization scale of 10^-6 and train for 1000 step"),
        ("k_low", "Fig. 2(b) (catalog reading): students trained with k_g = 30 (fails) and k_g = 60 (tracks)"),
    ),
    lost=(
        Range("lr", (1e-3,), "Adam's learning rate: C.1 states 1e-3 for §5.1; §5.3's is not stated"),
        Range("steps", (10000,), "C.1: 50K steps with early stopping, most experiments required less than 10K"),
        Range("n_train", (10000,), "training set size: §5.1 reports N = 10,000 for its empirical-loss variant"),
        Range("T", (100,), "the horizon of the l_inf extrapolation error, lost: 100 (beyond both k_g)"),
        Range(
            "target",
            ("damped-sine",),
            "C.2.3's 'arbitrarily chosen impulse response' is not given: 0 at j = 0, sin(j/2) 0.95^j after",
        ),
        Range("seeds", (8,), "Fig. 2(a) averages ten seeds; 8 decide a binomial test at 1% (8 of 8)"),
    ),
    measure=(
        "per seed, the l_inf error (mean over 1000 fresh sequences of max_{t<=T} |student_t - teacher_t|) relative to "
        "the zero predictor's is above HIGH_RATIO at k_low and below LOW_RATIO at k_high"
    ),
)


def gru_target(name: str, n: int) -> list:
    """The teacher GRU's target impulse response (a reading of C.2.3's 'arbitrarily chosen' one)."""
    import math

    if name != "damped-sine":
        raise ValueError(f"unknown target {name!r}")
    return [0.0] + [math.sin(j / 2) * 0.95**j for j in range(1, n)]


statement(
    "rnn-lowdim/claim-phase-transition-linear",
    "claim",
    "§5.1, §5.2, App. B",
    "Linear RNNs: low extrapolation error iff k > 2 d^",
    src("§5.1-5.2, App. B", "Figs. 1, 3"),
    r"[§5.1] when $k>2\hat d$ extrapolation error is low, whereas when $k$ falls below $2\hat d$ extrapolation error is high. "
    r"[§5.2] despite the fact that our theory does not apply to the evaluated settings, its conclusions still hold --- extrapolation "
    r"error is low when the training sequence length $k$ is greater than $2\hat d$, and high when $k$ falls below $2\hat d$.",
    params=(DH, D_EXP, T_HOR, SEED),
    notes="Reduced size: d^ = 1 balanced diagonal teacher (and the d^ = 3 delay teacher for the §5.2 setting with a full, "
    "non-symmetric A from an unbalanced init of scale 0.1), students d = 20 (full A: d = 12), population loss (3.4), GD. "
    "'Low' and 'high' are against the C.3 threshold: the error of the zero response on the tail.",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
statement(
    "rnn-lowdim/claim-gru-threshold",
    "claim",
    "§5.3",
    "GRU: the critical k_g is about 4 d^_g",
    src("§5.3", "Fig. 2"),
    r"There exists a critical threshold for the training sequence length $k_g$, above which extrapolation error is low and below which "
    r"extrapolation error is high (note that this critical threshold is around four times the teacher's state space dimension, whereas "
    r"with linear RNNs the critical threshold was around two times).",
    params=(SEED, *(r.param() for r in GRU_PROTOCOL.lost)),
    notes="Two checks. The printed numbers: the reported ratio k_g/d^_g ~ 4 lies between Fig. 2(b)'s k_g = 30 and 60 "
    "(recorded). The experiment on the paper's stack (Keras GRU on JAX; the paper used PyTorch, whose GRU follows the same "
    "reset-after equations; Keras' default initialisers stand for 'standard near-zero initialization'): GRU_PROTOCOL's "
    "plausible grid (8 seeds, 10K Adam steps) is beyond the full budget: ibv probe runs it (any override of the lost "
    "hyperparameters). The full budget runs the paper's widths, batch and k_g with 2000 steps and 2 seeds "
    "(checks.rnn_lowdim_experiments.GRU_FULL_RUN; off the grid: recorded, decides nothing), 272 s alone on the machine: "
    "83 s of training at k_g = 30, 165 s at k_g = 60 (2 seeds together), so the grid's 8 seeds x 10K steps take about "
    "1.5 h. Its outcome (2026-11-26): relative l_inf error 0.069 and 0.077 at k_g = 30, 0.177 and 0.196 at k_g = 60 -- "
    "after 2000 steps the longer sequences are learned more slowly, the opposite of the printed threshold's direction; "
    "with 250 steps and one seed both were about 0.18-0.19 (the students had not learned the teacher). Fig. 2(a) is drawn "
    "from the run. The quick budget records why it does not run.",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
statement(
    "rnn-lowdim/claim-init-scale-necessary",
    "claim",
    "App. B.1.2",
    "Extrapolation deteriorates with the initialisation scale",
    src("App. B.1.2", "Fig. 4"),
    r"The extrapolation deteriorates for larger initialization scale, in the sense that it requires longer training sequences for getting "
    r"good extrapolation error. This suggests that the condition of small initialization required by our theory is not an artifact of "
    r"our proof technique, but rather a necessary condition for extrapolation to occur.",
    params=(DH, D_EXP, T_HOR, SEED),
    uses=(),  # an experiment: no printed proof, nothing invoked
)
statement(
    "rnn-lowdim/figure-1",
    "experiment",
    "Fig. 1(a)",
    "Fig. 1(a): extrapolation error vs k, balanced diagonal student",
    src("§5.1, App. C.1, C.2.1", "Fig. 1(a)"),
    r"Figure 1(a): extrapolation error (the $\ell_\infty$ distance between the impulse responses of the learned student and the teacher) "
    r"against the training sequence length $k$, balanced teacher with $\hat d=5$, diagonal student with balanced initialization, GD on the "
    r"population loss (3.4): low error for $k>2\hat d=10$, high for $k<10$.",
    params=(DH, D_EXP, T_HOR, SEED, *(r.param() for r in FIG1A_PROTOCOL.lost if r.name != "T")),
    notes="Reduced: d^ = 1 (the C.2.1 construction with one eigenvalue: 0.6), balanced diagonal student d = 20, plain GD "
    "on (3.4) (lr 0.2, 8000 steps, init 1e-2), k in {1, 3} (full 1..4), tail j in [k, 40). A d^ = 2 teacher with eigenvalues "
    "0.6 and 1.05 did not converge within a quick budget (GD and Adam), so its runs are not used. At the paper's size "
    "(check paper-size-adam, FIG1A_PROTOCOL): d^ = 5, d = 40, Adam lr 1e-3 for 15K steps on (3.4), the "
    "C.2.1 teacher with evenly spaced eigenvalues, T = 40: no seed of 8 shows the transition between k = 9 and k = 11 "
    "(tail error over the zero response's 0.02-0.49 at k = 9, 0.02-0.50 at k = 11): the representative protocol fails. "
    "The whole grid (the full budget runs it: 73 s; ibv probe --set placement=uniform runs one protocol): fails "
    "under 7 of 8 protocols, undecided under 1 (evenly spaced, k = 7 vs 13, T = 40: 1 of 8 seeds); with drawn "
    "eigenvalues the error is already low at k = 7 (ratios mostly 0.0-0.14), with evenly spaced ones and T = 100 it "
    "stays high at k = 13 (0.1-1.1). Not every protocol fails: inconclusive, not refuted; the phase transition at "
    "k = 2 d^ is not reproduced at the paper's size under the stated optimiser and step count.",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
statement(
    "rnn-lowdim/figure-4",
    "experiment",
    "Fig. 4",
    "Fig. 4: extrapolation error vs k for several initialisation scales",
    src("App. B.1.2", "Fig. 4"),
    r"Figure 4: the experiment of Section B.1.1 repeated with different initialization scales for the students' weights: extrapolation "
    r"error increases along with the scale of initialization; larger scales need longer sequences.",
    params=(DH, D_EXP, T_HOR, SEED),
    notes="Reduced: teacher T2-dyadic (d^ = 2), general (non-symmetric) student d = 12, unbalanced Gaussian init at scales 1e-3 "
    "and 0.2 (0.5 diverges at lr 0.01), k = 6, GD on (3.4), 6000 steps.",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
statement(
    "rnn-lowdim/figure-5",
    "experiment",
    "Fig. 5",
    "Fig. 5: impulse responses of students trained with k = 2 d^ and k = 4 d^",
    src("App. B.3", "Fig. 5"),
    r"Figure 5: balanced teacher; students trained with $k=10$ and $k=20$ ($\hat d=5$): the student trained with $k=10$ tracks the teacher "
    r"several steps beyond the 10th time step and then decays to zero. For $k=20$ we can see near perfect extrapolation for the horizon "
    r"evaluated.",
    params=(DH, D_EXP, T_HOR, SEED),
    notes="Reduced: d^ = 1, students with k = 2 d^ = 2 and k = 4 d^ = 4, d = 20, balanced diagonal students by GD on (3.4).",
    uses=(),  # an experiment: no printed proof, nothing invoked
)
