# Shared by test-browser.sh and check-layout-book.sh: headless Chromium and the Python packages
# of the browser tests. Usage: ensure_browser_env; then "$venv/bin/python" runs them.
# Needs scripts/lib/packages.sh sourced first; run from the checkout's root.
ensure_browser_env() {
  # Debian: the browser, its WebDriver, CJK fonts; python3-venv for the virtual environment.
  # poppler-utils: pdftoppm, for the pages of a printed PDF.
  ensure_packages "${GUIDE_BUILD_PACKAGES[@]}" "${GUIDE_BROWSER_PACKAGES[@]}"

  # PyPI, into .build-browser/venv (git-ignored). pytest comes from the system's Python.
  # axe-selenium-python 3 bundles axe-core 4.10 (2.x bundles axe-core 3.1, whose contrast rule
  # crashes in current Chromium). It declares Python >= 3.12 but is plain Python that runs on
  # 3.11 (Debian 12's), so it is installed on its own, without that check.
  state=.build-browser
  venv=$state/venv
  local requirements="selenium>=4.20,<5 axe-selenium-python==3.0.0"
  if [ ! -x "$venv/bin/python" ] || [ "$(cat "$state/requirements" 2>/dev/null)" != "$requirements" ]; then
    rm -rf "$venv"
    mkdir -p "$state"
    python3 -m venv --system-site-packages "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "selenium>=4.20,<5"
    "$venv/bin/pip" install -q --disable-pip-version-check --no-deps --ignore-requires-python "axe-selenium-python==3.0.0"
    "$venv/bin/python" -c "import pytest" 2>/dev/null || "$venv/bin/pip" install -q --disable-pip-version-check pytest
    echo "$requirements" > "$state/requirements"
  fi
  "$venv/bin/python" -c "import selenium, pytest, axe_selenium_python" \
    || { echo "error: the browser test's Python packages did not install" >&2; return 1; }
}
