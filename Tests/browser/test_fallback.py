"""A partial translation in the browser: a chapter the Chinese edition does not have yet (its
English under a banner, marked in the sidebar and on the index) and a translated chapter whose
missing stretch is shown in English in place; the language switch and search on such pages.

Also the screenshots of the fallback chapter (desktop, phone) and of the side-by-side page with
its review marks switched on, committed to docs/content/screenshots/ with --update-screenshots.
"""

import base64
import os
import pathlib
import shutil

import pytest
from selenium.webdriver.common.by import By

from conftest import CHAPTER, REPO, _build, open_page, set_color_scheme, set_viewport, wait, write_book
from test_accessibility import ALL_RULES, CONTRAST, check
from test_reading import current_path
from test_screenshots import SIZES, png_size
from test_search import groups, page_of, search

# The repo's chapter is the one the Chinese edition leaves out: a real chapter to read and to picture.
BOOK = {
    "guide.yml": """\
        title:
          en: "Fallback Book"
          zh: "回退之书"
        languages: [en, zh]
        source: en
        """,
    "en/SUMMARY.md": f"""\
        * [Queues](queues.md)
        * [Inter-Object Communication]({CHAPTER}.md)
        """,
    "zh/SUMMARY.md": """\
        * [队列](queues.md)
        """,
    "en/queues.md": """\
        # Queues

        First paragraph about `alpha` and 2016.

        ## Middle `beta`

        Untranslated one.

        Untranslated two.

        ## End `omega`

        The end of `omega`.
        """,
    "zh/queues.md": """\
        # 队列

        关于 `alpha` 和 2016 的第一段。

        ## 结束 `omega`

        `omega` 的结尾。
        """,
}


@pytest.fixture(scope="session")
def fallback_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("fallback")
    content = root / "content"
    write_book(content, BOOK)
    for name in (f"en/{CHAPTER}.md", "en/images"):
        source = REPO / "content" / name
        (shutil.copytree if source.is_dir() else shutil.copyfile)(source, content / name)
    return _build(content, root / "site")


def test_an_untranslated_chapter_shows_the_english_under_a_banner(browser, fallback_site):
    open_page(browser, fallback_site, f"zh/{CHAPTER}.html")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    banner = browser.find_element(By.CSS_SELECTOR, ".fallback-banner[role='note']")
    assert banner.is_displayed() and "尚未翻译 · Not translated yet." in banner.text
    article = browser.find_element(By.CSS_SELECTOR, "article.chapter")
    assert article.get_attribute("lang") == "en"
    assert browser.find_element(By.CSS_SELECTOR, "article.chapter h1").text.lstrip("#") == "Inter-Object Communication"
    # The banner is above the text, and links the English page.
    assert banner.rect["y"] < article.rect["y"]
    english = banner.find_element(By.CSS_SELECTOR, "a[hreflang='en']")
    assert page_of(english.get_attribute("href")) == f"en/{CHAPTER}.html"
    # The sidebar marks it, current, in English; the pager leads back to the translated chapter.
    current = browser.find_element(By.CSS_SELECTOR, "nav.sidebar a[aria-current='page']")
    assert current.text == "Inter-Object Communication" and current.get_attribute("lang") == "en"
    mark = current.find_element(By.XPATH, "following-sibling::span[@class='untranslated-mark']")
    assert mark.is_displayed() and mark.text == "尚未翻译"
    previous = browser.find_element(By.CSS_SELECTOR, ".pager a.previous")
    assert page_of(previous.get_attribute("href")) == "zh/queues.html"
    # The English's images (./images/, the English folder's own) load from the Chinese page too.
    images = browser.find_elements(By.CSS_SELECTOR, "article.chapter img")
    assert images and all(browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", i)
                          for i in images)


def test_the_index_marks_it(browser, fallback_site):
    open_page(browser, fallback_site, "index.html")
    zh = browser.find_element(By.CSS_SELECTOR, "section.edition[lang='zh-Hans']")
    link = zh.find_element(By.CSS_SELECTOR, f"a[href='zh/{CHAPTER}.html']")
    assert link.get_attribute("lang") == "en"
    item = link.find_element(By.XPATH, "..")
    assert "尚未翻译 · not translated yet" in item.text
    assert "0% translated" in item.text


@pytest.mark.parametrize("start, link_lang, target", [("en", "zh-Hans", "zh"), ("zh", "en", "en")])
def test_the_language_switch_keeps_the_section(browser, fallback_site, start, link_lang, target):
    section = "delegate-and-datasource"
    open_page(browser, fallback_site, f"{start}/{CHAPTER}.html#{section}")
    browser.find_element(By.CSS_SELECTOR, f"nav.language-switch a.language-link[hreflang='{link_lang}']").click()
    wait(browser, lambda d: current_path(d).parent.name == target, message="the language link did not open the other language")
    assert current_path(browser).name == f"{CHAPTER}.html"
    heading = browser.find_element(By.ID, section)
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", heading)
    assert -2 <= top <= 80, top


@pytest.mark.parametrize("query, title, lead", [("delegate", "Inter-Object Communication", "en"), ("队列", "队列", "zh")])
def test_search_works_on_the_fallback_page(browser, fallback_site, query, title, lead):
    open_page(browser, fallback_site, f"zh/{CHAPTER}.html")
    found = groups(search(browser, query))
    assert found and found[0][0] == title, found
    assert all(page_of(href).startswith(f"{lead}/") for href, _ in found[0][1])


def test_a_missing_stretch_shows_in_english_in_place(browser, fallback_site):
    open_page(browser, fallback_site, "zh/queues.html")
    banner = browser.find_element(By.CSS_SELECTOR, ".fallback-banner")
    assert "本章有 1 处尚未翻译" in banner.text
    boxes = browser.find_elements(By.CSS_SELECTOR, "article.chapter .fallback")
    assert len(boxes) == 1 and boxes[0].is_displayed()
    note = boxes[0].find_element(By.CSS_SELECTOR, ".fallback-note")
    assert note.text == "尚未翻译 · Not translated yet" and note.is_displayed()
    text = boxes[0].find_element(By.CSS_SELECTOR, ".fallback-text")
    assert text.get_attribute("lang") == "en"
    assert [p.text for p in text.find_elements(By.TAG_NAME, "p")] == ["Untranslated one.", "Untranslated two."]
    # Visibly marked: a border the translated text does not have.
    assert browser.execute_script("return getComputedStyle(arguments[0]).borderLeftStyle", boxes[0]) == "dashed"
    # In reading order, between the translated paragraph and the translated heading.
    tops = [browser.find_element(By.XPATH, f"//article//p[contains(., '{t}')]").rect["y"]
            for t in ("的第一段", "Untranslated one.", "的结尾")]
    assert tops == sorted(tops)
    # The outline lists the English heading, in English, and it leads there.
    entry = browser.find_element(By.CSS_SELECTOR, "nav.outline a[href='#middle-beta']")
    assert entry.get_attribute("lang") == "en"
    assert browser.find_element(By.ID, "middle-beta").find_element(By.XPATH, "ancestor::div[@lang='en']")


PAGER_ARROWS_LEFT_OUT = "{exclude: [['.pager-label']]}"


@pytest.mark.parametrize("page", [f"zh/{CHAPTER}.html", "zh/queues.html", "index.html", "review/index.html"])
def test_axe_on_fallback_pages(browser, fallback_site, page):
    set_color_scheme(browser, "light")
    open_page(browser, fallback_site, page)
    # The pager's arrows (a book of more than one chapter) are symbols axe cannot rate for contrast.
    results = check(browser, ALL_RULES, f"{page} (light)", context=PAGER_ARROWS_LEFT_OUT)
    assert "valid-lang" in {r["id"] for r in results["passes"]}
    set_color_scheme(browser, "dark")
    open_page(browser, fallback_site, page)
    check(browser, CONTRAST, f"{page} (dark)", context=PAGER_ARROWS_LEFT_OUT)


def _save(browser, screenshots_dir, key, width, height):
    shot = base64.b64decode(browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    assert png_size(shot) == (width, height)
    path = screenshots_dir / f"{key}.png"
    path.write_bytes(shot)
    if os.environ.get("GUIDE_UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(path, REPO / "docs" / "content" / "screenshots" / f"{key}.png")


@pytest.mark.parametrize("size", SIZES)
def test_screenshot_of_the_fallback_chapter(browser, fallback_site, screenshots_dir, size):
    width, height, mobile = SIZES[size]
    set_viewport(browser, width, height, mobile)
    open_page(browser, fallback_site, f"zh/{CHAPTER}.html")
    browser.execute_script("return document.fonts.ready")
    overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the fallback page at {size} width is {overflow}px too wide"
    assert browser.find_element(By.CSS_SELECTOR, ".fallback-banner").is_displayed()
    _save(browser, screenshots_dir, f"fallback-{size}", width, height)


@pytest.mark.parametrize("size", SIZES)
def test_screenshot_of_the_review_marks_switched_on(browser, site, screenshots_dir, size):
    width, height, mobile = SIZES[size]
    set_viewport(browser, width, height, mobile)
    page = f"bilingual/{CHAPTER}.html"
    open_page(browser, site, page)
    browser.execute_script("localStorage.removeItem('guide.reviewMarks')")
    open_page(browser, site, page)
    browser.find_element(By.CSS_SELECTOR, "input[data-marks-toggle]").click()
    # At the top of the page: the toggle, switched on, and the first rows with their marks.
    toggle = browser.find_element(By.CSS_SELECTOR, "input[data-marks-toggle]")
    assert toggle.is_selected() and toggle.rect["y"] < height
    row = browser.find_element(By.CSS_SELECTOR, ".bead:not(.status-translated)")
    assert row.find_element(By.CSS_SELECTOR, ".bead-meta .badge").is_displayed()
    browser.execute_script("return document.fonts.ready")
    _save(browser, screenshots_dir, f"bilingual-marks-{size}", width, height)
    browser.execute_script("localStorage.removeItem('guide.reviewMarks')")


def test_committed_fallback_screenshots_are_present_and_small():
    for key in ("fallback-desktop", "fallback-phone", "bilingual-marks-desktop", "bilingual-marks-phone"):
        path = REPO / "docs" / "content" / "screenshots" / f"{key}.png"
        assert path.is_file(), f"{path} is missing: run scripts/test-browser.sh --update-screenshots"
        data = path.read_bytes()
        assert png_size(data) == SIZES[key.rsplit("-", 1)[1]][:2]
        assert len(data) < 400_000, f"{path} is {len(data)} bytes"
