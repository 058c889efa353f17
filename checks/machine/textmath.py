"""TeX as a terminal shows it: the statements' ``$...$`` maths as plain Unicode text.

Not a TeX renderer: the common macros of the five papers become their Unicode symbols, simple
``\\frac{a}{b}`` becomes ``(a)/(b)``, font commands (``\\mathbf``, ``\\mathrm``, ...) keep their
argument, ``^{...}``/``_{...}`` keep their braces' content after ``^``/``_``, and the dollar
signs go. What is left is readable in ``ibv show``; the report renders the real maths.
"""

from __future__ import annotations

import re

SYMBOLS = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "kappa": "κ", "lambda": "λ",
    "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ",
    "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ",
    "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Phi": "Φ",
    "Psi": "Ψ", "Omega": "Ω", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠",
    "neq": "≠", "approx": "≈", "sim": "∼", "simeq": "≃", "equiv": "≡", "propto": "∝",
    "to": "→", "rightarrow": "→", "Rightarrow": "⇒", "implies": "⇒", "iff": "⇔",
    "Leftrightarrow": "⇔", "mapsto": "↦", "infty": "∞", "in": "∈", "notin": "∉",
    "subset": "⊂", "subseteq": "⊆", "cup": "∪", "cap": "∩", "emptyset": "∅", "forall": "∀",
    "exists": "∃", "partial": "∂", "nabla": "∇", "sum": "Σ", "prod": "Π", "int": "∫",
    "cdot": "·", "times": "×", "otimes": "⊗", "circ": "∘", "pm": "±", "mp": "∓",
    "sqrt": "√", "ldots": "…", "dots": "…", "cdots": "⋯", "langle": "⟨", "rangle": "⟩",
    "|": "‖", "{": "{", "}": "}", "top": "ᵀ", "dagger": "†", "star": "⋆", "ell": "ℓ",
    "mid": "|", "lvert": "|", "rvert": "|", "lVert": "‖", "rVert": "‖", "setminus": "∖",
    "succ": "≻", "succeq": "⪰", "prec": "≺", "preceq": "⪯", "ll": "≪", "gg": "≫",
    "log": "log", "exp": "exp", "min": "min", "max": "max", "sup": "sup", "inf": "inf",
    "lim": "lim", "det": "det", "tr": "tr", "sin": "sin", "cos": "cos", "tanh": "tanh",
    "arcsinh": "arcsinh", "sinh": "sinh", "cosh": "cosh", "quad": " ", "qquad": "  ",
    ",": " ", ";": " ", "!": "", " ": " ", "left": "", "right": "", "big": "", "Big": "",
    "bigl": "", "bigr": "", "Bigl": "", "Bigr": "",
}  # fmt: skip
SETS = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "E": "𝔼", "P": "ℙ"}
FONTS = ("mathbf", "mathrm", "mathit", "mathsf", "mathcal", "boldsymbol", "bm", "text", "textrm", "operatorname")


def _script(m: re.Match) -> str:
    body = m.group(2)
    return m.group(1) + (body if len(body) == 1 else f"({body})")


def tex_text(text: str) -> str:
    """``text`` with its TeX maths as plain Unicode (see the module docstring)."""
    s = text.replace("$", "").replace("``", "“").replace("''", "”")
    s = s.replace("\\{", "\x01").replace("\\}", "\x02")  # literal braces survive the brace removal
    s = re.sub(r"\\mathbb\s*\{?(\w)\}?", lambda m: SETS.get(m.group(1), m.group(1)), s)
    fonts = "|".join(FONTS)
    for _ in range(3):  # nested arguments, innermost first
        s = re.sub(r"\\(?:d|t)?frac\{([^{}]*)\}\{([^{}]*)\}", r"(\1)/(\2)", s)
        s = re.sub(r"\\sqrt\{([^{}]*)\}", "√(\\1)", s)
        s = re.sub(r"\\operatorname\{([^{}]*)\}", " \\1", s)
        s = re.sub(rf"\\(?:{fonts})\{{([^{{}}]*)\}}", r"\1", s)
        s = re.sub(r"\\(?:hat|widehat|tilde|widetilde|bar|overline)\{([^{}]*)\}", "\\1\u0302", s)
    s = re.sub(rf"\\(?:{fonts})(?![A-Za-z])\s*", "", s)
    s = re.sub(r"\\(?:hat|widehat|tilde|widetilde|bar|overline)\s*(\\[A-Za-z]+|\w)", "\\1\u0302", s)
    # a word macro's terminating space is TeX syntax, not text
    s = re.sub(
        r"\\([A-Za-z]+) ?|\\([|,;! ])", lambda m: SYMBOLS.get(m.group(1) or m.group(2), m.group(1) or m.group(2)), s
    )
    s = re.sub(r"([\^_])\{([^{}]*)\}", _script, s)
    s = s.replace("{", "").replace("}", "").replace("\x01", "{").replace("\x02", "}")
    return re.sub(r"[ \t]+", " ", s).strip()
