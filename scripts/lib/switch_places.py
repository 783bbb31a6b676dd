"""Does the language switch land on the counterpart of the paragraph being read?

For each chapter of a built site, scrolls random blocks of a page to the top of the screen
(under the bar), switches to the other language or to side by side with the page's own link,
and asks whether the block's counterpart is on screen there. The counterpart is the block or
row the alignment paired with it (`data-place`, written by guide from the pairs); a block the
other side has no counterpart for counts as landed when the block before it is on screen.

Used by scripts/bench-switch.sh (the whole book) and Tests/browser/test_switch_places.py.
"""

import random
import time

# What the page shows of a place: every placed element, the bar's bottom, the viewport.
_COVERED = """
const first = document.querySelector('main [data-place]');
const x = first ? first.getBoundingClientRect().left + 1 : innerWidth / 2;
let covered = 0;
for (const box of document.querySelectorAll('.topbar, nav.outline')) {
  const position = getComputedStyle(box).position, r = box.getBoundingClientRect();
  if ((position === 'sticky' || position === 'fixed') && r.left <= x && r.right > x && r.top <= covered + 1 && r.bottom > covered) {
    covered = r.bottom;
  }
}
const barBottom = covered < innerHeight / 2 ? covered : 0;
"""
_PLACES = _COVERED + """
return {bar: barBottom, height: innerHeight,
        places: Array.from(document.querySelectorAll('main [data-place]')).map(e => {
          const r = e.getBoundingClientRect();
          return [+e.getAttribute('data-place'), r.top, r.bottom];
        })};
"""


def _wait_loaded(driver, old_url, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        if driver.current_url != old_url and driver.execute_script("return document.readyState") == "complete":
            # guide.js places the page as it runs, and again on load: give layout a frame.
            driver.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            return
        time.sleep(0.02)
    raise TimeoutError("the switch did not load a page from " + old_url)


def _landed(view, src):
    """Whether the element(s) standing at `src` (else the nearest place before it) are on screen."""
    places = [p for p in view["places"] if p[0] <= src]
    if not places:
        return False
    best = max(p[0] for p in places)
    return any(p[0] == best and p[2] > view["bar"] + 1 and p[1] < view["height"] - 1 for p in view["places"])


def trial(driver, page_url, link_selector, index):
    """Opens `page_url`, scrolls its `index`-th placed element under the bar, follows the link
    `link_selector` names, and says whether the counterpart is on screen: (landed, src)."""
    driver.get(page_url)
    # Scrolled twice: a phone's outline strip sticks under the bar only once the page scrolls.
    for _ in range(2):
        driver.execute_script(_COVERED + """
            const e = document.querySelectorAll('main [data-place]')[arguments[0]];
            window.scrollTo(0, window.scrollY + e.getBoundingClientRect().top - barBottom);
        """, index)
    # The block being read: the first not scrolled past the bar (near a page's end, where the
    # page cannot scroll the picked block up to the bar, one above it).
    view = driver.execute_script(_PLACES)
    src = next(p[0] for p in view["places"] if p[2] > view["bar"] + 1)
    old = driver.current_url
    clicked = driver.execute_script("""
        const link = document.querySelector(arguments[0]);
        if (!link) return false;
        link.click();
        return true;
    """, link_selector)
    if not clicked:
        raise LookupError("no link " + link_selector + " on " + page_url)
    _wait_loaded(driver, old)
    return _landed(driver.execute_script(_PLACES), src), src


def count_places(driver, page_url):
    driver.get(page_url)
    return len(driver.execute_script(_PLACES)["places"])


# (from, link to follow, what it is called)
SWITCHES = [
    ("en", "a.language-link[hreflang^='zh']", "English → 中文"),
    ("zh", "a.language-link[hreflang='en']", "中文 → English"),
    ("en", "a.bilingual-link", "English → side by side"),
    ("bilingual", "a.language-link[hreflang^='zh']", "side by side → 中文"),
    ("zh", "a.bilingual-link", "中文 → side by side"),
    ("bilingual", "a.language-link[hreflang='en']", "side by side → English"),
]


def measure(driver, site, chapters, per_chapter=50, seed=1, report=print):
    """Per switch, how many of the trials landed: {name: (landed, tried)}; `chapters` are page
    names (`05-Class.html`) present in en/, zh/ and bilingual/ of `site` (a pathlib.Path)."""
    rng = random.Random(seed)
    totals = {}
    for chapter in chapters:
        for side, link, name in SWITCHES:
            url = (site / side / chapter).resolve().as_uri()
            count = count_places(driver, url)
            if count == 0:
                continue
            picks = [rng.randrange(count) for _ in range(per_chapter)]
            landed = 0
            for index in picks:
                ok, src = trial(driver, url, link, index)
                landed += ok
                if not ok:
                    report(f"  missed: {side}/{chapter} block {index} (data-place {src}) via {name}")
            done, tried = totals.get(name, (0, 0))
            totals[name] = (done + landed, tried + len(picks))
    return totals


# What a reader's page must not show: the snippet harness's verdicts, a translator's doubt
# markers (outside code), the English "not translated yet" boxes (each listed: a box must sit
# where the Chinese is missing, which the review decides; the browser test checks the rule).
_MARKS = """
const main = document.querySelector('main');
const text = Array.from(main.querySelectorAll('p, li, h1, h2, h3, h4, blockquote, td, th'))
  .filter(e => !e.closest('pre, code, .review-marks, .bead-meta')).map(e => e.textContent).join('\\n');
return {verdicts: main.querySelectorAll('.snippet-badge, .snippet-verdict').length,
        doubts: (text.match(/【疑问】/g) || []).length,
        boxes: main.querySelectorAll('.fallback').length};
"""


def reader_marks(driver, site, chapters):
    """Per page kind, what readers should not see: {(side, chapter): {verdicts, doubts, boxes}}."""
    found = {}
    for chapter in chapters:
        for side in ("en", "zh", "bilingual"):
            driver.get((site / side / chapter).resolve().as_uri())
            found[(side, chapter)] = driver.execute_script(_MARKS)
    return found
