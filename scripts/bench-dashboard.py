"""Weight and responsiveness of the dashboard (site/review/index.html) in headless Chromium.
Usage (from scripts/bench-dashboard.sh): bench-dashboard.py SITE_FOLDER"""
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Tests" / "browser"))
from conftest import start_chromium  # noqa: E402

site = pathlib.Path(sys.argv[1])
page = site / "review" / "index.html"
driver = start_chromium()
try:
    loads, filters, sorts = [], [], []
    for _ in range(3):
        started = time.monotonic()
        driver.get(page.resolve().as_uri())
        # Responds: loaded, and the filter script has run (the count line is filled in).
        driver.execute_script("""
            return new Promise(done => { const ready = () => document.querySelector('.filter-count').textContent
                ? done() : setTimeout(ready, 5); ready(); });""")
        loads.append(time.monotonic() - started)
        filters.append(driver.execute_script("""
            const box = document.querySelector('form.review-filters input[value=glossary]');
            const start = performance.now();
            box.click();
            document.body.getBoundingClientRect();   // the layout the change causes
            return performance.now() - start;""") / 1000)
        sorts.append(driver.execute_script("""
            const button = document.querySelectorAll('table.overview thead button')[2];
            const start = performance.now();
            button.click();
            document.body.getBoundingClientRect();
            return performance.now() - start;""") / 1000)
    findings = driver.execute_script("return document.querySelectorAll('section.review-chapter li[data-status]').length")
    chapters = driver.execute_script("return document.querySelectorAll('section.review-chapter').length")
finally:
    driver.quit()
median = lambda values: sorted(values)[len(values) // 2]
print(f"dashboard: {chapters} chapters, {findings} findings, {page.stat().st_size / 1e6:.2f} MB; "
      f"until it responds {median(loads):.2f} s, a filter {median(filters) * 1000:.0f} ms, "
      f"a sort {median(sorts) * 1000:.0f} ms (medians of 3, headless Chromium)")
