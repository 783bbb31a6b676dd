"""Getting around a long book: the bar and the sidebar that stay, the phone's drawer, the outline
that marks the section being read, previous/next on side-by-side pages, the ← and → keys.

The book is made here: 30 short chapters (the table is longer than the window, so the sidebar
scrolls on its own) and a long one among them, with sections and subsections, in English and
Chinese. Each page kind (English, Chinese, side by side) is checked at 1,400 px and on a 390 px
phone, in light and dark mode.
"""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import _build, open_page, set_color_scheme, set_viewport, write_book
from test_accessibility import ALL_RULES, CONTRAST, check, run_axe

CHAPTERS = 30
LONG = 24   # the long chapter's number
SECTIONS = [("alpha", "甲"), ("beta", "乙"), ("gamma", "丙"), ("delta", "丁"), ("epsilon", "戊")]
SIZES = {"desktop": (1400, 900, False), "phone": (390, 844, True)}
KINDS = {"en": "en", "zh": "zh", "bilingual": "bilingual"}


def chapter_name(n):
    return f"c{n:02d}"


def long_chapter(lang):
    """Sections of filler text (written for this test), each with a subsection."""
    filler_en = " ".join(["Every line here is filler that only makes the chapter long enough to scroll."] * 6)
    filler_zh = "这里的每一行都只是填充文字，让这一章长到需要滚动。" * 6
    title = "Long chapter" if lang == "en" else "长的一章"
    parts = [f"# {title}\n", (filler_en if lang == "en" else filler_zh) + "\n"]
    for en, zh in SECTIONS:
        head = f"Section {en}" if lang == "en" else f"第{zh}节"
        sub = f"Detail of {en}" if lang == "en" else f"{zh}的细节"
        for heading in (f"## {head}", f"### {sub}"):
            parts.append(heading + "\n")
            parts += [(filler_en if lang == "en" else filler_zh) + "\n"] * 4
    return "\n".join(parts)


def book():
    files = {"guide.yml": """\
        title:
          en: "Navigation Book"
          zh: "导航之书"
        languages: [en, zh]
        source: en
        """}
    for lang in ("en", "zh"):
        lines = ["# Summary", ""]
        for n in range(1, CHAPTERS + 1):
            title = ("Long chapter" if lang == "en" else "长的一章") if n == LONG else \
                (f"Chapter {n}" if lang == "en" else f"第{n}章")
            lines.append(f"* [{title}]({chapter_name(n)}.md)")
            text = long_chapter(lang) if n == LONG else \
                (f"# Chapter {n}\n\nA short chapter.\n\n## Only section\n\nIt ends here.\n" if lang == "en"
                 else f"# 第{n}章\n\n短的一章。\n\n## 唯一一节\n\n到此为止。\n")
            files[f"{lang}/{chapter_name(n)}.md"] = text
        files[f"{lang}/SUMMARY.md"] = "\n".join(lines) + "\n"
    return files


@pytest.fixture(scope="module")
def nav_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("navigation")
    write_book(root / "content", book(), dedent=lambda name: name == "guide.yml")
    return _build(root / "content", root / "site")


def page(kind, n=LONG):
    return f"{KINDS[kind]}/{chapter_name(n)}.html"


def show(browser, size, scheme="light"):
    width, height, mobile = SIZES[size]
    set_viewport(browser, width, height, mobile)
    set_color_scheme(browser, scheme)


def settle(browser):
    """The scroll handler runs on the next animation frame; the drawer slides for 0.2 s."""
    time.sleep(0.35)


def rect(browser, selector):
    return browser.execute_script("""
        var e = document.querySelector(arguments[0]);
        if (!e) return null;
        var r = e.getBoundingClientRect(), s = getComputedStyle(e);
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
                visible: r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
                         && r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight};""", selector)


def scroll_to_heading(browser, heading_id):
    """Bring a heading to the top of the window, as following its link does (under the bar)."""
    browser.execute_script("document.getElementById(arguments[0]).scrollIntoView()", heading_id)
    settle(browser)


def marked(browser):
    return browser.execute_script("""
        var a = document.querySelectorAll('nav.outline a[aria-current]');
        return Array.from(a).map(e => [e.getAttribute('href'), e.getAttribute('aria-current'), e.classList.contains('active')]);""")


def active_inside(browser, selector):
    return browser.execute_script("return !!document.activeElement.closest(arguments[0])", selector)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", KINDS)
def test_the_bar_stays_and_so_does_the_sidebar_or_the_menu_button(browser, nav_site, kind, size, scheme):
    show(browser, size, scheme)
    open_page(browser, nav_site, page(kind))
    browser.execute_script("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2)")
    settle(browser)
    assert browser.execute_script("return scrollY") > 1000
    bar = rect(browser, ".topbar")
    assert bar["visible"] and abs(bar["top"]) < 1, bar
    # The search, the language switch and (on wide screens) the print link are in the bar, shown.
    for part in [".search-input", ".language-switch"] + ([".print-link"] if size == "desktop" else []):
        shown = rect(browser, part)
        assert shown["visible"] and shown["bottom"] <= bar["bottom"] + 1, (part, shown)
    sidebar, menu = rect(browser, "nav.sidebar"), rect(browser, ".menu-button")
    if size == "desktop":
        assert not menu["visible"]
        # The sidebar stays under the bar, the window's height, its current chapter in view.
        assert sidebar["visible"] and abs(sidebar["top"] - bar["bottom"]) <= 1, (sidebar, bar)
        assert abs(sidebar["bottom"] - SIZES[size][1]) <= 1, sidebar
        current = rect(browser, "nav.sidebar a[aria-current='page']")
        assert current["visible"] and sidebar["top"] <= current["top"] and current["bottom"] <= sidebar["bottom"], current
    else:
        assert menu["visible"] and menu["bottom"] <= bar["bottom"], menu
        assert not sidebar["visible"], sidebar   # the drawer is closed
        assert browser.execute_script("return document.documentElement.scrollWidth <= innerWidth")


def test_the_sidebar_scrolls_on_its_own_to_the_current_chapter(browser, nav_site):
    show(browser, "desktop")
    open_page(browser, nav_site, page("en"))
    state = browser.execute_script("""
        var s = document.querySelector('nav.sidebar');
        return [s.scrollHeight > s.clientHeight, s.scrollTop, getComputedStyle(s).overflowY];""")
    assert state[0] and state[1] > 0 and state[2] == "auto", state
    sidebar, current = rect(browser, "nav.sidebar"), rect(browser, "nav.sidebar a[aria-current='page']")
    assert sidebar["top"] <= current["top"] and current["bottom"] <= sidebar["bottom"], (sidebar, current)
    # Scrolling the table does not scroll the page.
    browser.execute_script("document.querySelector('nav.sidebar').scrollTop = 0")
    assert browser.execute_script("return scrollY") == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", KINDS)
def test_the_drawer_opens_and_closes_and_returns_the_focus(browser, nav_site, kind, scheme):
    show(browser, "phone", scheme)
    open_page(browser, nav_site, page(kind))
    button = browser.find_element(By.CSS_SELECTOR, ".menu-button")
    controls = button.get_attribute("aria-controls")
    assert browser.find_element(By.ID, controls).get_attribute("class").split()[0] == "sidebar"
    assert button.get_attribute("aria-expanded") == "false"
    # Named in the page's language (the bilingual page is the English's).
    assert button.accessible_name == ("目录" if kind == "zh" else "Table of contents")

    def opened():
        button.click()
        settle(browser)
        assert button.get_attribute("aria-expanded") == "true"
        # The drawer runs from the bar to the window's bottom, the backdrop over the rest.
        drawer, bar, backdrop = rect(browser, "nav.sidebar"), rect(browser, ".topbar"), rect(browser, ".drawer-backdrop")
        assert drawer["visible"] and abs(drawer["top"] - bar["bottom"]) <= 1 and abs(drawer["bottom"] - 844) <= 1, drawer
        assert drawer["left"] == 0 and drawer["right"] < 390
        assert backdrop["visible"] and backdrop["right"] == 390 and abs(backdrop["bottom"] - 844) <= 1, backdrop
        # The focus moved into the drawer, onto the current chapter.
        assert browser.execute_script("return document.activeElement.getAttribute('aria-current')") == "page"
        assert active_inside(browser, "nav.sidebar")
        # The page under it does not scroll.
        assert browser.execute_script("return getComputedStyle(document.documentElement).overflow") == "hidden"

    def closed():
        settle(browser)
        assert button.get_attribute("aria-expanded") == "false"
        assert not rect(browser, "nav.sidebar")["visible"]
        assert not rect(browser, ".drawer-backdrop")["visible"]
        assert browser.execute_script("return document.activeElement === document.querySelector('.menu-button')")

    opened()
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    closed()
    opened()
    button.click()
    closed()
    opened()
    # The backdrop, right of the drawer.
    drawer = rect(browser, "nav.sidebar")
    browser.execute_script("""
        var x = arguments[0], y = arguments[1], e = document.elementFromPoint(x, y);
        e.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: x, clientY: y}));""",
                           (drawer["right"] + 390) / 2, 600)
    closed()
    # Keyboard alone: Enter on the button opens, Tab moves through the table, Esc closes.
    button.send_keys(Keys.ENTER)
    settle(browser)
    assert button.get_attribute("aria-expanded") == "true"
    browser.switch_to.active_element.send_keys(Keys.TAB)
    assert active_inside(browser, "nav.sidebar")
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    closed()
    # A link followed in the drawer goes there.
    button.click()
    settle(browser)
    browser.find_element(By.CSS_SELECTOR, "nav.sidebar li.current + li > a").click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith(page(kind, LONG + 1)))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", KINDS)
def test_the_outline_marks_the_section_being_read(browser, nav_site, kind, size, scheme):
    show(browser, size, scheme)
    open_page(browser, nav_site, page(kind))
    hrefs = browser.execute_script("return Array.from(document.querySelectorAll('nav.outline a')).map(a => a.getAttribute('href'))")
    assert hrefs == ["#section-alpha", "#detail-of-alpha", "#section-beta", "#detail-of-beta", "#section-gamma",
                     "#detail-of-gamma", "#section-delta", "#detail-of-delta", "#section-epsilon", "#detail-of-epsilon"]
    # Named in the page's language (the side-by-side page's in both).
    name = {"en": "On this page", "zh": "本页", "bilingual": "On this page · 本页"}[kind]
    assert browser.find_element(By.CSS_SELECTOR, "nav.outline").get_attribute("aria-label") == name
    assert browser.find_element(By.CSS_SELECTOR, ".outline-title").get_attribute("textContent") == name
    # At the top, before the first section: nothing marked.
    assert marked(browser) == []
    outline = rect(browser, "nav.outline")
    if size == "phone":
        # Near the top, under the bar: folded, before the text.
        assert outline["top"] < 400 and outline["bottom"] <= rect(browser, "#section-alpha")["top"], outline
        assert browser.execute_script("return getComputedStyle(document.querySelector('nav.outline > ol')).display") == "none"
    for target in ["section-beta", "detail-of-gamma", "section-epsilon"]:
        scroll_to_heading(browser, target)
        assert marked(browser) == [[f"#{target}", "location", True]], target
        if size == "desktop":
            # Beside the text, where it stays, the marked entry in view.
            outline, entry = rect(browser, "nav.outline"), rect(browser, "nav.outline a[aria-current]")
            assert outline["visible"] and entry["visible"] and outline["left"] > rect(browser, "main")["left"] + 300
        else:
            # The strip under the bar names the section being read.
            strip, bar = rect(browser, ".outline-toggle"), rect(browser, ".topbar")
            assert strip["visible"] and abs(strip["top"] - bar["bottom"]) <= 2, (strip, bar)
            name = browser.find_element(By.CSS_SELECTOR, ".outline-current").text
            expected = browser.find_element(By.CSS_SELECTOR, "nav.outline a[aria-current]").get_attribute("textContent")
            assert name and name == expected.strip()
    # The heading scrolled to is not under the bar (nor the strip).
    heading = rect(browser, "#section-epsilon")
    cover = rect(browser, ".outline-toggle" if size == "phone" else ".topbar")
    assert heading["top"] >= cover["bottom"] - 1, (heading, cover)


def test_the_phone_outline_unfolds_and_folds(browser, nav_site):
    show(browser, "phone")
    open_page(browser, nav_site, page("en"))
    scroll_to_heading(browser, "section-gamma")
    toggle = browser.find_element(By.CSS_SELECTOR, ".outline-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert browser.find_element(By.ID, toggle.get_attribute("aria-controls")).tag_name == "ol"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    entry = browser.find_element(By.CSS_SELECTOR, "nav.outline a[href='#section-delta']")
    assert entry.is_displayed()
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert toggle.get_attribute("aria-expanded") == "false" and not entry.is_displayed()
    assert browser.execute_script("return document.activeElement.classList.contains('outline-toggle')")
    toggle.click()
    entry.click()
    settle(browser)
    assert toggle.get_attribute("aria-expanded") == "false"
    assert browser.current_url.endswith("#section-delta")
    assert marked(browser) == [["#section-delta", "location", True]]


@pytest.mark.parametrize("size", SIZES)
def test_side_by_side_pages_lead_to_side_by_side_pages(browser, nav_site, size):
    show(browser, size)
    open_page(browser, nav_site, page("bilingual"))
    prev = browser.find_element(By.CSS_SELECTOR, ".pager a.previous[rel='prev']")
    nxt = browser.find_element(By.CSS_SELECTOR, ".pager a.next[rel='next']")
    assert prev.get_attribute("href").endswith(page("bilingual", LONG - 1))
    assert nxt.get_attribute("href").endswith(page("bilingual", LONG + 1))
    assert prev.text == f"← Chapter {LONG - 1}" and nxt.text == f"Chapter {LONG + 1} →"
    # Every chapter of the sidebar is a side-by-side page, this one marked.
    links = browser.execute_script("return Array.from(document.querySelectorAll('nav.sidebar a')).map(a => a.href)")
    assert len(links) == CHAPTERS
    assert all(f"/bilingual/{chapter_name(n)}.html" in href for n, href in zip(range(1, CHAPTERS + 1), links)), links
    current = browser.find_element(By.CSS_SELECTOR, "nav.sidebar a[aria-current='page']")
    assert current.get_attribute("href").endswith(page("bilingual"))
    # The outline's entries: the English heading and the Chinese one beside it.
    entry = browser.find_element(By.CSS_SELECTOR, "nav.outline a[href='#section-beta']")
    assert entry.get_attribute("textContent") == "Section beta 第乙节"
    assert entry.find_element(By.CSS_SELECTOR, ".outline-alternate").get_attribute("lang") == "zh-Hans"
    # The next page, followed, is side by side too; the first has no previous.
    nxt.click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith(page("bilingual", LONG + 1)))
    assert browser.find_elements(By.CSS_SELECTOR, ".bilingual .bead")
    open_page(browser, nav_site, page("bilingual", 1))
    assert browser.find_elements(By.CSS_SELECTOR, ".pager a.previous") == []


@pytest.mark.parametrize("kind", KINDS)
def test_arrow_keys_go_to_the_previous_and_next_pages(browser, nav_site, kind):
    show(browser, "desktop")
    open_page(browser, nav_site, page(kind))
    body = browser.find_element(By.TAG_NAME, "body")
    # Not with a modifier, not while typing in the search.
    for keys in [(Keys.SHIFT, Keys.ARROW_RIGHT), (Keys.ALT, Keys.ARROW_RIGHT), (Keys.CONTROL, Keys.ARROW_LEFT)]:
        body.send_keys(*keys)
    search = browser.find_element(By.CSS_SELECTOR, ".search-input")
    search.send_keys("x", Keys.ARROW_LEFT, Keys.ARROW_RIGHT)
    time.sleep(0.3)
    assert browser.current_url.endswith(page(kind))
    browser.execute_script("document.activeElement.blur()")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith(page(kind, LONG + 1)))
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith(page(kind)))
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    # The first chapter has no previous page: ← does nothing.
    open_page(browser, nav_site, page(kind, 1))
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    time.sleep(0.3)
    assert browser.current_url.endswith(page(kind, 1))


def test_arrow_keys_scroll_a_focused_code_block_instead(browser, tmp_path):
    content = tmp_path / "content"
    files = {"guide.yml": 'title:\n  en: "Code"\n  zh: "代码"\nlanguages: [en, zh]\nsource: en\n'}
    wide = "int x = " + " + ".join(["1"] * 120) + ";"
    for lang, title in (("en", "One"), ("zh", "一")):
        files[f"{lang}/SUMMARY.md"] = f"* [{title}](one.md)\n* [{title} 2](two.md)\n"
        files[f"{lang}/one.md"] = f"# {title}\n\n```objc\n{wide}\n```\n"
        files[f"{lang}/two.md"] = f"# {title} 2\n\nText.\n"
    for name, text in files.items():
        (content / name).parent.mkdir(parents=True, exist_ok=True)
        (content / name).write_text(text, encoding="utf-8")
    site = _build(content, tmp_path / "site")
    show(browser, "desktop")
    open_page(browser, site, "en/one.html")
    code = browser.find_element(By.CSS_SELECTOR, "main pre[tabindex='0']")
    code.send_keys(Keys.ARROW_RIGHT)
    time.sleep(0.3)
    assert browser.current_url.endswith("en/one.html")


@pytest.mark.parametrize("kind", KINDS)
def test_without_javascript_the_navigation_is_plain_links(browser, nav_site, kind):
    show(browser, "phone")
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_page(browser, nav_site, page(kind))
        # No menu button that would do nothing; the bar links the contents instead.
        assert not rect(browser, ".menu-button")["visible"]
        contents = browser.find_element(By.CSS_SELECTOR, ".topbar a.menu-link")
        assert rect(browser, ".topbar a.menu-link")["visible"], rect(browser, ".topbar a.menu-link")
        assert contents.get_attribute("href").endswith("/index.html")
        # The outline is a list of links above the text, unfolded.
        assert browser.find_element(By.CSS_SELECTOR, "nav.outline a[href='#section-alpha']").is_displayed()
        assert rect(browser, "nav.outline")["bottom"] < rect(browser, "#section-alpha")["top"]
        # Previous and next are links.
        assert browser.find_element(By.CSS_SELECTOR, ".pager a[rel='next']").get_attribute("href").endswith(page(kind, LONG + 1))
        show(browser, "desktop")
        open_page(browser, nav_site, page(kind))
        assert not rect(browser, ".topbar a.menu-link")["visible"]
        # In the page's language.
        assert browser.find_element(By.CSS_SELECTOR, "nav.sidebar a").text == ("目录" if kind == "zh" else "Contents")
        assert browser.find_element(By.CSS_SELECTOR, "nav.outline a[href='#section-alpha']").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def check_scrolled_sidebar(browser, rules, label):
    """axe over the sidebar as the reader finds it, scrolled to the current chapter: no violation;
    the only contrast axe cannot decide is that of entries scrolled out of the sidebar's box
    (clipped, behind the bar's part of the window), which it takes for covered."""
    results = run_axe(browser, dict(rules, resultTypes=["violations", "incomplete"]),
                      context="document.querySelector('nav.sidebar')")
    assert not results["violations"], (label, results["violations"])
    assert browser.execute_script("return document.querySelector('nav.sidebar').scrollTop") > 0, label
    for rule in results["incomplete"]:
        assert rule["id"] == "color-contrast" and not rule.get("error"), (label, rule["id"])
        for node in rule["nodes"]:
            outside = browser.execute_script("""
                var e = document.querySelector(arguments[0]), s = document.querySelector('nav.sidebar');
                var r = e.getBoundingClientRect(), box = s.getBoundingClientRect();
                return r.bottom <= box.top + 1 || r.top >= box.bottom - 1;""", node["target"][0])
            assert outside, (label, node["target"], [c["message"] for c in node["any"]])


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", KINDS)
def test_axe_on_the_navigation(browser, nav_site, kind, size, scheme):
    """The page as it loads, then the open drawer and the unfolded outline (phone), the page
    scrolled with the marked outline (desktop): what is over the text is checked on its own."""
    show(browser, size, scheme)
    open_page(browser, nav_site, page(kind))
    rules = ALL_RULES if scheme == "light" else CONTRAST
    label = f"{kind} at {size} ({scheme})"
    # The pager's arrows are symbols axe cannot rate for contrast (as in test_fallback.py). The
    # sidebar scrolled to the current chapter is checked on its own; the page with the table at its top.
    if size == "desktop":
        check_scrolled_sidebar(browser, rules, label)
    browser.execute_script("document.querySelector('nav.sidebar').scrollTop = 0")
    check(browser, rules, label, context="{exclude: [['.pager-label']]}")
    if size == "phone":
        browser.find_element(By.CSS_SELECTOR, ".menu-button").click()
        settle(browser)
        check_scrolled_sidebar(browser, rules, label + ", drawer open")
        browser.execute_script("document.querySelector('nav.sidebar').scrollTop = 0")
        check(browser, rules, label + ", drawer open", context="document.querySelector('nav.sidebar')")
        check(browser, rules, label + ", drawer open", context="document.querySelector('.topbar')")
        browser.switch_to.active_element.send_keys(Keys.ESCAPE)
        scroll_to_heading(browser, "section-beta")
        browser.find_element(By.CSS_SELECTOR, ".outline-toggle").click()
        check(browser, rules, label + ", outline unfolded", context="document.querySelector('nav.outline')")
    else:
        scroll_to_heading(browser, "section-beta")
        check(browser, rules, label + ", scrolled", context="document.querySelector('nav.outline')")
        check(browser, rules, label + ", scrolled", context="document.querySelector('nav.sidebar')")
