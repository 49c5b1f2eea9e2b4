#!/usr/bin/env bash
# The page of `grundy serve` in Debian's Chromium (playwright-core from npm). Installs Chromium
# with apt-get when it is missing and this runs as root (CI); drives the release binary of the
# main job (`cargo run --release`), built here if stale.
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
if [ -z "${GRUNDY_BIN:-}" ]; then
  (cd .. && cargo build --release --quiet --bin grundy)
  export GRUNDY_BIN="$PWD/../target/release/grundy"
fi
npm ci --no-audit --no-fund --loglevel=error
npm test
