#!/usr/bin/env bash
# The server soaked for a minute (tests/soak.rs): 16 clients, light questions mixed with heavy
# ones at a time budget of 2 s and a memory budget of 1 GiB; prints the light questions' p50
# and p99 while the workers are busy, the heavy ones answered 503, the peak resident memory.
# Usage: bash bench/soak.sh [SECONDS]   (60 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page soak "$@"
GRUNDY_SOAK_SECONDS="${1:-60}" cargo test --release --locked --test soak -- --ignored --nocapture 2>&1 |
  grep -E "^soak of|test result"
