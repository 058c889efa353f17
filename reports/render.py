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
import os
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

from .numbers import fmt_digits, fmt_float
from .plots import comparison_figure, phase_diagram, trend_plot

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
    if not _TEXY.search(text):  # plain text (most labels and keys): escaped
        return escape(text)
    return Markup(_tex_html(text))


_TEXY = re.compile(r"[$\\`']")


@lru_cache(maxsize=16384)
def _tex_html(text: str) -> str:
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
    return "".join(out)


# ---------------------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------------------
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
        text = fmt_digits(d)
        if text == "exact":
            parts.append("exact agreement")
        elif text == "none":
            parts.append("no agreeing digit")
        else:
            parts.append(f"agreement {text} digit{'s' if text != '1' else ''}")
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


# Metric keys that are the machine's bookkeeping, not evidence: not shown as metrics.
_INTERNAL_METRICS = frozenset({"overrides_read", "cache", "scope"})


def _empty(v: Any) -> bool:
    return v is None or v == "" or v == [] or v == {} or v == ()


def fmt_html(x: Any, limit: int = 300) -> Markup:
    """A stored value as HTML: text holding ``$...$`` as maths (never cut: a cut formula is
    broken TeX), a long decimal shortened with all its digits on hover, the rest as ``fmt``."""
    if isinstance(x, str):
        if "$" in x or "\\(" in x:
            return tex_html(x)
        n = _num(x)
        if n is not None and len(x) > 12 and x not in ("inf", "-inf", "+inf", "nan"):
            return Markup('<span class="num" title="{}">{}</span>').format(x, fmt_float(n, 6))
        return escape(fmt(x, limit))
    if isinstance(x, dict):
        return Markup(", ".join(f"{tex_html(str(k))}={fmt_html(v, limit)}" for k, v in x.items()))
    if isinstance(x, (list, tuple)):
        items = ", ".join(str(fmt_html(v, limit)) for v in x[:24])
        more = f", … ({len(x)} in all)" if len(x) > 24 else ""
        return Markup(f"[{items}{more}]")
    if isinstance(x, float):
        return Markup(fmt_float(x))  # digits, signs and ×10ⁿ: nothing to escape
    return escape(fmt(x, limit))


def _kv(d: dict, keys: Iterable[str]) -> list[tuple[Markup, Markup]]:
    """(key, value) pairs as HTML, in order; internal bookkeeping keys and empty values left out."""
    out = []
    for k in keys:
        if k in d and k not in _INTERNAL_METRICS and not _empty(d[k]):
            v = d[k]
            r = _num(v) if k in ("slack_ratio", "min_slack_ratio") else None
            out.append((tex_html(str(k)), escape(fmt_ratio(r)) if r is not None else fmt_html(v)))
    return out


# A metric recording a gap or a failure (a caveat the badge alone would hide), by its name.
_CAVEAT_KEY = re.compile(r"fail|gap|caveat|violat|not held|unmet|outside|misprint|unproved|exception", re.I)


def _nonzero(v: Any) -> bool:
    """Whether a recorded count of failures is not nothing: 3, '62/126', True, a non-empty list."""
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return v != 0
    if isinstance(v, str):
        head = v.strip().split("/", 1)[0].strip()
        n = _num(head)
        return n != 0 if n is not None else head.lower() not in ("", "0", "none", "no", "false")
    return not _empty(v)


def metric_caveats(m: dict) -> list[Markup]:
    """The gaps a check recorded in its metrics (a key naming failures, with a non-zero value):
    shown beside the verdict, not in grey under it."""
    out = []
    for k, v in m.items():
        if k in _CHECK_METRIC_SKIP or k in _INTERNAL_METRICS or not isinstance(k, str):
            continue
        if _CAVEAT_KEY.search(k) and _nonzero(v):
            out.append(Markup("{}: {}").format(tex_html(k), fmt_html(v)))
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


_SYMPY_FUNCTIONS = frozenset(
    "sqrt exp log sin cos tan sinh cosh tanh asinh acosh atanh atan asin acos Abs sign Min Max"
    " Rational Integer Float Symbol".split()
)
_SYMPY_TEXT = re.compile(r"[\w\s+\-*/().,^]{1,400}")


@lru_cache(maxsize=2048)
def residual_html(text: str) -> Markup:
    """A symbolic residual as stored (SymPy's text, e.g. ``x**2 - 2*x*y``) typeset through
    ``sympy.latex``; plain numbers and anything that does not parse as a harmless expression
    (only names, numbers and arithmetic: the text is never evaluated otherwise) stay text."""
    text = text.strip()
    if _num(text) is not None or not _SYMPY_TEXT.fullmatch(text) or "__" in text or not re.search("[A-Za-z]", text):
        return escape(fmt(text))
    if any(f not in _SYMPY_FUNCTIONS for f in re.findall(r"([A-Za-z_]\w*)\s*\(", text)):
        return escape(fmt(text))  # a call of anything but an elementary function: left as text
    try:
        import sympy
        from sympy.parsing.sympy_parser import parse_expr, standard_transformations

        names = {k: getattr(sympy, k) for k in _SYMPY_FUNCTIONS | {"Add", "Mul", "Pow", "Function", "UnevaluatedExpr"}}
        names["__builtins__"] = {}
        expr = parse_expr(text, global_dict=names, transformations=standard_transformations, evaluate=False)
        if not isinstance(expr, sympy.Basic):
            return escape(fmt(text))
        return Markup(math_html(sympy.latex(expr)))
    except Exception:
        return escape(fmt(text))


@lru_cache(maxsize=64)
def badge_html(status: str) -> str:
    return f'<span class="badge st-{escape(status.replace(" ", "-"))}">{escape(status)}</span>'


def _with_row_html(rows: list[dict], neutral: bool = False) -> list[dict]:
    """Each comparison row's cells as HTML (the hot path of large reports: a template macro
    per cell is ~10x slower). Every text is escaped here; labels are tex_html Markup.
    ``neutral``: the instance is outside the hypotheses, its statuses no evidence (grey)."""
    has_other = any(r["other"] for r in rows)
    for r in rows:
        badge = (
            f'<span class="badge st-outside" title="outside the hypotheses: no evidence">{escape(r["status"])}</span>'
            if neutral
            else badge_html(r["status"])
        )
        cells = [f"<td>{r['label']}</td><td>{badge}</td>"]
        for v in r["cells"]:
            cls = "num nowrap" if v["scalar"] else "small"
            title = f' title="{escape(v["title"])}"' if v["title"] else ""
            cells.append(f'<td class="{cls}"{title}>{v["html"]}</td>')
        if has_other:
            items = "".join(f'<li><span class="k">{k}</span> {val}</li>' for k, val in r["other"])
            cells.append('<td class="small">' + ('<ul class="kv">' + items + "</ul>" if items else "") + "</td>")
        r["html"] = Markup("".join(cells))
    return rows


# A run whose verdicts cover at least this share of the registered checks is a full-suite
# run: a check's latest verdict older than the newest one is flagged stale.
FULL_RUN_SHARE = 0.9
# The newest run covering less than this share of the registered checks gets a warning.
LITTLE_COVERAGE = 0.5


def stale_reasons(run: dict, ref: dict | None) -> list[str]:
    """Why a verdict from ``run`` may no longer describe the code: an older run than the newest
    full-suite run (which did not re-run this check), or another commit than the newest run's."""
    if not ref:
        return []
    out = []
    full = ref.get("newest_full")
    if full is not None and run.get("id") is not None and run["id"] < full["id"]:
        out.append(f"older than the newest full-suite run #{full['id']} (which did not re-run it)")
    commit = ref.get("commit")
    if commit and run.get("git_commit") and run["git_commit"] != commit:
        out.append(f"made at commit {run['git_commit'][:12]}, the newest run at {commit[:12]}")
    return out


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
    entry: dict | None = None,
    stale_ref: dict | None = None,
) -> dict:
    entry = entry or {}
    view: dict[str, Any] = {
        "name": name,
        "anchor": "check-" + safe_name(name),
        "method": method,
        "expected": expected or "—",
        "doc": prose_html(doc),
        "ran": v is not None,
        "step": entry.get("step"),
        "code": entry.get("code"),
        "stale": [],
        "caveats": [],
        "from_run": None,
        "code_href": None,
        "outside": False,
    }
    if v is None:
        view.update(status=NOT_RUN, ok=None, last=None)
        if last is not None:
            run = runs_by_id.get(last["run_id"], {})
            view["last"] = {
                "status": last["status"],
                "run_id": last["run_id"],
                "date": fmt_time(run.get("started")),
                "href": run.get("href"),
            }
        return view
    m = v["metrics"] or {}
    from_run = runs_by_id.get(v.get("run_id")) or {}
    if from_run:
        view["from_run"] = {
            "id": v["run_id"],
            "budget": from_run.get("budget"),
            "date": fmt_time(from_run.get("started")),
            "commit": from_run.get("commit_short"),
            "href": from_run.get("href"),
        }
        view["stale"] = stale_reasons(from_run, stale_ref)
    view["caveats"] = metric_caveats(m)
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
                text = escape("")
            elif k == "slack_ratio" and _num(value) is not None:
                text = escape(fmt_ratio(_num(value)))
            elif k == "digits" and _num(value) is not None:
                d = _num(value)
                text = escape("exact" if math.isinf(d) and d > 0 else ("none" if d < 0.05 else f"{d:.1f}"))
            elif k == "residual" and isinstance(value, str):
                text = residual_html(value)
            elif isinstance(value, str) and _num(value) is not None and len(value) > 12:
                # a high-precision decimal: all its digits on hover
                text, full = escape(fmt_float(_num(value), 6)), value
            else:
                text = fmt_html(value)
            cells.append({"html": text, "title": full, "scalar": not isinstance(value, (list, tuple, dict))})
        other = _kv(c, [k for k in c if k not in column_keys and k not in _COMPARISON_SKIP])
        instance = fmt_html(c.get("instance")) if c.get("instance") else ""
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
                    "params": fmt_html(inst.get(schema.INSTANCE_PARAMS)),
                    "hypotheses": [(tex_html(t), bool(h)) for t, h in hyps.items()] if isinstance(hyps, dict) else [],
                    "all_held": held,
                }
            )
    not_held = sum(1 for i in instances if i["all_held"] is False)
    if not_held:
        view["caveats"].append(
            Markup(
                f"hypotheses not held on {not_held} of {len(instances)} instance{'s' if len(instances) != 1 else ''}"
            )
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
        plot=comparison_figure(raw),
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


HOLDING = ("proved", "certified", "verified")
# History: a key figure moving by more than this between two runs with the same verdict is
# flagged as drift (display settings: the stored verdicts carry no error of the figures
# themselves across runs).
DRIFT_DIGITS = 2.0  # agreeing decimal digits
DRIFT_RATIO = 0.05  # relative change of the smallest bound slack ratio rhs/lhs
# The index can hide statements whose verdict rests on fewer searched instances than this
# (issue 18's domain search); a display default, changed in the page.
SEARCH_INSTANCES = 100


def status_words(
    status: str,
    expect: str | None,
    ok: bool | None,
    corrected: dict | None = None,
    proof_errata: int = 0,
    corrects: str | None = None,
) -> tuple[str, str]:
    """A statement's verdict in words and its tone (good, finding, open, bad, neutral): "holds
    as printed", "false as printed, correction holds", "holds; proof has misprints", "not
    reproduced", "open"."""
    if status == NOT_RUN:
        return "not run", "neutral"
    if expect == "refuted":
        if status == "refuted":
            if corrected is None:
                return "false as printed", "finding"
            cst = corrected["status"]
            if cst in HOLDING and corrected["ok"] is not False:
                return "false as printed, correction holds", "finding"
            if cst == NOT_RUN:
                return "false as printed, correction not run", "finding"
            return "false as printed, correction " + ("open" if cst == "inconclusive" else "not reproduced"), "finding"
        return ("open", "open") if status == "inconclusive" else ("not reproduced", "bad")
    if status in HOLDING:
        words = "holds as corrected" if corrects else "holds as printed"
        if proof_errata:
            words = "holds; proof has misprints"
        if ok is False:
            return words + " (weaker evidence than expected)", "open"
        return words, ("finding" if proof_errata else "good")
    if status == "inconclusive":
        return "open", "open"
    if status == "refuted":
        return "false as printed (not expected)", "bad"
    return "not reproduced", "bad"


def display_tex(text: str) -> str:
    """A proof step's text: a printed display is often stored as bare LaTeX (no ``$``): then
    it is one display formula."""
    if "$" in text or "\\(" in text or "\\[" in text or not re.search(r"[\\^_{}=<>]", text):
        return text
    return "$$" + text + "$$"


def _sentences(text: str) -> tuple[str, str]:
    """(first sentence, the rest) of prose with formulas: a period inside $...$, brackets or
    parentheses, an ellipsis or an abbreviation does not end it; a leading bracketed note
    ("[Inconclusive under ...]") goes to the rest."""
    text = text.strip()
    if text.startswith("["):
        end = text.find("]")
        if 0 < end < len(text) - 1:
            first, rest = _sentences(text[end + 1 :])
            return first, (text[: end + 1] + " " + rest).strip()
    math = False
    depth = 0
    k = 0
    while k < len(text):
        ch = text[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "$":
            math = not math
        elif not math and ch in "([{":
            depth += 1
        elif not math and ch in ")]}":
            depth = max(0, depth - 1)
        elif not math and depth == 0 and ch in ".;" and (k + 1 == len(text) or text[k + 1] in " \n"):
            before = text[max(0, k - 4) : k].split(" ")[-1].lower()
            ellipsis = text[k - 1 : k] == "." or text[k - 1 : k] == "…"
            if ch == ";" or not (
                ellipsis or before in ("eq", "e.g", "i.e", "thm", "app", "sec", "cf", "fig", "vs", "resp", "al")
            ):
                return text[: k + 1].strip(), text[k + 1 :].strip()
        k += 1
    return text, ""


_TOKENS = re.compile(r"\$\$.+?\$\$|\$.+?\$|[^\s$]+|\s+", re.S)


def diff_html(printed: str, corrected: str) -> tuple[Markup, Markup]:
    """The printed and corrected texts with what differs marked (word by word; a formula is
    one token, marked whole)."""
    import difflib

    a, b = _TOKENS.findall(printed), _TOKENS.findall(corrected)
    ka, kb = [t.strip() for t in a], [t.strip() for t in b]
    sm = difflib.SequenceMatcher(None, ka, kb, autojunk=False)
    left: list[str] = []
    right: list[str] = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        pa, pb = "".join(a[i1:i2]), "".join(b[j1:j2])
        if op == "equal":
            left.append(str(tex_html(pa)))
            right.append(str(tex_html(pb)))
            continue
        if pa.strip():
            left.append(f'<mark class="del">{tex_html(pa)}</mark>')
        if pb.strip():
            right.append(f'<mark class="ins">{tex_html(pb)}</mark>')
    return Markup("".join(left)), Markup("".join(right))


def _ranges_html(ranges: Any) -> list[tuple[Markup, Markup]]:
    """Per parameter the values searched: ``[min, max]`` for numbers, the values otherwise."""
    out = []
    for name, r in (ranges or {}).items() if isinstance(ranges, dict) else []:
        if isinstance(r, (list, tuple)) and len(r) == 2 and all(_num(x) is not None for x in r):
            text = escape(fmt(r[0])) if r[0] == r[1] else Markup("[{}, {}]").format(fmt_html(r[0]), fmt_html(r[1]))
        elif isinstance(r, (list, tuple)):
            text = Markup("{") + Markup(", ").join(fmt_html(x) for x in r) + Markup("}")
        else:
            text = fmt_html(r)
        out.append((tex_html(str(name)), text))
    return out


def _coverage(m: dict) -> dict | None:
    """A domain search's coverage (issue 18; ``metrics["search"]``, keys in checks/schema.py):
    the instances searched and decided, the range of each parameter, the edges tried, the
    tightest instance, and per hypothesis whether searching where only it fails found a
    counterexample (needed) or not (appears unnecessary: a finding)."""
    cov = m.get(schema.SEARCH)
    if not isinstance(cov, dict):
        return None
    decided = _num(m.get(schema.SEARCHED_INSTANCES, cov.get(schema.SEARCH_DECIDED)))
    counts = [
        (label, int(_num(cov.get(key)) or 0))
        for key, label in (
            (schema.SEARCH_INSIDE, "inside the hypotheses"),
            (schema.SEARCH_DECIDED, "decided"),
            (schema.SEARCH_UNDECIDED, "undecided"),
            (schema.SEARCH_PREMISE_UNMET, "premise unmet"),
            (schema.SEARCH_ERRORS, "errors"),
            (schema.SEARCH_OUTSIDE, "outside"),
            (schema.SEARCH_EDGES, "edges"),
            (schema.SEARCH_GENERATED, "generated"),
        )
        if key in cov
    ]
    necessity = []
    for h in cov.get(schema.SEARCH_NECESSITY) or []:
        if not isinstance(h, dict):
            continue
        cex = h.get(schema.NECESSITY_COUNTEREXAMPLE)
        necessity.append(
            {
                "hypothesis": tex_html(str(h.get(schema.NECESSITY_HYPOTHESIS, ""))),
                "result": h.get(schema.NECESSITY_RESULT),
                "instances": int(_num(h.get(schema.NECESSITY_INSTANCES)) or 0),
                "decided": int(_num(h.get(schema.NECESSITY_DECIDED)) or 0),
                "ranges": _ranges_html(h.get(schema.NECESSITY_RANGES)),
                "counterexample": fmt_html(cex) if cex else None,
            }
        )
    tight = cov.get(schema.SEARCH_TIGHTEST) if isinstance(cov.get(schema.SEARCH_TIGHTEST), dict) else None
    cex = cov.get(schema.SEARCH_COUNTEREXAMPLE) if isinstance(cov.get(schema.SEARCH_COUNTEREXAMPLE), dict) else None
    return {
        "instances": int(decided) if decided is not None else None,
        "evaluated": int(_num(cov.get(schema.SEARCH_INSTANCES)) or 0),
        "kind": cov.get(schema.SEARCH_KIND),
        "counts": counts,
        "ranges": _ranges_html(cov.get(schema.SEARCH_RANGES)),
        "edges": [tex_html(str(e)) for e in cov.get(schema.SEARCH_EDGE_LABELS) or []],
        "tightest": fmt_html(tight.get("params")) if tight else None,
        "tightest_score": fmt(tight.get("score")) if tight else None,
        "counterexample": fmt_html(cex.get("params")) if cex else None,
        "found_by": cex.get("found_by") if cex else None,
        "necessity": necessity,
        "cpu": fmt_seconds(cov.get(schema.SEARCH_CPU_SECONDS)),
        "stopped_by_cap": bool(cov.get(schema.SEARCH_STOPPED_BY_CAP)),
    }


def _run_infos(runs: list[dict], history: list[dict], n_registered: int) -> dict[int, dict]:
    """Each run of kind 'run' with what the report says of it: its link, its short commit,
    how many checks it covered, whether it is a full-suite run."""
    covered: dict[int, set] = {}
    for h in history:
        covered.setdefault(h["run_id"], set()).add((h["statement_id"], h["check_name"]))
    out = {}
    for r in runs:
        n = len(covered.get(r["id"], ()))
        out[r["id"]] = dict(
            r,
            href=f"runs/run-{r['id']}.html",
            commit_short=(r.get("git_commit") or "")[:12] or None,
            n_checks=n,
            full=n_registered > 0 and n >= FULL_RUN_SHARE * n_registered,
        )
    return out


def _figure_history(store, kind: str = "run") -> dict[int, tuple[float | None, float | None]]:
    """Per verdict id, its stored (min_digits, min_slack_ratio), read in one query (the
    history itself carries no metrics)."""
    try:
        rows = store.conn.execute(
            "SELECT v.id, json_extract(v.metrics, '$.min_digits'), json_extract(v.metrics, '$.min_slack_ratio')"
            " FROM verdicts v JOIN runs r ON r.id=v.run_id WHERE r.kind=?",
            (kind,),
        ).fetchall()
    except Exception:  # a store without JSON functions: no trend
        return {}
    return {int(r[0]): (_num(r[1]), _num(r[2])) for r in rows}


def _strip(history: list[dict], figures: dict, infos: dict, stmt_checks: set) -> tuple[list[dict], list[dict]]:
    """One statement's verdict per run (its own checks combined) with its key figures, and
    the drift between runs that kept the verdict."""
    per_run: dict[int, list[dict]] = {}
    for h in history:
        if h["check_name"] in stmt_checks:
            per_run.setdefault(h["run_id"], []).append(h)
    strip = []
    for rid in sorted(per_run):
        hs = per_run[rid]
        digs = [figures.get(h["id"], (None, None))[0] for h in hs]
        rats = [figures.get(h["id"], (None, None))[1] for h in hs]
        digs = [d for d in digs if d is not None and math.isfinite(d)]
        rats = [r for r in rats if r is not None and math.isfinite(r)]
        info = infos.get(rid, {})
        strip.append(
            {
                "run_id": rid,
                "href": info.get("href"),
                "date": fmt_time(info.get("started")),
                "status": combine(h["status"] for h in hs) or hs[0]["status"],
                "ok": all(h["status"] == h["expected"] for h in hs),
                "n": len(hs),
                "digits": min(digs) if digs else None,
                "ratio": min(rats) if rats else None,
                "drift": False,
            }
        )
    drifts = []
    for a, b in zip(strip, strip[1:]):
        if a["status"] != b["status"]:
            continue
        if a["digits"] is not None and b["digits"] is not None and abs(a["digits"] - b["digits"]) > DRIFT_DIGITS:
            b["drift"] = True
            drifts.append(
                {
                    "run_id": b["run_id"],
                    "from_run": a["run_id"],
                    "what": f"agreement {fmt_digits(a['digits'])} → {fmt_digits(b['digits'])} digits",
                }
            )
        if a["ratio"] and b["ratio"] is not None and abs(b["ratio"] / a["ratio"] - 1) > DRIFT_RATIO:
            b["drift"] = True
            drifts.append(
                {
                    "run_id": b["run_id"],
                    "from_run": a["run_id"],
                    "what": f"bound slack ×{fmt_ratio(a['ratio'])} → ×{fmt_ratio(b['ratio'])}",
                }
            )
    return strip, drifts


_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta", "η": "eta",
    "θ": "theta", "ϑ": "theta", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi", "π": "pi",
    "ρ": "rho", "σ": "sigma", "τ": "tau", "φ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega",
    "Γ": "gamma", "Δ": "delta", "Θ": "theta", "Λ": "lambda", "Ξ": "xi", "Π": "pi", "Σ": "sigma",
    "Φ": "phi", "Ψ": "psi", "Ω": "omega",
}  # fmt: skip
_EQ_REF = re.compile(r"\beq(?:uation)?s?\.?\s*\(?\s*([A-Za-z]?\d+(?:\.\d+)?[a-z]?)\s*\)?", re.I)


def search_text(*texts: Any) -> str:
    """Text for the search index: TeX as Unicode, Greek letters also as their names (α finds
    alpha and alpha finds α), equation references as 'eq:7', lower case, one space."""
    from checks.machine.textmath import tex_text

    s = tex_text(" \n ".join(str(t) for t in texts if t))
    s = _EQ_REF.sub(lambda m: f" eq:{m.group(1).lower()} ", s)
    s = re.sub(r"\(\s*(\d+(?:\.\d+)?[a-z]?)\s*\)", r" eq:\1 ", s)
    s = "".join(_GREEK.get(ch, ch) if ch in _GREEK else ch for ch in s)
    return re.sub(r"\s+", " ", s).strip().lower()


def _collect(store, out: Path, catalog: dict, run_id: int | None = None) -> dict:
    papers, titles, stmts, warnings = _catalog(catalog)
    paper_info = {p["key"]: p for p in catalog.get("papers") or []}
    registry = {s["id"]: s for s in stmts}
    runs = store.runs(kind="run")
    history = store.verdict_history(kind="run")
    registered = {(s["id"], c["name"]) for s in stmts for c in s["checks"]}
    infos = _run_infos(runs, history, len(registered))
    if run_id is not None:
        if run_id not in infos:
            raise KeyError(f"the store holds no run #{run_id} (ibv list's runs: History page)")
        run = infos[run_id]
        history = [h for h in history if h["run_id"] <= run_id]
    else:
        run = infos[runs[-1]["id"]] if runs else None
    budget = run.get("budget") if run else None
    # every check's latest verdict, whichever run gave it (a one-statement run after a full one
    # leaves the others' evidence in place, as `ibv show` reads it), tagged with its run and
    # flagged stale when older than the newest full-suite run or made at another commit; with
    # run_id, that run's verdicts only. A statement or check no longer registered keeps a page
    # only while the newest run has it.
    in_latest_run = {(v["statement_id"], v["check_name"]) for v in store.verdicts(run_id=run["id"])} if run else set()
    by_stmt: dict[str, dict[str, dict]] = {}
    source = store.verdicts(run_id=run_id) if run_id is not None else store.latest_verdicts().values()
    for v in source:
        key = (v["statement_id"], v["check_name"])
        if run_id is not None or key in registered or key in in_latest_run:
            by_stmt.setdefault(v["statement_id"], {})[v["check_name"]] = v
    full_runs = [i for i in infos.values() if i["full"] and (run_id is None or i["id"] <= run_id)]
    stale_ref = (
        None
        if run_id is not None or run is None
        else {
            "newest_full": max(full_runs, key=lambda i: i["id"]) if full_runs else None,
            "commit": run.get("git_commit"),
        }
    )
    last_before: dict[tuple[str, str], dict] = {}  # the verdict before the latest, per check
    for h in history:
        latest = by_stmt.get(h["statement_id"], {}).get(h["check_name"])
        if latest is None or h["id"] < latest["id"]:
            last_before[(h["statement_id"], h["check_name"])] = h
    figures = _figure_history(store)

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

    used_by: dict[str, list[str]] = {}
    for s in stmts:
        for u in s.get("uses") or []:
            used_by.setdefault(u, []).append(s["id"])

    statements = []
    for sid in ids:
        stmt = registry.get(sid)
        ran = by_stmt.get(sid, {})
        entries = stmt["checks"] if stmt is not None else []
        check_views = []
        seen = set()
        for c in entries:
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
                    infos,
                    store,
                    out,
                    safe[sid],
                    _budget_of(ran.get(c["name"]), infos, budget),
                    doc=c.get("doc") or "",
                    entry=c,
                    stale_ref=stale_ref,
                )
            )
        for name, v in ran.items():
            if name not in seen:
                seen.add(name)
                check_views.append(
                    _check_view(
                        stmt,
                        sid,
                        name,
                        v["method"],
                        v["expected"],
                        v,
                        None,
                        infos,
                        store,
                        out,
                        safe[sid],
                        budget,
                        stale_ref=stale_ref,
                    )
                )
        for (hsid, name), h in last_before.items():  # checks of earlier runs, no longer registered
            if hsid == sid and name not in seen:
                seen.add(name)
                check_views.append(
                    _check_view(
                        stmt, sid, name, h["method"], h["expected"], None, h, infos, store, out, safe[sid], budget
                    )
                )
        # the statement's own verdict rests on the checks of its conclusion; a proof step's
        # checks are judged apart (a proof can break while its conclusion holds)
        own = [c for c in check_views if not c["step"]]
        run_checks = [c for c in own if c["ran"]]
        status = combine(c["status"] for c in run_checks) or (NOT_RUN if not run_checks else "error")
        expected_status = combine(c["expected"] for c in own)
        expect = stmt["expect"] if stmt is not None else None
        if expected_status is None:
            expected_status = "refuted" if expect == "refuted" else (expect or "—")
        steps = []
        for st in (stmt or {}).get("steps") or []:
            mine = [c for c in check_views if c["step"] == st["eq"]]
            sran = [c for c in mine if c["ran"]]
            sst = combine(c["status"] for c in sran) or (NOT_RUN if not sran else "error")
            sok = all(c["ok"] for c in sran) if sran else None
            if not mine:
                words, tone = "not checked", "neutral"
            elif st["expect"] == "refuted":
                words, tone = (
                    ("false as printed (proof erratum)", "finding")
                    if sst == "refuted"
                    else status_words(sst, "refuted", sok)
                )
            else:
                words, tone = status_words(sst, "holds", sok)
            steps.append(
                {
                    "eq": st["eq"],
                    "anchor": "step-" + safe_name(st["eq"]),
                    "text": tex_html(display_tex(st["text"])),
                    "raw_text": display_tex(st["text"]),
                    "kind": st.get("kind", ""),
                    "expect": st.get("expect", "holds"),
                    "erratum": tex_html(st["erratum"]) if st.get("erratum") else None,
                    "raw_erratum": st.get("erratum") or "",
                    "notes": tex_html(st["notes"]) if st.get("notes") else None,
                    "checks": mine,
                    "status": sst,
                    "ok": sok,
                    "words": words,
                    "tone": tone,
                }
            )
        coverage = None
        for c in check_views:
            if c["ran"]:
                coverage = _coverage(by_stmt[sid][c["name"]]["metrics"] or {})
                if coverage is not None:
                    coverage["check"] = c
                    break
        corrected_id = f"{sid}:corrected"
        pinfo = paper_info.get(stmt["paper"] if stmt is not None else sid.split("/", 1)[0], {})
        strip, drifts = _strip(
            [h for h in history if h["statement_id"] == sid], figures, infos, {c["name"] for c in own}
        )
        caveats = []
        for c in run_checks:
            for cv in c["caveats"]:
                caveats.append({"check": c["name"], "anchor": c["anchor"], "text": cv})
        stale = [c for c in run_checks if c["stale"]]
        view = {
            "id": sid,
            "short_id": sid.split("/", 1)[1] if "/" in sid else sid,
            "safe": safe[sid],
            "href": f"statements/{safe[sid]}.html",
            "known": stmt is not None,
            "paper": stmt["paper"] if stmt is not None else sid.split("/", 1)[0],
            "paper_info": pinfo,
            "kind": stmt["kind"] if stmt is not None else "—",
            "number": stmt["number"] if stmt is not None else "",
            "title": tex_html(stmt["title"]) if stmt is not None else Markup("(not in the registry)"),
            "text": tex_html(stmt["text"]) if stmt is not None else Markup(""),
            "raw_text": stmt["text"] if stmt is not None else "",
            "source": stmt.get("source") if stmt is not None else None,
            "encoding": stmt.get("encoding") if stmt is not None else None,
            "params": [
                {
                    "name": p["name"],
                    "type": p.get("type", ""),
                    "default": fmt(p.get("default")),
                    "doc": tex_html(p.get("doc", "")),
                }
                for p in stmt.get("params") or []
            ]
            if stmt is not None
            else [],
            "hypotheses": [tex_html(h) for h in stmt.get("hypotheses") or []] if stmt is not None else [],
            "expect": expect or "—",
            "erratum": tex_html(stmt["erratum"]) if stmt is not None and stmt.get("erratum") else None,
            "raw_erratum": (stmt or {}).get("erratum") or "",
            "notes": tex_html(stmt["notes"]) if stmt is not None and stmt.get("notes") else None,
            "corrects": stmt.get("corrects") if stmt is not None else None,
            "corrected_id": corrected_id if corrected_id in registry else None,
            "uses": list((stmt or {}).get("uses") or []),
            "uses_declared": stmt is not None and stmt.get("uses") is not None,
            "used_by": used_by.get(sid, []),
            "checks": check_views,
            "own_checks": own,
            "steps": steps,
            "proof_errata": [st for st in steps if st["expect"] == "refuted"],
            "status": status,
            "expected_status": expected_status,
            "ok": all(c["ok"] for c in run_checks) if run_checks else None,
            "n_run": len(run_checks),
            "n_checks": len(own),
            "methods": sorted({c["method"] for c in check_views}),
            "key_figure": key_figure([by_stmt[sid][c["name"]]["metrics"] for c in run_checks]),
            "seconds_value": sum(_num(by_stmt[sid][c["name"]].get("seconds")) or 0 for c in run_checks),
            "seconds": fmt_seconds(sum(_num(by_stmt[sid][c["name"]].get("seconds")) or 0 for c in run_checks))
            if run_checks
            else "—",
            "digits": min(
                (
                    d
                    for d in (_min_digits(by_stmt[sid][c["name"]]["metrics"] or {}) for c in run_checks)
                    if d is not None
                ),
                default=None,
            ),
            "caveats": caveats,
            "stale": stale,
            "coverage": coverage,
            "searched": coverage["instances"] if coverage and coverage["instances"] is not None else -1,
            "strip": strip,
            "drifts": drifts,
            "trend": trend_plot(
                [e["digits"] for e in strip], [bool(e.get("drift")) for e in strip], "fewest agreeing digits, by run"
            )
            or trend_plot(
                [e["ratio"] for e in strip], [bool(e.get("drift")) for e in strip], "smallest bound slack ratio, by run"
            ),
        }
        statements.append(view)
    by_id = {s["id"]: s for s in statements}
    for s in statements:
        corr = by_id.get(s["corrected_id"]) if s["corrected_id"] else None
        s["words"], s["tone"] = status_words(
            s["status"],
            s["expect"],
            s["ok"],
            corr,
            len([st for st in s["proof_errata"] if st["status"] == "refuted"]),
            s["corrects"],
        )
        s["uses_links"] = [(u, by_id[u]["href"] if u in by_id else None) for u in s["uses"]]
        s["used_by_links"] = [(u, by_id[u]["href"]) for u in s["used_by"] if u in by_id]

    # counts per paper
    paper_rows = []
    for key in list(papers) + sorted({s["paper"] for s in statements} - set(papers)):
        mine = [s for s in statements if s["paper"] == key]
        counts = {st: sum(1 for s in mine if s["status"] == st) for st in STATUS_ORDER}
        info = paper_info.get(key, {})
        paper_rows.append(
            {
                "key": key,
                "file": papers.get(key, ""),
                "title": titles.get(key, ""),
                "authors": info.get("authors", ""),
                "year": info.get("year"),
                "venue": info.get("venue", ""),
                "href": f"papers/{safe_name(key)}.html",
                "n": len(mine),
                "counts": counts,
                "checks_run": sum(s["n_run"] for s in mine),
                "checks": sum(s["n_checks"] for s in mine),
                "unexpected": sum(1 for s in mine if s["ok"] is False),
                "statements": mine,
                "errata": sum(1 for s in mine if s["expect"] == "refuted"),
                "proof_errata": sum(len(s["proof_errata"]) for s in mine),
            }
        )
    totals = {st: sum(p["counts"][st] for p in paper_rows) for st in STATUS_ORDER}
    all_checks = [c for s in statements for c in s["checks"] if c["ran"]]
    from_newest = sum(1 for c in all_checks if c.get("from_run") and run and c["from_run"]["id"] == run["id"])
    summary = {
        "statements": len(statements),
        "checks_run": len(all_checks),
        "as_expected": sum(1 for c in all_checks if c["ok"]),
        "unexpected": sum(1 for c in all_checks if not c["ok"]),
        "totals": totals,
        "from_newest": from_newest,
        "from_earlier": len(all_checks) - from_newest,
        "stale": sum(1 for c in all_checks if c["stale"]),
        "registered": len(registered),
    }
    if run is not None and run_id is None and registered and run["n_checks"] < LITTLE_COVERAGE * len(registered):
        warnings.append(
            f"The newest run #{run['id']} covered only {run['n_checks']} of the {len(registered)} registered checks: "
            "every other check shows its latest verdict from an earlier run, tagged with that run"
            + (f" ({summary['stale']} flagged stale)." if summary["stale"] else ".")
        )

    # errata: statements refuted as printed; proof errata (steps found false) apart
    errata = []
    for s in statements:
        if s["expect"] != "refuted":
            continue
        corr = by_id.get(s["corrected_id"]) if s["corrected_id"] else None
        wrong, rest = _sentences(s["raw_erratum"]) if s["raw_erratum"] else ("", "")
        printed_diff = corrected_diff = None
        if corr is not None and s["raw_text"] and corr["raw_text"]:
            printed_diff, corrected_diff = diff_html(s["raw_text"], corr["raw_text"])
        errata.append(
            {
                "s": s,
                "corrected": corr,
                "wrong": tex_html(wrong),
                "details": tex_html(rest),
                "printed_diff": printed_diff,
                "corrected_diff": corrected_diff,
                "counterexamples": [c for c in s["checks"] if c["ran"] and c.get("counterexample")],
            }
        )
    proof_errata = []
    for s in statements:
        for st in s["proof_errata"]:
            wrong, rest = _sentences(st["raw_erratum"]) if st["raw_erratum"] else ("", "")
            proof_errata.append(
                {
                    "s": s,
                    "step": st,
                    "wrong": tex_html(wrong),
                    "details": tex_html(rest),
                    "counterexamples": [c for c in st["checks"] if c["ran"] and c.get("counterexample")],
                }
            )

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
                    "run_href": infos.get(h["run_id"], {}).get("href"),
                    "date": fmt_time(infos.get(h["run_id"], {}).get("started")),
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
    drifts = [dict(d, s=s) for s in statements for d in s["drifts"]]
    drifts.sort(key=lambda d: -d["run_id"])
    per_run: dict[int, list[dict]] = {}
    for h in history:
        per_run.setdefault(h["run_id"], []).append(h)
    run_rows = []
    for r in reversed(runs):
        if run_id is not None and r["id"] > run_id:
            continue
        vs = per_run.get(r["id"], [])
        info = infos[r["id"]]
        run_rows.append(
            {
                "id": r["id"],
                "href": info["href"],
                "date": fmt_time(r["started"]),
                "state": r["state"],
                "budget": r["budget"],
                "commit": (r.get("git_commit") or "—")[:12],
                "verdicts": len(vs),
                "checks": info["n_checks"],
                "full": info["full"],
                "as_expected": sum(1 for v in vs if v["status"] == v["expected"]),
                "unexpected": sum(1 for v in vs if v["status"] != v["expected"]),
                "latest": run is not None and r["id"] == run["id"],
                "command": _argv_command(r),
                "rows": [
                    {
                        "statement_id": v["statement_id"],
                        "href": by_id[v["statement_id"]]["href"] if v["statement_id"] in by_id else None,
                        "check": v["check_name"],
                        "status": v["status"],
                        "expected": v["expected"],
                        "ok": v["status"] == v["expected"],
                    }
                    for v in vs
                ],
            }
        )

    prov = None
    if run is not None:
        duration = (run["finished"] - run["started"]) if run.get("finished") and run.get("started") else None
        prov = {
            "id": run["id"],
            "href": run["href"],
            "commit": run.get("git_commit") or "unknown (not a git checkout)",
            "versions": sorted((run.get("versions") or {}).items()),
            "budget": run.get("budget"),
            "date": fmt_time(run.get("started")),
            "duration": fmt_seconds(duration) if duration is not None else "—",
            "machine": run.get("machine") or "—",
            "state": run.get("state"),
            "command": _argv_command(run),
            "n_checks": run["n_checks"],
            "only": run_id is not None,
        }

    probes = _collect_probes(store, registry, by_id, out) if run_id is None else []
    for s in statements:
        s["probes"] = [p for p in probes if s["id"] in p["statement_ids"]]

    search = {
        s["id"]: search_text(
            s["id"],
            (registry.get(s["id"]) or {}).get("title"),
            s["raw_text"],
            " ".join((registry.get(s["id"]) or {}).get("hypotheses") or []),
            s["raw_erratum"],
            (registry.get(s["id"]) or {}).get("notes"),
            " ".join(st["raw_text"] + " " + st["raw_erratum"] for st in s["steps"]),
            s["paper_info"].get("title"),
            s["paper_info"].get("authors"),
            s["paper_info"].get("year"),
            s["paper_info"].get("venue"),
            (s["source"] or {}).get("section"),
            " ".join(f"eq. {e}" for e in re.findall(r"\(([^()]+)\)", (s["source"] or {}).get("equations") or "")),
            s["words"],
        )
        for s in statements
    }

    methods = sorted({m for s in statements for m in s["methods"]})
    return {
        "probes": probes,
        "run": prov,
        "statements": statements,
        "paper_rows": paper_rows,
        "summary": summary,
        "errata": errata,
        "proof_errata": proof_errata,
        "events": events,
        "drifts": drifts,
        "run_rows": run_rows,
        "warnings": warnings,
        "methods": methods,
        "papers": [p["key"] for p in paper_rows],
        "statuses": STATUS_ORDER,
        "words": sorted({s["words"] for s in statements}),
        "n_regressions": sum(1 for e in events if e["kind"] == "regression"),
        "search": search,
        "root_dir": catalog.get("root"),
        "latest": {(sid, name): v for sid, d in by_stmt.items() for name, v in d.items()},
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
        points = []
        x_name = max(
            param_names,
            key=lambda n: len({json.dumps((v["params"] or {}).get(n), default=str) for v in verdicts}),
            default=None,
        )
        y_names = [n for n in param_names if n != x_name]
        y_name = (
            max(y_names, key=lambda n: len({json.dumps((v["params"] or {}).get(n), default=str) for v in verdicts}))
            if y_names
            else None
        )
        for key, items in by_instance.items():
            vs = [v for v, _ in items]
            held = schema.hypotheses_held(vs)
            all_held = None if not held else all(held.values())
            params = vs[0]["params"] or {}
            cells = {}
            for v, view in items:
                # an instance outside the hypotheses is no evidence either way: shown neutrally
                view["outside"] = all_held is False
                if all_held is False:
                    view["ok"] = None
                    view["caveats"] = []  # said once, neutrally: the instance is outside
                    _with_row_html(view.get("comparisons") or [], neutral=True)
                cells[v["check_name"]] = {
                    "status": v["status"],
                    "anchor": view["anchor"],
                    "ok": None if all_held is False else v["status"] == v["expected"],
                    "outside": all_held is False,
                }
                if x_name is not None:
                    points.append(
                        {
                            "x": params.get(x_name),
                            "y": params.get(y_name) if y_name else v["check_name"],
                            "status": v["status"],
                            "held": all_held,
                            "href": "#" + view["anchor"],
                            "label": f"{fmt(params)}: {v['check_name']} {v['status']}"
                            + (" (outside the hypotheses)" if all_held is False else ""),
                        }
                    )
            rows.append(
                {
                    "statement_id": vs[0]["statement_id"],
                    "params": [fmt(params[k]) if k in params else "" for k in param_names],
                    "held": all_held,
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
            label = "outside hypotheses" if row["held"] is False else row["status"]
            counts[label] = counts.get(label, 0) + 1
        diagram = phase_diagram(points, x_name, y_name or "check") if x_name is not None else None
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
                "diagram": diagram,
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


def _source_link(out: Path, root: str | None, code: dict | None) -> str | None:
    """A relative link from a page one folder deep to a source file of the checkout, when the
    report is written inside the checkout (``build/report``); None otherwise (the page then
    names the file, its lines and the commit)."""
    if not code or not root:
        return None
    try:
        rel = os.path.relpath(Path(root) / code["file"], out.resolve() / "statements")
    except ValueError:
        return None
    if not (Path(root) / code["file"]).exists() or not out.resolve().is_relative_to(Path(root).resolve()):
        return None
    return Path(rel).as_posix() + f"#L{code['line']}"


def render_report(store, out: Path, catalog: dict, run_id: int | None = None) -> Path:
    """Render the store as a static report in ``out``; returns index.html.

    By default every registered check shows its latest verdict, whichever run gave it, tagged
    with that run (and flagged stale when older than the newest full-suite run or made at
    another commit); with ``run_id`` the report shows that run's verdicts only.

    ``store``: a results store (checks/machine/store.py: ``Store``); ``catalog``: the plain-data
    snapshot of the statements, their checks and the papers (checks/machine/catalog.py:
    ``build_catalog()``)."""
    out = Path(out)
    ours = (out / MARKER).exists()
    out.mkdir(parents=True, exist_ok=True)
    if ours and (out / "artifacts").is_dir():
        shutil.rmtree(out / "artifacts")
    for folder in ("statements", "probes", "runs", "papers"):
        (out / folder).mkdir(exist_ok=True)
    data = _collect(store, out, catalog, run_id=run_id)
    root = data["root_dir"]
    for s in data["statements"]:
        if s["encoding"]:
            s["encoding_href"] = _source_link(out, root, s["encoding"])
        for c in s["checks"]:
            c["code_href"] = _source_link(out, root, c.get("code"))
    env = _environment()
    common = {
        "generated": fmt_time(time.time()),
        "store_path": str(getattr(store, "path", "")),
        "run": data["run"],
        "n_regressions": data["n_regressions"],
        "n_errata": len(data["errata"]),
        "n_proof_errata": len(data["proof_errata"]),
        "n_probes": len(data["probes"]),
        "paper_rows": data["paper_rows"],
    }

    def write(path: Path, template: str, **ctx) -> None:
        path.write_text(env.get_template(template).render(**common, **ctx), encoding="utf-8")

    search = json.dumps(data["search"], ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    write(
        out / "index.html",
        "index.html",
        root="",
        page="index",
        search_json=Markup(search),
        search_instances=SEARCH_INSTANCES,
        **{k: v for k, v in data.items() if k not in common and k not in ("search", "latest")},
    )
    by_id = {s["id"]: s for s in data["statements"]}
    written = set()
    stmts = data["statements"]
    graph = _graph_module()
    for s in stmts:  # each statement's place in the graph: what it invokes, what invokes it
        s["graph"] = _neighbourhood(graph, s, by_id) if graph is not None and (s["uses"] or s["used_by"]) else None
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
            drift_digits=DRIFT_DIGITS,
            drift_ratio=DRIFT_RATIO,
        )
    write(
        out / "errata.html",
        "errata.html",
        root="",
        page="errata",
        errata=data["errata"],
        proof_errata=data["proof_errata"],
    )
    write(
        out / "history.html",
        "history.html",
        root="",
        page="history",
        events=data["events"],
        run_rows=data["run_rows"],
        drifts=data["drifts"],
        drift_digits=DRIFT_DIGITS,
        drift_ratio=DRIFT_RATIO,
    )
    run_pages = set()
    for r in data["run_rows"]:
        run_pages.add(f"run-{r['id']}.html")
        write(out / r["href"], "run.html", root="../", page="history", r=r)
    paper_pages = set()
    for p in data["paper_rows"]:
        paper_pages.add(Path(p["href"]).name)
        svg = None
        if graph is not None and any(s["uses_declared"] for s in p["statements"]):
            try:
                drawn = graph.draw_paper_graph(
                    catalog,
                    data["latest"],
                    paper=p["key"],
                    link=lambda i: "../" + by_id[i]["href"] if i in by_id else None,
                )
                # drawn here, by reports/graph.py (its text escaped): inlined as it is
                svg = Markup(drawn[drawn.find("<svg") :])
            except Exception as exc:  # the graph is an aid: its failure is said, not fatal
                svg = None
                p["graph_error"] = f"{type(exc).__name__}: {exc}"
        p["graph"] = svg
        write(out / p["href"], "paper.html", root="../", page="paper", p=p)
    write(out / "probes.html", "probes.html", root="", page="probes", probes=data["probes"])
    probe_pages = set()
    for p in data["probes"]:
        probe_pages.add(f"{p['safe']}.html")
        write(out / p["href"], "probe.html", root="../", page="probe", p=p)
    (out / "style.css").write_text((STATIC / "style.css").read_text(encoding="utf-8") + status_css(), encoding="utf-8")
    if ours:
        for folder, keep in (
            ("statements", written),
            ("probes", probe_pages),
            ("runs", run_pages),
            ("papers", paper_pages),
        ):
            for f in (out / folder).glob("*.html"):
                if f.name not in keep:
                    f.unlink()
    (out / MARKER).write_text("generated by ibverify's report renderer; stale pages here are removed on render\n")
    return out / "index.html"


def _neighbourhood(graph, s: dict, by_id: dict) -> Markup | None:
    """A statement with what its proof invokes and what invokes it, drawn by reports/graph.py;
    nodes linked to their pages (None when it cannot be drawn: the page lists them anyway)."""

    def node(sid: str, uses: list[str]) -> dict:
        v = by_id.get(sid)
        if v is None:
            return {"id": sid, "uses": uses, "external": sid.startswith(("ext:", "def:"))}
        return {
            "id": sid,
            "uses": uses,
            "status": None if v["status"] == NOT_RUN else v["status"],
            "kind": v["kind"],
            "number": v["number"],
            "as_expected": v["ok"],
            "href": "../" + v["href"],
        }

    nodes = [node(s["id"], list(s["uses"]))]
    nodes += [node(u, []) for u in s["uses"] if u != s["id"]]
    nodes += [node(u, [s["id"]]) for u in s["used_by"] if u != s["id"] and u not in s["uses"]]
    try:
        drawn = graph.draw_dependency_graph(nodes, {}, legend=False)
    except Exception:
        return None
    return Markup(drawn[drawn.find("<svg") :])


def _graph_module():
    """reports/graph.py (``draw_paper_graph``), when present."""
    try:
        from . import graph
    except ImportError:
        return None
    return graph if hasattr(graph, "draw_paper_graph") else None
