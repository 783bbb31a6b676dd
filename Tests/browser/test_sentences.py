"""Sentence highlighting on the side-by-side page (`templates/sentences.js`): hovering or
focusing a sentence lights its counterpart in the other column, from file://, with nothing
moving on the page and nothing printed."""
import pathlib
import shutil
import textwrap

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import _build, open_page, wait

# A one-chapter book of its own: 1:1 and 1:2 pairs, an English sentence left untranslated
# (1:0), a translator's note (0:1), code and a link inside sentences.
BOOK = {
    "guide.yml": """\
        title:
          en: "Sentence Book"
          zh: "句子之书"
        languages: [en, zh]
        source: en
        """,
    "en/SUMMARY.md": "# Summary\n\n* [Queues](queues.md)\n",
    "zh/SUMMARY.md": "# Summary\n\n* [队列](queues.md)\n",
    "en/queues.md": """\
        # Queues

        Queues run blocks in order. A serial queue runs one block at a time, and a concurrent queue may run many of them together.

        Call `dispatch_async` to submit work. This remark was never translated by anyone.

        Read [the queue notes](http://example.org/q) before you start. Keep each block short.
        """,
    "zh/queues.md": """\
        # 队列

        队列按顺序运行代码块。串行队列一次运行一个代码块。并发队列可以同时运行多个代码块。

        调用 `dispatch_async` 提交任务。

        开始之前请阅读[队列说明](http://example.org/q)。每个代码块都应保持简短。（译者注：这是译者加的说明。）
        """,
}
PAGE = "bilingual/queues.html"


@pytest.fixture(scope="module")
def book_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("sentences")
    for name, text in BOOK.items():
        path = root / "content" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return _build(root / "content", root / "site")


def wrapped(driver):
    """Every cell the build gave sentences to has them wrapped (the script works in batches)."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('.cell[data-sentences]')).every(c => c.querySelector('.sentence'));""")


# The text of each sentence (per row, link and column) from its first piece to its last,
# the spaces between pieces included.
SENTENCES_JS = """
    var groups = {}, order = [];
    Array.prototype.forEach.call(arguments[0], function (s) {
      var cell = s.closest('.cell'), side = cell.classList.contains('source') ? 'en' : 'zh';
      var key = s.closest('.bead').id + '/' + s.dataset.link + '/' + side;
      if (!groups[key]) { groups[key] = {side: side, link: s.closest('.bead').id + '/' + s.dataset.link, first: s}; order.push(key); }
      groups[key].last = s;
    });
    return order.map(function (key) {
      var g = groups[key], range = document.createRange();
      range.setStartBefore(g.first);
      range.setEndAfter(g.last);
      return [g.link, g.side, range.toString()];
    });"""


def groups(driver):
    """Per row and link: its sentences' text in each column."""
    out = {}
    for link, side, text in driver.execute_script(SENTENCES_JS, driver.find_elements(By.CSS_SELECTOR, ".sentence")):
        out.setdefault(link, {"en": "", "zh": ""})[side] += text
    return out


def lit(driver):
    """The lit sentences, each as its column and text, in order."""
    return [f"{side}:{text}" for _, side, text in
            driver.execute_script(SENTENCES_JS, driver.find_elements(By.CSS_SELECTOR, ".sentence-lit"))]


def sentence(driver, text):
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('.sentence')).find(s => s.textContent.startsWith(arguments[0]));""", text)


def rects(driver, selector=".bead, .cell, .cell *"):
    """Where every row, cell and element in a cell (sentence pieces too) is, to the pixel."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll(arguments[0]), e => {
          var r = e.getBoundingClientRect();
          return [e.tagName, r.x, r.y, r.width, r.height].join(' ');
        });""", selector)


def test_sentences_are_wrapped_and_paired_from_file_urls(browser, book_site):
    url = open_page(browser, book_site, PAGE)
    assert url.startswith("file://")
    wait(browser, wrapped, message="sentences not wrapped")
    found = {value["en"]: value["zh"] for value in groups(browser).values()}
    assert found["Queues run blocks in order."] == "队列按顺序运行代码块。"
    assert found["A serial queue runs one block at a time, and a concurrent queue may run many of them together."] \
        == "串行队列一次运行一个代码块。并发队列可以同时运行多个代码块。"
    # A sentence across inline code: pieces, only the first focusable.
    assert found["Call dispatch_async to submit work."] == "调用 dispatch_async 提交任务。"
    pieces = browser.execute_script("""
        var first = Array.from(document.querySelectorAll('.sentence')).find(s => s.textContent.startsWith('Call'));
        var all = first.closest('.bead').querySelectorAll('.cell.source .sentence[data-link="' + first.dataset.link + '"]');
        return Array.from(all, s => [s.textContent, s.tabIndex, s.parentNode.tagName]);""")
    assert pieces == [["Call", 0, "P"], ["dispatch_async", -1, "CODE"], ["to submit work.", -1, "P"]]
    assert found["This remark was never translated by anyone."] == ""
    assert found[""] == "（译者注：这是译者加的说明。）"
    alone = browser.execute_script("return Array.from(document.querySelectorAll('.sentence-alone'), s => s.textContent)")
    assert sorted(alone) == ["This remark was never translated by anyone.", "（译者注：这是译者加的说明。）"]


def test_hovering_a_sentence_lights_its_counterpart_and_nothing_moves(browser, book_site):
    open_page(browser, book_site, PAGE)
    wait(browser, wrapped)
    before = rects(browser)
    ActionChains(browser).move_to_element(sentence(browser, "Queues run blocks")).perform()
    wait(browser, lambda d: lit(d), message="nothing lit on hover")
    assert sorted(lit(browser)) == ["en:Queues run blocks in order.", "zh:队列按顺序运行代码块。"]
    colours = browser.execute_script("""
        return Array.from(document.querySelectorAll('.sentence-lit'), s => getComputedStyle(s).backgroundColor);""")
    assert len(set(colours)) == 1 and colours[0] not in ("rgba(0, 0, 0, 0)", "transparent")
    assert rects(browser) == before, "hovering moved something"

    # One English sentence, two Chinese ones.
    ActionChains(browser).move_to_element(sentence(browser, "A serial queue")).perform()
    wait(browser, lambda d: len(lit(d)) == 2)
    assert lit(browser) == ["en:A serial queue runs one block at a time, and a concurrent queue may run many of them together.",
                            "zh:串行队列一次运行一个代码块。并发队列可以同时运行多个代码块。"]
    assert browser.execute_script("return document.querySelectorAll('.cell.target .sentence-lit').length") == 2

    # A sentence with no counterpart lights alone, in a colour of its own.
    ActionChains(browser).move_to_element(sentence(browser, "This remark")).perform()
    wait(browser, lambda d: lit(d) == ["en:This remark was never translated by anyone."])
    alone = browser.execute_script("return getComputedStyle(document.querySelector('.sentence-lit')).backgroundColor")
    assert alone not in colours + ["rgba(0, 0, 0, 0)"]
    assert rects(browser) == before

    # Leaving the sentences puts the page back.
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, ".bilingual-title")).perform()
    wait(browser, lambda d: not lit(d))


def test_wrapping_the_sentences_moves_nothing(browser, book_site, tmp_path):
    open_page(browser, book_site, PAGE)
    wait(browser, wrapped)
    # Rows, cells and what the build put in them (not the pieces the script adds).
    selector = ".bead, .cell, .cell *:not(.sentence)"
    with_script = rects(browser, selector)
    # The same page without the script: every row and cell where it was.
    bare = tmp_path / "site"
    shutil.copytree(book_site, bare)
    (bare / "sentences.js").write_text("", encoding="utf-8")
    open_page(browser, bare, PAGE)
    assert not browser.find_elements(By.CSS_SELECTOR, ".sentence")
    without = rects(browser, selector)
    assert len(without) == len(with_script)
    for a, b in zip(with_script, without):
        # The same boxes; text shaped in pieces may differ by a fraction of a pixel, never more.
        name_a, *box_a = a.split(" ")
        name_b, *box_b = b.split(" ")
        assert name_a == name_b and all(abs(float(x) - float(y)) < 0.5 for x, y in zip(box_a, box_b)), (a, b)


def test_tab_reaches_a_sentence_and_lights_its_counterpart(browser, book_site):
    open_page(browser, book_site, PAGE)
    wait(browser, wrapped)
    browser.execute_script("document.querySelector('.skip-link').focus()")   # from the top of the page
    for _ in range(80):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        if browser.execute_script("return document.activeElement.classList.contains('sentence')"):
            break
    else:
        pytest.fail("Tab never reached a sentence")
    # The heading's row (one sentence a side) has no sentences of its own: the first is the paragraph's.
    assert browser.execute_script("return document.activeElement.textContent") == "Queues run blocks in order."
    assert sorted(lit(browser)) == ["en:Queues run blocks in order.", "zh:队列按顺序运行代码块。"]
    outline = browser.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "a focused sentence shows where the focus is"
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.execute_script("return document.activeElement.textContent").startswith("A serial queue runs one block")
    ActionChains(browser).send_keys(Keys.TAB).perform()   # then the Chinese cell's
    assert browser.execute_script("return document.activeElement.textContent") == "队列按顺序运行代码块。"
    assert sorted(lit(browser)) == ["en:Queues run blocks in order.", "zh:队列按顺序运行代码块。"]

    # Printed: no highlight and no focus outline, while the sentence keeps both on screen.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = browser.execute_script("""
            return Array.from(document.querySelectorAll('.sentence-lit'), s => {
              var style = getComputedStyle(s);
              return [style.backgroundColor, style.outlineStyle, style.textDecorationLine].join(' ');
            });""")
        assert printed and set(printed) == {"rgba(0, 0, 0, 0) none none"}
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_a_cell_whose_characters_do_not_add_up_is_left_as_it_is(browser, book_site, tmp_path):
    broken = tmp_path / "site"
    shutil.copytree(book_site, broken)
    page = broken / PAGE
    html = page.read_text(encoding="utf-8")
    cells = html.count('data-sentences="')
    # The build's count for the paragraph with the link, one too many: the page is not what it counted.
    source = [part for part in html.split('data-sentences="')[1:] if "the queue notes" in part.split("</div>")[0]]
    assert len(source) == 1
    attribute = source[0].split('"')[0]
    link, length = attribute.split(" ")[0].split(":")
    wrong = f"{link}:{int(length) + 1}" + attribute[len(link) + 1 + len(length):]
    page.write_text(html.replace(f'data-sentences="{attribute}"', f'data-sentences="{wrong}"', 1), encoding="utf-8")
    open_page(browser, broken, PAGE)
    wait(browser, lambda d: d.execute_script("return document.querySelectorAll('.cell .sentence').length > 0"))
    bare = browser.execute_script("""
        return Array.from(document.querySelectorAll('.cell[data-sentences]')).filter(c => !c.querySelector('.sentence'))
          .map(c => c.textContent.trim());""")
    assert bare == ["Read the queue notes before you start. Keep each block short."]
    assert cells - 1 == browser.execute_script(
        "return Array.from(document.querySelectorAll('.cell[data-sentences]')).filter(c => c.querySelector('.sentence')).length")
    # Its counterparts still light, without it.
    ActionChains(browser).move_to_element(sentence(browser, "开始之前")).perform()
    wait(browser, lambda d: lit(d) == ["zh:开始之前请阅读队列说明。"])
