#!/usr/bin/env bash
# The Python package's tests, as a user would meet it: a fresh virtual environment,
# `pip install ./python` (maturin builds the binding from source), then pytest on the
# installed package. The tests compare with the command line, which they find in target/
# (built here if missing). Usage, from anywhere: bash python/test.sh [pytest options]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(mktemp -d)/venv
trap 'rm -rf "$(dirname "$venv")"' EXIT
python3 -m venv "$venv"
# cgt-py (cgt-tools on PyPI): the independent cross-check of the partizan engine
# the binding is built in the workspace's target folder, so it reuses the release build of the
# dependencies it shares with the command line (the main job's `cargo run --release`)
CARGO_TARGET_DIR="$PWD/target" "$venv/bin/pip" install --quiet --disable-pip-version-check \
  pytest cgt-py==0.11.0 anywidget ./python
# (re)built when stale: the tests compare with this binary, the release one of the main job
cargo build --release --quiet --bin grundy
export GRUNDY_BIN="${GRUNDY_BIN:-$PWD/target/release/grundy}"
# run from the tests' folder, so that `import grundy` is the installed package; the Python
# examples of the README and of the guide's Python chapter run as doctests
cd python/tests
"$venv/bin/python" -m pytest -q --doctest-glob='*.md' . ../../README.md ../../docs/python.md "$@"
