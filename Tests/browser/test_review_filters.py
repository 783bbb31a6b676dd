"""The dashboard in Chinese (review.lang / build --lang) with its legend, and its filters kept
in the address: a link shares the view, back and forward step through the filters."""

import subprocess
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, _guide_bin, open_page, set_viewport, wait


@pytest.fixture(scope="session")
def zh_site(tmp_path_factory):
    """The repo's content/ built with the review pages in Chinese (no snippet check: quicker)."""
    out = tmp_path_factory.mktemp("review-zh") / "site"
    subprocess.run([str(_guide_bin()), "build", "--no-check", "--lang", "zh", "--content", str(REPO / "content"),
                    "--templates", str(REPO / "templates"), "-o", str(out)], check=True, capture_output=True, text=True)
    return out


def shown(driver):
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('section.review-chapter li[data-status]'))
            .filter(li => li.checkVisibility()).map(li => li.dataset.status);""")


def boxes(driver):
    return {box.get_attribute("value"): box.is_selected()
            for box in driver.find_elements(By.CSS_SELECTOR, "form.review-filters input[name=status]")}


def query(driver):
    return urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)


def click(driver, value):
    box = driver.find_element(By.CSS_SELECTOR, f"form.review-filters input[value='{value}']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()


def test_the_chinese_dashboard_has_a_legend(browser, zh_site, screenshots_dir):
    set_viewport(browser, 1400, 900)
    open_page(browser, zh_site, "review/index.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "翻译审阅"
    assert browser.find_element(By.CSS_SELECTOR, "div.review").get_attribute("lang") == "zh"
    legend = browser.find_element(By.CSS_SELECTOR, "details.review-legend")
    assert legend.find_element(By.TAG_NAME, "h2").text == "各状态的含义"
    rows = {row.get_attribute("data-status"): [cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in legend.find_elements(By.CSS_SELECTOR, "tbody tr")}
    assert rows["missing"] == ["未翻译", "这段英文还没有中文译文。", "翻译这段英文。"]
    assert rows["extra"][0] == "多出的中文" and rows["doubt"][0] == "存疑（【疑问】）"
    assert rows["typography"][2].startswith("运行 guide fix-spacing")   # the command shown as code
    assert legend.find_element(By.CSS_SELECTOR, 'tr[data-status="typography"] code').text == "guide fix-spacing"
    # The page is Chinese as a whole: its language, and the frame's own words.
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert browser.find_element(By.CSS_SELECTOR, ".skip-link").get_attribute("textContent") == "跳到正文"
    assert {"stale", "code-drift", "image-alt", "snippet", "untranslated"} <= rows.keys()
    # Every label the page shows is the Chinese one; the status stays in the badge's title.
    badge = browser.find_element(By.CSS_SELECTOR, "table.overview thead .badge-missing")
    assert badge.text == "未翻译" and badge.get_attribute("title") == "missing"
    headers = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "table.overview thead button")]
    assert headers[:4] == ["章节", "语言", "已译 %", "已确认 %"]
    count = browser.find_element(By.CSS_SELECTOR, ".filter-count").text
    assert count.startswith("显示 1 章中的 ") and count.endswith(" 条问题"), count
    assert browser.find_element(By.CSS_SELECTOR, ".section-count").text.endswith("条问题")
    assert "英文已译" in browser.find_element(By.CSS_SELECTOR, ".progress-text").text
    browser.save_screenshot(str(screenshots_dir / "review-zh-legend.png"))


def test_the_filters_are_in_the_address_and_back_and_forward_step_through_them(browser, zh_site):
    set_viewport(browser, 1400, 900)
    page = open_page(browser, zh_site, "review/index.html")
    everything = shown(browser)
    assert "doubt" in everything and not query(browser)

    click(browser, "doubt")
    assert query(browser) == {"skip": ["doubt"]} and "doubt" not in shown(browser)
    click(browser, "reader")
    assert query(browser) == {"skip": ["doubt,reader"]}
    select = browser.find_element(By.CSS_SELECTOR, "form.review-filters select[name=language]")
    select.find_element(By.CSS_SELECTOR, "option[value='zh']").click()
    assert query(browser) == {"skip": ["doubt,reader"], "language": ["zh"]}
    filtered = shown(browser)
    assert filtered and not {"doubt", "reader"} & set(filtered)

    shared = browser.current_url

    # Back steps to the view before each change; forward comes back.
    browser.back()
    wait(browser, lambda d: query(d) == {"skip": ["doubt,reader"]})
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "select[name=language]").get_attribute("value") == "")
    browser.back()
    wait(browser, lambda d: query(d) == {"skip": ["doubt"]} and boxes(d)["reader"] is True)
    browser.back()
    wait(browser, lambda d: not query(d) and boxes(d)["doubt"] is True)
    assert shown(browser) == everything
    browser.forward()
    wait(browser, lambda d: boxes(d)["doubt"] is False and "doubt" not in shown(d))

    # A link shares the view: the address opened afresh shows the same findings.
    browser.get("about:blank")
    browser.get(shared)
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    assert boxes(browser)["doubt"] is False and boxes(browser)["reader"] is False and boxes(browser)["typography"] is True
    assert browser.find_element(By.CSS_SELECTOR, "select[name=language]").get_attribute("value") == "zh"
    assert shown(browser) == filtered

    # An address naming a chapter the page does not have shows everything (no empty page).
    open_page(browser, zh_site, "review/index.html")
    browser.get(page + "?chapter=gone&skip=typography")
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    assert browser.find_element(By.CSS_SELECTOR, "select[name=chapter]").get_attribute("value") == ""
    assert boxes(browser)["typography"] is False
