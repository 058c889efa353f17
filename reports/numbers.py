"""The report's one number formatter: every number a page or a plot shows goes through
:func:`fmt_float` (tables, key figures, tick labels, tooltips), so that 5.369×10⁻³⁵ reads the
same everywhere and no ``1e-05`` or ``-0`` leaks out."""

from __future__ import annotations

import math

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
MINUS = "\u2212"


def superscript(n: int) -> str:
    return str(n).translate(_SUPERSCRIPT)


def fmt_float(x: float, digits: int = 4) -> str:
    """A float as a reader writes it: 0.3652, 12.66, 5.369×10⁻³⁵, 10⁻²⁴, −2 (never −0)."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "∞" if x > 0 else MINUS + "∞"
    if x == 0:
        return "0"
    text = f"{x:.{digits}g}"
    if "e" not in text:
        return "0" if float(text) == 0 else text.replace("-", MINUS)
    mantissa, exponent = text.split("e")
    exponent = superscript(int(exponent))
    if mantissa in ("1", "-1"):
        return (MINUS if mantissa == "-1" else "") + "10" + exponent
    return mantissa.replace("-", MINUS) + "×10" + exponent


def fmt_tick(v: float) -> str:
    """An axis tick: few digits, powers of ten as 10ⁿ."""
    if v == 0:
        return "0"
    if abs(v) >= 1e4 or abs(v) < 1e-3:
        return fmt_float(v, 2)
    return fmt_float(v, 3)


def fmt_digits(d: float) -> str:
    """Agreeing decimal digits: 'exact', '32', '0.4', 'none' (a discrepancy as large as the
    value itself)."""
    if math.isinf(d) and d > 0:
        return "exact"
    if d < 0.05:
        return "none"
    return f"{d:.2g}" if d < 1 else f"{math.floor(d)}"
