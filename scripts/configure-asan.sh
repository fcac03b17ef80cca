#!/usr/bin/env bash
# Configures build-asan/, the one sanitizer build that scripts/sanitize.sh (the engine, the
# CLI and their tests) and scripts/fuzz.sh (the libFuzzer targets of tests/fuzz) both build
# in: AddressSanitizer and UndefinedBehaviorSanitizer; GUI, bench and Python off.
# With clang and libFuzzer here it is a clang build with the fuzz targets too
# (-DCONTACTLAB_FUZZ=ON), so the engine is compiled once for both; without them a GCC build
# of the tests alone, and fuzz.sh says it cannot fuzz. Prints the compiler it chose.
# Optimized: unoptimized Eigen runs the pile tests over 100x slower than the release build,
# so the stage took most of CI's time. GCC at -O1, as AddressSanitizer's documentation
# advises; clang at -O2, as the fuzz targets always were (it compiles no slower than -O1
# here: contact_sim.cpp 10.9 against 11.3 CPU s). At -O1 with
# ASan, GCC 12 warns "may be used uninitialized" inside libstdc++'s <regex> (std::function
# in _NFA's states, a false positive): that warning is off under GCC; the release build
# keeps it. -g1: line tables only, all a sanitizer report's stack needs; full debug info
# made the build about a quarter slower (four test files under ASan: 110 CPU s with -g, 85
# with -g1).
set -euo pipefail
cd "$(dirname "$0")/.."
werror=OFF; [ -n "${CI:-}" ] && werror=ON
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' \
  >"$probe/probe.cpp"
if clang++ -fsanitize=fuzzer "$probe/probe.cpp" -o "$probe/probe" 2>/dev/null; then
  compiler=(-DCMAKE_CXX_COMPILER=clang++ -DCONTACTLAB_FUZZ=ON)
  flags="-O2 -g1"
  chosen=clang++
else
  compiler=(-DCMAKE_CXX_COMPILER=g++ -DCONTACTLAB_FUZZ=OFF)
  flags="-O1 -g1 -Wno-maybe-uninitialized"
  chosen=g++
fi
# A tree configured with the other compiler is configured afresh (CMake keeps a compiler).
if [ -f build-asan/CMakeCache.txt ] &&
  ! grep -q "^CMAKE_CXX_COMPILER:.*=.*$chosen\$" build-asan/CMakeCache.txt; then
  rm -rf build-asan
fi
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug "${compiler[@]}" \
  -DCMAKE_CXX_FLAGS_DEBUG="$flags" -DCONTACTLAB_GUI=OFF -DCONTACTLAB_BENCH=OFF \
  -DCONTACTLAB_PYTHON=OFF -DCONTACTLAB_SANITIZE=ON -DCONTACTLAB_WERROR="$werror" >/dev/null
echo "$chosen"
