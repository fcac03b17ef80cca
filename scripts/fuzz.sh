#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan/ (scripts/configure-asan.sh: the tree
# scripts/sanitize.sh builds its tests in, so after it nothing is compiled again), and runs
# each for SECONDS seconds (default 60) from its seeds (the example scenes, tests/fuzz/seeds:
# scene/ holds inputs fuzzing once found failing, kept as regressions) with the format's
# dictionary. A crash, a sanitizer report, an input slower than 10 s or over 2 GB fails the run and
# leaves the input in build-asan/findings/. Needs clang and libFuzzer (Debian 12: clang-14
# and libclang-rt-14-dev); without them it says so and does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
if [ "$(bash scripts/configure-asan.sh)" != clang++ ]; then
  echo "fuzz: no clang++ with libFuzzer here: fuzz targets not built" \
    "(apt install clang libclang-rt-14-dev)"
  exit 0
fi
cmake --build build-asan -j"$(nproc)" --target fuzz_targets
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
rm -rf build-asan/findings  # this run's findings only
mkdir -p build-asan/findings
run() {  # target, dictionary, seed directories...
  local target=$1 dict=$2
  shift 2
  local corpus="build-asan/corpus/$target"
  mkdir -p "$corpus"
  echo "fuzz: $target for ${seconds} s"
  "build-asan/tests/fuzz/$target" "$corpus" "$@" -dict="$dict" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="build-asan/findings/$target-" 2>&1 | grep -E "^(stat::|#.*DONE|==|SUMMARY)" || true
  # libFuzzer's own exit status is lost in the pipe: a finding leaves an artifact.
  if compgen -G "build-asan/findings/$target-*" >/dev/null; then
    echo "fuzz: $target found an input that fails: $(ls build-asan/findings/$target-*)" >&2
    return 1
  fi
}
# The targets run side by side, one per core (each still has a core for its SECONDS; a
# libFuzzer run is one thread), their reports printed whole in order as each batch ends.
status=0
pids=()
logs=()
finish() {
  local i
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || status=1
    cat "${logs[$i]}"
    rm -f "${logs[$i]}"
  done
  pids=()
  logs=()
}
start() {  # the arguments of run
  local log
  log=$(mktemp)
  run "$@" >"$log" 2>&1 &
  pids+=($!)
  logs+=("$log")
  [ ${#pids[@]} -lt "$(nproc)" ] || finish
}
start fuzz_scene_step tests/fuzz/scene.dict resources/scenes tests/fuzz/seeds/scene
start fuzz_scene_roundtrip tests/fuzz/scene.dict resources/scenes tests/fuzz/seeds/scene
start fuzz_lcp_solve tests/fuzz/lcp.dict tests/fuzz/seeds/lcp tests/data/lcp tests/data/lcp/siconos \
  tests/data/lcp/others
start fuzz_state_read tests/fuzz/lcp.dict tests/fuzz/seeds/state
start fuzz_recording_read tests/fuzz/scene.dict tests/fuzz/seeds/recording
finish
exit $status
