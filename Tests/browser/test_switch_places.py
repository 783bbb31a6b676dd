"""The language switch lands on the counterpart of the paragraph being read.

On the repo's chapter (content/, long enough to scroll far), random blocks are scrolled to the
top of the screen and each of the page's switches followed (English → 中文, 中文 → English,
English → side by side, side by side → 中文): the block the alignment paired with the one read
must be on screen, at a desktop's and a phone's width, light and dark. Without the stored place
(storage off) the switch still lands on the section's heading.
"""

import pathlib
import sys

import pytest

from conftest import CHAPTER, open_page, set_color_scheme, set_viewport

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts" / "lib"))
from switch_places import SWITCHES, count_places, trial  # noqa: E402

PAGE = CHAPTER + ".html"


@pytest.mark.parametrize("width,height", [(1400, 900), (390, 844)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_switch_lands_on_the_counterpart(browser, site, width, height, scheme):
    set_viewport(browser, width, height, mobile=width < 600)
    set_color_scheme(browser, scheme)
    missed = []
    for side, link, name in SWITCHES:
        url = (site / side / PAGE).resolve().as_uri()
        count = count_places(browser, url)
        assert count > 40, f"{side}/{PAGE} has {count} placed blocks"
        # Spread over the chapter: the start, the middle, the end and between.
        for index in (1, count // 5, count // 2, (4 * count) // 5, count - 2):
            landed, src = trial(browser, url, link, index)
            if not landed:
                missed.append(f"{name}: block {index} (data-place {src})")
    assert not missed, missed


def test_the_switched_page_is_scrolled_not_left_at_its_top(browser, site):
    set_viewport(browser, 1400, 900)
    url = (site / "en" / PAGE).resolve().as_uri()
    count = count_places(browser, url)
    landed, _ = trial(browser, url, SWITCHES[0][1], count // 2)
    assert landed
    assert browser.execute_script("return window.scrollY") > 2000


def test_without_storage_the_switch_keeps_the_section(browser, site):
    set_viewport(browser, 1400, 900)
    open_page(browser, site, "en/" + PAGE)
    # Storage refused, as in a private window that forbids it.
    browser.execute_script("""
        Object.defineProperty(window, 'sessionStorage', {get() { throw new Error('denied'); }});
        const headings = document.querySelectorAll('main h2[id]');
        const h = headings[Math.floor(headings.length / 2)];
        window.scrollTo(0, window.scrollY + h.getBoundingClientRect().top + 5);
        window.guideSection = h.id;
    """)
    section = browser.execute_script("return window.guideSection")
    browser.execute_script("document.querySelector(\"a.language-link[hreflang^='zh']\").click()")
    from conftest import wait
    wait(browser, lambda d: "/zh/" in d.current_url and d.execute_script("return document.readyState") == "complete")
    assert browser.current_url.endswith("#" + section)


@pytest.mark.parametrize("width,height", [(1400, 900), (390, 844)])
def test_the_counterpart_stands_where_the_text_starts(browser, site, width, height):
    """Not just somewhere on screen: at the top, under the bar, though the bar grows a row for
    the search box (a phone) after the page first placed it."""
    import switch_places
    set_viewport(browser, width, height, mobile=width < 600)
    url = (site / "en" / PAGE).resolve().as_uri()
    count = count_places(browser, url)
    offsets = []
    for index in (count // 3, count // 2, (2 * count) // 3):
        landed, src = trial(browser, url, SWITCHES[0][1], index)
        view = browser.execute_script(switch_places._PLACES)
        tops = [top for place, top, _ in view["places"] if place == src]
        if tops:
            offsets.append(round(min(tops) - view["bar"]))
    assert offsets and all(abs(offset) <= 3 for offset in offsets), offsets
