"""The static HTML verification report, rendered from the results store and a catalog.

``render_report(store, out, catalog)`` writes a self-contained folder (relative links only,
nothing fetched at view time)::

    index.html              provenance of the latest run, counts per paper, every statement
    statements/<safe>.html  one page per statement: text, hypotheses, erratum, evidence
    errata.html             every statement refuted as printed, with its correction
    probes.html             every ``ibv probe`` run, newest first
    probes/probe-<run>.html one page per probe run: overrides, per instance hypotheses and verdict
    history.html            verdict changes across stored runs, regressions first
    style.css

Mathematics in statement texts (``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]``) is
converted to MathML at build time with ``latex2mathml``. The converter's element tree is
re-serialised through a whitelist of MathML tags and attributes with every text node
escaped (latex2mathml itself does not escape ``\\text{...}`` contents); a segment that does
not convert, or leaves an unknown macro behind, is shown as its escaped LaTeX in ``<code>``.

The report is a renderer of data: it reads verdicts through the store's API
(checks/machine/store.py), statuses and metric keys through the verdict schema
(checks/schema.py), and statements, checks and papers from the *catalog*, a plain-data
snapshot the machine builds (checks/machine/catalog.py: ``build_catalog()``). It imports no
check, no statement module and no numerical engine.

Templates are rendered with autoescape on; the only unescaped content is that MathML, the
SVG plots drawn here (reports/plots.py, text escaped) and the checks' SVG artifacts after
``safe_svg`` (parsed; scripts, foreign content, event handlers and outside links dropped).
"""

from __future__ import annotations

import html
import json
import math
import re
import shlex
import shutil
import time
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from checks import schema
from checks.schema import number as _num

from .plots import comparison_plot

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
MARKER = ".ibv-report"  # marks a folder as ours: stale pages in it may be removed

# Display order of statuses (the schema's, then checks without a verdict); a check (and a
# statement) is as strong as its weakest item.
NOT_RUN = "not run"
STATUS_ORDER = schema.STATUSES + (NOT_RUN,)


def combine(statuses: Iterable[str]) -> str | None:
    """The weakest of the stored statuses (the schema's ``combine``), ignoring any the schema
    does not know; ``None`` when none is known (the caller says what that shows as)."""
    return schema.combine([s for s in statuses if s in schema.STATUSES], empty=None)


# ---------------------------------------------------------------------------------------
# Mathematics: LaTeX -> sanitised MathML at build time
# ---------------------------------------------------------------------------------------
MATHML_NS = "http://www.w3.org/1998/Math/MathML"
_MATH_RE = re.compile(r"\\\$|\$\$(.+?)\$\$|\\\[(.+?)\\\]|\\\((.+?)\\\)|\$(.+?)\$", re.S)
_MATHML_TAGS = frozenset(
    "math mrow mi mn mo ms mtext mspace msub msup msubsup munder mover munderover mfrac msqrt"
    " mroot mstyle mpadded mphantom menclose mtable mtr mtd mlabeledtr merror mmultiscripts"
    " mprescripts none mfenced maligngroup malignmark".split()
)
_MATHML_ATTRS = frozenset(
    "display mathvariant stretchy fence form separator lspace rspace minsize maxsize movablelimits"
    " largeop accent accentunder linethickness columnalign columnspacing rowspacing rowalign"
    " columnlines rowlines frame displaystyle scriptlevel width height depth notation open close"
    " separators symmetric align equalrows equalcolumns side columnspan rowspan".split()
)
# Any backslash left in the converter's text is TeX it did not understand (a macro, or a
# delimiter after a size command: latex2mathml emits ``\\big\\{`` as <mo>\\{</mo>).
_LEFTOVER_MACRO = re.compile(r"\\.", re.S)
# Delimiters latex2mathml leaves as their macro after \\big, \\bigl, ...: their characters.
_DELIMITERS = {
    "\\{": "{",
    "\\}": "}",
    "\\|": "\u2016",
    "\\lbrace": "{",
    "\\rbrace": "}",
    "\\langle": "\u27e8",
    "\\rangle": "\u27e9",
    "\\vert": "|",
    "\\lvert": "|",
    "\\rvert": "|",
    "\\Vert": "\u2016",
    "\\lVert": "\u2016",
    "\\rVert": "\u2016",
    "\\lfloor": "\u230a",
    "\\rfloor": "\u230b",
    "\\lceil": "\u2308",
    "\\rceil": "\u2309",
    "\\backslash": "\\",
}
# Operator names latex2mathml leaves as raw macros (it emits <mi>\arg</mi>): rewritten to
# \operatorname{...} before conversion; \argmin is \arg\min, so its subscript goes under min.
_OPERATOR_NAMES = {
    "arg": "\\operatorname{arg}",
    "argmin": "\\operatorname{arg}\\min",
    "argmax": "\\operatorname{arg}\\max",
    **{n: "\\operatorname{" + n + "}" for n in ("sgn", "sign", "diag", "tr", "Tr", "rank", "span", "supp")},
}
_OPERATOR_RE = re.compile(r"\\(" + "|".join(sorted(_OPERATOR_NAMES, key=len, reverse=True)) + r")(?![A-Za-z])")


def _operator_names(tex: str) -> str:
    return _OPERATOR_RE.sub(lambda m: _OPERATOR_NAMES[m.group(1)] + " ", tex)


class _NotMath(Exception):
    """The converter's output is not (safe, complete) MathML."""


def _serialise(el, out: list[str]) -> None:
    tag = el.tag
    if tag not in _MATHML_TAGS:
        raise _NotMath(f"element {tag!r}")
    attrs = []
    for k, v in el.attrib.items():
        if k == "xmlns":
            continue  # written once, on <math>
        if k not in _MATHML_ATTRS:
            raise _NotMath(f"attribute {k!r}")
        attrs.append(f' {k}="{escape(v)}"')
    if tag == "math":
        attrs.insert(0, f' xmlns="{MATHML_NS}"')
    out.append(f"<{tag}{''.join(attrs)}>")
    if el.text:
        text = html.unescape(el.text)  # latex2mathml stores character references as text
        text = _DELIMITERS.get(text.strip(), text)
        if text != "\\" and _LEFTOVER_MACRO.search(text):
            raise _NotMath(f"unknown macro {text!r}")
        out.append(str(escape(text)))
    for child in el:
        _serialise(child, out)
    out.append(f"</{tag}>")
    if el.tail:
        out.append(str(escape(html.unescape(el.tail))))


@lru_cache(maxsize=8192)
def math_html(tex: str, display: bool = False) -> str:
    """One LaTeX formula as sanitised MathML, or its escaped source in ``<code>``."""
    try:
        from latex2mathml.converter import convert_to_element

        root = convert_to_element(_operator_names(tex), display="block" if display else "inline")
        parts: list[str] = []
        _serialise(root, parts)
        # the source as alttext: read by screen readers, kept for copying
        parts[0] = parts[0][:-1] + f' alttext="{escape(tex.strip())}">'
        return "".join(parts)
    except Exception:
        cls = "tex tex-block" if display else "tex"
        return f'<code class="{cls}" title="LaTeX source (MathML conversion failed)">{escape(tex.strip())}</code>'


_TEX_QUOTES = re.compile(r"``([^`]+?)&#39;&#39;")
_DOUBLE_BACKTICKS = re.compile(r"``([^`]+?)``")


_TEXT_MACROS = {
    "emph": "em",
    "textit": "em",
    "textbf": "strong",
    "texttt": "code",
    "textsc": "span",
    "underline": "u",
    "text": "span",
}
_TEXT_MACRO_RE = re.compile(r"\\(" + "|".join(_TEXT_MACROS) + r")\{([^{}$]*)\}")
_TEXT_ESCAPES = {"\\%": "%", "\\&amp;": "&amp;", "\\_": "_", "\\#": "#", "\\ldots": "…", "\\dots": "…", "\\,": "\u2009"}


def _prose(text: str) -> str:
    """Escaped prose, with the text-mode TeX the papers print made readable: TeX quotes
    ``so'' become “so”, ``code`` becomes <code>code</code>, \\emph{x} / \\textbf{x} become
    <em>x</em> / <strong>x</strong>, \\% and friends their characters."""
    out = str(escape(text))
    if "``" in out:
        out = _TEX_QUOTES.sub(r"“\1”", out)
        out = _DOUBLE_BACKTICKS.sub(r"<code>\1</code>", out)
        out = out.replace("``", "“")  # a quote whose closing '' is after a formula
    if "&#39;&#39;" in out:
        out = out.replace("&#39;&#39;", "”")
    if "\\" in out:
        out = _TEXT_MACRO_RE.sub(
            lambda m: f"<{_TEXT_MACROS[m.group(1)]}>{m.group(2)}</{_TEXT_MACROS[m.group(1)]}>", out
        )
        for k, v in _TEXT_ESCAPES.items():
            out = out.replace(k, v)
    return out


def prose_html(text: Any) -> Markup:
    return Markup(_prose(str(text))) if text else Markup("")


def tex_html(text: Any) -> Markup:
    """Prose with inline LaTeX: prose escaped, formulas as MathML."""
    if text is None or text == "":
        return Markup("")
    text = str(text)
    out: list[str] = []
    pos = 0
    for m in _MATH_RE.finditer(text):
        out.append(_prose(text[pos : m.start()]))
        pos = m.end()
        if m.group(0) == "\\$":
            out.append("$")
            continue
        display = m.group(1) is not None or m.group(2) is not None
        tex = next(g for g in m.groups() if g is not None)
        out.append(math_html(tex, display))
    out.append(_prose(text[pos:]))
    return Markup("".join(out))


# ---------------------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------------------
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def fmt_float(x: float, digits: int = 4) -> str:
    """A float as a reader writes it: 0.3652, 12.66, 5.369×10⁻³⁵, 10⁻²⁴."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    text = f"{x:.{digits}g}"
    if "e" not in text:
        return text.replace("-", "−")
    mantissa, exponent = text.split("e")
    exponent = str(int(exponent)).translate(_SUPERSCRIPT)
    if mantissa in ("1", "-1"):
        return ("−" if mantissa == "-1" else "") + "10" + exponent
    return mantissa.replace("-", "−") + "×10" + exponent


def fmt(x: Any, limit: int = 300) -> str:
    """A metric value for display."""
    if x is None:
        return "—"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        return fmt_float(x)
    if isinstance(x, str):
        if x in ("inf", "+inf"):
            return "∞"
        if x == "-inf":
            return "−∞"
        return x if len(x) <= limit else x[:limit] + "…"
    if isinstance(x, dict):
        text = ", ".join(f"{k}={fmt(v, limit)}" for k, v in x.items())
    elif isinstance(x, (list, tuple)):
        text = "[" + ", ".join(fmt(v, limit) for v in x) + "]"
    else:
        text = str(x)
    return text if len(text) <= limit else text[:limit] + "…"


def fmt_ratio(r: float) -> str:
    """A slack ratio rhs/lhs: 3.2, or 1.000045 when the bound is nearly tight (the
    excess over 1 keeps two significant digits)."""
    if not math.isfinite(r):
        return "∞"
    if r >= 1e4:
        return fmt_float(r, 3)
    d = abs(r - 1)
    if 0 < d < 0.1:
        k = 1 - math.floor(math.log10(d))
        return f"{r:.{k}f}" if k <= 12 else f"1 {'+' if r > 1 else '−'} {d:.1e}"
    return f"{r:.0f}" if r >= 10 else f"{r:.3g}"


def fmt_seconds(s: Any) -> str:
    s = _num(s)
    if s is None:
        return "—"
    if s < 60:
        return f"{s:.2f} s" if s < 10 else f"{s:.1f} s"
    return f"{int(s // 60)} min {s % 60:.0f} s"


def fmt_time(t: Any) -> str:
    t = _num(t)
    if t is None:
        return "—"
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t))


def _min_digits(m: dict) -> float | None:
    d = _num(m.get(schema.MIN_DIGITS))
    if d is not None:
        return d
    # exact agreement (digits = inf) is not counted in min_digits: read the comparisons
    ds = [_num(c.get("digits")) for c in m.get(schema.COMPARISONS) or [] if isinstance(c, dict)]
    ds = [x for x in ds if x is not None]
    return min(ds) if ds else None


def _min_slack_ratio(m: dict) -> float | None:
    r = _num(m.get(schema.MIN_SLACK_RATIO))
    if r is not None:
        return r
    rs = [_num(c.get("slack_ratio")) for c in m.get(schema.COMPARISONS) or [] if isinstance(c, dict)]
    rs = [x for x in rs if x is not None]
    return min(rs) if rs else None


def key_figure(metrics_list: list[dict]) -> str:
    """The headline numbers of a statement's (or a check's) verdicts: the smallest agreement
    in digits, the smallest bound slack ratio, whether a counterexample is stored."""
    digs = [d for d in (_min_digits(m) for m in metrics_list) if d is not None]
    ratios = [r for r in (_min_slack_ratio(m) for m in metrics_list) if r is not None]
    parts = []
    if any("counterexample" in m for m in metrics_list):
        parts.append("counterexample stored")
    if digs:
        d = min(digs)
        if math.isinf(d) and d > 0:
            parts.append("exact agreement")
        elif d < 1:
            parts.append(f"agreement {d:.2g} digits")
        else:
            parts.append(f"agreement {math.floor(d)} digits")
    if ratios:
        parts.append(f"bound slack ×{fmt_ratio(min(ratios))}")
    if not parts:  # no digits, no bound: say how much was compared, and how much of it exactly
        comps = [c for m in metrics_list for c in m.get("comparisons") or [] if isinstance(c, dict)]
        exact = sum(1 for c in comps if c.get("status") in ("proved", "certified"))
        if comps and exact == len(comps):
            parts.append(f"{exact} exact comparison{'s' if exact != 1 else ''}")
        elif comps:
            parts.append(
                f"{len(comps)} comparison{'s' if len(comps) != 1 else ''}" + (f", {exact} exact" if exact else "")
            )
    return " · ".join(parts)


def safe_name(text: str) -> str:
    s = text.replace("/", "__").replace(":", "__")
    return re.sub(r"[^A-Za-z0-9._-]", "_", s) or "_"


# Comparison metrics shown as evidence, in this order; the rest are "other".
_EVIDENCE_KEYS = schema.JUDGE_KEYS
_COMPARISON_SKIP = schema.COMPARISON_KEYS
# Numeric evidence shown as columns of a check's comparison table (when any comparison has it).
_COLUMNS = (
    ("digits", "digits", "agreeing decimal digits, −log₁₀(discrepancy/scale)"),
    ("discrepancy", "discrepancy", "difference of the two compared values"),
    ("tolerance", "tolerance", "accuracy the comparison is made at"),
    (
        "error_estimate",
        "error est.",
        "error estimate of the computed values (two precisions / two "
        "solver tolerances); at most a tenth of the tolerance",
    ),
    (
        "evidence",
        "evidence",
        "what the comparison rests on: a symbolic identity, exact or ball arithmetic, an error "
        "estimate and how it was measured, a binomial test",
    ),
    ("lhs", "lhs", "left-hand side (measured)"),
    ("rhs", "rhs", "right-hand side (bound)"),
    ("slack", "slack", "rhs − lhs"),
    ("slack_ratio", "ratio", "rhs / lhs"),
    ("min_slack", "min slack", "smallest slack over the instance"),
    ("residual", "residual", "symbolic or exact residual"),
)
_CHECK_METRIC_SKIP = schema.STRUCTURED_METRICS


def _kv(d: dict, keys: Iterable[str]) -> list[tuple[str, str]]:
    out = []
    for k in keys:
        if k in d:
            v = d[k]
            r = _num(v) if k in ("slack_ratio", "min_slack_ratio") else None
            out.append((k, fmt_ratio(r) if r is not None else fmt(v)))
    return out


# ---------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------
def _catalog(catalog: dict) -> tuple[dict[str, str], dict[str, str], list[dict], list[str]]:
    """(paper files by key, paper titles by key, statements in paper order, warnings) of a
    catalog snapshot (checks/machine/catalog.py)."""
    papers = {p["key"]: p.get("file", "") for p in catalog.get("papers") or []}
    titles = {p["key"]: p.get("title", "") for p in catalog.get("papers") or []}
    return papers, titles, list(catalog.get("statements") or []), list(catalog.get("warnings") or [])


def _probe_command(stmt_id: str, stmt: dict | None, instance: Any, budget: str | None) -> tuple[str | None, list[str]]:
    """``ibv probe ID --set name=value ...`` reproducing a counterexample instance, and the
    instance entries a probe cannot set (``stmt``: the statement's catalog entry)."""
    if not isinstance(instance, dict) or not instance:
        return None, ["the counterexample has no instance parameters"]
    names = {p["name"] for p in stmt.get("params") or []} if stmt is not None else None
    sets, unsettable = [], []
    for k, v in instance.items():
        if names is not None and k not in names:
            unsettable.append(f"{k}={fmt(v)}")
            continue
        if v is None:
            continue
        if isinstance(v, bool):
            text = "true" if v else "false"
        elif isinstance(v, float):
            text = repr(v)
        elif isinstance(v, (int, str)):
            text = str(v)
        else:
            unsettable.append(f"{k}={fmt(v)}")
            continue
        sets.append(f"--set {shlex.quote(f'{k}={text}')}")
    if not sets:
        return None, unsettable or ["the counterexample has no settable parameters"]
    cmd = ["ibv", "probe", shlex.quote(stmt_id), *sets]
    if budget == "full":
        cmd += ["--budget", "full"]
    return " ".join(cmd), unsettable


SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
_SVG_DROP = frozenset(
    {"script", "foreignObject", "iframe", "object", "embed", "audio", "video", "handler", "listener", "metadata"}
)


def safe_svg(content: str) -> Markup | None:
    """An SVG artifact made inert for inlining: parsed, scripts and foreign content dropped,
    event-handler attributes dropped, links kept only to fragments or embedded raster images
    (matplotlib embeds images as data URIs); re-serialised. None if it does not parse."""
    import xml.etree.ElementTree as ET

    start = content.find("<svg")
    if start < 0 or "<!ENTITY" in content:
        return None
    try:
        root = ET.fromstring(content[start:])
    except ET.ParseError:
        return None
    if root.tag not in ("svg", f"{{{SVG_NS}}}svg"):
        return None

    def clean(el) -> None:
        for child in list(el):
            local = child.tag.rsplit("}", 1)[-1] if isinstance(child.tag, str) else ""
            if not isinstance(child.tag, str) or local in _SVG_DROP:
                el.remove(child)
                continue
            if local == "style" and re.search(r"url\s*\(|@import|expression\s*\(", child.text or "", re.I):
                el.remove(child)  # a style sheet that could fetch: dropped (matplotlib's only sets line joins)
                continue
            clean(child)
        for k in list(el.attrib):
            local = k.rsplit("}", 1)[-1].lower()
            value = el.attrib[k].strip().lower()
            if local.startswith("on"):
                del el.attrib[k]
            elif local == "href" and not (
                value.startswith("#") or value.startswith("data:image/png") or value.startswith("data:image/jpeg")
            ):
                del el.attrib[k]
            elif "javascript:" in value or "url(http" in value.replace(" ", "") or "@import" in value:
                del el.attrib[k]

    clean(root)
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    return Markup(ET.tostring(root, encoding="unicode"))


def _artifact_views(store, verdict_id: int, out: Path, page_safe: str, check_safe: str) -> list[dict]:
    views = []
    for name, (mime, content) in store.artifacts(verdict_id).items():
        view = {"name": name, "mime": mime}
        svg = safe_svg(content) if mime == "image/svg+xml" else None
        if svg is not None:
            view["kind"] = "svg"
            view["content"] = svg
        elif (
            mime.startswith("text/") or mime == "application/json" or mime == "image/svg+xml"
        ):  # an SVG that does not parse: its source
            if mime == "application/json":
                try:
                    content = json.dumps(json.loads(content), indent=1)
                except ValueError:
                    pass
            view["kind"] = "text"
            view["content"] = content
        else:
            rel = Path("artifacts") / page_safe / check_safe / safe_name(name)
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_text(content)
            view["kind"] = "file"
            view["href"] = "../" + rel.as_posix()
        views.append(view)
    return views


@lru_cache(maxsize=64)
def badge_html(status: str) -> str:
    return f'<span class="badge st-{escape(status.replace(" ", "-"))}">{escape(status)}</span>'


def _with_row_html(rows: list[dict]) -> list[dict]:
    """Each comparison row's cells as HTML (the hot path of large reports: a template macro
    per cell is ~10x slower). Every text is escaped here; labels are tex_html Markup."""
    has_other = any(r["other"] for r in rows)
    for r in rows:
        cells = [f"<td>{r['label']}</td><td>{badge_html(r['status'])}</td>"]
        for v in r["cells"]:
            cls = "num nowrap" if v["scalar"] else "small"
            title = f' title="{escape(v["title"])}"' if v["title"] else ""
            cells.append(f'<td class="{cls}"{title}>{escape(v["text"])}</td>')
        if has_other:
            items = "".join(f'<li><span class="k">{escape(k)}</span> {escape(val)}</li>' for k, val in r["other"])
            cells.append('<td class="small">' + ('<ul class="kv">' + items + "</ul>" if items else "") + "</td>")
        r["html"] = Markup("".join(cells))
    return rows


def _check_view(
    stmt: dict | None,
    stmt_id: str,
    name: str,
    method: str,
    expected: str | None,
    v: dict | None,
    last: dict | None,
    runs_by_id: dict,
    store,
    out: Path,
    page_safe: str,
    budget: str | None,
    doc: str = "",
) -> dict:
    view: dict[str, Any] = {
        "name": name,
        "anchor": "check-" + safe_name(name),
        "method": method,
        "expected": expected or "—",
        "doc": prose_html(doc),
        "ran": v is not None,
    }
    if v is None:
        view.update(status=NOT_RUN, ok=None, last=None)
        if last is not None:
            run = runs_by_id.get(last["run_id"], {})
            view["last"] = {"status": last["status"], "run_id": last["run_id"], "date": fmt_time(run.get("started"))}
        return view
    m = v["metrics"] or {}
    from_run = runs_by_id.get(v.get("run_id")) or {}
    view["from_run"] = (
        {"id": v["run_id"], "budget": from_run.get("budget"), "date": fmt_time(from_run.get("started"))}
        if from_run
        else None
    )
    comparisons = []
    raw = [c for c in m.get(schema.COMPARISONS) or [] if isinstance(c, dict)]
    columns = [(k, label, title) for k, label, title in _COLUMNS if any(k in c for c in raw)]
    column_keys = {k for k, _, _ in columns}
    groups: list[dict] = []
    for c in raw:
        cells = []
        for k, _, _ in columns:
            value, full = c.get(k), ""
            if k not in c:
                text = ""
            elif k == "slack_ratio" and _num(value) is not None:
                text = fmt_ratio(_num(value))
            elif k == "digits" and _num(value) is not None:
                d = _num(value)
                text = "exact" if math.isinf(d) and d > 0 else f"{d:.1f}"
            elif isinstance(value, str) and _num(value) is not None and len(value) > 12:
                text, full = fmt_float(_num(value), 6), value  # a high-precision decimal: all its digits on hover
            else:
                text = fmt(value)
            cells.append({"text": text, "title": full, "scalar": not isinstance(value, (list, tuple, dict))})
        other = _kv(c, [k for k in c if k not in column_keys and k not in _COMPARISON_SKIP])
        instance = fmt(c.get("instance")) if c.get("instance") else ""
        row = {
            "label": tex_html(c.get("label", "")),
            "status": c.get("status", "—"),
            "cells": cells,
            "other": other,
            "instance": instance,
        }
        comparisons.append(row)
        if not groups or groups[-1]["instance"] != instance:
            groups.append({"instance": instance, "rows": []})
        groups[-1]["rows"].append(row)
    counts: dict[str, int] = {}
    for c in comparisons:
        counts[c["status"]] = counts.get(c["status"], 0) + 1
    instances = []
    for inst in m.get(schema.INSTANCES) or []:
        if isinstance(inst, dict):
            hyps = inst.get(schema.INSTANCE_HYPOTHESES) or {}
            held = schema.instance_held({schema.INSTANCE_HYPOTHESES: hyps})
            instances.append(
                {
                    "params": fmt(inst.get(schema.INSTANCE_PARAMS)),
                    "hypotheses": [(tex_html(t), bool(h)) for t, h in hyps.items()] if isinstance(hyps, dict) else [],
                    "all_held": held,
                }
            )
    cex = m.get(schema.COUNTEREXAMPLE)
    cex_view = None
    if isinstance(cex, dict):
        command, unsettable = _probe_command(stmt_id, stmt, cex.get("instance"), budget)
        cex_view = {
            "label": tex_html(cex.get("label", "")),
            "instance": _kv(cex["instance"], list(cex["instance"])) if isinstance(cex.get("instance"), dict) else [],
            "metrics": _kv(cex["metrics"], list(cex["metrics"])) if isinstance(cex.get("metrics"), dict) else [],
            "command": command,
            "unsettable": unsettable,
        }
    key_metrics = _kv(m, [k for k in m if k not in _CHECK_METRIC_SKIP])
    notes = m.get(schema.NOTES) or []
    observations = [o for o in m.get(schema.OBSERVATIONS) or [] if isinstance(o, dict)]
    view.update(
        status=v["status"],
        expected=v["expected"],
        ok=v["status"] == v["expected"],
        method=v["method"],
        message=tex_html(v.get("message") or ""),
        precision=v.get("precision"),
        seed=v.get("seed"),
        seconds=fmt_seconds(v.get("seconds")),
        params=_kv(v.get("params") or {}, list(v.get("params") or {})),
        key_figure=key_figure([m]),
        key_metrics=key_metrics,
        comparisons=_with_row_html(comparisons),
        groups=groups,
        plot=comparison_plot(raw),
        columns=[{"label": label, "title": title} for _, label, title in columns],
        has_other=any(r["other"] for r in comparisons),
        comparison_counts=sorted(
            counts.items(), key=lambda kv: STATUS_ORDER.index(kv[0]) if kv[0] in STATUS_ORDER else 99
        ),
        instances=instances,
        notes=[tex_html(n) for n in (notes if isinstance(notes, list) else [notes])],
        observations=[
            {"label": tex_html(str(o.get("label", ""))), "fields": _kv(o, [k for k in o if k != "label"])}
            for o in observations
        ],
        counterexample=cex_view,
        artifacts=_artifact_views(store, v["id"], out, page_safe, safe_name(name)),
    )
    return view


def _budget_of(v: dict | None, runs_by_id: dict, default: str | None) -> str | None:
    """The budget of the run a verdict came from."""
    return (runs_by_id.get(v["run_id"]) or {}).get("budget", default) if v is not None else default


def _collect(store, out: Path, catalog: dict) -> dict:
    papers, titles, stmts, warnings = _catalog(catalog)
    registry = {s["id"]: s for s in stmts}
    run = store.latest_run()
    runs = store.runs(kind="run")
    runs_by_id = {r["id"]: r for r in runs}
    # every check's latest verdict, whichever run gave it (a one-statement run after a full one
    # leaves the others' evidence in place, as `ibv show` reads it); the budget is its run's
    # (a statement or check no longer registered keeps a page only while the latest run has it)
    in_latest_run = {(v["statement_id"], v["check_name"]) for v in store.verdicts(run_id=run["id"])} if run else set()
    registered = {(s["id"], c["name"]) for s in stmts for c in s["checks"]}
    by_stmt: dict[str, dict[str, dict]] = {}
    for (sid, name), v in store.latest_verdicts().items():
        if (sid, name) in registered or (sid, name) in in_latest_run:
            by_stmt.setdefault(sid, {})[name] = v
    budget = run.get("budget") if run else None
    history = store.verdict_history(kind="run")
    last_before: dict[tuple[str, str], dict] = {}  # the verdict before the latest, per check
    for h in history:
        latest = by_stmt.get(h["statement_id"], {}).get(h["check_name"])
        if latest is None or h["id"] < latest["id"]:
            last_before[(h["statement_id"], h["check_name"])] = h

    ids = [s["id"] for s in stmts] + [sid for sid in by_stmt if sid not in registry]
    safe: dict[str, str] = {}
    used: set[str] = set()
    for sid in ids:
        base = name = safe_name(sid)
        k = 2
        while name.lower() in used:  # case-insensitive file systems
            name = f"{base}-{k}"
            k += 1
        used.add(name.lower())
        safe[sid] = name

    statements = []
    for sid in ids:
        stmt = registry.get(sid)
        ran = by_stmt.get(sid, {})
        registered = stmt["checks"] if stmt is not None else []
        check_views = []
        seen = set()
        for c in registered:
            seen.add(c["name"])
            check_views.append(
                _check_view(
                    stmt,
                    sid,
                    c["name"],
                    c["method"],
                    c["expected"],
                    ran.get(c["name"]),
                    last_before.get((sid, c["name"])),
                    runs_by_id,
                    store,
                    out,
                    safe[sid],
                    _budget_of(ran.get(c["name"]), runs_by_id, budget),
                    doc=c.get("doc") or "",
                )
            )
        for name, v in ran.items():
            if name not in seen:
                seen.add(name)
                check_views.append(
                    _check_view(
                        stmt, sid, name, v["method"], v["expected"], v, None, runs_by_id, store, out, safe[sid], budget
                    )
                )
        for (hsid, name), h in last_before.items():  # checks of earlier runs, no longer registered
            if hsid == sid and name not in seen:
                seen.add(name)
                check_views.append(
                    _check_view(
                        stmt, sid, name, h["method"], h["expected"], None, h, runs_by_id, store, out, safe[sid], budget
                    )
                )
        run_checks = [c for c in check_views if c["ran"]]
        status = combine(c["status"] for c in run_checks) or (NOT_RUN if not run_checks else "error")
        expected_status = combine(c["expected"] for c in check_views)
        expect = stmt["expect"] if stmt is not None else None
        if expected_status is None:
            expected_status = "refuted" if expect == "refuted" else (expect or "—")
        corrected_id = f"{sid}:corrected"
        view = {
            "id": sid,
            "short_id": sid.split("/", 1)[1] if "/" in sid else sid,
            "safe": safe[sid],
            "href": f"statements/{safe[sid]}.html",
            "known": stmt is not None,
            "paper": stmt["paper"] if stmt is not None else sid.split("/", 1)[0],
            "kind": stmt["kind"] if stmt is not None else "—",
            "number": stmt["number"] if stmt is not None else "",
            "title": tex_html(stmt["title"]) if stmt is not None else Markup("(not in the registry)"),
            "text": tex_html(stmt["text"]) if stmt is not None else Markup(""),
            "source": stmt.get("source") if stmt is not None else None,
            "params": [
                {
                    "name": p["name"],
                    "type": p.get("type", ""),
                    "default": fmt(p.get("default")),
                    "doc": p.get("doc", ""),
                }
                for p in stmt.get("params") or []
            ]
            if stmt is not None
            else [],
            "hypotheses": [tex_html(h) for h in stmt.get("hypotheses") or []] if stmt is not None else [],
            "expect": expect or "—",
            "erratum": tex_html(stmt["erratum"]) if stmt is not None and stmt.get("erratum") else None,
            "notes": tex_html(stmt["notes"]) if stmt is not None and stmt.get("notes") else None,
            "corrects": stmt.get("corrects") if stmt is not None else None,
            "corrected_id": corrected_id if corrected_id in registry else None,
            "checks": check_views,
            "status": status,
            "expected_status": expected_status,
            "ok": all(c["ok"] for c in run_checks) if run_checks else None,
            "n_run": len(run_checks),
            "n_checks": len(check_views),
            "methods": sorted({c["method"] for c in check_views}),
            "key_figure": key_figure([by_stmt[sid][c["name"]]["metrics"] for c in run_checks]),
            "seconds": fmt_seconds(sum(_num(by_stmt[sid][c["name"]].get("seconds")) or 0 for c in run_checks))
            if run_checks
            else "—",
        }
        statements.append(view)
    by_id = {s["id"]: s for s in statements}

    # counts per paper
    paper_rows = []
    for key in list(papers) + sorted({s["paper"] for s in statements} - set(papers)):
        mine = [s for s in statements if s["paper"] == key]
        counts = {st: sum(1 for s in mine if s["status"] == st) for st in STATUS_ORDER}
        paper_rows.append(
            {
                "key": key,
                "file": papers.get(key, ""),
                "title": titles.get(key, ""),
                "n": len(mine),
                "counts": counts,
                "checks_run": sum(s["n_run"] for s in mine),
                "checks": sum(s["n_checks"] for s in mine),
                "unexpected": sum(1 for s in mine if s["ok"] is False),
            }
        )
    totals = {st: sum(p["counts"][st] for p in paper_rows) for st in STATUS_ORDER}
    all_checks = [c for s in statements for c in s["checks"] if c["ran"]]
    summary = {
        "statements": len(statements),
        "checks_run": len(all_checks),
        "as_expected": sum(1 for c in all_checks if c["ok"]),
        "unexpected": sum(1 for c in all_checks if not c["ok"]),
        "totals": totals,
    }

    # errata
    errata = []
    for s in statements:
        if s["expect"] != "refuted":
            continue
        corr = by_id.get(s["corrected_id"]) if s["corrected_id"] else None
        errata.append({"s": s, "corrected": corr})

    # history
    events = []
    prev: dict[tuple[str, str], dict] = {}
    current: dict[tuple[str, str], str] = {}
    for h in history:
        key = (h["statement_id"], h["check_name"])
        p = prev.get(key)
        if p is not None and p["status"] != h["status"]:
            was_ok, now_ok = p["status"] == p["expected"], h["status"] == h["expected"]
            kind = "regression" if was_ok and not now_ok else ("fixed" if now_ok and not was_ok else "change")
            events.append(
                {
                    "run_id": h["run_id"],
                    "date": fmt_time(runs_by_id.get(h["run_id"], {}).get("started")),
                    "statement_id": h["statement_id"],
                    "href": by_id[h["statement_id"]]["href"] if h["statement_id"] in by_id else None,
                    "check": h["check_name"],
                    "from": p["status"],
                    "from_run": p["run_id"],
                    "to": h["status"],
                    "expected": h["expected"],
                    "kind": kind,
                    "key": key,
                    "to_status": h["status"],
                }
            )
        prev[key] = h
        current[key] = h["status"]
    newest: dict[tuple[str, str], dict] = {}
    for e in events:  # in run order: the last one kept is the newest change
        newest[e["key"]] = e
    for e in events:
        e["current"] = newest[e["key"]] is e and current.get(e["key"]) == e["to_status"]
    rank = {"regression": 0, "fixed": 1, "change": 2}
    events.sort(key=lambda e: (rank[e["kind"]], -e["run_id"]))
    per_run: dict[int, list[dict]] = {}
    for h in history:
        per_run.setdefault(h["run_id"], []).append(h)
    run_rows = []
    for r in reversed(runs):
        vs = per_run.get(r["id"], [])
        run_rows.append(
            {
                "id": r["id"],
                "date": fmt_time(r["started"]),
                "state": r["state"],
                "budget": r["budget"],
                "commit": (r.get("git_commit") or "—")[:12],
                "verdicts": len(vs),
                "as_expected": sum(1 for v in vs if v["status"] == v["expected"]),
                "unexpected": sum(1 for v in vs if v["status"] != v["expected"]),
                "latest": run is not None and r["id"] == run["id"],
            }
        )

    prov = None
    if run is not None:
        try:
            argv = json.loads(run.get("argv") or "{}").get("argv") or []
        except (ValueError, AttributeError):
            argv = []
        duration = (run["finished"] - run["started"]) if run.get("finished") and run.get("started") else None
        prov = {
            "id": run["id"],
            "commit": run.get("git_commit") or "unknown (not a git checkout)",
            "versions": sorted((run.get("versions") or {}).items()),
            "budget": run.get("budget"),
            "date": fmt_time(run.get("started")),
            "duration": fmt_seconds(duration) if duration is not None else "—",
            "machine": run.get("machine") or "—",
            "state": run.get("state"),
            "command": "ibv " + " ".join(shlex.quote(a) for a in argv) if argv else "—",
        }

    probes = _collect_probes(store, registry, by_id, out)
    for s in statements:
        s["probes"] = [p for p in probes if s["id"] in p["statement_ids"]]

    methods = sorted({m for s in statements for m in s["methods"]})
    return {
        "probes": probes,
        "run": prov,
        "statements": statements,
        "paper_rows": paper_rows,
        "summary": summary,
        "errata": errata,
        "events": events,
        "run_rows": run_rows,
        "warnings": warnings,
        "methods": methods,
        "papers": [p["key"] for p in paper_rows],
        "statuses": STATUS_ORDER,
        "n_regressions": sum(1 for e in events if e["kind"] == "regression"),
    }


def _argv_command(run: dict) -> str:
    try:
        argv = json.loads(run.get("argv") or "{}").get("argv") or []
    except (ValueError, AttributeError):
        argv = []
    return "ibv " + " ".join(shlex.quote(str(a)) for a in argv) if argv else "—"


PROBE_EVIDENCE_OPEN = 12  # beyond this many verdicts, those as expected are folded away


def _collect_probes(store, registry: dict, stmt_views: dict, out: Path) -> list[dict]:
    """One view per run of kind 'probe', newest first: its statement(s), and a row per
    instance (a verdict's params are the instance's overrides) saying whether the hypotheses
    held and what each check's verdict was; the probe's summary and phase diagram when the
    store holds them as run artifacts; each verdict's evidence."""
    probes = []
    for r in reversed(store.runs(kind="probe")):
        verdicts = store.verdicts(run_id=r["id"])
        page_safe = f"probe-{r['id']}"
        sids: list[str] = []
        check_names: list[str] = []
        by_instance: dict[str, list[tuple[dict, dict]]] = {}
        checks, plots = [], []
        for v in verdicts:
            sid = v["statement_id"]
            if sid not in sids:
                sids.append(sid)
            if v["check_name"] not in check_names:
                check_names.append(v["check_name"])
            stmt = registry.get(sid)
            view = _check_view(
                stmt,
                sid,
                v["check_name"],
                v["method"],
                v["expected"],
                v,
                None,
                {},
                store,
                out,
                page_safe,
                r.get("budget"),
            )
            view["anchor"] = f"verdict-{v['id']}"
            view["statement_id"] = sid
            view["instance"] = fmt(v["params"]) if v["params"] else "defaults"
            plots += [
                dict(a, check=v["check_name"], anchor=view["anchor"]) for a in view["artifacts"] if a["kind"] == "svg"
            ]
            checks.append(view)
            key = json.dumps([sid, v["params"]], sort_keys=True, default=str)
            by_instance.setdefault(key, []).append((v, view))
        param_names: list[str] = []
        for v in verdicts:
            param_names += [k for k in (v["params"] or {}) if k not in param_names]
        rows = []
        for key, items in by_instance.items():
            vs = [v for v, _ in items]
            held = schema.hypotheses_held(vs)
            params = vs[0]["params"] or {}
            cells = {}
            for v, view in items:
                cells[v["check_name"]] = {
                    "status": v["status"],
                    "anchor": view["anchor"],
                    "ok": v["status"] == v["expected"],
                }
            rows.append(
                {
                    "statement_id": vs[0]["statement_id"],
                    "params": [fmt(params[k]) if k in params else "" for k in param_names],
                    "held": None if not held else all(held.values()),
                    "failed": [tex_html(t) for t, ok in held.items() if not ok],
                    "n_hyps": len(held),
                    "status": combine(v["status"] for v in vs) or vs[0]["status"],
                    "checks": [cells.get(n) for n in check_names],
                    "key_figure": key_figure([v["metrics"] or {} for v in vs])
                    or "; ".join(
                        fmt(v["message"] or "", 120)
                        for v in vs
                        if v["status"] in ("error", "inconclusive") and v["message"]
                    ),
                }
            )
        counts: dict[str, int] = {}
        for row in rows:
            counts[row["status"]] = counts.get(row["status"], 0) + 1
        summary_lines, run_plots, run_files = [], [], []
        for name, (mime, content) in store.run_artifacts(r["id"]).items():
            svg = safe_svg(content) if mime == "image/svg+xml" else None
            if svg is not None:
                run_plots.append({"name": name, "content": svg})
                continue
            if name == "probe-summary" and mime == "application/json":
                try:
                    summary_lines = [tex_html(x) for x in json.loads(content).get("lines") or [] if isinstance(x, str)]
                except (ValueError, AttributeError):
                    pass
            if mime == "application/json":
                try:
                    content = json.dumps(json.loads(content), indent=1)
                except ValueError:
                    pass
            run_files.append({"name": name, "mime": mime, "content": content})
        for view in checks:  # folded when many: the instances table links to each
            view["folded"] = len(checks) > PROBE_EVIDENCE_OPEN and view["ok"] is True
        duration = (r["finished"] - r["started"]) if r.get("finished") and r.get("started") else None
        distinct = list(
            {json.dumps(v["params"] or {}, sort_keys=True, default=str): v["params"] or {} for v in verdicts}.values()
        )
        if len(distinct) <= 1:
            overrides = [fmt(distinct[0]) if distinct and distinct[0] else "none (defaults)"]
        else:  # a sweep: each parameter with the values it took
            overrides = []
            for name in param_names:
                values: list[str] = []
                for d in distinct:
                    text = fmt(d[name]) if name in d else "default"
                    if text not in values:
                        values.append(text)
                overrides.append(
                    f"{name} ∈ {{{', '.join(values[:12])}{', …' if len(values) > 12 else ''}}} ({len(values)} values)"
                    if len(values) > 1
                    else f"{name}={values[0]}"
                )
        probes.append(
            {
                "id": r["id"],
                "href": f"probes/{page_safe}.html",
                "safe": page_safe,
                "date": fmt_time(r.get("started")),
                "duration": fmt_seconds(duration) if duration is not None else "—",
                "state": r.get("state"),
                "budget": r.get("budget"),
                "commit": r.get("git_commit") or "unknown (not a git checkout)",
                "machine": r.get("machine") or "—",
                "versions": sorted((r.get("versions") or {}).items()),
                "command": _argv_command(r),
                "statement_ids": sids,
                "statements": [stmt_views[sid] if sid in stmt_views else {"id": sid, "href": None} for sid in sids],
                "overrides": overrides,
                "param_names": param_names,
                "check_names": check_names,
                "rows": rows,
                "checks": checks,
                "plots": plots,
                "run_plots": run_plots,
                "run_files": run_files,
                "summary_lines": summary_lines,
                "n_verdicts": len(verdicts),
                "n_folded": sum(1 for c in checks if c["folded"]),
                "counts": sorted(
                    counts.items(), key=lambda kv: STATUS_ORDER.index(kv[0]) if kv[0] in STATUS_ORDER else 99
                ),
                "held": sum(1 for row in rows if row["held"]),
                "not_held": sum(1 for row in rows if row["held"] is False),
            }
        )
    return probes


# ---------------------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------------------
def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["fmt"] = fmt
    env.filters["safe_name"] = safe_name
    env.globals["NOT_RUN"] = NOT_RUN
    return env


def status_css() -> str:
    """The badge colour of each verdict status (checks/schema.py ``STATUS_COLOURS``, the
    colours of the probe's phase diagrams too)."""
    lines = ["\n/* verdict statuses (checks/schema.py) */"]
    for st, colour in schema.STATUS_COLOURS.items():
        lines.append(f".st-{st} {{ background: {colour}; }} .badge.expected.st-{st} {{ color: {colour}; }}")
    return "\n".join(lines) + "\n"


def render_report(store, out: Path, catalog: dict) -> Path:
    """Render the store's latest run as a static report in ``out``; returns index.html.

    ``store``: a results store (checks/machine/store.py: ``Store``); ``catalog``: the plain-data
    snapshot of the statements, their checks and the papers (checks/machine/catalog.py:
    ``build_catalog()``)."""
    out = Path(out)
    ours = (out / MARKER).exists()
    out.mkdir(parents=True, exist_ok=True)
    if ours and (out / "artifacts").is_dir():
        shutil.rmtree(out / "artifacts")
    (out / "statements").mkdir(exist_ok=True)
    (out / "probes").mkdir(exist_ok=True)
    data = _collect(store, out, catalog)
    env = _environment()
    common = {
        "generated": fmt_time(time.time()),
        "store_path": str(getattr(store, "path", "")),
        "run": data["run"],
        "n_regressions": data["n_regressions"],
        "n_errata": len(data["errata"]),
        "n_probes": len(data["probes"]),
    }

    def write(path: Path, template: str, **ctx) -> None:
        path.write_text(env.get_template(template).render(**common, **ctx), encoding="utf-8")

    write(out / "index.html", "index.html", root="", page="index", **{k: v for k, v in data.items() if k not in common})
    by_id = {s["id"]: s for s in data["statements"]}
    written = set()
    stmts = data["statements"]
    for k, s in enumerate(stmts):
        name = f"{s['safe']}.html"
        written.add(name)
        prev = stmts[k - 1] if k > 0 and stmts[k - 1]["paper"] == s["paper"] else None  # reading order, within a paper
        nxt = stmts[k + 1] if k + 1 < len(stmts) and stmts[k + 1]["paper"] == s["paper"] else None
        write(
            out / "statements" / name,
            "statement.html",
            root="../",
            page="statement",
            s=s,
            prev=prev,
            next=nxt,
            corrected=by_id.get(s["corrected_id"]) if s["corrected_id"] else None,
            corrects=by_id.get(s["corrects"]) if s["corrects"] else None,
        )
    write(out / "errata.html", "errata.html", root="", page="errata", errata=data["errata"])
    write(
        out / "history.html", "history.html", root="", page="history", events=data["events"], run_rows=data["run_rows"]
    )
    write(out / "probes.html", "probes.html", root="", page="probes", probes=data["probes"])
    probe_pages = set()
    for p in data["probes"]:
        probe_pages.add(f"{p['safe']}.html")
        write(out / p["href"], "probe.html", root="../", page="probe", p=p)
    (out / "style.css").write_text((STATIC / "style.css").read_text(encoding="utf-8") + status_css(), encoding="utf-8")
    if ours:
        for folder, keep in (("statements", written), ("probes", probe_pages)):
            for f in (out / folder).glob("*.html"):
                if f.name not in keep:
                    f.unlink()
    (out / MARKER).write_text("generated by ibverify's report renderer; stale pages here are removed on render\n")
    return out / "index.html"
