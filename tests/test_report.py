"""The HTML report, without a browser: a temporary store with fake verdicts is rendered and
the folder is inspected (files, relative links that resolve, MathML instead of raw TeX,
escaping, counterexample and probe command, errata, history, render time)."""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from checks.core import Verdict
from checks.machine.catalog import build_catalog
from checks.machine.store import Store
from reports.render import display_tex, safe_name, tex_html
from reports.render import render_report as _render_report
from theorems.registry import REGISTRY, Hypothesis, Param, Source, Statement, load_all

PAPER = "kernel-rich"
REFUTED = f"{PAPER}/claim-zz-test-refuted"
CORRECTED = f"{REFUTED}:corrected"
HOLDS = f"{PAPER}/lemma-zz-test"
NOT_RUN = f"{PAPER}/lemma-zz-test-never-run"
GONE = f"{PAPER}/lemma-zz-removed"  # has a verdict in the latest run but is not in the registry
OLD = f"{PAPER}/lemma-zz-long-gone"  # not in the registry, a verdict in an older run only
XSS = "<script>alert(1)</script>"

SVG = (
    '<?xml version="1.0" encoding="utf-8" standalone="no"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG '
    '1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" '
    'width="100pt" height="50pt" viewBox="0 0 100 50"><path d="M 0 0 L 100 50" id="test-plot-path"/></svg>'
)


def _stmt(id, text, expect="holds", **kw):
    return Statement(
        id=id,
        kind=id.rsplit("/", 1)[1].split("-", 1)[0],
        number="T",
        title=kw.pop("title", f"test statement {id}"),
        source=Source("seeds/004_f9f7314f3f52e985.txt", "§9 (test)", "(99)"),
        text=text,
        expect=expect,
        **kw,
    )


@pytest.fixture
def fake_registry(monkeypatch):
    load_all()
    alpha = Param("alpha", float, 1.0, "scale", low=0.0, open_low=True)
    d = Param("d", int, 2, "dimension", low=1)
    fake = [
        _stmt(
            REFUTED,
            r"For all $\alpha>0$ and $d\ge 1$: $\|\beta\|_1\le \frac{1}{\alpha}$.",
            expect="refuted",
            params=(alpha, d),
            hypotheses=(Hypothesis(r"$\alpha>0$", lambda i: True),),
            erratum=r"Fails for $\alpha<1$; the bound holds with $\frac{2}{\alpha}$.",
        ),
        _stmt(
            CORRECTED, r"For all $\alpha>0$: $\|\beta\|_1\le \frac{2}{\alpha}$.", params=(alpha, d), corrects=REFUTED
        ),
        _stmt(
            HOLDS,
            r"Display $$\sum_{i=1}^d q(\beta_i)$$, broken $\frac{1}{$ end, text "
            r"$\text{<img src=x onerror=alert(1)>}$ and $a<b$.",
            title="Lemma with $Q_\\alpha$ & <b>markup</b>",
        ),
        _stmt(NOT_RUN, r"Never run: $x=1$."),
    ]
    # only the fake statements: the real registry's errata must not leak into these assertions
    saved = dict(REGISTRY)
    REGISTRY.clear()
    for s in fake:
        REGISTRY[s.id] = s
    yield fake
    REGISTRY.clear()
    REGISTRY.update(saved)


def _add_run_artifact(store, run_id, name, mime, content):
    """A run artifact, through the store's own method where it has one (schema 2), else
    into the table schema 2 defines (so the renderer's reading of it is tested either way)."""
    if hasattr(store, "add_run_artifact"):
        store.add_run_artifact(run_id, name, mime, content)
        return
    store.conn.execute(
        "CREATE TABLE IF NOT EXISTS run_artifacts (run_id INTEGER NOT NULL, name TEXT NOT NULL,"
        " mime TEXT NOT NULL, content TEXT NOT NULL, PRIMARY KEY (run_id, name))"
    )
    store.conn.execute(
        "INSERT INTO run_artifacts(run_id, name, mime, content) VALUES (?,?,?,?)", (run_id, name, mime, content)
    )


def render_report(store, out: Path) -> Path:
    """The report as ``ibv report`` renders it: the store and the machine's catalog snapshot of
    the (here: fake) registry and its checks."""
    return _render_report(store, out, build_catalog())


def _open_store(path: Path) -> Store:
    return Store(path)


def _verdict(
    sid,
    check,
    method,
    status,
    expected,
    metrics=None,
    message="",
    artifacts=None,
    seconds=0.5,
    precision="mpmath dps 50",
):
    return Verdict(
        statement_id=sid,
        check=check,
        method=method,
        status=status,
        expected=expected,
        params={},
        metrics=metrics or {},
        precision=precision,
        seed=0,
        seconds=seconds,
        message=message,
        artifacts=artifacts or {},
    )


def _comparisons_agree(n=3, digits=32.5):
    return [
        {
            "label": f"value = reference at z={k}",
            "status": "verified",
            "instance": {"alpha": 0.5, "d": 3},
            "discrepancy": 10.0**-digits,
            "tolerance": 1e-20,
            "error_estimate": 1e-40,
            "digits": digits,
        }
        for k in range(n)
    ]


@pytest.fixture
def report(tmp_path, fake_registry):
    store = _open_store(tmp_path / "store.sqlite")
    # run 1: the lemma was as expected
    r1 = store.start_run("quick", argv=["run", "--paper", PAPER])
    store.add_verdict(
        r1,
        _verdict(
            HOLDS,
            "numeric",
            "flow",
            "verified",
            "verified",
            {"min_digits": 30.0, "items": 3, "comparisons": _comparisons_agree(digits=30.0)},
        ),
    )
    store.add_verdict(r1, _verdict(NOT_RUN, "old-check", "symbolic", "proved", "proved", {"items": 1}))
    store.add_verdict(r1, _verdict(OLD, "old", "symbolic", "proved", "proved", {"items": 1}))
    store.finish_run(r1)
    # run 2 (the latest): the lemma regressed; a refutation with its counterexample
    r2 = store.start_run("quick", argv=["run", "--paper", PAPER])
    cex_instance = {"alpha": 0.25, "d": 3}
    store.add_verdict(
        r2,
        _verdict(
            REFUTED,
            "bound-check",
            "random",
            "refuted",
            "refuted",
            {
                "items": 2,
                "min_slack_ratio": 0.5,
                "comparisons": [
                    {
                        "label": "norm bound at $\\alpha=0.25$",
                        "status": "refuted",
                        "instance": cex_instance,
                        "lhs": 8.0,
                        "rhs": 4.0,
                        "slack": -4.0,
                        "slack_ratio": 0.5,
                        "error_estimate": 1e-30,
                    },
                    {
                        "label": "norm bound at alpha=2",
                        "status": "verified",
                        "instance": {"alpha": 2.0, "d": 3},
                        "lhs": 1.0,
                        "rhs": 0.5,
                        "slack": 0.5,
                        "slack_ratio": 2.0,
                        "error_estimate": 1e-30,
                    },
                ],
                "instances": [{"params": cex_instance, "hypotheses": {"$\\alpha>0$": True}}],
                "counterexample": {
                    "label": "norm bound at $\\alpha=0.25$",
                    "instance": cex_instance,
                    "metrics": {"lhs": 8.0, "rhs": 4.0, "slack": -4.0},
                },
                "notes": ["the bound fails by a factor 2 for $\\alpha<1$"],
            },
            message="norm bound at alpha=0.25",
            artifacts={"plot": ("image/svg+xml", SVG), "log": ("text/plain", f"iteration 1\n{XSS}\n")},
        ),
    )
    store.add_verdict(
        r2, _verdict(GONE, "gone-check", "symbolic", "proved", "proved", {"items": 1}, message="1 comparison")
    )
    store.add_verdict(
        r2,
        _verdict(
            CORRECTED,
            "bound-check",
            "random",
            "verified",
            "verified",
            {"items": 2, "min_slack_ratio": 3.2, "comparisons": []},
            message="2 comparisons",
        ),
    )
    store.add_verdict(
        r2,
        _verdict(
            HOLDS,
            "numeric",
            "flow",
            "inconclusive",
            "verified",
            {"min_digits": 32.0, "items": 3, "comparisons": _comparisons_agree(digits=32.0)},
            message=f"error estimate too large {XSS}",
        ),
    )
    store.add_verdict(
        r2,
        _verdict(
            HOLDS,
            "exact",
            "symbolic",
            "proved",
            "proved",
            {
                "items": 1,
                "comparisons": [
                    {"label": "identity", "status": "proved", "instance": None, "residual": "0", "scope": "all z"}
                ],
            },
        ),
    )
    store.finish_run(r2)
    # a probe of the lemma on two instances, one outside the hypotheses: one verdict per
    # (check, instance), its params the instance's overrides; the phase diagram and summary
    # are run artifacts (store schema 2)
    probe = store.start_run("quick", kind="probe", argv=["probe", HOLDS, "--grid", "alpha=-1,0.05"])
    for alpha, held, status in ((0.05, True, "verified"), (-1.0, False, "refuted")):
        instance = {"alpha": alpha, "d": 2}
        store.add_verdict(
            probe,
            Verdict(
                statement_id=HOLDS,
                check="numeric",
                method="flow",
                status=status,
                expected="verified",
                params={"alpha": alpha},
                metrics={
                    "items": 1,
                    "comparisons": [
                        {
                            "label": "value = reference",
                            "status": status,
                            "instance": instance,
                            "discrepancy": 1e-30 if held else 1.0,
                            "tolerance": 1e-20,
                            "error_estimate": 1e-40,
                            "digits": 30.0 if held else 0.0,
                        }
                    ],
                    "instances": [{"params": instance, "hypotheses": {"$\\alpha>0$": held}}],
                },
                precision="mpmath dps 50",
                seed=0,
                seconds=0.3,
                message=f"probe message {XSS}",
                artifacts={
                    "trajectory": ("image/svg+xml", SVG.replace("test-plot-path", f"probe-verdict-path-{alpha}"))
                },
            ),
        )
    _add_run_artifact(store, probe, "phase-diagram", "image/svg+xml", SVG.replace("test-plot-path", "probe-phase-path"))
    _add_run_artifact(
        store,
        probe,
        "probe-summary",
        "application/json",
        '{"lines": ["the conclusion fails on 1 instance(s) outside the hypotheses: alpha=-1 [not held: '
        '$\\\\alpha>0$]", "' + XSS.replace('"', "'") + '"]}',
    )
    store.finish_run(probe)
    out = tmp_path / "report"
    t0 = time.perf_counter()
    index = render_report(store, out)
    seconds = time.perf_counter() - t0
    store.close()
    return index, out, seconds


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src", "action", "srcset", "poster", "data") and v is not None:
                self.links.append((tag, v))
            if k == "id" and v:
                self.ids.add(v)


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def _page(out: Path, sid: str) -> str:
    return (out / "statements" / f"{safe_name(sid)}.html").read_text(encoding="utf-8")


def _statement_text(page: str) -> str:
    m = re.search(r'<div class="statement-text">(.*?)</div>', page, re.S)
    assert m, "no statement text block"
    return m.group(1)


def test_files_exist(report):
    index, out, _ = report
    assert index == out / "index.html"
    for name in ("index.html", "errata.html", "history.html", "style.css"):
        assert (out / name).is_file(), name
    for sid in (REFUTED, CORRECTED, HOLDS, NOT_RUN, GONE):
        assert (out / "statements" / f"{safe_name(sid)}.html").is_file(), sid
    assert safe_name(CORRECTED) == "kernel-rich__claim-zz-test-refuted__corrected"


def test_links_relative_and_resolve(report):
    _, out, _ = report
    pages = sorted(out.rglob("*.html"))
    assert len(pages) >= 8
    for page in pages:
        for tag, link in _parse(page).links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{page.name}: non-relative link {link!r}"
            assert not link.startswith("/"), f"{page.name}: absolute path {link!r}"
            if not parts.path:  # a fragment in the same page
                assert parts.fragment in _parse(page).ids, f"{page.name}: dangling {link!r}"
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            assert target.is_file(), f"{page.name}: {link!r} does not resolve"
            assert out.resolve() in target.parents, f"{page.name}: {link!r} leaves the report folder"
            if parts.fragment:
                assert parts.fragment in _parse(target).ids, f"{page.name}: {link!r} has no such anchor"
    css = (out / "style.css").read_text()
    assert "url(" not in css and "@import" not in css
    # no address anywhere but the XML namespaces (inline SVG's metadata is dropped)
    namespaces = {"http://www.w3.org/1998/Math/MathML", "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}
    for page in pages:
        found = set(re.findall(r"https?://[^\s\"'<>]+", page.read_text(encoding="utf-8")))
        assert found <= namespaces, f"{page.name}: {found - namespaces}"


def test_math_is_mathml(report):
    _, out, _ = report
    for sid in (REFUTED, CORRECTED, HOLDS, NOT_RUN):
        text = _statement_text(_page(out, sid))
        assert "<math" in text, sid
        assert "$" not in text and "\\(" not in text and "\\[" not in text, f"raw TeX delimiters left in {sid}"
    holds = _statement_text(_page(out, HOLDS))
    assert 'display="block"' in holds  # $$...$$
    # the broken formula falls back to its escaped source in <code>, without delimiters
    assert re.search(r'<code class="tex"[^>]*>\\frac\{1\}\{</code>', holds)
    # \text{...} contents are text, never markup
    assert "<img" not in holds and "&lt;img src=x onerror=alert(1)&gt;" in holds
    assert "<mo>&lt;</mo>" in holds
    # the title's markup is escaped, its math converted
    page = _page(out, HOLDS)
    assert "<b>markup</b>" not in page and "&lt;b&gt;markup&lt;/b&gt;" in page
    # hypotheses and errata are converted too
    refuted = _page(out, REFUTED)
    erratum = re.search(r'<div class="erratum">(.*?)</div>', refuted, re.S).group(1)
    assert "<math" in erratum and "$" not in erratum


def test_script_escaped(report):
    _, out, _ = report
    for page in out.rglob("*.html"):
        assert "<script>alert(1)" not in page.read_text(encoding="utf-8"), page.name
    holds = _page(out, HOLDS)
    assert "error estimate too large &lt;script&gt;alert(1)&lt;/script&gt;" in holds
    refuted = _page(out, REFUTED)
    assert "<pre>iteration 1\n&lt;script&gt;alert(1)&lt;/script&gt;" in refuted  # text/plain artifact


def test_counterexample_and_artifacts(report):
    _, out, _ = report
    page = _page(out, REFUTED)
    assert 'class="counterexample"' in page
    assert f"ibv probe {REFUTED} --set alpha=0.25 --set d=3" in page
    # the SVG plot is inlined (without its XML prolog), the table lists both comparisons
    assert 'id="test-plot-path"' in page and "<?xml" not in page
    assert "norm bound at alpha=2" in page
    assert "the bound fails by a factor 2 for" in page
    assert "bound slack ×0.5" in page


def test_index(report):
    _, out, _ = report
    index = (out / "index.html").read_text(encoding="utf-8")
    for sid in (REFUTED, CORRECTED, HOLDS, NOT_RUN, GONE):  # grouped by paper: the id without its paper key
        assert f'data-id="{sid}"' in index and f"<code>{sid.split('/', 1)[1]}</code>" in index
    # provenance of the latest run
    assert "run #2" in index and "ibv run --paper kernel-rich" in index and "budget" in index
    # statements without a verdict in the latest run show as not run (the removed one too)
    row = re.search(
        rf'<tr data-paper="{PAPER}" data-id="[^"]+" data-status="([^"]+)"[^>]*>\s*<td><a '
        rf'href="statements/{safe_name(NOT_RUN)}.html"',
        index,
    )
    assert row and row.group(1) == "not run"
    assert OLD not in index
    # the regressed lemma is flagged, its key figure read from min_digits
    row = re.search(
        r'data-status="inconclusive"[^>]*data-ok="no"[^>]*class="unexpected">\s*<td><a '
        rf'href="statements/{safe_name(HOLDS)}.html".*?</tr>',
        index,
        re.S,
    )
    assert row and "agreement 32 digits" in row.group(0)
    assert '<script class="ibv">' in index and "http" not in re.sub(
        r'xmlns="[^"]*"', "", index.split('<script class="ibv">')[1]
    )


def test_errata(report):
    _, out, _ = report
    errata = (out / "errata.html").read_text(encoding="utf-8")
    assert f"<code>{REFUTED}</code>" in errata and f'<code class="wrap">{CORRECTED}</code>' in errata
    assert f'href="statements/{safe_name(CORRECTED)}.html"' in errata
    # what is wrong in one line, the rest in detail; printed and corrected side by side, the
    # difference marked
    assert re.search(r"What is wrong:</strong> Fails for <math.*?</math>;</p>", errata, re.S)
    assert "the bound holds with" in errata.split("In detail", 1)[1]
    entry = errata.split(f'id="erratum-{safe_name(REFUTED)}"', 1)[1].split("</section>", 1)[0]
    compare = entry.split('class="side-by-side two compare"', 1)[1]
    assert 'class="badge st-verified"' in compare and "false as printed, correction holds" in entry
    assert '<mark class="del">' in compare and '<mark class="ins">' in compare
    assert "norm bound at" in entry  # the stored counterexample


def test_history_regression_first(report):
    _, out, _ = report
    history = (out / "history.html").read_text(encoding="utf-8")
    rows = re.findall(r'<td class="kind-(\w+)">', history)
    assert rows and rows[0] == "regression"
    first = history.split('<td class="kind-regression">', 1)[1].split("</tr>", 1)[0]
    assert HOLDS in first and "inconclusive" in first


def test_not_run_check_shows_last_verdict(report):
    _, out, _ = report
    page = _page(out, NOT_RUN)
    section = re.search(r'<section class="check" id="check-old-check">(.*?)</section>', page, re.S).group(1)
    assert 'class="badge st-not-run"' in section
    assert "the latest earlier one:" in section and 'class="badge st-proved"' in section
    assert '<a href="../runs/run-1.html">#1</a>' in section
    assert "not in the registry" in _page(out, GONE)
    assert not (out / "statements" / f"{safe_name(OLD)}.html").exists()


def test_probe_pages(report):
    _, out, _ = report
    probes = (out / "probes.html").read_text(encoding="utf-8")
    assert 'href="probes/probe-3.html"' in probes and "1 outside" in probes and "1 held" in probes
    page = (out / "probes" / "probe-3.html").read_text(encoding="utf-8")
    assert f"ibv probe {HOLDS} --grid alpha=-1,0.05" in page
    # one row per instance, the override as a column, the failed hypothesis as MathML
    table = page.split("<h2>Instances</h2>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr(?: class=\"not-held\")?>.*?</tr>", table.split("<tbody>", 1)[1], re.S)
    assert len(rows) == 2 and "<code>alpha</code>" in table
    assert "0.05" in rows[0] and "st-verified" in rows[0] and "✓" in rows[0]
    # outside the hypotheses: neutral (no red badge, no cross), the verdict named in grey
    assert (
        rows[1].startswith('<tr class="not-held">')
        and "−1" in rows[1]
        and "st-refuted" not in rows[1]
        and "st-outside" in rows[1]
        and "refuted" in rows[1]
        and "✗" not in rows[1]
        and "<math" in rows[1]
    )
    assert re.search(r'href="#verdict-\d+" class="badge-link"', rows[0])
    # the run's phase diagram and summary, each verdict's plot
    assert 'id="probe-phase-path"' in page and 'id="probe-verdict-path-0.05"' in page
    assert "the conclusion fails on 1 instance(s) outside the hypotheses" in page
    summary = page.split("<h2>Summary</h2>", 1)[1].split("</ul>", 1)[0]
    assert "<math" in summary and "&lt;script&gt;" in summary  # its TeX rendered, its markup escaped
    assert "probe message &lt;script&gt;" in page and "<script>alert" not in page
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="probes/probe-3.html"' in index and 'href="probes.html"' in index
    assert 'href="../probes/probe-3.html"' in _page(out, HOLDS)


def test_evidence_plot():
    """Comparisons along a varying parameter are drawn as an SVG at build time: bound
    against measured, or discrepancy against tolerance; labels are escaped."""
    from reports.plots import comparison_plot

    bound = [
        {"label": f"bound {XSS}", "status": "verified", "instance": {"alpha": a, "d": 3}, "lhs": a, "rhs": 2 * a}
        for a in (0.01, 0.1, 1.0, 10.0)
    ]
    svg = str(comparison_plot(bound))
    assert svg.startswith("<svg") and svg.count("<circle") >= 4 and "alpha (log)" in svg
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    agree = [
        {
            "label": "x",
            "status": "verified",
            "instance": {"alpha": a},
            "discrepancy": d,
            "tolerance": 1e-20,
            "error_estimate": 1e-40,
        }
        for a, d in ((0.1, 0.0), (1.0, 1e-30), (10.0, 1e-25))
    ]
    svg = str(comparison_plot(agree))
    assert (
        "discrepancy" in svg and "tolerance" in svg and "error estimate" in svg
    )  # the exact zero is drawn at the floor
    for c in agree:
        c["instance"] = None
    assert comparison_plot(agree) is None  # nothing varies: no plot
    assert (
        comparison_plot(bound[:1]) is None
        and comparison_plot([{"label": "identity", "status": "proved", "residual": "0"}] * 3) is None
    )


def bulk_store(path, statements: int = 300, probes: int = 20):
    """A store shaped like the whole suite's: ``statements`` statements with three checks of
    20 comparisons each, and ``probes`` probe runs (10-point grids over two checks)."""
    store = _open_store(path)
    run = store.start_run("quick")
    for k in range(statements):
        sid = f"{PAPER}/lemma-zz-bulk-{k}"
        for c in range(3):
            store.add_verdict(
                run,
                _verdict(
                    sid,
                    f"check-{c}",
                    "flow",
                    "verified",
                    "verified",
                    {
                        "min_digits": 20.0 + c,
                        "items": 20,
                        "comparisons": _comparisons_agree(20, 20.0 + c),
                        "instances": [{"params": {"alpha": 0.5, "d": 3}, "hypotheses": {"$\\alpha>0$": True}}],
                    },
                    artifacts={"plot": ("image/svg+xml", SVG)} if c == 0 else {},
                ),
            )
    store.finish_run(run)
    for k in range(probes):
        probe = store.start_run("quick", kind="probe")
        for g in range(10):
            for c in range(2):
                v = _verdict(
                    f"{PAPER}/lemma-zz-bulk-{k}",
                    f"check-{c}",
                    "flow",
                    "verified",
                    "verified",
                    {
                        "items": 20,
                        "comparisons": _comparisons_agree(20, 20.0),
                        "instances": [
                            {"params": {"alpha": 0.1 * (g + 1), "d": 3}, "hypotheses": {"$\\alpha>0$": True}}
                        ],
                    },
                )
                v.params = {"alpha": 0.1 * (g + 1)}
                store.add_verdict(probe, v)
        store.finish_run(probe)
    return store


def test_bulk_store_renders_every_page(tmp_path, fake_registry):
    """A suite-sized store renders a page per statement and per probe run (its render time
    is measured in benchmarks/bench_report.py, not asserted here)."""
    render_report(bulk_store(tmp_path / "big.sqlite"), tmp_path / "big")
    assert len(list((tmp_path / "big" / "statements").glob("*.html"))) >= 300
    assert len(list((tmp_path / "big" / "probes").glob("*.html"))) == 20


def test_tex_html_unit():
    assert str(tex_html("a $x$ b")).startswith("a <math")
    assert "$" in str(tex_html(r"costs \$5"))  # an escaped dollar is prose
    assert str(tex_html("<i>")) == "&lt;i&gt;"
    fallback = str(tex_html(r"$\undefinedmacro{x}$"))
    assert fallback.startswith('<code class="tex"') and "\\undefinedmacro" in fallback


def test_foreign_files_kept_stale_pages_removed(tmp_path, fake_registry):
    """A folder not written by the renderer keeps its files; in a report folder, pages of
    statements that are gone are removed on the next render."""
    out = tmp_path / "out"
    (out / "statements").mkdir(parents=True)
    (out / "keep.txt").write_text("mine")
    (out / "statements" / "foreign.html").write_text("mine")
    store = _open_store(tmp_path / "s.sqlite")
    run = store.start_run("quick")
    store.add_verdict(run, _verdict(GONE, "gone-check", "symbolic", "proved", "proved", {"items": 1}))
    store.finish_run(run)
    render_report(store, out)
    assert (out / "keep.txt").exists() and (out / "statements" / "foreign.html").exists()
    assert (out / "statements" / f"{safe_name(GONE)}.html").exists()
    run = store.start_run("quick")
    store.add_verdict(run, _verdict(HOLDS, "exact", "symbolic", "proved", "proved", {"items": 1}))
    store.finish_run(run)
    render_report(store, out)
    assert not (out / "statements" / f"{safe_name(GONE)}.html").exists()  # no verdict in the latest run, not registered
    assert (out / "statements" / f"{safe_name(HOLDS)}.html").exists() and (out / "keep.txt").exists()


def test_every_registered_text_renders():
    """Every registered statement's title, text, hypotheses, erratum and notes render with
    their mathematics as MathML: no formula left as TeX source, no TeX macro or stray $ in
    the prose. (A failure names the statement and the field; the fix is in the statement's
    LaTeX, or a macro the converter should learn in reports/render.py.)"""
    load_all()
    failures = []
    for s in REGISTRY.values():
        fields = [("title", s.title), ("text", s.text), ("erratum", s.erratum), ("notes", s.notes)]
        fields += [(f"hypothesis {k + 1}", h.text) for k, h in enumerate(s.hypotheses)]
        for st in s.steps:  # a proof step's display is often bare LaTeX: the report makes it a formula
            fields += [(f"step {st.eq}", display_tex(st.text)), (f"step {st.eq} erratum", st.erratum)]
            fields += [(f"step {st.eq} notes", st.notes)]
        for name, text in fields:
            if not text:
                continue
            html = str(tex_html(text))
            for tex in re.findall(r'<code class="tex[^"]*"[^>]*>(.*?)</code>', html):
                failures.append(f"{s.id} {name}: formula not converted: {tex[:120]}")
            prose = re.sub(r"<math.*?</math>", "", html, flags=re.S)
            for macro in re.findall(r"\\\S", prose):
                failures.append(f"{s.id} {name}: TeX source {macro} in prose")
            if "``" in prose:
                failures.append(f"{s.id} {name}: TeX quotes in prose")
            if "$" in prose and "\\$" not in text:
                failures.append(f"{s.id} {name}: unmatched $ in {text[:120]!r}")
    assert not failures, f"{len(failures)} texts do not render:\n" + "\n".join(failures[:30])


def test_a_one_statement_run_leaves_the_others_latest_evidence(planted, tmp_path, capsys):
    """Issue 21, item 1: after a run of two statements and then a run of one, the report shows
    both statements' latest verdicts (the earlier one's from its run), as ``ibv show`` does."""
    from checks.machine.cli import main

    store, out = str(tmp_path / "s.sqlite"), tmp_path / "out"
    assert main(["run", "scratch/planted", "scratch/slow", "--store", store, "--quiet"]) == 0
    assert main(["run", "scratch/slow", "--store", store, "--quiet"]) == 0
    assert main(["report", "--store", store, "--out", str(out)]) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    row = re.search(r'data-id="scratch/planted" data-status="([^"]+)"', index)
    assert row and row.group(1) == "verified"
    page = _page(out, "scratch/planted")
    assert re.search(
        r'<dt>verdict of</dt><dd><span class="run-tag small">run <a href="../runs/run-1.html">#1</a> · [^<]+ · quick',
        page,
    )
    # `ibv show` reads the same latest verdicts: each check's status agrees with the page's
    import json

    capsys.readouterr()
    assert main(["show", "scratch/planted", "--json", "--store", store]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["checks"]
    for c in shown["checks"]:
        anchor = re.escape("check-" + safe_name(c["name"]))
        section = re.search(rf'<section class="check[^"]*" id="{anchor}">(.*?)</h3>', page, re.S)
        assert section and f'class="badge st-{c["latest"]}"' in section.group(1), c


# ---------------------------------------------------------------------------------------
# Issue 21 (and the report side of issues 18 and 19)
# ---------------------------------------------------------------------------------------
def _catalog_with(fake_registry, **changes):
    """The machine's catalog of the fake registry, with checks bound to its statements and
    proof steps (the fake statements have none registered)."""
    cat = build_catalog()
    by_id = {s["id"]: s for s in cat["statements"]}
    for sid, change in changes.items():
        by_id[sid].update(change)
    return cat


def _check_entry(name, method="random", expected="verified", step=None):
    return {"name": name, "method": method, "expected": expected, "doc": "", "step": step, "code": None}


def test_steps_caveats_coverage_and_residuals(tmp_path, fake_registry):
    """A statement whose conclusion holds while a printed proof step is false reads "holds;
    proof has misprints", lists its steps with their verdicts, and the step is a proof erratum
    apart from the refuted statements; a gap recorded in metrics is a caveat beside the badge;
    a domain search's coverage is shown and filterable; a symbolic residual is typeset."""
    cat = _catalog_with(
        fake_registry,
        **{
            HOLDS: {
                "steps": [
                    {
                        "eq": "(7)",
                        "text": r"$\|\beta\|_1\le\frac{1}{\alpha}$",
                        "kind": "inequality",
                        "expect": "refuted",
                        "erratum": r"Drops a factor 2; $\|\beta\|_1\le\frac{2}{\alpha}$ holds. Found at $\alpha=0.25$.",
                        "notes": "",
                    },
                    {"eq": "(8)", "text": "$a=b$", "kind": "identity", "expect": "holds", "erratum": None, "notes": ""},
                ],
                "uses": [REFUTED, "ext:Gunasekar2017"],
                "checks": [
                    _check_entry("numeric", "flow"),
                    _check_entry("step-7", "random", "refuted", step="(7)"),
                    _check_entry("step-8", "symbolic", "proved", step="(8)"),
                    _check_entry("domain-search", "random"),
                ],
            }
        },
    )
    store = _open_store(tmp_path / "s.sqlite")
    r = store.start_run("quick")
    store.add_verdict(
        r,
        _verdict(
            HOLDS,
            "numeric",
            "flow",
            "verified",
            "verified",
            {
                "min_digits": 31.0,
                "items": 3,
                "comparisons": _comparisons_agree(digits=31.0),
                "l1 threshold => Lemma 5 hypothesis (as invoked): failures on grid": "62/126",
                "failures elsewhere": 0,
                "hypotheses": {"$\\alpha>0$": True},
            },
        ),
    )
    cex = {"label": "step (7) at $\\alpha=0.25$", "instance": {"alpha": 0.25}, "metrics": {"lhs": 8.0, "rhs": 4.0}}
    store.add_verdict(r, _verdict(HOLDS, "step-7", "random", "refuted", "refuted", {"counterexample": cex}))
    store.add_verdict(
        r,
        _verdict(
            HOLDS,
            "step-8",
            "symbolic",
            "proved",
            "proved",
            {"comparisons": [{"label": "identity", "status": "proved", "residual": "x**2 - 2*x*y + y**2"}]},
        ),
    )
    coverage = {  # checks/machine/search.py's coverage record (keys in checks/schema.py)
        "kind": "inequality (smallest slack)",
        "instances": 52,
        "inside": 44,
        "decided": 40,
        "undecided": 4,
        "premise_unmet": 0,
        "errors": 0,
        "outside": 8,
        "edges": 2,
        "edge_labels": ["$\\alpha\\to 0$ [holds]", "d = 1 [holds]"],
        "generated": 50,
        "ranges": {"alpha": [1e-6, 1e6], "d": [1, 12]},
        "tightest": {"params": {"alpha": 1e-6, "d": 1}, "score": 0.01, "outcome": "holds"},
        "necessity": [
            {
                "hypothesis": "$\\alpha>0$",
                "result": "needed",
                "instances": 12,
                "decided": 12,
                "ranges": {"alpha": [-2.0, 0.0]},
                "counterexample": {"alpha": -1, "d": 2},
            },
            {"hypothesis": "$d\\ge 1$", "result": "appears unnecessary", "instances": 25, "decided": 25, "ranges": {}},
        ],
        "cpu_seconds": 1.5,
        "stopped_by_cap": False,
    }
    store.add_verdict(
        r,
        _verdict(
            HOLDS, "domain-search", "random", "verified", "verified", {"search": coverage, "searched_instances": 40}
        ),
    )
    store.finish_run(r)
    out = tmp_path / "out"
    _render_report(store, out, cat)
    page = _page(out, HOLDS)
    assert "holds; proof has misprints" in page
    steps = page.split("<h2>Proof steps</h2>", 1)[1].split("</table>", 1)[0]
    assert 'id="step-_7_"' in steps and "false as printed (proof erratum)" in steps and "st-refuted" in steps
    assert 'id="step-_8_"' in steps and "st-proved" in steps
    # the statement's own verdict rests on its conclusion's checks only
    assert re.search(r"verdict <span class=\"badge st-verified\">", page)
    callouts = page.split('<ul class="callouts">', 1)[1].split("</ul>", 1)[0]
    assert "proof erratum at step" in callouts and "failures on grid: 62/126" in callouts
    assert "failures elsewhere" not in callouts  # a zero count is no caveat
    # the residual typeset; the searched domain and the hypothesis found unnecessary
    assert re.search(r"<td[^>]*><math[^>]*alttext=\"x\^\{2\} - 2 x y \+ y\^\{2\}\"", page)
    assert "Searched: <strong>40</strong> instances decided of 52 evaluated" in page
    assert "appears unnecessary after 25 instances" in page and "needed" in page
    assert "[10⁻⁶, 10⁶]" in page and "2 edges of the domain tried" in page
    assert "Its proof invokes" in page and f'href="../statements/{safe_name(REFUTED)}.html"' in page
    assert "ext:Gunasekar2017" in page
    local = page.split('<figure class="artifact graph">', 1)[1].split("</figure>", 1)[0]
    assert local.startswith("<svg") and f'href="../statements/{safe_name(REFUTED)}.html"' in local
    index = (out / "index.html").read_text(encoding="utf-8")
    row = re.search(rf'<tr data-paper="{PAPER}" data-id="{HOLDS}"[^>]*>', index).group(0)
    assert (
        'data-searched="40"' in row and 'data-caveats="1"' in row and 'data-words="holds; proof has misprints"' in row
    )
    errata = (out / "errata.html").read_text(encoding="utf-8")
    proofs = errata.split('id="proofs"', 1)[1]
    assert f"{HOLDS}</code> step (7)" in proofs and "Drops a factor 2" in proofs and "step (7) at" in proofs
    # the used-by side; the paper's page draws its dependency graph (reports/graph.py), nodes
    # linked to their statement pages
    assert f'href="../statements/{safe_name(HOLDS)}.html"' in _page(out, REFUTED).split("Invoked by", 1)[1]
    paper = (out / "papers" / f"{PAPER}.html").read_text(encoding="utf-8")
    graph = paper.split('<figure class="artifact graph">', 1)[1].split("</figure>", 1)[0]
    assert graph.startswith("<svg") and f'href="../statements/{safe_name(HOLDS)}.html"' in graph
    store.close()


def test_run_view_and_stale(tmp_path, fake_registry):
    """`ibv report --run N` renders run N's verdicts alone; by default each check's latest
    verdict is tagged with its run, flagged stale when made at another commit than the newest
    run, and a newest run covering little is warned of."""
    from checks.machine.cli import main

    path = tmp_path / "s.sqlite"
    store = _open_store(path)
    r1 = store.start_run("quick", argv=["run"])
    store.add_verdict(r1, _verdict(HOLDS, "numeric", "flow", "verified", "verified", {"min_digits": 30.0}))
    store.add_verdict(r1, _verdict(REFUTED, "bound-check", "random", "refuted", "refuted", {}))
    store.finish_run(r1)
    r2 = store.start_run("quick", argv=["run", CORRECTED])
    store.add_verdict(r2, _verdict(CORRECTED, "bound-check", "random", "verified", "verified", {}))
    store.finish_run(r2)
    store.conn.execute("UPDATE runs SET git_commit=? WHERE id=?", ("a" * 40, r1))
    store.conn.execute("UPDATE runs SET git_commit=? WHERE id=?", ("b" * 40, r2))
    store.conn.commit()
    store.close()
    out = tmp_path / "latest"
    cat = _catalog_with(
        fake_registry,
        **{
            HOLDS: {"checks": [_check_entry("numeric", "flow")]},
            REFUTED: {"checks": [_check_entry("bound-check", expected="refuted")]},
            CORRECTED: {"checks": [_check_entry("bound-check")]},
        },
    )
    store = _open_store(path)
    _render_report(store, out, cat)
    store.close()
    page = _page(out, HOLDS)
    assert "made at commit aaaaaaaaaaaa, the newest run at bbbbbbbbbbbb" in page
    index = (out / "index.html").read_text(encoding="utf-8")
    assert re.search(rf'data-id="{HOLDS}" data-status="verified"', index)
    assert 'data-stale="1"' in index and "covered only 1 of the 3 registered checks" in index
    one = tmp_path / "one"
    assert main(["report", "--store", str(path), "--out", str(one), "--run", str(r1)]) == 0
    index = (one / "index.html").read_text(encoding="utf-8")
    assert f"run #{r1} only" in index and re.search(rf'data-id="{CORRECTED}" data-status="not run"', index)
    assert re.search(rf'data-id="{HOLDS}" data-status="verified"', index)
    assert (one / "runs" / f"run-{r1}.html").exists() and not (one / "runs" / f"run-{r2}.html").exists()
    assert main(["report", "--store", str(path), "--out", str(tmp_path / "x"), "--run", "99"]) != 0
    history = (out / "history.html").read_text(encoding="utf-8")
    assert f'href="runs/run-{r1}.html"' in history and f'href="runs/run-{r2}.html"' in history


def test_stale_and_status_words_units():
    from reports.render import _run_infos, stale_reasons, status_words

    history = [{"run_id": 1, "statement_id": "a", "check_name": c} for c in "xyz"]
    history += [{"run_id": 2, "statement_id": "a", "check_name": "x"}]
    runs = [{"id": 1, "git_commit": "c1"}, {"id": 2, "git_commit": "c1"}, {"id": 3, "git_commit": "c1"}]
    infos = _run_infos(runs, history + [{"run_id": 3, "statement_id": "a", "check_name": c} for c in "xyz"], 3)
    assert infos[1]["full"] and not infos[2]["full"] and infos[3]["full"]
    ref = {"newest_full": infos[3], "commit": "c1"}
    assert stale_reasons(infos[1], ref) == ["older than the newest full-suite run #3 (which did not re-run it)"]
    assert stale_reasons(infos[3], ref) == []
    assert stale_reasons(infos[3], {"newest_full": None, "commit": "c2"})[0].startswith("made at commit c1")
    corr = {"status": "verified", "ok": True}
    assert status_words("refuted", "refuted", True, corr)[0] == "false as printed, correction holds"
    assert status_words("verified", "holds", True)[0] == "holds as printed"
    assert status_words("verified", "holds", True, proof_errata=1)[0] == "holds; proof has misprints"
    assert status_words("inconclusive", "holds", False)[0] == "open"
    assert status_words("error", "holds", False)[0] == "not reproduced"
    assert status_words("verified", "refuted", False)[0] == "not reproduced"


def test_maths_in_values_and_delimiters():
    """Backslash punctuation after size commands, metrics and hypothesis dictionaries holding
    $...$, TeX quotes: all rendered, no TeX source left."""
    from reports.numbers import fmt_float
    from reports.render import diff_html, fmt_html, key_figure

    for tex in (r"$\min\big\{a, b\big\}$", r"$\bigl\|x\bigr\|$", r"$\left\{ x \right\}$", r"$\langle a, b\rangle$"):
        html = str(tex_html(tex))
        assert "<math" in html and "\\" not in re.sub(r'alttext="[^"]*"', "", html), tex
    html = str(fmt_html({"$\\alpha>0$": True, "bound": "$\\|\\beta\\|_1\\le 2$"}))
    assert "$" not in re.sub(r'alttext="[^"]*"', "", html) and html.count("<math") == 2
    assert "“" in str(tex_html("``so $x$ and $y$ hold''")) and "``" not in str(tex_html("``a $x$ b''"))
    assert key_figure([{"min_digits": -0.0}]) == "no agreeing digit" and "-0" not in key_figure([{"min_digits": 0.3}])
    assert fmt_float(-1e-300 * 1e-300) == "0" and fmt_float(1e-3) == "0.001" and fmt_float(2.5e-7) == "2.5×10⁻⁷"
    left, right = diff_html(r"For all $x$: $f(x)\le 1$.", r"For all $x$: $f(x)\le 2$.")
    assert '<mark class="del"><math' in str(left) and '<mark class="ins"><math' in str(right)
    assert "For all" in str(left) and "<mark" not in str(left).split("<mark", 1)[0].split("For all")[0]


def test_legend_labels_distinct():
    from reports.plots import _legend_names

    labels = [f"Lemma 5 sandwich, lower bound at D={d}, measured on the grid of the paper's figure" for d in (2, 3, 4)]
    labels += [f"Lemma 5 sandwich, upper bound at D={d}, measured on the grid of the paper's figure" for d in (2, 3, 4)]
    names = _legend_names(labels)
    assert len(set(names)) == len(names) and all(len(n) <= 40 for n in names)
