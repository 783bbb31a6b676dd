#!/usr/bin/env bash
# One command on a fresh machine: install what is missing, build guide (release), build site/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
ensure_packages "${GUIDE_BUILD_PACKAGES[@]}"
swift build -c release
"$(swift build -c release --show-bin-path)/guide" build
