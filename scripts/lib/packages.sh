# Shared by the set-up and test scripts: install Debian packages that are missing.
# Usage: ensure_packages NAME...
ensure_packages() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  ((${#missing[@]})) || return 0
  echo "Installing system packages: ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# What building and testing guide needs from Debian.
GUIDE_BUILD_PACKAGES=(libcmark-dev cmark pkg-config curl libclang-dev)
# guide check: PCRE2 for the regular expressions of snippet annotations (matched under a step budget).
GUIDE_BUILD_PACKAGES+=(libpcre2-dev)
# guide check: GNUstep's Foundation headers (brings gcc's Objective-C runtime headers, libobjc-*-dev).
GUIDE_BUILD_PACKAGES+=(libgnustep-base-dev)
# guide check: clang compiles snippets in a bubblewrap sandbox (namespaces, no root needed).
GUIDE_BUILD_PACKAGES+=(bubblewrap)
# Cache keys and seals: XXH3 (libxxhash); the accept ledgers' content hashes: SHA-256 (OpenSSL's libcrypto).
GUIDE_BUILD_PACKAGES+=(libxxhash-dev libssl-dev)
# The release binary links Foundation's static parts (Package.swift): FoundationXML's wants libxml2;
# GuideParse's raw HTML sanitizer (CLibxml2) parses with its HTML parser.
GUIDE_BUILD_PACKAGES+=(libxml2-dev)
# Tests: gettext's msgfmt, msgcat, msgfilter and msgattrib read and edit what guide export po writes.
GUIDE_BUILD_PACKAGES+=(gettext)
# The browser tests (scripts/test-browser.sh): headless Chromium, its driver, CJK fonts, pytest's
# venv, and poppler-utils (pdftoppm, pdftotext) for the printed PDF.
GUIDE_BROWSER_PACKAGES=(chromium chromium-driver fonts-noto-cjk python3-venv poppler-utils)
