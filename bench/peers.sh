#!/usr/bin/env bash
# Installs the public peers from the registries (pip: igraph, scipy, numpy; Debian: liblemon-dev
# and g++), builds grundy and a small LEMON driver, generates the inputs, and prints the
# side-by-side times. Usage: bash bench/peers.sh [--small]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page matching-peers "$@"
pip install --quiet igraph scipy numpy
if ! [ -f /usr/include/lemon/matching.h ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq liblemon-dev g++
fi
g++ -O2 -o bench/lemon_matching bench/lemon_matching.cpp
cargo build --release --quiet --bin grundy --example hanafuda
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 bench/gen.py "$dir" "$@"
python3 bench/peers.py "$dir"
