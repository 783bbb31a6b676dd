"""Prints how often the language switch lands on the counterpart paragraph, per switch.

    python scripts/switch-places.py SITE [--per-chapter 50] [--seed 1] [--width 1400] [--height 900]

SITE is a site built by guide (en/, zh/, bilingual/). Run by scripts/bench-switch.sh.
"""

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lib"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "browser"))
from conftest import start_chromium, set_viewport  # noqa: E402
from switch_places import measure, reader_marks  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--per-chapter", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--quiet", action="store_true", help="no line per missed trial")
    args = parser.parse_args()
    chapters = sorted(p.name for p in (args.site / "bilingual").glob("*.html")
                      if (args.site / "en" / p.name).exists() and (args.site / "zh" / p.name).exists())
    driver = start_chromium()
    try:
        set_viewport(driver, args.width, args.height, mobile=args.width < 600)
        totals = measure(driver, args.site, chapters, args.per_chapter, args.seed,
                         report=(lambda _: None) if args.quiet else print)
        marks = reader_marks(driver, args.site, chapters)
    finally:
        driver.quit()
    landed = sum(done for done, _ in totals.values())
    tried = sum(count for _, count in totals.values())
    print(f"{len(chapters)} chapters, {args.per_chapter} random blocks a chapter and switch, {args.width}×{args.height} px:")
    for name, (done, count) in totals.items():
        print(f"  {name}: {done}/{count} on screen ({100 * done / count:.1f} %)")
    print(f"  all: {landed}/{tried} on screen ({100 * landed / tried:.1f} %)")
    print(f"reader pages ({len(marks)}): {sum(m['verdicts'] for m in marks.values())} snippet verdicts, "
          f"{sum(m['doubts'] for m in marks.values())} doubt markers, {sum(m['boxes'] for m in marks.values())} English boxes"
          + "".join(f"\n  {m['boxes']} English box(es) on {side}/{chapter}" for (side, chapter), m in marks.items() if m["boxes"]))


if __name__ == "__main__":
    main()
