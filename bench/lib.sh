# Shared by the benchmark scripts. Source it from the repository's root (each script first does
# `cd "$(dirname "$0")/.."`), then call `bench_page NAME "$@"`: the script runs again inside,
# its output shown as it comes and kept; when it succeeds, its table replaces its block of the
# benchmark page (docs/benchmarks.md, between `<!-- bench:KEY -->` and `<!-- /bench:KEY -->`,
# KEY being NAME and the script's arguments, so that each command has its block) with the
# date, the machine and the command. NO_PAGE=1 leaves the page alone (a trial run, another
# build timed).

bench_page() {
  local name=$1
  shift
  name+="${*:+ $*}"
  if [ -n "${BENCH_PAGE_INNER:-}" ]; then
    return 0
  fi
  local script log rc
  script=bench/$(basename "$0")
  log=$(mktemp)
  set +e
  BENCH_PAGE_INNER=1 bash "$script" "$@" | tee "$log"
  rc=${PIPESTATUS[0]}
  if [ "$rc" -eq 0 ] && [ -z "${NO_PAGE:-}" ]; then
    # a page that cannot be written fails the run (the measurement is still shown above)
    python3 bench/page.py "$name" "$log" "$(bench_command "$script" "$@")" || rc=$?
  fi
  rm -f "$log"
  exit "$rc"
}

# The command as a user would type it again: the settings the script reads from the
# environment (upper-case names it mentions that are set), then `bash SCRIPT ARGS`.
bench_command() {
  local script=$1 env="" var
  shift
  for var in $(grep -o '\${[A-Z_][A-Z_]*:' "$script" | tr -d '${:' | sort -u); do
    if [ -n "${!var:-}" ] && [ "$var" != BENCH_PAGE_INNER ]; then
      env+="$var=${!var} "
    fi
  done
  echo "${env}bash $script${*:+ $*}"
}

# Builds MCGS v1.5 (the University of Alberta's solver for sums, MIT; built, never copied)
# from PEERS/mcgs (default ../shared/peers) into DIR/MCGS, on two cores (MCGS=path copies a
# build made before instead).
build_mcgs() {
  local dir=$1 peers
  # MCGS=path: a build made before (by this function), copied instead of built again
  if [ -n "${MCGS:-}" ]; then
    cp "$MCGS" "$dir/MCGS"
    return
  fi
  peers=$(cd "${PEERS:-../shared/peers}" && pwd)
  mkdir -p "$dir/o"
  ls "$peers"/mcgs/src/*.cpp "$peers"/mcgs/src/main/*.cpp | xargs -P 2 -I{} sh -c \
    'f={}; g++ -std=c++17 -O3 -march=native -DNDEBUG -DMCGS_CMAKE_BUILD -I "$1/mcgs/src" -w -c "$f" -o "$2/o/$(basename "$(dirname "$f")")_$(basename "$f").o"' \
    _ "$peers" "$dir"
  g++ -pthread "$dir"/o/*.o -o "$dir/MCGS"
}
