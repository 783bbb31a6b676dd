"""Books kept as their maintainers keep them, after `guide init` and `guide build` with no hand
edit: a GitBook whose Chinese edition splits a chapter into section files in a subfolder, and a
README.md beside README-zh.md cut into chapters, with GitHub-style Chinese anchors, pictures
relative to each file, front matter and an allow-listed raw-HTML diagram. On every English,
Chinese and side-by-side page no picture is broken and no in-page link is dead.
"""

import base64
import pathlib
import subprocess
import textwrap

import pytest

from conftest import _guide_bin, open_page

# A one-pixel PNG: a picture that loads.
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

GITBOOK = {
    "en/SUMMARY.md": "* [Start](01-start.md)\n* [Classes](02-classes.md)\n",
    "en/README.md": "# The Book\n\nRead [Classes](02-classes.md#equality).\n",
    "en/01-start.md": "# Start\n\n![logo](images/logo.png)\n\nSee [the next chapter](02-classes.md).\n",
    "en/02-classes.md": """\
        # Classes

        Classes hold state. Jump to [Equality](#equality).

        ## Properties

        Properties are declared in the interface.

        ![diagram](images/logo.png)

        ## Equality

        Equality compares two objects.
        """,
    "zh/SUMMARY.md": """\
        * [开始](Chapter01/01-start.md)
        * [类](Chapter02/01-classes.md)
          * [属性](Chapter02/02-properties.md)
          * [相等性](Chapter02/03-equality.md)
        """,
    "zh/README.md": "# 这本书\n\n请读[类](Chapter02/01-classes.md)。\n",
    "zh/Chapter01/01-start.md": "# 开始\n\n![标志](../images/logo.png)\n\n稍后见[下一章](../Chapter02/01-classes.md)。\n",
    "zh/Chapter02/01-classes.md": "# 类\n\n类保存状态。跳到[相等性](#相等性)或[属性](02-properties.md)。\n",
    "zh/Chapter02/02-properties.md": "## 属性\n\n属性在接口中声明。\n\n![图](../images/logo.png)\n",
    "zh/Chapter02/03-equality.md": "## 相等性\n\n相等性比较两个对象。\n",
}

README = {
    "README.md": """\
        # Tool

        <p align="center"><img src="docs/shot.png" width="40" alt="screenshot"></p>

        A tool. [中文](README-zh.md) · [Install](#install) · [Usage](#usage)

        ## Install

        Run the installer. ![shot](docs/shot.png)

        ## Usage

        Call the tool, then read [Install](#install) again.
        """,
    "README-zh.md": """\
        # 工具

        <p align="center"><img src="docs/shot.png" width="40" alt="截图"></p>

        一个工具。[English](README.md) · [安装](#安装) · [用法](#用法)

        ## 安装

        运行安装程序。![截图](docs/shot.png)

        ## 用法

        调用这个工具，再读一遍[安装](#安装)。
        """,
}


def _kept_book(root, files, pictures):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    for name in pictures:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(PIXEL)
    for command in (["init"], ["build", "--no-check"]):
        done = subprocess.run([str(_guide_bin())] + command, cwd=root, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    return root / "site"


@pytest.fixture(scope="module")
def kept_sites(tmp_path_factory):
    return {
        "gitbook": _kept_book(tmp_path_factory.mktemp("gitbook"), GITBOOK, ["en/images/logo.png", "zh/images/logo.png"]),
        "readme": _kept_book(tmp_path_factory.mktemp("readme"), README, ["docs/shot.png"]),
    }


# What the page shows that does not work: pictures that did not load, links to an id the page has not.
BROKEN = """
const broken = [...document.images].filter(i => i.closest('main') && (!i.complete || i.naturalWidth === 0)).map(i => i.getAttribute('src'));
const dead = [...document.querySelectorAll('main a[href^="#"]')]
  .map(a => decodeURIComponent(a.getAttribute('href').slice(1)))
  .filter(id => id && !document.getElementById(id));
return {broken, dead};
"""

PAGES = {
    "gitbook": ["en/README.html", "zh/README.html", "en/01-start.html", "zh/01-start.html",
                "en/02-classes.html", "zh/02-classes.html", "bilingual/01-start.html", "bilingual/02-classes.html"],
    "readme": ["en/README.html", "zh/README.html", "en/install.html", "zh/install.html", "zh/usage.html",
               "bilingual/README.html", "bilingual/install.html", "bilingual/usage.html"],
}


@pytest.mark.parametrize("book,page", [(book, page) for book, pages in PAGES.items() for page in pages])
def test_no_broken_picture_and_no_dead_in_page_link(browser, kept_sites, book, page):
    site = kept_sites[book]
    assert (site / page).exists(), f"{book}: no {page}"
    open_page(browser, site, page)
    found = browser.execute_script(BROKEN)
    assert found["broken"] == [], f"{book} {page}: broken pictures {found['broken']}"
    assert found["dead"] == [], f"{book} {page}: dead in-page links {found['dead']}"


def test_a_readmes_table_of_contents_leads_to_the_page_holding_the_heading(browser, kept_sites):
    site = kept_sites["readme"]
    open_page(browser, site, "zh/README.html")
    link = browser.execute_script("return [...document.querySelectorAll('main a')].find(a => a.textContent === '用法').getAttribute('href')")
    assert link.startswith("usage.html#"), link
    open_page(browser, site, "zh/" + link)
    assert browser.execute_script(f"return document.getElementById(decodeURIComponent('{link.split('#')[1]}')) !== null")


def test_a_split_chapter_shows_every_section_and_its_picture(browser, kept_sites):
    site = kept_sites["gitbook"]
    open_page(browser, site, "zh/02-classes.html")
    text = browser.execute_script("return document.querySelector('main').innerText")
    for words in ("类保存状态", "属性在接口中声明", "相等性比较两个对象"):
        assert words in text
    assert browser.execute_script("return [...document.querySelectorAll('main img')].every(i => i.naturalWidth > 0)")
