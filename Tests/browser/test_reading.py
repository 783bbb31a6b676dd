"""Reading a chapter: sidebar, previous/next, highlighted code and its copy button, the language switch."""

import os
import pathlib
import subprocess
import textwrap
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import CHAPTER, REPO, open_page, wait


def current_path(driver):
    return pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(driver.current_url).path))


def resolved(link):
    """Where a link points, as a file path (the browser resolves the relative href)."""
    return pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(link.get_attribute("href")).path))


@pytest.mark.parametrize("lang, html_lang, title", [("en", "en", "Inter-Object Communication"),
                                                     ("zh", "zh-Hans", "对象间的通讯")])
def test_sidebar_marks_the_current_chapter(browser, site, lang, html_lang, title):
    open_page(browser, site, f"{lang}/{CHAPTER}.html")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == html_lang
    sidebar = browser.find_element(By.CSS_SELECTOR, "nav.sidebar")
    assert sidebar.is_displayed()
    current = sidebar.find_elements(By.CSS_SELECTOR, "a[aria-current='page']")
    assert len(current) == 1
    assert current[0].text == title
    assert resolved(current[0]) == current_path(browser)
    assert current[0].find_element(By.XPATH, "..").get_attribute("class") == "current"
    # One chapter: no previous or next page.
    assert browser.find_elements(By.CSS_SELECTOR, ".pager a") == []


@pytest.mark.parametrize("lang, first, second", [("en", "Delegates", "Queues"), ("zh", "委托", "队列")])
def test_previous_and_next_links_walk_the_book(browser, fixture_site, lang, first, second):
    open_page(browser, fixture_site, f"{lang}/delegates.html")
    assert [a.text for a in browser.find_elements(By.CSS_SELECTOR, "nav.sidebar a")] == [first, second]
    assert browser.find_element(By.CSS_SELECTOR, "nav.sidebar a[aria-current='page']").text == first
    assert browser.find_elements(By.CSS_SELECTOR, ".pager a.previous") == []
    nxt = browser.find_element(By.CSS_SELECTOR, ".pager a.next[rel='next']")
    assert second in nxt.text and nxt.is_displayed()
    nxt.click()
    wait(browser, lambda d: current_path(d).name == "queues.html", message="next link did not open queues.html")
    assert current_path(browser).parent.name == lang
    assert browser.find_element(By.CSS_SELECTOR, "nav.sidebar a[aria-current='page']").text == second
    assert browser.find_element(By.CSS_SELECTOR, "h1").text.lstrip("#") == second
    assert browser.find_elements(By.CSS_SELECTOR, ".pager a.next") == []
    prev = browser.find_element(By.CSS_SELECTOR, ".pager a.previous[rel='prev']")
    assert first in prev.text
    prev.click()
    wait(browser, lambda d: current_path(d).name == "delegates.html", message="previous link did not open delegates.html")


def test_cross_chapter_link_lands_on_the_section(browser, fixture_site):
    open_page(browser, fixture_site, "zh/delegates.html")
    link = browser.find_element(By.CSS_SELECTOR, "article a[href*='queues.html#serial-queues']")
    link.click()
    wait(browser, lambda d: current_path(d).name == "queues.html")
    assert browser.execute_script("return location.hash") == "#serial-queues"
    assert browser.find_element(By.ID, "serial-queues").text.lstrip("#") == "串行队列"


@pytest.mark.parametrize("lang, copy", [("en", "Copy"), ("zh", "复制")])
def test_code_is_highlighted_with_a_visible_copy_button(browser, site, lang, copy):
    open_page(browser, site, f"{lang}/{CHAPTER}.html")
    blocks = browser.find_elements(By.CSS_SELECTOR, ".code-block")
    assert len(blocks) >= 5
    classes = set(browser.execute_script("""
        return Array.from(document.querySelectorAll('.code-block pre code [class^="tok-"]'), e => e.className);"""))
    assert {"tok-keyword", "tok-type", "tok-comment"} <= classes, classes
    # The token classes are styled: a keyword is not the colour of plain code.
    colours = browser.execute_script("""
        var k = document.querySelector('.code-block .tok-keyword');
        return [getComputedStyle(k).color, getComputedStyle(k.closest('code')).color];""")
    assert colours[0] != colours[1]
    for block in blocks[:3]:
        button = block.find_element(By.CSS_SELECTOR, "button.copy-code")
        assert button.is_displayed() and button.text == copy


def test_copy_button_copies_the_code(browser, site):
    open_page(browser, site, f"en/{CHAPTER}.html")
    browser.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": "file://", "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    block = browser.find_element(By.CSS_SELECTOR, ".code-block")
    expected = block.find_element(By.TAG_NAME, "pre").get_attribute("textContent")
    button = block.find_element(By.CSS_SELECTOR, "button.copy-code")
    button.click()
    wait(browser, lambda d: button.text == "Copied", message=f"button says {button.text!r}")
    copied = browser.execute_async_script("""
        var done = arguments[arguments.length - 1];
        navigator.clipboard.readText().then(done, e => done('error: ' + e));""")
    assert copied == expected


@pytest.mark.parametrize("start, link_lang, target", [
    ("en", "zh-Hans", "zh"), ("zh", "en", "en")])
@pytest.mark.parametrize("section", ["blocks", "delegate-and-datasource"])
def test_language_switch_keeps_the_section(browser, site, start, link_lang, target, section):
    open_page(browser, site, f"{start}/{CHAPTER}.html#{section}")
    browser.find_element(By.CSS_SELECTOR, f"nav.language-switch a.language-link[hreflang='{link_lang}']").click()
    wait(browser, lambda d: current_path(d).parent.name == target, message="the language link did not open the other language")
    assert current_path(browser).name == f"{CHAPTER}.html"
    assert browser.execute_script("return location.hash") == f"#{section}"
    heading = browser.find_element(By.ID, section)
    assert heading.tag_name in ("h2", "h3")
    # The reader lands at that section: the heading is at the top of the viewport.
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", heading)
    assert -2 <= top <= 80, top


def test_headings_have_the_same_ids_in_both_languages(browser, site):
    ids = {}
    for lang in ("en", "zh"):
        open_page(browser, site, f"{lang}/{CHAPTER}.html")
        ids[lang] = browser.execute_script(
            "return Array.from(document.querySelectorAll('article h2[id], article h3[id]'), h => h.id);")
    assert "blocks" in ids["en"]
    assert set(ids["en"]) <= set(ids["zh"]), set(ids["en"]) - set(ids["zh"])


def _build_book(tmp_path, files):
    content = tmp_path / "content"
    for name, text in files.items():
        path = content / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    subprocess.run([os.environ.get("GUIDE_BIN", str(REPO / ".build" / "debug" / "guide")), "build", "--no-check",
                    "--content", str(content), "--templates", str(REPO / "templates"), "-o", str(tmp_path / "site")],
                   check=True, capture_output=True, text=True)
    return tmp_path / "site"


NESTED_BOOK = {
    "guide.yml": "title:\n  en: Nested\nlanguages: [en]\nsource: en\n",
    "en/SUMMARY.md": """\
        # Summary

        * [Part](part/index.md)
            * [Child "quoted" & 1 < 2](part/deep/child.md)
        * [Last](last.md)
        """,
    "en/part/index.md": "# Part\n",
    "en/part/deep/child.md": "# Child\n",
    "en/last.md": "# Last\n",
}


def test_shared_sidebar_links_work_from_any_folder_depth(browser, tmp_path):
    # The table is one toc.js per edition; each page resolves its links from its own folder.
    site = _build_book(tmp_path, NESTED_BOOK)
    open_page(browser, site, "en/part/deep/child.html")
    links = browser.find_elements(By.CSS_SELECTOR, "nav.sidebar a")
    assert [a.text for a in links] == ["Part", 'Child "quoted" & 1 < 2', "Last"]
    assert [resolved(a) for a in links] == [site / "en/part/index.html", site / "en/part/deep/child.html",
                                           site / "en/last.html"]
    current = browser.find_elements(By.CSS_SELECTOR, "nav.sidebar a[aria-current='page']")
    assert [a.text for a in current] == ['Child "quoted" & 1 < 2']
    # Nested entries stay nested.
    assert browser.find_elements(By.CSS_SELECTOR, "nav.sidebar ol.toc > li > ol > li.current > a")


def test_without_javascript_the_sidebar_links_the_contents(browser, fixture_site):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, fixture_site, "en/delegates.html")
        links = browser.find_elements(By.CSS_SELECTOR, "nav.sidebar a")
        assert [a.text for a in links] == ["Contents"]
        assert resolved(links[0]) == fixture_site / "index.html"
        assert links[0].is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
