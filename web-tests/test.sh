#!/usr/bin/env bash
# The page of `grundy serve` in Debian's Chromium (playwright-core from npm). Installs Chromium
# with apt-get when it is missing and this runs as root (CI); builds the debug binary if
# `cargo test` has not.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "web tests: Chromium is missing (apt-get install chromium, or set CHROMIUM)" >&2
    exit 1
  fi
fi
[ -n "${GRUNDY_BIN:-}" ] || [ -x ../target/debug/grundy ] || (cd .. && cargo build)
npm ci --no-audit --no-fund --loglevel=error
npm test
