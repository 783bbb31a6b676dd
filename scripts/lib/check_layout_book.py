"""The layout and accessibility pass of scripts/check-layout-book.sh over a built site.

    python check_layout_book.py SITE [--widths 360,768,1440] [--no-axe] [--screenshots DIR]

Opens every page at every width, and laid out for print, and reports those wider than the
window (and what sticks out); runs axe-core over every page (WCAG 2 A/AA and best practices in light mode, contrast
in dark mode, as Tests/browser/test_accessibility.py does) and prints the violations grouped
by rule, each node placed in the chapter's text (the book's markdown) or in guide's frame.
With --screenshots, saves the desktop and phone screenshots of the bilingual page of the
chapter "Class" there. Exits 1 when a page is wider than the window or paper, or axe finds a
violation in guide's frame (the book's own markdown is `guide review`'s to report).
"""

import argparse
import base64
import collections
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "browser"))

from conftest import set_color_scheme, set_viewport, start_chromium  # noqa: E402
from layout_check import WIDTHS, describe, measure, open_served, served, set_width, site_pages, too_wide  # noqa: E402
from test_accessibility import ALL_RULES, CONTRAST, run_axe  # noqa: E402

# Where an axe node is: inside the chapter's own text (headings, paragraphs, code of the markdown;
# not the heading anchors or copy buttons guide adds), or in guide's frame.
_PLACE = """
var e = document.querySelector(arguments[0]);
if (!e) return 'unknown';
if (e.closest('.anchor, .copy-code, .snippet-badge, .bead-meta')) return 'frame';
return e.closest('article.chapter, .bead .cell') ? 'text' : 'frame';
"""

PRINT_WIDTH = 720   # an A4 page's text width, in CSS pixels
SHOTS = {"desktop": (1280, 900, False), "phone": (390, 844, True)}


def check_widths(driver, base, pages, widths, media="", widest=None):
    """The pages wider than the window, described; `widest` gets each width's widest document."""
    wide = []
    for width in widths:
        set_width(driver, width, media=media)
        for page in pages:
            open_served(driver, base, page)
            m = measure(driver, width)
            if widest is not None:
                widest[width] = max(widest.get(width, 0), m["document"], m["body"])
            if too_wide(m):
                wide.append(describe(page, width, m))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return wide


def check_axe(driver, base, pages):
    """{rule: {"pages": set, "nodes": Counter(place), "help": str, "examples": [..]}}"""
    rules = {}
    for scheme, options in (("light", ALL_RULES), ("dark", CONTRAST)):
        set_color_scheme(driver, scheme)
        for page in pages:
            open_served(driver, base, page)
            results = run_axe(driver, dict(options, resultTypes=["violations"]))
            for violation in results["violations"]:
                rule = rules.setdefault(violation["id"], {"pages": set(), "nodes": collections.Counter(),
                                                          "help": violation["help"], "examples": []})
                rule["pages"].add(page)
                for node in violation["nodes"]:
                    target = node["target"][0] if node["target"] else ""
                    place = driver.execute_script(_PLACE, target) if isinstance(target, str) else "unknown"
                    rule["nodes"][place] += 1
                    if len(rule["examples"]) < 4:
                        rule["examples"].append(f"{page} ({scheme}): {target} [{place}]: "
                                                + (node.get("failureSummary") or "").splitlines()[-1].strip())
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    return rules


def screenshots(driver, base, pages, out):
    """The bilingual page of "Class", scrolled to the first pair with a long unbroken Latin word
    (the addresses that used to widen the page), else to its first code block that scrolls."""
    page = next((p for p in pages if p.startswith("bilingual/") and p.endswith("-Class.html")), None)
    if page is None:
        print("screenshots: no bilingual page of a chapter named Class", file=sys.stderr)
        return []
    out.mkdir(parents=True, exist_ok=True)
    written = []
    set_color_scheme(driver, "light")
    for size, (width, height, mobile) in SHOTS.items():
        set_viewport(driver, width, height, mobile)
        open_served(driver, base, page)
        driver.execute_script("return document.fonts.ready")
        driver.execute_script("""
            var beads = Array.from(document.querySelectorAll('.bead'));
            var bead = beads.find(b => Array.from(b.querySelectorAll('.cell > :not(pre, .code-block)'))
                                            .some(e => e.textContent.split(/\\s+/).some(w => w.length >= 60 && /^[!-~]+$/.test(w))))
                || beads.find(b => Array.from(b.querySelectorAll('pre')).some(p => p.scrollWidth > p.clientWidth));
            if (bead) window.scrollTo(0, bead.getBoundingClientRect().top + scrollY - 8);""")
        shot = base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
        path = out / f"class-bilingual-{size}.png"
        path.write_bytes(shot)
        written.append(str(path))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return written


PLACES = {"text": "in the chapter text", "frame": "in guide's frame"}


def report_widths(wide, printed, pages, widths, widest):
    print(f"layout: {len(pages)} pages at {', '.join(map(str, widths))} px; the widest document at each: "
          + ", ".join(f"{widest[w]} px at {w}" for w in widths))
    for line in wide:
        print("  wider than the window: " + line)
    print(f"print: {len(pages)} pages laid out for paper {PRINT_WIDTH} px wide")
    for line in printed:
        print("  wider than the paper: " + line)
    summary = f"{len(pages)} pages × {len(widths)} widths: {len(wide)} wider than the viewport"
    if wide:
        summary += f" ({len({line.split(' at ')[0] for line in wide})} pages)"
    return summary + f" (printed: {len(printed)} wider than the paper)"


def report_axe(rules, pages):
    print(f"axe: {len(pages)} pages (light: WCAG 2 A/AA and best practices; dark: contrast)")
    for rule_id in sorted(rules):
        rule = rules[rule_id]
        places = ", ".join(f"{n} {PLACES.get(place, place)}" for place, n in sorted(rule["nodes"].items()))
        print(f"  {rule_id} ({rule['help']}): {len(rule['pages'])} pages, "
              f"{sum(rule['nodes'].values())} nodes ({places})")
        for example in rule["examples"]:
            print(f"      e.g. {example}")
    nodes = collections.Counter()
    for rule in rules.values():
        nodes.update(rule["nodes"])
    pages_hit = set().union(*(rule["pages"] for rule in rules.values())) if rules else set()
    frame = sum(nodes.values()) - nodes["text"]
    return (f"axe: {sum(nodes.values())} violations on {len(pages_hit)} pages "
            f"({nodes['text']} in the chapter text, {frame} in guide's frame; "
            f"rules: {', '.join(sorted(rules)) or 'none'})"), frame


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--widths", default=",".join(map(str, WIDTHS)))
    parser.add_argument("--no-axe", action="store_true")
    parser.add_argument("--screenshots", type=pathlib.Path)
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    pages = site_pages(args.site)
    driver = start_chromium()
    try:
        with served(args.site) as base:
            widest = {}
            wide = check_widths(driver, base, pages, widths, widest=widest)
            printed = check_widths(driver, base, pages, [PRINT_WIDTH], media="print")
            summary = report_widths(wide, printed, pages, widths, widest)
            frame = 0
            if not args.no_axe:
                axe_summary, frame = report_axe(check_axe(driver, base, pages), pages)
                summary += "; " + axe_summary
            if args.screenshots:
                for path in screenshots(driver, base, pages, args.screenshots):
                    print(f"screenshot: {path}")
    finally:
        driver.quit()
    print(summary)
    return 1 if wide or printed or frame else 0


if __name__ == "__main__":
    sys.exit(main())
