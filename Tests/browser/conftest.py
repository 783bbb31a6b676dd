"""Shared set-up of the browser tests: the built sites, headless Chromium, small helpers.

Run through scripts/test-browser.sh, which installs Chromium and the Python packages,
builds guide and the repo's site, and sets:

  GUIDE_BIN          the guide binary (builds the two-chapter fixture book)
  GUIDE_SITE         the site built from the repo's content/ (a temporary folder)
  GUIDE_SCREENSHOTS  where the screenshots go (.build-browser/screenshots)
"""

import os
import pathlib
import subprocess
import textwrap

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
CHAPTER = "inter-object-communication"


def _guide_bin():
    return pathlib.Path(os.environ.get("GUIDE_BIN", REPO / ".build" / "debug" / "guide"))


def write_book(content, files, dedent=lambda name: True):
    """Writes each file of `files` (path under `content` → text), its text dedented where `dedent(path)`."""
    for name, text in files.items():
        path = content / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text) if dedent(name) else text, encoding="utf-8")


def _build(content, out):
    subprocess.run(
        [str(_guide_bin()), "build", "--content", str(content), "--templates", str(REPO / "templates"), "-o", str(out)],
        check=True, capture_output=True, text=True)
    return out


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The site of the repo's content/, never the committed site/."""
    given = os.environ.get("GUIDE_SITE")
    if given:
        return pathlib.Path(given)
    return _build(REPO / "content", tmp_path_factory.mktemp("repo") / "site")


# A two-chapter book, so that previous/next links and cross-chapter search can be checked.
FIXTURE = {
    "guide.yml": """\
        title:
          en: "Fixture Book"
          zh: "测试之书"
        languages: [en, zh]
        source: en
        """,
    "en/SUMMARY.md": """\
        # Summary

        * [Delegates](delegates.md)
        * [Queues](queues.md)
        """,
    "zh/SUMMARY.md": """\
        # Summary

        * [委托](delegates.md)
        * [队列](queues.md)
        """,
    "en/delegates.md": """\
        # Delegates

        A delegate receives messages from the object it serves.

        ## Protocols

        Declare the delegate's methods in a protocol. See [queues](queues.md#serial-queues).
        """,
    "zh/delegates.md": """\
        # 委托

        委托对象接收它所服务的对象发来的消息。

        ## 协议

        在协议中声明委托的方法。参见[队列](queues.md#serial-queues)。
        """,
    "en/queues.md": """\
        # Queues

        A semaphore limits how many blocks run on a queue at once.

        ## Serial queues

        A serial queue runs one block at a time.
        """,
    "zh/queues.md": """\
        # 队列

        信号量限制同一时间在队列上运行的代码块数量。

        ## 串行队列

        串行队列一次只运行一个代码块。
        """,
}


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("fixture")
    content = root / "content"
    write_book(content, FIXTURE)
    return _build(content, root / "site")


@pytest.fixture(scope="session")
def screenshots_dir():
    path = pathlib.Path(os.environ.get("GUIDE_SCREENSHOTS", REPO / ".build-browser" / "screenshots"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def start_chromium():
    """Headless Chromium through chromedriver (also used by scripts/check-layout-book.sh)."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900", "--hide-scrollbars", "--force-color-profile=srgb",
                "--lang=en-US", "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    return driver


@pytest.fixture(scope="session")
def _chromium():
    driver = start_chromium()
    yield driver
    driver.quit()


@pytest.fixture
def browser(_chromium):
    """The session's Chromium, at desktop size in light mode; emulation is undone after each test."""
    yield _chromium
    _chromium.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    _chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def open_page(driver, site_root, relative):
    """Load a page of a built site through file:// (relative may carry a #fragment)."""
    path, _, fragment = relative.partition("#")
    url = (site_root / path).resolve().as_uri() + ("#" + fragment if fragment else "")
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    return url


def wait(driver, condition, timeout=10, message=""):
    return WebDriverWait(driver, timeout).until(condition, message)


def set_viewport(driver, width, height, mobile=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def set_color_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
