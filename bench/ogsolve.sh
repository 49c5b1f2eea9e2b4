#!/usr/bin/env bash
# Installs ogsolve from crates.io (into bench/.ogsolve), builds grundy, and prints the
# agreement and speed comparison of bench/ogsolve.py. Usage: bash bench/ogsolve.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page ogsolve "$@"
cargo install --quiet --locked --root bench/.ogsolve ogsolve
cargo build --release --quiet --bin grundy
python3 bench/ogsolve.py bench/.ogsolve/bin/ogsolve "$@"
