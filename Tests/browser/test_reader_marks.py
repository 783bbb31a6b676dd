"""Reader pages show what is meant for readers (issue #45, item 3).

A small book whose Chinese snippet does not compile, whose English snippet needs a name the
check assumes, and whose Chinese carries a translator's doubt marker. On the published pages
(English, Chinese, side by side) a reader sees no verdict of the snippet check and no marker;
the text around the marker is there. `guide serve`, the maintainers' preview, has the verdicts
behind a toggle that shows and hides them on every page, and remembers its state.
"""

import os
import re
import subprocess
import textwrap
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, _build, _guide_bin, open_page, wait

BOOK = {
    "guide.yml": """\
        title:
          en: "Lantern Book"
          zh: "灯笼之书"
        languages: [en, zh]
        source: en
        """,
    "en/SUMMARY.md": "* [Lanterns](lanterns.md)\n",
    "zh/SUMMARY.md": "* [灯笼](lanterns.md)\n",
    "en/lanterns.md": """\
        # Lanterns

        A lantern keeps its flame behind glass.

        ```objective-c
        @interface Lantern : NSObject
        @end
        ```

        Trim it every evening:

        ```objective-c
        [self trimWickOfLantern:3 carefully:YES];
        ```
        """,
    "zh/lanterns.md": """\
        # 灯笼

        灯笼把火焰藏在玻璃后面【疑问】behind glass。

        ```objective-c
        @interface Lantern : NSObject
        int x
        @end
        ```

        每天晚上修剪它：

        ```objective-c
        [self trimWickOfLantern:3 carefully:YES];
        ```
        """,
}

PAGES = ["en/lanterns.html", "zh/lanterns.html", "bilingual/lanterns.html"]

# What a reader must not see: the check's verdicts, its words, guide's own names, line numbers, the marker.
HIDDEN = ["does not compile", "compiles", "assuming", "GuideContext", "GuideSnippet", "无法编译", "【疑问】"]
LINE = re.compile(r"line \d+(:\d+)?:")


def write_book(root):
    content = root / "content"
    for name, text in BOOK.items():
        path = content / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return content


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    return write_book(tmp_path_factory.mktemp("marks"))


@pytest.fixture(scope="module")
def marks_site(book):
    return _build(book, book.parent / "site")


def visible_text(browser):
    return browser.find_element(By.TAG_NAME, "body").text


@pytest.mark.parametrize("page", PAGES)
def test_reader_pages_show_no_verdict_and_no_doubt_marker(browser, marks_site, page):
    open_page(browser, marks_site, page)
    text = visible_text(browser)
    assert [word for word in HIDDEN if word in text] == []
    assert not LINE.search(text)
    # Not hidden but absent: the page's HTML has none of it either (the side-by-side page's
    # review marks, hidden until toggled, name the doubt: they are not the text).
    assert browser.find_elements(By.CSS_SELECTOR, ".snippet-badge") == []
    cells = " ".join(cell.get_attribute("textContent") for cell in browser.find_elements(By.CSS_SELECTOR, "main p, .cell"))
    assert "【疑问】" not in cells
    if page != "en/lanterns.html":
        # The text around the marker is published.
        assert "灯笼把火焰藏在玻璃后面behind glass。" in text


def test_side_by_side_review_marks_still_name_the_doubt(browser, marks_site):
    open_page(browser, marks_site, "bilingual/lanterns.html")
    findings = [f.get_attribute("textContent") for f in browser.find_elements(By.CSS_SELECTOR, ".finding")]
    assert any("marker 【疑问】" in finding for finding in findings)


def test_dashboard_lists_the_verdicts(browser, marks_site):
    open_page(browser, marks_site, "review/index.html")
    text = browser.find_element(By.TAG_NAME, "main").get_attribute("textContent")
    assert "snippet-fail" in text and "content/zh/lanterns.md" in text


@pytest.fixture(scope="module")
def served(book):
    """`guide serve` on the book, on a free port; its address, once the first build is served.

    What serve says goes to a file read from the start each time: a pipe read line by line
    behind select() loses a line that arrived in the same read as the one before it."""
    log_path = book.parent / "serve.log"
    with open(log_path, "w") as log:
        serve = subprocess.Popen([str(_guide_bin()), "serve", "--content", str(book), "--templates",
                                  str(REPO / "templates"), "--port", "0"], cwd=book.parent,
                                 stdout=subprocess.DEVNULL, stderr=log)
    said, address, deadline = "", None, time.monotonic() + 60
    while time.monotonic() < deadline and serve.poll() is None:
        said = log_path.read_text(errors="replace")
        found = re.search(r"serving on (http://\S+/)", said)
        if found and "built " in said:
            address = found.group(1)
            break
        time.sleep(0.1)
    if address is None:
        serve.kill()
        pytest.fail("guide serve did not start: " + log_path.read_text(errors="replace"))
    yield address
    serve.terminate()
    serve.wait(timeout=10)


def verdicts(browser):
    return browser.find_elements(By.CSS_SELECTOR, ".snippet-maintainer")


def test_serve_has_the_verdicts_behind_a_toggle(browser, served):
    browser.get(served + "zh/lanterns.html")
    wait(browser, lambda d: d.find_elements(By.ID, "guide-verdicts-toggle"), message="no toggle")
    browser.execute_script("localStorage.removeItem('guide-verdicts')")
    browser.refresh()
    toggle = wait(browser, lambda d: d.find_element(By.ID, "guide-verdicts-toggle"))
    assert toggle.get_attribute("aria-pressed") == "false"
    assert len(verdicts(browser)) == 2 and not any(v.is_displayed() for v in verdicts(browser))
    assert "does not compile" not in visible_text(browser)
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert all(v.is_displayed() for v in verdicts(browser))
    assert "does not compile" in visible_text(browser)
    # Remembered on the next page (the side-by-side one shows both languages' verdicts).
    browser.get(served + "bilingual/lanterns.html")
    wait(browser, lambda d: d.find_elements(By.ID, "guide-verdicts-toggle"))
    assert len(verdicts(browser)) == 4 and all(v.is_displayed() for v in verdicts(browser))
    browser.find_element(By.ID, "guide-verdicts-toggle").click()
    assert not any(v.is_displayed() for v in verdicts(browser))
    # The marker is no more published in serve than in a build.
    assert "【疑问】" not in " ".join(c.get_attribute("textContent") for c in browser.find_elements(By.CSS_SELECTOR, ".cell"))
