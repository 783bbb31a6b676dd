"""Search from file://: Chinese by bigrams, English by words, results grouped by chapter with the match marked."""

import pathlib
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import CHAPTER, open_page, wait


def search(driver, query):
    box = driver.find_element(By.CSS_SELECTOR, ".search[role='search']")
    wait(driver, lambda d: box.is_displayed(), message="search box stayed hidden (search.js did not run)")
    field = box.find_element(By.CSS_SELECTOR, "input.search-input")
    field.clear()
    field.send_keys(query)
    panel = box.find_element(By.CSS_SELECTOR, ".search-results")
    wait(driver, lambda d: panel.is_displayed() and panel.find_elements(By.CSS_SELECTOR, ".search-status"),
         message=f"no results panel for {query!r}")
    return panel


def groups(panel):
    """[(chapter title, [(link href, [marked texts])])]"""
    result = []
    for group in panel.find_elements(By.CSS_SELECTOR, ".search-group"):
        links = [(a.get_attribute("href"), [m.text for m in a.find_elements(By.TAG_NAME, "mark")])
                 for a in group.find_elements(By.CSS_SELECTOR, "li a")]
        result.append((group.find_element(By.TAG_NAME, "h2").text, links))
    return result


def page_of(href):
    path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(href).path))
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("lang, query, title, lead", [
    ("zh", "代码", "对象间的通讯", "zh"),
    ("en", "delegate", "Inter-Object Communication", "en"),
])
def test_search_finds_the_chapter_and_marks_the_match(browser, site, lang, query, title, lead):
    open_page(browser, site, f"{lang}/{CHAPTER}.html")
    panel = search(browser, query)
    found = groups(panel)
    assert found, panel.text
    # The page's own language comes first; its chapter is the right one.
    first_title, links = found[0]
    assert first_title == title
    assert all(page_of(href) == f"{lead}/{CHAPTER}.html" for href, _ in links)
    marks = [m for _, ms in links for m in ms]
    assert marks and all(m.lower() == query for m in marks), marks
    status = panel.find_element(By.CSS_SELECTOR, ".search-status")
    assert status.get_attribute("role") == "status" and status.text
    # Marked text is styled as a highlight.
    background = browser.execute_script(
        "return getComputedStyle(document.querySelector('.search-results mark')).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    # Following a result opens that section of the chapter.
    href = links[0][0]
    panel.find_element(By.CSS_SELECTOR, ".search-group li a").click()
    wait(browser, lambda d: d.current_url == href)
    fragment = urllib.parse.unquote(urllib.parse.urlparse(href).fragment)
    if fragment:
        assert browser.find_elements(By.ID, fragment)


def test_search_from_the_index_and_the_keyboard(browser, site):
    open_page(browser, site, "index.html")
    browser.find_element(By.TAG_NAME, "body").send_keys("/")
    field = browser.switch_to.active_element
    assert "search-input" in field.get_attribute("class")
    panel = search(browser, "retain")
    assert groups(panel)
    field.send_keys(Keys.ESCAPE)
    wait(browser, lambda d: not panel.is_displayed())


@pytest.mark.parametrize("lang, query, chapter, other", [
    ("en", "semaphore", "Queues", "Delegates"),
    ("en", "protocol", "Delegates", "Queues"),
    ("zh", "信号", "队列", "委托"),
    ("zh", "协议", "委托", "队列"),
])
def test_search_tells_chapters_apart(browser, fixture_site, lang, query, chapter, other):
    open_page(browser, fixture_site, f"{lang}/queues.html")
    found = groups(search(browser, query))
    titles = [t for t, _ in found]
    assert titles[0] == chapter, titles
    assert other not in titles


def test_search_says_when_nothing_matches(browser, site):
    open_page(browser, site, f"zh/{CHAPTER}.html")
    panel = search(browser, "麒麟")
    assert groups(panel) == []
    assert panel.find_element(By.CSS_SELECTOR, ".search-status").text == "没有找到结果"
