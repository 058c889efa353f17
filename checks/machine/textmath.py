"""TeX as a terminal shows it: the statements' ``$...$`` maths as plain Unicode text.

Not a TeX renderer: the common macros of the five papers become their Unicode symbols,
``\\frac{a}{b}`` becomes ``(a)/(b)`` and ``\\sqrt{x}`` ``√(x)`` (nested and unbraced arguments
too), accents become combining marks (``\\hat``, ``\\bar``, ``\\underline``, ``\\dot``, ...),
font commands (``\\mathbf``, ``\\mathrm``, ...) keep their argument, ``^{...}``/``_{...}`` keep
their braces' content after ``^``/``_``, and the dollar signs go. What is left is readable in
``ibv show``; the report renders the real maths.
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
    "bigl": "", "bigr": "", "Bigl": "", "Bigr": "", "bigg": "", "Bigg": "", "biggl": "", "biggr": "",
    "Biggl": "", "Biggr": "", "middle": "",
    "arg": "arg", "ln": "ln", "dim": "dim", "Pr": "Pr", "asymp": "≍", "perp": "⊥", "oplus": "⊕",
    "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "lesssim": "≲", "gtrsim": "≳",
    "vee": "∨", "wedge": "∧", "land": "∧", "lor": "∨", "neg": "¬", "leftarrow": "←",
    "uparrow": "↑", "downarrow": "↓", "searrow": "↘", "nearrow": "↗", "coloneqq": "≔",
}  # fmt: skip
SETS = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "E": "𝔼", "P": "ℙ"}
FONTS = (
    "mathbf", "mathrm", "mathit", "mathsf", "mathcal", "boldsymbol", "bm", "text", "textrm", "textbf", "textit",
    "emph", "rm", "operatorname",
)  # fmt: skip
# accents: the combining character put after their argument
ACCENTS = {
    "hat": "\u0302", "widehat": "\u0302", "tilde": "\u0303", "widetilde": "\u0303", "bar": "\u0304",
    "overline": "\u0304", "underline": "\u0332", "dot": "\u0307", "ddot": "\u0308", "vec": "\u20d7",
}  # fmt: skip


def _argument(s: str, i: int) -> tuple[str, int]:
    """The TeX argument starting at ``s[i]`` (spaces skipped): a brace group's content, a macro
    name with its backslash, or one character; and the index after it."""
    while i < len(s) and s[i] == " ":
        i += 1
    if i >= len(s):
        return "", i
    if s[i] == "{":
        depth, j = 0, i
        while j < len(s):
            depth += {"{": 1, "}": -1}.get(s[j], 0)
            if depth == 0:
                return s[i + 1 : j], j + 1
            j += 1
        return s[i + 1 :], len(s)
    if s[i] == "\\":
        j = i + 1
        while j < len(s) and s[j].isalpha():
            j += 1
        return s[i : max(j, i + 2)], max(j, i + 2)
    return s[i], i + 1


def _group(text: str) -> str:
    """A converted argument, parenthesised unless it is one symbol."""
    return text if len(text) <= 1 else f"({text})"


def _structures(s: str) -> str:
    """``\\frac``, ``\\sqrt`` and the accents with their (possibly nested, possibly unbraced)
    arguments, innermost first."""
    pattern = re.compile(r"\\(d?frac|tfrac|sqrt|" + "|".join(ACCENTS) + r")(?![A-Za-z])")
    while True:
        found = list(pattern.finditer(s))
        if not found:
            return s
        m = found[-1]  # the last one: any structure nested in its arguments is already converted
        name, i = m.group(1), m.end()
        if name.endswith("frac"):
            num, i = _argument(s, i)
            den, i = _argument(s, i)
            out = f"{_group(num)}/{_group(den)}"
        elif name == "sqrt":
            index = ""
            if s[i : i + 1] == "[":
                close = s.find("]", i)
                index, i = (s[i + 1 : close], close + 1) if close > 0 else ("", i)
            body, i = _argument(s, i)
            out = f"{'[' + index + ']' if index else ''}√({body})"
        else:
            body, i = _argument(s, i)
            out = body + ACCENTS[name]
        s = s[: m.start()] + out + s[i:]


def _script(m: re.Match) -> str:
    body = m.group(2)
    return m.group(1) + (body if len(body) == 1 else f"({body})")


def tex_text(text: str) -> str:
    """``text`` with its TeX maths as plain Unicode (see the module docstring)."""
    s = text.replace("$", "").replace("``", "“").replace("''", "”")
    s = s.replace("\\{", "\x01").replace("\\}", "\x02")  # literal braces survive the brace removal
    s = re.sub(r"\\mathbb\s*\{?(\w)\}?", lambda m: SETS.get(m.group(1), m.group(1)), s)
    fonts = "|".join(FONTS)
    s = _structures(s)
    for _ in range(3):  # nested arguments, innermost first
        s = re.sub(r"\\operatorname\{([^{}]*)\}", " \\1", s)
        s = re.sub(rf"\\(?:{fonts})\{{([^{{}}]*)\}}", r"\1", s)
    s = re.sub(rf"\\(?:{fonts})(?![A-Za-z])\s*", "", s)
    # a word macro's terminating space is TeX syntax, not text
    s = re.sub(
        r"\\([A-Za-z]+) ?|\\([|,;! ])", lambda m: SYMBOLS.get(m.group(1) or m.group(2), m.group(1) or m.group(2)), s
    )
    s = re.sub(r"([\^_])\{([^{}]*)\}", _script, s)
    s = s.replace("{", "").replace("}", "").replace("\x01", "{").replace("\x02", "}")
    return re.sub(r"[ \t]+", " ", s).strip()
