"""The HTML report in a real browser: headless Chromium (Debian's ``chromium`` and
``chromedriver``, driven by Selenium) opens the report from disk, follows its links, and
checks what a reader would see: mathematics laid out as MathML (no raw TeX), plots drawn,
no console errors, and hostile text in stored verdicts shown as text (no script runs, no
element injected). Screenshots of every page visited go to ``test-artifacts/report/``.

The store is made by a real run of a few fast kernel-rich checks (real statement texts,
real plots, a real refutation with its counterexample) plus hand-made verdicts and a probe
run whose messages, parameters and labels carry markup.

Outside CI a missing browser skips these tests with the reason; in CI (``CI=true``) it fails.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "report"
CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = ("chromedriver",)
IN_CI = os.environ.get("CI", "").lower() == "true"

# Checks of the real run: a flow/argmin theorem with display maths, a printed claim refuted
# with a stored counterexample, its correction, and a figure replica with plots (inconclusive:
# a non-reproduction at a reduced width).
REFUTED = "kernel-rich/claim-kernel-regime-width"
PLOTTED = "kernel-rich/figure-7"
REAL_STATEMENTS = ("kernel-rich/theorem-1", REFUTED, f"{REFUTED}:corrected", PLOTTED)
ONE_STATEMENT = REAL_STATEMENTS[2]  # run again alone after the first run
PROBED = REAL_STATEMENTS[0]


def _page(sid: str) -> str:
    return f"statements/{sid.replace('/', '__').replace(':', '__')}.html"


HOSTILE_ID = "kernel-rich/claim-zz-<b>hostile</b>"
# Each payload, if it ever ran, sets window.__ibvPwned; inserted as text it does nothing.
PAYLOADS = (
    "<script>window.__ibvPwned='script'</script>",
    "<img src=x onerror=\"window.__ibvPwned='img'\">",
    "<svg onload=\"window.__ibvPwned='svg'\"></svg>",
)
HOSTILE = " ".join(PAYLOADS)
# An SVG artifact that would run code or fetch if inlined as stored.
HOSTILE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="60" '
    "onload=\"window.__ibvPwned='svg-root'\">"
    "<script>window.__ibvPwned='svg-script'</script>"
    "<style>@import url(http://127.0.0.1:9/x.css);</style>"
    '<a xlink:href="javascript:window.__ibvPwned=\'svg-link\'"><rect id="hostile-rect" width="200" height="60" '
    'fill="#ccc" onmouseover="window.__ibvPwned=\'svg-hover\'"/></a>'
    '<image href="http://127.0.0.1:9/x.png" width="10" height="10"/>'
    '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">foreign</div></foreignObject>'
    "</svg>"
)


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(
            f"browser test cannot run in CI: {reason} (.ci/run installs chromium and chromium-driver with apt-get)"
        )
    pytest.skip(f"{reason}; install Debian's chromium and chromium-driver to run the browser test")


def _which(names) -> str | None:
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _unavailable("selenium is not installed (it is in the [test] extra)")
    chromium, chromedriver = _which(CHROMIUM), _which(DRIVER)
    if chromium is None:
        _unavailable("no chromium executable on PATH")
    if chromedriver is None:
        _unavailable("no chromedriver executable on PATH")
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not try to download anything
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
        "--hide-scrollbars",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(executable_path=chromedriver), options=opts)
    d.set_page_load_timeout(60)
    yield d
    d.quit()


def _hostile_verdicts(store, run_id):
    """A verdict whose message, parameters, labels, notes, counterexample and artifacts carry
    markup, on a statement id that itself carries markup (it becomes a file name and a link)."""
    from checks.core import Verdict

    metrics = {
        "items": 1,
        "comparisons": [
            {
                "label": f"bound {HOSTILE}",
                "status": "verified",
                "instance": {"fixture": PAYLOADS[1]},
                "lhs": 1.0,
                "rhs": 2.0,
                "slack": 1.0,
                "slack_ratio": 2.0,
                "note": PAYLOADS[0],
            }
        ],
        "instances": [
            {"params": {"fixture": PAYLOADS[1]}, "hypotheses": {f"$x>0$ {PAYLOADS[0]}": True, PAYLOADS[2]: False}}
        ],
        "notes": [f"note {HOSTILE}"],
        "counterexample": {
            "label": f"cex {HOSTILE}",
            "instance": {"fixture": PAYLOADS[1]},
            "metrics": {"gap": PAYLOADS[0]},
        },
    }
    return Verdict(
        statement_id=HOSTILE_ID,
        check=f"check-{PAYLOADS[0]}",
        method="random",
        status="verified",
        expected="verified",
        params={"fixture": PAYLOADS[1], PAYLOADS[0]: 1},
        metrics=metrics,
        precision=PAYLOADS[2],
        seed=0,
        seconds=0.1,
        message=f"message {HOSTILE}",
        artifacts={
            "log": ("text/plain", HOSTILE),
            "plot": ("image/svg+xml", HOSTILE_SVG),
            f"name {PAYLOADS[1]}": ("application/json", '{"a": "' + PAYLOADS[0].replace('"', '\\"') + '"}'),
        },
    )


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    from checks.core import load_checks
    from checks.machine.catalog import build_catalog
    from checks.machine.runner import run_checks
    from checks.machine.store import Store
    from reports.render import render_report

    load_checks()
    from checks.core import CHECKS

    base = tmp_path_factory.mktemp("browser-report")
    store = Store(base / "store.sqlite")
    chks = [c for c in CHECKS.values() if c.statement_id in REAL_STATEMENTS]
    assert {c.statement_id for c in chks} == set(REAL_STATEMENTS), (
        "the real statements this test renders are registered"
    )
    # an earlier run in which the theorem's first check was inconclusive: the history shows a fix
    from checks.core import Verdict

    earlier = store.start_run("quick", argv=["run", REAL_STATEMENTS[0]])
    first = next(c for c in chks if c.statement_id == REAL_STATEMENTS[0])
    store.add_verdict(
        earlier,
        Verdict(
            statement_id=first.statement_id,
            check=first.name,
            method=first.method,
            status="inconclusive",
            expected=first.expected,
            params={},
            metrics={},
            precision=None,
            seed=0,
            seconds=0.0,
            message="error estimate too large (an earlier run)",
        ),
    )
    store.finish_run(earlier)
    run_checks(chks, store, budget="quick", argv=["run", *REAL_STATEMENTS])
    # then a run of one statement: every other statement keeps its latest verdict (issue 21)
    run_checks([c for c in chks if c.statement_id == ONE_STATEMENT], store, budget="quick", argv=["run", ONE_STATEMENT])
    run_id = store.latest_run()["id"]
    store.add_verdict(run_id, _hostile_verdicts(store, run_id))
    # a probe run carrying markup in its command line, overrides and message
    probe = store.start_run(
        "quick", kind="probe", argv=["probe", "kernel-rich/theorem-1", "--set", f"alpha={PAYLOADS[0]}"]
    )
    v = _hostile_verdicts(store, probe)
    v.statement_id = "kernel-rich/theorem-1"
    store.add_verdict(probe, v)
    store.finish_run(probe)
    _sweep_probe(store)
    t0 = time.perf_counter()
    index = render_report(store, base / "report", build_catalog())
    seconds = time.perf_counter() - t0
    store.close()
    return index, seconds


def _sweep_probe(store):
    """A probe over a geometric grid of alpha, two instances outside the hypotheses
    (alpha <= 0) where the check 'fails': shown neutrally, not as red failures."""
    from checks.core import Verdict

    probe = store.start_run("quick", kind="probe", argv=["probe", PROBED, "--grid", "alpha=-1,0,0.01,0.1,1,10"])
    for alpha in (-1.0, 0.0, 0.01, 0.1, 1.0, 10.0):
        held = alpha > 0
        instance = {"alpha": alpha}
        status = "verified" if held else "refuted"
        store.add_verdict(
            probe,
            Verdict(
                statement_id=PROBED,
                check="flow-vs-argmin",
                method="flow",
                status=status,
                expected="verified",
                params=instance,
                metrics={
                    "items": 1,
                    "comparisons": [
                        {
                            "label": r"$\beta^\infty_{\alpha}$ against $\arg\min Q_\alpha$",
                            "status": status,
                            "instance": instance,
                            "discrepancy": 1e-30 if held else 1.0,
                            "tolerance": 1e-20,
                            "error_estimate": 1e-40,
                            "digits": 30.0 if held else 0.0,
                        }
                    ],
                    "instances": [{"params": instance, "hypotheses": {r"$0<\alpha<\infty$": held}}],
                },
                precision="mpmath dps 50",
                seed=0,
                seconds=0.1,
                message="probe instance",
            ),
        )
    store.finish_run(probe)


def _shot(driver, name: str) -> Path:
    """A full-page screenshot (the window is stretched to the page's height)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)")
    driver.set_window_size(1400, min(max(int(height) + 40, 600), 8000))
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(1400, 1000)
    return path


def _console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e.get("level") in ("SEVERE", "ERROR")]


# What TeX source looks like in visible text: a backslash followed by anything (a macro, an
# escaped delimiter such as \{ or \|), a dollar sign, TeX's opening quotes ``.
_RAW_TEX = re.compile(r"\\\S|\$|``")
# The visible text of a page (what is laid out), leaving out the source code a reader opens on
# purpose (a check's Python source, a statement's SymPy encoding).
_VISIBLE_TEXT = """
const parts = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const el = walker.currentNode.parentElement;
  if (!el || el.closest('pre.source, script, style, math')) continue;
  const r = el.getBoundingClientRect();
  if (r.width > 0 || r.height > 0) parts.push(walker.currentNode.textContent);
}
return parts.join(' ');
"""


def _assert_page_sound(driver, what: str, expect_math: bool = True) -> dict:
    """No console error, nothing injected or run, no raw TeX and every formula laid out;
    with ``expect_math`` the page must hold MathML."""
    state = driver.execute_script(
        """
        const visible = document.body.innerText;
        const maths = Array.from(document.querySelectorAll('math'));
        const laidOut = maths.filter(m => { const r = m.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
        return {
          text: visible,
          maths: maths.length,
          laidOut: laidOut.length,
          texFallbacks: document.querySelectorAll('code.tex').length,
          svgs: Array.from(document.querySelectorAll('.artifact svg'))
            .filter(s => s.getBoundingClientRect().width > 50).length,
          pwned: window.__ibvPwned === undefined ? null : String(window.__ibvPwned),
          imgs: document.querySelectorAll('img').length,
          injected: document.querySelectorAll('script:not(.ibv), [onerror], [onload], b').length,
          scripts: Array.from(document.scripts).filter(s => s.src).length,
          title: document.title,
        };
        """
    )
    errors = _console_errors(driver)
    assert not errors, f"{what}: console errors {errors}"
    assert state["pwned"] is None, f"{what}: injected markup ran ({state['pwned']})"
    assert state["imgs"] == 0 and state["injected"] == 0, f"{what}: an element was injected"
    assert state["scripts"] == 0, f"{what}: an external script is referenced"
    if expect_math:
        assert state["maths"] > 0, f"{what}: no MathML"
    if True:  # every page: formulas laid out, none left as TeX
        assert state["laidOut"] == state["maths"], (
            f"{what}: {state['maths'] - state['laidOut']} math elements not laid out"
        )
        assert state["texFallbacks"] == 0, f"{what}: formulas left as TeX source"
        visible = driver.execute_script(_VISIBLE_TEXT)
        raw = [visible[max(0, m.start() - 30) : m.end() + 20] for m in _RAW_TEX.finditer(visible)]
        assert not raw, f"{what}: TeX source visible: {raw[:5]}"
    return state


def _no_sideways_scroll(driver, what: str, url: str) -> None:
    """At phone width (400 px) the page does not scroll sideways (wide tables scroll in their
    own box)."""
    driver.set_window_size(400, 900)
    try:
        driver.get(url)
        state = driver.execute_script(
            "return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth, "
            "body: document.body.scrollWidth}"
        )
        assert state["inner"] <= 420, f"the window did not narrow: {state}"
        assert max(state["scroll"], state["body"]) <= state["inner"] + 1, f"{what} scrolls sideways at 400 px: {state}"
    finally:
        driver.set_window_size(1400, 1000)


def _click(driver, css: str, text: str | None = None):
    """Follow a link as a reader would (a click), and wait for the new page to load."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    links = driver.find_elements(By.CSS_SELECTOR, css)
    if text is not None:
        links = [a for a in links if text in a.text]
    assert links, f"no link {css} {text or ''}"
    target = links[0].get_attribute("href")
    driver.execute_script("arguments[0].scrollIntoView()", links[0])
    links[0].click()
    WebDriverWait(driver, 30).until(
        lambda d: (
            d.current_url.split("#")[0] == target.split("#")[0]
            and d.execute_script("return document.readyState") == "complete"
        )
    )


def _rows_shown(driver):
    from selenium.webdriver.common.by import By

    return [r for r in driver.find_elements(By.CSS_SELECTOR, "#statements tbody tr[data-paper]") if r.is_displayed()]


def test_report_in_browser(driver, report):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    index, seconds = report
    assert seconds < 10, f"render took {seconds:.1f} s"
    driver.get_log("browser")  # drop anything logged before the first page
    driver.get(index.as_uri())
    state = _assert_page_sound(driver, "index", expect_math=False)
    assert "Verification report" in state["title"]
    assert "theorem-1" in state["text"] and "agreement" in state["text"]
    # the hostile statement id and its markup are shown as text
    assert "claim-zz-<b>hostile</b>" in state["text"]
    # after a run of one statement, every statement shows its latest verdict, not "not run";
    # the newest run's small coverage is said
    for sid in REAL_STATEMENTS:
        row = driver.find_element(By.CSS_SELECTOR, f'#statements tr[data-id="{sid}"]')
        assert row.get_attribute("data-status") != "not run", f"{sid}: its earlier verdict is not shown"
        assert row.get_attribute("data-words") not in ("not run", ""), sid
    assert "covered only" in state["text"] and "from earlier runs" in state["text"]
    _shot(driver, "01-index")

    # filters: paper, verdict and method narrow the table; the count says so
    rows = driver.find_elements(By.CSS_SELECTOR, "#statements tbody tr[data-paper]")
    heads = driver.find_elements(By.CSS_SELECTOR, "#statements tbody tr[data-head]")
    Select(driver.find_element(By.ID, "f-status")).select_by_visible_text("refuted")
    shown = [r for r in rows if r.is_displayed()]
    assert 0 < len(shown) < len(rows) and all("refuted" in r.get_attribute("data-status") for r in shown)
    assert f"{len(shown)} of {len(rows)} shown" in driver.find_element(By.ID, "f-count").text
    Select(driver.find_element(By.ID, "f-status")).select_by_index(0)
    Select(driver.find_element(By.ID, "f-method")).select_by_visible_text("symbolic")
    assert all("symbolic" in r.get_attribute("data-methods") for r in rows if r.is_displayed())
    Select(driver.find_element(By.ID, "f-paper")).select_by_visible_text("kernel-rich")
    assert all(r.get_attribute("data-paper") == "kernel-rich" for r in rows if r.is_displayed())
    assert [h.get_attribute("data-head") for h in heads if h.is_displayed()] == ["kernel-rich"]
    Select(driver.find_element(By.ID, "f-paper")).select_by_index(0)
    Select(driver.find_element(By.ID, "f-method")).select_by_index(0)
    assert all(r.is_displayed() for r in rows) and all(h.is_displayed() for h in heads)

    # full-text search over the statements, hypotheses, errata and paper metadata: an author,
    # a Greek letter by its symbol and by its name, an equation number
    text = driver.find_element(By.ID, "f-text")
    for query in ("Woodworth", "COLT 2020"):
        text.clear()
        text.send_keys(query)
        shown = _rows_shown(driver)
        assert shown and all(r.get_attribute("data-paper") == "kernel-rich" for r in shown), query
    counts = []
    for query in ("α", "alpha"):
        text.clear()
        text.send_keys(query)
        counts.append(len(_rows_shown(driver)))
    assert counts[0] == counts[1] > 0, f"α and alpha find different statements: {counts}"
    text.clear()
    text.send_keys("eq. 4")
    assert any(r.get_attribute("data-id") == "kernel-rich/theorem-1" for r in _rows_shown(driver))
    text.clear()
    driver.execute_script("document.getElementById('f-text').dispatchEvent(new Event('input'))")
    assert len(_rows_shown(driver)) == len(rows)

    # sortable columns: by verdict, weakest first, and back
    driver.find_element(By.CSS_SELECTOR, "th[data-sort='status'] button").click()
    ranks = [int(r.get_attribute("data-rank")) for r in _rows_shown(driver)]
    assert ranks == sorted(ranks) and len(set(ranks)) > 1
    assert "sort=status" in driver.current_url
    driver.find_element(By.CSS_SELECTOR, "th[data-sort='status'] button").click()
    ranks = [int(r.get_attribute("data-rank")) for r in _rows_shown(driver)]
    assert ranks == sorted(ranks, reverse=True) and "sort=-status" in driver.current_url
    driver.find_element(By.CSS_SELECTOR, "th[data-sort='order'] button").click()

    # the filters live in the address and survive Back
    Select(driver.find_element(By.ID, "f-status")).select_by_visible_text("refuted")
    assert "status=refuted" in driver.current_url
    n_refuted = len(_rows_shown(driver))
    _click(driver, f"#statements a[href='{_page(REFUTED)}']")
    driver.back()
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert Select(driver.find_element(By.ID, "f-status")).first_selected_option.text == "refuted"
    shown = _rows_shown(driver)
    assert len(shown) == n_refuted and all(r.get_attribute("data-status") == "refuted" for r in shown)
    driver.get(index.as_uri())  # a fresh visit without the address' filters shows every row
    assert len(_rows_shown(driver)) == len(rows)

    # a statement page, followed from the index
    _click(driver, "#statements a[href='statements/kernel-rich__theorem-1.html']")
    assert driver.current_url.endswith("statements/kernel-rich__theorem-1.html")
    state = _assert_page_sound(driver, "theorem-1")
    assert driver.find_elements(By.CSS_SELECTOR, ".statement-text math"), "statement text without MathML"
    assert "Hypotheses" in state["text"] and "Evidence" in state["text"]
    # provenance: the paper, its authors and year; the encoding; each verdict's run and commit
    assert "Kernel and rich" in state["text"] or "kernel and rich" in state["text"]
    assert "Woodworth" in state["text"] and "2020" in state["text"]
    assert "Encoded in theorems/kernel_rich.py" in state["text"]
    assert driver.find_elements(By.CSS_SELECTOR, "section.check .run-tag a[href^='../runs/run-']")
    assert "Source of the check: checks/kernel_rich.py" in state["text"]
    assert "holds as printed" in state["text"] or "open" in state["text"]
    _shot(driver, "02-statement-theorem-1")

    # back to the index, then the refuted claim: its erratum and counterexample
    _click(driver, "header nav a", "Overview")
    _click(driver, f"#statements a[href='{_page(REFUTED)}']")
    assert driver.current_url.endswith(_page(REFUTED))
    state = _assert_page_sound(driver, REFUTED)
    assert "Counterexample" in state["text"] and "Erratum" in state["text"]
    assert "false as printed" in state["text"]
    _shot(driver, "03-statement-refuted")

    # the figure replica: its plots, legends and captions
    _click(driver, "header nav a", "Overview")
    _click(driver, f"#statements a[href='{_page(PLOTTED)}']")
    assert driver.current_url.endswith(_page(PLOTTED))
    state = _assert_page_sound(driver, PLOTTED)
    assert state["svgs"] >= 1, "figure replica: no plot drawn"
    # legend entries distinct, the full label in a tooltip; a caption under the plot
    legends = driver.execute_script(
        "return Array.from(document.querySelectorAll('.artifact.plot svg g > title')).map(t => t.parentNode"
        ".querySelector('text').textContent)"
    )
    assert len(legends) == len(set(legends)), f"legend entries alike: {legends}"
    assert len(driver.find_elements(By.CSS_SELECTOR, "figure.plot figcaption")) == len(
        driver.find_elements(By.CSS_SELECTOR, "figure.plot svg")
    )
    _shot(driver, "03-statement-figure-7")

    # the errata page through the header link: what is wrong in a line, the counterexample,
    # printed and corrected side by side with the difference marked; proof errata apart
    _click(driver, "header nav a", "Errata")
    assert driver.current_url.endswith("errata.html")
    state = _assert_page_sound(driver, "errata")
    assert REFUTED in state["text"] and "What is wrong" in state["text"]
    assert "Proof steps false as printed" in state["text"]
    assert driver.find_elements(By.CSS_SELECTOR, ".compare mark.ins") or driver.find_elements(
        By.CSS_SELECTOR, ".compare mark.del"
    )
    _shot(driver, "04-errata")

    # history: the fix, and each run's page
    _click(driver, "header nav a", "History")
    state = _assert_page_sound(driver, "history", expect_math=False)
    assert "fixed" in state["text"] and "inconclusive" in state["text"]
    _shot(driver, "05-history")
    _click(driver, "main a[href^='runs/run-']")
    state = _assert_page_sound(driver, "run page", expect_math=False)
    assert "ibv report --run" in state["text"]
    _click(driver, "header nav a", "History")

    # a paper's page, in the paper's order
    _click(driver, "header nav a", "Overview")
    _click(driver, "main a[href='papers/kernel-rich.html']")
    state = _assert_page_sound(driver, "paper page", expect_math=False)
    assert "Woodworth" in state["text"] and "Dependency graph" in state["text"]
    ids = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "main table a[href^='../statements/']")]
    short = REFUTED.split("/")[1]
    assert "theorem-1" in ids and ids.index(short) < ids.index(f"{short}:corrected")

    # the probe report, from its listing
    _click(driver, "header nav a", "Probes")
    _assert_page_sound(driver, "probes", expect_math=False)
    _shot(driver, "06-probes")
    _click(driver, "main a[href^='probes/']", "#")
    _assert_page_sound(driver, "probe page")
    _shot(driver, "07-probe")


def test_probe_outside_hypotheses_neutral(driver, report):
    """A probe's instances outside the hypotheses are styled neutrally (no red badge, no ✗);
    the phase diagram puts the geometric grid on a log or categorical axis, shades where the
    hypotheses hold and links each marker to its instance's evidence."""
    from selenium.webdriver.common.by import By

    index, _ = report
    driver.get_log("browser")
    driver.get(index.with_name("probes.html").as_uri())
    links = [a for a in driver.find_elements(By.CSS_SELECTOR, "main a[href^='probes/']") if "#" in a.text]
    sweep = next(a.get_attribute("href") for a in links if a.text.strip() == f"#{_newest_probe(index)}")
    driver.get(sweep)
    _assert_page_sound(driver, "sweep probe")
    outside = driver.find_elements(By.CSS_SELECTOR, "tr.not-held")
    assert len(outside) == 2
    for row in outside:
        assert not row.find_elements(By.CSS_SELECTOR, ".st-refuted, .notok"), "outside instance styled as a failure"
        assert row.find_elements(By.CSS_SELECTOR, ".st-outside")
    assert not driver.find_elements(
        By.CSS_SELECTOR,
        "section.check.outside .notok, section.check.outside .st-refuted, section.check.outside .caveat",
    )
    assert "expected verified" not in " ".join(
        s.text for s in driver.find_elements(By.CSS_SELECTOR, "section.check.outside h3")
    )
    svg = driver.find_element(By.CSS_SELECTOR, "figure svg.phase")
    assert driver.find_element(By.CSS_SELECTOR, "figure.plot figcaption").text.startswith("Each check's verdict")
    assert "(log)" in svg.text or "(grid values)" in svg.text
    assert svg.find_elements(By.CSS_SELECTOR, "rect.held"), "the hypothesis region is not shaded"
    hollow = svg.find_elements(By.CSS_SELECTOR, "circle.outside")
    assert len(hollow) == 2 and all(c.get_attribute("fill") == "#ffffff" for c in hollow)
    targets = driver.execute_script(
        "return Array.from(document.querySelectorAll('svg.phase a')).map(a => a.getAttribute('href'))"
    )
    assert len(targets) == 6
    for t in targets:
        assert driver.find_elements(By.ID, t.lstrip("#")), f"marker link {t} has no target"
    _shot(driver, "09-probe-sweep")


def _newest_probe(index: Path) -> int:
    from checks.machine.store import Store

    store = Store(index.parent.parent / "store.sqlite", create=False)
    try:
        return store.runs(kind="probe")[-1]["id"]
    finally:
        store.close()


def test_no_page_scrolls_sideways_at_phone_width(driver, report):
    index, _ = report
    root = index.parent
    pages = {
        "index": root / "index.html",
        "errata": root / "errata.html",
        "history": root / "history.html",
        "probes": root / "probes.html",
        "paper": root / "papers" / "kernel-rich.html",
        "statement": root / "statements" / "kernel-rich__theorem-1.html",
        "refuted statement": root / _page(REFUTED),
        "figure with plots": root / _page(PLOTTED),
    }
    pages["probe"] = sorted((root / "probes").glob("*.html"))[-1]
    pages["run"] = sorted((root / "runs").glob("*.html"))[-1]
    for what, path in pages.items():
        assert path.exists(), what
        _no_sideways_scroll(driver, what, path.as_uri())


def test_hostile_text_is_inert(driver, report):
    """Markup in a stored verdict (message, parameters, labels, hypotheses, counterexample,
    artifacts, check name, statement id) is shown as text: nothing runs, nothing is injected."""
    from selenium.webdriver.common.by import By

    index, _ = report
    driver.get_log("browser")
    driver.get(index.as_uri())
    _click(driver, "#statements a", "hostile")
    # the statement is not in the registry: its page holds the store's evidence only
    state = _assert_page_sound(driver, "hostile statement", expect_math=True)
    text = state["text"]
    for p in PAYLOADS:
        assert p in text, f"payload not shown as text: {p}"
    assert "message <script>" in text
    # the SVG artifact is drawn, without its script, handlers, outside links or foreign content
    assert driver.execute_script(
        "const r = document.getElementById('hostile-rect'); "
        "const svg = r && r.closest('svg');return !!svg && !svg.querySelector('script, "
        "foreignObject, style, [onload], [onmouseover]') && !Array.from(svg.querySelectorAll('a, "
        "image')).some(e => (e.getAttribute('href') || e.getAttribute('xlink:href') || '').length)"
    )
    for details in driver.find_elements(By.CSS_SELECTOR, "details"):
        driver.execute_script("arguments[0].open = true", details)
    time.sleep(0.2)
    _assert_page_sound(driver, "hostile statement, details open", expect_math=True)
    _shot(driver, "08-hostile-statement")
