"""axe-core (bundled by axe-selenium-python) on every kind of page, in light and in dark mode."""

import json

import pytest
from axe_selenium_python import Axe

from conftest import CHAPTER, open_page, set_color_scheme
from test_search import search

PAGES = ["index.html", f"en/{CHAPTER}.html", f"zh/{CHAPTER}.html", f"bilingual/{CHAPTER}.html", "review/index.html"]

# WCAG 2.0/2.1 A and AA, and axe's best practices (landmarks, heading order, one main, …).
ALL_RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}
CONTRAST = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
# The rules this test is for must have run and passed, not merely found nothing to check.
REQUIRED = {"landmark-one-main", "region", "heading-order", "html-has-lang", "html-lang-valid",
            "color-contrast", "page-has-heading-one", "bypass", "document-title"}


def run_axe(driver, options, context="document"):
    axe = Axe(driver)
    axe.inject()
    results = driver.execute_async_script(
        "var done = arguments[arguments.length - 1]; axe.run(%s, %s).then(done, e => done({error: String(e)}));"
        % (context, json.dumps(options)))
    assert "error" not in results, results.get("error")
    return results


def check(driver, options, label, context="document"):
    results = run_axe(driver, dict(options, resultTypes=["violations", "incomplete"]), context)
    assert results["testEngine"]["version"].startswith("4."), results["testEngine"]
    violations = results["violations"]
    assert not violations, f"{label}: " + Axe(driver).report(violations)
    # A rule that crashed proves nothing (axe-core 3 did so on these pages for contrast).
    errors = [(r["id"], r.get("message")) for r in results["incomplete"] if r.get("error") or r.get("message")]
    assert not errors, f"{label}: rules failed to run: {errors}"
    # Contrast that axe could not decide (text over an image, under another element, …) fails too.
    undecided = [(n["target"], [c["message"] for c in n["any"]])
                 for r in results["incomplete"] if r["id"] == "color-contrast" for n in r["nodes"]]
    assert not undecided, f"{label}: contrast undecided: {undecided}"
    return results


@pytest.mark.parametrize("page", PAGES)
def test_axe_light(browser, site, page):
    set_color_scheme(browser, "light")
    open_page(browser, site, page)
    results = check(browser, ALL_RULES, f"{page} (light)")
    passed = {r["id"] for r in results["passes"]}
    assert REQUIRED <= passed, f"rules that did not pass: {REQUIRED - passed}"
    if page != "review/index.html":   # the pages that hold text in another language than the page's
        assert "valid-lang" in passed


@pytest.mark.parametrize("page", PAGES)
def test_axe_contrast_dark(browser, site, page):
    set_color_scheme(browser, "dark")
    open_page(browser, site, page)
    assert browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
    # The dark palette is in force (the page background is dark).
    luminance = browser.execute_script("""
        var m = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
        return (m[0] + m[1] + m[2]) / 3;""")
    assert luminance < 60
    check(browser, CONTRAST, f"{page} (dark)")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang, query", [("en", "delegate"), ("zh", "代码")])
def test_axe_search_results(browser, site, scheme, lang, query):
    """The open results panel (the page under it is covered, so only the top bar is checked)."""
    set_color_scheme(browser, scheme)
    open_page(browser, site, f"{lang}/{CHAPTER}.html")
    search(browser, query)
    check(browser, ALL_RULES if scheme == "light" else CONTRAST, f"{lang} search results ({scheme})",
          context="document.querySelector('.topbar')")
