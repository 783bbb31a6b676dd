"""Screenshots a person can look at (desktop and phone), and the layout checks that go with them.

Every run writes them to $GUIDE_SCREENSHOTS (.build-browser/screenshots/). With
GUIDE_UPDATE_SCREENSHOTS=1 (scripts/test-browser.sh --update-screenshots) those of the
side-by-side page and of the dashboard are also copied to docs/content/screenshots/, for the README and the guide (docs/content/).
"""

import base64
import os
import shutil
import struct

import pytest

from conftest import CHAPTER, REPO, open_page, set_color_scheme, set_viewport

# Each page, and the text on it a reader reads most.
PAGES = {"en": (f"en/{CHAPTER}.html", ".chapter > p"), "zh": (f"zh/{CHAPTER}.html", ".chapter > p"),
         "bilingual": (f"bilingual/{CHAPTER}.html", ".cell.target > p"), "review": ("review/index.html", ".gaps li"),
         "print": ("en/print.html", ".print-chapter > p")}
SIZES = {"desktop": (1280, 900, False), "phone": (390, 844, True)}
COMMITTED = {"bilingual-desktop", "bilingual-phone", "review-desktop", "review-phone"}


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_screenshot(browser, site, screenshots_dir, name, size):
    width, height, mobile = SIZES[size]
    set_viewport(browser, width, height, mobile)
    page, prose = PAGES[name]
    open_page(browser, site, page)
    browser.execute_script("return document.fonts.ready")
    # Nothing sticks out sideways: the page never scrolls horizontally (code blocks scroll inside).
    # (clientWidth, not innerWidth: a phone's layout viewport grows to fit what overflows.)
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} at {size} width is {overflow}px too wide"
    # The parts of the page stay inside the main column's padding (nothing runs to the window's edge).
    outside = browser.execute_script("""
        var main = document.querySelector('main'), m = main.getBoundingClientRect(), s = getComputedStyle(main);
        var right = m.right - parseFloat(s.paddingRight) + 1;
        return Array.from(document.querySelectorAll('main > *, .chapter-layout > *, .bilingual > *, .review > *'))
          .filter(e => e.getBoundingClientRect().width && e.getBoundingClientRect().right > right)
          .map(e => e.tagName + '.' + e.className + ' ends at ' + Math.round(e.getBoundingClientRect().right) + ', not ' + Math.round(right));""")
    assert not outside, outside
    # Text is a readable size, and lines of prose are not too long to follow.
    paragraph = browser.execute_script("""
        var p = document.querySelector(arguments[0]), s = getComputedStyle(p);
        return [parseFloat(s.fontSize), p.getBoundingClientRect().width];""", prose)
    assert paragraph[0] >= 15, paragraph
    assert paragraph[1] <= 50 * paragraph[0], paragraph   # at most ~50em wide
    shot = base64.b64decode(browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    assert png_size(shot) == (width, height)
    path = screenshots_dir / f"{name}-{size}.png"
    path.write_bytes(shot)
    key = f"{name}-{size}"
    if key in COMMITTED and os.environ.get("GUIDE_UPDATE_SCREENSHOTS") == "1":
        target = REPO / "docs" / "content" / "screenshots" / f"{key}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


@pytest.mark.parametrize("name", PAGES)
def test_screenshot_dark(browser, site, screenshots_dir, name):
    set_viewport(browser, *SIZES["desktop"])
    set_color_scheme(browser, "dark")
    open_page(browser, site, PAGES[name][0])
    browser.execute_script("return document.fonts.ready")
    shot = base64.b64decode(browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    (screenshots_dir / f"{name}-desktop-dark.png").write_bytes(shot)


def test_committed_screenshots_are_present_and_small():
    for key in sorted(COMMITTED):
        path = REPO / "docs" / "content" / "screenshots" / f"{key}.png"
        assert path.is_file(), f"{path} is missing: run scripts/test-browser.sh --update-screenshots"
        data = path.read_bytes()
        width, height = png_size(data)
        assert (width, height) == SIZES[key.split("-")[1]][:2]
        assert len(data) < 400_000, f"{path} is {len(data)} bytes"
