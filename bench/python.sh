#!/usr/bin/env bash
# Builds the Python package into a fresh virtual environment and the release command line,
# then prints the timings of bench/python_bench.py. Usage: bash bench/python.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page python "$@"
venv=$(mktemp -d)/venv
trap 'rm -rf "$(dirname "$venv")"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check ./python
cargo build --release --quiet --bin grundy
cd bench && "$venv/bin/python" python_bench.py ../target/release/grundy
