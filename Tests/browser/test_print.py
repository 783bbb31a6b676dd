"""The print page of each edition (`<lang>/print.html`): the whole book, printed to PDF by
headless Chromium and looked at page by page (pdftoppm)."""
import base64
import pathlib
import subprocess

from selenium.webdriver.common.by import By

from conftest import open_page


def print_media(driver, on=True):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print" if on else ""})


def test_every_page_links_its_editions_print_page(browser, fixture_site):
    for page, expected in [("en/delegates.html", "../en/print.html"), ("zh/queues.html", "../zh/print.html"),
                           ("index.html", "en/print.html"), ("review/index.html", "../en/print.html")]:
        open_page(browser, fixture_site, page)
        assert browser.execute_script("return document.querySelector('a.print-link').getAttribute('href')") == expected


def test_the_print_page_holds_the_book_each_chapter_on_a_new_page(browser, fixture_site, tmp_path):
    open_page(browser, fixture_site, "zh/print.html")
    sections = browser.find_elements(By.CSS_SELECTOR, ".print-book > section.print-chapter")
    assert [s.find_element(By.TAG_NAME, "h1").text.lstrip("#").strip() for s in sections] == ["委托", "队列"]
    # Heading ids stay unique on the page: each chapter's are prefixed with its own.
    ids = browser.execute_script("return Array.from(document.querySelectorAll('.print-book [id]'), e => e.id)")
    assert len(ids) == len(set(ids)) and "chapter-queues.html--serial-queues" in ids

    print_media(browser)
    try:
        hidden = browser.execute_script("""
            return ['.topbar', '.sidebar', '.search'].map(s => document.querySelector(s))
                .filter(e => e).map(e => getComputedStyle(e).display);""")
        assert hidden and set(hidden) == {"none"}
        breaks = browser.execute_script("""
            return Array.from(document.querySelectorAll('section.print-chapter'), s => getComputedStyle(s).breakBefore);""")
        assert breaks == ["auto", "page"]
    finally:
        print_media(browser, on=False)

    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(base64.b64decode(browser.print_page()))
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 2, "one page per chapter of this short book"
    # Each chapter on its own page, and no frame (top bar, links) printed with it.
    info = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    chapters = info.split("\f")
    assert "委托" in chapters[0] and "队列" in chapters[1] and "Print" not in info


def test_code_wraps_and_outside_links_print_where_they_go(browser, site):
    open_page(browser, site, "en/print.html")
    print_media(browser)
    try:
        wide = browser.execute_script("""
            return Array.from(document.querySelectorAll('.print-book pre')).filter(p => p.scrollWidth > p.clientWidth + 1).length""")
        assert wide == 0
        after = browser.execute_script("""
            const a = document.querySelector('.print-book a[href^="http"]');
            return a ? getComputedStyle(a, '::after').content : null;""")
        assert after is not None and after.startswith('" (http')   # the seed chapter links outside
    finally:
        print_media(browser, on=False)
