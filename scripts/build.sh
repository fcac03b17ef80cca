#!/usr/bin/env bash
# Configures and builds ContactLab in build/ (extra arguments go to cmake's configure step).
# Under CI (the CI variable set and not empty) compiler warnings are errors, and the build
# keeps line tables only (-g1, a failure's stack is all CI reads): full debug info made the
# release build's files about 30% slower to compile (contact_sim.cpp 10.3 against 7.2 CPU s,
# a test file 7.6 against 5.7).
set -euo pipefail
cd "$(dirname "$0")/.."
werror=OFF
debug=()
if [ -n "${CI:-}" ]; then
  werror=ON
  debug=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG")
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCONTACTLAB_WERROR="$werror" "${debug[@]}" "$@"
cmake --build build -j"$(nproc)"
