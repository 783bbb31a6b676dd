"""The screenshot of scripts/review-screenshot.sh: the Chinese dashboard with its legend.

    python review_screenshot.py SITE OUT

Opens SITE/review/index.html (served over HTTP, as published) at 1,400 × 900 px, writes
OUT/review-zh-legend.png (the window: the title, the legend and the top of the overview) and
prints the legend's rows. Exits 1 when the page has no legend or its labels are not Chinese.
"""

import base64
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "browser"))

from conftest import set_color_scheme, set_viewport, start_chromium  # noqa: E402
from layout_check import open_served, served  # noqa: E402

_LEGEND = """
return Array.from(document.querySelectorAll('details.review-legend tbody tr'),
                  row => Array.from(row.querySelectorAll('th, td'), cell => cell.textContent.trim()));
"""


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    site, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    driver = start_chromium()
    try:
        with served(site) as base:
            set_color_scheme(driver, "light")
            set_viewport(driver, 1400, 900)
            open_served(driver, base, "review/index.html")
            driver.execute_script("return document.fonts.ready")
            rows = driver.execute_script(_LEGEND)
            title = driver.execute_script("return document.querySelector('h1').textContent")
            shot = base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
            path = out / "review-zh-legend.png"
            path.write_bytes(shot)
    finally:
        driver.quit()
    for row in rows:
        print(" | ".join(row))
    good = title == "翻译审阅" and rows and any(row[0] == "未翻译" for row in rows)
    print(f"{path}: {'ok' if good else 'NOT THE CHINESE LEGEND'}: {title!r}, {len(rows)} legend rows")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
