"""guide's PO catalogs and TMX memory, read and edited by translate-toolkit (PyPI), as CAT
platforms (Weblate, Pootle, Virtaal) read them. Run by scripts/test-tools.sh."""
import csv
import io
import os
import shutil
import subprocess

import pytest
from translate.storage import po, tmx

GUIDE = os.environ["GUIDE_BIN"]
CONTENT = os.environ["GUIDE_CONTENT"]
CHAPTER = "inter-object-communication"


@pytest.fixture()
def book(tmp_path):
    shutil.copytree(CONTENT, tmp_path / "content")
    subprocess.run([GUIDE, "export", "po", "-o", "po"], cwd=tmp_path, check=True, capture_output=True)
    subprocess.run([GUIDE, "export", "tmx", "-o", "book.tmx"], cwd=tmp_path, check=True, capture_output=True)
    subprocess.run([GUIDE, "export", "tmx", "--segment", "paragraph", "-o", "paragraphs.tmx"], cwd=tmp_path, check=True,
                   capture_output=True)
    return tmp_path


def test_pocount_counts_every_message(book):
    catalog = po.pofile.parsefile(str(book / "po" / f"{CHAPTER}.po"))
    units = [unit for unit in catalog.units if not unit.isheader()]
    translated = [unit for unit in units if unit.istranslated()]
    assert len(units) > 50 and 0 < len(translated) <= len(units)
    out = subprocess.run(["pocount", "--csv", str(book / "po" / f"{CHAPTER}.po")], capture_output=True, text=True, check=True)
    row = next(csv.DictReader(io.StringIO(out.stdout)))
    assert int(row["Total Message"]) == len(units)
    assert int(row["Translated Messages"]) == len(translated)


def test_the_catalog_reads_as_guide_wrote_it(book):
    catalog = po.pofile.parsefile(str(book / "po" / f"{CHAPTER}.po"))
    header = catalog.parseheader()
    assert header["Language"] == "zh"
    assert header["X-Guide-Chapter"] == f"{CHAPTER}.md"
    first = next(unit for unit in catalog.units if not unit.isheader())
    assert first.source == "# Inter-Object Communication"
    assert first.getlocations() == [f"en/{CHAPTER}.md:1", f"zh/{CHAPTER}.md:1"]


def test_po2tmx_and_guides_memory_read(book):
    subprocess.run(["po2tmx", "-l", "zh", str(book / "po" / f"{CHAPTER}.po"), str(book / "po2tmx.tmx")],
                   check=True, capture_output=True)
    converted = tmx.tmxfile.parsefile(str(book / "po2tmx.tmx"))
    assert len(converted.units) > 50
    memory = tmx.tmxfile.parsefile(str(book / "book.tmx"))
    paragraphs = tmx.tmxfile.parsefile(str(book / "paragraphs.tmx"))
    assert len(paragraphs.units) > 50
    assert paragraphs.units[0].source == "# Inter-Object Communication"
    assert paragraphs.units[0].target == "# 对象间的通讯"
    # Sentence by sentence (the default): more units, a heading without its marks.
    assert len(memory.units) > len(paragraphs.units)
    whole = {(unit.source, unit.target) for unit in paragraphs.units}
    for unit in memory.units:
        assert unit.source and unit.target
        # On one line, but for a pair with no sentences (code, raw HTML): one unit, as at paragraph level.
        assert "\n" not in unit.source + unit.target or (unit.source, unit.target) in whole
    assert sum("\n" not in unit.source for unit in memory.units) > len(paragraphs.units) / 2
    assert memory.units[0].source == "Inter-Object Communication"
    assert memory.units[0].target == "对象间的通讯"
    assert memory.document.getroot().find("header").get("segtype") == "sentence"
    # Doubtful pairs are left out: no unit's Chinese carries the marker.
    for units in (memory.units, paragraphs.units):
        assert not any("【疑问】" in unit.target for unit in units)


def test_a_catalog_edited_by_translate_toolkit_imports_back(book):
    path = book / "po" / f"{CHAPTER}.po"
    catalog = po.pofile.parsefile(str(path))
    unit = next(unit for unit in catalog.units if unit.source == "You should do this because:")
    unit.target = "这样做的原因如下："
    catalog.savefile(str(path))
    before = (book / "content" / "zh" / f"{CHAPTER}.md").read_text(encoding="utf-8")
    subprocess.run([GUIDE, "import", "po", str(path)], cwd=book, check=True, capture_output=True)
    after = (book / "content" / "zh" / f"{CHAPTER}.md").read_text(encoding="utf-8")
    assert after == before.replace("以下是你应该这样做的原因：", "这样做的原因如下：")
