"""Small SVG plots of a check's comparisons, drawn at build time (no library, no script):
measured value against its bound, or discrepancy against tolerance and error estimate,
along the instance parameter that varies (e.g. the initialisation scale alpha).

Every text is escaped; the output is a self-contained ``<svg>`` element."""

from __future__ import annotations

import math
from typing import Any

from markupsafe import Markup, escape

from checks.schema import number

from .numbers import fmt_tick

W, H = 700, 250
LEFT, RIGHT, TOP, BOTTOM = 64, 250, 24, 40
PALETTE = ("#1f5fa8", "#2e8b57", "#c0561b", "#7b3fa0", "#8a6d0b", "#444444")
MAX_POINTS = 400


def _num(x: Any) -> float | None:
    """A plotted value: a finite number (checks/schema.py ``number``), else not drawn."""
    return number(x, finite=True)


_tick_text = fmt_tick


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


def _plain(text: str) -> str:
    """A label as SVG text: its TeX as Unicode (SVG text cannot hold MathML)."""
    from checks.machine.textmath import tex_text

    return tex_text(text) if ("$" in text or "\\" in text) else text


def _short(text: str, n: int = 34) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _legend_names(groups: list[str]) -> list[str]:
    """Legend texts, each distinct: what distinguishes the labels (their common leading and
    trailing words dropped), shortened in the middle when long; the full label goes to the
    entry's tooltip."""
    plain = [_plain(g) for g in groups]
    if len(plain) < 2:
        return [_short(g) for g in plain]
    words = [g.split(" ") for g in plain]
    k = 0
    while all(len(w) > k + 1 for w in words) and len({w[k] for w in words}) == 1:
        k += 1
    j = 0
    while all(len(w) > k + j + 1 for w in words) and len({w[-1 - j] for w in words}) == 1:
        j += 1
    cores = [" ".join(w[k : len(w) - j]) for w in words]
    names = [("… " if k else "") + c + (" …" if j else "") for c in cores]
    out = []
    for name in names:
        if len(name) > 34:
            name = name[:16] + "…" + name[-17:]
        out.append(name)
    if len(set(out)) < len(out):  # still alike: numbered
        out = [f"{i + 1}: {name}" for i, name in enumerate(out)]
    return out


def comparison_figure(comparisons: list[Any]) -> dict | None:
    """``{"svg", "caption"}``: an SVG plot of a check's comparisons and what it shows, or None
    when there is nothing to plot: fewer than two comparisons carrying lhs/rhs (or
    discrepancy/tolerance), or no numeric instance parameter taking two values or more."""
    comps = [c for c in comparisons if isinstance(c, dict)][:MAX_POINTS]
    bound = [c for c in comps if _num(c.get("lhs")) is not None and _num(c.get("rhs")) is not None]
    agree = [c for c in comps if _num(c.get("discrepancy")) is not None and _num(c.get("tolerance")) is not None]
    for rows, kind in ((bound, "bound"), (agree, "agree")):
        if len(rows) >= 2:
            svg = _plot(rows, kind=kind)
            if svg is not None:
                param = _varying_param(rows)
                what = (
                    "Measured value (dots) against its bound (bars)"
                    if kind == "bound"
                    else "Discrepancy of the two computations (dots) against the tolerance (bars) and the measured "
                    "error estimate (rings)"
                )
                return {
                    "svg": svg,
                    "caption": f"{what}, for each of the {len(rows)} comparisons along {_plain(param or '')}; "
                    "one colour per comparison label (hover a legend entry for its full text).",
                }
            return None
    return None


def comparison_plot(comparisons: list[Any]) -> Markup | None:
    """The SVG of :func:`comparison_figure` alone."""
    fig = comparison_figure(comparisons)
    return fig["svg"] if fig else None


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
    full = {names[g]: _plain(g) for g in groups}
    for name, colour in entries[: len(PALETTE)]:
        out.append(f"<g><title>{escape(full.get(name, name))}</title>")
        out.append(f'<circle cx="{W - RIGHT + 14}" cy="{ly + 4}" r="3.5" fill="{colour}"/>')
        out.append(f'<text x="{W - RIGHT + 24}" y="{ly + 8}" font-size="11" fill="#1d2125">{escape(name)}</text></g>')
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


# ---------------------------------------------------------------------------------------
# A probe's phase diagram: each (instance, check) a marker linked to its evidence
# ---------------------------------------------------------------------------------------
NEUTRAL = "#9aa5b1"
HELD_SHADE = "#e3f1e6"


class _Scale:
    """An axis over the values a grid took: log for positive values spanning 20x or more
    (a geometric grid), categorical (evenly spaced, in order) for few or non-numeric values,
    linear otherwise."""

    def __init__(self, values: list[Any], lo_px: float, hi_px: float):
        nums = [_num(v) for v in values]
        distinct = sorted({v for v in nums if v is not None}) if all(n is not None for n in nums) else None
        self.lo_px, self.hi_px = lo_px, hi_px
        if distinct and min(distinct) > 0 and max(distinct) / min(distinct) >= 20:
            self.kind = "log"
            self.axis = _Axis(distinct, lo_px, hi_px, log=True)
            self.cats = distinct
        elif distinct is not None and len(distinct) > 12:
            self.kind = "linear"
            self.axis = _Axis(distinct, lo_px, hi_px, log=False)
            self.cats = distinct
        else:
            self.kind = "categorical"
            seen: list[Any] = []
            for v, n in zip(values, nums):
                key = n if distinct is not None else str(v)
                if key not in seen:
                    seen.append(key)
            self.cats = sorted(seen) if distinct is not None else seen
            self.axis = None

    def key(self, v: Any) -> Any:
        n = _num(v)
        return n if self.kind != "categorical" or (n is not None and n in self.cats) else str(v)

    def __call__(self, v: Any) -> float:
        if self.axis is not None:
            return self.axis(_num(v))
        i = self.cats.index(self.key(v))
        step = (self.hi_px - self.lo_px) / max(len(self.cats), 1)
        return self.lo_px + step * (i + 0.5)

    def ticks(self) -> list[tuple[float, str]]:
        if self.axis is not None:
            return [(self.axis(t), fmt_tick(t)) for t in self.axis.ticks()]
        return [(self(c), fmt_tick(c) if isinstance(c, (int, float)) else _short(str(c), 18)) for c in self.cats]

    def cell(self, v: Any) -> tuple[float, float]:
        """The pixel span around a value, halfway to its neighbours."""
        p = self(v)
        ps = sorted({self(c) for c in self.cats})
        i = ps.index(p)
        lo = (ps[i - 1] + p) / 2 if i > 0 else p - ((ps[1] - p) / 2 if len(ps) > 1 else 20)
        hi = (ps[i + 1] + p) / 2 if i + 1 < len(ps) else p + ((p - ps[i - 1]) / 2 if len(ps) > 1 else 20)
        return min(lo, hi), max(lo, hi)


def phase_diagram(points: list[dict], x_name: str, y_name: str) -> dict | None:
    """``{"svg", "caption"}``: a probe's instances on a grid. ``points``: dicts with ``x``,
    ``y`` (the y value may be a check's name), ``status``, ``held`` (the hypotheses held at
    the instance: True, False or None), ``href`` (the verdict's anchor) and ``label``.

    The region where the hypotheses hold is shaded; markers there take their verdict's colour;
    markers outside it are hollow and grey (no evidence either way); each marker links to its
    instance's evidence."""
    from checks.schema import STATUS_COLOURS

    pts = [p for p in points if p.get("x") is not None][:MAX_POINTS]
    if len(pts) < 2:
        return None
    w, h, left, right, top, bottom = 700, 300, 110, 170, 20, 48
    X = _Scale([p["x"] for p in pts], left, w - right)
    Y = _Scale([p["y"] for p in pts], h - bottom, top)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="evidence-plot phase" '
        f'viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img">',
        f"<title>{escape(f'verdicts by {x_name} and {y_name}')}</title>",
        f'<rect x="{left}" y="{top}" width="{w - right - left}" height="{h - bottom - top}" fill="#ffffff" '
        'stroke="#c9d1d9"/>',
    ]
    shaded = set()
    for p in pts:
        cell = (X.key(p["x"]), Y.key(p["y"]))
        if p.get("held") and cell not in shaded:
            shaded.add(cell)
            x0, x1 = X.cell(p["x"])
            y0, y1 = Y.cell(p["y"])
            out.append(
                f'<rect class="held" x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" '
                f'fill="{HELD_SHADE}"/>'
            )
    for px, text in X.ticks():
        out.append(f'<line x1="{px:.1f}" x2="{px:.1f}" y1="{h - bottom}" y2="{h - bottom + 4}" stroke="#5f6b76"/>')
        out.append(
            f'<text x="{px:.1f}" y="{h - bottom + 16}" text-anchor="middle" font-size="11" '
            f'fill="#5f6b76">{escape(text)}</text>'
        )
    for py, text in Y.ticks():
        out.append(
            f'<text x="{left - 6}" y="{py + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="#5f6b76">{escape(text)}</text>'
        )
    axis_note = {"log": " (log)", "categorical": " (grid values)", "linear": ""}
    out.append(
        f'<text x="{(left + w - right) / 2:.0f}" y="{h - 8}" text-anchor="middle" font-size="12" '
        f'fill="#1d2125">{escape(_plain(x_name))}{axis_note[X.kind]}</text>'
    )
    for p in pts:
        cx, cy = X(p["x"]), Y(p["y"])
        if p.get("held") is False:
            mark = (
                f'<circle class="outside" cx="{cx:.1f}" cy="{cy:.1f}" r="5" fill="#ffffff" stroke="{NEUTRAL}" '
                'stroke-width="1.5"/>'
            )
        else:
            colour = STATUS_COLOURS.get(p.get("status"), NEUTRAL)
            mark = f'<circle class="inside" cx="{cx:.1f}" cy="{cy:.1f}" r="5" fill="{colour}"/>'
        title = escape(p.get("label") or "")
        if p.get("href"):
            out.append(f'<a href="{escape(p["href"])}"><title>{title}</title>{mark}</a>')
        else:
            out.append(f"<g><title>{title}</title>{mark}</g>")
    ly = top + 6
    statuses = []
    for p in pts:
        if p.get("held") is not False and p.get("status") not in statuses:
            statuses.append(p.get("status"))
    lx = w - right + 14
    out.append(f'<rect x="{lx - 7}" y="{ly - 3}" width="14" height="14" fill="{HELD_SHADE}" stroke="#c9d1d9"/>')
    out.append(f'<text x="{lx + 12}" y="{ly + 8}" font-size="11" fill="#1d2125">hypotheses hold</text>')
    ly += 18
    for st in statuses:
        out.append(f'<circle cx="{lx}" cy="{ly + 4}" r="5" fill="{STATUS_COLOURS.get(st, NEUTRAL)}"/>')
        out.append(f'<text x="{lx + 12}" y="{ly + 8}" font-size="11" fill="#1d2125">{escape(str(st))}</text>')
        ly += 18
    if any(p.get("held") is False for p in pts):
        out.append(f'<circle cx="{lx}" cy="{ly + 4}" r="5" fill="#ffffff" stroke="{NEUTRAL}" stroke-width="1.5"/>')
        out.append(f'<text x="{lx + 12}" y="{ly + 8}" font-size="11" fill="#5f6b76">outside: no evidence</text>')
    out.append("</svg>")
    caption = (
        f"Each check's verdict at each instance, by {_plain(x_name)} ({X.kind} axis) and {_plain(y_name)}; "
        "shaded: the instances where the statement's hypotheses hold; hollow grey markers: instances outside "
        "them, which are no evidence either way. Each marker links to its instance's evidence."
    )
    return {"svg": Markup("".join(out)), "caption": caption}


def trend_plot(values: list[float | None], flagged: list[bool], what: str) -> Markup | None:
    """A small line of a key figure across runs (oldest first); flagged points (drift) ringed."""
    pts = [(i, v) for i, v in enumerate(values) if v is not None and math.isfinite(v)]
    if len(pts) < 2:
        return None
    w, h, pad = 220, 40, 6
    lo, hi = min(v for _, v in pts), max(v for _, v in pts)
    span = hi - lo or 1.0
    n = max(len(values) - 1, 1)

    def xy(i: int, v: float) -> tuple[float, float]:
        return pad + i / n * (w - 2 * pad), h - pad - (v - lo) / span * (h - 2 * pad)

    path = " ".join(f"{'M' if k == 0 else 'L'} {x:.1f} {y:.1f}" for k, (x, y) in enumerate(xy(i, v) for i, v in pts))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="trend" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        f'role="img"><title>{escape(what)}: {escape(", ".join(fmt_tick(v) for _, v in pts))}</title>',
        f'<path d="{path}" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>',
    ]
    for i, v in pts:
        x, y = xy(i, v)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="#1f5fa8"/>')
        if i < len(flagged) and flagged[i]:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="none" stroke="#b3261e" stroke-width="1.5"/>')
    out.append("</svg>")
    return Markup("".join(out))
