"""The navigation screenshots of scripts/nav-screenshots.sh, from a built site of the whole book.

    python nav_screenshots.py SITE OUT

The chapter "Class" in English, in Chinese and side by side, at 1,400 px (desktop) and 390 px
(phone), each scrolled to its middle: the bar that stays, the sidebar (desktop) or the menu
button (phone), and the outline marking the section being read. Writes
OUT/class-nav-{en,zh,bilingual}-{desktop,phone}.png (the window, not the whole page) and prints
what each shows. Exits 1 when a page is missing or a screenshot does not show what it should.
"""

import base64
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "browser"))

from conftest import set_color_scheme, set_viewport, start_chromium  # noqa: E402
from layout_check import open_served, served  # noqa: E402

SIZES = {"desktop": (1400, 900, False), "phone": (390, 844, True)}
KINDS = ("en", "zh", "bilingual")

# What the window shows once scrolled: the bar at the top, the sidebar or the menu button, and
# the outline's marked entry (on a phone, the strip under the bar names it).
_SHOWN = """
function seen(e) {
  if (!e) return false;
  var r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && s.visibility !== 'hidden';
}
var bar = document.querySelector('.topbar'), marked = document.querySelector('nav.outline a[aria-current="location"]');
return {
  scrolled: Math.round(scrollY), height: document.documentElement.scrollHeight,
  bar: seen(bar) && Math.round(bar.getBoundingClientRect().top) === 0,
  sidebar: seen(document.querySelector('nav.sidebar')) && !!document.querySelector('nav.sidebar a[aria-current="page"]'),
  menu: seen(document.querySelector('.menu-button')),
  marked: marked ? marked.textContent : null,
  markedShown: seen(marked) || seen(document.querySelector('.outline-current')),
};
"""


def page_of(site, kind):
    folder = site / kind
    found = sorted(folder.glob("*-Class.html")) if folder.is_dir() else []
    return f"{kind}/{found[0].name}" if found else None


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    site, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    failed = False
    driver = start_chromium()
    try:
        with served(site) as base:
            set_color_scheme(driver, "light")
            for kind in KINDS:
                page = page_of(site, kind)
                if page is None:
                    print(f"no page of the chapter Class in {site / kind}", file=sys.stderr)
                    failed = True
                    continue
                for size, (width, height, mobile) in SIZES.items():
                    set_viewport(driver, width, height, mobile)
                    open_served(driver, base, page)
                    driver.execute_script("return document.fonts.ready")
                    # The middle of the chapter; the scroll handler marks the outline on the next frame.
                    driver.execute_script("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2)")
                    time.sleep(0.3)
                    shown = driver.execute_script(_SHOWN)
                    shot = base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
                    path = out / f"class-nav-{kind}-{size}.png"
                    path.write_bytes(shot)
                    side = shown["sidebar"] if size == "desktop" else shown["menu"]
                    good = shown["bar"] and side and shown["marked"] and shown["markedShown"]
                    failed |= not good
                    print(f"{path}: {'ok' if good else 'MISSING SOMETHING'}: scrolled {shown['scrolled']} of "
                          f"{shown['height']} px; bar {shown['bar']}, {'sidebar' if size == 'desktop' else 'menu button'} "
                          f"{side}, outline marks {shown['marked']!r} (shown: {shown['markedShown']})")
    finally:
        driver.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
