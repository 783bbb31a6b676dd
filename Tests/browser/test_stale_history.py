"""Stale pairs from the book's git history on the translators' pages: a book committed, one
English paragraph reworded and committed a month later, built; the dashboard's stale filter
lists exactly that pair, its overview counts it, and the pair's gap and its side-by-side row
show the English's word diff under a toggle."""

import os
import subprocess

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, _guide_bin, open_page, set_viewport, wait, write_book

BOOK = {
    "guide.yml": """\
        title:
          en: "History Book"
          zh: "历史之书"
        languages: [en, zh]
        source: en
        """,
    "en/SUMMARY.md": "# Summary\n\n* [Intro](intro.md)\n",
    "zh/SUMMARY.md": "# 目录\n\n* [介绍](intro.md)\n",
    "en/intro.md": """\
        # Intro

        The first paragraph says hello to `alpha`.

        The second paragraph, on `beta`, stays as it is.
        """,
    "zh/intro.md": """\
        # 介绍

        第一段向 `alpha` 问好。

        第二段讲 `beta`，保持原样。
        """,
}


def git(arguments, cwd, when):
    """git as a fixed author at a fixed time, with no user or system configuration."""
    stamp = f"@{when} +0000"
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), "GIT_CONFIG_NOSYSTEM": "1",
                   "GIT_AUTHOR_NAME": "Translator", "GIT_AUTHOR_EMAIL": "t@example.org",
                   "GIT_COMMITTER_NAME": "Translator", "GIT_COMMITTER_EMAIL": "t@example.org",
                   "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
    subprocess.run(["git"] + arguments, cwd=cwd, env=environment, check=True, capture_output=True)


@pytest.fixture(scope="module")
def history_site(tmp_path_factory):
    """The book in git: both languages in January (2024-01-01), the English reworded in February."""
    root = tmp_path_factory.mktemp("history")
    content = root / "content"
    write_book(content, BOOK)
    git(["init", "-q"], root, 1_704_067_200)
    git(["add", "."], root, 1_704_067_200)
    git(["commit", "-qm", "both"], root, 1_704_067_200)
    english = content / "en/intro.md"
    english.write_text(english.read_text(encoding="utf-8").replace("says hello to", "says goodbye to"), encoding="utf-8")
    git(["commit", "-qam", "english"], root, 1_706_745_600)
    out = root / "site"
    subprocess.run([str(_guide_bin()), "build", "--no-check", "--content", str(content),
                    "--templates", str(REPO / "templates"), "-o", str(out)], check=True, capture_output=True, text=True)
    return out


def shown(driver):
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('section.review-chapter li[data-status]'))
            .filter(li => li.checkVisibility()).map(li => [li.dataset.status, li.textContent]);""")


def test_the_stale_filter_lists_the_pair_whose_english_changed_after_its_translation(browser, history_site):
    set_viewport(browser, 1400, 900)
    open_page(browser, history_site, "review/index.html")
    values = [box.get_attribute("value") for box in browser.find_elements(By.CSS_SELECTOR, "form.review-filters input[name=status]")]
    assert "stale" in values
    # The stale filter: every other box cleared, as a shared address gives it.
    page = browser.current_url
    browser.get(page + "?skip=" + ",".join(v for v in values if v != "stale"))
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    listed = shown(browser)
    assert [status for status, _ in listed] == ["stale"], listed
    text = listed[0][1]
    assert "zh/intro.md:3" in text and "(2024-02-01)" in text and "(2024-01-01)" in text, text
    assert "[-hello-] {+goodbye+}" in text, text
    # Its toggle opens on the English's word diff.
    gap = browser.find_element(By.CSS_SELECTOR, "section.review-chapter li[data-status='stale']")
    fold = gap.find_element(By.CSS_SELECTOR, "details.stale-diff")
    fold.find_element(By.TAG_NAME, "summary").click()
    wait(browser, lambda d: fold.get_attribute("open") is not None)
    assert [fold.find_element(By.TAG_NAME, tag).text for tag in ("del", "ins")] == ["hello", "goodbye"]
    # The overview's stale column counts it.
    cell = browser.find_element(By.CSS_SELECTOR, "table.overview tbody td[data-status='stale']")
    assert cell.text == "1"

    # Its link leads to the side-by-side row, whose toggle opens on the English's word diff.
    link = browser.find_element(By.CSS_SELECTOR, "section.review-chapter li[data-status='stale'] a")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait(browser, lambda d: "bilingual/" in d.current_url)
    row = browser.find_element(By.CSS_SELECTOR, "section.bead.status-stale")
    toggle = row.find_element(By.CSS_SELECTOR, "details.stale-diff")
    assert toggle.get_attribute("open") is None
    summary = toggle.find_element(By.TAG_NAME, "summary")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    wait(browser, lambda d: toggle.get_attribute("open") is not None)
    assert toggle.find_element(By.TAG_NAME, "del").text == "hello"
    assert toggle.find_element(By.TAG_NAME, "ins").text == "goodbye"
    # Only that row has one.
    assert len(browser.find_elements(By.CSS_SELECTOR, "details.stale-diff")) == 1
