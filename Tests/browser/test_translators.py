"""The side-by-side page with its column toggle, and the translators' dashboard."""

import pathlib
import re
import urllib.parse

from selenium.webdriver.common.by import By

from conftest import CHAPTER, open_page, set_viewport, wait

BILINGUAL = f"bilingual/{CHAPTER}.html"


def visible(driver, selector):
    """How many of the matching elements are displayed, and how many there are."""
    return driver.execute_script("""
        var all = Array.from(document.querySelectorAll(arguments[0]));
        return [all.filter(e => e.offsetParent !== null && e.getClientRects().length).length, all.length];""", selector)


def toggle(driver, column):
    driver.find_element(By.CSS_SELECTOR, f".column-toggle input[data-column='{column}']").click()


def checked(driver):
    return [driver.find_element(By.CSS_SELECTOR, f".column-toggle input[data-column='{c}']").is_selected()
            for c in ("source", "target")]


def test_bilingual_rows_pair_the_languages(browser, site):
    open_page(browser, site, BILINGUAL)
    rows = browser.find_elements(By.CSS_SELECTOR, ".bilingual > section.bead[id]")
    assert len(rows) > 50
    langs = browser.execute_script("""
        return Array.from(document.querySelectorAll('.bead'), r =>
            [r.querySelector('.cell.source').lang, r.querySelector('.cell.target').lang]);""")
    assert set(map(tuple, langs)) == {("en", "zh-Hans")}
    # Side by side on a desktop: the Chinese cell is to the right of its English cell.
    row = browser.find_element(By.ID, "blocks")
    source = row.find_element(By.CSS_SELECTOR, ".cell.source").rect
    target = row.find_element(By.CSS_SELECTOR, ".cell.target").rect
    assert target["x"] > source["x"] + source["width"] - 1
    assert abs(target["y"] - source["y"]) < 2
    # Code is highlighted here too.
    assert browser.find_elements(By.CSS_SELECTOR, ".bead .code-block [class^='tok-']")


def test_column_toggle_hides_either_column_never_both(browser, site):
    open_page(browser, site, BILINGUAL)
    source_count = visible(browser, ".cell.source")[1]
    assert visible(browser, ".cell.source")[0] == source_count
    assert visible(browser, ".cell.target")[0] == source_count
    assert checked(browser) == [True, True]

    toggle(browser, "source")                      # English off
    assert checked(browser) == [False, True]
    assert visible(browser, ".cell.source")[0] == 0
    assert visible(browser, ".cell.target")[0] == source_count
    # The one column left takes the width of the row.
    row = browser.find_element(By.ID, "blocks")
    assert row.find_element(By.CSS_SELECTOR, ".cell.target").rect["width"] > 0.8 * row.rect["width"]

    toggle(browser, "target")                      # Chinese off too: English comes back
    assert checked(browser) == [True, False]
    assert visible(browser, ".cell.source")[0] == source_count
    assert visible(browser, ".cell.target")[0] == 0

    toggle(browser, "target")                      # both again
    assert checked(browser) == [True, True]
    assert visible(browser, ".cell.target")[0] == source_count
    assert browser.find_element(By.CSS_SELECTOR, ".bilingual").get_attribute("data-show") == "both"


def test_bilingual_rows_stack_on_a_phone(browser, site):
    set_viewport(browser, 390, 844, mobile=True)
    open_page(browser, site, BILINGUAL)
    row = browser.find_element(By.ID, "blocks")
    source = row.find_element(By.CSS_SELECTOR, ".cell.source").rect
    target = row.find_element(By.CSS_SELECTOR, ".cell.target").rect
    assert target["y"] >= source["y"] + source["height"] - 1
    assert abs(target["x"] - source["x"]) < 2


def test_dashboard_counts_and_gap_links(browser, site):
    open_page(browser, site, "review/index.html")
    chapter = browser.find_element(By.CSS_SELECTOR, ".review-chapter")
    assert chapter.find_element(By.CSS_SELECTOR, "h2 span[lang]").text == "对象间的通讯"
    link = chapter.find_element(By.CSS_SELECTOR, "a[href*='bilingual/']")
    statuses = [dt.text for dt in chapter.find_elements(By.CSS_SELECTOR, ".status-counts dt")]
    counts = [int(dd.text) for dd in chapter.find_elements(By.CSS_SELECTOR, ".status-counts dd")]
    assert "translated" in statuses and len(statuses) == len(counts)
    by_status = dict(zip(statuses, counts))
    progress = chapter.find_element(By.CSS_SELECTOR, ".progress")
    assert progress.get_attribute("role") == "img" and "% translated" in progress.get_attribute("aria-label")
    assert "% of the English translated" in chapter.find_element(By.CSS_SELECTOR, ".progress-text").text
    # Typography is folded away by default; its links are there all the same.
    gaps = [(a.get_attribute("href"), a.find_element(By.CSS_SELECTOR, ".badge").get_attribute("textContent"))
            for a in chapter.find_elements(By.CSS_SELECTOR, "ol.gaps:not(.snippet-gaps, .reader-gaps) li > a")]
    # Snippet findings (failing snippets, translations that compile differently) link to rows too.
    snippet_links = [a.get_attribute("href") for a in chapter.find_elements(By.CSS_SELECTOR, "ol.snippet-gaps li > a")]
    assert snippet_links, "the seed chapter's failing snippets are listed"
    # So do the reader findings of its markdown (the seed chapter's image has no alt text), counted.
    reader_links = [a.get_attribute("href") for a in chapter.find_elements(By.CSS_SELECTOR, "ol.reader-gaps li > a")]
    assert reader_links and f"For readers: {len(reader_links)} in the markdown" in chapter.text
    assert len(gaps) >= sum(n for s, n in by_status.items() if s != "translated")

    # Every gap links to a row of the side-by-side page with that status.
    pages = {pathlib.Path(urllib.parse.urlparse(href).path).name for href, _ in gaps}
    assert pages == {f"{CHAPTER}.html"}
    link.click()
    wait(browser, lambda d: "/bilingual/" in d.current_url)
    rows = browser.execute_script("""
        return Object.fromEntries(Array.from(document.querySelectorAll('section.bead'), r =>
            [r.id, [r.className, Array.from(r.querySelectorAll('.finding'), f => f.textContent)]]));""")
    assert sum(counts) == len(rows)
    linked = set()
    for href, status in gaps:
        row_id = urllib.parse.unquote(urllib.parse.urlparse(href).fragment)
        assert row_id in rows, f"{href}: no row {row_id!r}"
        classes, findings = rows[row_id]
        # The gap is the row's status, or one of the other findings the row shows.
        assert f"status-{status}" in classes.split() or any(re.match(re.escape(status) + r"\b", f) for f in findings), \
            (row_id, classes, findings, status)
        linked.add(row_id)
    # Every row that is not plainly translated has a gap linking to it.
    flagged = {i for i, (classes, _) in rows.items() if "status-translated" not in classes.split()}
    assert flagged <= linked, flagged - linked
    for href in snippet_links + reader_links:
        row_id = urllib.parse.unquote(urllib.parse.urlparse(href).fragment)
        assert row_id in rows, f"{href}: no row {row_id!r}"

    # Following a gap shows its row, marked as the target.
    open_page(browser, site, "review/index.html")
    first_href = gaps[0][0]
    browser.find_element(By.CSS_SELECTOR, "ol.gaps li > a").click()
    wait(browser, lambda d: d.current_url == first_href)
    target = browser.execute_script("return document.querySelector('section.bead:target')")
    assert target is not None and target.get_attribute("id") == urllib.parse.urlparse(first_href).fragment
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", target)
    assert -2 <= top <= 100


def marks_shown(driver):
    """How many rows show their status badge, of the rows that have a status to show."""
    return visible(driver, ".bead:not(.status-translated) .bead-meta .badge")


def test_review_marks_are_off_for_reading_remembered_and_on_where_a_link_leads(browser, site):
    open_page(browser, site, BILINGUAL)
    browser.execute_script("localStorage.removeItem('guide.reviewMarks')")
    open_page(browser, site, BILINGUAL)
    shown, rows = marks_shown(browser)
    assert rows > 5 and shown == 0                          # reads cleanly by default
    toggle_box = browser.find_element(By.CSS_SELECTOR, "input[data-marks-toggle]")
    assert not toggle_box.is_selected()
    toggle_box.click()
    assert marks_shown(browser)[0] == rows                  # every status, note and line
    open_page(browser, site, BILINGUAL)                     # remembered by the page (localStorage)
    assert browser.find_element(By.CSS_SELECTOR, "input[data-marks-toggle]").is_selected()
    assert marks_shown(browser)[0] == rows
    browser.find_element(By.CSS_SELECTOR, "input[data-marks-toggle]").click()
    assert marks_shown(browser)[0] == 0

    # A row reached by a link (the dashboard's) shows its marks with the toggle off.
    target = browser.execute_script("return document.querySelector('.bead.status-doubt').id")
    open_page(browser, site, f"{BILINGUAL}#{target}")
    assert not browser.find_element(By.CSS_SELECTOR, "input[data-marks-toggle]").is_selected()
    assert marks_shown(browser)[0] == 1
    assert browser.find_element(By.CSS_SELECTOR, f"#{target} .bead-meta .badge").is_displayed()
    browser.execute_script("localStorage.removeItem('guide.reviewMarks')")


def shown_findings(driver):
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('section.review-chapter li[data-status]'))
            .filter(li => li.checkVisibility()).map(li => li.dataset.status);""")


def test_dashboard_overview_sorts_and_filters_work_offline(browser, site):
    open_page(browser, site, "review/index.html")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.overview tbody tr")
    sections = browser.find_elements(By.CSS_SELECTOR, "section.review-chapter")
    assert len(rows) == len(sections) >= 1
    headers = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "table.overview thead button")]
    assert headers[:4] == ["Chapter", "Language", "Translated %", "Accepted %"] and "doubt" in headers
    # A row links to its chapter's section.
    href = rows[0].find_element(By.CSS_SELECTOR, "th a").get_attribute("href")
    assert href.endswith("#" + sections[0].get_attribute("id"))
    # Sorting: the header says which way.
    button = browser.find_elements(By.CSS_SELECTOR, "table.overview thead button")[2]
    button.click()
    assert button.get_attribute("aria-sort") == "descending"
    button.click()
    assert button.get_attribute("aria-sort") == "ascending"

    # Typography is folded into a count; the rest shows.
    statuses = shown_findings(browser)
    assert statuses and "typography" not in statuses
    fold = browser.find_element(By.CSS_SELECTOR, ".typography-fold")
    folded = int(fold.find_element(By.TAG_NAME, "summary").text.split()[1])
    fold.find_element(By.TAG_NAME, "summary").click()
    assert shown_findings(browser).count("typography") == folded > 0
    count = browser.find_element(By.CSS_SELECTOR, ".filter-count")
    assert count.text.startswith(f"{len(shown_findings(browser))} findings shown")

    def findings(n):
        return f"{n} finding" if n == 1 else f"{n} findings"

    # Only doubts: every finding shown is one, and the counts follow.
    for box in browser.find_elements(By.CSS_SELECTOR, "form.review-filters input[name=status]"):
        if box.get_attribute("value") != "doubt" and box.is_selected():
            # In the middle of the window: the page shrinks as findings hide, and the bar stays on top.
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
            box.click()
    doubts = shown_findings(browser)
    assert doubts and set(doubts) == {"doubt"}
    assert count.text.startswith(f"{findings(len(doubts))} shown")
    assert sections[0].find_element(By.CSS_SELECTOR, ".section-count").text == findings(len(doubts))
    # A language the book does not filter to hides every chapter of another one.
    select = browser.find_element(By.CSS_SELECTOR, "form.review-filters select[name=language]")
    assert [o.get_attribute("value") for o in select.find_elements(By.TAG_NAME, "option")] == ["", "zh"]
