"""No page is ever wider than the window: wide things scroll or wrap inside their own box.

A small book made of wide things (long code lines, long URLs, a wide table, long unbroken
Latin and Chinese runs, a long chapter title and file name) is built, and every page of it
(chapters, side-by-side, dashboard, index, 404) is opened at phone, tablet and desktop widths,
and laid out for print: neither the document nor the body may be wider than the window.
"""


import pytest

from conftest import _build, write_book
from layout_check import WIDTHS, describe, measure, open_served, served, set_width, site_pages, too_wide
from test_accessibility import run_axe

# Every width the site is meant for, the two ends included.
ALL_WIDTHS = (320,) + WIDTHS + (2560,)

LONG_WORD = "Unbreakable" * 14                      # 154 letters, no break opportunity
LONG_URL = "https://example.org/" + "/".join(f"segment{i}_without_breaks" for i in range(8)) + "/end.html"
LONG_CODE = "[[NSNotificationCenter defaultCenter] postNotificationName:" + "X" * 180 + " object:self];"
LONG_CJK = "这一段中文没有任何空格也没有标点只是为了检查很长的一串汉字会不会在窄屏上把页面撑宽" * 6
BOOK_WORD = "Title" * 16                         # in the top bar of every page
TITLE_EN = "Wide things: " + "Overlong" * 8
TITLE_ZH = "宽的东西：" + "很长的标题" * 10
FILE = "wide_things_with_a_file_name_long_enough_to_need_wrapping.md"
COLUMNS = 14
TABLE = ("<table>\n<tr>" + "".join(f"<th>Column{i}Heading</th>" for i in range(COLUMNS)) + "</tr>\n<tr>"
         + "".join(f"<td>value{i}_without_spaces</td>" for i in range(COLUMNS)) + "</tr>\n</table>")


def chapter(title, text, cjk):
    """One chapter of the book (English, or Chinese when cjk), all of its wide things."""
    return f"""\
# {title}

{text["lead"]} {LONG_WORD}.

{text["see"]}

## {LONG_WORD}

{text["url"]} {LONG_URL} <{LONG_URL}> [{LONG_URL}]({LONG_URL}).

{text["code"]} `{LONG_CODE}`

```objc
{LONG_CODE}
```

1. {text["item"]}

   ```objc
   {LONG_CODE}
   ```

> {text["quote"]} {LONG_WORD}
>
> ```objc
> {LONG_CODE}
> ```

{TABLE}

{LONG_CJK if cjk else text["run"]}{"" if cjk else " " + LONG_WORD}

{text["tail"]}
"""


EN = {"lead": "Everything here is wider than a phone, starting with", "url": "A bare address:",
      "code": "Inline code:", "item": "A code block in a list item:", "quote": "A quotation:",
      "run": "A long run:", "tail": "This paragraph has no Chinese counterpart.",
      "see": "See [here](short.md)."}   # a reader finding: the dashboard lists it under its long file name
ZH = {"lead": "这里的一切都比手机屏幕宽，从这个词开始：", "url": "一个网址：", "code": "行内代码：",
      "item": "列表项里的代码块：", "quote": "引文：", "run": "", "tail": "", "see": "见[这里](short.md)。"}

BOOK = {
    "guide.yml": f"""\
        title:
          en: "Layout Fixture: {BOOK_WORD}"
          zh: "版式测试之书：{BOOK_WORD}"
        languages: [en, zh]
        source: en
        output:
          raw_html: true
        """,
    "en/SUMMARY.md": f"# Summary\n\n* [{TITLE_EN}]({FILE})\n* [Short](short.md)\n",
    "zh/SUMMARY.md": f"# Summary\n\n* [{TITLE_ZH}]({FILE})\n* [短](short.md)\n",
    f"en/{FILE}": chapter(TITLE_EN, EN, cjk=False),
    f"zh/{FILE}": chapter(TITLE_ZH, ZH, cjk=True).replace("\n\n\n", "\n"),   # without the English "tail"
    "en/short.md": f"# Short\n\nBack to [the wide chapter]({FILE}).\n",
    "zh/short.md": f"# 短\n\n回到[宽的那一章]({FILE})。\n",
}


@pytest.fixture(scope="session")
def wide_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("layout")
    content = root / "content"
    write_book(content, BOOK, dedent=lambda name: name == "guide.yml")
    return _build(content, root / "site")


@pytest.fixture(scope="session")
def wide_url(wide_site):
    """The fixture's site over HTTP (its 404 page links the style sheet from the site's root)."""
    with served(wide_site) as base:
        yield base


@pytest.fixture
def sized(browser):
    yield browser
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def test_the_fixture_has_every_kind_of_page(wide_site):
    pages = site_pages(wide_site)
    stem = FILE[:-3]
    for page in ("index.html", "404.html", "review/index.html", f"en/{stem}.html", f"zh/{stem}.html",
                 f"bilingual/{stem}.html", "en/short.html", "zh/short.html", "bilingual/short.html"):
        assert page in pages
    dashboard = (wide_site / "review" / "index.html").read_text(encoding="utf-8")
    assert f"content/zh/{FILE}:5</a> link text" in dashboard


@pytest.mark.parametrize("width", ALL_WIDTHS)
def test_no_page_is_wider_than_the_window(sized, wide_site, wide_url, width):
    set_width(sized, width)
    wide = []
    for page in site_pages(wide_site):
        open_served(sized, wide_url, page)
        # The style sheet is in force (the body's margin is the site's, not the browser's 8px).
        assert sized.execute_script("return getComputedStyle(document.body).marginLeft") == "0px", page
        m = measure(sized, width)
        if too_wide(m):
            wide.append(describe(page, width, m))
    assert not wide, "\n".join(wide)


@pytest.mark.parametrize("width", (360, 768))
def test_no_printed_page_is_wider_than_the_paper(sized, wide_site, wide_url, width):
    set_width(sized, width, media="print")
    wide = []
    for page in site_pages(wide_site):
        open_served(sized, wide_url, page)
        assert sized.execute_script("return matchMedia('print').matches")
        m = measure(sized, width)
        if too_wide(m):
            wide.append(describe(page, width, m))
    assert not wide, "\n".join(wide)
    # Paper does not scroll: code wraps instead, and nothing scrolls inside its box.
    open_served(sized, wide_url, f"en/{FILE[:-3]}.html")
    assert sized.execute_script("""
        return Array.from(document.querySelectorAll('main pre')).every(p => p.scrollWidth <= p.clientWidth);""")


@pytest.mark.parametrize("width", (360, 1440))
@pytest.mark.parametrize("lang", ["en", "zh", "bilingual"])
def test_wide_things_scroll_or_wrap_inside_their_box(sized, wide_url, lang, width):
    set_width(sized, width)
    open_served(sized, wide_url, f"{lang}/{FILE[:-3]}.html")
    boxes = sized.execute_script("""
        var main = document.querySelector('main').getBoundingClientRect();
        function box(e) { var r = e.getBoundingClientRect();
          return {scroll: e.scrollWidth, client: e.clientWidth, left: r.left, right: r.right, height: r.height,
                  focusable: e.tabIndex >= 0}; }
        var line = parseFloat(getComputedStyle(document.querySelector('main p')).lineHeight);
        return {main: [main.left, main.right], line: line,
                pre: Array.from(document.querySelectorAll('main pre'), box),
                table: Array.from(document.querySelectorAll('main table'), box),
                links: Array.from(document.querySelectorAll('main a[href^="https:"]'), box)};""")
    left, right = boxes["main"]
    # The code blocks (three per language) and the table are wider than their text and scroll,
    # inside the main column, and the keyboard can reach them to scroll.
    columns = 2 if lang == "bilingual" else 1
    assert len(boxes["pre"]) == 3 * columns and len(boxes["table"]) == columns
    for b in boxes["pre"] + boxes["table"]:
        assert b["scroll"] > b["client"], b
        assert left - 1 <= b["left"] and b["right"] <= right + 1, (b, boxes["main"])
        assert b["focusable"], b
    # A long address wraps onto several lines inside the main column.
    assert boxes["links"]
    for b in boxes["links"]:
        assert b["right"] <= right + 1, (b, boxes["main"])
        assert b["height"] > 1.5 * boxes["line"], b


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_long_titles_do_not_widen_the_side_columns(sized, wide_url, lang):
    """The table of contents and the page's outline keep their width; their long titles wrap."""
    set_width(sized, 1440)
    open_served(sized, wide_url, f"{lang}/{FILE[:-3]}.html")
    widths = sized.execute_script("""
        var rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
        return ['.sidebar', '.outline'].map(s => document.querySelector(s).getBoundingClientRect().width / rem);""")
    assert widths == [16, 14], widths
    # The chapter's long title is there, on several lines.
    link = sized.execute_script("""
        var a = document.querySelector('.sidebar a[aria-current="page"]'), r = a.getBoundingClientRect();
        return [a.textContent, r.height / parseFloat(getComputedStyle(a).lineHeight)];""")
    assert link[0] == (TITLE_EN if lang == "en" else TITLE_ZH) and link[1] >= 2, link


def test_a_scrolling_table_can_be_scrolled_from_the_keyboard(sized, wide_url):
    set_width(sized, 360)
    open_served(sized, wide_url, f"en/{FILE[:-3]}.html")
    assert sized.execute_script("var t = document.querySelector('main table'); return t.scrollWidth > t.clientWidth")
    results = run_axe(sized, {"runOnly": {"type": "rule", "values": ["scrollable-region-focusable"]}},
                      context="document.querySelector('main table')")
    assert not results["violations"], results["violations"]
    assert results["passes"], "the table was not checked as a scrolling region"


@pytest.mark.parametrize("width", ALL_WIDTHS)
def test_the_columns_keep_each_pair_together(sized, wide_url, width):
    """Side by side when wide, stacked when narrow: each English cell has its Chinese one beside
    it or directly under it, and the pairs follow each other down the page."""
    set_width(sized, width)
    open_served(sized, wide_url, f"bilingual/{FILE[:-3]}.html")
    rows = sized.execute_script("""
        return Array.from(document.querySelectorAll('.bead'), function (bead) {
          function r(e) { var q = e.getBoundingClientRect(); return [q.left, q.top, q.right, q.bottom]; }
          var s = bead.querySelector('.cell.source'), t = bead.querySelector('.cell.target');
          return {id: bead.id, bead: r(bead), source: r(s), target: r(t),
                  filled: [s.textContent.trim() !== '', t.textContent.trim() !== '']};
        });""")
    assert len(rows) >= 8
    side_by_side = width > 768   # the stacking breakpoint is 48rem
    for row in rows:
        (sl, st, sr, sb), (tl, tt, tr, tb) = row["source"], row["target"]
        bl, bt, br, bb = row["bead"]
        assert bl - 1 <= min(sl, tl) and max(sr, tr) <= br + 1 and br <= width, row
        assert bt - 1 <= min(st, tt) and max(sb, tb) <= bb + 1, row
        if side_by_side:
            assert abs(st - tt) < 2 and sr <= tl + 1, row          # Chinese beside its English
        else:
            assert abs(sl - tl) < 2 and sb <= tt + 1, row          # Chinese directly under its English
    for above, below in zip(rows, rows[1:]):
        assert above["bead"][3] <= below["bead"][1] + 1, (above["id"], below["id"])
