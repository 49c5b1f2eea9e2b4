#!/usr/bin/env bash
# Issue 22's sweep: the misère quotient of every octal code 0.abc (511 codes) to heap 8 with
# the default limits, each checked against misère outcomes searched from the definition on
# random sums; prints how many have a quotient and the largest. (cargo test runs every ninth
# code with a small state budget.)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page quotient-sweep "$@"
cargo test --release --quiet --test misere quotient_sweep_of_every_code -- --ignored --nocapture 2>&1 \
    | grep -E "quotient sweep|panicked|test result"
