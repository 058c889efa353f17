"""Small SVG plots of a check's comparisons, drawn at build time (no library, no script):
measured value against its bound, or discrepancy against tolerance and error estimate,
along the instance parameter that varies (e.g. the initialisation scale alpha).

Every text is escaped; the output is a self-contained ``<svg>`` element."""

from __future__ import annotations

import math
from typing import Any

from markupsafe import Markup, escape

from checks.schema import number

W, H = 700, 250
LEFT, RIGHT, TOP, BOTTOM = 64, 250, 24, 40
PALETTE = ("#1f5fa8", "#2e8b57", "#c0561b", "#7b3fa0", "#8a6d0b", "#444444")
MAX_POINTS = 400


def _num(x: Any) -> float | None:
    """A plotted value: a finite number (checks/schema.py ``number``), else not drawn."""
    return number(x, finite=True)


def _sup(n: int) -> str:
    return str(n).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))


def _tick_text(v: float) -> str:
    if v == 0:
        return "0"
    if abs(v) >= 1e4 or abs(v) < 1e-3:
        e = math.floor(math.log10(abs(v)))
        m = v / 10**e
        return ("" if abs(m - 1) < 1e-9 else f"{m:.2g}×") + "10" + _sup(e)
    return f"{v:.3g}"


class _Axis:
    def __init__(self, values: list[float], lo_px: float, hi_px: float, log: bool):
        self.log = log
        vals = [math.log10(v) for v in values] if log else values
        lo, hi = min(vals), max(vals)
        if hi - lo < 1e-12:
            pad = 1.0 if log else (abs(lo) * 0.1 or 1.0)
            lo, hi = lo - pad, hi + pad
        else:
            pad = (hi - lo) * 0.06
            lo, hi = lo - pad, hi + pad
        self.lo, self.hi, self.lo_px, self.hi_px = lo, hi, lo_px, hi_px

    def __call__(self, v: float) -> float:
        t = math.log10(v) if self.log else v
        return self.lo_px + (t - self.lo) / (self.hi - self.lo) * (self.hi_px - self.lo_px)

    def ticks(self) -> list[float]:
        if self.log:
            a, b = math.ceil(self.lo), math.floor(self.hi)
            step = max(1, math.ceil((b - a + 1) / 7))
            return [10.0**e for e in range(a, b + 1, step)]
        span = self.hi - self.lo
        raw = span / 5
        mag = 10 ** math.floor(math.log10(raw))
        step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
        start = math.ceil(self.lo / step) * step
        out, v = [], start
        while v <= self.hi + 1e-12 and len(out) < 12:
            out.append(0.0 if abs(v) < step * 1e-9 else v)
            v += step
        return out


def _varying_param(comps: list[dict]) -> str | None:
    """The numeric instance parameter taking the most distinct values (at least 2)."""
    best, best_n = None, 1
    keys: list[str] = []
    for c in comps:
        inst = c.get("instance")
        if isinstance(inst, dict):
            keys += [k for k in inst if k not in keys]
    for k in keys:
        vals = {_num(c["instance"].get(k)) for c in comps if isinstance(c.get("instance"), dict)}
        vals.discard(None)
        if len(vals) > best_n:
            best, best_n = k, len(vals)
    return best


def _x_values(comps: list[dict], param: str | None) -> tuple[list[float | None], str, bool]:
    if param is None:
        return [float(i + 1) for i in range(len(comps))], "comparison", False
    xs = [_num(c["instance"].get(param)) if isinstance(c.get("instance"), dict) else None for c in comps]
    pos = [x for x in xs if x is not None]
    log = bool(pos) and min(pos) > 0 and max(pos) / min(pos) >= 20
    return xs, param, log


def _label_groups(comps: list[dict]) -> list[str]:
    labels: list[str] = []
    for c in comps:
        lab = str(c.get("label", ""))
        if lab not in labels:
            labels.append(lab)
    return labels


def _short(text: str, n: int = 38) -> str:
    text = text.replace("$", "")
    return text if len(text) <= n else text[: n - 1] + "…"


def _legend_names(groups: list[str]) -> list[str]:
    """Legend texts: what distinguishes the labels (their common leading words dropped)."""
    if len(groups) < 2:
        return [_short(g) for g in groups]
    words = [g.split(" ") for g in groups]
    k = 0
    while all(len(w) > k + 1 for w in words) and len({w[k] for w in words}) == 1:
        k += 1
    return [_short(("… " if k else "") + " ".join(w[k:])) for w in words]


def comparison_plot(comparisons: list[Any]) -> Markup | None:
    """An SVG plot of a check's comparisons, or None when there is nothing to plot: fewer
    than two comparisons carrying lhs/rhs (or discrepancy/tolerance), or no numeric instance
    parameter taking two values or more."""
    comps = [c for c in comparisons if isinstance(c, dict)][:MAX_POINTS]
    bound = [c for c in comps if _num(c.get("lhs")) is not None and _num(c.get("rhs")) is not None]
    agree = [c for c in comps if _num(c.get("discrepancy")) is not None and _num(c.get("tolerance")) is not None]
    if len(bound) >= 2:
        return _plot(bound, kind="bound")
    if len(agree) >= 2:
        return _plot(agree, kind="agree")
    return None


def _plot(comps: list[dict], kind: str) -> Markup | None:
    param = _varying_param(comps)
    if param is None:  # nothing varies: a table says it better than a plot by index
        return None
    xs, xlabel, xlog = _x_values(comps, param)
    keep = [i for i, x in enumerate(xs) if x is not None]
    comps, xs = [comps[i] for i in keep], [xs[i] for i in keep]
    if len(comps) < 2:
        return None
    groups = _label_groups(comps)
    many = len(groups) > len(PALETTE)
    names = dict(zip(groups, _legend_names(groups)))
    series: list[tuple[str, str, str, list[tuple[float, float]]]] = []  # (legend, colour, marker, points)
    if kind == "bound":
        title = "measured (lhs, dots) against the bound (rhs, bars)"
        for gi, g in enumerate(groups if not many else [""]):
            colour = PALETTE[gi % len(PALETTE)]
            mine = [(x, c) for x, c in zip(xs, comps) if many or str(c.get("label", "")) == g]
            series.append((names[g] if g else "lhs", colour, "dot", [(x, _num(c["lhs"])) for x, c in mine]))
            series.append(("", colour, "bar", [(x, _num(c["rhs"])) for x, c in mine]))
        ylabel = "value"
    else:
        title = "discrepancy (dots) against tolerance (bars) and error estimate (rings)"
        for gi, g in enumerate(groups if not many else [""]):
            colour = PALETTE[gi % len(PALETTE)]
            mine = [(x, c) for x, c in zip(xs, comps) if many or str(c.get("label", "")) == g]
            series.append(
                (names[g] if g else "discrepancy", colour, "dot", [(x, _num(c["discrepancy"])) for x, c in mine])
            )
            series.append(("", colour, "bar", [(x, _num(c["tolerance"])) for x, c in mine]))
            series.append(
                (
                    "",
                    colour,
                    "ring",
                    [(x, _num(c.get("error_estimate"))) for x, c in mine if _num(c.get("error_estimate")) is not None],
                )
            )
        ylabel = "absolute difference"
    ys = [y for _, _, _, pts in series for _, y in pts if y is not None]
    if kind == "agree":
        zeros = [y for y in ys if y <= 0]
        ys = [y for y in ys if y > 0]
        if not ys:
            return None
        floor = min(ys) / 10
        series = [(a, b, m, [(x, y if y is not None and y > 0 else floor) for x, y in pts]) for a, b, m, pts in series]
        ys += [floor] if zeros else []
    ylog = bool(ys) and min(ys) > 0 and max(ys) / min(ys) >= 100
    if not ys:
        return None
    X = _Axis([x for x in xs], LEFT, W - RIGHT, xlog)
    Y = _Axis(ys, H - BOTTOM, TOP, ylog)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="evidence-plot" '
        f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{W - RIGHT - LEFT}" '
        f'height="{H - BOTTOM - TOP}" fill="#fbfcfd" stroke="#c9d1d9"/>',
    ]
    for t in Y.ticks():
        y = Y(t)
        if TOP - 0.5 <= y <= H - BOTTOM + 0.5:
            out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e6eaee"/>')
            out.append(
                f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" '
                f'font-size="11" fill="#5f6b76">{escape(_tick_text(t))}</text>'
            )
    xticks = X.ticks() if param is not None else sorted(set(xs))[:: max(1, len(set(xs)) // 10)]
    for t in xticks:
        x = X(t)
        if LEFT - 0.5 <= x <= W - RIGHT + 0.5:
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{H - BOTTOM}" y2="{H - BOTTOM + 4}" stroke="#5f6b76"/>')
            label = _tick_text(t) if param is not None else f"{int(t)}"
            out.append(
                f'<text x="{x:.1f}" y="{H - BOTTOM + 16}" text-anchor="middle" '
                f'font-size="11" fill="#5f6b76">{escape(label)}</text>'
            )
    out.append(
        f'<text x="{(LEFT + W - RIGHT) / 2:.0f}" y="{H - 6}" text-anchor="middle" '
        f'font-size="12" fill="#1d2125">{escape(xlabel)}{" (log)" if xlog else ""}</text>'
    )
    out.append(
        f'<text transform="translate(14 {(TOP + H - BOTTOM) / 2:.0f}) rotate(-90)" text-anchor="middle" '
        f'font-size="12" fill="#1d2125">{escape(ylabel)}{" (log)" if ylog else ""}</text>'
    )
    for _, colour, marker, pts in series:
        for x, y in pts:
            if y is None:
                continue
            px, py = X(x), Y(y)
            if marker == "dot":
                out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{colour}"/>')
            elif marker == "ring":
                out.append(
                    f'<circle cx="{px:.1f}" cy="{py:.1f}" r="5" fill="none" stroke="{colour}" stroke-width="1.2"/>'
                )
            else:
                out.append(
                    f'<line x1="{px - 7:.1f}" x2="{px + 7:.1f}" y1="{py:.1f}" '
                    f'y2="{py:.1f}" stroke="{colour}" stroke-width="2.2"/>'
                )
    # legend
    ly = TOP + 6
    entries = [(name, colour) for name, colour, marker, _ in series if name]
    for name, colour in entries[: len(PALETTE)]:
        out.append(f'<circle cx="{W - RIGHT + 14}" cy="{ly + 4}" r="3.5" fill="{colour}"/>')
        out.append(f'<text x="{W - RIGHT + 24}" y="{ly + 8}" font-size="11" fill="#1d2125">{escape(name)}</text>')
        ly += 16
    ly += 4
    key = [
        ("dot", "lhs (measured)" if kind == "bound" else "discrepancy"),
        ("bar", "rhs (bound)" if kind == "bound" else "tolerance"),
    ]
    if kind == "agree":
        key.append(("ring", "error estimate"))
    for marker, text in key:
        cx, cy = W - RIGHT + 14, ly + 4
        if marker == "dot":
            out.append(f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="#5f6b76"/>')
        elif marker == "ring":
            out.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="none" stroke="#5f6b76" stroke-width="1.2"/>')
        else:
            out.append(f'<line x1="{cx - 7}" x2="{cx + 7}" y1="{cy}" y2="{cy}" stroke="#5f6b76" stroke-width="2.2"/>')
        out.append(f'<text x="{W - RIGHT + 24}" y="{ly + 8}" font-size="11" fill="#5f6b76">{escape(text)}</text>')
        ly += 16
    out.append("</svg>")
    return Markup("".join(out))
